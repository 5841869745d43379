"""Timers, the cache reset that makes a conversion cold, and the table every section prints.

    per_call(f, (x,))                 # seconds per call: min over batches, timeit-style
    compare((f, (x,)), (g, (x,)))     # the same for several, in alternation
    cold(lambda: convert(f), clear_converter_caches)   # min over repetitions, caches cleared first
    print(Table("Conversion", rows))
"""

from __future__ import annotations

import gc
import statistics
import textwrap
import time
import timeit
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence


def clear_converter_caches() -> None:
    """Forget every conversion, so the next ``convert`` parses and converts again.

    Benchmark-only: it empties the converter's private caches (conversions per code object,
    converted functions per function object, parsed module trees for lambdas, and ``ag__.call``'s
    table of converted callees). The template cache and ``linecache`` stay warm, as in any process
    that has converted something before.
    """
    import runtime
    from autograph import api, parsing

    with api._lock:
        api._conversions.clear()
        api._functions.clear()
        parsing._MODULE_TREES.clear()
    runtime.set_converter(api._convert_for_call)  # (which empties ag__.call's table of converted callees)


def per_call(fn: Callable, args: Sequence[Any] = (), kwargs: Optional[dict] = None, *, min_time: float = 0.002,
             repeat: int = 5) -> float:
    """Seconds per call of ``fn(*args, **kwargs)``: the fastest of ``repeat`` batches (garbage collector
    off), each batch long enough (``min_time``) for the clock. Sizing the batch warms the call up."""
    timer = timeit.Timer("fn(*args, **kwargs)", globals={"fn": fn, "args": tuple(args), "kwargs": kwargs or {}})
    number = 1
    while True:
        elapsed = timer.timeit(number)
        if elapsed >= min_time or number >= 1 << 20:
            break
        number = min(1 << 20, max(number * 2, int(number * min_time / max(elapsed, 1e-9) * 1.1)))
    return min(timer.repeat(repeat, number)) / number


def compare(*calls: Any, rounds: int = 3, min_time: float = 0.002, repeat: int = 5) -> list[float]:
    """Seconds per call of each call (``fn`` or ``(fn, args)`` or ``(fn, args, kwargs)``), measured in
    alternation ``rounds`` times, the fastest kept: a load change on the machine hits all alike."""
    calls = [(c,) if callable(c) else c for c in calls]
    best = [float("inf")] * len(calls)
    for _ in range(rounds):
        for i, call in enumerate(calls):
            best[i] = min(best[i], per_call(*call, min_time=min_time, repeat=repeat))
    return best


def cold(fn: Callable[[], Any], setup: Callable[[], Any], *, repeat: int = 5) -> float:
    """Seconds for one ``fn()`` after ``setup()``: the fastest of ``repeat`` (collector off)."""
    best = float("inf")
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            setup()
            start = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - start)
    finally:
        if enabled:
            gc.enable()
    return best


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def geomean(values: Sequence[float]) -> float:
    return statistics.geometric_mean(values)


# --- formatting -------------------------------------------------------------------------------------

def fmt_time(seconds: Optional[float]) -> str:
    """``1.23 ms``, ``4.56 µs``, ``789 ns``: three significant digits."""
    if seconds is None:
        return "—"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{_three(seconds / scale)} {unit}"
    return f"{_three(seconds / 1e-9)} ns"


def _three(x: float) -> str:
    return f"{x:.3g}" if x < 100 else f"{x:.0f}"


def fmt_ratio(ratio: Optional[float]) -> str:
    return "—" if ratio is None else f"{ratio:.2f}x"


@dataclass
class Row:
    """One figure: ours, its baseline or peer, their ratio, the target, and whether it is met."""

    figure: str
    ours: str
    baseline: str = "—"
    ratio: str = "—"
    target: str = ""
    ok: Optional[bool] = None


def row(figure: str, ours: Optional[float], baseline: Optional[float] = None, *, target: str = "",
        limit: Optional[float] = None, on: str = "ratio") -> Row:
    """A row of times. ``limit`` is checked against the ratio (``on="ratio"``) or our time (``on="ours"``)."""
    ratio = ours / baseline if ours is not None and baseline else None
    checked = ratio if on == "ratio" else ours
    ok = None if limit is None or checked is None else checked <= limit
    return Row(figure, fmt_time(ours), fmt_time(baseline), fmt_ratio(ratio), target, ok)


def table(title: str, headers: Sequence[str], rows: Sequence[Row], notes: Sequence[str] = ()) -> str:
    """A plain-text table; the last column says ``ok`` / ``MISS`` against the target."""
    cells = [[r.figure, r.ours, r.baseline, r.ratio, r.target, {True: "ok", False: "MISS", None: ""}[r.ok]]
             for r in rows]
    heads = [*headers, ""]
    widths = [max(len(str(c)) for c in column) for column in zip(heads, *cells)]

    def line(values: Sequence[str]) -> str:
        first, *rest = values
        return "  ".join([first.ljust(widths[0]), *(v.rjust(w) for v, w in zip(rest, widths[1:]))]).rstrip()

    out = [title, "=" * len(title), line(heads), "  ".join("-" * w for w in widths)]
    out += [line(c) for c in cells]
    for note in notes:
        out += textwrap.wrap(note, width=max(100, len(out[2])), initial_indent="  * ", subsequent_indent="    ")
    return "\n".join(out)
