"""astroML's pure-NumPy statistics and time-series tools (Jake VanderPlas et al., the code of "Statistics, Data
Mining, and Machine Learning in Astronomy"): robust point statistics (``np.percentile`` quartiles, ``if keepdims:``
reshapes through ``np.asarray(a.shape)`` with an item write, a ``robust`` branch of ``fit_bivariate_normal`` or
``scipy.stats.pearsonr``), ``log_multivariate_gaussian`` (list comprehensions of ``scipy.linalg.cholesky`` / ``inv``
/ ``det`` over a reshaped stack, ``if method == 0 / 1``), ``split_samples`` (a shuffled index split by
``np.cumsum`` fractions), completeness / contamination (masked writes ``tot[tot == 0] = 1``), ``convert_2D_cov``
(``*args`` dispatch on ``len(args)``), the Edelson-Krolik ACF (a loop of boolean masks over pairwise lags),
the Lomb-Scargle BIC, Bayesian Blocks (fitness classes whose ``args`` property reads ``fitness.__code__``,
``np.unique(..., return_index=True, return_inverse=True)``, ``np.bincount``, a dict of keyword arguments built per
step, ``np.argmax`` per prefix, and a ``while True:`` peel-off of change points), continuous Fourier transforms
(``scipy.fftpack``, ``np.rollaxis``, an ``if method == 1:`` branch, complex phases), the Lynden-Bell C- luminosity
function (``searchsorted`` interpolation with masked reads and writes, ``if objects:`` on an ``np.sum`` count),
total least squares, a sum-of-Gaussians fit (``np.linalg.pinv``), the Savitzky-Golay and minimum-component filters
(``np.linalg.lstsq`` on masked rows), the Wiener filter (``scipy.optimize.minimize``) and the jackknife
(astroML/astroML, BSD-2-Clause).

Copied from astroML/astroML at d7485a8acd8d01d927fc381e3a58653e6cd47865 (version 1.0.2, ``astroML/__init__.py``);
its licence (``LICENSE.rst``, "Copyright (c) 2012-2013, Jacob Vanderplas") is the two-clause BSD licence text
(``setup.cfg`` calls it "BSD 3-Clause License", but the text has two conditions). The functions and classes below
are copied in the files' order, each file's section headed by its path, docstrings dropped, comments kept:
``stats/_point_statistics.py``, ``utils/utils.py``, ``time_series/ACF.py``, ``time_series/periodogram.py``,
``density_estimation/bayesian_blocks.py``, ``fourier.py``, ``lumfunc.py``, ``linear_model/TLS.py``,
``sum_of_norms.py``, ``filters.py`` and ``resample.py``.

Not taken: what needs astropy, scikit-learn or matplotlib (none installed here, so eager NumPy could not run it):
``lomb_scargle`` and everything built on it (``ACF_scargle``, ``lomb_scargle_bootstrap``, ``search_frequencies``,
``multiterm_periodogram``), ``histtools``, ``bootstrap`` and ``time_series/generate.py`` (sklearn's
``check_random_state`` with legacy ``RandomState`` draws), the plotting, dataset, clustering, classification and
density-estimation classes; ``lomb_scargle_AIC``, which fails in eager NumPy as written (``map(np.asarray(P, y,
dy))``); ``bootstrap_Cminus`` (global ``np.random`` draws).

Adapted, beyond that, only the calling convention:

* the module-level imports are this module's (``fourier.py``'s ``try: from scipy.fftpack import fft, ifft,
  fftshift`` taken without the ``except ImportError`` fallback);
* the ``@deprecated(...)`` decorators (astropy's ``astropy.utils.decorators.deprecated``, a warning wrapper) on
  ``FitnessFunc``, ``Events``, ``RegularEvents``, ``PointMeasures``, ``bayesian_blocks``, ``savitzky_golay`` are
  dropped; ``@property`` is kept;
* ``split_samples`` calls scikit-learn's ``check_random_state`` (not installed): ``sk_check_random_state`` below is a
  stub, NOT library code, with sklearn's behaviour for what the case passes (an int seed gives
  ``np.random.RandomState(seed)``);
* a setting the source takes as a keyword (``axis``, ``keepdims``, ``robust``, ``method``, ``Vinv``, ``fitness=``
  and its ``p0`` / ``gamma`` / ``dt``, ``window_size``, ``kwargs`` of the jackknife's statistic, ...) is given by a
  one-line wrapper named after the case, so the traced arguments are the arrays.

The inputs, from the functions' docstrings, tests and the book's figures: Gaussian samples with outliers for the
point statistics, 2-D Gaussian clouds with a rotation for ``fit_bivariate_normal`` and ``convert_2D_cov``, a stack
of SPD covariances for the multivariate Gaussian, 0/1 labels for completeness, an irregularly sampled light curve
(a sinusoid plus noise, errors 0.1-0.3) for the ACF and BIC, the docstring's Bayesian Blocks examples (normal event
times, the same with ``t[80:] = t[:20]`` repeats, ticks with 10% events, point measures of a Gaussian bump with
``sigma = 0.1``), a sine-Gaussian on an even grid for the Fourier transforms, truncated (x, y) samples for C-, a
line with heteroscedastic errors for TLS, and noisy spectra for the filters.
"""

# ruff: noqa: E501, E741, B006, B028, B904, UP031, UP032, UP034
from __future__ import annotations

import numpy as np
from scipy import fftpack, linalg, optimize, signal, stats
from scipy.fftpack import fft, fftshift, ifft

from tests.coverage.cases import ASTROML, Source, case


def AML(path: str, original: str, note: str = "") -> Source:
    return Source(ASTROML, "astroML/" + path, original, note)


def sk_check_random_state(seed):
    # stub of sklearn.utils.check_random_state (NOT library code; see the module docstring)
    if isinstance(seed, (int, np.integer)):
        return np.random.RandomState(seed)
    return seed


# --- astroML/stats/_point_statistics.py ---

# from scipy.special import erfinv
# sigmaG_factor = 1. / (2 * np.sqrt(2) * erfinv(0.5))
sigmaG_factor = 0.74130110925280102


def mean_sigma(a, axis=None, dtype=None, ddof=0, keepdims=False):
    mu = np.mean(a, axis=axis, dtype=dtype)
    sigma = np.std(a, axis=axis, dtype=dtype, ddof=ddof)

    if keepdims:
        if axis is None:
            newshape = a.ndim * (1,)
        else:
            newshape = np.asarray(a.shape)
            newshape[axis] = 1

        mu = mu.reshape(newshape)
        sigma = sigma.reshape(newshape)

    return mu, sigma


def median_sigmaG(a, axis=None, overwrite_input=False, keepdims=False):
    q25, median, q75 = np.percentile(a, [25, 50, 75],
                                     axis=axis,
                                     overwrite_input=overwrite_input)
    sigmaG = sigmaG_factor * (q75 - q25)

    if keepdims:
        if axis is None:
            newshape = a.ndim * (1,)
        else:
            newshape = np.asarray(a.shape)
            newshape[axis] = 1

        median = median.reshape(newshape)
        sigmaG = sigmaG.reshape(newshape)

    return median, sigmaG


def sigmaG(a, axis=None, overwrite_input=False, keepdims=False):
    q25, q75 = np.percentile(a, [25, 75],
                             axis=axis,
                             overwrite_input=overwrite_input)
    sigmaG = sigmaG_factor * (q75 - q25)

    if keepdims:
        if axis is None:
            newshape = a.ndim * (1,)
        else:
            newshape = np.asarray(a.shape)
            newshape[axis] = 1

        sigmaG = sigmaG.reshape(newshape)

    return sigmaG


def fit_bivariate_normal(x, y, robust=False):
    x = np.asarray(x)
    y = np.asarray(y)

    assert x.shape == y.shape

    if robust:
        # use quartiles to compute center and spread
        med_x, sigmaG_x = median_sigmaG(x)
        med_y, sigmaG_y = median_sigmaG(y)

        # define the principal variables from Shevlyakov & Smirnov (2011)
        sx = 2 * sigmaG_x
        sy = 2 * sigmaG_y

        u = (x / sx + y / sy) / np.sqrt(2)
        v = (x / sx - y / sy) / np.sqrt(2)

        med_u, sigmaG_u = median_sigmaG(u)
        med_v, sigmaG_v = median_sigmaG(v)

        r_xy = ((sigmaG_u ** 2 - sigmaG_v ** 2) /
                (sigmaG_u ** 2 + sigmaG_v ** 2))

        # rename estimators
        mu_x, mu_y = med_x, med_y
        sigma_x, sigma_y = sigmaG_x, sigmaG_y
    else:
        mu_x = np.mean(x)
        sigma_x = np.std(x)

        mu_y = np.mean(y)
        sigma_y = np.std(y)

        r_xy = stats.pearsonr(x, y)[0]

    # We need to use the full (-180, 180) version of arctan: this is
    # np.arctan2(x, y) = np.arctan(x / y), modulo 180 degrees
    sigma_xy = r_xy * sigma_x * sigma_y
    alpha = 0.5 * np.arctan2(2 * sigma_xy, sigma_x ** 2 - sigma_y ** 2)

    sigma1 = np.sqrt((0.5 * (sigma_x ** 2 + sigma_y ** 2)
                      + np.sqrt(0.25 * (sigma_x ** 2 - sigma_y ** 2) ** 2
                                + sigma_xy ** 2)))
    sigma2 = np.sqrt((0.5 * (sigma_x ** 2 + sigma_y ** 2)
                      - np.sqrt(0.25 * (sigma_x ** 2 - sigma_y ** 2) ** 2
                                + sigma_xy ** 2)))

    return [mu_x, mu_y], sigma1, sigma2, alpha


# --- astroML/utils/utils.py ---

def log_multivariate_gaussian(x, mu, V, Vinv=None, method=1):
    x = np.asarray(x, dtype=float)
    mu = np.asarray(mu, dtype=float)
    V = np.asarray(V, dtype=float)

    ndim = x.shape[-1]
    x_mu = x - mu

    if V.shape[-2:] != (ndim, ndim):
        raise ValueError("Shape of (x-mu) and V do not match")

    Vshape = V.shape
    V = V.reshape([-1, ndim, ndim])

    if Vinv is not None:
        assert Vinv.shape == Vshape
        method = 1

    if method == 0:
        Vchol = np.array([linalg.cholesky(V[i], lower=True)
                          for i in range(V.shape[0])])

        # we may be more efficient by using scipy.linalg.solve_triangular
        # with each cholesky decomposition
        VcholI = np.array([linalg.inv(Vchol[i])
                          for i in range(V.shape[0])])
        logdet = np.array([2 * np.sum(np.log(np.diagonal(Vchol[i])))
                           for i in range(V.shape[0])])

        VcholI = VcholI.reshape(Vshape)
        logdet = logdet.reshape(Vshape[:-2])

        VcIx = np.sum(VcholI * x_mu.reshape(x_mu.shape[:-1]
                                            + (1,) + x_mu.shape[-1:]), -1)
        xVIx = np.sum(VcIx ** 2, -1)

    elif method == 1:
        if Vinv is None:
            Vinv = np.array([linalg.inv(V[i])
                             for i in range(V.shape[0])]).reshape(Vshape)
        else:
            assert Vinv.shape == Vshape

        logdet = np.log(np.array([linalg.det(V[i])
                                  for i in range(V.shape[0])]))
        logdet = logdet.reshape(Vshape[:-2])

        xVI = np.sum(x_mu.reshape(x_mu.shape + (1,)) * Vinv, -2)
        xVIx = np.sum(xVI * x_mu, -1)

    else:
        raise ValueError("unrecognized method %s" % method)

    return -0.5 * ndim * np.log(2 * np.pi) - 0.5 * (logdet + xVIx)


def split_samples(X, y, fractions=[0.75, 0.25], random_state=None):
    X = np.asarray(X)
    y = np.asarray(y)

    if X.shape[0] != y.shape[0]:
        raise ValueError("X and y should have the same leading dimension")

    n_samples = X.shape[0]

    fractions = np.asarray(fractions).ravel().cumsum()
    fractions /= fractions[-1]
    fractions *= n_samples
    N = np.concatenate([[0], fractions.astype(int)])
    N[-1] = n_samples  # in case of roundoff errors

    random_state = sk_check_random_state(random_state)
    indices = np.arange(len(y))
    random_state.shuffle(indices)

    X_divisions = tuple(X[indices[N[i]:N[i + 1]]]
                        for i in range(len(fractions)))
    y_divisions = tuple(y[indices[N[i]:N[i + 1]]]
                        for i in range(len(fractions)))

    return X_divisions, y_divisions


def completeness_contamination(predicted, true):
    predicted = np.asarray(predicted)
    true = np.asarray(true)

    outshape = np.broadcast(predicted, true).shape[:-1]

    predicted = np.atleast_2d(predicted)
    true = np.atleast_2d(true)

    matches = (predicted == true)

    tp = np.sum(matches & (true != 0), -1)
    fp = np.sum(~matches & (true == 0), -1)
    fn = np.sum(~matches & (true != 0), -1)

    tot = (tp + fn)
    tot[tot == 0] = 1
    completeness = tp * 1. / tot

    tot = (tp + fp)
    tot[tot == 0] = 1
    contamination = fp * 1. / tot

    completeness[np.isnan(completeness)] = 0
    contamination[np.isnan(contamination)] = 0

    return completeness.reshape(outshape), contamination.reshape(outshape)


def convert_2D_cov(*args):
    if len(args) == 1:
        C = np.asarray(args[0])
        if C.shape != (2, 2):
            raise ValueError("Input not understood")
        sigma_x2 = C[0, 0]
        sigma_y2 = C[1, 1]
        sigma_xy = C[0, 1]

        alpha = 0.5 * np.arctan2(2 * sigma_xy,
                                 (sigma_x2 - sigma_y2))
        tmp1 = 0.5 * (sigma_x2 + sigma_y2)
        tmp2 = np.sqrt(0.25 * (sigma_x2 - sigma_y2) ** 2 + sigma_xy ** 2)

        sigma1 = np.sqrt(tmp1 + tmp2)
        sigma2 = np.sqrt(tmp1 - tmp2)

        return (sigma1, sigma2, alpha)

    elif len(args) == 3:
        sigma1, sigma2, alpha = args

        s = np.sin(alpha)
        c = np.cos(alpha)
        sigma_x2 = (sigma1 * c) ** 2 + (sigma2 * s) ** 2
        sigma_y2 = (sigma1 * s) ** 2 + (sigma2 * c) ** 2
        sigma_xy = (sigma1 ** 2 - sigma2 ** 2) * s * c

        return np.array([[sigma_x2, sigma_xy],
                         [sigma_xy, sigma_y2]])

    else:
        raise ValueError("Input not understood")


# --- astroML/time_series/ACF.py ---

def ACF_EK(t, y, dy, bins=20):
    t = np.asarray(t)
    y = np.asarray(y)

    if y.shape != t.shape:
        raise ValueError("shapes of t and y must match")

    if t.ndim != 1:
        raise ValueError("t should be a 1-dimensional array")

    dy = np.asarray(dy) * np.ones(y.shape)

    # compute mean and standard deviation of y
    w = 1. / dy / dy
    w /= w.sum()
    mu = np.dot(w, y)
    sigma = np.std(y, ddof=1)

    dy2 = dy[:, None]

    dt = t - t[:, None]
    UDCF = ((y - mu) * (y - mu)[:, None] /
            np.sqrt((sigma ** 2 - dy ** 2) *
                    (sigma ** 2 - dy2 ** 2)))

    # determine binning
    bins = np.asarray(bins)
    if bins.size == 1:
        dt_min = dt.min()
        dt_max = dt.max()
        bins = np.linspace(dt_min, dt_max + 1E-10, bins + 1)

    ACF = np.zeros(len(bins) - 1)
    M = np.zeros(len(bins) - 1)
    for i in range(len(bins) - 1):
        flag = (dt >= bins[i]) & (dt < bins[i + 1])
        M[i] = flag.sum()
        ACF[i] = np.sum(UDCF[flag])

    ACF /= M

    return ACF, np.sqrt(2. / M), bins


# --- astroML/time_series/periodogram.py ---

def lomb_scargle_BIC(P, y, dy, n_harmonics=1):
    P, y, dy = map(np.asarray, (P, y, dy))
    w = 1. / dy ** 2
    mu = np.dot(w, y) / w.sum()
    N = len(y)
    return np.sum(((y - mu) / dy) ** 2) * P - (2 * n_harmonics + 1) * np.log(N)


# --- astroML/density_estimation/bayesian_blocks.py ---

class FitnessFunc:
    def __init__(self, p0=0.05, gamma=None):
        self.p0 = p0
        self.gamma = gamma

    def validate_input(self, t, x, sigma):
        pass

    def fitness(**kwargs):
        raise NotImplementedError()

    def prior(self, N, Ntot):
        if self.gamma is None:
            return self.p0_prior(N, Ntot)
        else:
            return self.gamma_prior(N, Ntot)

    def p0_prior(self, N, Ntot):
        # eq. 21 from Scargle 2012
        return 4 - np.log(73.53 * self.p0 * (N ** -0.478))

    def gamma_prior(self, N, Ntot):
        if self.gamma == 1:
            return 0
        else:
            return (np.log(1 - self.gamma)
                    - np.log(1 - self.gamma ** (Ntot + 1))
                    + N * np.log(self.gamma))

    # the fitness_args property will return the list of arguments accepted by
    # the method fitness().  This allows more efficient computation below.
    @property
    def args(self):
        try:
            # Python 2
            return self.fitness.func_code.co_varnames[1:]
        except AttributeError:
            return self.fitness.__code__.co_varnames[1:]


class Events(FitnessFunc):
    def fitness(self, N_k, T_k):
        # eq. 19 from Scargle 2012
        return N_k * (np.log(N_k) - np.log(T_k))

    def prior(self, N, Ntot):
        if self.gamma is not None:
            return self.gamma_prior(N, Ntot)
        else:
            # eq. 21 from Scargle 2012
            return 4 - np.log(73.53 * self.p0 * (N ** -0.478))


class RegularEvents(FitnessFunc):
    def __init__(self, dt, p0=0.05, gamma=None):
        self.dt = dt
        self.p0 = p0
        self.gamma = gamma

    def validate_input(self, t, x, sigma):
        unique_x = np.unique(x)
        if list(unique_x) not in ([0], [1], [0, 1]):
            raise ValueError("Regular events must have only 0 and 1 in x")

    def fitness(self, T_k, N_k):
        # Eq. 75 of Scargle 2012
        M_k = T_k / self.dt
        N_over_M = N_k * 1. / M_k

        eps = 1E-8
        if np.any(N_over_M > 1 + eps):
            import warnings
            warnings.warn('regular events: N/M > 1.  '
                          'Is the time step correct?')

        one_m_NM = 1 - N_over_M
        N_over_M[N_over_M <= 0] = 1
        one_m_NM[one_m_NM <= 0] = 1

        return N_k * np.log(N_over_M) + (M_k - N_k) * np.log(one_m_NM)


class PointMeasures(FitnessFunc):
    def __init__(self, p0=None, gamma=None):
        self.p0 = p0
        self.gamma = gamma

    def fitness(self, a_k, b_k):
        # eq. 41 from Scargle 2012
        return (b_k * b_k) / (4 * a_k)

    def prior(self, N, Ntot):
        if self.gamma is not None:
            return self.gamma_prior(N, Ntot)
        elif self.p0 is not None:
            return self.p0_prior(N, Ntot)
        else:
            # eq. at end of sec 3.3 in Scargle 2012
            return 1.32 + 0.577 * np.log10(N)


def bayesian_blocks(t, x=None, sigma=None,
                    fitness='events', **kwargs):
    # validate array input
    t = np.asarray(t, dtype=float)
    if x is not None:
        x = np.asarray(x)
    if sigma is not None:
        sigma = np.asarray(sigma)

    # verify the fitness function
    if fitness == 'events':
        if x is not None and np.any(x % 1 > 0):
            raise ValueError("x must be integer counts for fitness='events'")
        fitfunc = Events(**kwargs)
    elif fitness == 'regular_events':
        if x is not None and (np.any(x % 1 > 0) or np.any(x > 1)):
            raise ValueError("x must be 0 or 1 for fitness='regular_events'")
        fitfunc = RegularEvents(**kwargs)
    elif fitness == 'measures':
        if x is None:
            raise ValueError("x must be specified for fitness='measures'")
        fitfunc = PointMeasures(**kwargs)
    else:
        if not (hasattr(fitness, 'args') and
                hasattr(fitness, 'fitness') and
                hasattr(fitness, 'prior')):
            raise ValueError("fitness not understood")
        fitfunc = fitness

    # find unique values of t
    t = np.array(t, dtype=float)
    assert t.ndim == 1
    unq_t, unq_ind, unq_inv = np.unique(t, return_index=True,
                                        return_inverse=True)

    # if x is not specified, x will be counts at each time
    if x is None:
        if sigma is not None:
            raise ValueError("If sigma is specified, x must be specified")

        if len(unq_t) == len(t):
            x = np.ones_like(t)
        else:
            x = np.bincount(unq_inv)

        t = unq_t
        sigma = 1

    # if x is specified, then we need to sort t and x together
    else:
        x = np.asarray(x)

        if len(t) != len(x):
            raise ValueError("Size of t and x does not match")

        if len(unq_t) != len(t):
            raise ValueError("Repeated values in t not supported when "
                             "x is specified")
        t = unq_t
        x = x[unq_ind]

    # verify the given sigma value
    N = t.size
    if sigma is not None:
        sigma = np.asarray(sigma)
        if sigma.shape not in [(), (1,), (N,)]:
            raise ValueError('sigma does not match the shape of x')
    else:
        sigma = 1

    # validate the input
    fitfunc.validate_input(t, x, sigma)

    # compute values needed for computation, below
    if 'a_k' in fitfunc.args:
        ak_raw = np.ones_like(x) / sigma / sigma
    if 'b_k' in fitfunc.args:
        bk_raw = x / sigma / sigma
    if 'c_k' in fitfunc.args:
        ck_raw = x * x / sigma / sigma

    # create length-(N + 1) array of cell edges
    edges = np.concatenate([t[:1],
                            0.5 * (t[1:] + t[:-1]),
                            t[-1:]])
    block_length = t[-1] - edges

    # arrays to store the best configuration
    best = np.zeros(N, dtype=float)
    last = np.zeros(N, dtype=int)

    # -----------------------------------------------------------------
    #  Start with first data cell; add one cell at each iteration
    # -----------------------------------------------------------------
    for R in range(N):
        # Compute fit_vec : fitness of putative last block (end at R)
        kwds = {}

        # T_k: width/duration of each block
        if 'T_k' in fitfunc.args:
            kwds['T_k'] = block_length[:R + 1] - block_length[R + 1]

        # N_k: number of elements in each block
        if 'N_k' in fitfunc.args:
            kwds['N_k'] = np.cumsum(x[:R + 1][::-1])[::-1]

        # a_k: eq. 31
        if 'a_k' in fitfunc.args:
            kwds['a_k'] = 0.5 * np.cumsum(ak_raw[:R + 1][::-1])[::-1]

        # b_k: eq. 32
        if 'b_k' in fitfunc.args:
            kwds['b_k'] = - np.cumsum(bk_raw[:R + 1][::-1])[::-1]

        # c_k: eq. 33
        if 'c_k' in fitfunc.args:
            kwds['c_k'] = 0.5 * np.cumsum(ck_raw[:R + 1][::-1])[::-1]

        # evaluate fitness function
        fit_vec = fitfunc.fitness(**kwds)

        A_R = fit_vec - fitfunc.prior(R + 1, N)
        A_R[1:] += best[:R]

        i_max = np.argmax(A_R)
        last[R] = i_max
        best[R] = A_R[i_max]

    # -----------------------------------------------------------------
    #  Now find changepoints by iteratively peeling off the last block
    # -----------------------------------------------------------------
    change_points = np.zeros(N, dtype=int)
    i_cp = N
    ind = N
    while True:
        i_cp -= 1
        change_points[i_cp] = ind
        if ind == 0:
            break
        ind = last[ind - 1]
    change_points = change_points[i_cp:]

    return edges[change_points]


# --- astroML/fourier.py ---

def FT_continuous(t, h, axis=-1, method=1):
    assert t.ndim == 1
    assert h.shape[axis] == t.shape[0]
    N = len(t)
    if N % 2 != 0:
        raise ValueError("number of samples must be even")

    Dt = t[1] - t[0]
    Df = 1. / (N * Dt)
    t0 = t[N // 2]

    f = Df * (np.arange(N) - N // 2)

    shape = np.ones(h.ndim, dtype=int)
    shape[axis] = N

    phase = np.ones(N)
    phase[1::2] = -1
    phase = phase.reshape(shape)

    if method == 1:
        H = Dt * fft(h * phase, axis=axis)
    else:
        H = Dt * fftshift(fft(h, axis=axis), axes=axis)

    H *= phase
    H *= np.exp(-2j * np.pi * t0 * f.reshape(shape))
    H *= np.exp(-1j * np.pi * N / 2)

    return f, H


def IFT_continuous(f, H, axis=-1, method=1):
    assert f.ndim == 1
    assert H.shape[axis] == f.shape[0]
    N = len(f)
    if N % 2 != 0:
        raise ValueError("number of samples must be even")

    f0 = f[0]
    Df = f[1] - f[0]

    t0 = -0.5 / Df
    Dt = 1. / (N * Df)
    t = t0 + Dt * np.arange(N)

    shape = np.ones(H.ndim, dtype=int)
    shape[axis] = N

    t_calc = t.reshape(shape)
    f_calc = f.reshape(shape)

    H_prime = H * np.exp(2j * np.pi * t0 * f_calc)
    h_prime = ifft(H_prime, axis=axis)
    h = N * Df * np.exp(2j * np.pi * f0 * (t_calc - t0)) * h_prime

    return t, h


def PSD_continuous(t, h, axis=-1, method=1):
    assert t.ndim == 1
    assert h.shape[axis] == t.shape[0]
    N = len(t)
    if N % 2 != 0:
        raise ValueError("number of samples must be even")

    ax = axis % h.ndim

    if method == 1:
        # use FT_continuous
        f, Hf = FT_continuous(t, h, axis)
        Hf = np.rollaxis(Hf, ax)
        f = -f[N // 2::-1]
        PSD = abs(Hf[N // 2::-1]) ** 2
        PSD[:-1] += abs(Hf[N // 2:]) ** 2
        PSD = np.rollaxis(PSD, 0, ax + 1)
    else:
        # A faster way to do it is with fftshift
        # take advantage of the fact that phases go away
        Dt = t[1] - t[0]
        Df = 1. / (N * Dt)
        f = Df * np.arange(N // 2 + 1)
        Hf = fft(h, axis=axis)
        Hf = np.rollaxis(Hf, ax)
        PSD = abs(Hf[:N // 2 + 1]) ** 2
        PSD[-1] = 0
        PSD[1:] += abs(Hf[N // 2:][::-1]) ** 2
        PSD[0] *= 2
        PSD = Dt ** 2 * np.rollaxis(PSD, 0, ax + 1)

    return f, PSD


def sinegauss(t, t0, f0, Q):
    a = (f0 * 1. / Q) ** 2
    return (np.exp(-a * (t - t0) ** 2)
            * np.exp(2j * np.pi * f0 * (t - t0)))


def sinegauss_FT(f, t0, f0, Q):
    a = (f0 * 1. / Q) ** 2
    return (np.sqrt(np.pi / a)
            * np.exp(-2j * np.pi * f * t0)
            * np.exp(-np.pi ** 2 * (f - f0) ** 2 / a))


def sinegauss_PSD(f, t0, f0, Q):
    a = (f0 * 1. / Q) ** 2
    Pf = np.pi / a * np.exp(-2 * np.pi ** 2 * (f - f0) ** 2 / a)
    Pmf = np.pi / a * np.exp(-2 * np.pi ** 2 * (-f - f0) ** 2 / a)
    return Pf + Pmf


def wavelet_PSD(t, h, f0, Q=1.0):
    t, h, f0 = map(np.asarray, (t, h, f0))
    if (t.ndim != 1) or (t.shape != h.shape):
        raise ValueError('t and h must be one dimensional and the same shape')

    if f0.ndim != 1:
        raise ValueError('f0 must be one dimensional')

    Q = Q + np.zeros_like(f0)

    f, H = FT_continuous(t, h)
    W = np.conj(sinegauss_FT(f, 0, f0[:, None], Q[:, None]))
    _, HW = IFT_continuous(f, H * W)

    return abs(HW) ** 2


# --- astroML/lumfunc.py ---

def _sorted_interpolate(x, y, x_eval):
    # note that x should be sorted
    N = len(x)
    ind = x.searchsorted(x_eval)
    ind[ind == N] = N - 1

    y_eval = np.zeros(x_eval.shape)

    # find perfect matches
    match = (x[ind] == x_eval) | (x_eval > x[-1]) | (x_eval < x[0])
    y_eval[match] = y[ind[match]]

    ind = ind[~match]

    # take care of extrapolation
    ind[ind == 0] = 1

    x_lo = x[ind - 1]
    x_up = x[ind]

    y_lo = y[ind - 1]
    y_up = y[ind]

    # take care of places where x_lo = x_up

    y_eval[~match] = (y_lo + (x_eval[~match] - x_lo)
                      * (y_up - y_lo) / (x_up - x_lo))

    return y_eval


def Cminus(x, y, xmax, ymax):
    # make copies of input
    x, y, xmax, ymax = map(np.array, (x, y, xmax, ymax))

    Nall = len(x)

    cuml_x = np.zeros(x.shape)
    cuml_y = np.zeros(y.shape)
    Nx = np.zeros(x.shape)
    Ny = np.zeros(y.shape)

    # first the y direction.
    i_sort = np.argsort(y)
    x = x[i_sort]
    y = y[i_sort]
    xmax = xmax[i_sort]
    ymax = ymax[i_sort]

    for j in range(1, Nall):
        # Making sure we don't divide with 0 later
        objects = np.sum(x[:j] < xmax[j])
        if objects:
            Ny[j] = objects
        else:
            Ny[j] = np.inf

    Ny[0] = np.inf
    cuml_y = np.cumprod(1. + 1. / Ny)

    Ny[np.isinf(Ny)] = 0

    # renormalize
    cuml_y *= Nall / cuml_y[-1]

    # now the x direction
    i_sort = np.argsort(x)
    x = x[i_sort]
    y = y[i_sort]
    xmax = xmax[i_sort]
    ymax = ymax[i_sort]

    for i in range(1, Nall):
        # Making sure we don't divide with 0 later
        objects = np.sum(y[:i] < ymax[i])
        if objects:
            Nx[i] = objects
        else:
            Nx[i] = np.inf

    Nx[0] = np.inf
    cuml_x = np.cumprod(1. + 1. / Nx)

    Nx[np.isinf(Nx)] = 0

    # renormalize
    cuml_x *= Nall / cuml_x[-1]

    return Nx, Ny, cuml_x, cuml_y


def binned_Cminus(x, y, xmax, ymax, xbins, ybins, normalize=False):
    Nx, Ny, cuml_x, cuml_y = Cminus(x, y, xmax, ymax)

    # simple linear interpolation using a binary search
    # interpolate the cumulative distributions
    x_sort = np.sort(x)
    y_sort = np.sort(y)

    Ix_edges = _sorted_interpolate(x_sort, cuml_x, xbins)
    Iy_edges = _sorted_interpolate(y_sort, cuml_y, ybins)

    if xbins[0] < x_sort[0]:
        Ix_edges[0] = cuml_x[0]
    if xbins[-1] > x_sort[-1]:
        Ix_edges[-1] = cuml_x[-1]

    if ybins[0] < y_sort[0]:
        Iy_edges[0] = cuml_y[0]
    if ybins[-1] > y_sort[-1]:
        Iy_edges[-1] = cuml_y[-1]

    x_dist = np.diff(Ix_edges) / np.diff(xbins)
    y_dist = np.diff(Iy_edges) / np.diff(ybins)

    if normalize:
        x_dist /= len(x)
        y_dist /= len(y)

    return x_dist, y_dist


# --- astroML/linear_model/TLS.py ---

def TLS_logL(v, X, dX):
    # check inputs
    X, dX, v = map(np.asarray, (X, dX, v))
    N, D = X.shape
    assert v.shape == (D,)
    assert dX.shape in ((N, D), (N, D, D))

    v_norm = np.linalg.norm(v)
    v_hat = v / v_norm

    # eq. 30
    Delta = np.dot(X, v_hat) - v_norm

    # eq. 31
    if dX.ndim == 2:
        # diagonal covariance
        Sig2 = np.sum(dX * v_hat ** 2, 1)
    else:
        # full covariance
        Sig2 = np.dot(np.dot(v_hat, dX), v_hat)

    return (-0.5 * np.sum(np.log(2 * np.pi * Sig2))
            - np.sum(0.5 * Delta ** 2 / Sig2))


# --- astroML/sum_of_norms.py ---

def norm(x, x0, sigma):
    return (1. / np.sqrt(2 * np.pi) / sigma
            * np.exp(-0.5 * (x - x0) ** 2 / sigma ** 2))


def sum_of_norms(x, y, num_gaussians=None, locs=None,
                 widths=None, spacing='linear', full_output=False):
    x, y = map(np.asarray, (x, y))
    assert x.ndim == 1
    assert y.shape == x.shape

    n_training = x.shape[0]

    if locs is None:
        if num_gaussians is None:
            num_gaussians = 30
        if spacing == 'linear':
            locs = np.linspace(x[0], x[-1], num_gaussians)
        elif spacing == 'log':
            locs = np.logspace(np.log10(x[0]), np.log10(x[-1]), num_gaussians)
    else:
        locs = np.asarray(locs)
        if num_gaussians is None:
            num_gaussians = len(locs)
        if num_gaussians is not None:
            assert len(locs) == num_gaussians

    if widths is None:
        widths = np.zeros(num_gaussians)
        widths[:-1] = locs[1:] - locs[:-1]
        if len(widths) > 1:
            widths[-1] = widths[-2]
        else:
            widths[-1] = x[-1] - x[0]
    else:
        widths = np.atleast_1d(widths)
        assert widths.size in (1, num_gaussians)
        widths = widths + np.zeros(num_gaussians)  # broadcast to shape

    # use broadcasting to compute X in one go, without slow loops
    X = norm(x.reshape(n_training, 1),
             locs.reshape(1, num_gaussians),
             widths.reshape(1, num_gaussians))

    # use pinv rather than inv for numerical stability
    w_best = np.dot(np.linalg.pinv(np.dot(X.T, X)),
                    np.dot(X.T, y))

    if not full_output:
        return w_best
    else:
        rms = np.sqrt(np.mean(y - np.dot(X, w_best)) ** 2)
        return w_best, rms, locs, widths


# --- astroML/filters.py ---

def savitzky_golay(y, window_size, order, deriv=0,
                   use_fft=True):
    try:
        window_size = np.abs(int(window_size))
        order = np.abs(int(order))
    except ValueError:
        raise ValueError("window_size and order have to be of type int")

    if window_size % 2 != 1 or window_size < 1:
        raise TypeError("window_size size must be a positive odd number")

    if window_size < order + 2:
        raise TypeError("window_size is too small for the polynomials order")

    order_range = range(order + 1)

    half_window = (window_size - 1) // 2

    # precompute coefficients
    b = np.array([[k ** i for i in order_range]
                  for k in range(-half_window, half_window + 1)])
    m = np.linalg.pinv(b)[deriv]

    # pad the signal at the extremes with
    # values taken from the signal itself
    firstvals = y[0] - np.abs(y[1:half_window + 1][::-1] - y[0])
    lastvals = y[-1] + np.abs(y[-half_window - 1:-1][::-1] - y[-1])

    y = np.concatenate((firstvals, y, lastvals))

    if use_fft:
        return signal.fftconvolve(y, m, mode='valid')
    else:
        return np.convolve(y, m, mode='valid')


def wiener_filter(t, h, signal='gaussian', noise='flat', return_PSDs=False,
                  signal_params=None, noise_params=None):
    # Validate signal
    if signal != 'gaussian':
        raise ValueError("only signal='gaussian' is supported")
    if signal_params is not None and len(signal_params) != 2:
        raise ValueError("signal_params should be length 2")

    # Validate noise
    if noise != 'flat':
        raise ValueError("only noise='flat' is supported")
    if noise_params is not None and len(noise_params) != 1:
        raise ValueError("noise_params should be length 1")

    # Validate t and hd
    t = np.asarray(t)
    h = np.asarray(h)

    if (t.ndim != 1) or (t.shape != h.shape):
        raise ValueError('t and h must be equal-length 1-dimensional arrays')

    # compute the PSD of the input
    N = len(t)
    Df = 1. / N / (t[1] - t[0])
    f = fftpack.ifftshift(Df * (np.arange(N) - N / 2))

    H = fftpack.fft(h)
    PSD = abs(H) ** 2

    # fit signal/noise params if necessary
    if signal_params is None:
        amp_guess = np.max(PSD[1:])
        width_guess = np.min(np.abs(f[PSD < np.mean(PSD[1:])]))
        signal_params = (amp_guess, width_guess)
    if noise_params is None:
        noise_params = (np.mean(PSD[1:]),)

    # Set up the Wiener filter:
    #  fit a model to the PSD: sum of signal form and noise form

    def signal(x, A, width):
        width = abs(width) + 1E-99  # prevent divide-by-zero errors
        return A * np.exp(-0.5 * (x / width) ** 2)

    def noise(x, n):
        return n * np.ones(x.shape)

    # use [1:] here to remove the zero-frequency term: we don't want to
    # fit to this for data with an offset.
    def min_func(v): return np.sum((PSD[1:] - signal(f[1:], v[0], v[1]) - noise(f[1:], v[2])) ** 2)
    v0 = tuple(signal_params) + tuple(noise_params)
    v = optimize.minimize(min_func, v0, method='Nelder-Mead')['x']

    P_S = signal(f, v[0], v[1])
    P_N = noise(f, v[2])
    Phi = P_S / (P_S + P_N)
    Phi[0] = 1  # correct for DC offset

    # Use Phi to filter and smooth the values
    h_smooth = fftpack.ifft(Phi * H)

    if not np.iscomplexobj(h):
        h_smooth = h_smooth.real

    if return_PSDs:
        return h_smooth, PSD, P_S, P_N, Phi
    else:
        return h_smooth


def min_component_filter(x, y, feature_mask, p=1, fcut=None, Q=None):
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    feature_mask = np.asarray(feature_mask, dtype=bool)

    if ((x.ndim != 1) or (x.shape != y.shape) or (y.shape !=
                                                  feature_mask.shape)):
        raise ValueError('x, y, and feature_mask must be 1 dimensional '
                         'with matching lengths')

    if fcut is None:
        f_nyquist = 1. / (x[1] - x[0])
        fcut = f_nyquist / np.sqrt(len(x))

    if Q is None:
        Q = 0.1 * fcut

    # compute polynomial features
    XX = x[:, None] ** np.arange(p + 1)

    # compute least-squares fit to non-masked data
    beta = np.linalg.lstsq(XX[~feature_mask], y[~feature_mask], rcond=None)[0]

    # subtract polynomial fit and mask the data
    y_mask = y - np.dot(XX, beta)
    y_mask[feature_mask] = 0

    # get Fourier transforms of arrays
    yFT_mask = fftpack.fft(y_mask)

    # compute (shifted) frequency array for filter
    N = len(x)
    f = fftpack.ifftshift((np.arange(N) - N / 2.) * 1. / N / (x[1] - x[0]))

    # construct low-pass filter
    filt = np.exp(- (Q * (abs(f) - fcut) / fcut) ** 2)
    filt[abs(f) < fcut] = 1

    # reconstruct filtered signal
    y_filtered = fftpack.ifft(yFT_mask * filt).real + np.dot(XX, beta)

    return y_filtered


# --- astroML/resample.py ---

def jackknife(data, user_statistic, kwargs=None,
              return_raw_distribution=False, pass_indices=False):
    # we don't set kwargs={} by default in the argument list, because using
    # a mutable type as a default argument can lead to strange results
    if kwargs is None:
        kwargs = {}

    data = np.asarray(data)
    n_samples = data.size

    if data.ndim != 1:
        raise ValueError("bootstrap expects 1-dimensional data")

    # generate indices for the entire dataset, converting to row vector
    ind0 = np.arange(n_samples)[np.newaxis, :]

    # generate sets of indices where a single datapoint is left-out
    ind = np.arange(n_samples, dtype=int)
    ind = np.vstack([np.hstack((ind[:i], ind[i + 1:])) for i in ind])

    # compute the statistic for the whole dataset
    if pass_indices:
        stat_data = user_statistic(ind0, **kwargs)
        stat_jackknife = user_statistic(ind, **kwargs)
    else:
        stat_data = user_statistic(data[ind0], **kwargs)
        stat_jackknife = user_statistic(data[ind], **kwargs)

    # handle multiple statistics:
    # if ndim=0, then the statistic is not operating on rows (error).
    # if ndim=1, then it's a single statistic returned
    # if ndim=2, then a tuple has been returned
    stat_data = np.asarray(stat_data)
    ndim = stat_data.ndim

    if ndim == 0:
        raise ValueError("user_statistic should return row-wise statistics")

    stat_data = np.atleast_2d(stat_data).T
    stat_jackknife = np.atleast_2d(stat_jackknife)

    # compute the jackknife correction formula
    delta_stat = (n_samples - 1) * (stat_data - stat_jackknife.mean(1))
    stat_corrected = (stat_data + delta_stat)[0]
    sigma_stat = np.sqrt(1. / n_samples / (n_samples + 1)
                         * np.sum((n_samples * stat_data - stat_corrected
                                   - (n_samples - 1)
                                   * stat_jackknife.T) ** 2, 0))

    if return_raw_distribution:
        results = tuple(zip(stat_corrected, sigma_stat, stat_jackknife))
    else:
        results = tuple(zip(stat_corrected, sigma_stat))

    if ndim == 1:
        return results[0]
    else:
        return results


# --- the cases' calling conventions (see the module docstring) -----------------------------------------------------


def mean_sigma_axis0_keepdims(a):
    return mean_sigma(a, axis=0, keepdims=True)


def median_sigmaG_axis1_keepdims(a):
    return median_sigmaG(a, axis=1, keepdims=True)


def fit_bivariate_normal_robust(x, y):
    return fit_bivariate_normal(x, y, robust=True)


def log_multivariate_gaussian_cholesky(x, mu, V):
    return log_multivariate_gaussian(x, mu, V, method=0)


def log_multivariate_gaussian_vinv(x, mu, V, Vinv):
    return log_multivariate_gaussian(x, mu, V, Vinv=Vinv)


def split_samples_seeded(X, y):
    return split_samples(X, y, fractions=[0.6, 0.2, 0.2], random_state=0)


def convert_2D_cov_principal(sigma1, sigma2, alpha):
    return convert_2D_cov(sigma1, sigma2, alpha)


def bayesian_blocks_events(t):
    return bayesian_blocks(t, fitness='events', p0=0.01)


def bayesian_blocks_regular(t, x):
    return bayesian_blocks(t, x, fitness='regular_events', dt=0.01, gamma=0.9)


def bayesian_blocks_measures(t, x):
    return bayesian_blocks(t, x=x, sigma=0.1, fitness='measures')


def PSD_continuous_fft(t, h):
    return PSD_continuous(t, h, method=2)


def sinegauss_PSD_centred(f, f0, Q):
    return sinegauss_PSD(f, 0, f0, Q)


def wavelet_PSD_q(t, h, f0):
    return wavelet_PSD(t, h, f0, Q=1.5)


def savitzky_golay_21_4(y):
    return savitzky_golay(y, 21, 4)


def savitzky_golay_direct(y):
    return savitzky_golay(y, 11, 3, deriv=1, use_fft=False)


def jackknife_std(data):
    # the docstring's example: jackknife(data, np.std, kwargs=dict(axis=1, ddof=1))
    return jackknife(data, np.std, kwargs=dict(axis=1, ddof=1))


def jackknife_mean_std(data):
    # two statistics at once (ndim == 2), with the raw distribution
    def stat(x):
        return np.mean(x, 1), np.std(x, 1)
    return jackknife(data, stat, return_raw_distribution=True)


# --- inputs ---------------------------------------------------------------------------------------------------------


def _sample(rng, n=200):
    # a Gaussian sample with 5% outliers: where sigmaG and the median beat the mean and std
    a = rng.normal(10.0, 2.0, size=n)
    a[:10] = rng.normal(10.0, 20.0, size=10)
    return (a,)


def _samples_2d(rng):
    return (rng.normal(10.0, 2.0, size=(50, 4)),)


def _cloud(rng, n=300):
    # a 2-D Gaussian with principal widths (2, 0.7) rotated by 0.5 rad (the book's fig. 3.23 setting)
    c, s = np.cos(0.5), np.sin(0.5)
    u = rng.normal(size=(n, 2)) * [2.0, 0.7]
    xy = u @ np.array([[c, s], [-s, c]]) + [1.0, -2.0]
    return xy[:, 0].copy(), xy[:, 1].copy()


def _gaussians(rng):
    # 20 points against 3 components in 2-D: x (20, 1, 2), mu (3, 2), V (3, 2, 2) SPD
    a = rng.normal(size=(3, 2, 2))
    V = a @ np.transpose(a, (0, 2, 1)) + np.eye(2)
    return rng.normal(size=(20, 1, 2)), rng.normal(size=(3, 2)), V


def _gaussians_vinv(rng):
    x, mu, V = _gaussians(rng)
    return x, mu, V, np.linalg.inv(V)


def _split(rng):
    return rng.normal(size=(40, 3)), rng.integers(0, 2, size=40)


def _labels(rng):
    # true classes and a classifier's predictions (80% agreement), 4 runs of 50 objects
    true = rng.integers(0, 2, size=(4, 50))
    flip = rng.uniform(size=(4, 50)) < 0.2
    predicted = np.where(flip, 1 - true, true)
    predicted[3] = 0  # one run finds nothing: tp + fp == 0, the masked write
    return predicted, true


def _cov(rng):
    a = rng.normal(size=(2, 2))
    return (a @ a.T + 0.5 * np.eye(2),)


def _principal(rng):
    return np.float64(rng.uniform(1.0, 3.0)), np.float64(rng.uniform(0.2, 1.0)), np.float64(rng.uniform(-1.5, 1.5))


def _light_curve(rng, n=60):
    # irregular observation times over 100 days, a 7.3-day sinusoid, errors 0.1-0.3
    t = np.sort(rng.uniform(0.0, 100.0, size=n))
    dy = rng.uniform(0.1, 0.3, size=n)
    y = 10.0 + np.sin(2 * np.pi * t / 7.3) + rng.normal(0.0, dy)
    return t, y, dy


def _bic(rng):
    t, y, dy = _light_curve(rng)
    return rng.uniform(0.0, 1.0, size=100), y, dy


def _events(rng):
    # the docstring's "t = np.random.normal(size=100)"
    return (rng.normal(size=100),)


def _events_repeated(rng):
    # the docstring's event data with repeats: t[80:] = t[:20]
    t = rng.normal(size=100)
    t[80:] = t[:20]
    return (t,)


def _regular(rng):
    # the docstring's regular events: ticks of dt = 0.01 (300 here), 10% of them holding an event
    dt = 0.01
    t = dt * np.arange(300)
    x = np.zeros(len(t))
    x[rng.integers(0, len(t), int(len(t) / 10))] = 1
    return t, x


def _measures(rng):
    # the docstring's point measures: a Gaussian bump observed with sigma = 0.1
    t = 100 * rng.random(100)
    x = np.exp(-0.5 * (t - 50) ** 2)
    return t, rng.normal(x, 0.1)


def _sine_gauss(rng, n=128):
    # an even grid of 128 samples and a noisy sine-Gaussian (tests/test_fourier.py's kind)
    t = np.linspace(-10.0, 10.0, n, endpoint=False)
    h = sinegauss(t, 0.0, 1.5, 2.0).real + 0.05 * rng.normal(size=n)
    return t, h


def _sine_gauss_2d(rng):
    t, h = _sine_gauss(rng)
    return t, np.stack([h, h[::-1], 0.5 * h])


def _spectrum(rng, n=128):
    f = np.linspace(-5.0, 5.0, n, endpoint=False)
    return f, np.float64(rng.uniform(1.0, 2.0)), np.float64(rng.uniform(1.0, 3.0))


def _ift(rng):
    t, h = _sine_gauss(rng)
    return FT_continuous(t, h)


def _wavelet(rng):
    t, h = _sine_gauss(rng)
    return t, h, np.linspace(0.5, 3.0, 6)


def _truncated(rng, n=120):
    # Lynden-Bell C-: (x, y) with a truncation x < xmax(y), y < ymax(x) (the book's fig. 4.9 toy model)
    x = rng.uniform(0.0, 1.0, size=n)
    y = rng.uniform(0.0, 1.0, size=n)
    return x, y, 1.2 - 0.5 * y, 1.1 - 0.4 * x


def _binned_truncated(rng):
    x, y, xmax, ymax = _truncated(rng)
    return x, y, xmax, ymax, np.linspace(0.05, 0.95, 9), np.linspace(0.05, 0.95, 7)


def _tls(rng, n=40):
    # points near the line y = 0.5 x + 1 with errors in both coordinates; v = the line's normal vector scaled
    xy = np.column_stack([rng.uniform(0, 10, n), np.zeros(n)])
    xy[:, 1] = 0.5 * xy[:, 0] + 1.0
    dX = rng.uniform(0.1, 0.5, size=(n, 2)) ** 2
    X = xy + rng.normal(0.0, np.sqrt(dX))
    v = np.array([-0.5, 1.0]) * rng.uniform(0.8, 1.2)
    return v, X, dX


def _tls_full(rng):
    v, X, dX = _tls(rng)
    n = X.shape[0]
    full = np.zeros((n, 2, 2))
    full[:, 0, 0], full[:, 1, 1] = dX[:, 0], dX[:, 1]
    full[:, 0, 1] = full[:, 1, 0] = 0.3 * np.sqrt(dX[:, 0] * dX[:, 1])
    return v, X, full


def _noisy_curve(rng, n=100):
    x = np.linspace(0.0, 10.0, n)
    return x, np.sin(x) * np.exp(-0.1 * x) + 0.05 * rng.normal(size=n)


def _noisy_signal(rng):
    return (_noisy_curve(rng)[1],)


def _masked_spectrum(rng, n=128):
    # a continuum (a line in x) plus an emission feature, which the mask hides from the fit
    x = np.linspace(4000.0, 5000.0, n)
    y = 1.0 + 1e-4 * (x - 4000.0) + 0.02 * rng.normal(size=n)
    y[60:70] += 0.5
    mask = np.zeros(n, dtype=bool)
    mask[58:72] = True
    return x, y, mask


def _wiener(rng, n=128):
    # the book's fig. 10.10: a Gaussian peak in white noise
    t = np.linspace(0.0, 100.0, n, endpoint=False)
    return t, 10 * np.exp(-0.5 * ((t - 50.0) / 5.0) ** 2) + rng.normal(0.0, 1.0, size=n)


def _jack(rng):
    return (rng.normal(0.0, 1.0, size=30),)


CASES = [
    case(mean_sigma, _sample, AML("stats/_point_statistics.py", "mean_sigma")),
    case(mean_sigma_axis0_keepdims, _samples_2d, AML("stats/_point_statistics.py", "mean_sigma", "axis=0, keepdims=True")),
    case(median_sigmaG, _sample, AML("stats/_point_statistics.py", "median_sigmaG")),
    case(median_sigmaG_axis1_keepdims, _samples_2d, AML("stats/_point_statistics.py", "median_sigmaG", "axis=1, keepdims=True")),
    case(sigmaG, _sample, AML("stats/_point_statistics.py", "sigmaG")),
    case(fit_bivariate_normal, _cloud, AML("stats/_point_statistics.py", "fit_bivariate_normal", "scipy.stats.pearsonr")),
    case(fit_bivariate_normal_robust, _cloud, AML("stats/_point_statistics.py", "fit_bivariate_normal", "robust=True")),
    case(log_multivariate_gaussian, _gaussians, AML("utils/utils.py", "log_multivariate_gaussian", "method=1 (inverse)")),
    case(log_multivariate_gaussian_cholesky, _gaussians, AML("utils/utils.py", "log_multivariate_gaussian", "method=0 (Cholesky)")),
    case(log_multivariate_gaussian_vinv, _gaussians_vinv, AML("utils/utils.py", "log_multivariate_gaussian", "Vinv given")),
    case(split_samples_seeded, _split, AML("utils/utils.py", "split_samples", "fractions [0.6, 0.2, 0.2], random_state=0")),
    case(completeness_contamination, _labels, AML("utils/utils.py", "completeness_contamination")),
    case(convert_2D_cov, _cov, AML("utils/utils.py", "convert_2D_cov", "a matrix to (sigma1, sigma2, alpha)")),
    case(convert_2D_cov_principal, _principal, AML("utils/utils.py", "convert_2D_cov", "(sigma1, sigma2, alpha) to a matrix")),
    case(ACF_EK, _light_curve, AML("time_series/ACF.py", "ACF_EK", "20 bins")),
    case(lomb_scargle_BIC, _bic, AML("time_series/periodogram.py", "lomb_scargle_BIC")),
    case(bayesian_blocks_events, _events, AML("density_estimation/bayesian_blocks.py", "bayesian_blocks", "fitness='events', p0=0.01")),
    case(bayesian_blocks_events, _events_repeated, AML("density_estimation/bayesian_blocks.py", "bayesian_blocks", "events with repeated times (np.bincount)"), name="astroml.bayesian_blocks_events_repeated"),
    case(bayesian_blocks_regular, _regular, AML("density_estimation/bayesian_blocks.py", "bayesian_blocks", "fitness='regular_events', dt=0.01, gamma=0.9")),
    case(bayesian_blocks_measures, _measures, AML("density_estimation/bayesian_blocks.py", "bayesian_blocks", "fitness='measures', sigma=0.1")),
    case(FT_continuous, _sine_gauss, AML("fourier.py", "FT_continuous")),
    case(FT_continuous, _sine_gauss_2d, AML("fourier.py", "FT_continuous", "three signals (axis=-1)"), name="astroml.FT_continuous_2d"),
    case(IFT_continuous, _ift, AML("fourier.py", "IFT_continuous")),
    case(PSD_continuous, _sine_gauss_2d, AML("fourier.py", "PSD_continuous", "method=1")),
    case(PSD_continuous_fft, _sine_gauss, AML("fourier.py", "PSD_continuous", "method=2")),
    case(sinegauss_PSD_centred, _spectrum, AML("fourier.py", "sinegauss_PSD", "t0=0")),
    case(wavelet_PSD_q, _wavelet, AML("fourier.py", "wavelet_PSD", "six f0, Q=1.5")),
    case(Cminus, _truncated, AML("lumfunc.py", "Cminus")),
    case(binned_Cminus, _binned_truncated, AML("lumfunc.py", "binned_Cminus")),
    case(TLS_logL, _tls, AML("linear_model/TLS.py", "TLS_logL", "diagonal errors")),
    case(TLS_logL, _tls_full, AML("linear_model/TLS.py", "TLS_logL", "full covariances"), name="astroml.TLS_logL_full"),
    case(sum_of_norms, lambda rng: _noisy_curve(rng), AML("sum_of_norms.py", "sum_of_norms", "30 Gaussians (the default)")),
    case(savitzky_golay_21_4, _noisy_signal, AML("filters.py", "savitzky_golay", "window 21, order 4 (fftconvolve)")),
    case(savitzky_golay_direct, _noisy_signal, AML("filters.py", "savitzky_golay", "window 11, order 3, deriv=1, np.convolve")),
    case(min_component_filter, _masked_spectrum, AML("filters.py", "min_component_filter")),
    case(wiener_filter, _wiener, AML("filters.py", "wiener_filter", "scipy.optimize.minimize (Nelder-Mead)")),
    case(jackknife_std, _jack, AML("resample.py", "jackknife", "np.std, axis=1, ddof=1")),
    case(jackknife_mean_std, _jack, AML("resample.py", "jackknife", "two statistics, raw distribution")),
]
