"""A ``while`` whose test becomes traced only after Python's second iteration (blackjax's step-size search:
``direction = 0``, then a traced ``direction``, read by the test through ``or``) is one ``lax.while_loop`` from
the start when the staged loop's first two iterations, on its float32 initial values, compute exactly what
Python's compute on Python numbers (runtime/jax/loops.py, ``_replays_exactly``); otherwise Python's two
iterations run first, as before. Either way the result is Python's."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph


def search(x):
    direction, previous, s = 0, 0, 1.0
    while (previous == 0 or direction == previous) and 1e-30 < s < 1e30:
        s = (2.0 ** direction) * s
        previous = direction
        direction = jnp.where(jnp.sum(x) * s > 0.65, -1, 1)
    return s


def rounds_differently(x):
    direction, previous, s = 0, 0, 1e8
    while (previous == 0 or direction == previous) and -1e12 < s < 1e30:
        # Python's first iteration leaves s = 1.0; float32 would leave 0.0 ((1e8 + 1) rounds to 1e8).
        s = (2.0 ** direction) * (s + 1.0) - 1e8
        previous = direction
        direction = jnp.where(x > s, 1, -1)
    return s, direction


def _bodies(fn, *args):
    """How many copies of the loop body the staged program holds (one: the while loop's own)."""
    text = str(jax.make_jaxpr(autograph.to_graph(fn))(*args))
    return text.count("while["), text.count("pow")


@pytest.mark.parametrize("x", [jnp.array([0.1, 0.2]), jnp.array([3.0, 4.0]), jnp.array([-1.0, 0.5])])
def test_a_test_traced_after_two_iterations_is_staged_from_the_start(x):
    assert _bodies(search, x) == (1, 1)
    np.testing.assert_allclose(jax.jit(autograph.to_graph(search))(x), search(x))
    np.testing.assert_allclose(autograph.function(search, backend="jax")(np.asarray(x)), search(x))


def test_under_vmap():
    xs = jnp.array([[0.1, 0.2], [3.0, 4.0], [-1.0, 0.5]])
    np.testing.assert_allclose(jax.jit(jax.vmap(autograph.to_graph(search)))(xs), [search(x) for x in xs])


def test_python_iterations_that_float32_would_compute_otherwise_run_as_python():
    x = jnp.float32(0.5)
    loops, copies = _bodies(rounds_differently, x)
    assert loops == 1 and copies == 2  # two Python iterations (the first computes no power), then the loop
    got = jax.jit(autograph.to_graph(rounds_differently))(x)
    expected = rounds_differently(x)
    for g, e in zip(got, expected):
        np.testing.assert_array_equal(g, e)
