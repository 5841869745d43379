"""Code of the user's that runs as written while a graph is traced (an operator's method, a property, a function
marked do_not_convert) and tests the type() of a value is refused by name (runtime/graph/as_written.py): type() of
a traced value is the graph's Tensor, so the test would answer otherwise than eager code, silently (CommPy's
``GF.__add__``, tests/coverage/corpus_commpy.py). Code that only builds an object of a value's type, converted code
and isinstance() tests run, with eager NumPy's results on both executors."""

from __future__ import annotations

import functools
import inspect
import sys
import threading

import numpy as np
import pytest

import autograph
import autograph.testing
from runtime.limits import NotStageable
from tests.helpers import in_threads, interrupted_at_many_points

EXECUTORS = ("numpy", "jax")
X, Y = np.arange(3.0), np.ones(3)


class Pair:
    def __init__(self, x):
        self.x = x

    def __add__(self, other):  # Python calls it for `+`: as written
        s = self.x + other.x
        return s * 2 if type(s) is np.ndarray else s

    def __sub__(self, other):
        return type(self)(self.x - other.x)  # builds an object of the type: no test

    def __mul__(self, k):
        s = self.x * k
        return s * 2 if isinstance(s, np.ndarray) else s  # isinstance answers as NumPy does

    @property
    def scaled(self):
        s = np.sum(self.x) * 2.0
        return s if type(s) in (float, int) else -s  # eager: np.float64 is neither

    @property
    def named(self):
        s = self.x + 1.0
        return s if type(s).__name__ == "ndarray" else -s

    def __matmul__(self, other):
        s = self.x * 3.0
        return s if type(s) == type(other.x) else -s  # noqa: E721 (the test a program may write)

    @autograph.do_not_convert
    def chosen(self):
        s = self.x * 1.0
        return s if type(s) is np.ndarray else -s


class Converted:
    def __init__(self, x):
        self.x = x

    @autograph.convert
    def __add__(self, other):
        s = self.x + other.x
        return s * 2 if type(s) is np.ndarray else s


def add(x, y):
    return Pair(x) + Pair(y)


def subtract(x, y):
    return (Pair(x) - Pair(y)).x


def multiply(x, y):
    return Pair(x) * 3.0 + y


def scaled(x, y):
    return Pair(x).scaled + y


def named(x, y):
    return Pair(x).named + y


def same_kind(x, y):
    return Pair(x) @ Pair(y)


def chosen(x, y):
    return Pair(x).chosen() + y


def converted_add(x, y):
    return Converted(x) + Converted(y)


def swallowing(x, y):
    try:
        return Pair(x) + Pair(y)
    except TypeError:
        return x - y  # what the program would do with an error of its own: never taken for the refusal


def _test_line(method, test: str = "type(s") -> int:
    """The line of ``method``'s type test (its first line holding ``test``): the message names it."""
    lines, first = inspect.getsourcelines(method)
    return first + next(i for i, text in enumerate(lines) if test in text)


REFUSED = {add: Pair.__add__, scaled: Pair.scaled.fget, named: Pair.named.fget, same_kind: Pair.__matmul__,
           chosen: Pair.chosen, swallowing: Pair.__add__}


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", list(REFUSED), ids=lambda f: f.__name__)
def test_a_type_test_in_code_run_as_written_is_refused_by_name(fn, executor):
    line, name = _test_line(REFUSED[fn]), REFUSED[fn].__qualname__  # (3.10 too: found on the function)
    with pytest.raises(NotStageable, match=rf"test_as_written\.py:{line}: {name} runs as written \(Python calls it for "
                                           rf"converted code.*tests the type\(\) of a value.*Decorate {name} with "
                                           r"@autograph\.convert"):
        autograph.function(fn, executor=executor)(X, Y)


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", [subtract, multiply, converted_add], ids=lambda f: f.__name__)
def test_code_that_does_not_test_type_or_is_converted_gives_numpys_result(fn, executor):
    np.testing.assert_array_equal(autograph.function(fn, executor=executor)(X, Y), fn(X, Y))


@pytest.mark.parametrize("fn", list(REFUSED) + [subtract, multiply, converted_add], ids=lambda f: f.__name__)
def test_outside_a_graph_trace_the_code_runs_as_written(fn):
    np.testing.assert_array_equal(autograph.convert(fn)(X, Y), fn(X, Y))
    with autograph.testing.converted_form():
        np.testing.assert_array_equal(autograph.convert(fn)(X, Y), fn(X, Y))


def test_a_type_test_on_a_path_that_makes_no_node_is_not_refused():
    class Scale:
        def __mul__(self, k):
            return 2 if type(k) is int else 3  # asked of a Python int: no graph value in reach

    def fn(x):
        return x * (Scale() * 4)

    np.testing.assert_array_equal(autograph.function(fn)(X), fn(X))


# --- the code that code run as written calls ----------------------------------------------------------------------
# It runs as written too: a type test there, of a tensor it was given, took the other branch silently where it made no
# node itself (Kinded below gave "other" and the graph x + y for eager's 2 * (x + y)); CommPy's GF.__add__ making
# GF(...), whose __init__ tests type(x), was an AttributeError.

def kind_of(value):
    return "array" if type(value) is np.ndarray else "other"


class Kinded:
    def __init__(self, x):
        self.x = x
        self.kind = "array" if type(x) is np.ndarray else "other"

    def __add__(self, other):  # as written: it makes a node, then a Kinded, whose __init__ tests the type
        return Kinded(self.x + other.x)

    def __truediv__(self, k):  # as written: it makes a node, then asks a function of the program's
        s = self.x / k
        return s * 2 if kind_of(s) == "array" else s

    @property
    def doubled_kind(self):  # as written, and makes no node: not looked into (docs/limitations.md)
        return "array" if type(self.x) is np.ndarray else "other"


def kinded_sum(x, y):
    made = Kinded(x) + Kinded(y)
    return made.x * 2 if made.kind == "array" else made.x


def kinded_quotient(x, y):
    return Kinded(x) / 2.0 + y


CALLED = {kinded_sum: (Kinded.__init__, Kinded.__add__), kinded_quotient: (kind_of, Kinded.__truediv__)}


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", list(CALLED), ids=lambda f: f.__name__)
def test_a_type_test_in_code_that_code_run_as_written_calls_is_refused_by_name(fn, executor):
    tester, caller = CALLED[fn]
    line = _test_line(tester, "type(")
    np.testing.assert_array_equal(autograph.convert(fn)(X, Y), fn(X, Y))  # (outside a trace: as written)
    name = tester.__qualname__
    with pytest.raises(NotStageable, match=rf"test_as_written\.py:{line}: {name} runs as written, called from "
                                           rf"{caller.__qualname__} \(which runs as written too\).*tests the "
                                           rf"type\(\) of a value.*Decorate {name} with @autograph\.convert"):
        autograph.function(fn, executor=executor)(X, Y)


# --- a property that converted code reads -------------------------------------------------------------------------
# It makes no node to be looked at from: its type test answered for the graph's Tensor, silently (a strict xfail until
# stop 98). The trace watches the getters of the properties the traced function may read (as_written.watching).

class Held:
    def __init__(self, x):
        self.x = x
        self.parts = [x]

    @property
    def kind(self):  # its object holds a tensor in a trace: refused
        return "array" if type(self.x) is np.ndarray else "other"

    @functools.cached_property
    def cached_kind(self):
        return "array" if type(self.parts[0]) is np.ndarray else "other"

    @property
    def kind_by_helper(self):  # the test is in a function of the program's that the getter calls
        return kind_of(self.x)

    @property
    def own_name(self):  # type(self): an object of the program's class, never a tensor: not watched
        return type(self).__name__

    @property
    @autograph.convert
    def converted_kind(self):  # converted: type() answers as NumPy does
        return "array" if type(self.x) is np.ndarray else "other"


class Bag:
    def __init__(self, x):
        self.x = x

    def __getitem__(self, i):  # Python calls it for `bag[i]`, and it makes no node: watched as a getter is
        return ("array" if type(self.x) is np.ndarray else "other")[i]

    def __len__(self):
        return 2 if type(self.x) is np.ndarray else 1


class Slotted:
    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x

    @property
    def kind(self):
        return "array" if type(self.x) is np.ndarray else "other"


class Compared:
    def __init__(self, x):
        self.x = x

    def __eq__(self, other):  # tests the type of the other object, not of a tensor: runs, with eager's answer
        return type(other) is Compared and other.x is self.x

    __hash__ = object.__hash__


CONSTANT = np.array([1.0, 2.0, 3.0])


def reads_kind_of_slots(x, y):
    return x * 2 if Slotted(x).kind == "array" else x


def compares(x, y):
    held = Compared(x)
    return x * 2 if held == Compared(x) and held != 1 else x


def indexes_a_bag(x, y):
    return x * 2 if Bag(x)[0] == "a" else x


def measures_a_bag(x, y):
    return x * 2 if len(Bag(x)) == 2 else x


def measures_a_bag_of_a_constant(x, y):
    return x * 2 if len(Bag(CONSTANT)) == 2 else x


def reads_kind(x, y):
    return x * 2 if Held(x).kind == "array" else x


def reads_cached_kind(x, y):
    return x * 2 if Held(x).cached_kind == "array" else x


def reads_kind_by_helper(x, y):
    return x * 2 if Held(x).kind_by_helper == "array" else x


def reads_kind_swallowing(x, y):
    try:
        kind = Held(x).kind
    except TypeError:
        kind = "array"  # what the program would do with an error of its own: never taken for the refusal
    return x * 2 if kind == "array" else x


def reads_kind_of_a_constant(x, y):
    return x * 2 if Held(CONSTANT).kind == "array" else x  # an array the trace does not stage: eager's answer


def reads_own_name(x, y):
    return x * 2 if Held(x).own_name == "Held" else x


def reads_converted_kind(x, y):
    return x * 2 if Held(x).converted_kind == "array" else x


PROPERTY_TESTS = {reads_kind: (Held.kind.fget, ""), reads_cached_kind: (Held.cached_kind.func, ""),
                  reads_kind_swallowing: (Held.kind.fget, ""),
                  reads_kind_by_helper: (kind_of, r", called from Held\.kind_by_helper \(which runs as written too\)"),
                  indexes_a_bag: (Bag.__getitem__, ""), measures_a_bag: (Bag.__len__, ""),
                  reads_kind_of_slots: (Slotted.kind.fget, "")}


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", list(PROPERTY_TESTS), ids=lambda f: f.__name__)
def test_a_property_that_tests_the_type_of_a_tensor_it_reads_is_refused_by_name(fn, executor):
    tester, called = PROPERTY_TESTS[fn]
    line, name = _test_line(tester, "type("), tester.__qualname__
    np.testing.assert_array_equal(autograph.convert(fn)(X, Y), fn(X, Y))  # (outside a trace: as written)
    with pytest.raises(NotStageable, match=rf"test_as_written\.py:{line}: {name} runs as written{called} \(Python "
                                           rf"calls it for converted code.*a property.*tests the type\(\) of a value, "
                                           rf"while it reads a graph tensor.*Decorate {name} with @autograph\.convert"):
        autograph.function(fn, executor=executor)(X, Y)
    assert sys.getprofile() is None  # (the watch ends with the trace)


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", [reads_kind_of_a_constant, reads_own_name, reads_converted_kind,
                                measures_a_bag_of_a_constant, compares],
                         ids=lambda f: f.__name__)
def test_a_property_that_reads_no_tensor_or_tests_self_or_is_converted_gives_numpys_result(fn, executor):
    np.testing.assert_array_equal(autograph.function(fn, executor=executor)(X, Y), fn(X, Y))
    assert sys.getprofile() is None


def test_a_function_reading_no_such_property_is_traced_unwatched():
    seen = []

    def fn(x, y):
        seen.append(sys.getprofile())
        return x * 2 if Held(x).own_name == "Held" else x

    autograph.function(fn)(X, Y)
    assert seen == [None]  # (type(self) only: no watch, no slower trace)
    seen.clear()

    def reading(x, y):
        seen.append(sys.getprofile())
        return reads_kind_of_a_constant(x, y)

    autograph.function(reading)(X, Y)  # (three calls deep: watched, and the constant's answer is eager's)
    assert seen[0] is not None and sys.getprofile() is None


def test_another_profiler_running_is_a_refusal_that_says_so_and_keeps_it():
    def profiler(frame, event, arg):
        pass

    sys.setprofile(profiler)
    try:
        with pytest.raises(NotStageable, match=r"Held\.kind runs as written for a property the traced function may "
                                               r"read.*cannot while another profiler runs on this thread"):
            autograph.function(reads_kind_of_a_constant)(X, Y)
        assert sys.getprofile() is profiler
    finally:
        sys.setprofile(None)


def test_the_watch_is_the_tracing_threads_only():
    mine, others, started, go_on = [], [], threading.Event(), threading.Event()

    def fn(x, y):
        mine.append(sys.getprofile())
        started.set()
        go_on.wait(10)
        return reads_kind_of_a_constant(x, y)

    def look():
        started.wait(10)
        others.append(sys.getprofile())
        go_on.set()

    watcher = threading.Thread(target=look)
    watcher.start()
    np.testing.assert_array_equal(autograph.function(fn)(X, Y), X * 2)
    watcher.join()
    assert mine[0] is not None and others == [None]


def test_the_code_around_a_traced_call_may_name_code_that_tests_types():
    # (an array the traced function returns as made eagerly becomes a constant node as the trace ends, made where
    # this test called it: this test's frame, which names kind_of, whose type test runs outside the trace, on what
    # the call returns. The harness of the coverage corpus, whose compare() tests types: 159 cases refused by a
    # first version of the look.)
    def with_a_constant(x, y):
        return x * 3.0 + y, np.array([1.0, 2.0])

    got, constant = autograph.function(with_a_constant)(X, Y)
    assert kind_of(got) == kind_of(constant) == "array"
    np.testing.assert_array_equal(got, X * 3.0 + Y)


def test_many_threads_tracing_at_once_each_get_their_own_answer():
    def work(k):
        fn = reads_kind if k % 2 else reads_kind_of_a_constant
        if k % 2:
            with pytest.raises(NotStageable, match=r"Held\.kind runs as written"):
                autograph.function(fn)(X + k, Y)
        else:
            np.testing.assert_array_equal(autograph.function(fn)(X + k, Y), (X + k) * 2)
        assert sys.getprofile() is None

    in_threads(work, 8)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # (an interrupt in a weakref callback)
def test_an_interrupt_anywhere_in_a_watched_trace_leaves_no_watch():
    def body(k):
        autograph.function(reads_kind_of_a_constant)(X + k, Y)

    def check(k):
        # A watch an interrupt left behind (between its sys.setprofile and its `with` block) takes itself off at the
        # first call outside the trace: here, the getter's own, which runs as written.
        assert Held(CONSTANT).kind == "array"
        assert sys.getprofile() is None

    assert interrupted_at_many_points(150, 300, body, check) > 50


class _Presenting(type):
    @property
    def __module__(cls):  # (lazy-object-proxy's classes present their __module__ so)
        raise AttributeError("presented")


class Presented(metaclass=_Presenting):
    def __init__(self, x):
        self.x = x

    @property
    def kind(self):
        return "array" if type(self.x) is np.ndarray else "other"


def reads_a_presented_kind(x, y):
    return x * 2 if Presented(x).kind == "array" else x


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_class_whose_metaclass_presents_its_module_is_looked_at_by_its_own_entry(executor):
    with pytest.raises(NotStageable, match=r"Presented\.kind runs as written"):
        autograph.function(reads_a_presented_kind, executor=executor)(X, Y)
