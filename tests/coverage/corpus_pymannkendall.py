"""pyMannKendall's non-parametric trend tests: the helpers (``__preprocessing``'s ``if dim == 1`` / ``elif dim == 2``
on the array's rank, NaN rows dropped by boolean masks, the autocorrelation by ``np.correlate`` with an ``if
acov[0] != 0``, the Mann-Kendall score as a loop of masked sums ``demo[k+1:n][x[k+1:n] > x[k]]``, the variance with
ties counted over ``np.unique`` in a loop, the Z score's three-way ``if`` on the sign of ``s`` (``z = 0`` an int in
one branch), the p value by ``scipy.stats.norm`` with a string ``trend`` chosen by ``if``, the rank and concordance
sums ``__R`` and ``__K``, Sen's slope filling ``d[idx : idx + len(j)]`` in a loop), Sen's slope and its seasonal
form (a NaN-padded reshape by period), and the tests that return a namedtuple: the original test, Hamed and Rao's
and Yue and Wang's variance corrections (an ``if`` inside a loop over lags), pre-whitening and trend-free
pre-whitening, the multivariate, seasonal and regional tests, the correlated multivariate and seasonal tests (a
covariance matrix filled in nested loops) and the partial test (``raise ValueError`` on the column count)
(mmhs013/pyMannKendall, MIT).

Copied from mmhs013/pyMannKendall at ec2e3ab16b4299517bd69b9f1ca949580797cd6d (version 1.4.3; its ``LICENSE`` is
the MIT License, "Copyright (c) 2019 Md. Manjurul Hussain Shourov"), ``pymannkendall/pymannkendall.py``: every
function, in the file's order, docstrings dropped, comments (and the file's trailing whitespace) kept.

Adapted, beyond that:

* the module-level imports are this module's (``from __future__ import division`` is Python 3's own division);
* a setting the source takes as a keyword (``period=``, ``lag=``, ``alpha=``) is given by a one-line wrapper named
  after the case, so the traced arguments are the arrays.

The inputs: monthly series of five years (60 values) with a linear trend of either sign or none plus noise, as in
the package's tests (``tests/test_pymannkendall.py``: a constant series, a trend with a tiny noise, the arbitrary
data with NaN gaps and many zeros); rounded series (ties), integer and float32 series, series whose length is not a
multiple of the period, and two-column series for the multivariate, regional and partial tests.
"""

# ruff: noqa: E225, E226, E228, E231, E251, E261, E262, E265, E271, E302, E303, E305, E501, E741, N802, N803, N806, N807, W291, W293, UP008, UP031
from __future__ import annotations

from collections import namedtuple

import numpy as np
from scipy.stats import norm, rankdata

from tests.coverage.cases import PYMANNKENDALL, Source, case


def MK(original: str, note: str = "") -> Source:
    return Source(PYMANNKENDALL, "pymannkendall/pymannkendall.py", original, note)


# --- pymannkendall/pymannkendall.py ---

# Supporting Functions
# Data Preprocessing
def __preprocessing(x):
    x = np.asarray(x).astype(float)
    dim = x.ndim
    
    if dim == 1:
        c = 1
        
    elif dim == 2:
        (n, c) = x.shape
        
        if c == 1:
            dim = 1
            x = x.flatten()
         
    else:
        print('Please check your dataset.')
        
    return x, c


def __missing_values_analysis(x, method = 'skip'):
    if method.lower() == 'skip':
        if x.ndim == 1:
            x = x[~np.isnan(x)]
            
        else:
            x = x[~np.isnan(x).any(axis=1)]
    
    n = len(x)
    
    return x, n


def __acf(x, nlags):
    y = x - x.mean()
    n = len(x)
    d = n * np.ones(2 * n - 1)
    
    acov = (np.correlate(y, y, 'full') / d)[n - 1:]
    
    if acov[0] != 0 :
        return acov[:nlags+1]/acov[0]
    else :
        return acov[:nlags+1]     


def __mk_score(x, n):
    s = 0

    demo = np.ones(n) 
    for k in range(n-1):
        s = s + np.sum(demo[k+1:n][x[k+1:n] > x[k]]) - np.sum(demo[k+1:n][x[k+1:n] < x[k]])
        
    return s


def __variance_s(x, n):
    # calculate the unique data
    unique_x = np.unique(x)
    g = len(unique_x)

    # calculate the var(s)
    if n == g:            # there is no tie
        var_s = (n*(n-1)*(2*n+5))/18
        
    else:                 # there are some ties in data
        tp = np.zeros(unique_x.shape)
        demo = np.ones(n)
        
        for i in range(g):
            tp[i] = np.sum(demo[x == unique_x[i]])
            
        var_s = (n*(n-1)*(2*n+5) - np.sum(tp*(tp-1)*(2*tp+5)))/18
        
    return var_s


def __z_score(s, var_s):
    if s > 0:
        z = (s - 1)/np.sqrt(var_s)
    elif s == 0:
        z = 0
    elif s < 0:
        z = (s + 1)/np.sqrt(var_s)
    
    return z


def __p_value(z, alpha):
    # two tail test
    p = 2*(1-norm.cdf(abs(z)))  
    h = abs(z) > norm.ppf(1-alpha/2)

    if (z < 0) and h:
        trend = 'decreasing'
    elif (z > 0) and h:
        trend = 'increasing'
    else:
        trend = 'no trend'
    
    return p, h, trend


def __R(x):
    n = len(x)
    R = []
    
    for j in range(n):
        i = np.arange(n)
        s = np.sum(np.sign(x[j] - x[i]))
        R.extend([(n + 1 + s)/2])
    
    return np.asarray(R)


def __K(x,z):
    n = len(x)
    K = 0
    
    for i in range(n-1):
        j = np.arange(i,n)
        K = K + np.sum(np.sign((x[j] - x[i]) * (z[j] - z[i])))
    
    return K


def __sens_estimator(x):
    idx = 0
    n = len(x)
    d = np.ones(int(n*(n-1)/2))

    for i in range(n-1):
        j = np.arange(i+1,n)
        d[idx : idx + len(j)] = (x[j] - x[i]) / (j - i)
        idx = idx + len(j)
        
    return d


def sens_slope(x):
    res = namedtuple('Sens_Slope_Test', ['slope','intercept'])
    x, c = __preprocessing(x)
#     x, n = __missing_values_analysis(x, method = 'skip')
    n = len(x)
    slope = np.nanmedian(__sens_estimator(x))
    intercept = np.nanmedian(x) - np.median(np.arange(n)[~np.isnan(x.flatten())]) * slope  # or median(x) - (n-1)/2 *slope
    
    return res(slope, intercept)


def seasonal_sens_slope(x_old, period=12):
    res = namedtuple('Seasonal_Sens_Slope_Test', ['slope','intercept'])
    x, c = __preprocessing(x_old)
    n = len(x)
    
    if x.ndim == 1:
        if np.mod(n,period) != 0:
            x = np.pad(x,(0,period - np.mod(n,period)), 'constant', constant_values=(np.nan,))

        x = x.reshape(int(len(x)/period),period)
    
#     x, n = __missing_values_analysis(x, method = 'skip')
    d = []
    
    for i in range(period):
        d.extend(__sens_estimator(x[:,i]))
        
    slope = np.nanmedian(np.asarray(d))
    intercept = np.nanmedian(x_old) - np.median(np.arange(x_old.size)[~np.isnan(x_old.flatten())]) / period * slope
    
    return res(slope, intercept)


def original_test(x_old, alpha = 0.05):
    res = namedtuple('Mann_Kendall_Test', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    x, c = __preprocessing(x_old)
    x, n = __missing_values_analysis(x, method = 'skip')
    
    s = __mk_score(x, n)
    var_s = __variance_s(x, n)
    Tau = s/(.5*n*(n-1))
    
    z = __z_score(s, var_s)
    p, h, trend = __p_value(z, alpha)
    slope, intercept = sens_slope(x_old)

    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


def hamed_rao_modification_test(x_old, alpha = 0.05, lag=None):
    res = namedtuple('Modified_Mann_Kendall_Test_Hamed_Rao_Approach', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    x, c = __preprocessing(x_old)
    x, n = __missing_values_analysis(x, method = 'skip')
    
    s = __mk_score(x, n)
    var_s = __variance_s(x, n)
    Tau = s/(.5*n*(n-1))

    # Hamed and Rao (1998) variance correction
    if lag is None:
        lag = n
    else:
        lag = lag + 1
        
    # detrending
    # x_detrend = x - np.multiply(range(1,n+1), np.median(x))
    slope, intercept = sens_slope(x_old)
    x_detrend = x - np.arange(1,n+1) * slope
    I = rankdata(x_detrend)
    
    # account for autocorrelation
    acf_1 = __acf(I, nlags=lag-1)
    interval = norm.ppf(1 - alpha / 2) / np.sqrt(n)
    upper_bound = 0 + interval
    lower_bound = 0 - interval

    sni = 0
    for i in range(1,lag):
        if (acf_1[i] <= upper_bound and acf_1[i] >= lower_bound):
            sni = sni
        else:
            sni += (n-i) * (n-i-1) * (n-i-2) * acf_1[i]
            
    n_ns = 1 + (2 / (n * (n-1) * (n-2))) * abs(sni)
    var_s = var_s * n_ns
    
    z = __z_score(s, var_s)
    p, h, trend = __p_value(z, alpha)
        
    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


def yue_wang_modification_test(x_old, alpha = 0.05, lag=None):
    res = namedtuple('Modified_Mann_Kendall_Test_Yue_Wang_Approach', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    x, c = __preprocessing(x_old)
    x, n = __missing_values_analysis(x, method = 'skip')
    
    s = __mk_score(x, n)
    var_s = __variance_s(x, n)
    Tau = s/(.5*n*(n-1))
    
    # Yue and Wang (2004) variance correction
    if lag is None:
        lag = n
    else:
        lag = lag + 1

    # detrending
    slope, intercept = sens_slope(x_old)
    x_detrend = x - np.arange(1,n+1) * slope
    
    # account for autocorrelation
    acf_1 = __acf(x_detrend, nlags=lag-1)
    idx = np.arange(1,lag)
    sni = np.sum((1 - idx/n) * acf_1[idx])
    
    n_ns = 1 + 2 * sni
    var_s = var_s * n_ns

    z = __z_score(s, var_s)
    p, h, trend = __p_value(z, alpha)

    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


def pre_whitening_modification_test(x_old, alpha = 0.05):
    res = namedtuple('Modified_Mann_Kendall_Test_PreWhitening_Approach', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    
    x, c = __preprocessing(x_old)
    x, n = __missing_values_analysis(x, method = 'skip')
    
    # PreWhitening
    acf_1 = __acf(x, nlags=1)[1]
    a = range(0, n-1)
    b = range(1, n)
    x = x[b] - x[a]*acf_1
    n = len(x)
    
    s = __mk_score(x, n)
    var_s = __variance_s(x, n)
    Tau = s/(.5*n*(n-1))
    
    z = __z_score(s, var_s)
    p, h, trend = __p_value(z, alpha)
    slope, intercept = sens_slope(x_old)
    
    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


def trend_free_pre_whitening_modification_test(x_old, alpha = 0.05):
    res = namedtuple('Modified_Mann_Kendall_Test_Trend_Free_PreWhitening_Approach', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    
    x, c = __preprocessing(x_old)
    x, n = __missing_values_analysis(x, method = 'skip')
    
    # detrending
    slope, intercept = sens_slope(x_old)
    x_detrend = x - np.arange(1,n+1) * slope
    
    # PreWhitening
    acf_1 = __acf(x_detrend, nlags=1)[1]
    a = range(0, n-1)
    b = range(1, n)
    x = x_detrend[b] - x_detrend[a]*acf_1

    n = len(x)
    x = x + np.arange(1,n+1) * slope
    
    s = __mk_score(x, n)
    var_s = __variance_s(x, n)
    Tau = s/(.5*n*(n-1))
    
    z = __z_score(s, var_s)
    p, h, trend = __p_value(z, alpha)
    slope, intercept = sens_slope(x_old)
    
    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


def multivariate_test(x_old, alpha = 0.05):
    res = namedtuple('Multivariate_Mann_Kendall_Test', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    s = 0
    var_s = 0
    denom = 0
    
    x, c = __preprocessing(x_old)
#     x, n = __missing_values_analysis(x, method = 'skip')  # It makes all column at the same size

    for i in range(c):
        if c == 1:
            x_new, n = __missing_values_analysis(x, method = 'skip')  # It makes all column at deferent size
        else:
            x_new, n = __missing_values_analysis(x[:,i], method = 'skip')  # It makes all column at deferent size

        s = s + __mk_score(x_new, n)
        var_s = var_s + __variance_s(x_new, n)
        denom = denom + (.5*n*(n-1))
              
    Tau = s/denom
    
    z = __z_score(s, var_s)
    p, h, trend = __p_value(z, alpha)

    slope, intercept = seasonal_sens_slope(x_old, period = c)
    
    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


def seasonal_test(x_old, period = 12, alpha = 0.05):
    res = namedtuple('Seasonal_Mann_Kendall_Test', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    x, c = __preprocessing(x_old)
    n = len(x)
    
    if x.ndim == 1:
        if np.mod(n,period) != 0:
            x = np.pad(x,(0,period - np.mod(n,period)), 'constant', constant_values=(np.nan,))

        x = x.reshape(int(len(x)/period),period)
    
    trend, h, p, z, Tau, s, var_s, slope, intercept = multivariate_test(x, alpha = alpha)

    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


def regional_test(x_old, alpha = 0.05):
    res = namedtuple('Regional_Mann_Kendall_Test', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    
    trend, h, p, z, Tau, s, var_s, slope, intercept = multivariate_test(x_old)
    
    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


def correlated_multivariate_test(x_old, alpha = 0.05):
    res = namedtuple('Correlated_Multivariate_Mann_Kendall_Test', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    x, c = __preprocessing(x_old)
    x, n = __missing_values_analysis(x, method = 'skip')
    
    s = 0
    denom = 0
    
    for i in range(c):
        s = s + __mk_score(x[:,i], n)
        denom = denom + (.5*n*(n-1))
 
    Tau = s/denom

    Gamma = np.ones([c,c])

    for i in range(1,c):
        for j in range(i):
            k = __K(x[:,i], x[:,j])
            ri = __R(x[:,i])
            rj = __R(x[:,j])
            Gamma[i,j] = (k + 4 * np.sum(ri * rj) - n*(n+1)**2)/3
            Gamma[j,i] = Gamma[i,j]

    for i in range(c):
        k = __K(x[:,i], x[:,i])
        ri = __R(x[:,i])
        rj = __R(x[:,i])
        Gamma[i,i] = (k + 4 * np.sum(ri * rj) - n*(n+1)**2)/3
    
    
    var_s = np.sum(Gamma)
    
    z = s / np.sqrt(var_s)

    p, h, trend = __p_value(z, alpha)
    slope, intercept = seasonal_sens_slope(x_old, period=c)

    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


def correlated_seasonal_test(x_old, period = 12 ,alpha = 0.05):
    res = namedtuple('Correlated_Seasonal_Mann_Kendall_test', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    x, c = __preprocessing(x_old)

    n = len(x)
    
    if x.ndim == 1:
        if np.mod(n,period) != 0:
            x = np.pad(x,(0,period - np.mod(n,period)), 'constant', constant_values=(np.nan,))

        x = x.reshape(int(len(x)/period),period)
    
    trend, h, p, z, Tau, s, var_s, slope, intercept = correlated_multivariate_test(x)

    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


def partial_test(x_old, alpha = 0.05):
    res = namedtuple('Partial_Mann_Kendall_Test', ['trend', 'h', 'p', 'z', 'Tau', 's', 'var_s', 'slope', 'intercept'])
    
    x_proc, c = __preprocessing(x_old)
    x_proc, n = __missing_values_analysis(x_proc, method = 'skip')
    
    if c != 2:
        raise ValueError('Partial Mann Kendall test required two parameters/columns. Here column no ' + str(c) + ' is not equal to 2.')
    
    x = x_proc[:,0]
    y = x_proc[:,1]
    
    x_score = __mk_score(x, n)
    y_score = __mk_score(y, n)
    
    k = __K(x, y)
    rx = __R(x)
    ry = __R(y)
    
    sigma = (k + 4 * np.sum(rx * ry) - n*(n+1)**2)/3
    rho = sigma / (n*(n-1)*(2*n+5)/18)
    
    s = x_score - rho * y_score
    var_s = (1 - rho**2) * (n*(n-1)*(2*n+5))/18
    
    Tau = x_score/(.5*n*(n-1))
    
    z = s / np.sqrt(var_s)

    p, h, trend = __p_value(z, alpha)
    slope, intercept = sens_slope(x_old[:,0])

    return res(trend, h, p, z, Tau, s, var_s, slope, intercept)


# --- wrappers: the keyword settings of the cases ---


def seasonal_sens_slope_quarterly(x_old):
    return seasonal_sens_slope(x_old, period=4)


def hamed_rao_modification_test_lag3(x_old):
    return hamed_rao_modification_test(x_old, lag=3)


def yue_wang_modification_test_lag3(x_old):
    return yue_wang_modification_test(x_old, alpha=0.1, lag=3)


def seasonal_test_quarterly(x_old):
    return seasonal_test(x_old, period=4)


def acf_5(x):
    return __acf(x, 5)


def mk_score(x):
    return __mk_score(x, len(x))


def variance_s(x):
    return __variance_s(x, len(x))


# --- inputs ---

N = 60


def _series(rng, slope=0.05, n=N):
    return np.arange(n) * slope + rng.normal(0.0, 1.0, size=n)


def _ties(rng, n=N):
    return np.round(_series(rng, 0.03, n) * 2.0) / 2.0


def _gaps(rng, n=N):
    x = _series(rng, -0.04, n)
    x[[5, 6, 23, 41]] = np.nan
    return x


def _rain(rng, n=N):
    """Monthly rain (mm) with dry months and ties at zero, as the package's arbitrary test data."""
    x = np.round(rng.gamma(0.8, 150.0, size=n))
    x[rng.uniform(size=n) < 0.2] = 0.0
    return x


def _two(rng, n=N):
    return np.column_stack([_series(rng, 0.05, n), _series(rng, 0.02, n)])


def _s(rng, sign):
    return np.float64(sign * float(rng.integers(10, 200)))


CASES = [
    # the helpers
    case(__preprocessing, lambda rng: (_series(rng),), MK("__preprocessing", "1-D")),
    case(__preprocessing, lambda rng: (_series(rng).reshape(-1, 1),), MK("__preprocessing", "one column: flattened"), name="pymannkendall.__preprocessing_column"),
    case(__preprocessing, lambda rng: (rng.integers(0, 50, size=(N, 2)),), MK("__preprocessing", "two integer columns"), name="pymannkendall.__preprocessing_int2d"),
    case(__missing_values_analysis, lambda rng: (_gaps(rng),), MK("__missing_values_analysis", "NaN gaps")),
    case(__missing_values_analysis, lambda rng: (lambda x: (x.__setitem__((3, 1), np.nan), (x,))[1])(_two(rng)), MK("__missing_values_analysis", "a NaN row of two columns"), name="pymannkendall.__missing_values_analysis_2d"),
    case(acf_5, lambda rng: (_series(rng),), MK("__acf", "nlags=5")),
    case(acf_5, lambda rng: (np.full(N, 3.0),), MK("__acf", "a constant series (acov[0] == 0)"), name="pymannkendall.acf_5_constant"),
    case(mk_score, lambda rng: (_series(rng),), MK("__mk_score", "n = len(x)")),
    case(mk_score, lambda rng: (rng.integers(0, 5, size=N),), MK("__mk_score", "integer series with ties"), name="pymannkendall.mk_score_int"),
    case(variance_s, lambda rng: (_series(rng),), MK("__variance_s", "no ties")),
    case(variance_s, lambda rng: (_ties(rng),), MK("__variance_s", "ties"), name="pymannkendall.variance_s_ties"),
    case(__z_score, lambda rng: (_s(rng, 1), np.float64(24000.0)), MK("__z_score", "s > 0")),
    case(__z_score, lambda rng: (_s(rng, -1), np.float64(24000.0)), MK("__z_score", "s < 0"), name="pymannkendall.__z_score_negative"),
    case(__z_score, lambda rng: (np.float64(0.0), np.float64(24000.0)), MK("__z_score", "s == 0 (z is the int 0)"), name="pymannkendall.__z_score_zero"),
    case(__p_value, lambda rng: (np.float64(rng.uniform(2.0, 4.0)), 0.05), MK("__p_value", "an increasing trend")),
    case(__p_value, lambda rng: (np.float64(rng.uniform(-0.5, 0.5)), 0.05), MK("__p_value", "no trend"), name="pymannkendall.__p_value_no_trend"),
    case(__R, lambda rng: (_ties(rng),), MK("__R")),
    case(__K, lambda rng: (_series(rng), _series(rng, 0.02)), MK("__K")),
    case(__sens_estimator, lambda rng: (_series(rng),), MK("__sens_estimator")),
    case(__sens_estimator, lambda rng: (rng.integers(0, 100, size=N),), MK("__sens_estimator", "integer series"), name="pymannkendall.__sens_estimator_int"),
    case(variance_s, lambda rng: (np.where(rng.uniform(size=30) < 0.2, np.nan, np.round(rng.normal(size=30))),), MK("__variance_s", "NaN values (np.unique keeps one NaN)"), name="pymannkendall.variance_s_nan"),
    case(variance_s, lambda rng: (np.round(rng.normal(size=30)).astype(np.float32),), MK("__variance_s", "float32 ties"), name="pymannkendall.variance_s_f32"),
    case(mk_score, lambda rng: (np.where(rng.uniform(size=30) < 0.2, np.nan, rng.normal(size=30)),), MK("__mk_score", "NaN values"), name="pymannkendall.mk_score_nan"),
    case(mk_score, lambda rng: (rng.uniform(size=30) < 0.5,), MK("__mk_score", "a boolean series"), name="pymannkendall.mk_score_bool"),
    case(__R, lambda rng: (rng.integers(0, 5, size=20).astype(np.uint8),), MK("__R", "uint8 (x[j] - x[i] wraps around)"), name="pymannkendall.__R_uint8"),
    case(__K, lambda rng: (rng.integers(0, 5, size=20).astype(np.uint8), rng.integers(0, 5, size=20).astype(np.uint8)), MK("__K", "uint8"), name="pymannkendall.__K_uint8"),
    case(__sens_estimator, lambda rng: (rng.integers(-100, 100, size=20).astype(np.int8),), MK("__sens_estimator", "int8 (differences wrap around)"), name="pymannkendall.__sens_estimator_int8"),
    case(__sens_estimator, lambda rng: (rng.normal(size=2),), MK("__sens_estimator", "two values"), name="pymannkendall.__sens_estimator_two"),
    case(sens_slope, lambda rng: (np.full(5, np.nan),), MK("sens_slope", "all NaN"), name="pymannkendall.sens_slope_all_nan"),
    case(acf_5, lambda rng: (rng.normal(size=3),), MK("__acf", "3 values: fewer lags than asked"), name="pymannkendall.acf_5_short"),
    # Sen's slope
    case(sens_slope, lambda rng: (_series(rng),), MK("sens_slope")),
    case(sens_slope, lambda rng: (_gaps(rng),), MK("sens_slope", "NaN gaps"), name="pymannkendall.sens_slope_gaps"),
    case(sens_slope, lambda rng: (_series(rng).astype(np.float32),), MK("sens_slope", "float32"), name="pymannkendall.sens_slope_f32"),
    case(seasonal_sens_slope, lambda rng: (_rain(rng),), MK("seasonal_sens_slope", "period=12")),
    case(seasonal_sens_slope, lambda rng: (_rain(rng, 64),), MK("seasonal_sens_slope", "64 months: NaN padding"), name="pymannkendall.seasonal_sens_slope_padded"),
    case(seasonal_sens_slope_quarterly, lambda rng: (_series(rng, 0.1, 40),), MK("seasonal_sens_slope", "period=4")),
    # the tests
    case(original_test, lambda rng: (_series(rng),), MK("original_test")),
    case(original_test, lambda rng: (np.full(N, 7.0),), MK("original_test", "a constant series (tests' NoTrendData)"), name="pymannkendall.original_test_constant"),
    case(original_test, lambda rng: (_gaps(rng),), MK("original_test", "NaN gaps"), name="pymannkendall.original_test_gaps"),
    case(hamed_rao_modification_test, lambda rng: (_series(rng),), MK("hamed_rao_modification_test")),
    case(hamed_rao_modification_test_lag3, lambda rng: (_rain(rng),), MK("hamed_rao_modification_test", "lag=3")),
    case(yue_wang_modification_test, lambda rng: (_series(rng),), MK("yue_wang_modification_test")),
    case(yue_wang_modification_test_lag3, lambda rng: (_series(rng, -0.05),), MK("yue_wang_modification_test", "alpha=0.1, lag=3")),
    case(pre_whitening_modification_test, lambda rng: (_series(rng),), MK("pre_whitening_modification_test")),
    case(trend_free_pre_whitening_modification_test, lambda rng: (_series(rng),), MK("trend_free_pre_whitening_modification_test")),
    case(multivariate_test, lambda rng: (_two(rng),), MK("multivariate_test", "two columns")),
    case(seasonal_test, lambda rng: (_rain(rng),), MK("seasonal_test", "period=12")),
    case(seasonal_test_quarterly, lambda rng: (_series(rng, 0.1, 42),), MK("seasonal_test", "period=4, 42 values: NaN padding")),
    case(regional_test, lambda rng: (_two(rng),), MK("regional_test")),
    case(correlated_multivariate_test, lambda rng: (_two(rng, 30),), MK("correlated_multivariate_test")),
    case(correlated_seasonal_test, lambda rng: (_series(rng, 0.05, 48),), MK("correlated_seasonal_test", "period=12")),
    case(partial_test, lambda rng: (_two(rng),), MK("partial_test")),
]
