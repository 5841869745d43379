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

import html
import shutil
import subprocess
from typing import Any, Optional

import numpy as np

from runtime.graph import ops, user_names
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
    """Graphviz source for the picture: ops are boxes, values are edges named as in the text form
    (hover one for its type), graph inputs are ellipses.

    Drawn to be read in a notebook: a ``cond`` or ``while_loop`` is a cluster holding its branches or
    its test and body, each a cluster of its own, so control flow reads as nesting rather than as
    boxes floating beside the graph; what the outputs never need (dead nodes, unused inputs) is left
    out, as the interpreter leaves it out; small constants are written into the box of the op that
    uses them instead of taking a box each. Top to bottom, so a long loop body grows downwards
    (notebooks scroll that way) rather than across."""
    lines = ["digraph G {",
             '  rankdir=TB; compound=true; nodesep=0.2; ranksep=0.25; newrank=true;',
             '  node [fontname="monospace" fontsize=9 shape=box style=rounded height=0.25 margin="0.06,0.03"];',
             '  edge [fontname="monospace" fontsize=8 arrowsize=0.5];']
    counter = iter(range(1 << 30))
    _dot_graph(graph, lines, counter, "  ")
    lines.append("}")
    return "\n".join(lines)


def live_nodes(graph: Any) -> list:
    """The nodes a run executes: those the outputs need, and every one that ``ops.must_run`` (as the interpreter's
    ``prune``; this module sits below it)."""
    live = set(graph.outputs)
    kept = []
    for node in reversed(graph.nodes):
        if ops.must_run(node) or not live.isdisjoint(node.outputs):
            kept.append(node)
            live.update(node.inputs)
    kept.reverse()
    return kept


def _inline_constant(node: Any) -> Optional[str]:
    """A constant small enough to write into its users' boxes, as text; else None."""
    if node.op != "constant":
        return None
    text = fmt_attr("value", node.attrs["value"])  # a number, a few elements, or the type of a big array
    return text if len(text) <= 16 else None


def _short_attrs(node: Any) -> list[str]:
    """``key=value`` for the attrs that say something (``axis=None``, ``keepdims=False`` do not)."""
    simple, _ = _split_attrs(node)
    return [text for text in simple if not text.endswith(("=None", "=False"))]


def _dot_graph(graph: Any, lines: list[str], counter: Any, pad: str,
               given: Optional[dict] = None) -> tuple[list[str], str, list[Optional[str]]]:
    """Draw ``graph``'s live part; return the ids of its first boxes (those no drawn edge enters)
    and of its ``out``, for the invisible edges that stack subgraphs one above the other, and the
    user's names of its outputs (None where unknown). ``given`` names some of its inputs."""
    names = _Namer()
    producer: dict[Any, str] = {}
    firsts: list[str] = []
    nodes = live_nodes(graph)
    # The user's names where the source tells them (runtime/graph/user_names.py), else the letters
    # of the text form: a reader looks for `w` and `loss`, not for `h` and `ba`.
    user = dict(given) if given is not None else dict(
        zip(graph.inputs, user_names.parameter_names(graph) or ()))
    user.update(user_names.node_output_names(nodes))

    def shown(value: Any) -> str:
        return user.get(value) or names.use(value)

    def hover(value: Any) -> str:
        letter = names.use(value)
        both = letter if user.get(value) in (None, letter) else f"{letter} ({user[value]})"
        return _escape(f"{both}: {value.type_str}")

    used = {v for node in nodes for v in node.inputs} | set(graph.outputs)
    for value in graph.inputs:
        names.define(value)
        if value not in used:
            continue
        node_id = f"n{next(counter)}"
        producer[value] = node_id
        firsts.append(node_id)
        label = _escape(f"{shown(value)}: {value.type_str}")
        lines.append(f'{pad}{node_id} [shape=ellipse style=solid label="{label}" tooltip="{hover(value)}"];')
    constants: dict[Any, str] = {}
    for node in nodes:
        text = _inline_constant(node)
        if text is not None and node.outputs[0] not in graph.outputs:
            constants[node.outputs[0]] = text
            names.define(node.outputs[0])
            continue
        node_id = f"n{next(counter)}"
        for value in node.outputs:
            names.define(value)
        nested = _split_attrs(node)[1]
        operands = ", ".join(constants.get(v, "·") for v in node.inputs)
        label = node.op
        if not nested and any(v in constants for v in node.inputs):
            label += f"({operands})"
        attrs = _short_attrs(node)
        if attrs and not nested:
            label += "\\n" + " ".join(attrs)
        if all(v in constants for v in node.inputs):
            firsts.append(node_id)
        if nested:
            # The op's box heads a cluster holding its subgraphs, stacked below it (the branches, or a
            # loop's test above its body) by invisible edges: the nesting is the picture, and it grows
            # downwards. Constant operands (a loop's initial values) are in the box's tooltip.
            lines.append(f'{pad}subgraph cluster_{next(counter)} {{ label=""; style="rounded,dashed";')
            lines.append(f'{pad}  {node_id} [label="{node.op}" tooltip="{_escape(f"{node.op}({operands})")}" '
                         'style="rounded,filled" fillcolor="#eeeeee"];')
            above = [node_id]
            branch_names: list[list[Optional[str]]] = []
            for key, sub in nested:
                lines.append(f'{pad}  subgraph cluster_{next(counter)} {{ label="{key}"; style=dashed; '
                             'fontname="monospace"; fontsize=9;')
                sub_firsts, sub_out, sub_names = _dot_graph(
                    sub, lines, counter, pad + "    ", user_names.subgraph_input_names(node, sub, user))
                branch_names.append(sub_names)
                lines.append(f"{pad}  }}")
                lines.extend(f"{pad}  {a} -> {b} [style=invis];" for a in above for b in sub_firsts)
                above = [sub_out]
            _name_results(node, user, branch_names)
            # The results leave from the cluster's foot, so what uses them is drawn below the loop or
            # the branches, not beside them.
            exit_id = f"n{next(counter)}"
            lines.append(f'{pad}  {exit_id} [shape=point width=0.05 tooltip="results of {node.op}"];')
            lines.extend(f"{pad}  {a} -> {exit_id} [style=invis];" for a in above)
            lines.append(f"{pad}}}")
        else:
            tooltip = " ".join(hover(v) for v in node.outputs) or node.op
            lines.append(f'{pad}{node_id} [label="{_escape(label)}" tooltip="{tooltip}"];')
        for value in node.inputs:
            if value not in constants:
                lines.append(f'{pad}{producer.get(value, "undefined")} -> {node_id} [label="{_escape(shown(value))}" '
                             f'tooltip="{hover(value)}"];')
        for value in node.outputs:
            producer[value] = exit_id if nested else node_id
    # The outputs are the cells of one row, each edge entering its own cell: as edge labels they
    # converged on one point and were drawn over one another.
    out_id = f"n{next(counter)}"
    cells = "".join(f'<td port="o{i}" border="1" sides="t" cellpadding="1">{html.escape(f"{i}: {shown(v)}")}</td>'
                    for i, v in enumerate(graph.outputs))
    lines.append(f'{pad}{out_id} [shape=plaintext style=solid margin=0 label=<<table border="0" cellborder="0" '
                 f'cellspacing="4"><tr><td>out</td>{cells}</tr></table>>];')
    for i, value in enumerate(graph.outputs):
        source = producer.get(value)
        if source is None:  # an output that is an inlined constant: no box of its own yet
            source = f"n{next(counter)}"
            lines.append(f'{pad}{source} [shape=plaintext style=solid label="{_escape(constants.get(value, "?"))}"];')
        lines.append(f'{pad}{source} -> {out_id}:o{i}:n [tooltip="{hover(value)}"];')
    return firsts or [out_id], out_id, [user.get(v) for v in graph.outputs]


def _name_results(node: Any, user: dict, branch_names: list[list[Optional[str]]]) -> None:
    """Names for a control-flow node's results not named by an assignment: a ``while_loop``'s are its
    loop variables (named by its body, else by their initial values), a ``cond``'s what its branches
    named them."""
    carried = user_names.carried_names(node)
    for i, value in enumerate(node.outputs):
        if value in user:
            continue
        candidates = [carried[i] if i < len(carried) else None]
        if node.op == "while_loop" and i < len(node.inputs):
            candidates.append(user.get(node.inputs[i]))
        candidates += [names[i] for names in branch_names if node.op == "cond" and i < len(names)]
        name = next((c for c in candidates if c), None)
        if name is not None:
            user[value] = name


def _escape(text: str) -> str:
    return text.replace("\\n", "\0").replace("\\", "\\\\").replace('"', '\\"').replace("\0", "\\n")


_HINT = ("(The graph's picture needs Graphviz's `dot` program, which is not installed: install Graphviz "
         "(`apt-get install graphviz`, `brew install graphviz`, `conda install graphviz`) to see it. "
         "This is its text form.)")
_hinted: list = []


def to_svg(graph: Any) -> Optional[str]:
    """The picture as SVG when Graphviz's ``dot`` is installed, else None."""
    dot = shutil.which("dot")
    if dot is None:
        return None
    done = subprocess.run([dot, "-Tsvg"], input=to_dot(graph), capture_output=True, text=True, check=False)
    return done.stdout if done.returncode == 0 else None


def to_html(graph: Any) -> str:
    """What a notebook shows for a graph: the picture, or without Graphviz the text form, with (once
    per session) a line saying how to get the picture."""
    svg = to_svg(graph)
    if svg is not None:
        return svg[svg.find("<svg"):]  # without the XML prologue and DOCTYPE, to sit inside HTML
    hint = ""
    if not _hinted:
        _hinted.append(True)
        hint = f"<p><i>{html.escape(_HINT)}</i></p>"
    return f"{hint}<pre>{html.escape(str(to_text(graph)))}</pre>"
