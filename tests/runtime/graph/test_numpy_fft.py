"""np.fft in graphs (runtime/graph/numpy_fft.py, ops_fft.py): each transform traced by
``autograph.function`` equals NumPy eager on the NumPy interpreter (bit for bit: the kernel is NumPy's) and
lowered to JAX (to rounding), with NumPy's dtype and shape; hypothesis varies shapes, dtypes, ``n``, ``axis``
and ``norm``; NumPy's errors are raised while tracing, and ours say what to do."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import autograph
from tests import helpers

RNG = np.random.default_rng(3)
M = RNG.normal(size=(4, 6))
Z = M + 1j * RNG.normal(size=(4, 6))
M3 = RNG.normal(size=(3, 4, 5))


def _tolerance(dtype: np.dtype) -> tuple[float, float]:
    return (1e-4, 1e-4) if dtype in (np.complex64, np.float32) else (1e-9, 1e-9)


def assert_same(got, want, exact: bool) -> None:
    helpers.same_leaves(got, want, exact, _tolerance)


def check(fn, *args) -> None:
    want = fn(*args)
    assert_same(autograph.function(fn)(*args), want, exact=True)
    assert_same(autograph.function(fn, executor="jax")(*args), want, exact=False)


CASES = {
    "fft": (lambda x: np.fft.fft(x), [M]),
    "fft_n_pads": (lambda x: np.fft.fft(x, n=9), [M]),
    "fft_n_crops_axis0": (lambda x: np.fft.fft(x, n=3, axis=0), [M]),
    "fft_ortho": (lambda x: np.fft.fft(x, norm="ortho"), [Z]),
    "ifft_forward": (lambda x: np.fft.ifft(x, norm="forward"), [Z]),
    "ifft_float32": (lambda x: np.fft.ifft(x.astype(np.float32), n=5), [M]),
    "rfft": (lambda x: np.fft.rfft(x), [M]),
    "rfft_n_odd": (lambda x: np.fft.rfft(x, n=7, axis=0), [M]),
    "rfft_int": (lambda x: np.fft.rfft((x * 4).astype(np.int32)), [M]),
    "irfft": (lambda x: np.fft.irfft(x), [Z]),
    "irfft_n": (lambda x: np.fft.irfft(x, n=11, norm="backward"), [Z]),
    "irfft_of_real": (lambda x: np.fft.irfft(x, axis=0), [M]),
    "round_trip_float16": (lambda x: np.fft.irfft(np.fft.rfft(x.astype(np.float16))), [M]),
    "fftshift": (lambda x: np.fft.fftshift(x), [M]),
    "fftshift_axes_list": (lambda x: np.fft.fftshift(np.fft.fft(x), axes=[-1]), [M]),
    "ifftshift_axis": (lambda x: np.fft.ifftshift(x, axes=0), [M[:3]]),
    "fftfreq_tensor_d": (lambda d: np.fft.fftshift(np.fft.fftfreq(8, d)), [np.float64(0.1)]),
    "rfftfreq_tensor_d": (lambda d: np.fft.rfftfreq(7, 1.0 / d), [np.float32(3.0)]),
    "spectrum": (lambda x: (np.abs(np.fft.fft(x, n=8) / 8) ** 2).real, [M[0]]),
    "fft2": (lambda x: np.fft.fft2(x), [M]),
    "ifft2_s": (lambda x: np.fft.ifft2(x, s=(3, 8)), [Z]),
    "fftn_3d": (lambda x: np.fft.fftn(x), [M3]),
    "ifftn_axes_ortho": (lambda x: np.fft.ifftn(x, axes=(0, 2), norm="ortho"), [M3]),
    "rfft2": (lambda x: np.fft.rfft2(x), [M]),
    "rfftn_s": (lambda x: np.fft.rfftn(x, s=(2, 4, 6), axes=(0, 1, 2)), [M3]),
    "irfft2": (lambda x: np.fft.irfft2(x), [Z]),
    "irfftn_whole_axis": (lambda x: np.fft.irfftn(x, s=(3, -1), axes=(0, 1)), [Z]),
    "irfftn_round_trip": (lambda x: np.fft.irfftn(np.fft.rfftn(x), s=x.shape, axes=(0, 1, 2)), [M3]),
    "hfft": (lambda x: np.fft.hfft(x), [Z]),
    "hfft_n_ortho": (lambda x: np.fft.hfft(x, n=7, norm="ortho"), [Z]),
    "ihfft_forward": (lambda x: np.fft.ihfft(x, norm="forward"), [M]),
    "parts": (lambda z: (z.real, z.imag, np.fft.fft(z).real), [Z]),
}


@pytest.mark.parametrize("name", CASES)
def test_transform_matches_numpy_on_both_executors(name):
    fn, args = CASES[name]
    check(fn, *args)


@settings(max_examples=25, deadline=None)
@given(data=st.data(), kind=st.sampled_from(["fft", "ifft", "rfft", "irfft"]),
       dtype=st.sampled_from([np.float64, np.float32, np.int64, np.complex128, np.complex64]),
       norm=st.sampled_from([None, "backward", "ortho", "forward"]))
def test_any_shape_n_axis_and_norm(data, kind, dtype, norm):
    if kind == "rfft" and np.dtype(dtype).kind == "c":
        dtype = np.float64
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=1 if kind != "irfft" else 2, max_side=6))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    n = data.draw(st.none() | st.integers(1, 9))
    x = data.draw(hnp.arrays(np.float64, shape, elements=st.floats(-10, 10))).astype(dtype)
    check(lambda x: getattr(np.fft, kind)(x, n=n, axis=axis, norm=norm), x)


def test_the_graph_holds_one_op_per_transform():
    graph = autograph.function(lambda x: np.fft.rfft(x, n=16)).get_concrete_function(np.zeros(8)).graph
    assert "rfft[n=16 axis=-1 norm=None]" in str(graph)


# --- errors -----------------------------------------------------------------------------------------------

def test_numpys_own_errors_while_tracing():
    with pytest.raises(ValueError, match=r"Invalid number of FFT data points \(0\) specified"):
        autograph.function(lambda x: np.fft.fft(x, n=0))(M)
    with pytest.raises(ValueError, match="Invalid norm value bad"):
        autograph.function(lambda x: np.fft.fft(x, norm="bad"))(M)
    with pytest.raises(TypeError):  # NumPy: rfft of complex input
        autograph.function(lambda x: np.fft.rfft(x))(Z)


def test_a_traced_n_is_an_error_that_says_why():
    with pytest.raises(TypeError, match=r"test_numpy_fft.py:\d+: np.fft.fft: n must be a Python int in graphs, not "
                                        "Tensor: it decides the length of the result"):
        autograph.function(lambda x, n: np.fft.fft(x, n=n))(M, np.int64(4))


def test_out_and_long_double_are_refused():
    with pytest.raises(TypeError, match=r"np.fft.fft: argument\(s\) out are not supported in graphs"):
        autograph.function(lambda x: np.fft.fft(x, out=np.zeros(6, complex)))(M)
    with pytest.raises(TypeError, match=r"np.fft.fft of a float128 \(long double\) array is not supported in graphs: "
                                        "XLA has no extended precision; cast it to float64"):
        autograph.function(lambda x: np.fft.fft(x.astype(np.longdouble)))(M)


def test_shifting_an_axis_of_unknown_length_says_what_to_do():
    fn = autograph.function(lambda x: np.fft.fftshift(x), input_signature=[autograph.TensorSpec([None], np.float64)])
    with pytest.raises(TypeError, match=r"test_numpy_fft.py:\d+: np.fft.fftshift needs the length of each shifted "
                                        "axis while tracing.*input_signature"):
        fn(M[0])


def test_numpys_deprecated_s_forms_warn_at_the_users_line_and_give_numpys_result():
    with pytest.warns(DeprecationWarning, match="`axes` should not be `None` if `s` is not `None`") as caught:
        got = autograph.function(lambda x: np.fft.fftn(x, s=(4, 4)))(M)
    assert caught[0].filename == __file__
    with pytest.warns(DeprecationWarning):
        np.testing.assert_array_equal(got, np.fft.fftn(M, s=(4, 4)))
    with pytest.warns(DeprecationWarning, match="Passing an array containing `None` values to `s` is deprecated"):
        autograph.function(lambda x: np.fft.fft2(x, s=(None, 3)))(M)


def test_nd_errors_are_numpys_or_say_what_to_do():
    with pytest.raises(ValueError, match="Shape and axes have different lengths."):
        autograph.function(lambda x: np.fft.fftn(x, s=(2, 3), axes=(0,)))(M)
    with pytest.raises(ValueError, match="Invalid norm value bad"):
        autograph.function(lambda x: np.fft.hfft(x, norm="bad"))(Z)
    fn = autograph.function(lambda x: np.fft.irfftn(x, s=(-1,), axes=(0,)),
                            input_signature=[autograph.TensorSpec([None], np.complex128)])
    with pytest.raises(TypeError, match=r"test_numpy_fft.py:\d+: np.fft.irfftn: s=-1 asks for the length of an axis "
                                        "that is known only at run time"):
        fn(Z[0])
