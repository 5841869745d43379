"""A ``Function`` called from several threads at once (docs/functions.md, "Threads"): one trace per key, a
caller that finds a trace of its key under way waits for it and runs it; ``executor="auto"``'s trial is
serialized; a trace while another thread imports JAX (or fails to) works; the retracing warning's counts
stay consistent. Each test starts its threads together (``threading.Barrier``) for several rounds: each
reproduced its problem in every run before the fix."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import warnings

import numpy as np
import pytest

import autograph
from autograph import executors
from autograph.retracing import RetracingMonitor, RetracingWarning
from tests.helpers import halve

THREADS = 8
ROUNDS = 5
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def together(work, threads: int = THREADS) -> list:
    """Run ``work(index)`` on ``threads`` threads started at once; its results, re-raising the first error."""
    barrier = threading.Barrier(threads)
    results: list = [None] * threads
    errors: list = []

    def run(index: int) -> None:
        barrier.wait()
        try:
            results[index] = work(index)
        except BaseException as error:  # re-raised in the test's thread, below
            errors.append(error)

    pool = [threading.Thread(target=run, args=(i,)) for i in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    if errors:
        raise errors[0]
    return results


# --- item 7: one trace per key; Variables created on the first call --------------------------------------

def test_variable_created_on_first_call_from_threads_is_made_once():
    for _ in range(ROUNDS):
        made = []
        keep = made.append  # (a builtin method: not looked into by the trace guard)

        class Counter:
            def __init__(self) -> None:
                self.v = None

            @autograph.function
            def add(self, x):
                if self.v is None:  # the TF idiom: create the Variable on the first call
                    self.v = autograph.Variable(np.zeros(2))
                    keep(self.v)
                self.v.assign_add(x)
                return self.v.value

        counter = Counter()
        together(lambda i: counter.add(np.ones(2)))
        assert len(made) == 1
        assert counter.v is made[0]
        # (the first trace wrote self.v, which its graph cannot write again: the next call traced once more, and
        # that trace, which took the other branch and wrote nothing, stands: tests/autograph/test_own_writes.py)
        assert Counter.add.tracing_count == 2
        # Every thread's run updated the Variable the instance keeps (runs are not serialized, but a single
        # assign_add node is one step of the interpreter)
        np.testing.assert_array_equal(counter.v.numpy(), [THREADS, THREADS])


@pytest.mark.parametrize("op", ["assign_add", "assign_sub", "read_then_assign"])
def test_xla_runs_from_threads_that_change_one_variable_lose_no_update(op):
    # An XLA program reads the Variables it assigns as inputs and the host writes the results back after the run:
    # without the read, run and write in one step, 8 threads x 25 runs of `v.assign_add(1)` ended near 236 of 400.
    pytest.importorskip("jax")
    v = autograph.Variable(np.zeros(3))

    @autograph.function(executor="jax")
    def change(x):
        if op == "assign_add":
            v.assign_add(x)
        elif op == "assign_sub":
            v.assign_sub(x)
        else:
            v.assign(v.value + x)
        return v.value

    change(np.zeros(3))  # traced and compiled before the threads start
    assert change.get_concrete_function(np.zeros(3)).executor == "jax"
    runs = 25
    together(lambda i: [change(np.ones(3)) for _ in range(runs)])
    expected = THREADS * runs * (-1 if op == "assign_sub" else 1)
    np.testing.assert_array_equal(v.numpy(), [expected] * 3)


def test_an_xla_run_whose_host_callback_adds_to_a_variable_does_not_deadlock():
    # The run holds the Variables' lock while its numpy_function runs (on the calling thread), and that callback
    # runs a graph that adds to another Variable under the same lock: it is reentrant.
    pytest.importorskip("jax")
    inner_total, outer_total = autograph.Variable(np.zeros(())), autograph.Variable(np.zeros(()))

    @autograph.function
    def inner(x):
        inner_total.assign_add(x)
        return inner_total.value

    def host(x):
        return np.asarray(inner(np.asarray(x)), dtype=np.float64)

    @autograph.function(executor="jax")
    def outer(x):
        outer_total.assign_add(x)
        return autograph.numpy_function(host, x, output_spec=autograph.TensorSpec((), np.float64))

    together(lambda i: [outer(np.float64(1.0)) for _ in range(5)], threads=4)
    assert float(outer_total.numpy()) == 20.0
    assert float(inner_total.numpy()) == 20.0


def test_concurrent_first_calls_wait_for_the_trace_and_run_it():
    for _ in range(ROUNDS):
        started = []
        note = started.append  # (a builtin method: not looked into by the trace guard)

        def f(x):
            note(threading.get_ident())
            return x * 2

        fn = autograph.function(f)
        results = together(lambda i: fn(np.full(3, float(i))))
        assert len(started) == 1 and fn.tracing_count == 1
        for i, result in enumerate(results):
            np.testing.assert_array_equal(result, np.full(3, 2.0 * i))


def test_get_concrete_function_from_threads_traces_once():
    fn = autograph.function(lambda x: x + 1)
    spec = autograph.TensorSpec((4,), np.float64)
    concretes = together(lambda i: fn.get_concrete_function(spec))
    assert fn.tracing_count == 1
    assert all(c is concretes[0] for c in concretes)


def test_a_function_that_calls_itself_or_another_while_tracing_does_not_deadlock():
    inner = autograph.function(lambda x: x * 3)

    @autograph.function
    def outer(x):
        inner.get_concrete_function(autograph.TensorSpec((2,), np.float64))  # another Function's trace
        return inner(x) + 1

    @autograph.function
    def recursive(x, depth):
        if depth == 0:
            return x
        recursive.get_concrete_function(np.ones(2), depth - 1)  # itself, another key, in the same thread
        return recursive(x, depth - 1) * 2  # inlined into this trace

    results = together(lambda i: (outer(np.ones(2)), recursive(np.ones(2), 2)), threads=4)
    for out, rec in results:
        np.testing.assert_array_equal(out, [4.0, 4.0])
        np.testing.assert_array_equal(rec, [4.0, 4.0])
    assert outer.tracing_count == 1 and inner.tracing_count == 1
    assert recursive.tracing_count == 3  # depth 2, and the concrete functions of depth 1 and 0


def test_variable_created_on_a_second_key_from_threads_is_still_an_error():
    # Traces of different keys are serialized too: a Variable made on the second trace is refused, however
    # the two first calls interleave.
    for _ in range(ROUNDS):
        @autograph.function
        def f(x):
            v = autograph.Variable(np.ones(x.shape))
            return x * v

        shapes = [(2,), (3,)]

        def call(i: int):
            try:
                return f(np.ones(shapes[i]))
            except ValueError as error:
                return error

        results = together(call, threads=2)
        errors = [r for r in results if isinstance(r, ValueError)]
        assert len(errors) == 1
        assert "a Function may create Variables only on its first trace" in str(errors[0])


# --- item 8: executor="auto" from threads -------------------------------------------------------------------

def test_auto_executor_from_threads_during_its_trial():
    pytest.importorskip("jax")
    calls = 2 + executors.TRIAL_CALLS + executors.NUMBA_TRIAL_CALLS + 4  # through the whole trial and past it
    for _ in range(ROUNDS):
        fn = autograph.function(halve, executor="auto")
        x = np.linspace(1.0, 9.0, 64)
        expected = halve(x)
        results = together(lambda i: [fn(x) for _ in range(calls)])
        for row in results:
            for result in row:
                np.testing.assert_allclose(result, expected)
        (concrete,) = fn.concrete_functions
        assert concrete.executor in ("numpy", "jax", "numba")
        auto = concrete._executor
        assert sum(len(s) for s in auto.samples.values()) == len(auto.samples) * executors.TRIALS  # each counted once


def test_auto_executor_several_outputs_from_threads():
    pytest.importorskip("jax")
    fn = autograph.function(lambda x: (x + 1, x * 2), executor="auto")
    x = np.arange(5.0)
    results = together(lambda i: [fn(x) for _ in range(2 + executors.TRIAL_CALLS)])
    for row in results:
        for plus, times in row:
            np.testing.assert_array_equal(plus, x + 1)
            np.testing.assert_array_equal(times, x * 2)


# --- item 9: a trace while another thread imports JAX ------------------------------------------------------

IMPORT_WHILE_TRACING = """
import sys, threading, traceback
import numpy as np
sys.path[:0] = {paths!r}
import autograph
from runtime import backend

def f(x):
    for i in range(2):  # a loop: the operators look for lazily registered packages imported meanwhile
        x = x + i
    if np.sum(x) > 0:
        return x * 2
    return -x

errors, done, start = [], threading.Event(), threading.Barrier(2)

def importer():
    start.wait()
    try:
        import jax  # noqa: F401
    except ImportError as error:
        print("import failed:", error)
    finally:
        done.set()

thread = threading.Thread(target=importer)
thread.start()
start.wait()
traces = 0
while not done.is_set() or traces < 3:
    traces += 1
    try:
        np.testing.assert_array_equal(autograph.function(f)(np.ones(2)), [4.0, 4.0])
    except Exception as error:
        errors.append("".join(traceback.format_exception(error)))
thread.join()
print("traces", traces, "errors", len(errors))
print("lazy", sorted(backend._LAZY), "backends", [b.name for b in backend._BACKENDS])
print("".join(errors[:1]))
"""


def run_script(directory, source: str) -> str:
    """Run ``source`` as a script of its own (a fresh process: JAX not imported yet), from a file, so that autograph
    can read its functions' source."""
    path = directory / "script.py"
    path.write_text(source)
    done = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_tracing_while_another_thread_imports_jax(tmp_path):
    pytest.importorskip("jax")
    for _ in range(2):
        out = run_script(tmp_path, IMPORT_WHILE_TRACING.format(paths=[ROOT]))
        assert "errors 0\n" in out, out
        assert "backends ['graph', 'jax']" in out, out


FAKE_JAX = {
    "jax/__init__.py": """
        import os, sys, time, types
        sys.modules["fake_jax_helper"] = types.ModuleType("fake_jax_helper")  # a module imported meanwhile
        time.sleep(0.3)  # a slow import: the other thread traces meanwhile
        raise ImportError("this JAX is broken")
    """,
}


def test_a_failed_jax_import_does_not_poison_later_traces(tmp_path):
    pytest.importorskip("jax")
    fake = tmp_path / "fake"  # (not the script's own directory, which is on its sys.path for good)
    for name, text in FAKE_JAX.items():
        (fake / name).parent.mkdir(parents=True, exist_ok=True)
        (fake / name).write_text(textwrap.dedent(text))
    script = IMPORT_WHILE_TRACING.format(paths=[str(fake), ROOT]) + textwrap.dedent("""
        # The broken JAX left nothing registered: the real one, imported now, registers its backend when its
        # first value reaches an operator, and traces keep working.
        assert "jax" in backend._LAZY, backend._LAZY
        sys.path.remove({fake!r})
        for name in [n for n in sys.modules if n == "jax" or n.startswith("jax.")]:
            del sys.modules[name]
        import jax
        np.testing.assert_array_equal(autograph.function(f)(np.ones(3)), [4.0, 4.0, 4.0])
        converted = autograph.api.convert(lambda x: x * 2 if x.sum() > 0 else -x)
        np.testing.assert_array_equal(np.asarray(jax.jit(converted)(np.ones(2))), [2.0, 2.0])
        print("after", [b.name for b in backend._BACKENDS])
    """).format(fake=str(fake))
    out = run_script(tmp_path, script)
    assert "import failed: this JAX is broken" in out, out
    assert "errors 0\n" in out, out
    assert "backends ['graph']" in out, out
    assert "after ['graph', 'jax']" in out, out


# --- item 10: one trace per key from threads, and the warning's counts -------------------------------------

def test_one_trace_per_key_from_threads_and_a_consistent_warning():
    keys = 22
    for _ in range(ROUNDS):
        fn = autograph.function(lambda x: x + 1)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            together(lambda i: [fn(np.ones(1 + (k + 3 * i) % keys)) for k in range(keys)])
        assert fn.tracing_count == keys and len(fn.concrete_functions) == keys
        shown = [str(w.message) for w in caught if issubclass(w.category, RetracingWarning)]
        assert len(shown) <= 1
        for message in shown:
            counts = message.split(" traced ")[1].split(" calls")[0]
            times, calls = [int(n) for n in counts.split(" times in its last ")]
            assert times <= calls, message


def test_retracing_monitor_counts_under_threads():
    # Many traces noted at once, each with the call count as read when its trace ended: no window may claim
    # more traces than calls.
    monitor = RetracingMonitor()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        together(lambda i: monitor.traced("f", THREADS, {"x": i}))  # 8 calls, then their 8 traces
    (warning,) = [w for w in caught if issubclass(w.category, RetracingWarning)]
    assert "traced 5 times in its last 5 calls" in str(warning.message)
    calls = [call for call, _ in monitor.recent]
    assert calls == sorted(calls)
