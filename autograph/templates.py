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


class _Replacer(ast.NodeTransformer):
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

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if not _is_placeholder(node.id):
            return node
        value = self._take(node.id)
        if isinstance(value, str):
            return ast.Name(id=value, ctx=node.ctx)
        if isinstance(value, ast.expr):
            return value
        raise TypeError(f"placeholder {node.id} stands for an expression; got {type(value).__name__}")

    def visit_Expr(self, node: ast.Expr) -> ast.AST | list:
        if isinstance(node.value, ast.Name) and _is_placeholder(node.value.id):
            value = self._take(node.value.id)
            if isinstance(value, list):
                return value
            if isinstance(value, ast.stmt):
                return [value]
            node.value = value if isinstance(value, ast.expr) else ast.Name(id=value, ctx=ast.Load())
            return node
        return self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.name = self._identifier(node.name)
        return self.generic_visit(node)

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg = self._identifier(node.arg)
        return node

    def visit_Nonlocal(self, node: ast.Nonlocal) -> ast.AST:
        names = []
        for name in node.names:
            value = self._take(name) if _is_placeholder(name) else name
            names.extend([value] if isinstance(value, str) else value)
        node.names = names
        return node

    visit_Global = visit_Nonlocal


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
    replacer = _Replacer(values)
    result = []
    for statement in _clone(list(_parse(template))):
        new = replacer.visit(statement)
        result.extend(new if isinstance(new, list) else [new])
    unused = set(values) - replacer.used
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
    while stack:
        node = stack.pop()
        if "lineno" in node._attributes:
            if hasattr(node, "lineno"):
                continue  # a user's node: it and everything in it have their own positions
            node.lineno = node.end_lineno = line
            node.col_offset = column
            node.end_col_offset = end
        stack.extend(children(node))


_TO_LINE_END = 1 << 12
