"""A ``for`` over an object of the user's class with a Python ``__iter__``: in the converted form the loop calls
the converted ``__iter__`` and ``__next__`` (runtime/user_iterators.py), so a ``__next__`` that steps with an
``if`` on a staged value stages, where Python's interpreter called it as written and the graph refused it
(particles' Kalman filter: ``for _ in self: pass``). Eager Python is the oracle, on every path a user takes; on
plain values the converted form keeps Python's lookups, errors and tracebacks."""

from __future__ import annotations

import sys
import traceback

import numpy as np
import pytest

import autograph
from tests.helpers import executors, needs_jax, same_result


class Halver:
    """Each step halves a positive value, or moves a negative one up by 1: an `if` on the value."""

    def __init__(self, x, n):
        self.x, self.n, self.t = x, n, 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.t >= self.n:
            raise StopIteration
        if self.x > 0:
            self.x = self.x * 0.5
        else:
            self.x = self.x + 1.0
        self.t += 1
        return self.x


class Steps:
    """An iterable whose __iter__ makes a fresh iterator (a Halver)."""

    def __init__(self, x):
        self.x = x

    def __iter__(self):
        return Halver(self.x, 3)


def sums_the_steps(x):
    walker = Halver(x, 4)
    total = 0.0
    for v in walker:
        total = total + v
    return total, walker.x


def iterates_a_fresh_iterator(x):
    total = 0.0
    for v in Steps(x):
        total = total * 2.0 + v
    return total


PROGRAMS = [sums_the_steps, iterates_a_fresh_iterator]
INPUTS = [3.0, -1.5]


@pytest.mark.parametrize("x", INPUTS)
@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_as_written_and_in_the_converted_form(fn, x):
    from autograph.testing import converted_form

    want = fn(x)
    assert autograph.convert(fn)(x) == want
    with converted_form():
        assert autograph.convert(fn)(x) == want


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("x", INPUTS)
@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_a_graph_steps_the_users_iterator_converted(fn, x, executor):
    want = fn(np.float64(x))
    got = autograph.function(fn, executor=executor)(np.float64(x))
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        same_result(np.asarray(g), np.asarray(w), executor)


@needs_jax
@pytest.mark.parametrize("x", INPUTS)
@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_under_jax_jit_the_users_iterator_is_converted(fn, x):
    import jax

    want = fn(x)
    got = jax.jit(autograph.convert(fn))(x)
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6)
    staged = autograph.function(fn, backend="jax")(x)
    for g, w in zip(jax.tree_util.tree_leaves(staged), jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6)


class Broken:
    def __iter__(self):
        return 42


class Failing:
    def __iter__(self):
        return self

    def __next__(self):
        raise KeyError("no more")


def loops_over(obj):
    out = []
    for v in obj:
        out.append(v)
    return out


def _outcome(fn, *args):
    try:
        return "ok", fn(*args)
    except Exception as error:  # noqa: BLE001  (the error is the outcome compared)
        entries = traceback.extract_tb(error.__traceback__)
        return type(error), str(error), [(entry.name, entry.line) for entry in entries]


class DeletesItsNext:
    """CPython's test_iter.test_3720: an iterator whose __next__ deletes itself from its class."""

    def __iter__(self):
        return self

    def __next__(self):
        del DeletesItsNext.__next__
        return 1


@pytest.mark.parametrize("obj", [Broken, Failing, DeletesItsNext], ids=lambda c: c.__name__)
def test_errors_and_their_tracebacks_are_pythons_in_the_converted_form(obj):
    from autograph.testing import converted_form

    step = obj.__dict__.get("__next__")
    want = _outcome(loops_over, obj())
    assert want[0] in (TypeError, KeyError)
    if step is not None and "__next__" not in obj.__dict__:
        obj.__next__ = step  # (put back what the loop deleted)
    with converted_form():
        got = _outcome(autograph.convert(loops_over), obj())
    assert got[:2] == want[:2]
    if sys.version_info >= (3, 11):  # (3.10 keeps the runtime's frames in tracebacks: docs/limitations.md)
        assert [name for name, _ in got[2]][1:] == [name for name, _ in want[2]][1:]  # (the first: this file's)


class Swapped:
    """Its class's __next__ is replaced during the loop: Python's `for` looks it up on the type at every step."""

    def __init__(self):
        self.t = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.t += 1
        if self.t == 2:
            type(self).__next__ = Swapped.last
        return self.t

    def last(self):
        raise StopIteration


def test_next_is_looked_up_on_the_type_at_each_step_as_python_does():
    from autograph.testing import converted_form

    original = Swapped.__next__
    try:
        want = loops_over(Swapped())
        Swapped.__next__ = original
        with converted_form():
            got = autograph.convert(loops_over)(Swapped())
    finally:
        Swapped.__next__ = original
    assert want == got == [1, 2]


def test_an_instance_attribute_named_next_is_not_used():
    from autograph.testing import converted_form

    walker = Halver(3.0, 2)
    walker.__next__ = lambda: 99.0
    with converted_form():
        assert autograph.convert(loops_over)(walker) == [1.5, 0.75]


def test_a_loop_with_a_break_still_iterates_as_written():
    def first_small(x):
        for v in Halver(x, 10):
            if v < 1.0:
                break
        return v

    assert first_small(3.0) == 0.75
    with pytest.raises(autograph.NotStageable, match="bool"):
        autograph.function(first_small)(np.float64(3.0))
