"""Single calls interleaved in random order: how a call costs when it is not one of a batch.

    times = interleaved({"ours": (ours, (x,)), "peer": (peer, (x,))}, rounds=4000)
    statistics.median(times["ours"]) / statistics.median(times["peer"])

Batches of the same call (``timing.per_call``) keep XLA's dispatch, its caches and the branch
predictors warm for that one call; a program calls a function between other work. Here every
candidate is called ``rounds`` times, the calls of all candidates shuffled together, each timed
alone in the calling thread's CPU time (``time.thread_time``: the other sessions on a shared
machine do not count), the garbage collector off. The median (p50) is the figure; p10 goes in
the notes. Every candidate is warmed (and compiled) first.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from typing import Callable

WARM_CALLS = 50


def interleaved(calls: dict[str, tuple[Callable, tuple]], rounds: int = 4000, seed: int = 0) -> dict[str, list[float]]:
    """Each call's ``rounds`` single-call times (seconds of thread CPU time), called in one shuffled order."""
    for fn, args in calls.values():
        for _ in range(WARM_CALLS):
            fn(*args)
    order = [name for name in calls for _ in range(rounds)]
    random.Random(seed).shuffle(order)
    times: dict[str, list[float]] = {name: [] for name in calls}
    clock = time.thread_time
    enabled = gc.isenabled()
    gc.disable()
    try:
        for name in order:
            fn, args = calls[name]
            start = clock()
            fn(*args)
            times[name].append(clock() - start)
    finally:
        if enabled:
            gc.enable()
    return times


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0-100) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def median(values: list[float]) -> float:
    return statistics.median(values)


def describe(times: dict[str, list[float]]) -> str:
    """``name p10/p50`` for each call, for a note."""
    return "; ".join(f"{name} p10 {percentile(v, 10) * 1e6:.1f} µs, p50 {median(v) * 1e6:.1f} µs"
                     for name, v in times.items())
