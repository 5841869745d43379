"""Variables, print_ and assert_: eager behaviour, and stateful nodes that act at every graph run."""

from __future__ import annotations

import numpy as np
import pytest

from runtime.graph.interpreter import run
from runtime.graph.ir import verify
from runtime.graph.tracing import TensorSpec, trace
from runtime.graph.variables import Variable, assert_, print_


def test_eager_variable_is_an_array_you_can_replace():
    v = Variable([1.0, 2.0], name="w")
    assert v.shape == (2,) and v.dtype == np.float64 and v.ndim == 1 and v.size == 2 and len(v) == 2
    assert repr(v) == "Variable('w', float64[2])"
    v.assign([3.0, 4.0]).assign_add(1.0).assign_sub([0.5, 0.5])
    np.testing.assert_array_equal(v.numpy(), [3.5, 4.5])
    np.testing.assert_array_equal(np.asarray(v), [3.5, 4.5])
    v.assign(0)  # broadcasts, like array[...] = 0
    np.testing.assert_array_equal(v.value, [0.0, 0.0])


def test_eager_arithmetic_and_numpy_functions():
    v = Variable(np.array([1, 2, 3], np.int32))
    np.testing.assert_array_equal(v + 1, [2, 3, 4])
    np.testing.assert_array_equal(10 - v, [9, 8, 7])
    np.testing.assert_array_equal(v * v, [1, 4, 9])
    np.testing.assert_array_equal(v == 2, [False, True, False])
    np.testing.assert_array_equal(-v, [-1, -2, -3])
    assert np.sum(v) == 6 and np.maximum(v, 2).tolist() == [2, 2, 3] and v[1] == 2
    assert (v + 1).dtype == np.int32  # a Python int stays weak, as with the array


def test_the_stored_array_cannot_be_written_through_a_read():
    v = Variable(np.zeros(3))
    with pytest.raises(ValueError, match="read-only"):
        v.value[0] = 1.0
    copy = v.numpy()
    copy[0] = 1.0
    assert v.numpy()[0] == 0.0


def test_assignments_keep_dtype_and_shape():
    v = Variable(np.zeros(3, np.int32))
    with pytest.raises(TypeError, match="cannot assign a float64 value"):
        v.assign(np.ones(3))
    with pytest.raises(ValueError, match="shape"):
        v.assign(np.ones(4, np.int32))
    v.assign(np.ones(3, np.int64))  # same kind: cast
    assert v.dtype == np.int32 and v.numpy().tolist() == [1, 1, 1]
    with pytest.raises(TypeError, match="cannot assign a float64 value"):
        trace(lambda x: v.assign(x), [TensorSpec((3,), np.float64)])


def test_traced_reads_and_writes_happen_at_every_run():
    total = Variable(0.0)

    def step(x):
        total.assign_add(np.sum(x))
        return total * 2  # arithmetic on a variable reads it (after the assignment)
    graph, _ = trace(step, [TensorSpec((3,))])
    verify(graph)
    assert [n.op for n in graph.nodes].count("read_variable") == 1
    assert total.numpy() == 0.0  # tracing did not run anything
    assert run(graph, [np.ones(3)]) == (6.0,)
    assert run(graph, [np.ones(3)]) == (12.0,)
    assert total.numpy() == 6.0


def test_numpy_functions_on_a_variable_while_tracing_read_it():
    v = Variable(np.arange(4.0))
    graph, _ = trace(lambda x: np.dot(v, x) + np.sum(v) + v[1], [TensorSpec((4,))])
    assert "read_variable" in str(graph)
    v.assign([1.0, 1.0, 1.0, 1.0])
    assert run(graph, [np.ones(4)]) == (9.0,)


def test_freezing_a_variable_while_tracing_is_an_error():
    v = Variable(np.zeros(2))
    with pytest.raises(TypeError, match="freeze its current value"):
        trace(lambda x: x + np.asarray(v), [TensorSpec((2,))])


def test_print_eagerly_and_in_graphs(capsys):
    print_("eager", np.array([1, 2]), 3, sep="|")
    assert capsys.readouterr().out == "eager|[1 2]|3\n"
    graph, _ = trace(lambda x: print_("x is", x * 2, "and constant"), [TensorSpec((2,), np.int32)])
    assert capsys.readouterr().out == ""
    run(graph, [np.array([1, 2], np.int32)])
    run(graph, [np.array([3, 4], np.int32)])
    assert capsys.readouterr().out == "x is [2 4] and constant\nx is [6 8] and constant\n"


def test_print_without_tensors_still_prints_at_every_run(capsys):
    graph, _ = trace(lambda x: (print_("tick", end="!\n"), x)[1], [TensorSpec(())])
    run(graph, [1.0])
    run(graph, [1.0])
    assert capsys.readouterr().out == "tick!\ntick!\n"


def test_assert_eagerly_and_in_graphs():
    assert_(np.array([True, True]))
    with pytest.raises(AssertionError, match="must be positive"):
        assert_(np.array([1, -1]) > 0, "must be positive")
    graph, _ = trace(lambda x: (assert_(x > 0, "x must be positive"), np.sqrt(x))[1], [TensorSpec((2,))])
    verify(graph)
    np.testing.assert_array_equal(run(graph, [np.array([4.0, 9.0])])[0], [2.0, 3.0])
    with pytest.raises(AssertionError, match="x must be positive"):
        run(graph, [np.array([4.0, -9.0])])
    with pytest.raises(AssertionError, match="checked while tracing"):
        trace(lambda x: assert_(False, "checked while tracing"), [TensorSpec(())])
