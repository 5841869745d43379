"""Every elementwise op lowered to XLA gives NumPy's answer on the values where implementations part ways: signed
zeros, infinities, NaN, the extremes of each integer type, zero divisors (runtime/jax/lowering.py,
``_NUMPYS_FLOATS`` and ``_NUMPYS_INTEGERS``).

The oracle is the graph's NumPy interpreter (NumPy's own ufunc) on every pair of these values, per op and dtype:
integers and bools exactly; floats with NumPy's NaNs, infinities and zeros' signs where they are, and the same
bits, except the transcendental functions' last bits (XLA's ``exp``, ``log``, ``sin``, ``pow``... round their own
way, as NumPy's do between machines: docs/functions.md) and results XLA flushes to zero (subnormals: docs/jax.md).
A NaN's sign is left out (NumPy's depends on the machine). What this found: integer ``//`` by zero was -1 (NumPy:
0), ``np.reciprocal`` of an integer 0 the largest value (NumPy: what the machine makes of 1/0), ``np.gcd`` and
``np.lcm`` looped for ever on the most negative integer (jnp's Euclid), ``logaddexp2(x, x)`` missed NumPy's exact
``x + 1``."""

from __future__ import annotations

import itertools
import warnings

import jax
import numpy as np
import pytest

import autograph
from runtime.graph import interpreter, ops
from runtime.graph.tensor import bind
from runtime.graph.tracing import TensorSpec, trace
from runtime.jax import lowering

FLOATS = [-0.0, 0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -0.5, 2.0, -2.5, 3.0, 1e300, -1e300, 1e-300, 7.0,
          100.0, -100.0, 0.75, 1e10]
# The last bits of these are the implementation's own (finite results compared to a relative 1e-5 here).
APPROXIMATE = frozenset("arccos arccosh arcsin arcsinh arctan arctan2 arctanh cbrt cos cosh exp exp2 expm1 hypot "
                        "log log10 log1p log2 logaddexp logaddexp2 pow float_power rad2deg deg2rad sin sinh tan "
                        "tanh".split())
DTYPES = ("float64", "float32", "float16", "int64", "int32", "uint8", "bool")


def integers(dtype: np.dtype) -> np.ndarray:
    info = np.iinfo(dtype)
    values = {0, 1, 2, 3, 5, 6, 7, 12, 31, 32, 33, 63, 64, 100, info.max, info.max - 1, info.min}
    if info.min < 0:
        values |= {-1, -2, -7, -64, info.min + 1}
    return np.array(sorted(v for v in values if info.min <= v <= info.max), dtype)


def special_values(dtype: np.dtype) -> np.ndarray:
    if dtype == np.bool_:
        return np.array([False, True])
    if dtype.kind in "iu":
        return integers(dtype)
    with np.errstate(over="ignore"):  # (1e300 is inf in float32, which is one more special value there)
        return np.array(FLOATS, dtype)


def differences(op: str, got: np.ndarray, expected: np.ndarray) -> list:
    """The positions where ``got`` is not NumPy's ``expected``, by this file's rules."""
    with np.errstate(all="ignore"):  # (inf - inf among the unused positions)
        return _differences(op, got, expected)


def _differences(op: str, got: np.ndarray, expected: np.ndarray) -> list:
    if expected.dtype.kind in "iub":
        return list(np.flatnonzero(got != expected))
    tiny = np.finfo(expected.dtype).tiny
    flushed = ((expected != 0) & (np.abs(expected) < tiny)) | ((got != 0) & (np.abs(got) < tiny))
    nan = np.isnan(expected)
    wrong = (np.isnan(got) != nan) | (~nan & (np.isinf(got) != np.isinf(expected)))
    numbers = ~nan & ~np.isnan(got) & ~flushed
    if op in APPROXIMATE:
        finite = numbers & np.isfinite(expected) & np.isfinite(got)
        scale = np.maximum(np.abs(expected.astype(np.float64)), 1e-300)
        tolerance = max(1e-5, 8 * float(np.finfo(expected.dtype).eps))  # (float16: NumPy's loop for small ints)
        wrong |= finite & (np.abs(got.astype(np.float64) - expected) / scale > tolerance)
        wrong |= numbers & ~finite & (got != expected)
    else:
        wrong |= numbers & ((got != expected) | (np.signbit(got) != np.signbit(expected)))
    return list(np.flatnonzero(wrong & ~flushed))


CASES = [(name, dtype) for name in sorted(ops.ELEMENTWISE) for dtype in DTYPES]


@pytest.mark.parametrize("name, dtype", CASES, ids=[f"{n}-{d}" for n, d in CASES])
def test_elementwise_op_gives_numpys_answer_on_special_values(name, dtype):
    ufunc, dtype = ops.ELEMENTWISE[name], np.dtype(dtype)
    values = special_values(dtype)
    arrays = [values] if ufunc.nin == 1 else [np.array(column, dtype) for column in zip(*itertools.product(values,
                                                                                                           values))]
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            ufunc(*arrays)
        except (TypeError, ValueError):  # NumPy has no loop for this dtype, or refuses the values
            pytest.skip(f"NumPy's {name} refuses {dtype}")
        graph, _ = trace(lambda *xs: bind(name, xs), [TensorSpec(a.shape, a.dtype) for a in arrays])
        (expected,) = interpreter.run(graph, arrays)
    (got,) = lowering.run(graph, arrays)
    expected = np.asarray(expected)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    wrong = differences(name, np.asarray(got), expected)
    assert not wrong, [(tuple(a[i] for a in arrays), expected[i], got[i]) for i in wrong[:5]]


@pytest.mark.parametrize("dtype", ["int64", "int32", "int8", "uint8", "uint64"])
def test_an_integer_power_takes_every_bit_of_its_exponent(dtype):
    """``jnp.power`` of a run-time integer exponent took its low 6 bits (2 ** 64 gave 1, NumPy 0)."""
    dtype = np.dtype(dtype)
    values = integers(dtype)
    exponents = values[values >= 0]
    base, exponent = (np.array(column, dtype) for column in zip(*itertools.product(values, exponents)))
    graph, _ = trace(lambda *xs: bind("pow", xs), [TensorSpec(base.shape, dtype)] * 2)
    with np.errstate(all="ignore"):
        (expected,) = interpreter.run(graph, [base, exponent])
    (got,) = lowering.run(graph, [base, exponent])
    assert np.array_equal(got, expected) and got.dtype == expected.dtype


def powers_in_a_loop(x, n):
    total = x
    for _ in range(3):
        if n[0] > 0:
            total = total + x ** n
    return total


def test_a_negative_integer_exponent_is_numpys_value_error_at_run_time():
    """NumPy refuses a negative integer exponent when the power runs: so does the graph on XLA, inside a staged
    ``if`` in a loop too, with a note naming the line that staged the power."""
    x = np.array([2, 3, 0, -1], np.int64)
    function = autograph.function(powers_in_a_loop, executor="jax")
    n = np.array([64, 100, 1, 65])
    np.testing.assert_array_equal(function(x, n), powers_in_a_loop(x, n))
    with pytest.raises(ValueError, match="Integers to negative integer powers are not allowed") as caught:
        function(x, np.array([1, -1, 2, 3]))
    assert any("test_jax_special_values.py" in note for note in getattr(caught.value, "__notes__", [])), caught.value


def test_gcd_and_lcm_end_on_the_most_negative_integer():
    """``jnp.gcd`` looped for ever on it (its Euclid on signed values); NumPy's runs on the unsigned magnitudes."""
    for dtype in (np.int64, np.int32, np.int8):
        low = np.iinfo(dtype).min
        a, b = np.array([low, low, 6, low, 127], dtype), np.array([6, 0, low, low, 2], dtype)
        for name in ("gcd", "lcm"):
            graph, _ = trace(lambda *xs, name=name: bind(name, xs), [TensorSpec(a.shape, a.dtype)] * 2)
            with np.errstate(all="ignore"):
                (expected,) = interpreter.run(graph, [a, b])
            np.testing.assert_array_equal(lowering.run(graph, [a, b])[0], expected)


def constant_powers(x):
    return x ** 100 + x ** 64 + x ** 0 + x ** 1


def test_a_constant_integer_power_is_xlas_integer_pow_and_numpys_value():
    """A constant non-negative exponent lowers to ``integer_pow`` (no 64-step loop for `x ** 2`), wrapping as NumPy."""
    for dtype in (np.int64, np.int32, np.uint8, np.int8):
        x = np.array([0, 1, 2, 3, 5, 7], dtype)
        function = autograph.function(constant_powers, executor="jax")
        with np.errstate(all="ignore"):
            np.testing.assert_array_equal(function(x), constant_powers(x))
        jaxpr = str(jax.make_jaxpr(lowering.lower(function.concrete_functions[-1].graph).fn)(x))
        assert "integer_pow" in jaxpr and "scan" not in jaxpr and "while" not in jaxpr, jaxpr


COMPLEX_PARTS = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan, 1e308]


@pytest.mark.parametrize("dtype", ["complex128", "complex64"])
@pytest.mark.parametrize("name", ["sign", "maximum", "minimum"])
def test_complex_sign_maximum_minimum_give_numpys_nans_and_infinities(name, dtype):
    # XLA's complex sign was NaN for any infinite part (NumPy: inf + 0j is 1, -inf + nan j is -1), and its maximum
    # and minimum compared NaNs (NumPy returns the operand holding one).
    values = np.array([complex(re, im) for re, im in itertools.product(COMPLEX_PARTS, repeat=2)], dtype)
    fn = getattr(np, name)
    args = (values,) if name == "sign" else (np.repeat(values, len(values)), np.tile(values, len(values)))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        want = fn(*args)
        got = autograph.function(lambda *xs: fn(*xs), executor="jax")(*args)
    assert got.dtype == want.dtype
    for part in (np.real, np.imag):
        g, w = part(got), part(want)
        same = (g == w) | (np.isnan(g) & np.isnan(w)) | np.isclose(g, w, rtol=1e-6)
        assert same.all(), (args[0][~same] if name == "sign" else None, g[~same], w[~same])


def sort_complex(z):
    return np.sort(z)


def argsort_complex(z):
    return np.argsort(z, kind="stable")


def sort_complex_columns(z):
    return np.sort(z.reshape(-1, 2), axis=0)


def searchsorted_complex(z, v):
    return np.searchsorted(np.sort(z), v), np.searchsorted(np.sort(z), v, side="right")


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_complex_sorts_and_searches_in_numpys_order_of_nans(executor):
    # NumPy's order is [R + Rj, R + nanj, nan + Rj, nan + nanj], each group by its parts that are not NaN; XLA's
    # lexicographic order had put 1 + nanj among the numbers of real part 1 (runtime/jax/rules_array.py).
    rng = np.random.default_rng(0)
    parts = np.array([np.nan, -np.inf, -1.0, 0.0, 1.0, 2.0])
    functions = {fn: autograph.function(fn, executor=executor)  # (traced once: every draw has the same shapes)
                 for fn in (sort_complex, argsort_complex, sort_complex_columns, searchsorted_complex)}
    for _ in range(20):
        z = rng.choice(parts, 8) + 1j * rng.choice(parts, 8)
        v = rng.choice(parts, 5) + 1j * rng.choice(parts, 5)
        for fn, args in [(sort_complex, (z,)), (argsort_complex, (z,)), (sort_complex_columns, (z,)),
                         (searchsorted_complex, (z, v))]:
            want = fn(*args)
            got = functions[fn](*args)
            for g, w in zip(got if isinstance(want, tuple) else [got], want if isinstance(want, tuple) else [want]):
                assert g.dtype == w.dtype, (fn.__name__, g.dtype, w.dtype)
                for part in (np.real, np.imag):  # (each part: NumPy's equal_nan counts a complex NaN as one)
                    assert np.array_equal(part(g), part(w), equal_nan=True), (fn.__name__, args, g, w)
