"""Which calls in the tests of a function's ``if`` statements always give a Python bool.

    resolve(node, ctx, local_names)
    anno.get(call, anno.Key.ALWAYS_BOOL, False)   # True on `isinstance(x, T)`, `hasattr(o, "a")`

``isinstance``, ``issubclass``, ``hasattr`` and ``callable`` give ``True`` or ``False`` whatever
their arguments hold (a backend answers ``isinstance`` of its own values with a bool too), so no
backend could stage an ``if`` that tests them: such an ``if`` stays a Python ``if``
(``logical_expressions.always_bool``), and a ``return`` in it stays a ``return``
(converters/return_statements.py), which keeps the rest of the function in the function's own frame.
A name counts when it is not local to the function and resolves to the builtin when converted (as
call_trees decides which calls to route).
"""

from __future__ import annotations

import ast
import builtins

from autograph import anno
from autograph.analysis.walk import statement_children, walk
from autograph.context import Context

_BOOL_BUILTINS = frozenset(id(f) for f in (builtins.isinstance, builtins.issubclass, builtins.hasattr,
                                           builtins.callable))
_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def resolve(node: ast.FunctionDef, ctx: Context, local_names: set[str]) -> None:
    stack: list[ast.AST] = list(node.body)
    while stack:
        statement = stack.pop()
        if isinstance(statement, _NESTED_SCOPES):
            continue
        if isinstance(statement, ast.If):
            for sub in walk(statement.test):
                if (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id not in local_names
                        and id(ctx.resolve_global(sub.func.id)) in _BOOL_BUILTINS):
                    anno.set(sub, anno.Key.ALWAYS_BOOL, True)
        stack += statement_children(statement)
