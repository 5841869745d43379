"""Reads of the clock, and other calls that give another value at every call, while a backend traces.

Before (the user's code)::

    start = time.perf_counter()
    while np.max(np.abs(step)) > tol and time.perf_counter() - start < budget:
        ...
    stamp = datetime.now()

After (converted code: the converter never leaves such a callee plain, autograph/converters/call_trees.py)::

    start = ag__.call(time.perf_counter)()
    ... ag__.call(time.perf_counter)() - start < budget ...
    stamp = ag__.call(datetime.now)()

Called while a graph (or JAX) traces, ``time.perf_counter()`` would read the clock once, and its value
would be a constant of the traced program: every later call would get the trace's time (a time budget
that never runs out, a duration of zero), where eager code reads the clock anew. So ``ag__.call``
(runtime/calls.py) gives such a callee to the backend tracing now (``Backend.varying_call``): the
graph backend stages a ``clock`` node that reads the clock each time the graph runs
(runtime/graph/clock_reads.py); what no graph value can hold (``datetime.now()``, ``os.urandom(n)``,
``uuid.uuid4()``, ``time.strftime(fmt)`` of the time now) is refused at its line, and JAX refuses all
of them. With no backend tracing, the callee is returned as it is and runs now, as in eager code.

Which callables count (``varies``): ``CLOCKS``, the ``time`` module's clocks that return a number;
``SOURCES``, the standard library's other functions that read the clock or the system's randomness
(``os.urandom``, ``uuid.uuid4``, ``secrets.token_hex``, ...; ``time.localtime()`` and the other formatting
functions only when the time argument is left out or None: ``time.localtime(t)`` is a function of ``t``);
``datetime``'s ``now``, ``utcnow`` and ``today`` (of ``datetime.datetime``, ``datetime.date`` and their
subclasses); ``np.datetime64("now")`` (``"today"``), which NumPy reads from the clock; and ``next()``, whose
iterator a call may share with the next one (runtime/graph/iterator_watch.py). Python's own
``random`` module is runtime/random_calls.py's. Code the converter does not convert (a library's, the standard
library's own ``logging`` timestamps) reads the clock while tracing, as any Python side effect there runs once
(docs/graphs.md, "The clock").
"""

from __future__ import annotations

import datetime
import os
import sys
import time
import types
from typing import Any, Callable, Optional

import numpy as np

from runtime.backend import staging_backends
from runtime.staging import NotStageable, user_location

# The clocks that return a number: id -> (the name the user writes, the function). The graph reads them at run time.
CLOCKS: dict[int, tuple[str, Callable]] = {
    id(function): (f"time.{name}", function)
    for name in ("time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "process_time",
                 "process_time_ns", "thread_time", "thread_time_ns")
    if (function := getattr(time, name, None)) is not None}

# The other sources: id -> (name, function, the position of the time argument whose absence reads the clock, or
# None: every call reads a new value). No graph value holds what they return (text, bytes, a UUID, a struct_time).
SOURCES: dict[int, tuple[str, Callable, Optional[int]]] = {
    id(function): (name, function, at)
    for name, function, at in (
        ("time.localtime", time.localtime, 0), ("time.gmtime", time.gmtime, 0), ("time.ctime", time.ctime, 0),
        ("time.asctime", time.asctime, 0), ("time.strftime", time.strftime, 1),
        ("os.urandom", os.urandom, None), ("os.getrandom", getattr(os, "getrandom", None), None))
    if function is not None}
# The standard library's Python functions among them, by module: looked up by name (``python_source``), so that
# their modules are not imported here (a program that calls one imported it).
PYTHON_SOURCES = {"uuid": frozenset({"uuid1", "uuid4"}),
                  "secrets": frozenset({"token_bytes", "token_hex", "token_urlsafe"})}

# datetime's constructors of the time now: bound to the class they are read from (a new bound method each read).
_NOW_METHODS = frozenset({"now", "utcnow", "today"})
# NumPy's datetime64 of the time now: ``np.datetime64("now")``, ``np.datetime64("today", "h")`` (NumPy reads the words
# in any case, as text or bytes). A graph holds datetime64 values: it reads the clock at run time (ops_clock.py).
DATETIME64 = np.datetime64
_NOW_WORDS = frozenset({"now", "today"})
# ``next(it)``: an iterator's state, which a call may share with the next call (a global iterator of batches). The
# graph notes the iterators a trace advances, and refuses those that outlive the call (runtime/graph/iterator_watch.py).
ADVANCE = next


def varies(f: Any) -> bool:
    """Whether a call of ``f`` may read the clock or the system's randomness (see the module's docstring)."""
    key = id(f)
    if key in CLOCKS or key in SOURCES or f is DATETIME64 or f is ADVANCE:
        return True
    return describe_now(f) is not None or python_source(f) is not None


def python_source(f: Any) -> Optional[str]:
    """``uuid.uuid4`` (or another of ``PYTHON_SOURCES``) as the user wrote it, if ``f`` is that function of the
    imported module; else None."""
    if type(f) is not types.FunctionType:
        return None
    module = f.__module__
    names = PYTHON_SOURCES.get(module) if type(module) is str else None
    if names is None or f.__name__ not in names or getattr(sys.modules.get(module), f.__name__, None) is not f:
        return None
    return f"{module}.{f.__name__}"


def describe_now(f: Any) -> Optional[str]:
    """``datetime.now`` (or ``date.today``, ...) as the user wrote it, if ``f`` is a C constructor of the time now
    (``now``, ``utcnow``, ``today``) bound to ``datetime.date`` or a subclass of it; else None. A subclass's own
    Python ``now`` is its code, which converted code converts."""
    if type(f) is not _C_METHOD or getattr(f, "__name__", None) not in _NOW_METHODS:
        return None
    owner = f.__self__
    if not isinstance(owner, type) or not issubclass(owner, datetime.date):
        return None
    return f"{owner.__name__}.{f.__name__}"


_C_METHOD = type(datetime.datetime.now)


def describe(f: Any) -> str:
    """How the user wrote ``f``, near enough: ``time.perf_counter``, ``datetime.now``, ``uuid.uuid4``."""
    entry = CLOCKS.get(id(f)) or SOURCES.get(id(f))
    if entry is not None:
        return entry[0]
    if f is DATETIME64:
        return "np.datetime64"
    if f is ADVANCE:
        return "next"
    return describe_now(f) or python_source(f) or getattr(f, "__qualname__", repr(f))


def reads_now(f: Any, args: tuple, kwargs: dict) -> bool:
    """Whether this call of ``f`` (``varies``) reads a value of the moment: every call does, but that of a time
    formatting function given its time argument (``time.localtime(t)``, ``time.strftime(fmt, t)``), and
    ``np.datetime64`` of anything but the words "now" and "today"."""
    if f is DATETIME64:
        return bool(args) and is_now_word(args[0])
    entry = SOURCES.get(id(f))
    if entry is None or entry[2] is None:
        return True
    at = entry[2]
    return (args[at] if len(args) > at else kwargs.get("secs", kwargs.get("t"))) is None


def is_now_word(value: Any) -> bool:
    """Whether ``value`` is text NumPy's datetime parser reads as the time now: "now" or "today", in any case."""
    if type(value) is bytes:
        try:
            value = value.decode("ascii")
        except UnicodeDecodeError:
            return False
    return type(value) is str and value.lower() in _NOW_WORDS


def refusing(f: Callable, why: str) -> Callable:
    """What a backend hands back for ``f`` (``varies``) that it cannot stage: ``f`` itself for a call that reads no
    value of the moment (``reads_now``: ``time.strftime(fmt, t)``), else a ``NotStageable`` at the user's line,
    ``"<file:line>: <f>() " + why``."""
    def refuse(*args: Any, **kwargs: Any) -> Any:
        if not reads_now(f, args, kwargs):
            return f(*args, **kwargs)
        raise NotStageable(f"{user_location()}: {describe(f)}() {why}")
    return refuse


def varying_call(f: Callable) -> Callable:
    """What converted code calls in place of ``f`` (``varies``): the answer of the first backend tracing now on this
    thread that has one (a staged read, or a refusal), else ``f``."""
    for backend in staging_backends():
        staged = backend.varying_call(f)
        if staged is not NotImplemented:
            return staged
    return f
