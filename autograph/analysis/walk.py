"""A faster ``ast.walk`` for the converter's many small walks.

    for sub in walk(node): ...     # every node under ``node``, itself included

``ast.walk`` goes through ``iter_child_nodes`` and ``iter_fields``, two generators per node, and
the converter walks each function a dozen times while converting it: this plain loop over
``_fields`` costs about half as much. The order differs from ``ast.walk`` (depth-first, last child
first), so it serves callers that collect sets, counts or an any/all answer, not an order.
"""

from __future__ import annotations

import ast
import re

_AST = ast.AST


def walk(node: ast.AST) -> list[ast.AST]:
    """``node`` and every node below it, in no particular order (as many times as ``ast.walk`` gives
    each: a parsed tree shares one ``ast.Load()`` among its nodes)."""
    out = [node]
    stack = [node]
    pop, push, add = stack.pop, stack.append, out.append
    fields_of = _NODE_FIELDS
    while stack:
        current = pop()
        cls = current.__class__
        fields = fields_of.get(cls)
        if fields is None:
            fields = _node_fields(cls)
        for field in fields:
            value = getattr(current, field, None)
            if value.__class__ is list:
                for item in value:
                    if isinstance(item, _AST):
                        add(item)
                        push(item)
            elif isinstance(value, _AST):
                add(value)
                push(value)
    return out


def children(node: ast.AST) -> list[ast.AST]:
    """The nodes directly below ``node``: ``ast.iter_child_nodes`` as a list, at about half its cost."""
    out = []
    cls = node.__class__
    fields = _NODE_FIELDS.get(cls)
    if fields is None:
        fields = _node_fields(cls)
    for field in fields:
        value = getattr(node, field, None)
        if value.__class__ is list:
            for item in value:
                if isinstance(item, _AST):
                    out.append(item)
        elif isinstance(value, _AST):
            out.append(value)
    return out


# The ASDL types of fields that never hold a node: names, strings, constants, flags.
_PLAIN_TYPES = frozenset({"identifier", "string", "constant", "int"})
_NODE_FIELDS: dict[type, tuple[str, ...]] = {}  # node class -> the fields that may hold nodes


def _node_fields(cls: type) -> tuple[str, ...]:
    """The fields of ``cls`` that may hold nodes, read from the ASDL signature CPython writes as the
    class's docstring (``Name(identifier id, expr_context ctx)``): skipping ``Name.id``,
    ``Constant.value`` & co. saves a third of a walk. A class without such a docstring (another
    Python, a user's subclass) keeps all its fields."""
    fields = tuple(cls._fields)
    match = re.fullmatch(r"\s*(\w+)\((.*)\)\s*", cls.__doc__ or "", re.DOTALL)
    if match and match.group(1) == cls.__name__:
        types = dict(reversed(part.split()) for part in match.group(2).split(",") if len(part.split()) == 2)
        if set(types) == set(fields):
            fields = tuple(f for f in fields if types[f].rstrip("?*") not in _PLAIN_TYPES)
    _NODE_FIELDS[cls] = fields
    return fields


def node_fields(cls: type) -> tuple[str, ...]:
    """The fields of a node class that may hold nodes (its ``_fields`` less names and constants)."""
    fields = _NODE_FIELDS.get(cls)
    return fields if fields is not None else _node_fields(cls)


_BLOCK_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases"})
_BLOCK_FIELDS_OF: dict[type, tuple[str, ...]] = {}  # node class -> its fields that hold statements


def statement_children(node: ast.AST) -> list[ast.AST]:
    """The statements right inside ``node`` (and the except handlers and match cases that hold
    some), in the order of ``children``: what a walk looking for statements (a ``def``) needs, at a
    fraction of a full walk (expressions never hold statements)."""
    cls = node.__class__
    fields = _BLOCK_FIELDS_OF.get(cls)
    if fields is None:
        fields = _BLOCK_FIELDS_OF[cls] = tuple(f for f in cls._fields if f in _BLOCK_FIELDS)
    out = []
    for field in fields:
        value = getattr(node, field, None)
        if value.__class__ is list:  # a lambda's or an `x if c else y`'s body is one expression
            out += value
    return out


def walk_statements(node: ast.AST) -> list[ast.AST]:
    """Every statement below ``node`` (nested functions' and classes' included; with the except
    handlers and match cases that hold some), in no particular order: ``walk`` for callers that look
    for statements only (a ``del``, a ``def``), skipping the expressions, most of a tree."""
    out: list[ast.AST] = []
    stack = statement_children(node)
    while stack:
        sub = stack.pop()
        out.append(sub)
        stack += statement_children(sub)
    return out
