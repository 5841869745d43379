"""A longer graph tour than `make demo` (not run by it): the tf.function tutorial's story, with NumPy
code and our IR. Run it with `python examples/demo_graph.py`."""

from __future__ import annotations

import timeit

import numpy as np

import autograph


def _time(fn, *args, number: int = 50) -> float:
    fn(*args)  # warm up (and trace)
    return min(timeit.repeat(lambda: fn(*args), number=number, repeat=3)) / number * 1e3


def _heading(text: str) -> None:
    print("\n" + "=" * 78 + f"\n{text}\n" + "=" * 78)


def show_tracing() -> None:
    _heading("2. autograph.function: one graph per input signature")

    @autograph.function
    def my_relu(x):
        return np.maximum(x, 0)

    print("my_relu(5.5)          ->", my_relu(np.float64(5.5)))
    print("my_relu([1, -1])      ->", my_relu(np.array([1.0, -1.0])))
    print("my_relu([[3, -3]])    ->", my_relu(np.array([[3.0, -3.0]])))
    print("my_relu([4, -4])      ->", my_relu(np.array([4.0, -4.0])), "(same signature: no new trace)")
    print("tracing_count:", my_relu.tracing_count)
    print(my_relu.pretty_printed_concrete_signatures())

    @autograph.function
    def get_MSE(y_true, y_pred):
        print("Calculating MSE!  (a Python print: runs while tracing only)")
        return np.mean((y_true - y_pred) ** 2)

    y_true, y_pred = np.array([1, 2, 3, 4, 5]), np.array([2, 2, 2, 2, 2])
    for _ in range(3):
        print("get_MSE ->", get_MSE(y_true, y_pred))

    @autograph.function
    def tracing_function(x):
        print("Tracing!")
        return x

    for value in (2, 2, 3):
        print(f"tracing_function({value}) ->", tracing_function(value))
    print("A new Python value means a new trace: tracing_count =", tracing_function.tracing_count)


def my_function(x):
    if np.sum(x) > 0:
        return x * x
    else:
        return -x // 2


def show_graph() -> None:
    _heading("3. A tensor-dependent `if` becomes one cond node")
    staged = autograph.function(my_function)
    for x in (np.array([1, 2]), np.array([-4, 1])):
        print(f"my_function({x}): eager {my_function(x)}, graph {staged(x)}")
    print(staged.concrete_functions[0].graph)


def power(x, y):
    result = np.eye(10, dtype=np.int32)
    for _ in range(y):
        result = np.matmul(x, result)
    return result


def halve(x):
    while np.sum(x) > 1:
        x = x / 2
    return x


X = np.random.default_rng(42).normal(size=(32, 5))
Y = X @ np.arange(5.0)


def train(x, y, w, n):
    for _ in range(n):
        error = x @ w - y
        w = w - 0.1 * x.T @ error / len(y)
    return w


def show_workloads() -> None:
    _heading("4. Graph vs eager NumPy: results and time per call")
    x = np.random.default_rng(0).integers(-1, 2, (10, 10)).astype(np.int32)
    rows = [
        ("power(x, 100), Python loop unrolled", power, (x, 100)),
        ("while np.sum(x) > 1: x = x / 2", halve, (np.ones(1000),)),
        ("linear regression, 1001 steps, staged for", train, (X, Y, np.zeros(5), np.int64(1001))),
    ]
    for name, fn, args in rows:
        staged = autograph.function(fn)
        eager_result, graph_result = fn(*args), staged(*args)
        agree = np.allclose(eager_result, graph_result)
        eager_ms, graph_ms = _time(fn, *args, number=20), _time(staged, *args, number=20)
        print(f"{name}: {'agree' if agree else 'DIFFER'}; eager {eager_ms:.3f} ms, graph {graph_ms:.3f} ms "
              f"({graph_ms / eager_ms:.2f}x)")
        if not agree:
            raise SystemExit(1)
    print("trained weights:", np.round(autograph.function(train)(X, Y, np.zeros(5), np.int64(1001)), 6))


def show_graphs() -> None:
    show_tracing()
    show_graph()
    show_workloads()


if __name__ == "__main__":
    show_graphs()
