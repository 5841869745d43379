"""Converted code inside a JAX trace keeps Python's recursion budget: looking for tracers in what a loop body closes
over (``JaxBackend.staged_inside``) never leaves it smaller.

jaxlib 0.10's pytree flattening of a dict whose keys do not sort, nested in another container (a defaultdict of dicts:
lark's parse tables), raises, and loses a level of the interpreter's recursion budget for good each time. lark's own
suite, converted and run inside ``jax.make_jaxpr`` (``python -m tests.transparency lark --trace jax``), ran out of
recursion after a few hundred loops: 741 of its 984 tests failed. Such a dict is a leaf now; the loop still runs, and
still as Python's.
"""

from __future__ import annotations

import collections
from unittest import mock

import jax
import jax.numpy as jnp

import autograph


class Symbol:
    """A key that hashes and compares equal but does not order (as lark's NonTerminal and Terminal)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Symbol) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


def budget() -> int:
    """How many more Python frames this one may push before a RecursionError."""
    def deeper(n: int) -> int:
        try:
            return deeper(n + 1)
        except RecursionError:
            return n
    return deeper(0)


def count_entries(table, n):
    total = 0
    for i in range(n):  # a static range whose body closes over the table: offered to JAX if it holds a tracer
        total += len(table[(i, i)])
    return total


TABLE = collections.defaultdict(dict, {(i, i): {Symbol("a"): i, Symbol("b"): -i} for i in range(4)})


def test_a_loop_over_a_table_with_unordered_keys_keeps_the_recursion_budget_inside_a_jax_trace():
    converted = autograph.convert(count_entries)
    seen = []

    def run():
        before = budget()
        for _ in range(50):
            seen.append(converted(TABLE, 4))
        seen.append(budget() - before)
        return jnp.zeros(())

    jax.make_jaxpr(run)()
    assert seen[:-1] == [8] * 50  # (Python's loop: nothing in the table is a tracer)
    assert seen[-1] == 0  # 50 looks into the table lost no level (jaxlib lost one per look)


def test_a_tracer_in_a_table_with_ordered_keys_is_still_found():
    def scaled(table, x, n):
        for i in range(n):
            x = x * table["w"] + table["b"]
        return x

    converted = autograph.convert(scaled)

    def traced(w, x):  # (a defaultdict: JAX's flattening finds the tracer, where the dispatch core's look stops)
        return converted(collections.defaultdict(float, {"w": w, "b": 1.0}), x, 3)

    assert "scan" in str(jax.make_jaxpr(traced)(2.0, 1.0))  # the loop staged as one scan: the tracer was found
    assert float(jax.jit(traced)(2.0, 1.0)) == scaled({"w": 2.0, "b": 1.0}, 1.0, 3)


def test_an_object_that_claims_to_be_a_dict_is_not_asked_anything():
    # A mock with a dict's spec passes isinstance(m, dict): the look asks no length or keys of it (its own methods,
    # user code), as JAX's flattening does not (a leaf to it). mock's own suite hung there inside a JAX trace.
    table = mock.MagicMock(spec=dict)

    def count(table, n):
        total = 0
        for i in range(n):
            total += i if table is not None else 0  # (the body closes over the table, and asks it nothing)
        return total, table

    converted = autograph.convert(count)
    seen = []
    jax.make_jaxpr(lambda: seen.append(converted(table, 3)[0]) or jnp.zeros(()))()
    assert seen == [3]
    assert not table.__len__.called and not table.__iter__.called and table.method_calls == []
