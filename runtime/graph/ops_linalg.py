"""Linear-algebra library ops: the ``np.linalg`` functions NumPy computes with one LAPACK call.

Each op is one node with NumPy's shape/dtype rule, NumPy itself as the kernel, and a JAX rule (in
runtime/jax/rules_linalg.py, which its record names)::

    inv(a) -> ainv                      solve(a, b) -> x
    det(a) -> d                         slogdet(a) -> sign, logabsdet
    svd(a; full_matrices, compute_uv, hermitian) -> u, s, vh   (or s alone)
    eig(a) -> w, v      eigvals(a) -> w          (complex input only, see below)
    eigh(a; UPLO) -> w, v      eigvalsh(a; UPLO) -> w
    qr(a; mode) -> q, r  |  r  |  h, tau        cholesky(a; upper) -> l
    lstsq(a, b; rcond) -> x, rank, s            lstsq_residuals(a, b; rcond) -> residuals

Before (Python, ``a`` a graph tensor)::

    u, s, vh = np.linalg.svd(a, full_matrices=False)

After (the graph)::

    b:f64[4,3] c:f64[3] d:f64[3,3] = svd[full_matrices=False compute_uv=True hermitian=False] a

Choices:

* **Dtypes are NumPy's** (``linalg_types``, NumPy's ``_commonType``): integers and bools compute
  in float64, float32 stays float32, complex stays complex, float16 is a ``TypeError``. NumPy
  computes *every* precision in double (float32 is computed in float64 and cast back), and so
  does the JAX rule: with the same LAPACK routines on CPU, its results are NumPy's bit for
  bit in practice, signs of singular vectors and eigenvectors included (computing float32 in
  float32, as JAX would by itself, flips their signs in about one case in five).
* **eig / eigvals of a real matrix**: NumPy returns real arrays when every eigenvalue happens to
  be real and complex ones otherwise, a dtype that depends on the values, which a graph must fix
  while tracing. Rather than a dtype that sometimes differs from NumPy's, the rule raises a
  ``TypeError`` that says so and offers ``a.astype(complex)`` (NumPy's result for a complex
  matrix is always complex, and has the same values) or ``eigh`` / ``eigvalsh``.
* **lstsq's residuals** are an empty array in NumPy when the matrix is rank-deficient (or has no
  more rows than columns): the second case is known while tracing (a constant), the first only at
  run time. So they are their own op, ``lstsq_residuals``, which runs only when the residuals are
  used, and whose kernel raises ``LinAlgError`` on a rank-deficient matrix rather than return a
  shape the graph did not declare. Under JAX the lowering checks the rank and raises the same error after the run.
* **Errors NumPy raises at run time** (a singular matrix in ``inv`` / ``solve``, a matrix that is
  not positive definite in ``cholesky``, non-finite input to ``eig``) are raised by the kernels,
  so the interpreter raises them as NumPy does. Under JAX the lowering checks them when the graph
  runs and the executor raises NumPy's error after the run (runtime/jax/rules_linalg.py ``CHECKED``).
* ``inv_or_nan`` is NumPy's inverse with errors off, as ``np.linalg.cond`` takes it for a ``p`` other
  than None / 2 / -2: a singular matrix (of a stack) gives a matrix of NaN, not ``LinAlgError``.
* Shapes with unknown (``?``) dims are checked where they are known, like every rule.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from runtime.graph import einsum_subscripts, shapes
from runtime.graph.opdefs import RAISES_ON_VALUES, Effects, define, exact_on_known_shapes, on_integers
from runtime.staging import NotStageable, user_location

JAX = "runtime.jax.rules_linalg"

LinAlgError = np.linalg.LinAlgError
INT32 = np.dtype(np.int32)


# --- dtypes: NumPy's _commonType ------------------------------------------------------------------

def linalg_types(*dtypes: Any) -> tuple[np.dtype, np.dtype]:
    """``(computation dtype, result dtype)`` of an ``np.linalg`` function of arrays of ``dtypes``.

    NumPy computes in float64 / complex128 always; the result is float32 / complex64 only when
    every input is single precision. Integers and bools count as float64."""
    double, is_complex = False, False
    for dtype in map(np.dtype, dtypes):
        if dtype.kind in "fc":
            is_complex |= dtype.kind == "c"
            if dtype in (np.dtype(np.float64), np.dtype(np.complex128)):
                double = True
            elif dtype not in (np.dtype(np.float32), np.dtype(np.complex64)):
                raise TypeError(f"array type {dtype.name} is unsupported in linalg")
        elif dtype.kind in "biu":
            double = True
        else:
            raise TypeError(f"array type {dtype.name} is unsupported in linalg")
    compute = np.dtype(np.complex128 if is_complex else np.float64)
    result = {(False, False): np.float32, (False, True): np.float64,
              (True, False): np.complex64, (True, True): np.complex128}[is_complex, double]
    return compute, np.dtype(result)


def real_dtype(dtype: Any) -> np.dtype:
    """float32 for complex64, float64 for complex128, the dtype itself when real."""
    return np.finfo(np.dtype(dtype)).dtype


# --- shapes ---------------------------------------------------------------------------------------

def _stacked_2d(x: Any) -> None:
    if len(x.shape) < 2:
        raise LinAlgError(f"{len(x.shape)}-dimensional array given. Array must be at least two-dimensional")


def _stacked_square(x: Any) -> tuple[tuple, Any]:
    """``(batch shape, n)`` of a stack of square matrices, with NumPy's errors."""
    _stacked_2d(x)
    m, n = x.shape[-2:]
    if m is not None and n is not None and m != n:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    return tuple(x.shape[:-2]), n if n is not None else m


def _two_d(x: Any) -> None:
    if len(x.shape) != 2:
        raise LinAlgError(f"{len(x.shape)}-dimensional array given. Array must be two-dimensional")


def _min(m: Any, n: Any) -> Any:
    return None if m is None or n is None else min(m, n)


def _core_mismatch(name: str, signature: str, operand: int, core: int, got: Any, want: Any) -> None:
    """A gufunc's core-dimension check, with NumPy's message."""
    if got is not None and want is not None and got != want:
        raise ValueError(f"{name}: Input operand {operand} has a mismatch in its core dimension {core}, "
                         f"with gufunc signature {signature} (size {got} is different from {want})")


# --- rules ----------------------------------------------------------------------------------------

def _same_shape_rule(ins, attrs):
    (a,) = ins
    _stacked_square(a)
    return [(a.shape, linalg_types(a.dtype)[1])]


def _solve_rule(ins, attrs):
    a, b = ins
    batch, n = _stacked_square(a)
    result = linalg_types(a.dtype, b.dtype)[1]
    if len(b.shape) == 1:  # NumPy 2: a 1-D b is one vector, whatever a's batch
        _core_mismatch("solve1", "(m,m),(m)->(m)", 1, 0, b.shape[0], n)
        return [(batch + (n if n is not None else b.shape[0],), result)]
    if len(b.shape) < 2:
        raise ValueError("solve: Input operand 1 does not have enough dimensions (has 0, gufunc core with "
                         "signature (m,m),(m,n)->(m,n) requires 2)")
    _core_mismatch("solve", "(m,m),(m,n)->(m,n)", 1, 0, b.shape[-2], n)
    return [(shapes.broadcast(batch, b.shape[:-2]) + (n if n is not None else b.shape[-2], b.shape[-1]), result)]


def _det_rule(ins, attrs):
    (a,) = ins
    batch, _ = _stacked_square(a)
    return [(batch, linalg_types(a.dtype)[1])]


def _slogdet_rule(ins, attrs):
    (a,) = ins
    batch, _ = _stacked_square(a)
    result = linalg_types(a.dtype)[1]
    return [(batch, result), (batch, real_dtype(result))]


def _svd_rule(ins, attrs):
    (a,) = ins
    result = linalg_types(a.dtype)[1]
    if attrs["hermitian"]:  # NumPy goes through eigh, which needs square matrices
        _stacked_square(a)
    _stacked_2d(a)
    batch, (m, n) = tuple(a.shape[:-2]), a.shape[-2:]
    k = _min(m, n)
    s = (batch + (k,), real_dtype(result))
    if not attrs["compute_uv"]:
        return [s]
    if attrs["full_matrices"]:
        return [(batch + (m, m), result), s, (batch + (n, n), result)]
    return [(batch + (m, k), result), s, (batch + (k, n), result)]


def _complex_only(name: str, a: Any, alternative: str) -> np.dtype:
    compute, result = linalg_types(a.dtype)
    if compute.kind != "c":
        raise NotStageable(
            f"{user_location()}: np.linalg.{name} of a real ({np.dtype(a.dtype).name}) matrix is not supported in "
            "graphs: NumPy returns a "
            "real array when every eigenvalue happens to be real and a complex one otherwise, a dtype that depends "
            "on the values, while a graph fixes its dtypes when it is traced. Use "
            f"np.linalg.{name}(a.astype(complex)) (always complex, with the same values), or {alternative} for a "
            "symmetric matrix")
    return result


def _eig_rule(ins, attrs):
    (a,) = ins
    result = _complex_only("eig", a, "np.linalg.eigh")
    batch, n = _stacked_square(a)
    return [(batch + (n,), result), (batch + (n, n), result)]


def _eigvals_rule(ins, attrs):
    (a,) = ins
    result = _complex_only("eigvals", a, "np.linalg.eigvalsh")
    batch, n = _stacked_square(a)
    return [(batch + (n,), result)]


def _uplo(attrs: Any) -> None:
    if attrs["UPLO"] not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")


def _eigh_rule(ins, attrs):
    (a,) = ins
    _uplo(attrs)
    result = linalg_types(a.dtype)[1]
    batch, n = _stacked_square(a)
    return [(batch + (n,), real_dtype(result)), (batch + (n, n), result)]


def _eigvalsh_rule(ins, attrs):
    return _eigh_rule(ins, attrs)[:1]


QR_MODES = ("reduced", "complete", "r", "raw")


def _qr_rule(ins, attrs):
    (a,) = ins
    mode = attrs["mode"]
    if mode not in QR_MODES:
        raise ValueError(f"Unrecognized mode '{mode}'")
    _stacked_2d(a)
    result = linalg_types(a.dtype)[1]
    batch, (m, n) = tuple(a.shape[:-2]), a.shape[-2:]
    k = _min(m, n)
    if mode == "r":
        return [(batch + (k, n), result)]
    if mode == "raw":  # LAPACK's Householder form, transposed (Fortran order), and the reflectors' scales
        return [(batch + (n, m), result), (batch + (k,), result)]
    if mode == "complete":
        return [(batch + (m, m), result), (batch + (m, n), result)]
    return [(batch + (m, k), result), (batch + (k, n), result)]


def _lstsq_shapes(a: Any, b: Any) -> tuple:
    """``(m, n, k, result dtype)``, with NumPy's errors; ``k`` is None for a 1-D ``b``."""
    _two_d(a)
    if len(b.shape) == 1:
        k = None
    else:
        _two_d(b)
        k = b.shape[1]
    m, n = a.shape
    if m is not None and b.shape[0] is not None and m != b.shape[0]:
        raise LinAlgError("Incompatible dimensions")
    return m, n, k, linalg_types(a.dtype, b.dtype)[1]


def _lstsq_rule(ins, attrs):
    a, b = ins
    m, n, k, result = _lstsq_shapes(a, b)
    x = (n,) if len(b.shape) == 1 else (n, k)
    return [(x, result), ((), INT32), ((_min(m, n),), real_dtype(result))]


def _lstsq_residuals_rule(ins, attrs):
    a, b = ins
    _, _, k, result = _lstsq_shapes(a, b)
    return [((1,) if len(b.shape) == 1 else (k,), real_dtype(result))]


# --- kernels (NumPy itself) -----------------------------------------------------------------------

def _svd_kernel(a: np.ndarray, full_matrices: bool, compute_uv: bool, hermitian: bool) -> Any:
    out = np.linalg.svd(a, full_matrices=full_matrices, compute_uv=compute_uv, hermitian=hermitian)
    return tuple(out) if compute_uv else out


def _qr_kernel(a: np.ndarray, mode: str) -> Any:
    out = np.linalg.qr(a, mode=mode)
    return tuple(out) if mode != "r" else out


def _lstsq_kernel(a: np.ndarray, b: np.ndarray, rcond: Any) -> tuple:
    x, _, rank, s = np.linalg.lstsq(a, b, rcond=rcond)
    return x, np.int32(rank), s


# What a graph raises where NumPy's residuals would be empty though the right-hand side has columns (the kernel
# here, and the XLA lowering's check: runtime/jax/rules_linalg.py CHECKED).
RANK_DEFICIENT_RESIDUALS = (
    "np.linalg.lstsq: the matrix is rank-deficient (its rank is below its number of columns), and NumPy's residuals "
    "are then an empty array, a shape known only at run time, which graphs do not support; compute the residuals as "
    "np.sum(np.abs(b - a @ x) ** 2, axis=0) instead")


def _lstsq_residuals_kernel(a: np.ndarray, b: np.ndarray, rcond: Any) -> np.ndarray:
    _, residuals, rank, _ = np.linalg.lstsq(a, b, rcond=rcond)
    columns = 1 if b.ndim == 1 else b.shape[1]
    if residuals.shape[0] == 0 and columns > 0:  # (a b of no columns has no residuals to give: (0,), as declared)
        raise LinAlgError(RANK_DEFICIENT_RESIDUALS)
    return residuals


def _inv_or_nan_kernel(a: np.ndarray) -> np.ndarray:
    """NumPy's inverse with its errors off (``np.linalg.cond``'s): each singular matrix of the stack is NaN."""
    try:
        return np.linalg.inv(a)
    except LinAlgError:
        pass
    out = np.empty(a.shape, linalg_types(a.dtype)[1])
    for index in np.ndindex(a.shape[:-2]):
        try:
            out[index] = np.linalg.inv(a[index])
        except LinAlgError:
            out[index] = np.nan
    return out


def _einsum_rule(ins, attrs):
    """NumPy's einsum of ``attrs["subscripts"]``: each output label's size (broadcast across the operands), in
    the operands' result type or the ``dtype`` the call gave."""
    labels, output = einsum_subscripts.parse(attrs["subscripts"], [len(v.shape) for v in ins])
    found = einsum_subscripts.sizes([v.shape for v in ins], labels)
    dtype = attrs["dtype"] if attrs["dtype"] is not None else np.result_type(*(v.dtype for v in ins))
    return [(tuple(found[label] for label in output), np.dtype(dtype))]


def _einsum_kernel(*operands: Any, subscripts: str, optimize: Any, dtype: Any, order: str, casting: str) -> Any:
    """``np.einsum`` as the program called it (an explicit path, kept as a tuple in the graph, as NumPy's list)."""
    if isinstance(optimize, tuple):
        optimize = list(optimize)
    return np.einsum(subscripts, *operands, optimize=optimize, dtype=dtype, order=order, casting=casting)


# --- the ops --------------------------------------------------------------------------------------

define("inv", _same_shape_rule, kernel=np.linalg.inv, jax=JAX, effects=RAISES_ON_VALUES)
define("inv_or_nan", _same_shape_rule, kernel=_inv_or_nan_kernel, jax=JAX)
define("solve", _solve_rule, kernel=np.linalg.solve, jax=JAX, effects=RAISES_ON_VALUES)
define("det", _det_rule, kernel=np.linalg.det, jax=JAX)
define("slogdet", _slogdet_rule, kernel=lambda a: tuple(np.linalg.slogdet(a)), jax=JAX)
define("svd", _svd_rule, kernel=_svd_kernel, jax=JAX, effects=RAISES_ON_VALUES)
define("eig", _eig_rule, kernel=lambda a: tuple(np.linalg.eig(a)), jax=JAX, effects=RAISES_ON_VALUES)
define("eigvals", _eigvals_rule, kernel=np.linalg.eigvals, jax=JAX, effects=RAISES_ON_VALUES)
define("eigh", _eigh_rule, kernel=lambda a, UPLO: tuple(np.linalg.eigh(a, UPLO)), jax=JAX, effects=RAISES_ON_VALUES)
define("eigvalsh", _eigvalsh_rule, kernel=np.linalg.eigvalsh, jax=JAX, effects=RAISES_ON_VALUES)
define("qr", _qr_rule, kernel=_qr_kernel, jax=JAX)
define("cholesky", _same_shape_rule, kernel=lambda a, upper: np.linalg.cholesky(a, upper=upper), jax=JAX,
       effects=RAISES_ON_VALUES)
define("lstsq", _lstsq_rule, kernel=_lstsq_kernel, jax=JAX, effects=RAISES_ON_VALUES)
define("lstsq_residuals", _lstsq_residuals_rule, kernel=_lstsq_residuals_kernel, jax=JAX,
       effects=Effects(for_value_only=True))  # (its refusal stands for a value NumPy gives: only where it is used)
# ``np.einsum``: NumPy's own kernel (its C loops, or with ``optimize`` its BLAS contractions) on the interpreter;
# XLA's rule contracts pair by pair with order-checked products and sums (runtime/jax/rules_einsum.py).
define("einsum", _einsum_rule, kernel=_einsum_kernel, jax="runtime.jax.rules_einsum",
       effects=Effects(cannot_fail=exact_on_known_shapes, foldable=on_integers))
