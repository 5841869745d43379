"""More NumPy functions in graphs (runtime/graph/numpy_more.py, and where= in numpy_api's reductions): each
traced by ``autograph.function`` equals NumPy eager (dtype, shape, values) on the NumPy interpreter and lowered to
JAX, and raises NumPy's own error (class and message) where NumPy does; what a graph cannot know is refused."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import autograph
from runtime.staging import NotStageable

pytest.importorskip("jax")
EXECUTORS = ("numpy", "jax")

RNG = np.random.default_rng(5)
X = np.array([1.0, -2.0, 3.0, 4.0, -5.0, 0.5])
XI = np.array([3, 1, 2, 3, 1, 2], np.int32)
M = RNG.normal(size=(3, 4))
PHASE = np.cumsum(np.array([0.1, 3.5, 3.3, -4.0, 1.0, 6.5]))


def _eager(fn, args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return fn(*[np.copy(a) for a in args])
        except Exception as error:  # noqa: BLE001  (NumPy's error is what the graph must raise)
            return error


def _graph(fn, args, executor):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return autograph.function(fn, executor=executor)(*[np.copy(a) for a in args])
        except Exception as error:  # noqa: BLE001
            return error


def assert_same(got, want) -> None:
    if isinstance(want, Exception):
        assert type(got) is type(want) and str(got) == str(want), (got, want)
        return
    assert not isinstance(got, Exception), got
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert_same(g, w)
        return
    if isinstance(want, str):
        assert type(got) is type(want) and got == want, (got, want)
        return
    if isinstance(want, bool):  # (a Python bool among a Function's outputs comes back as a 0-d bool array)
        assert np.asarray(got).dtype == np.bool_ and bool(got) is want, (got, want)
        return
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype, (g.dtype, w.dtype)
    assert g.shape == w.shape, (g.shape, w.shape)
    np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-12, equal_nan=True)


def check(fn, *args) -> None:
    want = _eager(fn, args)
    for executor in EXECUTORS:
        assert_same(_graph(fn, args, executor), want)


# --- where= in reductions --------------------------------------------------------------------------------

REDUCTIONS = {
    "sum": lambda x: np.sum(x, where=x > 0),
    "sum_axis_initial_method": lambda x: x.sum(axis=0, where=x > 0, initial=5),
    "sum_dtype": lambda x: np.sum(x, 1, np.float32, where=x < 1),
    "prod_row_mask": lambda x: np.prod(x, 1, where=[True, False, True, False]),
    "max_initial": lambda x: np.max(x, where=x < 0, initial=-1),
    "min_method_keepdims": lambda x: x.min(1, where=x > 0, initial=10, keepdims=True),
    "amax_tensor_initial": lambda x: np.amax(x, axis=1, where=x > 0, initial=x[0, 0]),
    "mean": lambda x: np.mean(x, where=x > 0),
    "mean_axis_empty_slice": lambda x: np.mean(x, axis=1, where=x > 100),
    "mean_method_dtype": lambda x: x.mean(0, np.float32, where=x > 0),
    "any": lambda x: np.any(x, 0, where=x > 100),
    "all_method": lambda x: x.all(where=x > 0),
    "all_keepdims": lambda x: np.all(x > 0, axis=1, keepdims=True, where=x < 1),
    "sum_where_false": lambda x: np.sum(x, where=False),
    "max_without_initial": lambda x: np.max(x, where=x > 0),
    "mask_not_broadcastable": lambda x: np.sum(x, where=[True, False]),
    "mask_not_boolean": lambda x: np.sum(x, where=x),
}


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int16, np.float16])
def test_reductions_with_where_match_numpy(name, dtype):
    check(REDUCTIONS[name], (M * 4).astype(dtype))


@settings(max_examples=25, deadline=None)
@given(hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=3, max_side=4),
                  elements=st.floats(-10, 10, width=32)), st.data())
def test_masked_sum_mean_and_max_match_numpy(x, data):
    mask = data.draw(hnp.arrays(np.bool_, x.shape))
    axis = data.draw(st.sampled_from([None, *range(x.ndim)]))
    keepdims = data.draw(st.booleans())

    def f(x, m):
        return (np.sum(x, axis, where=m, keepdims=keepdims), np.mean(x, axis, where=m, keepdims=keepdims),
                np.max(x, axis, where=m, initial=-3.0, keepdims=keepdims), np.any(x > 1, axis, where=m))
    want = _eager(f, (x, mask))
    for executor in EXECUTORS:
        assert_same(_graph(f, (x, mask), executor), want)


# --- dtypes --------------------------------------------------------------------------------------------------

def _can_cast(x):
    return np.can_cast(x, np.float32), np.can_cast(x, np.int64, "same_kind"), np.can_cast(x.dtype, np.float64)


def _promote(x):
    return str(np.promote_types(x.dtype, np.float32)), np.result_type(x, 1.0).name


@pytest.mark.parametrize("fn", [_can_cast, _promote])
@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.float32, np.float64, np.complex64, np.bool_])
def test_dtype_questions_are_numpys(fn, dtype):
    check(fn, X.astype(dtype))


# --- the functions, fixed inputs ---------------------------------------------------------------------------

def _stack_lexsort(x):
    return np.lexsort(np.stack([x, -x, x * 0]))


def _lexsort_axis0(x):
    return np.lexsort((x.reshape(2, 3), (x > 0).reshape(2, 3)), axis=0)


def _piecewise_int(x):
    xi = x.astype(np.int32)
    return np.piecewise(xi, [xi < 0, xi >= 2], [lambda v: v * 1.5, 7])


def _piecewise_args(x):
    return np.piecewise(x, [x < 0, x > 2], [lambda v, k: -v * k, lambda v, k: v ** 2, 0.5], 3.0)


CASES = {
    "resize_2d": (lambda x: np.resize(x, (4, 5)), [X]),
    "resize_shrink": (lambda x: np.resize(x, 3), [M]),
    "resize_empty_input": (lambda x: np.resize(x[:0], (2, 2)), [X]),
    "resize_zero": (lambda x: np.resize(x, (0, 3)), [XI]),
    "resize_negative": (lambda x: np.resize(x, -1), [X]),
    "lexsort": (lambda x, y: np.lexsort((x, y)), [X, XI]),
    "lexsort_three": (lambda x, y: np.lexsort([y, x > 0, y % 2]), [X, XI]),
    "lexsort_stacked": (_stack_lexsort, [XI]),
    "lexsort_axis0": (_lexsort_axis0, [X]),
    "lexsort_nan": (lambda x: np.lexsort((x, np.floor(x / 3))), [np.array([np.nan, 1.0, -1.0, np.nan, 2.0])]),
    "sort_complex_real": (lambda x: np.sort_complex(x), [X]),
    "sort_complex_int16": (lambda x: np.sort_complex(x.astype(np.int16)), [X]),
    "sort_complex_float32": (lambda x: np.sort_complex(x.astype(np.float32)), [X]),
    "sort_complex_complex": (lambda x: np.sort_complex(x + 1j * x[::-1]), [X]),
    "real_if_close_real": (lambda x: np.real_if_close(x), [X]),
    "unwrap": (lambda p: np.unwrap(p), [PHASE]),
    "unwrap_period": (lambda p: np.unwrap(p, period=4), [PHASE]),
    "unwrap_discont": (lambda p: np.unwrap(p, discont=4.0), [PHASE]),
    "unwrap_int": (lambda p: np.unwrap((p * 3).astype(np.int64), period=8), [PHASE]),
    "unwrap_int_odd_period": (lambda p: np.unwrap((p * 3).astype(np.int64), period=7), [PHASE]),
    "unwrap_axis0": (lambda p: np.unwrap(np.stack([p, 2 * p]), axis=0), [PHASE]),
    "unwrap_float32": (lambda p: np.unwrap(p.astype(np.float32)), [PHASE]),
    "piecewise": (lambda x: np.piecewise(x, [x < 0, x > 2], [lambda v: -v, lambda v: v ** 2, 0.5]), [X]),
    "piecewise_one_condition": (lambda x: np.piecewise(x, x < 0, [0, 1]), [X]),
    "piecewise_int": (_piecewise_int, [X]),
    "piecewise_args": (_piecewise_args, [X]),
    "piecewise_scalar_function": (lambda x: np.piecewise(x, [x < 0], [lambda v: 2.0, lambda v: v * 3]), [X]),
    "piecewise_too_many": (lambda x: np.piecewise(x, [x < 0], [1, 2, 3]), [X]),
    "histogram_bin_edges": (lambda x: np.histogram_bin_edges(x, 5), [X]),
    "histogram_bin_edges_range": (lambda x: np.histogram_bin_edges(x, 3, range=(0, 1)), [X]),
    "histogram_bin_edges_edges": (lambda x: np.histogram_bin_edges(x, [0, 1, 3]), [X]),
    "histogram_bin_edges_not_increasing": (lambda x: np.histogram_bin_edges(x, [0, 3, 1]), [X]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_functions_match_numpy(name):
    fn, args = CASES[name]
    check(fn, *args)


@settings(max_examples=25, deadline=None)
@given(hnp.arrays(np.float64, st.integers(1, 7), elements=st.floats(-20, 20, width=32)),
       st.integers(0, 9), st.integers(1, 3))
def test_resize_lexsort_unwrap_vary(x, size, mod):
    def f(x):
        return np.resize(x, (size, 2)), np.lexsort((x, np.floor(x) % mod)), np.unwrap(x, period=5.0)
    want = _eager(f, (x,))
    for executor in EXECUTORS:
        assert_same(_graph(f, (x,), executor), want)


def test_piecewise_calls_a_function_only_where_its_condition_holds():
    """NumPy skips a function whose condition holds nowhere (here ``v.max()`` of no elements would raise): the graph
    stages the call in an ``if``, so the interpreter gives NumPy's values and errors either way."""
    def f(x):
        return np.piecewise(x, [x < 0], [lambda v: v / v.max(), 7.0])
    for x in (X, np.abs(X)):
        assert_same(_graph(f, (x,), "numpy"), _eager(f, (x,)))
    # Under XLA the selection's length is fixed when the program is compiled for it: where it is 0, the untaken
    # branch's max of no elements cannot be lowered, a refusal that names it (not a value).
    assert_same(_graph(f, (X,), "jax"), _eager(f, (X,)))
    assert "cannot lower the `max`" in str(_graph(f, (np.abs(X),), "jax"))


def test_real_if_close_of_complex_is_refused():
    with pytest.raises(NotStageable, match="its dtype depends on the\\s+values"):
        autograph.function(lambda x: np.real_if_close(x + 0j))(X)


def test_histogram_bin_edges_with_a_method_is_refused():
    with pytest.raises(NotStageable, match="bins='auto'"):
        autograph.function(lambda x: np.histogram_bin_edges(x, "auto"))(X)


# --- writes in place -----------------------------------------------------------------------------------------

def _copyto(x):
    y = np.zeros(6)
    np.copyto(y, x, where=x > 0)
    return y


def _copyto_cast(x):
    y = np.zeros(6, np.int32)
    np.copyto(y, x, casting="unsafe")
    return y


def _copyto_broadcast(x):
    y = np.ones((2, 6))
    np.copyto(y, x[None, :] * 2, where=[[True], [False]])
    return y


def _copyto_same_kind_error(x):
    y = np.zeros(6, np.int32)
    np.copyto(y, x)
    return y


def _copyto_scalar(x):
    np.copyto(x, 7.5, where=x < 0)
    return x


def _put(x):
    y = np.zeros(6)
    np.put(y, [0, -1, 2, 0], x[:3])
    return y


def _put_clip(x):
    y = np.arange(6.0)
    np.put(y, [10, -10], x[:1], mode="clip")
    return y


def _put_wrap_2d(x):
    y = np.zeros((2, 3), np.int64)
    np.put(y, [7, -8, 1], x)
    return y


def _put_out_of_bounds(x):
    y = np.arange(6.0)
    np.put(y, [10], x[:1])
    return y


def _put_wrap(x):
    y = np.arange(6.0)
    np.put(y, [10, -1], x[:1], mode="wrap")
    return y


def _place(x):
    y = np.zeros(6)
    np.place(y, x > 0, x[:2] * 10)
    return y


def _place_nothing(x):
    y = np.zeros(6)
    np.place(y, x > 100, x[:0])
    return y


def _place_from_empty(x):
    y = np.zeros(6)
    np.place(y, x > 0, x[:0])
    return y


def _place_size_mismatch(x):
    y = np.zeros(6)
    np.place(y, x[:3] > 0, x)
    return y


def _putmask(x):
    y = np.zeros((2, 3))
    np.putmask(y, (x > 0).reshape(2, 3), x[:4] * 10)
    return y


def _putmask_argument(x):
    np.putmask(x, x > 0, 7)
    return x


def _putmask_size_mismatch(x):
    y = np.zeros(6)
    np.putmask(y, x[:2] > 0, x)
    return y


def _python_numbers_into_ints(x):
    a, b, c, d = (np.zeros(6, np.int32) for _ in range(4))
    np.putmask(a, x > 0, -2.5)
    np.place(b, x < 0, 7)
    np.put(c, [1, 2], 3.7)
    np.copyto(d, 9, where=x > 1)
    return a, b, c, d


def _array_float_into_ints_is_numpys_error(x):
    a = np.zeros(6, np.int32)
    np.putmask(a, x > 0, x)
    return a


def _list_of_tensors(x):
    a = np.zeros(6)
    np.place(a, x > 0, [x[0], x[1] * 2])
    return a


WRITES = {f.__name__: f for f in [
    _python_numbers_into_ints, _array_float_into_ints_is_numpys_error, _list_of_tensors,
    _copyto, _copyto_cast, _copyto_broadcast, _copyto_same_kind_error, _copyto_scalar, _put, _put_clip,
    _put_out_of_bounds, _put_wrap, _place, _place_nothing, _place_from_empty, _place_size_mismatch, _putmask,
    _putmask_argument, _putmask_size_mismatch]}


@pytest.mark.parametrize("name", sorted(WRITES))
def test_writes_in_place_match_numpy(name):
    check(WRITES[name], X)


def test_put_into_an_int_array_casts_as_numpy():
    check(_put_wrap_2d, XI.astype(np.float64) + 0.7)


@settings(max_examples=25, deadline=None)
@given(hnp.arrays(np.float64, st.integers(1, 8), elements=st.floats(-5, 5, width=32)), st.integers(1, 4),
       st.lists(st.integers(-8, 7), min_size=1, max_size=5))
def test_place_putmask_put_vary(x, nvals, positions):
    def f(x):
        a, b, c = np.zeros_like(x), np.zeros_like(x), np.zeros_like(x)
        np.place(a, x > 0, x[:nvals] + 100)
        np.putmask(b, x < 0, x[:nvals] * 2)
        np.put(c, positions, x[:nvals], mode="wrap")
        return a, b, c
    want = _eager(f, (x,))
    for executor in EXECUTORS:
        assert_same(_graph(f, (x,), executor), want)


def test_writes_into_a_numpy_array_are_refused():
    held = np.zeros(6)

    def f(x):
        np.copyto(held, x)
        return x
    with pytest.raises(NotStageable, match="not a graph tensor"):
        autograph.function(f)(X)


def test_put_with_traced_positions_is_refused():
    def f(x):
        y = np.zeros(6)
        np.put(y, x.astype(np.int64), 1.0)
        return y
    with pytest.raises(NotStageable, match="ind must be a Python constant"):
        autograph.function(f)(X)


# --- frexp and ldexp --------------------------------------------------------------------------------------------

SPECIAL = np.array([5e-324, -1e-310, 2.2250738585072014e-308, 1.7976931348623157e308, 0.0, -0.0, np.inf, -np.inf,
                    np.nan, 1.0, 0.5, 3.0, -7.25, 1e-300, 2.0 ** -1022 * 0.75, 2.0 ** 1023])
SCALED = RNG.normal(size=300) * 10.0 ** RNG.integers(-300, 300, 300)
SHIFTS = RNG.integers(-1200, 1200, SCALED.size)


def assert_bits(got, want) -> None:
    """Equal bit for bit: dtype, values, NaNs, signs of zeros."""
    got, want = (got, want) if isinstance(want, tuple) else ((got,), (want,))
    for g, w in zip(got, want):
        assert g.dtype == w.dtype, (g.dtype, w.dtype)
        np.testing.assert_array_equal(g, w)
        np.testing.assert_array_equal(np.signbit(g), np.signbit(w))


def _frexp(x):
    return np.frexp(x)


def _frexp32(x):
    return np.frexp(x.astype(np.float32))


def _frexp16(x):
    return np.frexp(x.astype(np.float16))


def _frexp_int(x):
    return np.frexp(np.arange(-4, 5))


def _ldexp(x, n):
    return np.ldexp(x, n)


def _ldexp32(x, n):
    return np.ldexp(x.astype(np.float32), n.astype(np.int32))


def _ldexp16(x, n):
    return np.ldexp(x.astype(np.float16), n // 40)


def _ldexp_python_int(x, n):
    return np.ldexp(x, 3), np.ldexp(n, 3)


FREXP_LDEXP = [_frexp, _frexp32, _frexp16, _frexp_int, _ldexp, _ldexp32, _ldexp16, _ldexp_python_int]


@pytest.mark.parametrize("fn", FREXP_LDEXP, ids=lambda f: f.__name__)
def test_frexp_ldexp_are_numpys_bit_for_bit_with_subnormals(fn):
    """On the NumPy interpreter: subnormal inputs and results too (ldexp rounds once, as C's)."""
    x = np.concatenate([SPECIAL, SCALED])
    n = np.concatenate([RNG.integers(-1100, 1100, SPECIAL.size), SHIFTS])
    args = (x,) if fn.__code__.co_argcount == 1 else (x, n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_bits(autograph.function(fn)(*args), fn(*args))


@pytest.mark.parametrize("fn", FREXP_LDEXP, ids=lambda f: f.__name__)
def test_frexp_ldexp_lowered_to_jax(fn):
    """Under XLA, which flushes subnormals to zero (docs/jax.md), on inputs and results that are normal."""
    rng = np.random.default_rng(1)
    x = rng.normal(size=200) * 10.0 ** rng.integers(-20, 20, 200)
    n = rng.integers(-30, 30, x.size)
    args = (x,) if fn.__code__.co_argcount == 1 else (x, n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert_bits(autograph.function(fn, executor="jax")(*args), fn(*args))


def test_ldexp_rounds_a_subnormal_result_once():
    check(lambda x: np.ldexp(x, -1074), np.array([1.5, 0.75, 2.5, 0.5, -1.5]))


def test_ldexp_of_a_float_exponent_is_numpys_type_error():
    check(lambda x: np.ldexp(x, x), X)


def _into_a_scalar(name):
    def f(x):
        s = x[0]
        if name == "copyto":
            np.copyto(s, 2.0)
        elif name == "put":
            np.put(s, [0], 2.0)
        elif name == "place":
            np.place(s, True, [2.0])
        else:
            np.putmask(s, True, 2.0)
        return s, x
    f.__name__ = f"_{name}_into_a_scalar"
    return f


def _into_a_read_only_view(name):
    def f(x):
        view = np.broadcast_to(x[:1], (3,))
        if name == "copyto":
            np.copyto(view, 2.0)
        elif name == "put":
            np.put(view, [0], 2.0)
        elif name == "place":
            np.place(view, [True, False, True], [2.0])
        else:
            np.putmask(view, [True, False, True], 2.0)
        return view
    f.__name__ = f"_{name}_into_a_read_only_view"
    return f


@pytest.mark.parametrize("name", ["copyto", "put", "place", "putmask"])
@pytest.mark.parametrize("make", [_into_a_scalar, _into_a_read_only_view])
def test_writes_into_scalars_and_read_only_views_are_numpys(make, name):
    check(make(name), X)
