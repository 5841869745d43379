"""Real and imaginary parts in graphs (runtime/graph/numpy_complex.py, ops_complex.py): ``x.real``, ``x.imag``,
``np.real``, ``np.imag``, ``np.iscomplex``, ``np.isreal``, ``np.isposinf``, ``np.isneginf``, ``np.nan_to_num``
traced by ``autograph.function`` equal NumPy eager (values, NaNs, dtypes, shapes) on both executors;
hypothesis varies the data and fills; the refusals say why."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import autograph
from tests import helpers

SPECIAL = np.array([1.0, np.nan, np.inf, -np.inf, -2.5, 0.0])
Z = np.array([complex(a, b) for a, b in zip(SPECIAL, SPECIAL[::-1])])


check = helpers.staged_bit_for_bit


CASES = {
    "parts_complex": (lambda z: (z.real, z.imag, np.real(z), np.imag(z)), [Z]),
    "parts_complex64": (lambda z: (z.real, z.imag), [Z.astype(np.complex64)]),
    "parts_real": (lambda x: (x.real, x.imag, np.real(x), np.imag(x)), [SPECIAL]),
    "parts_int": (lambda x: (x.real, x.imag), [np.arange(4, dtype=np.int16)]),
    "iscomplex_isreal": (lambda z: (np.iscomplex(z), np.isreal(z)), [np.array([1 + 0j, 2 + 1j, -0j])]),
    "iscomplex_isreal_of_real": (lambda x: (np.iscomplex(x), np.isreal(x)), [SPECIAL]),
    "isposinf_isneginf": (lambda x: (np.isposinf(x), np.isneginf(x)), [SPECIAL]),
    "nan_to_num": (lambda x: np.nan_to_num(x), [SPECIAL]),
    "nan_to_num_fills": (lambda x: np.nan_to_num(x, nan=-1.0, posinf=9, neginf=-9), [SPECIAL]),
    "nan_to_num_tensor_fill": (lambda x, f: np.nan_to_num(x, nan=f), [SPECIAL, np.float64(7.5)]),
    "nan_to_num_float32": (lambda x: np.nan_to_num(x.astype(np.float32)), [SPECIAL]),
    "nan_to_num_float16": (lambda x: np.nan_to_num(x.astype(np.float16), posinf=1e3), [SPECIAL]),
    "nan_to_num_complex": (lambda z: np.nan_to_num(z), [Z]),
    "nan_to_num_complex64_fill": (lambda z: np.nan_to_num(z.astype(np.complex64), nan=3), [Z]),
    "nan_to_num_int": (lambda x: np.nan_to_num(x), [np.arange(4)]),
    "nan_to_num_bool": (lambda x: np.nan_to_num(x > 0), [SPECIAL]),
}


@pytest.mark.parametrize("name", CASES)
def test_function_matches_numpy_on_both_executors(name):
    fn, args = CASES[name]
    check(fn, *args)


def test_nan_to_num_in_place_writes_into_the_tensor():
    def fn(x):
        y = x * 1.0
        z = np.nan_to_num(y, copy=False)
        return y, z
    check(fn, SPECIAL)


@settings(max_examples=25, deadline=None)
@given(x=hnp.arrays(st.sampled_from([np.float64, np.float32]), hnp.array_shapes(max_dims=2),
                    elements=st.sampled_from([0.0, -1.5, 2.0, np.nan, np.inf, -np.inf])),
       nan=st.floats(-5, 5), posinf=st.none() | st.floats(0, 1e3), neginf=st.none() | st.floats(-1e3, 0))
def test_nan_to_num_of_any_data(x, nan, posinf, neginf):
    check(lambda x: np.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf), x)


def test_a_fill_too_large_for_the_dtype_warns_as_numpy_at_the_users_line():
    with pytest.warns(RuntimeWarning, match="overflow encountered in cast") as caught:
        got = autograph.function(lambda x: np.nan_to_num(x.astype(np.float16), posinf=1e6))(SPECIAL)
    assert caught[0].filename == __file__
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(got, np.nan_to_num(SPECIAL.astype(np.float16), posinf=1e6))


def test_a_complex_fill_that_is_not_finite_or_is_a_tensor_is_numpys():
    # (refused until stop 45: the parts were put back together as re + im * 1j, NaN where a part is infinite)
    for fill in (np.inf, -np.inf, np.nan):
        np.testing.assert_array_equal(autograph.function(lambda z: np.nan_to_num(z, nan=fill, posinf=fill))(Z),
                                      np.nan_to_num(Z, nan=fill, posinf=fill))
    np.testing.assert_array_equal(autograph.function(lambda z, f: np.nan_to_num(z, nan=f))(Z, np.float64(-0.0)),
                                  np.nan_to_num(Z, nan=-0.0))


def test_isposinf_of_complex_is_numpys_error():
    with pytest.raises(TypeError, match="not supported for complex values because it would be ambiguous"):
        autograph.function(lambda z: np.isposinf(z))(Z)


def _set_real_part(x, v):
    y = x * 1.0
    view = y[1:]
    y.real = v  # (a real array's .real is the array: a write of the whole of it, seen through its views)
    return y, view


def _set_real_part_of_int(x):
    y = np.zeros(x.shape, dtype=np.int16)
    y.real = x * 2.5  # (cast as x[...] = v casts)
    return y


def test_setting_the_real_part_of_a_real_tensor_writes_it_as_numpy_does():
    check(_set_real_part, SPECIAL, SPECIAL[::-1])
    check(_set_real_part, SPECIAL, 4.0)
    check(_set_real_part_of_int, np.arange(4.0))


def _set_imag_part(x):
    y = x * 1.0
    y.imag = x
    return y


def test_setting_the_imaginary_part_of_a_real_tensor_is_numpys_type_error():
    # (NumPy's words: "array does not have imaginary part to set" up to 2.4, "Cannot set imaginary part of
    # non-complex array." from 2.5 on)
    with pytest.raises(TypeError) as eager:
        _set_imag_part(SPECIAL)
    with pytest.raises(TypeError) as graph:
        autograph.function(_set_imag_part)(SPECIAL)
    assert str(graph.value) == str(eager.value) and "imaginary part" in str(eager.value)


def _set_parts(z):
    phase = np.empty_like(z, dtype=np.complex128)
    phase.real = z.real  # (librosa's magphase)
    phase.imag = z.imag
    return phase


@pytest.mark.parametrize("executor", helpers.executors())
def test_setting_a_part_of_a_complex_tensor_is_refused_with_advice(executor):
    """A graph writes whole elements: ``z.real = v`` was an AttributeError (no setter) from inside the runtime."""
    refused = r"test_numpy_complex.py:\d+: x\.real = v into a complex graph tensor \(complex128\).*re \+ 1j \* im"
    with pytest.raises(autograph.AutographError, match=refused):
        autograph.function(_set_parts, executor=executor)(Z)
