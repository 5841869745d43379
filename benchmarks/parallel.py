"""Independent heavy branches on the interpreter's thread pool (runtime/graph/parallel.py): two
chains of float64 matmuls that do not depend on each other, as a graph with the pool, the same
graph without it (``parallel=False``), eager NumPy, and the ceiling: the same two chains on two
plain threads written by hand (no graph). All timed in alternation in one run, each call on its
own, the fastest of many kept (a shared machine's busy moments hit all four alike, and the fastest
call is the one that had the second core).

A control says whether this process had a second core at all: ``np.sin`` over a large array twice
on one thread ÷ once on each of two threads (the GIL released throughout; 2x on two free cores).
Without it, no row below means anything about the pool.

OpenBLAS runs a matmul on several threads itself once m*n*k reaches about 64**3 (unless
``OPENBLAS_NUM_THREADS=1``), so eager NumPy already uses both cores for large matrices and the
pool has little to add there: the sizes below that threshold (where eager NumPy runs each matmul
on one core and cannot overlap the chains) show the curve of what a lane gains as the matmuls grow
(each matmul releases and takes back the GIL once; 32x32 ones do not overlap even on threads by
hand, and the scheduler leaves them sequential), and 100x100 and 512x512 show the scheduler leaving a
graph that BLAS already spreads over the cores sequential, at no cost.
"""

from __future__ import annotations

import concurrent.futures

import numpy as np

import autograph
from benchmarks.timing import Row, compare, fmt_ratio, fmt_time, row
from runtime.graph import interpreter, parallel

SIZES = ((60, 100, 12), (32, 200, 8), (48, 120, 8), (100, 40, 8), (512, 4, 3))  # (n, matmuls per chain, rounds)


def chains(a, b, steps):
    x, y = a, b
    for _ in range(steps):
        x = x @ a
        y = y @ b
    return x, y


def _chain(a, steps):
    x = a
    for _ in range(steps):
        x = x @ a
    return x


def run() -> tuple[list[Row], list[str]]:
    rows, notes = [], []
    helper = concurrent.futures.ThreadPoolExecutor(1)  # the hand-written ceiling's second thread
    big = np.random.default_rng(1).normal(size=1_000_000)

    def one_thread():
        np.sin(big)
        np.sin(big)

    def two_threads():
        other = helper.submit(np.sin, big)
        np.sin(big)
        other.result()
    for n, steps, rounds in SIZES:
        rng = np.random.default_rng(0)
        a, b = (rng.normal(size=(n, n)) / np.sqrt(n) for _ in range(2))
        graph = autograph.function(chains).get_concrete_function(
            autograph.TensorSpec((n, n)), autograph.TensorSpec((n, n)), steps).graph
        used = any(isinstance(v, parallel.Region) for v in interpreter.compile_graph(graph, True).__globals__.values())
        pooled = interpreter.run(graph, [a, b], parallel=True)
        for got, expected in zip(pooled, chains(a, b, steps)):
            assert np.array_equal(got, expected)

        def by_hand(a=a, b=b, steps=steps):
            other = helper.submit(_chain, b, steps)
            _chain(a, steps)
            other.result()
        eager, ours, alone, ceiling, single, double = compare(
            (chains, (a, b, steps)), (interpreter.run, (graph, [a, b]), {"parallel": True}),
            (interpreter.run, (graph, [a, b]), {"parallel": False}), by_hand, one_thread, two_threads,
            min_time=0.0, rounds=rounds, repeat=3)
        label = f"2 chains of {steps} {n}x{n} f64 matmuls"
        rows.append(row(f"{label}: graph with pool ÷ NumPy eager", ours, eager, target="≤ 0.67x (≥ 1.5x faster)",
                        limit=1 / 1.5))
        rows.append(Row(f"{label}: graph without pool ÷ eager", fmt_time(alone), fmt_time(eager),
                        fmt_ratio(alone / eager)))
        rows.append(Row(f"{label}: 2 threads by hand ÷ eager (ceiling)", fmt_time(ceiling), fmt_time(eager),
                        fmt_ratio(ceiling / eager)))
        notes.append(f"{label}: {'a parallel region' if used else 'no region (sequential)'}; "
                     f"speed-up over eager: pool {eager / ours:.2f}x, threads by hand {eager / ceiling:.2f}x; "
                     f"pool over the same graph without it {alone / ours:.2f}x; control (np.sin on 2 threads) "
                     f"{single / double:.2f}x; results equal to eager's bit for bit")
    helper.shutdown()
    notes.append(f"{parallel.LANES} lanes; BLAS threads {getattr(parallel, 'BLAS_THREADS', '?')} (environment, "
                 "parallel.blas_threads); OpenBLAS threads a matmul itself above ~64**3 flops")
    return rows, notes
