"""A reshape or ravel of an argument, relied on as a view (autograph/call_boundary.py ``check_layouts``).

NumPy's ``x.ravel()`` is a view of a C-contiguous ``x`` and a contiguous copy otherwise; ``x.reshape(...)`` a view
where no copy is needed. A write through one reaches the caller's array only where it is a view. Until stop 92 a
graph took every reshape and ravel of an argument for a view, so a transposed, reversed or strided argument was
written into where NumPy writes into a copy (the caller's array changed, with no error), and ``np.dot`` of the
ravel of a strided vector read a view where NumPy reads a contiguous copy (another last bit). The family runs
programs that rely on such views on arguments laid out each way, on every executor: each call gives eager's
answer and leaves the caller's array as eager leaves it, or raises ``LayoutDependentView`` before the graph runs.
"""

from __future__ import annotations

import functools
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from autograph.call_boundary import LayoutDependentView
from runtime.limits import Limitation
from tests.helpers import every_executor

EXAMPLES = int(os.environ.get("AUTOGRAPH_ARGUMENT_LAYOUT_EXAMPLES", "40"))

# How the caller lays out the argument, from a fresh base array.
LAYOUTS = {
    "contiguous": lambda base: base,
    "transposed": lambda base: base.T,
    "reversed": lambda base: base[::-1],
    "strided": lambda base: base[:, ::2],
    "column": lambda base: base[:, 0],
    "reversed_vector": lambda base: base[0, ::-1],
    "fortran": lambda base: np.asfortranarray(base),
}


def write_through_ravel(x):
    y = x.ravel()
    y[1] = -7.0
    return y.sum()


def write_through_reshape(x):
    y = x.reshape(-1)
    y[0] = 5.0
    return y * 2.0


def read_after_the_argument_was_written(x):
    y = x.ravel()
    x[0] = 3.0
    return y.copy()


def dot_of_ravels(x):
    return np.dot(x.ravel(), x.ravel()[::-1])


def sum_of_a_ravel(x):
    return np.sum(x.ravel()[1:])


def write_through_a_loop(x):
    flat = x.reshape(-1)
    for i in range(2):
        flat[i] = flat[i] * 2.0
    return x


PROGRAMS = [write_through_ravel, write_through_reshape, read_after_the_argument_was_written, dot_of_ravels,
            sum_of_a_ravel, write_through_a_loop]


@functools.cache
def staged(program, executor):
    return autograph.function(program, executor=executor)


def fresh(layout, seed):
    base = np.random.default_rng(seed).standard_normal((6, 6)) * 10.0 ** np.random.default_rng(seed + 1).uniform(
        -3, 3, (6, 6))
    return LAYOUTS[layout](base.copy()), LAYOUTS[layout](base.copy())


@pytest.mark.parametrize("executor", every_executor())
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(program=st.sampled_from(PROGRAMS), layout=st.sampled_from(sorted(LAYOUTS)), seed=st.integers(0, 2**16))
def test_a_view_of_an_argument_is_numpys_or_refused(executor, program, layout, seed):
    eager_x, graph_x = fresh(layout, seed)
    want = program(eager_x)
    try:
        got = staged(program, executor)(graph_x)
    except LayoutDependentView as error:
        assert isinstance(error, Limitation) and "test_argument_layouts.py" in str(error)
        assert not graph_x.flags.c_contiguous  # (a C-contiguous argument is every reshape's and ravel's view)
        return
    np.testing.assert_array_equal(graph_x, eager_x)  # the caller's array, written or not, as eager left it
    if executor in ("numpy", "numba") or program not in (dot_of_ravels, sum_of_a_ravel):
        np.testing.assert_array_equal(got, want)  # NumPy's bits
    else:  # (XLA adds in its own order)
        np.testing.assert_allclose(got, want, rtol=1e-12)


@pytest.mark.parametrize("layout", ["transposed", "reversed_vector", "column", "strided", "fortran"])
def test_a_write_through_the_ravel_of_an_argument_numpy_copies_is_refused(layout):
    eager_x, graph_x = fresh(layout, 3)
    before = graph_x.copy()
    write_through_ravel(eager_x)
    np.testing.assert_array_equal(eager_x, before)  # NumPy wrote into a copy
    with pytest.raises(LayoutDependentView) as info:
        autograph.function(write_through_ravel)(graph_x)
    np.testing.assert_array_equal(graph_x, before)  # refused before the graph ran: nothing written
    message = str(info.value)
    line = write_through_ravel.__code__.co_firstlineno + 2  # (the write, which relies on the view)
    assert f"test_argument_layouts.py:{line}" in message and "x.ravel()" in message
    assert "np.ascontiguousarray(x)" in message and "is a copy" in message


def test_a_write_through_the_ravel_of_a_contiguous_argument_reaches_it():
    eager_x, graph_x = fresh("contiguous", 4)
    want = write_through_ravel(eager_x)
    assert eager_x.flat[1] == -7.0  # NumPy's view
    assert autograph.function(write_through_ravel)(graph_x) == want
    np.testing.assert_array_equal(graph_x, eager_x)


def test_a_reshape_numpy_makes_without_a_copy_is_a_view_of_any_layout():
    # x.reshape(-1) of a reversed vector is a view (a negative stride), where its ravel is a copy.
    base_eager, base_graph = np.arange(8.0), np.arange(8.0)
    want = write_through_reshape(base_eager[::-1])
    got = autograph.function(write_through_reshape)(base_graph[::-1])
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(base_graph, base_eager)
    assert base_eager[-1] == 5.0
    with pytest.raises(LayoutDependentView, match=r"x\.reshape\(16,\) of it is a copy"):
        autograph.function(write_through_reshape)(np.arange(16.0).reshape(4, 4).T)


def test_the_dot_of_the_ravel_of_a_strided_vector_is_numpys():
    # NumPy's ravel copies the column into a contiguous vector, which its dot hands to another BLAS routine than a
    # strided view: a graph that kept the view gave another last bit in most calls.
    rng = np.random.default_rng(7)
    f = autograph.function(dot_of_ravels)
    for _ in range(20):
        x = rng.standard_normal((37, 37))[:, 3]
        np.testing.assert_array_equal(f(x), dot_of_ravels(x))


def test_the_ravel_is_one_contiguous_node_in_the_graph():
    graph = autograph.function(sum_of_a_ravel).get_concrete_function(np.ones((3, 3))).graph
    ops = [node.op for node in graph.nodes]
    assert ops[:2] == ["contiguous", "reshape"]


def copy_of(x):
    return x.copy()


def contiguous_of(x):
    return np.ascontiguousarray(x)


@pytest.mark.parametrize("executor", every_executor())
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "reversed", "column"])
def test_a_copy_of_an_argument_is_a_new_array_and_ascontiguousarray_is_numpys(executor, layout):
    # `x.copy()` stages a `contiguous` node (its layout NumPy's), whose kernel gives the array itself where it is
    # laid out so: until stop 92 a Function returned the caller's own array for it, where NumPy's is a new one.
    x = LAYOUTS[layout](np.arange(16.0).reshape(4, 4))
    got = autograph.function(copy_of, executor=executor)(x)
    assert got is not x and not np.shares_memory(got, x)
    np.testing.assert_array_equal(got, x)
    same = autograph.function(contiguous_of, executor=executor)(x)
    want = contiguous_of(x)
    np.testing.assert_array_equal(same, want)
    if executor == "numpy":  # (the interpreter's kernel is NumPy's: the array itself, or a copy, as NumPy's)
        assert (same is x) == (want is x) and np.shares_memory(same, x) == np.shares_memory(want, x)


def reshape_of_a_fortran_array(x):
    a = np.array(x * 1.0, order="F")
    y = a.reshape(-1)
    y[0] = 5.0
    return a


def ravel_of_a_zeros_like_transpose(x):
    a = np.zeros_like(x.T)
    y = a.ravel()
    y[1] = 5.0
    return a


@pytest.mark.parametrize("fn", [reshape_of_a_fortran_array, ravel_of_a_zeros_like_transpose])
def test_a_write_through_the_reshape_of_an_array_laid_out_in_fortran_order_is_refused(fn):
    # NumPy's C-order reshape or ravel of an F-ordered array is a copy, which the write does not reach: until stop 92
    # the graph wrote into the array (a fresh one, laid out by a `contiguous[order='F']` or `layout_like` node).
    x = np.arange(12.0).reshape(3, 4)
    with pytest.raises(Limitation, match="laid out in Fortran order"):
        autograph.function(fn)(x)
