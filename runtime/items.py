"""Assignments into items of a local name: ``ag__.setitem``.

Before::

    y = np.zeros(n)
    y[k] = x[k] * 2

After (what the converter writes)::

    y = np.zeros(n)
    y = ag__.setitem(x[k] * 2, y, k)

On plain values this is ``y[k] = value`` and ``y`` keeps its object. When ``y`` is a plain array and
the value (or the index) is a backend's (a graph tensor being traced), the array cannot hold it: the
backend makes ``y`` one of its own values from then on (a tensor holding ``y`` with the write).
The operands come in Python's order: the value first, then ``y`` and ``k``. ``y[k] += v`` becomes
``y = ag__.update(ag__.at(y, k), ag__.iadd, v)`` and ``y[i][j] = v`` becomes ``y = ag__.setitem(v,
ag__.at(y, i), j)``: ``ag__.at`` reads the item where Python reads it, once.
"""

from __future__ import annotations

from operator import (  # noqa: F401  (generated code spells them ag__.iadd, ...)
    iadd,
    iand,
    ifloordiv,
    ilshift,
    imatmul,
    imod,
    imul,
    ior,
    ipow,
    irshift,
    isub,
    itruediv,
    ixor,
)
from typing import Any, Optional

import numpy as np

from runtime.backend import backend_of_any
from runtime.limits import forget_since, refusal_mark
from runtime.references import held_only_by
from runtime.tracebacks import hide_frames_of, strip

IN_PLACE = {
    "Add": "iadd", "Sub": "isub", "Mult": "imul", "Div": "itruediv", "FloorDiv": "ifloordiv", "Mod": "imod",
    "Pow": "ipow", "LShift": "ilshift", "RShift": "irshift", "BitOr": "ior", "BitXor": "ixor", "BitAnd": "iand",
    "MatMult": "imatmul",
}  # ast operator class name -> the operator function


class Spot:
    """An item read on the way to a write, ``ag__.at(y, i)``: the object it was read from (``base``, itself a
    ``Spot`` in ``y[i][j][k] = v``), the ``index`` and the ``item``."""

    __slots__ = ("base", "index", "item")

    def __init__(self, base: Any, index: Any, item: Any) -> None:
        self.base, self.index, self.item = base, index, item


def at(base: Any, index: Any) -> Spot:
    """``base[index]``, read now, as Python reads it before a write into it (``y[i][j] = v``) or an
    in-place update of it (``y[i] += v``)."""
    holder = base.item if type(base) is Spot else base
    return Spot(base, index, item(holder, index))


def setitem(value: Any, target: Any, index: Any, read: Optional[Spot] = None) -> Any:
    """``target[index] = value``, its operands in Python's order (the value first); ``target`` is the
    assigned name's value or a ``Spot`` (``ag__.at(y, i)`` for ``y[i][index] = value``). Returns what the
    name holds afterwards. ``read``: the item ``update`` read (``y[i] += v``), which refers to ``target``.

    When a NumPy array refuses a backend's value (or index) and the name is all that refers to the array, the
    backend may stand a value of its own in for it (``Backend.adopt``), which takes the write."""
    mark = refusal_mark()
    holder = target.item if type(target) is Spot else target
    try:
        holder[index] = value
    except Exception as error:
        root, path = _root_and_path(target, index)
        backend = backend_of_any([value, *(part for step in path for part in _index_parts(step))])
        if backend is None:
            written = None
        elif len(path) == 1:
            # The references here: the caller's variable, ``target``, ``holder``, ``root`` (and ``read``'s).
            adopted = backend.adopt(root) if _sole(root, read, 3) else None
            if adopted is not None:
                forget_since(mark)  # (the plain write's refusals: the backend's value takes the write)
                try:
                    adopted[index] = value
                except BaseException as refused:
                    strip(refused)
                    raise
                return adopted
            written = backend.write_into(root, index, value)
        else:
            written = backend.write_into(root, tuple(path), value, chained=True)
        if written is None:
            strip(error)  # the user's traceback, without this frame
            raise
        forget_since(mark)  # (the plain write's refusals: the backend made the write)
        return written
    while type(target) is Spot:
        target = target.base
    return target


def update(spot: Spot, operator: Any, value: Any) -> Any:
    """``y[i] op= value`` with ``spot = ag__.at(y, i)`` (the item read once, as Python reads it):
    ``operator`` (``ag__.iadd``, ...) of the item and the value, written back. When the item, a view of a
    NumPy array that the name alone refers to, refuses a backend's value, the backend's stand-in for the
    array (``Backend.adopt``) takes the update."""
    mark = refusal_mark()
    try:
        new = operator(spot.item, value)
    except BaseException as error:
        adopted = _adopted(spot, value) if isinstance(error, Exception) else None
        if adopted is None:
            strip(error)  # the user's traceback, without this frame
            raise
        forget_since(mark)
        return update(at(adopted, spot.index), operator, value)
    return setitem(new, spot.base, spot.index, spot)


def _adopted(spot: Spot, value: Any) -> Any:
    """The backend's stand-in for ``spot.base``, a NumPy array that only the caller's variable (and the
    ``spot``) refers to, when ``value`` or the index is a backend's; else None."""
    root = spot.base
    if type(root) is Spot:
        return None
    backend = backend_of_any([value, *_index_parts(spot.index)])
    # The references here: the caller's variable, ``root`` (and ``spot``'s).
    return None if backend is None or not _sole(root, spot, 1) else backend.adopt(root)


def _sole(root: Any, read: Optional[Spot], ours: int) -> bool:
    """Whether the assigned name is all that refers to ``root``, a NumPy array being written: ``ours`` are the
    references the runtime's frames hold (the caller's variable, and this function's argument, are counted
    here), and ``read`` (``update``'s item) holds its ``base`` and, through a view, its item."""
    if type(root) is not np.ndarray:
        return False
    known = 1 + ours + 1
    if read is not None:
        known += 1 + (type(read.item) is np.ndarray and read.item.base is root)
    return held_only_by(root, known)


def _root_and_path(target: Any, index: Any) -> tuple[Any, list]:
    path = [index]
    while type(target) is Spot:
        path.append(target.index)
        target = target.base
    return target, path[::-1]


def item(base: Any, index: Any) -> Any:
    """``base[index]`` for a subscript the converter routes (a NumPy array made in place, ``np.eye(k)[t]``,
    ``np.r_[...]``/``np.c_[...]``, or any read indexed by a loop's counter, ``xs[t]``): when the plain read
    refuses a backend's value in the index, the backend reads it (a graph gathers from the array as a
    constant; JAX reads a list of arrays indexed by a staged counter as one stacked array)."""
    mark = refusal_mark()
    try:
        return base[index]
    except Exception as error:
        backend = backend_of_any(_index_parts(index))
        read = None if backend is None else backend.read_from(base, index)
        if read is None:
            strip(error)  # the user's traceback, without this frame
            raise
        forget_since(mark)
        return read


def _index_parts(index: Any) -> list:
    """The values an index is made of (slices opened up): where a backend's value may hide."""
    parts = []
    for entry in (index if type(index) is tuple else (index,)):
        parts += (entry.start, entry.stop, entry.step) if type(entry) is slice else (entry,)
    return parts


class _Index:
    """``ag__.index[1:, k]`` is the index ``(slice(1, None), k)``: how generated code passes a
    subscript with slices as an argument."""

    def __getitem__(self, index: Any) -> Any:
        return index


index = _Index()


hide_frames_of(at, setitem, update, item, _adopted)  # tracebacks leave them out (runtime/tracebacks.py)
