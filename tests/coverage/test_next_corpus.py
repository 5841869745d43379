"""A traced graph against eager NumPy on real functions that call ``next()``: ``tests/coverage/corpus_next.py`` says
where each comes from. What the graph must do is runtime/graph/iterator_watch.py's: ``next()`` of an iterator the
function makes for itself runs while tracing and gives the graph eager's items; ``next()`` of one that outlives the
call (a global, an argument the caller holds, an object's attribute, an options dict's ``itertools.count``) is refused
with ``NotStageable`` at the line of the ``next``, where the graph would otherwise hold the item it took while
tracing and hand it back at every call.

``"own"`` cases: for every input, the function runs eagerly and then as a fresh ``autograph.function(fn)`` called twice
(the second call runs the graph the first traced). Before every call ``np.random`` and ``random`` are seeded and array
arguments are copied. The check passes when

* the graph raises a ``Limitation`` whose message names a line (``file.py:123``): a clear refusal (such checks are
  counted, and the count is printed at the end of the module); or
* both raise, and the graph's exception is an instance of eager's class; or
* both return the same result: ``np.testing.assert_allclose(rtol=1e-12, equal_nan=True)`` for numbers and arrays,
  containers item by item (lists and tuples by length and item, dicts by key), text, ``None`` and booleans equal.

``"shared"`` cases: the input's factory builds the shared state (the object or options that hold the iterator, or a
reset of a module-level one); eager code called twice on it gives two different results (the state advances: what a
graph that froze the trace's item would have got wrong at the second call), and a fresh ``Function`` called on fresh
state raises ``NotStageable`` whose message starts with ``file:line:``, names ``next()`` and says the iterator
"outlives the call", and whose line is a line of the corpus that calls ``next(``. (The message reads "next() of a
count ..." or, since for loops over such iterators are watched too, "next() (or a for loop) of a count ...": both
are accepted.) The two eager results of each shared check are printed at the end of the module.
"""

from __future__ import annotations

import linecache
import random
import re
from typing import Any, Callable

import numpy as np
import pytest

import autograph
from runtime.staging import NotStageable
from tests.coverage.corpus_next import NEXT_CASES
from tests.coverage.outcomes import call, describe, differ, refused, same, short

CASES = {name: (fn, inputs, kind) for name, fn, inputs, kind in NEXT_CASES}

REFUSED: list[str] = []  # the ids of the "own" checks the graph refused with a Limitation that names a line
SHARED_EAGER: list[str] = []  # "id: eager call 1 -> ..., call 2 -> ..." for the "shared" checks
_WHERE = re.compile(r"^(?P<file>\S+\.py):(?P<line>\d+): ")
_NEXT_OF = re.compile(r"next\(\)(?: \(or a for loop\))? of an? \w+ that outlives the call")


# ------------------------------------------------------------------------------------------------
# Running a call


def _call(fn: Callable, args: tuple) -> tuple[Any, BaseException | None]:
    np.random.seed(0)
    random.seed(0)
    return call(fn, args)


# ------------------------------------------------------------------------------------------------
# The checks


def check_own(name: str, args: tuple, check_id: str) -> None:
    fn, _, _ = CASES[name]
    eager, eager_raised = _call(fn, args)
    staged = autograph.function(fn)
    for n in (1, 2):
        graph, graph_raised = _call(staged, args)
        if refused(graph_raised):
            REFUSED.append(f"{check_id} (call {n}: {type(graph_raised).__name__}: {short(str(graph_raised), 200)})")
            return
        call_name = f"the graph's call {n}"
        if eager_raised is not None:
            assert graph_raised is not None, (
                f"{call_name} {describe(graph, None)} where eager {describe(None, eager_raised)}")
            assert isinstance(graph_raised, type(eager_raised)), (
                f"different exception: eager {describe(None, eager_raised)}; {call_name} "
                f"{describe(None, graph_raised)}")
            continue
        if graph_raised is not None:
            raise AssertionError(f"{call_name} {describe(None, graph_raised)} where eager "
                                 f"{describe(eager, None)}") from graph_raised
        problems: list[str] = []
        same(eager, graph, "result", problems)
        assert not problems, f"{call_name}:\n  " + "\n  ".join(problems)


def check_shared(name: str, args: tuple, check_id: str) -> None:
    fn, _, _ = CASES[name]
    make, rest = args[0], args[1:]

    state = make()
    first, first_raised = _call(fn, (*state, *rest))
    second, second_raised = _call(fn, (*state, *rest))
    assert first_raised is None and second_raised is None, (
        f"eager: call 1 {describe(first, first_raised)}; call 2 {describe(second, second_raised)}")
    assert differ(first, second), (
        f"eager gave the same result at both calls ({short(repr(first))}): the shared iterator does not show")
    SHARED_EAGER.append(f"{check_id}: eager call 1 {short(repr(first), 160)}; call 2 {short(repr(second), 160)}")

    staged = autograph.function(fn)
    state = make()  # fresh state: the first item the graph's trace would take is eager's first
    graph, graph_raised = _call(staged, (*state, *rest))
    assert isinstance(graph_raised, NotStageable), (
        f"the graph {describe(graph, graph_raised)}; expected NotStageable at the line of the next() "
        f"(eager: call 1 {short(repr(first), 200)}, call 2 {short(repr(second), 200)})")
    message = str(graph_raised)
    where = _WHERE.match(message)
    assert where, f"the message does not start with file:line: {short(message)}"
    assert _NEXT_OF.search(message), f"the message does not name next() of an iterator that outlives the call: " \
                                     f"{short(message)}"
    line = linecache.getline(where["file"], int(where["line"]))
    assert "next(" in line, f"{where['file']}:{where['line']} is not a line that calls next(): {line.strip()!r}"


# ------------------------------------------------------------------------------------------------
# The tests


@pytest.fixture(scope="module", autouse=True)
def _report(request):
    yield
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None:
        return
    with capture.global_and_fixture_disabled():
        if REFUSED:
            reporter.write_line(f"\nnext() corpus: {len(REFUSED)} \"own\" checks refused with a Limitation naming a "
                                f"line (allowed):")
            for item in REFUSED:
                reporter.write_line(f"  {item}")
        if SHARED_EAGER:
            reporter.write_line(f"\nnext() corpus: {len(SHARED_EAGER)} \"shared\" checks, eager results of two calls "
                                "on one state:")
            for item in SHARED_EAGER:
                reporter.write_line(f"  {item}")


def test_the_corpus_is_well_formed() -> None:
    assert 12 <= len(NEXT_CASES) <= 25
    assert len(CASES) == len(NEXT_CASES), "duplicate case names"
    assert len({name.split("_")[0] for name in CASES}) >= 5, "at least five repositories"
    for name, fn, inputs, kind in NEXT_CASES:
        assert callable(fn) and 1 <= len(inputs) <= 4, name
        assert kind in ("own", "shared"), name
        for args in inputs:
            assert isinstance(args, tuple), name
            if kind == "shared":
                assert callable(args[0]) and isinstance(args[0](), tuple), name
    assert {kind for *_, kind in NEXT_CASES} == {"own", "shared"}


def _params(kind: str) -> list:
    return [pytest.param(name, i, id=f"{name}-in{i}")
            for name, _, inputs, k in NEXT_CASES if k == kind for i in range(len(inputs))]


@pytest.mark.parametrize("name, index", _params("own"))
def test_own_iterator_gives_eagers_result(name: str, index: int) -> None:
    _, inputs, _ = CASES[name]
    check_own(name, inputs[index], f"{name}-in{index}")


@pytest.mark.parametrize("name, index", _params("shared"))
def test_shared_iterator_is_refused_at_the_next(name: str, index: int) -> None:
    _, inputs, _ = CASES[name]
    check_shared(name, inputs[index], f"{name}-in{index}")
