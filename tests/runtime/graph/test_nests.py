"""Python lists and tuples holding graph tensors, given to NumPy (issue 31), against eager NumPy on both executors.

A NumPy function given such a list converts it with ``np.array``'s rules (runtime/graph/nests.py): the list's
shape, and the dtype NumPy gives the whole, Python numbers included; a deque too, and a sequence made by a call
(``list(map(...))``, ``tuple(...)``, ``sorted(...)``, ``deque(...)``). A list of traced indices indexes as the
integer array NumPy would make of it (``a[[i, p]] = a[[p, i]]``).
"""

from __future__ import annotations

import collections
from collections import deque

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import Limitation, NotStageable
from tests import helpers

HERE = __file__
EXECUTORS = helpers.executors()
same = helpers.same_result


def rotation(x):
    c, s = np.cos(x[0]), np.sin(x[0])
    M = np.diag([c, c, c, 1.0])
    M[:3, :3] += np.outer(x[:3], x[:3]) * (1.0 - c)
    return M, np.array([[c, -s], [s, c]])


def cross_with_a_list(x):
    return np.cross(x[:3], [x[0], x[2], -x[1]])


def reductions_of_comprehensions(x):
    points = np.array([[0.0, 1.0, 2.0], [3.0, 1.0, 0.5], [1.0, 1.0, 1.0]])
    order = np.argsort([np.sum((x[:3] - p) ** 2) for p in points])
    total = np.sum([x[i] * i for i in range(3)], axis=0)
    return order, total


def reductions_of_a_local_list(x):
    values = []
    for i in range(3):
        values.append(x[i] * 2)
    return np.max(values), np.argmax(values), np.mean(values), np.hypot([x[0], 1.0], [x[1], 2])


def row_swap(a, x):
    a = a.copy()
    i, p = np.argmax(x), np.argmin(x)
    a[[i, p]] = a[[p, i]]
    return a, a[:, [p, i, 0]]


def arithmetic_on_lists(x):
    shear = [0.0, 0.0, 0.0]
    shear[0] = np.dot(x[:3], x[:3])
    shear[1] = x[1]
    shear[1:] /= x[2]  # a list divided by a tensor: NumPy's array of the list, then written back item by item
    return shear, [x[0], 1.0] + x[:2], np.where(x[:3] > 0, [x[0], 2.0, 3.0], x[:3])


def lists_of_one_tuple_assignment(x):
    (a, b), c = ([x[0], x[1] * 2], [x[2]]), [x[3], x[0]]  # each name its own display, as `a = [...]` binds it
    return np.max(a) + np.sum(b), np.argmax(c), np.stack(a)


def sequences_made_by_calls(x):
    # scikit-kinematics' vector.angle: `np.arccos(list(map(np.dot, n1, n2)))`
    n = np.stack([x, x[::-1]]) / 4.0
    angles = np.arccos(list(map(np.dot, n, n[::-1] / 2.0)))
    pairs = tuple(x[i] * i for i in range(3))
    ordered = sorted([x[2], x[0]], key=lambda v: 0)  # (sorted of tensors by a plain key: no comparison staged)
    return angles, np.max(pairs), np.stack(ordered), np.cumsum(tuple([x[0], x[1]]))


def rotated_deque(x, offset=1):
    # spectrum's cshift: `a = deque(data); a.rotate(offset); return np.array(a)`
    a = collections.deque(x)
    a.rotate(offset)
    b = deque([x[0] * 2.0, x[1]], maxlen=3)
    b.append(x[3])
    return np.array(a), np.mean(b), np.concatenate([b, a]), np.asarray(b)


def sequences_repeated_or_joined(x):
    # transforms3d's zfdir2mat: `np.diag([factor] * 3)` (helper-117: a list made by `*` or `+` was not routed)
    factor = x[0] * 2.0
    return np.diag([factor] * 3), np.array([x[1]] + [1.0, 2.0]), np.stack(2 * [x[0], x[2]])


PROGRAMS = [rotation, cross_with_a_list, reductions_of_comprehensions, reductions_of_a_local_list,
            arithmetic_on_lists, lists_of_one_tuple_assignment, sequences_made_by_calls, rotated_deque,
            sequences_repeated_or_joined]


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
def test_numpy_given_lists_holding_tensors_gives_numpys_result(fn, executor):
    x = np.array([0.3, -1.2, 2.5, 0.7])
    same(autograph.function(fn, executor=executor)(x), fn(x), executor)


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_list_of_traced_indices_indexes_as_an_integer_array(executor):
    a, x = np.arange(16.0).reshape(4, 4), np.array([0.3, -1.2, 2.5, 0.7])
    same(autograph.function(row_swap, executor=executor)(a, x), row_swap(a, x), executor)


LUT = (np.arange(256) * 3 % 251).astype(np.uint8)  # a module's lookup table


def look_up(image):
    return LUT[image], LUT[image[0]], LUT[3]


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_modules_numpy_array_indexed_by_a_tensor_is_a_gather(executor):
    image = np.array([[1, 200], [7, 255]], dtype=np.uint8)
    same(autograph.function(look_up, executor=executor)(image), look_up(image), executor)
    assert "ag__.item(LUT, image)" in autograph.to_code(look_up)


@pytest.mark.parametrize("fn", PROGRAMS + [row_swap], ids=[f.__name__ for f in PROGRAMS + [row_swap]])
def test_on_plain_values_the_converted_function_is_numpys(fn):
    args = (np.arange(16.0).reshape(4, 4),) if fn is row_swap else ()
    x = np.array([0.3, -1.2, 2.5, 0.7])
    same(autograph.convert(fn)(*args, x), fn(*args, x), "numpy")


def test_the_converter_routes_numpy_calls_given_lists():
    code = autograph.to_code(rotation)
    assert "ag__.builtin(np.diag, [c, c, c, 1.0])" in code
    assert "ag__.builtin(np.max, values)" in autograph.to_code(reductions_of_a_local_list)
    assert "ag__.builtin(np.argmax, c)" in autograph.to_code(lists_of_one_tuple_assignment)
    assert "np.cross(" not in autograph.to_code(cross_with_a_list).replace("ag__.builtin(np.cross", "")
    calls = autograph.to_code(sequences_made_by_calls)
    assert "ag__.builtin(np.arccos, list(map(" in calls and "ag__.builtin(np.max, pairs)" in calls
    assert "ag__.builtin(np.mean, b)" in autograph.to_code(rotated_deque)


_ELEMENTS = st.lists(st.sampled_from(["f64", "f32", "i32", "i64", "bool", "int", "float"]), min_size=1, max_size=4)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(elements=_ELEMENTS, function=st.sampled_from(["sum", "max", "diag", "argsort", "cumsum"]),
       executor=st.sampled_from(["numpy", "jax"] if helpers.jax_usable() else ["numpy"]))
def test_the_list_takes_the_dtype_numpy_gives_it(elements, function, executor):
    """NumPy's dtype for the whole list (NumPy 2: a Python int next to an int32 scalar gives int64 in a list,
    unlike in arithmetic), from traced elements of every dtype and Python numbers."""
    def program(x):
        items = {"f64": x[0], "f32": x.astype(np.float32)[1], "i32": x.astype(np.int32)[2],
                 "i64": x.astype(np.int64)[3], "bool": x[0] > 0, "int": 3, "float": 0.5}
        values = [items[e] for e in elements]
        if function == "sum":
            return np.sum(values)
        if function == "max":
            return np.max(values)
        if function == "diag":
            return np.diag(values)
        if function == "argsort":
            return np.argsort(values, kind="stable")  # (ties: NumPy's default order is unspecified)
        return np.cumsum(values)

    x = np.array([0.3, -1.7, 2.5, 7.0])
    same(autograph.function(program, executor=executor)(x), program(x), executor)


def transposed_by_a_list(x):
    return np.transpose(x, [np.argmax(x[0]), 0])  # list-as-axes


def test_a_list_where_numpy_needs_python_ints_is_refused_at_the_line():
    # (A list as a shape is a run-time size: np.reshape(x, [2, np.argmax(x)]),
    # tests/runtime/graph/test_tensor_sizes.py.)
    with pytest.raises(NotStageable) as info:
        autograph.function(transposed_by_a_list)(np.ones((2, 2)))
    assert isinstance(info.value, Limitation)
    assert str(info.value).startswith(f"{HERE}:{helpers.line_of(HERE, 'list-as-axes')}: ")


def list_of_unknown_length(x):
    return np.sum([x, x], axis=0)  # unknown-length


def test_a_list_of_tensors_whose_shape_is_known_only_at_run_time_names_the_alternative():
    f = autograph.function(list_of_unknown_length, input_signature=[autograph.TensorSpec([None])])
    with pytest.raises(NotStageable, match="np.stack or np.concatenate") as info:
        f(np.ones(3))
    assert str(info.value).startswith(f"{HERE}:{helpers.line_of(HERE, 'unknown-length')}: ")


_TABLES = {"h": np.array([0.0, 1.5, 2.5, 10.0])}


def test_a_local_numpy_array_indexed_by_a_tensor_names_np_take():
    # colour's hue_quadrature reads a table through a dict, then indexes it by a traced position: NumPy asks
    # the index for its array, and the refusal says which construct that is and what works (np.take).
    def indexed(h):
        table = _TABLES["h"]
        return table[np.argmax(h)]

    def taken(h):
        table = _TABLES["h"]
        return np.take(table, np.argmax(h), axis=0)

    h = np.array([1.0, 3.0, 2.0])
    with pytest.raises(autograph.NotStageable, match=r"test_nests.py:\d+: a NumPy array indexed by a graph tensor "
                                                     r"\(`a\[i\]`, i a i64\[\]\).*Index it with "
                                                     r"np.take\(a, i, axis=0\)"):
        autograph.function(indexed)(h)
    assert autograph.function(taken)(h) == taken(h) == indexed(h) == 1.5


def test_a_local_numpy_array_indexed_by_a_traced_mask_names_np_compress():
    # (The advice was np.take, which reads a boolean index as the integers 0 and 1: pyRiemann's median_euclid.)
    def masked(x):
        table = _TABLES["h"]
        return table[x > 1.0]

    def compressed(x):
        table = _TABLES["h"]
        return np.compress(x > 1.0, table, axis=0)

    x = np.array([1.0, 3.0, 2.0, 0.5])
    with pytest.raises(autograph.NotStageable, match=r"test_nests.py:\d+: a NumPy array indexed by a graph tensor "
                                                     r"\(`a\[i\]`, i a bool\[4\]\).*Index it with "
                                                     r"np.compress\(i, a, axis=0\)"):
        autograph.function(masked)(x)
    np.testing.assert_array_equal(autograph.function(compressed)(x), masked(x))
