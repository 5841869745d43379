"""AntroPy's entropy and fractal-dimension measures of time series: the helpers of ``utils.py`` (``_embed``'s
time-delay embedding, a 1-D branch writing rows of a preallocated matrix in a loop over the order and a 2-D branch
appending slices to a list for one ``np.concatenate``; ``_linear_regression``'s loop of four running sums;
``_log_n``'s list grown by an ``if n > ns[-1]`` in a loop; ``_xlogx``'s two masked writes), the entropies of
``entropy.py`` (permutation entropy by ``argsort`` of the embedding, a hash by powers of the order and
``np.unique(..., return_counts=True)``, with a recursive mean over a list of delays; spectral entropy by
``scipy.signal.periodogram`` or ``welch`` chosen by string; SVD entropy by ``np.linalg.svd(compute_uv=False)`` divided
by the builtin ``sum``; sample entropy's kernel ``_numba_sampen``: two nested loops with ``int(bool)`` counters,
``if n == 0`` increments and an ``if`` / ``elif`` / ``else`` return of ``0``, ``np.inf`` or ``-log(...)``;
Lempel-Ziv complexity's ``while`` with a nested ``if`` / ``else`` and ``max`` of Python ints, and its wrapper's
``isinstance`` and dtype-kind tests, ``np.fromiter(map(ord, ...))`` and ``np.bincount``; zero crossings by
``np.diff`` of ``np.signbit``; Hjorth parameters), and the fractal dimensions of ``fractal.py`` (Petrosian and Katz
along an axis, Higuchi's triple loop with ``floor``, ``int`` and ``log`` of scalars into three preallocated
vectors, and detrended fluctuation analysis: a loop over ``enumerate`` of window sizes, a reshape by a loop-dependent
size, an inner loop of linear fits writing trend rows, ``np.nonzero`` and an ``if len(...) == 0``)
(raphaelvallat/antropy, BSD-3-Clause).

Copied from raphaelvallat/antropy at b774718e82528c6a4a5da6779b1aa123a1d7f610 (version 0.1.9; its ``LICENSE`` is the
BSD 3-Clause License, "Copyright (c) 2018-2021, Raphael Vallat"): ``src/antropy/utils.py``, ``src/antropy/entropy.py``
and ``src/antropy/fractal.py``, every function in the files' order, docstrings dropped, comments kept.

Adapted, beyond that:

* numba's ``@jit(<signature>, nopython=True)`` decorators on ``_linear_regression``, ``_log_n``, ``_numba_sampen``,
  ``_lz_complexity``, ``_higuchi_fd`` and ``_dfa`` are dropped (the bodies are as written), as in the other corpora
  of numba kernels; the package's relative imports (``from .utils import _embed, _xlogx``) are names of this module,
  and the ``all = [...]`` lists are dropped;
* ``from sklearn.neighbors import KDTree`` is dropped (scikit-learn is not installed here): ``_app_samp_entropy``
  and ``app_entropy``, which build a ``KDTree``, are kept as written but are no case; ``sample_entropy``'s cases take
  its ``metric == "chebyshev" and x.size < 5000`` branch (the package's default), which calls ``_numba_sampen``;
* a setting the source takes as a keyword (``order=``, ``delay=``, ``normalize=``, ``method=``, ``axis=``, ``kmax=``,
  ``tolerance=``) is given by a one-line wrapper named after the case, so the traced arguments are the arrays.

The inputs: EEG-like signals of 200-1000 samples (a few sines plus noise, a random walk, white noise), 2-D batches of
signals (channels x time) for the axis-wise measures, binary and integer symbol sequences and strings for
Lempel-Ziv, float32 signals; ``sample_entropy``'s signals are short (24 samples): its kernel's two nested loops
have bounds known while tracing, so tracing runs them through (as the package's numba compiles them), and the
``_numba_sampen`` case's 120 samples, a short EEG epoch, already take longer than the harness's time limit; and the
edge values: a constant signal (zero variance: Hjorth's 0 / 0, Katz's log of
0 / 0), a signal of one repeated ordinal pattern (permutation entropy 0), and a signal with NaN.
"""

# ruff: noqa: E501, E731, E741, F821, N802, N803, N806, B007, UP031
from __future__ import annotations

from math import factorial, floor, log

import numpy as np
from scipy.signal import periodogram, welch

from tests.coverage.cases import ANTROPY, Source, case


def AP(path: str, original: str, note: str = "") -> Source:
    return Source(ANTROPY, "src/antropy/" + path, original, note)


# --- src/antropy/utils.py ---

epsilon = 10e-9


def _embed(x, order=3, delay=1):
    x = np.asarray(x)
    N = x.shape[-1]
    assert x.ndim in [1, 2], "Only 1D or 2D arrays are currently supported."
    if order * delay > N:
        raise ValueError("Error: order * delay should be lower than x.size")
    if delay < 1:
        raise ValueError("Delay has to be at least 1.")
    if order < 2:
        raise ValueError("Order has to be at least 2.")

    if x.ndim == 1:
        # 1D array (n_times)
        Y = np.zeros((order, N - (order - 1) * delay))
        for i in range(order):
            Y[i] = x[(i * delay) : (i * delay + Y.shape[1])]
        return Y.T
    else:
        # 2D array (signal_indice, n_times)
        Y = []
        # pre-defiend an empty list to store numpy.array (concatenate with a list is faster)
        embed_signal_length = N - (order - 1) * delay
        # define the new signal length
        indice = [[(i * delay), (i * delay + embed_signal_length)] for i in range(order)]
        # generate a list of slice indice on input signal
        for i in range(order):
            # loop with the order
            temp = x[:, indice[i][0] : indice[i][1]].reshape(-1, embed_signal_length, 1)
            # slicing the signal with the indice of each order (vectorized operation)
            Y.append(temp)
            # append the sliced signal to list
        Y = np.concatenate(Y, axis=-1)
        return Y


def _linear_regression(x, y):
    n_times = x.size
    sx2 = 0
    sx = 0
    sy = 0
    sxy = 0
    for j in range(n_times):
        sx2 += x[j] ** 2
        sx += x[j]
        sxy += x[j] * y[j]
        sy += y[j]
    den = n_times * sx2 - (sx**2)
    num = n_times * sxy - sx * sy
    slope = num / (den + epsilon)
    intercept = np.mean(y) - slope * np.mean(x)
    return slope, intercept


def _log_n(min_n, max_n, factor):
    max_i = int(floor(log(1.0 * max_n / min_n) / log(factor)))
    ns = [min_n]
    for i in range(max_i + 1):
        n = int(floor(min_n * (factor**i)))
        if n > ns[-1]:
            ns.append(n)
    return np.array(ns, dtype=np.int64)


def _xlogx(x, base=2):
    x = np.asarray(x)
    xlogx = np.zeros(x.shape)
    xlogx[x < 0] = np.nan
    valid = x > 0
    xlogx[valid] = x[valid] * np.log(x[valid]) / np.log(base)
    return xlogx



# --- src/antropy/entropy.py ---

def perm_entropy(x, order=3, delay=1, normalize=False):
    # If multiple delay are passed, return the average across all d
    if isinstance(delay, (list, np.ndarray, range)):
        return np.mean([perm_entropy(x, order=order, delay=d, normalize=normalize) for d in delay])
    x = np.array(x)
    ran_order = range(order)
    hashmult = np.power(order, ran_order)
    assert delay > 0, "delay must be greater than zero."
    # Embed x and sort the order of permutations
    sorted_idx = _embed(x, order=order, delay=delay).argsort(kind="quicksort")
    # Associate unique integer to each permutations
    hashval = (np.multiply(sorted_idx, hashmult)).sum(1)
    # Return the counts
    _, c = np.unique(hashval, return_counts=True)
    # Use np.true_divide for Python 2 compatibility
    p = np.true_divide(c, c.sum())
    pe = -_xlogx(p).sum()
    if normalize:
        pe /= np.log2(factorial(order))
    return pe


def spectral_entropy(x, sf, method="fft", nperseg=None, normalize=False, axis=-1):
    x = np.asarray(x)
    # Compute and normalize power spectrum
    if method == "fft":
        _, psd = periodogram(x, sf, axis=axis)
    elif method == "welch":
        _, psd = welch(x, sf, nperseg=nperseg, axis=axis)
    psd_norm = psd / psd.sum(axis=axis, keepdims=True)
    se = -_xlogx(psd_norm).sum(axis=axis)
    if normalize:
        se /= np.log2(psd_norm.shape[axis])
    return se


def svd_entropy(x, order=3, delay=1, normalize=False):
    x = np.array(x)
    mat = _embed(x, order=order, delay=delay)
    W = np.linalg.svd(mat, compute_uv=False)
    # Normalize the singular values
    W /= sum(W)
    svd_e = -_xlogx(W).sum()
    if normalize:
        svd_e /= np.log2(order)
    return svd_e


def _app_samp_entropy(x, order, r, metric="chebyshev", approximate=True):
    _all_metrics = KDTree.valid_metrics
    _all_metrics = _all_metrics() if callable(_all_metrics) else _all_metrics
    if metric not in _all_metrics:
        raise ValueError(
            "The given metric (%s) is not valid. The valid "
            "metric names are: %s" % (metric, _all_metrics)
        )
    phi = np.zeros(2)

    # compute phi(order, r)
    _emb_data1 = _embed(x, order, 1)
    if approximate:
        emb_data1 = _emb_data1
    else:
        emb_data1 = _emb_data1[:-1]
    count1 = (
        KDTree(emb_data1, metric=metric)
        .query_radius(emb_data1, r, count_only=True)
        .astype(np.float64)
    )
    # compute phi(order + 1, r)
    emb_data2 = _embed(x, order + 1, 1)
    count2 = (
        KDTree(emb_data2, metric=metric)
        .query_radius(emb_data2, r, count_only=True)
        .astype(np.float64)
    )
    if approximate:
        phi[0] = np.mean(np.log(count1 / emb_data1.shape[0]))
        phi[1] = np.mean(np.log(count2 / emb_data2.shape[0]))
    else:
        phi[0] = np.mean((count1 - 1) / (emb_data1.shape[0] - 1))
        phi[1] = np.mean((count2 - 1) / (emb_data2.shape[0] - 1))
    return phi

def _numba_sampen(sequence, order, r):

    size = sequence.size
    # sequence = sequence.tolist()

    numerator = 0
    denominator = 0

    for offset in range(1, size - order):
        n_numerator = int(abs(sequence[order] - sequence[order + offset]) >= r)
        n_denominator = 0

        for idx in range(order):
            n_numerator += abs(sequence[idx] - sequence[idx + offset]) >= r
            n_denominator += abs(sequence[idx] - sequence[idx + offset]) >= r

        if n_numerator == 0:
            numerator += 1
        if n_denominator == 0:
            denominator += 1

        prev_in_diff = int(abs(sequence[order] - sequence[offset + order]) >= r)
        for idx in range(1, size - offset - order):
            out_diff = int(abs(sequence[idx - 1] - sequence[idx + offset - 1]) >= r)
            in_diff = int(abs(sequence[idx + order] - sequence[idx + offset + order]) >= r)
            n_numerator += in_diff - out_diff
            n_denominator += prev_in_diff - out_diff
            prev_in_diff = in_diff

            if n_numerator == 0:
                numerator += 1
            if n_denominator == 0:
                denominator += 1

    if denominator == 0:
        return 0  # use 0/0 == 0
    elif numerator == 0:
        return np.inf
    else:
        return -log(numerator / denominator)


def app_entropy(x, order=2, tolerance=None, metric="chebyshev"):
    # define r
    if tolerance is None:
        r = 0.2 * np.std(x, ddof=0)
    else:
        assert isinstance(tolerance, (float, int))
        r = tolerance
    phi = _app_samp_entropy(x, order=order, r=r, metric=metric, approximate=True)
    return np.subtract(phi[0], phi[1])


def sample_entropy(x, order=2, tolerance=None, metric="chebyshev"):
    # define r
    if tolerance is None:
        r = 0.2 * np.std(x, ddof=0)
    else:
        assert isinstance(tolerance, (float, int))
        r = tolerance
    x = np.asarray(x, dtype=np.float64)
    if metric == "chebyshev" and x.size < 5000:
        return _numba_sampen(x, order=order, r=r)
    else:
        phi = _app_samp_entropy(x, order=order, r=r, metric=metric, approximate=False)
        return -np.log(np.divide(phi[1], phi[0]))


def _lz_complexity(binary_string):
    # Initialize variables
    complexity = 1
    prefix_len = 1
    len_substring = 1
    max_len_substring = 1
    pointer = 0

    # Iterate until the entire string has not been parsed
    while prefix_len + len_substring <= len(binary_string):
        # Given a prefix length, find the largest substring
        if (
            binary_string[pointer + len_substring - 1]
            == binary_string[prefix_len + len_substring - 1]  # noqa: W503
        ):
            len_substring += 1  # increase the length of the substring
        else:
            max_len_substring = max(len_substring, max_len_substring)
            pointer += 1
            # Since all pointers have been scanned, pick largest as the jump
            # size
            if pointer == prefix_len:
                # Increment complexity
                complexity += 1
                # Set prefix length to the max substring size found so far
                # (jump size)
                prefix_len += max_len_substring
                # Reset pointer and max substring size
                pointer = 0
                max_len_substring = 1
            # Reset length of current substring
            len_substring = 1

    # Check if final iteration occurred in the middle of a substring
    if len_substring != 1:
        complexity += 1

    return complexity


def lziv_complexity(sequence, normalize=False):
    assert isinstance(sequence, (str, list, np.ndarray))
    assert isinstance(normalize, bool)
    if isinstance(sequence, (list, np.ndarray)):
        sequence = np.asarray(sequence)
        if sequence.dtype.kind in "bfi":
            # Convert [True, False] or [1., 0.] to [1, 0]
            s = sequence.astype("uint32")
        else:
            # Treat as numpy array of strings
            # Map string characters to utf-8 integer representation
            s = np.fromiter(map(ord, "".join(sequence.astype(str))), dtype="uint32")
            # Can't preallocate length (by specifying count) due to string
            # concatenation
    else:
        s = np.fromiter(map(ord, sequence), dtype="uint32")

    if normalize:
        # 1) Timmermann et al. 2019
        # The sequence is randomly shuffled, and the normalized LZ
        # is calculated as the ratio of the LZ of the original sequence
        # divided by the LZ of the randomly shuffled LZ. However, the final
        # output is dependent on the random seed.
        # sl_shuffled = list(s)
        # rng = np.random.RandomState(None)
        # rng.shuffle(sl_shuffled)
        # s_shuffled = ''.join(sl_shuffled)
        # return _lz_complexity(s) / _lz_complexity(s_shuffled)
        # 2) Zhang et al. 2009
        n = len(s)
        base = sum(np.bincount(s) > 0)  # Number of unique characters
        base = 2 if base < 2 else base
        return _lz_complexity(s) / (n / log(n, base))
    else:
        return _lz_complexity(s)


def num_zerocross(x, normalize=False, axis=-1):
    x = np.asarray(x)
    # https://stackoverflow.com/a/29674950/10581531
    nzc = np.diff(np.signbit(x), axis=axis).sum(axis=axis)
    if normalize:
        nzc = nzc / x.shape[axis]
    return nzc


def hjorth_params(x, axis=-1):
    x = np.asarray(x)
    # Calculate derivatives
    dx = np.diff(x, axis=axis)
    ddx = np.diff(dx, axis=axis)
    # Calculate variance
    x_var = np.var(x, axis=axis)  # = activity
    dx_var = np.var(dx, axis=axis)
    ddx_var = np.var(ddx, axis=axis)
    # Mobility and complexity
    mob = np.sqrt(dx_var / x_var)
    com = np.sqrt(ddx_var / dx_var) / mob
    return mob, com



# --- src/antropy/fractal.py ---

def petrosian_fd(x, axis=-1):
    x = np.asarray(x)
    N = x.shape[axis]
    # Number of sign changes in the first derivative of the signal
    nzc_deriv = num_zerocross(np.diff(x, axis=axis), axis=axis)
    pfd = np.log10(N) / (np.log10(N) + np.log10(N / (N + 0.4 * nzc_deriv)))
    return pfd


def katz_fd(x, axis=-1):
    x = np.asarray(x)

    # Define total length of curve
    dists = np.abs(np.diff(x, axis=axis))
    L = np.sum(dists, axis=axis)

    # Average distance between successive points
    a = np.mean(dists, axis=axis)

    # Compute the farthest distance between starting point and any other point
    d = np.max(np.abs(x - x.take([0], axis=axis)), axis=axis)
    kfd_val = np.log10(L / a) / (np.log10(d / a))
    return kfd_val


def _higuchi_fd(x, kmax):
    n_times = x.size
    lk = np.empty(kmax)
    x_reg = np.empty(kmax)
    y_reg = np.empty(kmax)
    for k in range(1, kmax + 1):
        lm = np.empty((k,))
        for m in range(k):
            ll = 0
            n_max = floor((n_times - m - 1) / k)
            n_max = int(n_max)
            for j in range(1, n_max):
                ll += abs(x[m + j * k] - x[m + (j - 1) * k])
            ll /= k
            ll *= (n_times - 1) / (k * n_max)
            lm[m] = ll
        # Mean of lm
        m_lm = 0
        for m in range(k):
            m_lm += lm[m]
        m_lm /= k
        lk[k - 1] = m_lm
        x_reg[k - 1] = log(1.0 / k)
        y_reg[k - 1] = log(m_lm)
    higuchi, _ = _linear_regression(x_reg, y_reg)
    return higuchi


def higuchi_fd(x, kmax=10):
    x = np.asarray(x, dtype=np.float64)
    kmax = int(kmax)
    return _higuchi_fd(x, kmax)


def _dfa(x):
    N = len(x)
    nvals = _log_n(4, 0.1 * N, 1.2)
    walk = np.cumsum(x - x.mean())
    fluctuations = np.zeros(len(nvals))

    for i_n, n in enumerate(nvals):
        d = np.reshape(walk[: N - (N % n)], (N // n, n))
        ran_n = np.array([float(na) for na in range(n)])
        d_len = len(d)
        trend = np.empty((d_len, ran_n.size))
        for i in range(d_len):
            slope, intercept = _linear_regression(ran_n, d[i])
            trend[i, :] = intercept + slope * ran_n
        # Calculate root mean squares of walks in d around trend
        # Note that np.mean on specific axis is not supported by Numba
        flucs = np.sum((d - trend) ** 2, axis=1) / n
        # https://github.com/neuropsychology/NeuroKit/issues/206
        fluctuations[i_n] = np.sqrt(np.mean(flucs))

    # Filter zero
    nonzero = np.nonzero(fluctuations)[0]
    fluctuations = fluctuations[nonzero]
    nvals = nvals[nonzero]
    if len(fluctuations) == 0:
        # all fluctuations are zero => we cannot fit a line
        dfa = np.nan
    else:
        dfa, _ = _linear_regression(np.log(nvals), np.log(fluctuations))
    return dfa


def detrended_fluctuation(x):
    x = np.asarray(x, dtype=np.float64)
    return _dfa(x)


# --- the cases' settings (keywords of the source, as one-line wrappers) ---

def embed_order4_delay2(x):
    return _embed(x, order=4, delay=2)


def perm_entropy_normalized(x):
    return perm_entropy(x, order=3, delay=1, normalize=True)


def perm_entropy_order5_delay3(x):
    return perm_entropy(x, order=5, delay=3)


def perm_entropy_delays(x):
    return perm_entropy(x, order=3, delay=[1, 2, 3], normalize=True)


def perm_entropy_delay_range(x):
    return perm_entropy(x, order=4, delay=range(1, 3))


def spectral_entropy_fft(x):
    return spectral_entropy(x, sf=100, method="fft", normalize=True)


def spectral_entropy_welch(x):
    return spectral_entropy(x, sf=100, method="welch", nperseg=64)


def spectral_entropy_welch_2d(x):
    return spectral_entropy(x, sf=256, method="welch", normalize=True, axis=-1)


def svd_entropy_normalized(x):
    return svd_entropy(x, order=4, delay=2, normalize=True)


def sample_entropy_order3(x):
    return sample_entropy(x, order=3)


def sample_entropy_tolerance(x):
    return sample_entropy(x, order=2, tolerance=0.5)


def lziv_complexity_normalized(sequence):
    return lziv_complexity(sequence, normalize=True)


def num_zerocross_normalized(x):
    return num_zerocross(x, normalize=True)


def num_zerocross_axis0(x):
    return num_zerocross(x, axis=0)


def hjorth_params_axis0(x):
    return hjorth_params(x, axis=0)


def higuchi_fd_kmax5(x):
    return higuchi_fd(x, kmax=5)


# --- inputs ---

def _eeg(rng, n=500, sf=100.0):
    t = np.arange(n) / sf
    return (np.sin(2 * np.pi * 10 * t) + 0.5 * np.sin(2 * np.pi * 3 * t + rng.uniform(0, 1))
            + 0.3 * rng.normal(size=n))


def _walk(rng, n=400):
    return np.cumsum(rng.normal(size=n))


def _channels(rng, c=4, n=300):
    return np.stack([_eeg(rng, n) for _ in range(c)])


def _binary(rng, n=200):
    return (rng.uniform(size=n) > 0.5).astype(int)


def _with_nan(rng, n=300):
    x = _eeg(rng, n)
    x[17] = np.nan
    return x


_UT, _EN, _FR = "utils.py", "entropy.py", "fractal.py"

CASES = [
    # utils.py
    case(_embed, lambda rng: (_eeg(rng, 50), 3, 1), AP(_UT, "_embed")),
    case(embed_order4_delay2, lambda rng: (_eeg(rng, 60),), AP(_UT, "_embed", "order=4, delay=2")),
    case(_embed, lambda rng: (_channels(rng, 3, 40), 3, 2), AP(_UT, "_embed"), name="antropy._embed_2d"),
    case(_linear_regression, lambda rng: (np.arange(20.0), 2.0 * np.arange(20.0) + rng.normal(size=20)),
         AP(_UT, "_linear_regression", "numba's @jit dropped")),
    case(_log_n, lambda rng: (4.0, 100.0, 1.2), AP(_UT, "_log_n", "numba's @jit dropped"),
         name="antropy._log_n_python"),
    case(_log_n, lambda rng: (np.float64(4.0), np.float64(0.1 * 1000), np.float64(1.2)),
         AP(_UT, "_log_n", "numba's @jit dropped; NumPy float64 bounds")),
    case(_xlogx, lambda rng: (rng.uniform(0, 1, size=20),), AP(_UT, "_xlogx")),
    case(_xlogx, lambda rng: (np.array([0.0, 0.5, -0.1, 1.0, 0.25]),), AP(_UT, "_xlogx"),
         name="antropy._xlogx_zero_negative"),
    case(_xlogx, lambda rng: (rng.uniform(0, 1, size=(3, 8)), 10), AP(_UT, "_xlogx"), name="antropy._xlogx_base10"),
    # entropy.py
    case(perm_entropy, lambda rng: (_eeg(rng),), AP(_EN, "perm_entropy")),
    case(perm_entropy_normalized, lambda rng: (_walk(rng),), AP(_EN, "perm_entropy", "normalize=True")),
    case(perm_entropy_order5_delay3, lambda rng: (rng.normal(size=600),), AP(_EN, "perm_entropy", "order=5, delay=3")),
    case(perm_entropy_delays, lambda rng: (_eeg(rng, 300),), AP(_EN, "perm_entropy", "delay=[1, 2, 3], normalize=True")),
    case(perm_entropy_delay_range, lambda rng: (_eeg(rng, 300),), AP(_EN, "perm_entropy", "order=4, delay=range(1, 3)")),
    case(perm_entropy, lambda rng: (np.arange(100.0),), AP(_EN, "perm_entropy"), name="antropy.perm_entropy_monotonic"),
    case(spectral_entropy_fft, lambda rng: (_eeg(rng),), AP(_EN, "spectral_entropy", "sf=100, normalize=True")),
    case(spectral_entropy_welch, lambda rng: (_eeg(rng),), AP(_EN, "spectral_entropy", "sf=100, method='welch', nperseg=64")),
    case(spectral_entropy_welch_2d, lambda rng: (_channels(rng, 4, 512),),
         AP(_EN, "spectral_entropy", "sf=256, method='welch', normalize=True, 2-D")),
    case(spectral_entropy, lambda rng: (_eeg(rng, 256), 100.0), AP(_EN, "spectral_entropy"),
         name="antropy.spectral_entropy_default"),
    case(svd_entropy, lambda rng: (_eeg(rng),), AP(_EN, "svd_entropy")),
    case(svd_entropy_normalized, lambda rng: (_walk(rng),), AP(_EN, "svd_entropy", "order=4, delay=2, normalize=True")),
    case(_numba_sampen, lambda rng: (_eeg(rng, 120), 2, 0.2), AP(_EN, "_numba_sampen", "numba's @jit dropped")),
    case(sample_entropy, lambda rng: (_eeg(rng, 24),), AP(_EN, "sample_entropy")),
    case(sample_entropy_order3, lambda rng: (_walk(rng, 24),), AP(_EN, "sample_entropy", "order=3")),
    case(sample_entropy_tolerance, lambda rng: (rng.normal(size=24),), AP(_EN, "sample_entropy", "tolerance=0.5")),
    case(sample_entropy, lambda rng: (np.tile([0.0, 1.0], 12),), AP(_EN, "sample_entropy"),
         name="antropy.sample_entropy_periodic"),
    case(_lz_complexity, lambda rng: (_binary(rng).astype(np.uint32),), AP(_EN, "_lz_complexity", "numba's @jit dropped")),
    case(lziv_complexity, lambda rng: (_binary(rng),), AP(_EN, "lziv_complexity")),
    case(lziv_complexity_normalized, lambda rng: (_binary(rng, 300),), AP(_EN, "lziv_complexity", "normalize=True")),
    case(lziv_complexity_normalized, lambda rng: (rng.integers(0, 4, size=200),), AP(_EN, "lziv_complexity", "normalize=True, 4 symbols"),
         name="antropy.lziv_complexity_quaternary"),
    case(lziv_complexity, lambda rng: ("1001111011000010",), AP(_EN, "lziv_complexity"), name="antropy.lziv_complexity_string"),
    case(lziv_complexity, lambda rng: (_eeg(rng, 100) > 0,), AP(_EN, "lziv_complexity"), name="antropy.lziv_complexity_bool"),
    case(num_zerocross, lambda rng: (_eeg(rng),), AP(_EN, "num_zerocross")),
    case(num_zerocross_normalized, lambda rng: (_channels(rng),), AP(_EN, "num_zerocross", "normalize=True, 2-D")),
    case(num_zerocross_axis0, lambda rng: (_channels(rng).T.copy(),), AP(_EN, "num_zerocross", "axis=0")),
    case(hjorth_params, lambda rng: (_eeg(rng),), AP(_EN, "hjorth_params")),
    case(hjorth_params, lambda rng: (_channels(rng).astype(np.float32),), AP(_EN, "hjorth_params"),
         name="antropy.hjorth_params_float32_2d"),
    case(hjorth_params_axis0, lambda rng: (_channels(rng).T.copy(),), AP(_EN, "hjorth_params", "axis=0")),
    case(hjorth_params, lambda rng: (np.full(50, 3.0),), AP(_EN, "hjorth_params"), name="antropy.hjorth_params_constant"),
    # fractal.py
    case(petrosian_fd, lambda rng: (_eeg(rng),), AP(_FR, "petrosian_fd")),
    case(petrosian_fd, lambda rng: (_channels(rng),), AP(_FR, "petrosian_fd"), name="antropy.petrosian_fd_2d"),
    case(katz_fd, lambda rng: (_eeg(rng),), AP(_FR, "katz_fd")),
    case(katz_fd, lambda rng: (_channels(rng),), AP(_FR, "katz_fd"), name="antropy.katz_fd_2d"),
    case(katz_fd, lambda rng: (np.full(50, 2.0),), AP(_FR, "katz_fd"), name="antropy.katz_fd_constant"),
    case(katz_fd, lambda rng: (_with_nan(rng),), AP(_FR, "katz_fd"), name="antropy.katz_fd_nan"),
    case(_higuchi_fd, lambda rng: (_eeg(rng, 300), 10), AP(_FR, "_higuchi_fd", "numba's @jit dropped")),
    case(higuchi_fd, lambda rng: (_eeg(rng),), AP(_FR, "higuchi_fd")),
    case(higuchi_fd_kmax5, lambda rng: (_walk(rng),), AP(_FR, "higuchi_fd", "kmax=5")),
    case(higuchi_fd, lambda rng: (_eeg(rng).astype(np.float32),), AP(_FR, "higuchi_fd"), name="antropy.higuchi_fd_float32"),
    case(_dfa, lambda rng: (_walk(rng, 300),), AP(_FR, "_dfa", "numba's @jit dropped")),
    case(detrended_fluctuation, lambda rng: (_eeg(rng, 1000),), AP(_FR, "detrended_fluctuation")),
    case(detrended_fluctuation, lambda rng: (rng.normal(size=500),), AP(_FR, "detrended_fluctuation"),
         name="antropy.detrended_fluctuation_noise"),
    case(detrended_fluctuation, lambda rng: (np.full(200, 1.0),), AP(_FR, "detrended_fluctuation"),
         name="antropy.detrended_fluctuation_constant"),
]
