"""Time-series features from TSFEL (fraunhoferportugal/tsfel, BSD-3-Clause), the Time Series Feature Extraction
Library's feature functions. feature_extraction/features.py, temporal domain: ``calc_centroid`` (``if energy_sum == 0 or
t_energy == 0``), ``negative_turning`` / ``positive_turning`` (``np.where`` of two shifted masks, its ``len``),
``mean_abs_diff``, ``mean_diff``, ``median_abs_diff``, ``median_diff``, ``distance`` (``np.sum`` of a one-item list),
``sum_abs_diff``, ``zero_cross`` (``len(np.where(np.diff(np.sign(signal)))[0])``), ``slope`` (``np.polyfit``), ``auc``,
``neighbourhood_peaks`` (``peaks &=`` over ``np.roll``'s in a loop), ``lempel_ziv`` (the binarised signal joined into a
string, ``calc_lempel_ziv_complexity``'s ``while True`` over a set of substrings); statistical: ``abs_energy``,
``average_power``, ``entropy`` (``np.unique(..., return_counts=True)``, the ``kde`` and ``gauss`` estimates, ``p[np.where(p !=
0)]``, an ``if`` / ``elif`` on the values), ``hist_mode`` (``np.histogram``, ``argmax``), ``interq_range``, ``kurtosis``
and ``skewness`` (``scipy.stats``), the plain statistics (``calc_max`` ... ``pk_pk_distance``), ``median_abs_deviation``
(``scipy.stats``), ``ecdf`` (``tuple(y[:d])`` under ``if len(signal) <= d``), ``ecdf_slope``, ``ecdf_percentile`` and
``ecdf_percentile_count`` (``isinstance`` tests of the percentile, a list comprehension of ``x[y <= p].max()``, an ``if``
on ``np.sum(np.diff(signal)) == 0``); spectral: ``spectral_distance``, ``fundamental_frequency``
(``scipy.signal.find_peaks``, ``bp[bp != 0]``, ``if not list(bp)``, builtin ``min`` / ``max``), ``max_power_spectrum``
(``scipy.signal.welch``, ``float(max(...))``), ``max_frequency`` and ``median_frequency`` (``np.where(...)[0][0]`` in
``try`` / ``except IndexError``), ``spectral_centroid``, ``spectral_decrease``, ``spectral_kurtosis``,
``spectral_skewness``, ``spectral_spread`` (``if not np.sum(fmag)``, the spread calling the centroid), ``spectral_slope``
(``if not ([f]) or (sum_fmag == 0)``), ``spectral_variation``, ``spectral_positive_turning``, ``spectral_roll_off`` and
``spectral_roll_on``, ``human_range_energy`` (a slice between two ``argmin``\\ s), ``mfcc`` (``filterbank``'s loops over
``np.arange`` writing ``fbank[m - 1, k]``, ``scipy.fft.dct``, ``mel_coeff -=`` / ``*=``), ``power_bandwidth``,
``spectrogram_mean_coeff`` (``scipy.signal.spectrogram``, frequencies as text in a dict), ``lpcc`` (``lpc``'s
Yule-Walker system: ``create_symmetric_matrix``'s fancy-index write, ``np.linalg.inv``, a float32 ``r``),
``spectral_entropy``; fractal: ``dfa`` (a Python ``set`` of ``np.linspace(..., dtype=int)`` windows, ``calc_rms``'
``polyfit`` per window, ``find_plateau``'s early ``return`` in a loop), ``hurst_exponent`` (``compute_rs`` per lag,
``np.isfinite`` masks), ``higuchi_fractal_dimension`` and ``maximum_fractal_length`` (``calc_lengths_higuchi``'s three
nested loops with ``abs`` of items, ``np.poly1d``), ``petrosian_fractal_dimension``; and features_utils.py's helpers
(``calc_fft``, ``autocorr_norm``, ``coarse_graining`` with ``np.nanmean``, ``get_templates``).

Copied from fraunhoferportugal/tsfel at e48b03e062bfa7326e906342faf210d79b07c097 (setup.py: ``version="0.2.0"``,
classifier "License :: OSI Approved :: BSD License"; its LICENSE.txt is the BSD 3-clause licence, "Copyright (c)
2020-2025, Fraunhofer AICOS"), tsfel/feature_extraction/features.py and features_utils.py, and constants.py's
``FEATURES_MIN_SIZE``. Bodies are as written, comments kept, docstrings dropped; the ``@set_domain`` decorators are kept
(``set_domain`` as written: it sets an attribute on the function and returns it).

Adapted, beyond that:

* features.py's ``from tsfel.feature_extraction.features_utils import *`` (which brings ``np`` and ``scipy``) becomes
  this module's imports of ``numpy as np`` and ``scipy`` with the submodules the functions use (``scipy.signal``,
  ``scipy.stats``, ``scipy.fft``, ``scipy.integrate``), and the utilities copied here;
* the ``global warning_flag`` / ``warning_msg`` of the fractal features are this module's globals, as in features.py
  (the cases' signals are long enough that no warning is issued);
* wrappers choose the keyword arguments the feature extraction passes (``entropy``'s ``prob``, ``ecdf_percentile``'s
  single percentile): each is a one-line call, named after what it picks.

Not taken: ``autocorr`` (statsmodels' ``acf``, not installed here), ``mse`` and ``sample_entropy`` (scikit-learn's
``KDTree``, not installed), the wavelet features and ``continuous_wavelet_transform`` (``pywt.cwt``: PyWavelets is not
installed), calc_features.py (pandas data frames, multiprocessing), features_settings.py (JSON configuration),
``safe_eval_string``'s callers with string percentiles (copied; ``ecdf_percentile`` names it, no case passes a string),
the dataset loaders and utils/ (file I/O, a progress bar, the personal-feature loader).

The inputs follow tests/test_features.py: its ``wave`` (a 5 Hz sine, here sampled at 100 Hz for 256 samples, not at
1 kHz for 1,000) with normal noise of standard deviation 0.1 (``noiseWave``), ``Fs`` the sampling rate; the signal
rounded to one decimal for ``entropy``'s ``np.unique`` counts; a random walk of 200 samples (above
``FEATURES_MIN_SIZE = 160``) for the fractal features, in the role of the tests' brown noise.
"""

# ruff: noqa: E501, B028
from __future__ import annotations

import warnings

import numpy as np
import scipy
import scipy.fft
import scipy.integrate
import scipy.signal
import scipy.stats

from tests.coverage.cases import TSFEL, Source, case


def TS(path: str, original: str, note: str = "") -> Source:
    return Source(TSFEL, "tsfel/" + path, original, note)


# --- constants.py -----------------------------------------------------------------------------------------------------
FEATURES_MIN_SIZE = 160


# --- feature_extraction/features_utils.py -----------------------------------------------------------------------------
def set_domain(key, value):
    def decorate_func(func):
        setattr(func, key, value)
        return func

    return decorate_func


def compute_time(signal, fs):
    return np.arange(0, len(signal)) / fs


def safe_eval_string(list_string):
    list_elements = list_string.strip("[] \n").split(",")
    parsed_list = [float(x) if "." in x else int(x) for x in list_elements if x.strip()]

    return parsed_list


def calc_fft(signal, fs):
    fmag = np.abs(np.fft.rfft(signal))
    f = np.fft.rfftfreq(len(signal), d=1 / fs)

    return f.copy(), fmag.copy()


def filterbank(signal, fs, pre_emphasis=0.97, nfft=512, nfilt=40):
    # Signal is already a window from the original signal, so no frame is needed.
    # According to the references it is needed the application of a window function such as
    # hann window. However if the signal windows don't have overlap, we will lose information,
    # as the application of a hann window will overshadow the windows signal edges.

    # pre-emphasis filter to amplify the high frequencies

    emphasized_signal = np.append(
        np.array(signal)[0],
        np.array(signal[1:]) - pre_emphasis * np.array(signal[:-1]),
    )

    # Fourier transform and Power spectrum
    mag_frames = np.absolute(
        np.fft.rfft(emphasized_signal, nfft),
    )  # Magnitude of the FFT

    pow_frames = (1.0 / nfft) * (mag_frames**2)  # Power Spectrum

    low_freq_mel = 0
    high_freq_mel = 2595 * np.log10(1 + (fs / 2) / 700)  # Convert Hz to Mel
    mel_points = np.linspace(
        low_freq_mel,
        high_freq_mel,
        nfilt + 2,
    )  # Equally spaced in Mel scale
    hz_points = 700 * (10 ** (mel_points / 2595) - 1)  # Convert Mel to Hz
    filter_bin = np.floor((nfft + 1) * hz_points / fs)

    fbank = np.zeros((nfilt, int(np.floor(nfft / 2 + 1))))
    for m in np.arange(1, nfilt + 1):

        f_m_minus = int(filter_bin[m - 1])  # left
        f_m = int(filter_bin[m])  # center
        f_m_plus = int(filter_bin[m + 1])  # right

        for k in np.arange(f_m_minus, f_m):
            fbank[m - 1, k] = (k - filter_bin[m - 1]) / (filter_bin[m] - filter_bin[m - 1])
        for k in np.arange(f_m, f_m_plus):
            fbank[m - 1, k] = (filter_bin[m + 1] - k) / (filter_bin[m + 1] - filter_bin[m])

    # Area Normalization
    # If we don't normalize the noise will increase with frequency because of the filter width.
    enorm = 2.0 / (hz_points[2 : nfilt + 2] - hz_points[:nfilt])
    fbank *= enorm[:, np.newaxis]

    filter_banks = np.dot(pow_frames, fbank.T)
    filter_banks = np.where(
        filter_banks == 0,
        np.finfo(float).eps,
        filter_banks,
    )  # Numerical Stability
    filter_banks = 20 * np.log10(filter_banks)  # dB

    return filter_banks


def autocorr_norm(signal):
    variance = np.var(signal)
    signal = np.copy(signal - signal.mean())
    r = scipy.signal.correlate(signal, signal)[-len(signal) :]

    if (signal == 0).all():
        return np.zeros(len(signal))

    acf = r / variance / len(signal)

    return acf


def create_symmetric_matrix(acf, order=11):
    smatrix = np.empty((order, order))
    xx = np.arange(order)
    j = np.tile(xx, order)
    i = np.repeat(xx, order)
    smatrix[i, j] = acf[np.abs(i - j)]

    return smatrix


def lpc(signal, n_coeff=12):
    if signal.ndim > 1:
        raise ValueError("Only 1 dimensional arrays are valid")
    if n_coeff > signal.size:
        raise ValueError("Input signal must have a length >= n_coeff")

    # Calculate the order based on the number of coefficients
    order = n_coeff - 1

    # Calculate LPC with Yule-Walker
    acf = scipy.signal.correlate(signal, signal, "full")

    r = np.zeros(order + 1, "float32")
    # Assuring that works for all type of input lengths
    nx = np.min([order + 1, len(signal)])
    r[:nx] = acf[len(signal) - 1 : len(signal) + order]

    smatrix = create_symmetric_matrix(r[:-1], order)

    if np.sum(smatrix) == 0:
        return tuple(np.zeros(order + 1))

    lpc_coeffs = np.dot(np.linalg.inv(smatrix), -r[1:])

    return tuple(np.concatenate(([1.0], lpc_coeffs)))


def create_xx(features):
    features_ = np.copy(features)

    if max(features_) < 0:
        max_f = -max(features_)
        min_f = min(features_)
    else:
        min_f = min(features_)
        max_f = max(features_)

    if min(features_) == max(features_):
        xx = np.linspace(min_f, min_f + 10, len(features_))
    else:
        xx = np.linspace(min_f, max_f, len(features_))

    return xx


def kde(features):
    features_ = np.copy(features)
    xx = create_xx(features_)

    if min(features_) == max(features_):
        noise = np.random.randn(len(features_)) * 0.0001
        features_ = np.copy(features_ + noise)

    kernel = scipy.stats.gaussian_kde(features_, bw_method="silverman")

    return np.array(kernel(xx) / np.sum(kernel(xx)))


def gaussian(features):
    features_ = np.copy(features)

    xx = create_xx(features_)
    std_value = np.std(features_)
    mean_value = np.mean(features_)

    if std_value == 0:
        return 0.0
    pdf_gauss = scipy.stats.norm.pdf(xx, mean_value, std_value)

    return np.array(pdf_gauss / np.sum(pdf_gauss))


def calc_ecdf(signal):
    return np.sort(signal), np.arange(1, len(signal) + 1) / len(signal)


def coarse_graining(signal, scale):
    n = len(signal)
    windows = n // scale
    usable_n = windows * scale

    windowed_signal = np.reshape(signal[0:usable_n], (windows, scale))
    coarsegrained_signal = np.nanmean(windowed_signal, axis=1)

    return coarsegrained_signal


def get_templates(signal, m=3):
    return np.array([signal[i : i + m] for i in np.arange(len(signal) - m + 1)])


def calc_rms(signal, window):
    num_windows = len(signal) // window
    rms = np.zeros(num_windows)

    for idx in np.arange(num_windows):
        start_idx = idx * window
        end_idx = start_idx + window
        windowed_signal = signal[start_idx:end_idx]

        coeff = np.polyfit(np.arange(window), windowed_signal, 1)
        detrended_window = windowed_signal - np.polyval(coeff, np.arange(window))
        rms[idx] = np.sqrt(np.mean(detrended_window**2))

    return rms


def compute_rs(signal, lag):
    n = len(signal)

    windowed_signal = np.reshape(signal[: n - n % lag], (-1, lag))
    mean_windows = np.mean(windowed_signal, axis=1)
    accumulated_windowed_signal = np.cumsum(
        windowed_signal - np.reshape(mean_windows, (-1, 1)),
        axis=1,
    )

    r = np.max(accumulated_windowed_signal, axis=1) - np.min(
        accumulated_windowed_signal,
        axis=1,
    )
    s = np.std(windowed_signal, axis=1)

    rs = np.divide(r, s)

    return np.mean(rs)


def calc_lengths_higuchi(signal):
    n = len(signal)
    k_values = np.arange(1, n // 10)
    lk = []

    for k in k_values:
        lmk = 0
        for m in np.arange(1, k + 1):
            sum_length = 0
            for i in np.arange(1, (n - m) // k + 1):
                sum_length += abs(signal[m + i * k - 1] - signal[m + (i - 1) * k - 1])
            lmk += (sum_length * (n - 1)) / (((n - m) // k) * k**2)
        lk.append(lmk / k)

    return k_values, lk


def calc_lempel_ziv_complexity(sequence):
    sub_strings = set()

    ind = 0
    inc = 1
    while True:
        if ind + inc > len(sequence):
            break
        sub_str = sequence[ind : ind + inc]
        if sub_str in sub_strings:
            inc += 1
        else:
            sub_strings.add(sub_str)
            ind += inc
            inc = 1

    return len(sub_strings) / len(sequence)


def find_plateau(y, threshold=0.1, consecutive_points=5):
    dy = np.diff(y)

    for i in np.arange(len(dy) - consecutive_points + 1):
        if np.all(np.abs(dy[i : i + consecutive_points]) < threshold):
            plateau_value = np.mean(y[i : i + consecutive_points])
            if plateau_value > np.mean(y):
                return i

    # No plateau found
    return len(y)


# --- feature_extraction/features.py ----------------------------------------------------------------------------------
warning_flag = False
warning_msg = (
    "The fractal features will not be calculated and will be replaced with 'nan' because the length of the input signal is smaller than the required minimum of "
    + str(FEATURES_MIN_SIZE)
    + " data points."
)


@set_domain("domain", "temporal")
def calc_centroid(signal, fs):
    time = compute_time(signal, fs)

    energy = np.array(signal) ** 2

    t_energy = np.dot(np.array(time), np.array(energy))
    energy_sum = np.sum(energy)

    if energy_sum == 0 or t_energy == 0:
        centroid = 0
    else:
        centroid = t_energy / energy_sum

    return centroid


@set_domain("domain", "temporal")
@set_domain("tag", "emg")
def negative_turning(signal):
    diff_sig = np.diff(signal)
    array_signal = np.arange(len(diff_sig[:-1]))
    negative_turning_pts = np.where((diff_sig[array_signal] < 0) & (diff_sig[array_signal + 1] > 0))[0]

    return len(negative_turning_pts)


@set_domain("domain", "temporal")
@set_domain("tag", "emg")
def positive_turning(signal):
    diff_sig = np.diff(signal)

    array_signal = np.arange(len(diff_sig[:-1]))

    positive_turning_pts = np.where((diff_sig[array_signal + 1] < 0) & (diff_sig[array_signal] > 0))[0]

    return len(positive_turning_pts)


@set_domain("domain", "temporal")
def mean_abs_diff(signal):
    return np.mean(np.abs(np.diff(signal)))


@set_domain("domain", "temporal")
def mean_diff(signal):
    return np.mean(np.diff(signal))


@set_domain("domain", "temporal")
def median_abs_diff(signal):
    return np.median(np.abs(np.diff(signal)))


@set_domain("domain", "temporal")
def median_diff(signal):
    return np.median(np.diff(signal))


@set_domain("domain", "temporal")
def distance(signal):
    diff_sig = np.diff(signal).astype(float)
    return np.sum([np.sqrt(1 + diff_sig**2)])


@set_domain("domain", "temporal")
def sum_abs_diff(signal):
    return np.sum(np.abs(np.diff(signal)))


@set_domain("domain", "temporal")
@set_domain("tag", ["audio", "emg"])
def zero_cross(signal):
    return len(np.where(np.diff(np.sign(signal)))[0])


@set_domain("domain", "temporal")
def slope(signal):
    t = np.linspace(0, len(signal) - 1, len(signal))

    return np.polyfit(t, signal, 1)[0]


@set_domain("domain", "temporal")
def auc(signal, fs):
    t = compute_time(signal, fs)

    return np.sum(0.5 * np.diff(t) * np.abs(np.array(signal[:-1]) + np.array(signal[1:])))


@set_domain("domain", "temporal")
def neighbourhood_peaks(signal, n=10):
    signal = np.array(signal)
    subsequence = signal[n:-n]
    # initial iteration
    peaks = (subsequence > np.roll(signal, 1)[n:-n]) & (subsequence > np.roll(signal, -1)[n:-n])
    for i in np.arange(2, n + 1):
        peaks &= subsequence > np.roll(signal, i)[n:-n]
        peaks &= subsequence > np.roll(signal, -i)[n:-n]
    return np.sum(peaks)


@set_domain("domain", "temporal")
def lempel_ziv(signal, threshold=None):
    if threshold is None:
        threshold = np.mean(signal)

    binary_signal = (signal > threshold).astype(int)
    string_binary_signal = "".join(map(str, binary_signal))
    lz_index = calc_lempel_ziv_complexity(string_binary_signal)

    return lz_index


@set_domain("domain", "statistical")
@set_domain("tag", "audio")
def abs_energy(signal):
    return np.sum(np.abs(signal) ** 2)


@set_domain("domain", "statistical")
@set_domain("tag", "audio")
def average_power(signal, fs):
    time = compute_time(signal, fs)

    return np.sum(np.array(signal) ** 2) / (time[-1] - time[0])


@set_domain("domain", "statistical")
@set_domain("tag", "eeg")
def entropy(signal, prob="standard"):
    if prob == "standard":
        value, counts = np.unique(signal, return_counts=True)
        p = counts / counts.sum()
    elif prob == "kde":
        p = kde(signal)
    elif prob == "gauss":
        p = gaussian(signal)

    if np.sum(p) == 0:
        return 0.0

    # Handling zero probability values
    p = p[np.where(p != 0)]

    # If probability all in one value, there is no entropy
    if np.log2(len(signal)) == 1:
        return 0.0
    elif np.sum(p * np.log2(p)) / np.log2(len(signal)) == 0:
        return 0.0
    else:
        return -np.sum(p * np.log2(p)) / np.log2(len(signal))


@set_domain("domain", "statistical")
def hist_mode(signal, nbins=10):
    hist_values, bin_edges = np.histogram(signal, bins=nbins)
    max_bin_idx = np.argmax(hist_values)
    mode_value = (bin_edges[max_bin_idx] + bin_edges[max_bin_idx + 1]) / 2.0

    return mode_value


@set_domain("domain", "statistical")
def interq_range(signal):
    return np.percentile(signal, 75) - np.percentile(signal, 25)


@set_domain("domain", "statistical")
def kurtosis(signal):
    return scipy.stats.kurtosis(signal)


@set_domain("domain", "statistical")
def skewness(signal):
    return scipy.stats.skew(signal)


@set_domain("domain", "statistical")
def calc_max(signal):
    return np.max(signal)


@set_domain("domain", "statistical")
def calc_min(signal):
    return np.min(signal)


@set_domain("domain", "statistical")
@set_domain("tag", "inertial")
def calc_mean(signal):
    return np.mean(signal)


@set_domain("domain", "statistical")
def calc_median(signal):
    return np.median(signal)


@set_domain("domain", "statistical")
def mean_abs_deviation(signal):
    return np.mean(np.abs(signal - np.mean(signal, axis=0)), axis=0)


@set_domain("domain", "statistical")
def median_abs_deviation(signal):
    return scipy.stats.median_abs_deviation(signal, scale=1)


@set_domain("domain", "statistical")
@set_domain("tag", ["inertial", "emg"])
def rms(signal):
    return np.sqrt(np.sum(np.array(signal) ** 2) / len(signal))


@set_domain("domain", "statistical")
def calc_std(signal):
    return np.std(signal)


@set_domain("domain", "statistical")
def calc_var(signal):
    return np.var(signal)


@set_domain("domain", "statistical")
def pk_pk_distance(signal):
    return np.abs(np.max(signal) - np.min(signal))


@set_domain("domain", "statistical")
def ecdf(signal, d=10):
    _, y = calc_ecdf(signal)
    if len(signal) <= d:
        return tuple(y)
    else:
        return tuple(y[:d])


@set_domain("domain", "statistical")
def ecdf_slope(signal, p_init=0.5, p_end=0.75):
    signal = np.array(signal)
    # check if signal is constant
    if np.sum(np.diff(signal)) == 0:
        return np.inf
    else:
        x_init, x_end = ecdf_percentile(signal, percentile=[p_init, p_end])
        return (p_end - p_init) / (x_end - x_init)


@set_domain("domain", "statistical")
def ecdf_percentile(signal, percentile=None):
    if percentile is None:
        percentile = [0.2, 0.8]
    signal = np.array(signal)
    if isinstance(percentile, str):
        percentile = safe_eval_string(percentile)
    if isinstance(percentile, (float, int)):
        percentile = [percentile]

    # calculate ecdf
    x, y = calc_ecdf(signal)

    if len(percentile) > 1:
        # check if signal is constant
        if np.sum(np.diff(signal)) == 0:
            return tuple(np.repeat(signal[0], len(percentile)))
        else:
            return tuple([x[y <= p].max() for p in percentile])
    else:
        # check if signal is constant
        if np.sum(np.diff(signal)) == 0:
            return signal[0]
        else:
            return x[y <= percentile].max()


@set_domain("domain", "statistical")
def ecdf_percentile_count(signal, percentile=None):
    if percentile is None:
        percentile = [0.2, 0.8]

    signal = np.array(signal)
    if isinstance(percentile, str):
        percentile = safe_eval_string(percentile)
    if isinstance(percentile, (float, int)):
        percentile = [percentile]

    # calculate ecdf
    x, y = calc_ecdf(signal)

    if len(percentile) > 1:
        # check if signal is constant
        if np.sum(np.diff(signal)) == 0:
            return tuple(np.repeat(signal[0], len(percentile)))
        else:
            return tuple([x[y <= p].shape[0] for p in percentile])
    else:
        # check if signal is constant
        if np.sum(np.diff(signal)) == 0:
            return signal[0]
        else:
            return x[y <= percentile].shape[0]


@set_domain("domain", "spectral")
def spectral_distance(signal, fs):
    f, fmag = calc_fft(signal, fs)

    cum_fmag = np.cumsum(fmag)

    # Computing the linear regression
    points_y = np.linspace(0, cum_fmag[-1], len(cum_fmag))

    return np.sum(points_y - cum_fmag)


@set_domain("domain", "spectral")
def fundamental_frequency(signal, fs):
    signal = signal - np.mean(signal)
    f, fmag = calc_fft(signal, fs)

    # Finding big peaks, not considering noise peaks with low amplitude

    bp = scipy.signal.find_peaks(fmag, height=max(fmag) * 0.3)[0]

    # # Condition for offset removal, since the offset generates a peak at frequency zero
    bp = bp[bp != 0]
    if not list(bp):
        f0 = 0
    else:
        # f0 is the minimum big peak frequency
        f0 = f[min(bp)]

    return f0


@set_domain("domain", "spectral")
def max_power_spectrum(signal, fs):
    if np.std(signal) == 0:
        return float(max(scipy.signal.welch(signal, fs, nperseg=len(signal))[1]))
    else:
        return float(max(scipy.signal.welch(signal / np.std(signal), fs, nperseg=len(signal))[1]))


@set_domain("domain", "spectral")
def max_frequency(signal, fs):
    f, fmag = calc_fft(signal, fs)
    cum_fmag = np.cumsum(fmag)

    try:
        ind_mag = np.where(cum_fmag > cum_fmag[-1] * 0.95)[0][0]
    except IndexError:
        ind_mag = np.argmax(cum_fmag)

    return f[ind_mag]


@set_domain("domain", "spectral")
def median_frequency(signal, fs):
    f, fmag = calc_fft(signal, fs)
    cum_fmag = np.cumsum(fmag)
    try:
        ind_mag = np.where(cum_fmag > cum_fmag[-1] * 0.50)[0][0]
    except IndexError:
        ind_mag = np.argmax(cum_fmag)
    f_median = f[ind_mag]

    return f_median


@set_domain("domain", "spectral")
@set_domain("tag", "audio")
def spectral_centroid(signal, fs):
    f, fmag = calc_fft(signal, fs)
    if not np.sum(fmag):
        return 0
    else:
        return np.dot(f, fmag / np.sum(fmag))


@set_domain("domain", "spectral")
def spectral_decrease(signal, fs):
    f, fmag = calc_fft(signal, fs)

    fmag_band = fmag[1:]
    len_fmag_band = np.arange(2, len(fmag) + 1)

    # Sum of numerator
    soma_num = np.sum((fmag_band - fmag[0]) / (len_fmag_band - 1), axis=0)

    if not np.sum(fmag_band):
        return 0
    else:
        # Sum of denominator
        soma_den = 1 / np.sum(fmag_band)

        # Spectral decrease computing
        return soma_den * soma_num


@set_domain("domain", "spectral")
def spectral_kurtosis(signal, fs):
    f, fmag = calc_fft(signal, fs)
    if not spectral_spread(signal, fs):
        return 0
    else:
        spect_kurt = ((f - spectral_centroid(signal, fs)) ** 4) * (fmag / np.sum(fmag))
        return np.sum(spect_kurt) / (spectral_spread(signal, fs) ** 4)


@set_domain("domain", "spectral")
def spectral_skewness(signal, fs):
    f, fmag = calc_fft(signal, fs)
    spect_centr = spectral_centroid(signal, fs)

    if not spectral_spread(signal, fs):
        return 0
    else:
        skew = ((f - spect_centr) ** 3) * (fmag / np.sum(fmag))
        return np.sum(skew) / (spectral_spread(signal, fs) ** 3)


@set_domain("domain", "spectral")
def spectral_spread(signal, fs):
    f, fmag = calc_fft(signal, fs)
    spect_centroid = spectral_centroid(signal, fs)

    if not np.sum(fmag):
        return 0
    else:
        return np.dot(((f - spect_centroid) ** 2), (fmag / np.sum(fmag))) ** 0.5


@set_domain("domain", "spectral")
def spectral_slope(signal, fs):
    f, fmag = calc_fft(signal, fs)
    sum_fmag = fmag.sum()
    dot_ff = (f * f).sum()
    sum_f = f.sum()
    len_f = len(f)

    if not ([f]) or (sum_fmag == 0):
        return 0
    else:
        if not (len_f * dot_ff - sum_f**2):
            return 0
        else:
            num_ = (1 / sum_fmag) * (len_f * np.sum(f * fmag) - sum_f * sum_fmag)
            denom_ = len_f * dot_ff - sum_f**2
            return num_ / denom_


@set_domain("domain", "spectral")
def spectral_variation(signal, fs):
    f, fmag = calc_fft(signal, fs)

    sum1 = np.sum(np.array(fmag)[:-1] * np.array(fmag)[1:])
    sum2 = np.sum(np.array(fmag)[1:] ** 2)
    sum3 = np.sum(np.array(fmag)[:-1] ** 2)

    if not sum2 or not sum3:
        variation = 1
    else:
        variation = 1 - (sum1 / ((sum2**0.5) * (sum3**0.5)))

    return variation


@set_domain("domain", "spectral")
def spectral_positive_turning(signal, fs):
    f, fmag = calc_fft(signal, fs)
    diff_sig = np.diff(fmag)

    array_signal = np.arange(len(diff_sig[:-1]))

    positive_turning_pts = np.where((diff_sig[array_signal + 1] < 0) & (diff_sig[array_signal] > 0))[0]

    return len(positive_turning_pts)


@set_domain("domain", "spectral")
@set_domain("tag", "audio")
def spectral_roll_off(signal, fs):
    f, fmag = calc_fft(signal, fs)
    cum_ff = np.cumsum(fmag)
    value = 0.95 * (np.sum(fmag))

    return f[np.where(cum_ff >= value)[0][0]]


@set_domain("domain", "spectral")
def spectral_roll_on(signal, fs):
    f, fmag = calc_fft(signal, fs)
    cum_ff = np.cumsum(fmag)
    value = 0.05 * (np.sum(fmag))

    return f[np.where(cum_ff >= value)[0][0]]


@set_domain("domain", "spectral")
@set_domain("tag", "inertial")
def human_range_energy(signal, fs):
    f, fmag = calc_fft(signal, fs)

    allenergy = np.sum(fmag**2)

    if allenergy == 0:
        # For handling the occurrence of Nan values
        return 0.0

    hr_energy = np.sum(fmag[np.argmin(np.abs(0.6 - f)) : np.argmin(np.abs(2.5 - f))] ** 2)

    ratio = hr_energy / allenergy

    return ratio


@set_domain("domain", "spectral")
@set_domain("tag", ["audio", "emg"])
def mfcc(signal, fs, pre_emphasis=0.97, nfft=512, nfilt=40, num_ceps=12, cep_lifter=22):
    filter_banks = filterbank(signal, fs, pre_emphasis, nfft, nfilt)

    mel_coeff = scipy.fft.dct(filter_banks, type=2, axis=0, norm="ortho")[1 : (num_ceps + 1)]  # Keep 2-13

    mel_coeff -= np.mean(mel_coeff, axis=0) + 1e-8

    # liftering
    ncoeff = len(mel_coeff)
    n = np.arange(ncoeff)
    lift = 1 + (cep_lifter / 2) * np.sin(np.pi * n / cep_lifter)  # cep_lifter = 22 from python_speech_features library

    mel_coeff *= lift

    return tuple(mel_coeff)


@set_domain("domain", "spectral")
def power_bandwidth(signal, fs):
    # Computing the power spectrum density
    if np.std(signal) == 0:
        freq, power = scipy.signal.welch(signal, fs, nperseg=len(signal))
    else:
        freq, power = scipy.signal.welch(signal / np.std(signal), fs, nperseg=len(signal))

    if np.sum(power) == 0:
        return 0.0

    # Computing the lower and upper limits of power bandwidth
    cum_power = np.cumsum(power)
    f_lower = freq[np.where(cum_power >= cum_power[-1] * 0.95)[0][0]]

    cum_power_inv = np.cumsum(power[::-1])
    f_upper = freq[np.abs(np.where(cum_power_inv >= cum_power[-1] * 0.95)[0][0] - len(power) + 1)]

    # Returning the bandwidth in terms of frequency

    return np.abs(f_upper - f_lower)


@set_domain("domain", "spectral")
def spectrogram_mean_coeff(signal, fs, bins=32):
    if bins > len(signal) // 2 + 1:
        bins = len(signal) // 2 + 1

    frequencies, _, Sxx = scipy.signal.spectrogram(signal, fs, nperseg=bins * 2 - 2)
    Sxx_mean = Sxx.mean(1)
    f_keys = np.round(frequencies, 2).astype(str)

    return {"names": [f + "Hz" for f in f_keys], "values": Sxx_mean}


@set_domain("domain", "spectral")
@set_domain("tag", "audio")
def lpcc(signal, n_coeff=12):
    # 12-20 cepstral coefficients are sufficient for speech recognition
    lpc_coeffs = lpc(signal, n_coeff)

    if np.sum(lpc_coeffs) == 0:
        return tuple(np.zeros(len(lpc_coeffs)))

    # Power spectrum
    powerspectrum = np.abs(np.fft.fft(lpc_coeffs)) ** 2
    lpcc_coeff = np.fft.ifft(np.log(powerspectrum))

    return tuple(np.abs(lpcc_coeff))


@set_domain("domain", "spectral")
@set_domain("tag", "eeg")
def spectral_entropy(signal, fs):
    # Removing DC component
    sig = signal - np.mean(signal)

    f, fmag = calc_fft(sig, fs)

    power = fmag**2

    if power.sum() == 0:
        return 0.0

    prob = np.divide(power, power.sum())

    prob = prob[prob != 0]

    # If probability all in one value, there is no entropy
    if prob.size == 1:
        return 0.0

    return -np.multiply(prob, np.log2(prob)).sum() / np.log2(prob.size)


@set_domain("domain", "fractal")
def dfa(signal):
    global warning_flag

    if np.var(signal) == 0 and np.all(signal == signal[0]):
        return np.nan

    n = len(signal)

    if n < FEATURES_MIN_SIZE:
        if not warning_flag:
            warnings.warn(warning_msg, UserWarning)
            warning_flag = True
        return np.nan

    accumulated_signal = np.cumsum(signal - np.mean(signal))
    windows = set(np.linspace(4, n // 10, n // 2, dtype=int))
    fluct = np.zeros(len(windows))

    for idx, window in enumerate(windows):
        fluct[idx] = np.sqrt(np.mean(calc_rms(accumulated_signal, window) ** 2))

    i_plateau = find_plateau(np.log(fluct))
    fluct = fluct[0:i_plateau]
    windows = list(windows)[0:i_plateau]

    coeffs = np.polyfit(np.log(windows), np.log(fluct), 1)
    alpha_dfa = coeffs[0]

    return alpha_dfa


@set_domain("domain", "fractal")
def hurst_exponent(signal):
    global warning_flag

    if np.var(signal) == 0 and np.all(signal == signal[0]):
        return np.nan

    n = len(signal)

    if n < FEATURES_MIN_SIZE:
        if not warning_flag:
            warnings.warn(warning_msg, UserWarning)
            warning_flag = True
        return np.nan

    lags = set(np.linspace(4, n // 10, n // 2, dtype=int))
    rs = [compute_rs(signal, lag) for lag in lags]

    n_values = np.array(list(lags))[np.isfinite(rs)]
    rs = np.array(rs)[np.isfinite(rs)]

    coeffs = np.polyfit(np.log10(n_values), np.log10(rs), 1)
    h_exp = coeffs[0]

    return h_exp


@set_domain("domain", "fractal")
def higuchi_fractal_dimension(signal):
    global warning_flag

    n = len(signal)

    if n < FEATURES_MIN_SIZE:
        if not warning_flag:
            warnings.warn(warning_msg, UserWarning)
            warning_flag = True
        return np.nan

    k_values, lk = calc_lengths_higuchi(signal)

    coeffs = np.polyfit(np.log(1 / k_values), np.log(lk), 1)
    hfd = coeffs[0]

    return hfd


@set_domain("domain", "fractal")
def maximum_fractal_length(signal):
    global warning_flag

    n = len(signal)

    if n < FEATURES_MIN_SIZE:
        if not warning_flag:
            warnings.warn(warning_msg, UserWarning)
            warning_flag = True
        return np.nan

    k_values, lk = calc_lengths_higuchi(signal)

    coeffs = np.polyfit(np.log10(1 / k_values), np.log10(lk), 1)
    trendpoly = np.poly1d(coeffs)
    mfl_value = trendpoly(0)

    return mfl_value


@set_domain("domain", "fractal")
def petrosian_fractal_dimension(signal):
    n = len(signal)
    diff_signal = np.diff(np.sign(np.diff(signal)))
    num_sign_changes = np.sum(diff_signal != 0)

    pfd = np.log10(n) / (np.log10(n) + np.log10(n / (n + 0.4 * num_sign_changes)))

    return pfd


# --- wrappers (keyword arguments as the feature extraction passes them) -----------------------------------------------
def entropy_kde(signal):
    return entropy(signal, prob="kde")


def entropy_gauss(signal):
    return entropy(signal, prob="gauss")


def ecdf_percentile_one(signal):
    return ecdf_percentile(signal, percentile=0.5)


def ecdf_percentile_count_one(signal):
    return ecdf_percentile_count(signal, percentile=0.5)


# --- inputs -----------------------------------------------------------------------------------------------------------
FS = 100


def _noise_wave(rng: np.random.Generator, n: int = 256) -> np.ndarray:
    """test_features.py's noiseWave: a 5 Hz sine with normal noise (sd 0.1), at 100 Hz here."""
    x = np.arange(0, n, 1)
    wave = np.sin(2 * np.pi * 5 * x / FS)
    return wave + rng.normal(0, 0.1, n)


def _sig(rng: np.random.Generator) -> tuple:
    return (_noise_wave(rng),)


def _sig_fs(rng: np.random.Generator) -> tuple:
    return (_noise_wave(rng), FS)


def _rounded(rng: np.random.Generator) -> tuple:
    return (np.round(_noise_wave(rng), 1),)


def _walk(rng: np.random.Generator) -> tuple:
    """A random walk of 200 samples (above FEATURES_MIN_SIZE), for the fractal features."""
    return (np.cumsum(rng.normal(size=200)),)


F = "feature_extraction/features.py"
U = "feature_extraction/features_utils.py"

CASES = [
    # temporal
    case(calc_centroid, _sig_fs, TS(F, "calc_centroid")),
    case(negative_turning, _sig, TS(F, "negative_turning")),
    case(positive_turning, _sig, TS(F, "positive_turning")),
    case(mean_abs_diff, _sig, TS(F, "mean_abs_diff")),
    case(mean_diff, _sig, TS(F, "mean_diff")),
    case(median_abs_diff, _sig, TS(F, "median_abs_diff")),
    case(median_diff, _sig, TS(F, "median_diff")),
    case(distance, _sig, TS(F, "distance")),
    case(sum_abs_diff, _sig, TS(F, "sum_abs_diff")),
    case(zero_cross, _sig, TS(F, "zero_cross")),
    case(slope, _sig, TS(F, "slope")),
    case(auc, _sig_fs, TS(F, "auc")),
    case(neighbourhood_peaks, _sig, TS(F, "neighbourhood_peaks", "n=10 (its default)")),
    case(lempel_ziv, _sig, TS(F, "lempel_ziv / calc_lempel_ziv_complexity", "threshold=None: the mean")),
    # statistical
    case(abs_energy, _sig, TS(F, "abs_energy")),
    case(average_power, _sig_fs, TS(F, "average_power")),
    case(entropy, _rounded, TS(F, "entropy", "prob='standard': np.unique counts of the signal rounded to 0.1")),
    case(entropy_kde, _sig, TS(F, "entropy / kde / create_xx", "prob='kde' (a one-line wrapper)")),
    case(entropy_gauss, _sig, TS(F, "entropy / gaussian / create_xx", "prob='gauss' (a one-line wrapper)")),
    case(hist_mode, _sig, TS(F, "hist_mode", "nbins=10 (its default)")),
    case(interq_range, _sig, TS(F, "interq_range")),
    case(kurtosis, _sig, TS(F, "kurtosis")),
    case(skewness, _sig, TS(F, "skewness")),
    case(calc_max, _sig, TS(F, "calc_max")),
    case(calc_median, _sig, TS(F, "calc_median")),
    case(mean_abs_deviation, _sig, TS(F, "mean_abs_deviation")),
    case(median_abs_deviation, _sig, TS(F, "median_abs_deviation")),
    case(rms, _sig, TS(F, "rms")),
    case(calc_var, _sig, TS(F, "calc_var")),
    case(pk_pk_distance, _sig, TS(F, "pk_pk_distance")),
    case(ecdf, _sig, TS(F, "ecdf / calc_ecdf", "d=10 (its default)")),
    case(ecdf_slope, _sig, TS(F, "ecdf_slope / ecdf_percentile")),
    case(ecdf_percentile, _sig, TS(F, "ecdf_percentile", "percentile=None: [0.2, 0.8]")),
    case(ecdf_percentile_one, _sig, TS(F, "ecdf_percentile", "percentile=0.5, one float (a one-line wrapper)")),
    case(ecdf_percentile_count, _sig, TS(F, "ecdf_percentile_count", "percentile=None: [0.2, 0.8]")),
    case(ecdf_percentile_count_one, _sig, TS(F, "ecdf_percentile_count", "percentile=0.5 (a one-line wrapper)")),
    # spectral
    case(spectral_distance, _sig_fs, TS(F, "spectral_distance / calc_fft")),
    case(fundamental_frequency, _sig_fs, TS(F, "fundamental_frequency")),
    case(max_power_spectrum, _sig_fs, TS(F, "max_power_spectrum")),
    case(max_frequency, _sig_fs, TS(F, "max_frequency")),
    case(median_frequency, _sig_fs, TS(F, "median_frequency")),
    case(spectral_centroid, _sig_fs, TS(F, "spectral_centroid")),
    case(spectral_decrease, _sig_fs, TS(F, "spectral_decrease")),
    case(spectral_kurtosis, _sig_fs, TS(F, "spectral_kurtosis")),
    case(spectral_skewness, _sig_fs, TS(F, "spectral_skewness")),
    case(spectral_spread, _sig_fs, TS(F, "spectral_spread")),
    case(spectral_slope, _sig_fs, TS(F, "spectral_slope")),
    case(spectral_variation, _sig_fs, TS(F, "spectral_variation")),
    case(spectral_positive_turning, _sig_fs, TS(F, "spectral_positive_turning")),
    case(spectral_roll_off, _sig_fs, TS(F, "spectral_roll_off")),
    case(spectral_roll_on, _sig_fs, TS(F, "spectral_roll_on")),
    case(human_range_energy, _sig_fs, TS(F, "human_range_energy")),
    case(mfcc, _sig_fs, TS(F, "mfcc / filterbank", "nfft=512, nfilt=40, num_ceps=12 (its defaults)")),
    case(power_bandwidth, _sig_fs, TS(F, "power_bandwidth")),
    case(spectrogram_mean_coeff, _sig_fs, TS(F, "spectrogram_mean_coeff", "bins=32 (its default)")),
    case(lpcc, _sig, TS(F, "lpcc / lpc / create_symmetric_matrix", "n_coeff=12 (its default)")),
    case(spectral_entropy, _sig_fs, TS(F, "spectral_entropy")),
    # fractal
    case(dfa, _walk, TS(F, "dfa / calc_rms / find_plateau")),
    case(hurst_exponent, _walk, TS(F, "hurst_exponent / compute_rs")),
    case(higuchi_fractal_dimension, _walk, TS(F, "higuchi_fractal_dimension / calc_lengths_higuchi")),
    case(maximum_fractal_length, _walk, TS(F, "maximum_fractal_length / calc_lengths_higuchi")),
    case(petrosian_fractal_dimension, _walk, TS(F, "petrosian_fractal_dimension")),
    # features_utils.py
    case(autocorr_norm, _sig, TS(U, "autocorr_norm")),
    case(coarse_graining, lambda rng: (_noise_wave(rng), 3), TS(U, "coarse_graining", "scale=3")),
    case(get_templates, lambda rng: (_noise_wave(rng, 40), 3), TS(U, "get_templates", "m=3 on 40 samples")),
]
