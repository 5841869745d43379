"""Lowering a graph of our IR to JAX: ``lower(graph)`` and ``run(graph, inputs)``.

One rule per op in ``JAX_LOWERINGS``, found where each op's record names it (``OpDef.jax``: this
module's ``RULES`` for the core ops, ``rules_<family>.py`` for library ops; a test checks every op has
one, tests/runtime/graph/test_op_records.py). A rule is
``rule(ctx, *inputs, **attrs)``, like a NumPy kernel with a context in front: ``ctx.node`` gives
the node's typed inputs and outputs, ``ctx.state`` the variables' current values. It returns the
output, a tuple of outputs (control flow), or None. Every output is then cast to the dtype the
node declares, so the lowered graph computes exactly NumPy's dtypes.

Before (a graph)::

    { lambda a:f64[1000] ; let
        b:f64[1000] = while_loop[cond_graph={...sum, gt...} body_graph={...truediv...}] a
      in (b) }

After (what ``lower`` builds, then ``jax.jit`` compiles once per input shapes; its jaxpr is the
hand-written ``lax.while_loop``'s)::

    def fn(a):                       # (*inputs, *variable values), flat
        b = lax.while_loop(lambda v: jnp.sum(v) > 1.0, lambda v: v / 2.0, a)
        return (b,)                  # (*outputs, *assigned values[, failed assert code])

Choices:

* **State.** Variables are threaded through as values: the jitted function takes every
  variable the graph reads or assigns as an extra input, returns the new values of those it
  assigns, and ``Lowered.call`` writes them back after the call. ``cond`` / ``while_loop``
  with stateful subgraphs carry the variables (and the assert code, below) as extra operands.
* **print** is ``jax.debug.print(..., ordered=True)``, so prints keep their traced order.
* **assert** (checkify-free): the graph carries an int32 "first failed assert" code (0: none).
  An assert that fails sets it, assignments made after a failure keep the old value, prints
  after it are skipped; after the call the host raises ``AssertionError(message)``. So
  variables and output end as with the interpreter, which stops at the failed assert.
* **numpy_function** (``autograph.numpy_function``) is an ordered ``io_callback`` to the user's function
  (runtime/jax/callback.py): it runs where and as often as the interpreter would run it; an error it
  raises comes out of ``Lowered.call`` as itself, not as JAX's ``JaxRuntimeError``.
* **Products** keep NumPy's rounding: every executable compiled here takes a zero (a device array) as its
  first argument, and each float product goes through an xor with it, which LLVM cannot contract into a
  fused multiply-add with the add it feeds (``EXACT_PRODUCTS``). ``fn`` traced in the user's own JAX
  transformation has no zero and leaves products plain.
* **64 bits.** JAX computes in 32 bits unless ``jax_enable_x64`` is on. The call traces and
  runs with JAX's thread-local x64 state on (what ``with jax.enable_x64(True):`` sets, set
  directly: see ``_x64_switch``), so float64/int64 graphs stay exact, and other JAX code in the
  process keeps its own default.
* **The call path** is ``jax.jit``'s C++ dispatch plus a few lines: a ``Function`` has already
  keyed the inputs by shape and dtype, so ``Lowered.call`` does not check them again (``run`` and
  ``Lowered.__call__`` do). JAX arrays go in as they are (no copy to the host and back).
* **Static values.** Constants, ``arange`` and ``dim`` stay NumPy values while lowering, so a
  slice bounded by one of them is a static slice, as JAX requires.

What JAX cannot express raises ``LoweringError``: a ``while_loop`` variable whose shape changes
between iterations, ``cond`` branches whose output shapes differ, slices with traced bounds, a draw
from a NumPy random generator (``random`` ops).
Out-of-bounds indices do not raise under JAX (it clamps them; ``take`` fills with NaN).
"""

from __future__ import annotations

import contextvars
import functools
import importlib
from typing import Any, Callable, Optional, Sequence

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from runtime.graph import formatted, interpreter, ops, program, run_time_errors, shapes, variables
from runtime.graph.core_kernels import PYTHON_INT_OVERFLOW, python_int
from runtime.graph.ir import Graph, Node
from runtime.graph.ops_data_dependent import xla_refusal
from runtime.jax import (
    callback,
    casts,
    complex_reductions,
    index_checks,
    masked_writes,
    rules_array,
    rules_linalg,
    segments,
    summation_order,
)
from runtime.limits import DataDependentIndex, NonFiniteComplexPower, NotStageable
from runtime.staging import Limitation, format_site

Rule = Callable[..., Any]
_FAILED = index_checks.FAILED  # the state key of the assert code
_STATIC = (np.ndarray, np.generic)


class LoweringError(ValueError, Limitation):
    """A graph that our interpreter runs but JAX cannot express (shapes that change, ...). Its message starts
    with the file:line of the user's code that traced the node (``evaluate`` puts it there) and says what to
    write instead; JAX's own error, if one was raised, is its ``jax_error`` (not chained: JAX's internal
    frames say nothing a user can act on)."""

    jax_error: Any = None


def _site(node: Node) -> str:
    """The node's file:line (a notebook's ``Cell In[n], line k``), or "" where it has none."""
    return format_site(*node.location) if node.location else ""


def _located(error: Exception, node: Node) -> LoweringError:
    """``error``, raised by ``node``'s rule, as a ``LoweringError`` that starts with the node's file:line."""
    where = format_site(*node.location) if node.location else "<unknown>"
    text = str(error)
    if isinstance(error, LoweringError):
        if text.startswith(where) or error.located:
            error.located = True
            return error
        located = LoweringError(f"{where}: {text}")
        located.jax_error = error.jax_error
    else:  # a JAX error no rule foresaw: name the op and the line, and the way out
        located = LoweringError(
            f"{where}: executor='jax' cannot lower the `{node.op}` traced here to JAX ({_first_line(error)}). Run "
            "this function on the NumPy executor (executor='numpy', the default; executor='auto' falls back to it "
            "by itself).")
        located.jax_error = error
    located.located = True
    return located


def _first_line(error: BaseException) -> str:
    """The first line of ``error``'s message (JAX's run to dozens of lines): what it says went wrong."""
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}".rstrip(": ")


LoweringError.located = False


class _Context:
    """What a rule may consult besides its inputs: its node, the state, the whole lowering."""

    __slots__ = ("node", "state", "lowering")

    def __init__(self, node: Node, state: dict, lowering: Lowered) -> None:
        self.node, self.state, self.lowering = node, state, lowering


def _cast(x: Any, dtype: np.dtype) -> Any:
    if x.dtype == dtype:
        return x
    if isinstance(x, _STATIC):
        return x.astype(dtype)
    if casts.needs_rule(x.dtype, dtype):  # a float the integer cannot hold: NumPy's value, not XLA's (casts.py)
        return casts.float_to_int(x, dtype)
    converted = lax.convert_element_type(x, dtype)
    if BARRIERS and x.dtype == np.bool_ and np.dtype(dtype).kind in "fc":
        # A mask made a number reaches its use behind a barrier: XLA's simplifier rewrites `x * convert(mask)` and
        # a dot with one as a select, whose 0 where the mask is False is not NumPy's nan for a nan or an infinite x
        # (`False * nan` is nan; jax-ml/jax#12233). tests/runtime/jax/test_jax_exact_arithmetic.py
        return _barrier(converted)
    return converted


def _astype(x: Any, dtype: Any) -> Any:
    """``x.astype(dtype)`` as NumPy casts: NumPy's own for a constant, NumPy's rule for a float made an integer
    (runtime/jax/casts.py), JAX's for the rest (exact there)."""
    if not casts.needs_rule(x.dtype if hasattr(x, "dtype") else np.result_type(x), dtype):
        return jnp.asarray(x).astype(dtype)
    if isinstance(x, _STATIC):
        with np.errstate(invalid="ignore", over="ignore"):  # (the graph's run would not warn either)
            return jnp.asarray(x.astype(dtype))
    return casts.float_to_int(x, dtype)


def evaluate(graph: Graph, args: Sequence[Any], state: dict, lowering: Lowered) -> tuple:
    """Run ``graph``'s rules on JAX values (an environment loop, as the interpreter's), updating
    ``state``; only the nodes the outputs need and the stateful ones, in traced order."""
    env = dict(zip(graph.inputs, args))
    for node in interpreter.prune(graph):
        rule = JAX_LOWERINGS[node.op]
        try:
            result = rule(_Context(node, state, lowering), *(env[v] for v in node.inputs), **node.attrs)
        except Exception as error:  # noqa: BLE001  (what JAX cannot express, said at the user's line)
            if getattr(error, "located", False):  # (ours, or NumPy's own error already naming the node's line)
                raise
            raise _located(error, node) from None
        if len(node.outputs) == 1 and not ops.OPS[node.op].subgraphs:
            result = (result,)
        barrier = BARRIERS and node.op not in _NO_BARRIER
        for value, x in zip(node.outputs, result or ()):
            x = _cast(x, value.dtype)
            env[value] = _barrier(x) if barrier and value.dtype.kind in "fc" else x
    return tuple(env[v] for v in graph.outputs)


# Each floating result of a NumPy operation reaches the next behind an optimization barrier, which XLA's
# algebraic simplifier does not look through and removes before fusion (so it costs no memory pass): without
# it, the simplifier rewrites across operations in ways equal in real numbers but not in NumPy's roundings,
# and not where NumPy overflows: `(a / b) / c` as `a / (b * c)` (0 where NumPy gives 1e-100), `exp(a) * exp(b)`
# as `exp(a + b)` (1 where NumPy gives nan), `(a * 1e200) * 1e200` as `a * inf`, `sqrt(a * a)` as `|a|`.
# (A constant is left bare: a barrier keeps operations apart; a constant divisor gets one, see _DIVISIONS; a float
# zero that may reach an add or a subtraction is made opaque instead, see _opaque and _hidden_zeros.)
# The barrier is gone by the time LLVM contracts a multiply feeding an add into a fused multiply-add (in JAX 0.10's
# XLA; with JAX 0.12's, the test's cancellation kept NumPy's bits behind the barriers alone, but nothing says it
# must): ``EXACT_PRODUCTS`` keeps those apart. With both, + - * / on XLA give NumPy's bits
# (tests/runtime/jax/test_jax_exact_arithmetic.py).
BARRIERS = True
_barrier = lax.optimization_barrier
_NO_BARRIER = frozenset({"constant"})


# The fused multiply-add. LLVM contracts a multiply feeding an add (`a * b + c`, across our nodes too: fusion
# puts them in one loop) into one FMA, one rounding where NumPy makes two; no barrier survives to that point,
# and compiling at backend optimization level 0 costs 2-7x on loops. So each floating product goes through an
# integer xor with a zero the compiler cannot see is zero, because it is an argument of the executable: the
# product is rounded and stored as bits, and the add takes it back as it is (one integer op, fused in the same
# loop). ``_ZERO`` holds that argument while one of our executables traces (``exactly``); a ContextVar, as
# threads trace at once. Where there is none (``Lowered.fn`` traced in the user's own jax.jit, grad or vmap),
# products stay as they are: the user's program, the user's compiler. A constant zero would not do: XLA folds it.
EXACT_PRODUCTS = True
_ZERO: contextvars.ContextVar = contextvars.ContextVar("zero", default=None)
# The ufuncs whose result is a product, or that XLA may rewrite as one (`x ** 2` as `x * x`, `deg2rad(x)` is
# `x * (pi / 180)`). Complex products are left: their own multiply-add inside has no NumPy rounding to keep.
_PRODUCTS = frozenset({np.multiply, np.square, np.power, np.float_power, np.deg2rad, np.rad2deg})
# XLA computes these as a polynomial times a power of two: that last multiply, fed to an add, is contracted too
# (`exp(x) - x * x` at x = 7e18 gave 3.2e38 where NumPy's exp overflows to inf: tests/runtime/jax/
# test_jax_exact_arithmetic.py's overflow family found it).
_ENDS_IN_A_PRODUCT = frozenset({np.exp, np.exp2, np.expm1, np.sinh, np.cosh, np.ldexp})
_BITS = {np.dtype(np.float16): jnp.int16, np.dtype(np.float32): jnp.int32, np.dtype(np.float64): jnp.int64}


def _summed(graph: Graph) -> set:
    """The values of ``graph`` and its subgraphs that may reach an add: all but those only a ``matmul`` takes
    (whose own sums are XLA's, in its own order). Such an operand keeps no xor: with one, the loop-invariant
    `0.1 * x.T` of the linear regression of ``python -m benchmarks executors`` (hoisted out of the loop, the loop's
    HLO otherwise the same) made each call 25% slower on CPU, for a reason inside XLA's dot we did not pin down."""
    summed: set = set(graph.outputs)
    for node in graph.nodes:
        if node.op not in ("matmul", "dot", "vdot"):
            summed.update(node.inputs)
        for name in ops.OPS[node.op].subgraphs:
            summed |= _summed(node.attrs[name])
    return summed


def _unfused(x: Any) -> Any:
    """``x`` (a product) through an xor with the executable's zero argument, if it has one and ``x`` is a real float."""
    zero, bits = _ZERO.get(), _BITS.get(np.dtype(x.dtype))
    if zero is None or bits is None:
        return x
    return lax.bitcast_convert_type(lax.bitcast_convert_type(x, bits) ^ zero.astype(bits), x.dtype)


def _opaque(x: Any) -> Any:
    """A constant ``x`` the compiler cannot know the value of: through the executable's zero argument where it has
    one (a real float: ``_unfused``), behind a barrier otherwise."""
    if _ZERO.get() is not None and np.dtype(x.dtype) in _BITS:
        return _unfused(x)
    return _barrier(x)


@functools.cache
def zero() -> Any:
    """The zero every executable the "jax" executor compiles from a graph takes as its first argument: a device
    array made once (int32, so that it is made alike with 64 bits on or off)."""
    return jax.device_put(np.int32(0))


def exactly(zero: Any, fn: Callable, *args: Any) -> Any:
    """``fn(*args)`` traced with ``zero`` (a traced argument of the executable) as the products' zero."""
    token = _ZERO.set(zero)
    try:
        return fn(*args)
    finally:
        _ZERO.reset(token)


# --- rules: elementwise, reductions, structure ----------------------------------------------------

def _integer_scalars(xs: Sequence[Any]) -> bool:
    """Whether every input is a static 0-d integer (or bool): a NumPy value while lowering, not a traced one."""
    return all(isinstance(x, _STATIC) and np.ndim(x) == 0 and np.asarray(x).dtype.kind in "biu" for x in xs)


def _elementwise(ufunc: np.ufunc) -> Rule:
    jax_fn = getattr(jnp, ufunc.__name__)
    numpys = _NUMPYS_FLOATS.get(ufunc)
    numpys_integers = _NUMPYS_INTEGERS.get(ufunc)
    divides = ufunc in _DIVISIONS
    adds = ufunc is np.add or ufunc is np.subtract
    exact = ufunc in _PRODUCTS or ufunc in _ENDS_IN_A_PRODUCT

    def rule(ctx, *xs):
        if _integer_scalars(xs) and ctx.node not in ctx.lowering.assert_codes:
            # Arithmetic on static integers (a dim and a constant: `y[:n - 1]` of y = x[mask], n = y.size) stays
            # a NumPy value, as the `dim` it starts from, so a slice bound or a shape made of it is static (under
            # jit every JAX op is traced, constants too). NumPy's own arithmetic: its wrapping is XLA's.
            with np.errstate(all="ignore"):
                return np.asarray(ufunc(*xs)).astype(ctx.node.outputs[0].dtype)[()]
        # Compute in the dtypes NumPy's loop uses (int32 + float32 is a float64 add, as in NumPy).
        loop = ufunc.resolve_dtypes(tuple(v.dtype for v in ctx.node.inputs) + (None,))
        if ctx.node in ctx.lowering.assert_codes and loop[0].kind != "c":  # an integer power: NumPy's ValueError
            _check(ctx, jnp.asarray(xs[1]) >= 0)                               # for a negative exponent
        constant_divisor = divides and isinstance(xs[1], _STATIC)
        exact_reciprocal = constant_divisor and _exact_reciprocal(xs[1], loop[1])
        zero_addends = [adds and BARRIERS and isinstance(x, _STATIC) and not np.all(x) for x in xs]
        # A constant non-negative integer exponent (`x ** 2`): XLA's multiplies, exact as NumPy's wrapping ones.
        constant_power = (ufunc is np.power and loop[1].kind in "iu" and isinstance(xs[1], _STATIC)
                          and np.ndim(xs[1]) == 0 and xs[1] >= 0)
        power = int(xs[1]) if constant_power else None
        xs = [_cast(jnp.asarray(x), d) for x, d in zip(xs, loop)]
        if ctx.node in ctx.lowering.assert_codes and loop[0].kind == "c":  # (see NON_FINITE_COMPLEX_POWER)
            _check(ctx, jnp.isfinite(xs[0]) & jnp.isfinite(xs[1]))
        if divides and BARRIERS and xs[1].dtype.kind in "fc" and not exact_reciprocal:
            shape = jnp.broadcast_shapes(xs[0].shape, xs[1].shape)  # (JAX's: a dim `?` of the node is known here)
            if xs[1].shape != shape or constant_divisor:
                xs[1] = _barrier(jnp.broadcast_to(xs[1], shape))  # (see _DIVISIONS)
        if any(zero_addends) and xs[0].dtype.kind in "fc":
            # XLA's `x + 0` and `x - (-0)` are `x`, and `0 - x` is `-x`: -0.0 where NumPy gives 0.0. A barrier on the
            # zero kept XLA from seeing it but for arrays of one item (np.add(x, 0.0) of x = [-0.0] gave -0.0); a zero
            # through the executable's zero argument is one it cannot know (``_unfused``), the barrier where there is
            # none (the user's own jax.jit).
            xs = [_opaque(x) if zero else x for x, zero in zip(xs, zero_addends)]
        kind = xs[0].dtype.kind
        # NumPy's float16 loops compute in float32 and round once (``npy_half_to_float``, the float function,
        # ``npy_float_to_half``); XLA rounds each step of a function it composes (``hypot(255, 128)`` was 285.5
        # where NumPy gives 285.25, ``logaddexp2`` off by hundreds of units in the last place near zero).
        half = loop[-1] == np.float16 and ufunc not in _HALF_NATIVE
        if half:
            xs = [x.astype(jnp.float32) if x.dtype == jnp.float16 else x for x in xs]
        if loop[0] == np.float16 and ufunc in _NUMPYS_HALF:
            fn = _NUMPYS_HALF[ufunc]
        elif kind == "f" and numpys is not None and not (half and ufunc is np.power):  # (no sqrt path for float16)
            fn = numpys
        elif kind == "c" and ufunc in _NUMPYS_COMPLEX:
            fn = _NUMPYS_COMPLEX[ufunc]
        elif kind == "c" and ufunc in _COMPLEX_REFUSED:
            raise LoweringError(
                f"np.{ufunc.__name__} of complex numbers: XLA's is not NumPy's at signed zeros, infinities and NaN "
                f"(np.cos(0.5j) is (1.13-0j) in NumPy, (1.13+0j) in XLA). Run this function on the NumPy executor "
                "(executor='numpy', the default; executor='auto' picks it for such a graph)")
        elif power is not None:
            fn = functools.partial(_integer_power_by, power)
        elif kind in "iu" and numpys_integers is not None:
            fn = numpys_integers
        else:
            fn = jax_fn
        result = fn(*xs)
        if half:
            result = tuple(r.astype(jnp.float16) for r in result) if type(result) is tuple else \
                result.astype(jnp.float16)
        if exact and EXACT_PRODUCTS and ctx.node.outputs[0] in ctx.lowering.summed:
            result = _unfused(result)
        return result
    return rule


# XLA's algebraic simplifier divides by a broadcast scalar, or by a constant of any shape, as a multiply by its
# reciprocal, `x / s` as `x * (1 / s)`: another rounding in a third of the elements, and inf where 1/s overflows.
# Such a divisor is broadcast here, behind a barrier the simplifier does not look through (a constant's own
# barrier is respected: `x / np.array([2.0, 5.0])` rounded as a multiply before it got one).
# A constant divisor whose reciprocal is exact (a power of two whose reciprocal is a normal number: XLA on CPU
# treats subnormals as zero) needs no barrier: `x * (1 / c)` is then `x / c`, bit for bit, and the barrier costs a
# loop dividing by one 6-8% (the linear regression of ``python -m benchmarks executors``: `/ len(y)`, y of 32).
_DIVISIONS = (np.true_divide, np.floor_divide, np.remainder, np.fmod, np.divmod)
# The float16 loops that work on the half-precision numbers themselves, not through float32.
_HALF_NATIVE = frozenset({np.nextafter, np.spacing})


# Where NumPy and XLA give zeros of different signs, NumPy's, for real floats (NaN propagates as in NumPy).
# np.minimum / np.maximum give their second operand on a tie (the order of NumPy's loops, scalar and SIMD alike:
# `np.minimum(-0.0, 0.0)` is 0.0), XLA's min and max the smaller zero; np.sign(-0.0) is 0.0, XLA's -0.0; NumPy's
# remainder of a zero takes the divisor's sign (`-0.0 % 1.0` is 0.0), and its floor division's zero the sign of
# the true quotient (`-0.0 // 1.0` is -0.0). (np.fmin / np.fmax are left: NumPy's own tie differs with the
# array's length. tests/runtime/jax/test_jax_signed_zeros.py.)
def _numpy_minimum(a: Any, b: Any) -> Any:
    return jnp.where(jnp.isnan(a) | (a < b), a, b)


def _numpy_maximum(a: Any, b: Any) -> Any:
    return jnp.where(jnp.isnan(a) | (a > b), a, b)


# NumPy's float16 loops keep the first operand on a tie (``np.maximum(-0.0, 0.0)`` is -0.0 in float16, 0.0 in its
# float32 and float64 loops), and up to NumPy 2.4 its float16 ``nextafter(x, y)`` was x where x == y (C's, XLA's and
# NumPy 2.5's is y): that rule is read off the NumPy installed, as eager code gets it.
_NUMPYS_HALF = {
    np.maximum: lambda a, b: jnp.where(jnp.isnan(a) | (a >= b), a, b),
    np.minimum: lambda a, b: jnp.where(jnp.isnan(a) | (a <= b), a, b),
    np.fmax: lambda a, b: jnp.where((a >= b) | jnp.isnan(b), a, b),
    np.fmin: lambda a, b: jnp.where((a <= b) | jnp.isnan(b), a, b),
}
if np.signbit(np.nextafter(np.float16(-0.0), np.float16(0.0))):  # (x on a tie: NumPy 2.4 and older)
    _NUMPYS_HALF[np.nextafter] = lambda a, b: jnp.where(a == b, a, jnp.nextafter(a, b))


def _numpy_sign(x: Any) -> Any:
    return jnp.where(x > 0, jnp.ones_like(x), jnp.where(x < 0, -jnp.ones_like(x), jnp.where(x == 0, 0, x)))


# Complex numbers: NumPy's minimum / maximum return the operand that holds a NaN (the first, if both do), where
# XLA's compare them; NumPy's sign is z / |z| with its own rules for infinite parts (inf + 0j is 1, -inf + nan j
# is -1, an infinite real and imaginary part NaN), where XLA's gives NaN for any infinity.
def _complex_nan(z: Any) -> Any:
    return jnp.isnan(jnp.real(z)) | jnp.isnan(jnp.imag(z))


def _numpy_complex_minimum(a: Any, b: Any) -> Any:
    # (A tie gives the first: NumPy's minimum(-0j, 0j) is -0j.)
    return jnp.where(_complex_nan(a), a, jnp.where(_complex_nan(b), b, jnp.where(
        _numpy_complex_less_equal(a, b), a, b)))


def _numpy_complex_maximum(a: Any, b: Any) -> Any:
    return jnp.where(_complex_nan(a), a, jnp.where(_complex_nan(b), b, jnp.where(
        _numpy_complex_less_equal(b, a), a, b)))


def _numpy_complex_sign(z: Any) -> Any:
    re, im = jnp.real(z), jnp.imag(z)
    inf_re, inf_im = jnp.isinf(re), jnp.isinf(im)
    absolute = jnp.hypot(re, im)
    finite = jnp.where((absolute == 0) | ~jnp.isfinite(absolute), 1, absolute)
    nan, zero = jnp.full_like(re, jnp.nan), jnp.zeros_like(re)
    one = jnp.ones_like(re)
    real = jnp.where(inf_re & inf_im, nan, jnp.where(inf_re, jnp.where(re > 0, one, -one), jnp.where(
        inf_im, zero, jnp.where(jnp.isnan(re) | jnp.isnan(im), nan, re / finite))))
    imag = jnp.where(inf_re & inf_im, nan, jnp.where(inf_re, zero, jnp.where(
        inf_im, jnp.where(im > 0, one, -one), jnp.where(jnp.isnan(re) | jnp.isnan(im), nan, im / finite))))
    zeros = (re == 0) & (im == 0)  # (NumPy's sign of any complex zero is 0j: -0.0 / 1 kept a -0.0 here)
    return lax.complex(jnp.where(zeros, zero, real), jnp.where(zeros, zero, imag))


def _numpy_complex_power(base: Any, exponent: Any) -> Any:
    """NumPy's complex power (its ``npy_cpow``), where XLA's takes ``exp(b log a)`` for every exponent: ``z ** 0``
    is 1; a zero base gives 0 for an exponent of positive real part and NaN otherwise (XLA: NaN whenever the
    exponent is not real, ``0 ** (2 + 1j)``); an integer exponent of magnitude below 100 is taken by repeated
    multiplication (1, 2 and 3 written out, the rest by squaring; a negative one then inverted by Smith's division),
    so a real base gives a real power (``(-2 + 0j) ** 3`` is ``-8 + 0j``, XLA's ``-8 + 2.9e-15j``). Other exponents
    are ``exp(b log a)`` (the C library's ``cpow``, within its last bits), the product rounded as NumPy rounds it
    and the ``exp`` NumPy's. A base or exponent with an infinite or NaN part, where ``cpow`` recovers infinities
    XLA's arithmetic cannot follow, raises ``NonFiniteComplexPower`` when the graph runs (``_complex_powers``)."""
    base, exponent = jnp.broadcast_arrays(base, exponent)
    br, bi = jnp.real(exponent), jnp.imag(exponent)
    integral = (bi == 0) & (jnp.floor(br) == br) & (jnp.abs(br) < 100)
    n = jnp.where(integral, br, 0).astype(jnp.int32)
    m = jnp.abs(n)
    product, square = jnp.ones_like(base), base
    for bit in range(7):  # (|n| < 100 < 2 ** 7)
        product = jnp.where(((m >> bit) & 1) == 1, _complex_product(product, square), product)
        square = _complex_product(square, square)
    product = jnp.where(n < 0, _numpy_complex_divide(jnp.ones_like(product), product), product)
    squared = _complex_product(base, base)
    product = jnp.where(n == 1, base, jnp.where(n == 2, squared, jnp.where(n == 3, _complex_product(base, squared),
                                                                           product)))
    result = jnp.where(integral, product, _numpy_complex_exp(_complex_product(exponent, jnp.log(base))))
    nan = lax.complex(jnp.full_like(br, jnp.nan), jnp.full_like(br, jnp.nan))
    result = jnp.where(base == 0, jnp.where(br > 0, jnp.zeros_like(base), nan), result)
    return jnp.where(exponent == 0, jnp.ones_like(base), result)


def _numpy_complex_exp(z: Any) -> Any:
    """NumPy's complex ``exp`` (C99's ``cexp``) where a part is infinite, NaN or a zero imaginary part, each of which
    XLA's ``exp`` of a complex number answers its own way (``exp(1 - 0j)`` is ``e - 0j`` in NumPy, ``e + 0j`` in
    XLA; ``exp(-inf + nanj)`` is 0 there, NaN in XLA); elsewhere XLA's (its last bits)."""
    x, y = jnp.real(z), jnp.imag(z)
    computed = jnp.exp(z)
    nan, inf, zero = jnp.full_like(x, jnp.nan), jnp.full_like(x, jnp.inf), jnp.zeros_like(x)
    finite_x, finite_y = jnp.isfinite(x), jnp.isfinite(y)
    cos, sin = jnp.cos(jnp.where(finite_y, y, 0)), jnp.sin(jnp.where(finite_y, y, 0))
    real = jnp.where(y == 0, jnp.exp(x), jnp.where(
        finite_x, jnp.where(finite_y, jnp.real(computed), nan), jnp.where(
            x == jnp.inf, jnp.where(finite_y, inf * cos, inf), jnp.where(
                x == -jnp.inf, jnp.where(finite_y, zero * cos, zero), nan))))
    imag = jnp.where(y == 0, y, jnp.where(
        finite_x, jnp.where(finite_y, jnp.imag(computed), nan), jnp.where(
            x == jnp.inf, jnp.where(finite_y, inf * sin, nan), jnp.where(
                x == -jnp.inf, jnp.where(finite_y, zero * sin, jnp.copysign(zero, y)), nan))))
    return lax.complex(real, imag)


def _numpy_complex_logarithm(jax_fn: Callable) -> Callable:
    """NumPy's complex ``log`` (``log10``, ``log2``, ``log1p``): the real part is infinite where a part of ``z`` is,
    a NaN in the other part too (``log(inf + nanj)`` is ``inf + nanj``, XLA's ``nan + nanj``); elsewhere XLA's."""
    def logarithm(z: Any) -> Any:
        result = jax_fn(z)
        infinite = jnp.isinf(jnp.real(z)) | jnp.isinf(jnp.imag(z))
        return lax.complex(jnp.where(infinite, jnp.inf, jnp.real(result)), jnp.imag(result))
    return logarithm


def _numpy_complex_sqrt(z: Any) -> Any:
    """NumPy's complex square root (C99's ``csqrt``): a real part >= +0 and the imaginary part's sign that of
    ``z``'s, a signed zero's too, so that ``sqrt(-1.5 - 0j)`` is ``-1.22j`` on the branch cut (XLA's: ``+1.22j``),
    and C99's answers at infinities and NaN."""
    x, y = jnp.real(z), jnp.imag(z)
    computed = jnp.sqrt(z)
    nan, inf, zero = jnp.full_like(x, jnp.nan), jnp.full_like(x, jnp.inf), jnp.zeros_like(x)
    finite_y = jnp.isfinite(y)
    real = jnp.where(jnp.isinf(y), inf, jnp.where(
        x == -jnp.inf, jnp.where(finite_y, zero, nan), jnp.where(
            x == jnp.inf, inf, jnp.where(jnp.isnan(x) | jnp.isnan(y), nan, jnp.abs(jnp.real(computed))))))
    imag = jnp.where(jnp.isinf(y), y, jnp.where(
        x == -jnp.inf, jnp.where(finite_y, jnp.copysign(inf, y), inf), jnp.where(
            x == jnp.inf, jnp.where(finite_y, jnp.copysign(zero, y), nan), jnp.where(
                jnp.isnan(x) | jnp.isnan(y), nan, jnp.copysign(jnp.abs(jnp.imag(computed)), y)))))
    return lax.complex(real, imag)


def _numpy_complex_absolute(z: Any) -> Any:
    """NumPy's ``|z|`` is ``hypot(re, im)``: infinite when either part is, a NaN in the other too (XLA's: NaN)."""
    re, im = jnp.real(z), jnp.imag(z)
    return jnp.where(jnp.isinf(re) | jnp.isinf(im), jnp.full_like(re, jnp.inf), jnp.abs(z))


def _numpy_complex_reciprocal_ufunc(z: Any) -> Any:
    """NumPy's ``np.reciprocal`` of a complex number, its own loop's formula (the ratio of the smaller part to the
    larger): ``1 / 0j`` is ``nan + nanj`` there, XLA's ``inf + nanj``."""
    zr, zi = jnp.real(z), jnp.imag(z)
    first = jnp.abs(zi) <= jnp.abs(zr)
    ratio = jnp.where(first, zi / zr, zr / zi)
    d = jnp.where(first, zr + _unfused(zi * ratio), zi + _unfused(zr * ratio))
    return lax.complex(jnp.where(first, 1 / d, ratio / d), jnp.where(first, -ratio / d, -1 / d))


def _complex_product(a: Any, b: Any) -> Any:
    """``a * b`` as NumPy multiplies complex numbers: ``(ar br - ai bi) + (ar bi + ai br) j``, each product rounded on
    its own (XLA's complex multiply contracts one into a fused multiply-add: ``(1e-3 + 1e-3j) ** 2`` had a real part
    of 8.7e-23, NumPy's 0)."""
    ar, ai, br, bi = jnp.real(a), jnp.imag(a), jnp.real(b), jnp.imag(b)
    return lax.complex(_unfused(ar * br) - _unfused(ai * bi), _unfused(ar * bi) + _unfused(ai * br))


def _numpy_complex_divide(a: Any, b: Any) -> Any:
    """``a / b`` as NumPy divides complex numbers (Smith's method, each product rounded on its own; a zero divisor
    gives ``re / |0|`` and ``im / |0|``, so ``1j / (-0 + 0j)`` is ``nan + infj`` there, XLA's ``nan - infj``)."""
    ar, ai, br, bi = jnp.real(a), jnp.imag(a), jnp.real(b), jnp.imag(b)
    wide = jnp.abs(br) >= jnp.abs(bi)
    zeros = (br == 0) & (bi == 0)
    rat = jnp.where(wide, bi / jnp.where(zeros, 1, br), br / bi)
    scale = 1 / jnp.where(wide, br + _unfused(bi * rat), bi + _unfused(br * rat))
    real = jnp.where(wide, (ar + _unfused(ai * rat)) * scale, (_unfused(ar * rat) + ai) * scale)
    imag = jnp.where(wide, (ai - _unfused(ar * rat)) * scale, (_unfused(ai * rat) - ar) * scale)
    real = jnp.where(zeros, ar / jnp.abs(br), real)
    imag = jnp.where(zeros, ai / jnp.abs(bi), imag)
    return lax.complex(real, imag)


# NumPy's order of complex numbers (its CLT / CLE macros): a NaN part makes every comparison false, where XLA's
# lexicographic order compares the real parts alone when they differ (``-1.5 + nanj < 0j`` is True in XLA).
def _numpy_complex_less(a: Any, b: Any) -> Any:
    ar, ai, br, bi = jnp.real(a), jnp.imag(a), jnp.real(b), jnp.imag(b)
    return ((ar < br) & ~jnp.isnan(ai) & ~jnp.isnan(bi)) | ((ar == br) & (ai < bi))


def _numpy_complex_less_equal(a: Any, b: Any) -> Any:
    ar, ai, br, bi = jnp.real(a), jnp.imag(a), jnp.real(b), jnp.imag(b)
    return ((ar < br) & ~jnp.isnan(ai) & ~jnp.isnan(bi)) | ((ar == br) & (ai <= bi))


def _numpy_complex_fmax(a: Any, b: Any) -> Any:
    """NumPy's ``fmax``: ``a`` where ``a >= b`` (a tie too: ``fmax(-0j, 0j)`` is ``-0j``) or ``b`` holds a NaN."""
    return jnp.where(_numpy_complex_less_equal(b, a) | _complex_nan(b), a, b)


def _numpy_complex_fmin(a: Any, b: Any) -> Any:
    return jnp.where(_numpy_complex_less_equal(a, b) | _complex_nan(b), a, b)


# XLA's complex trigonometric and hyperbolic functions (and expm1, exp2) are not NumPy's at signed zeros (``cos(0.5j)``
# is ``1.13 - 0j`` in NumPy, ``+0j`` in XLA; ``arcsinh(-0 - 1.5j)`` has the other sign of its real part), at
# infinities and NaN: refused for complex numbers, which run on the NumPy executor.
_COMPLEX_REFUSED = frozenset({np.sin, np.cos, np.tan, np.sinh, np.cosh, np.tanh, np.arcsin, np.arccos, np.arctan,
                              np.arcsinh, np.arccosh, np.arctanh, np.expm1, np.exp2})


def _numpy_remainder(a: Any, b: Any) -> Any:
    remainder = jnp.remainder(a, b)
    return jnp.where(remainder == 0, jnp.copysign(jnp.zeros_like(remainder), b), remainder)


def _numpy_floor_divide(a: Any, b: Any) -> Any:
    quotient = jnp.floor_divide(a, b)
    return jnp.where(quotient == 0, jnp.copysign(jnp.zeros_like(quotient), a / b), quotient)


def _numpy_power(base: Any, exponent: Any) -> Any:
    """NumPy's loop takes a power by a scalar 0.5 as a square root (stride-0 exponent): -0.0 ** 0.5 is -0.0 and
    -inf ** 0.5 nan there, where a power gives 0.0 and inf. (An array of exponents broadcast along the loop's
    inner axis takes that path too, in NumPy; here only a 0-d exponent does: docs/jax.md.)"""
    if exponent.ndim or base.dtype not in (jnp.float32, jnp.float64):  # (NumPy's float16 loop has no such path)
        return jnp.power(base, exponent)
    return jnp.where(exponent == 0.5, jnp.sqrt(base), jnp.power(base, exponent))


def _numpy_logaddexp2(a: Any, b: Any) -> Any:
    """NumPy's logaddexp2 gives ``a + 1`` where ``a == b`` (exactly 0.0 for -1 and -1; XLA's formula -4.8e-17)."""
    return jnp.where(a == b, a + 1, jnp.logaddexp2(a, b))


_NUMPYS_FLOATS = {np.logaddexp2: _numpy_logaddexp2, np.minimum: _numpy_minimum, np.maximum: _numpy_maximum,
                  np.sign: _numpy_sign, np.remainder: _numpy_remainder, np.floor_divide: _numpy_floor_divide,
                  np.power: _numpy_power}


def _numpy_integer_floor_divide(a: Any, b: Any) -> Any:
    """NumPy's integer floor division by zero gives 0 (with a warning, which compiled code does not issue); XLA's
    gives -1 (-2 after the floor's correction, the largest value unsigned)."""
    return jnp.where(b == 0, jnp.zeros_like(a), jnp.floor_divide(a, b))


def _numpy_gcd(a: Any, b: Any) -> Any:
    """NumPy's gcd: Euclid's loop on |a| and |b| as unsigned integers of the same width (|-2**63| is 2**63 there:
    gcd(-2**63, 6) is 2, gcd(-2**63, 0) is -2**63 once cast back), each step's remainder smaller than its divisor,
    so it ends (in at most ~92 steps for 64 bits). ``jnp.gcd`` loops for ever on the most negative integer."""
    dtype = a.dtype
    unsigned = jnp.dtype(f"uint{dtype.itemsize * 8}")
    a, b = (lax.convert_element_type(jnp.abs(x), unsigned) for x in jnp.broadcast_arrays(a, b))

    def step(ab):
        a, b = ab
        moving = a != 0
        return jnp.where(moving, lax.rem(b, jnp.where(moving, a, jnp.ones_like(a))), a), jnp.where(moving, a, b)

    _, gcd = lax.while_loop(lambda ab: jnp.any(ab[0] != 0), step, (a, b))
    return lax.convert_element_type(gcd, dtype)


def _numpy_lcm(a: Any, b: Any) -> Any:
    """NumPy's lcm: ``|a| / gcd * |b|`` in C's wrapping integer arithmetic (lcm(127, 2) is -2 in int8), 0 where the
    gcd is 0."""
    gcd = _numpy_gcd(a, b)
    safe = jnp.where(gcd == 0, jnp.ones_like(gcd), gcd)
    a, b = jnp.broadcast_arrays(jnp.abs(a), jnp.abs(b))
    return jnp.where(gcd == 0, jnp.zeros_like(gcd), lax.div(a, safe) * b)


def _numpy_integer_reciprocal(x: Any) -> Any:
    """NumPy's integer reciprocal of 0 is what its float 1/0 = inf becomes when the machine casts it to the dtype
    (the most negative int64 or int32, 0 for narrower types on x86): asked of NumPy itself, as the lowering runs;
    XLA's integer 1/0 is the largest value."""
    with np.errstate(all="ignore"):
        of_zero = np.reciprocal(np.zeros((), x.dtype))
    return jnp.where(x == 0, jnp.asarray(of_zero, x.dtype), jnp.reciprocal(x))


def _integer_power_by(power: int, base: Any, exponent: Any) -> Any:
    """``base ** power`` for a constant non-negative ``power`` (``exponent``, its traced twin, unused)."""
    return lax.integer_pow(base, power)


def _numpy_integer_power(base: Any, exponent: Any) -> Any:
    """NumPy's integer power: ``base ** exponent`` in the dtype's wrapping arithmetic, every bit of the exponent
    taken (``jnp.power`` of a run-time exponent takes its low 6 bits: 2 ** 64 gave 1 where NumPy gives 0, and
    3 ** 100 another number). A negative exponent is NumPy's ValueError, checked at run time (``_negative_powers``)."""
    base, exponent = jnp.broadcast_arrays(base, exponent)

    def step(_, carried):
        result, square, rest = carried
        result = jnp.where((rest & 1) == 1, result * square, result)
        return result, square * square, rest >> 1

    result, _, _ = lax.fori_loop(0, exponent.dtype.itemsize * 8, step, (jnp.ones_like(base), base, exponent))
    return result


_NUMPYS_COMPLEX = {np.minimum: _numpy_complex_minimum, np.maximum: _numpy_complex_maximum, np.sign: _numpy_complex_sign,
                   np.power: _numpy_complex_power, np.absolute: _numpy_complex_absolute,
                   np.reciprocal: _numpy_complex_reciprocal_ufunc, np.exp: _numpy_complex_exp,
                   np.sqrt: _numpy_complex_sqrt,
                   np.float_power: _numpy_complex_power, np.true_divide: _numpy_complex_divide,
                   np.fmax: _numpy_complex_fmax, np.fmin: _numpy_complex_fmin,
                   np.less: _numpy_complex_less, np.less_equal: _numpy_complex_less_equal,
                   np.greater: lambda a, b: _numpy_complex_less(b, a),
                   np.greater_equal: lambda a, b: _numpy_complex_less_equal(b, a),
                   **{ufunc: _numpy_complex_logarithm(getattr(jnp, ufunc.__name__))
                      for ufunc in (np.log, np.log10, np.log2, np.log1p)}}
_NUMPYS_INTEGERS = {np.floor_divide: _numpy_integer_floor_divide, np.gcd: _numpy_gcd, np.lcm: _numpy_lcm,
                    np.reciprocal: _numpy_integer_reciprocal, np.power: _numpy_integer_power}
NEGATIVE_POWER = "Integers to negative integer powers are not allowed."


NON_FINITE_COMPLEX_POWER = ("a complex power whose base or exponent has an infinite or NaN part: NumPy's answer "
                            "there (the C library's cpow) is not XLA's. Run this function on the NumPy executor "
                            "(executor='numpy', the default), or keep such values out of the power")


def _complex_powers(nodes: list) -> list:
    """The complex powers among ``nodes``: each is NumPy's on XLA for finite parts (``_numpy_complex_power``), and
    raises ``NonFiniteComplexPower`` when the graph runs with an infinite or NaN part, checked as asserts are."""
    return [node for node in nodes if node.op in ("pow", "float_power") and len(node.inputs) == 2
            and ops.ELEMENTWISE[node.op].resolve_dtypes(tuple(v.dtype for v in node.inputs) + (None,))[0].kind == "c"]


def _refuse_constants_xla_cannot_hold(nodes: list) -> None:
    """A constant of text, bytes, objects, records, dates or durations has no XLA type: refused, at its line (it
    reached JAX as a NumPy array, whose TypeError at the first call named no line of the user's)."""
    for node in nodes:
        if node.op == "constant":
            dtype = np.asarray(node.attrs["value"]).dtype
            if dtype.kind not in "biufc":
                raise _located(LoweringError(
                    f"executor='jax' cannot hold an array of dtype {dtype} that this function's graph holds as a "
                    "constant (it is computed or returned here): XLA holds numbers and booleans. Run this function on "
                    "the NumPy executor (executor='numpy', the default; executor='auto' falls back to it by itself), "
                    "or make such values outside the function"), node)


def _negative_powers(nodes: list) -> list:
    """The integer powers among ``nodes`` (a graph's, its subgraphs' too) whose exponent may be negative (not a
    constant of the graph without negative elements): each raises NumPy's ValueError when one is, checked as the
    graph's asserts are (the ``Lowered`` takes them among its asserts)."""
    # Only integer and bool constants can be an integer power's exponent: the others are not compared (a string
    # constant's `>= 0` raised UFuncTypeError, which crashed the lowering of any graph holding one: ordpy's labels).
    non_negative = {node.outputs[0] for node in nodes if node.op == "constant"
                    and np.asarray(node.attrs["value"]).dtype.kind in "biu" and np.all(node.attrs["value"] >= 0)}
    return [node for node in nodes if node.op == "pow" and len(node.inputs) == 2
            and node.inputs[1] not in non_negative
            and np.power.resolve_dtypes(tuple(v.dtype for v in node.inputs) + (None,))[1].kind == "i"]


def _exact_reciprocal(divisor: Any, dtype: np.dtype) -> bool:
    """Whether ``divisor`` is a constant (a NumPy value while lowering) that, cast to the real float ``dtype``
    the division runs in, is a power of two with a normal reciprocal in that dtype, in every element."""
    if not isinstance(divisor, _STATIC) or np.dtype(dtype).kind != "f":
        return False
    with np.errstate(all="ignore"):
        values = np.asarray(divisor).astype(dtype)
        reciprocal = np.reciprocal(values)
        mantissa, _ = np.frexp(values)
    info = np.finfo(dtype)
    return bool(np.all(np.abs(mantissa) == 0.5) and np.all(np.isfinite(reciprocal))
                and np.all(np.abs(reciprocal) >= info.smallest_normal))


def _by_parts(fn: Callable, x: Any) -> Any:
    """``fn`` of a real array, or of each part of a complex one (put back together as they are)."""
    if jnp.iscomplexobj(x):
        return lax.complex(fn(jnp.real(x)), fn(jnp.imag(x)))
    return fn(x)


def _plus_zero(total: Any) -> Any:
    """A float sum as NumPy's: it starts from its identity +0.0, so a zero total is +0.0 (``np.sum([-0.0])``);
    XLA's reduce of one element is that element (-0.0). NaN and the other values are left as they are."""
    if not jnp.issubdtype(total.dtype, jnp.inexact):
        return total
    return _by_parts(lambda t: jnp.where(t == 0, jnp.zeros_like(t), t), total)


_order_checked = summation_order.order_checked  # (the rules here call it often)

# For rules in other modules (runtime/jax/rules_einsum.py): ``x`` cast as NumPy casts it (a mask made a number behind a
# barrier), and a float sum's zero made NumPy's +0.0.
cast_as_numpy = _cast
plus_zero = _plus_zero


def _sum(ctx, x: Any, axis: Any, keepdims: bool) -> Any:
    """``jnp.sum`` accumulating in the output dtype (an int32 sum is int64, as NumPy's), its zeros NumPy's."""
    _order_checked(ctx, lambda exact: summation_order.sum_ok(x, axis, ctx.node.outputs[0].dtype, exact))
    return _plus_zero(jnp.sum(x, axis, dtype=ctx.node.outputs[0].dtype, keepdims=keepdims))


def _cumsum(ctx, x: Any, axis: Any) -> Any:
    """NumPy's cumulative sum starts from the first element, XLA's from +0.0: where every element so far is -0.0,
    NumPy's partial sum is -0.0 (an exact sum of anything else that is zero is +0.0 under both)."""
    out = np.dtype(ctx.node.outputs[0].dtype)
    _order_checked(ctx, lambda exact: summation_order.sum_ok(x, axis, out, exact))
    total = jnp.cumsum(x, axis, dtype=out)
    if out.kind not in "fc":
        return total
    flat_axis = 0 if axis is None else axis % max(jnp.ndim(x), 1)

    def signed(t: Any, part: Any) -> Any:
        negative_zero = ((part == 0) & jnp.signbit(part)).astype(jnp.int8)
        if axis is None:
            negative_zero = jnp.ravel(negative_zero)
        so_far = lax.cummin(negative_zero, axis=flat_axis) if negative_zero.ndim else negative_zero
        return jnp.where(so_far == 1, -jnp.zeros_like(t), t)

    if out.kind == "c":
        source = _cast(jnp.asarray(x), out)
        return lax.complex(signed(jnp.real(total), jnp.real(source)), signed(jnp.imag(total), jnp.imag(source)))
    return signed(total, _cast(jnp.asarray(x), out))


def _mean(ctx, x: Any, axis: Any, keepdims: bool) -> Any:
    """NumPy's mean: the sum (float16 in float32, as NumPy's), divided by the count as NumPy divides. Not
    ``jnp.mean``, whose division by a constant count XLA turns into a product with its rounded reciprocal
    (``np.mean([1, -2, 3.5])`` was 0.8333333333333333 on XLA, 0.8333333333333334 in NumPy)."""
    out = np.dtype(ctx.node.outputs[0].dtype)
    acc = np.dtype(np.float32) if out == np.float16 else out
    axes = range(x.ndim) if axis is None else (axis,) if isinstance(axis, int) else axis
    count = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    _order_checked(ctx, lambda exact: summation_order.sum_ok(x, axis, acc, exact))
    total = _plus_zero(jnp.sum(x, axis, dtype=acc, keepdims=keepdims))
    if acc.kind == "c":  # (NumPy's complex division by count + 0j: Smith's method)
        mean = _numpy_complex_divide(total, jnp.asarray(count, acc))
    else:
        divisor = jnp.full(total.shape, count, acc)
        mean = total / (_barrier(divisor) if BARRIERS else divisor)
    return _cast(mean, out)


def _product(ctx, x: Any, axis: Any, rule: Rule, *keepdims: bool) -> Any:
    """``prod`` / ``cumprod`` by ``rule`` (complex_reductions: a complex one a scan in NumPy's order, a real one
    XLA's), a real one checked for an order that decides its answer (summation_order.py)."""
    out = np.dtype(ctx.node.outputs[0].dtype)
    if out.kind == "f":
        _order_checked(ctx, lambda exact: summation_order.product_ok(x, axis, out, exact))
    return rule(ctx, x, axis, *keepdims)


def _matmul(ctx, a: Any, b: Any) -> Any:
    """``a @ b`` in NumPy's result type, checked for an order that decides its answer (summation_order.py) on the
    operands as they come: a constant one is NumPy's while lowering, whose bound is found then."""
    out = ctx.node.outputs[0].dtype
    _order_checked(ctx, lambda exact: summation_order.matmul_ok(a, b, out, exact))
    return jnp.matmul(*_common(ctx, (a, b)))


def _clip(x: Any, lo: Any, hi: Any) -> Any:
    """NumPy's clip, ``min(max(x, lo), hi)`` with its own ties: a value equal to a bound stays itself (``-0.0``
    clipped to ``[0.0, 1.0]`` is -0.0, where XLA's clamp gives the bound, +0.0), a NaN anywhere is NaN."""
    if not jnp.issubdtype(x.dtype, jnp.floating):
        return jnp.clip(x, lo, hi)
    low = jnp.where(jnp.isnan(lo), lo, jnp.where(x < lo, lo, x))
    return jnp.where(jnp.isnan(hi), hi, jnp.where(low > hi, hi, low))


def _common(ctx, xs: Sequence[Any]) -> list:
    """The inputs cast to the node's output dtype (NumPy's result type)."""
    return [_cast(jnp.asarray(x), ctx.node.outputs[0].dtype) for x in xs]


def _static_index(index: tuple, index_inputs: Sequence[Any]) -> tuple:
    """``index`` with its inputs filled in; slice bounds must be static (JAX's shapes are)."""
    def fill(item):
        if isinstance(item, shapes.Ref):
            return index_inputs[item.k]
        if isinstance(item, slice):
            bounds = (fill(item.start), fill(item.stop), fill(item.step))
            if any(isinstance(b, jax.core.Tracer) for b in bounds):
                raise LoweringError(  # (evaluate starts it with the slice's file:line)
                    "a slice with a bound computed at run time has a length known only when the graph runs, "
                    "which executor='jax' cannot compile (XLA fixes every shape): take a fixed number of "
                    "elements with a gather, np.take(x, start + np.arange(k)) for a Python int k, or run this "
                    "function on the NumPy executor (executor='numpy', the default)")
            return slice(*(None if b is None else int(b) for b in bounds))
        return item
    return tuple(fill(item) for item in index)


_MASK_READ = "x[mask] with a boolean mask computed in the graph"
_MASK_WRITE = "x[mask] = values with a boolean mask computed in the graph"


def _traced_masks(ctx, index_inputs: Sequence[Any]) -> list:
    """The boolean masks among a getitem/setitem's index inputs that are traced (a constant mask is a
    NumPy array here, which JAX indexes with as NumPy does)."""
    return [k for k, (v, x) in enumerate(zip(ctx.node.inputs[-len(index_inputs):] if index_inputs else (),
                                               index_inputs))
            if v.dtype == np.bool_ and not isinstance(x, _STATIC)]


def _getitem(ctx, x, *index_inputs, index):
    if _traced_masks(ctx, index_inputs):
        raise xla_refusal(ctx.node, _MASK_READ, DataDependentIndex)
    x = jnp.asarray(x)
    index_inputs, empty = index_checks.checked(ctx, x, index, index_inputs)
    if empty:
        x = jnp.zeros(tuple(1 if axis in empty else d for axis, d in enumerate(x.shape)), x.dtype)
    return x[_static_index(index, index_inputs)]


def _setitem(ctx, x, v, *index_inputs, index):
    x = jnp.asarray(x)
    if _traced_masks(ctx, index_inputs):
        mask = jnp.asarray(index_inputs[0])
        if index != (shapes.Ref(0),) or jnp.ndim(v) != 0:
            raise xla_refusal(ctx.node, _MASK_WRITE, DataDependentIndex)
        # x[mask] = scalar, where the graph did not know the shapes (they are concrete here): np.where, after
        # NumPy's own check that the mask fits x.
        if mask.shape != x.shape[:mask.ndim]:  # (the graph's rule fixed the ranks: the mask's is at most x's)
            axis = next(i for i, (m, d) in enumerate(zip(mask.shape, x.shape)) if m != d)
            message = (f"boolean index did not match indexed array along axis {axis}; size of axis is "
                       f"{x.shape[axis]} but size of corresponding boolean axis is {mask.shape[axis]}")
            where = format_site(*ctx.node.location) if ctx.node.location else "<unknown>"
            error = IndexError(message) if hasattr(IndexError, "add_note") else IndexError(f"{where}: {message}")
            if hasattr(error, "add_note"):  # (Python 3.11+; before, the message starts with the line)
                error.add_note(f"(raised by the `setitem` traced at {where})")
            error.located = True  # NumPy's error, as the interpreter raises it: evaluate passes it on
            raise error
        mask = mask.reshape(mask.shape + (1,) * (x.ndim - mask.ndim))
        return jnp.where(mask, _cast(jnp.asarray(v), x.dtype), x)
    index_inputs, empty = index_checks.checked(ctx, x, index, index_inputs)
    if empty:
        return x  # nothing to write into an empty axis (the check failed, if the write ran)
    static = _static_index(index, index_inputs)
    v = jnp.asarray(v)
    if v.ndim and v.shape[0] == 1:
        # NumPy writes a value with more dimensions than the items it replaces when the extra leading ones are 1
        # (`y[i] = b[None, :]`); JAX's .set broadcasts only to as many dimensions or more. (x[static] only tells
        # its rank here: XLA drops the read.)
        extra = v.ndim - x[static].ndim
        while extra > 0 and v.shape[0] == 1:
            v, extra = v[0], extra - 1
    return x.at[static].set(_cast(v, x.dtype))


def _take(ctx, x, indices, axis, mode):
    x = jnp.asarray(x)
    if ctx.node in ctx.lowering.assert_codes:  # mode "raise": NumPy's IndexError after the run (index_checks.py)
        size = x.size if axis is None else x.shape[axis]
        indices, empty = index_checks.check(ctx.state, ctx.lowering.assert_codes[ctx.node], indices,
                                            0 if axis is None else axis % x.ndim, size)  # (NumPy counts from 0)
        if empty:
            shape = jnp.shape(indices) if axis is None else x.shape[:axis] + jnp.shape(indices) + x.shape[axis + 1:]
            return jnp.zeros(shape, x.dtype)
    # "fill" (out-of-bounds reads NaN) where the check above stands for NumPy's "raise".
    return jnp.take(x, indices, axis, mode="fill" if mode in (None, "raise") else mode)


_ELEMENTWISE_RULES = {name: _elementwise(ufunc) for name, ufunc in ops.ELEMENTWISE.items()}
_STRUCTURE_RULES: dict[str, Rule] = {
    "sum": _sum,
    "prod": lambda ctx, x, axis, keepdims: _product(ctx, x, axis, complex_reductions.prod, keepdims),
    "mean": _mean,
    "max": complex_reductions.extreme(largest=True, index=False),  # (complex: lexicographic, NaNs first)
    "min": complex_reductions.extreme(largest=False, index=False),
    "any": complex_reductions.any_all(jnp.any),  # (complex: either part nonzero)
    "all": complex_reductions.any_all(jnp.all),
    "argmax": complex_reductions.extreme(largest=True, index=True),
    "argmin": complex_reductions.extreme(largest=False, index=True),
    "cumsum": _cumsum,
    "cumprod": lambda ctx, x, axis: _product(ctx, x, axis, complex_reductions.cumprod),
    "sort": lambda ctx, x, axis: rules_array.sort(x, axis),
    "argsort": lambda ctx, x, axis: rules_array.argsort(x, axis),
    "matmul": _matmul,
    "dot": _matmul,
    "vdot": lambda ctx, a, b: _matmul(ctx, jnp.conj(a), b),
    "reshape": lambda ctx, x, shape: jnp.reshape(x, shape),
    "transpose": lambda ctx, x, axes: jnp.transpose(x, axes),
    "broadcast_to": lambda ctx, x, shape: jnp.broadcast_to(x, shape),
    "cast": lambda ctx, x, dtype: _astype(x, dtype),
    "where": lambda ctx, c, x, y: jnp.where(c, *_common(ctx, (x, y))),
    "clip": lambda ctx, *xs: _clip(*_common(ctx, xs)),
    "concatenate": lambda ctx, *xs, axis: jnp.concatenate(_common(ctx, xs), axis),
    "stack": lambda ctx, *xs, axis: jnp.stack(_common(ctx, xs), axis),
    "getitem": _getitem,
    "setitem": _setitem,
    "take": _take,
    "dim": lambda ctx, x, axis: np.int64(np.shape(x)[axis]),  # static: shapes are known under jit
    "constant": lambda ctx, value: value,
    "full": lambda ctx, shape, fill_value, dtype: _hidden_zeros(jnp.full(shape, fill_value, dtype), fill_value),
    "full_like": lambda ctx, x, fill_value, dtype: _hidden_zeros(jnp.full(np.shape(x), fill_value, dtype),
                                                                 fill_value),
    "arange": lambda ctx, start, stop, step, dtype: np.arange(start, stop, step, dtype),
}


# --- rules: control flow ----------------------------------------------------------------------------

def _threaded(ctx, *graphs: Graph) -> tuple:
    """The state keys a control-flow op must carry: all of them when a subgraph is stateful."""
    return tuple(ctx.state) if any(_stateful(ctx, g) for g in graphs) else ()


def _stateful(ctx, graph: Graph) -> bool:
    """Whether ``graph`` (or a graph in it) has effects on XLA: the graph's own (``ops.graph_is_stateful``), or a
    node the lowering checks as it checks asserts (an integer power: ``_negative_powers``)."""
    codes = ctx.lowering.assert_codes
    return ops.graph_is_stateful(graph) or any(node in codes for node in _walk(graph))


def _hidden_zeros(value: Any, fill: Any = None) -> Any:
    """``value`` opaque to XLA (``_opaque``) if it is a float constant with a zero in it (or, with ``fill``, an array
    filled with a float zero), so that XLA's `x + 0` is not `x` where the zero reaches an add through a branch, a
    loop's carry or a fill (`a = np.zeros_like(x)`, then `a = a + x` under a staged `if`, gave -0.0 where NumPy gives
    0.0); anything else as it is (integer constants stay static: shapes, bounds, counters)."""
    constant = value if fill is None else fill
    if not isinstance(constant, _STATIC):  # (a traced value: XLA does not know it)
        return value
    dtype = np.asarray(value).dtype if fill is None else np.dtype(value.dtype)
    if dtype.kind not in "fc" or np.all(constant):
        return value
    return _opaque(jnp.asarray(value))


def _cond(ctx, pred, *operands, true_graph, false_graph):
    keys = _threaded(ctx, true_graph, false_graph)
    operands = tuple(_hidden_zeros(x) for x in operands)

    def branch(graph):
        def run(operands, values):
            state = dict(zip(keys, values))
            outs = evaluate(graph, operands, state, ctx.lowering)
            return outs, tuple(state[k] for k in keys)
        return run

    try:
        outs, values = lax.cond(pred, branch(true_graph), branch(false_graph), operands,
                                tuple(ctx.state[k] for k in keys))
    except TypeError as error:
        shown = ", ".join(v.type_str for v in ctx.node.outputs)
        lowering_error = LoweringError(
            f"the branches of this `if` give values of different shapes (joined as {shown}), which lax.cond "
            "cannot express under executor='jax': make both branches give the same shape (pad or slice to one "
            f"size), or run this function on the NumPy executor (executor='numpy', the default). "
            f"JAX says: {_first_line(error)}")
        lowering_error.jax_error = error
        raise lowering_error from None
    ctx.state.update(zip(keys, values))
    return outs


def _while_loop(ctx, *args, cond_graph, body_graph):
    n = len(body_graph.outputs)
    # (The carries only: a loop's constants stay XLA's to see, as the unrolled loop's are, so that a rolled loop's
    # dot products keep the unrolled one's bits: test_roll's layer stacks.)
    args = (*(_hidden_zeros(x) for x in args[:n]), *args[n:])
    unrolled = _unrolled_counted_loop(ctx, args, n, cond_graph, body_graph)
    if unrolled is not None:
        return unrolled
    consts = args[n:]
    keys = _threaded(ctx, cond_graph, body_graph)
    lowering = ctx.lowering

    def test(loop_vars, state):
        return evaluate(cond_graph, (*loop_vars, *consts), state, lowering)[0]

    def step(loop_vars, state):
        return evaluate(body_graph, (*loop_vars, *consts), state, lowering)

    # A failed assert or index check ends the loop, as the interpreter stops there (and a loop reading past the
    # end of an array, `while x[i] > 0: i += 1`, would not end: XLA clamps the index).
    checked = next((k for k, key in enumerate(keys) if key is _FAILED), None)  # (`is`: keys hold Variables too)

    def going(answer, values):
        return answer if checked is None else jnp.logical_and(answer, values[checked] == 0)

    start = tuple(jnp.asarray(x) for x in args[:n])
    try:
        if not _stateful(ctx, cond_graph):  # the form one writes by hand
            def body(carry):
                state = dict(zip(keys, carry[1]))
                new = step(carry[0], state)
                return new, tuple(state[k] for k in keys)
            out, values = lax.while_loop(lambda c: going(test(c[0], {}), c[1]), body,
                                         (start, tuple(ctx.state[k] for k in keys)))
        else:  # the test has effects too: run it at the end of each iteration, carry its answer
            def body(carry):
                state = dict(zip(keys, carry[1]))
                new = step(carry[0], state)
                answer = test(new, state)
                values = tuple(state[k] for k in keys)
                return new, values, going(answer, values)
            state = dict(ctx.state)
            first = going(test(start, state), tuple(state[k] for k in keys))
            out, values, _ = lax.while_loop(lambda c: c[2], body, (start, tuple(state[k] for k in keys), first))
    except TypeError as error:
        lowering_error = LoweringError(
            "a variable of this loop changes shape from one iteration to the next (its type in the graph: "
            f"{', '.join(v.type_str for v in body_graph.inputs[:n])}), which lax.while_loop cannot express under "
            "executor='jax': preallocate it at its full size before the loop (`out = np.zeros(n)`) and write "
            "`out[i] = v` in it, or run this function on the NumPy executor (executor='numpy', the default). "
            f"JAX says: {_first_line(error)}")
        lowering_error.jax_error = error
        raise lowering_error from None
    ctx.state.update(zip(keys, values))
    return out


def _unrolled_counted_loop(ctx, args, n, cond_graph, body_graph):
    """A loop counting from a constant to a constant over constant arrays read at the counter (a run of
    layers the roll pass rolled: runtime/graph/passes/roll.py), of at most ``program.UNROLLED_NODES`` body
    nodes in all, as straight-line JAX: the body once per row of the arrays (``program.counted_loop``), each
    row a static NumPy slice. That is the very program the unrolled layers lower to, constants and all, so
    XLA gives their bits (a ``lax.while_loop`` over dynamic slices may not: XLA picks another dot kernel for
    a 4-wide float64 product, ulps apart) and, at 100 layers, compiles and runs it faster (docs/benchmarks.md,
    section 8). None for any other loop."""
    static = {k: a[()] if type(a) is np.ndarray and a.ndim == 0 else a
              for k, a in enumerate(args) if isinstance(a, _STATIC)}
    loop = program.counted_loop(cond_graph, body_graph, n, static)
    # (A loop that reads no constant array at its counter, a Python loop over a static range staged by the trace,
    # stays a lax.while_loop: unrolled, XLA compiled a 300-step gradient descent for 6.6 s, for no bits to keep.)
    if loop is None or not loop.rows_of or len(loop.rows) * len(body_graph.nodes) > program.UNROLLED_NODES:
        return None
    c = loop.counter
    body = Graph(body_graph.inputs + tuple(node.outputs[0] for node in loop.rows_of),
                 tuple(node for node in body_graph.nodes if node not in loop.replaced),
                 body_graph.outputs[:c] + body_graph.outputs[c + 1:])
    loop_vars = list(args[:n])
    for counter, *rows in loop.rows:
        loop_vars[c] = counter
        loop_vars = list(evaluate(body, (*loop_vars, *args[n:], *rows), ctx.state, ctx.lowering))
        loop_vars.insert(c, None)
    loop_vars[c] = loop.final
    return tuple(loop_vars)


# --- rules: state ------------------------------------------------------------------------------------

def _failed(ctx) -> Any:
    return ctx.state.get(_FAILED)


def _assign(update: Callable) -> Rule:
    def rule(ctx, x, variable):
        old = ctx.state[variable]
        new = _astype(jnp.broadcast_to(update(old, x), variable.shape), variable.dtype)
        failed = _failed(ctx)
        ctx.state[variable] = new if failed is None else jnp.where(failed == 0, new, old)
    return rule


def _print(ctx, *values, template, sep, end):
    def text(item: Any) -> str:
        return str(item).replace("{", "{{").replace("}", "}}")
    def part(item: Any) -> str:  # (a tuple: a string holding tensors' values, runtime/graph/formatted.py)
        if isinstance(item, tuple):
            return "".join(map(part, item))
        if isinstance(item, shapes.Ref):  # (a spec holds no braces: runtime/graph/tensor.py's __format__)
            return "{:" + item.spec + "}" if item.spec else "{}"
        return text(item)

    def refs(item: Any) -> list:
        if isinstance(item, tuple):
            return [ref for piece in item for ref in refs(piece)]
        return [values[item.k]] if isinstance(item, shapes.Ref) else []
    fmt = text(sep).join(map(part, template)) + text(end)
    args = [value for item in template for value in refs(item)]
    if fmt.endswith("\n"):
        show = lambda *a: jax.debug.print(fmt[:-1], *a, ordered=True)  # noqa: E731
    else:  # jax.debug.print always ends the line
        show = lambda *a: jax.debug.callback(lambda *v: print(fmt.format(*v), end=""), *a, ordered=True)  # noqa: E731
    failed = _failed(ctx)
    if failed is None:
        show(*args)
    else:
        lax.cond(failed == 0, lambda a: show(*a), lambda a: None, args)


def _assert(ctx, condition, *values, message, error=AssertionError, where="", template=None):
    keys = ctx.lowering.formatted.get(ctx.node, ())
    if keys:  # the values its message shows (runtime/graph/formatted.py), kept as they are when it first fails
        failing = (ctx.state[_FAILED] == 0) & ~jnp.all(condition)
        for key, value in zip(keys, values):
            kept = ctx.state[key]
            ctx.state[key] = jnp.where(failing, jnp.asarray(value, kept.dtype), kept)
    _check(ctx, condition)


def _python_int(ctx, *values, operation, where=""):
    """``python_int`` (runtime/graph/core_kernels.py): int64 arithmetic, wrapping, with its overflow recorded as the
    graph's failure (Python's ints grow: the interpreter's kernel raises OverflowError there too). On static integers
    (a `dim` and a constant: `y[:n - 1]` of y = x[mask], n = y.size) it stays a NumPy value, the interpreter's kernel,
    so a slice bound or a shape made of it is static, as for the elementwise ops."""
    if _integer_scalars(values):
        try:
            return python_int(*values, operation=operation, where=where)
        except (ArithmeticError, ValueError):  # (a zero divisor, an overflow: the graph's failure, recorded below)
            pass
    a = jnp.asarray(values[0])
    b = jnp.asarray(values[1]) if len(values) > 1 else None
    low = jnp.iinfo(jnp.int64).min
    if operation == "add":
        r = a + b
        bad = ((a ^ r) & (b ^ r)) < 0
    elif operation == "sub":
        r = a - b
        bad = ((a ^ b) & (a ^ r)) < 0
    elif operation == "mul":
        r = a * b
        safe = jnp.where((a == 0) | (a == -1), 1, a)
        bad = jnp.where(a == -1, b == low, jnp.where(a == 0, False, jnp.floor_divide(r, safe) != b))
    elif operation == "floordiv":
        r = jnp.floor_divide(a, jnp.where(b == 0, 1, b))
        bad = (a == low) & (b == -1)
    elif operation == "pow":
        r = lax.integer_pow(a, int(b)) if isinstance(b, int) else jnp.power(a, b)
        power = jnp.power(jnp.abs(a.astype(jnp.float64)), b.astype(jnp.float64))
        fits = (power == 2.0 ** 63) & (a < 0) & (b % 2 == 1) & (r == low)
        bad = (b >= 2) & (power >= float(2 ** 63 - 2 ** 20)) & ~fits
    elif operation == "left_shift":
        r = jnp.left_shift(a, jnp.minimum(b, 63))
        bad = (a != 0) & ((b >= 64) | (jnp.right_shift(r, jnp.minimum(b, 63)) != a))
    else:  # neg, abs
        r = -a if operation == "neg" else jnp.abs(a)
        bad = a == low
    if ctx.node in ctx.lowering.assert_codes:
        _check(ctx, ~bad)
    return r


def _check(ctx, condition: Any) -> None:
    """Record the node's code as the graph's first failure unless every element of ``condition`` holds (a graph's
    assert; an integer power's exponent): ``Lowered`` raises the failure after the run."""
    failed = ctx.state[_FAILED]
    code = ctx.lowering.assert_codes[ctx.node]
    ctx.state[_FAILED] = jnp.where((failed == 0) & ~jnp.all(condition), code, failed)


def _unused_generator(ctx, inputs: Sequence[Any], generator: Any, make: Any) -> tuple:
    """``np.random.default_rng(seed)`` (or ``RandomState``) made in the function and never drawn from: nothing
    NumPy's program could see (its seed, a constant, was taken while tracing), so nothing on XLA (NeuroKit's
    ``complexity_symbolize`` makes one it uses only for some methods). One that is drawn from is refused."""
    drawn = any(node.op == "random" and node.attrs["draw"].source is generator for node in _walk(ctx.lowering.graph))
    if drawn or inputs:
        return _random("make")(ctx, *inputs, generator=generator, make=make)
    return ()


def _random(what: str) -> Rule:
    """A random op (runtime/graph/ops_random.py): refused. XLA has no NumPy generator, and jax.random's
    key-based streams give other numbers than eager NumPy, which a graph must give or refuse."""
    def rule(ctx, *inputs, **attrs):
        raise LoweringError(  # (evaluate starts it with the draw's file:line)
            f"{attrs[what]!r} runs a NumPy random generator each time the graph runs, which "
            "executor='jax' cannot do: XLA has no NumPy generator, and jax.random's key-based streams give "
            "other numbers than NumPy. Run this function on the NumPy executor (executor='numpy', the default; "
            "executor='auto' picks it for such a graph), or write it with jax.random and a key passed in as an "
            "argument (autograph.function(..., backend='jax')).")
    return rule


def _clock(ctx, *, clock):
    """A clock read (runtime/graph/ops_clock.py): refused. XLA reads no clock, and a reading taken while lowering
    would be a constant of the compiled program, the same at every run."""
    raise LoweringError(  # (evaluate starts it with the read's file:line)
        f"{clock}() reads the clock each time the graph runs, which executor='jax' cannot do: XLA reads no clock. "
        "Run this function on the NumPy executor (executor='numpy', the default; executor='auto' picks it for such "
        "a graph), or read the clock outside the function and pass the time in as an argument.")


def _numpy_function(ctx, *inputs, call):
    """The user's NumPy function (runtime/graph/ops_callback.py) as an ordered io_callback (runtime/jax/callback.py)."""
    try:
        return callback.lower(call, inputs, ctx.node.location)
    except NotStageable as error:  # (an output of unknown size: XLA's shapes are static)
        raise LoweringError(str(error)) from error


_STATE_RULES: dict[str, Rule] = {
    "cond": _cond,
    "while_loop": _while_loop,
    "read_variable": lambda ctx, variable: ctx.state[variable],
    "assign_variable": _assign(lambda old, x: x),
    "assign_add_variable": _assign(lambda old, x: old + x),
    "assign_sub_variable": _assign(lambda old, x: old - x),
    "print": _print,
    "assert": _assert,
    "python_int": _python_int,
    "random": _random("draw"),
    "clock": _clock,
    "random_generator": lambda ctx, *inputs, **attrs: _unused_generator(ctx, inputs, **attrs),
    "numpy_function": _numpy_function,
}


# The rules this module holds: every core op's, and the library ops' whose records name this module
# (setitem beside getitem, random and numpy_function with the other stateful ops).
RULES: dict[str, Rule] = {**_ELEMENTWISE_RULES, **_STRUCTURE_RULES, **_STATE_RULES}


def rule_of(opdef: ops.OpDef) -> Rule:
    """The JAX rule an op's record names (``OpDef.jax``, runtime/graph/opdefs.py): ``RULES[name]`` of the
    module under ``runtime.jax`` it names, or a JAX function by its dotted path (``"jax.numpy.real"``),
    called as ``fn(*inputs, **attrs)``."""
    ref = opdef.jax
    if ref is None:
        raise LookupError(f"op {opdef.name!r} has no JAX rule: its record (runtime/graph/opdefs.py) names none")
    if ref.startswith("jax."):
        return _jax_function(ref)
    rules = getattr(importlib.import_module(ref), "RULES", {})
    if opdef.name not in rules:
        raise LookupError(f"op {opdef.name!r}'s record names {ref} for its JAX rule, but {ref}.RULES has none")
    return rules[opdef.name]


def _jax_function(path: str) -> Rule:
    """The rule calling the JAX function at ``path`` (``"jax.numpy.linalg.inv"``) as ``fn(*inputs, **attrs)``."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            fn = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for name in parts[cut:]:
                fn = getattr(fn, name)
        except AttributeError:
            break
        return lambda ctx, *xs, **attrs: fn(*xs, **attrs)
    raise LookupError(f"no JAX function {path}")


# Every op whose record names a JAX rule (a test checks that is every op).
JAX_LOWERINGS: dict[str, Rule] = {name: rule_of(d) for name, d in ops.OPS.items() if d.jax is not None}


# --- the lowered function --------------------------------------------------------------------------

def _walk(graph: Graph):
    for node in graph.nodes:
        yield node
        for name in ops.OPS[node.op].subgraphs:
            yield from _walk(node.attrs[name])


def _x64_switch() -> tuple[Callable[[], Any], Callable[[Any], None], Callable[[], Any]]:
    """``(on, restore, local)``: ``prev = on()`` turns 64-bit types on for this thread, ``restore(prev)``
    puts back what was there. What ``with jax.enable_x64(True):`` does on entry and exit, without
    building a context manager per call (a few microseconds on a call of some tens): ``jax.enable_x64``
    is JAX's config state, whose thread-local value ``swap_local`` / ``set_local`` set. ``local()`` is
    that thread-local value (True: on already, as inside ``with jax.enable_x64(True):``, so a call
    need not switch at all). A JAX whose state lacks them (or runs a hook on a change) gets the context
    manager, and ``local()`` is None."""
    state = jax.enable_x64
    if hasattr(state, "swap_local") and hasattr(state, "set_local") and hasattr(state, "get_local") \
            and getattr(state, "_update_thread_local_hook", None) is None:
        return functools.partial(state.swap_local, True), state.set_local, state.get_local

    def on() -> Any:
        manager = jax.enable_x64(True)
        manager.__enter__()
        return manager

    return on, lambda manager: manager.__exit__(None, None, None), lambda: None


_x64_on, _x64_restore, _x64_local = _x64_switch()


def x64_switch() -> tuple[Callable[[], Any], Callable[[Any], None], Callable[[], Any]]:
    """``(on, restore, local)`` as ``_x64_switch`` describes, for a caller that runs a jitted function of its own
    with 64 bits on (autograph/dispatch.py)."""
    return _x64_on, _x64_restore, _x64_local


class Lowered:
    """A graph as a JAX function. ``fn(*inputs, *variable_values) -> (*outputs, *assigned_values[,
    failed_assert_code])`` is pure, flat and traceable; ``jitted`` is ``jax.jit`` of it with the products'
    zero first (``jitted(zero(), *args)``, ``EXACT_PRODUCTS``), compiled once per input shapes.
    ``call(inputs)`` runs it with 64-bit types on: NumPy (or JAX) arrays that fit the graph's inputs in,
    the assigned variables written back, a failed assert raised, NumPy outputs out. ``lowered(inputs)``
    checks the inputs first (as ``interpreter.run`` does).

    The call path is short on purpose (a ``Function`` call of a graph that runs in 30 µs must not
    pay twice that around it): the inputs a ``Function`` keyed are not checked again; 64 bits are
    switched on by setting JAX's thread-local state directly (``_x64_switch``); flat positional
    arguments and results (nothing to pack or unpack per call); a separate path for graphs with
    variables, prints or asserts."""

    def __init__(self, graph: Graph, checks: bool = True, exact_order: bool = False) -> None:
        """``checks=False``: without the run-time checks of NumPy's errors that only the values decide (an index
        out of bounds, a singular matrix, a negative integer power): XLA's answers there (``export_stablehlo``'s
        ``unchecked=True``). ``exact_order``: the summation-order checks exact (``summation_order.py``), each under
        a ``lax.cond``; without it, their cheap bounds alone, and a call where one fails runs again on the exact
        twin (``_exact``), unless the graph prints or calls the host (whose effects a second run would repeat:
        those run exact checks from the start)."""
        self.graph = graph = masked_writes.as_wheres(graph)  # (the same graph when ``lower`` rewrote it already)
        nodes = list(_walk(graph))
        _refuse_constants_xla_cannot_hold(nodes)
        self.variables = list(dict.fromkeys(n.attrs["variable"] for n in nodes if "variable" in n.attrs))
        self.assigned = [v for v in self.variables
                         if any(n.op.startswith("assign") and n.attrs["variable"] is v for n in nodes)]
        # The graph's asserts, and its integer powers, whose negative exponents raise NumPy's ValueError.
        # And the reads and writes at an integer index computed in the graph: NumPy's IndexError (index_checks.py).
        checked_powers = set(_negative_powers(nodes)) if checks else set()
        complex_powers = set(_complex_powers(nodes)) if checks else set()  # (NonFiniteComplexPower)
        indexed = index_checks.checked_nodes(nodes) if checks else []
        # And NumPy's (SciPy's) LinAlgError of a singular matrix or one not positive definite (rules_linalg.CHECKED).
        # And NumPy's search in an array that is not sorted, which XLA's cannot follow (rules_array.CHECKED).
        value_errors = dict(rules_linalg.CHECKED) | rules_array.CHECKED | {
            "python_int": (OverflowError, PYTHON_INT_OVERFLOW)}
        if any(n.op.startswith("scipy_") for n in nodes):
            from runtime.jax import rules_scipy

            value_errors.update(rules_scipy.checked())
        value_checked = [n for n in nodes if n.op in value_errors] if checks else []
        # And a float sum or product whose partial results may overflow, where XLA's order is not NumPy's and the
        # order decides the answer (summation_order.py): OrderDependentOverflow.
        ordered = summation_order.checked_nodes(nodes) if checks else []
        value_checked += ordered
        value_errors |= summation_order.errors()
        asserts = [n for n in nodes if n.op == "assert" or n in checked_powers or n in complex_powers] + indexed \
            + value_checked
        self.assert_codes = {node: code for code, node in enumerate(asserts, 1)}
        self.index_checks = bool(indexed)
        self.failures = [(node.attrs.get("error", AssertionError), node.attrs["message"], node.attrs.get("where", ""))
                         if node.op == "assert" else
                         (NonFiniteComplexPower, NON_FINITE_COMPLEX_POWER, _site(node)) if node in complex_powers else
                         (ValueError, NEGATIVE_POWER, _site(node)) if node.op == "pow" else
                         (*value_errors[node.op], _site(node)) if node.op in value_errors else
                         (None, node.op, _site(node))  # an index check: its message is made from what failed
                         for node in asserts]
        self.messages = [message for _, message, _ in self.failures]
        self.failure_locations = [node.location for node in asserts]  # (a `try` of the program's may catch one)
        # An assert whose message shows tensors' values (f"got {x}"): a state key per value, which holds it as it
        # is when the assert first fails (values of unknown shape are not kept: the message shows their type).
        self.formatted = {node: tuple(("<formatted>", code, k) for k in range(len(node.inputs) - 1))
                          for node, code in self.assert_codes.items()
                          if node.op == "assert" and node.attrs.get("template") is not None
                          and all(None not in v.shape for v in node.inputs[1:])}
        self._formatted_values = {key: value for node, keys in self.formatted.items()
                                  for key, value in zip(keys, node.inputs[1:])}
        self.prints = any(n.op == "print" for n in nodes)
        self.host_calls = any(n.op == "numpy_function" for n in nodes)  # (runtime/jax/callback.py)
        # Whether a run has effects outside its outputs (a run that raised may have had them already).
        self.has_effects = bool(self.assigned or self.prints or self.host_calls)
        self.exact_order = bool(exact_order or self.prints or self.host_calls)
        self._order_codes = frozenset(self.assert_codes[node] for node in ordered)
        self._exact_twin: Optional[Lowered] = None
        self.summed = _summed(graph)  # (the products that take the xor: ``EXACT_PRODUCTS``)
        self._outputs = len(graph.outputs)
        self._stateful = bool(self.variables or asserts or self.prints or self.host_calls)
        # One output and no state: the jitted function returns the array itself, not a tuple of one (a
        # pytree jax.jit's dispatch would build and we would take apart on every call).
        # Or one output whose only checks are of summation order (``ordered``, most graphs of float sums and
        # matrix products): ``(output, failed)``, read on the short paths too (``_checked_single_call``, and
        # autograph/dispatch.py), as their runs have no effect that a second run, which raises, would repeat.
        self.order_checked = set(ordered)
        self.checked_single = (self._outputs == 1 and bool(asserts) and set(asserts) <= self.order_checked
                               and not (self.variables or self.prints or self.host_calls or self.formatted))
        self.single = (not self._stateful and self._outputs == 1) or self.checked_single
        # ``jitted(zero(), *inputs, *variable_values)``: the zero first (see ``EXACT_PRODUCTS``).
        fn = self._fn_single if self.single else self.fn

        def exact(zero: Any, *args: Any) -> Any:
            return exactly(zero, fn, *args)
        self.jitted = jax.jit(exact)
        self._zero = zero()
        self.call_single: Callable[[Sequence[Any]], np.ndarray] | None = None
        if self.checked_single:
            self.call_single = _checked_single_call(self.jitted, self._zero, self._failed_single)
            self.call = _tuple_of(self.call_single)
        elif self.single:
            self.call_single = _single_call(self.jitted, self._zero)
            self.call = _tuple_of(self.call_single)
        elif not self._stateful:
            self.call = self._stateless_call()

    def fn(self, *args: Any) -> tuple:
        """The graph on JAX values: ``(*inputs, *variable_values)`` in, ``(*outputs, *assigned_values)`` out,
        then the first failed assert's code (0: none) if the graph has asserts."""
        n = len(self.graph.inputs)
        state: dict = dict(zip(self.variables, args[n:]))
        if self.messages:
            state[_FAILED] = jnp.int32(0)
        if self.index_checks:
            state[index_checks.DETAIL] = index_checks.initial_detail()
        for key, value in self._formatted_values.items():
            state[key] = jnp.zeros(value.shape, value.dtype)
        outputs = evaluate(self.graph, args[:n], state, self)
        failed = (state[_FAILED],) if self.messages else ()
        if self.index_checks:
            failed += (state[index_checks.DETAIL],)
        failed += tuple(state[key] for key in self._formatted_values)
        return (*outputs, *(state[v] for v in self.assigned), *failed)

    def _fn_single(self, *args: Any) -> Any:
        """``fn`` of a graph with one output and no state: that output alone (what ``jitted`` runs then); of one
        whose only checks are of summation order (``checked_single``), ``(output, failed)``: ``fn``'s own."""
        return self.fn(*args) if self.checked_single else self.fn(*args)[0]

    def call(self, inputs: Sequence[Any]) -> tuple:
        """Run on ``inputs`` that fit the graph's inputs (NumPy arrays or scalars, or JAX arrays, of the
        input dtypes and shapes: what a ``Function`` passes after keying them), unchecked. NumPy outputs.
        (A graph without variables, prints or asserts replaces this method with a closure: ``_single_call``'s
        for one output, ``_stateless_call``'s for several.)"""
        inputs = _device_values(inputs)
        return self._call_stateful(inputs)

    def _stateless_call(self) -> Callable[[Sequence[Any]], tuple]:
        """``call`` for a graph without state and several outputs: one closure, its names bound once."""
        jitted, asarray, zero = self.jitted, np.asarray, self._zero
        on, restore, local = _x64_on, _x64_restore, _x64_local

        def call(inputs: Sequence[Any]) -> tuple:
            inputs = _device_values(inputs)
            if local() is True:  # this thread has 64 bits on already: nothing to switch
                return tuple(map(asarray, jitted(zero, *inputs)))
            prev = on()
            try:
                # (Read with 64 bits on: a host callback in the program, SciPy's on the host, runs as the results
                # are read, and JAX puts its float64 arguments on the host as float32 once 64 bits are off.)
                return tuple(map(asarray, jitted(zero, *inputs)))
            finally:
                restore(prev)
        call.__doc__ = Lowered.call.__doc__
        return call

    def _exact(self) -> Lowered:
        """The exact twin: this graph lowered with ``exact_order`` (made at the first call that needs it)."""
        twin = self._exact_twin
        if twin is None:
            twin = self._exact_twin = Lowered(self.graph, exact_order=True)
        return twin

    def _failed_single(self, inputs: Sequence[Any]) -> np.ndarray:
        """``call_single`` after a run whose summation-order check failed (``checked_single``): the exact twin's
        answer or error where the check was the cheap bound; the error, raised by a run that reads it, where it was
        exact (the graph has no effects, so the second run repeats none)."""
        if not self.exact_order:
            return self._exact().call_single(inputs)
        self._call_stateful(inputs)
        raise AssertionError("a summation-order check failed on one run and not on the same run again")

    def _call_stateful(self, inputs: Sequence[Any]) -> tuple:
        if not self.assigned:
            return self._run_stateful(inputs)
        # The program reads the Variables it assigns as inputs and the results are written back after it: the
        # read, the run and the write are one step under threads (an add of a run on another thread, or of the
        # interpreter's kernels, between them would be lost), as each add of the interpreter is.
        with variables.UPDATES:
            return self._run_stateful(inputs)

    def _run_stateful(self, inputs: Sequence[Any]) -> tuple:
        prev = _x64_on()
        try:
            results = self.jitted(self._zero, *inputs, *[v._value for v in self.variables])
            if self.prints or self.host_calls:
                jax.effects_barrier()
            # (Ready before 64 bits go off: a host callback runs as the results are computed, and JAX puts its
            # float64 arguments on the host as float32 once they are off. The results are read at once anyway.)
            results = jax.block_until_ready(results)
        except jax.errors.JaxRuntimeError as error:
            if not self.host_calls:
                raise
            failed = callback.host_failure(error)  # a numpy_function's own error: itself, as the interpreter raises it
            if failed is None:
                raise
            handler_not_run = run_time_errors.past_handler(failed, callback.host_failure_location())
            if handler_not_run is not None:  # a `try` of the program's would have caught it (run_time_errors.py)
                raise handler_not_run from failed
            raise failed from error
        finally:
            _x64_restore(prev)
        n = self._outputs
        if self._order_codes and not self.exact_order and int(results[n + len(self.assigned)]) in self._order_codes:
            # A cheap summation-order bound failed: the exact twin decides, on the same inputs and variables (none
            # was written back; the graph neither prints nor calls the host, so this run left no other trace).
            return self._exact()._run_stateful(inputs)
        for variable, value in zip(self.assigned, results[n:]):
            variable.set_value(np.asarray(value))
        if self.messages:
            failed = int(results[n + len(self.assigned)])
            if failed:
                error, message, where = self.failures[failed - 1]
                if error is None:  # an index out of bounds: NumPy's IndexError (index_checks.py)
                    raised = index_checks.error(results[n + len(self.assigned) + 1], message, where)
                else:
                    message = self._message(failed, message, results[n + len(self.assigned) + 1 + self.index_checks:])
                    raised = interpreter.assertion_error(error, message, where)
                handler_not_run = run_time_errors.past_handler(raised, self.failure_locations[failed - 1])
                if handler_not_run is not None:  # a `try` of the program's would have caught it (run_time_errors.py)
                    raise handler_not_run from raised
                raise raised
        return tuple(map(np.asarray, results[:n]))

    def _message(self, failed: int, message: str, kept: Sequence[Any]) -> str:
        """The failed assert's message, with the values it shows written in (``formatted``; ``kept``: the values
        of every such assert, in the order of ``_formatted_values``)."""
        node = next(node for node, code in self.assert_codes.items() if code == failed)
        keys = self.formatted.get(node)
        if not keys:
            return message
        by_key = dict(zip(self._formatted_values, kept))
        return formatted.render(node.attrs["template"], [np.asarray(by_key[key]) for key in keys])

    def __call__(self, inputs: Sequence[Any]) -> tuple:
        graph = self.graph
        if len(inputs) != len(graph.inputs):
            raise TypeError(f"the graph takes {len(graph.inputs)} inputs, got {len(inputs)}")
        return self.call([x if type(x) is np.ndarray and x.dtype == v.dtype and x.shape == v.shape
                          else interpreter.check_input(i, x, v) for i, (x, v) in enumerate(zip(inputs, graph.inputs))])

    def compile(self, inputs: Sequence[Any]) -> None:
        """Trace, lower and compile for these inputs (checked) now, without running."""
        args = [interpreter.check_input(i, x, v) for i, (x, v) in enumerate(zip(inputs, self.graph.inputs))]
        prev = _x64_on()
        try:
            self.jitted.lower(self._zero, *args, *[v._value for v in self.variables]).compile()
        finally:
            _x64_restore(prev)


def _single_call(jitted: Callable, zero: Any) -> Callable[[Sequence[Any]], np.ndarray]:
    """``call_single(inputs) -> np.ndarray``: ``np.asarray(jitted(zero, *inputs))`` with 64 bits on, for a graph of one
    output and no state; what a ``Function`` of such a graph runs per call (autograph/executors.py).

    Every line here costs more than its own time: between two XLA dispatches, each Python step measured
    1-2 µs on the loaded 2-core machine (a one-iteration loop over the inputs 2 µs, a tuple of one result
    2 µs, in batches of calls, thread CPU time). So the inputs go to ``jax.jit`` as they are: it takes
    NumPy arrays, scalars and JAX arrays, and ndarray subclasses (``np.matrix``) as their plain data; only
    what it refuses (a masked array, a ValueError) is converted (``_device_values``) and tried again, which
    for a graph without effects runs nothing twice. The x64 switch is one C call when 64 bits are on."""
    asarray = np.asarray
    on, restore, local = _x64_on, _x64_restore, _x64_local

    def call_single(inputs: Sequence[Any]) -> np.ndarray:
        if local() is True:  # this thread has 64 bits on already: nothing to switch
            try:
                return asarray(jitted(zero, *inputs))
            except (TypeError, ValueError):
                converted = _device_values(inputs)
                if converted is inputs:
                    raise
                return asarray(jitted(zero, *converted))
        prev = on()
        try:
            return asarray(jitted(zero, *_device_values(inputs)))
        finally:
            restore(prev)
    return call_single


def _checked_single_call(jitted: Callable, zero: Any, failed_run: Callable[[Sequence[Any]], np.ndarray]
                         ) -> Callable[[Sequence[Any]], np.ndarray]:
    """``call_single`` of a graph whose only checks are of summation order (``Lowered.checked_single``): its
    output, unless a check failed; then ``failed_run``'s (``Lowered._failed_single``: the output or the error)."""
    asarray = np.asarray
    on, restore, local = _x64_on, _x64_restore, _x64_local

    def call_single(inputs: Sequence[Any]) -> np.ndarray:
        inputs = _device_values(inputs)
        if local() is True:  # this thread has 64 bits on already: nothing to switch
            out, failed = jitted(zero, *inputs)
        else:
            prev = on()
            try:
                out, failed = jitted(zero, *inputs)
                out = asarray(out)  # (read with 64 bits on, see _single_call)
            finally:
                restore(prev)
        if failed:
            return failed_run(inputs)
        return asarray(out)
    return call_single


def _tuple_of(call_single: Callable[[Sequence[Any]], np.ndarray]) -> Callable[[Sequence[Any]], tuple]:
    """``call`` (a tuple of outputs) from ``call_single``, for the callers that take every graph's outputs alike."""
    def call(inputs: Sequence[Any]) -> tuple:
        return (call_single(inputs),)
    call.__doc__ = Lowered.call.__doc__
    call.single = call_single  # what autograph.executors.single_output takes
    return call


def _device_values(inputs: Sequence[Any]) -> Sequence[Any]:
    """``inputs`` as ``jax.jit`` takes them (``_device_value`` of each), the same list if all are NumPy arrays."""
    if all(x.__class__ is np.ndarray for x in inputs):
        return inputs
    return [_device_value(x) for x in inputs]


def _device_value(x: Any) -> Any:
    """An input as ``jax.jit`` takes it: NumPy arrays of a subclass (``np.matrix``) as plain arrays; NumPy
    scalars and JAX arrays as they are (a JAX array is not copied to the host and back)."""
    return np.asarray(x) if isinstance(x, np.ndarray) or not isinstance(x, (np.generic, jax.Array)) else x


def index_checked_nodes(lowered: Any) -> list[Node]:
    """The nodes whose index a ``Lowered`` checks against NumPy's bounds (runtime/jax/index_checks.py)."""
    codes = getattr(lowered, "assert_codes", {})
    return [node for node in codes if node.op in index_checks.CHECKED_OPS]


def checked_nodes(lowered: Any) -> list[Node]:
    """The nodes a ``Lowered`` checks when it runs, for NumPy's errors (an index out of bounds, a singular
    matrix, a negative integer power) or the graph's asserts: ``fn`` returns the outcome with the outputs."""
    return list(getattr(lowered, "assert_codes", {}))


def order_checked_nodes(lowered: Any) -> set:
    """The nodes among ``checked_nodes`` that a ``Lowered`` checks for a summation order that decides their answer
    (runtime/jax/summation_order.py): NumPy raises no error there, it gives another number."""
    return getattr(lowered, "order_checked", set())


def lower(graph: Graph) -> Lowered:
    """The graph as a ``Lowered`` JAX function, built once and cached on the graph. A graph whose top level holds
    data-dependent-shape ops (``x[mask]``, ``np.unique``...) is a ``segments.Segmented`` instead: compiled
    stages with those ops run on NumPy between them (runtime/jax/segments.py), with the same interface."""
    lowered = graph._cache.get("jax")
    if lowered is None:
        for value in graph.inputs:
            if value.dtype.kind not in "biufc":  # (datetime64 and timedelta64: the NumPy executor computes with them)
                raise LoweringError(
                    f"executor='jax' cannot take an input of dtype {value.dtype}: XLA holds numbers and booleans. "
                    "Run this function on the NumPy executor (executor='numpy', the default; executor='auto' falls "
                    "back to it by itself), or pass the values as numbers (x.astype(np.int64) of a datetime64 "
                    "array counts its units)")
        lowered_graph = masked_writes.as_wheres(graph)  # (x[m] = f(x[m]) as a where: no data-dependent size)
        steps = segments.numpy_nodes(lowered_graph)
        lowered = graph._cache["jax"] = (segments.Segmented(lowered_graph, steps, Lowered) if steps
                                         else Lowered(lowered_graph))
    return lowered


def run(graph: Graph, inputs: Sequence[Any]) -> tuple:
    """Like ``interpreter.run``, on XLA: lower ``graph`` to JAX, jit it (once), run it."""
    return lower(graph)(inputs)
