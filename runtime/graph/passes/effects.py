"""What a pass may do with a node: the per-op properties every pass asks, in one place.

Four questions, answered from the op's record (``opdefs.Effects``, declared with each op in
``ops`` and the library modules) and the node's static types, never from a list of cases inside a
pass:

* ``removable(node)``: nothing but its outputs is observable, so a node nobody uses can go.
  That is every node that is not stateful (``ops.is_stateful``: variable reads and writes,
  ``print``, ``assert``, random draws, ``numpy_function`` calls, and control flow holding one)
  and not run for its error (``ops.must_run``: linear algebra raising on values alone, a node
  made inside a running ``try``). Execution is non-strict (runtime/graph/interpreter.py), so
  any other dead node never ran anyway, even one that would raise: removing it changes nothing.
* ``cannot_fail(node)``: for *every* input of the node's static types, its NumPy kernel neither
  raises nor warns (a warning can be an error under the user's filters). Only such nodes may be
  merged (CSE) or moved out of a loop that may run zero times (LICM): those keep every error
  and warning at its node, in its order, and only when it happened before.
* ``movable(node)``: ``cannot_fail``, and ``hoistable`` (not a shape query): what LICM may move out of a loop.
* ``foldable(node)``: its result on constants is the same bits under NumPy and under XLA
  (runtime/jax/lowering.py): integer and boolean work, data movement, and the IEEE operations
  that are correctly rounded (+ - * / sqrt, comparisons, rounding, sign tricks).
  Transcendentals (exp, sin, pow on floats) and float reductions (whose summation order
  differs between NumPy and XLA) are left to run time; so are subnormal operands and results
  (``fold``: XLA on CPU flushes them to zero, NumPy does not).
"""

from __future__ import annotations

from typing import Any

from runtime.graph import ops
from runtime.graph.opdefs import holds


def removable(node: Any) -> bool:
    """Whether ``node`` may be deleted when none of its outputs is used."""
    return not ops.must_run(node)


def cannot_fail(node: Any) -> bool:
    """Whether ``node``'s kernel can neither raise nor warn on any input of its static types."""
    opdef = ops.OPS[node.op]
    if opdef.stateful or opdef.subgraphs:
        return False
    return holds(opdef.effects.cannot_fail, node)


def movable(node: Any) -> bool:
    """Whether ``node`` may move out of a loop that may run zero times: it ``cannot_fail``, and its op's
    record lets it leave a loop (``Effects.hoistable``: not a shape query such as ``dim``)."""
    return cannot_fail(node) and holds(ops.OPS[node.op].effects.hoistable, node)


def foldable(node: Any) -> bool:
    """Whether ``node`` may be computed now, on constants, by the interpreter's NumPy kernel."""
    opdef = ops.OPS[node.op]
    if opdef.stateful or opdef.subgraphs:
        return False
    return holds(opdef.effects.foldable, node)
