"""Common-subexpression elimination: one node for each distinct computation.

Before / after (after dead-node removal)::

    { lambda a:i64[4] ; let                         { lambda a:i64[4] ; let
        b:i64[] = constant[value=3]                     b:i64[] = constant[value=3]
        c:i64[4] = mul a b                              c:i64[4] = mul a b
        d:i64[] = constant[value=3]                     d:i64[4] = add c c
        e:i64[4] = mul a d                            in (d) }
        f:i64[4] = add c e
      in (f) }

Two nodes are the same computation when they have the same op, the same input values and equal
attrs (compared by type and exact bits: ``0.0`` and ``-0.0``, ``1`` and ``1.0`` differ; arrays by
dtype, shape and bytes). Equal constants merge too. Only nodes that ``effects.cannot_fail`` merge:
a node that may raise or warn keeps its own line and its own run. The kept node is the first, so
its ``location`` is the earliest.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from runtime.graph import shapes
from runtime.graph.ir import Graph, Node, Value
from runtime.graph.passes import effects
from runtime.graph.passes.rewrite import Rewriter, map_subgraphs


def run(graph: Graph) -> Graph:
    """``graph`` with repeated computations merged, in every subgraph too (each on its own:
    subgraphs are closed, so nothing is shared across them)."""
    rw = Rewriter(graph)
    seen: dict[Any, Node] = {}
    for node in graph.nodes:
        node = map_subgraphs(node, run)
        inputs = rw.inputs(node)
        key = _key(node, inputs) if effects.cannot_fail(node) else None
        first = seen.get(key) if key is not None else None
        if first is not None:
            for old, new in zip(node.outputs, first.outputs):
                rw.replace(old, new)
            continue
        node = rw.keep(node)
        if key is not None:
            seen[key] = node
    return rw.finish()


class _Unhashable(Exception):
    pass


def _key(node: Node, inputs: tuple[Value, ...]) -> Optional[tuple]:
    attrs = frozen_attrs(node)
    return None if attrs is None else (node.op, inputs, attrs)  # values hash and compare by identity


def frozen_attrs(node: Node) -> Optional[tuple]:
    """``node``'s attrs as a hashable key, equal only for attrs that compute alike (None when an attr
    has no such key, a subgraph say). The roll pass compares blocks with it too."""
    if not node.attrs:
        return ()
    try:
        return tuple(sorted((name, _freeze(value)) for name, value in node.attrs.items()))
    except _Unhashable:
        return None


def _freeze(value: Any) -> Any:
    """A hashable stand-in for an attr value that is equal only for values that compute alike."""
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, (float, np.floating)):
        return (type(value).__name__, float(value).hex())  # tells -0.0 from 0.0; nan equals nan
    if isinstance(value, (tuple, list)):
        return (type(value).__name__, tuple(_freeze(v) for v in value))
    if isinstance(value, slice):
        return ("slice", _freeze(value.start), _freeze(value.stop), _freeze(value.step))
    if value is None or isinstance(value, (bool, int, str, np.dtype, np.integer, np.bool_, type)):
        return (type(value).__name__, value)
    if isinstance(value, shapes.Ref):
        return ("Ref", value.k)
    raise _Unhashable(type(value).__name__)
