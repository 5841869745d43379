"""scikit-bio's alpha diversity indices (Shannon, Simpson, Hill, Rényi, Tsallis, Chao1 and its confidence interval,
ACE, Gini, ...) and its compositional data transforms (closure, multiplicative replacement, CLR, robust CLR, ILR,
ALR, perturbation, variance log ratio) (scikit-bio/scikit-bio, BSD-3-Clause).

Copied from scikit-bio/scikit-bio at 2068527a73f9c0be3eb01a3598657a1cc9a6c70e (its LICENSE.txt is the 3-clause BSD
licence: "Copyright (c) 2013--, scikit-bio development team."), the files named in each section below. Bodies are as
written, comments kept, docstrings and type annotations dropped, and the decorators that only document or alias
(``@aliased``, ``@params_aliased``, ``@array_api_doc``) dropped. The alpha indices keep their ``@_validate_alpha``
decorator (``functools.wraps`` around the index: it validates the counts, drops the zeros with a boolean mask under
an ``if not (nonzero := counts != 0).all()``, and returns ``empty`` for an empty community), so staging one stages the
wrapper and the index it closes over; the indices themselves are walrus tests (``if (S := counts.size) == 0``), ``if``
chains on the order with ``np.isposinf``, ``scipy.special.gammaln``, ``np.sort`` and ``cumsum``, ``(counts ==
1).sum()``. ``ace`` (``np.bincount`` of the counts, ``for i, j in enumerate(...)`` loops over a slice, an ``if`` that
clamps to 0, an early return), ``chao1`` and ``chao1_ci`` (the EstimateS decision rules: ``if not d``/``if not s`` on
counts of singletons and doubletons, Python ``max`` and ``abs``), ``gini_index`` (``max(0.0, ...)``, an ``if`` on the
integration method). The composition functions are written against the array API (``xp`` is the namespace): here it
is NumPy, so ``xp.isdtype``, ``xp.concat``, ``xp.permute_dims`` are NumPy 2's; ``_check_composition`` (raises on
``xp.any``/``xp.all`` of the data), ``_closure`` and ``_nansum`` (``xp.where`` of NaN), ``multi_replace`` (an ``if`` on
``(zcnts < 0).any()``), ``_clr``, ``_clr_inv``, ``_rclr`` (NaN for the unobserved), ``_ilr`` with
``_gram_schmidt_basis`` (a loop building rows from Python lists) or a given basis checked by ``_check_basis`` (an
``xp.all`` test of ``basis @ basis.T`` against the identity), ``_alr`` and ``_alr_inv`` (tuples of slices built
by list writes, ``xp.zeros(..., device=)``), ``_vlr``, ``_robust_vlr`` (``np.ma``) and ``_pairwise_vlr`` (``np.cov``).

Adapted, beyond that:

* ``ingest_array`` (``skbio/util/_array.py``, which finds the namespace with ``array_api_compat``) is a stand-in that
  returns ``np`` and the arrays through ``np.asarray``: the namespace of NumPy arrays;
* ``warn`` is ``warnings.warn``, as there;
* wrappers give the keyword arguments (``finite``, ``order``, ``base``, ``bias_corrected``, ``method``, ``ref_idx``,
  ``robust``).

Not taken: ``fisher_alpha`` and ``michaelis_menten_fit`` (``scipy.optimize`` with a Python objective),
``lladser_pe`` (random sampling), the phylogenetic indices (trees), the ANCOM/ANCOM-BC tests and the ordinations.

The inputs are small count vectors with zeros (dropped by the decorator), singletons and doubletons in every
combination the decision rules look at (none, only singletons, only doubletons, both), a single taxon, all-zero
communities (the ``empty`` return), float counts, and compositions of positive proportions (with zeros and NaN for
``rclr`` and ``multi_replace``).
"""

# ruff: noqa: E501, N806, B028, UP031, UP034
from __future__ import annotations

import functools
from warnings import warn

import numpy as np
from scipy.special import gammaln

from tests.coverage.cases import SCIKIT_BIO, Source, case


def SKB(path: str, original: str, note: str = "") -> Source:
    return Source(SCIKIT_BIO, "skbio/" + path, original, note)


# --- skbio/util/_array.py (a stand-in) -------------------------------------------------------------------------------
def ingest_array(*arrays):
    """Stand-in for skbio.util._array.ingest_array on NumPy input: the namespace (np) and the arrays."""
    return np, *(np.asarray(x) for x in arrays)


# --- skbio/diversity/_util.py ----------------------------------------------------------------------------------------
def _validate_counts(counts, cast_int=False):
    counts = np.asarray(counts)

    dtype = counts.dtype
    if np.issubdtype(dtype, np.floating):
        if cast_int:
            counts = counts.astype(int)
    elif not np.issubdtype(dtype, np.integer) and dtype is not np.dtype("bool"):
        raise ValueError("Counts must be integers or floating-point numbers.")

    # This is more efficient that `(counts < 0).any()`, but a more efficient way is to
    # iterate by element and exit early on the first negative value.
    if counts.size > 0 and counts.min() < 0:
        raise ValueError("Counts cannot contain negative values.")

    return counts


def _validate_counts_vector(counts, cast_int=False):
    counts = _validate_counts(counts, cast_int=cast_int)
    if counts.ndim != 1:
        raise ValueError("`counts` must be a 1-D array (vector).")
    return counts


# --- skbio/diversity/alpha/_base.py ----------------------------------------------------------------------------------
def _validate_alpha(empty=None, cast_int=False):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(counts, *args, **kwargs):
            counts = _validate_counts_vector(counts, cast_int)

            # drop zero values, as these represent taxa that are absent from
            # the community
            if not (nonzero := counts != 0).all():
                counts = counts[nonzero]

            # return a value if community is empty (after dropping zeros)
            if empty is not None and counts.size == 0:
                return empty

            # call function to calculate alpha diversity metric
            return func(counts, *args, **kwargs)

        return wrapper

    return decorator


@_validate_alpha(empty=np.nan)
def berger_parker_d(counts):
    return counts.max() / counts.sum()


@_validate_alpha(empty=np.nan)
def brillouin_d(counts):
    return (gammaln((N := counts.sum()) + 1) - gammaln(counts + 1).sum()) / N


@_validate_alpha(empty=np.nan)
def dominance(counts, finite=False):
    if finite:
        D = (counts * (counts - 1)).sum() / ((N := counts.sum()) * (N - 1))
    else:
        D = ((counts / counts.sum()) ** 2).sum()
    return D


@_validate_alpha()
def doubles(counts):
    return (counts == 2).sum()


def enspie(counts, finite=False):
    return inv_simpson(counts, finite=finite)


@_validate_alpha(empty=np.nan)
def esty_ci(counts):
    N = counts.sum()
    f1 = (counts == 1).sum()
    f2 = (counts == 2).sum()
    z = 1.959963985
    W = (f1 * (N - f1) + 2 * N * f2) / (N**3)
    return f1 / N - z * np.sqrt(W), f1 / N + z * np.sqrt(W)


@_validate_alpha(empty=np.nan)
def goods_coverage(counts):
    return 1 - ((counts == 1).sum() / counts.sum())


@_validate_alpha()
def heip_e(counts):
    if (S := counts.size) == 0:
        return np.nan
    elif S == 1:
        return 1.0
    return (shannon(counts, exp=True) - 1) / (S - 1)


@_validate_alpha(empty=np.nan)
def hill(counts, order=2):
    probs = counts / counts.sum()
    if order == 1:
        return _perplexity(probs)
    elif np.isposinf(order):
        return 1 / probs.max()
    else:
        return (probs**order).sum() ** (1 / (1 - order))


@_validate_alpha(empty=np.nan)
def kempton_taylor_q(counts, lower_quantile=0.25, upper_quantile=0.75):
    S = counts.size
    lower = int(np.ceil(S * lower_quantile))
    upper = int(S * upper_quantile)
    sorted_counts = np.sort(counts)
    return (upper - lower) / np.log(sorted_counts[upper] / sorted_counts[lower])


def inv_simpson(counts, finite=False):
    return 1 / dominance(counts, finite=finite)


@_validate_alpha(empty=np.nan)
def margalef(counts):
    if (N := counts.sum()) == 1:
        return np.nan
    return (counts.size - 1) / np.log(N)


@_validate_alpha(empty=np.nan)
def mcintosh_d(counts):
    if (N := counts.sum()) == 1:
        return np.nan
    u = np.sqrt((counts**2).sum())
    return (N - u) / (N - np.sqrt(N))


@_validate_alpha(empty=np.nan)
def mcintosh_e(counts):
    S = counts.size
    N = counts.sum()
    numerator = np.sqrt((counts * counts).sum())
    denominator = np.sqrt((N - S + 1) ** 2 + S - 1)
    return numerator / denominator


@_validate_alpha(empty=np.nan)
def menhinick(counts):
    return counts.size / np.sqrt(counts.sum())


@_validate_alpha()
def osd(counts):
    return counts.size, (counts == 1).sum(), (counts == 2).sum()


@_validate_alpha()
def pielou_e(counts, base=None):
    if (S := counts.size) == 0:
        return np.nan
    elif S == 1:
        return 1.0
    H = shannon(counts, base=base)
    H_max = np.log(S)
    if base is not None:
        H_max /= np.log(base)
    return H / H_max


@_validate_alpha()
def renyi(counts, order=2, base=None):
    if (S := counts.size) == 0:
        return np.nan
    elif S == 1:
        return 0.0

    probs = counts / counts.sum()

    # max-entropy
    if order == 0:
        qH = np.log(S)
    # Shannon entropy
    elif order == 1:
        qH = _entropy(probs)
    # min-entropy
    elif np.isposinf(order):
        qH = -np.log(probs.max())
    else:
        qH = np.log((probs**order).sum()) / (1 - order)

    if base is not None:
        qH /= np.log(base)
    return qH


@_validate_alpha(empty=np.nan)
def robbins(counts):
    return (counts == 1).sum() / counts.sum()


def _entropy(probs):
    return (-probs * np.log(probs)).sum()


def _perplexity(probs):
    return (probs**-probs).prod()


@_validate_alpha(empty=np.nan)
def shannon(counts, base=None, exp=False):
    probs = counts / counts.sum()

    # perplexity
    if exp is True:
        return _perplexity(probs)

    # entropy
    else:
        H = _entropy(probs)
        if base is not None:
            H /= np.log(base)
        return H


def simpson(counts, finite=False):
    return 1 - dominance(counts, finite=finite)


def simpson_d(counts, finite=False):
    return dominance(counts, finite=finite)


@_validate_alpha(empty=np.nan)
def simpson_e(counts):
    return 1 / (counts.size * dominance(counts))


@_validate_alpha()
def singles(counts):
    return (counts == 1).sum()


@_validate_alpha()
def sobs(counts):
    return counts.size


@_validate_alpha(empty=np.nan)
def strong(counts):
    S = counts.size
    sorted_sum = np.sort(counts)[::-1].cumsum()
    i = np.arange(1, S + 1)
    return (sorted_sum / counts.sum() - (i / S)).max()


@_validate_alpha()
def tsallis(counts, order=2):
    if (S := counts.size) == 0:
        return np.nan
    elif S == 1:
        return 0.0
    probs = counts / counts.sum()
    if order == 1:
        return _entropy(probs)
    elif np.isposinf(order):
        return 0.0
    else:
        return (1 - (probs**order).sum()) / (order - 1)


# --- skbio/diversity/alpha/_ace.py -----------------------------------------------------------------------------------
def ace(counts, rare_threshold=10):
    counts = _validate_counts_vector(counts)
    freq_counts = np.bincount(counts)
    s_rare = _taxa_rare(freq_counts, rare_threshold)
    singles = freq_counts[1]

    if singles > 0 and singles == s_rare:
        raise ValueError(
            "The only rare taxa are singletons, so the ACE "
            "metric is undefined. EstimateS suggests using "
            "bias-corrected Chao1 instead."
        )

    s_abun = _taxa_abundant(freq_counts, rare_threshold)
    if s_rare == 0:
        return s_abun

    n_rare = _number_rare(freq_counts, rare_threshold)
    c_ace = 1 - singles / n_rare

    top = s_rare * _number_rare(freq_counts, rare_threshold, gamma=True)
    bottom = c_ace * n_rare * (n_rare - 1)
    gamma_ace = (top / bottom) - 1

    if gamma_ace < 0:
        gamma_ace = 0

    return s_abun + (s_rare / c_ace) + ((singles / c_ace) * gamma_ace)


def _taxa_rare(freq_counts, rare_threshold):
    return freq_counts[1 : rare_threshold + 1].sum()


def _taxa_abundant(freq_counts, rare_threshold):
    return freq_counts[rare_threshold + 1 :].sum()


def _number_rare(freq_counts, rare_threshold, gamma=False):
    n_rare = 0
    if gamma:
        for i, j in enumerate(freq_counts[: rare_threshold + 1]):
            n_rare += (i * j) * (i - 1)
    else:
        for i, j in enumerate(freq_counts[: rare_threshold + 1]):
            n_rare += i * j
    return n_rare


# --- skbio/diversity/alpha/_chao1.py ---------------------------------------------------------------------------------
def chao1(counts, bias_corrected=True):
    counts = _validate_counts_vector(counts)
    o, s, d = osd(counts)
    if not bias_corrected and s and d:
        return o + s**2 / (d * 2)
    else:
        return o + s * (s - 1) / (2 * (d + 1))


def chao1_ci(counts, bias_corrected=True, zscore=1.96):
    counts = _validate_counts_vector(counts)
    o, s, d = osd(counts)
    if s:
        chao = chao1(counts, bias_corrected)
        chaovar = _chao1_var(counts, bias_corrected)
        return _chao_confidence_with_singletons(chao, o, chaovar, zscore)
    else:
        n = counts.sum()
        return _chao_confidence_no_singletons(n, o, zscore)


def _chao1_var(counts, bias_corrected=True):
    o, s, d = osd(counts)
    if not d:
        c = chao1(counts, bias_corrected)
        return _chao1_var_no_doubletons(s, c)
    if not s:
        n = counts.sum()
        return _chao1_var_no_singletons(n, o)
    if bias_corrected:
        return _chao1_var_bias_corrected(s, d)
    else:
        return _chao1_var_uncorrected(s, d)


def _chao1_var_uncorrected(singles, doubles):
    r = singles / doubles
    return doubles * (0.5 * r**2 + r**3 + 0.24 * r**4)


def _chao1_var_bias_corrected(s, d):
    return (
        s * (s - 1) / (2 * (d + 1))
        + (s * (2 * s - 1) ** 2) / (4 * (d + 1) ** 2)
        + (s**2 * d * (s - 1) ** 2) / (4 * (d + 1) ** 4)
    )


def _chao1_var_no_doubletons(s, chao1):
    return s * (s - 1) / 2 + s * (2 * s - 1) ** 2 / 4 - s**4 / (4 * chao1)


def _chao1_var_no_singletons(n, o):
    return o * np.exp(-n / o) * (1 - np.exp(-n / o))


def _chao_confidence_with_singletons(chao, observed, var_chao, zscore=1.96):
    T = chao - observed
    # if no diff between chao and observed, CI is just point estimate of
    # observed
    if T == 0:
        return observed, observed
    K = np.exp(abs(zscore) * np.sqrt(np.log(1 + (var_chao / T**2))))
    return observed + T / K, observed + T * K


def _chao_confidence_no_singletons(n, s, zscore=1.96):
    P = np.exp(-n / s)
    return (
        max(s, s / (1 - P) - zscore * np.sqrt((s * P / (1 - P)))),
        s / (1 - P) + zscore * np.sqrt(s * P / (1 - P)),
    )


# --- skbio/diversity/alpha/_gini.py ----------------------------------------------------------------------------------
def gini_index(data, method="rectangles"):
    # Suppress casting to int because this metric supports ints and floats.
    data = _validate_counts_vector(data, cast_int=False)
    lorenz_points = _lorenz_curve(data)
    B = _lorenz_curve_integrator(lorenz_points, method)
    return max(0.0, 1 - 2 * B)


def _lorenz_curve(data):
    sorted_data = np.sort(data)
    Sn = sorted_data.sum()
    n = sorted_data.shape[0]
    return np.arange(1, n + 1) / n, sorted_data.cumsum() / Sn


def _lorenz_curve_integrator(lc_pts, method):
    x, y = lc_pts

    # each point differs by 1/n
    dx = 1 / x.shape[0]

    if method == "trapezoids":
        # 0 percent of the population has zero percent of the goods
        h_0 = 0.0
        h_n = y[-1]
        # the 0th entry is at x=1/n
        sum_hs = y[:-1].sum()
        return dx * ((h_0 + h_n) / 2 + sum_hs)
    elif method == "rectangles":
        return dx * y.sum()
    else:
        raise ValueError(
            "Method '%s' not implemented. Available methods: "
            "'rectangles', 'trapezoids'." % method
        )


# --- skbio/stats/composition/_base.py --------------------------------------------------------------------------------
def _check_composition(
    xp,
    mat,
    axis=-1,
    nozero=False,
    maxdim=None,
    allnum=True,
):
    if not xp.isdtype(mat.dtype, "numeric"):
        raise TypeError("Input matrix must have a numeric data type.")
    if allnum:
        # Don't allow infinite or NaN values.
        if not xp.all(xp.isfinite(mat)):
            raise ValueError("Input matrix cannot have infinite or NaN values.")
    else:
        # Allow NaN, but not infinite.
        if xp.any(xp.isinf(mat)):
            raise ValueError("Input matrix cannot have infinite values.")
    if nozero:
        if xp.any(mat <= 0):
            raise ValueError("Input matrix cannot have negative or zero components.")
    else:
        if xp.any(mat < 0):
            raise ValueError("Input matrix cannot have negative components.")
        if xp.any(~xp.any(mat, axis=axis)):
            raise ValueError("Input matrix cannot have compositions with all zeros.")
    if maxdim is not None and mat.ndim > maxdim:
        raise ValueError(f"Input matrix can only have {maxdim} dimensions or less.")


def closure(mat, axis=-1, validate=True):
    xp, mat = ingest_array(mat)
    if validate:
        _check_composition(xp, mat, axis)
    return _closure(xp, mat, axis)


def _closure(xp, mat, axis=-1):
    row_sums = _nansum(xp, mat, axis=axis, keepdims=True)
    return mat / row_sums


def _nansum(
    xp, arr, axis, keepdims=False
):
    # Create mask of non-NaN values
    nan_mask = xp.isnan(arr)
    # Replace NaN with 0 for summation
    arr_no_nan = xp.where(nan_mask, xp.asarray(0.0, dtype=arr.dtype), arr)
    return xp.sum(arr_no_nan, axis=axis, keepdims=keepdims)


def multi_replace(mat, delta=None):
    mat = closure(mat)
    z_mat = mat == 0

    num_feats = mat.shape[-1]
    tot = z_mat.sum(axis=-1, keepdims=True)

    if delta is None:
        delta = (1.0 / num_feats) ** 2

    zcnts = 1 - tot * delta
    if (zcnts < 0).any():
        raise ValueError(
            "Multiplicative replacement created negative proportions. Consider "
            "using a smaller `delta`."
        )
    mat = np.where(z_mat, delta, zcnts * mat)
    return mat.squeeze()


def _closure_two(x, y, validate):
    xp, x, y = ingest_array(x, y)
    if validate:
        _check_composition(xp, x)
        _check_composition(xp, y)
    return xp, _closure(xp, x), _closure(xp, y)


def perturb(x, y, validate=True):
    xp, cx, cy = _closure_two(x, y, validate)
    return _closure(xp, cx * cy)


def perturb_inv(x, y, validate=True):
    xp, cx, cy = _closure_two(x, y, validate)
    return _closure(xp, cx / cy)


def power(x, a, validate=True):
    xp, x = ingest_array(x)
    if validate:
        _check_composition(xp, x)
    cx = _closure(xp, x)
    return _closure(xp, cx**a).squeeze()


def inner(x, y, validate=True):
    xp, cx, cy = _closure_two(x, y, validate)
    clrx, clry = _clr(xp, cx, axis=-1), _clr(xp, cy, axis=-1)
    return xp.matmul(clrx, clry.T)


def clr(mat, axis=-1, validate=True):
    xp, mat = ingest_array(mat)
    if validate:
        _check_composition(xp, mat, nozero=True)
    return _clr(xp, mat, axis)


def _clr(xp, mat, axis):
    return (lmat := xp.log(mat)) - xp.mean(lmat, axis=axis, keepdims=True)


def clr_inv(mat, axis=-1, validate=True):
    xp, mat = ingest_array(mat)

    # `1e-8` is taken from `np.allclose`. It's not guaranteed that `xp` has `allclose`,
    # therefore it is manually written here.
    if validate and xp.any(xp.abs(xp.sum(mat, axis=axis)) > 1e-08):
        warn(
            "The input matrix is not in the CLR range, which requires the sum of "
            "values per composition equals to 0.",
            UserWarning,
        )

    return _clr_inv(xp, mat, axis)


def _clr_inv(xp, mat, axis):
    # for numerical stability, shift the values < 1
    diff = xp.exp(mat - xp.max(mat, axis=axis, keepdims=True))
    return _closure(xp, diff, axis)


def rclr(mat, axis=-1, validate=True):
    xp, mat = ingest_array(mat)
    if validate:
        _check_composition(xp, mat, allnum=False)
    return _rclr(xp, mat, axis)


def _rclr(xp, mat, axis):

    # Track which values were observed in the original input
    observed_mask = (mat != 0) & ~xp.isnan(mat)

    # Take log (will give -inf for zeros, NaN for NaN)
    log_safe = xp.where(observed_mask, xp.log(mat), 0.0)

    # Count observed values from mask
    n_observed = xp.sum(observed_mask, axis=axis, keepdims=True)

    # Sum logs for observed values only
    log_sum = xp.sum(log_safe, axis=axis, keepdims=True)

    # Geometric mean
    geo_mean_log = log_sum / n_observed

    # Center by geometric mean
    result = log_safe - geo_mean_log

    # Replace non-observed with NaN
    result = xp.where(observed_mask, result, xp.nan)

    return result


def ilr(
    mat,
    basis=None,
    axis=-1,
    validate=True,
):
    xp, mat = ingest_array(mat)
    if validate:
        _check_composition(xp, mat, nozero=True)
    N = mat.shape[axis]
    if basis is None:
        # NOTE: acc.device(mat) would be nicer
        basis = xp.asarray(
            _gram_schmidt_basis(N), device=mat.device, dtype=xp.float64
        )  # dimension (N-1) x N
    else:
        xp_, basis = ingest_array(basis)
        if validate:
            # the following maybe redundant
            if basis.ndim != 2:
                raise ValueError(
                    f"Basis needs to be a 2-D matrix, not a {basis.ndim}-D matrix."
                )
            _check_basis(xp_, basis, orthonormal=True, subspace_dim=N - 1)
            basis = xp.asarray(basis, device=mat.device, dtype=xp.float64)
    axis %= mat.ndim
    return _ilr(xp, mat, basis, axis)


def _swap_axis(ndim, axis):
    res = list(range(ndim))
    res[axis] = ndim - 1
    res[ndim - 1] = axis
    return res


def _ilr(xp, mat, basis, axis):
    mat = _clr(xp, mat, axis)
    # tensordot return's shape consists of the non-contracted axes (dimensions) of
    # the first array x1, followed by the non-contracted axes (dimensions) of the
    # second array x2
    prod = xp.tensordot(mat, basis, axes=([axis], [1]))
    return xp.permute_dims(prod, axes=_swap_axis(mat.ndim, axis))


def ilr_inv(
    mat,
    basis=None,
    axis=-1,
    validate=True,
):
    xp, mat = ingest_array(mat)
    N = mat.shape[axis] + 1

    if basis is None:
        basis = xp.asarray(
            _gram_schmidt_basis(N), device=mat.device, dtype=xp.float64
        )  # dimension (N-1) x N
    elif validate:
        xp_, basis = ingest_array(basis)
        # the following maybe redundant as the orthonrmal implicitly check 2-d
        if basis.ndim != 2:
            raise ValueError(
                f"Basis needs to be a 2-D matrix, not a {basis.ndim}-D matrix."
            )
        _check_basis(xp_, basis, orthonormal=True, subspace_dim=N - 1)
        basis = xp.asarray(basis, device=mat.device, dtype=xp.float64)
    axis %= mat.ndim
    return _ilr_inv(xp, mat, basis, axis)


def _ilr_inv(xp, mat, basis, axis):
    prod = xp.tensordot(mat, basis, axes=([axis], [0]))
    perm = xp.permute_dims(prod, axes=_swap_axis(mat.ndim, axis))
    return _clr_inv(xp, perm, axis)


def alr(
    mat, ref_idx=0, axis=-1, validate=True
):
    xp, mat = ingest_array(mat)
    if validate:
        _check_composition(xp, mat, nozero=True)

    # validate and normalize axis and index
    N = mat.shape[axis]
    if N < 2:
        raise ValueError(f"Dimension {axis} of the input matrix is singleton.")
    axis %= mat.ndim
    if ref_idx < -N or ref_idx >= N:
        raise IndexError(f"Invalid index {ref_idx} on dimension {axis}.")
    ref_idx %= N
    return _alr(xp, mat, ref_idx, axis)


def _alr(xp, mat, ref_idx, axis):
    # Given that: log(numerator / denominator) = log(numerator) - log(denominator)
    # The following code will perform logarithm on the entire matrix, then subtract
    # denominator from numerator. This is also for numerical stability.
    lmat = xp.log(mat)

    # The following code can be replaced with a single NumPy function call:
    #     numerator_matrix = xp.delete(lmat, ref_idx, axis=axis)
    # However, `delete` is not in the Python array API standard. For compatibility with
    # libraries that don't have `delete`, an arbitrary dimension slicing method is
    # is provided below.
    before = [slice(None)] * mat.ndim
    before[axis] = slice(None, ref_idx)
    before = tuple(before)
    after = [slice(None)] * mat.ndim
    after[axis] = slice(ref_idx + 1, None)
    after = tuple(after)
    numerator_matrix = xp.concat((lmat[before], lmat[after]), axis=axis)

    # The following code can be replaced with a single NumPy function call:
    #     denominator_vector = xp.take(lmat, xp.asarray([ref_idx]), axis=axis)
    # `take` is in the Python array API standard. The following code is to keep the
    # style consistent with the code above.
    column = [slice(None)] * mat.ndim
    column[axis] = slice(ref_idx, ref_idx + 1)
    column = tuple(column)
    denominator_vector = lmat[column]

    return numerator_matrix - denominator_vector


def alr_inv(mat, ref_idx=0, axis=-1):
    xp, mat = ingest_array(mat)

    # validate and normalize axis and index
    N = mat.shape[axis] + 1
    if N < 2:
        raise ValueError(f"Dimension {axis} of the input matrix has zero length.")
    axis %= mat.ndim
    if ref_idx < -N or ref_idx >= N:
        raise IndexError(f"Invalid index {ref_idx} on dimension {axis}.")
    ref_idx %= N
    return _alr_inv(xp, mat, ref_idx, axis)


def _alr_inv(xp, mat, ref_idx, axis):
    # The following code can be replaced with a single NumPy function call.
    #     comp = xp.insert(emat, ref_idx, 1.0, axis=axis)
    # However, `insert` is not in the Python array API standard. For compatibility with
    # libraries that don't have `insert`, an arbitrary dimension slicing method is
    # is provided below.
    before = [slice(None)] * mat.ndim
    before[axis] = slice(None, ref_idx)
    before = tuple(before)
    after = [slice(None)] * mat.ndim
    after[axis] = slice(ref_idx, None)
    after = tuple(after)
    shape = list(mat.shape)
    shape[axis] = 1
    shape = tuple(shape)
    zeros = xp.zeros(shape, dtype=mat.dtype, device=mat.device)
    comp = xp.concat((mat[before], zeros, mat[after]), axis=axis)
    comp = xp.exp(comp - xp.max(comp, axis=axis, keepdims=True))

    return _closure(xp, comp, axis)


def _vlr(x, y, ddof):
    # Log transformation
    x = np.log(x)
    y = np.log(y)

    # Variance log ratio
    return np.var(x - y, ddof=ddof)


def _robust_vlr(x, y, ddof):
    # Mask zeros
    x = np.ma.masked_array(x, mask=x == 0)
    y = np.ma.masked_array(y, mask=y == 0)

    # Log transformation
    x = np.ma.log(x)
    y = np.ma.log(y)

    # Variance log ratio
    return np.ma.var(x - y, ddof=ddof)


def vlr(x, y, ddof=1, robust=False):
    # Convert array_like to numpy array
    x = closure(x)
    y = closure(y)

    # Set up input and parameters
    kwargs = {
        "x": x,
        "y": y,
        "ddof": ddof,
    }

    # Run backend function
    if robust:
        return _robust_vlr(**kwargs)
    else:
        return _vlr(**kwargs)


def _pairwise_vlr(mat, ddof):
    # Log Transform
    X_log = np.log(mat)

    # Variance Log Ratio
    covariance = np.cov(X_log.T, ddof=ddof)
    diagonal = np.diagonal(covariance)
    vlr_data = -2 * covariance + diagonal[:, np.newaxis] + diagonal
    return vlr_data


def _check_basis(
    xp,
    basis,
    orthonormal=False,
    subspace_dim=None,
):
    xp, basis = ingest_array(basis)
    if basis.ndim < 2:
        basis = basis.reshape(1, -1)
    if subspace_dim is None:
        subspace_dim = len(basis)
    elif len(basis) != subspace_dim:
        n_basis = len(basis)
        msg = f"Number of basis {n_basis} not match to the subspace dim {subspace_dim}."
        raise ValueError(msg)
    if orthonormal:
        eyes = xp.eye(subspace_dim, device=basis.device)
        if not xp.all(xp.abs(basis @ basis.T - eyes) < (1e-4 * eyes + 1e-6)):
            raise ValueError("Basis is not orthonormal.")


def _gram_schmidt_basis(n):
    basis = np.zeros((n, n - 1))
    for j in range(n - 1):
        i = j + 1
        e = np.array([(1 / i)] * i + [-1] + [0] * (n - i - 1)) * np.sqrt(i / (i + 1))
        basis[:, j] = e
    return basis.T


# --- the cases (wrappers give the keyword arguments) -----------------------------------------------------------------
def dominance_finite(counts):
    return dominance(counts, finite=True)


def enspie_finite(counts):
    return enspie(counts, finite=True)


def shannon_base2(counts):
    return shannon(counts, base=2)


def shannon_exp(counts):
    return shannon(counts, exp=True)


def hill_order1(counts):
    return hill(counts, order=1)


def hill_inf(counts):
    return hill(counts, order=np.inf)


def renyi_orders(counts):
    return renyi(counts, order=0), renyi(counts, order=1), renyi(counts, order=np.inf, base=2), renyi(counts, order=3)


def tsallis_orders(counts):
    return tsallis(counts, order=1), tsallis(counts, order=np.inf), tsallis(counts, order=0.5)


def pielou_e_base10(counts):
    return pielou_e(counts, base=10)


def chao1_uncorrected(counts):
    return chao1(counts, bias_corrected=False)


def chao1_ci_uncorrected(counts):
    return chao1_ci(counts, bias_corrected=False)


def ace_threshold3(counts):
    return ace(counts, rare_threshold=3)


def gini_trapezoids(data):
    return gini_index(data, method="trapezoids")


def ilr_given_basis(mat, basis):
    return ilr(mat, basis)


def ilr_inv_given_basis(mat, basis):
    return ilr_inv(mat, basis)


def _orthonormal(rng, k, n):
    """k orthonormal rows in R^n, orthogonal to the ones vector (a valid ILR basis)."""
    a = np.vstack([np.ones(n), rng.normal(size=(k, n))])
    q, _ = np.linalg.qr(a.T)
    return q[:, 1:].T


def alr_last(mat):
    return alr(mat, ref_idx=-1)


def alr_inv_middle(mat):
    return alr_inv(mat, ref_idx=1)


def clr_axis0(mat):
    return clr(mat, axis=0)


def vlr_robust(x, y):
    return vlr(x, y, robust=True)


def _counts(rng, n=10, high=6):
    """Counts 0..high-1: zeros (dropped), singletons and doubletons, in random places."""
    return rng.permutation(np.r_[0, 1, 1, 2, rng.integers(3, high + 3, size=n - 4)])


def _no_zeros(rng, n=8):
    """Counts from 1 to 9, one singleton and one doubleton: the decorator's mask is all True."""
    return rng.permutation(np.r_[1, 2, rng.integers(3, 10, size=n - 2)])


def _comp(rng, *shape):
    return rng.uniform(0.05, 1.0, size=shape)


_A = "diversity/alpha/_base.py"
_C1 = "diversity/alpha/_chao1.py"
_CO = "stats/composition/_base.py"

CASES = [
    # diversity/alpha/_base.py
    case(shannon, lambda rng: (_counts(rng),), SKB(_A, "shannon", "zeros: the decorator's boolean mask")),
    case(shannon, lambda rng: (_no_zeros(rng),), SKB(_A, "shannon", "no zero: the mask is skipped"),
         name="skbio.shannon_no_zeros"),
    case(shannon, lambda rng: (np.zeros(5, dtype=int),), SKB(_A, "shannon", "all zeros: the empty community, NaN"),
         name="skbio.shannon_empty"),
    case(shannon_base2, lambda rng: (_no_zeros(rng),), SKB(_A, "shannon", "base=2")),
    case(shannon_exp, lambda rng: (_no_zeros(rng),), SKB(_A, "shannon", "exp=True: the perplexity")),
    case(berger_parker_d, lambda rng: (_no_zeros(rng),), SKB(_A, "berger_parker_d")),
    case(brillouin_d, lambda rng: (_no_zeros(rng),), SKB(_A, "brillouin_d", "scipy.special.gammaln")),
    case(dominance, lambda rng: (_no_zeros(rng).astype(float),), SKB(_A, "dominance", "float counts")),
    case(dominance_finite, lambda rng: (_no_zeros(rng),), SKB(_A, "dominance", "finite=True")),
    case(enspie_finite, lambda rng: (_no_zeros(rng),), SKB(_A, "enspie", "finite=True: inv_simpson")),
    case(simpson, lambda rng: (_no_zeros(rng),), SKB(_A, "simpson")),
    case(doubles, lambda rng: (_no_zeros(rng),), SKB(_A, "doubles", "no empty value")),
    case(singles, lambda rng: (_counts(rng),), SKB(_A, "singles", "zeros dropped first")),
    case(sobs, lambda rng: (_counts(rng),), SKB(_A, "sobs", "zeros dropped: the size after the mask")),
    case(osd, lambda rng: (_no_zeros(rng),), SKB(_A, "osd", "a tuple of a Python int and two counts")),
    case(esty_ci, lambda rng: (_no_zeros(rng),), SKB(_A, "esty_ci")),
    case(goods_coverage, lambda rng: (_no_zeros(rng),), SKB(_A, "goods_coverage")),
    case(heip_e, lambda rng: (_no_zeros(rng),), SKB(_A, "heip_e", "calls shannon(exp=True)")),
    case(heip_e, lambda rng: (np.array([0, 7, 0]),), SKB(_A, "heip_e", "one taxon left: S == 1"),
         name="skbio.heip_e_single"),
    case(hill, lambda rng: (_no_zeros(rng),), SKB(_A, "hill", "order=2")),
    case(hill_order1, lambda rng: (_no_zeros(rng),), SKB(_A, "hill", "order=1: the perplexity")),
    case(hill_inf, lambda rng: (_no_zeros(rng),), SKB(_A, "hill", "order=inf: np.isposinf of a Python float")),
    case(kempton_taylor_q, lambda rng: (_no_zeros(rng, 12),), SKB(_A, "kempton_taylor_q", "indices from the size")),
    case(margalef, lambda rng: (_no_zeros(rng),), SKB(_A, "margalef")),
    case(margalef, lambda rng: (np.array([0, 1, 0]),), SKB(_A, "margalef", "N == 1: the NaN return"),
         name="skbio.margalef_one"),
    case(mcintosh_d, lambda rng: (_no_zeros(rng),), SKB(_A, "mcintosh_d")),
    case(mcintosh_e, lambda rng: (_no_zeros(rng),), SKB(_A, "mcintosh_e")),
    case(pielou_e_base10, lambda rng: (_no_zeros(rng),), SKB(_A, "pielou_e", "base=10")),
    case(renyi_orders, lambda rng: (_no_zeros(rng),), SKB(_A, "renyi", "orders 0, 1, inf (base 2) and 3")),
    case(strong, lambda rng: (_no_zeros(rng),), SKB(_A, "strong", "a reversed sort, cumsum")),
    case(tsallis_orders, lambda rng: (_no_zeros(rng),), SKB(_A, "tsallis", "orders 1, inf and 0.5")),
    # diversity/alpha/_ace.py, _chao1.py, _gini.py
    case(ace, lambda rng: (np.r_[1, 2, 2, 3, rng.integers(4, 15, size=6)],),
         SKB("diversity/alpha/_ace.py", "ace", "bincount; singletons, rare and abundant taxa")),
    case(ace_threshold3, lambda rng: (np.r_[5, 7, rng.integers(8, 12, size=4)],),
         SKB("diversity/alpha/_ace.py", "ace", "rare_threshold=3, no rare taxon: the early return")),
    case(chao1, lambda rng: (_no_zeros(rng),), SKB(_C1, "chao1", "bias-corrected")),
    case(chao1_uncorrected, lambda rng: (_no_zeros(rng),), SKB(_C1, "chao1", "uncorrected, singletons and doubletons")),
    case(chao1_ci, lambda rng: (_no_zeros(rng),), SKB(_C1, "chao1_ci", "singletons and doubletons, bias-corrected")),
    case(chao1_ci_uncorrected, lambda rng: (_no_zeros(rng),), SKB(_C1, "chao1_ci", "uncorrected: equation 5")),
    case(chao1_ci, lambda rng: (rng.integers(3, 9, size=6),), SKB(_C1, "chao1_ci", "no singleton: equation 14, max"),
         name="skbio.chao1_ci_no_singletons"),
    case(chao1_ci, lambda rng: (np.r_[1, 1, rng.integers(3, 9, size=4)],),
         SKB(_C1, "chao1_ci", "singletons, no doubleton: equations 7, 13"), name="skbio.chao1_ci_no_doubletons"),
    case(gini_index, lambda rng: (rng.uniform(0, 10, size=8),), SKB("diversity/alpha/_gini.py", "gini_index")),
    case(gini_trapezoids, lambda rng: (rng.integers(0, 10, size=8),),
         SKB("diversity/alpha/_gini.py", "gini_index", "method='trapezoids', int data")),
    # stats/composition/_base.py
    case(closure, lambda rng: (_comp(rng, 3, 4),), SKB(_CO, "closure", "validation: raises on data")),
    case(multi_replace, lambda rng: (np.array([[0.0, 2, 3, 5], [1, 1, 0, 0]]),),
         SKB(_CO, "multi_replace", "zeros replaced by delta")),
    case(perturb, lambda rng: (_comp(rng, 4), _comp(rng, 4)), SKB(_CO, "perturb")),
    case(perturb_inv, lambda rng: (_comp(rng, 2, 4), _comp(rng, 4)), SKB(_CO, "perturb_inv", "broadcast")),
    case(power, lambda rng: (_comp(rng, 1, 5), np.float64(rng.uniform(0.5, 2))), SKB(_CO, "power", "squeeze")),
    case(inner, lambda rng: (_comp(rng, 3, 4), _comp(rng, 2, 4)), SKB(_CO, "inner")),
    case(clr, lambda rng: (_comp(rng, 3, 4),), SKB(_CO, "clr", "nozero validation")),
    case(clr_axis0, lambda rng: (_comp(rng, 3, 4),), SKB(_CO, "clr", "axis=0")),
    case(clr_inv, lambda rng: (rng.normal(size=(2, 5)),), SKB(_CO, "clr_inv", "not in the CLR range: the warning")),
    case(rclr, lambda rng: (np.where(rng.uniform(size=(3, 5)) < 0.3, 0.0, _comp(rng, 3, 5)) + np.r_[np.nan, 0, 0, 0, 0],),
         SKB(_CO, "rclr", "zeros and a NaN column entry")),
    case(ilr, lambda rng: (_comp(rng, 3, 4),), SKB(_CO, "ilr", "the Gram-Schmidt basis")),
    case(ilr_given_basis, lambda rng: (_comp(rng, 3, 4), _orthonormal(rng, 3, 4)),
         SKB(_CO, "ilr", "a given orthonormal basis: _check_basis raises on data"), name="skbio.ilr_basis"),
    case(ilr_inv, lambda rng: (rng.normal(size=(2, 3)),), SKB(_CO, "ilr_inv")),
    case(ilr_inv_given_basis, lambda rng: (rng.normal(size=(2, 3)), _orthonormal(rng, 3, 4)),
         SKB(_CO, "ilr_inv", "a given basis"), name="skbio.ilr_inv_basis"),
    case(alr_last, lambda rng: (_comp(rng, 3, 4),), SKB(_CO, "alr", "ref_idx=-1")),
    case(alr_inv_middle, lambda rng: (rng.normal(size=(2, 3)),), SKB(_CO, "alr_inv", "ref_idx=1")),
    case(vlr, lambda rng: (_comp(rng, 6), _comp(rng, 6)), SKB(_CO, "vlr")),
    case(vlr_robust, lambda rng: (np.r_[0.0, _comp(rng, 5)], np.r_[_comp(rng, 5), 0.0]),
         SKB(_CO, "vlr", "robust=True: np.ma")),
    case(_pairwise_vlr, lambda rng: (_comp(rng, 6, 3), 1), SKB(_CO, "_pairwise_vlr", "np.cov")),
]
