"""Independent heavy branches on the thread pool (runtime/graph/parallel.py, regions.py, workers.py):
when a region is made (and that small graphs never start a worker), the same bits as sequential
execution and as NumPy eager, effects in their order, errors and warnings as sequential execution
raises and issues them, no deadlock for nested or concurrent calls, and the switch. (Speed is
measured in benchmarks/parallel.py.)"""

from __future__ import annotations

import contextlib
import os
import threading
import time
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_passes import _compare, _inputs, _outcome, _unoptimized, programs, same_bits

import autograph
from runtime.graph import Variable, interpreter, parallel, print_, workers
from runtime.graph.interpreter import compile_graph, run
from runtime.graph.passes import optimize
from runtime.graph.tracing import TensorSpec, trace
from tests.helpers import notes

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
    names = ("PAYS_OFF", "HANDOFF", "START", "NODE", "LANES", "BLAS_THREADED")
    saved = [getattr(parallel, name) for name in names]
    for name, value in zip(names, (-1.0, 0.0, 0.0, 0.0, 2, float("inf"))):
        setattr(parallel, name, value)
    try:
        yield
    finally:
        for name, value in zip(names, saved):
            setattr(parallel, name, value)


def _matrices(n=60, seed=0):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, n)) / np.sqrt(n), rng.normal(size=(n, n)) / np.sqrt(n)


@pytest.fixture(autouse=True)
def two_lanes(monkeypatch):
    monkeypatch.setattr(parallel, "LANES", 2)  # the machine may have one core: the schedule is what is tested
    monkeypatch.setattr(parallel, "BLAS_THREADS", 2)  # and BLAS may use both (unless a test says otherwise)


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
    assert notes(together.value)[0] == notes(alone.value)[0]
    assert f"{failing.__code__.co_firstlineno + 2}" in notes(together.value)[0]


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


# --- the decision: small graphs never start a worker ------------------------------------------------

def test_small_graphs_never_start_a_worker():
    """Graphs below the pay-off (small matrices, one chain, unknown shapes, GIL-bound work) compile
    without a region, and running them hands nothing to a worker thread."""
    def chain(a):
        for _ in range(20):
            a = a @ a
        return a

    def many_small(a, b):
        x, y = a, b
        for _ in range(200):  # many nodes, each keeping the GIL (16 elements): threads cannot overlap them
            x = np.tanh(x) + a
            y = np.tanh(y) + b
        return x, y
    def long_chains(a, b):
        x, y = a, b
        for _ in range(100):
            x = x @ a
            y = y @ b
        return x, y
    small, tiny, measured = TensorSpec((8, 8)), TensorSpec((4, 4)), TensorSpec((32, 32))
    cases = [(chain, [BIG]), (two_chains, [small, small]), (long_chains, [measured, measured]),
             (two_chains, [TensorSpec((None, 60)), BIG]), (many_small, [tiny, tiny])]
    for fn, specs in cases:
        graph, _ = trace(fn, specs)
        assert regions(graph) == []
        before = workers.started()
        run(graph, [np.zeros([d or 60 for d in spec.shape]) for spec in specs])
        assert workers.started() == before, fn.__name__
    graph, _ = trace(two_chains, [BIG, BIG])  # the control: this one does start one
    before = workers.started()
    run(graph, list(_matrices()))
    assert workers.started() == before + 1


def test_the_estimate_counts_what_threads_cannot_overlap():
    matmul_60 = trace(lambda a: a @ a, [BIG])[0].nodes[-1]
    matvec = trace(lambda a, v: a @ v, [TensorSpec((20, 20)), TensorSpec((20,))])[0].nodes[-1]
    det = trace(lambda a: np.linalg.det(a), [TensorSpec((300, 300))])[0].nodes[-1]
    add_small = trace(lambda a: a + a, [TensorSpec((20, 20))])[0].nodes[-1]
    add_large = trace(lambda a: a + a, [TensorSpec((30, 30))])[0].nodes[-1]
    assert not parallel.holds_gil(matmul_60) and not parallel.holds_gil(add_large)
    assert parallel.holds_gil(matvec) and parallel.holds_gil(add_small)  # 20 and 400 iterations: NumPy keeps it
    matmul_32 = trace(lambda a: a @ a, [TensorSpec((32, 32))])[0].nodes[-1]
    assert parallel.holds_gil(matmul_32)  # measured: two threads do not overlap them
    assert det.op == "det" and parallel.holds_gil(det)  # one det: one iteration, however large the matrix
    # Two lanes of GIL-bound nodes take as long as one.
    graph, _ = trace(lambda a, b: (np.linalg.det(a @ a), np.linalg.det(b @ b)), [TensorSpec((300, 300))] * 2)
    dets = [n for n in graph.nodes if n.op == "det"]
    lanes, makespan = parallel.schedule(_instructions(dets), [parallel.cost(n) for n in dets])
    assert set(lanes) == {0, 1} and makespan >= sum(parallel.cost(n) for n in dets)


def test_blas_threads_from_the_environment(monkeypatch):
    for name in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
        monkeypatch.delenv(name, raising=False)
    assert parallel.blas_threads() == parallel.cores()
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    assert parallel.blas_threads() == 3
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "1")  # OpenBLAS's own variable comes first
    assert parallel.blas_threads() == 1
    large = TensorSpec((128, 128))
    assert regions(trace(two_chains, [large, large])[0]) == []  # BLAS_THREADS is 2 here (the fixture)
    monkeypatch.setattr(parallel, "BLAS_THREADS", 1)  # single-threaded BLAS: each chain gets a core of its own
    (region,) = regions(trace(two_chains, [large, large])[0])
    assert set(region.lanes) == {0, 1}


# --- how a region runs -----------------------------------------------------------------------------------

def test_each_lane_is_straight_line_code_that_meets_the_other_only_for_its_values():
    graph, _ = trace(two_chains, [BIG, BIG])
    (region,) = regions(graph)
    lane0, lane1 = (region.source.split("def ")[k] for k in (1, 2))
    assert lane0.count("matmul(") + lane1.count("matmul(") == 16
    # One value crosses: the second chain's end, read by the final add on the other lane.
    assert region.source.count(".acquire()") == 1 and region.source.count(".release()") == 1
    assert "for " not in region.source and "while " not in region.source


def test_an_error_on_the_worker_lane_wakes_the_waiting_lane_and_propagates_as_sequentially():
    def fn(a, b, i):
        x = a @ a @ a @ a @ a
        y = np.take(b @ b @ b @ b, i) + b  # out of bounds for a large i
        return x + y
    graph, _ = trace(fn, [BIG, BIG, TensorSpec((), np.int64)])
    a, b = _matrices()
    with every_region_parallel():
        (region,) = regions(graph)
        take = next(k for k, ins in enumerate(region.run) if ins.node.op == "take")
        final = len(region.run) - 1
        assert region.lanes[take] != region.lanes[final]  # the final add waits for the failing lane's value
        errors = []
        for flag in (True, False):
            with pytest.raises(IndexError) as caught:
                run(graph, [a, b, np.int64(10 ** 6)], parallel=flag)
            errors.append(caught.value)
        assert region.lanes[take] == 1 or region.lanes[final] == 1
    together, alone = errors
    assert str(together) == str(alone) and "out of bounds" in str(together)
    assert notes(together)[0] == notes(alone)[0]
    assert f"{fn.__code__.co_firstlineno + 2}" in notes(together)[0]
    assert workers.claim(1) is not None  # the worker gave itself back
    _release_all()


def _release_all():
    for worker in workers._workers:
        if worker.busy.locked():
            worker.busy.release()


def _with_timeout(fn, seconds=60):
    """``fn()`` on a thread; fails (instead of hanging the suite) if it has not finished in time."""
    outcome = []
    thread = threading.Thread(target=lambda: outcome.append(fn()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "deadlock: the call did not finish"
    return outcome[0]


def test_a_region_inside_a_lane_runs_on_its_own_thread_without_deadlock():
    """A region started from a worker thread (a nested region) cannot wait for the workers: it runs
    its nodes itself. Here the worker's job runs a whole parallel graph."""
    graph, _ = trace(two_chains, [BIG, BIG])
    a, b = _matrices()
    assert regions(graph)
    expected = two_chains(a, b)

    def nested():
        claimed = workers.claim(1)
        assert claimed is not None
        done = threading.Lock()
        done.acquire()
        results = []
        claimed[0].start(lambda: results.append(run(graph, [a, b])), done)
        assert done.acquire(timeout=60)
        return results
    before = workers.started()
    (results,) = _with_timeout(nested)
    assert workers.started() == before + 1  # the nested region started no second job
    for got, want in zip(results, expected):
        assert same_bits(got, want)


def test_a_region_whose_workers_are_busy_runs_on_the_calling_thread():
    graph, _ = trace(two_chains, [BIG, BIG])
    a, b = _matrices()
    assert regions(graph)
    claimed = workers.claim(1)  # as another thread's region would
    try:
        before = workers.started()
        results = _with_timeout(lambda: run(graph, [a, b]))
        assert workers.started() == before
    finally:
        claimed[0].busy.release()
    for got, want in zip(results, two_chains(a, b)):
        assert same_bits(got, want)
    with pytest.raises(IndexError):  # and its errors are still the user's, with the note
        graph2, _ = trace(failing, [BIG, BIG, TensorSpec((), np.int64)])
        with every_region_parallel():
            assert regions(graph2)
            claimed = workers.claim(1)
            try:
                run(graph2, [a, b, np.int64(10 ** 6)])
            finally:
                claimed[0].busy.release()


def test_many_threads_running_parallel_graphs_at_once():
    """User threads running pooled graphs concurrently: whoever claims the worker uses it, the others
    run alone; every result is eager's, and nobody waits for ever."""
    graph, _ = trace(two_chains, [BIG, BIG])
    inputs = [_matrices(seed=k) for k in range(6)]
    expected = [two_chains(a, b) for a, b in inputs]
    results: dict = {}

    def user(k):
        results[k] = [run(graph, list(inputs[k])) for _ in range(4)]
    threads = [threading.Thread(target=user, args=(k,), daemon=True) for k in range(6)]
    start = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(1.0, 120 - (time.monotonic() - start)))
        assert not thread.is_alive(), "deadlock"
    for k in range(6):
        for outputs in results[k]:
            for got, want in zip(outputs, expected[k]):
                assert same_bits(got, want)


@pytest.mark.skipif(workers.current_cpu() is None or len(os.sched_getaffinity(0)) < 2,
                    reason="needs sched_getcpu and two CPUs")
def test_a_worker_keeps_off_the_callers_cpu_for_its_job():
    here = workers.current_cpu()
    assert here in os.sched_getaffinity(0)
    claimed = workers.claim(1)
    assert claimed is not None
    done = threading.Lock()
    done.acquire()
    seen = []
    claimed[0].start(lambda: seen.append((os.sched_getaffinity(0), workers.current_cpu())), done, here)
    assert done.acquire(timeout=60)
    mask, cpu = seen[0]
    assert here not in mask and cpu != here and mask == os.sched_getaffinity(0) - {here}
    assert os.sched_getaffinity(0) >= mask  # the caller's own mask is untouched


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_forked_child_makes_its_own_workers():
    graph, _ = trace(two_chains, [BIG, BIG])
    a, b = _matrices()
    run(graph, [a, b])  # the parent has a worker now
    expected = two_chains(a, b)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "fork() of a multi-threaded process" (JAX's threads, ours)
        pid = os.fork()
    if pid == 0:  # the child: exit at once, whatever happens
        code = 1
        try:
            got = run(graph, [a, b])
            code = 0 if all(same_bits(x, y) for x, y in zip(got, expected)) else 2
        finally:
            os._exit(code)
    deadline = time.monotonic() + 60
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the forked child hung running a parallel graph")
        time.sleep(0.05)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


# --- random graphs: parallel, sequential and NumPy eager give the same bits ----------------------------

_RANDOM_OPS = {
    "matmul": (2, lambda x, y: x @ y), "add": (2, lambda x, y: x + y), "sub": (2, lambda x, y: x - y),
    "mul": (2, lambda x, y: x * y), "maximum": (2, np.maximum), "tanh": (1, np.tanh), "exp": (1, np.exp),
    "transpose": (1, np.transpose), "colsum": (2, lambda x, y: np.sum(x, axis=0) + y),
    "scale": (1, lambda x: x * 0.5),
}


@st.composite
def dags(draw):
    """A random program over two (n, n) inputs: each step applies an op to earlier values (often the
    last one or two of its own chain, so that independent chains form), some values are outputs."""
    steps = []
    count = 2
    for _ in range(draw(st.integers(2, 24))):
        op = draw(st.sampled_from(sorted(_RANDOM_OPS)))
        arity = _RANDOM_OPS[op][0]
        args = tuple(draw(st.integers(0, count - 1)) for _ in range(arity))
        steps.append((op, args))
        count += 1
    outputs = draw(st.lists(st.integers(0, count - 1), min_size=1, max_size=4))
    return steps, outputs


def _program(dag):
    steps, outputs = dag

    def program(a, b):
        values = [a, b]
        for op, args in steps:
            values.append(_RANDOM_OPS[op][1](*(values[i] for i in args)))
        return tuple(values[i] for i in outputs)
    return program


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(dag=dags(), n=st.sampled_from([3, 8, 40]), dtype=st.sampled_from([np.float64, np.float32]),
       seed=st.integers(0, 2 ** 16))
def test_random_graphs_give_the_same_bits_parallel_sequential_and_eager(dag, n, dtype, seed):
    program = _program(dag)
    graph, _ = trace(program, [TensorSpec((n, n), dtype)] * 2)
    rng = np.random.default_rng(seed)
    a, b = (rng.normal(size=(n, n)).astype(dtype) for _ in range(2))
    with every_region_parallel():
        compile_graph(graph, True)  # every run of two or more nodes is a region on two lanes
    outcomes = []
    for runner in (lambda: run(graph, [a, b], parallel=True), lambda: run(graph, [a, b], parallel=False),
                   lambda: program(a, b)):
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            outcomes.append(runner())
    together, alone, eager = outcomes
    for x, y, z in zip(together, alone, eager):
        assert same_bits(x, y) and same_bits(x, np.asarray(z))
