"""An iterator a program keeps in a variable (a generator, ``iter(xs)``, ``map(f, xs)``) across a staged ``if`` or
loop passes through as it is, with no warning from JAX.

The JAX backend flattens the user's values as pytrees: a branch's or a loop's state, what a static loop's body closes
over. JAX takes an iterator as a leaf, but from 0.12 on warns as it does ("Python iterable type 'generator' is treated
as a leaf in PyTree ... will become an error"): a program run under ``jax.jit`` with warnings as errors failed where
the same code as written never met JAX's flattening (and with warnings as errors, the loop fell back to another form).
Every flatten of ours passes ``is_leaf=is_iterator``.
"""

from __future__ import annotations

import warnings

import jax
import jax.numpy as jnp
import pytest

import autograph
from runtime.jax.leaves import is_iterator


def kept_across_an_if(x):
    pending = (k * 2 for k in range(3))
    if x > 0:
        y = x + 1
        later = pending  # (the same object on both paths: a staged `if` may join it)
    else:
        y = x - 1
        later = pending
    return y + sum(later)


def kept_across_a_loop(x):
    numbers = iter([1, 2, 3])
    mapped = map(abs, [-1, -2])
    i = 0
    while x < 10:
        x = x * 2 + i
        i += 1
    return x + next(numbers) + sum(mapped)


def made_in_a_static_loop(x):
    made = []
    for i in range(3):
        made.append(k * i for k in range(2))
        made.append(x)
    return made[-1] + sum(sum(g) for g in made[::2])


@pytest.mark.parametrize("fn, arg", [(kept_across_an_if, 2.0), (kept_across_an_if, -2.0),
                                     (kept_across_a_loop, 1.0), (made_in_a_static_loop, 3.0)])
def test_an_iterator_in_the_state_passes_without_jaxs_warning(fn, arg):
    converted = autograph.convert(fn)
    with warnings.catch_warnings(record=True) as seen:  # (recorded: an error would be caught, and the loop unrolled)
        warnings.simplefilter("always")
        got = jax.jit(converted)(jnp.asarray(arg))
    assert float(got) == fn(arg)
    assert [str(w.message) for w in seen] == []


def test_iterators_are_leaves_and_iterables_are_not():
    assert all(is_iterator(v) for v in (iter([]), (k for k in ()), map(abs, []), zip(), enumerate([])))
    assert not any(is_iterator(v) for v in ([], (), {}, set(), range(2), "ab", jnp.zeros(2), None))
