"""POPPY's optics routines (Physical Optics Propagation in Python, spacetelescope/poppy): ``zernike.py``'s Noll
indices (a ``for`` loop growing a Python list ``row_m``, ``_is_odd`` by ``integer & 1``), the radial polynomial
``R`` (``return 0`` when ``n - m`` is odd, else a loop over ``k`` with ``math.factorial`` coefficients), ``zernike``
(``if m == 0`` / ``elif m > 0`` / ``else`` picking the cosine or sine term, ``zernike_result[rho > 1] = outside``),
the Zernike bases (``zernike_basis`` writing ``zern_output[j]`` per term; ``zernike_basis_faster`` with an
``lru_cache``d closure ``cached_R``), the hexagonal aperture and the hexike and arbitrary-aperture bases (Gram-Schmidt
over the basis with a dict ``c[j + 1, k]`` of coefficients and ``if c[j + 1, k] != 0``, ``basis[:, ~apmask] =
outside``), the OPD decompositions (a list comprehension of masked sums; iterated projections writing
``coeffs[i] +=``) and ``compose_opd_from_basis`` (``inspect.signature(basis)`` of the basis function passed, an
``einsum`` or a loop of masked ``+=``); ``geometry.py``'s exact pixel-circle overlap (``_oneside``: an early
``return x`` when ``all(x == 0)``, ``if xp.any(to)`` and a dozen ``if xp.any(j)`` guarding masked writes
``ans[j] = ...``, an early ``return ans``) and the anti-aliased ``filled_circle_aa`` (``array[border] = ...`` at
``np.where`` indices, ``warnings.warn`` under an ``if`` on the pixel scale, ``clip(*cliprange)``);
``fwcentroid.py``'s floating-window centroid (nested ``for`` loops over ``np.arange`` windows placed at the peak
found by ``np.where(image == image.max())``, then up to ``maxiterations`` refinements with ``if`` / ``elif`` pixel
weights, ``int(oldXCEN)`` of a computed centre and a convergence ``break``); ``matrixDFT.py``'s matrix Fourier
transform (``np.isscalar`` tests, ``float(npix)`` and a ``TypeError`` check, the FFTSTYLE / ADJUSTABLE / SYMMETRIC
centerings chosen by string, complex ``exp`` of ``outer`` products) and ``misc.py``'s Airy and sinc² PSFs
(``scipy.special.j1``, ``v[v == 0] = eps``) (spacetelescope/poppy, BSD-3-Clause).

Copied from spacetelescope/poppy at 959ea2397a91fc0e919c27408710077bcf6fb467 (its ``LICENSE.md`` is the 3-clause BSD
licence, "Copyright (c) 2010-2021, Space Telescope Science Institute, AURA"): from ``poppy/zernike.py`` the functions
``_is_odd`` ... ``compose_opd_from_basis`` in the file's order except ``cached_zernike1`` (it needs poppy's
``Wavefront``); from ``poppy/geometry.py`` all its functions; ``poppy/fwcentroid.py``'s ``fwcentroid``;
``poppy/matrixDFT.py``'s ``matrix_dft`` and ``matrix_idft``; ``poppy/misc.py``'s ``airy_1d`` (``plot`` always
False), ``airy_2d`` and ``sinc2_2d``. Docstrings dropped, comments kept.

Adapted, beyond that:

* ``xp`` is NumPy (``poppy.accel_math.xp`` without a GPU) and ``_scipy`` is SciPy; ``accel_math`` is a small stand-in
  whose ``_USE_NUMEXPR`` is False and whose ``_float()`` returns ``np.float64`` (``conf.double_precision`` at its
  default True), so ``matrix_dft`` never calls ``matrix_dft_numexpr`` (not copied); ``_log`` is a logger as in the
  source; the constants ``FFTSTYLE`` ... ``ADJUSTABLE`` and ``_ARCSECtoRAD`` as in the source;
* ``zernike_basis_faster``'s own ``@lru_cache()`` is dropped (it would hand back the same array to every call); its
  inner ``cached_R`` keeps its ``@lru_cache()``;
* in ``str_zernike``'s two LaTeX literals the backslash before ``sqrt`` is doubled (the same string, without
  the invalid-escape ``SyntaxWarning``);
* a keyword setting is given by a one-line wrapper named after the case.

The inputs: pupil grids of 16-48 pixels, Zernike indices up to the 5th radial order (``n - m`` odd for the zero
radial polynomial), ``rho`` / ``theta`` grids over the unit disc, wavefront-error (OPD) maps made from known Zernike
and hexike coefficients in metres (with NaN outside the pupil), circles of radius 2.5-9 pixels at sub-pixel centres,
pixel and circle positions that take every branch of ``_oneside``, Gaussian PSFs at sub-pixel positions for the
centroid (one that converges, one stopped by ``maxiterations=1``), pupils of 16x16 transformed to 24-pixel focal
planes, and telescope diameters, wavelengths and obscurations for the Airy patterns.
"""

# ruff: noqa: F821, UP011, E127, E128, E201, E202, E203, E211, E221, E222, E225, E226, E231, E241, E261, E262, E265, E266, E302, E303, E305, E306, E501, E701, E702, E703, E704, E711, E712, E713, E721, E731, E741, N802, N803, N806, N816, B006, B007, B028, B904, B905, F401, F811, F841, UP004, UP008, UP030, UP031, UP032, UP034, W291, W293, UP003, A001, C408, C416, SIM108, SIM102, SIM114, RET505, PLR1714, PLR2004, E231, C901
from __future__ import annotations

import inspect
import logging
from functools import lru_cache
from math import factorial

import numpy as np
import scipy
import scipy.special

from tests.coverage.cases import POPPY, Source, case

xp = np
_scipy = scipy


class accel_math:  # the stand-in for poppy.accel_math on a CPU without numexpr
    _USE_NUMEXPR = False

    @staticmethod
    def _float():
        return np.float64


_log = logging.getLogger('poppy')

FFTSTYLE = 'FFTSTYLE'
FFTRECT = 'FFTRECT'
SYMMETRIC = 'SYMMETRIC'
ADJUSTABLE = 'ADJUSTABLE'

_RADtoARCSEC = 180. * 60 * 60 / xp.pi  # ~ 206265
_ARCSECtoRAD = xp.pi / (180. * 60 * 60)


def PP(path: str, original: str, note: str = "") -> Source:
    return Source(POPPY, "poppy/" + path, original, note)


# --- poppy/zernike.py ---

def _is_odd(integer):
    return integer & 1


def zern_name(i):
    names = ['Null', 'Piston', 'Tilt X', 'Tilt Y',
             'Focus', 'Astigmatism 45', 'Astigmatism 0',
             'Coma Y', 'Coma X',
             'Trefoil Y', 'Trefoil X',
             'Spherical', '2nd Astig 0', '2nd Astig 45',
             'Tetrafoil 0', 'Tetrafoil 22.5',
             '2nd coma X', '2nd coma Y', '3rd Astig X', '3rd Astig Y',
             'Pentafoil X', 'Pentafoil Y', '5th order spherical']

    if i < len(names):
        return names[i]
    else:
        return "Z%d" % i


def str_zernike(n, m):
    signed_m = int(m)
    m = int(np.abs(m))
    n = int(np.abs(n))

    terms = []
    for k in range(int((n - m) / 2) + 1):
        coef = ((-1) ** k * factorial(n - k) /
                (factorial(k) * factorial(int((n + m) / 2) - k) * factorial(int((n - m) / 2) - k)))
        if coef != 0:
            formatcode = "{0:d}" if k == 0 else "{0:+d}"
            terms.append((formatcode + " r^{1:d} ").format(int(coef), n - 2 * k))

    outstr = " ".join(terms)

    if m == 0:
        if n == 0:
            return "1"
        else:
            return "sqrt(%d)* ( %s ) " % (n + 1, outstr)
    elif signed_m > 0:
        return "\\sqrt{%d}* ( %s ) * \\cos(%d \\theta)" % (2 * (n + 1), outstr, m)
    else:
        return "\\sqrt{%d}* ( %s ) * \\sin(%d \\theta)" % (2 * (n + 1), outstr, m)


def noll_indices(j):
    if j < 1:
        raise ValueError("Zernike index j must be a positive integer.")

    # from i, compute m and n
    # I'm not sure if there is an easier/cleaner algorithm or not.
    # This seems semi-complicated to me...

    # figure out which row of the triangle we're in (easy):
    n = int(np.ceil((-1 + np.sqrt(1 + 8 * j)) / 2) - 1)
    if n == 0:
        m = 0
    else:
        nprev = (n + 1) * (n + 2) / 2  # figure out which entry in the row (harder)
        # The rule is that the even Z obtain even indices j, the odd Z odd indices j.
        # Within a given n, lower values of m obtain lower j.

        resid = int(j - nprev - 1)

        if _is_odd(j):
            sign = -1
        else:
            sign = 1

        if _is_odd(n):
            row_m = [1, 1]
        else:
            row_m = [0]

        for i in range(int(np.floor(n / 2.))):
            row_m.append(row_m[-1] + 2)
            row_m.append(row_m[-1])

        m = row_m[resid] * sign

    _log.debug("J=%d:\t(n=%d, m=%d)" % (j, n, m))
    return n, m


def R(n, m, rho):

    m = int(np.abs(m))
    n = int(np.abs(n))
    output = xp.zeros(rho.shape)
    if _is_odd(n - m):
        return 0
    else:
        for k in range(int((n - m) / 2) + 1):
            coef = ((-1) ** k * factorial(n - k) /
                    (factorial(k) * factorial(int((n + m) / 2) - k) * factorial(int((n - m) / 2) - k)))
            output += coef * rho ** (n - 2 * k)
        return output


def zernike(n, m, npix=100, rho=None, theta=None, outside=np.nan,
            noll_normalize=True, **kwargs):
    if not n >= m:
        raise ValueError("Zernike index m must be >= index n")
    if (n - m) % 2 != 0:
        _log.warning("Radial polynomial is zero for these inputs: m={}, n={} "
                  "(are you sure you wanted this Zernike?)".format(m, n))
    _log.debug("Zernike(n=%d, m=%d)" % (n, m))

    if theta is None and rho is None:
        x = (xp.arange(npix, dtype=xp.float64) - (npix - 1) / 2.) / ((npix - 1) / 2.)
        y = x
        xx, yy = xp.meshgrid(x, y)

        rho = xp.sqrt(xx ** 2 + yy ** 2)
        theta = xp.arctan2(yy, xx)
    elif (theta is None and rho is not None) or (theta is not None and rho is None):
        raise ValueError("If you provide either the `theta` or `rho` input array, you must "
                         "provide both of them.")
        
    if not xp.all(xp.asarray(rho.shape == theta.shape)):
        raise ValueError('The rho and theta arrays do not have consistent shape.')

    aperture = (rho <= 1)

    if m == 0:
        if n == 0:
            zernike_result = aperture
        else:
            norm_coeff = np.sqrt(n + 1) if noll_normalize else 1
            zernike_result = norm_coeff * R(n, m, rho) * aperture
    elif m > 0:
        norm_coeff = np.sqrt(2) * np.sqrt(n + 1) if noll_normalize else 1
        zernike_result = norm_coeff * R(n, m, rho) * xp.cos(np.abs(m) * theta) * aperture
    else:
        norm_coeff = np.sqrt(2) * np.sqrt(n + 1) if noll_normalize else 1
        zernike_result = norm_coeff * R(n, m, rho) * xp.sin(np.abs(m) * theta) * aperture

    zernike_result[(rho > 1)] = outside
    return zernike_result


def zernike1(j, **kwargs):
    n, m = noll_indices(j)
    return zernike(n, m, **kwargs)


def zernike_basis(nterms=15, npix=512, rho=None, theta=None, **kwargs):
    if rho is not None and theta is not None:
        # both are required, but validated in zernike1
        shape = rho.shape
        use_polar = True
    elif (theta is None and rho is not None) or (theta is not None and rho is None):
        raise ValueError("If you provide either the `theta` or `rho` input array, you must "
                         "provide both of them.")

    else:
        shape = (npix, npix)
        use_polar = False

    zern_output = xp.zeros((nterms,) + shape)

    if use_polar:
        for j in range(nterms):
            zern_output[j] = zernike1(j + 1, rho=rho, theta=theta, **kwargs)
    else:
        for j in range(nterms):
            zern_output[j] = zernike1(j + 1, npix=npix, **kwargs)
    return zern_output


def zernike_basis_faster(nterms=15, npix=512, outside=np.nan):
    shape = (npix, npix)

    zern_output = xp.zeros((nterms,) + shape)

    x = (xp.arange(npix, dtype=xp.float64) - (npix - 1) / 2.) / ((npix - 1) / 2.)
    y = x
    xx, yy = xp.meshgrid(x, y)

    rho = xp.sqrt(xx ** 2 + yy ** 2)
    theta = xp.arctan2(yy, xx)

    aperture = xp.ones_like(rho)
    aperture[rho > 1] = 0.0  # this is the aperture mask
    noll_normalize = True

    @lru_cache()
    def cached_R(n, m):

        m = int(np.abs(m))
        n = int(np.abs(n))
        output = xp.zeros(rho.shape)
        if _is_odd(n - m):
            return 0
        else:
            for k in range(int((n - m) / 2) + 1):
                coef = ((-1) ** k * factorial(n - k) /
                        (factorial(k) * factorial(int((n + m) / 2) - k) * factorial(int((n - m) / 2) - k)))
                output += coef * rho ** (n - 2 * k)
            return output

    for j in range(nterms):
        n, m = noll_indices(j + 1)

        if m == 0:
            if n == 0:
                zernike_result = aperture
            else:
                norm_coeff = np.sqrt(n + 1) if noll_normalize else 1
                zernike_result = norm_coeff * cached_R(n, m) * aperture
        elif m > 0:
            norm_coeff = np.sqrt(2) * np.sqrt(n + 1) if noll_normalize else 1
            zernike_result = norm_coeff * cached_R(n, np.abs(m)) * np.cos(np.abs(m) * theta) * aperture
        else:
            norm_coeff = np.sqrt(2) * np.sqrt(n + 1) if noll_normalize else 1
            zernike_result = norm_coeff * cached_R(n, np.abs(m)) * np.sin(np.abs(m) * theta) * aperture

        zernike_result[rho > 1] = outside
        zern_output[j] = zernike_result

    return zern_output


def hex_aperture(npix=1024, rho=None, theta=None, vertical=False, outside=0):

    if rho is not None or theta is not None:
        if rho is None or theta is None:
            raise ValueError("If you provide either the `theta` or `rho` input array, "
                             "you must provide both of them.")
        # easier to define a hexagon in cartesian, so...
        x = rho * xp.cos(theta)
        y = rho * xp.sin(theta)
    else:
        # the coordinates here must be consistent with those used elsewhere in poppy
        # see issue #111
        x_ = (xp.arange(npix, dtype=xp.float64) - (npix - 1) / 2.) / (npix / 2.)
        x, y = xp.meshgrid(x_, x_)

    absy = xp.abs(y)

    aperture = xp.full(x.shape, outside)
    w_rect = ((xp.abs(x) <= 0.5) & (abs(y) <= xp.sqrt(3) / 2))
    w_left_tri = ((x <= -0.5) & (x >= -1) & (absy <= (x + 1) * xp.sqrt(3)))
    w_right_tri = ((x >= 0.5) & (x <= 1) & (absy <= (1 - x) * xp.sqrt(3)))
    aperture[w_rect] = 1
    aperture[w_left_tri] = 1
    aperture[w_right_tri] = 1

    if vertical:
        return aperture.transpose()
    else:
        return aperture


def hexike_basis(nterms=15, npix=512, rho=None, theta=None,
                 aperture=None,
                 vertical=False, outside=np.nan):

    if rho is not None:
        shape = rho.shape
        assert len(shape) == 2 and shape[0] == shape[1], \
            "only square rho and theta arrays supported"
    else:
        shape = (npix, npix)

    if aperture is None:
        aperture = hex_aperture(npix=npix, rho=rho, theta=theta, vertical=vertical, outside=0)

    # any pixels with zero or NaN in the aperture are outside the area
    apmask = (np.isfinite(aperture) & (aperture > 0))
    apmask_float = xp.asarray(apmask, float)
    A = apmask.sum()

    # precompute zernikes
    Z = xp.full((nterms + 1,) + shape, outside, dtype=float)
    Z[1:] = zernike_basis(nterms=nterms, npix=npix, rho=rho, theta=theta, outside=0.0)

    G = [xp.zeros(shape), xp.ones(shape)]  # array of G_i etc. intermediate fn
    H = [xp.zeros(shape), apmask_float.copy()]  # array of hexikes
    c = {}  # coefficients hash

    for j in np.arange(nterms - 1) + 1:  # can do one less since we already have the piston term
        _log.debug("  j = " + str(j))
        # Compute the j'th G, then H
        nextG = Z[j + 1] * apmask_float
        for k in np.arange(j) + 1:
            c[(j + 1, k)] = -1 / A * (Z[j + 1] * H[k] * apmask_float).sum()
            if c[(j + 1, k)] != 0:
                nextG += c[(j + 1, k)] * H[k]
            _log.debug("    c[%s] = %f", str((j + 1, k)), c[(j + 1, k)])

        nextH = nextG / np.sqrt((nextG ** 2).sum() / A)

        G.append(nextG)
        H.append(nextH)

        # TODO - contemplate whether the above algorithm is numerically stable
        # cf. modified gram-schmidt algorithm discussion on wikipedia.

    basis = xp.asarray(H[1:])  # drop the 0th null element
    basis[:, ~apmask] = outside
    return basis


def hexike_basis_wss(nterms=9, npix=512, rho=None, theta=None,
                     x=None, y=None,
                     vertical=False, outside=np.nan,
                     aperture=None):

    if rho is not None and theta is not None:
        _log.debug("User supplied radial coords")
        shape = rho.shape
        assert len(shape) == 2 and shape[0] == shape[1], \
            "only square rho and theta arrays supported"
        x = rho * np.cos(theta)
        y = rho * np.sin(theta)
        r2 = rho ** 2
    elif x is not None and y is not None:
        _log.debug("User supplied cartesian coords")
        r2 = x ** 2 + y ** 2
        rho = np.sqrt(r2)
        theta = np.arctan2(y, x)
    else:
        _log.debug("User supplied only the number of pixels")
        # create 2D arrays of coordinates between 0 and 1
        shape = (npix, npix)
        y, x = np.indices(shape, dtype=float)
        y -= npix / 2.
        x -= npix / 2.
        y /= (npix / 2)
        x /= (npix / 2)

        r2 = x ** 2 + y ** 2
        rho = np.sqrt(r2)
        theta = np.arctan2(y, x)

    if aperture is None:
        aperture = hex_aperture(npix=npix, rho=rho, theta=theta, vertical=vertical)

    # any pixels with zero or NaN in the aperture are outside the area
    apmask = (np.isfinite(aperture) & (aperture > 0))

    # first 9 hexikes (those used in WAS for JWST)
    # create array of hexikes, plus pad for 0th term
    H = [np.zeros_like(x),  # placeholder for 0th term to allow 1-indexing
         np.ones_like(x),  # Piston
         y,  # tilt around x
         x,  # tilt around y
         2 * x * y,  # astig-45
         r2 - 0.5,  # focus -- yes this is really exactly what the WAS uses
         x ** 2 - y ** 2,  # astig-00
         ((25. / 11.) * r2 - 14. / 11.) * x,  # Coma x
         ((25. / 11.) * r2 - 14. / 11.) * y,  # Coma y
         ((860. / 231.) * r2 ** 2 - (5140. / 1617.) * r2 + (67. / 147.)),  # Spherical
         (10. / 7.) * (rho * r2) * np.sin(3. * theta),  # Trefoil-0
         (10. / 7.) * (rho * r2) * np.cos(3. * theta),  # Trefoil-30
         ]

    if nterms > len(H) - 1:
        raise NotImplementedError("hexicke_basis_wss doesn't support that many terms yet")
    else:
        # apply aperture mask
        basis = np.asarray(H[1:])  # drop the 0th null element
        basis[:, ~apmask] = outside
        return basis[0:nterms]


def arbitrary_basis(aperture, nterms=15, rho=None, theta=None, outside=np.nan):
    # code submitted by Arthur Vigan - see https://github.com/mperrin/poppy/issues/166
    shape = aperture.shape
    assert len(shape) == 2 and shape[0] == shape[1], \
        "only square aperture arrays are supported"

    # any pixels with zero or NaN in the aperture are outside the area
    apmask = (xp.isfinite(xp.asarray(aperture)) & (xp.asarray(aperture) > 0))
    apmask_float = xp.asarray(apmask, float)
    A = apmask.sum()

    if theta is None and rho is None:
        # To avoid clipping the aperture, we precompute the zernike modes
        # on an array oversized s.t. the zernike disk circumscribes the
        # entire aperture. We then slice the zernike array down to the
        # requested array size and cut the aperture out of it.

        # get max extent of aperture from array center
        yind, xind = xp.where(apmask)
        distance = xp.sqrt((yind - (shape[0] - 1) / 2.) ** 2 + (xind - (shape[1] - 1) / 2.) ** 2)
        max_extent = distance.max()

        # calculate padding for oversizing zernike_basis
        ceil = lambda x: xp.ceil(x) if x > 0 else 0  # avoid negative values
        padding = (int(ceil((max_extent - (shape[0] - 1) / 2.))),
                   int(ceil((max_extent - (shape[1] - 1) / 2.))))
        padded_shape = (shape[0] + padding[0] * 2, shape[1] + padding[1] * 2)
        npix = padded_shape[0]

        # precompute zernikes on oversized array
        Z = xp.zeros((nterms + 1,) + padded_shape)
        Z[1:] = zernike_basis(nterms=nterms, npix=npix, rho=rho, theta=theta, outside=0.0)
        # slice down to original aperture array size
        Z = Z[:, padding[0]:padded_shape[0] - padding[0],
              padding[1]:padded_shape[1] - padding[1]]
    else:
        # precompute zernikes on user-defined rho, theta
        Z = xp.zeros((nterms + 1,) + shape)
        Z[1:] = zernike_basis(nterms=nterms, rho=rho, theta=theta, outside=0.0)

    G = [xp.zeros(shape), xp.ones(shape)]  # array of G_i etc. intermediate fn
    H = [xp.zeros(shape), apmask_float.copy()]  # array of zernikes on arbitrary basis
    c = {}  # coefficients hash

    for j in np.arange(nterms - 1) + 1:  # can do one less since we already have the piston term
        _log.debug("  j = " + str(j))
        # Compute the j'th G, then H
        nextG = Z[j + 1] * apmask_float
        for k in np.arange(j) + 1:
            c[(j + 1, k)] = -1 / A * (Z[j + 1] * H[k] * apmask_float).sum()
            if c[(j + 1, k)] != 0:
                nextG += c[(j + 1, k)] * H[k]
            _log.debug("    c[%s] = %f", str((j + 1, k)), c[(j + 1, k)])

        nextH = nextG / xp.sqrt((nextG ** 2).sum() / A)

        G.append(nextG)
        H.append(nextH)

        # TODO - contemplate whether the above algorithm is numerically stable
        # cf. modified gram-schmidt algorithm discussion on wikipedia.

    basis = xp.asarray(H[1:])  # drop the 0th null element
    basis[:, ~apmask] = outside

    return basis


def decompose_opd(opd, aperture=None, nterms=15, basis=zernike_basis,
                  **kwargs):

    if aperture is None:
        _log.warning("No aperture supplied - "
                  "using the finite (non-NaN) part of the OPD map as a guess.")
        aperture = np.isfinite(opd)  # . astype(np.float_)

    # any pixels with zero or NaN in the aperture are outside the area
    apmask = (np.isfinite(aperture) & (aperture > 0))

    basis_set = basis(
        nterms=nterms,
        npix=opd.shape[0],
        outside=np.nan,
        aperture=aperture,
        **kwargs
    )

    ngood = apmask.sum()

    coeffs = [(opd * b)[apmask].sum() / ngood
              for b in basis_set]

    return coeffs


def decompose_opd_nonorthonormal_basis(opd, aperture=None, nterms=15, basis=zernike_basis_faster,
                                       iterations=5, verbose=False, **kwargs):

    if aperture is None:
        _log.warning("No aperture supplied - "
                  "using the finite (non-NaN) part of the OPD map as a guess.")
        aperture = np.isfinite(opd)

    # any pixels with zero or NaN in the aperture are outside the area
    apmask = (np.isfinite(aperture) & (aperture > 0))

    # Determine if this basis function accepts an 'aperture' parameter or not
    # If so, append that into the function's kwargs. This check is needed to
    # handle e.g. both the zernike_basis function (which doesn't accept aperture)
    # and hexike_basis or arbitrary_basis (which do).
    if 'aperture' in inspect.signature(basis).parameters:
        kwargs['aperture'] = aperture

    basis_set = basis(
        nterms=nterms,
        npix=opd.shape[0],
        outside=np.nan,
        **kwargs
    )

    wgood = (apmask & np.isfinite(basis_set[1]))
    ngood = apmask.sum()

    coeffs = np.zeros(nterms)
    opd_copy = np.copy(opd)

    for count in range(iterations):
        for i, b in enumerate(basis_set):
            this_coeff = (opd_copy * b)[wgood].sum() / ngood
            opd_copy -= this_coeff * b
            coeffs[i] += this_coeff
        if verbose:
            print("Iteration {}/{}: {}".format(count, iterations, coeffs))

    return coeffs


def compose_opd_from_basis(coeffs, basis=zernike_basis_faster, aperture=None, outside=np.nan,
                           **kwargs):

    # Determine if this basis function accepts an 'aperture' parameter or not
    # If so, append that into the function's kwargs. This check is needed to
    # handle e.g. both the zernike_basis function (which doesn't accept aperture)
    # and hexike_basis or arbitrary_basis (which do).
    if 'aperture' in inspect.signature(basis).parameters:
        kwargs['aperture'] = aperture

    basis_set = basis(
        nterms=len(coeffs),
        outside=outside,
        **kwargs
    )

    output = np.zeros_like(basis_set[0])

    # Check if basis area is the same for all elements (like zernike)
    # or varies (like segment PTT bases).
    # Use a simple proxy for this, by checking if first and last are the same

    constant_support =  np.allclose(np.isfinite(basis_set[0]), np.isfinite(basis_set[-1]))

    if constant_support:
        # we can just sum the whole arrays using an Einstein sum
        output = xp.einsum('i,ijk->jk', xp.asarray(coeffs), basis_set)
    else:
        # we have to use different good pixel areas per each basis element
        for i, b in enumerate(basis_set):
            if coeffs[i] != 0:
                wgood = np.isfinite(b)
                output[wgood] += coeffs[i] * b[wgood]

    if aperture is not None:
        apmask = (np.isfinite(aperture) & (aperture > 0))
        output[~apmask] = outside
    elif aperture is None and not constant_support:
        apmask = np.isfinite(basis_set).sum(axis=0) > 0
        output[~apmask] = outside

    return output


# --- poppy/geometry.py ---

def _arc(x, y0, y1, r):
    with np.errstate(divide='ignore'):
        if accel_math._USE_NUMEXPR:
            return ne.evaluate("0.5 * r**2 * (arctan(y1/x) - arctan(y0/x))")
        else:
            return 0.5 * r**2 * (xp.arctan(y1/x) - xp.arctan(y0/x))


def _chord(x, y0, y1):
    return 0.5 * x * (y1 - y0)


def _oneside(x, y0, y1, r):

    if xp.all(xp.equal(x, 0)): return x

    if xp.isscalar(x): x = xp.asarray(x)
    if xp.isscalar(y0): y0 = xp.asarray(y0)
    if xp.isscalar(y1): y1 = xp.asarray(y1)
    sx = x.shape
    ans = xp.zeros(sx, dtype=xp.float64)
    yh = xp.zeros(sx, dtype=xp.float64)
    to = (abs(x) >= r)
    ti = (abs(x) < r)
    if xp.any(to):
        ans[to] = _arc(x[to], y0[to], y1[to], r)
    if not xp.any(ti):
        return ans

    yh[ti] = xp.sqrt(r**2 - x[ti]**2)

    i = ((y0 <= -yh) & ti)
    if xp.any(i):

        j = ((y1 <= -yh) & i)
        if xp.any(j):
            ans[j] = _arc(x[j], y0[j], y1[j], r)

        j = ((y1 > -yh) & (y1 <= yh) & i)
        if xp.any(j):
            ans[j] = _arc(x[j], y0[j], -yh[j], r) + \
                     _chord(x[j], -yh[j], y1[j])

        j = ((y1 > yh) & i)
        if xp.any(j):
            ans[j] = _arc(x[j], y0[j], -yh[j], r) + \
                     _chord(x[j], -yh[j], yh[j]) + \
                     _arc(x[j], yh[j], y1[j], r)

    i = ((y0 > -yh) & (y0 < yh) & ti)
    if xp.any(i):

        j = ((y1 <= -yh) & i)
        if xp.any(j):
            ans[j] = _chord(x[j], y0[j], -yh[j]) + \
                     _arc(x[j], -yh[j], y1[j], r)

        j = ((y1 > -yh) & (y1 <= yh) & i)
        if xp.any(j):
            ans[j] = _chord(x[j], y0[j], y1[j])

        j = ((y1 > yh) & i)
        if xp.any(j):
            ans[j] = _chord(x[j], y0[j], yh[j]) + \
                     _arc(x[j], yh[j], y1[j], r)

    i = ((y0 >= yh) & ti)
    if xp.any(i):

        j = ((y1 <= -yh) & i)
        if xp.any(j):
            ans[j] = _arc(x[j], y0[j], yh[j], r) + \
                     _chord(x[j], yh[j], -yh[j]) + \
                     _arc(x[j], -yh[j], y1[j], r)

        j = ((y1 > -yh) & (y1 <= yh) & i)
        if xp.any(j):
            ans[j] = _arc(x[j], y0[j], yh[j], r) + \
                     _chord(x[j], yh[j], y1[j])

        j = ((y1 > yh) & i)
        if xp.any(j):
            ans[j] = _arc(x[j], y0[j], y1[j], r)
    return ans


def _intarea(xc, yc, r, x0, x1, y0, y1):
    x0 = x0 - xc
    y0 = y0 - yc
    x1 = x1 - xc
    y1 = y1 - yc
    return _oneside(x1, y0, y1, r) + _oneside(y1, -x1, -x0, r) + \
           _oneside(-x0, -y1, -y0, r) + _oneside(-y0, x0, x1, r)


def pixwt(xc, yc, r, x, y):
    return _intarea(xc, yc, r, x-0.5, x+0.5, y-0.5, y+0.5)


def filled_circle_aa(shape, xcenter, ycenter, radius, xarray=None, yarray=None,
        fillvalue=1, clip=True, cliprange=(0,1)):

    array = xp.zeros(shape)

    if xarray is None or yarray is None:
        yarray, xarray = xp.indices(shape)

    r = xp.sqrt( (xarray-xcenter)**2 + (yarray-ycenter)**2)
    array[r < radius ]  = fillvalue

    pixscale = xp.abs(xarray[0,1] - xarray[0,0])
    area_per_pix = pixscale**2

    if xp.abs(pixscale -1.0) > 0.01:
        import warnings
        warnings.warn('filled_circle_aa may not yield exact results for grey pixels when pixel scale <1')
    border = xp.where( xp.abs(r-radius) < pixscale)

    weights = pixwt(xcenter, ycenter, radius, xarray[border], yarray[border])

    array[border] = weights *fillvalue/area_per_pix


    if clip:
        assert len(cliprange) == 2
        return xp.asarray(array).clip(*cliprange)
    else:
        return array


# --- poppy/fwcentroid.py ---

def fwcentroid(image, checkbox=1, maxiterations=20, threshold=1e-4, halfwidth=5, verbose=False):

    if hasattr(halfwidth, '__iter__'):
        XHW, YHW = halfwidth[0:2]
    else:
        XHW, YHW = halfwidth, halfwidth

    # Determine starting peak location
    if checkbox > 1:
        raise NotImplementedError("Checkbox smoothing not done yet")
    else:
        # just use brightest pixel
        w = np.where(image == image.max())
        YPEAK, XPEAK = w[0][0], w[1][0]
        if verbose: print("Peak pixels are {0}, {1}".format(XPEAK, YPEAK))

    # Calculate centroid for first iteration

    SUM = 0.0
    XSUM = 0.0
    XSUM2 = 0.0
    XSUM3 = 0.0
    YSUM = 0.0
    YSUM2 = 0.0
    YSUM3 = 0.0
    CONVERGENCEFLAG = False

    for i in np.arange(2 * XHW + 1) + XPEAK - XHW:
        for j in np.arange(2 * YHW + 1) + YPEAK - YHW:
            # print "(%d, %d)" % (i,j)
            # XLOC = i - XPEAK + XHW +1
            # YLOC = j - YPEAK + YHW +1
            XLOC = i
            YLOC = j
            # print "  (%d, %d)" % (XLOC, YLOC)
            SUM += image[j, i]
            XSUM += XLOC * image[j, i]
            XSUM2 += XLOC ** 2 * image[j, i]
            XSUM3 += XLOC ** 3 * image[j, i]
            YSUM += YLOC * image[j, i]
            YSUM2 += YLOC ** 2 * image[j, i]
            YSUM3 += YLOC ** 3 * image[j, i]
    XCEN = XSUM / SUM
    # XMOMENT2 = XSUM2 / SUM
    # XMOMENT3 = XSUM3 / SUM
    YCEN = YSUM / SUM
    # YMOMENT2 = YSUM2 / SUM
    # YMOMENT3 = YSUM3 / SUM

    # MDP edit in debugging: convert from local box coords to full image.
    # XCEN += XPEAK -XHW-1
    # YCEN += YPEAK -YHW-1   #this would be equivalent to removing the XLOC lines?
    # end MDP edit

    oldXCEN = XCEN
    oldYCEN = YCEN

    if verbose: print("After initial calc, cent pos is  ({0:f}, {1:f})".format(XCEN, YCEN))

    # Iteratively calculate centroid until solution converges,
    # use more neighboring pixels and apply weighting:
    # print("---"+str(maxiterations))
    for k in range(maxiterations):
        SUM = 0.0
        XSUM = 0.0
        XSUM2 = 0.0
        XSUM3 = 0.0
        YSUM = 0.0
        YSUM2 = 0.0
        YSUM3 = 0.0
        for i in np.arange(2 * (XHW + 1) + 1) + int(oldXCEN) - (XHW + 1):
            for j in np.arange(2 * (YHW + 1) + 1) + int(oldYCEN) - (YHW + 1):
                # stop()
                # -- Calculate weights
                # Initialize weights to zero:
                XWEIGHT = 0
                YWEIGHT = 0
                # Adjust weights given distance from current centroid:
                XOFF = np.abs(i - oldXCEN)
                YOFF = np.abs(j - oldYCEN)
                # If within original centroid box, set the weight to one:
                if XOFF <= XHW:
                    XWEIGHT = 1
                elif (XOFF > XHW) and (XOFF < XHW + 1):
                    # Else if on the border, then weight needs to be scaled:
                    XWEIGHT = XHW + 1 - XOFF
                # If within original centroid box, set the weight to one:
                if YOFF <= YHW:
                    YWEIGHT = 1
                elif (YOFF > YHW) and (YOFF < YHW + 1):
                    # Else if on the border, then weight needs to be scaled:
                    YWEIGHT = YHW + 1 - YOFF
                WEIGHT = XWEIGHT * YWEIGHT

                # Centroid, second moment, and third moment calculations
                # XLOC = i - int(XCEN) + XHW + 2
                # YLOC = j - int(YCEN) + YHW + 2
                XLOC = i
                YLOC = j

                # print "pix (%d, %d) weight %f" % (i, j, WEIGHT)
                SUM = SUM + image[j, i] * WEIGHT
                XSUM = XSUM + XLOC * image[j, i] * WEIGHT
                XSUM2 = XSUM2 + XLOC ** 2 * image[j, i] * WEIGHT
                XSUM3 = XSUM3 + XLOC ** 3 * image[j, i] * WEIGHT
                YSUM = YSUM + YLOC * image[j, i] * WEIGHT
                YSUM2 = YSUM2 + YLOC ** 2 * image[j, i] * WEIGHT
                YSUM3 = YSUM3 + YLOC ** 3 * image[j, i] * WEIGHT
        XCEN = XSUM / SUM
        # XMOMENT2 = XSUM2 / SUM
        # XMOMENT3 = XSUM3 / SUM
        YCEN = YSUM / SUM
        # YMOMENT2 = YSUM2 / SUM
        # YMOMENT3 = YSUM3 / SUM

        # MDP edit in debugging: convert from local box coords to full image.
        # XCEN += oldXCEN -XHW-1
        # YCEN += oldYCEN -YHW-1   #this would be equivalent to removing the XLOC lines?

        if verbose: print("After iter {0} , cent pos is  ({1:f}, {2:f})".format(k, XCEN, YCEN))
        # Check for convergence:
        if (np.abs(XCEN - oldXCEN) <= threshold and
                np.abs(YCEN - oldYCEN) <= threshold):
            CONVERGENCEFLAG = True
            break
        else:
            if verbose: print(np.abs(XCEN - oldXCEN), np.abs(YCEN - oldYCEN), threshold)
            CONVERGENCEFLAG = False
            oldXCEN = XCEN
            oldYCEN = YCEN
    if not CONVERGENCEFLAG:  # pragma: no cover
        print("Algorithm terminated at max iterations without convergence.")

    return YCEN, XCEN


# --- poppy/matrixDFT.py ---

def matrix_dft(plane, nlamD, npix,
               offset=None, inverse=False, centering=FFTSTYLE):
    if accel_math._USE_NUMEXPR:
        return matrix_dft_numexpr(plane, nlamD, npix,
                                  offset=offset, inverse=inverse, centering=centering)
    float = accel_math._float()

    npupY, npupX = plane.shape

    try:
        if np.isscalar(npix):
            npixY, npixX = float(npix), float(npix)
        else:
            npixY, npixX = tuple(xp.asarray(npix, dtype=float))
    except ValueError:
        raise ValueError(
            "'npix' must be supplied as a scalar (for square arrays) or as "
            "a 2-tuple of ints (npixY, npixX)"
        )

    # make sure these are integer values
    if npixX != int(npixX) or npixY != int(npixY):
        raise TypeError("'npix' must be supplied as integer value(s)")

    try:
        if np.isscalar(nlamD):
            nlamDY, nlamDX = float(nlamD), float(nlamD)
        else:
            nlamDY, nlamDX = tuple(xp.asarray(nlamD, dtype=float))
    except ValueError:
        raise ValueError(
            "'nlamD' must be supplied as a scalar (for square arrays) or as"
            " a 2-tuple of floats (nlamDY, nlamDX)"
        )

    centering = centering.upper()


    # In the following: X and Y are coordinates in the input plane
    #                   U and V are coordinates in the output plane

    if inverse:
        dX = nlamDX / float(npupX)
        dY = nlamDY / float(npupY)
        dU = 1.0 / float(npixX)
        dV = 1.0 / float(npixY)
    else:
        dU = nlamDX / float(npixX)
        dV = nlamDY / float(npixY)
        dX = 1.0 / float(npupX)
        dY = 1.0 / float(npupY)


    if centering == FFTSTYLE:
        Xs = (xp.arange(npupX, dtype=float) - (npupX / 2)) * dX
        Ys = (xp.arange(npupY, dtype=float) - (npupY / 2)) * dY

        Us = (xp.arange(npixX, dtype=float) - npixX / 2) * dU
        Vs = (xp.arange(npixY, dtype=float) - npixY / 2) * dV
    elif centering == ADJUSTABLE:
        if offset is None:
            offsetY, offsetX = 0.0, 0.0
        else:
            try:
                offsetY, offsetX = tuple(xp.asarray(offset, dtype=float))
            except ValueError:
                raise ValueError(
                    "'offset' must be supplied as a 2-tuple with "
                    "(y_offset, x_offset) as floating point values"
                )
        Xs = (xp.arange(npupX, dtype=float) - float(npupX) / 2.0 - offsetX + 0.5) * dX
        Ys = (xp.arange(npupY, dtype=float) - float(npupY) / 2.0 - offsetY + 0.5) * dY

        Us = (xp.arange(npixX, dtype=float) - float(npixX) / 2.0 - offsetX + 0.5) * dU
        Vs = (xp.arange(npixY, dtype=float) - float(npixY) / 2.0 - offsetY + 0.5) * dV
    elif centering == SYMMETRIC:
        Xs = (xp.arange(npupX, dtype=float) - float(npupX) / 2.0 + 0.5) * dX
        Ys = (xp.arange(npupY, dtype=float) - float(npupY) / 2.0 + 0.5) * dY

        Us = (xp.arange(npixX, dtype=float) - float(npixX) / 2.0 + 0.5) * dU
        Vs = (xp.arange(npixY, dtype=float) - float(npixY) / 2.0 + 0.5) * dV
    else:
        raise ValueError("Invalid centering style")

    XU = xp.outer(Xs, Us)
    YV = xp.outer(Ys, Vs)

    # SIGN CONVENTION: plus signs in exponent for basic forward propagation, with
    # phase increasing with time. This convention differs from prior poppy version < 1.0
    if inverse:
        expYV = xp.exp(-2.0 * np.pi * 1j * YV).T
        expXU = xp.exp(-2.0 * np.pi * 1j * XU)
        t1 = xp.dot(expYV, plane)
        t2 = xp.dot(t1, expXU)
    else:
        expXU = xp.exp(-2.0 * np.pi * -1j * XU)
        expYV = xp.exp(-2.0 * np.pi * -1j * YV).T
        t1 = xp.dot(expYV, plane)
        t2 = xp.dot(t1, expXU)

    norm_coeff = np.sqrt((nlamDY * nlamDX) / (npupY * npupX * npixY * npixX))
    return norm_coeff * t2


def matrix_idft(*args, **kwargs):
    kwargs['inverse'] = True
    return matrix_dft(*args, **kwargs)


# --- poppy/misc.py ---

def airy_1d(diameter=1.0, wavelength=1e-6, length=512, pixelscale=0.010,
            obscuration=0.0, plot=False):

    r = xp.arange(length) * pixelscale

    v = xp.pi * (r * _ARCSECtoRAD) * diameter / wavelength
    e = obscuration

    # pedantically avoid divide by 0 by setting 0s to minimum nonzero number
    v[v == 0] = xp.finfo(v.dtype).eps

    airy = 1./(1-e**2)**2 * ((2*_scipy.special.j1(v) - e*2*_scipy.special.j1(e*v))/v)**2
    # see e.g. Schroeder, Astronomical Optics, 2nd ed. page 248

    if plot:
        plt.semilogy(r, airy)
        plt.xlabel("radius [arcsec]")
        plt.ylabel("PSF intensity")
    return r, airy


def airy_2d(diameter=1.0, wavelength=1e-6, shape=(512, 512), pixelscale=0.010,
            obscuration=0.0, center=None):

    if center is None:
        center = (xp.asarray(shape) - 1.) / 2
    y, x = xp.indices(shape, dtype=float)
    y -= center[0]
    x -= center[1]
    y *= pixelscale
    x *= pixelscale
    r = xp.sqrt(x ** 2 + y ** 2)

    radius = float(diameter)/2.0

    k = 2 * xp.pi / wavelength  # wavenumber
    v = k * radius * r * _ARCSECtoRAD
    e = obscuration

    # pedantically avoid divide by 0 by setting 0s to minimum nonzero number
    v[v == 0] = xp.finfo(v.dtype).eps

    airy = 1./(1-e**2)**2 * ((2*_scipy.special.j1(v) - e*2*_scipy.special.j1(e*v))/v)**2
    # see e.g. Schroeder, Astronomical Optics, 2nd ed. page 248
    return airy


def sinc2_2d(width=1.0, height=None, wavelength=1e-6, shape=(512, 512), pixelscale=0.010,
             center=None):

    if height is None:
        height = width
    halfwidth = float(width)/2
    halfheight = float(height)/2

    if center is None:
        center = (xp.asarray(shape) - 1.) / 2
    y, x = xp.indices(shape, float)
    y -= center[0]
    x -= center[1]
    y *= pixelscale
    x *= pixelscale

    k = 2 * xp.pi / wavelength  # wavenumber
    alpha = k * x * halfwidth * _ARCSECtoRAD
    beta = k * y * halfheight * _ARCSECtoRAD

    psf = (xp.sinc(alpha)) ** 2 * (xp.sinc(beta)) ** 2

    return psf



# --- wrappers for keyword settings ---

def zernike_grid(n, m):
    return zernike(n, m, npix=24)


def zernike_polar(rho, theta):
    return zernike(3, -1, rho=rho, theta=theta)


def zernike1_spherical():
    return zernike1(11, npix=20)


def zernike_basis_grid():
    return zernike_basis(nterms=10, npix=20)


def zernike_basis_polar(rho, theta):
    return zernike_basis(nterms=8, rho=rho, theta=theta, outside=0.0)


def zernike_basis_faster_grid():
    return zernike_basis_faster(nterms=12, npix=20)


def hex_aperture_grid():
    return hex_aperture(npix=24)


def hex_aperture_polar(rho, theta):
    return hex_aperture(rho=rho, theta=theta)


def hexike_basis_grid():
    return hexike_basis(nterms=8, npix=20)


def hexike_basis_wss_grid():
    return hexike_basis_wss(nterms=9, npix=20)


def hexike_basis_wss_xy(x, y):
    return hexike_basis_wss(nterms=6, x=x, y=y, aperture=np.ones(x.shape))


def arbitrary_basis_aperture(aperture):
    return arbitrary_basis(aperture, nterms=6)


def arbitrary_basis_polar(aperture, rho, theta):
    return arbitrary_basis(aperture, nterms=5, rho=rho, theta=theta)


def decompose_opd_zernike(opd, aperture):
    return decompose_opd(opd, aperture=aperture, nterms=8)


def decompose_opd_hexike(opd):
    return decompose_opd(opd, aperture=hex_aperture(npix=opd.shape[0]), nterms=6, basis=hexike_basis)


def decompose_opd_nonorthonormal(opd, aperture):
    return decompose_opd_nonorthonormal_basis(opd, aperture=aperture, nterms=6, iterations=3)


def compose_opd_zernike(coeffs):
    return compose_opd_from_basis(coeffs, npix=20)


def compose_opd_hexike(coeffs, aperture):
    return compose_opd_from_basis(coeffs, basis=hexike_basis, aperture=aperture, npix=20, outside=0.0)


def filled_circle_noclip(xcenter, ycenter, radius):
    return filled_circle_aa((24, 24), xcenter, ycenter, radius, clip=False)


def filled_circle_halfpix(xarray, yarray, xcenter, ycenter, radius):
    return filled_circle_aa(xarray.shape, xcenter, ycenter, radius, xarray=xarray, yarray=yarray)


def fwcentroid_halfwidths(image):
    return fwcentroid(image, halfwidth=(4, 6))


def fwcentroid_one_iteration(image):
    return fwcentroid(image, maxiterations=1, halfwidth=3)


def matrix_dft_fftstyle(plane):
    return matrix_dft(plane, 4.0, 24)


def matrix_dft_adjustable(plane, offset):
    return matrix_dft(plane, (3.5, 4.5), (20, 24), offset=offset, centering='adjustable')


def matrix_dft_symmetric(plane):
    return matrix_dft(plane, 5.0, 16, centering=SYMMETRIC)


def matrix_dft_inverse(image):
    return matrix_idft(image, 4.0, 16)


def airy_1d_obscured(diameter, wavelength):
    return airy_1d(diameter=diameter, wavelength=wavelength, length=64, pixelscale=0.02, obscuration=0.3)


def airy_2d_centered(diameter, wavelength):
    return airy_2d(diameter=diameter, wavelength=wavelength, shape=(32, 32), pixelscale=0.02)


def airy_2d_offcenter(diameter, wavelength, center):
    return airy_2d(diameter=diameter, wavelength=wavelength, shape=(24, 28), pixelscale=0.03, obscuration=0.2,
                   center=center)


def sinc2_2d_rect(width, height):
    return sinc2_2d(width=width, height=height, wavelength=2e-6, shape=(24, 32), pixelscale=0.05)


# --- inputs ---

def _polar(npix=20, scale=1.0):
    x = (np.arange(npix) - (npix - 1) / 2.0) / ((npix - 1) / 2.0) * scale
    xx, yy = np.meshgrid(x, x)
    return np.sqrt(xx ** 2 + yy ** 2), np.arctan2(yy, xx)


def _circ_aperture(npix=20, r_in=0.0):
    rho, _ = _polar(npix, 1.15)
    return ((rho <= 1.0) & (rho >= r_in)).astype(float)


def _opd(rng, npix=20):
    coeffs = rng.normal(scale=50e-9, size=8)
    basis = zernike_basis(nterms=8, npix=npix, outside=np.nan)
    return np.einsum("i,ijk->jk", coeffs, basis)


def _gaussian(rng, size=40, width=2.5):
    cx, cy = rng.uniform(15, 25, 2)
    x = np.arange(size)[np.newaxis, :]
    y = np.arange(size)[:, np.newaxis]
    return np.exp(-(((cx - x) / width) ** 2 + ((cy - y) / width) ** 2) / 2)


def _oneside_args(rng):
    # x inside and outside r, y0 / y1 on each side of +-yh: every branch
    x = np.array([3.0, -2.5, 0.5, 0.5, 0.5, 0.2, 0.2, 0.2, -0.4, -0.4, -0.4, 1.5])
    y0 = np.array([-1.0, 0.0, -2.5, -2.5, -2.5, 0.1, 0.1, 0.1, 2.5, 2.5, 2.5, -0.3]) + rng.uniform(-0.05, 0.05, 12)
    y1 = np.array([1.0, 0.5, -2.2, 0.3, 2.4, -2.4, 0.5, 2.6, -2.6, 0.2, 2.7, 0.4]) + rng.uniform(-0.05, 0.05, 12)
    return x, y0, y1, 2.0


CASES = [
    case(zern_name, lambda rng: (9,), PP("zernike.py", "zern_name")),
    case(str_zernike, lambda rng: (4, -2), PP("zernike.py", "str_zernike")),
    case(noll_indices, lambda rng: (14,), PP("zernike.py", "noll_indices")),
    case(noll_indices, lambda rng: (1,), PP("zernike.py", "noll_indices", "j=1: n == 0"), name="poppy.noll_indices_piston"),
    case(R, lambda rng: (4, 2, rng.uniform(0, 1, (6, 6))), PP("zernike.py", "R")),
    case(R, lambda rng: (3, 2, rng.uniform(0, 1, (6, 6))), PP("zernike.py", "R", "n - m odd: returns 0"), name="poppy.R_odd"),
    case(zernike_grid, lambda rng: (4, 2), PP("zernike.py", "zernike", "npix=24, m > 0")),
    case(zernike_grid, lambda rng: (0, 0), PP("zernike.py", "zernike", "npix=24, piston (a boolean aperture)"),
         name="poppy.zernike_grid_piston"),
    case(zernike_polar, lambda rng: _polar(16, 1.1), PP("zernike.py", "zernike", "rho, theta given, m < 0")),
    case(zernike1_spherical, lambda rng: (), PP("zernike.py", "zernike1", "j=11, npix=20")),
    case(zernike_basis_grid, lambda rng: (), PP("zernike.py", "zernike_basis", "nterms=10, npix=20")),
    case(zernike_basis_polar, lambda rng: _polar(16, 1.05), PP("zernike.py", "zernike_basis", "rho, theta given")),
    case(zernike_basis_faster_grid, lambda rng: (), PP("zernike.py", "zernike_basis_faster", "nterms=12, npix=20")),
    case(hex_aperture_grid, lambda rng: (), PP("zernike.py", "hex_aperture", "npix=24")),
    case(hex_aperture_polar, lambda rng: _polar(18, 1.1), PP("zernike.py", "hex_aperture", "rho, theta given")),
    case(hexike_basis_grid, lambda rng: (), PP("zernike.py", "hexike_basis", "nterms=8, npix=20")),
    case(hexike_basis_wss_grid, lambda rng: (), PP("zernike.py", "hexike_basis_wss", "nterms=9, npix=20")),
    case(hexike_basis_wss_xy, lambda rng: tuple(np.meshgrid(np.linspace(-1, 1, 12), np.linspace(-1, 1, 12))),
         PP("zernike.py", "hexike_basis_wss", "x, y given")),
    case(arbitrary_basis_aperture, lambda rng: (_circ_aperture(20, 0.3),), PP("zernike.py", "arbitrary_basis", "an annulus")),
    case(arbitrary_basis_polar, lambda rng: (_circ_aperture(16),) + _polar(16, 1.15), PP("zernike.py", "arbitrary_basis", "rho, theta given")),
    case(decompose_opd_zernike, lambda rng: (lambda opd: (opd, np.isfinite(opd).astype(float)))(_opd(rng)),
         PP("zernike.py", "decompose_opd", "nterms=8")),
    case(decompose_opd_hexike, lambda rng: (rng.normal(scale=1e-7, size=(20, 20)),), PP("zernike.py", "decompose_opd", "basis=hexike_basis")),
    case(decompose_opd_nonorthonormal, lambda rng: (np.nan_to_num(_opd(rng)), hex_aperture(npix=20)),
         PP("zernike.py", "decompose_opd_nonorthonormal_basis", "zernike_basis_faster on a hexagon, iterations=3")),
    case(compose_opd_zernike, lambda rng: (rng.normal(scale=50e-9, size=7),), PP("zernike.py", "compose_opd_from_basis")),
    case(compose_opd_hexike, lambda rng: (list(np.round(np.random.default_rng(3).normal(scale=50e-9, size=6), 12)), hex_aperture(npix=20)),
         PP("zernike.py", "compose_opd_from_basis", "basis=hexike_basis, a list of coefficients")),
    # geometry.py
    case(_oneside, lambda rng: _oneside_args(rng), PP("geometry.py", "_oneside", "every branch")),
    case(_oneside, lambda rng: (np.zeros(5), rng.uniform(-1, 0, 5), rng.uniform(0, 1, 5), 1.0),
         PP("geometry.py", "_oneside", "x all 0: early return"), name="poppy._oneside_zero"),
    case(_oneside, lambda rng: (rng.uniform(3, 4, 5), rng.uniform(-1, 0, 5), rng.uniform(0, 1, 5), 2.0),
         PP("geometry.py", "_oneside", "x outside r: the second early return"), name="poppy._oneside_outside"),
    case(pixwt, lambda rng: (np.float64(10.3), np.float64(9.6), 4.2, rng.integers(5, 15, 12).astype(float), rng.integers(5, 15, 12).astype(float)),
         PP("geometry.py", "pixwt")),
    case(filled_circle_aa, lambda rng: ((24, 24), 11.3, 12.7, 6.2), PP("geometry.py", "filled_circle_aa")),
    case(filled_circle_noclip, lambda rng: (np.float64(rng.uniform(8, 14)), np.float64(rng.uniform(8, 14)), np.float64(rng.uniform(2.5, 6))),
         PP("geometry.py", "filled_circle_aa", "clip=False")),
    case(filled_circle_halfpix, lambda rng: tuple(np.meshgrid(np.arange(20) * 0.5, np.arange(20) * 0.5)) + (4.6, 5.1, 2.7),
         PP("geometry.py", "filled_circle_aa", "pixel scale 0.5: the warning")),
    # fwcentroid.py
    case(fwcentroid, lambda rng: (_gaussian(rng),), PP("fwcentroid.py", "fwcentroid")),
    case(fwcentroid_halfwidths, lambda rng: (_gaussian(rng, width=3.0),), PP("fwcentroid.py", "fwcentroid", "halfwidth=(4, 6)")),
    case(fwcentroid_one_iteration, lambda rng: (_gaussian(rng, width=4.0),), PP("fwcentroid.py", "fwcentroid", "maxiterations=1: not converged")),
    # matrixDFT.py
    case(matrix_dft_fftstyle, lambda rng: (_circ_aperture(16) * rng.uniform(0.9, 1.0, (16, 16)),), PP("matrixDFT.py", "matrix_dft", "FFTSTYLE")),
    case(matrix_dft_adjustable, lambda rng: (_circ_aperture(16) + 0j, rng.uniform(-1, 1, 2)), PP("matrixDFT.py", "matrix_dft", "ADJUSTABLE, offset, 2-tuples")),
    case(matrix_dft_symmetric, lambda rng: (_circ_aperture(12, 0.2),), PP("matrixDFT.py", "matrix_dft", "SYMMETRIC")),
    case(matrix_dft_inverse, lambda rng: (rng.normal(size=(24, 24)) + 1j * rng.normal(size=(24, 24)),), PP("matrixDFT.py", "matrix_idft", "matrix_dft with inverse=True")),
    # misc.py
    case(airy_1d_obscured, lambda rng: (6.5, 2e-6), PP("misc.py", "airy_1d", "obscuration=0.3")),
    case(airy_2d_centered, lambda rng: (np.float64(rng.uniform(2, 8)), 1e-6), PP("misc.py", "airy_2d")),
    case(airy_2d_offcenter, lambda rng: (2.4, np.float64(rng.uniform(0.5e-6, 2e-6)), (11.3, 14.8)), PP("misc.py", "airy_2d", "center given")),
    case(sinc2_2d_rect, lambda rng: (np.float64(rng.uniform(0.5, 2)), np.float64(rng.uniform(0.5, 2))), PP("misc.py", "sinc2_2d", "a rectangle")),
]
