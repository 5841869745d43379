"""Library ops for NumPy's array functions that do not compose from the core ops: searching,
stable and partial sorting, and the unbuffered scatter of ``ufunc.at``.

Each op has its shape/dtype rule, its NumPy kernel and its JAX lowering here (``opdefs.define``).
The NumPy functions that use them are in ``numpy_array``. JAX is imported inside the lowering
rules only: importing the graph package never imports JAX.

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
  output. XLA has no introselect: the lowering fully sorts (a stable argsort for
  ``argpartition``), which meets NumPy's documented contract (the k-th element in its sorted
  place, none larger before it, none smaller after it) but may order the elements inside each
  partition differently from NumPy. ``docs/graph_numpy_functions.md`` says so.
* ``ufunc_at(x, v, *index_inputs; ufunc, index)``: a copy of ``x`` after
  ``np.<ufunc>.at(copy, index, v)``: unbuffered, so repeated indices accumulate, and each
  update is computed in the ufunc's loop dtype and cast back to ``x``'s dtype (unsafe casting,
  as NumPy). ``index`` is ``getitem``'s form (``Ref(k)`` for the k-th index input).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from runtime.graph import shapes
from runtime.graph.opdefs import define
from runtime.graph.ops_update import fill_index
from runtime.staging import NotStageable

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


def _searchsorted_lowering(ctx, a, v, side):
    import jax.numpy as jnp
    # Compare in the dtype NumPy compares in: int64 values against a float32 array compare as float64.
    common = np.result_type(*(x.dtype for x in ctx.node.inputs))
    return jnp.searchsorted(jnp.asarray(a).astype(common), jnp.asarray(v).astype(common), side=side)


define("searchsorted", _searchsorted_rule, kernel=lambda a, v, side: np.searchsorted(a, v, side=side),
       lowering=_searchsorted_lowering)


# --- stable argsort and partitions -----------------------------------------------------------------

def _axis_rule(ins, attrs):
    (x,) = ins
    shapes.normalize_axis(attrs["axis"], len(x.shape))
    return x


def _stable_argsort_rule(ins, attrs):
    x = _axis_rule(ins, attrs)
    return [(x.shape, INT64)]


def _stable_argsort_lowering(ctx, x, axis):
    import jax.numpy as jnp
    return jnp.argsort(x, axis=axis, stable=True)


define("stable_argsort", _stable_argsort_rule, kernel=lambda x, axis: np.argsort(x, axis, kind="stable"),
       lowering=_stable_argsort_lowering)


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


def _partition_lowering(ctx, x, kth, axis):
    import jax.numpy as jnp
    return jnp.sort(x, axis=axis)  # a full sort: NumPy's partition contract, not its order (see above)


def _argpartition_lowering(ctx, x, kth, axis):
    import jax.numpy as jnp
    return jnp.argsort(x, axis=axis, stable=True)


define("partition", _partition_rule(False), kernel=lambda x, kth, axis: np.partition(x, list(kth), axis),
       lowering=_partition_lowering)
define("argpartition", _partition_rule(True), kernel=lambda x, kth, axis: np.argpartition(x, list(kth), axis),
       lowering=_argpartition_lowering)


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


def _jax_index(index: tuple, index_inputs: Any) -> tuple:
    """``index`` filled in for JAX: slice bounds must be static (constants are NumPy values while lowering)."""
    import jax

    def static(bound: Any) -> Any:
        if isinstance(bound, jax.core.Tracer):
            raise ValueError("ufunc.at with a slice bound computed at run time cannot be lowered to JAX, "
                             "whose shapes are static")
        return None if bound is None else int(bound)
    return tuple(slice(static(i.start), static(i.stop), static(i.step)) if isinstance(i, slice) else i
                 for i in fill_index(index, index_inputs))


# Scatters XLA does itself, in x's dtype: exact when v already has x's dtype.
_JAX_SCATTERS = {"add": "add", "multiply": "multiply", "maximum": "max", "minimum": "min"}


def _ufunc_at_lowering(ctx, x, v, *index_inputs, ufunc, index):
    import jax.numpy as jnp
    from jax import lax

    x = jnp.asarray(x)
    idx = _jax_index(index, index_inputs)
    same = ctx.node.inputs[1].dtype == x.dtype
    if same and ufunc in _JAX_SCATTERS and x.dtype.kind != "b":
        return getattr(x.at[idx], _JAX_SCATTERS[ufunc])(jnp.asarray(v))
    # Everything else exactly as NumPy's unbuffered loop: one position at a time, each result
    # computed in the ufunc's loop dtype and cast back to x's dtype before the next update.
    positions = jnp.arange(x.size).reshape(x.shape)[idx]
    values = jnp.broadcast_to(jnp.asarray(v), positions.shape).ravel()
    positions = positions.ravel()
    fn = getattr(jnp, ufunc)
    loop = getattr(np, ufunc).resolve_dtypes((x.dtype, np.dtype(ctx.node.inputs[1].dtype), None))

    def update(k, flat):
        p = positions[k]
        new = fn(flat[p].astype(loop[0]), values[k].astype(loop[1]))
        return flat.at[p].set(new.astype(x.dtype))

    return lax.fori_loop(0, positions.size, update, x.ravel()).reshape(x.shape)


define("ufunc_at", _ufunc_at_rule, kernel=_ufunc_at_kernel, lowering=_ufunc_at_lowering)
