"""properscoring's proper scoring rules for probabilistic forecasts (The Climate Corporation): the closed-form CRPS
of a Gaussian forecast (``if grad:`` returning ``np.array([dmu, dsig])`` as well), the CRPS of an ensemble by its
pure-NumPy O(E^2) form (``np.nanmean`` over ``|X - x|`` and the pairwise ``|X - X'|`` of broadcast
``np.expand_dims``; an ``if weights.ndim > 0:`` path that masks missing members with ``np.where(~np.isnan(...))``
and renormalises), ``crps_ensemble`` (shape checks that raise ``ValueError``, ``np.rollaxis`` for another ensemble
axis, ``np.sort``, or ``argsort_indices``' ``np.ix_`` index tuple for weighted members), the CRPS by quadrature
(``np.vectorize`` over ``scipy.integrate.quad``), the Brier score (``if (forecasts < 0.0).any() ... raise``,
a boolean-mask read of the valid observations and ``set(np.unique(valid_obs)) <= {0, 1}``) and the threshold Brier
scores (exceedances ``(x[..., np.newaxis] > thresholds...).astype(float)``, a masked write
``exceeds[np.where(np.isnan(x))] = np.nan``, ``if threshold.ndim == 1 and not (np.sort(threshold) ==
threshold).all(): raise``) (TheClimateCorporation/properscoring, Apache-2.0).

Copied from TheClimateCorporation/properscoring at 1ca13dcbc1abf53d07474b74fbe3567fd4045668 (version 0.1); its
licence (``LICENSE``) is the Apache License 2.0 (``setup.py``: ``license='Apache'``, author "The Climate
Corporation"). ``properscoring/_utils.py``, ``_crps.py`` and ``_brier.py`` are copied whole, in that order,
docstrings dropped, comments kept.

Adapted, beyond that:

* the module-level imports are this module's (``_crps.py`` and ``_brier.py`` import ``_utils``' names, which are
  module-level functions here);
* the pure-NumPy versions, not the numba ones: ``_crps.py`` and ``_brier.py`` try
  ``from ._gufuncs import ...`` (numba ``guvectorize`` kernels) and fall back to ``_crps_ensemble_vectorized`` and
  ``_threshold_brier_score_vectorized`` on ``ImportError``; here the fallback is taken unconditionally (the
  ``try``/``except`` dropped, the assignment of the ``except`` branch kept), ``_gufuncs.py`` not copied;
* a setting the source takes as a keyword (``grad=True``, ``weights``, ``issorted=True``, ``axis=0``) is given by a
  one-line wrapper named after the case, so the traced arguments are the arrays; ``crps_quadrature``'s distribution
  (``scipy.stats.norm``, as in properscoring's README and ``tests/test_crps.py``) is built in its wrapper.

``_crps_ensemble_vectorized``'s default ``weights=1`` (0-d) fails in NumPy 2 at ``np.expand_dims(weights, -2)``
(axis out of bounds), so its cases pass ``np.ones_like(forecasts)``, as ``crps_ensemble`` does.

The inputs: daily 2 m temperature observations [deg C] at 40 stations and a 20-member ensemble forecast of them
(a station bias, a spread of 1-3 K, some members missing as NaN where the source says it ignores them), Gaussian
forecasts (mean and standard deviation) of the same, a 4-model set of Gaussian forecasts broadcast against one
observation vector, a 6 x 8 grid with a 12-member ensemble, and for the Brier scores binary observations of
"rain" with NaN for missing reports and ensemble exceedance thresholds of ``tests/test_brier.py``'s kind
(``np.linspace`` over the data's range).
"""

# ruff: noqa: E501, UP031
from __future__ import annotations

import contextlib
import warnings

import numpy as np
from scipy import integrate, special, stats

from tests.coverage.cases import PROPERSCORING, Source, case


def PS(path: str, original: str, note: str = "") -> Source:
    return Source(PROPERSCORING, "properscoring/" + path, original, note)


# --- properscoring/_utils.py ---


def move_axis_to_end(array, axis):
    array = np.asarray(array)
    return np.rollaxis(array, axis, start=array.ndim)


def argsort_indices(a, axis=-1):
    a = np.asarray(a)
    ind = list(np.ix_(*[np.arange(d) for d in a.shape]))
    ind[axis] = a.argsort(axis)
    return tuple(ind)


@contextlib.contextmanager
def suppress_warnings(msg=None):
    with warnings.catch_warnings():
        warnings.filterwarnings('ignore', msg)
        yield


# --- properscoring/_crps.py ---


# The normalization constant for the univariate standard Gaussian pdf
_normconst = 1.0 / np.sqrt(2.0 * np.pi)


def _normpdf(x):
    return _normconst * np.exp(-(x * x) / 2.0)


# Cumulative distribution function of a univariate standard Gaussian
# distribution with zero mean and unit variance.
_normcdf = special.ndtr


def crps_gaussian(x, mu, sig, grad=False):
    x = np.asarray(x)
    mu = np.asarray(mu)
    sig = np.asarray(sig)
    # standadized x
    sx = (x - mu) / sig
    # some precomputations to speed up the gradient
    pdf = _normpdf(sx)
    cdf = _normcdf(sx)
    pi_inv = 1. / np.sqrt(np.pi)
    # the actual crps
    crps = sig * (sx * (2 * cdf - 1) + 2 * pdf - pi_inv)
    if grad:
        dmu = 1 - 2 * cdf
        dsig = 2 * pdf - pi_inv
        return crps, np.array([dmu, dsig])
    else:
        return crps


def _discover_bounds(cdf, tol=1e-7):
    class DistFromCDF(stats.distributions.rv_continuous):
        def cdf(self, x):
            return cdf(x)
    dist = DistFromCDF()
    # the ppf is the inverse cdf
    lower = dist.ppf(tol)
    upper = dist.ppf(1. - tol)
    return lower, upper


def _crps_cdf_single(x, cdf_or_dist, xmin=None, xmax=None, tol=1e-6):
    # TODO: this function is pretty slow.  Look for clever ways to speed it up.

    # allow for directly passing in scipy.stats distribution objects.
    cdf = getattr(cdf_or_dist, 'cdf', cdf_or_dist)
    assert callable(cdf)

    # if bounds aren't given, discover them
    if xmin is None or xmax is None:
        # Note that infinite values for xmin and xmax are valid, but
        # it slows down the resulting quadrature significantly.
        xmin, xmax = _discover_bounds(cdf)

    # make sure the bounds haven't clipped the cdf.
    if (tol is not None) and (cdf(xmin) >= tol) or (cdf(xmax) <= (1. - tol)):
        raise ValueError('CDF does not meet tolerance requirements at %s '
                         'extreme(s)! Consider using function defaults '
                         'or using infinities at the bounds. '
                         % ('lower' if cdf(xmin) >= tol else 'upper'))

    # CRPS = int_-inf^inf (F(y) - H(x))**2 dy
    #      = int_-inf^x F(y)**2 dy + int_x^inf (1 - F(y))**2 dy
    def lhs(y):
        # left hand side of CRPS integral
        return np.square(cdf(y))
    # use quadrature to integrate the lhs
    lhs_int, lhs_tol = integrate.quad(lhs, xmin, x)
    # make sure the resulting CRPS will be with tolerance
    if (tol is not None) and (lhs_tol >= 0.5 * tol):
        raise ValueError('Lower integral did not evaluate to within tolerance! '
                         'Tolerance achieved: %f , Value of integral: %f \n'
                         'Consider setting the lower bound to -np.inf.' %
                         (lhs_tol, lhs_int))

    def rhs(y):
        # right hand side of CRPS integral
        return np.square(1. - cdf(y))
    rhs_int, rhs_tol = integrate.quad(rhs, x, xmax)
    # make sure the resulting CRPS will be with tolerance
    if (tol is not None) and (rhs_tol >= 0.5 * tol):
        raise ValueError('Upper integral did not evaluate to within tolerance! \n'
                         'Tolerance achieved: %f , Value of integral: %f \n'
                         'Consider setting the upper bound to np.inf or if '
                         'you already have, set warn_level to `ignore`.' %
                         (rhs_tol, rhs_int))

    return lhs_int + rhs_int


_crps_cdf = np.vectorize(_crps_cdf_single)


def crps_quadrature(x, cdf_or_dist, xmin=None, xmax=None, tol=1e-6):
    return _crps_cdf(x, cdf_or_dist, xmin, xmax, tol)


def _crps_ensemble_vectorized(observations, forecasts, weights=1):
    observations = np.asarray(observations)
    forecasts = np.asarray(forecasts)
    weights = np.asarray(weights)
    if weights.ndim > 0:
        weights = np.where(~np.isnan(forecasts), weights, np.nan)
        weights = weights / np.nanmean(weights, axis=-1, keepdims=True)

    if observations.ndim == forecasts.ndim - 1:
        # sum over the last axis
        assert observations.shape == forecasts.shape[:-1]
        observations = observations[..., np.newaxis]
        with suppress_warnings('Mean of empty slice'):
            score = np.nanmean(weights * abs(forecasts - observations), -1)
        # insert new axes along last and second to last forecast dimensions so
        # forecasts_diff expands with the array broadcasting
        forecasts_diff = (np.expand_dims(forecasts, -1) -
                          np.expand_dims(forecasts, -2))
        weights_matrix = (np.expand_dims(weights, -1) *
                          np.expand_dims(weights, -2))
        with suppress_warnings('Mean of empty slice'):
            score += -0.5 * np.nanmean(weights_matrix * abs(forecasts_diff),
                                       axis=(-2, -1))
        return score
    elif observations.ndim == forecasts.ndim:
        # there is no 'realization' axis to sum over (this is a deterministic
        # forecast)
        return abs(observations - forecasts)


# (adapted: the source tries ``from ._gufuncs import _crps_ensemble_gufunc as _crps_ensemble_core`` first, a numba
# kernel; this is its ``except ImportError:`` branch, the pure-NumPy version)
_crps_ensemble_core = _crps_ensemble_vectorized


def crps_ensemble(observations, forecasts, weights=None, issorted=False,
                  axis=-1):
    observations = np.asarray(observations)
    forecasts = np.asarray(forecasts)
    if axis != -1:
        forecasts = move_axis_to_end(forecasts, axis)

    if weights is not None:
        weights = move_axis_to_end(weights, axis)
        if weights.shape != forecasts.shape:
            raise ValueError('forecasts and weights must have the same shape')

    if observations.shape not in [forecasts.shape, forecasts.shape[:-1]]:
        raise ValueError('observations and forecasts must have matching '
                         'shapes or matching shapes except along `axis=%s`'
                         % axis)

    if observations.shape == forecasts.shape:
        if weights is not None:
            raise ValueError('cannot supply weights unless you also supply '
                             'an ensemble forecast')
        return abs(observations - forecasts)

    if not issorted:
        if weights is None:
            forecasts = np.sort(forecasts, axis=-1)
        else:
            idx = argsort_indices(forecasts, axis=-1)
            forecasts = forecasts[idx]
            weights = weights[idx]

    if weights is None:
        weights = np.ones_like(forecasts)

    return _crps_ensemble_core(observations, forecasts, weights)


# --- properscoring/_brier.py ---


def brier_score(observations, forecasts):
    machine_eps = np.finfo(float).eps
    forecasts = np.asarray(forecasts)
    if (forecasts < 0.0).any() or (forecasts > (1.0 + machine_eps)).any():
        raise ValueError('forecasts must not be outside of the unit interval '
                         '[0, 1]')
    observations = np.asarray(observations)
    if observations.ndim > 0:
        valid_obs = observations[~np.isnan(observations)]
    else:
        valid_obs = observations if not np.isnan(observations) else []
    if not set(np.unique(valid_obs)) <= {0, 1}:
        raise ValueError('observations can only contain 0, 1, or NaN')
    return (forecasts - observations) ** 2


def _threshold_brier_score_vectorized(observations, forecasts, thresholds):
    observations = np.asarray(observations)
    thresholds = np.asarray(thresholds)
    forecasts = np.asarray(forecasts)

    def exceedances(x):
        # NaN safe calculation of threshold exceedances
        # add an extra dimension to `x` and broadcast `thresholds` so that it
        # varies along that new dimension
        with suppress_warnings('invalid value encountered in greater'):
            exceeds = (x[..., np.newaxis] >
                       thresholds.reshape((1,) * x.ndim + (-1,))
                       ).astype(float)
        if x.ndim == 0 and np.isnan(x):
            exceeds[:] = np.nan
        else:
            exceeds[np.where(np.isnan(x))] = np.nan
        return exceeds

    binary_obs = exceedances(observations)
    if observations.shape == forecasts.shape:
        prob_forecast = exceedances(forecasts)
    elif observations.shape == forecasts.shape[:-1]:
        # axis=-2 should be the 'realization' axis, after swapping that axes
        # to the end of forecasts and inserting one extra axis
        with suppress_warnings('Mean of empty slice'):
            prob_forecast = np.nanmean(exceedances(forecasts), axis=-2)
    else:
        raise AssertionError
    return brier_score(binary_obs, prob_forecast)


# (adapted: the source tries ``from ._gufuncs import _threshold_brier_score_gufunc as _threshold_brier_score_core``
# first, a numba kernel; this is its ``except ImportError:`` branch, the pure-NumPy version)
_threshold_brier_score_core = _threshold_brier_score_vectorized


def threshold_brier_score(observations, forecasts, threshold, issorted=False,
                          axis=-1):
    observations = np.asarray(observations)
    threshold = np.asarray(threshold)
    forecasts = np.asarray(forecasts)

    if axis != -1:
        forecasts = move_axis_to_end(forecasts, axis)

    if forecasts.shape == observations.shape:
        forecasts = forecasts[..., np.newaxis]

    if observations.shape != forecasts.shape[:-1]:
        raise ValueError('observations and forecasts must have matching '
                         'shapes or matching shapes except along `axis=%s`'
                         % axis)

    scalar_threshold = threshold.ndim == 0

    if threshold.ndim > 1:
        raise ValueError('threshold must be scalar or 1-dimensional')
    if threshold.ndim == 1 and not (np.sort(threshold) == threshold).all():
        raise ValueError('1D thresholds must be sorted')

    threshold = threshold.reshape((1,) * observations.ndim + (-1,))

    if not issorted:
        forecasts = np.sort(forecasts, axis=-1)

    result = _threshold_brier_score_core(observations, forecasts, threshold)

    if scalar_threshold:
        result = result.squeeze(axis=-1)

    return result


# --- the cases' calling conventions (see the module docstring) -----------------------------------------------------


def crps_gaussian_grad(x, mu, sig):
    return crps_gaussian(x, mu, sig, grad=True)


def crps_ensemble_weighted(observations, forecasts, weights):
    return crps_ensemble(observations, forecasts, weights)


def crps_ensemble_sorted(observations, forecasts):
    return crps_ensemble(observations, forecasts, issorted=True)


def crps_ensemble_axis0(observations, forecasts):
    return crps_ensemble(observations, forecasts, axis=0)


def crps_quadrature_normal(x, mu, sig):
    # the README's ``ps.crps_quadrature(0, norm)``, with bounds as in tests/test_crps.py (mu -+ 5 sig)
    return crps_quadrature(x, stats.norm(mu, sig), xmin=mu - 5 * sig, xmax=mu + 5 * sig)


def threshold_brier_score_axis0(observations, forecasts, threshold):
    return threshold_brier_score(observations, forecasts, threshold, axis=0)


# --- inputs ---------------------------------------------------------------------------------------------------------

STATIONS, MEMBERS = 40, 20


def _observed(rng, n=STATIONS):
    # daily mean 2 m temperature [deg C] at n stations
    return rng.normal(14.0, 6.0, size=n)


def _ensemble(rng, n=STATIONS, members=MEMBERS):
    # (observations, members): each station's forecast biased by up to 1 K, spread 1-3 K around the truth
    obs = _observed(rng, n)
    centre = obs + rng.uniform(-1.0, 1.0, size=n)
    spread = rng.uniform(1.0, 3.0, size=n)
    return obs, centre[:, None] + spread[:, None] * rng.standard_normal((n, members))


def _ensemble_missing(rng):
    # a few members missing (NaN) at fixed places, as when a model run fails: the source ignores them
    obs, ens = _ensemble(rng)
    ens[[2, 9, 9, 30], [0, 4, 5, 19]] = np.nan
    return obs, ens


def _ensemble_nan_observed(rng):
    # two stations did not report (NaN observations: their score is NaN)
    obs, ens = _ensemble(rng)
    obs[[7, 33]] = np.nan
    return obs, ens


def _weighted(rng):
    # members of unequal weight (a higher-resolution control run counts more)
    obs, ens = _ensemble(rng)
    return obs, ens, rng.uniform(0.5, 2.0, size=ens.shape)


def _weighted_missing(rng):
    obs, ens, w = _weighted(rng)
    ens[[4, 21], [3, 11]] = np.nan
    return obs, ens, w


def _equal_weights(make):
    # what crps_ensemble passes when no weights are given (np.ones_like(forecasts)); the source's default
    # ``weights=1`` (0-d) fails in NumPy 2 at ``np.expand_dims(weights, -2)`` (axis out of bounds), so no case uses it
    def inputs(rng):
        obs, ens = make(rng)
        return obs, ens, np.ones_like(ens)
    return inputs


def _deterministic(rng):
    obs, ens = _ensemble(rng)
    return obs, ens[:, 0]


def _sorted(rng):
    obs, ens = _ensemble(rng)
    return obs, np.sort(ens, axis=-1)


def _members_first(rng):
    obs, ens = _ensemble(rng)
    return obs, np.ascontiguousarray(ens.T)


def _grid(rng):
    # a 6 x 8 grid of observations and a 12-member ensemble at each point
    obs = rng.normal(10.0, 4.0, size=(6, 8))
    return obs, obs[..., None] + rng.normal(0.3, 1.5, size=(6, 8, 12))


def _gaussian(rng):
    # (observation, forecast mean, forecast standard deviation) per station
    obs = _observed(rng)
    return obs, obs + rng.normal(0.0, 1.5, size=STATIONS), rng.uniform(0.8, 3.0, size=STATIONS)


def _gaussian_models(rng):
    # four models' Gaussian forecasts (4, n) scored against one observation vector (n,): broadcasting
    obs = _observed(rng)
    return obs, obs + rng.normal(0.0, 1.5, size=(4, STATIONS)), rng.uniform(0.8, 3.0, size=(4, 1))


def _gaussian_float32(rng):
    return tuple(a.astype(np.float32) for a in _gaussian(rng))


def _gaussian_few(rng):
    # six observations and a scalar (0-d) forecast distribution, as in tests/test_crps.py's quadrature check
    return rng.normal(0.5, 1.0, size=6), np.float64(rng.uniform(-0.5, 0.5)), np.float64(rng.uniform(0.8, 1.5))


def _rain(rng, n=STATIONS):
    # (did it rain: 0 / 1, NaN for a missing report; forecast probability of rain)
    p = rng.uniform(0.0, 1.0, size=n)
    obs = (rng.uniform(size=n) < p).astype(float)
    obs[[5, 17]] = np.nan
    return obs, p


def _thresholds(rng, count=10):
    # sorted thresholds over the data's range, as tests/test_brier.py's np.linspace(-2, 2, num=10)
    obs, ens = _ensemble_missing(rng)
    obs[[11, 26]] = np.nan
    return obs, ens, np.linspace(0.0, 28.0, num=count)


def _threshold_scalar(rng):
    obs, ens, _ = _thresholds(rng)
    return obs, ens, np.float64(15.0)


def _threshold_deterministic(rng):
    obs, ens, t = _thresholds(rng)
    return obs, ens[:, 0], t


def _threshold_members_first(rng):
    obs, ens, t = _thresholds(rng)
    return obs, np.ascontiguousarray(ens.T), t


CASES = [
    case(_normpdf, lambda rng: (rng.normal(size=STATIONS),), PS("_crps.py", "_normpdf")),
    case(crps_gaussian, _gaussian, PS("_crps.py", "crps_gaussian")),
    case(crps_gaussian, _gaussian_models, PS("_crps.py", "crps_gaussian", "forecasts (4, n) against observations (n,)"), name="properscoring.crps_gaussian_broadcast"),
    case(crps_gaussian, _gaussian_float32, PS("_crps.py", "crps_gaussian", "float32"), name="properscoring.crps_gaussian_float32"),
    case(crps_gaussian_grad, _gaussian, PS("_crps.py", "crps_gaussian", "grad=True")),
    case(crps_quadrature_normal, _gaussian_few, PS("_crps.py", "crps_quadrature", "scipy.stats.norm(mu, sig), xmin / xmax = mu -+ 5 sig")),
    case(_crps_ensemble_vectorized, _equal_weights(_ensemble), PS("_crps.py", "_crps_ensemble_vectorized", "weights np.ones_like(forecasts), as crps_ensemble passes")),
    case(_crps_ensemble_vectorized, _equal_weights(_ensemble_missing), PS("_crps.py", "_crps_ensemble_vectorized", "NaN members, equal weights"), name="properscoring._crps_ensemble_vectorized_missing"),
    case(_crps_ensemble_vectorized, _weighted_missing, PS("_crps.py", "_crps_ensemble_vectorized", "weights, NaN members"), name="properscoring._crps_ensemble_vectorized_weighted"),
    case(_crps_ensemble_vectorized, _deterministic, PS("_crps.py", "_crps_ensemble_vectorized", "a deterministic forecast (the elif branch)"), name="properscoring._crps_ensemble_vectorized_deterministic"),
    case(crps_ensemble, _ensemble, PS("_crps.py", "crps_ensemble")),
    case(crps_ensemble, _ensemble_nan_observed, PS("_crps.py", "crps_ensemble", "NaN observations"), name="properscoring.crps_ensemble_nan_observed"),
    case(crps_ensemble, _deterministic, PS("_crps.py", "crps_ensemble", "a deterministic forecast (same shape)"), name="properscoring.crps_ensemble_deterministic"),
    case(crps_ensemble, _grid, PS("_crps.py", "crps_ensemble", "a 6 x 8 grid, 12 members"), name="properscoring.crps_ensemble_grid"),
    case(crps_ensemble_weighted, _weighted, PS("_crps.py", "crps_ensemble", "weights given (argsort_indices)")),
    case(crps_ensemble_sorted, _sorted, PS("_crps.py", "crps_ensemble", "issorted=True")),
    case(crps_ensemble_axis0, _members_first, PS("_crps.py", "crps_ensemble", "axis=0 (members first)")),
    case(move_axis_to_end, lambda rng: (rng.normal(size=(3, 4, 5)), 1), PS("_utils.py", "move_axis_to_end", "axis=1")),
    case(argsort_indices, lambda rng: (rng.normal(size=(4, 6)),), PS("_utils.py", "argsort_indices")),
    case(brier_score, _rain, PS("_brier.py", "brier_score", "NaN observations")),
    case(_threshold_brier_score_vectorized, _thresholds, PS("_brier.py", "_threshold_brier_score_vectorized")),
    case(threshold_brier_score, _thresholds, PS("_brier.py", "threshold_brier_score", "10 sorted thresholds")),
    case(threshold_brier_score, _threshold_scalar, PS("_brier.py", "threshold_brier_score", "a scalar threshold (squeeze)"), name="properscoring.threshold_brier_score_scalar"),
    case(threshold_brier_score, _threshold_deterministic, PS("_brier.py", "threshold_brier_score", "a deterministic forecast"), name="properscoring.threshold_brier_score_deterministic"),
    case(threshold_brier_score_axis0, _threshold_members_first, PS("_brier.py", "threshold_brier_score", "axis=0")),
]
