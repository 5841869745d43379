"""Shape arithmetic with unknown dimensions, shared by the op rules.

A shape is a tuple whose entries are ints or ``None`` (a dimension only known
when the graph runs). The helpers follow NumPy's rules and stay conservative:
when an answer depends on an unknown dimension it is ``None``, and an error is
raised only when the known dimensions already prove the program wrong.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Optional, Sequence

import numpy as np

Shape = tuple  # tuple[Optional[int], ...]


def fmt_shape(shape: Shape) -> str:
    return "(" + ", ".join("?" if d is None else str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def broadcast(*shapes: Shape) -> Shape:
    """NumPy broadcasting; ``None`` against 1 or ``None`` stays unknown."""
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(rank):
        dims = [s[len(s) - rank + i] for s in shapes if len(s) - rank + i >= 0]
        known = {d for d in dims if d is not None and d != 1}
        if len(known) > 1:
            raise ValueError("shapes " + ", ".join(fmt_shape(s) for s in shapes) + " cannot be broadcast together")
        if known:
            out.append(known.pop())
        elif any(d is None for d in dims):
            out.append(None)
        else:
            out.append(1)
    return tuple(out)


def compatible(actual: Shape, expected: Shape) -> bool:
    """Whether a value of shape ``actual`` fits where ``expected`` is declared (``None`` fits anything)."""
    return len(actual) == len(expected) and all(e is None or a == e for a, e in zip(actual, expected))


def join(a: Shape, b: Shape) -> Optional[Shape]:
    """The most specific shape both fit in, or None when the ranks differ."""
    if len(a) != len(b):
        return None
    return tuple(x if x == y else None for x, y in zip(a, b))


def size(shape: Shape) -> Optional[int]:
    return None if any(d is None for d in shape) else math.prod(shape)


def normalize_axis(axis: int, rank: int) -> int:
    if not -rank <= axis < rank:
        # NumPy's AxisError (a ValueError and an IndexError: `except IndexError` catches it, as in eager code).
        raise np.exceptions.AxisError(axis, rank)
    return axis % rank


def normalize_axes(axis: Any, rank: int) -> Optional[tuple[int, ...]]:
    """``None`` (all axes), an int or a sequence of ints → None or a sorted tuple of axes."""
    if axis is None:
        return None
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    out = tuple(sorted(normalize_axis(int(a), rank) for a in axes))
    if len(set(out)) != len(out):
        raise ValueError(f"repeated axis in {axis}")
    return out


def reduce(shape: Shape, axes: Optional[tuple[int, ...]], keepdims: bool) -> Shape:
    axes = range(len(shape)) if axes is None else axes
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def reshape(shape: Shape, new: Sequence[int]) -> Shape:
    new = tuple(int(d) for d in new)
    if sum(d == -1 for d in new) > 1 or any(d < -1 for d in new):
        raise ValueError(f"invalid shape {new} for reshape")
    total, rest = size(shape), size(tuple(d for d in new if d != -1))
    if -1 not in new:
        if total is not None and total != rest:
            raise ValueError(f"cannot reshape array of size {total} into shape {new}")
        return new
    if total is None:
        return tuple(None if d == -1 else d for d in new)
    if rest == 0 or total % rest:
        raise ValueError(f"cannot reshape array of size {total} into shape {new}")
    return tuple(total // rest if d == -1 else d for d in new)


def matmul(a: Shape, b: Shape) -> Shape:
    if not a or not b:
        raise ValueError("matmul: an operand is a scalar; use * instead")
    a2 = (1,) + a if len(a) == 1 else a
    b2 = b + (1,) if len(b) == 1 else b
    k1, k2 = a2[-1], b2[-2]
    if k1 is not None and k2 is not None and k1 != k2:
        raise ValueError(f"matmul: mismatch in the contracted dimension, {fmt_shape(a)} @ {fmt_shape(b)}")
    out = broadcast(a2[:-2], b2[:-2]) + (a2[-2], b2[-1])
    if len(a) == 1:
        out = out[:-2] + out[-1:]
    if len(b) == 1:
        out = out[:-1]
    return out


def concatenate(shapes: Sequence[Shape], axis: int) -> Shape:
    rank = len(shapes[0])
    if any(len(s) != rank for s in shapes):
        raise ValueError("concatenate: all inputs must have the same number of dimensions")
    axis = normalize_axis(axis, rank)
    out = []
    for i in range(rank):
        dims = [s[i] for s in shapes]
        if i == axis:
            out.append(None if None in dims else sum(dims))
            continue
        known = {d for d in dims if d is not None}
        if len(known) > 1:
            raise ValueError(f"concatenate: dimension {i} differs between inputs: {dims}")
        out.append(known.pop() if len(known) == 1 else None)
    return tuple(out)


def slice_length(dim: Optional[int], s: slice) -> Optional[int]:
    if dim is None or not all(isinstance(b, (int, type(None))) for b in (s.start, s.stop, s.step)):
        return None
    return len(range(*s.indices(dim)))


def getitem(shape: Shape, index: tuple, array_shapes: dict[int, Shape], masks: frozenset = frozenset()) -> Shape:
    """The shape of ``x[index]``. Items are ints, slices, None, Ellipsis, or ``Ref(k)``
    placeholders for index inputs; ``array_shapes[k]`` is the shape of input k
    (``()`` for a scalar int, which acts like an int). ``masks`` are the inputs that are boolean
    arrays: as in NumPy, a k-dim mask stands for the k integer arrays of its ``nonzero()``, so it
    spans k dims of ``x`` (which must match it) and gives one dim, its count of True values,
    ``None`` here (a 0-d mask spans none and gives a dim of length 1 or 0)."""
    def is_array(item):
        return isinstance(item, Ref) and (array_shapes[item.k] != () or item.k in masks)

    def width(item):  # how many dims of x the item indexes
        if item is None or item is Ellipsis:
            return 0
        return len(array_shapes[item.k]) if isinstance(item, Ref) and item.k in masks else 1

    consumed = sum(width(it) for it in index)
    if consumed > len(shape):
        raise IndexError(f"too many indices for array: array is {len(shape)}-dimensional, but {consumed} were "
                         "indexed")  # (NumPy's words)
    if index.count(Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if Ellipsis in index:
        at = index.index(Ellipsis)
        index = index[:at] + (slice(None),) * (len(shape) - consumed) + index[at + 1:]
    else:
        index = index + (slice(None),) * (len(shape) - consumed)
    # With an array in the index, ints are advanced indices too (NumPy broadcasts them together).
    has_arrays = any(is_array(it) for it in index)
    out, dim, arrays, array_at, positions = [], 0, [], None, []
    for pos, item in enumerate(index):
        if item is None:
            out.append(1)
            continue
        if isinstance(item, Ref) and item.k in masks:
            mask = array_shapes[item.k]
            for axis, (d, m) in enumerate(zip(shape[dim:dim + len(mask)], mask), dim):
                if d is not None and m is not None and d != m:
                    raise IndexError(f"boolean index did not match indexed array along axis {axis}; size of axis "
                                     f"is {d} but size of corresponding boolean axis is {m}")
            dim += len(mask)
            arrays.append((None,))
            positions.append(pos)
            array_at = len(out) if array_at is None else array_at
            continue
        d = shape[dim]
        dim += 1
        if isinstance(item, int) and d is not None and not -d <= item < d:
            raise IndexError(f"index {item} is out of bounds for axis {dim - 1} with size {d}")
        if isinstance(item, slice):
            out.append(slice_length(d, item))
        elif isinstance(item, (int, Ref)):
            if has_arrays:
                arrays.append(array_shapes[item.k] if isinstance(item, Ref) else ())
                positions.append(pos)
                array_at = len(out) if array_at is None else array_at
        else:
            raise TypeError(f"unsupported index item {item!r}")
    if arrays:
        adjacent = positions == list(range(positions[0], positions[0] + len(positions)))
        at = array_at if adjacent else 0
        try:
            together = broadcast(*arrays)
        except ValueError:  # NumPy's words and class for indices that do not broadcast (an IndexError)
            raise IndexError("shape mismatch: indexing arrays could not be broadcast together with shapes "
                             + " ".join(fmt_shape(s).replace(", ", ",") for s in arrays) + " ") from None
        out[at:at] = list(together)
    return tuple(out)


def index_shapes(index_inputs: Sequence[Any]) -> tuple[dict, frozenset]:
    """``shapes.getitem``'s view of a getitem/setitem's index inputs: their shapes, and which are boolean
    masks (whose result size is known only at run time: docs/graph_numpy_functions.md, "Data-dependent
    shapes")."""
    for v in index_inputs:
        if v.dtype.kind not in "iub":
            raise IndexError("only integers, slices, None, Ellipsis, integer arrays and boolean masks are valid "
                             "graph indices")
    return ({k: v.shape for k, v in enumerate(index_inputs)},
            frozenset(k for k, v in enumerate(index_inputs) if v.dtype.kind == "b"))


@dataclass(frozen=True)
class Ref:
    """In a ``getitem`` (or ``print``) template: "input number k" (for an index, a tensor or array). In a message
    template, ``spec`` is the format spec the value is written in with (``f"{x:.3f}"``: ``".3f"``), if any."""

    k: int
    spec: str = ""

    def __repr__(self) -> str:
        return f"${self.k}:{self.spec}" if self.spec else f"${self.k}"


def render(pieces: Sequence[Any], values: Sequence[Any]) -> str:
    """The text of a message template (runtime/graph/formatted.py): ``pieces`` with each ``Ref(k)`` replaced by
    ``str(values[k])`` (``format(values[k], spec)`` where it has a format spec), as eager code formats the value."""
    return "".join(piece if isinstance(piece, str) else
                   format(values[piece.k], piece.spec) if piece.spec else str(values[piece.k]) for piece in pieces)


def type_str(shape: tuple, dtype: np.dtype) -> str:
    """``f32[3,?]``: the compact type used by the printer and error messages."""
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        name = "bool"
    elif dtype.kind in "fiuc":
        name = f"{dtype.kind}{dtype.itemsize * 8}"
    else:
        name = dtype.name
    return name + "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"
