"""Dead-node removal: drop what no output and no effect needs, down to unused subgraph inputs.

Before / after::

    { lambda a:f64[3] b:f64[2] ; let                 { lambda a:f64[3] b:f64[2] ; let
        c:f64[3] = exp a                                 c:f64[] = constant[value=2.0]
        d:f64[] = constant[value=2.0]                    d:f64[3] = mul a c
        e:f64[3] = mul a d                             in (d) }
      in (e) }

Removed: nodes whose outputs nothing uses and that ``effects.removable`` allows (not stateful;
execution is non-strict, so such a node never ran). Inside control flow: ``cond`` outputs
nobody uses (from the node and both branches), ``cond`` operands neither branch reads,
``while_loop`` constants neither the test nor the body reads, and loop variables that neither
the test, an effect, nor a used result depends on (a counter nobody reads). A graph's own
inputs stay: they are its calling convention.
"""

from __future__ import annotations

from runtime.graph.ir import Graph, Node, Value
from runtime.graph.passes import effects
from runtime.graph.passes.rewrite import uses


def run(graph: Graph) -> Graph:
    """``graph`` without dead nodes, in every subgraph too."""
    live: set[Value] = set(graph.outputs)
    kept: list[Node] = []
    for node in reversed(graph.nodes):
        if effects.removable(node) and live.isdisjoint(node.outputs):
            continue
        if node.op == "cond":
            node = _cond(node, live)
        elif node.op == "while_loop":
            node = _while_loop(node, live)
        kept.append(node)
        live.update(node.inputs)
    kept.reverse()
    if len(kept) == len(graph.nodes) and all(a is b for a, b in zip(kept, graph.nodes)):
        return graph
    return Graph(graph.inputs, tuple(kept), graph.outputs)


def _cond(node: Node, live: set) -> Node:
    t, f = node.attrs["true_graph"], node.attrs["false_graph"]
    keep = [i for i, v in enumerate(node.outputs) if v in live]
    t, f = run(_with_outputs(t, keep)), run(_with_outputs(f, keep))
    used = uses(t) | uses(f)
    operands = [i for i in range(len(t.inputs)) if t.inputs[i] in used or f.inputs[i] in used]
    if len(keep) == len(node.outputs) and len(operands) == len(t.inputs) \
            and t is node.attrs["true_graph"] and f is node.attrs["false_graph"]:
        return node
    t = Graph(tuple(t.inputs[i] for i in operands), t.nodes, t.outputs)
    f = Graph(tuple(f.inputs[i] for i in operands), f.nodes, f.outputs)
    inputs = (node.inputs[0],) + tuple(node.inputs[1 + i] for i in operands)
    return Node("cond", inputs, {**node.attrs, "true_graph": t, "false_graph": f},
                tuple(node.outputs[i] for i in keep), node.location)


def _with_outputs(graph: Graph, keep: list[int]) -> Graph:
    if len(keep) == len(graph.outputs):
        return graph
    return Graph(graph.inputs, graph.nodes, tuple(graph.outputs[i] for i in keep))


def _depends(graph: Graph, values: set) -> set:
    """The inputs of ``graph`` that ``values`` (or an effect of ``graph``) depend on."""
    needed = set(values)
    for node in reversed(graph.nodes):
        if not effects.removable(node) or not needed.isdisjoint(node.outputs):
            needed.update(node.inputs)
    return needed & set(graph.inputs)


def _while_loop(node: Node, live: set) -> Node:
    cond, body = node.attrs["cond_graph"], node.attrs["body_graph"]
    n = len(body.outputs)
    # Loop variables needed: used after the loop, read by the test, or (through the body) by those.
    needed = {i for i in range(n) if node.outputs[i] in live or cond.inputs[i] in uses(cond)}
    needed |= {i for i in range(n) if body.inputs[i] in _depends(body, set())}
    while True:
        reached = _depends(body, {body.outputs[i] for i in needed})
        more = {i for i in range(n) if body.inputs[i] in reached} - needed
        if not more:
            break
        needed |= more
    loop_vars = sorted(needed) or list(range(min(n, 1)))  # a loop keeps one variable (backends expect it)
    body = run(_with_outputs(body, loop_vars))
    cond = run(cond)
    used = uses(body) | uses(cond)
    consts = [i for i in range(n, len(body.inputs)) if body.inputs[i] in used or cond.inputs[i] in used]
    keep = loop_vars + consts
    if len(keep) == len(body.inputs) and body is node.attrs["body_graph"] and cond is node.attrs["cond_graph"]:
        return node
    body = Graph(tuple(body.inputs[i] for i in keep), body.nodes, body.outputs)
    cond = Graph(tuple(cond.inputs[i] for i in keep), cond.nodes, cond.outputs)
    # The dropped loop variables' outputs are dead (not in ``live``): they disappear with them.
    return Node("while_loop", tuple(node.inputs[i] for i in keep), {**node.attrs, "cond_graph": cond,
                "body_graph": body}, tuple(node.outputs[i] for i in loop_vars), node.location)
