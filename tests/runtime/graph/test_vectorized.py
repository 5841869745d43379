"""``np.vectorize`` and ``np.apply_along_axis`` on graph tensors (runtime/vectorized.py, runtime/graph/vectorized.py,
runtime/graph/numpy_derived.py): the user's function, converted, called per element or per slice while tracing.
The oracle is NumPy eager on the same arguments: values, dtypes and shapes exactly, on both executors; hypothesis
varies the arrays, their dtypes and broadcasting, and the functions (a staged ``if`` on the element, Python
arithmetic on it, several results)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import autograph
from autograph import testing
from runtime.graph import numpy_derived
from runtime.graph import vectorized as graph_vectorized
from runtime.limits import NotStageable, UnknownDimension
from tests.helpers import jax_usable

EXECUTORS = ("numpy", "jax")


def same(got, want) -> None:
    for g, w in zip(*(x if isinstance(x, tuple) else (x,) for x in (got, want)), strict=True):
        g, w = np.asarray(g), np.asarray(w)
        assert (g.dtype, g.shape) == (w.dtype, w.shape)
        np.testing.assert_array_equal(g, w)


def agree(fn, *args) -> None:
    want = fn(*args)
    for executor in EXECUTORS:
        same(autograph.function(fn, executor=executor)(*args), want)


# --- element functions: control flow on the element, Python arithmetic, several results ---------------------------

def _clip_or_negate(v):
    if v > 1:
        return v * 2
    return -v


def _count_down(v):
    steps = 0
    value = v + 0  # (an int for a bool, as Python makes it: a staged loop keeps its dtype)
    while value > 1 and steps < 4:
        value = value // 2
        steps += 1
    return steps


def _both(a, b):
    return a + b, a * b > 0


def _weighted(v, w=2):
    return v * w if v >= 0 else w


ELEMENT_FUNCTIONS = {
    "clip_or_negate": (np.vectorize(_clip_or_negate), 1),
    "count_down": (np.vectorize(_count_down), 1),
    "both": (np.vectorize(_both), 2),
    "weighted_otypes_int": (np.vectorize(_weighted, otypes=[np.int64]), 1),
    "weighted_cached": (np.vectorize(_weighted, cache=True), 1),
    "float_of_int": (np.vectorize(lambda v: v / 3, otypes=[float]), 1),
}

DTYPES = st.sampled_from([np.float64, np.float32, np.int64, np.int32, np.bool_])


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(sorted(ELEMENT_FUNCTIONS)), dtype=DTYPES,
       shapes=hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=2, max_side=3), data=st.data())
def test_vectorize_is_numpys_on_both_executors(name, dtype, shapes, data):
    vectorized, arity = ELEMENT_FUNCTIONS[name]
    elements = st.integers(-6, 6) if dtype is not np.bool_ else st.booleans()
    arrays = [data.draw(hnp.arrays(dtype, shape, elements=elements)) for shape in shapes.input_shapes[:arity]]
    if any(a.size == 0 for a in arrays) and not vectorized.otypes:
        return  # (NumPy's ValueError: tested below)
    fn = lambda *xs: vectorized(*xs)  # noqa: E731
    if name == "weighted_cached" and dtype not in (np.int64, np.bool_):
        # (the element's dtype from one branch, the Python int `w` (int64) from the other: the dtype NumPy takes from
        # the first element's result depends on its value, which the graph does not know: refused, naming otypes)
        for executor in EXECUTORS:
            with pytest.raises(NotStageable, match="np.vectorize without otypes .* Pass otypes"):
                autograph.function(fn, executor=executor)(*arrays)
        return
    try:
        want = fn(*arrays)
    except TypeError as error:  # (NumPy's own: `-v` of a NumPy bool in the call that finds the dtypes)
        for executor in EXECUTORS:
            with pytest.raises(TypeError, match=str(error)[:40]):
                autograph.function(fn, executor=executor)(*arrays)
        return
    for executor in EXECUTORS:
        same(autograph.function(fn, executor=executor)(*arrays), want)


def test_vectorize_with_excluded_and_keyword_arguments_is_numpys():
    def line_length(k, signal):
        return np.sum(np.abs(np.diff(signal[::k]))) / k
    per_scale = np.vectorize(line_length, excluded=[1])
    agree(lambda s: per_scale(np.array([1, 2, 3]), s), np.sin(np.arange(20.0)))
    keyed = np.vectorize(_weighted, excluded={"w"}, otypes=[float])
    agree(lambda x: keyed(x - 2, w=3), np.arange(5.0))


def test_vectorize_made_inside_the_function_and_as_a_decorator():
    @np.vectorize
    def step(v):
        return 1 if v > 0 else 0
    agree(lambda x: np.vectorize(lambda v: v ** 2 if v < 2 else 1 / v)(x) + step(x - 1), np.arange(4.0))


def test_vectorize_of_a_zero_d_argument_is_a_zero_d_array():
    def fn(x):
        r = np.vectorize(_clip_or_negate)(x[1])
        return r, isinstance(r, np.ndarray)
    agree(fn, np.arange(3.0))


def test_vectorize_on_plain_values_inside_a_trace_is_numpys_own_call():
    vectorized = np.vectorize(_clip_or_negate)
    converted = autograph.convert(lambda x: vectorized(x))
    with testing.converted_form():
        same(converted(np.arange(4.0)), vectorized(np.arange(4.0)))


def _one_element_results(x):
    return np.vectorize(lambda v: np.array([v * 2]), otypes=[float])(x)


def test_a_one_element_array_result_is_what_the_installed_numpy_makes_of_it():
    # NumPy 2.2 takes it as its element (deprecated), later releases raise: the graph asks the installed one.
    x = np.arange(3.0)
    try:
        expected = _one_element_results(x)
    except ValueError as error:
        with pytest.raises(ValueError, match=str(error)):
            autograph.function(_one_element_results)(x)
    else:
        np.testing.assert_array_equal(autograph.function(_one_element_results)(x), expected)


def test_vectorize_errors_are_numpys_or_name_the_line():
    with pytest.raises(ValueError, match="cannot call `vectorize` on size 0 inputs unless `otypes` is set"):
        autograph.function(lambda x: np.vectorize(_clip_or_negate)(x[:0]))(np.arange(3.0))
    agree(lambda x: np.vectorize(_clip_or_negate, otypes=[float])(x[:0]), np.arange(3.0))
    with pytest.raises(ValueError, match="setting an array element with a sequence"):
        autograph.function(lambda x: np.vectorize(lambda v: np.array([v, v]), otypes=[float])(x))(np.arange(3.0))
    with pytest.raises(NotStageable, match=r"test_vectorized.py:\d+: np.vectorize with signature='\(n\)->\(\)' is not "
                                           "supported in graphs"):
        autograph.function(lambda x: np.vectorize(np.sum, signature="(n)->()")(x))(np.ones((2, 3)))
    with pytest.raises(NotStageable, match=r"test_vectorized.py:\d+: np.vectorize of a uint64 array"):
        autograph.function(lambda x: np.vectorize(_clip_or_negate)(x.astype(np.uint64)))(np.arange(3.0))
    limit = graph_vectorized.VECTORIZE_LIMIT
    with pytest.raises(NotStageable, match=rf"np.vectorize over {limit + 1} elements is not supported in graphs"):
        autograph.function(lambda x: np.vectorize(_clip_or_negate)(x))(np.ones(limit + 1))


def test_vectorize_elements_are_python_numbers_whose_errors_are_pythons():
    fn = lambda x: np.vectorize(lambda v: 1 / v)(x)  # noqa: E731
    with pytest.raises(ZeroDivisionError):
        fn(np.arange(3.0))
    for executor in EXECUTORS:
        with pytest.raises(ZeroDivisionError, match="float division by zero"):
            autograph.function(fn, executor=executor)(np.arange(3.0))
        same(autograph.function(fn, executor=executor)(np.arange(1.0, 4.0)), fn(np.arange(1.0, 4.0)))


def test_a_result_dtype_that_depends_on_the_first_value_is_refused_naming_what_to_do():
    # Eager NumPy takes the dtype from the first element's (slice's) result: int 0 here, so every result is truncated.
    # The graph does not know the first value while tracing: refused, where a join would silently give float64.
    x = np.array([-1.0, 0.5, 2.5])
    zero_or_half = lambda v: 0 if v < 0 else v / 2  # noqa: E731
    np.testing.assert_array_equal(np.vectorize(zero_or_half)(x), [0, 0, 1])
    with pytest.raises(NotStageable, match=r"test_vectorized.py:\d+: np.vectorize without otypes takes its results' "
                                           r"dtypes from .* Pass otypes=\[...\]"):
        autograph.function(lambda v: np.vectorize(zero_or_half)(v))(x)
    agree(lambda v: np.vectorize(zero_or_half, otypes=[float])(v), x)

    def mean_or_zero(row):
        if row.sum() > 0:
            return row.mean()
        return 0
    with pytest.raises(NotStageable, match=r"test_vectorized.py:\d+: np.apply_along_axis takes the result's dtype .* "
                                           r"\(0.0 rather than 0"):
        autograph.function(lambda a: np.apply_along_axis(mean_or_zero, 1, a))(np.arange(6.0).reshape(3, 2) - 2)


# --- apply_along_axis --------------------------------------------------------------------------------------------

def _mean_or_peak(row):
    if row.sum() > 0:
        return row.mean()
    return -row.max() * 1.0  # (a float for int rows too: a staged `if` gives one dtype)


def _ends(row, scale=1.0):
    return np.array([row[0] * scale, row[-1]])


def _positives(row):
    return (row > 0).sum()


SLICE_FUNCTIONS = {"mean_or_peak": _mean_or_peak, "ends": _ends, "positives": _positives, "sum": np.sum,
                   "sorted": np.sort}


@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(sorted(SLICE_FUNCTIONS)), data=st.data(),
       shape=st.lists(st.integers(1, 3), min_size=1, max_size=3), dtype=st.sampled_from([np.float64, np.int64]))
def test_apply_along_axis_is_numpys_on_both_executors(name, data, shape, dtype):
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    x = data.draw(hnp.arrays(dtype, tuple(shape), elements=st.integers(-5, 5)))
    func1d = SLICE_FUNCTIONS[name]
    agree(lambda a: np.apply_along_axis(func1d, axis, a), x)


def test_apply_along_axis_passes_extra_arguments_and_names_its_limits():
    agree(lambda a: np.apply_along_axis(_ends, 0, a, 3.0), np.arange(12.0).reshape(3, 4))
    agree(lambda a: np.apply_along_axis(_ends, 1, a, scale=-1.0), np.arange(12.0).reshape(3, 4))
    with pytest.raises(ValueError, match="Cannot apply_along_axis when any iteration dimensions are 0"):
        autograph.function(lambda a: np.apply_along_axis(np.sum, 1, a[:0]))(np.ones((2, 3)))
    limit = numpy_derived.APPLY_ALONG_AXIS_LIMIT
    with pytest.raises(NotStageable, match=rf"test_vectorized.py:\d+: np.apply_along_axis over {limit + 1} slices"):
        autograph.function(lambda a: np.apply_along_axis(np.sum, 1, a))(np.ones((limit + 1, 2)))


def centered(x):
    return np.arange(x[0] - 3, x[0] + 3)  # (yasa's get_centered_indices: a length the values decide)


def test_apply_along_axis_of_a_result_whose_length_the_values_decide_is_refused_by_name():
    # (It raised an internal TypeError, int(None), found by helper-122's yasa corpus, stop 79.)
    for executor in ("numpy", "jax") if jax_usable() else ("numpy",):
        with pytest.raises(UnknownDimension, match=r"test_vectorized.py:\d+: np.apply_along_axis needs the shape of "
                                                   r"the function's result while tracing.*i64\[\?\]"):
            autograph.function(lambda idx: np.apply_along_axis(centered, 1, idx), executor=executor)(
                np.array([[1], [10], [20]]))
