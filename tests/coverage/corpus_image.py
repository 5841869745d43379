"""Colour spaces, exposure, metrics and thresholds from scikit-image (scikit-image/scikit-image, BSD-3-Clause).

Copied from scikit-image/scikit-image at cd0a3d22b9f359f05618d75d5c7a29b91b4951ca (src/_skimage2/:
color/colorconv.py, exposure/exposure.py, metrics/simple_metrics.py, filters/thresholding.py,
_shared/utils.py, util/dtype.py); docstrings and comments dropped. The ``@channel_as_last_axis()``
decorator is dropped: with the default ``channel_axis=-1`` it passes the image through unchanged.
The inputs are float64 images, for which skimage's ``img_as_float64`` returns the array itself
(a copy with ``force_copy=True``); ``util_dtype`` here is a stand-in that does just that, so the
module does not copy skimage's whole dtype-conversion machinery. ``_illuminants`` keeps D65 only.
"""

# ruff: noqa: UP034, E501, E741, N802, N803, N806, SIM108, RET505, B904, C416, E731
from __future__ import annotations

import types

import numpy as np
from scipy import linalg

from tests.coverage.cases import SKI, case

util_dtype = types.SimpleNamespace(  # see the docstring: float64 in, float64 out
    img_as_float64=lambda image, force_copy=False: np.array(image, dtype=np.float64, copy=force_copy or None),
    img_as_float32=lambda image, force_copy=False: np.array(image, dtype=np.float32, copy=force_copy or None),
)

# _shared/utils.py
new_float_type = {np.float32().dtype.char: np.float32, np.float64().dtype.char: np.float64, np.complex64().dtype.char: np.complex64, np.complex128().dtype.char: np.complex128, np.float16().dtype.char: np.float32, 'g': np.float64, 'G': np.complex128}

# util/dtype.py (the float entries of dtype_range)
dtype_range = {bool: (False, True), np.bool_: (False, True), float: (-1, 1), np.float16: (-1, 1), np.float32: (-1, 1), np.float64: (-1, 1)}

# color/colorconv.py
xyz_from_rgb = np.array([[0.412453, 0.35758, 0.180423], [0.212671, 0.71516, 0.072169], [0.019334, 0.119193, 0.950227]])
rgb_from_xyz = linalg.inv(xyz_from_rgb)
_illuminants = {'D65': {'2': (0.95047, 1.0, 1.08883), '10': (0.94809667673716, 1, 1.0730513595166162), 'R': (0.9532057125493769, 1, 1.0853843816469158)}}

# filters/thresholding.py
_DEFAULT_ENTROPY_BINS = tuple(np.arange(-0.5, 255.51, 1))


# _shared/utils.py
def _supported_float_type(input_dtype, allow_complex=False):
    if isinstance(input_dtype, tuple):
        return np.result_type(*(_supported_float_type(d) for d in input_dtype))
    input_dtype = np.dtype(input_dtype)
    if not allow_complex and input_dtype.kind == 'c':
        raise ValueError('complex valued input is not supported')
    return new_float_type.get(input_dtype.char, np.float64)


def check_shape_equality(*images):
    image0 = images[0]
    if not all((image0.shape == image.shape for image in images[1:])):
        raise ValueError('Input images must have the same dimensions.')
    return


# util/dtype.py
def dtype_limits(image, clip_negative=False):
    imin, imax = dtype_range[image.dtype.type]
    if clip_negative:
        imin = 0
    return (imin, imax)


# color/colorconv.py
def _prepare_colorarray(arr, force_copy=False, *, channel_axis=-1):
    arr = np.asanyarray(arr)
    if arr.shape[channel_axis] != 3:
        msg = f'the input array must have size 3 along `channel_axis`, got {arr.shape}'
        raise ValueError(msg)
    float_dtype = _supported_float_type(arr.dtype)
    if float_dtype == np.float32:
        _func = util_dtype.img_as_float32
    else:
        _func = util_dtype.img_as_float64
    return _func(arr, force_copy=force_copy)


def rgb2hsv(rgb, *, channel_axis=-1):
    input_is_one_pixel = rgb.ndim == 1
    if input_is_one_pixel:
        rgb = rgb[np.newaxis, ...]
    arr = _prepare_colorarray(rgb, channel_axis=-1)
    out = np.empty_like(arr)
    out_v = arr.max(-1)
    delta = np.ptp(arr, axis=-1)
    old_settings = np.seterr(invalid='ignore')
    out_s = delta / out_v
    out_s[delta == 0.0] = 0.0
    idx = arr[..., 0] == out_v
    out[idx, 0] = (arr[idx, 1] - arr[idx, 2]) / delta[idx]
    idx = arr[..., 1] == out_v
    out[idx, 0] = 2.0 + (arr[idx, 2] - arr[idx, 0]) / delta[idx]
    idx = arr[..., 2] == out_v
    out[idx, 0] = 4.0 + (arr[idx, 0] - arr[idx, 1]) / delta[idx]
    out_h = out[..., 0] / 6.0 % 1.0
    out_h[delta == 0.0] = 0.0
    np.seterr(**old_settings)
    out[..., 0] = out_h
    out[..., 1] = out_s
    out[..., 2] = out_v
    out[np.isnan(out)] = 0
    if input_is_one_pixel:
        out = np.squeeze(out, axis=0)
    return out


def hsv2rgb(hsv, *, channel_axis=-1):
    arr = _prepare_colorarray(hsv, channel_axis=-1)
    hi = np.floor(arr[..., 0] * 6)
    f = arr[..., 0] * 6 - hi
    p = arr[..., 2] * (1 - arr[..., 1])
    q = arr[..., 2] * (1 - f * arr[..., 1])
    t = arr[..., 2] * (1 - (1 - f) * arr[..., 1])
    v = arr[..., 2]
    hi = np.stack([hi, hi, hi], axis=-1).astype(np.uint8) % 6
    out = np.choose(hi, np.stack([np.stack((v, t, p), axis=-1), np.stack((q, v, p), axis=-1), np.stack((p, v, t), axis=-1), np.stack((p, q, v), axis=-1), np.stack((t, p, v), axis=-1), np.stack((v, p, q), axis=-1)]))
    return out


def xyz_tristimulus_values(*, illuminant, observer, dtype=float):
    illuminant = illuminant.upper()
    observer = observer.upper()
    try:
        return np.asarray(_illuminants[illuminant][observer], dtype=dtype)
    except KeyError:
        raise ValueError(f'Unknown illuminant/observer combination (`{illuminant}`, `{observer}`)')


def _convert(matrix, arr):
    arr = _prepare_colorarray(arr)
    return arr @ matrix.T.astype(arr.dtype)


def xyz2rgb(xyz, *, channel_axis=-1):
    arr = _convert(rgb_from_xyz, xyz)
    mask = arr > 0.0031308
    arr[mask] = 1.055 * np.power(arr[mask], 1 / 2.4) - 0.055
    arr[~mask] *= 12.92
    np.clip(arr, 0, 1, out=arr)
    return arr


def rgb2xyz(rgb, *, channel_axis=-1):
    arr = _prepare_colorarray(rgb, channel_axis=-1).copy()
    mask = arr > 0.04045
    arr[mask] = np.power((arr[mask] + 0.055) / 1.055, 2.4)
    arr[~mask] /= 12.92
    return arr @ xyz_from_rgb.T.astype(arr.dtype)


def rgb2gray(rgb, *, channel_axis=-1):
    rgb = _prepare_colorarray(rgb)
    coeffs = np.array([0.2125, 0.7154, 0.0721], dtype=rgb.dtype)
    return rgb @ coeffs


def xyz2lab(xyz, illuminant='D65', observer='2', *, channel_axis=-1):
    arr = _prepare_colorarray(xyz, channel_axis=-1)
    xyz_ref_white = xyz_tristimulus_values(illuminant=illuminant, observer=observer, dtype=arr.dtype)
    arr = arr / xyz_ref_white
    mask = arr > 0.008856
    arr[mask] = np.cbrt(arr[mask])
    arr[~mask] = 7.787 * arr[~mask] + 16.0 / 116.0
    x, y, z = (arr[..., 0], arr[..., 1], arr[..., 2])
    L = 116.0 * y - 16.0
    a = 500.0 * (x - y)
    b = 200.0 * (y - z)
    return np.concatenate([x[..., np.newaxis] for x in [L, a, b]], axis=-1)


def _lab2xyz(lab, illuminant, observer):
    arr = _prepare_colorarray(lab, channel_axis=-1).copy()
    L, a, b = (arr[..., 0], arr[..., 1], arr[..., 2])
    y = (L + 16.0) / 116.0
    x = a / 500.0 + y
    z = y - b / 200.0
    invalid = np.atleast_1d(z < 0).nonzero()
    n_invalid = invalid[0].size
    if n_invalid != 0:
        if z.ndim > 0:
            z[invalid] = 0
        else:
            z = 0
    out = np.stack([x, y, z], axis=-1)
    mask = out > 0.2068966
    out[mask] = np.power(out[mask], 3.0)
    out[~mask] = (out[~mask] - 16.0 / 116.0) / 7.787
    xyz_ref_white = xyz_tristimulus_values(illuminant=illuminant, observer=observer)
    out *= xyz_ref_white
    return (out, n_invalid)


def _cart2polar_2pi(x, y):
    r, t = (np.hypot(x, y), np.arctan2(y, x))
    t += np.where(t < 0.0, 2 * np.pi, 0)
    return (r, t)


def lab2lch(lab, *, channel_axis=-1):
    lch = _prepare_lab_array(lab)
    a, b = (lch[..., 1], lch[..., 2])
    lch[..., 1], lch[..., 2] = _cart2polar_2pi(a, b)
    return lch


def _prepare_lab_array(arr, force_copy=True):
    arr = np.asarray(arr)
    shape = arr.shape
    if shape[-1] < 3:
        raise ValueError('Input image has less than 3 channels.')
    float_dtype = _supported_float_type(arr.dtype)
    if float_dtype == np.float32:
        _func = util_dtype.img_as_float32
    else:
        _func = util_dtype.img_as_float64
    return _func(arr, force_copy=force_copy)


# exposure/exposure.py
def _assert_non_negative(image):
    if np.any(image < 0):
        raise ValueError('Image Correction methods work correctly only on images with non-negative values. Use skimage.exposure.rescale_intensity.')


def _adjust_gamma_u8(image, gamma, gain):
    lut = 255 * gain * np.linspace(0, 1, 256) ** gamma
    lut = np.minimum(np.rint(lut), 255).astype('uint8')
    return lut[image]


def adjust_gamma(image, gamma=1, gain=1):
    if gamma < 0:
        raise ValueError('Gamma should be a non-negative real number.')
    dtype = image.dtype.type
    if dtype is np.uint8:
        out = _adjust_gamma_u8(image, gamma, gain)
    else:
        _assert_non_negative(image)
        limits = dtype_limits(image, clip_negative=True)
        scale = float(limits[1] - limits[0])
        out = ((image / scale) ** gamma * scale * gain).astype(dtype)
    return out


def adjust_log(image, gain=1, inv=False):
    _assert_non_negative(image)
    dtype = image.dtype.type
    scale = float(dtype_limits(image, True)[1] - dtype_limits(image, True)[0])
    if inv:
        out = (2 ** (image / scale) - 1) * scale * gain
        return dtype(out)
    out = np.log2(1 + image / scale) * scale * gain
    return out.astype(dtype)


def adjust_sigmoid(image, cutoff=0.5, gain=10, inv=False):
    _assert_non_negative(image)
    dtype = image.dtype.type
    scale = float(dtype_limits(image, True)[1] - dtype_limits(image, True)[0])
    if inv:
        out = (1 - 1 / (1 + np.exp(gain * (cutoff - image / scale)))) * scale
        return dtype(out)
    out = 1 / (1 + np.exp(gain * (cutoff - image / scale))) * scale
    return out.astype(dtype)


# metrics/simple_metrics.py
def _as_floats(image0, image1):
    float_type = _supported_float_type((image0.dtype, image1.dtype))
    image0 = np.asarray(image0, dtype=float_type)
    image1 = np.asarray(image1, dtype=float_type)
    return (image0, image1)


def mean_squared_error(image0, image1):
    check_shape_equality(image0, image1)
    image0, image1 = _as_floats(image0, image1)
    return np.mean((image0 - image1) ** 2, dtype=np.float64)


def normalized_root_mse(image_true, image_test, *, normalization='euclidean'):
    check_shape_equality(image_true, image_test)
    image_true, image_test = _as_floats(image_true, image_test)
    normalization = normalization.lower()
    if normalization == 'euclidean':
        denom = np.sqrt(np.mean(image_true * image_true, dtype=np.float64))
    elif normalization == 'min-max':
        denom = image_true.max() - image_true.min()
    elif normalization == 'mean':
        denom = image_true.mean()
    else:
        raise ValueError('Unsupported norm_type')
    return np.sqrt(mean_squared_error(image_true, image_test)) / denom


# filters/thresholding.py
def threshold_li(image, *, tolerance=None, initial_guess=None, iter_callback=None):
    image = image[~np.isnan(image)]
    if image.size == 0:
        return np.nan
    if np.all(image == image.flat[0]):
        return image.flat[0]
    image = image[np.isfinite(image)]
    if image.size == 0:
        return 0.0
    image_min = np.min(image)
    image -= image_min
    if image.dtype.kind in 'iu':
        tolerance = tolerance or 0.5
    else:
        tolerance = tolerance or np.min(np.diff(np.unique(image))) / 2
    if initial_guess is None:
        t_next = np.mean(image)
    elif callable(initial_guess):
        t_next = initial_guess(image)
    elif np.isscalar(initial_guess):
        t_next = initial_guess - float(image_min)
        image_max = np.max(image) + image_min
        if not 0 < t_next < np.max(image):
            msg = f'The initial guess for threshold_li must be within the range of the image. Got {initial_guess} for image min {image_min} and max {image_max}.'
            raise ValueError(msg)
        t_next = image.dtype.type(t_next)
    else:
        raise TypeError('Incorrect type for `initial_guess`; should be a floating point value, or a function mapping an array to a floating point value.')
    t_curr = -2 * tolerance
    if iter_callback is not None:
        iter_callback(t_next + image_min)
    if image.dtype.kind in 'iu':
        hist, bin_centers = histogram(image.reshape(-1), source_range='image')  # noqa: F821 (integer images only: not copied)
        hist = hist.astype('float32', copy=False)
        while abs(t_next - t_curr) > tolerance:
            t_curr = t_next
            foreground = bin_centers > t_curr
            background = ~foreground
            mean_fore = np.average(bin_centers[foreground], weights=hist[foreground])
            mean_back = np.average(bin_centers[background], weights=hist[background])
            if mean_back == 0:
                break
            t_next = (mean_back - mean_fore) / (np.log(mean_back) - np.log(mean_fore))
            if iter_callback is not None:
                iter_callback(t_next + image_min)
    else:
        while abs(t_next - t_curr) > tolerance:
            t_curr = t_next
            foreground = image > t_curr
            mean_fore = np.mean(image[foreground])
            mean_back = np.mean(image[~foreground])
            if mean_back == 0.0:
                break
            t_next = (mean_back - mean_fore) / (np.log(mean_back) - np.log(mean_fore))
            if iter_callback is not None:
                iter_callback(t_next + image_min)
    threshold = t_next + image_min
    return threshold


def _cross_entropy(image, threshold, bins=_DEFAULT_ENTROPY_BINS):
    histogram, bin_edges = np.histogram(image, bins=bins, density=True)
    bin_centers = np.convolve(bin_edges, [0.5, 0.5], mode='valid')
    t = np.flatnonzero(bin_centers > threshold)[0]
    m0a = np.sum(histogram[:t])
    m0b = np.sum(histogram[t:])
    m1a = np.sum(histogram[:t] * bin_centers[:t])
    m1b = np.sum(histogram[t:] * bin_centers[t:])
    mua = m1a / m0a
    mub = m1b / m0b
    nu = -m1a * np.log(mua) - m1b * np.log(mub)
    return nu


# --- inputs ---------------------------------------------------------------------------------

def _rgb(rng):
    return rng.uniform(0.0, 1.0, size=(6, 5, 3))


def _lab(rng):
    return np.stack([rng.uniform(10, 90, size=(6, 5)), rng.uniform(-40, 40, size=(6, 5)), rng.uniform(-40, 40, size=(6, 5))], axis=-1)


_C = "src/_skimage2/color/colorconv.py"
_E = "src/_skimage2/exposure/exposure.py"
_M = "src/_skimage2/metrics/simple_metrics.py"
_T = "src/_skimage2/filters/thresholding.py"

CASES = [
    case(rgb2hsv, lambda rng: (_rgb(rng),), SKI(_C, "rgb2hsv")),
    case(hsv2rgb, lambda rng: (_rgb(rng),), SKI(_C, "hsv2rgb")),
    case(xyz2rgb, lambda rng: (_rgb(rng) * 0.9,), SKI(_C, "xyz2rgb")),
    case(rgb2xyz, lambda rng: (_rgb(rng),), SKI(_C, "rgb2xyz")),
    case(rgb2gray, lambda rng: (_rgb(rng),), SKI(_C, "rgb2gray")),
    case(xyz2lab, lambda rng: (_rgb(rng) * 0.9,), SKI(_C, "xyz2lab")),
    case(_lab2xyz, lambda rng: (_lab(rng), "D65", "2"), SKI(_C, "_lab2xyz")),
    case(_cart2polar_2pi, lambda rng: (rng.normal(size=8), rng.normal(size=8)), SKI(_C, "_cart2polar_2pi")),
    case(lab2lch, lambda rng: (_lab(rng),), SKI(_C, "lab2lch")),
    case(adjust_gamma, lambda rng: (rng.uniform(0, 1, size=(6, 5)), 0.8), SKI(_E, "adjust_gamma")),
    case(adjust_log, lambda rng: (rng.uniform(0, 1, size=(6, 5)),), SKI(_E, "adjust_log")),
    case(adjust_sigmoid, lambda rng: (rng.uniform(0, 1, size=(6, 5)), 0.5, 10, True), SKI(_E, "adjust_sigmoid", "inv=True")),
    case(mean_squared_error, lambda rng: (rng.uniform(0, 1, size=(6, 5)), rng.uniform(0, 1, size=(6, 5))), SKI(_M, "mean_squared_error")),
    case(normalized_root_mse, lambda rng: (rng.uniform(0, 1, size=(6, 5)), rng.uniform(0, 1, size=(6, 5))), SKI(_M, "normalized_root_mse")),
    case(threshold_li, lambda rng: (rng.uniform(0, 1, size=(8, 8)),), SKI(_T, "threshold_li")),
    case(_cross_entropy, lambda rng: (rng.uniform(0, 255, size=(8, 8)), np.float64(rng.uniform(100, 150))), SKI(_T, "_cross_entropy")),
]
