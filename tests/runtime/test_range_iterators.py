"""What is left of a Python ``range`` loop when its break or return flag becomes staged mid-loop.

The backends stage the rest of the loop from the range the iterator has still to give
(``runtime.iterables.remaining_range``), read from its pickling recipe, which CPython changed: up to 3.11
``(iter, (the range,), position)``, from 3.12 on ``(iter, (the range left,), None)``. Reading only the first,
Python 3.12 and 3.13 skipped the rest of the loop under ``jax.jit`` (``sum_odd_until(10, 6)`` gave 1, not 9):
both recipes are read here whatever the Python, and a recipe neither of them runs the rest item by item.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import autograph
import runtime.graph.loops
from runtime.iterables import RANGE_ITERATOR, remaining_range
from tests.helpers import jax_usable


class Recipe:
    """An iterator that pickles as ``recipe`` says (``remaining_range`` reads nothing else of it)."""

    def __init__(self, recipe: tuple) -> None:
        self.recipe = recipe

    def __reduce__(self) -> tuple:
        return self.recipe


@pytest.mark.parametrize("recipe, left", [
    ((iter, (range(0, 10),), 4), range(4, 10)),  # Python 3.10 and 3.11
    ((iter, (range(4, 10),), None), range(4, 10)),  # 3.12 and later
    ((iter, (range(9, -1, -1),), 2), range(7, -1, -1)),  # reversed(range(10)) after two items, 3.11
    ((iter, (range(7, -1, -1),), None), range(7, -1, -1)),  # and from 3.12 on
    ((iter, (range(0, 5),), 5), range(5, 5)),  # used up
    ((iter, ([1, 2],), 0), None),  # not a range: not read
    ((iter, (range(3),), "2"), None),
])
def test_both_pickling_recipes_give_the_range_left(recipe, left):
    assert remaining_range(Recipe(recipe)) == left


@pytest.mark.parametrize("make, taken", [(lambda: iter(range(10)), 3), (lambda: reversed(range(2, 20, 3)), 2),
                                         (lambda: iter(range(4)), 4)])
def test_this_pythons_range_iterators_give_what_they_have_left(make, taken):
    iterator, twin = make(), make()
    assert type(iterator) is RANGE_ITERATOR
    for _ in range(taken):
        next(iterator), next(twin)
    rest = list(twin)
    assert list(remaining_range(iterator)) == rest
    assert list(iterator) == rest  # (read without consuming it)


def sum_odd_until(n, stop):
    s = 0
    for i in range(n):
        if i % 2 == 0:
            continue
        if i > stop:
            break
        s = s + i
    return s


def first_over(values, limit):
    for i in range(len(values)):
        if values[i] > limit:
            return i
    return -1


CASES = [(10, 6), (10, 100), (7, -1), (0, 3), (1, 0)]


@pytest.fixture(params=["read", "unreadable"])
def recipe(request, monkeypatch):
    """The range left read from the recipe, or (a recipe neither known one) the rest run item by item."""
    if request.param == "unreadable":
        monkeypatch.setattr(runtime.graph.loops, "remaining_range", lambda iterator: None)
        if jax_usable():
            monkeypatch.setattr(importlib.import_module("runtime.jax.loops"), "remaining_range", lambda iterator: None)
    return request.param


@pytest.mark.parametrize("n, stop", CASES)
def test_a_flag_staged_mid_range_runs_the_rest_on_our_graph(recipe, n, stop):
    f = autograph.function(sum_odd_until)
    assert int(f(n, np.int64(stop))) == sum_odd_until(n, stop)  # n static: the flag is a tensor from i > stop


@pytest.mark.parametrize("n, stop", CASES)
def test_a_flag_staged_mid_range_runs_the_rest_under_jax_jit(recipe, n, stop):
    if not jax_usable():
        pytest.skip("needs JAX, which is not installed")
    import jax

    converted = autograph.convert(sum_odd_until)
    assert int(jax.jit(converted, static_argnums=0)(n, stop)) == sum_odd_until(n, stop)


@pytest.mark.parametrize("limit", [-5.0, 0.5, 2.5, 9.0])
def test_a_return_staged_mid_range_returns_pythons_index(recipe, limit):
    values = np.array([0.0, 1.0, 3.0, 2.0])
    expected = first_over(values, limit)
    assert int(autograph.function(first_over)(values, np.float64(limit))) == expected
    if jax_usable():
        import jax

        assert int(jax.jit(autograph.convert(first_over))(values, limit)) == expected
