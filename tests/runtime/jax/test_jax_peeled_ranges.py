"""A loop that carries a variable with no value before it (the loop target read after a traced ``break``; a
variable a nested ``while True`` assigns; ``while True: action = ...; if ...: break`` then ``action``) and
whose first iteration surely runs is one ``lax.scan`` / ``lax.while_loop`` from placeholders the first
iteration overwrites (``_first_assigned`` in ``runtime/jax/loops.py``), or else Python's first iteration
then one loop over the rest (``_peeled_range``), instead of unrolling with an ``UnrolledLoopWarning``.
Eager Python is the oracle, under ``jit``, ``grad``, ``jvp`` and ``vmap``."""

from __future__ import annotations

import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph
from runtime.jax import UnrolledLoopWarning


def halvings(x):
    for it in range(40):
        x = x * 0.5
        if x < 1e-3:
            break
    return x, it


def sampler(key, x):
    for _ in range(4):
        key, sub = jax.random.split(key)
        while True:
            sub, k = jax.random.split(sub)
            proposal = x + jax.random.normal(k)
            if proposal > x - 0.5:
                break
        x = proposal
    return x


def primitives(f, *args):
    return [e.primitive.name for e in jax.make_jaxpr(f)(*args).jaxpr.eqns]


@pytest.mark.parametrize("x", [0.5, 3.0, 1e6, 1e20])
def test_the_loop_target_read_after_a_traced_break_is_one_scan_after_the_first_iteration(x):
    converted = autograph.to_graph(halvings)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = jax.jit(converted)(jnp.float32(x))
        names = primitives(converted, jnp.float32(x))
        text = str(jax.make_jaxpr(converted)(jnp.float32(x)))
    assert names == ["scan"] and "length=40" in text  # the whole range, from placeholders: nothing peeled
    expected = halvings(jnp.float32(x))
    assert got[0] == expected[0] and int(got[1]) == int(expected[1])
    np.testing.assert_allclose(jax.jit(jax.grad(lambda x: converted(x)[0]))(jnp.float32(x)),
                               jax.grad(lambda x: halvings(x)[0])(jnp.float32(x)), rtol=1e-6)
    tangent = jax.jvp(lambda x: converted(x)[0], (jnp.float32(x),), (jnp.float32(1.0),))
    np.testing.assert_allclose(tangent, jax.jvp(lambda x: halvings(x)[0], (jnp.float32(x),), (jnp.float32(1.0),)),
                               rtol=1e-6)


def test_a_variable_a_nested_while_true_assigns_is_carried_after_the_first_iteration():
    key, x = jax.random.key(0), jnp.float32(0.3)
    converted = autograph.to_graph(sampler)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = jax.jit(converted)(key, x)
        batched = jax.vmap(converted, in_axes=(None, 0))(key, jnp.array([0.3, -1.0, 2.0]))
    assert got == sampler(key, x)
    np.testing.assert_allclose(batched, [sampler(key, v) for v in jnp.array([0.3, -1.0, 2.0])], rtol=1e-6)


def test_a_break_in_the_first_iteration_ends_the_loop_there():
    def first(x):
        for it in range(5):
            y = x + it
            if x > 0:
                break
        return y, it
    converted = autograph.to_graph(first)
    for x in (1.0, -1.0):
        got = jax.jit(converted)(jnp.float32(x))
        expected = first(jnp.float32(x))
        assert got[0] == expected[0] and int(got[1]) == int(expected[1])


def descend(children, values):
    node = 0
    depth = 0
    while True:
        action = jnp.argmax(values[node])
        child = children[node, action]
        depth += 1
        if child < 0 or depth >= 4:
            break
        node = child
    return node, action, depth


def test_a_variable_first_assigned_in_a_while_true_body_is_one_while_loop():
    children = jnp.array([[1, 2], [3, -1], [-1, -1], [-1, 0]])
    converted = autograph.to_graph(descend)
    for values in (jnp.array([[0.0, 1.0], [1.0, 0.0], [0.5, 0.2], [0.1, 0.9]]),
                   jnp.array([[1.0, 0.0], [1.0, 0.0], [0.5, 0.2], [0.1, 0.9]]),
                   jnp.array([[1.0, 0.0], [0.0, 1.0], [0.5, 0.2], [0.1, 0.9]])):
        with warnings.catch_warnings():
            warnings.simplefilter("error", UnrolledLoopWarning)
            got = jax.jit(converted)(children, values)
        assert primitives(converted, children, values) == ["while"]  # no first iteration before the loop
        assert [int(g) for g in got] == [int(e) for e in descend(children, values)]


def test_a_variable_some_path_leaves_unassigned_is_not_given_a_placeholder():
    def maybe(x):
        for i in range(3):
            if x > 0:
                y = x * i
            x = x - 1.0
        return y
    converted = autograph.to_graph(maybe)
    assert float(maybe(jnp.float32(5.0))) == 6.0
    with pytest.raises(Exception, match="y"):  # Python's UnboundLocalError at x <= 0; staged: refused, never 0
        jax.jit(converted)(jnp.float32(5.0))


def counted_steps(mask_steps, scale):
    steps = 0  # (a Python int the first iteration makes a vector: EvoJAX's cart-pole rollout)
    valid = jnp.ones(3)
    for i in range(6):
        valid = valid * (i < mask_steps)
        steps = steps + valid * scale
        if valid.sum() == 0:
            break
    return steps


@pytest.mark.parametrize("mask", [[1, 2, 4], [0, 0, 0], [6, 6, 6], [9, 1, 3]])
def test_a_python_number_the_first_iteration_makes_a_vector_is_one_scan_after_it(mask):
    """It was unrolled (``UnrolledLoopWarning``: the carried shape changes from () to (3,)), 120 nested conds for
    EvoJAX's loop; now Python's first iteration runs, traced, and the rest is one scan."""
    converted = autograph.to_graph(counted_steps)
    mask, scale = jnp.array(mask), jnp.float32(1.5)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = jax.jit(converted)(mask, scale)
        names = primitives(converted, mask, scale)
    assert names.count("scan") == 1 and "while" not in names
    np.testing.assert_array_equal(got, counted_steps(mask, scale))
    np.testing.assert_allclose(jax.grad(lambda s: converted(mask, s).sum())(scale),
                               jax.grad(lambda s: counted_steps(mask, s).sum())(scale))
    batch = jnp.stack([mask, mask[::-1]])
    np.testing.assert_array_equal(jax.vmap(converted, in_axes=(0, None))(batch, scale),
                                  jnp.stack([counted_steps(m, scale) for m in batch]))


def summed_rows(xs):
    acc = 0
    for row in xs:
        acc = acc + jnp.sin(row)
    return acc


def summed_products(xs, ys):
    acc = 0.0
    for i, (x, y) in enumerate(zip(xs, ys)):
        acc = acc + x * y * i
    return acc


@pytest.mark.parametrize("rows", [1, 2, 7])
def test_a_python_number_a_loop_over_an_array_makes_a_vector_is_one_scan_after_the_first_row(rows):
    """``acc = 0; for row in xs: acc = acc + row`` under jit was refused (StagingError: shape () before, (3,)
    after one iteration); a loop over zip / enumerate was unrolled."""
    xs = jnp.arange(rows * 3.0).reshape(rows, 3)
    for fn, args in ((summed_rows, (xs,)), (summed_products, (xs, xs + 1.0))):
        converted = autograph.to_graph(fn)
        with warnings.catch_warnings():
            warnings.simplefilter("error", UnrolledLoopWarning)
            np.testing.assert_allclose(jax.jit(converted)(*args), fn(*args), rtol=1e-6)
            names = primitives(converted, *args)
        assert names.count("scan") == (rows > 1) and "while" not in names, names
        np.testing.assert_allclose(jax.grad(lambda x: converted(x, *args[1:]).sum())(xs),
                                   jax.grad(lambda x: fn(x, *args[1:]).sum())(xs), rtol=1e-6)
        batch = jnp.stack([xs, -xs])
        np.testing.assert_allclose(jax.vmap(lambda x: converted(x, *args[1:]))(batch),
                                   jnp.stack([fn(x, *args[1:]) for x in batch]), rtol=1e-6)


# Python's first iteration, run before the staged rest, changes Python objects for real (a list it appends to,
# an attribute it sets): the rest is measured from there (composite_state.Watch.ran_as_python), not refused as a
# change made under a staged loop (probdiffeq's adaptive solver, written with a do-while and a list of results).
def do_while_rows(xs):
    out = []
    for x in xs:
        go = True
        while go:
            y = x * 2.0
            go = y < 0.0
        out.append(y)
    return jnp.stack(out)


def first_row_appended(xs):
    out = [jnp.zeros(())]
    first = None
    for x in xs:
        if first is None:
            first = x
        out.append(first + x)
    return jnp.stack(out), first


def rows_of_pairs(xs):
    out = []
    for t, x in enumerate(zip(xs, xs * 2.0)):
        go = True
        while go:
            y = x[0] + x[1] + t
            go = y < 0.0
        out.append(y)
    return jnp.stack(out)


@pytest.mark.parametrize("fn", [do_while_rows, first_row_appended, rows_of_pairs])
def test_what_the_peeled_first_iteration_appends_is_kept(fn):
    xs = jnp.array([1.0, 2.0, 3.0, 4.0])
    expected = fn(xs)
    converted = autograph.to_graph(fn)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = jax.jit(converted)(xs)
    for a, b in zip(jax.tree_util.tree_leaves(expected), jax.tree_util.tree_leaves(got)):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    for a, b in zip(jax.tree_util.tree_leaves(expected), jax.tree_util.tree_leaves(jax.vmap(converted)(xs[None]))):
        np.testing.assert_array_equal(np.asarray(a)[None], np.asarray(b))  # (eager Python cannot vmap the original)
