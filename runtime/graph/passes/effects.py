"""What a pass may do with a node: the per-op properties every pass asks, in one place.

Three questions, answered from the op and the node's static types (never from a list of cases
inside a pass):

* ``removable(node)``: nothing but its outputs is observable, so a node nobody uses can go.
  That is every node that is not stateful (``ops.is_stateful``: variable reads and writes,
  ``print``, ``assert``, random draws, ``numpy_function`` calls, and control flow holding one).
  Execution is non-strict (runtime/graph/interpreter.py), so a dead pure node never ran anyway,
  even one that would raise: removing it changes nothing.
* ``cannot_fail(node)``: for *every* input of the node's static types, its NumPy kernel neither
  raises nor warns (a warning can be an error under the user's filters). Only such nodes may be
  merged (CSE) or moved out of a loop that may run zero times (LICM): those keep every error
  and warning at its node, in its order, and only when it happened before.
* ``movable(node)``: ``cannot_fail``, and not a shape query: what LICM may move out of a loop.
* ``foldable(node)``: its result on constants is the same bits under NumPy and under XLA
  (runtime/jax/lowering.py): integer and boolean work, data movement, and the IEEE operations
  that are correctly rounded (+ - * / sqrt, comparisons, rounding, sign tricks).
  Transcendentals (exp, sin, pow on floats) and float reductions (whose summation order
  differs between NumPy and XLA) are left to run time; so are subnormal operands and results
  (``fold``: XLA on CPU flushes them to zero, NumPy does not).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from runtime.graph import ops

# Elementwise ops that never raise or warn, whatever the values (NaN and inf included).
_TOTAL_ELEMENTWISE = frozenset("""
    eq ne lt le gt ge logical_and logical_or logical_xor logical_not isnan isinf isfinite signbit
    bitwise_and bitwise_or bitwise_xor invert maximum minimum fmax fmin floor ceil trunc rint
    copysign pos conjugate sign fabs
""".split())
# Integer arithmetic wraps silently on arrays; on NumPy scalars (0-d values) it warns on overflow.
_WRAPPING = frozenset({"add", "sub", "mul", "neg", "abs", "square"})
_ALWAYS_TOTAL = frozenset({"constant", "transpose", "dim", "any", "all", "where"})
# Data movement: cannot fail once every input shape is known (the shape rule checked it).
_STATIC_SHAPE_TOTAL = frozenset({"reshape", "broadcast_to", "concatenate", "stack"})

# Correctly rounded (or exact) on floats: NumPy and XLA agree to the bit.
# Not here: maximum / minimum / fmax / fmin and sign, which treat -0.0 differently in NumPy and
# XLA (np.maximum(0.0, -0.0) is -0.0, XLA's is 0.0; np.sign(-0.0) is 0.0, XLA's -0.0).
_EXACT_ON_FLOATS = frozenset("""
    add sub mul truediv sqrt neg pos abs fabs square reciprocal eq ne lt le gt ge
    floor ceil trunc rint copysign signbit isnan isinf isfinite logical_and logical_or logical_xor
    logical_not reshape transpose broadcast_to cast where concatenate stack getitem dim constant full
    full_like
""".split())
# On integers and booleans everything in the core table is exact; these have float semantics or
# data-dependent failure modes worth leaving to run time.
_NEVER_FOLD = frozenset({"cond", "while_loop", "take", "sort", "argsort", "float_power"})


def _known(shape: tuple) -> bool:
    return None not in shape


def _exact_kinds(values: Any) -> bool:
    for v in values:  # Value.dtype is an np.dtype already
        if v.dtype.kind not in "biu":
            return False
    return True


def removable(node: Any) -> bool:
    """Whether ``node`` may be deleted when none of its outputs is used."""
    return not ops.is_stateful(node)


def cannot_fail(node: Any) -> bool:
    """Whether ``node``'s kernel can neither raise nor warn on any input of its static types."""
    opdef = ops.OPS[node.op]
    if opdef.stateful or opdef.subgraphs or opdef.kernel is not None:  # library ops: not analysed
        return False
    op = node.op
    if op in _ALWAYS_TOTAL or op in _TOTAL_ELEMENTWISE:
        return True
    if op in _WRAPPING:
        if op in ("neg", "abs") and node.inputs[0].dtype.kind == "f":
            return True  # a sign flip or clear never rounds, overflows or warns
        return _exact_kinds(node.inputs) and len(node.outputs[0].shape) > 0
    if op in _STATIC_SHAPE_TOTAL:
        return all(None not in v.shape for v in node.inputs)
    if op == "getitem":  # a static index into a known shape was bounds-checked while tracing
        return len(node.inputs) == 1 and _known(node.inputs[0].shape)
    if op in ("sum", "prod", "matmul"):
        return _exact_kinds(node.inputs) and all(None not in v.shape for v in node.inputs)
    if op == "cast":
        return _safe_cast(node.inputs[0].dtype, np.dtype(node.attrs["dtype"]))
    return False


def _safe_cast(source: np.dtype, target: np.dtype) -> bool:
    """Casts that never warn: from integers and booleans (ints wrap, floats round), to bool, or to
    a float at least as wide (float to int warns on NaN, a narrower float on overflow)."""
    if source.kind in "biu" or target.kind == "b":
        return True
    return source.kind == "f" and target.kind in "fc" and target.itemsize >= source.itemsize


def movable(node: Any) -> bool:
    """Whether ``node`` may move out of a loop that may run zero times: it ``cannot_fail``, and it is
    not a shape query (``dim`` is free where it stands, and a static number under the JAX lowering,
    which a slice bound must be; moved out, it would enter the loop as a traced constant)."""
    return node.op != "dim" and cannot_fail(node)


def foldable(node: Any) -> bool:
    """Whether ``node`` may be computed now, on constants, by the interpreter's NumPy kernel."""
    opdef = ops.OPS[node.op]
    if opdef.stateful or opdef.subgraphs or opdef.kernel is not None or node.op in _NEVER_FOLD:
        return False
    if node.op == "cast" and np.dtype(node.attrs["dtype"]) == np.float16:
        return False  # XLA rounds to float16 through float32: twice, where NumPy rounds once
    if node.op in _EXACT_ON_FLOATS:
        return True
    values = tuple(node.inputs) + tuple(node.outputs)
    return _exact_kinds(values)
