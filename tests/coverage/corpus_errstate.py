"""NumPy's floating-point error state in real code: functions that run their arithmetic inside their own
``with np.errstate(...)`` block (or call ``np.seterr``), copied from public repositories, with inputs that reach
the edge the block is there for (a zero denominator, the log of 0 or of a negative, 0/0, inf/inf, an overflow)
and an ordinary one. ``tests/coverage/test_errstate_corpus.py`` checks that a traced graph behaves as eager NumPy
does under NumPy's default error state, under ``all="raise"`` and under ``all="ignore"``: the same result, the same
exception class, the same RuntimeWarnings.

Not part of the harness's corpus: ``harness.load_cases()`` reads every ``corpus_*`` module's ``CASES`` as
``cases.Case`` objects whose repositories are listed in ``cases.REPOS``; these sources are not (and this file may
not edit ``cases.py``), so ``CASES`` is empty here and the cases are ``ERRSTATE_CASES``: ``(name, function,
[input tuples])``.

Sources (none of them a repository of ``cases.REPOS``; docstrings dropped, comments and code as upstream):

* scipy/scipy (BSD-3-Clause), one stored version per file:

  - @03c0972bead8518660316aeb2a525f3b536319f7 ``scipy/optimize/_linesearch.py``: ``_cubicmin``, ``_quadmin``
    (``np.errstate(divide/over/invalid='raise')`` around a ``try``/``except ArithmeticError: return None``);
  - @0c41ef4c2ae803d432d2782d65e5e0b41ea9f765 ``scipy/optimize/_lsq/common.py``: ``step_size_to_bound``;
  - @004bbdaf69afe8e6d7f0dbf9cd09ef50e3787952 ``scipy/spatial/distance.py``: ``canberra`` (with
    ``_validate_vector``, ``_validate_weights``);
  - @00f2133ed0ccef75adbe60f718500d0130c0f1c0 ``scipy/interpolate/_fitpack_impl.py``: ``splder`` (``errstate``
    'raise' turned into a ``ValueError``), with ``splantider``, which it calls for ``n < 0``;
  - @02ba80f075fadd2aef35c370ec1e08d5c8a5fe6e ``scipy/interpolate/_cubic.py``: ``PchipInterpolator._edge_case``
    and ``._find_derivatives`` (static methods, kept in a class ``PchipInterpolator`` that holds only them; the
    interpolator's ``__init__`` calls ``_find_derivatives(xv, y, xp=xp)``: the case passes ``xp=np``);
  - @04b44b100b14cea9c86b15737c959865c9e93055 ``scipy/stats/_mannwhitneyu.py``: ``_get_mwu_z``, and
    @3dbf660a919b1479cdf30d533176053b428d08d3 ``scipy/stats/_wilcoxon.py``: ``_correction_sign``, which it imports;
  - @3dbf660a919b1479cdf30d533176053b428d08d3 ``scipy/stats/_continuous_distns.py``: the methods
    ``arcsine_gen._pdf``, ``cauchy_gen._pdf``, ``laplace_gen._cdf``, ``loglaplace_gen._munp``,
    ``maxwell_gen._logpdf``, ``mielke_gen._logpdf``, ``rel_breitwigner_gen._pdf`` as module functions (``self``
    dropped: none reads it), and ``_LOG_SQRT_2_OVER_PI`` from ``scipy/stats/_constants.py`` at that commit.

* scikit-learn/scikit-learn (BSD-3-Clause):

  - @0023d2779f6a001cb71447f61e3d523cf8222076 ``sklearn/neighbors/_base.py``: ``_get_weights``;
  - @01e53c37c8fc92dee8d53c5a725360f2be1a6f21 ``sklearn/feature_selection/_univariate_selection.py``:
    ``_chisquare``, ``r_regression``, ``f_regression`` (the ``@validate_params`` decorators dropped; ``check_X_y``,
    ``row_norms`` and ``safe_sparse_dot``, sklearn helpers, are stand-ins below that do what the helpers do on dense
    float64 arrays: ``np.asarray``, ``np.einsum("ij,ij->i", X, X)`` (then ``np.sqrt``), ``a @ b``);
  - @00062c95023e515e68f93b7d6b7530146dfde90e ``sklearn/cluster/_optics.py``: ``_xi_cluster`` with
    ``_extend_region``, ``_update_filter_sdas``, ``_correct_predecessor``.

* mwaskom/seaborn (BSD-3-Clause) @f04b6cd5484267a0885d1fed068e99dff3a1b226 ``seaborn/_core/scales.py``:
  ``_make_logit_transforms``, ``_make_log_transforms``, ``_make_symlog_transforms`` (closures made once at import,
  as a seaborn scale makes them; the cases call the closures).

* arviz-devs/arviz (Apache-2.0) @0387ff726d07b913dd9d82e13baca56b9e23cc5d ``arviz/stats/stats_utils.py``:
  ``autocov`` and ``autocorr``.

* CamDavidsonPilon/lifelines (MIT) @ad023a013edaff89926ec118b16d4a0d644db9b5
  ``lifelines/fitters/kaplan_meier_fitter.py``: ``KaplanMeierFitter._additive_f`` (``self`` dropped), which calls
  ``np.seterr`` (it changes the caller's error state: the test runs every call inside an ``np.errstate()`` that
  restores it).

* matplotlib/matplotlib (Matplotlib licence, PSF-based) @00214f6a31ed48579c1a5a229af45a71d1a15a0f
  ``lib/matplotlib/scale.py``: ``LogTransform``, ``SymmetricalLogTransform``, ``InvertedSymmetricalLogTransform``,
  ``LogitTransform`` (``__init__`` and ``transform_non_affine``; ``__str__``/``inverted`` dropped). Their base class
  ``matplotlib.transforms.Transform`` and ``matplotlib._api`` are stand-ins below: ``Transform.transform`` as
  matplotlib's for 0-d and 1-d values (its affine part is the identity for these transforms), ``_api.check_getitem``
  and ``_api.check_in_list`` as matplotlib's. The transforms are made once at import; the cases call
  ``transform_non_affine``.

* sunpy/sunpy (BSD-2-Clause) @d2ae0740e520f513fa8b91a4b8f82906c2599d80 ``sunpy/coordinates/sun.py``:
  ``eclipse_amount``'s arithmetic from ``s, m, d = np.atleast_1d(...)`` to ``np.clip``, as ``eclipse_fraction(s,
  m, d)`` taking the angular radii of the Sun and the Moon and their separation in radians (upstream computes them
  from astropy coordinates and returns a Quantity in percent).

* pandas-dev/pandas (BSD-3-Clause) @019c58efc89fd49ef5633617404bfc9fb1168f41 ``pandas/core/window/common.py``:
  ``_zsqrt`` (``ABCDataFrame``, pandas' abstract class, is a stand-in class: an ndarray is not one).
"""

# ruff: noqa: E501, B904, UP031  (upstream code, as written)
from __future__ import annotations

import warnings
from functools import partial

import numpy as np
from scipy import special, stats
from scipy.fftpack import next_fast_len

# ------------------------------------------------------------------------------------------------
# scipy/optimize/_linesearch.py


def _cubicmin(a, fa, fpa, b, fb, c, fc):
    # f(x) = A *(x-a)^3 + B*(x-a)^2 + C*(x-a) + D

    with np.errstate(divide='raise', over='raise', invalid='raise'):
        try:
            C = fpa
            db = b - a
            dc = c - a
            denom = (db * dc) ** 2 * (db - dc)
            d1 = np.empty((2, 2))
            d1[0, 0] = dc ** 2
            d1[0, 1] = -db ** 2
            d1[1, 0] = -dc ** 3
            d1[1, 1] = db ** 3
            [A, B] = np.dot(d1, np.asarray([fb - fa - C * db,
                                            fc - fa - C * dc]).flatten())
            A /= denom
            B /= denom
            radical = B * B - 3 * A * C
            xmin = a + (-B + np.sqrt(radical)) / (3 * A)
        except ArithmeticError:
            return None
    if not np.isfinite(xmin):
        return None
    return xmin


def _quadmin(a, fa, fpa, b, fb):
    # f(x) = B*(x-a)^2 + C*(x-a) + D
    with np.errstate(divide='raise', over='raise', invalid='raise'):
        try:
            D = fa
            C = fpa
            db = b - a * 1.0
            B = (fb - D - C * db) / (db * db)
            xmin = a - C / (2.0 * B)
        except ArithmeticError:
            return None
    if not np.isfinite(xmin):
        return None
    return xmin


# ------------------------------------------------------------------------------------------------
# scipy/optimize/_lsq/common.py


def step_size_to_bound(x, s, lb, ub):
    non_zero = np.nonzero(s)
    s_non_zero = s[non_zero]
    steps = np.empty_like(x)
    steps.fill(np.inf)
    with np.errstate(over='ignore'):
        steps[non_zero] = np.maximum((lb - x)[non_zero] / s_non_zero,
                                     (ub - x)[non_zero] / s_non_zero)
    min_step = np.min(steps)
    return min_step, np.equal(steps, min_step) * np.sign(s).astype(int)


# ------------------------------------------------------------------------------------------------
# scipy/spatial/distance.py


def _validate_vector(u, dtype=None):
    # XXX Is order='c' really necessary?
    u = np.asarray(u, dtype=dtype, order='c')
    if u.ndim == 1:
        return u
    raise ValueError("Input vector should be 1-D.")


def _validate_weights(w, dtype=np.float64):
    w = _validate_vector(w, dtype=dtype)
    if np.any(w < 0):
        raise ValueError("Input weights should be all non-negative")
    return w


def canberra(u, v, w=None):
    u = _validate_vector(u)
    v = _validate_vector(v, dtype=np.float64)
    if w is not None:
        w = _validate_weights(w)
    with np.errstate(invalid='ignore'):
        abs_uv = abs(u - v)
        abs_u = abs(u)
        abs_v = abs(v)
        d = abs_uv / (abs_u + abs_v)
        if w is not None:
            d = w * d
        d = np.nansum(d)
    return d


# ------------------------------------------------------------------------------------------------
# scipy/interpolate/_fitpack_impl.py


def splder(tck, n=1):
    if n < 0:
        return splantider(tck, -n)

    t, c, k = tck

    if n > k:
        raise ValueError(("Order of derivative (n = %r) must be <= "
                          "order of spline (k = %r)") % (n, tck[2]))

    # Extra axes for the trailing dims of the `c` array:
    sh = (slice(None),) + ((None,)*len(c.shape[1:]))

    with np.errstate(invalid='raise', divide='raise'):
        try:
            for j in range(n):
                # See e.g. Schumaker, Spline Functions: Basic Theory, Chapter 5

                # Compute the denominator in the differentiation formula.
                # (and append traling dims, if necessary)
                dt = t[k+1:-1] - t[1:-k-1]
                dt = dt[sh]
                # Compute the new coefficients
                c = (c[1:-1-k] - c[:-2-k]) * k / dt
                # Pad coefficient array to same size as knots (FITPACK
                # convention)
                c = np.r_[c, np.zeros((k,) + c.shape[1:])]
                # Adjust knots
                t = t[1:-1]
                k -= 1
        except FloatingPointError:
            raise ValueError(("The spline has internal repeated knots "
                              "and is not differentiable %d times") % n)

    return t, c, k


def splantider(tck, n=1):
    if n < 0:
        return splder(tck, -n)

    t, c, k = tck

    # Extra axes for the trailing dims of the `c` array:
    sh = (slice(None),) + (None,)*len(c.shape[1:])

    for j in range(n):
        # This is the inverse set of operations to splder.

        # Compute the multiplier in the antiderivative formula.
        dt = t[k+1:] - t[:-k-1]
        dt = dt[sh]
        # Compute the new coefficients
        c = np.cumsum(c[:-k-1] * dt, axis=0) / (k + 1)
        c = np.r_[np.zeros((1,) + c.shape[1:]),
                  c,
                  [c[-1]] * (k+2)]
        # New knots
        t = np.r_[t[0], t, t[-1]]
        k += 1

    return t, c, k


# ------------------------------------------------------------------------------------------------
# scipy/interpolate/_cubic.py (the two static methods of PchipInterpolator)


class PchipInterpolator:

    @staticmethod
    def _edge_case(h0, h1, m0, m1, xp):
        # one-sided three-point estimate for the derivative
        d = ((2*h0 + h1)*m0 - h0*m1) / (h0 + h1)

        # try to preserve shape
        mask = xp.sign(d) != xp.sign(m0)
        mask2 = (xp.sign(m0) != xp.sign(m1)) & (xp.abs(d) > 3.*xp.abs(m0))
        mmm = (~mask) & mask2

        d[mask] = 0.
        d[mmm] = 3.*m0[mmm]

        return d

    @staticmethod
    def _find_derivatives(x, y, xp):
        # Determine the derivatives at the points y_k, d_k, by using
        #  PCHIP algorithm is:
        # We choose the derivatives at the point x_k by
        # Let m_k be the slope of the kth segment (between k and k+1)
        # If m_k=0 or m_{k-1}=0 or sgn(m_k) != sgn(m_{k-1}) then d_k == 0
        # else use weighted harmonic mean:
        #   w_1 = 2h_k + h_{k-1}, w_2 = h_k + 2h_{k-1}
        #   1/d_k = 1/(w_1 + w_2)*(w_1 / m_k + w_2 / m_{k-1})
        #   where h_k is the spacing between x_k and x_{k+1}
        y_shape = y.shape
        if y.ndim == 1:
            # So that _edge_case doesn't end up assigning to scalars
            x = x[:, None]
            y = y[:, None]

        hk = x[1:] - x[:-1]
        mk = (y[1:] - y[:-1]) / hk

        if y.shape[0] == 2:
            # edge case: only have two points, use linear interpolation
            dk = xp.zeros_like(y)
            dk[0] = mk
            dk[1] = mk
            return xp.reshape(dk, y_shape)

        smk = xp.sign(mk)
        condition = (smk[1:] != smk[:-1]) | (mk[1:] == 0) | (mk[:-1] == 0)

        w1 = 2*hk[1:] + hk[:-1]
        w2 = hk[1:] + 2*hk[:-1]

        # values where division by zero occurs will be excluded
        # by 'condition' afterwards
        with np.errstate(divide='ignore', invalid='ignore'):
            whmean = (w1/mk[:-1] + w2/mk[1:]) / (w1 + w2)

        dk = np.zeros_like(y)
        dk[1:-1][condition] = 0.0
        dk[1:-1][~condition] = 1.0 / whmean[~condition]

        # special case endpoints, as suggested in
        # Cleve Moler, Numerical Computing with MATLAB, Chap 3.6 (pchiptx.m)
        dk[0] = PchipInterpolator._edge_case(hk[0], hk[1], mk[0], mk[1], xp=xp)
        dk[-1] = PchipInterpolator._edge_case(hk[-1], hk[-2], mk[-1], mk[-2], xp=xp)

        return xp.reshape(dk, y_shape)


# ------------------------------------------------------------------------------------------------
# scipy/stats/_wilcoxon.py and scipy/stats/_mannwhitneyu.py


def _correction_sign(z, alternative, xp):
    if alternative == 'greater':
        return 1
    elif alternative == 'less':
        return -1
    else:
        return xp.sign(z)


def _get_mwu_z(U, n1, n2, t, continuity=True, *, alternative, xp):
    '''Standardized MWU statistic'''
    # Follows mannwhitneyu [2]
    mu = n1 * n2 / 2
    n = n1 + n2

    # Tie correction according to [2], "Normal approximation and tie correction"
    # "A more computationally-efficient form..."
    tie_term = xp.sum(t**3 - t, axis=-1)
    s = xp.sqrt(n1*n2/12 * ((n + 1) - tie_term/(n*(n-1))))

    numerator = U - mu

    # Continuity correction.
    # Sign is chosen to always increase the p-value to account for the rest of the
    # probability mass _at_ q = U.
    if continuity:
        sign = _correction_sign(numerator, alternative, xp=xp)
        numerator -= 0.5 * sign

    # no problem evaluating the norm SF at an infinity
    with np.errstate(divide='ignore', invalid='ignore'):
        z = numerator / s
    return z


# ------------------------------------------------------------------------------------------------
# scipy/stats/_continuous_distns.py (distribution methods; ``self`` dropped)

_LOG_SQRT_2_OVER_PI = -0.22579135264472744  # scipy/stats/_constants.py


def arcsine_pdf(x):
    # arcsine.pdf(x) = 1/(pi*sqrt(x*(1-x)))
    with np.errstate(divide='ignore'):
        return 1.0/np.pi/np.sqrt(x*(1-x))


def cauchy_pdf(x):
    # cauchy.pdf(x) = 1 / (pi * (1 + x**2))
    with np.errstate(over='ignore'):
        return 1.0/np.pi/(1.0+x*x)


def laplace_cdf(x):
    with np.errstate(over='ignore'):
        return np.where(x > 0, 1.0 - 0.5*np.exp(-x), 0.5*np.exp(x))


def loglaplace_munp(n, c):
    with np.errstate(divide='ignore'):
        c2, n2 = c**2, n**2
        return np.where(n2 < c2, c2 / (c2 - n2), np.inf)


def maxwell_logpdf(x):
    # Allow x=0 without 'divide by zero' warnings
    with np.errstate(divide='ignore'):
        return _LOG_SQRT_2_OVER_PI + 2*np.log(x) - 0.5*x*x


def mielke_logpdf(x, k, s):
    # Allow x=0 without 'divide by zero' warnings.
    with np.errstate(divide='ignore'):
        return np.log(k) + np.log(x)*(k - 1) - np.log1p(x**s)*(1 + k/s)


def rel_breitwigner_pdf(x, rho):
    # C = k / rho**2
    C = np.sqrt(
        2 * (1 + 1/rho**2) / (1 + np.sqrt(1 + 1/rho**2))
    ) * 2 / np.pi
    with np.errstate(over='ignore'):
        return C / (((x - rho)*(x + rho)/rho)**2 + 1)


# ------------------------------------------------------------------------------------------------
# sklearn/neighbors/_base.py


def _get_weights(dist, weights):
    if weights in (None, 'uniform'):
        return None
    elif weights == 'distance':
        # if user attempts to classify a point that was zero distance from one
        # or more training points, those training points are weighted as 1.0
        # and the other points as 0.0
        if dist.dtype is np.dtype(object):
            for point_dist_i, point_dist in enumerate(dist):
                # check if point_dist is iterable
                # (ex: RadiusNeighborClassifier.predict may set an element of
                # dist to 1e-6 to represent an 'outlier')
                if hasattr(point_dist, '__contains__') and 0. in point_dist:
                    dist[point_dist_i] = point_dist == 0.
                else:
                    dist[point_dist_i] = 1. / point_dist
        else:
            with np.errstate(divide='ignore'):
                dist = 1. / dist
            inf_mask = np.isinf(dist)
            inf_row = np.any(inf_mask, axis=1)
            dist[inf_row] = inf_mask[inf_row]
        return dist
    elif callable(weights):
        return weights(dist)
    else:
        raise ValueError("weights not recognized: should be 'uniform', "
                         "'distance', or a callable function")


# ------------------------------------------------------------------------------------------------
# sklearn/feature_selection/_univariate_selection.py (and stand-ins for three sklearn helpers)


def check_X_y(X, y, accept_sparse=None, dtype=None):  # stand-in: sklearn.utils.validation.check_X_y, dense input
    return np.asarray(X, dtype=dtype), np.asarray(y, dtype=dtype)


def row_norms(X, squared=False):  # stand-in: sklearn.utils.extmath.row_norms, dense input
    norms = np.einsum("ij,ij->i", X, X)
    if not squared:
        np.sqrt(norms, norms)
    return norms


def safe_sparse_dot(a, b, dense_output=False):  # stand-in: sklearn.utils.extmath.safe_sparse_dot, dense input
    return a @ b


def _chisquare(f_obs, f_exp):
    f_obs = np.asarray(f_obs, dtype=np.float64)

    k = len(f_obs)
    # Reuse f_obs for chi-squared statistics
    chisq = f_obs
    chisq -= f_exp
    chisq **= 2
    with np.errstate(invalid="ignore"):
        chisq /= f_exp
    chisq = chisq.sum(axis=0)
    return chisq, special.chdtrc(k - 1, chisq)


def r_regression(X, y, *, center=True, force_finite=True):
    X, y = check_X_y(X, y, accept_sparse=["csr", "csc", "coo"], dtype=np.float64)
    n_samples = X.shape[0]

    # Compute centered values
    # Note that E[(x - mean(x))*(y - mean(y))] = E[x*(y - mean(y))], so we
    # need not center X
    if center:
        y = y - np.mean(y)
        # TODO: for Scipy <= 1.10, `isspmatrix(X)` returns `True` for sparse arrays.
        # Here, we check the output of the `.mean` operation that returns a `np.matrix`
        # for sparse matrices while a `np.array` for dense and sparse arrays.
        # We can reconsider using `isspmatrix` when the minimum version is
        # SciPy >= 1.11
        X_means = X.mean(axis=0)
        X_means = X_means.getA1() if isinstance(X_means, np.matrix) else X_means
        # Compute the scaled standard deviations via moments
        X_norms = np.sqrt(row_norms(X.T, squared=True) - n_samples * X_means**2)
    else:
        X_norms = row_norms(X.T)

    correlation_coefficient = safe_sparse_dot(y, X)
    with np.errstate(divide="ignore", invalid="ignore"):
        correlation_coefficient /= X_norms
        correlation_coefficient /= np.linalg.norm(y)

    if force_finite and not np.isfinite(correlation_coefficient).all():
        # case where the target or some features are constant
        # the correlation coefficient(s) is/are set to the minimum (i.e. 0.0)
        nan_mask = np.isnan(correlation_coefficient)
        correlation_coefficient[nan_mask] = 0.0
    return correlation_coefficient


def f_regression(X, y, *, center=True, force_finite=True):
    correlation_coefficient = r_regression(
        X, y, center=center, force_finite=force_finite
    )
    deg_of_freedom = y.size - (2 if center else 1)

    corr_coef_squared = correlation_coefficient**2

    with np.errstate(divide="ignore", invalid="ignore"):
        f_statistic = corr_coef_squared / (1 - corr_coef_squared) * deg_of_freedom
        p_values = stats.f.sf(f_statistic, 1, deg_of_freedom)

    if force_finite and not np.isfinite(f_statistic).all():
        # case where there is a perfect (anti-)correlation
        # f-statistics can be set to the maximum and p-values to zero
        mask_inf = np.isinf(f_statistic)
        f_statistic[mask_inf] = np.finfo(f_statistic.dtype).max
        # case where the target or some features are constant
        # f-statistics would be minimum and thus p-values large
        mask_nan = np.isnan(f_statistic)
        f_statistic[mask_nan] = 0.0
        p_values[mask_nan] = 1.0
    return f_statistic, p_values


# ------------------------------------------------------------------------------------------------
# sklearn/cluster/_optics.py


def _extend_region(steep_point, xward_point, start, min_samples):
    n_samples = len(steep_point)
    non_xward_points = 0
    index = start
    end = start
    # find a maximal area
    while index < n_samples:
        if steep_point[index]:
            non_xward_points = 0
            end = index
        elif not xward_point[index]:
            # it's not a steep point, but still goes up.
            non_xward_points += 1
            # region should include no more than min_samples consecutive
            # non steep xward points.
            if non_xward_points > min_samples:
                break
        else:
            return end
        index += 1
    return end


def _update_filter_sdas(sdas, mib, xi_complement, reachability_plot):
    if np.isinf(mib):
        return []
    res = [
        sda for sda in sdas if mib <= reachability_plot[sda["start"]] * xi_complement
    ]
    for sda in res:
        sda["mib"] = max(sda["mib"], mib)
    return res


def _correct_predecessor(reachability_plot, predecessor_plot, ordering, s, e):
    while s < e:
        if reachability_plot[s] > reachability_plot[e]:
            return s, e
        p_e = ordering[predecessor_plot[e]]
        for i in range(s, e):
            if p_e == ordering[i]:
                return s, e
        e -= 1
    return None, None


def _xi_cluster(
    reachability_plot,
    predecessor_plot,
    ordering,
    xi,
    min_samples,
    min_cluster_size,
    predecessor_correction,
):
    # Our implementation adds an inf to the end of reachability plot
    # this helps to find potential clusters at the end of the
    # reachability plot even if there's no upward region at the end of it.
    reachability_plot = np.hstack((reachability_plot, np.inf))

    xi_complement = 1 - xi
    sdas = []  # steep down areas, introduced in section 4.3.2 of the paper
    clusters = []
    index = 0
    mib = 0.0  # maximum in between, section 4.3.2

    # Our implementation corrects a mistake in the original
    # paper, i.e., in Definition 9 steep downward point,
    # r(p) * (1 - x1) <= r(p + 1) should be
    # r(p) * (1 - x1) >= r(p + 1)
    with np.errstate(invalid="ignore"):
        ratio = reachability_plot[:-1] / reachability_plot[1:]
        steep_upward = ratio <= xi_complement
        steep_downward = ratio >= 1 / xi_complement
        downward = ratio > 1
        upward = ratio < 1

    # the following loop is almost exactly as Figure 19 of the paper.
    # it jumps over the areas which are not either steep down or up areas
    for steep_index in iter(np.flatnonzero(steep_upward | steep_downward)):
        # just continue if steep_index has been a part of a discovered xward
        # area.
        if steep_index < index:
            continue

        mib = max(mib, np.max(reachability_plot[index : steep_index + 1]))

        # steep downward areas
        if steep_downward[steep_index]:
            sdas = _update_filter_sdas(sdas, mib, xi_complement, reachability_plot)
            D_start = steep_index
            D_end = _extend_region(steep_downward, upward, D_start, min_samples)
            D = {"start": D_start, "end": D_end, "mib": 0.0}
            sdas.append(D)
            index = D_end + 1
            mib = reachability_plot[index]

        # steep upward areas
        else:
            sdas = _update_filter_sdas(sdas, mib, xi_complement, reachability_plot)
            U_start = steep_index
            U_end = _extend_region(steep_upward, downward, U_start, min_samples)
            index = U_end + 1
            mib = reachability_plot[index]

            U_clusters = []
            for D in sdas:
                c_start = D["start"]
                c_end = U_end

                # line (**), sc2*
                if reachability_plot[c_end + 1] * xi_complement < D["mib"]:
                    continue

                # Definition 11: criterion 4
                D_max = reachability_plot[D["start"]]
                if D_max * xi_complement >= reachability_plot[c_end + 1]:
                    # Find the first index from the left side which is almost
                    # at the same level as the end of the detected cluster.
                    while (
                        reachability_plot[c_start + 1] > reachability_plot[c_end + 1]
                        and c_start < D["end"]
                    ):
                        c_start += 1
                elif reachability_plot[c_end + 1] * xi_complement >= D_max:
                    # Find the first index from the right side which is almost
                    # at the same level as the beginning of the detected
                    # cluster.
                    # Our implementation corrects a mistake in the original
                    # paper, i.e., in Definition 11 4c, r(x) < r(sD) should be
                    # r(x) > r(sD).
                    while reachability_plot[c_end - 1] > D_max and c_end > U_start:
                        c_end -= 1

                # predecessor correction
                if predecessor_correction:
                    c_start, c_end = _correct_predecessor(
                        reachability_plot, predecessor_plot, ordering, c_start, c_end
                    )
                if c_start is None:
                    continue

                # Definition 11: criterion 3.a
                if c_end - c_start + 1 < min_cluster_size:
                    continue

                # Definition 11: criterion 1
                if c_start > D["end"]:
                    continue

                # Definition 11: criterion 2
                if c_end < U_start:
                    continue

                U_clusters.append((c_start, c_end))

            # add smaller clusters first.
            U_clusters.reverse()
            clusters.extend(U_clusters)

    return np.array(clusters)


# ------------------------------------------------------------------------------------------------
# seaborn/_core/scales.py

def _make_logit_transforms(base: float | None = None):

    log, exp = _make_log_transforms(base)

    def logit(x):
        with np.errstate(invalid="ignore", divide="ignore"):
            return log(x) - log(1 - x)

    def expit(x):
        with np.errstate(invalid="ignore", divide="ignore"):
            return exp(x) / (1 + exp(x))

    return logit, expit


def _make_log_transforms(base: float | None = None):

    if base is None:
        fs = np.log, np.exp
    elif base == 2:
        fs = np.log2, partial(np.power, 2)
    elif base == 10:
        fs = np.log10, partial(np.power, 10)
    else:
        def forward(x):
            return np.log(x) / np.log(base)
        fs = forward, partial(np.power, base)

    def log(x):
        with np.errstate(invalid="ignore", divide="ignore"):
            return fs[0](x)

    def exp(x):
        with np.errstate(invalid="ignore", divide="ignore"):
            return fs[1](x)

    return log, exp


def _make_symlog_transforms(c: float = 1, base: float = 10):

    # From https://iopscience.iop.org/article/10.1088/0957-0233/24/2/027001

    # Note: currently not using base because we only get
    # one parameter from the string, and are using c (this is consistent with d3)

    log, exp = _make_log_transforms(base)

    def symlog(x):
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.sign(x) * log(1 + np.abs(np.divide(x, c)))

    def symexp(x):
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.sign(x) * c * (exp(np.abs(x)) - 1)

    return symlog, symexp


# ------------------------------------------------------------------------------------------------
# arviz/stats/stats_utils.py


def autocov(ary, axis=-1):
    axis = axis if axis > 0 else len(ary.shape) + axis
    n = ary.shape[axis]
    m = next_fast_len(2 * n)

    ary = ary - ary.mean(axis, keepdims=True)

    # added to silence tuple warning for a submodule
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")

        ifft_ary = np.fft.rfft(ary, n=m, axis=axis)
        ifft_ary *= np.conjugate(ifft_ary)

        shape = tuple(
            slice(None) if dim_len != axis else slice(0, n) for dim_len, _ in enumerate(ary.shape)
        )
        cov = np.fft.irfft(ifft_ary, n=m, axis=axis)[shape]
        cov /= n

    return cov


def autocorr(ary, axis=-1):
    corr = autocov(ary, axis=axis)
    axis = axis = axis if axis > 0 else len(corr.shape) + axis
    norm = tuple(
        slice(None, None) if dim != axis else slice(None, 1) for dim, _ in enumerate(corr.shape)
    )
    with np.errstate(invalid="ignore"):
        corr /= corr[norm]
    return corr


# ------------------------------------------------------------------------------------------------
# lifelines/fitters/kaplan_meier_fitter.py (KaplanMeierFitter._additive_f; ``self`` dropped)


def _additive_f(population, deaths):
    np.seterr(invalid="ignore", divide="ignore")
    return np.log(population - deaths) - np.log(population)


# ------------------------------------------------------------------------------------------------
# lib/matplotlib/scale.py (with stand-ins for matplotlib.transforms.Transform and matplotlib._api)


class _api:  # stand-in: matplotlib._api's two checks, as matplotlib writes them
    @staticmethod
    def check_getitem(mapping, /, **kwargs):
        (k, v), = kwargs.items()
        try:
            return mapping[v]
        except KeyError:
            raise ValueError(f"{v!r} is not a valid value for {k}; supported values are "
                             f"{', '.join(map(repr, mapping))}") from None

    @staticmethod
    def check_in_list(values, /, **kwargs):
        for key, val in kwargs.items():
            if val not in values:
                raise ValueError(f"{val!r} is not a valid value for {key}")


class Transform:  # stand-in: matplotlib.transforms.Transform (identity affine part, 0-d and 1-d values)
    input_dims = output_dims = None

    def __init__(self, shorthand_name=None):
        self._shorthand_name = shorthand_name or ''

    def transform(self, values):
        values = np.asanyarray(values)
        ndim = values.ndim
        values = values.reshape((-1, self.input_dims))
        res = self.transform_non_affine(values)
        if ndim == 0:
            return res[0, 0]
        return res.reshape(-1)


class LogTransform(Transform):
    input_dims = output_dims = 1

    def __init__(self, base, nonpositive='clip'):
        super().__init__()
        if base <= 0 or base == 1:
            raise ValueError('The log base cannot be <= 0 or == 1')
        self.base = base
        self._clip = _api.check_getitem(
            {"clip": True, "mask": False}, nonpositive=nonpositive)

    def transform_non_affine(self, values):
        # Ignore invalid values due to nans being passed to the transform.
        with np.errstate(divide="ignore", invalid="ignore"):
            log = {np.e: np.log, 2: np.log2, 10: np.log10}.get(self.base)
            if log:  # If possible, do everything in a single call to NumPy.
                out = log(values)
            else:
                out = np.log(values)
                out /= np.log(self.base)
            if self._clip:
                # SVG spec says that conforming viewers must support values up
                # to 3.4e38 (C float); however experiments suggest that
                # Inkscape (which uses cairo for rendering) runs into cairo's
                # 24-bit limit (which is apparently shared by Agg).
                # Ghostscript (used for pdf rendering appears to overflow even
                # earlier, with the max value around 2 ** 15 for the tests to
                # pass. On the other hand, in practice, we want to clip beyond
                #     np.log10(np.nextafter(0, 1)) ~ -323
                # so 1000 seems safe.
                out[values <= 0] = -1000
        return out


class SymmetricalLogTransform(Transform):
    input_dims = output_dims = 1

    def __init__(self, base, linthresh, linscale):
        super().__init__()
        if base <= 1.0:
            raise ValueError("'base' must be larger than 1")
        if linthresh <= 0.0:
            raise ValueError("'linthresh' must be positive")
        if linscale <= 0.0:
            raise ValueError("'linscale' must be positive")
        self.base = base
        self.linthresh = linthresh
        self.linscale = linscale
        self._linscale_adj = (linscale / (1.0 - self.base ** -1))
        self._log_base = np.log(base)

    def transform_non_affine(self, values):
        abs_a = np.abs(values)
        with np.errstate(divide="ignore", invalid="ignore"):
            out = np.sign(values) * self.linthresh * (
                self._linscale_adj +
                np.log(abs_a / self.linthresh) / self._log_base)
            inside = abs_a <= self.linthresh
        out[inside] = values[inside] * self._linscale_adj
        return out


class InvertedSymmetricalLogTransform(Transform):
    input_dims = output_dims = 1

    def __init__(self, base, linthresh, linscale):
        super().__init__()
        symlog = SymmetricalLogTransform(base, linthresh, linscale)
        self.base = base
        self.linthresh = linthresh
        self.invlinthresh = symlog.transform(linthresh)
        self.linscale = linscale
        self._linscale_adj = (linscale / (1.0 - self.base ** -1))

    def transform_non_affine(self, values):
        abs_a = np.abs(values)
        with np.errstate(divide="ignore", invalid="ignore"):
            out = np.sign(values) * self.linthresh * (
                np.power(self.base,
                         abs_a / self.linthresh - self._linscale_adj))
            inside = abs_a <= self.invlinthresh
        out[inside] = values[inside] / self._linscale_adj
        return out


class LogitTransform(Transform):
    input_dims = output_dims = 1

    def __init__(self, nonpositive='mask'):
        super().__init__()
        _api.check_in_list(['mask', 'clip'], nonpositive=nonpositive)
        self._nonpositive = nonpositive
        self._clip = {"clip": True, "mask": False}[nonpositive]

    def transform_non_affine(self, values):
        """logit transform (base 10), masked or clipped"""
        with np.errstate(divide="ignore", invalid="ignore"):
            out = np.log10(values / (1 - values))
        if self._clip:  # See LogTransform for choice of clip value.
            out[values <= 0] = -1000
            out[1 <= values] = 1000
        return out


# ------------------------------------------------------------------------------------------------
# sunpy/coordinates/sun.py (eclipse_amount's arithmetic)


def eclipse_fraction(s, m, d):
    # Elevate scalars to arrays
    s, m, d = np.atleast_1d(s), np.atleast_1d(m), np.atleast_1d(d)

    # Pre-calculate cosines, sines, and areas of the Sun and Moon
    cs, ss = np.cos(s), np.sin(s)
    cm, sm = np.cos(m), np.sin(m)
    cd, sd = np.cos(d), np.sin(d)
    area_s = 2 * np.pi * (1 - cs)
    area_m = 2 * np.pi * (1 - cm)

    # Calculate the area of the intersection of two spherical caps
    # Tovchigrechko & Vakser (2001), eq. 4, https://doi.org/10.1110/ps.8701
    # See also https://math.stackexchange.com/a/4028073
    with np.errstate(invalid='ignore'):
        area_int = 2 * (np.pi
                        - np.arccos((cd - cs * cm) / (ss * sm))
                        - np.arccos((cm - cd * cs) / (sd * ss)) * cs
                        - np.arccos((cs - cd * cm) / (sd * sm)) * cm)

    # The above formula does not handle the edge cases
    area_int[d >= s + m] = 0  # zero eclipse
    area_int[m >= s + d] = area_s[m >= s + d]  # total eclipse
    area_int[s >= m + d] = area_m[s >= m + d]  # annular eclipse

    # Divide by the area of the Sun to get the eclipse fraction
    fraction = area_int / area_s

    # Clip the result to remove <0% and >100% due to numerical precision
    fraction = np.clip(fraction, 0, 1)

    return fraction


# ------------------------------------------------------------------------------------------------
# pandas/core/window/common.py


class ABCDataFrame:  # stand-in: pandas.core.dtypes.generic.ABCDataFrame (an ndarray is not one)
    pass


def _zsqrt(x):
    with np.errstate(all="ignore"):
        result = np.sqrt(x)
        mask = x < 0

    if isinstance(x, ABCDataFrame):
        if mask.values.any():
            result[mask] = 0
    else:
        if mask.any():
            result[mask] = 0

    return result


# ================================================================================================
# The cases: one-line wrappers named after the case fix the non-array parameters.

_SEABORN_LOGIT, _SEABORN_EXPIT = _make_logit_transforms()
_SEABORN_LOG, _ = _make_log_transforms()
_SEABORN_LOG2, _ = _make_log_transforms(2)
_SEABORN_LOG3, _ = _make_log_transforms(3)
_SEABORN_SYMLOG_C0, _ = _make_symlog_transforms(c=0)
_, _SEABORN_SYMEXP = _make_symlog_transforms()

_MPL_LOG10_CLIP = LogTransform(10)
_MPL_LOG3_MASK = LogTransform(3, nonpositive='mask')
_MPL_SYMLOG = SymmetricalLogTransform(10, 2.0, 1.0)
_MPL_INV_SYMLOG = InvertedSymmetricalLogTransform(10, 2.0, 1.0)
_MPL_LOGIT_CLIP = LogitTransform('clip')
_MPL_LOGIT_MASK = LogitTransform('mask')


def scipy_cubicmin(a, fa, fpa, b, fb, c, fc):
    return _cubicmin(a, fa, fpa, b, fb, c, fc)


def scipy_quadmin(a, fa, fpa, b, fb):
    return _quadmin(a, fa, fpa, b, fb)


def scipy_step_size_to_bound(x, s, lb, ub):
    return step_size_to_bound(x, s, lb, ub)


def scipy_canberra(u, v):
    return canberra(u, v)


def scipy_splder3(t, c):
    return splder((t, c, 3), 3)


def scipy_pchip_derivatives(x, y):
    return PchipInterpolator._find_derivatives(x, y, xp=np)


def scipy_mwu_z(U, n1, n2, t):
    return _get_mwu_z(U, n1, n2, t, alternative="two-sided", xp=np)


def sklearn_neighbors_distance_weights(dist):
    return _get_weights(dist, "distance")


def sklearn_chisquare(f_obs, f_exp):
    return _chisquare(f_obs, f_exp)


def sklearn_r_regression(X, y):
    return r_regression(X, y)


def sklearn_f_regression(X, y):
    return f_regression(X, y)


def sklearn_optics_xi_cluster(reachability_plot, predecessor_plot, ordering):
    return _xi_cluster(reachability_plot, predecessor_plot, ordering, 0.05, 2, 2, True)


def seaborn_logit(x):
    return _SEABORN_LOGIT(x)


def seaborn_expit(x):
    return _SEABORN_EXPIT(x)


def seaborn_log(x):
    return _SEABORN_LOG(x)


def seaborn_log2(x):
    return _SEABORN_LOG2(x)


def seaborn_log_base3(x):
    return _SEABORN_LOG3(x)


def seaborn_symlog_c0(x):
    return _SEABORN_SYMLOG_C0(x)


def seaborn_symexp(x):
    return _SEABORN_SYMEXP(x)


def arviz_autocorr(ary):
    return autocorr(ary)


def lifelines_additive_f(population, deaths):
    return _additive_f(population, deaths)


def mpl_log10_clip(values):
    return _MPL_LOG10_CLIP.transform_non_affine(values)


def mpl_log3_mask(values):
    return _MPL_LOG3_MASK.transform_non_affine(values)


def mpl_symlog(values):
    return _MPL_SYMLOG.transform_non_affine(values)


def mpl_inverted_symlog(values):
    return _MPL_INV_SYMLOG.transform_non_affine(values)


def mpl_logit_clip(values):
    return _MPL_LOGIT_CLIP.transform_non_affine(values)


def mpl_logit_mask(values):
    return _MPL_LOGIT_MASK.transform_non_affine(values)


def sunpy_eclipse_fraction(s, m, d):
    return eclipse_fraction(s, m, d)


def pandas_zsqrt(x):
    return _zsqrt(x)


# ------------------------------------------------------------------------------------------------
# Inputs: float64 arrays or scalars (the OPTICS predecessor and ordering arrays are int64, as OPTICS makes them).
# In each list the ordinary input comes first, then the edges the errstate block is there for.

_rng = np.random.default_rng(20240611)
f8 = np.float64


def _a(*values):
    return np.array(values, dtype=np.float64)


_X_REG = _rng.normal(size=(8, 3))
_Y_REG = _X_REG @ _a(1.0, -2.0, 0.5) + 0.1 * _rng.normal(size=8)
_X_CONST = _X_REG.copy()
_X_CONST[:, 1] = 0.0  # a constant (all-zero) feature: its norm and its product with y are exactly 0: 0/0
# Perfectly correlated, in exact arithmetic: the centered target's squared norm is 36 and the feature's 144, so r is
# exactly 1 and 1 - r**2 exactly 0 (with _Y_REG, r came out 1 + 2**-52 or so, and whether SciPy's f.sf of the
# negative statistic set a flag depended on its version: SciPy 1.18 sets none).
_Y_PERFECT = _a(3.0, -3.0, 2.0, -2.0, 2.0, -2.0, 1.0, -1.0) + 5.0
_X_PERFECT = _X_REG.copy()
_X_PERFECT[:, 2] = 2.0 * _Y_PERFECT + 1.0

_REACH = _a(np.inf, 1.0, 0.9, 0.95, 0.2, 0.15, 0.18, 0.2, 3.0, 2.8, 0.3, 0.25, 0.3, 4.0)
_PRED = np.array([-1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
_ORDER = np.arange(14)

_SPLINE_T = _a(0, 0, 0, 0, 1, 2, 3, 4, 5, 5, 5, 5)
_SPLINE_C = _a(1.0, 2.0, 0.5, 3.0, 2.5, 1.0, 4.0, 2.0, 0, 0, 0, 0)
_SPLINE_T_DOUBLE = _a(0, 0, 0, 0, 1, 2, 2, 4, 5, 5, 5, 5)  # a double internal knot: 0 in the 3rd derivative's dt
_SPLINE_C_FLAT = _a(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0, 0, 0, 0)  # with the double knot: 0/0

_MWU_T = np.array([[1, 1, 1, 1, 1, 1, 1], [2, 2, 1, 1, 1, 0, 0], [3, 1, 1, 1, 1, 0, 0]], dtype=np.float64)
_MWU_T_ALL_TIED = np.array([[1, 1, 1, 1, 1, 1, 1], [7, 0, 0, 0, 0, 0, 0], [7, 0, 0, 0, 0, 0, 0]], dtype=np.float64)

ERRSTATE_CASES = [
    # scipy
    ("scipy_cubicmin", scipy_cubicmin, [
        (f8(0.0), f8(1.0), f8(-1.0), f8(1.0), f8(0.5), f8(2.0), f8(1.5)),
        (f8(0.0), f8(1.0), f8(-1.0), f8(0.0), f8(0.5), f8(2.0), f8(1.5)),  # b == a: A /= 0
        (f8(0.0), f8(1.0), f8(2.0), f8(1.0), f8(2.0), f8(2.0), f8(5.0)),  # sqrt of a negative radical
        (f8(0.0), f8(1e200), f8(-1e200), f8(1e100), f8(0.5), f8(2e100), f8(1.5)),  # overflow
    ]),
    ("scipy_quadmin", scipy_quadmin, [
        (f8(0.0), f8(1.0), f8(-1.0), f8(1.0), f8(0.5)),
        (f8(1.0), f8(1.0), f8(-1.0), f8(1.0), f8(0.5)),  # b == a: 0/0
        (f8(0.0), f8(1.0), f8(-1.0), f8(1.0), f8(0.0)),  # B == 0: C/0
        (f8(0.0), f8(1.0), f8(-1e300), f8(1e-300), f8(0.5)),  # overflow
    ]),
    ("scipy_step_size_to_bound", scipy_step_size_to_bound, [
        (_a(0.5, 0.2, -0.3), _a(1.0, -0.5, 0.25), _a(-1.0, -1.0, -1.0), _a(1.0, 1.0, 1.0)),
        (_a(0.5, 0.2, -0.3), _a(1e-300, -0.5, 0.0), _a(-1e10, -1.0, -1.0), _a(1e10, 1.0, 1.0)),  # (lb-x)/tiny: over
        (_a(0.0, 0.0), _a(-1e-300, 1e-300), _a(-1e300, -1.0), _a(1e300, 1.0)),  # overflow in both (no subnormal)
    ]),
    ("scipy_canberra", scipy_canberra, [
        (_a(1.0, 2.0, 3.0, -1.0), _a(2.0, 2.5, -1.0, 4.0)),
        (_a(1.0, 0.0, 0.0, 3.0), _a(0.0, 0.0, 2.0, 3.0)),  # 0/0 at index 1
        (_a(0.0, 0.0, 0.0), _a(0.0, 0.0, 0.0)),  # all 0/0
    ]),
    ("scipy_splder3", scipy_splder3, [
        (_SPLINE_T, _SPLINE_C),
        (_SPLINE_T_DOUBLE, _SPLINE_C),  # x/0 in the third step: FloatingPointError -> ValueError
        (_SPLINE_T_DOUBLE, _SPLINE_C_FLAT),  # 0/0 in the first step that reaches the knot
    ]),
    ("scipy_pchip_derivatives", scipy_pchip_derivatives, [
        (_a(0.0, 1.0, 2.5, 3.0, 4.5), _a(0.0, 1.0, 3.0, 2.0, 4.0)),
        (_a(0.0, 1.0, 2.0, 3.0, 4.0), _a(1.0, 1.0, 2.0, 2.0, 3.0)),  # flat segments: w/0
        (_a(0.0, 1.0, 2.0, 3.0), _a(2.0, 2.0, 2.0, 2.0)),  # all flat
    ]),
    ("scipy_mwu_z", scipy_mwu_z, [
        (_a(10.0, 14.0, 30.0), f8(5.0), f8(7.0), _MWU_T[:, :5]),
        (_a(10.0, 17.5, 20.0), f8(3.0), f8(4.0), _MWU_T_ALL_TIED),  # all tied: s == 0 (x/0 and 0/0)
        (_a(17.5, 17.5, 17.5), f8(5.0), f8(7.0), np.array([[12.0] + [0.0] * 6] * 3)),  # 0/0 after the sign
    ]),
    ("scipy_arcsine_pdf", arcsine_pdf, [
        (_a(0.1, 0.5, 0.9),),
        (_a(0.0, 0.5, 1.0),),  # the ends: 1/0
        (_a(0.0, 1.0, 1.5),),  # past the support: sqrt of a negative (outside the block's 'divide')
    ]),
    ("scipy_cauchy_pdf", cauchy_pdf, [
        (_a(-3.0, 0.0, 2.5),),
        (_a(1e200, -1e300, 1.0),),  # x*x overflows
        (f8(1e160),),
    ]),
    ("scipy_laplace_cdf", laplace_cdf, [
        (_a(-2.0, 0.0, 3.0),),
        (_a(-1000.0, 1000.0),),  # both branches are computed: exp(1000) overflows
        (_a(800.0, 0.5),),
    ]),
    ("scipy_loglaplace_munp", loglaplace_munp, [
        (_a(1.0, 2.0), _a(3.0, 4.0)),
        (_a(1.0, 2.0, 3.0), _a(1.0, 2.0, 5.0)),  # n == c: c2/0
        (_a(3.0), _a(-3.0)),
    ]),
    ("scipy_maxwell_logpdf", maxwell_logpdf, [
        (_a(0.5, 1.0, 3.0),),
        (_a(0.0, 1.0),),  # log(0)
        (_a(0.0, -1.0),),  # log of a negative: 'invalid', outside the block's 'divide'
    ]),
    ("scipy_mielke_logpdf", mielke_logpdf, [
        (_a(0.5, 1.0, 2.0), f8(2.0), f8(3.0)),
        (_a(0.0, 1.0), f8(2.0), f8(3.0)),  # log(0)*(k-1)
        (_a(0.0, 2.0), f8(1.0), f8(3.0)),  # log(0)*(k-1) with k == 1: -inf*0 ('invalid', not ignored)
    ]),
    ("scipy_rel_breitwigner_pdf", rel_breitwigner_pdf, [
        (_a(0.5, 1.0, 4.0), f8(1.5)),
        (_a(1e160, -1e200, 2.0), f8(1.5)),  # the square overflows
        (_a(1.0, 2.0), f8(1e-200)),  # 1/rho**2 outside the block: rho**2 underflows to 0
    ]),
    # scikit-learn
    ("sklearn_neighbors_distance_weights", sklearn_neighbors_distance_weights, [
        (np.array([[0.5, 1.0, 2.0], [0.25, 4.0, 1.0]]),),
        (np.array([[0.0, 1.0, 2.0], [0.25, 4.0, 1.0]]),),  # a zero distance: 1/0
        (np.array([[0.0, 0.0, 2.0], [0.0, 4.0, 0.0]]),),
    ]),
    ("sklearn_chisquare", sklearn_chisquare, [
        (np.array([[3.0, 5.0], [7.0, 1.0]]), np.array([[4.0, 4.0], [6.0, 2.0]])),
        (np.array([[0.0, 5.0], [7.0, 1.0]]), np.array([[0.0, 4.0], [6.0, 2.0]])),  # 0/0 (the block's 'invalid')
        (np.array([[1.0, 5.0], [7.0, 1.0]]), np.array([[0.0, 4.0], [6.0, 2.0]])),  # x/0: 'divide', not ignored
    ]),
    ("sklearn_r_regression", sklearn_r_regression, [
        (_X_REG, _Y_REG),
        (_X_CONST, _Y_REG),  # a constant feature
        (_X_REG, np.full(8, 2.0)),  # a constant target: norm(y) == 0
    ]),
    ("sklearn_f_regression", sklearn_f_regression, [
        (_X_REG, _Y_REG),
        (_X_PERFECT, _Y_PERFECT),  # 1 - r**2 == 0
        (_X_CONST, _Y_REG),
    ]),
    ("sklearn_optics_xi_cluster", sklearn_optics_xi_cluster, [
        (_REACH[1:], _PRED[1:] - 1, _ORDER[:-1]),
        (np.concatenate([[np.inf], _REACH]), np.append(-1, _PRED + 1), np.arange(15)),  # two infs first: inf/inf
        (np.concatenate([_REACH, [np.inf]]), np.append(_PRED, 13), np.arange(15)),  # inf/inf at the end
        (_a(np.inf, 0.0, 0.0, 1.0, 0.0, 0.0, 2.0), np.array([-1, 0, 1, 2, 3, 4, 5]), np.arange(7)),  # 0/0
    ]),
    # seaborn
    ("seaborn_logit", seaborn_logit, [
        (_a(0.1, 0.5, 0.9),),
        (_a(0.0, 0.5, 1.0),),  # log(0)
        (_a(-0.5, 1.5),),  # log of a negative
    ]),
    ("seaborn_expit", seaborn_expit, [
        (_a(-2.0, 0.0, 3.0),),
        (_a(1000.0, 0.0),),  # exp overflows ('over', outside the block's invalid/divide); then inf/inf
        (_a(-1000.0, 800.0),),
    ]),
    ("seaborn_log", seaborn_log, [
        (_a(0.5, 1.0, 10.0),),
        (_a(0.0, 1.0),),
        (_a(-1.0, 0.0, np.nan),),
    ]),
    ("seaborn_log2", seaborn_log2, [
        (_a(0.5, 1.0, 8.0),),
        (_a(0.0, 4.0),),
        (_a(-2.0, 2.0),),
    ]),
    ("seaborn_log_base3", seaborn_log_base3, [
        (_a(1.0, 3.0, 9.0),),
        (_a(0.0, 3.0),),
        (_a(-3.0, 27.0),),
    ]),
    ("seaborn_symlog_c0", seaborn_symlog_c0, [
        (_a(np.inf, -np.inf),),  # ordinary for c=0's arithmetic: inf/0 is inf, no error
        (_a(1.0, -2.0),),  # x/0
        (_a(0.0, 1.0),),  # 0/0
    ]),
    ("seaborn_symexp", seaborn_symexp, [
        (_a(-2.0, 0.0, 3.0),),
        (_a(400.0, -1.0),),  # 10**400 overflows ('over', outside the block's invalid/divide)
        (_a(-1000.0, np.nan),),
    ]),
    # arviz
    ("arviz_autocorr", arviz_autocorr, [
        (_rng.normal(size=(2, 16)),),
        (np.vstack([_rng.normal(size=16), np.full(16, 3.0)]),),  # a constant chain: 0/0
        (np.full((1, 8), -1.5),),
    ]),
    # lifelines
    ("lifelines_additive_f", lifelines_additive_f, [
        (_a(10.0, 8.0, 5.0), _a(2.0, 3.0, 1.0)),
        (_a(10.0, 8.0, 5.0), _a(2.0, 8.0, 1.0)),  # log(0)
        (_a(0.0, 3.0), _a(0.0, 5.0)),  # log(0) - log(0): -inf - -inf; log of a negative
    ]),
    # matplotlib
    ("mpl_log10_clip", mpl_log10_clip, [
        (_a(0.1, 1.0, 100.0),),
        (_a(0.0, 10.0),),
        (_a(-1.0, 0.0, np.nan),),
    ]),
    ("mpl_log3_mask", mpl_log3_mask, [
        (_a(1.0, 3.0, 81.0),),
        (_a(0.0, 9.0),),
        (_a(-3.0, 3.0),),
    ]),
    ("mpl_symlog", mpl_symlog, [
        (_a(-50.0, -3.0, 5.0, 1000.0),),
        (_a(0.0, 5.0),),  # log(0) (then overwritten: inside the linear range)
        (_a(0.0, 0.0, 1.0),),  # all inside, and log(0)
    ]),
    ("mpl_inverted_symlog", mpl_inverted_symlog, [
        (_a(-3.0, 0.5, 2.5),),
        (_a(1000.0, 1.0),),  # 10**499 overflows ('over', outside the block's divide/invalid)
        (_a(-1e5, 0.0),),
    ]),
    ("mpl_logit_clip", mpl_logit_clip, [
        (_a(0.1, 0.5, 0.99),),
        (_a(0.0, 1.0, 0.5),),  # 0/1 -> log10(0); 1/0
        (_a(-0.5, 2.0),),  # log10 of a negative
    ]),
    ("mpl_logit_mask", mpl_logit_mask, [
        (_a(0.25, 0.75),),
        (_a(0.0, 1.0),),
        (_a(1.5, -1.0),),
    ]),
    # sunpy
    ("sunpy_eclipse_fraction", sunpy_eclipse_fraction, [
        (_a(0.00465), _a(0.0045), _a(0.002)),  # partial eclipse
        (_a(0.00465, 0.00465, 0.00465), _a(0.0045, 0.0050, 0.0030), _a(0.02, 0.0001, 0.0005)),  # arccos(>1)
        (_a(0.0, 0.00465), _a(0.0045, 0.0045), _a(0.002, 0.02)),  # s == 0: x/0 outside 'invalid'
    ]),
    # pandas
    ("pandas_zsqrt", pandas_zsqrt, [
        (_a(0.0, 4.0, 9.0),),
        (_a(-1.0, 4.0, -0.0),),  # sqrt of a negative
        (_a(np.nan, -np.inf, 1.0),),
    ]),
]

# The harness's corpus is made of cases.Case objects whose repositories are in cases.REPOS: none here.
CASES: list = []
