"""Skyfield's pure-NumPy astronomy: the vector helpers of ``functions.py`` (``sqrt_nan``'s ``where(n < 0.0, nan,
...)``, ``einsum`` with ``...`` for stacks of rotation matrices built by ``array(((one, zero, zero), ...))``,
``_to_array``'s ``hasattr`` chain and ``_reconcile``'s ``getattr(a, 'ndim', 0)`` with an in-place ``a.shape += (1,) *
difference`` or ``full_like``), the Earth routines of ``earthlib.py`` (``reverse_terra``'s ``while i < iterations``
refinement; ``refract``'s ``while mask.sum():`` until every altitude converged, the mask re-made by ``nan_to_num`` of
the change), the search routines of ``searchlib.py`` (``find_discrete`` and ``find_maxima``: ``getattr(f,
'step_days', None)``, ``int(...)`` sample counts for ``linspace``, ``while True:`` loops over ``flatnonzero(diff(y))``
brackets that ``break`` on an empty result or a converged bracket; ``_identify_maxima``'s plateau midpoints by
boolean-mask indexing; ``_remove_adjacent_duplicates``' ``if not len(a): return a``; ``_fix_numpy_deprecation``'s
in-place ``y.dtype = int8`` of a boolean array), ``geometry.py``'s line-sphere and line-ellipsoid intersections
(``if len(getattr(line_start, 'shape', ())) > 1`` reshaping the radii, nested ``where`` with NaN),
``relativity.py``'s aberration (``*=``, ``+=``, ``/=`` into the position argument), the osculating elements of
``elementslib.py`` (every function with a ``p.ndim == 0`` / ``e.ndim == 0`` / ``n_vec.ndim == 1`` branch: scalar
``if`` / ``elif`` / ``else`` returning the int ``0``, ``float64(0)``, ``float64(inf)`` or a conditional expression,
and array branches of boolean-mask writes ``E[inds] = ...`` and ``divide(..., out=..., where=...)``), ``keplerlib.py``
(Kepler's equation by a ``for _ in _ten_iterations`` loop with an early ``return`` once ``abs(dE) < 1e-14`` and a
``raise`` after it; ``ele_to_vec``'s ``isinstance(e, ndarray)`` / ``isinstance(v, ndarray)`` checks and ``if
Z.size != X.size: repeat``; ``find_trunc``'s ``while 1+x > 1`` over Python numbers; the Stumpff functions' masked
writes under ``if sum(mid):``; ``propagate``'s universal-variable bisection: ``copyto(..., where=...)``, three
``while (...).any()`` loops over boolean masks with masked reads and writes and ``sum(mask, axis=1)`` repeat counts),
the planetary magnitudes of ``magnitudelib.py`` (a ``for a in a3, a2, a1, a0`` Horner loop with in-place ``*=`` /
``+=``, nested ``where``), ``curvelib.py``'s piecewise polynomials (a ``Splines`` class whose ``__call__`` walks
``iter(self.coefficients)`` with ``next`` and a ``for`` loop of in-place updates, and a ``@reify`` derivative),
``timelib.py``'s calendar arithmetic (``divmod``, ``//`` and ``%`` of integer arrays, ``mask = 1 if (julian_before is
None) else (J >= julian_before)``), its ``DeltaT`` (``interp`` with NaN outside the table, ``if getattr(delta_t,
'shape', None):`` then ``nonzero(isnan(...))`` and a masked write of the long-term spline, else ``if
isnan(delta_t)``), ``units.py``'s sexagesimal helpers (``int(...)`` and ``divmod`` of a value; ``isinstance(value,
tuple)`` with ``iter`` / ``next`` and a loop), and ``nutationlib.py``'s fundamental arguments (``iter`` of a slice of
a tuple of arrays, a loop of in-place ``+=`` / ``*=``, ``fmod(a, ASEC360, out=a)``, ``if getattr(t, 'shape', ()):``)
(skyfielders/python-skyfield, MIT).

Copied from skyfielders/python-skyfield at 40c6e6c2c4f30e2a4d2c800adfbae58af5412df5 (version 1.54; its ``LICENSE``
is the MIT License, "Copyright (c) 2013-2018 Brandon Rhodes"): under ``skyfield/``, ``constants.py`` (all of it);
``_compatibility.py``'s ``interp``; ``functions.py``'s ``_AVOID_DIVIDE_BY_ZERO``, ``sqrt_nan``, ``dots``, ``mxmxm``,
``length_of``, ``angle_between``, ``rot_x``, ``rot_y``, ``rot_z``, ``_to_array`` and ``_reconcile``; ``earthlib.py``'s
``earth_radius_au``, ``reverse_terra``, ``refraction`` and ``refract``; ``searchlib.py``'s ``EPSILON``, ``_trace``,
``find_discrete``, ``_find_discrete``, ``find_maxima``, ``_choose_brackets``, ``_identify_maxima``,
``_remove_adjacent_duplicates`` and ``_fix_numpy_deprecation``; ``geometry.py`` (all of it); ``relativity.py``'s
``add_aberration``; ``sgp4lib.py``'s ``_cross`` with its index arrays; ``elementslib.py``'s module-level functions
(but ``osculating_elements_of``, ``mean_motion``, ``semi_latus_rectum`` and ``inclination``); ``keplerlib.py``'s
``_ten_iterations``, ``eccentric_anomaly``, ``ele_to_vec``, ``dpmax``, ``find_trunc``, the module-level ``trunc``,
factorial and exponent arrays and ``stumpff_bound``, ``stumpff`` and ``propagate``; ``magnitudelib.py``'s
``_venus_magnitude``, ``_saturn_magnitude``, ``_not`` and ``_neptune_magnitude``; ``descriptorlib.py``'s ``reify``;
``curvelib.py``'s ``Splines``; ``timelib.py``'s ``julian_day``, ``compute_calendar_date``, ``calendar_tuple``,
``DeltaT``, ``delta_t_parabola_stephenson_morrison_hohenkerk_2016`` and ``_normalize_jd_and_fraction``; ``units.py``'s
``_sexagesimalize_to_int`` and ``_unsexagesimalize``; and ``nutationlib.py``'s ``fa0`` ... ``fa4`` and
``fundamental_arguments``; in that order, docstrings dropped, comments kept.

Adapted, beyond that:

* the modules' ``from numpy import ...`` lines are one import here, and their references between modules
  (``from .functions import dots``, ``from .constants import tau``...) are names of this module. Like ``keplerlib.py``,
  ``earthlib.py``, ``relativity.py`` and ``units.py``, this module takes ``abs`` and ``sum`` from NumPy;
  ``functions.py``'s ``sqrt_nan`` and ``magnitudelib.py`` call the builtin ``abs``, which gives the same values on
  the arrays they take;
* ``elementslib.py``'s ``eccentric_anomaly(v, e, p)`` is named ``elements_eccentric_anomaly`` here: ``keplerlib.py``
  has its own ``eccentric_anomaly(e, M)``, which is kept under its name;
* not copied: what needs skyfield's ``Time``, ``Timescale``, ``Angle``, ``Distance`` or ephemeris objects, or the data
  files bundled with the package (``nutationlib.py``'s IAU 2000A series reads ``nutation.npz``; ``build_delta_t``
  reads ``delta_t.npz``), and the classes built on them (``OsculatingElements``, ``_KeplerOrbit``);
* a setting the source takes as a keyword (``iterations=``, ``shift=``, ``julian_before=``, ``places=``, ``terms=``)
  is given by a one-line wrapper named after the case; ``add_aberration`` updates its argument and returns ``None``,
  so its wrapper returns the position; the ``Splines`` and ``DeltaT`` objects are built by a wrapper from the arrays
  (``DeltaT`` with the module's long-term parabola); ``find_discrete`` and ``find_maxima`` take a stand-in
  ``Time`` (``SimpleNamespace(ts=..., tt=...)``) whose ``ts.tt_jd`` gives the Julian dates unchanged, and a function
  of time written here with its ``step_days`` attribute (a step function of the date for ``find_discrete``, a sum of
  two sines for ``find_maxima``).

The inputs: random 3-vectors and stacks of them (positions in au, velocities in au/day), Julian dates within about 50
years of J2000, altitudes from below the horizon to above the zenith, heliocentric states (km, km/s) of inclined
elliptical orbits around the Sun and the elements derived from them by the copied functions, eccentricities below, at
and above 1, mean and true anomalies, planetary distances and phase angles, spline tables, a Delta T table of 100
monthly values, calendar dates of the 11th to 20th centuries (both sides of the Gregorian reform); and the edge
values: ``sqrt_nan`` of 0, -0, NaN and infinities, ``refract`` of NaN, an altitude of 91 and of -3 degrees, an empty
array, a circular orbit (``e_vec`` 0) and an equatorial one (``n_vec`` 0), a parabolic orbit (``e == 1``, ``n == 0``),
Stumpff arguments at 0, -1 and 1 and none in the middle range, a Julian date far before the Delta T table (the
long-term spline), and a scalar time for ``fundamental_arguments`` (``a[:,0]``).
"""

# ruff: noqa: E127, E128, E201, E202, E203, E211, E221, E222, E225, E226, E231, E241, E261, E262, E265, E266, E302, E303, E305, E306, E501, E701, E702, E703, E704, E711, E712, E713, E721, E731, E741, N802, N803, N806, N816, B006, B007, B028, B905, F401, F811, F841, UP004, UP008, UP030, UP031, UP032, UP034, B904, W291, W293, UP003, A001, C408, C416, SIM108
from __future__ import annotations

import math
import sys
from functools import update_wrapper
from types import SimpleNamespace

import numpy as np
from numpy import (
    abs,
    add,
    amax,
    amin,
    append,
    arange,
    arccos,
    arcsin,
    arctan,
    arctan2,
    arctanh,
    argsort,
    array,
    atleast_1d,
    bool_,
    clip,
    concatenate,
    copy,
    copysign,
    copyto,
    cos,
    cosh,
    cross,
    diff,
    divide,
    dot,
    einsum,
    exp,
    finfo,
    flatnonzero,
    float64,
    fmod,
    full_like,
    hypot,
    inf,
    int8,
    isnan,
    issubdtype,
    linspace,
    log,
    log10,
    minimum,
    multiply,
    nan,
    nan_to_num,
    ndarray,
    newaxis,
    nonzero,
    ones_like,
    outer,
    power,
    repeat,
    reshape,
    rollaxis,
    searchsorted,
    sign,
    sin,
    sinh,
    sqrt,
    sum,
    tan,
    tanh,
    where,
    zeros,
    zeros_like,
)

from tests.coverage.cases import SKYFIELD, Source, case


def SF(path: str, original: str, note: str = "") -> Source:
    return Source(SKYFIELD, "skyfield/" + path, original, note)


# --- skyfield/constants.py ---

# Definitions.
AU_M = 149597870700             # per IAU 2012 Resolution B2
AU_KM = 149597870.700
ASEC360 = 1296000.0
DAY_S = 86400.0

# Angles.
ASEC2RAD = 4.848136811095359935899141e-6
DEG2RAD = 0.017453292519943296
RAD2DEG = 57.295779513082321
pi = 3.141592653589793
tau = 6.283185307179586476925287  # lower case, for symmetry with math.pi

# Physics.
C = 299792458.0                            # m/s
GM_SUN_Pitjeva_2005_km3_s2 = 132712440042  # Elena Pitjeva, 2015JPCRD..44c1210P

# Earth and its orbit.
ANGVEL = 7.2921150e-5           # radians/s
ERAD = 6378136.6                # meters
IERS_2010_INVERSE_EARTH_FLATTENING = 298.25642

# Heliocentric gravitational constant in meters^3 / second^2, from DE-405.
GS = 1.32712440017987e+20

# Time.
T0 = 2451545.0
B1950 = 2433282.4235

C_AUDAY = C * DAY_S / AU_M

# --- skyfield/_compatibility.py ---
# Old versions of interp() sometimes return a plain Python float,
# instead of always returning at least a NumPy float64 object.

interp = np.interp

if isinstance(interp(1.0, [0.0, 2.0], [10.0, 20.0]), float):
    def interp(*args):
        return np.array(np.interp(*args))


# --- skyfield/functions.py ---
_AVOID_DIVIDE_BY_ZERO = finfo(float64).tiny

def sqrt_nan(n):
    # (See design/sqrt_nan.py for a speed comparison of approaches.)
    return where(n < 0.0, nan, sqrt(abs(n)))

def dots(v, u):
    return (v * u).sum(axis=0)

def mxmxm(M1, M2, M3):
    return einsum('ij...,jk...,kl...->il...', M1, M2, M3)

def length_of(xyz):
    return sqrt((xyz * xyz).sum(axis=0))

def angle_between(u, v):
    a = u * length_of(v)
    b = v * length_of(u)
    return 2.0 * arctan2(length_of(a - b), length_of(a + b))

def rot_x(theta):
    c = cos(theta)
    s = sin(theta)
    zero = theta * 0.0
    one = zero + 1.0
    return array(((one, zero, zero), (zero, c, -s), (zero, s, c)))

def rot_y(theta):
    c = cos(theta)
    s = sin(theta)
    zero = theta * 0.0
    one = zero + 1.0
    return array(((c, zero, s), (zero, one, zero), (-s, zero, c)))

def rot_z(theta):
    c = cos(theta)
    s = sin(theta)
    zero = theta * 0.0
    one = zero + 1.0
    return array(((c, -s, zero), (s, c, zero), (zero, zero, one)))

def _to_array(value):
    if hasattr(value, 'shape'):
        return value
    elif hasattr(value, '__len__'):
        return array(value)
    else:
        return float64(value)

def _reconcile(a, b):
    an = getattr(a, 'ndim', 0)
    bn = getattr(b, 'ndim', 0)
    difference = bn - an
    if difference > 0:
        if an:
            a.shape += (1,) * difference
        else:
            a = full_like(b, a)
    elif difference < 0:
        if bn:
            b.shape += (1,) * -difference
        else:
            b = full_like(a, b)
    return a, b

# --- skyfield/earthlib.py ---
earth_radius_au = ERAD / AU_M

def reverse_terra(xyz_au, gast, iterations=3):
    x, y, z = xyz_au
    R = sqrt(x*x + y*y)

    lon = (arctan2(y, x) - 15 * DEG2RAD * gast - pi) % tau - pi
    lat = arctan2(z, R)

    a = ERAD / AU_M
    f = 1.0 / IERS_2010_INVERSE_EARTH_FLATTENING
    e2 = 2.0*f - f*f
    i = 0
    C = 1.0
    while i < iterations:
        i += 1
        C = 1.0 / sqrt(1.0 - e2 * (sin(lat) ** 2.0))
        lat = arctan2(z + a * C * e2 * sin(lat), R)
    elevation_m = ((R / cos(lat)) - a * C) * AU_M
    return lat, lon, elevation_m

def refraction(alt_degrees, temperature_C, pressure_mbar):
    r = 0.016667 / tan((alt_degrees + 7.31 / (alt_degrees + 4.4)) * DEG2RAD)
    d = r * (0.28 * pressure_mbar / (temperature_C + 273.0))
    return where((-1.0 <= alt_degrees) & (alt_degrees <= 89.9), d, 0.0)

def refract(alt_degrees, temperature_C, pressure_mbar):
    alt = alt_degrees
    mask = ones_like(alt, dtype=bool_)
    while mask.sum():
        alt_previous = alt
        alt_new = alt_degrees + refraction(alt, temperature_C, pressure_mbar)
        alt = mask * alt_new + ~mask * alt_previous
        mask = nan_to_num(abs(alt - alt_previous)) > 3.0e-5
    return alt

# --- skyfield/searchlib.py ---
EPSILON = 0.001 / DAY_S

_trace = None  # User can replace with a routine to save search iterations.

def find_discrete(start_time, end_time, f, epsilon=EPSILON, num=12):
    ts = start_time.ts
    jd0 = start_time.tt
    jd1 = end_time.tt
    if jd0 >= jd1:
        raise ValueError('your start_time {0} is later than your end_time {1}'
                         .format(start_time, end_time))

    step_days = getattr(f, 'step_days', None)
    if step_days is None:
        # Legacy "rough_period" attribute.
        rough_period = getattr(f, 'rough_period', None)
        if rough_period is None:
            raise AttributeError('the function you have passed'
                                 ' is missing a "step_days" attribute')
        periods = (jd1 - jd0) / rough_period
        if periods < 1.0:
            periods = 1.0
        sample_count = int(periods * num)
    else:
        # Insist on at least 2 samples even if the dates are less than
        # step_days apart, so the range at least has endpoints.
        sample_count = int((jd1 - jd0) / step_days) + 2

    jd = linspace(jd0, jd1, sample_count)
    return _find_discrete(ts, jd, f, epsilon, num)

def _find_discrete(ts, jd, f, epsilon, num):
    end_mask = linspace(0.0, 1.0, num)
    start_mask = end_mask[::-1]
    o = multiply.outer

    while True:
        t = ts.tt_jd(jd)
        y = f(t)

        indices = flatnonzero(diff(y))
        if not len(indices):
            # Nothing found, so immediately return empty arrays.
            ends = jd[indices]
            y = y[indices]
            break

        starts = jd[indices]
        ends = jd[indices + 1]

        if (ends - starts).max() <= epsilon:
            y = y[indices + 1]
            break

        jd = o(starts, start_mask).flatten() + o(ends, end_mask).flatten()

    return ts.tt_jd(ends), _fix_numpy_deprecation(y)

def find_maxima(start_time, end_time, f, epsilon=1.0 / DAY_S, num=12):
    #    @@       @@_@@       @@_@@_@@_@@
    #   /  \     /     \     /           \
    # @@    @@ @@       @@ @@             @@
    # +1 -1    +1  0 -1    +1  0  0  0 -1    sd = sign(diff(y))
    # -2       -1 -1       -1  0  0 -1       diff(sign(diff(y))

    ts = start_time.ts
    jd0 = start_time.tt
    jd1 = end_time.tt

    if jd0 >= jd1:
        raise ValueError('start_time {0} is not earlier than end_time {1}'
                         .format(start_time, end_time))

    # We find maxima by investigating every point that is higher than
    # both points next to it.  This presents a problem: if the initial
    # heights are, for example, [1.7, 1.1, 0.3, ...], there might be a
    # maximum 1.8 hidden between the first two heights, but it would not
    # meet the criteria for further investigation because we can't see
    # whether the curve is on its way up or down to the left of 1.7.  So
    # we put an extra point out beyond each end of our range, then
    # filter our final result to remove maxima that fall outside the
    # range.
    step_days = getattr(f, 'step_days', None)
    if step_days is None:
        bump = f.rough_period / num
        bumps = int((jd1 - jd0) / bump) + 3
        jd = linspace(jd0 - bump, jd1 + bump, bumps)
    else:
        # Insist on at least 3 samples, even for very close dates; and
        # add 2 more to stand outside the range.
        steps = int((jd1 - jd0) / step_days) + 3
        real_step = (jd1 - jd0) / steps
        jd = linspace(jd0 - real_step, jd1 + real_step, steps + 2)

    end_alpha = linspace(0.0, 1.0, num)
    start_alpha = end_alpha[::-1]
    o = multiply.outer

    while True:
        t = ts.tt_jd(jd)
        y = f(t)

        # Since we start with equal intervals, they all should fall
        # below epsilon at around the same time; so for efficiency we
        # only test the first pair.
        if t[1] - t[0] <= epsilon:
            jd, y = _identify_maxima(jd, y)

            # Filter out maxima that fell slightly outside our bounds.
            keepers = (jd >= jd0) & (jd <= jd1)
            jd = jd[keepers]
            y = y[keepers]

            # Keep only the first of several maxima that are separated
            # by less than epsilon.
            if len(jd):
                mask = concatenate(((True,), diff(jd) > epsilon))
                jd = jd[mask]
                y = y[mask]

            break

        left, right = _choose_brackets(y)

        if _trace is not None:
            _trace((t, y, left, right))

        if not len(left):
            # No maxima found.
            jd = y = y[0:0]
            break

        starts = jd[left]
        ends = jd[right]

        jd = o(starts, start_alpha).flatten() + o(ends, end_alpha).flatten()
        jd = _remove_adjacent_duplicates(jd)

    return ts.tt_jd(jd), _fix_numpy_deprecation(y)

def _choose_brackets(y):
    dsd = diff(sign(diff(y)))
    indices = flatnonzero(dsd < 0)
    left = reshape(add.outer(indices, [0, 1]), -1)
    left = _remove_adjacent_duplicates(left)
    right = left + 1
    return left, right

def _identify_maxima(x, y):
    dsd = diff(sign(diff(y)))

    # Choose every point that is higher than the two adjacent points.
    indices = flatnonzero(dsd == -2) + 1
    peak_x = x[indices]
    peak_y = y[indices]

    # Also choose the midpoint between the edges of a plateau, if both
    # edges are in view.  First we eliminate runs of zeroes, then look
    # for adjacent -1 values, then map those back to the main array.
    indices = flatnonzero(dsd)
    dsd2 = dsd[indices]
    minus_ones = dsd2 == -1
    plateau_indices = flatnonzero(minus_ones[:-1] & minus_ones[1:])
    plateau_left_indices = indices[plateau_indices]
    plateau_right_indices = indices[plateau_indices + 1] + 2
    plateau_x = x[plateau_left_indices] + x[plateau_right_indices]
    plateau_x /= 2.0
    plateau_y = y[plateau_left_indices + 1]

    x = concatenate((peak_x, plateau_x))
    y = concatenate((peak_y, plateau_y))
    indices = argsort(x)
    return x[indices], y[indices]

def _remove_adjacent_duplicates(a):
    if not len(a):
        return a
    mask = diff(a) != 0
    mask = append(mask, [True])
    return a[mask]

def _fix_numpy_deprecation(y):
    # Alas, in the future NumPy will apparently disallow using Booleans
    # as indices, whereas we often encourage the use of `y` as an index.
    if issubdtype(y.dtype, bool_):
        y.dtype = int8
    return y

# --- skyfield/geometry.py ---
def intersect_line_and_sphere(endpoint, center, radius):
    # See http://paulbourke.net/geometry/circlesphere/index.html#linesphere
    # Names "b" and "c" designate the familiar values from the quadratic
    # formula; happily, a = 1 because we use a unit vector for the line.

    minus_b = 2.0 * (endpoint / length_of(endpoint) * center).sum(axis=0)
    c = (center * center).sum(axis=0) - radius * radius
    discriminant = minus_b * minus_b - 4 * c
    dsqrt = sqrt_nan(discriminant)
    return (minus_b - dsqrt) / 2.0, (minus_b + dsqrt) / 2.0

def line_and_ellipsoid_intersection(line_start, line_direction, radii):
    # Based on `surfpt.f` from the SPICE Toolkit.
    if len(getattr(line_start, 'shape', ())) > 1:
        radii = radii.reshape((3, 1))

    # Scale coordinates so the ellipsoid becomes the unit sphere.
    start = line_start / radii
    direction = line_direction / radii

    # Where does the line come closest to the sphere's center?
    closest_point = start - _vector_projection(start, direction)

    startmag = length_of(start)
    pmag = length_of(closest_point)

    is_inside_sphere = startmag < 1.0
    is_behind_us = dots(closest_point - start, direction) < 0.0

    sign = where(is_inside_sphere, +1.0, where(is_behind_us, nan, -1.0))
    half_chord_length = sqrt_nan(1.0 - pmag*pmag)
    unit_direction = direction / length_of(direction)
    intersection = closest_point + sign * half_chord_length * unit_direction
    return where(startmag == 1.0, line_start, intersection * radii)

def _vector_projection(a, b):
    return dots(a,b) / dots(b,b) * b

# --- skyfield/relativity.py ---
def add_aberration(position, velocity, light_time):
    p1mag = light_time * C_AUDAY
    vemag = length_of(velocity)
    beta = vemag / C_AUDAY
    dot = dots(position, velocity)

    cosd = dot / (p1mag * vemag + _AVOID_DIVIDE_BY_ZERO)
    gammai = sqrt(1.0 - beta * beta)
    p = beta * cosd
    q = (1.0 + p / (1.0 + gammai)) * light_time
    r = 1.0 + p

    position *= gammai
    position += q * velocity
    position /= r

# --- skyfield/sgp4lib.py ---
_cross120 = array((1,2,0))

_cross201 = array((2,0,1))

def _cross(a, b):
    # Nearly 4x speedup over numpy cross(). TODO: Maybe move to .functions?
    return a[_cross120] * b[_cross201] - a[_cross201] * b[_cross120]

# --- skyfield/elementslib.py ---
def normpi(num):
    return (num + pi)%tau - pi

def apoapsis_distance(p, e):
    if p.ndim == 0:
        return p*(1+e)/(1-e**2) if e < 1 else float64(inf)
    else:
        return divide(p*(1+e), 1-e**2, out=repeat(inf, p.shape), where=e<(1-1e-15))

def argument_of_periapsis(n_vec, e_vec, pos_vec, vel_vec):
    if n_vec.ndim == 1:
        if length_of(e_vec) < 1e-15: # circular
            return 0

        elif length_of(n_vec) < 1e-15: # equatorial and not circular
            angle = arctan2(e_vec[1], e_vec[0])%tau
            return angle if cross(pos_vec, vel_vec, 0, 0).T[2] >= 0 else -angle%tau

        else: # not circular and not equatorial
            angle = angle_between(n_vec, e_vec)
            return angle if e_vec[2] > 0 else -angle%tau
    else:
        w = zeros_like(pos_vec[0]) # defaults to 0 for circular orbits

        equatorial = length_of(n_vec) < 1e-15
        circular = length_of(e_vec) < 1e-15

        inds = ~circular*equatorial
        angle = arctan2(e_vec[1][inds], e_vec[0][inds])%tau
        condition = cross(pos_vec[:, inds], vel_vec[:, inds], 0, 0).T[2] >= 0
        w[inds] = where(condition, angle, -angle%tau)

        inds = ~circular*~equatorial
        angle = angle_between(n_vec[:, inds], e_vec[:, inds])
        condition = e_vec[2][inds] > 0
        w[inds] = where(condition, angle, -angle%tau)
        return w

def elements_eccentric_anomaly(v, e, p):
    if e.ndim == 0:
        if e < 1:
            return 2*arctan(sqrt((1-e)/(1+e)) * tan(v/2))
        elif e > 1:
            return normpi(2*arctanh(tan(v/2)/sqrt((e+1)/(e-1))))
        else:
            return 0
    else:
        E = zeros_like(e) # defaults to 0 for parabolic

        inds = (e<1) # elliptical
        E[inds] = 2*arctan(sqrt((1-e[inds])/(1+e[inds])) * tan(v[inds]/2))

        inds = (e>1) # hyperbolic
        E[inds] = normpi(2*arctanh(tan(v[inds]/2)/sqrt((e[inds]+1)/(e[inds]-1))))

        return E

def eccentricity(h, a, mu):
    condition = (h**2/(a*mu) <= 1)
    if h.ndim == 0:
        return sqrt(1 - h**2/(a*mu)) if condition else float64(0)
    else:
        return sqrt(1 - h**2/(a*mu), out=zeros_like(h), where=condition)

def eccentricity_vector(pos_vec, vel_vec, mu):
    r = length_of(pos_vec)
    v = length_of(vel_vec)
    return ((v**2 - mu/r)*pos_vec - dots(pos_vec, vel_vec)*vel_vec)/mu

def longitude_of_ascending_node(i, h_vec):
    if i.ndim == 0:
        return arctan2(h_vec[0], -h_vec[1])%tau if i != 0 else float64(0)
    else:
        return arctan2(h_vec[0], -h_vec[1], out=zeros_like(i), where=i!=0)%tau

def mean_anomaly(E, e, shift=True):
    if e.ndim == 0:
        if e < 1:
            return (E - e*sin(E))%tau
        elif e > 1:
            M = e*sinh(E) - E
            return normpi(M) if shift else M
        else:
            return float64(0)
    else:
        M = zeros_like(e) # defaults to 0 for parabolic

        inds = (e<1) # elliptical
        M[inds] = (E[inds] - e[inds]*sin(E[inds]))%tau

        inds = (e>1) # hyperbolic
        if shift:
            M[inds] = normpi(e[inds]*sinh(E[inds]) - E[inds])
        else:
            M[inds] = e[inds]*sinh(E[inds]) - E[inds]

        return M

def node_vector(h_vec):
    n_vec = array([-h_vec[1], h_vec[0], zeros_like(h_vec[0])]) # h_vec cross [0, 0, 1]
    n = length_of(n_vec)

    if h_vec.ndim == 1:
        return n_vec/n if n!=0 else n_vec
    else:
        return divide(n_vec, n, out=n_vec, where=n!=0)

def periapsis_distance(p, e):
    if p.ndim == 0:
        return p*(1-e) / (1-e**2) if e!=1 else p/2
    else:
        return divide(p*(1-e), (1-e**2), out=p/2, where=e!=1)

def period(a, mu):
    if a.ndim == 0:
        return tau*sqrt(a**3/mu) if a>0 else float64(inf)
    else:
        return tau*sqrt(a**3/mu, out=repeat(inf, a.shape), where=a>0)

def semi_major_axis(p, e):
    if p.ndim == 0:
        return p/(1 - e**2) if e!=1 else float64(inf)
    else:
        return divide(p, 1 - e**2, out=repeat(inf, p.shape), where=e!=1)

def semi_minor_axis(p, e):
    if e.ndim == 0:
        if e < 1:
            return p/sqrt(1 - e**2)
        elif e > 1:
            return p*sqrt(e**2 - 1) / (1 - e**2)
        else:
            return float64(0)
    else:
        b = zeros_like(e) # defaults to 0 for parabolic

        inds = (e<1) # elliptical
        b[inds] = p[inds]/sqrt(1 - e[inds]**2)

        inds = (e>1) # hyperbolic
        b[inds] = p[inds]*sqrt(e[inds]**2 - 1) / (1 - e[inds]**2)

        return b

def time_since_periapsis(M, n, v, p, mu):
    # Problem: this `too_small` tuning parameter is sensitive to the
    # units used for time, even though this routine should be unit-
    # agnostic.  It was originally 1e-19 but now is 1e-19 * DAY_S.
    too_small = 8.64e-15
    if p.ndim == 0:
        if n >= too_small: # non-parabolic
            return M/n
        else: # parabolic
            D = tan(v/2)
            return sqrt(2*(p/2)**3/mu)*(D + D**3/3)
    else:
        parabolic = (n < too_small)
        t = divide(M, n, out=zeros_like(p), where=~parabolic)

        D = tan(v[parabolic]/2)
        t[parabolic] = sqrt(2*(p[parabolic]/2)**3/mu)*(D + D**3/3)

        return t

def true_anomaly(e_vec, pos_vec, vel_vec, n_vec):
    if pos_vec.ndim == 1:
        if length_of(e_vec) > 1e-15: # not circular
            angle = angle_between(e_vec, pos_vec)
            v = angle if dots(pos_vec, vel_vec) > 0 else -angle%tau

        elif length_of(n_vec) < 1e-15: # circular and equatorial
            angle = arccos(pos_vec[0]/length_of(pos_vec))
            v = angle if vel_vec[0] < 0 else -angle%tau

        else: # circular and not equatorial
            angle = angle_between(n_vec, pos_vec)
            v = angle if pos_vec[2] >= 0 else -angle%tau

        return v if length_of(e_vec)<(1-1e-15) else normpi(v)
    else:
        v = zeros_like(pos_vec[0])
        circular = (length_of(e_vec)<1e-15)
        equatorial = (length_of(n_vec)<1e-15)

        inds = ~circular
        angle = angle_between(e_vec[:, inds], pos_vec[:, inds])
        condition = (dots(pos_vec[:, inds], vel_vec[:, inds]) > 0)
        v[inds] = where(condition, angle, -angle%tau)

        inds = circular*equatorial
        angle = arccos(pos_vec[0][inds]/length_of(pos_vec)[inds])
        condition = vel_vec[0][inds] < 0
        v[inds] = where(condition, angle, -angle%tau)

        inds = circular*~equatorial
        angle = angle_between(n_vec[:, inds], pos_vec[:, inds])
        condition = pos_vec[2][inds] >= 0
        v[inds] = where(condition, angle, -angle%tau)

        inds = length_of(e_vec)>(1-1e-15)
        v[inds] = normpi(v[inds])

        return v

# --- skyfield/keplerlib.py ---
_ten_iterations = tuple([None] * 10)

def eccentric_anomaly(e, M):
    M = normpi(M)
    sign_M = sign(M)
    M *= sign_M
    ebar = 0.25 * pi/e - 1.0
    E = 0.5 * pi * ebar * (sign(ebar) * sqrt(1 + M/(e*ebar*ebar)) - 1.0)

    for _ in _ten_iterations:
        f1 = 1.0 - e*cos(E)
        f2 = e*sin(E)
        f = E - f2 - M
        dE = f*f1 / (f1*f1 - 0.5*f*f2)
        E -= dE
        if abs(dE) < 1e-14:
            return E * sign_M

    raise ValueError('eccentric anomaly failed to converge')

def ele_to_vec(p, e, i, Om, w, v, mu):
    # Checks that true anomaly is less than arccos(-1/e) for hyperbolic orbits
    if isinstance(e, ndarray) and isinstance(v, ndarray):
        inds = (e>1)
        if (v[inds]>arccos(-1/e[inds])).any():
            raise ValueError('If eccentricity is >1, abs(true anomaly) cannot be more than arccos(-1/e)')
    elif isinstance(e, ndarray) and not isinstance(v, ndarray):
        inds = (e>1)
        if (v>arccos(-1/e[inds])).any():
            raise ValueError('If eccentricity is >1, abs(true anomaly) cannot be more than arccos(-1/e)')
    elif isinstance(v, ndarray) and not isinstance(e, ndarray):
        if e>1 and (v>arccos(-1/e)).any():
            raise ValueError('If eccentricity is >1, abs(true anomaly) cannot be more than arccos(-1/e)')
    else:
        if e>1 and v>arccos(-1/e):
            raise ValueError('If eccentricity is >1, abs(true anomaly) cannot be more than arccos(-1/e)')

    # Checks that inclination is in the range [0, pi]
    if isinstance(i, ndarray):
        if not ((i>=0) * (i <= pi)).all():
            raise ValueError('Inclination outside the range [0, pi] radians')
    else:
        if not 0 <= i <= pi:
            raise ValueError('Inclination outside the range [0, pi] radians')

    r = p/(1 + e*cos(v))
    h = sqrt(p*mu)
    u = v+w

    X = r*(cos(Om)*cos(u) - sin(Om)*sin(u)*cos(i))
    Y = r*(sin(Om)*cos(u) + cos(Om)*sin(u)*cos(i))
    Z = r*(sin(i)*sin(u))

    X_dot = X*h*e/(r*p)*sin(v) - h/r*(cos(Om)*sin(u) + sin(Om)*cos(u)*cos(i))
    Y_dot = Y*h*e/(r*p)*sin(v) - h/r*(sin(Om)*sin(u) - cos(Om)*cos(u)*cos(i))
    Z_dot = Z*h*e/(r*p)*sin(v) + h/r*sin(i)*cos(u)

    # z and z_dot are independent of Om, so if Om is an array and the other
    # elements are scalars, z and z_dot need to be repeated
    if Z.size!=X.size:
        Z = repeat(Z, X.size)
        Z_dot = repeat(Z_dot, X.size)

    return array([X, Y, Z]), array([X_dot, Y_dot, Z_dot])

dpmax = sys.float_info.max

def find_trunc():
    denom = 2
    factr = 2
    trunc = 1
    x = 1 / denom
    while 1+x > 1:
        denom = denom * (2+factr) * (1+factr)
        factr = factr + 2
        trunc = trunc + 1
        x = 1 / denom
    return trunc

trunc = find_trunc()

odd_factorials = array([math.factorial(i) for i in range(3, trunc*2, 2)])

even_factorials = array([math.factorial(i) for i in range(2, trunc*2, 2)])

exponents = arange(0, trunc-1)

stumpff_bound = -(log(2) + log(dpmax))**2

def stumpff(x):
    if x.min() < stumpff_bound:
        raise ValueError('Argument below lower bound')

    z = sqrt(abs(x))

    c0 = zeros_like(x)
    c1 = zeros_like(x)
    c2 = zeros_like(x)
    c3 = zeros_like(x)

    low = x < -1
    c0[low] = cosh(z[low])
    c1[low] = sinh(z[low])/z[low]

    high = x > 1
    c0[high] = cos(z[high])
    c1[high] = sin(z[high])/z[high]

    mid = ~(low|high)
    if sum(mid):
        numerators = repeat(x[mid][:, newaxis], trunc-1, axis=1)
        numerators[:, 1::2] *= -1
        c3[mid] = sum(power(numerators, exponents)/odd_factorials, axis=1)
        c2[mid] = sum(power(numerators, exponents)/even_factorials, axis=1)

        c1[mid] = 1 - x[mid]*c3[mid]
        c0[mid] = 1 - x[mid]*c2[mid]

    not_mid = ~mid
    c2[not_mid] = (1 - c0[not_mid])/x[not_mid]
    c3[not_mid] = (1 - c1[not_mid])/x[not_mid]

    return c0, c1, c2, c3

def propagate(position, velocity, t0, t1, gm):
    output_shape = (3,) + t1.shape

    gm = atleast_1d(gm)
    if (gm <= 0).any():
        raise ValueError("'gm' should be positive")
    if (length_of(velocity)).any() == 0:
        raise ValueError('Velocity vector has zero magnitude')
    if (length_of(position)).any() == 0:
        raise ValueError('Position vector has zero magnitude')

    if position.ndim == 1:
        position = position[:, newaxis]
    if velocity.ndim == 1:
        velocity = velocity[:, newaxis]

    r0 = length_of(position)
    rv = dots(position, velocity)

    hvec = _cross(position, velocity)
    h2 = dots(hvec, hvec)

    if (h2 == 0).any():
        raise ValueError('Motion is not conical')

    eqvec = _cross(velocity, hvec)/gm + -position/r0
    e = length_of(eqvec)
    q = h2 / (gm * (1+e))

    f = 1 - e
    b = sqrt(q/gm)

    br0 = b * r0
    b2rv = b * b * rv
    bq = b * q
    qovr0 = q / r0

    maxc = amax(array([abs(br0),
               abs(b2rv),
               abs(bq),
               abs(qovr0/bq)]), axis=0)

    hyperbolic = (f<0)
    bound = zeros_like(f)

    fixed = log(dpmax/2) - log(maxc[hyperbolic])
    rootf = sqrt(-f[hyperbolic])
    logf = log(-f[hyperbolic])
    bound[hyperbolic] = amin(array([fixed/rootf, (fixed + 1.5*logf)/rootf]), axis=0)

    logbound = (log(1.5) + log(dpmax) - log(maxc[~hyperbolic])) / 3
    bound[~hyperbolic] = exp(logbound)

    # each of these arrays has 1 entry per orbit, so its shape is (#orbits, 1)
    f = f[:, newaxis]
    bq = bq[:, newaxis]
    b2rv = b2rv[:, newaxis]
    br0 = br0[:, newaxis]
    qovr0 = qovr0[:, newaxis]
    bound = bound[:, newaxis]

    def kepler(x):
        _, c1, c2, c3 = stumpff(f*x*x)
        return x*(br0*c1 + x*(b2rv*c2 + x*bq*c3))

    def kepler_1d(x, orb_inds):
        _, c1, c2, c3 = stumpff(x*x*repeat(f, orb_inds))
        return x*(c1*repeat(br0, orb_inds) + x*(c2*repeat(b2rv, orb_inds) + x*(c3*repeat(bq, orb_inds))))

    t1 = atleast_1d(t1)
    t0 = atleast_1d(t0)
    if len(t0) == 1:
        t0 = repeat(t0, position.shape[1])

    # shape of 2 dimensional arrays from here on out should be (#orbits, len(t1))
    dt = t1 - t0[:, newaxis]

    x = dt/bq
    copyto(x, -bound, where=(x<-bound))
    copyto(x, bound, where=(x>bound))

    kfun = kepler(x)

    past = dt < 0
    future = dt > 0

    upper = zeros_like(dt, dtype='float64')
    lower = zeros_like(dt, dtype='float64')
    oldx = zeros_like(dt, dtype='float64')

    copyto(lower, x, where=past)
    copyto(upper, x, where=future)

    while (kfun[past] > dt[past]).any():
        copyto(upper, lower, where=past)
        lower[past] *= 2
        copyto(oldx, x, where=past)
        orb_ind = sum(past, axis=1)
        x[past] = clip(lower[past], repeat(-bound, orb_ind), repeat(bound, orb_ind))
        if (x[past] == oldx[past]).any():
            raise ValueError('The input delta time (dt) has a value of {0}.'
                             'This is beyond the range of DT for which we '
                             'can reliably propagate states. The limits for '
                             'this GM and initial state are from {1}'
                             'to {2}.'.format(dt, kepler(-bound), kepler(bound)))
        kfun[past] = kepler_1d(x[past], orb_ind)

    while (kfun[future] < dt[future]).any():
        copyto(lower, upper, where=future)
        upper[future] *= 2
        copyto(oldx, x, where=future)
        orb_ind = sum(future, axis=1)
        x[future] = clip(upper[future], repeat(-bound, orb_ind), repeat(bound, orb_ind))
        if (x[future] == oldx[future]).any():
            raise ValueError('The input delta time (dt) has a value of {0}.'
                             'This is beyond the range of DT for which we '
                             'can reliably propagate states. The limits for '
                             'this GM and initial state are from {1} '
                             'to {2}.'.format(dt, kepler(-bound), kepler(bound)))
        kfun[future] = kepler_1d(x[future], orb_ind)

    x = copy(upper)
    copyto(x, (upper+lower)/2, where=(lower<=upper))

    lcount = zeros_like(dt)
    mostc = full_like(dt, 1000)
    not_done = (lower < x) & (x < upper)

    while not_done.any():
        orb_inds = sum(not_done, axis=1)
        kfun[not_done] = kepler_1d(x[not_done], orb_inds)

        high = (kfun > dt) & not_done
        low = (kfun < dt) & not_done
        same = (~high & ~low) & not_done

        copyto(upper, x, where=(high|same))
        copyto(lower, x, where=(low|same))

        condition = not_done & (mostc > 64) & (upper != 0) & (lower != 0)
        mostc[condition] = 64
        lcount[condition] = 0

        copyto(x, upper, where=(not_done & (lower>upper)))
        copyto(x, (upper+lower)/2, where=(not_done & (lower<=upper)))

        lcount += 1
        not_done = (lower < x) & (x < upper) & (lcount < mostc)

    c0, c1, c2, c3 = stumpff(f*x*x)
    br = br0*c0 + x*(b2rv*c1 + x*bq*c2)

    pc = 1 - qovr0 * x * x * c2
    vc = dt - bq * x**3 * c3
    pcdot = -qovr0 / br * x * c1
    vcdot = 1 - bq / br * x * x * c2

    position_prop = pc[newaxis, :, :]*position[:, :, newaxis] + vc[newaxis, :, :]*velocity[:, :, newaxis]
    velocity_prop = pcdot[newaxis, :, :]*position[:, :, newaxis] + vcdot[newaxis, :, :]*velocity[:, :, newaxis]

    position_prop.shape = output_shape
    velocity_prop.shape = output_shape
    return position_prop, velocity_prop

# --- skyfield/magnitudelib.py ---
def _venus_magnitude(r, delta, ph_ang):
    distance_mag_factor = 5 * log10(r * delta)
    condition = ph_ang < 163.7
    a0 = where(condition, 0.0, 236.05828 + 4.384)
    a1 = where(condition, - 1.044E-03, - 2.81914E+00)
    a2 = where(condition, + 3.687E-04, + 8.39034E-03)
    a3 = where(condition, - 2.814E-06, 0.0)
    a4 = where(condition, + 8.938E-09, 0.0)
    ph_ang_factor = a4
    for a in a3, a2, a1, a0:
        ph_ang_factor *= ph_ang
        ph_ang_factor += a
    return -4.384 + distance_mag_factor + ph_ang_factor

def _saturn_magnitude(r, delta, ph_ang, sun_sub_lat, earth_sub_lat, rings=True):
    # Note that sun_sub_lat and earth_sub_lat should be saturnicentric
    # latitude, not saturnidetic.

    r_mag_factor = 2.5 * log10(r * r)
    delta_mag_factor = 2.5 * log10(delta * delta)
    distance_mag_factor = r_mag_factor + delta_mag_factor

    # Then take the square root of the product of the saturnicentric
    # latitude of the Sun and that of Earth but set to zero when the
    # signs are opposite
    product = sun_sub_lat * earth_sub_lat
    signs_same = product >= 0.0
    square_root = product ** where(signs_same, 0.5, 0.0)  # avoid sqrt(neg)
    sub_lat_geoc = where(signs_same, square_root, 0.0)

    # Compute the effect of phase angle and inclination

    geocentric_phase_angle_limit = 6.5
    geocentric_inclination_limit = 27.0

    is_within_geocentric_bounds = (
        (ph_ang <= geocentric_phase_angle_limit)
        & (sub_lat_geoc <= geocentric_inclination_limit)
    )

    ap_mag = where(
        is_within_geocentric_bounds,
        where(
            rings,

            # Use equation #10 for globe+rings and geocentric circumstances.
            -8.914 - 1.825 * sin(sub_lat_geoc / RAD2DEG) + 0.026 * ph_ang
            - 0.378 * sin(sub_lat_geoc / RAD2DEG) * exp(-2.25 * ph_ang),

            # Use equation #11 for globe-alone and geocentric circumstances
            -8.95 - 3.7e-4 * ph_ang + 6.16e-4 * ph_ang**2,
        ),
        where(
            (ph_ang > geocentric_phase_angle_limit) & _not(rings),

            # Use equation #12 for globe-alone beyond geocentric phase
            # angle limit
            -8.94 + 2.446e-4 * ph_ang + 2.672e-4 * ph_ang**2
            - 1.506e-6 * ph_ang**3 +4.767e-9 * ph_ang**4,

            nan,
        ),
    )

    ap_mag = ap_mag + distance_mag_factor
    return ap_mag

def _not(b):
    return 1 - b  # since ~b raises a DeprecationWarning in Python 3.13

def _neptune_magnitude(r, delta, ph_ang, year):
    r_mag_factor = 2.5 * log10(r * r)
    delta_mag_factor = 2.5 * log10(delta * delta)
    distance_mag_factor = r_mag_factor + delta_mag_factor

    # Equation 16 compute the magnitude at unit distance as a function of time
    ap_mag = clip(-6.89 - 0.0054 * (year - 1980.0), -7.00, -6.89)
    ap_mag += distance_mag_factor

    geocentric_phase_angle_limit = 1.9

    ap_mag = where(
        ph_ang > geocentric_phase_angle_limit,

        # Add phase angle factor from equation 17
        # Check the year because equation 17 only pertains to t > 2000.0
        where(
            year >= 2000.0,
            ap_mag + 7.944e-3 * ph_ang + 9.617e-5 * ph_ang**2,
            nan,
        ),

        # Otherwise leave the value unchanged.
        ap_mag,
    )

    return ap_mag

# --- skyfield/descriptorlib.py ---
class reify(object):
    def __init__(self, method):
        self.method = method
        update_wrapper(self, method)

    def __get__(self, instance, objtype=None):
        if instance is None:
            return self
        value = self.method(instance)
        instance.__dict__[self.__name__] = value
        return value

# --- skyfield/curvelib.py ---
class Splines(object):
    def __init__(self, table):
        table = _to_array(table)
        if len(table.shape) < 2:  # Let caller provide a single row.
            table = table.reshape(table.shape + (1,))
        self.table = table
        self.lower = lower = table[0]
        self.upper = upper = table[1]
        self._width = upper - lower
        self._n = arange(len(lower))
        self.coefficients = table[2:]

    def __call__(self, x):
        i = interp(x, self.lower, self._n)
        i = i.astype(int)
        t = (x - self.lower[i]) / self._width[i]
        coefficients = iter(self.coefficients)
        value = next(coefficients)[i]
        for c in coefficients:
            value *= t
            value += c[i]
        return value

    @reify
    def derivative(self):
        columns = [self.table[0], self.table[1]]
        coefficients = self.table[2:-1]
        for i, c in enumerate(coefficients):
            n = len(coefficients) - i
            columns.append(n * c / self._width)
        return Splines(columns)

# --- skyfield/timelib.py ---
def julian_day(year, month=1, day=1, julian_before=None):
    # Support months <1 and >12 by overflowing cleanly into adjacent years.
    y, month = divmod(month - 1, 12)
    year = year + y
    month += 1

    # See the Explanatory Supplement to the Astronomical Almanac 15.11.
    janfeb = month <= 2
    g = year + 4716 - janfeb
    f = (month + 9) % 12
    e = 1461 * g // 4 + day - 1402
    J = e + (153 * f + 2) // 5

    mask = 1 if (julian_before is None) else (J >= julian_before)
    J += (38 - (g + 184) // 100 * 3 // 4) * mask
    return J

def compute_calendar_date(jd_integer, julian_before=None):
    use_gregorian = (julian_before is None) or (jd_integer >= julian_before)

    # See the Explanatory Supplement to the Astronomical Almanac 15.11.
    f = jd_integer + 1401
    f += use_gregorian * ((4 * jd_integer + 274277) // 146097 * 3 // 4 - 38)
    e = 4 * f + 3
    g = e % 1461 // 4
    h = 5 * g + 2
    day = h % 153 // 5 + 1
    month = (h // 153 + 2) % 12 + 1
    year = e // 1461 - 4716 + (12 + 2 - month) // 12
    return year, month, day

def calendar_tuple(jd_float, fraction=0.0, julian_before=None):
    jd_float = _to_array(jd_float)
    whole1, fraction1 = divmod(jd_float, 1.0)
    whole2, fraction = divmod(fraction1 + fraction + 0.5, 1.0)
    whole = (whole1 + whole2).astype(int)
    year, month, day = compute_calendar_date(whole, julian_before)
    second = fraction * 86400.0
    minute, second = divmod(second, 60.0)
    minute = minute.astype(int)
    hour, minute = divmod(minute, 60)
    return year, month, day, hour, minute, second

class DeltaT(object):
    def __init__(self, table_tt, table_delta_t, long_term_function):
        self.table_tt = table_tt
        self.table_delta_t = table_delta_t
        self.long_term_function = long_term_function

    def __call__(self, tt):
        delta_t = interp(tt, self.table_tt, self.table_delta_t, nan, nan)
        if getattr(delta_t, 'shape', None):
            nan_indexes = nonzero(isnan(delta_t))
            if nan_indexes:
                J = (tt[nan_indexes] - 1721045.0) / 365.25
                delta_t[nan_indexes] = self.long_term_function(J)
        else:
            if isnan(delta_t):
                J = (tt - 1721045.0) / 365.25
                delta_t = self.long_term_function(J)
        return delta_t

delta_t_parabola_stephenson_morrison_hohenkerk_2016 = Splines(
    [1825.0, 1925.0, 0.0, 32.5, 0.0, -320.0])

def _normalize_jd_and_fraction(jd, fraction):
    jd = _to_array(jd)
    if fraction is None:
        jd, fraction = divmod(jd, 1.0)
    else:
        jd, fraction = _reconcile(jd, _to_array(fraction))
    return jd, fraction

# --- skyfield/units.py ---
def _sexagesimalize_to_int(value, places=0):
    power = 10 ** places
    n = int((power * 3600 * value + 0.5) // 1.0)
    sign = np.sign(n)
    n, fraction = divmod(abs(n), power)
    n, seconds = divmod(n, 60)
    n, minutes = divmod(n, 60)
    return sign, n, minutes, seconds, fraction

def _unsexagesimalize(value):
    if isinstance(value, tuple):
        components = iter(value)
        value = next(components)
        factor = 1.0
        for component in components:
            factor *= 60.0
            value += copysign(component, value) / factor
    return value

# --- skyfield/nutationlib.py ---
fa0, fa1, fa2, fa3, fa4 = array((

    # Mean Anomaly of the Moon.
    (485868.249036, 1717915923.2178, 31.8792, 0.051635, - .00024470),

    # Mean Anomaly of the Sun.
    (1287104.79305,  129596581.0481, - 0.5532, 0.000136, - 0.00001149),

    # Mean Longitude of the Moon minus Mean Longitude of the Ascending
    # Node of the Moon.
    (335779.526232, 1739527262.8478, - 12.7512, -  0.001037, 0.00000417),

    # Mean Elongation of the Moon from the Sun.
    (1072260.70369, 1602961601.2090, - 6.3706, 0.006593, - 0.00003169),

    # Mean Longitude of the Ascending Node of the Moon.
    (450160.398036, - 6962890.5431, 7.4722, 0.007702, - 0.00005939),

    )).T[:,:,None]

def fundamental_arguments(t, terms=5):
    fa = iter((fa4, fa3, fa2, fa1)[-terms+1:])
    a = next(fa) * t
    for fa_i in fa:
        a += fa_i
        a *= t
    a += fa0
    fmod(a, ASEC360, out=a)
    a *= ASEC2RAD
    if getattr(t, 'shape', ()):
        return a
    return a[:,0]


# --- the cases' wrappers: a keyword setting, or the objects the package passes, built from the arrays ---

def rot_xyz_product(a, b, c):
    return mxmxm(rot_x(a), rot_y(b), rot_z(c))


def reverse_terra_one_iteration(xyz_au, gast):
    return reverse_terra(xyz_au, gast, iterations=1)


def _timescale():
    # a stand-in for skyfield's Timescale: its tt_jd() gives the TT Julian dates unchanged (a Time in skyfield)
    return SimpleNamespace(tt_jd=lambda jd: jd)


def _time(ts, tt):
    return SimpleNamespace(ts=ts, tt=tt)


def _half_day_steps(jd):
    # a discrete function of time, as find_discrete() expects: which quarter of a 2.5-day cycle each date is in
    return (jd / 2.5 % 1.0 * 4.0).astype(int)


_half_day_steps.step_days = 0.25


def _smooth_hills(jd):
    return sin(jd / 1.3) + 0.3 * cos(jd / 0.37)


_smooth_hills.step_days = 0.1


def find_discrete_quarters(jd0, jd1):
    ts = _timescale()
    return find_discrete(_time(ts, jd0), _time(ts, jd1), _half_day_steps)


def find_maxima_hills(jd0, jd1):
    ts = _timescale()
    return find_maxima(_time(ts, jd0), _time(ts, jd1), _smooth_hills)


def add_aberration_result(position, velocity, light_time):
    add_aberration(position, velocity, light_time)
    return position


def mean_anomaly_unshifted(E, e):
    return mean_anomaly(E, e, shift=False)


def splines_at(table, x):
    return Splines(table)(x)


def splines_derivative_at(table, x):
    return Splines(table).derivative(x)


def delta_t_at(table_tt, table_delta_t, tt):
    return DeltaT(table_tt, table_delta_t, delta_t_parabola_stephenson_morrison_hohenkerk_2016)(tt)


def julian_day_julian_before(year, month, day):
    return julian_day(year, month, day, julian_before=2299161)


def compute_calendar_date_julian_before(jd_integer):
    return compute_calendar_date(jd_integer, julian_before=2299161)


def sexagesimalize_to_int_3(value):
    return _sexagesimalize_to_int(value, places=3)


def fundamental_arguments_2(t):
    return fundamental_arguments(t, terms=2)


_F, _E, _S, _G, _R, _SG = "functions.py", "earthlib.py", "searchlib.py", "geometry.py", "relativity.py", "sgp4lib.py"
_EL, _K, _M, _CV, _T, _U = "elementslib.py", "keplerlib.py", "magnitudelib.py", "curvelib.py", "timelib.py", "units.py"
_N = "nutationlib.py"


def _vec(rng, n=8, scale=1.0):
    return rng.normal(size=(3, n)) * scale


def _jd(rng, n=8):
    return 2451545.0 + rng.uniform(-20000.0, 20000.0, size=n)


def _orbit_states(rng, n=6):
    # heliocentric position (km) and velocity (km/s) of elliptical orbits, inclined, of various eccentricities
    r = rng.uniform(1.0e8, 3.0e8, size=n)
    ang = rng.uniform(0.0, 2 * np.pi, size=n)
    inc = rng.uniform(0.1, 1.2, size=n)
    pos = array([r * cos(ang), r * sin(ang) * cos(inc), r * sin(ang) * sin(inc)])
    speed = sqrt(1.32712440018e11 / r) * rng.uniform(0.8, 1.2, size=n)
    vel = array([-speed * sin(ang), speed * cos(ang) * cos(inc), speed * cos(ang) * sin(inc)])
    vel += rng.normal(scale=0.5, size=(3, n))
    return pos, vel


def _one_state(rng):
    pos, vel = _orbit_states(rng, 1)
    return pos[:, 0], vel[:, 0]


_MU = 1.32712440018e11  # the Sun's GM, km^3/s^2


def _h_e_n(pos, vel):
    h = cross(pos, vel, 0, 0).T
    e = eccentricity_vector(pos, vel, _MU)
    return h, e, node_vector(h)


def _equatorial_state(rng):
    pos, vel = _one_state(rng)
    pos[2] = 0.0
    vel[2] = 0.0
    return pos, vel


def _aop_args(pos, vel):
    h, e, n = _h_e_n(pos, vel)
    return n, e, pos, vel


def _ta_args(pos, vel):
    h, e, n = _h_e_n(pos, vel)
    return e, pos, vel, n


def _spline_table(rng):
    lower = np.arange(0.0, 50.0, 10.0)
    return np.vstack([lower, lower + 10.0, rng.normal(size=(4, 5))])


def _delta_t_table(rng):
    tt = 2455000.0 + np.arange(0.0, 3000.0, 30.0)
    return tt, 66.0 + np.cumsum(rng.uniform(0.0, 0.02, size=tt.size))


CASES = [
    # functions.py
    case(sqrt_nan, lambda rng: (np.concatenate([rng.normal(size=6), [0.0, -0.0, np.nan, np.inf, -np.inf]]),),
         SF(_F, "sqrt_nan", "with 0, -0, NaN and infinities")),
    case(rot_xyz_product, lambda rng: (rng.uniform(0, 6.28, 5), rng.uniform(0, 6.28, 5), rng.uniform(0, 6.28, 5)),
         SF(_F, "mxmxm / rot_x / rot_y / rot_z", "mxmxm(rot_x(a), rot_y(b), rot_z(c))")),
    case(_reconcile, lambda rng: (np.float64(rng.uniform()), rng.uniform(size=6)),
         SF(_F, "_reconcile", "a NumPy scalar and a 1-D array: full_like")),
    case(_reconcile, lambda rng: (rng.uniform(size=4), rng.uniform(size=(4, 3))),
         SF(_F, "_reconcile", "1-D and 2-D: a.shape += (1,)"), name="skyfield._reconcile_shape_grows"),
    # earthlib.py
    case(reverse_terra, lambda rng: (_vec(rng, 6, 5e-5), rng.uniform(0, 24, 6)), SF(_E, "reverse_terra", "iterations=3")),
    case(reverse_terra_one_iteration, lambda rng: (_vec(rng, 6, 5e-5), rng.uniform(0, 24, 6)),
         SF(_E, "reverse_terra", "iterations=1")),
    case(refraction, lambda rng: (rng.uniform(-5.0, 95.0, 20), 10.0, 1010.0), SF(_E, "refraction")),
    case(refract, lambda rng: (rng.uniform(-0.5, 60.0, 12), 10.0, 1010.0), SF(_E, "refract")),
    case(refract, lambda rng: (np.array([rng.uniform(0.0, 5.0), np.nan, 91.0, -3.0]), 10.0, 1010.0),
         SF(_E, "refract", "NaN, above the zenith and below the horizon"), name="skyfield.refract_edges"),
    case(refract, lambda rng: (np.float64(rng.uniform(0.0, 5.0)), 10.0, 1010.0), SF(_E, "refract", "one altitude"),
         name="skyfield.refract_scalar"),
    # searchlib.py
    case(find_discrete_quarters, lambda rng: (np.float64(2451545.0), np.float64(2451555.0)),
         SF(_S, "find_discrete", "a stand-in timescale and a step function of time")),
    case(find_maxima_hills, lambda rng: (np.float64(2451545.0), np.float64(2451550.0)),
         SF(_S, "find_maxima", "a stand-in timescale and a smooth function of time")),
    case(_choose_brackets, lambda rng: (sin(np.linspace(0.0, 20.0, 40) + rng.uniform(0, 0.1)),), SF(_S, "_choose_brackets")),
    case(_identify_maxima, lambda rng: (np.linspace(0.0, 1.0, 9), array([0., 1., 0., 2., 2., 0., 1., 3., 1.])),
         SF(_S, "_identify_maxima", "a peak and a plateau")),
    case(_remove_adjacent_duplicates, lambda rng: (np.repeat(rng.integers(0, 5, 8), 2),), SF(_S, "_remove_adjacent_duplicates")),
    case(_remove_adjacent_duplicates, lambda rng: (np.zeros(0),), SF(_S, "_remove_adjacent_duplicates", "empty"),
         name="skyfield._remove_adjacent_duplicates_empty"),
    case(_fix_numpy_deprecation, lambda rng: (rng.uniform(size=6) > 0.5,),
         SF(_S, "_fix_numpy_deprecation", "booleans: y.dtype = int8")),
    # geometry.py
    case(intersect_line_and_sphere, lambda rng: (_vec(rng), _vec(rng, scale=3.0), 1.5), SF(_G, "intersect_line_and_sphere")),
    case(line_and_ellipsoid_intersection, lambda rng: (array([10.0, 0.5, 0.2]) + rng.normal(scale=0.1, size=3),
                                                       array([-1.0, 0.0, 0.0]), array([3.0, 2.0, 1.5])),
         SF(_G, "line_and_ellipsoid_intersection", "one line")),
    case(line_and_ellipsoid_intersection, lambda rng: (_vec(rng, 8, 5.0), _vec(rng, 8), array([3.0, 2.0, 1.5])),
         SF(_G, "line_and_ellipsoid_intersection", "8 lines: radii.reshape((3, 1))"),
         name="skyfield.line_and_ellipsoid_intersection_many"),
    # relativity.py
    case(add_aberration_result, lambda rng: (_vec(rng, 6, 10.0), _vec(rng, 6, 0.01), rng.uniform(0.01, 0.1, 6)),
         SF(_R, "add_aberration", "in place; the wrapper returns the position")),
    # elementslib.py (and sgp4lib.py's _cross, in propagate)
    case(apoapsis_distance, lambda rng: (np.float64(rng.uniform(1e8, 2e8)), np.float64(0.3)), SF(_EL, "apoapsis_distance", "p.ndim == 0, e < 1")),
    case(apoapsis_distance, lambda rng: (rng.uniform(1e8, 2e8, 5), array([0.0, 0.3, 1.0, 1.5, 0.9])),
         SF(_EL, "apoapsis_distance", "arrays: divide(out=, where=)"), name="skyfield.apoapsis_distance_arrays"),
    case(argument_of_periapsis, lambda rng: _aop_args(*_one_state(rng)),
         SF(_EL, "argument_of_periapsis", "one orbit, inclined")),
    case(argument_of_periapsis, lambda rng: _aop_args(*_equatorial_state(rng)),
         SF(_EL, "argument_of_periapsis", "one orbit, equatorial: n == 0"), name="skyfield.argument_of_periapsis_equatorial"),
    case(argument_of_periapsis, lambda rng: (lambda n, e, p, v: (n, np.zeros(3), p, v))(*_aop_args(*_one_state(rng))),
         SF(_EL, "argument_of_periapsis", "circular (e_vec 0): the int 0"), name="skyfield.argument_of_periapsis_circular"),
    case(argument_of_periapsis, lambda rng: _aop_args(*_orbit_states(rng)),
         SF(_EL, "argument_of_periapsis", "6 orbits"), name="skyfield.argument_of_periapsis_arrays"),
    case(elements_eccentric_anomaly, lambda rng: (np.float64(rng.uniform(-2, 2)), np.float64(0.4), np.float64(1e8)),
         SF(_EL, "eccentric_anomaly", "e < 1")),
    case(elements_eccentric_anomaly, lambda rng: (np.float64(rng.uniform(-1, 1)), np.float64(1.0), np.float64(1e8)),
         SF(_EL, "eccentric_anomaly", "e == 1: the int 0"), name="skyfield.elements_eccentric_anomaly_parabolic"),
    case(elements_eccentric_anomaly, lambda rng: (np.float64(rng.uniform(-1, 1)), np.float64(1.6), np.float64(1e8)),
         SF(_EL, "eccentric_anomaly", "e > 1"), name="skyfield.elements_eccentric_anomaly_hyperbolic"),
    case(elements_eccentric_anomaly, lambda rng: (rng.uniform(-1, 1, 5), array([0.2, 1.0, 1.5, 0.0, 0.9]), rng.uniform(1e8, 2e8, 5)),
         SF(_EL, "eccentric_anomaly", "arrays: masked writes"), name="skyfield.elements_eccentric_anomaly_arrays"),
    case(eccentricity, lambda rng: (np.float64(rng.uniform(5e9, 6e9)), np.float64(1.5e8), np.float64(_MU)),
         SF(_EL, "eccentricity", "h.ndim == 0, h**2/(a*mu) > 1: float64(0)"), name="skyfield.eccentricity_zero"),
    case(eccentricity, lambda rng: (np.float64(rng.uniform(4e9, 4.4e9)), np.float64(1.5e8), np.float64(_MU)),
         SF(_EL, "eccentricity", "h.ndim == 0")),
    case(longitude_of_ascending_node, lambda rng: (np.float64(0.0), _h_e_n(*_one_state(rng))[0]),
         SF(_EL, "longitude_of_ascending_node", "i == 0: float64(0)")),
    case(longitude_of_ascending_node, lambda rng: (array([0.0, 0.5, 1.0, 0.0]), _vec(rng, 4)),
         SF(_EL, "longitude_of_ascending_node", "arrays: arctan2(out=, where=)"), name="skyfield.longitude_of_ascending_node_arrays"),
    case(mean_anomaly, lambda rng: (np.float64(rng.uniform(-1, 1)), np.float64(1.3)), SF(_EL, "mean_anomaly", "e > 1")),
    case(mean_anomaly, lambda rng: (np.float64(rng.uniform(-1, 1)), np.float64(1.0)), SF(_EL, "mean_anomaly", "e == 1: float64(0)"),
         name="skyfield.mean_anomaly_parabolic"),
    case(mean_anomaly_unshifted, lambda rng: (rng.uniform(-2, 2, 5), array([0.3, 1.0, 1.5, 2.5, 0.0])),
         SF(_EL, "mean_anomaly", "arrays, shift=False")),
    case(node_vector, lambda rng: (array([0.0, 0.0, rng.uniform(1.0, 2.0)]),), SF(_EL, "node_vector", "equatorial: n == 0")),
    case(node_vector, lambda rng: (_vec(rng, 5),), SF(_EL, "node_vector", "arrays"), name="skyfield.node_vector_arrays"),
    case(periapsis_distance, lambda rng: (rng.uniform(1e8, 2e8, 4), array([0.0, 0.5, 1.0, 2.0])), SF(_EL, "periapsis_distance")),
    case(period, lambda rng: (np.float64(-rng.uniform(1e8, 2e8)), _MU), SF(_EL, "period", "a < 0: inf")),
    case(period, lambda rng: (np.float64(rng.uniform(1e8, 2e8)), _MU), SF(_EL, "period", "a > 0"), name="skyfield.period_bound"),
    case(semi_major_axis, lambda rng: (rng.uniform(1e8, 2e8, 4), array([0.0, 0.5, 1.0, 2.0])), SF(_EL, "semi_major_axis")),
    case(semi_minor_axis, lambda rng: (rng.uniform(1e8, 2e8, 4), array([0.0, 0.5, 1.0, 2.0])), SF(_EL, "semi_minor_axis")),
    case(time_since_periapsis, lambda rng: (np.float64(0.5), np.float64(0.0), np.float64(rng.uniform(-1, 1)),
                                            np.float64(1.5e8), _MU * DAY_S ** 2),
         SF(_EL, "time_since_periapsis", "parabolic: n < too_small")),
    case(time_since_periapsis, lambda rng: (rng.uniform(0, 3, 4), array([1e-7, 0.0, 2e-7, 0.0]), rng.uniform(-1, 1, 4),
                                            rng.uniform(1e8, 2e8, 4), _MU * DAY_S ** 2),
         SF(_EL, "time_since_periapsis", "arrays, two parabolic"), name="skyfield.time_since_periapsis_arrays"),
    case(true_anomaly, lambda rng: _ta_args(*_one_state(rng)),
         SF(_EL, "true_anomaly", "one orbit")),
    case(true_anomaly, lambda rng: (lambda e, p, v, n: (np.zeros(3), p, v, n))(*_ta_args(*_equatorial_state(rng))),
         SF(_EL, "true_anomaly", "circular (e_vec 0) and equatorial: arccos"), name="skyfield.true_anomaly_circular_equatorial"),
    case(true_anomaly, lambda rng: _ta_args(*_orbit_states(rng)),
         SF(_EL, "true_anomaly", "6 orbits"), name="skyfield.true_anomaly_arrays"),
    # keplerlib.py
    case(eccentric_anomaly, lambda rng: (0.3, np.float64(rng.uniform(-3, 3))), SF(_K, "eccentric_anomaly")),
    case(ele_to_vec, lambda rng: (1.5, 0.2, 0.4, 1.0, 2.0, np.float64(rng.uniform(0, 3)), 2.959e-4), SF(_K, "ele_to_vec", "scalars")),
    case(ele_to_vec, lambda rng: (1.5, rng.uniform(0.0, 0.9, 5), 0.4, 1.0, 2.0, rng.uniform(0, 3, 5), 2.959e-4),
         SF(_K, "ele_to_vec", "e and v arrays"), name="skyfield.ele_to_vec_arrays"),
    case(ele_to_vec, lambda rng: (1.5, 0.2, 0.4, rng.uniform(0, 6, 5), 2.0, 1.0, 2.959e-4),
         SF(_K, "ele_to_vec", "Om an array: Z repeated"), name="skyfield.ele_to_vec_node_array"),
    case(find_trunc, lambda rng: (), SF(_K, "find_trunc")),
    case(stumpff, lambda rng: (rng.uniform(-5.0, 5.0, 12),), SF(_K, "stumpff", "low, mid and high arguments")),
    case(stumpff, lambda rng: (np.array([0.0, -1.0, 1.0, rng.uniform(-0.5, 0.5)]),), SF(_K, "stumpff", "0 and the bounds -1 and 1"),
         name="skyfield.stumpff_bounds"),
    case(stumpff, lambda rng: (rng.uniform(2.0, 5.0, 6),), SF(_K, "stumpff", "no mid argument: if sum(mid) is 0"),
         name="skyfield.stumpff_no_mid"),
    case(propagate, lambda rng: (array([1.0, 0.1, 0.05]) + rng.normal(scale=0.01, size=3), array([0.0, 0.017, 0.001]),
                                 2451545.0, 2451545.0 + rng.uniform(-200.0, 200.0, 5), 2.959122e-4),
         SF(_K, "propagate", "one orbit, 5 times past and future")),
    # magnitudelib.py
    case(_venus_magnitude, lambda rng: (rng.uniform(0.7, 0.73, 8), rng.uniform(0.3, 1.7, 8), rng.uniform(2, 175, 8)),
         SF(_M, "_venus_magnitude")),
    case(_saturn_magnitude, lambda rng: (rng.uniform(9.0, 10.0, 8), rng.uniform(8.0, 11.0, 8), rng.uniform(0, 8, 8),
                                         rng.uniform(-30, 30, 8), rng.uniform(-30, 30, 8)),
         SF(_M, "_saturn_magnitude", "rings=True")),
    case(_neptune_magnitude, lambda rng: (rng.uniform(29, 30, 8), rng.uniform(28, 31, 8), rng.uniform(0, 2.5, 8),
                                          rng.uniform(1990, 2030, 8)), SF(_M, "_neptune_magnitude")),
    # curvelib.py (and descriptorlib.py's reify)
    case(splines_at, lambda rng: (_spline_table(rng), rng.uniform(0, 49.9, 10)), SF(_CV, "Splines.__call__")),
    case(splines_derivative_at, lambda rng: (_spline_table(rng), rng.uniform(0, 49.9, 10)), SF(_CV, "Splines.derivative")),
    # timelib.py
    case(julian_day_julian_before, lambda rng: (rng.integers(1000, 2000, 8), rng.integers(1, 13, 8), rng.integers(1, 29, 8)),
         SF(_T, "julian_day", "julian_before=GREGORIAN_START")),
    case(compute_calendar_date_julian_before, lambda rng: (rng.integers(2000000, 2500000, 8),),
         SF(_T, "compute_calendar_date", "julian_before=GREGORIAN_START")),
    case(calendar_tuple, lambda rng: (_jd(rng),), SF(_T, "calendar_tuple")),
    case(calendar_tuple, lambda rng: (np.float64(2451545.0 + rng.uniform(-1e4, 1e4)),), SF(_T, "calendar_tuple", "one date"),
         name="skyfield.calendar_tuple_scalar"),
    case(delta_t_at, lambda rng: (*_delta_t_table(rng), rng.uniform(2440000.0, 2470000.0, 12)),
         SF(_T, "DeltaT.__call__", "dates outside the table: the long-term Splines")),
    case(delta_t_at, lambda rng: (*_delta_t_table(rng), np.float64(2430000.0)),
         SF(_T, "DeltaT.__call__", "one date before the table"), name="skyfield.delta_t_at_scalar"),
    case(_normalize_jd_and_fraction, lambda rng: (_jd(rng), None), SF(_T, "_normalize_jd_and_fraction", "fraction None: divmod")),
    case(_normalize_jd_and_fraction, lambda rng: (_jd(rng), np.float64(0.25)),
         SF(_T, "_normalize_jd_and_fraction", "a scalar fraction: full_like"), name="skyfield._normalize_jd_and_fraction_scalar"),
    # units.py
    case(sexagesimalize_to_int_3, lambda rng: (np.float64(-12.05125 + rng.uniform(-1, 1)),), SF(_U, "_sexagesimalize_to_int", "places=3")),
    case(_unsexagesimalize, lambda rng: ((np.float64(-1.0), np.float64(2.0), np.float64(3.0)),),
         SF(_U, "_unsexagesimalize", "a (units, minutes, seconds) tuple")),
    # nutationlib.py
    case(fundamental_arguments, lambda rng: ((_jd(rng) - T0) / 36525.0,), SF(_N, "fundamental_arguments")),
    case(fundamental_arguments_2, lambda rng: (np.float64(rng.uniform(-1, 1)),), SF(_N, "fundamental_arguments", "terms=2, one time")),
]
