"""``range()`` with a bound held in an array gives Python ints, as eager's ``range`` makes them (``operator.index``):
the index of the staged loop and the arithmetic on it are Python ints known when the graph runs (int64), whatever
the bound's dtype. It once took the bound's dtype, so ``i * 100`` over an int8 bound wrapped (200 was -56) and
``x[i - 1]`` over a uint8 bound read index 255 (found by helper-115). The oracle is eager NumPy, for every integer
dtype of the bound, on both executors."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from tests import helpers

BOUNDS = (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64)


def scaled_index(x, n):
    out = np.zeros(x.shape[0])
    for i in range(n[0]):
        out[i] = i * 100 + i * i * 1000  # (past int8's and int16's range)
    return out


def one_before(x, n):
    total = 0.0
    for i in range(n[0]):
        total = total + x[i - 1]  # (i - 1 of 0 is -1: the last element, never 255)
    return total


def counting_down(x, n):
    total = 0.0
    for i in range(n[0], 0, -1):  # (no iteration for 0: nothing below zero is made of a uint8 bound)
        total += x[i - 1] * i
    return total


def between(x, bounds):
    total = x[0] * 0
    for i in range(bounds[0], bounds[1], bounds[2]):
        total = total + x[i] - i
    return total


LOOPS = (scaled_index, one_before, counting_down)


@pytest.mark.parametrize("executor", helpers.executors())
@pytest.mark.parametrize("loop", LOOPS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("bound", BOUNDS, ids=lambda d: d.__name__)
def test_the_index_is_a_python_int_whatever_the_bounds_dtype(bound, loop, executor):
    x = np.linspace(0.5, 8.0, 16)
    graph = autograph.function(loop, executor=executor)
    for n in (0, 1, 3, 16):
        helpers.same_result(graph(x, np.array([n], bound)), loop(x, np.array([n], bound)), executor)
    assert graph.tracing_count == 1


@settings(max_examples=30, deadline=None)
@given(start=st.integers(-8, 8), stop=st.integers(-8, 8), step=st.sampled_from([-3, -2, -1, 1, 2, 3]),
       bound=st.sampled_from([np.int8, np.int16, np.int32, np.int64]))
def test_start_stop_and_step_from_an_array(start, stop, step, bound):
    x = np.arange(10.0) + 0.25
    bounds = np.array([start, stop, step], bound)
    want = helpers.outcome(lambda: between(x, bounds))
    for executor in ("numpy", "jax") if helpers.jax_usable() else ("numpy",):
        got = helpers.outcome(lambda: autograph.function(between, executor=executor)(x, bounds))
        assert got[0] == want[0], (got, want)
        if want[0] == "value":
            helpers.same_result(got[1], want[1], executor)


@pytest.mark.parametrize("executor", helpers.executors())
def test_a_uint64_bound_beyond_int64_raises_when_the_graph_runs(executor):
    graph = autograph.function(scaled_index, executor=executor)
    x = np.zeros(4)
    np.testing.assert_array_equal(graph(x, np.array([2], np.uint64)), scaled_index(x, np.array([2], np.uint64)))
    with pytest.raises(OverflowError, match=r"range\(\) bound beyond 2\*\*63 - 1: a graph holds Python ints as "
                                            r"int64") as raised:
        graph(x, np.array([2 ** 64 - 1], np.uint64))
    assert sys.version_info < (3, 11) or any("test_range_bounds.py" in note for note in helpers.notes(raised.value))
