"""NeuroDSP's neural time-series tools in NumPy and SciPy: the checks of ``utils/checks.py`` (``param not in
options`` on strings, ``str.format`` of bounds, ``itertools.repeat`` or ``iter`` of a number of cycles), the helpers
of ``utils/`` (a dict-free ``if`` / ``elif`` chain returning ``np.mean`` / ``np.median`` / ``np.sum``; ``if not
array.any()`` before a variance normalisation; ``split_signal``'s ``np.reshape`` by ``int(np.floor(...))``;
``remove_nans`` / ``restore_nans`` by boolean masks and ``np.where``; ``discard_outliers``' list comprehension of
``argsort`` selections over a 3-D array), the ``multidim`` decorator that the package puts on its per-signal functions
(a closure with ``if sig.ndim == 1`` / ``elif`` / ``else``, a list comprehension over rows, ``isinstance(outs[0],
tuple)``, ``np.stack`` of each output, a reshape back and a squeeze of a last axis of 1, a recursive call of the
wrapper), the filter-response helpers (``scipy.signal.freqz`` / ``sosfreqz`` chosen by ``ndim``, ``np.diff`` of a
``logical_and`` and ``np.max`` of a list comprehension over ``zip``, NaN writes at both edges), the spectral helpers
(masked trims of a spectrum or spectrogram by ``f_range`` / ``t_range`` given or ``None``; ``window_pad``'s recursive
2-D case writing rows of an array it creates on the first one, a ``for`` with ``break`` on a short last window,
``np.pad`` and ``scipy.fft.next_fast_len``; band powers by a function returned from ``get_avg_func``), Hilbert
amplitude / phase / frequency (``scipy.signal.hilbert`` between ``remove_nans`` and ``restore_nans``, ``np.unwrap``,
``np.insert``), aperiodic conversions (``if exponent == 0`` on a number, ``check_param_range`` raising),
autocorrelation (``np.correlate(..., "full")``, slicing by ``len``, ``np.argmax`` of a threshold mask under ``if
np.any(...)``, ``scipy.optimize.curve_fit`` of a function looked up in a dict), detrended fluctuation and rescaled
range (``np.logspace``, a loop over window lengths with an ``if`` / ``elif`` on the method, ``np.polyfit(...,
full=True)`` of a 2-D right-hand side, ``np.ptp``), burst statistics (``nonzero`` of ``np.diff``, ``np.r_`` under
``if bursting[0]``, a dict of results), the dual-threshold burst detector (a write ``sig[[0, -1]] = 0`` into the
argument, loops over the indices above threshold with ``while j_down_done is False`` walks left and right, then
``_rmv_short_periods``' ``np.insert`` / ``np.append`` under ``if`` tests on the first and last crossings and a loop of
slice writes), and lagged coherence (a loop over ``zip`` of frequencies and an iterator of cycles, ``np.fft.fft`` of
Hann-windowed chunks into a complex vector, a running complex sum) (neurodsp-tools/neurodsp, Apache-2.0).

Copied from neurodsp-tools/neurodsp at dfd40f09952e1fbc784949ad9b328758a5ecaaa2 (version 2.4.0-dev; its ``LICENSE``
is the Apache License 2.0): under ``neurodsp/``, ``utils/checks.py``, ``utils/core.py``, ``utils/norm.py``,
``utils/decorators.py``, ``utils/data.py``, ``utils/outliers.py``, ``filt/utils.py``, ``spectral/checks.py``,
``spectral/utils.py``, ``spectral/measures.py``, ``timefrequency/hilbert.py``, ``aperiodic/conversions.py``,
``aperiodic/autocorr.py``, ``aperiodic/dfa.py``, ``burst/utils.py``, ``burst/dualthresh.py`` and ``rhythm/lc.py``,
every function in the files' order (except as below), decorators kept, docstrings dropped, comments kept.

Adapted, beyond that:

* the package's imports between its modules (``from neurodsp.utils.decorators import multidim``, ...) are names of
  this module; the other imports are those of the source modules, gathered here;
* not copied: the filters themselves (``neurodsp.filt.filter_signal`` and the modules behind it), so
  ``timefrequency/hilbert.py``'s functions and the burst detector are called without ``f_range`` (no filtering, a
  path the package supports) and the names ``filter_signal`` and ``infer_passtype`` stay unresolved, as they are
  only looked up under ``if f_range:``; ``filt/utils.py``'s ``infer_passtype`` and ``compute_pass_band`` (they need
  ``filt/checks.py``); ``spectral/utils.py``'s import ``rotate_spectrum as rotate_powerlaw`` (from ``sim/``, unused
  there); ``utils/core.py``'s ``counter`` is kept but is no case (it may return an endless ``itertools.count``);
* a setting the source takes as a keyword (``max_lag=``, ``method=``, ``n_scales=``, ``min_scale=``, ``f_range=``,
  ``t_range=``, ``return_spectrum=``, ``min_burst_duration=``, ``fit_function=``...) is given by a one-line wrapper
  named after the case, so the traced arguments are the arrays.

The inputs: LFP / EEG-like signals at 250-500 Hz of 2-4 s (an alpha rhythm in 1/f-ish noise; bursts of a 10 Hz
rhythm switched on and off), 2-D and 3-D stacks of them for the ``multidim`` paths, power spectra and spectrograms
on frequency grids, boolean burst masks (starting and ending inside a burst, or not), FIR coefficients and
second-order sections for frequency responses; and the edge values: an all-zero signal, NaN at the edges (as filter
edges leave them), a spectrum range outside the grid, and Python numbers where the package takes numbers.
"""

# ruff: noqa: E127, E128, E203, E231, E261, E262, E302, E303, E305, E501, E711, E712, E731, E741, N802, N803, N806, B006, B007, B028, B905, F821, UP030, UP032, UP034
from __future__ import annotations

from collections.abc import Iterable
from functools import wraps
from itertools import count, repeat
from warnings import warn

import numpy as np
from scipy.fft import next_fast_len
from scipy.optimize import curve_fit
from scipy.signal import freqz, hilbert, sosfreqz
from scipy.signal.windows import hann

from tests.coverage.cases import NEURODSP, Source, case


def ND(path: str, original: str, note: str = "") -> Source:
    return Source(NEURODSP, "neurodsp/" + path, original, note)


# --- neurodsp/utils/checks.py ---

def check_param_range(param, label, bounds):

    if (param < bounds[0]) or (param > bounds[1]):
        msg = "The provided value for the {} parameter is out of bounds. ".format(label) + \
        "It should be between {:1.1f} and {:1.1f}.".format(*bounds)
        raise ValueError(msg)

def check_param(param, label, bounds):
    check_param_range(param, label, bounds)

def check_param_options(param, label, options):

    if param not in options:
        msg = "The provided value for the {} parameter is invalid. ".format(label) + \
        "It should be chosen from {{{}}}.".format(str(options)[1:-1])
        raise ValueError(msg)

def check_n_cycles(n_cycles, len_cycles=None):

    if isinstance(n_cycles, (int, float, np.number)):

        if n_cycles <= 0:
            raise ValueError('Number of cycles must be a positive number.')

        n_cycles = repeat(n_cycles)

    elif isinstance(n_cycles, (tuple, list, np.ndarray)):

        for cycle in n_cycles:
            if cycle <= 0:
                raise ValueError('Each number of cycles must be a positive number.')

        if len_cycles and len(n_cycles) != len_cycles:
            raise ValueError('The length of number of cycles does not match other inputs.')

        n_cycles = iter(n_cycles)

    return n_cycles


# --- neurodsp/utils/core.py ---

def get_avg_func(avg_type):

    check_param_options(avg_type, 'avg_type', ['mean', 'median', 'sum'])

    if avg_type == 'mean':
        func = np.mean
    elif avg_type == 'median':
        func = np.median
    elif avg_type == 'sum':
        func = np.sum

    return func

def counter(value):

    return range(value) if value else count()

def listify(arg):

    # Embed all non-iterable parameters into a list
    #   Note: deal with str as a special case of iterable that we want to embed
    if not isinstance(arg, Iterable) or isinstance(arg, (str, dict)):
        out = [arg]
    # Deal with special case of multi dimensional numpy arrays - want to embed without flattening
    elif isinstance(arg, np.ndarray) and np.ndim(arg) > 1:
        out = [arg]
    # If is iterable (e.g. tuple or numpy array), typecast to list
    else:
        out = list(arg)

    return out


# --- neurodsp/utils/norm.py ---

def normalize_sig(sig, mean=None, variance=None):

    # Apply variance & mean transformations
    if variance is not None:
        sig = normalize_variance(sig, variance=variance)
    if mean is not None:
        sig = demean(sig, mean=mean)

    return sig

def demean(array, mean=0.):

    return array - array.mean() + mean

def normalize_variance(array, variance=1.):

    # If array is all zero, set to return the same array (can't update variance of 0)
    if not array.any():
        out = array

    else:
        out = array / array.std() * np.sqrt(variance)

    return out


# --- neurodsp/utils/decorators.py ---

def normalize(func, **kwargs):

    @wraps(func)
    def decorated(*args, **kwargs):

        # Grab variance & mean as possible kwargs, with default values if not
        mean = kwargs.pop('mean', 0.)
        variance = kwargs.pop('variance', 1.)

        # Call sim function, and unpack to get sig variable, if there are multiple returns
        out = func(*args, **kwargs)
        sig = out[0] if isinstance(out, tuple) else out

        # Skip normalization if scale or shift is passed
        if 'scale' in kwargs.keys() or 'shift' in kwargs.keys():
            return sig

        # Normalize signal, applying mean and variance transformations
        sig = normalize_sig(sig, mean, variance)

        # Return sig & other outputs, if there were any, or just sig otherwise
        return (sig, out[1:]) if isinstance(out, tuple) else sig

    return decorated

def multidim(select=[], pass_2d_input=False):

    def decorator(func, *args, **kwargs):

        @wraps(func)
        def wrapper(sig, *args, **kwargs):

            if sig.ndim == 1:
                out = func(sig, *args, **kwargs)
            elif sig.ndim == 2 and not pass_2d_input:

                # Apply func across rows of the input data
                outs = [func(data, *args, **kwargs) for data in sig]

                if isinstance(outs[0], tuple):

                    # Collect associated outputs from each, in case there are multiple outputs
                    out = [np.stack([data[n_out] for data in outs]) \
                        for n_out in range(len(outs[0]))]

                    # Sub-select single instance of collection for requested outputs
                    out = [data[0] if ind in select else data for ind, data in enumerate(out)]

                else:
                    out = np.array(outs)

            else:
                # Reshape to 2d and run func
                shape = sig.shape
                sig_2d = sig.reshape(-1, shape[-1])
                if pass_2d_input:
                    out = func(sig_2d, *args, **kwargs)
                else:
                    out = wrapper(sig_2d, *args, **kwargs)

                # Reshape back to original shape
                if isinstance(out, (tuple, list)):
                    for ind in range(len(out)):
                        if ind not in select:
                            out[ind] = out[ind].reshape((*shape[:-1], -1))
                            if out[ind].shape[-1] == 1:
                                # Last dim is extraneous (e.g. func returns a scalar) so squeeze
                                out[ind] = out[ind].reshape(list(out[ind].shape)[:-1])
                else:
                    out = out.reshape((*shape[:-1], -1))

                    if out.shape[-1] == 1:
                        # Last dim is extraneous (e.g. func returns a scalar) so squeeze
                        out = out.reshape(list(out.shape)[:-1])

            return out

        return wrapper

    return decorator


# --- neurodsp/utils/data.py ---

def create_freqs(freq_start, freq_stop, freq_step=1):

    return np.arange(freq_start, freq_stop + freq_step, freq_step)

def create_times(n_seconds, fs, start_val=0.):

    return np.linspace(start_val, n_seconds+start_val, compute_nsamples(n_seconds, fs)+1)[:-1]

def create_samples(n_samples, start_val=0):

    return np.arange(start_val, n_samples, 1)

def compute_nsamples(n_seconds, fs):

    return int(np.ceil(n_seconds * fs))

def compute_nseconds(sig, fs):

    return len(sig) / fs

def compute_cycle_nseconds(freq, fs=None):

    if fs:
        n_seconds = int(np.ceil(fs / freq)) / fs
    else:
        n_seconds = 1 / freq

    return n_seconds

def split_signal(sig, n_samples):

    n_segments = int(np.floor(len(sig) / float(n_samples)))
    segments = np.reshape(sig[:int(n_segments * n_samples)], (n_segments, int(n_samples)))

    return segments


# --- neurodsp/utils/outliers.py ---

def remove_nans(sig):

    sig_nans = np.isnan(sig)

    if sig.ndim == 1:
        sig_removed = sig[np.where(~sig_nans)]
    elif sig.ndim == 2:
        sig_removed = sig[~sig_nans].reshape(sig_nans.shape[0], sum(~sig_nans[0, :]))
        sig_nans = sig_nans[0, :]
    else:
        raise ValueError('Only 1d or 2d arrays supported.')

    return sig_removed, sig_nans

def restore_nans(sig, sig_nans, dtype=float):

    if sig.ndim == 1:
        sig_restored = np.ones(len(sig_nans), dtype=dtype) * np.nan
        sig_restored[~sig_nans] = sig
    elif sig.ndim == 2:
        sig_restored = np.ones([sig.shape[0], len(sig_nans)], dtype=dtype) * np.nan
        sig_restored[:, np.where(sig_nans == False)[0]] = sig
    else:
        raise ValueError('Only 1d or 2d arrays supported.')

    return sig_restored

def discard_outliers(data, outlier_percent):

    # Get the number of arrays to discard - round up so it doesn't get a zero.
    n_discard = int(np.ceil(data.shape[-1] / 100. * outlier_percent))

    # Check discard settings compared to data size
    if n_discard >= data.shape[-1]:
        raise ValueError('Outlier removal would discard all data. Can not proceed.')

    # Make 2D -> 3D for looping across array
    data = data[np.newaxis, :, :] if data.ndim == 2 else data

    # Select the windows to keep from each 2D component of the input data
    data = [dat[:, np.argsort(np.mean(np.log10(dat), axis=0))[:-n_discard]] for dat in data]

    # Reshape array and squeeze to drop back to 2D if that was original shape
    data = np.squeeze(np.stack(data))

    # Ensure output maintains the correct shape, keeping 2D if ends up as 1D
    if data.ndim == 1:
        data = data[:, np.newaxis]

    return data


# --- neurodsp/filt/utils.py (infer_passtype and compute_pass_band, which need filt/checks.py, left out) ---

def compute_frequency_response(filter_coefs, a_vals, fs):

    if filter_coefs.ndim == 1 and a_vals is not None:
        # Compute response for B & A value filter coefficient inputs
        w_vals, h_vals = freqz(filter_coefs, a_vals, worN=int(fs * 2))
    elif filter_coefs.ndim == 2 and a_vals is None:
        # Compute response for sos filter coefficient inputs
        w_vals, h_vals = sosfreqz(filter_coefs, worN=int(fs * 2))
    else:
        raise ValueError("The organization of the filter coefficient inputs is not understood.")

    f_db = w_vals * fs / (2. * np.pi)
    db = 20 * np.log10(abs(h_vals))

    return f_db, db

def compute_transition_band(f_db, db, low=-20, high=-3):

    # This gets the indices of transitions to the values in searched for range
    inds = np.where(np.diff(np.logical_and(db > low, db < high)))[0]

    if len(inds) == 0:
        raise ValueError("Invalid transition band. Redefine f_range.")
    else:
        # This steps through the indices, in pairs, selecting from the vector to select from
        transition_band = np.max([(b - a) for a, b in zip(f_db[inds[0::2]], f_db[inds[1::2]])])

    return transition_band

def compute_nyquist(fs):

    return fs / 2.

@multidim()
def remove_filter_edges(sig, filt_len):

    n_rmv = int(np.ceil(filt_len / 2))
    sig[:n_rmv] = np.nan
    sig[-n_rmv:] = np.nan

    return sig


# --- neurodsp/spectral/checks.py ---

def check_spg_settings(fs, window, nperseg, noverlap):

    # Set the nperseg, if not provided
    if nperseg is None:

        # If the window is a string or tuple, defaults to 1 second of data
        if isinstance(window, (str, tuple)):
            nperseg = int(fs)
        # If the window is an array, defaults to window length
        else:
            nperseg = len(window)
    else:
        nperseg = int(nperseg)

    if noverlap is not None:
        noverlap = int(noverlap)

    return nperseg, noverlap

def check_mt_settings(n_samples, fs, bandwidth, n_tapers):

    # set bandwidth
    if bandwidth is None:
        bandwidth = 8 * fs / n_samples # MNE default

    # check bandwidth - break if alpha < 1
    alpha = n_samples * bandwidth / (fs * 2)
    if alpha < 1:
        raise ValueError("Bandwidth too narrow for signal length and sampling rate. "
                         "Try increasing bandwidth. n_samples * bandwidth / (fs * 2) must be >1.")

    # compute nw
    nw = bandwidth * n_samples / (fs * 2)

    # compute max number of DPSS tapers
    if n_tapers is None:
        n_tapers = int(2 * nw)

    return nw, n_tapers


# --- neurodsp/spectral/utils.py ---

def trim_spectrum(freqs, power_spectra, f_range):

    # Create mask to index only requested frequencies
    f_mask = np.logical_and(freqs >= f_range[0], freqs <= f_range[1])

    # Restrict freqs & spectrum to requested range
    #   The if/else is to cover both 1d or 2d arrays
    freqs_ext = freqs[f_mask]
    power_spectra_ext = power_spectra[f_mask] if power_spectra.ndim == 1 \
        else power_spectra[:, f_mask]

    return freqs_ext, power_spectra_ext

def trim_spectrogram(freqs, times, spg, f_range=None, t_range=None):

    # Initialize spg_ext, to define for case in which neither f_range nor t_range is defined
    spg_ext = spg

    # Restrict frequency range of the spectrogram
    if f_range is not None:
        f_mask = np.logical_and(freqs >= f_range[0], freqs <= f_range[1])
        freqs_ext = freqs[f_mask]
        spg_ext = spg_ext[f_mask, :]
    else:
        freqs_ext = freqs

    # Restrict time range of the spectrogram
    if t_range is not None:
        times_mask = np.logical_and(times >= t_range[0], times <= t_range[1])
        times_ext = times[times_mask]
        spg_ext = spg_ext[:, times_mask]
    else:
        times_ext = times

    return freqs_ext, times_ext, spg_ext

def window_pad(sig, nperseg, noverlap, npad, fast_len,
               nwindows=None, nsamples=None, pad_left=None, pad_right=None):

    if sig.ndim == 2:
        # Determine the number of samples and padding once,
        #   to prevent redundant computation in the loop
        nwindows = int(np.ceil(len(sig[0])/nperseg))
        if nsamples is None or pad_left is None or pad_right is None:
            nsamples, pad_left, pad_right = _find_pad_size(
                nperseg, npad, fast_len
            )

        # Recursively call window_pad on each signal
        for sind, csig in enumerate(sig):

            _sig_win, _nperseg, _noverlap = window_pad(
                # Required arguments
                csig, nperseg, noverlap, npad, fast_len,
                # Optional arguments to prevent redundant computation
                nwindows, nsamples, pad_left, pad_right,
            )

            if sind == 0:
                # Initialize windowed array
                sig_windowed = np.zeros((len(sig), len(_sig_win)))

            sig_windowed[sind] = _sig_win

        # Update nperseg and noverlap
        nperseg, noverlap = _nperseg, _noverlap

    else:

        # Compute the number of windows, samples, and padding.
        #   Do not recompute if called from the 2d case
        if nwindows is None:
            nwindows = int(np.ceil(len(sig) / nperseg))

        if nsamples is None or pad_left is None or pad_right is None:
            # Skipped if called from the 2d case
            nsamples, pad_left, pad_right = _find_pad_size(
                nperseg, npad, fast_len
            )

        # Window signal
        sig_windowed = np.zeros((nwindows, nsamples))

        for wind in range(nwindows):

            # Signal indices
            start = max(0, (wind * nperseg) - noverlap)
            end = min(len(sig), start + nperseg)

            if end - start != nperseg:
                # Stop if a full window can't be created at end of signal
                break

            # Pad
            sig_windowed[wind] = np.pad(sig[start:end], (pad_left, pad_right))

        # Removed incomplete windows and flatten
        sig_windowed = sig_windowed[:wind].flatten()

        # Update nperseg
        nperseg += (pad_left + pad_right)

        # Overlap is zero since overlapping segments was applied prior to padding each window
        noverlap = 0

    return sig_windowed, nperseg, noverlap

def _find_pad_size(nperseg, npad, fast_len):

    nsamples = nperseg + npad

    pad_left = npad // 2
    pad_right = npad - pad_left

    if fast_len:
        # Increase nsamples to the next fastest length and update for zero-padding size
        nsamples = next_fast_len(nsamples)

        # New padding
        npad = nsamples - nperseg
        pad_left = npad // 2
        pad_right = npad - pad_left

    return nsamples, pad_left, pad_right


# --- neurodsp/spectral/measures.py ---

def compute_absolute_power(freqs, powers, band, method='sum'):

    _, band_powers = trim_spectrum(freqs, powers, band)
    abs_power = get_avg_func(method)(band_powers)

    return abs_power

def compute_relative_power(freqs, powers, band, method='sum', norm_range=None):

    band_power = compute_absolute_power(freqs, powers, band, method)

    total_band = [freqs.min(), freqs.max()] if not norm_range else norm_range
    total_power = compute_absolute_power(freqs, powers, total_band, method)

    rel_power = band_power / total_power

    return rel_power

def compute_band_ratio(freqs, powers, low_band, high_band, method='mean'):

    # Compute the power in each band
    low_band_power = compute_absolute_power(freqs, powers, low_band, method)
    high_band_power = compute_absolute_power(freqs, powers, high_band, method)

    # Calculate the ratio between bands
    ratio = low_band_power / high_band_power

    return ratio


# --- neurodsp/timefrequency/hilbert.py ---

def compute_instantaneous_measure(sig, fs, measure, f_range=None,
                                  remove_edges=True, **filter_kwargs):

    check_param_options(measure, 'measure', ['phase', 'amp', 'freq'])

    if measure == 'phase':
        return phase_by_time(sig, fs, f_range, remove_edges, **filter_kwargs)

    elif measure == 'amp':
        return amp_by_time(sig, fs, f_range, remove_edges, **filter_kwargs)

    elif measure == 'freq':
        return freq_by_time(sig, fs, f_range, remove_edges, **filter_kwargs)

@multidim()
def robust_hilbert(sig):

    # Extract the signal that is not nan
    sig_nonan, sig_nans = remove_nans(sig)

    # Compute Hilbert transform of signal without nans
    sig_hilb_nonan = hilbert(sig_nonan)

    # Fill in output hilbert with nans on edges
    sig_hilb = restore_nans(sig_hilb_nonan, sig_nans, dtype=complex)

    return sig_hilb

@multidim()
def phase_by_time(sig, fs, f_range=None, remove_edges=True, **filter_kwargs):

    if f_range:
        sig, filter_kernel = filter_signal(sig, fs, infer_passtype(f_range),
                                           f_range=f_range, remove_edges=False,
                                           return_filter=True, **filter_kwargs)

    pha = np.angle(robust_hilbert(sig))

    if f_range and remove_edges:
        pha = remove_filter_edges(pha, len(filter_kernel))

    return pha

@multidim()
def amp_by_time(sig, fs, f_range=None, remove_edges=True, **filter_kwargs):

    if f_range:
        sig, filter_kernel = filter_signal(sig, fs, infer_passtype(f_range), f_range=f_range,
                                           remove_edges=False, return_filter=True, **filter_kwargs)

    amp = np.abs(robust_hilbert(sig))

    if f_range and remove_edges:
        amp = remove_filter_edges(amp, len(filter_kernel))

    return amp

@multidim()
def freq_by_time(sig, fs, f_range=None, remove_edges=True, **filter_kwargs):

    # Calculate instantaneous phase, from which we can compute instantaneous frequency
    pha = phase_by_time(sig, fs, f_range, remove_edges, **filter_kwargs)

    # If filter edges were removed, temporarily drop nans for subsequent operations
    pha, nans = remove_nans(pha)

    # Differentiate the unwrapped phase, to estimate frequency as the rate of change of phase
    pha_unwrapped = np.unwrap(pha)
    pha_diff = np.diff(pha_unwrapped)

    # Convert differentiated phase to frequency
    i_f = fs * pha_diff / (2 * np.pi)

    # Prepend nan value to re-align with original signal (necessary due to differentiation)
    i_f = np.insert(i_f, 0, np.nan)

    # Restore nans, to re-align signal if filter edges were removed
    i_f = restore_nans(i_f, nans)

    return i_f


# --- neurodsp/aperiodic/conversions.py ---

def convert_exponent_alpha(exponent):

    return (-exponent + 1) / 2.

def convert_alpha_exponent(alpha):

    return -2. * alpha + 1

def convert_exponent_hurst(exponent, fractional_class):

    check_param_options(fractional_class, 'fractional_class', ['gaussian', 'brownian'])

    # Switch sign of exponent (assumed to be negative) for this conversion
    exponent = -exponent

    if fractional_class == 'gaussian':
        hurst = (exponent + 1) / 2.
    elif fractional_class == 'brownian':
        hurst = (exponent - 1) / 2.

    return hurst

def convert_hurst_exponent(hurst, fractional_class):

    check_param_options(fractional_class, 'fractional_class', ['gaussian', 'brownian'])

    if fractional_class == 'gaussian':
        exponent = 2. * hurst - 1
    elif fractional_class == 'brownian':
        exponent = 2. * hurst + 1

    # Convert predicted exponent value to have a negative sign
    exponent = -exponent

    return exponent

def convert_exponent_hfd(exponent):

    if exponent == 0:
        hfd = 2.
    else:
        # Switch sign of exponent (assumed to be negative) for this conversion
        exponent = -exponent
        check_param_range(exponent, 'exponent', [1, 3])
        hfd = (5 - exponent) / 2.

    return hfd

def convert_hfd_exponent(hfd):

    check_param_range(hfd, 'hfd', [1, 2])
    exponent = -2. * hfd + 5
    # Convert predicted exponent value to have a negative sign
    exponent = -exponent

    return exponent


# --- neurodsp/aperiodic/autocorr.py ---

@multidim()
def compute_autocorr(sig, max_lag=1000, lag_step=1, demean=True):

    if demean:
        sig = sig - sig.mean()

    autocorrs = np.correlate(sig, sig, "full")[len(sig)-1:]
    autocorrs = autocorrs[:max_lag+1] / autocorrs[0]
    autocorrs = autocorrs[::lag_step]

    timepoints = np.arange(0, max_lag+1, lag_step)

    return timepoints, autocorrs

def compute_decay_time(timepoints, autocorrs, fs, level=0):

    val_checks = autocorrs <= level

    if np.any(val_checks):
        # Get the first value to cross the threshold, and convert to time value
        result = timepoints[np.argmax(val_checks)] / fs
    else:
        result = np.nan

    return result

def fit_autocorr(timepoints, autocorrs, fit_function='single_exp', bounds=None):

    if not bounds:
        if fit_function == 'single_exp':
            bounds = ([0, 0, 0], [np.inf, np.inf, np.inf])
        elif fit_function == 'double_exp':
            bounds = ([0, 0, 0, 0, 0], [np.inf, np.inf, np.inf, np.inf, np.inf])

    popts, _ = curve_fit(AC_FIT_FUNCS[fit_function], timepoints, autocorrs, bounds=bounds)

    return popts

def exp_decay_func(timepoints, tau, scale, offset):

    return scale * (np.exp(-timepoints / tau) + offset)

def double_exp_decay_func(timepoints, tau1, tau2, scale1, scale2, offset):

    return scale1 * np.exp(-timepoints / tau1) + scale2 * np.exp(-timepoints / tau2) + offset

AC_FIT_FUNCS = {
    'single_exp' : exp_decay_func,
    'double_exp' : double_exp_decay_func,
}

def compute_ac_fit(timepoints, *popts, fit_function='single_exp'):

    fit_func = AC_FIT_FUNCS[fit_function]

    return fit_func(timepoints, *popts)


# --- neurodsp/aperiodic/dfa.py ---

@multidim(select=[0])
def compute_fluctuations(sig, fs, n_scales=10, min_scale=0.01, max_scale=1.0, deg=1, method='dfa'):

    check_param_options(method, 'method', ['dfa', 'rs'])

    # Get log10 equi-spaced scales and translate that into window lengths
    t_scales = np.logspace(np.log10(min_scale), np.log10(max_scale), n_scales)
    win_lens = np.round(t_scales * fs).astype('int')

    # Check that all window sizes are fit-able
    if np.any(win_lens <= 1):
        raise ValueError("Some of window sizes are too small to run. "
                         "Try updating `min_scale` to a value that works "
                         "better for the current sampling rate.")

    # Step through each scale and measure fluctuations
    fluctuations = np.zeros_like(t_scales)
    for idx, win_len in enumerate(win_lens):

        if method == 'dfa':
            fluctuations[idx] = compute_detrended_fluctuation(sig, win_len=win_len, deg=deg)
        elif method == 'rs':
            fluctuations[idx] = compute_rescaled_range(sig, win_len=win_len)

    # Calculate the relationship between between fluctuations & time scales
    result = np.polyfit(np.log10(t_scales), np.log10(fluctuations), deg=1)[0]

    return t_scales, fluctuations, result

@multidim()
def compute_rescaled_range(sig, win_len):

    # Demean signal
    sig = sig - np.mean(sig)

    # Calculate cumulative sum of the signal & split the signal into segments
    segments = split_signal(np.cumsum(sig), win_len).T

    # Calculate rescaled range as range divided by standard deviation (of non-cumulative signal)
    rs_win = np.ptp(segments, axis=0) / np.std(split_signal(sig, win_len).T, axis=0)

    # Take the mean across windows
    rs = np.mean(rs_win)

    return rs

@multidim()
def compute_detrended_fluctuation(sig, win_len, deg=1):

    # Calculate cumulative sum of the signal & split the signal into segments
    segments = split_signal(np.cumsum(sig - np.mean(sig)), win_len).T

    # Calculate local trend, as the line of best fit within the time window
    _, fluc, _, _, _ = np.polyfit(np.arange(win_len), segments, deg=deg, full=True)

    # Convert to root-mean squared error, from squared error
    det_fluc = np.mean((fluc / win_len))**0.5

    return det_fluc


# --- neurodsp/burst/utils.py ---

def compute_burst_stats(bursting, fs):

    tot_time = len(bursting) / fs

    change = np.diff(bursting)
    idcs, = change.nonzero()

    idcs += 1    # Get indices following the change.

    if bursting[0]:
        # If the first sample is part of a burst, prepend a zero.
        idcs = np.r_[0, idcs]

    if bursting[-1]:
        # If the last sample is part of a burst, append an index corresponding
        # to the length of signal.
        idcs = np.r_[idcs, bursting.size]

    starts = idcs[0::2]
    ends = idcs[1::2]
    durations = (ends - starts) / fs

    stats_dict = {'n_bursts': durations.size,
                  'duration_mean': durations.mean(),
                  'duration_std': durations.std(),
                  'percent_burst': 100 * sum(bursting) / len(bursting),
                  'bursts_per_second': durations.size / tot_time}

    return stats_dict


# --- neurodsp/burst/dualthresh.py ---

@multidim()
def detect_bursts_dual_threshold(sig, fs, dual_thresh, f_range=None,
                                 min_n_cycles=3, min_burst_duration=None,
                                 avg_type='median', magnitude_type='amplitude',
                                 **filter_kwargs):

    if len(dual_thresh) != 2:
        raise ValueError("Invalid number of elements in 'dual_thresh' parameter")

    # Compute amplitude time series
    sig_magnitude = amp_by_time(sig, fs, f_range, remove_edges=False, **filter_kwargs)

    # Set magnitude as power or amplitude: square if power, leave as is if amplitude
    check_param_options(magnitude_type, 'magnitude_type', ['amplitude', 'power'])
    if magnitude_type == 'power':
        sig_magnitude = sig_magnitude**2

    # Calculate normalized magnitude
    sig_magnitude = sig_magnitude / get_avg_func(avg_type)(sig_magnitude)

    # Identify time periods of bursting using the 2 thresholds
    is_burst = _dual_threshold_split(sig_magnitude, dual_thresh[1], dual_thresh[0])

    # Remove bursts detected that are too short
    # Use a number of cycles defined on the frequency range, if available
    if f_range is not None and min_n_cycles is not None:
        min_burst_samples = int(np.ceil(min_n_cycles * fs / f_range[0]))
    # Otherwise, make sure minimum duration is set, and use that
    else:
        if min_burst_duration is None:
            raise ValueError("Minimum burst duration must be defined if not filtering "
                             "and using a number of cycles threshold.")
        min_burst_samples = int(np.ceil(min_burst_duration * fs))

    is_burst = _rmv_short_periods(is_burst, min_burst_samples)

    return is_burst.astype(bool)

def _dual_threshold_split(sig, thresh_hi, thresh_lo):

    # Find all values above thresh_hi
    # To avoid bug in later loop, do not allow first or last index to start off as 1
    sig[[0, -1]] = 0
    idx_over_hi = np.where(sig >= thresh_hi)[0]

    # Initialize values in identified period
    positive = np.zeros(len(sig))
    positive[idx_over_hi] = 1

    # Iteratively test if a value is above thresh_lo if it is not currently in an identified period
    sig_len = len(sig)

    for ind in idx_over_hi:

        j_down = ind - 1
        if positive[j_down] == 0:
            j_down_done = False
            while j_down_done is False:
                if sig[j_down] >= thresh_lo:
                    positive[j_down] = 1
                    j_down -= 1
                    if j_down < 0:
                        j_down_done = True
                else:
                    j_down_done = True

        j_up = ind + 1
        if positive[j_up] == 0:
            j_up_done = False
            while j_up_done is False:
                if sig[j_up] >= thresh_lo:
                    positive[j_up] = 1
                    j_up += 1
                    if j_up >= sig_len:
                        j_up_done = True
                else:
                    j_up_done = True

    return positive

def _rmv_short_periods(sig, n_samples):

    if np.sum(sig) == 0:
        return sig

    osc_changes = np.diff(1 * sig)
    osc_starts = np.where(osc_changes == 1)[0]
    osc_ends = np.where(osc_changes == -1)[0]

    if len(osc_starts) == 0:
        osc_starts = [0]
    if len(osc_ends) == 0:
        osc_ends = [len(osc_changes)]

    if osc_ends[0] < osc_starts[0]:
        osc_starts = np.insert(osc_starts, 0, 0)
    if osc_ends[-1] < osc_starts[-1]:
        osc_ends = np.append(osc_ends, len(osc_changes))

    osc_length = osc_ends - osc_starts
    osc_starts_long = osc_starts[osc_length >= n_samples]
    osc_ends_long = osc_ends[osc_length >= n_samples]

    is_osc = np.zeros(len(sig))
    for ind in range(len(osc_starts_long)):
        is_osc[osc_starts_long[ind]:osc_ends_long[ind]] = 1

    return is_osc


# --- neurodsp/rhythm/lc.py ---

@multidim(select=[1])
def compute_lagged_coherence(sig, fs, freqs, n_cycles=3, return_spectrum=False):

    if isinstance(freqs, (tuple, list)):
        freqs = create_freqs(*freqs)
    n_cycles = check_n_cycles(n_cycles, len(freqs))

    # Calculate lagged coherence for each frequency
    lcs = np.zeros(len(freqs))
    for ind, (freq, n_cycle) in enumerate(zip(freqs, n_cycles)):
        lcs[ind] = lagged_coherence_1freq(sig, fs, freq, n_cycles=n_cycle)

    # Check if all values were properly estimated
    if sum(np.isnan(lcs)) > 0:
        warn("NEURODSP - LAGGED COHERENCE WARNING:"
             "\nLagged coherence could not be estimated for at least some requested frequencies."
             "\nThis happens, especially with low frequencies, when there are not enough samples "
             "per segment and/or not enough segments available to estimate the measure."
             "\nTry using a greater number of cycles and/or a longer signal length, and/or "
             "adjust the frequency range.")

    if return_spectrum:
        return lcs, freqs
    else:
        return np.mean(lcs)

def lagged_coherence_1freq(sig, fs, freq, n_cycles):

    # Determine number of samples to be used in each window to compute lagged coherence
    n_samps = int(np.ceil(n_cycles * fs / freq))

    # Split the signal into chunks
    chunks = split_signal(sig, n_samps)
    n_chunks = len(chunks)

    # Create the window to apply to each chunk
    hann_window = hann(n_samps)

    # Create the frequency vector, finding the frequency value of interest
    fft_freqs = np.fft.fftfreq(n_samps, 1 / float(fs))
    fft_freqs_idx = np.argmin(np.abs(fft_freqs - freq))

    # Calculate the Fourier coefficients across chunks for the frequency of interest
    fft_coefs = np.zeros(n_chunks, dtype=complex)
    for ind, chunk in enumerate(chunks):
        fourier_coef = np.fft.fft(chunk * hann_window)
        fft_coefs[ind] = fourier_coef[fft_freqs_idx]

    # Compute lagged coherence across data segments
    lcs_num = 0
    for ind in range(n_chunks - 1):
        lcs_num += fft_coefs[ind] * np.conj(fft_coefs[ind + 1])
    lcs_denom = np.sqrt(np.sum(np.abs(fft_coefs[:-1])**2) * np.sum(np.abs(fft_coefs[1:])**2))

    # Normalize the lagged coherence value
    lc_val = np.abs(lcs_num / lcs_denom)

    return lc_val


# --- the cases' settings (keywords of the source, as one-line wrappers) ---

def check_n_cycles_list(n_cycles):
    return list(check_n_cycles(n_cycles, 3))


def normalize_sig_mean_variance(sig):
    return normalize_sig(sig, mean=1.0, variance=2.0)


def listify_array(arg):
    return listify(arg)


def restore_nans_complex(sig, sig_nans):
    return restore_nans(sig, sig_nans, dtype=complex)


def compute_transition_band_default(f_db, db):
    return compute_transition_band(f_db, db)


def check_spg_settings_window(fs, window):
    return check_spg_settings(fs, window, None, None)


def trim_spectrogram_both(freqs, times, spg):
    return trim_spectrogram(freqs, times, spg, f_range=[5, 30], t_range=[0.5, 1.5])


def trim_spectrogram_freqs(freqs, times, spg):
    return trim_spectrogram(freqs, times, spg, f_range=[8, 12])


def window_pad_fast(sig):
    return window_pad(sig, 100, 20, 50, True)


def compute_absolute_power_alpha(freqs, powers):
    return compute_absolute_power(freqs, powers, [8, 12])


def compute_absolute_power_mean(freqs, powers):
    return compute_absolute_power(freqs, powers, [8, 12], method="mean")


def compute_relative_power_alpha(freqs, powers):
    return compute_relative_power(freqs, powers, [8, 12])


def compute_relative_power_norm_range(freqs, powers):
    return compute_relative_power(freqs, powers, [8, 12], method="median", norm_range=[1, 40])


def compute_band_ratio_theta_beta(freqs, powers):
    return compute_band_ratio(freqs, powers, [4, 8], [13, 30])


def instantaneous_amp(sig):
    return compute_instantaneous_measure(sig, 250, "amp")


def instantaneous_freq(sig):
    return compute_instantaneous_measure(sig, 250, "freq")


def phase_by_time_fs(sig):
    return phase_by_time(sig, 250)


def amp_by_time_fs(sig):
    return amp_by_time(sig, 250)


def freq_by_time_fs(sig):
    return freq_by_time(sig, 250)


def convert_exponent_hurst_gaussian(exponent):
    return convert_exponent_hurst(exponent, "gaussian")


def convert_hurst_exponent_brownian(hurst):
    return convert_hurst_exponent(hurst, "brownian")


def compute_autocorr_lag100(sig):
    return compute_autocorr(sig, max_lag=100)


def compute_autocorr_step(sig):
    return compute_autocorr(sig, max_lag=60, lag_step=3, demean=False)


def compute_decay_time_level(timepoints, autocorrs):
    return compute_decay_time(timepoints, autocorrs, 250, level=0.5)


def fit_autocorr_single(timepoints, autocorrs):
    return fit_autocorr(timepoints, autocorrs)


def compute_ac_fit_double(timepoints, popts):
    return compute_ac_fit(timepoints, *popts, fit_function="double_exp")


def compute_fluctuations_dfa(sig):
    return compute_fluctuations(sig, 250, n_scales=6, min_scale=0.05, max_scale=0.5)


def compute_fluctuations_rs(sig):
    return compute_fluctuations(sig, 250, n_scales=5, min_scale=0.05, max_scale=0.5, method="rs")


def compute_rescaled_range_50(sig):
    return compute_rescaled_range(sig, 50)


def compute_detrended_fluctuation_40(sig):
    return compute_detrended_fluctuation(sig, 40)


def compute_detrended_fluctuation_quadratic(sig):
    return compute_detrended_fluctuation(sig, 40, deg=2)


def detect_bursts_duration(sig):
    return detect_bursts_dual_threshold(sig, 250, (1, 2), min_burst_duration=0.1)


def detect_bursts_power_mean(sig):
    return detect_bursts_dual_threshold(sig, 250, [0.9, 1.5], min_burst_duration=0.05, avg_type="mean",
                                        magnitude_type="power")


def compute_lagged_coherence_range(sig):
    return compute_lagged_coherence(sig, 250, (8, 12))


def compute_lagged_coherence_spectrum(sig):
    return compute_lagged_coherence(sig, 250, np.array([6.0, 10.0, 14.0]), n_cycles=[3, 4, 5], return_spectrum=True)


# --- inputs ---

def _lfp(rng, n_seconds=2.0, fs=250):
    t = np.arange(int(n_seconds * fs)) / fs
    noise = np.cumsum(rng.normal(size=t.size))
    noise = (noise - noise.mean()) / noise.std()
    return np.sin(2 * np.pi * 10 * t + rng.uniform(0, 2 * np.pi)) + 0.5 * noise + 0.2 * rng.normal(size=t.size)


def _bursty(rng, n_seconds=3.0, fs=250):
    t = np.arange(int(n_seconds * fs)) / fs
    on = ((t > 0.5) & (t < 1.1)) | ((t > 1.8) & (t < 2.5))
    return 2.0 * on * np.sin(2 * np.pi * 10 * t) + 0.3 * rng.normal(size=t.size)


def _spectrum(rng, two_d=False):
    freqs = np.arange(1.0, 50.5, 0.5)
    base = 1.0 / freqs + 0.5 * np.exp(-((freqs - 10) ** 2) / 4)
    if two_d:
        return freqs, base * rng.uniform(0.8, 1.2, size=(3, freqs.size))
    return freqs, base * rng.uniform(0.8, 1.2, size=freqs.size)


def _spectrogram(rng):
    freqs = np.arange(0.0, 41.0, 1.0)
    times = np.arange(0.0, 2.0, 0.125)
    return freqs, times, rng.uniform(0.1, 1.0, size=(freqs.size, times.size))


def _edge_nans(rng, n=200, k=10):
    x = _lfp(rng, n / 250)
    x[:k] = np.nan
    x[-k:] = np.nan
    return x


def _bursting(rng, first=False, last=False):
    b = np.zeros(300, dtype=bool)
    b[40:90] = True
    b[150:170] = True
    b[220:260] = True
    if first:
        b[:15] = True
    if last:
        b[-10:] = True
    return b


def _acf(rng):
    sig = _lfp(rng, 2.0)
    return compute_autocorr(sig, max_lag=100)


def _response_fir(rng):
    taps = np.hanning(31)
    return taps / taps.sum(), np.array([1.0]), 250


_UC, _UCO, _UN, _UD, _UDA, _UO = ("utils/checks.py", "utils/core.py", "utils/norm.py", "utils/decorators.py",
                                  "utils/data.py", "utils/outliers.py")
_FU, _SC, _SU, _SM, _TH = "filt/utils.py", "spectral/checks.py", "spectral/utils.py", "spectral/measures.py", "timefrequency/hilbert.py"
_AC, _AA, _AD, _BU, _BD, _RL = ("aperiodic/conversions.py", "aperiodic/autocorr.py", "aperiodic/dfa.py", "burst/utils.py",
                                "burst/dualthresh.py", "rhythm/lc.py")

CASES = [
    # utils/
    case(check_param_range, lambda rng: (np.float64(0.5), "alpha", [0, 1]), ND(_UC, "check_param_range")),
    case(check_n_cycles_list, lambda rng: (np.array([3.0, 4.0, 5.0]),), ND(_UC, "check_n_cycles", "len_cycles=3; the iterator it returns, as a list")),
    case(listify_array, lambda rng: (rng.normal(size=4),), ND(_UCO, "listify")),
    case(listify_array, lambda rng: (rng.normal(size=(2, 3)),), ND(_UCO, "listify"), name="neurodsp.listify_2d"),
    case(normalize_sig_mean_variance, lambda rng: (_lfp(rng),), ND(_UN, "normalize_sig", "mean=1.0, variance=2.0")),
    case(demean, lambda rng: (_lfp(rng),), ND(_UN, "demean")),
    case(normalize_variance, lambda rng: (_lfp(rng),), ND(_UN, "normalize_variance")),
    case(normalize_variance, lambda rng: (np.zeros(100),), ND(_UN, "normalize_variance"),
         name="neurodsp.normalize_variance_zero"),
    case(create_freqs, lambda rng: (1, 40, 0.5), ND(_UDA, "create_freqs")),
    case(create_times, lambda rng: (2.0, 250), ND(_UDA, "create_times")),
    case(compute_nseconds, lambda rng: (_lfp(rng), 250), ND(_UDA, "compute_nseconds")),
    case(compute_cycle_nseconds, lambda rng: (np.float64(7.0), 250), ND(_UDA, "compute_cycle_nseconds")),
    case(split_signal, lambda rng: (_lfp(rng), 60), ND(_UDA, "split_signal")),
    case(remove_nans, lambda rng: (_edge_nans(rng),), ND(_UO, "remove_nans")),
    case(remove_nans, lambda rng: (np.stack([_edge_nans(rng), _edge_nans(rng)]),), ND(_UO, "remove_nans"),
         name="neurodsp.remove_nans_2d"),
    case(restore_nans, lambda rng: (rng.normal(size=180), np.r_[np.ones(10, bool), np.zeros(180, bool), np.ones(10, bool)]),
         ND(_UO, "restore_nans")),
    case(restore_nans_complex, lambda rng: (rng.normal(size=(2, 180)) + 1j,
                                            np.r_[np.ones(10, bool), np.zeros(180, bool), np.ones(10, bool)]),
         ND(_UO, "restore_nans", "dtype=complex, 2-D")),
    case(discard_outliers, lambda rng: (rng.uniform(0.5, 2.0, size=(20, 10)), 25), ND(_UO, "discard_outliers")),
    case(discard_outliers, lambda rng: (rng.uniform(0.5, 2.0, size=(3, 20, 10)), 10), ND(_UO, "discard_outliers"),
         name="neurodsp.discard_outliers_3d"),
    # filt/utils.py
    case(compute_frequency_response, _response_fir, ND(_FU, "compute_frequency_response")),
    case(compute_frequency_response, lambda rng: (np.array([[0.2, 0.4, 0.2, 1.0, -0.4, 0.2]]), None, 250),
         ND(_FU, "compute_frequency_response"), name="neurodsp.compute_frequency_response_sos"),
    case(compute_transition_band_default, lambda rng: compute_frequency_response(*_response_fir(rng)),
         ND(_FU, "compute_transition_band")),
    case(compute_nyquist, lambda rng: (np.float64(500.0),), ND(_FU, "compute_nyquist")),
    case(remove_filter_edges, lambda rng: (_lfp(rng), 31), ND(_FU, "remove_filter_edges")),
    case(remove_filter_edges, lambda rng: (rng.normal(size=(3, 200)), 20), ND(_FU, "remove_filter_edges"),
         name="neurodsp.remove_filter_edges_2d"),
    # spectral/
    case(check_spg_settings_window, lambda rng: (250, np.hanning(64)), ND(_SC, "check_spg_settings", "nperseg=None")),
    case(check_mt_settings, lambda rng: (1000, 250.0, None, None), ND(_SC, "check_mt_settings")),
    case(trim_spectrum, lambda rng: (*_spectrum(rng), [3, 30]), ND(_SU, "trim_spectrum")),
    case(trim_spectrum, lambda rng: (*_spectrum(rng, two_d=True), [3, 30]), ND(_SU, "trim_spectrum"),
         name="neurodsp.trim_spectrum_2d"),
    case(trim_spectrum, lambda rng: (*_spectrum(rng), [100, 200]), ND(_SU, "trim_spectrum"),
         name="neurodsp.trim_spectrum_empty"),
    case(trim_spectrogram_both, lambda rng: _spectrogram(rng), ND(_SU, "trim_spectrogram", "f_range=[5, 30], t_range=[0.5, 1.5]")),
    case(trim_spectrogram_freqs, lambda rng: _spectrogram(rng), ND(_SU, "trim_spectrogram", "f_range=[8, 12]")),
    case(trim_spectrogram, lambda rng: _spectrogram(rng), ND(_SU, "trim_spectrogram"),
         name="neurodsp.trim_spectrogram_none"),
    case(window_pad, lambda rng: (_lfp(rng), 100, 0, 20, False), ND(_SU, "window_pad")),
    case(window_pad_fast, lambda rng: (_lfp(rng),), ND(_SU, "window_pad", "noverlap=20, npad=50, fast_len=True")),
    case(window_pad, lambda rng: (rng.normal(size=(3, 400)), 100, 10, 10, False), ND(_SU, "window_pad"),
         name="neurodsp.window_pad_2d"),
    case(compute_absolute_power_alpha, lambda rng: _spectrum(rng), ND(_SM, "compute_absolute_power", "band=[8, 12]")),
    case(compute_absolute_power_mean, lambda rng: _spectrum(rng, two_d=True),
         ND(_SM, "compute_absolute_power", "band=[8, 12], method='mean'")),
    case(compute_relative_power_alpha, lambda rng: _spectrum(rng), ND(_SM, "compute_relative_power", "band=[8, 12]")),
    case(compute_relative_power_norm_range, lambda rng: _spectrum(rng),
         ND(_SM, "compute_relative_power", "method='median', norm_range=[1, 40]")),
    case(compute_band_ratio_theta_beta, lambda rng: _spectrum(rng), ND(_SM, "compute_band_ratio")),
    # timefrequency/hilbert.py
    case(robust_hilbert, lambda rng: (_lfp(rng),), ND(_TH, "robust_hilbert")),
    case(robust_hilbert, lambda rng: (_edge_nans(rng),), ND(_TH, "robust_hilbert"), name="neurodsp.robust_hilbert_nans"),
    case(robust_hilbert, lambda rng: (np.stack([_lfp(rng), _lfp(rng)]),), ND(_TH, "robust_hilbert"),
         name="neurodsp.robust_hilbert_2d"),
    case(phase_by_time_fs, lambda rng: (_lfp(rng),), ND(_TH, "phase_by_time", "fs=250, no f_range")),
    case(amp_by_time_fs, lambda rng: (_lfp(rng),), ND(_TH, "amp_by_time", "fs=250, no f_range")),
    case(amp_by_time_fs, lambda rng: (rng.normal(size=(2, 3, 200)),), ND(_TH, "amp_by_time", "fs=250, no f_range, 3-D"),
         name="neurodsp.amp_by_time_3d"),
    case(freq_by_time_fs, lambda rng: (_lfp(rng),), ND(_TH, "freq_by_time", "fs=250, no f_range")),
    case(freq_by_time_fs, lambda rng: (_edge_nans(rng),), ND(_TH, "freq_by_time", "fs=250, no f_range"),
         name="neurodsp.freq_by_time_nans"),
    case(instantaneous_amp, lambda rng: (_lfp(rng),), ND(_TH, "compute_instantaneous_measure", "fs=250, 'amp'")),
    case(instantaneous_freq, lambda rng: (_lfp(rng),), ND(_TH, "compute_instantaneous_measure", "fs=250, 'freq'")),
    # aperiodic/conversions.py
    case(convert_exponent_alpha, lambda rng: (np.float64(-1.5),), ND(_AC, "convert_exponent_alpha")),
    case(convert_alpha_exponent, lambda rng: (rng.uniform(0, 1, size=5),), ND(_AC, "convert_alpha_exponent")),
    case(convert_exponent_hurst_gaussian, lambda rng: (np.float64(-0.6),), ND(_AC, "convert_exponent_hurst", "'gaussian'")),
    case(convert_hurst_exponent_brownian, lambda rng: (np.float64(0.7),), ND(_AC, "convert_hurst_exponent", "'brownian'")),
    case(convert_exponent_hfd, lambda rng: (np.float64(-2.0),), ND(_AC, "convert_exponent_hfd")),
    case(convert_exponent_hfd, lambda rng: (0,), ND(_AC, "convert_exponent_hfd"), name="neurodsp.convert_exponent_hfd_zero"),
    case(convert_hfd_exponent, lambda rng: (np.float64(1.4),), ND(_AC, "convert_hfd_exponent")),
    # aperiodic/autocorr.py
    case(compute_autocorr_lag100, lambda rng: (_lfp(rng),), ND(_AA, "compute_autocorr", "max_lag=100")),
    case(compute_autocorr_step, lambda rng: (rng.normal(size=(2, 300)),), ND(_AA, "compute_autocorr", "max_lag=60, lag_step=3, demean=False, 2-D")),
    case(compute_decay_time_level, _acf, ND(_AA, "compute_decay_time", "fs=250, level=0.5")),
    case(compute_decay_time, lambda rng: (np.arange(20), np.linspace(1.0, 0.5, 20), 250), ND(_AA, "compute_decay_time"),
         name="neurodsp.compute_decay_time_never"),
    case(fit_autocorr_single, lambda rng: (np.arange(50.0), np.exp(-np.arange(50.0) / 8) + 0.01 * rng.normal(size=50)),
         ND(_AA, "fit_autocorr")),
    case(exp_decay_func, lambda rng: (np.arange(50.0), 8.0, np.float64(1.0), np.float64(0.1)), ND(_AA, "exp_decay_func")),
    case(compute_ac_fit_double, lambda rng: (np.arange(50.0), np.array([5.0, 20.0, 0.7, 0.3, 0.0])),
         ND(_AA, "compute_ac_fit / double_exp_decay_func", "fit_function='double_exp'")),
    # aperiodic/dfa.py
    case(compute_fluctuations_dfa, lambda rng: (_lfp(rng, 4.0),), ND(_AD, "compute_fluctuations", "fs=250, n_scales=6, min_scale=0.05, max_scale=0.5")),
    case(compute_fluctuations_rs, lambda rng: (_lfp(rng, 4.0),), ND(_AD, "compute_fluctuations", "method='rs'")),
    case(compute_fluctuations_dfa, lambda rng: (np.stack([_lfp(rng, 4.0), _lfp(rng, 4.0)]),),
         ND(_AD, "compute_fluctuations", "fs=250, n_scales=6, 2-D"), name="neurodsp.compute_fluctuations_2d"),
    case(compute_rescaled_range_50, lambda rng: (_lfp(rng),), ND(_AD, "compute_rescaled_range", "win_len=50")),
    case(compute_detrended_fluctuation_40, lambda rng: (_lfp(rng),), ND(_AD, "compute_detrended_fluctuation", "win_len=40")),
    case(compute_detrended_fluctuation_quadratic, lambda rng: (rng.normal(size=(3, 400)),),
         ND(_AD, "compute_detrended_fluctuation", "win_len=40, deg=2, 2-D")),
    # burst/
    case(compute_burst_stats, lambda rng: (_bursting(rng), 250), ND(_BU, "compute_burst_stats")),
    case(compute_burst_stats, lambda rng: (_bursting(rng, first=True, last=True), 250), ND(_BU, "compute_burst_stats"),
         name="neurodsp.compute_burst_stats_edges"),
    case(detect_bursts_duration, lambda rng: (_bursty(rng),), ND(_BD, "detect_bursts_dual_threshold", "fs=250, dual_thresh=(1, 2), min_burst_duration=0.1")),
    case(detect_bursts_power_mean, lambda rng: (_bursty(rng),), ND(_BD, "detect_bursts_dual_threshold", "magnitude_type='power', avg_type='mean'")),
    case(_dual_threshold_split, lambda rng: (np.abs(_bursty(rng)), 1.5, 0.8), ND(_BD, "_dual_threshold_split")),
    case(_rmv_short_periods, lambda rng: (_bursting(rng).astype(float), 30), ND(_BD, "_rmv_short_periods")),
    case(_rmv_short_periods, lambda rng: (_bursting(rng, first=True, last=True).astype(float), 30),
         ND(_BD, "_rmv_short_periods"), name="neurodsp._rmv_short_periods_edges"),
    case(_rmv_short_periods, lambda rng: (np.zeros(100), 10), ND(_BD, "_rmv_short_periods"),
         name="neurodsp._rmv_short_periods_empty"),
    # rhythm/lc.py
    case(lagged_coherence_1freq, lambda rng: (_lfp(rng, 3.0), 250, 10.0, 3), ND(_RL, "lagged_coherence_1freq")),
    case(compute_lagged_coherence_range, lambda rng: (_lfp(rng, 3.0),), ND(_RL, "compute_lagged_coherence", "fs=250, freqs=(8, 12)")),
    case(compute_lagged_coherence_spectrum, lambda rng: (_lfp(rng, 3.0),),
         ND(_RL, "compute_lagged_coherence", "freqs=np.array([6, 10, 14]), n_cycles=[3, 4, 5], return_spectrum=True")),
]
