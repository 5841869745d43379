"""Helpers the passes share: rebuilding a graph node by node, and reaching into subgraphs.

A pass walks a graph's nodes in order and, for each, keeps it, drops it, or stands another
value in for its outputs (``Rewriter.replace``); later nodes read their inputs through that
substitution. Values are never reused across graphs, so a node whose inputs change is a new
``Node`` with the same outputs, attrs and ``location`` (run-time errors still name the user's
line).
"""

from __future__ import annotations

from typing import Callable

from runtime.graph import ops
from runtime.graph.ir import Graph, Node, Value

GraphPass = Callable[[Graph], Graph]


class Rewriter:
    """The graph being rebuilt: the nodes kept so far and the values standing in for others."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.nodes: list[Node] = []
        self.subst: dict[Value, Value] = {}

    def value(self, value: Value) -> Value:
        return self.subst.get(value, value)

    def inputs(self, node: Node) -> tuple[Value, ...]:
        subst = self.subst
        if not subst:  # the common case: nothing replaced yet
            return node.inputs
        return tuple(subst.get(v, v) for v in node.inputs)

    def keep(self, node: Node) -> Node:
        """Append ``node`` with its inputs substituted (the same node when none changed)."""
        inputs = self.inputs(node)
        if inputs != node.inputs:
            node = Node(node.op, inputs, node.attrs, node.outputs, node.location)
        self.nodes.append(node)
        return node

    def replace(self, old: Value, new: Value) -> None:
        """From here on ``new`` stands for ``old`` (same dtype; a shape at least as precise)."""
        self.subst[old] = self.subst.get(new, new)

    def finish(self) -> Graph:
        outputs = tuple(self.subst.get(v, v) for v in self.graph.outputs)
        if outputs == self.graph.outputs and len(self.nodes) == len(self.graph.nodes) and all(
                a is b for a, b in zip(self.nodes, self.graph.nodes)):
            return self.graph  # unchanged: keep the object (and the interpreter's cache on it)
        return Graph(self.graph.inputs, tuple(self.nodes), outputs)


def map_subgraphs(node: Node, graph_pass: GraphPass) -> Node:
    """``node`` with ``graph_pass`` applied to each of its subgraphs (the same node if none changed)."""
    names = ops.OPS[node.op].subgraphs
    if not names:
        return node
    new = {name: graph_pass(node.attrs[name]) for name in names}
    if all(new[name] is node.attrs[name] for name in names):
        return node
    return Node(node.op, node.inputs, {**node.attrs, **new}, node.outputs, node.location)


def producers(graph: Graph) -> dict[Value, Node]:
    """Value -> the node of ``graph`` that defines it."""
    return {value: node for node in graph.nodes for value in node.outputs}


def uses(graph: Graph) -> set[Value]:
    """Every value some node or output of ``graph`` reads."""
    used = set(graph.outputs)
    for node in graph.nodes:
        used.update(node.inputs)
    return used
