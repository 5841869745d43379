"""A graph tensor's value in a message: written in when the graph runs, as eager code writes it.

    if s > 10:
        raise ValueError(f"sum too large: {s}")    # eager NumPy: "sum too large: 30.0"

While tracing, ``str(t)`` of a graph tensor ``t`` (so ``f"{t}"``, ``"%s" % t``, ``"{}".format(t)``) is the text
``<Tensor f64[] #1>``: its type, and a number naming it (the same tensor, unchanged, the same number; numbers
are not used twice in a process, so a message kept from an earlier trace names no tensor of a later one). A
message that reaches one of the graph's assertions (a ``raise`` under a staged ``if``, an ``assert``) or a
``print`` is taken apart again at those marks (``template``): each marked tensor becomes an
input of the node, and the executor writes ``str(value)`` in its place when the graph runs and the assertion
fails (or the print prints), which is the text eager NumPy gives (``str(np.float64(30.0))`` is ``30.0``).

Before (the graph of the function above, ``executor="numpy"``), the message was fixed while tracing::

    assert[message='sum too large: <Tensor f64[]>' error=ValueError] c

After::

    assert[message='sum too large: <Tensor f64[]>' template=('sum too large: ', $0) error=ValueError] c s

Anywhere else the text stays as it is, as before (a string holding it that the traced function returns is
refused: autograph/function.py). A format spec (``f"{t:.3f}"``, ``"{:>8}".format(t)``) of a 0-d tensor rides
in its mark, and the value is written in with ``format(value, spec)``, as eager code formats a NumPy scalar
(``ValueError: x = 1.500``); a spec on a tensor of more dimensions is NumPy's TypeError (an array takes no
format spec). ``"%.3f" % t`` of a constant template is ``ag__.percent`` in converted code
(runtime/percent_format.py), which writes the tensor with the equivalent spec; of another template it asks
Python for ``float(t)`` while tracing, which is refused with the f-string as advice. A marked tensor made inside
the branch that raises (whose graph the assertion replaces) is computed again under a ``cond`` on the
condition (control_flow._made_before_the_raise); one the assertion still cannot read keeps its text.
"""

from __future__ import annotations

import itertools
import re
from typing import Any, Optional

from runtime.graph.builder import GraphBuilder, current_builder
from runtime.graph.shapes import Ref, render  # noqa: F401  (render: the kernels', in shapes to stay below them)

_MARK = re.compile(r"<Tensor ([^<>#]*) #(\d+)>")
_REPR = re.compile(r"<Tensor [^<>#]*>")  # a tensor's repr (runtime/graph/tensor.py), which no mark's number names
# The marks' numbers, never used twice in a process: a message made in an earlier trace (kept in a global) names
# no tensor of a later one.
_numbers = itertools.count(1)



def mark(t: Any, spec: str = "") -> str:
    """``str(t)`` of a graph tensor while tracing: its type and its number in this trace; ``format(t, spec)``
    with a format spec, another number (a number names the tensor and the spec it is written in with)."""
    value, owner = t.ref()
    root = (current_builder() or owner).root()
    marks = root.marks
    key = (id(value), spec)
    entry = marks.get(key)
    if entry is None or entry[1] is not value:  # (a Value's id may be reused once it is gone: compare the Value)
        entry = marks[key] = (next(_numbers), value, owner, spec)
        root.marked[entry[0]] = entry
    return f"<Tensor {value.type_str} #{entry[0]}>"


def first_mark(text: str) -> Optional[str]:
    """The first mark in ``text`` of a tensor of the trace under way on this thread (``<Tensor i64[] #3>``), or else
    the first ``repr`` of a tensor (``<Tensor i64[]>``, which names none: ``repr(t)`` while tracing), or None."""
    builder = current_builder()
    if builder is None or "<Tensor " not in text:
        return None
    root = builder.root()
    found = next((match.group(0) for match in _MARK.finditer(text) if int(match.group(2)) in root.marked), None)
    if found is None:
        found = next((match.group(0) for match in _REPR.finditer(text)), None)
    return found


def plain(text: str) -> str:
    """``text`` with each mark shown as the tensor's type alone (``<Tensor f64[]>``): what the graph prints of
    a node's message, and the message where nothing is written in."""
    return _MARK.sub(lambda match: f"<Tensor {match.group(1)}>", text)


def marks_made_by(text: str, builder: GraphBuilder) -> list[tuple[int, Any]]:
    """The marks in ``text`` of tensors of ``builder``'s own graph: (mark number, Value), each once."""
    if "<Tensor " not in text:
        return []
    root = builder.root()
    found: dict[int, Any] = {}
    for match in _MARK.finditer(text):
        entry = root.marked.get(int(match.group(2)))
        if entry is not None and entry[2] is builder:
            found.setdefault(entry[0], entry[1])
    return list(found.items())


def template(text: str, first: int = 0, readable: Optional[dict] = None) -> Optional[tuple[tuple, list]]:
    """``(pieces, values)``: ``text`` cut at the marks of tensors the graph being traced can read, each mark a
    ``Ref(first + k)`` to ``values[k]``, a ``(Value, builder)`` (what the tensor held when it was marked: a
    ``Tensor`` of them is its input); None when it holds no such mark. ``readable``: tensors of this graph
    standing in for marks of tensors it cannot read (by mark number: a raising branch's own, computed again)."""
    builder = current_builder()
    if builder is None or "<Tensor " not in text:
        return None
    root = builder.root()
    pieces: list[Any] = []
    tensors: list[Any] = []
    numbers: dict[int, int] = {}  # id of a marked Value: its k
    start = 0
    for match in _MARK.finditer(text):
        entry = root.marked.get(int(match.group(2)))
        if entry is None:
            continue
        if not builder.sees(entry[2]):
            stand_in = None if readable is None else readable.get(entry[0])
            if stand_in is None:
                continue
            entry = (entry[0], *stand_in.ref(), entry[3])
        if match.start() > start:
            pieces.append(plain(text[start:match.start()]))
        k = numbers.get(id(entry[1]))
        if k is None:
            k = numbers[id(entry[1])] = len(tensors)
            tensors.append((entry[1], entry[2]))
        pieces.append(Ref(first + k, entry[3]))
        start = match.end()
    if not tensors:
        return None
    if start < len(text):
        pieces.append(plain(text[start:]))
    return tuple(pieces), tensors

