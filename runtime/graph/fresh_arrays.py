"""NumPy's constructors of fresh arrays, called from converted code while a graph is traced: graph arrays.

Before (what the user wrote)::

    def sharpe(returns):
        out = np.empty(returns.shape[1:])
        np.divide(np.mean(returns, axis=0), np.std(returns, axis=0), out=out)
        return out

After (the graph; ``ag__.call(np.empty)`` handed the call here, runtime/new_arrays.py)::

    b:f64[3] = full[dtype=float64 fill_value=0.0 shape=(3,)]
    ...
    g:f64[3] = truediv e f
    h:f64[3] = setitem[index=(...)] b g
      in (h)

The array is a tensor from the start, holding what NumPy would make (zeros for ``np.empty``, whose
contents NumPy leaves undefined), so every later write of a traced value (``out=``, ``x += t``,
``np.add.at``, ``x[i] = t``, through views and other names bound to it) is a graph write, as NumPy's writes
reach every name and view of the array. An array that is only read is a constant of the graph, which the
fold pass computes with. The shape (and the other arguments that decide it) must be known while tracing, except
that ``np.zeros`` / ``ones`` / ``empty`` / ``full`` take a size computed in the graph: a dim known when the graph
runs (runtime/graph/tensor_sizes.py).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from runtime.builtin_calls import builtin_call
from runtime.graph import tensor_sizes
from runtime.graph.tensor import (
    as_tensor,
    bind1,
    cast,
    holds_tensor,
    is_or_holds_tensor,
    laid_out,
    nest_array,
)
from runtime.staging import NotStageable, user_location

_FILLED = {np.zeros: 0, np.ones: 1, np.empty: 0}  # np.empty: NumPy leaves the contents undefined; zeros qualify
_LIKE = (np.zeros_like, np.ones_like, np.empty_like, np.full_like)


def new_array(f: Callable) -> Callable:
    """What converted code calls in place of ``f`` (``np.zeros``, ``np.identity``, ``np.full_like``, ...) while
    a graph is traced."""
    def make(*args: Any, **kwargs: Any) -> Any:
        return _make(f, args, kwargs)
    return make


def _make(f: Callable, args: tuple, kwargs: dict) -> Any:
    if f is np.arange and any(is_or_holds_tensor(a) for a in (*args, *kwargs.values())):
        return builtin_call(f, *args, **kwargs)  # a bound computed in the graph: a run-time length (tensor_sizes.py)
    if f in tensor_sizes.SIZED:
        sized = tensor_sizes.new_array(f, args, kwargs)  # a size computed in the graph: a run-time dim `?`
        if sized is not None:
            return sized
    _check_shape(f, args, kwargs)
    if f in _LIKE and args and is_or_holds_tensor(args[0]):
        return f(*args, **kwargs)  # of a traced array: its own graph function (numpy_array.py)
    fill = _fill_tensor(f, args, kwargs)
    if fill is not None:
        return fill
    made = f(*args, **kwargs)  # eager's own array: NumPy's shape, dtype, values and errors
    if type(made) is not np.ndarray or made.dtype.kind not in "biufc":
        return made  # (a subclass from like=, a string or object array: NumPy's, as in eager code)
    if f is np.empty or f is np.empty_like:
        made[...] = 0
    if made.size and (f in _FILLED or f is np.full or f in _LIKE):
        # One value everywhere, bit for bit (-0.0 is not 0.0, NaNs keep their bits): a `full` node, not a
        # constant as big as the array.
        raw = np.ascontiguousarray(made).reshape(-1).view(np.uint8).reshape(made.size, made.itemsize)
        if (raw == raw[0]).all():
            filled = bind1("full", [], shape=made.shape, fill_value=made.reshape(-1)[0].copy(), dtype=made.dtype)
            return _in_layout_of(made, filled)
    return as_tensor(made)  # (a constant keeps the array's layout)


def _in_layout_of(made: np.ndarray, t: Any) -> Any:
    """``t`` in ``made``'s memory layout (``order="F"``, ``np.zeros_like`` of a Fortran-ordered array): NumPy sums
    in memory order (runtime/graph/ops_layout.py)."""
    fortran = made.flags.f_contiguous and not made.flags.c_contiguous
    return laid_out(t, "F") if fortran else t


def _fill_tensor(f: Callable, args: tuple, kwargs: dict) -> Any:
    """``np.full(shape, t)`` with a traced fill value: ``t`` cast as NumPy's ``copyto(..., casting="unsafe")``
    casts it, broadcast to the shape (None when the fill value is not traced)."""
    if f is not np.full and f is not np.full_like:
        return None
    names = ("shape", "fill_value", "dtype") if f is np.full else ("a", "fill_value", "dtype")
    bound = dict(zip(names, args), **kwargs)
    fill = bound.get("fill_value")
    if not is_or_holds_tensor(fill):
        return None
    fill = nest_array(fill) if holds_tensor(fill) else as_tensor(fill)  # (a list: stacked as np.array would)
    bound["fill_value"] = np.zeros(fill.shape, fill.dtype)
    reference = f(**bound)  # NumPy's result shape, dtype and layout (and its errors), from a stand-in fill value
    return _in_layout_of(reference, bind1("broadcast_to", [cast(fill, reference.dtype)], shape=reference.shape))


def _check_shape(f: Callable, args: tuple, kwargs: dict) -> None:
    """``np.eye(n)`` with a traced ``n`` (``np.zeros`` and the others of ``tensor_sizes.SIZED`` take one: a run-time
    dim): NumPy would ask the tensor for a Python int, fail, and raise its own ``TypeError``, which a program's
    ``except TypeError:`` takes for an answer (issue 29). Say what a graph cannot do, as a limitation no handler
    turns into another one."""
    if f in _LIKE:
        at = 5 if f is np.full_like else 4  # (shape follows fill_value, dtype, order, subok)
        sizes = [kwargs.get("shape", args[at] if len(args) > at else None)]
    else:
        sizes = [args[0] if args else kwargs.get("shape", kwargs.get("N"))]
    if f is np.eye or f is np.tri:
        sizes += [args[1] if len(args) > 1 else kwargs.get("M"), args[2] if len(args) > 2 else kwargs.get("k")]
    if any(is_or_holds_tensor(size) for size in sizes):
        raise NotStageable(
            f"{user_location()}: np.{f.__name__} with a shape (or size) from a traced value: a graph takes a "
            "size known only when it runs in np.zeros, np.ones, np.empty, np.full and np.arange (a dim `?`), "
            "not here. Give the shape as a Python int (a Python argument of the function is a constant of its "
            "trace), or build the array from a traced one (np.zeros_like(x), np.ones_like(x))")


