"""What converted code's reads of its own frame and of the frames above it see.

``locals_`` / ``dir_`` are the variables ``locals()``, ``vars()``, ``dir()``, ``eval`` and ``exec``
see; ``getframe`` / ``stacklevel`` count frames up the stack as the original would
(converters/caller_frames.py rewrites ``sys._getframe(n)`` and ``stacklevel=k`` into them).

Those builtins read the frame they are called from. Converted code runs a function's blocks in
generated closures and thunks, whose frames hold only what each one uses (``eval('y')`` in a block
that does not name ``y`` would find a global ``y``, or nothing), plus the converter's own names
(``if_body``, ``retval_``). The converter rewrites a call of one of them, where it would read the
frame, into a read of the user's variables, in the original function's order::

Before::

    def f(n):
        y = 'local'
        if n > 0:
            r = eval('y')
        return r

After (``to_code``)::

    def if_body():
        nonlocal r
        r = eval('y', None, ag__.locals_(('n', 'y', 'r')))

``locals_`` walks from its caller up through the generated frames to the converted function's
own frame, and returns a new dict of the variables named that are bound, as Python 3.13 does
(PEP 667; before 3.13 Python returns the frame's one dict, updated at each call).
"""

from __future__ import annotations

import operator
import sys
from sys import _getframe  # (bound at import: a program may delete or replace sys._getframe)
from typing import Any

from runtime.undefined import Undefined, is_body_code, is_converted_code

_MISSING = object()
# Before 3.13 (PEP 667) a frame's locals() is one dict, updated at each call; from 3.13 a new one each time.
_ONE_DICT_PER_FRAME = sys.version_info < (3, 13)
_ORDER_KEY = "<autograph locals order>"
# Before 3.11 code objects record no columns, so autograph cannot tell its thunks (`lambda: b` for
# `a or b`) from the user's lambdas: there a converted lambda without parameters counts as a thunk.
_THUNKS_UNMARKED = sys.version_info < (3, 11)


def _is_block(code: Any) -> bool:
    """Whether ``code`` is one of the converter's body closures or thunks."""
    return is_body_code(code) or (_THUNKS_UNMARKED and code.co_name == "<lambda>" and not code.co_argcount
                                  and is_converted_code(code))


def locals_(names: tuple[str, ...], moved: tuple[str, ...] = ()) -> dict[str, Any]:
    """``locals()`` of the user's function, from inside its converted code: the bound variables
    among ``names`` (the original function's, in its order), each with its current value.
    ``moved`` (Python 3.10 only): the arguments that are also cells, which each call of 3.10's
    ``locals()`` takes out of the frame's dict and puts back at its end."""
    return _gather(names, _getframe(1), moved)


def dir_(names: tuple[str, ...], moved: tuple[str, ...] = ()) -> list[str]:
    """``dir()`` without an argument: the sorted names of ``locals_``."""
    return sorted(_gather(names, _getframe(1), moved))


def _gather(names: tuple[str, ...], frame: Any, moved: tuple[str, ...] = ()) -> dict[str, Any]:
    # The caller's frame, then the frames of the blocks it runs in, up to the converted function's.
    # Frames of other code in between (the runtime calling a thunk, a backend tracing a block) are
    # passed over. A variable the function shares with a block is the same cell in both frames.
    seen: dict[str, Any] = {}
    kept: Any = None
    while frame is not None:
        code = frame.f_code
        if _is_block(code):
            for name, value in frame.f_locals.items():
                seen.setdefault(name, value)
        elif is_converted_code(code):
            local_dict = frame.f_locals
            if _ONE_DICT_PER_FRAME:
                kept = local_dict.get(_ORDER_KEY)
                if kept is None:
                    kept = local_dict[_ORDER_KEY] = []
            for name, value in local_dict.items():
                seen.setdefault(name, value)
            break
        frame = frame.f_back
    found = {}
    for name in names:
        value = seen.get(name, _MISSING)
        # The converter binds a variable that Python would not have bound yet to an Undefined.
        if value is not _MISSING and not isinstance(value, Undefined):
            found[name] = value
    if kept is None:
        return found
    # Before 3.13 locals() gives the frame's one dict, refreshed at each call: a name keeps the place it
    # took when a call first saw it bound (and loses it when unbound). The function's frame keeps that
    # order for us, under a key no variable can have, in its own dict (which lives as long as the frame).
    if moved:
        kept[:] = [name for name in kept if name not in moved]
    kept[:] = [name for name in kept if name in found] + [name for name in found if name not in kept]
    return {name: found[name] for name in kept}


# ---------------------------------------------------------------------------- the frames above

def getframe(depth: int = 0) -> Any:
    """``sys._getframe(depth)`` as the original function would see it: the frames of its blocks
    and thunks, and of the runtime between them, do not count (the innermost block stands for the
    function itself: its line is the user's line). ``depth`` is read as ``sys._getframe`` reads it: through
    ``__index__`` (a NumPy integer, a bool), a C int, and a negative one stands for 0 (the caller)."""
    depth = operator.index(depth)
    if not _C_INT_MIN <= depth <= _C_INT_MAX:
        raise OverflowError("Python int too large to convert to C int")  # sys._getframe's own error
    sys._getframe  # noqa: B018  (the original's own look-up: its AttributeError where a program deleted it)
    return _visible(_getframe(1), max(depth, 0))[0]


_C_INT_MIN, _C_INT_MAX = -2**31, 2**31 - 1


def stacklevel(level: int) -> int:
    """A ``stacklevel`` (``warnings.warn``, ``logging``, any callee counting frames up from its
    caller) that reaches the frame ``level`` would reach in the original function. A level that is no ``int``
    but has ``__index__`` (``np.int64(2)``, which ``warnings.warn`` and ``logging`` take as 2) is counted as
    that int; anything else is passed on as it is, for the callee to refuse."""
    if type(level) is not int:
        try:
            level = operator.index(level)
        except TypeError:
            return level
    if level <= 1:  # the caller itself: the block, at the user's line
        return level
    try:
        return _visible(_getframe(1), level - 1)[1] + 1
    except ValueError:
        # Beyond the original's stack: so beyond the real one too (``warnings.warn`` then names ``sys:1``, logging
        # the outermost frame, as for the original), not ``getframe``'s error, which ``warn`` does not raise.
        frame, real_depth = _getframe(1), 0
        while frame is not None:
            frame, real_depth = frame.f_back, real_depth + 1
        return level + real_depth


def _visible(frame: Any, depth: int) -> tuple[Any, int]:
    """The frame ``depth`` levels above ``frame`` as the original program would have it, and how
    many frames up it really is. A block's or thunk's frame stands for its function: the frames
    between it and that function's own (outer blocks, the runtime calling it, a backend tracing
    it), and that frame itself, are not the original's. Frames of the runtime are not either."""
    steps = 0
    inside = _is_block(frame.f_code)  # skipping up to the function the innermost block stands for
    while depth:
        frame = frame.f_back
        steps += 1
        if frame is None:
            raise ValueError("call stack is not deep enough")
        code = frame.f_code
        if inside:
            if not _is_block(code) and is_converted_code(code):
                inside = False  # the function itself: skipped, its block stood for it
            continue
        if frame.f_globals.get("__name__", "").startswith("runtime."):
            continue
        depth -= 1
        inside = _is_block(code)
    return frame, steps
