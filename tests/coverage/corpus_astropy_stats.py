"""astropy's statistics functions: circular statistics, jackknife, biweight estimators, binomial and Poisson
confidence intervals, the median absolute deviation, Kuiper's test, interval folding, information criteria,
Bayesian blocks and histogram bin widths (astropy/astropy, BSD-3-Clause).

Copied from astropy/astropy at 1fdfae1fe1881234e08855ac662dae86e538ed7c (its LICENSE.rst is the 3-clause BSD
licence: "Copyright (c) 2011-2026, Astropy Developers"), the files of ``astropy/stats/`` named in each section
below. Bodies are as written, comments kept, docstrings and type annotations dropped (default values kept). They
are: the circular statistics (``np.broadcast_to`` in a ``try``, an ``isinstance`` test for ``Quantity``, ``if`` on
a method string, ``rayleightest``'s ``if n < 50``, ``vtest``'s ``scipy.stats.norm``, ``_A1inv``'s three
``np.where``), the jackknife (a loop of ``np.delete`` rows, ``np.apply_along_axis``, ``erfinv``), the biweight
location, scale, midvariance, midcovariance and midcorrelation (the choice of median and sum functions, an early
return on a zero or NaN MAD, masked writes of zeros, ``np.isscalar`` of the result, ``np.where(mad == 0)[0]``
rows and columns set to zero), ``binom_conf_interval`` (four intervals, masked clipping writes, the scalar kludge
``if k == 0``), ``binned_binom_proportion`` (two ``np.histogram``, bins with entries selected by a mask),
``poisson_conf_interval`` (five intervals, ``np.isscalar`` and masked writes of the zero counts,
``scipy.stats.chi2``), ``median_absolute_deviation`` and ``mad_std`` (``np.ma`` tests on the result),
``kuiper_false_positive_probability`` (four branches on ``D`` and ``N``: factorials, a sum over ``np.arange`` of
a data-dependent length, ``comb`` with a masked write), ``kuiper``, ``fold_intervals`` (a loop over tuples into a
``set`` and a ``dict``, slices of an array by dict lookups), ``cdf_from_intervals`` (``raise`` guards, a returned
lambda of ``np.interp``), ``interval_overlap_length`` (nested ``if`` on scalars), ``histogram_intervals`` (nested
loops over ``range(math.floor(start), math.ceil(end))``), the information criteria (an ``if`` on the sample
size), Bayesian blocks (``FitnessFunc.fit``: ``np.unique`` with indices and inverse, a loop adding one cell at a
time that builds keyword arguments by ``inspect.signature`` of a method, ``np.argmax`` writes, a ``while`` loop
with ``break`` peeling off change points, ``np.divide``/``np.log``/``np.multiply`` with ``out=`` and ``where=``)
and the bin-width rules (``max`` of a Python int and a NumPy float, ``np.percentile``, a ``try`` around
``np.arange``) and Knuth's likelihood (``_KnuthF``: ``np.histogram``, ``gammaln``).

Adapted, beyond that:

* astropy is not installed: ``Quantity`` (``astropy.units``) and ``AstropyUserWarning`` are empty stand-in classes
  (no case passes a ``Quantity``), and ``HAS_BOTTLENECK``, ``HAS_SCIPY`` and ``HAS_MPMATH`` are ``False``, ``True``
  and ``False``, so ``nanmedian`` and ``nansum`` are NumPy's, as ``astropy/stats/nanfunctions.py`` makes them
  without bottleneck;
* ``poisson_conf_interval``'s ``kraft-burrows-nousek`` branch calls ``_kraft_burrows_nousek`` (not copied): a
  stand-in that raises; no case takes that branch;
* ``median_absolute_deviation``'s local ``from astropy.stats.nanfunctions import nanmedian`` is dropped (the
  module-level stand-in is the same function);
* ``jackknife_stats``' ``statistic``, ``kuiper``'s ``cdf`` and ``bayesian_blocks``' ``fitness`` are given by small
  wrappers that call the function with them.

Not taken: ``bootstrap`` (NumPy's global random state), ``knuth_bin_width`` (``scipy.optimize.fmin``),
``kuiper_two`` (a Cython kernel), the Kraft-Burrows-Nousek interval (``scipy.integrate.quad`` and ``brentq`` or
mpmath), ``sigma_clipping`` (classes over masked arrays).

The inputs are angles in radians (von Mises-like clusters), short normal samples (one with a NaN, one constant
for the zero-MAD branch), successes out of trials, Poisson counts with zeros, sorted event times for the blocks,
and fixed Python tuples where the functions take intervals (Python values are part of the trace key).
"""

# ruff: noqa: E501, B904, B028
from __future__ import annotations

import math
import warnings
from inspect import signature

import numpy as np

from tests.coverage.cases import ASTROPY, Source, case


def AST(path: str, original: str, note: str = "") -> Source:
    return Source(ASTROPY, "astropy/stats/" + path, original, note)


# --- stand-ins (see the module docstring) ----------------------------------------------------------------------------
class Quantity:
    """astropy.units.Quantity stand-in: no case passes one."""


class AstropyUserWarning(UserWarning):
    """astropy.utils.exceptions.AstropyUserWarning stand-in."""


HAS_BOTTLENECK = False
HAS_SCIPY = True
HAS_MPMATH = False
# astropy/stats/nanfunctions.py without bottleneck
nanmedian = np.nanmedian
nansum = np.nansum


def _kraft_burrows_nousek(N, B, CL):
    raise NotImplementedError("not copied (see the module docstring)")


# --- astropy/stats/circstats.py --------------------------------------------------------------------------------------
def _components(data, p=1.0, phi=0.0, axis=None, weights=None):
    # Utility function for computing the generalized rectangular components
    # of the circular data.
    if weights is None:
        weights = np.ones((1,))
    try:
        weights = np.broadcast_to(weights, data.shape)
    except ValueError:
        raise ValueError("Weights and data have inconsistent shape.")

    C = np.sum(weights * np.cos(p * (data - phi)), axis) / np.sum(weights, axis)
    S = np.sum(weights * np.sin(p * (data - phi)), axis) / np.sum(weights, axis)

    return C, S


def _angle(data, p=1.0, phi=0.0, axis=None, weights=None):
    # Utility function for computing the generalized sample mean angle
    C, S = _components(data, p, phi, axis, weights)

    # theta will be an angle in the interval [-np.pi, np.pi)
    # [-180, 180)*u.deg in case data is a Quantity
    theta = np.arctan2(S, C)

    if isinstance(data, Quantity):
        theta = theta.to(data.unit)

    return theta


def _length(data, p=1.0, phi=0.0, axis=None, weights=None):
    # Utility function for computing the generalized sample length
    C, S = _components(data, p, phi, axis, weights)
    return np.hypot(S, C)


def circmean(data, axis=None, weights=None):
    return _angle(data, 1.0, 0.0, axis, weights)


def circvar(data, axis=None, weights=None):
    return 1.0 - _length(data, 1.0, 0.0, axis, weights)


def circstd(data, axis=None, weights=None, method="angular"):
    if method not in ("angular", "circular"):
        raise ValueError("method should be either 'angular' or 'circular'")

    if method == "angular":
        return np.sqrt(2.0 * (1.0 - _length(data, 1.0, 0.0, axis, weights)))
    else:
        return np.sqrt(-2.0 * np.log(_length(data, 1.0, 0.0, axis, weights)))


def circmoment(data, p=1.0, centered=False, axis=None, weights=None):
    if centered:
        phi = circmean(data, axis, weights)
    else:
        phi = 0.0

    return _angle(data, p, phi, axis, weights), _length(data, p, phi, axis, weights)


def circcorrcoef(alpha, beta, axis=None, weights_alpha=None, weights_beta=None):
    if np.size(alpha, axis) != np.size(beta, axis):
        raise ValueError("alpha and beta must be arrays of the same size")

    mu_a = circmean(alpha, axis, weights_alpha)
    mu_b = circmean(beta, axis, weights_beta)

    sin_a = np.sin(alpha - mu_a)
    sin_b = np.sin(beta - mu_b)
    rho = np.sum(sin_a * sin_b) / np.sqrt(np.sum(sin_a * sin_a) * np.sum(sin_b * sin_b))

    return rho


def rayleightest(data, axis=None, weights=None):
    n = np.size(data, axis=axis)
    Rbar = _length(data, 1.0, 0.0, axis, weights)
    z = n * Rbar * Rbar

    # see [3] and [4] for the formulae below
    tmp = 1.0
    if n < 50:
        tmp = (
            1.0
            + (2.0 * z - z * z) / (4.0 * n)
            - (24.0 * z - 132.0 * z**2.0 + 76.0 * z**3.0 - 9.0 * z**4.0)
            / (288.0 * n * n)
        )

    p_value = np.exp(-z) * tmp
    return p_value


def vtest(data, mu=0.0, axis=None, weights=None):
    from scipy.stats import norm

    if weights is None:
        weights = np.ones((1,))
    try:
        weights = np.broadcast_to(weights, data.shape)
    except ValueError:
        raise ValueError("Weights and data have inconsistent shape.")

    n = np.size(data, axis=axis)
    R0bar = np.sum(weights * np.cos(data - mu), axis) / np.sum(weights, axis)
    z = np.sqrt(2.0 * n) * R0bar
    pz = norm.cdf(z)
    fz = norm.pdf(z)
    # see reference [3]
    p_value = (
        1
        - pz
        + fz
        * (
            (3 * z - z**3) / (16.0 * n)
            + (15 * z + 305 * z**3 - 125 * z**5 + 9 * z**7) / (4608.0 * n * n)
        )
    )
    return p_value


def _A1inv(x):
    # Approximation for _A1inv(x) according R Package 'CircStats'
    # See http://www.scienceasia.org/2012.38.n1/scias38_118.pdf, equation (4)

    kappa1 = np.where(
        np.logical_and(0 <= x, x < 0.53), 2.0 * x + x * x * x + (5.0 * x**5) / 6.0, 0
    )
    kappa2 = np.where(
        np.logical_and(0.53 <= x, x < 0.85), -0.4 + 1.39 * x + 0.43 / (1.0 - x), 0
    )
    kappa3 = np.where(
        np.logical_or(x < 0, 0.85 <= x), 1.0 / (x * x * x - 4.0 * x * x + 3.0 * x), 0
    )

    return kappa1 + kappa2 + kappa3


def vonmisesmle(data, axis=None, weights=None):
    mu = circmean(data, axis=axis, weights=weights)

    kappa = _A1inv(_length(data, p=1.0, phi=0.0, axis=axis, weights=weights))
    return mu, kappa


# --- astropy/stats/jackknife.py --------------------------------------------------------------------------------------
def jackknife_resampling(data):
    n = data.shape[0]
    if n <= 0:
        raise ValueError("data must contain at least one measurement.")

    resamples = np.empty([n, n - 1])

    for i in range(n):
        resamples[i] = np.delete(data, i)

    return resamples


def jackknife_stats(data, statistic, confidence_level=0.95):
    # jackknife confidence interval
    if not (0 < confidence_level < 1):
        raise ValueError("confidence level must be in (0, 1).")

    # make sure original data is proper
    n = data.shape[0]
    if n <= 0:
        raise ValueError("data must contain at least one measurement.")

    # Only import scipy if inputs are valid
    from scipy.special import erfinv

    resamples = jackknife_resampling(data)

    stat_data = statistic(data)
    jack_stat = np.apply_along_axis(statistic, 1, resamples)
    mean_jack_stat = np.mean(jack_stat, axis=0)

    # jackknife bias
    bias = (n - 1) * (mean_jack_stat - stat_data)

    # jackknife standard error
    std_err = np.sqrt(
        (n - 1)
        * np.mean((jack_stat - mean_jack_stat) * (jack_stat - mean_jack_stat), axis=0)
    )

    # bias-corrected "jackknifed estimate"
    estimate = stat_data - bias

    z_score = np.sqrt(2.0) * erfinv(confidence_level)
    conf_interval = estimate + z_score * np.array((-std_err, std_err))

    return estimate, bias, std_err, conf_interval


# --- astropy/stats/funcs.py ------------------------------------------------------------------------------------------
def binom_conf_interval(k, n, confidence_level=0.68269, interval="wilson"):
    if confidence_level < 0.0 or confidence_level > 1.0:
        raise ValueError("confidence_level must be between 0. and 1.")
    alpha = 1.0 - confidence_level

    k = np.asarray(k).astype(int)
    n = np.asarray(n).astype(int)

    if (n <= 0).any():
        raise ValueError("n must be positive")
    if (k < 0).any() or (k > n).any():
        raise ValueError("k must be in {0, 1, .., n}")

    if interval == "wilson" or interval == "wald":
        from scipy.special import erfinv

        kappa = np.sqrt(2.0) * min(erfinv(confidence_level), 1.0e10)  # Avoid overflows.
        k = k.astype(float)
        n = n.astype(float)
        p = k / n

        if interval == "wilson":
            midpoint = (k + kappa**2 / 2.0) / (n + kappa**2)
            halflength = (
                (kappa * np.sqrt(n))
                / (n + kappa**2)
                * np.sqrt(p * (1 - p) + kappa**2 / (4 * n))
            )
            conf_interval = np.array([midpoint - halflength, midpoint + halflength])

            # Correct intervals out of range due to floating point errors.
            conf_interval[conf_interval < 0.0] = 0.0
            conf_interval[conf_interval > 1.0] = 1.0
        else:
            midpoint = p
            halflength = kappa * np.sqrt(p * (1.0 - p) / n)
            conf_interval = np.array([midpoint - halflength, midpoint + halflength])

    elif interval == "jeffreys" or interval == "flat":
        from scipy.special import betaincinv

        if interval == "jeffreys":
            lowerbound = betaincinv(k + 0.5, n - k + 0.5, 0.5 * alpha)
            upperbound = betaincinv(k + 0.5, n - k + 0.5, 1.0 - 0.5 * alpha)
        else:
            lowerbound = betaincinv(k + 1, n - k + 1, 0.5 * alpha)
            upperbound = betaincinv(k + 1, n - k + 1, 1.0 - 0.5 * alpha)

        # Set lower or upper bound to k/n when k/n = 0 or 1
        #  We have to treat the special case of k/n being scalars,
        #  which is an ugly kludge
        if lowerbound.ndim == 0:
            if k == 0:
                lowerbound = 0.0
            elif k == n:
                upperbound = 1.0
        else:
            lowerbound[k == 0] = 0
            upperbound[k == n] = 1

        conf_interval = np.array([lowerbound, upperbound])
    else:
        raise ValueError(f"Unrecognized interval: {interval:s}")

    return conf_interval


def binned_binom_proportion(x, success, bins=10, range=None, confidence_level=0.68269, interval="wilson"):
    x = np.ravel(x)
    success = np.ravel(success).astype(bool)
    if x.shape != success.shape:
        raise ValueError("sizes of x and success must match")

    # Put values into a histogram (`n`). Put "successful" values
    # into a second histogram (`k`) with identical binning.
    n, bin_edges = np.histogram(x, bins=bins, range=range)
    k, bin_edges = np.histogram(x[success], bins=bin_edges)
    bin_ctr = (bin_edges[:-1] + bin_edges[1:]) / 2.0
    bin_halfwidth = bin_ctr - bin_edges[:-1]

    # Remove bins with zero entries.
    valid = n > 0
    bin_ctr = bin_ctr[valid]
    bin_halfwidth = bin_halfwidth[valid]
    n = n[valid]
    k = k[valid]

    p = k / n
    bounds = binom_conf_interval(
        k, n, confidence_level=confidence_level, interval=interval
    )
    perr = np.abs(bounds - p)

    return bin_ctr, bin_halfwidth, p, perr


def _check_poisson_conf_inputs(sigma, background, confidence_level, name):
    if sigma != 1:
        raise ValueError(f"Only sigma=1 supported for interval {name}")
    if background != 0:
        raise ValueError(f"background not supported for interval {name}")
    if confidence_level is not None:
        raise ValueError(f"confidence_level not supported for interval {name}")


def poisson_conf_interval(n, interval="root-n", sigma=1.0, background=0.0, confidence_level=None):
    if not np.isscalar(n):
        n = np.asanyarray(n)

    if interval == "root-n":
        _check_poisson_conf_inputs(sigma, background, confidence_level, interval)
        conf_interval = np.array([n - np.sqrt(n), n + np.sqrt(n)])
    elif interval == "root-n-0":
        _check_poisson_conf_inputs(sigma, background, confidence_level, interval)
        conf_interval = np.array([n - np.sqrt(n), n + np.sqrt(n)])
        if np.isscalar(n):
            if n == 0:
                conf_interval[1] = 1
        else:
            conf_interval[1, n == 0] = 1
    elif interval == "pearson":
        _check_poisson_conf_inputs(sigma, background, confidence_level, interval)
        conf_interval = np.array(
            [n + 0.5 - np.sqrt(n + 0.25), n + 0.5 + np.sqrt(n + 0.25)]
        )
    elif interval == "sherpagehrels":
        _check_poisson_conf_inputs(sigma, background, confidence_level, interval)
        conf_interval = np.array([n - 1 - np.sqrt(n + 0.75), n + 1 + np.sqrt(n + 0.75)])
    elif interval == "frequentist-confidence":
        _check_poisson_conf_inputs(1.0, background, confidence_level, interval)
        import scipy.stats

        alpha = scipy.stats.norm.sf(sigma)
        conf_interval = np.array(
            [
                0.5 * scipy.stats.chi2(2 * n).ppf(alpha),
                0.5 * scipy.stats.chi2(2 * n + 2).isf(alpha),
            ]
        )
        if np.isscalar(n):
            if n == 0:
                conf_interval[0] = 0
        else:
            conf_interval[0, n == 0] = 0
    elif interval == "kraft-burrows-nousek":
        # Deprecation warning when N is float, so we force int,
        # see https://github.com/astropy/astropy/issues/10832
        if np.isscalar(n):
            if not isinstance(n, int):
                raise TypeError("Number of counts must be integer.")
        elif not issubclass(n.dtype.type, np.integer):
            raise TypeError("Number of counts must be integer.")

        if confidence_level is None:
            raise ValueError(
                f"Set confidence_level for method {interval}. (sigma is ignored.)"
            )
        confidence_level = np.asanyarray(confidence_level)
        if np.any(confidence_level <= 0) or np.any(confidence_level >= 1):
            raise ValueError("confidence_level must be a number between 0 and 1.")
        background = np.asanyarray(background)
        if np.any(background < 0):
            raise ValueError("Background must be >= 0.")
        conf_interval = np.vectorize(_kraft_burrows_nousek, cache=True)(
            n, background, confidence_level
        )
        conf_interval = np.vstack(conf_interval)
    else:
        raise ValueError(f"Invalid method for Poisson confidence intervals: {interval}")
    return conf_interval


def median_absolute_deviation(data, axis=None, func=None, ignore_nan=False):
    if func is None:
        # Check if the array has a mask and if so use np.ma.median
        # See https://github.com/numpy/numpy/issues/7330 why using np.ma.median
        # for normal arrays should not be done (summary: np.ma.median always
        # returns an masked array even if the result should be scalar). (#4658)
        if isinstance(data, np.ma.MaskedArray):
            is_masked = True
            func = np.ma.median
            if ignore_nan:
                data = np.ma.masked_where(np.isnan(data), data, copy=True)
        elif ignore_nan:
            # prevent circular import
            # (adapted: astropy.stats.nanfunctions' nanmedian is the module-level stand-in)

            is_masked = False
            func = nanmedian
        else:
            is_masked = False
            func = np.median  # drops units if result is NaN
    else:
        is_masked = None

    data = np.asanyarray(data)
    # np.nanmedian has `keepdims`, which is a good option if we're not allowing
    # user-passed functions here
    data_median = func(data, axis=axis)

    # broadcast the median array before subtraction
    if axis is not None:
        data_median = np.expand_dims(data_median, axis=axis)

    if HAS_BOTTLENECK:
        result = func(np.abs(data - data_median), axis=axis)
    else:
        result = func(np.abs(data - data_median), axis=axis, overwrite_input=True)

    if axis is None and np.ma.isMaskedArray(result):
        # return scalar version
        result = result.item()
    elif np.ma.isMaskedArray(result) and not is_masked:
        # if the input array was not a masked array, we don't want to return a
        # masked array
        result = result.filled(fill_value=np.nan)

    return result


def mad_std(data, axis=None, func=None, ignore_nan=False):
    # NOTE: 1. / scipy.stats.norm.ppf(0.75) = 1.482602218505602
    MAD = median_absolute_deviation(data, axis=axis, func=func, ignore_nan=ignore_nan)
    return MAD * 1.482602218505602


def signal_to_noise_oir_ccd(t, source_eps, sky_eps, dark_eps, rd, npix, gain=1.0):
    signal = t * source_eps * gain
    noise = np.sqrt(
        t * (source_eps * gain + npix * (sky_eps * gain + dark_eps)) + npix * rd**2
    )
    return signal / noise


def kuiper_false_positive_probability(D, N):
    if not HAS_SCIPY:
        raise ModuleNotFoundError(
            "scipy is required for kuiper_false_positive_probability"
        )
    from scipy.special import comb, factorial

    if D < 0.0 or D > 2.0:
        raise ValueError("Must have 0<=D<=2 by definition of the Kuiper test")

    if D < 2.0 / N:
        return 1.0 - factorial(N) * (D - 1.0 / N) ** (N - 1)
    elif D < 3.0 / N:
        k = -(N * D - 1.0) / 2.0
        r = np.sqrt(k**2 - (N * D - 2.0) ** 2 / 2.0)
        a, b = -k + r, -k - r
        return 1 - (
            factorial(N - 1)
            * (b ** (N - 1) * (1 - a) - a ** (N - 1) * (1 - b))
            / N ** (N - 2)
            / (b - a)
        )
    elif (D > 0.5 and N % 2 == 0) or (D > (N - 1.0) / (2.0 * N) and N % 2 == 1):
        # NOTE: the upper limit of this sum is taken from Stephens 1965
        t = np.arange(np.floor(N * (1 - D)) + 1)
        y = D + t / N
        Tt = y ** (t - 3) * (
            y**3 * N
            - y**2 * t * (3 - 2 / N)
            + y * t * (t - 1) * (3 - 2 / N) / N
            - t * (t - 1) * (t - 2) / N**2
        )
        term1 = comb(N, t)
        term2 = (1 - D - t / N) ** (N - t - 1)
        # term1 is formally finite, but is approximated by numpy as np.inf for
        # large values, so we set them to zero manually when they would be
        # multiplied by zero anyway
        term1[(term1 == np.inf) & (term2 == 0)] = 0.0
        final_term = Tt * term1 * term2
        return final_term.sum()
    else:
        z = D * np.sqrt(N)
        # When m*z>18.82 (sqrt(-log(finfo(double))/2)), exp(-2m**2z**2)
        # underflows.  Cutting off just before avoids triggering a (pointless)
        # underflow warning if `under="warn"`.
        ms = np.arange(1, 18.82 / z)
        S1 = (2 * (4 * ms**2 * z**2 - 1) * np.exp(-2 * ms**2 * z**2)).sum()
        S2 = (ms**2 * (4 * ms**2 * z**2 - 3) * np.exp(-2 * ms**2 * z**2)).sum()
        return S1 - 8 * D / 3 * S2


def kuiper(data, cdf=lambda x: x, args=()):
    data = np.sort(data)
    cdfv = cdf(data, *args)
    N = len(data)
    D = np.amax(cdfv - np.arange(N) / float(N)) + np.amax(
        (np.arange(N) + 1) / float(N) - cdfv
    )

    return D, kuiper_false_positive_probability(D, N)


def fold_intervals(intervals):
    r = []
    breaks = set()
    tot = 0
    for a, b, wt in intervals:
        tot += (np.ceil(b) - np.floor(a)) * wt
        fa = a % 1
        breaks.add(fa)
        r.append((0, fa, -wt))
        fb = b % 1
        breaks.add(fb)
        r.append((fb, 1, -wt))

    breaks.add(0.0)
    breaks.add(1.0)
    breaks = sorted(breaks)
    breaks_map = {f: i for (i, f) in enumerate(breaks)}
    totals = np.zeros(len(breaks) - 1)
    totals += tot
    for a, b, wt in r:
        totals[breaks_map[a] : breaks_map[b]] += wt
    return np.array(breaks), totals


def cdf_from_intervals(breaks, totals):
    if breaks[0] != 0 or breaks[-1] != 1:
        raise ValueError("Intervals must be restricted to [0,1]")
    if np.any(np.diff(breaks) <= 0):
        raise ValueError("Breaks must be strictly increasing")
    if np.any(totals < 0):
        raise ValueError("Total weights in each subinterval must be nonnegative")
    if np.all(totals == 0):
        raise ValueError("At least one interval must have positive exposure")
    b = breaks.copy()
    c = np.concatenate(((0,), np.cumsum(totals * np.diff(b))))
    c /= c[-1]
    return lambda x: np.interp(x, b, c, 0, 1)


def interval_overlap_length(i1, i2):
    (a, b) = i1
    (c, d) = i2
    if a < c:
        if b < c:
            return 0.0
        elif b < d:
            return b - c
        else:
            return d - c
    elif a < d:
        if b < d:
            return b - a
        else:
            return d - a
    else:
        return 0


def histogram_intervals(n, breaks, totals):
    h = np.zeros(n)
    start = n * breaks[0]
    for i, total in enumerate(totals):
        end = n * breaks[i + 1]
        for j in range(math.floor(start), math.ceil(end)):
            h[j] += total * interval_overlap_length((j, j + 1), (start, end))
        start = end

    return h


# --- astropy/stats/biweight.py ---------------------------------------------------------------------------------------
def _stat_functions(data, ignore_nan=False):
    # TODO: typing: update return Callables with custom callback protocol (https://mypy.readthedocs.io/en/stable/protocols.html#callback-protocols)
    if isinstance(data, np.ma.MaskedArray):
        median_func = np.ma.median
        sum_func = np.ma.sum
    elif ignore_nan:
        median_func = nanmedian
        sum_func = nansum
    else:
        median_func = np.median
        sum_func = np.sum

    return median_func, sum_func


def biweight_location(data, c=6.0, M=None, axis=None, *, ignore_nan=False):
    median_func, sum_func = _stat_functions(data, ignore_nan=ignore_nan)

    if isinstance(data, np.ma.MaskedArray) and ignore_nan:
        data = np.ma.masked_where(np.isnan(data), data, copy=True)

    data = np.asanyarray(data).astype(np.float64)

    if M is None:
        M = median_func(data, axis=axis)
    if axis is not None:
        M = np.expand_dims(M, axis=axis)

    # set up the differences
    d = data - M

    # set up the weighting
    mad = median_absolute_deviation(data, axis=axis, ignore_nan=ignore_nan)

    # np.ndim(mad) = 0 means axis is None or contains all axes
    # mad = 0 means data is constant or mostly constant
    # mad = np.nan means data contains NaNs and ignore_nan=False
    if np.ndim(mad) == 0 and (mad == 0.0 or np.isnan(mad)):
        return M.squeeze(axis=axis)

    if axis is not None:
        mad = np.expand_dims(mad, axis=axis)

    with np.errstate(divide="ignore", invalid="ignore"):
        u = d / (c * mad)

    # now remove the outlier points
    # ignore RuntimeWarnings for comparisons with NaN data values
    with np.errstate(invalid="ignore"):
        mask = np.abs(u) >= 1
    u = (1 - u**2) ** 2
    u[mask] = 0

    # If mad == 0 along the specified ``axis`` in the input data, return
    # the median value along that axis.
    # Ignore RuntimeWarnings for divide by zero
    with np.errstate(divide="ignore", invalid="ignore"):
        value = M.squeeze(axis=axis) + (
            sum_func(d * u, axis=axis) / sum_func(u, axis=axis)
        )
        if np.isscalar(value):
            return value

        where_func = np.where
        if isinstance(data, np.ma.MaskedArray):
            where_func = np.ma.where  # return MaskedArray
        return where_func(mad.squeeze(axis=axis) == 0, M.squeeze(axis=axis), value)


def biweight_scale(data, c=9.0, M=None, axis=None, modify_sample_size=False, *, ignore_nan=False):
    return np.sqrt(
        biweight_midvariance(
            data,
            c=c,
            M=M,
            axis=axis,
            modify_sample_size=modify_sample_size,
            ignore_nan=ignore_nan,
        )
    )


def biweight_midvariance(data, c=9.0, M=None, axis=None, modify_sample_size=False, *, ignore_nan=False):
    median_func, sum_func = _stat_functions(data, ignore_nan=ignore_nan)

    if isinstance(data, np.ma.MaskedArray) and ignore_nan:
        data = np.ma.masked_where(np.isnan(data), data, copy=True)

    data = np.asanyarray(data).astype(np.float64)

    if M is None:
        M = median_func(data, axis=axis)
    if axis is not None:
        M = np.expand_dims(M, axis=axis)

    # set up the differences
    d = data - M

    # set up the weighting
    mad = median_absolute_deviation(data, axis=axis, ignore_nan=ignore_nan)

    # np.ndim(mad) = 0 means axis is None or contains all axes
    # mad = 0 means data is constant or mostly constant
    # mad = np.nan means data contains NaNs and ignore_nan=False
    if np.ndim(mad) == 0 and (mad == 0.0 or np.isnan(mad)):
        return mad**2  # variance units

    if axis is not None:
        mad = np.expand_dims(mad, axis=axis)

    with np.errstate(divide="ignore", invalid="ignore"):
        u = d / (c * mad)

    # now remove the outlier points
    # ignore RuntimeWarnings for comparisons with NaN data values
    with np.errstate(invalid="ignore"):
        mask = np.abs(u) < 1
    if isinstance(mask, np.ma.MaskedArray):
        mask = mask.filled(fill_value=False)  # exclude masked data values

    u = u**2

    if modify_sample_size:
        n = sum_func(mask, axis=axis)
    else:
        # set good values to 1, bad values to 0
        include_mask = np.ones(data.shape)
        if isinstance(data, np.ma.MaskedArray):
            include_mask[data.mask] = 0
        if ignore_nan:
            include_mask[np.isnan(data)] = 0
        n = np.sum(include_mask, axis=axis)

    f1 = d * d * (1.0 - u) ** 4
    f1[~mask] = 0.0
    f1 = sum_func(f1, axis=axis)
    f2 = (1.0 - u) * (1.0 - 5.0 * u)
    f2[~mask] = 0.0
    f2 = np.abs(np.sum(f2, axis=axis)) ** 2

    # If mad == 0 along the specified ``axis`` in the input data, return
    # 0.0 along that axis.
    # Ignore RuntimeWarnings for divide by zero.
    with np.errstate(divide="ignore", invalid="ignore"):
        value = n * f1 / f2
        if np.isscalar(value):
            return value

        where_func = np.where
        if isinstance(data, np.ma.MaskedArray):
            where_func = np.ma.where  # return MaskedArray
        return where_func(mad.squeeze(axis=axis) == 0, 0.0, value)


def biweight_midcovariance(data, c=9.0, M=None, modify_sample_size=False):
    data = np.asanyarray(data).astype(np.float64)

    # ensure data is 2D
    if data.ndim == 1:
        data = data[np.newaxis, :]
    if data.ndim != 2:
        raise ValueError("The input array must be 2D or 1D.")

    # estimate location if not given
    if M is None:
        M = np.median(data, axis=1)
    M = np.asanyarray(M)
    if M.ndim > 1:
        raise ValueError("M must be a scalar or 1D array.")

    # set up the differences
    d = (data.T - M).T

    # set up the weighting
    mad = median_absolute_deviation(data, axis=1)

    with np.errstate(divide="ignore", invalid="ignore"):
        u = (d.T / (c * mad)).T

    # now remove the outlier points
    # ignore RuntimeWarnings for comparisons with NaN data values
    with np.errstate(invalid="ignore"):
        mask = np.abs(u) < 1
    u = u**2

    if modify_sample_size:
        maskf = mask.astype(float)
        n = np.inner(maskf, maskf)
    else:
        n = data[0].size

    usub1 = 1.0 - u
    usub5 = 1.0 - 5.0 * u
    usub1[~mask] = 0.0

    with np.errstate(divide="ignore", invalid="ignore"):
        numerator = d * usub1**2
        denominator = (usub1 * usub5).sum(axis=1)[:, np.newaxis]
        numerator_matrix = np.dot(numerator, numerator.T)
        denominator_matrix = np.dot(denominator, denominator.T)

        value = n * (numerator_matrix / denominator_matrix)
        idx = np.where(mad == 0)[0]
        value[idx, :] = 0
        value[:, idx] = 0
        return value


def biweight_midcorrelation(x, y, c=9.0, M=None, modify_sample_size=False):
    x = np.asanyarray(x)
    y = np.asanyarray(y)
    if x.ndim != 1:
        raise ValueError("x must be a 1D array.")
    if y.ndim != 1:
        raise ValueError("y must be a 1D array.")
    if x.shape != y.shape:
        raise ValueError("x and y must have the same shape.")

    bicorr = biweight_midcovariance(
        [x, y], c=c, M=M, modify_sample_size=modify_sample_size
    )

    return bicorr[0, 1] / (np.sqrt(bicorr[0, 0] * bicorr[1, 1]))


# --- astropy/stats/info_theory.py ------------------------------------------------------------------------------------
def bayesian_info_criterion(log_likelihood, n_params, n_samples):
    return n_params * np.log(n_samples) - 2.0 * log_likelihood


def bayesian_info_criterion_lsq(ssr, n_params, n_samples):
    return bayesian_info_criterion(
        -0.5 * n_samples * np.log(ssr / n_samples), n_params, n_samples
    )


def akaike_info_criterion(log_likelihood, n_params, n_samples):
    # Correction in case of small number of observations
    if n_samples / float(n_params) >= 40.0:
        aic = 2.0 * (n_params - log_likelihood)
    else:
        aic = 2.0 * (n_params - log_likelihood) + 2.0 * n_params * (n_params + 1.0) / (
            n_samples - n_params - 1.0
        )
    return aic


def akaike_info_criterion_lsq(ssr, n_params, n_samples):
    return akaike_info_criterion(
        -0.5 * n_samples * np.log(ssr / n_samples), n_params, n_samples
    )


# --- astropy/stats/bayesian_blocks.py --------------------------------------------------------------------------------
class FitnessFunc:

    def __init__(self, p0=0.05, gamma=None, ncp_prior=None):
        self.p0 = p0
        self.gamma = gamma
        self.ncp_prior = ncp_prior

    def validate_input(self, t, x=None, sigma=None):
        # validate array input
        t = np.asarray(t, dtype=float)

        # find unique values of t
        t = np.array(t)
        if t.ndim != 1:
            raise ValueError("t must be a one-dimensional array")
        unq_t, unq_ind, unq_inv = np.unique(t, return_index=True, return_inverse=True)

        # if x is not specified, x will be counts at each time
        if x is None:
            if sigma is not None:
                raise ValueError("If sigma is specified, x must be specified")
            else:
                sigma = 1.0

            if len(unq_t) == len(t):
                x = np.ones_like(t)
            else:
                x = np.bincount(unq_inv)

            t = unq_t

        # if x is specified, then we need to simultaneously sort t and x
        else:
            # TODO: allow broadcasted x?
            x = np.asarray(x, dtype=float)

            if x.shape not in [(), (1,), (t.size,)]:
                raise ValueError("x does not match shape of t")
            x += np.zeros_like(t)

            if len(unq_t) != len(t):
                raise ValueError(
                    "Repeated values in t not supported when x is specified"
                )
            t = unq_t
            x = x[unq_ind]

        # verify the given sigma value
        if sigma is None:
            sigma = 1.0
        else:
            sigma = np.asarray(sigma, dtype=float)
            if sigma.shape not in [(), (1,), (t.size,)]:
                raise ValueError("sigma does not match the shape of x")

        return t, x, sigma

    def fitness(self, **kwargs):
        raise NotImplementedError()

    def p0_prior(self, N):
        return 4 - np.log(73.53 * self.p0 * (N**-0.478))

    # the fitness_args property will return the list of arguments accepted by
    # the method fitness().  This allows more efficient computation below.
    @property
    def _fitness_args(self):
        return signature(self.fitness).parameters.keys()

    def compute_ncp_prior(self, N):
        if self.gamma is not None:
            return -np.log(self.gamma)
        elif self.p0 is not None:
            return self.p0_prior(N)
        else:
            raise ValueError(
                "``ncp_prior`` cannot be computed as neither "
                "``gamma`` nor ``p0`` is defined."
            )

    def fit(self, t, x=None, sigma=None):
        t, x, sigma = self.validate_input(t, x, sigma)

        # compute values needed for computation, below
        if "a_k" in self._fitness_args:
            ak_raw = np.ones_like(x) / sigma**2
        if "b_k" in self._fitness_args:
            bk_raw = x / sigma**2
        if "c_k" in self._fitness_args:
            ck_raw = x * x / sigma**2

        # create length-(N + 1) array of cell edges
        edges = np.concatenate([t[:1], 0.5 * (t[1:] + t[:-1]), t[-1:]])
        block_length = t[-1] - edges

        # arrays to store the best configuration
        N = len(t)
        best = np.zeros(N, dtype=float)
        last = np.zeros(N, dtype=int)

        # Compute ncp_prior if not defined
        if self.ncp_prior is None:
            ncp_prior = self.compute_ncp_prior(N)
        else:
            ncp_prior = self.ncp_prior

        # ----------------------------------------------------------------
        # Start with first data cell; add one cell at each iteration
        # ----------------------------------------------------------------
        for R in range(N):
            # Compute fit_vec : fitness of putative last block (end at R)
            kwds = {}

            # T_k: width/duration of each block
            if "T_k" in self._fitness_args:
                kwds["T_k"] = block_length[: (R + 1)] - block_length[R + 1]

            # N_k: number of elements in each block
            if "N_k" in self._fitness_args:
                kwds["N_k"] = np.cumsum(x[: (R + 1)][::-1])[::-1]

            # a_k: eq. 31
            if "a_k" in self._fitness_args:
                kwds["a_k"] = 0.5 * np.cumsum(ak_raw[: (R + 1)][::-1])[::-1]

            # b_k: eq. 32
            if "b_k" in self._fitness_args:
                kwds["b_k"] = -np.cumsum(bk_raw[: (R + 1)][::-1])[::-1]

            # c_k: eq. 33
            if "c_k" in self._fitness_args:
                kwds["c_k"] = 0.5 * np.cumsum(ck_raw[: (R + 1)][::-1])[::-1]

            # evaluate fitness function
            fit_vec = self.fitness(**kwds)

            A_R = fit_vec - ncp_prior
            A_R[1:] += best[:R]

            i_max = np.argmax(A_R)
            last[R] = i_max
            best[R] = A_R[i_max]

        # ----------------------------------------------------------------
        # Now find changepoints by iteratively peeling off the last block
        # ----------------------------------------------------------------
        change_points = np.zeros(N, dtype=int)
        i_cp = N
        ind = N
        while i_cp > 0:
            i_cp -= 1
            change_points[i_cp] = ind
            if ind == 0:
                break
            ind = last[ind - 1]
        if i_cp == 0:
            change_points[i_cp] = 0
        change_points = change_points[i_cp:]

        return edges[change_points]


class Events(FitnessFunc):

    def fitness(self, N_k, T_k):
        # Implement Eq. 19 from Scargle (2013), i.e., N_k * ln(N_k / T_k).
        # Note that when N_k -> 0, the limit of N_k * ln(N_k / T_k) is 0.
        # N_k is guaranteed to be non-negative integers by the `validate_input`
        # method, so no need to check for negative values here.
        # First, initialize an array of zeros to store the fitness values,
        # then calculate the fitness values only where N_k > 0.
        # For N_k == 0, the corresponding fitness values are zero already.
        out = np.zeros(N_k.shape)
        mask = N_k > 0
        rate = np.divide(N_k, T_k, out=out, where=mask)
        ln_rate = np.log(rate, out=out, where=mask)
        return np.multiply(N_k, ln_rate, out=out, where=mask)

    def validate_input(self, t, x, sigma):
        t, x, sigma = super().validate_input(t, x, sigma)
        if (x is not None) and (np.any(x % 1 > 0) or np.any(x < 0)):
            raise ValueError(
                "x must be non-negative integer counts for fitness='events'"
            )
        return t, x, sigma


class RegularEvents(FitnessFunc):

    def __init__(self, dt, p0=0.05, gamma=None, ncp_prior=None):
        self.dt = dt
        super().__init__(p0, gamma, ncp_prior)

    def validate_input(self, t, x=None, sigma=None):
        t, x, sigma = super().validate_input(t, x, sigma)
        if not np.all((x == 0) | (x == 1)):
            raise ValueError("Regular events must have only 0 and 1 in x")
        return t, x, sigma

    def fitness(self, T_k, N_k):
        # Eq. C23 of Scargle 2013
        M_k = T_k / self.dt
        N_over_M = N_k / M_k

        eps = 1e-8
        if np.any(N_over_M > 1 + eps):
            warnings.warn(
                "regular events: N/M > 1.  Is the time step correct?",
                AstropyUserWarning,
            )

        one_m_NM = 1 - N_over_M
        N_over_M[N_over_M <= 0] = 1
        one_m_NM[one_m_NM <= 0] = 1

        return N_k * np.log(N_over_M) + (M_k - N_k) * np.log(one_m_NM)


class PointMeasures(FitnessFunc):

    def __init__(self, p0=0.05, gamma=None, ncp_prior=None):
        super().__init__(p0, gamma, ncp_prior)

    def fitness(self, a_k, b_k):
        # eq. 41 from Scargle 2013
        return (b_k * b_k) / (4 * a_k)

    def validate_input(self, t, x, sigma):
        if x is None:
            raise ValueError("x must be specified for point measures")
        return super().validate_input(t, x, sigma)


def bayesian_blocks(t, x=None, sigma=None, fitness="events", **kwargs):
    FITNESS_DICT = {
        "events": Events,
        "regular_events": RegularEvents,
        "measures": PointMeasures,
    }
    fitness = FITNESS_DICT.get(fitness, fitness)

    if type(fitness) is type and issubclass(fitness, FitnessFunc):
        fitfunc = fitness(**kwargs)
    elif isinstance(fitness, FitnessFunc):
        fitfunc = fitness
    else:
        raise ValueError("fitness parameter not understood")

    return fitfunc.fit(t, x, sigma)


# --- astropy/stats/histogram.py --------------------------------------------------------------------------------------
def scott_bin_width(data, return_bins=False):
    data = np.asarray(data)
    if data.ndim != 1:
        raise ValueError("data should be one-dimensional")

    n = data.size
    sigma = np.std(data)

    dx = 3.5 * sigma / (n ** (1 / 3))

    if return_bins:
        Nbins = np.ceil((data.max() - data.min()) / dx)
        Nbins = max(1, Nbins)
        bins = data.min() + dx * np.arange(Nbins + 1)
        return dx, bins
    else:
        return dx


def freedman_bin_width(data, return_bins=False):
    data = np.asarray(data)
    if data.ndim != 1:
        raise ValueError("data should be one-dimensional")

    n = data.size
    if n < 4:
        raise ValueError("data should have more than three entries")

    v25, v75 = np.percentile(data, [25, 75])
    dx = 2 * (v75 - v25) / (n ** (1 / 3))

    if return_bins:
        dmin, dmax = data.min(), data.max()
        Nbins = max(1, np.ceil((dmax - dmin) / dx))
        try:
            bins = dmin + dx * np.arange(Nbins + 1)
        except ValueError as e:
            if "Maximum allowed size exceeded" in str(e):
                raise ValueError(
                    "The inter-quartile range of the data is too small: "
                    f"failed to construct histogram with {Nbins + 1} bins. "
                    "Please use another bin method, such as "
                    'bins="scott"'
                )
            else:  # Something else  # pragma: no cover
                raise
        return dx, bins
    else:
        return dx


class _KnuthF:

    def __init__(self, data):
        self.data = np.array(data, copy=True)
        if self.data.ndim != 1:
            raise ValueError("data should be 1-dimensional")
        self.data.sort()
        self.n = self.data.size

        # import here rather than globally: scipy is an optional dependency.
        # Note that scipy is imported in the function which calls this,
        # so there shouldn't be any issue importing here.
        from scipy import special

        # create a reference to gammaln to use in self.eval()
        self.gammaln = special.gammaln

    def bins(self, M):
        return np.linspace(self.data[0], self.data[-1], int(M) + 1)

    def __call__(self, M):
        return self.eval(M)

    def eval(self, M):
        if not np.isscalar(M):
            M = M[0]
        M = int(M)

        if M <= 0:
            return np.inf

        bins = self.bins(M)
        nk, bins = np.histogram(self.data, bins)

        return -(
            self.n * np.log(M)
            + self.gammaln(0.5 * M)
            - M * self.gammaln(0.5)
            - self.gammaln(self.n + 0.5 * M)
            + np.sum(self.gammaln(nk + 0.5))
        )


# --- the cases -------------------------------------------------------------------------------------------------------
def _angles(rng, n=12, mu=0.7, spread=0.6):
    """Angles in radians clustered around ``mu``."""
    return mu + spread * rng.standard_normal(n)


def _sample(rng, n=15):
    return rng.normal(5.0, 2.0, size=n)


def circmean_axis(data, weights):
    return circmean(data, axis=0, weights=weights)


def circstd_circular(data):
    return circstd(data, method="circular")


def circmoment_centered(data):
    return circmoment(data, p=2.0, centered=True)


def jackknife_mean(data):
    return jackknife_stats(data, np.mean, 0.95)


def biweight_location_axis(data):
    return biweight_location(data, axis=0)


def biweight_location_nan(data):
    return biweight_location(data, ignore_nan=True)


def biweight_midvariance_modified(data):
    return biweight_midvariance(data, modify_sample_size=True)


def biweight_midvariance_axis(data):
    return biweight_midvariance(data, axis=1)


def biweight_midcovariance_modified(data):
    return biweight_midcovariance(data, modify_sample_size=True)


def binom_wald(k, n):
    return binom_conf_interval(k, n, interval="wald")


def binom_jeffreys(k, n):
    return binom_conf_interval(k, n, confidence_level=0.9, interval="jeffreys")


def binom_flat(k, n):
    return binom_conf_interval(k, n, interval="flat")


def binned_binom(x, success):
    return binned_binom_proportion(x, success, bins=5)


def poisson_root_n_0(n):
    return poisson_conf_interval(n, interval="root-n-0")


def poisson_pearson(n):
    return poisson_conf_interval(n, interval="pearson")


def poisson_frequentist(n):
    return poisson_conf_interval(n, interval="frequentist-confidence")


def mad_axis(data):
    return median_absolute_deviation(data, axis=0)


def mad_nan(data):
    return median_absolute_deviation(data, ignore_nan=True)


def mad_std_axis(data):
    return mad_std(data, axis=1)


def kuiper_normal_cdf(data):
    from scipy.stats import norm
    return kuiper(data, norm.cdf, (0.0, 1.0))


def cdf_from_intervals_at(breaks, totals, x):
    return cdf_from_intervals(breaks, totals)(x)


def fold_and_histogram(n):
    breaks, totals = fold_intervals([(0.25, 2.5, 1.0), (1.75, 3.25, 2.0), (0.5, 0.75, 0.5)])
    return histogram_intervals(n, breaks, totals)


def blocks_events(t):
    return bayesian_blocks(t)


def blocks_measures(t, x, sigma):
    return bayesian_blocks(t, x, sigma, fitness="measures")


def blocks_regular(t, x):
    return bayesian_blocks(t, x, fitness="regular_events", dt=1.0)


def blocks_gamma(t):
    return Events(gamma=0.1).fit(t)


def knuth_eval(data, M):
    return _KnuthF(data).eval(M)


def _nan_sample(rng):
    x = _sample(rng)
    x[3] = np.nan
    return x


def _counts(rng, n=8):
    c = rng.poisson(3.0, size=n)
    c[[1, 5]] = 0
    return c


def _trials(rng):
    n = rng.integers(5, 20, size=6)
    k = rng.integers(0, 5, size=6)
    k[0] = 0
    k[-1] = n[-1]
    return k, n


def _events(rng, n=20):
    """Sorted distinct event times: a sparse stretch and a dense burst."""
    return np.sort(np.concatenate([rng.uniform(0, 10, size=n - 8), rng.uniform(4, 5, size=8)]))


def _regular(rng):
    return np.arange(20.0), (rng.uniform(size=20) < np.r_[np.full(10, 0.2), np.full(10, 0.8)]).astype(float)


CASES = [
    # circstats.py
    case(_components, lambda rng: (_angles(rng),), AST("circstats.py", "_components")),
    case(circmean, lambda rng: (_angles(rng),), AST("circstats.py", "circmean")),
    case(circmean_axis, lambda rng: (_angles(rng, 12).reshape(4, 3), rng.uniform(0.5, 2.0, size=(4, 3))),
         AST("circstats.py", "circmean", "axis=0, weights")),
    case(circvar, lambda rng: (_angles(rng),), AST("circstats.py", "circvar")),
    case(circstd, lambda rng: (_angles(rng),), AST("circstats.py", "circstd", "method='angular'")),
    case(circstd_circular, lambda rng: (_angles(rng),), AST("circstats.py", "circstd", "method='circular'")),
    case(circmoment_centered, lambda rng: (_angles(rng),), AST("circstats.py", "circmoment", "p=2, centered")),
    case(circcorrcoef, lambda rng: (_angles(rng), _angles(rng, mu=2.0)), AST("circstats.py", "circcorrcoef")),
    case(rayleightest, lambda rng: (_angles(rng, 20),), AST("circstats.py", "rayleightest", "n < 50")),
    case(rayleightest, lambda rng: (_angles(rng, 60, spread=2.0),), AST("circstats.py", "rayleightest", "n >= 50"),
         name="astropy_stats.rayleightest_large"),
    case(vtest, lambda rng: (_angles(rng, 20), 0.5), AST("circstats.py", "vtest", "scipy.stats.norm")),
    case(_A1inv, lambda rng: (np.concatenate([rng.uniform(0.0, 0.5, 3), rng.uniform(0.55, 0.8, 3),
                                              rng.uniform(0.86, 0.99, 3), [-0.2]]),),
         AST("circstats.py", "_A1inv", "values in each of the three ranges")),
    case(vonmisesmle, lambda rng: (_angles(rng, 30),), AST("circstats.py", "vonmisesmle")),
    # jackknife.py
    case(jackknife_resampling, lambda rng: (_sample(rng, 8),), AST("jackknife.py", "jackknife_resampling")),
    case(jackknife_mean, lambda rng: (_sample(rng, 8),), AST("jackknife.py", "jackknife_stats", "np.mean")),
    # funcs.py
    case(binom_conf_interval, lambda rng: _trials(rng), AST("funcs.py", "binom_conf_interval", "wilson, arrays")),
    case(binom_wald, lambda rng: _trials(rng), AST("funcs.py", "binom_conf_interval", "wald")),
    case(binom_jeffreys, lambda rng: _trials(rng), AST("funcs.py", "binom_conf_interval", "jeffreys: betaincinv")),
    case(binom_flat, lambda rng: (0, 10), AST("funcs.py", "binom_conf_interval", "flat, scalars: k == 0")),
    case(binned_binom, lambda rng: (rng.uniform(0, 10, size=40), rng.uniform(size=40) < 0.4),
         AST("funcs.py", "binned_binom_proportion", "5 bins")),
    case(poisson_conf_interval, lambda rng: (_counts(rng),), AST("funcs.py", "poisson_conf_interval", "root-n")),
    case(poisson_root_n_0, lambda rng: (_counts(rng),),
         AST("funcs.py", "poisson_conf_interval", "root-n-0: masked write of the zero counts")),
    case(poisson_root_n_0, lambda rng: (0,), AST("funcs.py", "poisson_conf_interval", "root-n-0, a scalar zero"),
         name="astropy_stats.poisson_root_n_0_scalar"),
    case(poisson_pearson, lambda rng: (_counts(rng),), AST("funcs.py", "poisson_conf_interval", "pearson")),
    case(poisson_frequentist, lambda rng: (_counts(rng),),
         AST("funcs.py", "poisson_conf_interval", "frequentist-confidence: scipy.stats.chi2")),
    case(median_absolute_deviation, lambda rng: (_sample(rng),), AST("funcs.py", "median_absolute_deviation")),
    case(mad_axis, lambda rng: (rng.normal(size=(5, 3)),), AST("funcs.py", "median_absolute_deviation", "axis=0")),
    case(mad_nan, lambda rng: (_nan_sample(rng),),
         AST("funcs.py", "median_absolute_deviation", "ignore_nan: nanmedian")),
    case(mad_std_axis, lambda rng: (rng.normal(size=(3, 6)),), AST("funcs.py", "mad_std", "axis=1")),
    case(signal_to_noise_oir_ccd, lambda rng: (rng.uniform(10, 100, size=4), 20.0, 5.0, 1.0, 10.0, 25.0),
         AST("funcs.py", "signal_to_noise_oir_ccd")),
    case(kuiper_false_positive_probability, lambda rng: (np.float64(0.1), 12),
         AST("funcs.py", "kuiper_false_positive_probability", "D < 2/N")),
    case(kuiper_false_positive_probability, lambda rng: (np.float64(rng.uniform(0.35, 0.45)), 12),
         AST("funcs.py", "kuiper_false_positive_probability", "the asymptotic series"),
         name="astropy_stats.kuiper_fpp_series"),
    case(kuiper, lambda rng: (rng.uniform(size=15),), AST("funcs.py", "kuiper", "uniform cdf (the default lambda)")),
    case(kuiper_normal_cdf, lambda rng: (rng.normal(size=15),), AST("funcs.py", "kuiper", "scipy.stats.norm.cdf")),
    case(fold_intervals, lambda rng: ([(0.25, 2.5, 1.0), (1.75, 3.25, 2.0), (0.5, 0.75, 0.5)],),
         AST("funcs.py", "fold_intervals", "fixed Python intervals")),
    case(cdf_from_intervals_at, lambda rng: (np.array([0.0, 0.25, 0.5, 0.75, 1.0]), rng.uniform(0.5, 2, size=4),
                                             rng.uniform(size=6)),
         AST("funcs.py", "cdf_from_intervals", "the returned lambda called on points")),
    case(interval_overlap_length, lambda rng: ((np.float64(0.5), np.float64(2.0)), (np.float64(1.0), np.float64(3.0))),
         AST("funcs.py", "interval_overlap_length", "NumPy scalars")),
    case(histogram_intervals, lambda rng: (6, np.array([0.0, 0.25, 0.5, 0.75, 1.0]), rng.uniform(0.5, 2, size=4)),
         AST("funcs.py", "histogram_intervals")),
    case(fold_and_histogram, lambda rng: (5,), AST("funcs.py", "histogram_intervals", "of fold_intervals")),
    # biweight.py
    case(biweight_location, lambda rng: (_sample(rng),), AST("biweight.py", "biweight_location")),
    case(biweight_location_axis, lambda rng: (rng.normal(size=(7, 3)),),
         AST("biweight.py", "biweight_location", "axis=0")),
    case(biweight_location, lambda rng: (np.full(6, 2.5),), AST("biweight.py", "biweight_location",
                                                                "constant data: the zero-MAD early return"),
         name="astropy_stats.biweight_location_constant"),
    case(biweight_location_nan, lambda rng: (_nan_sample(rng),),
         AST("biweight.py", "biweight_location", "ignore_nan: nanmedian, nansum")),
    case(biweight_scale, lambda rng: (_sample(rng),), AST("biweight.py", "biweight_scale")),
    case(biweight_midvariance_modified, lambda rng: (np.append(_sample(rng), 40.0),),
         AST("biweight.py", "biweight_midvariance", "modify_sample_size, an outlier")),
    case(biweight_midvariance_axis, lambda rng: (rng.normal(size=(3, 9)),),
         AST("biweight.py", "biweight_midvariance", "axis=1")),
    case(biweight_midcovariance, lambda rng: (rng.normal(size=(3, 10)),), AST("biweight.py", "biweight_midcovariance")),
    case(biweight_midcovariance_modified, lambda rng: (np.vstack([rng.normal(size=(2, 10)), np.ones((1, 10))]),),
         AST("biweight.py", "biweight_midcovariance", "modify_sample_size; a constant row (MAD 0: zeroed)")),
    case(biweight_midcorrelation, lambda rng: (_sample(rng), _sample(rng)), AST("biweight.py", "biweight_midcorrelation")),
    # info_theory.py
    case(bayesian_info_criterion, lambda rng: (np.float64(-rng.uniform(10, 20)), 3, 50),
         AST("info_theory.py", "bayesian_info_criterion")),
    case(akaike_info_criterion, lambda rng: (np.float64(-rng.uniform(10, 20)), 3, 50),
         AST("info_theory.py", "akaike_info_criterion", "the small-sample correction")),
    case(akaike_info_criterion_lsq, lambda rng: (np.float64(rng.uniform(1, 5)), 2, 200),
         AST("info_theory.py", "akaike_info_criterion_lsq", "n/k >= 40")),
    # bayesian_blocks.py
    case(blocks_events, lambda rng: (_events(rng),), AST("bayesian_blocks.py", "bayesian_blocks", "events")),
    case(blocks_measures, lambda rng: (np.arange(16.0), np.r_[np.zeros(8), np.full(8, 3.0)] + rng.normal(0, 0.3, 16),
                                       0.3),
         AST("bayesian_blocks.py", "bayesian_blocks", "measures: a step")),
    case(blocks_regular, lambda rng: _regular(rng), AST("bayesian_blocks.py", "bayesian_blocks", "regular_events")),
    case(blocks_gamma, lambda rng: (_events(rng, 14),), AST("bayesian_blocks.py", "FitnessFunc.fit",
                                                             "Events(gamma=0.1)")),
    # histogram.py
    case(scott_bin_width, lambda rng: (_sample(rng, 30), True), AST("histogram.py", "scott_bin_width", "return_bins")),
    case(freedman_bin_width, lambda rng: (_sample(rng, 30),), AST("histogram.py", "freedman_bin_width")),
    case(freedman_bin_width, lambda rng: (_sample(rng, 30), True),
         AST("histogram.py", "freedman_bin_width", "return_bins"), name="astropy_stats.freedman_bin_width_bins"),
    case(knuth_eval, lambda rng: (_sample(rng, 30), 6), AST("histogram.py", "_KnuthF.eval")),
]
