"""A traced function that writes into a list or dict it was given: the write is made in the caller's container, as
eagerly, at every call (autograph/argument_writes.py). Until stop 86 the function wrote into the trace's copy: the
caller's list never changed, and the graph kept the first call's answer (``len(history)`` was 1 at every call)."""

from __future__ import annotations

import copy
import re
import warnings

import hypothesis
import numpy as np
import pytest
from hypothesis import strategies as st

import autograph
from runtime.staging import NotStageable

MODES = [dict(), dict(executor="jax"), dict(executor="auto"), dict(backend="jax")]
MODE_IDS = ["interpreter", "xla", "auto", "backend-jax"]


def appends_to_its_history(x, history):
    history.append(1.0)
    return x * len(history)


def sets_a_default_option(x, options):
    options.setdefault("scale", 2.0)
    return x * options["scale"]


def appends_to_a_list_in_a_dict(x, state):
    state["log"].append(len(state["log"]))
    return x + len(state["log"])


def keeps_the_arrays_it_saw(x, seen):
    seen.append(x)
    return x * 2.0


def reads_only(x, weights):
    return x * weights[0] + weights[1]


@pytest.fixture(autouse=True)
def quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        yield


def _both(fn, make_arguments, mode, calls=3):
    """Call eager code and a Function each on its own copy of the arguments: results and arguments after each call
    must agree."""
    traced = autograph.function(fn, **mode)
    x = np.array([1.0, 2.0])
    eager_args, traced_args = make_arguments(), make_arguments()
    for _ in range(calls):
        np.testing.assert_allclose(np.asarray(traced(x, *traced_args)), fn(x, *eager_args))
        assert repr(traced_args) == repr(eager_args)
    return traced


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_list_appended_to_at_every_call(mode):
    traced = _both(appends_to_its_history, lambda: ([],), mode)
    assert traced.tracing_count == 3, "each call writes: each call traces again, and writes"


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_default_set_once(mode):
    traced = _both(sets_a_default_option, lambda: ({},), mode)
    assert traced.tracing_count == 2, "the second call writes nothing: its trace stands"


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_list_inside_a_dict(mode):
    _both(appends_to_a_list_in_a_dict, lambda: ({"log": []},), mode)


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_the_arrays_kept_are_the_callers(mode):
    traced = autograph.function(keeps_the_arrays_it_saw, **mode)
    seen, x = [], np.array([1.0, 2.0])
    traced(x, seen)
    assert len(seen) == 1 and seen[0] is x


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_mutable_default_grows_as_eagerly(mode):
    # (a copy of the function, so that the two defaults are two lists)
    def grows(x, calls=[]):  # noqa: B006
        calls.append(None)
        return x * len(calls)

    def grows_too(x, calls=[]):  # noqa: B006
        calls.append(None)
        return x * len(calls)

    traced, x = autograph.function(grows, **mode), np.ones(2)
    for _ in range(3):
        np.testing.assert_allclose(np.asarray(traced(x)), grows_too(x))
    assert len(grows.__defaults__[0]) == 3


def test_a_function_that_reads_only_traces_once():
    _both(reads_only, lambda: ([2.0, 1.0],), {})
    traced = autograph.function(reads_only)
    weights = [2.0, 1.0]
    for _ in range(3):
        traced(np.ones(2), weights)
    assert traced.tracing_count == 1 and weights == [2.0, 1.0]


def appends_what_it_computed(x, history):
    history.append(np.sum(x))
    return x


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_traced_value_written_into_an_argument_is_refused(mode):
    history = [0.5]
    with pytest.raises(NotStageable, match=re.escape("appends_what_it_computed stored a value it traced in its "
                                                     "argument history, which outlives the trace")):
        autograph.function(appends_what_it_computed, **mode)(np.ones(2), history)
    assert history == [0.5]


OPERATIONS = ["append", "setitem", "pop", "extend", "insert0", "clear_if_long"]


def _apply(ops, values, x):
    for op in ops:
        if op == "append":
            values.append(float(len(values)))
        elif op == "setitem" and values:
            values[-1] = values[-1] + 1.0
        elif op == "pop" and values:
            values.pop()
        elif op == "extend":
            values.extend([0.5, 0.25])
        elif op == "insert0":
            values.insert(0, -1.0)
        elif op == "clear_if_long" and len(values) > 4:
            values.clear()
    return x * (1.0 + sum(values))


@hypothesis.settings(max_examples=40, deadline=None)
@hypothesis.given(ops=st.lists(st.sampled_from(OPERATIONS), max_size=5),
                  start=st.lists(st.sampled_from([0.0, 1.0, 2.5]), max_size=3), calls=st.integers(1, 4))
def test_any_writes_into_a_list_argument_match_eager(ops, start, calls):
    def writes(x, values):
        return _apply(ops, values, x)

    traced = autograph.function(writes)
    eager_values, traced_values = list(start), copy.copy(start)
    x = np.array([1.0, -1.0])
    for _ in range(calls):
        np.testing.assert_allclose(np.asarray(traced(x, traced_values)), writes(x, eager_values))
        assert traced_values == eager_values
