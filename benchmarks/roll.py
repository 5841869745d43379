"""What rolling repeated blocks buys (runtime/graph/passes/roll.py) on the "100 small layers" model
(benchmarks/workloads.py, ``SequentialModel``): trace + compile time and run time with the pass and
without it (the rest of the pipeline on in both), on executor="numpy" and executor="jax", next to the
hand-written ``jax.jit`` of ``call_lax`` (the 99 square layers stacked under ``lax.fori_loop``).

"Without" is the same pipeline with the roll pass made the identity in ``passes.PASSES`` for the trace; the
two graphs are checked to give the same bits on each executor before anything is timed.
"""

from __future__ import annotations

import contextlib
import random
import time
from typing import Any, Callable, Iterator

import numpy as np

import autograph
from benchmarks import workloads
from benchmarks.graphs import fresh
from benchmarks.interleaved import describe, interleaved, median, percentile
from benchmarks.passes import count
from benchmarks.timing import Row, row
from benchmarks.workloads import block
from runtime.graph import interpreter, passes

COLD_REPEAT = 5
ROUNDS = 400  # single calls of each candidate, interleaved


def _interleaved_wall(calls: dict[str, tuple[Callable, tuple]], rounds: int) -> dict[str, list[float]]:
    """``interleaved``'s single calls in one shuffled order, timed in wall time (XLA runs on its own threads)."""
    for fn, args in calls.values():
        fn(*args)
    order = [name for name in calls for _ in range(rounds)]
    random.Random(0).shuffle(order)
    times: dict[str, list[float]] = {name: [] for name in calls}
    for name in order:
        fn, args = calls[name]
        start = time.perf_counter()
        fn(*args)
        times[name].append(time.perf_counter() - start)
    return times


@contextlib.contextmanager
def without_roll() -> Iterator[None]:
    """Traces made inside run the pipeline without the roll pass."""
    saved = passes.PASSES["roll"]
    passes.PASSES["roll"] = lambda graph: graph
    try:
        yield
    finally:
        passes.PASSES["roll"] = saved


def _first_calls(executor: str, args: tuple) -> tuple[dict, dict]:
    """Seconds for a new Function's first call (trace, optimize, compile for the executor, run), rolled and
    not, alternated ``COLD_REPEAT`` times (min of each); and the last Functions."""
    best, functions = {True: float("inf"), False: float("inf")}, {}
    for _ in range(COLD_REPEAT):
        for rolled in (True, False):
            function = functions[rolled] = autograph.function(workloads.layers, executor=executor)
            with contextlib.nullcontext() if rolled else without_roll():
                start = time.perf_counter()
                function(*args)
                best[rolled] = min(best[rolled], time.perf_counter() - start)
    return best, functions


def _xla_compile_times(graphs: dict, args: tuple) -> dict:
    """Seconds of XLA's compile alone (``jax.jit(...).lower(...).compile()``) of each lowered graph and of
    ``call_lax``, alternated ``COLD_REPEAT`` times (min of each)."""
    jax = workloads.jax
    from runtime.jax import lowering

    best: dict = {}
    with jax.enable_x64(True):
        for _ in range(COLD_REPEAT):
            fns = {**{key: lowering.Lowered(graph).fn for key, graph in graphs.items()},
                   "peer": fresh(workloads.layers_lax)}
            for key, fn in fns.items():
                lowered = jax.jit(fn).lower(*args)
                start = time.perf_counter()
                lowered.compile()
                best[key] = min(best.get(key, float("inf")), time.perf_counter() - start)
    return best


def _peer_first_call(args: tuple) -> tuple[float, Callable]:
    """Seconds for jax.jit(call_lax)'s first call on NumPy arrays, result as NumPy (trace, compile, run)."""
    jax = workloads.jax
    best, jitted = float("inf"), None
    for _ in range(COLD_REPEAT):
        jitted = jax.jit(fresh(workloads.layers_lax))
        start = time.perf_counter()
        np.asarray(block(jitted(*args)))
        best = min(best, time.perf_counter() - start)
    return best, jitted


def _same_bits(a: Any, b: Any) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def run() -> tuple[list[Row], list[str]]:
    rows, notes = [], []
    args = workloads._layers_args()
    executors = ["numpy"] if workloads.jax is None else ["numpy", "jax"]
    functions, first = {}, {}
    for executor in executors:
        times, made = _first_calls(executor, args)
        for rolled in (True, False):
            first[executor, rolled], functions[executor, rolled] = times[rolled], made[rolled]
        on, off = functions[executor, True], functions[executor, False]
        assert _same_bits(on(*args), off(*args)), executor
    graph_on = functions["numpy", True].concrete_functions[0].graph
    graph_off = functions["numpy", False].concrete_functions[0].graph
    rows.append(Row("graph nodes (subgraphs' included): rolled ÷ unrolled", str(count(graph_on)),
                    str(count(graph_off)), f"{count(graph_on) / count(graph_off):.2f}x"))
    peer_first = peer = None
    if workloads.jax is not None:
        with workloads.jax.enable_x64(True):
            peer_first, jitted = _peer_first_call(args)
        peer = (lambda *a: np.asarray(block(jitted(*a))), args)
    for executor in executors:
        rows.append(row(f'trace + compile + first call, executor="{executor}": rolled ÷ unrolled',
                        first[executor, True], first[executor, False], target="≤ 1.00x"))
        if executor == "jax":
            rows.append(row('trace + compile + first call, executor="jax": rolled ÷ jax.jit(call_lax)',
                            first[executor, True], peer_first))
            xla = _xla_compile_times({"on": graph_on, "off": graph_off}, args)
            rows.append(row("XLA compile alone: rolled ÷ unrolled", xla["on"], xla["off"], target="≤ 1.00x"))
            rows.append(row("XLA compile alone: rolled ÷ call_lax", xla["on"], xla["peer"]))
    # Single calls interleaved in random order (benchmarks/interleaved.py): the interpreter's in thread CPU time
    # (the other jobs on a shared machine do not count), XLA's in wall time (it computes on its own threads).
    cpu = interleaved({"on": (functions["numpy", True], args), "off": (functions["numpy", False], args),
                       "run on": (interpreter.run, (graph_on, list(args))),
                       "run off": (interpreter.run, (graph_off, list(args)))}, rounds=ROUNDS)
    # p10: the same kernels either way, so what separates the medians on a loaded machine is the other jobs'
    # traffic in the shared caches; the notes give the medians too.
    rows.append(row('run, executor="numpy": rolled ÷ unrolled (p10, thread CPU time)', percentile(cpu["on"], 10),
                    percentile(cpu["off"], 10), target="≤ 1.00x", limit=1.02))
    rows.append(row("run, interpreter.run alone: rolled ÷ unrolled (p10, thread CPU time)",
                    percentile(cpu["run on"], 10), percentile(cpu["run off"], 10), target="≤ 1.00x", limit=1.02))
    notes.append(f"numpy, {ROUNDS} single calls each: {describe(cpu)}")
    if peer is not None:
        wall = _interleaved_wall({"on": (functions["jax", True], args), "off": (functions["jax", False], args),
                                  "peer": peer}, ROUNDS)
        rows.append(row('run, executor="jax": rolled ÷ unrolled (p50, wall time)', median(wall["on"]),
                        median(wall["off"])))
        rows.append(row('run, executor="jax": rolled ÷ unrolled (p10, wall time)', percentile(wall["on"], 10),
                        percentile(wall["off"], 10)))
        rows.append(row('run, executor="jax" rolled ÷ jax.jit(call_lax) on the same NumPy arrays, np.asarray out',
                        median(wall["on"]), median(wall["peer"]), target="≤ 1.1x", limit=1.1))
        rows.append(row('run, executor="numpy" rolled (CPU) ÷ jax.jit(call_lax) (wall), same arrays',
                        median(cpu["on"]), median(wall["peer"])))
        notes.append(f"jax, {ROUNDS} single calls each, wall time: {describe(wall)}")
    notes.insert(0, f"first call: a new autograph.function(layers, executor=...) (conversion cached), min of "
                    f"{COLD_REPEAT}; the peer: jax.jit of a fresh call_lax function object on NumPy arrays, x64 on, "
                    "np.asarray of its result; both graphs give the same bits on each executor (checked)")
    return rows, notes
