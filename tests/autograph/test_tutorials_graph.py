"""The programs of the tf.function / AutoGraph tutorials, written with NumPy, as graphs."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from autograph import TensorSpec


def test_my_relu_traces_once_per_shape():
    @autograph.function
    def my_relu(x):
        return np.maximum(x, 0)

    np.testing.assert_array_equal(my_relu(np.float64(5.5)), 5.5)
    np.testing.assert_array_equal(my_relu(np.array([1.0, -1.0])), [1.0, 0.0])
    np.testing.assert_array_equal(my_relu(np.array([[3.0, -3.0]])), [[3.0, 0.0]])
    my_relu(np.array([4.0, -4.0]))  # same signature as the second call: no trace
    assert my_relu.tracing_count == 3 and len(my_relu.concrete_functions) == 3
    text = my_relu.pretty_printed_concrete_signatures()
    for shape in ("()", "(2,)", "(1, 2)"):
        assert f"x: float64 Tensor, shape={shape}" in text


def test_get_mse_prints_only_while_tracing(capsys):
    @autograph.function
    def get_MSE(y_true, y_pred):
        print("Calculating MSE!")
        sq_diff = (y_true - y_pred) ** 2
        return np.mean(sq_diff)

    y_true = np.array([1, 2, 3, 4, 5], np.int32)
    y_pred = np.array([2, 2, 2, 2, 2], np.int32)
    first = get_MSE(y_true, y_pred)
    get_MSE(y_true, y_pred)
    get_MSE(y_true, y_pred)
    assert capsys.readouterr().out == "Calculating MSE!\n"
    assert first == np.mean((y_true - y_pred) ** 2)


def test_tracing_function_retraces_for_new_python_ints(capsys):
    @autograph.function
    def tracing_function(x):
        print("Tracing!")
        return x

    tracing_function(2)
    tracing_function(2)
    tracing_function(3)
    assert capsys.readouterr().out == "Tracing!\nTracing!\n"
    assert tracing_function.tracing_count == 2


def test_power_with_a_python_loop_matches_eager():
    def power(x, y):
        result = np.eye(10, dtype=np.int32)
        for _ in range(y):
            result = np.matmul(x, result)
        return result

    x = np.random.default_rng(0).integers(-1, 2, (10, 10)).astype(np.int32)
    graph_power = autograph.function(power)
    np.testing.assert_array_equal(graph_power(x, 100), power(x, 100))
    graph = graph_power.concrete_functions[0].graph
    assert [n.op for n in graph.nodes].count("matmul") == 100  # the Python loop unrolled


X = np.random.default_rng(42).normal(size=(32, 5))
TRUE_W = np.arange(5.0)
Y = X @ TRUE_W


def test_linear_regression_step_in_a_python_loop():
    w = autograph.Variable(np.zeros(5))

    @autograph.function
    def train_step(x, y):
        error = x @ w - y
        w.assign_sub(0.1 * x.T @ error / len(y))
        return np.mean(error ** 2)

    for _ in range(1001):
        loss = train_step(X, Y)
    assert train_step.tracing_count == 1
    np.testing.assert_allclose(w.numpy(), TRUE_W, atol=1e-6)
    assert loss < 1e-10


def test_linear_regression_whole_loop_in_one_graph():
    w = autograph.Variable(np.zeros(5))

    @autograph.function
    def train(x, y, n):
        for _ in range(n):
            error = x @ w - y
            w.assign_sub(0.1 * x.T @ error / len(y))
        return w.value

    result = train(X, Y, np.int64(1001))
    np.testing.assert_allclose(result, TRUE_W, atol=1e-6)
    graph = train.concrete_functions[0].graph
    assert [n.op for n in graph.nodes].count("while_loop") == 1


def simple_relu(x):
    if np.greater(x, 0):
        return x
    else:
        return 0


def my_function(x):
    if np.sum(x) > 0:
        y = np.sqrt(x)
    else:
        y = x * 2
    return y


@pytest.mark.parametrize("x", [np.float64(1.0), np.float64(-1.0)])
def test_simple_relu_both_branches(x):
    staged = autograph.function(simple_relu)
    assert staged(x) == simple_relu(x)
    assert "cond" in str(staged.concrete_functions[0].graph)


@pytest.mark.parametrize("x", [np.array([1.0, 4.0]), np.array([-1.0, -4.0])])
def test_my_function_both_branches(x):
    np.testing.assert_allclose(autograph.function(my_function)(x), my_function(x))


def test_non_strict_unused_take_does_not_run():
    def unused_return(x):
        np.take(x, [5])  # out of bounds, and unused
        return x

    x = np.array([1.0, 2.0])
    with pytest.raises(IndexError):
        unused_return(x)
    np.testing.assert_array_equal(autograph.function(unused_return)(x), x)


def test_staged_while_halving():
    @autograph.function(input_signature=[TensorSpec([None])])
    def halve(x):
        while np.sum(x) > 1:
            x = x / 2
        return x

    x = np.linspace(0, 1, 1000)
    expected = x.copy()
    while np.sum(expected) > 1:
        expected = expected / 2
    np.testing.assert_allclose(halve(x), expected)
