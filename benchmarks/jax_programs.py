"""The real programs of ``tests/jax_programs``, converted, against their hand-written ``lax`` twins.

Per program: staging time (ours: autograph conversion with the converter's caches cleared, then
``jax.jit(...).lower(...).compile()``; the twin: the same ``lower().compile()`` of a fresh copy of the
twin, so that JAX's per-function caches hide no work) and steady-state run time of the compiled
functions, measured in alternation. Targets (issue 11): staging geometric mean ≤ 1.5x the twin, run
time geometric mean ≤ 1.1x, no program above 2x on either.

Everything runs in JAX's default 32-bit mode, as the programs' tests run them.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from typing import Any, Callable

from benchmarks.graphs import fresh
from benchmarks.timing import Row, clear_converter_caches, compare, fmt_ratio, fmt_time, geomean

STAGING_REPEAT = 3
RUN_ROUNDS = 5  # run times are a few µs: more alternations, so a burst of load on the machine hits both
STAGING_TARGET, STAGING_LIMIT = "≤ 1.5x", 1.5
RUN_TARGET, RUN_LIMIT = "≤ 1.1x", 1.1
WORST_TARGET, WORST_LIMIT = "≤ 2x", 2.0


def _programs() -> list:
    """``tests/jax_programs/programs.py``'s corpus (``tests/`` is not a package root of its own)."""
    tests = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests")
    if tests in sys.path:
        from jax_programs.programs import PROGRAMS
        return PROGRAMS
    # After the repository root (tests/autograph must not shadow autograph), and only for this import: left on
    # the path, tests/coverage would be the `coverage` that numba's import looks for (the executors section).
    sys.path.append(tests)
    try:
        from jax_programs.programs import PROGRAMS
    finally:
        sys.path.remove(tests)
    return PROGRAMS


def _block(value: Any) -> Any:
    import jax

    return jax.block_until_ready(value)


def _stage_ours(program: Any, args: tuple) -> tuple[float, float, Callable]:
    """(conversion seconds, conversion + trace + compile seconds, the compiled function)."""
    import jax

    import autograph
    from runtime.jax import UnrolledLoopWarning

    clear_converter_caches()
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UnrolledLoopWarning)  # none expected (tests/jax_programs checks)
        converted = autograph.to_graph(fresh(program.plain))
        converted_at = time.perf_counter()
        compiled = jax.jit(converted).lower(*args).compile()
    return converted_at - start, time.perf_counter() - start, compiled


def _stage_twin(program: Any, args: tuple) -> tuple[float, Callable]:
    import jax

    start = time.perf_counter()
    compiled = jax.jit(fresh(program.twin)).lower(*args).compile()
    return time.perf_counter() - start, compiled


def _calls(compiled: Callable, args: tuple) -> Callable[[], Any]:
    def call() -> Any:
        return _block(compiled(*args))
    call()
    return call


def measure(program: Any) -> dict:
    """Best-of staging times (alternating ours and the twin) and steady-state run times."""
    args = program.args()
    best_convert = best_ours = best_twin = float("inf")
    for _ in range(STAGING_REPEAT):
        convert, ours, compiled_ours = _stage_ours(program, args)
        twin, compiled_twin = _stage_twin(program, args)
        best_convert, best_ours, best_twin = min(best_convert, convert), min(best_ours, ours), min(best_twin, twin)
    run_ours, run_twin = compare(_calls(compiled_ours, args), _calls(compiled_twin, args), rounds=RUN_ROUNDS,
                                 min_time=0.005)
    return {"name": program.name, "convert": best_convert, "stage": best_ours, "stage_twin": best_twin,
            "run": run_ours, "run_twin": run_twin}


def run() -> tuple[list[Row], list[str]]:
    try:
        import jax  # noqa: F401
    except ImportError:
        return [Row("jax is not installed", "not available")], []
    results = [measure(p) for p in _programs()]
    rows = []
    for r in results:
        for kind, ours, twin in (("staging", r["stage"], r["stage_twin"]), ("run", r["run"], r["run_twin"])):
            ratio = ours / twin
            rows.append(Row(f"{r['name']}: {kind}", fmt_time(ours), fmt_time(twin), fmt_ratio(ratio),
                            WORST_TARGET, ratio <= WORST_LIMIT))
    stage_mean = geomean([r["stage"] / r["stage_twin"] for r in results])
    run_mean = geomean([r["run"] / r["run_twin"] for r in results])
    rows.append(Row("staging, geometric mean of ratios", "", "", fmt_ratio(stage_mean), STAGING_TARGET,
                    stage_mean <= STAGING_LIMIT))
    rows.append(Row("run time, geometric mean of ratios", "", "", fmt_ratio(run_mean), RUN_TARGET,
                    run_mean <= RUN_LIMIT))
    conversion = sum(r["convert"] for r in results) / sum(r["stage"] for r in results)
    notes = [
        "staging = conversion (converter caches cleared) + jax.jit trace + XLA compile, best of "
        f"{STAGING_REPEAT}; the twin: trace + compile of a fresh copy of the hand-written lax function",
        "run = one call of the compiled function, blocked on its result, best of alternating batches",
        f"conversion is {conversion:.0%} of our staging time over all programs "
        f"({fmt_time(sum(r['convert'] for r in results))} of {fmt_time(sum(r['stage'] for r in results))})",
    ]
    return rows, notes
