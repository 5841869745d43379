"""``executor="jax"``: one ``jax.jit`` per ``Function``, whose own C++ cache picks the trace a call runs.

    f = autograph.function(halve, executor="jax")
    f(x)      # first call: the general path traces halve for float64[1000], then runs it through
              # the Function's dispatcher, jax.jit(body): JAX traces body, which finds that trace
              # and returns its lowering; jax.jit compiles it and caches it under x's shape and dtype
    f(x)      # jax.jit's C++ dispatch finds the compiled program from x's shape and dtype:
              # no key of ours is built, hashed or looked up, no Python frame of ours in between

The keyed call (autograph/call_keys.py ``make_fast_call``) builds a key of ``(shape, dtype)`` per
parameter, hashes it and looks it up before ``jax.jit``, whose dispatch then does the same work in
C++; between two XLA dispatches those few steps of Python cost several times their own time
(docs/benchmarks.md). ``make_dispatch_call`` compiles, with the user's parameter list, a call that
checks each parameter (a plain ``np.ndarray`` of native byte order, nothing else), counts the call, checks that no
trace of ours is under way and that 64 bits are on (switching them on for the call if not), and
hands the arrays to the dispatcher, after the zero every executable of ours takes first
(runtime/jax/lowering.py, ``EXACT_PRODUCTS``): ``np.asarray(dispatcher(zero, *arrays))``.

Why no call can run the wrong trace: ``jax.jit`` keys a NumPy array by its shape and dtype (and
its own configuration, 64 bits included), as our ``TensorSpec`` key does; the dispatcher's body
runs only when JAX traces (a cache miss), and there it computes our key from the abstract values
(``Function._traced_for``) and returns the lowering of exactly the trace our general path would
run for that key (``input_signature`` included), or raises ``Untraced``. The body never traces the
user's function: a key not traced yet, or a trace the dispatcher cannot run (several outputs,
state, Python values among the arguments), makes the call fail, and the compiled call hands it to
the general path, which traces outside JAX and runs it. Arguments JAX would key otherwise than we
do never reach the dispatcher: Python numbers (weakly typed and shared across values by JAX, one
trace per value for us), nests (JAX sorts a dict's keys), NumPy scalars, JAX arrays and ndarray
subclasses take the keyed call, and so do arrays of non-native byte order (``>f8``), whose bytes JAX
reads as the native dtype's: a trace for such an array is never run by the dispatcher either.
"""

from __future__ import annotations

import inspect
import os
import weakref
from typing import Any, Callable, Optional, Sequence

import numpy as np

from autograph.call_keys import call_arguments, compilable, make_binder, parameter_list, scalar_flavour
from autograph.trace_guards import any_changed
from runtime.graph import TensorSpec, error_state

_P = inspect.Parameter
_DISPATCH_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "<autograph jax dispatch>")


class Untraced(Exception):
    """The dispatcher's body found no trace it can run for these abstract values: the general path answers."""


class Dispatcher:
    """``jitted(*arrays)``: ``jax.jit`` of a body that runs, at JAX's trace time only, ``function._traced_for``
    on the arrays' specs and returns that trace's single-output lowering (``Lowered._fn_single``). It holds
    the ``Function`` weakly (the Function holds it, through its compiled call)."""

    def __init__(self, function: Any) -> None:
        import jax

        from runtime.jax import lowering

        ref = weakref.ref(function)

        def body(zero: Any, scalars: tuple, *arrays: Any) -> Any:
            # ``scalars``: each array's TensorSpec.scalar (call_keys.scalar_flavour), static: JAX sees np.float64(1)
            # and np.array(1.0) alike, and a Function keys them apart.
            live = ref()
            concrete = None if live is None else live._traced_for(
                tuple(TensorSpec(a.shape, a.dtype, scalar) for a, scalar in zip(arrays, scalars)))
            single = getattr(concrete, "_jax_single", None)
            if single is None:
                raise Untraced("no trace of this Function that the dispatcher can run for these arrays")
            return lowering.exactly(zero, single, *arrays)

        body.__name__ = body.__qualname__ = getattr(function, "__name__", "function")
        # ``jitted(zero, *arrays)``: the zero an executable of ours takes first, that keeps NumPy's rounding of
        # a product feeding an add (runtime/jax/lowering.py, ``EXACT_PRODUCTS``).
        self.jitted = jax.jit(body, static_argnums=1)
        self.zero = lowering.zero()
        self.x64 = lowering.x64_switch()
        self.missed = False  # a call of the compiled call failed in the dispatcher since the last ``forget_misses``

    def miss(self) -> None:
        """The compiled call's note that the dispatcher failed for a call (``forget_misses`` says why it matters)."""
        self.missed = True

    def forget_misses(self) -> None:
        """Drop ``jax.jit``'s C++ cache entries if a call failed since the last time: a signature whose first
        trace raised (``Untraced``: a shape not traced yet, or a trace on ``executor="auto"``'s trial) stays
        marked in that cache to take JAX's Python path on every later call (~250 µs more a call, measured on
        ``shaped`` at float64[5]), even once the body can run it. ``_clear_cache`` empties the C++ cache
        alone (each signature then refills it with one call through JAX's own Python caches, no new trace or
        compile); a JAX without it gets ``clear_cache``, which also drops those caches (a compile per shape)."""
        if self.missed:
            self.missed = False
            clear = getattr(self.jitted, "_clear_cache", None) or self.jitted.clear_cache
            clear()

    def runner(self, fallback: Callable[[Sequence[Any]], Any]) -> Callable[[Sequence[Any]], np.ndarray]:
        """``run(inputs)``: a trace's run (what the general path and the keyed call run) through the dispatcher,
        so that every path compiles one program per shape. Where the dispatcher fails (JAX refuses an input,
        such as a masked array), ``fallback``, the trace's own run, answers: it converts what it can, or
        raises the error a call without the dispatcher raises (a trace the dispatcher runs has no state:
        nothing ran twice)."""
        jitted, asarray, zero = self.jitted, np.asarray, self.zero
        on, restore, local = self.x64
        quiet = error_state.ambient_quiet

        def read(result: Any) -> Optional[np.ndarray]:
            """The output of the dispatcher's run, None where a summation-order check failed (the fallback
            raises its error): see ``make_dispatch_call``."""
            if result.__class__ is not tuple:
                return asarray(result)
            return None if result[1] else asarray(result[0])

        def run(inputs: Sequence[Any]) -> np.ndarray:
            if not quiet():  # a state that asks to raise (XLA signals none): the trace's own run decides
                return fallback(inputs)
            if local() is True:  # 64 bits on already
                try:
                    out = read(jitted(zero, tuple(map(scalar_flavour, inputs)), *inputs))
                except Exception:
                    out = None
                return fallback(inputs) if out is None else out
            prev = on()
            try:  # (read with 64 bits on: see runtime/jax/lowering.py, Lowered._stateless_call)
                out = read(jitted(zero, tuple(map(scalar_flavour, inputs)), *inputs))
            except Exception:
                out = None
            finally:
                restore(prev)
            return fallback(inputs) if out is None else out
        return run


def make_dispatch_call(signature: inspect.Signature, qualname: str, dispatcher: Dispatcher,
                       keyed: Callable[..., Any], general: Callable[..., Any], building: Callable[[], Any],
                       tick: Callable[[], Any], guards: list) -> Optional[Callable[..., Any]]:
    """A ``Function``'s call through ``dispatcher`` (the module docstring), compiled with the parameters of
    the user's function (Python's own ``TypeError`` for a wrong call, in the caller's frame): a call whose
    every parameter is a plain ``np.ndarray`` is counted (``tick``) and, unless ``building()`` (a trace of
    ours under way) or one of ``guards`` finds a change (autograph/trace_guards.py: ``general`` drops the
    traces), runs ``np.asarray(dispatcher.jitted(dispatcher.zero, *arrays))`` with 64 bits on; if that raises
    (a trace not made yet, or anything JAX refuses), ``dispatcher.miss()`` and ``general``, which decides as
    the keyed call would.
    Any other call is ``keyed``'s (which counts it). None for a signature with ``*args`` or ``**kwargs``
    or one the compiled form cannot spell: then the keyed call stays."""
    params = list(signature.parameters.values())
    bind = make_binder(signature, qualname)
    if not compilable(bind, params) or any(p.kind in (_P.VAR_POSITIONAL, _P.VAR_KEYWORD) for p in params):
        return None
    arrays = ", ".join(p.name for p in params)
    passed = call_arguments(params)
    # A plain ndarray of native byte order: JAX reads a ">f8" array's bytes as a native float64's (a wrong
    # result, silently), so those take the keyed call, which keys them apart (and JAX then refuses them).
    test = " and ".join(f"{p.name}.__class__ is ag__ndarray and {p.name}.dtype.isnative" for p in params) or "True"
    # (Each array's TensorSpec.scalar, as ``scalar_flavour`` says for plain ndarrays: False for a 0-d one.)
    scalars = "".join(f"False if {p.name}.ndim == 0 else None, " for p in params)
    # A trace whose only checks are of summation order returns (output, failed) (Lowered.checked_single): one
    # that failed takes the general path, whose run raises the error (the trace has no effects to repeat).
    body = [f"ag__r = ag__dispatch(ag__zero, ({scalars}), {arrays})",
            "if ag__r.__class__ is not ag__tuple:",
            "    return ag__asarray(ag__r)",
            "if not ag__r[1]:",
            "    return ag__asarray(ag__r[0])"]
    run = [*body, "except Exception:  # untraced, or refused by JAX", "    ag__miss()"]
    tried = len(body)
    lines = [f"def call({parameter_list(params)}):",
             f"    if {test}:",
             "        ag__tick()",
             "        if ag__building() is None and (ag__errstate() is ag__quiet_state[0] or ag__quiet()) and not (",
             "                ag__guards and ag__changed(ag__guards)):",
             "            if ag__local() is True:",
             "                try:", *(f"                    {line}" for line in run[:tried]),
             *(f"                {line}" for line in run[tried:]),
             "            else:",
             "                ag__prev = ag__on()",
             "                try:", *(f"                    {line}" for line in run[:tried]),
             *(f"                {line}" for line in run[tried:]),
             "                finally:",
             "                    ag__restore(ag__prev)",
             f"        return ag__general({passed})",
             f"    return ag__keyed({passed})"]
    on, restore, local = dispatcher.x64
    namespace = {"ag__ndarray": np.ndarray, "ag__asarray": np.asarray, "ag__tuple": tuple,
                 "ag__dispatch": dispatcher.jitted, "ag__tick": tick, "ag__building": building, "ag__local": local,
                 "ag__on": on,
                 "ag__restore": restore, "ag__general": general, "ag__keyed": keyed, "ag__miss": dispatcher.miss,
                 "ag__zero": dispatcher.zero, "ag__guards": guards, "ag__changed": any_changed,
                 "ag__quiet": error_state.ambient_quiet, "ag__quiet_state": error_state.LAST_QUIET,
                 "ag__errstate": error_state.current_fast}
    exec(compile("\n".join(lines) + "\n", _DISPATCH_FILE, "exec"), namespace)
    call = namespace["call"]
    call.__defaults__, call.__kwdefaults__ = bind.__defaults__, bind.__kwdefaults__
    call.__qualname__ = call.__name__ = bind.__qualname__
    return call


def single_trace(tree: Any, leaves: Sequence[Any], lowered: Any, single_output: bool) -> Any:
    """What the dispatcher's body runs for a trace (``Lowered._fn_single``), or None where it cannot: the trace
    must take one array per parameter (no Python values, no nests) and return one array, with no state
    (no Variable, print or assert) and no argument written into."""
    if not single_output or lowered is None or not lowered.single:
        return None
    if error_state.nodes_with_state(lowered.graph):  # (its runs resolve the function's own np.errstate)
        return None
    if any(child.kind != "leaf" for child in tree.children) or not all(isinstance(x, TensorSpec) for x in leaves):
        return None
    if not all(isinstance(x.dtype, np.dtype) and x.dtype.isnative for x in leaves):  # JAX misreads ">f8" arrays
        return None
    return lowered._fn_single
