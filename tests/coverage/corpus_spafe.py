"""spafe's speech and audio features in NumPy and SciPy: the frequency scales of ``utils/converters.py`` (ERB, mel as a
dict of both approaches indexed by a string, Bark as an ``if`` / ``elif`` chain over six approaches, whose Traunmueller
inverse calls a helper with a three-way ``if`` on the value), the preprocessing of ``utils/preprocessing.py``
(``np.where`` against zeros, pre-emphasis by ``scipy.signal.lfilter``, framing by
``np.lib.stride_tricks.as_strided`` with an ``if`` that pads the last frame, windows as a dict of five), RASTA filtering
(``lfilter`` with initial conditions in a loop over rows), cepstral normalisation, liftering (an ``if`` / ``elif`` /
``else`` on the lifter's sign, a list comprehension in ``np.diag``) and deltas, the constant-Q transform (a loop
writing kernels into a complex matrix, a masked write, ``scipy.sparse.csr_matrix``), the filter banks of ``fbanks/``
(mel and linear: masked writes ``fbank[j, left_slope] = ...`` in a loop over ``zip`` of three arrays; the inverse mel
bank reversing rows of an array it iterates; Bark: nested loops calling ``Fm``, whose ``if`` / ``elif`` chain returns
the int ``0`` or ``1`` on two branches and a float on the others; gammatone: complex poles, a nested function and a
``try: ... except BaseException:`` around a list comprehension), the cepstral features of ``features/`` (MFCC, IMFCC,
LFCC, BFCC, GFCC, NGCC, MSRCC, PSRCC with ``features[np.isnan(features)] = 0``, PNCC with its medium-time power list
comprehensions, asymmetric filters over ``m - 1`` (index -1 at the first frame), temporal masking and weight
smoothing in nested loops, LPC by ``scipy.linalg.inv`` of a Toeplitz matrix with a generator ``sum``, LPCC as a Python
list filled in loops, PLP and RASTA-PLP with a lambda), the spectral features of ``spfeats.py`` (centroid, skewness,
kurtosis, entropy, spread, ``scipy.stats.mstats.gmean`` flatness, rolloff, flux, a dict of twelve), the dominant
frequencies (a loop appending to a list, an optional Butterworth filter, a mask by ``np.where``) and YIN
(``scipy.signal.fftconvolve``, ``np.insert``, ``get_pitch``'s ``while`` with an inner ``while`` and an early
``return``, ``compute_yin``'s loop over frames with ``if`` on ``argmin`` and on the pitch found) (SuperKogito/spafe,
BSD-3-Clause).

Copied from SuperKogito/spafe at 5270b466661d5918c72ea19ac1350e5a54d2ebea (version 0.3.3; its ``LICENSE`` is the BSD
3-Clause License, "Copyright (c) 2019, Ayoub Malek"; every file says "Copyright (c) 2019-2024 Ayoub Malek. This source
code is licensed under the terms of the BSD 3-Clause License"), the files named in each section below (under
``spafe/``), every function of them, in the order the package's own imports need, docstrings dropped, comments kept.
``utils/vis.py`` (plots) is left out.

Adapted, beyond that:

* the package's relative imports (``from ..utils.converters import hz2mel``, ``from ..features.lpc import
  __lpc_helper``) are names of this module; the other imports are those of the source modules, gathered here;
* ``exceptions.py``'s ``SpafeError`` and ``ParameterError`` had only a docstring: their body is ``pass``;
* a setting the source takes as a keyword (``window=``, ``use_energy=``, ``lifter=``, ``normalize=``, ``fbanks=``,
  ``high_freq=``, ``butter_filter=``, ``harmonic_threshold=``...) is given by a one-line wrapper named after the case,
  so the traced arguments are the arrays (``fbanks=`` is an array the caller computes once, as the package's examples
  do for a batch of signals).

The inputs: voiced speech-like signals at 16 kHz (a fundamental of 110-220 Hz with decaying harmonics and a little
noise, a quarter of a second: 23 frames of 25 ms every 10 ms) and their frames and spectra, white noise (unvoiced),
int16 and float32 signals, a signal shorter than one YIN window (no frame), frequency grids of 0-8 kHz (0 Hz
included: ``log10(0)`` in Zwicker's Bark), empty arrays, NaN, and frequencies given as NumPy float64 scalars (a
telephone band's 300-3400 Hz) where the package's callers pass numbers.
"""

# ruff: noqa: E501, E731, E741, N802, N803, N806, N807, B007, B023, UP006, UP034, UP035
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple  # noqa: F401

import numpy as np
from scipy import linalg, signal, stats
from scipy.fftpack import dct
from scipy.signal import lfilter, resample
from scipy.sparse import csr_matrix
from typing_extensions import Literal, TypedDict

from tests.coverage.cases import SPAFE, Source, case


def SP(path: str, original: str, note: str = "") -> Source:
    return Source(SPAFE, "spafe/" + path, original, note)


# --- spafe/utils/exceptions.py ---


ErrorMsgs = {
    "low_freq": "minimal frequency cannot be less than zero.",
    "high_freq": "maximum frequency cannot be greater than half sampling frequency.",
    "nfft": "size of the FFT must be an integer.",
    "nfilts": "number of filters must be bigger than number of cepstrums",
    "win_len_win_hop_comparison": "window's length has to be larger than the window's hop",
}


class SpafeError(Exception):
    pass


class ParameterError(SpafeError):
    pass


def assert_function_availability(hasattr_output):
    # raise assertion error if function is not availible
    if not hasattr_output:
        raise AssertionError


# --- spafe/utils/converters.py ---


# init vars
F0 = 0
FSP = 200 / 3
BARK_FREQ = 1000
BARK_PT = (BARK_FREQ - F0) / FSP
LOGSTEP = np.exp(np.log(6.4) / 27.0)
A = (1000 * np.log(10)) / (24.7 * 4.37)

ErbConversionApproach = Literal["Glasberg"]


def hz2erb(f: float, approach: ErbConversionApproach = "Glasberg") -> float:
    if approach == "Glasberg":
        return A * np.log10(1 + f * 0.00437)


def erb2hz(fe: float, approach: ErbConversionApproach = "Glasberg") -> float:
    if approach == "Glasberg":
        return (10 ** (fe / A) - 1) / 0.00437


BarkConversionApproach = Literal[
    "Wang", "Tjomov", "Schroeder", "Terhardt", "Zwicker", "Traunmueller"
]


def hz2bark(f: float, approach: BarkConversionApproach = "Wang") -> float:
    if approach == "Wang":
        return 6 * np.arcsinh(f / 600)
    elif approach == "Tjomov":
        return 6.7 * np.arcsinh((f + 20) / 600)
    elif approach == "Schroeder":
        return 7 * np.arcsinh(f / 650)
    elif approach == "Terhardt":
        return 13.3 * np.arctan((f * 0.75) / 1000)
    elif approach == "Zwicker":
        return 8.7 + 14.2 * np.log10(f / 1000)
    elif approach == "Traunmueller":
        return ((26.28 * f) / (1 + 1960)) - 0.53
    else:
        return 6 * np.arcsinh(f / 600)


def bark2hz(fb: float, approach: BarkConversionApproach = "Wang") -> float:
    if approach == "Wang":
        return 600 * np.sinh(fb / 6)
    elif approach == "Tjomov":
        return 600 * np.sinh(fb / 6.7) - 20
    elif approach == "Schroeder":
        return 650 * np.sinh(fb / 7)
    elif approach == "Terhardt":
        return (1000 / 0.75) * np.tan(fb / 13)
    elif approach == "Zwicker":
        return 10 ** (((fb - 8.7) / 14.2) + 3)
    elif approach == "Traunmueller":
        return 1960 * (
            (__traunmueller_helper(fb) + 0.53) / (26.28 - __traunmueller_helper(fb))
        )
    else:
        return 600 * np.sinh(fb / 6)


def __traunmueller_helper(fi: float) -> float:
    if fi < 2:
        return (fi - 0.3) / (0.85)
    elif fi > 20.1:
        return (fi + 4.422) / 1.22
    else:
        return fi


MelConversionApproach = Literal["Oshaghnessy", "Lindsay"]


def hz2mel(f: float, approach: MelConversionApproach = "Oshaghnessy") -> float:
    return {
        "Oshaghnessy": 2595 * np.log10(1 + f / 700.0),
        "Lindsay": 2410 * np.log10(1 + f / 625),
    }[approach]


def mel2hz(fm: float, approach: MelConversionApproach = "Oshaghnessy") -> float:
    return {
        "Oshaghnessy": 700 * (10 ** (fm / 2595.0) - 1),
        "Lindsay": 625 * (10 ** (fm / 2410) - 1),
    }[approach]


# --- spafe/utils/preprocessing.py ---


WindowType = Literal["hanning", "bartlet", "kaiser", "blackman", "hamming"]


@dataclass
class SlidingWindow:

    win_len: float = 0.025
    win_hop: float = 0.010
    win_type: WindowType = "hamming"


def zero_handling(x: np.ndarray) -> np.ndarray:
    return np.where(x == 0, np.finfo(float).eps, x)


def pre_emphasis(sig: np.ndarray, pre_emph_coeff: float = 0.97) -> np.ndarray:
    return lfilter([1, -pre_emph_coeff], [1], sig)


def stride_trick(a: np.ndarray, stride_length: int, stride_step: int) -> np.ndarray:
    a = np.array(a)
    nrows = ((a.size - stride_length) // stride_step) + 1
    n = a.strides[0]
    return np.lib.stride_tricks.as_strided(
        a, shape=(nrows, stride_length), strides=(stride_step * n, n)
    )


def framing(
    sig: np.ndarray, fs: int = 16000, win_len: float = 0.025, win_hop: float = 0.01
) -> Tuple[np.ndarray, int]:
    # run checks and assertions
    if win_len < win_hop:
        raise ParameterError(ErrorMsgs["win_len_win_hop_comparison"])

    # compute frame length and frame step (convert from seconds to samples)
    frame_length = int(win_len * fs)
    frame_step = int(win_hop * fs)

    # make sure to use integers as indices
    frames = stride_trick(sig, frame_length, frame_step)

    if len(frames[-1]) < frame_length:
        frames[-1] = np.append(
            frames[-1], np.array([0] * (frame_length - len(frames[0])))
        )

    return frames, frame_length


def windowing(
    frames: np.ndarray, frame_len: int, win_type: WindowType = "hamming"
) -> np.ndarray:
    return {
        "hanning": np.hanning(frame_len) * frames,
        "bartlet": np.bartlett(frame_len) * frames,
        "kaiser": np.kaiser(frame_len, beta=14) * frames,
        "blackman": np.blackman(frame_len) * frames,
        "hamming": np.hamming(frame_len) * frames,
    }[win_type]


# --- spafe/utils/filters.py ---


ScaleType = Literal["ascendant", "descendant", "constant"]


def rasta_filter(x: np.ndarray) -> np.ndarray:
    numer = np.arange(-2, 3)
    numer = (-1 * numer) / np.sum(numer**2)
    denom = np.array([1, -0.94])

    z = signal.lfilter_zi(numer, 1)
    y = np.zeros((x.shape))

    for i in range(x.shape[0]):
        # FIR for initial state response compuation
        y1, z = signal.lfilter(numer, 1, x[i, 0:4], axis=0, zi=z * x[i, 0])
        y1 = y1 * 0

        # IIR
        y2, _ = signal.lfilter(numer, denom, x[i, 4 : x.shape[1]], axis=0, zi=z)
        y[i, :] = np.append(y1, y2)
    return y


def scale_fbank(scale: ScaleType, nfilts: int) -> np.ndarray:
    return {
        "ascendant": np.array([i / nfilts for i in range(1, nfilts + 1)]).reshape(
            nfilts, 1
        ),
        "descendant": np.array([i / nfilts for i in range(nfilts, 0, -1)]).reshape(
            nfilts, 1
        ),
        "constant": np.ones(shape=(nfilts, 1)),
    }[scale]


# --- spafe/utils/cepstral.py ---


NormalizationType = Literal["mvn", "ms", "vn", "mn"]


def normalize_ceps(
    x: np.ndarray, normalization_type: NormalizationType = "mvn"
) -> np.ndarray:
    return {
        "mvn": (x - np.mean(x, axis=0)) / np.std(x),
        "ms": x - np.mean(x, axis=0),
        "vn": x / np.std(x),
        "mn": (x - np.mean(x)) / (np.max(x) - np.min(x)),
    }[normalization_type]


def lifter_ceps(ceps: np.ndarray, lift: int = 3) -> np.ndarray:
    if lift == 0 or lift > 10:
        return ceps

    elif lift > 0:
        lift_vec = np.array([1] + [i**lift for i in range(1, ceps.shape[1])])
        lift_mat = np.diag(lift_vec)
        return np.dot(ceps, lift_mat)

    else:
        lift = int(-1 * lift)
        lift_vec = 1 + (lift / 2.0) * np.sin(
            np.pi * np.arange(1, 1 + ceps.shape[1]) / lift
        )
        return ceps * lift_vec


def deltas(x: np.ndarray, w: int = 9) -> np.ndarray:
    _, cols = x.shape
    hlen = np.floor(w / 2)
    win = np.arange(hlen, -(hlen + 1), -1, dtype="float32")

    xx = np.append(
        np.append(np.tile(x[:, 0], (int(hlen), 1)).T, x, axis=1),
        np.tile(x[:, cols - 1], (int(hlen), 1)).T,
        axis=1,
    )

    deltas = lfilter(win, 1, xx, axis=1)[:, int(2 * hlen) : int(2 * hlen + cols)]
    return deltas


# --- spafe/utils/spectral.py ---


def compute_constant_qtransform(
    frames: List[np.ndarray],
    fs: int = 16000,
    low_freq: float = 0,
    high_freq: float = None,
    nfft: int = 512,
    number_of_octaves: int = 7,
    number_of_bins_per_octave: int = 12,
    win_type: WindowType = "hamming",
    spectral_threshold: float = 0.0054,
    f0: float = 120,
    q_rate: float = 1.0,
):
    high_freq = high_freq or fs / 2

    # calculate the center freqs.
    tmp_cqt_freqs = np.array(
        [
            f0 * 2 ** ((m * number_of_bins_per_octave + n) / number_of_bins_per_octave)
            for m in range(number_of_octaves)
            for n in range(number_of_bins_per_octave)
        ]
    )
    cqt_freqs = tmp_cqt_freqs[
        (low_freq <= tmp_cqt_freqs) & (tmp_cqt_freqs <= high_freq)
    ]

    # calculate Q
    Q = q_rate / (2 ** (1.0 / number_of_bins_per_octave) - 1.0)

    # compute Nks (win_lens)
    win_lens = np.ceil(Q * fs / cqt_freqs).astype(np.int64)
    win_lens = win_lens[win_lens <= nfft]

    # filter center freqs and count number of pitches & frames
    cqt_freqs = cqt_freqs[-1 * len(win_lens) :]
    n_pitch = len(cqt_freqs)
    n_frames = len(frames)

    # calculate kernel
    a = np.zeros((n_pitch, nfft), dtype=np.complex128)
    kernel = np.zeros(a.shape, dtype=np.complex128)

    for k in range(n_pitch):
        Nk = win_lens[k]
        fk = cqt_freqs[k]

        # prepare indices
        start_index = int((nfft - Nk) / 2)
        end_index = start_index + Nk

        # prepare kernel
        temp_a = np.exp(2.0 * np.pi * 1j * (fk / fs) * np.arange(0, Nk))
        a[k, start_index:end_index] = (1 / Nk) * windowing(temp_a, Nk, win_type)
        kernel[k] = np.fft.fft(a[k], nfft)

    # prepare sparse computation vars
    kernel[np.abs(kernel) <= spectral_threshold] = 0.0
    kernel_sparse = csr_matrix(kernel).conjugate() / nfft

    # compute transform
    spec = np.zeros([n_frames, n_pitch], dtype=np.complex128)
    for k, frame in enumerate(frames):
        x = (
            np.r_[frame, np.zeros(nfft - len(frame))]
            if len(frame) < nfft
            else frame[0 : len(frame)]
        )
        spec[k] = np.fft.fft(x, nfft) * kernel_sparse.T
    return spec.T


# --- spafe/fbanks/mel_fbanks.py ---


def mel_filter_banks_helper(
    nfilts: int = 24,
    nfft: int = 512,
    fs: int = 16000,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    fb_type="mel",
    conversion_approach: MelConversionApproach = "Oshaghnessy",
):
    # init freqs
    high_freq = high_freq or fs / 2

    # run checks
    if low_freq < 0:
        raise ParameterError(ErrorMsgs["low_freq"])

    if high_freq > (fs / 2):
        raise ParameterError(ErrorMsgs["high_freq"])

    if fb_type == "mel":
        # convert bounding freqs
        low_mel = hz2mel(low_freq, conversion_approach)
        high_mel = hz2mel(high_freq, conversion_approach)

        # compute points evenly spaced in mels (ponts are in Hz)
        delta_mel = abs(high_mel - low_mel) / (nfilts + 1)
        scale_freqs = low_mel + delta_mel * np.arange(0, nfilts + 2)

        # assign freqs
        lower_edges_mel = scale_freqs[:-2]
        upper_edges_mel = scale_freqs[2:]
        center_freqs_mel = scale_freqs[1:-1]

        # assign freqs in
        center_freqs_hz = mel2hz(center_freqs_mel, conversion_approach)
        lower_edges_hz = mel2hz(lower_edges_mel, conversion_approach)
        upper_edges_hz = mel2hz(upper_edges_mel, conversion_approach)
        center_freqs = center_freqs_mel
    else:
        # compute points evenly spaced in frequency (points are in Hz)
        delta_hz = abs(high_freq - low_freq) / (nfilts + 1)
        scale_freqs = low_freq + delta_hz * np.arange(0, nfilts + 2)

        # assign freqs
        lower_edges_hz = scale_freqs[:-2]
        upper_edges_hz = scale_freqs[2:]
        center_freqs_hz = scale_freqs[1:-1]
        center_freqs = center_freqs_hz

    freqs = np.linspace(low_freq, high_freq, nfft // 2 + 1)
    fbank = np.zeros((nfilts, nfft // 2 + 1))

    for j, (center, lower, upper) in enumerate(
        zip(center_freqs_hz, lower_edges_hz, upper_edges_hz)
    ):
        left_slope = (freqs >= lower) == (freqs <= center)
        fbank[j, left_slope] = (freqs[left_slope] - lower) / (center - lower)

        right_slope = (freqs >= center) == (freqs <= upper)
        fbank[j, right_slope] = (upper - freqs[right_slope]) / (upper - center)

    # compute scaling
    scaling = scale_fbank(scale=scale, nfilts=nfilts)
    fbank = fbank * scaling

    return fbank, center_freqs


def mel_filter_banks(
    nfilts: int = 24,
    nfft: int = 512,
    fs: int = 16000,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    conversion_approach: MelConversionApproach = "Oshaghnessy",
):
    # generate mel fbanks by inversing regular mel fbanks
    mel_fbanks, mel_freqs = mel_filter_banks_helper(
        nfilts=nfilts,
        nfft=nfft,
        fs=fs,
        low_freq=low_freq,
        high_freq=high_freq,
        scale=scale,
        fb_type="mel",
        conversion_approach=conversion_approach,
    )

    return mel_fbanks, mel_freqs


def inverse_mel_filter_banks(
    nfilts: int = 24,
    nfft: int = 512,
    fs: int = 16000,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    conversion_approach: MelConversionApproach = "Oshaghnessy",
):
    # inverse scaler value
    scales = {
        "ascendant": "descendant",
        "descendant": "ascendant",
        "constant": "constant",
    }

    # generate inverse mel fbanks by inversing regular mel fbanks
    imel_fbanks, mel_freqs = mel_filter_banks_helper(
        nfilts=nfilts,
        nfft=nfft,
        fs=fs,
        low_freq=low_freq,
        high_freq=high_freq,
        scale=scales[scale],
        fb_type="mel",
        conversion_approach=conversion_approach,
    )

    # inverse regular filter banks
    for i, pts in enumerate(imel_fbanks):
        imel_fbanks[i] = pts[::-1]

    # get inverse freqs
    imel_center_freqs = [
        hz2mel(freq, conversion_approach)
        for freq in (high_freq - mel2hz(mel_freqs, conversion_approach))
    ]

    return np.abs(imel_fbanks), imel_center_freqs


# --- spafe/fbanks/linear_fbanks.py ---


def linear_filter_banks(
    nfilts: int = 24,
    nfft: int = 512,
    fs: int = 16000,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
):
    # generate linear fbanks by inversing regular mel fbanks
    fbank, lin_freqs = mel_filter_banks_helper(
        nfilts=nfilts,
        nfft=nfft,
        fs=fs,
        low_freq=low_freq,
        high_freq=high_freq,
        scale=scale,
        fb_type="lin",
    )
    return np.abs(fbank), lin_freqs


# --- spafe/fbanks/bark_fbanks.py ---


def Fm(fb: float, fc: float) -> float:
    if (fb - fc < -1.3) or (2.5 < fb - fc):
        return 0

    elif -1.3 <= fb - fc <= -0.5:
        return 10 ** (2.5 * (fb - fc + 0.5))

    elif -0.5 < fb - fc < 0.5:
        return 1

    else:
        # if 0.5 <= fb - fc <= 2.5:
        return 10 ** (-1 * (fb - fc - 0.5))


def bark_filter_banks(
    nfilts: int = 24,
    nfft: int = 512,
    fs: int = 16000,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    conversion_approach: BarkConversionApproach = "Wang",
):
    # init freqs
    high_freq = high_freq or fs / 2

    # run checks
    if low_freq < 0:
        raise ParameterError(ErrorMsgs["low_freq"])

    if high_freq > (fs / 2):
        raise ParameterError(ErrorMsgs["high_freq"])

    # compute points evenly spaced in Bark scale (points are in Bark)
    low_bark = hz2bark(low_freq, conversion_approach)
    high_bark = hz2bark(high_freq, conversion_approach)
    bark_center_freqs = np.linspace(low_bark, high_bark, nfilts)

    # we use fft bins, so we have to convert from Bark to fft bin number
    bins = np.floor(
        np.array(
            [
                (nfft + 1) * (bark2hz(freq, conversion_approach) / fs)
                for freq in bark_center_freqs
            ]
        )
    )
    fbank = np.zeros([nfilts, nfft // 2 + 1])

    for j in range(0, nfilts):
        for i in range(int(bins[0]), int(bins[nfilts - 1])):
            fc = bark_center_freqs[j]
            fb = hz2bark((i * fs) / (nfft + 1), conversion_approach)
            fbank[j, i] = Fm(fb, fc)

    # compute scaling
    scaling = scale_fbank(scale=scale, nfilts=nfilts)
    fbank = fbank * scaling

    return fbank, bark_center_freqs


# --- spafe/fbanks/gammatone_fbanks.py ---


# Slaney's ERB Filter constants
EarQ = 9.26449
minBW = 24.7


def generate_center_frequencies(
    min_freq: float, max_freq: float, nfilts: int
) -> np.ndarray:
    # init vars
    m = np.array(range(nfilts)) + 1
    c = EarQ * minBW

    # compute center frequencies
    center_freqs = (max_freq + c) * np.exp(
        (m / nfilts) * (np.log(min_freq + c) - np.log(max_freq + c))
    ) - c
    return center_freqs[::-1]


def compute_gain(
    fcs: np.ndarray, B: np.ndarray, wT: np.ndarray, T: float
) -> Tuple[np.ndarray, np.ndarray]:
    # pre-computations for simplification
    K = np.exp(B * T)
    Cos = np.cos(2 * fcs * np.pi * T)
    Sin = np.sin(2 * fcs * np.pi * T)
    Smax = np.sqrt(3 + 2 ** (3 / 2))
    Smin = np.sqrt(3 - 2 ** (3 / 2))

    # define A matrix rows
    A11 = (Cos + Smax * Sin) / K
    A12 = (Cos - Smax * Sin) / K
    A13 = (Cos + Smin * Sin) / K
    A14 = (Cos - Smin * Sin) / K

    # Compute gain (vectorized)
    A = np.array([A11, A12, A13, A14])
    Kj = np.exp(1j * wT)
    Kjmat = np.array([Kj, Kj, Kj, Kj]).T
    G = 2 * T * Kjmat * (A.T - Kjmat)
    Coe = -2 / K**2 - 2 * Kj**2 + 2 * (1 + Kj**2) / K
    Gain = np.abs(G[:, 0] * G[:, 1] * G[:, 2] * G[:, 3] * Coe**-4)
    return A, Gain


def gammatone_filter_banks(
    nfilts: int = 24,
    nfft: int = 512,
    fs: int = 16000,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    order: int = 4,
    conversion_approach: ErbConversionApproach = "Glasberg",
):
    # init freqs
    high_freq = high_freq or fs / 2

    # run checks
    if low_freq < 0:
        raise ParameterError(ErrorMsgs["low_freq"])

    if high_freq > (fs / 2):
        raise ParameterError(ErrorMsgs["high_freq"])

    # define custom difference func
    def Dif(u, a):
        return u - a.reshape(nfilts, 1)

    # init vars
    fbank = np.zeros([nfilts, nfft])
    width = 1.0
    maxlen = nfft // 2 + 1
    T = 1 / fs
    n = 4
    u = np.exp(1j * 2 * np.pi * np.array(range(nfft // 2 + 1)) / nfft)
    idx = range(nfft // 2 + 1)

    # computer center frequencies, convert to ERB scale and compute bandwidths
    fcs = generate_center_frequencies(low_freq, high_freq, nfilts)
    ERB = width * ((fcs / EarQ) ** order + minBW**order) ** (1 / order)
    B = 1.019 * 2 * np.pi * ERB

    # compute input vars
    wT = 2 * fcs * np.pi * T
    pole = np.exp(1j * wT) / np.exp(B * T)

    # compute gain and A matrix
    A, Gain = compute_gain(fcs, B, wT, T)

    # compute fbank
    fbank[:, idx] = (
        (T**4 / Gain.reshape(nfilts, 1))
        * np.abs(Dif(u, A[0]) * Dif(u, A[1]) * Dif(u, A[2]) * Dif(u, A[3]))
        * np.abs(Dif(u, pole) * Dif(u, pole.conj())) ** (-n)
    )

    # make sure all filters has max value = 1.0
    try:
        fbank = np.array([f / np.max(f) for f in fbank[:, range(maxlen)]])

    except BaseException:
        fbank = fbank[:, idx]

    # compute scaling
    scaling = scale_fbank(scale=scale, nfilts=nfilts)
    fbank = fbank * scaling
    return fbank, np.array([hz2erb(freq, conversion_approach) for freq in fcs])


# --- spafe/features/mfcc.py ---


def mel_spectrogram(
    sig,
    fs: int = 16000,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: MelConversionApproach = "Oshaghnessy",
) -> np.ndarray:
    # get fbanks
    if fbanks is None:
        # compute fbank
        mel_fbanks_mat, _ = mel_filter_banks(
            nfilts=nfilts,
            nfft=nfft,
            fs=fs,
            low_freq=low_freq,
            high_freq=high_freq,
            scale=scale,
            conversion_approach=conversion_approach,
        )
        fbanks = mel_fbanks_mat

    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=pre_emph_coeff)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    # -> FFT -> |.|
    ## Magnitude of the FFT
    fourrier_transform = np.absolute(np.fft.fft(windows, nfft))
    fourrier_transform = fourrier_transform[:, : int(nfft / 2) + 1]

    ## Power Spectrum
    abs_fft_values = (1.0 / nfft) * np.square(fourrier_transform)

    #  -> x Mel-fbanks
    features = np.dot(abs_fft_values, fbanks.T)  # dB
    return features, fourrier_transform


def mfcc(
    sig: np.ndarray,
    fs: int = 16000,
    num_ceps: int = 13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    dct_type: int = 2,
    use_energy=False,
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: MelConversionApproach = "Oshaghnessy",
) -> np.ndarray:
    # run checks
    if nfilts < num_ceps:
        raise ParameterError(ErrorMsgs["nfilts"])

    # get features
    features, fourrier_transform = mel_spectrogram(
        sig=sig,
        fs=fs,
        pre_emph=pre_emph,
        pre_emph_coeff=pre_emph_coeff,
        window=window,
        nfilts=nfilts,
        nfft=nfft,
        low_freq=low_freq,
        high_freq=high_freq,
        fbanks=fbanks,
        scale=scale,
        conversion_approach=conversion_approach,
    )

    # -> log(.)
    features_no_zero = zero_handling(features)
    log_features = np.log(features_no_zero)

    # -> DCT(.)
    mfccs = dct(x=log_features, type=dct_type, axis=1, norm="ortho")[:, :num_ceps]

    # use energy for 1st features column
    if use_energy:
        # compute the # Magnitude of the FFT and then the Power Spectrum
        magnitude_frames = np.absolute(fourrier_transform)
        power_frames = (1.0 / nfft) * ((magnitude_frames) ** 2)

        # compute total energy in each frame
        frame_energies = np.sum(power_frames, 1)

        # Handling zero enegies
        energy = zero_handling(frame_energies)
        mfccs[:, 0] = np.log(energy)

    # liftering
    if lifter:
        mfccs = lifter_ceps(mfccs, lifter)

    # normalization
    if normalize:
        mfccs = normalize_ceps(mfccs, normalize)

    return mfccs


def imfcc(
    sig: np.ndarray,
    fs: int = 16000,
    num_ceps=13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    dct_type=2,
    use_energy=False,
    lifter=0,
    normalize=None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: MelConversionApproach = "Oshaghnessy",
) -> np.ndarray:
    # run checks
    if nfilts < num_ceps:
        raise ParameterError(ErrorMsgs["nfilts"])

    #  get inverse Mel-fbank
    if fbanks is None:
        imel_fbanks_mat, _ = inverse_mel_filter_banks(
            nfilts=nfilts,
            nfft=nfft,
            fs=fs,
            low_freq=low_freq,
            high_freq=high_freq,
            scale=scale,
            conversion_approach=conversion_approach,
        )
        fbanks = imel_fbanks_mat

    # compute imfcc
    imfccs = mfcc(
        sig=sig,
        fs=fs,
        num_ceps=num_ceps,
        pre_emph=pre_emph,
        pre_emph_coeff=pre_emph_coeff,
        window=window,
        nfilts=nfilts,
        nfft=nfft,
        low_freq=low_freq,
        high_freq=high_freq,
        scale=scale,
        dct_type=dct_type,
        use_energy=use_energy,
        lifter=lifter,
        normalize=normalize,
        fbanks=fbanks,
        conversion_approach=conversion_approach,
    )
    return imfccs


# --- spafe/features/lpc.py ---


def __lpc_helper(frame, order):
    p = order + 1
    r = np.zeros(p, frame.dtype)

    # Number of non zero values in autocorrelation one needs for p LPC coefficients
    nx = np.min([p, frame.size])
    auto_corr = np.correlate(frame, frame, "full")
    r[:nx] = auto_corr[frame.size - 1 : frame.size + order]

    phi = np.dot(linalg.inv(linalg.toeplitz(r[:-1])), -r[1:])
    a = np.concatenate(([1.0], phi))
    e = auto_corr[0] + sum(ac_k * a_k for ac_k, a_k in zip(auto_corr[1:], a))
    return a, np.sqrt(e**2)


def lpc(
    sig,
    fs: int = 16000,
    order=13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
):
    order = order - 1
    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=0.97)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    a_mat = np.zeros((len(windows), order + 1))
    e_vec = np.zeros((len(windows), 1))

    for i, windowed_frame in enumerate(frames):
        a, e = __lpc_helper(windowed_frame, order)
        a_mat[i, :] = a
        e_vec[i] = e

    return np.array(a_mat), np.array(e_vec)


def lpc2lpcc(a, e, nceps):
    p = len(a)
    c = [1] * nceps

    c[0] = np.log(zero_handling(e))

    for m in range(1, p):
        c[m] = a[m] + sum([(k / m) * c[m] * a[m - k] for k in range(1, m)])

    if nceps > p:
        for m in range(p + 1, nceps):
            c[m] = sum([(k / m) * c[m] * a[m - k] for k in range(m - p, m)])

    return c


def lpcc(
    sig: np.ndarray,
    fs: int = 16000,
    order=13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
) -> np.ndarray:
    order = order - 1
    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=0.97)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    # compute lpccs
    lpccs = np.zeros((len(windows), order + 1))
    for i, windowed_frame in enumerate(frames):
        a, e = __lpc_helper(windowed_frame, order)
        lpcc_coeffs = lpc2lpcc(a, e, order + 1)
        lpccs[i, :] = np.array(lpcc_coeffs)

    # liftering
    if lifter:
        lpccs = lifter_ceps(lpccs, lifter)

    # normalization
    if normalize:
        lpccs = normalize_ceps(lpccs, normalize)

    return lpccs


# --- spafe/features/lfcc.py ---


def linear_spectrogram(
    sig: np.ndarray,
    fs: int = 16000,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    fbanks: Optional[np.ndarray] = None,
) -> np.ndarray:
    # get fbanks
    if fbanks is None:
        # compute fbanks
        lin_fbanks_mat, lin_freqs = linear_filter_banks(
            nfilts=nfilts,
            nfft=nfft,
            fs=fs,
            low_freq=low_freq,
            high_freq=high_freq,
            scale=scale,
        )
        fbanks = lin_fbanks_mat

    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=0.97)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    # -> FFT -> |.|
    ## Magnitude of the FFT
    fourrier_transform = np.absolute(np.fft.fft(windows, nfft))
    fourrier_transform = fourrier_transform[:, : int(nfft / 2) + 1]

    ## Power Spectrum
    abs_fft_values = (1.0 / nfft) * np.square(fourrier_transform)

    #  -> x Mel-fbanks
    features = np.dot(abs_fft_values, fbanks.T)  # dB
    return features, fourrier_transform


def lfcc(
    sig,
    fs: int = 16000,
    num_ceps=13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    dct_type=2,
    use_energy=False,
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    fbanks: Optional[np.ndarray] = None,
):
    # run checks
    if nfilts < num_ceps:
        raise ParameterError(ErrorMsgs["nfilts"])

    # get features
    features, fourrier_transform = linear_spectrogram(
        sig=sig,
        fs=fs,
        pre_emph=pre_emph,
        pre_emph_coeff=pre_emph_coeff,
        window=window,
        nfilts=nfilts,
        nfft=nfft,
        low_freq=low_freq,
        high_freq=high_freq,
        scale=scale,
        fbanks=fbanks,
    )

    # -> log(.)
    # handle zeros: if feat is zero, we get problems with log
    features_no_zero = zero_handling(features)
    log_features = np.log(features_no_zero)

    #  -> DCT(.)
    lfccs = dct(x=log_features, type=dct_type, axis=1, norm="ortho")[:, :num_ceps]

    # use energy for 1st features column
    if use_energy:
        # compute the # Magnitude of the FFT and then the Power Spectrum
        magnitude_frames = np.absolute(fourrier_transform)
        power_frames = (1.0 / nfft) * ((magnitude_frames) ** 2)

        # compute total energy in each frame
        frame_energies = np.sum(power_frames, 1)

        # Handling zero enegies
        energy = zero_handling(frame_energies)
        lfccs[:, 0] = np.log(energy)

    # liftering
    if lifter:
        lfccs = lifter_ceps(lfccs, lifter)

    # normalization
    if normalize:
        lfccs = normalize_ceps(lfccs, normalize)
    return lfccs


# --- spafe/features/bfcc.py ---


def intensity_power_law(w: np.ndarray) -> np.ndarray:

    f = lambda w, c, p: w**2 + c * 10**p
    E = (f(w, 56.8, 6) * w**4) / (f(w, 6.3, 6) * f(w, 0.38, 9) * f(w**3, 9.58, 26))
    return E ** (1 / 3)


def bark_spectrogram(
    sig: np.ndarray,
    fs: int = 16000,
    pre_emph: float = 0,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: BarkConversionApproach = "Wang",
):
    #  compute fbanks
    if fbanks is None:
        bark_fbanks_mat, _ = bark_filter_banks(
            nfilts=nfilts,
            nfft=nfft,
            fs=fs,
            low_freq=low_freq,
            high_freq=high_freq,
            scale=scale,
            conversion_approach=conversion_approach,
        )
        fbanks = bark_fbanks_mat

    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=0.97)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    # -> FFT -> |.|
    ## Magnitude of the FFT
    fourrier_transform = np.absolute(np.fft.rfft(windows, nfft))

    ## Power Spectrum
    abs_fft_values = (1.0 / nfft) * np.square(fourrier_transform)

    # get features
    features = np.dot(abs_fft_values, fbanks.T)  # dB
    return features, fourrier_transform


def bfcc(
    sig: np.ndarray,
    fs: int = 16000,
    num_ceps: int = 13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 26,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    dct_type: int = 2,
    use_energy: bool = False,
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: BarkConversionApproach = "Wang",
) -> np.ndarray:
    # run checks
    if nfilts < num_ceps:
        raise ParameterError(ErrorMsgs["nfilts"])

    # compute features
    features, fourrier_transform = bark_spectrogram(
        sig=sig,
        fs=fs,
        pre_emph=pre_emph,
        pre_emph_coeff=pre_emph_coeff,
        window=window,
        nfilts=nfilts,
        nfft=nfft,
        low_freq=low_freq,
        high_freq=high_freq,
        scale=scale,
        fbanks=fbanks,
        conversion_approach=conversion_approach,
    )

    # Equal-loudness power law (.) -> Intensity-loudness power law
    ipl_features = intensity_power_law(w=features)

    # -> log(.)
    # handle zeros: if feat is zero, we get problems with log
    features_no_zero = zero_handling(x=ipl_features)
    log_features = np.log(features_no_zero)

    #  -> DCT(.)
    bfccs = dct(x=log_features, type=dct_type, axis=1, norm="ortho")[:, :num_ceps]

    # use energy for 1st features column
    if use_energy:
        # compute the # Magnitude of the FFT and then the Power Spectrum
        magnitude_frames = np.absolute(fourrier_transform)
        power_frames = (1.0 / nfft) * ((magnitude_frames) ** 2)

        # compute total energy in each frame
        frame_energies = np.sum(power_frames, 1)

        # Handling zero enegies
        energy = zero_handling(frame_energies)
        bfccs[:, 0] = np.log(energy)

    # liftering
    if lifter:
        bfccs = lifter_ceps(bfccs, lifter)

    # normalization
    if normalize:
        bfccs = normalize_ceps(bfccs, normalize)

    return bfccs


# --- spafe/features/gfcc.py ---


def erb_spectrogram(
    sig: np.ndarray,
    fs: int = 16000,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: ErbConversionApproach = "Glasberg",
) -> Tuple[np.ndarray, np.ndarray]:
    # get fbanks
    if fbanks is None:
        # compute fbanks
        gamma_fbanks_mat, _ = gammatone_filter_banks(
            nfilts=nfilts,
            nfft=nfft,
            fs=fs,
            low_freq=low_freq,
            high_freq=high_freq,
            scale=scale,
            conversion_approach=conversion_approach,
        )
        fbanks = gamma_fbanks_mat

    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=0.97)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    # -> FFT -> |.|
    ## Magnitude of the FFT
    fourrier_transform = np.absolute(np.fft.fft(windows, nfft))
    fourrier_transform = fourrier_transform[:, : int(nfft / 2) + 1]

    ## Power Spectrum
    abs_fft_values = (1.0 / nfft) * np.square(fourrier_transform)

    #  -> x Gammatone-fbanks
    features = np.dot(abs_fft_values, fbanks.T)
    return features, fourrier_transform


def gfcc(
    sig: np.ndarray,
    fs: int = 16000,
    num_ceps: int = 13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    dct_type: int = 2,
    use_energy: bool = False,
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: ErbConversionApproach = "Glasberg",
) -> np.ndarray:
    # run checks
    if nfilts < num_ceps:
        raise ParameterError(ErrorMsgs["nfilts"])

    # get features
    features, fourrier_transform = erb_spectrogram(
        sig=sig,
        fs=fs,
        pre_emph=pre_emph,
        pre_emph_coeff=pre_emph_coeff,
        window=window,
        nfilts=nfilts,
        nfft=nfft,
        low_freq=low_freq,
        high_freq=high_freq,
        scale=scale,
        conversion_approach=conversion_approach,
        fbanks=fbanks,
    )

    # compute the filter bank energies
    nonlin_rect_features = np.power(features, 1 / 3)
    gfccs = dct(x=nonlin_rect_features, type=dct_type, axis=1, norm="ortho")[
        :, :num_ceps
    ]

    # use energy for 1st features column
    if use_energy:
        # compute the # Magnitude of the FFT and then the Power Spectrum
        magnitude_frames = np.absolute(fourrier_transform)
        power_frames = (1.0 / nfft) * ((magnitude_frames) ** 2)

        # compute total energy in each frame
        frame_energies = np.sum(power_frames, 1)

        # Handling zero enegies
        energy = zero_handling(frame_energies)
        gfccs[:, 0] = np.log(energy)

    # liftering
    if lifter:
        gfccs = lifter_ceps(gfccs, lifter)

    # normalization
    if normalize:
        gfccs = normalize_ceps(gfccs, normalize)
    return gfccs


# --- spafe/features/ngcc.py ---


def ngcc(
    sig: np.ndarray,
    fs: int = 16000,
    num_ceps=13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: Optional[float] = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    dct_type: int = 2,
    use_energy: bool = False,
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: ErbConversionApproach = "Glasberg",
) -> np.ndarray:
    # run checks
    if nfilts < num_ceps:
        raise ParameterError(ErrorMsgs["nfilts"])

    # get fbanks
    if fbanks is None:
        # compute fbanks
        gamma_fbanks_mat, _ = gammatone_filter_banks(
            nfilts=nfilts,
            nfft=nfft,
            fs=fs,
            low_freq=low_freq,
            high_freq=high_freq,
            scale=scale,
            conversion_approach=conversion_approach,
        )
        fbanks = gamma_fbanks_mat

    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=pre_emph_coeff)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    # -> FFT -> |.|**2
    fourrier_transform = np.absolute(np.fft.rfft(windows, nfft))
    abs_fft_values = (1.0 / nfft) * np.square(fourrier_transform)

    #  -> x Gammatone fbanks
    features = np.dot(abs_fft_values, fbanks.T)

    # -> log(.)
    # handle zeros: if feat is zero, we get problems with log
    features_no_zero = zero_handling(x=features)
    log_features = np.log(features_no_zero)

    #  -> DCT(.)
    ngccs = dct(x=log_features, type=dct_type, axis=1, norm="ortho")[:, :num_ceps]

    # use energy for 1st features column
    if use_energy:
        # compute the # Magnitude of the FFT and then the Power Spectrum
        magnitude_frames = np.absolute(fourrier_transform)
        power_frames = (1.0 / nfft) * ((magnitude_frames) ** 2)

        # compute total energy in each frame
        frame_energies = np.sum(power_frames, 1)

        # Handling zero enegies
        energy = zero_handling(frame_energies)
        ngccs[:, 0] = np.log(energy)

    # liftering
    if lifter:
        ngccs = lifter_ceps(ngccs, lifter)

    # normalization
    if normalize:
        ngccs = normalize_ceps(ngccs, normalize)

    return ngccs


# --- spafe/features/msrcc.py ---


def msrcc(
    sig: np.ndarray,
    fs: int = 16000,
    num_ceps=13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    gamma: float = -1 / 7,
    dct_type: int = 2,
    use_energy: bool = False,
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: MelConversionApproach = "Oshaghnessy",
) -> np.ndarray:
    # run checks
    if nfilts < num_ceps:
        raise ParameterError(ErrorMsgs["nfilts"])

    # get features
    features, fourrier_transform = mel_spectrogram(
        sig=sig,
        fs=fs,
        pre_emph=pre_emph,
        pre_emph_coeff=pre_emph_coeff,
        window=window,
        nfilts=nfilts,
        nfft=nfft,
        low_freq=low_freq,
        high_freq=high_freq,
        fbanks=fbanks,
        scale=scale,
        conversion_approach=conversion_approach,
    )

    # -> (.)^(gamma)
    features = features**gamma

    # -> DCT(.)
    msrccs = dct(x=features, type=dct_type, axis=1, norm="ortho")[:, :num_ceps]

    # use energy for 1st features column
    if use_energy:
        # compute the # Magnitude of the FFT and then the Power Spectrum
        magnitude_frames = np.absolute(fourrier_transform)
        power_frames = (1.0 / nfft) * ((magnitude_frames) ** 2)

        # compute total energy in each frame
        frame_energies = np.sum(power_frames, 1)

        # Handling zero enegies
        energy = zero_handling(frame_energies)
        msrccs[:, 0] = np.log(energy)

    # liftering
    if lifter:
        msrccs = lifter_ceps(msrccs, lifter)

    # normalization
    if normalize:
        msrccs = normalize_ceps(msrccs, normalize)

    return msrccs


# --- spafe/features/psrcc.py ---


def psrcc(
    sig: np.ndarray,
    fs: int = 16000,
    num_ceps: int = 13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 26,
    nfft: int = 512,
    low_freq: Optional[float] = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    gamma: float = -1 / 7,
    dct_type: int = 2,
    use_energy: bool = False,
    lifter: Optional[int] = None,
    normalize: Optional[int] = None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: MelConversionApproach = "Oshaghnessy",
) -> np.ndarray:
    # run checks
    if nfilts < num_ceps:
        raise ParameterError(ErrorMsgs["nfilts"])

    # get fbanks
    if fbanks is None:
        # compute fbank
        mel_fbanks_mat, _ = mel_filter_banks(
            nfilts=nfilts,
            nfft=nfft,
            fs=fs,
            low_freq=low_freq,
            high_freq=high_freq,
            scale=scale,
            conversion_approach=conversion_approach,
        )
        fbanks = mel_fbanks_mat

    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=pre_emph_coeff)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    # -> FFT ->
    fourrier_transform = np.fft.rfft(windows, nfft)
    fft_phases = np.angle(z=fourrier_transform, deg=True)
    fft_phases = (360 + fft_phases) * (fft_phases < 0) + fft_phases * (fft_phases > 0)

    # -> x Mel-fbanks
    features = np.dot(fft_phases, fbanks.T)

    # -> (.)^(gamma)
    features = features**gamma

    # assign 0 to values to be computed based on negative phases (otherwise results in nan)
    features[np.isnan(features)] = 0
    # assign max to values to be computed based on 0 phases (otherwise results in inf)
    features[np.isinf(features)] = features.max()

    # -> DCT(.)
    psrccs = dct(x=features, type=dct_type, axis=1, norm="ortho")[:, :num_ceps]

    # use energy for 1st features column
    if use_energy:
        # compute the # Magnitude of the FFT and then the Power Spectrum
        magnitude_frames = np.absolute(fourrier_transform)
        power_frames = (1.0 / nfft) * ((magnitude_frames) ** 2)

        # compute total energy in each frame
        frame_energies = np.sum(power_frames, 1)

        # Handling zero enegies
        energy = zero_handling(frame_energies)
        psrccs[:, 0] = np.log(energy)

    # liftering
    if lifter:
        psrccs = lifter_ceps(psrccs, lifter)

    # normalization
    if normalize:
        psrccs = normalize_ceps(psrccs, normalize)

    return psrccs


# --- spafe/features/pncc.py ---


def medium_time_power_calculation(P: np.ndarray, M: int = 2) -> np.ndarray:
    Q_tilde = np.array(
        [
            [
                (1 / (2 * M + 1))
                * sum(P[max(0, m - M) : min(P.shape[0], m + M + 1), l])
                for l in range(P.shape[1])
            ]
            for m in range(P.shape[0])
        ]
    )
    return Q_tilde


def asymmetric_lowpass_filtering(
    Q_tilde_in: np.ndarray, lm_a: float = 0.999, lm_b: float = 0.5
) -> np.ndarray:
    Q_tilde_out = np.zeros_like(Q_tilde_in)
    Q_tilde_out[0,] = 0.9 * Q_tilde_in[0,]

    # compute asymmetric nonlinear filter
    for m in range(Q_tilde_out.shape[0]):
        Q1 = lm_a * Q_tilde_out[m - 1, :] + (1 - lm_a) * Q_tilde_in[m, :]
        Q2 = lm_b * Q_tilde_out[m - 1, :] + (1 - lm_b) * Q_tilde_in[m, :]

        Q_tilde_out[m, :] = np.where(
            Q_tilde_in[m,] >= Q_tilde_out[m - 1, :],
            Q1,
            Q2,
        )
    return Q_tilde_out


def temporal_masking(
    Q_tilde_0: np.ndarray, lam_t: float = 0.85, myu_t: float = 0.2
) -> np.ndarray:
    # rectified_signal[m, l]
    Q_tilde_tm = np.zeros_like(Q_tilde_0)
    online_peak_power = np.zeros_like(Q_tilde_0)

    Q_tilde_tm[0, :] = Q_tilde_0[0,]
    online_peak_power[0, :] = Q_tilde_0[0, :]

    for m in range(1, Q_tilde_0.shape[0]):
        online_peak_power[m, :] = np.maximum(
            lam_t * online_peak_power[m - 1, :], Q_tilde_0[m, :]
        )
        Q_tilde_tm[m, :] = np.where(
            Q_tilde_0[m, :] >= lam_t * online_peak_power[m - 1, :],
            Q_tilde_0[m, :],
            myu_t * online_peak_power[m - 1, :],
        )

    return Q_tilde_tm


def weight_smoothing(
    R_tilde: np.ndarray, Q_tilde: np.ndarray, nfilts: int = 128, N: int = 4
) -> np.ndarray:
    L = nfilts
    S_tilde = np.zeros_like(R_tilde)
    for m in range(R_tilde.shape[0]):
        for l in range(R_tilde.shape[1]):
            l1 = max(l - N, 1)
            l2 = min(l + N, L)
            # compute smoothing output
            S_tilde[m, l] = (1 / float(l2 - l1 + 1)) * sum(
                [R_tilde[m, lprime] / Q_tilde[m, lprime] for lprime in range(l1, l2)]
            )

    return S_tilde


def mean_power_normalization(
    T: np.ndarray, lam_myu: float = 0.999, nfilts: int = 80, k: int = 1
) -> np.ndarray:
    L = nfilts
    myu = np.zeros(shape=(T.shape[0]))
    myu[0] = 0.0001

    # compute the power estimate
    for m in range(1, T.shape[0]):
        myu[m] = lam_myu * myu[m - 1] + ((1 - lam_myu) / L) * sum(
            [T[m, l] for l in range(0, L)]
        )

    # compute normalized power: U
    U = k * T / myu[:, None]
    return U


def asymmetric_noise_suppression_with_temporal_masking(
    Q_tilde: np.ndarray, threshold: float = 0
) -> np.ndarray:
    # 2.1. asymmetric low pass filtering (Q_tilde_le : lowpass filter output)
    Q_tilde_le = asymmetric_lowpass_filtering(Q_tilde, 0.999, 0.5)

    # 2.2. Subtract filtering output from the input
    subtracted_lower_envelope = Q_tilde - Q_tilde_le

    # 2.3. half wave rectification (Q_tilde_0 : rectifier output/ rectified signal)
    Q_tilde_0 = np.where(
        subtracted_lower_envelope < threshold,
        np.zeros_like(subtracted_lower_envelope),
        subtracted_lower_envelope,
    )

    # loor level (Q_tilde_f : lower envelope of the rectifier output/ rectified signal)
    Q_tilde_f = asymmetric_lowpass_filtering(Q_tilde_0)

    # 2.5. temporal masking (Q_tilde_tm : temporal masked signal)
    Q_tilde_tm = temporal_masking(Q_tilde_0)

    # 2.6. switch excitation or non-excitation
    c = 2
    R_tilde = np.where(Q_tilde >= c * Q_tilde_le, Q_tilde_tm, Q_tilde_f)
    return R_tilde


def pncc(
    sig: np.ndarray,
    fs: int = 16000,
    num_ceps: int = 13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    power=2,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: Optional[float] = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    dct_type: int = 2,
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: ErbConversionApproach = "Glasberg",
) -> np.ndarray:
    # run checks
    if nfilts < num_ceps:
        raise ParameterError(ErrorMsgs["nfilts"])

    # get fbanks
    if fbanks is None:
        # compute fbanks
        gamma_fbanks_mat, _ = gammatone_filter_banks(
            nfilts=nfilts,
            nfft=nfft,
            fs=fs,
            low_freq=low_freq,
            high_freq=high_freq,
            scale=scale,
            conversion_approach=conversion_approach,
        )
        fbanks = gamma_fbanks_mat

    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=pre_emph_coeff)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    # -> FFT -> |.|
    ## Magnitude of the FFT
    fourrier_transform = np.absolute(np.fft.fft(windows, nfft))
    fourrier_transform = fourrier_transform[:, : int(nfft / 2) + 1]

    ##  -> |.|^2 (Power Spectrum)
    abs_fft_values = (1.0 / nfft) * (fourrier_transform**power)

    # -> x filter bank
    P = np.dot(a=abs_fft_values, b=fbanks.T)

    # medium_time_processing
    ## 1. medium time power caculations (Q_tilde : medium_time_power)
    Q_tilde = medium_time_power_calculation(P)

    ## 2. asymmetric noise suppression with temporal masking
    R_tilde = asymmetric_noise_suppression_with_temporal_masking(Q_tilde)

    ## 3. weight smoothing
    S_tilde = weight_smoothing(R_tilde, Q_tilde, nfilts=nfilts)

    # -> time frequency normalization
    T = P * S_tilde

    # -> mean power normalization
    U = mean_power_normalization(T, nfilts=nfilts)

    # -> power law non-linearity
    V = U ** (1 / 15)

    # DCT(.)
    pnccs = dct(x=V, type=dct_type, axis=1, norm="ortho")[:, :num_ceps]

    # liftering
    if lifter:
        pnccs = lifter_ceps(pnccs, lifter)

    # normalization
    if normalize:
        pnccs = normalize_ceps(pnccs, normalize)

    return pnccs


# --- spafe/features/rplp.py ---


def __rastaplp(
    sig: np.ndarray,
    fs: int = 16000,
    order: int = 13,
    pre_emph: bool = False,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    do_rasta: bool = False,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: BarkConversionApproach = "Wang",
) -> np.ndarray:
    high_freq = high_freq or fs / 2
    num_ceps = order

    # run checks
    if nfilts < num_ceps:
        raise ParameterError(ErrorMsgs["nfilts"])

    #  compute fbanks
    if fbanks is None:
        bark_fbanks_mat, _ = bark_filter_banks(
            nfilts=nfilts,
            nfft=nfft,
            fs=fs,
            low_freq=low_freq,
            high_freq=high_freq,
            scale=scale,
            conversion_approach=conversion_approach,
        )
        fbanks = bark_fbanks_mat

    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=pre_emph_coeff)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    # -> FFT -> |.|
    ## Magnitude of the FFT
    fourrier_transform = np.absolute(np.fft.fft(windows, nfft))
    fourrier_transform = fourrier_transform[:, : int(nfft / 2) + 1]

    ##  -> |.|^2 (Power Spectrum)
    abs_fft_values = (1.0 / nfft) * np.square(fourrier_transform)

    # -> x filter bank = auditory spectrum
    auditory_spectrum = np.dot(a=abs_fft_values, b=fbanks.T)

    # rasta filtering
    if do_rasta:
        # put in log domain
        nl_aspectrum = np.log(auditory_spectrum)

        # next do rasta filtering
        ras_nl_aspectrum = rasta_filter(nl_aspectrum)

        # do inverse log
        auditory_spectrum = np.exp(ras_nl_aspectrum)

    # equal loudness pre_emphasis
    E = lambda w: ((w**2 + 56.8 * 10**6) * w**4) / (
        (w**2 + 6.3 * 10**6) * (w**2 + 0.38 * 10**9) * (w**6 + 9.58 * 10**26)
    )
    Y = [E(w) for w in auditory_spectrum]

    # intensity loudness compression
    L = np.abs(Y) ** (1 / 3)

    # ifft
    inverse_fourrier_transform = np.absolute(np.fft.ifft(L, nfft))

    # compute lpcs and lpccs
    lpcs = np.zeros((L.shape[0], order))
    lpccs = np.zeros((L.shape[0], order))
    for i in range(L.shape[0]):
        a, e = __lpc_helper(inverse_fourrier_transform[i, :], order - 1)
        lpcs[i, :] = a
        lpcc_coeffs = lpc2lpcc(a, e, order)
        lpccs[i, :] = np.array(lpcc_coeffs)

    # liftering
    if lifter is not None:
        lpccs = lifter_ceps(lpccs, lifter)

    # normalize
    if normalize:
        lpccs = normalize_ceps(lpccs, normalize)

    return lpccs


def plp(
    sig: np.ndarray,
    fs: int = 16000,
    order: int = 13,
    pre_emph: bool = False,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: BarkConversionApproach = "Wang",
) -> np.ndarray:
    return __rastaplp(
        sig,
        fs=fs,
        order=order,
        pre_emph=pre_emph,
        pre_emph_coeff=pre_emph_coeff,
        window=window,
        do_rasta=False,
        nfilts=nfilts,
        nfft=nfft,
        low_freq=low_freq,
        high_freq=high_freq,
        scale=scale,
        lifter=lifter,
        normalize=normalize,
        fbanks=fbanks,
        conversion_approach=conversion_approach,
    )


def rplp(
    sig: np.ndarray,
    fs: int = 16000,
    order: int = 13,
    pre_emph: bool = False,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfilts: int = 24,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    scale: ScaleType = "constant",
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    fbanks: Optional[np.ndarray] = None,
    conversion_approach: BarkConversionApproach = "Wang",
) -> np.ndarray:
    return __rastaplp(
        sig,
        fs=fs,
        order=order,
        pre_emph=pre_emph,
        pre_emph_coeff=pre_emph_coeff,
        window=window,
        do_rasta=True,
        nfilts=nfilts,
        nfft=nfft,
        low_freq=low_freq,
        high_freq=high_freq,
        scale=scale,
        lifter=lifter,
        normalize=normalize,
        fbanks=fbanks,
        conversion_approach=conversion_approach,
    )


# --- spafe/features/cqcc.py ---


def cqt_spectrogram(
    sig: np.ndarray,
    fs: int = 16000,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    number_of_octaves: int = 7,
    number_of_bins_per_octave: int = 24,
    spectral_threshold: float = 0.005,
    f0: float = 120,
    q_rate: float = 1.0,
):
    # init freqs
    high_freq = high_freq or fs / 2
    if high_freq > (fs / 2):
        raise ParameterError(ErrorMsgs["high_freq"])

    # pre-emphasis
    if pre_emph:
        sig = pre_emphasis(sig=sig, pre_emph_coeff=pre_emph_coeff)

    # init window
    if window is None:
        window = SlidingWindow()

    # -> framing
    frames, frame_length = framing(
        sig=sig, fs=fs, win_len=window.win_len, win_hop=window.win_hop
    )

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=window.win_type)

    # -> compute constant Q-transform
    constant_qtransform = compute_constant_qtransform(
        windows,
        fs=fs,
        low_freq=low_freq,
        high_freq=high_freq,
        nfft=nfft,
        number_of_octaves=number_of_octaves,
        number_of_bins_per_octave=number_of_bins_per_octave,
        win_type=window.win_type,
        spectral_threshold=spectral_threshold,
        f0=f0,
        q_rate=q_rate,
    )

    return constant_qtransform


def cqcc(
    sig,
    fs: int = 16000,
    num_ceps: int = 13,
    pre_emph: bool = True,
    pre_emph_coeff: float = 0.97,
    window: Optional[SlidingWindow] = None,
    nfft: int = 512,
    low_freq: float = 0,
    high_freq: Optional[float] = None,
    dct_type: int = 2,
    lifter: Optional[int] = None,
    normalize: Optional[NormalizationType] = None,
    number_of_octaves: int = 7,
    number_of_bins_per_octave: int = 24,
    resampling_ratio: float = 1.0,
    spectral_threshold: float = 0.005,
    f0: float = 120,
    q_rate: float = 1.0,
):
    # get cqt
    constant_qtransform = cqt_spectrogram(
        sig,
        fs=fs,
        pre_emph=pre_emph,
        pre_emph_coeff=pre_emph_coeff,
        window=window,
        nfft=nfft,
        low_freq=low_freq,
        high_freq=high_freq,
        number_of_octaves=number_of_octaves,
        number_of_bins_per_octave=number_of_bins_per_octave,
        spectral_threshold=spectral_threshold,
        f0=f0,
        q_rate=q_rate,
    )

    # |Xcq|**2
    power_spectrum = np.absolute(constant_qtransform) ** 2

    # -> log(.)
    # handle zeros: if feat is zero, we get problems with log
    features_no_zero = zero_handling(x=power_spectrum)
    log_features = np.log(features_no_zero.T)

    # uniform resampling
    resampled_features = resample(
        log_features, int(len(log_features) * resampling_ratio)
    )

    #  -> DCT(.)
    cqccs = dct(x=resampled_features, type=dct_type, axis=1, norm="ortho")[:, :num_ceps]

    # apply filter
    if lifter:
        cqccs = lifter_ceps(cqccs, lifter)

    # normalization
    if normalize:
        cqccs = normalize_ceps(cqccs, normalize)

    return cqccs


# --- spafe/features/spfeats.py ---


class SpectralFeats(TypedDict):
    spectral_skewness: float
    spectral_kurtosis: float
    spectral_entropy: float
    spectral_spread: float
    spectral_flatness: float
    spectral_rolloff: float
    spectral_flux: float
    spectral_mean: float
    spectral_rms: float
    spectral_std: float
    spectral_variance: float


def spectral_centroid(fs: int, spectrum: np.ndarray, i: int = 1) -> float:
    # compute magnitude spectrum
    magnitude_spectrum = np.abs(spectrum)

    # compute positive frequencies
    freqs = np.abs(np.fft.fftfreq(len(spectrum), 1.0 / fs))

    # return weighted mean
    sc = np.sum(magnitude_spectrum * freqs**i) / np.sum(magnitude_spectrum)
    return sc


def spectral_skewness(sig: np.ndarray, fs: int, spectrum: np.ndarray):
    # compute magnitude spectrum, and centroids
    magnitude_spectrum = np.abs(spectrum)
    mu1 = spectral_centroid(fs, spectrum, i=1)
    mu2 = spectral_centroid(fs, spectrum, i=2)

    # compute positive frequencies
    freqs = np.abs(np.fft.fftfreq(len(spectrum), 1.0 / fs))

    # return weighted mean
    sk = np.sum(magnitude_spectrum * (freqs - mu1) ** 3) / (
        np.sum(magnitude_spectrum) * mu2**3
    )
    return sk


def spectral_kurtosis(sig: np.ndarray, fs: int, spectrum: np.ndarray) -> float:
    # compute magnitude spectrum, and centroids
    magnitude_spectrum = np.abs(spectrum)
    mu1 = spectral_centroid(fs, spectrum, i=1)
    mu2 = spectral_centroid(fs, spectrum, i=2)

    # compute positive frequencies
    freqs = np.abs(np.fft.fftfreq(len(spectrum), 1.0 / fs))

    # return weighted mean
    sk = np.sum(magnitude_spectrum * (freqs - mu1) ** 4) / (
        np.sum(magnitude_spectrum) * mu2**4
    )
    return sk


def spectral_entropy(spectrum: np.ndarray) -> float:
    # compute magnitude spectrum, and centroids
    magnitude_spectrum = np.abs(spectrum)
    en = (
        -1
        * np.sum(magnitude_spectrum * np.log(magnitude_spectrum))
        / np.log(len(magnitude_spectrum))
    )
    return en


def spectral_spread(sig: np.ndarray, fs: int, spectrum: np.ndarray) -> float:
    # compute magnitude spectrum
    magnitude_spectrum = np.abs(spectrum)

    # compute positive frequencies
    freqs = np.abs(np.fft.fftfreq(len(spectrum), 1.0 / fs))

    # get centroid
    mu1 = spectral_centroid(fs, spectrum)

    # compute spread
    spread = np.sqrt(
        ((np.sum(freqs - mu1) ** 2) * magnitude_spectrum) / np.sum(magnitude_spectrum)
    )
    return spread


def spectral_flatness(spectrum: np.ndarray) -> float:
    # compute magnitude spectrum
    magnitude_spectrum = np.abs(spectrum)

    # compute spectral flatness
    sf = stats.mstats.gmean(magnitude_spectrum) / np.mean(magnitude_spectrum)
    return sf


def spectral_rolloff(spectrum: np.ndarray, k: float = 0.85) -> float:
    # convert to frequency domain
    magnitude_spectrum = np.abs(spectrum)

    # compute the spectral rolloff point
    i = k * np.sum(magnitude_spectrum)
    return i


def spectral_flux(spectrum: np.ndarray, p: int = 2) -> float:
    # convert to frequency domain
    magnitude_spectrum = np.abs(spectrum)
    sf = (np.sum(np.abs(np.diff(magnitude_spectrum)) ** p)) ** (1 / p)
    return sf


def extract_feats(sig: np.ndarray, fs: int, nfft: int = 512) -> SpectralFeats:
    # init features dictionary
    feats = {}

    # compute the fft
    spectrum = np.fft.rfft(a=sig, n=nfft)

    # spectral features
    feats["spectral_centroid"] = spectral_centroid(fs, spectrum)
    feats["spectral_skewness"] = spectral_skewness(sig, fs, spectrum)
    feats["spectral_kurtosis"] = spectral_kurtosis(sig, fs, spectrum)
    feats["spectral_entropy"] = spectral_entropy(spectrum)
    feats["spectral_spread"] = spectral_spread(sig, fs, spectrum)
    feats["spectral_flatness"] = spectral_flatness(spectrum)
    feats["spectral_rolloff"] = spectral_rolloff(fs, spectrum)
    feats["spectral_flux"] = spectral_flux(spectrum)
    feats["spectral_mean"] = np.mean(spectrum)
    feats["spectral_rms"] = np.sqrt(np.mean(spectrum**2))
    feats["spectral_std"] = np.std(spectrum)
    feats["spectral_variance"] = np.var(spectrum)
    return feats


# --- spafe/frequencies/dominant_frequencies.py ---


def get_dominant_frequencies(
    sig: np.ndarray,
    fs: int,
    butter_filter: bool = False,
    lower_cutoff: float = 50,
    upper_cutoff: float = 3000,
    nfft: int = 512,
    win_len: float = 0.025,
    win_hop: float = 0.01,
    win_type: WindowType = "hamming",
    only_positive: bool = True,
) -> np.ndarray:
    if butter_filter:
        # apply Band pass Butterworth filter
        b, a = signal.butter(
            6, [(lower_cutoff * 2) / fs, (upper_cutoff * 2) / fs], "band"
        )
        sig = signal.lfilter(b, a, sig)

    # -> framing
    frames, frame_length = framing(sig=sig, fs=fs, win_len=win_len, win_hop=win_hop)

    # -> windowing
    windows = windowing(frames=frames, frame_len=frame_length, win_type=win_type)

    # init dominant frequencies list
    dominant_frequencies = []

    # get dominant frequency for each frame
    for w in windows:
        # compute the fft
        fourrier_transform = np.fft.rfft(a=w, n=nfft)

        # compute magnitude spectrum
        magnitude_spectrum = (1 / nfft) * np.abs(fourrier_transform)
        power_spectrum = (1 / nfft) * magnitude_spectrum**2

        # get all frequncies and  only keep positive frequencies
        frequencies = np.fft.fftfreq(len(power_spectrum), 1 / fs)

        # get id for max spectrum
        idx = np.argmax(power_spectrum)

        # get dom freq and convert it to Hz
        dom_freq = frequencies[idx]

        # add dominant frequency to dominant frequencies list
        dominant_frequencies.append(dom_freq)

    # convert to array, round  and only keep unique values
    dominant_frequencies = np.array(dominant_frequencies)
    dominant_frequencies = np.round(dominant_frequencies, 3)

    # filter out negative frequncies
    if only_positive:
        dominant_frequencies = dominant_frequencies[np.where(dominant_frequencies >= 0)]

    return dominant_frequencies


# --- spafe/frequencies/fundamental_frequencies.py ---


def compute_difference(x: np.ndarray, tau_max: int) -> np.ndarray:
    x = np.array(x, np.float64)
    w = x.size

    # compute cummulative sum and autocorrelation using fft
    x_cum_sum = np.concatenate((np.array([0]), (x * x).cumsum()))
    conv = signal.fftconvolve(x, x[::-1])

    # compute dt(tau) according to (6) and (7) in [DeCheveigné]
    rt_tau_0 = x_cum_sum[w] - x_cum_sum[:w]
    rt_0 = x_cum_sum[w:0:-1]
    rt = conv[w - 1 :]
    tmp = rt_0 + rt_tau_0 - 2 * rt
    return tmp[:tau_max]


def compute_cmnd(d_t: np.ndarray, tau: int) -> np.ndarray:
    d_prime_t = d_t[1:] * range(1, tau) / np.cumsum(d_t[1:]).astype(float)
    return np.insert(d_prime_t, 0, 1)


def get_pitch(
    cmdf: np.ndarray, tau_min: int, tau_max: int, harmonic_threshold: float = 0.1
) -> float:
    tau = tau_min
    while tau < tau_max:
        if cmdf[tau] < harmonic_threshold:
            while tau + 1 < tau_max and cmdf[tau + 1] < cmdf[tau]:
                tau += 1
            return tau
        tau += 1

    return 0  # if unvoiced


def compute_yin(
    sig: np.ndarray,
    fs: int,
    win_len: float = 0.03,
    win_hop: float = 0.015,
    low_freq: float = 50,
    high_freq: float = 3000,
    harmonic_threshold: float = 0.1,
) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    # Init tau min and max and window length and hol in samples bins
    tau_min, tau_max = int(fs / high_freq), int(fs / low_freq)
    w_len = int(win_len * fs)
    w_step = int(win_hop * fs)

    # time values for each analysis window
    time_scale = range(0, len(sig) - w_len, w_step)
    len_time_scale = len(time_scale)
    times = np.array([t / fs for t in time_scale])
    frames = [sig[t : t + w_len] for t in time_scale]

    pitches = np.zeros(len_time_scale)
    harmonic_rates = np.zeros(len_time_scale)
    argmins = np.zeros(len_time_scale)

    for i, frame in enumerate(frames):
        # Compute YIN
        df = compute_difference(frame, tau_max)
        cmdf = compute_cmnd(df, tau_max)
        p = get_pitch(cmdf, tau_min, tau_max, harmonic_threshold)

        # Get results
        if np.argmin(cmdf) > tau_min:
            argmins[i] = float(fs / np.argmin(cmdf))

        #  A pitch was found
        if p != 0:
            pitches[i] = float(fs / p)
            harmonic_rates[i] = cmdf[p]

        #  No pitch, but we compute a value of the harmonic rate
        else:
            harmonic_rates[i] = min(cmdf)

    return pitches, harmonic_rates, argmins, times


# --- the cases ---

FS = 16000


def voiced(rng, seconds=0.25, fs=FS):
    """A voiced, speech-like signal: a fundamental of 110-220 Hz, ten harmonics decaying as 1/k, a little noise."""
    t = np.arange(int(seconds * fs)) / fs
    f0 = rng.uniform(110.0, 220.0)
    x = sum(np.sin(2 * np.pi * k * f0 * t + rng.uniform(0, 2 * np.pi)) / k for k in range(1, 11))
    return 0.3 * x + 0.01 * rng.normal(size=t.size)


def frames_of(rng, n=12):
    """n frames of 25 ms (400 samples) of a voiced signal, Hamming-windowed as spafe's features do."""
    x = voiced(rng, 0.5)
    return np.stack([x[i * 160:i * 160 + 400] for i in range(n)]) * np.hamming(400)


def power_spectrum(rng, n=12, nfft=512):
    return (1.0 / nfft) * np.abs(np.fft.rfft(frames_of(rng, n), nfft)) ** 2


def filterbank_energies(rng, n=8, nfilts=24):
    """A (frames, filters) power spectrogram as PNCC's steps get it: a spectrum through a gammatone bank."""
    fbanks, _ = gammatone_filter_banks(nfilts=nfilts, nfft=512, fs=FS)
    return np.dot(power_spectrum(rng, n), fbanks.T)


def spectrum_of(rng, nfft=512):
    return np.fft.rfft(voiced(rng, 0.05), nfft)


def freqs_hz(rng, n=64):
    return np.sort(np.concatenate([[0.0], rng.uniform(20.0, 8000.0, size=n - 1)]))


def cepstra(rng, n=20, k=13):
    return rng.normal(size=(n, k)) * np.linspace(8.0, 0.5, k)


def yin_cmdf(rng):
    """YIN's cumulative mean normalised difference of one 30 ms voiced frame, tau up to 320 (50 Hz)."""
    frame = voiced(rng, 0.03)
    return compute_cmnd(compute_difference(frame, 320), 320)


def noise_cmdf(rng):
    frame = rng.normal(size=480)
    return compute_cmnd(compute_difference(frame, 320), 320)


def lpc_of_frame(rng, order=12):
    a, e = __lpc_helper(frames_of(rng, 1)[0], order)
    return a, e


# wrappers: a setting the source takes as a keyword

def bark2hz_traunmueller(fb):
    return bark2hz(fb, "Traunmueller")


def hz2mel_lindsay(f):
    return hz2mel(f, "Lindsay")


def windowing_kaiser(frames):
    return windowing(frames, 400, win_type="kaiser")


def normalize_ceps_mn(x):
    return normalize_ceps(x, normalization_type="mn")


def lifter_ceps_sine(ceps):
    return lifter_ceps(ceps, lift=-22)


def lifter_ceps_none(ceps):
    return lifter_ceps(ceps, lift=0)


def mel_filter_banks_telephone(low_freq, high_freq):
    return mel_filter_banks(nfilts=20, nfft=256, fs=8000, low_freq=low_freq, high_freq=high_freq)


def mel_filter_banks_ascendant():
    return mel_filter_banks(nfilts=24, nfft=512, fs=16000, scale="ascendant")


def inverse_mel_filter_banks_8k():
    return inverse_mel_filter_banks(nfilts=24, nfft=512, fs=16000, high_freq=8000)


def bark_filter_banks_small():
    return bark_filter_banks(nfilts=12, nfft=128, fs=8000)


def bark_filter_banks_band(low_freq, high_freq):
    return bark_filter_banks(nfilts=12, nfft=128, fs=8000, low_freq=low_freq, high_freq=high_freq)


def gammatone_filter_banks_descendant():
    return gammatone_filter_banks(nfilts=12, nfft=256, fs=8000, scale="descendant")


def compute_constant_qtransform_frames(frames):
    return compute_constant_qtransform(frames, fs=16000, nfft=512)


def mfcc_energy_lifter_mvn(sig):
    return mfcc(sig, use_energy=True, lifter=5, normalize="mvn")


def mfcc_hanning_window(sig):
    return mfcc(sig, window=SlidingWindow(0.03, 0.015, "hanning"))


def mfcc_given_fbanks(sig, fbanks):
    return mfcc(sig, fbanks=fbanks)


def imfcc_8k(sig):
    return imfcc(sig, high_freq=8000)


def bfcc_given_fbanks(sig, fbanks):
    return bfcc(sig, fbanks=fbanks)


def plp_given_fbanks(sig, fbanks):
    return plp(sig, fbanks=fbanks)


def rplp_given_fbanks(sig, fbanks):
    return rplp(sig, fbanks=fbanks)


def lpcc_lifter_normalized(sig):
    return lpcc(sig, lifter=3, normalize="mvn")


def weight_smoothing_24(R_tilde, Q_tilde):
    return weight_smoothing(R_tilde, Q_tilde, nfilts=24)


def mean_power_normalization_24(T):
    return mean_power_normalization(T, nfilts=24)


def get_dominant_frequencies_butter(sig):
    return get_dominant_frequencies(sig, 16000, butter_filter=True)


def get_pitch_voiced(cmdf):
    return get_pitch(cmdf, 5, 320)


def get_pitch_strict(cmdf):
    return get_pitch(cmdf, 5, 320, harmonic_threshold=0.02)


def compute_yin_16k(sig):
    return compute_yin(sig, 16000)


def bark_fbanks_array(rng):
    return bark_filter_banks(nfilts=24, nfft=512, fs=16000)[0]


CASES = [
    # utils/exceptions.py
    case(assert_function_availability, lambda rng: (np.bool_(True),), SP("utils/exceptions.py", "assert_function_availability")),
    # utils/converters.py
    case(hz2erb, lambda rng: (freqs_hz(rng),), SP("utils/converters.py", "hz2erb")),
    case(hz2erb, lambda rng: (rng.integers(0, 8000, size=32),), SP("utils/converters.py", "hz2erb"),
         name="spafe.hz2erb_int"),
    case(erb2hz, lambda rng: (hz2erb(freqs_hz(rng)),), SP("utils/converters.py", "erb2hz")),
    case(hz2bark, lambda rng: (freqs_hz(rng),), SP("utils/converters.py", "hz2bark")),
    case(hz2bark, lambda rng: (freqs_hz(rng), "Tjomov"), SP("utils/converters.py", "hz2bark"), name="spafe.hz2bark_tjomov"),
    case(hz2bark, lambda rng: (freqs_hz(rng), "Zwicker"), SP("utils/converters.py", "hz2bark"), name="spafe.hz2bark_zwicker"),
    case(hz2bark, lambda rng: (freqs_hz(rng), "Traunmueller"), SP("utils/converters.py", "hz2bark"),
         name="spafe.hz2bark_traunmueller"),
    case(hz2bark, lambda rng: (freqs_hz(rng).astype(np.float32), "Glasberg"), SP("utils/converters.py", "hz2bark"),
         name="spafe.hz2bark_unknown_float32"),
    case(bark2hz, lambda rng: (rng.uniform(0.0, 24.0, size=24), "Schroeder"), SP("utils/converters.py", "bark2hz"),
         name="spafe.bark2hz_schroeder"),
    case(bark2hz, lambda rng: (rng.uniform(0.0, 24.0, size=24), "Terhardt"), SP("utils/converters.py", "bark2hz"),
         name="spafe.bark2hz_terhardt"),
    case(bark2hz_traunmueller, lambda rng: (np.float64(rng.uniform(2.5, 19.0)),), SP("utils/converters.py", "bark2hz")),
    case(__traunmueller_helper, lambda rng: (np.float64(rng.uniform(0.0, 1.9)),),
         SP("utils/converters.py", "__traunmueller_helper"), name="spafe.traunmueller_helper_low"),
    case(__traunmueller_helper, lambda rng: (np.float64(rng.uniform(20.5, 24.0)),),
         SP("utils/converters.py", "__traunmueller_helper"), name="spafe.traunmueller_helper_high"),
    case(hz2mel, lambda rng: (freqs_hz(rng),), SP("utils/converters.py", "hz2mel")),
    case(hz2mel, lambda rng: (np.zeros(0),), SP("utils/converters.py", "hz2mel"), name="spafe.hz2mel_empty"),
    case(hz2mel_lindsay, lambda rng: (freqs_hz(rng).astype(np.float32),), SP("utils/converters.py", "hz2mel", "Lindsay")),
    case(mel2hz, lambda rng: (hz2mel(freqs_hz(rng)),), SP("utils/converters.py", "mel2hz")),
    # utils/preprocessing.py
    case(zero_handling, lambda rng: (np.where(rng.uniform(size=40) < 0.3, 0.0, rng.uniform(size=40)),),
         SP("utils/preprocessing.py", "zero_handling")),
    case(zero_handling, lambda rng: (np.array([0.0, np.nan, 1.5, 0.0, np.inf]),), SP("utils/preprocessing.py", "zero_handling"),
         name="spafe.zero_handling_nan"),
    case(zero_handling, lambda rng: (np.zeros((0, 13)),), SP("utils/preprocessing.py", "zero_handling"),
         name="spafe.zero_handling_empty"),
    case(pre_emphasis, lambda rng: (voiced(rng),), SP("utils/preprocessing.py", "pre_emphasis")),
    case(pre_emphasis, lambda rng: (voiced(rng).astype(np.float32), 0.95), SP("utils/preprocessing.py", "pre_emphasis"),
         name="spafe.pre_emphasis_float32"),
    case(stride_trick, lambda rng: (voiced(rng), 400, 160), SP("utils/preprocessing.py", "stride_trick")),
    case(framing, lambda rng: (voiced(rng),), SP("utils/preprocessing.py", "framing")),
    case(windowing, lambda rng: (frames_of(rng), 400), SP("utils/preprocessing.py", "windowing")),
    case(windowing_kaiser, lambda rng: (frames_of(rng),), SP("utils/preprocessing.py", "windowing", "win_type='kaiser'")),
    # utils/filters.py
    case(rasta_filter, lambda rng: (np.log(filterbank_energies(rng, 10)),), SP("utils/filters.py", "rasta_filter")),
    case(scale_fbank, lambda rng: ("ascendant", 24), SP("utils/filters.py", "scale_fbank")),
    # utils/cepstral.py
    case(normalize_ceps, lambda rng: (cepstra(rng),), SP("utils/cepstral.py", "normalize_ceps")),
    case(normalize_ceps_mn, lambda rng: (cepstra(rng),), SP("utils/cepstral.py", "normalize_ceps", "normalization_type='mn'")),
    case(lifter_ceps, lambda rng: (cepstra(rng),), SP("utils/cepstral.py", "lifter_ceps")),
    case(lifter_ceps_sine, lambda rng: (cepstra(rng),), SP("utils/cepstral.py", "lifter_ceps", "lift=-22")),
    case(lifter_ceps_none, lambda rng: (cepstra(rng),), SP("utils/cepstral.py", "lifter_ceps", "lift=0")),
    case(deltas, lambda rng: (cepstra(rng).T,), SP("utils/cepstral.py", "deltas")),
    # utils/spectral.py
    case(compute_constant_qtransform_frames, lambda rng: (frames_of(rng, 6),),
         SP("utils/spectral.py", "compute_constant_qtransform", "fs=16000, nfft=512")),
    # fbanks/
    case(mel_filter_banks_helper, lambda rng: (24, 512, 16000), SP("fbanks/mel_fbanks.py", "mel_filter_banks_helper")),
    case(mel_filter_banks_ascendant, lambda rng: (), SP("fbanks/mel_fbanks.py", "mel_filter_banks", "scale='ascendant'")),
    case(mel_filter_banks_telephone, lambda rng: (np.float64(300.0), np.float64(3400.0)),
         SP("fbanks/mel_fbanks.py", "mel_filter_banks", "a telephone band's bounds as float64")),
    case(inverse_mel_filter_banks_8k, lambda rng: (), SP("fbanks/mel_fbanks.py", "inverse_mel_filter_banks", "high_freq=8000")),
    case(linear_filter_banks, lambda rng: (20, 256, 8000), SP("fbanks/linear_fbanks.py", "linear_filter_banks")),
    case(Fm, lambda rng: (np.float64(rng.uniform(6.0, 9.0)), np.float64(rng.uniform(1.0, 3.0))),
         SP("fbanks/bark_fbanks.py", "Fm"), name="spafe.Fm_outside"),
    case(Fm, lambda rng: (np.float64(5.0 + rng.uniform(-1.2, -0.6)), np.float64(5.0)), SP("fbanks/bark_fbanks.py", "Fm"),
         name="spafe.Fm_lower_slope"),
    case(Fm, lambda rng: (np.float64(5.0 + rng.uniform(-0.4, 0.4)), np.float64(5.0)), SP("fbanks/bark_fbanks.py", "Fm"),
         name="spafe.Fm_centre"),
    case(Fm, lambda rng: (np.float64(5.0 + rng.uniform(0.6, 2.4)), np.float64(5.0)), SP("fbanks/bark_fbanks.py", "Fm"),
         name="spafe.Fm_upper_slope"),
    case(bark_filter_banks_small, lambda rng: (), SP("fbanks/bark_fbanks.py", "bark_filter_banks", "nfilts=12, nfft=128, fs=8000")),
    case(bark_filter_banks_band, lambda rng: (np.float64(100.0), np.float64(3800.0)),
         SP("fbanks/bark_fbanks.py", "bark_filter_banks", "bounds as float64")),
    case(generate_center_frequencies, lambda rng: (np.float64(50.0), np.float64(8000.0), 24),
         SP("fbanks/gammatone_fbanks.py", "generate_center_frequencies")),
    case(compute_gain, lambda rng: (lambda fcs: (fcs, 1.019 * 2 * np.pi * ((fcs / EarQ) ** 4 + minBW ** 4) ** 0.25,
                                                 2 * fcs * np.pi / FS, 1 / FS))(
        generate_center_frequencies(rng.uniform(40.0, 60.0), 8000.0, 24)), SP("fbanks/gammatone_fbanks.py", "compute_gain")),
    case(gammatone_filter_banks, lambda rng: (24, 512, 16000), SP("fbanks/gammatone_fbanks.py", "gammatone_filter_banks")),
    case(gammatone_filter_banks_descendant, lambda rng: (),
         SP("fbanks/gammatone_fbanks.py", "gammatone_filter_banks", "nfilts=12, nfft=256, fs=8000, scale='descendant'")),
    # features/
    case(mel_spectrogram, lambda rng: (voiced(rng),), SP("features/mfcc.py", "mel_spectrogram")),
    case(mfcc, lambda rng: (voiced(rng),), SP("features/mfcc.py", "mfcc")),
    case(mfcc, lambda rng: (voiced(rng).astype(np.float32),), SP("features/mfcc.py", "mfcc"), name="spafe.mfcc_float32"),
    case(mfcc_energy_lifter_mvn, lambda rng: (voiced(rng),), SP("features/mfcc.py", "mfcc", "use_energy=True, lifter=5, normalize='mvn'")),
    case(mfcc_hanning_window, lambda rng: (voiced(rng),), SP("features/mfcc.py", "mfcc", "window=SlidingWindow(0.03, 0.015, 'hanning')")),
    case(mfcc_given_fbanks, lambda rng: (voiced(rng), mel_filter_banks()[0]), SP("features/mfcc.py", "mfcc", "fbanks=")),
    case(imfcc_8k, lambda rng: (voiced(rng),), SP("features/mfcc.py", "imfcc", "high_freq=8000")),
    case(__lpc_helper, lambda rng: (frames_of(rng, 1)[0], 12), SP("features/lpc.py", "__lpc_helper"), name="spafe.lpc_helper"),
    case(lpc, lambda rng: (voiced(rng),), SP("features/lpc.py", "lpc")),
    case(lpc2lpcc, lambda rng: lpc_of_frame(rng) + (13,), SP("features/lpc.py", "lpc2lpcc")),
    # (float32: a frame of white noise, whose Toeplitz matrix is well conditioned; a voiced frame's, condition ~1e4,
    # amplifies float32 rounding of another summation order past any float32 tolerance, on XLA)
    case(__lpc_helper, lambda rng: (rng.normal(size=400).astype(np.float32), 12), SP("features/lpc.py", "__lpc_helper"),
         name="spafe.lpc_helper_float32"),
    case(lpcc, lambda rng: (voiced(rng),), SP("features/lpc.py", "lpcc")),
    case(lpcc_lifter_normalized, lambda rng: (voiced(rng),), SP("features/lpc.py", "lpcc", "lifter=3, normalize='mvn'")),
    case(linear_spectrogram, lambda rng: (voiced(rng),), SP("features/lfcc.py", "linear_spectrogram")),
    case(lfcc, lambda rng: (voiced(rng),), SP("features/lfcc.py", "lfcc")),
    case(intensity_power_law, lambda rng: (filterbank_energies(rng, 10),), SP("features/bfcc.py", "intensity_power_law")),
    case(bfcc_given_fbanks, lambda rng: (voiced(rng), bark_fbanks_array(rng)), SP("features/bfcc.py", "bfcc", "fbanks=")),
    case(erb_spectrogram, lambda rng: (voiced(rng),), SP("features/gfcc.py", "erb_spectrogram")),
    case(gfcc, lambda rng: (voiced(rng),), SP("features/gfcc.py", "gfcc")),
    case(ngcc, lambda rng: (voiced(rng),), SP("features/ngcc.py", "ngcc")),
    case(msrcc, lambda rng: (voiced(rng),), SP("features/msrcc.py", "msrcc")),
    case(psrcc, lambda rng: (voiced(rng),), SP("features/psrcc.py", "psrcc")),
    case(medium_time_power_calculation, lambda rng: (filterbank_energies(rng),), SP("features/pncc.py", "medium_time_power_calculation")),
    case(asymmetric_lowpass_filtering, lambda rng: (filterbank_energies(rng),), SP("features/pncc.py", "asymmetric_lowpass_filtering")),
    case(temporal_masking, lambda rng: (filterbank_energies(rng),), SP("features/pncc.py", "temporal_masking")),
    case(weight_smoothing_24, lambda rng: (filterbank_energies(rng), filterbank_energies(rng) + 1e-3),
         SP("features/pncc.py", "weight_smoothing", "nfilts=24")),
    case(mean_power_normalization_24, lambda rng: (filterbank_energies(rng),), SP("features/pncc.py", "mean_power_normalization", "nfilts=24")),
    case(asymmetric_noise_suppression_with_temporal_masking, lambda rng: (filterbank_energies(rng),),
         SP("features/pncc.py", "asymmetric_noise_suppression_with_temporal_masking")),
    case(pncc, lambda rng: (voiced(rng, 0.1),), SP("features/pncc.py", "pncc")),
    case(plp_given_fbanks, lambda rng: (voiced(rng), bark_fbanks_array(rng)), SP("features/rplp.py", "plp", "fbanks=")),
    case(rplp_given_fbanks, lambda rng: (voiced(rng), bark_fbanks_array(rng)), SP("features/rplp.py", "rplp", "fbanks=")),
    case(cqt_spectrogram, lambda rng: (voiced(rng, 0.1),), SP("features/cqcc.py", "cqt_spectrogram")),
    case(cqcc, lambda rng: (voiced(rng, 0.1),), SP("features/cqcc.py", "cqcc")),
    # features/spfeats.py
    case(spectral_centroid, lambda rng: (FS, spectrum_of(rng)), SP("features/spfeats.py", "spectral_centroid")),
    case(spectral_centroid, lambda rng: (FS, spectrum_of(rng).astype(np.complex64)), SP("features/spfeats.py", "spectral_centroid"),
         name="spafe.spectral_centroid_complex64"),
    case(spectral_skewness, lambda rng: (voiced(rng, 0.05), FS, spectrum_of(rng)), SP("features/spfeats.py", "spectral_skewness")),
    case(spectral_kurtosis, lambda rng: (voiced(rng, 0.05), FS, spectrum_of(rng)), SP("features/spfeats.py", "spectral_kurtosis")),
    case(spectral_entropy, lambda rng: (spectrum_of(rng),), SP("features/spfeats.py", "spectral_entropy")),
    case(spectral_spread, lambda rng: (voiced(rng, 0.05), FS, spectrum_of(rng)), SP("features/spfeats.py", "spectral_spread")),
    case(spectral_flatness, lambda rng: (spectrum_of(rng),), SP("features/spfeats.py", "spectral_flatness")),
    case(spectral_rolloff, lambda rng: (spectrum_of(rng),), SP("features/spfeats.py", "spectral_rolloff")),
    case(spectral_flux, lambda rng: (spectrum_of(rng),), SP("features/spfeats.py", "spectral_flux")),
    case(spectral_flux, lambda rng: (np.zeros(0, complex),), SP("features/spfeats.py", "spectral_flux"), name="spafe.spectral_flux_empty"),
    case(extract_feats, lambda rng: (voiced(rng, 0.05), FS), SP("features/spfeats.py", "extract_feats")),
    # frequencies/
    case(get_dominant_frequencies, lambda rng: (voiced(rng), FS), SP("frequencies/dominant_frequencies.py", "get_dominant_frequencies")),
    case(get_dominant_frequencies_butter, lambda rng: (voiced(rng),),
         SP("frequencies/dominant_frequencies.py", "get_dominant_frequencies", "butter_filter=True")),
    case(compute_difference, lambda rng: (voiced(rng, 0.03), 320), SP("frequencies/fundamental_frequencies.py", "compute_difference")),
    case(compute_difference, lambda rng: ((voiced(rng, 0.03) * 8000).astype(np.int16), 320),
         SP("frequencies/fundamental_frequencies.py", "compute_difference"), name="spafe.compute_difference_int16"),
    case(compute_cmnd, lambda rng: (compute_difference(voiced(rng, 0.03), 320), 320),
         SP("frequencies/fundamental_frequencies.py", "compute_cmnd")),
    case(get_pitch_voiced, lambda rng: (yin_cmdf(rng),), SP("frequencies/fundamental_frequencies.py", "get_pitch", "tau_min=5, tau_max=320")),
    case(get_pitch_voiced, lambda rng: (noise_cmdf(rng),), SP("frequencies/fundamental_frequencies.py", "get_pitch", "tau_min=5, tau_max=320"),
         name="spafe.get_pitch_unvoiced"),
    case(get_pitch_strict, lambda rng: (yin_cmdf(rng),), SP("frequencies/fundamental_frequencies.py", "get_pitch", "harmonic_threshold=0.02")),
    case(compute_yin_16k, lambda rng: (voiced(rng, 0.2),), SP("frequencies/fundamental_frequencies.py", "compute_yin", "fs=16000")),
    case(compute_yin_16k, lambda rng: ((voiced(rng, 0.2) * 8000).astype(np.int16),),
         SP("frequencies/fundamental_frequencies.py", "compute_yin", "fs=16000"), name="spafe.compute_yin_int16"),
    case(compute_yin_16k, lambda rng: (voiced(rng, 0.02),),
         SP("frequencies/fundamental_frequencies.py", "compute_yin", "fs=16000"), name="spafe.compute_yin_short"),
]
