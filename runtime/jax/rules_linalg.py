"""The JAX rules of the linear-algebra library ops (runtime/graph/ops_linalg.py, whose records name this
module).

A rule is ``rule(ctx, *inputs, **attrs)`` (runtime/jax/lowering.py). NumPy computes every precision in
double (float32 is computed in float64 and cast back), and so do these rules: with the same LAPACK
routines on CPU, the results are NumPy's bit for bit in practice, signs of singular vectors and
eigenvectors included (computing float32 in float32, as JAX would by itself, flips their signs in about
one case in five). The lowering casts the outputs back to the node's dtypes.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import jax.numpy as jnp

from runtime.graph.ops_linalg import linalg_types


def _in_double(ctx: Any, xs: Sequence[Any]) -> list:
    """The inputs in NumPy's computation dtype (float64 or complex128, whatever the input precision)."""
    compute = linalg_types(*(v.dtype for v in ctx.node.inputs))[0]
    return [jnp.asarray(x).astype(compute) for x in xs]


def _lowered(path: str) -> Callable:
    """A rule calling ``jax.numpy.linalg.<path>`` in double precision (outputs are cast back to the
    node's dtypes by the lowering)."""
    def rule(ctx: Any, *xs: Any, **attrs: Any) -> Any:
        out = getattr(jnp.linalg, path)(*_in_double(ctx, xs), **attrs)
        return tuple(out) if len(ctx.node.outputs) > 1 else out
    return rule


def _eigh(ctx: Any, a: Any, UPLO: str) -> Any:
    # NumPy reads one triangle only; JAX by default symmetrizes (a + a^H) / 2 first.
    w, v = jnp.linalg.eigh(*_in_double(ctx, [a]), UPLO=UPLO, symmetrize_input=False)
    return (w, v) if len(ctx.node.outputs) == 2 else w


def _cholesky(ctx: Any, a: Any, upper: bool) -> Any:
    return jnp.linalg.cholesky(*_in_double(ctx, [a]), upper=upper, symmetrize_input=False)


def _lstsq(ctx: Any, a: Any, b: Any, rcond: Any) -> tuple:
    x, _, rank, s = jnp.linalg.lstsq(*_in_double(ctx, [a, b]), rcond=rcond)
    return x, rank, s


def _lstsq_residuals(ctx: Any, a: Any, b: Any, rcond: Any) -> Any:
    a, b = _in_double(ctx, [a, b])
    x, _, rank, _ = jnp.linalg.lstsq(a, b, rcond=rcond)
    residuals = jnp.sum(jnp.abs(b - a @ x) ** 2, axis=0).reshape(ctx.node.outputs[0].shape)
    # A rank-deficient matrix, where NumPy's residuals are empty (the interpreter raises), gives NaN.
    return jnp.where(rank == a.shape[1], residuals, jnp.nan)


RULES = {
    **{name: _lowered(name) for name in ("inv", "solve", "det", "slogdet", "svd", "eig", "eigvals", "qr")},
    "eigh": _eigh,
    "eigvalsh": _eigh,
    "cholesky": _cholesky,
    "lstsq": _lstsq,
    "lstsq_residuals": _lstsq_residuals,
}
