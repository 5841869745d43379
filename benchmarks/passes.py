"""What the graph optimization passes buy (runtime/graph/passes): nodes and run time, per pass and
for the whole pipeline, on realistic traced programs, and what they cost at trace time.

Programs: every case of tests/graph_corpus.py (its first inputs) and the workloads of
benchmarks/workloads.py, plus one loop with invariant work on its weights. Each is traced once
unoptimized; a pass alone (or the pipeline) is applied to that graph; "before" is always the
unoptimized graph measured in the same run, in alternation.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np

import autograph
from benchmarks import workloads
from benchmarks.timing import Row, compare, fmt_ratio, fmt_time, geomean, per_call, row
from runtime.graph import interpreter, ops
from runtime.graph.passes import PASSES, optimize
from runtime.graph.tracing import TensorSpec, trace

ALL = tuple(PASSES)


def masked_steps(x, w, n):
    """A loop whose weights' mask and transpose never change: LICM's case."""
    for _ in range(n):
        x = np.tanh(x @ np.where(np.transpose(w) > 0.0, np.transpose(w), 0.0))
    return x


def _masked_args() -> tuple:
    rng = np.random.default_rng(1)
    return rng.normal(size=(4, 200)) * 0.1, rng.normal(size=(200, 200)) * 0.1, np.int64(50)


def count(graph: Any) -> int:
    """Nodes, subgraphs' included."""
    return sum(1 + sum(count(node.attrs[name]) for name in ops.OPS[node.op].subgraphs) for node in graph.nodes)


def _traced(fn: Any, args: tuple) -> tuple[Any, list]:
    """The unoptimized graph of ``fn`` on ``args`` (Python ints stay Python, as autograph.function keys
    them) and the tensor arguments it takes."""
    converted = autograph.convert(fn)
    tensors = [a for a in args if isinstance(a, (np.ndarray, np.generic))]
    positions = [i for i, a in enumerate(args) if isinstance(a, (np.ndarray, np.generic))]

    def bound(*placeholders: Any) -> Any:
        full = list(args)
        for i, p in zip(positions, placeholders):
            full[i] = p
        return converted(*full)

    graph = trace(bound, [TensorSpec.from_value(t) for t in tensors], optimize=False).graph
    return graph, tensors


def _corpus() -> list[tuple[str, Any, list]]:
    root = Path(__file__).resolve().parent.parent / "tests"
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    import graph_corpus

    programs = []
    for case in graph_corpus.CASES:
        try:
            graph, tensors = _traced(case.fn, case.inputs()[0])
        except Exception:  # noqa: BLE001  (a case that stages only under autograph.function's keying)
            continue
        programs.append((case.name, graph, tensors))
    return programs


def _workloads() -> list[tuple[str, Any, list]]:
    loads = [(w.name, w.numpy_fn, w.make_args()) for w in workloads.WORKLOADS]
    loads.append(("masked steps (LICM)", masked_steps, _masked_args()))
    return [(name, *_traced(fn, args)) for name, fn, args in loads]


def _same(a: tuple, b: tuple) -> bool:
    return all(np.array_equal(x, y, equal_nan=True) for x, y in zip(a, b))


def run() -> tuple[list[Row], list[str]]:
    rows: list[Row] = []
    notes: list[str] = []
    corpus, loads = _corpus(), _workloads()
    everything = corpus + loads
    warnings.simplefilter("ignore", RuntimeWarning)
    # Nodes: per pass alone and for the pipeline, summed over every program.
    before = sum(count(g) for _, g, _ in everything)
    for name in (*ALL, "pipeline"):
        after = sum(count(optimize(g, ALL if name == "pipeline" else (name,))) for _, g, _ in everything)
        rows.append(Row(f"nodes, {name} ({len(everything)} programs): after ÷ before", str(after), str(before),
                        fmt_ratio(after / before), "< 1.00x", None))
    # Run time on the interpreter: each workload, each pass alone and the pipeline.
    for label, graph, tensors in loads:
        expected = interpreter.run(graph, tensors)
        for name in (*ALL, "pipeline"):
            optimized = optimize(graph, ALL if name == "pipeline" else (name,))
            if optimized is graph:
                continue
            assert _same(interpreter.run(optimized, tensors), expected), (label, name)
            ours, base = compare((interpreter.run, (optimized, tensors)), (interpreter.run, (graph, tensors)),
                                 min_time=0.01, rounds=5)
            rows.append(row(f"{label}, {name}: run optimized ÷ unoptimized", ours, base, target="≤ 1.00x"))
    # The corpus, pipeline only: geometric mean of the per-program ratios.
    ratios = []
    for _, graph, tensors in corpus:
        optimized = optimize(graph)
        if optimized is not graph:
            ours, base = compare((interpreter.run, (optimized, tensors)), (interpreter.run, (graph, tensors)),
                                 min_time=0.002, rounds=2)
            ratios.append(ours / base)
    rows.append(Row(f"corpus ({len(ratios)} changed programs), pipeline: run ratio, geometric mean", "—", "—",
                    fmt_ratio(geomean(ratios)), "≤ 1.00x", None))
    rows += _jax_rows(loads)
    # What optimizing costs while tracing.
    spec = [TensorSpec((1000,), np.float64)]
    converted = autograph.convert(workloads.if_and_while)
    on, off = compare((lambda: trace(converted, spec, optimize=True),),
                      (lambda: trace(converted, spec, optimize=False),), min_time=0.02, rounds=3)
    rows.append(row("trace if + while: optimized ÷ not", on, off, target="pipeline cost"))
    notes.append(f"before = the unoptimized graph of the same trace, timed in alternation; corpus: "
                 f"tests/graph_corpus.py ({len(corpus)} programs traced), workloads: benchmarks/workloads.py + "
                 "masked_steps; a pass that changes nothing on a workload has no run-time row")
    notes.append(f"pipeline on one graph: {fmt_time(per_call(optimize, (loads[1][1],)))} for linear regression")
    return rows, notes


def _jax_rows(loads: list) -> list[Row]:
    if workloads.jax is None:
        return []
    from runtime.jax import lowering

    rows = []
    for label, graph, tensors in loads:
        optimized = optimize(graph)
        if optimized is graph:
            continue
        fast, slow = lowering.lower(optimized), lowering.lower(graph)
        assert _same(fast(tensors), slow(tensors)), label
        ours, base = compare((fast, (tensors,)), (slow, (tensors,)), min_time=0.01, rounds=5)
        rows.append(row(f"{label}, pipeline: JAX lowering optimized ÷ unoptimized", ours, base, target="≤ 1.00x"))
    return rows
