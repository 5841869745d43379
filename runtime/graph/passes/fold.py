"""Constant folding: compute now what depends only on constants and on shapes known while tracing.

Before / after (after dead-node removal drops the orphaned constants)::

    { lambda a:f64[3] ; let                       { lambda a:f64[3] ; let
        b:f64[] = constant[value=1.0]                 b:f64[] = constant[value=0.5]
        c:f64[] = constant[value=2.0]                 c:f64[3] = mul a b
        d:f64[] = truediv b c                       in (c) }
        e:f64[3] = mul a d
      in (e) }

A node folds when every input is a constant and ``effects.foldable`` says NumPy and XLA agree on
its bits (and no operand or result is subnormal: XLA on CPU flushes those to zero). It runs
through the interpreter's own kernel (``interpreter.NUMPY_KERNELS``, inputs in the form the
interpreter holds them) under ``np.errstate(all="raise")``: a node that raises or warns on its
constants is left in place, to fail at run time at its own line. Results over ``SIZE_LIMIT``
elements stay computations, so a graph never swells with large arrays.

Shapes known while tracing fold too: ``dim`` of a known axis, ``full_like`` of a known shape. A
``cond`` whose predicate is a constant becomes the nodes of the branch it takes.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Optional

import numpy as np

from runtime.graph import interpreter, shapes
from runtime.graph.ir import Graph, Node, Value
from runtime.graph.passes import effects
from runtime.graph.passes.rewrite import Rewriter, map_subgraphs

SIZE_LIMIT = 1024  # elements of a folded result; larger ones are computed at run time
_SHAPE_ONLY = ("dim", "full_like")  # ops that read only their input's (static) shape


def run(graph: Graph) -> Graph:
    """``graph`` with its constant computations folded, in every subgraph too."""
    rw = Rewriter(graph)
    constants: dict[Value, np.ndarray] = {}
    # A graph output stays computed: a folded one would be the same read-only array at every run,
    # where the node made a fresh one.
    outputs = set(graph.outputs)

    def visit(node: Node) -> None:
        node = map_subgraphs(node, run)
        inputs = rw.inputs(node)
        if node.op == "constant":
            constants[node.outputs[0]] = node.attrs["value"]
            rw.keep(node)
            return
        if node.op == "cond" and inputs[0] in constants:
            branch, results = _inline(node, inputs, bool(constants[inputs[0]]))
            for inner in branch:  # the branch's own constant work folds here too
                visit(inner)
            for old, new in zip(node.outputs, results):
                rw.replace(old, new)
            return
        value = None if outputs.intersection(node.outputs) else _fold(node, inputs, constants)
        if value is None:
            rw.keep(node)
            return
        folded = Node("constant", (), {"value": value}, (Value(value.shape, value.dtype),), node.location)
        rw.nodes.append(folded)
        constants[folded.outputs[0]] = value
        rw.replace(node.outputs[0], folded.outputs[0])

    for node in graph.nodes:
        visit(node)
    return rw.finish()


def fold_node(node: Node, constants: dict) -> Optional[np.ndarray]:
    """``node``'s one result computed now from ``constants`` (its inputs' values), as this pass folds it, or None
    where it would not fold (runtime/graph/tensor.py's ``known_value``)."""
    return _fold(node, node.inputs, constants)


def _fold(node: Node, inputs: tuple, constants: dict) -> Optional[np.ndarray]:
    if node.op not in _SHAPE_ONLY and not all(v in constants for v in inputs):
        return None
    if len(node.outputs) != 1 or not effects.foldable(node):
        return None
    (out,) = node.outputs
    if node.op == "dim":  # a shape known while tracing
        size = inputs[0].shape[node.attrs["axis"]]
        return None if size is None else _checked(np.int64(size), out)
    if node.op == "full_like":  # reads only its input's shape
        shape = inputs[0].shape
        if None in shape or shapes.size(shape) > SIZE_LIMIT:
            return None
        return _run(lambda: np.full(shape, node.attrs["fill_value"], node.attrs["dtype"]), out)
    if None not in out.shape and shapes.size(out.shape) > SIZE_LIMIT:
        return None
    if any(_subnormal(constants[v]) for v in inputs):
        return None
    # The interpreter holds 0-d constants as NumPy scalars (interpreter._schedule): so do we.
    args = [constants[v][()] if constants[v].ndim == 0 else constants[v] for v in inputs]
    kernel = interpreter.NUMPY_KERNELS[node.op]
    return _run(functools.partial(kernel, *args, **node.attrs), out)


def _run(compute: Callable[[], Any], out: Value) -> Optional[np.ndarray]:
    try:
        with np.errstate(all="raise"):
            result = compute()
    except Exception:  # an error or a floating-point warning: it belongs to run time, at its line
        return None
    return _checked(result, out)


def _checked(result: Any, out: Value) -> Optional[np.ndarray]:
    """The result as a fresh read-only array, if it has exactly the type the node declares."""
    array = np.array(result, copy=True)
    if array.dtype != out.dtype or not shapes.compatible(array.shape, out.shape) or array.size > SIZE_LIMIT \
            or _subnormal(array):
        return None
    array.flags.writeable = False
    return array


def _subnormal(array: np.ndarray) -> bool:
    """Whether a float array holds a subnormal number: XLA on CPU flushes those to zero where NumPy
    keeps them, so a computation touching one is left to run time on either backend."""
    if array.dtype.kind not in "fc":
        return False
    magnitude = np.abs(array)
    return bool(np.any((magnitude != 0) & (magnitude < np.finfo(array.dtype).tiny)))


def _inline(node: Node, inputs: tuple, taken: bool) -> tuple[list[Node], list[Value]]:
    """A copy (fresh values) of the branch a ``cond`` on a constant predicate takes, to stand where
    the ``cond`` stood (so its effects keep their order), and the values it gives for the outputs."""
    branch: Graph = node.attrs["true_graph" if taken else "false_graph"]
    env: dict[Value, Value] = dict(zip(branch.inputs, inputs[1:]))
    nodes = []
    for inner in branch.nodes:
        outputs = tuple(Value(v.shape, v.dtype) for v in inner.outputs)
        env.update(zip(inner.outputs, outputs))
        nodes.append(Node(inner.op, tuple(env[v] for v in inner.inputs), inner.attrs, outputs, inner.location))
    return nodes, [env[v] for v in branch.outputs]
