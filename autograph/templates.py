"""Generated code written as Python source, with strict placeholders.

    replace('''
        def NAME():
            BODY
    ''', NAME='if_body', BODY=statements)

Placeholders are the UPPERCASE identifiers of the template. A value may be a
string (an identifier: renames names, function names and arguments), an
expression node, or a list of statements (for a placeholder that stands alone
as a statement). Every placeholder must be filled and every value used;
otherwise ``replace`` raises. Templates are parsed once, and made into a function that
builds their nodes (``template_code``).
"""

from __future__ import annotations

import ast
import functools
import textwrap
from typing import Union

from autograph import template_code
from autograph.analysis.walk import children

Value = Union[str, ast.expr, list]

_POSITIONS = ("lineno", "col_offset", "end_lineno", "end_col_offset")


@functools.cache
def _parse(template: str) -> tuple[ast.stmt, ...]:
    body = ast.parse(textwrap.dedent(template)).body
    for node in ast.walk(ast.Module(body=body, type_ignores=[])):
        for attribute in _POSITIONS:
            if attribute in node.__dict__:
                delattr(node, attribute)
    return tuple(body)


@functools.cache
def _builder(template: str) -> tuple[template_code.Builder, frozenset]:
    return template_code.builder(_parse(template))


def replace(template: str, at: ast.AST | None = None, **values: Value) -> list[ast.stmt]:
    """The template's statements with every placeholder filled; with ``at``, placed there as
    ``copy_location(result, at)`` would place them (the template's nodes are made with the
    positions, and only the values put in are walked)."""
    build, placeholders = _builder(template)
    if values.keys() != placeholders:
        missing = placeholders - values.keys()
        if missing:
            raise KeyError(f"template placeholder {min(missing)} was not filled")
        raise KeyError(f"template values not used: {sorted(values.keys() - placeholders)}")
    if at is None or not hasattr(at, "lineno"):
        return build(values, _NO_POSITIONS)
    place = positions(at)
    result = build(values, place)
    for value in values.values():
        if isinstance(value, ast.AST):
            if "lineno" not in value.__dict__:  # (most are the user's nodes, positioned already)
                _place([value], place)
        elif isinstance(value, list):
            _place([item for item in value if isinstance(item, ast.AST)], place)
    return result


_NO_POSITIONS: dict = {}


def positions(origin: ast.AST) -> dict[str, int]:
    """The position ``copy_location`` gives a node it places at ``origin`` (which has one)."""
    line = origin.lineno
    # The span runs to the end of the user's line, so tracebacks underline nothing.
    end = origin.end_col_offset if getattr(origin, "end_lineno", None) == line else _TO_LINE_END
    return {"lineno": line, "col_offset": origin.col_offset, "end_lineno": line, "end_col_offset": end}


def runtime_attribute(attr: str, at: dict[str, int]) -> ast.Attribute:
    """``ag__.attr`` at the position ``at`` (made directly, not from a template: the converters write
    one for every call and test)."""
    name = template_code.make_node(ast.Name, {"id": "ag__", "ctx": _LOAD, **at})
    return template_code.make_node(ast.Attribute, {"value": name, "attr": attr, "ctx": _LOAD, **at})


_LOAD = ast.Load()


def replace_expression(template: str, **values: Value) -> ast.expr:
    (statement,) = replace(template, **values)
    if not isinstance(statement, ast.Expr):
        raise TypeError("the template is not an expression")
    return statement.value


def copy_location(nodes: list[ast.AST] | ast.AST, origin: ast.AST) -> None:
    """Give generated nodes the position of the user's statement they stand for, so that
    tracebacks point at the user's line. Nodes that have a position keep it."""
    if hasattr(origin, "lineno"):
        _place(list(nodes) if isinstance(nodes, list) else [nodes], positions(origin))


def _place(stack: list[ast.AST], place: dict[str, int]) -> None:
    """``copy_location`` of the nodes in ``stack`` (which it uses up) at the position ``place``."""
    pop, extend = stack.pop, stack.extend
    while stack:
        node = pop()
        cls = node.__class__
        positioned = _POSITIONED.get(cls)
        if positioned is None:
            positioned = _POSITIONED[cls] = "lineno" in cls._attributes
        if positioned:
            if "lineno" in node.__dict__:
                continue  # a user's node: it and everything in it have their own positions
            node.__dict__.update(place)  # (an AST node keeps its attributes in its __dict__)
            if cls in _NOTHING_POSITIONED_BELOW:
                continue
        elif not cls._fields:  # Load, Store, operators: nothing below
            continue
        extend(children(node))


_TO_LINE_END = 1 << 12
_POSITIONED: dict[type, bool] = {}  # node class -> whether its nodes have positions (stmt, expr, ...)
# Below a name or a constant there is only a context (Load / Store / Del), which has no position.
_NOTHING_POSITIONED_BELOW = frozenset({ast.Name, ast.Constant})
