"""``x[mask] = f(x[mask], y[mask], s)`` on XLA: one ``where`` over whole arrays, so a loop or branch can hold it.

XLA fixes every shape, and ``x[mask]`` has as many elements as the mask has True ones: a graph that reads
through a mask computed in the graph runs that read on NumPy between compiled parts (runtime/jax/segments.py),
which only its top level can do, not the body of a ``while_loop`` or a ``cond`` branch (``mandelbrot``'s
``z[m] = z[m] ** 2 + c[m]`` in its loop, seawater's date-line fix under ``if np.any(flag)``). A write through a
mask of a value that only elementwise ops make from reads through *the same mask* needs no such size: it is
``np.where(mask, f(x, y, s), x)``, with ``f`` computed on the whole arrays. Each element NumPy writes is ``f`` of
the same elements, by the same elementwise ops, so the same bits; the elements the mask leaves out are computed
too and dropped. Computing them can raise nothing: the ops taken are those that never raise on XLA (an integer
power that may have a negative exponent, or a complex power, which the lowering checks for NumPy's errors, is
left as it is).

Before (the body of the loop in ``mandelbrot``; ``executor="jax"`` refused it at the first ``getitem``)::

    h:bool[12] = lt f g
    i:c128[?] = getitem[index=[$0]] a h
    j:c128[?] = square i
    k:c128[?] = getitem[index=[$0]] e h
    l:c128[?] = add j k
    m:c128[12] = setitem[index=[$0]] a l h

After (``as_wheres``)::

    h:bool[12] = lt f g
    n:c128[12] = square a
    o:c128[12] = add n e
    m:c128[12] = where h o a

Taken: a ``setitem`` whose whole index is one boolean mask ``m`` of known shape (``x.shape[:m.ndim]``), whose
value is made by elementwise ops (NumPy's ufuncs, ``cast``, ``where``, ``clip``) from ``getitem``s through ``m``
of arrays of ``x``'s shape and from values of known shape that broadcast along ``x``'s trailing axes only (a
scalar, a row); the whole result must broadcast to ``x``'s shape. Anything else stays as it was (a NumPy step at
the top level, a clear refusal inside control flow). The interpreter never sees this: it runs NumPy's masked
kernels as they are.
"""

from __future__ import annotations

from typing import Optional

import numpy as np

from runtime.graph import ops, shapes
from runtime.graph.ir import Graph, Node, Value
from runtime.graph.passes import dce
from runtime.graph.passes.rewrite import map_subgraphs, producers

_MASK_INDEX = (shapes.Ref(0),)
_ELEMENTWISE_EXTRA = frozenset({"cast", "where", "clip"})
_CHECKED_POWERS = frozenset({"pow", "float_power"})  # an integer or complex one is checked (lowering.py)


def as_wheres(graph: Graph) -> Graph:
    """``graph`` with each masked write of an elementwise value of masked reads as a ``where`` (in every
    subgraph too), and the reads it no longer needs removed; ``graph`` itself when there is none."""
    made = producers(graph)
    nodes: list[Node] = []
    changed = False
    for node in graph.nodes:
        new = map_subgraphs(node, as_wheres)
        changed |= new is not node
        if new.op == "setitem":
            replacement = _as_where(new, made)
            if replacement is not None:
                nodes.extend(replacement)
                changed = True
                continue
        nodes.append(new)
    if not changed:
        return graph
    return dce.run(Graph(graph.inputs, tuple(nodes), graph.outputs))


def _as_where(node: Node, made: dict[Value, Node]) -> Optional[list[Node]]:
    """The nodes that compute ``node``'s ``x[m] = v`` as ``where(m, v on whole arrays, x)``, or None."""
    if node.attrs["index"] != _MASK_INDEX or len(node.inputs) != 3:
        return None
    x, v, mask = node.inputs
    if mask.dtype.kind != "b" or None in x.shape or None in mask.shape or mask.shape != x.shape[:len(mask.shape)]:
        return None
    lifted = _Lifter(x, mask, made)
    try:
        whole = lifted.value(v)
        if whole is None or shapes.broadcast(whole.shape, x.shape) != x.shape:
            return None
    except (ValueError, TypeError):  # (shapes that broadcast on the selection and not on the whole arrays)
        return None
    new = lifted.nodes
    if whole.dtype != x.dtype:
        cast = Value(whole.shape, x.dtype)
        new.append(Node("cast", (whole,), {"dtype": x.dtype}, (cast,), node.location))
        whole = cast
    if len(mask.shape) < len(x.shape):  # (the mask's axes are x's first ones; where broadcasts from the last)
        shape = mask.shape + (1,) * (len(x.shape) - len(mask.shape))
        reshaped = Value(shape, mask.dtype)
        new.append(Node("reshape", (mask,), {"shape": shape}, (reshaped,), node.location))
        mask = reshaped
    new.append(Node("where", (mask, whole, x), {}, node.outputs, node.location))
    return new


class _Lifter:
    """Rebuilds a masked write's value on whole arrays: each read through the mask becomes the array read."""

    def __init__(self, x: Value, mask: Value, made: dict[Value, Node]) -> None:
        self.x, self.mask, self.made = x, mask, made
        self.trailing = len(x.shape) - len(mask.shape)  # the axes a value of known shape may broadcast along
        self.nodes: list[Node] = []
        self.done: dict[Value, Optional[Value]] = {}

    def value(self, v: Value) -> Optional[Value]:
        if v not in self.done:
            self.done[v] = self._value(v)
        return self.done[v]

    def _value(self, v: Value) -> Optional[Value]:
        node = self.made.get(v)
        if node is not None and node.op == "getitem" and node.attrs["index"] == _MASK_INDEX \
                and node.inputs[1:] == (self.mask,):
            source = node.inputs[0]
            return source if source.shape == self.x.shape else None
        if None not in v.shape:  # made before the write, not through the mask: it broadcasts along trailing axes
            return v if len(v.shape) <= self.trailing else None
        if node is None or not _elementwise(node, self.made):
            return None
        inputs = []
        for operand in node.inputs:
            whole = self.value(operand)
            if whole is None:
                return None
            inputs.append(whole)
        ((shape, dtype),) = ops.OPS[node.op].rule(inputs, node.attrs)
        if dtype != v.dtype or None in shape:
            return None
        out = Value(shape, dtype)
        self.nodes.append(Node(node.op, tuple(inputs), node.attrs, (out,), node.location))
        return out


def _elementwise(node: Node, made: dict[Value, Node]) -> bool:
    """Whether ``node`` computes each output element from the same elements of its inputs, and can raise
    nothing on XLA whatever the values."""
    if len(node.outputs) != 1:
        return False
    if node.op in _CHECKED_POWERS:
        # A float power never raises; an integer power raises NumPy's ValueError for a negative exponent, checked
        # as the lowering checks it, unless its exponent is a constant with none (``lowering._negative_powers``);
        # a complex one is checked for non-finite parts (``lowering._complex_powers``).
        kind = node.outputs[0].dtype.kind
        exponent = made.get(node.inputs[-1])
        return kind == "f" or (kind in "iu" and exponent is not None and exponent.op == "constant"
                               and bool(np.all(exponent.attrs["value"] >= 0)))
    return node.op in ops.ELEMENTWISE or node.op in _ELEMENTWISE_EXTRA
