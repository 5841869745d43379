"""NumPy's linear algebra on graph tensors: ``np.linalg``, ``einsum``, ``tensordot``, ``dot`` and company.

Registered in ``tensor.NUMPY_FUNCTIONS``. The functions NumPy computes with one LAPACK call (``inv``,
``solve``, ``det``, ``slogdet``, ``svd``, ``eig``, ``eigh``, ``qr``, ``cholesky``, ``lstsq`` and their
value-only variants) are one library op each (``ops_linalg``); everything else is written in ops the
way NumPy writes it, so ``pinv`` is NumPy's ``pinv`` made of an ``svd`` node, a cutoff and a
``matmul``, and ``matrix_power`` makes NumPy's sequence of products.

Arguments that decide a graph's shape or the computation itself (``einsum``'s subscripts,
``tensordot``'s axes, ``norm``'s ``ord``, ``matrix_power``'s ``n``, ``svd``'s flags...) must be Python
values while tracing: a tensor there is a ``TypeError`` naming the function and the argument.
Values that only enter the arithmetic (``pinv``'s ``rcond``, ``matrix_rank``'s ``tol``) may be tensors.
See docs/graph_linalg.md for the table.
"""

from __future__ import annotations

import math
import operator
import warnings
from typing import Any, Callable, Optional, Sequence

import numpy as np
from numpy.lib.array_utils import normalize_axis_index

from runtime.graph import einsum_subscripts
from runtime.graph.numpy_api import arg, implements, reject
from runtime.graph.ops_linalg import linalg_types, real_dtype
from runtime.graph.shapes import normalize_axis
from runtime.graph.tensor import (
    NUMPY_FUNCTIONS,
    Tensor,
    apply,
    bind,
    bind1,
    cast,
    constant,
    getitem,
    read_only_view,
    reduce,
    reshape,
    stands_for_a_tensor,
    transpose,
)
from runtime.staging import NotStageable

# NumPy's result classes (namedtuples), so ``np.linalg.svd(a).S`` works on tensors as on arrays.
_SVDResult = type(np.linalg.svd(np.eye(1)))
_EigResult = type(np.linalg.eig(np.eye(1)))
_EighResult = type(np.linalg.eigh(np.eye(1)))
_QRResult = type(np.linalg.qr(np.eye(1)))
_SlogdetResult = type(np.linalg.slogdet(np.eye(1)))
_NOT_GIVEN = object()


# --- helpers --------------------------------------------------------------------------------------

def _traced(value: Any) -> bool:
    if isinstance(value, (tuple, list)):
        return any(_traced(v) for v in value)
    return isinstance(value, Tensor) or stands_for_a_tensor(type(value))


def static(func: str, **values: Any) -> None:
    """Raise a ``TypeError`` when one of ``values`` (arguments of ``np.<func>``) is a graph tensor."""
    for name, value in values.items():
        if _traced(value):
            raise NotStageable(f"np.{func}: {name} must be a Python value known while tracing, not a graph tensor: "
                            "it decides the shape of the result or the computation the graph makes")


def _known(func: str, x: Tensor, axes: Sequence[int]) -> tuple[int, ...]:
    """The sizes of ``x``'s ``axes``, which must be known while tracing."""
    dims = tuple(x.shape[a] for a in axes)
    if None in dims:
        raise NotStageable(f"np.{func} needs the sizes of the dimensions it works on while tracing, but the tensor "
                        f"is {x.value.type_str}; give the function an input_signature with those sizes")
    return dims


def _swap_last(x: Tensor) -> Tensor:
    """NumPy's ``linalg.transpose``: the last two axes swapped."""
    axes = list(range(x.ndim))
    axes[-1], axes[-2] = axes[-2], axes[-1]
    return transpose(x, axes)


def _abs2(x: Tensor) -> Tensor:
    """``|x|**2`` in ``x``'s real dtype."""
    if x.dtype.kind == "c":
        # The op set has no ``.real``; |x| squared is NumPy's (x.conj() * x).real to rounding.
        a = np.absolute(x)
        return a * a
    return x * x


def _conj(x: Tensor) -> Tensor:
    return np.conjugate(x) if x.dtype.kind == "c" else x


# --- one op each ----------------------------------------------------------------------------------

@implements(np.linalg.inv)
def _inv(a: Any) -> Tensor:
    return bind1("inv", [arg(a)])


@implements(np.linalg.solve)
def _solve(a: Any, b: Any) -> Tensor:
    return bind1("solve", [arg(a), arg(b)])


@implements(np.linalg.det)
def _det(a: Any) -> Tensor:
    return bind1("det", [arg(a)])


@implements(np.linalg.slogdet)
def _slogdet(a: Any) -> Any:
    return _SlogdetResult(*bind("slogdet", [arg(a)]))


@implements(np.linalg.svd)
def _svd(a: Any, full_matrices: bool = True, compute_uv: bool = True, hermitian: bool = False) -> Any:
    static("linalg.svd", full_matrices=full_matrices, compute_uv=compute_uv, hermitian=hermitian)
    outs = bind("svd", [arg(a)], full_matrices=bool(full_matrices), compute_uv=bool(compute_uv),
                hermitian=bool(hermitian))
    return _SVDResult(*outs) if compute_uv else outs[0]


@implements(np.linalg.svdvals)
def _svdvals(x: Any) -> Tensor:
    return _svd(x, compute_uv=False)


@implements(np.linalg.eig)
def _eig(a: Any) -> Any:
    return _EigResult(*bind("eig", [arg(a)]))


@implements(np.linalg.eigvals)
def _eigvals(a: Any) -> Tensor:
    return bind1("eigvals", [arg(a)])


def _upper(func: str, UPLO: Any) -> str:
    static(func, UPLO=UPLO)
    return UPLO.upper()


@implements(np.linalg.eigh)
def _eigh(a: Any, UPLO: str = "L") -> Any:
    return _EighResult(*bind("eigh", [arg(a)], UPLO=_upper("linalg.eigh", UPLO)))


@implements(np.linalg.eigvalsh)
def _eigvalsh(a: Any, UPLO: str = "L") -> Tensor:
    return bind1("eigvalsh", [arg(a)], UPLO=_upper("linalg.eigvalsh", UPLO))


@implements(np.linalg.qr)
def _qr(a: Any, mode: str = "reduced") -> Any:
    static("linalg.qr", mode=mode)
    if mode in ("f", "full"):  # NumPy's deprecated spellings, with its warnings
        warnings.warn("The 'full' option is deprecated in favor of 'reduced'.\nFor backward compatibility let mode "
                      "default.", DeprecationWarning, stacklevel=3)
        mode = "reduced"
    elif mode in ("e", "economic"):
        warnings.warn("The 'economic' option is deprecated.", DeprecationWarning, stacklevel=3)
        h, _ = bind("qr", [arg(a)], mode="raw")
        return _swap_last(h)  # NumPy's 'economic' is 'raw''s Householder matrix, untransposed
    outs = bind("qr", [arg(a)], mode=mode)
    if mode == "r":
        return outs[0]
    return tuple(outs) if mode == "raw" else _QRResult(*outs)


@implements(np.linalg.cholesky)
def _cholesky(a: Any, /, *, upper: bool = False) -> Tensor:
    static("linalg.cholesky", upper=upper)
    return bind1("cholesky", [arg(a)], upper=bool(upper))


@implements(np.linalg.lstsq)
def _lstsq(a: Any, b: Any, rcond: Any = None) -> tuple:
    static("linalg.lstsq", rcond=rcond)
    x_a, x_b = arg(a), arg(b)
    rcond = None if rcond is None else float(rcond)
    x, rank, s = bind("lstsq", [x_a, x_b], rcond=rcond)
    m, n = x_a.shape
    if m is not None and n is not None and m <= n:
        # NumPy's residuals are empty whenever there are no more rows than columns: known now.
        residuals = constant(np.zeros(0, real_dtype(x.dtype)))
    else:  # ... and otherwise when the matrix turns out rank-deficient: an op that checks at run time
        residuals = bind1("lstsq_residuals", [x_a, x_b], rcond=rcond)
    return x, residuals, rank, s


# --- composed from ops ----------------------------------------------------------------------------

@implements(np.linalg.pinv)
def _pinv(a: Any, rcond: Any = None, hermitian: bool = False, *, rtol: Any = _NOT_GIVEN) -> Tensor:
    static("linalg.pinv", hermitian=hermitian)
    x = arg(a)
    if rcond is None:
        if rtol is _NOT_GIVEN:
            rcond = 1e-15
        elif rtol is None:
            rcond = max(_known("linalg.pinv", x, (-2, -1))) * np.finfo(x.dtype).eps
        else:
            rcond = rtol
    elif rtol is not _NOT_GIVEN:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    if x.ndim >= 2 and 0 in x.shape[-2:]:
        m, n = x.shape[-2:]
        return bind1("full", [], shape=x.shape[:-2] + (n, m), fill_value=np.array(0, x.dtype), dtype=x.dtype)
    u, s, vt = _svd(_conj(x), full_matrices=False, hermitian=hermitian)
    cutoff = _column(rcond) * reduce("max", s, -1, True)
    large = s > cutoff
    s_inv = apply("where", large, 1 / apply("where", large, s, 1), 0)  # no 1/0 where NumPy's divide skips it
    return apply("matmul", _swap_last(vt), getitem(s_inv, (Ellipsis, None)) * _swap_last(u))


def _column(value: Any) -> Any:
    """NumPy's ``asarray(value)[..., newaxis]`` for a number, an array or a tensor."""
    return getitem(arg(value), (Ellipsis, None)) if _traced(value) else np.asarray(value)[..., np.newaxis]


@implements(np.linalg.matrix_power)
def _matrix_power(a: Any, n: Any) -> Tensor:
    static("linalg.matrix_power", n=n)
    x = arg(a)
    if x.ndim < 2:
        raise np.linalg.LinAlgError(f"{x.ndim}-dimensional array given. Array must be at least two-dimensional")
    if None not in x.shape[-2:] and x.shape[-1] != x.shape[-2]:
        raise np.linalg.LinAlgError("Last 2 dimensions of the array must be square")
    try:
        n = operator.index(n)
    except TypeError as error:
        raise TypeError("exponent must be an integer") from error
    if n == 0:
        (size,) = _known("linalg.matrix_power", x, (-1,))
        eye = np.eye(size, dtype=x.dtype)
        if None not in x.shape:
            return constant(np.broadcast_to(eye, x.shape))
        return bind1("full_like", [x], fill_value=np.array(0, x.dtype), dtype=x.dtype) + eye
    if n < 0:
        x, n = _inv(x), -n
    # NumPy's own sequence of products (so the rounding is NumPy's too).
    if n == 1:
        return x
    if n == 2:
        return apply("matmul", x, x)
    if n == 3:
        return apply("matmul", apply("matmul", x, x), x)
    z: Optional[Tensor] = None
    result: Optional[Tensor] = None
    while n > 0:
        z = x if z is None else apply("matmul", z, z)
        n, bit = divmod(n, 2)
        if bit:
            result = z if result is None else apply("matmul", result, z)
    return result


@implements(np.linalg.matrix_rank)
def _matrix_rank(A: Any, tol: Any = None, hermitian: bool = False, *, rtol: Any = None) -> Tensor:
    static("linalg.matrix_rank", hermitian=hermitian)
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    x = arg(A)
    if x.ndim < 2:
        return cast(reduce("any", x != 0), np.intp)  # NumPy: int(not all(A == 0))
    s = _svd(x, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(_known("linalg.matrix_rank", x, (-2, -1))) * np.finfo(s.dtype).eps
        else:
            rtol = _column(rtol)
        biggest = _max_or_zero(s, s.ndim - 1, True)
        tol = biggest * rtol
    else:
        tol = _column(tol)
    return reduce("sum", s > tol, -1)


def _cond_stays_complex() -> bool:
    """NumPy 2.2 returns a complex cond (zero imaginary part) for a complex matrix and a p other than
    None / 2 / -2; NumPy 2.4 a real one. Asked of the installed NumPy."""
    return np.linalg.cond(np.eye(2, dtype=np.complex128), 1).dtype.kind == "c"


_COND_STAYS_COMPLEX = _cond_stays_complex()


@implements(np.linalg.cond)
def _cond(x: Any, p: Any = None) -> Tensor:
    static("linalg.cond", p=p)
    t = arg(x)
    if t.ndim >= 2 and 0 in t.shape[-2:]:
        raise np.linalg.LinAlgError("cond is not defined on empty arrays")
    if p is None or p in (2, -2):
        s = _svd(t, compute_uv=False)
        first, last = getitem(s, (Ellipsis, 0)), getitem(s, (Ellipsis, -1))
        num, den = (last, first) if p == -2 else (first, last)
        # NumPy divides with warnings off: x / 0 is inf, and 0 / 0 (NaN) becomes inf below.
        r = apply("where", den == 0, np.inf, num / apply("where", den == 0, 1, den))
    else:
        # NumPy's inverse here has its errors off: a singular matrix's is NaN (then inf below), no LinAlgError.
        inverse = bind1("inv_or_nan", [t])
        r = _norm(t, p, (-2, -1)) * _norm(inverse, p, (-2, -1))
        result_type = linalg_types(t.dtype)[1]
        r = cast(r, result_type if _COND_STAYS_COMPLEX else real_dtype(result_type))
    nan = np.isnan(r) & ~reduce("any", np.isnan(t), (-2, -1))
    return apply("where", nan, np.inf, r)


@implements(np.linalg.norm)
def _norm(x: Any, ord: Any = None, axis: Any = None, keepdims: bool = False) -> Tensor:
    static("linalg.norm", ord=ord, axis=axis, keepdims=keepdims)
    t = arg(x)
    if t.dtype.kind not in "fc":
        t = cast(t, np.float64)
    nd = t.ndim
    if axis is None:
        if ord is None or (ord in ("f", "fro") and nd == 2) or (ord == 2 and nd == 1):
            ret = np.sqrt(_dot_with_itself(reshape(t, (-1,))))
            return reshape(ret, (1,) * nd) if keepdims else ret
        axis = tuple(range(nd))
    elif not isinstance(axis, tuple):
        try:
            axis = (int(axis),)
        except Exception as error:
            raise TypeError("'axis' must be None, an integer or a tuple of integers") from error
    if len(axis) == 1:
        return _vector_norm(t, ord, normalize_axis_index(axis[0], nd), keepdims)
    if len(axis) != 2:
        raise ValueError("Improper number of dimensions to norm.")
    row, col = (normalize_axis_index(a, nd) for a in axis)
    if row == col:
        raise ValueError("Duplicate axes given.")
    ret = _matrix_norm(t, ord, row, col)
    if keepdims:
        ret = getitem(ret, tuple(None if i in (row, col) else slice(None) for i in range(nd)))
    return ret


def _dot_with_itself(flat: Tensor) -> Tensor:
    """NumPy's squared norm of a vector: ``x.dot(x)``, or of a complex one ``re.dot(re) + im.dot(im)``: a BLAS dot
    (the ``matmul`` op's kernel), whose sum is NumPy's to the bit where a sum of squares is not. (NumPy's
    ``ravel(order="K")`` copies a strided vector, a column ``x[:, 0]``, and BLAS sums the copy in another order than
    the view the interpreter's kernel gets: there the last bit may differ, as it may for a transposed matrix, which
    NumPy sums in its memory order.)"""
    if flat.dtype.kind == "c":
        re, im = np.real(flat), np.imag(flat)
        return apply("matmul", re, re) + apply("matmul", im, im)
    return apply("matmul", flat, flat)


def _vector_norm(t: Tensor, ord: Any, axis: int, keepdims: bool) -> Tensor:
    absx = np.absolute(t)
    if isinstance(ord, str):
        raise ValueError(f"Invalid norm order '{ord}' for vectors")
    if ord == np.inf:
        return _max_or_zero(absx, axis, keepdims)
    if ord == -np.inf:
        return reduce("min", absx, axis, keepdims)
    if ord == 0:
        return reduce("sum", cast(t != 0, absx.dtype), axis, keepdims)
    if ord == 1:
        return reduce("sum", absx, axis, keepdims)
    if ord is None or ord == 2:
        return np.sqrt(reduce("sum", _abs2(t), axis, keepdims))
    powered = cast(absx ** ord, absx.dtype)  # NumPy raises in place: absx **= ord keeps absx's dtype
    ret = reduce("sum", powered, axis, keepdims)
    return ret ** np.reciprocal(ord, dtype=ret.dtype)


def _empty_max_is_zero() -> bool:
    """NumPy 2.3+ takes the largest of no singular values, row sums or absolute values as 0 in ``norm`` and
    ``matrix_rank`` (``max(initial=0)``); NumPy 2.2 takes a plain ``max``, whose error an empty matrix raises.
    Asked of the installed NumPy."""
    try:
        return np.linalg.norm(np.zeros(0), np.inf) == 0
    except ValueError:
        return False


_EMPTY_MAX_IS_ZERO = _empty_max_is_zero()


def _max_or_zero(x: Tensor, axis: int, keepdims: bool = False) -> Tensor:
    """``x.max(axis, initial=0)`` for non-negative ``x``, 0 over an empty axis, as NumPy 2.3+ takes it there (a
    plain ``max``, NumPy's error for an empty axis, on NumPy 2.2)."""
    if not _EMPTY_MAX_IS_ZERO:
        return reduce("max", x, axis, keepdims)
    if x.shape[axis] == 0:
        return reduce("sum", x, axis, keepdims)
    if x.shape[axis] is None:  # a length known only at run time: the max of a 0 put before the values
        zero = cast(reduce("any", x != x, axis, True) & False, x.dtype)
        x = np.concatenate([zero, x], axis=axis)
    return reduce("max", x, axis, keepdims)


def _matrix_norm(t: Tensor, ord: Any, row: int, col: int) -> Tensor:
    if ord in (2, -2, "nuc"):
        s = _svd(np.moveaxis(t, (row, col), (-2, -1)), compute_uv=False)
        if ord == 2:
            return _max_or_zero(s, -1 + s.ndim)
        return reduce("min", s, -1) if ord == -2 else reduce("sum", s, -1)
    if ord in (1, -1, np.inf, -np.inf):
        summed, other = (row, col) if ord in (1, -1) else (col, row)
        if other > summed:
            other -= 1
        sums = reduce("sum", np.absolute(t), summed)
        return _max_or_zero(sums, other) if ord in (1, np.inf) else reduce("min", sums, other)
    if ord is None or ord in ("fro", "f"):
        return np.sqrt(reduce("sum", _abs2(t), (row, col)))
    raise ValueError("Invalid norm order for matrices.")


# --- products -------------------------------------------------------------------------------------

def _not_aligned(a: Tensor, b: Tensor, i: int, j: int) -> ValueError:
    fmt = lambda s: "(" + ",".join("?" if d is None else str(d) for d in s) + ("," if len(s) == 1 else "") + ")"  # noqa: E731
    return ValueError(f"shapes {fmt(a.shape)} and {fmt(b.shape)} not aligned: {a.shape[i]} (dim {i % a.ndim}) != "
                      f"{b.shape[j]} (dim {j % b.ndim})")


@implements(np.dot)
def _dot(a: Any, b: Any, out: Any = None) -> Tensor:
    reject("dot", out=out)
    x, y = arg(a), arg(b)
    if x.ndim == 0 or y.ndim == 0:
        return x * y
    j = -1 if y.ndim == 1 else -2
    if None not in (x.shape[-1], y.shape[j]) and x.shape[-1] != y.shape[j]:
        raise _not_aligned(x, y, -1, j)
    if x.ndim <= 2 and y.ndim <= 2:
        return apply("dot", x, y)  # (NumPy's dot kernel: matmul's numbers, not its bits; ops.py)
    if y.ndim == 1 or x.ndim == 1:
        return apply("matmul", x, y)  # matmul is dot here (a 1-D operand broadcasts over the other's stack)
    # N-d: a sum product over x's last axis and y's second-to-last, y's other axes after x's.
    return _tensordot(x, y, ([x.ndim - 1], [y.ndim - 2]))


@implements(np.inner)
def _inner(a: Any, b: Any) -> Tensor:
    x, y = arg(a), arg(b)
    if x.ndim == 0 or y.ndim == 0:
        return x * y
    if None not in (x.shape[-1], y.shape[-1]) and x.shape[-1] != y.shape[-1]:
        raise _not_aligned(x, y, -1, -1)
    if x.ndim <= 2 and y.ndim <= 2:
        return apply("dot", x, transpose(y)) if y.ndim == 2 else apply("dot", x, y)  # (NumPy's inner: a dot)
    return _tensordot(x, y, ([x.ndim - 1], [y.ndim - 1]))


@implements(np.outer)
def _outer(a: Any, b: Any, out: Any = None) -> Tensor:
    reject("outer", out=out)
    return apply("mul", getitem(reshape(arg(a), (-1,)), (slice(None), None)),
                 getitem(reshape(arg(b), (-1,)), (None, slice(None))))


@implements(np.linalg.outer)
def _linalg_outer(x1: Any, x2: Any, /) -> Tensor:
    a, b = arg(x1), arg(x2)
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError(f"Input arrays must be one-dimensional, but they are x1.ndim={a.ndim!r} and "
                         f"x2.ndim={b.ndim!r}.")
    return _outer(a, b)


@implements(np.vdot)
def _vdot(a: Any, b: Any) -> Tensor:
    x, y = reshape(arg(a), (-1,)), reshape(arg(b), (-1,))
    if None not in (x.shape[0], y.shape[0]) and x.shape[0] != y.shape[0]:
        raise ValueError(f"cannot reshape array of size {y.shape[0]} into shape ({x.shape[0]},)")
    return apply("vdot", x, y)  # (NumPy's own kernel: its bits are neither matmul's nor dot's; ops.py)


@implements(np.tensordot, np.linalg.tensordot)
def _tensordot(a: Any, b: Any, axes: Any = 2) -> Tensor:
    static("tensordot", axes=axes)
    try:
        iter(axes)
    except Exception:
        axes_a, axes_b = list(range(-axes, 0)), list(range(0, axes))
    else:
        axes_a, axes_b = axes
    axes_a, axes_b = _axis_list(axes_a), _axis_list(axes_b)  # (any sequence: a range, an array of ints)
    if len(set(axes_a)) != len(axes_a) or len(set(axes_b)) != len(axes_b):
        raise ValueError("duplicate axes are not allowed in tensordot")
    x, y = arg(a), arg(b)
    as_, bs = _known("tensordot", x, range(x.ndim)), _known("tensordot", y, range(y.ndim))
    if len(axes_a) != len(axes_b) or any(as_[i] != bs[j] for i, j in zip(axes_a, axes_b)):
        raise ValueError("shape-mismatch for sum")
    axes_a = [i % x.ndim if i < 0 else i for i in axes_a]
    axes_b = [j % y.ndim if j < 0 else j for j in axes_b]
    # NumPy's algorithm: summed axes to the end of a and the front of b, two 2-D arrays, one dot.
    rest_a = [k for k in range(x.ndim) if k not in axes_a]
    rest_b = [k for k in range(y.ndim) if k not in axes_b]
    summed = math.prod(as_[k] for k in axes_a)
    at = reshape(transpose(x, rest_a + axes_a), (math.prod(as_[k] for k in rest_a), summed))
    bt = reshape(transpose(y, axes_b + rest_b), (summed, math.prod(bs[k] for k in rest_b)))
    return reshape(apply("dot", at, bt), [as_[k] for k in rest_a] + [bs[k] for k in rest_b])


def _axis_list(axes: Any) -> list:
    """``tensordot``'s axes of one operand as NumPy takes them: a sequence's items (``len`` answers), else the one
    axis."""
    try:
        len(axes)
    except TypeError:
        return [axes]
    return list(axes)


@implements(np.kron)
def _kron(a: Any, b: Any) -> Tensor:
    y = arg(b)
    x = arg(a)
    if x.ndim < y.ndim:  # NumPy: array(a, ndmin=b.ndim)
        x = getitem(x, (None,) * (y.ndim - x.ndim) + (Ellipsis,))
    if x.ndim == 0 or y.ndim == 0:
        return x * y
    nd = max(x.ndim, y.ndim)
    xs = (1,) * (nd - x.ndim) + _known("kron", x, range(x.ndim))
    ys = (1,) * (nd - y.ndim) + _known("kron", y, range(y.ndim))
    x = reshape(x, xs)
    y = reshape(y, ys)
    # Interleave: x's axes at even positions, y's at odd ones, then merge each pair.
    xe = getitem(x, tuple(item for _ in range(nd) for item in (slice(None), None)))
    ye = getitem(y, tuple(item for _ in range(nd) for item in (None, slice(None))))
    return reshape(xe * ye, tuple(p * q for p, q in zip(xs, ys)))


@implements(np.linalg.multi_dot)
def _multi_dot(arrays: Sequence[Any], *, out: Any = None) -> Tensor:
    reject("linalg.multi_dot", out=out)
    n = len(arrays)
    if n < 2:
        raise ValueError("Expecting at least two arrays.")
    if n == 2:
        return _dot(arrays[0], arrays[1])
    xs = [arg(a) for a in arrays]
    first, last = xs[0].ndim, xs[-1].ndim
    if first == 1:
        xs[0] = getitem(xs[0], (None, slice(None)))
    if last == 1:
        xs[-1] = getitem(xs[-1], (slice(None), None))
    for x in xs:
        if x.ndim != 2:
            raise np.linalg.LinAlgError(f"{x.ndim}-dimensional array given. Array must be two-dimensional")
    dims = [x.shape[0] for x in xs] + [xs[-1].shape[1]]
    if None in dims:
        result = xs[0]  # the cheapest order needs the sizes; left to right computes the same product
        for x in xs[1:]:
            result = _dot(result, x)
    else:
        result = _chain(xs, _chain_order(dims), 0, n - 1)
    if first == 1 and last == 1:
        return getitem(result, (0, 0))
    return reshape(result, (-1,)) if first == 1 or last == 1 else result


def _chain_order(p: list[int]) -> list[list[int]]:
    """NumPy's ``_multi_dot_matrix_chain_order`` (``_multi_dot_three`` agrees with it for three)."""
    n = len(p) - 1
    cost = [[0.0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = math.inf
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1]
                if q < cost[i][j]:
                    cost[i][j], split[i][j] = q, k
    return split


def _chain(xs: list, order: list, i: int, j: int) -> Tensor:
    if i == j:
        return xs[i]
    return _dot(_chain(xs, order, i, order[i][j]), _chain(xs, order, order[i][j] + 1, j))


# --- diagonals --------------------------------------------------------------------------------------

def diagonal(x: Tensor, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Tensor:
    """NumPy's ``x.diagonal(offset, axis1, axis2)``: those axes removed, the diagonal appended last."""
    if x.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    a1, a2 = normalize_axis(axis1, x.ndim), normalize_axis(axis2, x.ndim)
    if a1 == a2:
        raise ValueError("axis1 and axis2 cannot be the same")
    n, m = _known("diagonal", x, (a1, a2))
    rows = np.arange(max(0, -offset), max(0, min(n, m - offset)))
    moved = transpose(x, [k for k in range(x.ndim) if k not in (a1, a2)] + [a1, a2])
    return getitem(moved, (Ellipsis, rows, rows + offset))


# np.diagonal itself is registered by numpy_array (the same algorithm).
@implements(np.linalg.diagonal)
def _linalg_diagonal(x: Any, /, *, offset: int = 0) -> Tensor:
    static("linalg.diagonal", offset=offset)
    t = arg(x)
    return read_only_view(t, lambda base: diagonal(base, offset, -2, -1))  # (NumPy's: np.diagonal's read-only view)


@implements(np.trace)
def _trace(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None, out: Any = None) -> Tensor:
    reject("trace", out=out)
    static("trace", offset=offset, axis1=axis1, axis2=axis2)
    total = reduce("sum", diagonal(arg(a), offset, axis1, axis2), -1, False, dtype)
    return total if dtype is None else cast(total, dtype)  # the sum op widens int32, trace(dtype=) does not


@implements(np.linalg.trace)
def _linalg_trace(x: Any, /, *, offset: int = 0, dtype: Any = None) -> Tensor:
    return _trace(x, offset, -2, -1, dtype)


@implements(np.diag)
def _diag(v: Any, k: int = 0) -> Tensor:
    static("diag", k=k)
    x = arg(v)
    if x.ndim == 2:  # (np.diagonal's read-only view, as NumPy's)
        return read_only_view(x, lambda base: diagonal(base, k))
    if x.ndim != 1:
        raise ValueError("Input must be 1- or 2-d.")
    (length,) = _known("diag", x, (0,))
    n = length + abs(k)
    if k:  # pad v with |k| zeros so that every row (k > 0) or column (k < 0) has an entry to select
        x = bind1("concatenate", [x, np.zeros(abs(k), x.dtype)], axis=0)
    along = (slice(None), None) if k >= 0 else (None, slice(None))
    return apply("where", np.eye(n, n, k, dtype=bool), getitem(x, along), np.zeros((), x.dtype))


def _triangle(name: str, lower: bool) -> Callable:
    def impl(m: Any, k: int = 0) -> Tensor:
        static(name, k=k)
        x = arg(m)
        if x.ndim < 2:
            raise NotStageable(f"np.{name} of a tensor with fewer than 2 dimensions is not supported in graphs")
        n, cols = _known(name, x, (-2, -1))
        mask = np.tri(n, cols, k if lower else k - 1, dtype=bool)
        return apply("where", mask if lower else ~mask, x, np.zeros(1, x.dtype))
    return impl


NUMPY_FUNCTIONS[np.tril] = _triangle("tril", True)
NUMPY_FUNCTIONS[np.triu] = _triangle("triu", False)


@implements(np.cross)
def _cross(a: Any, b: Any, axisa: int = -1, axisb: int = -1, axisc: int = -1, axis: Optional[int] = None) -> Tensor:
    static("cross", axisa=axisa, axisb=axisb, axisc=axisc, axis=axis)
    if axis is not None:
        axisa, axisb, axisc = (axis,) * 3
    x, y = arg(a), arg(b)
    if x.ndim < 1 or y.ndim < 1:
        raise ValueError("At least one array has zero dimension")
    x = np.moveaxis(x, normalize_axis_index(axisa, x.ndim, msg_prefix="axisa"), -1)
    y = np.moveaxis(y, normalize_axis_index(axisb, y.ndim, msg_prefix="axisb"), -1)
    (nx,), (ny,) = _known("cross", x, (-1,)), _known("cross", y, (-1,))
    if nx not in (2, 3) or ny not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    if nx == 2 or ny == 2:
        # Deprecated in NumPy 2.0, refused from 2.5: asked of the installed NumPy, for its own error.
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                np.cross(np.zeros(nx), np.zeros(ny))
        except ValueError as error:
            raise ValueError(str(error)) from None
        warnings.warn("Arrays of 2-dimensional vectors are deprecated. Use arrays of 3-dimensional vectors instead. "
                      "(deprecated in NumPy 2.0)", DeprecationWarning, stacklevel=3)
    dtype = np.promote_types(x.dtype, y.dtype)
    x, y = cast(x, dtype), cast(y, dtype)
    a0, a1, b0, b1 = x[..., 0], x[..., 1], y[..., 0], y[..., 1]
    a2 = x[..., 2] if nx == 3 else None
    b2 = y[..., 2] if ny == 3 else None
    # NumPy's formulas, term by term (a missing third component is 0).
    if nx == 2 and ny == 2:
        return a0 * b1 - a1 * b0
    if nx == 2:
        cp = [a1 * b2, -(a0 * b2), a0 * b1 - a1 * b0]
    elif ny == 2:
        cp = [-(a2 * b1), a2 * b0, a0 * b1 - a1 * b0]
    else:
        cp = [a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0]
    out = bind1("stack", [cast(c, dtype) for c in cp], axis=cp[0].ndim)
    return np.moveaxis(out, -1, normalize_axis_index(axisc, out.ndim, msg_prefix="axisc"))


@implements(np.linalg.cross)
def _linalg_cross(x1: Any, x2: Any, /, *, axis: int = -1) -> Tensor:
    static("linalg.cross", axis=axis)
    a, b = arg(x1), arg(x2)
    if a.shape[axis] != 3 or b.shape[axis] != 3:
        raise ValueError(f"Both input arrays must be (arrays of) 3-dimensional vectors, but they are "
                         f"{a.shape[axis]} and {b.shape[axis]} dimensional instead.")
    return _cross(a, b, axis=axis)


@implements(np.linalg.matrix_transpose, np.matrix_transpose)
def _matrix_transpose(x: Any, /) -> Tensor:
    t = arg(x)
    if t.ndim < 2:
        raise ValueError("Input array must be at least 2-dimensional")
    return _swap_last(t)


# --- einsum ---------------------------------------------------------------------------------------

@implements(np.einsum)
def _einsum(*operands: Any, out: Any = None, optimize: Any = False, dtype: Any = None, order: str = "K",
            casting: str = "safe") -> Tensor:
    """One ``einsum`` node, whose kernel is NumPy's own einsum called as the program called it (ops_linalg.py):
    its sum-of-products loops, or with ``optimize`` its BLAS contractions, give their own last bits, which no
    composition of ``matmul``s and sums matched. The subscripts, sizes and ``dtype`` are checked now, with
    NumPy's errors."""
    reject("einsum", out=out)
    if not operands:
        raise ValueError("must specify the einstein sum subscripts string and at least one operand")
    static("einsum", optimize=optimize, order=order, casting=casting)
    if isinstance(operands[0], str):
        subscripts, arrays = operands[0], list(operands[1:])
    else:  # einsum(op0, sublist0, op1, sublist1, ..., [sublistout])
        pairs = operands[:-1] if len(operands) % 2 else operands
        for sub in (*pairs[1::2], *operands[len(pairs):]):
            static("einsum", subscripts=sub)
        subscripts, arrays = einsum_subscripts.from_sublists(operands), list(pairs[0::2])
    xs = [arg(a) for a in arrays]
    if dtype is not None:
        for k, x in enumerate(xs):
            if not np.can_cast(x.dtype, dtype, casting):
                raise TypeError(f"Iterator operand {k} dtype could not be cast from {x.dtype!r} to "
                                f"{np.dtype(dtype)!r} according to the rule '{casting}'")
    labels, _ = einsum_subscripts.parse(subscripts, [x.ndim for x in xs])
    einsum_subscripts.sizes([x.shape for x in xs], labels)
    if isinstance(optimize, list):  # (an explicit path, ['einsum_path', (0, 1), ...]: a tuple in the graph)
        optimize = tuple(tuple(step) if isinstance(step, list) else step for step in optimize)
    return bind1("einsum", xs, subscripts=subscripts, optimize=optimize,
                 dtype=None if dtype is None else np.dtype(dtype), order=order, casting=casting)
