"""Which of the user's values JAX's pytree flattening must take whole (``is_leaf=``), JAX-free: the backend asks
it before JAX is imported for anything else.

Before::

    jax.tree_util.tree_leaves(state)                       # warns on a generator; fails on {Rule('a'): ...}

After::

    jax.tree_util.tree_leaves(state, is_leaf=is_iterator)  # every flatten of loop or branch state
    jax.tree_util.tree_leaves(value, is_leaf=opaque)       # "may a tracer be inside?" (JaxBackend.staged_inside)
"""

from __future__ import annotations

import collections
from typing import Any


def is_iterator(value: Any) -> bool:
    """An iterator (a generator, ``iter(xs)``, ``map(f, xs)``): a leaf of every pytree we flatten (``is_leaf=``).
    JAX takes one as a leaf anyway, but from 0.12 on warns as it does (a DeprecationWarning: "will become an
    error"), and the values we flatten are the user's: a loop's state, the closures of a branch. A program that
    keeps a generator in a variable across a staged ``if`` or loop would see JAX's warning it never asked for."""
    return hasattr(type(value), "__next__")


def opaque(value: Any) -> bool:
    """``is_iterator``, or a dict whose keys do not sort (``{NonTerminal('a'): ...}`` in lark's parse tables): a leaf
    for JAX's flattening, which sorts a dict's keys and fails on these, and where the failure passes through a nested
    level (a dict in a defaultdict), jaxlib 0.10 loses a level of Python's recursion limit for good at each failure: a
    program that looked into such a dict at every loop ran out of recursion after a few hundred loops (lark's suite
    under ``jax.make_jaxpr``). JAX cannot carry such a dict through a loop either: no tracer inside it can reach one."""
    cls = type(value)  # (the two dict types JAX sorts the keys of: a subclass, a mock that claims to be a dict, is
    if (cls is not dict and cls is not collections.defaultdict) or len(value) < 2:  # a leaf to JAX, and not asked)
        return is_iterator(value)
    try:
        sorted(value)
    except Exception:  # noqa: BLE001 - any failure of the keys' comparison is one JAX's sort would meet
        return True
    return False
