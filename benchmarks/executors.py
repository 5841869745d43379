"""executor="auto" against the best of its peers (issue 32): NumPy eager, hand-written ``jax.jit``, ``numba.njit``.

For each workload of ``benchmarks/workloads.py`` (power(x, 100), linear regression, ``while sum(x) > 1``,
the 100 small layers), timed in alternation in one run (``ROUNDS`` rounds, each round's figure the fastest
of 3 batches, the median round kept):

- ours: ``autograph.function(f, executor="auto")`` after its trial (its choice in the figure), fed and
  returning NumPy arrays; and ``executor="numba"`` (where the graph lowers; its fallback reason otherwise);
- NumPy eager: ``f`` itself;
- ``jax.jit`` of the hand-written ``lax`` version, fed JAX arrays already on the device, 64-bit types on
  (our graph computes in NumPy's dtypes: the peer computes in the same);
- ``numba.njit(f)``: the same code compiled by numba, where numba's frontend takes it (numba 0.68 compiles
  ``halve`` and the linear regression; it refuses ``power`` as written, np.matmul of int32 arrays, and the
  100 layers, which read a module-level instance's list of weights): the peer is absent then, and a note
  says why.

The target: auto ≤ 1.1x the best peer present.
"""

from __future__ import annotations

import os
import time
from typing import Any, Callable, Optional

import numpy as np

import autograph
from benchmarks import workloads
from benchmarks.timing import Row, fmt_time, median, per_call, row
from benchmarks.workloads import Workload, block

ROUNDS = 7
TARGET, TARGET_LIMIT = "≤ 1.1x", 1.1


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}"[:110]


def _numba_peer(load: Workload, args: tuple) -> tuple[Optional[Callable], str]:
    """``numba.njit(f)`` compiled for ``args`` (and checked against eager), or None and why not."""
    try:
        import numba
    except ImportError:
        return None, "numba is not installed"
    try:
        jitted = numba.njit(load.numpy_fn)
        got = jitted(*args)
    except Exception as error:  # noqa: BLE001  (numba's frontend refuses the code as written)
        return None, f"numba.njit refuses it ({_first_line(error)})"
    if not np.allclose(got, load.numpy_fn(*args), rtol=1e-6):
        return None, "numba.njit gives another result"
    return jitted, ""


def _jax_peer(load: Workload) -> Optional[Callable[[], Any]]:
    jax = workloads.jax
    if jax is None:
        return None
    fn = jax.jit(load.lax_fn, static_argnums=load.static)
    args = load.jax_args()

    def call() -> Any:
        return block(fn(*args))
    call()
    return call


def _settled(function: Any, args: tuple) -> str:
    """Call ``function`` until its trace's trial has chosen; its choice."""
    for _ in range(1000):
        function(*args)
        concrete = function.concrete_functions[-1]
        if concrete.executor != "auto":
            return concrete.executor
    return "auto"


def _workload_rows(load: Workload, notes: list[str]) -> list[Row]:
    args = load.make_args()
    expected = load.numpy_fn(*args)
    auto = autograph.function(load.numpy_fn, executor="auto")
    start = time.perf_counter()
    auto(*args)
    first = time.perf_counter() - start
    choice = _settled(auto, args)
    assert np.array_equal(auto(*args), expected) or choice == "jax", load.name  # (XLA may round differently)
    numba_fn = autograph.function(load.numpy_fn, executor="numba")
    numba_fn(*args)
    numba_run = numba_fn.concrete_functions[0]._executor
    if numba_run.fallback is not None:
        notes.append(f"{load.name}: executor='numba' runs the interpreter: {numba_run.fallback}")
    else:
        assert np.array_equal(numba_fn(*args), expected), load.name  # the interpreter's bits
    peers: dict[str, Callable[[], Any]] = {"NumPy eager": lambda: load.numpy_fn(*args)}
    jax_call = _jax_peer(load)
    if jax_call is not None:
        peers["jax.jit(lax)"] = jax_call
    njit, why = _numba_peer(load, args)
    if njit is not None:
        peers["numba.njit(f)"] = lambda: njit(*args)
    else:
        notes.append(f"{load.name}: the numba.njit peer is absent: {why}")
    calls = [lambda: auto(*args), lambda: numba_fn(*args), *peers.values()]
    times = _medians(calls)
    ours, ours_numba, peer_times = times[0], times[1], dict(zip(peers, times[2:]))
    best = min(peer_times, key=peer_times.get)
    rows = [row(f"{load.name}: auto (chose {choice}) ÷ best peer ({best})", ours, peer_times[best],
                target=TARGET, limit=TARGET_LIMIT)]
    rows += [row(f"    auto ÷ {name}", ours, t) for name, t in peer_times.items() if name != best]
    rows.append(row(f"    executor='numba'{' (interpreter)' if numba_run.fallback else ''} ÷ {best}", ours_numba,
                    peer_times[best]))
    notes.append(f"{load.name}: auto's first call (trace, interpreter run, JAX and numba compiles) "
                 f"{fmt_time(first)}; trial medians {', '.join(f'{k} {fmt_time(v)}' for k, v in _times(auto))}")
    return rows


def _medians(calls: list[Callable[[], Any]]) -> list[float]:
    """Seconds per call of each, in ``ROUNDS`` alternating rounds (each round's figure the fastest of 3 batches,
    ``timing.per_call``), the median round kept: the other jobs on a shared machine hit all calls alike."""
    rounds: list[list[float]] = [[] for _ in calls]
    for _ in range(ROUNDS):
        for i, call in enumerate(calls):
            rounds[i].append(per_call(call, repeat=3))
    return [median(r) for r in rounds]


def _times(function: Any) -> list[tuple[str, float]]:
    executor = function.concrete_functions[-1]._executor
    return sorted(getattr(executor, "times", {}).items())


def run() -> tuple[list[Row], list[str]]:
    notes: list[str] = []
    rows: list[Row] = []
    jax = workloads.jax
    manager = jax.enable_x64(True) if jax is not None else None
    if manager is not None:
        manager.__enter__()
    try:
        for load in workloads.WORKLOADS:
            rows += _workload_rows(load, notes)
    finally:
        if manager is not None:
            manager.__exit__(None, None, None)
    notes.append(f"load average {', '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs; "
                 f"each figure the median of {ROUNDS} alternating rounds (each the fastest of 3 batches)")
    return rows, notes
