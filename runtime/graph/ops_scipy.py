"""Library ops for SciPy functions on graph tensors: ``scipy.linalg``, ``scipy.special``, ``scipy.ndimage``,
``scipy.spatial.distance`` and ``scipy.stats``' ``rankdata``, ``gmean`` and ``hmean``.

Each op is one node whose NumPy kernel is the SciPy function itself (so the interpreter's values
are SciPy's, bit for bit: the oracle is SciPy, not NumPy) and whose JAX rule is ``jax.scipy``'s
function where it has one, or a host callback into SciPy where it has none
(runtime/jax/rules_scipy.py: the Riccati solvers and ``scipy.ndimage``'s filters run on the host)::

    scipy_inv(a)   scipy_det(a)   scipy_expm(a)   scipy_cholesky(a; lower)
    scipy_solve(a, b; lower, assume_a, transposed)
    scipy_solve_triangular(a, b; trans, lower, unit_diagonal)
    scipy_pinv(a; atol, rtol, return_rank) -> b (, rank)
    scipy_svd(a; full_matrices, compute_uv) -> u, s, vh  (or s alone)
    scipy_block_diag(*arrs)
    scipy_qr(a; mode, pivoting) -> q, r (, p)  (mode "r": r (, p))      (JAX: a host callback)
    scipy_shaped(*arrays; function, args, kwargs, expect) -> results     (JAX: a host callback)
        SciPy's functions whose results' shapes and dtypes follow from the arguments' alone (scipy.signal's
        filters and spectra, scipy.ndimage's 1-d and Gaussian filters, ...: runtime/scipy_calls.py's SHAPED)
    scipy_eigh(a[, b]; lower, eigvals_only, type, driver) -> w (, v)   (JAX: a host callback)
    scipy_pinvh(a; atol, rtol, lower, return_rank) -> b (, rank)        (JAX: a host callback)
    scipy_solve_discrete_lyapunov(a, q; method)                          (JAX: a host callback)
    scipy_solve_discrete_are(a, b, q, r[, e][, s]; balanced)      (JAX: a host callback)
    scipy_solve_continuous_are(a, b, q, r[, e][, s]; balanced)    (JAX: a host callback)
    scipy_ndimage_convolve(input, weights; mode, cval, origin, axes)     (JAX: a host callback)
    scipy_ndimage_correlate(input, weights; mode, cval, origin, axes)    (JAX: a host callback)
    scipy_pdist(X; metric, kwargs)  scipy_cdist(XA, XB; metric, kwargs)  scipy_squareform(X; force, checks)
    scipy_rankdata(a; method, axis, nan_policy)                          (JAX: host callbacks)
    scipy_gmean(a[, weights]; axis, dtype, nan_policy, keepdims)  scipy_hmean(...)   (JAX: host callbacks)
    scipy_logsumexp(a[, b]; axis, keepdims, return_sign) -> res (, sign)
    scipy_expit(x)  scipy_logit(x)  scipy_erf(x)  scipy_erfc(x)  scipy_gammaln(x)  scipy_xlogy(x, y) ...

Before (Python, ``P`` a graph tensor)::

    U, s, _ = scipy.linalg.svd(P)

After (the graph)::

    b:f64[2,2] c:f64[2] d:f64[2,2] = scipy_svd[full_matrices=True compute_uv=True check_finite=True] a

Choices:

* **SciPy stays optional.** Nothing here imports SciPy: a kernel or a dtype rule imports the module
  it calls when it first runs, which only happens in a graph traced from code that called SciPy
  (so SciPy is imported already). runtime/graph/scipy_functions.py maps SciPy's callables to these
  ops.
* **Dtypes are SciPy's**, found by calling SciPy on a tiny stand-in of the inputs' dtypes (a 1x1
  identity): SciPy computes single precision in single precision (unlike ``np.linalg``), float16
  in single, integers in double; ``det`` of float32 is float64. The JAX rules compute in the
  dtype SciPy computes in.
* **Errors SciPy raises at run time** (a singular matrix in ``inv`` / ``solve``, a matrix that is
  not positive definite in ``cholesky``) are raised by the kernels, so the interpreter raises them
  as SciPy does. Compiled XLA code cannot raise: under JAX a singular ``inv`` / ``solve`` gives inf
  or NaN, a failed ``cholesky`` NaN, as for ``np.linalg`` (runtime/graph/ops_linalg.py).
  ``check_finite=True`` is a graph assertion made by scipy_functions, so it raises SciPy's
  ``ValueError`` under both executors.
"""

from __future__ import annotations

import functools
import importlib
import sys
from typing import Any, Callable, Optional

import numpy as np

from runtime.graph import shapes
from runtime.graph.opdefs import RAISES_ON_VALUES, define

JAX = "runtime.jax.rules_scipy"

# SciPy's ufuncs that are one elementwise op each (``scipy_<name>``), with JAX's ``jax.scipy.special`` rule.
SPECIAL_UFUNCS = ("expit", "logit", "erf", "erfc", "erfinv", "gammaln", "digamma", "ndtr", "ndtri", "xlogy",
                  "xlog1py")


def scipy_function(module: str, name: str) -> Callable:
    """SciPy's ``module.name``, imported when first asked for (never while the graph package loads); a dotted
    ``name`` is an attribute's (``norm.cdf`` of scipy.stats: a distribution's method)."""
    found: Any = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found


# --- dtypes: SciPy's own, asked of SciPy on tiny stand-ins --------------------------------------------

@functools.cache
def _probe(name: str, dtypes: tuple, attrs: tuple) -> tuple:
    """The dtypes of SciPy's ``scipy.linalg.<name>`` on 1x1 stand-ins of ``dtypes`` (an identity; zeros for
    the ``a`` of the Riccati solvers, whose equations then hold for X = Q), as a tuple."""
    fn = scipy_function("scipy.linalg", name)
    if name in ("solve_discrete_are", "solve_continuous_are"):
        arrays = [np.zeros((1, 1), dtypes[0])] + [np.eye(1, dtype=d) for d in dtypes[1:]]
        result = fn(*arrays[:4], *arrays[4:], **dict(attrs))
    elif name in ("solve", "solve_triangular"):
        result = fn(np.eye(1, dtype=dtypes[0]), np.ones(1, dtypes[1]), **dict(attrs))
    elif name == "block_diag":
        result = fn(*(np.ones((1, 1), d) for d in dtypes))
    elif name == "eigh":  # (b: an identity too)
        result = fn(*(np.eye(1, dtype=d) for d in dtypes), **dict(attrs))
    elif name == "solve_discrete_lyapunov":  # (a zero: X = Q solves it)
        result = fn(np.zeros((1, 1), dtypes[0]), np.eye(1, dtype=dtypes[1]), **dict(attrs))
    else:
        result = fn(np.eye(1, dtype=dtypes[0]), **dict(attrs))
    return tuple(np.asarray(r).dtype for r in (result if isinstance(result, tuple) else (result,)))


def _dtypes(name: str, ins: Any, **attrs: Any) -> tuple:
    for v in ins:
        if v.dtype.kind not in "biufc":
            raise TypeError(f"scipy.linalg.{name} of a {v.dtype} array is not supported")
        if v.dtype.itemsize > (16 if v.dtype.kind == "c" else 8):
            raise TypeError(f"scipy.linalg.{name} of a {v.dtype} (long double) array is not supported in graphs: "
                            "XLA has no extended precision; cast it to float64 or complex128 first")
    return _probe(name, tuple(v.dtype for v in ins), tuple(sorted(attrs.items())))


def _square(name: str, x: Any) -> tuple:
    if len(x.shape) < 2:
        raise ValueError(f"scipy.linalg.{name}: expected an array of at least two dimensions, got shape {x.shape}")
    n, m = x.shape[-2:]
    if n is not None and m is not None and n != m:
        raise ValueError(f"scipy.linalg.{name}: expected square matrices, got shape {x.shape}")
    return x.shape[:-2], n if n is not None else m


def _same_shape_rule(name: str) -> Callable:
    def rule(ins, attrs):
        (a,) = ins
        _square(name, a)
        return [(a.shape, _dtypes(name, ins)[0])]
    return rule


def _det_rule(ins, attrs):
    batch, _ = _square("det", ins[0])
    return [(batch, _dtypes("det", ins)[0])]


def _cholesky_rule(ins, attrs):
    _square("cholesky", ins[0])
    return [(ins[0].shape, _dtypes("cholesky", ins, lower=attrs["lower"])[0])]


def _solve_shape(name: str, a: Any, b: Any) -> tuple:
    batch, n = _square(name, a)
    if len(b.shape) == 1:  # (SciPy: a 1-D b is one right-hand side, for every matrix of a batch)
        rows, tail = b.shape[0], ()
    elif len(b.shape) == 0:
        raise ValueError(f"scipy.linalg.{name}: b must be at least one-dimensional")
    else:
        rows, tail = b.shape[-2], b.shape[-1:]
        batch = shapes.broadcast(batch, b.shape[:-2])
    if rows is not None and n is not None and rows != n:
        raise ValueError(f"scipy.linalg.{name}: incompatible shapes: a.shape={a.shape} and b.shape={b.shape}")
    return batch + (n if n is not None else rows,) + tail


def _solve_rule(ins, attrs):
    return [(_solve_shape("solve", *ins), _dtypes("solve", ins, assume_a=attrs["assume_a"])[0])]


def _solve_triangular_rule(ins, attrs):
    return [(_solve_shape("solve_triangular", *ins), _dtypes("solve_triangular", ins)[0])]


def _pinv_rule(ins, attrs):
    (a,) = ins
    if len(a.shape) != 2:
        raise ValueError(f"scipy.linalg.pinv: graphs take a 2-D array here, got shape {a.shape}")
    dtypes = _dtypes("pinv", ins, return_rank=attrs["return_rank"])
    result = [((a.shape[1], a.shape[0]), dtypes[0])]
    return result + [((), dtypes[1])] if attrs["return_rank"] else result


def _pinv_kernel(a: Any, atol: Any, rtol: Any, return_rank: bool, check_finite: bool) -> Any:
    result = scipy_function("scipy.linalg", "pinv")(a, atol=atol, rtol=rtol, return_rank=return_rank,
                                                      check_finite=check_finite)
    return (result[0], np.asarray(result[1])) if return_rank else result


def _svd_rule(ins, attrs):
    (a,) = ins
    if len(a.shape) < 2:
        raise ValueError(f"scipy.linalg.svd: expected an array of at least two dimensions, got shape {a.shape}")
    dtypes = _dtypes("svd", ins, compute_uv=attrs["compute_uv"])
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    k = None if m is None or n is None else min(m, n)
    if not attrs["compute_uv"]:
        return [(batch + (k,), dtypes[0])]
    full = attrs["full_matrices"]
    return [(batch + (m, m if full else k), dtypes[0]), (batch + (k,), dtypes[1]),
            (batch + (n if full else k, n), dtypes[2])]


def _qr_rule(ins, attrs):
    (a,) = ins
    if len(a.shape) < 2:
        raise ValueError(f"scipy.linalg.qr: expected an array of at least two dimensions, got shape {a.shape}")
    mode, pivoting = attrs["mode"], attrs["pivoting"]
    dtypes = _dtypes("qr", ins, mode=mode, pivoting=pivoting)
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    k = None if m is None or n is None else min(m, n)
    out = [] if mode == "r" else [(batch + (m, m if mode == "full" else k), dtypes[0])]
    out.append((batch + (k if mode == "economic" else m, n), dtypes[len(out)]))  # R (mode "r": all M rows)
    return out + [(batch + (n,), dtypes[-1])] if pivoting else out


def _eigh_rule(ins, attrs):
    batch, n = _square("eigh", ins[0])
    if len(ins) > 1:
        _square("eigh", ins[1])
    dtypes = _dtypes("eigh", ins, lower=attrs["lower"], eigvals_only=attrs["eigvals_only"], type=attrs["type"],
                     driver=attrs["driver"])
    values = [(batch + (n,), dtypes[0])]
    return values if attrs["eigvals_only"] else values + [(batch + (n, n), dtypes[1])]


def _pinvh_rule(ins, attrs):
    batch, n = _square("pinvh", ins[0])
    dtypes = _dtypes("pinvh", ins, lower=attrs["lower"], return_rank=attrs["return_rank"])
    result = [(batch + (n, n), dtypes[0])]
    return result + [(batch, dtypes[1])] if attrs["return_rank"] else result


def _lyapunov_rule(ins, attrs):
    a, q = ins
    batch, n = _square("solve_discrete_lyapunov", a)
    _square("solve_discrete_lyapunov", q)
    return [(batch + (n, n), _dtypes("solve_discrete_lyapunov", ins, method=attrs["method"])[0])]


def _qr_kernel(a: Any, mode: str, pivoting: bool, check_finite: bool) -> Any:
    result = scipy_function("scipy.linalg", "qr")(a, mode=mode, pivoting=pivoting, check_finite=check_finite)
    if isinstance(result, np.ndarray):  # (a batch's mode "r": SciPy gives R itself)
        return result
    return tuple(result) if len(result) > 1 else result[0]


def _eigh_kernel(a: Any, *b: Any, lower: bool, eigvals_only: bool, type: int, driver: Any,  # noqa: A002  (SciPy's)
                 check_finite: bool) -> Any:
    result = scipy_function("scipy.linalg", "eigh")(a, *b, lower=lower, eigvals_only=eigvals_only, type=type,
                                                      driver=driver, check_finite=check_finite)
    return result if eigvals_only else tuple(result)


def _pinvh_kernel(a: Any, atol: Any, rtol: Any, lower: bool, return_rank: bool, check_finite: bool) -> Any:
    result = scipy_function("scipy.linalg", "pinvh")(a, atol=atol, rtol=rtol, lower=lower, return_rank=return_rank,
                                                       check_finite=check_finite)
    return (result[0], np.asarray(result[1])) if return_rank else result


def _lyapunov_kernel(a: Any, q: Any, method: Any) -> Any:
    return scipy_function("scipy.linalg", "solve_discrete_lyapunov")(a, q, method=method)


def _block_diag_rule(ins, attrs):
    dtype = _dtypes("block_diag", ins)[0]
    if any(len(v.shape) > 2 for v in ins):
        bad = [i for i, v in enumerate(ins) if len(v.shape) > 2]
        raise ValueError(f"arguments in the following positions have dimension greater than 2: {bad}")
    # (SciPy's atleast_2d: a 0-d or 1-d argument is one row)
    two_d = [v.shape if len(v.shape) == 2 else (1,) + v.shape if len(v.shape) == 1 else (1, 1) for v in ins]
    rows = [r for r, _ in two_d]
    cols = [c for _, c in two_d]
    return [((None if None in rows else sum(rows), None if None in cols else sum(cols)), dtype)]


def _riccati_rule(name: str) -> Callable:
    def rule(ins, attrs):
        a, b, q, r = ins[:4]
        _, m = _square(name, a)
        for v in (q, r):
            _square(name, v)
        if len(b.shape) != 2:
            raise ValueError(f"scipy.linalg.{name}: b must be a 2-D array, got shape {b.shape}")
        dtype = _dtypes(name, ins, balanced=attrs["balanced"])[0]
        return [((m, m), dtype)]
    return rule


def _riccati_kernel(name: str) -> Callable:
    def kernel(a, b, q, r, *rest, has_e, has_s, balanced):
        rest = list(rest)
        e = rest.pop(0) if has_e else None
        s = rest.pop(0) if has_s else None
        return scipy_function("scipy.linalg", name)(a, b, q, r, e=e, s=s, balanced=balanced)
    return kernel


# (Each kernel names its attrs: graph files are checked against the kernel's parameters, serialization.py.)
def _inv_kernel(a: Any, check_finite: bool) -> Any:
    return scipy_function("scipy.linalg", "inv")(a, check_finite=check_finite)


def _expm_kernel(a: Any) -> Any:
    return scipy_function("scipy.linalg", "expm")(a)


def _cholesky_kernel(a: Any, lower: bool, check_finite: bool) -> Any:
    return scipy_function("scipy.linalg", "cholesky")(a, lower=lower, check_finite=check_finite)


def _solve_kernel(a: Any, b: Any, lower: bool, assume_a: Any, transposed: bool, check_finite: bool) -> Any:
    return scipy_function("scipy.linalg", "solve")(a, b, lower=lower, assume_a=assume_a, transposed=transposed,
                                                     check_finite=check_finite)


def _solve_triangular_kernel(a: Any, b: Any, trans: Any, lower: bool, unit_diagonal: bool,
                             check_finite: bool) -> Any:
    return scipy_function("scipy.linalg", "solve_triangular")(a, b, trans=trans, lower=lower,
                                                                unit_diagonal=unit_diagonal, check_finite=check_finite)


def _block_diag_kernel(*arrs: Any) -> Any:
    return scipy_function("scipy.linalg", "block_diag")(*arrs)


def _svd_kernel(a: Any, full_matrices: bool, compute_uv: bool, check_finite: bool) -> Any:
    result = scipy_function("scipy.linalg", "svd")(a, full_matrices=full_matrices, compute_uv=compute_uv,
                                                     check_finite=check_finite)
    return tuple(result) if compute_uv else result


def _det_kernel(a: Any, check_finite: bool) -> Any:
    return np.asarray(scipy_function("scipy.linalg", "det")(a, check_finite=check_finite))  # (a 0-d array)


# --- scipy.ndimage ---------------------------------------------------------------------------------

def _filter_rule(name: str) -> Callable:
    def rule(ins, attrs):
        x, w = ins
        if len(w.shape) != len(x.shape) and attrs["axes"] is None:
            raise RuntimeError("filter weights array has incorrect shape.")  # (SciPy's own message)
        for v in ins:
            if v.dtype.kind not in "biuf":
                raise TypeError(f"scipy.ndimage.{name} of a {v.dtype} array is not supported in graphs")
        probe = scipy_function("scipy.ndimage", name)(np.ones((1,) * len(x.shape), x.dtype),
                                                      np.ones((1,) * len(w.shape), w.dtype))
        return [(x.shape, probe.dtype)]
    return rule


def _filter_kernel(name: str) -> Callable:
    def kernel(x: Any, w: Any, mode: Any, cval: Any, origin: Any, axes: Any) -> Any:
        return scipy_function("scipy.ndimage", name)(x, w, mode=mode, cval=cval, origin=origin, axes=axes)
    return kernel


# --- SciPy functions whose results' shapes and dtypes follow from the arguments' alone: one op ----------------

def _shaped_arguments(arrays: Any, args: tuple, kwargs: tuple) -> tuple[list, dict]:
    """The call's positional and keyword arguments: ``("in", k)`` is the ``k``-th array, ``("py", v)`` the value ``v``
    (lists of the arguments were made tuples for the attrs, hashable: SciPy takes either), ``("num", k)`` the 0-d
    ``k``-th array as the Python number it stands for (one known only at run time: SciPy's ufuncs type a Python number
    otherwise than an array, ``jv(2, y32)`` is float32 where ``jv(np.asarray(2), y32)`` is float64), ``("array", values,
    dtype, shape)`` a fresh array of values the trace knew (runtime/graph/scipy_functions.py, ``_known_array``)."""
    def value(entry: tuple) -> Any:
        kind, what = entry[:2]
        if kind == "array":
            return np.array(what, dtype=entry[2]).reshape(entry[3])
        return arrays[what] if kind == "in" else np.asarray(arrays[what]).item() if kind == "num" else what
    return [value(e) for e in args], {name: value(e) for name, e in kwargs}


@functools.cache
def shaped_probe(function: str, specs: tuple, args: tuple, kwargs: tuple) -> tuple[str, tuple]:
    """SciPy's ``function`` ("module:name", one of runtime/scipy_calls.py's SHAPED) called on stand-ins of the arrays'
    shapes and dtypes (``specs``): how it returns (``"one"`` array, a ``"tuple"`` or a ``"list"``) and each result's
    (shape, dtype). For these functions both follow from the arguments' shapes, dtypes and Python values alone;
    the kernel checks it of every result. SciPy's own errors about shapes and values given are raised here, as
    eager code raises them."""
    module, _, name = function.partition(":")
    stand_ins = [_counting(shape, dtype) for shape, dtype in specs]
    call_args, call_kwargs = _shaped_arguments(stand_ins, args, kwargs)
    with np.errstate(all="ignore"):
        result = scipy_function(module, name)(*call_args, **call_kwargs)
    kind = "tuple" if isinstance(result, tuple) else "list" if isinstance(result, list) else "one"
    results = result if kind != "one" else (result,)
    return kind, tuple((np.shape(r), np.asarray(r).dtype) for r in results)


def _counting(shape: tuple, dtype: np.dtype) -> np.ndarray:
    """A stand-in of ``shape`` and ``dtype`` holding 1, 2, 3, 1, 2, 3, ... (True for bool): values that are not all
    equal, so that SciPy warns of none of its degenerate cases (a moment of identical values), which the user's
    values may not be."""
    if np.dtype(dtype).kind == "b":
        return np.ones(shape, dtype)
    return (np.arange(int(np.prod(shape, dtype=np.int64))) % 3 + 1).astype(dtype).reshape(shape)


def _shaped_rule(ins, attrs):
    _, results = shaped_probe(attrs["function"], tuple((v.shape, v.dtype) for v in ins), attrs["args"],
                              attrs["kwargs"])
    return list(results)


def _shaped_kernel(*arrays: Any, function: str, args: tuple, kwargs: tuple, expect: tuple) -> Any:
    module, _, name = function.partition(":")
    call_args, call_kwargs = _shaped_arguments(arrays, args, kwargs)
    result = scipy_function(module, name)(*call_args, **call_kwargs)
    results = tuple(np.asarray(r) for r in (result if isinstance(result, (tuple, list)) else (result,)))
    got = tuple((r.shape, r.dtype.str) for r in results)
    if got != expect:  # (never a result of another shape or dtype than the graph holds: SciPy's promise, checked)
        raise RuntimeError(f"SciPy's {function.replace(':', '.')} returned {got} where the graph traced {expect}: the "
                           "results' shapes or dtypes depended on the values. Please report it; call it outside the "
                           "traced function meanwhile")
    return results if len(results) > 1 else results[0]


# --- scipy.spatial.distance and scipy.stats: SciPy's own function, on the host under JAX ------------------------

def _stand_in(shape: tuple, dtype: np.dtype) -> np.ndarray:
    """Ones of ``shape`` (a dim known only at run time as 1): SciPy raises its own error for a shape it refuses."""
    return np.ones(tuple(1 if d is None else d for d in shape), dtype)


def _pdist_rule(ins, attrs):
    (x,) = ins
    pdist = scipy_function("scipy.spatial.distance", "pdist")
    if len(x.shape) != 2:
        pdist(_stand_in(x.shape, x.dtype), attrs["metric"], **dict(attrs["kwargs"]))  # (SciPy's ValueError)
    m, n = x.shape
    dtype = pdist(np.ones((2, 1 if n is None else n), x.dtype), attrs["metric"], **dict(attrs["kwargs"])).dtype
    return [((None if m is None else m * (m - 1) // 2,), dtype)]


def _pdist_kernel(x: Any, metric: str, kwargs: tuple) -> Any:
    return scipy_function("scipy.spatial.distance", "pdist")(x, metric, **dict(kwargs))


def _cdist_rule(ins, attrs):
    a, b = ins
    cdist = scipy_function("scipy.spatial.distance", "cdist")
    if len(a.shape) != 2 or len(b.shape) != 2 or None not in (a.shape[1], b.shape[1]) and a.shape[1] != b.shape[1]:
        cdist(_stand_in(a.shape, a.dtype), _stand_in(b.shape, b.dtype), attrs["metric"], **dict(attrs["kwargs"]))
    n = a.shape[1] if a.shape[1] is not None else b.shape[1]
    probe = [np.ones((1, 1 if n is None else n), v.dtype) for v in ins]
    return [((a.shape[0], b.shape[0]), cdist(*probe, attrs["metric"], **dict(attrs["kwargs"])).dtype)]


def _cdist_kernel(a: Any, b: Any, metric: str, kwargs: tuple) -> Any:
    return scipy_function("scipy.spatial.distance", "cdist")(a, b, metric, **dict(kwargs))


def _squareform_rule(ins, attrs):
    """A condensed vector of k = d (d - 1) / 2 distances gives the d x d matrix (k = 0: 1 x 1), a d x d matrix the
    vector; any other shape, or a ``force`` the shape does not fit, is SciPy's own error."""
    (x,) = ins
    squareform = scipy_function("scipy.spatial.distance", "squareform")
    force = str(attrs["force"]).lower()
    shape = x.shape
    if len(shape) == 1 and force != "tovector":
        k = shape[0]
        if k is None:
            return [((None, None), x.dtype)]
        d = 1 if k == 0 else int(np.ceil(np.sqrt(2 * k)))
        if d * (d - 1) != 2 * k:
            squareform(np.zeros(k, x.dtype), force=attrs["force"], checks=False)  # (SciPy's ValueError)
        return [((d, d), x.dtype)]
    if len(shape) == 2 and force != "tomatrix" and (None in shape or shape[0] == shape[1]):
        d = shape[0] if shape[0] is not None else shape[1]
        return [((None if d is None else d * (d - 1) // 2,), x.dtype)]
    squareform(np.zeros(tuple(1 if v is None else v for v in shape), x.dtype), force=attrs["force"], checks=False)
    raise ValueError(f"scipy.spatial.distance.squareform: force={attrs['force']!r} does not fit a {len(shape)}-d "
                     "array")  # (not reached: SciPy raised for each of these)


def _squareform_kernel(x: Any, force: str, checks: bool) -> Any:
    return scipy_function("scipy.spatial.distance", "squareform")(x, force=force, checks=checks)


@functools.cache
def rank_dtype(method: str) -> np.dtype:
    """The dtype of SciPy's ranks by ``method``, read off the SciPy installed: up to 1.17 int64 but for "average",
    from 1.18 on float64 for every method."""
    return scipy_function("scipy.stats", "rankdata")(np.array([1.0, 0.0]), method).dtype


def _rankdata_rule(ins, attrs):
    (a,) = ins
    axis = attrs["axis"]
    if axis is None:
        size = None if None in a.shape else int(np.prod(a.shape, dtype=np.int64))
        return [((size,), rank_dtype(attrs["method"]))]
    shapes.normalize_axis(axis, len(a.shape))  # (NumPy's AxisError, as SciPy's)
    return [(a.shape, rank_dtype(attrs["method"]))]


def _rankdata_kernel(a: Any, method: str, axis: Any, nan_policy: str) -> Any:
    return scipy_function("scipy.stats", "rankdata")(a, method, axis=axis, nan_policy=nan_policy)


def _mean_rule(name: str) -> Callable:
    """``scipy.stats.gmean`` / ``hmean``: a reduction over ``axis`` (SciPy's default 0), SciPy's dtype (asked of
    it on ones of the inputs' ranks and dtypes)."""
    def rule(ins, attrs):
        a = ins[0]
        axis, keepdims = attrs["axis"], attrs["keepdims"]
        probe = [np.ones((1,) * len(v.shape), v.dtype) for v in ins]
        fn = scipy_function("scipy.stats", name)
        result = fn(probe[0], axis=axis, dtype=attrs["dtype"], weights=probe[1] if len(probe) > 1 else None,
                    keepdims=keepdims)
        axes = range(len(a.shape)) if axis is None else (shapes.normalize_axis(axis, len(a.shape)),)
        if keepdims:
            shape = tuple(1 if i in axes else d for i, d in enumerate(a.shape))
        else:
            shape = () if axis is None else tuple(d for i, d in enumerate(a.shape) if i not in axes)
        return [(shape, np.asarray(result).dtype)]
    return rule


def _mean_kernel(name: str) -> Callable:
    def kernel(a: Any, *weights: Any, axis: Any, dtype: Any, nan_policy: str, keepdims: bool) -> Any:
        return np.asarray(scipy_function("scipy.stats", name)(a, axis=axis, dtype=dtype,
                                                              weights=weights[0] if weights else None,
                                                              nan_policy=nan_policy, keepdims=keepdims))
    return kernel


# --- scipy.special ---------------------------------------------------------------------------------

def _logsumexp_rule(ins, attrs):
    axis, keepdims = attrs["axis"], attrs["keepdims"]
    shape = shapes.broadcast(*(v.shape for v in ins))
    probe = [np.ones((1,) * len(v.shape), v.dtype) for v in ins]
    fn = scipy_function("scipy.special", "logsumexp")
    result = fn(probe[0], axis=axis, b=probe[1] if len(probe) > 1 else None, keepdims=keepdims,
                return_sign=attrs["return_sign"])
    dtypes = [np.asarray(r).dtype for r in (result if attrs["return_sign"] else (result,))]
    axes = range(len(shape)) if axis is None else axis
    out = tuple(1 if i in axes else d for i, d in enumerate(shape)) if keepdims else \
        tuple(d for i, d in enumerate(shape) if i not in axes)
    return [(out, dtype) for dtype in dtypes]


def _logsumexp_kernel(a: Any, *b: Any, axis: Any, keepdims: bool, return_sign: bool) -> Any:
    result = scipy_function("scipy.special", "logsumexp")(a, axis=axis, b=b[0] if b else None, keepdims=keepdims,
                                                            return_sign=return_sign)
    return tuple(np.asarray(r) for r in result) if return_sign else np.asarray(result)


def ufunc_op(ufunc: Any) -> Optional[str]:
    """The op of one of SciPy's ufuncs (``scipy.special.expit`` -> ``scipy_expit``), or None; asked of
    ``scipy.special`` only if the program imported it."""
    special = sys.modules.get("scipy.special")
    if special is None:
        return None
    # (by identity: an alias such as digamma is named psi)
    return next((f"scipy_{name}" for name in SPECIAL_UFUNCS if getattr(special, name) is ufunc), None)


def special_ufunc(op: str) -> Any:
    """SciPy's ufunc that the op ``scipy_<name>`` computes (``scipy_xlogy``: ``scipy.special.xlogy``), or None for
    any other op. Asked only of ops a graph holds, so SciPy is imported already."""
    name = op[6:] if op.startswith("scipy_") else None
    return scipy_function("scipy.special", name) if name in SPECIAL_UFUNCS else None


def ufunc_name(ufunc: Any) -> Optional[str]:
    """``scipy.special.<name>`` for one of SciPy's ufuncs (for messages), else None."""
    special = sys.modules.get("scipy.special")
    name = getattr(ufunc, "__name__", None)
    return f"scipy.special.{name}" if special is not None and getattr(special, name, None) is ufunc else None


def _special_rule(name: str) -> Callable:
    def rule(ins, attrs):
        ufunc = scipy_function("scipy.special", name)
        if len(ins) != ufunc.nin:
            raise TypeError(f"scipy.special.{name} takes {ufunc.nin} inputs, got {len(ins)}")
        dtype = ufunc.resolve_dtypes(tuple(v.dtype for v in ins) + (None,))[-1]
        return [(shapes.broadcast(*(v.shape for v in ins)), dtype)]
    return rule


def _special_kernel(name: str) -> Callable:
    def kernel(*arrays: Any) -> Any:
        return scipy_function("scipy.special", name)(*arrays)
    return kernel


define("scipy_inv", _same_shape_rule("inv"), kernel=_inv_kernel, jax=JAX, effects=RAISES_ON_VALUES)
define("scipy_expm", _same_shape_rule("expm"), kernel=_expm_kernel, jax=JAX)
define("scipy_cholesky", _cholesky_rule, kernel=_cholesky_kernel, jax=JAX, effects=RAISES_ON_VALUES)
define("scipy_det", _det_rule, kernel=_det_kernel, jax=JAX)
define("scipy_solve", _solve_rule, kernel=_solve_kernel, jax=JAX, effects=RAISES_ON_VALUES)
define("scipy_solve_triangular", _solve_triangular_rule, kernel=_solve_triangular_kernel, jax=JAX,
       effects=RAISES_ON_VALUES)
define("scipy_pinv", _pinv_rule, kernel=_pinv_kernel, jax=JAX, effects=RAISES_ON_VALUES)
define("scipy_svd", _svd_rule, kernel=_svd_kernel, jax=JAX, effects=RAISES_ON_VALUES)
define("scipy_block_diag", _block_diag_rule, kernel=_block_diag_kernel, jax=JAX)
define("scipy_qr", _qr_rule, kernel=_qr_kernel, jax=JAX)
define("scipy_shaped", _shaped_rule, kernel=_shaped_kernel, jax=JAX)
define("scipy_eigh", _eigh_rule, kernel=_eigh_kernel, jax=JAX, effects=RAISES_ON_VALUES)
define("scipy_pinvh", _pinvh_rule, kernel=_pinvh_kernel, jax=JAX, effects=RAISES_ON_VALUES)
define("scipy_solve_discrete_lyapunov", _lyapunov_rule, kernel=_lyapunov_kernel, jax=JAX)
for _name in ("solve_discrete_are", "solve_continuous_are"):
    define(f"scipy_{_name}", _riccati_rule(_name), kernel=_riccati_kernel(_name), jax=JAX)
for _name in ("convolve", "correlate"):
    define(f"scipy_ndimage_{_name}", _filter_rule(_name), kernel=_filter_kernel(_name), jax=JAX)
define("scipy_pdist", _pdist_rule, kernel=_pdist_kernel, jax=JAX)
define("scipy_cdist", _cdist_rule, kernel=_cdist_kernel, jax=JAX)
define("scipy_squareform", _squareform_rule, kernel=_squareform_kernel, jax=JAX)
define("scipy_rankdata", _rankdata_rule, kernel=_rankdata_kernel, jax=JAX)
for _name in ("gmean", "hmean"):
    define(f"scipy_{_name}", _mean_rule(_name), kernel=_mean_kernel(_name), jax=JAX)
define("scipy_logsumexp", _logsumexp_rule, kernel=_logsumexp_kernel, jax=JAX)
for _name in SPECIAL_UFUNCS:
    define(f"scipy_{_name}", _special_rule(_name), kernel=_special_kernel(_name), jax=JAX)
