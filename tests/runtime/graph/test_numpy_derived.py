"""NumPy functions NumPy writes over its other functions, in graphs (runtime/graph/numpy_derived.py):
``np.digitize``, ``np.unravel_index``, ``np.gradient``, ``np.common_type``, ``np.apply_over_axes``, ``np.isin``,
``np.ediff1d``, ``np.angle``, ``np.fix``, ``np.nancumsum``, ``np.nancumprod``, ``np.rot90``, ``np.trapezoid``,
``np.polyadd``, ``np.polysub``, ``np.polyder``, ``np.take_along_axis``, ``np.put_along_axis``, ``np.nanmedian``,
the ufuncs ``np.modf``, ``np.divmod`` traced by ``autograph.function`` equal NumPy eager (values, dtypes, shapes,
bit for bit) on both executors; hypothesis draws bins (ties, NaNs, either direction, unordered), indices,
coordinates and nanmedian's slices; NumPy's errors are raised, while tracing or, where they depend on traced values,
when the graph runs."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import NotStageable
from tests import helpers

RNG = np.random.default_rng(41)
V = RNG.normal(size=7)
M = RNG.normal(size=(4, 5))
M32 = M.astype(np.float32)
T3 = RNG.normal(size=(3, 4, 5))
INTS = RNG.integers(-3, 9, size=(4, 5))
X_UNEVEN = np.array([0.0, 0.5, 1.5, 1.75, 3.0])
X_EVEN = np.array([0.0, 0.5, 1.0, 1.5, 2.0])
FLAT = np.array([0, 5, 19, 7, 12])

check = helpers.staged_bit_for_bit
EXECUTORS = ("numpy", "jax") if helpers.jax_usable() else ("numpy",)


CASES = {
    "digitize": (lambda x: np.digitize(x, [-1.0, 0.0, 0.5, 2.0]), [V]),
    "digitize_right": (lambda x: np.digitize(x, [-1.0, 0.0, 0.5, 2.0], right=True), [np.round(V)]),
    "digitize_decreasing": (lambda x: np.digitize(x, [2.0, 0.5, 0.0, -1.0]), [V]),
    "digitize_decreasing_right": (lambda x: np.digitize(x, np.array([2, 0, -1]), right=True), [np.round(V)]),
    "digitize_ties_first": (lambda x: np.digitize(x, [0.0, 0.0, 1.0]), [V]),
    "digitize_traced_bins": (lambda x, b: np.digitize(x, b), [V, np.array([-1.0, 0.0, 1.0])]),
    "digitize_traced_bins_decreasing": (lambda x, b: np.digitize(x, b, right=True), [V, np.array([1.0, 0.0, -1.0])]),
    "digitize_traced_bins_int": (lambda x, b: np.digitize(x, b), [INTS, np.array([0, 2, 2, 5])]),
    "digitize_scalar": (lambda x: np.digitize(x[0], [0.0, 1.0]), [V]),
    "digitize_linspace_bins": (lambda x: np.digitize(x, np.linspace(-1, 1, num=9), right=True), [V]),
    "digitize_float32": (lambda x: np.digitize(x, [0.1, 0.2]), [M32]),
    "unravel_index": (lambda i: np.unravel_index(i, (4, 5)), [FLAT]),
    "unravel_index_f": (lambda i: np.unravel_index(i, (4, 5), order="F"), [FLAT]),
    "unravel_index_3d": (lambda i: np.unravel_index(i, (2, 5, 2)), [FLAT]),
    "unravel_index_int_shape": (lambda i: np.unravel_index(i, 20), [FLAT]),
    "unravel_index_0d": (lambda i: np.unravel_index(i[2], (4, 5)), [FLAT]),
    "unravel_index_argmax": (lambda x: np.unravel_index(np.argmax(x), x.shape), [M]),
    "unravel_index_int32": (lambda i: np.unravel_index(i.astype(np.int32), (4, 5)), [FLAT]),
    "gradient": (lambda f: np.gradient(f), [V]),
    "gradient_2d": (lambda f: np.gradient(f), [M]),
    "gradient_spacing": (lambda f: np.gradient(f, 0.3), [V]),
    "gradient_traced_spacing": (lambda f, h: np.gradient(f, h), [V, np.float64(0.3)]),
    "gradient_spacings_per_axis": (lambda f: np.gradient(f, 0.5, 2.0), [M]),
    "gradient_coordinates": (lambda f: np.gradient(f, X_UNEVEN, axis=1), [M]),
    "gradient_even_coordinates": (lambda f: np.gradient(f, X_EVEN, axis=1), [M]),
    "gradient_traced_coordinates": (lambda f, x: np.gradient(f, x, axis=1), [M, X_UNEVEN]),
    "gradient_traced_even_coordinates": (lambda f, x: np.gradient(f, x, axis=1), [M, X_EVEN]),
    "gradient_int_coordinates": (lambda f: np.gradient(f, np.array([0, 1, 3, 4, 8]), axis=-1), [M]),
    "gradient_edge_order_2": (lambda f: np.gradient(f, edge_order=2), [M]),
    "gradient_edge_order_2_coordinates": (lambda f, x: np.gradient(f, x, axis=1, edge_order=2), [M, X_UNEVEN]),
    "gradient_axis_tuple": (lambda f: np.gradient(f, axis=(0, 2)), [T3]),
    "gradient_float32": (lambda f: np.gradient(f), [M32]),
    "gradient_float32_coordinates": (lambda f: np.gradient(f, X_UNEVEN, axis=1), [M32]),
    "gradient_ints": (lambda f: np.gradient(f), [INTS]),
    "common_type": (lambda a, b: np.zeros(3, np.common_type(a, b)), [M32, INTS]),
    "common_type_float32": (lambda a: np.ones(2, dtype=np.common_type(a)) + a[0, :2], [M32]),
    "common_type_complex": (lambda a: np.zeros(2, np.common_type(a, a * 1j)), [M]),
    "apply_over_axes": (lambda x: np.apply_over_axes(np.max, x, [0, 2]), [T3]),
    "apply_over_axes_median": (lambda x: np.apply_over_axes(np.median, x, 1), [M]),
    "apply_over_axes_negative": (lambda x: np.apply_over_axes(np.min, x, -1), [M]),
    "apply_over_axes_sum_ints": (lambda x: np.apply_over_axes(np.sum, x, (1, 0)), [INTS]),
    "apply_over_axes_argsort": (lambda x: np.apply_over_axes(np.argsort, x, axes=0), [M]),
    "isin": (lambda x: np.isin(x, [2, 5, 7]), [INTS]),
    "isin_invert": (lambda x: np.isin(x, [2, 5, 7], invert=True), [INTS]),
    "isin_floats_nan_zero": (lambda x: np.isin(x, [0.0, np.nan, 2.0]), [np.array([-0.0, np.nan, 2.0, 1.0])]),
    "isin_traced_tests": (lambda x, t: np.isin(x, t), [INTS, np.array([[1, 2], [8, 0]])]),
    "isin_mixed_dtypes": (lambda x: np.isin(x, [2.0, 2.5]), [INTS]),
    "isin_empty_tests": (lambda x: np.isin(x, []), [INTS]),
    "isin_0d": (lambda x: np.isin(x[0, 0], [INTS[0, 0]]), [INTS]),
    "ediff1d": (lambda x: np.ediff1d(x), [M]),
    "ediff1d_ends": (lambda x: np.ediff1d(x, to_end=[9.0, 8.0], to_begin=-1), [V]),
    "ediff1d_ints_to_begin": (lambda x: np.ediff1d(x.astype(np.int8), to_begin=np.array([3], np.int8)), [INTS]),
    "angle": (lambda x: np.angle(x), [V]),
    "angle_complex_deg": (lambda x: np.angle(x + 1j * x[::-1], deg=True), [V]),
    "angle_float32": (lambda x: np.angle(x, deg=True), [M32]),
    "angle_ints": (lambda x: np.angle(x), [INTS]),
    "fix": (lambda x: np.fix(x * 3), [V]),
    "nancumsum": (lambda x: np.nancumsum(np.where(x > 0.5, np.nan, x), axis=1), [M]),
    "nancumsum_flat": (lambda x: np.nancumsum(np.where(x > 0.5, np.nan, x)), [M32]),
    "nancumprod": (lambda x: np.nancumprod(np.where(x > 0.5, np.nan, x), axis=0), [M]),
    "nancumsum_ints": (lambda x: np.nancumsum(x, dtype=np.int16), [INTS]),
    "rot90": (lambda x: np.rot90(x), [M]),
    "rot90_k": (lambda x: tuple(np.rot90(x, k) for k in (-1, 0, 2, 3, 5)), [M]),
    "rot90_axes": (lambda x: np.rot90(x, 1, axes=(2, 0)), [T3]),
    "trapezoid": (lambda y: np.trapezoid(y), [V]),
    "trapezoid_dx_axis": (lambda y: np.trapezoid(y, dx=0.25, axis=0), [M]),
    "trapezoid_x": (lambda y: np.trapezoid(y, X_UNEVEN), [M]),
    "trapezoid_traced_x": (lambda y, x: np.trapezoid(y, x, axis=1), [M, X_UNEVEN]),
    "trapezoid_x_2d": (lambda y: np.trapezoid(y, M * 2, axis=0), [M]),
    "polyadd": (lambda a: np.polyadd(a, [1.0, 2.0]), [V]),
    "polysub": (lambda a: np.polysub([1, 2], a), [V]),
    "polysub_same_length": (lambda a: np.polysub(a, a[::-1]), [V]),
    "polyadd_int_scalar": (lambda a: np.polyadd(3, a), [INTS[0]]),
    "polyder": (lambda a: np.polyder(a), [V]),
    "polyder_twice_ints": (lambda a: np.polyder(a, 2), [INTS[0]]),
    "polyder_beyond": (lambda a: np.polyder(a[:3], 4), [V]),
    "polyder_zero": (lambda a: np.polyder(a, 0), [V]),
    "modf": (lambda x: np.modf(x * 3), [M]),
    "modf_float32": (lambda x: np.modf(x * 3), [M32]),
    "modf_ints": (lambda x: np.modf(x), [INTS]),
    "modf_0d": (lambda x: np.modf(x[2] * 7), [V]),
    "divmod": (lambda x: np.divmod(x * 3, 0.7), [M]),
    "divmod_builtin": (lambda x: divmod(x * 3, 0.7), [M]),
    "divmod_ints": (lambda x: np.divmod(x, -3), [INTS]),
    "take_along_axis": (lambda x: np.take_along_axis(x, np.argsort(x, axis=1), axis=1), [M]),
    "take_along_axis_0": (lambda x: np.take_along_axis(x, np.argmax(x, axis=0)[None], axis=0), [M]),
    "take_along_axis_none": (lambda x: np.take_along_axis(x, np.array([0, -1, 7]), axis=None), [M]),
    "take_along_axis_3d": (lambda x: np.take_along_axis(x, np.argsort(-x, axis=-1)[..., :2], axis=-1), [T3]),
    "put_along_axis": (lambda x: (np.put_along_axis(y := x.copy(), np.argmax(x, axis=1)[:, None], -9.0, axis=1), y)[1],
                       [M]),
    "put_along_axis_values": (lambda x: (np.put_along_axis(y := x.copy(), np.argsort(x, axis=0)[:1], x[1:2], axis=0),
                                         y)[1], [M]),
    "put_along_axis_none_keeps": (lambda x: (np.put_along_axis(x, np.array([0, 3]), 5.0, axis=None), x)[1], [M]),
    "ix_arange": (lambda x: x[np.ix_(np.arange(2), np.arange(1, 3))], [M]),
    "ix_traced": (lambda x: x[np.ix_(np.argsort(x[:, 0]), np.argsort(-x[0]))], [M]),
    "ix_bool": (lambda x: x[np.ix_(x[:, 0] > 0, x[0] > 0)].sum(), [M]),
    "ix_lists_and_empty": (lambda x: (x[np.ix_([0, 2], [1])], *np.ix_([], x[0].astype(int))), [M]),
    "ix_shapes": (lambda x: np.ix_(*[np.arange(d) for d in x.shape]), [T3]),
    "spacing_ints": (lambda x: np.spacing(2 * x + 1), [INTS]),  # (odd: no zero, whose spacing XLA flushes)
    "spacing_0d": (lambda x: np.spacing(np.linalg.norm(x)), [M]),
}


@pytest.mark.parametrize("name", CASES)
def test_function_matches_numpy_on_both_executors(name):
    fn, args = CASES[name]
    check(fn, *args)


def _raises_as_numpy(fn, *args, match=None):
    """``fn`` raises in NumPy; the Function raises the same type (when tracing or running), on each executor."""
    with pytest.raises(Exception) as numpy_error:
        fn(*args)
    for executor in EXECUTORS:
        with pytest.raises(type(numpy_error.value), match=match or re.escape(str(numpy_error.value))):
            autograph.function(fn, executor=executor)(*args)


def _numpys_direction(bins: list) -> int:
    """NumPy's ``check_array_monotonic`` (numpy/_core/src/multiarray/compiled_base.c) as the plain loop it is, for
    bins it accepts: the first value unlike the first decides, a larger one rising (1), anything else falling."""
    i = 1
    while i < len(bins) and bins[i] == bins[0]:
        i += 1
    return 1 if i >= len(bins) or bins[0] < bins[i] else -1


BIN_VALUES = st.sampled_from([-1.0, 0.0, 0.5, 1.0, 2.0, np.nan, np.inf, -np.inf])


@pytest.mark.slow  # (15 s of make test: make slow runs it)
@settings(max_examples=25, deadline=None)
@given(bins=st.lists(BIN_VALUES, max_size=6), right=st.booleans())
@example(bins=[1.0, np.nan, 2.0], right=False)  # NumPy's loop: a NaN as the first value that differs: falling
@example(bins=[np.nan, 1.0], right=False)  # (a NaN first: so is every later value, and falling)
@example(bins=[0.0, 1.0, np.nan, 0.5], right=False)  # rising, and a comparison with a NaN never fails the check
@example(bins=[1.0, 1.0, 0.5, 0.5, -1.0], right=True)
def test_digitize_with_traced_bins_is_numpys_whatever_their_order(bins, right):
    """Traced bins: NumPy's direction (or its error, when the graph runs) for any bins, NaNs and ties too. Bins
    NumPy takes as monotonic but that are not sorted (a NaN inside) are searched as NumPy's binary search goes on
    the interpreter, and refused on XLA, whose search goes another way (``UnsortedSearch``)."""
    edges = np.array(bins, dtype=np.float64)
    x = np.array([-2.0, -1.0, 0.0, 0.25, 0.5, 1.0, 3.0, np.nan, np.inf])

    def traced(x, b):
        return np.digitize(x, b, right=right)

    def constant(x):
        return np.digitize(x, edges, right=right)
    try:
        want = traced(x, edges)
    except ValueError as error:
        for executor in EXECUTORS:
            with pytest.raises(ValueError, match=re.escape(str(error))):
                autograph.function(traced, executor=executor)(x, edges)
        return
    searched = edges[::-1] if _numpys_direction(bins) == -1 else edges
    in_order = np.array_equal(np.sort(searched), searched, equal_nan=True)
    for executor in EXECUTORS:
        for fn, args in ((traced, (x, edges)), (constant, (x,))):
            if executor == "jax" and not in_order:
                from runtime.jax.rules_array import UnsortedSearch
                with pytest.raises(UnsortedSearch, match="not sorted"):
                    autograph.function(fn, executor=executor)(*args)
                continue
            got = autograph.function(fn, executor=executor)(*args)
            assert got.dtype == want.dtype
            np.testing.assert_array_equal(got, want)


@settings(max_examples=15, deadline=None)
@given(dims=st.lists(st.integers(1, 5), min_size=1, max_size=3), order=st.sampled_from("CF"), data=st.data())
def test_unravel_index_is_numpys(dims, order, data):
    size = int(np.prod(dims))
    flat = np.array(data.draw(st.lists(st.integers(0, size - 1), min_size=1, max_size=6)))
    check(lambda i: np.unravel_index(i, tuple(dims), order=order), flat)


@settings(max_examples=15, deadline=None)
@given(steps=st.lists(st.sampled_from([0.25, 0.5, 1.0, 3.0]), min_size=2, max_size=6),
       edge_order=st.sampled_from([1, 2]), traced=st.booleans())
def test_gradient_with_coordinates_is_numpys(steps, edge_order, traced):
    """Evenly spaced coordinates take NumPy's scalar formula, uneven ones its three-point one, traced or not."""
    x = np.concatenate([[0.0], np.cumsum(steps)])
    f = np.sin(x)[None, :] * np.array([[1.0], [2.0]])
    if traced:
        check(lambda f, x: np.gradient(f, x, axis=1, edge_order=edge_order), f, x)
    else:
        check(lambda f: np.gradient(f, x, axis=1, edge_order=edge_order), f)


def test_delete_and_derived_functions_raise_numpys_errors():
    _raises_as_numpy(lambda x: np.digitize(x * 1j, [0.0, 1.0]), V)
    _raises_as_numpy(lambda x: np.digitize(x, [0.0, 2.0, 1.0]), V)
    _raises_as_numpy(lambda x: np.digitize(x, [[0.0, 2.0]]), V)
    _raises_as_numpy(lambda x, b: np.digitize(x, b), V, np.array([0.0, 2.0, 1.0]))
    _raises_as_numpy(lambda i: np.unravel_index(i, (2, 2)), FLAT, match="index out of bounds for array with size 4")
    _raises_as_numpy(lambda i: np.unravel_index(i - 1, (4, 5)), FLAT, match="index out of bounds")
    _raises_as_numpy(lambda i: np.unravel_index(i * 1.0, (4, 5)), FLAT)
    _raises_as_numpy(lambda i: np.unravel_index(i, (4, 5), order="K"), FLAT)
    _raises_as_numpy(lambda i: np.unravel_index(i, (4, -5)), FLAT, match="out of bounds for array with size -20")
    _raises_as_numpy(lambda f: np.gradient(f[:1]), V)
    _raises_as_numpy(lambda f: np.gradient(f[:2], edge_order=2), V)
    _raises_as_numpy(lambda f: np.gradient(f, edge_order=3), V)
    _raises_as_numpy(lambda f: np.gradient(f, 1.0, 2.0, 3.0), M)
    _raises_as_numpy(lambda f: np.gradient(f, X_UNEVEN[:3], axis=1), M)
    _raises_as_numpy(lambda f: np.gradient(f, M, axis=1), M)
    _raises_as_numpy(lambda x: np.apply_over_axes(lambda a, axis: a[0, 0], x, 1), M)
    _raises_as_numpy(lambda x: np.common_type(x > 0), M)
    _raises_as_numpy(lambda f: np.gradient(f > 0), M)  # NumPy subtracts booleans
    _raises_as_numpy(lambda x: np.ediff1d(x.astype(np.int8), to_begin=[0.5]), INTS)
    _raises_as_numpy(lambda x: np.ediff1d(x > 0), V)
    _raises_as_numpy(lambda x: np.rot90(x, axes=(0, 0)), M)
    _raises_as_numpy(lambda x: np.rot90(x, axes=(0, 2)), M)
    _raises_as_numpy(lambda x: np.rot90(x, axes=(0,)), M)
    _raises_as_numpy(lambda x: np.polyder(x, -1), V)
    _raises_as_numpy(lambda x: np.isin(x, [1], kind="hash"), INTS)
    _raises_as_numpy(lambda x: np.take_along_axis(x, np.ones((4, 2)), axis=1), M)
    _raises_as_numpy(lambda x: np.take_along_axis(x, np.ones((4, 2), np.intp), axis=None), M)
    _raises_as_numpy(lambda x: np.take_along_axis(x, np.array(1), axis=1), M)


def test_arguments_that_fix_a_shape_must_be_known_while_tracing():
    with pytest.raises(TypeError, match=r"test_numpy_derived.py:\d+: np.unravel_index: argument shape must be a "
                                        "Python constant"):
        autograph.function(lambda i, n: np.unravel_index(i, (n, 5)))(FLAT, np.int64(4))


def test_a_derived_functions_0d_result_is_what_numpy_returns():
    """The 0-d results answer ``isinstance`` as NumPy's do (NumPy's own function is asked: numpy_function_result)."""
    def fn(x):
        k = np.digitize(x[0], [0.0, 1.0])
        row, col = np.unravel_index(np.argmax(x), x.shape)
        return isinstance(k, np.ndarray), isinstance(row, np.ndarray), np.isscalar(col)
    assert autograph.function(fn)(M) == fn(M)


SPECIAL = np.array([-3.0, -2.5, -0.5, -0.0, 0.0, 0.25, 2.75, 4.5e15 + 0.5, 1e300, -1e300, np.inf, -np.inf, np.nan])


@settings(max_examples=15, deadline=None)
@given(values=st.lists(st.one_of(st.floats(allow_subnormal=False, allow_nan=True, allow_infinity=True),
                                 st.sampled_from([0.0, -0.0, 1.0, -1.0, 2.0 ** -1022])), min_size=1, max_size=8),
       single=st.booleans())
def test_spacing_is_numpys_signs_and_special_values_included(values, single):
    """np.spacing: away from zero (a zero of either sign: the smallest positive float), NaN for an infinity. XLA on CPU
    flushes the subnormal spacing of a zero or of the smallest normals to zero (docs/jax.md, "Subnormal floats under
    XLA"), so those values are checked on the interpreter only."""
    with np.errstate(over="ignore"):  # (a float64 beyond float32 is its infinity)
        x = np.array(values, np.float32 if single else np.float64)
    with np.errstate(all="ignore"):
        want = np.spacing(x)
    for executor in EXECUTORS:
        with np.errstate(all="ignore"):
            got = np.asarray(autograph.function(lambda v: np.spacing(v), executor=executor)(x))
        assert got.dtype == want.dtype
        keep = np.ones(x.shape, bool) if executor == "numpy" else np.abs(want) >= np.finfo(x.dtype).tiny
        np.testing.assert_array_equal(got[keep], want[keep])
        np.testing.assert_array_equal(np.signbit(got[keep]), np.signbit(want[keep]))


def test_spacing_of_float16_is_refused_by_name():
    with pytest.raises(NotStageable, match=r"test_numpy_derived.py:\d+: np.spacing of float16 .* cast to float32"):
        autograph.function(lambda x: np.spacing(x.astype(np.float16)))(M)
    with pytest.raises(NotStageable, match="np.spacing of int8"):
        autograph.function(lambda x: np.spacing(x.astype(np.int8)))(M)


def test_ix_of_a_2d_index_raises_numpys_error():
    _raises_as_numpy(lambda x: np.ix_(x.astype(int), [0]), M)


@pytest.mark.parametrize("fn", [lambda x: np.modf(x), lambda x: np.modf(x.astype(np.float32)),
                                lambda x: np.divmod(x, 0.75), lambda x: np.divmod(x, -np.inf),
                                lambda x: divmod(x, x[1])],
                         ids=["modf", "modf_float32", "divmod", "divmod_by_inf", "divmod_builtin"])
def test_modf_and_divmod_give_numpys_signed_zeros_and_special_values(fn):
    """C's modf: a negative whole number's fraction is -0.0, an infinity's a signed zero, NaN stays NaN."""
    with np.errstate(all="ignore"):
        want = fn(SPECIAL)
    for executor in EXECUTORS:
        with np.errstate(all="ignore"):
            got = autograph.function(fn, executor=executor)(SPECIAL)
        for g, w in zip(got, want, strict=True):
            g = np.asarray(g)
            assert g.dtype == w.dtype
            np.testing.assert_array_equal(g, w)
            finite = ~np.isnan(w)
            np.testing.assert_array_equal(np.signbit(g[finite]), np.signbit(w[finite]))


NANMEDIAN_VALUES = st.sampled_from([0.0, 1.0, 2.5, -3.0, np.nan, np.inf, -np.inf, 1e308, -1e308, 7.0])


@pytest.mark.slow  # (21 s of make test: make slow runs it)
@settings(max_examples=12, deadline=None)  # (each example compiles a dozen XLA programs: make test's time)
@given(data=st.data(), shape=st.sampled_from([(5,), (4, 3), (7, 2), (700,), (2, 650), (2, 3, 4)]),
       dtype=st.sampled_from([np.float64, np.float32]), keepdims=st.booleans())
@example(data=None, shape=(5,), dtype=np.float64, keepdims=False)  # an odd count of 1e308s: NumPy's median keeps one
@example(data=None, shape=(4, 3), dtype=np.float64, keepdims=False)  # ... its masked-array path averages (x + x) / 2
def test_nanmedian_is_numpys_on_each_of_its_paths(data, shape, dtype, keepdims):
    """One slice or slices of 600 values or more: NumPy's median of the values kept; shorter slices of a larger
    array: its masked-array median, which rounds otherwise. Hypothesis draws NaNs, infinities and huge values."""
    if data is None:
        a = np.full(shape, 1e308, dtype)
        a.reshape(-1)[::4] = np.nan
    else:
        a = np.array(data.draw(st.lists(NANMEDIAN_VALUES, min_size=int(np.prod(shape)), max_size=int(np.prod(shape)))),
                     dtype).reshape(shape)
    axes = [None, 0, -1] + ([(0, -1)] if len(shape) > 1 else [])
    for axis in axes:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # (NumPy's all-NaN slice warning; graphs issue none)
            check(lambda x, axis=axis: np.nanmedian(x, axis=axis, keepdims=keepdims), a)
