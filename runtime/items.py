"""Assignments into items of a local name: ``ag__.setitem``.

Before::

    y = np.zeros(n)
    y[k] = x[k] * 2

After (what the converter writes)::

    y = np.zeros(n)
    y = ag__.setitem(y, k, x[k] * 2)

On plain values this is ``y[k] = value`` and ``y`` keeps its object. When ``y`` is a plain array and
the value (or the index) is a backend's (a graph tensor being traced), the array cannot hold it: the
backend makes ``y`` one of its own values from then on (a tensor holding ``y`` with the write).
``y[k] += v`` becomes ``y = ag__.setitem(y, k, ag__.iadd(y[k], v))``: the same calls, in Python's
order (the converter does this only when evaluating ``y`` and ``k`` twice has no effect).
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
from typing import Any

from runtime.backend import backend_of_any
from runtime.limits import forget_since, refusal_mark
from runtime.tracebacks import hide_frames_of, strip

IN_PLACE = {
    "Add": "iadd", "Sub": "isub", "Mult": "imul", "Div": "itruediv", "FloorDiv": "ifloordiv", "Mod": "imod",
    "Pow": "ipow", "LShift": "ilshift", "RShift": "irshift", "BitOr": "ior", "BitXor": "ixor", "BitAnd": "iand",
    "MatMult": "imatmul",
}  # ast operator class name -> the operator function


def setitem(target: Any, index: Any, value: Any) -> Any:
    """``target[index] = value``; returns what the assigned name holds afterwards."""
    mark = refusal_mark()
    try:
        target[index] = value
    except Exception as error:
        backend = backend_of_any([value, *_index_parts(index)])
        written = None if backend is None else backend.write_into(target, index, value)
        if written is None:
            strip(error)  # the user's traceback, without this frame
            raise
        forget_since(mark)  # (the plain write's refusals: the backend made the write)
        return written
    return target


def setitem_in(target: Any, path: list, value: Any) -> Any:
    """``target[path[0]][path[1]]... = value`` (the items read, then the last one written); returns
    what the assigned name holds afterwards, as ``setitem`` does."""
    inner = target
    for index in path[:-1]:
        inner = inner[index]
    mark = refusal_mark()
    try:
        inner[path[-1]] = value
    except Exception as error:
        backend = backend_of_any([value, *(part for index in path for part in _index_parts(index))])
        written = None if backend is None else backend.write_into(target, tuple(path), value, chained=True)
        if written is None:
            strip(error)  # the user's traceback, without this frame
            raise
        forget_since(mark)
        return written
    return target


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


hide_frames_of(setitem, setitem_in, item)  # tracebacks leave them out (runtime/tracebacks.py)
