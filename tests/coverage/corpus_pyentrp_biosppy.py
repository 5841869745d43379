"""Entropy measures from pyEntropy (nikdon/pyEntropy, Apache-2.0) and biosignal processing from BioSPPy
(PIA-Group/BioSPPy, BSD-3-Clause).

pyEntropy (``pyentrp/entropy.py``, the whole module): ``time_delay_embedding`` and ``util_pattern_space`` (rows or
columns of an ``np.empty`` / ``np.zeros`` written from slices in a ``for``, ``if lag < 1: raise``),
``util_granulate_time_series`` (``if not isinstance(time_series, np.ndarray)``, ``reshape(b, scale)`` of a slice),
``shannon_entropy`` (a ``str`` counted with ``collections.Counter``, else ``np.unique(..., return_counts=True)``),
``sample_entropy`` (the template loop narrowing ``search_list = search_list[hit_list] + 1`` by a boolean mask and
adding ``np.sum(hit_list)`` into ``N_temp[length]``), ``multiscale_entropy`` and ``composite_multiscale_entropy``
(loops writing ``mse[i]`` / ``cmse[i] +=`` from ``sample_entropy(...)[-1]`` of coarse-grained series),
``permutation_entropy`` (``argsort`` of the embedding, a hash by ``np.power(order, np.arange(order))``, ``np.unique``
counts, ``math.factorial``), ``multiscale_permutation_entropy`` and ``weighted_permutation_entropy`` (a dict keyed by
``tuple(indices)`` of ``argsort`` rows, ``+=`` into it under ``if motif in motif_weights``, ``np.array(list(...values()))``).

BioSPPy (``biosppy/``): ``utils.py``'s ``ReturnTuple`` (the tuple subclass with names every function returns: its
``__new__``, its ``__init__`` checking the names with ``keyword.iskeyword`` and a ``set``, ``__getitem__`` by name),
``remainderAllocator`` (``seats[ind[i % length]] += 1`` in a ``for i in range(nb)`` whose ``nb`` is computed from the
votes) and ``highestAveragesAllocator`` (a divisor ``lambda`` chosen by name, ``tab.sort(key=lambda item: item[1])`` of
``(i, votes[i] / D[j])`` pairs, ``seats[i] = np.sum(tab == i)``); ``signals/tools.py``'s ``_get_window`` (a chain of
``elif kernel in [...]``), ``smoother`` (calling itself twice for ``"boxzen"``, a kernel given as an array, the mirrored
``np.convolve``), ``signal_stats`` (``scipy.stats``' ``kurtosis`` and ``skew``), ``normalize`` (``/=``), ``zero_cross``
and ``find_extrema`` (``np.nonzero`` of ``np.diff(np.sign(...))``), ``windower`` (a function argument applied to each
window in a ``for``, a 2-D signal's ``np.tile`` of the window), ``synchronize`` (``np.correlate`` and the overlap sliced
under ``if delay < 0`` / ``elif delay > 0`` / ``else``), ``pearson_correlation`` (clipping ``rxy`` with ``if`` /
``elif``), ``rms_error``, ``get_heart_rate`` (``np.nonzero`` of physiological limits, then ``smoother``),
``finite_difference`` (``scipy.signal.lfilter``), the matrix profile's ``_init_dist_profile``, ``_ditance_profile``,
``distance_profile`` and ``signal_self_join`` (FFTs, ``dist[a:b] = np.inf`` with ``a = max([0, idx - ezone])``, masked
writes ``matrix_profile[pos] = dist[pos]`` in a ``for idx in index``), ``mean_waves`` / ``median_waves`` (list
comprehensions over windows) and ``band_power`` (``if f1 > f2: f1, f2 = f2, f1``, clamping to the band's ends);
``signals/ecg.py``'s ``_extract_heartbeats`` and ``correct_rpeaks`` (``continue`` / ``break`` on each peak's window),
``ssf_segmenter`` (``dx[dx >= 0] = 0``, a ``set`` of ``np.argmax`` positions), ``gamboa_segmenter`` (``np.histogram``,
``np.intersect1d``, ``if len(b) < 3``, a loop carrying ``previous``), ``bSQI`` (``if j in detector_2: ... break`` in a
loop over a range around each beat) and ``sSQI`` / ``kSQI`` / ``pSQI``; ``signals/eda.py``'s ``basic_scr`` (pairing
maxima and minima with ``ni = ni[1:]`` / ``pi = pi[:-1]`` under ``if``); ``signals/emg.py``'s ``find_onsets``,
``hodges_bui_onset_detector``, ``bonato_onset_detector``, ``solnik_onset_detector`` and ``silva_onset_detector`` (the
rest given as a segment ``[start, stop]``, as samples or as a dict; state machines over the samples with ``if onset is
True`` / ``if alarm is False``, counters reset in nested ``if``, ``list.append``, ``np.union1d``, ``onsets *= 2``);
``signals/abp.py``'s ``find_onsets_zong2003`` (a ``while True`` over windows, ``try: v, u = dpidx[i - 1], dpidx[i]
except IndexError``, ``try: M = Mk[np.argmax(Mv)] except ValueError: continue``); ``signals/pcg.py``'s
``get_avg_heart_rate`` (an autocorrelation's ``np.argmax`` in index windows) and ``identify_heart_sounds``
(``classification[i] = 0`` / ``1`` from neighbouring intervals, ``int(not(classification[1]))``).

Copied from nikdon/pyEntropy at 34c4dbf4f57958fcf698c27539a5bbb15e869a48 (its ``LICENSE`` is the Apache License 2.0;
its ``NOTICE``: "pyEntropy is distributed under an Apache License V2.0 (See LICENSE)"): every function of
``pyentrp/entropy.py``, in the file's order. And from PIA-Group/BioSPPy at 77550221f77e024459840ece540b1e017ed99e57 (its
``LICENSE`` is the BSD 3-clause licence, "Copyright (c) 2015 Instituto de Telecomunicações"): the functions named above,
grouped under one ``# --- biosppy/...`` header a file. Bodies as written, comments kept, docstrings dropped (and
trailing blanks at the ends of lines, and runs of blank lines).

Adapted, beyond that:

* BioSPPy's relative imports are the module-level functions of this module: ``utils.ReturnTuple(...)`` is
  ``ReturnTuple(...)`` and ``st.find_extrema`` / ``st.smoother`` / ``st.signal_stats`` are ``find_extrema`` /
  ``smoother`` / ``signal_stats``;
* ``six`` (not installed here): ``six.string_types`` is ``str`` (in ``ReturnTuple.__getitem__`` and ``smoother``) and
  ``six.moves.range`` / ``zip`` / ``map`` are the builtins;
* ``tools.py``'s ``from scipy.stats import stats`` is ``from scipy import stats`` (the same ``kurtosis`` and ``skew``);
  ``import scipy.signal as ss`` is a module-level namespace ``ss`` holding ``scipy.signal``'s ``lfilter`` and
  ``medfilt`` and ``scipy.signal.windows``' functions: SciPy 1.13 removed ``scipy.signal.boxcar``, ``parzen``, ... that
  ``_get_window`` names (its ``ss.slepian`` is gone from both; no case asks for it);
* ``tools.pearson_correlation``'s deprecation ``print(..., file=sys.stderr)`` is dropped;
* not taken: ``eda.kbk_scr`` (its ``np.object`` is gone from NumPy 2), ``tools.find_intersection`` (``scipy``'s
  ``BPoly`` and ``fsolve`` with a Python callback), ``metrics.pcosine`` (SciPy's private ``_validate_vector``), the
  ECG segmenters that filter with ``filter_signal`` (Christov, Hamilton) and Engelse-Zeelenberg's (its windows of 10 ms
  need a sampling rate of hundreds of Hz, thousands of samples).

The inputs: series of 20 or 30 normal samples (pyEntropy's ``sample_entropy`` family on 20 samples, since its loop
narrows a boolean mask per template); the docstrings' ``[4, 7, 9, 10, 6, 11, 3]`` for ``permutation_entropy``; an ECG-like
series at 40 Hz (120 samples, spikes at fixed positions of random heights); EMG-like series of 80 samples at 100 Hz (rest
noise, a burst of 30 samples); a pressure-like pulse train of 100 samples at 20 Hz for ``find_onsets_zong2003``; vote
counts of 4 parties for the allocators. Sampling rates, window sizes and thresholds are Python numbers that both
inputs share (they are part of the trace key), chosen so that the windows the functions compute from them
(``int(0.1 * sampling_rate)``, ...) are a few samples long.
"""

# ruff: noqa: B904, E501, E713, E731, E741, UP008, UP031
from __future__ import annotations

import collections
import keyword
import math
import types
from collections import Counter

import numpy as np
import scipy.signal
import scipy.signal.windows
from scipy import stats

from tests.coverage.cases import BIOSPPY, PYENTROPY, Source, case

# biosppy's `import scipy.signal as ss` (SciPy 1.13 moved the window functions to scipy.signal.windows)
ss = types.SimpleNamespace(**{name: getattr(scipy.signal.windows, name) for name in scipy.signal.windows.__all__},
                           lfilter=scipy.signal.lfilter, medfilt=scipy.signal.medfilt)


def PE(original: str, note: str = "") -> Source:
    return Source(PYENTROPY, "pyentrp/entropy.py", original, note)


def BS(path: str, original: str, note: str = "") -> Source:
    return Source(BIOSPPY, "biosppy/" + path, original, note)


# --- pyentrp/entropy.py ---

def time_delay_embedding(time_series, embedding_dimension, delay):
    series_length = len(time_series)
    embedded_series = np.empty((embedding_dimension, series_length - (embedding_dimension - 1) * delay))
    for i in range(embedding_dimension):
        embedded_series[i] = time_series[i * delay : i * delay + embedded_series.shape[1]]
    return embedded_series.T


def util_pattern_space(time_series, lag, dim):
    n = len(time_series)

    if lag < 1:
        raise ValueError("Lag should be greater than or equal to 1.")

    if lag * dim > n:
        raise ValueError("Result matrix size limit exceeded. Adjust the lag or dim value.")

    pattern_space = np.zeros((n - lag * (dim - 1), dim))
    for i in range(dim):
        pattern_space[:, i] = time_series[i * lag : i * lag + n - lag * (dim - 1)]

    return pattern_space


def util_granulate_time_series(time_series, scale):
    if not isinstance(time_series, np.ndarray):
        time_series = np.array(time_series)

    n = time_series.shape[0]
    b = n // scale
    cts = np.mean(time_series[: b * scale].reshape(b, scale), axis=1)
    return cts


def shannon_entropy(time_series):
    if isinstance(time_series, str):
        # Calculate frequency counts
        counter = Counter(time_series)
        total_count = len(time_series)

        # Calculate frequencies and Shannon entropy
        ent = 0.0
        for count in counter.values():
            freq = count / total_count
            ent += freq * np.log2(freq)

        ent = -ent
        return ent

    # Calculate frequency counts
    _, counts = np.unique(time_series, return_counts=True)
    total_count = len(time_series)

    # Calculate frequencies and Shannon entropy
    frequencies = counts / total_count
    ent = -np.sum(frequencies * np.log2(frequencies))

    return ent


def sample_entropy(time_series, sample_length, tolerance=None):
    if not isinstance(time_series, np.ndarray):
        time_series = np.array(time_series)

    if tolerance is None:
        tolerance = 0.1 * np.std(time_series)

    # The code below follows the sample length convention of Ref [1] so:
    sample_length = sample_length - 1
    n = len(time_series)

    # N_temp is a vector that holds the number of matches
    # N_temp[k] holds matches templates of length k
    N_temp = np.zeros(sample_length + 2)

    # Templates of length 0 match by definition:
    N_temp[0] = n * (n - 1) / 2

    for i in range(n - sample_length - 1):
        template = time_series[i : (i + sample_length + 1)]  # We have `sample_length+1` elements in the template
        rem_time_series = time_series[i + 1 :]

        search_list = np.arange(len(rem_time_series) - sample_length, dtype=np.int32)
        for length in range(1, len(template) + 1):
            hit_list = np.abs(rem_time_series[search_list] - template[length - 1]) < tolerance
            N_temp[length] += np.sum(hit_list)
            search_list = search_list[hit_list] + 1

    sampen = -np.log(N_temp[1:] / N_temp[:-1])
    return sampen


def multiscale_entropy(time_series, sample_length, tolerance=None, maxscale=None):
    if tolerance is None:
        tolerance = 0.1 * np.std(time_series)

    if maxscale is None:
        maxscale = len(time_series)

    mse = np.zeros(maxscale)
    for i in range(maxscale):
        temp = util_granulate_time_series(time_series, i + 1)
        mse[i] = sample_entropy(temp, sample_length, tolerance)[-1]
    return mse


def permutation_entropy(time_series, order=3, delay=1, normalize=False):
    x = np.array(time_series)
    hashmult = np.power(order, np.arange(order))
    # Embed x and sort the order of permutations
    sorted_idx = time_delay_embedding(x, embedding_dimension=order, delay=delay).argsort(kind="quicksort")
    # Associate unique integer to each permutations
    hashval = (np.multiply(sorted_idx, hashmult)).sum(1)
    # Return the counts
    _, c = np.unique(hashval, return_counts=True)
    # Use np.true_divide for Python 2 compatibility
    p = np.true_divide(c, c.sum())
    pe = -np.multiply(p, np.log2(p)).sum()
    if normalize:
        factorial = math.factorial(order)
        pe /= np.log2(factorial)
    return pe


def multiscale_permutation_entropy(time_series, m, delay, scale):
    mspe = np.empty(scale)
    for i in range(scale):
        coarse_time_series = util_granulate_time_series(time_series, i + 1)
        mspe[i] = permutation_entropy(coarse_time_series, order=m, delay=delay)
    return mspe


def weighted_permutation_entropy(time_series, order=2, delay=1, normalize=False):
    x = time_delay_embedding(time_series, embedding_dimension=order, delay=delay)

    weights = np.var(x, axis=1)
    sorted_idx = x.argsort(kind="quicksort", axis=1)

    motif_weights = {}
    for weight, indices in zip(weights, sorted_idx):
        motif = tuple(indices)
        if motif in motif_weights:
            motif_weights[motif] += weight
        else:
            motif_weights[motif] = weight

    pw = np.array(list(motif_weights.values()))
    pw /= weights.sum()

    b = np.log2(pw)
    wpe = -np.dot(pw, b)

    if normalize:
        wpe /= np.log2(math.factorial(order))

    return wpe


def composite_multiscale_entropy(time_series, sample_length, scale, tolerance=None):
    if tolerance is None:
        tolerance = 0.1 * np.std(time_series)

    cmse = np.zeros(scale)

    for i in range(scale):
        for j in range(i + 1):
            tmp = util_granulate_time_series(time_series[j:], i + 1)
            se = sample_entropy(tmp, sample_length, tolerance)[-1]
            cmse[i] += se / (i + 1)
    return cmse


# --- biosppy/utils.py ---

def remainderAllocator(votes, k, reverse=True, check=False):

    # check total number of votes
    tot = np.sum(votes)
    if check and k > tot:
        k = tot

    # frequencies
    length = len(votes)
    freqs = np.array(votes, dtype="float") / tot

    # assign items
    aux = k * freqs
    seats = aux.astype("int")

    # leftovers
    nb = k - seats.sum()
    if nb > 0:
        if reverse:
            ind = np.argsort(aux - seats)[::-1]
        else:
            ind = np.argsort(aux - seats)

        for i in range(nb):
            seats[ind[i % length]] += 1

    return seats.tolist()


def highestAveragesAllocator(votes, k, divisor="dHondt", check=False):

    # check total number of cardinals
    tot = np.sum(votes)
    if check and k > tot:
        k = tot

    # select divisor
    if divisor == "dHondt":
        fcn = lambda i: float(i)
    elif divisor == "Huntington-Hill":
        fcn = lambda i: np.sqrt(i * (i + 1.0))
    elif divisor == "Sainte-Lague":
        fcn = lambda i: i - 0.5
    elif divisor == "Imperiali":
        fcn = lambda i: float(i + 1)
    elif divisor == "Danish":
        fcn = lambda i: 3.0 * (i - 1.0) + 1.0
    else:
        raise ValueError("Unknown divisor method.")

    # compute coefficients
    tab = []
    length = len(votes)
    D = [fcn(i) for i in range(1, k + 1)]
    for i in range(length):
        for j in range(k):
            tab.append((i, votes[i] / D[j]))

    # sort
    tab.sort(key=lambda item: item[1], reverse=True)
    tab = tab[:k]
    tab = np.array([item[0] for item in tab], dtype="int")

    seats = np.zeros(length, dtype="int")
    for i in range(length):
        seats[i] = np.sum(tab == i)

    return seats.tolist()


class ReturnTuple(tuple):
    def __new__(cls, values, names=None):

        return tuple.__new__(cls, tuple(values))

    def __init__(self, values, names=None):

        nargs = len(values)

        if names is None:
            # create names
            names = ["_%d" % i for i in range(nargs)]
        else:
            # check length
            if len(names) != nargs:
                raise ValueError("Number of names and values mismatch.")

            # convert to str
            names = list(map(str, names))

            # check for keywords, alphanumeric, digits, repeats
            seen = set()
            for name in names:
                if not all(c.isalnum() or (c == "_") for c in name):
                    raise ValueError(
                        "Names can only contain alphanumeric \
                                      characters and underscores: %r."
                        % name
                    )

                if keyword.iskeyword(name):
                    raise ValueError("Names cannot be a keyword: %r." % name)

                if name[0].isdigit():
                    raise ValueError("Names cannot start with a number: %r." % name)

                if name in seen:
                    raise ValueError("Encountered duplicate name: %r." % name)

                seen.add(name)

        self._names = names

    def as_dict(self):

        return collections.OrderedDict(zip(self._names, self))

    __dict__ = property(as_dict)

    def __getitem__(self, key):

        if isinstance(key, str):
            if key not in self._names:
                raise KeyError("Unknown key: %r." % key)

            key = self._names.index(key)

        return super(ReturnTuple, self).__getitem__(key)

    def __repr__(self):

        tpl = "%s=%r"

        rp = ", ".join(tpl % item for item in zip(self._names, self))

        return "ReturnTuple(%s)" % rp

    def __getnewargs__(self):

        return tuple(self)

    def keys(self):

        return list(self._names)



# --- biosppy/signals/tools.py ---

def _get_window(kernel, size, **kwargs):

    # mimics scipy.signal.get_window
    if kernel in ["blackman", "black", "blk"]:
        winfunc = ss.blackman
    elif kernel in ["triangle", "triang", "tri"]:
        winfunc = ss.triang
    elif kernel in ["hamming", "hamm", "ham"]:
        winfunc = ss.hamming
    elif kernel in ["bartlett", "bart", "brt"]:
        winfunc = ss.bartlett
    elif kernel in ["hanning", "hann", "han"]:
        winfunc = ss.hann
    elif kernel in ["blackmanharris", "blackharr", "bkh"]:
        winfunc = ss.blackmanharris
    elif kernel in ["parzen", "parz", "par"]:
        winfunc = ss.parzen
    elif kernel in ["bohman", "bman", "bmn"]:
        winfunc = ss.bohman
    elif kernel in ["nuttall", "nutl", "nut"]:
        winfunc = ss.nuttall
    elif kernel in ["barthann", "brthan", "bth"]:
        winfunc = ss.barthann
    elif kernel in ["flattop", "flat", "flt"]:
        winfunc = ss.flattop
    elif kernel in ["kaiser", "ksr"]:
        winfunc = ss.kaiser
    elif kernel in ["gaussian", "gauss", "gss"]:
        winfunc = ss.gaussian
    elif kernel in [
        "general gaussian",
        "general_gaussian",
        "general gauss",
        "general_gauss",
        "ggs",
    ]:
        winfunc = ss.general_gaussian
    elif kernel in ["boxcar", "box", "ones", "rect", "rectangular"]:
        winfunc = ss.boxcar
    elif kernel in ["slepian", "slep", "optimal", "dpss", "dss"]:
        winfunc = ss.slepian
    elif kernel in ["cosine", "halfcosine"]:
        winfunc = ss.cosine
    elif kernel in ["chebwin", "cheb"]:
        winfunc = ss.chebwin
    else:
        raise ValueError("Unknown window type.")

    try:
        window = winfunc(size, **kwargs)
    except TypeError as e:
        raise TypeError("Invalid window arguments: %s." % e)

    return window


def smoother(signal=None, kernel="boxzen", size=10, mirror=True, **kwargs):

    # check inputs
    if signal is None:
        raise TypeError("Please specify a signal to smooth.")

    length = len(signal)

    if isinstance(kernel, str):
        # check length
        if size > length:
            size = length - 1

        if size < 1:
            size = 1

        if kernel == "boxzen":
            # hybrid method
            # 1st pass - boxcar kernel
            aux, _ = smoother(signal, kernel="boxcar", size=size, mirror=mirror)

            # 2nd pass - parzen kernel
            smoothed, _ = smoother(aux, kernel="parzen", size=size, mirror=mirror)

            params = {"kernel": kernel, "size": size, "mirror": mirror}

            args = (smoothed, params)
            names = ("signal", "params")

            return ReturnTuple(args, names)

        elif kernel == "median":
            # median filter
            if size % 2 == 0:
                raise ValueError("When the kernel is 'median', size must be odd.")

            smoothed = ss.medfilt(signal, kernel_size=size)

            params = {"kernel": kernel, "size": size, "mirror": mirror}

            args = (smoothed, params)
            names = ("signal", "params")

            return ReturnTuple(args, names)

        else:
            win = _get_window(kernel, size, **kwargs)

    elif isinstance(kernel, np.ndarray):
        win = kernel
        size = len(win)

        # check length
        if size > length:
            raise ValueError("Kernel size is bigger than signal length.")

        if size < 1:
            raise ValueError("Kernel size is smaller than 1.")

    else:
        raise TypeError("Unknown kernel type.")

    # convolve
    w = win / win.sum()
    if mirror:
        aux = np.concatenate(
            (signal[0] * np.ones(size), signal, signal[-1] * np.ones(size))
        )
        smoothed = np.convolve(w, aux, mode="same")
        smoothed = smoothed[size:-size]
    else:
        smoothed = np.convolve(w, signal, mode="same")

    # output
    params = {"kernel": kernel, "size": size, "mirror": mirror}
    params.update(kwargs)

    args = (smoothed, params)
    names = ("signal", "params")

    return ReturnTuple(args, names)


def signal_stats(signal=None):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    # ensure numpy
    signal = np.array(signal)

    # mean
    mean = np.mean(signal)

    # median
    median = np.median(signal)

    # min
    minVal = np.min(signal)

    # max
    maxVal = np.max(signal)

    # maximum amplitude
    maxAmp = np.abs(signal - mean).max()

    # variance
    sigma2 = signal.var(ddof=1)

    # standard deviation
    sigma = signal.std(ddof=1)

    # absolute deviation
    ad = np.mean(np.abs(signal - median))

    # kurtosis
    kurt = stats.kurtosis(signal, bias=False)

    # skweness
    skew = stats.skew(signal, bias=False)

    # output
    args = (mean, median, minVal, maxVal, maxAmp, sigma2, sigma, ad, kurt, skew)
    names = (
        "mean",
        "median",
        "min",
        "max",
        "max_amp",
        "var",
        "std_dev",
        "abs_dev",
        "kurtosis",
        "skewness",
    )

    return ReturnTuple(args, names)


def normalize(signal=None, ddof=1):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    # ensure numpy
    signal = np.array(signal)

    normalized = signal - signal.mean()
    normalized /= normalized.std(ddof=ddof)

    return ReturnTuple((normalized,), ("signal",))


def zero_cross(signal=None, detrend=False):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    if detrend:
        signal = signal - np.mean(signal)

    # zeros
    df = np.diff(np.sign(signal))
    zeros = np.nonzero(np.abs(df) > 0)[0]

    return ReturnTuple((zeros,), ("zeros",))


def find_extrema(signal=None, mode="both"):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    if mode not in ["max", "min", "both"]:
        raise ValueError("Unknwon mode %r." % mode)

    aux = np.diff(np.sign(np.diff(signal)))

    if mode == "both":
        aux = np.abs(aux)
        extrema = np.nonzero(aux > 0)[0] + 1
    elif mode == "max":
        extrema = np.nonzero(aux < 0)[0] + 1
    elif mode == "min":
        extrema = np.nonzero(aux > 0)[0] + 1

    values = signal[extrema]

    return ReturnTuple((extrema, values), ("extrema", "values"))


def windower(
    signal=None,
    size=None,
    step=None,
    fcn=None,
    fcn_kwargs=None,
    kernel="boxcar",
    kernel_kwargs=None,
):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    if fcn is None:
        raise TypeError("Please specify a function to apply to each window.")

    if fcn_kwargs is None:
        fcn_kwargs = {}

    if kernel_kwargs is None:
        kernel_kwargs = {}

    length = len(signal)

    if isinstance(kernel, str):
        # check size
        if size > length:
            raise ValueError("Window size must be smaller than signal length.")

        win = _get_window(kernel, size, **kernel_kwargs)
    elif isinstance(kernel, np.ndarray):
        win = kernel
        size = len(win)

        # check size
        if size > length:
            raise ValueError("Window size must be smaller than signal length.")

    if step is None:
        step = size

    if step <= 0:
        raise ValueError("Step size must be at least 1.")

    # number of windows
    nb = 1 + (length - size) // step

    # check signal dimensionality
    if np.ndim(signal) == 2:
        # time along 1st dim, tile window
        nch = np.shape(signal)[1]
        win = np.tile(np.reshape(win, (size, 1)), nch)

    index = []
    values = []
    for i in range(nb):
        start = i * step
        stop = start + size
        index.append(start)

        aux = signal[start:stop] * win

        # apply function
        out = fcn(aux, **fcn_kwargs)
        values.append(out)

    # transform to numpy
    index = np.array(index, dtype="int")
    values = np.array(values)

    return ReturnTuple((index, values), ("index", "values"))


def synchronize(x=None, y=None, detrend=True):

    # check inputs
    if x is None:
        raise TypeError("Please specify the first input signal.")

    if y is None:
        raise TypeError("Please specify the second input signal.")

    n1 = len(x)
    n2 = len(y)

    if detrend:
        x = x - np.mean(x)
        y = y - np.mean(y)

    # correlate
    corr = np.correlate(x, y, mode="full")
    d = np.arange(-n2 + 1, n1, dtype="int")
    ind = np.argmax(corr)

    delay = d[ind]
    maxCorr = corr[ind]

    # get synchronization overlap
    if delay < 0:
        c = min([n1, len(y[-delay:])])
        synch_x = x[:c]
        synch_y = y[-delay : -delay + c]
    elif delay > 0:
        c = min([n2, len(x[delay:])])
        synch_x = x[delay : delay + c]
        synch_y = y[:c]
    else:
        c = min([n1, n2])
        synch_x = x[:c]
        synch_y = y[:c]

    # output
    args = (delay, maxCorr, synch_x, synch_y)
    names = ("delay", "corr", "synch_x", "synch_y")

    return ReturnTuple(args, names)


def pearson_correlation(x=None, y=None):

    # check inputs
    if x is None:
        raise TypeError("Please specify the first input signal.")

    if y is None:
        raise TypeError("Please specify the second input signal.")

    # ensure numpy
    x = np.array(x)
    y = np.array(y)

    n = len(x)

    if n != len(y):
        raise ValueError("Input signals must have the same length.")

    mx = np.mean(x)
    my = np.mean(y)

    Sxy = np.sum(x * y) - n * mx * my
    Sxx = np.sum(np.power(x, 2)) - n * mx**2
    Syy = np.sum(np.power(y, 2)) - n * my**2

    rxy = Sxy / (np.sqrt(Sxx) * np.sqrt(Syy))

    # avoid propagation of numerical errors
    if rxy > 1.0:
        rxy = 1.0
    elif rxy < -1.0:
        rxy = -1.0

    return ReturnTuple((rxy,), ("rxy",))


def rms_error(x=None, y=None):

    # check inputs
    if x is None:
        raise TypeError("Please specify the first input signal.")

    if y is None:
        raise TypeError("Please specify the second input signal.")

    # ensure numpy
    x = np.array(x)
    y = np.array(y)

    n = len(x)

    if n != len(y):
        raise ValueError("Input signals must have the same length.")

    rmse = np.sqrt(np.mean(np.power(x - y, 2)))

    return ReturnTuple((rmse,), ("rmse",))


def get_heart_rate(beats=None, sampling_rate=1000.0, smooth=False, size=3):

    # check inputs
    if beats is None:
        raise TypeError("Please specify the input beat indices.")

    if len(beats) < 2:
        raise ValueError("Not enough beats to compute heart rate.")

    # compute heart rate
    ts = beats[1:]
    hr = sampling_rate * (60.0 / np.diff(beats))

    # physiological limits
    indx = np.nonzero(np.logical_and(hr >= 40, hr <= 200))
    ts = ts[indx]
    hr = hr[indx]

    # smooth with moving average
    if smooth and (len(hr) > 1):
        hr, _ = smoother(signal=hr, kernel="boxcar", size=size, mirror=True)

    return ReturnTuple((ts, hr), ("index", "heart_rate"))


def finite_difference(signal=None, weights=None):

    # check inputs
    if signal is None:
        raise TypeError("Please specify a signal to differentiate.")

    if weights is None:
        raise TypeError("Please specify the weight coefficients.")

    N = len(weights)
    if N % 2 == 0:
        raise ValueError("Number of weights must be odd.")

    # diff
    weights = weights[::-1]
    derivative = ss.lfilter(weights, [1], signal)

    # trim delay
    D = N - 1
    D2 = D // 2

    index = np.arange(D2, len(signal) - D2, dtype="int")
    derivative = derivative[D:]

    return ReturnTuple((index, derivative), ("index", "derivative"))


def _init_dist_profile(m, n, signal):

    # compute signal stats
    csumx = np.zeros(n + 1, dtype="float")
    csumx[1:] = np.cumsum(signal)
    sumx = csumx[m:] - csumx[:-m]

    csumx2 = np.zeros(n + 1, dtype="float")
    csumx2[1:] = np.cumsum(np.power(signal, 2))
    sumx2 = csumx2[m:] - csumx2[:-m]

    meanx = sumx / m
    sigmax2 = (sumx2 / m) - np.power(meanx, 2)
    sigma = np.sqrt(sigmax2)

    # append zeros
    x = np.concatenate((signal, np.zeros(n, dtype="float")))

    # compute FFT
    X = np.fft.fft(x)

    return X, sigma


def _ditance_profile(m, n, query, X, sigma):

    # normalize query
    q = (query - np.mean(query)) / np.std(query)

    # reverse query and append zeros
    y = np.concatenate((q[::-1], np.zeros(2 * n - m, dtype="float")))

    # compute dot products fast
    Y = np.fft.fft(y)
    Z = X * Y
    z = np.fft.ifft(Z)
    z = z[m - 1 : n]

    # compute distances (z-normalized squared euclidean distance)
    dist = 2 * m * (1 - z / (m * sigma))

    return dist


def distance_profile(query=None, signal=None, metric="euclidean"):

    # check inputs
    if query is None:
        raise TypeError("Please specify the input query sequence.")

    if signal is None:
        raise TypeError("Please specify the input time series signal.")

    if metric not in ["euclidean", "pearson"]:
        raise ValueError("Unknown distance metric.")

    # ensure numpy
    query = np.array(query)
    signal = np.array(signal)

    m = len(query)
    n = len(signal)
    if m > n / 2:
        raise ValueError("Time series signal is too short relative to" " query length.")

    # get initial signal stats
    X, sigma = _init_dist_profile(m, n, signal)

    # compute distance profile
    dist = _ditance_profile(m, n, query, X, sigma)

    if metric == "pearson":
        dist = 1 - np.abs(dist) / (2 * m)
    elif metric == "euclidean":
        dist = np.abs(np.sqrt(dist))

    return ReturnTuple((dist,), ("dist",))


def signal_self_join(signal=None, size=None, index=None, limit=None):

    # check inputs
    if signal is None:
        raise TypeError("Please specify the input time series signal.")

    if size is None:
        raise TypeError("Please specify the sub-sequence size.")

    # ensure numpy
    signal = np.array(signal)

    n = len(signal)
    if size > n / 2:
        raise ValueError(
            "Time series signal is too short relative to desired"
            " sub-sequence length."
        )

    if size < 4:
        raise ValueError("Sub-sequence length must be at least 4.")

    # matrix profile length
    nb = n - size + 1

    # get search index
    if index is None:
        index = np.random.permutation(np.arange(nb, dtype="int"))
    else:
        index = np.array(index)
        if not np.all(index < nb):
            raise ValueError("Provided `index` exceeds allowable sub-sequences.")

    # limit search
    if limit is not None:
        if limit < 1:
            raise ValueError("Search limit must be at least 1.")

        index = index[:limit]

    # exclusion zone (to avoid query self-matches)
    ezone = int(round(size / 4))

    # initialization
    matrix_profile = np.inf * np.ones(nb, dtype="float")
    matrix_index = np.zeros(nb, dtype="int")

    X, sigma = _init_dist_profile(size, n, signal)

    # compute matrix profile
    for idx in index:
        # compute distance profile
        query = signal[idx : idx + size]
        dist = _ditance_profile(size, n, query, X, sigma)
        dist = np.abs(np.sqrt(dist))  # to have euclidean distance

        # apply exlusion zone
        a = max([0, idx - ezone])
        b = min([nb, idx + ezone + 1])
        dist[a:b] = np.inf

        # find nearest neighbors
        pos = dist < matrix_profile
        matrix_profile[pos] = dist[pos]
        matrix_index[pos] = idx

        # account for exlusion zone
        neighbor = np.argmin(dist)
        matrix_profile[idx] = dist[neighbor]
        matrix_index[idx] = neighbor

    # output
    args = (matrix_index, matrix_profile)
    names = ("matrix_index", "matrix_profile")

    return ReturnTuple(args, names)


def mean_waves(data=None, size=None, step=None):

    # check inputs
    if data is None:
        raise TypeError("Please specify an input data set.")

    if size is None:
        raise TypeError("Please specify the number of samples for the mean.")

    if step is None:
        step = size

    if step < 0:
        raise ValueError("The step must be a positive integer.")

    # number of waves
    L = len(data) - size
    nb = 1 + L // step
    if nb <= 0:
        raise ValueError("Not enough samples for the given `size`.")

    # compute
    waves = [np.mean(data[i : i + size], axis=0) for i in range(0, L + 1, step)]
    waves = np.array(waves)

    return ReturnTuple((waves,), ("waves",))


def median_waves(data=None, size=None, step=None):

    # check inputs
    if data is None:
        raise TypeError("Please specify an input data set.")

    if size is None:
        raise TypeError("Please specify the number of samples for the median.")

    if step is None:
        step = size

    if step < 0:
        raise ValueError("The step must be a positive integer.")

    # number of waves
    L = len(data) - size
    nb = 1 + L // step
    if nb <= 0:
        raise ValueError("Not enough samples for the given `size`.")

    # compute
    waves = [np.median(data[i : i + size], axis=0) for i in range(0, L + 1, step)]
    waves = np.array(waves)

    return ReturnTuple((waves,), ("waves",))


def band_power(freqs=None, power=None, frequency=None, decibel=True):

    # check inputs
    if freqs is None:
        raise TypeError("Please specify the 'freqs' array.")

    if power is None:
        raise TypeError("Please specify the input power spectrum.")

    if len(freqs) != len(power):
        raise ValueError(
            "The input 'freqs' and 'power' arrays must have the same length."
        )

    if frequency is None:
        raise TypeError("Please specify the band frequencies.")

    try:
        f1, f2 = frequency
    except ValueError:
        raise ValueError("Input 'frequency' must be a pair of frequencies.")

    # make frequencies sane
    if f1 > f2:
        f1, f2 = f2, f1

    if f1 < freqs[0]:
        f1 = freqs[0]
    if f2 > freqs[-1]:
        f2 = freqs[-1]

    # average
    sel = np.nonzero(np.logical_and(f1 <= freqs, freqs <= f2))[0]

    if decibel:
        aux = 10 ** (power / 10.0)
        avg = np.mean(aux[sel])
        avg = 10.0 * np.log10(avg)
    else:
        avg = np.mean(power[sel])

    return ReturnTuple((avg,), ("avg_power",))


# --- biosppy/signals/ecg.py ---

def _extract_heartbeats(signal=None, rpeaks=None, before=200, after=400):

    R = np.sort(rpeaks)
    length = len(signal)
    templates = []
    newR = []

    for r in R:
        a = r - before
        if a < 0:
            continue
        b = r + after
        if b > length:
            break
        templates.append(signal[a:b])
        newR.append(r)

    templates = np.array(templates)
    newR = np.array(newR, dtype="int")

    return templates, newR


def correct_rpeaks(signal=None, rpeaks=None, sampling_rate=1000.0, tol=0.05):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    if rpeaks is None:
        raise TypeError("Please specify the input R-peaks.")

    tol = int(tol * sampling_rate)
    length = len(signal)

    newR = []
    for r in rpeaks:
        a = r - tol
        if a < 0:
            continue
        b = r + tol
        if b > length:
            break
        newR.append(a + np.argmax(signal[a:b]))

    newR = sorted(list(set(newR)))
    newR = np.array(newR, dtype="int")

    return ReturnTuple((newR,), ("rpeaks",))


def ssf_segmenter(
    signal=None, sampling_rate=1000.0, threshold=20, before=0.03, after=0.01
):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    # convert to samples
    winB = int(before * sampling_rate)
    winA = int(after * sampling_rate)

    Rset = set()
    length = len(signal)

    # diff
    dx = np.diff(signal)
    dx[dx >= 0] = 0
    dx = dx**2

    # detection
    (idx,) = np.nonzero(dx > threshold)
    idx0 = np.hstack(([0], idx))
    didx = np.diff(idx0)

    # search
    sidx = idx[didx > 1]
    for item in sidx:
        a = item - winB
        if a < 0:
            a = 0
        b = item + winA
        if b > length:
            continue

        r = np.argmax(signal[a:b]) + a
        Rset.add(r)

    # output
    rpeaks = list(Rset)
    rpeaks.sort()
    rpeaks = np.array(rpeaks, dtype="int")

    return ReturnTuple((rpeaks,), ("rpeaks",))


def gamboa_segmenter(signal=None, sampling_rate=1000.0, tol=0.002):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    # convert to samples
    v_100ms = int(0.1 * sampling_rate)
    v_300ms = int(0.3 * sampling_rate)
    hist, edges = np.histogram(signal, 100, density=True)

    TH = 0.01
    F = np.cumsum(hist)

    v0 = edges[np.nonzero(F > TH)[0][0]]
    v1 = edges[np.nonzero(F < (1 - TH))[0][-1]]

    nrm = max([abs(v0), abs(v1)])
    norm_signal = signal / float(nrm)

    d2 = np.diff(norm_signal, 2)

    b = np.nonzero((np.diff(np.sign(np.diff(-d2)))) == -2)[0] + 2
    b = np.intersect1d(b, np.nonzero(-d2 > tol)[0])

    if len(b) < 3:
        rpeaks = []
    else:
        b = b.astype("float")
        rpeaks = []
        previous = b[0]
        for i in b[1:]:
            if i - previous > v_300ms:
                previous = i
                rpeaks.append(np.argmax(signal[int(i) : int(i + v_100ms)]) + i)

    rpeaks = sorted(list(set(rpeaks)))
    rpeaks = np.array(rpeaks, dtype="int")

    return ReturnTuple((rpeaks,), ("rpeaks",))


def bSQI(detector_1, detector_2, fs=1000.0, mode="simple", search_window=150):

    if detector_1 is None or detector_2 is None:
        raise TypeError("Input Error, check detectors outputs")
    search_window = int(search_window / 1000 * fs)
    both = 0
    for i in detector_1:
        for j in range(max([0, i - search_window]), i + search_window):
            if j in detector_2:
                both += 1
                break

    if mode == "simple":
        return (both / len(detector_1)) * 100
    elif mode == "matching":
        return (2 * both) / (len(detector_1) + len(detector_2))
    elif mode == "n_double":
        return both / (len(detector_1) + len(detector_2) - both)


def sSQI(signal):
    if signal is None:
        raise TypeError("Please specify an input signal")

    return stats.skew(signal)


def kSQI(signal, fisher=True):

    if signal is None:
        raise TypeError("Please specify an input signal")

    return stats.kurtosis(signal, fisher=fisher)


def pSQI(signal, f_thr=0.01):

    if signal is None:
        raise TypeError("Please specify an input signal")

    diff = np.diff(signal)
    length = len(diff)

    flatline = np.where(abs(diff) < f_thr)[0]

    return (len(flatline) / length) * 100


# --- biosppy/signals/eda.py ---

def basic_scr(signal=None, sampling_rate=1000.0):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    # find extrema
    pi, _ = find_extrema(signal=signal, mode="max")
    ni, _ = find_extrema(signal=signal, mode="min")

    # sanity check
    if len(pi) == 0 or len(ni) == 0:
        raise ValueError("Could not find SCR pulses.")

    # pair vectors
    if ni[0] > pi[0]:
        ni = ni[1:]
    if pi[-1] < ni[-1]:
        pi = pi[:-1]
    if len(pi) > len(ni):
        pi = pi[:-1]

    li = min(len(pi), len(ni))
    i1 = pi[:li]
    i3 = ni[:li]

    # indices
    i0 = np.array((i1 + i3) / 2.0, dtype=int)
    if i0[0] < 0:
        i0[0] = 0

    # amplitude
    a = signal[i0] - signal[i3]

    # output
    args = (i3, i0, a)
    names = ("onsets", "peaks", "amplitudes")

    return ReturnTuple(args, names)


# --- biosppy/signals/emg.py ---

def find_onsets(signal=None, sampling_rate=1000., size=0.05, threshold=None):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    # full-wave rectification
    fwlo = np.abs(signal)

    # smooth
    size = int(sampling_rate * size)
    mvgav, _ = smoother(signal=fwlo,
                           kernel='boxzen',
                           size=size,
                           mirror=True)

    # threshold
    if threshold is None:
        aux = np.abs(mvgav)
        threshold = 1.2 * np.mean(aux) + 2.0 * np.std(aux, ddof=1)

    # find onsets
    length = len(signal)
    start = np.nonzero(mvgav > threshold)[0]
    stop = np.nonzero(mvgav <= threshold)[0]

    onsets = np.union1d(np.intersect1d(start - 1, stop),
                        np.intersect1d(start + 1, stop))

    if np.any(onsets):
        if onsets[-1] >= length:
            onsets[-1] = length - 1

    return ReturnTuple((onsets,), ('onsets',))


def hodges_bui_onset_detector(signal=None, rest=None, sampling_rate=1000.,
                              size=None, threshold=None):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    if rest is None:
        raise TypeError("Please specidy rest parameters.")

    if size is None:
        raise TypeError("Please specify the detection window size.")

    if threshold is None:
        raise TypeError("Please specify the detection threshold.")

    # gather statistics on rest signal
    if isinstance(rest, np.ndarray) or isinstance(rest, list):
        # if the input parameter is a numpy array or a list
        if len(rest) >= 2:
            # first ensure numpy
            rest = np.array(rest)
            if len(rest) == 2:
                # the rest signal is a segment of the signal
                rest_signal = signal[rest[0]:rest[1]]
            else:
                # the rest signal is provided as is
                rest_signal = rest
            rest_zero_mean = rest_signal - np.mean(rest_signal)
            statistics = signal_stats(signal=rest_zero_mean)
            mean_rest = statistics['mean']
            std_dev_rest = statistics['std_dev']
        else:
            raise TypeError("Please specify the rest analysis.")
    elif isinstance(rest, dict):
        # if the input is a dictionary
        mean_rest = rest['mean']
        std_dev_rest = rest['std_dev']
    else:
        raise TypeError("Please specify the rest analysis.")

    # subtract baseline offset
    signal_zero_mean = signal - np.mean(signal)

    # full-wave rectification
    fwlo = np.abs(signal_zero_mean)

    # moving average
    mvgav = np.convolve(fwlo, np.ones((size,))/size, mode='valid')

    # calculate the test function
    tf = (1 / std_dev_rest) * (mvgav - mean_rest)

    # find onsets
    length = len(signal)
    start = np.nonzero(tf >= threshold)[0]
    stop = np.nonzero(tf < threshold)[0]

    onsets = np.union1d(np.intersect1d(start - 1, stop),
                        np.intersect1d(start + 1, stop))

    # adjust indices because of moving average
    onsets += int(size / 2)

    if np.any(onsets):
        if onsets[-1] >= length:
            onsets[-1] = length - 1

    return ReturnTuple((onsets, tf), ('onsets', 'processed'))


def bonato_onset_detector(signal=None, rest=None, sampling_rate=1000.,
                          threshold=None, active_state_duration=None,
                          samples_above_fail=None, fail_size=None):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    if rest is None:
        raise TypeError("Please specidy rest parameters.")

    if threshold is None:
        raise TypeError("Please specify the detection threshold.")

    if active_state_duration is None:
        raise TypeError("Please specify the mininum duration of the "
                        "active state.")

    if samples_above_fail is None:
        raise TypeError("Please specify the number of samples above the "
                        "threshold level in a group of successive samples.")

    if fail_size is None:
        raise TypeError("Please specify the number of successive samples.")

    # gather statistics on rest signal
    if isinstance(rest, np.ndarray) or isinstance(rest, list):
        # if the input parameter is a numpy array or a list
        if len(rest) >= 2:
            # first ensure numpy
            rest = np.array(rest)
            if len(rest) == 2:
                # the rest signal is a segment of the signal
                rest_signal = signal[rest[0]:rest[1]]
            else:
                # the rest signal is provided as is
                rest_signal = rest
            rest_zero_mean = rest_signal - np.mean(rest_signal)
            statistics = signal_stats(signal=rest_zero_mean)
            var_rest = statistics['var']
        else:
            raise TypeError("Please specify the rest analysis.")
    elif isinstance(rest, dict):
        # if the input is a dictionary
        var_rest = rest['var']
    else:
        raise TypeError("Please specify the rest analysis.")

    # subtract baseline offset
    signal_zero_mean = signal - np.mean(signal)

    tf_list = []
    onset_time_list = []
    offset_time_list = []
    alarm_time = 0
    state_duration = 0
    j = 0
    n = 0
    onset = False
    alarm = False
    for k in range(1, len(signal_zero_mean), 2):  # odd values only
        # calculate the test function
        tf = (1 / var_rest) * (signal_zero_mean[k-1]**2 + signal_zero_mean[k]**2)
        tf_list.append(tf)
        if onset is True:
            if alarm is False:
                if tf < threshold:
                    alarm_time = k // 2
                    alarm = True
            else:  # now we have to check for the remaining rule to me bet - duration of inactive state
                if tf < threshold:
                    state_duration += 1
                    if j > 0:  # there was one (or more) samples above the threshold level but now one is bellow it
                        # the test function may go above the threshold , but each time not longer than j samples
                        n += 1
                        if n == samples_above_fail:
                            n = 0
                            j = 0
                    if state_duration == active_state_duration:
                        offset_time_list.append(alarm_time)
                        onset = False
                        alarm = False
                        n = 0
                        j = 0
                        state_duration = 0
                else:  # sample falls below the threshold level
                    j += 1
                    if j > fail_size:
                        # the inactive state is above the threshold for longer than the predefined number of samples
                        alarm = False
                        n = 0
                        j = 0
                        state_duration = 0
        else:  # we only look for another onset if a previous offset was detected
            if alarm is False:  # if the alarm time has not yet been identified
                if tf >= threshold:  # alarm time
                    alarm_time = k // 2
                    alarm = True
            else:  # now we have to check for the remaining rule to me bet - duration of active state
                if tf >= threshold:
                    state_duration += 1
                    if j > 0:  # there was one (or more) samples below the threshold level but now one is above it.
                        # a total of n samples must be above it
                        n += 1
                        if n == samples_above_fail:
                            n = 0
                            j = 0
                    if state_duration == active_state_duration:
                        onset_time_list.append(alarm_time)
                        onset = True
                        alarm = False
                        n = 0
                        j = 0
                        state_duration = 0
                else:  # sample falls below the threshold level
                    j += 1
                    if j > fail_size:
                        # the active state has fallen below the threshold for longer than the predefined number of samples
                        alarm = False
                        n = 0
                        j = 0
                        state_duration = 0

    onsets = np.union1d(onset_time_list,
                        offset_time_list)

    # adjust indices because of odd numbers
    onsets *= 2

    return ReturnTuple((onsets, tf_list), ('onsets', 'processed'))


def solnik_onset_detector(signal=None, rest=None, sampling_rate=1000.,
                          threshold=None, active_state_duration=None):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    if rest is None:
        raise TypeError("Please specidy rest parameters.")

    if threshold is None:
        raise TypeError("Please specify the scale factor for calculating the "
                        "detection threshold.")

    if active_state_duration is None:
        raise TypeError("Please specify the mininum duration of the "
                        "active state.")

    # gather statistics on rest signal
    if isinstance(rest, np.ndarray) or isinstance(rest, list):
        # if the input parameter is a numpy array or a list
        if len(rest) >= 2:
            # first ensure numpy
            rest = np.array(rest)
            if len(rest) == 2:
                # the rest signal is a segment of the signal
                rest_signal = signal[rest[0]:rest[1]]
            else:
                # the rest signal is provided as is
                rest_signal = rest
            rest_zero_mean = rest_signal - np.mean(rest_signal)
            statistics = signal_stats(signal=rest_zero_mean)
            mean_rest = statistics['mean']
            std_dev_rest = statistics['std_dev']
        else:
            raise TypeError("Please specify the rest analysis.")
    elif isinstance(rest, dict):
        # if the input is a dictionary
        mean_rest = rest['mean']
        std_dev_rest = rest['std_dev']
    else:
        raise TypeError("Please specify the rest analysis.")

    # subtract baseline offset
    signal_zero_mean = signal - np.mean(signal)

    # calculate threshold
    threshold = mean_rest + threshold * std_dev_rest

    tf_list = []
    onset_time_list = []
    offset_time_list = []
    alarm_time = 0
    state_duration = 0
    onset = False
    alarm = False
    for k in range(1, len(signal_zero_mean)-1):
        # calculate the test function
        # Teager-Kaiser energy operator
        tf = signal_zero_mean[k]**2 - signal_zero_mean[k+1] * signal_zero_mean[k-1]
        # full-wave rectification
        tf = np.abs(tf)
        tf_list.append(tf)
        if onset is True:
            # an onset was previously detected and we are looking for the offset time, applying the same criteria
            if alarm is False:  # if the alarm time has not yet been identified
                if tf < threshold:  # alarm time
                    alarm_time = k
                    alarm = True
            else:  # now we have to check for the remaining rule to me bet - duration of inactive state
                if tf < threshold:
                    state_duration += 1
                    if state_duration == active_state_duration:
                        offset_time_list.append(alarm_time)
                        onset = False
                        alarm = False
                        state_duration = 0
        else:  # we only look for another onset if a previous offset was detected
            if alarm is False:  # if the alarm time has not yet been identified
                if tf >= threshold:  # alarm time
                    alarm_time = k
                    alarm = True
            else:  # now we have to check for the remaining rule to me bet - duration of active state
                if tf >= threshold:
                    state_duration += 1
                    if state_duration == active_state_duration:
                        onset_time_list.append(alarm_time)
                        onset = True
                        alarm = False
                        state_duration = 0

    onsets = np.union1d(onset_time_list,
                        offset_time_list)

    return ReturnTuple((onsets, tf_list), ('onsets', 'processed'))


def silva_onset_detector(signal=None, sampling_rate=1000.,
                         size=None, threshold_size=None, threshold=None):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    if size is None:
        raise TypeError("Please specify the detection window size.")

    if threshold_size is None:
        raise TypeError("Please specify the window size for calculation of "
                        "the adaptive threshold.")

    if threshold_size <= size:
        raise TypeError("The window size for calculation of the adaptive "
                        "threshold must be bigger than the detection "
                        "window size")

    if threshold is None:
        raise TypeError("Please specify the fixed threshold for the "
                        "double criteria.")

    # subtract baseline offset
    signal_zero_mean = signal - np.mean(signal)

    # full-wave rectification
    fwlo = np.abs(signal_zero_mean)

    # moving average for calculating the test function
    tf_mvgav = np.convolve(fwlo, np.ones((size,)) / size, mode='valid')

    # moving average for calculating the adaptive threshold
    threshold_mvgav = np.convolve(fwlo, np.ones((threshold_size,)) / threshold_size, mode='valid')

    onset_time_list = []
    offset_time_list = []
    onset = False
    for k in range(0, len(threshold_mvgav)):
        if onset is True:
            # an onset was previously detected and we are looking for the offset time, applying the same criteria
            if tf_mvgav[k] < threshold_mvgav[k] and tf_mvgav[k] < threshold:
                offset_time_list.append(k)
                onset = False  # the offset has been detected, and we can look for another activation
        else:  # we only look for another onset if a previous offset was detected
            if tf_mvgav[k] >= threshold_mvgav[k] and tf_mvgav[k] >= threshold:
                # the first index of the sliding window is used as an estimate for the onset time (simple post-processor)
                onset_time_list.append(k)
                onset = True

    onsets = np.union1d(onset_time_list,
                        offset_time_list)

    # adjust indices because of moving average
    onsets += int(size / 2)

    return ReturnTuple((onsets, tf_mvgav), ('onsets', 'processed'))


# --- biosppy/signals/abp.py ---

def find_onsets_zong2003(
    signal=None,
    sampling_rate=1000.0,
    sm_size=None,
    size=None,
    alpha=2.0,
    wrange=None,
    d1_th=0,
    d2_th=None,
):

    # check inputs
    if signal is None:
        raise TypeError("Please specify an input signal.")

    # parameters
    sm_size = 0.25 if not sm_size else sm_size
    sm_size = int(sm_size * sampling_rate)
    size = 5 if not size else size
    size = int(size * sampling_rate)
    wrange = 0.1 if not wrange else wrange
    wrange = int(wrange * sampling_rate)
    d2_th = 0.15 if not d2_th else d2_th
    d2_th = int(d2_th * sampling_rate)

    length = len(signal)

    # slope sum function
    dy = np.diff(signal)
    dy[dy < 0] = 0

    ssf, _ = smoother(signal=dy, kernel="boxcar", size=sm_size, mirror=True)

    # main loop
    start = 0
    stop = size
    if stop > length:
        stop = length

    idx = []

    while True:
        sq = np.copy(signal[start:stop])
        sq -= sq.mean()
        # sq = sq[1:]
        ss = 25 * ssf[start:stop]
        sss = 100 * np.diff(ss)
        sss[sss < 0] = 0
        sss = sss - alpha * np.mean(sss)

        # find maxima
        pk, pv = find_extrema(signal=sss, mode="max")
        pk = pk[np.nonzero(pv > 0)]
        pk += wrange
        dpidx = pk

        # analyze between maxima of 2nd derivative of ss
        detected = False
        for i in range(1, len(dpidx) + 1):
            try:
                v, u = dpidx[i - 1], dpidx[i]
            except IndexError:
                v, u = dpidx[-1], -1

            s = sq[v:u]
            Mk, Mv = find_extrema(signal=s, mode="max")
            mk, mv = find_extrema(signal=s, mode="min")

            try:
                M = Mk[np.argmax(Mv)]
                m = mk[np.argmax(mv)]
            except ValueError:
                continue

            if (s[M] - s[m] > d1_th) and (m - M > d2_th):
                idx += [v + start]
                detected = True

        # next round continues from previous detected beat
        if detected:
            start = idx[-1] + wrange
        else:
            start += size

        # stop condition
        if start > length:
            break

        # update stop
        stop += size
        if stop > length:
            stop = length

    idx = np.array(idx, dtype="int")

    return ReturnTuple((idx,), ("onsets",))


# --- biosppy/signals/pcg.py ---

def get_avg_heart_rate(envelope=None, sampling_rate=1000.):

    # check inputs
    if envelope is None:
        raise TypeError("Please specify the signal's homomorphic envelope.")

    autocorrelation = np.correlate(envelope,envelope,mode='full')
    autocorrelation = autocorrelation[(autocorrelation.size)//2:]

    min_index = int(0.3*sampling_rate)
    max_index = int(1.5*sampling_rate)

    index = np.argmax(autocorrelation[min_index-1:max_index-1])
    true_index = index+min_index-1
    heartRate = 60/(true_index/sampling_rate)

    max_sys_duration = int(np.round(((60/heartRate)*sampling_rate)/2))
    min_sys_duration = int(np.round(0.2*sampling_rate))

    pos = np.argmax(autocorrelation[min_sys_duration-1:max_sys_duration-1])
    systolicTimeInterval = (min_sys_duration+pos)/sampling_rate

    return ReturnTuple((heartRate,systolicTimeInterval),
                             ('heart_rate','systolic_time_interval'))


def identify_heart_sounds(beats = None, sampling_rate = 1000.):

    one_peak_ahead = np.roll(beats, -1)

    SS_intervals = (one_peak_ahead[0:-1] - beats[0:-1]) / sampling_rate

    # Initialize the vector to store the classification of the peaks:
    classification = np.zeros(len(beats))

    # Classify the peaks.
    # Terrible algorithm, but good enough for now
    for i in range(1,len(beats)-1):
        if SS_intervals[i-1] > SS_intervals[i]:
            classification[i] = 0
        else:
            classification[i] = 1
    classification[0] = int(not(classification[1]))
    classification[-1] = int(not(classification[-2]))

    classification += 1

    return ReturnTuple((classification,), ('heart_sounds',))


# --- the inputs ---


def _x(rng, n=20):
    return rng.normal(size=n)


def _ecg(rng, fs_n=120):
    """40 Hz, 120 samples: baseline noise and four spikes at fixed places with random heights."""
    x = rng.normal(size=fs_n) * 0.02
    for p in (15, 45, 76, 105):
        h = rng.uniform(0.9, 1.2)
        x[p - 1] += 0.4 * h
        x[p] += h
        x[p + 1] += 0.3 * h
        x[p + 2] -= 0.2 * h
    return x


def _emg(rng):
    """100 Hz, 80 samples: rest noise, a burst at samples 30 to 60."""
    x = rng.normal(size=80) * 0.05
    x[30:60] = rng.normal(size=30)
    return x


def _abp(rng):
    """20 Hz, 100 samples: a pulse every 16 samples, a fast rise and a slow decay, in noise."""
    beat = np.hstack((np.linspace(0.0, 1.0, 4), np.exp(-np.arange(1, 13) / 4.0)))
    return 80.0 + 40.0 * np.tile(beat, 7)[:100] + rng.normal(size=100) * 0.5


def _scr(rng):
    t = np.arange(40) / 40.0
    return np.sin(2 * np.pi * 3 * t) + 0.3 * np.sin(2 * np.pi * 7 * t) + rng.normal(size=40) * 0.01


def _beats(rng):
    """Beat indices at 100 Hz: intervals of 70 to 90 samples, one of 20 (300 bpm, outside the limits)."""
    d = rng.integers(70, 90, size=8)
    d[4] = 20
    return np.cumsum(np.hstack(([10], d)))


def _votes(rng):
    return rng.integers(1, 30, size=4)


def _shifted(rng, k):
    x = rng.normal(size=30)
    return x, x[k:k + 24] + rng.normal(size=24) * 0.01


def _detectors(rng):
    d1 = np.array([15, 45, 76, 105])
    return d1, d1 + rng.integers(-2, 3, size=4) * np.array([1, 1, 1, 0]) + np.array([0, 0, 0, 9])


CASES = [
    # pyEntropy
    case(time_delay_embedding, lambda rng: (_x(rng), 3, 2), PE("time_delay_embedding", "order 3, delay 2")),
    case(util_pattern_space, lambda rng: (_x(rng), 2, 3), PE("util_pattern_space", "lag 2, dim 3")),
    case(util_granulate_time_series, lambda rng: (_x(rng), 3), PE("util_granulate_time_series", "scale 3: 20 samples to 6")),
    case(util_granulate_time_series, lambda rng: ([np.float64(v) for v in _x(rng, 12)], 4), PE("util_granulate_time_series", "a list of np.float64: np.array(time_series)"), name="pyentrp_biosppy.util_granulate_time_series_list"),
    case(shannon_entropy, lambda rng: (rng.integers(0, 4, size=20),), PE("shannon_entropy", "20 integers in [0, 4): np.unique counts")),
    case(shannon_entropy, lambda rng: ("AACGTTAGCAGGT",), PE("shannon_entropy", "a string: collections.Counter"), name="pyentrp_biosppy.shannon_entropy_str"),
    case(sample_entropy, lambda rng: (_x(rng), 2), PE("sample_entropy", "sample_length 2, tolerance 0.1 * std")),
    case(sample_entropy, lambda rng: (_x(rng), 3, 0.5), PE("sample_entropy", "sample_length 3, tolerance 0.5"), name="pyentrp_biosppy.sample_entropy_tolerance"),
    case(multiscale_entropy, lambda rng: (_x(rng), 2, 0.5, 2), PE("multiscale_entropy", "tolerance 0.5, maxscale 2")),
    case(permutation_entropy, lambda rng: (_x(rng), 3, 1), PE("permutation_entropy", "order 3, delay 1")),
    case(permutation_entropy, lambda rng: (_x(rng), 4, 2, True), PE("permutation_entropy", "order 4, delay 2, normalize"), name="pyentrp_biosppy.permutation_entropy_normalized"),
    case(permutation_entropy, lambda rng: ([4, 7, 9, 10, 6, 11, 3], 2), PE("permutation_entropy", "the docstring's example: a list of ints, order 2"), name="pyentrp_biosppy.permutation_entropy_docstring"),
    case(multiscale_permutation_entropy, lambda rng: (_x(rng), 3, 1, 2), PE("multiscale_permutation_entropy", "order 3, delay 1, scale 2")),
    case(weighted_permutation_entropy, lambda rng: (_x(rng), 2, 1), PE("weighted_permutation_entropy", "order 2, delay 1")),
    case(weighted_permutation_entropy, lambda rng: (_x(rng), 3, 1, True), PE("weighted_permutation_entropy", "order 3, normalize"), name="pyentrp_biosppy.weighted_permutation_entropy_normalized"),
    case(composite_multiscale_entropy, lambda rng: (_x(rng), 2, 2, 0.5), PE("composite_multiscale_entropy", "sample_length 2, scale 2, tolerance 0.5")),
    # BioSPPy: utils.py
    case(remainderAllocator, lambda rng: (_votes(rng), 10), BS("utils.py", "remainderAllocator", "4 parties, 10 seats")),
    case(remainderAllocator, lambda rng: (_votes(rng), 10, False), BS("utils.py", "remainderAllocator", "reverse=False"), name="pyentrp_biosppy.remainderAllocator_forward"),
    case(remainderAllocator, lambda rng: (np.array([1, 2, 0, 1]), 10, True, True), BS("utils.py", "remainderAllocator", "check=True, 4 votes for 10 seats: k = tot"), name="pyentrp_biosppy.remainderAllocator_check"),
    case(highestAveragesAllocator, lambda rng: (_votes(rng), 7), BS("utils.py", "highestAveragesAllocator", "d'Hondt, 7 seats")),
    case(highestAveragesAllocator, lambda rng: (_votes(rng), 7, "Sainte-Lague"), BS("utils.py", "highestAveragesAllocator", "Sainte-Lague"), name="pyentrp_biosppy.highestAveragesAllocator_sainte_lague"),
    case(highestAveragesAllocator, lambda rng: (_votes(rng), 7, "Huntington-Hill"), BS("utils.py", "highestAveragesAllocator", "Huntington-Hill: np.sqrt in the lambda"), name="pyentrp_biosppy.highestAveragesAllocator_huntington_hill"),
    # BioSPPy: signals/tools.py
    case(_get_window, lambda rng: ("parzen", 7), BS("signals/tools.py", "_get_window", "'parzen', 7: no array argument")),
    case(smoother, lambda rng: (_x(rng, 30), "boxcar", 5), BS("signals/tools.py", "smoother", "boxcar of 5, mirrored")),
    case(smoother, lambda rng: (_x(rng, 30), "boxzen", 5), BS("signals/tools.py", "smoother", "boxzen: two calls of itself"), name="pyentrp_biosppy.smoother_boxzen"),
    case(smoother, lambda rng: (_x(rng, 30), rng.uniform(0.5, 1.0, size=5)), BS("signals/tools.py", "smoother", "a kernel given as an array"), name="pyentrp_biosppy.smoother_array_kernel"),
    case(smoother, lambda rng: (_x(rng, 30), "hamming", 5, False), BS("signals/tools.py", "smoother", "hamming, mirror=False"), name="pyentrp_biosppy.smoother_no_mirror"),
    case(smoother, lambda rng: (_x(rng, 6), "boxcar", 10), BS("signals/tools.py", "smoother", "size 10 > 6 samples: size = length - 1"), name="pyentrp_biosppy.smoother_short"),
    case(signal_stats, lambda rng: (_x(rng, 30),), BS("signals/tools.py", "signal_stats", "scipy.stats' kurtosis and skew")),
    case(normalize, lambda rng: (_x(rng),), BS("signals/tools.py", "normalize")),
    case(normalize, lambda rng: (_x(rng), 0), BS("signals/tools.py", "normalize", "ddof=0"), name="pyentrp_biosppy.normalize_ddof0"),
    case(zero_cross, lambda rng: (_x(rng),), BS("signals/tools.py", "zero_cross")),
    case(zero_cross, lambda rng: (_x(rng) + 0.3, True), BS("signals/tools.py", "zero_cross", "detrend=True"), name="pyentrp_biosppy.zero_cross_detrend"),
    case(find_extrema, lambda rng: (_x(rng),), BS("signals/tools.py", "find_extrema", "mode='both'")),
    case(find_extrema, lambda rng: (_x(rng), "max"), BS("signals/tools.py", "find_extrema", "mode='max'"), name="pyentrp_biosppy.find_extrema_max"),
    case(find_extrema, lambda rng: (_x(rng), "min"), BS("signals/tools.py", "find_extrema", "mode='min'"), name="pyentrp_biosppy.find_extrema_min"),
    case(windower, lambda rng: (_x(rng, 30), 6, 3, np.mean), BS("signals/tools.py", "windower", "windows of 6, step 3, np.mean, boxcar")),
    case(windower, lambda rng: (_x(rng, 30), None, 4, np.max, None, rng.uniform(0.5, 1.0, size=5)), BS("signals/tools.py", "windower", "a kernel given as an array, np.max"), name="pyentrp_biosppy.windower_array_kernel"),
    case(windower, lambda rng: (rng.normal(size=(30, 2)), 10, 5, np.mean, {"axis": 0}), BS("signals/tools.py", "windower", "a 2-D signal, fcn_kwargs={'axis': 0}: np.tile of the window"), name="pyentrp_biosppy.windower_2d"),
    case(synchronize, lambda rng: _shifted(rng, 3), BS("signals/tools.py", "synchronize", "y is x from sample 3: delay > 0")),
    case(synchronize, lambda rng: _shifted(rng, 3)[::-1], BS("signals/tools.py", "synchronize", "x is y from sample 3: delay < 0"), name="pyentrp_biosppy.synchronize_negative"),
    case(synchronize, lambda rng: (lambda x: (x, x + rng.normal(size=30) * 0.01, False))(_x(rng, 30)), BS("signals/tools.py", "synchronize", "aligned, detrend=False: delay == 0"), name="pyentrp_biosppy.synchronize_aligned"),
    case(pearson_correlation, lambda rng: (lambda x: (x, 2 * x + rng.normal(size=20)))(_x(rng)), BS("signals/tools.py", "pearson_correlation")),
    case(rms_error, lambda rng: (_x(rng), _x(rng)), BS("signals/tools.py", "rms_error")),
    case(get_heart_rate, lambda rng: (_beats(rng), 100.0), BS("signals/tools.py", "get_heart_rate", "9 beats at 100 Hz, one interval past 200 bpm")),
    case(get_heart_rate, lambda rng: (_beats(rng), 100.0, True, 3), BS("signals/tools.py", "get_heart_rate", "smooth=True: smoother's boxcar"), name="pyentrp_biosppy.get_heart_rate_smooth"),
    case(finite_difference, lambda rng: (_x(rng), np.array([-0.5, 0.0, 0.5])), BS("signals/tools.py", "finite_difference", "central difference weights")),
    case(_init_dist_profile, lambda rng: (6, 30, _x(rng, 30)), BS("signals/tools.py", "_init_dist_profile", "m=6, n=30")),
    case(_ditance_profile, lambda rng: (lambda x: (6, 30, x[4:10], *_init_dist_profile(6, 30, x)))(_x(rng, 30)), BS("signals/tools.py", "_ditance_profile", "the query x[4:10], X and sigma of _init_dist_profile")),
    case(distance_profile, lambda rng: (lambda x: (x[4:10], x))(_x(rng, 30)), BS("signals/tools.py", "distance_profile", "euclidean")),
    case(distance_profile, lambda rng: (lambda x: (x[4:10], x, "pearson"))(_x(rng, 30)), BS("signals/tools.py", "distance_profile", "pearson"), name="pyentrp_biosppy.distance_profile_pearson"),
    case(signal_self_join, lambda rng: (_x(rng, 30), 6, rng.permutation(25)), BS("signals/tools.py", "signal_self_join", "size 6, the 25 sub-sequences in a random order given as an array")),
    case(signal_self_join, lambda rng: (_x(rng, 30), 6, list(range(0, 25, 3)), 5), BS("signals/tools.py", "signal_self_join", "index a Python list, limit=5"), name="pyentrp_biosppy.signal_self_join_limit"),
    case(mean_waves, lambda rng: (rng.normal(size=(40, 3)), 10, 5), BS("signals/tools.py", "mean_waves", "(40, 3), size 10, step 5")),
    case(median_waves, lambda rng: (rng.normal(size=(40, 3)), 10), BS("signals/tools.py", "median_waves", "(40, 3), size 10, step = size")),
    case(band_power, lambda rng: (np.linspace(0.0, 50.0, 26), rng.uniform(-30.0, 0.0, size=26), (8.0, 13.0)), BS("signals/tools.py", "band_power", "8 to 13 Hz, decibel")),
    case(band_power, lambda rng: (np.linspace(0.0, 50.0, 26), rng.uniform(0.0, 1.0, size=26), (8.0, 13.0), False), BS("signals/tools.py", "band_power", "decibel=False"), name="pyentrp_biosppy.band_power_linear"),
    case(band_power, lambda rng: (np.linspace(0.0, 50.0, 26), rng.uniform(-30.0, 0.0, size=26), (60.0, -5.0)), BS("signals/tools.py", "band_power", "(60, -5): swapped, then clamped to the ends"), name="pyentrp_biosppy.band_power_clamped"),
    # BioSPPy: signals/ecg.py
    case(_extract_heartbeats, lambda rng: (_ecg(rng), np.array([3, 15, 45, 76, 105, 116]), 5, 8), BS("signals/ecg.py", "_extract_heartbeats", "before 5, after 8: the first peak skipped, the last breaks")),
    case(correct_rpeaks, lambda rng: (_ecg(rng), np.array([3, 16, 44, 77, 104, 118]), 40.0, 0.1), BS("signals/ecg.py", "correct_rpeaks", "40 Hz, tol 0.1 s: continue and break")),
    case(ssf_segmenter, lambda rng: (_ecg(rng), 40.0, 0.1, 0.1, 0.05), BS("signals/ecg.py", "ssf_segmenter", "40 Hz, threshold 0.1")),
    case(gamboa_segmenter, lambda rng: (_ecg(rng) * 100.0, 40.0), BS("signals/ecg.py", "gamboa_segmenter", "40 Hz, the series times 100 (at unit scale the 100 bins' density passes 0.99 in the first bin, and F < 1 - TH is empty)")),
    case(bSQI, lambda rng: _detectors(rng) + (40.0,), BS("signals/ecg.py", "bSQI", "two detectors' peaks, 40 Hz, mode 'simple'")),
    case(bSQI, lambda rng: _detectors(rng) + (40.0, "matching"), BS("signals/ecg.py", "bSQI", "mode 'matching'"), name="pyentrp_biosppy.bSQI_matching"),
    case(bSQI, lambda rng: _detectors(rng) + (40.0, "n_double"), BS("signals/ecg.py", "bSQI", "mode 'n_double'"), name="pyentrp_biosppy.bSQI_n_double"),
    case(sSQI, lambda rng: (_ecg(rng),), BS("signals/ecg.py", "sSQI")),
    case(kSQI, lambda rng: (_ecg(rng),), BS("signals/ecg.py", "kSQI")),
    case(pSQI, lambda rng: (np.round(_ecg(rng), 1),), BS("signals/ecg.py", "pSQI", "rounded to 0.1: flat stretches")),
    # BioSPPy: signals/eda.py
    case(basic_scr, lambda rng: (_scr(rng),), BS("signals/eda.py", "basic_scr", "two sines, 40 samples")),
    # BioSPPy: signals/emg.py
    case(find_onsets, lambda rng: (_emg(rng), 100.0, 0.05), BS("signals/emg.py", "find_onsets", "100 Hz, boxzen of 5 samples")),
    case(find_onsets, lambda rng: (_emg(rng), 100.0, 0.05, 0.3), BS("signals/emg.py", "find_onsets", "threshold 0.3"), name="pyentrp_biosppy.find_onsets_threshold"),
    case(hodges_bui_onset_detector, lambda rng: (_emg(rng), [0, 25], 100.0, 5, 3.0), BS("signals/emg.py", "hodges_bui_onset_detector", "rest = the segment [0, 25]")),
    case(hodges_bui_onset_detector, lambda rng: (_emg(rng), {"mean": 0.04, "std_dev": 0.03}, 100.0, 5, 3.0), BS("signals/emg.py", "hodges_bui_onset_detector", "rest given as a dict"), name="pyentrp_biosppy.hodges_bui_onset_detector_dict"),
    case(hodges_bui_onset_detector, lambda rng: (_emg(rng), rng.normal(size=25) * 0.05, 100.0, 5, 3.0), BS("signals/emg.py", "hodges_bui_onset_detector", "rest given as 25 samples"), name="pyentrp_biosppy.hodges_bui_onset_detector_samples"),
    case(bonato_onset_detector, lambda rng: (_emg(rng), [0, 25], 100.0, 10.0, 3, 2, 2), BS("signals/emg.py", "bonato_onset_detector", "threshold 10, 3 samples active, 2 above fail, fail size 2")),
    case(solnik_onset_detector, lambda rng: (_emg(rng), [0, 25], 100.0, 5.0, 3), BS("signals/emg.py", "solnik_onset_detector", "threshold 5 standard deviations, 3 samples active")),
    case(silva_onset_detector, lambda rng: (_emg(rng), 100.0, 5, 10, 0.3), BS("signals/emg.py", "silva_onset_detector", "windows of 5 and 10, threshold 0.3")),
    # BioSPPy: signals/abp.py, signals/pcg.py
    case(find_onsets_zong2003, lambda rng: (_abp(rng), 20.0), BS("signals/abp.py", "find_onsets_zong2003", "20 Hz, 100 samples: one window of 5 s")),
    case(get_avg_heart_rate, lambda rng: (np.abs(_abp(rng)[:60] - 80.0), 20.0), BS("signals/pcg.py", "get_avg_heart_rate", "a pulse train of period 16 at 20 Hz")),
    case(identify_heart_sounds, lambda rng: (np.cumsum(np.tile([6, 10], 5) + rng.integers(-1, 2, size=10)), 20.0), BS("signals/pcg.py", "identify_heart_sounds", "10 beats alternating short and long intervals")),
]
