"""A value computed in the graph used as an array size: the array's dim is ``?``, known when the graph runs.

Before (Python, ``x`` a graph tensor of ints)::

    n_col = np.amax(x) + 1
    one_hot = np.zeros((x.shape[0], n_col))
    idx = np.arange(len(x[x > 0]))

After (the graph)::

    b:i64[] = max[axis=None keepdims=False] a
    c:i64[] = add b 1
    d:f64[5,?] = sized_full[dtype=float64 fill_value=0.0 shape=(5, $0)] c
    ...
    h:i64[?] = sized_arange[dtype=int64] e g f

NumPy asks such a size for a Python int while the call runs, which a graph tensor cannot give while tracing. The
calls that take sizes come here instead: ``np.zeros`` / ``ones`` / ``empty`` / ``full`` through
runtime/graph/fresh_arrays.py, and ``np.arange`` (with ``np.repeat`` and ``np.take``, whose counts and positions
NumPy does not dispatch on) through ``ag__.builtin`` (autograph/converters/call_trees.py routes them). Each asks
NumPy itself first, with a stand-in of the value eager code would hold (``np.int64(1)`` for an int64 tensor, the
Python int 1 for a run-time ``len()``), so NumPy's own errors for a float size or a bad dtype come while tracing;
the ops (runtime/graph/ops_data_dependent.py) run NumPy's kernel on the real sizes, so a negative size is NumPy's
own error when the graph runs. XLA fixes every shape: executor="jax" runs these ops as NumPy stages at the
function's top level and refuses them inside a staged ``if`` or loop (runtime/jax/segments.py).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import numpy as np

from runtime.graph.builtins import implements
from runtime.graph.shapes import Ref
from runtime.graph.tensor import PyNumber, Tensor, as_tensor, bind1, cast, is_tensor_like, laid_out, order_name
from runtime.staging import NotStageable, user_location

# The constructors whose shape may hold a run-time size, and the fill value each makes (None: np.full's own).
_FILLS: dict[Any, Any] = {np.zeros: 0, np.ones: 1, np.empty: 0, np.full: None}  # (np.empty's contents: any)
SIZED = tuple(_FILLS)
_PYTHON_STAND_IN = {"i": 1, "u": 1, "f": 1.0, "b": True, "c": 1j}


def stand_in(t: Tensor) -> Any:
    """What eager code holds where the graph holds ``t``, with the value 1: a Python number for a ``PyNumber``,
    a NumPy scalar for a 0-d tensor, an array of ones for an array of known shape."""
    if type(t) is PyNumber:
        return _PYTHON_STAND_IN[t.dtype.kind]
    if t.ndim == 0:
        return t.dtype.type(1)
    if None in t.shape:
        raise NotStageable(f"{user_location()}: an array shape given as a traced array of unknown length "
                           f"({t.value.type_str}): the number of dims of the result would be known only when the "
                           "graph runs, and a graph fixes it while tracing. Give the shape as a tuple")
    return np.ones(t.shape, t.dtype)


def split_shape(shape: Any) -> Optional[tuple[Any, tuple, list]]:
    """``(stand-in shape, template, sizes)`` of a shape argument holding graph values, or None when it holds
    none. The template holds the Python ints of the shape and ``Ref(i)`` for the dim whose length is the value of
    ``sizes[i]``; a 1-d tensor given as a whole shape (``np.zeros(t)``) gives one size per element."""
    items = shape if isinstance(shape, (tuple, list)) else (shape,)
    if not any(is_tensor_like(d) for d in items):
        return None
    if is_tensor_like(shape):
        t = as_tensor(shape)
        # (a 0-d size as a 1-tuple: NumPy's error for a bare float names its value, which is known only later)
        standing = (stand_in(t),) if t.ndim == 0 else stand_in(t)
        items = tuple(t[i] for i in range(t.shape[0])) if t.ndim == 1 else (t,)  # (NumPy's probe refuses 2-d)
    else:
        standing = type(shape)(stand_in(as_tensor(d)) if is_tensor_like(d) else d for d in items)
    template, sizes = [], []
    for d in items:
        if is_tensor_like(d):
            template.append(Ref(len(sizes)))
            sizes.append(as_tensor(d))
        else:
            template.append(int(d))
    return standing, tuple(template), sizes


def new_array(f: Callable, args: tuple, kwargs: dict) -> Any:
    """``np.zeros((n, k))``, ``np.ones``, ``np.empty``, ``np.full`` (``SIZED``) with a size computed in the graph:
    a ``sized_full`` node; None when no size is a graph value (then fresh_arrays makes the array as before)."""
    names = ("shape", "fill_value", "dtype", "order") if f is np.full else ("shape", "dtype", "order")
    if len(args) > len(names):
        return None  # (NumPy's own TypeError, from the call as written)
    bound = dict(zip(names, args), **kwargs)
    split = split_shape(bound.get("shape"))
    if split is None:
        return None
    if bound.get("like") is not None:
        raise NotStageable(f"{user_location()}: np.{f.__name__}(..., like=) is not supported in graphs")
    standing, template, sizes = split
    fill = bound.get("fill_value")
    if f is np.full and is_tensor_like(fill):  # a traced fill value: stand-in zeros of its dtype give NumPy's dtype
        fill = as_tensor(fill)
        bound["fill_value"] = np.zeros(fill.shape, fill.dtype)
    elif f is np.full and np.ndim(fill) != 0:
        raise NotStageable(f"{user_location()}: np.full with a run-time size and an array fill value is not "
                           "supported in graphs: give a scalar fill value")
    probe = f(**{**bound, "shape": standing})  # NumPy's own errors (a float size, a bad dtype) and its dtype
    dtype = probe.dtype
    if isinstance(fill, Tensor):
        if fill.ndim != 0:
            raise NotStageable(f"{user_location()}: np.full with a run-time size and an array fill value is not "
                               "supported in graphs: give a scalar fill value")
        value = cast(fill, dtype)
        everywhere = bind1("sized_full", sizes, shape=template, fill_value=np.True_, dtype=np.dtype(bool))
        made = bind1("where", [everywhere, value, value])  # (the value's own bits, broadcast)
    else:
        fill_value = np.full((), _FILLS[f] if fill is None else fill, dtype)[()]
        made = bind1("sized_full", sizes, shape=template, fill_value=fill_value, dtype=dtype)
    return laid_out(made, "F") if order_name(bound.get("order")) == "F" else made  # (NumPy sums in memory order)


@implements(np.arange)
def _arange(*args: Any, dtype: Any = None, device: Any = None, like: Any = None, **bounds: Any) -> Tensor:
    """``np.arange`` with a bound computed in the graph (``np.arange(len(x[m]))``, ``np.arange(np.amax(x) + 1)``):
    a ``sized_arange`` node of length ``?``, with the dtype NumPy gives the values eager code holds."""
    if like is not None:
        raise NotStageable(f"{user_location()}: np.arange(..., like=) is not supported in graphs")

    def standing(v: Any) -> Any:  # (1 for every bound: the probe's length is 0, whatever the static bounds)
        if is_tensor_like(v):
            return stand_in(as_tensor(v))
        if isinstance(v, np.generic):
            return v.dtype.type(1)
        return type(v)(1) if type(v) in (bool, int, float, complex) else v

    probe = np.arange(*(standing(a) for a in args), dtype=dtype, device=device,
                      **{k: standing(v) for k, v in bounds.items()})  # NumPy's errors, and its dtype

    def normalize(start: Any = None, stop: Any = None, step: Any = None) -> tuple:
        if stop is None:  # np.arange(stop)
            start, stop = 0, start
        return (0 if start is None else start), stop, (1 if step is None else step)

    values = normalize(*args, **bounds)
    for v in values:
        if is_tensor_like(v) and as_tensor(v).ndim:
            raise TypeError("only 0-d values can be bounds of np.arange")  # (NumPy's probe took the stand-in)
    python = tuple(type(v) is PyNumber or type(v) in (bool, int, float, complex) for v in values)
    return bind1("sized_arange", [as_tensor(v) for v in values], dtype=probe.dtype, python=python)
