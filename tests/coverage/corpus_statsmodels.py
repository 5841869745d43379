"""statsmodels's small NumPy helpers: time-series transforms, ARMA processes, robust statistics, kernels,
multiple-testing corrections, filters and numerical derivatives (statsmodels/statsmodels, BSD-3-Clause).

Copied from statsmodels/statsmodels at 82c59e378bdfb5ae324006c477954879ad3e24be (its LICENSE.txt is the 3-clause BSD
licence: "Copyright (C) 2006, Jonathan E. Taylor", "Copyright (c) 2006-2008 Scipy Developers", "Copyright (c)
2009-2018 statsmodels Developers"), the files named in each section below. Bodies are as written, comments kept,
docstrings, the docstring decorators (``@Substitution``, ``@Appender``) and type annotations (``pacf_burg``'s, the smoothers' ``hw_args``)
dropped. They are the module-level functions statsmodels' models call: the vec/vech operators and the duplication,
elimination and commutation matrices (a list comprehension over the rows of an identity matrix), the Jones
reparameterization of AR and MA coefficients (a double loop of element updates, one writing into its argument),
unintegrating a differenced series (recursion on a list), the ARMA autocovariances (``np.roots``, a linear system
assembled in a loop, ``scipy.signal.lfilter``), partial autocorrelations (a loop of Toeplitz solves),
fractional-integration polynomials (``gammaln``), the robust skewness and kurtosis measures (percentiles, means of
masked selections), the legacy medcouple (masks of data, an ``if`` on the number of ties, a block written with a
replacement matrix), the weighted median, robust scales (MAD through ``np.apply_over_axes``, IQR, Qn through
``np.partition``, tau-scale), the nonparametric kernels (masked writes, loops over ``np.unique`` with an ``if`` on
each value), Silverman's and Scott's bandwidths (an ``if`` on the IQR), the multiple-testing corrections
(``np.nonzero`` of rejections, the ``maximum``/``minimum.accumulate`` monotone corrections, Hommel's loop, the
two-stage FDR loop with a ``break``), the Christiano-Fitzgerald filter (a loop over observations of negatively
bounded slices) and the Baxter-King filter (``fftconvolve``), Burg's partial autocorrelations and the
Levinson-Durbin recursions (loops of updates through slices, an ``if`` on an element guarding a ``raise``), the KPSS
long-run variance (a loop over lags) the short-panel helpers (loops over groups, a Fortran-order reshape) and finite-difference gradients and Hessians (loops calling a function on
perturbed points).

Adapted, beyond that:

* ``statsmodels.tools.validation``'s ``array_like``, ``int_like``, ``float_like`` and ``bool_like`` are stand-ins:
  ``array_like`` returns its argument (every input the cases give it is already a float64 array of the dimensions it
  asks for, which ``np.require`` returns as it is); the others return ``int(value)``, ``float(value)`` and
  ``bool(value)``, or ``None`` for an optional ``None`` (the cases give Python numbers and bools, for which the
  originals return the same);
* ``PandasWrapper`` keeps only its NumPy path (``wrap`` returns ``np.asarray(obj)`` when the input was not a pandas
  object: pandas is not installed), and ``CycleTrendResult`` is the ``NamedTuple`` of ``filtertools.py``;
* ``multipletests``' ``lfdr`` branch calls ``local_fdr_correction`` (not copied: it fits a density with scipy), and
  ``levinson_durbin`` calls ``acovf`` when ``isacov`` is false (not copied: pandas and FFT paths): stand-ins that
  raise; no case takes those branches.

Not taken: the model classes, the functions that need pandas, the Cython and C kernels (``_qn``, ``_innovations``).

The inputs are short float series (normal draws, some of them rounded to a few levels for the discrete kernels),
stationary and invertible AR and MA coefficients, sorted and unsorted p-values with a few small ones, and a point
for the derivatives of a copied function (``_ar_transparams``, ``durbin_watson``).
"""

# ruff: noqa: E501, E741
from __future__ import annotations

from typing import NamedTuple

import numpy as np
from scipy import linalg, signal, stats
from scipy.signal import fftconvolve
from scipy.special import erf
from scipy.stats import norm, scoreatpercentile
from scipy.stats import norm as Gaussian

from tests.coverage.cases import STATSMODELS, Source, case


def SM(path: str, original: str, note: str = "") -> Source:
    return Source(STATSMODELS, "statsmodels/" + path, original, note)


# --- stand-ins (see the module docstring) ----------------------------------------------------------------------------
def array_like(obj, name, **kwargs):
    """statsmodels.tools.validation.array_like stand-in: the cases' inputs are already what it returns."""
    return obj


def int_like(value, name, optional=False, strict=False):
    if optional and value is None:
        return None
    return int(value)


def float_like(value, name, optional=False, strict=False):
    return float(value)


def bool_like(value, name, optional=False, strict=False):
    return bool(value)


def acovf(x, adjusted=False, demean=True, fft=True, missing="none", nlag=None):
    raise NotImplementedError("not copied (see the module docstring)")


class PandasWrapper:
    """statsmodels.tools.validation.PandasWrapper, its NumPy path only."""

    def __init__(self, pandas_obj):
        self._pandas_obj = pandas_obj

    def wrap(self, obj, columns=None, append=None, trim_start=0, trim_end=0):
        obj = np.asarray(obj)
        return obj


class CycleTrendResult(NamedTuple):
    cycle: np.ndarray
    trend: np.ndarray


def local_fdr_correction(pvals, null_proportion=1.0, is_sorted=False):
    raise NotImplementedError("not copied (see the module docstring)")


# module constants of statsmodels/tsa/arima_process.py, statsmodels/robust/scale.py, statsmodels/tools/numdiff.py
NONSTATIONARY_ERROR = """\
The model's autoregressive parameters (ar) indicate that the process
 is non-stationary. arma_acovf can only be used with stationary processes.
"""
GAUSSIAN_3_4 = Gaussian.ppf(3 / 4.0)
GAUSSIAN_IQR = GAUSSIAN_3_4 - Gaussian.ppf(1 / 4)
ONE_OVER_SQRT2_GAUSSIAN_5_8 = 1 / (np.sqrt(2) * Gaussian.ppf(5 / 8))
EPS = np.finfo(float).eps


# --- statsmodels/tsa/tsatools.py --------------------------------------------------------------------------------------
def vec(mat):
    return mat.ravel("F")


def vech(mat):
    # Gets Fortran-order
    return mat.T.take(_triu_indices(len(mat)))


def _tril_indices(n):
    rows, cols = np.tril_indices(n)
    return rows * n + cols


def _triu_indices(n):
    rows, cols = np.triu_indices(n)
    return rows * n + cols


def _diag_indices(n):
    rows, cols = np.diag_indices(n)
    return rows * n + cols


def unvec(v):
    k = int(np.sqrt(len(v)))
    assert k * k == len(v)
    return v.reshape((k, k), order="F")


def unvech(v):
    # quadratic formula, correct fp error
    rows = 0.5 * (-1 + np.sqrt(1 + 8 * len(v)))
    rows = int(np.round(rows))

    result = np.zeros((rows, rows))
    result[np.triu_indices(rows)] = v
    result = result + result.T

    # divide diagonal elements by 2
    result[np.diag_indices(rows)] /= 2

    return result


def duplication_matrix(n):
    n = int_like(n, "n")
    tmp = np.eye(n * (n + 1) // 2)
    return np.array([unvech(x).ravel() for x in tmp]).T


def elimination_matrix(n):
    n = int_like(n, "n")
    vech_indices = vec(np.tril(np.ones((n, n))))
    return np.eye(n * n)[vech_indices != 0]


def commutation_matrix(p, q):
    p = int_like(p, "p")
    q = int_like(q, "q")

    K = np.eye(p * q)
    indices = np.arange(p * q).reshape((p, q), order="F")
    return K.take(indices.ravel(), axis=0)


def _ar_transparams(params):
    newparams = np.tanh(params / 2)
    tmp = np.tanh(params / 2)
    for j in range(1, len(params)):
        a = newparams[j]
        for kiter in range(j):
            tmp[kiter] -= a * newparams[j - kiter - 1]
        newparams[:j] = tmp[:j]
    return newparams


def _ar_invtransparams(params):
    params = params.copy()
    tmp = params.copy()
    for j in range(len(params) - 1, 0, -1):
        a = params[j]
        for kiter in range(j):
            tmp[kiter] = (params[kiter] + a * params[j - kiter - 1]) / (1 - a**2)
        params[:j] = tmp[:j]
    invarcoefs = 2 * np.arctanh(params)
    return invarcoefs


def _ma_transparams(params):
    newparams = ((1 - np.exp(-params)) / (1 + np.exp(-params))).copy()
    tmp = ((1 - np.exp(-params)) / (1 + np.exp(-params))).copy()

    # levinson-durbin to get macf
    for j in range(1, len(params)):
        b = newparams[j]
        for kiter in range(j):
            tmp[kiter] += b * newparams[j - kiter - 1]
        newparams[:j] = tmp[:j]
    return newparams


def _ma_invtransparams(macoefs):
    tmp = macoefs.copy()
    for j in range(len(macoefs) - 1, 0, -1):
        b = macoefs[j]
        for kiter in range(j):
            tmp[kiter] = (macoefs[kiter] - b * macoefs[j - kiter - 1]) / (1 - b**2)
        macoefs[:j] = tmp[:j]
    invmacoefs = -np.log((1 - macoefs) / (1 + macoefs))
    return invmacoefs


def unintegrate_levels(x, d):
    d = int_like(d, "d")
    x = x[:d]
    return np.asarray([np.diff(x, d - i)[0] for i in range(d, 0, -1)])


def unintegrate(x, levels):
    levels = list(levels)[:]  # copy
    if len(levels) > 1:
        x0 = levels.pop(-1)
        return unintegrate(np.cumsum(np.r_[x0, x]), levels)
    x0 = levels[0]
    return np.cumsum(np.r_[x0, x])


# --- statsmodels/tsa/arima_process.py ---------------------------------------------------------------------------------
def arma_acovf(ar, ma, nobs=10, sigma2=1, dtype=None):
    if dtype is None:
        dtype = np.common_type(np.array(ar), np.array(ma), np.array(sigma2))

    p = len(ar) - 1
    q = len(ma) - 1
    m = max(p, q) + 1

    if sigma2.real < 0:
        raise ValueError("Must have positive innovation variance.")

    # Short-circuit for trivial corner-case
    if p == q == 0:
        out = np.zeros(nobs, dtype=dtype)
        out[0] = sigma2
        return out
    elif p > 0 and np.max(np.abs(np.roots(ar))) >= 1:
        raise ValueError(NONSTATIONARY_ERROR)

    # Get the moving average representation coefficients that we need
    ma_coeffs = arma2ma(ar, ma, lags=m)

    # Solve for the first m autocovariances via the linear system
    # described by (BD, eq. 3.3.8)
    A = np.zeros((m, m), dtype=dtype)
    b = np.zeros((m, 1), dtype=dtype)
    # We need a zero-right-padded version of ar params
    tmp_ar = np.zeros(m, dtype=dtype)
    tmp_ar[: p + 1] = ar
    for k in range(m):
        A[k, : (k + 1)] = tmp_ar[: (k + 1)][::-1]
        A[k, 1 : m - k] += tmp_ar[(k + 1) : m]
        b[k] = sigma2 * np.dot(ma[k : q + 1], ma_coeffs[: max((q + 1 - k), 0)])
    acovf = np.zeros(max(nobs, m), dtype=dtype)
    try:
        acovf[:m] = np.linalg.solve(A, b)[:, 0]
    except np.linalg.LinAlgError as exc:
        raise ValueError(NONSTATIONARY_ERROR) from exc

    # Iteratively apply (BD, eq. 3.3.9) to solve for remaining autocovariances
    if nobs > m:
        zi = signal.lfiltic([1], ar, acovf[:m:][::-1])
        acovf[m:] = signal.lfilter(
            [1], ar, np.zeros(nobs - m, dtype=dtype), zi=zi
        )[0]

    return acovf[:nobs]


def arma_acf(ar, ma, lags=10):
    acovf = arma_acovf(ar, ma, lags)
    return acovf / acovf[0]


def arma_pacf(ar, ma, lags=10):
    # TODO: Should use rank 1 inverse update
    apacf = np.zeros(lags)
    acov = arma_acf(ar, ma, lags=lags + 1)

    apacf[0] = 1.0
    for k in range(2, lags + 1):
        r = acov[:k]
        apacf[k - 1] = linalg.solve(linalg.toeplitz(r[:-1]), r[1:])[-1]
    return apacf


def arma_impulse_response(ar, ma, leads=100):
    impulse = np.zeros(leads)
    impulse[0] = 1.0
    return signal.lfilter(ma, ar, impulse)


def arma2ma(ar, ma, lags=100):
    return arma_impulse_response(ar, ma, leads=lags)


def arma2ar(ar, ma, lags=100):
    return arma_impulse_response(ma, ar, leads=lags)


def index2lpol(coeffs, index):
    n = max(index)
    ar = np.zeros(n + 1)
    ar[index] = coeffs
    return ar


def lpol_fima(d, n=20):
    # hide import inside function until we use this heavily
    from scipy.special import gammaln

    j = np.arange(n)
    return np.exp(gammaln(d + j) - gammaln(j + 1) - gammaln(d))


def lpol_fiar(d, n=20):
    # hide import inside function until we use this heavily
    from scipy.special import gammaln

    j = np.arange(n)
    ar = -np.exp(gammaln(-d + j) - gammaln(j + 1) - gammaln(-d))
    ar[0] = 1
    return ar


def deconvolve(num, den, n=None):
    num = np.atleast_1d(num)
    den = np.atleast_1d(den)
    N = len(num)
    D = len(den)
    if D > N and n is None:
        quot = []
        rem = num
    else:
        if n is None:
            n = N - D + 1
        impulse = np.zeros(n, float)
        impulse[0] = 1
        quot = signal.lfilter(num, den, impulse)
        num_approx = signal.convolve(den, quot, mode="full")
        if len(num) < len(num_approx):  # 1d only ?
            num = np.concatenate((num, np.zeros(len(num_approx) - len(num))))
        rem = num - num_approx
    return quot, rem


# --- statsmodels/stats/stattools.py -----------------------------------------------------------------------------------
def durbin_watson(resids, axis=0):
    resids = np.asarray(resids)
    diff_resids = np.diff(resids, 1, axis=axis)
    dw = np.sum(diff_resids**2, axis=axis) / np.sum(resids**2, axis=axis)
    return dw


def robust_skewness(y, axis=0):
    y = array_like(y, "y")
    if axis is None:
        y = y.ravel()
        axis = 0

    y = np.sort(y, axis)

    q1, q2, q3 = np.percentile(y, [25.0, 50.0, 75.0], axis=axis)

    mu = y.mean(axis)
    shape = (y.size,)
    if axis is not None:
        shape = list(mu.shape)
        shape.insert(axis, 1)
        shape = tuple(shape)

    mu_b = np.reshape(mu, shape)
    q2_b = np.reshape(q2, shape)

    sigma = np.sqrt(np.mean(((y - mu_b)**2), axis))

    sk1 = stats.skew(y, axis=axis)
    sk2 = (q1 + q3 - 2.0 * q2) / (q3 - q1)
    sk3 = (mu - q2) / np.mean(abs(y - q2_b), axis=axis)
    sk4 = (mu - q2) / sigma

    return sk1, sk2, sk3, sk4


def _kr3(y, alpha=5.0, beta=50.0):
    perc = (alpha, 100.0 - alpha, beta, 100.0 - beta)
    lower_alpha, upper_alpha, lower_beta, upper_beta = np.percentile(y, perc)
    l_alpha = np.mean(y[y < lower_alpha])
    u_alpha = np.mean(y[y > upper_alpha])

    l_beta = np.mean(y[y < lower_beta])
    u_beta = np.mean(y[y > upper_beta])

    return (u_alpha - l_alpha) / (u_beta - l_beta)


def expected_robust_kurtosis(ab=(5.0, 50.0), dg=(2.5, 25.0)):

    alpha, beta = ab
    delta, gamma = dg
    expected_value = np.zeros(4)
    ppf = stats.norm.ppf
    pdf = stats.norm.pdf
    q1, q2, q3, q5, q6, q7 = ppf(np.array((1.0, 2.0, 3.0, 5.0, 6.0, 7.0)) / 8)
    expected_value[0] = 3

    expected_value[1] = ((q7 - q5) + (q3 - q1)) / (q6 - q2)

    q_alpha, q_beta = ppf(np.array((alpha / 100.0, beta / 100.0)))
    expected_value[2] = (2 * pdf(q_alpha) / alpha) / (2 * pdf(q_beta) / beta)

    q_delta, q_gamma = ppf(np.array((delta / 100.0, gamma / 100.0)))
    expected_value[3] = (-2.0 * q_delta) / (-2.0 * q_gamma)

    return expected_value


def robust_kurtosis(y, axis=0, ab=(5.0, 50.0), dg=(2.5, 25.0), excess=True):
    y = array_like(y, "y")
    if (axis is None or
            (y.squeeze().ndim == 1 and y.ndim != 1)):
        y = y.ravel()
        axis = 0

    alpha, beta = ab
    delta, gamma = dg

    perc = (12.5, 25.0, 37.5, 62.5, 75.0, 87.5,
            delta, 100.0 - delta, gamma, 100.0 - gamma)
    e1, e2, e3, e5, e6, e7, fd, f1md, fg, f1mg = np.percentile(y, perc,
                                                               axis=axis)

    expected_value = (expected_robust_kurtosis(ab, dg)
                      if excess else np.zeros(4))

    kr1 = stats.kurtosis(y, axis, False) - expected_value[0]
    kr2 = ((e7 - e5) + (e3 - e1)) / (e6 - e2) - expected_value[1]
    if y.ndim == 1:
        kr3 = _kr3(y, alpha, beta)
    else:
        kr3 = np.apply_along_axis(_kr3, axis, y, alpha, beta)
    kr3 -= expected_value[2]
    kr4 = (f1md - fd) / (f1mg - fg) - expected_value[3]
    return kr1, kr2, kr3, kr4


def _medcouple_1d_legacy(y):

    # Parameter changes the algorithm to the slower for large n

    y = np.squeeze(np.asarray(y))
    if y.ndim != 1:
        raise ValueError("y must be squeezable to a 1-d array")

    y = np.sort(y)

    n = y.shape[0]
    if n % 2 == 0:
        mf = (y[n // 2 - 1] + y[n // 2]) / 2
    else:
        mf = y[(n - 1) // 2]

    z = y - mf
    lower = z[z <= 0.0]
    upper = z[z >= 0.0]
    upper = upper[:, None]
    standardization = upper - lower
    is_zero = np.logical_and(lower == 0.0, upper == 0.0)
    standardization[is_zero] = np.inf
    spread = upper + lower
    h = spread / standardization
    # GH5395
    num_ties = np.sum(lower == 0.0)
    if num_ties:

        # Replacements has -1 above the anti-diagonal, 0 on the anti-diagonal,
        # and 1 below the anti-diagonal
        replacements = np.ones((num_ties, num_ties)) - np.eye(num_ties)
        replacements -= 2 * np.triu(replacements)

        # Convert diagonal to anti-diagonal
        replacements = np.fliplr(replacements)

        # Always replace upper right block
        h[:num_ties, -num_ties:] = replacements

    return np.median(h)


def _wmedian(A, W):

    # Validation: NaN protection
    if np.any(np.isnan(A)) or np.any(np.isnan(W)):
        raise ValueError("A and W may not contain NaN.")

    # Ensure 1-d arrays
    if A.ndim != 1 or W.ndim != 1:
        raise ValueError("A and W must be 1-dimensional arrays.")

    # Ensure same length
    if A.shape[0] != W.shape[0]:
        raise ValueError("A and W must have the same length.")

    # Sort A and W according to A
    idx = np.argsort(A)
    A_sorted = A[idx]
    W_sorted = W[idx]

    # Compute cumulative sum of weights
    w_cumsum = np.cumsum(W_sorted)
    wtot = w_cumsum[-1]

    # Find the smallest index i such that cumulative weight >= total weight / 2
    median_idx = np.searchsorted(w_cumsum, wtot / 2, side="left")

    return A_sorted[median_idx]


# --- statsmodels/robust/scale.py --------------------------------------------------------------------------------------
def mad(a, c=GAUSSIAN_3_4, axis=0, center=np.median):
    # c \approx .6745
    a = array_like(a, "a", mindim=None)
    c = float_like(c, "c")
    if not a.size:
        center_val = 0.0
    elif callable(center):
        if axis is not None:
            center_val = np.apply_over_axes(center, a, axis)
        else:
            center_val = center(a.ravel())
    else:
        center_val = float_like(center, "center")
    err = (np.abs(a - center_val)) / c
    if not err.size:
        if axis is None or err.ndim == 1:
            return np.nan
        else:
            shape = list(err.shape)
            shape.pop(axis)
            return np.empty(shape)
    return np.median(err, axis=axis)


def iqr(a, c=GAUSSIAN_IQR, axis=0):
    a = array_like(a, "a", mindim=None)
    c = float_like(c, "c")

    if a.ndim == 0:
        raise ValueError("a should have at least one dimension")
    elif a.size == 0:
        return np.nan
    else:
        quantiles = np.quantile(a, [0.25, 0.75], axis=axis)
        return np.squeeze(np.diff(quantiles, axis=0) / c)


def _qn_naive(a, c=ONE_OVER_SQRT2_GAUSSIAN_5_8):
    a = np.squeeze(a)
    n = a.shape[0]
    if a.size == 0:
        return np.nan
    else:
        h = int(n // 2 + 1)
        k = int(h * (h - 1) / 2)
        idx = np.triu_indices(n, k=1)
        diffs = np.abs(a[idx[0]] - a[idx[1]])
        output = np.partition(diffs, kth=k - 1)[k - 1]
        output = c * output
        return output


def _weight_mean(x, c):
    x = np.asarray(x)
    w = (1 - (x / c) ** 2) ** 2 * (np.abs(x) <= c)
    return w


def _winsor(x, c):
    return np.minimum(x**2, c**2)


def scale_tau(
    data,
    cm=4.5,
    cs=3,
    weight_mean=_weight_mean,
    weight_scale=_winsor,
    normalize=True,
    ddof=0,
):

    x = np.asarray(data)
    nobs = x.shape[0]

    med_x = np.median(x, 0)
    xdm = x - med_x
    mad_x = np.median(np.abs(xdm), 0)
    wm = weight_mean(xdm / mad_x, cm)
    mean = (wm * x).sum(0) / wm.sum(0)
    var = mad_x**2 * weight_scale((x - mean) / mad_x, cs).sum(0) / (nobs - ddof)

    cf = 1
    if normalize:
        c = cs * stats.norm.ppf(0.75)
        cf = 2 * ((1 - c**2) * stats.norm.cdf(c) - c * stats.norm.pdf(c) + c**2) - 1
    # return Holder(loc=mean, scale=np.sqrt(var / cf))
    return mean, np.sqrt(var / cf)


# --- statsmodels/nonparametric/kernels.py -----------------------------------------------------------------------------
def aitchison_aitken(h, Xi, x, num_levels=None):
    Xi = Xi.reshape(Xi.size)  # seems needed in case Xi is scalar
    if num_levels is None:
        num_levels = np.asarray(np.unique(Xi).size)

    kernel_value = np.ones(Xi.size) * h / (num_levels - 1)
    idx = Xi == x
    kernel_value[idx] = (idx * (1 - h))[idx]
    return kernel_value


def wang_ryzin(h, Xi, x):
    Xi = Xi.reshape(Xi.size)  # seems needed in case Xi is scalar
    kernel_value = 0.5 * (1 - h) * (h ** abs(Xi - x))
    idx = Xi == x
    kernel_value[idx] = (idx * (1 - h))[idx]
    return kernel_value


def gaussian(h, Xi, x):
    return (1.0 / np.sqrt(2 * np.pi)) * np.exp(-((Xi - x) ** 2) / (h**2 * 2.0))


def tricube(h, Xi, x):
    u = (Xi - x) / h
    u[np.abs(u) > 1] = 0
    return (70.0 / 81) * (1 - np.abs(u) ** 3) ** 3


def gaussian_convolution(h, Xi, x):
    return (1.0 / np.sqrt(4 * np.pi)) * np.exp(-((Xi - x) ** 2) / (h**2 * 4.0))


def wang_ryzin_convolution(h, Xi, Xj):
    ordered = np.zeros(Xi.size)
    for x in np.unique(Xi):
        ordered += wang_ryzin(h, Xi, x) * wang_ryzin(h, Xj, x)

    return ordered


def aitchison_aitken_convolution(h, Xi, Xj):
    Xi_vals = np.unique(Xi)
    ordered = np.zeros(Xi.size)
    num_levels = Xi_vals.size
    for x in Xi_vals:
        ordered += aitchison_aitken(h, Xi, x, num_levels=num_levels) * aitchison_aitken(
            h, Xj, x, num_levels=num_levels
        )

    return ordered


def gaussian_cdf(h, Xi, x):
    return 0.5 * h * (1 + erf((x - Xi) / (h * np.sqrt(2))))


def aitchison_aitken_cdf(h, Xi, x_u):
    x_u = int(x_u)
    Xi_vals = np.unique(Xi)
    ordered = np.zeros(Xi.size)
    num_levels = Xi_vals.size
    for x in Xi_vals:
        if x <= x_u:  # FIXME: why a comparison for unordered variables?
            ordered += aitchison_aitken(h, Xi, x, num_levels=num_levels)

    return ordered


def wang_ryzin_cdf(h, Xi, x_u):
    ordered = np.zeros(Xi.size)
    for x in np.unique(Xi):
        if x <= x_u:
            ordered += wang_ryzin(h, Xi, x)

    return ordered


def d_gaussian(h, Xi, x):
    return 2 * (Xi - x) * gaussian(h, Xi, x) / h**2


def aitchison_aitken_reg(h, Xi, x):
    kernel_value = np.ones(Xi.size)
    ix = Xi != x
    inDom = ix * h
    kernel_value[ix] = inDom[ix]
    return kernel_value


def wang_ryzin_reg(h, Xi, x):
    return h ** abs(Xi - x)


# --- statsmodels/nonparametric/bandwidths.py --------------------------------------------------------------------------
def _select_sigma(x, percentile=25):
    percentile = float_like(percentile, "percentile")
    if not 0 < percentile < 50:
        raise ValueError("percentile must be between 0 and 50")
    if percentile == 25:
        # Silverman (1986) p.47 rounds the normal interquartile range to
        # four digits. The rounded value is retained for the default so
        # that the bandwidths it produces are unchanged.
        normalize = 1.349
    else:
        normalize = norm.ppf(1 - percentile / 100.0) - norm.ppf(percentile / 100.0)
    iqr = scoreatpercentile(x, 100 - percentile) - scoreatpercentile(x, percentile)
    IQR = iqr / normalize
    std_dev = np.std(x, axis=0, ddof=1)
    if IQR > 0:
        return np.minimum(std_dev, IQR)
    else:
        return std_dev


def bw_scott(x, kernel=None):
    A = _select_sigma(x)
    n = len(x)
    return 1.059 * A * n ** (-0.2)


def bw_silverman(x, kernel=None):
    A = _select_sigma(x)
    n = len(x)
    return 0.9 * A * n ** (-0.2)


# --- statsmodels/stats/multitest.py -----------------------------------------------------------------------------------
def _ecdf(x):
    nobs = len(x)
    return np.arange(1, nobs + 1) / float(nobs)


def multipletests(
    pvals, alpha=0.05, method="hs", maxiter=1, is_sorted=False, returnsorted=False
):
    import gc

    pvals = np.asarray(pvals)
    alphaf = alpha  # Notation ?

    if not is_sorted:
        sortind = np.argsort(pvals)
        pvals = np.take(pvals, sortind)

    ntests = len(pvals)
    if ntests > 0:
        alphacSidak = 1 - np.power((1.0 - alphaf), 1.0 / ntests)
        alphacBonf = alphaf / float(ntests)
    else:
        # Nothing to correct. Skip the division by zero above and let the
        # per-method branches operate on the empty array, which produces empty
        # results. The corrected alphas are undefined without any tests.
        alphacSidak = np.nan
        alphacBonf = np.nan
    if method.lower() in ["b", "bonf", "bonferroni"]:
        reject = pvals <= alphacBonf
        pvals_corrected = pvals * float(ntests)

    elif method.lower() in ["s", "sidak"]:
        reject = pvals <= alphacSidak
        pvals_corrected = -np.expm1(ntests * np.log1p(-pvals))

    elif method.lower() in ["hs", "holm-sidak"]:
        alphacSidak_all = 1 - np.power((1.0 - alphaf), 1.0 / np.arange(ntests, 0, -1))
        notreject = pvals > alphacSidak_all
        del alphacSidak_all

        nr_index = np.nonzero(notreject)[0]
        if nr_index.size == 0:
            # nonreject is empty, all rejected
            notrejectmin = len(pvals)
        else:
            notrejectmin = np.min(nr_index)
        notreject[notrejectmin:] = True
        reject = ~notreject
        del notreject

        # It's eqivalent to 1 - np.power((1. - pvals),
        #                           np.arange(ntests, 0, -1))
        # but prevents the issue of the floating point precision
        pvals_corrected_raw = -np.expm1(np.arange(ntests, 0, -1) * np.log1p(-pvals))
        pvals_corrected = np.maximum.accumulate(pvals_corrected_raw)
        del pvals_corrected_raw

    elif method.lower() in ["h", "holm"]:
        notreject = pvals > alphaf / np.arange(ntests, 0, -1)
        nr_index = np.nonzero(notreject)[0]
        if nr_index.size == 0:
            # nonreject is empty, all rejected
            notrejectmin = len(pvals)
        else:
            notrejectmin = np.min(nr_index)
        notreject[notrejectmin:] = True
        reject = ~notreject
        pvals_corrected_raw = pvals * np.arange(ntests, 0, -1)
        pvals_corrected = np.maximum.accumulate(pvals_corrected_raw)
        del pvals_corrected_raw
        gc.collect()

    elif method.lower() in ["sh", "simes-hochberg"]:
        alphash = alphaf / np.arange(ntests, 0, -1)
        reject = pvals <= alphash
        rejind = np.nonzero(reject)
        if rejind[0].size > 0:
            rejectmax = np.max(np.nonzero(reject))
            reject[:rejectmax] = True
        pvals_corrected_raw = np.arange(ntests, 0, -1) * pvals
        pvals_corrected = np.minimum.accumulate(pvals_corrected_raw[::-1])[::-1]
        del pvals_corrected_raw

    elif method.lower() in ["ho", "hommel"]:
        # we need a copy because we overwrite it in a loop
        a = pvals.copy()
        for m in range(ntests, 1, -1):
            cim = np.min(m * pvals[-m:] / np.arange(1, m + 1.0))
            a[-m:] = np.maximum(a[-m:], cim)
            a[:-m] = np.maximum(a[:-m], np.minimum(m * pvals[:-m], cim))
        pvals_corrected = a
        reject = a <= alphaf

    elif method.lower() in ["fdr_bh", "fdr_i", "fdr_p", "fdri", "fdrp"]:
        # delegate, call with sorted pvals
        reject, pvals_corrected = fdrcorrection(
            pvals, alpha=alpha, method="indep", is_sorted=True
        )
    elif method.lower() in ["fdr_by", "fdr_n", "fdr_c", "fdrn", "fdrcorr"]:
        # delegate, call with sorted pvals
        reject, pvals_corrected = fdrcorrection(
            pvals, alpha=alpha, method="n", is_sorted=True
        )
    elif method.lower() in ["fdr_tsbky", "fdr_2sbky", "fdr_twostage"]:
        # delegate, call with sorted pvals
        reject, pvals_corrected = fdrcorrection_twostage(
            pvals, alpha=alpha, method="bky", maxiter=maxiter, is_sorted=True
        )[:2]
    elif method.lower() in ["fdr_tsbh", "fdr_2sbh"]:
        # delegate, call with sorted pvals
        reject, pvals_corrected = fdrcorrection_twostage(
            pvals, alpha=alpha, method="bh", maxiter=maxiter, is_sorted=True
        )[:2]

    elif method.lower() == "fdr_gbs":
        # adaptive stepdown in Gavrilov, Benjamini, Sarkar, Annals of Statistics 2009
        #        notreject = pvals > alphaf / np.arange(ntests, 0, -1) # alphacSidak
        #        notrejectmin = np.min(np.nonzero(notreject))
        #        notreject[notrejectmin:] = True
        #        reject = ~notreject

        ii = np.arange(1, ntests + 1)
        q = (ntests + 1.0 - ii) / ii * pvals / (1.0 - pvals)
        pvals_corrected_raw = np.maximum.accumulate(q)  # up requirementd

        pvals_corrected = np.minimum.accumulate(pvals_corrected_raw[::-1])[::-1]
        del pvals_corrected_raw
        reject = pvals_corrected <= alpha

    elif method.lower() in ["lfdr", "lfdr_sl"]:
        pvals_corrected = local_fdr_correction(pvals, is_sorted=True).lfdr
        reject = pvals_corrected <= alpha

    else:
        raise ValueError("method not recognized")

    if pvals_corrected is not None:  # not necessary anymore
        pvals_corrected[pvals_corrected > 1] = 1
    if is_sorted or returnsorted:
        return reject, pvals_corrected, alphacSidak, alphacBonf
    else:
        pvals_corrected_ = np.empty_like(pvals_corrected)
        pvals_corrected_[sortind] = pvals_corrected
        del pvals_corrected
        reject_ = np.empty_like(reject)
        reject_[sortind] = reject
        return reject_, pvals_corrected_, alphacSidak, alphacBonf


def fdrcorrection(pvals, alpha=0.05, method="indep", is_sorted=False):
    pvals = np.asarray(pvals)
    assert pvals.ndim == 1, "pvals must be 1-dimensional, that is of shape (n,)"

    if not is_sorted:
        pvals_sortind = np.argsort(pvals)
        pvals_sorted = np.take(pvals, pvals_sortind)
    else:
        pvals_sorted = pvals  # alias

    if method in ["i", "indep", "p", "poscorr"]:
        ecdffactor = _ecdf(pvals_sorted)
    elif method in ["n", "negcorr"]:
        cm = np.sum(1.0 / np.arange(1, len(pvals_sorted) + 1))  # corrected this
        ecdffactor = _ecdf(pvals_sorted) / cm
    #    elif method in ['n', 'negcorr']:
    #        cm = np.sum(np.arange(len(pvals)))
    #        ecdffactor = ecdf(pvals_sorted)/cm
    else:
        raise ValueError("only indep and negcorr implemented")
    reject = pvals_sorted <= ecdffactor * alpha
    if reject.any():
        rejectmax = max(np.nonzero(reject)[0])
        reject[:rejectmax] = True

    pvals_corrected_raw = pvals_sorted / ecdffactor
    # adjust raw adjusted p-values to make them monotonic
    pvals_corrected = np.minimum.accumulate(pvals_corrected_raw[::-1])[::-1]
    del pvals_corrected_raw
    pvals_corrected[pvals_corrected > 1] = 1
    if not is_sorted:
        pvals_corrected_ = np.empty_like(pvals_corrected)
        pvals_corrected_[pvals_sortind] = pvals_corrected
        del pvals_corrected
        reject_ = np.empty_like(reject)
        reject_[pvals_sortind] = reject
        return reject_, pvals_corrected_
    else:
        return reject, pvals_corrected


def fdrcorrection_twostage(
    pvals, alpha=0.05, method="bky", maxiter=1, iter=None, is_sorted=False
):
    pvals = np.asarray(pvals)

    if iter is not None:
        raise TypeError(
            "iter keyword is not longer allowed, use maxiter keyword instead."
        )

    if maxiter in [-1, None]:
        maxiter = len(pvals)
    # otherwise we use maxiter unchanged

    if not is_sorted:
        pvals_sortind = np.argsort(pvals)
        pvals = np.take(pvals, pvals_sortind)

    ntests = len(pvals)
    if method == "bky":
        fact = 1.0 + alpha
        alpha_prime = alpha / fact
    elif method == "bh":
        fact = 1.0
        alpha_prime = alpha
    else:
        raise ValueError("only 'bky' and 'bh' are available as method")

    alpha_stages = [alpha_prime]
    rej, pvalscorr = fdrcorrection(
        pvals, alpha=alpha_prime, method="indep", is_sorted=True
    )
    r1 = rej.sum()
    if r1 in (0, ntests):
        # return rej, pvalscorr * fact, ntests - r1, alpha_stages
        reject = rej
        pvalscorr *= fact
        ri = r1
    else:
        ri_old = ri = r1
        ntests0 = ntests  # needed if maxiter=0
        # while True:
        for it in range(maxiter):
            ntests0 = 1.0 * ntests - ri_old
            alpha_star = alpha_prime * ntests / ntests0
            alpha_stages.append(alpha_star)
            # print ntests0, alpha_star
            rej, pvalscorr = fdrcorrection(
                pvals, alpha=alpha_star, method="indep", is_sorted=True
            )
            ri = rej.sum()
            if (it >= maxiter - 1) or ri == ri_old:
                break
            elif ri < ri_old:
                # prevent cycles and endless loops
                raise RuntimeError(" oops - should not be here")
            ri_old = ri

        # make adjustment to pvalscorr to reflect estimated number of Non-Null cases
        # decision is then pvalscorr < alpha  (or <=)
        pvalscorr *= ntests0 * 1.0 / ntests
        if method == "bky":
            pvalscorr *= 1.0 + alpha

    pvalscorr[pvalscorr > 1] = 1
    if not is_sorted:
        pvalscorr_ = np.empty_like(pvalscorr)
        pvalscorr_[pvals_sortind] = pvalscorr
        del pvalscorr
        reject = np.empty_like(rej)
        reject[pvals_sortind] = rej
        return reject, pvalscorr_, ntests - ri, alpha_stages
    else:
        return rej, pvalscorr, ntests - ri, alpha_stages


# --- statsmodels/tsa/filters/cf_filter.py -----------------------------------------------------------------------------
def cffilter(x, low=6, high=32, drift=True):
    # TODO: cythonize/vectorize loop?, add ability for symmetric filter,
    #      and estimates of theta other than random walk.
    if low < 2:
        raise ValueError("low must be >= 2")
    pw = PandasWrapper(x)
    x = array_like(x, "x", ndim=2)
    nobs, nseries = x.shape
    a = 2*np.pi/high
    b = 2*np.pi/low

    if drift:  # get drift adjusted series
        x = x - np.arange(nobs)[:, None] * (x[-1] - x[0]) / (nobs - 1)

    J = np.arange(1, nobs + 1)
    Bj = (np.sin(b * J) - np.sin(a * J)) / (np.pi * J)
    B0 = (b - a) / np.pi
    Bj = np.r_[B0, Bj][:, None]
    y = np.zeros((nobs, nseries))

    for i in range(nobs):
        B = -.5 * Bj[0] - np.sum(Bj[1:-i - 2])
        A = -Bj[0] - np.sum(Bj[1:-i - 2]) - np.sum(Bj[1:i]) - B
        y[i] = (Bj[0] * x[i] + np.dot(Bj[1:-i - 2].T, x[i + 1:-1]) +
                B * x[-1] + np.dot(Bj[1:i].T, x[1:i][::-1]) + A * x[0])
    y = y.squeeze()

    cycle, trend = y.squeeze(), x.squeeze() - y

    return CycleTrendResult(
        pw.wrap(cycle, append="cycle"), pw.wrap(trend, append="trend")
    )


# --- statsmodels/tsa/filters/bk_filter.py -----------------------------------------------------------------------------
def bkfilter(x, low=6, high=32, K=12):
    # TODO: change the docstring to ..math::?
    # TODO: allow windowing functions to correct for Gibb's Phenomenon?
    # adjust bweights (symmetrically) by below before demeaning
    # Lancosz Sigma Factors np.sinc(2*j/(2.*K+1))
    pw = PandasWrapper(x)
    x = array_like(x, "x", maxdim=2)
    omega_1 = 2. * np.pi / high  # convert from freq. to periodicity
    omega_2 = 2. * np.pi / low
    bweights = np.zeros(2 * K + 1)
    bweights[K] = (omega_2 - omega_1) / np.pi  # weight at zero freq.
    j = np.arange(1, int(K) + 1)
    weights = 1 / (np.pi * j) * (np.sin(omega_2 * j) - np.sin(omega_1 * j))
    bweights[K + j] = weights  # j is an idx
    bweights[:K] = weights[::-1]  # make symmetric weights
    bweights -= bweights.mean()  # make sure weights sum to zero
    if x.ndim == 2:
        bweights = bweights[:, None]
    x = fftconvolve(x, bweights, mode="valid")
    # get a centered moving avg/convolution

    return pw.wrap(x, append="cycle", trim_start=K, trim_end=K)


# --- statsmodels/tools/numdiff.py -------------------------------------------------------------------------------------
def _get_epsilon(x, s, epsilon, n):
    if epsilon is None:
        h = EPS ** (1.0 / s) * np.maximum(np.abs(np.asarray(x)), 0.1)
    elif np.isscalar(epsilon):
        h = np.empty(n)
        h.fill(epsilon)
    else:  # pragma : no cover
        h = np.asarray(epsilon)
        if h.shape != x.shape:
            raise ValueError("If h is not a scalar it must have the same shape as x.")
    return np.asarray(h)


def approx_fprime(x, f, epsilon=None, args=(), kwargs=None, centered=False):
    n = len(x)
    kwargs = {} if kwargs is None else kwargs
    f0 = f(*((x, *args)), **kwargs)
    dim = np.atleast_1d(f0).shape  # it could be a scalar
    grad = np.zeros((n, *dim), np.promote_types(float, x.dtype))
    ei = np.zeros((n,), float)
    if not centered:
        epsilon = _get_epsilon(x, 2, epsilon, n)
        for k in range(n):
            ei[k] = epsilon[k]
            grad[k, :] = (f(*((x + ei, *args)), **kwargs) - f0) / epsilon[k]
            ei[k] = 0.0
    else:
        epsilon = _get_epsilon(x, 3, epsilon, n) / 2.0
        for k in range(n):
            ei[k] = epsilon[k]
            grad[k, :] = (
                f(*((x + ei, *args)), **kwargs) - f(*((x - ei, *args)), **kwargs)
            ) / (2 * epsilon[k])
            ei[k] = 0.0

    if n == 1:
        return grad.T
    else:
        return grad.squeeze().T


def approx_hess1(x, f, epsilon=None, args=(), kwargs=None, return_grad=False):
    kwargs = {} if kwargs is None else kwargs
    n = len(x)
    h = _get_epsilon(x, 3, epsilon, n)
    ee = np.diag(h)

    f0 = f(*((x, *args)), **kwargs)
    # Compute forward step
    g = np.zeros(n)
    for i in range(n):
        g[i] = f(*((x + ee[i, :], *args)), **kwargs)

    hess = np.outer(h, h)  # this is now epsilon**2
    # Compute "double" forward step
    for i in range(n):
        for j in range(i, n):
            hess[i, j] = (
                f(*((x + ee[i, :] + ee[j, :], *args)), **kwargs) - g[i] - g[j] + f0
            ) / hess[i, j]
            hess[j, i] = hess[i, j]
    if return_grad:
        grad = (g - f0) / h
        return hess, grad
    else:
        return hess


def approx_hess3(x, f, epsilon=None, args=(), kwargs=None):
    kwargs = {} if kwargs is None else kwargs
    n = len(x)
    h = _get_epsilon(x, 4, epsilon, n)
    ee = np.diag(h)
    hess = np.outer(h, h)

    for i in range(n):
        for j in range(i, n):
            hess[i, j] = np.squeeze(
                (
                    f(*((x + ee[i, :] + ee[j, :], *args)), **kwargs)
                    - f(*((x + ee[i, :] - ee[j, :], *args)), **kwargs)
                    - (
                        f(*((x - ee[i, :] + ee[j, :], *args)), **kwargs)
                        - f(*((x - ee[i, :] - ee[j, :], *args)), **kwargs)
                    )
                )
                / (4.0 * hess[i, j])
            )
            hess[j, i] = hess[i, j]
    return hess


# --- statsmodels/tsa/stattools/_stattools.py -------------------------------------------------------------------------
class PacfBurgResult(NamedTuple):
    pacf: np.ndarray
    sigma2: np.ndarray


def pacf_burg(
    x, nlags=None, demean=True
):
    x = array_like(x, "x")
    if demean:
        x = x - x.mean()
    nobs = x.shape[0]
    p = nlags if nlags is not None else min(int(10 * np.log10(nobs)), nobs - 1)
    p = max(p, 1)
    if p > nobs - 1:
        raise ValueError("nlags must be smaller than nobs - 1")
    d = np.zeros(p + 1)
    d[0] = 2 * x.dot(x)
    pacf = np.zeros(p + 1)
    u = x[::-1].copy()
    v = x[::-1].copy()
    d[1] = u[:-1].dot(u[:-1]) + v[1:].dot(v[1:])
    pacf[1] = 2 / d[1] * v[1:].dot(u[:-1])
    last_u = np.empty_like(u)
    last_v = np.empty_like(v)
    for i in range(1, p):
        last_u[:] = u
        last_v[:] = v
        u[1:] = last_u[:-1] - pacf[i] * last_v[1:]
        v[1:] = last_v[1:] - pacf[i] * last_u[:-1]
        d[i + 1] = (1 - pacf[i] ** 2) * d[i] - v[i] ** 2 - u[-1] ** 2
        pacf[i + 1] = 2 / d[i + 1] * v[i + 1 :].dot(u[i:-1])
    sigma2 = (1 - pacf**2) * d / (2.0 * (nobs - np.arange(0, p + 1)))
    pacf[0] = 1  # Insert the 0 lag partial autocorrel

    return PacfBurgResult(pacf, sigma2)


class LevinsonDurbinResult(NamedTuple):
    sigma_v: float
    arcoefs: np.ndarray
    pacf: np.ndarray
    sigma: np.ndarray
    phi: np.ndarray


def levinson_durbin(s, nlags=10, isacov=False):
    s = array_like(s, "s")
    nlags = int_like(nlags, "nlags")
    isacov = bool_like(isacov, "isacov")

    order = nlags

    if isacov:
        sxx_m = s
    else:
        sxx_m = acovf(s, fft=False)[: order + 1]  # not tested

    phi = np.zeros((order + 1, order + 1), "d")
    sig = np.zeros(order + 1)
    # initial points for the recursion
    phi[1, 1] = sxx_m[1] / sxx_m[0]
    sig[1] = sxx_m[0] - phi[1, 1] * sxx_m[1]
    for k in range(2, order + 1):
        phi[k, k] = (sxx_m[k] - np.dot(phi[1:k, k - 1], sxx_m[1:k][::-1])) / sig[k - 1]
        for j in range(1, k):
            phi[j, k] = phi[j, k - 1] - phi[k, k] * phi[k - j, k - 1]
        sig[k] = sig[k - 1] * (1 - phi[k, k] ** 2)

    sigma_v = sig[-1]
    arcoefs = phi[1:, -1]
    pacf_ = np.diag(phi).copy()
    pacf_[0] = 1.0
    return LevinsonDurbinResult(sigma_v, arcoefs, pacf_, sig, phi)  # return everything


class LevinsonDurbinPacfResult(NamedTuple):
    arcoefs: np.ndarray
    acf: np.ndarray


def levinson_durbin_pacf(pacf, nlags=None):
    pacf = array_like(pacf, "pacf")
    nlags = int_like(nlags, "nlags", optional=True)
    pacf = np.squeeze(np.asarray(pacf))

    if pacf[0] != 1:
        raise ValueError(
            "The first entry of the pacf corresponds to lags 0 and so must be 1."
        )
    pacf = pacf[1:]
    n = pacf.shape[0]
    if nlags is not None:
        if nlags > n:
            raise ValueError(
                "Must provide at least as many values from the "
                "pacf as the number of lags."
            )
        pacf = pacf[:nlags]
        n = pacf.shape[0]

    acf = np.zeros(n + 1)
    acf[1] = pacf[0]
    nu = np.cumprod(1 - pacf**2)
    arcoefs = pacf.copy()
    for i in range(1, n):
        prev = arcoefs[: -(n - i)].copy()
        arcoefs[: -(n - i)] = prev - arcoefs[i] * prev[::-1]
        acf[i + 1] = arcoefs[i] * nu[i - 1] + prev.dot(acf[1 : -(n - i)][::-1])
    acf[0] = 1
    return LevinsonDurbinPacfResult(arcoefs, acf)


def _sigma_est_kpss(resids, nobs, lags):
    s_hat = np.sum(resids**2)
    for i in range(1, lags + 1):
        resids_prod = np.dot(resids[i:], resids[: nobs - i])
        s_hat += 2 * resids_prod * (1.0 - (i / (lags + 1.0)))
    return s_hat / nobs


# --- statsmodels/robust/norms.py ------------------------------------------------------------------------------------
class RobustNorm:
    continuous = 1

    def __repr__(self):
        return self.__class__.__name__

    def rho(self, z):
        raise NotImplementedError

    def psi(self, z):
        raise NotImplementedError

    def weights(self, z):
        raise NotImplementedError

    def psi_deriv(self, z):
        raise NotImplementedError

    def __call__(self, z):
        return self.rho(z)


class HuberT(RobustNorm):
    continuous = 1
    redescending = "not"

    def __init__(self, t=1.345):
        self.t = t

    def _set_tuning_param(self, c, inplace=False):
        if inplace:
            self.t = c
            return self
        else:
            return self.__class__(t=c)

    def max_rho(self):
        return np.inf

    def _subset(self, z):
        z = np.asarray(z)
        return np.less_equal(np.abs(z), self.t)

    def rho(self, z):
        z = np.asarray(z)
        test = self._subset(z)
        return (test * 0.5 * z**2 +
                (1 - test) * (np.abs(z) * self.t - 0.5 * self.t**2))

    def psi(self, z):
        z = np.asarray(z)
        test = self._subset(z)
        return test * z + (1 - test) * self.t * np.sign(z)

    def weights(self, z):
        z_isscalar = np.isscalar(z)
        z = np.atleast_1d(z)

        test = self._subset(z)
        absz = np.abs(z)
        absz[test] = 1.0
        v = test + (1 - test) * self.t / absz

        if z_isscalar:
            v = v[0]
        return v

    def psi_deriv(self, z):
        return np.less_equal(np.abs(z), self.t).astype(float)


class Hampel(RobustNorm):
    continuous = 1
    redescending = "hard"

    def __init__(self, a=2., b=4., c=8.):
        self.a = a
        self.b = b
        self.c = c

    def _set_tuning_param(self, c, inplace=False):
        a = c / 4
        b = c / 2
        if inplace:
            self.c = c
            self.a = a
            self.b = b
            return self
        else:
            return self.__class__(a=a, b=b, c=c)

    def max_rho(self):
        return self.rho(self.c)

    def _subset(self, z):
        z = np.abs(np.asarray(z))
        t1 = np.less_equal(z, self.a)
        t2 = np.less_equal(z, self.b) * np.greater(z, self.a)
        t3 = np.less_equal(z, self.c) * np.greater(z, self.b)
        return t1, t2, t3

    def rho(self, z):
        a, b, c = self.a, self.b, self.c

        z_isscalar = np.isscalar(z)
        z = np.atleast_1d(z)

        t1, t2, t3 = self._subset(z)
        t34 = ~(t1 | t2)
        dt = np.promote_types(z.dtype, "float")
        v = np.zeros(z.shape, dtype=dt)
        z = np.abs(z)
        v[t1] = z[t1]**2 * 0.5
        # v[t2] = (a * (z[t2] - a) + a**2 * 0.5)
        v[t2] = (a * z[t2] - a**2 * 0.5)
        v[t3] = a * (c - z[t3])**2 / (c - b) * (-0.5)
        v[t34] += a * (b + c - a) * 0.5

        if z_isscalar:
            v = v[0]

        return v

    def psi(self, z):
        a, b, c = self.a, self.b, self.c

        z_isscalar = np.isscalar(z)
        z = np.atleast_1d(z)

        t1, t2, t3 = self._subset(z)
        dt = np.promote_types(z.dtype, "float")
        v = np.zeros(z.shape, dtype=dt)
        s = np.sign(z)
        za = np.abs(z)

        v[t1] = z[t1]
        v[t2] = a * s[t2]
        v[t3] = a * s[t3] * (c - za[t3]) / (c - b)

        if z_isscalar:
            v = v[0]
        return v

    def weights(self, z):
        a, b, c = self.a, self.b, self.c

        z_isscalar = np.isscalar(z)
        z = np.atleast_1d(z)

        t1, t2, t3 = self._subset(z)

        dt = np.promote_types(z.dtype, "float")
        v = np.zeros(z.shape, dtype=dt)
        v[t1] = 1.0
        abs_z = np.abs(z)
        v[t2] = a / abs_z[t2]
        abs_zt3 = abs_z[t3]
        v[t3] = a * (c - abs_zt3) / (abs_zt3 * (c - b))

        if z_isscalar:
            v = v[0]
        return v

    def psi_deriv(self, z):
        a, b, c = self.a, self.b, self.c

        z_isscalar = np.isscalar(z)
        z = np.atleast_1d(z)

        t1, _, t3 = self._subset(z)

        dt = np.promote_types(z.dtype, "float")
        d = np.zeros(z.shape, dtype=dt)
        d[t1] = 1.0
        zt3 = z[t3]
        d[t3] = -(a * np.sign(zt3) * zt3) / (np.abs(zt3) * (c - b))

        if z_isscalar:
            d = d[0]
        return d


def estimate_location(a, scale, norm=None, axis=0, initial=None,
                      maxiter=30, tol=1.0e-06):
    if norm is None:
        norm = HuberT()

    if initial is None:
        mu = np.median(a, axis)
    else:
        mu = initial

    for _ in range(maxiter):
        W = norm.weights((a-mu)/scale)
        denom = np.sum(W, axis)
        if np.any(denom <= 0):
            return mu
        nmu = np.sum(W * a, axis) / denom
        if np.all(np.less(np.abs(mu - nmu), scale * tol)):
            return nmu
        else:
            mu = nmu
    raise ValueError(f"location estimator failed to converge in {maxiter:d} iterations")


# --- statsmodels/tsa/holtwinters/_smoothers.py ----------------------------------------------------------------------
LOWER_BOUND = np.sqrt(np.finfo(float).eps)


class HoltWintersArgs:
    def __init__(self, xi, p, bounds, y, m, n, transform=False):
        self._xi = xi
        self._p = p
        self._bounds = bounds
        self._y = y
        self._lvl = np.empty(n)
        self._b = np.empty(n)
        self._s = np.empty(n + m - 1)
        self._m = m
        self._n = n
        self._transform = transform

    @property
    def xi(self):
        return self._xi

    @xi.setter
    def xi(self, value):
        self._xi = value

    @property
    def p(self):
        return self._p

    @property
    def bounds(self):
        return self._bounds

    @property
    def y(self):
        return self._y

    @property
    def lvl(self):
        return self._lvl

    @property
    def b(self):
        return self._b

    @property
    def s(self):
        return self._s

    @property
    def m(self):
        return self._m

    @property
    def n(self):
        return self._n

    @property
    def transform(self):
        return self._transform

    @transform.setter
    def transform(self, value):
        self._transform = value


def to_restricted(p, sel, bounds):
    a, b, g = p[:3]

    if sel[0]:
        lb = max(LOWER_BOUND, bounds[0, 0])
        ub = min(1 - LOWER_BOUND, bounds[0, 1])
        a = lb + a * (ub - lb)
    if sel[1]:
        lb = bounds[1, 0]
        ub = min(a, bounds[1, 1])
        b = lb + b * (ub - lb)
    if sel[2]:
        lb = bounds[2, 0]
        ub = min(1.0 - a, bounds[2, 1])
        g = lb + g * (ub - lb)

    return a, b, g


def to_unrestricted(p, sel, bounds):
    # eps < a < 1 - eps
    # eps < b <= a
    # eps < g <= 1 - a

    a, b, g = p[:3]

    if sel[0]:
        lb = max(LOWER_BOUND, bounds[0, 0])
        ub = min(1 - LOWER_BOUND, bounds[0, 1])
        a = (a - lb) / (ub - lb)
    if sel[1]:
        lb = bounds[1, 0]
        ub = min(p[0], bounds[1, 1])
        b = (b - lb) / (ub - lb)
    if sel[2]:
        lb = bounds[2, 0]
        ub = min(1.0 - p[0], bounds[2, 1])
        g = (g - lb) / (ub - lb)

    return a, b, g


def holt_init(x, hw_args):
    # Map back to the full set of parameters
    hw_args.p[hw_args.xi.astype(bool)] = x

    # Ensure alpha and beta satisfy the requirements
    if hw_args.transform:
        alpha, beta, _ = to_restricted(hw_args.p, hw_args.xi, hw_args.bounds)
    else:
        alpha, beta = hw_args.p[:2]
    # Level, trend and dampening
    l0, b0, phi = hw_args.p[3:6]
    # Save repeated calculations
    alphac = 1 - alpha
    betac = 1 - beta
    # Setup alpha * y
    y_alpha = alpha * hw_args.y
    # In-place operations
    hw_args.lvl[0] = l0
    hw_args.b[0] = b0

    return alpha, beta, phi, alphac, betac, y_alpha


def holt__(x, hw_args):
    _, _, _, alphac, _, y_alpha = holt_init(x, hw_args)
    n = hw_args.n
    lvl = hw_args.lvl
    for i in range(1, n):
        lvl[i] = (y_alpha[i - 1]) + (alphac * (lvl[i - 1]))
    return hw_args.y - lvl


def holt_mul_dam(x, hw_args):
    _, beta, phi, alphac, betac, y_alpha = holt_init(x, hw_args)
    lvl = hw_args.lvl
    b = hw_args.b
    for i in range(1, hw_args.n):
        lvl[i] = (y_alpha[i - 1]) + (alphac * (lvl[i - 1] * b[i - 1] ** phi))
        b[i] = (beta * (lvl[i] / lvl[i - 1])) + (betac * b[i - 1] ** phi)
    return hw_args.y - lvl * b**phi


def holt_add_dam(x, hw_args):
    _, beta, phi, alphac, betac, y_alpha = holt_init(x, hw_args)
    lvl = hw_args.lvl
    b = hw_args.b
    for i in range(1, hw_args.n):
        lvl[i] = (y_alpha[i - 1]) + (alphac * (lvl[i - 1] + phi * b[i - 1]))
        b[i] = (beta * (lvl[i] - lvl[i - 1])) + (betac * phi * b[i - 1])
    return hw_args.y - (lvl + phi * b)


def holt_win_init(x, hw_args):
    hw_args.p[hw_args.xi.astype(bool)] = x
    if hw_args.transform:
        alpha, beta, gamma = to_restricted(hw_args.p, hw_args.xi, hw_args.bounds)
    else:
        alpha, beta, gamma = hw_args.p[:3]

    l0, b0, phi = hw_args.p[3:6]
    s0 = hw_args.p[6:]
    alphac = 1 - alpha
    betac = 1 - beta
    gammac = 1 - gamma
    y_alpha = alpha * hw_args.y
    y_gamma = gamma * hw_args.y
    hw_args.lvl[:] = 0
    hw_args.b[:] = 0
    hw_args.s[:] = 0
    hw_args.lvl[0] = l0
    hw_args.b[0] = b0
    hw_args.s[: hw_args.m] = s0
    return alpha, beta, gamma, phi, alphac, betac, gammac, y_alpha, y_gamma


def holt_win__mul(x, hw_args):
    (_, _, _, _, alphac, _, gammac, y_alpha, y_gamma) = holt_win_init(x, hw_args)
    lvl = hw_args.lvl
    s = hw_args.s
    m = hw_args.m
    for i in range(1, hw_args.n):
        lvl[i] = (y_alpha[i - 1] / s[i - 1]) + (alphac * (lvl[i - 1]))
        s[i + m - 1] = (y_gamma[i - 1] / (lvl[i - 1])) + (gammac * s[i - 1])
    return hw_args.y - lvl * s[: -(m - 1)]


def holt_win__add(x, hw_args):
    (alpha, _, gamma, _, alphac, _, gammac, y_alpha, y_gamma) = holt_win_init(
        x, hw_args
    )
    lvl = hw_args.lvl
    s = hw_args.s
    m = hw_args.m
    for i in range(1, hw_args.n):
        lvl[i] = (y_alpha[i - 1]) - (alpha * s[i - 1]) + (alphac * (lvl[i - 1]))
        s[i + m - 1] = y_gamma[i - 1] - (gamma * (lvl[i - 1])) + (gammac * s[i - 1])
    return hw_args.y - lvl - s[: -(m - 1)]


def holt_win_add_mul_dam(x, hw_args):
    (
        _,
        beta,
        _,
        phi,
        alphac,
        betac,
        gammac,
        y_alpha,
        y_gamma,
    ) = holt_win_init(x, hw_args)
    lvl = hw_args.lvl
    b = hw_args.b
    s = hw_args.s
    m = hw_args.m
    for i in range(1, hw_args.n):
        lvl[i] = (y_alpha[i - 1] / s[i - 1]) + (alphac * (lvl[i - 1] + phi * b[i - 1]))
        b[i] = (beta * (lvl[i] - lvl[i - 1])) + (betac * phi * b[i - 1])
        s[i + m - 1] = (y_gamma[i - 1] / (lvl[i - 1] + phi * b[i - 1])) + (
            gammac * s[i - 1]
        )
    return hw_args.y - (lvl + phi * b) * s[: -(m - 1)]


def holt_win_mul_mul_dam(x, hw_args):
    (
        _,
        beta,
        _,
        phi,
        alphac,
        betac,
        gammac,
        y_alpha,
        y_gamma,
    ) = holt_win_init(x, hw_args)
    lvl = hw_args.lvl
    s = hw_args.s
    b = hw_args.b
    m = hw_args.m
    for i in range(1, hw_args.n):
        lvl[i] = (y_alpha[i - 1] / s[i - 1]) + (alphac * (lvl[i - 1] * b[i - 1] ** phi))
        b[i] = (beta * (lvl[i] / lvl[i - 1])) + (betac * b[i - 1] ** phi)
        s[i + m - 1] = (y_gamma[i - 1] / (lvl[i - 1] * b[i - 1] ** phi)) + (
            gammac * s[i - 1]
        )
    return hw_args.y - (lvl * b**phi) * s[: -(m - 1)]


def holt_win_add_add_dam(x, hw_args):
    (
        alpha,
        beta,
        gamma,
        phi,
        alphac,
        betac,
        gammac,
        y_alpha,
        y_gamma,
    ) = holt_win_init(x, hw_args)
    lvl = hw_args.lvl
    s = hw_args.s
    b = hw_args.b
    m = hw_args.m
    for i in range(1, hw_args.n):
        lvl[i] = (
            (y_alpha[i - 1])
            - (alpha * s[i - 1])
            + (alphac * (lvl[i - 1] + phi * b[i - 1]))
        )
        b[i] = (beta * (lvl[i] - lvl[i - 1])) + (betac * phi * b[i - 1])
        s[i + m - 1] = (
            y_gamma[i - 1]
            - (gamma * (lvl[i - 1] + phi * b[i - 1]))
            + (gammac * s[i - 1])
        )
    return hw_args.y - ((lvl + phi * b) + s[: -(m - 1)])


def holt_win_mul_add_dam(x, hw_args):
    (
        alpha,
        beta,
        gamma,
        phi,
        alphac,
        betac,
        gammac,
        y_alpha,
        y_gamma,
    ) = holt_win_init(x, hw_args)
    lvl = hw_args.lvl
    s = hw_args.s
    b = hw_args.b
    m = hw_args.m
    for i in range(1, hw_args.n):
        lvl[i] = (
            (y_alpha[i - 1])
            - (alpha * s[i - 1])
            + (alphac * (lvl[i - 1] * b[i - 1] ** phi))
        )
        b[i] = (beta * (lvl[i] / lvl[i - 1])) + (betac * b[i - 1] ** phi)
        s[i + m - 1] = (
            y_gamma[i - 1]
            - (gamma * (lvl[i - 1] * b[i - 1] ** phi))
            + (gammac * s[i - 1])
        )
    return hw_args.y - ((lvl * phi * b) + s[: -(m - 1)])


# --- statsmodels/sandbox/panel/panel_short.py ------------------------------------------------------------------------
def sum_outer_product_loop(x, group_iter):
    mom = 0
    for g in group_iter():
        x_g = x[g]
        # print 'x_g.shape', x_g.shape
        mom += np.outer(x_g, x_g)

    return mom


def sum_outer_product_balanced(x, n_groups):
    xrs = x.reshape(-1, n_groups, order="F")
    return np.dot(xrs, xrs.T)  # should be (nobs_i, nobs_i)

    # x.reshape(n_groups, nobs_i,  k_vars) #, order='F')
    # ... ? this is getting 3-dimensional  dot, tensordot?
    # needs (n_groups, k_vars, k_vars) array with sum over groups
    # NOT
    # I only need this for x is 1d, i.e., residual


def whiten_individuals_loop(x, transform, group_iter):
    # Note: figure out dimension of transformed variable
    # so we can pre-allocate
    x_new = []
    for g in group_iter():
        x_g = x[g]
        x_new.append(np.dot(transform, x_g))

    return np.concatenate(x_new)  # np.vstack(x_new)  # or np.array(x_new) # check shape


# --- cases ------------------------------------------------------------------------------------------------------------
def _ar(rng, n=3):
    """Stationary AR coefficients: the Jones transform of unconstrained ones."""
    return _ar_transparams(rng.normal(size=n))


def _arma(rng):
    """A stationary ARMA(2, 1) as lag polynomials: ar = [1, -phi1, -phi2], ma = [1, theta]."""
    return np.r_[1.0, -_ar(rng, 2)], np.r_[1.0, rng.uniform(-0.8, 0.8)]


def _pvals(rng, n=12):
    """Unsorted p-values, a few of them small."""
    p = rng.uniform(0.0, 1.0, size=n)
    p[:4] = rng.uniform(0.0, 0.01, size=4)
    return rng.permutation(p)


def _levels(rng, n=30, k=4):
    """Draws of a discrete variable with levels 0 .. k-1, as floats."""
    return rng.integers(0, k, size=n).astype(float)


def elimination_3():
    return elimination_matrix(3)


def unintegrate_diff(x):
    return unintegrate(np.diff(x, 2), unintegrate_levels(x, 2))


def approx_fprime_transparams(x):
    return approx_fprime(x, _ar_transparams)


def approx_fprime_centered(x):
    return approx_fprime(x, _ar_transparams, centered=True)


def approx_hess1_durbin_watson(x):
    return approx_hess1(x, durbin_watson, return_grad=True)


def approx_hess3_durbin_watson(x):
    return approx_hess3(x, durbin_watson)


def huber_weights(z):
    return HuberT().weights(z)


def hampel_rho(z):
    return Hampel().rho(z)


def hampel_weights(z):
    return Hampel(a=1.0, b=2.0, c=4.0).weights(z)


def hampel_psi_deriv(z):
    return Hampel().psi_deriv(z)


def estimate_location_hampel(a, scale):
    return estimate_location(a, scale, norm=Hampel(a=1.0, b=2.0, c=4.0), maxiter=50)


def _hw_inputs(rng, seasonal="add", trend="add", n=20, m=4, transform=True):
    """HoltWintersArgs' fields as ExponentialSmoothing._fit makes them: alpha, beta, gamma free (xi), the initial
    level, trend, damping and m seasonal values fixed in p, the bounds of the smoothing parameters, and x (the free
    ones: in [0, 1] to be mapped into the bounds when transform)."""
    level = 10.0 + rng.normal(size=n).cumsum() * 0.2 + np.arange(n) * 0.1
    season = np.tile(rng.uniform(-1.0, 1.0, size=m), n // m + 1)[:n]
    y = level * (1.0 + 0.05 * season) if seasonal == "mul" else level + season
    s0 = (1.0 + 0.05 * rng.uniform(-1.0, 1.0, size=m)) if seasonal == "mul" else rng.uniform(-1.0, 1.0, size=m)
    b0 = 1.01 if trend == "mul" else 0.1
    p = np.r_[0.0, 0.0, 0.0, y[0], b0, 0.98, s0]
    xi = np.r_[1, 1, 1, np.zeros(3 + m, dtype=np.int64)].astype(np.int64)
    bounds = np.array([[0.0, 1.0], [0.0, 1.0], [0.0, 1.0]])
    x = rng.uniform(0.1, 0.4, size=3)
    return x, xi, p, bounds, y, m, n, transform


def hw_holt(x, xi, p, bounds, y, m, n, transform):
    return holt__(x, HoltWintersArgs(xi, p, bounds, y, m, n, transform))


def hw_holt_mul_dam(x, xi, p, bounds, y, m, n, transform):
    return holt_mul_dam(x, HoltWintersArgs(xi, p, bounds, y, m, n, transform))


def hw_holt_add_dam(x, xi, p, bounds, y, m, n, transform):
    return holt_add_dam(x, HoltWintersArgs(xi, p, bounds, y, m, n, transform))


def hw_holt_win__mul(x, xi, p, bounds, y, m, n, transform):
    return holt_win__mul(x, HoltWintersArgs(xi, p, bounds, y, m, n, transform))


def hw_holt_win__add(x, xi, p, bounds, y, m, n, transform):
    return holt_win__add(x, HoltWintersArgs(xi, p, bounds, y, m, n, transform))


def hw_holt_win_add_mul_dam(x, xi, p, bounds, y, m, n, transform):
    return holt_win_add_mul_dam(x, HoltWintersArgs(xi, p, bounds, y, m, n, transform))


def hw_holt_win_mul_mul_dam(x, xi, p, bounds, y, m, n, transform):
    return holt_win_mul_mul_dam(x, HoltWintersArgs(xi, p, bounds, y, m, n, transform))


def hw_holt_win_add_add_dam(x, xi, p, bounds, y, m, n, transform):
    return holt_win_add_add_dam(x, HoltWintersArgs(xi, p, bounds, y, m, n, transform))


def hw_holt_win_mul_add_dam(x, xi, p, bounds, y, m, n, transform):
    return holt_win_mul_add_dam(x, HoltWintersArgs(xi, p, bounds, y, m, n, transform))


def _selection(rng):
    """to_restricted's inputs: which of alpha, beta, gamma are free differs between the two calls (seeds 0, 1)."""
    sel = rng.permutation(np.array([1, 0, 1], dtype=np.int64))
    bounds = np.array([[rng.uniform(0.0, 0.2), 0.9], [0.05, rng.uniform(0.5, 1.0)], [0.0, 1.0]])
    return rng.uniform(0.1, 0.9, size=6), sel, bounds


def _groups():
    """A balanced panel's group_iter (GroupSorted.group_iter's role): three individuals of four periods."""
    return [slice(0, 4), slice(4, 8), slice(8, 12)]


_TSA, _AP, _ST, _SC, _KER, _MT = ("tsa/tsatools.py", "tsa/arima_process.py", "stats/stattools.py", "robust/scale.py",
                                  "nonparametric/kernels.py", "stats/multitest.py")
_STT, _NRM, _HW = "tsa/stattools/_stattools.py", "robust/norms.py", "tsa/holtwinters/_smoothers.py"

CASES = [
    # tsa/tsatools.py
    case(vec, lambda rng: (rng.normal(size=(4, 3)),), SM(_TSA, "vec")),
    case(vech, lambda rng: (rng.normal(size=(4, 4)),), SM(_TSA, "vech")),
    case(unvec, lambda rng: (rng.normal(size=9),), SM(_TSA, "unvec")),
    case(unvech, lambda rng: (rng.normal(size=6),), SM(_TSA, "unvech")),
    case(duplication_matrix, lambda rng: (3,), SM(_TSA, "duplication_matrix", "n = 3 (a Python int)")),
    case(elimination_3, lambda rng: (), SM(_TSA, "elimination_matrix", "n = 3")),
    case(commutation_matrix, lambda rng: (2, 3), SM(_TSA, "commutation_matrix")),
    case(_ar_transparams, lambda rng: (rng.normal(size=4),), SM(_TSA, "_ar_transparams")),
    case(_ar_invtransparams, lambda rng: (_ar(rng, 4),), SM(_TSA, "_ar_invtransparams")),
    case(_ma_transparams, lambda rng: (rng.normal(size=4),), SM(_TSA, "_ma_transparams")),
    case(_ma_invtransparams, lambda rng: (_ma_transparams(rng.normal(size=4)),),
         SM(_TSA, "_ma_invtransparams", "writes into its argument")),
    case(unintegrate_levels, lambda rng: (rng.normal(size=8).cumsum(), 2), SM(_TSA, "unintegrate_levels")),
    case(unintegrate_diff, lambda rng: (rng.normal(size=8).cumsum(),),
         SM(_TSA, "unintegrate", "of the second differences, with unintegrate_levels (the docstring's example)")),
    # tsa/arima_process.py
    case(arma_acovf, lambda rng: (*_arma(rng), 10, np.float64(rng.uniform(0.5, 2.0))),
         SM(_AP, "arma_acovf", "ARMA(2, 1): np.roots, the linear system, lfilter for the later lags")),
    case(arma_acf, lambda rng: (*_arma(rng), 8), SM(_AP, "arma_acf")),
    case(arma_pacf, lambda rng: (*_arma(rng), 6), SM(_AP, "arma_pacf")),
    case(arma_impulse_response, lambda rng: (*_arma(rng), 12), SM(_AP, "arma_impulse_response")),
    case(arma2ar, lambda rng: (*_arma(rng), 12), SM(_AP, "arma2ar")),
    case(index2lpol, lambda rng: (rng.normal(size=3), np.array([1, 4, 12])), SM(_AP, "index2lpol", "seasonal lags")),
    case(lpol_fima, lambda rng: (np.float64(rng.uniform(0.1, 0.45)), 12), SM(_AP, "lpol_fima")),
    case(lpol_fiar, lambda rng: (np.float64(rng.uniform(0.1, 0.45)), 12), SM(_AP, "lpol_fiar")),
    case(deconvolve, lambda rng: (rng.normal(size=8), np.r_[1.0, -_ar(rng, 2)]), SM(_AP, "deconvolve")),
    # stats/stattools.py
    case(durbin_watson, lambda rng: (rng.normal(size=(20, 3)),), SM(_ST, "durbin_watson", "three columns")),
    case(robust_skewness, lambda rng: (rng.normal(size=(25, 3)),), SM(_ST, "robust_skewness", "three columns")),
    case(_kr3, lambda rng: (rng.standard_t(5, size=40),), SM(_ST, "_kr3", "means of masked selections")),
    case(robust_kurtosis, lambda rng: (rng.standard_t(5, size=40),), SM(_ST, "robust_kurtosis", "one series")),
    case(_medcouple_1d_legacy, lambda rng: (rng.lognormal(size=11),), SM(_ST, "_medcouple_1d_legacy", "odd length")),
    case(_medcouple_1d_legacy, lambda rng: (np.round(rng.normal(size=12), 1),),
         SM(_ST, "_medcouple_1d_legacy", "even length, rounded (ties at the median possible)"),
         name="statsmodels._medcouple_1d_legacy_even"),
    case(_wmedian, lambda rng: (rng.normal(size=9), rng.uniform(0.1, 1.0, size=9)), SM(_ST, "_wmedian")),
    # robust/scale.py
    case(mad, lambda rng: (rng.standard_t(3, size=(15, 3)),), SM(_SC, "mad", "np.apply_over_axes(np.median)")),
    case(iqr, lambda rng: (rng.standard_t(3, size=(15, 3)),), SM(_SC, "iqr")),
    case(_qn_naive, lambda rng: (rng.standard_t(3, size=11),), SM(_SC, "_qn_naive", "np.partition")),
    case(scale_tau, lambda rng: (rng.standard_t(3, size=(20, 2)),), SM(_SC, "scale_tau")),
    # nonparametric/kernels.py
    case(aitchison_aitken, lambda rng: (np.float64(rng.uniform(0.1, 0.5)), _levels(rng), 2.0),
         SM(_KER, "aitchison_aitken", "num_levels from np.unique")),
    case(wang_ryzin, lambda rng: (np.float64(rng.uniform(0.1, 0.5)), _levels(rng), 2.0), SM(_KER, "wang_ryzin")),
    case(tricube, lambda rng: (np.float64(rng.uniform(0.5, 1.5)), rng.normal(size=20), np.float64(0.3)),
         SM(_KER, "tricube", "a masked write")),
    case(d_gaussian, lambda rng: (np.float64(rng.uniform(0.5, 1.5)), rng.normal(size=20), np.float64(0.3)),
         SM(_KER, "d_gaussian", "with gaussian")),
    case(gaussian_cdf, lambda rng: (np.float64(rng.uniform(0.5, 1.5)), rng.normal(size=20), np.float64(0.3)),
         SM(_KER, "gaussian_cdf", "erf")),
    case(wang_ryzin_convolution, lambda rng: (np.float64(rng.uniform(0.1, 0.5)), _levels(rng), _levels(rng)),
         SM(_KER, "wang_ryzin_convolution", "a loop over np.unique")),
    case(aitchison_aitken_cdf, lambda rng: (np.float64(rng.uniform(0.1, 0.5)), _levels(rng), 2),
         SM(_KER, "aitchison_aitken_cdf", "a loop over np.unique with an if on each level")),
    case(wang_ryzin_cdf, lambda rng: (np.float64(rng.uniform(0.1, 0.5)), _levels(rng), np.float64(1.0)),
         SM(_KER, "wang_ryzin_cdf", "a loop over np.unique with an if on each level")),
    case(aitchison_aitken_reg, lambda rng: (np.float64(rng.uniform(0.1, 0.5)), _levels(rng), 2.0),
         SM(_KER, "aitchison_aitken_reg")),
    # nonparametric/bandwidths.py
    case(bw_scott, lambda rng: (rng.normal(size=30),), SM("nonparametric/bandwidths.py", "bw_scott", "_select_sigma")),
    case(bw_silverman, lambda rng: (rng.standard_t(3, size=30),),
         SM("nonparametric/bandwidths.py", "bw_silverman", "_select_sigma")),
    # stats/multitest.py
    case(fdrcorrection, lambda rng: (_pvals(rng),), SM(_MT, "fdrcorrection", "unsorted: np.nonzero, scatter back")),
    case(multipletests, lambda rng: (_pvals(rng),), SM(_MT, "multipletests", "holm-sidak (the default)")),
    case(multipletests, lambda rng: (_pvals(rng), 0.05, "holm"), SM(_MT, "multipletests", "holm"),
         name="statsmodels.multipletests_holm"),
    case(multipletests, lambda rng: (_pvals(rng), 0.05, "simes-hochberg"), SM(_MT, "multipletests", "simes-hochberg"),
         name="statsmodels.multipletests_simes_hochberg"),
    case(multipletests, lambda rng: (_pvals(rng), 0.05, "hommel"), SM(_MT, "multipletests", "hommel: a loop"),
         name="statsmodels.multipletests_hommel"),
    case(multipletests, lambda rng: (_pvals(rng), 0.1, "fdr_by"), SM(_MT, "multipletests", "fdr_by (fdrcorrection)"),
         name="statsmodels.multipletests_fdr_by"),
    case(multipletests, lambda rng: (_pvals(rng), 0.05, "fdr_gbs"), SM(_MT, "multipletests", "fdr_gbs"),
         name="statsmodels.multipletests_fdr_gbs"),
    case(fdrcorrection_twostage, lambda rng: (_pvals(rng), 0.1, "bky", 3),
         SM(_MT, "fdrcorrection_twostage", "up to three stages: a loop with a break on the number of rejections")),
    # tsa/filters/cf_filter.py, tsa/filters/bk_filter.py
    case(cffilter, lambda rng: (rng.normal(size=(24, 2)).cumsum(axis=0),),
         SM("tsa/filters/cf_filter.py", "cffilter", "two series (the (nobs, nseries) array array_like(ndim=2) gives)")),
    case(bkfilter, lambda rng: (rng.normal(size=(40, 2)).cumsum(axis=0),), SM("tsa/filters/bk_filter.py", "bkfilter",
                                                                           "two series")),
    # tsa/stattools/_stattools.py
    case(pacf_burg, lambda rng: (rng.normal(size=30).cumsum() * 0.1 + rng.normal(size=30), 5),
         SM(_STT, "pacf_burg", "five lags: a loop of updates through slices")),
    case(levinson_durbin, lambda rng: (arma_acovf(*_arma(rng), 8), 6, True),
         SM(_STT, "levinson_durbin", "given autocovariances (isacov, from the copied arma_acovf)")),
    case(levinson_durbin_pacf, lambda rng: (arma_pacf(*_arma(rng), 7),),
         SM(_STT, "levinson_durbin_pacf", "an if on pacf[0] guarding a raise; a loop of negatively bounded slices")),
    case(_sigma_est_kpss, lambda rng: (rng.normal(size=25), 25, 4), SM(_STT, "_sigma_est_kpss")),
    # robust/norms.py
    case(huber_weights, lambda rng: (rng.standard_t(2, size=12),), SM(_NRM, "HuberT.weights", "a masked write")),
    case(huber_weights, lambda rng: (np.float64(rng.uniform(2.0, 3.0)),),
         SM(_NRM, "HuberT.weights", "a NumPy scalar: np.isscalar, v[0]"), name="statsmodels.huber_weights_scalar"),
    case(hampel_rho, lambda rng: (rng.normal(scale=4.0, size=16),), SM(_NRM, "Hampel.rho", "four masked writes")),
    case(hampel_weights, lambda rng: (rng.normal(scale=2.0, size=16),), SM(_NRM, "Hampel.weights", "a, b, c = 1, 2, 4")),
    case(hampel_psi_deriv, lambda rng: (rng.normal(scale=4.0, size=16),), SM(_NRM, "Hampel.psi_deriv")),
    case(estimate_location, lambda rng: (rng.standard_t(2, size=25), np.float64(1.0)),
         SM(_NRM, "estimate_location", "HuberT: a loop of at most 30 with a return on convergence")),
    case(estimate_location, lambda rng: (rng.standard_t(2, size=(25, 3)), np.float64(1.0)),
         SM(_NRM, "estimate_location", "three columns"), name="statsmodels.estimate_location_columns"),
    case(estimate_location_hampel, lambda rng: (rng.standard_t(2, size=25) + rng.uniform(-1, 1), np.float64(1.5)),
         SM(_NRM, "estimate_location", "Hampel (1, 2, 4), maxiter=50")),
    # tsa/holtwinters/_smoothers.py
    case(to_restricted, _selection, SM(_HW, "to_restricted", "ifs on the selection's elements, max/min of bounds")),
    case(to_unrestricted, _selection, SM(_HW, "to_unrestricted")),
    case(hw_holt, lambda rng: _hw_inputs(rng), SM(_HW, "holt__", "through HoltWintersArgs, transform")),
    case(hw_holt_mul_dam, lambda rng: _hw_inputs(rng, trend="mul"), SM(_HW, "holt_mul_dam")),
    case(hw_holt_add_dam, lambda rng: _hw_inputs(rng, transform=False), SM(_HW, "holt_add_dam", "no transform")),
    case(hw_holt_win__mul, lambda rng: _hw_inputs(rng, seasonal="mul"), SM(_HW, "holt_win__mul")),
    case(hw_holt_win__add, lambda rng: _hw_inputs(rng), SM(_HW, "holt_win__add")),
    case(hw_holt_win_add_mul_dam, lambda rng: _hw_inputs(rng, seasonal="mul"), SM(_HW, "holt_win_add_mul_dam")),
    case(hw_holt_win_mul_mul_dam, lambda rng: _hw_inputs(rng, seasonal="mul", trend="mul"),
         SM(_HW, "holt_win_mul_mul_dam")),
    case(hw_holt_win_add_add_dam, lambda rng: _hw_inputs(rng), SM(_HW, "holt_win_add_add_dam")),
    case(hw_holt_win_mul_add_dam, lambda rng: _hw_inputs(rng, trend="mul"), SM(_HW, "holt_win_mul_add_dam")),
    # sandbox/panel/panel_short.py
    case(sum_outer_product_loop, lambda rng: (rng.normal(size=12), _groups),
         SM("sandbox/panel/panel_short.py", "sum_outer_product_loop", "group_iter: three slices of four")),
    case(sum_outer_product_balanced, lambda rng: (rng.normal(size=12), 3),
         SM("sandbox/panel/panel_short.py", "sum_outer_product_balanced", "reshape(order='F')")),
    case(whiten_individuals_loop, lambda rng: (rng.normal(size=(12, 2)), np.linalg.cholesky(np.linalg.inv(
        np.eye(4) + 0.5 * np.eye(4, k=1) + 0.5 * np.eye(4, k=-1))).T * rng.uniform(0.5, 1.5), _groups),
         SM("sandbox/panel/panel_short.py", "whiten_individuals_loop", "a list appended in the loop, concatenated")),
    # tools/numdiff.py
    case(approx_fprime_transparams, lambda rng: (rng.normal(size=3),),
         SM("tools/numdiff.py", "approx_fprime", "the Jacobian of _ar_transparams, forward differences")),
    case(approx_fprime_centered, lambda rng: (rng.normal(size=3),),
         SM("tools/numdiff.py", "approx_fprime", "centered")),
    case(approx_hess1_durbin_watson, lambda rng: (rng.normal(size=5),),
         SM("tools/numdiff.py", "approx_hess1", "of durbin_watson, with the gradient")),
    case(approx_hess3_durbin_watson, lambda rng: (rng.normal(size=5),),
         SM("tools/numdiff.py", "approx_hess3", "of durbin_watson")),
]
