"""tslearn's time-series metrics and transforms (tslearn-team/tslearn, BSD-2-Clause).

Copied from tslearn-team/tslearn at 46586963d332c908ca4a4dc9457e231bb275e703 (its LICENSE is BSD 2-Clause:
"Copyright (c) 2017, Romain Tavenard"; ``soft_dtw_fast.py`` is Mathieu Blondel's, "License: Simplified BSD"),
the files named in each section below. Most of these are tslearn's NumPy-backend kernels, written for
``numba.njit`` (loops over array elements, value-dependent ``if``s, ``min``/``max`` of array elements,
in-place writes into arguments, paths built in a ``while`` loop): the ``@njit`` decorators are removed and the
bodies are as written, comments kept, docstrings dropped. tslearn builds its NumPy and PyTorch variants from one
factory (``__make_dtw(backend)`` returns ``njit(nogil=True)(_dtw_generic)`` for NumPy); the factories are copied
as they are and called with ``numpy`` as tslearn does at import, with ``njit`` a stand-in that returns the
function unchanged, and the module-level names take the values they have when torch is not installed
(``_accumulated_matrix = _njit_accumulated_matrix``, ...). ``prange`` is ``range`` (what ``numba.prange`` is
outside a jitted function) and ``objmode`` (numba's escape to Python inside ``normalized_cc``) is a context
manager that does nothing, which is what running the block in Python means.

Adapted, beyond that:

* tslearn defines ``_njit_accumulated_matrix`` (and ``_njit_soft_dtw``, ``_njit_soft_dtw_grad``, ...) in several
  modules; those of ``_soft_dtw.py`` and ``_frechet.py`` are prefixed ``_sdtw_`` and ``_frechet_`` here, in their
  ``def`` and in the factories that read them (marked ``# renamed``);
* ``soft_dtw_fast.py``'s kernels write into ``R``, ``E`` or ``G`` and return nothing: a two-line wrapper
  (``_returning``) calls each and returns what it wrote;
* ``TimeSeriesImputer`` keeps only its three fill methods (static methods, staged as functions).

Not taken: the public wrappers, which need tslearn's backend objects (``instantiate_backend``, ``be.cdist``) or
joblib (``cdist_dtw``), the scikit-learn estimators, ``cyslopes`` (a scikit-learn ``LinearRegression`` inside
``objmode``) and ``_limited_warping_length_cost`` (its dicts of costs are keyed by path lengths).

The inputs are what tslearn's public functions pass these kernels: ``(sz, d)`` float time series, boolean
masks from the copied ``_njit_compute_mask`` (Sakoe-Chiba or Itakura), the ``R``/``E`` arrays ``SoftDTW`` allocates
(``(m + 2, n + 2)`` zeros), SAX symbols as int arrays with the breakpoints of the copied ``_breakpoints`` and
``_bin_medians``, and time series with NaN gaps for the imputers.
"""

# ruff: noqa: E741
from __future__ import annotations

import contextlib

import numpy
import numpy as np
from numpy.lib.stride_tricks import as_strided
from scipy.stats import norm

from tests.coverage.cases import TSLEARN, Source, case


def TSL(path: str, original: str, note: str = "") -> Source:
    return Source(TSLEARN, "tslearn/" + path, original, note)


def njit(*args, **kwargs):
    """numba.njit stand-in: the kernels run as Python."""
    return lambda fn: fn


prange = range  # numba.prange, outside a jitted function


@contextlib.contextmanager
def objmode(**types):
    """numba.objmode stand-in: outside numba, the block already runs in Python."""
    yield


DBL_MAX = np.finfo("double").max  # soft_dtw_fast.py


# --- tslearn/metrics/_masks.py ---------------------------------------------------------------------------
def __make_sakoe_chiba_mask(backend):

    def _sakoe_chiba_mask_generic(sz1, sz2, radius=1):
        mask = backend.full((sz1, sz2), False)
        if sz1 > sz2:
            width = sz1 - sz2 + radius
            for i in range(sz2):
                lower = max(0, i - radius)
                upper = min(sz1, i + width) + 1
                mask[lower:upper, i] = True
        else:
            width = sz2 - sz1 + radius
            for i in range(sz1):
                lower = max(0, i - radius)
                upper = min(sz2, i + width) + 1
                mask[i, lower:upper] = True
        return mask
    if backend is numpy:
        return njit(nogil=True)(_sakoe_chiba_mask_generic)
    else:
        return _sakoe_chiba_mask_generic


_njit_sakoe_chiba_mask = __make_sakoe_chiba_mask(numpy)
_sakoe_chiba_mask = _njit_sakoe_chiba_mask


def __make_itakura_mask(backend):

    def _itakura_mask_generic(sz1, sz2, max_slope=2.0):
        min_slope = 1 / float(max_slope)
        max_slope *= float(sz1) / float(sz2)
        min_slope *= float(sz1) / float(sz2)

        lower_bound = backend.empty((2, sz2))
        lower_bound[0] = min_slope * backend.arange(sz2)
        lower_bound[1] = (sz1 - 1) - max_slope * (sz2 - 1) + max_slope * backend.arange(sz2)
        lower_bound_ = backend.empty(sz2)
        for i in range(sz2):
            lower_bound_[i] = max(
                backend.round(lower_bound[0, i], decimals=2),
                backend.round(lower_bound[1, i], decimals=2)
            )
        lower_bound_ = backend.ceil(lower_bound_)

        upper_bound = backend.empty((2, sz2))
        upper_bound[0] = max_slope * backend.arange(sz2)
        upper_bound[1] = (sz1 - 1) - min_slope * (sz2 - 1) + min_slope * backend.arange(sz2)
        upper_bound_ = backend.empty(sz2)
        for i in range(sz2):
            upper_bound_[i] = min(
                backend.round(upper_bound[0, i], decimals=2),
                backend.round(upper_bound[1, i], decimals=2)
            )
        upper_bound_ = backend.floor(upper_bound_ + 1)

        mask = backend.full((sz1, sz2), False)
        for i in range(sz2):
            mask[int(lower_bound_[i]): int(upper_bound_[i]), i] = True

        # Post-check
        raise_warning = False
        for i in range(sz1):
            if not backend.any(mask[i]):
                raise_warning = True
                break
        if not raise_warning:
            for j in range(sz2):
                if not backend.any(mask[:, j]):
                    raise_warning = True
                    break
        if raise_warning:
            raise RuntimeWarning(
                "'itakura_max_slope' constraint is unfeasible "
                "(ie. leads to no admissible path) for the "
                "provided time series sizes",
            )

        return mask

    if backend is numpy:
        return njit(nogil=True)(_itakura_mask_generic)
    else:
        return _itakura_mask_generic


_njit_itakura_mask = __make_itakura_mask(numpy)
_itakura_mask = _njit_itakura_mask


def __make_compute_mask(backend):
    if backend is numpy:
        sakoe_chiba_mask_ = _njit_sakoe_chiba_mask
        itakura_mask_ = _njit_itakura_mask
    else:
        sakoe_chiba_mask_ = _sakoe_chiba_mask
        itakura_mask_ = _itakura_mask

    def _compute_mask_generic(
            sz1,
            sz2,
            global_constraint=0,
            sakoe_chiba_radius=None,
            itakura_max_slope=None,
    ):
        if (
                global_constraint == 0
                and sakoe_chiba_radius is not None
                and itakura_max_slope is not None
        ):
            raise RuntimeWarning(
                "global_constraint is not set for DTW, but both "
                "sakoe_chiba_radius and itakura_max_slope are "
                "set, hence global_constraint cannot be inferred "
                "and no global constraint will be used."
            )
        if global_constraint == 2 or (
                global_constraint == 0 and sakoe_chiba_radius is not None
        ):
            if sakoe_chiba_radius is None:
                sakoe_chiba_radius = 1
            mask = sakoe_chiba_mask_(sz1, sz2, radius=sakoe_chiba_radius)

        elif global_constraint == 1 or (
                global_constraint == 0 and itakura_max_slope is not None
        ):
            if itakura_max_slope is None:
                itakura_max_slope = 2.0
            mask = itakura_mask_(sz1, sz2, max_slope=itakura_max_slope)
        else:
            mask = backend.full((sz1, sz2), True)
        return mask
    if backend is numpy:
        return njit(nogil=True)(_compute_mask_generic)
    else:
        return _compute_mask_generic


_njit_compute_mask = __make_compute_mask(numpy)
_compute_mask = _njit_compute_mask


# --- tslearn/metrics/utils.py ----------------------------------------------------------------------------
def __make_compute_path(backend):

    def _compute_path_generic(acc_cost_mat):
        sz1, sz2 = acc_cost_mat.shape
        path = [(sz1 - 1, sz2 - 1)]
        while path[-1] != (0, 0):
            i, j = path[-1]
            if i == 0:
                path.append((0, j - 1))
            elif j == 0:
                path.append((i - 1, 0))
            else:
                arr = backend.array(
                    [
                        acc_cost_mat[i - 1][j - 1],
                        acc_cost_mat[i - 1][j],
                        acc_cost_mat[i][j - 1],
                    ]
                )
                argmin = backend.argmin(arr)
                if argmin == 0:
                    path.append((i - 1, j - 1))
                elif argmin == 1:
                    path.append((i - 1, j))
                else:
                    path.append((i, j - 1))
        return path[::-1]
    if backend is numpy:
        return njit(nogil=True)(_compute_path_generic)
    else:
        return _compute_path_generic


_njit_compute_path = __make_compute_path(numpy)
_compute_path = _njit_compute_path


# --- tslearn/metrics/_dtw.py -----------------------------------------------------------------------------
def _njit_accumulated_matrix(s1, s2, mask):
    l1 = s1.shape[0]
    l2 = s2.shape[0]
    cum_sum = numpy.full((l1 + 1, l2 + 1), numpy.inf)
    cum_sum[0, 0] = 0.0

    for i in range(l1):
        for j in range(l2):
            if mask[i, j]:
                dist = 0.0
                for di in range(s1[i].shape[0]):
                    diff = s1[i][di] - s2[j][di]
                    dist += diff * diff
                cum_sum[i + 1, j + 1] = dist
                cum_sum[i + 1, j + 1] += min(
                    cum_sum[i, j + 1],
                    cum_sum[i + 1, j],
                    cum_sum[i, j]
                )
    return cum_sum[1:, 1:]


_accumulated_matrix = _njit_accumulated_matrix


def _njit_acc_matrix_from_dist_matrix(D, mask):
    l1, l2 = D.shape
    cum_sum = numpy.full((l1 + 1, l2 + 1), numpy.inf)
    cum_sum[0, 0] = 0.0

    for i in range(l1):
        for j in range(l2):
            if mask[i, j]:
                cum_sum[i + 1, j + 1] = D[i, j]
                cum_sum[i + 1, j + 1] += min(
                    cum_sum[i, j + 1],
                    cum_sum[i + 1, j],
                    cum_sum[i, j]
                )
    return cum_sum[1:, 1:]


def __make_dtw(backend):
    if backend is numpy:
        compute_mask_ = _njit_compute_mask
        accumulated_matrix_ = _njit_accumulated_matrix
    else:
        compute_mask_ = _compute_mask
        accumulated_matrix_ = _accumulated_matrix

    def _dtw_generic(
        s1,
        s2,
        global_constraint=0,
        sakoe_chiba_radius=None,
        itakura_max_slope=None,
    ):
        mask = compute_mask_(s1.shape[0], s2.shape[0], global_constraint, sakoe_chiba_radius, itakura_max_slope)
        cum_sum = accumulated_matrix_(s1, s2, mask)
        return backend.sqrt(cum_sum[-1, -1])

    if backend is numpy:
        return njit(nogil=True)(_dtw_generic)
    else:
        return _dtw_generic


_njit_dtw = __make_dtw(numpy)


def __make_dtw_path(backend):
    if backend is numpy:
        compute_mask_ = _njit_compute_mask
        accumulated_matrix_ = _njit_accumulated_matrix
        compute_path_ = _njit_compute_path
    else:
        compute_mask_ = _compute_mask
        accumulated_matrix_ = _accumulated_matrix
        compute_path_ = _compute_path

    def _dtw_path_generic(
        s1,
        s2,
        global_constraint=0,
        sakoe_chiba_radius=None,
        itakura_max_slope=None,
    ):
        mask = compute_mask_(s1.shape[0], s2.shape[0], global_constraint, sakoe_chiba_radius, itakura_max_slope)
        cum_sum = accumulated_matrix_(s1, s2, mask)
        path = compute_path_(cum_sum)
        return backend.sqrt(cum_sum[-1, -1]), path

    if backend is numpy:
        return njit(nogil=True)(_dtw_path_generic)
    else:
        return _dtw_path_generic


_njit_dtw_path = __make_dtw_path(numpy)


# --- tslearn/metrics/soft_dtw_fast.py --------------------------------------------------------------------
def _njit_softmin3(a, b, c, gamma):
    a /= -gamma
    b /= -gamma
    c /= -gamma

    max_val = max(max(a, b), c)

    tmp = 0
    tmp += np.exp(a - max_val)
    tmp += np.exp(b - max_val)
    tmp += np.exp(c - max_val)
    softmin_value = -gamma * (np.log(tmp) + max_val)
    return softmin_value


def _njit_soft_dtw(D, R, gamma):
    m = D.shape[0]
    n = D.shape[1]

    # Initialization.
    R[: m + 1, 0] = DBL_MAX
    R[0, : n + 1] = DBL_MAX
    R[0, 0] = 0

    # DP recursion.
    for i in range(1, m + 1):
        for j in range(1, n + 1):
            # D is indexed starting from 0.
            R[i, j] = D[i - 1, j - 1] + _njit_softmin3(
                R[i - 1, j], R[i - 1, j - 1], R[i, j - 1], gamma
            )


def _njit_soft_dtw_grad(D, R, E, gamma):
    m = D.shape[0] - 1
    n = D.shape[1] - 1

    # Initialization.
    D[:m, n] = 0
    D[m, :n] = 0
    R[1 : m + 1, n + 1] = -DBL_MAX
    R[m + 1, 1 : n + 1] = -DBL_MAX

    E[m + 1, n + 1] = 1
    R[m + 1, n + 1] = R[m, n]
    D[m, n] = 0

    for j in range(n, 0, -1):  # ranges from n to 1
        for i in range(m, 0, -1):  # ranges from m to 1
            a = np.exp((R[i + 1, j] - R[i, j] - D[i, j - 1]) / gamma)
            b = np.exp((R[i, j + 1] - R[i, j] - D[i - 1, j]) / gamma)
            c = np.exp((R[i + 1, j + 1] - R[i, j] - D[i, j]) / gamma)
            E[i, j] = E[i + 1, j] * a + E[i, j + 1] * b + E[i + 1, j + 1] * c


def _jacobian_product_sq_euc(X, Y, E, G):
    m = X.shape[0]
    n = Y.shape[0]
    d = X.shape[1]

    for i in range(m):
        for j in range(n):
            for k in range(d):
                G[i, k] += E[i, j] * 2 * (X[i, k] - Y[j, k])


# --- tslearn/metrics/_soft_dtw.py ------------------------------------------------------------------------
def _sdtw_njit_accumulated_matrix(s1, s2, mask, gamma):  # renamed: _njit_accumulated_matrix
    l1 = s1.shape[0]
    l2 = s2.shape[0]
    cum_sum = numpy.full((l1 + 1, l2 + 1), numpy.inf)
    cum_sum[0, 0] = 0.0

    for i in range(l1):
        for j in range(l2):
            if mask[i, j]:
                dist = 0.0
                for di in range(s1[i].shape[0]):
                    diff = s1[i][di] - s2[j][di]
                    dist += diff * diff
                cum_sum[i + 1, j + 1] = dist
                cum_sum[i + 1, j + 1] += _njit_softmin3(
                    cum_sum[i, j + 1],
                    cum_sum[i + 1, j],
                    cum_sum[i, j],
                    gamma
                )
    return cum_sum[1:, 1:]


_sdtw_accumulated_matrix = _sdtw_njit_accumulated_matrix  # renamed: _accumulated_matrix


def _njit_accumulated_matrix_from_distance_matrix(D, mask, gamma, out=None):
    l1, l2 = D.shape
    if out is not None:
        cum_sum = out
        out[...] = numpy.inf
    else:
        cum_sum = numpy.full((l1, l2), numpy.inf, dtype=D.dtype)

    for i in range(l1):
        for j in range(l2):
            if mask[i, j]:
                cum_sum[i, j] = D[i, j]
                if (i + j) != 0:
                    cum_sum[i, j] += _njit_softmin3(
                        cum_sum[i - 1, j] if i != 0 else numpy.inf,
                        cum_sum[i, j - 1] if j != 0 else numpy.inf,
                        cum_sum[i - 1, j - 1] if i*j != 0 else numpy.inf,
                        gamma
                    )

    return cum_sum


def __make_soft_dtw(backend):
    if backend is numpy:
        compute_mask_ = _njit_compute_mask
        accumulated_matrix_ = _sdtw_njit_accumulated_matrix  # renamed
    else:
        compute_mask_ = _compute_mask
        accumulated_matrix_ = _sdtw_accumulated_matrix  # renamed

    def _soft_dtw_generic(
        s1,
        s2,
        gamma,
        global_constraint=0,
        sakoe_chiba_radius=None,
        itakura_max_slope=None,
    ):
        mask = compute_mask_(s1.shape[0], s2.shape[0], global_constraint, sakoe_chiba_radius, itakura_max_slope)
        cum_sum = accumulated_matrix_(s1, s2, mask, gamma=gamma)
        return cum_sum[-1, -1]

    if backend is numpy:
        return njit(nogil=True)(_soft_dtw_generic)
    else:
        return _soft_dtw_generic


_sdtw_njit_soft_dtw = __make_soft_dtw(numpy)  # renamed: _njit_soft_dtw
_soft_dtw = _sdtw_njit_soft_dtw


def __make_soft_dtw_normalized(backend):
    if backend is numpy:
        soft_dtw_ = _sdtw_njit_soft_dtw  # renamed: _njit_soft_dtw
    else:
        soft_dtw_ = _soft_dtw

    def _soft_dtw_normalized_generic(
            s1,
            s2,
            gamma,
            global_constraint=0,
            sakoe_chiba_radius=None,
            itakura_max_slope=None,
    ):
        return soft_dtw_(
            s1,
            s2,
            gamma,
            global_constraint,
            sakoe_chiba_radius,
            itakura_max_slope
        ) - 0.5 * (
                soft_dtw_(
                    s1,
                    s1,
                    gamma,
                    global_constraint,
                    sakoe_chiba_radius,
                    itakura_max_slope
                ) + soft_dtw_(
                    s2,
                    s2,
                    gamma,
                    global_constraint,
                    sakoe_chiba_radius,
                    itakura_max_slope
                )
        )

    if backend is numpy:
        return njit(nogil=True)(_soft_dtw_normalized_generic)
    else:
        return _soft_dtw_normalized_generic


_njit_soft_dtw_normalized = __make_soft_dtw_normalized(numpy)


def __make_soft_dtw_grad(backend):

    def _soft_dtw_grad_generic(D, R, gamma, out=None):
        m, n = D.shape
        if out is not None:
            E = out
        else:
            E = backend.empty((m, n), dtype=D.dtype)
        E[-1, -1] = 1

        for j in range(n, 0, -1):  # ranges from n to 1
            for i in range(m, 0, -1):  # ranges from m to 1
                if j == n and i == m:
                    continue
                r_i_j_minus_1 = R[i, j - 1] if i != m else -backend.inf
                r_i_minus_1_j = R[i - 1, j] if j != n else -backend.inf
                r_i_j = R[i, j] if i != m and j != n else -backend.inf
                d_i_j_minus_1 = D[i, j - 1] if i != m else 0
                d_i_minus_1_j = D[i - 1, j] if j != n else 0
                d_i_j = D[i, j] if i != m and j != n else 0
                a = backend.exp((r_i_j_minus_1 - R[i - 1, j - 1] - d_i_j_minus_1) / gamma)
                b = backend.exp((r_i_minus_1_j - R[i - 1, j - 1] - d_i_minus_1_j) / gamma)
                c = backend.exp((r_i_j - R[i - 1, j - 1] - d_i_j) / gamma)
                if backend.isnan(a):
                    a = 0
                if backend.isnan(b):
                    b = 0
                if backend.isnan(c):
                    c = 0
                e_i_j_minus_1 = E[i, j - 1] if i != m else 0
                e_i_minus_1_j = E[i - 1, j] if j != n else 0
                e_i_j = E[i, j] if i != m and j != n else 0
                E[i - 1, j - 1] = e_i_j_minus_1 * a + e_i_minus_1_j * b + e_i_j * c

        return E

    if backend is numpy:
        return njit(nogil=True)(_soft_dtw_grad_generic)
    else:
        return _soft_dtw_grad_generic


_sdtw_njit_soft_dtw_grad = __make_soft_dtw_grad(numpy)  # renamed: _njit_soft_dtw_grad


# --- tslearn/metrics/_frechet.py -------------------------------------------------------------------------
def _frechet_njit_accumulated_matrix(s1, s2, mask):  # renamed: _njit_accumulated_matrix

    l1, l2 = s1.shape[0], s2.shape[0]

    acc_matrix = numpy.full((l1 + 1, l2 + 1), numpy.inf)
    acc_matrix[0, 0] = 0

    for i in range(l1):
        for j in range(l2):
            if mask[i, j]:
                dist = 0.0
                for di in range(s1[i].shape[0]):
                    diff = s1[i][di] - s2[j][di]
                    dist += diff * diff
                acc_matrix[i + 1, j + 1] = max(
                    dist,
                    min(acc_matrix[i, j + 1],
                        acc_matrix[i + 1, j],
                        acc_matrix[i, j])
                )

    return acc_matrix[1:, 1:]


# --- tslearn/metrics/_gak.py -----------------------------------------------------------------------------
def __make_gak_from_gram_matrix(backend):

    def _gak_from_gram_matrix_generic(
        gram
    ):

        sz1, sz2 = gram.shape

        cum_sum = backend.zeros((sz1 + 1, sz2 + 1), dtype=gram.dtype)
        cum_sum[0, 0] = 1.0

        for i in range(sz1):
            for j in range(sz2):
                cum_sum[i + 1, j + 1] = (
                    cum_sum[i, j + 1] + cum_sum[i + 1, j] + cum_sum[i, j]
                ) * gram[i, j]

        return cum_sum[-1, -1]

    if backend is numpy:
        return njit(nogil=True)(_gak_from_gram_matrix_generic)
    else:
        return _gak_from_gram_matrix_generic


_njit_gak_from_gram_matrix = __make_gak_from_gram_matrix(numpy)


# --- tslearn/metrics/dtw_variants.py ---------------------------------------------------------------------
def _njit_local_squared_dist(x, y):
    dist = 0.0
    for di in range(x.shape[0]):
        diff = x[di] - y[di]
        dist += diff * diff
    return dist


def _njit_subsequence_cost_matrix(subseq, longseq):
    l1 = subseq.shape[0]
    l2 = longseq.shape[0]
    cum_sum = numpy.full((l1 + 1, l2 + 1), numpy.inf)
    cum_sum[0, :] = 0.0

    for i in range(l1):
        for j in range(l2):
            cum_sum[i + 1, j + 1] = _njit_local_squared_dist(subseq[i], longseq[j])
            cum_sum[i + 1, j + 1] += min(
                cum_sum[i, j + 1], cum_sum[i + 1, j], cum_sum[i, j]
            )
    return cum_sum[1:, 1:]


def _njit_subsequence_path(acc_cost_mat, idx_path_end):
    sz1, sz2 = acc_cost_mat.shape
    path = [(sz1 - 1, idx_path_end)]
    while path[-1][0] != 0:
        i, j = path[-1]
        if i == 0:
            path.append((0, j - 1))
        elif j == 0:
            path.append((i - 1, 0))
        else:
            arr = numpy.array(
                [
                    acc_cost_mat[i - 1][j - 1],
                    acc_cost_mat[i - 1][j],
                    acc_cost_mat[i][j - 1],
                ]
            )
            argmin = numpy.argmin(arr)
            if argmin == 0:
                path.append((i - 1, j - 1))
            elif argmin == 1:
                path.append((i - 1, j))
            else:
                path.append((i, j - 1))
    return path[::-1]


def _njit_lb_envelope(time_series, radius):
    sz, d = time_series.shape
    envelope_up = numpy.empty((sz, d))
    envelope_down = numpy.empty((sz, d))

    for i in prange(sz):
        min_idx = i - radius
        max_idx = i + radius + 1
        if min_idx < 0:
            min_idx = 0
        if max_idx > sz:
            max_idx = sz
        for di in prange(d):
            envelope_down[i, di] = numpy.min(time_series[min_idx:max_idx, di])
            envelope_up[i, di] = numpy.max(time_series[min_idx:max_idx, di])

    return envelope_down, envelope_up


def njit_lcss_accumulated_matrix(s1, s2, eps, mask):
    l1 = s1.shape[0]
    l2 = s2.shape[0]
    acc_cost_mat = numpy.full((l1 + 1, l2 + 1), 0)

    for i in range(1, l1 + 1):
        for j in range(1, l2 + 1):
            if mask[i - 1, j - 1]:
                if numpy.sqrt(_njit_local_squared_dist(s1[i - 1], s2[j - 1])) <= eps:
                    acc_cost_mat[i][j] = 1 + acc_cost_mat[i - 1][j - 1]
                else:
                    acc_cost_mat[i][j] = max(
                        acc_cost_mat[i][j - 1], acc_cost_mat[i - 1][j]
                    )

    return acc_cost_mat


def _njit_lcss(s1, s2, eps, mask):
    l1 = s1.shape[0]
    l2 = s2.shape[0]
    acc_cost_mat = njit_lcss_accumulated_matrix(s1, s2, eps, mask)

    return float(acc_cost_mat[-1][-1]) / min([l1, l2])


def _njit_return_lcss_path(s1, s2, eps, mask, acc_cost_mat, sz1, sz2):
    i, j = (sz1, sz2)
    path = []

    while i > 0 and j > 0:
        if numpy.isfinite(mask[i - 1, j - 1]):
            if numpy.sqrt(_njit_local_squared_dist(s1[i - 1], s2[j - 1])) <= eps:
                path.append((i - 1, j - 1))
                i, j = (i - 1, j - 1)
            elif acc_cost_mat[i - 1][j] > acc_cost_mat[i][j - 1]:
                i = i - 1
            else:
                j = j - 1
    return path[::-1]


# --- tslearn/metrics/cycc.py -----------------------------------------------------------------------------
def normalized_cc(s1, s2, norm1=-1.0, norm2=-1.0):
    assert s1.shape[1] == s2.shape[1]
    sz = s1.shape[0]
    n_bits = 1 + int(np.log2(2 * sz - 1))
    fft_sz = 2**n_bits

    if norm1 < 0.0:
        norm1 = np.linalg.norm(s1)
    if norm2 < 0.0:
        norm2 = np.linalg.norm(s2)

    denom = norm1 * norm2
    if denom < 1e-9:  # To avoid NaNs
        denom = np.inf

    with objmode(cc="float64[:, :]"):
        cc = np.real(
            np.fft.ifft(
                np.fft.fft(s1, fft_sz, axis=0)
                * np.conj(np.fft.fft(s2, fft_sz, axis=0)),
                axis=0,
            )
        )
    cc = np.vstack((cc[-(sz - 1) :], cc[:sz]))
    norm_cc = np.real(cc).sum(axis=-1) / denom
    return norm_cc


def cdist_normalized_cc(dataset1, dataset2, norms1, norms2, self_similarity):
    n_ts1, sz, d = dataset1.shape
    n_ts2 = dataset2.shape[0]
    assert d == dataset2.shape[2]
    dists = np.zeros((n_ts1, n_ts2))

    if (norms1 < 0.0).any():
        for i_ts1 in prange(n_ts1):
            norms1[i_ts1] = np.linalg.norm(dataset1[i_ts1, ...])
    if (norms2 < 0.0).any():
        for i_ts2 in prange(n_ts2):
            norms2[i_ts2] = np.linalg.norm(dataset2[i_ts2, ...])
    if self_similarity:
        for i in prange(1, n_ts1):
            for j in range(i):
                dists[i, j] = normalized_cc(
                    dataset1[i], dataset2[j], norm1=norms1[i], norm2=norms2[j]
                ).max()
        dists += dists.T
    else:
        for i in prange(n_ts1):
            for j in range(n_ts2):
                dists[i, j] = normalized_cc(
                    dataset1[i], dataset2[j], norm1=norms1[i], norm2=norms2[j]
                ).max()
    return dists


def y_shifted_sbd_vec(ref_ts, dataset, norm_ref, norms_dataset):
    n_ts = dataset.shape[0]
    sz = dataset.shape[1]
    d = dataset.shape[2]
    assert sz == ref_ts.shape[0] and d == ref_ts.shape[1]
    dataset_shifted = np.zeros((n_ts, sz, d))

    if norm_ref < 0:
        norm_ref = np.linalg.norm(ref_ts)
    if (norms_dataset < 0.0).any():
        for i_ts in prange(n_ts):
            norms_dataset[i_ts] = np.linalg.norm(dataset[i_ts, ...])

    for i in prange(n_ts):
        cc = normalized_cc(ref_ts, dataset[i], norm1=norm_ref, norm2=norms_dataset[i])
        idx = np.argmax(cc)
        shift = idx + 1 - sz
        if shift > 0:
            dataset_shifted[i, shift:] = dataset[i, :-shift, :]
        elif shift < 0:
            dataset_shifted[i, :shift] = dataset[i, -shift:, :]
        else:
            dataset_shifted[i] = dataset[i]

    return dataset_shifted


# --- tslearn/metrics/cysax.py ----------------------------------------------------------------------------
def cydist_sax(sax1, sax2, breakpoints, original_size):
    assert sax1.shape == sax2.shape
    s = 0.0
    sz, d = sax1.shape
    for t in prange(sz):
        for di in range(d):
            if np.abs(sax1[t, di] - sax2[t, di]) > 1:
                max_symbol = max(sax1[t, di], sax2[t, di])
                min_symbol = min(sax1[t, di], sax2[t, di])
                s += (breakpoints[max_symbol - 1] - breakpoints[min_symbol]) ** 2
    dist_sax = np.sqrt(s * float(original_size) / sz)

    return dist_sax


def inv_transform_sax(dataset_sax, breakpoints_middle_, original_size):
    n_ts, sz, d = dataset_sax.shape
    seg_sz = original_size // sz
    dataset_out = np.zeros((n_ts, original_size, d))

    for i in prange(n_ts):
        for t in range(sz):
            t0 = t * seg_sz
            dataset_out[i, t0 : t0 + seg_sz, :] = breakpoints_middle_[
                dataset_sax[i, t, :]
            ]
    return dataset_out


def cydist_1d_sax(
    sax1, sax2, breakpoints_avg_middle_, breakpoints_slope_middle_, original_size
):
    sz, d_1d_sax = sax1.shape
    assert sz == sax2.shape[0] and d_1d_sax == sax2.shape[1]
    s = 0.0
    d = d_1d_sax // 2
    seg_sz = original_size // sz

    for t in prange(sz):
        t0 = t * seg_sz
        t_middle = float(t0) + 0.5 * seg_sz
        for di in range(d):
            avg1 = breakpoints_avg_middle_[sax1[t, di]]
            avg2 = breakpoints_avg_middle_[sax2[t, di]]
            slope1 = breakpoints_slope_middle_[sax1[t, di + d]]
            slope2 = breakpoints_slope_middle_[sax2[t, di + d]]
            for tt in range(t0, seg_sz * (t + 1)):
                s += (
                    avg1 + slope1 * (tt - t_middle) - (avg2 + slope2 * (tt - t_middle))
                ) ** 2
    dist_1d_sax = np.sqrt(s)
    return dist_1d_sax


# --- tslearn/piecewise/piecewise.py ----------------------------------------------------------------------
def _breakpoints(n_bins, scale=1.):
    return norm.ppf([float(a) / n_bins for a in range(1, n_bins)], scale=scale)


def _bin_medians(n_bins, scale=1.):
    return norm.ppf([float(a) / (2 * n_bins) for a in range(1, 2 * n_bins, 2)],
                    scale=scale)


def _paa_to_symbols(X_paa, breakpoints):
    alphabet_size = breakpoints.shape[0] + 1
    X_symbols = numpy.zeros(X_paa.shape, dtype=int) - 1
    for idx_bp, bp in enumerate(breakpoints):
        indices = numpy.logical_and(X_symbols < 0, X_paa < bp)
        X_symbols[indices] = idx_bp
    X_symbols[X_symbols < 0] = alphabet_size - 1
    return X_symbols


# --- tslearn/preprocessing/preprocessing.py --------------------------------------------------------------
class TimeSeriesImputer:  # its three fill methods (static methods)
    @staticmethod
    def _linear_impute(ts):
        for di in range(ts.shape[-1]):
            ts_di = ts[:, di]
            mask = numpy.isnan(ts_di)
            ts_di[mask] = numpy.interp(
                numpy.nonzero(mask)[0],
                numpy.nonzero(~mask)[0],
                ts_di[~mask]
            )
        return ts

    @staticmethod
    def _ffill_impute(ts):
        # Forward fill
        mask = numpy.isnan(ts)
        idx = numpy.where(
            ~mask,
            numpy.arange(ts.shape[0]).reshape(ts.shape[0], 1),
            0
        )
        numpy.maximum.accumulate(idx, axis=0, out=idx)
        if ts.shape[-1] > 1:
            # Multivariate
            ts[mask] = ts[idx[mask], numpy.nonzero(mask)[1]]
        else:
            # Univariate
            ts[mask] = ts[idx[mask]].flatten()
        return ts

    @staticmethod
    def _bfill_impute(ts):
        # Backward fill
        mask = numpy.isnan(ts)
        idx = numpy.where(
            ~mask,
            numpy.arange(ts.shape[0]).reshape(ts.shape[0], 1),
            ts.shape[0] -1
        )
        numpy.minimum.accumulate(numpy.flip(idx, axis=0), axis=0, out=idx)
        idx = numpy.flip(idx, axis=0)
        if ts.shape[-1] > 1:
            # Multivariate
            ts[mask] = ts[idx[mask], numpy.nonzero(mask)[1]]
        else:
            # Univariate
            ts[mask] = ts[idx[mask]].flatten()
        return ts


# --- tslearn/matrix_profile/matrix_profile.py ------------------------------------------------------------
def _series_to_segments(time_series, segment_size):
    if time_series.ndim == 3:
        l_segments = [_series_to_segments(ts, segment_size)
                      for ts in time_series]
        return np.vstack(l_segments)
    elem_size = time_series.strides[0]
    segments = as_strided(
        time_series,
        strides=(elem_size, elem_size, time_series.strides[1]),
        shape=(time_series.shape[0] - segment_size + 1,
               segment_size, time_series.shape[1]),
        writeable=False
    )
    return segments


# --- the cases -----------------------------------------------------------------------------------------


def _returning(kernel, index):
    """soft_dtw_fast's kernels write into an argument and return nothing: return what they wrote."""
    def run(*args):
        kernel(*args)
        return args[index]
    run.__name__ = kernel.__name__
    return run


_soft_dtw_fast = _returning(_njit_soft_dtw, 1)
_soft_dtw_fast_grad = _returning(_njit_soft_dtw_grad, 2)
_jacobian_product = _returning(_jacobian_product_sq_euc, 3)

SZ1, SZ2, D = 6, 7, 2
_PRE = "preprocessing/preprocessing.py"


def _pair(rng, sz1=SZ1, sz2=SZ2, d=D):
    """Two random-walk time series of shapes (sz1, d) and (sz2, d), as to_time_series makes them."""
    return np.cumsum(rng.normal(size=(sz1, d)), axis=0), np.cumsum(rng.normal(size=(sz2, d)), axis=0)


def _with_mask(rng, constraint=2, radius=1, slope=None):
    s1, s2 = _pair(rng)
    return s1, s2, _njit_compute_mask(SZ1, SZ2, constraint, radius, slope)


def _dist_matrix(rng):
    s1, s2 = _pair(rng)
    return ((s1[:, None, :] - s2[None, :, :]) ** 2).sum(axis=-1)


def _soft_fast(rng):
    """SoftDTW.compute: R is (m + 2, n + 2) zeros."""
    dist = _dist_matrix(rng)
    return dist, np.zeros((SZ1 + 2, SZ2 + 2)), 1.0


def _soft_fast_grad(rng):
    """SoftDTW.grad: D padded with a zero row and column, R from compute, E (m + 2, n + 2) zeros."""
    dist, R, gamma = _soft_fast(rng)
    _njit_soft_dtw(dist, R, gamma)
    D_ = np.vstack((dist, np.zeros(SZ2)))
    D_ = np.hstack((D_, np.zeros((SZ1 + 1, 1))))
    return D_, R, np.zeros((SZ1 + 2, SZ2 + 2)), gamma


def _jacobian(rng):
    X, Y = _pair(rng)
    return X, Y, rng.uniform(0.0, 1.0, (SZ1, SZ2)), np.zeros((SZ1, D))


def _sdtw_from_dist(rng):
    return _dist_matrix(rng), _njit_compute_mask(SZ1, SZ2, 2, 2, None), 0.5


def _sdtw_grad(rng):
    """soft_dtw_alignment: D the squared distances (inf outside the mask), R from the accumulated matrix."""
    dist = _dist_matrix(rng)
    mask = _njit_compute_mask(SZ1, SZ2, 0, None, None)
    R = _njit_accumulated_matrix_from_distance_matrix(dist, mask, gamma=0.5)
    return dist, R, 0.5


def _gram(rng):
    s1, s2 = _pair(rng)
    gram = -((s1[:, None, :] - s2[None, :, :]) ** 2).sum(axis=-1) / (2 * 2.0 * 2.0)
    gram -= np.log(2 - np.exp(gram))
    return (np.exp(gram),)


def _subsequence(rng):
    return np.cumsum(rng.normal(size=(4, 1)), axis=0), np.cumsum(rng.normal(size=(12, 1)), axis=0)


def _subsequence_path(rng):
    acc = _njit_subsequence_cost_matrix(*_subsequence(rng))
    return acc, np.argmin(acc[-1, :])


def _lcss(rng):
    s1, s2, mask = _with_mask(rng, 2, 2)
    return s1, s2, 1.5, mask


def _lcss_path(rng):
    s1, s2, eps, mask = _lcss(rng)
    return s1, s2, eps, mask, njit_lcss_accumulated_matrix(s1, s2, eps, mask), SZ1, SZ2


def _cc_pair(rng):
    return _pair(rng, 8, 8)


def _datasets(rng):
    return (rng.normal(size=(3, 8, 2)), rng.normal(size=(4, 8, 2)), -np.ones(3), -np.ones(4), False)


def _shift(rng):
    return rng.normal(size=(8, 2)), rng.normal(size=(3, 8, 2)), -1.0, -np.ones(3)


BREAKPOINTS = _breakpoints(5)  # an alphabet of 5 symbols, as SymbolicAggregateApproximation fits it
MIDDLES = _bin_medians(5)
SLOPE_MIDDLES = _bin_medians(3, scale=numpy.sqrt(0.03 / 3))  # OneD_SAX: 3 slope symbols, segments of 3 samples


def _sax_pair(rng):
    return rng.integers(0, 5, (4, 2)), rng.integers(0, 5, (4, 2)), BREAKPOINTS, 12


def _1d_sax_pair(rng):
    sax = lambda: np.concatenate([rng.integers(0, 5, (4, 1)), rng.integers(0, 3, (4, 1))], axis=1)
    return sax(), sax(), MIDDLES, SLOPE_MIDDLES, 12


def _gappy(rng, d=2):
    """A time series with NaN gaps, none at either end (tslearn's tests impute inner gaps)."""
    ts = np.cumsum(rng.normal(size=(12, d)), axis=0)
    gaps = rng.permutation(np.arange(1, 11))[:4]
    ts[gaps, rng.integers(0, d, 4)] = np.nan
    return (ts,)


CASES = [
    # metrics/_dtw.py, metrics/_masks.py, metrics/utils.py
    case(_njit_accumulated_matrix, _with_mask, TSL("metrics/_dtw.py", "_njit_accumulated_matrix", "Sakoe-Chiba mask")),
    case(_njit_acc_matrix_from_dist_matrix, lambda rng: (_dist_matrix(rng), _njit_compute_mask(SZ1, SZ2, 1, None, 2.)),
         TSL("metrics/_dtw.py", "_njit_acc_matrix_from_dist_matrix", "Itakura mask")),
    case(_njit_dtw, lambda rng: (*_pair(rng), 2, 2, None),
         TSL("metrics/_dtw.py", "__make_dtw(numpy)", "_dtw_generic with a Sakoe-Chiba band of radius 2"),
         name="tslearn._njit_dtw"),
    case(_njit_dtw_path, lambda rng: (*_pair(rng), 0, None, None),
         TSL("metrics/_dtw.py", "__make_dtw_path(numpy)", "_dtw_path_generic: the path list from a while loop"),
         name="tslearn._njit_dtw_path"),
    # metrics/soft_dtw_fast.py
    case(_njit_softmin3, lambda rng: (*np.float64(rng.uniform(0.0, 5.0, 3)), 0.5),
         TSL("metrics/soft_dtw_fast.py", "_njit_softmin3", "NumPy float64 scalars")),
    case(_soft_dtw_fast, _soft_fast, TSL("metrics/soft_dtw_fast.py", "_njit_soft_dtw", "returns R (written in place)"),
         name="tslearn._njit_soft_dtw"),
    case(_soft_dtw_fast_grad, _soft_fast_grad,
         TSL("metrics/soft_dtw_fast.py", "_njit_soft_dtw_grad", "returns E (written in place)"),
         name="tslearn._njit_soft_dtw_grad"),
    case(_jacobian_product, _jacobian,
         TSL("metrics/soft_dtw_fast.py", "_jacobian_product_sq_euc", "returns G (written in place)"),
         name="tslearn._jacobian_product_sq_euc"),
    # metrics/_soft_dtw.py
    case(_sdtw_njit_accumulated_matrix, lambda rng: (*_with_mask(rng), 0.5),
         TSL("metrics/_soft_dtw.py", "_njit_accumulated_matrix")),
    case(_njit_accumulated_matrix_from_distance_matrix, _sdtw_from_dist,
         TSL("metrics/_soft_dtw.py", "_njit_accumulated_matrix_from_distance_matrix")),
    case(_sdtw_njit_soft_dtw, lambda rng: (*_pair(rng), 0.5, 2, 2, None),
         TSL("metrics/_soft_dtw.py", "__make_soft_dtw(numpy)", "_soft_dtw_generic"),
         name="tslearn._njit_soft_dtw_generic"),
    case(_njit_soft_dtw_normalized, lambda rng: (*_pair(rng), 0.5, 0, None, None),
         TSL("metrics/_soft_dtw.py", "__make_soft_dtw_normalized(numpy)", "_soft_dtw_normalized_generic"),
         name="tslearn._njit_soft_dtw_normalized"),
    case(_sdtw_njit_soft_dtw_grad, _sdtw_grad,
         TSL("metrics/_soft_dtw.py", "__make_soft_dtw_grad(numpy)", "_soft_dtw_grad_generic"),
         name="tslearn._njit_soft_dtw_grad_generic"),
    # metrics/_frechet.py, metrics/_gak.py
    case(_frechet_njit_accumulated_matrix, _with_mask, TSL("metrics/_frechet.py", "_njit_accumulated_matrix")),
    case(_njit_gak_from_gram_matrix, _gram,
         TSL("metrics/_gak.py", "__make_gak_from_gram_matrix(numpy)", "the gram matrix of _unnormalized_gak, sigma 2"),
         name="tslearn._njit_gak_from_gram_matrix"),
    # metrics/dtw_variants.py
    case(_njit_subsequence_cost_matrix, _subsequence, TSL("metrics/dtw_variants.py", "_njit_subsequence_cost_matrix")),
    case(_njit_subsequence_path, _subsequence_path,
         TSL("metrics/dtw_variants.py", "_njit_subsequence_path", "idx_path_end is argmin's NumPy integer")),
    case(_njit_lb_envelope, lambda rng: (np.cumsum(rng.normal(size=(10, 1)), axis=0), 2),
         TSL("metrics/dtw_variants.py", "_njit_lb_envelope")),
    case(njit_lcss_accumulated_matrix, _lcss, TSL("metrics/dtw_variants.py", "njit_lcss_accumulated_matrix")),
    case(_njit_lcss, _lcss, TSL("metrics/dtw_variants.py", "_njit_lcss")),
    case(_njit_return_lcss_path, _lcss_path, TSL("metrics/dtw_variants.py", "_njit_return_lcss_path")),
    # metrics/cycc.py
    case(normalized_cc, _cc_pair, TSL("metrics/cycc.py", "normalized_cc")),
    case(cdist_normalized_cc, _datasets, TSL("metrics/cycc.py", "cdist_normalized_cc")),
    case(y_shifted_sbd_vec, _shift, TSL("metrics/cycc.py", "y_shifted_sbd_vec")),
    # metrics/cysax.py, piecewise/piecewise.py
    case(cydist_sax, _sax_pair, TSL("metrics/cysax.py", "cydist_sax", "alphabet of 5: norm.ppf breakpoints")),
    case(inv_transform_sax, lambda rng: (rng.integers(0, 5, (2, 4, 1)), MIDDLES, 12),
         TSL("metrics/cysax.py", "inv_transform_sax")),
    case(cydist_1d_sax, _1d_sax_pair, TSL("metrics/cysax.py", "cydist_1d_sax")),
    case(_paa_to_symbols, lambda rng: (rng.normal(size=(2, 4, 1)), BREAKPOINTS),
         TSL("piecewise/piecewise.py", "_paa_to_symbols")),
    # preprocessing/preprocessing.py, matrix_profile/matrix_profile.py
    case(TimeSeriesImputer._linear_impute, _gappy, TSL(_PRE, "TimeSeriesImputer._linear_impute")),
    case(TimeSeriesImputer._ffill_impute, _gappy, TSL(_PRE, "TimeSeriesImputer._ffill_impute")),
    case(TimeSeriesImputer._bfill_impute, _gappy, TSL(_PRE, "TimeSeriesImputer._bfill_impute")),
    case(_series_to_segments, lambda rng: (rng.normal(size=(10, 2)), 4),
         TSL("matrix_profile/matrix_profile.py", "_series_to_segments")),
]
