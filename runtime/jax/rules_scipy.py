"""The JAX rules of the SciPy library ops (runtime/graph/ops_scipy.py, whose records name this module).

A rule is ``rule(ctx, *inputs, **attrs)`` (runtime/jax/lowering.py); the lowering casts the outputs to
the node's dtypes. Each rule computes in the dtype SciPy computes in (single precision stays single,
integers compute in double: the node's output dtype, which ops_scipy asked SciPy for), with
``jax.scipy``'s function, or ``jnp.linalg``'s where that is the same computation. JAX has no Riccati
solvers, no ``ndimage`` filters, no ``scipy.spatial.distance`` and no ``rankdata``: ``solve_discrete_are`` /
``solve_continuous_are``, ``scipy.ndimage.convolve`` / ``correlate``, ``pdist`` / ``cdist`` / ``squareform`` and
``scipy.stats.rankdata`` / ``gmean`` / ``hmean`` are ``jax.pure_callback`` calls of SciPy's own function,
which run on the host (the values are SciPy's; the compiled program waits for the call,
and SciPy's errors reach the caller as JAX's ``JaxRuntimeError``).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import jax.scipy.special as jss
import numpy as np

from runtime.graph.asked import error_of
from runtime.graph.ir import Value
from runtime.graph.opdefs import OPS
from runtime.graph.ops_scipy import SPECIAL_UFUNCS
from runtime.jax import rules_linalg


def _out(ctx: Any, i: int = 0) -> np.dtype:
    return np.dtype(ctx.node.outputs[i].dtype)


def _compute(ctx: Any, x: Any, i: int = 0) -> Any:
    """``x`` in the dtype SciPy computes output ``i`` in (complex stays complex)."""
    return jnp.asarray(x).astype(_out(ctx, i))


@functools.cache  # (asked once: each Lowered of a graph with SciPy ops asks it)
def checked() -> dict:
    """SciPy's errors that only the values decide, checked on XLA as ``rules_linalg.CHECKED`` (asked of the SciPy
    installed; for a stack of matrices SciPy's message names the singular ones, this one the first only)."""
    import scipy.linalg

    singular = error_of(lambda: scipy.linalg.inv(np.zeros((2, 2))))
    return {"scipy_inv": singular, "scipy_solve": error_of(lambda: scipy.linalg.solve(np.zeros((2, 2)), np.ones(2))),
            "scipy_cholesky": error_of(lambda: scipy.linalg.cholesky(-np.eye(2)))}


def _inv(ctx: Any, a: Any, check_finite: bool) -> Any:
    a = _compute(ctx, a)
    out = jnp.linalg.inv(a)
    if ctx.node in ctx.lowering.assert_codes and a.size:
        rules_linalg.check_singular(ctx, a, out)
    return out


def _expm(ctx: Any, a: Any) -> Any:
    return jsl.expm(_compute(ctx, a))


def _from_triangle(a: Any, lower: bool) -> Any:
    """The Hermitian matrix that the ``lower`` (or upper) triangle of ``a`` stands for, the one SciPy reads."""
    part = jnp.tril(a) if lower else jnp.triu(a)
    other = jnp.swapaxes(jnp.tril(a, -1) if lower else jnp.triu(a, 1), -1, -2)
    return part + (jnp.conj(other) if jnp.iscomplexobj(a) else other)


def _cholesky(ctx: Any, a: Any, lower: bool, check_finite: bool) -> Any:
    # SciPy reads one triangle only (the upper one unless lower=True); JAX's factor reads the lower one.
    a = _from_triangle(_compute(ctx, a), lower)
    factor = jnp.linalg.cholesky(a, upper=not lower, symmetrize_input=False)
    if ctx.node in ctx.lowering.assert_codes:
        rules_linalg.check_positive_definite(ctx, a, factor)
    return factor


def _det(ctx: Any, a: Any, check_finite: bool) -> Any:
    # SciPy factors in the input's precision (LU of float32 in single) and multiplies the pivots in the
    # output's (float64): the same here, so a float32 determinant is not rounded to single at the end.
    source = np.dtype(ctx.node.inputs[0].dtype)
    compute = source if source in (np.float32, np.complex64) else np.result_type(source, np.float64)
    x = jnp.asarray(a).astype(compute)
    if x.shape[-1] == 0:
        return jnp.ones(x.shape[:-2], _out(ctx))
    lu, pivots = jsl.lu_factor(x)
    diagonal = jnp.diagonal(lu, axis1=-2, axis2=-1).astype(_out(ctx))
    swaps = jnp.sum(pivots != jnp.arange(x.shape[-1]), axis=-1)
    sign = jnp.where(swaps % 2 == 1, -1, 1).astype(_out(ctx))
    return sign * jnp.prod(diagonal, axis=-1)


_GENERAL = (None, "gen", "general")
_HERMITIAN = ("her", "hermitian")


def _solve(ctx: Any, a: Any, b: Any, lower: bool, assume_a: Any, transposed: bool, check_finite: bool) -> Any:
    a, b = _compute(ctx, a), _compute(ctx, b)
    if assume_a not in _GENERAL:
        # SciPy reads the one triangle ``lower`` names: build the matrix it stands for (symmetric, not
        # Hermitian, for a complex "sym").
        if assume_a in _HERMITIAN or not jnp.iscomplexobj(a):
            a = _from_triangle(a, lower)
        else:
            a = (jnp.tril(a) if lower else jnp.triu(a)) + jnp.swapaxes(jnp.tril(a, -1) if lower else jnp.triu(a, 1),
                                                                      -1, -2)
    if transposed:
        a = jnp.swapaxes(a, -1, -2)
    if b.ndim == 1:  # (one right-hand side for every matrix of a batch)
        out = jnp.linalg.solve(a, b[..., None])[..., 0]
    else:
        batch = jnp.broadcast_shapes(a.shape[:-2], b.shape[:-2])
        out = jnp.linalg.solve(jnp.broadcast_to(a, batch + a.shape[-2:]), jnp.broadcast_to(b, batch + b.shape[-2:]))
    if ctx.node in ctx.lowering.assert_codes and a.size:
        rules_linalg.check_singular(ctx, a, out)
    return out


def _solve_triangular(ctx: Any, a: Any, b: Any, trans: Any, lower: bool, unit_diagonal: bool,
                      check_finite: bool) -> Any:
    a, b = _compute(ctx, a), _compute(ctx, b)
    if b.ndim == 1:
        return jsl.solve_triangular(a, b, trans=trans, lower=lower, unit_diagonal=unit_diagonal)
    batch = jnp.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return jsl.solve_triangular(jnp.broadcast_to(a, batch + a.shape[-2:]), jnp.broadcast_to(b, batch + b.shape[-2:]),
                                trans=trans, lower=lower, unit_diagonal=unit_diagonal)


def _pinv(ctx: Any, a: Any, atol: Any, rtol: Any, return_rank: bool, check_finite: bool) -> Any:
    # SciPy's own definition (scipy/linalg/_basic.py): the SVD, singular values above atol + max(s) * rtol
    # (default rtol: max(a.shape) * eps of the precision), the rest dropped.
    x = _compute(ctx, a)
    u, s, vh = jnp.linalg.svd(x, full_matrices=False)
    cutoff = (0.0 if atol is None else atol) + jnp.max(s, initial=0.0) * (
        max(x.shape) * np.finfo(_out(ctx)).eps if rtol is None else rtol)
    kept = s > cutoff
    b = jnp.conj(((u * jnp.where(kept, 1 / jnp.where(kept, s, 1), 0)) @ vh).T)
    return (b, jnp.sum(kept)) if return_rank else b


def _svd(ctx: Any, a: Any, full_matrices: bool, compute_uv: bool, check_finite: bool) -> Any:
    x = _compute(ctx, a)
    if not compute_uv:
        return jnp.linalg.svd(x, compute_uv=False)
    return tuple(jnp.linalg.svd(x, full_matrices=full_matrices))


def _block_diag(ctx: Any, *arrs: Any) -> Any:
    return jsl.block_diag(*(_compute(ctx, x) for x in arrs))


def _on_host(ctx: Any, *xs: Any, **attrs: Any) -> Any:
    """A ``jax.pure_callback`` of the op's own kernel (SciPy's function): SciPy's values, computed on the host.

    64-bit values cross to the host and back as their bits (``_as_bits``): JAX may run the callback on a thread of
    its own, where 64 bits are off, and there it puts a float64 argument on the host as float32 (and an int64 as
    int32): SciPy would compute in single precision, silently (found: scipy.signal.periodogram in SALib's
    bootstrap loop on XLA)."""
    outputs = ctx.node.outputs
    kernel = OPS[ctx.node.op].kernel
    in_dtypes = [np.dtype(v.dtype) for v in ctx.node.inputs]
    out_dtypes = [np.dtype(v.dtype) for v in outputs]
    shapes = [tuple(v.shape) for v in outputs]
    if any(None in shape for shape in shapes):  # (a run-time dim, concrete here: rankdata(x[mask]) after the mask)
        shapes = [shape for shape, _ in OPS[ctx.node.op].rule([Value(np.shape(x), v.dtype) for x, v in
                                                               zip(xs, ctx.node.inputs)], ctx.node.attrs)]

    def host(*values: Any) -> Any:
        arrays = [_from_bits(np.asarray(v), d) for v, d in zip(values, in_dtypes)]
        result = kernel(*arrays, **attrs)
        results = result if len(outputs) > 1 else (result,)
        return tuple(_to_bits(np.asarray(r, d), d) for r, d in zip(results, out_dtypes))
    specs = tuple(jax.ShapeDtypeStruct(*_bits_spec(shape, d)) for shape, d in zip(shapes, out_dtypes))
    result = jax.pure_callback(host, specs, *(_as_bits(x, d) for x, d in zip(xs, in_dtypes)))
    values = tuple(_from_jax_bits(r, d) for r, d in zip(result, out_dtypes))
    return values if len(outputs) > 1 else values[0]


# The dtypes JAX narrows where 64 bits are off, and the uint32 words each value takes.
_WORDS = {np.dtype(np.float64): 2, np.dtype(np.int64): 2, np.dtype(np.uint64): 2, np.dtype(np.complex128): 4}


def _bits_spec(shape: tuple, dtype: np.dtype) -> tuple:
    words = _WORDS.get(dtype)
    return (shape, dtype) if words is None else (shape + (words,), np.dtype(np.uint32))


def _as_bits(x: Any, dtype: np.dtype) -> Any:
    """A JAX value of a 64-bit dtype as uint32 words (trailing axis), which no thread narrows."""
    if dtype not in _WORDS:
        return x
    if dtype.kind == "c":
        x = jnp.stack([jnp.real(x), jnp.imag(x)], axis=-1)
        return jax.lax.bitcast_convert_type(x, jnp.uint32).reshape(x.shape[:-1] + (4,))
    return jax.lax.bitcast_convert_type(x, jnp.uint32)


def _from_jax_bits(x: Any, dtype: np.dtype) -> Any:
    if dtype not in _WORDS:
        return x
    if dtype.kind == "c":
        parts = jax.lax.bitcast_convert_type(x.reshape(x.shape[:-1] + (2, 2)), jnp.float64)
        return jax.lax.complex(parts[..., 0], parts[..., 1])
    return jax.lax.bitcast_convert_type(x, dtype)


def _from_bits(words: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """On the host: the NumPy array of ``dtype`` whose bits ``words`` hold (the value itself for other dtypes)."""
    if dtype not in _WORDS:
        return words
    return np.ascontiguousarray(words).view(dtype).reshape(words.shape[:-1])


def _to_bits(value: np.ndarray, dtype: np.dtype) -> np.ndarray:
    if dtype not in _WORDS:
        return value
    return np.ascontiguousarray(value).view(np.uint32).reshape(value.shape + (_WORDS[dtype],))


def _logsumexp(ctx: Any, a: Any, *b: Any, axis: Any, keepdims: bool, return_sign: bool) -> Any:
    result = jss.logsumexp(_compute(ctx, a), axis=axis, b=_compute(ctx, b[0]) if b else None, keepdims=keepdims,
                           return_sign=return_sign)
    return tuple(result) if return_sign else result


def _special(name: str) -> Callable:
    fn = getattr(jss, name)
    return lambda ctx, *xs: fn(*(_compute(ctx, x) for x in xs))


RULES = {
    "scipy_inv": _inv,
    "scipy_expm": _expm,
    "scipy_cholesky": _cholesky,
    "scipy_det": _det,
    "scipy_solve": _solve,
    "scipy_solve_triangular": _solve_triangular,
    "scipy_pinv": _pinv,
    "scipy_svd": _svd,
    "scipy_block_diag": _block_diag,
    # (SciPy's QR, eigenvectors and pseudo-inverse come from its LAPACK drivers, whose signs and rounding XLA's
    # do not promise to match: the host gives SciPy's own.)
    "scipy_qr": _on_host,
    "scipy_shaped": _on_host,
    "scipy_eigh": _on_host,
    "scipy_pinvh": _on_host,
    "scipy_solve_discrete_lyapunov": _on_host,
    "scipy_solve_discrete_are": _on_host,
    "scipy_solve_continuous_are": _on_host,
    "scipy_ndimage_convolve": _on_host,
    "scipy_ndimage_correlate": _on_host,
    "scipy_pdist": _on_host,
    "scipy_cdist": _on_host,
    "scipy_squareform": _on_host,
    "scipy_rankdata": _on_host,
    "scipy_gmean": _on_host,
    "scipy_hmean": _on_host,
    "scipy_logsumexp": _logsumexp,
    **{f"scipy_{name}": _special(name) for name in SPECIAL_UFUNCS},
}
