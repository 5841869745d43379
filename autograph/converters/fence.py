"""Reject, up front and with the user's line, the syntax the converter cannot rewrite.

    for x in xs:
        try:
            ...
        finally:
            break     # UnsupportedSyntaxError: a break in a finally clause ...

A jump in a ``finally`` clause discards the exception in flight; lowered into a flag it would
not. A ``return`` there is accepted where the return lowering leaves every return of the function
as written (none sits inside an ``if`` or a loop): it then stays Python's own ``return``.
"""

from __future__ import annotations

import ast
import types
from typing import Callable

from autograph.analysis.scopes import TRY_STATEMENTS
from autograph.analysis.walk import children, statement_children
from autograph.context import Context
from autograph.converters.return_statements import returns_nested_in_control_flow
from autograph.errors import Location, UnsupportedSyntaxError

_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def _walk_own_scope(statements: list[ast.stmt], below: Callable[[ast.AST], list[ast.AST]] = children):
    """The nodes of this scope (not of the defs, classes and lambdas in it); with
    ``below=statement_children``, only its statements, in the same order (no expression holds one)."""
    stack = list(statements)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, _NESTED_SCOPES):
            stack.extend(below(node))


def _jumps_out_of(statements: list[ast.stmt]):
    """The returns in ``statements``, and the breaks and continues that leave them (not those of a
    loop inside them; a loop's ``else`` clause belongs to the loop around it)."""
    stack = [(statement, False) for statement in statements]
    while stack:
        node, in_loop = stack.pop()
        if isinstance(node, ast.Return) or (isinstance(node, (ast.Break, ast.Continue)) and not in_loop):
            yield node
        if isinstance(node, _NESTED_SCOPES):
            continue
        if isinstance(node, (ast.For, ast.While)):
            stack += [(child, True) for child in node.body] + [(child, in_loop) for child in node.orelse]
        else:
            stack += [(child, in_loop) for child in children(node)]


# Packages whose decorators compile a function from its bytecode (numba's njit, jit, vectorize, guvectorize, cfunc,
# stencil): given a converted function, they meet its closures and ``ag__`` calls, which they cannot compile.
BYTECODE_COMPILERS = frozenset({"numba"})


def compiled_from_bytecode(node: ast.AST, parent: ast.AST, ctx: Context) -> bool:
    """Whether a nested def is handed to a bytecode compiler: decorated by one (``@nb.njit``,
    ``@numba.jit(cache=True)``, ``@njit`` imported from numba, or a library's own wrapper of it, a function of a
    module that imports numba: numpy-groupies' ``@njit_stable``), or passed to one in the function around it
    (``return njit_stable(driver, name=...)``), each named through the function's globals. Then it stays as
    written in the converted form too, for the compiler to read (numpy-groupies builds its kernels so)::

        def factory(reduce):                    def factory(reduce):
            @nb.njit                                @ag__.call(nb.njit)
            def kernel(x):            ->            def kernel(x):       # (as written)
                if x > 0: ...                           if x > 0: ...
    """
    if any(_compiler(decorator, ctx) for decorator in getattr(node, "decorator_list", ())):
        return True
    name = getattr(node, "name", None)
    for sub in _walk_own_scope(parent.body if isinstance(parent.body, list) else [parent.body]):
        if isinstance(sub, ast.Call) and any(isinstance(a, ast.Name) and a.id == name for a in sub.args) and \
                _compiler(sub.func, ctx):
            return True
    return False


def _compiler(expression: ast.expr, ctx: Context) -> bool:
    """Whether ``expression`` (a decorator, a called function) names a bytecode compiler, or a library's wrapper
    of one (see ``compiled_from_bytecode``)."""
    while isinstance(expression, ast.Call):
        expression = expression.func
    while isinstance(expression, ast.Attribute):
        expression = expression.value
    if not isinstance(expression, ast.Name) or expression.id in ctx.closure:
        return False
    root = ctx.globals.get(expression.id)
    if _of_a_compiler(root):
        return True
    namespace = getattr(root, "__globals__", None)  # a function: does its module use a compiler?
    return isinstance(namespace, dict) and any(_of_a_compiler(value) for value in list(namespace.values()))


def _of_a_compiler(value: object) -> bool:
    module = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None)
    return isinstance(module, str) and module.partition(".")[0] in BYTECODE_COMPILERS


def is_generator_or_async(node: ast.AST) -> bool:
    if isinstance(node, ast.AsyncFunctionDef):
        return True
    body = node.body if isinstance(node.body, list) else [node.body]
    return any(isinstance(sub, (ast.Yield, ast.YieldFrom, ast.Await)) for sub in _walk_own_scope(body))


def transform(node: ast.FunctionDef, ctx: Context) -> None:
    returns_stay = None  # computed on the first return found in a finally clause
    for statement in _walk_own_scope(node.body, statement_children):  # a try is a statement: expressions hold none
        if isinstance(statement, TRY_STATEMENTS):
            for sub in _jumps_out_of(statement.finalbody):
                if isinstance(sub, ast.Return):
                    if returns_stay is None:
                        returns_stay = not returns_nested_in_control_flow(node.body)
                    if returns_stay:
                        continue
                keyword = type(sub).__name__.lower()
                where = ("in a function that also returns from inside an `if` or a loop "
                         if isinstance(sub, ast.Return) else "")
                raise UnsupportedSyntaxError(
                    f"`{keyword}` inside a `finally` clause {where}cannot be converted (it silently "
                    "discards exceptions, and Python 3.14 warns about it, PEP 765)",
                    Location(ctx.filename, sub.lineno, node.name),
                    hint=f"move the `{keyword}` after the try statement, or mark the function "
                         "autograph.do_not_convert")
