"""``x.flat`` in graphs as NumPy has it (runtime/graph/numpy_array.py ``FlatIter``): a write repeats or cuts its
values to the count of positions (``a.flat[:10:3] = [1, 2]`` writes 1, 2, 1, 2), writes nothing for no values,
and takes only a scalar at an integer index; ``x.flat`` given to NumPy is a flattened copy; ``np.fill_diagonal``
writes through it as NumPy's own code does; ``np.asarray(x.flat)`` (no dispatch) is refused by name.
Differential: NumPy eager is the oracle, on both executors, with hypothesis drawing shapes, indices and value
counts (PyKrige's ``np.fill_diagonal`` of a kriging matrix, tests/coverage, was refused before)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.staging import NotStageable
from tests.helpers import jax_usable

EXECUTORS = ("numpy", "jax") if jax_usable() else ("numpy",)  # (no JAX on Python 3.10)
ZEROS = np.zeros((3, 3))


def outcome(fn, *args, executor=None):
    """What ``fn`` gives (eager when ``executor`` is None, else its graph on that executor): the value or the
    exception's type and words."""
    try:
        result = fn(*args) if executor is None else autograph.function(fn, executor=executor)(*args)
    except (ValueError, IndexError, TypeError) as error:
        return type(error), str(error)
    return np.asarray(result)


def assert_same_outcome(fn, *args):
    want = outcome(fn, *[np.copy(a) for a in args])
    for executor in EXECUTORS:
        got = outcome(fn, *[np.copy(a) for a in args], executor=executor)
        if isinstance(want, tuple):
            assert got == want, (executor, got, want)
        else:
            assert isinstance(got, np.ndarray), (executor, got)
            assert got.dtype == want.dtype and got.shape == want.shape, (executor, got, want)
            np.testing.assert_array_equal(got, want)


def assign_flat(x, v):
    alias = x
    x.flat = v  # NumPy's x.flat = v: every element, the values repeated (it raised the Tensor class's AttributeError)
    return alias


@pytest.mark.parametrize("x, v", [(np.ones(3), 3.0), (np.ones((2, 3)), np.array([1.0, 2.0])),
                                  (np.arange(6).reshape(2, 3), np.array([7.5])), (np.ones(4), np.arange(6.0))])
def test_assigning_x_flat_writes_every_element_as_numpy_does(x, v):
    assert_same_outcome(assign_flat, x, v)


# --- writes: hypothesis over shapes, index kinds and value counts ----------------------------------------------

INDEX_KINDS = ("int", "slice", "list", "mask")


@st.composite
def flat_writes(draw):
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=1, max_size=3)))
    size = int(np.prod(shape))
    kind = draw(st.sampled_from(INDEX_KINDS))
    if kind == "int":
        index = draw(st.integers(-size, size - 1))
    elif kind == "slice":
        index = slice(draw(st.none() | st.integers(-size, size)), draw(st.none() | st.integers(-size, size)),
                      draw(st.sampled_from([None, 1, 2, 3, -1, -2])))
    elif kind == "list":
        index = draw(st.lists(st.integers(-size, size - 1), min_size=1, max_size=5))
    else:
        index = np.array(draw(st.lists(st.booleans(), min_size=size, max_size=size)))
    count = draw(st.sampled_from([0, 1, 2, 3, 7]))
    value_shape = draw(st.sampled_from([(), (count,), (1, count)])) if count == 1 else (count,)
    return shape, index, value_shape


@settings(max_examples=60, deadline=None)
@given(flat_writes(), st.sampled_from([np.float64, np.int64]))
def test_flat_write_matches_numpy(write, dtype):
    shape, index, value_shape = write
    values = np.arange(1, 1 + int(np.prod(value_shape)), dtype=np.float64).reshape(value_shape) * 1.5

    def fn(x, v):
        y = x.astype(dtype)
        y.flat[index] = v
        return y

    assert_same_outcome(fn, np.zeros(shape), values)


@pytest.mark.parametrize("value", [[1.0, 2.0], [5.0, 6.0, 7.0, 8.0, 9.0], [], 4.0], ids=repr)
def test_flat_write_repeats_or_cuts_a_traced_value(value):
    def fn(x, v):
        y = x * 1.0
        y.flat[1:9:3] = v * 2.0
        return y

    assert_same_outcome(fn, np.zeros((3, 4)), np.array(value))


def test_flat_write_of_a_run_time_count_is_refused_by_name():
    def fn(x, v):
        y = x * 1.0
        y.flat[x > 0] = v
        return y

    with pytest.raises(NotStageable, match=r"x\.flat\[index\] = values with a count of positions or of values "
                                           r"known only at run time"):
        autograph.function(fn)(np.array([1.0, -1.0, 2.0]), np.array([5.0, 6.0]))
    # One value: NumPy writes it at every position, whatever their count.
    assert_same_outcome(lambda x, v: _write_masked(x, v), np.array([1.0, -1.0, 2.0]), np.array([5.0]))


def _write_masked(x, v):
    y = x * 1.0
    y.flat[x > 0] = v
    return y


# --- x.flat read as an array ----------------------------------------------------------------------------------

def _ufunc_of_flat(e):
    return np.cos(e.T.flat), np.add(e.flat, 1.0)


def _function_of_flat(e):
    return np.sum(e.flat), np.concatenate([e.flat, e[0].flat])


@pytest.mark.parametrize("fn", [_ufunc_of_flat, _function_of_flat], ids=lambda f: f.__name__)
def test_flat_given_to_numpy_is_a_flattened_copy(fn):
    e = np.arange(12.0).reshape(4, 3) - 5.0
    want = fn(e)
    for executor in EXECUTORS:
        got = autograph.function(fn, executor=executor)(e)
        for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
            assert np.asarray(g).shape == np.asarray(w).shape
            np.testing.assert_array_equal(g, w)


def test_asarray_of_flat_is_refused_by_name():
    # np.asarray takes no dispatch: it asks for NumPy's own array (pytransform3d's
    # active_matrices_from_intrinsic_euler_angles, `np.asarray(e[..., 0].flat)`).
    def fn(e):
        return np.asarray(e[..., 0].flat)

    with pytest.raises(NotStageable, match=r"np\.asarray\(x\.flat\) .* of a graph tensor \(f64\[4\]\) needs its "
                                           r"values.*Write x\.ravel\(\)"):
        autograph.function(fn)(np.ones((4, 3)))


def test_flat_copy_does_not_see_later_writes():
    def fn(x):
        y = x * 1.0
        flat = np.concatenate([y.flat])
        y[0, 0] = 100.0
        return flat, y

    e = np.ones((2, 2))
    want = fn(e)
    for executor in EXECUTORS:
        got = autograph.function(fn, executor=executor)(e)
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)


# --- np.fill_diagonal ----------------------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(3, 3), (2, 5), (5, 2), (7, 3), (2, 2, 2), (3, 3, 3), (1, 4)]), st.booleans(),
       st.sampled_from([(), (1,), (2,), (4,), (2, 3)]))
def test_fill_diagonal_matches_numpy(shape, wrap, value_shape):
    values = -np.arange(1, 1 + int(np.prod(value_shape)), dtype=np.float64).reshape(value_shape)

    def fn(x, v):
        y = x + 0.5
        np.fill_diagonal(y, v, wrap=wrap)
        return y

    assert_same_outcome(fn, np.zeros(shape), values)


def test_fill_diagonal_refuses_as_numpy_does():
    def one_d(x):
        y = x * 1.0
        np.fill_diagonal(y, 1.0)
        return y

    def unequal(x):
        y = x * 1.0
        np.fill_diagonal(y, 1.0)
        return y

    assert_same_outcome(one_d, np.zeros(4))
    assert_same_outcome(unequal, np.zeros((2, 3, 2)))


def test_fill_diagonal_of_a_numpy_array_with_a_traced_value_is_refused_by_name():
    def fn(v):
        a = ZEROS.copy()  # NumPy's own array: nothing traced made it
        np.fill_diagonal(a, v)
        return a

    # (The write is NumPy's, in fill_diagonal: the message names it there.)
    with pytest.raises(NotStageable, match=r"`fill_diagonal` \(.*_index_tricks_impl.py:\d+: `a.flat\[:end:step\] "
                                           r"= val`\), called here, writes a graph tensor \(f64\[\]\) into a NumPy "
                                           r"array"):
        autograph.function(fn)(np.float64(2.0))
