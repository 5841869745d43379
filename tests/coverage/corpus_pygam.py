"""pyGAM's generalized additive models (dswah/pyGAM, statistics): ``utils.py``'s vectorised De Boor recursion
``b_spline_basis`` (``if scale == 0: scale = 1`` on the knots' span, ``x % (1 + 1e-9)`` for a periodic basis, the Haar
basis made by comparisons and ``.astype(int)``, a ``for m in range(2, spline_order + 2)`` loop over degrees that keeps
``prev_bases``, ``if periodic and spline_order > 0`` folding the extra splines back with ``np.max([...], axis=0)``, and
the linear extrapolation past the edge knots: ``if (any(x_extrapolte_r) or any(x_extrapolte_l)) and spline_order > 0``
with masked writes ``bases[~x_interpolate] = 0.0`` and ``bases[x_extrapolte_l] = val``), ``gen_edge_knots`` (``if
knots[0] == knots[1] and verbose: warnings.warn``), ``ylogydu`` (``out[mask] = y[mask] * np.log(...)``),
``round_to_n_decimal_places`` (``issubclass(array.__class__, float) and "%.e" % array == str(array)``), ``sig_code``
(an ``if p_value < ...: return "***"`` chain), ``flatten`` (recursion on ``hasattr(obj, "__len__")``),
``tensor_product``, ``cholesky`` (scikit-sparse absent: ``sp.linalg.cholesky`` in a ``try`` turning ``LinAlgError``
into ``NotPositiveDefiniteError``), ``check_array`` / ``make_2d``, ``check_y`` (``with warnings.catch_warnings()``,
``if np.any(np.isnan(link.link(y, dist))): raise``) and ``get_link_domain`` (a constant array masked by
``~np.isnan(...)`` of the link); ``penalties.py``'s P-spline penalties (``sparse_diff`` recursing on ``n``, the
periodic wrap through ``lil`` slices, ``monotonicity_`` / ``convexity_`` with ``if increasing:`` / ``if convex:``
choosing the sign of ``np.diff(coef) < 0``, ``wrap_penalty``'s closure); ``links.py``'s identity, logit, log and
inverse links; ``distributions.py``'s Normal, Binomial, Poisson, Gamma and inverse Gaussian families (``V`` and
``deviance`` through the ``divide_weights`` / ``multiply_weights`` decorators with ``if weights is None``, ``if
scaled: dev /= self.scale``, ``phi``'s ``if self._known_scale``, ``log_pdf`` by ``scipy.stats``); and ``pygam.py``'s
fitting: ``_pseudo_data``, ``_W``, ``_mask`` (``if mask.sum() == 0: raise``), ``_initial_estimate`` (``isinstance(self,
LinearGAM)``), ``_cholesky`` (a ``while`` loop around a ``try`` / ``except NotPositiveDefiniteError`` that raises the
diagonal loading tenfold), ``_estimate_GCV_UBRE`` (``if self.distribution._known_scale``: UBRE, with pyGAM's
``(~add_scale)`` on a bool, else GCV), ``_estimate_AIC`` / ``_estimate_AICc`` / ``_estimate_r2``, the p-values
(``sp.linalg.pinv(cov, return_rank=True)``, chi-squared or F) and the PIRLS loop ``_pirls`` (``for _ in
range(self.max_iter)``, masks of the weights, QR and SVD, ``self._on_loop_start(vars())``, ``if diff < self.tol:
break``) with ``_estimate_model_statistics`` (dswah/pyGAM, Apache-2.0).

Copied from dswah/pyGAM at b6a48ab5d1ef7df07ce2a34bbe572bca75e83e7d (its ``LICENSE`` is the Apache License 2.0):
from ``pygam/utils.py`` the two exception classes, ``cholesky``, ``make_2d``, ``check_array``, ``check_y``,
``get_link_domain``, ``load_diagonal``, ``round_to_n_decimal_places``, ``sig_code``, ``gen_edge_knots``,
``b_spline_basis``, ``ylogydu``, ``isiterable``, ``flatten`` and ``tensor_product`` (with its ``try: from
sksparse.cholmod import ...`` / ``SKSPIMPORT``); ``pygam/penalties.py`` (all: ``derivative`` ... ``sparse_diff``,
``PENALTIES``, ``CONSTRAINTS``); ``pygam/links.py`` (all the link classes); ``pygam/distributions.py`` (all: the two
decorators and the six classes, ``sample`` included though no case calls it); ``pygam/core.py``'s ``Core.__init__``;
from ``pygam/terms.py`` the members of ``Term`` (``isintercept``, ``hasconstraint``, ``build_penalties``),
``Intercept`` and ``SplineTerm`` (``n_coefs``, ``compile``, ``build_columns``) and ``TermList`` (``__len__``,
``__getitem__``, ``hasconstraint``, ``n_coefs``, ``get_coef_indices``, ``build_columns``, ``build_penalties``) that the
PIRLS loop reaches; from ``pygam/pygam.py`` ``EPS`` and the ``GAM`` methods ``_is_fitted`` ... ``_compute_p_value``
listed in the class below. In the files' order; docstrings dropped (the exception classes keep theirs, their
only body), comments kept.

Adapted, beyond that:

* the files share this module's names (``from pygam.utils import ...`` and the like are not needed); ``utils.py``'s
  ``from scipy import sparse`` (unused by the functions copied) is not taken; ``import scipy.linalg`` /
  ``scipy.sparse`` / ``scipy.stats`` are added so that ``sp.linalg`` and the rest resolve as pyGAM's ``import scipy
  as sp`` reaches them;
* the classes ``GAM``, ``Term``, ``Intercept``, ``SplineTerm`` and ``TermList`` are stand-ins holding only the members
  copied (``GAM`` derives from ``Core`` alone, without ``MetaTermMixin``); ``LinearGAM`` is an empty subclass, there
  for ``_initial_estimate``'s ``isinstance``; ``GAM._modelmat`` drops its ``check_X(...)`` call and keeps its
  ``return self.terms.build_columns(X, term=term)``; ``_pirls``' ``print("did not converge")`` is dropped (its
  ``return`` kept);
* a keyword setting (``sparse=False``, ``periodic=...``, ``derivative=...``, ``fit_linear=True``, a
  link and a distribution) is a one-line wrapper named after the case; where the upstream function returns a
  ``scipy.sparse`` matrix the wrapper returns ``.toarray()``; the ``GAM`` wrappers make the model with ``__new__``
  (``_gam``: the internal settings of ``GAM.__init__``, no callbacks) and the terms ``s(0) + intercept`` as
  ``TermList`` holds them (``_spline_terms``), set ``coef_`` and ``statistics_`` from the case's arrays, and return
  what the method computes or stores (``_pirls``' wrappers call ``compile`` on the terms as ``fit`` does, then return
  ``coef_`` and the statistics).

The inputs: 25 points on (0.2, 9.8) with edge knots [0, 10] given as a list (the knots as an array in
``b_spline_basis_array_knots``), and 26 points of which 3 lie below 0 and 3 above 10 for the extrapolation (8 splines
of order 3; 6 of order 0 for the Haar basis); counts with zeros every fourth sample for ``ylogydu`` and the Poisson
deviance; binary and 0-3 responses for the logit link and the binomial family; positive means and weights on (0.5,
3); effective degrees of freedom in (4, 7); weights holding 1e-10, inf, NaN and 0 for ``_mask``; a symmetric
positive definite matrix, and one whose smallest eigenvalue is -0.05 (``_cholesky`` tries the loadings 1e-3, 1e-2 and
1e-1, and eager NumPy succeeds at the third); dense model matrices of 6 B-splines and an intercept on 30 points;
coefficient covariances of 9 coefficients; for the PIRLS loop 60 sorted points on (0, 10) with ``sin(x)`` plus noise
(the linear model converges in 2 iterations) or Poisson counts of ``exp(1 + sin(x))`` with weights (5 iterations).
"""

# ruff: noqa: B006, B028, B904, E501, UP004, UP008, UP031, UP032, W291, W293
from __future__ import annotations

import numbers
import warnings
from abc import ABCMeta, abstractmethod
from collections import OrderedDict, defaultdict
from copy import deepcopy
from functools import wraps

import numpy as np
import scipy as sp
import scipy.linalg  # noqa: F401  (``sp.linalg``, ``sp.sparse`` and ``sp.stats`` as pyGAM's ``import scipy as sp`` reaches them)
import scipy.sparse  # noqa: F401
import scipy.stats  # noqa: F401
from numpy.linalg import LinAlgError

from tests.coverage.cases import PYGAM, Source, case, spd


def PG(path: str, original: str, note: str = "") -> Source:
    return Source(PYGAM, "pygam/" + path, original, note)


# --- pygam/utils.py ---

try:
    from sksparse.cholmod import cholesky as spcholesky
    from sksparse.test_cholmod import CholmodNotPositiveDefiniteError

    SKSPIMPORT = True
except ImportError:
    SKSPIMPORT = False


class NotPositiveDefiniteError(ValueError):
    """Exception class to raise if a matrix is not positive definite."""


class OptimizationError(ValueError):
    """Exception class to raise if PIRLS optimization fails."""


def cholesky(A, sparse=True, verbose=True):  # noqa: F811
    if SKSPIMPORT:
        A = sp.sparse.csc_array(A)
        try:
            F = spcholesky(A)

            # permutation matrix P
            P = sp.sparse.lil_array(A.shape)
            p = F.P()
            # require OWNDATA = True
            p = np.require(p, requirements="O")
            P[np.arange(len(p)), p] = 1

            # permute
            L = F.L()
            L = P.T.dot(L)
        except CholmodNotPositiveDefiniteError:
            raise NotPositiveDefiniteError("Matrix is not positive definite")

        if sparse:
            return L.T  # upper triangular factorization
        return L.T.toarray()  # upper triangular factorization

    else:
        msg = (
            "Could not import Scikit-Sparse or Suite-Sparse.\n"
            "This will slow down optimization for models with "
            "monotonicity/convexity penalties and many splines.\n"
            "See installation instructions for installing "
            "Scikit-Sparse and Suite-Sparse via Conda."
        )
        if verbose:
            warnings.warn(msg)

        if sp.sparse.issparse(A):
            A = A.toarray()

        try:
            L = sp.linalg.cholesky(A, lower=False)
        except LinAlgError:
            raise NotPositiveDefiniteError("Matrix is not positive definite")

        if sparse:
            return sp.sparse.csc_array(L)
        return L


def make_2d(array, verbose=True):
    array = np.asarray(array)
    if array.ndim < 2:
        msg = f"Expected 2D input data array, but found {array.ndim}D. Expanding to 2D."
        if verbose:
            warnings.warn(msg)
        array = np.atleast_1d(array)[:, None]
    return array


def check_array(
    array,
    force_2d=False,
    n_feats=None,
    ndim=None,
    min_samples=1,
    name="Input data",
    verbose=True,
):
    # make array
    if force_2d:
        array = make_2d(array, verbose=verbose)
        ndim = 2
    else:
        array = np.array(array)

    # cast to float
    dtype = array.dtype
    if dtype.kind not in ["i", "f"]:
        try:
            array = array.astype("float")
        except ValueError:
            raise ValueError(
                f"{name} must be type int or float, "
                f"but found type: {dtype.type}\n"
                "Try transforming data with a LabelEncoder first."
            )

    # check finite
    if not (np.isfinite(array).all()):
        raise ValueError(f"{name} must not contain Inf nor NaN")

    # check ndim
    if ndim is not None:
        if array.ndim != ndim:
            raise ValueError(
                f"{name} must have {ndim} dimensions. found shape {array.shape}"
            )

    # check n_feats
    if n_feats is not None:
        m = array.shape[1]
        if m != n_feats:
            raise ValueError(f"{name} must have {n_feats} features, but found {m}")

    # minimum samples
    n = array.shape[0]
    if n < min_samples:
        raise ValueError(
            f"{name} should have at least {min_samples} samples, but found {n}"
        )

    return array


def check_y(y, link, dist, min_samples=1, verbose=True):
    y = np.ravel(y)

    y = check_array(
        y,
        force_2d=False,
        min_samples=min_samples,
        ndim=1,
        name="y data",
        verbose=verbose,
    )

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")

        if np.any(np.isnan(link.link(y, dist))):
            raise ValueError(
                "y data is not in domain of {} link function. "
                "Expected domain: {}, but found {}".format(
                    link,
                    get_link_domain(link, dist),
                    [float("%.2f" % np.min(y)), float("%.2f" % np.max(y))],
                )
            )
    return y


def get_link_domain(link, dist):
    domain = np.array([-np.inf, -1, 0, 1, np.inf])
    domain = domain[~np.isnan(link.link(domain, dist))]
    return [domain[0], domain[-1]]


def load_diagonal(cov, load=None):
    n, m = cov.shape
    assert n == m, f"matrix must be square, but found shape {(n, m)}"

    if load is None:
        load = np.sqrt(np.finfo(np.float64).eps)  # machine epsilon
    return cov + np.eye(n) * load


def round_to_n_decimal_places(array, n=3):
    # check if in scientific notation
    if issubclass(array.__class__, float) and "%.e" % array == str(array):
        return array  # do nothing

    shape = np.shape(array)
    out = (np.atleast_1d(array) * 10**n).round().astype("int") / (10.0**n)
    return out.reshape(shape)


def sig_code(p_value):
    assert 0 <= p_value <= 1, "p_value must be on [0, 1]"
    if p_value < 0.001:
        return "***"
    if p_value < 0.01:
        return "**"
    if p_value < 0.05:
        return "*"
    if p_value < 0.1:
        return "."
    return " "


def gen_edge_knots(data, dtype, verbose=True):
    if dtype not in ["categorical", "numerical"]:
        raise ValueError(f"unsupported dtype: {dtype}")
    if dtype == "categorical":
        return np.r_[np.min(data) - 0.5, np.max(data) + 0.5]
    else:
        knots = np.r_[np.min(data), np.max(data)]
        if knots[0] == knots[1] and verbose:
            warnings.warn(
                "Data contains constant feature. "
                "Consider removing and setting fit_intercept=True",
                stacklevel=2,
            )
        return knots


def b_spline_basis(
    x,
    edge_knots,
    n_splines=20,
    spline_order=3,
    sparse=True,  # noqa: F811
    periodic=True,
    verbose=True,
):
    if np.ravel(x).ndim != 1:
        raise ValueError(f"Data must be 1-D, but found {np.ravel(x).ndim}")

    if (n_splines < 1) or not isinstance(n_splines, numbers.Integral):
        raise ValueError("n_splines must be int >= 1")

    if (spline_order < 0) or not isinstance(spline_order, numbers.Integral):
        raise ValueError("spline_order must be int >= 1")

    if n_splines < spline_order + 1:
        raise ValueError(
            "n_splines must be >= spline_order + 1. "
            f"found: n_splines = {n_splines} and spline_order = {spline_order}"
        )

    if n_splines == 0 and verbose:
        warnings.warn(
            "Requested 1 spline. This is equivalent to fitting an intercept",
            stacklevel=2,
        )

    n_splines += spline_order * periodic

    # rescale edge_knots to [0,1], and generate boundary knots
    edge_knots = np.sort(deepcopy(edge_knots))
    offset = edge_knots[0]
    scale = edge_knots[-1] - edge_knots[0]
    if scale == 0:
        scale = 1
    boundary_knots = np.linspace(0, 1, 1 + n_splines - spline_order)
    diff = np.diff(boundary_knots[:2])[0]

    # rescale x as well
    x = (np.ravel(deepcopy(x)) - offset) / scale

    # wrap periodic values
    if periodic:
        x = x % (1 + 1e-9)

    # append 0 and 1 in order to get derivatives for extrapolation
    x = np.r_[x, 0.0, 1.0]

    # determine extrapolation indices
    x_extrapolte_l = x < 0
    x_extrapolte_r = x > 1
    x_interpolate = ~(x_extrapolte_r + x_extrapolte_l)

    # formatting
    x = np.atleast_2d(x).T

    # augment knots
    aug = np.arange(1, spline_order + 1) * diff
    aug_knots = np.r_[-aug[::-1], boundary_knots, 1 + aug]
    aug_knots[-1] += 1e-9  # want last knot inclusive

    # prepare Haar Basis
    bases = (x >= aug_knots[:-1]).astype(int) * (x < aug_knots[1:]).astype(int)
    bases[-1] = bases[-2][::-1]  # force symmetric bases at 0 and 1

    # do recursion from Hastie et al. vectorized
    maxi = len(aug_knots) - 1
    for m in range(2, spline_order + 2):
        maxi -= 1

        # left sub-basis
        num = x - aug_knots[:maxi]
        num *= bases[:, :maxi]
        denom = aug_knots[m - 1 : maxi + m - 1] - aug_knots[:maxi]
        left = num / denom

        # right sub-basis
        num = (aug_knots[m : maxi + m] - x) * bases[:, 1 : maxi + 1]
        denom = aug_knots[m : maxi + m] - aug_knots[1 : maxi + 1]
        right = num / denom

        # track previous bases and update
        prev_bases = bases[-2:]
        bases = left + right

    if periodic and spline_order > 0:
        # make spline domain periodic
        bases[:, :spline_order] = np.max(
            [bases[:, :spline_order], bases[:, -spline_order:]], axis=0
        )
        # remove extra splines used only for ensuring correct domain
        bases = bases[:, :-spline_order]

    # extrapolate
    # since we have repeated end-knots, only the last 2 basis functions are
    # non-zero at the end-knots, and they have equal and opposite gradient.
    if (any(x_extrapolte_r) or any(x_extrapolte_l)) and spline_order > 0:
        bases[~x_interpolate] = 0.0

        denom = aug_knots[spline_order:-1] - aug_knots[: -spline_order - 1]
        left = prev_bases[:, :-1] / denom

        denom = aug_knots[spline_order + 1 :] - aug_knots[1:-spline_order]
        right = prev_bases[:, 1:] / denom

        grads = (spline_order) * (left - right)

        if any(x_extrapolte_l):
            val = grads[0] * x[x_extrapolte_l] + bases[-2]
            bases[x_extrapolte_l] = val
        if any(x_extrapolte_r):
            val = grads[1] * (x[x_extrapolte_r] - 1) + bases[-1]
            bases[x_extrapolte_r] = val
    # get rid of the added values at 0, and 1
    bases = bases[:-2]

    if sparse:
        return sp.sparse.csc_array(bases)

    return bases


def ylogydu(y, u):
    mask = np.atleast_1d(y) != 0.0
    out = np.zeros_like(u)
    out[mask] = y[mask] * np.log(y[mask] / u[mask])
    return out


def isiterable(obj, reject_string=True):
    iterable = hasattr(obj, "__len__")

    if reject_string:
        iterable = iterable and not isinstance(obj, str)

    return iterable


def flatten(iterable):
    if isiterable(iterable):
        flat = []
        for item in list(iterable):
            item = flatten(item)
            if not isiterable(item):
                item = [item]
            flat += item
        return flat
    else:
        return iterable


def tensor_product(a, b, reshape=True):
    assert a.ndim == 2, f"matrix a must be 2-dimensional, but found {a.ndim} dimensions"
    assert b.ndim == 2, f"matrix b must be 2-dimensional, but found {b.ndim} dimensions"

    na, ma = a.shape
    nb, mb = b.shape

    if na != nb:
        raise ValueError("both arguments must have the same number of samples")

    if sp.sparse.issparse(a):
        a = a.toarray()

    if sp.sparse.issparse(b):
        b = b.toarray()

    tensor = a[..., :, None] * b[..., None, :]

    if reshape:
        return tensor.reshape(na, ma * mb)

    return tensor


# --- pygam/penalties.py ---


def derivative(n, coef, derivative=2, periodic=False):
    if n == 1:
        # no derivative for constant functions
        return sp.sparse.csc_array([[0.0]])
    D = sparse_diff(
        sp.sparse.identity(n + 2 * derivative * periodic).tocsc(), n=derivative
    ).tolil()

    if periodic:
        # wrap penalty
        cols = D[:, :derivative]
        D[:, -2 * derivative : -derivative] += cols * (-1) ** derivative

        # do symmetric operation on lower half of matrix
        n_rows = int((n + 2 * derivative) / 2)
        D[-n_rows:] = D[:n_rows][::-1, ::-1]

        # keep only the center of the augmented matrix
        D = D[derivative:-derivative, derivative:-derivative]
    return D.dot(D.T).tocsc()


def periodic(n, coef, derivative=2, _penalty=derivative):
    return _penalty(n, coef, derivative=derivative, periodic=True)


def l2(n, coef):
    return sp.sparse.eye(n).tocsc()


def monotonicity_(n, coef, increasing=True):
    if n != len(coef.ravel()):
        raise ValueError(
            "dimension mismatch: expected n equals len(coef), "
            f"but found n = {n}, coef.shape = {coef.shape}."
        )

    if n == 1:
        # no monotonic penalty for constant functions
        return sp.sparse.csc_array([[0.0]])

    if increasing:
        # only penalize the case where coef_i-1 > coef_i
        mask = sp.sparse.diags((np.diff(coef.ravel()) < 0).astype(float))
    else:
        # only penalize the case where coef_i-1 < coef_i
        mask = sp.sparse.diags((np.diff(coef.ravel()) > 0).astype(float))

    derivative = 1
    D = sparse_diff(sp.sparse.identity(n).tocsc(), n=derivative) * mask
    return D.dot(D.T).tocsc()


def monotonic_inc(n, coef):
    return monotonicity_(n, coef, increasing=True)


def monotonic_dec(n, coef):
    return monotonicity_(n, coef, increasing=False)


def convexity_(n, coef, convex=True):
    if n != len(coef.ravel()):
        raise ValueError(
            "dimension mismatch: expected n equals len(coef), "
            f"but found n = {n}, coef.shape = {coef.shape}."
        )

    if n == 1:
        # no convex penalty for constant functions
        return sp.sparse.csc_array([[0.0]])

    if convex:
        mask = sp.sparse.diags((np.diff(coef.ravel(), n=2) < 0).astype(float))
    else:
        mask = sp.sparse.diags((np.diff(coef.ravel(), n=2) > 0).astype(float))

    derivative = 2
    D = sparse_diff(sp.sparse.identity(n).tocsc(), n=derivative) * mask
    return D.dot(D.T).tocsc()


def convex(n, coef):
    return convexity_(n, coef, convex=True)


def concave(n, coef):
    return convexity_(n, coef, convex=False)


def none(n, coef):
    return sp.sparse.csc_array((n, n))


def wrap_penalty(p, fit_linear, linear_penalty=0.0):

    def wrapped_p(n, *args):
        if fit_linear:
            if n == 1:
                return sp.sparse.block_diag([linear_penalty], format="csc")
            return sp.sparse.block_diag([linear_penalty, p(n - 1, *args)], format="csc")
        else:
            return p(n, *args)

    return wrapped_p


def sparse_diff(array, n=1, axis=-1):
    if (n < 0) or (int(n) != n):
        raise ValueError(f"Expected order is non-negative integer, but found: {n}")
    if not sp.sparse.issparse(array):
        warnings.warn("Array is not sparse. Consider using numpy.diff")

    if n == 0:
        return array

    nd = array.ndim
    slice1 = [slice(None)] * nd
    slice2 = [slice(None)] * nd
    slice1[axis] = slice(1, None)
    slice2[axis] = slice(None, -1)
    slice1 = tuple(slice1)
    slice2 = tuple(slice2)

    A = sparse_diff(array, n - 1, axis=axis)
    return A[slice1] - A[slice2]


PENALTIES = {
    "auto": "auto",
    "derivative": derivative,
    "l2": l2,
    "none": none,
    "periodic": periodic,
}


CONSTRAINTS = {
    "convex": convex,
    "concave": concave,
    "monotonic_inc": monotonic_inc,
    "monotonic_dec": monotonic_dec,
    "none": none,
}


# --- pygam/core.py (Core: only its __init__) ---


class Core:
    def __init__(self, name=None, line_width=70, line_offset=3):
        self._name = name
        self._line_width = line_width
        self._line_offset = line_offset

        if not hasattr(self, "_exclude"):
            self._exclude = []

        if not hasattr(self, "_include"):
            self._include = []


# --- pygam/links.py ---


class Link(Core):
    def __init__(self, name=None):
        super(Link, self).__init__(name=name)


class IdentityLink(Link):
    def __init__(self):
        super(IdentityLink, self).__init__(name="identity")

    def link(self, mu, dist):
        return mu

    def mu(self, lp, dist):
        return lp

    def gradient(self, mu, dist):
        return np.ones_like(mu)


class LogitLink(Link):
    def __init__(self):
        super(LogitLink, self).__init__(name="logit")

    def link(self, mu, dist):
        return np.log(mu) - np.log(dist.levels - mu)

    def mu(self, lp, dist):
        elp = np.exp(lp)
        return dist.levels * elp / (elp + 1)

    def gradient(self, mu, dist):
        return dist.levels / (mu * (dist.levels - mu))


class LogLink(Link):
    def __init__(self):
        super(LogLink, self).__init__(name="log")

    def link(self, mu, dist):
        return np.log(mu)

    def mu(self, lp, dist):
        return np.exp(lp)

    def gradient(self, mu, dist):
        return 1.0 / mu


class InverseLink(Link):
    def __init__(self):
        super(InverseLink, self).__init__(name="inverse")

    def link(self, mu, dist):
        return mu**-1.0

    def mu(self, lp, dist):
        return lp**-1.0

    def gradient(self, mu, dist):
        return -1 * mu**-2.0


class InvSquaredLink(Link):
    def __init__(self):
        super(InvSquaredLink, self).__init__(name="inv_squared")

    def link(self, mu, dist):
        return mu**-2.0

    def mu(self, lp, dist):
        return lp**-0.5

    def gradient(self, mu, dist):
        return -2 * mu**-3.0


# --- pygam/distributions.py ---


def multiply_weights(deviance):
    @wraps(deviance)
    def multiplied(self, y, mu, weights=None, **kwargs):
        if weights is None:
            weights = np.ones_like(mu)
        return deviance(self, y, mu, **kwargs) * weights

    return multiplied


def divide_weights(V):
    @wraps(V)
    def divided(self, mu, weights=None, **kwargs):
        if weights is None:
            weights = np.ones_like(mu)
        return V(self, mu, **kwargs) / weights

    return divided


class Distribution(Core):
    __metaclass__ = ABCMeta

    def __init__(self, name=None, scale=None):
        self.scale = scale
        self._known_scale = self.scale is not None
        super(Distribution, self).__init__(name=name)
        if not self._known_scale:
            self._exclude += ["scale"]

    def phi(self, y, mu, edof, weights):
        if self._known_scale:
            return self.scale**2
        else:
            return np.sum(weights * self.V(mu) ** -1 * (y - mu) ** 2) / (len(mu) - edof)

    @abstractmethod
    def sample(self, mu):
        pass


class NormalDist(Distribution):
    def __init__(self, scale=None):
        super(NormalDist, self).__init__(name="normal", scale=scale)

    def log_pdf(self, y, mu, weights=None):
        if weights is None:
            weights = np.ones_like(mu)
        scale = self.scale / weights
        return sp.stats.norm.logpdf(y, loc=mu, scale=scale)

    @divide_weights
    def V(self, mu):
        return np.ones_like(mu)

    @multiply_weights
    def deviance(self, y, mu, scaled=True):
        dev = (y - mu) ** 2
        if scaled:
            dev /= self.scale**2
        return dev

    def sample(self, mu):
        standard_deviation = self.scale if self.scale else 1.0
        return np.random.normal(loc=mu, scale=standard_deviation, size=None)


class BinomialDist(Distribution):
    def __init__(self, levels=1):
        if levels is None:
            levels = 1
        self.levels = levels
        super(BinomialDist, self).__init__(name="binomial", scale=1.0)
        self._exclude.append("scale")

    def log_pdf(self, y, mu, weights=None):
        if weights is None:
            weights = np.ones_like(mu)
        n = self.levels
        p = mu / self.levels
        return sp.stats.binom.logpmf(y, n, p)

    @divide_weights
    def V(self, mu):
        return mu * (1 - mu / self.levels)

    @multiply_weights
    def deviance(self, y, mu, scaled=True):
        dev = 2 * (ylogydu(y, mu) + ylogydu(self.levels - y, self.levels - mu))
        if scaled:
            dev /= self.scale
        return dev

    def sample(self, mu):
        number_of_trials = self.levels
        success_probability = mu / number_of_trials
        return np.random.binomial(n=number_of_trials, p=success_probability, size=None)


class PoissonDist(Distribution):
    def __init__(self):
        super(PoissonDist, self).__init__(name="poisson", scale=1.0)
        self._exclude.append("scale")

    def log_pdf(self, y, mu, weights=None):
        if weights is None:
            weights = np.ones_like(mu)
        # in Poisson regression weights are proportional to the exposure
        # so we want to pump up all our predictions
        # NOTE: we assume the targets are counts, not rate.
        # ie if observations were scaled to account for exposure, they have
        # been rescaled before calling this function.
        # since some samples have higher exposure,
        # they also need to have higher variance,
        # we do this by multiplying mu by the weight=exposure
        mu = mu * weights
        return sp.stats.poisson.logpmf(y, mu=mu)

    @divide_weights
    def V(self, mu):
        return mu

    @multiply_weights
    def deviance(self, y, mu, scaled=True):
        dev = 2 * (ylogydu(y, mu) - (y - mu))

        if scaled:
            dev /= self.scale
        return dev

    def sample(self, mu):
        return np.random.poisson(lam=mu, size=None)


class GammaDist(Distribution):
    def __init__(self, scale=None):
        super(GammaDist, self).__init__(name="gamma", scale=scale)

    def log_pdf(self, y, mu, weights=None):
        if weights is None:
            weights = np.ones_like(mu)
        nu = weights / self.scale
        return sp.stats.gamma.logpdf(x=y, a=nu, scale=mu / nu)

    @divide_weights
    def V(self, mu):
        return mu**2

    @multiply_weights
    def deviance(self, y, mu, scaled=True):
        dev = 2 * ((y - mu) / mu - np.log(y / mu))

        if scaled:
            dev /= self.scale
        return dev

    def sample(self, mu):
        # in numpy.random.gamma, `shape` is the parameter sometimes denoted by
        # `k` that corresponds to `nu` in S. Wood (2006) Table 2.1
        shape = 1.0 / self.scale
        # in numpy.random.gamma, `scale` is the parameter sometimes denoted by
        # `theta` that corresponds to mu / nu in S. Wood (2006) Table 2.1
        scale = mu / shape
        return np.random.gamma(shape=shape, scale=scale, size=None)


class InvGaussDist(Distribution):
    def __init__(self, scale=None):
        super(InvGaussDist, self).__init__(name="inv_gauss", scale=scale)

    def log_pdf(self, y, mu, weights=None):
        if weights is None:
            weights = np.ones_like(mu)
        gamma = weights / self.scale
        return sp.stats.invgauss.logpdf(y, mu, scale=1.0 / gamma)

    @divide_weights
    def V(self, mu):
        return mu**3

    @multiply_weights
    def deviance(self, y, mu, scaled=True):
        dev = ((y - mu) ** 2) / (mu**2 * y)

        if scaled:
            dev /= self.scale
        return dev

    def sample(self, mu):
        return np.random.wald(mean=mu, scale=self.scale, size=None)


# --- pygam/terms.py: Term, Intercept, SplineTerm and TermList with only the members the PIRLS loop uses (made with
# __new__ by _spline_terms, below) ---


class Term(Core):
    @property
    def isintercept(self):
        return isinstance(self, Intercept)

    @property
    def hasconstraint(self):
        return np.not_equal(np.atleast_1d(self.constraints), None).any()

    def build_penalties(self, verbose=False):
        if self.isintercept:
            return np.array([[0.0]])

        Ps = []
        for penalty, lam in zip(self.penalties, self.lam):
            if penalty == "auto":
                if self.dtype == "numerical":
                    if self._name == "spline_term":
                        if self.basis in ["cp"]:
                            penalty = "periodic"
                        else:
                            penalty = "derivative"
                    else:
                        penalty = "l2"
                if self.dtype == "categorical":
                    penalty = "l2"
            if penalty is None:
                penalty = "none"
            if penalty in PENALTIES:
                penalty = PENALTIES[penalty]

            P = penalty(self.n_coefs, coef=None)  # penalties dont need coef
            Ps.append(np.multiply(P, lam))
        return np.sum(Ps)


class Intercept(Term):
    @property
    def n_coefs(self):
        return 1

    def compile(self, X, verbose=False):
        return self

    def build_columns(self, X, verbose=False):
        return sp.sparse.csc_array(np.ones((len(X), 1)))


class SplineTerm(Term):
    @property
    def n_coefs(self):
        return self.n_splines

    def compile(self, X, verbose=False):
        if self.feature >= X.shape[1]:
            raise ValueError(
                f"term requires feature {self.feature}, but X has only {X.shape[1]} dimensions"
            )

        if self.by is not None and self.by >= X.shape[1]:
            raise ValueError(
                f"by variable requires feature {self.by}, but X has only {X.shape[1]} dimensions"
            )

        if not hasattr(self, "edge_knots_"):
            self.edge_knots_ = gen_edge_knots(
                X[:, self.feature], self.dtype, verbose=verbose
            )
        return self

    def build_columns(self, X, verbose=False):
        X[:, self.feature][:, np.newaxis]

        splines = b_spline_basis(
            X[:, self.feature],
            edge_knots=self.edge_knots_,
            spline_order=self.spline_order,
            n_splines=self.n_splines,
            sparse=True,
            periodic=self.basis in ["cp"],
            verbose=verbose,
        )

        if self.by is not None:
            splines = splines.multiply(X[:, self.by][:, np.newaxis])

        return splines


class TermList(Core):
    def __len__(self):
        return len(self._terms)

    def __getitem__(self, i):
        return self._terms[i]

    @property
    def hasconstraint(self):
        constrained = False
        for term in self._terms:
            constrained = constrained or term.hasconstraint
        return constrained

    @property
    def n_coefs(self):
        return sum([term.n_coefs for term in self._terms])

    def get_coef_indices(self, i=-1):
        if i == -1:
            return list(range(self.n_coefs))

        if i >= len(self._terms):
            raise ValueError(
                f"requested {i}th term, but found only {len(self._terms)} terms"
            )

        start = 0
        for term in self._terms[:i]:
            start += term.n_coefs
        stop = start + self._terms[i].n_coefs
        return list(range(start, stop))

    def build_columns(self, X, term=-1, verbose=False):
        if term == -1:
            term = range(len(self._terms))
        term = list(np.atleast_1d(term))

        columns = []
        for term_id in term:
            columns.append(self._terms[term_id].build_columns(X, verbose=verbose))
        return sp.sparse.hstack(columns, format="csc")

    def build_penalties(self):
        P = []
        for term in self._terms:
            P.append(term.build_penalties())
        return sp.sparse.block_diag(P).tocsc()


# --- pygam/pygam.py: GAM with only the members the cases use (made with __new__ by _gam, below), LinearGAM for
# _initial_estimate's isinstance ---


EPS = np.finfo(np.float64).eps  # machine epsilon


class GAM(Core):
    @property
    def _is_fitted(self):
        return hasattr(self, "coef_")

    def _loglikelihood(self, y, mu, weights=None):
        return self.distribution.log_pdf(y=y, mu=mu, weights=weights).sum()

    def _linear_predictor(self, X=None, modelmat=None, b=None, term=-1):
        if modelmat is None:
            modelmat = self._modelmat(X, term=term)
        if b is None:
            b = self.coef_[self.terms.get_coef_indices(term)]
        return modelmat.dot(b).flatten()

    def _modelmat(self, X, term=-1):
        return self.terms.build_columns(X, term=term)

    def _cholesky(self, A, **kwargs):
        # create appropriate-size diagonal matrix
        if sp.sparse.issparse(A):
            diag = sp.sparse.eye(A.shape[0])
        else:
            diag = np.eye(A.shape[0])

        constraint_l2 = self._constraint_l2
        while constraint_l2 <= self._constraint_l2_max:
            try:
                L = cholesky(A, **kwargs)
                self._constraint_l2 = constraint_l2
                return L
            except NotPositiveDefiniteError:
                if self.verbose:
                    warnings.warn(
                        "Matrix is not positive definite. \n"
                        "Increasing l2 reg by factor of 10.",
                        stacklevel=2,
                    )
                A -= constraint_l2 * diag
                constraint_l2 *= 10
                A += constraint_l2 * diag

        raise NotPositiveDefiniteError("Matrix is not positive \ndefinite.")

    def _P(self):
        return self.terms.build_penalties()

    def _C(self):
        return self.terms.build_constraints(
            self.coef_, self._constraint_lam, self._constraint_l2
        )

    def _pseudo_data(self, y, lp, mu):
        return lp + (y - mu) * self.link.gradient(mu, self.distribution)

    def _W(self, mu, weights, y=None):
        return sp.sparse.diags(
            (
                self.link.gradient(mu, self.distribution) ** 2
                * self.distribution.V(mu=mu)
                * weights**-1
            )
            ** -0.5
        )

    def _mask(self, weights):
        mask = (np.abs(weights) >= np.sqrt(EPS)) * np.isfinite(weights)
        if mask.sum() == 0:
            raise OptimizationError(
                "PIRLS optimization has diverged.\n"
                + "Try increasing regularization, or specifying an initial value for self.coef_"  # noqa: E501
            )
        return mask

    def _initial_estimate(self, y, modelmat):
        # do a simple initialization for LinearGAMs
        if isinstance(self, LinearGAM):
            n, m = modelmat.shape
            return np.ones(m) * np.sqrt(EPS)

        # transform the problem to the linear scale
        y = deepcopy(y).astype("float64")
        y[y == 0] += 0.01  # edge case for log link, inverse link, and logit link
        y[y == 1] -= 0.01  # edge case for logit link

        y_ = self.link.link(y, self.distribution)
        y_ = make_2d(y_, verbose=False)
        assert np.isfinite(y_).all(), (
            "transformed response values should be well-behaved."
        )

        # solve the linear problem
        return np.linalg.solve(
            load_diagonal(modelmat.T.dot(modelmat).toarray()), modelmat.T.dot(y_)
        )

    def _pirls(self, X, Y, weights):
        modelmat = self._modelmat(X)  # build a basis matrix for the GLM
        n, m = modelmat.shape

        # initialize GLM coefficients if model is not yet fitted
        if (
            not self._is_fitted
            or len(self.coef_) != self.terms.n_coefs
            or not np.isfinite(self.coef_).all()
        ):
            # initialize the model
            self.coef_ = self._initial_estimate(Y, modelmat)

        assert np.isfinite(self.coef_).all(), (
            f"coefficients should be well-behaved, but found: {self.coef_}"
        )

        P = self._P()
        S = sp.sparse.diags(np.ones(m) * np.sqrt(EPS))  # improve condition
        # S += self._H # add any user-chosen minimum penalty to the diagonal

        # if we don't have any constraints, then do cholesky now
        if not self.terms.hasconstraint:
            E = self._cholesky(S + P, sparse=False, verbose=self.verbose)

        for _ in range(self.max_iter):
            # recompute cholesky if needed
            if self.terms.hasconstraint:
                P = self._P()
                C = self._C()
                E = self._cholesky(S + P + C, sparse=False, verbose=self.verbose)

            # forward pass
            y = deepcopy(Y)  # for simplicity
            lp = self._linear_predictor(modelmat=modelmat)
            mu = self.link.mu(lp, self.distribution)
            W = self._W(mu, weights, y)  # create pirls weight matrix

            # check for weights == 0, nan, and update
            mask = self._mask(W.diagonal())
            y = y[mask]  # update
            lp = lp[mask]  # update
            mu = mu[mask]  # update
            W = sp.sparse.diags(W.diagonal()[mask])  # update

            # PIRLS Wood pg 183
            pseudo_data = W.dot(self._pseudo_data(y, lp, mu))

            # log on-loop-start stats
            self._on_loop_start(vars())

            WB = W.dot(modelmat[mask, :])  # common matrix product
            Q, R = np.linalg.qr(WB.toarray())

            if not np.isfinite(Q).all() or not np.isfinite(R).all():
                raise ValueError("QR decomposition produced NaN or Inf. Check X data.")

            # need to recompute the number of singular values
            min_n_m = np.min([m, n, mask.sum()])

            # SVD
            U, d, Vt = np.linalg.svd(np.vstack([R, E]), full_matrices=False)
            d_inv = d**-1  # invert the singular values

            # mask out small singular values
            # svd_mask = d <= (d.max() * np.sqrt(EPS))
            U1 = U[:min_n_m, :min_n_m]  # keep only top corner of U
            Vt = Vt[:min_n_m]
            d_inv = d_inv[:min_n_m]

            # update coefficients
            B = (Vt.T * d_inv).dot(U1.T).dot(Q.T)
            coef_new = B.dot(pseudo_data).flatten()
            diff = np.linalg.norm(self.coef_ - coef_new) / np.linalg.norm(coef_new)
            self.coef_ = coef_new  # update

            # log on-loop-end stats
            self._on_loop_end(vars())

            # check convergence
            if diff < self.tol:
                break

        # estimate statistics even if not converged
        self._estimate_model_statistics(
            Y, modelmat, inner=None, BW=WB.T, B=B, weights=weights, U1=U1
        )
        if diff < self.tol:
            return

        return

    def _on_loop_start(self, variables):
        for callback in self.callbacks:
            if hasattr(callback, "on_loop_start"):
                self.logs_[str(callback)].append(callback.on_loop_start(**variables))

    def _on_loop_end(self, variables):
        for callback in self.callbacks:
            if hasattr(callback, "on_loop_end"):
                self.logs_[str(callback)].append(callback.on_loop_end(**variables))

    def _estimate_model_statistics(
        self, y, modelmat, inner=None, BW=None, B=None, weights=None, U1=None
    ):
        lp = self._linear_predictor(modelmat=modelmat)
        mu = self.link.mu(lp, self.distribution)
        self.statistics_["edof_per_coef"] = np.diagonal(U1.dot(U1.T))
        self.statistics_["edof"] = self.statistics_["edof_per_coef"].sum()
        if not self.distribution._known_scale:
            self.distribution.scale = (
                self.distribution.phi(
                    y=y, mu=mu, edof=self.statistics_["edof"], weights=weights
                )
                ** 0.5
            )
        self.statistics_["scale"] = self.distribution.scale
        self.statistics_["cov"] = (
            (B.dot(B.T)) * self.distribution.scale** 2
        )  # parameter covariances. no need to remove a W because we are using W^2. Wood pg 184  # noqa: E501
        self.statistics_["se"] = self.statistics_["cov"].diagonal() ** 0.5
        self.statistics_["AIC"] = self._estimate_AIC(y=y, mu=mu, weights=weights)
        self.statistics_["AICc"] = self._estimate_AICc(y=y, mu=mu, weights=weights)
        self.statistics_["pseudo_r2"] = self._estimate_r2(y=y, mu=mu, weights=weights)
        self.statistics_["GCV"], self.statistics_["UBRE"] = self._estimate_GCV_UBRE(
            modelmat=modelmat, y=y, weights=weights
        )
        self.statistics_["loglikelihood"] = self._loglikelihood(y, mu, weights=weights)
        self.statistics_["deviance"] = self.distribution.deviance(
            y=y, mu=mu, weights=weights
        ).sum()
        self.statistics_["p_values"] = self._estimate_p_values()

    def _estimate_AIC(self, y, mu, weights=None):
        estimated_scale = not (
            self.distribution._known_scale
        )  # if we estimate the scale, that adds 2 dof
        return (
            -2 * self._loglikelihood(y=y, mu=mu, weights=weights)
            + 2 * self.statistics_["edof"]
            + 2 * estimated_scale
        )

    def _estimate_AICc(self, y, mu, weights=None):
        edof = self.statistics_["edof"]
        if self.statistics_["AIC"] is None:
            self.statistics_["AIC"] = self._estimate_AIC(y, mu, weights)
        return self.statistics_["AIC"] + 2 * (edof + 1) * (edof + 2) / (
            y.shape[0] - edof - 2
        )

    def _estimate_r2(self, X=None, y=None, mu=None, weights=None):
        if mu is None:
            mu = self.predict_mu(X=X)

        if weights is None:
            weights = np.ones_like(y).astype("float64")

        null_mu = y.mean() * np.ones_like(y).astype("float64")

        null_d = self.distribution.deviance(y=y, mu=null_mu, weights=weights)
        full_d = self.distribution.deviance(y=y, mu=mu, weights=weights)

        null_ll = self._loglikelihood(y=y, mu=null_mu, weights=weights)
        full_ll = self._loglikelihood(y=y, mu=mu, weights=weights)

        r2 = OrderedDict()
        r2["explained_deviance"] = 1.0 - full_d.sum() / null_d.sum()
        r2["McFadden"] = full_ll / null_ll
        r2["McFadden_adj"] = 1.0 - (full_ll - self.statistics_["edof"]) / null_ll

        return r2

    def _estimate_GCV_UBRE(
        self, X=None, y=None, modelmat=None, gamma=1.4, add_scale=True, weights=None
    ):
        if gamma < 1:
            raise ValueError(
                "gamma scaling should be greater than 1, but found gamma = {}",
                format(gamma),
            )

        if modelmat is None:
            modelmat = self._modelmat(X)

        if weights is None:
            weights = np.ones_like(y).astype("float64")

        lp = self._linear_predictor(modelmat=modelmat)
        mu = self.link.mu(lp, self.distribution)
        n = y.shape[0]
        edof = self.statistics_["edof"]

        GCV = None
        UBRE = None

        dev = self.distribution.deviance(
            mu=mu, y=y, scaled=False, weights=weights
        ).sum()

        if self.distribution._known_scale:
            # scale is known, use UBRE
            scale = self.distribution.scale
            UBRE = (
                1.0 / n * dev - (~add_scale) * (scale) + 2.0 * gamma / n * edof * scale
            )
        else:
            # scale unknown, use GCV
            GCV = (n * dev) / (n - gamma * edof) ** 2
        return (GCV, UBRE)

    def _estimate_p_values(self):
        if not self._is_fitted:
            raise AttributeError("GAM has not been fitted. Call fit first.")

        p_values = []
        for term_i in range(len(self.terms)):
            p_values.append(self._compute_p_value(term_i))

        return p_values

    def _compute_p_value(self, term_i):
        if not self._is_fitted:
            raise AttributeError("GAM has not been fitted. Call fit first.")

        idxs = self.terms.get_coef_indices(term_i)
        cov = self.statistics_["cov"][idxs][:, idxs]
        coef = self.coef_[idxs]

        # center non-intercept term functions
        if isinstance(self.terms[term_i], SplineTerm):
            coef -= coef.mean()

        inv_cov, rank = sp.linalg.pinv(cov, return_rank=True)
        score = coef.T.dot(inv_cov).dot(coef)

        # compute p-values
        if self.distribution._known_scale:
            # for known scale use chi-squared statistic
            return 1 - sp.stats.chi2.cdf(x=score, df=rank)
        else:
            # if scale has been estimated, prefer to use f-statistic
            score = score / rank
            return 1 - sp.stats.f.cdf(
                score, rank, self.statistics_["n_samples"] - self.statistics_["edof"]
            )


class LinearGAM(GAM):
    pass


# --- calling conventions (not library code) -------------------------------------------------------------------------


def _spline_terms(n_splines, lam=0.6):
    """s(0) + intercept as pyGAM's TermList holds them after compile: a SplineTerm with the default B-spline basis
    (spline_order 3, the 'auto' = second-derivative penalty, no constraint) and an Intercept."""
    spline = SplineTerm.__new__(SplineTerm)
    spline._name = "spline_term"
    spline.feature = 0
    spline.n_splines = n_splines
    spline.spline_order = 3
    spline.lam = [lam]
    spline.penalties = ["auto"]
    spline.constraints = [None]
    spline.dtype = "numerical"
    spline.basis = "ps"
    spline.by = None
    intercept = Intercept.__new__(Intercept)
    intercept._name = "intercept_term"
    intercept.constraints = [None]
    terms = TermList.__new__(TermList)
    terms._terms = [spline, intercept]
    return terms


def _gam(cls, distribution, link, terms=None):
    """A GAM as GAM.__init__ and fit leave it before _pirls: the internal settings of GAM.__init__, no callbacks."""
    gam = cls.__new__(cls)
    Core.__init__(gam)
    gam.max_iter = 100
    gam.tol = 1e-4
    gam.distribution = distribution
    gam.link = link
    gam.callbacks = []
    gam.verbose = False
    gam.terms = terms
    gam.fit_intercept = True
    gam._constraint_lam = 1e9
    gam._constraint_l2 = 1e-3
    gam._constraint_l2_max = 1e-1
    gam.logs_ = defaultdict(list)
    gam.statistics_ = {}
    return gam


# utils.py


def b_spline_basis_dense(x, edge_knots):
    return b_spline_basis(x, edge_knots, n_splines=8, spline_order=3, sparse=False, periodic=False)


def b_spline_basis_extrapolate(x, edge_knots):
    return b_spline_basis(x, edge_knots, n_splines=8, spline_order=3, sparse=False, periodic=False)


def b_spline_basis_periodic(x, edge_knots):
    return b_spline_basis(x, edge_knots, n_splines=8, spline_order=3, sparse=False, periodic=True)


def b_spline_basis_haar(x, edge_knots):
    return b_spline_basis(x, edge_knots, n_splines=6, spline_order=0, sparse=False, periodic=False)




def gen_edge_knots_numerical(data):
    return gen_edge_knots(data, "numerical")




def cholesky_dense(A):
    return cholesky(A, sparse=False, verbose=False)


def check_array_2d(array):
    return check_array(array, force_2d=True, verbose=False)


def check_y_logit(y):
    return check_y(y, LogitLink(), BinomialDist(levels=1), verbose=False)


def get_link_domain_logit(levels):
    return get_link_domain(LogitLink(), BinomialDist(levels=levels))


# penalties.py: the wrappers return .toarray() of the sparse matrices


def derivative_toarray(n, coef):
    return derivative(n, coef).toarray()




def periodic_toarray(n, coef):
    return periodic(n, coef).toarray()


def monotonic_inc_toarray(n, coef):
    return monotonic_inc(n, coef).toarray()


def monotonic_dec_toarray(n, coef):
    return monotonic_dec(n, coef).toarray()


def convex_toarray(n, coef):
    return convex(n, coef).toarray()


def concave_toarray(n, coef):
    return concave(n, coef).toarray()


def wrap_penalty_toarray(n, coef, linear_penalty):
    return wrap_penalty(derivative, fit_linear=True, linear_penalty=linear_penalty)(n, coef).toarray()


def sparse_diff_dense(array):
    return sparse_diff(array, n=2)


# links.py: link, mean function and gradient of each link


def identity_link(mu, lp):
    link, dist = IdentityLink(), NormalDist(scale=1.0)
    return link.link(mu, dist), link.mu(lp, dist), link.gradient(mu, dist)


def logit_link(mu, lp, levels):
    link, dist = LogitLink(), BinomialDist(levels=levels)
    return link.link(mu, dist), link.mu(lp, dist), link.gradient(mu, dist)


def log_link(mu, lp):
    link, dist = LogLink(), PoissonDist()
    return link.link(mu, dist), link.mu(lp, dist), link.gradient(mu, dist)


def inverse_link(mu, lp):
    link, dist = InverseLink(), GammaDist()
    return link.link(mu, dist), link.mu(lp, dist), link.gradient(mu, dist)




# distributions.py: variance, deviance (scaled, unscaled, with and without weights), scale and log-likelihood


def _moments(dist, y, mu, weights, edof):
    return (dist.V(mu), dist.V(mu, weights=weights), dist.deviance(y, mu), dist.deviance(y, mu, weights=weights, scaled=False),
            dist.phi(y, mu, edof, weights), dist.log_pdf(y, mu), dist.log_pdf(y, mu, weights=weights))


def normal_dist(y, mu, weights, scale, edof):
    return _moments(NormalDist(scale=scale), y, mu, weights, edof)


def normal_dist_unknown_scale(y, mu, weights, edof):
    dist = NormalDist()
    return dist.V(mu, weights=weights), dist.deviance(y, mu, weights=weights, scaled=False), dist.phi(y, mu, edof, weights)


def binomial_dist(y, mu, weights, levels, edof):
    return _moments(BinomialDist(levels=levels), y, mu, weights, edof)


def poisson_dist(y, mu, weights, edof):
    return _moments(PoissonDist(), y, mu, weights, edof)


def gamma_dist(y, mu, weights, scale, edof):
    return _moments(GammaDist(scale=scale), y, mu, weights, edof)


def inv_gauss_dist(y, mu, weights, scale, edof):
    return _moments(InvGaussDist(scale=scale), y, mu, weights, edof)


# pygam.py


def pseudo_data_logit(y, lp, mu):
    gam = _gam(GAM, BinomialDist(levels=1), LogitLink())
    return gam._pseudo_data(y, lp, mu)


def W_poisson(mu, weights):
    gam = _gam(GAM, PoissonDist(), LogLink())
    return gam._W(mu, weights).toarray()




def mask(weights):
    gam = _gam(GAM, NormalDist(), IdentityLink())
    return gam._mask(weights)


def initial_estimate_linear(y, modelmat):
    gam = _gam(LinearGAM, NormalDist(), IdentityLink())
    return gam._initial_estimate(y, modelmat)




def cholesky_loading(A):
    gam = _gam(GAM, NormalDist(), IdentityLink())
    L = gam._cholesky(A, sparse=False, verbose=gam.verbose)
    return L, gam._constraint_l2


def GCV_normal(y, modelmat, coef, edof, weights):
    gam = _gam(LinearGAM, NormalDist(), IdentityLink(), _spline_terms(modelmat.shape[1] - 1))
    gam.coef_ = coef
    gam.statistics_["edof"] = edof
    return gam._estimate_GCV_UBRE(y=y, modelmat=modelmat, weights=weights)


def UBRE_poisson(y, modelmat, coef, edof):
    gam = _gam(GAM, PoissonDist(), LogLink(), _spline_terms(modelmat.shape[1] - 1))
    gam.coef_ = coef
    gam.statistics_["edof"] = edof
    return gam._estimate_GCV_UBRE(y=y, modelmat=modelmat)


def AIC_r2_normal(y, mu, weights, scale, edof):
    gam = _gam(LinearGAM, NormalDist(scale=scale), IdentityLink())
    gam.statistics_["edof"] = edof
    gam.statistics_["AIC"] = None
    AICc = gam._estimate_AICc(y=y, mu=mu, weights=weights)
    return gam.statistics_["AIC"], AICc, dict(gam._estimate_r2(y=y, mu=mu, weights=weights))


def p_values_binomial(coef, cov, edof):
    gam = _gam(GAM, BinomialDist(levels=1), LogitLink(), _spline_terms(len(coef) - 1))
    gam.coef_ = coef
    gam.statistics_.update(cov=cov, edof=edof, n_samples=60)
    return gam._estimate_p_values()


def p_values_normal(coef, cov, edof):
    gam = _gam(LinearGAM, NormalDist(), IdentityLink(), _spline_terms(len(coef) - 1))
    gam.coef_ = coef
    gam.statistics_.update(cov=cov, edof=edof, n_samples=60)
    return gam._estimate_p_values()


def _fit(gam, X, y, weights):
    for term in gam.terms._terms:
        term.compile(X)
    gam.statistics_["n_samples"] = len(y)
    gam.statistics_["m_features"] = X.shape[1]
    gam._pirls(X, y, weights)
    s = gam.statistics_
    return gam.coef_, s["edof"], s["scale"], s["cov"], s["AIC"], s["GCV"], s["UBRE"], s["deviance"], s["p_values"]


def pirls_linear(X, y, weights):
    return _fit(_gam(LinearGAM, NormalDist(), IdentityLink(), _spline_terms(8)), X, y, weights)


def pirls_poisson(X, y, weights):
    return _fit(_gam(GAM, PoissonDist(), LogLink(), _spline_terms(8)), X, y, weights)


# --- inputs ---------------------------------------------------------------------------------------------------------


KNOTS = [0.0, 10.0]


def _x_inside(rng):
    return (rng.uniform(0.2, 9.8, size=25), KNOTS)


def _x_outside(rng):
    return (np.concatenate([rng.uniform(-2.0, -0.3, 3), rng.uniform(0.2, 9.8, 20), rng.uniform(10.3, 12.0, 3)]), KNOTS)


def _counts(rng, n=20):
    y = rng.poisson(3.0, size=n).astype(float)
    y[::4] = 0.0
    return y


def _positive(rng, n=20, lo=0.5, hi=3.0):
    return rng.uniform(lo, hi, size=n)


def _weights(rng, n=20):
    return rng.uniform(0.5, 2.0, size=n)


def _edof(rng):
    return np.float64(rng.uniform(4.0, 7.0))


def _sig(rng, lo, hi):
    return np.float64(rng.uniform(lo, hi))


def _coef(rng, n=8):
    return np.cumsum(rng.normal(size=n))


def _weights_bad(rng):
    w = rng.uniform(0.5, 2.0, size=20)
    w[3] = 1e-10
    w[7] = np.inf
    w[11] = np.nan
    w[15] = 0.0
    return w


def _indefinite(rng, n=5):
    Q, _ = np.linalg.qr(rng.normal(size=(n, n)))
    return (Q * np.array([-0.05, 0.5, 1.0, 2.0, 3.0])) @ Q.T


def _design(rng, n=30, k=7):
    """a dense model matrix: a B-spline basis of k - 1 splines on [0, 10] and the intercept column"""
    x = rng.uniform(0.2, 9.8, size=n)
    return np.hstack([b_spline_basis(x, KNOTS, n_splines=k - 1, sparse=False, periodic=False), np.ones((n, 1))])


def _gcv(rng):
    modelmat = _design(rng)
    coef = rng.normal(size=7)
    y = modelmat @ coef + rng.normal(scale=0.3, size=30)
    return y, modelmat, coef, _edof(rng), _weights(rng, 30)


def _ubre(rng):
    modelmat = _design(rng)
    coef = rng.normal(scale=0.3, size=7) + np.r_[np.zeros(6), 1.0]
    y = np.floor(np.exp(modelmat @ coef) + rng.uniform(0, 2, size=30))
    return y, modelmat, coef, _edof(rng)


def _pvalue(rng):
    a = rng.normal(size=(9, 9))
    return rng.normal(size=9), a @ a.T / 9 + 0.1 * np.eye(9), _edof(rng)


def _gam_data(rng, n=60):
    x = np.sort(rng.uniform(0.0, 10.0, size=n))
    return x[:, None]


def _linear_data(rng):
    X = _gam_data(rng)
    return X, np.sin(X[:, 0]) + rng.normal(scale=0.3, size=60), np.ones(60)


def _poisson_data(rng):
    X = _gam_data(rng)
    return X, rng.poisson(np.exp(1.0 + np.sin(X[:, 0]))).astype(float), rng.uniform(0.5, 1.5, size=60)


CASES = [
    # utils.py
    case(b_spline_basis_dense, _x_inside, PG("utils.py", "b_spline_basis", "sparse=False, periodic=False; edge knots as a list")),
    case(b_spline_basis_dense, lambda rng: (rng.uniform(0.2, 9.8, size=25), np.array([0.0, 10.0]) + rng.uniform(-0.1, 0.1, 2)),
         PG("utils.py", "b_spline_basis", "sparse=False, periodic=False; edge knots as an array"), name="pygam.b_spline_basis_array_knots"),
    case(b_spline_basis_extrapolate, _x_outside, PG("utils.py", "b_spline_basis", "x on both sides of the edge knots: linear extrapolation")),
    case(b_spline_basis_periodic, _x_inside, PG("utils.py", "b_spline_basis", "periodic=True")),
    case(b_spline_basis_haar, _x_inside, PG("utils.py", "b_spline_basis", "spline_order=0: the Haar basis, no recursion")),
    case(gen_edge_knots_numerical, lambda rng: (rng.normal(size=30),), PG("utils.py", "gen_edge_knots", "dtype='numerical', verbose=True")),
    case(ylogydu, lambda rng: (_counts(rng), _positive(rng)), PG("utils.py", "ylogydu")),
    case(round_to_n_decimal_places, lambda rng: (rng.normal(scale=100.0, size=(3, 4)),), PG("utils.py", "round_to_n_decimal_places")),
    case(round_to_n_decimal_places, lambda rng: (np.float64(rng.choice([1e-05, 2e-06, 3e-07])),),
         PG("utils.py", "round_to_n_decimal_places", "a float in scientific notation: returned as it is"), name="pygam.round_to_n_decimal_places_sci"),
    case(sig_code, lambda rng: (_sig(rng, 0.01, 0.05),), PG("utils.py", "sig_code", "0.01 <= p < 0.05: '*'")),
    case(flatten, lambda rng: ([[rng.normal(size=2), [np.float64(rng.normal())]], [[[np.float64(rng.normal()), [rng.normal(size=3), []]]]]],),
         PG("utils.py", "flatten", "a nested list of arrays and NumPy scalars")),
    case(tensor_product, lambda rng: (rng.uniform(size=(10, 3)), rng.uniform(size=(10, 4))), PG("utils.py", "tensor_product")),
    case(cholesky_dense, lambda rng: (spd(rng, 6),), PG("utils.py", "cholesky", "sparse=False, verbose=False; no scikit-sparse")),
    case(check_array_2d, lambda rng: (rng.normal(size=12),), PG("utils.py", "check_array / make_2d", "force_2d=True on 1-D data")),
    case(check_y_logit, lambda rng: (rng.integers(0, 2, size=20).astype(float),), PG("utils.py", "check_y", "LogitLink, BinomialDist(levels=1)")),
    case(get_link_domain_logit, lambda rng: (np.float64(rng.integers(1, 5)),), PG("utils.py", "get_link_domain", "LogitLink, BinomialDist(levels)")),
    # penalties.py
    case(derivative_toarray, lambda rng: (8, _coef(rng)), PG("penalties.py", "derivative / sparse_diff", "derivative=2; .toarray()")),
    case(periodic_toarray, lambda rng: (8, _coef(rng)), PG("penalties.py", "periodic / derivative", "periodic=True: the wrapped penalty; .toarray()")),
    case(monotonic_inc_toarray, lambda rng: (8, _coef(rng)), PG("penalties.py", "monotonic_inc / monotonicity_", "increasing=True; .toarray()")),
    case(monotonic_dec_toarray, lambda rng: (8, _coef(rng)), PG("penalties.py", "monotonic_dec / monotonicity_", "increasing=False; .toarray()")),
    case(convex_toarray, lambda rng: (8, _coef(rng)), PG("penalties.py", "convex / convexity_", "convex=True; .toarray()")),
    case(concave_toarray, lambda rng: (8, _coef(rng)), PG("penalties.py", "concave / convexity_", "convex=False; .toarray()")),
    case(wrap_penalty_toarray, lambda rng: (8, _coef(rng), np.float64(rng.uniform(0.1, 1.0))),
         PG("penalties.py", "wrap_penalty", "derivative with fit_linear=True; .toarray()")),
    case(sparse_diff_dense, lambda rng: (rng.normal(size=(5, 7)),), PG("penalties.py", "sparse_diff", "a dense array, n=2")),
    # links.py
    case(identity_link, lambda rng: (_positive(rng), rng.normal(size=20)), PG("links.py", "IdentityLink")),
    case(logit_link, lambda rng: (_positive(rng, lo=0.05, hi=2.9), rng.normal(size=20), 3), PG("links.py", "LogitLink", "levels=3")),
    case(log_link, lambda rng: (_positive(rng), rng.normal(size=20)), PG("links.py", "LogLink")),
    case(inverse_link, lambda rng: (_positive(rng), _positive(rng)), PG("links.py", "InverseLink")),
    # distributions.py
    case(normal_dist, lambda rng: (rng.normal(size=20), rng.normal(size=20), _weights(rng), np.float64(rng.uniform(0.5, 2.0)), _edof(rng)),
         PG("distributions.py", "NormalDist", "a known scale")),
    case(normal_dist_unknown_scale, lambda rng: (rng.normal(size=20), rng.normal(size=20), _weights(rng), _edof(rng)),
         PG("distributions.py", "NormalDist", "scale=None: phi estimates it")),
    case(binomial_dist, lambda rng: (rng.integers(0, 4, size=20).astype(float), _positive(rng, lo=0.1, hi=2.9), _weights(rng), 3, _edof(rng)),
         PG("distributions.py", "BinomialDist", "levels=3")),
    case(poisson_dist, lambda rng: (_counts(rng), _positive(rng), _weights(rng), _edof(rng)), PG("distributions.py", "PoissonDist")),
    case(gamma_dist, lambda rng: (_positive(rng), _positive(rng), _weights(rng), np.float64(rng.uniform(0.5, 2.0)), _edof(rng)),
         PG("distributions.py", "GammaDist")),
    case(inv_gauss_dist, lambda rng: (_positive(rng), _positive(rng), _weights(rng), np.float64(rng.uniform(0.5, 2.0)), _edof(rng)),
         PG("distributions.py", "InvGaussDist")),
    # pygam.py
    case(pseudo_data_logit, lambda rng: (rng.integers(0, 2, size=20).astype(float), rng.normal(size=20), _positive(rng, lo=0.05, hi=0.95)),
         PG("pygam.py", "GAM._pseudo_data", "LogitLink, BinomialDist")),
    case(W_poisson, lambda rng: (_positive(rng), _weights(rng)), PG("pygam.py", "GAM._W", "LogLink, PoissonDist; .toarray()")),
    case(mask, lambda rng: (_weights_bad(rng),), PG("pygam.py", "GAM._mask", "weights with a tiny value, inf, NaN and 0")),
    case(initial_estimate_linear, lambda rng: (rng.normal(size=30), _design(rng)), PG("pygam.py", "GAM._initial_estimate", "a LinearGAM")),
    case(cholesky_loading, lambda rng: (spd(rng, 5),), PG("pygam.py", "GAM._cholesky", "positive definite: the first try")),
    case(cholesky_loading, lambda rng: (_indefinite(rng),), PG("pygam.py", "GAM._cholesky", "smallest eigenvalue -0.05: three tries, the loading raised to 0.1"),
         name="pygam.cholesky_loading_indefinite"),
    case(GCV_normal, _gcv, PG("pygam.py", "GAM._estimate_GCV_UBRE / _linear_predictor", "NormalDist, scale unknown: GCV")),
    case(UBRE_poisson, _ubre, PG("pygam.py", "GAM._estimate_GCV_UBRE / _linear_predictor", "PoissonDist, known scale: UBRE")),
    case(AIC_r2_normal, lambda rng: (rng.normal(size=20), rng.normal(scale=0.5, size=20), _weights(rng), np.float64(rng.uniform(0.5, 2.0)), _edof(rng)),
         PG("pygam.py", "GAM._estimate_AICc / _estimate_AIC / _estimate_r2 / _loglikelihood", "statistics_['AIC'] None first")),
    case(p_values_binomial, _pvalue, PG("pygam.py", "GAM._estimate_p_values / _compute_p_value", "known scale: chi-squared")),
    case(p_values_normal, _pvalue, PG("pygam.py", "GAM._estimate_p_values / _compute_p_value", "estimated scale: F")),
    case(pirls_linear, _linear_data, PG("pygam.py", "GAM._pirls / _estimate_model_statistics", "LinearGAM(s(0)), 8 splines and an intercept")),
    case(pirls_poisson, _poisson_data, PG("pygam.py", "GAM._pirls / _estimate_model_statistics", "PoissonGAM(s(0)) with weights")),
]
