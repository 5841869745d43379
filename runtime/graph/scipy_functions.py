"""SciPy's functions on graph tensors: ``scipy.linalg`` and ``scipy.special``, one library op each (ops_scipy).

This module imports no SciPy module: it finds SciPy's callables in the modules the program imported
(``sys.modules``), when the graph's ``call_builtin`` meets a staged SciPy function (runtime/scipy_calls.py)
called with a tensor. SciPy's ufuncs (``expit``, ``erf``, ...) reach their ops through ``Tensor.__array_ufunc__``
(``ops_scipy.ufunc_op``).
Before (traced, ``P`` a graph tensor)::

    Pinv = scipy.linalg.inv(P)
    p = scipy.special.expit(z)

After (the graph)::

    b:bool[2,2] = isfinite a
    c:bool[] = all b
    _ = assert[message='array must not contain infs or NaNs' error=<class 'ValueError'> where='model.py:3'] c
    d:f64[2,2] = scipy_inv[check_finite=True] a
    f:f64[3] = scipy_expit e

Each function takes SciPy's signature. The keywords that change the result are supported where the graph can
give SciPy's result (``svd``'s ``full_matrices`` / ``compute_uv``, ``cholesky``'s ``lower``, ``solve``'s
``assume_a`` / ``lower`` / ``transposed``, ``logsumexp``'s ``axis`` / ``b`` / ``keepdims`` / ``return_sign``, the
Riccati solvers' ``e`` / ``s`` / ``balanced``); ``check_finite=True`` (SciPy's default) is a graph assertion
raising SciPy's ``ValueError``; the rest (``overwrite_a=True``, which lets SciPy clobber the caller's array, a
LAPACK driver JAX does not have) raise ``NotStageable`` naming the argument. ``scipy.linalg.sqrtm`` is refused:
its result is real for some real matrices and complex for others, a dtype that depends on the values.
"""

from __future__ import annotations

import functools
import operator
import sys
from typing import Any, Callable, Optional

import numpy as np

from runtime.graph import variables
from runtime.graph.ops_scipy import rank_dtype, scipy_function, shaped_probe
from runtime.graph.shapes import normalize_axes
from runtime.graph.tensor import Tensor, as_tensor, bind, bind1, holds_tensor, known_value, shaped_input
from runtime.scipy_calls import SHAPED, STAGED, distribution_methods
from runtime.staging import NotStageable, user_location

IMPLEMENTATIONS: dict[Callable, Callable] = {}
# module -> {name: implementation}, registered in IMPLEMENTATIONS (by the SciPy callable) once the program has
# imported the module: this module imports no SciPy module itself.
_BY_MODULE: dict[str, dict[str, Callable]] = {module: {} for module in STAGED}
_registered: set[str] = set()


def implementation(f: Callable) -> Optional[Callable]:
    """The graph's implementation of SciPy's ``f`` (runtime/scipy_calls.py's staged callables), or None."""
    for module_name, table in _BY_MODULE.items():
        module = sys.modules.get(module_name) if module_name not in _registered else None
        if module is not None:
            _registered.add(module_name)
            for name, impl in table.items():
                IMPLEMENTATIONS[getattr(module, name)] = impl
            if module_name == "scipy.stats":
                for qualified, function in distribution_methods(module).items():
                    IMPLEMENTATIONS[function] = _distribution_method(qualified.partition(".")[2])
    return IMPLEMENTATIONS.get(f)


def _distribution_method(method: str) -> Callable:
    """``scipy.stats.norm.cdf(x, loc, scale)`` (``rv_continuous.cdf`` bound to ``norm``): the shaped op, which calls
    ``scipy.stats.norm.cdf`` by name; a frozen one (``norm(1.0, s).cdf(x)``) is that call with its arguments after
    ``x``, as SciPy's frozen methods make it. The distribution must be one of scipy.stats' own: a subclass of the
    program's has no name to call it by when the graph runs."""
    def impl(dist: Any, *args: Any, **kwargs: Any) -> Any:
        frozen = getattr(dist, "dist", None)
        if frozen is not None and type(getattr(dist, "args", None)) is tuple and type(dist.kwds) is dict:
            # norm(1.0, 2.0).cdf(x) is norm.cdf(x, 1.0, 2.0), for a distribution made as scipy.stats' own is
            own = getattr(sys.modules["scipy.stats"], getattr(frozen, "name", None) or "", None)
            if type(own) is type(frozen) and own._updated_ctor_param() == frozen._updated_ctor_param():
                return _shaped("scipy.stats", f"{frozen.name}.{method}")(*args, *dist.args, **dist.kwds, **kwargs)
        name = getattr(dist, "name", None)
        if type(name) is not str or getattr(sys.modules["scipy.stats"], name, None) is not dist:
            raise NotStageable(f"{user_location()}: {type(dist).__name__}.{method} of a distribution of the program's "
                               "own is not supported in graphs: the graph calls scipy.stats' own distributions "
                               f"by name (scipy.stats.norm.{method}(x, loc=..., scale=...)); call that one with the "
                               "shape, loc and scale as arguments")
        return _shaped("scipy.stats", f"{name}.{method}")(*args, **kwargs)
    impl.__name__ = method
    return impl


def implements(module: str, name: str) -> Callable:
    def register(impl: Callable) -> Callable:
        _BY_MODULE[module][name] = impl
        return impl
    return register


def _refuse(name: str, **given: Any) -> None:
    """``NotStageable`` naming the keyword arguments in ``given`` that are not None (each one the caller set to a
    value the graph cannot give SciPy's result for)."""
    bad = [f"{k}={v!r}" for k, v in given.items() if v is not None]
    if bad:
        raise NotStageable(f"{user_location()}: {name}: {', '.join(bad)} is not supported in graphs")


def _overwrite(name: str, **flags: Any) -> None:
    for flag, value in flags.items():
        if value:
            raise NotStageable(f"{user_location()}: {name}: {flag}=True is not supported in graphs: it lets SciPy "
                               "overwrite the caller's array, which a graph's values never are; leave it out (the "
                               "result is the same)")


def _finite(check_finite: Any, *tensors: Tensor) -> None:
    """SciPy's ``check_finite=True``: a graph assertion with SciPy's error, under every executor."""
    if check_finite:
        for t in tensors:
            if t.dtype.kind in "fc":
                variables.check(np.all(np.isfinite(t)), "array must not contain infs or NaNs", ValueError)


def _flag(name: str, keyword: str, value: Any) -> bool:
    if not isinstance(value, (bool, np.bool_, int)) or isinstance(value, Tensor):
        raise NotStageable(f"{user_location()}: {name}: {keyword} must be a Python bool in graphs, not "
                           f"{type(value).__name__}: it decides what the graph computes, which is fixed when it is "
                           "traced")
    return bool(value)


# --- scipy.linalg ------------------------------------------------------------------------------------

@implements("scipy.linalg", "inv")
def _inv(a: Any, overwrite_a: bool = False, check_finite: bool = True, *, assume_a: Any = None,
         lower: bool = False) -> Tensor:
    _overwrite("scipy.linalg.inv", overwrite_a=overwrite_a)
    _refuse("scipy.linalg.inv", assume_a=None if assume_a in (None, "gen", "general") else assume_a,
            lower=lower or None)
    x = as_tensor(a)
    _finite(check_finite, x)
    return bind1("scipy_inv", [x], check_finite=bool(check_finite))


_ASSUME_A = (None, "gen", "general", "sym", "symmetric", "her", "hermitian", "pos", "positive definite")


@implements("scipy.linalg", "solve")
def _solve(a: Any, b: Any, lower: bool = False, overwrite_a: bool = False, overwrite_b: bool = False,
           check_finite: bool = True, assume_a: Any = None, transposed: bool = False) -> Tensor:
    name = "scipy.linalg.solve"
    _overwrite(name, overwrite_a=overwrite_a, overwrite_b=overwrite_b)
    _refuse(name, assume_a=None if assume_a in _ASSUME_A else assume_a)
    x, y = as_tensor(a), as_tensor(b)
    _finite(check_finite, x, y)
    return bind1("scipy_solve", [x, y], lower=_flag(name, "lower", lower), assume_a=assume_a,
                 transposed=_flag(name, "transposed", transposed), check_finite=bool(check_finite))


@implements("scipy.linalg", "solve_triangular")
def _solve_triangular(a: Any, b: Any, trans: Any = 0, lower: bool = False, unit_diagonal: bool = False,
                      overwrite_b: bool = False, check_finite: bool = True) -> Tensor:
    name = "scipy.linalg.solve_triangular"
    _overwrite(name, overwrite_b=overwrite_b)
    _refuse(name, trans=None if trans in (0, 1, 2, "N", "T", "C") else trans)
    x, y = as_tensor(a), as_tensor(b)
    _finite(check_finite, x, y)
    return bind1("scipy_solve_triangular", [x, y], trans=trans, lower=_flag(name, "lower", lower),
                 unit_diagonal=_flag(name, "unit_diagonal", unit_diagonal), check_finite=bool(check_finite))


def _tolerance(name: str, keyword: str, value: Any) -> Optional[float]:
    """A pseudo-inverse's ``atol`` / ``rtol`` as an attr: None, or a Python number (it decides which singular values
    the graph drops, fixed when it is traced)."""
    if value is None:
        return None
    if isinstance(value, Tensor) or not isinstance(value, (int, float, np.number)):
        raise NotStageable(f"{user_location()}: {name}: {keyword} must be a Python number in graphs, not "
                           f"{type(value).__name__}")
    return float(value)


@implements("scipy.linalg", "pinv")
def _pinv(a: Any, *, atol: Any = None, rtol: Any = None, return_rank: bool = False, check_finite: bool = True) -> Any:
    name = "scipy.linalg.pinv"
    atol, rtol = _tolerance(name, "atol", atol), _tolerance(name, "rtol", rtol)
    x = as_tensor(a)
    _finite(check_finite, x)
    outputs = bind("scipy_pinv", [x], atol=atol, rtol=rtol,
                   return_rank=_flag(name, "return_rank", return_rank), check_finite=bool(check_finite))
    return outputs if return_rank else outputs[0]


@implements("scipy.linalg", "qr")
def _qr(a: Any, overwrite_a: bool = False, lwork: Any = None, mode: str = "full", pivoting: bool = False,
        check_finite: bool = True) -> tuple:
    name = "scipy.linalg.qr"
    _overwrite(name, overwrite_a=overwrite_a)
    _refuse(name, lwork=lwork)
    if mode == "raw":
        raise NotStageable(f"{user_location()}: {name}: mode='raw' is not supported in graphs: it returns LAPACK's "
                           "own storage of the factors; use mode='full', 'economic' or 'r'")
    if mode not in ("full", "economic", "r"):
        raise ValueError("Mode argument should be one of ['full', 'r', 'economic', 'raw']")  # (SciPy's)
    x = as_tensor(a)
    _finite(check_finite, x)
    pivoting = _flag(name, "pivoting", pivoting)
    return _as_scipy_returns(bind("scipy_qr", [x], mode=mode, pivoting=pivoting, check_finite=bool(check_finite)),
                             x, "qr", mode=mode, pivoting=pivoting)


def _as_scipy_returns(outputs: list, x: Tensor, function: str, **options: Any) -> Any:
    """Several results as SciPy gives them: a tuple for one matrix; for a batch of matrices (SciPy's
    ``_apply_over_batch``) what the SciPy installed gives for a batch (``_batch_returns``)."""
    if len(x.shape) == 2:
        return tuple(outputs)
    kind = _batch_returns(function, tuple(sorted(options.items())))
    return outputs[0] if kind is np.ndarray and len(outputs) == 1 else kind(outputs)


@functools.cache
def _batch_returns(function: str, options: tuple) -> type:
    """What ``scipy.linalg.<function>(batch, **options)`` returns for a batch of matrices: a list, a tuple, or the one
    array (np.ndarray), asked of SciPy on a batch of two 1x1 identities. SciPy 1.17 gives a list (the one array where
    there is one: ``qr(a, mode="r")``); 1.18 a tuple for ``qr`` and ``svd``, a list for ``eigh``."""
    result = scipy_function("scipy.linalg", function)(np.ones((2, 1, 1)), **dict(options))
    return type(result) if type(result) in (list, tuple) else np.ndarray


def _eigh_of(name: str, a: Any, b: Any, lower: bool, eigvals_only: bool, overwrite_a: bool, overwrite_b: bool,
             type: Any, check_finite: bool, subset_by_index: Any, subset_by_value: Any,  # noqa: A002  (SciPy's)
             driver: Any) -> Any:
    _overwrite(name, overwrite_a=overwrite_a, overwrite_b=overwrite_b)
    if subset_by_value is not None:
        raise NotStageable(f"{user_location()}: {name}: subset_by_value is not supported in graphs: how many "
                           "eigenvalues lie in the interval depends on the values, and a graph fixes the result's "
                           "shape when it is traced; take them all and select with a mask or np.where")
    _refuse(name, subset_by_index=subset_by_index)
    if isinstance(type, Tensor) or type not in (1, 2, 3):
        raise NotStageable(f"{user_location()}: {name}: type must be the Python int 1, 2 or 3 in graphs")
    if driver is not None and not isinstance(driver, str):
        raise NotStageable(f"{user_location()}: {name}: driver must be a Python string in graphs")
    inputs = [as_tensor(a)] + ([] if b is None else [as_tensor(b)])
    _finite(check_finite, *inputs)
    outputs = bind("scipy_eigh", inputs, lower=_flag(name, "lower", lower),
                   eigvals_only=_flag(name, "eigvals_only", eigvals_only), type=int(type), driver=driver,
                   check_finite=bool(check_finite))
    return outputs[0] if eigvals_only else _as_scipy_returns(outputs, inputs[0], "eigh")


@implements("scipy.linalg", "eigh")
def _eigh(a: Any, b: Any = None, *, lower: bool = True, eigvals_only: bool = False, overwrite_a: bool = False,
          overwrite_b: bool = False, type: Any = 1, check_finite: bool = True,  # noqa: A002  (SciPy's name)
          subset_by_index: Any = None, subset_by_value: Any = None, driver: Any = None) -> Any:
    return _eigh_of("scipy.linalg.eigh", a, b, lower, eigvals_only, overwrite_a, overwrite_b, type, check_finite,
                    subset_by_index, subset_by_value, driver)


@implements("scipy.linalg", "eigvalsh")
def _eigvalsh(a: Any, b: Any = None, *, lower: bool = True, overwrite_a: bool = False, overwrite_b: bool = False,
              type: Any = 1, check_finite: bool = True, subset_by_index: Any = None,  # noqa: A002  (SciPy's name)
              subset_by_value: Any = None, driver: Any = None) -> Tensor:
    return _eigh_of("scipy.linalg.eigvalsh", a, b, lower, True, overwrite_a, overwrite_b, type, check_finite,
                    subset_by_index, subset_by_value, driver)


@implements("scipy.linalg", "pinvh")
def _pinvh(a: Any, atol: Any = None, rtol: Any = None, lower: bool = True, return_rank: bool = False,
           check_finite: bool = True) -> Any:
    name = "scipy.linalg.pinvh"
    atol, rtol = _tolerance(name, "atol", atol), _tolerance(name, "rtol", rtol)
    x = as_tensor(a)
    _finite(check_finite, x)
    outputs = bind("scipy_pinvh", [x], atol=atol, rtol=rtol,
                   lower=_flag(name, "lower", lower), return_rank=_flag(name, "return_rank", return_rank),
                   check_finite=bool(check_finite))
    return _as_scipy_returns(outputs, x, "pinvh", return_rank=True) if return_rank else outputs[0]


@implements("scipy.linalg", "solve_discrete_lyapunov")
def _solve_discrete_lyapunov(a: Any, q: Any, method: Any = None) -> Tensor:
    name = "scipy.linalg.solve_discrete_lyapunov"
    if method not in (None, "direct", "bilinear"):
        raise ValueError(f"Unknown solver {method}")  # (SciPy's)
    x, y = as_tensor(a), as_tensor(q)
    if x.shape != y.shape:
        raise NotStageable(f"{user_location()}: {name}: graphs take a and q of one shape here, got {x.shape} and "
                           f"{y.shape}")
    return bind1("scipy_solve_discrete_lyapunov", [x, y], method=method)


@implements("scipy.linalg", "det")
def _det(a: Any, overwrite_a: bool = False, check_finite: bool = True) -> Tensor:
    _overwrite("scipy.linalg.det", overwrite_a=overwrite_a)
    x = as_tensor(a)
    _finite(check_finite, x)
    return bind1("scipy_det", [x], check_finite=bool(check_finite))


@implements("scipy.linalg", "svd")
def _svd(a: Any, full_matrices: bool = True, compute_uv: bool = True, overwrite_a: bool = False,
         check_finite: bool = True, lapack_driver: str = "gesdd") -> Any:
    name = "scipy.linalg.svd"
    _overwrite(name, overwrite_a=overwrite_a)
    if lapack_driver != "gesdd":
        raise NotStageable(f"{user_location()}: {name}: lapack_driver={lapack_driver!r} is not supported in graphs: "
                           "XLA computes the SVD one way only, which matches SciPy's default 'gesdd' (whose "
                           "singular vectors may differ in sign from gesvd's); leave it out")
    x = as_tensor(a)
    _finite(check_finite, x)
    outputs = bind("scipy_svd", [x], full_matrices=_flag(name, "full_matrices", full_matrices),
                   compute_uv=_flag(name, "compute_uv", compute_uv), check_finite=bool(check_finite))
    return outputs if len(outputs) > 1 else outputs[0]


@implements("scipy.linalg", "cholesky")
def _cholesky(a: Any, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True) -> Tensor:
    name = "scipy.linalg.cholesky"
    _overwrite(name, overwrite_a=overwrite_a)
    x = as_tensor(a)
    _finite(check_finite, x)
    return bind1("scipy_cholesky", [x], lower=_flag(name, "lower", lower), check_finite=bool(check_finite))


@implements("scipy.linalg", "block_diag")
def _block_diag(*arrs: Any) -> Tensor:
    return bind1("scipy_block_diag", [as_tensor(x) for x in arrs])


@implements("scipy.linalg", "expm")
def _expm(A: Any) -> Tensor:  # noqa: N803  (SciPy's name for it)
    return bind1("scipy_expm", [as_tensor(A)])


def _riccati(name: str) -> Callable:
    def impl(a: Any, b: Any, q: Any, r: Any, e: Any = None, s: Any = None, balanced: bool = True) -> Tensor:
        inputs = [as_tensor(x) for x in (a, b, q, r)]
        inputs += [as_tensor(x) for x in (e, s) if x is not None]
        _finite(True, *inputs)  # (SciPy checks its inputs always: _asarray_validated)
        return bind1(f"scipy_{name}", inputs, has_e=e is not None, has_s=s is not None,
                     balanced=_flag(f"scipy.linalg.{name}", "balanced", balanced))
    return impl


for _name in ("solve_discrete_are", "solve_continuous_are"):
    implements("scipy.linalg", _name)(_riccati(_name))


@implements("scipy.linalg", "sqrtm")
def _sqrtm(A: Any, *args: Any, **kwargs: Any) -> Tensor:  # noqa: N803  (SciPy's name for it)
    raise NotStageable(
        f"{user_location()}: scipy.linalg.sqrtm is not supported in graphs: SciPy returns a real array for some "
        "real matrices and a complex one for others, deciding from the values, and a graph must fix the dtype "
        "when it is traced. For a covariance (symmetric positive definite) matrix P, use a factor that is "
        "always real: np.linalg.cholesky(P) (L with L @ L.T == P, what sigma-point filters need), or the "
        "symmetric square root from np.linalg.eigh: w, V = np.linalg.eigh(P); V @ np.diag(np.sqrt(w)) @ V.T")


@implements("scipy.linalg", "eig")
def _eig(a: Any, *args: Any, **kwargs: Any) -> Tensor:
    raise NotStageable(
        f"{user_location()}: scipy.linalg.eig is not supported in graphs: its eigenvectors are real when every "
        "eigenvalue happens to be real and complex otherwise, a dtype that depends on the values, which a graph "
        "must fix when it is traced. For a symmetric (Hermitian) matrix use np.linalg.eigh; for eigenvalues of a "
        "general matrix, np.linalg.eigvals(a.astype(complex)) (the same values, always complex)")


def _python_values(label: str, **given: Any) -> None:
    """``NotStageable`` for a traced value among ``given`` (each must be a Python value: it is an attr)."""
    for keyword, value in given.items():
        if isinstance(value, Tensor) or holds_tensor(value):
            raise NotStageable(f"{user_location()}: {label}: {keyword} must be a Python value in graphs, not a "
                               "traced one")


def _filter(name: str) -> Callable:
    def impl(input: Any, weights: Any, output: Any = None, mode: Any = "reflect", cval: Any = 0.0,  # noqa: A002
             origin: Any = 0, *, axes: Any = None) -> Tensor:
        label = f"scipy.ndimage.{name}"
        _refuse(label, output=output)
        _python_values(label, cval=cval, origin=origin, mode=mode, axes=axes)

        def static(v: Any) -> Any:  # (attrs are hashable: lists become tuples)
            return tuple(v) if isinstance(v, (list, tuple, np.ndarray)) else v
        return bind1(f"scipy_ndimage_{name}", [as_tensor(input), as_tensor(weights)], mode=static(mode),
                     cval=float(cval), origin=static(origin), axes=static(axes))
    return impl


for _name in ("convolve", "correlate"):
    implements("scipy.ndimage", _name)(_filter(_name))


def _metric(label: str, metric: Any, kwargs: dict) -> tuple:
    """The metric's keywords as an attr (arrays as tuples), after refusing what a graph cannot hold."""
    if not isinstance(metric, str):
        raise NotStageable(f"{user_location()}: {label}: metric={getattr(metric, '__name__', metric)!r}: SciPy "
                           "calls a Python function once per pair of rows, which a graph cannot stage. Name one of "
                           "SciPy's metrics ('euclidean', 'cityblock', ...), or write the distance with NumPy "
                           "(broadcasting the rows: x[:, None, :] - x[None, :, :])")
    _python_values(label, **kwargs)
    return tuple(sorted((k, tuple(np.asarray(v).tolist()) if isinstance(v, (list, np.ndarray)) else v)
                        for k, v in kwargs.items()))


@implements("scipy.spatial.distance", "pdist")
def _pdist(X: Any, metric: Any = "euclidean", *, out: Any = None, **kwargs: Any) -> Tensor:  # noqa: N803 (SciPy's)
    label = "scipy.spatial.distance.pdist"
    _refuse(label, out=out)
    return bind1("scipy_pdist", [as_tensor(X)], metric=metric, kwargs=_metric(label, metric, kwargs))


@implements("scipy.spatial.distance", "cdist")
def _cdist(XA: Any, XB: Any, metric: Any = "euclidean", *, out: Any = None, **kwargs: Any) -> Tensor:  # noqa: N803
    label = "scipy.spatial.distance.cdist"
    _refuse(label, out=out)
    return bind1("scipy_cdist", [as_tensor(XA), as_tensor(XB)], metric=metric, kwargs=_metric(label, metric, kwargs))


@implements("scipy.spatial.distance", "squareform")
def _squareform(X: Any, force: Any = "no", checks: Any = True) -> Tensor:  # noqa: N803 (SciPy's name)
    _python_values("scipy.spatial.distance.squareform", force=force, checks=checks)
    return bind1("scipy_squareform", [as_tensor(X)], force=force, checks=bool(checks))


def _stats_mean(name: str) -> Callable:
    def impl(a: Any, axis: Any = 0, dtype: Any = None, weights: Any = None, *, nan_policy: Any = "propagate",
             keepdims: Any = False) -> Tensor:
        label = f"scipy.stats.{name}"
        _python_values(label, axis=axis, dtype=dtype, nan_policy=nan_policy, keepdims=keepdims)
        if nan_policy == "omit":
            raise NotStageable(f"{user_location()}: {label}: nan_policy='omit' is not supported in graphs; use "
                               "nan_policy='propagate' or 'raise'")
        inputs = [as_tensor(a)] + ([] if weights is None else [as_tensor(weights)])
        return bind1(f"scipy_{name}", inputs, axis=axis, dtype=None if dtype is None else np.dtype(dtype),
                     nan_policy=nan_policy, keepdims=bool(keepdims))
    return impl


for _name in ("gmean", "hmean"):
    implements("scipy.stats", _name)(_stats_mean(_name))


@implements("scipy.stats", "rankdata")
def _rankdata(a: Any, method: Any = "average", *, axis: Any = None, nan_policy: Any = "propagate") -> Tensor:
    label = "scipy.stats.rankdata"
    _python_values(label, method=method, axis=axis, nan_policy=nan_policy)
    a = as_tensor(a)
    if nan_policy == "omit":
        raise NotStageable(f"{user_location()}: {label}: nan_policy='omit' is not supported in graphs (SciPy "
                           "returns a masked result); use nan_policy='propagate' or 'raise'")
    if method != "average" and a.dtype.kind in "fc" and nan_policy == "propagate" and rank_dtype(method) != np.float64:
        # (SciPy up to 1.17: int64 ranks, float64 where a NaN is; from 1.18 on float64 ranks whatever the values)
        raise NotStageable(
            f"{user_location()}: {label}(method={method!r}) of a {a.dtype} array: SciPy returns int64 ranks, or "
            "float64 NaNs where a slice holds a NaN, a dtype that depends on the values, which a graph fixes when "
            "it is traced. Pass nan_policy='raise' (int64 ranks, SciPy's ValueError for a NaN) or "
            "method='average' (float64 ranks)")
    return bind1("scipy_rankdata", [a], method=method, axis=axis, nan_policy=nan_policy)


# --- scipy.special -------------------------------------------------------------------------------------

@implements("scipy.special", "logsumexp")
def _logsumexp(a: Any, axis: Any = None, b: Any = None, keepdims: bool = False, return_sign: bool = False) -> Any:
    name = "scipy.special.logsumexp"
    inputs = [as_tensor(a)] + ([] if b is None else [as_tensor(b)])
    rank = max(t.ndim for t in inputs)
    try:
        axes = normalize_axes(axis if axis is None or isinstance(axis, (tuple, list)) else operator.index(axis), rank)
    except TypeError:
        raise NotStageable(f"{user_location()}: {name}: axis must be a Python int or tuple of ints in graphs, not "
                           f"{type(axis).__name__}") from None
    outputs = bind("scipy_logsumexp", inputs, axis=axes, keepdims=_flag(name, "keepdims", keepdims),
                   return_sign=_flag(name, "return_sign", return_sign))
    return outputs if return_sign else outputs[0]


# --- SciPy functions whose results' shapes follow from the arguments' alone (runtime/scipy_calls.py, SHAPED) -------

# Keywords that make SciPy write into an array the caller gave, or clobber an input: a graph's values are never
# written so.
_WRITES = {"output": None, "overwrite_data": False, "overwrite_x": False}


def _shaped(module: str, name: str) -> Callable:
    label = f"{module}.{name}"

    def impl(*args: Any, **kwargs: Any) -> Any:
        for keyword, harmless in _WRITES.items():
            given = kwargs.get(keyword, harmless)
            if given is not harmless and not (type(given) in (bool, np.bool_) and given == harmless):
                raise NotStageable(f"{user_location()}: {label}: {keyword}= is not supported in graphs: it has SciPy "
                                   "write into an array, which a graph's values never are; leave it out and use the "
                                   "result")
        inputs: list[Tensor] = []

        def entry(value: Any, where: str) -> tuple:
            known = _known_array(value)
            if known is not None:  # (SciPy sees its values while tracing too: medfilt checks a kernel size's)
                return ("array", tuple(known.ravel().tolist()), known.dtype.str, known.shape)
            if isinstance(value, (Tensor, np.ndarray)):
                inputs.append(shaped_input(value, label, where))
                return ("in", len(inputs) - 1)
            return ("py", _python_argument(label, where, value))

        positional = tuple(entry(v, f"argument {i + 1}") for i, v in enumerate(args))
        keywords = tuple((k, entry(v, k)) for k, v in sorted(kwargs.items()))
        function = f"{module}:{name}"
        try:
            kind, results = shaped_probe(function, tuple((t.shape, t.dtype) for t in inputs), positional, keywords)
        except Exception as error:  # (SciPy's, on the stand-ins: not necessarily what it says of the real values)
            raise NotStageable(
                f"{user_location()}: {label} refused the arguments it was traced with ({type(error).__name__}: "
                f"{error}): the graph works out the results' shapes by calling it once on stand-ins of the arrays' "
                "shapes (holding 1, 2, 3, 1, 2, 3, ...), so a check SciPy makes of an array's values (`initial`, a "
                "window's length) sees those, not your values. Pass the values SciPy checks as Python numbers, or "
                "call it outside the traced function and pass its result in") from error
        odd = [dtype for _, dtype in results if dtype.kind not in "biufc"]
        if odd:
            raise NotStageable(f"{user_location()}: {label} gives a {odd[0]} array with these arguments, which a graph "
                               "cannot hold (its values are numbers); call it outside the traced function")
        outputs = bind("scipy_shaped", inputs, function=function, args=positional, kwargs=keywords,
                       expect=tuple((shape, dtype.str) for shape, dtype in results))
        return outputs[0] if kind == "one" else tuple(outputs) if kind == "tuple" else list(outputs)
    return impl


_KNOWN_ARRAY_LIMIT = 256  # elements: a larger array whose values the trace knows is a graph input all the same


def _known_array(value: Any) -> Optional[np.ndarray]:
    """``value``'s values, where the trace fixes them and they are few numbers: a NumPy array the function holds
    (``np.array(x.shape)`` written into, a window), or a tensor of known values (``known_value``). SciPy then gets an
    array of them, when the graph works out the results' shapes and when it runs, as eager code does: a check SciPy
    makes of them (``medfilt``'s odd kernel size) sees the user's values, not stand-ins of the shape."""
    if isinstance(value, Tensor):
        value = known_value(value)
    if (type(value) is not np.ndarray or value.dtype.kind not in "biufc" or value.size > _KNOWN_ARRAY_LIMIT
            or value.dtype.byteorder not in "=|"):
        return None
    return value


def _python_argument(label: str, where: str, value: Any) -> Any:
    """``value`` as an attr: a Python number, string, bool or None (a NumPy scalar as its Python value), or a
    list or tuple of those (a tuple); anything else is refused by name."""
    if value is None or isinstance(value, (bool, int, float, complex, str)):
        return value
    if isinstance(value, np.generic) and value.dtype.kind in "biufc":
        return value.item()
    if isinstance(value, (list, tuple)):
        if holds_tensor(value):
            raise NotStageable(f"{user_location()}: {label}: {where} is a {type(value).__name__} holding a graph "
                               "tensor: pass one array instead (np.stack or np.array of the tensor)")
        return tuple(_python_argument(label, where, v) for v in value)
    what = getattr(value, "__name__", None) or type(value).__name__
    raise NotStageable(f"{user_location()}: {label}: {where}={what!r} is not supported in graphs: the graph calls "
                       "SciPy with arrays and Python values only (a function SciPy would call back, an object, are "
                       "not); pass a name SciPy knows, or call it outside the traced function")


for _module, _names in SHAPED.items():
    for _name in _names:
        implements(_module, _name)(_shaped(_module, _name))
