"""A value computed in the graph used as an array size (issue 31, "tensors as shapes"): ``np.zeros((n, k))``,
``np.ones``, ``np.empty``, ``np.full`` with a 0-d integer tensor in the shape, ``np.arange`` with tensor bounds,
``np.repeat`` with tensor counts, ``reshape`` with a run-time size (and ``-1`` against a run-time dim), a run-time
``len()`` flowing into them (runtime/graph/tensor_sizes.py). The result's dim is ``?``. The NumPy executor runs
them and matches eager NumPy (values, dtypes, NumPy's own errors for negative or non-fitting sizes, when the graph
runs); ``executor="jax"`` runs them as NumPy stages at the top level and refuses them inside a staged ``if`` or
loop at the user's line. Eager NumPy is the oracle."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from runtime.graph import verify
from runtime.graph.shapes import Ref
from runtime.graph.tensor import bind1
from runtime.graph.tracing import TensorSpec, trace
from runtime.limits import DataDependentShape, Limitation, NotStageable
from tests.helpers import jax_usable, line_of, needs_jax, without_location

HERE = __file__
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EXECUTORS = ["numpy", "jax"] if jax_usable() else ["numpy"]


def outcome(fn, *args):
    """What ``fn(*args)`` gives: its results, or the class and message of what it raised."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            return fn(*[np.copy(a) for a in args])
        except Exception as error:  # noqa: BLE001  (NumPy's own: the graph must raise the same)
            return type(error), without_location(str(error))  # (Python 3.10 puts the staged line first)


def same(got, expected) -> None:
    """``got`` is eager's ``expected``: the same error, or the same structure, dtypes, shapes and values."""
    if isinstance(expected, tuple) and expected and isinstance(expected[0], type):
        assert isinstance(got, tuple) and got and isinstance(got[0], type), (got, expected)
        assert issubclass(got[0], expected[0]) and got[1] == expected[1], (got, expected)
        return
    if isinstance(expected, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(expected), (got, expected)
        for g, e in zip(got, expected):
            same(g, e)
        return
    e, g = np.asarray(expected), np.asarray(got)
    assert g.dtype == e.dtype and g.shape == e.shape, (g.dtype, g.shape, e.dtype, e.shape)
    np.testing.assert_array_equal(g, e)


def matches_eager(fn, executor, *args, input_signature=None) -> None:
    """The staged ``fn`` on ``executor`` gives eager's result or error; on XLA it may instead refuse clearly (a
    ``Limitation`` naming this file's line and the NumPy executor)."""
    staged = autograph.function(fn, executor=executor, input_signature=input_signature)
    got = outcome(staged, *args)
    if executor == "jax" and isinstance(got, tuple) and got and isinstance(got[0], type) \
            and issubclass(got[0], Limitation):
        # (DataDependentShape inside a staged block; a LoweringError for a static reshape that XLA's stage
        # after a NumPy one cannot do at this size)
        assert got[1].startswith(HERE) and "executor='numpy'" in got[1], got[1]
        return
    same(got, outcome(fn, *args))


# --- the differential family: sizes and values from hypothesis ------------------------------------------------

def to_categorical(x):  # tests/coverage/corpus_learning.py's
    n_col = np.amax(x) + 1
    one_hot = np.zeros((x.shape[0], n_col))
    one_hot[np.arange(x.shape[0]), x] = 1
    return one_hot


def constructors(x, k):
    n = np.amax(x) + k  # may be negative: NumPy's ValueError when the graph runs
    return (np.zeros(n), np.ones((2, n), dtype=np.int32), np.full((n, 1), 2.5), np.full(n, x[0]),
            np.zeros(np.sum(x) - np.sum(x) + n, np.uint8), np.ones(x[:2]))  # (x[:2]: a whole shape, 1-d)


def empty_written(x):
    a = np.empty((np.amax(x), 2))  # (NumPy leaves the contents undefined: compare after writing)
    a[...] = 3.0
    return a


def aranges(x, k):
    n = np.amax(x)
    return np.arange(n), np.arange(k, n), np.arange(n, k, -2), np.arange(0.5, n, 0.75), np.arange(n, dtype=np.float32)


def inverse_bincount(c):  # numpy100's ex74
    return np.repeat(np.arange(len(c)), c)


def repeats(x, c):
    return np.repeat(x, c), np.repeat(np.array([1.5, 2.5, 3.5]), c[:3]), x.repeat(c)


def run_time_len(x):
    kept = x[x > 0]
    n = len(kept)  # a run-time len(): a Python int known when the graph runs
    return np.arange(n), np.zeros((n, 2)), np.ones(n + 1, dtype=bool), kept.reshape(n, -1)


def pairs(x):
    kept = x[x > 0]
    return kept.reshape(-1, 2)  # -1 against a run-time dim: NumPy's error for an odd count


def reshaped_by_value(x, k):
    return x.reshape(np.amax(k), -1), x.reshape(-1, np.amax(k))


INTS = st.lists(st.integers(0, 5), min_size=1, max_size=6).map(lambda v: np.array(v, np.int64))
FLOATS = st.lists(st.integers(-3, 3), min_size=0, max_size=8).map(lambda v: np.array(v, np.float64))


@SETTINGS
@given(x=INTS, k=st.integers(-7, 2), executor=st.sampled_from(EXECUTORS))
def test_constructors_with_a_size_from_the_values_match_numpy(x, k, executor):
    matches_eager(constructors, executor, x, np.int64(k))
    matches_eager(to_categorical, executor, x)
    matches_eager(empty_written, executor, x)


@SETTINGS
@given(x=INTS, k=st.integers(-3, 3), executor=st.sampled_from(EXECUTORS))
def test_arange_with_bounds_from_the_values_matches_numpy(x, k, executor):
    matches_eager(aranges, executor, x, np.int64(k))


@SETTINGS
@given(c=st.lists(st.integers(-1, 4), min_size=3, max_size=6), executor=st.sampled_from(EXECUTORS))
def test_repeat_with_counts_from_the_values_matches_numpy(c, executor):
    c = np.array(c, np.int64)  # (a negative count: NumPy's ValueError when the graph runs)
    matches_eager(inverse_bincount, executor, c)
    matches_eager(repeats, executor, np.arange(len(c), dtype=np.float64), c)


@SETTINGS
@given(x=FLOATS, executor=st.sampled_from(EXECUTORS))
def test_a_run_time_len_and_dim_as_sizes_match_numpy(x, executor):
    matches_eager(run_time_len, executor, x)
    matches_eager(pairs, executor, x)


@SETTINGS
@given(n=st.integers(0, 12), k=st.integers(-1, 5), executor=st.sampled_from(EXECUTORS))
def test_reshape_to_a_size_from_the_values_matches_numpy(n, k, executor):
    matches_eager(reshaped_by_value, executor, np.arange(n, dtype=np.float64), np.array([k], np.int64))


@pytest.mark.parametrize("executor", EXECUTORS)
def test_the_coverage_cases_match_numpy(executor):
    matches_eager(to_categorical, executor, np.array([0, 2, 1, 3, 1]))
    matches_eager(inverse_bincount, executor, np.array([1, 1, 2, 3, 4, 4, 6]))
    for x in (np.array([1.0, -1.0, 2.0]), np.array([-1.0])):
        matches_eager(run_time_len, executor, x, input_signature=[TensorSpec([None])])


def test_the_dim_is_a_run_time_one_in_the_graph():
    x = np.zeros(5, np.int64)
    graph = autograph.function(to_categorical).get_concrete_function(x).graph
    verify(graph)
    assert re.search(r"f64\[5,\?\] = sized_full\[shape=\(5, \$0\) ", str(graph)), str(graph)
    graph = autograph.function(run_time_len).get_concrete_function(np.zeros(4)).graph
    verify(graph)
    assert re.search(r"i64\[\?\] = sized_arange\[dtype=i64 python=\(True, True, True\)\]", str(graph)), str(graph)
    assert re.search(r"f64\[\?,\?\] = sized_reshape\[shape=\(\$0, -1\)\]", str(graph)), str(graph)


def grow(x):
    a = np.zeros(1)
    for v in x:  # a staged loop: a's size changes each iteration, a run-time dim the loop carries
        a = np.ones(a.shape[0] + v)
    return a


def test_a_staged_loop_carries_a_size_from_the_values():
    f = autograph.function(grow)
    for x in (np.array([2, 1, 3]), np.array([0, 0, 0]), np.array([4, -2, 1])):
        same(f(x), grow(x))
    assert f.tracing_count == 1
    assert "f64[?] = sized_full" in str(f.get_concrete_function(np.array([2, 1, 3])).graph)


# --- XLA: a compiled program fixes every shape ------------------------------------------------------------------

def zeros_in_a_branch(x):
    if np.sum(x) > 0:
        y = np.zeros(np.amax(x)).sum()  # branch-zeros
    else:
        y = 0.0
    return y


@needs_jax
def test_executor_jax_refuses_a_size_from_the_values_inside_a_staged_if_at_the_line():
    x = np.array([2, 3])
    assert autograph.function(zeros_in_a_branch)(x) == zeros_in_a_branch(x)
    with pytest.raises(DataDependentShape) as info:
        autograph.function(zeros_in_a_branch, executor="jax")(x)
    message = str(info.value)
    assert message.startswith(f"{HERE}:{line_of(HERE, 'branch-zeros')}: np.zeros / np.ones / np.empty / np.full "
                              "with a size computed in the graph has a data-dependent shape"), message
    assert "executor='numpy'" in message and "executor='auto'" in message
    assert autograph.function(zeros_in_a_branch, executor="auto")(x) == zeros_in_a_branch(x)


@needs_jax
def test_executor_jax_refuses_arange_and_reshape_in_a_staged_loop_at_the_line():
    def arange_in_loop(x):
        s = 0
        for v in x:
            s = s + np.arange(v).sum()  # loop-arange
        return s

    def reshape_in_loop(x):
        s = 0.0
        for v in x:
            s = s + x.astype(float).reshape(v, -1).sum()  # loop-reshape
        return s

    for fn, marker, what in [(arange_in_loop, "loop-arange", "np.arange with a bound computed in the graph"),
                             (reshape_in_loop, "loop-reshape", "reshape to a size computed in the graph")]:
        x = np.array([1, 1])
        same(autograph.function(fn)(x), fn(x))
        with pytest.raises(DataDependentShape) as info:
            autograph.function(fn, executor="jax")(x)
        assert str(info.value).startswith(f"{HERE}:{line_of(HERE, marker)}: {what}"), str(info.value)


# --- the errors: NumPy's own, or a clear refusal at the line -----------------------------------------------------

def test_negative_and_non_fitting_sizes_raise_numpys_errors_when_the_graph_runs():
    cases = [(lambda x: np.zeros((2, np.amax(x))), ValueError, "negative dimensions are not allowed"),
             (lambda x: np.arange(0, 3, np.amax(x) + 2), ValueError, "Maximum allowed size exceeded"),
             (lambda x: np.arange(0, 3, len(x[x > 0])), ZeroDivisionError, "division by zero"),
             (lambda x: np.repeat(np.arange(3), x), ValueError, "repeats may not contain negative values."),
             (lambda x: np.repeat(x, 2).reshape(np.amax(x) + 6, -1), ValueError,
              "cannot reshape array of size 6 into shape (4,newaxis)")]
    x = np.array([-2, -3, -4])
    for fn, error, message in cases:
        assert outcome(fn, x) == (error, message)
        assert outcome(autograph.function(fn), x) == (error, message)


def float_size(x):
    return np.zeros((3, np.amax(x))), np.zeros(np.amax(x))


def test_a_float_size_is_numpys_type_error_while_tracing():
    with pytest.raises(TypeError, match="'numpy.float64' object cannot be interpreted as an integer"):
        float_size(np.array([2.0]))
    # (NumPy's message for a bare float size names the value, known only when the graph runs: the graph gives
    # the message of the same size in a 1-tuple, np.zeros((n,)), which is the same call for an int n)
    with pytest.raises(TypeError, match="'numpy.float64' object cannot be interpreted as an integer"):
        autograph.function(lambda x: float_size(x)[1])(np.array([2.0]))
    with pytest.raises(TypeError, match="'numpy.float64' object cannot be interpreted as an integer"):
        autograph.function(float_size)(np.array([2.0]))
    for fn, x in [(lambda x: x.reshape(np.amax(x), -1), np.array([2.0])),
                  (lambda x: x.reshape(-1, x[:1]), np.array([2, 2])),
                  (lambda x: x.reshape(-1, x[0] > 0), np.array([2, 2]))]:
        error = outcome(fn, x)
        assert error[0] is TypeError
        got = outcome(autograph.function(fn), x)
        assert got[0] is TypeError and got[1].startswith(error[1]), (got, error)


def array_fill(x):
    return np.full((np.amax(x), 2), [1.0, 2.0])  # array-fill


def like_argument(x):
    return np.zeros(np.amax(x), like=np.zeros(1))  # like


def arange_like(x):
    return np.arange(np.amax(x), like=np.zeros(1))  # arange-like


def shape_of_unknown_length(x):
    return np.zeros(x[x > 0])  # unknown-rank


@pytest.mark.parametrize("fn, marker, head", [
    (array_fill, "array-fill", "np.full with a run-time size and an array fill value is not supported in graphs"),
    (like_argument, "like", "np.zeros(..., like=) is not supported in graphs"),
    (arange_like, "arange-like", "np.arange(..., like=) is not supported in graphs"),
    (shape_of_unknown_length, "unknown-rank", "an array shape given as a traced array of unknown length")])
def test_what_cannot_be_exact_is_refused_at_the_line(fn, marker, head):
    with pytest.raises(NotStageable) as info:
        autograph.function(fn)(np.array([2, 1]))
    assert str(info.value).startswith(f"{HERE}:{line_of(HERE, marker)}: {head}"), str(info.value)


def test_the_ops_check_their_size_inputs():
    f64 = np.dtype(np.float64)
    with pytest.raises(TypeError, match=re.escape("an array size must be a 0-d integer value, not f64[]")):
        trace(lambda x: bind1("sized_full", [x], shape=(2, Ref(0)), fill_value=np.float64(0.0), dtype=f64),
              [np.float64(1.0)])
    with pytest.raises(ValueError, match="names an input the node does not have"):
        trace(lambda x: bind1("sized_full", [x], shape=(2, Ref(3)), fill_value=np.float64(0.0), dtype=f64),
              [np.int64(1)])
    with pytest.raises(TypeError, match=re.escape("np.arange's bounds must be 0-d values, not i64[2]")):
        trace(lambda x: bind1("sized_arange", [x, x, x], dtype=np.dtype(np.int64)), [np.zeros(2, np.int64)])
    with pytest.raises(ValueError, match="can only specify one unknown dimension"):
        trace(lambda x: bind1("sized_reshape", [x, x[0]], shape=(-1, -1, Ref(0))), [np.zeros(2, np.int64)])


def written_through_a_sized_view(x, k):
    y = x.reshape(np.amax(k), -1)  # a view of x, as NumPy's: writes through it reach x
    y[:, 0] = -1.0
    y[0] += 10.0
    return x, y


@SETTINGS
@given(rows=st.integers(1, 4), cols=st.integers(1, 3))
def test_writes_through_a_reshape_to_a_run_time_size_reach_the_array(rows, cols):
    x, k = np.arange(rows * cols, dtype=np.float64), np.array([rows, 1])
    same(autograph.function(written_through_a_sized_view)(x.copy(), k), written_through_a_sized_view(x.copy(), k))
