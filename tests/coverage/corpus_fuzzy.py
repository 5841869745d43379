"""scikit-fuzzy's membership functions, defuzzification, fuzzy relations and c-means
(scikit-fuzzy/scikit-fuzzy, BSD-3-Clause).

Copied from scikit-fuzzy/scikit-fuzzy at be7e344f3ce65845e39922aa5fc1af7412d01944 (its LICENSE.txt is the
3-clause BSD licence: "Copyright (c) 2012, the scikit-fuzzy team"), the files named in each section below.
Bodies are as written, comments kept, docstrings dropped. These are the functions a fuzzy-logic user calls
on arrays: membership functions built from boolean masks written into ``np.ones``/``np.zeros`` (``y[idx] =
...``), ``assert``s on their parameters, the centroid and bisector defuzzifiers (a loop over the universe with
value-dependent ``if``/``elif`` chains on its elements), max-min compositions (nested loops writing into a
matrix), interval arithmetic (``try``/``except``, Python ``min``/``max`` of array elements), and fuzzy c-means
(a ``while`` loop with a convergence ``break``, ``scipy.spatial.distance.cdist``).

Adapted, beyond that:

* ``defuzzify/exceptions.py``'s two exceptions are copied; ``lambda_cut_boundaries`` (which needs skfuzzy's copy
  of ``np.pad``) is not, nor the ``filters`` (``view_as_windows``) and ``control`` packages (rule objects);
* ``fuzzymath/fuzzy_ops.py`` has a second ``sigmoid`` (``power``, ``split``): it is not copied, so that
  ``sigmoid`` is ``membership/generatemf.py``'s;
* functions given another function (``fuzzy_op``'s ``op``, ``fuzzy_norm``'s ``norm``) are staged through the
  library's own wrappers (``fuzzy_add``, ``fuzzy_and``) as a user calls them;
* ``cmeans`` and ``cmeans_predict`` are given ``init`` (a column-normalized random membership matrix), so they
  never draw from ``np.random``'s global state.

The inputs are universes (sorted ``np.linspace`` or sorted uniform draws), membership functions evaluated on
them (triangles and trapezoids with a plateau, so that the defuzzifiers meet their rectangle, triangle and
trapezoid branches), parameters as Python floats (part of the trace key) or NumPy float64 scalars (traced),
fuzzy relations with values in [0, 1], and 2-D point clouds around three centres for c-means.
"""

# ruff: noqa: E741, UP032
from __future__ import annotations

import numpy as np
from scipy.spatial.distance import cdist

from tests.coverage.cases import SCIKIT_FUZZY, Source, case


def SKF(path: str, original: str, note: str = "") -> Source:
    return Source(SCIKIT_FUZZY, "skfuzzy/" + path, original, note)


# --- skfuzzy/membership/generatemf.py ---------------------------------------------------------------
def _nearest(x, y0):
    # Distance map
    d = np.abs(x - y0)
    idx0 = np.nonzero(d == d.min())[0][0]
    return idx0, x[idx0]


def gaussmf(x, mean, sigma):
    return np.exp(-((x - mean)**2.) / (2 * sigma**2.))


def gauss2mf(x, mean1, sigma1, mean2, sigma2):
    assert mean1 <= mean2, 'mean1 <= mean2 is required.  See docstring.'
    y = np.ones(len(x))
    idx1 = x <= mean1
    idx2 = x > mean2
    y[idx1] = gaussmf(x[idx1], mean1, sigma1)
    y[idx2] = gaussmf(x[idx2], mean2, sigma2)
    return y


def piecemf(x, abc):
    a, b, c = abc

    assert a <= b and b <= c, '`abc` requires a <= b <= c.'

    y = np.zeros(len(x))

    idx = np.logical_and(a <= x, x <= b)
    y[idx] = (b * (x[idx] - a)) / float(c * (b - a))

    idx = np.logical_and(b < x, x <= c)
    y[idx] = x[idx] / float(c)

    idx = x >= c
    y[idx] = 1

    return y


def ipiecemf(x, abc):
    return 1 - piecemf(x, abc)


def gpiecemf(x, abc, efg):
    a, b, c = abc
    e, f, g = efg

    assert c <= e or g <= a, 'c <= e or g <= a required.'

    y_piecemf = piecemf(x, abc)
    y_ipiecemf = ipiecemf(x, efg)
    if c <= e:
        y = np.ones(len(x))
        idx = x <= c
        y[idx] = y_piecemf[idx]

        idx = x >= e
        y[idx] = y_ipiecemf[idx]
    elif g <= a:
        y = np.zeros(len(x))
        idx = x <= g
        y[idx] = y_ipiecemf[idx]

        idx = x >= a
        y[idx] = y_piecemf[idx]

    return y


def pimf(x, a, b, c, d):
    y = np.ones(len(x))
    assert a <= b and b <= c and c <= d, 'a <= b <= c <= d is required.'

    idx = x <= a
    y[idx] = 0

    idx = np.logical_and(a <= x, x <= (a + b) / 2.)
    y[idx] = 2. * ((x[idx] - a) / (b - a)) ** 2.

    idx = np.logical_and((a + b) / 2. < x, x <= b)
    y[idx] = 1 - 2. * ((x[idx] - b) / (b - a)) ** 2.

    idx = np.logical_and(c <= x, x < (c + d) / 2.)
    y[idx] = 1 - 2. * ((x[idx] - c) / (d - c)) ** 2.

    idx = np.logical_and((c + d) / 2. <= x, x <= d)
    y[idx] = 2. * ((x[idx] - d) / (d - c)) ** 2.

    idx = x >= d
    y[idx] = 0

    return y


def sigmoid(wx, b):
    return 1. / (1. + np.exp(-(wx + np.dot(np.atleast_2d(b).T,
                                           np.ones((1, wx.shape[1]))))))


def trapmf(x, abcd):
    assert len(abcd) == 4, 'abcd parameter must have exactly four elements.'
    a, b, c, d = np.r_[abcd]
    assert a <= b and b <= c and c <= d, 'abcd requires the four elements \
                                          a <= b <= c <= d.'
    y = np.ones(len(x))

    idx = np.nonzero(x <= b)[0]
    y[idx] = trimf(x[idx], np.r_[a, b, b])

    idx = np.nonzero(x >= c)[0]
    y[idx] = trimf(x[idx], np.r_[c, c, d])

    idx = np.nonzero(x < a)[0]
    y[idx] = np.zeros(len(idx))

    idx = np.nonzero(x > d)[0]
    y[idx] = np.zeros(len(idx))

    return y


def trimf(x, abc):
    assert len(abc) == 3, 'abc parameter must have exactly three elements.'
    a, b, c = np.r_[abc]     # Zero-indexing in Python
    assert a <= b and b <= c, 'abc requires the three elements a <= b <= c.'

    y = np.zeros(len(x))

    # Left side
    if a != b:
        idx = np.nonzero(np.logical_and(a < x, x < b))[0]
        y[idx] = (x[idx] - a) / float(b - a)

    # Right side
    if b != c:
        idx = np.nonzero(np.logical_and(b < x, x < c))[0]
        y[idx] = (c - x[idx]) / float(c - b)

    idx = np.nonzero(x == b)
    y[idx] = 1
    return y


def zmf(x, a, b):
    assert a <= b, 'a <= b is required.'

    y = np.ones(len(x))

    idx = np.logical_and(a <= x, x < (a + b) / 2.)
    y[idx] = 1 - 2. * ((x[idx] - a) / (b - a)) ** 2.

    idx = np.logical_and((a + b) / 2. <= x, x <= b)
    y[idx] = 2. * ((x[idx] - b) / (b - a)) ** 2.

    idx = x >= b
    y[idx] = 0

    return y


# --- skfuzzy/defuzzify/exceptions.py --------------------------------------------------------------------
class DefuzzifyError(AssertionError):
    pass


class EmptyMembershipError(DefuzzifyError):
    def __init__(self):
        super().__init__("The membership function area is empty.")


class InconsistentMFDataError(DefuzzifyError):
    def __init__(self):
        super().__init__("  The lengths of the 'x' array and the fuzzy"
                         " membership function arrays are not equal.")


# --- skfuzzy/defuzzify/defuzz.py ------------------------------------------------------------------------
def arglcut(ms, lambdacut):
    return np.nonzero(lambdacut <= ms)


def centroid(x, mfx):

    '''
    As we suppose linearity between each pair of points of x, we can calculate
    the exact area of the figure (a triangle or a rectangle).
    '''

    sum_moment_area = 0.0
    sum_area = 0.0

    # If the membership function is a singleton fuzzy set:
    if len(x) == 1:
        return (x[0] * mfx[0]
                / np.fmax(mfx[0], np.finfo(float).eps).astype(float))

    # else return the sum of moment*area/sum of area
    for i in range(1, len(x)):
        x1 = x[i - 1]
        x2 = x[i]
        y1 = mfx[i - 1]
        y2 = mfx[i]

        # if y1 == y2 == 0.0 or x1==x2: --> rectangle of zero height or width
        if not (y1 == y2 == 0.0 or x1 == x2):
            if y1 == y2:  # rectangle
                moment = 0.5 * (x1 + x2)
                area = (x2 - x1) * y1
            elif y1 == 0.0 and y2 != 0.0:  # triangle, height y2
                moment = 2.0 / 3.0 * (x2 - x1) + x1
                area = 0.5 * (x2 - x1) * y2
            elif y2 == 0.0 and y1 != 0.0:  # triangle, height y1
                moment = 1.0 / 3.0 * (x2 - x1) + x1
                area = 0.5 * (x2 - x1) * y1
            else:
                moment = ((2.0 / 3.0 * (x2 - x1) * (y2 + 0.5 * y1))
                          / (y1 + y2) + x1)
                area = 0.5 * (x2 - x1) * (y1 + y2)

            sum_moment_area += moment * area
            sum_area += area

    return (sum_moment_area
            / np.fmax(sum_area, np.finfo(float).eps).astype(float))


def bisector(x, mfx):
    '''
    As we suppose linearity between each pair of points of x, we can calculate
    the exact area of the figure (a triangle or a rectangle).
    '''
    sum_area = 0.0
    accum_area = [0.0] * (len(x) - 1)

    # If the membership function is a singleton fuzzy set:
    if len(x) == 1:
        return x[0]

    # else return the sum of moment*area/sum of area
    for i in range(1, len(x)):
        x1 = x[i - 1]
        x2 = x[i]
        y1 = mfx[i - 1]
        y2 = mfx[i]

        # if y1 == y2 == 0.0 or x1==x2: --> rectangle of zero height or width
        if not (y1 == y2 == 0. or x1 == x2):
            if y1 == y2:  # rectangle
                area = (x2 - x1) * y1
            elif y1 == 0. and y2 != 0.:  # triangle, height y2
                area = 0.5 * (x2 - x1) * y2
            elif y2 == 0. and y1 != 0.:  # triangle, height y1
                area = 0.5 * (x2 - x1) * y1
            else:
                area = 0.5 * (x2 - x1) * (y1 + y2)
            sum_area += area
            accum_area[i - 1] = sum_area

    # index to the figure which contains the x point that divide the area of
    # the whole fuzzy set in two
    index = np.nonzero(np.array(accum_area) >= sum_area / 2.)[0][0]

    # subarea will be the area in the left part of the bisection for this set
    if index == 0:
        subarea = 0
    else:
        subarea = accum_area[index - 1]
    x1 = x[index]
    x2 = x[index + 1]
    y1 = mfx[index]
    y2 = mfx[index + 1]

    # We are interested only in the subarea inside the figure in which the
    # bisection is present.
    subarea = sum_area / 2. - subarea

    x2minusx1 = x2 - x1
    if y1 == y2:  # rectangle
        u = subarea / y1 + x1
    elif y1 == 0.0 and y2 != 0.0:  # triangle, height y2
        root = np.sqrt(2. * subarea * x2minusx1 / y2)
        u = (x1 + root)
    elif y2 == 0.0 and y1 != 0.0:  # triangle, height y1
        root = np.sqrt(x2minusx1 * x2minusx1 - (2. * subarea * x2minusx1 / y1))
        u = (x2 - root)
    else:
        m = (y2 - y1) / x2minusx1
        root = np.sqrt(y1 * y1 + 2.0 * m * subarea)
        u = (x1 - (y1 - root) / m)
    return u


def defuzz(x, mfx, mode):
    mode = mode.lower()
    x = x.ravel()
    mfx = mfx.ravel()
    n = len(x)
    if n != len(mfx):
        raise InconsistentMFDataError()

    if 'centroid' in mode or 'bisector' in mode:
        if mfx.sum() == 0:  # Approximation of total area
            raise EmptyMembershipError()

        if 'centroid' in mode:
            return centroid(x, mfx)

        elif 'bisector' in mode:
            return bisector(x, mfx)

    elif 'mom' in mode:
        return np.mean(x[mfx == mfx.max()])

    elif 'som' in mode:
        return np.min(x[mfx == mfx.max()])

    elif 'lom' in mode:
        return np.max(x[mfx == mfx.max()])

    else:
        raise ValueError("The input for `mode`, {}, was incorrect."
                         .format(mode))


def lambda_cut_series(x, mfx, n):
    x = np.asarray(x)
    mfx = np.asarray(mfx)

    step = (mfx.max() - mfx.min()) / float(n - 1)
    lambda_cuts = np.arange(mfx.min(), mfx.max() + np.finfo(float).eps, step)
    z = np.zeros((n, 3))
    z[:, 0] = lambda_cuts.T
    z[0, [1, 2]] = _support(x, mfx)

    for ii in range(1, n):
        xx = _lcutinterval(x, mfx, lambda_cuts[ii])
        z[ii, [1, 2]] = xx

    return z


def _lcutinterval(x, mfx, lambdacut):
    z = x[lambdacut - 1e-6 <= mfx]
    return np.hstack((z.min(), z.max()))


def _support(x, mfx):
    apex = mfx.max()
    m = np.nonzero(mfx == apex)[0][0]
    n = len(x)
    xx = x[0:m + 1]
    mfxx = mfx[0:m + 1]
    z = xx[mfxx == mfxx.min()].max()
    xx = x[m:n]
    mfxx = mfx[m:n]
    return np.r_[z, xx[mfxx == mfxx.min()].min()]


# --- skfuzzy/fuzzymath/fuzzy_ops.py ---------------------------------------------------------------------
def cartprod(x, y):
    # Ensure rank-1 input
    x, y = np.asarray(x).ravel(), np.asarray(y).ravel()
    b, a = np.meshgrid(y, x, sparse=True)
    return np.fmin(a, b)


def classic_relation(a, b):
    a = np.asarray(a)
    return np.fmax(cartprod(a, b), cartprod(1 - a, np.ones_like(b)))


def contrast(arr, amount=0.2, split=0.5, normalize=True):
    split = float(split)
    im = arr.astype(float)
    amount_ = np.asarray(amount, dtype=np.float64).ravel()

    if len(amount_) == 1:
        # One argument -> Equal amount applied on either side of `split`
        above = below = amount_[0]
    else:
        # Two arguments -> Control contrast separately in light/dark regions
        below = amount_[0]
        above = amount_[1]

    # Normalize if required
    if im.max() > 1. and normalize is True:
        ma = float(im.max())
        im /= float(im.max())
    else:
        ma = 1.

    focused = np.zeros_like(im, dtype=np.float64)

    # Simplified array-wise algorithm using fancy indexing rather than looping
    focused[im <= split] = split * (im[im <= split] / split) ** below
    focused[im > split] = (1 - (1. - split) *
                           ((1 - im[im > split]) / (1. - split)) ** above)

    # Reapply multiplicative factor
    return focused * ma


def fuzzy_op(x, a, y, b, op):
    # a and x, and b and y, are formed into (MxN) matrices.  The former has
    # identical rows; the latter identical identical columns.

    yy, xx = np.meshgrid(y, x, sparse=True)       # consider broadcasting rules
    bb, aa = np.meshgrid(b, a, sparse=True)

    # Do the operation
    zz = op(xx, yy).ravel()
    zz_index = np.argsort(zz)
    zz = np.sort(zz)

    # Array min() operation
    c = np.fmin(aa, bb).ravel()
    c = c[zz_index]

    # Initialize loop
    z, mfz = np.zeros(0), np.zeros(0)
    idx = 0

    for _ in range(len(c)):
        index = np.nonzero(zz == zz[idx])[0]
        z = np.hstack((z, zz[idx]))
        mfz = np.hstack((mfz, c[index].max()))
        idx = index[-1] + 1
        if idx >= len(zz):
            break

    return z, mfz


def fuzzy_add(x, a, y, b):
    return fuzzy_op(x, a, y, b, op=np.add)


def fuzzy_compare(q):
    return q.T / np.fmax(q, q.T).astype(float)


def inner_product(a, b):
    return np.max(np.fmin(np.r_[a], np.r_[b]))


def interp10(x):
    L = len(x)
    return np.interp(np.r_[0:L - 0.9:0.1], range(L), x)


def maxmin_composition(s, r):
    if s.ndim < 2:
        s = np.atleast_2d(s)
    if r.ndim < 2:
        r = np.atleast_2d(r).T
    m = s.shape[0]
    p = r.shape[1]
    t = np.zeros((m, p))

    for pp in range(p):
        for mm in range(m):
            t[mm, pp] = (np.fmin(s[mm, :], r[:, pp].T)).max()

    return t


def maxprod_composition(s, r):
    if s.ndim < 2:
        s = np.atleast_2d(s)
    if r.ndim < 2:
        r = np.atleast_2d(r).T
    m = s.shape[0]
    p = r.shape[1]
    t = np.zeros((m, p))

    for mm in range(m):
        for pp in range(p):
            t[mm, pp] = (s[mm, :] * r[:, pp].T).max()

    return t


def interp_membership(x, xmf, xx, zero_outside_x=True):
    # Not much beats NumPy's built-in interpolation
    if not zero_outside_x:
        kwargs = (None, None)
    else:
        kwargs = (0.0, 0.0)
    return np.interp(xx, x, xmf, left=kwargs[0], right=kwargs[1])


def _interp_universe_fast(x, xmf, y):
    # Special case required or zero-level cut does not work with faster method
    if y == 0.:
        idx = np.where(np.diff(xmf > y))[0]
    else:
        idx = np.where(np.diff(xmf >= y))[0]

    # This method is fast, but duplicates point values where
    # y == peak of a membership function.
    return (x[idx]
            + (y - xmf[idx])
            * (x[idx+1] - x[idx])
            / (xmf[idx+1] - xmf[idx]))


def modus_ponens(a, b, ap, c=None):
    if c is None:
        c = np.ones_like(b)
    r = np.fmax(cartprod(a, b), cartprod(1 - a, c))
    bp = maxmin_composition(ap, r)
    return r, bp.squeeze()


def outer_product(a, b):
    return np.min(np.fmax(np.r_[a], np.r_[b]))


def fuzzy_similarity(ai, b, mode='min'):
    if 'min' in mode.lower():
        return min(inner_product(ai, b), 1 - outer_product(ai, b))
    else:
        return (inner_product(ai, b) + (1 - outer_product(ai, b))) / 2.


def partial_dmf(x, mf_name, mf_parameter_dict, partial_parameter):

    if mf_name == 'gaussmf':

        sigma = mf_parameter_dict['sigma']
        mean = mf_parameter_dict['mean']

        if partial_parameter == 'sigma':
            result = ((2. / sigma**3) *
                      np.exp(-(((x - mean)**2) / (sigma)**2)) * (x - mean)**2)
        elif partial_parameter == 'mean':
            result = ((2. / sigma**2) *
                      np.exp(-(((x - mean)**2) / (sigma)**2)) * (x - mean))

    elif mf_name == 'gbellmf':

        a = mf_parameter_dict['a']
        b = mf_parameter_dict['b']
        c = mf_parameter_dict['c']

        # Partial result for speed and conciseness in derived eqs below
        d = np.abs((c - x) / a)

        if partial_parameter == 'a':
            result = ((2. * b * (c - x)**2.) * d**((2 * b) - 2) /
                      (a**3. * (d**(2. * b) + 1)**2.))

        elif partial_parameter == 'b':
            result = (-1 * (2 * d**(2. * b) * np.log(d)) /
                      ((d**(2. * b) + 1)**2.))

        elif partial_parameter == 'c':
            result = ((2. * b * (x - c) * d**((2. * b) - 2)) /
                      (a**2. * (d**(2. * b) + 1)**2.))

    elif mf_name == 'sigmf':

        b = mf_parameter_dict['b']
        c = mf_parameter_dict['c']

        if partial_parameter == 'b':
            # Partial result for speed and conciseness
            d = np.exp(c * (b + x))
            result = -1 * (c * d) / (np.exp(b * c) + np.exp(c * x))**2.

        elif partial_parameter == 'c':
            # Partial result for speed and conciseness
            d = np.exp(c * (x - b))
            result = ((x - b) * d) / (d + 1)**2.

    return result


# --- skfuzzy/fuzzymath/fuzzy_logic.py -------------------------------------------------------------------
def _resampleuniverse(x, mfx, y, mfy):
    minstep = np.asarray([np.diff(x).min(), np.diff(y).min()]).min()

    mi = min(x.min(), y.min())
    ma = max(x.max(), y.max())
    z = np.r_[mi:ma+minstep:minstep]

    # Occasionally this oversteps depending on precision and ends up with too
    # large of a universe. This checks and eliminates the last point if so.
    if z.max() > (ma + minstep/2):
        z = z[:-1]

    xidx = np.argsort(x)
    mfx = mfx[xidx]
    x = x[xidx]
    mfx2 = np.interp(z, x, mfx)

    yidx = np.argsort(y)
    mfy = mfy[yidx]
    y = y[yidx]
    mfy2 = np.interp(z, y, mfy)

    return z, mfx2, mfy2


def fuzzy_norm(x, mfx, y, mfy, norm):
    # Check if universes are the same
    sameuniverse = False
    if x.shape == y.shape and (x == y).all():
        z = x
        mfx2 = mfx
        mfy2 = mfy
        sameuniverse = True

    if not sameuniverse:
        z, mfx2, mfy2 = _resampleuniverse(x, mfx, y, mfy)

    return z, norm(mfx2, mfy2)


def fuzzy_and(x, mfx, y, mfy):
    # Check if universes are the same
    return fuzzy_norm(x, mfx, y, mfy, norm=np.fmin)


# --- skfuzzy/intervals/intervalops.py -------------------------------------------------------------------
def addval(interval1, interval2):
    # Handle arrays
    if not isinstance(interval1, np.ndarray):
        interval1 = np.asarray(interval1)
    if not isinstance(interval2, np.ndarray):
        interval2 = np.asarray(interval2)

    try:
        return np.r_[interval1] + np.r_[interval2]
    except Exception:
        return interval1 + interval2


def divval(interval1, interval2):
    # Handle arrays
    if not isinstance(interval1, np.ndarray):
        interval1 = np.asarray(interval1)
    if not isinstance(interval2, np.ndarray):
        interval2 = np.asarray(interval2)

    # Invert interval2 and multiply
    interval2 = 1. / interval2
    return multval(interval1, interval2)


def dsw_add(x, mfx, y, mfy, n):
    # Restricted DSW w/n lambda cuts
    x = lambda_cut_series(x, mfx, n)
    y = lambda_cut_series(y, mfy, n)
    n1, n2 = x.shape
    ff = np.zeros((n1, n2))
    ff[:, 0] = x[:, 0]

    # Compute F = x + y
    for n in range(n1):
        ff[n, [1, 2]] = addval(x[n, [1, 2]], y[n, [1, 2]])

    # Arrange for output or plotting
    out = np.zeros((2 * n1, 2))
    out[0:n1, 1] = ff[:, 0]
    out[n1:2 * n1, 1] = np.flipud(ff[:, 0])
    out[0:n1, 0] = ff[:, 1]
    out[n1:2 * n1, 0] = np.flipud(ff[:, 2])

    # No need for transposes; rank-1 arrays have no transpose in Python
    return out[:, 0], out[:, 1]


def multval(interval1, interval2):
    # Handle arrays
    if not isinstance(interval1, np.ndarray):
        interval1 = np.asarray(interval1)
    if not isinstance(interval2, np.ndarray):
        interval2 = np.asarray(interval2)

    try:
        crosses = np.r_[interval1[0] * interval2[0],
                        interval1[0] * interval2[1],
                        interval1[1] * interval2[0],
                        interval1[1] * interval2[1]]
        return np.r_[crosses.min(), crosses.max()]
    except Exception:
        return interval1 * interval2


def scaleval(q, interval):
    # Handle array
    if not isinstance(interval, np.ndarray):
        interval = np.asarray(interval)

    try:
        return np.r_[min(q * interval[0], q * interval[1]),
                     max(q * interval[0], q * interval[1])]
    except Exception:
        return q * interval


# --- skfuzzy/cluster/normalize_columns.py ---------------------------------------------------------------
def normalize_columns(columns):

    # broadcast sum over columns
    normalized_columns = columns/np.sum(columns, axis=0, keepdims=1)

    return normalized_columns


def normalize_power_columns(x, exponent):

    assert np.all(x >= 0.0)

    x = x.astype(np.float64)

    # values in range [0, 1]
    x = x/np.max(x, axis=0, keepdims=True)

    # values in range [eps, 1]
    x = np.fmax(x, np.finfo(x.dtype).eps)

    if exponent < 0:
        # values in range [1, 1/eps]
        x /= np.min(x, axis=0, keepdims=True)

        # values in range [1, (1/eps)**exponent] where exponent < 0
        # this line might trigger an underflow warning
        # if (1/eps)**exponent becomes zero, but that's ok
        x = x**exponent
    else:
        # values in range [eps**exponent, 1] where exponent >= 0
        x = x**exponent

    result = normalize_columns(x)

    return result


# --- skfuzzy/cluster/_cmeans.py -------------------------------------------------------------------------
def _cmeans0(data, u_old, c, m, metric):
    # Normalizing, then eliminating any potential zero values.
    u_old = normalize_columns(u_old)
    u_old = np.fmax(u_old, np.finfo(np.float64).eps)

    um = u_old ** m

    # Calculate cluster centers
    data = data.T
    cntr = um.dot(data) / np.atleast_2d(um.sum(axis=1)).T

    d = _distance(data, cntr, metric)
    d = np.fmax(d, np.finfo(np.float64).eps)

    jm = (um * d ** 2).sum()

    u = normalize_power_columns(d, - 2. / (m - 1))

    return cntr, u, jm, d


def _distance(data, centers, metric='euclidean'):
    return cdist(data, centers, metric=metric).T


def _fp_coeff(u):
    n = u.shape[1]

    return np.trace(u.dot(u.T)) / float(n)


def cmeans(data, c, m, error, maxiter,
           metric='euclidean',
           init=None, seed=None):
    # Setup u0
    if init is None:
        if seed is not None:
            np.random.seed(seed=seed)
        n = data.shape[1]
        u0 = np.random.rand(c, n)
        u0 = normalize_columns(u0)
        init = u0.copy()
    u0 = init
    u = np.fmax(u0, np.finfo(np.float64).eps)

    # Initialize loop parameters
    jm = np.zeros(0)
    p = 0

    # Main cmeans loop
    while p < maxiter:
        u2 = u.copy()
        [cntr, u, Jjm, d] = _cmeans0(data, u2, c, m, metric)
        jm = np.hstack((jm, Jjm))
        p += 1

        # Stopping rule
        if np.linalg.norm(u - u2) < error:
            break

    # Final calculations
    error = np.linalg.norm(u - u2)
    fpc = _fp_coeff(u)

    return cntr, u, u0, d, jm, p, fpc


def cmeans_predict(test_data, cntr_trained, m, error, maxiter,
                   metric='euclidean',
                   init=None,
                   seed=None):
    c = cntr_trained.shape[0]

    # Setup u0
    if init is None:
        if seed is not None:
            np.random.seed(seed=seed)
        n = test_data.shape[1]
        u0 = np.random.rand(c, n)
        u0 = normalize_columns(u0)
        init = u0.copy()
    u0 = init
    u = np.fmax(u0, np.finfo(np.float64).eps)

    # Initialize loop parameters
    jm = np.zeros(0)
    p = 0

    # Main cmeans loop
    while p < maxiter:
        u2 = u.copy()
        [u, Jjm, d] = _cmeans_predict0(test_data, cntr_trained, u2, c, m,
                                       metric)
        jm = np.hstack((jm, Jjm))
        p += 1

        # Stopping rule
        if np.linalg.norm(u - u2) < error:
            break

    # Final calculations
    error = np.linalg.norm(u - u2)
    fpc = _fp_coeff(u)

    return u, u0, d, jm, p, fpc


def _cmeans_predict0(test_data, cntr, u_old, c, m, metric):
    # Normalizing, then eliminating any potential zero values.
    u_old = normalize_columns(u_old)
    u_old = np.fmax(u_old, np.finfo(np.float64).eps)

    um = u_old ** m
    test_data = test_data.T

    # For prediction, we do not recalculate cluster centers. The test_data is
    # forced to conform to the prior clustering.

    d = _distance(test_data, cntr, metric)
    d = np.fmax(d, np.finfo(np.float64).eps)

    jm = (um * d ** 2).sum()

    u = normalize_power_columns(d, - 2. / (m - 1))

    return u, jm, d

# --- inputs ---------------------------------------------------------------------------------------------
def _universe(rng, n=50):
    """Sorted points in [0, 10]."""
    return np.sort(rng.uniform(0.0, 10.0, size=n))


def _f(rng, lo, hi):
    return np.float64(rng.uniform(lo, hi))


def _mf(rng, n=41):
    """A grid on [0, 10] and a trapezoid on it: zeros at both ends, a plateau of ones in the middle."""
    x = np.linspace(0.0, 10.0, n)
    centre = rng.uniform(4.0, 6.0)
    return x, np.clip(1.5 - np.abs(x - centre) / 2.0, 0.0, 1.0)


def _triangle(rng, n=41):
    """A grid on [0, 10] and a triangle on it, unequal on its two sides (the trapezoid branches)."""
    x = np.linspace(0.0, 10.0, n)
    centre = rng.uniform(4.0, 6.0)
    return x, np.fmax(0.0, 1.0 - np.abs(x - centre) / rng.uniform(2.0, 3.0))


def _relation(rng, m, n):
    return rng.uniform(0.0, 1.0, size=(m, n))


def _clusters(rng, n=30):
    """(2, n) points around three centres, and a (3, n) column-normalized initial membership."""
    centres = np.array([[1.0, 1.0], [5.0, 5.0], [1.0, 6.0]])
    data = (centres[np.arange(n) % 3] + rng.normal(scale=0.6, size=(n, 2))).T
    u0 = rng.uniform(0.1, 1.0, size=(3, n))
    return data, u0 / u0.sum(axis=0)


def _cmeans(rng):
    data, u0 = _clusters(rng)
    return data, 3, 2.0, 0.005, 100, 'euclidean', u0


def _cmeans_predict(rng):
    data, u0 = _clusters(rng)
    centres = np.array([[1.0, 1.0], [5.0, 5.0], [1.0, 6.0]]) + rng.normal(scale=0.1, size=(3, 2))
    return data, centres, 2.0, 0.005, 100, 'euclidean', u0


def _intervals(rng):
    lo = rng.uniform(1.0, 2.0, size=2)
    return np.array([lo[0], lo[0] + 1.5]), np.array([lo[1], lo[1] + 0.5])


_MF = "membership/generatemf.py"
_DF = "defuzzify/defuzz.py"
_OP = "fuzzymath/fuzzy_ops.py"
_IV = "intervals/intervalops.py"

CASES = [
    # membership/generatemf.py
    case(_nearest, lambda rng: (_universe(rng), _f(rng, 2.0, 8.0)), SKF(_MF, "_nearest")),
    case(gauss2mf, lambda rng: (_universe(rng), _f(rng, 2.0, 4.0), 1.0, _f(rng, 6.0, 8.0), 1.5),
         SKF(_MF, "gauss2mf", "float64 scalar means: the assert on traced values")),
    case(gpiecemf, lambda rng: (_universe(rng), [1.0, 2.0, 4.0], [5.0, 7.0, 9.0]),
         SKF(_MF, "gpiecemf", "c <= e, through piecemf and ipiecemf")),
    case(pimf, lambda rng: (_universe(rng), 1.0, 4.0, 5.0, 9.0), SKF(_MF, "pimf")),
    case(sigmoid, lambda rng: (rng.normal(size=(4, 6)), rng.normal(size=4)), SKF(_MF, "sigmoid")),
    case(zmf, lambda rng: (_universe(rng), _f(rng, 1.0, 3.0), _f(rng, 6.0, 9.0)),
         SKF(_MF, "zmf", "float64 scalar a and b")),
    case(trimf, lambda rng: (_universe(rng), np.array([2.0, 5.0, 8.0]) + rng.uniform(-0.5, 0.5, size=3)),
         SKF(_MF, "trimf", "abc an array: `if a != b` on traced values")),
    case(trapmf, lambda rng: (_universe(rng), [1.0, 3.0, 6.0, 9.0]), SKF(_MF, "trapmf", "abcd a list")),
    # defuzzify/defuzz.py
    case(centroid, _mf, SKF(_DF, "centroid", "a trapezoid: rectangle and triangle branches")),
    case(centroid, _triangle, SKF(_DF, "centroid", "a triangle: the trapezoid branch"), name="fuzzy.centroid_triangle"),
    case(bisector, _mf, SKF(_DF, "bisector")),
    case(defuzz, lambda rng: (*_triangle(rng), 'centroid'), SKF(_DF, "defuzz", "mode 'centroid'")),
    case(defuzz, lambda rng: (*_mf(rng), 'mom'), SKF(_DF, "defuzz", "mode 'mom'"), name="fuzzy.defuzz_mom"),
    case(arglcut, lambda rng: (_triangle(rng)[1], 0.5), SKF(_DF, "arglcut")),
    case(lambda_cut_series, lambda rng: (*_triangle(rng), 5), SKF(_DF, "lambda_cut_series", "through _support")),
    # fuzzymath/fuzzy_ops.py
    case(classic_relation, lambda rng: (rng.uniform(size=4), rng.uniform(size=5)),
         SKF(_OP, "classic_relation", "through cartprod")),
    case(contrast, lambda rng: (rng.uniform(0.0, 255.0, size=(6, 7)), [0.3, 0.6]),
         SKF(_OP, "contrast", "an image in [0, 255]: normalized; two amounts")),
    case(fuzzy_add, lambda rng: (np.array([1.0, 2.0, 3.0]), rng.uniform(size=3), np.array([2.0, 3.0, 4.0]),
                                 rng.uniform(size=3)), SKF(_OP, "fuzzy_add", "through fuzzy_op")),
    case(fuzzy_compare, lambda rng: (_relation(rng, 4, 4) + 0.1,), SKF(_OP, "fuzzy_compare")),
    case(interp10, lambda rng: (rng.normal(size=8),), SKF(_OP, "interp10")),
    case(maxmin_composition, lambda rng: (_relation(rng, 3, 4), _relation(rng, 4, 5)), SKF(_OP, "maxmin_composition")),
    case(maxprod_composition, lambda rng: (_relation(rng, 3, 4), rng.uniform(size=4)),
         SKF(_OP, "maxprod_composition", "r a vector")),
    case(modus_ponens, lambda rng: (rng.uniform(size=4), rng.uniform(size=5), rng.uniform(size=4)),
         SKF(_OP, "modus_ponens", "through maxmin_composition")),
    case(interp_membership, lambda rng: (*_triangle(rng), rng.uniform(-1.0, 11.0, size=6)),
         SKF(_OP, "interp_membership", "some points outside the universe")),
    case(_interp_universe_fast, lambda rng: (*_triangle(rng), 0.5), SKF(_OP, "_interp_universe_fast")),
    case(fuzzy_similarity, lambda rng: (rng.uniform(size=6), rng.uniform(size=6), 'min'),
         SKF(_OP, "fuzzy_similarity", "through inner_product and outer_product")),
    case(partial_dmf, lambda rng: (_universe(rng), 'gbellmf', {'a': 2.0, 'b': 3.0, 'c': _f(rng, 4.0, 6.0)}, 'a'),
         SKF(_OP, "partial_dmf", "gbellmf, with respect to a")),
    # fuzzymath/fuzzy_logic.py
    case(fuzzy_and, lambda rng: (*_triangle(rng), _triangle(rng)[0], _mf(rng)[1]),
         SKF("fuzzymath/fuzzy_logic.py", "fuzzy_and", "the same universe twice: through fuzzy_norm")),
    # intervals/intervalops.py
    case(addval, _intervals, SKF(_IV, "addval")),
    case(divval, _intervals, SKF(_IV, "divval", "through multval")),
    case(scaleval, lambda rng: (_f(rng, -2.0, -1.0), _intervals(rng)[0]), SKF(_IV, "scaleval", "a negative scale")),
    case(dsw_add, lambda rng: (*_triangle(rng), *_mf(rng), 4), SKF(_IV, "dsw_add", "through lambda_cut_series")),
    # cluster/normalize_columns.py, cluster/_cmeans.py
    case(normalize_power_columns, lambda rng: (rng.uniform(0.0, 3.0, size=(3, 8)), -1.0),
         SKF("cluster/normalize_columns.py", "normalize_power_columns")),
    case(cmeans, _cmeans, SKF("cluster/_cmeans.py", "cmeans", "init given; a while loop with a convergence break")),
    case(cmeans_predict, _cmeans_predict, SKF("cluster/_cmeans.py", "cmeans_predict", "init given")),
]
