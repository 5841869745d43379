"""Sums and products whose answer depends on their order, refused on XLA when the graph runs.

NumPy adds a float array pairwise in blocks of 8 (``np.sum``, ``np.mean``), along an axis in its own loop order
(``np.cumsum``), and a matrix product in its BLAS's order; it multiplies in order (``np.prod``, ``np.cumprod``).
XLA adds and multiplies in another order, which it is free to choose. Where no partial sum (product) can overflow
(or underflow) in any order, the two differ only by rounding; where one can, the order decides between a finite
number, ``inf``, ``-inf`` and NaN::

    x = [1e308, -inf, 0, ..., 0, 1e308, 0, ...]   # 16 items: NumPy adds items 0 and 8 first
    np.sum(x)               # NumPy: 1e308 + 1e308 = inf, then inf + -inf = nan
    the same sum on XLA     # -inf: XLA adds 1e308 + -inf first

So each such op of a graph lowered for XLA carries a check of its inputs that runs with it (an assert of the graph,
``Lowered.assert_codes``): where some order's partial sums may overflow and the items do not all pull one way (some
positive and some negative: then every order overflows to the same infinity), the run raises
``OrderDependentOverflow`` naming the user's line, not an answer NumPy might not give. A lane holding a NaN is left
alone (NaN in every order). Products: where a partial product may overflow and an item below 1 in magnitude could
bring it back, or underflow (XLA flushes subnormals to zero) and an item above 1 could bring it back.

Each check comes in two strengths. The cheap bound is one more reduction of the same items (the sum of a lane's
finite items' magnitudes; a product's largest and smallest items to the ``n``-th power; a matrix product's from its
operands' largest items): it holds wherever no order of adding can overflow, which is everywhere but near the
float limit. The exact bound asks, per lane, whether the items pull both ways there. A ``Lowered`` runs the cheap
bounds only (``exact=False``), and where one fails it runs the call again on its exact twin (``exact=True``: the
cheap bound, and the exact one under ``lax.cond`` only where the cheap one fails), which gives the answer or raises.
So no loop pays a ``lax.cond`` per iteration: the linear regression of ``python -m benchmarks executors`` ran
5.7x slower with one per matrix product (764 against 135 µs a call). Both leave a margin for the rounding of ``n``
items' partial sums in any order (``4 n eps`` of the largest float). float16 is not checked: both NumPy and XLA add
it in float32 (``np.sum``'s pairwise loop; ``jnp.sum`` upcasts), where its items cannot overflow.
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Optional, Sequence

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from runtime.graph.ir import Node
from runtime.jax import index_checks
from runtime.limits import OrderDependentOverflow

MESSAGE = ("the partial sums (or products) of this {op} may overflow here, and NumPy's order of adding (multiplying) "
           "and XLA's differ: which of inf, -inf, NaN or a finite number comes out depends on the order, so "
           "executor='jax' cannot give NumPy's answer. Run this function on the NumPy executor (executor='numpy', the "
           "default; executor='auto' does so by itself for this call), or scale the values down first")

# The ops whose order matters, by the kind of their order: {op: "sum" | "product" | "matmul"}.
ORDERED = {"sum": "sum", "mean": "sum", "cumsum": "sum", "prod": "product", "cumprod": "product", "matmul": "matmul",
           "dot": "matmul", "vdot": "matmul", "einsum": "matmul"}  # (einsum: its sums and matmuls, rules_einsum.py)


def order_checked(ctx: Any, ok: Callable[[bool], Any]) -> None:
    """The node's check that XLA's order of adding (multiplying) gives NumPy's answer, if the lowering allotted it
    one: ``ok(exact)`` is made only then, the cheap bound alone unless the lowering is the exact twin that runs a
    call whose cheap bound failed (``Lowered.exact_order``). A rule may check several sums of its node."""
    if ctx.node in ctx.lowering.assert_codes:
        index_checks.fail_unless(ctx, ok(ctx.lowering.exact_order))


def checked_nodes(nodes: Sequence[Node]) -> list:
    """The nodes among ``nodes`` whose float answer depends on XLA's order where values are near overflow: sums,
    means, products (cumulative too) and matrix products whose items are float32, float64 or complex."""
    return [node for node in nodes if node.op in ORDERED and _checked_dtype(node)]


def _checked_dtype(node: Node) -> bool:
    out = np.dtype(node.outputs[0].dtype)
    if ORDERED[node.op] == "product" and out.kind == "c":  # (a complex product is a scan in NumPy's order)
        return False
    items = [np.dtype(v.dtype) for v in node.inputs[:2 if ORDERED[node.op] == "matmul" else 1]]
    return out.kind in "fc" and out.itemsize >= 4 and all(d.kind in "fc" and d != np.float16 for d in items)


def errors() -> dict:
    """``{op: (error class, message)}`` for ``Lowered``'s failures."""
    return {op: (OrderDependentOverflow, MESSAGE.format(op=f"np.{op}" if ORDERED[op] != "matmul" else "matrix product"))
            for op in ORDERED}


def _limits(dtype: Any, n: int) -> tuple:
    """``(top, slack, tiny)``: the largest float of ``dtype`` less what the rounding of ``n`` items' partial sums
    may add to them in any order (``2 n eps`` of it), the factor of that rounding, and the smallest normal float."""
    info = np.finfo(dtype)
    slack = 2.0 * max(n, 1) * float(info.eps)
    return float(info.max) / (1.0 + 2.0 * slack), slack, float(info.smallest_normal)


def _overflows(up: Any, down: Any, top: float, slack: float) -> Any:
    """Whether a partial sum of items whose positive ones add up to ``up`` and negative ones to ``-down`` may
    overflow in some order: each partial sum lies between ``-down`` and ``up``, give or take the rounding of every
    item it took (``slack`` of ``up + down``, at most twice the larger)."""
    # (Not slack * (up + down), nor slack * up + slack * down, which XLA's simplifier turns into it: up + down may
    # overflow where neither does.)
    error = 2.0 * slack * jnp.maximum(up, down)
    return (up + error >= top) | (down + error >= top)


def _reduced(x: Any, axis: Optional[Any]) -> tuple:
    """``(axes, n)``: the axes a reduction of ``x`` over ``axis`` takes (all for None) and how many items a lane has."""
    axes = tuple(range(x.ndim)) if axis is None else (axis,) if isinstance(axis, int) else tuple(axis)
    axes = tuple(a % max(x.ndim, 1) for a in axes) if x.ndim else ()
    return axes, int(np.prod([x.shape[a] for a in axes], dtype=np.int64))


def _real_parts(x: Any) -> tuple:
    return (jnp.real(x), jnp.imag(x)) if jnp.iscomplexobj(x) else (x,)


def _largest(x: Any) -> Any:
    """The largest magnitude among the finite items of ``x`` (of a complex one's parts), 0 for none. Of a constant
    of the graph (a NumPy array while lowering: a layer's weights), found now, in NumPy: the run does not search
    it again."""
    if isinstance(x, (np.ndarray, np.generic)):
        with np.errstate(all="ignore"):
            return max(float(np.max(np.where(np.isfinite(p), np.abs(p), 0), initial=0))
                       for p in ((x.real, x.imag) if np.iscomplexobj(x) else (x,)))
    parts = _real_parts(x)
    return functools.reduce(jnp.maximum, [jnp.max(jnp.where(jnp.isfinite(p), jnp.abs(p), 0), initial=0)
                                          for p in parts])


def _lane_magnitude(x: Any, axes: tuple) -> Any:
    """The largest, over the lanes of a reduction of ``x`` along ``axes``, of the sum of the magnitudes of a lane's
    finite items (of each part of a complex one): no partial sum of a lane, in any order, is larger, but for
    rounding. (A sum, not the largest item times ``n``: XLA's reduce-max on CPU is a scalar loop, twice the time of
    a sum of the same items inside a loop, and the sum is the tighter bound.)"""
    total = functools.reduce(jnp.maximum, [jnp.sum(jnp.where(jnp.isfinite(p), jnp.abs(p), 0), axes)
                                           for p in _real_parts(x)])
    return jnp.max(total, initial=0) if total.ndim else total


def _unless(cheap: Any, exact: Callable[[], Any]) -> Any:
    """True where ``cheap`` holds, else ``exact()``: made only where the cheap bound fails (``lax.cond``)."""
    return lax.cond(cheap, lambda: jnp.bool_(True), exact)


def sum_ok(x: Any, axis: Optional[Any], dtype: Any, exact: bool = True) -> Any:
    """Whether every order of adding ``x`` (cast to ``dtype``) along ``axis`` gives one answer up to rounding: True
    where no lane's finite items' magnitudes add up to an overflow (``_lane_magnitude``: one more reduction); with
    ``exact``, also where neither the positive nor the negative items of a lane can, or they all pull
    one way, or the lane has a NaN."""
    x = jnp.asarray(x).astype(dtype)
    axes, n = _reduced(x, axis)
    top, slack, _ = _limits(jnp.real(x).dtype, n)

    def exact_bound() -> Any:
        ok = jnp.bool_(True)
        for part in _real_parts(x):
            finite = jnp.isfinite(part)
            up = jnp.sum(jnp.where(finite & (part > 0), part, 0), axes)
            down = jnp.sum(jnp.where(finite & (part < 0), -part, 0), axes)
            both_ways = jnp.any(part > 0, axes) & jnp.any(part < 0, axes)
            nan = jnp.any(jnp.isnan(part), axes)
            ok = ok & jnp.all(~(_overflows(up, down, top, slack) & both_ways & ~nan))
        return ok

    cheap = _lane_magnitude(x, axes) * (1.0 + slack) < top
    return _unless(cheap, exact_bound) if exact else cheap


def product_ok(x: Any, axis: Optional[Any], dtype: Any, exact: bool = True) -> Any:
    """Whether every order of multiplying ``x`` (cast to ``dtype``) along ``axis`` gives one answer up to rounding:
    True where no ``n`` finite nonzero items can multiply to an overflow or below the smallest normal float (the
    largest and the smallest to the ``n``-th power); with ``exact``, also where no partial product of a lane can
    overflow while an item smaller than 1 could bring it back, nor fall below the smallest normal float while an
    item larger than 1 could, or where the lane has a NaN."""
    x = jnp.asarray(x).astype(dtype)
    axes, n = _reduced(x, axis)
    size = jnp.abs(x)  # (a complex item's magnitude bounds its parts' growth; complex products are rare)
    info = np.finfo(size.dtype)
    # The exponents in float64 where 64 bits are on (as the executor runs), so that their sum's own rounding is far
    # below the margin (a float32 log2 of each of 1,000 items would be off by 0.015 of a bit in all).
    wide = jax.dtypes.canonicalize_dtype(jnp.float64)
    usable = jnp.isfinite(size) & (size > 0)
    margin = 1e-6 + 4 * max(n, 1) * 1100 * float(np.finfo(wide).eps)  # (in bits: rounding of the items and logs)
    ceiling, floor = np.log2(float(info.max)) - margin, np.log2(float(info.smallest_normal)) + margin
    kept = jnp.where(usable, size, 1)
    cheap = ((max(n, 1) * jnp.log2(jnp.max(kept, initial=1).astype(wide)) < ceiling)
             & (max(n, 1) * jnp.log2(jnp.min(kept, initial=1).astype(wide)) > floor))

    def exact_bound() -> Any:
        bits = jnp.where(usable, jnp.log2(kept.astype(wide)), 0)
        up = jnp.sum(jnp.maximum(bits, 0), axes)
        down = jnp.sum(jnp.minimum(bits, 0), axes)
        big, small = jnp.any(size > 1, axes), jnp.any(size < 1, axes)
        nan = jnp.any(jnp.isnan(size), axes)
        risky = ((up >= ceiling) & small | (down <= floor) & big) & ~nan
        return jnp.all(~risky)

    return _unless(cheap, exact_bound) if exact else cheap


def matmul_ok(a: Any, b: Any, dtype: Any, exact: bool = True) -> Any:
    """Whether every order of adding the products of ``a @ b`` (cast to ``dtype``) gives one answer up to rounding.
    First a bound from the largest finite items (no partial sum of finite products can overflow: infinities then
    give the same answer in every order); with ``exact``, where that fails, the bound of each element of the
    result, as ``sum_ok``'s: its positive and its negative products' sums, and whether a row or column holds an
    infinity."""
    with np.errstate(all="ignore"):
        cast = [np.asarray(m).astype(dtype) if isinstance(m, (np.ndarray, np.generic)) else m for m in (a, b)]
    static = [isinstance(m, np.ndarray) for m in cast]
    k = np.shape(a)[-1]
    if static[1] != static[0] and np.ndim(a) == 2 and np.ndim(b) == 2:
        # One operand a constant (a layer's weights): its largest item, found now, times the largest sum of the
        # other's magnitudes along k (a sum, which XLA's CPU loops run faster than a reduce-max). No factor k.
        other, axis = (cast[0], 1) if static[1] else (cast[1], 0)
        largest = _largest(cast[1] if static[1] else cast[0]) * _lane_magnitude(other, (axis,)) / max(k, 1)
    else:
        largest = _largest(cast[0]) * _largest(cast[1])
    a, b = jnp.asarray(a).astype(dtype), jnp.asarray(b).astype(dtype)
    real = np.dtype(dtype).kind == "f"
    parts = jnp.float32 if np.dtype(dtype) in (np.complex64, np.float32) else jnp.float64
    top, slack, _ = _limits(parts, max(k, 1) * (1 if real else 2))
    finite_a = jnp.where(jnp.isfinite(a), a, 0)
    finite_b = jnp.where(jnp.isfinite(b), b, 0)
    cheap = jnp.asarray(largest * (1.0 + slack) * k < (top if real else top / 2))
    if not real or not exact:  # (a complex product's bound alone: such matrices near overflow are refused)
        return cheap

    def exact_bound() -> Any:
        ap, an = jnp.maximum(finite_a, 0), jnp.maximum(-finite_a, 0)
        bp, bn = jnp.maximum(finite_b, 0), jnp.maximum(-finite_b, 0)
        up = jnp.matmul(ap, bp) + jnp.matmul(an, bn)
        down = jnp.matmul(ap, bn) + jnp.matmul(an, bp)
        def holding(test: Callable[[Any], Any]) -> Any:  # whether an element's row of a or column of b has one
            return (jnp.matmul(test(a).astype(dtype), jnp.ones(b.shape, dtype))
                    + jnp.matmul(jnp.ones(a.shape, dtype), test(b).astype(dtype))) > 0

        infinite, nan = holding(lambda m: ~jnp.isfinite(m)), holding(jnp.isnan)  # (NaN: NaN in every order)
        risky = _overflows(up, down, top, slack) & (((up > 0) & (down > 0)) | infinite) & ~nan
        return jnp.all(~risky)

    return _unless(cheap, exact_bound)
