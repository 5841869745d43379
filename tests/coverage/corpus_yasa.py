"""YASA's NumPy helpers for sleep EEG: ``others.py``'s event utilities (``_merge_close``: ``np.where(...)[0]`` of a
gap mask, ``if len(bad) > 0`` then ``np.hstack`` of a list comprehension of ``np.arange`` over ``enumerate(bad)`` and
``np.sort(np.append(...))``, else the input back; ``_index_to_events``' in-place ``x_copy[:, 1] += 1`` and
``np.split`` at the computed indices; ``_zerocrossings`` by ``.nonzero()[0]`` of a boolean expression), its moving
transform (an ``assert method in [...]``, ``raise ValueError`` when ``y`` is missing, ``if step == 0``, masked writes
``beg[beg < 0] = 0``, an ``if`` / ``elif`` chain on the method string: prefix sums by ``np.cumsum`` into
``cx[1:]`` with gathers ``cx[end] - cx[beg]`` under ``np.errstate``; a ``for wsz in np.unique(...)`` loop with
``continue`` building ``as_strided`` windows from ``x.strides``, boolean-mask writes ``out[mask] = wins.min(axis=1)``;
a ``for i in range(idx.size)`` loop over slices ``x[beg[i] : end[i]]`` with ``if m < 2: ... continue`` and a
conditional expression on ``den != 0``; ``if interp and step != 1 / sf`` through scipy's ``interp1d``),
``trimbothstd``'s ``np.partition`` at two cut points and ``np.nanstd`` of a ``slice`` object, ``sliding_window``'s
``isinstance`` and ``is_integer`` assertions, shape and stride lists for ``as_strided`` and an ``if strided.ndim >
2`` ``np.rollaxis``, ``get_centered_indices``' ``np.apply_along_axis`` of a nested function and ``np.ma`` row
masking, and ``_norm_direct_pac``'s ``einsum`` with an early ``return`` ``if p == 1.0 or p is None`` and a masked
write ``pac[s <= 2 * xlim] = 0.0``); ``spectral.py``'s ``bandpower_from_psd_ndarray`` (``np.hstack`` of a list
comprehension over the bands, ``min`` / ``max`` of it, a boolean frequency mask, ``if (psd < 0).any()`` logging a
warning, ``scipy.integrate.simpson`` along the last axis and a ``for i, band in enumerate(bands)`` loop writing
``bp[i]``, ``if relative: bp /= total_power``); ``sleepstats.py``'s ``sleep_statistics`` (a dict filled from
``np.where(hypno > 0)[0][0]``, slices, boolean-mask ``.size`` counts and ``... if 1 in hypno else np.nan``, then a
``for key, value in stats.items()`` loop rewriting every entry); ``hypno.py``'s upsampling (``np.repeat`` by a float
that ``is_integer``; ``hypno_fit_to_data``'s ``isinstance`` test, ``max(data.shape)``, ``if`` / ``elif`` on the two
lengths with nested ``if sf is not None`` logging, ``np.pad`` with an ``np.int16`` constant or a crop);
``detection.py``'s ``compare_detection`` (``assert all([float(i).is_integer() for i in ...])``, early ``return``\\ s
of a dict for an empty input, ``max`` of ``max`` of arrays, boolean masks written by fancy indexing, ``np.convolve``
of boolean arrays, ``raise ValueError`` when the window is too long, ``np.where(...)[0]`` into a dict and ``len`` of
them) (raphaelvallat/yasa, BSD-3-Clause).

Copied from raphaelvallat/yasa at dfddbd5a7ff622de494365803a4494a2a9dba714 (version 0.7.0; its ``LICENSE`` is the BSD
3-Clause License, "Copyright (c) 2018, Raphael Vallat"): under ``src/yasa/``, ``io.py``'s ``LOGGING_TYPES`` and
``set_log_level``; ``others.py``'s ``logger``, ``_merge_close``, ``_index_to_events``, ``moving_transform``,
``_zerocrossings``, ``trimbothstd``, ``sliding_window``, ``get_centered_indices`` and ``_norm_direct_pac`` (all of
its functions); ``spectral.py``'s ``bandpower_from_psd_ndarray``; ``sleepstats.py``'s ``sleep_statistics``;
``hypno.py``'s ``hypno_upsample_to_sf``, ``hypno_fit_to_data`` and ``hypno_upsample_to_data``; and ``detection.py``'s
``compare_detection``; in that order, docstrings dropped (also the nested function's), comments kept.

Adapted, beyond that:

* pandas and MNE are not installed here: ``hypno_upsample_to_sf``'s ``isinstance(hypno, (list, np.ndarray,
  pd.Series))`` and the ``isinstance(data, mne.io.BaseRaw)`` tests of ``hypno_fit_to_data`` and
  ``hypno_upsample_to_data`` are kept as written and see stand-in classes (``pd.Series`` and ``mne.io.BaseRaw`` are
  empty classes of this module, in ``SimpleNamespace``\\ s), which no argument of a case is, as no argument would be
  one of the real ones; the module-level ``logger = logging.getLogger("yasa")`` that ``others.py``, ``spectral.py``
  and ``hypno.py`` each define is defined once; the package's relative imports are names of this module;
* not copied: what needs pandas, MNE, scikit-learn or the ``Hypnogram`` class (``transition_matrix``'s data frames,
  ``hypno_str_to_int``, ``hypno_find_periods``, ``simulate_hypnogram``, the detection and staging functions,
  ``bandpower``, ``irasa``, ``stft_power``);
* a setting the source takes as a keyword or a Python number (``sf=``, ``window=``, ``step=``, ``method=``,
  ``interp=``, ``cut=``, ``p=``, ``relative=``, ``max_distance=``, ``verbose=``, the sampling frequencies) is given by a
  one-line wrapper named after the case, so the traced arguments are the arrays.

The inputs: 2-3 s of EEG-like signal at 100 Hz (a slow oscillation and a 13 Hz burst plus noise), sorted sample
indices of four runs of supra-threshold events, (start, end) pairs of events, uniform phases and amplitudes for
phase-amplitude coupling, a 1/f power spectrum with an alpha peak at 0.25 Hz resolution, a hypnogram of 104 30-s
epochs (wake, N1-N3, REM, a wake bout), detected and ground-truth event indices; and the edge values: a NaN sample, a
signal shorter than one window (every window clipped), a constant second signal (a correlation of 0 / 0), a
constant amplitude (its standard deviation 0), exact zeros and a single sample for the zero crossings, an
all-positive signal (no crossing), three values for ``trimbothstd`` (nothing cut) and one NaN, a PSD with negative
values, a hypnogram without REM, one shorter and one longer than the data and a one-epoch hypnogram, and empty
detections or ground truth (the early returns).
"""

# ruff: noqa: E127, E128, E203, E231, E261, E262, E302, E303, E305, E501, E711, E712, E721, E731, E741, N802, N803, N806, B006, B007, B028, B905, F401, F841, UP004, UP030, UP031, UP032, UP034, B904, W291, W293, UP003, C416
from __future__ import annotations

import logging
from types import SimpleNamespace

import numpy as np
from numpy.lib.stride_tricks import as_strided
from scipy.integrate import simpson
from scipy.interpolate import interp1d
from scipy.special import erfinv

from tests.coverage.cases import YASA, Source, case


def YA(path: str, original: str, note: str = "") -> Source:
    return Source(YASA, "src/yasa/" + path, original, note)


# Stand-ins for the two packages the copied functions name only in isinstance tests (neither is installed here): no
# argument of a case is a pandas Series or an MNE Raw object, as none would be in an isinstance test of these classes.
class _Series:
    pass


class _BaseRaw:
    pass


pd = SimpleNamespace(Series=_Series)
mne = SimpleNamespace(io=SimpleNamespace(BaseRaw=_BaseRaw))


# --- src/yasa/io.py ---
LOGGING_TYPES = dict(
    DEBUG=logging.DEBUG,
    INFO=logging.INFO,
    WARNING=logging.WARNING,
    ERROR=logging.ERROR,
    CRITICAL=logging.CRITICAL,
)

def set_log_level(verbose=None):
    logger = logging.getLogger("yasa")
    if isinstance(verbose, bool):
        verbose = "INFO" if verbose else "WARNING"
    if isinstance(verbose, str):
        if verbose.upper() in LOGGING_TYPES:
            verbose = verbose.upper()
            verbose = LOGGING_TYPES[verbose]
            logger.setLevel(verbose)
        else:
            raise ValueError("verbose must be in %s" % ", ".join(LOGGING_TYPES))

# --- src/yasa/others.py ---
logger = logging.getLogger("yasa")

def _merge_close(index, min_distance_ms, sf):
    # Convert min_distance_ms
    min_distance = min_distance_ms / 1000.0 * sf
    idx_diff = np.diff(index)
    condition = idx_diff > 1
    idx_distance = np.where(condition)[0]
    distance = idx_diff[condition]
    bad = idx_distance[np.where(distance < min_distance)[0]]
    # Fill gap between events separated with less than min_distance_ms
    if len(bad) > 0:
        fill = np.hstack([np.arange(index[j] + 1, index[j + 1]) for i, j in enumerate(bad)])
        f_index = np.sort(np.append(index, fill))
        return f_index
    else:
        return index

def _index_to_events(x):
    x_copy = np.copy(x)
    x_copy[:, 1] += 1
    split_idx = x_copy.reshape(-1).astype(int)
    full_idx = np.arange(split_idx.max())
    index = np.split(full_idx, split_idx)[1::2]
    index = np.concatenate(index)
    return index

def moving_transform(x, y=None, sf=100, window=0.3, step=0.1, method="corr", interp=False):
    # Safety checks
    assert method in [
        "mean",
        "min",
        "max",
        "ptp",
        "rms",
        "prop_above_zero",
        "slope",
        "covar",
        "corr",
    ]
    x = np.asarray(x, dtype=np.float64)
    if method in ("corr", "covar") and y is None:
        raise ValueError(f"y must be provided when method='{method}'")
    if y is not None:
        y = np.asarray(y, dtype=np.float64)
        assert x.size == y.size

    if step == 0:
        step = 1 / sf

    halfdur = window / 2
    n = x.size
    total_dur = n / sf
    last = n - 1
    idx = np.arange(0, total_dur, step)
    out = np.zeros(idx.size)

    # Define beginning, end and time (centered) vector.
    # end is an exclusive index (consistent with Python slice semantics and the
    # prefix-sum formula cx[end] - cx[beg]).  Clip to [0, n] so edge windows
    # can include the last sample x[n-1] without going out of bounds.
    beg = ((idx - halfdur) * sf).astype(int)
    end = ((idx + halfdur) * sf).astype(int)
    beg[beg < 0] = 0
    end[end > last] = n
    # Alternatively, to cut off incomplete windows (comment the 2 lines above)
    # mask = ~((beg < 0) | (end > n))
    # beg, end = beg[mask], end[mask]
    t = np.column_stack((beg, end)).mean(1) / sf

    # Window sizes in samples (may be smaller at the edges due to clipping)
    win_sz = (end - beg).astype(np.float64)

    if method == "mean":
        cx = np.zeros(n + 1)
        cx[1:] = np.cumsum(x)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = np.where(win_sz > 0, (cx[end] - cx[beg]) / win_sz, np.nan)

    elif method == "rms":
        cx2 = np.zeros(n + 1)
        cx2[1:] = np.cumsum(x**2)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = np.where(win_sz > 0, np.sqrt((cx2[end] - cx2[beg]) / win_sz), np.nan)

    elif method in ("corr", "covar"):
        # Prefix cumsums let each window's sum be read in O(1): sum(x[a:b]) =
        # cx[b] - cx[a].  Expanding the sample covariance / correlation by
        # substituting mean = sx/n yields the "computational formula":
        #
        #   cov(x,y)  = (Σxy  -  Σx·Σy / n) / (n - 1)
        #   var(x)    = (Σx²  -  (Σx)² / n) / (n - 1)
        #   corr(x,y) = cov(x,y) / sqrt(var(x) · var(y))
        #
        # where every Σ is evaluated over the window with a single subtraction
        # on the precomputed prefix arrays.  This avoids iterating over each
        # window individually.  Numerical precision is adequate here because
        # the EEG signals are bandpass-filtered (zero-mean), so the
        # cancellation term sx·sy/n is negligible.
        cx = np.zeros(n + 1)
        cx[1:] = np.cumsum(x)
        cy = np.zeros(n + 1)
        cy[1:] = np.cumsum(y)
        cxy = np.zeros(n + 1)
        cxy[1:] = np.cumsum(x * y)
        sx = cx[end] - cx[beg]
        sy = cy[end] - cy[beg]
        sxy = cxy[end] - cxy[beg]
        valid = win_sz >= 2
        if method == "covar":
            with np.errstate(invalid="ignore", divide="ignore"):
                out = np.where(valid, (sxy - sx * sy / win_sz) / (win_sz - 1), np.nan)
        else:  # corr
            cx2 = np.zeros(n + 1)
            cx2[1:] = np.cumsum(x**2)
            cy2 = np.zeros(n + 1)
            cy2[1:] = np.cumsum(y**2)
            sx2 = cx2[end] - cx2[beg]
            sy2 = cy2[end] - cy2[beg]
            with np.errstate(invalid="ignore", divide="ignore"):
                num = sxy - sx * sy / win_sz
                # Clip variance terms to 0 to guard against small negative values from floating-point error
                vx = np.clip(sx2 - sx**2 / win_sz, 0, None)
                vy = np.clip(sy2 - sy**2 / win_sz, 0, None)
                den = np.sqrt(vx * vy)
                out = np.where(valid & (den != 0.0), num / den, np.nan)

    elif method in ("min", "max", "ptp", "prop_above_zero"):
        # Group windows by their actual sample count (end - beg).  When
        # window * sf is not an integer, neighbouring windows alternate
        # between floor and ceil sizes, giving at most ~2 distinct values for
        # interior windows plus a handful of smaller edge windows.  For each
        # group, build a zero-copy (n_wins, wsz) view with as_strided, then
        # fancy-index to pick the correct rows and reduce along axis=1.
        # This is exact (no ±1 sample approximation) and avoids any Python loop.
        win_sz_int = (end - beg).astype(int)
        out[:] = np.nan  # default; overwritten for wsz >= 1 below
        for wsz in np.unique(win_sz_int):
            if wsz == 0:
                continue  # leave out[mask] = np.nan
            mask = win_sz_int == wsz
            # as_strided view: row i is x[i : i+wsz], shape (n-wsz+1, wsz).
            # beg[mask] + wsz == end[mask] <= n-1, so all row indices are valid.
            all_wins = as_strided(
                x,
                shape=(n - wsz + 1, wsz),
                strides=(x.strides[0], x.strides[0]),
            )
            wins = all_wins[beg[mask]]  # copy of selected rows, shape (k, wsz)
            if method == "min":
                out[mask] = wins.min(axis=1)
            elif method == "max":
                out[mask] = wins.max(axis=1)
            elif method == "ptp":
                out[mask] = wins.max(axis=1) - wins.min(axis=1)
            else:  # prop_above_zero
                out[mask] = (wins >= 0).sum(axis=1) / wsz

    elif method == "slope":
        for i in range(idx.size):
            seg = x[beg[i] : end[i]]
            m = seg.size
            if m < 2:
                out[i] = np.nan
                continue
            times = np.arange(m, dtype=np.float64) / sf
            sx = times.sum()
            sy = seg.sum()
            sxy = np.dot(times, seg)
            sx2 = np.dot(times, times)
            den = m * sx2 - sx * sx
            out[i] = (m * sxy - sx * sy) / den if den != 0 else np.nan

    # Finally interpolate
    if interp and step != 1 / sf:
        f = interp1d(t, out, kind="linear", bounds_error=False, fill_value=0, assume_sorted=True)
        t = np.arange(n) / sf
        out = f(t)

    return t, out

def _zerocrossings(x):
    pos = x > 0
    npos = ~pos
    return ((pos[:-1] & npos[1:]) | (npos[:-1] & pos[1:])).nonzero()[0]

def trimbothstd(x, cut=0.10):
    x = np.asarray(x)
    n = x.shape[-1]
    lowercut = int(cut * n)
    uppercut = n - lowercut
    atmp = np.partition(x, (lowercut, uppercut - 1), axis=-1)
    sl = slice(lowercut, uppercut)
    return np.nanstd(atmp[..., sl], ddof=1, axis=-1)

def sliding_window(data, sf, window, step=None, axis=-1):
    assert axis <= data.ndim, "Axis value out of range."
    assert isinstance(sf, (int, float)), "sf must be int or float"
    assert isinstance(window, (int, float)), "window must be int or float"
    assert isinstance(step, (int, float, type(None))), "step must be int, float or None."
    if isinstance(sf, float):
        assert sf.is_integer(), "sf must be a whole number."
        sf = int(sf)
    assert isinstance(axis, int), "axis must be int."

    # window and step in samples instead of points
    window *= sf
    step = window if step is None else step * sf

    if isinstance(window, float):
        assert window.is_integer(), "window * sf must be a whole number."
        window = int(window)

    if isinstance(step, float):
        assert step.is_integer(), "step * sf must be a whole number."
        step = int(step)

    assert step >= 1, "Stepsize may not be zero or negative."
    assert window < data.shape[axis], "Sliding window size may not exceed size of selected axis"

    # Define output shape
    shape = list(data.shape)
    shape[axis] = np.floor(data.shape[axis] / step - window / step + 1).astype(int)
    shape.append(window)

    # Calculate strides and time vector
    strides = list(data.strides)
    strides[axis] *= step
    strides.append(data.strides[axis])
    strided = as_strided(data, shape=shape, strides=strides)
    t = np.arange(strided.shape[-2]) * (step / sf)

    # Swap axis: n_epochs, ..., n_samples
    if strided.ndim > 2:
        strided = np.rollaxis(strided, -2, 0)
    return t, strided

def get_centered_indices(data, idx, npts_before, npts_after):
    # Safety check
    assert isinstance(npts_before, (int, float))
    assert isinstance(npts_after, (int, float))
    assert float(npts_before).is_integer()
    assert float(npts_after).is_integer()
    npts_before = int(npts_before)
    npts_after = int(npts_after)
    data = np.asarray(data)
    idx = np.asarray(idx, dtype="int")
    assert idx.ndim == 1, "idx must be 1D."
    assert data.ndim == 1, "data must be 1D."

    def rng(x):
        return np.arange(x[0] - npts_before, x[0] + npts_after + 1, dtype="int")

    idx_ep = np.apply_along_axis(rng, 1, idx[..., np.newaxis])
    # We drop the events for which the indices exceed data
    idx_ep = np.ma.mask_rows(np.ma.masked_outside(idx_ep, 0, data.shape[0]))
    # Indices of non-masked (valid) epochs in idx
    idx_ep_nomask = np.unique(idx_ep.nonzero()[0])
    idx_ep = np.ma.compress_rows(idx_ep)
    return idx_ep, idx_ep_nomask

def _norm_direct_pac(pha, amp, p=0.05):
    n_times = amp.shape[-1]
    amp = np.subtract(amp, np.mean(amp, axis=-1, keepdims=True))
    amp = np.divide(amp, np.std(amp, ddof=1, axis=-1, keepdims=True))
    pac = np.abs(np.einsum("i...j, k...j->ik...", amp, np.exp(1j * pha)))
    if p == 1.0 or p is None:
        return pac / n_times
    s = pac**2
    pac /= n_times
    xlim = n_times * erfinv(1 - p) ** 2
    pac[s <= 2 * xlim] = 0.0
    return pac

# --- src/yasa/spectral.py ---
def bandpower_from_psd_ndarray(
    psd,
    freqs,
    bands=[
        (0.5, 4, "Delta"),
        (4, 8, "Theta"),
        (8, 12, "Alpha"),
        (12, 16, "Sigma"),
        (16, 30, "Beta"),
        (30, 40, "Gamma"),
    ],
    relative=True,
):
    # Type checks
    assert isinstance(bands, list), "bands must be a list of tuple(s)"
    assert isinstance(relative, bool), "relative must be a boolean"

    # Safety checks
    freqs = np.asarray(freqs)
    psd = np.asarray(psd)
    assert freqs.ndim == 1, "freqs must be a 1-D array of shape (n_freqs,)"
    assert psd.shape[-1] == freqs.shape[-1], "n_freqs must be last axis of psd"

    # Extract frequencies of interest
    all_freqs = np.hstack([[b[0], b[1]] for b in bands])
    fmin, fmax = min(all_freqs), max(all_freqs)
    idx_good_freq = np.logical_and(freqs >= fmin, freqs <= fmax)
    freqs = freqs[idx_good_freq]
    res = freqs[1] - freqs[0]

    # Trim PSD to frequencies of interest
    psd = psd[..., idx_good_freq]

    # Check if there are negative values in PSD
    if (psd < 0).any():
        msg = (
            "There are negative values in PSD. This will result in incorrect "
            "bandpower values. We highly recommend working with an "
            "all-positive PSD. For more details, please refer to: "
            "https://github.com/raphaelvallat/yasa/issues/29"
        )
        logger.warning(msg)

    # Calculate total power
    total_power = simpson(psd, dx=res, axis=-1)
    total_power = total_power[np.newaxis, ...]

    # Initialize empty array
    bp = np.zeros((len(bands), *psd.shape[:-1]), dtype=np.float64)

    # Enumerate over the frequency bands
    labels = []
    for i, band in enumerate(bands):
        b0, b1, la = band
        labels.append(la)
        idx_band = np.logical_and(freqs >= b0, freqs <= b1)
        bp[i] = simpson(psd[..., idx_band], dx=res, axis=-1)

    if relative:
        bp /= total_power
    return bp

# --- src/yasa/sleepstats.py ---
def sleep_statistics(hypno, sf_hyp):
    # warnings.warn(
    #     "The `yasa.sleep_statistics` function is deprecated and will be removed in v0.8. "
    #     "Please use the `yasa.Hypnogram.sleep_statistics` method instead.",
    #     FutureWarning,
    # )
    stats = {}
    hypno = np.asarray(hypno)
    assert hypno.ndim == 1, "hypno must have only one dimension."
    assert hypno.size > 1, "hypno must have at least two elements."

    # TIB, first and last sleep
    stats["TIB"] = len(hypno)
    first_sleep = np.where(hypno > 0)[0][0]
    last_sleep = np.where(hypno > 0)[0][-1]

    # Crop to SPT
    hypno_s = hypno[first_sleep : (last_sleep + 1)]
    stats["SPT"] = hypno_s.size
    stats["WASO"] = hypno_s[hypno_s == 0].size
    # Before YASA v0.5.0, TST was calculated as SPT - WASO, meaning that Art
    # and Unscored epochs were included. TST is now restrained to sleep stages.
    stats["TST"] = hypno_s[hypno_s > 0].size

    # Duration of each sleep stages
    stats["N1"] = hypno[hypno == 1].size
    stats["N2"] = hypno[hypno == 2].size
    stats["N3"] = hypno[hypno == 3].size
    stats["REM"] = hypno[hypno == 4].size
    stats["NREM"] = stats["N1"] + stats["N2"] + stats["N3"]

    # Sleep stage latencies -- only relevant if hypno is cropped to TIB
    stats["SOL"] = first_sleep
    stats["Lat_N1"] = np.where(hypno == 1)[0].min() if 1 in hypno else np.nan
    stats["Lat_N2"] = np.where(hypno == 2)[0].min() if 2 in hypno else np.nan
    stats["Lat_N3"] = np.where(hypno == 3)[0].min() if 3 in hypno else np.nan
    stats["Lat_REM"] = np.where(hypno == 4)[0].min() if 4 in hypno else np.nan

    # Convert to minutes
    for key, value in stats.items():
        stats[key] = value / (60 * sf_hyp)

    # Percentage
    stats["%N1"] = 100 * stats["N1"] / stats["TST"]
    stats["%N2"] = 100 * stats["N2"] / stats["TST"]
    stats["%N3"] = 100 * stats["N3"] / stats["TST"]
    stats["%REM"] = 100 * stats["REM"] / stats["TST"]
    stats["%NREM"] = 100 * stats["NREM"] / stats["TST"]
    stats["SE"] = 100 * stats["TST"] / stats["TIB"]
    stats["SME"] = 100 * stats["TST"] / stats["SPT"]
    return stats

# --- src/yasa/hypno.py ---
def hypno_upsample_to_sf(hypno, sf_hypno, sf_data):
    # warnings.warn(
    #     "The `yasa.hypno_upsample_to_sf` function is deprecated and will be removed in v0.8. "
    #     "Please use the `yasa.Hypnogram.upsample` method instead.",
    #     FutureWarning,
    # )
    repeats = sf_data / sf_hypno
    assert sf_hypno <= sf_data, "sf_hypno must be less than sf_data."
    assert repeats.is_integer(), "sf_hypno / sf_data must be a whole number."
    assert isinstance(hypno, (list, np.ndarray, pd.Series))
    return np.repeat(np.asarray(hypno), repeats)

def hypno_fit_to_data(hypno, data, sf=None):
    # Check if data is an MNE raw object
    if isinstance(data, mne.io.BaseRaw):
        sf = data.info["sfreq"]
        data = data.times  # 1D array and does not require to preload data
    data = np.asarray(data)
    hypno = np.asarray(hypno)
    assert hypno.ndim == 1, "Hypno must be 1D."
    npts_hyp = hypno.size
    npts_data = max(data.shape)  # Support for 2D data
    if npts_hyp < npts_data:
        # Hypnogram is shorter than data: trailing samples are Unscored (UNS = -2)
        npts_diff = npts_data - npts_hyp
        if sf is not None:
            dur_diff = npts_diff / sf
            logger.warning(
                "Hypnogram is SHORTER than data by %.2f seconds. "
                "Padding hypnogram with Unscored (UNS) to match data.size." % dur_diff
            )
        else:
            logger.warning(
                "Hypnogram is SHORTER than data by %i samples. "
                "Padding hypnogram with Unscored (UNS) to match data.size." % npts_diff
            )
        hypno = np.pad(hypno, (0, npts_diff), mode="constant", constant_values=np.int16(-2))
    elif npts_hyp > npts_data:
        # Hypnogram is longer than data
        npts_diff = npts_hyp - npts_data
        if sf is not None:
            dur_diff = npts_diff / sf
            logger.warning(
                "Hypnogram is LONGER than data by %.2f seconds. "
                "Cropping hypnogram to match data.size." % dur_diff
            )
        else:
            logger.warning(
                "Hypnogram is LONGER than data by %i samples. "
                "Cropping hypnogram to match data.size." % npts_diff
            )
        hypno = hypno[0:npts_data]
    return hypno

def hypno_upsample_to_data(hypno, sf_hypno, data, sf_data=None, verbose=True):
    # NOTE: FutureWarning not added here otherwise it would also be shown when calling
    # yasa.Hypnogram.upsample_to_data.
    set_log_level(verbose)
    if isinstance(data, mne.io.BaseRaw):
        sf_data = data.info["sfreq"]
        data = data.times
    hypno_up = hypno_upsample_to_sf(hypno=hypno, sf_hypno=sf_hypno, sf_data=sf_data)
    return hypno_fit_to_data(hypno=hypno_up, data=data, sf=sf_data)

# --- src/yasa/detection.py ---
def compare_detection(indices_detection, indices_groundtruth, max_distance=0):
    # Safety check
    assert all([float(i).is_integer() for i in indices_detection])  # all([]) == True
    assert all([float(i).is_integer() for i in indices_groundtruth])
    indices_detection = np.array(indices_detection, dtype=int)  # Force copy
    indices_groundtruth = np.array(indices_groundtruth, dtype=int)
    assert indices_detection.ndim == 1, "detection indices must be a 1D list or array."
    assert indices_groundtruth.ndim == 1, "groundtruth indices must be a 1D list or array."
    assert max_distance >= 0, "max_distance must be 0 or a positive integer."
    assert isinstance(max_distance, int), "max_distance must be 0 or a positive integer."

    # Handle cases where indices_detection or indices_groundtruth is empty
    if indices_detection.size == 0:
        results = dict(
            tp=np.array([], dtype=int),
            fp=np.array([], dtype=int),
            fn=indices_groundtruth.copy(),
            precision=0,
            recall=0,
            f1=0,
        )
        return results

    if indices_groundtruth.size == 0:
        results = dict(
            tp=np.array([], dtype=int),
            fp=indices_detection.copy(),
            fn=np.array([], dtype=int),
            precision=0,
            recall=0,
            f1=0,
        )
        return results

    # Create boolean masks
    max_len = max(max(indices_detection), max(indices_groundtruth)) + 1
    detection_mask = np.zeros(max_len, dtype=bool)
    detection_mask[indices_detection] = 1
    true_mask = np.zeros(max_len, dtype=bool)
    true_mask[indices_groundtruth] = 1

    # Create smoothed masks
    fuzzy_filter = np.ones(max_distance * 2 + 1, dtype=bool)
    if len(fuzzy_filter) >= max_len:
        raise ValueError(
            f"The convolution window is larger than the signal. `max_distance` should be between "
            f"0 and {int(max_len / 2 - 1)} samples."
        )
    detection_mask_fuzzy = np.convolve(detection_mask, fuzzy_filter, mode="same")
    true_mask_fuzzy = np.convolve(true_mask, fuzzy_filter, mode="same")

    # Confusion matrix and performance metrics
    results = {}
    results["tp"] = np.where(detection_mask & true_mask_fuzzy)[0]
    results["fp"] = np.where(detection_mask & ~true_mask_fuzzy)[0]
    results["fn"] = np.where(~detection_mask_fuzzy & true_mask)[0]

    n_tp, n_fp, n_fn = len(results["tp"]), len(results["fp"]), len(results["fn"])
    results["precision"] = n_tp / (n_tp + n_fp)
    results["recall"] = n_tp / (n_tp + n_fn)
    results["f1"] = n_tp / (n_tp + 0.5 * (n_fp + n_fn))
    return results


# --- the cases' wrappers: a keyword setting the source takes, given by a one-line function named after the case ---

def moving_transform_mean(x):
    return moving_transform(x, sf=100, window=0.3, step=0.1, method="mean")


def moving_transform_rms(x):
    return moving_transform(x, sf=100, window=0.3, step=0.1, method="rms")


def moving_transform_min(x):
    return moving_transform(x, sf=100, window=0.3, step=0.1, method="min")


def moving_transform_max(x):
    return moving_transform(x, sf=100, window=0.3, step=0.1, method="max")


def moving_transform_ptp(x):
    return moving_transform(x, sf=100, window=0.3, step=0.1, method="ptp")


def moving_transform_prop_above_zero(x):
    return moving_transform(x, sf=100, window=0.3, step=0.1, method="prop_above_zero")


def moving_transform_slope(x):
    return moving_transform(x, sf=100, window=0.3, step=0.1, method="slope")


def moving_transform_covar(x, y):
    return moving_transform(x, y, sf=100, window=0.3, step=0.1, method="covar")


def moving_transform_corr(x, y):
    return moving_transform(x, y, sf=100, window=0.3, step=0.1, method="corr")


def moving_transform_corr_interp(x, y):
    return moving_transform(x, y, sf=100, window=0.3, step=0.1, method="corr", interp=True)


def moving_transform_mean_every_sample(x):
    return moving_transform(x, sf=100, window=0.05, step=0, method="mean")


def trimbothstd_20(x):
    return trimbothstd(x, cut=0.2)


def sliding_window_1s(data):
    return sliding_window(data, sf=100, window=1)


def sliding_window_overlap(data):
    return sliding_window(data, sf=100.0, window=2, step=0.5)


def get_centered_indices_3_2(data, idx):
    return get_centered_indices(data, idx, 3, 2)


def norm_direct_pac_no_threshold(pha, amp):
    return _norm_direct_pac(pha, amp, p=1.0)


def bandpower_from_psd_ndarray_absolute(psd, freqs):
    return bandpower_from_psd_ndarray(psd, freqs, relative=False)


def sleep_statistics_30s(hypno):
    return sleep_statistics(hypno, 1 / 30)


def hypno_upsample_to_sf_30s_100hz(hypno):
    return hypno_upsample_to_sf(hypno, 1 / 30, 100)


def hypno_fit_to_data_100hz(hypno, data):
    return hypno_fit_to_data(hypno, data, sf=100)


def hypno_upsample_to_data_quiet(hypno, data):
    return hypno_upsample_to_data(hypno, 1 / 30, data, sf_data=100, verbose=False)


def compare_detection_2(indices_detection, indices_groundtruth):
    return compare_detection(indices_detection, indices_groundtruth, max_distance=2)


_O, _SP, _SS, _H, _D = "others.py", "spectral.py", "sleepstats.py", "hypno.py", "detection.py"


def _eeg(rng, n=300, sf=100.0):
    # a few seconds of EEG-like signal: a spindle-like 13 Hz burst and slow oscillation plus noise, in microvolts
    t = np.arange(n) / sf
    return (40 * np.sin(2 * np.pi * 0.8 * t) + 15 * np.sin(2 * np.pi * 13 * t) * np.exp(-((t - t.mean()) ** 2))
            + rng.normal(scale=5.0, size=n))


def _events(rng):
    # sorted sample indices of supra-threshold events: four runs, the first two 3 samples apart
    start = int(rng.integers(0, 5))
    return start + np.concatenate([np.arange(10, 20), np.arange(22, 31), np.arange(60, 71), np.arange(100, 105)])


def _psd(rng, n_freqs=201):
    freqs = np.arange(n_freqs) * 0.25
    psd = 1.0 / (1.0 + freqs) ** 1.5 + 0.2 * np.exp(-((freqs - 10.0) ** 2) / 2.0)
    return psd * rng.uniform(0.9, 1.1, size=n_freqs), freqs


def _hypnogram(rng, rem=True):
    # 30-s epochs: wake, N1, N2, N3, N2, REM, a wake bout, N2, REM, wake (a few epochs change with the rng)
    runs = [(0, 6), (1, 4), (2, 20), (3, 15), (2, 10), (4 if rem else 2, 12), (0, 3), (2, 18), (4 if rem else 1, 10),
            (0, 6)]
    hyp = np.concatenate([np.full(k, s) for s, k in runs])
    flip = rng.integers(30, 90, size=3)
    hyp[flip] = 2
    return hyp


def _detections(rng):
    ground = np.array([5, 12, 18, 26, 34, 41, 55, 63, 68]) + 100 * np.arange(9)
    detected = ground[[0, 1, 2, 4, 5, 7]] + np.array([0, 0, 2, 0, -1, 0])
    return detected + int(rng.integers(0, 3)), ground


CASES = [
    # others.py
    case(_merge_close, lambda rng: (_events(rng), 100, 100.0), YA(_O, "_merge_close", "min_distance_ms=100, sf=100")),
    case(_merge_close, lambda rng: (_events(rng), 10, 100.0), YA(_O, "_merge_close", "min_distance_ms=10: nothing to merge"),
         name="yasa._merge_close_none"),
    case(_index_to_events, lambda rng: (np.array([[5, 9], [20, 25], [40, 41]]) + int(rng.integers(0, 5)),),
         YA(_O, "_index_to_events")),
    case(moving_transform_mean, lambda rng: (_eeg(rng),), YA(_O, "moving_transform", "method='mean'")),
    case(moving_transform_rms, lambda rng: (_eeg(rng),), YA(_O, "moving_transform", "method='rms'")),
    case(moving_transform_min, lambda rng: (_eeg(rng),), YA(_O, "moving_transform", "method='min'")),
    case(moving_transform_max, lambda rng: (_eeg(rng),), YA(_O, "moving_transform", "method='max'")),
    case(moving_transform_ptp, lambda rng: (_eeg(rng),), YA(_O, "moving_transform", "method='ptp'")),
    case(moving_transform_prop_above_zero, lambda rng: (_eeg(rng),), YA(_O, "moving_transform", "method='prop_above_zero'")),
    case(moving_transform_slope, lambda rng: (_eeg(rng),), YA(_O, "moving_transform", "method='slope'")),
    case(moving_transform_covar, lambda rng: (_eeg(rng), _eeg(rng)), YA(_O, "moving_transform", "method='covar'")),
    case(moving_transform_corr, lambda rng: (_eeg(rng), _eeg(rng)), YA(_O, "moving_transform", "method='corr'")),
    case(moving_transform_mean, lambda rng: (np.where(np.arange(300) == 150, np.nan, _eeg(rng)),),
         YA(_O, "moving_transform", "method='mean', one NaN sample"), name="yasa.moving_transform_mean_nan"),
    case(moving_transform_rms, lambda rng: (_eeg(rng, 20),), YA(_O, "moving_transform", "method='rms', 20 samples: every window clipped"),
         name="yasa.moving_transform_rms_short"),
    case(moving_transform_corr, lambda rng: (_eeg(rng), np.ones(300)), YA(_O, "moving_transform", "method='corr', y constant: den == 0"),
         name="yasa.moving_transform_corr_constant"),
    case(moving_transform_corr_interp, lambda rng: (_eeg(rng), _eeg(rng)),
         YA(_O, "moving_transform", "method='corr', interp=True: scipy's interp1d")),
    case(moving_transform_mean_every_sample, lambda rng: (_eeg(rng, 200),),
         YA(_O, "moving_transform", "method='mean', window=0.05, step=0: one window per sample")),
    case(_zerocrossings, lambda rng: (rng.normal(size=200),), YA(_O, "_zerocrossings")),
    case(_zerocrossings, lambda rng: (rng.uniform(1.0, 2.0, size=50),), YA(_O, "_zerocrossings", "all positive: none"),
         name="yasa._zerocrossings_none"),
    case(_zerocrossings, lambda rng: (np.array([1.0, 0.0, -1.0, 0.0, 0.0, 2.0, rng.uniform(-1, 1)]),), YA(_O, "_zerocrossings", "exact zeros"),
         name="yasa._zerocrossings_zeros"),
    case(_zerocrossings, lambda rng: (rng.normal(size=1),), YA(_O, "_zerocrossings", "one sample"), name="yasa._zerocrossings_one"),
    case(trimbothstd, lambda rng: (rng.normal(size=100),), YA(_O, "trimbothstd")),
    case(trimbothstd_20, lambda rng: (rng.normal(size=(4, 60)),), YA(_O, "trimbothstd", "2-D, cut=0.2")),
    case(trimbothstd, lambda rng: (np.where(np.arange(50) == 7, np.nan, rng.normal(size=50)),),
         YA(_O, "trimbothstd", "one NaN"), name="yasa.trimbothstd_nan"),
    case(trimbothstd, lambda rng: (rng.normal(size=3),), YA(_O, "trimbothstd", "3 values: nothing cut"), name="yasa.trimbothstd_three"),
    case(sliding_window_1s, lambda rng: (rng.normal(size=450),), YA(_O, "sliding_window", "sf=100, window=1")),
    case(sliding_window_overlap, lambda rng: (rng.normal(size=500),), YA(_O, "sliding_window", "sf=100.0, window=2, step=0.5")),
    case(sliding_window_1s, lambda rng: (rng.normal(size=(4, 300)),), YA(_O, "sliding_window", "2-D: np.rollaxis"),
         name="yasa.sliding_window_1s_channels"),
    case(get_centered_indices_3_2, lambda rng: (rng.normal(size=100), np.array([1.0, 10.0, 20.0, 30.0, 50.0, 102.0])),
         YA(_O, "get_centered_indices", "npts_before=3, npts_after=2; the first and last events out of bounds")),
    case(_norm_direct_pac, lambda rng: (rng.uniform(-np.pi, np.pi, size=(2, 400)), rng.uniform(0.5, 2.0, size=(3, 400))),
         YA(_O, "_norm_direct_pac", "p=0.05")),
    case(norm_direct_pac_no_threshold, lambda rng: (rng.uniform(-np.pi, np.pi, size=(2, 400)), rng.uniform(0.5, 2.0, size=(3, 400))),
         YA(_O, "_norm_direct_pac", "p=1.0: the early return")),
    case(_norm_direct_pac, lambda rng: (rng.uniform(-np.pi, np.pi, size=(2, 400)), np.vstack([np.ones(400), rng.uniform(0.5, 2.0, size=400)])),
         YA(_O, "_norm_direct_pac", "one constant amplitude: 0 / 0"), name="yasa._norm_direct_pac_constant_amplitude"),
    # spectral.py
    case(bandpower_from_psd_ndarray, lambda rng: _psd(rng), YA(_SP, "bandpower_from_psd_ndarray")),
    case(bandpower_from_psd_ndarray_absolute, lambda rng: (np.stack([_psd(rng)[0] for _ in range(3)]), _psd(rng)[1]),
         YA(_SP, "bandpower_from_psd_ndarray", "3 channels, relative=False")),
    case(bandpower_from_psd_ndarray, lambda rng: (_psd(rng)[0] - 0.05, _psd(rng)[1]),
         YA(_SP, "bandpower_from_psd_ndarray", "negative values: the logger's warning"), name="yasa.bandpower_from_psd_ndarray_negative"),
    # sleepstats.py
    case(sleep_statistics_30s, lambda rng: (_hypnogram(rng),), YA(_SS, "sleep_statistics", "sf_hyp=1/30")),
    case(sleep_statistics_30s, lambda rng: (_hypnogram(rng, rem=False),), YA(_SS, "sleep_statistics", "no REM: 4 in hypno is False"),
         name="yasa.sleep_statistics_30s_no_rem"),
    # hypno.py
    case(hypno_upsample_to_sf_30s_100hz, lambda rng: (_hypnogram(rng)[:20],), YA(_H, "hypno_upsample_to_sf", "sf_hypno=1/30, sf_data=100")),
    case(hypno_fit_to_data_100hz, lambda rng: (_hypnogram(rng), rng.normal(size=(2, 100))),
         YA(_H, "hypno_fit_to_data", "sf=100; the hypnogram is longer: cropped")),
    case(hypno_fit_to_data, lambda rng: (_hypnogram(rng), rng.normal(size=130)),
         YA(_H, "hypno_fit_to_data", "sf=None; the hypnogram is shorter: padded with -2")),
    case(hypno_fit_to_data, lambda rng: (_hypnogram(rng), rng.normal(size=104)),
         YA(_H, "hypno_fit_to_data", "the same length"), name="yasa.hypno_fit_to_data_same_length"),
    case(hypno_fit_to_data, lambda rng: (np.array([2]), rng.normal(size=5)), YA(_H, "hypno_fit_to_data", "a one-epoch hypnogram"),
         name="yasa.hypno_fit_to_data_one_epoch"),
    case(hypno_upsample_to_data_quiet, lambda rng: (_hypnogram(rng)[:8], rng.normal(size=(2, 23900))),
         YA(_H, "hypno_upsample_to_data", "sf_hypno=1/30, sf_data=100, verbose=False")),
    # detection.py
    case(compare_detection, lambda rng: _detections(rng), YA(_D, "compare_detection")),
    case(compare_detection_2, lambda rng: _detections(rng), YA(_D, "compare_detection", "max_distance=2")),
    case(compare_detection, lambda rng: (np.zeros(0, dtype=int), _detections(rng)[1]),
         YA(_D, "compare_detection", "no detection: the early return"), name="yasa.compare_detection_empty_detection"),
    case(compare_detection, lambda rng: (_detections(rng)[0], np.zeros(0, dtype=int)),
         YA(_D, "compare_detection", "no ground truth: the early return"), name="yasa.compare_detection_empty_groundtruth"),
]
