"""Helpers for the graph backend's subgraphs: finishing a traced subgraph's outputs, and
restoring the closure cells that tracing a branch or loop body may have changed.

Before: a traced branch returns ``(a)``, an int32 tensor and nothing else.
After ``with_outputs(graph, [("out", 0, float64), ("const", 1.0)])`` it returns
``(cast a, constant 1.0)``: the outputs the other branch agrees on.
"""

from __future__ import annotations

import functools
import types
from typing import Any, Callable, Sequence

import numpy as np

from runtime.graph.ir import FrozenDict, Graph, Node, Value


def with_outputs(graph: Graph, plan: Sequence[tuple]) -> Graph:
    """``graph`` returning, per plan item, ``("out", k, dtype)``: its output k cast to dtype,
    ``("const", array)``: a new constant, or ``("value", v)``: its value ``v``, computed among its nodes."""
    nodes = list(graph.nodes)
    outputs = []
    for item in plan:
        if item[0] == "value":  # (a value the branch computed that is not among its outputs: a tag)
            outputs.append(item[1])
            continue
        if item[0] == "const":
            array = np.array(item[1])
            array.flags.writeable = False
            value = Value(array.shape, array.dtype)
            nodes.append(Node("constant", (), FrozenDict(value=array), (value,)))
        else:
            _, k, dtype = item
            value = graph.outputs[k]
            if value.dtype != dtype:
                cast = Value(value.shape, dtype)
                nodes.append(Node("cast", (value,), FrozenDict(dtype=np.dtype(dtype)), (cast,)))
                value = cast
        outputs.append(value)
    return Graph(graph.inputs, tuple(nodes), tuple(outputs))


_EMPTY = object()


def closure_snapshot(*fns: Any) -> Callable[[], None]:
    """``restore()``, which puts back what the closure cells of ``fns`` (and of the functions
    they close over) hold now. A branch may assign a variable that the statement does not
    carry (it is dead afterwards); the other branch must still see the value from before."""
    saved: dict[int, tuple] = {}
    stack = [fn for fn in fns if fn is not None]
    while stack:
        fn = stack.pop()
        if isinstance(fn, functools.partial):
            stack.append(fn.func)
            continue
        for cell in getattr(fn, "__closure__", None) or ():
            if id(cell) in saved:
                continue
            try:
                value = cell.cell_contents
            except ValueError:
                value = _EMPTY
            saved[id(cell)] = (cell, value)
            if isinstance(value, (types.FunctionType, functools.partial)):
                stack.append(value)

    def restore() -> None:
        for cell, value in saved.values():
            if value is _EMPTY:
                try:
                    del cell.cell_contents
                except ValueError:
                    pass
            else:
                cell.cell_contents = value
    return restore
