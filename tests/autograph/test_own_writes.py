"""A traced function that writes Python state itself (``self.t += 1``, ``self.state = ...``, ``log.append``, a
global it rebinds): its graph cannot make the write again when it runs, so its guard never stands and each call
traces again, making the write as eager code does (autograph/trace_guards.py, ``TraceGuard.finish``). A write
that stores a value the trace staged in an object that outlives the trace is refused, and the object keeps its
value. Eager Python is the oracle, on the interpreter, XLA, auto and backend="jax".

Found by tests/autograph/test_stateful_corpus.py (gym's CartPole ``step``, the Short Corridor of Sutton and
Barto's code, baselines' OU noise): before, each call after the first ran the first trace's graph, holding the
state the trace had read (a counter stuck at 1, an observation that never moved)."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import autograph
from runtime.limits import NotStageable
from tests.helpers import interrupted_at_many_points

# Each call of a writing function traces again: the warning saying so is expected (one test asks for it).
pytestmark = pytest.mark.filterwarnings("ignore::autograph.RetracingWarning")

MODES = [dict(), dict(executor="jax"), dict(executor="auto"), dict(backend="jax")]
MODE_IDS = ["interpreter", "xla", "auto", "backend-jax"]


class Counter:
    def __init__(self):
        self.t = 0

    def step(self, x):
        self.t += 1
        return x * self.t


class Walker:
    """CartPole's shape: Python-float state, a Python int action (keyed by value)."""

    def __init__(self):
        self.x = 0.0

    def step(self, a):
        self.x = self.x + 0.5 * a
        return np.array([self.x])


class Lazy:
    def __init__(self):
        self.table = None

    def apply(self, x):
        if self.table is None:  # written once: one more trace, then the guard stands
            self.table = np.arange(3.0)
        return x + self.table


class Env:
    def __init__(self):
        self.state = np.zeros(2)

    def step(self, u):
        self.state = self.state + u  # a traced value kept in the object: refused
        return self.state.sum()


COUNT = 0


def bump(x):
    global COUNT
    COUNT += 1
    return x * COUNT


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_counter_on_self_counts_every_call_as_eager(mode):
    eager, traced_obj = Counter(), Counter()
    f = autograph.function(Counter.step, **mode)
    x = np.ones(2)
    for _ in range(4):
        np.testing.assert_allclose(np.asarray(f(traced_obj, x)), eager.step(x))
    assert traced_obj.t == eager.t == 4


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_python_float_state_keyed_by_a_python_action_moves_as_eager(mode):
    eager, traced_obj = Walker(), Walker()
    f = autograph.function(Walker.step, **mode)
    for a in (1, 1, 0, 1, 1):
        np.testing.assert_allclose(np.asarray(f(traced_obj, a)), eager.step(a))
    assert traced_obj.x == eager.x


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_global_the_function_rebinds_itself(mode):
    global COUNT
    COUNT = 0
    f = autograph.function(bump, **mode)
    x = np.ones(2)
    results = [np.asarray(f(x)) for _ in range(3)]
    assert [r[0] for r in results] == [1.0, 2.0, 3.0] and COUNT == 3


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_log_of_python_values_grows_at_every_call(mode):
    log = []

    def f(x):
        log.append(len(log))
        return x + 1.0

    traced = autograph.function(f, **mode)
    for _ in range(3):
        np.testing.assert_allclose(np.asarray(traced(np.arange(3.0))), np.arange(3.0) + 1.0)
    assert log == [0, 1, 2]


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_lazy_initialisation_traces_once_more_and_then_the_guard_stands(mode):
    obj = Lazy()
    f = autograph.function(Lazy.apply, **mode)
    x = np.ones(3)
    for _ in range(5):
        np.testing.assert_allclose(np.asarray(f(obj, x)), x + np.arange(3.0))
    assert f.tracing_count == 2


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_traced_value_stored_in_self_is_refused_and_self_keeps_its_value(mode):
    env = Env()
    before = env.state
    f = autograph.function(Env.step, **mode)
    with pytest.raises(NotStageable, match=r"test_own_writes.py:\d+: step stored a value it traced in self.state, "
                                           r"which outlives the trace .* return the value and assign it outside"):
        f(env, np.ones(2))
    assert env.state is before


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_traced_value_appended_to_an_outside_list_is_refused_and_the_list_keeps_its_items(mode):
    history = [np.zeros(2)]
    first = history[0]

    def f(x):
        y = x * 2.0
        history.append(y)
        return y

    traced = autograph.function(f, **mode)
    with pytest.raises(NotStageable, match=r"f stored a value it traced in history\[1\]"):
        traced(np.ones(2))
    assert len(history) == 1 and history[0] is first


def test_the_retracing_warning_says_the_function_writes_it_itself():
    obj = Counter()
    f = autograph.function(Counter.step)
    with pytest.warns(autograph.RetracingWarning, match=r"The function itself changes self\.t when traced: a graph "
                                                        r"cannot make a Python write again when it runs"):
        for _ in range(6):
            f(obj, np.ones(2))


def test_a_concrete_function_of_a_writing_trace_refuses_to_run():
    obj = Counter()
    f = autograph.function(Counter.step)
    concrete = f.get_concrete_function(obj, np.ones(2))
    with pytest.raises(autograph.StaleTraceError, match=r"this concrete function of step changed self\.t when it was "
                                                        r"traced, and its graph cannot make that write again"):
        concrete(obj, np.ones(2))


def test_calls_from_many_threads_each_make_their_write_once():
    # A thread that waited for another's trace must not run that trace's graph (it holds the count that trace
    # read): it traces again under the lock, and counts.
    import threading

    obj = Counter()
    f = autograph.function(Counter.step)
    results, barrier = [], threading.Barrier(8)
    record = results.append

    def worker():
        barrier.wait()
        for _ in range(5):
            record(float(np.asarray(f(obj, np.ones(1)))[0]))

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert obj.t == 40 and sorted(results) == [float(k) for k in range(1, 41)]


def test_the_refusal_names_the_key_that_holds_the_traced_value():
    seen = {}

    def probe(x):
        seen["note"] = "a string is plain"
        seen["values"] = (x, x[0])  # a tuple holding tensors
        return x[0]

    with pytest.raises(NotStageable, match=r"probe stored a value it traced in seen\['values'\]"):
        autograph.function(probe)(np.array([1.0, 2.0]))
    assert seen == {}


class Slotted:
    __slots__ = ("a",)

    def __init__(self):
        self.a = 2.0


def copies_a_slotted_object(x):
    return x * copy.copy(Slotted()).a  # (copyreg caches Slotted.__slotnames__ on the class, the first time)


def test_a_cache_pythons_machinery_keeps_on_a_class_is_not_a_write_of_the_functions():
    # (SALib's fast_analyze copies a ResultDict: its first trace traced again for copyreg's cache, stop 53)
    assert "__slotnames__" not in Slotted.__dict__
    f = autograph.function(copies_a_slotted_object)
    for _ in range(3):
        np.testing.assert_allclose(f(np.ones(2)), np.full(2, 2.0))
    assert "__slotnames__" in Slotted.__dict__ and f.tracing_count == 1


class Registry:
    latest = None


def keeps_its_result_on_a_class(x):
    Registry.latest = x * 2.0  # a class attribute holding a traced value
    return x


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_traced_value_stored_on_a_class_is_refused_and_the_class_keeps_its_attribute(mode):
    with pytest.raises(NotStageable, match=r"stored a value it traced in Registry\.latest"):
        autograph.function(keeps_its_result_on_a_class, **mode)(np.ones(2))
    assert Registry.latest is None


class Failing:
    def __init__(self):
        self.state = np.zeros(2)

    def step(self, u):
        self.state = self.state + u
        raise ValueError("the function's own error")


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_trace_that_fails_after_storing_a_traced_value_leaves_no_tensor_behind(mode):
    obj = Failing()
    before = obj.state
    with pytest.raises(ValueError, match="the function's own error"):
        autograph.function(Failing.step, **mode)(obj, np.ones(2))
    assert obj.state is before


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # (an interrupt in a GC callback)
def test_interrupts_at_many_points_leave_counts_as_eager_and_no_tensor_behind():
    """A KeyboardInterrupt anywhere in a call of a writing function (its guard check, its trace, the refusal's
    giving back) leaves the next call eager's, and no graph tensor in the objects."""
    counter, env = Counter(), Env()
    step, env_step = autograph.function(Counter.step), autograph.function(Env.step)

    def calls(k):
        for _ in range(5):
            step(counter, np.ones(2))
            with pytest.raises(NotStageable):
                env_step(env, np.ones(2))

    def check(k):
        assert type(env.state) is np.ndarray and type(counter.t) is int, k
        t = counter.t
        np.testing.assert_allclose(np.asarray(step(counter, np.ones(2))), np.full(2, t + 1.0), err_msg=str(k))
        assert counter.t == t + 1

    assert interrupted_at_many_points(150, 50, calls, check) > 30


class Decomposition:
    """pymoo's Decomposition.do writes its reference points on self at every call (tests/coverage/corpus_pymoo.py)."""

    def __init__(self):
        self.ideal_point = None
        self.calls = 0

    def do(self, f):
        self.ideal_point = np.zeros(f.shape[1])
        return np.max(f - self.ideal_point, axis=1)

    def counted(self, f):
        self.calls = self.calls + 1
        return f * self.calls


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_write_of_the_same_value_at_every_call_lets_the_trace_stand(mode):
    """The first trace makes the attribute (a change: the next call traces again); the second writes an equal array
    where one was (nothing a later call could see changes but the array's identity): it stands. The object holds a
    NumPy array, as eagerly; before stop 86 a bound method's object was not looked into, and held a graph tensor."""
    obj = Decomposition()
    step = autograph.function(obj.do, **mode)
    f = np.array([[1.0, 2.0], [3.0, -1.0]])
    for _ in range(4):
        np.testing.assert_allclose(np.asarray(step(f)), Decomposition().do(f))
        assert type(obj.ideal_point) is np.ndarray
    assert step.tracing_count == 2


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_count_written_at_every_call_traces_at_every_call(mode):
    obj, eager = Decomposition(), Decomposition()
    step = autograph.function(obj.counted, **mode)
    for _ in range(3):
        np.testing.assert_allclose(np.asarray(step(np.ones(2))), eager.counted(np.ones(2)))
    assert obj.calls == 3 and step.tracing_count == 3
