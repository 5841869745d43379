"""A faster ``ast.walk`` for the converter's many small walks.

    for sub in walk(node): ...     # every node under ``node``, itself included

``ast.walk`` goes through ``iter_child_nodes`` and ``iter_fields``, two generators per node, and
the converter walks each function a dozen times while converting it: this plain loop over
``_fields`` costs about a third as much. It gives the nodes in ``ast.walk``'s order (breadth
first, fields in order), though its callers collect sets, counts or an any/all answer.
"""

from __future__ import annotations

import ast
import re

_AST = ast.AST


def walk(node: ast.AST) -> list[ast.AST]:
    """``node`` and every node below it, in ``ast.walk``'s order (as many times as ``ast.walk`` gives
    each: a parsed tree shares one ``ast.Load()`` among its nodes)."""
    # The list is its own work queue (no stack to push and pop), and a field read through the
    # ASDL table holds a node, None, or a list of nodes and Nones: no isinstance per value.
    out = [node]
    add, extend = out.append, out.extend
    fields_of = _NODE_FIELDS
    for current in out:
        cls = current.__class__
        fields = fields_of.get(cls)
        if fields is None:
            if cls in _UNTYPED_FIELDS or _node_fields(cls) is not fields_of.get(cls):
                extend(_untyped_children(current))  # no ASDL signature: its fields may hold anything
                continue
            fields = fields_of[cls]
        for field in fields:
            value = getattr(current, field, None)
            if value is None:
                continue
            if value.__class__ is list:
                extend([item for item in value if item is not None] if None in value else value)
            else:
                add(value)
    return out


def children(node: ast.AST) -> list[ast.AST]:
    """The nodes directly below ``node``: ``ast.iter_child_nodes`` as a list, at about half its cost."""
    cls = node.__class__
    fields = _NODE_FIELDS.get(cls)
    if fields is None:
        return _untyped_children(node)
    out: list[ast.AST] = []
    for field in fields:  # (as in walk: a node, None, or a list of nodes and Nones)
        value = getattr(node, field, None)
        if value is None:
            continue
        if value.__class__ is list:
            out += [item for item in value if item is not None] if None in value else value
        else:
            out.append(value)
    return out


def _untyped_children(node: ast.AST) -> list[ast.AST]:
    """``children`` of a node whose fields are not known to hold only nodes: each value checked."""
    cls = node.__class__
    if cls not in _UNTYPED_FIELDS and _node_fields(cls) is _NODE_FIELDS.get(cls):
        return children(node)  # its class had not been seen: it has an ASDL signature after all
    out = []
    for field in _UNTYPED_FIELDS[cls]:
        value = getattr(node, field, None)
        if value.__class__ is list:
            out += [item for item in value if isinstance(item, _AST)]
        elif isinstance(value, _AST):
            out.append(value)
    return out


# The ASDL types of fields that never hold a node: names, strings, constants, flags.
_PLAIN_TYPES = frozenset({"identifier", "string", "constant", "int"})
_NODE_FIELDS: dict[type, tuple[str, ...]] = {}  # node class -> the fields that may hold nodes
_UNTYPED_FIELDS: dict[type, tuple[str, ...]] = {}  # the same for classes without an ASDL signature
# For walks written out in other modules (one call less per node than ``children``): a class found
# here has fields that hold a node, None, or a list of nodes and Nones; for any other, ``children``.
TYPED_FIELDS = _NODE_FIELDS


def _node_fields(cls: type) -> tuple[str, ...]:
    """The fields of ``cls`` that may hold nodes, read from the ASDL signature CPython writes as the
    class's docstring (``Name(identifier id, expr_context ctx)``): skipping ``Name.id``,
    ``Constant.value`` & co. saves a third of a walk. A class without such a docstring (another
    Python, a user's subclass) keeps all its fields, and goes into ``_UNTYPED_FIELDS`` instead:
    its fields may hold anything, which ``walk`` then checks value by value."""
    fields = tuple(cls._fields)
    if not fields:  # Load, Add, Not, ...: nothing below them, whatever their docstring says
        _NODE_FIELDS[cls] = fields
        return fields
    match = re.fullmatch(r"\s*(\w+)\((.*)\)\s*", cls.__doc__ or "", re.DOTALL)
    if match and match.group(1) == cls.__name__:
        types = dict(reversed(part.split()) for part in match.group(2).split(",") if len(part.split()) == 2)
        if set(types) == set(fields):
            fields = tuple(f for f in fields if types[f].rstrip("?*") not in _PLAIN_TYPES)
            _NODE_FIELDS[cls] = fields
            return fields
    _UNTYPED_FIELDS[cls] = fields
    return fields


def node_fields(cls: type) -> tuple[str, ...]:
    """The fields of a node class that may hold nodes (its ``_fields`` less names and constants)."""
    fields = _NODE_FIELDS.get(cls)
    if fields is None:
        fields = _UNTYPED_FIELDS.get(cls)
        if fields is None:
            fields = _node_fields(cls)
    return fields


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
