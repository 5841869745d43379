"""Generated code written as Python source, with strict placeholders.

    replace('''
        def NAME():
            BODY
    ''', NAME='if_body', BODY=statements)

Placeholders are the UPPERCASE identifiers of the template. A value may be a
string (an identifier: renames names, function names and arguments), an
expression node, or a list of statements (for a placeholder that stands alone
as a statement). Every placeholder must be filled and every value used;
otherwise ``replace`` raises. Templates are parsed once and copied per use.
"""

from __future__ import annotations

import ast
import functools
import textwrap
from typing import Union

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


def _is_placeholder(name: str) -> bool:
    return name.isupper() and not name.startswith("_")


class _Filler:
    """Copies a template tree and fills its placeholders in the same walk (a copy, then an
    ``ast.NodeTransformer`` over it, walked every template twice, at a few times the cost).
    A value put in is not walked or copied: the caller's node goes into the result as it is."""

    def __init__(self, values: dict[str, Value]) -> None:
        self.values = values
        self.used: set[str] = set()

    def _take(self, name: str) -> Value:
        if name not in self.values:
            raise KeyError(f"template placeholder {name} was not filled")
        self.used.add(name)
        return self.values[name]

    def _identifier(self, name: str) -> str:
        if not _is_placeholder(name):
            return name
        value = self._take(name)
        if not isinstance(value, str):
            raise TypeError(f"placeholder {name} stands for a name; got {type(value).__name__}")
        return value

    def fill(self, node: ast.AST) -> ast.AST | list:
        special = _SPECIAL.get(node.__class__)
        if special is not None:
            return special(self, node)
        return self._copy(node)

    def _copy(self, node: ast.AST) -> ast.AST:
        cls = node.__class__
        new = cls.__new__(cls)
        fields = node.__dict__
        for name in cls._fields:
            if name not in fields:
                continue
            value = fields[name]
            if value.__class__ is list:
                items = []
                for item in value:
                    if isinstance(item, ast.AST):
                        item = self.fill(item)
                        if item.__class__ is list:  # a statement placeholder filled with statements
                            items.extend(item)
                            continue
                    items.append(item)
                value = items
            elif isinstance(value, ast.AST):
                value = self.fill(value)
            setattr(new, name, value)
        return new

    def _name(self, node: ast.Name) -> ast.AST:
        if not _is_placeholder(node.id):
            return ast.Name(id=node.id, ctx=node.ctx)
        value = self._take(node.id)
        if isinstance(value, str):
            return ast.Name(id=value, ctx=node.ctx)
        if isinstance(value, ast.expr):
            return value
        raise TypeError(f"placeholder {node.id} stands for an expression; got {type(value).__name__}")

    def _expr(self, node: ast.Expr) -> ast.AST | list:
        inner = node.value
        if inner.__class__ is ast.Name and _is_placeholder(inner.id):
            value = self._take(inner.id)
            if isinstance(value, list):
                return value
            if isinstance(value, ast.stmt):
                return [value]
            return ast.Expr(value=value if isinstance(value, ast.expr) else ast.Name(id=value, ctx=ast.Load()))
        return self._copy(node)

    def _function_def(self, node: ast.FunctionDef) -> ast.AST:
        name = self._identifier(node.name)
        new = self._copy(node)
        new.name = name
        return new

    def _arg(self, node: ast.arg) -> ast.AST:
        new = _clone(node)  # an annotation, if any, is copied as it is
        new.arg = self._identifier(node.arg)
        return new

    def _declaration(self, node: ast.Nonlocal | ast.Global) -> ast.AST:
        names = []
        for name in node.names:
            value = self._take(name) if _is_placeholder(name) else name
            names.extend([value] if isinstance(value, str) else value)
        return node.__class__(names=names)

    def _context(self, node: ast.expr_context) -> ast.AST:
        return node  # Load / Store / Del carry nothing: shared, as in a tree ast.parse made


_SPECIAL = {
    ast.Name: _Filler._name,
    ast.Expr: _Filler._expr,
    ast.FunctionDef: _Filler._function_def,
    ast.arg: _Filler._arg,
    ast.Nonlocal: _Filler._declaration,
    ast.Global: _Filler._declaration,
    ast.Load: _Filler._context,
    ast.Store: _Filler._context,
    ast.Del: _Filler._context,
}


def _clone(node):
    """A copy of a template tree (no positions, no annotations): much faster than deepcopy."""
    if isinstance(node, ast.AST):
        new = node.__class__.__new__(node.__class__)
        for name in node._fields:
            if name in node.__dict__:
                setattr(new, name, _clone(node.__dict__[name]))
        return new
    if isinstance(node, list):
        return [_clone(item) for item in node]
    return node


def replace(template: str, **values: Value) -> list[ast.stmt]:
    """The template's statements with every placeholder filled."""
    filler = _Filler(values)
    result = []
    for statement in _parse(template):
        new = filler.fill(statement)
        result.extend(new if isinstance(new, list) else [new])
    unused = set(values) - filler.used
    if unused:
        raise KeyError(f"template values not used: {sorted(unused)}")
    return result


def replace_expression(template: str, **values: Value) -> ast.expr:
    (statement,) = replace(template, **values)
    if not isinstance(statement, ast.Expr):
        raise TypeError("the template is not an expression")
    return statement.value


def copy_location(nodes: list[ast.AST] | ast.AST, origin: ast.AST) -> None:
    """Give generated nodes the position of the user's statement they stand for, so that
    tracebacks point at the user's line. Nodes that have a position keep it."""
    if not hasattr(origin, "lineno"):
        return
    line = origin.lineno
    column = origin.col_offset
    # The span runs to the end of the user's line, so tracebacks underline nothing.
    end = origin.end_col_offset if getattr(origin, "end_lineno", None) == line else _TO_LINE_END
    stack = list(nodes) if isinstance(nodes, list) else [nodes]
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
            node.lineno = node.end_lineno = line
            node.col_offset = column
            node.end_col_offset = end
            if cls in _NOTHING_POSITIONED_BELOW:
                continue
        elif not cls._fields:  # Load, Store, operators: nothing below
            continue
        extend(children(node))


_TO_LINE_END = 1 << 12
_POSITIONED: dict[type, bool] = {}  # node class -> whether its nodes have positions (stmt, expr, ...)
# Below a name or a constant there is only a context (Load / Store / Del), which has no position.
_NOTHING_POSITIONED_BELOW = frozenset({ast.Name, ast.Constant})
