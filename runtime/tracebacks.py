"""The traceback of an exception raised through converted code shows the user's frames only.

Converted code runs parts of a function in frames Python would not have: the runtime helpers that
call user code for it (``ag__.setitem`` storing an item, ``ag__.and_`` calling an operand's thunk,
``ag__.builtin`` calling ``len``) and the generated closures (an ``if`` block, a loop body, the thunk
``lambda: b``), which carry the user's function name and line numbers. Code that reads a traceback
(``traceback.extract_tb``, ``inspect.getinnerframes``, pyparsing's ``ParseException.explain``) would
see them. So where an exception passes through a helper, the helper re-raises it with ``user_frames``
of its traceback: the helpers' entries dropped, and each generated closure's entry folded into the
entry of the frame that called it (the user's function, or a closure folded already), which then
shows the closure's line: one entry per frame of the original, at the original's line. (A thunk
right below the helper has no such entry yet: it is dropped, and the entry its caller gets names
the line of the expression.) A block whose exception reaches an unconverted caller without passing
a helper or a converted ``except`` keeps its entry (named after the function, at its own line):
nothing in between can rewrite the traceback (docs/limitations.md). A converted
``except`` clause does the same for the exception it catches (``runtime.limits.reraise_limitation``).

Each helper re-raises with a bare ``raise``, which (unlike ``raise error``) adds no entry for the
frame it runs in; the ``try`` costs nothing in CPython 3.11 until something raises. A folded entry
has no instruction offset (``tb_lasti`` is -1), so a printed traceback names the line without
underlining a column range in it. ``AUTOGRAPH_TRACEBACK_FILTERING=off`` keeps every frame (as it
does for staging errors, runtime/staging.py).
"""

from __future__ import annotations

import os
import types
from typing import Callable, Optional

from runtime.undefined import BODY_CODES

FILTERING_VARIABLE = "AUTOGRAPH_TRACEBACK_FILTERING"


def traceback_filtering() -> bool:
    """Whether tracebacks show only the user's frames (the default; ``AUTOGRAPH_TRACEBACK_FILTERING=off``
    shows every frame, for debugging autograph itself). Read when an exception passes, not at import."""
    return os.environ.get(FILTERING_VARIABLE, "on").strip().lower() not in ("off", "0", "false", "no")


# The code objects of the runtime helpers whose frames a traceback leaves out.
HIDDEN_CODES: set[types.CodeType] = set()


def hide_frames_of(*functions: Callable) -> None:
    """Leave the frames of ``functions`` (runtime helpers that call user code) out of tracebacks."""
    for function in functions:
        HIDDEN_CODES.add(function.__code__)


def strip(error: BaseException) -> None:
    """In a helper's ``except`` clause, before a bare ``raise``: ``error``'s traceback as the user's."""
    error.__traceback__ = user_frames(error.__traceback__)


def user_frames(tb: Optional[types.TracebackType]) -> Optional[types.TracebackType]:
    """``tb`` without the helpers' entries, each generated closure's entry folded into its caller's;
    ``tb`` itself when it has neither, or when filtering is off."""
    if tb is None or not traceback_filtering():
        return tb
    head = tb
    entries: list[tuple[types.FrameType, int, int]] = []
    changed = False
    while tb is not None:
        code = tb.tb_frame.f_code
        if code in HIDDEN_CODES:
            changed = True
        elif code in BODY_CODES and entries:
            changed = True
            entries[-1] = (entries[-1][0], -1, tb.tb_lineno)
        elif code in BODY_CODES and code.co_name == "<lambda>":
            # A thunk the helper called: its caller's entry, added as the exception leaves the
            # helper, already names the line of the expression the thunk is part of.
            changed = True
        else:
            entries.append((tb.tb_frame, tb.tb_lasti, tb.tb_lineno))
        tb = tb.tb_next
    return _rebuilt(entries) if changed else head


def _rebuilt(entries: list[tuple[types.FrameType, int, int]]) -> Optional[types.TracebackType]:
    result = None
    for frame, lasti, lineno in reversed(entries):
        result = types.TracebackType(result, frame, lasti, lineno)
    return result
