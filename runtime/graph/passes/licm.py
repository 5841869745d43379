"""Loop-invariant code motion in the IR: work a loop repeats on values that never change moves
before the loop, and the loop takes its result as one more constant.

Before / after (``while i < n: x = np.maximum(x, np.transpose(w)); i += 1``, after dead-node
removal)::

    g:i64[] h:f64[2,3] = while_loop[                  e:f64[2,3] = transpose[axes=(1, 0)] b
      cond_graph={ lambda a:i64[] b:f64[2,3]          f:i64[] g:f64[2,3] = while_loop[
                   c:f64[3,2] d:i64[] ; let             cond_graph={ lambda a:i64[] b:f64[2,3]
          e:bool[] = lt a d                                          c:i64[] d:f64[2,3] ; let
        in (e) }                                            e:bool[] = lt a c
      body_graph={ lambda a:i64[] b:f64[2,3]                in (e) }
                   c:f64[3,2] d:i64[] ; let             body_graph={ lambda a:i64[] b:f64[2,3]
          e:f64[2,3] = transpose[axes=(1, 0)] c                      c:i64[] d:f64[2,3] ; let
          f:f64[2,3] = maximum b e                          e:f64[2,3] = maximum b d
          g:i64[] = constant[value=1]                       f:i64[] = constant[value=1]
          h:i64[] = add a g                                 g:i64[] = add a f
        in (h f) }                                        in (g e) }
    ] f a b c                                         ] d a c e

A node of the test or the body moves when its inputs are the loop's constants, constants, or
outputs of nodes that moved, and when ``effects.movable`` says it can neither raise nor warn:
the loop may run zero times, and a hoisted node then runs where the original never did. Nodes
that may fail stay in the loop (the NumPy interpreter still computes those once per loop run,
after the first test passes: runtime/graph/interpreter.py). Control flow and effects never move.
"""

from __future__ import annotations

from runtime.graph.ir import Graph, Node, Value
from runtime.graph.passes import effects
from runtime.graph.passes.rewrite import map_subgraphs


def run(graph: Graph) -> Graph:
    """``graph`` with every loop's invariant work hoisted, innermost loops first."""
    nodes: list[Node] = []
    changed = False
    for node in graph.nodes:
        new = map_subgraphs(node, run)
        if new.op == "while_loop":
            new = _hoist(new, nodes)
        changed |= new is not node
        nodes.append(new)
    return Graph(graph.inputs, tuple(nodes), graph.outputs) if changed else graph


def _hoist(node: Node, outer: list[Node]) -> Node:
    """Move ``node``'s invariant nodes into ``outer`` (before it); return the new loop node."""
    cond, body = node.attrs["cond_graph"], node.attrs["body_graph"]
    n = len(body.outputs)
    passed: list[Value] = []  # outer values the loop now takes as extra constants, in order
    rewritten = []
    for graph in (cond, body):
        outside: dict[Value, Value] = dict(zip(graph.inputs[n:], node.inputs[n:]))  # inside -> outer
        constants: dict[Value, Node] = {}
        subst: dict[Value, Value] = {}  # a moved value -> the new input standing for it
        own: dict[int, Value] = {}      # index in ``passed`` -> that input
        remaining: list[Node] = []
        for inner in graph.nodes:
            if inner.op == "constant":
                constants[inner.outputs[0]] = inner
            elif effects.movable(inner) and all(v in outside or v in constants for v in inner.inputs):
                for v in inner.inputs:
                    if v not in outside:  # a constant the moved node reads must exist outside too
                        outside[v] = _copy(constants[v], (), outer).outputs[0]
                copy = _copy(inner, tuple(outside[v] for v in inner.inputs), outer)
                for old, new in zip(inner.outputs, copy.outputs):
                    outside[old] = new
                    subst[old] = own[len(passed)] = Value(old.shape, old.dtype)
                    passed.append(new)
                continue
            remaining.append(inner)
        rewritten.append((graph, remaining, subst, own))
    if not passed:
        return node
    # Both graphs take the same inputs: the old ones, then one per moved value (of either graph;
    # the other graph's is unused, and dead-node removal drops the unused ones).
    graphs = []
    for graph, remaining, subst, own in rewritten:
        inputs = graph.inputs + tuple(own.get(i) or Value(v.shape, v.dtype) for i, v in enumerate(passed))
        nodes = tuple(_substituted(inner, subst) for inner in remaining)
        graphs.append(Graph(inputs, nodes, tuple(subst.get(v, v) for v in graph.outputs)))
    return Node("while_loop", node.inputs + tuple(passed),
                {**node.attrs, "cond_graph": graphs[0], "body_graph": graphs[1]}, node.outputs, node.location)


def _copy(node: Node, inputs: tuple, outer: list[Node]) -> Node:
    """A copy of ``node`` (fresh outputs, same line) appended to ``outer``."""
    copy = Node(node.op, inputs, node.attrs, tuple(Value(v.shape, v.dtype) for v in node.outputs), node.location)
    outer.append(copy)
    return copy


def _substituted(node: Node, subst: dict) -> Node:
    inputs = tuple(subst.get(v, v) for v in node.inputs)
    return node if inputs == node.inputs else Node(node.op, inputs, node.attrs, node.outputs, node.location)
