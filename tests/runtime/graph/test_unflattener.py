"""``unflattener(tree)``, the generated ``tree.unflatten`` a Function's run calls: the same nest as
``tree.unflatten`` (the oracle) for every kind of node, with and without constants, and the same error
for a wrong number of leaves."""

from __future__ import annotations

import collections
import os
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.graph import flatten, unflattener

Point = collections.namedtuple("Point", "x y")


class Row(list):
    pass


class Record(dict):
    pass


class Pair(tuple):
    pass


def _nests(leaves: st.SearchStrategy) -> st.SearchStrategy:
    return st.recursive(
        st.one_of(st.none(), leaves),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.lists(inner, max_size=4).map(tuple),
            st.dictionaries(st.one_of(st.text(max_size=3), st.integers(), st.just((1, "a"))), inner, max_size=4),
            st.tuples(inner, inner).map(lambda xy: Point(*xy)),
            st.lists(inner, max_size=3).map(Row),
            st.dictionaries(st.text(max_size=2), inner, max_size=3).map(Record),
            st.lists(inner, max_size=3).map(Pair),
        ),
        max_leaves=30)


def _same(a: Any, b: Any) -> bool:
    """Equal, of the same classes all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a is b


@settings(max_examples=int(os.environ.get("AUTOGRAPH_UNFLATTEN_EXAMPLES", "300")), deadline=None)
@given(_nests(st.integers()), st.data())
def test_builds_what_unflatten_builds(nest, data):
    leaves, tree = flatten(nest)
    fresh = [object() for _ in leaves]  # (new leaves: each must land where tree.unflatten puts it)
    assert _same(unflattener(tree)(fresh), tree.unflatten(fresh))
    if leaves:
        constant_at = data.draw(st.sets(st.integers(0, len(leaves) - 1)))
        constants = {i: object() for i in constant_at}
        computed = [object() for _ in range(len(leaves) - len(constants))]
        it = iter(computed)
        expected = tree.unflatten([constants[i] if i in constants else next(it) for i in range(len(leaves))])
        assert _same(unflattener(tree, constants)(computed), expected)


def test_a_namedtuple_and_subclasses_come_back_as_their_classes():
    nest = {"p": Point(1, [2, 3]), "r": Row([4]), "d": Record(a=5), "t": Pair((6, None))}
    leaves, tree = flatten(nest)
    rebuilt = unflattener(tree)(leaves)
    assert _same(rebuilt, nest)
    assert rebuilt is not nest and rebuilt["r"] is not nest["r"]


def test_a_wrong_number_of_leaves_raises_what_unflatten_raises():
    _, tree = flatten((1, [2, 3]))
    with pytest.raises(ValueError, match="too many leaves"):
        unflattener(tree)([1, 2, 3, 4])
    with pytest.raises(StopIteration):
        unflattener(tree)([1, 2])


def test_a_deep_or_large_nest_is_left_to_unflatten():
    deep: Any = 1
    for _ in range(200):  # (an expression this deep would be one compile recursion per level)
        deep = [deep]
    leaves, tree = flatten(deep)
    assert unflattener(tree) == tree.unflatten  # (a bound method: equal, not the same object)
    assert _same(unflattener(tree)(leaves), deep)
    wide = list(range(2000))
    leaves, tree = flatten(wide)
    assert tree.num_leaves == 2000
    assert unflattener(tree)(leaves) == wide
