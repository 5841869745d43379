"""A traced graph against eager NumPy on real functions that read the clock (``time.time()``, ``time.perf_counter()``
through ``timeit.default_timer``, ``time.strftime(fmt)``): ``tests/coverage/corpus_clock.py`` says where each comes
from. What the graph must do is runtime/clock_calls.py's: a clock read in a traced function is read each time the
graph runs, as eager code reads it at each call; what no graph value can hold (``time.strftime(fmt)`` of the time
now) is refused at its line.

For every case and input, the function runs eagerly and then as a fresh ``autograph.function(fn)`` (the default
executor), called twice in a row (the second call runs the graph the first traced: a clock frozen while tracing
would give it the first call's readings). Before every call ``np.random`` and ``random`` are seeded (some cases
draw: a staged draw reads the global generator when the graph runs, so it draws eager's numbers), arrays are
copied, and the case's clock is read just before and just after the call. The check passes when

* the graph raises a ``Limitation`` whose message names a line (``file.py:123``): a clear refusal (such checks are
  counted, and the count is printed at the end of the module); or
* both raise, and the graph's exception is an instance of eager's class; or
* both return, and every output that does not depend on the clock is eager's
  (``np.testing.assert_allclose(rtol=1e-12, equal_nan=True)``, containers item by item, text and ``None`` equal),
  and every output that does is sensible (``SPECS`` says which, per case): a duration lies in [0, the wall time of
  the call], durations recorded one per iteration sum to at most that wall time, a cumulative time is
  nondecreasing and ends within it, a timestamp lies between the clock reads around the call, a time stamped as
  text (``time.strftime``) names a second within them, a message that quotes a duration
  (``"... after 0.00 seconds."``) is eager's but for its decimal numbers. And the two graph calls return two
  different timestamps: frozen readings are exactly what the clock nodes replaced.

``test_a_spent_budget_stops_the_graph_where_eager_stops`` takes the cases with a time budget (``max_time``,
``maxtime``, ``total_time``, ``max_processing_time``) and runs them with a spent one (0; python-tsp takes 0 for "no
budget", so 1e-9 there): the graph must stop where eager code stops (the same iteration count, the same factors),
eager's stop must differ from its stop with the ordinary budget (so the budget is what stopped it), and one
``Function`` called with the ordinary budget, then the spent one, then the ordinary one again must follow each, with
the budget as a Python float (a trace per budget) and as a ``np.float64`` (one trace for both: only a clock read at
run time can tell them apart).

``test_eager_results_fit_their_spec`` checks ``SPECS`` against eager code itself (every clock-derived output it names
is sensible eagerly), so that a graph check cannot pass for checking the wrong outputs. The module takes a few seconds.

Written by a helper session as the outside corpus of runtime/clock_calls.py and runtime/graph/clock_reads.py, from
repositories no corpus had drawn on. On the code it was written against, no check fails; 25 of the 31 graph checks
(and 6 of the 9 spent budgets) are refusals that name the line: a list grown in a staged loop (cijose's
``info["itertime"].append``), Python's ``random`` (python-tsp, GWO), ``time.strftime`` (EvoloPy), text made from a
traced number (pymanopt's stopping message, spectrochempy's log message), a clock comparison in a property that is
not converted (tensortools' ``still_optimizing``), ``np.sum`` of a list held by an object (skopt's ``iter_time``), a
NumPy array written with a tensor (PyOptim). With the clock read while tracing instead (as before clock nodes:
``GraphBackend.varying_call`` handing the clock back, in a scratch plugin), 14 tests fail (9 graph checks, 5 spent
budgets): the second call returns the first call's durations, longer than itself, and timestamps from before it.
"""

from __future__ import annotations

import dataclasses
import math
import random
import re
import time
from typing import Any, Callable, Optional

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation
from tests.coverage.corpus_clock import CLOCK_CASES

CASES = {name: (fn, inputs) for name, fn, inputs in CLOCK_CASES}

# What an output that depends on the clock is (see the module's docstring).
DURATION = "duration"  # a number of seconds: 0 <= d <= wall
DURATIONS = "durations"  # one duration per iteration: each >= 0, their sum <= wall
CUMULATIVE = "cumulative"  # the running sum of DURATIONS: nondecreasing, in [0, wall]
TIMESTAMP = "timestamp"  # a reading of the case's clock: before <= t <= after; two calls, two readings
TIMESTAMPS = "timestamps"  # readings, one per iteration: nondecreasing, each in [before, after]
STAMP_TEXT = "strftime"  # time.strftime("%Y-%m-%d-%H-%M-%S") of the time now (local time): a second in the call
TEXT = "text"  # a message that quotes durations: eager's, its decimal numbers aside


@dataclasses.dataclass(frozen=True)
class Budget:
    index: int  # the argument that is the time budget
    spent: float  # a budget spent before the first check
    key: Callable[[Any, tuple], Any]  # (result, args) -> where the function stopped (an iteration count, ...)


@dataclasses.dataclass(frozen=True)
class Spec:
    clock: Callable[[], float]  # the clock the case's readings come from (the clock read around each call)
    outputs: dict  # path in the result (a tuple of indices and keys) -> one of the kinds above
    budget: Optional[Budget] = None


def _iterations_info(out, args):
    return out[1]["iter"]


_CIJOSE = {(1, "itertime"): DURATIONS, (1, "time"): CUMULATIVE, (1, "totaltime"): DURATION}

SPECS: dict[str, Spec] = {
    "cijose_gradient_descent": Spec(time.time, _CIJOSE),
    "cijose_accelerated_gradient_descent": Spec(time.time, _CIJOSE),
    "cijose_gradient_descent_line_search": Spec(time.time, _CIJOSE),
    "cijose_conjugate_gradient": Spec(time.time, _CIJOSE),
    "cijose_power_iteration": Spec(time.time, _CIJOSE),
    "cijose_quasi_newton": Spec(time.time, _CIJOSE),
    "tsp_local_search": Spec(time.perf_counter, {}, Budget(1, 1e-9, lambda out, args: out[1])),
    "tsp_simulated_annealing": Spec(time.perf_counter, {}, Budget(1, 1e-9, lambda out, args: out[1])),
    "evolopy_pso": Spec(time.time, {(3,): DURATION, (4,): STAMP_TEXT, (5,): STAMP_TEXT}),
    "evolopy_gwo": Spec(time.time, {(2,): DURATION, (3,): STAMP_TEXT, (4,): STAMP_TEXT}),
    # (where NNMF.nmf stopped: how far H moved from the initial H)
    "spectrochempy_nnmf": Spec(time.time, {}, Budget(4, 0.0, lambda out, args: float(np.abs(out[1] - args[2]).sum()))),
    "nonnegfac_mu": Spec(time.time, {(2, "final", "elapsed"): DURATION},
                         Budget(4, 0.0, lambda out, args: out[2]["final"]["iterations"])),
    "nonnegfac_hals": Spec(time.time, {(2, "final", "elapsed"): DURATION},
                           Budget(4, 0.0, lambda out, args: out[2]["final"]["iterations"])),
    "tensortools_ncp_bcd": Spec(time.perf_counter, {(5,): TIMESTAMP, (6,): DURATION},
                                Budget(5, 0.0, lambda out, args: out[3])),
    "skopt_deadline_stopper": Spec(time.time, {(2,): DURATIONS, (3,): TIMESTAMP},
                                   Budget(1, 0.0, lambda out, args: out[0])),
    "skopt_timer_callback": Spec(time.time, {(1,): DURATIONS, (2,): TIMESTAMP}),
    "pyoptim_bench_fun_val": Spec(time.time, {("time_tot",): DURATIONS, ("time",): DURATIONS}),
    # (ADBench's timer: the mean run time over nruns, and the last run's value, None if no run fitted the limit)
    "adbench_timer": Spec(time.time, {(0,): DURATION}, Budget(2, 0.0, lambda out, args: out[1] is None)),
    "pymanopt_steepest_descent": Spec(time.time, {(3,): TEXT, (4,): DURATION, (6,): TIMESTAMPS},
                                      Budget(3, 0.0, lambda out, args: out[2])),
}

REFUSED: list[str] = []  # the ids of the checks the graph refused with a Limitation that names a line
_LINE = re.compile(r"\.py:\d+|line \d+")
_SLACK = 1e-9  # seconds: float rounding of sums of readings


# ------------------------------------------------------------------------------------------------
# Running a call


@dataclasses.dataclass
class Call:
    raised: Optional[BaseException]
    value: Any
    before: float
    after: float

    @property
    def wall(self) -> float:
        return self.after - self.before

    def describe(self) -> str:
        if self.raised is not None:
            return f"raised {type(self.raised).__name__}: {_short(str(self.raised))}"
        return f"returned {_short(repr(self.value))}"


def _short(text: str, limit: int = 600) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + " ..."


def _copy(args: tuple) -> tuple:
    return tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)


def _call(fn: Callable, args: tuple, clock: Callable[[], float]) -> Call:
    np.random.seed(0)
    random.seed(0)
    args = _copy(args)
    before = clock()
    try:
        value, raised = fn(*args), None
    except Exception as exc:  # noqa: BLE001  (the exception is the outcome)
        value, raised = None, exc
    after = clock()
    return Call(raised, value, before, after)


def _refused(call: Call) -> bool:
    return isinstance(call.raised, Limitation) and bool(_LINE.search(str(call.raised)))


# ------------------------------------------------------------------------------------------------
# Comparing results


def _at(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def _numbers(value: Any) -> np.ndarray:
    return np.asarray(value, dtype=float).reshape(-1)


def _same(eager: Any, graph: Any, path: tuple, clocked: dict, problems: list[str]) -> None:
    """The outputs that do not depend on the clock are eager's (the clock-derived ones are skipped here)."""
    where = "result" + "".join(f"[{step!r}]" for step in path)
    if path in clocked:
        if clocked[path] == TEXT:
            mask = lambda s: re.sub(r"\d+\.\d+", "#", s) if isinstance(s, str) else s
            if mask(eager) != mask(graph):
                problems.append(f"{where}: eager {eager!r}, the graph {_short(repr(graph), 200)}")
        return
    if isinstance(eager, dict):
        if not isinstance(graph, dict) or set(graph) != set(eager):
            problems.append(f"{where}: eager a dict with keys {sorted(map(str, eager))}, the graph "
                            f"{_short(repr(graph), 200)}")
            return
        for key in eager:
            _same(eager[key], graph[key], path + (key,), clocked, problems)
        return
    inside = any(len(p) > len(path) and p[:len(path)] == path for p in clocked)
    if isinstance(eager, (list, tuple)) and (inside or not _all_numbers(eager)):
        if not isinstance(graph, (list, tuple)) or len(graph) != len(eager):
            problems.append(f"{where}: eager a {type(eager).__name__} of {len(eager)}, the graph "
                            f"{_short(repr(graph), 200)}")
            return
        for i, (e, g) in enumerate(zip(eager, graph)):
            _same(e, g, path + (i,), clocked, problems)
        return
    if eager is None or isinstance(eager, str):
        if graph != eager or type(graph) is not type(eager):
            problems.append(f"{where}: eager {eager!r}, the graph {_short(repr(graph), 200)}")
        return
    try:
        np.testing.assert_allclose(np.asarray(graph), np.asarray(eager), rtol=1e-12, equal_nan=True)
    except (AssertionError, TypeError, ValueError) as exc:
        problems.append(f"{where} differs: eager {_short(repr(eager), 200)}, the graph {_short(repr(graph), 200)}"
                        f" ({_short(str(exc), 300)})")


def _all_numbers(items: Any) -> bool:
    return all(isinstance(item, (int, float, np.number, np.bool_)) and not isinstance(item, bool) for item in items)


def _clock_problems(call: Call, spec: Spec, eager: Any) -> list[str]:
    """The clock-derived outputs of ``call`` are sensible (the kinds of the module's docstring)."""
    problems = []
    wall = call.wall * (1 + 1e-9) + _SLACK
    for path, kind in spec.outputs.items():
        where = "result" + "".join(f"[{step!r}]" for step in path)
        try:
            value = _at(call.value, path)
        except (IndexError, KeyError, TypeError) as exc:
            problems.append(f"{where}: not in the result ({exc!r})")
            continue
        if value is None and (eager is None or _at(eager, path) is None):
            continue  # (no such output at this input: pymanopt's log without log_verbosity)
        try:
            if kind == TEXT:
                continue  # (compared with eager's in _same)
            if kind == STAMP_TEXT:
                if not isinstance(value, str):
                    problems.append(f"{where}: a time as text expected, the graph gave {_short(repr(value), 200)}")
                    continue
                stamp = time.mktime(time.strptime(value, "%Y-%m-%d-%H-%M-%S"))
                if not math.floor(call.before) - 1 <= stamp <= call.after + 1:
                    problems.append(f"{where}: {value!r} is not a second within the call "
                                    f"({time.ctime(call.before)} .. {time.ctime(call.after)})")
                continue
            numbers = _numbers(value)
            if not np.all(np.isfinite(numbers)):
                problems.append(f"{where}: {kind} {numbers} is not finite")
                continue
            if kind == DURATION:
                if not 0 <= numbers[0] <= wall:
                    problems.append(f"{where}: duration {numbers[0]!r} s outside [0, {call.wall!r}] (the call's)")
            elif kind == DURATIONS:
                if np.any(numbers < 0) or numbers.sum() > wall:
                    problems.append(f"{where}: durations {numbers} (sum {numbers.sum()!r}) not within the call's "
                                    f"{call.wall!r} s")
                if eager is not None and len(numbers) != len(_numbers(_at(eager, path))):
                    problems.append(f"{where}: {len(numbers)} durations, eager recorded "
                                    f"{len(_numbers(_at(eager, path)))}")
            elif kind == CUMULATIVE:
                if np.any(np.diff(numbers) < 0) or np.any(numbers < 0) or numbers[-1] > wall:
                    problems.append(f"{where}: cumulative times {numbers} not nondecreasing within the call's "
                                    f"{call.wall!r} s")
            elif kind in (TIMESTAMP, TIMESTAMPS):
                if np.any(numbers < call.before) or np.any(numbers > call.after) or np.any(np.diff(numbers) < 0):
                    problems.append(f"{where}: timestamps {numbers!r} not within the call "
                                    f"[{call.before!r}, {call.after!r}]")
        except (TypeError, ValueError) as exc:
            problems.append(f"{where}: {kind} expected, the graph gave {_short(repr(value), 200)} ({exc!r})")
    return problems


def _stamps(value: Any, spec: Spec) -> list:
    stamps = []
    for path, kind in spec.outputs.items():
        if kind in (TIMESTAMP, TIMESTAMPS):
            try:
                stamps.append((path, _numbers(_at(value, path))[0]))
            except (IndexError, KeyError, TypeError, ValueError):
                pass
    return stamps


def check(name: str, args: tuple, check_id: str) -> None:
    """The module docstring's check of one input (eager, then a fresh Function twice)."""
    fn, _ = CASES[name]
    spec = SPECS[name]
    eager = _call(fn, args, spec.clock)
    staged = autograph.function(fn)
    first = _call(staged, args, spec.clock)
    if _refused(first):
        REFUSED.append(check_id)
        return
    second = _call(staged, args, spec.clock)
    if _refused(second):
        REFUSED.append(check_id)
        return
    for n, graph in enumerate((first, second), 1):
        call_name = f"the graph's call {n}"
        if eager.raised is not None:
            assert graph.raised is not None, (
                f"{call_name} returned where eager {eager.describe()}; the graph {graph.describe()}")
            assert isinstance(graph.raised, type(eager.raised)), (
                f"different exception: eager {eager.describe()}; {call_name} {graph.describe()}")
            continue
        if graph.raised is not None:
            raise AssertionError(f"{call_name} {graph.describe()} where eager {eager.describe()}") from graph.raised
        problems: list[str] = []
        _same(eager.value, graph.value, (), spec.outputs, problems)
        problems += _clock_problems(graph, spec, eager.value)
        assert not problems, f"{call_name}:\n  " + "\n  ".join(problems)
    if eager.raised is None:
        for (path, one), (_, two) in zip(_stamps(first.value, spec), _stamps(second.value, spec)):
            assert one != two, (f"result{list(path)}: both graph calls returned the timestamp {one!r} (eager's "
                                "reading is new at every call)")


# ------------------------------------------------------------------------------------------------
# The tests


@pytest.fixture(scope="module", autouse=True)
def _report_refusals(request):
    yield
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None and REFUSED:
        with capture.global_and_fixture_disabled():
            reporter.write_line(f"\nclock corpus: {len(REFUSED)} checks refused with a Limitation naming a line "
                                f"(allowed): {', '.join(REFUSED)}")


def test_the_corpus_is_well_formed() -> None:
    assert 15 <= len(CLOCK_CASES) <= 30
    assert len(CASES) == len(CLOCK_CASES), "duplicate case names"
    assert set(SPECS) == set(CASES)
    for name, fn, inputs in CLOCK_CASES:
        assert callable(fn) and 1 <= len(inputs) <= 3, name
        for args in inputs:
            assert isinstance(args, tuple), name
            for a in args:
                assert a is None or isinstance(a, (np.ndarray, int, float)), (name, type(a))


@pytest.mark.parametrize("name", sorted(CASES))
def test_eager_results_fit_their_spec(name: str) -> None:
    """The specs describe what eager code returns (else the graph checks would check the wrong things)."""
    fn, inputs = CASES[name]
    spec = SPECS[name]
    for args in inputs:
        eager = _call(fn, args, spec.clock)
        assert eager.raised is None, eager.describe()
        assert not _clock_problems(eager, spec, None), _clock_problems(eager, spec, None)


def _params() -> list:
    return [pytest.param(name, i, id=f"{name}-in{i}") for name, _, inputs in CLOCK_CASES for i in range(len(inputs))]


@pytest.mark.parametrize("name, index", _params())
def test_graph_reads_the_clock_as_eager_does(name: str, index: int) -> None:
    fn, inputs = CASES[name]
    check(name, inputs[index], f"{name}-in{index}")


def _with_budget(args: tuple, budget: Budget, value: Any) -> tuple:
    return args[:budget.index] + (value,) + args[budget.index + 1:]


@pytest.mark.parametrize("name", sorted(name for name, spec in SPECS.items() if spec.budget is not None))
def test_a_spent_budget_stops_the_graph_where_eager_stops(name: str) -> None:
    fn, inputs = CASES[name]
    spec = SPECS[name]
    budget = spec.budget
    ordinary = inputs[0]
    spent = _with_budget(ordinary, budget, budget.spent)

    eager_ordinary = _call(fn, ordinary, spec.clock)
    eager_spent = _call(fn, spent, spec.clock)
    assert eager_ordinary.raised is None and eager_spent.raised is None
    stop_ordinary, stop_spent = budget.key(eager_ordinary.value, ordinary), budget.key(eager_spent.value, spent)
    assert stop_ordinary != stop_spent, f"the budget does not change where eager stops ({stop_spent!r})"

    check(name, spent, f"{name}-spent-budget")  # a fresh Function, with the spent budget only
    if f"{name}-spent-budget" in REFUSED:
        return

    ordinary_value = ordinary[budget.index]
    kinds = [("a Python float", lambda v: v)]
    if isinstance(ordinary_value, float):
        kinds.append(("a np.float64 argument", np.float64))
    for kind, make in kinds:
        staged = autograph.function(fn)
        for args, want in ((_with_budget(ordinary, budget, make(ordinary_value)), stop_ordinary),
                           (_with_budget(ordinary, budget, make(budget.spent)), stop_spent),
                           (_with_budget(ordinary, budget, make(ordinary_value)), stop_ordinary)):
            call = _call(staged, args, spec.clock)
            if _refused(call):
                REFUSED.append(f"{name}-budget-{kind}")
                break
            assert call.raised is None, f"budget {args[budget.index]!r} as {kind}: the graph {call.describe()}"
            got = budget.key(call.value, args)
            assert got == want, (f"one Function, budget {args[budget.index]!r} as {kind}: the graph stopped at "
                                 f"{got!r}, eager at {want!r}")
