"""PyWavelets' pure-Python parts: the thresholding functions, ``pad`` (every signal extension mode, two of them
``np.pad`` with a Python callback), the filter-bank helpers, the multilevel coefficient packing (``coeffs_to_array``,
``array_to_coeffs``, ``ravel_coeffs``, ``unravel_coeffs``, ``wavedecn_size``) and the Wavelab test signals
(PyWavelets/pywt, MIT).

Copied from PyWavelets/pywt at bbdf7ebe95f738cfac9b68e4e9c521e87e5a1956 (its LICENSE is the MIT licence: "Copyright
(c) 2006-2012 Filip Wasilewski, Copyright (c) 2012- The PyWavelets Developers"), the files named in each section
below. Bodies are as written, comments kept, docstrings dropped. Only the functions that do not call the C extension
(``pywt._extensions``) are taken: ``soft``, ``nn_garrote``, ``hard`` (``np.where``, an ``if`` on a Python
``substitute``), ``greater`` and ``less`` (``np.iscomplexobj``), ``threshold`` (a dict of functions and a ``try``/
``except KeyError``), ``threshold_firm`` (``if`` on the thresholds with ``raise``, ``clip(out=)``, ``np.where`` with
one argument, then ``np.any`` of the indices and a write through them); ``pad`` (an ``if``/``elif`` chain on the
mode: ``np.pad`` with ``symmetric``, ``reflect``, ``wrap``, ``edge``, ``constant``, ``reflect_type='odd'``, and two
callbacks, ``pad_smooth`` with an early return and ``pad_antisymmetric`` with two ``while`` loops flipping slices in
place); ``_integrate`` (in-place ``*=``), ``qmf`` (a strided write), ``orthogonal_filter_bank``, ``next_fast_len``
(``math.ceil`` of ``np.log2``); from ``_multilevel.py`` ``_coeffs_wavedec_to_wavedecn`` and
``_coeffs_wavedec2_to_wavedecn`` (``copy`` of a list, a loop with ``continue``), ``_determine_coeff_array_shape``
(writes through an index array into a shape array, ``.tolist()``), ``_prepare_coeffs_axes`` (``isinstance`` tests on
list items), ``coeffs_to_array`` (``np.full``, writes through tuples of slices built in a loop over key letters),
``array_to_coeffs``, ``ravel_coeffs``, ``unravel_coeffs``, ``wavedecn_size`` (a nested function), ``_match_coeff_dims``
(early returns, ``np.subtract`` of shapes); ``_fix_coeffs`` (``_multidim.py``: list comprehensions over a dict,
``np.unique`` of key lengths); ``demo_signal`` (``data/_wavelab_signals.py``: a long ``elif`` chain on the name, loops
accumulating bumps, slice writes with negative steps, a recursive call, ``np.fft.ifft``).

Adapted, beyond that:

* ``Modes`` (the C extension's class) is a namespace holding only ``Modes.modes``, the list ``pad``'s error message
  prints;
* wrappers give the keyword arguments (mode, thresholds, ``output_format``), and the round-trip wrappers pass
  ``coeffs_to_array``'s slices straight to ``array_to_coeffs`` (the caller's usual pattern).

Not taken: the transforms themselves (``dwt``, ``wavedec``, ``swt``, ``cwt``, ``mra``: they call the C extension),
``dwt_max_level``, ``dwt_coeff_len``, ``wavedecn_shapes`` (they need ``Wavelet`` objects) and the wavelet packets.

The inputs are short signals and coefficient arrays (a zero, ties at the threshold, complex data for ``soft`` and
``hard``), multilevel coefficient lists in the ``wavedec``, ``wavedec2`` and ``wavedecn`` formats with the sizes a
``db2`` transform gives, and the test-signal names with a small length.
"""

# ruff: noqa: E501, F841, B904
from __future__ import annotations

import types
from copy import copy
from math import ceil

import numpy as np

from tests.coverage.cases import PYWT, Source, case


def PW(path: str, original: str, note: str = "") -> Source:
    return Source(PYWT, "pywt/" + path, original, note)


Modes = types.SimpleNamespace(modes=['zero', 'constant', 'symmetric', 'periodic', 'smooth', 'periodization',
                                     'reflect', 'antisymmetric', 'antireflect'])


# --- pywt/_thresholding.py -------------------------------------------------------------------------------------------
def soft(data, value, substitute=0):
    data = np.asarray(data)
    magnitude = np.absolute(data)

    with np.errstate(divide='ignore'):
        # divide by zero okay as np.inf values get clipped, so ignore warning.
        thresholded = (1 - value/magnitude)
        thresholded.clip(min=0, max=None, out=thresholded)
        thresholded = data * thresholded

    if substitute == 0:
        return thresholded
    else:
        cond = np.less(magnitude, value)
        return np.where(cond, substitute, thresholded)


def nn_garrote(data, value, substitute=0):
    data = np.asarray(data)
    magnitude = np.absolute(data)

    with np.errstate(divide='ignore'):
        # divide by zero okay as np.inf values get clipped, so ignore warning.
        thresholded = (1 - value**2/magnitude**2)
        thresholded.clip(min=0, max=None, out=thresholded)
        thresholded = data * thresholded

    if substitute == 0:
        return thresholded
    else:
        cond = np.less(magnitude, value)
        return np.where(cond, substitute, thresholded)


def hard(data, value, substitute=0):
    data = np.asarray(data)
    cond = np.less(np.absolute(data), value)
    return np.where(cond, substitute, data)


def greater(data, value, substitute=0):
    data = np.asarray(data)
    if np.iscomplexobj(data):
        raise ValueError("greater thresholding only supports real data")
    return np.where(np.less(data, value), substitute, data)


def less(data, value, substitute=0):
    data = np.asarray(data)
    if np.iscomplexobj(data):
        raise ValueError("less thresholding only supports real data")
    return np.where(np.greater(data, value), substitute, data)


thresholding_options = {'soft': soft,
                        'hard': hard,
                        'greater': greater,
                        'less': less,
                        'garrote': nn_garrote,
                        # misspelled garrote for backwards compatibility
                        'garotte': nn_garrote,
                        }


def threshold(data, value, mode='soft', substitute=0):
    try:
        return thresholding_options[mode](data, value, substitute)
    except KeyError:
        # Make sure error is always identical by sorting keys
        keys = (f"'{key}'" for key in
                sorted(thresholding_options.keys()))
        raise ValueError("The mode parameter only takes values from: {}."
                         .format(', '.join(keys)))


def threshold_firm(data, value_low, value_high):
    if value_low < 0:
        raise ValueError("value_low must be non-negative.")

    if value_high < value_low:
        raise ValueError(
            "value_high must be greater than or equal to value_low.")

    data = np.asarray(data)
    magnitude = np.absolute(data)
    with np.errstate(divide='ignore'):
        # divide by zero okay as np.inf values get clipped, so ignore warning.
        vdiff = value_high - value_low
        thresholded = value_high * (1 - value_low/magnitude) / vdiff
        thresholded.clip(min=0, max=None, out=thresholded)
        thresholded = data * thresholded

    # restore hard-thresholding behavior for values > value_high
    large_vals = np.where(magnitude > value_high)
    if np.any(large_vals[0]):
        thresholded[large_vals] = data[large_vals]
    return thresholded


# --- pywt/_dwt.py ----------------------------------------------------------------------------------------------------
def pad(x, pad_widths, mode):
    x = np.asanyarray(x)

    # process pad_widths exactly as in numpy.pad
    pad_widths = np.array(pad_widths)
    pad_widths = np.round(pad_widths).astype(np.intp, copy=False)
    if pad_widths.min() < 0:
        raise ValueError("pad_widths must be >= 0")
    pad_widths = np.broadcast_to(pad_widths, (x.ndim, 2)).tolist()

    if mode in ['symmetric', 'reflect']:
        xp = np.pad(x, pad_widths, mode=mode)
    elif mode in ['periodic', 'periodization']:
        if mode == 'periodization':
            # Promote odd-sized dimensions to even length by duplicating the
            # last value.
            edge_pad_widths = [(0, x.shape[ax] % 2)
                               for ax in range(x.ndim)]
            x = np.pad(x, edge_pad_widths, mode='edge')
        xp = np.pad(x, pad_widths, mode='wrap')
    elif mode == 'zero':
        xp = np.pad(x, pad_widths, mode='constant', constant_values=0)
    elif mode == 'constant':
        xp = np.pad(x, pad_widths, mode='edge')
    elif mode == 'smooth':
        def pad_smooth(vector, pad_width, iaxis, kwargs):
            # Note: indices are measured from the start of the vector so that
            # a pad width of 0 gives an empty slice rather than the full one.
            iright = vector.size - pad_width[1] - 1  # last unpadded sample
            vsize_nonpad = iright + 1 - pad_width[0]
            if vsize_nonpad < 2:
                # The slope is undefined for a signal shorter than two
                # samples, so use constant edge extension instead. This is
                # what the transforms do as well (see the MODE_SMOOTH case in
                # convolution.template.c).
                if vsize_nonpad == 1:
                    vector[:pad_width[0]] = vector[iright]
                    vector[iright + 1:] = vector[iright]
                return vector

            # smooth extension to left
            left = vector[pad_width[0]]
            slope_left = (left - vector[pad_width[0] + 1])
            vector[:pad_width[0]] = \
                left + np.arange(pad_width[0], 0, -1) * slope_left

            # smooth extension to right
            right = vector[iright]
            slope_right = (right - vector[iright - 1])
            vector[iright + 1:] = \
                right + np.arange(1, pad_width[1] + 1) * slope_right
            return vector
        xp = np.pad(x, pad_widths, pad_smooth)
    elif mode == 'antisymmetric':
        def pad_antisymmetric(vector, pad_width, iaxis, kwargs):
            # implement by flipping portions of symmetric padding
            npad_l, npad_r = pad_width
            vsize_nonpad = vector.size - npad_l - npad_r
            if vsize_nonpad == 0:
                # Nothing to reflect. The reflected segments below would have
                # zero width, so the loops over them would never terminate.
                return vector
            # Note: must modify vector in-place
            vector[:] = np.pad(vector[npad_l:vector.size - npad_r],
                               pad_width, mode='symmetric')
            vp = vector
            r_edge = npad_l + vsize_nonpad - 1
            l_edge = npad_l
            # width of each reflected segment
            seg_width = vsize_nonpad
            # flip reflected segments on the right of the original signal
            n = 1
            while r_edge <= vp.size:
                segment_slice = slice(r_edge + 1,
                                      min(r_edge + 1 + seg_width, vp.size))
                if n % 2:
                    vp[segment_slice] *= -1
                r_edge += seg_width
                n += 1

            # flip reflected segments on the left of the original signal
            n = 1
            while l_edge >= 0:
                segment_slice = slice(max(0, l_edge - seg_width), l_edge)
                if n % 2:
                    vp[segment_slice] *= -1
                l_edge -= seg_width
                n += 1
            return vector
        xp = np.pad(x, pad_widths, pad_antisymmetric)
    elif mode == 'antireflect':
        xp = np.pad(x, pad_widths, mode='reflect', reflect_type='odd')
    else:
        raise ValueError(
            f"unsupported mode: {mode}. The supported modes are {Modes.modes}")
    return xp


# --- pywt/_functions.py ----------------------------------------------------------------------------------------------
def _integrate(arr, step):
    integral = np.cumsum(arr)
    integral *= step
    return integral


def qmf(filt):
    qm_filter = np.array(filt)[::-1]
    qm_filter[1::2] = -qm_filter[1::2]
    return qm_filter


def orthogonal_filter_bank(scaling_filter):
    if not (len(scaling_filter) % 2 == 0):
        raise ValueError("`scaling_filter` length has to be even.")

    scaling_filter = np.asarray(scaling_filter, dtype=np.float64)

    rec_lo = np.sqrt(2) * scaling_filter / np.sum(scaling_filter)
    dec_lo = rec_lo[::-1]

    rec_hi = qmf(rec_lo)
    dec_hi = rec_hi[::-1]

    orth_filt_bank = (dec_lo, dec_hi, rec_lo, rec_hi)
    return orth_filt_bank


# --- pywt/_cwt.py ----------------------------------------------------------------------------------------------------
def next_fast_len(n):
    return 2**ceil(np.log2(n))


# --- pywt/_multilevel.py ---------------------------------------------------------------------------------------------
def _match_coeff_dims(a_coeff, d_coeff_dict):
    # For each axis, compare the approximation coeff shape to one of the
    # stored detail coeffs and truncate the last element along the axis
    # if necessary.
    if a_coeff is None:
        return None
    if not d_coeff_dict:
        return a_coeff
    d_coeff = d_coeff_dict[next(iter(d_coeff_dict))]
    size_diffs = np.subtract(a_coeff.shape, d_coeff.shape)
    if np.any((size_diffs < 0) | (size_diffs > 1)):
        print(size_diffs)
        raise ValueError("incompatible coefficient array sizes")
    return a_coeff[tuple(slice(s) for s in d_coeff.shape)]


def _coeffs_wavedec_to_wavedecn(coeffs):
    if len(coeffs) == 0:
        return coeffs
    coeffs = copy(coeffs)
    for n in range(1, len(coeffs)):
        if coeffs[n] is None:
            continue
        if coeffs[n].ndim != 1:
            raise ValueError("expected a 1D coefficient array")
        coeffs[n] = {'d': coeffs[n]}
    return coeffs


def _coeffs_wavedec2_to_wavedecn(coeffs):
    if len(coeffs) == 0:
        return coeffs
    coeffs = copy(coeffs)
    for n in range(1, len(coeffs)):
        if not isinstance(coeffs[n], (tuple, list)) or len(coeffs[n]) != 3:
            raise ValueError("expected a 3-tuple of detail coefficients")
        (da, ad, dd) = coeffs[n]
        if da is None or ad is None or dd is None:
            raise ValueError(
                "Expected numpy arrays of detail coefficients. Setting "
                "coefficients to None is not supported.")
        coeffs[n] = {'ad': ad, 'da': da, 'dd': dd}
    return coeffs


def _determine_coeff_array_shape(coeffs, axes):
    arr_shape = np.asarray(coeffs[0].shape)
    axes = np.asarray(axes)  # axes that were transformed
    ndim_transform = len(axes)
    ncoeffs = coeffs[0].size
    for d in coeffs[1:]:
        arr_shape[axes] += np.asarray(d['d'*ndim_transform].shape)[axes]
        for k, v in d.items():
            ncoeffs += v.size
    arr_shape = tuple(arr_shape.tolist())
    # if the total number of coefficients doesn't equal the size of the array
    # then tight packing is not possible.
    is_tight_packing = (np.prod(arr_shape) == ncoeffs)
    return arr_shape, is_tight_packing


def _prepare_coeffs_axes(coeffs, axes):
    if not isinstance(coeffs, list) or len(coeffs) == 0:
        raise ValueError("input must be a list of coefficients from wavedecn")
    if coeffs[0] is None:
        raise ValueError("coeffs_to_array does not support missing "
                         "coefficients.")
    if not isinstance(coeffs[0], np.ndarray):
        raise ValueError("first list element must be a numpy array")
    ndim = coeffs[0].ndim

    if len(coeffs) > 1:
        # convert wavedec or wavedec2 format coefficients to waverecn format
        if isinstance(coeffs[1], dict):
            pass
        elif isinstance(coeffs[1], np.ndarray):
            coeffs = _coeffs_wavedec_to_wavedecn(coeffs)
        elif isinstance(coeffs[1], (tuple, list)):
            coeffs = _coeffs_wavedec2_to_wavedecn(coeffs)
        else:
            raise ValueError("invalid coefficient list")

    if len(coeffs) == 1:
        # no detail coefficients were found
        return coeffs, axes, ndim, None

    # Determine the number of dimensions that were transformed via key length
    ndim_transform = len(list(coeffs[1].keys())[0])
    if axes is None:
        if ndim_transform < ndim:
            raise ValueError(
                "coeffs corresponds to a DWT performed over only a subset of "
                "the axes.  In this case, axes must be specified.")
        axes = np.arange(ndim)

    if len(axes) != ndim_transform:
        raise ValueError(
            "The length of axes doesn't match the number of dimensions "
            "transformed.")
    return coeffs, axes, ndim, ndim_transform


def coeffs_to_array(coeffs, padding=0, axes=None):
    coeffs, axes, ndim, ndim_transform = _prepare_coeffs_axes(coeffs, axes)

    # initialize with the approximation coefficients.
    a_coeffs = coeffs[0]
    a_shape = a_coeffs.shape

    if len(coeffs) == 1:
        # only a single approximation coefficient array was found
        return a_coeffs, [tuple([slice(None)] * ndim)]

    # determine size of output and if tight packing is possible
    arr_shape, is_tight_packing = _determine_coeff_array_shape(coeffs, axes)

    # preallocate output array
    if padding is None:
        if not is_tight_packing:
            raise ValueError("array coefficients cannot be tightly packed")
        coeff_arr = np.empty(arr_shape, dtype=a_coeffs.dtype)
    else:
        coeff_arr = np.full(arr_shape, padding, dtype=a_coeffs.dtype)

    a_slices = tuple([slice(s) for s in a_shape])
    coeff_arr[a_slices] = a_coeffs

    # initialize list of coefficient slices
    coeff_slices = []
    coeff_slices.append(a_slices)

    # loop over the detail coefficients, adding them to coeff_arr
    ds = coeffs[1:]
    for coeff_dict in ds:
        coeff_slices.append({})  # new dictionary for detail coefficients
        if np.any([d is None for d in coeff_dict.values()]):
            raise ValueError("coeffs_to_array does not support missing "
                             "coefficients.")
        d_shape = coeff_dict['d' * ndim_transform].shape
        for key in coeff_dict:
            d = coeff_dict[key]
            slice_array = [slice(None), ] * ndim
            for i, let in enumerate(key):
                ax_i = axes[i]  # axis corresponding to this transform index
                if let == 'a':
                    slice_array[ax_i] = slice(d.shape[ax_i])
                elif let == 'd':
                    slice_array[ax_i] = slice(a_shape[ax_i],
                                              a_shape[ax_i] + d.shape[ax_i])
                else:
                    raise ValueError(f"unexpected letter: {let}")
            slice_array = tuple(slice_array)
            coeff_arr[slice_array] = d
            coeff_slices[-1][key] = slice_array
        a_shape = [a_shape[n] + d_shape[n] for n in range(ndim)]
    return coeff_arr, coeff_slices


def array_to_coeffs(arr, coeff_slices, output_format='wavedecn'):
    arr = np.asarray(arr)
    coeffs = []
    if len(coeff_slices) == 0:
        raise ValueError("empty list of coefficient slices")
    else:
        coeffs.append(arr[coeff_slices[0]])

    # difference coefficients at each level
    for n in range(1, len(coeff_slices)):
        if output_format == 'wavedec':
            d = arr[coeff_slices[n]['d']]
        elif output_format == 'wavedec2':
            d = (arr[coeff_slices[n]['da']],
                 arr[coeff_slices[n]['ad']],
                 arr[coeff_slices[n]['dd']])
        elif output_format == 'wavedecn':
            d = {}
            for k, v in coeff_slices[n].items():
                d[k] = arr[v]
        else:
            raise ValueError(
                f"Unrecognized output format: {output_format}")
        coeffs.append(d)
    return coeffs


def wavedecn_size(shapes):
    def _size(x):
        """Size corresponding to ``x`` as either a shape tuple or ndarray."""
        if isinstance(x, np.ndarray):
            return x.size
        else:
            return np.prod(x)

    ncoeffs = _size(shapes[0])
    for d in shapes[1:]:
        for k, v in d.items():
            if v is None:
                raise ValueError(
                    "Setting coefficient arrays to None is not supported.")
            ncoeffs += _size(v)
    return ncoeffs


def ravel_coeffs(coeffs, axes=None):
    coeffs, axes, ndim, ndim_transform = _prepare_coeffs_axes(coeffs, axes)

    # initialize with the approximation coefficients.
    a_coeffs = coeffs[0]
    a_size = a_coeffs.size

    if len(coeffs) == 1:
        # only a single approximation coefficient array was found
        return a_coeffs.ravel(), [slice(a_size), ], [a_coeffs.shape, ]

    # preallocate output array
    arr_size = wavedecn_size(coeffs)
    coeff_arr = np.empty((arr_size, ), dtype=a_coeffs.dtype)

    a_slice = slice(a_size)
    coeff_arr[a_slice] = a_coeffs.ravel()

    # initialize list of coefficient slices
    coeff_slices = []
    coeff_shapes = []
    coeff_slices.append(a_slice)
    coeff_shapes.append(coeffs[0].shape)

    # loop over the detail coefficients, embedding them in coeff_arr
    ds = coeffs[1:]
    offset = a_size
    for coeff_dict in ds:
        # new dictionaries for detail coefficient slices and shapes
        coeff_slices.append({})
        coeff_shapes.append({})
        if np.any([d is None for d in coeff_dict.values()]):
            raise ValueError("coeffs_to_array does not support missing "
                             "coefficients.")
        # sort to make sure key order is consistent across Python versions
        keys = sorted(coeff_dict.keys())
        for key in keys:
            d = coeff_dict[key]
            sl = slice(offset, offset + d.size)
            offset += d.size
            coeff_arr[sl] = d.ravel()
            coeff_slices[-1][key] = sl
            coeff_shapes[-1][key] = d.shape
    return coeff_arr, coeff_slices, coeff_shapes


def unravel_coeffs(arr, coeff_slices, coeff_shapes, output_format='wavedecn'):
    arr = np.asarray(arr)
    coeffs = []
    if len(coeff_slices) == 0:
        raise ValueError("empty list of coefficient slices")
    elif len(coeff_shapes) == 0:
        raise ValueError("empty list of coefficient shapes")
    elif len(coeff_shapes) != len(coeff_slices):
        raise ValueError("coeff_shapes and coeff_slices have unequal length")
    else:
        coeffs.append(arr[coeff_slices[0]].reshape(coeff_shapes[0]))

    # difference coefficients at each level
    for n in range(1, len(coeff_slices)):
        slice_dict = coeff_slices[n]
        shape_dict = coeff_shapes[n]
        if output_format in ['wavedec', 'swt']:
            d = arr[slice_dict['d']].reshape(shape_dict['d'])
        elif output_format in ['wavedec2', 'swt2']:
            d = (arr[slice_dict['da']].reshape(shape_dict['da']),
                 arr[slice_dict['ad']].reshape(shape_dict['ad']),
                 arr[slice_dict['dd']].reshape(shape_dict['dd']))
        elif output_format in ['wavedecn', 'swtn']:
            d = {}
            for k, v in coeff_slices[n].items():
                d[k] = arr[v].reshape(shape_dict[k])
        else:
            raise ValueError(
                f"Unrecognized output format: {output_format}")
        coeffs.append(d)
    return coeffs


# --- pywt/_multidim.py -----------------------------------------------------------------------------------------------
def _fix_coeffs(coeffs):
    missing_keys = [k for k, v in coeffs.items() if v is None]
    if missing_keys:
        raise ValueError(
            "The following detail coefficients were set to None:\n"
            f"{missing_keys}\n"
            "For multilevel transforms, rather than setting\n"
            "\tcoeffs[key] = None\n"
            "use\n"
            "\tcoeffs[key] = np.zeros_like(coeffs[key])\n")

    invalid_keys = [k for k, v in coeffs.items() if
                    not set(k) <= set('ad')]
    if invalid_keys:
        raise ValueError(
            "The following invalid keys were found in the detail "
            f"coefficient dictionary: {invalid_keys}.")

    key_lengths = [len(k) for k in coeffs]
    if len(np.unique(key_lengths)) > 1:
        raise ValueError(
            "All detail coefficient names must have equal length.")

    return {k: np.asarray(v) for k, v in coeffs.items()}


# --- pywt/data/_wavelab_signals.py -----------------------------------------------------------------------------------
_implemented_signals = [
    'Blocks',
    'Bumps',
    'HeaviSine',
    'Doppler',
    'Ramp',
    'HiSine',
    'LoSine',
    'LinChirp',
    'TwoChirp',
    'QuadChirp',
    'MishMash',
    'WernerSorrows',
    'HypChirps',
    'LinChirps',
    'Chirps',
    'Gabor',
    'sineoneoverx',
    'Piece-Regular',
    'Piece-Polynomial',
    'Riemann']


def demo_signal(name='Bumps', n=None):
    if name.lower() == 'list':
        return _implemented_signals

    if n is not None:
        if n < 1 or (n % 1) != 0:
            raise ValueError("n must be an integer >= 1")
        t = np.arange(1/n, 1 + 1/n, 1/n)

    # The following function types don't allow user-specified `n`.
    n_hard_coded = ['gabor', 'sineoneoverx']

    name = name.lower()
    if name in n_hard_coded and n is not None:
        raise ValueError(
            f"Parameter n must be set to None when name is {name}")
    elif n is None and name not in n_hard_coded:
        raise ValueError(
            f"Parameter n must be provided when name is {name}")
    if name == 'blocks':
        t0s = [.1, .13, .15, .23, .25, .4, .44, .65, .76, .78, .81]
        hs = [4, -5, 3, -4, 5, -4.2, 2.1, 4.3, -3.1, 2.1, -4.2]
        f = 0
        for (t0, h) in zip(t0s, hs):
            f += h * (1 + np.sign(t - t0)) / 2
    elif name == 'bumps':
        t0s = [.1, .13, .15, .23, .25, .4, .44, .65, .76, .78, .81]
        hs = [4, 5, 3, 4, 5, 4.2, 2.1, 4.3, 3.1, 5.1, 4.2]
        ws = [.005, .005, .006, .01, .01, .03, .01, .01, .005, .008, .005]
        f = 0
        for (t0, h, w) in zip(t0s, hs, ws):
            f += h / (1 + np.abs((t - t0) / w))**4
    elif name == 'heavisine':
        f = 4 * np.sin(4 * np.pi * t) - np.sign(t - 0.3) - np.sign(0.72 - t)
    elif name == 'doppler':
        f = np.sqrt(t * (1 - t)) * np.sin(2 * np.pi * 1.05 / (t + 0.05))
    elif name == 'ramp':
        f = t - (t >= .37)
    elif name == 'hisine':
        f = np.sin(np.pi * (n * .6902) * t)
    elif name == 'losine':
        f = np.sin(np.pi * (n * .3333) * t)
    elif name == 'linchirp':
        f = np.sin(np.pi * t * ((n * .500) * t))
    elif name == 'twochirp':
        f = np.sin(np.pi * t * (n * t)) + np.sin((np.pi / 3) * t * (n * t))
    elif name == 'quadchirp':
        f = np.sin((np.pi / 3) * t * (n * t**2))
    elif name == 'mishmash':  # QuadChirp + LinChirp + HiSine
        f = np.sin((np.pi / 3) * t * (n * t**2))
        f += np.sin(np.pi * (n * .6902) * t)
        f += np.sin(np.pi * t * (n * .125 * t))
    elif name == 'wernersorrows':
        f = np.sin(np.pi * t * (n / 2 * t**2))
        f = f + np.sin(np.pi * (n * .6902) * t)
        f = f + np.sin(np.pi * t * (n * t))
        pos = [.1, .13, .15, .23, .25, .40, .44, .65, .76, .78, .81]
        hgt = [4, 5, 3, 4, 5, 4.2, 2.1, 4.3, 3.1, 5.1, 4.2]
        wth = [.005, .005, .006, .01, .01, .03, .01, .01, .005, .008, .005]
        for p, h, w in zip(pos, hgt, wth):
            f += h / (1 + np.abs((t - p) / w))**4
    elif name == 'hypchirps':  # Hyperbolic Chirps of Mallat's book
        alpha = 15 * n * np.pi / 1024
        beta = 5 * n * np.pi / 1024
        t = np.arange(1.001, n + .001 + 1) / n
        f1 = np.zeros(n)
        f2 = np.zeros(n)
        f1 = np.sin(alpha / (.8 - t)) * (0.1 < t) * (t < 0.68)
        f2 = np.sin(beta / (.8 - t)) * (0.1 < t) * (t < 0.75)
        m = int(np.round(0.65 * n))
        p = m // 4
        envelope = np.ones(m)  # the rinp.sing cutoff function
        tmp = np.arange(1, p + 1)-np.ones(p)
        envelope[:p] = (1 + np.sin(-np.pi / 2 + tmp / (p - 1) * np.pi)) / 2
        envelope[m-p:m] = envelope[:p][::-1]
        env = np.zeros(n)
        env[int(np.ceil(n / 10)) - 1:m + int(np.ceil(n / 10)) - 1] = \
            envelope[:m]
        f = (f1 + f2) * env
    elif name == 'linchirps':  # Linear Chirps of Mallat's book
        b = 100 * n * np.pi / 1024
        a = 250 * n * np.pi / 1024
        t = np.arange(1, n + 1) / n
        A1 = np.sqrt((t - 1 / n) * (1 - t))
        f = A1 * (np.cos(a * t**2) + np.cos(b * t + a * t**2))
    elif name == 'chirps':  # Mixture of Chirps of Mallat's book
        t = np.arange(1, n + 1)/n * 10 * np.pi
        f1 = np.cos(t**2 * n / 1024)
        a = 30 * n / 1024
        t = np.arange(1, n + 1)/n * np.pi
        f2 = np.cos(a * (t**3))
        f2 = f2[::-1]
        ix = np.arange(-n, n + 1) / n * 20
        g = np.exp(-ix**2 * 4 * n / 1024)
        i1 = slice(n // 2, n // 2 + n)
        i2 = slice(n // 8, n // 8 + n)
        j = np.arange(1, n + 1) / n
        f3 = g[i1] * np.cos(50 * np.pi * j * n / 1024)
        f4 = g[i2] * np.cos(350 * np.pi * j * n / 1024)
        f = f1 + f2 + f3 + f4
        envelope = np.ones(n)  # the rinp.sing cutoff function
        tmp = np.arange(1, n // 8 + 1) - np.ones(n // 8)
        envelope[:n // 8] = (
            1 + np.sin(-np.pi / 2 + tmp / (n / 8 - 1) * np.pi)) / 2
        envelope[7 * n // 8:n] = envelope[:n // 8][::-1]
        f = f*envelope
    elif name == 'gabor':  # two modulated Gabor functions in Mallat's book
        n = 512
        t = np.arange(-n, n + 1)*5 / n
        j = np.arange(1, n + 1) / n
        g = np.exp(-t**2 * 20)
        i1 = slice(2*n // 4, 2 * n // 4 + n)
        i2 = slice(n // 4, n // 4 + n)
        f1 = 3 * g[i1] * np.exp(1j * (n // 16) * np.pi * j)
        f2 = 3 * g[i2] * np.exp(1j * (n // 4) * np.pi * j)
        f = f1 + f2
    elif name == 'sineoneoverx':  # np.sin(1/x) in Mallat's book
        n = 1024
        i1 = np.arange(-n + 1, n + 1, dtype=float)
        i1[i1 == 0] = 1 / 100
        i1 = i1 / (n - 1)
        f = np.sin(1.5 / i1)
        f = f[512:1536]
    elif name == 'piece-regular':
        f = np.zeros(n)
        n_12 = int(np.trunc(n / 12))
        n_7 = int(np.trunc(n / 7))
        n_5 = int(np.trunc(n / 5))
        n_3 = int(np.trunc(n / 3))
        n_2 = int(np.trunc(n / 2))
        n_20 = int(np.trunc(n / 20))
        f1 = -15 * demo_signal('bumps', n)
        t = np.arange(1, n_12 + 1) / n_12
        f2 = -np.exp(4 * t)
        t = np.arange(1, n_7 + 1) / n_7
        f5 = np.exp(4 * t)-np.exp(4)
        t = np.arange(1, n_3 + 1) / n_3
        fma = 6 / 40
        f6 = -70 * np.exp(-((t - 0.5) * (t - 0.5)) / (2 * fma**2))
        f[:n_7] = f6[:n_7]
        f[n_7:n_5] = 0.5 * f6[n_7:n_5]
        f[n_5:n_3] = f6[n_5:n_3]
        f[n_3:n_2] = f1[n_3:n_2]
        f[n_2:n_2 + n_12] = f2
        f[n_2 + 2 * n_12 - 1:n_2 + n_12 - 1:-1] = f2
        f[n_2 + 2 * n_12 + n_20:n_2 + 2 * n_12 + 3 * n_20] = -np.ones(
            n_2 + 2*n_12 + 3*n_20 - n_2 - 2*n_12 - n_20) * 25
        k = n_2 + 2 * n_12 + 3 * n_20
        f[k:k + n_7] = f5
        diff = n - 5 * n_5
        f[5 * n_5:n] = f[diff - 1::-1]
        # zero-mean
        bias = np.sum(f) / n
        f = bias - f
    elif name == 'piece-polynomial':
        f = np.zeros(n)
        n_5 = int(np.trunc(n / 5))
        n_10 = int(np.trunc(n / 10))
        n_20 = int(np.trunc(n / 20))
        t = np.arange(1, n_5 + 1) / n_5
        f1 = 20 * (t**3 + t**2 + 4)
        f3 = 40 * (2 * t**3 + t) + 100
        f2 = 10 * t**3 + 45
        f4 = 16 * t**2 + 8 * t + 16
        f5 = 20 * (t + 4)
        f6 = np.ones(n_10) * 20

        f[:n_5] = f1
        f[2 * n_5 - 1:n_5 - 1:-1] = f2
        f[2 * n_5:3 * n_5] = f3
        f[3 * n_5:4 * n_5] = f4
        f[4 * n_5:5 * n_5] = f5[n_5::-1]
        diff = n - 5*n_5
        f[5 * n_5:n] = f[diff - 1::-1]
        f[n_20:n_20 + n_10] = np.ones(n_10) * 10
        f[n - n_10:n + n_20 - n_10] = np.ones(n_20) * 150

        # zero-mean
        bias = np.sum(f) / n
        f = f - bias
    elif name == 'riemann':
        # Riemann's Non-differentiable Function
        sqn = int(np.round(np.sqrt(n)))
        idx = np.arange(1, sqn + 1)
        idx *= idx
        f = np.zeros_like(t)
        f[idx - 1] = 1. / np.arange(1, sqn + 1)
        f = np.real(np.fft.ifft(f))
    else:
        raise ValueError(
            f"unknown name: {name}.  name must be one of: {_implemented_signals}")
    return f


# --- the cases (wrappers give the keyword arguments) -----------------------------------------------------------------
def threshold_hard_sub(data, value):
    return threshold(data, value, 'hard', substitute=-1.0)


def threshold_soft_sub(data, value):
    return threshold(data, value, 'soft', substitute=0.5)


def threshold_garrote(data, value):
    return threshold(data, value, 'garrote')


def threshold_garotte_sub(data, value):
    return threshold(data, value, 'garotte', substitute=-2.0)


def threshold_greater(data, value):
    return threshold(data, value, 'greater')


def threshold_less_sub(data, value):
    return threshold(data, value, 'less', substitute=9.0)


def threshold_firm_const(data):
    return threshold_firm(data, 0.5, 1.5)


def pad_mode(mode):
    def padded(x):
        return pad(x, (2, 3), mode)
    padded.__name__ = padded.__qualname__ = f"pad_{mode}"
    return padded


def pad_smooth_wide(x):
    return pad(x, ((1, 2), (3, 1)), 'smooth')


def pad_antisymmetric_long(x):
    return pad(x, 7, 'antisymmetric')


def coeffs_roundtrip_wavedec(coeffs):
    arr, coeff_slices = coeffs_to_array(coeffs)
    return arr, array_to_coeffs(arr, coeff_slices, output_format='wavedec')


def coeffs_roundtrip_wavedec2(coeffs):
    arr, coeff_slices = coeffs_to_array(coeffs, padding=np.nan)
    return arr, array_to_coeffs(arr, coeff_slices, output_format='wavedec2')


def coeffs_to_array_axes(coeffs):
    return coeffs_to_array(coeffs, axes=(1,))[0]


def coeffs_to_array_arr(coeffs):
    return coeffs_to_array(coeffs)[0]


def coeffs_to_array_tight(coeffs):
    return coeffs_to_array(coeffs, padding=None)[0]


def ravel_roundtrip(coeffs):
    arr, coeff_slices, coeff_shapes = ravel_coeffs(coeffs)
    return arr, unravel_coeffs(arr, coeff_slices, coeff_shapes, output_format='wavedecn')


def ravel_roundtrip_wavedec2(coeffs):
    arr, coeff_slices, coeff_shapes = ravel_coeffs(coeffs)
    return arr, unravel_coeffs(arr, coeff_slices, coeff_shapes, output_format='wavedec2')


def _wavedec(rng):
    """A 3-level ``db2`` ``wavedec`` coefficient list of a 16-sample signal: sizes 4, 4, 6, 9."""
    return ([rng.normal(size=4), rng.normal(size=4), rng.normal(size=6), rng.normal(size=9)],)


def _wavedec2(rng):
    """A 2-level ``wavedec2`` list of an 8x8 image with ``db2`` (sizes 3x3 then 5x5): not tightly packed."""
    return ([rng.normal(size=(3, 3)), tuple(rng.normal(size=(3, 3)) for _ in range(3)),
             tuple(rng.normal(size=(5, 5)) for _ in range(3))],)


def _wavedecn(rng):
    """A 2-level ``wavedecn`` list of a 4x8 array (periodization, both axes): tightly packed."""
    return ([rng.normal(size=(1, 2)), {k: rng.normal(size=(1, 2)) for k in ('ad', 'da', 'dd')},
             {k: rng.normal(size=(2, 4)) for k in ('ad', 'da', 'dd')}],)


def _wavedecn_axis1(rng):
    """A 2-level ``wavedecn`` list over axis 1 only of a 3x8 array."""
    return ([rng.normal(size=(3, 2)), {'d': rng.normal(size=(3, 2))}, {'d': rng.normal(size=(3, 4))}],)


def _signal(rng, n=8):
    return rng.normal(size=n)


def _ties(rng):
    """Values on both sides of 1.0, exactly 1.0 (a tie), and a zero (the division by zero of soft)."""
    return np.r_[rng.uniform(-3, 3, size=6), 1.0, -1.0, 0.0]


_TH = "_thresholding.py"
_ML = "_multilevel.py"
_WL = "data/_wavelab_signals.py"

CASES = [
    # _thresholding.py
    case(soft, lambda rng: (_ties(rng), np.float64(1.0)), PW(_TH, "soft", "a zero: 1 - value/0 = -inf, clipped")),
    case(soft, lambda rng: (rng.normal(size=6) + 1j * rng.normal(size=6), 0.8),
         PW(_TH, "soft", "complex data, a Python threshold"), name="pywt.soft_complex"),
    case(nn_garrote, lambda rng: (_ties(rng), np.float64(1.0)), PW(_TH, "nn_garrote")),
    case(hard, lambda rng: (_ties(rng), np.float64(1.0)), PW(_TH, "hard", "ties at the threshold stay")),
    case(hard, lambda rng: (rng.normal(size=6) + 1j * rng.normal(size=6), 1.0),
         PW(_TH, "hard", "complex data"), name="pywt.hard_complex"),
    case(greater, lambda rng: (_ties(rng), np.float64(0.5)), PW(_TH, "greater")),
    case(less, lambda rng: (rng.normal(size=(3, 4)), np.float64(0.0)), PW(_TH, "less", "2-D")),
    case(threshold_hard_sub, lambda rng: (_ties(rng), np.float64(1.0)),
         PW(_TH, "threshold", "mode='hard', substitute=-1")),
    case(threshold_soft_sub, lambda rng: (_ties(rng), np.float64(1.0)),
         PW(_TH, "threshold", "mode='soft', substitute: np.less and np.where")),
    case(threshold_garrote, lambda rng: (rng.normal(size=(2, 5)), np.float64(0.7)),
         PW(_TH, "threshold", "mode='garrote'")),
    case(threshold_garotte_sub, lambda rng: (_ties(rng), np.float64(1.0)),
         PW(_TH, "threshold", "the misspelled key, substitute")),
    case(threshold_greater, lambda rng: (_ties(rng), np.float64(-0.5)), PW(_TH, "threshold", "mode='greater'")),
    case(threshold_less_sub, lambda rng: (_ties(rng), np.float64(0.5)), PW(_TH, "threshold", "mode='less'")),
    case(threshold_firm_const, lambda rng: (_ties(rng) * 1.5,),
         PW(_TH, "threshold_firm", "Python thresholds; values above value_high: the indexed write")),
    case(threshold_firm, lambda rng: (_ties(rng) * 1.5, np.float64(0.5), np.float64(1.5)),
         PW(_TH, "threshold_firm", "thresholds as arrays: the raise tests on data"), name="pywt.threshold_firm_arrays"),
    case(threshold_firm, lambda rng: (rng.uniform(-0.4, 0.4, size=7), 0.5, 1.5),
         PW(_TH, "threshold_firm", "every value below value_low: np.any of no index"), name="pywt.threshold_firm_small"),
    case(threshold_firm, lambda rng: (np.r_[3.0, rng.uniform(-1, 1, size=5)], 0.5, 1.5),
         PW(_TH, "threshold_firm", "only index 0 is large: np.any of [0] is False, the write is skipped"),
         name="pywt.threshold_firm_index0"),
    # _dwt.py: pad
    case(pad_mode("symmetric"), lambda rng: (_signal(rng),), PW("_dwt.py", "pad", "mode='symmetric'")),
    case(pad_mode("reflect"), lambda rng: (_signal(rng),), PW("_dwt.py", "pad", "mode='reflect'")),
    case(pad_mode("periodic"), lambda rng: (_signal(rng),), PW("_dwt.py", "pad", "mode='periodic'")),
    case(pad_mode("periodization"), lambda rng: (_signal(rng, 7),),
         PW("_dwt.py", "pad", "mode='periodization', odd length: the edge pad first")),
    case(pad_mode("zero"), lambda rng: (rng.normal(size=(2, 3)),), PW("_dwt.py", "pad", "mode='zero', 2-D")),
    case(pad_mode("constant"), lambda rng: (_signal(rng),), PW("_dwt.py", "pad", "mode='constant' (edge)")),
    case(pad_mode("smooth"), lambda rng: (_signal(rng),), PW("_dwt.py", "pad", "mode='smooth': an np.pad callback")),
    case(pad_smooth_wide, lambda rng: (rng.normal(size=(1, 4)),),
         PW("_dwt.py", "pad", "mode='smooth', 2-D, a length-1 axis: the callback's early return")),
    case(pad_mode("antisymmetric"), lambda rng: (_signal(rng, 3),),
         PW("_dwt.py", "pad", "mode='antisymmetric': the callback's while loops")),
    case(pad_antisymmetric_long, lambda rng: (_signal(rng, 3),),
         PW("_dwt.py", "pad", "mode='antisymmetric', pads wider than the signal")),
    case(pad_mode("antireflect"), lambda rng: (_signal(rng),), PW("_dwt.py", "pad", "mode='antireflect'")),
    # _functions.py, _cwt.py
    case(_integrate, lambda rng: (rng.normal(size=9), np.float64(0.125)), PW("_functions.py", "_integrate")),
    case(qmf, lambda rng: (rng.normal(size=6),), PW("_functions.py", "qmf")),
    case(orthogonal_filter_bank, lambda rng: (rng.uniform(0.1, 1.0, size=4),),
         PW("_functions.py", "orthogonal_filter_bank")),
    case(next_fast_len, lambda rng: (np.int64(rng.integers(100, 120)),), PW("_cwt.py", "next_fast_len", "a NumPy int")),
    case(next_fast_len, lambda rng: (37,), PW("_cwt.py", "next_fast_len", "a Python int"), name="pywt.next_fast_len_int"),
    # _multilevel.py
    case(_match_coeff_dims, lambda rng: (rng.normal(size=(5, 4)), {'ad': rng.normal(size=(4, 4))}),
         PW(_ML, "_match_coeff_dims", "one extra row is truncated")),
    case(_match_coeff_dims, lambda rng: (rng.normal(size=3), {}), PW(_ML, "_match_coeff_dims", "no details: early return"),
         name="pywt._match_coeff_dims_empty"),
    case(coeffs_roundtrip_wavedec, _wavedec, PW(_ML, "coeffs_to_array", "wavedec format, then array_to_coeffs")),
    case(coeffs_roundtrip_wavedec2, _wavedec2,
         PW(_ML, "coeffs_to_array", "wavedec2 format, padding=NaN, then array_to_coeffs")),
    case(coeffs_to_array, _wavedecn, PW(_ML, "coeffs_to_array", "wavedecn format: the slices are returned too")),
    case(coeffs_to_array_tight, _wavedecn, PW(_ML, "coeffs_to_array", "padding=None: tight packing, np.empty")),
    case(coeffs_to_array_axes, _wavedecn_axis1, PW(_ML, "coeffs_to_array", "axes=(1,)")),
    case(coeffs_to_array_arr, lambda rng: ([rng.normal(size=(2, 3))],),
         PW(_ML, "coeffs_to_array", "approximation only: the early return"), name="pywt.coeffs_to_array_single"),
    case(ravel_roundtrip, _wavedecn, PW(_ML, "ravel_coeffs", "then unravel_coeffs, wavedecn")),
    case(ravel_roundtrip_wavedec2, _wavedec2, PW(_ML, "ravel_coeffs", "wavedec2 format, then unravel_coeffs")),
    case(wavedecn_size, _wavedecn, PW(_ML, "wavedecn_size", "arrays: .size")),
    case(wavedecn_size, lambda rng: ([(3, 3), {'ad': (3, 3), 'da': (3, 3), 'dd': (3, 3)}, {'ad': (5, 5), 'da': (5, 5),
                                                                                            'dd': (5, 5)}],),
         PW(_ML, "wavedecn_size", "shape tuples: np.prod"), name="pywt.wavedecn_size_shapes"),
    case(_fix_coeffs, lambda rng: ({'ad': rng.normal(size=3), 'da': [1.0, 2.0, 3.0], 'dd': rng.normal(size=3)},),
         PW("_multidim.py", "_fix_coeffs", "a list among the arrays")),
    # data/_wavelab_signals.py
    case(demo_signal, lambda rng: ('Blocks', 32), PW(_WL, "demo_signal", "Blocks: a loop of np.sign steps")),
    case(demo_signal, lambda rng: ('Bumps', 32), PW(_WL, "demo_signal", "Bumps"), name="pywt.demo_signal_bumps"),
    case(demo_signal, lambda rng: ('Ramp', 32), PW(_WL, "demo_signal", "Ramp: t minus a bool"),
         name="pywt.demo_signal_ramp"),
    case(demo_signal, lambda rng: ('HypChirps', 40), PW(_WL, "demo_signal", "HypChirps: envelope writes"),
         name="pywt.demo_signal_hypchirps"),
    case(demo_signal, lambda rng: ('Chirps', 32), PW(_WL, "demo_signal", "Chirps"), name="pywt.demo_signal_chirps"),
    case(demo_signal, lambda rng: ('Piece-Regular', 64),
         PW(_WL, "demo_signal", "Piece-Regular: the recursive call, negative-step writes"),
         name="pywt.demo_signal_piece_regular"),
    case(demo_signal, lambda rng: ('Piece-Polynomial', 64), PW(_WL, "demo_signal", "Piece-Polynomial"),
         name="pywt.demo_signal_piece_polynomial"),
    case(demo_signal, lambda rng: ('Riemann', 64), PW(_WL, "demo_signal", "Riemann: fancy write, np.fft.ifft"),
         name="pywt.demo_signal_riemann"),
    case(demo_signal, lambda rng: ('Gabor', None), PW(_WL, "demo_signal", "Gabor: complex, fixed length"),
         name="pywt.demo_signal_gabor"),
]
