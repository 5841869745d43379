"""Typed PRNG keys (``jax.random.key``) as arguments of ``autograph.function(backend="jax")``."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from tests import helpers

jax = pytest.importorskip("jax")
jnp = jax.numpy
HERE = __file__


def sampler(key, n):
    samples = jax.random.normal(key, (n,))
    if jnp.sum(samples) > 0:
        samples = samples * 2
    return samples


def test_a_sampler_taking_a_key_equals_the_jitted_function():
    traced = autograph.function(sampler, backend="jax")
    peer = jax.jit(autograph.to_graph(sampler), static_argnums=1)
    for seed in range(4):
        key = jax.random.key(seed)
        np.testing.assert_array_equal(traced(key, 5), peer(key, 5))
    assert traced.tracing_count == 1  # keyed by shape and key dtype, not by value
    spec = traced.concrete_functions[0].structured_input_signature[0][0]
    assert spec.shape == () and spec.dtype == jax.random.key(0).dtype


def test_arrays_of_keys_and_other_implementations():
    traced = autograph.function(lambda keys: jax.vmap(jax.random.uniform)(keys), backend="jax")
    keys = jax.random.split(jax.random.key(0), 3)
    np.testing.assert_array_equal(traced(keys), jax.vmap(jax.random.uniform)(keys))
    rbg = jax.random.key(0, impl="rbg")
    np.testing.assert_array_equal(traced(jax.random.split(rbg, 3)),
                                  jax.vmap(jax.random.uniform)(jax.random.split(rbg, 3)))
    assert traced.tracing_count == 2  # another key dtype: another trace


def test_the_graph_backend_says_what_to_do_with_a_key():
    traced = autograph.function(lambda key, x: x)
    with pytest.raises(TypeError) as info:
        traced(jax.random.key(0), np.ones(2))  # key-to-graph
    message = str(info.value)
    assert message.startswith(f"{HERE}:{helpers.line_of(HERE, 'key-to-graph')}: argument 'key' of <lambda> is a "
                              "JAX array of typed PRNG keys (key<fry>)")
    assert "backend='jax'" in message and "jax.random.key_data(key)" in message
