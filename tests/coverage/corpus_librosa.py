"""librosa's pure-NumPy helpers: unit conversions (frames, samples, time, Hz, mel, MIDI, octaves, tuning),
frequency grids and weighting curves, array utilities, decibel scaling, HMM transition matrices, the RQA
backtracking and mu-law companding (librosa/librosa, ISC).

Copied from librosa/librosa at b7e7bf486353821311f68d756e487f65d09cf319 (its LICENSE.md is the ISC licence:
"Copyright (c) 2013--2023, librosa development team."), the files named in each section below. Bodies are as
written, comments kept, docstrings, type annotations (default values kept), the ``@overload`` stubs and the
``@cache(level=...)`` decorators dropped (librosa's joblib cache, a no-op unless ``LIBROSA_CACHE_DIR`` is set). Only
functions without numba are taken: the conversions (``np.asanyarray(x)[()]`` to turn 0-d arrays into scalars, an
``if`` on ``htk``, ``hz_to_mel``/``mel_to_hz``'s masked writes for arrays and ``elif`` on a scalar),
``tempo_frequencies`` (a write of ``np.inf``), the A/B/C/D/Z weightings (``with np.errstate``, an ``if`` on
``min_db is None`` with a ``np.all(np.isfinite)`` test), ``frequency_weighting`` (a dict of functions keyed by an
upper-cased string) and ``multi_frequency_weighting`` (a list comprehension over a string), ``times_like`` and
``samples_like`` (``np.isscalar``); from the utilities ``frame`` (``as_strided`` and ``np.moveaxis``),
``valid_audio``, ``valid_int``, ``pad_center``, ``expand_to`` (a loop writing a shape list), ``fix_length`` (an
``if``/``elif`` on the length: a slice or ``np.pad``), ``axis_sort``, ``normalize`` (an ``if`` chain on the norm,
masked writes of 1, NaN or inf), ``softmask`` (masked in-place division), ``tiny`` (``np.finfo`` of a dtype),
``fill_off_diagonal`` (``np.triu_indices_from`` writes into the argument), ``cyclic_gradient`` (``np.pad`` wrap,
``np.gradient``) and ``dtype_r2c``; ``magphase`` (writes to ``.real`` and ``.imag``, ``**=``), ``power_to_db`` and
``amplitude_to_db`` (a callable reference such as ``np.max`` with ``axis`` and ``keepdims``, ``np.square(...,
out=)``), ``db_to_power``, ``db_to_amplitude``; the transition matrices (loops writing rows and diagonal entries,
``transition_local``'s ``scipy.signal.get_window`` and ``np.roll`` with slices bounded by ``min``/``max``);
``__rqa_backtrack`` (a ``while True`` loop with two ``break``, ``list.insert``, a list comprehension of index
offsets); ``to_mono`` (``*signals``, ``np.promote_types``, in-place ``+=`` of ``fix_length``), ``mu_compress``
(``np.digitize``) and ``mu_expand``.

Adapted, beyond that:

* ``ParameterError`` (``librosa/util/exceptions.py``) is a plain ``Exception`` subclass, as there (without its
  ``LibrosaError`` base);
* the functions called through the ``util`` package (``util.valid_audio``, ``util.fix_length``,
  ``util.dtype_r2c``) are reached through ``util``, a namespace holding the copies below;
* ``get_window`` (``librosa/filters.py``) is copied for ``transition_local``.

Not taken: the numba kernels and everything that calls them (``localmax``, ``peak_pick``, the DTW and Viterbi
decoders, ``match_events``), the STFT-based features, ``index_to_slice`` (it returns ``slice`` objects), the
notation functions (strings).

The inputs are frame and sample indices, frequencies from 20 Hz to 10 kHz (across the mel scale's 1 kHz knee),
short spectrogram-like non-negative matrices (one column of zeros for the thresholds), complex spectra, audio-like
signals in [-1, 1], transition probabilities, and RQA score and backpointer matrices with a fixed path.
"""

# ruff: noqa: E501, UP034
from __future__ import annotations

import types
import warnings
from typing import cast

import numpy as np
from numpy.lib.stride_tricks import as_strided

from tests.coverage.cases import LIBROSA, Source, case


def LR(path: str, original: str, note: str = "") -> Source:
    return Source(LIBROSA, "librosa/" + path, original, note)


# --- librosa/util/exceptions.py --------------------------------------------------------------------------------------
class ParameterError(Exception):
    """librosa.util.exceptions.ParameterError (its base LibrosaError dropped)."""


# --- librosa/core/convert.py -----------------------------------------------------------------------------------------
def frames_to_samples(frames, *, hop_length=512, n_fft=None):
    offset = 0
    if n_fft is not None:
        offset = int(n_fft // 2)

    return (np.asanyarray(frames) * hop_length + offset).astype(int)[()]


def samples_to_frames(samples, *, hop_length=512, n_fft=None):
    offset = 0
    if n_fft is not None:
        offset = int(n_fft // 2)

    samples = np.asanyarray(samples)
    return np.asarray(np.floor((samples - offset) // hop_length), dtype=int)[()]


def frames_to_time(frames, *, sr=22050, hop_length=512, n_fft=None):
    samples = frames_to_samples(frames, hop_length=hop_length, n_fft=n_fft)

    return samples_to_time(samples, sr=sr)


def time_to_frames(times, *, sr=22050, hop_length=512, n_fft=None):
    samples = time_to_samples(times, sr=sr)

    return samples_to_frames(samples, hop_length=hop_length, n_fft=n_fft)


def time_to_samples(times, *, sr=22050):
    return (np.asanyarray(times) * sr).astype(int)[()]


def samples_to_time(samples, *, sr=22050):
    return np.asanyarray(samples)[()] / float(sr)


def blocks_to_frames(blocks, *, block_length):
    return block_length * np.asanyarray(blocks)[()]


def blocks_to_samples(blocks, *, block_length, hop_length):
    frames = blocks_to_frames(blocks, block_length=block_length)
    return frames_to_samples(frames, hop_length=hop_length)


def blocks_to_time(blocks, *, block_length, hop_length, sr):
    samples = blocks_to_samples(
        blocks, block_length=block_length, hop_length=hop_length
    )
    return samples_to_time(samples, sr=sr)


def midi_to_hz(notes):
    return 440.0 * (2.0 ** ((np.asanyarray(notes)[()] - 69.0) / 12.0))


def hz_to_midi(frequencies):
    midi = 12 * (np.log2(np.asanyarray(frequencies)) - np.log2(440.0)) + 69
    return midi[()]


def hz_to_mel(frequencies, *, htk=False):
    frequencies = np.asanyarray(frequencies)[()]

    if htk:
        mels = 2595.0 * np.log10(1.0 + frequencies / 700.0)
        return mels

    # Fill in the linear part
    f_min = 0.0
    f_sp = 200.0 / 3

    mels = (frequencies - f_min) / f_sp

    # Fill in the log-scale part

    min_log_hz = 1000.0  # beginning of log region (Hz)
    min_log_mel = (min_log_hz - f_min) / f_sp  # same (Mels)
    logstep = np.log(6.4) / 27.0  # step size for log region

    if frequencies.ndim:
        # If we have array data, vectorize
        log_t = frequencies >= min_log_hz
        mels[log_t] = min_log_mel + np.log(frequencies[log_t] / min_log_hz) / logstep
    elif frequencies >= min_log_hz:
        # If we have scalar data, heck directly
        mels = min_log_mel + np.log(frequencies / min_log_hz) / logstep

    return mels


def mel_to_hz(mels, *, htk=False):
    mels = np.asanyarray(mels)[()]

    if htk:
        return 700.0 * (10.0 ** (mels / 2595.0) - 1.0)

    # Fill in the linear scale
    f_min = 0.0
    f_sp = 200.0 / 3
    freqs = f_min + f_sp * mels

    # And now the nonlinear scale
    min_log_hz = 1000.0  # beginning of log region (Hz)
    min_log_mel = (min_log_hz - f_min) / f_sp  # same (Mels)
    logstep = np.log(6.4) / 27.0  # step size for log region

    if mels.ndim:
        # If we have vector data, vectorize
        log_t = mels >= min_log_mel
        freqs[log_t] = min_log_hz * np.exp(logstep * (mels[log_t] - min_log_mel))
    elif mels >= min_log_mel:
        # If we have scalar data, check directly
        freqs = min_log_hz * np.exp(logstep * (mels - min_log_mel))

    return freqs


def hz_to_octs(frequencies, *, tuning=0.0, bins_per_octave=12):
    A440 = 440.0 * 2.0 ** (tuning / bins_per_octave)

    octs = np.log2(np.asanyarray(frequencies) / (float(A440) / 16))
    return octs[()]


def octs_to_hz(octs, *, tuning=0.0, bins_per_octave=12):
    A440 = 440.0 * 2.0 ** (tuning / bins_per_octave)

    return (float(A440) / 16) * (2.0 ** np.asanyarray(octs)[()])


def A4_to_tuning(A4, *, bins_per_octave=12):
    tuning = bins_per_octave * (np.log2(np.asanyarray(A4)) - np.log2(440.0))
    return tuning[()]


def tuning_to_A4(tuning, *, bins_per_octave=12):
    return 440.0 * 2.0 ** (np.asanyarray(tuning)[()] / bins_per_octave)


def fft_frequencies(*, sr=22050, n_fft=2048):
    # the return dtype was unnecessarily broad in the numpy<2.5 dtype stubs
    return cast("_Array1D[np.float64]", np.fft.rfftfreq(n=n_fft, d=1.0 / sr))  # noqa: F821 (a librosa type alias)


def cqt_frequencies(n_bins, *, fmin, bins_per_octave=12, tuning=0.0):
    correction = 2.0 ** (float(tuning) / bins_per_octave)
    frequencies = 2.0 ** (
        np.arange(0, n_bins, dtype=float) / bins_per_octave
    )

    return correction * fmin * frequencies


def mel_frequencies(n_mels=128, *, fmin=0.0, fmax=11025.0, htk=False):
    # 'Center freqs' of mel bands - uniformly spaced between limits
    min_mel = hz_to_mel(fmin, htk=htk)
    max_mel = hz_to_mel(fmax, htk=htk)

    mels = np.linspace(min_mel, max_mel, n_mels)

    return mel_to_hz(mels, htk=htk)


def tempo_frequencies(n_bins, *, hop_length=512, sr=22050):
    bin_frequencies = np.zeros(int(n_bins), dtype=np.float64)

    bin_frequencies[0] = np.inf
    bin_frequencies[1:] = 60.0 * sr / (hop_length * np.arange(1.0, n_bins))

    return bin_frequencies


def fourier_tempo_frequencies(*, sr=22050, win_length=384, hop_length=512):
    # sr / hop_length gets the frame rate
    # multiplying by 60 turns frames / sec into frames / minute
    return fft_frequencies(sr=sr * 60 / float(hop_length), n_fft=win_length)


def A_weighting(frequencies, *, min_db=-80.0):
    f_sq = np.asanyarray(frequencies)[()] ** 2.0

    const = np.array([12194.217, 20.598997, 107.65265, 737.86223]) ** 2.0
    with np.errstate(divide="ignore"):
        # Temporarily ignore div-by-zero warnings since min_db might clean
        # them up later
        weights = 2.0 + 20.0 * (
            np.log10(const[0])
            + 2 * np.log10(f_sq)
            - np.log10(f_sq + const[0])
            - np.log10(f_sq + const[1])
            - 0.5 * np.log10(f_sq + const[2])
            - 0.5 * np.log10(f_sq + const[3])
        )

    if min_db is None:
        if not np.all(np.isfinite(weights)):
            # If we have any non-finite values, then we should return
            # an array of NaNs
            warnings.warn(
                "A-weighting returned non-finite values. "
                "This is likely due to low (~0 Hz) frequencies.",
                stacklevel=2,
            )
        return weights
    else:
        weights = np.maximum(min_db, weights)
        return weights


def B_weighting(frequencies, *, min_db=-80.0):
    f_sq = np.asanyarray(frequencies)[()] ** 2.0

    const = np.array([12194.217, 20.598997, 158.48932]) ** 2.0
    with np.errstate(divide="ignore"):
        # Temporarily ignore div-by-zero warnings since min_db might clean
        # them up later
        weights = 0.17 + 20.0 * (
            np.log10(const[0])
            + 1.5 * np.log10(f_sq)
            - np.log10(f_sq + const[0])
            - np.log10(f_sq + const[1])
            - 0.5 * np.log10(f_sq + const[2])
        )

    if min_db is None:
        if not np.all(np.isfinite(weights)):
            # If we have any non-finite values, then we should return
            # an array of NaNs
            warnings.warn(
                "B-weighting returned non-finite values. "
                "This is likely due to low (~0 Hz) frequencies.",
                stacklevel=2,
            )
        return weights
    else:
        weights = np.maximum(min_db, weights)
        return weights


def C_weighting(frequencies, *, min_db=-80.0):
    f_sq = np.asanyarray(frequencies)[()] ** 2.0

    const = np.array([12194.217, 20.598997]) ** 2.0
    with np.errstate(divide="ignore"):
        weights = 0.062 + 20.0 * (
            np.log10(const[0])
            + np.log10(f_sq)
            - np.log10(f_sq + const[0])
            - np.log10(f_sq + const[1])
        )

    if min_db is None:
        if not np.all(np.isfinite(weights)):
            # If we have any non-finite values, then we should return
            # an array of NaNs
            warnings.warn(
                "C-weighting returned non-finite values. "
                "This is likely due to low (~0 Hz) frequencies.",
                stacklevel=2,
            )
        return weights
    else:
        weights = np.maximum(min_db, weights)
        return weights


def D_weighting(frequencies, *, min_db=-80.0):
    f_sq = np.asanyarray(frequencies)[()] ** 2.0

    const = np.array([8.3046305e-3, 1018.7, 1039.6, 3136.5, 3424, 282.7, 1160]) ** 2.0
    with np.errstate(divide="ignore"):
        weights = 20.0 * (
            0.5 * np.log10(f_sq)
            - np.log10(const[0])
            + 0.5
            * (
                +np.log10((const[1] - f_sq) ** 2 + const[2] * f_sq)
                - np.log10((const[3] - f_sq) ** 2 + const[4] * f_sq)
                - np.log10(const[5] + f_sq)
                - np.log10(const[6] + f_sq)
            )
        )

    if min_db is None:
        if not np.all(np.isfinite(weights)):
            # If we have any non-finite values, then we should return
            # an array of NaNs
            warnings.warn(
                "D-weighting returned non-finite values. "
                "This is likely due to low (~0 Hz) frequencies.",
                stacklevel=2,
            )
        return weights
    else:
        weights = np.maximum(min_db, weights)
        return weights


def Z_weighting(frequencies, *, min_db=None):
    weights = np.zeros(len(frequencies))
    if min_db is None:
        return weights
    else:
        weights = np.maximum(min_db, weights)
        return weights


WEIGHTING_FUNCTIONS = {
    "A": A_weighting,
    "B": B_weighting,
    "C": C_weighting,
    "D": D_weighting,
    "Z": Z_weighting,
    None: Z_weighting,
}


def frequency_weighting(frequencies, *, kind="A", **kwargs):
    if isinstance(kind, str):
        kind = kind.upper()
    return WEIGHTING_FUNCTIONS[kind](frequencies, **kwargs)


def multi_frequency_weighting(frequencies, *, kinds="ZAC", **kwargs):
    return np.stack(
        [frequency_weighting(frequencies, kind=k, **kwargs) for k in kinds], axis=0
    )


def times_like(X, *, sr=22050, hop_length=512, n_fft=None, axis=-1):
    samples = samples_like(X, hop_length=hop_length, n_fft=n_fft, axis=axis)
    time = samples_to_time(samples, sr=sr)
    return time


def samples_like(X, *, hop_length=512, n_fft=None, axis=-1):
    # suppress type checks because mypy does not understand isscalar
    if np.isscalar(X):
        frames = np.arange(X)  # type: ignore
    else:
        frames = np.arange(X.shape[axis])  # type: ignore
    return frames_to_samples(frames, hop_length=hop_length, n_fft=n_fft)


# --- librosa/util/utils.py -------------------------------------------------------------------------------------------
def frame(x, *, frame_length, hop_length, axis=-1, writeable=False, subok=False):
    # This implementation is derived from numpy.lib.stride_tricks.sliding_window_view (1.20.0)
    # https://numpy.org/doc/stable/reference/generated/numpy.lib.stride_tricks.sliding_window_view.html

    x = np.array(x, copy=False, subok=subok)

    if x.shape[axis] < frame_length:
        raise ParameterError(
            f"Input is too short (n={x.shape[axis]:d}) for frame_length={frame_length:d}"
        )

    if hop_length < 1:
        raise ParameterError(f"Invalid hop_length: {hop_length:d}")

    # put our new within-frame axis at the end for now
    out_strides = x.strides + tuple([x.strides[axis]])

    # Reduce the shape on the framing axis
    x_shape_trimmed = list(x.shape)
    x_shape_trimmed[axis] -= frame_length - 1

    out_shape = tuple(x_shape_trimmed) + tuple([frame_length])
    xw = as_strided(
        x, strides=out_strides, shape=out_shape, subok=subok, writeable=writeable
    )

    if axis < 0:
        target_axis = axis - 1
    else:
        target_axis = axis + 1

    xw = np.moveaxis(xw, -1, target_axis)

    # Downsample along the target axis
    slices = [slice(None)] * xw.ndim
    slices[axis] = slice(0, None, hop_length)
    return xw[tuple(slices)]


def valid_audio(y):
    if not isinstance(y, np.ndarray):
        raise ParameterError("Audio data must be of type numpy.ndarray")

    if not np.issubdtype(y.dtype, np.floating):
        raise ParameterError("Audio data must be floating-point")

    if y.ndim == 0:
        raise ParameterError(
            f"Audio data must be at least one-dimensional, given y.shape={y.shape}"
        )

    if not np.isfinite(y).all():
        raise ParameterError("Audio buffer is not finite everywhere")

    return True


def valid_int(x, *, cast=None):
    if cast is None:
        cast = np.floor

    if not callable(cast):
        raise ParameterError("cast parameter must be callable")

    return int(cast(x))


def is_positive_int(x):
    # Check type first to catch None values.
    return isinstance(x, (int, np.integer)) and (x > 0)


def pad_center(data, *, size, axis=-1, **kwargs):
    kwargs.setdefault("mode", "constant")

    n = data.shape[axis]

    lpad = int((size - n) // 2)

    lengths = [(0, 0)] * data.ndim
    lengths[axis] = (lpad, int(size - n - lpad))

    if lpad < 0:
        raise ParameterError(
            f"Target size ({size:d}) must be at least input size ({n:d})"
        )

    return np.pad(data, lengths, **kwargs)


def expand_to(x, *, ndim, axes):
    # Force axes into a tuple
    try:
        axes_tup = tuple(axes)  # type: ignore
    except TypeError:
        axes_tup = tuple([axes])  # type: ignore

    if len(axes_tup) != x.ndim:
        raise ParameterError(
            f"Shape mismatch between axes={axes_tup} and input x.shape={x.shape}"
        )

    if ndim < x.ndim:
        raise ParameterError(
            f"Cannot expand x.shape={x.shape} to fewer dimensions ndim={ndim}"
        )

    shape = [1] * ndim
    for i, axi in enumerate(axes_tup):
        shape[axi] = x.shape[i]

    return x.reshape(shape)


def fix_length(data, *, size, axis=-1, **kwargs):
    kwargs.setdefault("mode", "constant")

    n = data.shape[axis]

    if n > size:
        slices = [slice(None)] * data.ndim
        slices[axis] = slice(0, size)
        return data[tuple(slices)]

    elif n < size:
        lengths = [(0, 0)] * data.ndim
        lengths[axis] = (0, size - n)
        return np.pad(data, lengths, **kwargs)

    return data


def axis_sort(S, *, axis=-1, index=False, value=None):
    if value is None:
        value = np.argmax

    if S.ndim != 2:
        raise ParameterError("axis_sort is only defined for 2D arrays")

    bin_idx = value(S, axis=np.mod(1 - axis, S.ndim))
    idx = np.argsort(bin_idx)

    sort_slice = [slice(None)] * S.ndim
    sort_slice[axis] = idx  # type: ignore

    if index:
        return S[tuple(sort_slice)], idx
    else:
        return S[tuple(sort_slice)]


def normalize(S, *, norm=np.inf, axis=0, threshold=None, fill=None):
    # Avoid div-by-zero
    if threshold is None:
        threshold = tiny(S)

    elif threshold <= 0:
        raise ParameterError(f"threshold={threshold} must be strictly positive")

    if fill not in [None, False, True]:
        raise ParameterError(f"fill={fill} must be None or boolean")

    if not np.all(np.isfinite(S)):
        raise ParameterError("Input must be finite")

    # All norms only depend on magnitude, let's do that first
    mag = np.abs(S).astype(float)

    # For max/min norms, filling with 1 works
    fill_norm = 1

    if norm is None:
        return S

    elif norm == np.inf:
        length = np.max(mag, axis=axis, keepdims=True)

    elif norm == -np.inf:
        length = np.min(mag, axis=axis, keepdims=True)

    elif norm == 0:
        if fill is True:
            raise ParameterError("Cannot normalize with norm=0 and fill=True")

        length = np.sum(mag > 0, axis=axis, keepdims=True, dtype=mag.dtype)

    elif np.issubdtype(type(norm), np.number) and norm > 0:
        length = np.sum(mag**norm, axis=axis, keepdims=True) ** (1.0 / norm)

        if axis is None:
            fill_norm = mag.size ** (-1.0 / norm)
        else:
            fill_norm = mag.shape[axis] ** (-1.0 / norm)

    else:
        raise ParameterError(f"Unsupported norm: {norm!r}")

    # indices where norm is below the threshold
    small_idx = length < threshold

    Snorm = np.empty_like(S)
    if fill is None:
        # Leave small indices un-normalized
        length[small_idx] = 1.0
        Snorm[:] = S / length

    elif fill:
        # If we have a non-zero fill value, we locate those entries by
        # doing a nan-divide.
        # If S was finite, then length is finite (except for small positions)
        length[small_idx] = np.nan
        Snorm[:] = S / length
        Snorm[np.isnan(Snorm)] = fill_norm
    else:
        # Set small values to zero by doing an inf-divide.
        # This is safe (by IEEE-754) as long as S is finite.
        length[small_idx] = np.inf
        Snorm[:] = S / length

    return Snorm


def softmask(X, X_ref, *, power=1, split_zeros=False):
    if X.shape != X_ref.shape:
        raise ParameterError(f"Shape mismatch: {X.shape}!={X_ref.shape}")

    if np.any(X < 0) or np.any(X_ref < 0):
        raise ParameterError("X and X_ref must be non-negative")

    if power <= 0:
        raise ParameterError("power must be strictly positive")

    # We're working with ints, cast to float.
    dtype = X.dtype
    if not np.issubdtype(dtype, np.floating):
        dtype = np.float32

    # Re-scale the input arrays relative to the larger value
    Z = np.maximum(X, X_ref).astype(dtype)
    bad_idx = Z < np.finfo(dtype).tiny
    Z[bad_idx] = 1

    # For finite power, compute the softmask

    if np.isfinite(power):
        mask = (X / Z) ** power
        ref_mask = (X_ref / Z) ** power
        good_idx = ~bad_idx
        mask[good_idx] /= mask[good_idx] + ref_mask[good_idx]
        # Wherever energy is below energy in both inputs, split the mask
        if split_zeros:
            mask[bad_idx] = 0.5
        else:
            mask[bad_idx] = 0.0
    else:
        # Otherwise, compute the hard mask
        mask = X > X_ref

    return mask


def tiny(x):
    # Make sure we have an array view
    x = np.asarray(x)

    # Only floating types generate a tiny
    if np.issubdtype(x.dtype, np.floating) or np.issubdtype(
        x.dtype, np.complexfloating
    ):
        dtype = x.dtype
    else:
        dtype = np.dtype(np.float32)

    tiny = np.finfo(dtype).tiny
    return tiny


def fill_off_diagonal(x, *, radius, value=0):
    nx, ny = x.shape

    # Calculate the radius in indices, rather than proportion
    radius = int(np.round(radius * np.min(x.shape)))

    nx, ny = x.shape
    offset = np.abs((x.shape[0] - x.shape[1]))

    if nx < ny:
        idx_u = np.triu_indices_from(x, k=radius + offset)
        idx_l = np.tril_indices_from(x, k=-radius)
    else:
        idx_u = np.triu_indices_from(x, k=radius)
        idx_l = np.tril_indices_from(x, k=-radius - offset)

    # modify input matrix
    x[idx_u] = value
    x[idx_l] = value


def cyclic_gradient(data, *, edge_order=1, axis=-1):
    # Wrap-pad the data along the target axis by `edge_order` on each side
    padding = [(0, 0)] * data.ndim
    padding[axis] = (edge_order, edge_order)
    data_pad = np.pad(data, padding, mode="wrap")

    # Compute the gradient
    grad = np.gradient(data_pad, edge_order=edge_order, axis=axis)

    # Remove the padding
    slices = [slice(None)] * data.ndim
    slices[axis] = slice(edge_order, -edge_order)
    grad_slice = grad[tuple(slices)]
    return grad_slice


def dtype_r2c(d, *, default=np.complex64):
    mapping = {
        np.dtype(np.float32): np.complex64,
        np.dtype(np.float64): np.complex128,
    }

    # If we're given a complex type already, return it
    dt = np.dtype(d)
    if dt.kind == "c":
        return dt

    # Otherwise, try to map the dtype.
    # If no match is found, return the default.
    return np.dtype(mapping.get(dt, default))


util = types.SimpleNamespace(valid_audio=valid_audio, fix_length=fix_length, dtype_r2c=dtype_r2c)


# --- librosa/core/spectrum.py ----------------------------------------------------------------------------------------
def magphase(D, *, power=1):
    mag = np.abs(D)

    # Prevent NaNs and return magnitude 0, phase 1+0j for zero
    zeros_to_ones = mag == 0
    mag_nonzero = mag + zeros_to_ones
    # Compute real and imaginary separately, because complex division can
    # produce NaNs when denormalized numbers are involved (< ~2e-39 for
    # complex64, ~5e-309 for complex128)
    phase = np.empty_like(D, dtype=util.dtype_r2c(D.dtype))
    phase.real = D.real / mag_nonzero + zeros_to_ones
    phase.imag = D.imag / mag_nonzero

    mag **= power

    return mag, phase


def power_to_db(S, *, ref=1.0, amin=1e-10, top_db=80.0, axes="auto"):
    S = np.asarray(S)

    if amin <= 0:
        raise ParameterError("amin must be strictly positive")

    if np.issubdtype(S.dtype, np.complexfloating):
        warnings.warn(
            "power_to_db was called on complex input so phase "
            "information will be discarded. To suppress this warning, "
            "call power_to_db(np.abs(D)**2) instead.",
            stacklevel=2,
        )
        magnitude = np.abs(S)
    else:
        magnitude = S

    if axes == "auto":
        if magnitude.ndim >= 2:
            axes = (-2, -1)
        elif magnitude.ndim == 1:
            axes = (-1,)
        else:
            axes = None

    if callable(ref):
        try:
            # Compute the reference value along the specified axes, keeping dimensions for broadcasting
            ref_value = ref(magnitude, axis=axes, keepdims=True)
        except TypeError as e:
            raise ParameterError(
                "The provided reference function must support 'axis' and "
                "'keepdims' arguments for proper multichannel processing."
            ) from e
    else:
        ref_value = np.abs(ref)

    log_spec = 10.0 * np.log10(np.maximum(amin, magnitude))
    log_spec -= 10.0 * np.log10(np.maximum(amin, ref_value))

    if top_db is not None:
        if top_db < 0:
            raise ParameterError("top_db must be non-negative")
        log_spec = np.maximum(log_spec, log_spec.max(axis=axes, keepdims=True) - top_db)

    return log_spec[()]


def db_to_power(S_db, *, ref=1.0):
    return ref * np.power(10.0, S_db * 0.1)


def amplitude_to_db(S, *, ref=1.0, amin=1e-5, top_db=80.0, axes="auto"):
    S = np.asarray(S)

    if np.issubdtype(S.dtype, np.complexfloating):
        warnings.warn(
            "amplitude_to_db was called on complex input so phase "
            "information will be discarded. To suppress this warning, "
            "call amplitude_to_db(np.abs(S)) instead.",
            stacklevel=2,
        )

    magnitude = np.abs(S)

    if axes == "auto":
        if magnitude.ndim >= 2:
            axes = (-2, -1)
        elif magnitude.ndim == 1:
            axes = (-1,)
        else:
            axes = None

    if callable(ref):
        try:
            # Compute the reference value along the specified axes, keeping dimensions for broadcasting
            ref_value = ref(magnitude, axis=axes, keepdims=True)
        except TypeError as e:
            raise ParameterError(
                "The provided reference function must support 'axis' and "
                "'keepdims' arguments for proper multichannel processing."
            ) from e
    else:
        ref_value = np.abs(ref)

    out_array = magnitude if isinstance(magnitude, np.ndarray) else None
    power = np.square(magnitude, out=out_array)

    db = power_to_db(power, ref=ref_value**2,
                                 amin=amin**2, top_db=top_db,
                                 axes=axes)
    return db[()]


def db_to_amplitude(S_db, *, ref=1.0):
    return db_to_power(S_db, ref=ref**2) ** 0.5


# --- librosa/filters.py ----------------------------------------------------------------------------------------------
def get_window(window, Nx, *, fftbins=True):
    if callable(window):
        return window(Nx)

    elif isinstance(window, (str, tuple)) or np.isscalar(window):
        # TODO: if we add custom window functions in librosa, call them here

        import scipy.signal
        win = scipy.signal.get_window(window, Nx, fftbins=fftbins)  # type: ignore
        return win

    elif isinstance(window, (np.ndarray, list)):
        if len(window) == Nx:
            return np.asarray(window)

        raise ParameterError(f"Window size mismatch: {len(window):d} != {Nx:d}")
    else:
        raise ParameterError(f"Invalid window specification: {window!r}")


# --- librosa/sequence.py ---------------------------------------------------------------------------------------------
def transition_uniform(n_states):
    if not is_positive_int(n_states):
        raise ParameterError(f"n_states={n_states} must be a positive integer")

    transition = np.empty((n_states, n_states), dtype=np.float64)
    transition.fill(1.0 / n_states)
    return transition


def transition_loop(n_states, prob):
    if not (is_positive_int(n_states) and (n_states > 1)):
        raise ParameterError(f"n_states={n_states} must be a positive integer > 1")

    transition = np.empty((n_states, n_states), dtype=np.float64)

    # if it's a float, make it a vector
    prob = np.asarray(prob, dtype=np.float64)

    if prob.ndim == 0:
        prob = np.tile(prob, n_states)

    if prob.shape != (n_states,):
        raise ParameterError(
            f"prob={prob} must have length equal to n_states={n_states}"
        )

    if np.any(prob < 0) or np.any(prob > 1):
        raise ParameterError(f"prob={prob} must have values in the range [0, 1]")

    for i, prob_i in enumerate(prob):
        transition[i] = (1.0 - prob_i) / (n_states - 1)
        transition[i, i] = prob_i

    return transition


def transition_cycle(n_states, prob):
    if not (is_positive_int(n_states) and n_states > 1):
        raise ParameterError(f"n_states={n_states} must be a positive integer > 1")

    transition = np.zeros((n_states, n_states), dtype=np.float64)

    # if it's a float, make it a vector
    prob = np.asarray(prob, dtype=np.float64)

    if prob.ndim == 0:
        prob = np.tile(prob, n_states)

    if prob.shape != (n_states,):
        raise ParameterError(
            f"prob={prob} must have length equal to n_states={n_states}"
        )

    if np.any(prob < 0) or np.any(prob > 1):
        raise ParameterError(f"prob={prob} must have values in the range [0, 1]")

    for i, prob_i in enumerate(prob):
        transition[i, np.mod(i + 1, n_states)] = 1.0 - prob_i
        transition[i, i] = prob_i

    return transition


def transition_local(n_states, width, *, window="triangle", wrap=False):
    if not (is_positive_int(n_states) and n_states > 1):
        raise ParameterError(f"n_states={n_states} must be a positive integer > 1")

    width = np.asarray(width, dtype=int)
    if width.ndim == 0:
        width = np.tile(width, n_states)

    if width.shape != (n_states,):
        raise ParameterError(
            f"width={width} must have length equal to n_states={n_states}"
        )

    if np.any(width < 1):
        raise ParameterError(f"width={width} must be at least 1")

    transition = np.zeros((n_states, n_states), dtype=np.float64)

    # Fill in the widths.  This is inefficient, but simple
    for i, width_i in enumerate(width):
        trans_row = pad_center(
            get_window(window, width_i, fftbins=False), size=n_states
        )
        trans_row = np.roll(trans_row, n_states // 2 + i + 1)

        if not wrap:
            # Knock out the off-diagonal-band elements
            trans_row[min(n_states, i + width_i // 2 + 1) :] = 0
            trans_row[: max(0, i - width_i // 2)] = 0

        transition[i] = trans_row

    # Row-normalize
    transition /= transition.sum(axis=1, keepdims=True)

    return transition


def __rqa_backtrack(score, pointers):
    # backtracking rubric:
    #   0 ==> diagonal move
    #   1 ==> knight move up
    #   2 ==> knight move left
    #  -1 ==> reset (sim = 0)
    #  -2 ==> start of sequence (sim > 0)

    # This array maps the backtracking values to the
    # relative index offsets
    offsets = [(-1, -1), (-1, -2), (-2, -1)]

    # Find the maximum to end the path
    idx = list(np.unravel_index(np.argmax(score), score.shape))

    # Construct the path
    path = []
    while True:
        bt_index = pointers[tuple(idx)]

        # A -1 indicates a non-inclusive reset
        # this can only happen when sim[idx] == 0,
        # and a reset with zero score should not be included
        # in the path.  In this case, we're done.
        if bt_index == -1:
            break

        # Other bt_index values are okay for inclusion
        path.insert(0, idx)

        # -2 indicates beginning of sequence,
        # so we can't backtrack any further
        if bt_index == -2:
            break

        # Otherwise, prepend this index and continue
        idx = [idx[_] + offsets[bt_index][_] for _ in range(len(idx))]

    # If there's no alignment path at all, eg an empty cross-similarity
    # matrix, return a properly shaped and typed array
    if not path:
        return np.empty((0, 2), dtype=np.uint)

    return np.asarray(path, dtype=np.uint)


# --- librosa/core/audio.py -------------------------------------------------------------------------------------------
def _init_output(out, shape, dtype):
    if out is None:
        return np.zeros(shape, dtype=dtype)
    if out.shape != shape:
        raise ParameterError(f"out has shape={out.shape}, but expected {shape}")
    if np.promote_types(out.dtype, dtype) != out.dtype:
        raise ParameterError(
            f"out has dtype={out.dtype}, which cannot hold the result dtype {dtype}"
        )
    out[...] = 0
    return out


def to_mono(*signals, pad=True, norm=True, out=None):
    # Validate the buffer(s) and identify lengths, dtypes, etc
    if not signals:
        raise ParameterError("At least one signal must be provided to `to_mono`.")
    n_min, n_max = signals[0].shape[-1], signals[0].shape[-1]
    dtype = signals[0].dtype
    for y in signals:
        util.valid_audio(y)
        n_min = min(n_min, y.shape[-1])
        n_max = max(n_max, y.shape[-1])
        dtype = np.promote_types(dtype, y.dtype)

    # Allocate and initialize the output buffer
    if pad:
        size = n_max
    else:
        size = n_min

    output = _init_output(out, (size,), dtype)

    if norm:
        combine = np.mean
    else:
        combine = np.sum

    # Now, average the signals together
    for y in signals:
        output += util.fix_length(
            combine(y, axis=tuple(range(y.ndim - 1))), size=output.shape[-1], axis=-1
        )
    if norm:
        # Divide by the number of input signals given
        output /= len(signals)

    return output


def mu_compress(x, *, mu=255, quantize=True):
    if mu <= 0:
        raise ParameterError(
            f"mu-law compression parameter mu={mu} must be strictly positive."
        )

    if np.any(x < -1) or np.any(x > 1):
        raise ParameterError(f"mu-law input x={x} must be in the range [-1, +1].")

    x_comp = np.sign(x) * np.log1p(mu * np.abs(x)) / np.log1p(mu)

    if quantize:
        y = (
            np.digitize(
                x_comp, np.linspace(-1, 1, num=int(1 + mu), endpoint=True), right=True
            )
            - int(mu + 1) // 2
        )
        return y

    return x_comp


def mu_expand(x, *, mu=255.0, quantize=True):
    if mu <= 0:
        raise ParameterError(
            f"Inverse mu-law compression parameter mu={mu} must be strictly positive."
        )

    if quantize:
        x = x * 2.0 / (1 + mu)

    if np.any(x < -1) or np.any(x > 1):
        raise ParameterError(
            f"Inverse mu-law input x={x} must be in the range [-1, +1]."
        )

    y = np.sign(x) / mu * (np.power(1 + mu, np.abs(x)) - 1)
    return y


# --- the cases (wrappers give the keyword-only arguments) ------------------------------------------------------------
def _freqs(rng, n=8):
    """Frequencies in Hz from 20 Hz to 10 kHz, across the mel scale's 1 kHz knee."""
    return np.sort(np.exp(rng.uniform(np.log(20.0), np.log(1e4), size=n)))


def _spec(rng, shape=(6, 5)):
    """A non-negative spectrogram-like matrix with one column of zeros."""
    S = rng.exponential(1.0, size=shape)
    S[:, 1] = 0.0
    return S


def _signal(rng, n=32):
    return np.clip(0.5 * rng.standard_normal(n), -1.0, 1.0)


def frames_to_samples_fft(frames):
    return frames_to_samples(frames, hop_length=256, n_fft=1024)


def samples_to_frames_fft(samples):
    return samples_to_frames(samples, hop_length=256, n_fft=1024)


def frames_to_time_sr(frames):
    return frames_to_time(frames, sr=16000, hop_length=160)


def time_to_frames_sr(times):
    return time_to_frames(times, sr=16000, hop_length=160, n_fft=400)


def blocks_to_time_sr(blocks):
    return blocks_to_time(blocks, block_length=16, hop_length=512, sr=22050)


def hz_to_mel_htk(frequencies):
    return hz_to_mel(frequencies, htk=True)


def mel_to_hz_htk(mels):
    return mel_to_hz(mels, htk=True)


def hz_to_octs_tuned(frequencies):
    return hz_to_octs(frequencies, tuning=-0.2, bins_per_octave=36)


def fft_frequencies_sr():
    return fft_frequencies(sr=8000, n_fft=16)


def cqt_frequencies_c1(n_bins):
    return cqt_frequencies(n_bins, fmin=32.7, bins_per_octave=24, tuning=0.1)


def mel_frequencies_small(fmax):
    return mel_frequencies(12, fmin=20.0, fmax=fmax)


def tempo_frequencies_small(n_bins):
    return tempo_frequencies(n_bins, hop_length=256, sr=11025)


def fourier_tempo_frequencies_small():
    return fourier_tempo_frequencies(sr=11025, win_length=16, hop_length=256)


def A_weighting_no_floor(frequencies):
    return A_weighting(frequencies, min_db=None)


def frequency_weighting_lower(frequencies):
    return frequency_weighting(frequencies, kind="c", min_db=-60.0)


def times_like_spec(X):
    return times_like(X, sr=8000, hop_length=128, n_fft=512)


def frame_hop(x):
    return frame(x, frame_length=8, hop_length=4)


def valid_int_ceil(x):
    return valid_int(x, cast=np.ceil)


def pad_center_size(data):
    return pad_center(data, size=9)


def expand_to_3d(x):
    return expand_to(x, ndim=3, axes=[0, 2])


def fix_length_trim(data):
    return fix_length(data, size=4, axis=0)


def fix_length_pad(data):
    return fix_length(data, size=8, mode="edge")


def axis_sort_index(S):
    return axis_sort(S, index=True)


def normalize_l2_fill(S):
    return normalize(S, norm=2, fill=True)


def normalize_l0(S):
    return normalize(S, norm=0, axis=1, fill=False)


def softmask_split(X, X_ref):
    return softmask(X, X_ref, power=2, split_zeros=True)


def softmask_hard(X, X_ref):
    return softmask(X, X_ref, power=np.inf)


def fill_off_diagonal_band(x):
    fill_off_diagonal(x, radius=0.25, value=-1.0)
    return x


def cyclic_gradient_2(data):
    return cyclic_gradient(data, edge_order=2, axis=0)


def magphase_power(D):
    return magphase(D, power=2)


def power_to_db_max(S):
    return power_to_db(S, ref=np.max, top_db=40.0)


def amplitude_to_db_max(S):
    return amplitude_to_db(S, ref=np.max)


def db_to_amplitude_ref(S_db):
    return db_to_amplitude(S_db, ref=2.0)


def transition_local_wrap(n_states, width):
    return transition_local(n_states, width, window="hann", wrap=True)


def rqa_backtrack(score, pointers):
    return __rqa_backtrack(score, pointers)


def to_mono_two(y1, y2):
    return to_mono(y1, y2)


def to_mono_trim_sum(y1, y2):
    return to_mono(y1, y2, pad=False, norm=False)


def mu_compress_float(x):
    return mu_compress(x, mu=63, quantize=False)


def _rqa(rng):
    """A score matrix whose maximum ends a path of diagonal and knight moves back to a start (-2)."""
    score = rng.uniform(0.0, 1.0, size=(6, 6))
    pointers = np.full((6, 6), -1, dtype=int)
    score[5, 5] = 10.0
    pointers[5, 5] = 0  # diagonal to (4, 4)
    pointers[4, 4] = 1  # knight up to (3, 2)
    pointers[3, 2] = 0  # diagonal to (2, 1)
    pointers[2, 1] = -2  # the start
    return score, pointers


_CONV = "core/convert.py"
_UT = "util/utils.py"

CASES = [
    # core/convert.py
    case(frames_to_samples_fft, lambda rng: (rng.integers(0, 100, size=6),), LR(_CONV, "frames_to_samples", "n_fft")),
    case(samples_to_frames_fft, lambda rng: (rng.integers(0, 20000, size=6),), LR(_CONV, "samples_to_frames", "n_fft")),
    case(frames_to_time_sr, lambda rng: (rng.integers(0, 100, size=6),), LR(_CONV, "frames_to_time")),
    case(time_to_frames_sr, lambda rng: (rng.uniform(0, 3, size=6),), LR(_CONV, "time_to_frames", "n_fft")),
    case(time_to_samples, lambda rng: (np.float64(rng.uniform(0, 3)),), LR(_CONV, "time_to_samples", "a scalar")),
    case(blocks_to_time_sr, lambda rng: (rng.integers(0, 10, size=4),), LR(_CONV, "blocks_to_time")),
    case(midi_to_hz, lambda rng: (rng.uniform(21, 108, size=6),), LR(_CONV, "midi_to_hz")),
    case(hz_to_midi, lambda rng: (_freqs(rng),), LR(_CONV, "hz_to_midi")),
    case(hz_to_mel, lambda rng: (_freqs(rng),), LR(_CONV, "hz_to_mel", "Slaney, an array: masked write above 1 kHz")),
    case(hz_to_mel, lambda rng: (np.float64(rng.uniform(1500, 4000)),),
         LR(_CONV, "hz_to_mel", "Slaney, a scalar above 1 kHz: the elif"), name="librosa.hz_to_mel_scalar"),
    case(hz_to_mel_htk, lambda rng: (_freqs(rng),), LR(_CONV, "hz_to_mel", "htk=True")),
    case(mel_to_hz, lambda rng: (rng.uniform(0, 60, size=8),), LR(_CONV, "mel_to_hz", "Slaney, an array")),
    case(mel_to_hz, lambda rng: (np.float64(rng.uniform(5, 14)),), LR(_CONV, "mel_to_hz", "Slaney, a scalar below 15"),
         name="librosa.mel_to_hz_scalar"),
    case(mel_to_hz_htk, lambda rng: (rng.uniform(0, 3000, size=8),), LR(_CONV, "mel_to_hz", "htk=True")),
    case(hz_to_octs_tuned, lambda rng: (_freqs(rng),), LR(_CONV, "hz_to_octs", "tuning, 36 bins per octave")),
    case(tuning_to_A4, lambda rng: (np.float64(rng.uniform(-0.5, 0.5)),), LR(_CONV, "tuning_to_A4", "a scalar")),
    case(fft_frequencies_sr, lambda rng: (), LR(_CONV, "fft_frequencies", "no array argument")),
    case(cqt_frequencies_c1, lambda rng: (12,), LR(_CONV, "cqt_frequencies")),
    case(mel_frequencies_small, lambda rng: (np.float64(rng.uniform(4000, 8000)),),
         LR(_CONV, "mel_frequencies", "fmax a NumPy scalar: hz_to_mel's scalar elif, mel_to_hz's masked write")),
    case(tempo_frequencies_small, lambda rng: (8,), LR(_CONV, "tempo_frequencies")),
    case(fourier_tempo_frequencies_small, lambda rng: (), LR(_CONV, "fourier_tempo_frequencies")),
    case(A_weighting, lambda rng: (np.r_[0.0, _freqs(rng)],), LR(_CONV, "A_weighting", "0 Hz: floored at -80 dB")),
    case(A_weighting_no_floor, lambda rng: (_freqs(rng),), LR(_CONV, "A_weighting", "min_db=None")),
    case(D_weighting, lambda rng: (_freqs(rng),), LR(_CONV, "D_weighting")),
    case(frequency_weighting_lower, lambda rng: (_freqs(rng),), LR(_CONV, "frequency_weighting", "kind='c'")),
    case(multi_frequency_weighting, lambda rng: (_freqs(rng),), LR(_CONV, "multi_frequency_weighting", "Z, A, C")),
    case(times_like_spec, lambda rng: (_spec(rng),), LR(_CONV, "times_like")),
    case(samples_like, lambda rng: (7,), LR(_CONV, "samples_like", "a scalar: np.isscalar")),
    # util/utils.py
    case(frame_hop, lambda rng: (_signal(rng),), LR(_UT, "frame", "as_strided, np.moveaxis")),
    case(valid_audio, lambda rng: (_signal(rng),), LR(_UT, "valid_audio")),
    case(valid_int_ceil, lambda rng: (np.float64(rng.uniform(2, 9)),), LR(_UT, "valid_int", "cast=np.ceil")),
    case(pad_center_size, lambda rng: (rng.normal(size=(2, 4)),), LR(_UT, "pad_center")),
    case(expand_to_3d, lambda rng: (rng.normal(size=(3, 4)),), LR(_UT, "expand_to")),
    case(fix_length_trim, lambda rng: (rng.normal(size=(6, 2)),), LR(_UT, "fix_length", "n > size: a slice")),
    case(fix_length_pad, lambda rng: (rng.normal(size=5),), LR(_UT, "fix_length", "n < size: np.pad, mode='edge'")),
    case(axis_sort_index, lambda rng: (rng.uniform(size=(5, 4)),), LR(_UT, "axis_sort", "index=True")),
    case(normalize, lambda rng: (_spec(rng),), LR(_UT, "normalize", "max norm, small columns left")),
    case(normalize_l2_fill, lambda rng: (_spec(rng),), LR(_UT, "normalize", "norm=2, fill=True: NaN then fill_norm")),
    case(normalize_l0, lambda rng: (_spec(rng),), LR(_UT, "normalize", "norm=0, axis=1, fill=False: inf")),
    case(softmask_split, lambda rng: (_spec(rng), _spec(rng)), LR(_UT, "softmask", "power=2, split_zeros")),
    case(softmask_hard, lambda rng: (_spec(rng), _spec(rng)), LR(_UT, "softmask", "power=inf: the hard mask")),
    case(tiny, lambda rng: (rng.normal(size=3).astype(np.float32),), LR(_UT, "tiny", "float32")),
    case(fill_off_diagonal_band, lambda rng: (rng.uniform(size=(6, 8)),),
         LR(_UT, "fill_off_diagonal", "writes into its argument, nx < ny")),
    case(cyclic_gradient_2, lambda rng: (rng.normal(size=(7, 3)),), LR(_UT, "cyclic_gradient", "edge_order=2")),
    # core/spectrum.py
    case(magphase_power, lambda rng: (rng.normal(size=(4, 3)) + 1j * rng.normal(size=(4, 3)),),
         LR("core/spectrum.py", "magphase", "power=2")),
    case(power_to_db, lambda rng: (_spec(rng) ** 2,), LR("core/spectrum.py", "power_to_db")),
    case(power_to_db_max, lambda rng: (_spec(rng) ** 2,), LR("core/spectrum.py", "power_to_db", "ref=np.max, top_db=40")),
    case(amplitude_to_db_max, lambda rng: (_spec(rng),), LR("core/spectrum.py", "amplitude_to_db", "ref=np.max")),
    case(db_to_amplitude_ref, lambda rng: (rng.uniform(-60, 0, size=(3, 4)),),
         LR("core/spectrum.py", "db_to_amplitude", "db_to_power")),
    # sequence.py
    case(transition_uniform, lambda rng: (4,), LR("sequence.py", "transition_uniform")),
    case(transition_loop, lambda rng: (4, rng.uniform(0.5, 0.9, size=4)), LR("sequence.py", "transition_loop")),
    case(transition_cycle, lambda rng: (5, np.float64(rng.uniform(0.5, 0.9))),
         LR("sequence.py", "transition_cycle", "a scalar probability: np.tile")),
    case(transition_local, lambda rng: (6, 3), LR("sequence.py", "transition_local", "triangle windows of width 3")),
    case(transition_local_wrap, lambda rng: (5, np.array([3, 3, 5, 5, 3])),
         LR("sequence.py", "transition_local", "widths per state, hann, wrap")),
    case(rqa_backtrack, lambda rng: _rqa(rng), LR("sequence.py", "__rqa_backtrack")),
    # core/audio.py
    case(to_mono_two, lambda rng: (_signal(rng, 32), _signal(rng, 24)), LR("core/audio.py", "to_mono", "pad, mean")),
    case(to_mono_trim_sum, lambda rng: (rng.uniform(-0.5, 0.5, size=(2, 32)), _signal(rng, 24)),
         LR("core/audio.py", "to_mono", "a stereo signal, pad=False, norm=False")),
    case(mu_compress, lambda rng: (_signal(rng),), LR("core/audio.py", "mu_compress", "quantized: np.digitize")),
    case(mu_compress_float, lambda rng: (_signal(rng),), LR("core/audio.py", "mu_compress", "mu=63, not quantized")),
    case(mu_expand, lambda rng: (rng.integers(-128, 128, size=10).astype(float),), LR("core/audio.py", "mu_expand")),
]
