"""An index computed in the graph, out of bounds: NumPy's IndexError on XLA too (runtime/jax/index_checks.py).

XLA clamps a gather's index and drops a scatter's write: ``x[i]`` with ``i`` past the end gave the last item
(silently) where NumPy raises ``IndexError: index 5 is out of bounds for axis 0 with size 3``, and a search
loop that runs past the end never ended. The oracle is eager NumPy (the function called on the same arrays):
its value, or its exception class and message, on each executor (the interpreter, XLA, ``auto``), for reads,
writes and ``np.take`` at scalar and array indices on each axis (with ``None`` and ``...`` in the index), in a
staged ``if`` and in staged loops, inside and out of bounds, negative and positive; a loop over an empty array
reads no item (it lowers, and raises nothing). Plain ``jnp`` indexing under ``jax.jit`` is the control that
clamps.
"""

from __future__ import annotations

import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph

pytestmark = pytest.mark.filterwarnings("ignore::autograph.RetracingWarning")

EXECUTORS = ("numpy", "jax", "auto")


def read(x, i):
    return x[i] * 2.0


def read_row_column(x, i, j):
    return x[i, j] + x[j, ...].sum()


def read_with_newaxis(x, i):
    return x[None, :, i]


def read_array_index(x, i):
    return x[np.array([0, 1]) + i]


def write(x, i):
    y = x.copy()
    y[i] = -1.0
    return y


def write_column(x, i, j):
    y = x.copy()
    y[:, j] = y[i, :].sum()
    return y


def add_at(x, i):
    y = x.copy()
    np.add.at(y, np.array([i, 0]), 1.0)  # ufunc.at: XLA's scatter dropped the update out of bounds
    return y


def take(x, i):
    return np.take(x, np.array([i, 0]))


def take_axis(x, i, j):
    return np.take(x, np.array([j, i]), axis=1)


def read_in_staged_if(x, i):
    if x.sum() > 0:
        return x[i]
    return x[0]


def search_past_the_end(x, i):
    while x[i] > 0:  # NumPy raises once i reaches the end of all-positive x; XLA looped for ever
        i += 1
    return i


def sum_over_items(x, i):
    total = 0.0
    for v in x:  # no item is read when x is empty
        total = total + v
    return total + i


# fn -> (how many indices it takes, the dims of its array)
PROGRAMS = {
    read: (1, 1), read_in_staged_if: (1, 1), read_with_newaxis: (1, 2), read_array_index: (1, 1), write: (1, 1),
    add_at: (1, 1), take: (1, 1), search_past_the_end: (1, 1), read_row_column: (2, 2), write_column: (2, 2),
    take_axis: (2, 2), sum_over_items: (1, 1),
}


def _outcome(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return np.asarray(fn(*args))
        except IndexError as error:
            return (IndexError, str(error).split("\n")[0])


_FUNCTIONS: dict = {}


def _staged(fn, executor, *args):
    function = _FUNCTIONS.get((fn, executor))
    if function is None:
        function = _FUNCTIONS[fn, executor] = autograph.function(fn, executor=executor)
    return _outcome(function, *args)


def _same(got, want):
    if isinstance(want, tuple):
        return got == want
    return not isinstance(got, tuple) and got.dtype == want.dtype and np.array_equal(got, want)


def _arguments(fn, shape, indices):
    count, ndim = PROGRAMS[fn]
    x = np.arange(1.0, 1.0 + np.prod(shape[:ndim])).reshape(shape[:ndim])
    return (x, *(np.int64(i) for i in indices[:count]))


@pytest.mark.parametrize("fn", list(PROGRAMS), ids=lambda fn: fn.__name__)
@settings(max_examples=25, deadline=None)
@given(shape=st.sampled_from([(3, 4), (4, 3), (2, 2)]), indices=st.lists(st.integers(-6, 6), min_size=2, max_size=2))
def test_an_index_out_of_bounds_is_numpys_index_error_on_every_executor(fn, shape, indices):
    args = _arguments(fn, shape, indices)
    want = _outcome(fn, *args)
    for executor in EXECUTORS:
        got = _staged(fn, executor, *args)
        assert _same(got, want), (executor, got, want)


def constant_index_programs(index: np.ndarray) -> list:
    """Reads and writes at an index that is a constant of the graph (a NumPy array or list in the function):
    each node may never run, so the check stands where the index does, as for a computed one."""
    def gather(x):
        return x[index]

    def gather_list(x):
        return x[list(index)]

    def scatter(x):
        y = x.copy()
        y[index] = 0.0
        return y

    def add_at(x):
        y = x.copy()
        np.add.at(y, index, 1.0)
        return y

    def take(x):
        return np.take(x, index)

    def take_axis(x):
        return np.take(x.reshape(2, -1), index, axis=1)

    return [gather, gather_list, scatter, add_at, take, take_axis]


@settings(max_examples=15, deadline=None)  # (each example compiles 12 XLA programs: make test's time)
@given(index=st.lists(st.integers(-6, 6), min_size=1, max_size=3), size=st.sampled_from([2, 4]))
def test_a_constant_index_out_of_bounds_is_numpys_index_error_on_every_executor(index, size):
    # (A constant index was left unchecked on XLA: np.take(x, [4]) of 4 items gave -9223372036854775808.)
    x = np.arange(1.0, 1.0 + size)
    for fn in constant_index_programs(np.array(index)):
        want = _outcome(fn, x)
        for executor in EXECUTORS:
            got = _outcome(autograph.function(fn, executor=executor), x)
            assert _same(got, want), (fn.__name__, executor, got, want)


@pytest.mark.parametrize("executor", EXECUTORS)
def test_the_error_names_the_line_that_read(executor):
    function = autograph.function(read, executor=executor)
    with pytest.raises(IndexError, match=r"^index 5 is out of bounds for axis 0 with size 3") as caught:
        function(np.arange(3.0), np.int64(5))
    notes = "\n".join(getattr(caught.value, "__notes__", []))
    assert f"by the `getitem` traced at {__file__}:" in notes


@pytest.mark.parametrize("executor", EXECUTORS)
def test_an_array_index_reports_its_first_element_out_of_bounds(executor):
    def gather(x, idx):
        return x[idx]

    want = _outcome(gather, np.arange(3.0), np.array([1, 7, -9, 2]))
    assert want == (IndexError, "index 7 is out of bounds for axis 0 with size 3")
    assert _same(_staged(gather, executor, np.arange(3.0), np.array([1, 7, -9, 2])), want)
    assert _same(_staged(gather, executor, np.arange(3.0), np.array([2, -3, 0, 1])),
                 _outcome(gather, np.arange(3.0), np.array([2, -3, 0, 1])))


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_loop_over_an_empty_array_reads_nothing(executor):
    function = autograph.function(sum_over_items, executor=executor)
    assert function(np.zeros(0), np.int64(2)) == sum_over_items(np.zeros(0), np.int64(2))


def test_a_failed_check_leaves_an_assigned_variable_as_the_interpreter_does():
    counter = autograph.Variable(np.int64(0))

    def count_then_read(x, i):
        counter.assign_add(1)
        y = x[i]
        counter.assign_add(10)  # after the failed read: the interpreter never runs it
        return y

    for executor in ("numpy", "jax"):
        counter.assign(np.int64(0))
        with pytest.raises(IndexError):
            autograph.function(count_then_read, executor=executor)(np.arange(3.0), np.int64(3))
        assert int(counter.numpy()) == 1, executor


def test_plain_jnp_indexing_clamps():  # the control: what XLA does without the check
    assert float(jax.jit(lambda x, i: x[i])(jnp.arange(3.0), 5)) == 2.0


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.uint16, np.int32, np.uint64])
@pytest.mark.parametrize("executor", EXECUTORS)
def test_every_integer_dtype_is_checked_in_its_own_range(dtype, executor):
    def look_up(table, i):
        return table[i]

    table = np.arange(256) * 3 % 251  # as long as a uint8 index reaches: none is out of bounds
    for i in (np.array([1, 200, 255]).astype(dtype), np.array([3, 7]).astype(dtype)):  # (int8: 200 is -56)
        assert _same(_staged(look_up, executor, table, i), _outcome(look_up, table, i))
    short, i = table[:100], np.array([1, 200]).astype(dtype)
    assert _same(_staged(look_up, executor, short, i), _outcome(look_up, short, i))


def _scalar_read(x, i):
    return x[i[0]]


def _scalar_write(x, i):
    y = x.copy()
    y[i[0]] = 5.0
    return y


def _scalar_add_at(x, i):
    y = x.copy()
    np.add.at(y, i[0], 1.0)
    return y


def _array_read(x, i):
    return x[i] + np.take(x, i)


def _outcome_or_overflow(fn, *args):
    try:
        return _outcome(fn, *args)
    except OverflowError as error:
        return (OverflowError, str(error).split("\n")[0])


@pytest.mark.parametrize("fn", [_scalar_read, _scalar_write, _scalar_add_at, _array_read], ids=lambda f: f.__name__)
@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_uint64_index_past_a_c_long_is_numpys_error(fn, executor):
    # (helper-115: XLA's int64 cast read np.uint64(2**64 - 1) as -1, the last item, where NumPy raises OverflowError
    # for a scalar index; an index array of uint64 wraps in NumPy too, so that one reads and raises as NumPy does)
    x = np.arange(4.0)
    staged = autograph.function(fn, executor=executor)
    for value in (2**64 - 1, 2**63 + 1, 2**63 - 1, 3):
        i = np.array([value, 1], dtype=np.uint64)
        want = _outcome_or_overflow(fn, x, i)
        assert _same(_outcome_or_overflow(staged, x, i), want), value


def test_a_counted_loops_counter_inside_the_axis_is_no_check():
    # The 100 small layers (benchmarks/workloads.py): the roll pass makes 99 of them one while_loop counting 0..98
    # over the 99 stacked weights, read at the counter: inside the axis, so no check (the graph stays stateless).
    from benchmarks import workloads
    from runtime.jax import lowering

    function = autograph.function(workloads.layers, executor="jax")
    (x,) = workloads.WORKLOADS[3].make_args()
    np.testing.assert_allclose(function(x), workloads.layers(x), rtol=1e-4, atol=1e-12)  # (float32 chains)
    graph = function.concrete_functions[0].graph
    assert any(node.op == "while_loop" for node in graph.nodes)
    assert lowering.index_checked_nodes(lowering.lower(graph)) == []
