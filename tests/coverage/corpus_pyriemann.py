"""pyRiemann's Riemannian geometry of SPD matrices (``pyriemann.utils``): matrix functions through the eigen-
decomposition (with a ``while`` loop shifting non-positive-definite matrices in ``nearest_sym_pos_def``), the
Fréchet derivatives, the distances (Cholesky, Euclid, harmonic, Kullback, log-Cholesky, log-det, log-Euclid,
power-Euclid, Riemann, Thompson, Wasserstein) and pairwise distances, geodesics, exponential and logarithmic maps,
tangent-space vectorisation, inner products and parallel transport, approximate joint diagonalisation (``rjd``,
``ajd_pham``, ``uwedge``: loops over the matrices with convergence tests), the means (gradient descents with
``for ... else`` convergence tests and step-size adaptation, fixed-point iterations), masked and NaN means, and the
geometric medians (Weiszfeld iterations over the matrices at non-zero distance) (pyRiemann/pyRiemann,
BSD-3-Clause).

Copied from pyRiemann/pyRiemann at d166504238120ef080c434dcdf661cf72444349e, the parent of the commit that ports
the package to the array API (7c7ae9f, "Add array API support for NumPy/PyTorch backend transparency"): at that
commit ``pyriemann.utils`` is pure NumPy/SciPy. Its licence (``LICENSE``) is the BSD 3-Clause licence, "Copyright
(c) 2015-2024, authors of pyRiemann". The files are copied whole, in dependency order (``docs.py``, ``utils.py``, ``test.py``,
``base.py``, ``distance.py``, ``geodesic.py``, ``tangentspace.py``, ``ajd.py``, ``mean.py``, ``median.py``),
docstrings dropped, comments kept.

Adapted, beyond that:

* the module-level imports are this module's (below): the source modules' ``numpy``, ``warnings``, ``inspect``,
  ``functools.wraps`` and ``scipy.linalg.eigvalsh``/``solve``; the package-relative imports are dropped (the names
  are defined here) and so is ``from . import deprecated`` (``mean.py`` imports it and never uses it);
* scikit-learn is not installed here: ``distance.py``'s ``from sklearn.metrics import euclidean_distances`` is
  dropped, so ``_euclidean_distances`` is not staged, nor ``pairwise_distance`` with the metrics that call it (``euclid``,
  ``harmonic``, ``logchol``, ``logeuclid``);
* wrappers give the keyword arguments (metrics, exponents, ``squared``, tolerances) as constants.

The inputs: sets of 4 well-conditioned 3x3 SPD matrices (``A A^T + 3 I``), single SPD reference matrices, symmetric
tangent vectors, and for the NaN mean a set whose matrices have a NaN row and column.
"""

# ruff: noqa: B006, B028, E501, E741, F821, UP004, UP031
from __future__ import annotations

import inspect
import warnings
from functools import wraps

import numpy as np
from scipy.linalg import eigvalsh, solve

from tests.coverage.cases import PYRIEMANN, Source, case, spd


def PYR(path: str, original: str, note: str = "") -> Source:
    return Source(PYRIEMANN, "pyriemann/utils/" + path, original, note)


# --- pyriemann/utils/docs.py ----------------------------------------------------------------------------------------

class deprecated(object):

    # Borrowed from MNE:
    # https://mne.tools/stable/generated/mne.utils.deprecated.html

    def __init__(self, extra=""):
        self.extra = extra

    def __call__(self, obj):
        if isinstance(obj, type):
            return self._decorate_class(obj)
        else:
            return self._decorate_fun(obj)

    def _decorate_class(self, cls):
        msg = "Class %s is deprecated" % cls.__name__
        if self.extra:
            msg += "; %s" % self.extra

        # FIXME: we should probably reset __new__ for full generality
        init = cls.__init__

        def deprecation_wrapped(*args, **kwargs):
            warnings.warn(msg, category=DeprecationWarning)
            return init(*args, **kwargs)

        cls.__init__ = deprecation_wrapped

        deprecation_wrapped.__name__ = "__init__"
        deprecation_wrapped.__doc__ = self._update_doc(init.__doc__)
        deprecation_wrapped.deprecated_original = init

        return cls

    def _decorate_fun(self, fun):
        msg = "Function %s is deprecated" % fun.__name__
        if self.extra:
            msg += "; %s" % self.extra

        def deprecation_wrapped(*args, **kwargs):
            warnings.warn(msg, category=DeprecationWarning)
            return fun(*args, **kwargs)

        deprecation_wrapped.__name__ = fun.__name__
        deprecation_wrapped.__dict__ = fun.__dict__
        deprecation_wrapped.__doc__ = self._update_doc(fun.__doc__)

        return deprecation_wrapped

    def _update_doc(self, olddoc):
        newdoc = ".. warning:: DEPRECATED"
        if self.extra:
            newdoc = "%s: %s" % (newdoc, self.extra)
        if olddoc:
            # Get the spacing right to avoid sphinx warnings
            n_space = 4
            for li, line in enumerate(olddoc.split("\n")):
                if li > 0 and len(line.strip()):
                    n_space = len(line) - len(line.lstrip())
                    break
            newdoc = "%s\n\n%s%s" % (newdoc, " " * n_space, olddoc)

        return newdoc



# --- pyriemann/utils/utils.py ---------------------------------------------------------------------------------------

def check_weights(weights, n_weights, *, check_positivity=False):
    if weights is None:
        weights = np.ones(n_weights)

    else:
        weights = np.asarray(weights)
        if weights.shape != (n_weights,):
            raise ValueError(
                "Weights do not have the good shape. Should be (%d,) but got "
                "%s." % (n_weights, weights.shape,)
            )
        if check_positivity and any(weights <= 0):
            raise ValueError("Weights must be strictly positive.")

    weights /= np.sum(weights)
    return weights


def check_metric(metric, expected_keys=["mean", "distance"]):
    if isinstance(metric, str):
        return [metric] * len(expected_keys)

    elif isinstance(metric, dict):
        if not all(k in metric.keys() for k in expected_keys):
            raise KeyError(
                f"metric must contain {expected_keys}, but got {metric.keys()}"
            )

        return [metric[k] for k in expected_keys]

    else:
        raise TypeError(f"metric must be str or dict, but got {type(metric)}")


def check_function(fun, functions):
    if isinstance(fun, str):
        if fun not in functions.keys():
            raise ValueError(f"Unknown function name '{fun}'. Must be one of "
                             f"{' '.join(functions.keys())}")
        else:
            fun = functions[fun]
    elif not hasattr(fun, '__call__'):
        raise ValueError("Argument must be a string or a callable "
                         f"(Got {type(fun)}).")
    return fun


def check_init(init, n):
    init = np.asarray(init)
    if init.shape != (n, n):
        raise ValueError(
            "Init matrix does not have the good shape. "
            f"Should be ({n},{n}) but got {init.shape}."
        )
    return init


def check_param_in_func(param, func):
    sig = inspect.signature(func).parameters
    return (param in sig)



# --- pyriemann/utils/test.py ----------------------------------------------------------------------------------------

def _get_eigenvals(X):
    n = X.shape[-1]
    return np.linalg.eigvals(X.reshape((-1, n, n)))


def is_square(X):
    return X.ndim >= 2 and X.shape[-2] == X.shape[-1]


def is_sym(X):
    return is_square(X) and np.allclose(X, np.swapaxes(X, -2, -1))


def is_skew_sym(X):
    return is_square(X) and np.allclose(X, -np.swapaxes(X, -2, -1))


def is_hankel(X):
    if not is_square(X) or X.ndim != 2:
        return False
    n, _ = X.shape

    for i in range(n):
        for j in range(n):
            if (i + j < n):
                if (X[i, j] != X[i + j, 0]):
                    return False
            else:
                if (X[i, j] != X[i + j - n + 1, n - 1]):
                    return False

    return True


def is_real(X):
    return np.allclose(X.imag, np.zeros_like(X.imag))


def is_real_type(X):
    return np.isrealobj(X)


def is_hermitian(X):
    return is_sym(X.real) and is_skew_sym(X.imag)


def is_pos_def(X, tol=0.0, fast_mode=False):
    if fast_mode:
        try:
            np.linalg.cholesky(X)
            return True
        except np.linalg.LinAlgError:
            return False
    else:
        return is_square(X) and np.all(_get_eigenvals(X) > tol)


def is_pos_semi_def(X):
    return is_square(X) and np.all(_get_eigenvals(X) >= 0.0)


def is_sym_pos_def(X, tol=0.0):
    return is_sym(X) and is_pos_def(X, tol=tol)


def is_sym_pos_semi_def(X):
    return is_sym(X) and is_pos_semi_def(X)


def is_herm_pos_def(X, tol=0.0):
    return is_hermitian(X) and is_pos_def(X, tol=tol)


def is_herm_pos_semi_def(X):
    return is_hermitian(X) and is_pos_semi_def(X)



# --- pyriemann/utils/base.py ----------------------------------------------------------------------------------------

def ctranspose(X):
    return np.swapaxes(X.conj(), -2, -1)


def _vectorize_nd(n_axes=2):
    def decorator(func):
        @wraps(func)
        def wrapper(X, *args, **kwargs):
            batch_shape = X.shape[:-n_axes]
            if len(batch_shape) == 0:
                return func(X, *args, **kwargs)
            n_batch = np.prod(batch_shape, dtype=int)
            core_shape = X.shape[-n_axes:]
            X_flat = X.reshape(n_batch, *core_shape)
            X_new = []
            for b in range(n_batch):
                X_new.append(
                    np.atleast_2d(func(X_flat[b], *args, **kwargs))
                )
            X_new = np.asarray(X_new)
            return X_new.reshape(*batch_shape, *X_new.shape[1:])
        return wrapper
    return decorator


###############################################################################


def _recursive(fun, A, B, *args, **kwargs):
    if A.ndim == 2:
        return fun(A, B, *args, **kwargs)
    else:
        return np.asarray(
            [_recursive(fun, a, b, *args, **kwargs) for a, b in zip(A, B)]
        )


def _matrix_operator(X, operator):
    if not isinstance(X, np.ndarray) or X.ndim < 2:
        raise ValueError("Input must be at least a 2D ndarray")
    if X.dtype.char in np.typecodes['AllFloat'] and (
            np.isinf(X).any() or np.isnan(X).any()):
        raise ValueError(
            "Matrices must be positive definite. "
            "You should add regularization to avoid this error."
        )

    eigvals, eigvecs = np.linalg.eigh(X)
    eigvals = operator(eigvals)
    X_new = eigvecs @ (np.expand_dims(eigvals, -1) * ctranspose(eigvecs))
    return X_new


def expm(C):
    return _matrix_operator(C, np.exp)


def invsqrtm(C):
    def isqrt(x): return 1. / np.sqrt(x)
    return _matrix_operator(C, isqrt)


def logm(C):
    return _matrix_operator(C, np.log)


def powm(C, alpha):
    def power(x): return x**alpha
    return _matrix_operator(C, power)


def sqrtm(C):
    return _matrix_operator(C, np.sqrt)


###############################################################################


def nearest_sym_pos_def(X, reg=1e-6):
    n = X.shape[-1]

    # Symmetrize
    A = (X + np.swapaxes(X, -2, -1)) / 2

    _, s, Vh = np.linalg.svd(A)
    H = np.swapaxes(Vh, -2, -1) @ (s[..., :, np.newaxis] * Vh)
    B = (A + H) / 2
    P = (B + np.swapaxes(B, -2, -1)) / 2

    # PD fix: iteratively shift non-PD matrices
    eigvals = np.linalg.eigvalsh(P)
    neg_ev = np.any(eigvals <= 0, axis=-1)  # (...,)

    if np.any(neg_ev):
        spacing = np.spacing(np.linalg.norm(A, axis=(-2, -1)))
        I = np.eye(n)  # noqa
        k = 1
        while np.any(neg_ev) and k < 100:
            mineig = np.min(np.linalg.eigvalsh(P), axis=-1)
            shift = np.where(neg_ev, -mineig * k**2 + spacing, 0.0)
            P = P + shift[..., np.newaxis, np.newaxis] * I
            eigvals = np.linalg.eigvalsh(P)
            neg_ev = np.any(eigvals <= 0, axis=-1)
            k += 1

    # Regularize
    ei, ev = np.linalg.eigh(P)
    ratio = np.min(ei, axis=-1) / np.max(ei, axis=-1)
    needs_reg = ratio < reg  # (...,)
    if np.any(needs_reg):
        ei_reg = ei + reg
        P_reg = ev @ (ei_reg[..., :, np.newaxis] * np.swapaxes(ev, -2, -1))
        P = np.where(needs_reg[..., np.newaxis, np.newaxis], P_reg, P)

    return P


###############################################################################


def _first_divided_difference(d, fct, fctder, atol=1e-12, rtol=1e-12):
    di = d[..., :, np.newaxis]
    dj = d[..., np.newaxis, :]

    close_ = np.isclose(di, dj, atol=atol, rtol=rtol)
    safe_diff = np.where(close_, np.ones_like(di - dj), di - dj)
    return np.where(close_, fctder(di), (fct(di) - fct(dj)) / safe_diff)


def ddexpm(X, Cref):

    d, V = np.linalg.eigh(Cref)
    Vh = ctranspose(V)
    expfdd = _first_divided_difference(d, np.exp, np.exp)
    return V @ (expfdd * (Vh @ X @ V)) @ Vh


def ddlogm(X, Cref):

    d, V = np.linalg.eigh(Cref)
    Vh = ctranspose(V)
    logfdd = _first_divided_difference(d, np.log, lambda x: 1 / x)
    return V @ (logfdd * (Vh @ X @ V)) @ Vh



# --- pyriemann/utils/distance.py ------------------------------------------------------------------------------------

def _check_inputs(A, B):
    if not isinstance(A, np.ndarray) or not isinstance(B, np.ndarray):
        raise ValueError("Inputs must be ndarrays")
    if not A.shape == B.shape:
        raise ValueError("Inputs must have equal dimensions")
    if A.ndim < 2:
        raise ValueError("Inputs must be at least a 2D ndarray")


###############################################################################
# Distances between matrices


def distance_chol(A, B, squared=False):
    return distance_euclid(
        np.linalg.cholesky(A),
        np.linalg.cholesky(B),
        squared=squared,
    )


def distance_euclid(A, B, squared=False):
    _check_inputs(A, B)
    d = np.linalg.norm(A - B, ord="fro", axis=(-2, -1))
    return d ** 2 if squared else d


def distance_harmonic(A, B, squared=False):
    eye_n = np.eye(A.shape[-1])
    return distance_euclid(
        np.linalg.solve(A, eye_n),
        np.linalg.solve(B, eye_n),
        squared=squared,
    )


def distance_kullback(A, B, squared=False):
    _check_inputs(A, B)
    n = A.shape[-1]
    tr = np.trace(_recursive(solve, B, A, assume_a='pos'), axis1=-2, axis2=-1)
    logdet = np.linalg.slogdet(B)[1] - np.linalg.slogdet(A)[1]
    d = 0.5 * (tr - n + logdet).real
    return d ** 2 if squared else d


def distance_kullback_right(A, B, squared=False):
    return distance_kullback(B, A, squared=squared)


def distance_kullback_sym(A, B, squared=False):
    d = distance_kullback(A, B) + distance_kullback_right(A, B)
    return d ** 2 if squared else d


def distance_logchol(A, B, squared=False):
    _check_inputs(A, B)
    A_chol, B_chol = np.linalg.cholesky(A), np.linalg.cholesky(B)

    tri0, tri1 = np.tril_indices(A_chol.shape[-1], -1)
    triagular_part = np.linalg.norm(
        A_chol[..., tri0, tri1] - B_chol[..., tri0, tri1],
        axis=-1,
    ) ** 2

    diag0, diag1 = np.diag_indices(A_chol.shape[-1])
    diagonal_part = np.linalg.norm(
        np.log(A_chol[..., diag0, diag1]) - np.log(B_chol[..., diag0, diag1]),
        axis=-1,
    ) ** 2

    d2 = triagular_part + diagonal_part
    return d2 if squared else np.sqrt(d2)


def distance_logdet(A, B, squared=False):
    _check_inputs(A, B)
    logdet_ApB = np.linalg.slogdet((A + B) / 2.0)[1]
    logdet_AxB = np.linalg.slogdet(A @ B)[1]
    d2 = logdet_ApB - 0.5 * logdet_AxB
    d2 = np.maximum(0, d2)
    return d2 if squared else np.sqrt(d2)


def distance_logeuclid(A, B, squared=False):
    return distance_euclid(logm(A), logm(B), squared=squared)


def distance_poweuclid(A, B, p, squared=False):
    if not isinstance(p, (int, float)):
        raise ValueError(f"Exponent p must be a scalar (Got {type(p)})")

    if p == 1:
        return distance_euclid(A, B, squared=squared)
    if p == 0:
        return distance_logeuclid(A, B, squared=squared)
    if p == -1:
        return distance_harmonic(A, B, squared=squared)

    return distance_euclid(
        powm(A, p),
        powm(B, p),
        squared=squared,
    ) / abs(p)


def distance_riemann(A, B, squared=False):
    _check_inputs(A, B)
    d2 = (np.log(_recursive(eigvalsh, A, B))**2).sum(axis=-1)
    return d2 if squared else np.sqrt(d2)


def distance_thompson(A, B, squared=False):
    _check_inputs(A, B)
    d = (np.abs(np.log(_recursive(eigvalsh, A, B)))).max(axis=-1)
    return d ** 2 if squared else d


def distance_wasserstein(A, B, squared=False):
    _check_inputs(A, B)
    B12 = sqrtm(B)
    d2 = np.trace(A + B - 2 * sqrtm(B12 @ A @ B12), axis1=-2, axis2=-1)
    d2 = np.maximum(0, d2.real)
    return d2 if squared else np.sqrt(d2)


distance_functions = {
    "chol": distance_chol,
    "euclid": distance_euclid,
    "harmonic": distance_harmonic,
    "kullback": distance_kullback,
    "kullback_right": distance_kullback_right,
    "kullback_sym": distance_kullback_sym,
    "logchol": distance_logchol,
    "logdet": distance_logdet,
    "logeuclid": distance_logeuclid,
    "riemann": distance_riemann,
    "thompson": distance_thompson,
    "wasserstein": distance_wasserstein,
}


def distance(A, B, metric="riemann", squared=False):
    distance_function = check_function(metric, distance_functions)

    shape_A, shape_B = A.shape, B.shape
    if shape_A == shape_B:
        d = distance_function(A, B, squared=squared)
    elif len(shape_A) == 3 and len(shape_B) == 2:
        d = np.empty((shape_A[0], 1))
        for i in range(shape_A[0]):
            d[i] = distance_function(A[i], B, squared=squared)
    else:
        raise ValueError("Inputs have incompatible dimensions.")

    return d


###############################################################################


def _euclidean_distances(X, Y=None, squared=False):
    if is_real_type(X):
        return euclidean_distances(X, Y, squared=squared)

    if Y is None:
        Yreal, Yimag = None, None
    else:
        Yreal, Yimag = Y.real, Y.imag

    dist2 = euclidean_distances(X.real, Yreal, squared=True) + \
        euclidean_distances(X.imag, Yimag, squared=True)
    return dist2 if squared else np.sqrt(dist2)


def _pairwise_distance_euclid(X, Y=None, squared=False):
    if Y is not None:
        Y = Y.reshape(len(Y), -1)

    return _euclidean_distances(X.reshape(len(X), -1), Y, squared=squared)


def _pairwise_distance_harmonic(X, Y=None, squared=False):
    eye_n = np.eye(X.shape[-1])
    if Y is None:
        Y_inv = None
    else:
        Y_inv = np.linalg.solve(Y, eye_n)

    X_inv = np.linalg.solve(X, eye_n)
    return _pairwise_distance_euclid(X_inv, Y_inv, squared=squared)


def _pairwise_distance_logchol(X, Y=None, squared=False):
    X_chol = np.linalg.cholesky(X)
    tri0, tri1 = np.tril_indices(X_chol.shape[-1], -1)
    diag0, diag1 = np.diag_indices(X_chol.shape[-1])

    if Y is None:
        triagular_part = _euclidean_distances(
            X_chol[..., tri0, tri1],
            squared=True
        )
        diagonal_part = _euclidean_distances(
            np.log(X_chol[..., diag0, diag1]),
            squared=True,
        )
    else:
        Y_chol = np.linalg.cholesky(Y)
        triagular_part = _euclidean_distances(
            X_chol[..., tri0, tri1],
            Y_chol[..., tri0, tri1],
            squared=True,
        )
        diagonal_part = _euclidean_distances(
            np.log(X_chol[..., diag0, diag1]),
            np.log(Y_chol[..., diag0, diag1]),
            squared=True,
        )

    dist = triagular_part + diagonal_part
    return dist if squared else np.sqrt(dist)


def _pairwise_distance_logeuclid(X, Y=None, squared=False):
    if Y is None:
        logY = None
    else:
        logY = logm(Y)

    return _pairwise_distance_euclid(logm(X), logY, squared=squared)


def _pairwise_distance_riemann(X, Y=None, squared=False):
    XisY = False
    if Y is None:
        XisY = True
        Y = X

    n_matrices_X, n_matrices_Y = len(X), len(Y)
    Xinv12 = invsqrtm(X)
    dist = np.zeros((n_matrices_X, n_matrices_Y))

    # row by row so it fits in memory
    for i, x_ in enumerate(Xinv12):
        evals_ = np.linalg.eigvalsh(x_ @ Y[i * XisY:] @ x_)
        d2 = np.sum(np.log(evals_) ** 2, -1)
        dist[i, i * XisY:] = d2

    if XisY:
        dist += dist.T

    return dist if squared else np.sqrt(dist)


def pairwise_distance(X, Y=None, metric="riemann", squared=False):
    if metric == "euclid":
        return _pairwise_distance_euclid(X, Y=Y, squared=squared)
    elif metric == "harmonic":
        return _pairwise_distance_harmonic(X, Y=Y, squared=squared)
    elif metric == "logchol":
        return _pairwise_distance_logchol(X, Y=Y, squared=squared)
    elif metric == "logeuclid":
        return _pairwise_distance_logeuclid(X, Y=Y, squared=squared)
    elif metric == "riemann":
        return _pairwise_distance_riemann(X, Y=Y, squared=squared)

    n_matrices_X, _, _ = X.shape

    # compute full pairwise matrix for non-symmetric metrics
    if Y is None and metric in ["kullback", "kullback_right"]:
        Y = X

    if Y is None:
        dist = np.zeros((n_matrices_X, n_matrices_X))
        for i in range(n_matrices_X):
            for j in range(i + 1, n_matrices_X):
                dist[i, j] = distance(X[i], X[j], metric, squared=squared)
        dist += dist.T
    else:
        n_matrices_Y, _, _ = Y.shape
        dist = np.empty((n_matrices_X, n_matrices_Y))
        for i in range(n_matrices_X):
            for j in range(n_matrices_Y):
                dist[i, j] = distance(X[i], Y[j], metric, squared=squared)

    return dist


###############################################################################
# Distances between vectors and matrices


def distance_mahalanobis(X, cov, mean=None, squared=False):
    if mean is not None:
        X = X - mean

    Xw = invsqrtm(cov) @ X
    d2 = np.sum(np.abs(Xw)**2, axis=-2)
    return d2 if squared else np.sqrt(d2)



# --- pyriemann/utils/geodesic.py ------------------------------------------------------------------------------------

def geodesic_chol(A, B, alpha=0.5):
    geo = (1 - alpha) * np.linalg.cholesky(A) + alpha * np.linalg.cholesky(B)
    return geo @ ctranspose(geo)


def geodesic_euclid(A, B, alpha=0.5):
    return (1 - alpha) * A + alpha * B


def geodesic_logchol(A, B, alpha=0.5):
    A_chol, B_chol = np.linalg.cholesky(A), np.linalg.cholesky(B)

    geo = np.zeros_like(A)

    tri0, tri1 = np.tril_indices(A_chol.shape[-1], -1)
    geo[..., tri0, tri1] = (1 - alpha) * A_chol[..., tri0, tri1] + \
        alpha * B_chol[..., tri0, tri1]

    diag0, diag1 = np.diag_indices(A_chol.shape[-1])
    geo[..., diag0, diag1] = A_chol[..., diag0, diag1] ** (1 - alpha) * \
        B_chol[..., diag0, diag1] ** alpha

    return geo @ ctranspose(geo)


def geodesic_logeuclid(A, B, alpha=0.5):
    return expm((1 - alpha) * logm(A) + alpha * logm(B))


def geodesic_riemann(A, B, alpha=0.5):
    sA, isA = sqrtm(A), invsqrtm(A)
    C = sA @ powm(isA @ B @ isA, alpha) @ sA
    return C


def geodesic_thompson(A, B, alpha=0.5):
    A_ndim = A.ndim
    while A.ndim < 3:
        A, B = A[np.newaxis, ...], B[np.newaxis, ...]
    E = _recursive(eigvalsh, B, A)
    Emin, Emax = E.min(axis=-1), E.max(axis=-1)

    C = np.zeros_like(A)

    mask = (Emin == Emax)
    C[mask] = (Emin[mask][..., np.newaxis, np.newaxis] ** alpha) * A[mask]

    Emin_a, Emax_a = Emin ** alpha, Emax ** alpha
    b = (Emax_a - Emin_a)[~mask][..., np.newaxis, np.newaxis]
    a = (Emax * Emin_a - Emin * Emax_a)[~mask][..., np.newaxis, np.newaxis]
    c = b * B[~mask] + a * A[~mask]
    C[~mask] = c / (Emax - Emin)[~mask][..., np.newaxis, np.newaxis]

    if A_ndim < 3:
        C = C[0]

    return C


def geodesic_wasserstein(A, B, alpha=0.5):
    A12 = sqrtm(A)
    A12inv = invsqrtm(A)
    AB12 = A12 @ sqrtm(A12 @ B @ A12) @ A12inv
    return (1-alpha)**2 * A + alpha**2 * B + \
        alpha*(1-alpha) * (AB12 + ctranspose(AB12))


###############################################################################


geodesic_functions = {
    "chol": geodesic_chol,
    "euclid": geodesic_euclid,
    "logchol": geodesic_logchol,
    "logeuclid": geodesic_logeuclid,
    "riemann": geodesic_riemann,
    "thompson": geodesic_thompson,
    "wasserstein": geodesic_wasserstein,
}


def geodesic(A, B, alpha, metric="riemann"):
    geodesic_function = check_function(metric, geodesic_functions)
    C = geodesic_function(A, B, alpha)
    return C



# --- pyriemann/utils/tangentspace.py --------------------------------------------------------------------------------

def _check_dimensions(X, Cref):
    n_1, n_2 = X.shape[-2:]
    n_3, n_4 = Cref.shape
    if not (n_1 == n_2 == n_3 == n_4):
        raise ValueError("Inputs have incompatible dimensions.")


###############################################################################


def exp_map_euclid(X, Cref):
    return X + Cref


def exp_map_logchol(X, Cref):
    Cref_chol = np.linalg.cholesky(Cref)
    Cref_invchol = np.linalg.solve(Cref_chol, np.eye(Cref.shape[-1]))

    tri0, tri1 = np.tril_indices(X.shape[-1], -1)
    diag0, diag1 = np.diag_indices(X.shape[-1])

    diff_bracket = Cref_invchol @ X @ Cref_invchol.conj().T
    diff_bracket[..., tri1, tri0] = 0
    diff_bracket[..., diag0, diag1] /= 2
    diff = Cref_chol @ diff_bracket

    exp_map = np.zeros_like(X)

    exp_map[..., tri0, tri1] = Cref_chol[..., tri0, tri1] + \
        diff[..., tri0, tri1]

    exp_map[..., diag0, diag1] = np.exp(diff_bracket[..., diag0, diag1]) \
        * Cref_chol[..., diag0, diag1]

    return exp_map @ ctranspose(exp_map)


def exp_map_logeuclid(X, Cref):
    return expm(logm(Cref) + ddlogm(X, Cref))


def exp_map_riemann(X, Cref, Cm12=False):
    if Cm12:
        Cm12 = invsqrtm(Cref)
        X = Cm12 @ X @ Cm12
    C12 = sqrtm(Cref)
    return C12 @ expm(X) @ C12


def exp_map_wasserstein(X, Cref):
    d, V = np.linalg.eigh(Cref)
    Vh = ctranspose(V)
    C = 1 / (d[..., :, np.newaxis] + d[..., np.newaxis, :])

    X_rotated = Vh @ X @ V
    X_tmp = C * X_rotated
    X_tmp = X_tmp @ (d[..., :, np.newaxis] * X_tmp)
    X_tmp = V @ X_tmp @ Vh

    return Cref + X + X_tmp


exp_map_functions = {
    "euclid": exp_map_euclid,
    "logchol": exp_map_logchol,
    "logeuclid": exp_map_logeuclid,
    "riemann": exp_map_riemann,
    "wasserstein": exp_map_wasserstein,
}


def exp_map(X, Cref, *, metric="riemann"):
    exp_map_function = check_function(metric, exp_map_functions)
    return exp_map_function(X, Cref)


###############################################################################


def log_map_euclid(X, Cref):
    return X - Cref


def log_map_logchol(X, Cref):
    X_chol, Cref_chol = np.linalg.cholesky(X), np.linalg.cholesky(Cref)

    res = np.zeros_like(X)

    tri0, tri1 = np.tril_indices(X.shape[-1], -1)
    res[..., tri0, tri1] = X_chol[..., tri0, tri1] - Cref_chol[..., tri0, tri1]

    diag0, diag1 = np.diag_indices(X.shape[-1])
    res[..., diag0, diag1] = Cref_chol[..., diag0, diag1] * \
        np.log(X_chol[..., diag0, diag1] / Cref_chol[..., diag0, diag1])

    X_new = Cref_chol @ ctranspose(res) + res @ Cref_chol.conj().T

    return X_new


def log_map_logeuclid(X, Cref):
    _check_dimensions(X, Cref)
    logCref = logm(Cref)
    X_new = ddexpm(logm(X) - logCref, logCref)
    return X_new


def log_map_riemann(X, Cref, C12=False):
    _check_dimensions(X, Cref)
    Cm12 = invsqrtm(Cref)
    X_new = logm(Cm12 @ X @ Cm12)
    if C12:
        C12 = sqrtm(Cref)
        X_new = C12 @ X_new @ C12
    return X_new


def log_map_wasserstein(X, Cref):
    _check_dimensions(X, Cref)
    P12 = sqrtm(Cref)
    P12inv = invsqrtm(Cref)
    sqrt_bracket = sqrtm(P12 @ X @ P12)
    tmp = P12inv @ sqrt_bracket @ P12
    return tmp + ctranspose(tmp) - 2 * Cref


log_map_functions = {
    "euclid": log_map_euclid,
    "logchol": log_map_logchol,
    "logeuclid": log_map_logeuclid,
    "riemann": log_map_riemann,
    "wasserstein": log_map_wasserstein,
}


def log_map(X, Cref, *, metric="riemann"):
    log_map_function = check_function(metric, log_map_functions)
    return log_map_function(X, Cref)


###############################################################################


def upper(X):
    n = X.shape[-1]
    if X.shape[-2] != n:
        raise ValueError("Matrices must be square")
    idx = np.triu_indices_from(np.empty((n, n)))
    coeffs = (np.sqrt(2) * np.triu(np.ones((n, n)), 1) + np.eye(n))[idx]
    T = coeffs * X[..., idx[0], idx[1]]
    return T


def unupper(T):
    dims = T.shape
    n = int((np.sqrt(1 + 8 * dims[-1]) - 1) / 2)
    X = np.empty((*dims[:-1], n, n), dtype=T.dtype)
    idx = np.triu_indices_from(np.empty((n, n)))
    X[..., idx[0], idx[1]] = T
    idx = np.triu_indices_from(np.empty((n, n)), k=1)
    X[..., idx[0], idx[1]] /= np.sqrt(2)
    X[..., idx[1], idx[0]] = X[..., idx[0], idx[1]].conj()
    return X


def tangent_space(X, Cref, *, metric="riemann"):
    X_ = log_map(X, Cref, metric=metric)
    T = upper(X_)
    return T


def untangent_space(T, Cref, *, metric="riemann"):
    X_ = unupper(T)
    X = exp_map(X_, Cref, metric=metric)
    return X


###############################################################################


def innerproduct_euclid(X, Y, *args):
    if Y is None:
        Y = X
    G = _apply_inner_product(X, Y)
    return G


def innerproduct_logeuclid(X, Y, Cref):
    if Y is None:
        Y = X
    G = _apply_inner_product(ddlogm(X, Cref), ddlogm(Y, Cref))
    return G


def innerproduct_riemann(X, Y, Cref):
    if Y is None:
        Y = X
    Cm12 = invsqrtm(Cref)
    G = _apply_inner_product(Cm12 @ X @ Cm12, Cm12 @ Y @ Cm12)
    return G


def _apply_inner_product(X, Y):
    # product G = trace(X^H @ Y)
    G = np.einsum("...nm,...nm->...", X.conj(), Y, optimize=True).real

    if G.size == 1:
        return G.item()
    else:
        return G


innerproduct_functions = {
    "euclid": innerproduct_euclid,
    "logeuclid": innerproduct_logeuclid,
    "riemann": innerproduct_riemann,
}


def innerproduct(X, Y, Cref, metric="riemann"):
    innerproduct_function = check_function(metric, innerproduct_functions)
    G = innerproduct_function(X, Y, Cref)
    return G


def norm(X, Cref, metric="riemann"):
    N2 = innerproduct(X, None, Cref, metric=metric)
    return np.sqrt(N2)


###############################################################################


def transport_euclid(X, A=None, B=None):
    return X


def transport_logchol(X, A, B):
    A_chol, B_chol = np.linalg.cholesky(A), np.linalg.cholesky(B)
    A_invchol = np.linalg.solve(A_chol, np.eye(A.shape[-1]))

    tri0, tri1 = np.tril_indices(X.shape[-1], -1)
    diag0, diag1 = np.diag_indices(X.shape[-1])

    P = A_invchol @ X @ A_invchol.conj().T
    P12 = np.zeros_like(P)
    P12[..., tri0, tri1] = P[..., tri0, tri1]
    P12[..., diag0, diag1] = P[..., diag0, diag1] / 2
    X_ = A_chol @ P12

    T = np.zeros_like(X)
    T[..., tri0, tri1] = X_[..., tri0, tri1]
    T[..., diag0, diag1] = B_chol[..., diag0, diag1] \
        / A_chol[..., diag0, diag1] * X_[..., diag0, diag1]

    X_new = B_chol @ ctranspose(T) + T @ B_chol.conj().T
    return X_new


def transport_logeuclid(X, A, B):
    return ddexpm(ddlogm(X, A), logm(B))


def transport_riemann(X, A, B):
    # BA^{-1} is not sym => use sqrtm from scipy:
    # E = scipy.linalg.sqrtm(B @ np.linalg.inv(A))
    # But (BA^{-1})^{1/2} = A^{1/2} (A^{-1/2}BA^{-1/2})^{1/2} A^{-1/2}
    A12, A12inv = sqrtm(A), invsqrtm(A)
    E = A12 @ sqrtm(A12inv @ B @ A12inv) @ A12inv
    X_new = E @ X @ E.conj().T
    return X_new


transport_functions = {
    "euclid": transport_euclid,
    "logchol": transport_logchol,
    "logeuclid": transport_logeuclid,
    "riemann": transport_riemann,
}


def transport(X, A, B, metric="riemann"):
    transport_function = check_function(metric, transport_functions)
    return transport_function(X, A, B)



# --- pyriemann/utils/ajd.py -----------------------------------------------------------------------------------------

def rjd(X, *, init=None, eps=1e-8, n_iter_max=100):
    n_matrices, _, _ = X.shape
    # reshape input matrix
    A = np.concatenate(X, 0).T
    n, n_matrices_x_n = A.shape

    # init variables
    if init is None:
        V = np.eye(n)
    else:
        V = check_init(init, n)

    for _ in range(n_iter_max):
        crit = False
        for p in range(n):
            for q in range(p + 1, n):
                Ip = np.arange(p, n_matrices_x_n, n)
                Iq = np.arange(q, n_matrices_x_n, n)

                # computation of Givens rotations
                g = np.array([A[p, Ip] - A[q, Iq], A[p, Iq] + A[q, Ip]])
                gg = g @ g.T
                ton = gg[0, 0] - gg[1, 1]
                toff = gg[0, 1] + gg[1, 0]
                theta = 0.5 * np.arctan2(toff, ton + np.sqrt(ton**2 + toff**2))
                c = np.cos(theta)
                s = np.sin(theta)
                crit = crit | (np.abs(s) > eps)

                # update of A and V matrices
                if (np.abs(s) > eps):
                    tmp = A[:, Ip].copy()
                    A[:, Ip] = c * A[:, Ip] + s * A[:, Iq]
                    A[:, Iq] = c * A[:, Iq] - s * tmp

                    tmp = A[p, :].copy()
                    A[p, :] = c * A[p, :] + s * A[q, :]
                    A[q, :] = c * A[q, :] - s * tmp

                    tmp = V[:, p].copy()
                    V[:, p] = c * V[:, p] + s * V[:, q]
                    V[:, q] = c * V[:, q] - s * tmp

        if not crit:
            break
    else:
        warnings.warn("Convergence not reached")

    D = np.reshape(A, (n, n_matrices, n)).transpose(1, 0, 2)
    return V, D


def ajd_pham(X, *, init=None, eps=1e-6, n_iter_max=20, sample_weight=None):
    n_matrices, _, _ = X.shape
    normalized_weight = check_weights(
        sample_weight,
        n_matrices,
        check_positivity=True,
    )  # sum = 1

    # reshape input matrix
    A = np.concatenate(X, axis=0).T
    n, n_matrices_x_n = A.shape

    # init variables
    if init is None:
        V = np.eye(n)
    else:
        V = check_init(init, n)
    V = V.astype(X.dtype)
    epsilon = n * (n - 1) * eps

    for _ in range(n_iter_max):
        crit = 0
        for ii in range(1, n):
            for jj in range(ii):
                Ii = np.arange(ii, n_matrices_x_n, n)
                Ij = np.arange(jj, n_matrices_x_n, n)

                c1 = A[ii, Ii]
                c2 = A[jj, Ij]

                g12 = np.average(A[ii, Ij] / c1, weights=normalized_weight)
                g21 = np.average(A[ii, Ij] / c2, weights=normalized_weight)

                omega21 = np.average(c1 / c2, weights=normalized_weight)
                omega12 = np.average(c2 / c1, weights=normalized_weight)
                omega = np.sqrt(omega12 * omega21)

                tmp = np.sqrt(omega21 / omega12)
                tmp1 = (tmp * g12 + g21) / (omega + 1)
                if np.isrealobj(X):
                    omega = max(omega - 1, 1e-9)
                tmp2 = (tmp * g12 - g21) / omega

                h12 = tmp1 + tmp2
                h21 = np.conj((tmp1 - tmp2) / tmp)

                crit += n_matrices * (g12 * np.conj(h12) + g21 * h21) / 2.0

                tmp = 1 + 0.5j * np.imag(h12 * h21)
                tmp = tmp + np.sqrt(tmp ** 2 - h12 * h21)
                if np.isrealobj(X):
                    tmp = np.real(tmp)
                tau = np.array([[1, np.conj(-h12 / tmp)],
                                [np.conj(-h21 / tmp), 1]])

                A[[ii, jj], :] = tau.conj() @ A[[ii, jj], :]
                tmp = np.c_[A[:, Ii], A[:, Ij]]
                tmp = np.reshape(tmp, (n * n_matrices, 2), order="F")
                tmp = tmp @ tau.T

                tmp = np.reshape(tmp, (n, n_matrices * 2), order="F")
                A[:, Ii] = tmp[:, :n_matrices]
                A[:, Ij] = tmp[:, n_matrices:]
                V[[ii, jj], :] = tau @ V[[ii, jj], :]

        if crit < epsilon:
            break
    else:
        warnings.warn("Convergence not reached")

    D = np.reshape(A, (n, -1, n)).transpose(1, 0, 2).conj()
    return V.astype(X.dtype), D.astype(X.dtype)


def uwedge(X, *, init=None, eps=1e-7, n_iter_max=100):
    n_matrices, _, _ = X.shape
    # reshape input matrix
    M = np.concatenate(X, 0).T
    n, n_matrices_x_n = M.shape

    # init variables
    if init is None:
        E, H = np.linalg.eig(M[:, 0:n])
        V = H.T / np.sqrt(np.abs(E))[:, np.newaxis]
    else:
        V = check_init(init, n)

    Ms = np.array(M)
    Rs = np.zeros((n, n_matrices))

    for k in range(n_matrices):
        ini = k * n
        Il = np.arange(ini, ini + n)
        M[:, Il] = 0.5 * (M[:, Il] + M[:, Il].T)
        Ms[:, Il] = V @ M[:, Il] @ V.T
        Rs[:, k] = np.diag(Ms[:, Il])
    crit = np.sum(Ms ** 2) - np.sum(Rs ** 2)

    for _ in range(n_iter_max):
        B = Rs @ Rs.T
        C1 = np.zeros((n, n))
        for i in range(n):
            C1[:, i] = np.sum(Ms[:, i:n_matrices_x_n:n] * Rs, axis=1)

        D0 = B * B.T - np.outer(np.diag(B), np.diag(B))
        A0 = (C1 * B - np.diag(B)[:, np.newaxis] * C1.T) / (D0 + np.eye(n))
        A0.flat[:: n + 1] += 1
        V = np.linalg.solve(A0, V)

        Raux = V @ M[:, 0:n] @ V.T
        aux = 1. / np.sqrt(np.abs(np.diag(Raux)))
        V = aux[:, np.newaxis] * V

        for k in range(n_matrices):
            ini = k * n
            Il = np.arange(ini, ini + n)
            Ms[:, Il] = V @ M[:, Il] @ V.T
            Rs[:, k] = np.diag(Ms[:, Il])
        crit_new = np.sum(Ms ** 2) - np.sum(Rs ** 2)

        if np.abs(crit_new - crit) < eps:
            break
        crit = crit_new
    else:
        warnings.warn("Convergence not reached")

    D = np.reshape(Ms, (n, n_matrices, n)).transpose(1, 0, 2)
    return V, D


###############################################################################


ajd_functions = {
    "ajd_pham": ajd_pham,
    "rjd": rjd,
    "uwedge": uwedge,
}


def ajd(X, method="ajd_pham", init=None, eps=1e-6, n_iter_max=100, **kwargs):
    ajd_function = check_function(method, ajd_functions)
    V, D = ajd_function(
        X,
        init=init,
        eps=eps,
        n_iter_max=n_iter_max,
        **kwargs,
    )
    return V, D



# --- pyriemann/utils/mean.py ----------------------------------------------------------------------------------------

@_vectorize_nd(n_axes=3)
def mean_ale(X, *, tol=10e-7, maxiter=50, sample_weight=None, init=None):
    n_matrices, n, _ = X.shape
    sample_weight = check_weights(sample_weight, n_matrices)
    if init is None:
        B = ajd_pham(X)[0]
    else:
        B = check_init(init, n)

    eye_n = np.eye(n)
    for _ in range(maxiter):
        J = np.einsum("a,abc->bc", sample_weight, logm(B @ X @ B.conj().T))
        delta = np.real(np.diag(expm(J)))
        B = (np.abs(delta) ** -.5)[:, np.newaxis] * B

        crit = distance_riemann(eye_n, np.diag(delta))
        if crit <= tol:
            break
    else:
        warnings.warn("Convergence not reached", stacklevel=2)

    J = np.einsum("a,abc->bc", sample_weight, logm(B @ X @ B.conj().T))
    A = np.linalg.solve(B, eye_n)
    M = A @ expm(J) @ A.conj().T
    return M


@_vectorize_nd(n_axes=3)
def mean_alm(X, *, tol=1e-14, maxiter=100, sample_weight=None, **kwargs):
    n_matrices, _, _ = X.shape
    sample_weight = check_weights(sample_weight, n_matrices)

    if n_matrices == 1:
        return X[0]

    if n_matrices == 2:
        alpha = sample_weight[1] / sample_weight[0] / 2
        M = geodesic_riemann(X[0], X[1], alpha=alpha)
        return M

    M = X
    M_iter = np.zeros_like(M)
    for _ in range(maxiter):
        for h in range(n_matrices):
            s = np.mod(np.arange(h, h + n_matrices - 1) + 1, n_matrices)
            M_iter[h] = mean_alm(M[s], sample_weight=sample_weight[s])

        norm_iter = np.linalg.norm(M_iter[0] - M[0], ord=2)
        norm_c = np.linalg.norm(M[0], ord=2)
        if (norm_iter / norm_c) < tol:
            break
        M = M_iter.copy()
    else:
        warnings.warn("Convergence not reached", stacklevel=2)

    return np.mean(M_iter, axis=0)


def mean_chol(X, sample_weight=None, **kwargs):
    L = mean_euclid(np.linalg.cholesky(X), sample_weight=sample_weight)
    return L @ ctranspose(L)


def mean_euclid(X, sample_weight=None, **kwargs):
    return np.average(X, axis=-3, weights=sample_weight)


def mean_harmonic(X, sample_weight=None, **kwargs):
    eye_n = np.eye(X.shape[-1])
    X_inv = np.linalg.solve(X, eye_n)
    M_inv = mean_euclid(X_inv, sample_weight=sample_weight)
    M = np.linalg.solve(M_inv, eye_n)
    return M


def mean_kullback_sym(X, sample_weight=None, **kwargs):
    M_euclid = mean_euclid(X, sample_weight=sample_weight)
    M_harmonic = mean_harmonic(X, sample_weight=sample_weight)
    M = geodesic_riemann(M_euclid, M_harmonic, 0.5)
    return M


def mean_logchol(X, sample_weight=None, **kwargs):
    n_matrices, n = X.shape[-3], X.shape[-1]
    sample_weight = check_weights(sample_weight, n_matrices)

    X_chol = np.linalg.cholesky(X)
    L = np.zeros(X.shape[:-3] + X.shape[-2:], dtype=X.dtype)

    tri0, tri1 = np.tril_indices(n, -1)
    L[..., tri0, tri1] = np.average(
        X_chol[..., tri0, tri1],
        axis=-2,
        weights=sample_weight,
    )

    diag0, diag1 = np.diag_indices(n)
    L[..., diag0, diag1] = np.exp(np.average(
        np.log(X_chol[..., diag0, diag1]),
        axis=-2,
        weights=sample_weight,
    ))

    return L @ ctranspose(L)


@_vectorize_nd(n_axes=3)
def mean_logdet(X, *, tol=10e-5, maxiter=50, init=None, sample_weight=None):
    n_matrices, n, _ = X.shape
    sample_weight = check_weights(sample_weight, n_matrices)
    if init is None:
        M = mean_euclid(X, sample_weight=sample_weight)
    else:
        M = check_init(init, n)
    eye_n = np.eye(n)

    for _ in range(maxiter):
        X_inv = np.linalg.solve(0.5 * X + 0.5 * M, eye_n)
        J = np.einsum("a,abc->bc", sample_weight, X_inv)
        Mnew = np.linalg.solve(J, eye_n)

        crit = np.linalg.norm(Mnew - M, ord="fro")
        M = Mnew
        if crit <= tol:
            break
    else:
        warnings.warn("Convergence not reached", stacklevel=2)

    return M


def mean_logeuclid(X, sample_weight=None, **kwargs):
    M = expm(mean_euclid(logm(X), sample_weight=sample_weight))
    return M


@_vectorize_nd(n_axes=3)
def mean_power(X, p, *, sample_weight=None, zeta=10e-10, maxiter=100,
               init=None):
    if not isinstance(p, (int, float)):
        raise ValueError(f"Exponent p must be a scalar (Got {type(p)})")
    if p < -1 or 1 < p:
        raise ValueError("Exponent p must be in [-1,+1]")

    if p == 1:
        return mean_euclid(X, sample_weight=sample_weight)
    if p == 0:
        return mean_riemann(
            X,
            sample_weight=sample_weight,
            init=init,
            tol=zeta,
            maxiter=maxiter,
        )
    if p == -1:
        return mean_harmonic(X, sample_weight=sample_weight)

    n_matrices, n, _ = X.shape
    sample_weight = check_weights(sample_weight, n_matrices)
    phi = 0.375 / np.abs(p)
    if init is None:
        G = powm(np.einsum("a,abc->bc", sample_weight, powm(X, p)), 1/p)
    else:
        G = check_init(init, n)
    if p > 0:
        K = invsqrtm(G)
    else:
        K = sqrtm(G)

    eye_n, sqrt_n = np.eye(n), np.sqrt(n)
    for _ in range(maxiter):
        H = np.einsum(
            "a,abc->bc",
            sample_weight,
            powm(K @ powm(X, np.sign(p)) @ K.conj().T, np.abs(p))
        )
        K = powm(H, -phi) @ K

        crit = np.linalg.norm(H - eye_n) / sqrt_n
        if crit <= zeta:
            break
    else:
        warnings.warn("Convergence not reached", stacklevel=2)

    M = ctranspose(K) @ K
    if p > 0:
        M = np.linalg.solve(M, eye_n)

    return M


@_vectorize_nd(n_axes=3)
def mean_poweuclid(X, p, *, sample_weight=None, **kwargs):
    if not isinstance(p, (int, float)):
        raise ValueError(f"Exponent p must be a scalar (Got {type(p)})")

    if p == 1:
        return mean_euclid(X, sample_weight=sample_weight)
    if p == 0:
        return mean_logeuclid(X, sample_weight=sample_weight)
    if p == -1:
        return mean_harmonic(X, sample_weight=sample_weight)

    M = powm(mean_euclid(powm(X, p), sample_weight=sample_weight), 1/p)
    return M


@_vectorize_nd(n_axes=3)
def mean_riemann(X, *, tol=10e-9, maxiter=50, init=None, sample_weight=None):
    n_matrices, n, _ = X.shape
    sample_weight = check_weights(sample_weight, n_matrices)
    if init is None:
        M = mean_euclid(X, sample_weight=sample_weight)
    else:
        M = check_init(init, n)

    nu = 1.0
    tau = np.finfo(np.float64).max
    for _ in range(maxiter):
        M12, Mm12 = sqrtm(M), invsqrtm(M)
        J = np.einsum("a,abc->bc", sample_weight, logm(Mm12 @ X @ Mm12))
        M = M12 @ expm(nu * J) @ M12

        crit = np.linalg.norm(J, ord="fro")
        h = nu * crit
        if h < tau:
            nu = 0.95 * nu
            tau = h
        else:
            nu = 0.5 * nu
        if crit <= tol or nu <= tol:
            break
    else:
        warnings.warn("Convergence not reached", stacklevel=2)

    return M


@_vectorize_nd(n_axes=3)
def mean_thompson(X, *, tol=1e-6, maxiter=50, init=None, sample_weight=None):
    n_matrices, n, _ = X.shape
    if init is None:
        M = mean_euclid(X)
    else:
        M = check_init(init, n)

    for i in range(maxiter):
        Mnew = geodesic_thompson(M, X[i % n_matrices], 1 / (i + 2))

        crit = np.linalg.norm(Mnew - M, ord="fro")
        M = Mnew
        if crit <= tol:
            break
    else:
        warnings.warn("Convergence not reached", stacklevel=2)

    return M


@_vectorize_nd(n_axes=3)
def mean_wasserstein(X, tol=10e-9, maxiter=50, init=None, sample_weight=None):
    n_matrices, n, _ = X.shape
    sample_weight = check_weights(sample_weight, n_matrices)
    if init is None:
        init = mean_euclid(X, sample_weight=sample_weight)
    else:
        init = check_init(init, n)
    M = init

    for _ in range(maxiter):
        X_ts = log_map_wasserstein(X, M)
        J = np.einsum("a,abc->bc", sample_weight, X_ts)
        M = exp_map_wasserstein(J, M)
        crit = np.linalg.norm(J)
        if crit <= tol:
            break
    else:
        warnings.warn("Convergence not reached", stacklevel=2)

    return M


###############################################################################


mean_functions = {
    "ale": mean_ale,
    "alm": mean_alm,
    "chol": mean_chol,
    "euclid": mean_euclid,
    "harmonic": mean_harmonic,
    "kullback_sym": mean_kullback_sym,
    "logdet": mean_logdet,
    "logchol": mean_logchol,
    "logeuclid": mean_logeuclid,
    "power": mean_power,
    "poweuclid": mean_poweuclid,
    "riemann": mean_riemann,
    "thompson": mean_thompson,
    "wasserstein": mean_wasserstein,
}


def gmean(X, *args, metric="riemann", sample_weight=None, **kwargs):
    mean_function = check_function(metric, mean_functions)
    M = mean_function(
        X,
        *args,
        sample_weight=sample_weight,
        **kwargs,
    )
    return M


@deprecated(
    "mean_covariance() is deprecated and will be removed in 0.13.0; "
    "please use gmean()."
)
def mean_covariance(X, *args, metric="riemann", sample_weight=None, **kwargs):
    return gmean(X, *args, metric="riemann", sample_weight=None, **kwargs)


###############################################################################


def _get_mask_from_nan(X):
    nan_col = np.all(np.isnan(X), axis=0)
    nan_row = np.all(np.isnan(X), axis=1)
    if not np.array_equal(nan_col, nan_row):
        raise ValueError("NaN values are not symmetric.")
    nan_inds = np.where(nan_col)
    subX_ = np.delete(X, nan_inds, axis=0)
    subX = np.delete(subX_, nan_inds, axis=1)
    if np.any(np.isnan(subX)):
        raise ValueError("NaN values must fill rows and columns.")
    mask = np.delete(np.eye(X.shape[0]), nan_inds, axis=1)
    return mask


def _get_masks_from_nan(X):
    return [_get_mask_from_nan(x) for x in X]


def _apply_masks(X, masks):
    return [m.T @ x @ m for x, m in zip(X, masks)]


@_vectorize_nd(n_axes=3)
def maskedmean_riemann(X, masks, *, tol=10e-9, maxiter=100, init=None,
                       sample_weight=None):
    n_matrices, n, _ = X.shape
    sample_weight = check_weights(sample_weight, n_matrices)
    maskedX = _apply_masks(X, masks)
    if init is None:
        M = np.eye(n)
    else:
        M = check_init(init, n)

    nu = 1.0
    tau = np.finfo(np.float64).max
    for _ in range(maxiter):
        maskedM = _apply_masks(np.tile(M, (n_matrices, 1, 1)), masks)
        J = np.zeros((n, n), dtype=X.dtype)
        for i in range(n_matrices):
            M12, Mm12 = sqrtm(maskedM[i]), invsqrtm(maskedM[i])
            tmp = M12 @ logm(Mm12 @ maskedX[i] @ Mm12) @ M12
            J += sample_weight[i] * masks[i] @ tmp @ masks[i].T
        M12, Mm12 = sqrtm(M), invsqrtm(M)
        M = M12 @ expm(Mm12 @ (nu * J) @ Mm12) @ M12

        crit = np.linalg.norm(J, ord="fro")
        h = nu * crit
        if h < tau:
            nu = 0.95 * nu
            tau = h
        else:
            nu = 0.5 * nu
        if crit <= tol or nu <= tol:
            break
    else:
        warnings.warn("Convergence not reached", stacklevel=2)

    return M


@_vectorize_nd(n_axes=3)
def nanmean_riemann(X, tol=10e-9, maxiter=100, init=None, sample_weight=None):
    n_matrices, n, _ = X.shape
    if init is None:
        init = np.nanmean(X, axis=0) + 1e-6 * np.eye(n)
    else:
        init = check_init(init, n)

    M = maskedmean_riemann(
        np.nan_to_num(X),  # avoid nan contamination in matmul
        _get_masks_from_nan(X),
        tol=tol,
        maxiter=maxiter,
        init=init,
        sample_weight=sample_weight
    )
    return M



# --- pyriemann/utils/median.py --------------------------------------------------------------------------------------

def median_euclid(X, *, tol=10e-6, maxiter=50, init=None, weights=None):
    n_matrices, _, _ = X.shape
    weights = check_weights(weights, n_matrices)
    if init is None:
        M = mean_euclid(X, sample_weight=weights)
    else:
        M = init

    for _ in range(maxiter):
        dists = distance(X, M, metric="euclid")[:, 0]
        is_zero = (dists == 0)

        w = weights[~is_zero] / dists[~is_zero]
        Mnew = mean_euclid(X[~is_zero], sample_weight=w)  # Eq(2.4) of [2]

        n_zeros = np.sum(is_zero)
        if n_zeros > 0:
            R = np.einsum("a,abc->bc", w, X[~is_zero] - M)  # Eq(2.7)
            r = np.linalg.norm(R, ord="fro")
            rinv = 0 if r == 0 else np.mean(weights[is_zero]) / r
            Mnew = max(0, 1 - rinv) * Mnew + min(1, rinv) * M  # Eq(2.6)

        crit = np.linalg.norm(Mnew - M, ord="fro")
        M = Mnew
        if crit <= tol:
            break
    else:
        warnings.warn("Convergence not reached")

    return M


def median_riemann(
    X,
    *,
    tol=10e-6,
    maxiter=50,
    init=None,
    weights=None,
    step_size=1,
):
    if not 0 < step_size <= 2:
        raise ValueError(
            f"Value step_size must be included in (0, 2] (Got {step_size})"
        )
    n_matrices, _, _ = X.shape
    weights = check_weights(weights, n_matrices)
    if init is None:
        M = mean_euclid(X, sample_weight=weights)
    else:
        M = init

    for _ in range(maxiter):
        dists = distance(X, M, metric="riemann")[:, 0]
        is_zero = (dists == 0)
        w = weights[~is_zero] / dists[~is_zero]

        # Eq(11) of [1]
        M12, Mm12 = sqrtm(M), invsqrtm(M)
        tangvecs = logm(Mm12 @ X[~is_zero] @ Mm12)
        J = np.einsum("a,abc->bc", w / np.sum(w), tangvecs)
        M = M12 @ expm(step_size * J) @ M12

        crit = np.linalg.norm(J, ord="fro")
        if crit <= tol:
            break
    else:
        warnings.warn("Convergence not reached")

    return M



# --- wrappers: the calling convention (keyword settings as constants) -----------------------------------------------

def mean_riemann_two_iterations(X):
    return mean_riemann(X, maxiter=2)


def mean_logdet_loose(X):
    return mean_logdet(X, tol=0.1)


def powm_half(C):
    return powm(C, 0.5)


def powm_neg(C):
    return powm(C, -0.3)


def nearest_sym_pos_def_default(X):
    return nearest_sym_pos_def(X)


def distance_riemann_squared(A, B):
    return distance_riemann(A, B, squared=True)


def distance_poweuclid_half(A, B):
    return distance_poweuclid(A, B, 0.5)


def distance_poweuclid_zero(A, B):
    return distance_poweuclid(A, B, 0)


def distance_wasserstein_squared(A, B):
    return distance_wasserstein(A, B, squared=True)


def distance_metric_logeuclid(A, B):
    return distance(A, B, metric="logeuclid")


def distance_metric_kullback(A, B):
    return distance(A, B, metric="kullback", squared=True)


def pairwise_riemann(X, Y):
    return pairwise_distance(X, Y, metric="riemann")


def pairwise_riemann_self(X):
    return pairwise_distance(X, None, metric="riemann", squared=True)





def pairwise_thompson(X, Y):
    return pairwise_distance(X, Y, metric="thompson")


def mahalanobis(X, cov, mean):
    return distance_mahalanobis(X, cov, mean=mean)


def mahalanobis_no_mean(X, cov):
    return distance_mahalanobis(X, cov, squared=True)


def geodesic_riemann_third(A, B):
    return geodesic_riemann(A, B, alpha=1 / 3)


def geodesic_metric_wasserstein(A, B):
    return geodesic(A, B, 0.3, metric="wasserstein")


def exp_map_riemann_cm12(X, Cref):
    return exp_map_riemann(X, Cref, Cm12=True)


def log_map_riemann_c12(X, Cref):
    return log_map_riemann(X, Cref, C12=True)


def tangent_space_riemann(X, Cref):
    return tangent_space(X, Cref, metric="riemann")


def tangent_space_logchol(X, Cref):
    return tangent_space(X, Cref, metric="logchol")


def untangent_space_riemann(T, Cref):
    return untangent_space(T, Cref, metric="riemann")


def norm_riemann(X, Cref):
    return norm(X, Cref, metric="riemann")


def innerproduct_metric_logeuclid(X, Y, Cref):
    return innerproduct(X, Y, Cref, metric="logeuclid")


def transport_metric_riemann(X, A, B):
    return transport(X, A, B, metric="riemann")


def rjd_default(X):
    return rjd(X)


def ajd_pham_default(X):
    return ajd_pham(X)


def ajd_pham_weighted(X, w):
    return ajd_pham(X, sample_weight=w)


def uwedge_default(X):
    return uwedge(X)


def ajd_rjd(X):
    return ajd(X, method="rjd")


def mean_ale_default(X):
    return mean_ale(X)


def mean_alm_default(X):
    return mean_alm(X)


def mean_logdet_default(X):
    return mean_logdet(X)


def mean_power_half(X):
    return mean_power(X, 0.5)


def mean_power_neg(X, w):
    return mean_power(X, -0.25, sample_weight=w)


def mean_poweuclid_third(X):
    return mean_poweuclid(X, 1 / 3)


def mean_riemann_default(X):
    return mean_riemann(X)


def mean_riemann_weighted_init(X, w, init):
    return mean_riemann(X, sample_weight=w, init=init)


def mean_riemann_batch(X):
    return mean_riemann(X)


def mean_thompson_default(X):
    return mean_thompson(X)


def mean_wasserstein_default(X):
    return mean_wasserstein(X)


def gmean_logeuclid(X):
    return gmean(X, metric="logeuclid")


def gmean_power(X):
    return gmean(X, 0.6, metric="power")


def nanmean_riemann_default(X):
    return nanmean_riemann(X)


def median_euclid_default(X):
    return median_euclid(X)


def median_riemann_default(X):
    return median_riemann(X)


def median_riemann_step(X, w):
    return median_riemann(X, weights=w, step_size=0.5)


# --- the cases --------------------------------------------------------------------------------------------------------

K, NN = 4, 3


def _set(rng, k=K):
    return np.stack([spd(rng, NN) for _ in range(k)])


def _one(rng):
    return spd(rng, NN)


def _sym(rng, k=K):
    a = rng.normal(size=(k, NN, NN))
    return (a + np.swapaxes(a, -2, -1)) / 2


def _w(rng):
    return rng.uniform(0.5, 2.0, size=K)


def _nan_set(rng):
    X = _set(rng)
    X[1, 2, :] = np.nan
    X[1, :, 2] = np.nan
    return X


def _near_spd(rng):
    a = rng.normal(size=(K, NN, NN))
    return (a + np.swapaxes(a, -2, -1)) / 2


def _u(rng):
    return rng.uniform(size=(K, NN * (NN + 1) // 2))


_b, _d, _g, _t, _a, _m = "base.py", "distance.py", "geodesic.py", "tangentspace.py", "ajd.py", "mean.py"

CASES = [
    # base.py
    case(expm, lambda rng: (_sym(rng),), PYR(_b, "expm")),
    case(invsqrtm, lambda rng: (_set(rng),), PYR(_b, "invsqrtm")),
    case(logm, lambda rng: (_set(rng),), PYR(_b, "logm")),
    case(sqrtm, lambda rng: (_set(rng),), PYR(_b, "sqrtm")),
    case(powm_half, lambda rng: (_set(rng),), PYR(_b, "powm", "alpha=0.5")),
    case(powm_neg, lambda rng: (_one(rng),), PYR(_b, "powm", "alpha=-0.3, one matrix")),
    case(nearest_sym_pos_def_default, lambda rng: (_near_spd(rng),), PYR(_b, "nearest_sym_pos_def", "indefinite symmetric inputs (the shifting loop)")),
    case(nearest_sym_pos_def_default, lambda rng: (_set(rng),), PYR(_b, "nearest_sym_pos_def", "SPD inputs (no shift needed)"), name="pyriemann.nearest_sym_pos_def_spd"),
    case(ddexpm, lambda rng: (_sym(rng), _one(rng)), PYR(_b, "ddexpm")),
    case(ddlogm, lambda rng: (_sym(rng), _one(rng)), PYR(_b, "ddlogm")),
    case(is_sym_pos_def, lambda rng: (_set(rng),), PYR("test.py", "is_sym_pos_def")),
    case(is_hankel, lambda rng: (rng.normal(size=(NN, NN)),), PYR("test.py", "is_hankel")),
    # distance.py
    case(distance_chol, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_chol")),
    case(distance_euclid, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_euclid")),
    case(distance_harmonic, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_harmonic")),
    case(distance_kullback, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_kullback")),
    case(distance_kullback_right, lambda rng: (_one(rng), _one(rng)), PYR(_d, "distance_kullback_right")),
    case(distance_kullback_sym, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_kullback_sym")),
    case(distance_logchol, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_logchol")),
    case(distance_logdet, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_logdet")),
    case(distance_logeuclid, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_logeuclid")),
    case(distance_poweuclid_half, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_poweuclid", "p=0.5")),
    case(distance_poweuclid_zero, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_poweuclid", "p=0 (log-Euclid)")),
    case(distance_riemann, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_riemann")),
    case(distance_riemann_squared, lambda rng: (_one(rng), _one(rng)), PYR(_d, "distance_riemann", "squared=True, one pair")),
    case(distance_thompson, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_thompson")),
    case(distance_wasserstein, lambda rng: (_set(rng), _set(rng)), PYR(_d, "distance_wasserstein")),
    case(distance_wasserstein_squared, lambda rng: (_one(rng), _one(rng)), PYR(_d, "distance_wasserstein", "squared=True")),
    case(distance_metric_logeuclid, lambda rng: (_set(rng), _one(rng)), PYR(_d, "distance", "metric='logeuclid'")),
    case(distance_metric_kullback, lambda rng: (_set(rng), _one(rng)), PYR(_d, "distance", "metric='kullback', squared=True")),
    case(pairwise_riemann, lambda rng: (_set(rng), _set(rng, 3)), PYR(_d, "pairwise_distance", "metric='riemann'")),
    case(pairwise_riemann_self, lambda rng: (_set(rng),), PYR(_d, "pairwise_distance", "metric='riemann', Y=None, squared=True")),
    case(pairwise_thompson, lambda rng: (_set(rng), _set(rng, 3)), PYR(_d, "pairwise_distance", "metric='thompson' (the double loop)")),
    case(mahalanobis, lambda rng: (rng.normal(size=(NN, 6)), _one(rng), rng.normal(size=(NN, 1))), PYR(_d, "distance_mahalanobis")),
    case(mahalanobis_no_mean, lambda rng: (rng.normal(size=(NN, 6)), _one(rng)), PYR(_d, "distance_mahalanobis", "mean=None, squared=True")),
    # geodesic.py
    case(geodesic_chol, lambda rng: (_set(rng), _set(rng)), PYR(_g, "geodesic_chol")),
    case(geodesic_euclid, lambda rng: (_set(rng), _set(rng)), PYR(_g, "geodesic_euclid")),
    case(geodesic_logchol, lambda rng: (_set(rng), _set(rng)), PYR(_g, "geodesic_logchol")),
    case(geodesic_logeuclid, lambda rng: (_set(rng), _set(rng)), PYR(_g, "geodesic_logeuclid")),
    case(geodesic_riemann_third, lambda rng: (_set(rng), _set(rng)), PYR(_g, "geodesic_riemann", "alpha=1/3")),
    case(geodesic_thompson, lambda rng: (_set(rng), _set(rng)), PYR(_g, "geodesic_thompson")),
    case(geodesic_wasserstein, lambda rng: (_set(rng), _set(rng)), PYR(_g, "geodesic_wasserstein")),
    case(geodesic_metric_wasserstein, lambda rng: (_one(rng), _one(rng)), PYR(_g, "geodesic", "alpha=0.3, metric='wasserstein'")),
    # tangentspace.py
    case(exp_map_euclid, lambda rng: (_sym(rng), _one(rng)), PYR(_t, "exp_map_euclid")),
    case(exp_map_logchol, lambda rng: (_sym(rng), _one(rng)), PYR(_t, "exp_map_logchol")),
    case(exp_map_logeuclid, lambda rng: (_sym(rng), _one(rng)), PYR(_t, "exp_map_logeuclid")),
    case(exp_map_riemann, lambda rng: (_sym(rng), _one(rng)), PYR(_t, "exp_map_riemann")),
    case(exp_map_riemann_cm12, lambda rng: (_sym(rng), _one(rng)), PYR(_t, "exp_map_riemann", "Cm12=True")),
    case(exp_map_wasserstein, lambda rng: (_sym(rng), _one(rng)), PYR(_t, "exp_map_wasserstein")),
    case(log_map_euclid, lambda rng: (_set(rng), _one(rng)), PYR(_t, "log_map_euclid")),
    case(log_map_logchol, lambda rng: (_set(rng), _one(rng)), PYR(_t, "log_map_logchol")),
    case(log_map_logeuclid, lambda rng: (_set(rng), _one(rng)), PYR(_t, "log_map_logeuclid")),
    case(log_map_riemann, lambda rng: (_set(rng), _one(rng)), PYR(_t, "log_map_riemann")),
    case(log_map_riemann_c12, lambda rng: (_set(rng), _one(rng)), PYR(_t, "log_map_riemann", "C12=True")),
    case(log_map_wasserstein, lambda rng: (_set(rng), _one(rng)), PYR(_t, "log_map_wasserstein")),
    case(upper, lambda rng: (_sym(rng),), PYR(_t, "upper")),
    case(unupper, lambda rng: (_u(rng),), PYR(_t, "unupper")),
    case(tangent_space_riemann, lambda rng: (_set(rng), _one(rng)), PYR(_t, "tangent_space", "metric='riemann'")),
    case(tangent_space_logchol, lambda rng: (_set(rng), _one(rng)), PYR(_t, "tangent_space", "metric='logchol'")),
    case(untangent_space_riemann, lambda rng: (_u(rng), _one(rng)), PYR(_t, "untangent_space", "metric='riemann'")),
    case(innerproduct_euclid, lambda rng: (_sym(rng), _sym(rng)), PYR(_t, "innerproduct_euclid")),
    case(innerproduct_logeuclid, lambda rng: (_sym(rng), _sym(rng), _one(rng)), PYR(_t, "innerproduct_logeuclid")),
    case(innerproduct_riemann, lambda rng: (_sym(rng), _sym(rng), _one(rng)), PYR(_t, "innerproduct_riemann")),
    case(innerproduct_metric_logeuclid, lambda rng: (_sym(rng), _sym(rng), _one(rng)), PYR(_t, "innerproduct", "metric='logeuclid'")),
    case(norm_riemann, lambda rng: (_sym(rng), _one(rng)), PYR(_t, "norm", "metric='riemann'")),
    case(transport_euclid, lambda rng: (_sym(rng),), PYR(_t, "transport_euclid")),
    case(transport_logchol, lambda rng: (_sym(rng), _one(rng), _one(rng)), PYR(_t, "transport_logchol")),
    case(transport_logeuclid, lambda rng: (_sym(rng), _one(rng), _one(rng)), PYR(_t, "transport_logeuclid")),
    case(transport_riemann, lambda rng: (_sym(rng), _one(rng), _one(rng)), PYR(_t, "transport_riemann")),
    case(transport_metric_riemann, lambda rng: (_sym(rng), _one(rng), _one(rng)), PYR(_t, "transport", "metric='riemann'")),
    # ajd.py
    case(rjd_default, lambda rng: (_set(rng),), PYR(_a, "rjd")),
    case(ajd_pham_default, lambda rng: (_set(rng),), PYR(_a, "ajd_pham")),
    case(ajd_pham_weighted, lambda rng: (_set(rng), _w(rng)), PYR(_a, "ajd_pham", "sample_weight given")),
    case(uwedge_default, lambda rng: (_set(rng),), PYR(_a, "uwedge")),
    case(ajd_rjd, lambda rng: (_set(rng),), PYR(_a, "ajd", "method='rjd'")),
    # mean.py
    case(mean_ale_default, lambda rng: (_set(rng),), PYR(_m, "mean_ale")),
    case(mean_alm_default, lambda rng: (_set(rng, 3),), PYR(_m, "mean_alm", "3 matrices (the recursive ALM)")),
    case(mean_chol, lambda rng: (_set(rng),), PYR(_m, "mean_chol")),
    case(mean_euclid, lambda rng: (_set(rng), _w(rng)), PYR(_m, "mean_euclid", "sample_weight given")),
    case(mean_harmonic, lambda rng: (_set(rng),), PYR(_m, "mean_harmonic")),
    case(mean_kullback_sym, lambda rng: (_set(rng),), PYR(_m, "mean_kullback_sym")),
    case(mean_logchol, lambda rng: (_set(rng),), PYR(_m, "mean_logchol")),
    case(mean_logdet_default, lambda rng: (_set(rng),), PYR(_m, "mean_logdet")),
    case(mean_logeuclid, lambda rng: (_set(rng),), PYR(_m, "mean_logeuclid")),
    case(mean_power_half, lambda rng: (_set(rng),), PYR(_m, "mean_power", "p=0.5")),
    case(mean_power_neg, lambda rng: (_set(rng), _w(rng)), PYR(_m, "mean_power", "p=-0.25, sample_weight given")),
    case(mean_poweuclid_third, lambda rng: (_set(rng),), PYR(_m, "mean_poweuclid", "p=1/3")),
    case(mean_riemann_default, lambda rng: (_set(rng),), PYR(_m, "mean_riemann")),
    case(mean_riemann_weighted_init, lambda rng: (_set(rng), _w(rng), _one(rng)), PYR(_m, "mean_riemann", "sample_weight and init given")),
    case(mean_riemann_batch, lambda rng: (np.stack([_set(rng) for _ in range(2)]),), PYR(_m, "mean_riemann", "a batch of 2 sets (the _vectorize_nd loop)")),
    case(mean_riemann_two_iterations, lambda rng: (_set(rng),), PYR(_m, "mean_riemann", "maxiter=2 (the for-else warning)")),
    case(mean_logdet_loose, lambda rng: (_set(rng),), PYR(_m, "mean_logdet", "tol=0.1 (an early break)")),
    case(mean_thompson_default, lambda rng: (_set(rng),), PYR(_m, "mean_thompson")),
    case(mean_wasserstein_default, lambda rng: (_set(rng),), PYR(_m, "mean_wasserstein")),
    case(gmean_logeuclid, lambda rng: (_set(rng),), PYR(_m, "gmean", "metric='logeuclid'")),
    case(gmean_power, lambda rng: (_set(rng),), PYR(_m, "gmean", "p=0.6, metric='power'")),
    case(nanmean_riemann_default, lambda rng: (_nan_set(rng),), PYR(_m, "nanmean_riemann", "one matrix with a NaN row and column")),
    # median.py
    case(median_euclid_default, lambda rng: (_set(rng),), PYR("median.py", "median_euclid")),
    case(median_riemann_default, lambda rng: (_set(rng),), PYR("median.py", "median_riemann")),
    case(median_riemann_step, lambda rng: (_set(rng), _w(rng)), PYR("median.py", "median_riemann", "weights given, step_size=0.5")),
]
