"""A Python list or tuple of arrays indexed by a staged loop's counter (``xs[t]`` in a loop that becomes a
``lax.scan`` or ``lax.while_loop``): one read of the stacked items (runtime/jax/items.py), under ``jax.jit``,
``vmap``, ``grad`` and ``backend="jax"``, with Python's ``IndexError`` past either end; a list that cannot be
one array (items of two shapes, Python numbers) unrolls its loop with a warning that says why. The plain-value
semantics of the routed read are tests/autograph/test_counter_subscripts.py's."""

from __future__ import annotations

import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph
from runtime.jax import UnrolledLoopWarning
from runtime.jax import loops as jax_loops


@pytest.fixture(autouse=True)
def _every_unrolled_loop_warns():
    jax_loops._warned.clear()


def staged(fn):
    """``jax.jit`` of the converted ``fn``, refusing any unrolled loop."""
    jitted = jax.jit(autograph.to_graph(fn))

    def call(*args):
        with warnings.catch_warnings():
            warnings.simplefilter("error", UnrolledLoopWarning)
            return jitted(*args)
    return call


def chain(x, n):
    xs = [x * k for k in range(n)]  # a Python list of arrays of one shape and dtype
    state = x[0]
    for t in range(n):
        state = state * 0.5 + xs[t][1] + xs[-t - 1][0]  # the counter, and an index computed from it
    return state


def follow(tables, first):
    """dynamax's Viterbi read-back: a list of back-pointer arrays, each indexed by the state it led to."""
    state = first
    states = [state]
    for t in range(len(tables)):
        state = tables[t][state]
        states.append(state)
    return jnp.array(states)


def _tables():
    return [jnp.array([2, 0, 1]), jnp.array([1, 2, 0]), jnp.array([0, 0, 2]), jnp.array([2, 1, 1])]


def test_a_list_indexed_by_a_staged_counter_is_one_scan():
    x = jnp.array([1.0, 2.0, 3.0])
    np.testing.assert_allclose(staged(lambda x: chain(x, 4))(x), chain(x, 4), rtol=1e-6)
    jaxpr = str(jax.make_jaxpr(autograph.to_graph(lambda x: chain(x, 4)))(x))
    assert "scan" in jaxpr and "stack" in jaxpr
    tables, first = _tables(), jnp.int32(1)
    np.testing.assert_array_equal(staged(follow)(tables, first), follow(tables, first))
    # The counter's own read needs no check (its range lies in the list); `xs[-t - 1]` stages one.
    assert "callback" not in str(jax.make_jaxpr(autograph.to_graph(follow))(tables, first))
    assert "callback" in jaxpr


def test_under_vmap_and_grad():
    x = jnp.array([1.0, 2.0, 3.0])
    batch = jnp.stack([x, 2 * x, -x])
    got = jax.jit(jax.vmap(autograph.to_graph(lambda x: chain(x, 4))))(batch)
    np.testing.assert_allclose(got, jnp.stack([chain(row, 4) for row in batch]), rtol=1e-6)
    tables = _tables()
    firsts = jnp.array([0, 1, 2])
    got = jax.jit(jax.vmap(autograph.to_graph(follow), in_axes=(None, 0)))(tables, firsts)
    np.testing.assert_array_equal(got, jnp.stack([follow(tables, f) for f in firsts]))
    grad = jax.jit(jax.grad(autograph.to_graph(lambda x: chain(x, 4))))(x)
    np.testing.assert_allclose(grad, jax.grad(lambda x: chain(x, 4))(x), rtol=1e-6)


def test_backend_jax_function():
    tables, first = _tables(), np.int32(2)
    np.testing.assert_array_equal(autograph.function(follow, backend="jax")(tables, first), follow(tables, first))


def past_the_end(x):
    xs = (x, x + 1, x + 2)
    total = x * 0
    for t in range(3):
        total = total + xs[t + 1]
    return total


def test_past_the_end_raises_pythons_index_error_when_the_program_runs():
    x = jnp.float32(1.0)
    with pytest.raises(IndexError, match="tuple index out of range"):
        past_the_end(x)
    with pytest.raises(jax.errors.JaxRuntimeError, match="IndexError: tuple index out of range"):
        staged(past_the_end)(x)
    with pytest.raises(IndexError, match="tuple index out of range"):
        autograph.function(past_the_end, backend="jax")(np.float32(1.0))


def while_counter(xs, n):
    i, total = 0, xs[0] * 0
    while i < n:
        total = total + xs[i]
        i += 1
    return total


def test_a_while_loops_staged_counter():
    xs = [jnp.array([1.0, 2.0]), jnp.array([3.0, 4.0]), jnp.array([5.0, 6.0])]
    run = jax.jit(autograph.to_graph(while_counter))
    for n in (0, 2, 3):
        np.testing.assert_allclose(run(xs, n), while_counter(xs, n))
    with pytest.raises(jax.errors.JaxRuntimeError, match="IndexError: list index out of range"):
        run(xs, 4)


def flag_indexed(x, flags):
    pair = [x, -x]
    total = x * 0
    for t in range(len(flags)):
        total = total + pair[flags[t] > 0]
    return total


def test_a_bool_index_is_refused_as_eagerly():
    """A JAX bool array is no index of a Python list, concrete (JAX's TypeError) or traced (the same)."""
    x, flags = jnp.float32(2.0), jnp.array([1, -1, 3])
    with pytest.raises(TypeError, match="Only integer scalar arrays"):
        flag_indexed(x, flags)
    with pytest.raises(TypeError, match="Only integer scalar arrays"), pytest.warns(UnrolledLoopWarning):
        jax.jit(autograph.to_graph(flag_indexed))(x, flags)


def mixed(x):
    xs = [x, x[:2], x[:1]]  # items of three shapes: no one array holds them
    total = x[0]
    for t in range(3):
        total = total * 2 + xs[t][0]
    return total


def numbers(x):
    weights = [0.5, 0.25, 2.0]  # Python floats: the unrolled loop computes with them as Python does
    for t in range(3):
        x = x * weights[t] + t
    return x


@pytest.mark.parametrize("fn, shown", [(mixed, "float32[1], float32[2], float32[3]"), (numbers, "not a JAX array")])
def test_a_list_that_is_not_one_array_unrolls_with_the_reason(fn, shown):
    x = jnp.array([1.0, 2.0, 3.0])
    with pytest.warns(UnrolledLoopWarning) as record:
        got = jax.jit(autograph.to_graph(fn))(x)
    np.testing.assert_allclose(got, fn(x))
    (message,) = [str(w.message) for w in record]
    assert "a Python list indexed by a staged value" in message and shown in message
    assert "jnp.stack(xs)" in message and __file__ in message


def stored_backwards(xs, a):
    h = jnp.zeros_like(xs[0])
    ys = [None] * xs.shape[0]  # (recurrentgemma's reverse scan, written with a list)
    for t in reversed(range(xs.shape[0])):
        h = a[t] * h + xs[t]
        ys[t] = h
    return jnp.stack(ys)


def test_a_store_into_a_list_at_a_staged_index_unrolls_and_says_to_write_an_array():
    """The loop unrolls (the results are Python's); the advice is for the store: preallocate an array and write it
    with .at[t].set (it advised `jnp.stack` of the list, a list of Nones here)."""
    xs, a = jnp.arange(12.0).reshape(6, 2), jnp.full((6, 2), 0.5)
    with pytest.warns(UnrolledLoopWarning) as record:
        got = jax.jit(autograph.to_graph(stored_backwards))(xs, a)
    np.testing.assert_allclose(got, stored_backwards(xs, a))
    (message,) = [str(w.message) for w in record]
    assert "write into an array instead of a Python list (`ys[t] = h`: preallocate it before the loop" in message
    assert "ys = ys.at[t].set(value)" in message and __file__ in message
