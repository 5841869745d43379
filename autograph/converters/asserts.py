"""``assert`` statements hand a staged test to the backend, which checks it when the graph runs.

Before::

    assert np.all(x > 0), "x must be positive"

After::

    assert ag__.assert_holds(np.all(x > 0), lambda: 'x must be positive'), 'x must be positive'

On plain values ``assert_holds`` returns the test itself, so Python's own ``assert`` decides, evaluates
the message only on failure, and raises from the user's line (and ``python -O`` still strips the
statement). A graph tensor becomes a graph assertion that raises ``AssertionError(message)`` at run
time, with the message evaluated once while tracing; ``assert_holds`` then returns True. A message
that binds a name (walrus) or calls zero-argument ``super()`` cannot move into a lambda: that
statement stays as written.
"""

from __future__ import annotations

import ast
import copy

from autograph import templates
from autograph.converters.logical_expressions import movable
from autograph.transformer import Transformer


class _Asserts(Transformer):
    def visit_Assert(self, node: ast.Assert) -> ast.Assert:
        if isinstance(node.test, ast.Constant) or (node.msg is not None and not movable(node.msg)):
            return node
        args = [node.test]
        if node.msg is not None:
            thunk = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
                               body=node.msg)
            args.append(thunk)
        call = ast.Call(func=templates.replace_expression("ag__.assert_holds"), args=args, keywords=[])
        templates.copy_location(call, node.test)
        message = None if node.msg is None else _copy(node.msg)
        return ast.copy_location(ast.Assert(test=call, msg=message), node)

    def visit_FunctionDef(self, node: ast.AST) -> ast.AST:
        return node  # nested scopes are converted on their own

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef


def _copy(node: ast.expr) -> ast.expr:
    return copy.deepcopy(node)  # the message stands twice: in the thunk and in the statement


def transform(node: ast.FunctionDef) -> None:
    asserts = _Asserts()
    node.body = [asserts.visit(statement) for statement in node.body]
