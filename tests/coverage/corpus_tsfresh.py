"""tsfresh's time-series feature calculators (Blue Yonder): 62 of the feature calculators of
``feature_extraction/feature_calculators.py`` and the helpers they call, 48 of them in 63 cases. Summary statistics with early returns on
the length or the data (``if avg == 0: return np.nan``, ``if s != 0: ... else: return 0.0``, ``if np.isclose(v, 0):
return np.nan``, ``if 2 * lag >= n: return 0.0``, ``... if len(x) > 0 else np.nan``), the hand-written ``_roll``
(``np.concatenate([a[-idx:], a[:-idx]])``) behind ``number_peaks``' loop of ``res &= x_reduced > _roll(x, i)[n:-n]``,
the time reversal asymmetry and c3 statistics, run lengths through ``itertools.groupby`` over a boolean array,
``np.where(x > m)[0].size`` counts, ``np.unique(x, return_counts=True)`` with masked writes ``counts[counts < 2] = 0``,
``np.unique(permutations, axis=0, return_counts=True)`` of ``np.argsort(np.argsort(X))`` windows, ``np.histogram``
with ``probs[probs == 0] = 1.0``, sample entropy and approximate entropy (list comprehensions over sliding windows,
``if r < 0: raise ValueError``), the Lempel-Ziv complexity (a ``while`` loop over a ``set`` of tuples of the data),
``np.fft.rfft`` coefficients and the spectral moments (nested functions with ``if var < 0.5: return np.nan``),
``np.cumsum`` mass quantiles with ``np.argmax(mass_centralized >= q)``, ``np.array_split`` energy ratios, the
Benford correlation (``str(np.format_float_scientific(i))`` per element, ``np.corrcoef``), and the calculators that
call SciPy (``welch``, ``linregress``, ``find_peaks_cwt``) (blue-yonder/tsfresh, MIT).

Copied from blue-yonder/tsfresh at 4be5769ed61988cdeaed9de8fdb52e8b084c3e82 (version 0.21.2; the file's last change is
6e3786bea915b72a4eabfa7b7ed163b62b87da18); its licence (``LICENSE.txt``) is the MIT licence ("Copyright (c) 2016
Maximilian Christ, Blue Yonder GmbH"), and the file's header says "This file as well as the whole tsfresh package are
licenced under the MIT licence". The functions below are copied in the file's order, decorators (``set_property``)
kept, docstrings dropped, comments kept.

Copied without a case, to keep the corpus's size: the twins of a case (``has_duplicate_min``,
``longest_strike_above_mean``, ``count_below_mean``, ``first_location_of_minimum``, ``last_location_of_minimum``,
``count_below``) and the one-line calculators that return ``np.sum``, ``np.mean``, ``np.median``, ``np.std``,
``np.var``, ``np.max``, ``np.min`` or ``len`` of the series.

Not taken: the calculators that need statsmodels (``agg_autocorrelation``, ``partial_autocorrelation``,
``augmented_dickey_fuller``, ``ar_coefficient``), pandas (``skewness``, ``kurtosis``,
``percentage_of_reoccurring_datapoints_to_all_datapoints``, ``change_quantiles``, ``friedrich_coefficients`` and
``max_langevin_fixed_point`` through ``_estimate_friedrich_coefficients``, ``linear_trend_timewise``), PyWavelets
(``cwt_coefficients``), stumpy or matrixprofile (``query_similarity_count``, ``matrix_profile``): none of them is
installed here, so eager NumPy could not run them.

Adapted, beyond that:

* the module-level imports are this module's (``from builtins import range`` dropped);
* pandas is not installed: ``pd`` is a stand-in whose ``Series`` no array is an instance of (as in
  corpus_finance.py), so ``if not isinstance(x, (np.ndarray, pd.Series)): x = np.asarray(x)`` and
  ``if isinstance(x, pd.Series): x = x.values`` take their NumPy paths, as they do for a NumPy input in tsfresh;
* a combiner's ``param`` (a list of dicts) is fixed by a one-line wrapper named after the case, with the values of
  tsfresh's ``ComprehensiveFCParameters`` (``feature_extraction/settings.py``), so the traced argument is the
  series; where the combiner returns ``zip(index, res)`` (an iterator, which compares by identity), the wrapper
  returns ``list(...)`` of it. A simple calculator's parameter (``lag``, ``n``, ``r``, ``bins``, ...) is passed as a
  Python value, again from ``ComprehensiveFCParameters``.

The inputs: hourly readings of a temperature sensor over five days (a daily cycle, a slow drift and AR(1) noise),
the same quantised to the sensor's 0.5-degree resolution (ties and repeated values for the duplicate, reoccurrence
and location calculators), its anomaly around zero (crossings, counts above / below 0, rounded for ``value_count``),
shorter windows for the O(n^2) entropies, and edge inputs: a constant series, all zeros, a series of length 2 or 4,
one with NaN readings (the calculators that check ``np.isnan(x).any()``), a zero-mean series of integer steps
(``variation_coefficient``'s ``avg == 0``), one in float32 and one of int64 counts.
"""

# ruff: noqa: E203, E501, E741, N806, UP031, UP034
from __future__ import annotations

import itertools
import types
from collections import defaultdict
from typing import Literal

import numpy as np
from scipy.signal import find_peaks_cwt, welch
from scipy.stats import linregress

from tests.coverage.cases import TSFRESH, Source, case

pd = types.SimpleNamespace(Series=type("Series", (), {}))  # see the module docstring


def TS(original: str, note: str = "") -> Source:
    return Source(TSFRESH, "tsfresh/feature_extraction/feature_calculators.py", original, note)


# --- tsfresh/feature_extraction/feature_calculators.py ---


def _roll(a, shift):
    if not isinstance(a, np.ndarray):
        a = np.asarray(a)
    idx = shift % len(a)
    return np.concatenate([a[-idx:], a[:-idx]])


def _get_length_sequences_where(x):
    if len(x) == 0:
        return [0]

    res = [len(list(group)) for value, group in itertools.groupby(x) if value == 1]
    return res if len(res) > 0 else [0]


def _aggregate_on_chunks(x, f_agg, chunk_len):
    return [
        getattr(x[i * chunk_len : (i + 1) * chunk_len], f_agg)()
        for i in range(int(np.ceil(len(x) / chunk_len)))
    ]


def _into_subchunks(x, subchunk_length, every_n=1):
    len_x = len(x)

    assert subchunk_length > 1
    assert every_n > 0

    # how often can we shift a window of size subchunk_length over the input?
    num_shifts = (len_x - subchunk_length) // every_n + 1
    shift_starts = every_n * np.arange(num_shifts)
    indices = np.arange(subchunk_length)

    indexer = np.expand_dims(indices, axis=0) + np.expand_dims(shift_starts, axis=1)
    return np.asarray(x)[indexer]


def set_property(key, value):
    def decorate_func(func):
        setattr(func, key, value)
        if func.__doc__ and key == "fctype":
            func.__doc__ = (
                func.__doc__ + "\n\n    *This function is of type: " + value + "*\n"
            )
        return func

    return decorate_func


@set_property("fctype", "simple")
def variance_larger_than_standard_deviation(x):
    y = np.var(x)
    return y > np.sqrt(y)


@set_property("fctype", "simple")
def ratio_beyond_r_sigma(x, r):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    return np.sum(np.abs(x - np.mean(x)) > r * np.std(x)) / x.size


@set_property("fctype", "simple")
def large_standard_deviation(x, r):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    return np.std(x) > (r * (np.max(x) - np.min(x)))


@set_property("fctype", "combiner")
def symmetry_looking(x, param):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    mean_median_difference = np.abs(np.mean(x) - np.median(x))
    max_min_difference = np.max(x) - np.min(x)
    return [
        (f"r_{r['r']}", mean_median_difference < (r["r"] * max_min_difference))
        for r in param
    ]


@set_property("fctype", "simple")
def has_duplicate_max(x):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    return np.sum(x == np.max(x)) >= 2


@set_property("fctype", "simple")
def has_duplicate_min(x):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    return np.sum(x == np.min(x)) >= 2


@set_property("fctype", "simple")
def has_duplicate(x):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    return x.size != np.unique(x).size


@set_property("fctype", "simple")
@set_property("minimal", True)
def sum_values(x):
    if len(x) == 0:
        return 0

    return np.sum(x)


@set_property("fctype", "simple")
def abs_energy(x):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    return np.dot(x, x)


@set_property("fctype", "simple")
def cid_ce(x, normalize):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    if normalize:
        s = np.std(x)
        if s != 0:
            x = (x - np.mean(x)) / s
        else:
            return 0.0

    x = np.diff(x)
    return np.sqrt(np.dot(x, x))


@set_property("fctype", "simple")
def mean_abs_change(x):
    return np.mean(np.abs(np.diff(x)))


@set_property("fctype", "simple")
def mean_change(x):
    x = np.asarray(x)
    return (x[-1] - x[0]) / (len(x) - 1) if len(x) > 1 else np.nan


@set_property("fctype", "simple")
def mean_second_derivative_central(x):
    x = np.asarray(x)
    return (x[-1] - x[-2] - x[1] + x[0]) / (2 * (len(x) - 2)) if len(x) > 2 else np.nan


@set_property("fctype", "simple")
@set_property("minimal", True)
def median(x):
    return np.median(x)


@set_property("fctype", "simple")
@set_property("minimal", True)
def mean(x):
    return np.mean(x)


@set_property("fctype", "simple")
@set_property("minimal", True)
def length(x):
    return len(x)


@set_property("fctype", "simple")
@set_property("minimal", True)
def standard_deviation(x):
    return np.std(x)


@set_property("fctype", "simple")
def variation_coefficient(x):
    avg = np.mean(x)
    if avg == 0:
        return np.nan
    return np.std(x) / avg


@set_property("fctype", "simple")
@set_property("minimal", True)
def variance(x):
    return np.var(x)


@set_property("fctype", "simple")
@set_property("minimal", True)
def root_mean_square(x):
    return np.sqrt(np.mean(np.square(x))) if len(x) > 0 else np.nan


@set_property("fctype", "simple")
def absolute_sum_of_changes(x):
    return np.sum(np.abs(np.diff(x)))


@set_property("fctype", "simple")
def longest_strike_below_mean(x):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    return np.max(_get_length_sequences_where(x < np.mean(x))) if x.size > 0 else 0


@set_property("fctype", "simple")
def longest_strike_above_mean(x):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    return np.max(_get_length_sequences_where(x > np.mean(x))) if x.size > 0 else 0


@set_property("fctype", "simple")
def count_above_mean(x):
    m = np.mean(x)
    return np.where(x > m)[0].size


@set_property("fctype", "simple")
def count_below_mean(x):
    m = np.mean(x)
    return np.where(x < m)[0].size


@set_property("fctype", "simple")
def last_location_of_maximum(x):
    x = np.asarray(x)
    return 1.0 - np.argmax(x[::-1]) / len(x) if len(x) > 0 else np.nan


@set_property("fctype", "simple")
def first_location_of_maximum(x):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    return np.argmax(x) / len(x) if len(x) > 0 else np.nan


@set_property("fctype", "simple")
def last_location_of_minimum(x):
    x = np.asarray(x)
    return 1.0 - np.argmin(x[::-1]) / len(x) if len(x) > 0 else np.nan


@set_property("fctype", "simple")
def first_location_of_minimum(x):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    return np.argmin(x) / len(x) if len(x) > 0 else np.nan


@set_property("fctype", "simple")
def percentage_of_reoccurring_values_to_all_values(x):
    if len(x) == 0:
        return np.nan

    _, counts = np.unique(x, return_counts=True)

    if counts.shape[0] == 0:
        return 0.0

    return np.sum(counts > 1) / float(counts.shape[0])


@set_property("fctype", "simple")
def sum_of_reoccurring_values(x):
    unique, counts = np.unique(x, return_counts=True)
    counts[counts < 2] = 0
    counts[counts > 1] = 1
    return np.sum(counts * unique)


@set_property("fctype", "simple")
def sum_of_reoccurring_data_points(x):
    unique, counts = np.unique(x, return_counts=True)
    counts[counts < 2] = 0
    return np.sum(counts * unique)


@set_property("fctype", "simple")
def ratio_value_number_to_time_series_length(x):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    if x.size == 0:
        return np.nan

    return np.unique(x).size / x.size


@set_property("fctype", "combiner")
def fft_coefficient(x, param):
    assert (
        min((config["coeff"] for config in param)) >= 0
    ), "Coefficients must be positive or zero."
    assert {config["attr"] for config in param} <= {
        "imag",
        "real",
        "abs",
        "angle",
    }, 'Attribute must be "real", "imag", "angle" or "abs"'

    fft = np.fft.rfft(x)

    def complex_agg(x, agg: Literal["real", "imag", "angle", "abs"]):
        if agg == "real":
            return x.real
        elif agg == "imag":
            return x.imag
        elif agg == "abs":
            return np.abs(x)
        elif agg == "angle":
            return np.angle(x, deg=True)
        else:
            raise ValueError('`agg` must be "real", "imag", "angle" or "abs"')

    res = [
        complex_agg(fft[config["coeff"]], config["attr"])
        if config["coeff"] < len(fft)
        else np.nan
        for config in param
    ]
    index = [f'attr_"{config["attr"]}"__coeff_{config["coeff"]}' for config in param]
    return zip(index, res)


@set_property("fctype", "combiner")
def fft_aggregated(x, param):
    assert {config["aggtype"] for config in param} <= {
        "centroid",
        "variance",
        "skew",
        "kurtosis",
    }, 'Attribute must be "centroid", "variance", "skew", "kurtosis"'

    def get_moment(y, moment):
        return y.dot(np.arange(len(y), dtype=float) ** moment) / y.sum()

    def get_centroid(y):
        return get_moment(y, 1)

    def get_variance(y):
        return get_moment(y, 2) - get_centroid(y) ** 2

    def get_skew(y):

        var = get_variance(y)
        # In the limit of a dirac delta, skew should be 0 and variance 0.  However, in the discrete limit,
        # the skew blows up as variance --> 0, hence return nan when variance is smaller than a resolution of 0.5:
        if var < 0.5:
            return np.nan
        centroid = get_centroid(y)
        return (get_moment(y, 3) - 3 * centroid * var - centroid**3) / get_variance(
            y
        ) ** (1.5)

    def get_kurtosis(y):

        var = get_variance(y)
        # In the limit of a dirac delta, kurtosis should be 3 and variance 0.  However, in the discrete limit,
        # the kurtosis blows up as variance --> 0, hence return nan when variance is smaller than a resolution of 0.5:
        if var < 0.5:
            return np.nan
        centroid = get_centroid(y)
        return (
            get_moment(y, 4)
            - 4 * centroid * get_moment(y, 3)
            + 6 * get_moment(y, 2) * centroid**2
            - 3 * centroid
        ) / get_variance(y) ** 2

    calculation = {
        "centroid": get_centroid,
        "variance": get_variance,
        "skew": get_skew,
        "kurtosis": get_kurtosis,
    }

    fft_abs = np.abs(np.fft.rfft(x))

    res = [calculation[config["aggtype"]](fft_abs) for config in param]
    index = [f'aggtype_"{config["aggtype"]}"' for config in param]
    return zip(index, res)


@set_property("fctype", "simple")
def number_peaks(x, n):
    x_reduced = x[n:-n]

    res = None
    for i in range(1, n + 1):
        result_first = x_reduced > _roll(x, i)[n:-n]

        if res is None:
            res = result_first
        else:
            res &= result_first

        res &= x_reduced > _roll(x, -i)[n:-n]
    return np.sum(res)


@set_property("fctype", "combiner")
def index_mass_quantile(x, param):
    x = np.asarray(x)
    abs_x = np.abs(x)
    s = np.sum(abs_x)

    if s == 0:
        # all values in x are zero or it has length 0
        return [(f"q_{config['q']}", np.nan) for config in param]

    # at least one value is not zero
    mass_centralized = np.cumsum(abs_x) / s
    return [
        (
            f"q_{config['q']}",
            (np.argmax(mass_centralized >= config["q"]) + 1) / len(x),
        )
        for config in param
    ]


def _ricker(points, a):
    A = 2 / (np.sqrt(3 * a) * (np.pi**0.25))
    wsq = a**2
    vec = np.arange(0, points) - (points - 1.0) / 2
    xsq = vec**2
    mod = 1 - xsq / wsq
    gauss = np.exp(-xsq / (2 * wsq))
    total = A * mod * gauss
    return total


@set_property("fctype", "simple")
def number_cwt_peaks(x, n):
    return len(
        find_peaks_cwt(
            vector=x, widths=np.array(list(range(1, n + 1))), wavelet=_ricker
        )
    )


@set_property("fctype", "combiner")
def linear_trend(x, param):
    # todo: we could use the index of the DataFrame here
    lin_reg = linregress(range(len(x)), x)

    return [
        (f'attr_"{config["attr"]}"', getattr(lin_reg, config["attr"]))
        for config in param
    ]


@set_property("fctype", "combiner")
def spkt_welch_density(x, param):
    max_length_per_segment = 256
    x = np.asarray(x)
    _, pxx = welch(x, nperseg=min(len(x), max_length_per_segment))
    coeff = [config["coeff"] for config in param]
    indices = [f"coeff_{i}" for i in coeff]

    if len(pxx) <= np.max(
        coeff
    ):  # There are fewer data points in the time series than requested coefficients

        # filter coefficients that are not contained in pxx
        reduced_coeff = [coefficient for coefficient in coeff if len(pxx) > coefficient]
        not_calculated_coefficients = [
            coefficient for coefficient in coeff if coefficient not in reduced_coeff
        ]

        # Fill up the rest of the requested coefficients with np.nans
        return zip(
            indices,
            list(pxx[reduced_coeff]) + [np.nan] * len(not_calculated_coefficients),
        )

    return zip(indices, pxx[coeff])


@set_property("fctype", "simple")
def time_reversal_asymmetry_statistic(x, lag):
    n = len(x)
    x = np.asarray(x)
    if 2 * lag >= n:
        return 0.0

    one_lag = _roll(x, -lag)
    two_lag = _roll(x, 2 * -lag)
    return np.mean((two_lag * two_lag * one_lag - one_lag * x * x)[0 : (n - 2 * lag)])


@set_property("fctype", "simple")
def c3(x, lag):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    n = x.size

    if 2 * lag >= n:
        return 0.0

    return np.mean((_roll(x, 2 * -lag) * _roll(x, -lag) * x)[0 : (n - 2 * lag)])


@set_property("fctype", "simple")
def mean_n_absolute_max(x, number_of_maxima):
    assert (
        number_of_maxima > 0
    ), f" number_of_maxima={number_of_maxima} which is not greater than 1"

    n_absolute_maximum_values = np.sort(np.absolute(x))[-number_of_maxima:]

    return np.mean(n_absolute_maximum_values) if len(x) > number_of_maxima else np.nan


@set_property("fctype", "simple")
def binned_entropy(x, max_bins):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)

    # nan makes no sense here
    if np.isnan(x).any():
        return np.nan

    hist, bin_edges = np.histogram(x, bins=max_bins)
    probs = hist / x.size
    probs[probs == 0] = 1.0
    return -np.sum(probs * np.log(probs))


@set_property("high_comp_cost", True)
@set_property("fctype", "simple")
def sample_entropy(x):
    x = np.array(x)

    # if one of the values is NaN, we can not compute anything meaningful
    if np.isnan(x).any():
        return np.nan

    m = 2  # common value for m, according to wikipedia...
    tolerance = 0.2 * np.std(
        x
    )  # 0.2 is a common value for r, according to wikipedia...

    # Split time series and save all templates of length m
    # Basically we turn [1, 2, 3, 4] into [1, 2], [2, 3], [3, 4]
    xm = _into_subchunks(x, m)

    # Now calculate the maximum distance between each of those pairs
    #   np.abs(xmi - xm).max(axis=1)
    # and check how many are below the tolerance.
    # For speed reasons, we are not doing this in a nested for loop,
    # but with numpy magic.
    # Example:
    # if x = [1, 2, 3]
    # then xm = [[1, 2], [2, 3]]
    # so we will substract xm from [1, 2] => [[0, 0], [-1, -1]]
    # and from [2, 3] => [[1, 1], [0, 0]]
    # taking the abs and max gives us:
    # [0, 1] and [1, 0]
    # as the diagonal elements are always 0, we substract 1.
    B = np.sum([np.sum(np.abs(xmi - xm).max(axis=1) <= tolerance) - 1 for xmi in xm])

    # Similar for computing A
    xmp1 = _into_subchunks(x, m + 1)

    A = np.sum(
        [np.sum(np.abs(xmi - xmp1).max(axis=1) <= tolerance) - 1 for xmi in xmp1]
    )

    # Return SampEn
    return -np.log(A / B)


@set_property("fctype", "simple")
@set_property("high_comp_cost", True)
def approximate_entropy(x, m, r):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)

    N = x.size
    r *= np.std(x)
    if r < 0:
        raise ValueError("Parameter r must be positive.")
    if N <= m + 1:
        return 0

    def _phi(m):
        x_re = np.array([x[i : i + m] for i in range(N - m + 1)])
        C = np.sum(
            np.max(np.abs(x_re[:, np.newaxis] - x_re[np.newaxis, :]), axis=2) <= r,
            axis=0,
        ) / (N - m + 1)
        return np.sum(np.log(C)) / (N - m + 1.0)

    return np.abs(_phi(m) - _phi(m + 1))


@set_property("fctype", "simple")
def fourier_entropy(x, bins):
    max_length_per_segment = 256
    x = np.asarray(x)
    _, pxx = welch(x, nperseg=min(len(x), max_length_per_segment))
    return binned_entropy(pxx / np.max(pxx), bins)


@set_property("fctype", "simple")
def lempel_ziv_complexity(x, bins):
    x = np.asarray(x)

    bins = np.linspace(np.min(x), np.max(x), bins + 1)[1:]
    sequence = np.searchsorted(bins, x, side="left")

    sub_strings = set()
    n = len(sequence)

    ind = 0
    inc = 1
    while ind + inc <= n:
        # convert to tuple in order to make it hashable
        sub_str = tuple(sequence[ind : ind + inc])
        if sub_str in sub_strings:
            inc += 1
        else:
            sub_strings.add(sub_str)
            ind += inc
            inc = 1
    return len(sub_strings) / n


@set_property("fctype", "simple")
def permutation_entropy(x, tau, dimension):
    X = _into_subchunks(x, dimension, tau)
    if len(X) == 0:
        return np.nan
    # Now that is clearly black, magic, but see here:
    # https://stackoverflow.com/questions/54459554/numpy-find-index-in-sorted-array-in-an-efficient-way
    permutations = np.argsort(np.argsort(X))
    # Count the number of occurences
    _, counts = np.unique(permutations, axis=0, return_counts=True)
    # turn them into frequencies
    probs = counts / len(permutations)
    # and return their entropy
    return -np.sum(probs * np.log(probs))


@set_property("fctype", "simple")
def autocorrelation(x, lag):
    # This is important: If a series is passed, the product below is calculated
    # based on the index, which corresponds to squaring the series.
    if isinstance(x, pd.Series):
        x = x.values
    if len(x) < lag:
        return np.nan
    # Slice the relevant subseries based on the lag
    y1 = x[: (len(x) - lag)]
    y2 = x[lag:]
    # Subtract the mean of the whole series x
    x_mean = np.mean(x)
    # The result is sometimes referred to as "covariation"
    sum_product = np.sum((y1 - x_mean) * (y2 - x_mean))
    # Return the normalized unbiased covariance
    v = np.var(x)
    if np.isclose(v, 0):
        return np.nan

    return sum_product / ((len(x) - lag) * v)


@set_property("fctype", "simple")
def quantile(x, q):
    if len(x) == 0:
        return np.nan
    return np.quantile(x, q)


@set_property("fctype", "simple")
def number_crossing_m(x, m):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)
    # From https://stackoverflow.com/questions/3843017/efficiently-detect-sign-changes-in-python
    # However, we are not going with the fastest version as it breaks with pandas
    positive = x > m
    return np.where(np.diff(positive))[0].size


@set_property("fctype", "simple")
@set_property("minimal", True)
def maximum(x):
    return np.max(x)


@set_property("fctype", "simple")
@set_property("minimal", True)
def absolute_maximum(x):
    return np.max(np.absolute(x)) if len(x) > 0 else np.nan


@set_property("fctype", "simple")
@set_property("minimal", True)
def minimum(x):
    return np.min(x)


@set_property("fctype", "simple")
def value_count(x, value):
    if not isinstance(x, (np.ndarray, pd.Series)):
        x = np.asarray(x)

    if np.isnan(value):
        return np.isnan(x).sum()

    return x[x == value].size


@set_property("fctype", "simple")
def range_count(x, min, max):
    return np.sum((x >= min) & (x < max))


@set_property("fctype", "combiner")
def agg_linear_trend(x, param):
    # todo: we could use the index of the DataFrame here

    calculated_agg = defaultdict(dict)
    res_data = []
    res_index = []

    for parameter_combination in param:

        chunk_len = parameter_combination["chunk_len"]
        f_agg = parameter_combination["f_agg"]

        if f_agg not in calculated_agg or chunk_len not in calculated_agg[f_agg]:
            if chunk_len >= len(x):
                calculated_agg[f_agg][chunk_len] = np.nan
            else:
                aggregate_result = _aggregate_on_chunks(x, f_agg, chunk_len)
                lin_reg_result = linregress(
                    range(len(aggregate_result)), aggregate_result
                )
                calculated_agg[f_agg][chunk_len] = lin_reg_result

        attr = parameter_combination["attr"]

        if chunk_len >= len(x):
            res_data.append(np.nan)
        else:
            res_data.append(getattr(calculated_agg[f_agg][chunk_len], attr))

        res_index.append(f'attr_"{attr}"__chunk_len_{chunk_len}__f_agg_"{f_agg}"')

    return zip(res_index, res_data)


@set_property("fctype", "combiner")
def energy_ratio_by_chunks(x, param):
    res_data = []
    res_index = []
    full_series_energy = np.sum(x**2)

    for parameter_combination in param:
        num_segments = parameter_combination["num_segments"]
        segment_focus = parameter_combination["segment_focus"]
        assert segment_focus < num_segments
        assert num_segments > 0

        if full_series_energy == 0:
            res_data.append(np.nan)
        else:
            res_data.append(
                np.sum(np.array_split(x, num_segments)[segment_focus] ** 2.0)
                / full_series_energy
            )

        res_index.append(f"num_segments_{num_segments}__segment_focus_{segment_focus}")

    # Materialize as list for Python 3 compatibility with name handling
    return list(zip(res_index, res_data))


@set_property("fctype", "simple")
def count_above(x, t):
    return np.sum(x >= t) / len(x)


@set_property("fctype", "simple")
def count_below(x, t):
    return np.sum(x <= t) / len(x)


@set_property("fctype", "simple")
def benford_correlation(x):
    x = np.asarray(x)

    # retrieve first digit from data
    x = np.array(
        [int(str(np.format_float_scientific(i))[:1]) for i in np.abs(np.nan_to_num(x))]
    )

    # benford distribution
    benford_distribution = np.array([np.log10(1 + 1 / n) for n in range(1, 10)])

    data_distribution = np.array([(x == n).mean() for n in range(1, 10)])

    # np.corrcoef outputs the normalized covariance (correlation) between benford_distribution and data_distribution.
    # In this case returns a 2x2 matrix, the  [0, 1] and [1, 1] are the values between the two arrays
    return np.corrcoef(benford_distribution, data_distribution)[0, 1]


# --- the cases' calling conventions (see the module docstring) -----------------------------------------------------
# ``param`` as in tsfresh's ComprehensiveFCParameters (feature_extraction/settings.py); fft_coefficient's and
# agg_linear_trend's lists are subsets of it, to keep the traced programs small


def symmetry_looking_settings(x):
    return symmetry_looking(x, [{"r": r * 0.05} for r in range(20)])


def fft_coefficient_settings(x):
    # coefficients past the end of the rfft (61 for 120 points) take the ``else np.nan`` path
    return list(fft_coefficient(x, [{"coeff": k, "attr": a} for a in ["real", "imag", "abs", "angle"]
                                    for k in (0, 1, 2, 5, 24, 60, 61, 99)]))


def fft_aggregated_settings(x):
    return list(fft_aggregated(x, [{"aggtype": s} for s in ["centroid", "variance", "skew", "kurtosis"]]))


def index_mass_quantile_settings(x):
    return index_mass_quantile(x, [{"q": q} for q in [0.1, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 0.9]])


def linear_trend_settings(x):
    return linear_trend(x, [{"attr": "pvalue"}, {"attr": "rvalue"}, {"attr": "intercept"}, {"attr": "slope"},
                            {"attr": "stderr"}])


def spkt_welch_density_settings(x):
    return list(spkt_welch_density(x, [{"coeff": coeff} for coeff in [2, 5, 8]]))


def agg_linear_trend_settings(x):
    return list(agg_linear_trend(x, [{"attr": attr, "chunk_len": i, "f_agg": f} for attr in ["rvalue", "slope"]
                                     for i in [5, 10, 50] for f in ["max", "min", "mean", "var"]]))


def energy_ratio_by_chunks_settings(x):
    return energy_ratio_by_chunks(x, [{"num_segments": 10, "segment_focus": i} for i in range(10)])


# --- inputs ---------------------------------------------------------------------------------------------------------

HOURS = 120  # five days of hourly readings


def _readings(rng, n=HOURS):
    # a temperature sensor [deg C]: a daily cycle, a slow drift and AR(1) noise
    t = np.arange(n, dtype=float)
    noise = np.zeros(n)
    shocks = rng.normal(0.0, 0.4, size=n)
    for i in range(1, n):
        noise[i] = 0.7 * noise[i - 1] + shocks[i]
    return rng.uniform(12.0, 18.0) + rng.uniform(3.0, 6.0) * np.sin(2 * np.pi * (t - 9.0) / 24.0) + 0.01 * t + noise


def _series(rng):
    return (_readings(rng),)


def _quantised(rng):
    # the sensor's 0.5-degree resolution: repeated values and tied extremes
    return (np.round(_readings(rng) * 2.0) / 2.0,)


def _anomaly(rng):
    # the readings minus their daily cycle and level: around zero
    x = _readings(rng)
    return (x - np.convolve(x, np.ones(24) / 24.0, mode="same"),)


def _rounded_anomaly(rng):
    return (np.round(_anomaly(rng)[0]),)


def _window(rng, n=48):
    # two days: the O(n^2) entropies' windows
    return (_readings(rng, n),)


def _with_nan(rng):
    # two dropped readings
    x = _readings(rng)
    x[[17, 80]] = np.nan
    return (x,)


def _constant(rng, n=HOURS):
    # a stuck sensor; an integer level, so that sums and means of it are exact
    return (np.full(n, float(rng.integers(5, 25))),)


def _zeros(rng):
    return (np.zeros(HOURS),)


def _short(n):
    return lambda rng: (_readings(rng, n),)


def _zero_mean_steps(rng):
    # integer steps and their mirror image: the mean is exactly 0
    v = rng.integers(-5, 6, size=HOURS // 2).astype(float)
    return (np.concatenate([v, -v]),)


def _float32(rng):
    return (_readings(rng).astype(np.float32),)


def _counts(rng):
    # events per hour (int64)
    return (rng.poisson(3.0, size=HOURS),)


def _bools(rng):
    # hours above a comfort threshold
    x = _readings(rng)
    return (x > np.median(x),)


def _and(make, *values):
    # a case's inputs followed by Python parameters (part of the trace key: the same for both generators)
    return lambda rng: (*make(rng), *values)


CASES = [
    # helpers
    case(_get_length_sequences_where, _bools, TS("_get_length_sequences_where", "a boolean array")),
    case(_ricker, lambda rng: (100, np.float64(rng.uniform(2.0, 6.0))), TS("_ricker", "points=100, a a 0-d float64")),
    # simple calculators
    case(variance_larger_than_standard_deviation, _series, TS("variance_larger_than_standard_deviation")),
    case(ratio_beyond_r_sigma, _and(_series, 1.5), TS("ratio_beyond_r_sigma", "r=1.5")),
    case(large_standard_deviation, _and(_series, 0.25), TS("large_standard_deviation", "r=0.25")),
    case(has_duplicate_max, _quantised, TS("has_duplicate_max")),
    case(has_duplicate, _quantised, TS("has_duplicate")),
    case(abs_energy, _series, TS("abs_energy")),
    case(abs_energy, _float32, TS("abs_energy", "float32"), name="tsfresh.abs_energy_float32"),
    case(cid_ce, _and(_series, True), TS("cid_ce", "normalize=True")),
    case(cid_ce, _and(_constant, True), TS("cid_ce", "a constant series, normalize=True (s == 0: return 0.0)"), name="tsfresh.cid_ce_constant"),
    case(mean_abs_change, _series, TS("mean_abs_change")),
    case(mean_change, _series, TS("mean_change")),
    case(mean_second_derivative_central, _series, TS("mean_second_derivative_central")),
    case(mean_second_derivative_central, _short(2), TS("mean_second_derivative_central", "2 points (nan)"), name="tsfresh.mean_second_derivative_central_short"),
    case(variation_coefficient, _series, TS("variation_coefficient")),
    case(variation_coefficient, _zero_mean_steps, TS("variation_coefficient", "mean exactly 0 (nan)"), name="tsfresh.variation_coefficient_zero_mean"),
    case(root_mean_square, _series, TS("root_mean_square")),
    case(absolute_sum_of_changes, _series, TS("absolute_sum_of_changes")),
    case(longest_strike_below_mean, _series, TS("longest_strike_below_mean")),
    case(count_above_mean, _series, TS("count_above_mean")),
    case(last_location_of_maximum, _quantised, TS("last_location_of_maximum", "ties")),
    case(first_location_of_maximum, _quantised, TS("first_location_of_maximum", "ties")),
    case(percentage_of_reoccurring_values_to_all_values, _quantised, TS("percentage_of_reoccurring_values_to_all_values")),
    case(sum_of_reoccurring_values, _quantised, TS("sum_of_reoccurring_values")),
    case(sum_of_reoccurring_values, _counts, TS("sum_of_reoccurring_values", "int64 counts"), name="tsfresh.sum_of_reoccurring_values_counts"),
    case(sum_of_reoccurring_data_points, _quantised, TS("sum_of_reoccurring_data_points")),
    case(ratio_value_number_to_time_series_length, _quantised, TS("ratio_value_number_to_time_series_length")),
    case(number_peaks, _and(_series, 3), TS("number_peaks", "n=3")),
    case(number_peaks, _and(_counts, 1), TS("number_peaks", "int64 counts, n=1"), name="tsfresh.number_peaks_counts"),
    case(number_cwt_peaks, _and(_series, 5), TS("number_cwt_peaks", "n=5 (scipy.signal.find_peaks_cwt)")),
    case(time_reversal_asymmetry_statistic, _and(_series, 2), TS("time_reversal_asymmetry_statistic", "lag=2")),
    case(time_reversal_asymmetry_statistic, _and(_short(4), 3), TS("time_reversal_asymmetry_statistic", "4 points, lag=3 (2 * lag >= n: 0.0)"), name="tsfresh.time_reversal_asymmetry_statistic_short"),
    case(c3, _and(_series, 3), TS("c3", "lag=3")),
    case(mean_n_absolute_max, _and(_anomaly, 7), TS("mean_n_absolute_max", "number_of_maxima=7")),
    case(binned_entropy, _and(_series, 10), TS("binned_entropy", "max_bins=10")),
    case(binned_entropy, _and(_with_nan, 10), TS("binned_entropy", "NaN readings (nan)"), name="tsfresh.binned_entropy_nan"),
    case(sample_entropy, _window, TS("sample_entropy", "48 points")),
    case(sample_entropy, _with_nan, TS("sample_entropy", "NaN readings (nan)"), name="tsfresh.sample_entropy_nan"),
    case(approximate_entropy, lambda rng: (*_window(rng), 2, 0.3), TS("approximate_entropy", "48 points, m=2, r=0.3")),
    case(fourier_entropy, _and(_series, 10), TS("fourier_entropy", "bins=10 (scipy.signal.welch)")),
    case(lempel_ziv_complexity, _and(_series, 5), TS("lempel_ziv_complexity", "bins=5")),
    case(permutation_entropy, _and(_series, 1, 4), TS("permutation_entropy", "tau=1, dimension=4")),
    case(autocorrelation, _and(_series, 3), TS("autocorrelation", "lag=3")),
    case(autocorrelation, _and(_constant, 3), TS("autocorrelation", "a constant series (variance 0: nan)"), name="tsfresh.autocorrelation_constant"),
    case(quantile, _and(_series, 0.3), TS("quantile", "q=0.3")),
    case(number_crossing_m, _and(_anomaly, 0), TS("number_crossing_m", "m=0")),
    case(absolute_maximum, _anomaly, TS("absolute_maximum")),
    case(value_count, _and(_rounded_anomaly, 1), TS("value_count", "value=1")),
    case(value_count, _and(_with_nan, np.nan), TS("value_count", "value=np.nan, NaN readings"), name="tsfresh.value_count_nan"),
    case(range_count, _and(_anomaly, -1, 1), TS("range_count", "min=-1, max=1")),
    case(count_above, _and(_anomaly, 0), TS("count_above", "t=0")),
    case(benford_correlation, _series, TS("benford_correlation")),
    # combiners
    case(symmetry_looking_settings, _series, TS("symmetry_looking", "r = 0, 0.05, ..., 0.95")),
    case(fft_coefficient_settings, _series, TS("fft_coefficient", "real, imag, abs, angle of 8 coefficients")),
    case(fft_aggregated_settings, _series, TS("fft_aggregated", "centroid, variance, skew, kurtosis")),
    case(fft_aggregated_settings, _short(4), TS("fft_aggregated", "4 points (variance < 0.5: nan)"), name="tsfresh.fft_aggregated_short"),
    case(index_mass_quantile_settings, _series, TS("index_mass_quantile", "q = 0.1 ... 0.9")),
    case(index_mass_quantile_settings, _zeros, TS("index_mass_quantile", "all zeros (s == 0: nan)"), name="tsfresh.index_mass_quantile_zeros"),
    case(linear_trend_settings, _series, TS("linear_trend", "scipy.stats.linregress")),
    case(spkt_welch_density_settings, _series, TS("spkt_welch_density", "coeff 2, 5, 8 (scipy.signal.welch)")),
    case(agg_linear_trend_settings, _series, TS("agg_linear_trend", "rvalue, slope; chunk_len 5, 10, 50; max, min, mean, var")),
    case(energy_ratio_by_chunks_settings, _series, TS("energy_ratio_by_chunks", "10 segments")),
]
