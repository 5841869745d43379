"""Calls that count frames up the stack count the original's frames.

Before::

    def old_api(flag):
        if flag:
            warnings.warn("old_api is deprecated", DeprecationWarning, stacklevel=2)
            caller = sys._getframe(1).f_code.co_name

After::

    def if_body():
        nonlocal caller
        warnings.warn('old_api is deprecated', DeprecationWarning, stacklevel=ag__.stacklevel(2))
        caller = ag__.getframe(1).f_code.co_name

Converted code runs a block in a frame of its own, on top of the function's: a warning with
``stacklevel=2`` raised in a branch would name the function's own line instead of its caller's
(and the caller's module decides whether Python shows a DeprecationWarning), and
``sys._getframe(1)`` would give the function's frame. So ``sys._getframe(n)`` becomes
``ag__.getframe(n)``, and a ``stacklevel`` that code other than yours will count (the keyword to
``warnings.warn``, to ``logging``'s methods, to any library callable; ``warnings.warn``'s third
positional argument) is counted by ``ag__.stacklevel`` in the frames the original would have
(runtime/frame_reads.py). A ``stacklevel`` passed to a function of yours stays as written: that
function is converted too, and its own call to ``warnings.warn`` is counted where it stands.
Outside blocks both give what they were given.
"""

from __future__ import annotations

import ast
import sys
import types
import warnings

from autograph import templates
from autograph.context import UNKNOWN, Context
from autograph.converters.call_trees import needs_no_conversion
from autograph.converters.frame_reads import own_scope_calls, place_new_nodes

CALLEES = frozenset({"_getframe", "warn"})  # the names of the callables read below (for the pipeline's test)
# A method of these names called with a stacklevel is taken for a logger's (which counts frames).
_LOGGING_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log"})


_GETFRAME = sys._getframe  # (bound at import: a program may delete it, as attrs' tests do)


def counts_frames(call: ast.Call) -> bool:
    """Whether the call may count frames (resolved below): cheap, asked of every call."""
    func = call.func
    name = func.id if func.__class__ is ast.Name else func.attr if func.__class__ is ast.Attribute else None
    return name in CALLEES or any(keyword.arg == "stacklevel" for keyword in call.keywords)


def transform(node: ast.FunctionDef | ast.Lambda, ctx: Context, local_names: set[str]) -> None:
    """Rewrite the frame-counting calls of ``node``'s own scope and of the lambdas in it."""
    calls, lambdas = own_scope_calls(node, counts_frames)
    for inner in lambdas:
        transform(inner, ctx, local_names)
    for call in calls:
        callee = _resolve(call.func, ctx, local_names)
        if callee is _GETFRAME and call.args and not (isinstance(call.args[0], ast.Constant)
                                                          and call.args[0].value == 0):
            call.func = templates.replace_expression("ag__.getframe")
        if _counts_for_others(call, callee):
            for keyword in call.keywords:
                if keyword.arg == "stacklevel":
                    keyword.value = _counted(keyword.value)
        if callee is warnings.warn and len(call.args) >= 3 and not any(isinstance(a, ast.Starred) for a in call.args):
            call.args[2] = _counted(call.args[2])
        place_new_nodes(call)


def _counts_for_others(call: ast.Call, callee: object) -> bool:
    """Whether the callee counts the frames itself (or hands the level to code that does) rather
    than being a function of the user's, which is converted and counts where its own call stands."""
    if callee is UNKNOWN or callee is None:
        return isinstance(call.func, ast.Attribute) and call.func.attr in _LOGGING_METHODS
    return needs_no_conversion(callee)


def _counted(level: ast.expr) -> ast.expr:
    if isinstance(level, ast.Constant) and level.value == 1:
        return level  # the caller itself: the block's frame stands at the user's line already
    return templates.replace_expression("ag__.stacklevel(LEVEL)", LEVEL=level)


def _resolve(func: ast.expr, ctx: Context, local_names: set[str]) -> object:
    """What the callee is when the function is converted: UNKNOWN for a local, a method, ..."""
    if isinstance(func, ast.Name):
        return UNKNOWN if func.id in local_names else ctx.resolve_global(func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id not in local_names:
        module = ctx.resolve_global(func.value.id)
        if isinstance(module, types.ModuleType):
            return getattr(module, func.attr, UNKNOWN)
    return UNKNOWN
