"""``--speed``: how fast ``executor="auto"`` runs the corpus, against eager NumPy and ``numba.njit`` (issue 32).

For every case that works (stages and matches eager) on each executor of the run:

1. The inputs are made once, ``make_inputs(rng(0))``. A function that writes into an array argument (eager run
   on copies, compared with the originals) gets fresh copies of its array arguments for every call, on every
   side alike: each side times ``fn(*copy())``, so each figure includes the same copy (the ratios of those
   cases lean towards 1; the listing marks them ``copies``). Other arguments (a config object, a list) stay
   the same objects: a new Python object is a new trace key for auto, which would trace every call.
2. ``autograph.function(fn, executor="auto")`` is called until every trace's trial has chosen (its first calls
   trace, run the interpreter, compile XLA and numba, then time them: ``autograph/executors.py``), then
   ``SETTLE_CALLS`` more; none of that is timed. Its next result must match eager's on the same inputs, else the
   case is listed (``auto`` raised, or gave another result) and not timed.
3. The sides (auto, eager, and ``numba.njit(fn)`` where the numba comparison compiled it and it matched eager)
   are timed in alternation: each round one batch of each (garbage collector off, ``timeit``), the batch sized
   from one call so that the rounds of a side take about ``BUDGET`` seconds; ``ROUNDS`` rounds (fewer, at least
   ``MIN_ROUNDS``, where a call is slow); each side's figure the median of its rounds' per-call times.

The summary: the geometric mean of auto ÷ eager over the timed cases, of auto ÷ numba over the timed cases numba
compiles, the fastest and slowest cases, and what auto chose (interpreter, XLA, numba) as counts.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import io
import statistics
import timeit
import warnings
from typing import Any, Callable, Optional, Sequence

import numpy as np

import autograph
from benchmarks.timing import fmt_ratio, fmt_time
from tests.coverage import harness
from tests.coverage.cases import Case

BUDGET = 0.1  # seconds of timed calls per side and case (auto's warm-up, untimed, takes longer: ~1 s a case)
ROUNDS = 7  # alternating rounds per case (fewer where one call is slower than BUDGET / ROUNDS)
MIN_ROUNDS = 3
WARM_LIMIT = 500  # calls of auto before giving up on its trial choosing (a trial takes 2 + 50-60 calls)
SETTLE_CALLS = 5  # calls after the choice, untimed: the first installs the chosen run (autograph/function.py)
TIMEOUT = 120.0  # seconds per case, warm-up and timing together
SHOWN = 5  # fastest and slowest cases in the summary
CHOICES = {"numpy": "interpreter", "jax": "XLA", "numba": "numba", "auto": "undecided"}


@dataclasses.dataclass
class Speed:
    """One case's figures: seconds per call of each side (None: not timed), and what auto chose."""

    name: str
    eager: Optional[float] = None
    auto: Optional[float] = None
    numba: Optional[float] = None  # None where numba.njit does not compile the case (or the comparison is off)
    choice: str = ""  # "interpreter", "XLA" or "numba" ("+"-joined where the function has several traces)
    copies: bool = False  # the function writes into its arguments: every call of every side on a fresh copy
    error: str = ""  # why auto was not timed (it raised after its trial, or its result differs from eager)

    @property
    def vs_eager(self) -> Optional[float]:
        return self.auto / self.eager if self.auto is not None and self.eager else None

    @property
    def vs_numba(self) -> Optional[float]:
        return self.auto / self.numba if self.auto is not None and self.numba else None


@dataclasses.dataclass
class Summary:
    timed: int  # cases with an auto ÷ eager ratio
    vs_eager: Optional[float]  # geometric mean over them
    with_numba: int  # of those, cases numba compiles
    vs_numba: Optional[float]
    choices: collections.Counter
    fastest: list[Speed]  # lowest auto ÷ eager first
    slowest: list[Speed]  # highest auto ÷ eager first
    failed: list[Speed]  # not timed: auto raised or differed after its trial


def geometric_mean(ratios: Sequence[float]) -> Optional[float]:
    """exp(mean(log r)), or None for no ratio."""
    return statistics.geometric_mean(ratios) if ratios else None


def summarize(speeds: Sequence[Speed], shown: int = SHOWN) -> Summary:
    timed = [s for s in speeds if s.vs_eager is not None]
    numba = [s.vs_numba for s in timed if s.vs_numba is not None]
    ordered = sorted(timed, key=lambda s: s.vs_eager)
    return Summary(len(timed), geometric_mean([s.vs_eager for s in timed]), len(numba), geometric_mean(numba),
                   collections.Counter(s.choice for s in timed), ordered[:shown], ordered[::-1][:shown],
                   [s for s in speeds if s.error])


# --- measuring ----------------------------------------------------------------------------------

def _copier(args: tuple) -> Callable[[], tuple]:
    """A function that returns ``args`` with every array argument copied. Other arguments stay the same objects:
    a Python object is part of auto's trace key, and a new one each call would trace every call."""
    return lambda: tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)


def writes_into_arguments(fn: Callable, args: tuple) -> bool:
    """Whether ``fn`` writes into an array argument: run on copies of them, compared with the originals."""
    mine = tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)
    fn(*mine)
    return any(isinstance(a, np.ndarray) and not np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")
               for a, b in zip(args, mine))


def _settle(auto: Any, call: Callable[[], Any]) -> None:
    """Call auto until every trace's trial has chosen, then ``SETTLE_CALLS`` more."""
    for _ in range(WARM_LIMIT):
        call()
        if all(c.executor != "auto" for c in auto.concrete_functions):
            break
    for _ in range(SETTLE_CALLS):
        call()


def _choice(auto: Any) -> str:
    return "+".join(sorted({CHOICES.get(c.executor, c.executor) for c in auto.concrete_functions})) or "no trace"


def interleaved(calls: Sequence[Callable[[], Any]], budget: float = BUDGET) -> list[float]:
    """Seconds per call of each (already warm) call: ``ROUNDS`` alternating rounds of one batch each, each
    batch sized for ``budget / ROUNDS`` seconds from one timed call; each figure the median round."""
    timers = [timeit.Timer("call()", globals={"call": c}) for c in calls]
    once = [max(t.timeit(1), 1e-7) for t in timers]
    rounds = max(MIN_ROUNDS, min(ROUNDS, int(budget / max(once))))
    numbers = [max(1, int(budget / rounds / t)) for t in once]
    samples: list[list[float]] = [[] for _ in calls]
    for _ in range(rounds):
        for timer, number, sample in zip(timers, numbers, samples):
            sample.append(timer.timeit(number) / number)
    return [statistics.median(s) for s in samples]


def measure(case: Case, jitted: Optional[Callable] = None, budget: float = BUDGET) -> Speed:
    """``case``'s figures (module docstring); ``jitted`` is its ``numba.njit`` function where that compiled."""
    speed = Speed(case.name)
    with warnings.catch_warnings(), np.errstate(all="ignore"), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        args = harness._inputs(case, 0)
        speed.copies = writes_into_arguments(case.fn, args)
        fresh = _copier(args) if speed.copies else (lambda: args)
        auto = autograph.function(case.fn, executor="auto")
        try:
            with harness._time_limit(TIMEOUT):
                _settle(auto, lambda: auto(*fresh()))
                speed.choice = _choice(auto)
                difference = harness.compare(case.fn(*fresh()), auto(*fresh()))
                if difference:
                    speed.error = f"auto's result differs from eager after its trial: {difference}"
                    return speed
                sides = [lambda: auto(*fresh()), lambda: case.fn(*fresh())]
                if jitted is not None:
                    sides.append(lambda: jitted(*fresh()))
                times = interleaved(sides, budget)
        except Exception as error:  # noqa: BLE001 (reported, with the case)
            speed.error = f"auto raised after its trial: {harness.first_line(error)}"
            return speed
    speed.auto, speed.eager = times[0], times[1]
    speed.numba = times[2] if jitted is not None else None
    return speed


def run(outcomes: Sequence[harness.Outcome], numba_outcomes: Sequence[harness.Outcome],
        executors: Sequence[str], budget: float = BUDGET) -> list[Speed]:
    """The figures of every case that works on each of ``executors`` (in corpus order); numba's side where its
    outcome in ``numba_outcomes`` works (compiled, matching eager)."""
    works = collections.Counter(o.name for o in outcomes if o.executor in executors and o.category == harness.WORKS)
    jitted = {o.name: o.function for o in numba_outcomes if o.category == harness.WORKS}
    cases, seen = [], set()
    for o in outcomes:
        if works[o.name] == len(executors) and o.name not in seen:
            seen.add(o.name)
            cases.append(o.case)
    return [measure(c, jitted.get(c.name), budget) for c in cases]


# --- the report ---------------------------------------------------------------------------------

def report(speeds: Sequence[Speed], markdown: bool, show_all: bool, seconds: float,
           numba: Optional[str]) -> list[str]:
    """The speed section's lines: one per case (``show_all``; failures always), then the summary.
    ``numba`` is why numba's side is absent (None: it is present where it compiles)."""
    s = summarize(speeds)
    lines: list[str] = [""]
    listed = [x for x in speeds if show_all or x.error]
    if listed and markdown:
        lines += ["| case | eager | auto (chose) | auto ÷ eager | numba.njit | auto ÷ numba |",
                  "|---|---:|---:|---:|---:|---:|"]
        for x in listed:
            if x.error:
                error = x.error.replace("|", "\\|")
                lines.append(f"| `{x.name}` | | | {error} | | |")
                continue
            marks = f"{x.choice}{', copies' if x.copies else ''}"
            lines.append(f"| `{x.name}` | {fmt_time(x.eager)} | {fmt_time(x.auto)} ({marks}) | "
                         f"{fmt_ratio(x.vs_eager)} | {fmt_time(x.numba)} | {fmt_ratio(x.vs_numba)} |")
        lines.append("")
    elif listed:
        for x in listed:
            if x.error:
                lines.append(f"speed {x.name:39} {x.error}")
                continue
            marks = f"{x.choice}{', copies' if x.copies else ''}"
            lines.append(f"speed {x.name:39} eager {fmt_time(x.eager):>9}  auto {fmt_time(x.auto):>9} "
                         f"{f'({marks})':24} ÷ eager {fmt_ratio(x.vs_eager):>8}  numba {fmt_time(x.numba):>9}  "
                         f"÷ numba {fmt_ratio(x.vs_numba):>8}")
        lines.append("")
    choices = ", ".join(f"{name} {n}" for name, n in s.choices.most_common()) or "—"
    numba_row = (f"{fmt_ratio(s.vs_numba)} over {s.with_numba} cases numba.njit compiles" if numba is None
                 else f"— ({numba})")
    rows = [("auto ÷ eager NumPy, geometric mean", f"{fmt_ratio(s.vs_eager)} over {s.timed} cases"),
            ("auto ÷ numba.njit, geometric mean", numba_row),
            ("auto chose", choices),
            ("fastest against eager", _few(s.fastest, markdown)),
            ("slowest against eager", _few(s.slowest, markdown)),
            ("not timed (listed with the reason)", str(len(s.failed)))]
    title = (f"Speed of executor=\"auto\" after its trial (medians of interleaved rounds, ~{BUDGET:g} s per side "
             f"and case), {seconds:.0f} s")
    if markdown:
        lines += [f"| {title} | |", "|---|---|"] + [f"| {k} | {v} |" for k, v in rows]
    else:
        lines += [title] + [f"  {k}: {v}" for k, v in rows]
    return lines


def _few(speeds: Sequence[Speed], markdown: bool) -> str:
    quote = "`" if markdown else ""
    return ", ".join(f"{quote}{x.name}{quote} {fmt_ratio(x.vs_eager)}" for x in speeds) or "—"
