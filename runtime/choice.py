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

A test of the converted form itself asks for it with no backend tracing (``converted_form``, which
``autograph.testing.converted_form(trace=False)`` gives): converted functions called inside the block
run their converted form on the values they get, and nothing is staged (NumPy's random functions draw
now, ``np.zeros`` is NumPy's). Its probe is asked from its first use on, so a process that never uses
it pays nothing for it.

JAX is registered lazily (``register_lazy``): until a JAX value reaches an operator, the first call
after a new module was imported looks whether ``jax`` is among them, and registers its backend then
(one ``len(sys.modules)`` comparison per call otherwise). No import hook, no listener.
"""

from __future__ import annotations

import sys
import threading
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (test_choice.py)
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Callable, Union

_modules = sys.modules
_lock = threading.Lock()


@dataclass(frozen=True)
class Probe:
    """A backend's per-thread "tracing now?" test as a Python expression over ``names`` (``tracing()`` is
    compiled from its backends' expressions: no call per backend). ``expression`` is true while the
    backend's values may be live on the calling thread."""

    expression: str
    names: dict[str, Any] = field(default_factory=dict)


_probes: list[Probe] = []  # one per registered backend, in registration order
# len(sys.modules) when the lazily registered packages were last looked for (-1: never).
_modules_seen = [-1]
_look_for_lazy: list[Callable[[], None]] = []  # runtime.backend's: registers the backends of imported packages


def as_probe(probe: Union[Probe, Callable[[], Any]]) -> Probe:
    """``probe`` as a ``Probe``: a callable of no arguments becomes the expression calling it."""
    return probe if isinstance(probe, Probe) else Probe("bool({probe}())", {"probe": probe})


def compile_probes(probes: list[Probe], name: str = "tracing", look_for_lazy: bool = False) -> Callable[[], bool]:
    """One function of no arguments, true while any of ``probes`` is: each probe's expression inline (no call
    per probe); with ``look_for_lazy``, then the look for lazily registered packages imported since the last look
    (a length comparison). ``tracing`` is one; runtime/backend.py compiles another for the backends that stage
    static ranges."""
    namespace: dict[str, Any] = {"_modules": _modules, "_modules_seen": _modules_seen,
                                 "_imported_since": _imported_since, "len": len}
    tests = []
    for index, probe in enumerate(probes):
        expression = probe.expression
        for key, value in probe.names.items():  # each probe's names, made its own
            own = f"_p{index}_{key}"
            namespace[own] = value
            expression = expression.replace("{" + key + "}", own)
        tests.append(f"({expression})")
    if look_for_lazy and _look_for_lazy:
        # A subtraction, not `!=`: a comparison of ints asks the interpreter's recursion check, so at the
        # recursion limit the choice would fail a level before the function it stands in (tomllib's tests).
        tests.append("(len(_modules) - _modules_seen[0] and _imported_since())")
    source = f"def {name}():\n    return {' or '.join(tests) or 'False'}\n"
    exec(compile(source, f"<runtime.choice.{name}>", "exec"), namespace)
    function = namespace[name]
    function.__module__ = __name__
    return function


_TRACING_DOC = """Whether a staged value may reach the converted function calling this, on this call: a backend
is tracing on the calling thread. The compiled code asks it first thing (``if ag__.tracing():``)."""


def _imported_since() -> bool:
    _modules_seen[0] = len(_modules)
    done = [look for look in list(_look_for_lazy) if not look()]
    if done:
        with _lock:
            for look in done:
                if look in _look_for_lazy:
                    _look_for_lazy.remove(look)
            _publish()
    return sys.modules[__name__].tracing()  # (the one compiled with any backend registered meanwhile)


def add_probe(probe: Union[Probe, Callable[[], Any]]) -> None:
    """Ask ``probe`` from now on (``runtime.backend.register`` adds each backend's): a ``Probe``, or a
    callable of no arguments, truthy while the backend's values may be live on this thread."""
    with _lock:
        _probes.append(as_probe(probe))
        _publish()


def on_new_modules(look: Callable[[], bool]) -> None:
    """Call ``look()`` on the first ``tracing()`` after modules were imported (lazy registration), until
    it returns False (nothing left to look for: then ``tracing`` no longer looks)."""
    with _lock:
        if look not in _look_for_lazy:
            _look_for_lazy.append(look)
            _publish()


def _publish() -> None:
    """Compile ``tracing`` afresh and make it the one the converted code calls (``ag__.tracing``). A call
    under way keeps the one it has: a backend registered meanwhile has no value live in it yet."""
    global tracing
    compiled = tracing = _compile_tracing()
    runtime = sys.modules.get("runtime")
    if runtime is not None and getattr(runtime, "tracing", None) is not None:
        runtime.tracing = compiled


def _compile_tracing() -> Callable[[], bool]:
    compiled = compile_probes(_probes, look_for_lazy=True)
    compiled.__doc__ = _TRACING_DOC
    return compiled


tracing = _compile_tracing()


# True inside ``converted_form`` blocks (per thread and context).
_CONVERTED_FORM: ContextVar[bool] = ContextVar("runtime_choice_converted_form", default=False)
_CONVERTED_FORM_PROBE = Probe("{asked}()", {"asked": _CONVERTED_FORM.get})


class converted_form:  # noqa: N801  (used as a function: ``with converted_form():``)
    """Inside the block, converted functions called in this context run their converted form (what
    ``to_code`` shows) with no backend tracing: on plain values, as Python would run them, with nothing
    staged. For tests that the converted form agrees with the function as written::

        with runtime.choice.converted_form():
            assert autograph.convert(f)(3) == f(3)

    A trace started inside the block (``autograph.function``, ``jax.jit``) is a trace as anywhere else.
    Per thread and context, as a trace is; an interrupt (Ctrl-C) lands before the block starts or
    inside it, where ``__exit__`` ends it."""

    __slots__ = ("token",)

    def __enter__(self) -> None:
        if not any(probe is _CONVERTED_FORM_PROBE for probe in _probes):  # the first use: ask it from now on
            with _lock:
                if not any(probe is _CONVERTED_FORM_PROBE for probe in _probes):
                    _probes.append(_CONVERTED_FORM_PROBE)
                    _publish()
        previous = _CONVERTED_FORM.get()
        try:
            self.token = _CONVERTED_FORM.set(True)
        except BaseException:  # an interrupt that landed right after the set: undone
            _CONVERTED_FORM.set(previous)
            raise

    def __exit__(self, *exception: Any) -> None:
        _CONVERTED_FORM.reset(self.token)
