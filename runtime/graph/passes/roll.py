"""Rolling repeated blocks: a straight run of identical blocks that differ only in their constant
operands becomes one ``while_loop`` over those constants, stacked, indexed by a counter.

Before / after (``for w, b in layers: x = np.maximum(x @ w + b, 0)`` over four 2x2 layers, after
dead-node removal)::

    { lambda a:f32[3,2] ; let                    { lambda a:f32[3,2] ; let
        b:f32[2,2] = constant[value=f32[2,2]]        b:i64[] = constant[value=0]
        c:f32[3,2] = matmul a b                      c:f32[4,2,2] = constant[value=f32[4,2,2]]
        d:f32[2] = constant[value=[1.,2.]]           d:f32[4,2] = constant[value=f32[4,2]]
        e:f32[3,2] = add c d                         e:f32[3,2] f:i64[] = while_loop[
        f:f32[] = constant[value=0.0]                  cond_graph={ lambda a:f32[3,2] b:i64[]
        g:f32[3,2] = maximum e f                                    c:f32[4,2,2] d:f32[4,2] ; let
        h:f32[2,2] = constant[value=f32[2,2]]              e:i64[] = constant[value=4]
        i:f32[3,2] = matmul g h                            f:bool[] = lt b e
        ...  (four layers in all)                        in (f) }
      in (x) }                                         body_graph={ lambda a:f32[3,2] b:i64[]
                                                                    c:f32[4,2,2] d:f32[4,2] ; let
                                                           e:f32[2,2] = getitem[index=[$0]] c b
                                                           f:f32[3,2] = matmul a e
                                                           g:f32[2] = getitem[index=[$0]] d b
                                                           h:f32[3,2] = add f g
                                                           i:f32[] = constant[value=0.0]
                                                           j:f32[3,2] = maximum h i
                                                           k:i64[] = constant[value=1]
                                                           l:i64[] = add b k
                                                         in (j l) }
                                                     ] a b c d
                                                   in (e) }

A run rolls when it has at least ``MIN_REPEATS`` blocks and every block is exactly the first one
again: the same ops with equal attrs (``cse.frozen_attrs``), input and output types, and wiring;
the same user line for every node that ``effects.cannot_fail`` does not clear (so an error or a
warning still names its line); no stateful op and no control flow. Only the carried values cross
from one block to the next, and only the last block's carried values are used after the run; a
block reads anything else only from before the run (a loop constant) or from constants. A constant
that differs between blocks (at least one must: a run that differs in nothing is a Python loop the
user unrolled on purpose, say ``power(x, 100)``) is stacked exactly (``np.stack`` of the read-only
C-contiguous originals, same dtype; the slice the body reads is the same bits in the same layout)
and read only where a run-time value may stand (``_DYNAMIC_OK``: never a slice bound, which the
JAX lowering needs static). Every node of the body runs in the loop as it ran unrolled, in the same
order, on the same values: the loop runs its fixed number of times, and a body node that the last
block did not need (so never ran unrolled) is allowed only when it ``cannot_fail``.

Per executor: the NumPy interpreter runs the loop as ``for i, w, b in rows:`` over rows computed once
(runtime/graph/program.py, ``counted_loop``); the JAX lowering unrolls it again into the program the
layers made (runtime/jax/lowering.py), since XLA may round a loop's dot products otherwise. So a run
rolls only up to ``program.UNROLLED_NODES`` body nodes in all.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from runtime.graph import error_state, ops, shapes
from runtime.graph.ir import Graph, Node, Value
from runtime.graph.passes import effects
from runtime.graph.passes.cse import frozen_attrs
from runtime.graph.passes.rewrite import map_subgraphs
from runtime.graph.program import UNROLLED_NODES

MIN_REPEATS = 4    # blocks in a run, at least
MAX_BLOCK = 64     # nodes in a block, at most (besides constants)
I64 = np.dtype(np.int64)
# Where a stacked constant's slice, a run-time value under JAX, may stand: (op, input position) or
# (op, None) for every input. A slice bound, a shape or an arange bound must stay a static number.
_DYNAMIC_OK = frozenset([*((op, None) for op in (*ops.ELEMENTWISE, "matmul", "dot", "where", "clip")),
                          *((op, 0) for op in ("reshape", "transpose", "broadcast_to", "cast", "getitem", "sum",
                                               "prod", "max", "min", "mean"))])


def run(graph: Graph) -> Graph:
    """``graph`` with its runs of repeated blocks rolled into loops, in every subgraph too."""
    nodes = [map_subgraphs(node, run) for node in graph.nodes]
    if not _may_repeat(nodes):
        return graph if all(a is b for a, b in zip(nodes, graph.nodes)) else Graph(graph.inputs, tuple(nodes),
                                                                                   graph.outputs)
    constants = {n.outputs[0]: n.attrs["value"] for n in nodes if n.op == "constant"}
    compute = [i for i, n in enumerate(nodes) if n.op != "constant"]
    plans, taken = [], set()
    for _, _, start, size, count in _candidates([_signature(nodes[i], constants) for i in compute]):
        for first, blocks in ((start, count), (start + size, count - 1), (start, count - 1)):
            span = range(first, first + blocks * size)
            if blocks < MIN_REPEATS or not taken.isdisjoint(span):
                continue
            found = [[nodes[compute[first + k * size + u]] for u in range(size)] for k in range(blocks)]
            plan = _plan(found, graph, nodes, constants)
            if plan is not None:
                plans.append(plan)
                taken.update(span)
                break
    if not plans:
        return graph if all(a is b for a, b in zip(nodes, graph.nodes)) else Graph(graph.inputs, tuple(nodes),
                                                                                   graph.outputs)
    return _rebuild(graph, nodes, plans)


def _may_repeat(nodes: list[Node]) -> bool:
    """Whether some op other than ``constant`` is at least ``MIN_REPEATS`` nodes': a run of that many blocks has
    each block's first op that often, so without one there is no run (most graphs: asked before any signature)."""
    counts: dict[str, int] = {}
    for node in nodes:
        op = node.op
        if op != "constant":
            counts[op] = seen = counts.get(op, 0) + 1
            if seen >= MIN_REPEATS:
                return True
    return False


def _signature(node: Node, constants: dict) -> Optional[tuple]:
    """What two nodes of two blocks share when the blocks are one block twice (None: never rolled)."""
    if not effects.removable(node) or ops.OPS[node.op].subgraphs:  # effects never roll, nor control flow
        return None
    attrs = frozen_attrs(node)
    if attrs is None:
        return None
    return (node.op, attrs, tuple((v.shape, v.dtype, v in constants) for v in node.inputs),
            tuple((v.shape, v.dtype) for v in node.outputs),
            None if effects.cannot_fail(node) else (node.location, error_state.states_of(node.location)))


def _candidates(signatures: list) -> list[tuple]:
    """Runs of a repeating pattern of signatures: (coverage, -size, start, size, count), best first.
    Each run starts as late as it can while keeping its count (a layer's first op, not its second)."""
    ids: dict[Any, int] = {}
    seq = [-1 - k if s is None else ids.setdefault(s, len(ids)) for k, s in enumerate(signatures)]
    last: dict[int, int] = {}
    sizes = set()
    for k, s in enumerate(seq):
        if s in last and k - last[s] <= MAX_BLOCK:
            sizes.add(k - last[s])
        last[s] = k
    found = []
    for size in sorted(sizes):
        k = 0
        while k + size < len(seq):
            if seq[k] != seq[k + size]:
                k += 1
                continue
            start = k
            while k + size < len(seq) and seq[k] == seq[k + size]:
                k += 1
            count = (k - start) // size + 1
            if count >= MIN_REPEATS:
                found.append((count * size, -size, k - (count - 1) * size, size, count))
    return sorted(found, reverse=True)


class _Plan:
    """A run found rollable: its blocks, what the loop carries, reads and stacks."""

    def __init__(self, blocks: list, template: list, carried: list, inits: dict, outer: list, slots: list) -> None:
        self.blocks, self.template, self.carried, self.inits = blocks, template, carried, inits
        self.outer, self.slots = outer, slots  # slots: (arrays per block, stacked?)


def _plan(blocks: list[list[Node]], graph: Graph, nodes: list[Node], constants: dict) -> Optional[_Plan]:
    """The plan for rolling ``blocks``, or None when they are not one block repeated."""
    where = {v: (k, u, o) for k, block in enumerate(blocks)
             for u, n in enumerate(block) for o, v in enumerate(n.outputs)}
    wirings, slot_values = [], []
    for k in range(1, len(blocks)):
        wiring, consts = _wiring(blocks[k], k, where, constants, None)
        if wiring is None or (wirings and wiring != wirings[0]):
            return None
        wirings.append(wiring)
        slot_values.append(consts)
    template = wirings[0]
    inits: dict[tuple, Value] = {}
    first, consts = _wiring(blocks[0], 0, where, constants, (template, inits))
    if first is None or first != template:
        return None
    slot_values.insert(0, consts)
    carried = sorted({item[1:] for item in template if item[0] == "carry"})
    outer = list(dict.fromkeys(item[1] for item in template if item[0] == "outer"))
    # Outside the run, only the last block's carried values may be read.
    last, used_after = len(blocks) - 1, set()
    run_nodes = {id(n) for block in blocks for n in block}
    readers = [(v, n) for n in nodes if id(n) not in run_nodes for v in n.inputs] + [(v, None) for v in graph.outputs]
    for v, _ in readers:
        if v in where:
            k, u, o = where[v]
            if k != last or (u, o) not in carried:
                return None
            used_after.add((u, o))
    # A body node the last block did not need never ran unrolled: it must not be able to fail.
    needed_in_body, needed_last = _needed(blocks[0], template, set(carried)), _needed(blocks[0], template, used_after)
    if any(not effects.cannot_fail(blocks[last][u]) for u in needed_in_body - needed_last):
        return None
    slots = []
    for j in range(len(slot_values[0])):
        arrays = [constants[values[j]] for values in slot_values]
        same = all(a.dtype == arrays[0].dtype and a.shape == arrays[0].shape and a.tobytes() == arrays[0].tobytes()
                   for a in arrays[1:])
        if not same and not _stackable(arrays, template, j, blocks[0]):
            return None
        slots.append((arrays, not same))
    if not any(stacked for _, stacked in slots):
        return None
    if len(blocks) * (len(blocks[0]) + len(slots) + 2) > UNROLLED_NODES:  # body nodes, times iterations
        return None  # (past it, the JAX lowering would keep the loop: XLA's bits could then differ)
    return _Plan(blocks, template, carried, inits, outer, slots)


def _wiring(block: list[Node], k: int, where: dict, constants: dict, first: Optional[tuple]) -> tuple:
    """Where each input of each node of block ``k`` comes from, as a tuple comparable between blocks, and
    the constant read at each constant slot. For the first block, ``first`` is (the template, the
    carried-in values found): where the template carries, block 0 reads a value from before the run."""
    items, consts, slot = [], [], {}
    for node in block:
        items.append(("node",))  # (its signature is its counterparts': _candidates compared them)
        for v in node.inputs:
            if first is not None and len(items) < len(first[0]) and first[0][len(items)][0] == "carry":
                key = first[0][len(items)][1:]
                if v in where or first[1].setdefault(key, v) is not v:
                    return None, None
                items.append(first[0][len(items)])
                continue
            kk, uu, oo = where.get(v, (None, None, None))
            if kk == k:
                items.append(("in", uu, oo))
            elif v in constants:
                if v not in slot:
                    slot[v] = len(consts)
                    consts.append(v)
                items.append(("const", slot[v]))
            elif kk is not None and kk == k - 1:
                items.append(("carry", uu, oo))
            elif kk is None:
                items.append(("outer", v))
            else:
                return None, None
    return tuple(items), consts


def _needed(block: list[Node], template: tuple, wanted: set) -> set[int]:
    """The nodes of a block (by position) that the outputs ``wanted`` ((node, output) pairs) depend on."""
    reads: dict[int, list] = {}
    u = -1
    for item in template:
        if item[0] == "node":
            u += 1
            reads[u] = []
        elif item[0] == "in":
            reads[u].append(item[1])
    needed = {u for u, _ in wanted}
    for u in range(len(block) - 1, -1, -1):
        if u in needed:
            needed.update(reads[u])
    return needed


def _stackable(arrays: list, template: tuple, j: int, block: list[Node]) -> bool:
    """Whether constant slot ``j`` may be stacked: C-contiguous originals (the slices keep their
    layout), read only where a run-time value may stand."""
    if not all(a.flags.c_contiguous for a in arrays):
        return False
    u, position = -1, 0
    for item in template:
        if item[0] == "node":
            u, position = u + 1, 0
            continue
        if item == ("const", j):
            op = block[u].op
            if (op, None) not in _DYNAMIC_OK and (op, position) not in _DYNAMIC_OK:
                return False
        position += 1
    return True


def _rebuild(graph: Graph, nodes: list[Node], plans: list[_Plan]) -> Graph:
    """``nodes`` with each planned run replaced by its loop (where the run's last node stood)."""
    dropped = {id(n) for plan in plans for block in plan.blocks for n in block}
    at = {id(plan.blocks[-1][-1]): plan for plan in plans}
    subst: dict[Value, Value] = {}
    out: list[Node] = []
    for node in nodes:
        if id(node) in at:
            subst.update(_loop(at[id(node)], out, subst))
        if id(node) in dropped:
            continue
        inputs = tuple(subst.get(v, v) for v in node.inputs)
        out.append(node if inputs == node.inputs else Node(node.op, inputs, node.attrs, node.outputs, node.location))
    return Graph(graph.inputs, tuple(out), tuple(subst.get(v, v) for v in graph.outputs))


def _constant(value: np.ndarray, location: Any) -> Node:
    value.flags.writeable = False  # constants are read-only: no run may change them
    return Node("constant", (), {"value": value}, (Value(value.shape, value.dtype),), location)


def _loop(plan: _Plan, out: list[Node], subst: dict[Value, Value]) -> dict[Value, Value]:
    """Append the loop standing for ``plan``'s run (and its stacked constants) to ``out``; return the
    last block's carried values -> the loop's outputs. Its inputs read through ``subst``: a run may start
    from what an earlier loop in the same graph computes (two runs back to back, in different phases)."""
    first, last = plan.blocks[0], plan.blocks[-1]
    location = first[0].location
    carried_types = [last[u].outputs[o] for u, o in plan.carried]
    zero = _constant(np.array(0, I64), location)
    stacked = []
    for arrays, is_stacked in plan.slots:
        if is_stacked:
            stacked.append(_constant(np.stack(arrays), location))
    out += [zero, *stacked]
    inputs = ([subst.get(plan.inits[key], plan.inits[key]) for key in plan.carried] + [zero.outputs[0]]
              + [n.outputs[0] for n in stacked] + [subst.get(v, v) for v in plan.outer])

    def params() -> list[Value]:
        return [Value(v.shape, v.dtype) for v in inputs]

    cond_in, body_in = params(), params()
    count = _constant(np.array(len(plan.blocks), I64), location)
    test = Node("lt", (cond_in[len(plan.carried)], count.outputs[0]), {}, (Value((), np.bool_),), location)
    cond = Graph(tuple(cond_in), (count, test), test.outputs)
    body = _body(plan, body_in, location)
    results = tuple(Value(v.shape, v.dtype) for v in carried_types) + (Value((), I64),)
    out.append(Node("while_loop", tuple(inputs), {"cond_graph": cond, "body_graph": body}, results, location))
    return {last[u].outputs[o]: r for (u, o), r in zip(plan.carried, results)}


def _body(plan: _Plan, params: list[Value], location: Any) -> Graph:
    """The loop body: the first block's nodes over the carried values, the counter's slices of the stacked
    constants and the shared ones, then the counter's step."""
    n = len(plan.carried)
    counter = params[n]
    env: dict[tuple, Value] = {("carry", *key): params[i] for i, key in enumerate(plan.carried)}
    env.update({("outer", v): params[n + 1 + sum(s for _, s in plan.slots) + i] for i, v in enumerate(plan.outer)})
    nodes: list[Node] = []
    stacked_params = iter(params[n + 1:])
    pieces = {}  # constant slot -> (its stacked input, or None: one constant for every block)
    for j, (_, is_stacked) in enumerate(plan.slots):
        pieces[("const", j)] = next(stacked_params) if is_stacked else None
    made: dict[tuple, Value] = {}
    items = iter(plan.template)
    for u, node in enumerate(plan.blocks[0]):
        next(items)  # the node's own signature
        inputs = []
        for _ in node.inputs:
            item = next(items)
            if item[0] == "const" and item not in env:  # its slice (or constant) just before its first reader
                array = pieces[item]
                if array is None:
                    piece = _constant(plan.slots[item[1]][0][0], location)
                else:
                    piece = Node("getitem", (array, counter), {"index": (shapes.Ref(0),)},
                                 (Value(array.shape[1:], array.dtype),), location)
                nodes.append(piece)
                env[item] = piece.outputs[0]
            inputs.append(made[item[1:]] if item[0] == "in" else env[item])
        outputs = tuple(Value(v.shape, v.dtype) for v in node.outputs)
        nodes.append(Node(node.op, tuple(inputs), node.attrs, outputs, node.location))
        made.update({(u, o): v for o, v in enumerate(outputs)})
    one = _constant(np.array(1, I64), location)
    step = Node("add", (counter, one.outputs[0]), {}, (Value((), I64),), location)
    nodes += [one, step]
    return Graph(tuple(params), tuple(nodes), tuple(made[key] for key in plan.carried) + step.outputs)
