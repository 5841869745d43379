"""Inner ``range()`` loops whose bounds follow the index of an enclosing static-range scan
(``runtime/jax/inner_ranges.py``): bounded by their largest trip count and guarded, so both loops
stay scans; eager Python is the oracle."""

from __future__ import annotations

import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.jax import UnrolledLoopWarning
from runtime.jax import loops as jax_loops


@pytest.fixture(autouse=True)
def _every_loop_warns_again():
    jax_loops._warned.clear()
    yield


def staged(f):
    """``jax.jit`` of the converted ``f``, with any unrolled loop an error, and its jaxpr's text."""
    converted = autograph.to_graph(f)

    def run(*args):
        with warnings.catch_warnings():
            warnings.simplefilter("error", UnrolledLoopWarning)
            return jax.jit(converted)(*args), str(jax.make_jaxpr(converted)(*args))
    return run


def scans(text):
    return text.count("scan["), text.count("while[")


def test_bounds_that_grow_shrink_or_step_with_the_outer_index():
    def f(x):
        for i in range(5):
            for j in range(i):                  # 0..4 trips: bound 4
                x = x * 0.9 + j
            for j in range(i, 7, 2):            # start follows i
                x = x * 0.9 - j
            for j in range(6, i, -1):           # a negative step
                x = x + 0.5 * j
            for j in range(0, 3 * i % 5):       # not monotone in i
                x = x * 0.95 + 1
        return x

    got, text = staged(f)(jnp.float32(1.0))
    np.testing.assert_allclose(got, f(jnp.float32(1.0)), rtol=1e-6)
    assert scans(text) == (5, 0)  # the outer scan, one scan per inner loop
    assert "length=5" in text and "length=4" in text


def test_three_deep_triangle_and_its_gradient():
    def f(x):
        for i in range(4):
            for j in range(i):
                for k in range(j):
                    x = jnp.sin(x) + 0.1 * (i + j + k)
        return x

    got, text = staged(f)(jnp.float32(0.3))
    np.testing.assert_allclose(got, f(jnp.float32(0.3)), rtol=1e-6)
    assert scans(text) == (3, 0)
    converted = autograph.to_graph(f)
    np.testing.assert_allclose(jax.jit(jax.grad(converted))(0.3), jax.grad(f)(0.3), rtol=1e-5)


def test_an_effect_before_the_inner_loop_is_not_read_as_part_of_its_bound(capfd):
    def f(x):
        for i in range(4):
            jax.debug.print("x={}", x)  # reads the carried x, but the bound does not
            for j in range(4 - i - 1):
                x = x + j
        return x

    got, text = staged(f)(jnp.float32(0.0))
    jax.effects_barrier()
    assert got == 4.0
    assert scans(text) == (2, 0)
    assert capfd.readouterr().out.split() == ["x=0.0", "x=3.0", "x=4.0", "x=4.0"]


def test_a_break_in_the_inner_loop():
    def f(x):
        for i in range(6):
            for j in range(i + 1):
                if x > 20.0:
                    break
                x = x + j
        return x

    for start in (0.0, 3.0, 30.0):
        got, text = staged(f)(jnp.float32(start))
        assert got == f(jnp.float32(start))
        assert scans(text) == (2, 0)


def test_bubble_sort_is_two_nested_scans_and_sorts_exactly():
    from jax_programs.programs import _bubble_twin, bubble_sort

    for values in ([3.0, 1.0, 2.0, 5.0, 4.0], [5.0, 4.0, 3.0, 2.0, 1.0], [2.0, 2.0, 1.0, 0.0, 7.0, -1.0],
                   [1.0], [1.0, 2.0], [-0.0, 0.0, np.inf, -np.inf, 3.0]):
        x = jnp.array(values, jnp.float32)
        got, text = staged(bubble_sort)(x)
        np.testing.assert_array_equal(got, bubble_sort(x))
        np.testing.assert_array_equal(got, jax.jit(_bubble_twin)(x))
        if len(values) > 2:
            # One outer scan (n steps) holding one inner scan (n - 1 steps, the largest n - i - 1).
            assert scans(text) == (2, 0)
            assert f"length={len(values)}" in text and f"length={len(values) - 1}" in text


@pytest.mark.parametrize("where", ["a carried variable", "a traced argument"])
def test_a_bound_that_reads_more_than_the_index_still_unrolls_with_the_warning(where):
    def carried(x, n):
        k = 0
        for i in range(3):
            for j in range(k + i):
                x = x + j
            k = k + 1
        return x

    def argument(x, n):
        for i in range(3):
            for j in range(n - i):
                x = x + j
        return x

    f = carried if where == "a carried variable" else argument
    with pytest.warns(UnrolledLoopWarning, match="its bound reads a traced value other than the loop index"):
        got = jax.jit(autograph.to_graph(f))(jnp.float32(0.0), jnp.int32(4))
    assert got == f(jnp.float32(0.0), 4)


def test_an_inner_loop_inside_a_staged_if():
    def index_only(x):
        for i in range(4):
            if x > 1.0:
                for j in range(i):          # the bound is the index itself: bounded by 3
                    x = x + j
            x = x + 1.0
        return x

    def computed_in_the_branch(x):
        for i in range(4):
            if x > 1.0:
                for j in range(i * 2 - 1):  # computed inside the cond's branch: not the probe's to evaluate
                    x = x + j
            x = x + 1.0
        return x

    got, text = staged(index_only)(jnp.float32(0.5))
    assert got == index_only(jnp.float32(0.5))
    assert scans(text) == (2, 0)
    with pytest.warns(UnrolledLoopWarning, match="a value computed inside a staged if or loop"):
        got = jax.jit(autograph.to_graph(computed_in_the_branch))(jnp.float32(0.5))
    assert got == computed_in_the_branch(jnp.float32(0.5))


@settings(max_examples=30, deadline=None)
@given(n=st.integers(0, 6), a=st.integers(-2, 2), b=st.integers(-3, 6), c=st.integers(-2, 2),
       d=st.integers(-3, 6), step=st.sampled_from([1, 2, 3, -1, -2]), x=st.floats(-2, 2, width=32))
def test_random_affine_bounds_staged_equal_eager(n, a, b, c, d, step, x):
    def f(x):
        for i in range(n):
            for j in range(a * i + b, c * i + d, step):
                x = x * 0.75 + j
        return x

    converted = autograph.to_graph(f)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = jax.jit(converted)(jnp.float32(x))
    np.testing.assert_allclose(got, f(jnp.float32(x)), rtol=1e-5, atol=1e-5)
