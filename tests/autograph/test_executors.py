"""autograph/executors.py: executors bound to their graph, and the JAX executor's inputs and outputs as a
Function passes and returns them."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from autograph import executors
from autograph.executors import AutoExecutor, executor_for, single_output
from runtime.graph import interpreter

jax = pytest.importorskip("jax")
jnp = jax.numpy


@pytest.fixture(autouse=True)
def _interpreter_and_jax_only(monkeypatch):
    """These tests pin the interpreter-against-JAX trial; with numba in it (where installed) the trial takes
    NUMBA_TRIAL_CALLS more calls: tests/autograph/test_executors_numba.py."""
    monkeypatch.setattr(executors.AutoExecutor, "_compile_numba", lambda self, graph, inputs: False)


def halve(x):
    while np.sum(x) > 1:
        x = x / 2
    return x


def stats(x, n):
    total = np.sum(x) * 1.0  # int32 sums are int64 (as in NumPy), then float64
    for _ in range(n):
        total = total / 2
    return total, np.max(x), {"name": "stats"}


@pytest.mark.parametrize("name", ["numpy", "jax", "auto"])
def test_an_executor_is_bound_to_its_graph_and_takes_its_inputs(name):
    graph = autograph.function(halve).get_concrete_function(np.ones(5)).graph
    run = executor_for(graph, name)
    x = np.linspace(0.0, 3.0, 5)
    expected = interpreter.run(graph, [x])
    for _ in range(3):  # auto: its interpreter call, its untimed JAX call, a timed one
        (got,) = run([x])
        assert type(got) is np.ndarray and got.dtype == expected[0].dtype
        np.testing.assert_allclose(got, expected[0], rtol=1e-12)
    assert isinstance(run, AutoExecutor) == (name == "auto")


def test_the_jax_executor_gives_numpys_dtypes_for_every_output():
    traced = autograph.function(stats, executor="jax")
    x = np.arange(6, dtype=np.int32)
    for n in (np.int64(0), np.int64(3)):
        got, expected, eager = traced(x, n), autograph.function(stats)(x, n), stats(x, n)
        assert got[2] == {"name": "stats"}
        for g, e, w in zip(got[:2], expected[:2], eager[:2]):
            # (NumPy scalars, as eager's: tests/autograph/test_returned_scalars.py)
            assert type(g) is type(e) is type(w) and g.dtype == e.dtype and g.shape == e.shape
            np.testing.assert_allclose(g, e, rtol=1e-12)


def test_the_jax_executor_takes_jax_arrays_and_numpy_scalars():
    traced = autograph.function(lambda x, s: x * s, executor="jax")
    x = np.arange(4.0, dtype=np.float32)
    expected = autograph.function(lambda x, s: x * s)(x, np.float32(2))
    for args in ((x, np.float32(2)), (jnp.asarray(x), np.float32(2)), (jnp.asarray(x), jnp.float32(2))):
        got = traced(*args)
        assert type(got) is np.ndarray and got.dtype == np.float32
        np.testing.assert_array_equal(got, expected)
    # Two traces: a NumPy scalar and a 0-d JAX array are keyed apart (TensorSpec.scalar: type() and isinstance()
    # answer differently for them); the JAX arrays of the same shape as the NumPy ones share theirs.
    assert traced.tracing_count == 2


def test_backend_jax_returns_the_jitted_result_as_it_is():
    one = autograph.function(lambda x: x + 1, backend="jax")
    out = one(np.ones(3, np.float32))
    assert isinstance(out, jax.Array) and out.shape == (3,)
    pair = autograph.function(lambda x: (x + 1, "tag"), backend="jax")
    a, tag = pair(np.ones(3, np.float32))
    assert isinstance(a, jax.Array) and tag == "tag"


def test_auto_times_each_executor_on_the_last_call_of_a_run(monkeypatch):
    from autograph import executors

    graph = autograph.function(halve).get_concrete_function(np.ones(3)).graph
    clock, order = [0.0], []

    def executor(name, first_cost, then_cost):
        def run(*args):
            in_a_row = 0  # this executor's calls just before this one
            while in_a_row < len(order) and order[-1 - in_a_row] == name:
                in_a_row += 1
            order.append(name)
            clock[0] += first_cost if in_a_row < executors.JAX_RUN - 1 else then_cost
            return (np.zeros(3),)
        return run

    # JAX is slow for the first calls after the interpreter's (100) and fast once it has run a few calls in a row (1);
    # the interpreter costs 10.
    monkeypatch.setattr(executors.time, "perf_counter", lambda: clock[0])
    auto = AutoExecutor(graph)
    monkeypatch.setattr(auto, "_numpy", executor("numpy", 10.0, 10.0))  # its interpreter.runner

    def compile_jax(graph, inputs):
        auto._jax = executor("jax", 100.0, 1.0)
        return True

    monkeypatch.setattr(auto, "_compile", compile_jax)
    for _ in range(2 + executors.TRIAL_CALLS):
        assert auto.choice is None
        auto([np.ones(3)])
    run = executors.JAX_RUN
    assert order[:2 + run + 2] == ["numpy", "jax"] + ["jax"] * run + ["numpy", "numpy"]
    assert order.count("jax") == 1 + run * executors.TRIALS
    assert order.count("numpy") == 1 + executors.NUMPY_RUN * executors.TRIALS
    assert auto.times == {"jax": 1.0, "numpy": 10.0} and auto.choice == "jax"


def test_auto_chooses_by_the_median_trial_not_the_fastest(monkeypatch):
    # JAX's calls spread wide: two of its five timed calls cost 5, three cost 30; the interpreter's cost 10.
    # The fastest JAX trial beats the interpreter, the typical one does not: the interpreter is chosen.
    from autograph import executors

    graph = autograph.function(halve).get_concrete_function(np.ones(3)).graph
    clock, jax_costs = [0.0], iter([5.0, 30.0, 30.0, 5.0, 30.0] * 20)
    monkeypatch.setattr(executors.time, "perf_counter", lambda: clock[0])
    auto = AutoExecutor(graph)

    def run(cost):
        def call(*args):
            clock[0] += cost() if callable(cost) else cost
            return (np.zeros(3),)
        return call

    monkeypatch.setattr(auto, "_numpy", run(10.0))
    monkeypatch.setattr(auto, "_compile", lambda graph, inputs: setattr(auto, "_jax", run(lambda: next(jax_costs)))
                        or True)
    for _ in range(2 + executors.TRIAL_CALLS):
        auto([np.ones(3)])
    assert min(auto.samples["jax"]) < 10.0 < auto.times["jax"]
    assert auto.choice == "numpy" and auto.times["numpy"] == 10.0


def test_single_output_takes_the_lowered_single_call_and_wraps_the_others():
    graph = autograph.function(halve).get_concrete_function(np.ones(3)).graph
    jax_call = executor_for(graph, "jax")
    assert single_output(jax_call) is jax_call.single  # Lowered.call_single: no wrapper around it
    x = np.linspace(0.0, 4.0, 3)
    for name in ("numpy", "auto", "jax"):
        run = single_output(executor_for(graph, name))
        for _ in range(3):
            got = run([x])
            assert type(got) is np.ndarray
            np.testing.assert_allclose(got, halve(x))
    scalar = autograph.function(lambda x: np.sum(x)).get_concrete_function(np.ones(3)).graph
    got = single_output(executor_for(scalar, "numpy"))([np.ones(3)])
    assert type(got) is np.ndarray and got.shape == () and got == 3.0  # a NumPy scalar comes back as an array


@pytest.mark.parametrize("winner", ["jax", "numpy"])
def test_auto_hands_a_single_output_graph_to_the_chosen_executors_own_path(monkeypatch, winner):
    # Once auto has chosen, a Function's call of a one-output graph runs the chosen executor's own
    # single-output function (for JAX, Lowered.call_single), not auto's trials and tuples.
    from autograph import executors

    graph = autograph.function(halve).get_concrete_function(np.ones(3)).graph
    auto = AutoExecutor(graph)
    run = single_output(auto)
    assert run is auto.single
    x = np.linspace(0.0, 4.0, 3)
    clock = [0.0]

    def fake_clock():  # each timed call of the loser costs 10, of the winner 1
        clock[0] += 0.5
        return clock[0]

    monkeypatch.setattr(executors.time, "perf_counter", fake_clock)
    calls = 0
    while auto.choice is None:
        got = run([x])
        calls += 1
        np.testing.assert_allclose(got, halve(x))
        if auto.choice is None and calls > 2:
            auto.samples[winner][:] = [0.0]  # the winner measured faster
    assert auto.choice == winner and calls == 2 + executors.TRIAL_CALLS
    own = auto._single_chosen[0]
    if winner != "numpy":  # asked first whether NumPy's error state lets compiled code run (error_state.quiet_or)
        own = own.__wrapped__
    if winner == "jax":
        # Lowered.call_single, in the wrapper that runs a call whose sum's order decides it on the interpreter
        # (halve's np.sum: summation_order.py)
        assert own is auto._jax.single and own.__name__ == "run_single"
    got = run([x])
    assert type(got) is np.ndarray
    np.testing.assert_allclose(got, halve(x))
    monkeypatch.setattr(auto, "_trial", lambda inputs: pytest.fail("auto trialled again"))
    np.testing.assert_allclose(run([x]), halve(x))


def reciprocal_length(x):
    return 12 // (x.shape[0] - 1)


def test_auto_whose_first_call_raises_starts_its_trial_again():
    # The first trial call ran the interpreter and raised (a staged check, NumPy's own error): the JAX version was
    # never compiled, so the next call must be the trial's first again, not a JAX call (it was `None(inputs)`).
    f = autograph.function(reciprocal_length, executor="auto",
                           input_signature=[autograph.TensorSpec([None], np.float64)])
    with pytest.raises(ZeroDivisionError):
        f(np.ones(1))
    for n in (3, 4, 5, 7):
        assert f(np.ones(n)) == 12 // (n - 1)
