"""pysteps, short-term precipitation nowcasting in NumPy (pySTEPS/pysteps, BSD-3-Clause): the autoregressive
models of ``timeseries/autoregression.py`` (Yule-Walker solves with ``np.roll``-built Toeplitz rows, OLS fits whose
regressors are ``np.hstack``-ed pixel by pixel in nested loops, localized fits with a ``try``/``except
np.linalg.LinAlgError`` per pixel, ``if d == 1`` differencing through ``_compute_differenced_model_params`` on lists
of floats or matrices, ``if c < 0`` for the innovation term, stationarity by ``np.roots`` and companion-matrix
eigenvalues raising ``RuntimeError``, ``ar_acf`` appending to a list, ``iterate_ar_model``'s ``x_new = 0.0`` growing
into an array); ``timeseries/correlation.py``'s lag correlations (``np.corrcoef`` of masked pixels, a moving-window
correlation by ``scipy.ndimage`` filters with boolean-mask writes, a spectral-domain branch through
``spectral.corrcoef``); ``utils/``: the Box-Cox, dB, normal-quantile and square-root transforms (metadata dicts
copied and updated, ``if Lambda == 0.0``, ``if metadata["transform"] == ...`` early returns, masked writes
``R[~zeros] = ...``), ``to_rainrate`` choosing the inverse transform by ``metadata["transform"]``,
``aggregate_fields`` (recursive over a tuple of axes, ``if trim``), a Tukey window over ``cKDTree`` distances to a mask, declustering by
``np.unique(axis=0)`` with ``np.append`` in a loop, outlier detection (global z-scores or Mahalanobis distances under
``try``/``except LinAlgError``, or per-point neighbours from a ``cKDTree``), ``rapsd``'s loop over radii; the
Gaussian band-pass filter (``_gaussweights_1d``: a class ``GaussFunc`` defined in the function over a closure
``log_e`` that branches on ``len(np.shape(x)) > 0``); probability matching (empirical CDFs in a ``zip`` loop, rank
matching with ``if np.sum(...) > np.sum(...)`` adjusting the rain fraction, ``_invfunc``'s ``np.digitize``,
``shift_scale``'s Nelder-Mead over a closure, ``resample_distributions``); the verification scores: the contingency
table and continuous scores kept in dicts by ``_init``/``_accum``/``_merge``/``_compute`` (a loop over score names
with ``if score_ in [...]``, ``get_iterable`` closures over ``collections.abc.Iterable``, ``_parallel_var`` writing
into its arguments under ``count_b > 0``, ``_scatter``'s loop of ``np.interp`` and ``float(scatter) if
scatter.size == 1``), CRPS (a loop of masked writes into ``alpha`` and ``beta``), the reliability diagram (``if
len(I_k) >= min_count`` per bin, lists appended), the ROC curve (``for i, p in enumerate(...)`` with ``+=`` into dict
entries, the area in a second loop), the rank histogram (``np.unique(..., return_index=True,
return_counts=True)``, ``for bi in bin_idx: rankhist["n"][bi] += 1``), ensemble skill and spread through
``get_method`` (closures over the score name, ``isinstance(skill_, dict)``), the fractions skill score and the
1/e lifetime (``if is_euler_reached: ... if idx_b > 0``); the nowcast helpers (``compute_percentile_mask`` handling ties, ``compute_dilated_mask``'s loop of ``binary_dilation``), RainFARM's
spectral-slope and balanced-average helpers, and the blending skill scores (``spatial_correlation`` writing NaN into views of
its arguments, ``lt_dependent_cor_extrapolation``'s ``if ar_order == 1 / elif == 2``).

Copied from pySTEPS/pysteps at bcacaac6d4a1bbc871a7aa3209ea1857fe31f044 (its ``LICENSE`` is the BSD 3-Clause licence,
"Copyright (c) 2019, PySteps developers"), the files named in each section below (under ``pysteps/``). Bodies are as
written, comments kept, docstrings dropped; the module-level names they use (``_aggregation_methods`` of
utils/dimension.py) are copied too.

Adapted, beyond that:

* two modules define ``mean`` (utils/spectral.py and postprocessing/ensemblestats.py): they are ``spectral_mean`` and
  ``ensemblestats_mean`` here (marked ``# renamed``); no copied body calls either by its bare name;
* calls through a module are as written (``arrays.compute_centred_coord_array`` in ``rapsd``, ``spectral.corrcoef``
  in ``temporal_autocorrelation``, ``transformation.dB_transform`` in the conversions): ``arrays``, ``spectral`` and
  ``transformation`` are namespaces at the end of the copied code holding the copied functions;
* verification/interface.py's ``get_method`` imports the score functions from sibling modules inside its branches
  (``from .detcatscores import det_cat_fct``); those lines are commented out, since the functions are module-level
  here. ``binary_mse`` (needs PyWavelets, not installed) and ``sal`` (needs pandas and scikit-image) are not copied:
  their branches (``elif name == "binary_mse"`` / ``"sal"``) are never taken by the cases;
* wrappers (after the copied code) name the keyword settings the library's tests use (``window_radius=2.0``,
  ``domain="spectral"``, ``include_constant_term=True`` ...), the ``_init`` / ``_accum`` / ``_merge`` / ``_compute``
  sequence of two batches as pysteps' docstrings describe it, and ``ensemble_skill`` / ``ensemble_spread`` with the
  tests' ``**kwargs``. ``NQ_transform_forward`` pops the metadata's ``"inqt"`` (a ``scipy.interpolate.interp1d``
  object, not a value to compare); ``resample_distributions_seeded`` passes ``randgen=np.random.RandomState(42)``
  (upstream's default is the global ``np.random``, which would make eager non-deterministic); ``shift_scale_exp``
  passes ``f=np.exp``.

Not taken: the trivial or constant-only helpers (``compute_window_function``, ``filter_uniform``, the time-step binning,
RainFARM's top-hat kernel, ``adjust_lag2_corrcoef1``/``2``), the other unit conversions, I/O, plotting, the motion and extrapolation methods (``scipy.ndimage.map_coordinates``, OpenCV), the
nowcast main loops (dask, threads), ``banddepth`` and ``_gaussianize`` (global ``np.random``), ``lifetime``'s
``"trapz"`` rule (``np.trapz`` is gone from NumPy 2.4), the wavelet and SAL scores (PyWavelets, pandas,
scikit-image).

The inputs follow pysteps' tests (pysteps/tests/test_verification_*.py, test_timeseries_autoregression.py,
test_postprocessing_*.py, test_utils_*.py), whose precipitation fields come from the separate pysteps-data
repository: here they are log-normal rain rates with about 40% dry (zero) pixels (``_rain``), ensembles of
perturbed copies of an observed field (``_ensemble``), and time series of AR(2) and VAR(1) processes at every pixel
(``_ar2``, ``_var1``), so that the fitted models are stationary and the stationarity checks pass; the score settings
are the tests' (``("CSI", None, "FAR")``, ME along axis 1, scatter along axis 0, ``X_min=1.0``, 10 bins and
``min_count=10``, RMSE with ``conditioning="single"``). ``rankhist`` gets continuous fields so that no ties call
``np.random.uniform``. ``lifetime_mixed`` reaches 1/e for the harness' first generator and not for its second.
"""

# ruff: noqa: E501, E741, F811, F821, F841, B007, B023, B028, C416, UP031, UP032, SIM108, SIM114, PLR1714
from __future__ import annotations

import collections
import collections.abc
import types
import warnings
from math import exp

import numpy as np
import scipy.spatial
import scipy.stats as scipy_stats
from scipy import interpolate as sip
from scipy import linalg as la  # noqa: F401  (imported by timeseries/autoregression.py)
from scipy import ndimage
from scipy import optimize as sop
from scipy.integrate import simpson
from scipy.interpolate import interp1d
from scipy.ndimage import binary_dilation, generate_binary_structure, uniform_filter
from scipy.signal import convolve
from scipy.spatial import cKDTree
from scipy.special import binom
from scipy.stats import spearmanr

from tests.coverage.cases import PYSTEPS, Source, case


def PS(path: str, original: str, note: str = "") -> Source:
    return Source(PYSTEPS, "pysteps/" + path, original, note)


# --- pysteps/utils/arrays.py ------------------------------------------------------------------------------------------
def compute_centred_coord_array(M, N):

    if M % 2 == 1:
        s1 = np.s_[-int(M / 2) : int(M / 2) + 1]
    else:
        s1 = np.s_[-int(M / 2) : int(M / 2)]

    if N % 2 == 1:
        s2 = np.s_[-int(N / 2) : int(N / 2) + 1]
    else:
        s2 = np.s_[-int(N / 2) : int(N / 2)]

    YC, XC = np.ogrid[s1, s2]

    return YC, XC


# --- pysteps/utils/spectral.py ----------------------------------------------------------------------------------------
def corrcoef(X, Y, shape, use_full_fft=False):
    if len(X.shape) != 2:
        raise ValueError("X is not a two-dimensional array")

    if len(Y.shape) != 2:
        raise ValueError("Y is not a two-dimensional array")

    if X.shape != Y.shape:
        raise ValueError(
            "dimension mismatch between X and Y: "
            + "X.shape=%d,%d , " % (X.shape[0], X.shape[1])
            + "Y.shape=%d,%d" % (Y.shape[0], Y.shape[1])
        )

    n = np.real(np.sum(X * np.conj(Y))) - np.real(X[0, 0] * Y[0, 0])
    d1 = np.sum(np.abs(X) ** 2) - np.real(X[0, 0]) ** 2
    d2 = np.sum(np.abs(Y) ** 2) - np.real(Y[0, 0]) ** 2

    if not use_full_fft:
        if shape[1] % 2 == 1:
            n += np.real(np.sum(X[:, 1:] * np.conj(Y[:, 1:])))
            d1 += np.sum(np.abs(X[:, 1:]) ** 2)
            d2 += np.sum(np.abs(Y[:, 1:]) ** 2)
        else:
            n += np.real(np.sum(X[:, 1:-1] * np.conj(Y[:, 1:-1])))
            d1 += np.sum(np.abs(X[:, 1:-1]) ** 2)
            d2 += np.sum(np.abs(Y[:, 1:-1]) ** 2)

    return n / np.sqrt(d1 * d2)


def spectral_mean(X, shape):  # renamed
    return np.real(X[0, 0]) / (shape[0] * shape[1])


def rapsd(
    field, fft_method=None, return_freq=False, d=1.0, normalize=False, **fft_kwargs
):

    if len(field.shape) != 2:
        raise ValueError(
            f"{len(field.shape)} dimensions are found, but the number "
            "of dimensions should be 2"
        )

    if np.sum(np.isnan(field)) > 0:
        raise ValueError("input field should not contain nans")

    m, n = field.shape

    yc, xc = arrays.compute_centred_coord_array(m, n)
    r_grid = np.sqrt(xc * xc + yc * yc).round()
    l = max(field.shape[0], field.shape[1])

    if l % 2 == 1:
        r_range = np.arange(0, int(l / 2) + 1)
    else:
        r_range = np.arange(0, int(l / 2))

    if fft_method is not None:
        psd = fft_method.fftshift(fft_method.fft2(field, **fft_kwargs))
        psd = np.abs(psd) ** 2 / psd.size
    else:
        psd = field

    result = []
    for r in r_range:
        mask = r_grid == r
        psd_vals = psd[mask]
        result.append(np.mean(psd_vals))

    result = np.array(result)

    if normalize:
        result /= np.sum(result)

    if return_freq:
        freq = np.fft.fftfreq(l, d=d)
        freq = freq[r_range]
        return result, freq
    else:
        return result


def remove_rain_norain_discontinuity(R):
    R = R.copy()
    zerovalue = np.nanmin(R)
    threshold = np.nanmin(R[R > zerovalue])
    R[R > zerovalue] -= threshold - zerovalue
    R -= np.nanmin(R)

    return R


def std(X, shape, use_full_fft=False):
    res = np.sum(np.abs(X) ** 2) - np.real(X[0, 0]) ** 2
    if not use_full_fft:
        if shape[1] % 2 == 1:
            res += np.sum(np.abs(X[:, 1:]) ** 2)
        else:
            res += np.sum(np.abs(X[:, 1:-1]) ** 2)

    return np.sqrt(res / (shape[0] * shape[1]) ** 2)


# --- pysteps/utils/transformation.py ----------------------------------------------------------------------------------
def boxcox_transform(
    R, metadata=None, Lambda=None, threshold=None, zerovalue=None, inverse=False
):

    R = R.copy()

    if metadata is None:
        if inverse:
            metadata = {"transform": "BoxCox"}
        else:
            metadata = {"transform": None}

    else:
        metadata = metadata.copy()

    if not inverse:
        if metadata["transform"] == "BoxCox":
            return R, metadata

        if Lambda is None:
            Lambda = metadata.get("BoxCox_lambda", 0.0)

        if threshold is None:
            threshold = metadata.get("threshold", 0.1)

        zeros = R < threshold

        # Apply Box-Cox transform
        if Lambda == 0.0:
            R[~zeros] = np.log(R[~zeros])
            threshold = np.log(threshold)

        else:
            R[~zeros] = (R[~zeros] ** Lambda - 1) / Lambda
            threshold = (threshold**Lambda - 1) / Lambda

        # Set value for zeros
        if zerovalue is None:
            zerovalue = threshold - 1  # TODO: set to a more meaningful value
        R[zeros] = zerovalue

        metadata["transform"] = "BoxCox"
        metadata["BoxCox_lambda"] = Lambda
        metadata["zerovalue"] = zerovalue
        metadata["threshold"] = threshold

    elif inverse:
        if metadata["transform"] not in ["BoxCox", "log"]:
            return R, metadata

        if Lambda is None:
            Lambda = metadata.pop("BoxCox_lambda", 0.0)
        if threshold is None:
            threshold = metadata.get("threshold", -10.0)
        if zerovalue is None:
            zerovalue = 0.0

        # Apply inverse Box-Cox transform
        if Lambda == 0.0:
            R = np.exp(R)
            threshold = np.exp(threshold)

        else:
            R = np.exp(np.log(Lambda * R + 1) / Lambda)
            threshold = np.exp(np.log(Lambda * threshold + 1) / Lambda)

        R[R < threshold] = zerovalue

        metadata["transform"] = None
        metadata["zerovalue"] = zerovalue
        metadata["threshold"] = threshold

    return R, metadata


def dB_transform(R, metadata=None, threshold=None, zerovalue=None, inverse=False):

    R = R.copy()

    if metadata is None:
        if inverse:
            metadata = {"transform": "dB"}
        else:
            metadata = {"transform": None}

    else:
        metadata = metadata.copy()

    # to dB units
    if not inverse:
        if metadata["transform"] == "dB":
            return R, metadata

        if threshold is None:
            threshold = metadata.get("threshold", 0.1)

        zeros = R < threshold

        # Convert to dB
        R[~zeros] = 10.0 * np.log10(R[~zeros])
        threshold = 10.0 * np.log10(threshold)

        # Set value for zeros
        if zerovalue is None:
            zerovalue = threshold - 5  # TODO: set to a more meaningful value
        R[zeros] = zerovalue

        metadata["transform"] = "dB"
        metadata["zerovalue"] = zerovalue
        metadata["threshold"] = threshold

        return R, metadata

    # from dB units
    elif inverse:
        if metadata["transform"] != "dB":
            return R, metadata

        if threshold is None:
            threshold = metadata.get("threshold", -10.0)
        if zerovalue is None:
            zerovalue = 0.0

        R = 10.0 ** (R / 10.0)
        threshold = 10.0 ** (threshold / 10.0)
        R[R < threshold] = zerovalue

        metadata["transform"] = None
        metadata["threshold"] = threshold
        metadata["zerovalue"] = zerovalue

        return R, metadata


def NQ_transform(R, metadata=None, inverse=False, **kwargs):

    # defaults
    a = kwargs.get("a", 0.0)

    R = R.copy()
    shape0 = R.shape
    R = R.ravel().astype(float)
    idxNan = np.isnan(R)
    R_ = R[~idxNan]

    if metadata is None:
        if inverse:
            metadata = {"transform": "NQT"}
        else:
            metadata = {"transform": None}
        metadata["zerovalue"] = np.min(R_)

    else:
        metadata = metadata.copy()

    if not inverse:
        # Plotting positions
        # https://en.wikipedia.org/wiki/Q%E2%80%93Q_plot#Plotting_position
        n = R_.size
        Rpp = ((np.arange(n) + 1 - a) / (n + 1 - 2 * a)).reshape(R_.shape)

        # NQ transform
        Rqn = scipy_stats.norm.ppf(Rpp)
        R__ = np.interp(R_, R_[np.argsort(R_)], Rqn)

        # set zero rain to 0 in norm space
        R__[R[~idxNan] == metadata["zerovalue"]] = 0

        # build inverse transform
        metadata["inqt"] = interp1d(
            Rqn, R_[np.argsort(R_)], bounds_error=False, fill_value=(R_.min(), R_.max())
        )

        metadata["transform"] = "NQT"
        metadata["zerovalue"] = 0
        metadata["threshold"] = R__[R__ > 0].min()

    else:
        f = metadata.pop("inqt")
        R__ = f(R_)
        metadata["transform"] = None
        metadata["zerovalue"] = R__.min()
        metadata["threshold"] = R__[R__ > R__.min()].min()

    R[~idxNan] = R__

    return R.reshape(shape0), metadata


def sqrt_transform(R, metadata=None, inverse=False, **kwargs):

    R = R.copy()

    if metadata is None:
        if inverse:
            metadata = {"transform": "sqrt"}
        else:
            metadata = {"transform": None}
        metadata["zerovalue"] = np.nan
        metadata["threshold"] = np.nan
    else:
        metadata = metadata.copy()

    if not inverse:
        # sqrt transform
        R = np.sqrt(R)

        metadata["transform"] = "sqrt"
        metadata["zerovalue"] = np.sqrt(metadata["zerovalue"])
        metadata["threshold"] = np.sqrt(metadata["threshold"])
    else:
        # inverse sqrt transform
        R = R**2

        metadata["transform"] = None
        metadata["zerovalue"] = metadata["zerovalue"] ** 2
        metadata["threshold"] = metadata["threshold"] ** 2

    return R, metadata


# --- pysteps/utils/conversion.py --------------------------------------------------------------------------------------
def to_rainrate(R, metadata, zr_a=None, zr_b=None):

    R = R.copy()
    metadata = metadata.copy()

    if metadata["transform"] is not None:
        if metadata["transform"] == "dB":
            R, metadata = transformation.dB_transform(R, metadata, inverse=True)

        elif metadata["transform"] in ["BoxCox", "log"]:
            R, metadata = transformation.boxcox_transform(R, metadata, inverse=True)

        elif metadata["transform"] == "NQT":
            R, metadata = transformation.NQ_transform(R, metadata, inverse=True)

        elif metadata["transform"] == "sqrt":
            R, metadata = transformation.sqrt_transform(R, metadata, inverse=True)

        else:
            raise ValueError("Unknown transformation %s" % metadata["transform"])

    if metadata["unit"] == "mm/h":
        pass

    elif metadata["unit"] == "mm":
        threshold = metadata["threshold"]  # convert the threshold, too
        zerovalue = metadata["zerovalue"]  # convert the zerovalue, too

        R = R / float(metadata["accutime"]) * 60.0
        threshold = threshold / float(metadata["accutime"]) * 60.0
        zerovalue = zerovalue / float(metadata["accutime"]) * 60.0

        metadata["threshold"] = threshold
        metadata["zerovalue"] = zerovalue

    elif metadata["unit"] == "dBZ":
        threshold = metadata["threshold"]  # convert the threshold, too
        zerovalue = metadata["zerovalue"]  # convert the zerovalue, too

        # Z to R
        if zr_a is None:
            zr_a = metadata.get("zr_a", 200.0)  # default to Marshall–Palmer
        if zr_b is None:
            zr_b = metadata.get("zr_b", 1.6)  # default to Marshall–Palmer
        R = (R / zr_a) ** (1.0 / zr_b)
        threshold = (threshold / zr_a) ** (1.0 / zr_b)
        zerovalue = (zerovalue / zr_a) ** (1.0 / zr_b)

        metadata["zr_a"] = zr_a
        metadata["zr_b"] = zr_b
        metadata["threshold"] = threshold
        metadata["zerovalue"] = zerovalue

    else:
        raise ValueError(
            "Cannot convert unit %s and transform %s to mm/h"
            % (metadata["unit"], metadata["transform"])
        )

    metadata["unit"] = "mm/h"

    return R, metadata


# --- pysteps/utils/dimension.py ---------------------------------------------------------------------------------------
_aggregation_methods = dict(
    sum=np.sum, mean=np.mean, nanmean=np.nanmean, nansum=np.nansum
)


def aggregate_fields(data, window_size, axis=0, method="mean", trim=False):

    if np.ndim(axis) > 1:
        raise TypeError(
            "Only integers or integer 1D arrays can be used for the " "'axis' argument."
        )

    if np.ndim(axis) == 1:
        axis = np.asarray(axis)
        if np.ndim(window_size) == 0:
            window_size = (window_size,) * axis.size

        window_size = np.asarray(window_size, dtype="int")

        if window_size.shape != axis.shape:
            raise ValueError(
                "The 'window_size' and 'axis' shapes are incompatible."
                f"window_size.shape: {str(window_size.shape)}, "
                f"axis.shape: {str(axis.shape)}, "
            )

        new_data = data.copy()
        for i in range(axis.size):
            # Recursively call the aggregate_fields function
            new_data = aggregate_fields(
                new_data, window_size[i], axis=axis[i], method=method, trim=trim
            )

        return new_data

    if np.ndim(window_size) != 0:
        raise TypeError(
            "A single axis was selected for the aggregation but several"
            f"of window_sizes were given: {str(window_size)}."
        )

    data = np.asarray(data).copy()
    orig_shape = data.shape

    if method not in _aggregation_methods:
        raise ValueError(
            "Aggregation method not recognized. "
            f"Available methods: {str(list(_aggregation_methods.keys()))}"
        )

    if window_size <= 0:
        raise ValueError("'window_size' must be strictly positive")

    if (orig_shape[axis] % window_size) and (not trim):
        raise ValueError(
            f"Since 'trim' argument was set to False,"
            f"the 'window_size' {window_size} must exactly divide"
            f"the dimension along the selected axis:"
            f"data.shape[axis]={orig_shape[axis]}"
        )

    new_data = data.swapaxes(axis, 0)
    if trim:
        trim_size = data.shape[axis] % window_size
        if trim_size > 0:
            new_data = new_data[:-trim_size]

    new_data_shape = list(new_data.shape)
    new_data_shape[0] //= window_size  # Final shape

    new_data = new_data.reshape(new_data_shape[0], window_size, -1)

    new_data = _aggregation_methods[method](new_data, axis=1)

    new_data = new_data.reshape(new_data_shape).swapaxes(axis, 0)

    return new_data


# --- pysteps/utils/tapering.py ----------------------------------------------------------------------------------------
def compute_mask_window_function(mask, func, **kwargs):
    R = _compute_mask_distances(mask)

    if func == "hann":
        raise NotImplementedError("Hann function has not been implemented")
    elif func == "tukey":
        r_max = kwargs.get("r_max", 10.0)

        return _tukey_masked(R, r_max, np.isfinite(R))
    else:
        raise ValueError("invalid window function '%s'" % func)


def _compute_mask_distances(mask):
    X, Y = np.meshgrid(np.arange(mask.shape[1]), np.arange(mask.shape[0]))

    tree = cKDTree(np.vstack([X[~mask], Y[~mask]]).T)
    r, i = tree.query(np.vstack([X[mask], Y[mask]]).T, k=1)

    R = np.ones(mask.shape) * np.nan
    R[Y[mask], X[mask]] = r

    return R


def _tukey_masked(R, r_max, mask):
    W = np.ones_like(R)

    mask_r = R < r_max
    mask_ = np.logical_and(mask, mask_r)
    W[mask_] = 0.5 * (1.0 + np.cos(np.pi * (R[mask_] / r_max - 1.0)))
    W[~mask] = np.nan

    return W


# --- pysteps/utils/cleansing.py ---------------------------------------------------------------------------------------
def decluster(coord, input_array, scale, min_samples=1, verbose=False):

    coord = np.copy(coord)
    input_array = np.copy(input_array)

    # check inputs
    if np.any(~np.isfinite(input_array)):
        raise ValueError("input_array contains non-finite values")

    if input_array.ndim == 1:
        nvar = 1
        input_array = input_array[:, None]
    elif input_array.ndim == 2:
        nvar = input_array.shape[1]
    else:
        raise ValueError(
            "input_array must have 1 (n) or 2 dimensions (n, m), but it has %i"
            % input_array.ndim
        )

    if coord.ndim != 2:
        raise ValueError(
            "coord must have 2 dimensions (n, d), but it has %i" % coord.ndim
        )
    if coord.shape[0] != input_array.shape[0]:
        raise ValueError(
            "the number of samples in the input_array does not match the "
            + "number of coordinates %i!=%i" % (input_array.shape[0], coord.shape[0])
        )

    if np.isscalar(scale):
        scale = float(scale)
    else:
        scale = np.copy(scale)
        if scale.ndim != 1:
            raise ValueError(
                "scale must have 1 dimension (d), but it has %i" % scale.ndim
            )
        if scale.shape[0] != coord.shape[1]:
            raise ValueError(
                "scale must have %i elements, but it has %i"
                % (coord.shape[1], scale.shape[0])
            )
        scale = scale[None, :]

    # reduce original coordinates
    coord_ = np.floor(coord / scale)

    # keep only unique pairs of the reduced coordinates
    ucoord_ = np.unique(coord_, axis=0)

    # loop through these unique values and average data points which belong to
    # the same cluster
    dinput = np.empty(shape=(0, nvar))
    dcoord = np.empty(shape=(0, coord.shape[1]))
    for i in range(ucoord_.shape[0]):
        idx = np.all(coord_ == ucoord_[i, :], axis=1)
        npoints = np.sum(idx)
        if npoints >= min_samples:
            dinput = np.append(
                dinput, np.median(input_array[idx, :], axis=0)[None, :], axis=0
            )
            dcoord = np.append(
                dcoord, np.median(coord[idx, :], axis=0)[None, :], axis=0
            )

    if verbose:
        print("--- %i samples left after declustering ---" % dinput.shape[0])

    return dcoord, dinput


def detect_outliers(input_array, thr, coord=None, k=None, verbose=False):

    input_array = np.copy(input_array)

    if np.any(~np.isfinite(input_array)):
        raise ValueError("input_array contains non-finite values")

    if input_array.ndim == 1:
        nsamples = input_array.size
        nvar = 1
    elif input_array.ndim == 2:
        nsamples = input_array.shape[0]
        nvar = input_array.shape[1]
    else:
        raise ValueError(
            f"input_array must have 1 (n) or 2 dimensions (n, m), "
            f"but it has {input_array.ndim}"
        )

    if nsamples < 2:
        return np.zeros(nsamples, dtype=bool)

    if coord is not None and k is not None:
        coord = np.copy(coord)
        if coord.ndim == 1:
            coord = coord[:, None]

        elif coord.ndim > 2:
            raise ValueError(
                "coord must have 2 dimensions (n, d)," f"but it has {coord.ndim}"
            )

        if coord.shape[0] != nsamples:
            raise ValueError(
                "the number of samples in input_array does not match the "
                f"number of coordinates {nsamples}!={coord.shape[0]}"
            )

        k = np.min((nsamples, k + 1))

    # global

    if k is None or coord is None:
        if nvar == 1:
            # univariate
            zdata = np.abs(input_array - np.mean(input_array)) / np.std(input_array)
            outliers = zdata > thr
        else:
            # multivariate (mahalanobis distance)
            zdata = input_array - np.mean(input_array, axis=0)
            V = np.cov(zdata.T)
            try:
                VI = np.linalg.inv(V)
                MD = np.sqrt(np.dot(np.dot(zdata, VI), zdata.T).diagonal())
            except np.linalg.LinAlgError as err:
                warnings.warn(f"{err} during outlier detection")
                MD = np.zeros(nsamples)
            outliers = MD > thr

    # local
    else:
        tree = scipy.spatial.cKDTree(coord)
        __, inds = tree.query(coord, k=k)
        outliers = np.empty(shape=0, dtype=bool)
        for i in range(inds.shape[0]):
            if nvar == 1:
                # univariate
                thisdata = input_array[i]
                neighbours = input_array[inds[i, 1:]]
                thiszdata = np.abs(thisdata - np.mean(neighbours)) / np.std(neighbours)
                outliers = np.append(outliers, thiszdata > thr)
            else:
                # multivariate (mahalanobis distance)
                thisdata = input_array[i, :]
                neighbours = input_array[inds[i, 1:], :].copy()
                thiszdata = thisdata - np.mean(neighbours, axis=0)
                neighbours = neighbours - np.mean(neighbours, axis=0)
                V = np.cov(neighbours.T)
                try:
                    VI = np.linalg.inv(V)
                    MD = np.sqrt(np.dot(np.dot(thiszdata, VI), thiszdata.T))
                except np.linalg.LinAlgError as err:
                    warnings.warn(f"{err} during outlier detection")
                    MD = 0
                outliers = np.append(outliers, MD > thr)

    if verbose:
        print(f"--- {np.sum(outliers)} outliers detected ---")

    return outliers


# --- pysteps/timeseries/correlation.py --------------------------------------------------------------------------------
def temporal_autocorrelation(
    x,
    d=0,
    domain="spatial",
    x_shape=None,
    mask=None,
    use_full_fft=False,
    window="gaussian",
    window_radius=np.inf,
):
    if len(x.shape) < 2:
        raise ValueError("the dimension of x must be >= 2")
    if len(x.shape) != 3 and domain == "spectral":
        raise NotImplementedError(
            "len(x.shape[1:]) = %d, but with domain == 'spectral', this function has only been implemented for two-dimensional fields"
            % len(x.shape[1:])
        )
    if mask is not None and mask.shape != x.shape[1:]:
        raise ValueError(
            "dimension mismatch between x and mask: x.shape[1:]=%s, mask.shape=%s"
            % (str(x.shape[1:]), str(mask.shape))
        )
    if np.any(~np.isfinite(x)):
        raise ValueError("x contains non-finite values")

    if d == 1:
        x = np.diff(x, axis=0)

    if domain == "spatial" and mask is None:
        mask = np.ones(x.shape[1:], dtype=bool)

    gamma = []
    for k in range(x.shape[0] - 1):
        if domain == "spatial":
            if window_radius == np.inf:
                cc = np.corrcoef(x[-1, :][mask], x[-(k + 2), :][mask])[0, 1]
            else:
                cc = _moving_window_corrcoef(
                    x[-1, :], x[-(k + 2), :], window_radius, mask=mask
                )
        else:
            cc = spectral.corrcoef(
                x[-1, :, :], x[-(k + 2), :], x_shape, use_full_fft=use_full_fft
            )
        gamma.append(cc)

    return gamma


def temporal_autocorrelation_multivariate(
    x, d=0, mask=None, window="gaussian", window_radius=np.inf
):
    if len(x.shape) < 3:
        raise ValueError("the dimension of x must be >= 3")
    if mask is not None and mask.shape != x.shape[2:]:
        raise ValueError(
            "dimension mismatch between x and mask: x.shape[2:]=%s, mask.shape=%s"
            % (str(x.shape[2:]), str(mask.shape))
        )
    if np.any(~np.isfinite(x)):
        raise ValueError("x contains non-finite values")

    if d == 1:
        x = np.diff(x, axis=0)

    p = x.shape[0] - 1
    q = x.shape[1]

    gamma = []
    for k in range(p + 1):
        if window_radius == np.inf:
            gamma_k = np.empty((q, q))
        else:
            gamma_k = np.empty(np.hstack([x.shape[2:], [q, q]]))
        for i in range(q):
            x_i = x[-1, i, :]
            for j in range(q):
                x_j = x[-(k + 1), j, :]
                if window_radius == np.inf:
                    gamma_k[i, j] = np.corrcoef(x_i.flatten(), x_j.flatten())[0, 1]
                else:
                    gamma_k[..., i, j] = _moving_window_corrcoef(
                        x_i, x_j, window_radius, window=window, mask=mask
                    )

        gamma.append(gamma_k)

    return gamma


def _moving_window_corrcoef(x, y, window_radius, window="gaussian", mask=None):
    if window not in ["gaussian", "uniform"]:
        raise ValueError(
            "unknown window type %s, the available options are 'gaussian' and 'uniform'"
            % window
        )

    if mask is None:
        mask = np.ones(x.shape)
    else:
        x = x.copy()
        x[~mask] = 0.0
        y = y.copy()
        y[~mask] = 0.0
        mask = mask.astype(float)

    if window == "gaussian":
        convol_filter = ndimage.gaussian_filter
    else:
        convol_filter = ndimage.uniform_filter

    if window == "uniform":
        window_size = 2 * window_radius + 1
    else:
        window_size = window_radius

    n = convol_filter(mask, window_size, mode="constant") * window_size**2

    sx = convol_filter(x, window_size, mode="constant") * window_size**2
    sy = convol_filter(y, window_size, mode="constant") * window_size**2

    ssx = convol_filter(x**2, window_size, mode="constant") * window_size**2
    ssy = convol_filter(y**2, window_size, mode="constant") * window_size**2
    sxy = convol_filter(x * y, window_size, mode="constant") * window_size**2

    mux = sx / n
    muy = sy / n

    stdx = np.sqrt(ssx - 2 * mux * sx + n * mux**2)
    stdy = np.sqrt(ssy - 2 * muy * sy + n * muy**2)
    cov = sxy - muy * sx - mux * sy + n * mux * muy

    mask = np.logical_and(stdx > 1e-8, stdy > 1e-8)
    mask = np.logical_and(mask, stdx * stdy > 1e-8)
    mask = np.logical_and(mask, n >= 3)
    corr = np.empty(x.shape)
    corr[mask] = cov[mask] / (stdx[mask] * stdy[mask])
    corr[~mask] = np.nan

    return corr


# --- pysteps/timeseries/autoregression.py -----------------------------------------------------------------------------
def ar_acf(gamma, n=None):
    ar_order = len(gamma)
    if n == ar_order or n is None:
        return gamma
    elif n < ar_order:
        raise ValueError(
            "n=%i, but must be larger than the order of the AR process %i"
            % (n, ar_order)
        )

    phi = estimate_ar_params_yw(gamma)[:-1]

    acf = gamma.copy()
    for t in range(0, n - ar_order):
        # Retrieve gammas (in reverse order)
        gammas = acf[t : t + ar_order][::-1]
        # Compute next gamma
        gamma_ = np.sum(gammas * phi)
        acf.append(gamma_)

    return acf


def estimate_ar_params_ols(
    x, p, d=0, check_stationarity=True, include_constant_term=False, h=0, lam=0.0
):
    n = x.shape[0]

    if n != p + d + h + 1:
        raise ValueError(
            "n = %d, p = %d, d = %d, h = %d, but n = p+d+h+1 = %d required"
            % (n, p, d, h, p + d + h + 1)
        )

    if len(x.shape) > 1:
        x = x.reshape((n, np.prod(x.shape[1:])))

    if d not in [0, 1]:
        raise ValueError("d = %d, but 0 or 1 required" % d)

    if d == 1:
        x = np.diff(x, axis=0)
        n -= d

    x_lhs = x[p:, :]

    Z = []
    for i in range(x.shape[1]):
        for j in range(p - 1, n - 1 - h):
            z_ = np.hstack([x[j - k, i] for k in range(p)])
            if include_constant_term:
                z_ = np.hstack([[1], z_])
            Z.append(z_)
    Z = np.column_stack(Z)

    b = np.dot(
        np.dot(x_lhs, Z.T), np.linalg.inv(np.dot(Z, Z.T) + lam * np.eye(Z.shape[0]))
    )
    b = b.flatten()

    if include_constant_term:
        c = b[0]
        phi = list(b[1:])
    else:
        phi = list(b)

    if p == 1:
        phi_pert = np.sqrt(1.0 - phi[0] * phi[0])
    elif p == 2:
        phi_pert = np.sqrt(
            (1.0 + phi[1]) * ((1.0 - phi[1]) ** 2.0 - phi[0] ** 2.0) / (1.0 - phi[1])
        )
    else:
        phi_pert = 0.0

    if check_stationarity:
        if not test_ar_stationarity(phi):
            raise RuntimeError(
                "Error in estimate_ar_params_yw: " "nonstationary AR(p) process"
            )

    if d == 1:
        phi_out = _compute_differenced_model_params(phi, p, 1, 1)
    else:
        phi_out = phi

    phi_out.append(phi_pert)
    if include_constant_term:
        phi_out.insert(0, c)

    return phi_out


def estimate_ar_params_ols_localized(
    x,
    p,
    window_radius,
    d=0,
    include_constant_term=False,
    h=0,
    lam=0.0,
    window="gaussian",
):
    n = x.shape[0]

    if n != p + d + h + 1:
        raise ValueError(
            "n = %d, p = %d, d = %d, h = %d, but n = p+d+h+1 = %d required"
            % (n, p, d, h, p + d + h + 1)
        )

    if d == 1:
        x = np.diff(x, axis=0)
        n -= d

    if window == "gaussian":
        convol_filter = ndimage.gaussian_filter
    else:
        convol_filter = ndimage.uniform_filter

    if window == "uniform":
        window_size = 2 * window_radius + 1
    else:
        window_size = window_radius

    XZ = np.zeros(np.hstack([[p], x.shape[1:]]))
    for i in range(p):
        for j in range(h + 1):
            tmp = convol_filter(
                x[p + j, :] * x[p - 1 - i + j, :], window_size, mode="constant"
            )
            XZ[i, :] += tmp

    if include_constant_term:
        v = 0.0
        for i in range(h + 1):
            v += convol_filter(x[p + i, :], window_size, mode="constant")
        XZ = np.vstack([v[np.newaxis, :], XZ])

    if not include_constant_term:
        Z2 = np.zeros(np.hstack([[p, p], x.shape[1:]]))
        for i in range(p):
            for j in range(p):
                for k in range(h + 1):
                    tmp = convol_filter(
                        x[p - 1 - i + k, :] * x[p - 1 - j + k, :],
                        window_size,
                        mode="constant",
                    )
                    Z2[i, j, :] += tmp
    else:
        Z2 = np.zeros(np.hstack([[p + 1, p + 1], x.shape[1:]]))
        Z2[0, 0, :] = convol_filter(np.ones(x.shape[1:]), window_size, mode="constant")
        for i in range(p):
            for j in range(h + 1):
                tmp = convol_filter(x[p - 1 - i + j, :], window_size, mode="constant")
                Z2[0, i + 1, :] += tmp
                Z2[i + 1, 0, :] += tmp
        for i in range(p):
            for j in range(p):
                for k in range(h + 1):
                    tmp = convol_filter(
                        x[p - 1 - i + k, :] * x[p - 1 - j + k, :],
                        window_size,
                        mode="constant",
                    )
                    Z2[i + 1, j + 1, :] += tmp

    m = np.prod(x.shape[1:])
    phi = np.empty(np.hstack([[p], m]))
    if include_constant_term:
        c = np.empty(m)
    XZ = XZ.reshape(np.hstack([[XZ.shape[0]], m]))
    Z2 = Z2.reshape(np.hstack([[Z2.shape[0], Z2.shape[1]], m]))

    for i in range(m):
        try:
            b = np.dot(XZ[:, i], np.linalg.inv(Z2[:, :, i] + lam * np.eye(Z2.shape[0])))
            if not include_constant_term:
                phi[:, i] = b
            else:
                phi[:, i] = b[1:]
                c[i] = b[0]
        except np.linalg.LinAlgError:
            phi[:, i] = np.nan
            if include_constant_term:
                c[i] = np.nan

    if p == 1:
        phi_pert = np.sqrt(1.0 - phi[0, :] * phi[0, :])
    elif p == 2:
        phi_pert = np.sqrt(
            (1.0 + phi[1, :])
            * ((1.0 - phi[1, :]) ** 2.0 - phi[0, :] ** 2.0)
            / (1.0 - phi[1, :])
        )
    else:
        phi_pert = np.zeros(m)

    phi = list(phi.reshape(np.hstack([[phi.shape[0]], x.shape[1:]])))
    if d == 1:
        phi = _compute_differenced_model_params(phi, p, 1, 1)
    phi.append(phi_pert.reshape(x.shape[1:]))
    if include_constant_term:
        phi.insert(0, c.reshape(x.shape[1:]))

    return phi


def estimate_ar_params_yw(gamma, d=0, check_stationarity=True):
    if d not in [0, 1]:
        raise ValueError("d = %d, but 0 or 1 required" % d)

    p = len(gamma)

    g = np.hstack([[1.0], gamma])
    G = []
    for j in range(p):
        G.append(np.roll(g[:-1], j))
    G = np.array(G)
    phi = np.linalg.solve(G, g[1:].flatten())

    # Check that the absolute values of the roots of the characteristic
    # polynomial are less than one.
    # Otherwise the AR(p) model is not stationary.
    if check_stationarity:
        if not test_ar_stationarity(phi):
            raise RuntimeError(
                "Error in estimate_ar_params_yw: " "nonstationary AR(p) process"
            )

    # Estimate PHI_{j,0} as phi_pert. See Pulkkinen et al. (2019), eq. 6.
    c = 1.0
    for j in range(p):
        c -= gamma[j] * phi[j]
    # If the expression inside the square root is negative, phi_pert cannot
    # be computed and it is set to zero instead.
    if c < 0:
        phi_pert = 0.0
    else:
        phi_pert = np.sqrt(c)

    if d == 1:
        phi = _compute_differenced_model_params(phi, p, 1, 1)

    phi_out = np.empty(len(phi) + 1)
    phi_out[: len(phi)] = phi
    phi_out[-1] = phi_pert

    return phi_out


def estimate_ar_params_yw_localized(gamma, d=0):
    for i in range(1, len(gamma)):
        if gamma[i].shape != gamma[0].shape:
            raise ValueError(
                "the correlation coefficient fields gamma have mismatching shapes"
            )

    if d not in [0, 1]:
        raise ValueError("d = %d, but 0 or 1 required" % d)

    p = len(gamma)
    n = np.prod(gamma[0].shape)

    gamma_1d = [gamma[i].flatten() for i in range(len(gamma))]

    phi = np.empty((p, n))
    for i in range(n):
        g = np.hstack([[1.0], [gamma_1d[k][i] for k in range(len(gamma_1d))]])
        G = []
        for k in range(p):
            G.append(np.roll(g[:-1], k))
        G = np.array(G)
        try:
            phi_ = np.linalg.solve(G, g[1:].flatten())
        except np.linalg.LinAlgError:
            phi_ = np.ones(p) * np.nan

        phi[:, i] = phi_

    # Estimate PHI_{j,0} as phi_pert. See Pulkkinen et al. (2019), eq. 6.
    c = 1.0
    for i in range(p):
        c -= gamma_1d[i] * phi[i]
    phi_pert = np.sqrt(c)

    if d == 1:
        phi = _compute_differenced_model_params(phi, p, 1, 1)

    phi_out = np.empty((len(phi) + 1, n))
    phi_out[: len(phi), :] = phi
    phi_out[-1, :] = phi_pert

    return list(phi_out.reshape(np.hstack([[len(phi_out)], gamma[0].shape])))


def estimate_var_params_ols(
    x, p, d=0, check_stationarity=True, include_constant_term=False, h=0, lam=0.0
):
    q = x.shape[1]
    n = x.shape[0]

    if n != p + d + h + 1:
        raise ValueError(
            "n = %d, p = %d, d = %d, h = %d, but n = p+d+h+1 = %d required"
            % (n, p, d, h, p + d + h + 1)
        )

    if d not in [0, 1]:
        raise ValueError("d = %d, but 0 or 1 required" % d)

    if d == 1:
        x = np.diff(x, axis=0)
        n -= d

    x = x.reshape((n, q, np.prod(x.shape[2:])))

    X = []
    for i in range(x.shape[2]):
        for j in range(p + h, n):
            x_ = x[j, :, i]
            X.append(x_.reshape((q, 1)))
    X = np.hstack(X)

    Z = []
    for i in range(x.shape[2]):
        for j in range(p - 1, n - 1 - h):
            z_ = np.vstack([x[j - k, :, i].reshape((q, 1)) for k in range(p)])
            if include_constant_term:
                z_ = np.vstack([[1], z_])
            Z.append(z_)
    Z = np.column_stack(Z)

    B = np.dot(np.dot(X, Z.T), np.linalg.inv(np.dot(Z, Z.T) + lam * np.eye(Z.shape[0])))

    phi = []
    if include_constant_term:
        c = B[:, 0]
        for i in range(p):
            phi.append(B[:, i * q + 1 : (i + 1) * q + 1])
    else:
        for i in range(p):
            phi.append(B[:, i * q : (i + 1) * q])

    if check_stationarity:
        M = np.zeros((p * q, p * q))

        for i in range(p):
            M[0:q, i * q : (i + 1) * q] = phi[i]
        for i in range(1, p):
            M[i * q : (i + 1) * q, (i - 1) * q : i * q] = np.eye(q, q)
        r, v = np.linalg.eig(M)

        if np.any(np.abs(r) > 0.999):
            raise RuntimeError(
                "Error in estimate_var_params_ols: " "nonstationary VAR(p) process"
            )

    if d == 1:
        phi = _compute_differenced_model_params(phi, p, q, 1)

    if include_constant_term:
        phi.insert(0, c)
    phi.append(np.zeros((q, q)))

    return phi


def estimate_var_params_yw(gamma, d=0, check_stationarity=True):
    p = len(gamma) - 1
    q = gamma[0].shape[0]

    for i in range(len(gamma)):
        if gamma[i].shape[0] != q or gamma[i].shape[1] != q:
            raise ValueError(
                "dimension mismatch: gamma[%d].shape=%s, but (%d,%d) expected"
                % (i, str(gamma[i].shape), q, q)
            )

    if d not in [0, 1]:
        raise ValueError("d = %d, but 0 or 1 required" % d)

    a = np.empty((p * q, p * q))
    for i in range(p):
        for j in range(p):
            a_tmp = gamma[abs(i - j)]
            if i > j:
                a_tmp = a_tmp.T
            a[i * q : (i + 1) * q, j * q : (j + 1) * q] = a_tmp

    b = np.vstack([gamma[i].T for i in range(1, p + 1)])
    x = np.linalg.solve(a, b)

    phi = []
    for i in range(p):
        phi.append(x[i * q : (i + 1) * q, :])

    if check_stationarity:
        if not test_var_stationarity(phi):
            raise RuntimeError(
                "Error in estimate_var_params_yw: " "nonstationary VAR(p) process"
            )

    if d == 1:
        phi = _compute_differenced_model_params(phi, p, q, 1)

    phi.append(np.zeros(phi[0].shape))

    return phi


def iterate_ar_model(x, phi, eps=None):
    if x.shape[0] < len(phi) - 1:
        raise ValueError(
            "dimension mismatch between x and phi: x.shape[0]=%d, len(phi)=%d"
            % (x.shape[0], len(phi))
        )

    if len(x.shape) == 1:
        x_simple_shape = True
        x = x[:, np.newaxis]
    else:
        x_simple_shape = False

    if eps is not None and eps.shape != x.shape[1:]:
        raise ValueError(
            "dimension mismatch between x and eps: x[1:].shape=%s, eps.shape=%s"
            % (str(x[1:].shape), str(eps.shape))
        )

    x_new = 0.0

    p = len(phi) - 1

    for i in range(p):
        x_new += phi[i] * x[-(i + 1), :]

    if eps is not None:
        x_new += phi[-1] * eps

    if x_simple_shape:
        return np.hstack([x[1:], [x_new]])
    else:
        return np.concatenate([x[1:, :], x_new[np.newaxis, :]])


def iterate_var_model(x, phi, eps=None):
    if x.shape[0] < len(phi) - 1:
        raise ValueError(
            "dimension mismatch between x and phi: x.shape[0]=%d, len(phi)=%d"
            % (x.shape[1], len(phi))
        )

    phi_shape = phi[0].shape
    if phi_shape[-1] != phi_shape[-2]:
        raise ValueError(
            "phi[0].shape = %s, but the last two dimensions are expected to be equal"
            % str(phi_shape)
        )
    for i in range(1, len(phi)):
        if phi[i].shape != phi_shape:
            raise ValueError("dimension mismatch between parameter matrices phi")

    if len(x.shape) == 2:
        x_simple_shape = True
        x = x[:, :, np.newaxis]
    else:
        x_simple_shape = False

    x_new = np.zeros(x.shape[1:])
    p = len(phi) - 1

    for l in range(p):
        x_new += np.einsum("...ij,j...->i...", phi[l], x[-(l + 1), :])

    if eps is not None:
        x_new += np.dot(np.dot(phi[-1], phi[-1]), eps)

    if x_simple_shape:
        return np.vstack([x[1:, :, 0], x_new[:, 0]])
    else:
        x_new = x_new.reshape(x.shape[1:])
        return np.concatenate([x[1:, :], x_new[np.newaxis, :, :]], axis=0)


def test_ar_stationarity(phi):
    r = np.array(
        [
            np.abs(r_)
            for r_ in np.roots([1.0 if i == 0 else -phi[i] for i in range(len(phi))])
        ]
    )

    return False if np.any(r >= 1) else True


def test_var_stationarity(phi):
    q = phi[0].shape
    for i in range(1, len(phi)):
        if phi[i].shape != q:
            raise ValueError("dimension mismatch between parameter matrices phi")

    p = len(phi)
    q = phi[0].shape[0]

    M = np.zeros((p * q, p * q))

    for i in range(p):
        M[0:q, i * q : (i + 1) * q] = phi[i]
    for i in range(1, p):
        M[i * q : (i + 1) * q, (i - 1) * q : i * q] = np.eye(q, q)
    r = np.linalg.eig(M)[0]

    return False if np.any(np.abs(r) >= 1) else True


def _compute_differenced_model_params(phi, p, q, d):
    phi_out = []
    for i in range(p + d):
        if q > 1:
            if len(phi[0].shape) == 2:
                phi_out.append(np.zeros((q, q)))
            else:
                phi_out.append(np.zeros(phi[0].shape))
        else:
            phi_out.append(0.0)

    for i in range(1, d + 1):
        if q > 1:
            phi_out[i - 1] -= binom(d, i) * (-1) ** i * np.eye(q)
        else:
            phi_out[i - 1] -= binom(d, i) * (-1) ** i
    for i in range(1, p + 1):
        phi_out[i - 1] += phi[i - 1]
    for i in range(1, p + 1):
        for j in range(1, d + 1):
            phi_out[i + j - 1] += phi[i - 1] * binom(d, j) * (-1) ** j

    return phi_out


# --- pysteps/cascade/bandpass_filters.py ------------------------------------------------------------------------------
def filter_gaussian(
    shape,
    n,
    gauss_scale=0.5,
    d=1.0,
    normalize=True,
    return_weight_funcs=False,
    include_mean=True,
):
    if n < 3:
        raise ValueError("n must be greater than 2")

    try:
        height, width = shape
    except TypeError:
        height, width = (shape, shape)

    max_length = max(width, height)

    rx = np.s_[: int(width / 2) + 1]

    if (height % 2) == 1:
        ry = np.s_[-int(height / 2) : int(height / 2) + 1]
    else:
        ry = np.s_[-int(height / 2) : int(height / 2)]

    y_grid, x_grid = np.ogrid[ry, rx]
    dy = int(height / 2) if height % 2 == 0 else int(height / 2) + 1

    r_2d = np.roll(np.sqrt(x_grid * x_grid + y_grid * y_grid), dy, axis=0)

    r_max = int(max_length / 2) + 1
    r_1d = np.arange(r_max)

    wfs, central_wavenumbers = _gaussweights_1d(
        max_length,
        n,
        gauss_scale=gauss_scale,
    )

    weights_1d = np.empty((n, r_max))
    weights_2d = np.empty((n, height, int(width / 2) + 1))

    for i, wf in enumerate(wfs):
        weights_1d[i, :] = wf(r_1d)
        weights_2d[i, :, :] = wf(r_2d)

    if normalize:
        weights_1d_sum = np.sum(weights_1d, axis=0)
        weights_2d_sum = np.sum(weights_2d, axis=0)
        for k in range(weights_2d.shape[0]):
            weights_1d[k, :] /= weights_1d_sum
            weights_2d[k, :, :] /= weights_2d_sum

    for i in range(len(wfs)):
        if i == 0 and include_mean:
            weights_1d[i, 0] = 1.0
            weights_2d[i, 0, 0] = 1.0
        else:
            weights_1d[i, 0] = 0.0
            weights_2d[i, 0, 0] = 0.0

    out = {"weights_1d": weights_1d, "weights_2d": weights_2d}
    out["shape"] = shape

    central_wavenumbers = np.array(central_wavenumbers)
    out["central_wavenumbers"] = central_wavenumbers

    # Compute frequencies
    central_freqs = 1.0 * central_wavenumbers / max_length
    central_freqs[0] = 1.0 / max_length
    central_freqs[-1] = 0.5  # Nyquist freq
    central_freqs = 1.0 * d * central_freqs
    out["central_freqs"] = central_freqs

    if return_weight_funcs:
        out["weight_funcs"] = wfs

    return out


def _gaussweights_1d(l, n, gauss_scale=0.5):
    q = pow(0.5 * l, 1.0 / n)
    r = [(pow(q, k - 1), pow(q, k)) for k in range(1, n + 1)]
    r = [0.5 * (r_[0] + r_[1]) for r_ in r]

    def log_e(x):
        if len(np.shape(x)) > 0:
            res = np.empty(x.shape)
            res[x == 0] = 0.0
            res[x > 0] = np.log(x[x > 0]) / np.log(q)
        else:
            if x == 0.0:
                res = 0.0
            else:
                res = np.log(x) / np.log(q)

        return res

    class GaussFunc:
        def __init__(self, c, s):
            self.c = c
            self.s = s

        def __call__(self, x):
            x = log_e(x) - self.c
            return np.exp(-(x**2.0) / (2.0 * self.s**2.0))

    weight_funcs = []
    central_wavenumbers = []

    for i, ri in enumerate(r):
        rc = log_e(ri)
        weight_funcs.append(GaussFunc(rc, gauss_scale))
        central_wavenumbers.append(ri)

    return weight_funcs, central_wavenumbers


# --- pysteps/postprocessing/probmatching.py ---------------------------------------------------------------------------
def compute_empirical_cdf(bin_edges, hist):
    cdf = []
    xs = 0.0

    for x, h in zip(zip(bin_edges[:-1], bin_edges[1:]), hist):
        cdf.append(xs)
        xs += (x[1] - x[0]) * h

    cdf.append(xs)
    cdf = np.array(cdf) / xs

    return cdf


def nonparam_match_empirical_cdf(initial_array, target_array, ignore_indices=None):

    if np.all(np.isnan(initial_array)):
        raise ValueError("Initial array contains only nans.")
    if initial_array.size != target_array.size:
        raise ValueError(
            "dimension mismatch between initial_array and target_array: "
            f"initial_array.shape={initial_array.shape}, target_array.shape={target_array.shape}"
        )

    initial_array_copy = np.array(initial_array, dtype=float)
    target_array = np.array(target_array, dtype=float)

    # Determine zero in initial array and set nans to zero
    zvalue = np.nanmin(initial_array_copy)
    if ignore_indices is not None:
        initial_array_copy[ignore_indices] = zvalue
    # Check if there are still nans left after setting the values at ignore_indices to zero.
    if np.any(~np.isfinite(initial_array_copy)):
        raise ValueError(
            "Initial array contains non-finite values outside ignore_indices mask."
        )

    idxzeros = initial_array_copy == zvalue

    # Determine zero of target_array and set nans to zero.
    zvalue_trg = np.nanmin(target_array)
    target_array = np.where(np.isnan(target_array), zvalue_trg, target_array)

    # adjust the fraction of rain in target distribution if the number of
    # nonzeros is greater than in the initial array (the lowest values will be set to zero)
    if np.sum(target_array > zvalue_trg) > np.sum(initial_array_copy > zvalue):
        war = np.sum(initial_array_copy > zvalue) / initial_array_copy.size
        p = np.percentile(target_array, 100 * (1 - war))
        target_array[target_array < p] = zvalue_trg

    # flatten the arrays without copying them
    arrayshape = initial_array_copy.shape
    target_array = target_array.reshape(-1)
    initial_array_copy = initial_array_copy.reshape(-1)

    # rank target values
    order = target_array.argsort()
    ranked = target_array[order]

    # rank initial values order
    orderin = initial_array_copy.argsort()
    ranks = np.empty(len(initial_array_copy), int)
    ranks[orderin] = np.arange(len(initial_array_copy))

    # get ranked values from target and rearrange with the initial order
    output_array = ranked[ranks]

    # reshape to the original array dimensions
    output_array = output_array.reshape(arrayshape)

    # read original zeros
    output_array[idxzeros] = zvalue_trg

    # Put back the original values outside the nan-mask of the target array.
    if ignore_indices is not None:
        output_array[ignore_indices] = initial_array[ignore_indices]
    return output_array


def pmm_init(bin_edges_1, cdf_1, bin_edges_2, cdf_2):
    pmm = {}

    pmm["bin_edges_1"] = bin_edges_1.copy()
    pmm["cdf_1"] = cdf_1.copy()
    pmm["bin_edges_2"] = bin_edges_2.copy()
    pmm["cdf_2"] = cdf_2.copy()
    pmm["cdf_interpolator"] = sip.interp1d(bin_edges_1, cdf_1, kind="linear")

    return pmm


def pmm_compute(pmm, x):
    mask = np.logical_and(x >= pmm["bin_edges_1"][0], x <= pmm["bin_edges_1"][-1])
    p = pmm["cdf_interpolator"](x[mask])

    result = np.ones(len(mask)) * np.nan
    result[mask] = _invfunc(p, pmm["bin_edges_2"], pmm["cdf_2"])

    return result


def shift_scale(R, f, rain_fraction_trg, second_moment_trg, **kwargs):

    shape = R.shape
    R = R.flatten()

    # defaults
    scale = kwargs.get("scale", 1.0)
    max_iterations = kwargs.get("max_iterations", 100)
    tol = kwargs.get("tol", 0.05 * second_moment_trg)

    # calculate the shift parameter based on the required rain fraction
    shift = np.percentile(R, 100 * (1 - rain_fraction_trg))
    idx_wet = R > shift

    # define objective function
    def _get_error(scale):
        R_ = np.zeros_like(R)
        R_[idx_wet] = f((R[idx_wet] - shift) * scale)
        R_[~idx_wet] = 0
        second_moment = np.nanstd(R_) ** 2 + np.nanmean(R_) ** 2
        return np.abs(second_moment - second_moment_trg)

    # Nelder-Mead optimisation
    nm_scale = sop.minimize(
        _get_error,
        scale,
        method="Nelder-Mead",
        tol=tol,
        options={"disp": False, "maxiter": max_iterations},
    )
    scale = nm_scale["x"][0]

    R[idx_wet] = f((R[idx_wet] - shift) * scale)
    R[~idx_wet] = 0

    return shift, scale, R.reshape(shape)


def resample_distributions(
    first_array, second_array, probability_first_array, randgen=np.random
):

    # Valide inputs
    if first_array.shape != second_array.shape:
        raise ValueError("first_array and second_array must have the same shape")
    probability_first_array = np.clip(probability_first_array, 0.0, 1.0)

    # Propagate the NaN values of the arrays to each other if there are any; convert to float to make sure this works.
    nanmask = np.isnan(first_array) | np.isnan(second_array)
    if np.any(nanmask):
        first_array = first_array.astype(float)
        first_array[nanmask] = np.nan
        second_array = second_array.astype(float)
        second_array[nanmask] = np.nan

    # Flatten and sort the arrays
    asort = np.sort(first_array, axis=None)[::-1]
    bsort = np.sort(second_array, axis=None)[::-1]
    n = asort.shape[0]

    # Resample the distributions
    idxsamples = randgen.binomial(1, probability_first_array, n).astype(bool)
    csort = np.where(idxsamples, asort, bsort)
    csort = np.sort(csort)[::-1]

    # Return the resampled array in descending order (starting with the nan values)
    return csort


def _invfunc(y, fx, fy):
    if len(y) == 0:
        return np.array([])

    b = np.digitize(y, fy)
    mask = np.logical_and(b > 0, b < len(fy))
    c = (y[mask] - fy[b[mask] - 1]) / (fy[b[mask]] - fy[b[mask] - 1])

    result = np.ones(len(y)) * np.nan
    result[mask] = c * fx[b[mask]] + (1.0 - c) * fx[b[mask] - 1]

    return result


# --- pysteps/postprocessing/ensemblestats.py --------------------------------------------------------------------------
def ensemblestats_mean(X, ignore_nan=False, X_thr=None):  # renamed

    X = np.asanyarray(X)
    X_ndim = X.ndim

    if X_ndim > 3 or X_ndim <= 1:
        raise Exception(
            "Number of dimensions of X should be 2 or 3." + "It was: {}".format(X_ndim)
        )
    elif X.ndim == 2:
        X = X[None, ...]

    if ignore_nan or X_thr is not None:
        if X_thr is not None:
            X = X.copy()
            X[X < X_thr] = np.nan

        return np.nanmean(X, axis=0)
    else:
        return np.mean(X, axis=0)


def excprob(X, X_thr, ignore_nan=False):
    #  Checks
    X = np.asanyarray(X)
    X_ndim = X.ndim

    if X_ndim < 3:
        raise Exception(
            f"Number of dimensions of X should be 3 or more. It was: {X_ndim}"
        )

    P = []

    if np.isscalar(X_thr):
        X_thr = [X_thr]
        scalar_thr = True
    else:
        scalar_thr = False

    for x in X_thr:
        X_ = np.zeros(X.shape)

        X_[X >= x] = 1.0
        X_[~np.isfinite(X)] = np.nan

        if ignore_nan:
            P.append(np.nanmean(X_, axis=0))
        else:
            P.append(np.mean(X_, axis=0))

    if not scalar_thr:
        return np.stack(P)
    else:
        return P[0]


# --- pysteps/verification/detcatscores.py -----------------------------------------------------------------------------
def det_cat_fct(pred, obs, thr, scores="", axis=None):

    contab = det_cat_fct_init(thr, axis)
    det_cat_fct_accum(contab, pred, obs)
    return det_cat_fct_compute(contab, scores)


def det_cat_fct_init(thr, axis=None):

    contab = {}

    # catch case of axis passed as integer
    def get_iterable(x):
        if x is None or (
            isinstance(x, collections.abc.Iterable) and not isinstance(x, int)
        ):
            return x
        else:
            return (x,)

    contab["thr"] = thr
    contab["axis"] = get_iterable(axis)
    contab["hits"] = None
    contab["false_alarms"] = None
    contab["misses"] = None
    contab["correct_negatives"] = None

    return contab


def det_cat_fct_accum(contab, pred, obs):

    pred = np.asarray(pred.copy())
    obs = np.asarray(obs.copy())
    axis = tuple(range(pred.ndim)) if contab["axis"] is None else contab["axis"]

    # checks
    if pred.shape != obs.shape:
        raise ValueError(
            "the shape of pred does not match the shape of obs %s!=%s"
            % (pred.shape, obs.shape)
        )

    if pred.ndim <= np.max(axis):
        raise ValueError(
            "axis %d is out of bounds for array of dimension %d"
            % (np.max(axis), len(pred.shape))
        )

    idims = [dim not in axis for dim in range(pred.ndim)]
    nshape = tuple(np.array(pred.shape)[np.array(idims)])
    if contab["hits"] is None:
        # initialize the count arrays in the contingency table
        contab["hits"] = np.zeros(nshape, dtype=int)
        contab["false_alarms"] = np.zeros(nshape, dtype=int)
        contab["misses"] = np.zeros(nshape, dtype=int)
        contab["correct_negatives"] = np.zeros(nshape, dtype=int)

    else:
        # check dimensions
        if contab["hits"].shape != nshape:
            raise ValueError(
                "the shape of the input arrays does not match "
                + "the shape of the "
                + "contingency table %s!=%s" % (nshape, contab["hits"].shape)
            )

    # add dummy axis in case integration is not required
    if np.max(axis) < 0:
        pred = pred[None, :]
        obs = obs[None, :]
        axis = (0,)
    axis = tuple([a for a in axis if a >= 0])

    # apply threshold
    predb = pred > contab["thr"]
    obsb = obs > contab["thr"]

    # calculate hits, misses, false positives, correct rejects
    H_idx = np.logical_and(predb == 1, obsb == 1)
    F_idx = np.logical_and(predb == 1, obsb == 0)
    M_idx = np.logical_and(predb == 0, obsb == 1)
    R_idx = np.logical_and(predb == 0, obsb == 0)

    # accumulate in the contingency table
    contab["hits"] += np.nansum(H_idx.astype(int), axis=axis)
    contab["misses"] += np.nansum(M_idx.astype(int), axis=axis)
    contab["false_alarms"] += np.nansum(F_idx.astype(int), axis=axis)
    contab["correct_negatives"] += np.nansum(R_idx.astype(int), axis=axis)


def det_cat_fct_merge(contab_1, contab_2):

    # checks
    if contab_1["thr"] != contab_2["thr"]:
        raise ValueError(
            "cannot merge: the thresholds are not same %s!=%s"
            % (contab_1["thr"], contab_2["thr"])
        )
    if contab_1["axis"] != contab_2["axis"]:
        raise ValueError(
            "cannot merge: the axis are not same %s!=%s"
            % (contab_1["axis"], contab_2["axis"])
        )
    if contab_1["hits"] is None or contab_2["hits"] is None:
        raise ValueError("cannot merge: no data found")

    # merge the contingency tables
    contab = contab_1.copy()
    contab["hits"] += contab_2["hits"]
    contab["misses"] += contab_2["misses"]
    contab["false_alarms"] += contab_2["false_alarms"]
    contab["correct_negatives"] += contab_2["correct_negatives"]

    return contab


def det_cat_fct_compute(contab, scores=""):

    # catch case of single score passed as string
    def get_iterable(x):
        if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):
            return x
        else:
            return (x,)

    scores = get_iterable(scores)

    H = 1.0 * contab["hits"]  # true positives
    M = 1.0 * contab["misses"]  # false negatives
    F = 1.0 * contab["false_alarms"]  # false positives
    R = 1.0 * contab["correct_negatives"]  # true negatives

    result = {}
    for score in scores:
        # catch None passed as score
        if score is None:
            continue

        score_ = score.lower()

        # simple scores
        POD = H / (H + M)
        FAR = F / (H + F)
        FA = F / (F + R)
        s = (H + M) / (H + M + F + R)

        if score_ in ["pod", ""]:
            # probability of detection
            result["POD"] = POD
        if score_ in ["far", ""]:
            # false alarm ratio
            result["FAR"] = FAR
        if score_ in ["fa", ""]:
            # false alarm rate (prob of false detection)
            result["FA"] = FA
        if score_ in ["acc", ""]:
            # accuracy (fraction correct)
            ACC = (H + R) / (H + M + F + R)
            result["ACC"] = ACC
        if score_ in ["csi", ""]:
            # critical success index
            CSI = H / (H + M + F)
            result["CSI"] = CSI
        if score_ in ["bias", ""]:
            # frequency bias
            B = (H + F) / (H + M)
            result["BIAS"] = B

        # skill scores
        if score_ in ["hss", ""]:
            # Heidke Skill Score (-1 < HSS < 1) < 0 implies no skill
            HSS = 2 * (H * R - F * M) / ((H + M) * (M + R) + (H + F) * (F + R))
            result["HSS"] = HSS
        if score_ in ["hk", ""]:
            # Hanssen-Kuipers Discriminant
            HK = POD - FA
            result["HK"] = HK
        if score_ in ["gss", "ets", ""]:
            # Gilbert Skill Score
            GSS = (POD - FA) / ((1 - s * POD) / (1 - s) + FA * (1 - s) / s)
            if score_ == "ets":
                result["ETS"] = GSS
            else:
                result["GSS"] = GSS
        if score_ in ["sedi", ""]:
            # Symmetric extremal dependence index
            SEDI = (np.log(FA) - np.log(POD) + np.log(1 - POD) - np.log(1 - FA)) / (
                np.log(FA) + np.log(POD) + np.log(1 - POD) + np.log(1 - FA)
            )
            result["SEDI"] = SEDI
        if score_ in ["mcc", ""]:
            # Matthews correlation coefficient
            MCC = (H * R - F * M) / np.sqrt((H + F) * (H + M) * (R + F) * (R + M))
            result["MCC"] = MCC
        if score_ in ["f1", ""]:
            # F1 score
            F1 = 2 * H / (2 * H + F + M)
            result["F1"] = F1

    return result


# --- pysteps/verification/detcontscores.py ----------------------------------------------------------------------------
def det_cont_fct(pred, obs, scores="", axis=None, conditioning=None, thr=0.0):

    # catch case of single score passed as string
    def get_iterable(x):
        if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):
            return x
        else:
            return (x,)

    scores = get_iterable(scores)

    # split between online and offline scores
    loffline = ["scatter", "corr_s"]
    onscores = [
        score for score in scores if str(score).lower() not in loffline or score == ""
    ]
    offscores = [
        score for score in scores if str(score).lower() in loffline or score == ""
    ]

    # unique lists
    onscores = _uniquelist(onscores)
    offscores = _uniquelist(offscores)

    # online scores
    onresult = {}
    if onscores:
        err = det_cont_fct_init(axis=axis, conditioning=conditioning, thr=thr)
        det_cont_fct_accum(err, pred, obs)
        onresult = det_cont_fct_compute(err, onscores)

    # offline scores
    offresult = {}
    if offscores:
        pred = np.asarray(pred.copy())
        obs = np.asarray(obs.copy())

        if pred.shape != obs.shape:
            raise ValueError(
                "the shape of pred does not match the shape of obs %s!=%s"
                % (pred.shape, obs.shape)
            )

        # conditioning
        if conditioning is not None:
            if conditioning == "single":
                idx = np.logical_or(obs > thr, pred > thr)
            elif conditioning == "double":
                idx = np.logical_and(obs > thr, pred > thr)
            else:
                raise ValueError("unkown conditioning %s" % conditioning)
            obs[~idx] = np.nan
            pred[~idx] = np.nan

        for score in offscores:
            # catch None passed as score
            if score is None:
                continue

            score_ = score.lower()

            # spearman corr (rank correlation)
            if score_ in ["corr_s", "spearmanr", ""]:
                corr_s = _spearmanr(pred, obs, axis=axis)
                offresult["corr_s"] = corr_s

            # scatter
            if score_ in ["scatter", ""]:
                scatter = _scatter(pred, obs, axis=axis)
                offresult["scatter"] = scatter

    # pull all results together
    result = onresult
    result.update(offresult)

    return result


def det_cont_fct_init(axis=None, conditioning=None, thr=0.0):

    err = {}

    # catch case of axis passed as integer
    def get_iterable(x):
        if x is None or (
            isinstance(x, collections.abc.Iterable) and not isinstance(x, int)
        ):
            return x
        else:
            return (x,)

    err["axis"] = get_iterable(axis)
    err["conditioning"] = conditioning
    err["thr"] = thr
    err["cov"] = None
    err["vobs"] = None
    err["vpred"] = None
    err["mobs"] = None
    err["mpred"] = None
    err["me"] = None
    err["mse"] = None
    err["mss"] = None  # mean square sum, i.e. E[(pred + obs)^2]
    err["mae"] = None
    err["n"] = None

    return err


def det_cont_fct_accum(err, pred, obs):

    pred = np.asarray(pred.copy())
    obs = np.asarray(obs.copy())
    axis = tuple(range(pred.ndim)) if err["axis"] is None else err["axis"]

    # checks
    if pred.shape != obs.shape:
        raise ValueError(
            "the shape of pred does not match the shape of obs %s!=%s"
            % (pred.shape, obs.shape)
        )

    if pred.ndim <= np.max(axis):
        raise ValueError(
            "axis %d is out of bounds for array of dimension %d"
            % (np.max(axis), len(pred.shape))
        )

    idims = [dim not in axis for dim in range(pred.ndim)]
    nshape = tuple(np.array(pred.shape)[np.array(idims)])
    if err["cov"] is None:
        # initialize the error arrays in the verification object
        err["cov"] = np.zeros(nshape)
        err["vobs"] = np.zeros(nshape)
        err["vpred"] = np.zeros(nshape)
        err["mobs"] = np.zeros(nshape)
        err["mpred"] = np.zeros(nshape)
        err["me"] = np.zeros(nshape)
        err["mse"] = np.zeros(nshape)
        err["mss"] = np.zeros(nshape)
        err["mae"] = np.zeros(nshape)
        err["n"] = np.zeros(nshape)

    else:
        # check dimensions
        if err["cov"].shape != nshape:
            raise ValueError(
                "the shape of the input arrays does not match "
                + "the shape of the "
                + "verification object %s!=%s" % (nshape, err["cov"].shape)
            )

    # conditioning
    if err["conditioning"] is not None:
        if err["conditioning"] == "single":
            idx = np.logical_or(obs > err["thr"], pred > err["thr"])
        elif err["conditioning"] == "double":
            idx = np.logical_and(obs > err["thr"], pred > err["thr"])
        else:
            raise ValueError("unkown conditioning %s" % err["conditioning"])
        obs[~idx] = np.nan
        pred[~idx] = np.nan

    # add dummy axis in case integration is not required
    if np.max(axis) < 0:
        pred = pred[None, :]
        obs = obs[None, :]
        axis = (0,)
    axis = tuple([a for a in axis if a >= 0])

    # compute residuals
    res = pred - obs
    sum = pred + obs
    n = np.sum(np.isfinite(res), axis=axis)

    # new means
    mobs = np.nanmean(obs, axis=axis)
    mpred = np.nanmean(pred, axis=axis)
    me = np.nanmean(res, axis=axis)
    mse = np.nanmean(res**2, axis=axis)
    mss = np.nanmean(sum**2, axis=axis)
    mae = np.nanmean(np.abs(res), axis=axis)

    # expand axes for broadcasting
    for ax in sorted(axis):
        mobs = np.expand_dims(mobs, ax)
        mpred = np.expand_dims(mpred, ax)

    # new cov matrix
    cov = np.nanmean((obs - mobs) * (pred - mpred), axis=axis)
    vobs = np.nanmean(np.abs(obs - mobs) ** 2, axis=axis)
    vpred = np.nanmean(np.abs(pred - mpred) ** 2, axis=axis)

    mobs = mobs.squeeze()
    mpred = mpred.squeeze()

    # update variances
    _parallel_var(err["mobs"], err["n"], err["vobs"], mobs, n, vobs)
    _parallel_var(err["mpred"], err["n"], err["vpred"], mpred, n, vpred)

    # update covariance
    _parallel_cov(err["cov"], err["mobs"], err["mpred"], err["n"], cov, mobs, mpred, n)

    # update means
    _parallel_mean(err["mobs"], err["n"], mobs, n)
    _parallel_mean(err["mpred"], err["n"], mpred, n)
    _parallel_mean(err["me"], err["n"], me, n)
    _parallel_mean(err["mse"], err["n"], mse, n)
    _parallel_mean(err["mss"], err["n"], mss, n)
    _parallel_mean(err["mae"], err["n"], mae, n)

    # update number of samples
    err["n"] += n


def det_cont_fct_merge(err_1, err_2):

    # checks
    if err_1["axis"] != err_2["axis"]:
        raise ValueError(
            "cannot merge: the axis are not same %s!=%s"
            % (err_1["axis"], err_2["axis"])
        )
    if err_1["conditioning"] != err_2["conditioning"]:
        raise ValueError(
            "cannot merge: the conditioning is not same %s!=%s"
            % (err_1["conditioning"], err_2["conditioning"])
        )
    if err_1["thr"] != err_2["thr"]:
        raise ValueError(
            "cannot merge: the threshold is not same %s!=%s"
            % (err_1["thr"], err_2["thr"])
        )
    if err_1["cov"] is None or err_2["cov"] is None:
        raise ValueError("cannot merge: no data found")

    # merge the two verification error objects
    err = err_1.copy()

    # update variances
    _parallel_var(
        err["mobs"], err["n"], err["vobs"], err_2["mobs"], err_2["n"], err_2["vobs"]
    )
    _parallel_var(
        err["mpred"],
        err["n"],
        err["vpred"],
        err_2["mpred"],
        err_2["n"],
        err_2["vpred"],
    )

    # update covariance
    _parallel_cov(
        err["cov"],
        err["mobs"],
        err["mpred"],
        err["n"],
        err_2["cov"],
        err_2["mobs"],
        err_2["mpred"],
        err_2["n"],
    )

    # update means
    _parallel_mean(err["mobs"], err["n"], err_2["mobs"], err_2["n"])
    _parallel_mean(err["mpred"], err["n"], err_2["mpred"], err_2["n"])
    _parallel_mean(err["me"], err["n"], err_2["me"], err_2["n"])
    _parallel_mean(err["mse"], err["n"], err_2["mse"], err_2["n"])
    _parallel_mean(err["mss"], err["n"], err_2["mss"], err_2["n"])
    _parallel_mean(err["mae"], err["n"], err_2["mae"], err_2["n"])

    # update number of samples
    err["n"] += err_2["n"]

    return err


def det_cont_fct_compute(err, scores=""):

    # catch case of single score passed as string
    def get_iterable(x):
        if isinstance(x, collections.abc.Iterable) and not isinstance(x, str):
            return x
        else:
            return (x,)

    scores = get_iterable(scores)

    result = {}
    for score in scores:
        # catch None passed as score
        if score is None:
            continue

        score_ = score.lower()

        # bias (mean error, systematic error)
        if score_ in ["bias", "me", ""]:
            bias = err["me"]
            result["ME"] = bias

        # mean absolute error
        if score_ in ["mae", ""]:
            MAE = err["mae"]
            result["MAE"] = MAE

        # mean squared error
        if score_ in ["mse", ""]:
            MSE = err["mse"]
            result["MSE"] = MSE

        # normalized mean squared error
        if score_ in ["nmse", ""]:
            NMSE = err["mse"] / err["mss"]
            result["NMSE"] = NMSE

        # root mean squared error
        if score_ in ["rmse", ""]:
            RMSE = np.sqrt(err["mse"])
            result["RMSE"] = RMSE

        # linear correlation coeff (pearson corr)
        if score_ in ["corr_p", "pearsonr", ""]:
            corr_p = err["cov"] / np.sqrt(err["vobs"]) / np.sqrt(err["vpred"])
            result["corr_p"] = corr_p

        # beta1 (linear regression slope)
        if score_ in ["beta", "beta1", ""]:
            beta1 = err["cov"] / err["vpred"]
            result["beta1"] = beta1

        # beta2 (linear regression slope)
        if score_ in ["beta2", ""]:
            beta2 = err["cov"] / err["vobs"]
            result["beta2"] = beta2

        # debiased RMSE
        if score_ in ["drmse", ""]:
            RMSE_d = np.sqrt(err["mse"] - err["me"] ** 2)
            result["DRMSE"] = RMSE_d

        # reduction of variance
        # (Brier Score, Nash-Sutcliffe efficiency coefficient,
        # MSE skill score)
        if score_ in ["rv", "brier_score", "nse", ""]:
            RV = 1.0 - err["mse"] / err["vobs"]
            result["RV"] = RV

    return result


def _parallel_mean(avg_a, count_a, avg_b, count_b):
    idx = count_b > 0
    avg_a[idx] = (count_a[idx] * avg_a[idx] + count_b[idx] * avg_b[idx]) / (
        count_a[idx] + count_b[idx]
    )


def _parallel_var(avg_a, count_a, var_a, avg_b, count_b, var_b):
    idx = count_b > 0
    delta = avg_b - avg_a
    m_a = var_a * count_a
    m_b = var_b * count_b
    var_a[idx] = (
        m_a[idx]
        + m_b[idx]
        + delta[idx] ** 2 * count_a[idx] * count_b[idx] / (count_a[idx] + count_b[idx])
    )
    var_a[idx] = var_a[idx] / (count_a[idx] + count_b[idx])


def _parallel_cov(cov_a, avg_xa, avg_ya, count_a, cov_b, avg_xb, avg_yb, count_b):
    idx = count_b > 0
    deltax = avg_xb - avg_xa
    deltay = avg_yb - avg_ya
    c_a = cov_a * count_a
    c_b = cov_b * count_b
    cov_a[idx] = (
        c_a[idx]
        + c_b[idx]
        + deltax[idx]
        * deltay[idx]
        * count_a[idx]
        * count_b[idx]
        / (count_a[idx] + count_b[idx])
    )
    cov_a[idx] = cov_a[idx] / (count_a[idx] + count_b[idx])


def _uniquelist(mylist):
    used = set()
    return [x for x in mylist if x not in used and (used.add(x) or True)]


def _scatter(pred, obs, axis=None):
    pred = pred.copy()
    obs = obs.copy()

    # catch case of axis passed as integer
    def get_iterable(x):
        if x is None or (
            isinstance(x, collections.abc.Iterable) and not isinstance(x, int)
        ):
            return x
        else:
            return (x,)

    axis = get_iterable(axis)

    # reshape arrays as 2d matrices
    # rows: samples; columns: variables
    axis = tuple(range(pred.ndim)) if axis is None else axis
    axis = tuple(np.sort(axis))
    for ax in axis:
        pred = np.rollaxis(pred, ax, 0)
        obs = np.rollaxis(obs, ax, 0)
    shp_rows = pred.shape[: len(axis)]
    shp_cols = pred.shape[len(axis) :]
    pred = np.reshape(pred, (np.prod(shp_rows), -1))
    obs = np.reshape(obs, (np.prod(shp_rows), -1))

    # compute multiplicative erros in dB
    q = 10 * np.log10(pred / obs)

    # nans are given zero weight and are set equal to (min value - 1)
    idkeep = np.isfinite(q)
    q[~idkeep] = q[idkeep].min() - 1
    obs[~idkeep] = 0

    # compute scatter along rows
    xs = np.sort(q, axis=0)
    xs = np.vstack((xs[0, :], xs))
    ixs = np.argsort(q, axis=0)
    ws = np.take_along_axis(obs, ixs, axis=0)
    ws = np.vstack((ws[0, :] * 0.0, ws))
    wsc = np.cumsum(ws, axis=0) / np.sum(ws, axis=0)
    xint = np.zeros((2, xs.shape[1]))
    for i in range(xint.shape[1]):
        xint[:, i] = np.interp([0.16, 0.84], wsc[:, i], xs[:, i])
    scatter = (xint[1, :] - xint[0, :]) / 2.0

    # reshape back
    scatter = scatter.reshape(shp_cols)

    return float(scatter) if scatter.size == 1 else scatter


def _spearmanr(pred, obs, axis=None):
    pred = pred.copy()
    obs = obs.copy()

    # catch case of axis passed as integer
    def get_iterable(x):
        if x is None or (
            isinstance(x, collections.abc.Iterable) and not isinstance(x, int)
        ):
            return x
        else:
            return (x,)

    axis = get_iterable(axis)

    # reshape arrays as 2d matrices
    # rows: samples; columns: variables
    axis = tuple(range(pred.ndim)) if axis is None else axis
    axis = tuple(np.sort(axis))
    for ax in axis:
        pred = np.rollaxis(pred, ax, 0)
        obs = np.rollaxis(obs, ax, 0)
    shp_rows = pred.shape[: len(axis)]
    shp_cols = pred.shape[len(axis) :]
    pred = np.reshape(pred, (np.prod(shp_rows), -1))
    obs = np.reshape(obs, (np.prod(shp_rows), -1))

    # apply only with more than 2 valid samples
    # although this does not seem to solve the error
    # "ValueError: The input must have at least 3 entries!" ...
    corr_s = np.zeros(pred.shape[1]) * np.nan
    nsamp = np.sum(np.logical_and(np.isfinite(pred), np.isfinite(obs)), axis=0)
    idx = nsamp > 2
    if np.any(idx):
        corr_s_ = spearmanr(pred[:, idx], obs[:, idx], axis=0, nan_policy="omit")[0]

        if corr_s_.size > 1:
            corr_s[idx] = np.diag(corr_s_, idx.sum())
        else:
            corr_s = corr_s_

    return float(corr_s) if corr_s.size == 1 else corr_s.reshape(shp_cols)


# --- pysteps/verification/probscores.py -------------------------------------------------------------------------------
def CRPS(X_f, X_o):

    X_f = X_f.copy()
    X_o = X_o.copy()
    crps = CRPS_init()
    CRPS_accum(crps, X_f, X_o)
    return CRPS_compute(crps)


def CRPS_init():
    return {"CRPS_sum": 0.0, "n": 0.0}


def CRPS_accum(CRPS, X_f, X_o):
    X_f = np.vstack([X_f[i, :].flatten() for i in range(X_f.shape[0])]).T
    X_o = X_o.flatten()

    mask = np.logical_and(np.all(np.isfinite(X_f), axis=1), np.isfinite(X_o))

    X_f = X_f[mask, :].copy()
    X_f.sort(axis=1)
    X_o = X_o[mask]

    n = X_f.shape[0]
    m = X_f.shape[1]

    alpha = np.zeros((n, m + 1))
    beta = np.zeros((n, m + 1))

    for i in range(1, m):
        mask = X_o > X_f[:, i]
        alpha[mask, i] = X_f[mask, i] - X_f[mask, i - 1]
        beta[mask, i] = 0.0

        mask = np.logical_and(X_f[:, i] > X_o, X_o > X_f[:, i - 1])
        alpha[mask, i] = X_o[mask] - X_f[mask, i - 1]
        beta[mask, i] = X_f[mask, i] - X_o[mask]

        mask = X_o < X_f[:, i - 1]
        alpha[mask, i] = 0.0
        beta[mask, i] = X_f[mask, i] - X_f[mask, i - 1]

    mask = X_o < X_f[:, 0]
    alpha[mask, 0] = 0.0
    beta[mask, 0] = X_f[mask, 0] - X_o[mask]

    mask = X_f[:, -1] < X_o
    alpha[mask, -1] = X_o[mask] - X_f[mask, -1]
    beta[mask, -1] = 0.0

    p = 1.0 * np.arange(m + 1) / m
    res = np.sum(alpha * p**2.0 + beta * (1.0 - p) ** 2.0, axis=1)

    CRPS["CRPS_sum"] += np.sum(res)
    CRPS["n"] += len(res)


def CRPS_compute(CRPS):
    return 1.0 * CRPS["CRPS_sum"] / CRPS["n"]


def reldiag(P_f, X_o, X_min, n_bins=10, min_count=10):

    P_f = P_f.copy()
    X_o = X_o.copy()
    rdiag = reldiag_init(X_min, n_bins, min_count)
    reldiag_accum(rdiag, P_f, X_o)
    return reldiag_compute(rdiag)


def reldiag_init(X_min, n_bins=10, min_count=10):
    reldiag = {}

    reldiag["X_min"] = X_min
    reldiag["bin_edges"] = np.linspace(-1e-6, 1 + 1e-6, int(n_bins + 1))
    reldiag["n_bins"] = n_bins
    reldiag["X_sum"] = np.zeros(n_bins)
    reldiag["Y_sum"] = np.zeros(n_bins, dtype=int)
    reldiag["num_idx"] = np.zeros(n_bins, dtype=int)
    reldiag["sample_size"] = np.zeros(n_bins, dtype=int)
    reldiag["min_count"] = min_count

    return reldiag


def reldiag_accum(reldiag, P_f, X_o):
    mask = np.logical_and(np.isfinite(P_f), np.isfinite(X_o))

    P_f = P_f[mask]
    X_o = X_o[mask]

    idx = np.digitize(P_f, reldiag["bin_edges"], right=True)

    x = []
    y = []
    num_idx = []
    ss = []

    for k in range(1, len(reldiag["bin_edges"])):
        I_k = np.where(idx == k)[0]
        if len(I_k) >= reldiag["min_count"]:
            X_o_above_thr = (X_o[I_k] >= reldiag["X_min"]).astype(int)
            y.append(np.sum(X_o_above_thr))
            x.append(np.sum(P_f[I_k]))
            num_idx.append(len(I_k))
            ss.append(len(I_k))
        else:
            y.append(0.0)
            x.append(0.0)
            num_idx.append(0.0)
            ss.append(0)

    reldiag["X_sum"] += np.array(x)
    reldiag["Y_sum"] += np.array(y, dtype=int)
    reldiag["num_idx"] += np.array(num_idx, dtype=int)
    reldiag["sample_size"] += ss


def reldiag_compute(reldiag):
    f = 1.0 * reldiag["Y_sum"] / reldiag["num_idx"]
    r = 1.0 * reldiag["X_sum"] / reldiag["num_idx"]

    return r, f


def ROC_curve(P_f, X_o, X_min, n_prob_thrs=10, compute_area=False):

    P_f = P_f.copy()
    X_o = X_o.copy()
    roc = ROC_curve_init(X_min, n_prob_thrs)
    ROC_curve_accum(roc, P_f, X_o)
    return ROC_curve_compute(roc, compute_area)


def ROC_curve_init(X_min, n_prob_thrs=10):
    ROC = {}

    ROC["X_min"] = X_min
    ROC["hits"] = np.zeros(n_prob_thrs, dtype=int)
    ROC["misses"] = np.zeros(n_prob_thrs, dtype=int)
    ROC["false_alarms"] = np.zeros(n_prob_thrs, dtype=int)
    ROC["corr_neg"] = np.zeros(n_prob_thrs, dtype=int)
    ROC["prob_thrs"] = np.linspace(0.0, 1.0, int(n_prob_thrs))

    return ROC


def ROC_curve_accum(ROC, P_f, X_o):
    mask = np.logical_and(np.isfinite(P_f), np.isfinite(X_o))

    P_f = P_f[mask]
    X_o = X_o[mask]

    for i, p in enumerate(ROC["prob_thrs"]):
        mask = np.logical_and(P_f >= p, X_o >= ROC["X_min"])
        ROC["hits"][i] += np.sum(mask.astype(int))
        mask = np.logical_and(P_f < p, X_o >= ROC["X_min"])
        ROC["misses"][i] += np.sum(mask.astype(int))
        mask = np.logical_and(P_f >= p, X_o < ROC["X_min"])
        ROC["false_alarms"][i] += np.sum(mask.astype(int))
        mask = np.logical_and(P_f < p, X_o < ROC["X_min"])
        ROC["corr_neg"][i] += np.sum(mask.astype(int))


def ROC_curve_compute(ROC, compute_area=False):
    POD_vals = []
    POFD_vals = []

    for i in range(len(ROC["prob_thrs"])):
        POD_vals.append(1.0 * ROC["hits"][i] / (ROC["hits"][i] + ROC["misses"][i]))
        POFD_vals.append(
            1.0 * ROC["false_alarms"][i] / (ROC["corr_neg"][i] + ROC["false_alarms"][i])
        )

    if compute_area:
        # Compute the total area of parallelepipeds under the ROC curve.
        area = (1.0 - POFD_vals[0]) * (1.0 + POD_vals[0]) / 2.0
        for i in range(len(ROC["prob_thrs"]) - 1):
            area += (
                (POFD_vals[i] - POFD_vals[i + 1])
                * (POD_vals[i + 1] + POD_vals[i])
                / 2.0
            )
        area += POFD_vals[-1] * POD_vals[-1] / 2.0

        return POFD_vals, POD_vals, area
    else:
        return POFD_vals, POD_vals


# --- pysteps/verification/ensscores.py --------------------------------------------------------------------------------
def ensemble_skill(X_f, X_o, metric, **kwargs):

    if len(X_f.shape) != 3:
        raise ValueError(
            "the number of dimensions of X_f must be equal to 3, "
            + "but %i dimensions were passed" % len(X_f.shape)
        )
    if X_f.shape[1:] != X_o.shape:
        raise ValueError(
            "the shape of X_f does not match the shape of "
            + "X_o (%d,%d)!=(%d,%d)"
            % (X_f.shape[1], X_f.shape[2], X_o.shape[0], X_o.shape[1])
        )

    compute_skill = get_method(metric, type="deterministic")

    lolo = X_f.shape[0]
    skill = []
    for member in range(lolo):
        skill_ = compute_skill(X_f[member, :, :], X_o, **kwargs)
        if isinstance(skill_, dict):
            skill_ = skill_[metric]
        skill.append(skill_)

    return np.mean(skill)


def ensemble_spread(X_f, metric, **kwargs):
    if len(X_f.shape) != 3:
        raise ValueError(
            "the number of dimensions of X_f must be equal to 3, "
            + "but %i dimensions were passed" % len(X_f.shape)
        )
    if X_f.shape[0] < 2:
        raise ValueError(
            "the number of members in X_f must be greater than 1,"
            + " but %i members were passed" % X_f.shape[0]
        )

    compute_spread = get_method(metric, type="deterministic")

    lolo = X_f.shape[0]
    spread = []
    for member in range(lolo):
        for othermember in range(member + 1, lolo):
            spread_ = compute_spread(
                X_f[member, :, :], X_f[othermember, :, :], **kwargs
            )
            if isinstance(spread_, dict):
                spread_ = spread_[metric]
            spread.append(spread_)

    return np.mean(spread)


def rankhist(X_f, X_o, X_min=None, normalize=True):

    X_f = X_f.copy()
    X_o = X_o.copy()
    num_ens_members = X_f.shape[0]
    rhist = rankhist_init(num_ens_members, X_min)
    rankhist_accum(rhist, X_f, X_o)
    return rankhist_compute(rhist, normalize)


def rankhist_init(num_ens_members, X_min=None):
    rankhist = {}

    rankhist["num_ens_members"] = num_ens_members
    rankhist["n"] = np.zeros(num_ens_members + 1, dtype=int)
    rankhist["X_min"] = X_min

    return rankhist


def rankhist_accum(rankhist, X_f, X_o):
    if X_f.shape[0] != rankhist["num_ens_members"]:
        raise ValueError(
            "the number of ensemble members in X_f does not "
            + "match the number of members in the rank "
            + "histogram (%d!=%d)" % (X_f.shape[0], rankhist["num_ens_members"])
        )

    X_f = np.vstack([X_f[i, :].flatten() for i in range(X_f.shape[0])]).T
    X_o = X_o.flatten()

    X_min = rankhist["X_min"]

    mask = np.logical_and(np.isfinite(X_o), np.all(np.isfinite(X_f), axis=1))
    # ignore pairs where the verifying observations and all ensemble members
    # are below the threshold X_min
    if X_min is not None:
        mask_nz = np.logical_or(X_o >= X_min, np.any(X_f >= X_min, axis=1))
        mask = np.logical_and(mask, mask_nz)

    X_f = X_f[mask, :].copy()
    X_o = X_o[mask].copy()
    if X_min is not None:
        X_f[X_f < X_min] = X_min - 1
        X_o[X_o < X_min] = X_min - 1

    X_o = np.reshape(X_o, (len(X_o), 1))

    X_c = np.hstack([X_f, X_o])
    X_c.sort(axis=1)

    idx1 = np.where(X_c == X_o)
    _, idx2, idx_counts = np.unique(idx1[0], return_index=True, return_counts=True)
    bin_idx_1 = idx1[1][idx2]

    bin_idx = list(bin_idx_1[np.where(idx_counts == 1)[0]])

    # handle ties, where the verifying observation lies between ensemble
    # members having the same value
    idxdup = np.where(idx_counts > 1)[0]
    if len(idxdup) > 0:
        X_c_ = np.fliplr(X_c)
        idx1 = np.where(X_c_ == X_o)
        _, idx2 = np.unique(idx1[0], return_index=True)
        bin_idx_2 = X_f.shape[1] - idx1[1][idx2]

        idxr = np.random.uniform(low=0.0, high=1.0, size=len(idxdup))
        idxr = bin_idx_1[idxdup] + idxr * (bin_idx_2[idxdup] + 1 - bin_idx_1[idxdup])
        bin_idx.extend(idxr.astype(int))

    for bi in bin_idx:
        rankhist["n"][bi] += 1


def rankhist_compute(rankhist, normalize=True):
    if normalize:
        return 1.0 * rankhist["n"] / sum(rankhist["n"])
    else:
        return rankhist["n"]


# --- pysteps/verification/interface.py --------------------------------------------------------------------------------
def get_method(name, type="deterministic"):

    if name is None:
        name = "none"
    if type is None:
        type = "none"

    name = name.lower()
    type = type.lower()

    if type == "deterministic":
        # from .detcatscores import det_cat_fct  # (module-level here: see the docstring)
        # from .detcontscores import det_cont_fct  # (module-level here: see the docstring)
        # from .spatialscores import binary_mse, fss  # (module-level here: see the docstring)
        # from .salscores import sal  # (module-level here: see the docstring)

        # categorical
        if name in [
            "acc",
            "bias",
            "csi",
            "f1",
            "fa",
            "far",
            "gss",
            "hk",
            "hss",
            "mcc",
            "pod",
            "sedi",
        ]:

            def f(fct, obs, **kwargs):
                return det_cat_fct(fct, obs, kwargs.pop("thr"), [name])

            return f

        # continuous
        elif name in [
            "beta",
            "beta1",
            "beta2",
            "corr_p",
            "corr_s",
            "drmse",
            "mae",
            "mse",
            "me",
            "nmse",
            "rmse",
            "rv",
            "scatter",
        ]:

            def f(fct, obs, **kwargs):
                return det_cont_fct(fct, obs, [name], **kwargs)

            return f

        # spatial
        elif name == "binary_mse":
            return binary_mse
        elif name == "fss":
            return fss
        elif name == "sal":
            return sal

        else:
            raise ValueError("unknown deterministic method %s" % name)

    elif type == "ensemble":
        # from .ensscores import ensemble_skill, ensemble_spread, rankhist  # (module-level here: see the docstring)

        if name == "ens_skill":
            return ensemble_skill
        elif name == "ens_spread":
            return ensemble_spread
        elif name == "rankhist":
            return rankhist
        else:
            raise ValueError("unknown ensemble method %s" % name)

    elif type == "probabilistic":
        # from .probscores import CRPS, reldiag, ROC_curve  # (module-level here: see the docstring)

        if name == "crps":
            return CRPS
        elif name == "reldiag":
            return reldiag
        elif name == "roc":
            return ROC_curve
        else:
            raise ValueError("unknown probabilistic method %s" % name)

    else:
        raise ValueError("unknown type %s" % name)


# --- pysteps/verification/spatialscores.py ----------------------------------------------------------------------------
def fss(X_f, X_o, thr, scale):

    fss = fss_init(thr, scale)
    fss_accum(fss, X_f, X_o)
    return fss_compute(fss)


def fss_init(thr, scale):
    fss = dict(thr=thr, scale=scale, sum_fct_sq=0.0, sum_fct_obs=0.0, sum_obs_sq=0.0)

    return fss


def fss_accum(fss, X_f, X_o):
    if len(X_f.shape) != 2 or len(X_o.shape) != 2 or X_f.shape != X_o.shape:
        message = "X_f and X_o must be two-dimensional arrays"
        message += " having the same shape"
        raise ValueError(message)

    X_f = X_f.copy()
    X_f[~np.isfinite(X_f)] = fss["thr"] - 1
    X_o = X_o.copy()
    X_o[~np.isfinite(X_o)] = fss["thr"] - 1

    # Convert to binary fields with the given intensity threshold
    I_f = (X_f >= fss["thr"]).astype(float)
    I_o = (X_o >= fss["thr"]).astype(float)

    # Compute fractions of pixels above the threshold within a square
    # neighboring area by applying a 2D moving average to the binary fields
    if fss["scale"] > 1:
        S_f = uniform_filter(I_f, size=fss["scale"], mode="constant", cval=0.0)
        S_o = uniform_filter(I_o, size=fss["scale"], mode="constant", cval=0.0)
    else:
        S_f = I_f
        S_o = I_o

    fss["sum_obs_sq"] += np.nansum(S_o**2)
    fss["sum_fct_obs"] += np.nansum(S_f * S_o)
    fss["sum_fct_sq"] += np.nansum(S_f**2)


def fss_merge(fss_1, fss_2):

    # checks
    if fss_1["thr"] != fss_2["thr"]:
        raise ValueError(
            "cannot merge: the thresholds are not same %s!=%s"
            % (fss_1["thr"], fss_2["thr"])
        )
    if fss_1["scale"] != fss_2["scale"]:
        raise ValueError(
            "cannot merge: the scales are not same %s!=%s"
            % (fss_1["scale"], fss_2["scale"])
        )

    # merge the FSS objects
    fss = fss_1.copy()
    fss["sum_obs_sq"] += fss_2["sum_obs_sq"]
    fss["sum_fct_obs"] += fss_2["sum_fct_obs"]
    fss["sum_fct_sq"] += fss_2["sum_fct_sq"]

    return fss


def fss_compute(fss):
    numer = fss["sum_fct_sq"] - 2.0 * fss["sum_fct_obs"] + fss["sum_obs_sq"]
    denom = fss["sum_fct_sq"] + fss["sum_obs_sq"]

    return 1.0 - numer / denom


# --- pysteps/verification/lifetime.py ---------------------------------------------------------------------------------
def lifetime(X_s, X_t, rule="1/e"):
    X_s = X_s.copy()
    X_t = X_t.copy()
    life = lifetime_init(rule)
    lifetime_accum(life, X_s, X_t)
    return lifetime_compute(life)


def lifetime_init(rule="1/e"):
    list_rules = ["trapz", "simpson", "1/e"]
    if rule not in list_rules:
        raise ValueError(
            "Unknown rule %s for integration.\n" % rule
            + "The available methods are: "
            + str(list_rules)
        )

    lifetime = {}
    lifetime["lifetime_sum"] = 0.0
    lifetime["n"] = 0.0
    lifetime["rule"] = rule
    return lifetime


def lifetime_accum(lifetime, X_s, X_t):
    if lifetime["rule"] == "trapz":
        lf = np.trapz(X_s, x=X_t)
    elif lifetime["rule"] == "simpson":
        lf = simpson(X_s, x=X_t)
    elif lifetime["rule"] == "1/e":
        euler_number = 1.0 / exp(1.0)
        X_s_ = np.array(X_s)

        is_euler_reached = np.sum(X_s_ <= euler_number) > 0
        if is_euler_reached:
            idx_b = np.argmax(X_s_ <= euler_number)
            if idx_b > 0:
                idx_a = idx_b - 1
                fraction_score = (
                    (euler_number - X_s[idx_b])
                    * (X_t[idx_a] - X_t[idx_b])
                    / (X_s[idx_a] - X_s[idx_b])
                )
                lf = X_t[idx_b] + fraction_score
            else:
                # if all values are below the 1/e value, return min lead time
                lf = np.min(X_t)
        else:
            # if all values are above the 1/e value, return max lead time
            lf = np.max(X_t)

    lifetime["lifetime_sum"] += lf
    lifetime["n"] += 1


def lifetime_compute(lifetime):
    return 1.0 * lifetime["lifetime_sum"] / lifetime["n"]


# --- pysteps/nowcasts/utils.py ----------------------------------------------------------------------------------------
def compute_dilated_mask(input_mask, kr, r):
    # buffer the input mask
    input_mask = np.ndarray.astype(input_mask.copy(), "uint8")
    mask_dilated = binary_dilation(input_mask, kr)

    # add grayscale rim
    kr1 = generate_binary_structure(2, 1)
    mask = mask_dilated.astype(float)
    for _ in range(r):
        mask_dilated = binary_dilation(mask_dilated, kr1)
        mask += mask_dilated

    # normalize between 0 and 1
    return mask / mask.max()


def compute_percentile_mask(precip, pct):
    # obtain the CDF from the input precipitation field
    precip_s = precip.flatten()

    # compute the precipitation intensity threshold corresponding to the given
    # percentile
    precip_s.sort(kind="quicksort")
    x = 1.0 * np.arange(1, len(precip_s) + 1)[::-1] / len(precip_s)
    i = np.argmin(np.abs(x - pct))
    # handle ties
    if precip_s[i] == precip_s[i + 1]:
        i = np.where(precip_s == precip_s[i])[0][-1]
    precip_pct_thr = precip_s[i]

    # determine the mask using the above threshold value
    return precip >= precip_pct_thr


# --- pysteps/downscaling/rainfarm.py ----------------------------------------------------------------------------------
def _compute_freq_array(array, ds_factor=1):
    freq_i = np.fft.fftfreq(array.shape[0] * ds_factor, d=1 / ds_factor)
    freq_j = np.fft.fftfreq(array.shape[1] * ds_factor, d=1 / ds_factor)
    freq_sqr = freq_i[:, None] ** 2 + freq_j[None, :] ** 2
    return np.sqrt(freq_sqr)


def _log_slope(log_k, log_power_spectrum):
    lk_min = log_k.min()
    lk_max = log_k.max()
    lk_range = lk_max - lk_min
    lk_min += (1 / 6) * lk_range
    lk_max -= (1 / 6) * lk_range
    selected = (lk_min <= log_k) & (log_k <= lk_max)
    lk_sel = log_k[selected]
    ps_sel = log_power_spectrum[selected]
    alpha = np.polyfit(lk_sel, ps_sel, 1)[0]
    alpha = -alpha
    return alpha


def _estimate_alpha(array, k):
    fp = np.fft.fft2(array)
    fp_abs = abs(fp)
    log_power_spectrum = np.log(fp_abs**2)
    valid = (k != 0) & np.isfinite(log_power_spectrum)
    alpha = _log_slope(np.log(k[valid]), log_power_spectrum[valid])
    return alpha


def _compute_kernel_radius(ds_factor):
    return int(round(ds_factor / np.sqrt(np.pi)))


def _make_gaussian_kernel(ds_factor):
    radius = _compute_kernel_radius(ds_factor)
    sigma = ds_factor / 2
    sigma2 = sigma * sigma
    x = np.arange(-radius, radius + 1)
    kern1d = np.exp(-0.5 / sigma2 * x**2)
    kern2d = np.outer(kern1d, kern1d)
    return kern2d / kern2d.sum()


def _balanced_spatial_average(array, kernel):
    array = array.copy()
    mask_valid = np.isfinite(array)
    array[~mask_valid] = 0.0
    array_conv = convolve(array, kernel, mode="same")
    array_conv /= convolve(mask_valid, kernel, mode="same")
    array_conv[~mask_valid] = np.nan
    return array_conv


# --- pysteps/blending/skill_scores.py ---------------------------------------------------------------------------------
def spatial_correlation(obs, mod, domain_mask):
    rho = []
    # Fill rho per cascade level, so loop through the cascade levels
    for cascade_level in range(0, obs.shape[0]):
        # Only calculate the skill for the pixels within the radar domain
        # (as that is where there are observations)
        obs_cascade_level = obs[cascade_level, :, :]
        mod_cascade_level = mod[cascade_level, :, :]
        obs_cascade_level[domain_mask] = np.nan
        mod_cascade_level[domain_mask] = np.nan

        # Flatten both arrays
        obs_1d = obs_cascade_level.flatten()
        mod_1d = mod_cascade_level.flatten()
        # Calculate the correlation between the two
        cov = np.nansum(
            (mod_1d - np.nanmean(mod_1d)) * (obs_1d - np.nanmean(obs_1d))
        )  # Without 1/n, as this cancels out (same for stdx and -y)
        std_obs = np.sqrt(np.nansum((obs_1d - np.nanmean(obs_1d)) ** 2.0))
        std_mod = np.sqrt(np.nansum((mod_1d - np.nanmean(mod_1d)) ** 2.0))
        rho.append(cov / (std_mod * std_obs))

    # Make sure rho is always a (finite) number
    rho = np.nan_to_num(rho, copy=True, nan=10e-5, posinf=10e-5, neginf=10e-5)

    return rho


def lt_dependent_cor_extrapolation(
    PHI, correlations=None, correlations_prev=None, ar_order=2
):
    # Check if correlations_prev exists, if not, we set it to 1.0
    if correlations_prev is None:
        correlations_prev = np.repeat(1.0, PHI.shape[0])
    # Same for correlations at first time step, we set it to
    if ar_order == 1:
        # Yule-Walker equation for AR-1 model -> just PHI
        if correlations is None:
            correlations = PHI[:, 0]
        # Calculate the correlation for lead time lt (AR-1)
        rho = PHI[:, 0] * correlations
    elif ar_order == 2:
        # phi1 / (1 - phi2), see BPS2004
        if correlations is None:
            correlations = PHI[:, 0] / (1.0 - PHI[:, 1])
        # Calculate the correlation for lead time lt (AR-2)
        rho = PHI[:, 0] * correlations + PHI[:, 1] * correlations_prev
    else:
        raise ValueError(
            "Autoregression of higher order than 2 is not defined. Please set ar_order = 2."
        )

    # Finally, set the current correlations array as the previous one for the
    # next time step
    rho_prev = correlations

    return rho, rho_prev

# --- namespaces: the calls through a module, as written ---------------------------------------------------------------
arrays = types.SimpleNamespace(compute_centred_coord_array=compute_centred_coord_array)
spectral = types.SimpleNamespace(corrcoef=corrcoef, mean=spectral_mean, rapsd=rapsd,
                                 remove_rain_norain_discontinuity=remove_rain_norain_discontinuity, std=std)
transformation = types.SimpleNamespace(boxcox_transform=boxcox_transform, dB_transform=dB_transform,
                                       NQ_transform=NQ_transform, sqrt_transform=sqrt_transform)


# --- wrappers: keyword settings, and the _init / _accum / _merge / _compute protocol as pysteps' docstrings use it ----
def temporal_autocorrelation_window(x):
    return temporal_autocorrelation(x, window="gaussian", window_radius=2.0)


def temporal_autocorrelation_spectral(x_fft):
    return temporal_autocorrelation(x_fft, domain="spectral", x_shape=(16, 16))


def moving_window_corrcoef_uniform_masked(x, y, mask):
    return _moving_window_corrcoef(x, y, 1, window="uniform", mask=mask)


def estimate_ar_params_ols_constant_d1(x):
    return estimate_ar_params_ols(x, 2, d=1, include_constant_term=True)


def NQ_transform_round_trip(R):
    R_, metadata = NQ_transform(R)
    return NQ_transform(R_, metadata, inverse=True)


def boxcox_round_trip(R):
    R_, metadata = boxcox_transform(R, Lambda=0.5, threshold=0.1)
    return boxcox_transform(R_, metadata, inverse=True)


def aggregate_fields_two_axes(data):
    return aggregate_fields(data, (2, 4), axis=(1, 2), method="nansum")


def compute_mask_window_function_tukey(mask):
    return compute_mask_window_function(mask, "tukey", r_max=3.0)


def detect_outliers_local(input_array, coord):
    return detect_outliers(input_array, 2.0, coord=coord, k=5)


def pmm(bin_edges_1, cdf_1, bin_edges_2, cdf_2, x):
    return pmm_compute(pmm_init(bin_edges_1, cdf_1, bin_edges_2, cdf_2), x)


def shift_scale_exp(R):
    return shift_scale(R, np.exp, 0.4, 6.0, max_iterations=50)


def resample_distributions_seeded(first_array, second_array, probability_first_array):
    return resample_distributions(first_array, second_array, probability_first_array,
                                  randgen=np.random.RandomState(42))


def det_cat_fct_merged(pred_1, obs_1, pred_2, obs_2):
    contab_1 = det_cat_fct_init(1.0)
    det_cat_fct_accum(contab_1, pred_1, obs_1)
    contab_2 = det_cat_fct_init(1.0)
    det_cat_fct_accum(contab_2, pred_2, obs_2)
    return det_cat_fct_compute(det_cat_fct_merge(contab_1, contab_2), ("POD", "FAR", "CSI", "ETS"))


def det_cont_fct_merged(pred_1, obs_1, pred_2, obs_2):
    err_1 = det_cont_fct_init(axis=0)
    det_cont_fct_accum(err_1, pred_1, obs_1)
    err_2 = det_cont_fct_init(axis=0)
    det_cont_fct_accum(err_2, pred_2, obs_2)
    return det_cont_fct_compute(det_cont_fct_merge(err_1, err_2), "")


def ensemble_skill_rmse(X_f, X_o):
    return ensemble_skill(X_f, X_o, "RMSE", **{"axis": None, "conditioning": "single"})


def ensemble_skill_fss(X_f, X_o):
    return ensemble_skill(X_f, X_o, "FSS", **{"thr": 1.0, "scale": 3})


def fss_merged(X_f_1, X_o_1, X_f_2, X_o_2):
    fss_1 = fss_init(1.0, 3)
    fss_accum(fss_1, X_f_1, X_o_1)
    fss_2 = fss_init(1.0, 3)
    fss_accum(fss_2, X_f_2, X_o_2)
    return fss_compute(fss_merge(fss_1, fss_2))


def rapsd_fft(field):
    return rapsd(field, fft_method=np.fft, return_freq=True, normalize=True)


# --- inputs -----------------------------------------------------------------------------------------------------------
def _rain(rng, *shape, wet=0.6):
    """a precipitation-like field: log-normal rain rates (mm/h), zero on about 1 - wet of the pixels"""
    x = rng.lognormal(0.0, 1.0, size=shape)
    x[rng.uniform(size=shape) > wet] = 0.0
    return x


def _ar2(rng, n, *shape, phi=(0.7, 0.2)):
    """n time steps of an AR(2) process at every pixel (the last n of a longer, stationary run)"""
    x = rng.normal(size=(n + 20,) + shape)
    for t in range(2, n + 20):
        x[t] = phi[0] * x[t - 1] + phi[1] * x[t - 2] + 0.5 * x[t]
    return x[-n:]


def _var1(rng, n, q, *shape):
    """n time steps of a q-variate VAR(1) process at every pixel"""
    A = np.array([[0.6, 0.1], [0.2, 0.5]])[:q, :q]
    x = rng.normal(size=(n + 20, q) + shape)
    for t in range(1, n + 20):
        x[t] = np.einsum("ij,j...->i...", A, x[t - 1]) + 0.5 * x[t]
    return x[-n:]


def _ensemble(rng, m=5, shape=(12, 12)):
    """an ensemble of m members that are perturbed copies of the observed field, and the observation"""
    obs = _rain(rng, *shape)
    members = np.stack([np.where(obs > 0, obs * rng.lognormal(0.0, 0.3, size=shape), 0.0) for _ in range(m)])
    members[members < 0.3] = 0.0
    return members, obs


def _pair(rng, *shape):
    """a forecast and the observation it verifies against"""
    members, obs = _ensemble(rng, 1, shape)
    return members[0], obs


def _continuous_ensemble(rng, m=6, shape=(8, 8)):
    obs = rng.normal(size=shape)
    return obs + rng.normal(scale=0.8, size=(m,) + shape), obs


def _gamma(rng):
    x = _ar2(rng, 3, 16, 16)
    return np.array(temporal_autocorrelation(x))


def _gamma_fields(rng):
    x = _ar2(rng, 3, 10, 10)
    return (temporal_autocorrelation(x, window_radius=2.0),)


def _reldiag(rng):
    X_f, X_o = _ensemble(rng, 10, (20, 20))
    return excprob(X_f, 1.0, ignore_nan=False), X_o, 1.0, 10, 10


def _roc(rng):
    X_f, X_o = _ensemble(rng, 10, (20, 20))
    return excprob(X_f, 1.0, ignore_nan=False), X_o, 1.0, 10, True


def _spectra(rng):
    a = _rain(rng, 16, 16)
    b = a + rng.normal(scale=0.5, size=(16, 16))
    return np.fft.rfft2(a), np.fft.rfft2(b), (16, 16)


def _var_gamma(rng):
    return (temporal_autocorrelation_multivariate(_var1(rng, 3, 2, 8, 8)),)


def _decluster(rng):
    coord = np.tile(rng.integers(100, size=(10, 2)), (3, 1)).astype(float)
    values = np.tile(rng.integers(100, size=(10, 2)), (3, 1)).astype(float)
    return coord, values, 20


def _cdf(rng):
    x = _rain(rng, 200)
    hist, bin_edges = np.histogram(x, bins=12, range=(0.0, 12.0))
    return bin_edges, hist


def _pmm(rng):
    edges_1, hist_1 = _cdf(rng)
    edges_2, hist_2 = np.histogram(_rain(rng, 200) * 1.5, bins=12, range=(0.0, 18.0))[::-1]
    return (edges_1, compute_empirical_cdf(edges_1, hist_1), edges_2, compute_empirical_cdf(edges_2, hist_2),
            rng.uniform(-1.0, 13.0, size=30))


def _match(rng, ignore):
    initial = _rain(rng, 10, 10, wet=0.5)
    target = _rain(rng, 10, 10, wet=0.7) * 2.0
    if not ignore:
        return initial, target
    initial[:2, :] = np.nan
    target[:2, :] = np.nan
    return initial, target, np.isnan(initial)


def _lifetime(rng, reach):
    t = np.arange(0.0, 65.0, 5.0)
    s = np.exp(-t / rng.uniform(15.0, 30.0)) if reach else 1.0 - t / rng.uniform(300.0, 400.0)
    return s, t, "1/e"


def _lifetime_mixed(rng):
    """the first generator's curve reaches 1/e, the second's does not (rng(1)'s first draw is > 0.5)"""
    return _lifetime(rng, rng.uniform() < 0.5)


def _dbz(rng):
    R = _rain(rng, 12, 12)
    Z = 200.0 * R**1.6
    dbz = np.where(Z > 0, 10.0 * np.log10(np.where(Z > 0, Z, 1.0)), -10.0)
    return dbz, {"unit": "dBZ", "transform": "dB", "threshold": 10.0, "zerovalue": -10.0, "accutime": 5.0}





def _outliers_multivariate(rng):
    x = rng.normal(size=(40, 2))
    x[3] = [6.0, -6.0]
    return x, 3.0


def _outliers_local(rng):
    x = rng.normal(size=30)
    x[7] = 8.0
    return x, rng.uniform(0.0, 10.0, size=(30, 2))


def _tukey_mask(rng):
    mask = np.ones((12, 12), dtype=bool)
    mask[3:8, 2:9] = False
    return (mask,)


def _spatial_correlation(rng):
    obs = rng.normal(size=(4, 10, 10))
    mod = obs + rng.normal(scale=0.7, size=(4, 10, 10))
    mask = np.zeros((10, 10), dtype=bool)
    mask[:3, :] = True
    return obs, mod, mask


def _phi(rng):
    return np.column_stack([rng.uniform(0.6, 0.9, 6), rng.uniform(-0.2, 0.1, 6), rng.uniform(0.3, 0.5, 6)])


def _dilated(rng):
    mask = rng.uniform(size=(16, 16)) > 0.9
    return mask, generate_binary_structure(2, 1), 3


def _rainfarm_spectrum(rng):
    field = _rain(rng, 16, 16, wet=0.8)
    k = _compute_freq_array(field)
    return field, k



def _balanced(rng):
    a = _rain(rng, 12, 12)
    a[rng.uniform(size=(12, 12)) > 0.85] = np.nan
    return a, _make_gaussian_kernel(3)


CASES = [
    # utils/arrays.py, utils/spectral.py
    case(corrcoef, _spectra, PS("utils/spectral.py", "corrcoef", "rfft2 spectra of two fields")),
    case(rapsd_fft, lambda rng: (_rain(rng, 16, 20),), PS("utils/spectral.py", "rapsd", "fft_method=np.fft, return_freq, normalize")),
    # utils/transformation.py, utils/conversion.py
    case(boxcox_transform, lambda rng: (_rain(rng, 12, 12),), PS("utils/transformation.py", "boxcox_transform", "Lambda = 0: log")),
    case(boxcox_round_trip, lambda rng: (_rain(rng, 12, 12),), PS("utils/transformation.py", "boxcox_transform", "Lambda = 0.5, then inverse")),
    case(dB_transform, lambda rng: (_rain(rng, 12, 12),), PS("utils/transformation.py", "dB_transform")),
    case(NQ_transform_round_trip, lambda rng: (_rain(rng, 12, 12),), PS("utils/transformation.py", "NQ_transform", "forward, then inverse through the metadata's interp1d")),
    case(to_rainrate, _dbz, PS("utils/conversion.py", "to_rainrate", "dBZ with transform dB: inverse dB, then Z-R")),
    # utils/dimension.py, utils/tapering.py, utils/cleansing.py
    case(aggregate_fields_two_axes, lambda rng: (_rain(rng, 4, 8, 8),), PS("utils/dimension.py", "aggregate_fields", "axis=(1, 2): the recursive call per axis")),
    case(compute_mask_window_function_tukey, _tukey_mask, PS("utils/tapering.py", "compute_mask_window_function", "tukey: scipy cKDTree distances")),
    case(decluster, _decluster, PS("utils/cleansing.py", "decluster", "the library's test: tiled random integer coordinates")),
    case(detect_outliers, _outliers_multivariate, PS("utils/cleansing.py", "detect_outliers", "global, multivariate: Mahalanobis"), name="pysteps.detect_outliers_multivariate"),
    case(detect_outliers_local, _outliers_local, PS("utils/cleansing.py", "detect_outliers", "local: cKDTree neighbours, a loop of np.append")),
    # timeseries/correlation.py
    case(temporal_autocorrelation, lambda rng: (_ar2(rng, 4, 16, 16),), PS("timeseries/correlation.py", "temporal_autocorrelation")),
    case(temporal_autocorrelation_window, lambda rng: (_ar2(rng, 3, 10, 10),), PS("timeseries/correlation.py", "temporal_autocorrelation", "window_radius=2: the moving window")),
    case(temporal_autocorrelation_spectral, lambda rng: (np.fft.rfft2(_ar2(rng, 3, 16, 16)),), PS("timeseries/correlation.py", "temporal_autocorrelation", "domain='spectral'")),
    case(temporal_autocorrelation_multivariate, lambda rng: (_var1(rng, 3, 2, 8, 8),), PS("timeseries/correlation.py", "temporal_autocorrelation_multivariate")),
    case(moving_window_corrcoef_uniform_masked, lambda rng: (*_ar2(rng, 2, 10, 10), rng.uniform(size=(10, 10)) > 0.2), PS("timeseries/correlation.py", "_moving_window_corrcoef", "uniform window, with a mask")),
    # timeseries/autoregression.py
    case(ar_acf, lambda rng: (list(_gamma(rng)), 8), PS("timeseries/autoregression.py", "ar_acf", "a list of two coefficients, extended to 8")),
    case(estimate_ar_params_yw, lambda rng: (_gamma(rng),), PS("timeseries/autoregression.py", "estimate_ar_params_yw")),
    case(estimate_ar_params_yw_localized, _gamma_fields, PS("timeseries/autoregression.py", "estimate_ar_params_yw_localized", "a solve per pixel")),
    case(estimate_ar_params_ols, lambda rng: (_ar2(rng, 3, 6, 6), 2), PS("timeseries/autoregression.py", "estimate_ar_params_ols")),
    case(estimate_ar_params_ols_constant_d1, lambda rng: (_ar2(rng, 4, 6, 6),), PS("timeseries/autoregression.py", "estimate_ar_params_ols", "include_constant_term, d=1")),
    case(estimate_ar_params_ols_localized, lambda rng: (_ar2(rng, 3, 10, 10), 2, 2.0), PS("timeseries/autoregression.py", "estimate_ar_params_ols_localized", "gaussian window, try/except LinAlgError per pixel")),
    case(estimate_var_params_ols, lambda rng: (_var1(rng, 2, 2, 6, 6), 1), PS("timeseries/autoregression.py", "estimate_var_params_ols")),
    case(estimate_var_params_yw, _var_gamma, PS("timeseries/autoregression.py", "estimate_var_params_yw")),
    case(iterate_ar_model, lambda rng: (rng.normal(size=(3, 8, 8)), np.array([0.7, 0.2, 0.5]), rng.normal(size=(8, 8))), PS("timeseries/autoregression.py", "iterate_ar_model")),
    case(iterate_var_model, lambda rng: (rng.normal(size=(2, 2, 8, 8)), [np.array([[0.6, 0.1], [0.2, 0.5]]), 0.3 * np.eye(2)]), PS("timeseries/autoregression.py", "iterate_var_model", "fields, no innovation")),
    case(test_var_stationarity, lambda rng: ([rng.uniform(-0.4, 0.4, size=(2, 2)), rng.uniform(-0.2, 0.2, size=(2, 2))],), PS("timeseries/autoregression.py", "test_var_stationarity")),
    # cascade/bandpass_filters.py
    case(filter_gaussian, lambda rng: ((32, 40), 6), PS("cascade/bandpass_filters.py", "filter_gaussian", "a local class GaussFunc over a closure")),
    # postprocessing/probmatching.py, postprocessing/ensemblestats.py
    case(compute_empirical_cdf, _cdf, PS("postprocessing/probmatching.py", "compute_empirical_cdf")),
    case(nonparam_match_empirical_cdf, lambda rng: _match(rng, False), PS("postprocessing/probmatching.py", "nonparam_match_empirical_cdf")),
    case(nonparam_match_empirical_cdf, lambda rng: _match(rng, True), PS("postprocessing/probmatching.py", "nonparam_match_empirical_cdf", "ignore_indices: the library's test's NaN rows"), name="pysteps.nonparam_match_empirical_cdf_ignore"),
    case(pmm, _pmm, PS("postprocessing/probmatching.py", "pmm_init / pmm_compute", "with _invfunc")),
    case(shift_scale_exp, lambda rng: (_rain(rng, 10, 10),), PS("postprocessing/probmatching.py", "shift_scale", "scipy.optimize.minimize (Nelder-Mead) of a closure")),
    case(resample_distributions_seeded, lambda rng: (rng.normal(size=20), rng.normal(size=20), 0.6), PS("postprocessing/probmatching.py", "resample_distributions", "randgen=np.random.RandomState(42)")),
    case(ensemblestats_mean, lambda rng: (_rain(rng, 4, 6, 6), False, 1.0), PS("postprocessing/ensemblestats.py", "mean", "X_thr: nanmean")),
    case(excprob, lambda rng: (_rain(rng, 5, 6, 6), [0.5, 1.0, 2.0], True), PS("postprocessing/ensemblestats.py", "excprob", "a list of thresholds, ignore_nan"), name="pysteps.excprob_thresholds"),
    # verification/detcatscores.py, verification/detcontscores.py
    case(det_cat_fct, lambda rng: (*_pair(rng, 100), 1.0), PS("verification/detcatscores.py", "det_cat_fct", "every score (scores='')")),
    case(det_cat_fct, lambda rng: (*_pair(rng, 100), 1.0, ("CSI", None, "FAR")), PS("verification/detcatscores.py", "det_cat_fct", "the library's test: ('CSI', None, 'FAR')"), name="pysteps.det_cat_fct_scores"),
    case(det_cat_fct_merged, lambda rng: (*_pair(rng, 60), *_pair(rng, 60)), PS("verification/detcatscores.py", "det_cat_fct_init / _accum / _merge / _compute")),
    case(det_cont_fct, lambda rng: _pair(rng, 20), PS("verification/detcontscores.py", "det_cont_fct", "every score, with scatter and scipy's spearmanr")),
    case(det_cont_fct, lambda rng: (*_pair(rng, 20), ("ME", "MAE", "RMSE", "corr_p"), None, "single"), PS("verification/detcontscores.py", "det_cont_fct", "conditioning='single': NaN writes"), name="pysteps.det_cont_fct_single"),
    case(det_cont_fct, lambda rng: (*_pair(rng, 20, 2), "scatter", 0), PS("verification/detcontscores.py", "det_cont_fct", "the library's test: scatter along axis 0"), name="pysteps.det_cont_fct_scatter"),
    case(det_cont_fct_merged, lambda rng: (*_pair(rng, 15, 3), *_pair(rng, 15, 3)), PS("verification/detcontscores.py", "det_cont_fct_init / _accum / _merge / _compute", "axis=0; _parallel_var, _parallel_cov")),
    # verification/probscores.py, verification/ensscores.py, verification/spatialscores.py, verification/lifetime.py
    case(CRPS, lambda rng: _ensemble(rng, 6, (10, 10)), PS("verification/probscores.py", "CRPS")),
    case(reldiag, _reldiag, PS("verification/probscores.py", "reldiag", "the library's test: excprob of the ensemble, X_min=1, 10 bins, min_count=10")),
    case(ROC_curve, _roc, PS("verification/probscores.py", "ROC_curve", "the library's test: compute_area=True")),
    case(rankhist, lambda rng: _continuous_ensemble(rng), PS("verification/ensscores.py", "rankhist", "continuous: no ties, so no np.random")),
    case(ensemble_skill_rmse, lambda rng: _ensemble(rng, 4, (10, 10)), PS("verification/ensscores.py", "ensemble_skill", "the library's test: RMSE, conditioning='single'; get_method")),
    case(ensemble_skill_fss, lambda rng: _ensemble(rng, 4, (10, 10)), PS("verification/ensscores.py", "ensemble_skill", "FSS, thr=1, scale=3 (the test's scale is 10)")),
    case(fss, lambda rng: (*_pair(rng, 16, 16), 1.0, 3), PS("verification/spatialscores.py", "fss", "scale 3: scipy.ndimage.uniform_filter")),
    case(fss_merged, lambda rng: (*_pair(rng, 12, 12), *_pair(rng, 12, 12)), PS("verification/spatialscores.py", "fss_init / _accum / _merge / _compute")),
    case(lifetime, lambda rng: _lifetime(rng, True), PS("verification/lifetime.py", "lifetime", "rule '1/e', reached")),
    case(lifetime, _lifetime_mixed, PS("verification/lifetime.py", "lifetime", "rule '1/e', reached on one call and not on the other"), name="pysteps.lifetime_mixed"),
    # nowcasts/utils.py
    case(compute_percentile_mask, lambda rng: (_rain(rng, 12, 12), 0.3), PS("nowcasts/utils.py", "compute_percentile_mask", "ties among the zeros")),
    case(compute_dilated_mask, _dilated, PS("nowcasts/utils.py", "compute_dilated_mask", "scipy.ndimage.binary_dilation in a loop")),
    # downscaling/rainfarm.py, blending/skill_scores.py
    case(_estimate_alpha, _rainfarm_spectrum, PS("downscaling/rainfarm.py", "_estimate_alpha")),
    case(_balanced_spatial_average, _balanced, PS("downscaling/rainfarm.py", "_balanced_spatial_average", "scipy.signal.convolve, NaN pixels")),
    case(spatial_correlation, _spatial_correlation, PS("blending/skill_scores.py", "spatial_correlation", "writes NaN into its arguments' levels")),
    case(lt_dependent_cor_extrapolation, lambda rng: (_phi(rng),), PS("blending/skill_scores.py", "lt_dependent_cor_extrapolation", "ar_order=2, no correlations yet")),
]
