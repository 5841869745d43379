"""``np.mean`` / ``np.var`` / ``np.std`` with ``dtype=`` give NumPy's dtype, values and errors on both executors.
NumPy computes the mean's sum in that dtype, sums the squares of the variance in it too, and divides into it
(``true_divide(..., out=ret, casting="unsafe")``); ``std`` takes the root into the variance's own array, so an
integer ``dtype=`` is NumPy's ``UFuncTypeError`` for an array result and a truncated root for a scalar one. The
graph once passed ``dtype=`` to the variance's mean only (``np.var(x, dtype=np.float32)`` was float64, an int8 one
a float64 1.667), and summed a float16 mean in float32 (40000 and 40000 gave 40000 where NumPy overflows to inf;
found by helper-115). The oracle is eager NumPy over input dtypes, ``dtype=``, axes, ``keepdims`` and ``ddof``."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from tests import helpers

INPUTS = (np.float64, np.float32, np.float16, np.int8, np.int16, np.int64, np.uint8, np.bool_)
DTYPES = (None, np.float64, np.float32, np.float16, np.int8, np.int32, np.int64, np.uint16)


def _outcome(run):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return "value", run()
        except (TypeError, ValueError, ArithmeticError) as error:
            return "error", type(error)


def _check(fn, x, executors):
    want = _outcome(lambda: fn(x))
    for executor in executors:
        got = _outcome(lambda: autograph.function(fn, executor=executor)(x))
        assert got[0] == want[0], (executor, got, want)
        if want[0] == "error":
            assert got == want, (executor, got, want)
            continue
        assert type(got[1]) is type(want[1]) and np.asarray(got[1]).dtype == np.asarray(want[1]).dtype, (got, want)
        if executor == "numpy":
            np.testing.assert_array_equal(got[1], want[1])
        else:  # (XLA's sums round otherwise in the last bits: docs/jax.md)
            np.testing.assert_allclose(np.asarray(got[1], np.float64), np.asarray(want[1], np.float64),
                                       rtol=2e-2 if np.asarray(want[1]).dtype == np.float16 else 1e-5)


def _functions(dtype, axis, keepdims, ddof):
    def mean(x):
        return np.mean(x, axis=axis, dtype=dtype, keepdims=keepdims)

    def var(x):
        return np.var(x, axis=axis, dtype=dtype, keepdims=keepdims, ddof=ddof)

    def std(x):
        return np.std(x, axis=axis, dtype=dtype, keepdims=keepdims, ddof=ddof)
    return mean, var, std


@settings(max_examples=60, deadline=None)
@given(source=st.sampled_from(INPUTS), dtype=st.sampled_from(DTYPES), axis=st.sampled_from([None, 0, 1]),
       keepdims=st.booleans(), ddof=st.integers(0, 1), seed=st.integers(0, 2 ** 16))
def test_mean_var_and_std_with_dtype_are_numpys(source, dtype, axis, keepdims, ddof, seed):
    rng = np.random.default_rng(seed)
    x = (rng.normal(size=(3, 4)) * rng.choice([1, 10, 100, 30000])).astype(source)
    # (float16 sums and products on XLA: docs/limitations.md, "float16 reductions under XLA")
    half = np.float16 in (source, dtype)
    executors = ("numpy", "jax") if helpers.jax_usable() and not half else ("numpy",)
    for fn in _functions(dtype, axis, keepdims, ddof):
        _check(fn, x, executors)


@pytest.mark.parametrize("executor", helpers.executors())
def test_the_cases_found(executor):
    _check(lambda x: np.var(x, dtype=np.float32), np.array([1.0, 2.0, 4.0]), (executor,))
    _check(lambda x: np.var(x, dtype=np.int8), np.array([1, 2, 4], np.int8), (executor,))
    _check(lambda x: np.std(x, dtype=np.int8), np.array([1, 2, 4], np.int8), (executor,))
    _check(lambda x: np.std(x, axis=0, dtype=np.int8), np.array([[1, 2], [4, 7]], np.int8), (executor,))
    _check(lambda x: np.mean(x, dtype=np.float16), np.array([40000.0, 40000.0], np.float32), (executor,))


def test_the_variance_of_float16_takes_its_mean_in_float16():
    # (NumPy's _var sums the mean in the array's own dtype, where np.mean sums float16 in float32: the variance of
    # these was one float16 ulp off on the interpreter, 17.03 for 17.05; found by this file's hypothesis family)
    x = (np.random.default_rng(0).normal(size=(3, 4)) * 10).astype(np.float16)
    for axis in (None, 0, 1):
        _check(lambda x: np.var(x, axis=axis), x, ("numpy",))
        _check(lambda x: np.std(x, axis=axis, ddof=1), x, ("numpy",))


@pytest.mark.parametrize("source", [np.float64, np.float32, np.int64, np.int8])
@pytest.mark.parametrize("dtype", [np.int32, np.int16, np.float32])
@pytest.mark.parametrize("name", ["nanmean", "nanvar", "nanstd"])
def test_nan_reductions_with_dtype_are_numpys(name, dtype, source):
    """NumPy's nanmean / nanvar / nanstd refuse an integer dtype= for a float array (TypeError "If a is inexact, then
    dtype must be inexact": the graph gave int32 1, or a NaN error), and nanstd of an integer array is np.std with
    the dtype (it was float64; helper-115)."""
    reduction = getattr(np, name)
    x = np.array([1.5, 2.5, 4.0, np.nan]) if np.dtype(source).kind == "f" else np.array([1, 2, 4, 7])

    def fn(x):
        return reduction(x, dtype=dtype)

    _check(fn, x.astype(source), [e.values[0] for e in helpers.executors()])
