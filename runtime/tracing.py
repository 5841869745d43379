"""Tracing: running Python on placeholder tensors to record a graph.

The graph being built lives in a ``ContextVar``; every tensor operation appends
a node to it through ``bind``. ``trace`` records a whole function as a closed
``Graph``. ``trace_subgraph`` records a branch or loop body inside the graph
being built: when the body touches a tensor of an enclosing graph, that tensor
is captured (it becomes an extra input of the subgraph, and the caller passes
the outer tensor to the node), through as many levels as needed.

Python side effects in the traced function happen once, while tracing.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple, Optional, Sequence

import numpy as np

from runtime import ops, tensor, variables
from runtime.ir import FrozenDict, Graph, Node, Value


@dataclass(frozen=True)
class TensorSpec:
    """The static type of a tensor: a shape (ints, or None for unknown) and a dtype."""

    shape: tuple
    dtype: np.dtype

    def __init__(self, shape: Sequence[Optional[int]], dtype: Any = np.float64) -> None:
        object.__setattr__(self, "shape", tuple(None if d is None else int(d) for d in shape))
        object.__setattr__(self, "dtype", np.dtype(dtype))

    @classmethod
    def from_value(cls, x: Any) -> TensorSpec:
        """The spec of an array, a tensor, a Value or a number (numbers get NumPy's default dtype)."""
        if isinstance(x, (tensor.Tensor, Value, TensorSpec)):
            return cls(x.shape, x.dtype)
        x = np.asarray(x)
        return cls(x.shape, x.dtype)

    def is_compatible_with(self, x: Any) -> bool:
        """Whether ``x`` (a spec, array or tensor) fits this spec."""
        other = TensorSpec.from_value(x)
        return other.dtype == self.dtype and len(other.shape) == len(self.shape) and all(
            d is None or d == o for d, o in zip(self.shape, other.shape))

    def __repr__(self) -> str:
        return f"TensorSpec(shape={self.shape}, dtype={self.dtype.name})"


class GraphBuilder:
    """The graph under construction: inputs, nodes, and what it captured from its parent."""

    def __init__(self, parent: Optional[GraphBuilder] = None) -> None:
        self.parent = parent
        self.inputs: list[Value] = []
        self.nodes: list[Node] = []
        self.captured: list[tensor.Tensor] = []   # tensors of the parent graph, in capture order
        self._capture_inputs: list[Value] = []    # the inputs they became here
        self._captures: dict[Value, Value] = {}   # parent value -> input value here

    def add_input(self, spec: Any) -> tensor.Tensor:
        spec = _as_spec(spec)
        value = Value(spec.shape, spec.dtype)
        self.inputs.append(value)
        return tensor.Tensor(value, self)

    def value_of(self, t: tensor.Tensor) -> Value:
        """The value standing for ``t`` in this graph, capturing it if it belongs to an enclosing one."""
        if t.builder is self:
            return t.value
        if self.parent is None:
            raise ValueError(
                f"a tensor ({t.value.type_str}) from another graph is used here: it was made while tracing "
                "a different function or branch (or one that has finished), and leaked out through Python "
                "state. Return it from that function instead.")
        outer = self.parent.value_of(t)
        inner = self._captures.get(outer)
        if inner is None:
            inner = self._captures[outer] = Value(outer.shape, outer.dtype)
            self.captured.append(tensor.Tensor(outer, self.parent))
            self._capture_inputs.append(inner)
        return inner

    def graph(self, outputs: Sequence[Value]) -> Graph:
        return Graph(tuple(self.inputs + self._capture_inputs), tuple(self.nodes), tuple(outputs))


_CURRENT: ContextVar[Optional[GraphBuilder]] = ContextVar("runtime_graph_builder", default=None)


def current_builder() -> Optional[GraphBuilder]:
    """The graph being traced, or None when running eagerly."""
    return _CURRENT.get()


def bind(op: str, inputs: Sequence[Any], **attrs: Any) -> tuple[tensor.Tensor, ...]:
    """Append ``op(inputs; attrs)`` to the current graph and return its outputs as tensors.
    Inputs that are not tensors (arrays, numbers) become constants with NumPy's dtype."""
    builder = _CURRENT.get()
    if builder is None:
        raise RuntimeError(f"cannot add a {op!r} node: no graph is being traced (a tensor was used after its "
                           "function finished tracing)")
    values = tuple(builder.value_of(x if isinstance(x, tensor.Tensor) else constant(x)) for x in inputs)
    frozen = FrozenDict(attrs)
    outputs = tuple(Value(shape, dtype) for shape, dtype in ops.infer(op, values, frozen))
    builder.nodes.append(Node(op, values, frozen, outputs))
    return tuple(tensor.Tensor(v, builder) for v in outputs)


def bind1(op: str, inputs: Sequence[Any], **attrs: Any) -> tensor.Tensor:
    (out,) = bind(op, inputs, **attrs)
    return out


def constant(x: Any, dtype: Any = None) -> tensor.Tensor:
    """A constant node holding ``np.asarray(x, dtype)`` (read-only, so runs cannot change it)."""
    value = np.array(x, dtype=dtype)
    if value.dtype == object:
        raise TypeError(f"cannot make a graph constant from {type(x).__name__} {x!r}")
    value.flags.writeable = False
    return bind1("constant", [], value=value)


def as_tensor(x: Any, dtype: Any = None) -> tensor.Tensor:
    """``x`` as a tensor of the current graph: tensors pass, variables are read, the rest are constants."""
    if isinstance(x, tensor.Tensor):
        return x if dtype is None or x.dtype == np.dtype(dtype) else x.astype(dtype)
    if isinstance(x, variables.Variable):
        return as_tensor(x.value, dtype)
    return constant(x, dtype)


# --- output structures ---------------------------------------------------------------------------

@dataclass(frozen=True)
class TreeDef:
    """The shape of a nest of tuples / lists / dicts / None around tensor leaves."""

    kind: str                     # "leaf", "none", "tuple", "list", "dict"
    children: tuple = ()
    keys: tuple = ()              # dict keys, in order
    cls: Any = None               # a namedtuple class, rebuilt on unflatten

    @property
    def num_leaves(self) -> int:
        return 1 if self.kind == "leaf" else sum(c.num_leaves for c in self.children)

    def unflatten(self, leaves: Sequence[Any]) -> Any:
        it = iter(leaves)
        out = self._build(it)
        if next(it, _END) is not _END:
            raise ValueError(f"too many leaves for {self}")
        return out

    def _build(self, it: Any) -> Any:
        if self.kind == "leaf":
            return next(it)
        if self.kind == "none":
            return None
        items = [c._build(it) for c in self.children]
        if self.kind == "dict":
            return dict(zip(self.keys, items))
        if self.kind == "list":
            return items
        return self.cls(*items) if self.cls is not None else tuple(items)

    def __repr__(self) -> str:
        if self.kind in ("leaf", "none"):
            return "*" if self.kind == "leaf" else "None"
        inner = ", ".join(f"{k!r}: {c!r}" if self.kind == "dict" else repr(c)
                          for k, c in zip(self.keys or range(len(self.children)), self.children))
        return {"tuple": f"({inner}{',' if len(self.children) == 1 else ''})", "list": f"[{inner}]",
                "dict": f"{{{inner}}}"}[self.kind]


_END = object()
_LEAF = TreeDef("leaf")


def flatten(tree: Any) -> tuple[list[Any], TreeDef]:
    """Leaves (everything that is not a tuple, list, dict or None) and the structure around them."""
    leaves: list[Any] = []

    def walk(x: Any) -> TreeDef:
        if x is None:
            return TreeDef("none")
        if isinstance(x, (tuple, list)):
            kind = "list" if isinstance(x, list) else "tuple"
            cls = type(x) if kind == "tuple" and hasattr(x, "_fields") else None
            return TreeDef(kind, tuple(walk(c) for c in x), cls=cls)
        if isinstance(x, dict):
            keys = tuple(x)
            return TreeDef("dict", tuple(walk(x[k]) for k in keys), keys)
        leaves.append(x)
        return _LEAF

    return leaves, walk(tree)


def _leaf_value(builder: GraphBuilder, leaf: Any) -> Value:
    if not isinstance(leaf, (tensor.Tensor, variables.Variable, np.ndarray, np.generic, bool, int, float, complex)):
        raise TypeError(f"a traced function returned a {type(leaf).__name__}; graph outputs must be tensors, "
                        "arrays or numbers, in tuples, lists or dicts")
    return builder.value_of(as_tensor(leaf))


# --- tracing ---------------------------------------------------------------------------------------

class Traced(NamedTuple):
    graph: Graph
    out_tree: TreeDef   # out_tree.unflatten(run(graph, ...)) rebuilds what the function returned


class Subgraph(NamedTuple):
    graph: Graph
    captures: tuple     # tensors of the enclosing graph; pass them after the explicit inputs
    out_tree: TreeDef


def _as_spec(x: Any) -> TensorSpec:
    if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], (tuple, list)):
        return TensorSpec(*x)
    return TensorSpec.from_value(x)


def _record(builder: GraphBuilder, fn: Callable, specs: Sequence[Any]) -> tuple[list[Value], TreeDef]:
    args = [builder.add_input(spec) for spec in specs]
    token = _CURRENT.set(builder)
    try:
        leaves, tree = flatten(fn(*args))
        return [_leaf_value(builder, leaf) for leaf in leaves], tree
    finally:
        _CURRENT.reset(token)


def trace(fn: Callable, arg_specs: Sequence[Any]) -> Traced:
    """Record ``fn(*placeholders)`` as a closed graph, one input per spec.

    A spec is a ``TensorSpec``, a ``(shape, dtype)`` pair, or an example array.
    Returns the graph and the structure of the outputs (a nest of tuples, lists
    and dicts; numbers and arrays in it become constants)."""
    builder = GraphBuilder(parent=None)
    outputs, tree = _record(builder, fn, arg_specs)
    return Traced(builder.graph(outputs), tree)


def trace_subgraph(fn: Callable, inputs: Sequence[Any], *, captures: Sequence[tensor.Tensor] = ()) -> Subgraph:
    """Record ``fn(*placeholders)`` as a subgraph of the graph being traced.

    ``inputs`` are specs, Values or tensors (only their types are used). Tensors
    of enclosing graphs that ``fn`` uses are captured: the subgraph's inputs are
    ``inputs`` then the captures, and ``Subgraph.captures`` lists the tensors the
    caller must pass for them. ``captures`` seeds that list, so two branches can
    share one order: trace the second with the first one's captures, then
    ``pad_inputs`` the first with the rest."""
    builder = GraphBuilder(parent=_CURRENT.get())
    for t in captures:
        builder.value_of(t)
    outputs, tree = _record(builder, fn, inputs)
    return Subgraph(builder.graph(outputs), tuple(builder.captured), tree)


def pad_inputs(graph: Graph, extra: Sequence[Any]) -> Graph:
    """``graph`` with unused inputs appended, typed like ``extra`` (tensors, Values or specs)."""
    added = tuple(Value(spec.shape, spec.dtype) for spec in map(_as_spec, extra))
    return Graph(graph.inputs + added, graph.nodes, graph.outputs)
