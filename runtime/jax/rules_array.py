"""The JAX rules of the array library ops (runtime/graph/ops_array.py, whose records name this module):
searching, stable and partial sorting, the unbuffered scatter of ``ufunc.at``.

A rule is ``rule(ctx, *inputs, **attrs)`` (runtime/jax/lowering.py). XLA has no introselect:
``partition`` fully sorts (a stable argsort for ``argpartition``), which meets NumPy's documented
contract (the k-th element in its sorted place, none larger before it, none smaller after it) but may
order the elements inside each partition differently from NumPy.
"""

from __future__ import annotations

from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from runtime.graph.ops_array import correlation_window
from runtime.graph.ops_update import fill_index
from runtime.jax import index_checks
from runtime.limits import UnsortedSearch

# NumPy's binary search in an array that is not sorted gives the answer its own search path leads to (still a
# documented misuse, but a deterministic answer); XLA's search takes another path, so it would give another
# answer silently. On XLA such an array is an error, checked when the graph runs as the graph's asserts are
# (runtime/jax/lowering.py allots the node its code). {op: (error class, message)}
UNSORTED = ("np.searchsorted (or a function that calls it, such as np.digitize) was given an array that is "
            "not sorted (in NumPy's order, NaNs last): NumPy's answer then follows the path of its own binary "
            "search, which XLA's does not take, so executor='jax' cannot give it. Sort the array first, or run "
            "this function on the NumPy executor (executor='numpy', the default)")
CHECKED = {"searchsorted": (UnsortedSearch, UNSORTED)}


# NumPy orders complex numbers with NaNs as [R + Rj, R + nanj, nan + Rj, nan + nanj] (R: not NaN), each group by
# its parts that are not NaN; XLA's lexicographic order puts 1 + nanj among the numbers of real part 1. The keys
# below are NumPy's order: the group, then the real and the imaginary part with NaN read as 0.
def complex_keys(z: Any) -> tuple:
    re, im = jnp.real(z), jnp.imag(z)
    nan_re, nan_im = jnp.isnan(re), jnp.isnan(im)
    return (2 * nan_re.astype(jnp.int8) + nan_im.astype(jnp.int8), jnp.where(nan_re, 0, re), jnp.where(nan_im, 0, im))


def sort(x: Any, axis: int) -> Any:
    """``np.sort(x, axis)`` (NumPy's order of complex NaNs)."""
    if not jnp.iscomplexobj(x):
        return jnp.sort(x, axis)
    return lax.sort((*complex_keys(x), x), dimension=axis % x.ndim, num_keys=3)[3]


def argsort(x: Any, axis: int, stable: bool = True) -> Any:
    """``np.argsort(x, axis)`` (NumPy's order of complex NaNs; ties in their order, as a stable sort)."""
    if not jnp.iscomplexobj(x):
        return jnp.argsort(x, axis=axis, stable=stable)
    axis = axis % x.ndim
    iota = lax.broadcasted_iota(np.int64, x.shape, axis)
    return lax.sort((*complex_keys(x), iota), dimension=axis, num_keys=3, is_stable=True)[3]


def _out_of_order(a: Any) -> Any:
    """Whether the 1-D ``a`` is not sorted in NumPy's order (NaNs last; complex numbers by ``complex_keys``)."""
    if jnp.iscomplexobj(a):
        (g0, r0, i0), (g1, r1, i1) = complex_keys(a[:-1]), complex_keys(a[1:])
        return jnp.any((g1 < g0) | ((g1 == g0) & ((r1 < r0) | ((r1 == r0) & (i1 < i0)))))
    lo, hi = a[:-1], a[1:]
    if not jnp.issubdtype(a.dtype, jnp.inexact):
        return jnp.any(hi < lo)
    return jnp.any((hi < lo) | (jnp.isnan(lo) & ~jnp.isnan(hi)))


def _searchsorted(ctx: Any, a: Any, v: Any, side: str) -> Any:
    # Compare in the dtype NumPy compares in: int64 values against a float32 array compare as float64.
    common = np.result_type(*(x.dtype for x in ctx.node.inputs))
    a, v = jnp.asarray(a).astype(common), jnp.asarray(v).astype(common)
    if ctx.node in ctx.lowering.assert_codes:  # (see CHECKED)
        index_checks.fail_unless(ctx, ~_out_of_order(a))
    if common.kind != "c":
        return jnp.searchsorted(a, v, side=side)
    # Complex: how many items of the sorted `a` come before each value in NumPy's order (a count, n * m compares).
    ka, kv = complex_keys(a), complex_keys(jnp.ravel(v))
    ka = [k[:, None] for k in ka]
    kv = [k[None, :] for k in kv]
    (ga, ra, ia), (gv, rv, iv) = ka, kv
    before = (ga < gv) | ((ga == gv) & ((ra < rv) | ((ra == rv) & (ia < iv))))
    if side == "right":
        before |= (ga == gv) & (ra == rv) & (ia == iv)
    return jnp.sum(before, axis=0).astype(np.int64).reshape(jnp.shape(v))


def _stable_argsort(ctx: Any, x: Any, axis: int) -> Any:
    return argsort(x, axis, stable=True)


def _partition(ctx: Any, x: Any, kth: Any, axis: int) -> Any:
    return sort(x, axis)  # a full sort: NumPy's partition contract, not its order (see above)


def _argpartition(ctx: Any, x: Any, kth: Any, axis: int) -> Any:
    return argsort(x, axis, stable=True)


def _jax_index(index: tuple, index_inputs: Any) -> tuple:
    """``index`` filled in for JAX: slice bounds must be static (constants are NumPy values while lowering)."""
    def static(bound: Any) -> Any:
        if isinstance(bound, jax.core.Tracer):
            raise ValueError("ufunc.at with a slice bound computed at run time cannot be lowered to JAX, "
                             "whose shapes are static")
        return None if bound is None else int(bound)
    return tuple(slice(static(i.start), static(i.stop), static(i.step)) if isinstance(i, slice) else i
                 for i in fill_index(index, index_inputs))


# Scatters XLA does itself, in x's dtype: exact when v already has x's dtype.
_JAX_SCATTERS = {"add": "add", "multiply": "multiply", "maximum": "max", "minimum": "min"}


def _ufunc_at(ctx: Any, x: Any, v: Any, *index_inputs: Any, ufunc: str, index: tuple) -> Any:
    x = jnp.asarray(x)
    # An index out of bounds: NumPy's IndexError after the run (XLA's scatter would drop the update).
    index_inputs, empty = index_checks.checked(ctx, x, index, index_inputs)
    if empty:
        return x
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


def _correlate(ctx, a, v, *, function, mode):
    """Each output element is the sum of its window's products, the products outside ``a`` masked to zero
    (never ``a``'s zero padding times ``v``: NumPy's window leaves them out, and ``inf * 0`` is NaN)."""
    n, m = a.shape[0], v.shape[0]
    if function == "convolve":
        if m > n:
            a, v, n, m = v, a, m, n
        v = v[::-1]
    elif jnp.iscomplexobj(v):
        v = jnp.conj(v)
    offset, length = correlation_window(function, n, m, mode)
    where = offset + np.arange(length)[:, None] + np.arange(m)[None, :] - (m - 1)  # into a, for each (k, n)
    inside = (where >= 0) & (where < n)
    window = a[np.clip(where, 0, n - 1)]
    if a.dtype == jnp.bool_:  # NumPy's dot of booleans: any of the ands
        return jnp.any(inside & window & v[None, :], axis=1)
    return jnp.sum(jnp.where(inside, window * v[None, :], jnp.zeros((), a.dtype)), axis=1).astype(a.dtype)


RULES = {
    "correlate": _correlate,
    "searchsorted": _searchsorted,
    "stable_argsort": _stable_argsort,
    "partition": _partition,
    "argpartition": _argpartition,
    "ufunc_at": _ufunc_at,
    # XLA keeps no memory layout of ours: its sums add in an order of their own (docs/jax.md).
    "contiguous": lambda ctx, x, order: x,
    "layout_like": lambda ctx, x, prototype, order: x,
}
