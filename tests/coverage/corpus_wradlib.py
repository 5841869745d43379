"""wradlib's weather-radar processing in NumPy: the unit conversions of ``trafo.py`` (decibels, RVP counts, Kdp to
rain rate, wind speeds), the Z-R relations of ``zr.py`` (Marshall-Palmer, the DWD's three-part relation with its
shower index from ``scipy.signal.convolve`` and five masked writes ``rr[mask] = z_to_r(z[mask], ...)``), the
attenuation corrections of ``atten.py`` (Hitschfeld-Bordan gate by gate with ``if np.any(overflow):`` and a string
``mode`` that writes ``pia[..., gate + 1][overflow] = np.nan`` through a view, Kraemer's forward correction, the
bisection of ``a`` and ``b`` in a ``while not np.all(a_hi == a_lo)`` with masked writes of the bounds, the wet-radome
loss over a masked array), the quality functions of ``qual.py`` (the beam-blockage fraction with ``pbb[clear] = 0``,
its cumulative form in nested loops up to each beam's ``nanargmax``, the bright-band ratio), the polarimetric
functions of ``dp.py`` (the Vulpiani phase unfolding through ``np.where`` index tuples, the naive unfolding with
``continue``, a ``for`` ... ``break`` whose index is used after the loop, ``+= 360`` on elements), the helpers of
``util.py`` (trapezoidal memberships, polar rolls, bounding boxes by ``searchsorted`` with ``if`` on the indices,
polynomials, gradients, regressions by ``lstsq``, covariances and matrix inverses, masked or not, the rolling windows of ``np.lib.stride_tricks.as_strided`` behind ``despeckle`` and ``derivate``, the wrap-padded ``texture``, ``scipy.signal.medfilt`` with a kernel size written into ``np.array(x.shape)``), Kdp from PhiDP and Vulpiani's iteration, the clutter filters and fuzzy hydrometeor classification of ``classify.py``
(Gabella's neighbour count and his filter with ``ndimage.label``, ``histo_cut``'s ``while`` over histogram bounds with two ``for`` ... ``break`` loops,
the cloud-type filter, the window-distance filter, the membership functions), and the composites of ``comp.py``
(``compose_ko`` appends to and pops from its list arguments) (wradlib/wradlib, MIT).

Copied from wradlib/wradlib at d2c9ef03d110aaf88ecf89b16f11ac0c8a26b117 (version 2.x; ``LICENSE.txt``: source code
files are under the MIT License, ``LICENSE-MIT``; every file carries "Copyright (c) 2011-2026, wradlib developers.
Distributed under the MIT License"), the files named in each section below (under ``wradlib/``). Bodies are as
written, comments kept, docstrings dropped.

Adapted, beyond that:

* ``@singledispatch`` and the ``.register(xarray...)`` overloads are dropped (the NumPy implementation is the
  function; ``qual.py``'s ``_pulse_volume_numpy`` and ``_get_bb_ratio_numpy`` are the registered ``np.ndarray``
  overloads of ``pulse_volume`` and ``get_bb_ratio``, under their own names here);
* the package's modules that the functions reach as ``trafo.``, ``zr.`` and ``util.`` are namespaces of the copied
  functions (``classify.py``'s ``trapezoid`` takes ``util.py``'s name at module level, so ``util.trapezoid`` is kept
  in the namespace); ``atten.py``'s ``AttenuationOverflowError`` (docstring dropped: ``pass``) and ``logger`` are
  copied; the module-level imports are those of the source modules;
* a setting the source takes as a keyword (``mode=``, ``polar=``, ``shower=``, ``method=``, ``kind=``, ``snow=``,
  the Z-R coefficients) is given by a one-line wrapper named after the case, so the traced arguments are the arrays.

The inputs: sweeps of 8 to 36 azimuths by 20 to 40 range gates of reflectivity in 0-45 dBZ (some beams with
cells over 50 dBZ, so that the Hitschfeld-Bordan sum overflows its 59 dBZ threshold), NaN gates, integer and
float32 sweeps; differential phase rising 0-200 degrees along the beam and folded at 180 degrees in some beams,
rho_HV in 0.7-1.0, terrain and beam heights around the beam's half-power radius (clear, partly and fully blocked
gates), cloud-type classes 0-20, and the composites' radar grids with their quality grids (NaN where a radar does
not see).
"""

# ruff: noqa: E501, E741, N802, N803, N806, UP031, UP032, B007, B905, RUF005
from __future__ import annotations

import logging
import types

import numpy as np
from scipy import integrate, interpolate, ndimage, signal

from tests.coverage.cases import WRADLIB, Source, case


def WR(path: str, original: str, note: str = "") -> Source:
    return Source(WRADLIB, "wradlib/" + path, original, note)


# --- wradlib/trafo.py ---


# CONSTANTS
meters_per_mile = 1609.344
meters_per_nautical_mile = 1852.0


def rvp_to_dbz(x):
    return x * 0.5 - 32.5


def decibel(x):
    return 10.0 * np.log10(x)


def idecibel(x):
    return 10.0 ** (x / 10.0)


def r_to_depth(x, interval):
    return x * interval / 3600.0


def kdp_to_r(kdp, f, a=129.0, b=0.85):
    return np.sign(kdp) * a * (np.abs(kdp) / f) ** b


def si_to_kmh(vals):
    return vals * 3600.0 / 1000.0


def si_to_mph(vals):
    return vals * 3600.0 / meters_per_mile


def si_to_kts(vals):
    return vals * 3600.0 / meters_per_nautical_mile


def kts_to_si(vals):
    return vals * meters_per_nautical_mile / 3600.0


trafo = types.SimpleNamespace(decibel=decibel, idecibel=idecibel)


# --- wradlib/zr.py ---


def z_to_r(z, *, a=200.0, b=1.6):
    return (z / a) ** (1.0 / b)


def r_to_z(r, *, a=200.0, b=1.6):
    return a * r**b


def z_to_r_enhanced(z, *, polar=True, shower=True):
    z = np.asanyarray(z, dtype=np.float64)
    shape = z.shape
    z = z.reshape((-1,) + shape[-2:])
    if polar:
        z0 = np.concatenate([z[:, -1:, :], z, z[:, 0:1, :]], axis=-2)
        x_ymin, x_ymax = 2, -2
        y_ymin, y_ymax = 1, -1
        x_xmin, x_xmax = None, None
        y_xmin, y_xmax = 1, -1
    else:
        z0 = z.copy()
        x_ymin, x_ymax = 1, -1
        y_ymin, y_ymax = None, None
        x_xmin, x_xmax = None, None
        y_xmin, y_xmax = 1, -1
    z0 = trafo.decibel(z0)

    # create shower index using differences and convolution sum
    diffx = np.abs(np.diff(z0, n=1, axis=-1))
    diffy = np.abs(np.diff(z0, n=1, axis=-2))
    xkernel = np.ones((1, 3, 2))
    ykernel = np.ones((1, 2, 3))
    resx = signal.convolve(diffx, xkernel, mode="full", method="direct")[
        :, x_ymin:x_ymax, x_xmin:x_xmax
    ]
    resy = signal.convolve(diffy, ykernel, mode="full", method="direct")[
        :, y_ymin:y_ymax, y_xmin:y_xmax
    ]
    si = resx + resy

    # edge cases divide by 7, everything else divide by 12
    if polar:
        si[:, :, 0] /= 7.0
        si[:, :, -1] /= 7.0
        si[:, :, 1:-1] /= 12.0
    else:
        si[:, 1:-1, 1:-1] /= 12.0
        si[:, :, 0] /= 7
        si[:, :, -1] /= 7.0
        si[:, 0, :] /= 7
        si[:, -1, :] /= 7.0

    rr = np.zeros(z.shape)
    z0_ = z0[:, y_ymin:y_ymax, :]

    # get masks
    gt44 = z0_ > 44
    bt3644 = (z0_ >= 36.5) & (z0_ <= 44.0)
    si[bt3644] = -1.0
    si[gt44] = -1.0
    mn75h = (si > 7.5) & (si < 36.5)
    mn35 = (si > -1) & (si < 3.5)
    mn75l = (si >= 3.5) & (si <= 7.5)

    # calculate rainrates according DWD
    rr[mn75l] = z_to_r(z[mn75l], a=200.0, b=1.6)
    rr[mn75h] = z_to_r(z[mn75h], a=320.0, b=1.4)
    rr[mn35] = z_to_r(z[mn35], a=125.0, b=1.4)
    rr[gt44] = z_to_r(z[gt44], a=77.0, b=1.9)
    rr[bt3644] = z_to_r(z[bt3644], a=200.0, b=1.6)

    rr = rr.reshape(shape)
    si = si.reshape(shape)

    if shower:
        return rr, si
    else:
        return rr


zr = types.SimpleNamespace(z_to_r=z_to_r)


# --- wradlib/util.py ---


def _shape_to_size(shape):
    out = 1
    for item in shape:
        out *= item
    return out


def meshgrid_n(*arrs):
    arrs = tuple(arrs)
    lens = list(map(len, arrs))
    dim = len(arrs)

    sz = 1
    for s in lens:
        sz *= s

    ans = []
    for i, arr in enumerate(arrs):
        slc = [1] * dim
        slc[i] = lens[i]
        arr2 = np.asarray(arr).reshape(slc)
        for j, sz in enumerate(lens):
            if j != i:
                arr2 = arr2.repeat(sz, axis=j)
        ans.append(arr2)
    return tuple(ans)


def gridaspoints(*arrs):
    # there is a small gotcha here.
    # with the convention following the 2013-08-30 sprint in Potsdam it was
    # agreed upon that arrays should have shapes (...,z,y,x) similar to the
    # convention that polar data should be (...,time,scan,azimuth,range)
    #
    # Still coordinate tuples are given in the order (x,y,z) [and hopefully not
    # more dimensions]. Therefore, np.meshgrid must be fed the axis coordinates
    # in shape order (z,y,x) and the result needs to be reversed in order
    # for everything to work out.
    grid = tuple([dim.ravel() for dim in reversed(np.meshgrid(*arrs, indexing="ij"))])
    return np.vstack(grid).transpose()


def trapezoid(data, x1, x2, x3, x4):

    d = np.ones(np.shape(data))
    d[np.logical_or(data <= x1, data >= x4)] = 0
    d[np.logical_and(data >= x2, data <= x3)] = 1
    d[np.logical_and(data > x1, data < x2)] = (
        data[np.logical_and(data > x1, data < x2)] - x1
    ) / float(x2 - x1)
    d[np.logical_and(data > x3, data < x4)] = (
        x4 - data[np.logical_and(data > x3, data < x4)]
    ) / float(x4 - x3)

    d[np.isnan(data)] = np.nan

    return d


def prob_round(x, *, prec=0):
    fixup = np.sign(x) * 10**prec
    x *= fixup
    intx = x.astype(int)
    round_func = intx + np.random.binomial(1, x - intx)
    return round_func / fixup


def filter_window_polar(img, wsize, fun, rscale, *, random=False):
    ascale = 2 * np.pi / img.shape[0]
    data_filtered = np.empty(img.shape, dtype=img.dtype)
    fun = getattr(ndimage, f"{fun}_filter1d")
    nbins = img.shape[-1]
    ranges = np.arange(nbins) * rscale + rscale / 2
    asize = ranges * ascale
    if random:
        na = prob_round(wsize / asize).astype(int)
    else:
        na = np.trunc(wsize / asize + 0.5).astype(int)
    # Maximum of adjacent azimuths (higher close to the origin) to
    # increase performance
    na[na > 20] = 20
    sr = np.trunc(wsize / rscale + 0.5).astype(int)
    for sa in np.unique(na):
        imax = np.where(na >= sa)[0][-1] + 1
        imin = np.where(na <= sa)[0][0]
        if sa == 0:
            data_filtered[:, imin:imax] = img[:, imin:imax]
        imin2 = max(imin - sr, 0)
        imax2 = min(imax + sr, nbins)
        temp = img[:, imin2:imax2]
        temp = fun(temp, size=2 * sa + 1, mode="wrap", axis=0)
        temp = fun(temp, size=2 * sr + 1, axis=1)
        imin3 = imin - imin2
        imax3 = imin3 + imax - imin
        data_filtered[:, imin:imax] = temp[:, imin3:imax3]
    return data_filtered


def roll2d_polar(img, shift=1, axis=0):
    if shift == 0:
        return img
    else:
        out = np.empty(img.shape)
    n = img.shape[axis]
    if axis == 0:
        if shift > 0:
            out[shift:, :] = img[:-shift, :]
            out[:shift, :] = img[n - shift :, :]
        else:
            out[:shift, :] = img[-shift:, :]
            out[n + shift :, :] = img[:-shift:, :]
    else:
        if shift > 0:
            out[:, shift:] = img[:, :-shift]
            out[:, :shift] = np.nan
        else:
            out[:, :shift] = img[:, -shift:]
            out[:, n + shift :] = np.nan
    return out


def half_power_radius(r, bwhalf):

    rhalf = (r * np.deg2rad(bwhalf)) / 2.0

    return rhalf


def get_raster_origin(coords):
    return "lower" if (coords[1, 1] - coords[0, 0])[1] > 0 else "upper"


def find_bbox_indices(coords, bbox):

    # sort arrays
    x_sort = np.argsort(coords[0, :, 0])
    y_sort = np.argsort(coords[:, 0, 1])

    # find indices in sorted arrays
    llx = np.searchsorted(coords[0, :, 0], bbox[0], side="left", sorter=x_sort)
    urx = np.searchsorted(coords[0, :, 0], bbox[2], side="right", sorter=x_sort)
    lly = np.searchsorted(coords[:, 0, 1], bbox[1], side="left", sorter=y_sort)
    ury = np.searchsorted(coords[:, 0, 1], bbox[3], side="right", sorter=y_sort)

    # get indices in original array
    if llx < len(x_sort):
        llx = x_sort[llx]
    if urx < len(x_sort):
        urx = x_sort[urx]
    if lly < len(y_sort):
        lly = y_sort[lly]
    if ury < len(y_sort):
        ury = y_sort[ury]

    # check at boundaries
    if llx:
        llx -= 1
    if get_raster_origin(coords) == "lower":
        if lly:
            lly -= 1
    else:
        if lly < coords.shape[0]:
            lly += 1

    bbind = (llx, min(lly, ury), urx, max(lly, ury))

    return bbind


def calculate_polynomial(data, w):
    poly = np.zeros_like(data)
    for i, c in enumerate(w):
        poly += c * data**i
    return poly


def gradient_along_axis(x, *, axis=-1):
    newshape = np.array(x.shape)
    newshape[axis] = 1
    diff_begin = (x[..., 1] - x[..., 0]).reshape(newshape)
    diff_end = (x[..., -1] - x[..., -2]).reshape(newshape)
    diffs = (x - np.roll(x, 2, axis)) / 2.0
    diffs = np.append(diffs[..., 2:], diff_end, axis=axis)
    return np.insert(diffs, [0], diff_begin, axis=axis)


def center_to_edge(centers):
    delta = centers[1] - centers[0]
    edges = np.insert(centers + delta / 2, 0, centers[0] - delta / 2)

    return edges


def _pad_array(data, pad, *, mode="reflect", **kwargs):
    pad_width = [(0,)] * (data.ndim - 1) + [(pad,)]
    if mode in ["maximum", "mean", "median", "minimum"]:
        kwargs["stat_length"] = kwargs.pop("stat_length", pad)
    data = np.pad(data, pad_width, mode=mode, **kwargs)
    return data


def _linregress_1d(rhs, *, method="lstsq"):
    shape = rhs.shape

    rhs = rhs.reshape((-1, rhs.shape[-1]))

    if "cov" in method:
        lhs = np.arange(rhs.shape[-1])
        if "nan" in method:
            idx = np.argsort(rhs, axis=-1)
            rhs = np.sort(rhs, axis=-1)
            lhs = lhs[idx]

            # special treatment for wradlib, use fast method by slicing NaN's
            if "iter" in method:
                nan = np.argmax(np.isnan(rhs), axis=-1)
                unique = np.unique(nan)
                if len(unique) == 1:
                    rhs = rhs[..., : unique[0]]
                    lhs = lhs[..., : unique[0]]
                    method = "cov"
        else:
            lhs = np.broadcast_to(lhs, (rhs.shape))
        lhs = lhs.T
    else:
        lhs = np.vander(np.arange(shape[-1], dtype=rhs.dtype), 2)

    rhs = rhs.T

    if method == "lstsq":
        out = np.linalg.lstsq(lhs, rhs, rcond=None)[0][0]
    elif method == "lstsq_nan":
        out = np.apply_along_axis(_nan_lstsq, 0, rhs, lhs)
    elif method == "cov":
        out = _cov(lhs, rhs)
    elif "cov_nan" in method:
        out = _nan_cov(lhs, rhs)
    elif method == "matrix_inv":
        out = _matrix_inv(lhs, rhs)
    elif method == "matrix_inv_nan":
        out = np.apply_along_axis(_nan_matrix_inv, 0, rhs, lhs)
    else:
        raise ValueError(f"Unknown method {method!r}.")

    return out.reshape(shape[:-1])


def _cov(x, y):
    # calculate covariances
    cov = np.sum((x - x.mean(axis=0)) * (y - y.mean(axis=0)), axis=0) / y.shape[0]
    # calculate slope
    out = cov / (x.std(axis=0) ** 2)
    return out


def _lanczos_differentiator(winlen):
    m = (winlen - 1) / 2
    denom = m * (m + 1.0) * (2 * m + 1.0)
    k = np.arange(1, m + 1)
    f = 3 * k / denom
    return np.r_[f[::-1], [0], -f]


def medfilt_along_axis(x, n, *, axis=-1):
    kernel_size = np.array(x.shape)
    kernel_size[:] = 1
    kernel_size[axis] = n
    return signal.medfilt(x, kernel_size)


def gradient_from_smoothed(x, *, n=5, axis=-1):
    return gradient_along_axis(medfilt_along_axis(x, n=5, axis=axis)).astype("f4")


def _rolling_dim(data, window):
    shape = data.shape[:-1] + (data.shape[-1] - window + 1, window)
    strides = data.strides + (data.strides[-1],)
    return np.lib.stride_tricks.as_strided(data, shape=shape, strides=strides)


def _nan_lstsq(y, x):
    mask = np.isnan(y)
    out, _, _, _ = np.linalg.lstsq(x[~mask, :], y[~mask], rcond=None)
    return out[0]


def _nan_matrix_inv(y, x):
    mask = np.isnan(y)
    x = x[~mask]
    out = np.dot(np.linalg.inv(np.dot(x.T, x)), np.dot(x.T, y[~mask]))
    return out[0]


def _matrix_inv(x, y):
    out = np.dot(np.linalg.inv(np.dot(x.T, x)), np.dot(x.T, y))
    return out[0]


def _nan_cov(x, y):
    y = np.ma.masked_invalid(y)
    x = np.ma.masked_array(x, mask=np.ma.getmask(y))

    # calculate covariances
    cov = np.ma.sum((x - x.mean(axis=0)) * (y - y.mean(axis=0)), axis=0) / y.count(
        axis=0
    )
    # calculate slope
    out = cov / (x.std(axis=0) ** 2)
    return out


def derivate(data, *, winlen=7, method="lanczos_conv", skipna=False, **kwargs):
    if (winlen % 2) != 1:
        raise ValueError(f"`winlen` must be an odd number, but {winlen} given.")
    # Make really sure winlen is an integer
    winlen = int(winlen)

    shape = data.shape
    data = data.reshape((-1, shape[-1]))

    # pad data using pad_mode on derivation dimension
    pad = winlen // 2
    pad_kwargs = kwargs.pop("pad_kwargs", {})
    pad_kwargs["mode"] = kwargs.pop("pad_mode", "reflect")
    data_pad = _pad_array(data, pad, **pad_kwargs)
    data_roll = None

    # calculate derivative
    if method == "lanczos_conv":
        # we use constant nan padding here,
        # more sophisticated padding was already done
        out = ndimage.convolve1d(
            data_pad, _lanczos_differentiator(winlen), axis=-1, mode="constant"
        )
        # strip padding for convolution method
        out = out[..., pad:-pad]
    elif method == "finite_difference_vulpiani":
        out = (data_pad[..., winlen - 1 :] - data_pad[..., : shape[-1]]) / winlen
    else:
        data_roll = _rolling_dim(data_pad, winlen)
        if method == "lanczos_dot":
            out = np.dot(data_roll, _lanczos_differentiator(winlen) * -1)
        elif method in ["lstsq", "cov", "cov_nan", "matrix_inv"]:
            out = _linregress_1d(data_roll, method=method)
        else:
            raise ValueError(f"Unknown method {method!r}")

    # NaN treatment
    if skipna:
        # find remaining NaN values with valid neighbours
        invalid = np.isnan(out)
        if np.any(invalid):
            min_periods = kwargs.pop("min_periods", winlen // 2 + 1)
            if min_periods < 2:
                raise ValueError("`min_periods` need to be >= 2.")
            # automatically select method2 if not given
            if method in ["lstsq", "matrix_inv"]:
                m2 = method + "_nan"
            else:
                m2 = "cov_nan"
            method2 = kwargs.pop("method2", m2)

            # bring data into needed shape
            data_roll = (
                _rolling_dim(data_pad, winlen) if data_roll is None else data_roll
            )
            data_roll = data_roll.reshape((-1, data_roll.shape[-1]))

            # internal speed up by iterating over same NaN counts and using
            # faster calculation method
            # ToDo: this doesn't seem to speed up anything, rechecking needed
            if method2 == "cov_nan_iter":
                for n in range(min_periods, winlen):
                    valid = np.count_nonzero(~np.isnan(data_roll), axis=-1) == n
                    recalc = valid & invalid.reshape(-1)
                    if np.any(recalc):
                        out.flat[recalc] = _linregress_1d(
                            data_roll[recalc], method=method2
                        )
            else:
                valid = np.count_nonzero(~np.isnan(data_roll), axis=-1) >= min_periods
                recalc = valid & invalid.reshape(-1)
                # and interpolate using _linregress_1d -> method2
                if np.any(recalc):
                    out.flat[recalc] = _linregress_1d(data_roll[recalc], method=method2)

    return out.reshape(shape)


def despeckle(data, *, n=3, copy=False):
    if n not in (3, 5):
        raise ValueError("Window size n for function despeckle must be 3 or 5.")
    if copy:
        data = data.copy()

    pad = n // 2

    # pad with NaN
    data0 = _pad_array(data, pad, mode="constant")
    # append n count last dimension
    data0 = _rolling_dim(data0, data.shape[-1])
    # count NaN's and find speckle
    nans = np.count_nonzero(np.isnan(data0), axis=-2) == (n - 1)
    # set speckle to NaN
    data[nans] = np.nan

    return data


def texture(data):
    # one-element wrap-around padding for last two axes
    x = np.pad(data, [(0,)] * (data.ndim - 2) + [(1,), (1,)], mode="wrap")

    # set first and last range elements to NaN
    x[..., 0] = np.nan
    x[..., -1] = np.nan

    # get neighbours using views into padded array
    x1 = x[..., :-2, 1:-1]  # center:2
    x2 = x[..., 1:-1, :-2]  # 4
    x3 = x[..., 2:, 1:-1]  # 8
    x4 = x[..., 1:-1, 2:]  # 6
    x5 = x[..., :-2, :-2]  # 1
    x6 = x[..., :-2, 2:]  # 3
    x7 = x[..., 2:, 2:]  # 9
    x8 = x[..., 2:, :-2]  # 7

    # stack arrays
    xa = np.array([x1, x2, x3, x4, x5, x6, x7, x8])

    # get count of valid neighbouring pixels
    xa_valid_count = np.count_nonzero(~np.isnan(xa), axis=0)

    # root mean of squared differences
    rmsd = np.sqrt(np.nansum((xa - data) ** 2, axis=0) / xa_valid_count)

    # reinforce that NaN values should have NaN textures
    rmsd[np.isnan(data)] = np.nan

    return rmsd


util = types.SimpleNamespace(trapezoid=trapezoid, roll2d_polar=roll2d_polar, filter_window_polar=filter_window_polar,
                             derivate=derivate, despeckle=despeckle, texture=texture)


# --- wradlib/atten.py ---


class AttenuationOverflowError(Exception):
    pass


logger = logging.getLogger("attcorr")


def correct_attenuation_hb(
    gateset,
    *,
    coefficients=None,
    mode="except",
    thrs=59.0,
):
    if coefficients is None:
        coefficients = {"a": 0.000167, "b": 0.7, "gate_length": 1.0}
    a = coefficients["a"]
    b = coefficients["b"]
    gate_length = coefficients["gate_length"]

    pia = np.empty(gateset.shape)
    pia[..., 0] = 0.0
    ksum = 0.0
    warn = False

    # multidimensional version
    # assumes that iteration is only along the last dimension
    # (i.e. range gates) all other dimensions are calculated simultaneously
    # to gain some speed
    for gate in range(gateset.shape[-1] - 1):
        # calculate k in dB/km from k-Z relation
        # c.f. Krämer2008(p. 147)
        k = a * (10.0 ** ((gateset[..., gate] + ksum) / 10.0)) ** b * 2.0 * gate_length
        # k = 10**(log10(a)+0.1*bin*b)
        # dBkn = 10*math.log10(a) + (bin+ksum)*b + 10*math.log10(2*gate_length)
        ksum += k

        pia[..., gate + 1] = ksum
        # stop-criterion, if corrected reflectivity is larger than 59 dBZ
        overflow = (gateset[..., gate + 1] + ksum) > thrs
        if np.any(overflow):
            if mode == "warn":
                warn = True
            elif mode == "nan":
                pia[..., gate + 1][overflow] = np.nan
            elif mode == "zero":
                pia[..., gate + 1][overflow] = 0.0
            else:
                raise AttenuationOverflowError

    if mode == "warn" and warn:
        logger.warning(f"corrected signal over threshold ({thrs:3.1f})")

    return pia


def constraint_dbz(gateset, pia, thrs_dbz):
    return np.max(gateset + pia, axis=-1) > thrs_dbz


def constraint_pia(gateset, pia, thrs_pia):
    return np.max(pia, axis=-1) > thrs_pia


def calc_attenuation_forward(gateset, *, a=1.67e-4, b=0.7, gate_length=1.0):
    pia = np.zeros(gateset.shape)
    for gate in range(gateset.shape[-1] - 1):
        k = (
            a
            * trafo.idecibel(gateset[..., gate] + pia[..., gate]) ** b
            * 2.0
            * gate_length
        )
        pia[..., gate + 1] = pia[..., gate] + k
    return pia


def bisect_reference_attenuation(
    gateset,
    pia_ref,
    *,
    a_max=1.67e-4,
    a_min=2.33e-5,
    b_start=0.7,
    gate_length=1.0,
    mode="difference",
    thrs=0.25,
    max_iterations=10,
):
    # Prepare arrays of initial k-Z relation coefficients for each beam.
    a_hi = np.ones(pia_ref.shape) * a_max  # np.repeat(a_max, pia_ref.shape)
    a_lo = np.ones(pia_ref.shape) * a_min  # np.repeat(a_min, pia_ref.shape)
    b = np.ones(pia_ref.shape) * b_start  # np.repeat(b_start, pia_ref.shape)
    pia = np.empty_like(gateset)
    iteration_count = 0

    # Iterate until upper and lower bounds of linear k-Z relation coefficients
    # for pia calculation are the same.
    while not np.all(a_hi == a_lo):
        a_mid = (a_hi + a_lo) / 2
        pia = calc_attenuation_forward(gateset, a=a_mid, b=b, gate_length=gate_length)
        # Find indices where calculated and reference pia sufficiently match
        if mode == "difference":
            overshoot = (pia[..., -1] - pia_ref) > thrs
            undershoot = (pia[..., -1] - pia_ref) < -thrs
            hit = (np.abs(pia[..., -1] - pia_ref)) < thrs
        elif mode == "ratio":
            overshoot = ((pia[..., -1] - pia_ref) / pia_ref) > thrs
            undershoot = ((pia[..., -1] - pia_ref) / pia_ref) < -thrs
            hit = (np.abs(pia[..., -1] - pia_ref) / pia_ref) < thrs
        else:
            raise Exception(f"Unknown mode type {mode}.")
        # Define new bounds of linear k-Z relation coefficient for over- and
        # undershooting pia calculations.
        a_hi[overshoot] = a_mid[overshoot]
        a_lo[undershoot] = a_mid[undershoot]
        a_hi[hit] = a_mid[hit]
        a_lo[hit] = a_mid[hit]
        iteration_count += 1
        # Change exponential k-Z relation coefficient in case of maximum
        # iterations for linear k-Z relation coefficient are reached.
        if iteration_count > max_iterations:
            b[overshoot] -= 0.01
            b[undershoot] += 0.01
    return pia, a_mid, b


def correct_radome_attenuation_empirical(
    gateset, *, frequency=5.64, hydrophobicity=0.165, n_r=2, stat=np.mean
):

    # Select rangebins inside the defined center-range n_r.
    center = gateset[..., :n_r].reshape(-1, n_r * gateset.shape[-2])
    center_m = np.ma.masked_array(center, np.isnan(center))
    # Calculate rainrate in the center-range based on statistical method stat
    # and with standard ZR-relation.
    rain_over_radome = zr.z_to_r(trafo.idecibel(stat(center_m, axis=-1)))
    # Estimate the empirical two-way transmission loss due to
    # radome-attenuation.
    k = 2 * hydrophobicity * rain_over_radome * np.tanh(frequency / 10.0) ** 2
    # Reshape the result to gateset-shape.
    k = np.repeat(k, gateset.shape[-1] * gateset.shape[-2]).reshape(gateset.shape)

    return k.filled(fill_value=np.nan)


def pia_from_kdp(kdp, dr, *, gamma=0.08):
    alpha = gamma * kdp
    return 2 * np.cumsum(alpha, axis=-1) * dr


# --- wradlib/qual.py ---


def _pulse_volume_numpy(ranges, h, theta):
    return np.pi * h * (ranges**2) * (np.tan(np.radians(theta / 2.0))) ** 2


def beam_block_frac(th, bh, a):
    isfloat = isinstance(th, float) and isinstance(bh, float) and isinstance(a, float)

    # convert to numpy array in any case
    th = np.atleast_1d(th)
    bh = np.atleast_1d(bh)
    a = np.atleast_1d(a)

    # First find the difference between the terrain and height of
    # radar beam (Bech et al. (2003), Fig.3)
    y = th - bh

    # check if beam is clear or blocked
    ya = y / a
    clear = ya < -1.0
    block = ya > 1.0

    numer = (ya * np.sqrt(a**2 - y**2)) + (a * np.arcsin(ya)) + (np.pi * a / 2.0)

    denom = np.pi * a

    pbb = numer / denom

    pbb[clear] = 0.0
    pbb[block] = 1.0

    if isfloat:
        return pbb[0]
    else:
        return pbb


def cum_beam_block_frac(pbb):

    # This is the index of the maximum PBB along each beam
    maxindex = np.nanargmax(pbb, axis=1)
    cbb = np.copy(pbb)

    # Iterate over all beams
    for ii, index in enumerate(maxindex):
        premax = 0.0
        for jj in range(index):
            # Only iterate to max index to make this faster
            if pbb[ii, jj] > premax:
                cbb[ii, jj] = pbb[ii, jj]
                premax = pbb[ii, jj]
            else:
                cbb[ii, jj] = premax
        # beyond max index, everything is max anyway
        cbb[ii, index:] = pbb[ii, index]

    return cbb


def _get_bb_ratio_numpy(bb_height, bb_width, quality, zp_r):
    # parameters for bb detection
    ibb = (bb_height > 0) & (bb_width > 0) & (quality == 1)

    # set non-bb-pixels to np.nan
    bb_height = bb_height.copy()
    bb_height[~ibb] = np.nan
    bb_width = bb_width.copy()
    bb_width[~ibb] = np.nan
    # get median of bb-pixels
    bb_height_m = np.nanmedian(bb_height)
    bb_width_m = np.nanmedian(bb_width)

    # approximation of melting layer top and bottom
    zmlt = bb_height_m + bb_width_m / 2.0
    zmlb = bb_height_m - bb_width_m / 2.0

    # get ratio connected to brightband height
    ratio = (zp_r - zmlb) / (zmlt - zmlb)

    return ratio, ibb


def estimate_snr(dbz, rng, noise_level, gas_att):
    rng_km = rng * 0.001
    snr = dbz - 20 * np.log10(rng_km) - noise_level - gas_att * rng_km
    return snr


# --- wradlib/dp.py ---


def unfold_phi_vulpiani(phidp, kdp, *, th=-20, winlen=7):
    # unfold phidp
    shape = phidp.shape
    phidp = phidp.reshape((-1, shape[-1]))
    kdp = kdp.reshape((-1, shape[-1]))

    # check for possible phase wraps
    mask = kdp < th
    if np.any(mask):
        # setup index on last dimension
        idx = np.arange(phidp.shape[-1])[np.newaxis, :]
        # set last bin to 1 to get that index in case of no kdp < th
        mask[:, -1] = 1
        # find first occurrence of kdp < th in each ray
        amax = np.argmax(mask, axis=-1)[:, np.newaxis]
        # get maximum phase in each ray
        phimax = np.nanmax(phidp, axis=-1)[:, np.newaxis]
        # retrieve folding location mask and unfold
        foldmask = np.where(idx > amax)
        phidp[foldmask] += 360
        # retrieve checkmask for remaining "over" unfolds and fix
        # phimax + 180 is chosen, because it's half of the max phase wrap
        checkmask = np.where((idx <= amax + winlen) & (phidp > (phimax + 180.0)))
        phidp[checkmask] -= 360

    return phidp.reshape(shape)


def _fill_sweep(dat, *, kind="nan_to_num", fill_value=0.0):
    if kind == "nan_to_num":
        return np.nan_to_num(dat)

    if not np.any(np.isnan(dat)):
        return dat

    shape = dat.shape
    dat = dat.reshape((-1, shape[-1]))

    for beam in range(len(dat)):
        invalid = np.isnan(dat[beam])
        validx = np.where(~invalid)[0]
        if len(validx) < 2:
            dat[beam, invalid] = 0.0
            continue
        f = interpolate.interp1d(
            validx,
            dat[beam, validx],
            kind=kind,
            bounds_error=False,
            fill_value=fill_value,
        )
        invalidx = np.where(invalid)[0]
        dat[beam, invalidx] = f(invalidx)
    return dat.reshape(shape)


def kdp_from_phidp(phidp, *, winlen=7, dr=1.0, method="lanczos_conv", **kwargs):
    skipna = kwargs.pop("skipna", True)
    pad_mode = kwargs.pop("pad_mode", None)
    if pad_mode is None:
        pad_mode = "reflect"
    min_periods = kwargs.pop("min_periods", winlen // 2 + 1)
    return (
        util.derivate(
            phidp,
            winlen=winlen,
            skipna=skipna,
            method=method,
            pad_mode=pad_mode,
            min_periods=min_periods,
            **kwargs,
        )
        / 2
        / dr
    )


def phidp_kdp_vulpiani(
    obj, dr, *, ndespeckle=5, winlen=7, niter=2, copy=False, **kwargs
):
    if copy:
        obj = obj.copy()

    # get thresholds
    th1 = kwargs.pop("th1", -2)
    th2 = kwargs.pop("th2", 20)
    th3 = kwargs.pop("th3", -20)

    method = kwargs.pop("method", None)

    # despeckle
    phidp = util.despeckle(obj, n=ndespeckle)

    # kdp retrieval first guess
    # use finite difference scheme as written in the cited paper
    kdp = kdp_from_phidp(
        phidp,
        dr=dr,
        winlen=winlen,
        method="finite_difference_vulpiani",
        skipna=False,
        **kwargs,
    )

    # try unfolding phidp
    phidp = unfold_phi_vulpiani(phidp, kdp, th=th3, winlen=winlen)

    # clean up unfolded PhiDP
    phidp[phidp > 360] = np.nan

    # kdp retrieval second guess
    # re-add given method to kwargs
    if method is not None:
        kwargs["method"] = method
    # use given (fast) derivation methods
    kdp = kdp_from_phidp(phidp, dr=dr, winlen=winlen, **kwargs)

    # find kdp values with no physical meaning like noise, backscatter differential
    # phase, nonuniform beamfilling or residual artifacts using th1 and th2
    mask = (kdp <= th1) | (kdp >= th2)
    kdp[mask] = 0

    # fill remaining NaN with zeros
    kdp = np.nan_to_num(kdp)

    # start the actual phidp/kdp iteration
    for _i in range(niter):
        # phidp from kdp through integration
        phidp = 2 * integrate.cumulative_trapezoid(kdp, dx=dr, initial=0.0, axis=-1)
        # kdp from phidp by convolution
        kdp = kdp_from_phidp(phidp, dr=dr, winlen=winlen, **kwargs)

    return phidp, kdp


def _unfold_phi_naive(phidp, rho, gradphi, stdarr, beams, rs, w, ts, tr):
    for beam in range(beams):
        if np.all(phidp[beam] == 0):
            continue

        # step 1: determine location where meaningful PhiDP profile begins
        for j in range(0, rs - w):
            if (np.sum(stdarr[beam, j : j + w] < ts) == w) and (
                np.sum(rho[beam, j : j + w] > tr) == w
            ):
                break

        ref = np.mean(phidp[beam, j : j + w])
        for k in range(j + w, rs):
            if np.sum(stdarr[beam, k - w : k] < ts) and np.logical_and(
                gradphi[beam, k] > -5, gradphi[beam, k] < 20
            ):
                ref += gradphi[beam, k] * 0.5
                if phidp[beam, k] - ref < -80:
                    if phidp[beam, k] < 0:
                        phidp[beam, k] += 360
            elif phidp[beam, k] - ref < -80:
                if phidp[beam, k] < 0:
                    phidp[beam, k] += 360
    return phidp


def depolarization(zdr, rho):
    zdr = trafo.idecibel(np.asanyarray(zdr))
    m = 2 * np.asanyarray(rho) * zdr**0.5

    return trafo.decibel((1 + zdr - m) / (1 + zdr + m))


def rhohv_noise_correction(rho, snr):
    rho_c = rho * np.sqrt(1.0 + 1.0 / 10.0 ** (snr * 0.1))
    return rho_c


# --- wradlib/classify.py ---


def filter_gabella_a(obj, wsize, tr1, *, cartesian=False, radial=False):
    nn = wsize // 2
    count = -np.ones(obj.shape, dtype=int)
    range_shift = range(-nn, nn + 1)
    azimuth_shift = range(-nn, nn + 1)
    if radial:
        azimuth_shift = [0]
    for sa in azimuth_shift:
        refa = np.roll(obj, sa, axis=0)
        for sr in range_shift:
            refr = np.roll(refa, sr, axis=1)
            count += (obj - refr) < tr1
    count[:, 0:nn] = wsize**2
    count[:, -nn:] = wsize**2
    if cartesian:
        count[0:nn, :] = wsize**2
        count[-nn:, :] = wsize**2
    return count


def filter_gabella_b(obj, *, thrs=0.0):
    conn = np.ones((3, 3))
    # create binary image of the rainfall field
    binimg = obj > thrs
    # label objects (individual rain cells, so to say)
    labelimg, nlabels = ndimage.label(binimg, conn)
    # erode the image, thus removing the 'boundary pixels'
    binimg_erode = ndimage.binary_erosion(binimg, structure=conn)
    # determine the size of each object
    labelhist, edges = np.histogram(
        labelimg, bins=nlabels + 1, range=(-0.5, labelimg.max() + 0.5)
    )
    # determine the size of the eroded objects
    erodelabelhist, edges = np.histogram(
        np.where(binimg_erode, labelimg, 0),
        bins=nlabels + 1,
        range=(-0.5, labelimg.max() + 0.5),
    )
    # the boundary is the difference between these two
    boundarypixels = labelhist - erodelabelhist
    # now get the ratio between object size and boundary
    ratio = labelhist.astype(np.float32) / boundarypixels
    # assign it back to the objects
    # first get the indices
    indices = np.digitize(labelimg.ravel(), edges) - 1
    # then produce a new field with the ratios in the right place
    result = ratio[indices.ravel()].reshape(obj.shape)

    return result


def filter_gabella(
    obj,
    *,
    wsize=5,
    **kwargs,
):
    thrsnorain = kwargs.get("thrsnorain", 0.0)
    tr1 = kwargs.get("tr1", 6.0)
    n_p = kwargs.get("n_p", 6)
    tr2 = kwargs.get("tr2", 1.3)
    rm_nans = kwargs.get("rm_nans", True)
    radial = kwargs.get("radial", False)
    cartesian = kwargs.get("cartesian", False)

    bad = np.isnan(obj)
    if rm_nans:
        obj = obj.copy()
        obj[bad] = np.inf
    ntr1 = filter_gabella_a(
        obj, wsize=wsize, tr1=tr1, cartesian=cartesian, radial=radial
    )
    if not rm_nans:
        f_good = ndimage.uniform_filter((~bad).astype(float), size=wsize)
        f_good[f_good == 0] = 1e-10
        ntr1 = ntr1 / f_good
        ntr1[bad] = n_p
    clutter1 = ntr1 < n_p
    ratio = filter_gabella_b(obj, thrs=thrsnorain)
    clutter2 = np.abs(ratio) < tr2
    return clutter1 | clutter2


def histo_cut(obj, *, upper_frequency=0.01, lower_frequency=0.01):

    prec_accum = np.array(obj)

    # initialization of data bounds for clutter and shade definition
    lower_bound = 0
    upper_bound = prec_accum.max()

    # predefinitions for the first iteration
    lower_bound_before = -51
    upper_bound_before = -51

    # iterate as long as the difference between current and
    # last iteration doesn't fall below the stop criterion
    while (abs(lower_bound - lower_bound_before) > 1) or (
        abs(upper_bound - upper_bound_before) > 1
    ):
        # masks for bins with sums over/under the data bounds
        upper_mask = (prec_accum <= upper_bound).astype(int)
        lower_mask = (prec_accum >= lower_bound).astype(int)
        # NaNs in place of masked bins
        # Kopie der Datenmatrix mit Nans an Stellen,
        # wo der Threshold erreicht wird
        prec_accum_masked = np.where((upper_mask * lower_mask) == 0, np.nan, prec_accum)

        # generate a histogram of the valid bins with 50 classes
        n, bins = np.histogram(
            prec_accum_masked[np.isfinite(prec_accum_masked)].ravel(), bins=50
        )
        # get the class with biggest occurence
        index = np.where(n == n.max())
        index = index[0][0]
        # separated stop criterion check in case one of the bounds
        # is already robust
        if abs(lower_bound - lower_bound_before) > 1:
            # get the index of the class which underscores the occurence of
            # the biggest class by lower_frequency (1%, default), beginning from
            # the class with the biggest occurence to the first class
            for i in range(index, -1, -1):
                if n[i] < (n[index] * lower_frequency):
                    break
        if abs(upper_bound - upper_bound_before) > 1:
            # get the index of the class which underscores the occurence of
            # the biggest class by upper_frequency (1%, default), beginning from
            # the class with the biggest occurence to the last class
            for j in range(index, len(n)):
                if n[j] < (n[index] * upper_frequency):
                    break

        lower_bound_before = lower_bound
        upper_bound_before = upper_bound
        # update the new boundaries
        lower_bound = bins[i]
        upper_bound = bins[j + 1]

    # create zero array and set clutter as 1 and shading as 2
    mask = np.zeros(prec_accum.shape, dtype=np.uint8)
    mask[prec_accum > upper_bound] = 1
    mask[prec_accum < lower_bound] = 2

    return mask


def _weight_array(data, weight):
    w_array = weight * np.ones(np.shape(data))
    w_array[np.isnan(data)] = 0.0
    return w_array


def filter_cloudtype(
    img,
    cloud,
    *,
    thrs=0,
    snow=False,
    low=False,
    cirrus=False,
    smoothing=None,
    grid="polar",
    scale=None,
):
    noprecip = (cloud == 1) | (cloud == 2)
    if snow:
        noprecip = noprecip | (cloud == 3) | (cloud == 4)
    if low:
        noprecip = noprecip | (cloud == 5) | (cloud == 6) | (cloud == 7)
    if cirrus:
        noprecip = noprecip | (cloud == 14) | (cloud == 18)
    if smoothing is not None:
        myfilter = getattr(util, f"filter_window_{grid}")
        noprecip = myfilter(noprecip, smoothing, "minimum", scale)
    clutter = noprecip & (img > thrs)
    return clutter


def filter_window_distance(img, rscale, *, fsize=1500, tr1=7):
    ascale = 2 * np.pi / img.shape[0]
    count = np.ones(img.shape, dtype=int)
    similar = np.zeros(img.shape, dtype=float)
    good = np.ones(img.shape, dtype=float)
    valid = ~np.isnan(img)
    hole = np.sum(~valid) > 0
    nr = int(round(fsize / rscale))
    range_shift = range(-nr, nr + 1)
    r = np.arange(img.shape[1]) * rscale + rscale / 2
    adist = r * ascale
    na = np.around(fsize / adist).astype(int)
    max_na = img.shape[0] / 10
    sa = 0
    while sa < max_na:
        imax = np.where(na >= sa)[0][-1] + 1
        refa1 = util.roll2d_polar(img, sa, axis=0)
        refa2 = util.roll2d_polar(img, -sa, axis=0)
        for sr in range_shift:
            refr1 = util.roll2d_polar(refa1, sr, axis=1)
            similar[:, 0:imax] += img[:, 0:imax] - refr1[:, 0:imax] < tr1
            if sa > 0:
                refr2 = util.roll2d_polar(refa2, sr, axis=1)
                similar[:, 0:imax] += img[:, 0:imax] - refr2[:, 0:imax] < tr1
        count[:, 0:imax] = 2 * sa + 1
        sa += 1
    similar[~valid] = np.nan
    count[~valid] = -1
    count[:, nr:-nr] = count[:, nr:-nr] * (2 * nr + 1)
    for i in range(0, nr):
        count[:, i] = count[:, i] * (nr + 1 + i)
        count[:, -i - 1] = count[:, -i - 1] * (nr + 1 + i)
    if hole:
        good = util.filter_window_polar(valid.astype(float), fsize, "uniform", rscale)
        count = count * good
        count[count == 0] = 1
    similar -= 1
    count -= 1
    similar = similar / count
    return similar


def msf_index_indep(msf, idp, obs):
    bins = np.append(idp, idp[-1] + (idp[-1] - idp[-2]))
    idx = np.digitize(obs, bins) - 1
    idx_mask = np.zeros_like(idx, dtype=np.bool_)
    idxm = np.ma.array(idx, mask=idx_mask)
    idxm = np.ma.masked_outside(idxm, 0, bins.shape[0] - 2)
    out = np.zeros((msf.shape[0], msf.shape[1], obs.size, msf.shape[-1]))
    out[:, :, ~idxm.mask.flatten(), :] = msf[:, :, idxm.compressed(), :]
    out = np.reshape(out, ((msf.shape[0], msf.shape[1]) + obs.shape + (msf.shape[-1],)))
    return out


def trapezoid(msf, obs):
    shape = msf.shape[:-1]
    obs = np.broadcast_to(obs, shape)
    out = np.zeros_like(obs)

    ones = (obs >= msf[..., 1]) & (obs <= msf[..., 2])
    out[ones] = 1.0

    lower = (obs >= msf[..., 0]) & (obs < msf[..., 1])
    out[lower] = (obs[lower] - msf[..., 0][lower]) / (
        msf[..., 1][lower] - msf[..., 0][lower]
    )

    higher = (obs > msf[..., 2]) & (obs <= msf[..., 3])
    out[higher] = (obs[higher] - msf[..., 3][higher]) / (
        msf[..., 2][higher] - msf[..., 3][higher]
    )

    return out


def fuzzyfi(msf, obs):
    out = np.zeros(msf.shape[0:-1])

    for i, m in enumerate(msf):
        out[i] = trapezoid(m, obs)

    return out


def probability(data, weights):
    data = data.copy()
    weights = weights.copy()
    maxw = np.sum(weights)
    weights = weights.reshape((1, len(weights)) + len(data.shape[2:]) * (1,))
    weights = np.broadcast_to(weights, data.shape)
    return np.sum(data * weights, axis=1) / maxw


def classify(data, *, threshold=0.0):
    data = data.copy()
    shape = data.shape[0]

    # handle no precipitation
    nop = np.sum(data, axis=0) / data.shape[0]
    mask = nop <= threshold
    # add no precip field (with zero probability)
    noprec = np.zeros_like(nop)
    data = np.vstack((data, noprec[np.newaxis, ...]))

    # sort idx and vals
    idx = np.argsort(data, axis=0, stable=True)
    vals = np.sort(data, axis=0, stable=True)
    # set no precip in every class
    idx[:, mask] = shape
    vals[:, mask] = 1.0

    return idx, vals


# --- wradlib/comp.py ---


def compose_ko(radargrids, qualitygrids):
    # first add a fallback array for all pixels having missing values in all
    # radargrids
    radarfallback = np.repeat(np.nan, np.prod(radargrids[0].shape)).reshape(
        radargrids[0].shape
    )
    radargrids.append(radarfallback)
    radarinfo = np.array(radargrids)
    # then do the same for the quality grids
    qualityfallback = np.repeat(-np.inf, np.prod(radargrids[0].shape)).reshape(
        radargrids[0].shape
    )
    qualitygrids.append(qualityfallback)
    qualityinfo = np.array(qualitygrids)

    select = np.nanargmax(qualityinfo, axis=0)
    composite = radarinfo.reshape((radarinfo.shape[0], -1))[
        select.ravel(), np.arange(np.prod(radarinfo.shape[1:]))
    ].reshape(radarinfo.shape[1:])
    radargrids.pop()
    qualitygrids.pop()

    return composite


def compose_weighted(radargrids, qualitygrids):
    radarinfo = np.array(radargrids)
    qualityinfo = np.array(qualitygrids)
    # overall nanmask
    nanmask = np.all(np.isnan(radarinfo), axis=0)
    # quality grids must contain values only where radarinfo does
    qualityinfo[np.isnan(radarinfo)] = np.nan

    qualityinfo /= np.nansum(qualityinfo, axis=0)

    composite = np.nansum(radarinfo * qualityinfo, axis=0)
    composite[nanmask] = np.nan

    return composite


# --- wrappers: the keyword settings of the cases ---


def z_to_r_dwd(z):
    return z_to_r(z, a=256.0, b=1.42)


def r_to_z_dwd(r):
    return r_to_z(r, a=256.0, b=1.42)


def z_to_r_enhanced_cartesian(z):
    return z_to_r_enhanced(z, polar=False)


def z_to_r_enhanced_no_shower(z):
    return z_to_r_enhanced(z, shower=False)


def correct_attenuation_hb_nan(gateset):
    return correct_attenuation_hb(gateset, mode="nan")


def correct_attenuation_hb_zero(gateset):
    return correct_attenuation_hb(gateset, mode="zero")


def correct_attenuation_hb_warn(gateset):
    return correct_attenuation_hb(gateset, mode="warn")


def correct_attenuation_hb_short_gates(gateset):
    return correct_attenuation_hb(gateset, coefficients={"a": 8.0e-5, "b": 0.731, "gate_length": 0.25}, mode="zero", thrs=55.0)


def calc_attenuation_forward_x_band(gateset):
    return calc_attenuation_forward(gateset, a=3.9e-4, b=0.74, gate_length=0.25)


def bisect_reference_attenuation_ratio(gateset, pia_ref):
    return bisect_reference_attenuation(gateset, pia_ref, mode="ratio", thrs=0.05)


def correct_radome_attenuation_median(gateset):
    return correct_radome_attenuation_empirical(gateset, hydrophobicity=0.0575, n_r=3, stat=np.median)


def fill_sweep_linear(dat):
    return _fill_sweep(dat, kind="linear")


def unfold_phi_vulpiani_th10(phidp, kdp):
    return unfold_phi_vulpiani(phidp, kdp, th=-10, winlen=5)


def linregress_cov(rhs):
    return _linregress_1d(rhs, method="cov")


def filter_gabella_a_radial(obj, wsize, tr1):
    return filter_gabella_a(obj, wsize, tr1, radial=True)


def filter_gabella_a_cartesian(obj, wsize, tr1):
    return filter_gabella_a(obj, wsize, tr1, cartesian=True)


def filter_cloudtype_all(img, cloud):
    return filter_cloudtype(img, cloud, thrs=5.0, snow=True, low=True, cirrus=True)


def classify_threshold(data):
    return classify(data, threshold=0.1)


def histo_cut_5_percent(obj):
    return histo_cut(obj, upper_frequency=0.05, lower_frequency=0.05)


def despeckle_5(data):
    return despeckle(data, n=5, copy=True)


def derivate_finite_difference(data):
    return derivate(data, method="finite_difference_vulpiani")


def derivate_cov_skipna(data):
    return derivate(data, method="cov", skipna=True)


def derivate_edge(data):
    return derivate(data, winlen=5, pad_mode="edge")


def linregress_lstsq_nan(rhs):
    return _linregress_1d(rhs, method="lstsq_nan")


def linregress_matrix_inv(rhs):
    return _linregress_1d(rhs, method="matrix_inv")


def kdp_from_phidp_250m(phidp):
    return kdp_from_phidp(phidp, dr=0.25)


def medfilt_along_axis_5(x):
    return medfilt_along_axis(x, 5)


# --- inputs ---

N_AZ, N_RNG = 8, 30


def _dbz(rng, shape=(N_AZ, N_RNG), high=40.0):
    return rng.uniform(0.0, high, size=shape)


def _cells(rng):
    """Reflectivity with two convective cells over 50 dBZ (the Hitschfeld-Bordan sum overflows there)."""
    z = _dbz(rng, high=35.0)
    z[2, 8:18] = rng.uniform(50.0, 56.0, size=10)
    z[5, 20:26] = rng.uniform(52.0, 58.0, size=6)
    return z


def _with_nan(rng, a, frac=0.15):
    a = a.copy()
    a[rng.uniform(size=a.shape) < frac] = np.nan
    return a


def _ranges(n=N_RNG, dr=250.0):
    return np.arange(n) * dr + dr / 2


def _phidp(rng, n_az=6, n_rng=40, folded=(1, 4)):
    """Differential phase rising along the beam (degrees), wrapped into [-180, 180) in the beams ``folded``."""
    ramp = np.linspace(0.0, 1.0, n_rng) * rng.uniform(60.0, 300.0, size=(n_az, 1)) + rng.normal(0.0, 2.0, (n_az, n_rng))
    for b in folded:
        ramp[b] = (ramp[b] + 180.0) % 360.0 - 180.0
    return ramp


def _kdp_of(phidp, dr=0.25):
    return np.gradient(phidp, axis=-1) / 2 / dr


def _naive_inputs(rng):
    phidp = _phidp(rng, n_az=4, n_rng=40, folded=(1, 2))
    phidp[3] = 0.0  # an empty beam: ``continue``
    rho = rng.uniform(0.92, 1.0, size=phidp.shape)
    rho[2, :12] = rng.uniform(0.5, 0.8, size=12)  # a noisy start
    gradphi = np.gradient(phidp, axis=-1).astype("f8")
    stdarr = np.zeros(phidp.shape)
    for r in range(phidp.shape[1] - 9):
        stdarr[..., r] = np.std(phidp[..., r : r + 9], -1)
    return phidp, rho, gradphi, stdarr, 4, 40, 5, 5.0, 0.9


def _beam_block(rng):
    r = _ranges(N_RNG, 1000.0)
    a = half_power_radius(r, 1.0)
    bh = 50.0 + r * 0.02
    th = bh + a * rng.uniform(-1.5, 1.5, size=(N_AZ, N_RNG))
    return th, bh, a


def _pbb(rng):
    p = np.clip(np.cumsum(rng.uniform(-0.05, 0.12, size=(6, 25)), axis=1), 0.0, 1.0)
    p[2, 3] = np.nan
    return p


def _bb(rng):
    n = 40
    h = rng.uniform(1500.0, 3000.0, size=n)
    w = rng.uniform(200.0, 800.0, size=n)
    h[::7] = 0.0
    w[::9] = 0.0
    return h, w, rng.integers(0, 3, size=n), rng.uniform(0.0, 5000.0, size=(n, 12))


def _grid_coords(rng, upper=False):
    x = np.arange(12) * 1000.0 + 500.0
    y = np.arange(10) * 1000.0 + 500.0
    if upper:
        y = y[::-1]
    xx, yy = np.meshgrid(x, y)
    return np.dstack([xx, yy])


def _bbox(rng):
    return np.array([rng.uniform(1200.0, 3000.0), rng.uniform(1200.0, 3000.0), rng.uniform(6000.0, 9000.0), rng.uniform(6000.0, 8000.0)])


def _accumulation(rng, shape=(36, 40)):
    """A day's rain accumulation (mm) with clutter (very high) and shaded (zero) bins."""
    a = rng.gamma(2.0, 8.0, size=shape)
    a[rng.uniform(size=shape) < 0.02] = rng.uniform(300.0, 500.0)
    a[:, 5][::3] = 0.0
    return a


def _msf(rng, *shape):
    """Trapezoid membership parameters, sorted along the last axis."""
    return np.sort(rng.uniform(-5.0, 50.0, size=shape + (4,)), axis=-1)


def _composite(rng):
    grids, qualities = [], []
    for k in range(3):
        g = rng.gamma(1.5, 2.0, size=(10, 12))
        q = rng.uniform(0.0, 1.0, size=(10, 12))
        blind = np.zeros((10, 12), bool)
        blind[:, 4 * k : 4 * k + 5] = True
        g[blind] = np.nan
        q[blind] = np.nan
        grids.append(g)
        qualities.append(q)
    grids[0][0, 0] = grids[1][0, 0] = grids[2][0, 0] = np.nan  # no radar sees this pixel
    qualities[0][0, 0] = qualities[1][0, 0] = qualities[2][0, 0] = np.nan
    return grids, qualities


def _bisect_inputs(rng):
    g = rng.uniform(20.0, 45.0, size=(6, 20))
    return g, calc_attenuation_forward(g, a=1.0e-4, b=0.7)[..., -1] + rng.uniform(-0.05, 0.05, size=6)


_t, _z, _u, _a, _q, _d, _c, _k = "trafo.py", "zr.py", "util.py", "atten.py", "qual.py", "dp.py", "classify.py", "comp.py"

CASES = [
    # trafo.py
    case(rvp_to_dbz, lambda rng: (rng.integers(0, 256, size=50).astype(np.uint8),), WR(_t, "rvp_to_dbz", "uint8 RVP counts")),
    case(decibel, lambda rng: (rng.uniform(0.0, 1.0e5, size=50),), WR(_t, "decibel")),
    case(decibel, lambda rng: (np.array([0.0, -1.0, 1.0, np.nan, np.inf, 1.0e-300]),), WR(_t, "decibel", "zero, negative, NaN, inf"), name="wradlib.decibel_edges"),
    case(idecibel, lambda rng: (rng.uniform(-30.0, 70.0, size=50).astype(np.float32),), WR(_t, "idecibel", "float32 dBZ")),
    case(idecibel, lambda rng: (rng.integers(-30, 70, size=50),), WR(_t, "idecibel", "integer dBZ"), name="wradlib.idecibel_int"),
    case(r_to_depth, lambda rng: (rng.uniform(0.0, 80.0, size=50), 300.0), WR(_t, "r_to_depth", "a 5 minute interval")),
    case(kdp_to_r, lambda rng: (rng.uniform(-2.0, 8.0, size=50), 5.6), WR(_t, "kdp_to_r", "C band; negative Kdp")),
    case(si_to_kmh, lambda rng: (rng.integers(0, 40, size=20),), WR(_t, "si_to_kmh", "integer m/s")),
    case(si_to_mph, lambda rng: (rng.uniform(0.0, 40.0, size=20),), WR(_t, "si_to_mph")),
    case(si_to_kts, lambda rng: (rng.uniform(0.0, 40.0, size=20).astype(np.float32),), WR(_t, "si_to_kts", "float32")),
    case(kts_to_si, lambda rng: (rng.uniform(0.0, 80.0, size=20),), WR(_t, "kts_to_si")),
    # zr.py
    case(z_to_r, lambda rng: (idecibel(_dbz(rng)),), WR(_z, "z_to_r")),
    case(z_to_r, lambda rng: (rng.integers(0, 10000, size=(N_AZ, N_RNG)),), WR(_z, "z_to_r", "integer Z"), name="wradlib.z_to_r_int"),
    case(z_to_r_dwd, lambda rng: (idecibel(_dbz(rng)),), WR(_z, "z_to_r", "a=256, b=1.42")),
    case(r_to_z, lambda rng: (rng.uniform(0.0, 50.0, size=(N_AZ, N_RNG)),), WR(_z, "r_to_z")),
    case(r_to_z_dwd, lambda rng: (rng.uniform(0.0, 50.0, size=(N_AZ, N_RNG)).astype(np.float32),), WR(_z, "r_to_z", "a=256, b=1.42; float32")),
    case(z_to_r_enhanced, lambda rng: (idecibel(_cells(rng)),), WR(_z, "z_to_r_enhanced", "polar")),
    case(z_to_r_enhanced_cartesian, lambda rng: (idecibel(_cells(rng)),), WR(_z, "z_to_r_enhanced", "polar=False")),
    case(z_to_r_enhanced_no_shower, lambda rng: (idecibel(_cells(rng)).reshape(2, 4, N_RNG),), WR(_z, "z_to_r_enhanced", "shower=False; two sweeps")),
    # util.py
    case(meshgrid_n, lambda rng: (rng.normal(size=3), rng.normal(size=4), rng.normal(size=5)), WR(_u, "meshgrid_n")),
    case(gridaspoints, lambda rng: (np.arange(4.0) * 250.0, np.arange(3.0) * 500.0), WR(_u, "gridaspoints")),
    case(util.trapezoid, lambda rng: (_with_nan(rng, rng.uniform(-5.0, 25.0, size=60)), 0.0, 5.0, 10.0, 20.0), WR(_u, "trapezoid", "NaN bins"), name="wradlib.util_trapezoid"),
    case(util.trapezoid, lambda rng: (rng.integers(-5, 25, size=60), 0, 5, 10, 20), WR(_u, "trapezoid", "integer data and bounds"), name="wradlib.util_trapezoid_int"),
    case(roll2d_polar, lambda rng: (rng.normal(size=(10, 12)), 2, 0), WR(_u, "roll2d_polar", "shift=2 along azimuth")),
    case(roll2d_polar, lambda rng: (rng.normal(size=(10, 12)), -3, 0), WR(_u, "roll2d_polar", "shift=-3 along azimuth"), name="wradlib.roll2d_polar_back"),
    case(roll2d_polar, lambda rng: (rng.normal(size=(10, 12)), 2, 1), WR(_u, "roll2d_polar", "shift=2 along range (NaN fill)"), name="wradlib.roll2d_polar_range"),
    case(roll2d_polar, lambda rng: (rng.normal(size=(10, 12)), -3, 1), WR(_u, "roll2d_polar", "shift=-3 along range"), name="wradlib.roll2d_polar_range_back"),
    case(roll2d_polar, lambda rng: (rng.integers(0, 9, size=(10, 12)), 0, 0), WR(_u, "roll2d_polar", "shift=0 returns the integer image"), name="wradlib.roll2d_polar_none"),
    case(half_power_radius, lambda rng: (_ranges(), 1.0), WR(_u, "half_power_radius")),
    case(get_raster_origin, lambda rng: (_grid_coords(rng, upper=rng.uniform() > 2.0),), WR(_u, "get_raster_origin", "y increasing")),
    case(find_bbox_indices, lambda rng: (_grid_coords(rng), _bbox(rng)), WR(_u, "find_bbox_indices", "origin lower")),
    case(find_bbox_indices, lambda rng: (_grid_coords(rng, upper=True), _bbox(rng)), WR(_u, "find_bbox_indices", "origin upper"), name="wradlib.find_bbox_indices_upper"),
    case(find_bbox_indices, lambda rng: (_grid_coords(rng), np.array([-5000.0, -5000.0, 50000.0, 50000.0])), WR(_u, "find_bbox_indices", "a box larger than the grid"), name="wradlib.find_bbox_indices_outside"),
    case(calculate_polynomial, lambda rng: (rng.uniform(-2.0, 2.0, size=30), np.array([0.5, -1.0, 0.25, 0.1])), WR(_u, "calculate_polynomial")),
    case(calculate_polynomial, lambda rng: (rng.uniform(-2.0, 2.0, size=30).astype(np.float32), np.array([0.5, -1.0, 0.25, 0.1])), WR(_u, "calculate_polynomial", "float32 data, float64 weights"), name="wradlib.calculate_polynomial_f32"),
    case(gradient_along_axis, lambda rng: (np.cumsum(rng.normal(size=(6, 20)), axis=-1),), WR(_u, "gradient_along_axis")),
    case(center_to_edge, lambda rng: (_ranges(),), WR(_u, "center_to_edge")),
    case(_linregress_1d, lambda rng: (rng.normal(size=(6, 9)) + np.arange(9) * rng.uniform(-1.0, 1.0),), WR(_u, "_linregress_1d", "method='lstsq'")),
    case(linregress_cov, lambda rng: (rng.normal(size=(6, 9)) + np.arange(9) * rng.uniform(-1.0, 1.0),), WR(_u, "_linregress_1d", "method='cov'")),
    case(_cov, lambda rng: (np.broadcast_to(np.arange(9.0), (4, 9)).T.copy(), rng.normal(size=(9, 4))), WR(_u, "_cov")),
    case(_lanczos_differentiator, lambda rng: (7,), WR(_u, "_lanczos_differentiator", "winlen=7 (no array argument)")),
    case(medfilt_along_axis_5, lambda rng: (rng.normal(size=(4, 20)),), WR(_u, "medfilt_along_axis", "n=5 along the range")),
    case(gradient_from_smoothed, lambda rng: (_phidp(rng, folded=()),), WR(_u, "gradient_from_smoothed")),
    case(_rolling_dim, lambda rng: (rng.normal(size=(3, 10)), 4), WR(_u, "_rolling_dim", "np.lib.stride_tricks.as_strided")),
    case(_matrix_inv, lambda rng: (np.vander(np.arange(9.0), 2), rng.normal(size=(9, 4))), WR(_u, "_matrix_inv")),
    case(_nan_lstsq, lambda rng: (_with_nan(rng, rng.normal(size=9)), np.vander(np.arange(9.0), 2)), WR(_u, "_nan_lstsq")),
    case(_nan_matrix_inv, lambda rng: (_with_nan(rng, rng.normal(size=9)), np.vander(np.arange(9.0), 2)), WR(_u, "_nan_matrix_inv")),
    case(_nan_cov, lambda rng: (np.broadcast_to(np.arange(9.0), (4, 9)).T.copy(), _with_nan(rng, rng.normal(size=(9, 4)))), WR(_u, "_nan_cov", "masked arrays")),
    case(linregress_lstsq_nan, lambda rng: (_with_nan(rng, rng.normal(size=(5, 9))),), WR(_u, "_linregress_1d", "method='lstsq_nan' (np.apply_along_axis)")),
    case(linregress_matrix_inv, lambda rng: (rng.normal(size=(5, 9)),), WR(_u, "_linregress_1d", "method='matrix_inv'")),
    case(derivate, lambda rng: (_phidp(rng, folded=()),), WR(_u, "derivate", "method='lanczos_conv' (ndimage.convolve1d)")),
    case(derivate_finite_difference, lambda rng: (_phidp(rng, folded=()),), WR(_u, "derivate", "method='finite_difference_vulpiani'")),
    case(derivate_cov_skipna, lambda rng: (_with_nan(rng, _phidp(rng, folded=())),), WR(_u, "derivate", "method='cov', skipna=True; NaN gates")),
    case(derivate_edge, lambda rng: (_phidp(rng, folded=()),), WR(_u, "derivate", "winlen=5, pad_mode='edge'")),
    case(despeckle, lambda rng: (_with_nan(rng, _dbz(rng), 0.4),), WR(_u, "despeckle", "n=3, written in place")),
    case(despeckle_5, lambda rng: (_with_nan(rng, _dbz(rng), 0.4),), WR(_u, "despeckle", "n=5, copy=True")),
    case(texture, lambda rng: (_dbz(rng),), WR(_u, "texture")),
    case(texture, lambda rng: (_with_nan(rng, _dbz(rng, (2, N_AZ, N_RNG))).astype(np.float32),), WR(_u, "texture", "NaN gates, two sweeps, float32"), name="wradlib.texture_nan_f32"),
    # atten.py
    case(correct_attenuation_hb, lambda rng: (_dbz(rng, high=35.0),), WR(_a, "correct_attenuation_hb", "no overflow (mode='except')")),
    case(correct_attenuation_hb_nan, lambda rng: (_cells(rng),), WR(_a, "correct_attenuation_hb", "mode='nan'; two cells overflow")),
    case(correct_attenuation_hb_zero, lambda rng: (_cells(rng),), WR(_a, "correct_attenuation_hb", "mode='zero'")),
    case(correct_attenuation_hb_warn, lambda rng: (_cells(rng),), WR(_a, "correct_attenuation_hb", "mode='warn' (logs)")),
    case(correct_attenuation_hb_short_gates, lambda rng: (_cells(rng).reshape(2, 4, N_RNG),), WR(_a, "correct_attenuation_hb", "other coefficients, thrs=55, mode='zero'; two sweeps")),
    case(correct_attenuation_hb_nan, lambda rng: (_cells(rng).astype(np.float32),), WR(_a, "correct_attenuation_hb", "mode='nan'; float32 dBZ"), name="wradlib.correct_attenuation_hb_nan_f32"),
    case(constraint_dbz, lambda rng: (_cells(rng), rng.uniform(0.0, 6.0, size=(N_AZ, N_RNG)), 59.0), WR(_a, "constraint_dbz")),
    case(constraint_pia, lambda rng: (_cells(rng), np.cumsum(rng.uniform(0.0, 1.0, size=(N_AZ, N_RNG)), axis=-1), 20.0), WR(_a, "constraint_pia")),
    case(calc_attenuation_forward, lambda rng: (_dbz(rng),), WR(_a, "calc_attenuation_forward")),
    case(calc_attenuation_forward, lambda rng: (rng.integers(0, 45, size=(N_AZ, N_RNG)),), WR(_a, "calc_attenuation_forward", "integer dBZ"), name="wradlib.calc_attenuation_forward_int"),
    case(calc_attenuation_forward_x_band, lambda rng: (_dbz(rng).astype(np.float32),), WR(_a, "calc_attenuation_forward", "X band coefficients; float32")),
    case(bisect_reference_attenuation, _bisect_inputs, WR(_a, "bisect_reference_attenuation", "reference PIA of a=1e-4")),
    case(bisect_reference_attenuation_ratio, _bisect_inputs, WR(_a, "bisect_reference_attenuation", "mode='ratio', thrs=0.05")),
    case(correct_radome_attenuation_empirical, lambda rng: (_with_nan(rng, _dbz(rng, (N_AZ, 20))),), WR(_a, "correct_radome_attenuation_empirical", "NaN gates (masked)")),
    case(correct_radome_attenuation_median, lambda rng: (_dbz(rng, (2, N_AZ, 20)),), WR(_a, "correct_radome_attenuation_empirical", "hydrophobic, n_r=3, stat=np.median; two sweeps")),
    case(pia_from_kdp, lambda rng: (rng.uniform(-0.5, 3.0, size=(N_AZ, N_RNG)), 0.25), WR(_a, "pia_from_kdp")),
    # qual.py
    case(_pulse_volume_numpy, lambda rng: (_ranges(), 250.0, 1.0), WR(_q, "_pulse_volume_numpy", "pulse_volume's np.ndarray overload")),
    case(beam_block_frac, _beam_block, WR(_q, "beam_block_frac", "clear, partly and fully blocked gates")),
    case(beam_block_frac, lambda rng: (120.0, 100.0, 50.0), WR(_q, "beam_block_frac", "three floats"), name="wradlib.beam_block_frac_floats"),
    case(cum_beam_block_frac, lambda rng: (_pbb(rng),), WR(_q, "cum_beam_block_frac", "a NaN gate")),
    case(_get_bb_ratio_numpy, _bb, WR(_q, "_get_bb_ratio_numpy", "get_bb_ratio's np.ndarray overload; quality 0-2, some zero heights")),
    case(estimate_snr, lambda rng: (_dbz(rng), _ranges(), -32.0, 0.016), WR(_q, "estimate_snr")),
    # dp.py
    case(unfold_phi_vulpiani, lambda rng: (lambda p: (p, _kdp_of(p)))(_phidp(rng)), WR(_d, "unfold_phi_vulpiani", "two folded beams")),
    case(unfold_phi_vulpiani, lambda rng: (lambda p: (p, _kdp_of(p)))(_phidp(rng, folded=())), WR(_d, "unfold_phi_vulpiani", "no fold"), name="wradlib.unfold_phi_vulpiani_unfolded"),
    case(unfold_phi_vulpiani_th10, lambda rng: (lambda p: (p.reshape(2, 3, 40), _kdp_of(p).reshape(2, 3, 40)))(_phidp(rng)), WR(_d, "unfold_phi_vulpiani", "th=-10, winlen=5; two sweeps")),
    case(_fill_sweep, lambda rng: (_with_nan(rng, rng.normal(size=(6, 30))),), WR(_d, "_fill_sweep", "kind='nan_to_num'")),
    case(fill_sweep_linear, lambda rng: (lambda d: (d.__setitem__((0, slice(1, None)), np.nan), (d,))[1])(_with_nan(rng, rng.normal(size=(6, 30)))), WR(_d, "_fill_sweep", "kind='linear'; a beam with one valid gate")),
    case(kdp_from_phidp_250m, lambda rng: (_phidp(rng, folded=()),), WR(_d, "kdp_from_phidp", "dr=0.25")),
    case(phidp_kdp_vulpiani, lambda rng: (_phidp(rng), 0.25), WR(_d, "phidp_kdp_vulpiani", "two folded beams")),
    case(_unfold_phi_naive, _naive_inputs, WR(_d, "_unfold_phi_naive", "unfold_phi's fallback; an empty beam, a noisy start")),
    case(depolarization, lambda rng: (rng.uniform(-2.0, 6.0, size=(N_AZ, N_RNG)), rng.uniform(0.7, 1.0, size=(N_AZ, N_RNG))), WR(_d, "depolarization")),
    case(rhohv_noise_correction, lambda rng: (rng.uniform(0.7, 1.0, size=(N_AZ, N_RNG)), rng.uniform(-5.0, 40.0, size=(N_AZ, N_RNG))), WR(_d, "rhohv_noise_correction")),
    # classify.py
    case(filter_gabella_a, lambda rng: (_dbz(rng, (20, 30)), 5, 6.0), WR(_c, "filter_gabella_a")),
    case(filter_gabella_a_radial, lambda rng: (_dbz(rng, (20, 30)), 3, 6.0), WR(_c, "filter_gabella_a", "radial=True, wsize=3")),
    case(filter_gabella_a_cartesian, lambda rng: (_dbz(rng, (20, 30)), 5, 6), WR(_c, "filter_gabella_a", "cartesian=True, integer tr1")),
    case(filter_gabella, lambda rng: (_with_nan(rng, _dbz(rng, (20, 30)) - 20.0),), WR(_c, "filter_gabella", "NaN bins (rm_nans), ndimage.label")),
    case(histo_cut, lambda rng: (_accumulation(rng),), WR(_c, "histo_cut", "clutter and shaded bins")),
    case(histo_cut_5_percent, lambda rng: (_accumulation(rng),), WR(_c, "histo_cut", "5 % frequencies")),
    case(_weight_array, lambda rng: (_with_nan(rng, rng.uniform(size=(N_AZ, N_RNG))), 0.4), WR(_c, "_weight_array")),
    case(filter_cloudtype, lambda rng: (_dbz(rng), rng.integers(0, 21, size=(N_AZ, N_RNG))), WR(_c, "filter_cloudtype")),
    case(filter_cloudtype_all, lambda rng: (_dbz(rng), rng.integers(0, 21, size=(N_AZ, N_RNG))), WR(_c, "filter_cloudtype", "thrs=5, snow, low, cirrus")),
    case(filter_window_distance, lambda rng: (_dbz(rng, (36, 40)), 250.0), WR(_c, "filter_window_distance")),
    case(filter_window_distance, lambda rng: (_with_nan(rng, _dbz(rng, (36, 40)), 0.05), 250.0), WR(_c, "filter_window_distance", "NaN holes (filter_window_polar)"), name="wradlib.filter_window_distance_holes"),
    case(msf_index_indep, lambda rng: (_msf(rng, 3, 2, 10), np.linspace(0.0, 45.0, 10), rng.uniform(-10.0, 60.0, size=20)), WR(_c, "msf_index_indep", "observations outside the index range")),
    case(trapezoid, lambda rng: (_msf(rng, 5, 20), rng.uniform(-10.0, 60.0, size=20)), WR(_c, "trapezoid"), name="wradlib.classify_trapezoid"),
    case(fuzzyfi, lambda rng: (_msf(rng, 3, 20), rng.uniform(-10.0, 60.0, size=20)), WR(_c, "fuzzyfi")),
    case(probability, lambda rng: (rng.uniform(size=(4, 3, 20)), np.array([1.0, 0.5, 2.0])), WR(_c, "probability")),
    case(classify, lambda rng: (lambda p: (p.__setitem__((slice(None), slice(0, 3)), 0.0), (p,))[1])(rng.uniform(size=(4, 20))), WR(_c, "classify", "three columns without precipitation")),
    case(classify_threshold, lambda rng: (rng.uniform(0.0, 0.4, size=(4, 20)),), WR(_c, "classify", "threshold=0.1")),
    # comp.py
    case(compose_ko, _composite, WR(_k, "compose_ko", "lists of three radars' grids")),
    case(compose_weighted, _composite, WR(_k, "compose_weighted")),
]
