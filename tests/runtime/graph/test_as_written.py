"""Code of the user's that runs as written while a graph is traced (an operator's method, a property, a function
marked do_not_convert) and tests the type() of a value is refused by name (runtime/graph/as_written.py): type() of
a traced value is the graph's Tensor, so the test would answer otherwise than eager code, silently (CommPy's
``GF.__add__``, tests/coverage/corpus_commpy.py). Code that only builds an object of a value's type, converted code
and isinstance() tests run, with eager NumPy's results on both executors."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

import autograph
import autograph.testing
from runtime.limits import NotStageable

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


def _test_line(method) -> int:
    """The line of ``method``'s type test: the message names it."""
    lines, first = inspect.getsourcelines(method)
    return first + next(i for i, text in enumerate(lines) if "type(s" in text)


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
    lines, first = inspect.getsourcelines(tester)
    line = first + next(i for i, text in enumerate(lines) if "type(" in text)
    np.testing.assert_array_equal(autograph.convert(fn)(X, Y), fn(X, Y))  # (outside a trace: as written)
    name = tester.__qualname__
    with pytest.raises(NotStageable, match=rf"test_as_written\.py:{line}: {name} runs as written, called from "
                                           rf"{caller.__qualname__} \(which runs as written too\).*tests the "
                                           rf"type\(\) of a value.*Decorate {name} with @autograph\.convert"):
        autograph.function(fn, executor=executor)(X, Y)


@pytest.mark.xfail(strict=True, reason="a property run as written that makes no node is not looked into: its type test "
                                       "answers for the graph's Tensor (docs/limitations.md)")
def test_a_property_that_makes_no_node_and_tests_a_type():
    def fn(x, y):
        return x * 2 if Kinded(x).doubled_kind == "array" else x

    np.testing.assert_array_equal(autograph.function(fn)(X, Y), fn(X, Y))


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
