"""Call overhead of ``autograph.function``: what a call costs beyond running its graph.

Method. Each function's graph is trivial (it returns its argument), so the call's own work
dominates. For every call shape (positional, keyword, defaults, ``*args``, a method, a Python
number) we time, in alternation and in one run (``timing.compare``):

- the ``Function`` call,
- the graph alone: ``interpreter.run(graph, tensors)`` of the same concrete function,
- the plain Python function called the same way (a floor: Python's own call cost).

The fixed cost is ``Function call - graph alone`` (target ≤ 2 µs for any signature). For the JAX
modes the peer is ``jax.jit`` of the same function fed the same NumPy array: for ``executor="jax"``
with x64 on (set once around both, as a JAX user sets it) and returning a NumPy array, as that
executor does; for ``backend="jax"`` returning the JAX array as-is (target: ≤ 10 µs over the peer).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

import autograph
from benchmarks.timing import Row, compare, fmt_time, row
from runtime.graph import interpreter

FIXED_TARGET, FIXED_LIMIT = "≤ 2 µs over", 2e-6
JAX_TARGET, JAX_LIMIT = "≤ 10 µs over", 10e-6


def identity(x):
    return x


def two(x, y):
    return x


def with_defaults(x, scale=2.0, shift=None, name="layer"):
    return x


def star_args(*xs):
    return xs[0]


def keyword_only(x, *, axis=0, keepdims=False):
    return x


class Layer:
    def __init__(self) -> None:
        self.scale = 2.0

    def apply(self, x, bias=0.0):
        return x


Layer.traced_apply = autograph.function(Layer.apply)


def _cases(x: np.ndarray, y: np.ndarray) -> list[tuple[str, Callable, tuple, dict]]:
    """(label, the Python function, args, kwargs): each call shape once."""
    layer = Layer()
    return [
        ("f(x)", identity, (x,), {}),
        ("f(x, y)", two, (x, y), {}),
        ("f(x=x)", identity, (), {"x": x}),
        ("f(x), 3 defaults", with_defaults, (x,), {}),
        ("f(x, scale=3.0, name='a')", with_defaults, (x,), {"scale": 3.0, "name": "a"}),
        ("f(x, 2.0) (a Python number)", two, (x, 2.0), {}),
        ("f(*xs), 3 arrays", star_args, (x, y, x), {}),
        ("f(x, axis=1), keyword-only", keyword_only, (x,), {"axis": 1}),
        ("layer.apply(x) (a method)", layer, (x,), {}),
    ]


def _timed_pair(label: str, fn: Any, args: tuple, kwargs: dict) -> tuple[Callable, Callable, list, Any]:
    """(the plain call, the Function call, its tensor inputs, its graph) for one case."""
    if isinstance(fn, Layer):
        plain, traced = fn.apply, fn.traced_apply
    else:
        plain, traced = fn, autograph.function(fn)
    traced(*args, **kwargs)
    concrete = (traced.__func__ if hasattr(traced, "__func__") else traced).concrete_functions[0]
    tensors = [a for a in (*args, *kwargs.values()) if isinstance(a, np.ndarray)]
    assert len(concrete.graph.inputs) == len(tensors), label
    return plain, traced, tensors, concrete.graph


def graph_rows() -> tuple[list[Row], list[str]]:
    x, y = np.ones(3), np.zeros(3)
    rows, notes = [], []
    for label, fn, args, kwargs in _cases(x, y):
        plain, traced, tensors, graph = _timed_pair(label, fn, args, kwargs)
        keyed = interpreter.runner(graph)  # the run a Function makes: its inputs unchecked (already keyed)
        t_fn, t_graph, t_plain, t_keyed = compare((traced, args, kwargs), (interpreter.run, (graph, tensors)),
                                                  (plain, args, kwargs), (keyed, (tensors,)), rounds=5)
        rows.append(Row(f"{label}: Function − graph alone", fmt_time(t_fn), fmt_time(t_graph),
                        f"{fmt_time(t_fn - t_graph)} over", FIXED_TARGET, t_fn - t_graph <= FIXED_LIMIT))
        notes.append(f"{label}: plain Python call {fmt_time(t_plain)}; Function − the keyed run alone "
                     f"(interpreter.runner) {fmt_time(t_fn - t_keyed)}")
    return rows, notes


def jax_rows() -> tuple[list[Row], list[str]]:
    """The JAX modes' call overhead: each against ``jax.jit`` of the same function called the way a JAX
    user calls it on the same NumPy array. ``executor="jax"`` computes in 64 bits and returns NumPy
    arrays, so its peer runs with x64 already on (a JAX user's global setting: no switch per call) and
    converts its result with ``np.asarray``; ``backend="jax"`` follows JAX's setting (32 bits here) and
    returns JAX arrays, as its peer does. Both sides' results are blocked on."""
    try:
        import jax
    except ImportError:
        return [], ["jax is not installed: no JAX rows"]

    def f(x):
        return x * 2.0 + 1.0

    x = np.ones(3)
    ours, backend = autograph.function(f, executor="jax"), autograph.function(f, backend="jax")
    jitted64, jitted32 = jax.jit(f), jax.jit(f)

    def peer64(x: np.ndarray) -> np.ndarray:
        return np.asarray(jitted64(x))

    def backend_call(x: np.ndarray) -> Any:
        return backend(x).block_until_ready()

    def peer32(x: np.ndarray) -> Any:
        return jitted32(x).block_until_ready()

    with jax.enable_x64(True):
        ours(x)
        np.testing.assert_allclose(ours(x), peer64(x))
        t_ours, t_peer = compare((ours, (x,)), (peer64, (x,)), rounds=7)
    backend_call(x), peer32(x)
    t_backend, t_peer32 = compare((backend_call, (x,)), (peer32, (x,)), rounds=7)
    rows = [
        Row('executor="jax" f(x) − jax.jit(f)(x) (x64 on, np.asarray out)', fmt_time(t_ours), fmt_time(t_peer),
            f"{fmt_time(t_ours - t_peer)} over", JAX_TARGET, t_ours - t_peer <= JAX_LIMIT),
        Row('backend="jax" f(x) − jax.jit(f)(x)', fmt_time(t_backend), fmt_time(t_peer32),
            f"{fmt_time(t_backend - t_peer32)} over", JAX_TARGET, t_backend - t_peer32 <= JAX_LIMIT),
    ]
    notes = ["JAX rows: f(x) = x * 2.0 + 1.0 on a NumPy float64[3], both sides on the same array; the peer of "
             'executor="jax" runs with x64 on (set once, as a JAX user sets it) and converts its result with '
             'np.asarray, as executor="jax" does; the one of backend="jax" returns its JAX array; both blocked on']
    return rows, notes


def auto_rows() -> tuple[list[Row], list[str]]:
    """``executor="auto"`` against the better of the two executors, on a workload where they differ."""
    try:
        import jax  # noqa: F401
    except ImportError:
        return [], ['jax is not installed: executor="auto" runs the interpreter']
    from autograph import executors
    from benchmarks import workloads

    rows, notes = [], []
    for load in workloads.WORKLOADS:
        args = load.make_args()
        auto = autograph.function(load.numpy_fn, executor="auto")
        numpy_fn = autograph.function(load.numpy_fn)
        jax_fn = autograph.function(load.numpy_fn, executor="jax")
        for fn in (auto, numpy_fn, jax_fn):
            for _ in range(2 + executors.TRIAL_CALLS):  # past auto's trial calls (autograph/executors.py)
                fn(*args)
        t_auto, t_numpy, t_jax = compare((auto, args), (numpy_fn, args), (jax_fn, args), min_time=0.01, rounds=5)
        best = min(t_numpy, t_jax)
        chose = auto.concrete_functions[0].executor
        rows.append(row(f"{load.name}: auto ({chose}) ÷ best of numpy/jax", t_auto, best, target="≤ 1.05x",
                        limit=1.05))
        notes.append(f"{load.name}: numpy executor {fmt_time(t_numpy)}, jax executor {fmt_time(t_jax)}")
    return rows, notes


def run() -> tuple[list[Row], list[str]]:
    rows, notes = graph_rows()
    for extra in (jax_rows, auto_rows):
        more, more_notes = extra()
        rows += more
        notes += more_notes
    notes.insert(0, "fixed cost = Function call − interpreter.run of its (trivial) graph, timed in alternation")
    return rows, notes


if __name__ == "__main__":
    from benchmarks.timing import table

    print(table("Function call overhead", ("figure", "ours", "baseline / peer", "ratio", "target"), *run()))
