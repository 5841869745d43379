"""The standard library's holders of a program's data, read or written by a traced function: a call after a change
traces again and gives eager's answer, and a staged branch's write into one is carried (or refused), never made on
every run (autograph/trace_guards.py, runtime/composite_state.py's ``_DATA_HOLDERS``).

Until stop 86 objects of the standard library were not looked into: ``args.lr`` of an ``argparse.Namespace``,
``cfg.dt`` of a ``SimpleNamespace``, a ``UserDict``'s entries, ``os.environ``, a ``ContextVar``'s value, a
``threading.local``'s attributes were read once, while tracing, and the graph gave that value at every call after
the program changed it. Each test runs the program as written (the oracle) and through ``autograph.function`` on
every executor and backend, with the change between calls."""

from __future__ import annotations

import argparse
import array
import collections
import contextvars
import functools
import os
import re
import threading
import types
import warnings
from os import environ

import hypothesis
import numpy as np
import pytest
from hypothesis import strategies as st

import autograph
from runtime.composite_state import MutatedInStagedBlock
from runtime.staging import NotStageable
from tests.helpers import calls_match_eager_between_changes, follows_one_change

MODES = [dict(), dict(executor="jax"), dict(executor="auto"), dict(backend="jax")]
MODE_IDS = ["interpreter", "xla", "auto", "backend-jax"]

NS = types.SimpleNamespace(lr=0.5)
ARGS = argparse.Namespace(scale=2.0, clip=True)
USER_DICT = collections.UserDict(lr=0.5)
USER_LIST = collections.UserList([0.5, 2.0])
CHAIN = collections.ChainMap({}, {"lr": 0.5})
LOCAL = threading.local()
NUMBERS = array.array("d", [0.5, 2.0])
OPTIONS = {"lr": 0.5}
TOLERANCE = contextvars.ContextVar("TOLERANCE", default=1.0)
ENV = "AUTOGRAPH_TEST_DATA_HOLDERS_SCALE"


def _scaled(options, x):
    return x * options["lr"]


STEP = functools.partial(_scaled, OPTIONS)


def reads_a_namespace(x):
    return x * NS.lr


def reads_argparse_args(x):
    y = x * ARGS.scale
    if ARGS.clip:
        y = y - 1.0
    return y


def reads_a_user_dict(x):
    return x * USER_DICT["lr"]


def reads_a_user_list(x):
    return x * USER_LIST[0] + USER_LIST[1]


def reads_a_chain_map(x):
    return x * CHAIN["lr"]


def reads_a_thread_local(x):
    return x * getattr(LOCAL, "scale", 1.0)


def reads_an_array_module_array(x):
    return x * NUMBERS[0] + NUMBERS[1]


def calls_a_partial(x):
    return STEP(x)


def reads_os_environ(x):
    if os.environ.get(ENV, "1") == "2":
        return x * 2.0
    return x


def reads_os_getenv(x):
    return x * float(os.getenv(ENV, "1"))


def reads_environ_imported_from_os(x):
    return x * float(environ.get(ENV, "1"))


def reads_a_context_variable(x):
    if np.sum(x) > TOLERANCE.get():
        return x * 2.0
    return x * 3.0


def _set_env(value):
    os.environ[ENV] = value


CHANGES = {
    "a SimpleNamespace attribute": (reads_a_namespace, lambda: setattr(NS, "lr", 0.25), "NS.lr"),
    "an argparse.Namespace attribute": (reads_argparse_args, lambda: setattr(ARGS, "clip", False), "ARGS.clip"),
    "a UserDict entry": (reads_a_user_dict, lambda: USER_DICT.__setitem__("lr", 0.25), "USER_DICT.data['lr']"),
    "a UserList item": (reads_a_user_list, lambda: USER_LIST.__setitem__(0, 4.0), "USER_LIST.data[0]"),
    "a ChainMap's first map shadowing its defaults": (reads_a_chain_map, lambda: CHAIN.__setitem__("lr", 0.25),
                                                      "CHAIN.maps[0]['lr']"),
    "a threading.local attribute": (reads_a_thread_local, lambda: setattr(LOCAL, "scale", 3.0), "LOCAL.scale"),
    "an array.array item": (reads_an_array_module_array, lambda: NUMBERS.__setitem__(0, 4.0), "NUMBERS"),
    "a partial's options": (calls_a_partial, lambda: OPTIONS.__setitem__("lr", 0.25), "STEP.args[0]['lr']"),
    "os.environ": (reads_os_environ, lambda: _set_env("2"), f"os.environ['{ENV}']"),
    "os.getenv": (reads_os_getenv, lambda: _set_env("3"), f"os.environ['{ENV}']"),
    "environ imported from os": (reads_environ_imported_from_os, lambda: _set_env("3"), f"environ['{ENV}']"),
    "a ContextVar": (reads_a_context_variable, lambda: TOLERANCE.set(0.0), "TOLERANCE.get()"),
}


@pytest.fixture(autouse=True)
def fresh_holders(monkeypatch):
    """Each test starts from the module's values, and leaves them so (the environment and the context too)."""
    monkeypatch.setattr(NS, "lr", 0.5)
    monkeypatch.setattr(ARGS, "scale", 2.0)
    monkeypatch.setattr(ARGS, "clip", True)
    monkeypatch.setitem(USER_DICT.data, "lr", 0.5)
    USER_LIST[:] = [0.5, 2.0]
    CHAIN.maps[0].clear()
    NUMBERS[:] = array.array("d", [0.5, 2.0])
    monkeypatch.setitem(OPTIONS, "lr", 0.5)
    monkeypatch.delenv(ENV, raising=False)
    if hasattr(LOCAL, "scale"):
        del LOCAL.scale
    context = contextvars.copy_context()
    token = TOLERANCE.set(1.0)
    yield context
    TOLERANCE.reset(token)
    if hasattr(LOCAL, "scale"):
        del LOCAL.scale
    os.environ.pop(ENV, None)


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("what", list(CHANGES))
def test_a_change_to_a_holder_traces_again(what, mode):
    fn, change, _ = CHANGES[what]
    follows_one_change(autograph.function(fn, **mode), fn, np.array([0.25, -0.5, 0.75]), change)


@pytest.mark.parametrize("what", list(CHANGES))
def test_a_stale_concrete_function_names_the_holder(what):
    fn, change, named = CHANGES[what]
    concrete = autograph.function(fn).get_concrete_function(np.ones(3))
    change()
    with pytest.raises(Exception, match=re.escape(named)):
        concrete(np.ones(3))


def test_each_thread_reads_its_own_thread_local():
    """A call on another thread reads that thread's attributes, as eager code does there."""
    traced = autograph.function(reads_a_thread_local)
    x = np.array([1.0, 2.0])
    LOCAL.scale = 3.0
    np.testing.assert_allclose(traced(x), x * 3.0)
    found = {}

    def other(scale):
        if scale is not None:
            LOCAL.scale = scale
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", autograph.RetracingWarning)
            found[scale] = (np.asarray(traced(x)), reads_a_thread_local(x))

    for scale in (None, 5.0):
        thread = threading.Thread(target=other, args=(scale,))
        thread.start()
        thread.join()
    for got, eager in found.values():
        np.testing.assert_allclose(got, eager)
    np.testing.assert_allclose(traced(x), x * 3.0)


# ------------------------------------------------------------------------------------------------
# Writes into a holder inside a staged branch


def writes_a_namespace_in_a_branch(x):
    if np.sum(x) > 0:
        NS.lr = 1.0
    return x * 2.0


def writes_a_user_dict_in_a_branch(x):
    if np.sum(x) > 0:
        USER_DICT["lr"] = 1.0
    return x * 2.0


def writes_a_user_list_in_a_branch(x):
    if np.sum(x) > 0:
        USER_LIST[0] = 1.0
    return x * 2.0


def writes_a_thread_local_in_a_branch(x):
    if np.sum(x) > 0:
        LOCAL.scale = 1.0
    return x * 2.0


def writes_argparse_args_in_a_branch(x):
    if np.sum(x) > 0:
        ARGS.scale = 1.0
    return x * 2.0


BRANCH_WRITES = {
    "SimpleNamespace": (writes_a_namespace_in_a_branch, lambda: NS.lr, "NS.lr"),
    "UserDict": (writes_a_user_dict_in_a_branch, lambda: USER_DICT["lr"], "USER_DICT.data['lr']"),
    "UserList": (writes_a_user_list_in_a_branch, lambda: USER_LIST[0], "USER_LIST.data[0]"),
    "threading.local": (writes_a_thread_local_in_a_branch, lambda: getattr(LOCAL, "scale", None), "LOCAL.scale"),
    "argparse.Namespace": (writes_argparse_args_in_a_branch, lambda: ARGS.scale, "ARGS.scale"),
}


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("what", list(BRANCH_WRITES))
def test_a_write_into_a_holder_in_a_staged_branch_is_refused_and_given_back(what, mode):
    """The branch's write would leave a value only a run of the graph gives in an object that outlives the trace:
    refused at the function's line, the holder keeping its value from before the call (it was made on every run,
    whichever branch the data took, or left a graph tensor in the holder)."""
    fn, read, named = BRANCH_WRITES[what]
    LOCAL.scale = 0.5  # (a value before the `if`: see the next test for an attribute the branch makes)
    before = read()
    with pytest.raises(NotStageable, match=rf"test_data_holders\.py:\d+: {fn.__name__} stored a value it traced in "
                                           rf"{re.escape(named)}, which outlives the trace"):
        autograph.function(fn, **mode)(np.array([-1.0, -2.0]))
    assert read() is before or read() == before


def test_an_attribute_made_in_one_branch_of_a_thread_local_is_refused():
    with pytest.raises(Exception, match=r"test_data_holders\.py:\d+: 'LOCAL\.scale' is assigned in the if branch but "
                                        r"not in the else branch"):
        autograph.function(writes_a_thread_local_in_a_branch)(np.array([-1.0, -2.0]))
    assert not hasattr(LOCAL, "scale")


def writes_an_array_module_array_in_a_branch(x):
    if np.sum(x) > 0:
        NUMBERS[0] = 9.0
    return x * 2.0


def test_an_array_module_array_written_in_a_staged_branch_is_refused():
    with pytest.raises(MutatedInStagedBlock, match=r"test_data_holders\.py:\d+: .*NUMBERS"):
        autograph.function(writes_an_array_module_array_in_a_branch)(np.array([-1.0, -2.0]))
    assert list(NUMBERS) == [0.5, 2.0]


# ------------------------------------------------------------------------------------------------
# A context variable the function sets: our graph is traced in a copy of the caller's context


def sets_a_context_variable(x):
    TOLERANCE.set(0.125)
    return x * 2.0


def sets_a_traced_value_in_a_context_variable(x):
    TOLERANCE.set(np.sum(x))
    return x * 2.0


def scopes_a_context_variable(x):
    token = TOLERANCE.set(0.25)
    try:
        if np.sum(x) > TOLERANCE.get():
            return x * 2.0
        return x
    finally:
        TOLERANCE.reset(token)


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_context_variable_the_function_sets_reaches_the_caller(mode):
    """As eagerly, the caller's context holds the value after each call (the graph, which cannot set it, traces
    at each call and sets it there)."""
    traced = autograph.function(sets_a_context_variable, **mode)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        for _ in range(2):
            TOLERANCE.set(0.75)
            traced(np.ones(2))
            assert TOLERANCE.get() == 0.125
    assert traced.tracing_count == 2


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_traced_value_set_in_a_context_variable_is_refused(mode):
    TOLERANCE.set(0.75)
    with pytest.raises(NotStageable, match=r"test_data_holders\.py:\d+: sets_a_traced_value_in_a_context_variable "
                                           r"stored a value it traced in TOLERANCE\.get\(\)"):
        autograph.function(sets_a_traced_value_in_a_context_variable, **mode)(np.ones(2))
    assert TOLERANCE.get() == 0.75


def test_a_context_variable_set_first_by_the_trace_is_given_its_default_back(fresh_holders):
    """Where the variable had no value before the call, the refusal gives it its default (no token is at hand
    to unset it)."""
    def in_a_fresh_context():
        fresh = contextvars.ContextVar("fresh", default=3.0)

        def sets_fresh(x):
            fresh.set(np.sum(x))
            return x

        with pytest.raises(NotStageable, match="fresh"):
            autograph.function(sets_fresh, backend="jax")(np.ones(2))
        assert fresh.get() == 3.0

    contextvars.Context().run(in_a_fresh_context)


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_context_variable_set_and_reset_inside_traces_once(mode):
    traced = autograph.function(scopes_a_context_variable, **mode)
    for x in (np.ones(2), np.full(2, 0.1)):
        np.testing.assert_allclose(np.asarray(traced(x)), scopes_a_context_variable(x))
    assert traced.tracing_count == 1
    assert TOLERANCE.get() == 1.0


# ------------------------------------------------------------------------------------------------
# Any order of changes and calls


def reads_every_holder(x):
    y = x * NS.lr + USER_DICT["lr"] + USER_LIST[1] + CHAIN["lr"] + NUMBERS[0] + STEP(x)
    if os.getenv(ENV) == "on":
        y = y * ARGS.scale
    if np.sum(x) > TOLERANCE.get():
        y = y - getattr(LOCAL, "scale", 0.0)
    return y


_APPLY = {
    "NS.lr": lambda v: setattr(NS, "lr", v),
    "USER_DICT['lr']": lambda v: USER_DICT.__setitem__("lr", v),
    "USER_LIST[1]": lambda v: USER_LIST.__setitem__(1, v),
    "CHAIN['lr']": lambda v: CHAIN.__setitem__("lr", v),
    "NUMBERS[0]": lambda v: NUMBERS.__setitem__(0, v),
    "OPTIONS['lr']": lambda v: OPTIONS.__setitem__("lr", v),
    "ARGS.scale": lambda v: setattr(ARGS, "scale", v),
    "env": lambda v: _set_env("on" if v > 0 else "off"),
    "TOLERANCE": lambda v: TOLERANCE.set(v),
    "LOCAL.scale": lambda v: setattr(LOCAL, "scale", v),
}


@pytest.mark.parametrize("mode", [dict(), dict(executor="jax")], ids=["interpreter", "xla"])
@hypothesis.settings(max_examples=25, deadline=None,
                     suppress_health_check=[hypothesis.HealthCheck.function_scoped_fixture])
@hypothesis.given(steps=st.lists(st.one_of(st.just(None), st.tuples(st.sampled_from(sorted(_APPLY)),
                                                                       st.sampled_from([-1.5, 0.25, 2.0]))),
                                 max_size=10))
def test_random_changes_to_holders_between_calls_match_eager(mode, steps, fresh_holders):
    def run():
        traced = autograph.function(reads_every_holder, **mode)
        x = np.array([1.0, -2.0, 0.5])
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        calls_match_eager_between_changes(traced, reads_every_holder, x, steps, _APPLY)
        assert traced.tracing_count <= 1 + sum(step is not None for step in steps)

    # (each example from the module's values: a copy of the test's context, the holders put back after)
    saved = (NS.lr, dict(USER_DICT), list(USER_LIST), dict(CHAIN.maps[0]), list(NUMBERS), dict(OPTIONS), ARGS.scale)
    try:
        with warnings.catch_warnings():
            fresh_holders.copy().run(run)
    finally:
        NS.lr, ARGS.scale = saved[0], saved[6]
        USER_DICT.data = saved[1]
        USER_LIST[:] = saved[2]
        CHAIN.maps[0] = saved[3]
        NUMBERS[:] = array.array("d", saved[4])
        OPTIONS.clear()
        OPTIONS.update(saved[5])
        os.environ.pop(ENV, None)
        if hasattr(LOCAL, "scale"):
            del LOCAL.scale


# ------------------------------------------------------------------------------------------------
# Two more places a trace reads that the guard did not look into: a function's attributes, a mapping proxy


def _scaled_by_its_attribute(x):
    return x * _scaled_by_its_attribute.scale


_scaled_by_its_attribute.scale = 0.5
_DEFAULTS_BEHIND = {"lr": 0.5}
DEFAULTS = types.MappingProxyType(_DEFAULTS_BEHIND)


def reads_a_function_attribute(x):
    return _scaled_by_its_attribute(x)


def reads_a_mapping_proxy(x):
    return x * DEFAULTS["lr"]


def counts_its_calls_in_a_branch(x):
    if np.sum(x) > 0:
        counts_its_calls_in_a_branch.positive += 1
    return x * 2.0


counts_its_calls_in_a_branch.positive = 0


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("fn, change, named", [
    (reads_a_function_attribute, lambda: setattr(_scaled_by_its_attribute, "scale", 0.25),
     "_scaled_by_its_attribute.scale"),
    (reads_a_mapping_proxy, lambda: _DEFAULTS_BEHIND.__setitem__("lr", 0.25), "DEFAULTS['lr']"),
], ids=["a function's attribute", "a mapping proxy"])
def test_a_function_attribute_and_a_mapping_proxy(fn, change, named, mode, monkeypatch):
    monkeypatch.setattr(_scaled_by_its_attribute, "scale", 0.5)
    monkeypatch.setitem(_DEFAULTS_BEHIND, "lr", 0.5)
    traced = autograph.function(fn, **mode)
    x = np.array([1.0, 2.0])
    np.testing.assert_allclose(np.asarray(traced(x)), fn(x))
    concrete = traced.get_concrete_function(x)
    change()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        np.testing.assert_allclose(np.asarray(traced(x)), fn(x))
    assert traced.tracing_count == 2
    with pytest.raises(Exception, match=re.escape(named)):
        concrete(x)


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_function_attribute_written_in_a_staged_branch_is_refused(mode, monkeypatch):
    monkeypatch.setattr(counts_its_calls_in_a_branch, "positive", 0)
    with pytest.raises(NotStageable, match=r"stored a value it traced in counts_its_calls_in_a_branch\.positive"):
        autograph.function(counts_its_calls_in_a_branch, **mode)(np.array([-1.0, 2.0]))
    assert counts_its_calls_in_a_branch.positive == 0
