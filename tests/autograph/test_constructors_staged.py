"""Objects made inside a traced function: their ``__init__`` (and ``__new__``) run converted, so an ``if`` or a
loop on a traced value in them is staged (runtime/constructors.py). Oracle: the same calls in eager NumPy; run
on the NumPy interpreter, lowered to XLA, and as ``backend="jax"`` under ``jax.jit``."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import NotStageable
from tests.helpers import executors, jax_usable, same_result


class Clipped:
    """An ``if`` on an argument in ``__init__`` (pykalman's, quantecon's estimators check and fix their inputs so)."""

    def __init__(self, x, limit=1.0):
        if np.max(np.abs(x)) > limit:
            x = x / np.max(np.abs(x)) * limit
        self.x = x
        self.total = 0.0
        for value in x:
            if value > 0:
                self.total += value

    def scaled(self, k):
        return self.x * k + self.total


class Smoother(Clipped):
    """``super().__init__`` and a ``while`` on a traced value."""

    def __init__(self, x, rounds=3):
        super().__init__(x, limit=2.0)
        n = 0
        while np.sum(self.x * self.x) > 1.0 and n < rounds:
            self.x = self.x * 0.5
            n += 1
        self.rounds = n


class Cached:
    """``__new__`` of the user's own (a factory that checks its argument) and ``__init__``."""

    def __new__(cls, x):
        if np.any(x < 0):
            x = -x
        made = super().__new__(cls)
        made.seed = x
        return made

    def __init__(self, x):
        self.x = self.seed + 1.0


def clipped(x):
    return Clipped(x).scaled(2.0)


def smoothed(x):
    s = Smoother(x)
    return s.x, s.rounds


def cached(x):
    return Cached(x).x


def in_a_loop(x):
    total = np.zeros_like(x)
    for k in range(3):
        total = total + Clipped(x * (k + 1), limit=1.5).x
    return total


FUNCTIONS = [clipped, smoothed, cached, in_a_loop]


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", FUNCTIONS, ids=lambda f: f.__name__)
@settings(max_examples=15, deadline=None)
# (no subnormals: XLA on CPU flushes them to zero, its documented rule: docs/jax.md)
@given(values=st.lists(st.floats(-3.0, 3.0, allow_nan=False, allow_subnormal=False, width=64), min_size=3,
                       max_size=3))
def test_objects_made_in_a_traced_function_give_eagers_results(fn, executor, values):
    x = np.array(values)
    staged = autograph.function(fn, executor=executor)
    same_result(staged(x), fn(x), executor)
    assert staged.tracing_count == 1


class JaxClipped:
    """``Clipped`` on JAX arrays: ``backend="jax"`` traces ``jnp`` code (NumPy cannot take a JAX tracer)."""

    def __init__(self, x, limit=1.0):
        import jax.numpy as jnp

        if jnp.max(jnp.abs(x)) > limit:
            x = x / jnp.max(jnp.abs(x)) * limit
        self.x = x
        n = 0
        while jnp.sum(self.x * self.x) > 0.5 and n < 4:
            self.x = self.x * 0.5
            n += 1


def jax_clipped(x):
    return JaxClipped(x).x


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
@pytest.mark.parametrize("values", [[0.5, -2.5, 1.25], [0.1, 0.2, -0.1], [3.0, 0.0, 0.0]])
def test_objects_made_under_jax_jit_give_eagers_results(values):
    import jax

    x = np.array(values)
    with jax.enable_x64(True):
        got = jax.jit(autograph.function(jax_clipped, backend="jax"))(x)
        want = jax_clipped(x)
    same_result(np.asarray(got), np.asarray(want), "jax")


class Rows(np.ndarray):
    def __new__(cls, data):
        return np.asarray(data, dtype=float).view(cls)


def made_into_an_ndarray_subclass(x):
    return np.sum(Rows(x))


def test_an_ndarray_subclass_of_a_traced_value_is_refused_by_name():
    with pytest.raises(NotStageable, match=r"test_constructors_staged.py:\d+: Rows\(\.\.\.\) of a graph tensor: Rows "
                                           r"is a subclass of np.ndarray"):
        autograph.function(made_into_an_ndarray_subclass)(np.ones(3))


def made_of_constants(x):
    return x + np.sum(Rows([1.0, 2.0]))


def test_an_ndarray_subclass_of_plain_values_is_made_as_written():
    same_result(autograph.function(made_of_constants)(np.ones(2)), made_of_constants(np.ones(2)))


def shows_the_class():
    return Clipped(np.ones(2)).x


def test_to_code_shows_the_call_of_a_class_with_an_init_of_the_users():
    assert "ag__.call(Clipped)(" in autograph.to_code(shows_the_class)
