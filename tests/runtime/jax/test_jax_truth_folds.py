"""``any(...)`` and ``all(...)`` over items that are JAX tracers (``if any(jnp.any(~jnp.isfinite(g)) for g in
leaves): break``): the converter routes them through ``ag__.builtin`` and ``runtime/builtin_calls.py``'s
``_truth_fold`` stages the truths the trace cannot decide. Eager Python is the oracle."""

from __future__ import annotations

import itertools
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph
from runtime.jax import UnrolledLoopWarning


def folds(x, xs):
    return (any(v > x for v in xs), all(v > x for v in xs), any([False, x > 0, True]), all([]),
            all(v < x for v in [x - 1.0, x + 1.0]))


def nan_guarded_descent(w):
    for _ in range(20):
        grads = {"a": 0.5 / jnp.sqrt(w[0]), "b": w[1]}
        if any(jnp.any(~jnp.isfinite(g)) for g in jax.tree.leaves(grads)):
            break
        w = w - 0.05 * jnp.stack([grads["a"], grads["b"]])
    return w


def first_plain_item_decides(x):
    return any(v > 2 for v in itertools.count()), all(v < 3 for v in itertools.count()), any([True, x > 0])


@pytest.mark.parametrize("x", [-1.0, 0.5, 0.9])
def test_any_and_all_over_traced_items_equal_python(x):
    xs = [jnp.float32(0.1), jnp.float32(0.7)]
    got = jax.jit(autograph.to_graph(folds))(jnp.float32(x), xs)
    assert [bool(g) for g in got] == list(folds(jnp.float32(x), xs))


@pytest.mark.parametrize("w", [[0.3, 1.0], [0.02, -2.0], [4.0, 0.5]])
def test_a_nan_guard_written_with_any_is_one_scan(w):
    converted = autograph.to_graph(nan_guarded_descent)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = jax.jit(converted)(jnp.array(w))
        names = [e.primitive.name for e in jax.make_jaxpr(converted)(jnp.array(w)).jaxpr.eqns]
    assert names == ["scan"]
    np.testing.assert_allclose(got, nan_guarded_descent(jnp.array(w)), rtol=1e-5, atol=1e-6)
    batch = jnp.array([[0.3, 1.0], [0.02, -2.0], [4.0, 0.5]])
    np.testing.assert_allclose(jax.vmap(converted)(batch), [nan_guarded_descent(v) for v in batch], rtol=1e-5,
                               atol=1e-6)


def test_plain_items_stay_lazy_and_decide_as_python():
    got = jax.jit(autograph.to_graph(first_plain_item_decides))(jnp.float32(-1.0))
    assert [bool(g) for g in got] == [True, False, True]  # itertools.count() is read only up to the deciding item


def test_an_item_of_more_than_one_element_is_pythons_value_error():
    def f(x):
        return any(v for v in [x])
    with pytest.raises(ValueError, match="ambiguous"):
        jax.jit(autograph.to_graph(f))(jnp.ones(3))
    with pytest.raises(ValueError, match="ambiguous"):
        f(jnp.ones(3))
