"""Acoustics and signal processing from python-acoustics (python-acoustics/python-acoustics, BSD-3-Clause).

Copied from python-acoustics/python-acoustics at 99d79206159b822ea2f4e9d27c8b2fbfeb704d38
(acoustics/decibel.py, signal.py, room.py, utils.py, power.py, standards/iec_61672_1_2013.py,
standards/iec_61260_1_2014.py); docstrings and comments dropped. ``rfft`` is NumPy's (the source's
fallback when pyFFTW is not installed). The module constants the functions read are copied.
"""

# ruff: noqa: E501, E741, N802, N803, N806, SIM108, RET505
from __future__ import annotations

import numpy as np
from numpy.fft import rfft
from scipy.sparse import spdiags

from tests.coverage.cases import ACU, case

SOUNDSPEED = 343.0  # acoustics/room.py, utils.py
REFERENCE_PRESSURE = 2e-05  # standards/iso_tr_25417_2007.py
_POLE_FREQUENCIES = {1: 20.6, 2: 107.7, 3: 737.9, 4: 12194.0}  # standards/iec_61672_1_2013.py
_NORMALIZATION_CONSTANTS = {'A': -2.0, 'C': -0.062}
REFERENCE_FREQUENCY = 1000.0  # standards/iec_61260_1_2014.py
OCTAVE_FREQUENCY_RATIO = 10.0 ** (3.0 / 10.0)


# acoustics/decibel.py
def dbsum(levels, axis=None):
    levels = np.asanyarray(levels)
    return 10.0 * np.log10((10.0 ** (levels / 10.0)).sum(axis=axis))


def dbmean(levels, axis=None):
    levels = np.asanyarray(levels)
    return 10.0 * np.log10((10.0 ** (levels / 10.0)).mean(axis=axis))


def dbadd(a, b):
    a = np.asanyarray(a)
    b = np.asanyarray(b)
    return 10.0 * np.log10(10.0 ** (a / 10.0) + 10.0 ** (b / 10.0))


def dbsub(a, b):
    a = np.asanyarray(a)
    b = np.asanyarray(b)
    return 10.0 * np.log10(10.0 ** (a / 10.0) - 10.0 ** (b / 10.0))


# acoustics/signal.py
def convolve(signal, ltv, mode='full'):
    assert len(signal) == ltv.shape[1]
    n = ltv.shape[0] + len(signal) - 1
    un = np.concatenate((signal, np.zeros(ltv.shape[0] - 1)))
    offsets = np.arange(0, -ltv.shape[0], -1)
    Cs = spdiags(ltv, offsets, n, n)
    out = Cs.dot(un)
    if mode == 'full':
        return out
    elif mode == 'same':
        start = ltv.shape[0] / 2 - 1 + ltv.shape[0] % 2
        stop = len(signal) + ltv.shape[0] / 2 - 1 + ltv.shape[0] % 2
        return out[start:stop]
    elif mode == 'valid':
        length = len(signal) - ltv.shape[0]
        start = ltv.shape[0] - 1
        stop = len(signal)
        return out[start:stop]


def ir2fr(ir, fs, N=None):
    N = N if N else ir.shape[-1]
    fr = rfft(ir, n=N) / N
    f = np.fft.rfftfreq(N, 1.0 / fs)
    fr *= 2.0
    fr[..., 0] /= 2.0
    if not N % 2:
        fr[..., -1] /= 2.0
    return (f, fr)


def decibel_to_neper(decibel):
    return np.log(10.0) / 20.0 * decibel


def ms(x):
    return (np.abs(x) ** 2.0).mean()


def rms(x):
    return np.sqrt(ms(x))


def normalize(y, x=None):
    if x is not None:
        x = ms(x)
    else:
        x = 1.0
    return y * np.sqrt(x / ms(y))


def window_scaling_factor(window, axis=-1):
    return np.sqrt((window * window).mean(axis=axis))


def amplitude_spectrum(x, fs, N=None):
    N = N if N else x.shape[-1]
    fr = np.fft.fft(x, n=N) / N
    f = np.fft.fftfreq(N, 1.0 / fs)
    return (np.fft.fftshift(f), np.fft.fftshift(fr, axes=[-1]))


def auto_spectrum(x, fs, N=None):
    f, a = amplitude_spectrum(x, fs, N=N)
    return (f, (a * a.conj()).real)


def power_spectrum(x, fs, N=None):
    N = N if N else x.shape[-1]
    f, a = auto_spectrum(x, fs, N=N)
    a = a[..., N // 2:]
    f = f[..., N // 2:]
    a *= 2.0
    a[..., 0] /= 2.0
    if not N % 2:
        a[..., -1] /= 2.0
    return (f, a)


def density_spectrum(x, fs, N=None):
    N = N if N else x.shape[-1]
    fr = np.fft.fft(x, n=N) / fs
    f = np.fft.fftfreq(N, 1.0 / fs)
    return (np.fft.fftshift(f), np.fft.fftshift(fr))


def zero_crossings(data):
    pos = data > 0
    npos = ~pos
    return (pos[:-1] & npos[1:] | npos[:-1] & pos[1:]).nonzero()[0]


def isolate(signals):
    x = np.asarray(signals)
    W, s, v = np.linalg.svd((np.tile((x * x).sum(axis=0), (len(x), 1)) * x).dot(x.T))
    return v.T


def impulse_response_real_even(tf, ntaps):
    ir = np.fft.ifftshift(np.fft.irfft(tf, n=ntaps)).real
    return ir


# acoustics/utils.py
def mean_tl(tl, surfaces):
    try:
        tau_axis = tl.ndim - 1
    except AttributeError:
        tau_axis = 0
    tau = 1.0 / 10.0 ** (tl / 10.0)
    return 10.0 * np.log10(1.0 / np.average(tau, tau_axis, surfaces))


def _is_1d(given):
    if isinstance(given, (int, float)):
        return given
    elif given.ndim == 1:
        return np.array([given])
    elif given.ndim == 2 and given.shape[0] == 1:
        return given[0]
    else:
        return given


# acoustics/room.py
def mean_alpha(alphas, surfaces):
    return np.average(alphas, axis=0, weights=surfaces)


def nrc(alphas):
    alpha_axis = alphas.ndim - 1
    return np.mean(alphas, axis=alpha_axis)


def t60_sabine(surfaces, alpha, volume, c=SOUNDSPEED):
    mean_alpha_ = np.average(alpha, axis=0, weights=surfaces)
    S = np.sum(surfaces, axis=0)
    A = S * mean_alpha_
    t60 = 4.0 * np.log(10.0 ** 6.0) * volume / (c * A)
    return t60


def t60_eyring(surfaces, alpha, volume, c=SOUNDSPEED):
    mean_alpha_ = np.average(alpha, axis=0, weights=surfaces)
    S = np.sum(surfaces, axis=0)
    A = -S * np.log(1 - mean_alpha_)
    t60 = 4.0 * np.log(10.0 ** 6.0) * volume / (c * A)
    return t60


def t60_millington(surfaces, alpha, volume, c=SOUNDSPEED):
    mean_alpha_ = np.average(alpha, axis=0, weights=surfaces)
    A = -np.sum(surfaces[:, np.newaxis] * np.log(1.0 - mean_alpha_), axis=0)
    t60 = 4.0 * np.log(10.0 ** 6.0) * volume / (c * A)
    return t60


def t60_fitzroy(surfaces, alpha, volume, c=SOUNDSPEED):
    Sx = np.sum(surfaces[0:2])
    Sy = np.sum(surfaces[2:4])
    Sz = np.sum(surfaces[4:6])
    St = np.sum(surfaces)
    alpha = _is_1d(alpha)
    a_x = np.average(alpha[:, 0:2], weights=surfaces[0:2], axis=1)
    a_y = np.average(alpha[:, 2:4], weights=surfaces[2:4], axis=1)
    a_z = np.average(alpha[:, 4:6], weights=surfaces[4:6], axis=1)
    factor = -(Sx / np.log(1.0 - a_x) + Sy / np.log(1.0 - a_y) + Sz / np.log(1 - a_z))
    t60 = 4.0 * np.log(10.0 ** 6.0) * volume * factor / (c * St ** 2.0)
    return t60


# acoustics/power.py
def lw_iso3746(LpAi, LpAiB, S, alpha, surfaces):
    LpA = 10.0 * np.log10(np.sum(10.0 ** (0.1 * LpAi)) / LpAi.size)
    LpAB = 10.0 * np.log10(np.sum(10.0 ** (0.1 * LpAiB)) / LpAiB.size)
    deltaLpA = LpA - LpAB
    if deltaLpA > 10.0:
        k_1a = 0.0
    elif 3.0 <= deltaLpA <= 10.0:
        k_1a = -10.0 * np.log10(1.0 - 10.0 ** (-0.1 * deltaLpA))
    else:
        k_1a = 3.0
    S0 = 1.0
    Sv = np.sum(surfaces)
    alpha_mean = np.average(alpha, axis=0, weights=surfaces)
    A = alpha_mean * Sv
    k_2a = 10.0 * np.log10(1.0 + 4.0 * S / A)
    LpA_mean = LpA - k_1a - k_2a
    L_WA = LpA_mean + 10.0 * np.log10(S / S0)
    return L_WA


# acoustics/standards/iec_61672_1_2013.py
def time_averaged_sound_level(pressure, sample_frequency, averaging_time, reference_pressure=REFERENCE_PRESSURE):
    levels = 10.0 * np.log10(average(pressure ** 2.0, sample_frequency, averaging_time) / reference_pressure ** 2.0)
    times = np.arange(levels.shape[-1]) * averaging_time
    return (times, levels)


def average(data, sample_frequency, averaging_time):
    averaging_time = np.asarray(averaging_time)
    sample_frequency = np.asarray(sample_frequency)
    samples = data.shape[-1]
    n = np.floor(averaging_time * sample_frequency).astype(int)
    data = data[..., 0:n * (samples // n)]
    newshape = list(data.shape[0:-1])
    newshape.extend([-1, n])
    data = data.reshape(newshape)
    return data.mean(axis=-1)


def weighting_function_a(frequencies):
    f = np.asarray(frequencies)
    offset = _NORMALIZATION_CONSTANTS['A']
    f1, f2, f3, f4 = _POLE_FREQUENCIES.values()
    weighting = 20.0 * np.log10(f4 ** 2.0 * f ** 4.0 / ((f ** 2.0 + f1 ** 2.0) * np.sqrt(f ** 2.0 + f2 ** 2.0) * np.sqrt(f ** 2.0 + f3 ** 2.0) * (f ** 2.0 + f4 ** 2.0))) - offset
    return weighting


# acoustics/standards/iec_61260_1_2014.py
def exact_center_frequency(x, fraction=1, ref=REFERENCE_FREQUENCY, G=OCTAVE_FREQUENCY_RATIO):
    fraction = np.asarray(fraction)
    uneven = (fraction % 2).astype('bool')
    return ref * G ** ((2.0 * x + 1.0) / (2.0 * fraction)) * np.logical_not(uneven) + uneven * ref * G ** (x / fraction)


def lower_frequency(center, fraction=1, G=OCTAVE_FREQUENCY_RATIO):
    return center * G ** (-1.0 / (2.0 * fraction))


def index_of_frequency(frequency, fraction=1, ref=REFERENCE_FREQUENCY, G=OCTAVE_FREQUENCY_RATIO):
    fraction = np.asarray(fraction)
    uneven = (fraction % 2).astype('bool')
    return (np.round(2.0 * fraction * np.log(frequency / ref) / np.log(G) - 1.0) / 2.0 * np.logical_not(uneven) + uneven * np.round(fraction * np.log(frequency / ref) / np.log(G)).astype('int16')).astype('int16')


# --- inputs ---------------------------------------------------------------------------------

def _levels(rng, *shape):
    return rng.uniform(40.0, 90.0, size=shape or (8,))


def _signal(rng, n=64):
    t = np.arange(n) / 8000.0
    return np.sin(2 * np.pi * rng.uniform(400, 600) * t) + 0.3 * rng.normal(size=n)


def _room(rng):
    surfaces = rng.uniform(10.0, 40.0, size=6)
    alpha = rng.uniform(0.05, 0.6, size=(6, 4))
    return surfaces, alpha, np.float64(rng.uniform(100, 300))


def _lw_inputs(rng):
    surfaces, alpha, _ = _room(rng)
    return _levels(rng) + 10, _levels(rng) - 10, np.float64(rng.uniform(5, 10)), alpha, surfaces


_S = "acoustics/signal.py"
_R = "acoustics/room.py"
_DB = "acoustics/decibel.py"
_IEC1 = "acoustics/standards/iec_61672_1_2013.py"
_IEC2 = "acoustics/standards/iec_61260_1_2014.py"

CASES = [
    case(dbsum, lambda rng: (_levels(rng),), ACU(_DB, "dbsum")),
    case(dbmean, lambda rng: (_levels(rng, 4, 3), 0), ACU(_DB, "dbmean", "axis=0")),
    case(dbadd, lambda rng: (_levels(rng), _levels(rng)), ACU(_DB, "dbadd")),
    case(dbsub, lambda rng: (_levels(rng) + 20, _levels(rng) - 20), ACU(_DB, "dbsub")),
    case(convolve, lambda rng: (rng.normal(size=8), rng.normal(size=(3, 8))), ACU(_S, "convolve")),
    case(ir2fr, lambda rng: (_signal(rng), 8000.0), ACU(_S, "ir2fr")),
    case(decibel_to_neper, lambda rng: (_levels(rng),), ACU(_S, "decibel_to_neper")),
    case(rms, lambda rng: (_signal(rng),), ACU(_S, "rms")),
    case(normalize, lambda rng: (_signal(rng), _signal(rng)), ACU(_S, "normalize")),
    case(window_scaling_factor, lambda rng: (np.hanning(32) * rng.uniform(0.5, 1.5),), ACU(_S, "window_scaling_factor")),
    case(amplitude_spectrum, lambda rng: (_signal(rng), 8000.0), ACU(_S, "amplitude_spectrum")),
    case(auto_spectrum, lambda rng: (_signal(rng), 8000.0), ACU(_S, "auto_spectrum")),
    case(power_spectrum, lambda rng: (_signal(rng), 8000.0), ACU(_S, "power_spectrum")),
    case(density_spectrum, lambda rng: (_signal(rng), 8000.0), ACU(_S, "density_spectrum")),
    case(zero_crossings, lambda rng: (_signal(rng),), ACU(_S, "zero_crossings")),
    case(isolate, lambda rng: (rng.normal(size=(3, 16)),), ACU(_S, "isolate")),
    case(impulse_response_real_even, lambda rng: (rng.uniform(0, 1, size=17), 32), ACU(_S, "impulse_response_real_even")),
    case(mean_tl, lambda rng: (_levels(rng, 3, 4), rng.uniform(1, 5, size=4)), ACU("acoustics/utils.py", "mean_tl")),
    case(mean_alpha, lambda rng: (_room(rng)[1], _room(rng)[0]), ACU(_R, "mean_alpha")),
    case(nrc, lambda rng: (_room(rng)[1],), ACU(_R, "nrc")),
    case(t60_sabine, _room, ACU(_R, "t60_sabine")),
    case(t60_eyring, _room, ACU(_R, "t60_eyring")),
    case(t60_millington, _room, ACU(_R, "t60_millington")),
    case(t60_fitzroy, lambda rng: (_room(rng)[0], _room(rng)[1].T, np.float64(200.0)), ACU(_R, "t60_fitzroy")),
    case(lw_iso3746, _lw_inputs, ACU("acoustics/power.py", "lw_iso3746")),
    case(time_averaged_sound_level, lambda rng: (_signal(rng, 800) * 0.1, 8000.0, 0.01), ACU(_IEC1, "time_averaged_sound_level")),
    case(weighting_function_a, lambda rng: (rng.uniform(20, 20000, size=10),), ACU(_IEC1, "weighting_function_a")),
    case(exact_center_frequency, lambda rng: (np.arange(-5, 5), 3), ACU(_IEC2, "exact_center_frequency")),
    case(lower_frequency, lambda rng: (rng.uniform(100, 1000, size=6), 3), ACU(_IEC2, "lower_frequency")),
    case(index_of_frequency, lambda rng: (rng.uniform(100, 1000, size=6), 3), ACU(_IEC2, "index_of_frequency")),
]
