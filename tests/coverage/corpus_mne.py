"""MEG/EEG statistics, spectral and geometry helpers from MNE-Python (mne-tools/mne-python, BSD-3-Clause), the
pure-NumPy parts. stats/: ``fdr_correction`` (``np.minimum.accumulate`` of the reversed ratios,
``max(np.nonzero(reject)[0])`` under ``if reject.any()``, both methods), ``bonferroni_correction``, ``ttest_1samp_no_p``
and ``ttest_ind_no_p`` (the "hat" variance adjustment, Welch's degrees of freedom under ``np.errstate`` and
``np.where(np.isnan(df), 1, df)``), ``f_oneway`` (``functools.reduce`` over the groups, ``np.median`` of the error
terms), ``f_mway_rm`` with ``_map_effects``, ``_get_contrast_indices`` (``np.binary_repr``) and ``_iter_contrasts``
(``scipy.signal.detrend``, ``np.kron``, ``matrix_rank``), the sphericity correction and ``scipy.stats.f``;
preprocessing/_peak_finder.py: ``peak_finder`` (a ``while ii < (length - 1)`` loop over alternating extrema with a
``break``, flags and a ``temp_loc`` set on some paths only; the monotone branch with ``np.atleast_1d``); baseline.py:
``rescale`` (``np.where(times >= bmin)[0]``, six modes as closures writing in place, ``np.log10(d, out=d)``, a loop over
``picks`` writing through views) and ``_check_baseline``; time_frequency/_stft.py: ``stft`` and ``istft`` (loops over
the time steps writing overlapping slices, ``scipy.fft``), ``stftfreq``, ``stft_norm1``, ``stft_norm2``;
time_frequency/multitaper.py: ``_mt_spectra`` (a loop over the signals, ``x_mt[..., -1] /= np.sqrt(2.0)`` for an even
FFT), ``_psd_from_mt``, ``_csd_from_mt`` and ``_psd_from_mt_adaptive`` (per signal, up to ``max_iter`` iterations with a
convergence ``break``; ``err`` turns from complex to real across them); inverse_sparse/: ``groups_norm2`` (``np.power(A,
2, A)``), ``norm_l2inf``, ``norm_l21``, ``dgap_l21``, the MxNE solvers (``mixed_norm_solver`` with block coordinate
descent, ``_bcd``'s BLAS ``dgemm`` writing with ``overwrite_c``, the active set loop with ``np.searchsorted``,
``iterative_mixed_norm_solver``'s reweighting), ``compute_bias`` (a ``for`` ... ``else`` with a ``break``) and
``power_iteration_kron`` (``check_random_state``'s ``RandomState``), ``norm_epsilon`` (early returns on values, masks,
``np.repeat`` by counts, a ``cumsum`` search), ``norm_epsilon_inf``, ``norm_l1_tf``, ``norm_l21_tf`` and ``dgap_l21l1``
over the ``_Phi`` / ``_PhiT`` STFT dictionaries; rank.py: ``estimate_rank`` and ``_estimate_rank_from_s``;
utils/numerics.py: ``sum_squared`` (``np.isfortran``), ``_compute_row_norms``, ``_reg_pinv`` (Hermitian SVDs, ``rank``
as ``None``, ``"full"`` or an int, a masked ``s_inv[mask] = 1.0 / s[mask]``), ``compute_corr``, ``_time_mask``,
``_freq_mask`` (``int(round(tmin * sfreq))``), ``_mask_to_onsets_offsets``; transforms.py: ``rotation``, ``rotation3d``,
``rotation3d_align_z_axis`` (two branches, element writes, three ``assert``s), ``rotation_angles``, ``translation``,
``apply_trans``, ``get_ras_to_neuromag_trans``, ``_cart_to_sph``, ``_sph_to_cart``, ``_sph_to_cart_partials``
(``einsum``), ``_pol_to_cart``, ``_topo_to_sph``, the quaternion functions (``rot_to_quat``'s ``np.apply_along_axis`` of
``_one_rot_to_quat``, a four-way ``if`` on the matrix entries; ``_quat_mult``'s ``np.broadcast(one, two).shape``;
``_average_quats``' ``scipy.linalg.eigh`` and ``avg_quat[avg_quat != 0][0]``; ``_quat_to_euler``'s ``out=`` views),
``_find_vector_rotation`` (an early return), ``angle_distance_between_rigid``; _transforms_numba.py: ``_quat_to_rot``,
``_one_rot_to_quat``, ``_fit_matched_points`` (Horn's quaternion fit: ``np.linalg.eigh``, ``if v[0, -1] != 0``,
scaling).

Copied from mne-tools/mne-python at 8aa8dec45a522363be02cba78d0856442b208067 (pyproject.toml: ``license =
"BSD-3-Clause"``, ``license-files = ["LICENSE.txt"]``, the version from setuptools-scm; its LICENSE.txt is the BSD
3-clause licence, "Copyright 2011-2025 MNE-Python authors"), the files of ``mne/`` named in the sections below. Bodies
are as written, comments kept, docstrings dropped.

Adapted, beyond that:

* the decorators are dropped, each marked ``# adapted``: ``@verbose`` (it sets the logging level from the ``verbose``
  argument, which the functions keep), ``@fill_doc`` (it fills the docstring) and _transforms_numba.py's ``@jit()``
  (``mne._numba.jit``: numba's when numba imports, else the function as it is);
* imports between mne's modules become names of this module: ``_reg_pinv``'s ``from ..rank import
  _estimate_rank_from_s``, ``quat_to_rot``'s and ``rot_to_quat``'s ``from ._transforms_numba import ...`` (marked ``#
  adapted``);
* utils/: ``logger = logging.getLogger("mne")`` as _logging.py has it; ``warn`` issues ``warnings.warn`` at its caller
  (mne's walks the stack to the first frame outside mne and also logs); check.py's ``_ensure_int``, ``_is_numeric``,
  ``_IntLike``, ``_Callable``, ``_Sparse``, ``int_like``, ``path_like``, ``_multi``, ``_validate_type``,
  ``_check_option`` and ``check_random_state``, misc.py's ``_pl`` and linalg.py's ``_get_blas_funcs`` as written;
* wrappers call the functions as the tests do and return what they check; ``mixed_norm_solver``'s list ``E`` (one
  objective every ``dgap_freq`` iterations) is left out of the wrappers' results, its length being the number of
  iterations, which differs between the two calls.

Not taken: everything on mne's data containers (``Raw``, ``Epochs``, ``Evoked``, ``Info``, forward and inverse
operators), file I/O, plotting, filter.py (FIR and IIR design behind long parameter triage), preprocessing's ICA,
Maxwell filtering and ECG/EOG detection (``qrs_detector`` needs ``filter_data``), the cluster permutation tests
(scipy.sparse adjacency), the TF-MxNE solvers (``tf_mixed_norm_solver`` and the ``_tf_*`` block solvers),
``_mixed_norm_solver_cd`` (scikit-learn's ``MultiTaskLasso``; copied because ``mixed_norm_solver`` names it, run by no
case: the cases ask for ``solver="bcd"``), ``dpss_windows`` (scipy's ``dpss``; the inputs below call scipy's directly),
transforms.py's file, FreeSurfer and volume registration functions, ``_compute_sph_harm``.

The inputs follow the tests: test_multi_comp.py's p-values of one-sample t-tests with shifted tests (10 x 100 x 4 here,
not 10 x 1000 x 10); test_parametric.py's two-way repeated-measures design (20 subjects, 2 x 2 conditions,
``effects="A*B"``, with ``correction=True``); test_peak_finder.py's values ``[0, 2, 5, 0, 6, -1]`` (extended, as minima)
and its monotone ``np.arange(1, 2, 0.05)`` (its random 20 samples give a number of peaks that changes with the draw, so
a noisy sine of four periods stands in); test_stft.py's random signal (T=127, ``wsize=16``, ``tstep=8``);
test_mxne_optim.py's ``test_l21_mxne`` problem (G of 30 x 40 with unit-std columns, sources 0 and 4 active, with a
little noise here; ``maxit=100``, not 1000), ``test_norm_epsilon``'s ``_Phi(wsize=[4], tstep=[2])`` on 10 times and its
branch values, ``test_dgapl21l1``'s two dictionaries (``wsize`` 64 and 16) on ``_generate_tf_data``;
test_transforms.py's ``test_get_ras_to_neuromag_trans`` model points and random rigid motion,
``test_rotation3d_align_z_axis``'s last axis and ``[0, 0, -1]``, ``test_quaternions``' "nasty numerical cases" (turned
by a rotation of 1e-4 rad at most), ``test_vector_rotation``'s x onto y, ``test_average_quats``' five quaternions,
``test_fit_matched_points``' ten points with a corrupted one weighted 0 and ``scaling=0.25``; epochs of three channels
from -0.2 to 0.5 s at 100 Hz for ``rescale``; tapered spectra of white noise with scipy's DPSS tapers (128 samples, half
bandwidth 4) for the multitaper functions.
"""

# ruff: noqa: E501, E741, B904, B028, UP031
from __future__ import annotations

import functools
import logging
import numbers
import operator
import os
import warnings
from functools import reduce
from math import ceil, sqrt
from pathlib import Path
from string import ascii_uppercase

import numpy as np
from scipy import linalg
from scipy.fft import irfft, rfft, rfftfreq

from tests.coverage.cases import MNE, Source, case


def M(path: str, original: str, note: str = "") -> Source:
    return Source(MNE, "mne/" + path, original, note)


# --- utils/_logging.py ------------------------------------------------------------------------------------------------
logger = logging.getLogger("mne")  # one selection here used across mne-python


def warn(message, category=RuntimeWarning, module="mne", ignore_namespaces=("mne",)):
    # adapted: mne's warn walks the stack to the first frame outside mne and calls warnings.warn_explicit there (and
    # logger.warning); here the warning is issued at the caller
    warnings.warn(message, category, stacklevel=2)


# --- utils/check.py ---------------------------------------------------------------------------------------------------

def _ensure_int(x, name="unknown", must_be="an int", *, extra=""):
    # This is preferred over numbers.Integral, see:
    # https://github.com/scipy/scipy/pull/7351#issuecomment-299713159
    extra = f" {extra}" if extra else extra
    try:
        # someone passing True/False is much more likely to be an error than
        # intentional usage
        if isinstance(x, bool):
            raise TypeError()
        x = int(operator.index(x))
    except TypeError:
        raise TypeError(f"{name} must be {must_be}{extra}, got {type(x)}")
    return x


def _is_numeric(n):
    return isinstance(n, numbers.Number)


class _IntLike:
    @classmethod
    def __instancecheck__(cls, other):
        try:
            _ensure_int(other)
        except TypeError:
            return False
        else:
            return True


class _Callable:
    @classmethod
    def __instancecheck__(cls, other):
        return callable(other)


class _Sparse:
    @classmethod
    def __instancecheck__(cls, other):
        from scipy import sparse

        return sparse.issparse(other)


int_like = _IntLike()
path_like = (str, Path, os.PathLike)


_multi = {
    "str": (str,),
    "numeric": (np.floating, float, int_like),
    "path-like": path_like,
    "int-like": (int_like,),
    "callable": (_Callable(),),
    "array-like": (list, tuple, set, np.ndarray),
    "sparse": (_Sparse(),),
}
# Precomputed for isinstance() -- `list | tuple` rebuilds a UnionType on every
# call (~11x slower), which matters in hot validation paths.
_list_or_tuple = (list, tuple)


def _validate_type(item, types=None, item_name=None, type_name=None, *, extra=""):
    if types == "int":
        _ensure_int(item, name=item_name, extra=extra)
        return  # terminate prematurely
    elif types == "info":
        from .._fiff.meas_info import Info as types

    # Fast path for the common single-type / single-string-spec calls: avoids
    # rebuilding `check_types` (and the `list | tuple` union) on every call.
    # `_validate_type` is one of the hottest functions in MNE (e.g. it runs per
    # channel inside Info._check_consistency). Only returns early on success;
    # failures fall through to the general path below to build the error message.
    if isinstance(types, type):
        if isinstance(item, types):
            return
    elif isinstance(types, str) and isinstance(item, _multi[types]):
        return

    if not isinstance(types, _list_or_tuple):
        types = [types]

    check_types = sum(
        (
            (
                (type(None),)
                if type_ is None
                else (type_,)
                if not isinstance(type_, str)
                else _multi[type_]
            )
            for type_ in types
        ),
        (),
    )
    extra = f" {extra}" if extra else extra
    if not isinstance(item, check_types):
        if type_name is None:
            type_name = [
                (
                    "None"
                    if cls_ is None
                    else cls_.__name__
                    if not isinstance(cls_, str)
                    else cls_
                )
                for cls_ in types
            ]
            if len(type_name) == 1:
                type_name = type_name[0]
            elif len(type_name) == 2:
                type_name = " or ".join(type_name)
            else:
                type_name[-1] = "or " + type_name[-1]
                type_name = ", ".join(type_name)
        _item_name = "Item" if item_name is None else item_name
        _item_type = type(item) if item is not None else item
        raise TypeError(
            f"{_item_name} must be an instance of {type_name}{extra}, "
            f"got {_item_type} instead."
        )


def _check_option(parameter, value, allowed_values, extra=""):
    if value in allowed_values:
        return value

    # Prepare a nice error message for the user
    extra = f" {extra}" if extra else extra
    msg = (
        "Invalid value for the '{parameter}' parameter{extra}. "
        "{options}, but got {value!r} instead."
    )
    allowed_values = list(allowed_values)  # e.g., if a dict was given
    if len(allowed_values) == 1:
        options = f"The only allowed value is {repr(allowed_values[0])}"
    else:
        options = "Allowed values are "
        if len(allowed_values) == 2:
            options += " and ".join(repr(v) for v in allowed_values)
        else:
            options += ", ".join(repr(v) for v in allowed_values[:-1])
            options += f", and {repr(allowed_values[-1])}"
    raise ValueError(
        msg.format(parameter=parameter, options=options, value=value, extra=extra)
    )


def check_random_state(seed):
    if seed is None or seed is np.random:
        return np.random.mtrand._rand
    if isinstance(seed, int | np.integer):
        return np.random.mtrand.RandomState(seed)
    if isinstance(seed, np.random.mtrand.RandomState):
        return seed
    if isinstance(seed, np.random.Generator):
        return seed
    raise ValueError(
        f"{seed!r} cannot be used to seed a numpy.random.mtrand.RandomState instance"
    )


# --- utils/misc.py ----------------------------------------------------------------------------------------------------

def _pl(x, non_pl="", pl="s"):
    len_x = x if isinstance(x, int | np.generic) else len(x)
    return non_pl if len_x == 1 else pl


# --- utils/linalg.py --------------------------------------------------------------------------------------------------

@functools.lru_cache(None)
def _get_blas_funcs(dtype, names):
    return linalg.get_blas_funcs(names, (np.empty(0, dtype),))


# --- utils/numerics.py ------------------------------------------------------------------------------------------------

def sum_squared(X):
    X_flat = X.ravel(order="F" if np.isfortran(X) else "C")
    return np.dot(X_flat, X_flat)


def _compute_row_norms(data):
    norms = np.sqrt(np.sum(data**2, axis=1))
    norms[norms == 0] = 1.0
    return norms


def _reg_pinv(x, reg=0, rank="full", rcond=1e-15):
    # adapted: `from ..rank import _estimate_rank_from_s` (rank.py's function is defined in this module)

    if rank is not None and rank != "full":
        rank = int(operator.index(rank))
    if x.ndim < 2 or x.shape[-2] != x.shape[-1]:
        raise ValueError("Input matrix must be square.")
    if not np.allclose(x, x.conj().swapaxes(-2, -1)):
        raise ValueError("Input matrix must be Hermitian (symmetric)")
    assert x.ndim >= 2 and x.shape[-2] == x.shape[-1]
    n = x.shape[-1]

    # Decompose the matrix, not necessarily positive semidefinite
    U, s, Vh = np.linalg.svd(x, hermitian=True)

    # Estimate the rank before regularization
    tol = "auto" if rcond == "auto" else rcond * s[..., :1]
    rank_before = _estimate_rank_from_s(s, tol)

    # Decompose the matrix again after regularization
    loading_factor = reg * np.mean(s, axis=-1)
    if reg:
        U, s, Vh = np.linalg.svd(
            x + loading_factor[..., np.newaxis, np.newaxis] * np.eye(n), hermitian=True
        )

    # Estimate the rank after regularization
    tol = "auto" if rcond == "auto" else rcond * s[..., :1]
    rank_after = _estimate_rank_from_s(s, tol)

    # Warn the user if both all parameters were kept at their defaults and the
    # matrix is rank deficient.
    if (rank_after < n).any() and reg == 0 and rank == "full" and rcond == 1e-15:
        warn("Covariance matrix is rank-deficient and no regularization is done.")
    elif isinstance(rank, int) and rank > n:
        raise ValueError(
            f"Invalid value for the rank parameter ({rank}) given "
            f"the shape of the input matrix ({x.shape[0]} x {x.shape[1]})."
        )

    # Pick the requested number of singular values
    mask = np.arange(s.shape[-1]).reshape((1,) * (x.ndim - 2) + (-1,))
    if rank is None:
        cmp = ret = rank_before
    elif rank == "full":
        cmp = rank_after
        ret = rank_before
    else:
        cmp = ret = rank
    mask = mask < np.asarray(cmp)[..., np.newaxis]
    mask &= s > 0

    # Invert only non-zero singular values
    s_inv = np.zeros(s.shape)
    s_inv[mask] = 1.0 / s[mask]

    # Compute the pseudo inverse
    x_inv = np.matmul(U * s_inv[..., np.newaxis, :], Vh)

    return x_inv, loading_factor, ret


def compute_corr(x, y):
    if len(x) == 0 or len(y) == 0:
        raise ValueError("x or y has zero length")
    X = np.array(x, float)
    Y = np.array(y, float)
    X -= X.mean(0)
    Y -= Y.mean(0)
    x_sd = X.std(0, ddof=1)
    # if covariance matrix is fully expanded, Y needs a
    # transpose / broadcasting else Y is correct
    y_sd = Y.std(0, ddof=1)[:, None if X.shape == Y.shape else Ellipsis]
    return (np.dot(X.T, Y) / float(len(X) - 1)) / (x_sd * y_sd)


def _time_mask(
    times, tmin=None, tmax=None, sfreq=None, raise_error=True, include_tmax=True
):
    orig_tmin = tmin
    orig_tmax = tmax
    tmin = -np.inf if tmin is None else tmin
    tmax = np.inf if tmax is None else tmax
    if not np.isfinite(tmin):
        tmin = times[0]
    if not np.isfinite(tmax):
        tmax = times[-1]
        include_tmax = True  # ignore this param when tmax is infinite
    if sfreq is not None:
        # Push to a bit past the nearest sample boundary first
        sfreq = float(sfreq)
        tmin = int(round(tmin * sfreq)) / sfreq - 0.5 / sfreq
        tmax = int(round(tmax * sfreq)) / sfreq
        tmax += (0.5 if include_tmax else -0.5) / sfreq
    else:
        assert include_tmax  # can only be used when sfreq is known
    if raise_error and tmin > tmax:
        raise ValueError(
            f"tmin ({orig_tmin}) must be less than or equal to tmax ({orig_tmax})"
        )
    mask = times >= tmin
    mask &= times <= tmax
    if raise_error and not mask.any():
        extra = "" if include_tmax else "when include_tmax=False "
        raise ValueError(
            f"No samples remain when using tmin={orig_tmin} and tmax={orig_tmax} "
            f"{extra}(original time bounds are [{times[0]}, {times[-1]}] containing "
            f"{len(times)} sample{_pl(times)})"
        )
    return mask


def _freq_mask(freqs, sfreq, fmin=None, fmax=None, raise_error=True):
    orig_fmin = fmin
    orig_fmax = fmax
    fmin = -np.inf if fmin is None else fmin
    fmax = np.inf if fmax is None else fmax
    if not np.isfinite(fmin):
        fmin = freqs[0]
    if not np.isfinite(fmax):
        fmax = freqs[-1]
    if sfreq is None:
        raise ValueError("sfreq can not be None")
    # Push 0.5/sfreq past the nearest frequency boundary first
    sfreq = float(sfreq)
    fmin = int(round(fmin * sfreq)) / sfreq - 0.5 / sfreq
    fmax = int(round(fmax * sfreq)) / sfreq + 0.5 / sfreq
    if raise_error and fmin > fmax:
        raise ValueError(
            f"fmin ({orig_fmin}) must be less than or equal to fmax ({orig_fmax})"
        )
    mask = freqs >= fmin
    mask &= freqs <= fmax
    if raise_error and not mask.any():
        raise ValueError(
            f"No frequencies remain when using fmin={orig_fmin} and fmax={orig_fmax} "
            f"(original frequency bounds are [{freqs[0]}, {freqs[-1]}])"
        )
    return mask


def _mask_to_onsets_offsets(mask):
    assert mask.dtype == np.dtype(bool) and mask.ndim == 1
    mask = mask.astype(int)
    diff = np.diff(mask)
    onsets = np.where(diff > 0)[0] + 1
    if mask[0]:
        onsets = np.concatenate([[0], onsets])
    offsets = np.where(diff < 0)[0] + 1
    if mask[-1]:
        offsets = np.concatenate([offsets, [len(mask)]])
    assert len(onsets) == len(offsets)
    return onsets, offsets


# --- rank.py ----------------------------------------------------------------------------------------------------------

# adapted: @verbose dropped (mne's decorator that sets the logging level from `verbose`)
def estimate_rank(
    data,
    tol="auto",
    return_singular=False,
    norm=True,
    tol_kind="absolute",
    verbose=None,
):
    if norm:
        data = data.copy()  # operate on a copy
        norms = _compute_row_norms(data)
        data /= norms[:, np.newaxis]
    s = linalg.svdvals(data)
    rank = _estimate_rank_from_s(s, tol, tol_kind)
    if return_singular is True:
        return rank, s
    else:
        return rank


def _estimate_rank_from_s(s, tol="auto", tol_kind="absolute"):
    s = np.array(s, float)
    max_s = np.amax(s, axis=-1)
    if isinstance(tol, str):
        if tol not in ("auto", "float32"):
            raise ValueError(f'tol must be "auto" or float, got {repr(tol)}')
        # XXX this should be float32 probably due to how we save and
        # load data, but it breaks test_make_inverse_operator (!)
        # The factor of 2 gets test_compute_covariance_auto_reg[None]
        # to pass without breaking minimum norm tests. :(
        # Passing 'float32' is a hack workaround for test_maxfilter_get_rank :(
        if tol == "float32":
            eps = np.finfo(np.float32).eps
        else:
            eps = np.finfo(np.float64).eps
        tol = s.shape[-1] * max_s * eps
        if s.ndim == 1:  # typical
            logger.info(
                "    Using tolerance %0.2g (%0.2g eps * %d dim * %0.2g"
                "  max singular value)",
                tol,
                eps,
                len(s),
                max_s,
            )
    elif not (isinstance(tol, np.ndarray) and tol.dtype.kind == "f"):
        tol = float(tol)
        if tol_kind == "relative":
            tol = tol * max_s

    rank = np.sum(s > tol, axis=-1)
    return rank


# --- stats/multi_comp.py ----------------------------------------------------------------------------------------------

def _ecdf(x):
    nobs = len(x)
    return np.arange(1, nobs + 1) / float(nobs)


def fdr_correction(pvals, alpha=0.05, method="indep"):
    pvals = np.asarray(pvals)
    shape_init = pvals.shape
    pvals = pvals.ravel()

    pvals_sortind = np.argsort(pvals)
    pvals_sorted = pvals[pvals_sortind]
    sortrevind = pvals_sortind.argsort()

    if method in ["i", "indep", "p", "poscorr"]:
        ecdffactor = _ecdf(pvals_sorted)
    elif method in ["n", "negcorr"]:
        cm = np.sum(1.0 / np.arange(1, len(pvals_sorted) + 1))
        ecdffactor = _ecdf(pvals_sorted) / cm
    else:
        raise ValueError("Method should be 'indep' and 'negcorr'")

    reject = pvals_sorted < (ecdffactor * alpha)
    if reject.any():
        rejectmax = max(np.nonzero(reject)[0])
    else:
        rejectmax = 0
    reject[:rejectmax] = True

    pvals_corrected_raw = pvals_sorted / ecdffactor
    pvals_corrected = np.minimum.accumulate(pvals_corrected_raw[::-1])[::-1]
    pvals_corrected[pvals_corrected > 1.0] = 1.0
    pvals_corrected = pvals_corrected[sortrevind].reshape(shape_init)
    reject = reject[sortrevind].reshape(shape_init)
    return reject, pvals_corrected


def bonferroni_correction(pval, alpha=0.05):
    pval = np.asarray(pval)
    pval_corrected = pval * float(pval.size)
    # p-values must not be larger than 1.
    pval_corrected = pval_corrected.clip(max=1.0)
    reject = pval_corrected < alpha
    return reject, pval_corrected


# --- stats/parametric.py ----------------------------------------------------------------------------------------------

def ttest_1samp_no_p(X, sigma=0, method="relative"):
    _check_option("method", method, ["absolute", "relative"])
    var = np.var(X, axis=0, ddof=1)
    if sigma > 0:
        limit = sigma * np.max(var) if method == "relative" else sigma
        var += limit
    return np.mean(X, axis=0) / np.sqrt(var / X.shape[0])


def ttest_ind_no_p(a, b, equal_var=True, sigma=0.0):
    v1 = np.var(a, axis=0, ddof=1)
    v2 = np.var(b, axis=0, ddof=1)
    n1 = a.shape[0]
    n2 = b.shape[0]
    if equal_var:
        df = n1 + n2 - 2.0
        var = ((n1 - 1) * v1 + (n2 - 1) * v2) / df
        var = var * (1.0 / n1 + 1.0 / n2)
    else:
        vn1 = v1 / n1
        vn2 = v2 / n2
        with np.errstate(divide="ignore", invalid="ignore"):
            df = (vn1 + vn2) ** 2 / (vn1**2 / (n1 - 1) + vn2**2 / (n2 - 1))

        # If df is undefined, variances are zero (assumes n1 > 0 & n2 > 0).
        # Hence it doesn't matter what df is as long as it's not NaN.
        df = np.where(np.isnan(df), 1, df)
        var = vn1 + vn2
    if sigma > 0:
        var += sigma * np.max(var)
    denom = np.sqrt(var)
    d = np.mean(a, 0) - np.mean(b, 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.divide(d, denom)
    return t


def f_oneway(*args, sigma=0.0, method="relative"):
    _check_option("method", method, ["absolute", "relative"])
    if sigma < 0:
        raise ValueError(f"sigma must be >= 0, got {sigma}")
    n_classes = len(args)
    n_samples_per_class = np.array([len(a) for a in args])
    n_samples = np.sum(n_samples_per_class)
    ss_alldata = reduce(lambda x, y: x + y, [np.sum(a**2, axis=0) for a in args])
    sums_args = [np.sum(a, axis=0) for a in args]
    square_of_sums_alldata = reduce(lambda x, y: x + y, sums_args) ** 2
    square_of_sums_args = [s**2 for s in sums_args]
    sstot = ss_alldata - square_of_sums_alldata / float(n_samples)
    ssbn = 0
    for k, _ in enumerate(args):
        ssbn += square_of_sums_args[k] / n_samples_per_class[k]
    ssbn -= square_of_sums_alldata / float(n_samples)
    sswn = sstot - ssbn
    dfbn = n_classes - 1
    dfwn = n_samples - n_classes
    msb = ssbn / float(dfbn)
    msw = sswn / float(dfwn)
    if sigma > 0.0:
        if method == "relative":
            sigma_sq = sigma * np.median(msw)
        else:
            sigma_sq = float(sigma)
        msw = (sswn + sigma_sq) / float(dfwn)
    f = msb / msw
    return f


def _map_effects(n_factors, effects):
    if n_factors > len(ascii_uppercase):
        raise ValueError("Maximum number of factors supported is 26")

    factor_names = list(ascii_uppercase[:n_factors])

    if isinstance(effects, str):
        if "*" in effects and ":" in effects:
            raise ValueError('Not "*" and ":" permitted in effects')
        elif "+" in effects and ":" in effects:
            raise ValueError('Not "+" and ":" permitted in effects')
        elif effects == "all":
            effects = None
        elif len(effects) == 1 or ":" in effects:
            effects = [effects]
        elif "+" in effects:
            # all main effects
            effects = effects.split("+")
        elif "*" in effects:
            pass  # handle later
        else:
            raise ValueError(f'"{effects}" is not a valid option for "effects"')
    if isinstance(effects, list):
        bad_names = [e for e in effects if e not in factor_names]
        if len(bad_names) > 1:
            raise ValueError(
                f"Effect names: {bad_names} are not valid. They should consist of the "
                f"first `n_factors` ({n_factors}) characters from the alphabet"
            )

    indices = list(np.arange(2**n_factors - 1))
    names = list()
    for this_effect in indices:
        contrast_idx = _get_contrast_indices(this_effect + 1, n_factors)
        this_code = (n_factors - 1) - np.where(contrast_idx == 1)[0]
        this_name = [factor_names[e] for e in this_code]
        this_name.sort()
        names.append(":".join(this_name))

    if effects is None or isinstance(effects, str):
        effects_ = names
    else:
        effects_ = effects

    selection = [names.index(sel) for sel in effects_]
    names = [names[sel] for sel in selection]

    if isinstance(effects, str):
        if "*" in effects:
            # hierarchical order of effects
            # the * based effect can be used as stop index
            sel_ind = names.index(effects.replace("*", ":")) + 1
            names = names[:sel_ind]
            selection = selection[:sel_ind]

    return selection, names


def _get_contrast_indices(effect_idx, n_factors):  # noqa: D401
    binrepr = np.binary_repr(effect_idx, n_factors)
    return np.array([int(i) for i in binrepr], dtype=int)


def _iter_contrasts(n_subjects, factor_levels, effect_picks):
    from scipy.signal import detrend

    sc = []
    n_factors = len(factor_levels)
    # prepare computation of Kronecker products
    for n_levels in factor_levels:
        # for each factor append
        # 1) column vector of length == number of levels,
        # 2) square matrix with diagonal == number of levels

        # main + interaction effects for contrasts
        sc.append([np.ones([n_levels, 1]), detrend(np.eye(n_levels), type="constant")])

    for this_effect in effect_picks:
        contrast_idx = _get_contrast_indices(this_effect + 1, n_factors)
        c_ = sc[0][contrast_idx[n_factors - 1]]
        for i_contrast in range(1, n_factors):
            this_contrast = contrast_idx[(n_factors - 1) - i_contrast]
            c_ = np.kron(c_, sc[i_contrast][this_contrast])
        df1 = np.linalg.matrix_rank(c_)
        df2 = df1 * (n_subjects - 1)
        yield c_, df1, df2


def f_threshold_mway_rm(n_subjects, factor_levels, effects="A*B", pvalue=0.05):
    from scipy import stats

    effect_picks, _ = _map_effects(len(factor_levels), effects)

    F_threshold = []
    for _, df1, df2 in _iter_contrasts(n_subjects, factor_levels, effect_picks):
        F_threshold.append(stats.f(df1, df2).isf(pvalue))

    return F_threshold if len(F_threshold) > 1 else F_threshold[0]


def f_mway_rm(data, factor_levels, effects="all", correction=False, return_pvals=True):
    from scipy import stats

    out_reshape = (-1,)
    if data.ndim == 2:  # general purpose support, e.g. behavioural data
        data = data[:, :, np.newaxis]
    elif data.ndim > 3:  # let's allow for some magic here
        out_reshape = data.shape[2:]
        data = data.reshape(data.shape[0], data.shape[1], np.prod(data.shape[2:]))

    effect_picks, _ = _map_effects(len(factor_levels), effects)
    n_obs = data.shape[2]
    n_replications = data.shape[0]

    # put last axis in front to 'iterate' over mass univariate instances.
    data = np.rollaxis(data, 2)
    fvalues, pvalues = [], []
    for c_, df1, df2 in _iter_contrasts(n_replications, factor_levels, effect_picks):
        y = np.dot(data, c_)
        b = np.mean(y, axis=1)[:, np.newaxis, :]
        ss = np.sum(np.sum(y * b, axis=2), axis=1)
        mse = (np.sum(np.sum(y * y, axis=2), axis=1) - ss) / (df2 / df1)
        fvals = ss / mse
        fvalues.append(fvals)
        if correction:
            # sample covariances, leave off "/ (y.shape[1] - 1)" norm because
            # it falls out.
            v = np.array([np.dot(y_.T, y_) for y_ in y])
            v = np.array([np.trace(vv) for vv in v]) ** 2 / (
                df1 * np.sum(np.sum(v * v, axis=2), axis=1)
            )
            eps = v

        df1, df2 = np.zeros(n_obs) + df1, np.zeros(n_obs) + df2
        if correction:
            # numerical imprecision can cause eps=0.99999999999999989
            # even with a single category, so never let our degrees of
            # freedom drop below 1.
            df1, df2 = (np.maximum(d[None, :] * eps, 1.0) for d in (df1, df2))

        if return_pvals:
            pvals = stats.f(df1, df2).sf(fvals)
        else:
            pvals = np.empty(0)
        pvalues.append(pvals)

    # handle single effect returns
    return [
        np.squeeze(np.asarray([v.reshape(out_reshape) for v in vv]))
        for vv in (fvalues, pvalues)
    ]


# --- preprocessing/_peak_finder.py ------------------------------------------------------------------------------------

# adapted: @verbose dropped (mne's decorator that sets the logging level from `verbose`)
def peak_finder(x0, thresh=None, extrema=1, verbose=None):
    x0 = np.asanyarray(x0)
    s = x0.size

    if x0.ndim >= 2 or s == 0:
        raise ValueError("The input data must be a non empty 1D vector")

    if thresh is None:
        thresh = (np.max(x0) - np.min(x0)) / 4
        logger.debug(f"Peak finder automatic threshold: {thresh:0.2g}")

    assert extrema in [-1, 1]

    if extrema == -1:
        x0 = extrema * x0  # Make it so we are finding maxima regardless

    dx0 = np.diff(x0)  # Find derivative
    # This is so we find the first of repeated values
    dx0[dx0 == 0] = -np.finfo(float).eps
    # Find where the derivative changes sign
    ind = np.where(dx0[:-1:] * dx0[1::] < 0)[0] + 1

    # Include endpoints in potential peaks and valleys
    x = np.concatenate((x0[:1], x0[ind], x0[-1:]))
    ind = np.concatenate(([0], ind, [s - 1]))
    del x0

    #  x only has the peaks, valleys, and endpoints
    length = x.size
    min_mag = np.min(x)

    if length > 2:  # Function with peaks and valleys
        # Set initial parameters for loop
        temp_mag = min_mag
        found_peak = False
        left_min = min_mag

        # Deal with first point a little differently since tacked it on
        # Calculate the sign of the derivative since we took the first point
        # on it does not necessarily alternate like the rest.
        signDx = np.sign(np.diff(x[:3]))
        if signDx[0] <= 0:  # The first point is larger or equal to the second
            ii = -1
            if signDx[0] == signDx[1]:  # Want alternating signs
                x = np.concatenate((x[:1], x[2:]))
                ind = np.concatenate((ind[:1], ind[2:]))
                length -= 1

        else:  # First point is smaller than the second
            ii = 0
            if signDx[0] == signDx[1]:  # Want alternating signs
                x = x[1:]
                ind = ind[1:]
                length -= 1

        # Preallocate max number of maxima
        maxPeaks = int(np.ceil(length / 2.0))
        peak_loc = np.zeros(maxPeaks, dtype=np.int64)
        peak_mag = np.zeros(maxPeaks)
        c_ind = 0
        # Loop through extrema which should be peaks and then valleys
        while ii < (length - 1):
            ii += 1  # This is a peak
            # Reset peak finding if we had a peak and the next peak is bigger
            # than the last or the left min was small enough to reset.
            if found_peak and (
                (x[ii] > peak_mag[-1]) or (left_min < peak_mag[-1] - thresh)
            ):
                temp_mag = min_mag
                found_peak = False

            # Make sure we don't iterate past the length of our vector
            if ii == length - 1:
                break  # We assign the last point differently out of the loop

            # Found new peak that was lager than temp mag and threshold larger
            # than the minimum to its left.
            if (x[ii] > temp_mag) and (x[ii] > left_min + thresh):
                temp_loc = ii
                temp_mag = x[ii]

            ii += 1  # Move onto the valley
            # Come down at least thresh from peak
            if not found_peak and (temp_mag > (thresh + x[ii])):
                found_peak = True  # We have found a peak
                left_min = x[ii]
                peak_loc[c_ind] = temp_loc  # Add peak to index
                peak_mag[c_ind] = temp_mag
                c_ind += 1
            elif x[ii] < left_min:  # New left minima
                left_min = x[ii]

        # Check end point
        if (x[-1] > temp_mag) and (x[-1] > (left_min + thresh)):
            peak_loc[c_ind] = length - 1
            peak_mag[c_ind] = x[-1]
            c_ind += 1
        elif not found_peak and temp_mag > min_mag:
            # Check if we still need to add the last point
            peak_loc[c_ind] = temp_loc
            peak_mag[c_ind] = temp_mag
            c_ind += 1

        # Create output
        peak_inds = ind[peak_loc[:c_ind]]
        peak_mags = peak_mag[:c_ind]
    else:  # This is a monotone function where an endpoint is the only peak
        x_ind = np.argmax(x)
        peak_mags = x[x_ind]
        if peak_mags > (min_mag + thresh):
            peak_inds = ind[x_ind]
        else:
            peak_mags = []
            peak_inds = []

    # Change sign of data if was finding minima
    if extrema < 0:
        peak_mags *= -1.0

    # ensure output type array
    if not isinstance(peak_inds, np.ndarray):
        peak_inds = np.atleast_1d(peak_inds).astype("int64")

    if not isinstance(peak_mags, np.ndarray):
        peak_mags = np.atleast_1d(peak_mags).astype("float64")

    # Plot if no output desired
    if len(peak_inds) == 0:
        logger.info("No significant peaks found")
    else:
        logger.info(f"Found {len(peak_inds)} significant peak{_pl(peak_inds)}")

    return peak_inds, peak_mags


# --- baseline.py ------------------------------------------------------------------------------------------------------

def _log_rescale(baseline, mode="mean"):
    if baseline is not None:
        _check_option(
            "mode",
            mode,
            ["logratio", "ratio", "zscore", "mean", "percent", "zlogratio"],
        )
        msg = f"Applying baseline correction (mode: {mode})"
    else:
        msg = "No baseline correction applied"
    return msg


# adapted: @verbose dropped (mne's decorator that sets the logging level from `verbose`)
def rescale(data, times, baseline, mode="mean", copy=True, picks=None, verbose=None):
    if copy:
        data = data.copy()
    if verbose is not False:
        msg = _log_rescale(baseline, mode)
        logger.info(msg)
    if baseline is None or data.shape[-1] == 0:
        return data

    bmin, bmax = baseline
    if bmin is None:
        imin = 0
    else:
        imin = np.where(times >= bmin)[0]
        if len(imin) == 0:
            raise ValueError(
                f"bmin is too large ({bmin}), it exceeds the largest time value"
            )
        imin = int(imin[0])
    if bmax is None:
        imax = len(times)
    else:
        imax = np.where(times <= bmax)[0]
        if len(imax) == 0:
            raise ValueError(
                f"bmax is too small ({bmax}), it is smaller than the smallest time "
                "value"
            )
        imax = int(imax[-1]) + 1
    if imin >= imax:
        raise ValueError(
            f"Bad rescaling slice ({imin}:{imax}) from time values {bmin}, {bmax}"
        )

    # technically this is inefficient when `picks` is given, but assuming
    # that we generally pick most channels for rescaling, it's not so bad
    mean = np.mean(data[..., imin:imax], axis=-1, keepdims=True)

    if mode == "mean":

        def fun(d, m):
            d -= m

    elif mode == "ratio":

        def fun(d, m):
            d /= m

    elif mode == "logratio":

        def fun(d, m):
            d /= m
            np.log10(d, out=d)

    elif mode == "percent":

        def fun(d, m):
            d -= m
            d /= m

    elif mode == "zscore":

        def fun(d, m):
            d -= m
            d /= np.std(d[..., imin:imax], axis=-1, keepdims=True)

    elif mode == "zlogratio":

        def fun(d, m):
            d /= m
            np.log10(d, out=d)
            d /= np.std(d[..., imin:imax], axis=-1, keepdims=True)

    if picks is None:
        fun(data, mean)
    else:
        for pi in picks:
            fun(data[..., pi, :], mean[..., pi, :])
    return data


def _check_baseline(baseline, times, sfreq, on_baseline_outside_data="raise"):
    if baseline is None:
        return None

    _validate_type(baseline, "array-like")
    baseline = tuple(baseline)

    if len(baseline) != 2:
        raise ValueError(
            f"baseline must have exactly two elements (got {len(baseline)})."
        )

    tmin, tmax = times[0], times[-1]
    tstep = 1.0 / float(sfreq)

    # check default value of baseline and `tmin=0`
    if baseline == (None, 0) and tmin == 0:
        raise ValueError(
            "Baseline interval is only one sample. Use `baseline=(0, 0)` if this is "
            "desired."
        )

    baseline_tmin, baseline_tmax = baseline

    if baseline_tmin is None:
        baseline_tmin = tmin
    baseline_tmin = float(baseline_tmin)

    if baseline_tmax is None:
        baseline_tmax = tmax
    baseline_tmax = float(baseline_tmax)

    if baseline_tmin > baseline_tmax:
        raise ValueError(
            f"Baseline min ({baseline_tmin}) must be less than baseline max ("
            f"{baseline_tmax})"
        )

    if (baseline_tmin < tmin - tstep) or (baseline_tmax > tmax + tstep):
        msg = (
            f"Baseline interval [{baseline_tmin}, {baseline_tmax}] s is outside of "
            f"epochs data [{tmin}, {tmax}] s. Epochs were probably cropped."
        )
        if on_baseline_outside_data == "raise":
            raise ValueError(msg)
        elif on_baseline_outside_data == "info":
            logger.info(msg)
        elif on_baseline_outside_data == "adjust":
            if baseline_tmin < tmin - tstep:
                baseline_tmin = tmin
            if baseline_tmax > tmax + tstep:
                baseline_tmax = tmax

    return baseline_tmin, baseline_tmax


# --- time_frequency/_stft.py ------------------------------------------------------------------------------------------

# adapted: @verbose dropped (mne's decorator that sets the logging level from `verbose`)
def stft(x, wsize, tstep=None, verbose=None):
    if not np.isrealobj(x):
        raise ValueError("x is not a real valued array")

    if x.ndim == 1:
        x = x[None, :]

    n_signals, T = x.shape
    wsize = int(wsize)

    # Errors and warnings
    if wsize % 4:
        raise ValueError("The window length must be a multiple of 4.")

    if tstep is None:
        tstep = wsize / 2

    tstep = int(tstep)

    if (wsize % tstep) or (tstep % 2):
        raise ValueError(
            "The step size must be a multiple of 2 and a divider of the window length."
        )

    if tstep > wsize / 2:
        raise ValueError("The step size must be smaller than half the window length.")

    n_step = int(ceil(T / float(tstep)))
    n_freq = wsize // 2 + 1
    logger.info(f"Number of frequencies: {n_freq}")
    logger.info(f"Number of time steps: {n_step}")

    X = np.zeros((n_signals, n_freq, n_step), dtype=np.complex128)

    if n_signals == 0:
        return X

    # Defining sine window
    win = np.sin(np.arange(0.5, wsize + 0.5) / wsize * np.pi)
    win2 = win**2

    swin = np.zeros((n_step - 1) * tstep + wsize)
    for t in range(n_step):
        swin[t * tstep : t * tstep + wsize] += win2
    swin = np.sqrt(wsize * swin)

    # Zero-padding and Pre-processing for edges
    xp = np.zeros((n_signals, wsize + (n_step - 1) * tstep), dtype=x.dtype)
    xp[:, (wsize - tstep) // 2 : (wsize - tstep) // 2 + T] = x
    x = xp

    for t in range(n_step):
        # Framing
        wwin = win / swin[t * tstep : t * tstep + wsize]
        frame = x[:, t * tstep : t * tstep + wsize] * wwin[None, :]
        # FFT
        X[:, :, t] = rfft(frame)

    return X


def istft(X, tstep=None, Tx=None):
    # Errors and warnings
    X = np.asarray(X)
    if X.ndim < 2:
        raise ValueError(f"X must have ndim >= 2, got {X.ndim}")
    n_win, n_step = X.shape[-2:]
    signal_shape = X.shape[:-2]
    if n_win % 2 == 0:
        raise ValueError("The number of rows of the STFT matrix must be odd.")

    wsize = 2 * (n_win - 1)
    if tstep is None:
        tstep = wsize / 2

    if wsize % tstep:
        raise ValueError(
            "The step size must be a divider of two times the "
            "number of rows of the STFT matrix minus two."
        )

    if wsize % 2:
        raise ValueError("The step size must be a multiple of 2.")

    if tstep > wsize / 2:
        raise ValueError(
            "The step size must be smaller than the number of "
            "rows of the STFT matrix minus one."
        )

    if Tx is None:
        Tx = n_step * tstep

    T = n_step * tstep

    x = np.zeros(signal_shape + (T + wsize - tstep,), dtype=np.float64)

    if np.prod(signal_shape) == 0:
        return x[..., :Tx]

    # Defining sine window
    win = np.sin(np.arange(0.5, wsize + 0.5) / wsize * np.pi)
    # win = win / norm(win);

    # Pre-processing for edges
    swin = np.zeros(T + wsize - tstep, dtype=np.float64)
    for t in range(n_step):
        swin[t * tstep : t * tstep + wsize] += win**2
    swin = np.sqrt(swin / wsize)

    for t in range(n_step):
        # IFFT
        frame = irfft(X[..., t], wsize)
        # Overlap-add
        frame *= win / swin[t * tstep : t * tstep + wsize]
        x[..., t * tstep : t * tstep + wsize] += frame

    # Truncation
    x = x[..., (wsize - tstep) // 2 : (wsize - tstep) // 2 + T + 1]
    x = x[..., :Tx].copy()
    return x


def stftfreq(wsize, sfreq=None):  # noqa: D401
    freqs = rfftfreq(wsize)
    if sfreq is not None:
        freqs *= float(sfreq)
    return freqs


def stft_norm2(X):
    X2 = (X * X.conj()).real
    # compute all L2 coefs and remove first and last frequency once.
    norms2 = (
        2.0 * X2.sum(axis=2).sum(axis=1)
        - np.sum(X2[:, 0, :], axis=1)
        - np.sum(X2[:, -1, :], axis=1)
    )
    return norms2


def stft_norm1(X):
    X_abs = np.abs(X)
    # compute all L1 coefs and remove first and last frequency once.
    norms = (
        2.0 * X_abs.sum(axis=(1, 2))
        - np.sum(X_abs[:, 0, :], axis=1)
        - np.sum(X_abs[:, -1, :], axis=1)
    )
    return norms


# --- time_frequency/multitaper.py -------------------------------------------------------------------------------------

def dpss_windows(N, half_nbw, Kmax, *, sym=True, norm=None, low_bias=True):
    # TODO VERSION can be removed with SciPy 1.16 is min,
    # workaround for https://github.com/scipy/scipy/pull/22344
    from scipy.signal.windows import dpss as sp_dpss

    if N <= 1:
        dpss, eigvals = np.ones((1, 1)), np.ones(1)
    else:
        dpss, eigvals = sp_dpss(
            N, half_nbw, Kmax, sym=sym, norm=norm, return_ratios=True
        )
    if low_bias:
        idx = eigvals > 0.9
        if not idx.any():
            warn("Could not properly use low_bias, keeping lowest-bias taper")
            idx = [np.argmax(eigvals)]
        dpss, eigvals = dpss[idx], eigvals[idx]
    assert len(dpss) > 0  # should never happen
    assert dpss.shape[1] == N  # old nitime bug
    return dpss, eigvals


def _psd_from_mt_adaptive(x_mt, eigvals, freq_mask, max_iter=250, return_weights=False):
    from scipy.integrate import trapezoid

    n_signals, n_tapers, n_freqs = x_mt.shape

    if len(eigvals) != n_tapers:
        raise ValueError("Need one eigenvalue for each taper")

    if n_tapers < 3:
        raise ValueError("Not enough tapers to compute adaptive weights.")

    rt_eig = np.sqrt(eigvals)

    # estimate the variance from an estimate with fixed weights
    psd_est = _psd_from_mt(x_mt, rt_eig[np.newaxis, :, np.newaxis])
    x_var = trapezoid(psd_est, dx=np.pi / n_freqs) / (2 * np.pi)
    del psd_est

    # allocate space for output
    psd = np.empty((n_signals, np.sum(freq_mask)))

    # only keep the frequencies of interest
    x_mt = x_mt[:, :, freq_mask]

    if return_weights:
        weights = np.empty((n_signals, n_tapers, psd.shape[1]))

    for i, (xk, var) in enumerate(zip(x_mt, x_var)):
        # combine the SDFs in the traditional way in order to estimate
        # the variance of the timeseries

        # The process is to iteratively switch solving for the following
        # two expressions:
        # (1) Adaptive Multitaper SDF:
        # S^{mt}(f) = [ sum |d_k(f)|^2 S_k(f) ]/ sum |d_k(f)|^2
        #
        # (2) Weights
        # d_k(f) = [sqrt(lam_k) S^{mt}(f)] / [lam_k S^{mt}(f) + E{B_k(f)}]
        #
        # Where lam_k are the eigenvalues corresponding to the DPSS tapers,
        # and the expected value of the broadband bias function
        # E{B_k(f)} is replaced by its full-band integration
        # (1/2pi) int_{-pi}^{pi} E{B_k(f)} = sig^2(1-lam_k)

        # start with an estimate from incomplete data--the first 2 tapers
        psd_iter = _psd_from_mt(xk[:2, :], rt_eig[:2, np.newaxis])

        err = np.zeros_like(xk)
        for n in range(max_iter):
            d_k = psd_iter / (
                eigvals[:, np.newaxis] * psd_iter + (1 - eigvals[:, np.newaxis]) * var
            )
            d_k *= rt_eig[:, np.newaxis]
            # Test for convergence -- this is overly conservative, since
            # iteration only stops when all frequencies have converged.
            # A better approach is to iterate separately for each freq, but
            # that is a nonvectorized algorithm.
            # Take the RMS difference in weights from the previous iterate
            # across frequencies. If the maximum RMS error across freqs is
            # less than 1e-10, then we're converged
            err -= d_k
            if np.max(np.mean(err**2, axis=0)) < 1e-10:
                break

            # update the iterative estimate with this d_k
            psd_iter = _psd_from_mt(xk, d_k)
            err = d_k

        if n == max_iter - 1:
            warn("Iterative multi-taper PSD computation did not converge.")

        psd[i, :] = psd_iter

        if return_weights:
            weights[i, :, :] = d_k

    if return_weights:
        return psd, weights
    else:
        return psd


def _psd_from_mt(x_mt, weights):
    psd = weights * x_mt
    psd *= psd.conj()
    psd = psd.real.sum(axis=-2)
    psd *= 2 / (weights * weights.conj()).real.sum(axis=-2)
    return psd


def _csd_from_mt(x_mt, y_mt, weights_x, weights_y):
    csd = np.sum(weights_x * x_mt * (weights_y * y_mt).conj(), axis=-2)
    denom = np.sqrt((weights_x * weights_x.conj()).real.sum(axis=-2)) * np.sqrt(
        (weights_y * weights_y.conj()).real.sum(axis=-2)
    )
    csd *= 2 / denom
    return csd


def _mt_spectra(x, dpss, sfreq, n_fft=None, remove_dc=True):
    from scipy.fft import rfft, rfftfreq

    if n_fft is None:
        n_fft = x.shape[-1]

    # remove mean (do not use in-place subtraction as it may modify input x)
    if remove_dc:
        x = x - np.mean(x, axis=-1, keepdims=True)

    # only keep positive frequencies
    freqs = rfftfreq(n_fft, 1.0 / sfreq)

    # The following is equivalent to this, but uses less memory:
    # x_mt = fftpack.fft(x[:, np.newaxis, :] * dpss, n=n_fft)
    n_tapers = dpss.shape[0] if dpss.ndim > 1 else 1
    x_mt = np.zeros(x.shape[:-1] + (n_tapers, len(freqs)), dtype=np.complex128)
    for idx, sig in enumerate(x):
        x_mt[idx] = rfft(sig[..., np.newaxis, :] * dpss, n=n_fft)
    # Adjust DC and maybe Nyquist, depending on one-sided transform
    x_mt[..., 0] /= np.sqrt(2.0)
    if n_fft % 2 == 0:
        x_mt[..., -1] /= np.sqrt(2.0)
    return x_mt, freqs


# --- inverse_sparse/mxne_debiasing.py ---------------------------------------------------------------------------------

# adapted: @fill_doc dropped (it fills the docstring, which is dropped)
def power_iteration_kron(A, C, max_iter=1000, tol=1e-3, random_state=0):
    AS_size = C.shape[0]
    rng = check_random_state(random_state)
    B = rng.standard_normal((AS_size, AS_size))
    B /= np.linalg.norm(B, "fro")
    ATA = np.dot(A.T, A)
    CCT = np.dot(C, C.T)
    L0 = np.inf
    for _ in range(max_iter):
        Y = np.dot(np.dot(ATA, B), CCT)
        L = np.linalg.norm(Y, "fro")

        if abs(L - L0) < tol:
            break

        B = Y / L
        L0 = L
    return L


# adapted: @verbose dropped (mne's decorator that sets the logging level from `verbose`)
def compute_bias(M, G, X, max_iter=1000, tol=1e-6, n_orient=1, verbose=None):
    n_sources = X.shape[0]

    lipschitz_constant = 1.1 * power_iteration_kron(G, X)

    # initializations
    D = np.ones(n_sources)
    Y = np.ones(n_sources)
    t = 1.0

    for i in range(max_iter):
        D0 = D

        # gradient step
        R = M - np.dot(G * Y, X)
        D = Y + np.sum(np.dot(G.T, R) * X, axis=1) / lipschitz_constant
        # Equivalent but faster than:
        # D = Y + np.diag(np.dot(np.dot(G.T, R), X.T)) / lipschitz_constant

        # prox ie projection on constraint
        if n_orient != 1:  # take care of orientations
            # The scaling has to be the same for all orientations
            D = np.mean(D.reshape(-1, n_orient), axis=1)
            D = np.tile(D, [n_orient, 1]).T.ravel()
        D = np.maximum(D, 1.0)

        t0 = t
        t = 0.5 * (1.0 + sqrt(1.0 + 4.0 * t**2))
        Y.fill(0.0)
        dt = (t0 - 1.0) / t
        Y = D + dt * (D - D0)

        Ddiff = np.linalg.norm(D - D0, np.inf)

        if Ddiff < tol:
            logger.info(
                f"Debiasing converged after {i} iterations "
                f"max(|D - D0| = {Ddiff:e} < {tol:e})"
            )
            break
    else:
        Ddiff = np.linalg.norm(D - D0, np.inf)
        logger.info(
            f"Debiasing did not converge after {max_iter} iterations! "
            f"max(|D - D0| = {Ddiff:e} >= {tol:e})"
        )
    return D


# --- inverse_sparse/mxne_optim.py -------------------------------------------------------------------------------------

@functools.lru_cache(None)
def _get_dgemm():
    return _get_blas_funcs(np.float64, "gemm")


def groups_norm2(A, n_orient):
    n_positions = A.shape[0] // n_orient
    return np.sum(np.power(A, 2, A).reshape(n_positions, -1), axis=1)


def norm_l2inf(A, n_orient, copy=True):
    if A.size == 0:
        return 0.0
    if copy:
        A = A.copy()
    return sqrt(np.max(groups_norm2(A, n_orient)))


def norm_l21(A, n_orient, copy=True):
    if A.size == 0:
        return 0.0
    if copy:
        A = A.copy()
    return np.sum(np.sqrt(groups_norm2(A, n_orient)))


def _primal_l21(M, G, X, active_set, alpha, n_orient):
    GX = np.dot(G[:, active_set], X)
    R = M - GX
    penalty = norm_l21(X, n_orient, copy=True)
    nR2 = sum_squared(R)
    p_obj = 0.5 * nR2 + alpha * penalty
    return p_obj, R, nR2, GX


def dgap_l21(M, G, X, active_set, alpha, n_orient):
    p_obj, R, nR2, GX = _primal_l21(M, G, X, active_set, alpha, n_orient)
    dual_norm = norm_l2inf(np.dot(G.T, R), n_orient, copy=False)
    scaling = alpha / dual_norm
    scaling = min(scaling, 1.0)
    d_obj = (scaling - 0.5 * (scaling**2)) * nR2 + scaling * np.sum(R * GX)

    gap = p_obj - d_obj
    return gap, p_obj, d_obj, R


def _mixed_norm_solver_cd(
    M,
    G,
    alpha,
    lipschitz_constant,
    maxit=10000,
    tol=1e-8,
    init=None,
    n_orient=1,
    dgap_freq=10,
):
    from sklearn.linear_model import MultiTaskLasso

    assert M.ndim == G.ndim and M.shape[0] == G.shape[0]

    clf = MultiTaskLasso(
        alpha=alpha / len(M),
        tol=tol / sum_squared(M),
        fit_intercept=False,
        max_iter=maxit,
        warm_start=True,
    )
    if init is not None:
        clf.coef_ = init.T
    else:
        clf.coef_ = np.zeros((G.shape[1], M.shape[1])).T
    clf.fit(G, M)

    X = clf.coef_.T
    active_set = np.any(X, axis=1)
    X = X[active_set]
    gap, p_obj, d_obj, _ = dgap_l21(M, G, X, active_set, alpha, n_orient)
    return X, active_set, p_obj


def _mixed_norm_solver_bcd(
    M,
    G,
    alpha,
    lipschitz_constant,
    maxit=200,
    tol=1e-8,
    init=None,
    n_orient=1,
    dgap_freq=10,
    use_accel=True,
    K=5,
):
    _, n_times = M.shape
    _, n_sources = G.shape
    n_positions = n_sources // n_orient

    if init is None:
        X = np.zeros((n_sources, n_times))
        R = M.copy()
    else:
        X = init
        R = M - np.dot(G, X)

    E = []  # track primal objective function
    highest_d_obj = -np.inf
    active_set = np.zeros(n_sources, dtype=bool)  # start with full AS

    alpha_lc = alpha / lipschitz_constant

    if use_accel:
        last_K_X = np.empty((K + 1, n_sources, n_times))
        U = np.zeros((K, n_sources * n_times))

    # First make G fortran for faster access to blocks of columns
    G = np.asfortranarray(G)
    # Ensure these are correct for dgemm
    assert R.dtype == np.float64
    assert G.dtype == np.float64
    one_ovr_lc = 1.0 / lipschitz_constant

    # assert that all the multiplied matrices are fortran contiguous
    assert X.T.flags.f_contiguous
    assert R.T.flags.f_contiguous
    assert G.flags.f_contiguous
    # storing list of contiguous arrays
    list_G_j_c = []
    for j in range(n_positions):
        idx = slice(j * n_orient, (j + 1) * n_orient)
        list_G_j_c.append(np.ascontiguousarray(G[:, idx]))

    for i in range(maxit):
        _bcd(G, X, R, active_set, one_ovr_lc, n_orient, alpha_lc, list_G_j_c)

        if (i + 1) % dgap_freq == 0:
            _, p_obj, d_obj, _ = dgap_l21(
                M, G, X[active_set], active_set, alpha, n_orient
            )
            highest_d_obj = max(d_obj, highest_d_obj)
            gap = p_obj - highest_d_obj
            E.append(p_obj)
            logger.debug(
                "Iteration %d :: p_obj %f :: dgap %f :: n_active %d",
                i + 1,
                p_obj,
                gap,
                np.sum(active_set) / n_orient,
            )

            if gap < tol:
                logger.debug(f"Convergence reached ! (gap: {gap} < {tol})")
                break

        # using Anderson acceleration of the primal variable for faster
        # convergence
        if use_accel:
            last_K_X[i % (K + 1)] = X

            if i % (K + 1) == K:
                for k in range(K):
                    U[k] = last_K_X[k + 1].ravel() - last_K_X[k].ravel()
                C = U @ U.T
                # at least on ARM64 we can't rely on np.linalg.solve to
                # reliably raise LinAlgError here, so use SVD instead
                # equivalent to:
                # z = np.linalg.solve(C, np.ones(K))
                u, s, _ = np.linalg.svd(C, hermitian=True)
                if s[-1] <= 1e-6 * s[0] or not np.isfinite(s).all():
                    logger.debug("Iteration %d: LinAlg Error", i + 1)
                    continue
                z = ((u * 1 / s) @ u.T).sum(0)
                c = z / z.sum()
                X_acc = np.sum(last_K_X[:-1] * c[:, None, None], axis=0)
                _grp_norm2_acc = groups_norm2(X_acc, n_orient)
                active_set_acc = _grp_norm2_acc != 0
                if n_orient > 1:
                    active_set_acc = np.kron(
                        active_set_acc, np.ones(n_orient, dtype=bool)
                    )
                p_obj = _primal_l21(M, G, X[active_set], active_set, alpha, n_orient)[0]
                p_obj_acc = _primal_l21(
                    M, G, X_acc[active_set_acc], active_set_acc, alpha, n_orient
                )[0]
                if p_obj_acc < p_obj:
                    X = X_acc
                    active_set = active_set_acc
                    R = M - G[:, active_set] @ X[active_set]

    X = X[active_set]

    return X, active_set, E


def _bcd(G, X, R, active_set, one_ovr_lc, n_orient, alpha_lc, list_G_j_c):
    X_j_new = np.zeros_like(X[:n_orient, :], order="C")
    dgemm = _get_dgemm()

    for j, G_j_c in enumerate(list_G_j_c):
        idx = slice(j * n_orient, (j + 1) * n_orient)
        G_j = G[:, idx]
        X_j = X[idx]
        dgemm(
            alpha=one_ovr_lc[j], beta=0.0, a=R.T, b=G_j, c=X_j_new.T, overwrite_c=True
        )
        # X_j_new = G_j.T @ R
        # Mathurin's trick to avoid checking all the entries
        was_non_zero = X_j[0, 0] != 0
        # was_non_zero = np.any(X_j)
        if was_non_zero:
            dgemm(alpha=1.0, beta=1.0, a=X_j.T, b=G_j_c.T, c=R.T, overwrite_c=True)
            # R += np.dot(G_j, X_j)
            X_j_new += X_j
        block_norm = sqrt(sum_squared(X_j_new))
        if block_norm <= alpha_lc[j]:
            X_j.fill(0.0)
            active_set[idx] = False
        else:
            shrink = max(1.0 - alpha_lc[j] / block_norm, 0.0)
            X_j_new *= shrink
            dgemm(alpha=-1.0, beta=1.0, a=X_j_new.T, b=G_j_c.T, c=R.T, overwrite_c=True)
            # R -= np.dot(G_j, X_j_new)
            X_j[:] = X_j_new
            active_set[idx] = True


# adapted: @verbose dropped (mne's decorator that sets the logging level from `verbose`)
def mixed_norm_solver(
    M,
    G,
    alpha,
    maxit=3000,
    tol=1e-8,
    verbose=None,
    active_set_size=50,
    debias=True,
    n_orient=1,
    solver="auto",
    return_gap=False,
    dgap_freq=10,
    active_set_init=None,
    X_init=None,
):
    n_dipoles = G.shape[1]
    n_positions = n_dipoles // n_orient
    _, n_times = M.shape
    alpha_max = norm_l2inf(np.dot(G.T, M), n_orient, copy=False)
    logger.info(f"-- ALPHA MAX : {alpha_max}")
    alpha = float(alpha)
    X = np.zeros((n_dipoles, n_times), dtype=G.dtype)

    has_sklearn = True
    try:
        from sklearn.linear_model import MultiTaskLasso  # noqa: F401
    except ImportError:
        has_sklearn = False

    _validate_type(solver, str, "solver")
    _check_option("solver", solver, ("cd", "bcd", "auto"))
    if solver == "auto":
        if has_sklearn and (n_orient == 1):
            solver = "cd"
        else:
            solver = "bcd"

    if solver == "cd":
        if n_orient == 1 and not has_sklearn:
            warn(
                "Scikit-learn >= 0.12 cannot be found. Using block coordinate"
                " descent instead of coordinate descent."
            )
            solver = "bcd"
        if n_orient > 1:
            warn(
                "Coordinate descent is only available for fixed orientation. "
                "Using block coordinate descent instead of coordinate "
                "descent"
            )
            solver = "bcd"

    if solver == "cd":
        logger.info("Using coordinate descent")
        l21_solver = _mixed_norm_solver_cd
        lc = None
    else:
        assert solver == "bcd"
        logger.info("Using block coordinate descent")
        l21_solver = _mixed_norm_solver_bcd
        G = np.asfortranarray(G)
        if n_orient == 1:
            lc = np.sum(G * G, axis=0)
        else:
            lc = np.empty(n_positions)
            for j in range(n_positions):
                G_tmp = G[:, (j * n_orient) : ((j + 1) * n_orient)]
                lc[j] = np.linalg.norm(np.dot(G_tmp.T, G_tmp), ord=2)

    if active_set_size is not None:
        E = list()
        highest_d_obj = -np.inf
        if X_init is not None and X_init.shape != (n_dipoles, n_times):
            raise ValueError("Wrong dim for initialized coefficients.")
        active_set = (
            active_set_init
            if active_set_init is not None
            else np.zeros(n_dipoles, dtype=bool)
        )
        idx_large_corr = np.argsort(groups_norm2(np.dot(G.T, M), n_orient))
        new_active_idx = idx_large_corr[-active_set_size:]
        if n_orient > 1:
            new_active_idx = (
                n_orient * new_active_idx[:, None] + np.arange(n_orient)[None, :]
            ).ravel()
        active_set[new_active_idx] = True
        as_size = np.sum(active_set)
        gap = np.inf
        for k in range(maxit):
            if solver == "bcd":
                lc_tmp = lc[active_set[::n_orient]]
            elif solver == "cd":
                lc_tmp = None
            else:
                lc_tmp = 1.01 * np.linalg.norm(G[:, active_set], ord=2) ** 2
            X, as_, _ = l21_solver(
                M,
                G[:, active_set],
                alpha,
                lc_tmp,
                maxit=maxit,
                tol=tol,
                init=X_init,
                n_orient=n_orient,
                dgap_freq=dgap_freq,
            )
            active_set[active_set] = as_.copy()
            idx_old_active_set = np.where(active_set)[0]

            _, p_obj, d_obj, R = dgap_l21(M, G, X, active_set, alpha, n_orient)
            highest_d_obj = max(d_obj, highest_d_obj)
            gap = p_obj - highest_d_obj
            E.append(p_obj)
            logger.info(
                "Iteration %d :: p_obj %f :: dgap %f :: n_active_start %d :: n_active_"
                "end %d",
                k + 1,
                p_obj,
                gap,
                as_size // n_orient,
                np.sum(active_set) // n_orient,
            )
            if gap < tol:
                logger.info(f"Convergence reached ! (gap: {gap} < {tol})")
                break

            # add sources if not last iteration
            if k < (maxit - 1):
                idx_large_corr = np.argsort(groups_norm2(np.dot(G.T, R), n_orient))
                new_active_idx = idx_large_corr[-active_set_size:]
                if n_orient > 1:
                    new_active_idx = (
                        n_orient * new_active_idx[:, None]
                        + np.arange(n_orient)[None, :]
                    )
                    new_active_idx = new_active_idx.ravel()
                active_set[new_active_idx] = True
                idx_active_set = np.where(active_set)[0]
                as_size = np.sum(active_set)
                X_init = np.zeros((as_size, n_times), dtype=X.dtype)
                idx = np.searchsorted(idx_active_set, idx_old_active_set)
                X_init[idx] = X
        else:
            warn(f"Did NOT converge ! (gap: {gap} > {tol})")
    else:
        X, active_set, E = l21_solver(
            M, G, alpha, lc, maxit=maxit, tol=tol, n_orient=n_orient, init=None
        )
        if return_gap:
            gap = dgap_l21(M, G, X, active_set, alpha, n_orient)[0]

    if np.any(active_set) and debias:
        bias = compute_bias(M, G[:, active_set], X, n_orient=n_orient)
        X *= bias[:, np.newaxis]

    logger.info(f"Final active set size: {np.sum(active_set) // n_orient}")

    if return_gap:
        return X, active_set, E, gap
    else:
        return X, active_set, E


# adapted: @verbose dropped (mne's decorator that sets the logging level from `verbose`)
def iterative_mixed_norm_solver(
    M,
    G,
    alpha,
    n_mxne_iter,
    maxit=3000,
    tol=1e-8,
    verbose=None,
    active_set_size=50,
    debias=True,
    n_orient=1,
    dgap_freq=10,
    solver="auto",
    weight_init=None,
):

    def g(w):
        return np.sqrt(np.sqrt(groups_norm2(w.copy(), n_orient)))

    def gprime(w):
        return 2.0 * np.repeat(g(w), n_orient).ravel()

    E = list()

    if weight_init is not None and weight_init.shape != (G.shape[1],):
        raise ValueError(
            f"Wrong dimension for weight initialization. Got {weight_init.shape}. "
            f"Expected {(G.shape[1],)}."
        )

    weights = weight_init if weight_init is not None else np.ones(G.shape[1])
    active_set = weights != 0
    weights = weights[active_set]
    X = np.zeros((G.shape[1], M.shape[1]))

    for k in range(n_mxne_iter):
        X0 = X.copy()
        active_set_0 = active_set.copy()
        G_tmp = G[:, active_set] * weights[np.newaxis, :]

        if active_set_size is not None:
            if np.sum(active_set) > (active_set_size * n_orient):
                X, _active_set, _ = mixed_norm_solver(
                    M,
                    G_tmp,
                    alpha,
                    debias=False,
                    n_orient=n_orient,
                    maxit=maxit,
                    tol=tol,
                    active_set_size=active_set_size,
                    dgap_freq=dgap_freq,
                    solver=solver,
                )
            else:
                X, _active_set, _ = mixed_norm_solver(
                    M,
                    G_tmp,
                    alpha,
                    debias=False,
                    n_orient=n_orient,
                    maxit=maxit,
                    tol=tol,
                    active_set_size=None,
                    dgap_freq=dgap_freq,
                    solver=solver,
                )
        else:
            X, _active_set, _ = mixed_norm_solver(
                M,
                G_tmp,
                alpha,
                debias=False,
                n_orient=n_orient,
                maxit=maxit,
                tol=tol,
                active_set_size=None,
                dgap_freq=dgap_freq,
                solver=solver,
            )

        logger.info("active set size %d", _active_set.sum() / n_orient)

        if _active_set.sum() > 0:
            active_set[active_set] = _active_set
            # Reapply weights to have correct unit
            X *= weights[_active_set][:, np.newaxis]
            weights = gprime(X)
            p_obj = 0.5 * np.linalg.norm(
                M - np.dot(G[:, active_set], X), "fro"
            ) ** 2.0 + alpha * np.sum(g(X))
            E.append(p_obj)

            # Check convergence
            if (
                (k >= 1)
                and np.all(active_set == active_set_0)
                and np.all(np.abs(X - X0) < tol)
            ):
                logger.info("Convergence reached after %d reweightings!", k)
                break
        else:
            active_set = np.zeros_like(active_set)
            p_obj = 0.5 * np.linalg.norm(M) ** 2.0
            E.append(p_obj)
            break

    if np.any(active_set) and debias:
        bias = compute_bias(M, G[:, active_set], X, n_orient=n_orient)
        X *= bias[:, np.newaxis]

    return X, active_set, E


class _Phi:
    def __init__(self, wsize, tstep, n_coefs, n_times):
        self.wsize = np.atleast_1d(wsize)
        self.tstep = np.atleast_1d(tstep)
        self.n_coefs = np.atleast_1d(n_coefs)
        self.n_dicts = len(tstep)
        self.n_freqs = wsize // 2 + 1
        self.n_steps = self.n_coefs // self.n_freqs
        self.n_times = n_times
        # ravel freq+time here
        self.ops = list()
        for ws, ts in zip(self.wsize, self.tstep):
            self.ops.append(
                stft(np.eye(n_times), ws, ts, verbose=False).reshape(n_times, -1)
            )

    def __call__(self, x):  # noqa: D105
        if self.n_dicts == 1:
            return x @ self.ops[0]
        else:
            return np.hstack([x @ op for op in self.ops]) / np.sqrt(self.n_dicts)

    def norm(self, z, ord=2):  # noqa: A002
        if ord not in (1, 2):
            raise ValueError(f"Only supported norm order are 1 and 2. Got ord = {ord}")
        stft_norm = stft_norm1 if ord == 1 else stft_norm2
        norm = 0.0
        if len(self.n_coefs) > 1:
            z_ = np.array_split(np.atleast_2d(z), np.cumsum(self.n_coefs)[:-1], axis=1)
        else:
            z_ = [np.atleast_2d(z)]
        for i in range(len(z_)):
            norm += stft_norm(z_[i].reshape(-1, self.n_freqs[i], self.n_steps[i]))
        return norm


class _PhiT:
    def __init__(self, tstep, n_freqs, n_steps, n_times):
        self.tstep = tstep
        self.n_freqs = n_freqs
        self.n_steps = n_steps
        self.n_times = n_times
        self.n_dicts = len(tstep) if isinstance(tstep, np.ndarray) else 1
        self.n_coefs = list()
        self.op_re = list()
        self.op_im = list()
        for nf, ns, ts in zip(self.n_freqs, self.n_steps, self.tstep):
            nc = nf * ns
            self.n_coefs.append(nc)
            eye = np.eye(nc).reshape(nf, ns, nf, ns)
            self.op_re.append(istft(eye, ts, n_times).reshape(nc, n_times))
            self.op_im.append(istft(eye * 1j, ts, n_times).reshape(nc, n_times))

    def __call__(self, z):  # noqa: D105
        if self.n_dicts == 1:
            return z.real @ self.op_re[0] + z.imag @ self.op_im[0]
        else:
            x_out = np.zeros((z.shape[0], self.n_times))
            z_ = np.array_split(z, np.cumsum(self.n_coefs)[:-1], axis=1)
            for this_z, op_re, op_im in zip(z_, self.op_re, self.op_im):
                x_out += this_z.real @ op_re + this_z.imag @ op_im
            return x_out / np.sqrt(self.n_dicts)


def norm_l21_tf(Z, phi, n_orient, w_space=None):
    if Z.shape[0]:
        l21_norm = np.sqrt(phi.norm(Z, ord=2).reshape(-1, n_orient).sum(axis=1))
        if w_space is not None:
            l21_norm *= w_space
        l21_norm = l21_norm.sum()
    else:
        l21_norm = 0.0
    return l21_norm


def norm_l1_tf(Z, phi, n_orient, w_time):
    if Z.shape[0]:
        n_positions = Z.shape[0] // n_orient
        Z_ = np.sqrt(
            np.sum((np.abs(Z) ** 2.0).reshape((n_orient, -1), order="F"), axis=0)
        )
        Z_ = Z_.reshape((n_positions, -1), order="F")
        if w_time is not None:
            Z_ *= w_time
        l1_norm = phi.norm(Z_, ord=1).sum()
    else:
        l1_norm = 0.0
    return l1_norm


def norm_epsilon(Y, l1_ratio, phi, w_space=1.0, w_time=None):
    # since the solution is invariant to flipped signs in Y, all entries
    # of Y are assumed positive

    # Add negative freqs: count all freqs twice except first and last:
    freqs_count = np.full(len(Y), 2)
    for i, fc in enumerate(np.array_split(freqs_count, np.cumsum(phi.n_coefs)[:-1])):
        fc[: phi.n_steps[i]] = 1
        fc[-phi.n_steps[i] :] = 1

    # exclude 0 weights:
    if w_time is not None:
        nonzero_weights = w_time != 0.0
        Y = Y[nonzero_weights]
        freqs_count = freqs_count[nonzero_weights]
        w_time = w_time[nonzero_weights]

    norm_inf_Y = np.max(Y / w_time) if w_time is not None else np.max(Y)
    if l1_ratio == 1.0:
        # dual norm of L1 weighted is Linf with inverse weights
        return norm_inf_Y
    elif l1_ratio == 0.0:
        # dual norm of L2 is L2
        return np.sqrt(phi.norm(Y[None, :], ord=2).sum())

    if norm_inf_Y == 0.0:
        return 0.0

    # ignore some values of Y by lower bound on dual norm:
    if w_time is None:
        idx = Y > l1_ratio * norm_inf_Y
    else:
        idx = Y > l1_ratio * np.max(
            Y / (w_space * (1.0 - l1_ratio) + l1_ratio * w_time)
        )

    if idx.sum() == 1:
        return norm_inf_Y

    # sort both Y / w_time and freqs_count at the same time
    if w_time is not None:
        idx_sort = np.argsort(Y[idx] / w_time[idx])[::-1]
        w_time = w_time[idx][idx_sort]
    else:
        idx_sort = np.argsort(Y[idx])[::-1]

    Y = Y[idx][idx_sort]
    freqs_count = freqs_count[idx][idx_sort]

    Y = np.repeat(Y, freqs_count)
    if w_time is not None:
        w_time = np.repeat(w_time, freqs_count)

    K = Y.shape[0]
    if w_time is None:
        p_sum_Y2 = np.cumsum(Y**2)
        p_sum_w2 = np.arange(1, K + 1)
        p_sum_Yw = np.cumsum(Y)
        upper = p_sum_Y2 / Y**2 - 2.0 * p_sum_Yw / Y + p_sum_w2
    else:
        p_sum_Y2 = np.cumsum(Y**2)
        p_sum_w2 = np.cumsum(w_time**2)
        p_sum_Yw = np.cumsum(Y * w_time)
        upper = p_sum_Y2 / (Y / w_time) ** 2 - 2.0 * p_sum_Yw / (Y / w_time) + p_sum_w2
    upper_greater = np.where(upper > w_space**2 * (1.0 - l1_ratio) ** 2 / l1_ratio**2)[
        0
    ]

    i0 = upper_greater[0] - 1 if upper_greater.size else K - 1

    p_sum_Y2 = p_sum_Y2[i0]
    p_sum_w2 = p_sum_w2[i0]
    p_sum_Yw = p_sum_Yw[i0]

    denom = l1_ratio**2 * p_sum_w2 - w_space**2 * (1.0 - l1_ratio) ** 2
    if np.abs(denom) < 1e-10:
        return p_sum_Y2 / (2.0 * l1_ratio * p_sum_Yw)
    else:
        delta = (l1_ratio * p_sum_Yw) ** 2 - p_sum_Y2 * denom
        return (l1_ratio * p_sum_Yw - np.sqrt(delta)) / denom


def norm_epsilon_inf(G, R, phi, l1_ratio, n_orient, w_space=None, w_time=None):
    n_positions = G.shape[1] // n_orient
    GTRPhi = np.abs(phi(np.dot(G.T, R)))
    # norm over orientations:
    GTRPhi = GTRPhi.reshape((n_orient, -1), order="F")
    GTRPhi = np.linalg.norm(GTRPhi, axis=0)
    GTRPhi = GTRPhi.reshape((n_positions, -1), order="F")
    nu = 0.0
    for idx in range(n_positions):
        GTRPhi_ = GTRPhi[idx]
        w_t = w_time[idx] if w_time is not None else None
        w_s = w_space[idx] if w_space is not None else 1.0
        norm_eps = norm_epsilon(GTRPhi_, l1_ratio, phi, w_space=w_s, w_time=w_t)
        if norm_eps > nu:
            nu = norm_eps

    return nu


def dgap_l21l1(
    M,
    G,
    Z,
    active_set,
    alpha_space,
    alpha_time,
    phi,
    phiT,
    n_orient,
    highest_d_obj,
    w_space=None,
    w_time=None,
):
    X = phiT(Z)
    GX = np.dot(G[:, active_set], X)
    R = M - GX

    # some functions need w_time only on active_set, other need it completely
    if w_time is not None:
        w_time_as = w_time[active_set[::n_orient]]
    else:
        w_time_as = None
    if w_space is not None:
        w_space_as = w_space[active_set[::n_orient]]
    else:
        w_space_as = None

    penaltyl1 = norm_l1_tf(Z, phi, n_orient, w_time_as)
    penaltyl21 = norm_l21_tf(Z, phi, n_orient, w_space_as)
    nR2 = sum_squared(R)
    p_obj = 0.5 * nR2 + alpha_space * penaltyl21 + alpha_time * penaltyl1

    l1_ratio = alpha_time / (alpha_space + alpha_time)
    dual_norm = norm_epsilon_inf(
        G, R, phi, l1_ratio, n_orient, w_space=w_space, w_time=w_time
    )
    scaling = min(1.0, (alpha_space + alpha_time) / dual_norm)

    d_obj = (scaling - 0.5 * (scaling**2)) * nR2 + scaling * np.sum(R * GX)
    d_obj = max(d_obj, highest_d_obj)

    gap = p_obj - d_obj
    return gap, p_obj, d_obj, R


# --- _transforms_numba.py ---------------------------------------------------------------------------------------------

# adapted: @jit() dropped (mne._numba.jit: numba.jit when numba imports, else the function as it is)
def _quat_to_rot(quat):
    # z = a + bi + cj + dk
    b, c, d = quat[..., 0], quat[..., 1], quat[..., 2]
    bb, cc, dd = b * b, c * c, d * d
    # use max() here to be safe in case roundoff errs put us over
    aa = np.maximum(1.0 - bb - cc - dd, 0.0)
    a = np.sqrt(aa)
    ab_2 = 2 * a * b
    ac_2 = 2 * a * c
    ad_2 = 2 * a * d
    bc_2 = 2 * b * c
    bd_2 = 2 * b * d
    cd_2 = 2 * c * d
    rotation = np.empty(quat.shape[:-1] + (3, 3))
    rotation[..., 0, 0] = aa + bb - cc - dd
    rotation[..., 0, 1] = bc_2 - ad_2
    rotation[..., 0, 2] = bd_2 + ac_2
    rotation[..., 1, 0] = bc_2 + ad_2
    rotation[..., 1, 1] = aa + cc - bb - dd
    rotation[..., 1, 2] = cd_2 - ab_2
    rotation[..., 2, 0] = bd_2 - ac_2
    rotation[..., 2, 1] = cd_2 + ab_2
    rotation[..., 2, 2] = aa + dd - bb - cc
    return rotation


# adapted: @jit() dropped (mne._numba.jit: numba.jit when numba imports, else the function as it is)
def _one_rot_to_quat(rot, *, tol=1e-3):
    # see e.g. http://www.euclideanspace.com/maths/geometry/rotations/
    #                 conversions/matrixToQuaternion/
    det = np.linalg.det(np.reshape(rot, (3, 3)))
    if np.abs(det - 1.0) > tol:
        raise ValueError("Matrix is not a pure rotation, got determinant != 1")
    t = 1.0 + rot[0] + rot[4] + rot[8]
    if t > np.finfo(rot.dtype).eps:
        s = np.sqrt(t) * 2.0
        # qw = 0.25 * s
        qx = (rot[7] - rot[5]) / s
        qy = (rot[2] - rot[6]) / s
        qz = (rot[3] - rot[1]) / s
    elif rot[0] > rot[4] and rot[0] > rot[8]:
        s = np.sqrt(1.0 + rot[0] - rot[4] - rot[8]) * 2.0
        # qw = (rot[7] - rot[5]) / s
        qx = 0.25 * s
        qy = (rot[1] + rot[3]) / s
        qz = (rot[2] + rot[6]) / s
    elif rot[4] > rot[8]:
        s = np.sqrt(1.0 - rot[0] + rot[4] - rot[8]) * 2
        # qw = (rot[2] - rot[6]) / s
        qx = (rot[1] + rot[3]) / s
        qy = 0.25 * s
        qz = (rot[5] + rot[7]) / s
    else:
        s = np.sqrt(1.0 - rot[0] - rot[4] + rot[8]) * 2.0
        # qw = (rot[3] - rot[1]) / s
        qx = (rot[2] + rot[6]) / s
        qy = (rot[5] + rot[7]) / s
        qz = 0.25 * s
    return np.array((qx, qy, qz))


# adapted: @jit() dropped (mne._numba.jit: numba.jit when numba imports, else the function as it is)
def _fit_matched_points(p, x, weights=None, scale=False):
    # Follow notation of P.J. Besl and N.D. McKay, A Method for
    # Registration of 3-D Shapes, IEEE Trans. Patt. Anal. Machine Intell., 14,
    # 239 - 255, 1992.
    #
    # The original method is actually by Horn, Closed-form solution of absolute
    # orientation using unit quaternions, J Opt. Soc. Amer. A vol 4 no 4
    # pp 629-642, Apr. 1987. This paper describes how weights can be
    # easily incorporated, and a uniform scale factor can be computed.
    #
    # Caution: This can be dangerous if there are 3 points, or 4 points in
    #          a symmetric layout, as the geometry can be explained
    #          equivalently under 180 degree rotations.
    #
    # Eventually this can be extended to also handle a uniform scale factor,
    # as well.
    assert p.shape == x.shape
    assert p.ndim == 2
    assert p.shape[1] == 3
    # (weighted) centroids
    weights_ = np.full((p.shape[0], 1), 1.0 / max(p.shape[0], 1))
    if weights is not None:
        weights_[:] = np.reshape(weights / weights.sum(), (weights.size, 1))
    mu_p = np.dot(weights_.T, p)[0]
    mu_x = np.dot(weights_.T, x)[0]
    dots = np.dot(p.T, weights_ * x)
    Sigma_px = dots - np.outer(mu_p, mu_x)  # eq 24
    # x and p should no longer be used
    A_ij = Sigma_px - Sigma_px.T
    Delta = np.array([A_ij[1, 2], A_ij[2, 0], A_ij[0, 1]])
    tr_Sigma_px = np.trace(Sigma_px)
    # "N" in Horn:
    Q = np.empty((4, 4))
    Q[0, 0] = tr_Sigma_px
    Q[0, 1:] = Delta
    Q[1:, 0] = Delta
    Q[1:, 1:] = Sigma_px + Sigma_px.T - tr_Sigma_px * np.eye(3)
    _, v = np.linalg.eigh(Q)  # sorted ascending
    quat = np.empty(6)
    quat[:3] = v[1:, -1]
    if v[0, -1] != 0:
        quat[:3] *= np.sign(v[0, -1])
    rot = _quat_to_rot(quat[:3])
    # scale factor is easy once we know the rotation
    if scale:  # p is "right" (from), x is "left" (to) in Horn 1987
        dev_x = x - mu_x
        dev_p = p - mu_p
        dev_x *= dev_x
        dev_p *= dev_p
        if weights is not None:
            dev_x *= weights_
            dev_p *= weights_
        s = np.sqrt(np.sum(dev_x) / np.sum(dev_p))
    else:
        s = 1.0
    # translation is easy once rotation and scale are known
    quat[3:] = mu_x - s * np.dot(rot, mu_p)
    return quat, s


# --- transforms.py ----------------------------------------------------------------------------------------------------

def apply_trans(trans, pts, move=True):
    if isinstance(trans, dict):
        trans = trans["trans"]
    pts = np.asarray(pts)
    if pts.size == 0:
        return pts.copy()

    # apply rotation & scale
    out_pts = np.dot(pts, trans[:3, :3].T)
    # apply translation
    if move:
        out_pts += trans[:3, 3]

    return out_pts


def rotation(x=0, y=0, z=0):
    r = np.eye(4)
    r[:3, :3] = rotation3d(x=x, y=y, z=z)
    return r


def rotation3d(x=0, y=0, z=0):
    cos_x = np.cos(x)
    cos_y = np.cos(y)
    cos_z = np.cos(z)
    sin_x = np.sin(x)
    sin_y = np.sin(y)
    sin_z = np.sin(z)
    r = np.array(
        [
            [
                cos_y * cos_z,
                -cos_x * sin_z + sin_x * sin_y * cos_z,
                sin_x * sin_z + cos_x * sin_y * cos_z,
            ],
            [
                cos_y * sin_z,
                cos_x * cos_z + sin_x * sin_y * sin_z,
                -sin_x * cos_z + cos_x * sin_y * sin_z,
            ],
            [-sin_y, sin_x * cos_y, cos_x * cos_y],
        ],
        dtype=float,
    )
    return r


def rotation3d_align_z_axis(target_z_axis):
    target_z_axis = target_z_axis / np.linalg.norm(target_z_axis)
    r = np.zeros((3, 3))
    if (1.0 + target_z_axis[2]) < 1e-12:
        r[0, 0] = 1.0
        r[1, 1] = -1.0
        r[2, 2] = -1.0
    else:
        f = 1.0 / (1.0 + target_z_axis[2])
        r[0, 0] = 1.0 - 1.0 * f * target_z_axis[0] * target_z_axis[0]
        r[0, 1] = -1.0 * f * target_z_axis[0] * target_z_axis[1]
        r[0, 2] = target_z_axis[0]
        r[1, 0] = -1.0 * f * target_z_axis[0] * target_z_axis[1]
        r[1, 1] = 1.0 - 1.0 * f * target_z_axis[1] * target_z_axis[1]
        r[1, 2] = target_z_axis[1]
        r[2, 0] = -target_z_axis[0]
        r[2, 1] = -target_z_axis[1]
        r[2, 2] = 1.0 - f * (
            target_z_axis[0] * target_z_axis[0] + target_z_axis[1] * target_z_axis[1]
        )

    # assert that r is a rotation matrix r^t * r = I and det(r) = 1
    assert np.any((r.dot(r.T) - np.identity(3)) < 1e-12)
    assert (np.linalg.det(r) - 1.0) < 1e-12
    # assert that r maps [0 0 1] on the device z axis (target_z_axis)
    assert np.linalg.norm(target_z_axis - r.dot([0, 0, 1])) < 1e-12

    return r


def rotation_angles(m):
    x = np.arctan2(m[2, 1], m[2, 2])
    c2 = np.sqrt(m[0, 0] ** 2 + m[1, 0] ** 2)
    y = np.arctan2(-m[2, 0], c2)
    s1 = np.sin(x)
    c1 = np.cos(x)
    z = np.arctan2(s1 * m[0, 2] - c1 * m[0, 1], c1 * m[1, 1] - s1 * m[1, 2])
    return x, y, z


def translation(x=0, y=0, z=0):
    m = np.array([[1, 0, 0, x], [0, 1, 0, y], [0, 0, 1, z], [0, 0, 0, 1]], dtype=float)
    return m


def get_ras_to_neuromag_trans(nasion, lpa, rpa):
    # check input args
    nasion = np.asarray(nasion)
    lpa = np.asarray(lpa)
    rpa = np.asarray(rpa)
    for pt in (nasion, lpa, rpa):
        if pt.ndim != 1 or len(pt) != 3:
            raise ValueError(
                "Points have to be provided as one dimensional arrays of length 3."
            )

    right = rpa - lpa
    right_unit = right / np.linalg.norm(right)

    origin = lpa + np.dot(nasion - lpa, right_unit) * right_unit

    anterior = nasion - origin
    anterior_unit = anterior / np.linalg.norm(anterior)

    superior_unit = np.cross(right_unit, anterior_unit)

    x, y, z = -origin
    origin_trans = translation(x, y, z)

    trans_l = np.vstack((right_unit, anterior_unit, superior_unit, [0, 0, 0]))
    trans_r = np.reshape([0, 0, 0, 1], (4, 1))
    rot_trans = np.hstack((trans_l, trans_r))

    trans = np.dot(rot_trans, origin_trans)
    return trans


def _cart_to_sph(cart):
    cart = np.atleast_2d(cart)
    assert cart.ndim == 2 and cart.shape[1] == 3, cart.shape
    out = np.empty((len(cart), 3))
    out[:, 0] = np.sqrt(np.sum(cart * cart, axis=1))
    norm = np.where(out[:, 0] > 0, out[:, 0], 1)  # protect against / 0
    out[:, 1] = np.arctan2(cart[:, 1], cart[:, 0])
    out[:, 2] = np.arccos(cart[:, 2] / norm)
    out = np.nan_to_num(out)
    return out


def _sph_to_cart(sph_pts):
    sph_pts = np.atleast_2d(sph_pts)
    assert sph_pts.ndim == 2 and sph_pts.shape[1] == 3
    cart_pts = np.empty((len(sph_pts), 3))
    cart_pts[:, 2] = sph_pts[:, 0] * np.cos(sph_pts[:, 2])
    xy = sph_pts[:, 0] * np.sin(sph_pts[:, 2])
    cart_pts[:, 0] = xy * np.cos(sph_pts[:, 1])
    cart_pts[:, 1] = xy * np.sin(sph_pts[:, 1])
    return cart_pts


def _sph_to_cart_partials(az, pol, g_rad, g_az, g_pol):
    sph_grads = np.c_[g_rad, g_az, g_pol]
    c_as, s_as = np.cos(az), np.sin(az)
    c_ps, s_ps = np.cos(pol), np.sin(pol)
    trans = np.array(
        [
            [c_as * s_ps, -s_as, c_as * c_ps],
            [s_as * s_ps, c_as, c_ps * s_as],
            [c_ps, np.zeros_like(c_as), -s_ps],
        ]
    )
    cart_grads = np.einsum("ijk,kj->ki", trans, sph_grads)
    return cart_grads


def _pol_to_cart(pol):
    out = np.empty((len(pol), 2))
    if pol.shape[1] == 2:  # phi, theta
        out[:, 0] = pol[:, 0] * np.cos(pol[:, 1])
        out[:, 1] = pol[:, 0] * np.sin(pol[:, 1])
    else:  # radial distance, theta, phi
        d = pol[:, 0] * np.sin(pol[:, 2])
        out[:, 0] = d * np.cos(pol[:, 1])
        out[:, 1] = d * np.sin(pol[:, 1])
    return out


def _topo_to_sph(topo):
    assert topo.ndim == 2 and topo.shape[1] == 2
    sph = np.ones((len(topo), 3))
    sph[:, 1] = -np.deg2rad(topo[:, 0])
    sph[:, 2] = np.pi * topo[:, 1]
    return sph


def quat_to_rot(quat):
    # adapted: `from ._transforms_numba import _quat_to_rot` (defined in this module)

    return _quat_to_rot(quat)


def rot_to_quat(rot, *, tol=1e-3):
    # adapted: `from ._transforms_numba import _one_rot_to_quat` (defined in this module)

    rot = rot.reshape(rot.shape[:-2] + (9,))
    return np.apply_along_axis(_one_rot_to_quat, -1, rot, tol=tol)


def _quat_to_affine(quat):
    assert quat.shape == (6,), quat.shape
    affine = np.eye(4)
    affine[:3, :3] = quat_to_rot(quat[:3])
    affine[:3, 3] = quat[3:]
    return affine


def _affine_to_quat(affine, *, name="affine"):
    _validate_type(affine, np.ndarray, name)
    if affine.shape[-2:] != (4, 4):
        raise ValueError(f"{name} must be of shape (..., 4, 4), got {affine.shape}")
    return np.concatenate(
        [rot_to_quat(affine[..., :3, :3]), affine[..., :3, 3]],
        axis=-1,
    )


def angle_distance_between_rigid(a, b=None, *, angle_units="rad", distance_units="m"):
    a = _affine_to_quat(a, name="a")
    b = np.zeros(6) if b is None else _affine_to_quat(b, name="b")
    ang = _angle_between_quats(a[..., :3], b[..., :3])
    dist = np.linalg.norm(a[..., 3:] - b[..., 3:], axis=-1)
    assert isinstance(angle_units, str) and angle_units in ("rad", "deg")
    if angle_units == "deg":
        ang = np.rad2deg(ang)
    assert isinstance(distance_units, str) and distance_units in ("m", "mm")
    if distance_units == "mm":
        dist *= 1e3
    return ang, dist


def _angle_between_quats(x, y=None):
    # z = conj(x) * y
    # conjugate just negates all but the first element in a 4-element quat,
    # so it's just a negative for us
    y = np.zeros(3) if y is None else y
    z = _quat_mult(-x, y)
    z0 = _quat_real(z)
    return 2 * np.arctan2(np.linalg.norm(z, axis=-1), z0)


def _quat_real(quat):
    assert quat.shape[-1] == 3, quat.shape[-1]
    return np.sqrt(
        np.maximum(
            1.0
            - quat[..., 0] * quat[..., 0]
            - quat[..., 1] * quat[..., 1]
            - quat[..., 2] * quat[..., 2],
            0.0,
        )
    )


def _quat_mult(one, two):
    assert one.shape[-1] == two.shape[-1] == 3
    w1 = _quat_real(one)
    w2 = _quat_real(two)
    out = np.empty(np.broadcast(one, two).shape)
    # Most mathematical expressions use this sort of notation
    x1, x2 = one[..., 0], two[..., 0]
    y1, y2 = one[..., 1], two[..., 1]
    z1, z2 = one[..., 2], two[..., 2]
    out[..., 0] = w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2
    out[..., 1] = w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2
    out[..., 2] = w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2
    # only need to compute w because we need signs from it
    w = w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2
    signs = np.sign(w)
    signs = np.where(signs, signs, 1)
    out *= signs[..., np.newaxis]
    return out


def _skew_symmetric_cross(a):
    return np.array([[0.0, -a[2], a[1]], [a[2], 0.0, -a[0]], [-a[1], a[0], 0.0]])


def _find_vector_rotation(a, b):
    # Rodrigues' rotation formula:
    #   https://en.wikipedia.org/wiki/Rodrigues%27_rotation_formula
    #   http://math.stackexchange.com/a/476311
    assert np.isclose(np.linalg.norm(a), 1.0), np.linalg.norm(a)
    assert np.isclose(np.linalg.norm(b), 1.0), np.linalg.norm(b)
    R = np.eye(3)
    v = np.cross(a, b)
    if np.allclose(v, 0.0):  # identical
        return R
    s = np.dot(v, v)  # sine of the angle between them
    c = np.dot(a, b)  # cosine of the angle between them
    vx = _skew_symmetric_cross(v)
    R += vx + np.dot(vx, vx) * (1 - c) / s
    # Now we have: np.allclose(R @ a, b)
    return R


def _average_quats(quats, weights=None):
    assert quats.ndim == 2 and quats.shape[1] in (3, 4)
    if weights is None:
        weights = np.ones(quats.shape[0])
    assert (weights >= 0).all()
    norm = weights.sum()
    if weights.sum() == 0:
        return np.zeros(3)
    weights = weights / norm
    # The naive step here would be:
    #
    #     avg_quat = np.dot(weights, quats[:, :3])
    #
    # But this is not robust to quaternions having sign ambiguity,
    # i.e., q == -q. Thus we instead use the rank 1 update method:
    #
    #     https://arc.aiaa.org/doi/abs/10.2514/1.28949?journalCode=jgcd
    #     https://github.com/tolgabirdal/averaging_quaternions/blob/master/wavg_quaternion_markley.m  # noqa: E501
    #
    # We use unit quats and don't store the last element, so reconstruct it
    # to get our 4-element quaternions:
    quats = np.concatenate((_quat_real(quats)[..., np.newaxis], quats), -1)
    quats *= weights[:, np.newaxis]
    A = np.einsum("ij,ik->jk", quats, quats)  # sum of outer product of each q
    avg_quat = linalg.eigh(A)[1][:, -1]  # largest eigenvector is the avg
    # Same as the largest eigenvector from the concatenation of all as
    # svd(quats, full_matrices=False)[-1][0], but faster.
    #
    # By local convention we take the real term (which we remove from our
    # representation) as positive. Since it can be zero, let's just ensure
    # that the first non-zero element is positive. This shouldn't matter once
    # we go to a rotation matrix, but it's nice for testing to have
    # consistency.
    avg_quat *= np.sign(avg_quat[avg_quat != 0][0])
    avg_quat = avg_quat[1:]
    return avg_quat


def _quat_to_euler(quat):
    euler = np.empty(quat.shape)
    x, y, z = quat[..., 0], quat[..., 1], quat[..., 2]
    w = _quat_real(quat)
    np.arctan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y), out=euler[..., 0])
    np.arcsin(2 * (w * y - x * z), out=euler[..., 1])
    np.arctan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z), out=euler[..., 2])
    return euler


def _euler_to_quat(euler):
    quat = np.empty(euler.shape)
    phi, theta, psi = euler[..., 0] / 2, euler[..., 1] / 2, euler[..., 2] / 2
    cphi, sphi = np.cos(phi), np.sin(phi)
    del phi
    ctheta, stheta = np.cos(theta), np.sin(theta)
    del theta
    cpsi, spsi = np.cos(psi), np.sin(psi)
    del psi
    mult = np.sign(cphi * ctheta * cpsi + sphi * stheta * spsi)
    if np.isscalar(mult):
        mult = 1.0 if mult == 0 else mult
    else:
        mult[mult == 0] = 1.0
    mult = mult[..., np.newaxis]
    quat[..., 0] = sphi * ctheta * cpsi - cphi * stheta * spsi
    quat[..., 1] = cphi * stheta * cpsi + sphi * ctheta * spsi
    quat[..., 2] = cphi * ctheta * spsi - sphi * stheta * cpsi
    quat *= mult
    return quat



# --- wrappers: what the tests do with the functions -------------------------------------------------------------------
def fdr_correction_negcorr(pvals):
    return fdr_correction(pvals, alpha=0.05, method="negcorr")


def ttest_ind_unequal_var(a, b):
    return ttest_ind_no_p(a, b, equal_var=False, sigma=0.1)


def f_oneway_three_groups(a, b, c):
    return f_oneway(a, b, c, sigma=0.1)


def f_twoway_rm(data):
    # test_f_twoway_rm: factor_levels [2, 2], effects "A*B", with and without the sphericity correction
    fvals, pvals = f_mway_rm(data, [2, 2], effects="A*B", correction=True)
    return fvals, pvals, f_threshold_mway_rm(data.shape[0], [2, 2], "A*B")


def peak_finder_minima(x0):
    return peak_finder(x0, extrema=-1)


def rescale_modes(data, times):
    # rescale's modes: mean, ratio, logratio, percent, zscore, on copies of the same epochs
    return [rescale(data, times, (None, 0.0), mode) for mode in ("mean", "ratio", "logratio", "percent", "zscore")]


def rescale_zlogratio_picks(data, times):
    return rescale(data, times, (-0.1, 0.0), "zlogratio", picks=[0, 2])


def check_baseline_adjust(times):
    return _check_baseline((-0.5, None), times, 100.0, on_baseline_outside_data="adjust")


def stft_roundtrip(x):
    # test_stft's random signal: wsize=16, tstep=8; the tight frame keeps the norm
    T = x.shape[1]
    X = stft(x, 16, 8)
    xp = istft(X, 8, Tx=T)
    freqs = stftfreq(16, sfreq=1000)
    return X, xp, freqs, np.sqrt(stft_norm2(X)), stft_norm1(X)


def csd_psd_from_mt(x_mt, y_mt, weights):
    return _psd_from_mt(x_mt, weights), _csd_from_mt(x_mt, y_mt, weights, weights)


def group_norms(A):
    return groups_norm2(A.copy(), 3), norm_l2inf(A, 3), norm_l21(A, 1), norm_l21(A, 3, copy=True)


def dgap_l21_active(M, G, X):
    active_set = np.zeros(G.shape[1], dtype=bool)
    active_set[[0, 4]] = True
    return dgap_l21(M, G, X[active_set], active_set, 1.0, 1)


def mxne_bcd(M, G):
    # test_l21_mxne: solver="bcd", active_set_size=None, return_gap (maxit 100, not 1000)
    # (E, the objective every dgap_freq iterations, is left out: its length is the number of iterations)
    X, active_set, E, gap = mixed_norm_solver(M, G, 1.0, maxit=100, tol=1e-8, active_set_size=None, debias=True,
                                              solver="bcd", return_gap=True)
    return X, active_set, gap


def mxne_bcd_active_set_orient(M, G):
    # test_l21_mxne: active_set_size=2, n_orient=2, solver="bcd"
    X, active_set, E = mixed_norm_solver(M, G, 1.0, 100, 1e-8, active_set_size=2, debias=True, n_orient=2, solver="bcd")
    return X, active_set


def irmxne_bcd(M, G):
    # test_iterative_reweighted_mxne: 5 reweightings, solver="bcd"
    return iterative_mixed_norm_solver(M, G, 1.0, 5, maxit=100, tol=1e-8, active_set_size=None, debias=False,
                                       solver="bcd")


def _norm_epsilon_phi():
    tstep = np.array([2])
    wsize = np.array([4])
    n_times = 10
    n_steps = np.ceil(n_times / tstep.astype(float)).astype(int)
    n_freqs = wsize // 2 + 1
    n_coefs = n_steps * n_freqs
    return _Phi(wsize, tstep, n_coefs, n_times)


def norm_epsilon_branches(Y):
    # test_norm_epsilon: Y = 0, then Y[0] = 2 (one entry over the ratio), l1_ratio 1.0 and 0.0, then Y itself
    phi = _norm_epsilon_phi()
    zeros = np.zeros_like(Y)
    one = zeros.copy()
    one[0] = 2.0
    return (norm_epsilon(zeros, 0.03, phi), norm_epsilon(one, 0.03, phi), norm_epsilon(one, 1.0, phi),
            norm_epsilon(Y, 0.0, phi), norm_epsilon(Y, 0.3, phi))


def norm_epsilon_weighted(Y, w_time):
    phi = _norm_epsilon_phi()
    return norm_epsilon(Y, 0.3, phi, w_space=0.5, w_time=w_time)


def _tf_dictionaries(n_times):
    # test_dgapl21l1's two STFT dictionaries
    tstep, wsize = np.array([4, 2]), np.array([64, 16])
    n_steps = np.ceil(n_times / tstep.astype(float)).astype(int)
    n_freqs = wsize // 2 + 1
    n_coefs = n_steps * n_freqs
    return _Phi(wsize, tstep, n_coefs, n_times), _PhiT(tstep, n_freqs, n_steps, n_times)


def dgap_l21l1_at_alpha_max(M, G):
    # test_dgapl21l1: for alpha = alpha_max, Z = 0 is the solution and the gap is 0
    n_orient = 2
    phi, phiT = _tf_dictionaries(M.shape[1])
    l1_ratio = 0.05
    alpha_max = norm_epsilon_inf(G, M, phi, l1_ratio, n_orient)
    Z = np.zeros([G.shape[1], phi.n_coefs.sum()])
    return alpha_max, dgap_l21l1(M, G, Z, np.ones(G.shape[1], dtype=bool), (1.0 - l1_ratio) * alpha_max,
                                 l1_ratio * alpha_max, phi, phiT, n_orient, -np.inf)


def estimate_rank_singular(data):
    return estimate_rank(data, tol="auto", return_singular=True)


def reg_pinv_regularised(x):
    return _reg_pinv(x, reg=0.1)


def reg_pinv_rank_none(x):
    return _reg_pinv(x, reg=0, rank=None, rcond="auto")


def time_freq_masks(times, freqs):
    return _time_mask(times, -0.1, 0.2, sfreq=100.0), _time_mask(times, None, 0.3), _freq_mask(freqs, 1000.0, 8.0, 30.0)


def rotation_and_angles(x, y, z):
    # test_rotation: rotation(x, y, z) and rotation_angles of it give back the angles
    r = rotation(x, y, z)
    return r, rotation_angles(r), np.dot(translation(x, y, z), r)


def ras_to_neuromag(pts, params):
    # test_get_ras_to_neuromag_trans: move the model points, then transform back
    rx, ry, rz, tx, ty, tz = params
    trans = np.dot(translation(tx, ty, tz), rotation(rx, ry, rz))
    pts_changed = apply_trans(trans, pts)
    nas, lpa, rpa = pts_changed[:3]
    hsp_trans = get_ras_to_neuromag_trans(nas, lpa, rpa)
    return hsp_trans, apply_trans(hsp_trans, pts_changed)


def cart_sph_roundtrip(cart):
    sph = _cart_to_sph(cart)
    return sph, _sph_to_cart(sph)


def pol_topo(pol2, pol3, topo):
    return _pol_to_cart(pol2), _pol_to_cart(pol3), _topo_to_sph(topo)


def quaternion_roundtrip(rot):
    # test_quaternions: quat_to_rot(rot_to_quat(rot)) on the nasty numerical cases
    quat = rot_to_quat(rot)
    return quat, quat_to_rot(quat), _angle_between_quats(quat, np.zeros(3))


def vector_rotations(a, b):
    # test_vector_rotation: rotate x onto y; a vector onto itself returns the identity early
    return _find_vector_rotation(a, b), _find_vector_rotation(a, a)


def average_quats(quats):
    # test_average_quats: the averages of the first 1 .. 5 quaternions
    return [_average_quats(quats[: lim + 1]) for lim in range(len(quats))]


def euler_roundtrip(quats):
    # test_euler
    euler = _quat_to_euler(quats)
    return euler, _euler_to_quat(euler), quat_to_rot(quats)


def fit_matched_points_weighted(fro, quat, translation_):
    # test_fit_matched_points: scaling 0.25 with do_scale, one corrupted point given weight 0
    to = 0.25 * np.dot(_quat_to_rot(quat), fro.T).T + translation_
    to[0, 2] += 100
    weights = np.ones(len(to))
    weights[0] = 0
    return _fit_matched_points(fro, to, weights, scale=True)


def rigid_distance(quat_a, quat_b):
    # test_fit_matched_points: angle_distance_between_rigid(a, b, angle_units="deg") of two affines
    a = _quat_to_affine(quat_a)
    b = _quat_to_affine(quat_b)
    return angle_distance_between_rigid(a, b, angle_units="deg", distance_units="mm")


# --- inputs -----------------------------------------------------------------------------------------------------------
def _pvals(rng):
    """test_multi_pval_correction: one-sample t-test p-values of standard normal data with 10 of the tests shifted by
    4 (10 x 100 x 4 here, not 10 x 1000 x 10)."""
    from scipy import stats

    X = rng.standard_normal((10, 100, 4))
    X[:, :10, 0] += 4.0
    return stats.ttest_1samp(X, 0)[1]


def _twoway_data(rng):
    """test_f_twoway_rm: 20 subjects, 4 conditions (2 x 2), 5 observations each."""
    return rng.standard_normal((20, 4, 5))


def _epochs(rng):
    """Epochs of three channels from -0.2 to 0.5 s at 100 Hz, positive (for the ratio modes)."""
    times = np.arange(-20, 51) / 100.0
    return rng.uniform(1.0, 2.0, size=(4, 3, times.size)), times


def _tapered_spectra(rng, n_signals=2, n_times=128, half_nbw=4.0):
    """_mt_spectra of white noise with scipy's DPSS tapers (psd_array_multitaper's path): the spectra, the eigenvalues
    and a mask of 8-40 Hz at 256 Hz."""
    from scipy.signal.windows import dpss

    tapers, eigvals = dpss(n_times, half_nbw, int(2 * half_nbw), return_ratios=True)
    x = rng.standard_normal((n_signals, n_times))
    x_mt, freqs = _mt_spectra(x, tapers, 256.0)
    return x_mt, eigvals, (freqs >= 8) & (freqs <= 40)


def _two_spectra(rng):
    """Tapered spectra of two noise signals and the fixed weights sqrt(eigvals)[np.newaxis, :, np.newaxis]."""
    x_mt, eigvals, _ = _tapered_spectra(rng)
    y_mt = _tapered_spectra(rng)[0]
    return x_mt, y_mt, np.sqrt(eigvals)[np.newaxis, :, np.newaxis]


def _dpss(n_times=128, half_nbw=4.0):
    from scipy.signal.windows import dpss

    return dpss(n_times, half_nbw, int(2 * half_nbw))


def _mxne_problem(rng):
    """test_l21_mxne: G of 30 x 40 with unit-std columns, X with rows 0 and 4 active (3 and -2), M = G X (t = 20),
    here with a little noise so the two calls differ."""
    G = rng.standard_normal((30, 40))
    G /= np.std(G, axis=0)[None, :]
    X = np.zeros((40, 20))
    X[0] = 3
    X[4] = -2
    return np.dot(G, X) + 0.01 * rng.standard_normal((30, 20)), G, X


def _tf_data(rng):
    """test_mxne_optim's _generate_tf_data: 30 sensors, 40 sources, 64 times; sources 0 and 4 active."""
    n, p, t = 30, 40, 64
    G = rng.standard_normal((n, p))
    G /= np.std(G, axis=0)[None, :]
    X = np.zeros((p, t))
    times = np.linspace(0, 2 * np.pi, t)
    X[0] = np.sin(times)
    X[4] = -2 * np.sin(4 * times)
    X[4, times <= np.pi / 2] = 0
    X[4, times >= np.pi] = 0
    M = np.dot(G, X)
    M += rng.normal(scale=1, size=M.shape)
    return M, G


def _low_rank(rng, n=8, rank=5):
    a = rng.standard_normal((n, rank))
    return a @ a.T


def _unit_quats(rng, n=4):
    """Rotation quaternions (x, y, z; the real part positive and implied) well inside the unit ball."""
    q = rng.uniform(-0.5, 0.5, size=(n, 3))
    return q


def _jitter(rng, values, scale=1e-3):
    return np.asarray(values, dtype=float) + rng.uniform(-scale, scale, size=np.shape(values))


_NASTY_ROTS = np.array([
    [[-0.99978541, -0.01873462, -0.00898756], [-0.01873462, 0.62565561, 0.77987608], [-0.00898756, 0.77987608, -0.62587152]],
    [[0.62565561, -0.01873462, 0.77987608], [-0.01873462, -0.99978541, -0.00898756], [0.77987608, -0.00898756, -0.62587152]],
    [[-0.99978541, -0.00898756, -0.01873462], [-0.00898756, -0.62587152, 0.77987608], [-0.01873462, 0.77987608, 0.62565561]],
])
_SQ2 = 1.0 / np.sqrt(2.0)
_AVG_QUATS = np.array([[0, _SQ2, _SQ2], [0, _SQ2, _SQ2], [0, _SQ2, 0], [0, 0, _SQ2], [_SQ2, 0, 0]], float)
_NEUROMAG_MODEL = [[0, 1, 0], [-1, 0, 0], [0.8, 0, 0], [0, 0, 1]]


def _rotations(rng):
    """test_quaternions' nasty numerical cases and the identity, each turned by a small random rotation (rotation3d
    of tiny angles keeps each in the same branch of _one_rot_to_quat)."""
    small = rotation3d(*rng.uniform(-1e-4, 1e-4, size=3))
    return np.array([small @ r for r in np.concatenate([np.eye(3)[None], _NASTY_ROTS])])


CASES = [
    case(fdr_correction, lambda rng: (_pvals(rng),), M("stats/multi_comp.py", "fdr_correction / _ecdf", "test_multi_pval_correction, method='indep': max(np.nonzero(reject)[0]) under if reject.any()")),
    case(fdr_correction_negcorr, lambda rng: (_pvals(rng),), M("stats/multi_comp.py", "fdr_correction", "method='negcorr'")),
    case(bonferroni_correction, lambda rng: (_pvals(rng),), M("stats/multi_comp.py", "bonferroni_correction", "clip(max=1.0)")),
    case(ttest_1samp_no_p, lambda rng: (rng.standard_normal((10, 50)) + 0.3, 1e-3), M("stats/parametric.py", "ttest_1samp_no_p", "the 'hat' adjustment sigma=1e-3, relative: sigma * np.max(var)")),
    case(ttest_ind_no_p, lambda rng: (rng.standard_normal((12, 30)), rng.standard_normal((9, 30)) + 0.5), M("stats/parametric.py", "ttest_ind_no_p", "equal_var")),
    case(ttest_ind_unequal_var, lambda rng: (rng.standard_normal((12, 30)), 2.0 * rng.standard_normal((9, 30))), M("stats/parametric.py", "ttest_ind_no_p", "Welch's degrees of freedom under np.errstate, np.where(np.isnan(df), 1, df); sigma=0.1")),
    case(f_oneway_three_groups, lambda rng: (rng.standard_normal((8, 20)), rng.standard_normal((10, 20)) + 0.3, rng.standard_normal((6, 20))), M("stats/parametric.py", "f_oneway", "functools.reduce over the groups, sigma=0.1: np.median(msw)")),
    case(f_twoway_rm, lambda rng: (_twoway_data(rng),), M("stats/parametric.py", "f_mway_rm / _map_effects / _get_contrast_indices / _iter_contrasts / f_threshold_mway_rm", "test_f_twoway_rm: np.binary_repr contrasts, scipy.signal.detrend, np.kron, matrix_rank; correction=True: a list comprehension over y; scipy.stats.f sf and isf")),
    case(peak_finder, lambda rng: (np.sin(np.linspace(0, 8 * np.pi, 40)) + 0.1 * rng.standard_normal(40),), M("preprocessing/_peak_finder.py", "peak_finder", "test_peak_finder runs random data (standard_normal(20)); here a noisy sine of four periods, so both calls find four peaks: the while loop over alternating extrema")),
    case(peak_finder_minima, lambda rng: (_jitter(rng, [0, 2, 5, 0, 6, -1, 3, -2, 4, 1]),), M("preprocessing/_peak_finder.py", "peak_finder", "test_peak_finder's values extended, extrema=-1: peak_mags *= -1.0")),
    case(peak_finder, lambda rng: (np.arange(1, 2, 0.05) + rng.uniform(0, 1e-3),), M("preprocessing/_peak_finder.py", "peak_finder", "test_peak_finder's monotonic function: the length <= 2 branch, np.atleast_1d(...).astype('int64')"), name="mne.peak_finder_monotonic"),
    case(rescale_modes, lambda rng: _epochs(rng), M("baseline.py", "rescale / _log_rescale", "baseline (None, 0.0): imax from np.where(times <= bmax)[0]; the mean, ratio, logratio (np.log10(d, out=d)), percent and zscore closures")),
    case(rescale_zlogratio_picks, lambda rng: _epochs(rng), M("baseline.py", "rescale", "zlogratio on picks: fun(data[..., pi, :], mean[..., pi, :]) writes through views")),
    case(check_baseline_adjust, lambda rng: (np.arange(-20, 51) / 100.0 + rng.uniform(0, 1e-4),), M("baseline.py", "_check_baseline", "a baseline starting before the data, on_baseline_outside_data='adjust': comparisons with times[0] and times[-1]")),
    case(stft_roundtrip, lambda rng: (rng.standard_normal((2, 127)),), M("time_frequency/_stft.py", "stft / istft / stftfreq / stft_norm2 / stft_norm1", "test_stft's random signal (T=127, wsize 16, tstep 8): loops over the time steps, scipy.fft rfft / irfft")),
    case(_mt_spectra, lambda rng: (rng.standard_normal((2, 128)), _dpss(), 256.0), M("time_frequency/multitaper.py", "_mt_spectra", "a loop over signals writing x_mt[idx]; x_mt[..., -1] /= sqrt(2) for an even n_fft")),
    case(_psd_from_mt_adaptive, lambda rng: _tapered_spectra(rng), M("time_frequency/multitaper.py", "_psd_from_mt_adaptive / _psd_from_mt", "psd_array_multitaper(adaptive=True)'s step: per signal, up to max_iter iterations with a break on convergence; scipy.integrate.trapezoid")),
    case(csd_psd_from_mt, lambda rng: _two_spectra(rng), M("time_frequency/multitaper.py", "_psd_from_mt / _csd_from_mt", "psd_array_multitaper(adaptive=False)'s weights, the square roots of the eigenvalues")),
    case(group_norms, lambda rng: (rng.standard_normal((12, 5)),), M("inverse_sparse/mxne_optim.py", "groups_norm2 / norm_l2inf / norm_l21", "np.power(A, 2, A) in place; n_orient 1 and 3")),
    case(dgap_l21_active, lambda rng: _mxne_problem(rng), M("inverse_sparse/mxne_optim.py", "dgap_l21 / _primal_l21 / utils.sum_squared", "min(scaling, 1.0) of a value")),
    case(power_iteration_kron, lambda rng: (rng.standard_normal((30, 2)), rng.standard_normal((2, 20))), M("inverse_sparse/mxne_debiasing.py", "power_iteration_kron / utils.check_random_state", "RandomState(0) made inside; for with a break on abs(L - L0) < tol")),
    case(compute_bias, lambda rng: (lambda M_, G, X: (M_, G[:, [0, 4]], 0.8 * X[[0, 4]]))(*_mxne_problem(rng)), M("inverse_sparse/mxne_debiasing.py", "compute_bias / power_iteration_kron", "the debiasing FISTA loop: for ... else with a break on the step")),
    case(mxne_bcd, lambda rng: _mxne_problem(rng)[:2], M("inverse_sparse/mxne_optim.py", "mixed_norm_solver / _mixed_norm_solver_bcd / _bcd / dgap_l21 / compute_bias", "test_l21_mxne's solver='bcd', active_set_size=None: scipy BLAS dgemm writing with overwrite_c")),
    case(mxne_bcd_active_set_orient, lambda rng: _mxne_problem(rng)[:2], M("inverse_sparse/mxne_optim.py", "mixed_norm_solver / _mixed_norm_solver_bcd", "active_set_size=2, n_orient=2: the active-set loop with np.searchsorted")),
    case(irmxne_bcd, lambda rng: _mxne_problem(rng)[:2], M("inverse_sparse/mxne_optim.py", "iterative_mixed_norm_solver / mixed_norm_solver", "test_iterative_reweighted_mxne: reweighting loop with a convergence break")),
    case(norm_epsilon_branches, lambda rng: (rng.uniform(0, 3, size=15),), M("inverse_sparse/mxne_optim.py", "norm_epsilon / _Phi", "test_norm_epsilon's branches: norm_inf_Y == 0, idx.sum() == 1, l1_ratio 1.0 and 0.0, then the cumsum search")),
    case(norm_epsilon_weighted, lambda rng: (rng.uniform(0, 3, size=15), rng.uniform(0.5, 1.5, size=15)), M("inverse_sparse/mxne_optim.py", "norm_epsilon", "w_time given: nonzero_weights mask, np.repeat by freqs_count")),
    case(dgap_l21l1_at_alpha_max, lambda rng: _tf_data(rng), M("inverse_sparse/mxne_optim.py", "dgap_l21l1 / norm_epsilon_inf / norm_epsilon / norm_l1_tf / norm_l21_tf / _Phi / _PhiT", "test_dgapl21l1: two STFT dictionaries, n_orient 2, Z = 0 at alpha_max")),
    case(_estimate_rank_from_s, lambda rng: (np.r_[np.sort(rng.uniform(1, 10, size=5))[::-1], 1e-18, 0.0],), M("rank.py", "_estimate_rank_from_s", "tol='auto'")),
    case(estimate_rank_singular, lambda rng: (rng.standard_normal((6, 5)) @ rng.standard_normal((5, 40)),), M("rank.py", "estimate_rank / utils._compute_row_norms", "norm=True, scipy.linalg.svdvals, return_singular")),
    case(reg_pinv_regularised, lambda rng: (_low_rank(rng),), M("utils/numerics.py", "_reg_pinv / rank._estimate_rank_from_s", "reg=0.1: a second SVD after loading; masked s_inv[mask] = 1.0 / s[mask]")),
    case(reg_pinv_rank_none, lambda rng: (_low_rank(rng),), M("utils/numerics.py", "_reg_pinv", "rank=None, rcond='auto', reg=0 (rank-deficient: the warning path)")),
    case(compute_corr, lambda rng: (rng.standard_normal(30), rng.standard_normal((30, 4))), M("utils/numerics.py", "compute_corr", "y_sd[:, None if X.shape == Y.shape else Ellipsis]")),
    case(time_freq_masks, lambda rng: (np.arange(-20, 51) / 100.0 + rng.uniform(0, 1e-4), np.linspace(0, 500, 257)), M("utils/numerics.py", "_time_mask / _freq_mask", "tmin None: times[0]; int(round(tmin * sfreq)); if raise_error and not mask.any()")),
    case(_mask_to_onsets_offsets, lambda rng: (np.array([1, 1, 0, 0, 1, 0, 1, 1, 1, 0, 0, 1], bool),), M("utils/numerics.py", "_mask_to_onsets_offsets", "if mask[0] / if mask[-1] on values; np.where(diff > 0)[0]")),
    case(rotation_and_angles, lambda rng: tuple(rng.uniform(-1, 1, size=3)), M("transforms.py", "rotation / rotation3d / rotation_angles / translation", "np.array of scalar expressions, dtype=float")),
    case(rotation3d_align_z_axis, lambda rng: (_jitter(rng, [-0.75071668, -0.62183808, 0.22302888]),), M("transforms.py", "rotation3d_align_z_axis", "test_rotation3d_align_z_axis's last axis: element writes, three asserts")),
    case(rotation3d_align_z_axis, lambda rng: (np.array([0.0, 0.0, -1.0]) * rng.uniform(1.0, 2.0),), M("transforms.py", "rotation3d_align_z_axis", "the axis [0, 0, -1] (scaled): the if (1.0 + target_z_axis[2]) < 1e-12 branch"), name="mne.rotation3d_align_z_axis_flip"),
    case(ras_to_neuromag, lambda rng: (np.vstack((_NEUROMAG_MODEL, rng.uniform(-1, 1, (3, 3)))), rng.uniform(-2 * np.pi, 2 * np.pi, 6)), M("transforms.py", "get_ras_to_neuromag_trans / apply_trans / translation / rotation", "test_get_ras_to_neuromag_trans: a loop checking pt.ndim, x, y, z = -origin")),
    case(cart_sph_roundtrip, lambda rng: (np.r_[rng.standard_normal((6, 3)), np.zeros((1, 3))],), M("transforms.py", "_cart_to_sph / _sph_to_cart", "a zero point: np.where(out[:, 0] > 0, ...), np.nan_to_num")),
    case(pol_topo, lambda rng: (rng.uniform(0, 1, (5, 2)), rng.uniform(0, 1, (5, 3)), rng.uniform(-90, 90, (5, 2))), M("transforms.py", "_pol_to_cart / _topo_to_sph", "both branches on pol.shape[1]")),
    case(_sph_to_cart_partials, lambda rng: tuple(rng.uniform(-1, 1, size=(5, 5))), M("transforms.py", "_sph_to_cart_partials", "np.c_, np.zeros_like in a nested np.array, einsum('ijk,kj->ki')")),
    case(quaternion_roundtrip, lambda rng: (_rotations(rng),), M("transforms.py", "rot_to_quat / quat_to_rot / _angle_between_quats / _quat_mult / _quat_real / _transforms_numba._one_rot_to_quat / _quat_to_rot", "test_quaternions' nasty cases: np.apply_along_axis of a function with a four-way if on the matrix entries")),
    case(vector_rotations, lambda rng: (np.array([1.0, 0.0, 0.0]), (lambda v: v / np.linalg.norm(v))(_jitter(rng, [0.0, 1.0, 0.0]))), M("transforms.py", "_find_vector_rotation / _skew_symmetric_cross", "test_vector_rotation; and a vector onto itself: if np.allclose(v, 0.0): return R")),
    case(average_quats, lambda rng: (_AVG_QUATS * rng.uniform(0.99, 1.0),), M("transforms.py", "_average_quats / _quat_real", "test_average_quats: scipy.linalg.eigh, avg_quat[avg_quat != 0][0]")),
    case(euler_roundtrip, lambda rng: (_unit_quats(rng),), M("transforms.py", "_quat_to_euler / _euler_to_quat / quat_to_rot", "test_euler: np.arctan2(..., out=euler[..., 0]); mult[mult == 0] = 1.0")),
    case(fit_matched_points_weighted, lambda rng: (rng.standard_normal((10, 3)), _unit_quats(rng, 1)[0], rng.standard_normal(3)), M("_transforms_numba.py", "_fit_matched_points / _quat_to_rot", "test_fit_matched_points: scale=True, weights with the corrupted point at 0; np.linalg.eigh, if v[0, -1] != 0")),
    case(rigid_distance, lambda rng: (np.r_[_unit_quats(rng, 1)[0], rng.standard_normal(3)], np.r_[_unit_quats(rng, 1)[0], rng.standard_normal(3)]), M("transforms.py", "angle_distance_between_rigid / _quat_to_affine / _affine_to_quat / rot_to_quat / utils._validate_type", "degrees and millimetres: _validate_type(affine, np.ndarray, name)")),
]
