"""Every ``except`` clause first lets the graph's limitation errors through.

Before::

    try:
        k = np.linalg.inv(s)
    except Exception:
        k = 1.0 / s

After::

    try:
        k = np.linalg.inv(s)
    except Exception:
        ag__.reraise_limitation()
        k = 1.0 / s

While a graph is traced, a call the graph cannot make raises a ``runtime.limits.Limitation``
(a ``TypeError`` or ``ValueError``). Eager code would not have raised there, so the handler must
not run: it would trace the fallback, and the graph would silently compute something else. On
plain values the call only looks at the exception being handled.
"""

from __future__ import annotations

import ast

from autograph import templates
from autograph.transformer import Transformer


def _guard() -> ast.stmt:
    return ast.Expr(value=ast.Call(func=templates.replace_expression("ag__.reraise_limitation"), args=[], keywords=[]))


class _Handlers(Transformer):
    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.ExceptHandler:
        self.generic_visit(node)
        guard = _guard()
        templates.copy_location(guard, node.body[0])
        node.body.insert(0, guard)
        return node

    def visit_FunctionDef(self, node: ast.AST) -> ast.AST:
        return node  # nested scopes are converted on their own

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef


def transform(node: ast.FunctionDef) -> None:
    handlers = _Handlers()
    node.body = [handlers.visit(statement) for statement in node.body]
