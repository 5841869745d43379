"""NeuroKit2's pure-NumPy signal, complexity and heart-rate-variability code: zero crossings, smoothing kernels, local
detrending, autocorrelation, binarisation, rescaling and standardisation, the MAD, delay embedding, tolerance
heuristics, symbolisation, Hjorth, Katz, Petrosian, line-length, Sevcik, Higuchi, DFA and Hurst (R/S) fractal measures,
Shannon, Rényi, Tsallis, cumulative residual, SVD, increment and slope entropies, Fisher information, Lempel-Ziv
complexity, decorrelation time, RR-interval sanitising and the HRV time-domain indices (neuropsychology/NeuroKit, MIT).

Copied from the PyPI sdist ``neurokit2==0.3.0`` (``neurokit2-0.3.0.tar.gz``, SHA-1
fcf5ff08dc66922a5dac569574cf235fad43f660; its LICENSE is the MIT licence: "Copyright (c) 2020 Dominique Makowski").
The repository snapshot is larger than the ``fetch`` tool brings over (3.5 GB) and the sdist's ``_version.py``
records no commit, so ``cases.NEUROKIT``'s ``commit`` field holds the sdist's SHA-1, not a git commit (see cases.py).
The files are named in each section below. Bodies are as written, comments kept, docstrings dropped.

Adapted, beyond that:

* pandas is not installed here: ``pd`` is a stand-in namespace whose ``DataFrame``, ``Series`` and ``RangeIndex``
  are classes nothing is an instance of (every ``isinstance(signal, (np.ndarray, pd.DataFrame))`` test behaves as on a
  NumPy array) and whose functions raise; ``plt`` and the functions that are not copied (``fit_loess``, the attractor
  and plot helpers, ``complexity_k``, ``complexity_ordinalpatterns``, ``find_knee``, ``summary_plot``, the tuple/dict
  HRV input sanitisers, ``intervals_to_peaks``, ``_signal_binarize_mixture`` (scikit-learn), ``_optimize_tolerance_maxapen``/``_neighbours`` (scikit-learn's KDTree))
  are stand-ins that raise when called: no case reaches them (``show=False``, the default methods);
* ``hrv_time`` returns its ``out`` dict rather than the one-row ``pd.DataFrame`` built from it;
* wrappers give the keyword arguments (methods, kernels, orders, delays, dimensions).

Not taken: the KDTree-based approximate/sample/fuzzy entropies (``_get_count`` imports scikit-learn, not installed),
``fit_polynomial`` (scikit-learn's ``r2_score``), ``signal_detrend``'s other methods (sparse solvers, LOESS, EMD), the
peak finders (``scipy.signal.find_peaks`` on DataFrames), the PSD-based measures.

The inputs are noisy sines and random walks of 64 to 300 samples (the lengths NeuroKit's tests use are longer: the
traces here stay small), integer symbol sequences, RR peak indices about 800 ms apart over six minutes (three
one-minute windows for SDANN1/SDNNI1), and edge cases: a constant run, a signal with a NaN (Katz, line length drop it),
a 2-D array for the column-wise ``standardize``.
"""

# ruff: noqa: E501, B006, B028
from __future__ import annotations

import itertools
import math
import numbers
import types
from warnings import warn

import numpy as np
import scipy.cluster.vq
import scipy.ndimage
import scipy.signal
import scipy.spatial
import scipy.special
import scipy.stats

from tests.coverage.cases import NEUROKIT, Source, case


def NK(path: str, original: str, note: str = "") -> Source:
    return Source(NEUROKIT, "neurokit2/" + path, original, note)


# --- stand-ins ---------------------------------------------------------------------------------------------------------
class _NotInstalled:
    """A class nothing is an instance of (pandas' DataFrame, Series, RangeIndex here)."""


def _not_copied(name: str):
    def stand_in(*args, **kwargs):
        raise NotImplementedError(f"{name} is not copied into this corpus module")

    stand_in.__name__ = name
    return stand_in


pd = types.SimpleNamespace(DataFrame=_NotInstalled, Series=_NotInstalled, RangeIndex=_NotInstalled,
                           cut=_not_copied("pd.cut"), concat=_not_copied("pd.concat"))
plt = types.SimpleNamespace(axhline=_not_copied("plt.axhline"), plot=_not_copied("plt.plot"))
fit_loess = _not_copied("fit_loess")
complexity_attractor = _not_copied("complexity_attractor")
_attractor_equation = _not_copied("_attractor_equation")
_optimize_tolerance_maxapen = _not_copied("_optimize_tolerance_maxapen")
_optimize_tolerance_neighbours = _not_copied("_optimize_tolerance_neighbours")
_optimize_tolerance_plot = _not_copied("_optimize_tolerance_plot")
complexity_k = _not_copied("complexity_k")
_fractal_higuchi_plot = _not_copied("_fractal_higuchi_plot")
find_knee = _not_copied("find_knee")
_fractal_mdfa_plot = _not_copied("_fractal_mdfa_plot")
_fractal_dfa_plot = _not_copied("_fractal_dfa_plot")
_fractal_hurst_plot = _not_copied("_fractal_hurst_plot")
complexity_ordinalpatterns = _not_copied("complexity_ordinalpatterns")
_hrv_sanitize_tuple = _not_copied("_hrv_sanitize_tuple")
_hrv_sanitize_dict_or_df = _not_copied("_hrv_sanitize_dict_or_df")
intervals_to_peaks = _not_copied("intervals_to_peaks")
_hrv_time_show = _not_copied("_hrv_time_show")
_signal_binarize_mixture = _not_copied("_signal_binarize_mixture")


# --- neurokit2/misc/_warnings.py ---------------------------------------------------------------------------------------
class NeuroKitWarning(RuntimeWarning):
    """Category for runtime warnings that occur within the NeuroKit library."""


# --- misc/check_type.py -----------------------------------------------------------------------------------------------
def is_string(x):
    if isinstance(x, list):
        out = [isinstance(member, str) for member in x]
    elif isinstance(x, pd.DataFrame):
        out = [pd.api.types.is_string_dtype(dtype) for dtype in x.dtypes]
    elif isinstance(x, pd.Series):
        out = [pd.api.types.is_string_dtype(x.dtype)]
    elif isinstance(x, np.ndarray):
        out = [x.dtype == "U1"]
    else:
        out = isinstance(x, str)
    return np.array(out)


# --- misc/check_random_state.py ---------------------------------------------------------------------------------------
def check_random_state(seed=None):

    # If seed is an integer, use the legacy RandomState class
    if isinstance(seed, numbers.Integral):
        return np.random.RandomState(seed)
    # If seed is already a random number generator class return it as it is
    if isinstance(seed, (np.random.Generator, np.random.RandomState)):
        return seed
    # If seed is something else, use the new Generator class
    return np.random.default_rng(seed)


# --- stats/mad.py -----------------------------------------------------------------------------------------------------
def mad(x, constant=1.4826, **kwargs):
    median = np.nanmedian(np.ma.array(x).compressed(), **kwargs)
    mad_value = np.nanmedian(np.abs(x - median), **kwargs)
    mad_value = mad_value * constant
    return mad_value


# --- stats/rescale.py -------------------------------------------------------------------------------------------------
def rescale(data, to=[0, 1], scale=None):
    # Sanity checks
    if len(to) < 2:
        raise ValueError("'to' must have at least 2 values.")
    if len(to) > 2:  # We assume it is a signal
        to = [np.nanmin(to), np.nanmax(to)]

    # Return appropriate type
    if isinstance(data, list):
        data = list(_rescale(np.array(data), to=to, scale=scale))
    else:
        data = _rescale(data, to=to, scale=scale)

    return data


def _rescale(data, to=[0, 1], scale=None):
    if scale is None:
        scale = [np.nanmin(data), np.nanmax(data)]

    return (to[1] - to[0]) / (scale[1] - scale[0]) * (data - scale[0]) + to[0]


# --- stats/standardize.py ---------------------------------------------------------------------------------------------
def standardize(data, robust=False, window=None, **kwargs):
    # Return appropriate type
    if isinstance(data, list):
        if any(is_string(data)):
            out = data
            warn(
                "The data is not standardized.Some elements in the list is of string type.",
                category=NeuroKitWarning,
            )
        else:
            out = list(_standardize(np.array(data), robust=robust, window=window, **kwargs))

    elif isinstance(data, pd.DataFrame):
        # only standardize columns that are not string and are not nan
        _data = data.loc[:, ~is_string(data) & ~np.array(data.isnull().all())]
        to_append = data.loc[:, is_string(data) | np.array(data.isnull().all())]
        out = pd.DataFrame(
            _standardize(_data, robust=robust, window=window, **kwargs),
            index=data.index,
            columns=_data.columns,
        )
        out = pd.concat([to_append, out], axis=1)

    elif isinstance(data, pd.Series):
        if is_string(data):
            out = data
            warn(
                "The data is not standardized as it is of string type.",
                category=NeuroKitWarning,
            )
        else:
            out = pd.Series(
                _standardize(data, robust=robust, window=window, **kwargs),
                index=data.index,
                name=data.name,
            )

    elif is_string(data):
        out = data
        warn(
            "The data is not standardized as it is of string type.",
            category=NeuroKitWarning,
        )
    else:
        out = _standardize(data, robust=robust, window=window, **kwargs)

    return out


def _standardize(data, robust=False, window=None, **kwargs):
    # Compute standardized on whole data
    if window is None:
        if robust is False:
            z = (data - np.nanmean(data, axis=0)) / np.nanstd(data, axis=0, ddof=1)
        else:
            z = (data - np.nanmedian(data, axis=0)) / np.apply_along_axis(mad, 0, data)

    # Rolling standardization on windows
    else:
        df = pd.DataFrame(data)  # Force dataframe

        if robust is False:
            z = (df - df.rolling(window, min_periods=0, **kwargs).mean()) / df.rolling(window, min_periods=0, **kwargs).std(
                ddof=1
            )
        else:
            z = (df - df.rolling(window, min_periods=0, **kwargs).median()) / df.rolling(
                window, min_periods=0, **kwargs
            ).apply(mad)

        # Fill the created nans
        z = z.bfill()

        # Restore to vector or array
        if z.shape[1] == 1:
            z = z.iloc[:, 0].values
        else:
            z = z.values

    return z


# --- stats/fit_polynomial.py ------------------------------------------------------------------------------------------
def _fit_polynomial(y, X, order=2):
    coefs = np.polyfit(X, y, order)
    # Generating weights and model for polynomial function with a given degree
    y_predicted = np.polyval(coefs, X)
    return y_predicted, coefs


# --- signal/signal_sanitize.py ----------------------------------------------------------------------------------------
def signal_sanitize(signal):

    # Series check for non-default index
    if isinstance(signal, pd.Series) and not isinstance(signal.index, pd.RangeIndex):
        return signal.reset_index(drop=True).values

    return np.array(signal)


# --- signal/signal_zerocrossings.py -----------------------------------------------------------------------------------
def signal_zerocrossings(signal, direction="both"):
    df = np.diff(np.sign(signal))
    if direction in ["positive", "up"]:
        zerocrossings = np.where(df > 0)[0]
    elif direction in ["negative", "down"]:
        zerocrossings = np.where(df < 0)[0]
    else:
        zerocrossings = np.nonzero(np.abs(df) > 0)[0]

    return zerocrossings


# --- signal/signal_smooth.py ------------------------------------------------------------------------------------------
def signal_smooth(signal, method="convolution", kernel="boxzen", size=10, alpha=0.1):
    if isinstance(signal, pd.Series):
        signal = signal.values

    length = len(signal)

    if isinstance(kernel, str) is False:
        raise TypeError("NeuroKit error: signal_smooth(): 'kernel' should be a string.")

    # Check length.
    size = int(size)
    if size > length or size < 1:
        raise TypeError("NeuroKit error: signal_smooth(): 'size' should be between 1 and length of the signal.")

    method = method.lower()

    # LOESS
    if method in ["loess", "lowess"]:
        smoothed, _ = fit_loess(signal, alpha=alpha)

    # Convolution
    elif kernel == "boxcar":
        # This is faster than using np.convolve (like is done in _signal_smoothing)
        # because of optimizations made possible by the uniform boxcar kernel shape.
        smoothed = scipy.ndimage.uniform_filter1d(signal, size, mode="nearest")

    elif kernel == "boxzen":
        # hybrid method
        # 1st pass - boxcar kernel
        x = scipy.ndimage.uniform_filter1d(signal, size, mode="nearest")

        # 2nd pass - parzen kernel
        smoothed = _signal_smoothing(x, kernel="parzen", size=size)

    elif kernel == "median":
        smoothed = _signal_smoothing_median(signal, size)

    else:
        smoothed = _signal_smoothing(signal, kernel=kernel, size=size)

    return smoothed


def _signal_smoothing_median(signal, size=5):
    # Enforce odd kernel size.
    if size % 2 == 0:
        size += 1

    smoothed = scipy.signal.medfilt(signal, kernel_size=size)
    return smoothed


def _signal_smoothing(signal, kernel, size=5):
    # Get window.
    window = scipy.signal.get_window(kernel, size)
    w = window / window.sum()

    # Extend signal edges to avoid boundary effects.
    x = np.concatenate((signal[0] * np.ones(size), signal, signal[-1] * np.ones(size)))

    # Compute moving average.
    smoothed = np.convolve(w, x, mode="same")
    smoothed = smoothed[size:-size]
    return smoothed


# --- signal/signal_detrend.py -----------------------------------------------------------------------------------------
def _signal_detrend_locreg(signal, window=1.5, stepsize=0.02, sampling_rate=1000):
    length = len(signal)

    # Sanitize input
    if sampling_rate is None:
        sampling_rate = 1
    # Sanity checks
    window = int(window * sampling_rate)
    stepsize = int(stepsize * sampling_rate)
    if window > length:
        raise ValueError(
            "NeuroKit error: signal_detrend(): 'window' should be "
            "less than the number of samples. Try using 1.5 * sampling rate."
        )
    if stepsize <= 1:
        raise ValueError("NeuroKit error: signal_detrend(): 'stepsize' should be more than 1. Increase its value.")
    y_line = np.zeros((length, 1))
    norm = np.zeros((length, 1))
    nwin = int(np.ceil((length - window) / stepsize))
    yfit = np.zeros((nwin, window))
    xwt = (np.arange(1, window + 1) - window / 2) / (window / 2)
    wt = np.power(1 - np.power(np.absolute(xwt), 3), 3)  # pylint: disable=E1111
    for j in range(0, nwin):
        tseg = signal[(stepsize * j) : (stepsize * j + window)]
        y1 = np.mean(tseg)
        y2 = np.mean(np.multiply(np.arange(1, window + 1), tseg)) * (2 / (window + 1))
        a = np.multiply(np.subtract(y2, y1), 6 / (window - 1))
        b = np.subtract(y1, a * (window + 1) / 2)  # pylint: disable=E1111
        yfit[j, :] = np.multiply(np.arange(1, window + 1), a) + b
        y_line[(j * stepsize) : (j * stepsize + window)] = y_line[(j * stepsize) : (j * stepsize + window)] + np.reshape(
            np.multiply(yfit[j, :], wt), (window, 1)
        )
        norm[(j * stepsize) : (j * stepsize + window)] = norm[(j * stepsize) : (j * stepsize + window)] + np.reshape(
            wt, (window, 1)
        )
    above_norm = np.where(norm[:, 0] > 0)
    y_line[above_norm] = y_line[above_norm] / norm[above_norm]

    indx = (nwin - 1) * stepsize + window - 1
    npts = length - indx + 1
    y_line[indx - 1 :] = np.reshape((np.multiply(np.arange(window + 1, window + npts + 1), a) + b), (npts, 1))

    detrended = signal - y_line[:, 0]
    return detrended


# --- signal/signal_autocor.py -----------------------------------------------------------------------------------------
def signal_autocor(signal, lag=None, demean=True, method="auto", unbiased=False, show=False):
    n = len(signal)

    # Demean
    if demean:
        signal = np.asarray(signal) - np.nanmean(signal)

    # Run autocor
    method = method.lower()
    if method == "unbiased":
        unbiased = True
        method = "fft"

    if method in ["auto"]:
        acov = scipy.signal.correlate(signal, signal, mode="full", method="auto")[n - 1 :]
    elif method in ["cor", "correlation", "correlate"]:
        acov = np.correlate(signal, signal, mode="full")
        acov = acov[n - 1 :]  # Min time lag is 0
    elif method == "fft":
        a = np.concatenate((signal, np.zeros(n - 1)))  # added zeros to your signal
        fft = np.fft.fft(a)
        acf = np.fft.ifft(np.conjugate(fft) * fft)[:n]
        acov = acf.real
    else:
        raise ValueError("Method must be 'auto', 'correlation' or 'fft'.")

    # If unbiased, normalize by the number of overlapping elements
    if unbiased is True:
        normalization = np.arange(n, 0, -1)
        acov /= normalization

    # Normalize (so that max correlation is 1)
    r = acov / np.max(acov)

    # Confidence interval
    varacf = 1.0 / n
    interval = scipy.stats.norm.ppf(1 - 0.05 / 2.0) * np.sqrt(varacf)
    ci_low, ci_high = r - interval, r + interval

    # Plot
    if show:
        plt.axhline(y=0, color="grey", linestyle="--")
        plt.plot(np.arange(1, len(r) + 1), r, lw=2)
        plt.ylabel("Autocorrelation r")
        plt.xlabel("Lag")
        plt.ylim(-1.1, 1.1)

    if lag is not None:
        if lag > n:
            raise ValueError("NeuroKit error: signal_autocor(): The time lag exceeds the duration of the signal. ")
        else:
            r = r[lag]

    return r, {"CI_low": ci_low, "CI_high": ci_high, "Method": method, "ACov": acov}


# --- signal/signal_binarize.py ----------------------------------------------------------------------------------------
def signal_binarize(signal, method="threshold", threshold="auto"):

    # Return appropriate type
    if isinstance(signal, list):
        binary = _signal_binarize(np.array(signal), method=method, threshold=threshold)
        signal = list(binary)
    elif isinstance(signal, pd.Series):
        signal = signal.copy()  # Avoid annoying pandas warning
        binary = _signal_binarize(signal.values, method=method, threshold=threshold)
        signal = signal.astype(binary.dtype)
        signal[:] = binary
    else:
        signal = _signal_binarize(signal, method=method, threshold=threshold)

    return signal


def _signal_binarize(signal, method="threshold", threshold="auto"):
    method = method.lower()  # remove capitalised letters
    if method == "threshold":
        binary = _signal_binarize_threshold(signal, threshold=threshold)
    elif method == "mixture":
        binary = _signal_binarize_mixture(signal, threshold=threshold)
    else:
        raise ValueError("NeuroKit error: signal_binarize(): 'method' should be one of 'threshold' or 'mixture'.")
    return binary


def _signal_binarize_threshold(signal, threshold="auto"):
    if threshold == "auto":
        threshold = np.mean([np.nanmax(signal), np.nanmin(signal)])
    if threshold == "mean":
        threshold = np.nanmean(signal)
    if threshold == "median":
        threshold = np.nanmedian(signal)

    binary = np.zeros(len(signal))
    binary[signal > threshold] = 1
    return binary


# --- complexity/utils_complexity_embedding.py -------------------------------------------------------------------------
def complexity_embedding(signal, delay=1, dimension=3, show=False, **kwargs):
    # If string
    if isinstance(signal, str):
        return _attractor_equation(signal, **kwargs)

    N = len(signal)
    signal = signal_sanitize(signal)

    # Sanity checks
    if isinstance(delay, float):
        warn("`delay` must be an integer. Running `int(delay)`", category=NeuroKitWarning)
        delay = int(delay)
    if isinstance(dimension, float):
        warn("`dimension` must be an integer. Running `int(dimension)`", category=NeuroKitWarning)
        dimension = int(dimension)
    if dimension * delay > N:
        raise ValueError(
            "NeuroKit error: complexity_embedding(): dimension * delay should be lower than",
            " the length of the signal.",
        )
    if delay < 1:
        raise ValueError("NeuroKit error: complexity_embedding(): 'delay' has to be at least 1.")

    Y = np.zeros((dimension, N - (dimension - 1) * delay))
    for i in range(dimension):
        Y[i] = signal[i * delay : i * delay + Y.shape[1]]
    embedded = Y.T

    if show is True:
        complexity_attractor(embedded, **kwargs)

    return embedded


# --- complexity/optim_complexity_tolerance.py -------------------------------------------------------------------------
def complexity_tolerance(signal, method="maxApEn", r_range=None, delay=None, dimension=None, show=False):
    if not isinstance(method, str):
        return method, {"Method": "None"}

    # Method
    method = method.lower()
    if method in ["traditional", "sd", "std", "default"]:
        r = 0.2 * np.std(signal, ddof=1)
        info = {"Method": "20% SD"}

    elif method in ["adjusted_sd", "nolds"] and (isinstance(dimension, (int, float)) or dimension is None):
        if dimension is None:
            raise ValueError("'dimension' cannot be empty for the 'nolds' method.")
        r = 0.11604738531196232 * np.std(signal, ddof=1) * (0.5627 * np.log(dimension) + 1.3334)
        info = {"Method": "Adjusted 20% SD"}

    elif method in ["chon", "chon2009"] and (isinstance(dimension, (int, float)) or dimension is None):
        if dimension is None:
            raise ValueError("'dimension' cannot be empty for the 'chon2009' method.")
        sd1 = np.std(np.diff(signal), ddof=1)  # short-term variability
        sd2 = np.std(signal, ddof=1)  # long-term variability of the signal

        # Here are the 3 formulas from Chon (2009):
        # For m=2: r =(−0.036 + 0.26 * sqrt(sd1/sd2)) / (len(signal) / 1000)**1/4
        # For m=3: r =(−0.08 + 0.46 * sqrt(sd1/sd2)) / (len(signal) / 1000)**1/4
        # For m=4: r =(−0.12 + 0.62 * sqrt(sd1/sd2)) / (len(signal) / 1000)**1/4
        # For m=5: r =(−0.16 + 0.78 * sqrt(sd1/sd2)) / (len(signal) / 1000)**1/4
        # For m=6: r =(−0.19 + 0.91 * sqrt(sd1/sd2)) / (len(signal) / 1000)**1/4
        # For m=7: r =(−0.2 + 1 * sqrt(sd1/sd2)) / (len(signal) / 1000)**1/4
        if dimension <= 2 and dimension <= 7:
            x = [-0.036, -0.08, -0.12, -0.16, -0.19, -0.2][dimension - 2]
            y = [0.26, 0.46, 0.62, 0.78, 0.91, 1][dimension - 2]
        else:
            # We need to extrapolate the 2 first numbers, x and y
            # np.polyfit(np.log([2,3,4, 5, 6, 7]), [-0.036, -0.08, -0.12, -0.16, -0.19, -0.2], 1)
            # np.polyfit([2,3,4, 5, 6, 7], [0.26, 0.46, 0.62, 0.78, 0.91, 1], 1)
            x = -0.034 * dimension + 0.022
            y = 0.14885714 * dimension - 0.00180952

        r = (x + y * np.sqrt(sd1 / sd2)) / (len(signal) / 1000) ** 1 / 4
        info = {"Method": "Chon (2009)"}

    elif method in ["neurokit", "makowski"] and (isinstance(dimension, (int, float)) or dimension is None):
        # Method described in
        # https://github.com/DominiqueMakowski/ComplexityTolerance
        if dimension is None:
            raise ValueError("'dimension' cannot be empty for the 'makowski' method.")
        n = len(signal)
        r = np.std(signal, ddof=1) * (0.2811 * (dimension - 1) + 0.0049 * np.log(n) - 0.02 * ((dimension - 1) * np.log(n)))

        info = {"Method": "Makowski"}

    elif method in ["maxapen", "optimize"]:
        r, info = _optimize_tolerance_maxapen(signal, r_range=r_range, delay=delay, dimension=dimension)
        info.update({"Method": "Max ApEn"})

    elif method in ["recurrence", "rqa"]:
        r, info = _optimize_tolerance_recurrence(signal, r_range=r_range, delay=delay, dimension=dimension)
        info.update({"Method": "1% Recurrence Rate"})

    elif method in ["neighbours", "neighbors", "nn"]:
        r, info = _optimize_tolerance_neighbours(signal, r_range=r_range, delay=delay, dimension=dimension)
        info.update({"Method": "2% Neighbours"})

    elif method in ["bin", "bins", "singh", "singh2016"]:
        r, info = _optimize_tolerance_bin(signal, delay=delay, dimension=dimension)
        info.update({"Method": "bin"})

    else:
        raise ValueError("NeuroKit error: complexity_tolerance(): 'method' not recognized.")

    if show is True:
        _optimize_tolerance_plot(r, info, method=method, signal=signal)
    return r, info


def _optimize_tolerance_recurrence(signal, r_range=None, delay=None, dimension=None):
    # Optimize missing parameters
    if delay is None or dimension is None:
        raise ValueError("If method='recurrence', both delay and dimension must be specified.")

    # Compute distance matrix
    emb = complexity_embedding(signal, delay=delay, dimension=dimension)
    d = scipy.spatial.distance.cdist(emb, emb, metric="euclidean")

    if r_range is None:
        r_range = 50
    if isinstance(r_range, int):
        r_range = np.linspace(0, np.max(d), r_range + 1)[1:]

    recurrence_rate = np.zeros_like(r_range)
    # Indices of the lower triangular (without the diagonal)
    idx = np.tril_indices(len(d), k=-1)
    n = len(d[idx])
    for i, r in enumerate(r_range):
        recurrence_rate[i] = (d[idx] <= r).sum() / n
    # Closest to 0.01 (1%)
    optimal = r_range[np.abs(recurrence_rate - 0.01).argmin()]

    return optimal, {"Values": r_range, "Scores": recurrence_rate}


def _optimize_tolerance_bin(signal, delay=None, dimension=None):
    # Optimize missing parameters
    if delay is None or dimension is None:
        raise ValueError("If method='bin', both delay and dimension must be specified.")

    # Compute distance matrix
    emb = complexity_embedding(signal, delay=delay, dimension=dimension)
    d = scipy.spatial.distance.cdist(emb, emb, metric="chebyshev")

    # Histogram of the lower triangular (without the diagonal)
    y, x = np.histogram(d[np.tril_indices(len(d), k=-1)], bins=200, density=True)

    # Most common distance
    # Divide by two because r corresponds to the radius of the circle (NOTE: this is
    # NOT in the paper and thus, opinion is required!)
    optimal = x[np.argmax(y) + 1] / 2

    return optimal, {"Values": x[1::] / 2, "Scores": y}


# --- complexity/utils_complexity_symbolize.py -------------------------------------------------------------------------
def complexity_symbolize(signal, method="mean", c=3, random_state=None, show=False, **kwargs):
    # Seed the random generator for reproducible results
    rng = check_random_state(random_state)

    # Do nothing
    if method is None:
        symbolic = signal
        if show is True:
            df = pd.DataFrame({"Signal": signal, "Bin": signal, "Index": np.arange(len(signal))})
            df = df.pivot_table(index="Index", columns="Bin", values="Signal")
            for i in df.columns:
                plt.plot(df[i])

    # Binnning
    elif isinstance(method, int):
        c = method
        method = "binning"

    if isinstance(method, str):
        method = method.lower()

        if method in ["a", "mean"]:
            symbolic = (signal > np.nanmean(signal)).astype(int)
            if show is True:
                df = pd.DataFrame({"A": signal, "B": signal})
                df.loc[df["A"] > np.nanmean(signal), "A"] = np.nan
                df.loc[df["B"] <= np.nanmean(signal), "B"] = np.nan
                df.plot()
                plt.axhline(y=np.nanmean(signal), color="r", linestyle="dotted")
                plt.title("Method A")

        elif method == "median":
            symbolic = (signal > np.nanmedian(signal)).astype(int)
            if show is True:
                df = pd.DataFrame({"A": signal, "B": signal})
                df.loc[df["A"] > np.nanmedian(signal), "A"] = np.nan
                df.loc[df["B"] <= np.nanmedian(signal), "B"] = np.nan
                df.plot()
                plt.axhline(y=np.nanmean(signal), color="r", linestyle="dotted")
                plt.title("Binarization by median")

        elif method == "b":
            m = np.nanmean(signal)
            sd = np.nanstd(signal, ddof=1)
            symbolic = np.logical_or(signal < m - sd, signal > m + sd).astype(int)
            if show is True:
                df = pd.DataFrame({"A": signal, "B": signal})
                condition = np.logical_or(signal < m - sd, signal > m + sd)
                df.loc[condition, "A"] = np.nan
                df.loc[~np.isnan(df["A"]), "B"] = np.nan
                df.plot()
                plt.axhline(y=m - sd, color="r", linestyle="dotted")
                plt.axhline(y=m + sd, color="r", linestyle="dotted")
                plt.title("Method B")

        elif method in ["c", "sign"]:
            symbolic = np.signbit(np.diff(signal)).astype(int)
            if show is True:
                df = pd.DataFrame({"A": signal, "B": signal})
                df.loc[np.insert(symbolic, 0, False), "A"] = np.nan
                df.loc[~np.isnan(df["A"]), "B"] = np.nan
                df.plot()
                plt.title("Method C")

        elif method == "d":
            symbolic = (np.abs(np.diff(signal)) > np.nanstd(signal, ddof=1)).astype(int)
            if show is True:
                where = np.where(symbolic)[0]
                plt.plot(signal, zorder=1)
                plt.scatter(where, signal[where], color="orange", label="Inversion", zorder=2)
                plt.title("Method D")

        elif method == "r":
            symbolic = np.abs(np.diff(signal)) > complexity_tolerance(signal, method="sd")[0]
            symbolic = symbolic.astype(int)
            if show is True:
                where = np.where(symbolic == 1)[0]
                plt.plot(signal, zorder=1)
                plt.scatter(where, signal[where], color="orange", label="Inversion", zorder=2)
                plt.title("Method based on tolerance r")

        elif method in [
            "binning",
            "mep",
            "ncdf",
            "linear",
            "uniform",
            "kmeans",
            "equal",
        ]:
            n = len(signal)
            if method == "binning":
                symbolic = pd.cut(signal, bins=c, labels=False)

            elif method == "mep":
                Temp = np.hstack((0, np.ceil(np.arange(1, c) * len(signal) / c) - 1)).astype(int)
                symbolic = np.digitize(signal, np.sort(signal)[Temp])
            elif method == "ncdf":
                symbolic = np.digitize(scipy.special.ndtr(standardize(signal)), np.arange(0, 1, 1 / c))
            elif method == "linear":
                symbolic = np.digitize(
                    signal,
                    np.arange(
                        np.min(signal),
                        np.max(signal),
                        (np.max(signal) - np.min(signal)) / c,
                    ),
                )
            elif method == "uniform":
                symbolic = np.zeros(len(signal))
                symbolic[np.argsort(signal)] = np.digitize(np.arange(n), np.arange(0, 2 * n, n / c))
            elif method == "kmeans":
                centroids, labels = scipy.cluster.vq.kmeans2(signal, c, seed=rng)
                labels += 1
                xx = np.argsort(centroids) + 1
                symbolic = np.zeros(n)
                for k in range(1, c + 1):
                    symbolic[labels == xx[k - 1]] = k
            elif method == "equal":
                ix = np.argsort(signal)
                xx = np.round(np.arange(0, 2 * n, n / c)).astype(int)
                symbolic = np.zeros(n)
                for k in range(c):
                    symbolic[ix[xx[k] : xx[k + 1]]] = k + 1

            if show is True:
                df = pd.DataFrame({"Signal": signal, "Bin": symbolic, "Index": np.arange(len(signal))})
                df = df.pivot_table(index="Index", columns="Bin", values="Signal")
                for i in df.columns:
                    plt.plot(df[i])
                plt.title(f"Method: {method} (c={c})")

        else:
            raise ValueError(
                "`method` must be one of 'A', 'B', 'C' or 'D', 'Binning', 'MEP', 'NCDF', 'linear',"
                " 'uniform', 'kmeans'. See the documentation for more information."
            )

    return symbolic


# --- complexity/utils_entropy.py --------------------------------------------------------------------------------------
def _phi_divide(phi):
    if np.isclose(phi[0], 0):
        return -np.inf
    division = np.divide(phi[1], phi[0])
    if np.isclose(division, 0):
        return np.inf
    if division < 0:
        return np.nan
    return -np.log(division)


# --- complexity/complexity_hjorth.py ----------------------------------------------------------------------------------
def complexity_hjorth(signal):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # Calculate derivatives
    dx = np.diff(signal)
    ddx = np.diff(dx)

    # Calculate variance and its derivatives
    x_var = np.var(signal)  # = activity
    dx_var = np.var(dx)
    ddx_var = np.var(ddx)

    # Mobility and complexity
    mobility = np.sqrt(dx_var / x_var)
    complexity = np.sqrt(ddx_var / dx_var) / mobility
    return complexity, {"Mobility": mobility, "Activity": x_var}


# --- complexity/fractal_katz.py ---------------------------------------------------------------------------------------
def fractal_katz(signal):

    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # Force to array
    signal = np.array(signal)

    # Drop missing values
    signal = signal[~np.isnan(signal)]

    # Define total length of curve
    dists = np.abs(np.diff(signal))
    length = np.sum(dists)

    # Average distance between successive points
    a = np.mean(dists)

    # Compute farthest distance between starting point and any other point
    d = np.max(np.abs(signal - signal[0]))

    kfd = np.log10(length / a) / (np.log10(d / a))

    return kfd, {}


# --- complexity/fractal_petrosian.py ----------------------------------------------------------------------------------
def fractal_petrosian(signal, symbolize="C", show=False):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # Binarize the sequence
    symbolic = complexity_symbolize(signal, method=symbolize, show=show)

    # if isinstance(method, str) and method.lower() in ["d", "r"]:
    #     # These methods are already based on the consecutive differences
    #     n_inversions = symbolic.sum()
    # else:
    #     # Note: np.diff(symbolic).sum() wouldn't work in case there's a seq like [0, -1, 1]
    #     n_inversions = (symbolic[1:] != symbolic[:-1]).sum()
    n_inversions = (symbolic[1:] != symbolic[:-1]).sum()

    n = len(symbolic)
    pfd = np.log10(n) / (np.log10(n) + np.log10(n / (n + 0.4 * n_inversions)))
    return pfd, {"Symbolization": symbolize}


# --- complexity/fractal_linelength.py ---------------------------------------------------------------------------------
def fractal_linelength(signal):

    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # Force to array
    signal = np.array(signal)

    # Drop missing values
    signal = signal[~np.isnan(signal)]

    # Compute line length
    ll = np.mean(np.abs(np.diff(signal)))

    return ll, {}


# --- complexity/fractal_sevcik.py -------------------------------------------------------------------------------------
def fractal_sevcik(signal):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # 1. Normalize the signal (new range to [0, 1])
    y_ = rescale(signal, to=[0, 1])
    n = len(y_)

    # 2. Derive x* and y* (y* is actually the normalized signal)
    x_ = np.linspace(0, 1, n)

    # 3. Compute L (because we use np.diff, hence n-1 below)
    L = np.sum(np.sqrt(np.diff(y_) ** 2 + np.diff(x_) ** 2))

    # 4. Compute the fractal dimension (approximation)
    sfd = 1 + np.log(L) / np.log(2 * (n - 1))

    # Some papers (e.g., Wang et al. 2017) suggest adding np.log(2) to the numerator:
    # sfd = 1 + (np.log(L) + np.log(2)) / np.log(2 * (n - 1))
    # But it's unclear why. Sticking to the original formula for now.
    # If you have an idea, let us know!

    return sfd, {}


# --- complexity/fractal_higuchi.py ------------------------------------------------------------------------------------
def fractal_higuchi(signal, k_max="default", show=False, **kwargs):

    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # Get k_max
    if isinstance(k_max, (str, list, np.ndarray, pd.Series)):
        # Optimizing needed
        k_max, info = complexity_k(signal, k_max=k_max, show=False)
        idx = np.where(info["Values"] == k_max)[0][0]
        slope = info["Scores"][idx]
        intercept = info["Intercepts"][idx]
        average_values = info["Average_Values"][idx]
        k_values = np.arange(1, k_max + 1)
    else:
        # Compute Higuchi
        slope, intercept, info = _complexity_k_slope(k_max, signal)
        k_values = info["k_values"]
        average_values = info["average_values"]

    # Plot
    if show:
        _fractal_higuchi_plot(k_values, average_values, k_max, slope, intercept)

    return slope, {
        "k_max": k_max,
        "Values": k_values,
        "Scores": average_values,
        "Intercept": intercept,
    }


# --- complexity/optim_complexity_k.py ---------------------------------------------------------------------------------
def _complexity_k_Lk(k, signal):
    n = len(signal)

    # Step 1: construct k number of new time series for range of k_values from 1 to kmax
    k_subrange = np.arange(1, k + 1)  # where m = 1, 2... k

    idx = np.tile(np.arange(0, len(signal), k), (k, 1)).astype(float)
    idx += np.tile(np.arange(0, k), (idx.shape[1], 1)).T
    mask = idx >= len(signal)
    idx[mask] = 0

    sig_values = signal[idx.astype(int)].astype(float)
    sig_values[mask] = np.nan

    # Step 2: Calculate length Lm(k) of each curve
    normalization = (n - 1) / (np.floor((n - k_subrange) / k).astype(int) * k)
    sets = (np.nansum(np.abs(np.diff(sig_values)), axis=1) * normalization) / k

    # Step 3: Compute average value over k sets of Lm(k)
    return np.sum(sets) / k


def _complexity_k_slope(kmax, signal, k_number="max"):
    if k_number == "max":
        k_values = np.arange(1, kmax + 1)
    else:
        k_values = np.unique(np.linspace(1, kmax + 1, k_number).astype(int))

    # Step 3 of Vega & Noel (2015)
    vectorized_Lk = np.vectorize(_complexity_k_Lk, excluded=[1])

    # Compute length of the curve, Lm(k)
    average_values = vectorized_Lk(k_values, signal)

    # Slope of best-fit line through points (slope equal to FD)
    slope, intercept = -np.polyfit(np.log(k_values), np.log(average_values), 1)
    return slope, intercept, {"k_values": k_values, "average_values": average_values}


# --- complexity/fractal_dfa.py ----------------------------------------------------------------------------------------
def fractal_dfa(
    signal,
    scale="default",
    overlap=True,
    integrate=True,
    order=1,
    multifractal=False,
    q="default",
    maxdfa=False,
    show=False,
    **kwargs,
):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    n = len(signal)
    scale = _fractal_dfa_findscales(n, scale)

    # Sanitize fractal power (cannot be close to 0)
    q = _sanitize_q(q, multifractal=multifractal)

    # Store parameters
    info = {"scale": scale, "q": q}

    # Preprocessing
    if integrate is True:
        # Get signal profile
        signal = np.cumsum(signal - np.mean(signal))

    # Function to store fluctuations. For DFA this is an array. For MFDFA, this
    # is a matrix of size (len(scale),len(q))
    fluctuations = np.zeros((len(scale), len(q)))

    # Start looping over scale
    for i, window in enumerate(scale):
        # Get window
        segments = _fractal_dfa_getwindow(signal, n, window, overlap=overlap)

        # Get polynomial trends
        trends = _fractal_dfa_trends(segments, window, order=order)

        # Get local fluctuation
        fluctuations[i] = _fractal_dfa_fluctuation(segments, trends, q)

    if len(fluctuations) == 0:
        return np.nan, info

    # Max. DFA ---------------------
    if maxdfa is True:
        # Find knees of fluctuations
        knee = np.repeat(len(scale), fluctuations.shape[1])
        for i in range(fluctuations.shape[1]):
            knee[i] = find_knee(y=np.log2(fluctuations[:, i]), x=np.log2(scale), show=False, verbose=False)
        knee = np.exp2(np.nanmax(knee))
        # Cut fluctuations
        fluctuations = fluctuations[scale <= knee, :]
        scale = scale[scale <= knee]
    # ------------------------------

    # Get slopes
    slopes = _slopes(scale, fluctuations, q)
    if len(slopes) == 1:
        slopes = slopes[0]

    # Prepare output
    info["Fluctuations"] = fluctuations
    info["Alpha"] = slopes

    # Extract features
    if multifractal is True:
        info.update(_singularity_spectrum(q=q, slopes=slopes))
        out = pd.DataFrame(
            {
                k: v
                for k, v in info.items()
                if k
                in [
                    "Peak",
                    "Width",
                    "Mean",
                    "Max",
                    "Delta",
                    "Asymmetry",
                    "Fluctuation",
                    "Increment",
                ]
            },
            index=[0],
        )
    else:
        out = slopes

    # Plot if show is True.
    if show is True:
        if multifractal is True:
            _fractal_mdfa_plot(
                info,
                scale=scale,
                fluctuations=fluctuations,
                q=q,
            )
        else:
            _fractal_dfa_plot(info=info, scale=scale, fluctuations=fluctuations)

    return out, info


def _fractal_dfa_findscales(n, scale="default"):
    # Convert to array
    if isinstance(scale, list):
        scale = np.asarray(scale)

    # Default scale number
    if scale is None or isinstance(scale, str):
        scale = int(n / 10)

    # See https://github.com/neuropsychology/NeuroKit/issues/206
    if isinstance(scale, int):
        scale = np.exp(np.linspace(np.log(10), np.log(int(n / 10)), scale)).astype(int)
        scale = np.unique(scale)  # keep only unique

    # Sanity checks (return warning for too short scale)
    if len(scale) < 2:
        raise ValueError("NeuroKit error: more than one window is needed. Increase 'scale'.")

    if np.min(scale) < 2:
        raise ValueError("NeuroKit error: there must be at least 2 data points in each window. Decrease 'scale'.")
    if np.max(scale) >= n:
        raise ValueError("NeuroKit error: the window cannot contain more data points than the time series. Decrease 'scale'.")

    return scale


def _sanitize_q(q=2, multifractal=False):
    # Turn to list
    if isinstance(q, str):
        if multifractal is False:
            q = [2]
        else:
            q = [-5, -3, -1, 0, 1, 3, 5]
    elif isinstance(q, (int, float)):
        q = [q]

    # Fractal powers as floats
    q = np.asarray_chkfinite(q, dtype=float)

    return q


def _slopes(scale, fluctuations, q):
    # Extract the slopes of each `q` power obtained with MFDFA to later produce
    # either the singularity spectrum or the multifractal exponents.
    # Note: added by Leonardo Rydin (see https://github.com/LRydin/MFDFA/)

    # Ensure mfdfa has the same q-power entries as q
    if fluctuations.shape[1] != q.shape[0]:
        raise ValueError("Fluctuation function and q powers don't match in dimension.")

    # Allocated array for slopes
    slopes = np.zeros(len(q))
    # Find slopes of each q-power
    for i in range(len(q)):
        # if fluctiations is zero, log2 wil encounter zero division
        old_setting = np.seterr(divide="ignore", invalid="ignore")
        slopes[i] = np.polyfit(np.log2(scale), np.log2(fluctuations[:, i]), 1)[0]
        np.seterr(**old_setting)

    return slopes


def _fractal_dfa_getwindow(signal, n, window, overlap=True):
    # This function reshapes the segments from a one-dimensional array to a
    # matrix for faster polynomail fittings. 'Overlap' reshapes into several
    # overlapping partitions of the data

    # TODO: see whether this step could be integrated within complexity_coarsegraining

    if overlap:
        segments = np.array([signal[i : i + window] for i in np.arange(0, n - window, window // 2)])
    else:
        segments = signal[: n - (n % window)]
        segments = segments.reshape((signal.shape[0] // window, window))

    return segments


def _fractal_dfa_trends(segments, window, order=1):
    # TODO: can we rely on signal_detrend?
    x = np.arange(window)

    coefs = np.polyfit(x[:window], segments.T, order).T

    # TODO: Could this be optimized? Something like np.polyval(x[:window], coefs)
    trends = np.array([np.polyval(coefs[j], x) for j in np.arange(len(segments))])

    return trends


def _fractal_dfa_fluctuation(segments, trends, q=2):
    # Detrend
    detrended = segments - trends

    # Compute variance
    var = np.var(detrended, axis=1)

    # Remove where var is (numerically) zero. The cutoff must be relative to the
    # largest segment variance at this scale: detrended variance scales with the
    # square of the signal's units, so an absolute cutoff would make the results
    # depend on the amplitude units of the input signal (see issue #1208).
    var = var[var > 1e-08 * np.max(var)]
    if len(var) == 0:
        warn("All detrended segments have no variance. Retuning NaN.")
        return np.nan

    # Find where q is close to zero. Limit set at |q| < 0.1
    # See https://github.com/LRydin/MFDFA/issues/33
    is0 = np.abs(q) < 0.1

    # Reshape q to perform np.float_power
    q_non0 = q[~is0].reshape(-1, 1)

    # Get the fluctuation function, which is a function of the windows and of q
    # When q = 2 (i.e., multifractal = False)
    # The formula is equivalent to np.sqrt(np.mean(var))
    # And corresponds to the Root Mean Square (RMS)
    fluctuation = np.float_power(np.mean(np.float_power(var, q_non0 / 2), axis=1), 1 / q_non0.T)

    if np.sum(is0) > 0:
        fluc0 = np.exp(0.5 * np.mean(np.log(var)))
        fluctuation = np.insert(fluctuation, np.where(is0)[0], [fluc0])

    return fluctuation


def _singularity_spectrum(q, slopes):
    # Components of the singularity spectrum
    # ---------------------------------------
    # The generalised Hurst exponents `h(q)` from MFDFA, which are simply the slopes of each DFA
    # for various `q` values
    out = {"h": slopes}

    # The generalised Hurst exponent h(q) is related to the Scaling Exponent Tau t(q):
    out["Tau"] = q * slopes - 1

    # Calculate Singularity Exponent H or α, which needs tau
    out["H"] = np.gradient(out["Tau"]) / np.gradient(q)

    # Calculate Singularity Dimension Dq or f(α), which needs tau and q
    # The relation between α and f(α) (H and D) is called the Multifractal (MF) spectrum or
    # singularity spectrum, which resembles the shape of an inverted parabola.
    out["D"] = q * out["H"] - out["Tau"]

    # Features (Orozco-Duque et al., 2015)
    # ---------------------------------------
    # The width of the MSP quantifies the degree of the multifractality
    # the spectrum width delta quantifies the degree of the multifractality.
    out["Width"] = np.nanmax(out["H"]) - np.nanmin(out["H"])

    # the singularity exponent, for which the spectrum D takes its maximum value (α0)
    out["Peak"] = out["H"][np.nanargmax(out["D"])]

    # The mean of the maximum and minimum values of singularity exponent H
    out["Mean"] = (np.nanmax(out["H"]) + np.nanmin(out["H"])) / 2

    # The value of singularity spectrum D, corresponding to the maximum value of
    # singularity exponent H, indicates the maximum fluctuation of the signal.
    out["Max"] = out["D"][np.nanargmax(out["H"])]

    # The vertical distance between the singularity spectrum *D* where the singularity
    # exponents are at their minimum and maximum.
    out["Delta"] = out["D"][np.nanargmax(out["H"])] - out["D"][np.nanargmin(out["H"])]

    # the asymmetric ratio (AR) defined as the ratio between h calculated with negative q and the
    # total width of the spectrum. If the multifractal spectrum is symmetric, AR should be equal to
    # 0.5
    out["Asymmetry"] = (np.nanmin(out["H"]) - out["Peak"]) / out["Width"]

    # h-fluctuation index (hFI), which is defined as the power of the second derivative of h(q)
    # hFI tends to zero in high fractionation signals.
    if len(slopes) > 3:
        # Help needed to double check that!
        out["Fluctuation"] = np.sum(np.gradient(np.gradient(out["h"])) ** 2) / (2 * np.max(np.abs(q)) + 2)
    else:
        out["Fluctuation"] = np.nan
    # hFI tends to zero in high fractionation signals. hFI has no reference point when a set of
    # signals is evaluated, so hFI must be normalisedd, so that hFIn = 1 is the most organised and
    # the most regular signal in the set
    # BUT the formula in Orozco-Duque (2015) is weird, as HFI is a single value so cannot be
    # normalized by its range...

    # Faini (2021): new index that describes the distribution of the generalized Hurst's exponents
    # without requiring the Legendre transform. This index, αCF, is the cumulative function of the
    # squared increments of the generalized Hurst's exponents between consecutive moment orders.
    out["Increment"] = np.sum(np.gradient(slopes) ** 2 / np.gradient(q))

    return out


# --- complexity/fractal_hurst.py --------------------------------------------------------------------------------------
def fractal_hurst(signal, scale="default", corrected=True, show=False):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    n = len(signal)
    scale = _fractal_dfa_findscales(n, scale)

    # get individual values for (R/S)_n
    rs_vals = np.array([_fractal_hurst_rs(signal, window) for window in scale])

    # filter NaNs (zeros should not be possible, because if R is 0 then S is also zero)
    valid = ~np.isnan(rs_vals)
    rs_vals = rs_vals[valid]
    n_vals = np.asarray(scale)[valid]

    # it may happen that no rs vals are left (if all values of data are the same)
    if len(rs_vals) == 0:
        raise ValueError("All (R/S) values are NaN. Check your data, or try a different window length.")

    # Transform RS values
    rs_vals = np.log10(rs_vals)
    if corrected:
        rs_vals -= np.log10([expected_rs(n) for n in n_vals])
    n_vals = np.log10(n_vals)

    # fit a line to the logarithm of the obtained (R/S) values
    poly = np.polyfit(n_vals, rs_vals, 1)
    h = poly[0]  # Get the slope

    if corrected:
        h = poly[0] + 0.5

    if show:
        _fractal_hurst_plot(poly, n_vals, rs_vals, corrected=corrected, ax=None)

    return h, {"Values": n_vals, "Scores": rs_vals, "Corrected": corrected, "Intercept": poly[1]}


def expected_rs(n):
    # front = (n - 0.5) / n
    i = np.arange(1, n)
    back = np.sum(np.sqrt((n - i) / i))
    if n <= 340:
        middle = scipy.special.gamma((n - 1) * 0.5) / np.sqrt(np.pi) / scipy.special.gamma(n * 0.5)
    else:
        middle = 1.0 / np.sqrt(n * np.pi * 0.5)

    return middle * back


def _fractal_hurst_rs(signal, window):
    n = len(signal)
    m = n // window  # number of sequences
    # cut values at the end of data to make the array divisible by n
    signal = signal[: n - (n % window)]
    # split remaining data into subsequences of length n
    seqs = np.reshape(signal, (m, window))
    # calculate means of subsequences
    means = np.mean(seqs, axis=1)
    # normalize subsequences by substracting mean
    y = seqs - means.reshape((m, 1))
    # build cumulative sum of subsequences
    y = np.cumsum(y, axis=1)
    # find ranges
    r = np.max(y, axis=1) - np.min(y, axis=1)
    # find standard deviation
    # we should use the unbiased estimator, since we do not know the true mean
    s = np.std(seqs, ddof=1, axis=1)
    # some ranges may be zero and have to be excluded from the analysis
    idx = np.where(r != 0)
    r = r[idx]
    s = s[idx]
    # it may happen that all ranges are zero (if all values in data are equal)
    if len(r) == 0:
        return np.nan
    # return mean of r/s along subsequence index
    return np.mean(r / s)


def _fractal_hurst_generalized(signal, q=2):

    n = len(signal)
    H = np.zeros((len(range(5, 20)), 1))
    k = 0

    for Tmax in range(5, 20):
        x = np.arange(1, Tmax + 1, 1)
        mcord = np.zeros((Tmax, 1))

        for tt in range(1, Tmax + 1):
            dV = signal[np.arange(tt, n, tt)] - signal[np.arange(tt, n, tt) - tt]
            VV = signal[np.arange(tt, n + tt, tt) - tt]
            N = len(dV) + 1
            X = np.arange(1, N + 1, dtype=np.float64)
            Y = VV

            mx = np.sum(X) / N
            SSxx = np.sum(X**2) - N * mx**2
            my = np.sum(Y) / N
            SSxy = np.sum(np.multiply(X, Y)) - N * mx * my
            cc1 = SSxy / SSxx
            cc2 = my - cc1 * mx
            ddVd = dV - cc1
            VVVd = VV - np.multiply(cc1, np.arange(1, N + 1, dtype=np.float64)) - cc2
            mcord[tt - 1] = np.mean(np.abs(ddVd) ** q) / np.mean(np.abs(VVVd) ** q)

        mx = np.mean(np.log10(x))
        SSxx = np.sum(np.log10(x) ** 2) - Tmax * mx**2
        my = np.mean(np.log10(mcord))
        SSxy = np.sum(np.multiply(np.log10(x), np.transpose(np.log10(mcord)))) - Tmax * mx * my
        H[k] = SSxy / SSxx
        k = k + 1

    mH = np.mean(H) / q

    return mH


# --- complexity/entropy_shannon.py ------------------------------------------------------------------------------------
def entropy_shannon(signal=None, base=2, symbolize=None, show=False, freq=None, **kwargs):
    if freq is None:
        _, freq = _entropy_freq(signal, symbolize=symbolize, show=show)

    return scipy.stats.entropy(freq, base=base), {"Symbolization": symbolize, "Base": base}


def _entropy_freq(signal, symbolize=None, show=False):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # Check if string ('ABBA'), and convert each character to list (['A', 'B', 'B', 'A'])
    if isinstance(signal, str):
        signal = list(signal)

    # Force to array
    if not isinstance(signal, np.ndarray):
        signal = np.array(signal)

    # Make discrete
    if not np.isscalar(signal):
        signal = complexity_symbolize(signal, method=symbolize, show=show)

    return np.unique(signal, return_counts=True)


# --- complexity/entropy_renyi.py --------------------------------------------------------------------------------------
def entropy_renyi(signal=None, alpha=1, symbolize=None, show=False, freq=None, **kwargs):
    if freq is None:
        _, freq = _entropy_freq(signal, symbolize=symbolize, show=show)
    freq = freq / np.sum(freq)

    if np.isclose(alpha, 1):
        ren = -np.sum(freq * np.log(freq))
    else:
        ren = (1 / (1 - alpha)) * np.log(np.sum(freq**alpha))

    return ren, {"Symbolization": symbolize}


# --- complexity/entropy_tsallis.py ------------------------------------------------------------------------------------
def entropy_tsallis(signal=None, q=1, symbolize=None, show=False, freq=None, **kwargs):
    if freq is None:
        _, freq = _entropy_freq(signal, symbolize=symbolize, show=show)
    freq = freq / np.sum(freq)

    if np.isclose(q, 1):
        lnq_1_over_p = np.log(1 / freq)
    else:
        lnq_1_over_p = ((1 / freq) ** (1 - q) - 1) / (1 - q)

    tsens = freq * lnq_1_over_p
    return np.sum(tsens), {"Symbolization": symbolize, "Values": tsens}


# --- complexity/entropy_cumulativeresidual.py -------------------------------------------------------------------------
def entropy_cumulativeresidual(signal, symbolize=None, show=False, freq=None):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    if freq is None:
        events, freq = _entropy_freq(signal, symbolize=symbolize, show=show)
    freq = freq / np.sum(freq)

    events, freq = zip(*sorted(zip(events, freq)))

    # Get the CDF
    cdf = {a: _ for a, _ in zip(events, np.cumsum(freq))}
    terms = np.zeros(len(events))
    for i, (a, b) in enumerate(_entropy_cumulativeresidual_pairwise(events)):
        pgx = cdf[a]
        term = (b - a) * pgx * np.log2(pgx)
        terms[i] = term

    return -np.nansum(terms), {"Values": terms, "Symbolization": symbolize}


def _entropy_cumulativeresidual_pairwise(iterable):
    a, b = itertools.tee(iterable)
    next(b, None)
    return zip(a, b)


# --- complexity/entropy_svd.py ----------------------------------------------------------------------------------------
def entropy_svd(signal, delay=1, dimension=2, show=False):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    embedded = complexity_embedding(signal, delay=delay, dimension=dimension, show=show)
    W = np.linalg.svd(embedded, compute_uv=False)  # Compute SVD
    W /= np.sum(W)  # Normalize singular values

    return -1 * sum(W * np.log2(W)), {"Dimension": dimension, "Delay": delay}


# --- complexity/information_fisher.py ---------------------------------------------------------------------------------
def fisher_information(signal, delay=1, dimension=2):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    embedded = complexity_embedding(signal, delay=delay, dimension=dimension)
    W = np.linalg.svd(embedded, compute_uv=False)
    W /= np.sum(W)  # normalize singular values
    FI_v = (W[1:] - W[:-1]) ** 2 / W[:-1]

    return np.sum(FI_v), {"Dimension": dimension, "Delay": delay, "Values": FI_v}


# --- complexity/entropy_increment.py ----------------------------------------------------------------------------------
def entropy_increment(signal, dimension=2, q=4, **kwargs):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # Store parameters
    info = {"Dimension": dimension, "q": q}

    # Time-embedding of the consecutive differences ("increment series")
    embedded = complexity_embedding(np.diff(signal), dimension=dimension, **kwargs)

    # The sign indicates the direction of the volatility between the corresponding neighbouring
    # elements in the original time series; it takes values of 1, 0, or 1, indicating a rise, no
    # change, or a decline
    sign = np.sign(embedded)

    # The size describes the magnitude of the variation between these adjacent elements
    Temp = np.tile(np.std(embedded, axis=1, ddof=1, keepdims=True), (1, dimension))
    size = np.minimum(q, np.floor(abs(embedded) * q / Temp))
    size[np.any(Temp == 0, axis=1), :] = 0

    # Each element in each vector is mapped to a word consisting of the sign and the size
    words = sign * size

    # Get probabilities of occurence
    freq = np.unique(words, axis=0)
    freq = [np.sum(~np.any(words - freq[k, :], axis=1)) for k in range(len(freq))]
    freq = np.array(freq) / np.sum(freq)

    # Compute entropy
    incren, _ = entropy_shannon(freq=freq, **kwargs)

    # Normalize
    incren = incren / (dimension - 1)

    return incren, info


# --- complexity/entropy_slope.py --------------------------------------------------------------------------------------
def entropy_slope(signal, dimension=3, thresholds=[0.1, 45], **kwargs):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # Store parameters
    info = {"Dimension": dimension}

    # We could technically expose the Delay, but the paper is about consecutive differences so...
    if "delay" in kwargs.keys():
        delay = kwargs["delay"]
        kwargs.pop("delay")
    else:
        delay = 1

    # each subsequence of length m drawn from x, can be transformed into another subsequence of
    # length m-1 with the differences of each pair of consecutive samples
    Tx = np.degrees(np.arctan(signal[delay:] - signal[:-delay]))
    N = len(Tx)

    # a threshold or thresholds must be applied to these differences in order to find the
    # corresponding symbolic representation
    symbols = np.zeros(N)
    for q in range(1, len(thresholds)):
        symbols[np.logical_and(Tx <= thresholds[q], Tx > thresholds[q - 1])] = q
        symbols[np.logical_and(Tx >= -thresholds[q], Tx < -thresholds[q - 1])] = -q

        if q == len(thresholds) - 1:
            symbols[Tx > thresholds[q]] = q + 1
            symbols[Tx < -thresholds[q]] = -(q + 1)

    unique = np.array([symbols[k : N - dimension + k + 1] for k in range(dimension - 1)]).T
    _, freq = np.unique(unique, axis=0, return_counts=True)

    # Shannon Entropy
    slopen, _ = entropy_shannon(freq=freq / freq.sum(), **kwargs)

    return slopen, info


# --- complexity/complexity_lempelziv.py -------------------------------------------------------------------------------
def complexity_lempelziv(
    signal,
    delay=1,
    dimension=2,
    permutation=False,
    symbolize="mean",
    **kwargs,
):

    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # Store parameters
    info = {"Permutation": permutation}

    # Permutation or not
    if permutation:
        info["Dimension"] = dimension
        info["Delay"] = delay
        # Permutation on the signal (i.e., converting to ordinal pattern).
        _, info = complexity_ordinalpatterns(signal, delay=delay, dimension=dimension, **kwargs)
        symbolic = info["Uniques"]
    else:
        # Binarize the signal
        symbolic = complexity_symbolize(signal, method=symbolize, **kwargs)

    # Count using the lempelziv algorithm
    info["Complexity_Kolmogorov"], n = _complexity_lempelziv_count(symbolic)

    # Normalize
    if permutation is False:
        lzc = (info["Complexity_Kolmogorov"] * np.log2(n)) / n
    else:
        lzc = (info["Complexity_Kolmogorov"] * np.log2(n) / np.log2(math.factorial(dimension))) / n

    return lzc, info


def _complexity_lempelziv_count(symbolic):

    # TODO: I really can't imagine that there is no faster way of doing that that with a while loop

    # Convert to string (faster)
    string = "".join(list(symbolic.astype(int).astype(str)))

    # Initialize variables
    n = len(string)

    s = "0" + string
    c = 1
    j = 1
    i = 0
    k = 1
    k_max = 1
    stop = False

    # Start counting
    while stop is False:
        if s[i + k] != s[j + k]:
            # k_max stores the length of the longest pattern in the LA that has been matched
            # somewhere in the SB
            k_max = max(k_max, k)

            # we increase i while the bit doesn't match, looking for a previous occurrence of a
            # pattern. s[i+k] is scanning the "search buffer" (SB)
            i = i + 1
            # we stop looking when i catches up with the first bit of the "look-ahead" (LA) part.
            if i == j:
                # If we were actually compressing, we would add the new token here. here we just
                # count reconstruction STEPs
                c = c + 1
                # we move the beginning of the LA to the end of the newly matched pattern.
                j = j + k_max
                # if the LA surpasses length of string, then we stop.
                if j + 1 > n:
                    stop = True
                # after STEP,
                else:
                    # we reset the searching index to beginning of SB (beginning of string)
                    i = 0
                    # we reset pattern matching index. Note that we are actually matching against
                    # the first bit of the string, because we added an extra 0 above, so i+k is the
                    # first bit of the string.
                    k = 1
                    # and we reset max length of matched pattern to k.
                    k_max = 1
            else:
                # we've finished matching a pattern in the SB, and we reset the matched pattern
                # length counter.
                k = 1
        # I increase k as long as the pattern matches, i.e. as long as s[j+k] bit string can be
        # reconstructed by s[i+k] bit string. Note that the matched pattern can "run over" j
        # because the pattern starts copying itself (see LZ 76 paper). This is just what happens
        # when you apply the cloning tool on photoshop to a region where you've already cloned...
        else:
            k = k + 1
            # if we reach the end of the string while matching, we need to add that to the tokens,
            # and stop.
            if j + k > n:
                c = c + 1
                stop = True

    return c, n


# --- complexity/complexity_decorrelation.py ---------------------------------------------------------------------------
def complexity_decorrelation(signal, show=False):
    # Sanity checks
    if isinstance(signal, (np.ndarray, pd.DataFrame)) and signal.ndim > 1:
        raise ValueError("Multidimensional inputs (e.g., matrices or multichannel data) are not supported yet.")

    # Unbiased autocor (see https://github.com/mne-tools/mne-features/)
    autocor, _ = signal_autocor(signal, unbiased=True)

    # Get zero-crossings
    zc = np.diff(np.sign(autocor)) != 0
    if np.any(zc):
        dt = np.argmax(zc) + 1
    else:
        dt = -1

    if show is True:
        # Max length of autocorrelation to plot
        max_len = int(dt * 4)
        max_len = min(max_len, len(autocor))

        plt.plot(autocor[0:max_len])
        plt.xlabel("Lag")
        plt.ylabel("Autocorrelation")
        plt.xticks(np.arange(0, max_len, step=dt).astype(int))
        plt.axvline(dt, color="red", linestyle="--", label=f"DT = {dt}")
        plt.axhline(0, color="black", linestyle="--")
        plt.title("Decorrelation Time (DT)")
        plt.legend()

    return dt, {}


# --- hrv/intervals_utils.py -------------------------------------------------------------------------------------------
def _intervals_successive(intervals, intervals_time=None, thresh_unequal=10, n_diff=1):

    # Convert to numpy array
    intervals = np.array(intervals)

    if intervals_time is None:
        intervals_time = np.nancumsum(intervals / 1000)
    else:
        intervals_time = np.array(intervals_time).astype(float)

    intervals_time[np.isnan(intervals)] = np.nan

    diff_intervals_time_ms = np.diff(intervals_time, n=n_diff) * 1000

    abs_error_intervals_ref_time = abs(diff_intervals_time_ms - np.diff(intervals[1:], n=n_diff - 1))

    successive_intervals = abs_error_intervals_ref_time <= thresh_unequal

    return np.array(successive_intervals)


def _intervals_time_uniform(intervals_time, decimals=3):
    return len(np.unique(np.round(np.diff(intervals_time), decimals=decimals))) == 1


def _intervals_sanitize(intervals, intervals_time=None, remove_missing=True):
    if intervals is None:
        return None, None
    else:
        # Ensure that input is numpy array
        intervals = np.array(intervals)
    if intervals_time is None:
        # Impute intervals with median in case of missing values to calculate timestamps
        imputed_intervals = np.where(np.isnan(intervals), np.nanmedian(intervals, axis=0), intervals)
        # Compute the timestamps of the intervals in seconds
        intervals_time = np.nancumsum(imputed_intervals / 1000)
    else:
        # Ensure that input is numpy array
        intervals_time = np.array(intervals_time)

        # Confirm that timestamps are in seconds
        successive_intervals = _intervals_successive(intervals, intervals_time=intervals_time)

        if not np.all(successive_intervals):
            # Check whether intervals appear to be interpolated
            if not _intervals_time_uniform(intervals_time):
                # If none of the differences between timestamps match
                # the length of the R-R intervals in seconds,
                # try converting milliseconds to seconds
                converted_successive_intervals = _intervals_successive(intervals, intervals_time=intervals_time / 1000)

                # Check if converting to seconds increased the number of differences
                # between timestamps that match the length of the R-R intervals in seconds
                if len(converted_successive_intervals[converted_successive_intervals]) > len(
                    successive_intervals[successive_intervals]
                ):
                    # Assume timestamps were passed in milliseconds and convert to seconds
                    intervals_time = intervals_time / 1000

    intervals_missing = _intervals_missing(intervals, intervals_time)

    if remove_missing:
        # Remove NaN R-R intervals, if any
        intervals_time = intervals_time[np.isfinite(intervals)]
        intervals = intervals[np.isfinite(intervals)]
    return intervals, intervals_time, intervals_missing


def _intervals_missing(intervals, intervals_time=None):
    if len(intervals[np.isfinite(intervals)]) < len(intervals):
        return True
    elif intervals_time is not None:
        successive_intervals = _intervals_successive(intervals, intervals_time=intervals_time)
        if not np.all(successive_intervals) and np.any(successive_intervals):
            # Check whether intervals appear to be interpolated
            if not _intervals_time_uniform(intervals_time):
                return True
    return False


# --- hrv/hrv_utils.py -------------------------------------------------------------------------------------------------
def _hrv_get_rri(peaks=None, sampling_rate=1000):
    if peaks is None:
        return None, None, None
    # Compute R-R intervals (also referred to as NN) in milliseconds
    rri = np.diff(peaks) / sampling_rate * 1000
    rri, rri_time, rri_missing = _intervals_sanitize(rri)
    return rri, rri_time, rri_missing


def _hrv_format_input(peaks=None, sampling_rate=1000, output_format="intervals"):
    if isinstance(peaks, tuple):
        rri, rri_time, rri_missing, sampling_rate = _hrv_sanitize_tuple(peaks, sampling_rate=sampling_rate)
    elif isinstance(peaks, (dict, pd.DataFrame)):
        rri, rri_time, rri_missing, sampling_rate = _hrv_sanitize_dict_or_df(peaks, sampling_rate=sampling_rate)
    else:
        peaks = _hrv_sanitize_peaks(peaks)
        rri, rri_time, rri_missing = _hrv_get_rri(peaks, sampling_rate=sampling_rate)
    if output_format == "intervals":
        return rri, rri_time, rri_missing
    elif output_format == "peaks":
        return (
            intervals_to_peaks(rri, intervals_time=rri_time, sampling_rate=sampling_rate),
            sampling_rate,
        )


def _hrv_sanitize_peaks(peaks):
    if isinstance(peaks, pd.Series):
        peaks = peaks.values

    if len(np.unique(peaks)) == 2:
        if np.all(np.unique(peaks) == np.array([0, 1])):
            peaks = np.where(peaks == 1)[0]

    if isinstance(peaks, list):
        peaks = np.array(peaks)

    if peaks is not None:
        if isinstance(peaks, tuple):
            if any(np.diff(peaks[0]) < 0):  # not continuously increasing
                raise ValueError(
                    "NeuroKit error: _hrv_sanitize_input(): "
                    + "The peak indices passed were detected as non-consecutive. You might have passed RR "
                    + "intervals instead of peaks. If so, convert RRIs into peaks using "
                    + "nk.intervals_to_peaks()."
                )
        elif any(np.diff(peaks) < 0):
            raise ValueError(
                "NeuroKit error: _hrv_sanitize_input(): "
                + "The peak indices passed were detected as non-consecutive. You might have passed RR "
                + "intervals instead of peaks. If so, convert RRIs into peaks using "
                + "nk.intervals_to_peaks()."
            )

    return peaks


# --- hrv/hrv_time.py --------------------------------------------------------------------------------------------------
def hrv_time(peaks, sampling_rate=1000, show=False, **kwargs):
    # Sanitize input
    # If given peaks, compute R-R intervals (also referred to as NN) in milliseconds
    rri, rri_time, rri_missing = _hrv_format_input(peaks, sampling_rate=sampling_rate)

    diff_rri = np.diff(rri)

    if rri_missing:
        # Only include successive differences
        diff_rri = diff_rri[_intervals_successive(rri, intervals_time=rri_time)]

    out = {}  # Initialize empty container for results

    # Deviation-based
    out["MeanNN"] = np.nanmean(rri)
    out["SDNN"] = np.nanstd(rri, ddof=1)
    for i in [1, 2, 5]:
        out["SDANN" + str(i)] = _sdann(rri, rri_time=rri_time, window=i)
        out["SDNNI" + str(i)] = _sdnni(rri, rri_time=rri_time, window=i)

    # Difference-based
    out["RMSSD"] = np.sqrt(np.nanmean(diff_rri**2))
    out["SDSD"] = np.nanstd(diff_rri, ddof=1)

    # Normalized
    out["CVNN"] = out["SDNN"] / out["MeanNN"]
    out["CVSD"] = out["RMSSD"] / out["MeanNN"]

    # Robust
    out["MedianNN"] = np.nanmedian(rri)
    out["MadNN"] = mad(rri)
    out["MCVNN"] = out["MadNN"] / out["MedianNN"]  # Normalized
    out["IQRNN"] = scipy.stats.iqr(rri)
    out["SDRMSSD"] = out["SDNN"] / out["RMSSD"]  # Sollers (2007)
    out["Prc20NN"] = np.nanpercentile(rri, q=20)
    out["Prc80NN"] = np.nanpercentile(rri, q=80)

    # Extreme-based
    nn50 = np.sum(np.abs(diff_rri) > 50)
    nn20 = np.sum(np.abs(diff_rri) > 20)
    out["pNN50"] = nn50 / (len(diff_rri) + 1) * 100
    out["pNN20"] = nn20 / (len(diff_rri) + 1) * 100
    out["MinNN"] = np.nanmin(rri)
    out["MaxNN"] = np.nanmax(rri)

    # Geometrical domain
    binsize = kwargs.get("binsize", ((1 / 128) * 1000))

    bins = np.arange(0, np.max(rri) + binsize, binsize)
    bar_y, bar_x = np.histogram(rri, bins=bins)
    # HRV Triangular Index
    out["HTI"] = len(rri) / np.max(bar_y)
    # Triangular Interpolation of the NN Interval Histogram
    out["TINN"] = _hrv_TINN(rri, bar_x, bar_y, binsize)

    if show:
        _hrv_time_show(rri, **kwargs)

    # adapted: the dict itself, not ``pd.DataFrame.from_dict(out, orient="index").T.add_prefix("HRV_")``
    return out


def _sdann(rri, rri_time=None, window=1):
    window_size = window * 60 * 1000  # Convert window in min to ms
    if rri_time is None:
        # Compute the timestamps of the R-R intervals in seconds
        rri_time = np.nancumsum(rri / 1000)
    # Convert timestamps to milliseconds and ensure first timestamp is equal to first interval
    rri_cumsum = (rri_time - rri_time[0]) * 1000 + rri[0]
    n_windows = int(np.round(rri_cumsum[-1] / window_size))
    if n_windows < 3:
        return np.nan
    avg_rri = []
    for i in range(n_windows):
        start = i * window_size
        start_idx = np.where(rri_cumsum >= start)[0][0]
        end_idx = np.where(rri_cumsum < start + window_size)[0][-1]
        avg_rri.append(np.nanmean(rri[start_idx : end_idx + 1]))
    sdann = np.nanstd(avg_rri, ddof=1)
    return sdann


def _sdnni(rri, rri_time=None, window=1):
    window_size = window * 60 * 1000  # Convert window in min to ms
    if rri_time is None:
        # Compute the timestamps of the R-R intervals in seconds
        rri_time = np.nancumsum(rri / 1000)
    # Convert timestamps to milliseconds and ensure first timestamp is equal to first interval
    rri_cumsum = (rri_time - rri_time[0]) * 1000 + rri[0]
    n_windows = int(np.round(rri_cumsum[-1] / window_size))
    if n_windows < 3:
        return np.nan
    sdnn_ = []
    for i in range(n_windows):
        start = i * window_size
        start_idx = np.where(rri_cumsum >= start)[0][0]
        end_idx = np.where(rri_cumsum < start + window_size)[0][-1]
        sdnn_.append(np.nanstd(rri[start_idx : end_idx + 1], ddof=1))
    sdnni = np.nanmean(sdnn_)
    return sdnni


def _hrv_TINN(rri, bar_x, bar_y, binsize):
    # set pre-defined conditions
    min_error = np.inf
    X = bar_x[np.argmax(bar_y)]  # bin where Y is max
    Y = np.max(bar_y)  # max value of Y
    idx_where = np.where(bar_x - np.min(rri) > 0)[0]
    if len(idx_where) == 0:
        return np.nan
    n = bar_x[idx_where[0]]  # starting search of N
    m = X + binsize  # starting search value of M
    N = 0
    M = 0
    # start to find best values of M and N where least square is minimized
    while n < X:
        while m < np.max(rri):
            n_start = np.where(bar_x == n)[0][0]
            n_end = np.where(bar_x == X)[0][0]
            qn = np.polyval(np.polyfit([n, X], [0, Y], deg=1), bar_x[n_start : n_end + 1])
            m_start = np.where(bar_x == X)[0][0]
            m_end = np.where(bar_x == m)[0][0]
            qm = np.polyval(np.polyfit([X, m], [Y, 0], deg=1), bar_x[m_start : m_end + 1])
            q = np.zeros(len(bar_x))
            q[n_start : n_end + 1] = qn
            q[m_start : m_end + 1] = qm
            # least squares error
            error = np.sum((bar_y[n_start : m_end + 1] - q[n_start : m_end + 1]) ** 2)
            if error < min_error:
                N = n
                M = m
                min_error = error
            m += binsize
        n += binsize
    return M - N


# --- wrappers: the keyword arguments -----------------------------------------------------------------------------------
def signal_zerocrossings_up(signal):
    return signal_zerocrossings(signal, direction="up")


def signal_smooth_boxcar(signal):
    return signal_smooth(signal, kernel="boxcar", size=5)


def signal_smooth_median(signal):
    return signal_smooth(signal, kernel="median", size=10)


def signal_smooth_hann(signal):
    return signal_smooth(signal, kernel="hann", size=7)


def signal_detrend_locreg(signal):
    return _signal_detrend_locreg(signal, window=1.5, stepsize=0.02, sampling_rate=100)


def fit_polynomial_order2(y, X):
    return _fit_polynomial(y, X, order=2)


def signal_autocor_cor(signal):
    return signal_autocor(signal, method="cor")


def signal_autocor_fft_lag(signal):
    return signal_autocor(signal, lag=3, method="unbiased")


def signal_binarize_mean(signal):
    return signal_binarize(signal, threshold="mean")


def rescale_to(data):
    return rescale(data, to=[-1, 1], scale=[-3, 3])


def standardize_robust(data):
    return standardize(data, robust=True)


def complexity_embedding_d2(signal):
    return complexity_embedding(signal, delay=2, dimension=3)


def fractal_petrosian_a(signal):
    return fractal_petrosian(signal, symbolize="A")


def fractal_petrosian_b(signal):
    return fractal_petrosian(signal, symbolize="B")


def fractal_petrosian_d(signal):
    return fractal_petrosian(signal, symbolize="D")


def complexity_symbolize_median(signal):
    return complexity_symbolize(signal, method="median")


def complexity_symbolize_r(signal):
    return complexity_symbolize(signal, method="r")


def complexity_symbolize_mep(signal):
    return complexity_symbolize(signal, method="mep", c=4)


def complexity_symbolize_linear(signal):
    return complexity_symbolize(signal, method="linear", c=4)


def complexity_symbolize_uniform(signal):
    return complexity_symbolize(signal, method="uniform", c=3)


def complexity_symbolize_equal(signal):
    return complexity_symbolize(signal, method="equal", c=3)


def fractal_higuchi_k8(signal):
    return fractal_higuchi(signal, k_max=8)


def fractal_dfa_scales(signal):
    return fractal_dfa(signal, scale=[8, 12, 16, 24, 32])


def fractal_dfa_no_overlap(signal):
    return fractal_dfa(signal, scale=[8, 16, 32], overlap=False, order=2)


def fractal_dfa_q(signal):
    return fractal_dfa(signal, scale=[8, 12, 16, 24], q=[-2, 0, 2, 4])


def fractal_hurst_uncorrected(signal):
    return fractal_hurst(signal, scale=[8, 16, 32, 64], corrected=False)


def fractal_hurst_scales(signal):
    return fractal_hurst(signal, scale=[8, 16, 32, 64])


def expected_rs_small(signal):
    return expected_rs(len(signal))


def entropy_shannon_freq(freq):
    return entropy_shannon(freq=freq)


def entropy_renyi_2(freq):
    return entropy_renyi(freq=freq, alpha=2)


def entropy_renyi_1(freq):
    return entropy_renyi(freq=freq, alpha=1)


def entropy_tsallis_2(freq):
    return entropy_tsallis(freq=freq, q=2)


def entropy_shannon_symbolize(signal):
    return entropy_shannon(signal, symbolize="A")


def entropy_svd_d3(signal):
    return entropy_svd(signal, delay=1, dimension=3)


def entropy_increment_d3(signal):
    return entropy_increment(signal, dimension=3, q=4)


def complexity_tolerance_sd(signal):
    return complexity_tolerance(signal, method="sd")


def complexity_tolerance_nolds(signal):
    return complexity_tolerance(signal, method="nolds", dimension=3)


def complexity_tolerance_chon(signal):
    return complexity_tolerance(signal, method="chon", dimension=2)


def complexity_tolerance_makowski(signal):
    return complexity_tolerance(signal, method="makowski", dimension=3)


def complexity_tolerance_recurrence(signal):
    return complexity_tolerance(signal, method="recurrence", delay=1, dimension=2, r_range=20)


def complexity_tolerance_bin(signal):
    return complexity_tolerance(signal, method="bin", delay=1, dimension=2)


def sdann_1min(rri):
    return _sdann(rri, window=1)


def sdnni_1min(rri):
    return _sdnni(rri, window=1)


def hrv_tinn(rri):
    binsize = (1 / 128) * 1000
    bins = np.arange(0, np.max(rri) + binsize, binsize)
    bar_y, bar_x = np.histogram(rri, bins=bins)
    return _hrv_TINN(rri, bar_x, bar_y, binsize)


# --- inputs --------------------------------------------------------------------------------------------------------------
def _sine(rng, n=128):
    return np.sin(np.linspace(0, 6 * np.pi, n)) + 0.3 * rng.normal(size=n)


def _walk(rng, n=256):
    return np.cumsum(rng.normal(size=n))


def _with_nan(rng, n=64):
    x = _sine(rng, n)
    x[[5, 40]] = np.nan
    return x


def _symbols(rng, n=60, k=4):
    return rng.integers(0, k, size=n)


def _freq(rng, k=6):
    f = rng.uniform(0.05, 1.0, size=k)
    return f / f.sum()


def _peaks(rng, n=460):
    """R-peak sample indices at 1000 Hz, RR intervals about 800 ms: a little over six minutes."""
    return np.cumsum(np.round(rng.normal(800, 40, size=n))).astype(int) + 500


def _rri(rng, n=460):
    return np.round(rng.normal(800, 40, size=n))


_SM = "signal/signal_smooth.py"
_CT = "complexity/optim_complexity_tolerance.py"
_SY = "complexity/utils_complexity_symbolize.py"
_DFA = "complexity/fractal_dfa.py"
_HU = "complexity/fractal_hurst.py"
_HT = "hrv/hrv_time.py"
_IU = "hrv/intervals_utils.py"

CASES = [
    # signal
    case(signal_zerocrossings, lambda rng: (_sine(rng),), NK("signal/signal_zerocrossings.py", "signal_zerocrossings",
         "direction='both': np.nonzero")),
    case(signal_zerocrossings_up, lambda rng: (_sine(rng),), NK("signal/signal_zerocrossings.py", "signal_zerocrossings",
         "direction='up': np.where")),
    case(signal_smooth, lambda rng: (_sine(rng),), NK(_SM, "signal_smooth", "kernel='boxzen': uniform_filter1d then parzen")),
    case(signal_smooth_boxcar, lambda rng: (_sine(rng),), NK(_SM, "signal_smooth", "kernel='boxcar'")),
    case(signal_smooth_median, lambda rng: (_sine(rng),), NK(_SM, "signal_smooth", "kernel='median', even size made odd")),
    case(signal_smooth_hann, lambda rng: (_sine(rng),), NK(_SM, "signal_smooth", "kernel='hann': get_window, np.convolve")),
    case(signal_detrend_locreg, lambda rng: (_walk(rng, 200) + np.linspace(0, 5, 200),),
         NK("signal/signal_detrend.py", "_signal_detrend_locreg", "a loop of slice writes of 25 windows")),
    case(fit_polynomial_order2, lambda rng: (_walk(rng, 50), np.linspace(0, 100, 50)),
         NK("stats/fit_polynomial.py", "_fit_polynomial", "np.polyfit, np.polyval")),
    case(signal_autocor, lambda rng: (_sine(rng, 64),), NK("signal/signal_autocor.py", "signal_autocor",
         "method='auto': scipy.signal.correlate")),
    case(signal_autocor_cor, lambda rng: (_sine(rng, 64),), NK("signal/signal_autocor.py", "signal_autocor",
         "method='cor': np.correlate")),
    case(signal_autocor_fft_lag, lambda rng: (_sine(rng, 64),), NK("signal/signal_autocor.py", "signal_autocor",
         "method='unbiased': FFT, normalised, lag=3")),
    case(signal_binarize, lambda rng: (_sine(rng),), NK("signal/signal_binarize.py", "signal_binarize",
         "threshold='auto': a masked write")),
    case(signal_binarize_mean, lambda rng: (_sine(rng),), NK("signal/signal_binarize.py", "signal_binarize",
         "threshold='mean'")),
    # stats
    case(rescale, lambda rng: (_walk(rng, 40),), NK("stats/rescale.py", "rescale")),
    case(rescale_to, lambda rng: (rng.normal(size=(4, 5)),), NK("stats/rescale.py", "rescale", "to=[-1, 1], scale given")),
    case(standardize, lambda rng: (_walk(rng, 40),), NK("stats/standardize.py", "standardize", "np.nanstd ddof=1")),
    case(standardize_robust, lambda rng: (rng.normal(size=(20, 3)),), NK("stats/standardize.py", "standardize",
         "robust=True, 2-D: np.apply_along_axis(mad), np.ma")),
    case(mad, lambda rng: (rng.normal(size=31),), NK("stats/mad.py", "mad", "np.ma.array(x).compressed()")),
    # complexity
    case(complexity_embedding_d2, lambda rng: (_sine(rng, 50),), NK("complexity/utils_complexity_embedding.py",
         "complexity_embedding", "delay=2, dimension=3: row writes in a loop")),
    case(complexity_hjorth, lambda rng: (_sine(rng),), NK("complexity/complexity_hjorth.py", "complexity_hjorth")),
    case(fractal_katz, lambda rng: (_sine(rng),), NK("complexity/fractal_katz.py", "fractal_katz")),
    case(fractal_katz, lambda rng: (_with_nan(rng),), NK("complexity/fractal_katz.py", "fractal_katz",
         "two NaN: the ~np.isnan mask"), name="neurokit.fractal_katz_nan"),
    case(fractal_petrosian, lambda rng: (_sine(rng),), NK("complexity/fractal_petrosian.py", "fractal_petrosian",
         "symbolize='C': np.signbit of the diff")),
    case(fractal_petrosian_a, lambda rng: (_sine(rng),), NK("complexity/fractal_petrosian.py", "fractal_petrosian", "'A'")),
    case(fractal_petrosian_b, lambda rng: (_sine(rng),), NK("complexity/fractal_petrosian.py", "fractal_petrosian", "'B'")),
    case(fractal_petrosian_d, lambda rng: (_sine(rng),), NK("complexity/fractal_petrosian.py", "fractal_petrosian", "'D'")),
    case(complexity_symbolize_median, lambda rng: (_sine(rng, 40),), NK(_SY, "complexity_symbolize", "method='median'")),
    case(complexity_symbolize_r, lambda rng: (_sine(rng, 40),), NK(_SY, "complexity_symbolize",
         "method='r': complexity_tolerance")),
    case(complexity_symbolize_mep, lambda rng: (_sine(rng, 40),), NK(_SY, "complexity_symbolize",
         "method='mep': np.digitize on sorted quantiles")),
    case(complexity_symbolize_linear, lambda rng: (_sine(rng, 40),), NK(_SY, "complexity_symbolize",
         "method='linear': np.arange of data bounds")),
    case(complexity_symbolize_uniform, lambda rng: (_sine(rng, 40),), NK(_SY, "complexity_symbolize",
         "method='uniform': a write through argsort")),
    case(complexity_symbolize_equal, lambda rng: (_sine(rng, 40),), NK(_SY, "complexity_symbolize",
         "method='equal': a loop of writes through slices of argsort")),
    case(fractal_linelength, lambda rng: (_with_nan(rng),), NK("complexity/fractal_linelength.py", "fractal_linelength",
         "NaN dropped")),
    case(fractal_sevcik, lambda rng: (_sine(rng),), NK("complexity/fractal_sevcik.py", "fractal_sevcik", "rescale")),
    case(fractal_higuchi_k8, lambda rng: (_walk(rng, 100),), NK("complexity/fractal_higuchi.py", "fractal_higuchi",
         "k_max=8: np.vectorize(excluded=[1]) of _complexity_k_Lk, NaN writes through a mask, np.polyfit")),
    case(fractal_dfa_scales, lambda rng: (_walk(rng, 200),), NK(_DFA, "fractal_dfa",
         "scale a list: overlapping windows from a list comprehension, np.polyfit of a matrix")),
    case(fractal_dfa_no_overlap, lambda rng: (rng.normal(size=200),), NK(_DFA, "fractal_dfa",
         "overlap=False (reshape), order=2")),
    case(fractal_dfa_q, lambda rng: (rng.normal(size=200),), NK(_DFA, "fractal_dfa",
         "q=[-2, 0, 2, 4]: np.float_power, the q=0 column inserted")),
    case(_singularity_spectrum, lambda rng: (np.array([-5.0, -3, -1, 0, 1, 3, 5]), np.sort(rng.uniform(0.5, 1.5, 7))[::-1]),
         NK(_DFA, "_singularity_spectrum", "np.gradient, nanargmax")),
    case(fractal_hurst_scales, lambda rng: (rng.normal(size=256),), NK(_HU, "fractal_hurst",
         "corrected: expected_rs's scipy.special.gamma in a list comprehension")),
    case(fractal_hurst_uncorrected, lambda rng: (_walk(rng, 256),), NK(_HU, "fractal_hurst", "corrected=False")),
    case(_fractal_hurst_generalized, lambda rng: (_walk(rng, 120),), NK(_HU, "_fractal_hurst_generalized",
         "nested loops writing column vectors")),
    case(expected_rs_small, lambda rng: (rng.normal(size=50),), NK(_HU, "expected_rs", "n=50 <= 340: gamma")),
    case(expected_rs_small, lambda rng: (rng.normal(size=400),), NK(_HU, "expected_rs", "n=400: the asymptotic form"),
         name="neurokit.expected_rs_large"),
    case(entropy_shannon_symbolize, lambda rng: (_sine(rng),), NK("complexity/entropy_shannon.py", "entropy_shannon",
         "symbolize='A': np.unique(return_counts=True), scipy.stats.entropy")),
    case(entropy_shannon, lambda rng: (_symbols(rng),), NK("complexity/entropy_shannon.py", "entropy_shannon",
         "integer symbols")),
    case(entropy_shannon_freq, lambda rng: (_freq(rng),), NK("complexity/entropy_shannon.py", "entropy_shannon", "freq=")),
    case(entropy_renyi_2, lambda rng: (_freq(rng),), NK("complexity/entropy_renyi.py", "entropy_renyi", "alpha=2")),
    case(entropy_renyi_1, lambda rng: (_freq(rng),), NK("complexity/entropy_renyi.py", "entropy_renyi",
         "alpha=1: np.isclose on a Python number")),
    case(entropy_tsallis_2, lambda rng: (_freq(rng),), NK("complexity/entropy_tsallis.py", "entropy_tsallis", "q=2")),
    case(entropy_cumulativeresidual, lambda rng: (_symbols(rng),), NK("complexity/entropy_cumulativeresidual.py",
         "entropy_cumulativeresidual", "sorted(zip(...)), a dict keyed by events, itertools.tee")),
    case(entropy_svd_d3, lambda rng: (_sine(rng, 80),), NK("complexity/entropy_svd.py", "entropy_svd",
         "np.linalg.svd, Python sum")),
    case(fisher_information, lambda rng: (_sine(rng, 80),), NK("complexity/information_fisher.py", "fisher_information")),
    case(entropy_increment_d3, lambda rng: (_sine(rng, 80),), NK("complexity/entropy_increment.py", "entropy_increment",
         "np.unique(axis=0), a list comprehension of counts")),
    case(entropy_slope, lambda rng: (_sine(rng, 80),), NK("complexity/entropy_slope.py", "entropy_slope",
         "masked writes in a loop, np.unique(axis=0, return_counts=True)")),
    case(complexity_lempelziv, lambda rng: (_sine(rng, 80),), NK("complexity/complexity_lempelziv.py",
         "complexity_lempelziv", "a string of symbols, a while loop over characters")),
    case(complexity_decorrelation, lambda rng: (_sine(rng, 80),), NK("complexity/complexity_decorrelation.py",
         "complexity_decorrelation", "argmax of the first sign change, an if np.any")),
    case(complexity_tolerance_sd, lambda rng: (_sine(rng),), NK(_CT, "complexity_tolerance", "method='sd'")),
    case(complexity_tolerance_nolds, lambda rng: (_sine(rng),), NK(_CT, "complexity_tolerance", "method='nolds'")),
    case(complexity_tolerance_chon, lambda rng: (_sine(rng),), NK(_CT, "complexity_tolerance",
         "method='chon': a list indexed by dimension")),
    case(complexity_tolerance_makowski, lambda rng: (_sine(rng),), NK(_CT, "complexity_tolerance", "method='makowski'")),
    case(complexity_tolerance_recurrence, lambda rng: (_sine(rng, 40),), NK(_CT, "complexity_tolerance",
         "method='recurrence': cdist, a loop over r_range of enumerate")),
    case(complexity_tolerance_bin, lambda rng: (_sine(rng, 40),), NK(_CT, "complexity_tolerance",
         "method='bin': np.histogram(density=True) of the lower triangle")),
    case(_phi_divide, lambda rng: (rng.uniform(0.2, 0.9, size=2),), NK("complexity/utils_entropy.py", "_phi_divide",
         "an if chain on np.isclose")),
    # hrv
    case(hrv_time, lambda rng: (_peaks(rng),), NK(_HT, "hrv_time", "the whole dict: SDANN/SDNNI loops, TINN's while loops")),
    case(sdann_1min, lambda rng: (_rri(rng),), NK(_HT, "_sdann", "window=1: np.where(...)[0][0] in a loop")),
    case(sdnni_1min, lambda rng: (_rri(rng),), NK(_HT, "_sdnni", "window=1")),
    case(hrv_tinn, lambda rng: (_rri(rng, 120),), NK(_HT, "_hrv_TINN", "nested while loops over histogram bins")),
    case(_intervals_successive, lambda rng: (_rri(rng, 50),), NK(_IU, "_intervals_successive")),
    case(_intervals_sanitize, lambda rng: (np.r_[_rri(rng, 20), np.nan, _rri(rng, 9)],), NK(_IU, "_intervals_sanitize",
         "a NaN: imputed median, removed")),
    case(_hrv_sanitize_peaks, lambda rng: ((rng.uniform(size=200) > 0.9).astype(int),), NK("hrv/hrv_utils.py",
         "_hrv_sanitize_peaks", "a 0/1 signal: np.where of the ones")),
]
