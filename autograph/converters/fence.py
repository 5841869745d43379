"""Reject, up front and with the user's line, the syntax the converter cannot rewrite.

    try:
        ...
    finally:
        return x      # UnsupportedSyntaxError: a return in a finally clause ...
"""

from __future__ import annotations

import ast

from autograph.context import Context
from autograph.errors import Location, UnsupportedSyntaxError

_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def _walk_own_scope(statements: list[ast.stmt]):
    stack = list(statements)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, _NESTED_SCOPES):
            stack.extend(ast.iter_child_nodes(node))


def is_generator_or_async(node: ast.AST) -> bool:
    if isinstance(node, ast.AsyncFunctionDef):
        return True
    body = node.body if isinstance(node.body, list) else [node.body]
    return any(isinstance(sub, (ast.Yield, ast.YieldFrom, ast.Await)) for sub in _walk_own_scope(body))


def transform(node: ast.FunctionDef, ctx: Context) -> None:
    for statement in _walk_own_scope(node.body):
        if isinstance(statement, ast.Try) or (hasattr(ast, "TryStar") and isinstance(statement, ast.TryStar)):
            for sub in _walk_own_scope(statement.finalbody):
                if isinstance(sub, (ast.Return, ast.Break, ast.Continue)):
                    keyword = type(sub).__name__.lower()
                    raise UnsupportedSyntaxError(
                        f"`{keyword}` inside a `finally` clause cannot be converted (it silently discards "
                        "exceptions, and Python 3.14 warns about it, PEP 765)",
                        Location(ctx.filename, sub.lineno, node.name),
                        hint=f"move the `{keyword}` after the try statement, or mark the function "
                             "autograph.do_not_convert")
