"""Independent heavy branches on the thread pool (runtime/graph/parallel.py): when a region is made,
the same bits as sequential execution, effects in their order, errors and warnings as sequential
execution raises and issues them, and the switch. (Speed is measured in benchmarks/parallel.py.)"""

from __future__ import annotations

import contextlib
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_passes import _compare, _inputs, _outcome, _unoptimized, programs, same_bits

import autograph
from runtime.graph import Variable, interpreter, parallel, print_
from runtime.graph.interpreter import compile_graph, run
from runtime.graph.passes import optimize
from runtime.graph.tracing import TensorSpec, trace

BIG = TensorSpec((60, 60))  # m*n*k below OpenBLAS's own threading threshold: one core per matmul


def two_chains(a, b):
    x, y = a, b
    for _ in range(8):
        x = x @ a
        y = y @ b
    return x + y, x


def regions(graph, parallel_flag=True):
    """The parallel regions of ``graph``'s compiled program."""
    namespace = compile_graph(graph, parallel_flag).__globals__
    return [value for value in namespace.values() if isinstance(value, parallel.Region)]


@contextlib.contextmanager
def every_region_parallel():
    """Make every effect-free run of two or more nodes a region spread over the lanes (for tests on small graphs)."""
    saved = parallel.PAYS_OFF, parallel.HANDOFF, parallel.LANES, parallel.BLAS_THREADED
    parallel.PAYS_OFF, parallel.HANDOFF, parallel.LANES, parallel.BLAS_THREADED = -1.0, 0.0, 2, float("inf")
    try:
        yield
    finally:
        parallel.PAYS_OFF, parallel.HANDOFF, parallel.LANES, parallel.BLAS_THREADED = saved


def _matrices(n=60, seed=0):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, n)) / np.sqrt(n), rng.normal(size=(n, n)) / np.sqrt(n)


@pytest.fixture(autouse=True)
def two_lanes(monkeypatch):
    monkeypatch.setattr(parallel, "LANES", 2)  # the machine may have one core: the schedule is what is tested


def test_two_independent_matmul_chains_become_one_region_on_two_lanes():
    graph, _ = trace(two_chains, [BIG, BIG])
    (region,) = regions(graph)
    assert set(region.lanes) == {0, 1}
    assert regions(graph, False) == []
    a, b = _matrices()
    for got, expected in zip(run(graph, [a, b]), two_chains(a, b)):
        assert same_bits(got, expected)


def test_one_chain_or_light_work_stays_sequential():
    def chain(a):
        for _ in range(4):
            a = a @ a
        return a
    assert regions(trace(chain, [BIG])[0]) == []
    small = TensorSpec((8, 8))
    assert regions(trace(two_chains, [small, small])[0]) == []  # too light for a thread hand-off
    assert regions(trace(two_chains, [TensorSpec((None, 60)), BIG])[0]) == []  # unknown cost
    large = TensorSpec((128, 128))
    assert regions(trace(two_chains, [large, large])[0]) == []  # BLAS runs each matmul on every core already


def test_cost_and_schedule():
    graph, _ = trace(two_chains, [BIG, BIG])
    matmuls = [n for n in graph.nodes if n.op == "matmul"]
    assert parallel.cost(matmuls[0]) == pytest.approx(2 * 60 ** 3 / parallel.FLOPS)
    assert not parallel.uses_every_core(matmuls[0])
    lanes, makespan = parallel.schedule(_instructions(matmuls), [parallel.cost(n) for n in matmuls])
    assert set(lanes) == {0, 1} and makespan < sum(parallel.cost(n) for n in matmuls) * 0.6


def _instructions(nodes):
    from runtime.graph.program import Module

    module = Module(parallel=False)
    for node in nodes:
        for v in node.inputs:
            if v not in module.slots:
                module.new_slot(v)
    return module.instructions(None, nodes)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.complex128])
@pytest.mark.parametrize("n", [64, 128, 300])
def test_parallel_gives_the_sequential_bits(dtype, n):
    spec = TensorSpec((n, n), dtype)
    graph, _ = trace(two_chains, [spec, spec])
    a, b = (m.astype(dtype) if dtype is not np.int64 else (m * 3).astype(dtype) for m in _matrices(n))
    with every_region_parallel():
        assert regions(graph)
        together = run(graph, [a, b])
    alone = run(graph, [a, b], parallel=False)
    for x, y, z in zip(together, alone, two_chains(a, b)):
        assert same_bits(x, y) and same_bits(x, z)


def test_effects_keep_their_order_and_split_regions(capsys):
    v = Variable(np.zeros((60, 60)))

    def fn(a, b):
        x = a @ a @ a
        print_("first", np.sum(x))
        v.assign(x)
        y = b @ b @ b
        z = a @ b @ a
        print_("second", np.sum(y))
        return v.value + y + z
    graph, _ = trace(fn, [BIG, BIG])
    a, b = _matrices()
    with every_region_parallel():
        assert regions(graph)
        (together,) = run(graph, [a, b])
        parallel_out = capsys.readouterr().out
    (alone,) = run(graph, [a, b], parallel=False)
    assert same_bits(together, alone)
    assert parallel_out == capsys.readouterr().out
    assert parallel_out.index("first") < parallel_out.index("second")


def failing(a, b, i):
    x = a @ a @ a
    y = np.take(b @ b, i) + b  # out of bounds for a large i
    z = np.log(a @ a) + x       # log of negative entries warns
    return x + y, z


def test_an_error_in_a_parallel_branch_propagates_as_sequentially():
    graph, _ = trace(failing, [BIG, BIG, TensorSpec((), np.int64)])
    a, b = _matrices()
    with every_region_parallel():
        assert regions(graph)
        with pytest.raises(IndexError) as together:
            run(graph, [a, b, np.int64(10 ** 6)])
    with pytest.raises(IndexError) as alone:
        run(graph, [a, b, np.int64(10 ** 6)], parallel=False)
    assert str(together.value) == str(alone.value)
    assert together.value.__notes__[0] == alone.value.__notes__[0]
    assert f"{failing.__code__.co_firstlineno + 2}" in together.value.__notes__[0]


def test_warnings_of_a_parallel_branch_are_issued_as_sequentially():
    graph, _ = trace(failing, [BIG, BIG, TensorSpec((), np.int64)])
    a, b = _matrices()
    outcomes = []
    for flag in (True, False):
        with every_region_parallel(), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            outcomes.append((run(graph, [a, b, np.int64(3)], parallel=flag),
                             [(w.category, w.filename, w.lineno, str(w.message)) for w in caught]))
    (together, seen), (alone, expected) = outcomes
    assert seen == expected and len(expected) == 1 and expected[0][1] == __file__
    for x, y in zip(together, alone):
        assert same_bits(x, y)
    with every_region_parallel(), np.errstate(invalid="raise"), pytest.raises(FloatingPointError):
        run(graph, [a, b, np.int64(3)])  # the caller's errstate reaches the pool's thread


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(source=programs(), data=st.data())
def test_random_programs_give_the_sequential_bits_on_every_lane(source, data, tmp_path_factory):
    graph = _unoptimized(source, tmp_path_factory)
    for g in (graph, optimize(graph)):
        inputs = _inputs(data)
        with every_region_parallel():
            together = _outcome(run, g, inputs)
        _compare(_outcome(lambda g, i: run(g, i, parallel=False), g, inputs), together)


def test_the_switch(monkeypatch):
    monkeypatch.setenv(interpreter.ENV_SWITCH, "0")
    assert not interpreter.parallel_enabled()
    graph, _ = trace(two_chains, [BIG, BIG])
    assert regions(graph, None) == []
    for value in ("off", "false", "no", " 0 "):
        monkeypatch.setenv(interpreter.ENV_SWITCH, value)
        assert not interpreter.parallel_enabled()
    monkeypatch.setenv(interpreter.ENV_SWITCH, "1")
    assert interpreter.parallel_enabled()
    other, _ = trace(two_chains, [BIG, BIG])
    assert len(regions(other, None)) == 1
    monkeypatch.delenv(interpreter.ENV_SWITCH)
    assert interpreter.parallel_enabled()


def test_autograph_function_uses_the_pool_and_gives_eager_bits():
    f = autograph.function(two_chains)
    a, b = _matrices()
    for got, expected in zip(f(a, b), two_chains(a, b)):
        assert same_bits(got, expected)
