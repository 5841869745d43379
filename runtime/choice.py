"""Which of its two forms a converted function runs, chosen at the top of each call: ``ag__.tracing()``.

    def f(x):                     # what autograph compiles for `def f(x): return x if x > 0 else -x`
        if ag__.tracing():        # a staged value may reach this call: the converted form
            return ag__.if_exp(x > 0, lambda: x, lambda: -x)
        return x if x > 0 else -x     # otherwise: the function as written

A staged value can reach a call only while a backend is tracing on the calling thread: the graph's
while a graph is traced (``runtime.graph.builder.building``), JAX's inside ``jit`` / ``grad`` /
``vmap`` / ``make_jaxpr``. Each registered backend gives a *probe* (``Backend.tracing_probe``), a
callable of no arguments that is truthy while its values may be live on this thread; ``tracing()``
asks them in turn. Nothing here is process-wide state that a call could see half-changed: the
probes read the backends' own per-thread (per-context) trace state, so threads, interrupts and
traces started anywhere on the stack each get the answer for their own call.

A backend whose values may exist outside its traces (a third-party eager-array library) keeps the
default probe, ``staging_now``, which is True unless it says otherwise: converted functions then run
their converted form on every call while it is registered (never the as-written form on one of its
values, which would ask the value's truth).

JAX is registered lazily (``register_lazy``): until a JAX value reaches an operator, the first call
after a new module was imported looks whether ``jax`` is among them, and registers its backend then
(one ``len(sys.modules)`` comparison per call otherwise). No import hook, no listener.
"""

from __future__ import annotations

import sys
import threading
from typing import Any, Callable

_modules = sys.modules
_lock = threading.Lock()
# One probe per registered backend, in registration order: truthy while its values may be live on this thread.
_probes: list[Callable[[], Any]] = []
# len(sys.modules) when the lazily registered packages were last looked for (-1: never).
_modules_seen = [-1]
_look_for_lazy: list[Callable[[], None]] = []  # runtime.backend's: registers the backends of imported packages


def tracing() -> bool:
    """Whether a staged value may reach the converted function calling this, on this call: a backend
    is tracing on the calling thread. The converted code asks it first thing (``if ag__.tracing():``)."""
    for probe in _probes:
        if probe():
            return True
    if _modules_seen[0] != len(_modules):  # a module was imported since the last look: a lazy backend's?
        return _imported_since()
    return False


def _imported_since() -> bool:
    _modules_seen[0] = len(_modules)
    for look in _look_for_lazy:
        look()
    return any(probe() for probe in list(_probes))


def add_probe(probe: Callable[[], Any]) -> None:
    """Ask ``probe()`` from now on (``runtime.backend.register`` adds each backend's)."""
    with _lock:
        _probes.append(probe)


def on_new_modules(look: Callable[[], None]) -> None:
    """Call ``look()`` on the first ``tracing()`` after modules were imported (lazy registration)."""
    _look_for_lazy.append(look)
