"""Algebraic simplification: identities that hold to the bit, for the dtypes where they hold.

Before / after (``x * 1.0`` then two transposes and two reshapes; after dead-node removal)::

    { lambda a:f64[2,3] ; let                      { lambda a:f64[2,3] ; let
        b:f64[] = constant[value=1.0]                  b:f64[3,2] = reshape[shape=(3, 2)] a
        c:f64[2,3] = mul a b                           c:f64[] = constant[value=1.0]
        d:f64[3,2] = transpose[axes=(1, 0)] c          d:f64[3,2] = add b c
        e:f64[2,3] = transpose[axes=(1, 0)] d        in (d) }
        f:f64[6] = reshape[shape=(6,)] e
        g:f64[3,2] = reshape[shape=(3, 2)] f
        h:f64[] = constant[value=1.0]
        i:f64[3,2] = add g h
      in (i) }

Each rule states when it is exact:

* ``x * 1``, ``x / 1``: the constant is one element equal to 1 and the result has ``x``'s dtype
  and shape (``int * 1.0`` is a float: kept). Exact for NaN, inf and -0.0.
* ``x - 0``: a zero without sign bit. ``x + c``: for integers and bools ``c == 0``; for floats
  only ``c == -0.0``, since ``-0.0 + 0.0`` is ``+0.0``.
* ``neg(neg x)``, ``invert(invert x)``, ``logical_not(logical_not x)``: involutions (two's
  complement negation wraps both ways), taken only when neither node can warn
  (``effects.cannot_fail``: an int scalar negation of the minimum warns).
* ``transpose(transpose x)``: one transpose of the composed permutation, none if that is the
  identity. ``reshape(reshape x)``: one reshape when the inner one cannot fail (a known shape).
  A reshape, broadcast or cast to what ``x`` already is: ``x``.

A graph output is never replaced by another value (it would alias an input or a variable's
array where NumPy returns a fresh one).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from runtime.graph.ir import Graph, Node, Value
from runtime.graph.passes import effects
from runtime.graph.passes.rewrite import Rewriter, map_subgraphs

_INVOLUTIONS = ("neg", "invert", "logical_not")
_RULE_OPS = frozenset({"mul", "add", "sub", "truediv", "transpose", "reshape", "broadcast_to", "cast", *_INVOLUTIONS})


def run(graph: Graph) -> Graph:
    """``graph`` simplified, in every subgraph too."""
    rw = Rewriter(graph)
    constants: dict[Value, np.ndarray] = {}
    made: dict[Value, Node] = {}  # value -> the (rewritten) node that defines it here
    outputs = set(graph.outputs)
    for node in graph.nodes:
        node = map_subgraphs(node, run)
        if node.op == "constant":
            constants[node.outputs[0]] = node.attrs["value"]
        inputs = rw.inputs(node)
        if node.op in _RULE_OPS and len(node.outputs) == 1:
            shorter = _shorter(node, inputs, made)
            if shorter is not None:
                node, inputs = shorter, shorter.inputs
            same = None if node.outputs[0] in outputs else _identity(node, inputs, constants, made)
            if same is not None:
                rw.replace(node.outputs[0], same)
                continue
        node = rw.keep(node)
        for v in node.outputs:
            made[v] = node
    return rw.finish()


def _is(x: Any, value: float, constants: dict, negative_zero: Optional[bool] = None) -> bool:
    """Whether ``x`` is a one-element constant equal to ``value`` (with the sign bit asked for)."""
    c = constants.get(x)
    if c is None or c.size != 1 or c.dtype.kind not in "biuf":
        return False
    v = c.reshape(())[()]
    if v != value:
        return False
    # (An integer or bool zero is +0.0 in a float result: `x + 0` is not `x` for x = -0.0, whatever the 0's dtype.)
    return negative_zero is None or bool(np.signbit(v)) == negative_zero


def _identity(node: Node, inputs: tuple, constants: dict, made: dict) -> Optional[Value]:
    """The value ``node`` computes when it is one of its inputs unchanged, else None."""
    (out,) = node.outputs
    op = node.op

    def same_type(x: Value) -> bool:
        return x.dtype == out.dtype and x.shape == out.shape

    if op in ("mul", "add") and len(inputs) == 2:
        for x, c in (inputs, inputs[::-1]):
            if not same_type(x) or len(constants.get(c, np.empty((0,))).shape) > len(x.shape):
                continue
            if op == "mul" and _is(c, 1, constants):
                return x
            if op == "add" and _is(c, 0, constants, negative_zero=True if out.dtype.kind in "fc" else None):
                return x  # (x + -0.0 is x; x + 0.0 is not, for x = -0.0; an integer x + 0 is x)
    if op in ("sub", "truediv") and same_type(inputs[0]):
        x, c = inputs
        if c in constants and len(constants[c].shape) <= len(x.shape):
            if op == "sub" and _is(c, 0, constants, negative_zero=False):
                return x
            if op == "truediv" and _is(c, 1, constants):
                return x
    if op in _INVOLUTIONS:
        inner = made.get(inputs[0])
        if inner is not None and inner.op == op and same_type(inner.inputs[0]) \
                and effects.cannot_fail(node) and effects.cannot_fail(inner):
            return inner.inputs[0]
    if op == "transpose" and tuple(node.attrs["axes"]) == tuple(range(len(out.shape))):
        return inputs[0]
    if op in ("reshape", "broadcast_to") and same_type(inputs[0]) and None not in out.shape:
        return inputs[0]
    if op == "cast" and inputs[0].dtype == out.dtype:
        return inputs[0]
    return None


def _shorter(node: Node, inputs: tuple, made: dict) -> Optional[Node]:
    """One node instead of a chain of two (transposes, reshapes), or None."""
    inner = made.get(inputs[0]) if inputs else None
    if inner is None or inner.op != node.op:
        return None
    if node.op == "transpose":
        first, second = inner.attrs["axes"], node.attrs["axes"]
        axes = tuple(first[a] for a in second)
        return Node("transpose", (inner.inputs[0],), {"axes": axes}, node.outputs, node.location)
    if node.op == "reshape" and effects.cannot_fail(inner):
        return Node("reshape", (inner.inputs[0],), node.attrs, node.outputs, node.location)
    return None
