"""np.vander, np.polyval and np.polyfit in graphs (runtime/graph/numpy_polynomial.py): traced by
``autograph.function`` they equal NumPy eager with NumPy's dtype and shape, on the NumPy interpreter (bit for
bit: the same operations in the same order, and LAPACK's gelsd for the least squares) and lowered to JAX (to
rounding); hypothesis varies the data and degrees; the errors are NumPy's or say what to do."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import autograph
from tests import helpers

RNG = np.random.default_rng(5)
X = np.linspace(0.0, 3.0, 9)
Y = 2 * X**2 - X + RNG.normal(size=9) * 0.1
Y2 = np.stack([Y, Y[::-1]], axis=1)


def assert_same(got, want, exact: bool) -> None:
    helpers.same_leaves(got, want, exact, lambda dtype: (1e-6, 1e-9))


def check(fn, *args) -> None:
    want = fn(*args)
    assert_same(autograph.function(fn)(*args), want, exact=True)
    assert_same(autograph.function(fn, executor="jax")(*args), want, exact=False)


CASES = {
    "vander": (lambda x: np.vander(x), [X]),
    "vander_N_increasing": (lambda x: np.vander(x, 3, increasing=True), [X]),
    "vander_float32_gives_float64": (lambda x: np.vander(x.astype(np.float32), 4), [X]),
    "vander_int": (lambda x: np.vander((x * 2).astype(np.int32), 4), [X]),
    "vander_bool": (lambda x: np.vander(x > 1, 3), [X]),
    "vander_no_columns": (lambda x: np.vander(x, 0), [X]),
    "vander_one_column": (lambda x: np.vander(x, 1), [X]),
    "polyval_tensors": (lambda p, x: np.polyval(p, x), [np.array([1.0, -2.0, 3.0]), X]),
    "polyval_list": (lambda x: np.polyval([1, 2, 3], x), [X]),
    "polyval_scalar_x": (lambda p: np.polyval(p, 2.0), [X[:4]]),
    "polyval_int_x_float_p": (lambda x: np.polyval(np.array([0.5, 2.0]), (x * 3).astype(np.int32)), [X]),
    "polyval_int": (lambda x: np.polyval(np.array([1, 2]), (x * 3).astype(np.int32)), [X]),
    "polyval_list_of_tensors": (lambda a, x: np.polyval([a, 1.0, a], x), [np.float64(2.0), X]),
    "polyval_2d_coefficients": (lambda p, x: np.polyval(p, x), [RNG.normal(size=(3, 9)), X]),
    "polyfit": (lambda x, y: np.polyfit(x, y, 2), [X, Y]),
    "polyfit_2d_y": (lambda x, y: np.polyfit(x, y, 1), [X, Y2]),
    "polyfit_weights": (lambda x, y, w: np.polyfit(x, y, 2, w=w), [X, Y, RNG.uniform(0.5, 2, 9)]),
    "polyfit_weights_2d_y": (lambda x, y: np.polyfit(x, y, 2, w=np.linspace(1, 2, 9)), [X, Y2]),
    "polyfit_float32": (lambda x, y: np.polyfit(x.astype(np.float32), y.astype(np.float32), 3), [X, Y]),
    "polyfit_int_x": (lambda x, y: np.polyfit(np.arange(9), y, 1), [X, Y]),
    "polyfit_rcond": (lambda x, y: np.polyfit(x, y, 2, rcond=1e-3), [X, Y]),
    "polyfit_full": (lambda x, y: np.polyfit(x, y, 2, full=True), [X, Y]),
    "polyfit_cov": (lambda x, y: np.polyfit(x, y, 2, cov=True), [X, Y]),
    "polyfit_cov_unscaled_2d": (lambda x, y: np.polyfit(x, y, 1, cov="unscaled"), [X, Y2]),
    "polyfit_then_polyval": (lambda x, y: y - np.polyval(np.polyfit(x, y, 1), x), [X, Y]),
}


@pytest.mark.parametrize("name", CASES)
def test_function_matches_numpy_on_both_executors(name):
    fn, args = CASES[name]
    check(fn, *args)


@settings(max_examples=20, deadline=None)
@given(data=st.data(), deg=st.integers(0, 4), length=st.integers(6, 20))
def test_polyfit_of_any_data_and_degree(data, deg, length):
    x = np.sort(data.draw(hnp.arrays(np.float64, length, elements=st.floats(-5, 5), unique=True)))
    y = data.draw(hnp.arrays(np.float64, length, elements=st.floats(-100, 100)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (NumPy's RankWarning on close points: the graph gives the same numbers)
        want = np.polyfit(x, y, deg)
    got = autograph.function(lambda x, y: np.polyfit(x, y, deg))(x, y)
    assert_same(got, want, exact=True)


@settings(max_examples=20, deadline=None)
@given(p=hnp.arrays(np.float64, st.integers(0, 6), elements=st.floats(-3, 3)),
       x=hnp.arrays(st.sampled_from([np.float64, np.float32, np.int32]), hnp.array_shapes(max_dims=2),
                    elements=st.integers(-4, 4)))
def test_polyval_of_any_coefficients(p, x):
    check(lambda p, x: np.polyval(p, x), p, x)


def test_a_rank_deficient_fit_gives_numpys_numbers_without_the_warning():
    # NumPy warns (RankWarning) when the rank is short, which a graph knows only when it runs: no warning,
    # the same coefficients; full=True gives the rank to check (docs/graph_numpy_functions.md).
    x = np.array([1.0, 1.0, 1.0, 2.0, 2.0, 2.0])
    with pytest.warns(np.exceptions.RankWarning):
        want = np.polyfit(x, x**2, 3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = autograph.function(lambda x: np.polyfit(x, x**2, 3))(x)
        rank = autograph.function(lambda x: np.polyfit(x, x**2, 3, full=True)[2])(x)
    np.testing.assert_array_equal(got, want)
    assert rank == 2


# --- errors -----------------------------------------------------------------------------------------------

def test_numpys_own_errors_while_tracing():
    with pytest.raises(ValueError, match="expected deg >= 0"):
        autograph.function(lambda x, y: np.polyfit(x, y, -1))(X, Y)
    with pytest.raises(TypeError, match="expected 1D vector for x"):
        autograph.function(lambda x, y: np.polyfit(x, y, 1))(Y2, Y)
    with pytest.raises(TypeError, match="expected x and y to have same length"):
        autograph.function(lambda x, y: np.polyfit(x, y[:4], 1))(X, Y)
    with pytest.raises(TypeError, match="expected 1D or 2D array for y"):
        autograph.function(lambda x, y: np.polyfit(x, y[:, None, None], 1))(X, Y)
    with pytest.raises(TypeError, match="expected a 1-d array for weights"):
        autograph.function(lambda x, y: np.polyfit(x, y, 1, w=y[:, None]))(X, Y)
    with pytest.raises(ValueError, match="the number of data points must exceed order"):
        autograph.function(lambda x, y: np.polyfit(x[:3], y[:3], 2, cov=True))(X, Y)
    with pytest.raises(ValueError, match="x must be a one-dimensional array or sequence."):
        autograph.function(lambda x: np.vander(x))(Y2)


def test_traced_degrees_and_poly1d_are_errors_that_say_why():
    with pytest.raises(TypeError, match=r"test_numpy_polynomial.py:\d+: np.polyfit: argument deg must be a Python "
                                        "constant"):
        autograph.function(lambda x, y, d: np.polyfit(x, y, d))(X, Y, np.int64(2))
    with pytest.raises(TypeError, match=r"test_numpy_polynomial.py:\d+: np.vander: N must be a Python int in graphs, "
                                        "not float"):
        autograph.function(lambda x: np.vander(x, 2.0))(X)
    with pytest.raises(TypeError, match=r"test_numpy_polynomial.py:\d+: np.polyval with a np.poly1d is not supported "
                                        r"in graphs: pass the coefficients \(p.coeffs\)"):
        autograph.function(lambda x: np.polyval(np.poly1d([1.0, 2.0]), x))(X)
