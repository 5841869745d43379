"""Whether every value converted code can meet right now is plain Python: ``ag__.PLAIN``.

    plain = ag__.PLAIN                  # the compiled code, once per call of a converted function
    if (x > 0 if plain else TRUTH):     # TRUTH: the test that tells a staged value apart
        ...

A backend's values exist only where it makes them: the graph's while a graph is traced (the
``building`` block of runtime/graph/builder.py), JAX's wherever JAX is imported, a backend a user
registers anywhere. ``PLAIN`` is True while none of them can exist: JAX not imported (nor any other
lazily registered package), no backend registered but the graph's, no graph being traced in any
thread. Then the compiled code asks a test's truth as Python asks it, in one jump, with the user's
own ``and`` / ``or`` / ``not``: Python 3.11 fuses a comparison with the jump that tests it, and any
look at the comparison's value (``(c := x > 0) is True``) costs that fusion, about as much as the
comparison itself (docs/generated_code.md, "In place").

While the flag holds, autograph also converts functions to their plain tier (autograph/tiers.py):
the function as written. Each time the flag turns False, the listeners of ``on_staged`` run first
(autograph's gives those functions their general code).

The flag only goes from True to False for good (JAX imported, a backend registered) or for the time
a trace runs. The compiled code reads it once per call, so a call that started before a trace keeps
its answer: its values are plain (the trace's values are made inside the trace, in the functions it
calls, each of which reads the flag afresh).
"""

from __future__ import annotations

import contextlib
import sys
import threading
from typing import Callable, Iterator

_lock = threading.Lock()
_traces = 0  # graph traces under way, in every thread
_staged_anywhere = False  # a backend whose values may exist outside our traces is registered or importable
_WATCHED: set[str] = set()  # top-level packages whose import registers a backend (runtime.backend.register_lazy)


_listeners: list[Callable[[], None]] = []  # called each time the flag turns False (on_staged)


def _publish() -> bool:
    """Set the flag; whether it turned False just now (the caller tells the listeners, outside the lock)."""
    runtime = sys.modules["runtime"]
    was = runtime.PLAIN
    runtime.PLAIN = not _staged_anywhere and not _traces
    return was and not runtime.PLAIN


def on_staged(listener: Callable[[], None]) -> None:
    """Call ``listener()`` each time the flag turns False, before the code that turned it goes on (a
    trace's body, the import of a watched package): autograph then gives the converted functions made
    for plain values their general code (autograph/tiers.py)."""
    _listeners.append(listener)


def _tell() -> None:
    for listener in list(_listeners):
        listener()


def trace_started() -> None:
    """An outermost graph trace begins (``building``)."""
    global _traces
    with _lock:
        _traces += 1
        turned = _publish()
    if turned:
        _tell()


def trace_ended() -> None:
    global _traces
    with _lock:
        _traces -= 1
        _publish()


def staged_anywhere() -> None:
    """A backend's values may exist from now on, anywhere: the flag is False for good."""
    global _staged_anywhere
    with _lock:
        _staged_anywhere = True
        turned = _publish()
    if turned:
        _tell()


def watch_package(package: str) -> None:
    """Values of ``package``'s types may be staged (``register_lazy``): the flag goes False for good
    when it is imported (or now, if it is)."""
    if package in sys.modules:
        staged_anywhere()
        return
    _WATCHED.add(package)
    if _WATCHER not in sys.meta_path:
        sys.meta_path.insert(0, _WATCHER)


class _ImportWatcher:
    """A finder that finds nothing: it notes the import of a watched package and lets the others
    import it (one set look-up per import of a module not imported yet)."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name in _WATCHED:
            staged_anywhere()
        return None


_WATCHER = _ImportWatcher()


@contextlib.contextmanager
def assume(value: bool) -> Iterator[None]:
    """For tests of either path of the compiled code: the flag ``value`` inside the block, whatever it
    was (until a trace starts or ends). ``True`` only for code whose values are all plain Python."""
    runtime = sys.modules["runtime"]
    saved = runtime.PLAIN
    runtime.PLAIN = value
    if saved and not value:
        _tell()
    try:
        yield
    finally:
        turned = runtime.PLAIN and not saved
        runtime.PLAIN = saved
        if turned:
            _tell()
