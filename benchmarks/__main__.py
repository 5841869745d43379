"""``python -m benchmarks [conversion] [graphs] [jax] [calls] [passes] [jax_programs] [parallel] [roll]
[executors]``: print every section's table (all by default)."""

from __future__ import annotations

import os
import platform
import sys
import time

import numpy as np

import benchmarks  # noqa: F401  (puts the repository root first on sys.path)
from benchmarks.timing import table

HEADERS = ("figure", "ours", "baseline / peer", "ratio", "target")


def _sections() -> dict:
    from benchmarks import calls, conversion, executors, graphs, jax_peers, jax_programs, parallel, passes, roll

    return {
        "conversion": ("1. Conversion (converter core): tests/corpus.py", conversion.run),
        "graphs": ("2. Graphs (graph builder): NumPy interpreter", graphs.run),
        "jax": ("3. JAX: peer = hand-written lax (jax.jit / jax.make_jaxpr)", jax_peers.run),
        "calls": ("4. Function calls: the fixed cost of a call, and executor='auto'", calls.run),
        "passes": ("5. Graph optimization passes: nodes and run time, optimized ÷ unoptimized", passes.run),
        "jax_programs": ("6. JAX real programs (tests/jax_programs) against their hand-written lax twins",
                         jax_programs.run),
        "parallel": ("7. Independent branches on the interpreter's thread pool: graph ÷ NumPy eager", parallel.run),
        "roll": ("8. Rolling repeated blocks: the 100 small layers with the roll pass ÷ without it", roll.run),
        "executors": ("9. executor='auto' (interpreter, XLA, numba) ÷ the best of NumPy eager, jax.jit, numba.njit",
                      executors.run),
    }


def _versions() -> str:
    try:
        import jax
        jax_version = jax.__version__
    except ImportError:
        jax_version = "not installed"
    return (f"Python {platform.python_version()}, numpy {np.__version__}, jax {jax_version}, "
            f"{os.cpu_count()} CPUs ({platform.machine()})")


def main(argv: list[str]) -> int:
    sections = _sections()
    chosen = argv or list(sections)
    unknown = [name for name in chosen if name not in sections]
    if unknown:
        print(f"unknown section(s) {', '.join(unknown)}; choose from {', '.join(sections)}", file=sys.stderr)
        return 2
    print(_versions())
    start = time.perf_counter()
    for name in chosen:
        title, run = sections[name]
        section_start = time.perf_counter()
        rows, notes = run()
        print()
        print(table(f"{title}  [{time.perf_counter() - section_start:.1f} s]", HEADERS, rows, notes))
    print(f"\ntotal {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
