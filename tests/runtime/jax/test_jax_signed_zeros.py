"""Zeros keep NumPy's sign on the XLA executor (runtime/jax/lowering.py, ``_NUMPYS_FLOATS`` and the zero addend's
barrier): ``1 / x`` turns a zero's sign into an infinity's, so a -0.0 where NumPy gives 0.0 is a wrong result.

Where XLA and NumPy part: XLA's algebraic simplifier takes ``x + 0.0`` as ``x`` (-0.0 + 0.0 is 0.0); XLA's min
and max give the smaller / larger zero where NumPy's loops give the second operand on a tie; np.sign(-0.0) is
0.0 in NumPy; NumPy's remainder of a zero takes the divisor's sign and its floor division's zero the true
quotient's; NumPy takes a power by a scalar 0.5 as a square root (-0.0 stays -0.0, -inf gives nan).

The oracle is eager NumPy on arrays of signed zeros, infinities, NaN and ordinary numbers: random programs of
these operations on ``executor="jax"`` (and ``"numba"``), value and sign alike (a NaN's sign is left out: NumPy's
own depends on the machine). Plain ``jax.jit`` is the control."""

from __future__ import annotations

import importlib.util

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph

SPECIALS = np.array([-0.0, 0.0, np.inf, -np.inf, np.nan, 1.5, -2.25, 3.0, -1.0, 2.0])

UNARY = {
    "sign": np.sign,
    "neg": np.negative,
    "abs": np.abs,
    "add_zero": lambda a: a + 0.0,
    "zero_add": lambda a: 0.0 + a,
    "zero_sub": lambda a: 0.0 - a,
    "sqrt_power": lambda a: a ** 0.5,
    "min_zero": lambda a: np.minimum(a, 0.0),
    "max_zero": lambda a: np.maximum(a, -0.0),
    "mod_one": lambda a: a % 1.0,
    "floordiv_one": lambda a: a // 1.0,
}
BINARY = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": np.true_divide,
    "minimum": np.minimum,
    "maximum": np.maximum,
    "mod": np.remainder,
    "floordiv": np.floor_divide,
}


def run_program(program, x, y):
    """Registers x, y, then one per step: (op, i, j), a unary op of register i or a binary one of i and j."""
    registers = [x, y]
    for op, i, j in program:
        if op in UNARY:
            registers.append(UNARY[op](registers[i]))
        else:
            registers.append(BINARY[op](registers[i], registers[j]))
    return registers[-1]


@st.composite
def programs(draw):
    program = []
    for step in range(draw(st.integers(1, 6))):
        live = 2 + step
        program.append((draw(st.sampled_from(sorted(UNARY) + sorted(BINARY))), draw(st.integers(0, live - 1)),
                        draw(st.integers(0, live - 1))))
    return tuple(program)


def same_values_and_signs(got, expected):
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)  # (NaN equals NaN here)
    numbers = ~np.isnan(expected)
    assert np.array_equal(np.signbit(got)[numbers], np.signbit(expected)[numbers]), (got, expected)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(program=programs(), seed=st.integers(0, 2**16), dtype=st.sampled_from([np.float64, np.float32]))
def test_random_programs_keep_numpys_zeros_on_xla(program, seed, dtype):
    rng = np.random.default_rng(seed)
    x, y = (rng.choice(SPECIALS, 64).astype(dtype) for _ in range(2))

    def f(x, y):
        return run_program(program, x, y)

    with np.errstate(all="ignore"):
        expected = f(x, y)
    with np.errstate(all="ignore"):
        same_values_and_signs(autograph.function(f, executor="jax")(x, y), expected)


@pytest.mark.parametrize("name", sorted(UNARY))
def test_each_operation_keeps_numpys_zeros_on_every_executor(name):
    fn = UNARY[name]

    def f(x):
        return fn(x)

    executors = ("jax", "numba", "numpy") if importlib.util.find_spec("numba") else ("jax", "numpy")
    with np.errstate(all="ignore"):
        expected = f(SPECIALS)
        for executor in executors:
            same_values_and_signs(autograph.function(f, executor=executor)(SPECIALS), expected)


@pytest.mark.parametrize("name, fn", [
    ("x + 0", lambda x: x + 0.0),
    ("minimum", lambda x: jnp.minimum(x, 0.0)),
    ("sign", jnp.sign),
    ("remainder", lambda x: jnp.remainder(x, 1.0)),
    ("floor_divide", lambda x: jnp.floor_divide(x, 1.0)),
    ("power 0.5", lambda x: jnp.power(x, 0.5)),
])
def test_plain_jax_jit_gives_other_zeros_so_the_tests_can_fail(name, fn):
    """The control: plain ``jax.jit`` of each operation gives, somewhere among the specials, a zero of another sign
    than NumPy's (or inf where NumPy gives nan)."""
    numpy_fn = {"x + 0": lambda x: x + 0.0, "minimum": lambda x: np.minimum(x, 0.0), "sign": np.sign,
                "remainder": lambda x: np.remainder(x, 1.0), "floor_divide": lambda x: np.floor_divide(x, 1.0),
                "power 0.5": lambda x: np.power(x, 0.5)}[name]
    with jax.enable_x64(True), np.errstate(all="ignore"):
        with pytest.raises(AssertionError):
            same_values_and_signs(np.asarray(jax.jit(fn)(SPECIALS)), numpy_fn(SPECIALS))


def power_of(x, p):
    return np.power(x, p)


def test_a_power_by_a_traced_scalar_half_is_numpys_square_root():
    """The exponent a run-time value: 0.5 takes NumPy's square root, any other the power."""
    function = autograph.function(power_of, executor="jax")
    with np.errstate(all="ignore"):
        for p in (0.5, 1.5, -0.5, 2.0):
            same_values_and_signs(function(SPECIALS, np.float64(p)), power_of(SPECIALS, np.float64(p)))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16])
def test_clip_keeps_a_value_equal_to_a_bound_and_propagates_nan(dtype):
    # (helper-115: XLA's clamp gives the bound on a tie, +0.0 for -0.0 clipped to [0.0, 1.0], where NumPy keeps the
    # value; every pair of special bounds, lo > hi too)
    def clipped(x, lo, hi):
        return np.clip(x, lo, hi)

    graph = autograph.function(clipped, executor="jax")
    x = SPECIALS.astype(dtype)
    for lo in SPECIALS.astype(dtype):
        for hi in SPECIALS.astype(dtype):
            with np.errstate(all="ignore"):
                want = clipped(x, lo, hi)
            got = graph(x, lo, hi)
            assert got.dtype == want.dtype
            np.testing.assert_array_equal(got, want)
            numbers = ~np.isnan(want)  # (a NaN's sign is left out, as above)
            assert np.array_equal(np.signbit(got)[numbers], np.signbit(want)[numbers]), (lo, hi, got, want)
    assert graph.tracing_count == 1
