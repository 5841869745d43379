"""A traced graph against eager NumPy on real functions that write into the lists and dicts they are given, or take
items from an iterator that outlives the call: ``tests/coverage/corpus_argument_writes.py`` says where each comes from.
A ``Function`` hands its Python function copies of the caller's lists and dicts (autograph/argument_writes.py): what
the trace writes there is made in the caller's containers when the trace ends, and such a trace (or one that advanced
an iterator the caller holds: tests/autograph/test_consumed_iterators.py) runs again at each call. What the graph must
do here: at each of three calls, give eager's result and leave the caller's state as eager code leaves it (the
``config`` dict grown, the ``params`` arrays updated, the mutable default lists longer, the iterator advanced), or
refuse clearly. Until stop 86 the writes went to the copies (the caller's dict stayed empty) and the graph gave the
first call's items at every call.

For every case of ``ARGUMENT_CASES`` and executor (the default, ``executor="numpy"``, and ``executor="jax"`` where JAX
is usable), the case's ``fresh()`` is called twice: one state for eager code, one for the graph (each has its own
containers, optimizer, copy of the function with mutable defaults, iterator). Then, three times in turn: ``np.random``
is seeded (hypnettorch shuffles its sample indices with it), eager code is called on its state, ``np.random`` is
seeded again, and ``autograph.function(fn)`` (made once, on the graph's copy of the function) is called on the graph's
state. Eager's results or the state it leaves must differ between its calls 1 and 2 (else the check could not tell a
graph that kept the first call's answer: the case is wrong). At each graph call the check passes when

* the graph raises a ``Limitation`` whose message names a line (``file.py:123``): a clear refusal (such checks are
  counted, and the count is printed at the end of the module), which must leave the caller's visible state as it was
  before the call (argument_writes.py: "nothing is written then"); the check ends there; or
* both return the same result and, for a ``"writes"`` case, the caller's state after the call is eager's:
  ``outcomes.same`` (numbers and arrays within ``rtol=1e-12``, NaN equal to NaN, a floating array's dtype too;
  containers item by item, dicts by key).

For an ``"iterator"`` case, what is left of the two iterators (``left``, which consumes them) is compared once, after
the third call, as results are. Any other outcome fails, an exception of eager's class included (eager code raises
nothing here).

Every test saves and restores ``np.random``'s global state, so the module is order-independent and leaves nothing
behind; each case's state is made by ``fresh()`` for that test alone.

Written by a helper session as the outside corpus of stop 86's two fixes. On the code it was written against (about
6 s): 21 checks are refusals that name a line, all ``NotStageable`` from argument_writes.py (the value stored in
``config``, ``bn_param`` or ``cost_history`` was traced; the message names the line of the call, in this file, not the
line of the write); 6 checks fail: ``dlfs_momentum`` and ``dlfs_adagrad`` on every executor, where the function is a
bound method (``optimizer.update``) that keeps traced values in a dict on ``self`` (``self.v[key] = ...``): they are
not refused as the same write into an object handed as an argument is, the optimizer holds graph ``Tensor``s after
the call, and later calls compute from them (a library bug, not a fault of the case). With the fixes off (in a
scratch run: ``ArgumentWrites.settle`` returning None, ``iterator_position`` returning None in
runtime/composite_state.py and autograph/trace_guards.py), 48 of the 57 checks fail; the 9 that pass are the cases
whose writes are in place into arrays (``params[key] -= ...``, ``topic_ss[word_id][time] += ...``), which leave the
containers' items as they were.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np
import pytest

from tests.coverage.corpus_argument_writes import ARGUMENT_CASES
from tests.coverage.outcomes import (
    describe,
    differ,
    executor_params,
    refused,
    report_refusals,
    same,
    short,
    staged_function,
)

CASES = {name: (kind, fresh, visible, left) for name, kind, fresh, visible, left in ARGUMENT_CASES}
CALLS = 3
SEED = 1000

REFUSED: list[str] = []  # the ids of the checks the graph refused with a Limitation that names a line


# ------------------------------------------------------------------------------------------------
# Running a call


def _call(fn: Callable, args: tuple, n: int) -> tuple[Any, BaseException | None]:
    """``(result, None)`` or ``(None, exception)`` of ``fn(*args)`` on the state itself (the arguments are the
    caller's: not copied), ``np.random`` seeded for call ``n``."""
    np.random.seed(SEED + n)
    try:
        return fn(*args), None
    except Exception as exc:  # noqa: BLE001  (the exception is the outcome)
        return None, exc


# ------------------------------------------------------------------------------------------------
# The check


def check_case(name: str, check_id: str, executor: str | None) -> None:
    kind, fresh, visible, left = CASES[name]
    eager_fn, eager_args = fresh()
    graph_fn, graph_args = fresh()
    assert eager_args is not graph_args, "fresh() must build new state at each call"
    staged = staged_function(graph_fn, executor)
    seen = (lambda fn, args: None) if visible is None else visible

    eager_results: list = []
    eager_seen: list = []
    before = seen(graph_fn, graph_args)
    for n in range(1, CALLS + 1):
        value, raised = _call(eager_fn, eager_args, n)
        assert raised is None, f"eager's call {n} {describe(None, raised)}"
        eager_results.append(value)
        eager_seen.append(seen(eager_fn, eager_args))
        if n == 2:
            assert differ(eager_results[0], eager_results[1]) or differ(eager_seen[0], eager_seen[1]), (
                f"eager's calls 1 and 2 gave the same result ({short(repr(value))}) and left the same state: the case "
                f"cannot tell a graph that kept the first call's answer")

        graph, graph_raised = _call(staged, graph_args, n)
        if refused(graph_raised):
            REFUSED.append(f"{check_id} (call {n}: {type(graph_raised).__name__}: {short(str(graph_raised), 200)})")
            problems: list[str] = []
            same(before, seen(graph_fn, graph_args), "the caller's state", problems, dtypes=True)
            assert not problems, (f"the graph's call {n} was refused but left the caller's state changed:\n  "
                                  + "\n  ".join(problems))
            return
        if graph_raised is not None:
            raise AssertionError(f"the graph's call {n} {describe(None, graph_raised)} where eager "
                                 f"{describe(value, None)}") from graph_raised
        problems = []
        same(value, graph, "result", problems, dtypes=True)
        if kind == "writes":
            same(eager_seen[-1], seen(graph_fn, graph_args), "the caller's state after the call", problems,
                 dtypes=True)
        stale = "" if n == 1 or differ(eager_results[0], graph) else \
            f" (the graph gave eager's result of call 1: {short(repr(eager_results[0]))})"
        assert not problems, f"the graph's call {n}{stale}:\n  " + "\n  ".join(problems)
        before = seen(graph_fn, graph_args)

    if left is not None:
        np.random.seed(SEED + CALLS + 1)
        eager_left = left(eager_fn, eager_args)
        np.random.seed(SEED + CALLS + 1)
        graph_left = left(graph_fn, graph_args)
        problems = []
        same(eager_left, graph_left, "what is left of the iterator", problems)
        assert not problems, f"after {CALLS} calls:\n  " + "\n  ".join(problems)


# ------------------------------------------------------------------------------------------------
# The tests


@pytest.fixture(scope="module", autouse=True)
def _report(request):
    yield
    report_refusals(request, "argument-writes", REFUSED)


@pytest.fixture(autouse=True)
def _random_state_restored():
    state = np.random.get_state()
    try:
        yield
    finally:
        np.random.set_state(state)


def _has_array(value: Any) -> bool:
    if isinstance(value, np.ndarray):
        return True
    if isinstance(value, (list, tuple)):
        return any(_has_array(v) for v in value)
    return isinstance(value, dict) and any(_has_array(v) for v in value.values())


def test_the_corpus_is_well_formed() -> None:
    assert 15 <= len(ARGUMENT_CASES) <= 25
    assert len(CASES) == len(ARGUMENT_CASES), "duplicate case names"
    assert len({name.split("_")[0] for name in CASES}) >= 6, "at least six repositories"
    kinds = {kind for kind, *_ in CASES.values()}
    assert kinds == {"writes", "iterator"}, kinds
    for name, (kind, fresh, visible, left) in CASES.items():
        assert callable(fresh), name
        assert (visible is not None) == (kind == "writes") and (left is not None) == (kind == "iterator"), name
        fn, args = fresh()
        assert callable(fn) and isinstance(args, tuple), name
        assert _has_array(args), f"{name}: no array in the arguments (the trace would have no tensor)"


@pytest.mark.parametrize("executor", executor_params())
@pytest.mark.parametrize("name", list(CASES))
def test_each_call_is_eagers(name: str, executor: str | None) -> None:
    check_case(name, f"{name}-{executor or 'default'}", executor)
