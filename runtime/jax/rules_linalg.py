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
import numpy as np
from jax import lax

from runtime.graph.asked import error_of
from runtime.graph.ops_linalg import RANK_DEFICIENT_RESIDUALS, linalg_types
from runtime.jax import index_checks

# NumPy's errors that only the values decide, checked on XLA as the graph's asserts are (runtime/jax/lowering.py
# allots the nodes their codes): XLA's inv and solve of a singular matrix give inf / NaN, its cholesky of a
# matrix that is not positive definite NaNs, where NumPy raises. {op: (error class, message)}, asked of NumPy.
# An SVD of a matrix holding NaN (LAPACK's gesdd does not converge) is NumPy's LinAlgError where XLA's gives NaN;
# one holding inf may or may not be (it depends on LAPACK's path through that matrix): a matrix that is not
# finite is the error under XLA, so no NaN stands for NumPy's error (pinv, matrix_rank, norm(x, 2) are SVDs).
CHECKED = {
    "inv": error_of(lambda: np.linalg.inv(np.zeros((2, 2)))),
    "solve": error_of(lambda: np.linalg.solve(np.zeros((2, 2)), np.ones(2))),
    "cholesky": error_of(lambda: np.linalg.cholesky(-np.eye(2))),
    # (NumPy's words, numpy/linalg/_linalg.py; not asked: LAPACK prints a complaint to stderr for a NaN matrix)
    "svd": (np.linalg.LinAlgError, "SVD did not converge"),
    "lstsq": (np.linalg.LinAlgError, "SVD did not converge in Linear Least Squares"),
    # (the interpreter's own refusal, raised when the graph runs: NumPy's residuals would be an empty array)
    "lstsq_residuals": (np.linalg.LinAlgError, RANK_DEFICIENT_RESIDUALS),
}


def check_singular(ctx: Any, a: Any, out: Any) -> None:
    """NumPy's LinAlgError for a singular matrix (LAPACK's getrf finds an exact zero pivot, in any matrix of a
    batch): the LU is asked only when the result is not finite, as a singular matrix's always is."""
    def singular() -> Any:
        lu = lax.linalg.lu(a)[0]
        return jnp.any(jnp.diagonal(lu, axis1=-2, axis2=-1) == 0)
    index_checks.fail_unless(ctx, ~lax.cond(jnp.all(jnp.isfinite(out)), lambda: jnp.bool_(False), singular))


def _in_double(ctx: Any, xs: Sequence[Any]) -> list:
    """The inputs in NumPy's computation dtype (float64 or complex128, whatever the input precision)."""
    compute = linalg_types(*(v.dtype for v in ctx.node.inputs))[0]
    return [jnp.asarray(x).astype(compute) for x in xs]


def _lowered(path: str) -> Callable:
    """A rule calling ``jax.numpy.linalg.<path>`` in double precision (outputs are cast back to the
    node's dtypes by the lowering); ``inv`` and ``solve`` check NumPy's singular matrix (``CHECKED``)."""
    def rule(ctx: Any, *xs: Any, **attrs: Any) -> Any:
        xs = _in_double(ctx, xs)
        out = getattr(jnp.linalg, path)(*xs, **attrs)
        if path in ("inv", "solve") and ctx.node in ctx.lowering.assert_codes and xs[0].size:
            check_singular(ctx, xs[0], out)
        elif path == "svd" and ctx.node in ctx.lowering.assert_codes:
            index_checks.fail_unless(ctx, jnp.all(jnp.isfinite(xs[0])))
        return tuple(out) if len(ctx.node.outputs) > 1 else out
    return rule


def _inv_or_nan(ctx: Any, a: Any) -> Any:
    """NumPy's inverse with errors off (``np.linalg.cond``'s): NaN for each matrix where getrf finds a zero pivot."""
    (a,) = _in_double(ctx, [a])
    out = jnp.linalg.inv(a)
    if not a.size:
        return out
    singular = jnp.any(jnp.diagonal(lax.linalg.lu(a)[0], axis1=-2, axis2=-1) == 0, axis=-1)
    return jnp.where(singular[..., None, None], jnp.nan, out)


def _eigh(ctx: Any, a: Any, UPLO: str) -> Any:
    # NumPy reads one triangle only; JAX by default symmetrizes (a + a^H) / 2 first.
    w, v = jnp.linalg.eigh(*_in_double(ctx, [a]), UPLO=UPLO, symmetrize_input=False)
    return (w, v) if len(ctx.node.outputs) == 2 else w


def _cholesky(ctx: Any, a: Any, upper: bool) -> Any:
    (a,) = _in_double(ctx, [a])
    factor = jnp.linalg.cholesky(a, upper=upper, symmetrize_input=False)
    if ctx.node in ctx.lowering.assert_codes:
        check_positive_definite(ctx, a, factor)
    return factor


def check_positive_definite(ctx: Any, a: Any, factor: Any) -> None:
    """NumPy's (and SciPy's) LinAlgError where LAPACK's potrf stops: XLA's factor holds NaNs then, where the
    matrix held none (one that holds a NaN already is no error there: its factor is NaN)."""
    index_checks.fail_unless(ctx, ~(jnp.any(jnp.isnan(factor)) & ~jnp.any(jnp.isnan(a))))


def _lstsq(ctx: Any, a: Any, b: Any, rcond: Any) -> tuple:
    a, b = _in_double(ctx, [a, b])
    if ctx.node in ctx.lowering.assert_codes:  # (a matrix that is not finite: see CHECKED; a b with NaN is none)
        index_checks.fail_unless(ctx, jnp.all(jnp.isfinite(a)))
    x, _, rank, s = jnp.linalg.lstsq(a, b, rcond=rcond)
    return x, rank, s


def _lstsq_residuals(ctx: Any, a: Any, b: Any, rcond: Any) -> Any:
    a, b = _in_double(ctx, [a, b])
    x, _, rank, _ = jnp.linalg.lstsq(a, b, rcond=rcond)
    residuals = jnp.sum(jnp.abs(b - a @ x) ** 2, axis=0).reshape(ctx.node.outputs[0].shape)
    # A rank-deficient matrix, where NumPy's residuals are empty: the interpreter's LinAlgError, after the run
    # (it had been NaN, silently); unchecked (export_stablehlo(unchecked=True)), NaN.
    if ctx.node in ctx.lowering.assert_codes and residuals.size:
        index_checks.fail_unless(ctx, rank == a.shape[1])
    return jnp.where(rank == a.shape[1], residuals, jnp.nan)


RULES = {
    **{name: _lowered(name) for name in ("inv", "solve", "det", "slogdet", "svd", "eig", "eigvals", "qr")},
    "inv_or_nan": _inv_or_nan,
    "eigh": _eigh,
    "eigvalsh": _eigh,
    "cholesky": _cholesky,
    "lstsq": _lstsq,
    "lstsq_residuals": _lstsq_residuals,
}
