"""executor="auto" with numba in its trial (autograph/executors.py): the three-way rounds, the choice by the median,
numba left out where the graph does not lower; and executor="numba" through a Function."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from autograph import executors
from autograph.executors import AutoExecutor
from tests.helpers import needs_jax

pytest.importorskip("numba")


def halve(x):
    while np.sum(x) > 1:
        x = x / 2
    return x


def fake_executors(monkeypatch, auto: AutoExecutor, costs: dict, order: list, clock: list, jax: bool = True) -> None:
    """Each executor adds its cost to the fake clock and records its call; JAX and numba "compile"."""
    def executor(name):
        def run(inputs):
            order.append(name)
            clock[0] += costs[name]
            return (np.zeros(3),)
        return run

    monkeypatch.setattr(executors.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(auto, "_numpy", executor("numpy"))

    def compile_jax(graph, inputs):
        auto._jax = executor("jax")
        return True

    def compile_numba(graph, inputs):
        auto._numba = executor("numba")
        return True

    monkeypatch.setattr(auto, "_compile", compile_jax if jax else lambda graph, inputs: False)
    monkeypatch.setattr(auto, "_compile_numba", compile_numba)


@needs_jax  # (the trial compiles for XLA only where JAX is: the fakes stand in for its compiled function)
@pytest.mark.parametrize("costs, winner", [({"numpy": 10.0, "jax": 5.0, "numba": 1.0}, "numba"),
                                           ({"numpy": 10.0, "jax": 1.0, "numba": 5.0}, "jax"),
                                           ({"numpy": 1.0, "jax": 5.0, "numba": 5.0}, "numpy")])
def test_auto_times_three_executors_in_rounds_and_takes_the_fastest(monkeypatch, costs, winner):
    graph = autograph.function(halve).get_concrete_function(np.ones(3)).graph
    auto, order, clock = AutoExecutor(graph), [], [0.0]
    fake_executors(monkeypatch, auto, costs, order, clock)
    auto([np.ones(3)])
    assert auto.trial_calls == executors.TRIAL_CALLS + executors.NUMBA_TRIAL_CALLS
    for _ in range(1 + auto.trial_calls):
        assert auto.choice is None
        auto([np.ones(3)])
    run = executors.JAX_RUN
    assert order[:2 + run + 2 + 2] == ["numpy", "jax"] + ["jax"] * run + ["numpy"] * 2 + ["numba"] * 2
    assert order.count("numba") == executors.NUMBA_RUN * executors.TRIALS
    assert auto.times == costs and auto.choice == winner
    auto([np.ones(3)])
    assert order[-1] == winner


def test_auto_without_jax_times_the_interpreter_against_numba(monkeypatch):
    graph = autograph.function(halve).get_concrete_function(np.ones(3)).graph
    auto, order, clock = AutoExecutor(graph), [], [0.0]
    fake_executors(monkeypatch, auto, {"numpy": 3.0, "numba": 1.0}, order, clock, jax=False)
    for _ in range(2 + (executors.NUMPY_RUN + executors.NUMBA_RUN) * executors.TRIALS):
        auto([np.ones(3)])
    assert order[:4] == ["numpy", "numba", "numpy", "numpy"]  # call 2: numba's untimed first run
    assert auto.times == {"numpy": 3.0, "numba": 1.0} and auto.choice == "numba"


@needs_jax
def test_auto_leaves_numba_out_of_a_graph_it_cannot_lower_and_says_why():
    traced = autograph.function(lambda x: np.exp(x) * 2, executor="auto")
    x = np.linspace(0.0, 1.0, 5)
    for _ in range(3):
        np.testing.assert_allclose(traced(x), np.exp(x) * 2, rtol=1e-12)  # (a JAX trial call: XLA's exp)
    auto = traced.concrete_functions[0]._executor
    assert "numba" not in auto.samples and auto.trial_calls == executors.TRIAL_CALLS
    assert "`exp` has no numba rule" in auto.numba_fallback


def test_auto_with_real_numba_chooses_and_gives_the_interpreters_bits():
    traced, plain = autograph.function(halve, executor="auto"), autograph.function(halve)
    x = np.linspace(0.0, 1.0, 1000)
    expected = plain(x)
    for _ in range(2 + executors.TRIAL_CALLS + executors.NUMBA_TRIAL_CALLS):
        out = traced(x)
        assert out.dtype == expected.dtype
        np.testing.assert_allclose(out, expected, rtol=1e-12)
    concrete = traced.concrete_functions[0]
    assert concrete.executor != "auto" and "numba" in concrete._executor.samples
    if concrete.executor == "numba":
        assert traced(x).tobytes() == expected.tobytes()


def test_executor_numba_runs_the_graph_compiled_and_exact():
    traced, plain = autograph.function(halve, executor="numba"), autograph.function(halve)
    for x in (np.linspace(0.0, 1.0, 1000), np.full(7, 3.0)):
        got = traced(x)
        assert type(got) is np.ndarray and got.tobytes() == plain(x).tobytes()
    assert traced.concrete_functions[0].executor == "numba"
