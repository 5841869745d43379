"""Arrays built from pieces in graphs (runtime/graph/numpy_pieces.py): ``np.append``, ``np.insert``,
``np.delete``, ``np.diagflat``, ``np.choose`` traced by ``autograph.function`` equal NumPy eager (values, dtypes,
shapes) on both executors; hypothesis varies the positions NumPy's insert places values at; NumPy's errors are raised
(while tracing, or, for a bad ``choose`` index, when the graph runs) and ours say what to do."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import autograph
from tests import helpers

RNG = np.random.default_rng(6)
M = RNG.normal(size=(3, 4))
V = RNG.normal(size=5)
IDX = RNG.integers(0, 3, size=(3, 4))
MASK_2D = np.ones((1, 5), bool)


check = helpers.staged_bit_for_bit


CASES = {
    "append_number": (lambda x: np.append(x, 1), [V]),
    "append_flattens": (lambda x: np.append(x, x[:2]), [M]),
    "append_axis": (lambda x: np.append(x, x, axis=0), [M]),
    "append_int_to_float32": (lambda x: np.append(x.astype(np.float32), np.arange(2)), [V]),
    "append_list": (lambda x: np.append([1.0, 2.0], x), [V]),
    "insert_scalar": (lambda x: np.insert(x, 1, 9.5), [V]),
    "insert_at_end": (lambda x: np.insert(x, 5, 9.5), [V]),
    "insert_negative": (lambda x: np.insert(x, -2, [7.0, 8.0]), [V]),
    "insert_many_repeated": (lambda x: np.insert(x, [1, 1, -1, 5], [7, 8, 9, 10]), [V]),
    "insert_unsorted": (lambda x: np.insert(x, [4, 0, 2], x[:3]), [V]),
    "insert_row": (lambda x: np.insert(x, 2, x[0], axis=0), [M]),
    "insert_row_list_index": (lambda x: np.insert(x, [2], x[0:1], axis=0), [M]),
    "insert_column_broadcast": (lambda x: np.insert(x, 1, [[1], [2], [3]], axis=1), [M]),
    "insert_slice": (lambda x: np.insert(x, slice(0, 3), 0), [V]),
    "insert_flattens": (lambda x: np.insert(x, 3, 1.0), [M]),
    "insert_casts_unsafely": (lambda x: np.insert(x.astype(np.int32), 0, 2.7), [V]),
    "insert_empty": (lambda x: np.insert(x, [], []), [V]),
    "insert_mask": (lambda x: np.insert(x, np.array([True, False, False, True, False]), 0.5), [V]),
    "insert_tensor_value": (lambda x, v: np.insert(x, [0, 3], v), [V, np.float32(4.5)]),
    "delete": (lambda x: np.delete(x, 2), [V]),
    "delete_negative": (lambda x: np.delete(x, -1), [V]),
    "delete_many_repeated": (lambda x: np.delete(x, [0, 3, 3, -1]), [V]),
    "delete_slice": (lambda x: np.delete(x, slice(1, None, 2)), [V]),
    "delete_mask": (lambda x: np.delete(x, np.array([True, False, False, True, False])), [V]),
    "delete_row": (lambda x: np.delete(x, 1, axis=0), [M]),
    "delete_columns": (lambda x: np.delete(x, [0, 2], axis=-1), [M]),
    "delete_flattens": (lambda x: np.delete(x, [0, 11]), [M]),
    "delete_nothing": (lambda x: np.delete(x, []), [M]),
    "delete_from_list": (lambda x: np.delete([x[0], x[1], x[2]], 1), [V]),
    "delete_in_a_loop": (lambda x: np.stack([np.delete(x, i).mean() for i in range(5)]), [V]),
    "diagflat": (lambda x: np.diagflat(x), [V]),
    "diagflat_2d_below": (lambda x: np.diagflat(x[:2, :2], -1), [M]),
    "diagflat_above": (lambda x: np.diagflat(x, 2), [V[:3]]),
    "choose": (lambda i, x: np.choose(i, [x, -x, 2 * x]), [IDX, M]),
    "choose_wrap": (lambda i, x: np.choose(i + 5, [x, -x, 2 * x], mode="wrap"), [IDX, M]),
    "choose_clip_broadcast": (lambda i, x: np.choose(i - 1, [x[0], 3.0, x], mode="clip"), [IDX, M]),
    "choose_stacked": (lambda i, x: np.choose(i, np.stack([x, x * 2, x * 3])), [IDX, M]),
    "choose_uint8": (lambda i, x: np.choose(i.astype(np.uint8), [x, x.astype(np.float32)]), [IDX % 2, M]),
    "choose_one_choice_broadcasts": (lambda i, x: np.choose(i * 0, [x[0]]), [IDX, M]),
    "choose_int_choices": (lambda i: np.choose(i, [np.arange(4), np.arange(4) * 10, -np.arange(4)]), [IDX]),
}


@pytest.mark.parametrize("name", CASES)
def test_function_matches_numpy_on_both_executors(name):
    fn, args = CASES[name]
    check(fn, *args)


@settings(max_examples=30, deadline=None)
@given(obj=st.integers(-5, 5) | st.lists(st.integers(-5, 5), max_size=4), axis=st.sampled_from([None, 0, 1]))
@example(obj=[4, -5], axis=0)  # NumPy's shape mismatch, whose message names the array's shape (4, 5)
def test_insert_places_values_where_numpy_does(obj, axis):
    x = np.arange(20.0).reshape(4, 5)
    values = -1.0 - np.arange(4.0)[:len(obj)] if isinstance(obj, list) and axis is None else -1.0
    try:
        np.insert(x, obj, values, axis=axis)
    except (IndexError, ValueError) as error:  # out of bounds (or NumPy's own shape mismatch): the same error
        with pytest.raises(type(error), match=re.escape(str(error))):
            autograph.function(lambda x: np.insert(x, obj, values, axis=axis))(x)
        return
    check(lambda x: np.insert(x, obj, values, axis=axis), x)


@settings(max_examples=20, deadline=None)
@given(obj=st.integers(-6, 6) | st.lists(st.integers(-6, 6), max_size=4) | st.builds(
           slice, st.integers(-6, 6) | st.none(), st.integers(-6, 6) | st.none(), st.sampled_from([None, 1, -1])),
       axis=st.sampled_from([None, 0, 1]))
def test_delete_removes_what_numpy_removes(obj, axis):
    x = np.arange(20.0).reshape(4, 5)
    try:
        np.delete(x, obj, axis=axis)
    except IndexError as error:  # out of bounds: the same error, while tracing
        with pytest.raises(IndexError, match=re.escape(str(error))):
            autograph.function(lambda x: np.delete(x, obj, axis=axis))(x)
        return
    check(lambda x: np.delete(x, obj, axis=axis), x)


# --- errors -----------------------------------------------------------------------------------------------

def test_a_bad_choose_index_is_numpys_error_when_the_graph_runs():
    fn = autograph.function(lambda i, x: np.choose(i, [x, -x]))
    with pytest.raises(ValueError, match="invalid entry in choice array"):
        fn(IDX, M)  # IDX holds a 2
    assert fn(IDX % 2, M).shape == M.shape


def test_insert_errors_are_numpys_or_say_what_to_do():
    with pytest.raises(IndexError, match="index 9 is out of bounds for axis 0 with size 5"):
        autograph.function(lambda x: np.insert(x, 9, 1.0))(V)
    with pytest.raises(IndexError, match="index 10 is out of bounds for axis 0 with size 7"):
        autograph.function(lambda x: np.insert(x, [1, 9], 1.0))(V)
    with pytest.raises(ValueError, match="index array argument obj to insert must be one dimensional or scalar"):
        autograph.function(lambda x: np.insert(x, [[1]], 1.0))(V)
    with pytest.raises(TypeError, match=r"test_numpy_pieces.py:\d+: np.insert: argument obj must be a Python "
                                        "constant"):
        autograph.function(lambda x, i: np.insert(x, i, 1.0))(V, np.int64(1))
    with pytest.raises(ValueError, match="boolean array argument obj to insert must be one dimensional"):
        autograph.function(lambda x: np.insert(x, MASK_2D, 1.0))(V)


def test_delete_errors_are_numpys_or_say_what_to_do():
    with pytest.raises(IndexError, match="index 7 is out of bounds for axis 0 with size 5"):
        autograph.function(lambda x: np.delete(x, 7))(V)
    with pytest.raises(np.exceptions.AxisError):
        autograph.function(lambda x: np.delete(x, 0, axis=2))(M)
    with pytest.raises(TypeError, match=r"test_numpy_pieces.py:\d+: np.delete: argument obj must be a Python "
                                        "constant"):
        autograph.function(lambda x, i: np.delete(x, i))(V, np.int64(1))


def test_choose_errors_are_numpys():
    with pytest.raises(ValueError, match="clipmode must be one of 'clip', 'raise', or 'wrap'"):
        autograph.function(lambda i, x: np.choose(i, [x], mode="bad"))(IDX, M)
    with pytest.raises(TypeError):  # NumPy cannot take a float index
        autograph.function(lambda i, x: np.choose(i * 1.0, [x]))(IDX, M)
    with pytest.raises(TypeError, match=r"np.choose: argument\(s\) out are not supported in graphs"):
        autograph.function(lambda i, x: np.choose(i, [x], out=x))(IDX, M)
