"""NumPy's reductions of complex arrays on XLA, where JAX's own differ from NumPy's.

* ``any`` / ``all``: an element is true when either part is nonzero. ``jnp.any`` / ``jnp.all`` of a complex array
  look at the real part only (``jnp.any(jnp.array([2j, 0]))`` is False; NumPy's True).
* ``max`` / ``min`` / ``argmax`` / ``argmin``: NumPy orders complex numbers lexicographically (the real part, then
  the imaginary part) and the first element with a NaN part wins (``np.max([1, nan + 0j, 3])`` is ``nan+0j``).
  ``jnp.max`` drops the NaN; ``jnp.argmax`` of a complex array is JAX's TypeError.
* ``prod`` / ``cumprod``: NumPy multiplies in order along the axis, a product from ``1 + 0j`` (so ``prod([inf +
  0j])`` is ``inf+nanj``: ``(1 + 0j) * (inf + 0j)`` has ``0 * inf`` in its imaginary part), a running product from
  the first element. XLA's tree of products gives other NaN parts and another rounding; these are scans in
  NumPy's order, with NumPy's formula for the product.

Before (the graph)::

    b:c128[] = max[axis=None keepdims=False] a

After (what the rule computes)::

    nan = isnan(re(a)) | isnan(im(a))
    best = the lexicographic maximum of a, or a's first element with a NaN part if there is one
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
import numpy as np
from jax import lax


def _to_last(x: Any, axis: Any) -> tuple[Any, tuple]:
    """``x`` with the reduced axes last, flattened into one (``axis`` None: all of them), and the kept axes."""
    axes = tuple(range(x.ndim)) if axis is None else (axis,) if isinstance(axis, int) else tuple(axis)
    axes = tuple(a % x.ndim for a in axes) if x.ndim else ()
    kept = tuple(a for a in range(x.ndim) if a not in axes)
    moved = jnp.transpose(x, kept + axes)
    return moved.reshape(tuple(x.shape[a] for a in kept) + (-1,)), axes


def _keep(result: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
    if not keepdims:
        return result
    return result.reshape(tuple(1 if a in axes else n for a, n in enumerate(x.shape)))


def any_all(fn: Any) -> Any:
    def rule(ctx, x, axis, keepdims):
        if jnp.iscomplexobj(x):
            x = x != 0
        return fn(x, axis, keepdims=keepdims)
    return rule


def _extreme_index(flat: Any, largest: bool) -> Any:
    """The index along the last axis of NumPy's complex maximum (minimum): the first NaN, else the first
    lexicographically largest (smallest) element."""
    re, im = jnp.real(flat), jnp.imag(flat)
    nan = jnp.isnan(re) | jnp.isnan(im)
    best_re = (jnp.max if largest else jnp.min)(jnp.where(nan, -jnp.inf if largest else jnp.inf, re), -1,
                                                 keepdims=True)
    on_best = (re == best_re) & ~nan
    worst = -jnp.inf if largest else jnp.inf
    best_im = (jnp.max if largest else jnp.min)(jnp.where(on_best, im, worst), -1, keepdims=True)
    found = jnp.argmax(on_best & (im == best_im), -1)
    return jnp.where(jnp.any(nan, -1), jnp.argmax(nan, -1), found)


def extreme(largest: bool, index: bool) -> Any:
    """The rule of max / min (``index``: argmax / argmin)."""
    plain = (jnp.argmax if largest else jnp.argmin) if index else (jnp.max if largest else jnp.min)

    def rule(ctx, x, axis, keepdims):
        if not jnp.iscomplexobj(x):
            return plain(x, axis, keepdims=keepdims)
        flat, axes = _to_last(x, axis)  # (axis None: every axis, in C order: NumPy's argmax of the flattened array)
        at = _extreme_index(flat, largest)
        result = at if index else jnp.take_along_axis(flat, at[..., None], -1)[..., 0]
        return _keep(result.astype(np.int64) if index else result, x, axes, keepdims)
    return rule


def _times(a: Any, b: Any) -> Any:
    """NumPy's complex product: (ar br - ai bi) + (ar bi + ai br) j."""
    ar, ai, br, bi = jnp.real(a), jnp.imag(a), jnp.real(b), jnp.imag(b)
    return lax.complex(ar * br - ai * bi, ar * bi + ai * br)


def prod(ctx, x, axis, keepdims):
    out = np.dtype(ctx.node.outputs[0].dtype)
    if out.kind != "c":
        return jnp.prod(x, axis, dtype=out, keepdims=keepdims)
    flat, axes = _to_last(x.astype(out), axis)
    steps = jnp.moveaxis(flat, -1, 0)
    total, _ = lax.scan(lambda acc, v: (_times(acc, v), None), jnp.ones(flat.shape[:-1], out), steps)
    return _keep(total, x, axes, keepdims)


def cumprod(ctx, x, axis):
    out = np.dtype(ctx.node.outputs[0].dtype)
    if out.kind != "c":
        return jnp.cumprod(x, axis, dtype=out)
    if axis is None:
        x, axis = x.reshape(-1), 0
    steps = jnp.moveaxis(x.astype(out), axis, 0)
    if steps.shape[0] == 0:
        return x.astype(out)

    def step(acc, v):
        new = _times(acc, v)
        return new, new

    _, rest = lax.scan(step, steps[0], steps[1:])
    return jnp.moveaxis(jnp.concatenate([steps[:1], rest]), 0, axis)
