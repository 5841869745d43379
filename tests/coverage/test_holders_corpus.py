"""A traced graph against eager NumPy on real functions that read settings or state from objects of the standard
library: ``tests/coverage/corpus_holders.py`` says where each comes from. A trace fixes in its graph what the function
read besides its arguments; autograph/trace_guards.py keeps a guard per trace that traces again when something read
changed. What the graph must do here: when a holder of the standard library the function read (an
``argparse.Namespace``, a ``types.SimpleNamespace``, ``os.environ`` through ``os.getenv``, a ``ContextVar``, a
``threading.local``, a dict held by a ``functools.partial``) changes between two calls, the second call gives eager's
result on the changed holder (or refuses clearly), never the first trace's stale one.

``HOLDER_CASES``: for every case, input and executor (the default, ``executor="numpy"``, and ``executor="jax"`` where
JAX is usable), the case's ``reset()`` puts its holder into its default state and a fresh
``autograph.function(fn, executor=...)`` is made. Then

1. eager ``fn(*inputs)`` and the graph's first call (which traces) run on the default state;
2. ``change()`` changes the holder the way a user would between two calls; eager runs again, and its result must
   differ from its first (else the check could not tell a stale graph: the case is wrong); the graph's second call runs.

Array arguments are copied before every call. At each of the two graph calls the check passes when

* the graph raises a ``Limitation`` whose message names a line (``file.py:123``): a clear refusal (such checks are
  counted, and the count is printed at the end of the module; the check ends there); or
* both return the same result: ``np.testing.assert_allclose(rtol=1e-12, equal_nan=True)`` for numbers and arrays (and
  the same dtype for two floating arrays: two of the holders are a working precision), containers item by item
  (lists and tuples by length and item, dicts by key), text, ``None`` and booleans equal.

Any other outcome fails, an exception of eager's class included (eager code raises nothing here).

``WRITE_CASES``: the function writes into a holder that outlives the call (a ``types.SimpleNamespace`` standing in for
a torch optimizer: the dicts of its ``param_groups``) a value chosen by an ``if`` on an array (the epoch). Eager code
runs the inputs in order on the reset holder, and the holder's contents after each call are kept; then the holder is
reset and one fresh ``Function`` runs the same inputs in order (the later calls run the graph the first traced). After
each graph call the result and the holder's contents must be eager's, or the call is a clear refusal (as above) that
left the holder as it was before the call (trace_guards.py: the object is given back its value).

Every test starts and ends with every case's ``reset()`` and puts back ``os.environ`` as it found it (a variable the
cases read that the environment of the run had set included), so the module is order-independent and leaves nothing
behind: the fixture asserts the precision ``ContextVar`` is unset, Chainer's thread-local holds no ``dtype`` and the
environment is the run's.

Written by a helper session as the outside corpus of the guard's look into objects of the standard library. On the
code it was written against, no check fails (the module takes about 20 s); 11 checks are refusals that name a line: the
three write cases on every executor (``NotStageable``: the value stored into ``param_groups`` was traced; the message
names the line of the call, in this file, not the line of the write), and Tacotron's ``find_endpoint`` under
``executor="jax"`` (``LoweringError``: a slice whose bound is computed at run time). With the guards blind
(``TraceGuard.changed`` returning None, in a scratch run), all 28 read checks on the default executor fail: the second
call returns the first trace's result.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from tests.coverage import corpus_holders
from tests.coverage.corpus_holders import HOLDER_CASES, WRITE_CASES
from tests.coverage.outcomes import (
    Versions,
    call,
    check_between_changes,
    describe,
    executor_params,
    refused,
    report_refusals,
    same,
    short,
    staged_function,
)

CASES = {name: (fn, inputs, change, reset) for name, fn, inputs, change, reset in HOLDER_CASES}
WRITES = {name: (fn, inputs, contents, reset) for name, fn, inputs, contents, reset in WRITE_CASES}
RESETS = list(dict.fromkeys([reset for *_, reset in HOLDER_CASES] + [reset for *_, reset in WRITE_CASES]))

REFUSED: list[str] = []  # the ids of the checks the graph refused with a Limitation that names a line


# ------------------------------------------------------------------------------------------------
# The checks

VERSIONS = Versions(first="the default holder", second="the changed holder", change="change")


def check_holder(name: str, args: tuple, check_id: str, executor: str | None) -> None:
    fn, _, change, reset = CASES[name]
    reset()
    check_between_changes(fn, args, executor, change, VERSIONS, check_id, REFUSED)


def check_write(name: str, check_id: str, executor: str | None) -> None:
    fn, inputs, contents, reset = WRITES[name]
    reset()
    eager = []
    for args in inputs:
        value, raised = call(fn, args)
        assert raised is None, f"eager {describe(None, raised)}"
        eager.append((value, contents()))
    reset()
    staged = staged_function(fn, executor)
    for n, (args, (value, held)) in enumerate(zip(inputs, eager), start=1):
        before = contents()
        graph, graph_raised = call(staged, args)
        if refused(graph_raised):
            REFUSED.append(f"{check_id} (call {n}: {type(graph_raised).__name__}: {short(str(graph_raised), 200)})")
            problems: list[str] = []
            same(before, contents(), "the holder", problems, dtypes=True)
            assert not problems, (f"the graph's call {n} was refused but left the holder changed:\n  "
                                  + "\n  ".join(problems))
            return
        if graph_raised is not None:
            raise AssertionError(f"the graph's call {n} {describe(None, graph_raised)} where eager "
                                 f"{describe(value, None)}") from graph_raised
        problems = []
        same(value, graph, "result", problems, dtypes=True)
        same(held, contents(), "the holder after the call", problems, dtypes=True)
        assert not problems, f"the graph's call {n} ({args!r}):\n  " + "\n  ".join(problems)


# ------------------------------------------------------------------------------------------------
# The tests


@pytest.fixture(scope="module", autouse=True)
def _report(request):
    yield
    report_refusals(request, "holders", REFUSED)


@pytest.fixture(autouse=True)
def _holders_restored():
    environ = dict(os.environ)
    for reset in RESETS:
        reset()
    try:
        yield
    finally:
        for reset in RESETS:
            reset()
        for key in set(os.environ) - set(environ):
            del os.environ[key]
        for key, value in environ.items():
            if os.environ.get(key) != value:
                os.environ[key] = value
    assert dict(os.environ) == environ
    assert corpus_holders._bores_dtype.get() is np.float32, "the precision ContextVar was left set"
    assert "dtype" not in corpus_holders.config._local.__dict__, "chainer's thread-local config was left set"


def test_the_corpus_is_well_formed() -> None:
    assert 15 <= len(HOLDER_CASES) + len(WRITE_CASES) <= 30
    assert len({fn for _, fn, *_ in HOLDER_CASES} | {fn for _, fn, *_ in WRITE_CASES}) >= 15
    assert len(CASES) == len(HOLDER_CASES) and len(WRITES) == len(WRITE_CASES), "duplicate case names"
    assert len({name.split("_")[0] for name in [*CASES, *WRITES]}) >= 6, "at least six repositories"
    for name, fn, inputs, change, reset in HOLDER_CASES:
        assert callable(fn) and callable(change) and callable(reset) and 1 <= len(inputs) <= 3, name
        for args in inputs:
            assert isinstance(args, tuple) and any(isinstance(a, np.ndarray) for a in args), name
    for name, fn, inputs, contents, reset in WRITE_CASES:
        assert callable(fn) and callable(contents) and callable(reset) and len(inputs) >= 2, name


@pytest.mark.parametrize("executor", executor_params())
@pytest.mark.parametrize("name, index", [pytest.param(name, i, id=f"{name}-in{i}")
                                         for name, _, inputs, *_ in HOLDER_CASES for i in range(len(inputs))])
def test_a_changed_holder_changes_the_result(name: str, index: int, executor: str | None) -> None:
    _, inputs, _, _ = CASES[name]
    check_holder(name, inputs[index], f"{name}-in{index}-{executor or 'default'}", executor)


@pytest.mark.parametrize("executor", executor_params())
@pytest.mark.parametrize("name", list(WRITES))
def test_a_write_into_a_holder_is_eagers(name: str, executor: str | None) -> None:
    check_write(name, f"{name}-{executor or 'default'}", executor)
