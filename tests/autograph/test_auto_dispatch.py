"""executor="auto" and the Function's dispatcher (autograph/dispatch.py, autograph/executors.py): a trace whose trial
chose JAX runs through the dispatcher, and its calls of plain arrays take the dispatcher's call; a trace on trial, or
one that chose the interpreter, never reaches the dispatcher. The trials are made deterministic with a fake clock:
each interpreter run costs 10, each JAX run what the test says, so each trace's choice is known; eager NumPy and
the interpreter are the oracles of every result."""

from __future__ import annotations

import contextlib
import gc
import types
import warnings
import weakref

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from autograph import executors
from tests.helpers import dispatching, halve, shaped

jax = pytest.importorskip("jax")

TRIAL = 2 + executors.TRIAL_CALLS  # the calls a trace's trial takes (autograph/executors.py)


@pytest.fixture(autouse=True)
def _interpreter_and_jax_only(monkeypatch):
    """These tests pin the interpreter-against-JAX trial; with numba in it (where installed) the trial takes
    NUMBA_TRIAL_CALLS more calls: tests/autograph/test_executors_numba.py."""
    monkeypatch.setattr(executors.AutoExecutor, "_compile_numba", lambda self, graph, inputs: False)


class Costs:
    """What auto's trials measure, and how many runs each executor's own path made (``runs``)."""

    def __init__(self, jax_cost) -> None:
        self.jax_cost = jax_cost  # inputs -> the cost of a JAX run: below 10, JAX wins
        self.clock = 0.0
        self.runs = {"numpy": 0, "jax": 0}

    @contextlib.contextmanager
    def installed(self):
        runner, compile_jax = executors.interpreter.runner, executors.AutoExecutor._compile

        def timed_runner(graph):
            run = runner(graph)

            def timed(inputs):
                self.clock += 10.0
                self.runs["numpy"] += 1
                return run(inputs)
            return timed

        def timed_compile(auto, graph, inputs):
            ok = compile_jax(auto, graph, inputs)
            own = auto._jax

            def timed(inputs):
                self.clock += self.jax_cost(inputs)
                self.runs["jax"] += 1
                return own(inputs)
            auto._jax = timed
            return ok

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(executors, "time", types.SimpleNamespace(perf_counter=lambda: self.clock))
            patch.setattr(executors, "interpreter", types.SimpleNamespace(runner=timed_runner))
            patch.setattr(executors.AutoExecutor, "_compile", timed_compile)
            yield self


@contextlib.contextmanager
def python_paths():
    """The calls of any ``jax.jit`` that took JAX's Python path (a signature not in its C++ cache, or one marked
    there to fall back to Python because its first trace raised), by counting ``pjit._run_python_pjit``."""
    from jax._src import pjit

    if not hasattr(pjit, "_run_python_pjit"):
        pytest.skip("this JAX has no pjit._run_python_pjit to count its Python path with")
    seen, run = [], pjit._run_python_pjit

    def counted(*args, **kwargs):
        seen.append(1)
        return run(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pjit, "_run_python_pjit", counted)
        yield seen


def test_a_trace_that_chose_jax_takes_the_dispatcher_and_its_executors_paths_no_more():
    with Costs(lambda inputs: 1.0).installed() as costs:
        f = autograph.function(halve, executor="auto")
        x = np.linspace(0.0, 3.0, 1000)
        for _ in range(TRIAL):
            assert not dispatching(f)
            np.testing.assert_array_equal(f(x), halve(x))
        assert f.concrete_functions[0].executor == "jax" and dispatching(f)
        before = dict(costs.runs)
        for k in range(5):
            np.testing.assert_array_equal(f(x * k), halve(x * k))
        assert costs.runs == before  # neither executor's own path ran: the dispatcher's call did
        assert f._dispatcher.jitted._cache_size() == 1 and f.tracing_count == 1 and f._calls == TRIAL + 5


def test_a_trace_that_chose_the_interpreter_keeps_the_keyed_call():
    with Costs(lambda inputs: 100.0).installed() as costs:
        f = autograph.function(halve, executor="auto")
        x = np.linspace(0.0, 3.0, 10)
        for _ in range(TRIAL + 3):
            np.testing.assert_array_equal(f(x), halve(x))
        assert f.concrete_functions[0].executor == "numpy"
        assert f._call is f._keyed_call and f._dispatcher is None
        assert costs.runs["numpy"] == 1 + executors.NUMPY_RUN * executors.TRIALS + 3


def test_mixed_choices_run_each_trace_on_its_own_choice():
    # Arrays of more than 2 elements choose JAX, smaller ones the interpreter.
    with Costs(lambda inputs: 1.0 if inputs[0].size > 2 else 100.0).installed() as costs:
        f = autograph.function(shaped, executor="auto")
        big, small, other = np.arange(5.0), np.arange(2.0), np.arange(4.0)
        for _ in range(TRIAL):
            f(big)
        assert dispatching(f)
        f(small)  # a new trace on trial: the dispatcher's call is off until it has chosen
        assert f._call is f._keyed_call and f.concrete_functions[1].executor == "auto"
        for _ in range(TRIAL - 1):
            np.testing.assert_allclose(f(big), shaped(big))  # the JAX trace meanwhile: through the dispatcher
            np.testing.assert_allclose(f(small), shaped(small))
        assert [c.executor for c in f.concrete_functions] == ["jax", "numpy"]
        assert f._dispatch_call is False and f._call is f._keyed_call  # off for good: small's calls never reach it
        numpy_runs = costs.runs["numpy"]
        for _ in range(3):
            np.testing.assert_allclose(f(small), shaped(small))
            np.testing.assert_allclose(f(big), shaped(big))
        assert costs.runs["numpy"] == numpy_runs + 3  # small on the interpreter, big through the dispatcher
        for _ in range(TRIAL):  # a third trace, JAX again: the dispatcher's call stays off
            np.testing.assert_allclose(f(other), shaped(other))
        assert f.concrete_functions[2].executor == "jax" and not dispatching(f)
        # What the dispatcher's body can run: only the traces that chose JAX.
        assert [c._jax_single is not None for c in f.concrete_functions] == [True, False, True]


def test_a_trace_on_trial_turns_the_dispatchers_call_off_until_it_chose_jax():
    with Costs(lambda inputs: 1.0).installed():
        f = autograph.function(shaped, executor="auto")
        a, b = np.arange(3.0), np.arange(3, dtype=np.float32)
        for _ in range(TRIAL):
            f(a)
        assert dispatching(f)
        f(jax.numpy.asarray(b))  # b's trace, made by a JAX array: the keyed call, no plain arrays yet
        assert dispatching(f)
        f(b)  # b's plain arrays: the dispatcher finds no trace it may run, the keyed call runs b's trial
        assert f._call is f._keyed_call
        c = np.arange(4.0)
        for _ in range(TRIAL):  # a third trace, trialled and chosen meanwhile: b still keeps the call off
            np.testing.assert_allclose(f(c), shaped(c))
        assert f.concrete_functions[2].executor == "jax" and f._call is f._keyed_call
        for k in range(TRIAL - 2):
            np.testing.assert_allclose(f(b), shaped(b), rtol=1e-6)  # its trial, through the keyed call
            assert dispatching(f) == (k == TRIAL - 3)
        assert [c.executor for c in f.concrete_functions] == ["jax", "jax", "jax"]
        with python_paths() as paths:
            for k in range(4):
                np.testing.assert_allclose(f(b), shaped(b), rtol=1e-6)
                np.testing.assert_allclose(f(a), shaped(a))
                if k == 0:  # b's first call through the dispatcher traced it, and a's refilled its C++ entry
                    paths.clear()
        assert paths == []  # no slow path left from b's failed calls


CHOICE_ARRAYS = st.sampled_from([np.float64, np.float32, np.int64, np.int32]).flatmap(
    lambda dtype: st.integers(1, 4).map(lambda n: np.arange(n).astype(dtype)))


@settings(max_examples=12, deadline=None)
@given(st.lists(CHOICE_ARRAYS, min_size=1, max_size=4), st.integers(0, 2 ** 8 - 1))
def test_interleaved_traces_and_choices_give_eager_and_interpreter_results(arrays, jax_wins):
    def cost(inputs):  # which traces choose JAX: a bit of jax_wins per (size, dtype)
        x = inputs[0]
        bit = (x.size - 1) * 2 + (x.dtype.itemsize == 8)
        return 1.0 if jax_wins >> bit & 1 else 100.0

    with Costs(cost).installed(), warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        f = autograph.function(shaped, executor="auto")
        oracle = autograph.function(shaped)
        for _ in range(TRIAL + 2):
            for x in arrays:
                got, expected = f(x), oracle(x)
                assert got.dtype == expected.dtype and got.shape == expected.shape
                np.testing.assert_allclose(got, shaped(x), rtol=1e-6)
        chose = {c.structured_input_signature[0][0]: c.executor for c in f.concrete_functions}
        assert set(chose.values()) <= {"jax", "numpy"}
        for spec, executor in chose.items():
            assert executor == ("jax" if cost([np.zeros(spec.shape, spec.dtype)]) < 10 else "numpy")
        assert dispatching(f) == (set(chose.values()) == {"jax"})
        # What the dispatcher's body can run: only the traces that chose JAX.
        assert all((c._jax_single is not None) == (c.executor == "jax") for c in f.concrete_functions)


def test_run_functions_eagerly_and_back():
    with Costs(lambda inputs: 1.0).installed():
        f = autograph.function(halve, executor="auto")
        x = np.linspace(0.0, 3.0, 5)
        for _ in range(TRIAL):
            f(x)
        autograph.run_functions_eagerly(True)
        try:
            assert not dispatching(f)
            np.testing.assert_array_equal(f(x), halve(x))
        finally:
            autograph.run_functions_eagerly(False)
        f(x)
        assert dispatching(f) and f.tracing_count == 1


def test_the_dispatcher_and_the_trials_keep_no_function_alive():
    with Costs(lambda inputs: 1.0).installed():
        f = autograph.function(halve, executor="auto")
        for _ in range(TRIAL):
            f(np.ones(3))
        assert dispatching(f)
        ref = weakref.ref(f)
        del f
        gc.collect()
        assert ref() is None


def test_a_shape_the_dispatchers_call_met_first_leaves_no_slow_path_behind():
    # executor="jax": a new shape reaches the dispatcher first, whose body finds no trace and raises; jax.jit
    # marks such a signature to take its Python path for good, unless the dispatcher empties its C++ cache.
    f = autograph.function(shaped, executor="jax")
    a, b = np.arange(3.0), np.arange(5.0)
    f(a)
    assert dispatching(f)
    np.testing.assert_allclose(f(b), shaped(b))  # the dispatcher fails, the general path traces and runs it
    with python_paths() as paths:
        for _ in range(2):
            np.testing.assert_allclose(f(a), shaped(a))  # (a's C++ entry is refilled once, by JAX's Python path)
        paths.clear()
        for _ in range(3):
            np.testing.assert_allclose(f(b), shaped(b))
            np.testing.assert_allclose(f(a), shaped(a))
    assert paths == [] and dispatching(f) and f.tracing_count == 2
