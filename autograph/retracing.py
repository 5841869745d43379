"""The warning a ``Function`` gives when it traces again and again, saying which argument changes.

A ``Function`` traces once per value of each Python argument and once per array shape and dtype,
so ``f(x, n)`` called with a new number ``n`` every time traces every call. When ``WINDOW_TRACES``
of its last ``WINDOW_CALLS`` calls traced, it warns (once per ``Function``), at the user's call, with
the parameters whose keys changed between those traces and what to do about them.
"""

from __future__ import annotations

import sys
import threading
import warnings
from collections import deque
from typing import Any, Sequence

from autograph.trace_guards import OWN_WRITE_ADVICE, OwnWrite
from runtime.graph import TensorSpec
from runtime.staging import format_site, user_frame

WINDOW_TRACES, WINDOW_CALLS = 5, 10
# The monitor's entry for what changed outside the arguments and made a trace (autograph/trace_guards.py):
# (what, the call's number), or (None, ...) for a trace the arguments made.
CHANGED_OUTSIDE = "<read outside the arguments>"


class RetracingWarning(UserWarning):
    """A ``Function`` traced on most of its recent calls (see ``autograph/retracing.py``)."""


class RetracingMonitor:
    """Remembers the calls at which a ``Function`` traced and what each parameter was keyed by."""

    def __init__(self) -> None:
        self.recent: deque = deque(maxlen=WINDOW_TRACES)  # (call number, {parameter: key})
        self.warned = False
        # Traces of several threads may end at once: the window and the warned flag change under this lock.
        self._lock = threading.Lock()

    def traced(self, name: str, call: int, params: dict[str, Any]) -> None:
        """Note that call number ``call`` traced for ``params`` (each parameter's key); warn if that is often.

        ``call`` is the Function's call count when the trace ended; under threads several calls may have begun
        before their traces end, so several traces may note the same count, or a later trace a smaller one."""
        with self._lock:
            if self.recent:
                call = max(call, self.recent[-1][0])  # the window in call order, whichever trace ended first
            self.recent.append((call, params))
            if self.warned or len(self.recent) < WINDOW_TRACES or call - self.recent[0][0] >= WINDOW_CALLS:
                return
            self.warned = True
            recent = list(self.recent)
        # Each trace was a call of its own: the window spans at least as many calls as it holds traces.
        calls = max(call - recent[0][0] + 1, len(recent))
        changing = [p for p in params if len({repr(keys[p]) for _, keys in recent if p in keys}) > 1]
        advice = "; ".join(filter(None, (_advice(p, [keys.get(p) for _, keys in recent]) for p in changing)))
        warnings.warn(
            f"{_cell_prefix()}{name} traced {len(recent)} times in its last {calls} calls (each trace "
            f"converts and traces the Python function again, which costs far more than running the graph). "
            f"{advice or 'Its arguments changed structure'}. Python scalars, strings, lists, tuples and dicts "
            "are part of the trace key by value, arrays by shape and dtype.",
            RetracingWarning, stacklevel=_user_stacklevel())


def _advice(param: str, keys: Sequence[Any]) -> str:
    """What changed in ``param`` between the traces, and what to do about it."""
    if param == CHANGED_OUTSIDE:
        changed = list(dict.fromkeys(k[0] for k in keys if k is not None and k[0] is not None))
        if not changed:
            return ""
        written = [c for c in changed if isinstance(c, OwnWrite)]
        if written:
            return f"The function itself changes {', '.join(written[-3:])} when traced: {OWN_WRITE_ADVICE}"
        return (f"Between calls, {', '.join(changed[-3:])} changed: a trace holds what the function read besides "
                "its arguments, so each change traces again; pass what changes as an argument (a NumPy array), "
                "so that one trace serves every value")
    if param == "self":
        return ("Argument 'self' changes: each instance traces on its own (self is part of the trace key, and its "
                "traces hold what they read of its attributes); reuse a few instances, or pass what changes as "
                "arrays")
    distinct = list(dict.fromkeys(_show(k) for k in keys))
    shown = ", ".join(distinct[-3:])
    if any(isinstance(k, tuple) and len(k) == 2 and not isinstance(k[0], type) for k in keys):  # a container
        return (f"Argument '{param}' (a tuple, list or dict) changes structure or Python values ({shown}): keep "
                "its structure fixed and pass the values that change as NumPy arrays")
    if all(isinstance(k, TensorSpec) for k in keys):
        return (f"Argument '{param}' changes shape ({shown}): give the Function an input_signature with None "
                f"for the dimensions that change, e.g. input_signature=[autograph.TensorSpec([None], ...)]")
    return (f"Argument '{param}' is a Python value that changes ({shown}): pass it as a NumPy array "
            f"(np.asarray({param})) so that one trace serves every value, or fix the arguments with "
            "input_signature")


def _show(key: Any) -> str:
    if isinstance(key, TensorSpec):
        return f"{key.dtype.name}{list(key.shape)}"
    if isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], type):
        return repr(key[1])
    if isinstance(key, tuple) and len(key) == 2:  # (structure, its leaves' keys)
        it = iter(_Shown(_show(k)) for k in key[1])
        return repr(key[0].unflatten(list(it))) if key[0].kind != "none" else "None"
    return repr(key)


class _Shown(str):
    __repr__ = str.__str__


def _cell_prefix() -> str:
    """``Cell In[5], line 3: `` where the user's call is in a notebook cell: a warning shows the file it is filed
    under, which for a cell is the kernel's temporary file (``/tmp/ipykernel_1/123.py``); "" elsewhere (the
    file and line shown are the user's own)."""
    frame = user_frame()
    if frame is None:
        return ""
    site = format_site(frame.f_code.co_filename, frame.f_lineno)
    return "" if site == f"{frame.f_code.co_filename}:{frame.f_lineno}" else f"{site}: "


def _user_stacklevel() -> int:
    """The ``stacklevel`` that makes a warning name the innermost frame of the user's program."""
    user = user_frame()
    frame, level = sys._getframe(2), 2  # 1 is warnings.warn's caller (``traced``)
    while frame is not None and frame is not user:
        frame, level = frame.f_back, level + 1
    return level if frame is not None else 2
