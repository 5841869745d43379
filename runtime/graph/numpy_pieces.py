"""NumPy functions that build an array from pieces, on graph tensors: ``np.append``, ``np.insert``,
``np.delete``, ``np.diagflat``, ``np.choose``.

Each follows NumPy's source (numpy/lib/_function_base_impl.py, _twodim_base_impl.py,
numpy/_core/fromnumeric.py), so values and dtypes are NumPy's:

* ``append(arr, values, axis)``: ``concatenate`` of the two (flattened when ``axis`` is None).
* ``insert(arr, obj, values, axis)``: ``obj`` must be a Python constant (an int, a slice or a
  sequence of ints): it decides the shape. NumPy's placement (negative and repeated indices
  included) is computed while tracing on the positions alone, and the result is one gather (``take``)
  from ``arr`` next to ``values`` broadcast and cast to ``arr``'s dtype.
* ``delete(arr, obj, axis)``: ``obj`` must be a Python constant; NumPy's own delete on the positions
  ``0..n-1`` says which are kept (and raises NumPy's errors), and the result is one gather (``take``).
* ``diagflat(v, k)``: ``np.diag`` of the flattened ``v``.
* ``choose(a, choices, mode)``: the choices stacked after broadcasting with ``a``; the result picks,
  elementwise, choice ``a`` with one ``where`` per choice (so the number of choices is known while
  tracing). ``mode="raise"`` checks ``0 <= a < n`` when the graph runs (a graph assertion with
  NumPy's ``ValueError``); ``"wrap"`` and ``"clip"`` are NumPy's.

Before (Python, ``x`` a graph tensor)::

    y = np.insert(x, 1, 9.0)

After (the graph)::

    c:f64[5] = concatenate[axis=0] a b
    d:f64[6] = take[axis=0 mode='raise'] c e         (e: the positions, a constant)
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from runtime.graph import variables
from runtime.graph.numpy_api import arg, implements, reject
from runtime.graph.numpy_array import known_dim, static
from runtime.graph.shapes import normalize_axis
from runtime.graph.tensor import Tensor, apply, bind1, cast, constant, is_tensor_like, refused_write, reshape


def as_array(value: Any) -> Any:
    """A tensor, or a constant made as NumPy's asarray makes it (strong dtype, not a weak Python number)."""
    if is_tensor_like(value) or (isinstance(value, (list, tuple)) and any(is_tensor_like(v) for v in value)):
        return arg(value) if is_tensor_like(value) else np.stack([arg(v) for v in value])
    return constant(np.asarray(value))


@implements(np.append)
def _append(arr: Any, values: Any, axis: Any = None) -> Tensor:
    a, v = as_array(arr), as_array(values)
    if axis is None:
        if a.ndim != 1:
            a = reshape(a, (-1,))
        v = reshape(v, (-1,))
        axis = a.ndim - 1
    return np.concatenate((a, v), axis=axis)


def _array_and_axis(arr: Any, axis: Any) -> tuple:
    """``arr`` as a tensor and the axis NumPy's insert and delete work along: the flattened array's when ``axis``
    is None."""
    a = as_array(arr)
    if axis is None:
        return (reshape(a, (-1,)) if a.ndim != 1 else a), 0
    return a, normalize_axis(axis, a.ndim)


@implements(np.delete)
def _delete(arr: Any, obj: Any, axis: Any = None) -> Tensor:
    static("delete", "obj", obj)
    a, axis = _array_and_axis(arr, axis)
    along = [1] * a.ndim  # (the positions along `axis`: NumPy's errors name the axis)
    along[axis] = known_dim("delete", a, axis)
    kept = np.delete(np.arange(along[axis]).reshape(along), obj, axis=axis).reshape(-1)
    return bind1("take", [a, constant(kept)], axis=axis, mode="raise")


@implements(np.diagflat)
def _diagflat(v: Any, k: int = 0) -> Tensor:
    return np.diag(reshape(as_array(v), (-1,)), static("diagflat", "k", k))


@implements(np.insert)
def _insert(arr: Any, obj: Any, values: Any, axis: Any = None) -> Tensor:
    static("insert", "obj", obj)
    a, axis = _array_and_axis(arr, axis)
    n = known_dim("insert", a, axis)
    if not isinstance(values, Tensor):
        refused_write(a.dtype, values)  # (NumPy makes an array of a's dtype of them: 300 into uint8 is its error)
    v = as_array(values)
    given_shape = tuple(v.shape)  # (the values as given: NumPy's errors name their shape)
    # How many values go in (NumPy's two cases: one index, where a scalar index moves the values' first axis
    # to `axis`, or several, one slice of values each).
    scalar = not isinstance(obj, slice) and np.ndim(obj) == 0
    if isinstance(obj, slice):
        count = len(range(*obj.indices(n)))
    else:
        indices = np.array(obj)
        count = int(np.count_nonzero(indices)) if indices.dtype == bool and indices.ndim == 1 else indices.size
    if count == 1:
        if v.ndim < a.ndim:  # NumPy's array(values, ndmin=arr.ndim)
            v = reshape(v, (1,) * (a.ndim - v.ndim) + v.shape)
        if scalar:
            v = np.moveaxis(v, 0, axis)
        count = v.shape[axis]
        if count is None:
            raise TypeError("np.insert needs the number of inserted values while tracing")
    # Then NumPy's own insert, on the positions alone: old ones 0..n-1, the inserted values' n, n+1, ... So
    # NumPy decides the placement (negative and repeated indices, masks) and raises its own errors.
    along = [1] * a.ndim
    along[axis] = n
    markers = [1] * a.ndim
    markers[0 if scalar else axis] = count
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            positions = np.insert(np.arange(n).reshape(along), obj, (n + np.arange(count)).reshape(markers),
                                  axis=axis).reshape(-1)
        except (IndexError, ValueError):
            # NumPy's error on the positions names their shapes (ones off `axis`): raise it as NumPy raises it on
            # the real shapes, where they are known (zeros stand in for the values: only the shapes count).
            if None not in a.shape and None not in given_shape:
                np.insert(np.zeros(a.shape, a.dtype), obj, np.zeros(given_shape, a.dtype), axis=axis)
            raise
    target = list(a.shape)
    target[axis] = count
    if None in target:
        raise TypeError("np.insert needs the shape of the array while tracing; give the Function an "
                        "input_signature with the dimensions fixed")
    v = bind1("broadcast_to", [cast(v, a.dtype)], shape=tuple(target))  # (setitem's unsafe cast, as NumPy)
    joined = bind1("concatenate", [a, v], axis=axis)
    return bind1("take", [joined, constant(positions)], axis=axis, mode="raise")


@implements(np.choose)
def _choose(a: Any, choices: Any, out: Any = None, mode: str = "raise") -> Tensor:
    reject("choose", out=out)
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got '{mode}')")
    index = as_array(a)
    np.choose(np.zeros(1, index.dtype), [np.zeros(1)])  # NumPy's own error for an index dtype it cannot take
    if is_tensor_like(choices):
        stacked = arg(choices)
        count = known_dim("choose", stacked, 0)
        options = [stacked[i] for i in range(count)]
    else:
        options = [as_array(c) for c in choices]
        count = len(options)
    if count == 0:
        raise ValueError("0-length sequence.")
    dtype = np.result_type(*(o.dtype for o in options))
    index = cast(index, np.intp)
    if mode == "wrap":
        index = apply("mod", index, count)
    elif mode == "clip":
        index = np.clip(index, 0, count - 1)
    else:
        variables.check((index >= 0) & (index < count), "invalid entry in choice array", ValueError)
    # One where per choice, each broadcasting the index with the choices, as NumPy broadcasts them all.
    result = cast(options[0], dtype)
    for i in range(1 if count > 1 else 0, count):
        result = apply("where", apply("eq", index, i), cast(options[i], dtype), result)
    return result
