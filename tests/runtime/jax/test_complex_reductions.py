"""NumPy's complex reductions on XLA (runtime/jax/complex_reductions.py), differential against NumPy: random complex
arrays whose parts are small integers, infinities and NaN, each reduction along a random axis, with and without
keepdims, on executor="jax". Each part compares exactly where it is infinite or NaN, and within 4 ulps elsewhere: a
long product of small integers leaves 2**53 (a cumprod of 48 elements (3+1j) reaches 1e24), where XLA's order of
the multiplications rounds the last bit otherwise than NumPy's (found by CI at stop 71)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import autograph

pytest.importorskip("jax")

PARTS = st.sampled_from([0.0, -0.0, 1.0, -2.0, 3.0, np.inf, -np.inf, np.nan])
REDUCTIONS = {
    "any": np.any, "all": np.all, "max": np.max, "min": np.min, "argmax": np.argmax, "argmin": np.argmin,
    "prod": np.prod, "cumprod": np.cumprod,
}


@st.composite
def complex_arrays(draw):
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    real = draw(hnp.arrays(np.float64, shape, elements=PARTS))
    imag = draw(hnp.arrays(np.float64, shape, elements=PARTS))
    out = np.empty(shape, np.complex128)
    out.real, out.imag = real, imag  # (real + 1j * imag would make NaN parts of the infinities)
    return out


@settings(max_examples=30, deadline=None)
@given(complex_arrays(), st.sampled_from(sorted(REDUCTIONS)), st.data())
def test_complex_reductions_are_numpys_on_xla(x, name, data):
    axis = data.draw(st.one_of(st.none(), st.integers(-x.ndim, x.ndim - 1)))
    keepdims = name not in ("cumprod",) and data.draw(st.booleans())
    reduction = REDUCTIONS[name]

    def f(a):
        return reduction(a, axis, keepdims=True) if keepdims else reduction(a, axis)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = f(x)
        got = autograph.function(f, executor="jax")(x)
    got, want = np.asarray(got), np.asarray(want)
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    if want.dtype.kind != "c":
        np.testing.assert_array_equal(got, want)
        return
    for part in (np.real, np.imag):  # (infinities must match exactly: allclose compares them by equality)
        np.testing.assert_allclose(part(got), part(want), rtol=4 * np.finfo(np.float64).eps, atol=0, equal_nan=True)
