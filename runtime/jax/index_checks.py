"""NumPy's ``IndexError`` for an index computed in the graph, on XLA: checked, not clamped.

XLA has no out-of-bounds error: a gather clamps the index into the array and a scatter drops the
write, so ``x[i]`` with ``i`` past the end gave the last item where NumPy raises

    IndexError: index 5 is out of bounds for axis 0 with size 3

and a loop such as ``while x[i] > 0: i += 1`` ran for ever. Each ``getitem``, ``setitem``, ``ufunc.at``
(``np.add.at(x, i, v)``) and ``take`` (mode "raise", NumPy's default) whose integer index is computed in
the graph is checked as the graph's asserts are (runtime/jax/lowering.py): the first index out of
``[-size, size)`` records the node's code
and the index, its axis and the axis's size in the lowered program's state; the executor raises NumPy's
``IndexError`` with NumPy's message after the run, with the note the interpreter adds (the node's
file:line), and what follows a failed check behaves as after a failed assert (assignments keep their
old values, loops stop). An array index reports its first element out of bounds, in C order.

An index into an axis of size 0 is out of bounds whatever it is; JAX refuses to trace the gather, so
it reads a zero-filled axis of size 1 instead (a read inside a loop that runs no iteration, over an
empty array, then lowers, and never fails: the check only fails if the read runs).

Before (a lowered ``getitem`` of ``x: f64[3]`` at a traced ``i``)::

    y = x[i]                                    # JAX: x[clamp(i, 0, 2)], no error

After::

    bad = (i < -3) | (i >= 3)
    code = where((code == 0) & bad, <node's code>, code)
    detail = where(first failure, (i, 0, 3), detail)
    y = x[i]                                    # the host raises IndexError after the run if code names it

An index that is a constant of the graph is checked as a computed one is when an item of it is out of bounds (the
node may never run: the interpreter's kernel raises only if it does); one in bounds needs no check.
``fail_unless`` records any other such check (NumPy's LinAlgError: runtime/jax/rules_linalg.py).
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

import jax.numpy as jnp
import numpy as np

from runtime.graph import program, shapes
from runtime.graph.ir import Graph, Node, Value

CHECKED_OPS = ("getitem", "setitem", "ufunc_at", "take")
FAILED = "<failed assert>"  # the lowered program's state key of its first failed assert's code (lowering.py)
DETAIL = "<failed index>"  # the state key of (index, axis, size) of the first failed check
_STATIC = (np.ndarray, np.generic)


def checked_nodes(nodes: Iterable[Node]) -> list[Node]:
    """The nodes among ``nodes`` (a graph's, its subgraphs' too) that index with an integer computed in the
    graph: a ``getitem`` / ``setitem`` / ``ufunc_at`` with an integer index input that is not a constant node's,
    a ``take`` whose indices are and whose mode raises (None or "raise"); and those whose index is a constant
    with an item out of bounds (size 0 included). An index that is the counter
    of a counted loop (``counter_bounds``) into an axis of a known size that holds its every value is no check:
    ``for i in range(99)`` over 99 stacked layers."""
    nodes = list(nodes)
    constants = {node.outputs[0]: node.attrs["value"] for node in nodes if node.op == "constant"}
    counters: dict[Value, tuple[int, int]] = {}
    for node in nodes:
        if node.op == "while_loop":
            body = node.attrs["body_graph"]
            counters.update(counter_bounds(node.attrs["cond_graph"], body, len(body.outputs),
                                           [constants.get(v) for v in node.inputs]))

    def unsafe(value: Value, size: Any) -> bool:
        """Whether an integer index input may fall outside an axis of ``size``: a computed one, unless it is a
        counter that stays inside; a constant one with an item outside (the node may never run, so a constant
        is checked as a computed index is: it raises only when the node runs, as the interpreter's kernel does)."""
        if value.dtype.kind not in "iu":
            return False
        if value in constants:
            return _out_of_bounds(constants[value], size)
        known = counters.get(value)
        return known is None or size is None or not -size <= known[0] <= known[1] < size

    found = []
    for node in nodes:
        if node.op in ("getitem", "setitem", "ufunc_at"):
            x, values = node.inputs[0], node.inputs[1 if node.op == "getitem" else 2:]
            if any(unsafe(values[k], x.shape[axis]) for k, axis in index_axes(node.attrs["index"], values,
                                                                                len(x.shape))):
                found.append(node)
        elif node.op == "take" and node.attrs.get("mode") in (None, "raise"):
            x, axis = node.inputs[0], node.attrs["axis"]
            if unsafe(node.inputs[1], (None if None in x.shape else math.prod(x.shape)) if axis is None
                      else x.shape[axis]):
                found.append(node)
    return found


def _out_of_bounds(indices: Any, size: Any) -> bool:
    indices = np.asarray(indices)
    return size is None or (size == 0 and indices.size > 0) or bool(np.any((indices < -size) | (indices >= size)))


def index_axes(index: tuple, index_values: Sequence[Value], ndim: int) -> list[tuple[int, int]]:
    """``(k, axis)`` for each integer input ``k`` of an ``index`` template (``shapes.Ref``) into an array of
    ``ndim`` dims: the axis it indexes (a boolean mask takes as many axes as it has dims, None none, and the
    Ellipsis the axes nothing else takes)."""
    def width(item: Any) -> int:
        if item is None or item is Ellipsis:
            return 0
        if isinstance(item, shapes.Ref):
            value = index_values[item.k]
            return len(value.shape) if value.dtype == np.bool_ else 1
        if isinstance(item, np.ndarray) and item.dtype == np.bool_:
            return item.ndim
        return 1

    rest = ndim - sum(width(item) for item in index)
    found, axis = [], 0
    for item in index:
        if item is Ellipsis:
            axis += rest
            continue
        if isinstance(item, shapes.Ref) and index_values[item.k].dtype.kind in "iu":
            found.append((item.k, axis))
        axis += width(item)
    return found


def check(state: dict, code: int, index: Any, axis: int, size: int, scalar: bool = False) -> tuple[Any, bool]:
    """Record ``code`` and ``[first bad index, axis, size]`` in ``state`` unless every element of ``index``
    lies in ``[-size, size)`` or a failure was recorded before. Returns the index to index with, and whether
    the axis is empty (then that index is 0, into the zero-filled stand-in). A constant index in bounds
    records nothing and is returned as it is; a computed one comes back in int64, as NumPy indexes (in intp):
    JAX wraps a negative int8 index by adding the size in int8, which overflows for an axis of 256.
    ``scalar``: a 0-d index of a subscript (``x[i]``, ``np.add.at``), which NumPy reads as a Python int into a C
    long: a uint64 one past 2**63 - 1 is NumPy's OverflowError (the int64 cast wrapped 2**64 - 1 to -1, reading
    the last item), recorded with the axis -1 (``error``). An index array of uint64 wraps in NumPy too."""
    if isinstance(index, _STATIC) and np.all((index >= -size) & (index < size)):
        return index, False
    index = jnp.asarray(index)
    too_large = (index > np.uint64(_INT64_MAX)) if scalar and index.ndim == 0 and index.dtype == np.uint64 else None
    index = index.astype(np.int64)  # (a uint8 index against a size of 256: compared in int64 too)
    if index.size == 0:
        return index, False  # no index to check (NumPy reads nothing, and raises nothing)
    if index.ndim == 0:  # (a scalar index, the common case, needs no argmax and gather to find its first bad item)
        bad = (index < -size) | (index >= size)
        first = index
    else:
        flat = jnp.ravel(index)
        bad = (flat < -size) | (flat >= size)
        first = flat[jnp.argmax(bad)]
    where_axis = jnp.int64(axis)
    if too_large is not None:
        bad, where_axis = bad | too_large, jnp.where(too_large, jnp.int64(_OVERFLOW), where_axis)
    failed = state[FAILED]
    now = (failed == 0) & jnp.any(bad)
    state[FAILED] = jnp.where(now, code, failed)
    # Three scalars, not one [index, axis, size] vector: a chain of vector selects, one per check, made XLA's compile
    # superlinear (216 checks of an unrolled loop: 11 s against 2 s; pyts's Markov transition field).
    state[DETAIL] = tuple(jnp.where(now, value, kept)
                          for value, kept in zip((first, where_axis, jnp.int64(size)), state[DETAIL]))
    return (jnp.zeros_like(index), True) if size == 0 else (index, False)


_INT64_MAX = np.iinfo(np.int64).max
_OVERFLOW = -1  # the axis ``check`` records for a scalar uint64 index past a C long: NumPy's OverflowError


def checked(ctx: Any, x: Any, index: tuple, index_inputs: Sequence[Any]) -> tuple[list, list]:
    """A lowering rule's index inputs (``ctx``: its ``_Context``; ``index``: the node's template) checked against
    the axes of ``x`` they index, for a node the lowering checks (``checked_nodes``); and the axes that are empty
    (read through a zero-filled stand-in of size 1: each index into one is made 0)."""
    inputs = list(index_inputs)
    codes = ctx.lowering.assert_codes
    if ctx.node not in codes or not inputs:
        return inputs, []
    shape, empty = jnp.shape(x), []
    for k, axis in index_axes(index, ctx.node.inputs[-len(inputs):], len(shape)):
        inputs[k], is_empty = check(ctx.state, codes[ctx.node], inputs[k], axis, shape[axis], scalar=True)
        if is_empty:
            empty.append(axis)
    return inputs, empty


def counter_bounds(cond_graph: Graph, body_graph: Graph, n: int, starts: Sequence[Any]) -> dict[Value, tuple[int, int]]:
    """``{counter: (start, stop - 1)}`` for a ``while_loop`` that counts ``while i < stop: ...; i = i + step``
    (``program.loop_counter``) from a constant ``start`` (``starts``: the constant values of the loop's inputs,
    None where not one) by a positive integer ``step``: in the body, ``i`` is the body's input, which the test
    has just found below ``stop`` and which never went down from ``start``. Empty for any other loop."""
    found = program.loop_counter(cond_graph, body_graph, n)
    if found is None:
        return {}
    c, stop, step, _, _ = found
    start = starts[c]
    if not all(isinstance(v, _STATIC) and np.ndim(v) == 0 and np.asarray(v).dtype.kind in "iu"
               for v in (start, stop, step)) or not step > 0:
        return {}
    return {body_graph.inputs[c]: (int(start), int(stop) - 1)}


def fail_unless(ctx: Any, ok: Any) -> None:
    """Record ``ctx.node``'s code as the program's first failure unless ``ok`` holds (a check the lowering
    allotted the node a code for; its message is the one ``Lowered.failures`` holds)."""
    failed = ctx.state[FAILED]
    ctx.state[FAILED] = jnp.where((failed == 0) & ~ok, ctx.lowering.assert_codes[ctx.node], failed)


def initial_detail() -> Any:
    """The state's ``(index, axis, size)`` before any check failed."""
    return (jnp.int64(0),) * 3


def error(detail: Any, op: str, where: str) -> Exception:
    """NumPy's ``IndexError`` for the failed check ``detail`` (``(index, axis, size)``; its OverflowError for the
    axis ``_OVERFLOW``), with the note the
    interpreter adds to a kernel's error (before Python 3.11, which has no notes: the site starts the message)."""
    index, axis, size = (int(v) for v in np.asarray(detail))
    kind, message = IndexError, f"index {index} is out of bounds for axis {axis} with size {size}"
    if axis == _OVERFLOW:
        kind, message = OverflowError, "Python int too large to convert to C long"  # (NumPy's, for x[np.uint64(...)])
    if not hasattr(BaseException, "add_note"):
        return kind(f"{where}: {message}")
    raised = kind(message)
    raised.add_note(f"(raised while running the graph, by the `{op}` traced at {where})")
    return raised
