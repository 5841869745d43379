"""Text, Graphviz and SVG views of a graph.

The text reads like a jaxpr::

    { lambda a:f32[3] ; let
        b:f32[3] = exp a
        c:f32[] = sum[axis=None keepdims=False] b
      in (c) }

Values are named a, b, ..., z, ba, ... in order of definition, afresh in each
(closed) subgraph; subgraphs are printed indented inside their node's attrs.

This module sits below ``ir`` (whose ``Graph`` prints itself through it), so it reads graphs
by their fields and learns which attrs hold subgraphs from the op table.
"""

from __future__ import annotations

import shutil
import subprocess
from typing import Any, Optional

import numpy as np

from runtime.graph import ops
from runtime.graph.shapes import type_str


def _names() -> Any:
    letters = "abcdefghijklmnopqrstuvwxyz"
    n = 0
    while True:
        name, k = "", n
        while True:
            name = letters[k % 26] + name
            k //= 26
            if k == 0:
                break
        n += 1
        yield name


class _Namer(dict):
    """Value → name, handing out names in order of first definition."""

    def __init__(self) -> None:
        super().__init__()
        self._fresh = _names()

    def define(self, value: Any) -> str:
        self[value] = next(self._fresh)
        return self[value]

    def use(self, value: Any) -> str:
        return self.get(value, "<undefined>")


def fmt_index(index: tuple) -> str:
    def item(it: Any) -> str:
        if it is None:
            return "None"
        if it is Ellipsis:
            return "..."
        if isinstance(it, slice):
            parts = ["" if b is None else repr(b) for b in (it.start, it.stop, it.step)]
            return ":".join(parts[:2]) + (":" + parts[2] if parts[2] else "")
        return repr(it)
    return "[" + ", ".join(item(it) for it in index) + "]"


def fmt_attr(name: str, value: Any) -> str:
    if isinstance(value, np.ndarray):
        if value.size <= 6:
            return np.array2string(value, separator=",").replace("\n", "") if value.ndim else repr(value.item())
        return type_str(value.shape, value.dtype)
    if isinstance(value, np.dtype) or (isinstance(value, type) and issubclass(value, np.generic)):
        return type_str((), value)[:-2]
    if name == "index":
        return fmt_index(value)
    return repr(value)


def _split_attrs(node: Any) -> tuple[list[str], list[tuple[str, Any]]]:
    """A node's attrs as ``key=value`` texts, and its subgraphs as ``(key, graph)`` pairs."""
    subgraphs = ops.OPS[node.op].subgraphs if node.op in ops.OPS else ()
    simple = [f"{k}={fmt_attr(k, v)}" for k, v in node.attrs.items() if k not in subgraphs]
    return simple, [(k, node.attrs[k]) for k in subgraphs if k in node.attrs]


def to_text(graph: Any, indent: int = 0) -> str:
    """The jaxpr-like text above (``str(graph)``)."""
    names = _Namer()
    pad = " " * indent
    params = " ".join(f"{names.define(v)}:{v.type_str}" for v in graph.inputs)
    lines = [f"{{ lambda {params} ; let"]
    for node in graph.nodes:
        args = " ".join(names.use(v) for v in node.inputs)
        simple, nested = _split_attrs(node)
        outs = " ".join(f"{names.define(v)}:{v.type_str}" for v in node.outputs) or "_"
        head = f"{pad}    {outs} = {node.op}"
        if nested:
            lines.append(head + "[" + " ".join(simple))
            for k, sub in nested:
                lines.append(f"{pad}      {k}={to_text(sub, indent + 6)}")
            lines.append(f"{pad}    ] {args}".rstrip())
        else:
            lines.append((head + (f"[{' '.join(simple)}]" if simple else "") + " " + args).rstrip())
    outs = " ".join(names.use(v) for v in graph.outputs)
    lines.append(f"{pad}  in ({outs}) }}")
    return "\n".join(lines)


def to_dot(graph: Any) -> str:
    """Graphviz source: ops are boxes, values are labelled edges, subgraphs are clusters."""
    lines = ["digraph G {", '  rankdir=TB; node [fontname="monospace" fontsize=10];',
             '  edge [fontname="monospace" fontsize=9];']
    counter = iter(range(1 << 30))
    _dot_graph(graph, lines, counter, "  ")
    lines.append("}")
    return "\n".join(lines)


def _dot_graph(graph: Any, lines: list[str], counter: Any, pad: str) -> None:
    producer: dict[Any, str] = {}
    names = _Namer()
    for value in graph.inputs:
        node_id = f"n{next(counter)}"
        producer[value] = node_id
        label = f"{names.define(value)}:{value.type_str}"
        lines.append(f'{pad}{node_id} [shape=ellipse label="{_escape(label)}"];')
    for node in graph.nodes:
        node_id = f"n{next(counter)}"
        attrs, nested = _split_attrs(node)
        label = node.op + ("\\n" + " ".join(attrs) if attrs else "")
        lines.append(f'{pad}{node_id} [shape=box label="{_escape(label)}"];')
        for value in node.inputs:
            lines.append(f'{pad}{producer.get(value, "undefined")} -> {node_id} '
                         f'[label="{names.use(value)}:{value.type_str}"];')
        for key, sub in nested:
            lines.append(f'{pad}subgraph cluster_{next(counter)} {{ label="{key}"; style=dashed;')
            _dot_graph(sub, lines, counter, pad + "  ")
            lines.append(f"{pad}}}")
        for value in node.outputs:
            names.define(value)
            producer[value] = node_id
    out_id = f"n{next(counter)}"
    lines.append(f'{pad}{out_id} [shape=plaintext label="out"];')
    for i, value in enumerate(graph.outputs):
        lines.append(f'{pad}{producer.get(value, "undefined")} -> {out_id} [label="{i}: {names.use(value)}"];')


def _escape(text: str) -> str:
    return text.replace("\\n", "\0").replace("\\", "\\\\").replace('"', '\\"').replace("\0", "\\n")


def to_svg(graph: Any) -> Optional[str]:
    """The picture as SVG when Graphviz's ``dot`` is installed, else None."""
    dot = shutil.which("dot")
    if dot is None:
        return None
    done = subprocess.run([dot, "-Tsvg"], input=to_dot(graph), capture_output=True, text=True, check=False)
    return done.stdout if done.returncode == 0 else None
