"""Calls that read the calling frame's variables read the user's function's variables.

Before::

    def f(n):
        y = 'local'
        if n > 0:
            r = eval('y')
            names = sorted(locals())
        return r, names

After::

    def if_body():
        nonlocal names, r
        r = eval('y', None, ag__.locals_(('n', 'y', 'r', 'names')))
        names = sorted(ag__.locals_(('n', 'y', 'r', 'names')))

``locals()``, ``vars()`` and ``dir()`` without an argument, and ``eval``/``exec`` without a
namespace, look at the frame they run in. Once converted, that frame is a generated block's: it
holds only the variables the block names (``eval('y')`` would find a global ``y`` instead, a
silent wrong result) and the converter's own names. Such a call (of the builtin itself: a name the
function binds, or a global or closure variable of that name, is left alone) becomes a read of
the function's variables, in the order the original function's ``locals()`` gives them
(runtime/frame_reads.py). A function with such a call binds its variables to
``ag__.Undefined`` where Python would not have bound them yet, so that they stay out of the dict.
"""

from __future__ import annotations

import ast
import builtins
import inspect
import sys
import types
from typing import Any, Callable

from autograph import templates
from autograph.analysis.function_scopes import function_scope
from autograph.context import Context

READERS = frozenset({"locals", "vars", "dir", "eval", "exec"})
# Comprehensions are scopes of their own before PEP 709 (3.12): locals() there is theirs.
_OWN_SCOPES: tuple[type, ...] = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.GeneratorExp)
if sys.version_info < (3, 12):
    _OWN_SCOPES += (ast.ListComp, ast.SetComp, ast.DictComp)


def transform(node: ast.FunctionDef | ast.Lambda, ctx: Context, local_names: set[str],
              readers: frozenset[str] = frozenset(READERS)) -> bool:
    """Rewrite the frame-reading calls (of ``readers``) in ``node``'s own scope, and in the lambdas in it
    (which are converted with it); whether ``node``'s own scope had any."""
    calls, lambdas = own_scope_calls(node, lambda call: _names_reader(call) and call.func.id in readers)
    calls = [call for call in calls if _reads_frame(call, ctx, local_names)]
    for inner in lambdas:
        transform(inner, ctx, local_names | function_scope(inner).params, readers)
    if not calls:
        return False
    code = _original_code(node, ctx)
    moved = [] if code is None else _cell_arguments(code)
    order = _local_order(node, code, moved)
    for call in calls:
        name = call.func.id
        names = ast.Tuple(elts=[ast.Constant(local) for local in order], ctx=ast.Load())  # one per call: placed there
        arguments = [names]
        if moved:  # (Python 3.10 only)
            arguments.append(ast.Tuple(elts=[ast.Constant(local) for local in moved], ctx=ast.Load()))
        if name in ("eval", "exec"):
            # eval(source) -> eval(source, None, ag__.locals_(...)): None keeps the frame's globals.
            read = templates.replace_expression("ag__.locals_(NAMES)", NAMES=names)
            read.args = arguments
            call.args = [call.args[0], ast.Constant(None), read]
        else:
            # The call node stays (its position is the user's); only what it calls changes.
            helper = "ag__.dir_" if name == "dir" else "ag__.locals_"
            call.func = templates.replace_expression(helper)
            call.args = arguments
        place_new_nodes(call)
    return True


def place_new_nodes(call: ast.Call) -> None:
    """Give the nodes a rewrite put into the user's call the call's own span (not to the end of
    its line, as templates.copy_location would): a thunk's code must stay inside its operand's span."""
    for sub in ast.walk(call):
        if not hasattr(sub, "lineno"):
            ast.copy_location(sub, call)


def _reads_frame(call: ast.Call, ctx: Context, local_names: set[str]) -> bool:
    name = call.func.id
    if name in local_names or ctx.resolve_global(name) is not getattr(builtins, name):
        return False  # the user's own `locals`, or one rebound in the module
    if name in ("eval", "exec"):
        keywords = {k.arg for k in call.keywords}
        # The frame is read when neither namespace is given (a None globals takes the frame's too,
        # but then the caller chose it: left as written).
        return len(call.args) == 1 and not isinstance(call.args[0], ast.Starred) and not (
            keywords & {"globals", "locals", None})
    return not call.args and not call.keywords


def _names_reader(call: ast.Call) -> bool:
    return call.func.__class__ is ast.Name and call.func.id in READERS


def own_scope_calls(node: ast.FunctionDef | ast.Lambda,
                    wanted: Callable[[ast.Call], bool]) -> tuple[list[ast.Call], list[ast.Lambda]]:
    """The ``wanted`` calls evaluated in ``node``'s own frame (not in a nested function's, class
    body's or, before 3.12, comprehension's: their locals() are their own), and the lambdas
    directly in that scope."""
    found, lambdas = [], []
    stack: list[Any] = list(node.body) if isinstance(node.body, list) else [node.body]
    while stack:
        sub = stack.pop()
        if isinstance(sub, _OWN_SCOPES):
            stack.extend(_evaluated_outside(sub))
            if sub.__class__ is ast.Lambda:
                lambdas.append(sub)
            continue
        if sub.__class__ is ast.Call and wanted(sub):
            found.append(sub)
        stack.extend(ast.iter_child_nodes(sub))
    return found, lambdas


def _evaluated_outside(scope: ast.AST) -> list[ast.AST]:
    """The parts of a nested scope's node that run in the enclosing frame: decorators, defaults,
    bases and keywords, a comprehension's first iterable."""
    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        args = scope.args
        parts = [*args.defaults, *(d for d in args.kw_defaults if d is not None)]
        return parts + list(getattr(scope, "decorator_list", []))
    if isinstance(scope, ast.ClassDef):
        return [*scope.decorator_list, *scope.bases, *(k.value for k in scope.keywords)]
    return [scope.generators[0].iter]


def _local_order(node: ast.FunctionDef | ast.Lambda, code: types.CodeType | None, moved: list[str]) -> list[str]:
    """The names ``locals()`` gives in the original function, in its order: from the original
    code object (the compiler orders locals as it meets them, then cells, then free variables;
    ``moved``, 3.10's arguments that are cells, among the cells)."""
    if code is None:  # not found (no code object to read): the names as the source binds them
        return _source_order(node)
    names = [name for name in code.co_varnames if name not in moved]
    names += [name for name in code.co_cellvars if name not in names]
    return names + list(code.co_freevars)


def _cell_arguments(code: types.CodeType) -> list[str]:
    """Python 3.10 moves an argument that is also a cell (a nested function reads it) into its cell
    and empties the argument's own slot: locals() meets it among the cells, and each later call
    of locals() first drops it from the frame's dict (its slot is empty), then adds it back at the
    end. The runtime needs those names to keep the same order (``ag__.locals_(names, moved)``).
    Empty on 3.11+, where such an argument keeps its place."""
    if sys.version_info >= (3, 11):
        return []
    star = bool(code.co_flags & inspect.CO_VARARGS) + bool(code.co_flags & inspect.CO_VARKEYWORDS)
    arguments = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount + star]
    return [name for name in arguments if name in code.co_cellvars]


def _original_code(node: ast.FunctionDef | ast.Lambda, ctx: Context) -> types.CodeType | None:
    if node is ctx.root or node is ctx.as_written:
        return ctx.code
    if ctx.code is None:
        return None
    name = node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else "<lambda>"
    name = ctx.user_names.get(name, name)  # (a `def ag__` of the user's, renamed while the passes run)
    first_line = node.decorator_list[0].lineno if getattr(node, "decorator_list", None) else node.lineno
    span = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
    candidates = [code for code in _nested_codes(ctx.code)
                  if code.co_name == name and code.co_firstlineno == first_line and _within(code, span)]
    return candidates[0] if len(candidates) == 1 else None


def _nested_codes(code: types.CodeType) -> list[types.CodeType]:
    found = []
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found.append(const)
            found.extend(_nested_codes(const))
    return found


def _within(code: types.CodeType, span: tuple[int, int, int, int]) -> bool:
    """Whether the code's instructions come from the source span (two lambdas on one line)."""
    if not hasattr(code, "co_positions"):  # 3.10: only the name and first line tell them apart
        return True
    start, end = span[:2], span[2:]
    for line, end_line, col, end_col in code.co_positions():
        if line is None or col is None or (col, end_col) == (0, 0):  # no position, or RESUME's
            continue
        if (line, col) < start or (end_line, end_col) > end:
            return False
    return True


def _source_order(node: ast.FunctionDef | ast.Lambda) -> list[str]:
    args = node.args
    names = [a.arg for a in (*args.posonlyargs, *args.args)]
    names += [a.arg for a in (args.vararg, *args.kwonlyargs, args.kwarg) if a is not None]
    for sub in _own_scope_nodes(node):
        bound = sub.id if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load) else None
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound = sub.name
        if bound and bound not in names:
            names.append(bound)
    return names


def _own_scope_nodes(node: ast.AST) -> list[ast.AST]:
    out = []
    stack = list(reversed(node.body)) if isinstance(node.body, list) else [node.body]
    while stack:
        sub = stack.pop()
        out.append(sub)
        if not isinstance(sub, _OWN_SCOPES):
            stack.extend(reversed(list(ast.iter_child_nodes(sub))))
    return out
