"""Complex numbers on XLA (``executor="jax"``) give NumPy's answers at signed zeros, infinities and NaN, or are
refused (runtime/jax/lowering.py, ``_NUMPYS_COMPLEX``, ``_COMPLEX_REFUSED``, ``NonFiniteComplexPower``).

The oracle is the graph's NumPy interpreter (NumPy's own ufunc) on every value (unary) or pair of values (binary)
built from the parts ±0, 1, -1.5, ±inf and NaN, complex128 and complex64: each part NaN where NumPy's is, the
same sign of each zero and infinity, finite parts equal but for the last bits (XLA's ``exp``, ``log``,
``sqrt`` round their own way). What this found (a random search of NumPy programs first, its ``0 ** (2 + 1j)``):
XLA's complex power was NaN at a zero base (NumPy: 0 for an exponent of positive real part) and left
``2e-18j`` on real powers of real numbers; its division by a complex zero, ``exp`` and ``sqrt`` of a signed zero
part (``sqrt(-1.5 - 0j)`` on the other side of the branch cut), ``log`` and ``abs`` of an infinite part beside a
NaN, ``1 / 0j``, the sign of ``-0j``, comparisons with a NaN part (``-1.5 + nanj < 0j`` was True) and the ties of
``maximum`` / ``fmax`` between ``-0j`` and ``0j`` were XLA's own. The trigonometric and hyperbolic functions
(and ``expm1``, ``exp2``) differ at signed zeros of finite numbers (``cos(0.5j)``): refused, and ``"auto"`` runs
them on the interpreter.
"""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest

import autograph
from runtime.graph import interpreter, ops
from runtime.graph.tensor import bind
from runtime.graph.tracing import TensorSpec, trace
from runtime.jax import lowering
from runtime.limits import NonFiniteComplexPower

pytest.importorskip("jax")

PARTS = [0.0, -0.0, 1.0, -1.5, np.inf, -np.inf, np.nan]
FINITE_PARTS = [0.0, -0.0, 1.0, -1.5, 2.5, 1e-3]
EXACT = ["exp", "log", "log2", "log10", "log1p", "sqrt", "abs", "reciprocal", "sign", "square", "neg", "conjugate",
         "isnan", "isinf", "isfinite"]
EXACT_BINARY = ["add", "sub", "mul", "truediv", "eq", "ne", "lt", "le", "gt", "ge", "maximum", "minimum", "fmax",
                "fmin"]
REFUSED = ["sin", "cos", "tan", "sinh", "cosh", "tanh", "arcsin", "arccos", "arctan", "arcsinh", "arccosh", "arctanh",
           "expm1", "exp2"]


def numbers(parts: list, dtype: str) -> np.ndarray:
    return np.array([complex(a, b) for a, b in itertools.product(parts, parts)], dtype)


def arguments(name: str, parts: list, dtype: str) -> list:
    values = numbers(parts, dtype)
    if ops.ELEMENTWISE[name].nin == 1:
        return [values]
    return [np.array(column, dtype) for column in zip(*itertools.product(values, values))]


def both(name: str, arrays: list) -> tuple:
    """(NumPy's interpreter, XLA) on the graph of one ``name`` op."""
    graph, _ = trace(lambda *xs: bind(name, xs), [TensorSpec(a.shape, a.dtype) for a in arrays])
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        (expected,) = interpreter.run(graph, arrays)
    (got,) = lowering.run(graph, arrays)
    return np.asarray(expected), np.asarray(got)


def wrong_parts(got: np.ndarray, expected: np.ndarray, scale: np.ndarray | None = None) -> np.ndarray:
    """Where a real part (of complex results, each of the two) is not NumPy's by this file's rules: the last bits
    of a finite part are those of the number (``scale``, its magnitude), a small part beside a large one may
    differ more in its own."""
    if expected.dtype.kind in "bi":
        return got != expected
    if expected.dtype.kind == "c":
        scale = np.where(np.isfinite(np.abs(expected)), np.abs(expected), 0)
        return wrong_parts(got.real, expected.real, scale) | wrong_parts(got.imag, expected.imag, scale)
    nan = np.isnan(expected)
    tolerance = 1e-12 if expected.dtype == np.float64 else 1e-5
    with np.errstate(all="ignore"):
        close = np.isclose(got, expected, rtol=tolerance, atol=0) | (
            np.abs(got - expected) <= tolerance * (0 if scale is None else scale))
        close &= np.signbit(got) == np.signbit(expected)
    return np.where(nan, ~np.isnan(got), ~close)


@pytest.mark.parametrize("dtype", ["complex128", "complex64"])
@pytest.mark.parametrize("name", EXACT + EXACT_BINARY)
def test_complex_op_gives_numpys_answer_at_signed_zeros_infinities_and_nan(name, dtype):
    arrays = arguments(name, PARTS, dtype)
    expected, got = both(name, arrays)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    wrong = np.flatnonzero(wrong_parts(got, expected))
    assert not len(wrong), [(tuple(a[i] for a in arrays), expected[i], got[i]) for i in wrong[:5]]


@pytest.mark.parametrize("dtype", ["complex128", "complex64"])
@pytest.mark.parametrize("name", ["pow", "float_power"])
def test_a_complex_power_of_finite_parts_is_numpys(name, dtype):
    # Integer exponents below 100 by NumPy's repeated products: exactly (a real base gives a real power).
    arrays = arguments(name, FINITE_PARTS + [3.0, -2.0], dtype)
    expected, got = both(name, arrays)
    wrong = np.flatnonzero(wrong_parts(got, expected))
    assert not len(wrong), [(tuple(a[i] for a in arrays), expected[i], got[i]) for i in wrong[:5]]
    integral = (arrays[1].imag == 0) & (np.round(arrays[1].real) == arrays[1].real) & (arrays[0] != 0)
    assert np.array_equal(got[integral], expected[integral])


def complex_power(a, b):
    return a ** b


def test_a_complex_power_of_an_infinite_or_nan_part_is_refused_when_the_graph_runs():
    function = autograph.function(complex_power, executor="jax")
    a, b = np.array([0j, -2 + 0j, 1 + 1j]), np.array([2 + 1j, 3 + 0j, -1 + 0j])
    np.testing.assert_array_equal(function(a, b), complex_power(a, b))  # (0 ** (2 + 1j) is 0, XLA's was NaN)
    with pytest.raises(NonFiniteComplexPower, match=r"infinite or NaN part.*executor='numpy'") as caught:
        function(np.array([complex(np.inf, np.nan), 1j]), b[:2])
    assert any("test_jax_complex_special_values.py" in note for note in caught.value.__notes__)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = complex_power(np.array([complex(np.inf, np.nan)]), np.array([1 + 1j]))
        np.testing.assert_array_equal(autograph.function(complex_power)(np.array([complex(np.inf, np.nan)]),
                                                                        np.array([1 + 1j])), expected)


def cosine(z):
    return np.cos(z) * 2


@pytest.mark.parametrize("name", REFUSED)
def test_complex_trigonometric_and_hyperbolic_functions_are_refused_on_xla(name):
    graph, _ = trace(lambda z: bind(name, [z]), [TensorSpec((3,), np.complex128)])
    with pytest.raises(lowering.LoweringError, match=rf"np\.{name} of complex numbers.*executor='numpy'"):
        lowering.run(graph, [np.array([0.5j, 1 - 0j, 2 + 1j])])
    real, _ = trace(lambda x: bind(name, [x]), [TensorSpec((3,), np.float64)])
    lowering.run(real, [np.array([0.25, 0.5, 0.75])])  # (real numbers are lowered as before)


def test_auto_runs_a_complex_cosine_on_the_interpreter_with_numpys_signed_zeros():
    z = np.array([0.5j, 1 - 0j, -1.5j])
    got = autograph.function(cosine, executor="auto")(z)
    assert np.array_equal(np.signbit(got.imag), np.signbit(cosine(z).imag)) and np.allclose(got, cosine(z))
