"""Nonlinear time-series analysis from NoLiTSA (manu-mannattil/nolitsa, BSD-3-Clause). utils.py: ``corrupt``,
``dist`` (a metric chosen by name among three functions), ``cityblock_dist`` / ``euclidean_dist`` / ``chebyshev_dist``
(``np.array(list(map(np.sum, ...)))`` over the rows), ``gprange`` (an ``if`` / ``elif`` on the sign of ``end / start``,
``raise`` otherwise), ``neighbors`` (``cKDTree`` queries in a double loop with a ``break`` on the first valid
neighbour), ``parallel_map`` (its one-process path), ``reconstruct`` (``np.asarray`` of a list of strided slices),
``rescale``, ``spectrum`` (``power[-1]`` halved under ``if N % 2 == 0``) and ``statcheck`` (``scipy.stats.mstats.mquantiles``
bins, ``np.histogram``, ``scipy.stats.chisquare``); d2.py: ``c2`` (``isinstance(r, int)``, a metric ``if`` chain,
``scipy.spatial.distance.cdist`` per point, histograms accumulated into ``c``, ``r[c > 0]``), ``c2_embed``, ``d2`` (a
``np.linalg.lstsq`` per window) and ``ttmle`` (``np.unique(..., return_index=True)``, ``np.insert`` under ``if zero``);
delay.py: ``acorr`` (``if not maxtau``, an FFT autocorrelation), ``mi`` (``np.histogram2d``, masked probabilities),
``dmi`` and ``adfd`` (loops over delays); dimension.py: ``_afn`` / ``afn`` and ``_fnn`` / ``fnn`` (Cao's and Kennel's
false-neighbour tests, fancy-indexed rows ``y2[index, -1]``); lyapunov.py: ``mle`` and ``mle_embed`` (a loop over
times with ``t1[valid]`` selections); noise.py: ``sma`` and ``nored`` (``query_ball_point`` per point, writes
``y[i + mid]``, a ``break`` when the correction vanishes); surrogates.py: ``ft``, ``aaft``, ``iaaft`` (a ``for`` with a
convergence ``break`` on ``abs(cerr - perr)``) and ``mismatch`` (``np.argmax`` over prime powers, ``int(...)`` of a
computed length); data.py: ``falpha``, ``henon`` and ``ikeda`` (maps written row by row from tuples), ``lorenz`` and
``roessler`` (``scipy.integrate.odeint`` of a nested function), ``mackey_glass`` (a loop over grid points).

Copied from manu-mannattil/nolitsa at ccd9fab08a88fbc6ff63f0fae28730ccb74754de (LICENSE: the BSD 3-clause licence,
"Copyright (c) 2015-2016, Manu Mannattil"), all of ``nolitsa/``'s modules: utils.py, d2.py, delay.py, dimension.py,
lyapunov.py, noise.py, surrogates.py and data.py. Bodies are as written, comments kept, docstrings dropped.

Adapted, beyond that:

* ``from . import utils`` becomes ``utils``, a ``types.SimpleNamespace`` of the utils.py functions copied here, so the
  bodies' ``utils.reconstruct(...)`` stand as written; data.py's ``from numpy import fft`` and the other modules'
  imports are this module's;
* utils.py's three distance kernels carry ``@jit("float64[:](float64[:, :], float64[:, :])", nopython=True)``: the
  decorator is dropped (numba is optional here), the functions are plain Python as numba's would be called;
* the random functions (``ft``, ``aaft``, ``iaaft``, ``falpha``, ``henon`` without ``x0``) draw from NumPy's global
  generator: a wrapper calls ``np.random.seed(seed)`` first (named ``*_seeded``);
* wrappers choose the keyword arguments a caller passes (``parallel=False`` for the ``*_embed`` / ``afn`` / ``fnn``
  drivers, whose default runs a ``multiprocessing.Pool``; ``processes=1`` for ``parallel_map``); each is a one-line
  call.

Not taken: nothing of the package's code; its tests and examples (scripts that plot).

The inputs follow the package's tests and examples: the x coordinate of the Hénon map (200 points from a perturbed
start, 100 discarded), a noisy sine, its delay reconstruction in two dimensions, correlation sums that follow a power
law, Theiler windows and delays of a few samples (the examples' ``window=10``, ``maxtau`` shortened to keep the loops
short), the maps' and flows' parameters near the package's defaults with short lengths and transients.
"""

# ruff: noqa: E501, E741, B006, UP031, C408, E731
from __future__ import annotations

import types

import numpy as np
from numpy import fft
from scipy import stats
from scipy.integrate import odeint
from scipy.spatial import cKDTree as KDTree
from scipy.spatial import distance

from tests.coverage.cases import NOLITSA, Source, case


def NL(path: str, original: str, note: str = "") -> Source:
    return Source(NOLITSA, "nolitsa/" + path, original, note)


# --- nolitsa/utils.py -------------------------------------------------------------------------------------------------
def corrupt(x, y, snr=100):
    if len(x) != len(y):
        raise ValueError('Signal and noise arrays should be of equal length.)')

    y = y - np.mean(y)
    return x + (np.std(x) / np.sqrt(snr)) * (y / np.std(y))


def dist(x, y, metric='chebyshev'):
    if metric == 'cityblock':
        func = cityblock_dist
    elif metric == 'euclidean':
        func = euclidean_dist
    elif metric == 'chebyshev':
        func = chebyshev_dist
    else:
        raise ValueError('Unknown metric.  Should be one of "cityblock", '
                         '"euclidean", or "chebyshev".')

    return func(x, y)


def cityblock_dist(x, y):
    return np.array(list(map(np.sum, np.abs(x - y))))


def euclidean_dist(x, y):
    return np.sqrt(np.array(list(map(np.sum, (x - y) ** 2))))


def chebyshev_dist(x, y):
    return np.array(list(map(np.max, np.abs(x - y))))


def gprange(start, end, num=100):
    if end / start > 0:
        ratio = (end / start) ** (1.0 / (num - 1))
    elif end / start < 0 and num % 2 == 0:
        ratio = -abs(end / start) ** (1.0 / (num - 1))
    else:
        raise ValueError('If start and end have different signs, '
                         'a real ratio is possible iff num is even.')

    return start * ratio ** np.arange(num)


def neighbors(y, metric='chebyshev', window=0, maxnum=None):
    if metric == 'cityblock':
        p = 1
    elif metric == 'euclidean':
        p = 2
    elif metric == 'chebyshev':
        p = np.inf
    else:
        raise ValueError('Unknown metric.  Should be one of "cityblock", '
                         '"euclidean", or "chebyshev".')

    tree = KDTree(y)
    n = len(y)

    if not maxnum:
        maxnum = (window + 1) + 1 + (window + 1)
    else:
        maxnum = max(1, maxnum)

    if maxnum >= n:
        raise ValueError('maxnum is bigger than array length.')

    dists = np.empty(n)
    indices = np.empty(n, dtype=int)

    for i, x in enumerate(y):
        for k in range(2, maxnum + 2):
            dist, index = tree.query(x, k=k, p=p)
            valid = (np.abs(index - i) > window) & (dist > 0)

            if np.count_nonzero(valid):
                dists[i] = dist[valid][0]
                indices[i] = index[valid][0]
                break

            if k == (maxnum + 1):
                raise Exception('Could not find any near neighbor with a '
                                'nonzero distance.  Try increasing the '
                                'value of maxnum.')

    return np.squeeze(indices), np.squeeze(dists)


def parallel_map(func, values, args=tuple(), kwargs=dict(),
                 processes=None):
    # True single core processing, in order to allow the func to be executed in
    # a Pool in a calling script.
    if processes == 1:
        return np.asarray([func(value, *args, **kwargs) for value in values])

    from multiprocessing import Pool

    pool = Pool(processes=processes)
    results = [pool.apply_async(func, (value,) + args, kwargs)
               for value in values]

    pool.close()
    pool.join()

    return [result.get() for result in results]


def reconstruct(x, dim=1, tau=1):
    m = len(x) - (dim - 1) * tau
    if m <= 0:
        raise ValueError('Length of the time series is <= (dim - 1) * tau.')

    return np.asarray([x[i:i + (dim - 1) * tau + 1:tau] for i in range(m)])


def rescale(x, interval=(0, 1)):
    x = np.asarray(x)
    if interval[1] == interval[0]:
        raise ValueError('Interval must have a nonzero length.')

    return (interval[0] + (x - np.min(x)) * (interval[1] - interval[0]) /
            (np.max(x) - np.min(x)))


def spectrum(x, dt=1.0, detrend=False):
    N = len(x)

    if detrend:
        x = x - np.mean(x)

    # See Section 13.4 of Press et al. (2007) for the convention.
    power = 2.0 * np.abs(np.fft.rfft(x)) ** 2 / N ** 2
    power[0] = power[0] / 2.0
    if N % 2 == 0:
        power[-1] = power[-1] / 2.0

    freqs = np.fft.rfftfreq(N, d=dt)
    return freqs, power


def statcheck(x, bins=100):
    if len(x) / bins <= 5:
        raise ValueError('Using %d bins will result in bins with '
                         'less than 5 points each.' % bins)

    # Use the m-quantile function to compute equiprobable bins.
    prob = np.arange(1.0 / bins, 1.0, 1.0 / bins)
    bins = np.append(stats.mstats.mquantiles(x, prob=prob), np.max(x))

    p_full = np.histogram(x, bins)[0]
    p_full = p_full / np.sum(p_full)

    y = x[:int(len(x) / 2)]
    observed = np.histogram(y, bins)[0]
    expected = len(y) * p_full

    # Since 2021 or so SciPy fails to do a chisquare test if the sum of
    # the observed frequencies don't agree with the sum of expected
    # frequencies.  So we cheat a bit and make the sums the same.
    # https://github.com/scipy/scipy/issues/14298
    expected = expected/np.sum(expected)*np.sum(observed)

    return stats.chisquare(observed, expected)


utils = types.SimpleNamespace(
    corrupt=corrupt, dist=dist, gprange=gprange, neighbors=neighbors, parallel_map=parallel_map,
    reconstruct=reconstruct, rescale=rescale, spectrum=spectrum, statcheck=statcheck,
)  # adapted: ``from . import utils``


# --- nolitsa/d2.py ----------------------------------------------------------------------------------------------------
def c2(y, r=100, metric='chebyshev', window=10):
    # Estimate the extent of the reconstructed phase space.
    if isinstance(r, int):
        if metric == 'chebyshev':
            extent = np.max(np.max(y, axis=0) - np.min(y, axis=0))
        elif metric == 'cityblock':
            extent = np.sum(np.max(y, axis=0) - np.min(y, axis=0))
        elif metric == 'euclidean':
            extent = np.sqrt(np.sum((np.max(y, axis=0) -
                                     np.min(y, axis=0)) ** 2))
        else:
            raise ValueError('Unknown metric.  Should be one of "chebyshev", '
                             '"cityblock", or "euclidean".')

        r = utils.gprange(extent / 1000, extent, r)
    else:
        r = np.asarray(r)
        r = np.sort(r[r > 0])

    bins = np.insert(r, 0, -1)
    c = np.zeros(len(r))
    n = len(y)

    for i in range(n - window - 1):
        dists = distance.cdist([y[i]], y[i + window + 1:], metric=metric)[0]
        c += np.histogram(dists, bins=bins)[0]

    pairs = 0.5 * (n - window - 1) * (n - window)
    c = np.cumsum(c) / pairs

    return r[c > 0], c[c > 0]


def c2_embed(x, dim=[1], tau=1, r=100, metric='chebyshev', window=10,
             parallel=True):
    if parallel:
        processes = None
    else:
        processes = 1

    yy = [utils.reconstruct(x, dim=d, tau=tau) for d in dim]

    return utils.parallel_map(c2, yy, kwargs={
                              'r': r,
                              'metric': metric,
                              'window': window
                              }, processes=processes)


def d2(r, c, hwin=3):
    N = len(r) - 2 * hwin

    d = np.empty(N)
    x, y = np.log(r), np.log(c)

    for i in range(N):
        p, q = x[i:i + 2 * hwin + 1], y[i:i + 2 * hwin + 1]
        A = np.vstack([p, np.ones(2 * hwin + 1)]).T
        d[i] = np.linalg.lstsq(A, q, rcond=None)[0][0]

    return d


def ttmle(r, c, zero=True):
    # Prune the arrays so that only unique correlation sums remain.
    c, i = np.unique(c, return_index=True)
    r = r[i]

    x1, y1 = np.log(r[:-1]), np.log(c[:-1])
    x2, y2 = np.log(r[1:]), np.log(c[1:])

    a = (y2 - y1) / (x2 - x1)
    b = (y1 * x2 - y2 * x1) / (x2 - x1)

    # To integrate, we use the discrete expression (Eq. 24) given in
    # the TISEAN paper (Hegger et al. 1999).
    denom = np.cumsum(np.exp(b) / a * (r[1:] ** a - r[:-1] ** a))

    if zero:
        # Assume that the power law between r[0] and r[1] holds
        # between 0 and r[0].
        denom = np.insert(denom, 0, np.exp(b[0]) / a[0] * r[0] ** a[0])
        denom[1:] = denom[1:] + denom[0]
        return r, c / denom
    else:
        return r[1:], c[1:] / denom


# --- nolitsa/delay.py -------------------------------------------------------------------------------------------------
def acorr(x, maxtau=None, norm=True, detrend=True):
    x = np.asarray(x)
    N = len(x)

    if not maxtau:
        maxtau = N
    else:
        maxtau = min(N, maxtau)

    if detrend:
        x = x - np.mean(x)

    # We have to zero pad the data to give it a length 2N - 1.
    # See: http://dsp.stackexchange.com/q/1919
    y = np.fft.fft(x, 2 * N - 1)
    r = np.real(np.fft.ifft(y * y.conj(), 2 * N - 1))

    if norm:
        return r[:maxtau] / r[0]
    else:
        return r[:maxtau]


def mi(x, y, bins=64):
    p_x = np.histogram(x, bins)[0]
    p_y = np.histogram(y, bins)[0]
    p_xy = np.histogram2d(x, y, bins)[0].flatten()

    # Convert frequencies into probabilities.  Also, in the limit
    # p -> 0, p*log(p) is 0.  We need to take out those.
    p_x = p_x[p_x > 0] / np.sum(p_x)
    p_y = p_y[p_y > 0] / np.sum(p_y)
    p_xy = p_xy[p_xy > 0] / np.sum(p_xy)

    # Calculate the corresponding Shannon entropies.
    h_x = np.sum(p_x * np.log2(p_x))
    h_y = np.sum(p_y * np.log2(p_y))
    h_xy = np.sum(p_xy * np.log2(p_xy))

    return h_xy - h_x - h_y


def dmi(x, maxtau=1000, bins=64):
    N = len(x)
    maxtau = min(N, maxtau)

    ii = np.empty(maxtau)
    ii[0] = mi(x, x, bins)

    for tau in range(1, maxtau):
        ii[tau] = mi(x[:-tau], x[tau:], bins)

    return ii


def adfd(x, dim=1, maxtau=100):
    disp = np.zeros(maxtau)
    N = len(x)

    maxtau = min(maxtau, int(N / dim))

    for tau in range(1, maxtau):
        y1 = utils.reconstruct(x, dim=dim, tau=tau)

        # Reconstruct with zero time delay.
        y2 = x[:N - (dim - 1) * tau]
        y2 = y2.repeat(dim).reshape(len(y2), dim)

        disp[tau] = np.mean(utils.dist(y1, y2, metric='euclidean'))

    return disp


# --- nolitsa/dimension.py ---------------------------------------------------------------------------------------------
def _afn(d, x, tau=1, metric='chebyshev', window=10, maxnum=None):
    # We need to reduce the number of points in dimension d by tau
    # so that after reconstruction, there'll be equal number of points
    # at both dimension d as well as dimension d + 1.
    y1 = utils.reconstruct(x[:-tau], d, tau)
    y2 = utils.reconstruct(x, d + 1, tau)

    # Find near neighbors in dimension d.
    index, dist = utils.neighbors(y1, metric=metric, window=window,
                                  maxnum=maxnum)

    # Compute the magnification and the increase in the near-neighbor
    # distances and return the averages.
    E = utils.dist(y2, y2[index], metric=metric) / dist
    Es = np.abs(y2[:, -1] - y2[index, -1])

    return np.mean(E), np.mean(Es)


def afn(x, dim=[1], tau=1, metric='chebyshev', window=10, maxnum=None,
        parallel=True):
    if parallel:
        processes = None
    else:
        processes = 1

    r = utils.parallel_map(_afn, dim, (x,), {
                           'tau': tau,
                           'metric': metric,
                           'window': window,
                           'maxnum': maxnum
                           }, processes)

    return np.asarray(r).T


def _fnn(d, x, tau=1, R=10.0, A=2.0, metric='euclidean', window=10,
         maxnum=None):
    # We need to reduce the number of points in dimension d by tau
    # so that after reconstruction, there'll be equal number of points
    # at both dimension d as well as dimension d + 1.
    y1 = utils.reconstruct(x[:-tau], d, tau)
    y2 = utils.reconstruct(x, d + 1, tau)

    # Find near neighbors in dimension d.
    index, dist = utils.neighbors(y1, metric=metric, window=window,
                                  maxnum=maxnum)

    # Find all potential false neighbors using Kennel et al.'s tests.
    f1 = np.abs(y2[:, -1] - y2[index, -1]) / dist > R
    f2 = utils.dist(y2, y2[index], metric=metric) / np.std(x) > A
    f3 = f1 | f2

    return np.mean(f1), np.mean(f2), np.mean(f3)


def fnn(x, dim=[1], tau=1, R=10.0, A=2.0, metric='euclidean', window=10,
        maxnum=None, parallel=True):
    if parallel:
        processes = None
    else:
        processes = 1

    r = utils.parallel_map(_fnn, dim, (x,), {
                           'tau': tau,
                           'R': R,
                           'A': A,
                           'metric': metric,
                           'window': window,
                           'maxnum': maxnum
                           }, processes)

    return np.asarray(r).T


# --- nolitsa/lyapunov.py ----------------------------------------------------------------------------------------------
def mle(y, maxt=500, window=10, metric='euclidean', maxnum=None):
    index, dist = utils.neighbors(y, metric=metric, window=window,
                                  maxnum=maxnum)
    m = len(y)
    maxt = min(m - window - 1, maxt)

    d = np.empty(maxt)
    d[0] = np.mean(np.log(dist))

    for t in range(1, maxt):
        t1 = np.arange(t, m)
        t2 = index[:-t] + t

        # Sometimes the nearest point would be farther than (m - maxt)
        # in time.  Such trajectories needs to be omitted.
        valid = t2 < m
        t1, t2 = t1[valid], t2[valid]

        d[t] = np.mean(np.log(utils.dist(y[t1], y[t2], metric=metric)))

    return d


def mle_embed(x, dim=[1], tau=1, window=10, maxt=500,
              metric='euclidean', maxnum=None, parallel=True):
    if parallel:
        processes = None
    else:
        processes = 1

    yy = [utils.reconstruct(x, dim=d, tau=tau) for d in dim]

    return utils.parallel_map(mle, yy, kwargs={
                              'maxt': maxt,
                              'window': window,
                              'metric': metric,
                              'maxnum': maxnum
                              }, processes=processes)


# --- nolitsa/noise.py -------------------------------------------------------------------------------------------------
def sma(x, hwin=5):
    if hwin > 0:
        win = 2 * hwin + 1
        y = np.cumsum(x)
        y[win:] = y[win:] - y[:-win]

        return y[win - 1:] / win
    else:
        return x


def nored(x, dim=1, tau=1, r=0, metric='chebyshev', repeat=1):
    if metric == 'cityblock':
        p = 1
    elif metric == 'euclidean':
        p = 2
    elif metric == 'chebyshev':
        p = np.inf
    else:
        raise ValueError('Unknown metric.  Should be one of "cityblock", '
                         '"euclidean", or "chebyshev".')

    # Choose the middle coordinate appropriately.
    if dim % 2 == 0:
        mid = tau * dim // 2
    else:
        mid = tau * (dim - 1) // 2

    y = np.copy(x)

    for rep in range(repeat):
        z = np.copy(y)
        ps = utils.reconstruct(y, dim=dim, tau=tau)

        tree = KDTree(ps)

        # State-space averaging.
        # (We don't use tree.query_ball_tree() as it almost always
        # results in a memory overflow, even though it's faster.)
        for i in range(len(ps)):
            neighbors = tree.query_ball_point(ps[i], r=r, p=p)
            y[i + mid] = np.mean(ps[neighbors][:, mid // tau])

        # Choose the average correction as the new radius.
        r = np.sqrt(np.mean((y - z) ** 2))

        # Stop as soon as the series stops changing.
        if r == 0:
            break

    return y


# --- nolitsa/surrogates.py --------------------------------------------------------------------------------------------
def ft(x):
    y = np.fft.rfft(x)

    phi = 2 * np.pi * np.random.random(len(y))

    phi[0] = 0.0
    if len(x) % 2 == 0:
        phi[-1] = 0.0

    y = y * np.exp(1j * phi)
    return np.fft.irfft(y, n=len(x))


def aaft(x):
    # Generate uncorrelated Gaussian random numbers.
    y = np.random.normal(size=len(x))

    # Introduce correlations in the random numbers by rank ordering.
    y = np.sort(y)[np.argsort(np.argsort(x))]
    y = ft(y)

    return np.sort(x)[np.argsort(np.argsort(y))]


def iaaft(x, maxiter=1000, atol=1e-8, rtol=1e-10):
    # Calculate "true" Fourier amplitudes and sort the series.
    ampl = np.abs(np.fft.rfft(x))
    sort = np.sort(x)

    # Previous and current error.
    perr, cerr = (-1, 1)

    # Start with a random permutation.
    t = np.fft.rfft(np.random.permutation(x))

    for i in range(maxiter):
        # Match power spectrum.
        s = np.real(np.fft.irfft(ampl * t / np.abs(t), n=len(x)))

        # Match distribution by rank ordering.
        y = sort[np.argsort(np.argsort(s))]

        t = np.fft.rfft(y)
        cerr = np.sqrt(np.mean((ampl ** 2 - np.abs(t) ** 2) ** 2))

        # Check convergence.
        if abs(cerr - perr) <= atol + rtol * abs(perr):
            break
        else:
            perr = cerr

    # Normalize error w.r.t. mean of the "true" power spectrum.
    return y, i, cerr / np.mean(ampl ** 2)


def mismatch(x, length=None, weight=0.5, neigh=3):
    # Calculate the first difference of the time series and rescale it
    # to [0, 1]
    dx = utils.rescale(np.diff(x))
    x = utils.rescale(x)[1:]
    n = len(x)

    if not length:
        primes = np.array([2, 3, 5, 7, 11])
        i = np.argmax(primes ** np.floor(np.log(n) / np.log(primes)) - n)
        length = int(primes[i] ** (np.floor(np.log(n) / np.log(primes[i]))))

    d = np.zeros(n - (length + neigh))

    for i in np.arange(n - (length + neigh)):
        d[i] = ((1 - weight) * (np.mean((x[i:i + neigh] -
                                x[i + length:i + length + neigh]) ** 2.0)) +
                weight * (np.mean((dx[i:i + neigh] -
                          dx[i + length:i + length + neigh]) ** 2.0)))

    return (1 + np.argmin(d), 1 + np.argmin(d) + length), np.min(d)


# --- nolitsa/data.py --------------------------------------------------------------------------------------------------
def falpha(length=8192, alpha=1.0, fl=None, fu=None, mean=0.0, var=1.0):
    freqs = fft.rfftfreq(length)
    power = freqs[1:] ** -alpha
    power = np.insert(power, 0, 0)  # P(0) = 0

    if fl:
        power[freqs < fl] = 0

    if fu:
        power[freqs > fu] = 0

    # Randomize complex phases.
    phase = 2 * np.pi * np.random.random(len(freqs))
    y = np.sqrt(power) * np.exp(1j * phase)

    # The last component (corresponding to the Nyquist frequency) of an
    # RFFT with even number of points is always real.  (We don't have to
    # make the mean real as P(0) = 0.)
    if length % 2 == 0:
        y[-1] = np.abs(y[-1] * np.sqrt(2))

    x = fft.irfft(y, n=length)

    # Rescale to proper variance and mean.
    x = np.sqrt(var) * x / np.std(x)
    return mean + x - np.mean(x)


def henon(length=10000, x0=None, a=1.4, b=0.3, discard=500):
    x = np.empty((length + discard, 2))

    if not x0:
        x[0] = (0.0, 0.9) + 0.01 * (-1 + 2 * np.random.random(2))
    else:
        x[0] = x0

    for i in range(1, length + discard):
        x[i] = (1 - a * x[i - 1][0] ** 2 + b * x[i - 1][1], x[i - 1][0])

    return x[discard:]


def ikeda(length=10000, x0=None, alpha=6.0, beta=0.4, gamma=1.0, mu=0.9,
          discard=500):
    x = np.empty((length + discard, 2))

    if not x0:
        x[0] = 0.1 * (-1 + 2 * np.random.random(2))
    else:
        x[0] = x0

    for i in range(1, length + discard):
        phi = beta - alpha / (1 + x[i - 1][0] ** 2 + x[i - 1][1] ** 2)
        x[i] = (gamma + mu * (x[i - 1][0] * np.cos(phi) - x[i - 1][1] *
                np.sin(phi)),
                mu * (x[i - 1][0] * np.sin(phi) + x[i - 1][1] * np.cos(phi)))

    return x[discard:]


def lorenz(length=10000, x0=None, sigma=10.0, beta=8.0/3.0, rho=28.0,
           step=0.001, sample=0.03, discard=1000):
    def _lorenz(x, t):
        return [sigma * (x[1] - x[0]), x[0] * (rho - x[2]) - x[1],
                x[0] * x[1] - beta * x[2]]

    if not x0:
        x0 = (0.0, -0.01, 9.0) + 0.25 * (-1 + 2 * np.random.random(3))

    sample = int(sample / step)
    t = np.linspace(0, (sample * (length + discard)) * step,
                    sample * (length + discard))

    return (t[discard * sample::sample],
            odeint(_lorenz, x0, t)[discard * sample::sample])


def mackey_glass(length=10000, x0=None, a=0.2, b=0.1, c=10.0, tau=23.0,
                 n=1000, sample=0.46, discard=250):
    sample = int(n * sample / tau)
    grids = n * discard + sample * length
    # Adapted: nolitsa writes np.empty(grids), and its first step (i = n - 1) reads x[i - n], that is x[-1], before
    # anything writes it: uninitialised memory, so eager results changed from run to run (the case failed now and
    # then as a "wrong result"). Zeros make that one read defined; the rest is the library's.
    x = np.zeros(grids)

    if not x0:
        x[:n] = 0.5 + 0.05 * (-1 + 2 * np.random.random(n))
    else:
        x[:n] = x0

    A = (2 * n - b * tau) / (2 * n + b * tau)
    B = a * tau / (2 * n + b * tau)

    for i in range(n - 1, grids - 1):
        x[i + 1] = A * x[i] + B * (x[i - n] / (1 + x[i - n] ** c) +
                                   x[i - n + 1] / (1 + x[i - n + 1] ** c))
    return x[n * discard::sample]


def roessler(length=10000, x0=None, a=0.2, b=0.2, c=5.7, step=0.001,
             sample=0.1, discard=1000):
    def _roessler(x, t):
        return [-(x[1] + x[2]), x[0] + a * x[1], b + x[2] * (x[0] - c)]

    sample = int(sample / step)
    t = np.linspace(0, (sample * (length + discard)) * step,
                    sample * (length + discard))

    if not x0:
        x0 = (-9.0, 0.0, 0.0) + 0.25 * (-1 + 2 * np.random.random(3))

    return (t[discard * sample::sample],
            odeint(_roessler, x0, t)[discard * sample::sample])



# --- wrappers -------------------------------------------------------------------------------------------------------
def parallel_map_serial(values):
    return parallel_map(rescale, values, processes=1)


def c2_embed_serial(x):
    return c2_embed(x, dim=[1, 2], tau=1, r=np.linspace(0.3, 2.0, 10), metric='chebyshev', window=5, parallel=False)


def afn_serial(x):
    return afn(x, dim=[1, 2], tau=1, metric='chebyshev', window=5, parallel=False)


def fnn_serial(x):
    return fnn(x, dim=[1, 2], tau=1, window=5, parallel=False)


def mle_embed_serial(x):
    return mle_embed(x, dim=[2], tau=1, window=5, maxt=20, parallel=False)


def ft_seeded(x, seed):
    np.random.seed(seed)  # ft draws its phases from NumPy's global generator
    return ft(x)


def aaft_seeded(x, seed):
    np.random.seed(seed)
    return aaft(x)


def iaaft_seeded(x, seed):
    np.random.seed(seed)
    return iaaft(x, maxiter=50)


def falpha_seeded(length, alpha, seed):
    np.random.seed(seed)
    return falpha(length=length, alpha=alpha)


def falpha_band_seeded(length, alpha, seed):
    np.random.seed(seed)
    return falpha(length=length, alpha=alpha, fl=0.05, fu=0.3, mean=1.0, var=2.0)


def henon_seeded(length, a, seed):
    np.random.seed(seed)
    return henon(length=length, a=a, discard=50)


# --- inputs ---------------------------------------------------------------------------------------------------------
def _henon_x(rng: np.random.Generator, n: int = 200) -> np.ndarray:
    x0 = (0.1 + 0.01 * rng.uniform(), 0.2 + 0.01 * rng.uniform())
    return henon(length=n, x0=x0, discard=100)[:, 0]


def _sine(rng: np.random.Generator, n: int = 200) -> np.ndarray:
    t = np.arange(n) * 0.05
    return np.sin(t) + 0.1 * rng.normal(size=n)


def _embedded(rng: np.random.Generator, n: int = 80) -> np.ndarray:
    return reconstruct(_henon_x(rng, n), dim=2, tau=1)


def _power_law(rng: np.random.Generator) -> tuple:
    r = gprange(0.01, 1.0, 20)
    c = r ** 2.0 * np.exp(0.01 * rng.normal(size=20))
    return r, np.sort(c)


def _pairs(rng: np.random.Generator) -> tuple:
    return rng.normal(size=(12, 3)), rng.normal(size=(12, 3))


CASES = [
    # utils.py
    case(corrupt, lambda rng: (_sine(rng), rng.normal(size=200)), NL("utils.py", "corrupt", "snr=100")),
    case(dist, _pairs, NL("utils.py", "dist", "metric='chebyshev'")),
    case(dist, lambda rng: (*_pairs(rng), 'euclidean'), NL("utils.py", "dist", "metric='euclidean'"), name="nolitsa.dist_euclidean"),
    case(dist, lambda rng: (*_pairs(rng), 'cityblock'), NL("utils.py", "dist", "metric='cityblock'"), name="nolitsa.dist_cityblock"),
    case(cityblock_dist, _pairs, NL("utils.py", "cityblock_dist", "numba's @jit dropped")),
    case(euclidean_dist, _pairs, NL("utils.py", "euclidean_dist", "numba's @jit dropped")),
    case(chebyshev_dist, _pairs, NL("utils.py", "chebyshev_dist", "numba's @jit dropped")),
    case(gprange, lambda rng: (np.float64(rng.uniform(0.01, 0.1)), np.float64(rng.uniform(1.0, 2.0)), 12), NL("utils.py", "gprange", "start and end of one sign")),
    case(gprange, lambda rng: (np.float64(-rng.uniform(0.01, 0.1)), np.float64(rng.uniform(1.0, 2.0)), 12), NL("utils.py", "gprange", "start < 0 < end, num even"), name="nolitsa.gprange_signs"),
    case(neighbors, lambda rng: (_embedded(rng), 'chebyshev', 2), NL("utils.py", "neighbors", "window=2")),
    case(neighbors, lambda rng: (_embedded(rng), 'euclidean', 0, 4), NL("utils.py", "neighbors", "metric='euclidean', maxnum=4"), name="nolitsa.neighbors_euclidean"),
    case(parallel_map_serial, lambda rng: (rng.normal(size=(5, 16)),), NL("utils.py", "parallel_map", "rescale over rows, processes=1 (a one-line wrapper)")),
    case(reconstruct, lambda rng: (_henon_x(rng, 60), 3, 2), NL("utils.py", "reconstruct", "dim=3, tau=2")),
    case(rescale, lambda rng: (_sine(rng),), NL("utils.py", "rescale")),
    case(rescale, lambda rng: (_sine(rng), (-1, 1)), NL("utils.py", "rescale", "interval=(-1, 1)"), name="nolitsa.rescale_interval"),
    case(spectrum, lambda rng: (_sine(rng, 128), 0.05), NL("utils.py", "spectrum", "dt=0.05, an even length")),
    case(spectrum, lambda rng: (_sine(rng, 127), 1.0, True), NL("utils.py", "spectrum", "detrend=True, an odd length"), name="nolitsa.spectrum_detrend"),
    case(statcheck, lambda rng: (_sine(rng), 10), NL("utils.py", "statcheck", "bins=10")),
    # d2.py
    case(c2, lambda rng: (_embedded(rng), 20, 'chebyshev', 5), NL("d2.py", "c2", "r=20 distances from gprange, window=5")),
    case(c2, lambda rng: (_embedded(rng), 20, 'cityblock', 5), NL("d2.py", "c2", "metric='cityblock'"), name="nolitsa.c2_cityblock"),
    case(c2, lambda rng: (_embedded(rng), np.linspace(-0.1, 2.0, 15), 'euclidean', 5), NL("d2.py", "c2", "an array of distances (one negative), metric='euclidean'"), name="nolitsa.c2_radii"),
    case(c2_embed_serial, lambda rng: (_henon_x(rng, 60),), NL("d2.py", "c2_embed", "dim=[1, 2], r=np.linspace(0.3, 2.0, 10), window=5, parallel=False (a one-line wrapper)")),
    case(d2, _power_law, NL("d2.py", "d2", "hwin=3")),
    case(ttmle, _power_law, NL("d2.py", "ttmle", "zero=True")),
    case(ttmle, lambda rng: (*_power_law(rng), False), NL("d2.py", "ttmle", "zero=False"), name="nolitsa.ttmle_nonzero"),
    # delay.py
    case(acorr, lambda rng: (_sine(rng),), NL("delay.py", "acorr")),
    case(acorr, lambda rng: (_sine(rng), 20), NL("delay.py", "acorr", "maxtau=20"), name="nolitsa.acorr_maxtau"),
    case(acorr, lambda rng: (_sine(rng), None, False, False), NL("delay.py", "acorr", "norm=False, detrend=False"), name="nolitsa.acorr_raw"),
    case(mi, lambda rng: (_sine(rng), rng.normal(size=200), 16), NL("delay.py", "mi", "bins=16")),
    case(dmi, lambda rng: (_henon_x(rng), 10, 16), NL("delay.py", "dmi", "maxtau=10, bins=16")),
    case(adfd, lambda rng: (_sine(rng), 2, 10), NL("delay.py", "adfd", "dim=2, maxtau=10")),
    # dimension.py
    case(_afn, lambda rng: (2, _henon_x(rng, 80), 1, 'chebyshev', 5), NL("dimension.py", "_afn", "d=2, window=5")),
    case(afn_serial, lambda rng: (_henon_x(rng, 80),), NL("dimension.py", "afn / _afn", "dim=[1, 2], window=5, parallel=False (a one-line wrapper)")),
    case(_fnn, lambda rng: (2, _henon_x(rng, 80), 1, 10.0, 2.0, 'euclidean', 5), NL("dimension.py", "_fnn", "d=2, window=5")),
    case(fnn_serial, lambda rng: (_henon_x(rng, 80),), NL("dimension.py", "fnn / _fnn", "dim=[1, 2], window=5, parallel=False (a one-line wrapper)")),
    # lyapunov.py
    case(mle, lambda rng: (_embedded(rng), 20, 5), NL("lyapunov.py", "mle", "maxt=20, window=5")),
    case(mle_embed_serial, lambda rng: (_henon_x(rng, 80),), NL("lyapunov.py", "mle_embed / mle", "dim=[2], maxt=20, window=5, parallel=False (a one-line wrapper)")),
    # noise.py
    case(sma, lambda rng: (_sine(rng), 5), NL("noise.py", "sma", "hwin=5")),
    case(sma, lambda rng: (_sine(rng), 0), NL("noise.py", "sma", "hwin=0"), name="nolitsa.sma_identity"),
    case(nored, lambda rng: (_sine(rng, 80), 3, 1, 0.2, 'chebyshev', 2), NL("noise.py", "nored", "dim=3, r=0.2, repeat=2")),
    # surrogates.py
    case(ft_seeded, lambda rng: (_sine(rng, 64), 3), NL("surrogates.py", "ft", "np.random.seed(3) first (a wrapper)")),
    case(aaft_seeded, lambda rng: (_sine(rng, 64), 3), NL("surrogates.py", "aaft / ft", "np.random.seed(3) first (a wrapper)")),
    case(iaaft_seeded, lambda rng: (_sine(rng, 64), 3), NL("surrogates.py", "iaaft", "maxiter=50, np.random.seed(3) first (a wrapper)")),
    case(mismatch, lambda rng: (_sine(rng),), NL("surrogates.py", "mismatch", "length=None: the largest prime power below n")),
    case(mismatch, lambda rng: (_sine(rng), 64, 0.3, 4), NL("surrogates.py", "mismatch", "length=64, weight=0.3, neigh=4"), name="nolitsa.mismatch_length"),
    # data.py
    case(falpha_seeded, lambda rng: (256, np.float64(rng.uniform(0.5, 1.5)), 5), NL("data.py", "falpha", "np.random.seed(5) first (a wrapper)")),
    case(falpha_band_seeded, lambda rng: (255, np.float64(rng.uniform(0.5, 1.5)), 5), NL("data.py", "falpha", "fl=0.05, fu=0.3, mean=1, var=2, an odd length, np.random.seed(5) first (a wrapper)")),
    case(henon, lambda rng: (200, (0.1, 0.2), np.float64(1.4 - 0.01 * rng.uniform()), np.float64(0.3), 50), NL("data.py", "henon", "x0=(0.1, 0.2), a near 1.4, discard=50")),
    case(henon_seeded, lambda rng: (200, np.float64(1.4 - 0.01 * rng.uniform()), 5), NL("data.py", "henon", "x0=None: np.random.seed(5) first (a wrapper)")),
    case(ikeda, lambda rng: (200, (0.1, 0.05), np.float64(6.0 + 0.1 * rng.uniform())), NL("data.py", "ikeda", "x0=(0.1, 0.05), alpha near 6")),
    case(lorenz, lambda rng: (40, (1.0, 1.0, 20.0), np.float64(10.0 + rng.uniform()), 8.0 / 3.0, 28.0, 0.01, 0.03, 10), NL("data.py", "lorenz", "step=0.01, 40 samples after 10")),
    case(mackey_glass, lambda rng: (100, 0.5, np.float64(0.2 + 0.01 * rng.uniform()), 0.1, 10.0, 23.0, 100, 0.46, 5), NL("data.py", "mackey_glass", "x0=0.5, n=100 grid points per delay, discard=5")),
    case(roessler, lambda rng: (40, (1.0, 1.0, 0.0), np.float64(0.2 + 0.01 * rng.uniform()), 0.2, 5.7, 0.01, 0.1, 10), NL("data.py", "roessler", "step=0.01, 40 samples after 10")),
]
