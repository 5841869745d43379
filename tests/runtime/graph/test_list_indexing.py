"""A Python list or tuple of tensors indexed by a staged integer (a staged loop's counter) in a graph: the graph
backend's ``read_from`` (runtime/graph/backend.py) reads the stacked items, with Python's ``IndexError`` past
either end when the graph runs, on both executors; eager Python/NumPy is the oracle."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.staging import NotStageable
from tests.helpers import executors, outcome, same_result


def accumulate(parts, x, n):
    i = 0
    total = np.zeros_like(x)
    while i < n:
        total = total + parts[i]
        i += 1
    return total


def walk(x, n):
    return accumulate([x, x + 1.0, x * 2.0], x, n)


def walk_back(x, n):
    parts = (x, x - 1.0)
    i = 0
    total = np.zeros_like(x)
    while i < n:
        total = total * 0.5 + parts[i - 2]  # -2, -1, 0, 1: Python wraps a negative index
        i += 1
    return total


def counted(x, n):
    weights = [x.sum(), x.max(), x.min()]
    out = x[0] * 0.0
    for t in range(n):
        out = out + weights[t] * t
    return out


def mixed_shapes(x, n):
    return accumulate([x, x[:2]], x, n)


def numbers(x, n):
    return accumulate([1.0, 2.0], x, n)


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=15, deadline=None)
@given(values=st.lists(st.floats(-1e3, 1e3), min_size=3, max_size=3), n=st.integers(0, 3))
def test_a_list_of_tensors_read_at_a_staged_counter_is_pythons_item(executor, values, n):
    x = np.array(values)
    for fn in (walk, counted):
        staged = autograph.function(fn, executor=executor)
        same_result(staged(x, np.int64(n)), fn(x, n), executor)


@pytest.mark.parametrize("executor", executors())
def test_a_negative_staged_index_wraps_as_python_does(executor):
    x = np.array([1.0, 2.0, 3.0])
    staged = autograph.function(walk_back, executor=executor)
    same_result(staged(x, np.int64(4)), walk_back(x, 4), executor)


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn, n, message", [(walk, 4, "list index out of range"),
                                            (walk_back, 5, "tuple index out of range")])
def test_past_either_end_raises_pythons_index_error_when_the_graph_runs(executor, fn, n, message):
    x = np.array([1.0, 2.0, 3.0])
    with pytest.raises(IndexError, match=message):
        fn(x, n)
    staged = autograph.function(fn, executor=executor)
    staged(x, np.int64(1))  # (traced, runs: the index stays in range)
    with pytest.raises(IndexError, match=message):
        staged(x, np.int64(n))


@pytest.mark.parametrize("executor", executors())
def test_items_of_two_shapes_are_refused_naming_the_reason_and_the_fix(executor):
    with pytest.raises(NotStageable) as caught:
        autograph.function(mixed_shapes, executor=executor)(np.array([1.0, 2.0, 3.0]), np.int64(2))
    message = str(caught.value)
    assert message.startswith(f"{__file__}:{accumulate.__code__.co_firstlineno + 4}: a Python list indexed by a "
                               "staged value (a graph tensor, i64[])"), message
    assert "they are f64[2], f64[3]" in message and "np.stack(xs)" in message


def weighted(x, n):
    weights = [0.25, 0.5, 2.0]
    counts = (1, 2, 3)
    total = 0.0
    i = 0
    while i < n:
        total = total + weights[i] * x[i] + counts[i - 3]  # a Python float and a Python int, read at a staged i
        i += 1
    return total


def flags_by_index(x, n):
    on = [True, False, True]
    kept = 0.0
    i = 0
    while i < n:
        if on[i]:
            kept = kept + x[i]
        i += 1
    return kept


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", [numbers, weighted, flags_by_index], ids=lambda f: f.__name__)
def test_python_numbers_of_one_type_are_read_as_that_number(fn, executor):
    staged = autograph.function(fn, executor=executor)
    for x in (np.array([1.0, -2.0, 4.0]), np.array([1.0, -2.0, 4.0, 5.0])):
        for n in range(len(x) + 1):
            want = outcome(fn, x, np.int64(n), errors=(IndexError,))
            got = outcome(staged, x, np.int64(n), errors=(IndexError,))
            if want[0] == "value":
                same_result(got[1], want[1], executor)
            else:  # Python's IndexError, raised when the graph runs
                assert got[0] is IndexError and want[1] in got[1], (got, want)


def numbers_of_two_types(x, n):
    return accumulate([1, 2.5], x, n)


@pytest.mark.parametrize("executor", executors())
def test_python_numbers_of_two_types_are_refused(executor):
    with pytest.raises(NotStageable, match=r"its items are Python numbers of different types \(float, int\)"):
        autograph.function(numbers_of_two_types, executor=executor)(np.array([1.0, 2.0]), np.int64(2))


# --- the read is the item itself: writes through it and identity with it are Python's (stop 78) ---------------
# (A write into `y = xs[i]` stayed in the stacked copy: xs[k] kept its old values; `xs[i] is xs[0]` was always
# False. The read is recorded as the item on the paths where the index names it: runtime/graph/path_aliases.py.)

def write_through_the_read(x, n):
    xs = [x[0:2] * 1.0, x[2:4] * 1.0]
    for i in range(n):
        y = xs[i]
        y[0] = 100.0 + i
    return xs[0], xs[1]


def write_through_a_read_of_views(x, n):
    xs = [x[0:2], x[2:4]]
    for i in range(n):
        xs[i - 2][1] = -1.0 - i
    return x


def identity_of_the_read(x, n):
    xs = [x[0:2] * 1.0, x[2:4] * 1.0]
    firsts = 0
    for i in range(n):
        if xs[i] is xs[0]:
            firsts = firsts + 1
        if xs[i - 2] is not xs[1]:
            firsts = firsts + 10
    return firsts


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", [write_through_the_read, write_through_a_read_of_views, identity_of_the_read],
                         ids=lambda f: f.__name__)
def test_the_read_is_the_item_itself(fn, executor):
    x = np.array([1.0, 5.0, 2.0, 3.0])
    for n in (0, 1, 2):
        same_result(autograph.function(fn, executor=executor)(x.copy(), np.int64(n)), fn(x.copy(), np.int64(n)),
                    executor)
