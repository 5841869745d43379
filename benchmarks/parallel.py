"""Independent heavy branches on the interpreter's thread pool (runtime/graph/parallel.py): two
chains of float64 matmuls that do not depend on each other, as a graph with the pool, the same
graph without it (``parallel=False``), and eager NumPy, timed in alternation in one run.

OpenBLAS runs a matmul on several threads itself once m*n*k reaches about 64**3, so eager NumPy
already uses both cores for large matrices and the pool has little to add there: the rows show
one size below that threshold (where BLAS runs single-threaded and eager NumPy cannot overlap the
chains) and one above it (512x512), honestly.
"""

from __future__ import annotations

import numpy as np

import autograph
from benchmarks.timing import Row, compare, fmt_ratio, fmt_time, row
from runtime.graph import interpreter, parallel

SIZES = ((60, 100), (512, 4))  # (n, matmuls per chain)


def chains(a, b, steps):
    x, y = a, b
    for _ in range(steps):
        x = x @ a
        y = y @ b
    return x, y


def run() -> tuple[list[Row], list[str]]:
    rows, notes = [], []
    for n, steps in SIZES:
        rng = np.random.default_rng(0)
        a, b = (rng.normal(size=(n, n)) / np.sqrt(n) for _ in range(2))
        graph = autograph.function(chains).get_concrete_function(
            autograph.TensorSpec((n, n)), autograph.TensorSpec((n, n)), steps).graph
        used = any(isinstance(v, parallel.Region) for v in interpreter.compile_graph(graph, True).__globals__.values())
        pooled = interpreter.run(graph, [a, b], parallel=True)
        for got, expected in zip(pooled, chains(a, b, steps)):
            assert np.array_equal(got, expected)
        eager, ours, alone = compare((chains, (a, b, steps)),
                                     (interpreter.run, (graph, [a, b]), {"parallel": True}),
                                     (interpreter.run, (graph, [a, b]), {"parallel": False}),
                                     min_time=0.05, rounds=5, repeat=3)
        label = f"2 chains of {steps} {n}x{n} f64 matmuls"
        rows.append(row(f"{label}: graph with pool ÷ NumPy eager", ours, eager, target="≤ 0.67x (≥ 1.5x faster)",
                        limit=1 / 1.5))
        rows.append(Row(f"{label}: graph without pool ÷ eager", fmt_time(alone), fmt_time(eager),
                        fmt_ratio(alone / eager)))
        notes.append(f"{label}: {'a parallel region' if used else 'no region (sequential)'}; "
                     f"speed-up of the pool over eager {eager / ours:.2f}x, over the same graph without it "
                     f"{alone / ours:.2f}x; results equal to eager's bit for bit")
    notes.append(f"{parallel.LANES} lanes; OpenBLAS threads itself above ~64**3 flops per matmul (module doc)")
    return rows, notes
