"""Library ops for NumPy's array functions that do not compose from the core ops: searching,
stable and partial sorting, and the unbuffered scatter of ``ufunc.at``.

Each op's record (``opdefs.define``) holds its shape/dtype rule and its NumPy kernel here, and names
its JAX rule, in runtime/jax/rules_array.py. The NumPy functions that use them are in
``numpy_array``.

Before (Python, ``x`` a graph tensor)::

    np.add.at(x, idx, 1.0)
    j = np.searchsorted(edges, x, side="right")

After (the graph)::

    b:f64[5] = ufunc_at[ufunc='add' index=($0,)] a c i
    d:i64[5] = searchsorted[side='right'] e b

* ``searchsorted(a, v; side)``: ``np.searchsorted`` of a 1-D ``a``; int64 of ``v``'s shape.
* ``stable_argsort(x; axis)``: ``np.argsort(x, axis, kind="stable")`` (the core ``argsort`` is
  NumPy's default introsort, whose order of equal elements is unspecified).
* ``partition(x; kth, axis)``, ``argpartition(x; kth, axis)``: the NumPy kernel is
  ``np.partition`` / ``np.argpartition`` themselves, so the interpreter gives NumPy's exact
  output. XLA has no introselect: the JAX rule fully sorts (a stable argsort for
  ``argpartition``), which meets NumPy's documented contract (the k-th element in its sorted
  place, none larger before it, none smaller after it) but may order the elements inside each
  partition differently from NumPy. ``docs/graph_numpy_functions.md`` says so.
* ``ufunc_at(x, v, *index_inputs; ufunc, index)``: a copy of ``x`` after
  ``np.<ufunc>.at(copy, index, v)``: unbuffered, so repeated indices accumulate, and each
  update is computed in the ufunc's loop dtype and cast back to ``x``'s dtype (unsafe casting,
  as NumPy). ``index`` is ``getitem``'s form (``Ref(k)`` for the k-th index input).
* ``correlate(a, v; function, mode)``: ``np.correlate(a, v, mode)`` or ``np.convolve(a, v, mode)``
  (``function``) of two non-empty 1-D arrays already cast to the dtype NumPy computes in. The
  kernel is NumPy's function, so the interpreter gives NumPy's values bit for bit (one dot per
  window, never the products of a window's zero padding: ``inf * 0`` would be NaN where NumPy's
  window is finite). The JAX rule sums each window's products with the out-of-range ones masked
  to zero, in XLA's order of summation.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from runtime.graph import shapes
from runtime.graph.opdefs import define
from runtime.graph.ops_update import fill_index
from runtime.staging import NotStageable

JAX = "runtime.jax.rules_array"

INT64 = np.dtype(np.int64)


def _probe(v: Any) -> np.ndarray:
    """A small array of ``v``'s dtype, to let NumPy itself reject bad dtypes and attrs in a rule."""
    return np.zeros((1,) * max(len(v.shape), 1), v.dtype)


# --- searchsorted --------------------------------------------------------------------------------

def _searchsorted_rule(ins, attrs):
    a, v = ins
    if len(a.shape) != 1:
        raise ValueError(f"searchsorted: a must be 1-D, got shape {shapes.fmt_shape(a.shape)}")
    np.searchsorted(np.zeros(1, a.dtype), np.zeros(1, v.dtype), side=attrs["side"])  # NumPy's own errors
    return [(v.shape, INT64)]


define("searchsorted", _searchsorted_rule, kernel=lambda a, v, side: np.searchsorted(a, v, side=side), jax=JAX)


# --- stable argsort and partitions -----------------------------------------------------------------

def _axis_rule(ins, attrs):
    (x,) = ins
    shapes.normalize_axis(attrs["axis"], len(x.shape))
    return x


def _stable_argsort_rule(ins, attrs):
    x = _axis_rule(ins, attrs)
    return [(x.shape, INT64)]


define("stable_argsort", _stable_argsort_rule, kernel=lambda x, axis: np.argsort(x, axis, kind="stable"), jax=JAX)


def _partition_rule(index: bool):
    def rule(ins, attrs):
        x = _axis_rule(ins, attrs)
        n = x.shape[shapes.normalize_axis(attrs["axis"], len(x.shape))]
        if n is not None:
            for k in attrs["kth"]:
                if not -n <= k < n:
                    raise ValueError(f"kth(={k}) out of bounds ({n})")
        return [(x.shape, INT64 if index else x.dtype)]
    return rule


define("partition", _partition_rule(False), kernel=lambda x, kth, axis: np.partition(x, list(kth), axis), jax=JAX)
define("argpartition", _partition_rule(True), kernel=lambda x, kth, axis: np.argpartition(x, list(kth), axis), jax=JAX)


# --- ufunc.at: unbuffered scatter ------------------------------------------------------------------

def _ufunc_at_rule(ins, attrs):
    x, v, *index_inputs = ins
    ufunc = getattr(np, attrs["ufunc"], None)
    if not isinstance(ufunc, np.ufunc) or ufunc.nin != 2 or ufunc.nout != 1:
        raise NotStageable(f"ufunc_at: {attrs['ufunc']!r} is not a binary NumPy ufunc")
    for i in index_inputs:
        if i.dtype.kind not in "iu":
            raise IndexError("only integers, slices, None, Ellipsis and integer arrays are valid graph indices")
    target = shapes.getitem(x.shape, attrs["index"], {k: i.shape for k, i in enumerate(index_inputs)})
    try:
        shapes.broadcast(v.shape, target)
        ok = len(v.shape) <= len(target)
    except ValueError:
        ok = False
    if not ok:
        raise ValueError(f"array is not broadcastable to correct shape: the values have shape "
                         f"{shapes.fmt_shape(v.shape)}, the indexed positions {shapes.fmt_shape(target)}")
    with np.errstate(all="ignore"):  # NumPy's own dtype errors (a float into a bool, say), on one element
        ufunc.at(np.zeros(1, x.dtype), np.zeros(1, np.intp), np.zeros(1, v.dtype))
    return [(x.shape, x.dtype)]


def _ufunc_at_kernel(x: Any, v: Any, *index_inputs: Any, ufunc: str, index: tuple) -> np.ndarray:
    out = np.array(x, copy=True)
    getattr(np, ufunc).at(out, fill_index(index, index_inputs), v)
    return out


define("ufunc_at", _ufunc_at_rule, kernel=_ufunc_at_kernel, jax=JAX)


# --- correlate and convolve ------------------------------------------------------------------------

def correlation_window(function: str, n: int, m: int, mode: str) -> tuple[int, int]:
    """Where ``np.<function>(a, v, mode)`` of lengths ``n`` and ``m`` sits in the full correlation of ``a``
    with (for convolve: the reversed, and the longer taken first) ``v``: its ``(offset, length)``."""
    if function == "convolve" and m > n:
        n, m = m, n
    total, longer, shorter = n + m - 1, max(n, m), min(n, m)
    if mode == "full":
        return 0, total
    if mode == "valid":
        return shorter - 1, longer - shorter + 1
    if n >= m:  # NumPy centres 'same' on the longer input: (m - 1) // 2 into the full result
        return (m - 1) // 2, n
    return total - (n - 1) // 2 - m, m  # correlate swaps the inputs and reverses the result: the mirrored window


def _correlate_rule(ins, attrs):
    a, v = ins
    if len(a.shape) != 1 or len(v.shape) != 1 or a.dtype != v.dtype:
        raise ValueError(f"correlate: takes two 1-D arrays of one dtype, got {a.dtype}{list(a.shape)} and "
                         f"{v.dtype}{list(v.shape)}")
    n, m = a.shape[0], v.shape[0]
    if n is None or m is None:
        raise NotStageable(f"np.{attrs['function']} needs the lengths of its inputs while tracing")
    _, length = correlation_window(attrs["function"], n, m, attrs["mode"])
    return [((length,), a.dtype)]


def _correlate_kernel(a: Any, v: Any, function: str, mode: str) -> np.ndarray:
    return getattr(np, function)(a, v, mode)


define("correlate", _correlate_rule, kernel=_correlate_kernel, jax=JAX)
