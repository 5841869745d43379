"""The JAX backend: control flow whose condition or iterable is a JAX tracer becomes ``lax``.

Before (what the user wrote, called under ``jax.jit``)::

    def f(x):
        if x.sum() > 0:
            y = x * 2
        else:
            y = -x
        return y

After (what the converter writes; ``x.sum() > 0`` is a tracer, so this backend runs it)::

    def f(x):
        def if_body():
            nonlocal y
            y = x * 2
        def else_body():
            nonlocal y
            y = -x
        y = ag__.Undefined('y')
        ag__.if_stmt(x.sum() > 0, if_body, else_body, ('y',))()   # -> lax.cond
        return y

``if`` and ``a if c else b`` become ``lax.cond`` (``runtime/jax/cond.py``); loops become ``lax.while_loop`` or
``lax.scan`` (``runtime/jax/loops.py``). Importing this module does not import JAX.
"""

from __future__ import annotations

import re
import sys
import weakref
from typing import Any, Callable, Optional

import numpy as np

from runtime import operators
from runtime.backend import Backend, State, Thunk
from runtime.choice import Probe
from runtime.jax.leaves import opaque
from runtime.jax.ranges import JaxEnumerate, JaxRange, JaxZip
from runtime.loop_tests import binds_names, rebinding

# What str() of a JAX tracer says: `JitTracer(float64[])`, `VmapTracer(aval=...)`, `GradTracer(primal=...)` (the JAX
# installed here), `Traced<ShapedArray(float64[])>with<DynamicJaxprTrace>` (older JAX).
_TRACER_TEXT = re.compile(r"\b\w*Tracer\(|Traced<")


def _trace_check() -> Callable[[], bool]:
    """A cheap ``staging_now`` for the imported JAX: the thread's current trace is not the evaluating
    one. It reads JAX's private trace state (what ``core.trace_ctx.trace`` returns, without the
    property's call); a JAX without it gets the always-true answer, which is safe."""
    try:
        from runtime.jax.jax_internals import trace_state

        found = trace_state()
    except ImportError:
        found = None
    if found is None:
        return lambda: True
    state, evaluating = found
    return lambda: state.value is not evaluating


_TRACE_CHECK: list[Optional[Callable[[], bool]]] = [None]  # made on the first ask after JAX is imported
# Classes whose instances JAX's pytrees take as leaves (no flatten registered, no NamedTuple): nothing in one can be
# a tracer a loop carries. Found per class on the first instance: a loop's closure scan (runtime/operators.py) meets
# lists of thousands of such objects (ply's grammar items), each of which tree_leaves walked again at every loop.
_LEAF_CLASSES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _staged_test(value: Any, rest: tuple[Thunk, ...], combine: Callable, stops_on: bool) -> Any:
    """``value and rest...`` (``stops_on`` False) or ``value or rest...`` (True) as a test, ``value`` staged: the
    array operands combined with ``combine``. Any other operand is a Python value whose truth Python asks (a number,
    a bool, None, a string, a list): where it is ``stops_on``, it decides the test whatever the staged ones before it
    hold (``a.size and False`` is false), so the test is that Python bool and the operands after it are not evaluated,
    as Python evaluates none after it; of the other truth it changes nothing. So an `if` on such a test is not staged
    (detecta's ``detect_cusum`` calls itself under ``if tai.size and ending:``, with ``ending`` False there: a staged
    `if` would trace it without end)."""
    import jax

    for thunk in rest:
        operand = thunk()
        if isinstance(operand, (jax.Array, np.ndarray)):
            value = combine(value, operand)
        elif bool(operand) is stops_on:
            return stops_on
    return value


class JaxBackend(Backend):
    """Owns JAX tracers (values inside ``jit``, ``grad``, ``vmap``) and stages with ``lax``."""

    name = "jax"
    # for_stmt accepts a Python range whose body carries tracers (one lax.scan; Python's loop when
    # no carried variable holds a tracer): the dispatch core may offer such loops to this backend.
    stages_static_ranges = True

    def owns(self, cls: type) -> bool:
        if cls is JaxRange or cls is JaxZip or cls is JaxEnumerate:
            return True
        # No JAX imported means no tracer can exist yet: answer without importing it.
        jax = sys.modules.get("jax")
        return jax is not None and issubclass(cls, jax.core.Tracer)

    def staged_inside(self, value: Any) -> bool:
        # A NamedTuple, a registered dataclass, an equinox or flax module carrying tracers (an object JAX does
        # not flatten is its own single leaf: no tracer, since this backend does not own its type).
        jax = sys.modules.get("jax")
        if jax is None:
            return False
        cls = type(value)
        if cls in _LEAF_CLASSES:
            return False
        try:
            leaves = jax.tree_util.tree_leaves(value, is_leaf=opaque)
        except Exception:  # noqa: BLE001 - a flattening that fails holds nothing a loop could carry
            return False
        tracer = jax.core.Tracer
        if len(leaves) == 1 and leaves[0] is value and not isinstance(value, (tracer, dict)):
            try:  # (a dict subclass is a leaf or not by its keys: asked each time)
                _LEAF_CLASSES[cls] = True
            except TypeError:  # a class that takes no weak reference: asked each time
                pass
            return False
        for leaf in leaves:
            if isinstance(leaf, tracer):
                return True
        return False

    def refuse_traced_text(self, text: str) -> None:
        """Text holding a JAX tracer's own text (``JitTracer(float64[])``, ``VmapTracer(...)``, older JAX's
        ``Traced<ShapedArray(float64[])>with<...>``), used as data while JAX
        traces: refused at the user's line (runtime/text.py)."""
        found = _TRACER_TEXT.search(text)
        if found is not None:
            from runtime.staging import NotStageable, user_location

            start = found.start()
            raise NotStageable(
                f"{user_location()}: text made from a value JAX is tracing is used as data here (its length, a "
                f"comparison, a parse, a key): while tracing, its text is JAX's placeholder {text[start:start + 40]!r}"
                "..., not the value's. Text of a traced value may go into an exception's message, print(), warnings "
                "or logging (jax.debug.print prints values when the program runs); to compute with the value use "
                "jax.numpy on it, or make the text outside the traced function")

    def staging_now(self) -> bool:
        """Whether a JAX trace (``jit``, ``grad``, ``vmap``, ...) is under way on this thread: outside
        one no tracer is live, so no loop body can close over one."""
        check = _TRACE_CHECK[0]
        if check is None:
            if sys.modules.get("jax") is None:  # no JAX, no tracer
                return False
            check = _TRACE_CHECK[0] = _trace_check()
        return check()

    def tracing_probe(self) -> Any:
        """JAX's trace state read inline, once JAX is imported (``staging_now`` until then): the thread's
        current trace is not the evaluating one (see _trace_check)."""
        if sys.modules.get("jax") is None:  # (None: marked missing, as a test may do)
            return self.staging_now
        try:
            from runtime.jax.jax_internals import trace_state

            found = trace_state()
        except ImportError:
            found = None
        if found is None:
            return self.staging_now
        state, evaluating = found
        return Probe("{state}.value is not {evaluating}", {"state": state, "evaluating": evaluating})

    def if_stmt(self, cond: Any, body: Thunk, orelse: Optional[Thunk], state: State) -> None:
        from runtime.jax import cond as branches  # imports JAX

        branches.if_stmt(cond, body, orelse, state)

    def while_stmt(self, test: Thunk, body: Thunk, state: State) -> None:
        from runtime.jax import loops  # imports JAX

        if not binds_names(test):
            loops.while_stmt(test, body, state, raise_when_run=True)
            return
        # (a walrus in the test: runtime/loop_tests.py)
        loops.while_stmt(test, rebinding(test, body), state, raise_when_run=True)
        test()

    def while_from_start(self, test: Thunk, body: Thunk, state: State) -> bool:
        from runtime.jax import loops  # imports JAX

        if not binds_names(test):
            return loops.while_from_start(test, body, state)
        staged = loops.while_from_start(test, rebinding(test, body), state)
        if staged:
            test()
        return staged

    def for_stmt(self, iterable: Any, extra_test: Optional[Thunk], body: Callable[[Any], None],
                 state: State) -> None:
        from runtime.jax import loops  # imports JAX

        loops.for_stmt(iterable, extra_test, body, state)

    def if_exp(self, cond: Any, if_true: Thunk, if_false: Thunk) -> Any:
        from runtime.jax import cond as branches  # imports JAX

        return branches.if_exp(cond, if_true, if_false)

    # As Python: `not` is the truth of one value, and `and` / `or` give the operand Python would, lazily (the rest
    # is traced in the branch of a cond where it runs). (They were JAX's elementwise logical_not / logical_and:
    # `x and y` of two scalars gave True where Python gives y, and `not x` of an array an array, not an error.)
    def not_(self, value: Any) -> Any:
        from runtime.jax import cond as branches  # imports JAX

        return branches.not_(value)

    def is_(self, left: Any, right: Any) -> Any:
        """``left is right`` with a value JAX traces on one side. ``flag is True`` of a traced bool: it may stand
        for a Python bool (a flag a staged ``if`` set, whose identity with ``True`` is its truth) or a JAX / NumPy
        bool (never ``True``), which a tracer does not tell: refused. Two distinct tracers, or a tracer and an
        array: a tracer may stand for either operand (``best = a if c else b`` is ``a`` where ``c`` holds, an
        argument may be passed twice), which JAX does not record: refused (the graph answers what it can,
        runtime/graph/identity.py). Anything else (None, a string, a Python object): never the tracer's value."""
        from runtime.staging import NotStageable, user_location

        if left is right:
            return True
        jax = sys.modules["jax"]  # (a value of this backend's exists: JAX is imported)
        tracer = jax.core.Tracer
        for value, other in ((left, right), (right, left)):
            if not isinstance(value, tracer):
                continue
            if type(other) is bool:
                if np.dtype(getattr(value, "dtype", object)) != np.bool_:
                    return False
                raise NotStageable(
                    f"{user_location()}: `is {other}` of a bool JAX is tracing, which may stand for a Python bool "
                    f"(the same as `== {other}`) or an array's (never `{other}`): write `x == {other}` (or "
                    f"`{'' if other else 'not '}x`) for a flag, `x is {other}` outside the traced function for a "
                    "Python object")
            if isinstance(other, (tracer, jax.Array, np.ndarray, np.generic, int, float, complex)):
                raise NotStageable(
                    f"{user_location()}: `is` / `is not` of a value JAX is tracing and another array or number: a "
                    "traced value may stand for either (a staged `if` chose between them, or the call passed one "
                    "array twice), and JAX does not tell which. Compare values (==, jnp.array_equal), or keep a "
                    "flag of which one you chose")
            return False
        return NotImplemented

    def and_(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        from runtime.jax import cond as branches  # imports JAX

        return branches.short_circuit(value, rest, operators.and_, "and")

    def or_(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        from runtime.jax import cond as branches  # imports JAX

        return branches.short_circuit(value, rest, operators.or_, "or")

    # As the test of an `if` / `while`, only the truth counts: JAX's logical_and / logical_or of the operands, each
    # traced once, as a cond's branch would trace it (the `if` then refuses an array of more than one element).
    def and_test(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        import jax.numpy as jnp

        return _staged_test(value, rest, jnp.logical_and, stops_on=False)

    def or_test(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        import jax.numpy as jnp

        return _staged_test(value, rest, jnp.logical_or, stops_on=True)

    def range(self, *args: Any) -> JaxRange:
        return JaxRange(*args)

    def for_iterable(self, f: Callable, args: tuple, kwargs: dict) -> Any:
        """``zip`` / ``enumerate`` of JAX arrays as a for loop's iterable: a ``JaxZip`` / ``JaxEnumerate`` that
        ``for_stmt`` scans (runtime/jax/sequences.py); NotImplemented (Python's loop) for other arguments."""
        from runtime.jax import sequences  # imports JAX

        return sequences.make(f, args, kwargs)

    def assert_(self, test: Any, message: Optional[Thunk]) -> None:
        """``assert`` on a tracer: an ``AssertionError(message())`` raised whenever the compiled program
        runs with the test false (runtime/jax/checks.py)."""
        from runtime.jax import checks  # imports JAX

        checks.assert_(test, message)

    def read_from(self, base: Any, index: Any) -> Any:
        """``xs[t]`` with ``xs`` a Python list or tuple of JAX arrays of one shape and dtype and ``t`` a traced
        integer (a staged loop's counter): one read of the stacked items (runtime/jax/items.py)."""
        from runtime.jax import items  # imports JAX

        return items.read(base, index)

    def call_builtin(self, f: Callable, args: tuple, kwargs: dict) -> Any:
        """``min`` / ``max`` with a tracer among the values: Python's choice, staged; a NumPy function given a
        list of tracers: JAX's function of that name on the list stacked (runtime/jax/builtins.py);
        NotImplemented for the other builtins (JAX's own ``__float__``, ``__index__``, ... answer)."""
        from runtime.jax import builtins  # imports JAX

        return builtins.call(f, args, kwargs)

    def numpy_function(self, call: Any) -> tuple:
        """``autograph.numpy_function`` under a JAX trace: an ordered ``io_callback`` that calls the function
        each time the compiled program runs (runtime/jax/callback.py)."""
        from runtime.jax import callback  # imports JAX

        return callback.stage(call)

    def varying_call(self, f: Callable) -> Any:
        """A read of the clock or of the system's randomness under a JAX trace (runtime/clock_calls.py): refused.
        JAX would read once, while tracing, and the compiled function would return that value at every call."""
        from runtime.clock_calls import ADVANCE, refusing

        if f is ADVANCE:  # next(it): Python's, noted for the watch of autograph.function(backend="jax") (jax.jit: none)
            from runtime.graph.iterator_watch import advance

            return advance
        return refusing(f, "inside a function traced by JAX (autograph.function(..., backend='jax'), jax.jit, "
                           "jax.vmap, jax.grad): it would be read once, while tracing, and the compiled function "
                           "would return that value at every call. Read it outside and pass it in as an argument; "
                           "graphs of ours on the NumPy executor (the default) read the clock each time they run.")

    def random_call(self, f: Callable) -> Callable:
        """NumPy's random functions under a JAX trace: refused. JAX would run the draw once, while tracing,
        and the compiled function would return those numbers at every call; JAX's own randomness is
        explicit (keys), so the user's code has to say which key each draw takes."""
        from runtime.random_calls import describe, draws
        from runtime.staging import NotStageable, user_location

        # A draw would be frozen; a seed, a new generator or a state read would be the trace's, so the
        # draws after it (in the trace or in the caller's code) would not be eager code's.
        what = ("it would draw once, while tracing" if draws(f) else
                "it would run once, while tracing, on the generator state of that moment")

        def refuse(*args: Any, **kwargs: Any) -> Any:
            raise NotStageable(
                f"{user_location()}: {describe(f)}(...) inside a function traced by JAX (autograph.function(..., "
                f"backend='jax'), jax.jit, jax.vmap, jax.grad): {what}, and the compiled "
                "function would return the same numbers at every call. Draw with jax.random and a key passed in as "
                "an argument (key, subkey = jax.random.split(key)), or draw outside and pass the numbers in; "
                "graphs of ours on the NumPy executor (the default) draw NumPy's numbers at every run.")
        return refuse
