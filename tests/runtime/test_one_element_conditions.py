"""A staged ``if`` or ``while`` on an array of one element takes its element's truth, as NumPy's (and JAX's) ``bool``
does (runtime/graph/control_flow.py and runtime/jax/common.py, ``predicate``); more than one element is still
refused. Found by the coverage corpus of PyAstronomy (``co_refract_to_observed`` iterates ``cur = np.array([x])``
until ``np.abs(last - cur) < eps``): the graph refused it where eager NumPy runs it. Each program runs as written,
through the graph on each executor, and under ``jax.jit`` of the converted function on JAX arrays."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from runtime.staging import StagingError
from tests.helpers import executors


def newton_sqrt(x, eps):
    cur = np.array([x])
    for _ in range(100):
        last = cur.copy()
        cur = 0.5 * (cur + x / cur)
        if np.abs(last - cur) < eps:
            break
    return cur


def doubling(x):
    y = x[:1]
    while y < 10:
        y = y * 2
    if x[:1, None] > 3:  # (a 1 x 1 array)
        y = y + 1
    return y


def ambiguous(x):
    if x[:2] > 0:
        return x
    return -x


@pytest.mark.parametrize("executor", executors())
def test_a_one_element_condition_is_its_elements_truth(executor):
    assert newton_sqrt(2.0, 1e-12) == autograph.function(newton_sqrt, executor=executor)(2.0, 1e-12)
    for x in (np.array([1.0, 2.0]), np.array([4.0, 0.0]), np.array([12.0, 1.0])):
        np.testing.assert_array_equal(autograph.function(doubling, executor=executor)(x), doubling(x))


def test_a_one_element_condition_of_jax_arrays_is_its_elements_truth():
    jax = pytest.importorskip("jax")
    for x in (jax.numpy.array([1.0, 2.0]), jax.numpy.array([4.0, 0.0])):
        np.testing.assert_array_equal(jax.jit(autograph.to_graph(doubling))(x), doubling(x))


@pytest.mark.parametrize("executor", executors())
def test_a_condition_of_more_elements_is_numpys_value_error(executor):
    # (NumPy's own ValueError whatever the values, so a program's `except ValueError` takes it: radvel's orbit.py)
    with pytest.raises(ValueError, match=r"The truth value of an array with more than one element is ambiguous.*"
                                         r"bool\[2\] tensor: reduce it with np\.any") as caught:
        autograph.function(ambiguous, executor=executor)(np.array([1.0, 2.0, 3.0]))
    assert not isinstance(caught.value, StagingError)


def caught_ambiguity(tc, ecc):
    # radvel's orbit.py: `if ecc >= 1` on an array raises NumPy's ValueError, which the function catches on purpose
    try:
        if ecc >= 1:
            return tc
    except ValueError:
        pass
    return tc - ecc * 2.0


@pytest.mark.parametrize("backend, executor", [("graph", "numpy"), ("graph", "jax"), ("jax", None)])
def test_a_program_catches_the_ambiguity_as_eagerly(backend, executor):
    if "jax" in (backend, executor):
        pytest.importorskip("jax")
    options = {"backend": backend} if executor is None else {"executor": executor}
    staged = autograph.function(caught_ambiguity, **options)
    for ecc in (np.array([0.1, 0.5, 0.7]), np.array([1.5]), np.array([0.25])):
        np.testing.assert_allclose(np.asarray(staged(np.full(ecc.shape, 100.0), ecc)),
                                   caught_ambiguity(np.full(ecc.shape, 100.0), ecc))
