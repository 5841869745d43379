"""XLA's rule for the graph's ``einsum`` node: NumPy's answer up to rounding, each sum and product checked.

On the interpreter an ``einsum`` node runs NumPy's own einsum (runtime/graph/ops_linalg.py), whose last bits no
composition matches. XLA adds in its own order anyway (summation_order.py), so here the node contracts its
operands as NumPy's unoptimized einsum would count them, pair by pair from the left, with an order check on each
sum and matrix product where near-overflow values could make the order decide the answer::

    einsum[subscripts='ij,jk->ik'] a b          # the graph's node
    jnp.matmul(a, b), matmul_ok(a, b) checked    # what XLA runs for it

Repeated labels take a diagonal first; a label only one operand has (and the output lacks) is summed before its
contraction; shared labels the output keeps are the matmul's batch, the others its inner dimension. Sums keep the
operands' dtype (an int32 einsum wraps in int32, as NumPy's), a bool one is ``any``, and a float sum of zeros is
+0.0, as NumPy's loops start from +0.0.
"""

from __future__ import annotations

import math
from typing import Any

import jax.numpy as jnp
import numpy as np

from runtime.graph import einsum_subscripts
from runtime.jax import summation_order
from runtime.jax.lowering import cast_as_numpy, plus_zero


def _einsum(ctx: Any, *operands: Any, subscripts: str, optimize: Any, dtype: Any, order: str,
            casting: str) -> Any:
    xs = [jnp.asarray(x) for x in operands]
    if dtype is not None:
        xs = [cast_as_numpy(x, np.dtype(dtype)) for x in xs]
    labels, output = einsum_subscripts.parse(subscripts, [x.ndim for x in xs])
    pairs = [_diagonals(x, list(lab)) for x, lab in zip(xs, labels)]
    x, lx = pairs[0]
    later = {c for _, lab in pairs[1:] for c in lab}
    x, lx = _sum_labels(ctx, x, lx, {c for c in lx if c not in output and c not in later})
    for k, (y, ly) in enumerate(pairs[1:], 1):
        keep = set(output) | {c for _, lab in pairs[k + 1:] for c in lab}
        x, lx = _contract(ctx, x, lx, y, ly, keep)
    x, lx = _sum_labels(ctx, x, lx, {c for c in lx if c not in output})
    x = cast_as_numpy(x, np.dtype(ctx.node.outputs[0].dtype))
    return jnp.transpose(x, [lx.index(c) for c in output])


def _diagonals(x: Any, lab: list) -> tuple[Any, list]:
    """A label repeated in one operand ('ii') takes the diagonal, as the last axis."""
    while len(set(lab)) < len(lab):
        c = next(c for c in lab if lab.count(c) > 1)
        p = lab.index(c)
        q = lab.index(c, p + 1)
        rest = [k for k in range(x.ndim) if k not in (p, q)]
        along = jnp.arange(x.shape[p])
        x = jnp.transpose(x, rest + [p, q])[..., along, along]
        lab = [lab[k] for k in rest] + [c]
    return x, lab


def _sum_labels(ctx: Any, x: Any, lab: list, drop: set) -> tuple[Any, list]:
    axes = tuple(k for k, c in enumerate(lab) if c in drop)
    if not axes:
        return x, lab
    return _sum(ctx, x, axes), [c for c in lab if c not in drop]


def _sum(ctx: Any, x: Any, axes: tuple, keepdims: bool = False) -> Any:
    """A sum in ``x``'s own dtype (``any`` of bools), order-checked where it is a float's."""
    if x.dtype == jnp.bool_:
        return jnp.any(x, axes, keepdims=keepdims)
    if _checked(x.dtype):
        summation_order.order_checked(ctx, lambda exact: summation_order.sum_ok(x, axes, x.dtype, exact))
    # (+0.0 for a zero total: NumPy's loops add from +0.0, np.einsum('i->', [-0.0]) is 0.0; XLA's reduce of one item is
    # that item)
    return plus_zero(jnp.sum(x, axes, dtype=x.dtype, keepdims=keepdims))


def _matmul(ctx: Any, a: Any, b: Any) -> Any:
    out = jnp.result_type(a.dtype, b.dtype)
    if _checked(out) and _checked(a.dtype) and _checked(b.dtype):
        summation_order.order_checked(ctx, lambda exact: summation_order.matmul_ok(a, b, out, exact))
    # (a bool operand made a number behind a barrier: `False * nan` is NumPy's nan, where XLA's simplifier would make
    # the dot a select, with 0 there: tests/runtime/jax/test_jax_exact_arithmetic.py)
    return jnp.matmul(cast_as_numpy(a, np.dtype(out)), cast_as_numpy(b, np.dtype(out)))


def _contract(ctx: Any, x: Any, lx: list, y: Any, ly: list, keep: set) -> tuple[Any, list]:
    """Two operands as one: shared labels not kept are summed by a matmul, kept ones are its batch."""
    x, lx = _sum_labels(ctx, x, lx, {c for c in lx if c not in ly and c not in keep})
    y, ly = _sum_labels(ctx, y, ly, {c for c in ly if c not in lx and c not in keep})
    shared = [c for c in lx if c in ly]
    summed = [c for c in shared if c not in keep]
    for c in summed:  # a summed label of size 1 on one side broadcasts against the other: sum the other first
        dx, dy = x.shape[lx.index(c)], y.shape[ly.index(c)]
        if dx == 1 and dy != 1:
            y = _sum(ctx, y, (ly.index(c),), keepdims=True)
        elif dy == 1 and dx != 1:
            x = _sum(ctx, x, (lx.index(c),), keepdims=True)
    batch = [c for c in shared if c in keep]
    only_x = [c for c in lx if c not in ly]
    only_y = [c for c in ly if c not in lx]
    xt = jnp.transpose(x, [lx.index(c) for c in batch + only_x + summed])
    yt = jnp.transpose(y, [ly.index(c) for c in batch + summed + only_y])
    nb = len(batch)
    rows, inner, cols = xt.shape[nb:nb + len(only_x)], xt.shape[nb + len(only_x):], yt.shape[nb + len(summed):]
    product = _matmul(ctx, xt.reshape(xt.shape[:nb] + (math.prod(rows), math.prod(inner))),
                      yt.reshape(yt.shape[:nb] + (math.prod(inner), math.prod(cols))))
    return product.reshape(product.shape[:nb] + tuple(rows) + tuple(cols)), batch + only_x + only_y


def _checked(dtype: Any) -> bool:
    """Whether sums of ``dtype`` are order-checked (summation_order.py: float32, float64 and complex)."""
    return np.dtype(dtype).kind in "fc" and np.dtype(dtype).itemsize >= 4


RULES = {"einsum": _einsum}
