"""The graph IR: three frozen structures, and ``verify``.

The grammar, in the style of a jaxpr::

    Graph  ::= { lambda Value* ; let Node* in ( Value* ) }
    Node   ::= Value* = op[attrs] Value*
    Value  ::= a name with a static type: dtype[dim, ...], a dim is an int or ? (unknown)
    op     ::= one of the closed set in runtime/graph/ops.py
    attrs  ::= a frozen mapping of Python values; cond / while_loop keep Graphs there

Graphs are closed: a node may use only the graph's inputs and earlier nodes'
outputs, so a subgraph receives everything it needs as inputs. Values are
compared by identity (``eq=False``): two values with the same type are still
two values. ``str(graph)`` prints the text above, ``graph.to_dot()`` Graphviz.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Optional

import numpy as np

from runtime.graph import ops, printing, shapes
from runtime.graph.shapes import type_str
from runtime.limits import AutographError


class FrozenDict(Mapping):
    """A read-only mapping for node attrs (values need not be hashable: they may be arrays)."""

    __slots__ = ("_data",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._data = dict(*args, **kwargs)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"FrozenDict({self._data!r})"


@dataclass(frozen=True, eq=False)
class Value:
    shape: tuple  # tuple[int | None, ...]
    dtype: np.dtype

    def __post_init__(self) -> None:
        object.__setattr__(self, "shape", tuple(self.shape))
        object.__setattr__(self, "dtype", np.dtype(self.dtype))

    @property
    def type_str(self) -> str:
        return type_str(self.shape, self.dtype)

    def __repr__(self) -> str:
        return f"Value({self.type_str} at {id(self):#x})"


@dataclass(frozen=True, eq=False)
class Node:
    op: str
    inputs: tuple[Value, ...]
    attrs: FrozenDict
    outputs: tuple[Value, ...]
    # (filename, line) of the user's code that made the node, for run-time errors and warnings. Not
    # part of the node's meaning: no view prints it, and nodes compare by identity anyway.
    location: Optional[tuple[str, int]] = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.attrs, FrozenDict):
            object.__setattr__(self, "attrs", FrozenDict(self.attrs))


@dataclass(frozen=True, eq=False)
class Graph:
    """A closed dataflow graph: its input values, its nodes in order, its output values.

    ``str(graph)`` prints it as text; ``to_dot()`` gives Graphviz source (a notebook shows a picture).
    """

    inputs: tuple[Value, ...]
    nodes: tuple[Node, ...]
    outputs: tuple[Value, ...]
    # Derived facts (the interpreter's compiled schedule, statefulness), computed once per graph.
    _cache: dict = field(default_factory=dict, init=False, repr=False)

    @property
    def unoptimized(self) -> Graph:
        """The graph as traced, before the optimization passes (runtime/graph/passes); this graph
        itself when it was not optimized."""
        return self._cache.get("unoptimized", self)

    def __str__(self) -> str:
        return printing.to_text(self)

    def to_dot(self) -> str:
        """Graphviz DOT source for this graph, subgraphs as clusters."""
        return printing.to_dot(self)

    def _repr_svg_(self) -> Optional[str]:
        """Notebooks show a picture when Graphviz's ``dot`` is installed, else the text."""
        return printing.to_svg(self)

    def _repr_html_(self) -> str:
        """The picture (inline SVG) or, without Graphviz, the text and once a line on getting the picture."""
        return printing.to_html(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


class VerificationError(ValueError, AutographError):
    """A graph breaks the IR's rules; the message says which node and why."""


def verify(graph: Graph, where: str = "graph") -> None:
    """Check that ``graph`` is well formed; raise ``VerificationError`` naming the first problem.

    Every value is defined once, before use, inside this graph (subgraphs are
    closed); every op is in the closed set; every node's output types agree with
    its op's rule; subgraphs verify recursively and match their node's signature.
    """
    defined: set[int] = set()

    def define(value: Any, what: str) -> None:
        if not isinstance(value, Value):
            raise VerificationError(f"{where}: {what} is {value!r}, not a Value")
        if id(value) in defined:
            raise VerificationError(f"{where}: {what} {value.type_str} is defined twice")
        defined.add(id(value))

    for i, value in enumerate(graph.inputs):
        define(value, f"input {i}")
    for n, node in enumerate(graph.nodes):
        here = f"{where}, node {n} ({node.op})"
        if node.op not in ops.OPS:
            raise VerificationError(f"{here}: unknown op {node.op!r}; the ops are a closed set (runtime/graph/ops.py)")
        for i, value in enumerate(node.inputs):
            if id(value) not in defined:
                raise VerificationError(
                    f"{here}: input {i} ({getattr(value, 'type_str', value)}) is not defined before this node; "
                    "graphs are closed, so a subgraph must take outer values as inputs")
        for name in ops.OPS[node.op].subgraphs:
            sub = node.attrs.get(name)
            if not isinstance(sub, Graph):
                raise VerificationError(f"{here}: attr {name!r} must be a Graph, got {type(sub).__name__}")
            verify(sub, f"{here}.{name}")
        try:
            expected = ops.infer(node.op, node.inputs, node.attrs)
        except (TypeError, ValueError, IndexError, KeyError) as error:
            raise VerificationError(f"{here}: {type(error).__name__}: {error}") from error
        if len(expected) != len(node.outputs):
            raise VerificationError(f"{here}: has {len(node.outputs)} outputs, the op gives {len(expected)}")
        for i, (value, (shape, dtype)) in enumerate(zip(node.outputs, expected)):
            # An output may be declared less precisely than the rule infers (a dim relaxed to ?).
            if value.dtype != dtype or not shapes.compatible(shape, value.shape):
                raise VerificationError(
                    f"{here}: output {i} is {value.type_str} but {node.op} gives {type_str(shape, dtype)}")
            define(value, f"output {i} of node {n} ({node.op})")
    for i, value in enumerate(graph.outputs):
        if id(value) not in defined:
            raise VerificationError(f"{where}: output {i} ({getattr(value, 'type_str', value)}) is never defined")
