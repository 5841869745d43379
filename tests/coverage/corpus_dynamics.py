"""Nonlinear dynamics and time-series complexity from nolds (CSchoel/nolds, MIT).

Copied from CSchoel/nolds at b91761c8dacf80e127493ba73a85a47cb1ec8a78 (nolds/measures.py and
nolds/datasets.py); docstrings, comments and the debug plots dropped. The fits are
called with ``fit="poly"`` (``np.polyfit``): the default RANSAC needs scikit-learn, which is not
installed (the source itself falls back to "poly" then, with a warning). ``logistic_map`` and
``tent_map`` are generators: a one-line wrapper collects what they yield, as a caller would.
"""

# ruff: noqa: B028, E501, E741, N802, N803, N806, UP031, UP032, SIM108, RET505, B006, C416
from __future__ import annotations

import math  # noqa: F401 (measures.py imports it)
import warnings

import numpy as np

from tests.coverage.cases import NLD, case


# nolds/measures.py
def rowwise_chebyshev(x, y):
    return np.max(np.abs(x - y), axis=1)


def rowwise_euclidean(x, y):
    return np.sqrt(np.sum((x - y) ** 2, axis=1))


def poly_fit(x, y, degree, fit='RANSAC'):
    if fit == 'RANSAC':
        try:
            with warnings.catch_warnings():
                warnings.simplefilter('ignore', ImportWarning)
                import sklearn.linear_model as sklin
                import sklearn.preprocessing as skpre
        except ImportError:
            warnings.warn("fitting mode 'RANSAC' requires the package sklearn, using" + " 'poly' instead", RuntimeWarning)
            fit = 'poly'
    if fit == 'poly':
        return np.polyfit(x, y, degree)
    elif fit == 'RANSAC':
        model = sklin.RANSACRegressor(sklin.LinearRegression(fit_intercept=False))
        xdat = np.asarray(x)
        if len(xdat.shape) == 1:
            xdat = xdat.reshape(-1, 1)
        polydat = skpre.PolynomialFeatures(degree).fit_transform(xdat)
        try:
            model.fit(polydat, y)
            coef = model.estimator_.coef_[::-1]
        except ValueError:
            warnings.warn('RANSAC did not reach consensus, ' + "using numpy's polyfit", RuntimeWarning)
            coef = np.polyfit(x, y, degree)
        return coef
    else:
        raise ValueError('invalid fitting mode ({})'.format(fit))


def delay_embedding(data, emb_dim, lag=1):
    data = np.asarray(data)
    min_len = (emb_dim - 1) * lag + 1
    if len(data) < min_len:
        msg = 'cannot embed data of length {} with embedding dimension {} ' + 'and lag {}, minimum required length is {}'
        raise ValueError(msg.format(len(data), emb_dim, lag, min_len))
    m = len(data) - min_len + 1
    indices = np.repeat([np.arange(emb_dim) * lag], m, axis=0)
    indices += np.arange(m).reshape((m, 1))
    return data[indices]


def sampen(data, emb_dim=2, tolerance=None, lag=1, dist=rowwise_chebyshev, closed=False, debug_plot=False, debug_data=False, plot_file=None):
    data = np.asarray(data)
    if tolerance is None:
        tolerance = np.std(data, ddof=1) * 0.1164 * (0.5627 * np.log(emb_dim) + 1.3334)
    n = len(data)
    tVecs = delay_embedding(np.asarray(data), emb_dim + 1, lag=lag)
    plot_data = []
    counts = []
    for m in [emb_dim, emb_dim + 1]:
        counts.append(0)
        plot_data.append([])
        tVecsM = tVecs[:n - m + 1, :m]
        for i in range(len(tVecsM) - 1):
            dsts = dist(tVecsM[i + 1:], tVecsM[i])
            if debug_plot or debug_data:
                plot_data[-1].extend(dsts)
            if closed:
                counts[-1] += np.sum(dsts <= tolerance)
            else:
                counts[-1] += np.sum(dsts < tolerance)
    if counts[0] > 0 and counts[1] > 0:
        saen = -np.log(1.0 * counts[1] / counts[0])
    else:
        zcounts = []
        if counts[0] == 0:
            zcounts.append('emb_dim')
        if counts[1] == 0:
            zcounts.append('emb_dim + 1')
        warnings.warn(('Zero vectors are within tolerance for %s. ' + 'Consider raising the tolerance parameter to avoid %s result.') % (' and '.join(zcounts), 'NaN' if len(zcounts) == 2 else 'inf'), RuntimeWarning)
        if counts[0] == 0 and counts[1] == 0:
            saen = np.nan
        elif counts[0] == 0:
            saen = -np.inf
        else:
            saen = np.inf
    if debug_data:
        return (saen, counts, plot_data)
    else:
        return saen


def logarithmic_n(min_n, max_n, factor):
    assert max_n > min_n
    assert factor > 1
    max_i = int(np.floor(np.log(1.0 * max_n / min_n) / np.log(factor)))
    ns = [min_n]
    for i in range(max_i + 1):
        n = int(np.floor(min_n * factor ** i))
        if n > ns[-1]:
            ns.append(n)
    return ns


def logarithmic_r(min_n, max_n, factor):
    assert max_n > min_n
    assert factor > 1
    max_i = int(np.floor(np.log(1.0 * max_n / min_n) / np.log(factor)))
    return [min_n * factor ** i for i in range(max_i + 1)]


def rs(data, n, unbiased=True):
    data = np.asarray(data)
    total_N = len(data)
    m = total_N // n
    data = data[:total_N - total_N % n]
    seqs = np.reshape(data, (m, n))
    means = np.mean(seqs, axis=1)
    y = seqs - means.reshape((m, 1))
    y = np.cumsum(y, axis=1)
    r = np.max(y, axis=1) - np.min(y, axis=1)
    s = np.std(seqs, axis=1, ddof=1 if unbiased else 0)
    idx = np.where(r != 0)
    r = r[idx]
    s = s[idx]
    if len(r) == 0:
        return np.nan
    else:
        return np.mean(r / s)


def _genhurst(S, q):
    L = len(S)
    if L < 100:
        warnings.warn('Data series very short!')
    H = np.zeros((len(range(5, 20)), 1))
    k = 0
    for Tmax in range(5, 20):
        x = np.arange(1, Tmax + 1, 1)
        mcord = np.zeros((Tmax, 1))
        for tt in range(1, Tmax + 1):
            dV = S[np.arange(tt, L, tt)] - S[np.arange(tt, L, tt) - tt]
            VV = S[np.arange(tt, L + tt, tt) - tt]
            N = len(dV) + 1
            X = np.arange(1, N + 1, dtype=np.float64)
            Y = VV
            mx = np.sum(X) / N
            SSxx = np.sum(X ** 2) - N * mx ** 2
            my = np.sum(Y) / N
            SSxy = np.sum(np.multiply(X, Y)) - N * mx * my
            cc1 = SSxy / SSxx
            cc2 = my - cc1 * mx
            ddVd = dV - cc1
            VVVd = VV - np.multiply(cc1, np.arange(1, N + 1, dtype=np.float64)) - cc2
            mcord[tt - 1] = np.mean(np.abs(ddVd) ** q) / np.mean(np.abs(VVVd) ** q)
        mx = np.mean(np.log10(x))
        SSxx = np.sum(np.log10(x) ** 2) - Tmax * mx ** 2
        my = np.mean(np.log10(mcord))
        SSxy = np.sum(np.multiply(np.log10(x), np.transpose(np.log10(mcord)))) - Tmax * mx * my
        H[k] = SSxy / SSxx
        k = k + 1
    mH = np.mean(H) / q
    return mH


def _aste_line_fit(x, y):
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    N = len(x)
    mx = np.mean(x)
    my = np.mean(y)
    var = np.sum(x ** 2) - N * mx * mx
    cov = np.sum(x * y) - N * mx * my
    slope = cov / var
    intercept = my - slope * mx
    return [intercept, slope]


def detrend_data(data, order=1, fit='poly'):
    xvals = np.arange(len(data))
    trend = poly_fit(xvals, data, order, fit=fit)
    detrended = data - np.polyval(trend, xvals)
    return detrended


def corr_dim(data, emb_dim, lag=1, rvals=None, dist=rowwise_euclidean, fit='RANSAC', debug_plot=False, debug_data=False, plot_file=None):
    data = np.asarray(data)
    if rvals is None:
        sd = np.std(data, ddof=1)
        rvals = logarithmic_r(0.1 * sd, 0.5 * sd, 1.03)
    orbit = delay_embedding(data, emb_dim, lag=lag)
    n = len(orbit)
    dists = np.zeros((len(orbit), len(orbit)), dtype=np.float64)
    for i in range(len(orbit)):
        d = dist(orbit[i + 1:], orbit[i])
        dists[i + 1:, i] = d
        dists[i, i + 1:] = d
    csums = []
    for r in rvals:
        s = 1.0 / (n * (n - 1)) * np.sum(dists <= r)
        csums.append(s)
    csums = np.array(csums)
    nonzero = np.where(csums != 0)
    rvals = np.array(rvals)[nonzero]
    csums = csums[nonzero]
    if len(csums) == 0:
        poly = [np.nan, np.nan]
    else:
        poly = poly_fit(np.log(rvals), np.log(csums), 1, fit=fit)
    if debug_data:
        return (poly[0], (np.log(rvals), np.log(csums), poly))
    else:
        return poly[0]


def dfa(data, nvals=None, overlap=True, order=1, fit_trend='poly', fit_exp='RANSAC', debug_plot=False, debug_data=False, plot_file=None):
    data = np.asarray(data)
    total_N = len(data)
    if nvals is None:
        if total_N > 70:
            nvals = logarithmic_n(4, 0.1 * total_N, 1.2)
        elif total_N > 10:
            nvals = [4, 5, 6, 7, 8, 9]
        else:
            nvals = [total_N - 2, total_N - 1]
            msg = 'choosing nvals = {} , DFA with less than ten data points is ' + 'extremely unreliable'
            warnings.warn(msg.format(nvals), RuntimeWarning)
    if len(nvals) < 2:
        raise ValueError('at least two nvals are needed')
    if np.min(nvals) < 2:
        raise ValueError('nvals must be at least two')
    if np.max(nvals) >= total_N:
        raise ValueError('nvals cannot be larger than the input size')
    walk = np.cumsum(data - np.mean(data))
    fluctuations = []
    for n in nvals:
        assert n >= 2
        if overlap:
            d = np.array([walk[i:i + n] for i in range(0, len(walk) - n, n // 2)])
        else:
            d = walk[:total_N - total_N % n]
            d = d.reshape((total_N // n, n))
        x = np.arange(n)
        tpoly = [poly_fit(x, d[i], order, fit=fit_trend) for i in range(len(d))]
        tpoly = np.array(tpoly)
        trend = np.array([np.polyval(tpoly[i], x) for i in range(len(d))])
        flucs = np.sum((d - trend) ** 2, axis=1) / n
        f_n = np.sqrt(np.sum(flucs) / len(flucs))
        fluctuations.append(f_n)
    fluctuations = np.array(fluctuations)
    nonzero = np.where(fluctuations != 0)
    nvals = np.array(nvals)[nonzero]
    fluctuations = fluctuations[nonzero]
    if len(fluctuations) == 0:
        poly = [np.nan, np.nan]
    else:
        poly = poly_fit(np.log(nvals), np.log(fluctuations), 1, fit=fit_exp)
    if debug_data:
        return (poly[0], (np.log(nvals), np.log(fluctuations), poly))
    else:
        return poly[0]


# nolds/datasets.py
def lorenz_euler(length, sigma, rho, beta, dt=0.01, start=[1, 1, 1]):

    def lorenz(state, sigma, rho, beta):
        x, y, z = state
        return np.array([np.float32(sigma) * (y - x), np.float32(rho) * x - y - x * z, x * y - np.float32(beta) * z], dtype='float32')
    trajectory = np.zeros((length, 3), dtype='float32')
    trajectory[0] = start
    for i in range(1, length):
        trajectory[i] = trajectory[i - 1] + lorenz(trajectory[i - 1], sigma, rho, beta) * dt
    return trajectory


def lorenz_lyap(sigma, rho, beta):
    return 3 - 2 * (sigma + beta + 1) / (sigma + 1 + np.sqrt((sigma - 1) ** 2 + 4 * sigma * rho))


def tent_map(x, steps, mu=2):
    for _ in range(steps):
        x = mu * x if x < 0.5 else mu * (1 - x)
        yield x


def logistic_map(x, steps, r=4):
    for _ in range(steps):
        x = r * x * (1 - x)
        yield x


def logistic_orbit(x, steps):  # calling convention: what the generator yields, as an array
    return np.array(list(logistic_map(x, steps)))


def tent_orbit(x, steps):  # calling convention: what the generator yields, as an array
    return np.array(list(tent_map(x, steps)))


# --- inputs ---------------------------------------------------------------------------------

def _series(rng, n=120):
    return np.cumsum(rng.normal(size=n)) * 0.1 + rng.normal(size=n)


_M = "nolds/measures.py"
_D = "nolds/datasets.py"

CASES = [
    case(rowwise_chebyshev, lambda rng: (rng.normal(size=(6, 3)), rng.normal(size=3)), NLD(_M, "rowwise_chebyshev")),
    case(rowwise_euclidean, lambda rng: (rng.normal(size=(6, 3)), rng.normal(size=3)), NLD(_M, "rowwise_euclidean")),
    case(poly_fit, lambda rng: (np.arange(10.0), rng.normal(size=10), 2, "poly"), NLD(_M, "poly_fit", "fit='poly'")),
    case(delay_embedding, lambda rng: (rng.normal(size=20), 4, 2), NLD(_M, "delay_embedding")),
    case(sampen, lambda rng: (_series(rng, 60),), NLD(_M, "sampen")),
    case(rs, lambda rng: (_series(rng), 10), NLD(_M, "rs")),
    case(_genhurst, lambda rng: (_series(rng, 150), 1), NLD(_M, "_genhurst")),
    case(_aste_line_fit, lambda rng: (np.arange(12.0), rng.normal(size=12)), NLD(_M, "_aste_line_fit")),
    case(detrend_data, lambda rng: (_series(rng), 1, "poly"), NLD(_M, "detrend_data", "fit='poly'")),
    case(corr_dim, lambda rng: (_series(rng, 60), 3, 1, None, rowwise_euclidean, "poly"), NLD(_M, "corr_dim", "fit='poly'")),
    case(dfa, lambda rng: (_series(rng), None, True, 1, "poly", "poly"), NLD(_M, "dfa", "fit_exp='poly'")),
    case(lorenz_euler, lambda rng: (200, np.float64(rng.uniform(9, 11)), np.float64(rng.uniform(27, 29)), np.float64(8 / 3)), NLD(_D, "lorenz_euler")),
    case(lorenz_lyap, lambda rng: (np.float64(rng.uniform(9, 11)), np.float64(rng.uniform(27, 29)), np.float64(8 / 3)), NLD(_D, "lorenz_lyap")),
    case(logistic_orbit, lambda rng: (np.float64(rng.uniform(0.1, 0.9)), 30), NLD(_D, "logistic_map", "a wrapper collects the generator's values")),
    case(tent_orbit, lambda rng: (np.float64(rng.uniform(0.1, 0.9)), 30), NLD(_D, "tent_map", "a wrapper collects the generator's values")),
]
