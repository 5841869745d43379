"""A graph's refusal is never turned into another answer by the program's own ``except`` (issue 29, 1).

Eager NumPy is the oracle: where the graph cannot do what eager code does, the call raises the
limitation (at the user's line), whatever class it also is and whoever catches it on the way."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation


def eigenvalues_or_zeros(x):
    try:
        return np.linalg.eig(x)[0]
    except TypeError:
        return x[0] * 0


@autograph.do_not_convert
def library_fallback(x):
    """Code autograph does not convert (a library's): its handler swallows the refusal."""
    try:
        return np.linalg.eig(x)[0]
    except TypeError:
        return x[0] * 0


def calls_a_library(x):
    return library_fallback(x) + 1


def out_of_range(x):
    try:
        return x[5]
    except IndexError:
        return x * 0


def probes_an_attribute(x):
    if hasattr(x, "flags"):
        return x + 1
    return x - 1


@pytest.mark.parametrize("fn", [eigenvalues_or_zeros, calls_a_library])
def test_a_handler_does_not_turn_a_refusal_into_a_fallback(fn):
    # np.linalg.eig of a real matrix: real or complex by its values, which a graph cannot follow (a refusal).
    x = np.array([[2.0, 0.0], [0.0, 3.0]])
    assert fn(x).tolist() in ([2.0, 3.0], [3.0, 4.0])  # eager takes the eigenvalues
    with pytest.raises(Limitation, match=r"np\.linalg\.eig of a real \(float64\) matrix is not supported") as info:
        autograph.function(fn)(x)
    assert isinstance(info.value, TypeError)  # (what it also is: a handler for it still does not get it)
    assert str(info.value).startswith(__file__) and "a dtype that depends on the values" in str(info.value)


def test_errors_numpy_raises_eagerly_stay_the_programs_to_handle():
    x = np.array([1.0, -2.0, 3.0])
    assert out_of_range(x).tolist() == autograph.function(out_of_range)(x).tolist() == [0.0, -0.0, 0.0]


def test_an_attribute_probe_of_the_programs_own_is_a_refusal_not_an_answer():
    # hasattr's False would take the other branch than eager NumPy (whose arrays have .flags): x - 1, not x + 1.
    x = np.array([1.0, -2.0])
    assert probes_an_attribute(x).tolist() == (x + 1).tolist()
    with pytest.raises(autograph.NotOnTensors, match=r"ndarray\.flags is not supported on graph tensors"):
        autograph.function(probes_an_attribute)(x)


def branch_writes(s, t):
    d = np.array([0.0, 0.0, 0.0])  # (np.zeros(3) would make a graph array: the next test)
    kept = d  # (another name for the array: without it, a graph array takes its place, test_adopted_arrays.py)
    if s[0] == t[0]:
        d[0] = 10.0
    else:
        d[0] = 20.0
    return d, kept


def loop_writes(x):
    d = np.array([0.0, 0.0, 0.0])
    kept = [d]
    i = 0
    while np.sum(x) > i:
        d[1] = 5.0
        i += 1
    return kept[0]


@pytest.mark.parametrize("fn,args", [(branch_writes, (np.array([1.0]), np.array([1.0]))),
                                     (loop_writes, (np.array([2.0]),))])
def test_a_write_into_a_numpy_array_inside_a_staged_block_is_refused(fn, args):
    """Found in a real Levenshtein DP: both branches' writes ran while tracing, the last one won."""
    expected = fn(*args)
    with pytest.raises(Limitation, match="is a NumPy array written inside this staged") as info:
        autograph.function(fn)(*args)
    assert "'d'" in str(info.value) and "np.where" in str(info.value) and __file__ in str(info.value)
    assert "something else refers to it" in str(info.value)
    assert np.asarray(fn(*args)).tolist() == np.asarray(expected).tolist()  # (nothing of the trace stayed)


def branch_writes_a_graph_value(s, t):
    d = np.zeros_like(s, shape=(3,))
    if s[0] == t[0]:
        d[0] = 10.0
    else:
        d[0] = 20.0
    return d


def branch_writes_an_array_np_zeros_made(s, t):
    d = np.zeros(3)  # a graph array while traced (runtime/new_arrays.py)
    if s[0] == t[0]:
        d[0] = 10.0
    else:
        d[0] = 20.0
    return d


@pytest.mark.parametrize("fn", [branch_writes_a_graph_value, branch_writes_an_array_np_zeros_made])
def test_the_same_write_into_a_graph_value_is_staged_under_the_condition(fn):
    for t in (np.array([1.0]), np.array([2.0])):
        s = np.array([1.0])
        assert autograph.function(fn)(s, t).tolist() == fn(s, t).tolist()


def zeros_of_a_traced_size(n, x):
    try:
        return np.eye(n) + x
    except TypeError:
        return x


def test_a_shape_from_a_traced_value_is_refused_not_handled():
    # (np.zeros(n) of a traced n is a run-time dim: tests/runtime/graph/test_tensor_sizes.py; np.eye(n) is refused)
    x = np.array([1.0])
    assert zeros_of_a_traced_size(np.int64(2), x).tolist() == [[2.0, 1.0], [1.0, 2.0]]
    with pytest.raises(Limitation, match=r"np.eye with a shape \(or size\) from a traced value") as info:
        autograph.function(zeros_of_a_traced_size)(np.int64(2), x)
    assert "np.zeros_like(x)" in str(info.value) and __file__ in str(info.value)
    # A Python int: a constant.
    assert autograph.function(zeros_of_a_traced_size)(2, x).tolist() == [[2.0, 1.0], [1.0, 2.0]]

