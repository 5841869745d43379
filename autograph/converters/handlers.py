"""Every ``except`` clause first lets the graph's limitation errors through; the body of a ``try`` with
``except`` clauses says what they catch, and a ``with`` statement's managers are entered through the runtime.

Before::

    try:
        k = np.linalg.inv(s)
    except Exception:
        k = 1.0 / s

    with contextlib.suppress(np.linalg.LinAlgError):
        k = np.linalg.inv(s)

After::

    try:
        with ag__.catching(lambda: Exception):
            k = np.linalg.inv(s)
    except Exception:
        ag__.reraise_limitation()
        k = 1.0 / s

    with ag__.managed(contextlib.suppress(np.linalg.LinAlgError)):
        k = np.linalg.inv(s)

While a graph is traced, a call the graph cannot make raises a ``runtime.limits.Limitation``
(a ``TypeError`` or ``ValueError``). Eager code would not have raised there, so the handler must
not run: it would trace the fallback, and the graph would silently compute something else. On
plain values the call only looks at the exception being handled.

The ``with`` tells the graph which ``try`` blocks are running and what their handlers catch (asked
only if a node that fails when the graph runs is made in one: runtime/try_blocks.py): a graph
cannot run a handler for an error it raises when it runs, after the ``try`` ran, so such a node
raises ``HandlerNotRun`` when it fails, not its own error past a handler that eager code runs. A
bare ``except:`` is ``...`` there (no class: it catches anything). ``ag__.managed(manager)`` does the same
for a ``with``: it enters and exits ``manager`` as the statement would, and marks the block running, so that a
node failing when the graph runs, where the manager's ``__exit__`` would swallow its error
(``contextlib.suppress``), raises ``HandlerNotRun`` too (runtime/try_blocks.py).
"""

from __future__ import annotations

import ast
import copy

from autograph import templates
from autograph.transformer import Transformer


def _guard() -> ast.stmt:
    return ast.Expr(value=ast.Call(func=templates.replace_expression("ag__.reraise_limitation"), args=[], keywords=[]))


def _catching(node: ast.Try) -> ast.With:
    """``with ag__.catching(lambda: <what the handlers catch>):`` around ``node``'s body, at the line of the body's
    first statement: its line events are then the original's for a one-statement body (a ``with`` at the ``try``'s
    line would fire one there again as it exits), and one more there as a longer body leaves it."""
    caught = [copy.deepcopy(handler.type) if handler.type is not None else ast.Constant(value=...)
              for handler in node.handlers]
    classes = caught[0] if len(caught) == 1 else ast.Tuple(elts=caught, ctx=ast.Load())
    thunk = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
                       body=classes)
    call = ast.Call(func=templates.replace_expression("ag__.catching"), args=[thunk], keywords=[])
    block = ast.With(items=[ast.withitem(context_expr=call)], body=node.body)
    templates.copy_location(block, node.body[0])
    return block


class _Handlers(Transformer):
    def visit_Try(self, node: ast.Try) -> ast.Try:
        self.generic_visit(node)
        if node.handlers:
            node.body = [_catching(node)]
        return node

    visit_TryStar = visit_Try

    def visit_With(self, node: ast.With) -> ast.With:
        self.generic_visit(node)
        for item in node.items:
            managed = ast.Call(func=templates.replace_expression("ag__.managed"), args=[item.context_expr],
                               keywords=[])
            templates.copy_location(managed, item.context_expr)
            item.context_expr = managed
        return node

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
