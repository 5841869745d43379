"""Arithmetic on the XLA executor rounds as NumPy's (runtime/jax/lowering.py, ``BARRIERS`` and ``EXACT_PRODUCTS``).
XLA's algebraic simplifier rewrites across operations in ways equal only in real numbers (``(a / b) / c`` as
``a / (b * c)``: 0 where NumPy gives 1e-100; ``x / s`` as ``x * (1 / s)``), unless each result reaches the next
behind an optimization barrier, and a divisor behind one. LLVM contracts a multiply feeding an add into one
fused multiply-add (one rounding where NumPy makes two), unless the product goes through an xor with a zero
that is an argument of the executable.

The oracle is eager NumPy: random programs of ``+ - * /`` and ``a*b + c``, ``c - a*b`` over float32 and float64
arrays, at magnitudes where those rewrites overflow, bit for bit on ``executor="jax"``; with ``exp``/``log``/
``sqrt`` too, NumPy's infs, NaNs and zeros must stay where they are (XLA rounds its transcendental functions'
last bits its own way); a float32 Lorenz recurrence and a cancellation, where one contracted rounding shows;
an XLA stage of a graph split around a data-dependent op (runtime/jax/segments.py). Plain ``jax.jit`` is the
control, and so is the executor with the xor switched off. Subnormals are left out: XLA flushes them to zero
(docs/jax.md). ``jax.jit`` and ``jax.grad`` of ``autograph.to_graph(f)`` (no zero there) still work."""

from __future__ import annotations

import jax
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import autograph
from runtime.jax import lowering

EXACT_OPS = ("add", "sub", "mul", "div", "fma", "fms")


def arithmetic(op, a, b, c):
    if op == "add":
        return a + b
    if op == "sub":
        return a - b
    if op == "mul":
        return a * b
    if op == "div":
        return a / (np.abs(b) + 1)
    if op == "fma":
        return a * b + c
    assert op == "fms", op
    return c - a * b


def run_program(program, x, y, z, every=False):
    """The registers x, y, z, then one per step of ``program`` (a tuple of (op, i, j, k): a constant of the
    trace, so the loop unrolls into the graph); the last register out (all of them with ``every``)."""
    registers = [x, y, z]
    for op, i, j, k in program:
        registers.append(arithmetic(op, registers[i], registers[j], registers[k]))
    return registers if every else registers[-1]


def subnormal_anywhere(registers) -> bool:
    """XLA on CPU flushes subnormals to zero (docs/jax.md), a documented difference this family leaves out."""
    return any(np.any((r != 0) & (np.abs(r) < np.finfo(r.dtype).tiny)) for r in registers)


@st.composite
def programs(draw, ops=EXACT_OPS):
    """Up to 8 steps of ``ops``, each on any earlier registers."""
    steps = draw(st.integers(1, 8))
    program = []
    for step in range(steps):
        live = 3 + step
        program.append((draw(st.sampled_from(ops)), draw(st.integers(0, live - 1)),
                        draw(st.integers(0, live - 1)), draw(st.integers(0, live - 1))))
    return tuple(program)


def inputs(dtype, seed, n=257):
    """Three arrays of mixed magnitudes, the extremes included (XLA's algebraic simplifier rewrites `(a/b)/c` as
    `a/(b*c)`, `exp(a)*exp(b)` as `exp(a+b)`: equal in real numbers, not where NumPy overflows)."""
    rng = np.random.default_rng(seed)
    big = np.sqrt(np.finfo(dtype).max) * 4
    scales = np.array([1e-3, 1.0, 1e3, big], dtype)
    return tuple(rng.standard_normal(n).astype(dtype) * rng.choice(scales, n) for _ in range(3))


def same_bits(got, expected):
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected, strict=True)


TRANSCENDENTAL = ("exp", "log", "sqrt")


def run_transcendental_program(program, x, y, z, every=False):
    """``run_program`` with ``exp``, ``log`` and ``sqrt`` steps too (of a; of |a| for log and sqrt)."""
    registers = [x, y, z]
    for op, i, j, k in program:
        a = registers[i]
        if op == "exp":
            registers.append(np.exp(a))
        elif op == "log":
            registers.append(np.log(np.abs(a)))
        elif op == "sqrt":
            registers.append(np.sqrt(np.abs(a)))
        else:
            registers.append(arithmetic(op, a, registers[j], registers[k]))
    return registers if every else registers[-1]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program=programs(EXACT_OPS), dtype=st.sampled_from([np.float32, np.float64]), seed=st.integers(0, 2**16))
def test_random_arithmetic_on_xla_has_numpys_bits(program, dtype, seed):
    x, y, z = inputs(dtype, seed)
    with np.errstate(all="ignore"):
        registers = run_program(program, x, y, z, every=True)
        assume(not subnormal_anywhere(registers))
        expected = registers[-1]
        staged = autograph.function(run_program, executor="jax")
        same_bits(staged(program, x, y, z), expected)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program=programs(EXACT_OPS + TRANSCENDENTAL), dtype=st.sampled_from([np.float32, np.float64]),
       seed=st.integers(0, 2**16))
def test_random_programs_with_exp_log_sqrt_overflow_where_numpy_does(program, dtype, seed):
    """XLA's exp and log round differently from NumPy's in the last bits (as NumPy's own differ between
    machines), and a later subtraction can grow that without bound, so values are not compared; what must not
    move is where a result is inf, -inf, 0 or NaN (a rewrite such as exp(a)*exp(b) -> exp(a+b) moves it)."""
    x, y, z = inputs(dtype, seed)
    with np.errstate(all="ignore"):
        registers = run_transcendental_program(program, x, y, z, every=True)
        assume(not subnormal_anywhere(registers))
        expected = registers[-1]
        got = autograph.function(run_transcendental_program, executor="jax")(program, x, y, z)
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(np.isnan(got), np.isnan(expected))
    np.testing.assert_array_equal(np.isposinf(got), np.isposinf(expected))
    np.testing.assert_array_equal(np.isneginf(got), np.isneginf(expected))
    # An exact 0 may also come from a sum that cancels (log(x) + ... - log(x)), which the last bits of exp and log
    # decide: such a 0 may be a rounding-sized value in the other (1e-10 where the sums are ~1); a zero that moved
    # further than the rounding of the values the program computed is a rewrite.
    scale = np.max([np.abs(np.where(np.isfinite(r), r, 0)) for r in registers], axis=0)
    rounding = 64 * np.finfo(dtype).eps * scale
    moved = (got == 0) != (expected == 0)
    assert not np.any(moved & (np.abs(np.where(np.isfinite(got), got, 0) - expected) > rounding)), (got, expected)


def test_plain_jax_jit_rewrites_what_the_executor_keeps_so_the_family_can_fail():
    """The control: plain ``jax.jit`` of ``(a / b) / c`` divides by ``b * c``, which overflows here; the executor
    gives NumPy's 1e-100 (else the tests above could not fail)."""
    a, b, c = np.array([1e300, 1.0]), np.array([1e200, 3.0]), np.array([1e200, 7.0])
    with jax.enable_x64(True):
        rewritten = np.asarray(jax.jit(lambda a, b, c: (a / b) / c)(a, b, c))
    expected = (a / b) / c
    assert rewritten[0] == 0.0 and expected[0] == 1e-100
    same_bits(autograph.function(lambda_free_divisions, executor="jax")(a, b, c), expected)


def lambda_free_divisions(a, b, c):
    return (a / b) / c


def lorenz(length, sigma, rho, beta, dt):
    """nolds' datasets.lorenz_euler (tests/coverage/corpus_dynamics.py): 200 float32 Euler steps of a chaotic
    system, where one contracted rounding grows to 6e-5."""
    def step(state):
        x, y, z = state
        return np.array([np.float32(sigma) * (y - x), np.float32(rho) * x - y - x * z,
                         x * y - np.float32(beta) * z], dtype="float32")
    trajectory = np.zeros((length, 3), dtype="float32")
    trajectory[0] = [1, 1, 1]
    for i in range(1, length):
        trajectory[i] = trajectory[i - 1] + step(trajectory[i - 1]) * dt
    return trajectory


@pytest.mark.slow  # (16 s of make test: make slow runs it)
def test_a_chaotic_float32_recurrence_matches_numpy_bit_for_bit():
    executor = "jax"
    args = (200, np.float64(10.0), np.float64(28.0), np.float64(8 / 3), 0.01)
    staged = autograph.function(lorenz, executor=executor)
    same_bits(staged(*args), lorenz(*args))


def cancellation(a, b, x):
    return a * x + b * x


def test_a_cancellation_keeps_numpys_rounding():
    """``a*x + b*x`` with b = -a (1 + ε): NumPy rounds both products; an FMA keeps one exact, and the sum's
    few bits are all rounding, so the contracted result differs by far more than an ulp of it."""
    rng = np.random.default_rng(1)
    a = rng.uniform(1, 2, 1000)
    b = -a * (1 + 2.0 ** -40)
    x = rng.uniform(1, 2, 1000) / 3
    staged = autograph.function(cancellation, executor="jax")
    same_bits(staged(a, b, x), cancellation(a, b, x))


def test_without_the_xor_the_executor_fuses_so_the_family_can_fail(monkeypatch):
    """The control: plain ``jax.jit`` of the cancellation contracts it, and so does the executor with the xor off
    (``EXACT_PRODUCTS``, read at trace time), else the tests above could not fail. Under JAX 0.10 the xor alone keeps
    the product apart (the barrier is gone by the time LLVM contracts); the XLA of JAX 0.11+ keeps the barrier that
    far, and the barriers alone gave NumPy's bits there, so from 0.11 on the barriers are off too."""
    rng = np.random.default_rng(1)
    a = rng.uniform(1, 2, 1000)
    b = -a * (1 + 2.0 ** -40)
    x = rng.uniform(1, 2, 1000) / 3
    expected = cancellation(a, b, x)
    with jax.enable_x64(True):
        fused = np.asarray(jax.jit(cancellation)(a, b, x))
    assert not np.array_equal(fused, expected)
    monkeypatch.setattr(lowering, "EXACT_PRODUCTS", False)
    if tuple(int(p) for p in jax.__version__.split(".")[:2]) >= (0, 11):
        monkeypatch.setattr(lowering, "BARRIERS", False)
    assert not np.array_equal(autograph.function(cancellation, executor="jax")(a, b, x), expected)


def test_jax_jit_and_grad_of_the_graph_run_without_the_zero():
    """``autograph.to_graph(f)`` traced in the user's own ``jax.jit`` or ``jax.grad`` has no zero argument: its
    products stay plain multiplies (the user's program, the user's compiler), and it works as before."""
    def f(a, x):
        return np.sum(a * x + x * x)

    a, x = np.linspace(1.0, 2.0, 5), np.linspace(-1.0, 1.0, 5)
    graph = autograph.to_graph(f)
    with jax.enable_x64(True):
        np.testing.assert_allclose(np.asarray(jax.jit(graph)(a, x)), f(a, x), rtol=1e-15)
        np.testing.assert_allclose(np.asarray(jax.grad(graph, argnums=1)(a, x)), a + 2 * x, rtol=1e-15)
        vmapped = jax.vmap(graph, in_axes=(None, 0))(a, np.stack([x, 2 * x]))
    np.testing.assert_allclose(np.asarray(vmapped), [f(a, x), f(a, 2 * x)], rtol=1e-15)


def masked_then_arithmetic(x, y, m):
    kept = x[m]  # a data-dependent shape: the graph runs as XLA stages around a NumPy step
    return kept / y[: kept.shape[0]] + kept, (x - y) / (x + 3.0) - y, kept / y[0] / 3.0


def test_the_xla_stages_around_a_data_dependent_op_have_numpys_bits():
    rng = np.random.default_rng(2)
    x, y = rng.standard_normal(64).astype(np.float32), rng.standard_normal(64).astype(np.float32)
    m = x > 0
    staged = autograph.function(masked_then_arithmetic, executor="jax")
    for got, expected in zip(staged(x, y, m), masked_then_arithmetic(x, y, m)):
        same_bits(got, expected)


def scaled_product(x, e):
    return (0.1 * x.T) @ e + x[0]


def test_a_product_only_a_matmul_takes_keeps_no_xor():
    """``lowering._summed``: a product that only a matmul takes is left plain (its xor slowed XLA's dot), one that
    reaches an add takes the xor."""
    x, e = np.arange(6.0).reshape(3, 2), np.ones(3)
    concrete = autograph.function(scaled_product, executor="jax").get_concrete_function(x, e)
    lowered = lowering.lower(concrete.graph)
    products = [n.outputs[0] for n in concrete.graph.nodes if n.op == "mul"]
    assert products and not any(p in lowered.summed for p in products)
    same_bits(autograph.function(scaled_product, executor="jax")(x, e), scaled_product(x, e))


DIVISORS = np.linspace(1.5, 9.5, 203)  # a constant array of the input's shape


def by_constants(x):
    return x / 32.0, x / 3.0, x / 2.0**1023, x / DIVISORS, x / np.array([2.0, 0.25, 4.0] * 67 + [8.0, 0.5])


def test_constant_divisors_keep_numpys_bits_and_a_power_of_two_takes_no_barrier():
    """XLA divides by a constant as a multiply by its reciprocal: every constant divisor stays behind a barrier
    (an array one of the dividend's shape rounded as a multiply before it had one), except a power of two with a
    normal reciprocal (``lowering._exact_reciprocal``: ``x * (1 / c)`` is then ``x / c`` bit for bit, and the
    barrier cost the linear regression's loop 6-8%). ``/ 2**1023`` keeps its own: its reciprocal is subnormal,
    which XLA's CPU code takes as zero."""
    assert lowering._exact_reciprocal(np.float64(32.0), np.dtype(np.float64))
    assert lowering._exact_reciprocal(np.float32(0.25), np.dtype(np.float32))
    for divisor, dtype in ((3.0, np.float64), (2.0**1023, np.float64), (2.0**127, np.float32), (0.0, np.float64),
                           (np.inf, np.float64), (np.array([2.0, 5.0]), np.float64), (np.float64(2.0), np.complex128)):
        assert not lowering._exact_reciprocal(np.asarray(divisor), np.dtype(dtype)), (divisor, dtype)
    # (No result is subnormal: XLA flushes those to zero, docs/jax.md.)
    x = np.concatenate([[1e300, 7e10, 1e20 / 3.0], np.random.default_rng(0).normal(size=200) * 1e3])
    with jax.enable_x64(True):  # the control: plain jax.jit takes a subnormal reciprocal as zero
        assert np.asarray(jax.jit(lambda x: x / 2.0**1023)(x))[0] == 0.0
    # (Plain jax.jit also rounded `x / DIVISORS` as a multiply up to jaxlib 0.12.0; 0.12.1 divides by an array of
    # constants exactly. The barrier stays for the jaxlibs that do not: the bits below are NumPy's either way.)
    got = autograph.function(by_constants, executor="jax")(x)
    for result, expected in zip(got, by_constants(x)):
        same_bits(result, expected)


# --- masks made numbers: `mask * x`, `mask @ x` --------------------------------------------------------------
# XLA's simplifier rewrites a product with a converted boolean (`x * convert(mask)`, a dot with one) as a select:
# 0 where the mask is False, where NumPy computes `False * nan` and `False * inf` as nan (jax-ml/jax#12233; pvlib's
# equation of time, `greater * (E - 1440) + less * (E + 1440) + other * E`, gave 0 for a missing time stamp).
# Each mask reaches its use behind a barrier (lowering._cast).

MASK_USES = {
    "mask * x": lambda m, x: m * x,
    "x * mask": lambda m, x: x * m,
    "mask * x + 1": lambda m, x: m * x + 1.0,
    "np.multiply(mask, x)": lambda m, x: np.multiply(m, x),
    "(x > 0) * x": lambda m, x: (x > 0) * x,
    "mask @ x": lambda m, x: m @ x,
    "np.dot(mask, x)": lambda m, x: np.dot(m, x),
    "np.einsum": lambda m, x: np.einsum("i,i->", m, x),
    "np.sum(mask * x)": lambda m, x: np.sum(m * x),
    "x - mask": lambda m, x: x - m,
    "mask / (1 + x * x)": lambda m, x: m / (1.0 + x * x),
}
SPECIAL = st.sampled_from([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.5, -2.0, 1e300])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(MASK_USES)), st.lists(st.tuples(st.booleans(), SPECIAL), min_size=1, max_size=6),
       st.sampled_from([np.float32, np.float64]))
def test_a_mask_made_a_number_keeps_numpys_nan_on_every_executor(use, items, dtype):
    fn = MASK_USES[use]
    m = np.array([b for b, _ in items])
    with np.errstate(all="ignore"):
        x = np.array([v for _, v in items]).astype(dtype)
        expected = np.asarray(fn(m, x))
    for executor in ("numpy", "jax"):
        with np.errstate(all="ignore"):  # (the NumPy executor runs NumPy's loops: its warnings, as eager)
            got = np.asarray(autograph.function(fn, executor=executor)(m, x))
        assert got.dtype == expected.dtype and np.array_equal(got, expected, equal_nan=True), (use, executor, got)


def test_plain_jax_jit_loses_the_nan_so_the_family_can_fail():
    m, x = np.array([False, True]), np.array([np.nan, 2.0])
    assert np.isnan(np.asarray(MASK_USES["mask * x"](m, x))[0])
    assert np.asarray(jax.jit(lambda m, x: m * x)(m, x))[0] == 0.0  # XLA's select: the control the executor beats


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=st.lists(st.integers(-300, 300), min_size=6, max_size=6),
       dtype=st.sampled_from([np.float64, np.float32, np.float16, np.complex128, np.int32]),
       axis=st.sampled_from([None, 0, 1]), keepdims=st.booleans())
def test_a_mean_is_numpys_division_by_the_count_on_xla(values, dtype, axis, keepdims):
    # (XLA turned jnp.mean's division by the constant count into a product with its rounded reciprocal:
    # np.mean([1, -2, 3.5]) was 0.8333333333333333 on XLA, 0.8333333333333334 in NumPy. Small integers: every sum of
    # them is exact, in any order and in float16 too (XLA's order of a sum is its own), so the division is what is
    # tested: by 2, 3 or 6, which no reciprocal gives exactly.)
    x = np.array(values, np.float64).reshape(2, 3) / 1.0
    x = (x + 1j * x[::-1]).astype(dtype) if np.dtype(dtype).kind == "c" else x.astype(dtype)

    def mean(x):
        return np.mean(x, axis=axis, keepdims=keepdims)

    with np.errstate(all="ignore"):
        want = np.asarray(mean(x))
        got = np.asarray(autograph.function(mean, executor="jax")(x))
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    np.testing.assert_array_equal(got, want)


ZERO_TERMS = {
    "np.add(x, 0.0)": lambda x: np.add(x, 0.0),
    "0.0 + x": lambda x: 0.0 + x,
    "x + -0.0": lambda x: x + -0.0,
    "x - 0.0": lambda x: x - 0.0,
    "x - -0.0": lambda x: x - -0.0,
    "0.0 - x": lambda x: 0.0 - x,
    "-0.0 - x": lambda x: -0.0 - x,
    "x + np.zeros(x.shape)": lambda x: x + np.zeros(x.shape, x.dtype),
}


@pytest.mark.parametrize("term", sorted(ZERO_TERMS))
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_constant_zero_added_or_subtracted_keeps_numpys_sign_of_zero(term, dtype):
    """XLA's `x + 0` and `x - (-0)` are `x`, and `0 - x` is `-x`: -0.0 where NumPy's -0.0 + 0.0 is 0.0. A barrier
    on the zero kept it apart but for arrays of one item (np.add(x, 0.0) of [-0.0] was -0.0 on XLA), and a
    subtraction's zero had none (found by the special-values programs of stop 88)."""
    fn = ZERO_TERMS[term]
    for shape in ((), (1,), (2,), (3, 4)):
        for value in (-0.0, 0.0, 1.5):
            x = np.full(shape, value, dtype)
            expected = np.asarray(fn(x))
            got = np.asarray(autograph.function(fn, executor="jax")(x))
            assert got.dtype == expected.dtype and np.array_equal(got, expected), (shape, value, got)
            assert np.array_equal(np.signbit(got), np.signbit(expected)), (shape, value, got, expected)


def _zero_through_a_branch(x):
    a = np.zeros_like(x)
    if np.sum(x) > 0.0:
        a = a + x
    return a


def _zero_through_a_loop(x):
    total = np.zeros_like(x[0])
    for v in x:
        total = total + v
    return total


def _zero_through_a_fill(x):
    return np.full(x.shape, 0.0) + x


def _zero_from_a_while(x):
    total = 0.0
    i = 0
    while i < x.shape[0] and np.sum(x) >= -1.0:
        total = total + x[i]
        i += 1
    return total


@pytest.mark.parametrize("fn", [_zero_through_a_branch, _zero_through_a_loop, _zero_through_a_fill, _zero_from_a_while],
                         ids=lambda fn: fn.__name__)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_zero_reaching_an_add_through_a_branch_a_loop_or_a_fill_keeps_numpys_sign(fn, dtype):
    """A constant zero that reaches an add as a branch's operand, a loop's carry or a fill was XLA's to see: its
    `x + 0` gave x, -0.0 where NumPy's -0.0 + 0.0 is 0.0 (helper 142's special-values programs, stop 88)."""
    for x in (np.array([-0.0], dtype), np.array([-0.0, 1.0], dtype), np.array([-0.0, -0.0, 2.0], dtype)):
        expected = np.asarray(fn(x))
        got = np.asarray(autograph.function(fn, executor="jax")(x))
        assert got.dtype == expected.dtype and np.array_equal(got, expected), (x, got, expected)
        assert np.array_equal(np.signbit(got), np.signbit(expected)), (x, got, expected)
