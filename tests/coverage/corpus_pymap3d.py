"""pymap3d, pure-Python geodesy with NumPy: geodetic, ECEF, ENU, NED, AER, SEZ, NWU and DCA conversions (scalar and
array inputs through ``try: ... except TypeError:`` fallbacks), the rotation matrices as nested tuples, the
line-of-sight intersection with the spheroid, the auxiliary latitudes (geocentric, isometric, conformal,
rectifying, authalic, parametric), radii of curvature and of auxiliary spheres, Vincenty's inverse and direct
problems (iterated to convergence in ``while`` loops) and the great-circle track, loxodromes (rhumb lines), the
haversine, spherical coordinates and the n-vector functions (geospace-code/pymap3d, BSD-2-Clause).

Copied from geospace-code/pymap3d at 033895e2f1cf6d1a132040d70143b8e893a06ca6 (its LICENSE is the BSD 2-Clause
licence: "Copyright (c) 2014-2026 SciVision, Inc.; Copyright (c) 2013, Felipe Geremia Nievinski; Copyright (c)
2004-2007 Michael Kleder"), the files named in each section below (under ``src/pymap3d/``). Bodies are as written,
comments kept, docstrings dropped; each function is copied together with the functions, classes and constants of
the package it calls.

Adapted, beyond that:

* the imports of package modules are this module's: the module-level imports below are those of the source modules
  (``mathfun.py``'s NumPy branch: ``from numpy import arcsin as asin, ...``; ``from numpy import empty_like, finfo,
  where, broadcast_arrays, asarray``; ``from math import pi, tau, nan``; ``copy``, ``logging``, ``warnings``,
  ``dataclasses``, ``functools.lru_cache``); ``ellipsoid.py``'s own ``from math import sqrt`` is NumPy's ``sqrt``
  here (the same value for its float arguments, an ``np.float64``); ``nvector.py``'s function-local ``from .rsphere
  import eqavol`` is dropped (it is defined here); ``rcurve`` and ``rsphere`` (``latitude.py`` and ``lox.py`` reach
  them as modules) are namespaces holding the copied functions; ``COS_EPS`` is defined in both ``latitude.py`` and
  ``lox.py`` (the same value);
* wrappers give the keyword arguments (``deg=False``, ``method=``, ``npts=``, the frame of a rotation) as
  constants; the ellipsoid is always the default (``ell=None``: WGS-84, built by ``resolve_ellipsoid``);
* not taken: ``eci.py``, ``sidereal.py``, ``vallado.py``, ``azelradec.py``, ``timeconv.py`` (``datetime`` and
  astropy), ``karney.py``, ``body.py``, ``earth_orientation.py``, ``haversine.anglesep`` (astropy).

The inputs: eight points with latitudes in (-80, 80) degrees, longitudes in (-180, 180), altitudes up to 10 km, an
observer at one such point, azimuths, elevations and slant ranges of up to 50 km; some cases put points at a pole,
inside the ellipsoid or due east (the branches for them), or give NumPy scalars instead of arrays.
"""

# ruff: noqa: B904, E501, F401, I001, UP033
from __future__ import annotations

import logging
import types
import warnings
from copy import copy
from dataclasses import dataclass, field
from functools import lru_cache
from math import nan, pi, tau
from typing import Any, TypedDict

import numpy as np
from numpy import arccos as acos
from numpy import arcsin as asin
from numpy import arcsinh as asinh
from numpy import arctan as atan
from numpy import arctan2 as atan2
from numpy import arctanh as atanh
from numpy import (asarray, broadcast_arrays, cbrt, copysign, cos, degrees, empty_like, exp, finfo, fmod, hypot, inf,
                   isclose, isnan, linspace, log, minimum, power, radians, sign, sin, sqrt, tan, where)

from tests.coverage.cases import PYMAP3D, Source, case

# ``_typing.py``: the annotations' aliases (annotations are not evaluated here)
FloatLike = FloatArray = NDArray = Any


def PM3(path: str, original: str, note: str = "") -> Source:
    return Source(PYMAP3D, "src/pymap3d/" + path, original, note)


# --- src/pymap3d/mathfun.py ---------------------------------------------------------------------------------------

def cube_root(x):
    try:
        return cbrt(x)
    except NameError:
        if x < 0:
            return -power(-x, 1.0 / 3.0)
        else:
            return power(x, 1.0 / 3.0)



# --- src/pymap3d/ellipsoid.py -------------------------------------------------------------------------------------

class Model(TypedDict):

    name: str
    a: float
    b: float

@dataclass
class Ellipsoid:

    model: str  # short name
    name: str  # name for printing
    semimajor_axis: float
    semiminor_axis: float
    flattening: float
    thirdflattening: float
    eccentricity: float
    models = field(default_factory=dict[str, Model])

    def __init__(
        self,
        semimajor_axis: float,
        semiminor_axis: float,
        name: str = "",
        model: str = "",
        flattening: float | None = None,
        thirdflattening: float | None = None,
        eccentricity: float | None = None,
    ):

        self.flattening = (
            flattening
            if flattening is not None
            else (semimajor_axis - semiminor_axis) / semimajor_axis
        )

        assert self.flattening >= 0, "flattening must be >= 0"

        self.thirdflattening = (
            thirdflattening
            if thirdflattening is not None
            else (semimajor_axis - semiminor_axis) / (semimajor_axis + semiminor_axis)
        )

        self.eccentricity = (
            eccentricity
            if eccentricity is not None
            else sqrt(2 * self.flattening - self.flattening**2)
        )

        self.name = name
        self.model = model
        self.semimajor_axis = semimajor_axis
        self.semiminor_axis = semiminor_axis

    models = {
        # Earth ellipsoids
        "maupertuis": {"name": "Maupertuis (1738)", "a": 6397300.0, "b": 6363806.283},
        "plessis": {"name": "Plessis (1817)", "a": 6376523.0, "b": 6355862.9333},
        "everest1830": {"name": "Everest (1830)", "a": 6377299.365, "b": 6356098.359},
        "everest1830m": {
            "name": "Everest 1830 Modified (1967)",
            "a": 6377304.063,
            "b": 6356103.039,
        },
        "everest1967": {
            "name": "Everest 1830 (1967 Definition)",
            "a": 6377298.556,
            "b": 6356097.55,
        },
        "airy": {"name": "Airy (1830)", "a": 6377563.396, "b": 6356256.909},
        "bessel": {"name": "Bessel (1841)", "a": 6377397.155, "b": 6356078.963},
        "clarke1866": {"name": "Clarke (1866)", "a": 6378206.4, "b": 6356583.8},
        "clarke1878": {"name": "Clarke (1878)", "a": 6378190.0, "b": 6356456.0},
        "clarke1860": {"name": "Clarke (1880)", "a": 6378249.145, "b": 6356514.87},
        "helmert": {"name": "Helmert (1906)", "a": 6378200.0, "b": 6356818.17},
        "hayford": {"name": "Hayford (1910)", "a": 6378388.0, "b": 6356911.946},
        "international1924": {
            "name": "International (1924)",
            "a": 6378388.0,
            "b": 6356911.946,
        },
        "krassovsky1940": {
            "name": "Krassovsky (1940)",
            "a": 6378245.0,
            "b": 6356863.019,
        },
        "wgs66": {"name": "WGS66 (1966)", "a": 6378145.0, "b": 6356759.769},
        "australian": {
            "name": "Australian National (1966)",
            "a": 6378160.0,
            "b": 6356774.719,
        },
        "international1967": {
            "name": "New International (1967)",
            "a": 6378157.5,
            "b": 6356772.2,
        },
        "grs67": {"name": "GRS-67 (1967)", "a": 6378160.0, "b": 6356774.516},
        "sa1969": {"name": "South American (1969)", "a": 6378160.0, "b": 6356774.719},
        "wgs72": {"name": "WGS-72 (1972)", "a": 6378135.0, "b": 6356750.52001609},
        "grs80": {"name": "GRS-80 (1979)", "a": 6378137.0, "b": 6356752.31414036},
        "wgs84": {"name": "WGS-84 (1984)", "a": 6378137.0, "b": 6356752.31424518},
        "wgs84_mean": {
            "name": "WGS-84 (1984) Mean",
            "a": 6371008.7714,
            "b": 6371008.7714,
        },
        "iers1989": {"name": "IERS (1989)", "a": 6378136.0, "b": 6356751.302},
        "pz90.11": {"name": "ПЗ-90 (2011)", "a": 6378136.0, "b": 6356751.3618},
        "iers2003": {"name": "IERS (2003)", "a": 6378136.6, "b": 6356751.9},
        "gsk2011": {"name": "ГСК (2011)", "a": 6378136.5, "b": 6356751.758},
        # Other worlds
        "mercury": {"name": "Mercury", "a": 2440500.0, "b": 2438300.0},
        "venus": {"name": "Venus", "a": 6051800.0, "b": 6051800.0},
        "moon": {"name": "Moon", "a": 1738100.0, "b": 1736000.0},
        "mars": {"name": "Mars", "a": 3396900.0, "b": 3376097.80585952},
        "jupiter": {"name": "Jupiter", "a": 71492000.0, "b": 66770054.3475922},
        "io": {"name": "Io", "a": 1829.7, "b": 1815.8},
        "saturn": {"name": "Saturn", "a": 60268000.0, "b": 54364301.5271271},
        "uranus": {"name": "Uranus", "a": 25559000.0, "b": 24973000.0},
        "neptune": {"name": "Neptune", "a": 24764000.0, "b": 24341000.0},
        "pluto": {"name": "Pluto", "a": 1188000.0, "b": 1188000.0},
    }

    # this was a typo in the PR commit 9978b5a
    models["jupyter"] = models["jupiter"]

    @classmethod
    def from_name(cls, name: str) -> Ellipsoid:

        if cls is Ellipsoid:
            return _from_name_cached(name)

        return cls(
            cls.models[name]["a"],
            cls.models[name]["b"],
            name=cls.models[name]["name"],
            model=name,
        )

@lru_cache(maxsize=None)
def _from_name_cached(name: str) -> Ellipsoid:
    model = Ellipsoid.models[name]
    return Ellipsoid(model["a"], model["b"], name=model["name"], model=name)

def resolve_ellipsoid(ell: Ellipsoid | None) -> Ellipsoid:
    return Ellipsoid.from_name("wgs84") if ell is None else ell



# --- src/pymap3d/utils.py -----------------------------------------------------------------------------------------

def cart2pol(x: FloatLike, y: FloatLike) -> tuple:
    return atan2(y, x), hypot(x, y)

def pol2cart(theta: FloatLike, rho: FloatLike) -> tuple:
    return rho * cos(theta), rho * sin(theta)

def cart2sph(x: FloatLike, y: FloatLike, z: FloatLike) -> tuple:
    hxy = hypot(x, y)
    r = hypot(hxy, z)
    el = atan2(z, hxy)
    az = atan2(y, x)
    return az, el, r

def sph2cart(az: FloatArray, el: FloatArray, r: FloatLike) -> tuple:
    rcos_theta = r * cos(el)
    x = rcos_theta * cos(az)
    y = rcos_theta * sin(az)
    z = r * sin(el)
    return x, y, z



# --- src/pymap3d/frames.py ----------------------------------------------------------------------------------------

def _matmul3(a, b):

    return tuple(
        tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3)
    )

def _transpose3(matrix):

    return tuple(tuple(matrix[j][i] for j in range(3)) for i in range(3))

def _matvec3(matrix, vector):

    return tuple(sum(matrix[i][j] * vector[j] for j in range(3)) for i in range(3))

def _rotation_x(angle):

    cos_angle = cos(angle)
    sin_angle = sin(angle)
    return (
        (1.0, 0.0, 0.0),
        (0.0, cos_angle, -sin_angle),
        (0.0, sin_angle, cos_angle),
    )

def _rotation_y(angle):

    cos_angle = cos(angle)
    sin_angle = sin(angle)
    return (
        (cos_angle, 0.0, sin_angle),
        (0.0, 1.0, 0.0),
        (-sin_angle, 0.0, cos_angle),
    )

def _rotation_z(angle):

    cos_angle = cos(angle)
    sin_angle = sin(angle)
    return (
        (cos_angle, -sin_angle, 0.0),
        (sin_angle, cos_angle, 0.0),
        (0.0, 0.0, 1.0),
    )

def _ecef2enu_rotation(lat0, lon0, deg: bool = True):

    if deg:
        lat0 = radians(lat0)
        lon0 = radians(lon0)

    sin_lat = sin(lat0)
    cos_lat = cos(lat0)
    sin_lon = sin(lon0)
    cos_lon = cos(lon0)

    return (
        (-sin_lon, cos_lon, 0.0),
        (-sin_lat * cos_lon, -sin_lat * sin_lon, cos_lat),
        (cos_lat * cos_lon, cos_lat * sin_lon, sin_lat),
    )

def _enu2ecef_rotation(lat0, lon0, deg: bool = True):

    return _transpose3(_ecef2enu_rotation(lat0, lon0, deg=deg))

def _ecef2ned_rotation(lat0, lon0, deg: bool = True):

    return _matmul3(_ENU2NED, _ecef2enu_rotation(lat0, lon0, deg=deg))

def _ned2ecef_rotation(lat0, lon0, deg: bool = True):

    return _transpose3(_ecef2ned_rotation(lat0, lon0, deg=deg))

def _ecef2sez_rotation(lat0, lon0, deg: bool = True):

    return _matmul3(_ENU2SEZ, _ecef2enu_rotation(lat0, lon0, deg=deg))

def _sez2ecef_rotation(lat0, lon0, deg: bool = True):

    return _transpose3(_ecef2sez_rotation(lat0, lon0, deg=deg))

def _ecef2nwu_rotation(lat0, lon0, deg: bool = True):

    return _matmul3(_ENU2NWU, _ecef2enu_rotation(lat0, lon0, deg=deg))

def _nwu2ecef_rotation(lat0, lon0, deg: bool = True):

    return _transpose3(_ecef2nwu_rotation(lat0, lon0, deg=deg))

def _ned2body_rotation(yaw, pitch, roll, sequence: str = "zyx", deg: bool = True):

    if sequence != "zyx":
        raise ValueError("only sequence='zyx' is currently supported")

    if deg:
        yaw = radians(yaw)
        pitch = radians(pitch)
        roll = radians(roll)

    body2ned = _matmul3(_rotation_z(yaw), _matmul3(_rotation_y(pitch), _rotation_x(roll)))
    return _transpose3(body2ned)

def _body2ned_rotation(yaw, pitch, roll, sequence: str = "zyx", deg: bool = True):

    return _transpose3(_ned2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg))

def _enu2body_rotation(yaw, pitch, roll, sequence: str = "zyx", deg: bool = True):

    return _matmul3(_ned2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg), _ENU2NED)

def _body2enu_rotation(yaw, pitch, roll, sequence: str = "zyx", deg: bool = True):

    return _transpose3(_enu2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg))

def _sez2body_rotation(yaw, pitch, roll, sequence: str = "zyx", deg: bool = True):

    return _matmul3(_enu2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg), _transpose3(_ENU2SEZ))

def _body2sez_rotation(yaw, pitch, roll, sequence: str = "zyx", deg: bool = True):

    return _transpose3(_sez2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg))

def _nwu2body_rotation(yaw, pitch, roll, sequence: str = "zyx", deg: bool = True):

    return _matmul3(_enu2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg), _transpose3(_ENU2NWU))

def _body2nwu_rotation(yaw, pitch, roll, sequence: str = "zyx", deg: bool = True):

    return _transpose3(_nwu2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg))

def _ecef2body_rotation(
    lat0,
    lon0,
    yaw,
    pitch,
    roll,
    sequence: str = "zyx",
    frame: str = "ned",
    deg: bool = True,
):

    if frame == "ned":
        local2body = _ned2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg)
        ecef2local = _ecef2ned_rotation(lat0, lon0, deg=deg)
    elif frame == "enu":
        local2body = _enu2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg)
        ecef2local = _ecef2enu_rotation(lat0, lon0, deg=deg)
    elif frame == "sez":
        local2body = _sez2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg)
        ecef2local = _ecef2sez_rotation(lat0, lon0, deg=deg)
    elif frame == "nwu":
        local2body = _nwu2body_rotation(yaw, pitch, roll, sequence=sequence, deg=deg)
        ecef2local = _ecef2nwu_rotation(lat0, lon0, deg=deg)
    else:
        raise ValueError("frame must be one of 'ned', 'enu', 'sez', or 'nwu'")

    return _matmul3(local2body, ecef2local)

def _body2ecef_rotation(
    lat0,
    lon0,
    yaw,
    pitch,
    roll,
    sequence: str = "zyx",
    frame: str = "ned",
    deg: bool = True,
):

    return _transpose3(
        _ecef2body_rotation(
            lat0,
            lon0,
            yaw,
            pitch,
            roll,
            sequence=sequence,
            frame=frame,
            deg=deg,
        )
    )

_ENU2NED = (
    (0.0, 1.0, 0.0),
    (1.0, 0.0, 0.0),
    (0.0, 0.0, -1.0),
)

_ENU2SEZ = (
    (0.0, -1.0, 0.0),
    (1.0, 0.0, 0.0),
    (0.0, 0.0, 1.0),
)

_ENU2NWU = (
    (0.0, 1.0, 0.0),
    (-1.0, 0.0, 0.0),
    (0.0, 0.0, 1.0),
)



# --- src/pymap3d/ecef.py ------------------------------------------------------------------------------------------

def geodetic2ecef(
    lat: FloatLike | FloatArray,
    lon: FloatLike | FloatArray,
    alt: FloatLike | FloatArray,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    if deg:
        lat = radians(lat)
        lon = radians(lon)

    ell = resolve_ellipsoid(ell)

    # radius of curvature of the prime vertical section
    N = ell.semimajor_axis**2 / hypot(
        ell.semimajor_axis * cos(lat), ell.semiminor_axis * sin(lat)
    )
    # Compute cartesian (geocentric) coordinates given (curvilinear) geodetic coordinates.
    x = (N + alt) * cos(lat) * cos(lon)
    y = (N + alt) * cos(lat) * sin(lon)
    z = (N * (ell.semiminor_axis / ell.semimajor_axis) ** 2 + alt) * sin(lat)

    return x, y, z

def ecef2geodetic(
    x: FloatLike | FloatArray,
    y: FloatLike | FloatArray,
    z: FloatLike | FloatArray,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    ell = resolve_ellipsoid(ell)

    r = sqrt(x**2 + y**2 + z**2)

    E = sqrt(ell.semimajor_axis**2 - ell.semiminor_axis**2)

    # eqn. 4a
    u = sqrt(0.5 * (r**2 - E**2) + 0.5 * hypot(r**2 - E**2, 2 * E * z))

    hxy = hypot(x, y)

    huE = hypot(u, E)

    def _inside_numpy(x, y, z):
        # inside ellipsoid?
        return (
            x**2 / ell.semimajor_axis**2
            + y**2 / ell.semimajor_axis**2
            + z**2 / ell.semiminor_axis**2
            < 1
        )

    def _inside_scalar(x: float, y: float, z: float) -> bool:
        # inside ellipsoid?
        return (
            x**2 / ell.semimajor_axis**2
            + y**2 / ell.semimajor_axis**2
            + z**2 / ell.semiminor_axis**2
            < 1
        )

    def _lat_alt_numpy(x, y, z, Beta) -> tuple:
        lat = atan(ell.semimajor_axis / ell.semiminor_axis * tan(Beta))
        # patch latitude for float32 precision loss
        lim_pi2 = pi / 2 - finfo(Beta.dtype).eps
        lat = where(Beta >= lim_pi2, pi / 2, lat)
        lat = where(Beta <= -lim_pi2, -pi / 2, lat)

        # eqn. 7
        cosBeta = cos(Beta)
        # patch altitude for float32 precision loss
        cosBeta = where(Beta >= lim_pi2, 0, cosBeta)
        cosBeta = where(Beta <= -lim_pi2, 0, cosBeta)
        alt = hypot(z - ell.semiminor_axis * sin(Beta), hxy - ell.semimajor_axis * cosBeta)

        inside = _inside_numpy(x, y, z)
        try:
            alt[inside] = -alt[inside]
        except TypeError:
            if inside:
                alt = -alt

        return lat, alt

    def _beta_numpy(x, y, z) -> tuple:
        Beta = empty_like(r)
        ibad = isclose(u, 0) | isclose(hxy, 0)
        Beta[~ibad] = atan(huE[~ibad] / u[~ibad] * z[~ibad] / hxy[~ibad])
        # eqn. 13
        Beta[~ibad] += (
            (ell.semiminor_axis * u[~ibad] - ell.semimajor_axis * huE[~ibad] + E**2)
            * sin(Beta[~ibad])
        ) / (
            ell.semimajor_axis * huE[~ibad] * 1 / cos(Beta[~ibad])
            - E**2 * cos(Beta[~ibad])
        )
        iz = ibad & isclose(z, 0)
        i1 = ibad & ~iz & (z > 0)
        i2 = ibad & ~iz & ~i1

        Beta[iz] = 0
        Beta[i1] = pi / 2
        Beta[i2] = -pi / 2

        lat, alt = _lat_alt_numpy(x, y, z, Beta)

        lat = lat.squeeze()[()]

        return lat, alt

    def _beta_scalar(x: float, y: float, z: float) -> tuple:
        try:
            with warnings.catch_warnings(record=True):
                warnings.simplefilter("error")
                Beta = atan(huE / u * z / hxy)
                # eqn. 13
                Beta += (
                    (ell.semiminor_axis * u - ell.semimajor_axis * huE + E**2)
                    * sin(Beta)
                ) / (ell.semimajor_axis * huE * 1 / cos(Beta) - E**2 * cos(Beta))
        except (ArithmeticError, RuntimeWarning):
            if isclose(z, 0):
                Beta = 0
            elif z > 0:
                Beta = pi / 2
            else:
                Beta = -pi / 2

        # eqn. 4c
        lat = atan(ell.semimajor_axis / ell.semiminor_axis * tan(Beta))
        # eqn. 7
        cosBeta = cos(Beta)

        alt = hypot(z - ell.semiminor_axis * sin(Beta), hxy - ell.semimajor_axis * cosBeta)

        if _inside_scalar(x, y, z):
            alt = -alt

        return lat, alt

    # eqn. 4b
    try:
        lat, alt = _beta_numpy(x, y, z)
    except (NameError, TypeError):
        lat, alt = _beta_scalar(float(x), float(y), float(z))

    lon = atan2(y, x)

    if deg:
        lat = degrees(lat)
        lon = degrees(lon)

    return lat, lon, alt

def ecef2enuv(
    u: FloatLike, v: FloatLike, w: FloatLike, lat0: FloatLike, lon0: FloatLike, deg: bool = True
) -> tuple:
    if deg:
        lat0 = radians(lat0)
        lon0 = radians(lon0)

    t = cos(lon0) * u + sin(lon0) * v
    uEast = -sin(lon0) * u + cos(lon0) * v
    wUp = cos(lat0) * t + sin(lat0) * w
    vNorth = -sin(lat0) * t + cos(lat0) * w

    return uEast, vNorth, wUp

def ecef2enu(
    x: FloatLike,
    y: FloatLike,
    z: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:
    x0, y0, z0 = geodetic2ecef(lat0, lon0, h0, ell, deg=deg)

    return uvw2enu(x - x0, y - y0, z - z0, lat0, lon0, deg=deg)

def enu2uvw(
    east: FloatLike,
    north: FloatLike,
    up: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    deg: bool = True,
) -> tuple:

    if deg:
        lat0 = radians(lat0)
        lon0 = radians(lon0)

    t = cos(lat0) * up - sin(lat0) * north
    w = sin(lat0) * up + cos(lat0) * north

    u = cos(lon0) * t - sin(lon0) * east
    v = sin(lon0) * t + cos(lon0) * east

    return u, v, w

def uvw2enu(
    u: FloatLike, v: FloatLike, w: FloatLike, lat0: FloatLike, lon0: FloatLike, deg: bool = True
) -> tuple:
    if deg:
        lat0 = radians(lat0)
        lon0 = radians(lon0)

    t = cos(lon0) * u + sin(lon0) * v
    East = -sin(lon0) * u + cos(lon0) * v
    Up = cos(lat0) * t + sin(lat0) * w
    North = -sin(lat0) * t + cos(lat0) * w

    return East, North, Up

def enu2ecef(
    e1: FloatLike,
    n1: FloatLike,
    u1: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    x0, y0, z0 = geodetic2ecef(lat0, lon0, h0, ell, deg=deg)
    u, v, w = enu2uvw(e1, n1, u1, lat0, lon0, deg=deg)

    return x0 + u, y0 + v, z0 + w



# --- src/pymap3d/enu.py -------------------------------------------------------------------------------------------

def enu2aer(e: FloatLike, n: FloatLike, u: FloatLike, deg: bool = True) -> tuple:

    # 1 millimeter precision for singularity stability

    def _zero_trim_numpy(x, y, z) -> tuple:
        x[abs(x) < 1e-3] = 0.0
        y[abs(y) < 1e-3] = 0.0
        z[abs(z) < 1e-3] = 0.0
        return x, y, z

    def _zero_trim_scalar(*values: float, threshold: float = 1e-3) -> tuple[float, ...]:
        return tuple(0.0 if abs(v) < threshold else float(v) for v in values)

    try:
        e, n, u = _zero_trim_numpy(e, n, u)
    except TypeError:
        e, n, u = _zero_trim_scalar(float(e), float(n), float(u))

    r = hypot(e, n)
    slantRange = hypot(r, u)
    elev = atan2(u, r)
    az = atan2(e, n) % tau

    if deg:
        az = degrees(az)
        elev = degrees(elev)

    return az, elev, slantRange

def aer2enu(az: FloatLike, el: FloatLike, srange: FloatLike, deg: bool = True) -> tuple:

    if deg:
        el = radians(el)
        az = radians(az)

    r = srange * cos(el)

    return r * sin(az), r * cos(az), srange * sin(el)

def enu2geodetic(
    e: FloatLike,
    n: FloatLike,
    u: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    x, y, z = enu2ecef(e, n, u, lat0, lon0, h0, ell, deg=deg)

    return ecef2geodetic(x, y, z, ell, deg=deg)

def geodetic2enu(
    lat: FloatLike,
    lon: FloatLike,
    h: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:
    x1, y1, z1 = geodetic2ecef(lat, lon, h, ell, deg=deg)
    x2, y2, z2 = geodetic2ecef(lat0, lon0, h0, ell, deg=deg)

    return uvw2enu(x1 - x2, y1 - y2, z1 - z2, lat0, lon0, deg=deg)

def enu2ecefv(
    e: FloatLike, n: FloatLike, u: FloatLike, lat0: FloatLike, lon0: FloatLike, deg: bool = True
) -> tuple:
    if deg:
        lat0 = radians(lat0)
        lon0 = radians(lon0)

    x = -sin(lon0) * e - sin(lat0) * cos(lon0) * n + cos(lat0) * cos(lon0) * u
    y = cos(lon0) * e - sin(lat0) * sin(lon0) * n + cos(lat0) * sin(lon0) * u
    z = cos(lat0) * n + sin(lat0) * u

    return x, y, z

def ecef2enu_matrix(lat0, lon0, deg: bool = True):

    return _ecef2enu_rotation(lat0, lon0, deg=deg)

def enu2ecef_matrix(lat0, lon0, deg: bool = True):

    return _enu2ecef_rotation(lat0, lon0, deg=deg)



# --- src/pymap3d/ned.py -------------------------------------------------------------------------------------------

def aer2ned(az: FloatLike, elev: FloatLike, slantRange: FloatLike, deg: bool = True) -> tuple:
    e, n, u = aer2enu(az, elev, slantRange, deg=deg)

    return n, e, -u

def ned2aer(n: FloatLike, e: FloatLike, d: FloatLike, deg: bool = True) -> tuple:

    return enu2aer(e, n, -d, deg=deg)

def ned2geodetic(
    n: FloatLike,
    e: FloatLike,
    d: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:
    x, y, z = enu2ecef(e, n, -d, lat0, lon0, h0, ell, deg=deg)

    return ecef2geodetic(x, y, z, ell, deg=deg)

def ned2ecef(
    n: FloatLike,
    e: FloatLike,
    d: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:
    return enu2ecef(e, n, -d, lat0, lon0, h0, ell, deg=deg)

def ecef2ned(
    x: FloatLike,
    y: FloatLike,
    z: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:
    e, n, u = ecef2enu(x, y, z, lat0, lon0, h0, ell, deg=deg)

    return n, e, -u

def geodetic2ned(
    lat: FloatLike,
    lon: FloatLike,
    h: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:
    e, n, u = geodetic2enu(lat, lon, h, lat0, lon0, h0, ell, deg=deg)

    return n, e, -u

def ecef2nedv(
    x: FloatLike, y: FloatLike, z: FloatLike, lat0: FloatLike, lon0: FloatLike, deg: bool = True
) -> tuple:
    e, n, u = ecef2enuv(x, y, z, lat0, lon0, deg=deg)

    return n, e, -u

def ecef2ned_matrix(lat0, lon0, deg: bool = True):

    return _ecef2ned_rotation(lat0, lon0, deg=deg)

def ned2ecef_matrix(lat0, lon0, deg: bool = True):

    return _ned2ecef_rotation(lat0, lon0, deg=deg)



# --- src/pymap3d/aer.py -------------------------------------------------------------------------------------------

def ecef2aer(
    x: FloatLike,
    y: FloatLike,
    z: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    xEast, yNorth, zUp = ecef2enu(x, y, z, lat0, lon0, h0, ell, deg=deg)

    return enu2aer(xEast, yNorth, zUp, deg=deg)

def geodetic2aer(
    lat: FloatLike,
    lon: FloatLike,
    h: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:
    e, n, u = geodetic2enu(lat, lon, h, lat0, lon0, h0, ell, deg=deg)

    return enu2aer(e, n, u, deg=deg)

def aer2geodetic(
    az: FloatLike,
    el: FloatLike,
    srange: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:
    x, y, z = aer2ecef(az, el, srange, lat0, lon0, h0, ell=ell, deg=deg)

    return ecef2geodetic(x, y, z, ell=ell, deg=deg)

def aer2ecef(
    az: FloatLike,
    el: FloatLike,
    srange: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    alt0: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:
    # Origin of the local system in geocentric coordinates.
    x0, y0, z0 = geodetic2ecef(lat0, lon0, alt0, ell, deg=deg)
    # Convert Local Spherical AER to ENU
    e1, n1, u1 = aer2enu(az, el, srange, deg=deg)
    # Rotating ENU to ECEF
    dx, dy, dz = enu2uvw(e1, n1, u1, lat0, lon0, deg=deg)
    # Origin + offset from origin equals position in ECEF
    return x0 + dx, y0 + dy, z0 + dz



# --- src/pymap3d/sez.py -------------------------------------------------------------------------------------------

def aer2sez(az, elev, slantRange, deg: bool = True) -> tuple:

    e, n, u = aer2enu(az, elev, slantRange, deg=deg)
    return -n, e, u

def sez2aer(s, e, z, deg: bool = True) -> tuple:

    return enu2aer(e, -s, z, deg=deg)

def sez2geodetic(
    s,
    e,
    z,
    lat0,
    lon0,
    h0,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    return enu2geodetic(e, -s, z, lat0, lon0, h0, ell, deg=deg)

def sez2ecef(
    s,
    e,
    z,
    lat0,
    lon0,
    h0,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    return enu2ecef(e, -s, z, lat0, lon0, h0, ell, deg=deg)

def sez2ecefv(s, e, z, lat0, lon0, deg: bool = True) -> tuple:

    return enu2ecefv(e, -s, z, lat0, lon0, deg=deg)

def ecef2sez(
    x,
    y,
    z,
    lat0,
    lon0,
    h0,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    e, n, u = ecef2enu(x, y, z, lat0, lon0, h0, ell, deg=deg)
    return -n, e, u

def ecef2sezv(x, y, z, lat0, lon0, deg: bool = True) -> tuple:

    e, n, u = ecef2enuv(x, y, z, lat0, lon0, deg=deg)
    return -n, e, u

def geodetic2sez(
    lat,
    lon,
    h,
    lat0,
    lon0,
    h0,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    e, n, u = geodetic2enu(lat, lon, h, lat0, lon0, h0, ell, deg=deg)
    return -n, e, u

def ecef2sez_matrix(lat0, lon0, deg: bool = True):

    return _ecef2sez_rotation(lat0, lon0, deg=deg)

def sez2ecef_matrix(lat0, lon0, deg: bool = True):

    return _sez2ecef_rotation(lat0, lon0, deg=deg)



# --- src/pymap3d/nwu.py -------------------------------------------------------------------------------------------

def aer2nwu(az, elev, slantRange, deg: bool = True) -> tuple:

    e, n, u = aer2enu(az, elev, slantRange, deg=deg)
    return n, -e, u

def nwu2aer(n, w, u, deg: bool = True) -> tuple:

    return enu2aer(-w, n, u, deg=deg)

def nwu2geodetic(
    n,
    w,
    u,
    lat0,
    lon0,
    h0,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    return enu2geodetic(-w, n, u, lat0, lon0, h0, ell, deg=deg)

def nwu2ecef(
    n,
    w,
    u,
    lat0,
    lon0,
    h0,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    return enu2ecef(-w, n, u, lat0, lon0, h0, ell, deg=deg)

def nwu2ecefv(n, w, u, lat0, lon0, deg: bool = True) -> tuple:

    return enu2ecefv(-w, n, u, lat0, lon0, deg=deg)

def ecef2nwu(
    x,
    y,
    z,
    lat0,
    lon0,
    h0,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    e, n, u = ecef2enu(x, y, z, lat0, lon0, h0, ell, deg=deg)
    return n, -e, u

def ecef2nwuv(x, y, z, lat0, lon0, deg: bool = True) -> tuple:

    e, n, u = ecef2enuv(x, y, z, lat0, lon0, deg=deg)
    return n, -e, u

def geodetic2nwu(
    lat,
    lon,
    h,
    lat0,
    lon0,
    h0,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    e, n, u = geodetic2enu(lat, lon, h, lat0, lon0, h0, ell, deg=deg)
    return n, -e, u

def ecef2nwu_matrix(lat0, lon0, deg: bool = True):

    return _ecef2nwu_rotation(lat0, lon0, deg=deg)

def nwu2ecef_matrix(lat0, lon0, deg: bool = True):

    return _nwu2ecef_rotation(lat0, lon0, deg=deg)



# --- src/pymap3d/dca.py -------------------------------------------------------------------------------------------

def enu2dca(e: FloatLike, n: FloatLike, u: FloatLike, heading: FloatLike, deg: bool = True):

    if deg:
        heading = radians(heading)

    dr = e * sin(heading) + n * cos(heading)
    cr = -e * cos(heading) + n * sin(heading)

    return dr, cr, u

def dca2enu(dr: FloatLike, cr: FloatLike, above: FloatLike, heading: FloatLike, deg: bool = True):

    if deg:
        heading = radians(heading)

    e = dr * sin(heading) - cr * cos(heading)
    n = dr * cos(heading) + cr * sin(heading)

    return e, n, above

def dca2ned(dr: FloatLike, cr: FloatLike, above: FloatLike, heading: FloatLike, deg: bool = True):
    e, n, u = dca2enu(dr, cr, above, heading, deg=deg)
    return n, e, -u

def ned2dca(n: FloatLike, e: FloatLike, d: FloatLike, heading: FloatLike, deg: bool = True):
    dr, cr, above = enu2dca(e, n, -d, heading, deg=deg)
    return dr, cr, above

def ecef2dca(
    x: FloatLike,
    y: FloatLike,
    z: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    heading: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
):

    e, n, u = ecef2enu(x, y, z, lat0, lon0, h0, ell, deg=deg)
    return enu2dca(e, n, u, heading, deg=deg)

def dca2ecef(
    dr: FloatLike,
    cr: FloatLike,
    above: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    heading: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
):

    e, n, u = dca2enu(dr, cr, above, heading, deg=deg)
    return enu2ecef(e, n, u, lat0, lon0, h0, ell, deg=deg)

def geodetic2dca(
    lat: FloatLike,
    lon: FloatLike,
    h: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    heading: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
):
    e, n, u = geodetic2enu(lat, lon, h, lat0, lon0, h0, ell, deg=deg)
    return enu2dca(e, n, u, heading, deg=deg)

def dca2geodetic(
    dr: FloatLike,
    cr: FloatLike,
    above: FloatLike,
    lat0: FloatLike,
    lon0: FloatLike,
    h0: FloatLike,
    heading: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
):
    e, n, u = dca2enu(dr, cr, above, heading, deg=deg)
    return enu2geodetic(e, n, u, lat0, lon0, h0, ell, deg=deg)

def aer2dca(az: FloatLike, el: FloatLike, srange: FloatLike, heading: FloatLike, deg: bool = True):
    e, n, u = aer2enu(az, el, srange, deg=deg)
    return enu2dca(e, n, u, heading, deg=deg)

def dca2aer(dr: FloatLike, cr: FloatLike, above: FloatLike, heading: FloatLike, deg: bool = True):
    e, n, u = dca2enu(dr, cr, above, heading, deg=deg)
    return enu2aer(e, n, u, deg=deg)



# --- src/pymap3d/los.py -------------------------------------------------------------------------------------------

def lookAtSpheroid(
    lat0,
    lon0,
    h0,
    az,
    tilt,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    ell = resolve_ellipsoid(ell)

    try:
        if (h0 < 0).any():
            raise ValueError("Intersection calculation requires altitude  [0, Infinity)")
    except AttributeError:
        if h0 < 0:
            raise ValueError("Intersection calculation requires altitude  [0, Infinity)")

    a = ell.semimajor_axis
    b = ell.semimajor_axis
    c = ell.semiminor_axis

    el = tilt - 90.0 if deg else tilt - pi / 2

    e, n, u = aer2enu(az, el, srange=1.0, deg=deg)
    # fixed 1 km slant range

    u, v, w = enu2uvw(e, n, u, lat0, lon0, deg=deg)
    x, y, z = geodetic2ecef(lat0, lon0, h0, deg=deg)

    value = -(a**2) * b**2 * w * z - a**2 * c**2 * v * y - b**2 * c**2 * u * x
    radical = (
        a**2 * b**2 * w**2
        + a**2 * c**2 * v**2
        - a**2 * v**2 * z**2
        + 2 * a**2 * v * w * y * z
        - a**2 * w**2 * y**2
        + b**2 * c**2 * u**2
        - b**2 * u**2 * z**2
        + 2 * b**2 * u * w * x * z
        - b**2 * w**2 * x**2
        - c**2 * u**2 * y**2
        + 2 * c**2 * u * v * x * y
        - c**2 * v**2 * x**2
    )

    magnitude = a**2 * b**2 * w**2 + a**2 * c**2 * v**2 + b**2 * c**2 * u**2

    # %%   Return nan if radical < 0 or d < 0 because LOS vector does not point towards Earth
    try:
        radical[radical < 0] = nan
    except TypeError:
        if radical < 0:
            radical = nan

    d = (value - a * b * c * sqrt(radical)) / magnitude

    try:
        d[d < 0] = nan
    except TypeError:
        if d < 0:
            d = nan

    # %% cartesian to ellipsodal
    lat, lon, _ = ecef2geodetic(x + d * u, y + d * v, z + d * w, deg=deg)

    return lat, lon, d



# --- src/pymap3d/rcurve.py ----------------------------------------------------------------------------------------

def geocentric_radius(geodetic_lat: FloatLike, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        geodetic_lat = radians(geodetic_lat)

    return sqrt(
        (
            (ell.semimajor_axis**2 * cos(geodetic_lat)) ** 2
            + (ell.semiminor_axis**2 * sin(geodetic_lat)) ** 2
        )
        / (
            (ell.semimajor_axis * cos(geodetic_lat)) ** 2
            + (ell.semiminor_axis * sin(geodetic_lat)) ** 2
        )
    )

def parallel(lat: FloatLike | FloatArray, ell: Ellipsoid | None = None, deg: bool = True):

    if deg:
        lat = radians(lat)

    return cos(lat) * transverse(lat, ell, deg=False)

def meridian(lat, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        lat = radians(lat)

    f1 = ell.semimajor_axis * (1 - ell.eccentricity**2)
    f2 = 1 - (ell.eccentricity * sin(lat)) ** 2
    return f1 / sqrt(f2**3)

def transverse(lat: FloatLike | FloatArray, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        lat = radians(lat)

    return ell.semimajor_axis / sqrt(1 - (ell.eccentricity * sin(lat)) ** 2)



# --- src/pymap3d/latitude.py --------------------------------------------------------------------------------------

COS_EPS = 1e-9  # tolerance for angles near abs([90, 270])

def geoc2geod(
    geocentric_lat: FloatLike,
    geocentric_distance: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
):

    ell = resolve_ellipsoid(ell)

    if deg:
        geocentric_lat = radians(geocentric_lat)

    r = geocentric_distance / ell.semimajor_axis

    geodetic_lat = (
        geocentric_lat
        + (sin(2 * geocentric_lat) / r) * ell.flattening
        + ((1 / r**2 + 1 / (4 * r)) * sin(4 * geocentric_lat)) * ell.flattening**2
    )

    return degrees(geodetic_lat) if deg else geodetic_lat

def geodetic2geocentric(geodetic_lat: FloatLike, alt_m: FloatLike, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        geodetic_lat = radians(geodetic_lat)

    r = rcurve.transverse(geodetic_lat, ell, deg=False)
    geocentric_lat = atan((1 - ell.eccentricity**2 * (r / (r + alt_m))) * tan(geodetic_lat))

    return degrees(geocentric_lat) if deg else geocentric_lat

geod2geoc = geodetic2geocentric

def geocentric2geodetic(geocentric_lat: FloatLike, alt_m, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        geocentric_lat = radians(geocentric_lat)

    r = rcurve.transverse(geocentric_lat, ell, deg=False)
    geodetic_lat = atan(tan(geocentric_lat) / (1 - ell.eccentricity**2 * (r / (r + alt_m))))

    return degrees(geodetic_lat) if deg else geodetic_lat

def geodetic2isometric(geodetic_lat: FloatArray, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        geodetic_lat = radians(geodetic_lat)

    e = ell.eccentricity

    isometric_lat = asinh(tan(geodetic_lat)) - e * atanh(e * sin(geodetic_lat))
    # same results
    # a1 = e * sin(geodetic_lat)
    # y = (1 - a1) / (1 + a1)
    # a2 = pi / 4 + geodetic_lat / 2
    # isometric_lat = log(tan(a2) * (y ** (e / 2)))
    # isometric_lat = log(tan(a2)) + e/2 * log((1-e*sin(geodetic_lat)) / (1+e*sin(geodetic_lat)))

    coslat = cos(geodetic_lat)
    i = abs(coslat) <= COS_EPS

    try:
        isometric_lat[i] = sign(geodetic_lat[i]) * inf
    except TypeError:
        if i:
            isometric_lat = sign(geodetic_lat) * inf

    if deg:
        isometric_lat = degrees(isometric_lat)

    return isometric_lat

def isometric2geodetic(isometric_lat: FloatLike, ell: Ellipsoid | None = None, deg: bool = True):

    if deg:
        isometric_lat = radians(isometric_lat)

    conformal_lat = 2 * atan(exp(isometric_lat)) - (pi / 2)
    geodetic_lat = conformal2geodetic(conformal_lat, ell, deg=False)

    return degrees(geodetic_lat) if deg else geodetic_lat

def conformal2geodetic(conformal_lat: FloatLike, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        conformal_lat = radians(conformal_lat)

    e = ell.eccentricity
    f1 = e**2 / 2 + 5 * e**4 / 24 + e**6 / 12 + 13 * e**8 / 360
    f2 = 7 * e**4 / 48 + 29 * e**6 / 240 + 811 * e**8 / 11520
    f3 = 7 * e**6 / 120 + 81 * e**8 / 1120
    f4 = 4279 * e**8 / 161280

    geodetic_lat = (
        conformal_lat
        + f1 * sin(2 * conformal_lat)
        + f2 * sin(4 * conformal_lat)
        + f3 * sin(6 * conformal_lat)
        + f4 * sin(8 * conformal_lat)
    )

    return degrees(geodetic_lat) if deg else geodetic_lat

def geodetic2conformal(geodetic_lat: FloatLike, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        geodetic_lat = radians(geodetic_lat)

    e = ell.eccentricity
    f1 = 1 - e * sin(geodetic_lat)
    f2 = 1 + e * sin(geodetic_lat)
    f3 = 1 - sin(geodetic_lat)
    f4 = 1 + sin(geodetic_lat)

    #  compute conformal latitudes with correction for points at +90
    try:
        with warnings.catch_warnings(record=True):
            warnings.simplefilter("error")
            conformal_lat = 2 * atan(sqrt((f4 / f3) * ((f1 / f2) ** e))) - (pi / 2)
    except (ArithmeticError, RuntimeWarning):
        conformal_lat = pi / 2

    return degrees(conformal_lat) if deg else conformal_lat

def geodetic2rectifying(
    geodetic_lat: FloatLike | FloatArray, ell: Ellipsoid | None = None, deg: bool = True
):

    ell = resolve_ellipsoid(ell)

    if deg:
        geodetic_lat = radians(geodetic_lat)

    n = ell.thirdflattening
    f1 = 3 * n / 2 - 9 * n**3 / 16
    f2 = 15 * n**2 / 16 - 15 * n**4 / 32
    f3 = 35 * n**3 / 48
    f4 = 315 * n**4 / 512

    rectifying_lat = (
        geodetic_lat
        - f1 * sin(2 * geodetic_lat)
        + f2 * sin(4 * geodetic_lat)
        - f3 * sin(6 * geodetic_lat)
        + f4 * sin(8 * geodetic_lat)
    )

    return degrees(rectifying_lat) if deg else rectifying_lat

def rectifying2geodetic(rectifying_lat: FloatLike, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        rectifying_lat = radians(rectifying_lat)

    n = ell.thirdflattening
    f1 = 3 * n / 2 - 27 * n**3 / 32
    f2 = 21 * n**2 / 16 - 55 * n**4 / 32
    f3 = 151 * n**3 / 96
    f4 = 1097 * n**4 / 512

    geodetic_lat = (
        rectifying_lat
        + f1 * sin(2 * rectifying_lat)
        + f2 * sin(4 * rectifying_lat)
        + f3 * sin(6 * rectifying_lat)
        + f4 * sin(8 * rectifying_lat)
    )

    return degrees(geodetic_lat) if deg else geodetic_lat

def geodetic2authalic(geodetic_lat: FloatArray, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        geodetic_lat = radians(geodetic_lat)

    e = ell.eccentricity
    f1 = e**2 / 3 + 31 * e**4 / 180 + 59 * e**6 / 560
    f2 = 17 * e**4 / 360 + 61 * e**6 / 1260
    f3 = 383 * e**6 / 45360

    authalic_lat = (
        geodetic_lat
        - f1 * sin(2 * geodetic_lat)
        + f2 * sin(4 * geodetic_lat)
        - f3 * sin(6 * geodetic_lat)
    )

    return degrees(authalic_lat) if deg else authalic_lat

def authalic2geodetic(authalic_lat: FloatLike, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        authalic_lat = radians(authalic_lat)

    e = ell.eccentricity
    f1 = e**2 / 3 + 31 * e**4 / 180 + 517 * e**6 / 5040
    f2 = 23 * e**4 / 360 + 251 * e**6 / 3780
    f3 = 761 * e**6 / 45360

    geodetic_lat = (
        authalic_lat
        + f1 * sin(2 * authalic_lat)
        + f2 * sin(4 * authalic_lat)
        + f3 * sin(6 * authalic_lat)
    )

    return degrees(geodetic_lat) if deg else geodetic_lat

def geodetic2parametric(geodetic_lat: FloatLike, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        geodetic_lat = radians(geodetic_lat)

    parametric_lat = atan(sqrt(1 - (ell.eccentricity) ** 2) * tan(geodetic_lat))

    return degrees(parametric_lat) if deg else parametric_lat

def parametric2geodetic(parametric_lat: FloatLike, ell: Ellipsoid | None = None, deg: bool = True):

    ell = resolve_ellipsoid(ell)

    if deg:
        parametric_lat = radians(parametric_lat)

    geodetic_lat = atan(tan(parametric_lat) / sqrt(1 - (ell.eccentricity) ** 2))

    return degrees(geodetic_lat) if deg else geodetic_lat



# --- src/pymap3d/rsphere.py ---------------------------------------------------------------------------------------

def eqavol(ell: Ellipsoid | None = None) -> float:

    ell = resolve_ellipsoid(ell)

    f = ell.flattening

    return ell.semimajor_axis * (1 - f / 3 - f**2 / 9)

def authalic(ell: Ellipsoid | None = None) -> float:

    ell = resolve_ellipsoid(ell)

    e = ell.eccentricity

    if e > 0:
        f1 = ell.semimajor_axis**2 / 2
        f2 = (1 - e**2) / (2 * e)
        f3 = log((1 + e) / (1 - e))
        return sqrt(f1 * (1 + f2 * f3))
    else:
        return ell.semimajor_axis

def rectifying(ell: Ellipsoid | None = None) -> float:

    ell = resolve_ellipsoid(ell)

    return ((ell.semimajor_axis ** (3 / 2) + ell.semiminor_axis ** (3 / 2)) / 2) ** (2 / 3)

def euler(
    lat1: FloatLike,
    lon1: FloatLike,
    lat2: FloatLike,
    lon2: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
):
    if not deg:
        lat1, lon1, lat2, lon2 = (
            degrees(lat1),
            degrees(lon1),
            degrees(lat2),
            degrees(lon2),
        )

    latmid = lat1 + (lat2 - lat1) / 2  # compute the midpoint

    # compute azimuth
    az = vdist(lat1, lon1, lat2, lon2, ell=ell)[1]

    #   compute meridional and transverse radii of curvature
    rho = rcurve.meridian(latmid, ell, deg=True)
    nu = rcurve.transverse(latmid, ell, deg=True)

    az = radians(az)
    den = rho * sin(az) ** 2 + nu * cos(az) ** 2

    #  compute radius of the arc from point 1 to point 2
    return rho * nu / den

def curve(lat: FloatLike, ell: Ellipsoid | None = None, deg: bool = True, method: str = "mean"):

    if deg:
        lat = radians(lat)

    rho = rcurve.meridian(lat, ell, deg=False)
    nu = rcurve.transverse(lat, ell, deg=False)

    if method == "mean":
        return (rho + nu) / 2
    elif method == "norm":
        return sqrt(rho * nu)
    else:
        raise ValueError("method must be mean or norm")

def triaxial(ell: Ellipsoid | None = None, method: str = "mean") -> float:

    ell = resolve_ellipsoid(ell)

    if method == "mean":
        return (2 * ell.semimajor_axis + ell.semiminor_axis) / 3
    elif method == "norm":
        return (ell.semimajor_axis**2 * ell.semiminor_axis) ** (1 / 3)
    else:
        raise ValueError("method must be mean or norm")

def biaxial(ell: Ellipsoid | None = None, method: str = "mean") -> float:

    ell = resolve_ellipsoid(ell)

    if method == "mean":
        return (ell.semimajor_axis + ell.semiminor_axis) / 2
    elif method == "norm":
        return sqrt(ell.semimajor_axis * ell.semiminor_axis)
    else:
        raise ValueError("method must be mean or norm")



# --- src/pymap3d/vincenty.py --------------------------------------------------------------------------------------

def vdist(lat1, lon1, lat2, lon2, ell: Ellipsoid | None = None, deg: bool = True) -> tuple:

    ell = resolve_ellipsoid(ell)
    # %% Supply WGS84 earth ellipsoid axis lengths in meters:
    a = ell.semimajor_axis
    b = ell.semiminor_axis
    f = ell.flattening

    if deg:
        lat1 = radians(lat1)
        lon1 = radians(lon1)
        lat2 = radians(lat2)
        lon2 = radians(lon2)

    try:
        if (abs(lat1) > pi / 2).any() | (abs(lat2) > pi / 2).any():
            raise ValueError("Input latitudes must be in [-90, 90] degrees.")
    except AttributeError:
        if abs(lat1) > pi / 2 or abs(lat2) > pi / 2:
            raise ValueError("Input latitudes must be in [-90, 90] degrees.")
    # %% correct for errors at exact poles by adjusting 0.6 millimeters:
    try:
        i = abs(pi / 2 - abs(lat1)) < 1e-10
        lat1[i] = sign(lat1[i]) * (pi / 2 - 1e-10)
    except TypeError:
        if abs(pi / 2 - abs(lat1)) < 1e-10:
            lat1 = sign(lat1) * (pi / 2 - 1e-10)

    try:
        i = abs(pi / 2 - abs(lat2)) < 1e-10
        lat2[i] = sign(lat2[i]) * (pi / 2 - 1e-10)
    except TypeError:
        if abs(pi / 2 - abs(lat2)) < 1e-10:
            lat2 = sign(lat2) * (pi / 2 - 1e-10)

    U1 = atan((1 - f) * tan(lat1))
    U2 = atan((1 - f) * tan(lat2))
    lon1 = lon1 % (2 * pi)
    lon2 = lon2 % (2 * pi)
    L = abs(lon2 - lon1)

    try:
        L[L > pi] = 2 * pi - L[L > pi]
    except TypeError:
        if L > pi:
            L = 2 * pi - L

    lamb = copy(L)  # NOTE: program will fail without copy!
    itercount = 0
    warninggiven = False
    notdone = True
    while notdone:  # force at least one execution
        itercount += 1
        if itercount > 50:
            if not warninggiven:
                logging.warning("Essentially antipodal points--precision may be reduced slightly.")

            lamb = pi
            break

        lambdaold = copy(lamb)

        sinsigma = sqrt(
            (cos(U2) * sin(lamb)) ** 2 + (cos(U1) * sin(U2) - sin(U1) * cos(U2) * cos(lamb)) ** 2
        )

        cossigma = sin(U1) * sin(U2) + cos(U1) * cos(U2) * cos(lamb)
        # eliminate rare imaginary portions at limit of numerical precision:
        sinsigma = sinsigma.real
        cossigma = cossigma.real

        sigma = atan2(sinsigma, cossigma)

        try:
            with warnings.catch_warnings(record=True):
                warnings.simplefilter("error")
                sinAlpha = cos(U1) * cos(U2) * sin(lamb) / sin(sigma)

                alpha = asin(sinAlpha)
            alpha[isnan(sinAlpha)] = 0
            alpha[(sinAlpha > 1) | (abs(sinAlpha - 1) < 1e-16)] = pi / 2

        except (ArithmeticError, RuntimeWarning, TypeError, ValueError):
            try:
                with warnings.catch_warnings(record=True):
                    warnings.simplefilter("error")
                    sinAlpha = cos(U1) * cos(U2) * sin(lamb) / sin(sigma)
            except (ArithmeticError, RuntimeWarning):
                sinAlpha = 0.0

            if isnan(sinAlpha):
                alpha = 0.0
            elif sinAlpha > 1 or abs(sinAlpha - 1) < 1e-16:
                alpha = pi / 2
            else:
                alpha = asin(sinAlpha)

        cos2sigmam = cos(sigma) - 2 * sin(U1) * sin(U2) / cos(alpha) ** 2

        C = f / 16 * cos(alpha) ** 2 * (4 + f * (4 - 3 * cos(alpha) ** 2))

        lamb = L + (1 - C) * f * sin(alpha) * (
            sigma + C * sin(sigma) * (cos2sigmam + C * cos(sigma) * (-1 + 2.0 * cos2sigmam**2))
        )
        # print(f'then, lambda(21752) = {lamb[21752],20})
        # correct for convergence failure for essentially antipodal points
        try:
            i = (lamb > pi).any()
        except AttributeError:
            i = lamb > pi

        if i:
            logging.warning(
                "Essentially antipodal points encountered. Precision may be reduced slightly."
            )
            warninggiven = True
            lambdaold = pi
            lamb = pi

        try:
            notdone = (abs(lamb - lambdaold) > 1e-12).any()
        except AttributeError:
            notdone = abs(lamb - lambdaold) > 1e-12

    u2 = cos(alpha) ** 2 * (a**2 - b**2) / b**2
    A = 1 + u2 / 16384 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)))
    B = u2 / 1024 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)))
    deltasigma = (
        B
        * sin(sigma)
        * (
            cos2sigmam
            + B
            / 4
            * (
                cos(sigma) * (-1 + 2 * cos2sigmam**2)
                - B / 6 * cos2sigmam * (-3 + 4 * sin(sigma) ** 2) * (-3 + 4 * cos2sigmam**2)
            )
        )
    )

    dist_m = b * A * (sigma - deltasigma)

    # %% From point #1 to point #2
    # correct sign of lambda for azimuth calcs:
    lamb = abs(lamb)

    try:
        i = sign(sin(lon2 - lon1)) * sign(sin(lamb)) < 0
        lamb[i] = -lamb[i]
    except TypeError:
        if sign(sin(lon2 - lon1)) * sign(sin(lamb)) < 0:
            lamb = -lamb

    numer = cos(U2) * sin(lamb)
    denom = cos(U1) * sin(U2) - sin(U1) * cos(U2) * cos(lamb)
    a12 = atan2(numer, denom)
    a12 %= tau

    if deg:
        a12 = degrees(a12)

    return dist_m, a12

def vreckon(
    lat1,
    lon1,
    rng,
    azim,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    try:
        if (rng < 0.0).any():
            raise ValueError("Ground distance must be positive")
    except AttributeError:
        if rng < 0.0:
            raise ValueError("Ground distance must be positive")

    ell = resolve_ellipsoid(ell)

    a = ell.semimajor_axis
    b = ell.semiminor_axis
    f = ell.flattening

    if deg:
        lat1 = radians(lat1)  # intial latitude in radians
        lon1 = radians(lon1)  # intial longitude in radians
        azim = radians(azim)

    try:
        if (abs(lat1) > pi / 2).any():
            raise ValueError("Input lat. must be between -90 and 90 deg., inclusive.")
    except AttributeError:
        if abs(lat1) > pi / 2:
            raise ValueError("Input lat. must be between -90 and 90 deg., inclusive.")

    # correct for errors at exact poles by adjusting 0.6 millimeters:
    try:
        i = abs(pi / 2 - abs(lat1)) < 1e-10
        lat1[i] = sign(lat1[i]) * (pi / 2 - (1e-10))
    except TypeError:
        if abs(pi / 2 - abs(lat1)) < 1e-10:
            lat1 = sign(lat1) * (pi / 2 - (1e-10))

    alpha1 = azim  # inital azimuth in radians
    sinAlpha1 = sin(alpha1)
    cosAlpha1 = cos(alpha1)

    tanU1 = (1 - f) * tan(lat1)
    cosU1 = 1 / sqrt(1 + tanU1**2)
    sinU1 = tanU1 * cosU1
    sigma1 = atan2(tanU1, cosAlpha1)
    sinAlpha = cosU1 * sinAlpha1
    cosSqAlpha = 1 - sinAlpha * sinAlpha
    uSq = cosSqAlpha * (a**2 - b**2) / b**2
    A = 1 + uSq / 16384 * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)))
    B = uSq / 1024 * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)))

    sigma = rng / (b * A)
    sigmaP = 2 * pi

    sinSigma = nan
    cosSigma = nan
    cos2SigmaM = nan

    try:
        i = (abs(sigma - sigmaP) > 1e-12).any()
    except AttributeError:
        i = abs(sigma - sigmaP) > 1e-12

    while i:
        cos2SigmaM = cos(2 * sigma1 + sigma)
        sinSigma = sin(sigma)
        cosSigma = cos(sigma)
        deltaSigma = (
            B
            * sinSigma
            * (
                cos2SigmaM
                + B
                / 4
                * (
                    cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
                    - B
                    / 6
                    * cos2SigmaM
                    * (-3 + 4 * sinSigma * sinSigma)
                    * (-3 + 4 * cos2SigmaM * cos2SigmaM)
                )
            )
        )
        sigmaP = sigma
        sigma = rng / (b * A) + deltaSigma
        try:
            i = (abs(sigma - sigmaP) > 1e-12).any()
        except AttributeError:
            i = abs(sigma - sigmaP) > 1e-12

    tmp = sinU1 * sinSigma - cosU1 * cosSigma * cosAlpha1
    lat2 = atan2(
        sinU1 * cosSigma + cosU1 * sinSigma * cosAlpha1,
        (1 - f) * sqrt(sinAlpha * sinAlpha + tmp**2),
    )

    lamb = atan2(sinSigma * sinAlpha1, cosU1 * cosSigma - sinU1 * sinSigma * cosAlpha1)

    C = f / 16 * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha))
    L = lamb - (
        f
        * (1 - C)
        * sinAlpha
        * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
    )

    lon2 = lon1 + L
    # Truncates angles into the [-pi pi] range
    # if lon2 > pi:
    #    lon2 = pi*((absolute(lon2)/pi) -
    #       2*ceil(((absolute(lon2)/pi)-1)/2)) * sign(lon2)

    lon2 %= tau  # follow [0, 360) convention

    if deg:
        lat2 = degrees(lat2)
        lon2 = degrees(lon2)

    return lat2, lon2

def track2(
    lat1,
    lon1,
    lat2,
    lon2,
    ell: Ellipsoid | None = None,
    npts: int = 100,
    deg: bool = True,
) -> tuple:

    if npts < 2:
        raise ValueError("npts must be greater than 1")
    if npts == 2:
        return [lat1, lat2], [lon1, lon2]

    if deg:
        lat1 = radians(lat1)
        lon1 = radians(lon1)
        lat2 = radians(lat2)
        lon2 = radians(lon2)

    gcarclen = 2.0 * asin(
        sqrt((sin((lat1 - lat2) / 2)) ** 2 + cos(lat1) * cos(lat2) * (sin((lon1 - lon2) / 2)) ** 2)
    )
    # check to see if points are antipodal (if so, route is undefined).
    if abs(gcarclen - pi) < 1e-12:
        raise ValueError(
            "cannot compute intermediate points on a great circle whose endpoints are antipodal"
        )

    distance, azimuth = vdist(lat1, lon1, lat2, lon2, ell, deg=False)
    dists = linspace(0, distance, npts)

    lats, lons = vreckon(lat1, lon1, asarray(dists), azimuth, ell, deg=False)

    if deg:
        lats = degrees(lats)
        lons = degrees(lons)

    return lats, lons



# --- src/pymap3d/lox.py -------------------------------------------------------------------------------------------

COS_EPS = 1e-9

def meridian_dist(lat: FloatLike | FloatArray, ell: Ellipsoid | None = None, deg: bool = True):
    return meridian_arc(0.0, lat, ell, deg)

def meridian_arc(
    lat1: FloatLike | FloatArray,
    lat2: FloatLike | FloatArray,
    ell: Ellipsoid | None = None,
    deg: bool = True,
):

    if deg:
        lat1, lat2 = radians(lat1), radians(lat2)

    rlat1 = geodetic2rectifying(lat1, ell, deg=False)
    rlat2 = geodetic2rectifying(lat2, ell, deg=False)

    return rsphere.rectifying(ell) * abs(rlat2 - rlat1)

def loxodrome_inverse(
    lat1: FloatArray,
    lon1: FloatArray,
    lat2: FloatArray,
    lon2: FloatArray,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    if deg:
        lat1, lon1, lat2, lon2 = radians(lat1), radians(lon1), radians(lat2), radians(lon2)

    try:
        lat1, lon1, lat2, lon2 = broadcast_arrays(lat1, lon1, lat2, lon2)
    except NameError:
        pass

    # compute changes in isometric latitude and longitude between points
    disolat = geodetic2isometric(lat2, ell, False) - geodetic2isometric(lat1, ell, False)
    dlon = lon2 - lon1

    # compute azimuth
    az12 = atan2(dlon, disolat)
    aux = abs(cos(az12))

    # compute distance along loxodromic curve
    dist = meridian_arc(lat2, lat1, deg=False, ell=ell) / aux

    # straight east or west
    i = aux < COS_EPS
    try:
        dist[i] = departure(lon2[i], lon1[i], lat1[i], ell, deg=False)
    except (AttributeError, TypeError):
        if i:
            dist = departure(lon2, lon1, lat1, ell, deg=False)

    if deg:
        az12 = degrees(az12) % 360.0

    try:
        return dist.squeeze()[()], az12.squeeze()[()]
    except AttributeError:
        return dist, az12

def loxodrome_direct(
    lat1: FloatArray,
    lon1: FloatArray,
    rng: FloatArray,
    a12: FloatArray,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    if deg:
        lat1, lon1, a12 = radians(lat1), radians(lon1), radians(a12)

    a12 = a12 % tau

    try:
        lat1, rng, a12 = broadcast_arrays(lat1, rng, a12)
        if (abs(lat1) > pi / 2).any():
            raise ValueError("-90 <= latitude <= 90")
        if (rng < 0).any():
            raise ValueError("ground distance must be >= 0")
    except NameError:
        if abs(lat1) > pi / 2:
            raise ValueError("-90 <= latitude <= 90")
        if rng < 0:
            raise ValueError("ground distance must be >= 0")

    #   compute rectifying sphere latitude and radius
    reclat = geodetic2rectifying(lat1, ell, deg=False)

    # compute the new points
    cosaz = cos(a12)
    lat2 = reclat + (rng / rsphere.rectifying(ell)) * cosaz
    # compute rectifying latitude
    lat2 = rectifying2geodetic(lat2, ell, False)
    # transform to geodetic latitude

    newiso = geodetic2isometric(lat2, ell, False)
    iso = geodetic2isometric(lat1, ell, False)

    # stability near singularities
    i = abs(cos(a12)) < COS_EPS
    dlon = tan(a12) * (newiso - iso)

    try:
        dlon[i] = sign(pi - a12[i]) * rng[i] / rcurve.parallel(lat1[i], ell, False)
    except (AttributeError, TypeError):
        if i:  # straight east or west
            dlon = sign(pi - a12) * rng / rcurve.parallel(lat1, ell, False)

    lon2 = lon1 + dlon

    if deg:
        lat2, lon2 = degrees(lat2), degrees(lon2)

    try:
        return lat2.squeeze()[()], lon2.squeeze()[()]
    except AttributeError:
        return lat2, lon2

def departure(
    lon1: FloatLike | FloatArray,
    lon2: FloatLike | FloatArray,
    lat: FloatLike | FloatArray,
    ell: Ellipsoid | None = None,
    deg: bool = True,
):
    if deg:
        lon1, lon2, lat = radians(lon1), radians(lon2), radians(lat)

    # Shortest angular difference along the parallel (≤ 180°)
    dlon = (lon2 - lon1) % (2 * pi)
    dlon = minimum(dlon, 2 * pi - dlon)

    adist = rcurve.parallel(lat, ell, False)  # radius of parallel at lat
    return adist * dlon

def meanm(lat: NDArray, lon: NDArray, ell: Ellipsoid | None = None, deg: bool = True) -> tuple:

    if deg:
        lat, lon = radians(lat), radians(lon)

    lat = geodetic2authalic(lat, ell, deg=False)

    x, y, z = sph2cart(lon, lat, 1.0)
    lonbar, latbar, _ = cart2sph(x.sum(), y.sum(), z.sum())
    latbar = authalic2geodetic(latbar, ell, deg=False)

    if deg:
        latbar, lonbar = degrees(latbar), degrees(lonbar)
    return latbar, lonbar



# --- src/pymap3d/haversine.py -------------------------------------------------------------------------------------

def anglesep_meeus(
    lon0: FloatLike, lat0: FloatLike, lon1: FloatLike, lat1: FloatLike, deg: bool = True
) -> float:

    if deg:
        lon0 = radians(lon0)
        lat0 = radians(lat0)
        lon1 = radians(lon1)
        lat1 = radians(lat1)

    sep_rad = 2 * asin(
        sqrt(haversine(lat0 - lat1) + cos(lat0) * cos(lat1) * haversine(lon0 - lon1))
    )

    return degrees(sep_rad) if deg else sep_rad

def haversine(theta: FloatLike):
    return (1 - cos(theta)) / 2.0



# --- src/pymap3d/spherical.py -------------------------------------------------------------------------------------

def geodetic2spherical(
    lat: FloatLike,
    lon: FloatLike,
    alt: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    ell = resolve_ellipsoid(ell)

    if deg:
        lat = radians(lat)
        lon = radians(lon)

    # Pre-compute to avoid repeated trigonometric functions
    sinlat = sin(lat)
    coslat = sqrt(1 - sinlat**2)

    # radius of curvature of the prime vertical section
    N = ell.semimajor_axis**2 / hypot(
        ell.semimajor_axis * coslat,
        ell.semiminor_axis * sinlat,
    )

    # Instead of computing X and Y, we only compute the projection on the XY
    # plane: xy_projection = sqrt( X**2 + Y**2 )
    xy_projection = (alt + N) * coslat
    z_cartesian = (alt + (1 - ell.eccentricity**2) * N) * sinlat
    radius = hypot(xy_projection, z_cartesian)
    slat = asin(z_cartesian / radius)

    if deg:
        slat = degrees(slat)
        lon = degrees(lon)

    return slat, lon, radius

def spherical2geodetic(
    lat: FloatLike,
    lon: FloatLike,
    radius: FloatLike,
    ell: Ellipsoid | None = None,
    deg: bool = True,
) -> tuple:

    ell = resolve_ellipsoid(ell)

    if deg:
        lat = radians(lat)
        lon = radians(lon)

    # Pre-compute to avoid repeated trigonometric functions
    sinlat = sin(lat)
    coslat = sqrt(1 - sinlat**2)

    Z = radius * sinlat
    p_0 = power(radius, 2) * coslat**2 / ell.semimajor_axis**2
    q_0 = (1 - ell.eccentricity**2) / ell.semimajor_axis**2 * Z**2
    r_0 = (p_0 + q_0 - ell.eccentricity**4) / 6
    s_0 = ell.eccentricity**4 * p_0 * q_0 / 4 / r_0**3
    t_0 = cube_root(1 + s_0 + sqrt(2 * s_0 + s_0**2))
    u_0 = r_0 * (1 + t_0 + 1 / t_0)
    v_0 = sqrt(u_0**2 + q_0 * ell.eccentricity**4)
    w_0 = ell.eccentricity**2 * (u_0 + v_0 - q_0) / 2 / v_0
    k = sqrt(u_0 + v_0 + w_0**2) - w_0
    D = k * radius * coslat / (k + ell.eccentricity**2)
    hypotDZ = hypot(D, Z)

    glat = 2 * atan2(Z, (D + hypotDZ))
    alt = (k + ell.eccentricity**2 - 1) / k * hypotDZ

    if deg:
        glat = degrees(glat)
        lon = degrees(lon)

    return glat, lon, alt



# --- src/pymap3d/nvector.py ---------------------------------------------------------------------------------------

def geodetic2nvector(lat: FloatLike, lon: FloatLike, deg: bool = True) -> tuple:

    if deg:
        lat, lon = radians(lat), radians(lon)

    sin_lat, cos_lat = sin(lat), cos(lat)
    sin_lon, cos_lon = sin(lon), cos(lon)

    n1 = cos_lat * cos_lon
    n2 = cos_lat * sin_lon
    n3 = sin_lat

    return n1, n2, n3

def nvector2geodetic(n1: FloatLike, n2: FloatLike, n3: FloatLike, deg: bool = True) -> tuple:

    # Compute latitude and longitude from n-vector
    lat = asin(n3)
    lon = atan2(n2, n1)

    if deg:
        lat, lon = degrees(lat), degrees(lon)

    return lat, lon

def ecef2nvector(
    x: FloatLike, y: FloatLike, z: FloatLike, ell: Ellipsoid | None = None, deg: bool = True
):

    lat, lon, _ = ecef2geodetic(x, y, z, ell=ell, deg=deg)
    return geodetic2nvector(lat, lon, deg=deg)

def nvector2ecef(
    n1: FloatLike,
    n2: FloatLike,
    n3: FloatLike,
    alt: FloatLike = 0,
    ell: Ellipsoid | None = None,
    deg: bool = True,
):
    lat, lon = nvector2geodetic(n1, n2, n3, deg=deg)
    return geodetic2ecef(lat, lon, alt, ell=ell, deg=deg)

def _dot3(a1, a2, a3, b1, b2, b3):
    return a1 * b1 + a2 * b2 + a3 * b3

def _cross3(a1, a2, a3, b1, b2, b3):
    return (a2 * b3 - a3 * b2, a3 * b1 - a1 * b3, a1 * b2 - a2 * b1)

def _norm3(a1, a2, a3):
    r = sqrt(a1 * a1 + a2 * a2 + a3 * a3)
    return (a1 / r, a2 / r, a3 / r)

def _default_radius():

    return eqavol()

def nvector_distance(n1_1, n1_2, n1_3, n2_1, n2_2, n2_3, radius: float | None = None) -> float:
    if radius is None:
        radius = _default_radius()

    cx, cy, cz = _cross3(n1_1, n1_2, n1_3, n2_1, n2_2, n2_3)
    cross_mag = sqrt(cx * cx + cy * cy + cz * cz)
    dot = _dot3(n1_1, n1_2, n1_3, n2_1, n2_2, n2_3)

    return radius * atan2(cross_mag, dot)

def nvector_interpolate(n1_1, n1_2, n1_3, n2_1, n2_2, n2_3, fraction: float) -> tuple:
    dot = _dot3(n1_1, n1_2, n1_3, n2_1, n2_2, n2_3)
    # clamp to [-1, 1] for safety
    dot = max(-1.0, min(1.0, dot))

    omega = acos(dot)

    # For very small angles, fall back to normalized linear interpolation
    if abs(omega) < 1e-10:
        i1 = (1.0 - fraction) * n1_1 + fraction * n2_1
        i2 = (1.0 - fraction) * n1_2 + fraction * n2_2
        i3 = (1.0 - fraction) * n1_3 + fraction * n2_3
        return _norm3(i1, i2, i3)

    s = sin(omega)
    a = sin((1.0 - fraction) * omega) / s
    b = sin(fraction * omega) / s

    i1 = a * n1_1 + b * n2_1
    i2 = a * n1_2 + b * n2_2
    i3 = a * n1_3 + b * n2_3

    return _norm3(i1, i2, i3)

def nvector_mean(n1s, n2s, n3s) -> tuple:
    s1 = sum(n1s)
    s2 = sum(n2s)
    s3 = sum(n3s)

    return _norm3(s1, s2, s3)

def nvector_cross_track_distance(
    n1_1, n1_2, n1_3,
    n2_1, n2_2, n2_3,
    np_1, np_2, np_3,
    radius: float | None = None,
) -> float:
    if radius is None:
        radius = _default_radius()

    # Great circle pole: normal to the plane containing n1 and n2
    cx, cy, cz = _cross3(n1_1, n1_2, n1_3, n2_1, n2_2, n2_3)
    cx, cy, cz = _norm3(cx, cy, cz)

    # Signed angular distance from the great circle
    return radius * asin(_dot3(cx, cy, cz, np_1, np_2, np_3))

def nvector_intersection(
    n1_1, n1_2, n1_3,
    n2_1, n2_2, n2_3,
    n3_1, n3_2, n3_3,
    n4_1, n4_2, n4_3,
) -> tuple:
    # Normals to each great circle plane
    c1_1, c1_2, c1_3 = _cross3(n1_1, n1_2, n1_3, n2_1, n2_2, n2_3)
    c2_1, c2_2, c2_3 = _cross3(n3_1, n3_2, n3_3, n4_1, n4_2, n4_3)

    # Intersection is perpendicular to both normals
    i1, i2, i3 = _cross3(c1_1, c1_2, c1_3, c2_1, c2_2, c2_3)
    i1, i2, i3 = _norm3(i1, i2, i3)

    # Pick the solution closest to the centroid of all four points
    m1 = n1_1 + n2_1 + n3_1 + n4_1
    m2 = n1_2 + n2_2 + n3_2 + n4_2
    m3 = n1_3 + n2_3 + n3_3 + n4_3

    if _dot3(i1, i2, i3, m1, m2, m3) < 0:
        i1, i2, i3 = -i1, -i2, -i3

    return i1, i2, i3



# the package modules the functions reach through a module name (``from . import rcurve, rsphere``)
rcurve = types.SimpleNamespace(geocentric_radius=geocentric_radius, parallel=parallel, meridian=meridian,
                               transverse=transverse)
rsphere = types.SimpleNamespace(eqavol=eqavol, authalic=authalic, rectifying=rectifying, euler=euler, curve=curve,
                                triaxial=triaxial, biaxial=biaxial)


# --- inputs ---------------------------------------------------------------------------------------------------------
N = 8


def _lat(rng, n=N):
    return rng.uniform(-80.0, 80.0, size=n)


def _lon(rng, n=N):
    return rng.uniform(-180.0, 180.0, size=n)


def _alt(rng, n=N):
    return rng.uniform(0.0, 10000.0, size=n)


def _geodetic(rng):
    return _lat(rng), _lon(rng), _alt(rng)


def _observer(rng):
    return np.float64(rng.uniform(-60.0, 60.0)), np.float64(rng.uniform(-180.0, 180.0)), np.float64(rng.uniform(0.0, 500.0))


def _ecef(rng):
    return geodetic2ecef(*_geodetic(rng))


def _ecef_special(rng):
    """ECEF points: two at the poles, one at the centre, one 1 km below the surface, four ordinary ones."""
    x, y, z = geodetic2ecef(np.array([90.0, -90.0, 0.0, 10.0, *_lat(rng, 4)]), np.array([0.0, 0.0, 0.0, 20.0, *_lon(rng, 4)]),
                            np.array([100.0, 200.0, 0.0, -1000.0, *_alt(rng, 4)]))
    x[:2] = 0.0
    y[:2] = 0.0
    x[2], y[2], z[2] = 0.0, 0.0, 0.0
    return x, y, z


def _aer(rng):
    return rng.uniform(0.0, 360.0, size=N), rng.uniform(-10.0, 80.0, size=N), rng.uniform(100.0, 50000.0, size=N)


def _enu(rng):
    return rng.uniform(-20000.0, 20000.0, size=N), rng.uniform(-20000.0, 20000.0, size=N), rng.uniform(-500.0, 5000.0, size=N)


def _pairs(rng):
    return _lat(rng), _lon(rng), _lat(rng), _lon(rng)


def _scalar(rng, lo, hi):
    return np.float64(rng.uniform(lo, hi))


def _nvec(rng):
    return geodetic2nvector(_scalar(rng, -80.0, 80.0), _scalar(rng, -180.0, 180.0))


# --- wrappers (keyword arguments as constants) ----------------------------------------------------------------------
def ecef2geodetic_rad(x, y, z):
    return ecef2geodetic(x, y, z, deg=False)


def ecef2enu_rotation(lat0, lon0):
    return _ecef2enu_rotation(lat0, lon0)


def ecef2body_rotation_enu(lat0, lon0, yaw, pitch, roll):
    return _ecef2body_rotation(lat0, lon0, yaw, pitch, roll, frame="enu")


def body2ecef_rotation_sez(lat0, lon0, yaw, pitch, roll):
    return _body2ecef_rotation(lat0, lon0, yaw, pitch, roll, frame="sez")


def geodetic2isometric_rad(geodetic_lat):
    return geodetic2isometric(geodetic_lat, deg=False)


def curve_norm(lat):
    return curve(lat, method="norm")


def triaxial_norm():
    return triaxial(method="norm")


def biaxial_mean():
    return biaxial()


def track2_10(lat1, lon1, lat2, lon2):
    return track2(lat1, lon1, lat2, lon2, npts=10)


def track2_2(lat1, lon1, lat2, lon2):
    return track2(lat1, lon1, lat2, lon2, npts=2)


def vdist_rad(lat1, lon1, lat2, lon2):
    return vdist(lat1, lon1, lat2, lon2, deg=False)


def nvector_interpolate_third(n1_1, n1_2, n1_3, n2_1, n2_2, n2_3):
    return nvector_interpolate(n1_1, n1_2, n1_3, n2_1, n2_2, n2_3, 1.0 / 3.0)


_e, _n, _a, _l = "ecef.py", "enu.py", "aer.py", "latitude.py"

CASES = [
    # utils.py, frames.py
    case(cart2pol, lambda rng: (rng.normal(size=N), rng.normal(size=N)), PM3("utils.py", "cart2pol")),
    case(pol2cart, lambda rng: (rng.uniform(-np.pi, np.pi, size=N), rng.uniform(0.1, 2.0, size=N)), PM3("utils.py", "pol2cart")),
    case(cart2sph, lambda rng: (rng.normal(size=N), rng.normal(size=N), rng.normal(size=N)), PM3("utils.py", "cart2sph")),
    case(sph2cart, lambda rng: (rng.uniform(-np.pi, np.pi, size=N), rng.uniform(-1.5, 1.5, size=N), rng.uniform(0.1, 2.0, size=N)), PM3("utils.py", "sph2cart")),
    case(ecef2enu_rotation, lambda rng: _observer(rng)[:2], PM3("frames.py", "_ecef2enu_rotation")),
    case(ecef2body_rotation_enu, lambda rng: (*_observer(rng)[:2], _scalar(rng, -180, 180), _scalar(rng, -30, 30), _scalar(rng, -30, 30)), PM3("frames.py", "_ecef2body_rotation", "frame='enu'")),
    case(body2ecef_rotation_sez, lambda rng: (*_observer(rng)[:2], _scalar(rng, -180, 180), _scalar(rng, -30, 30), _scalar(rng, -30, 30)), PM3("frames.py", "_body2ecef_rotation", "frame='sez'")),
    # ecef.py
    case(geodetic2ecef, lambda rng: _geodetic(rng), PM3(_e, "geodetic2ecef")),
    case(ecef2geodetic, lambda rng: _ecef(rng), PM3(_e, "ecef2geodetic")),
    case(ecef2geodetic, lambda rng: _ecef_special(rng), PM3(_e, "ecef2geodetic", "poles, the centre, a point inside"), name="pymap3d.ecef2geodetic_special"),
    case(ecef2geodetic_rad, lambda rng: tuple(np.float64(c[0]) for c in _ecef(rng)), PM3(_e, "ecef2geodetic", "NumPy scalars, deg=False")),
    case(ecef2enuv, lambda rng: (*_enu(rng), *_observer(rng)[:2]), PM3(_e, "ecef2enuv")),
    case(ecef2enu, lambda rng: (*_ecef(rng), *_observer(rng)), PM3(_e, "ecef2enu")),
    case(enu2uvw, lambda rng: (*_enu(rng), *_observer(rng)[:2]), PM3(_e, "enu2uvw")),
    case(uvw2enu, lambda rng: (*_enu(rng), *_observer(rng)[:2]), PM3(_e, "uvw2enu")),
    case(enu2ecef, lambda rng: (*_enu(rng), *_observer(rng)), PM3(_e, "enu2ecef")),
    # enu.py, ned.py, aer.py
    case(enu2aer, lambda rng: _enu(rng), PM3(_n, "enu2aer")),
    case(aer2enu, lambda rng: _aer(rng), PM3(_n, "aer2enu")),
    case(enu2geodetic, lambda rng: (*_enu(rng), *_observer(rng)), PM3(_n, "enu2geodetic")),
    case(geodetic2enu, lambda rng: (*_geodetic(rng), *_observer(rng)), PM3(_n, "geodetic2enu")),
    case(enu2ecefv, lambda rng: (*_enu(rng), *_observer(rng)[:2]), PM3(_n, "enu2ecefv")),
    case(ecef2enu_matrix, lambda rng: _observer(rng)[:2], PM3(_n, "ecef2enu_matrix")),
    case(ned2aer, lambda rng: _enu(rng), PM3("ned.py", "ned2aer")),
    case(ned2geodetic, lambda rng: (*_enu(rng), *_observer(rng)), PM3("ned.py", "ned2geodetic")),
    case(geodetic2ned, lambda rng: (*_geodetic(rng), *_observer(rng)), PM3("ned.py", "geodetic2ned")),
    case(ecef2nedv, lambda rng: (*_enu(rng), *_observer(rng)[:2]), PM3("ned.py", "ecef2nedv")),
    case(ecef2aer, lambda rng: (*_ecef(rng), *_observer(rng)), PM3(_a, "ecef2aer")),
    case(geodetic2aer, lambda rng: (*_geodetic(rng), *_observer(rng)), PM3(_a, "geodetic2aer")),
    case(aer2geodetic, lambda rng: (*_aer(rng), *_observer(rng)), PM3(_a, "aer2geodetic")),
    case(aer2ecef, lambda rng: (*_aer(rng), *_observer(rng)), PM3(_a, "aer2ecef")),
    # sez.py, nwu.py, dca.py
    case(sez2aer, lambda rng: _enu(rng), PM3("sez.py", "sez2aer")),
    case(geodetic2sez, lambda rng: (*_geodetic(rng), *_observer(rng)), PM3("sez.py", "geodetic2sez")),
    case(nwu2ecef, lambda rng: (*_enu(rng), *_observer(rng)), PM3("nwu.py", "nwu2ecef")),
    case(ecef2nwu, lambda rng: (*_ecef(rng), *_observer(rng)), PM3("nwu.py", "ecef2nwu")),
    case(enu2dca, lambda rng: (*_enu(rng), rng.uniform(0.0, 360.0, size=N)), PM3("dca.py", "enu2dca")),
    case(geodetic2dca, lambda rng: (*_geodetic(rng), *_observer(rng), _scalar(rng, 0.0, 360.0)), PM3("dca.py", "geodetic2dca")),
    case(dca2aer, lambda rng: (*_enu(rng), _scalar(rng, 0.0, 360.0)), PM3("dca.py", "dca2aer")),
    # los.py
    case(lookAtSpheroid, lambda rng: (*_observer(rng), rng.uniform(0.0, 360.0, size=N), rng.uniform(0.0, 120.0, size=N)), PM3("los.py", "lookAtSpheroid", "some tilts above the horizon (NaN)")),
    case(lookAtSpheroid, lambda rng: (*_observer(rng), _scalar(rng, 0.0, 360.0), _scalar(rng, 0.0, 60.0)), PM3("los.py", "lookAtSpheroid", "NumPy scalars"), name="pymap3d.lookAtSpheroid_scalar"),
    # rcurve.py
    case(geocentric_radius, lambda rng: (_lat(rng),), PM3("rcurve.py", "geocentric_radius")),
    case(parallel, lambda rng: (_lat(rng),), PM3("rcurve.py", "parallel")),
    case(meridian, lambda rng: (_lat(rng),), PM3("rcurve.py", "meridian")),
    # latitude.py
    case(geoc2geod, lambda rng: (_lat(rng), 6.37e6 + _alt(rng)), PM3(_l, "geoc2geod")),
    case(geodetic2geocentric, lambda rng: (_lat(rng), _alt(rng)), PM3(_l, "geodetic2geocentric")),
    case(geocentric2geodetic, lambda rng: (_lat(rng), _alt(rng)), PM3(_l, "geocentric2geodetic")),
    case(geodetic2isometric, lambda rng: (_lat(rng),), PM3(_l, "geodetic2isometric")),
    case(geodetic2isometric_rad, lambda rng: (np.array([np.pi / 2, -np.pi / 2, *np.radians(_lat(rng, 6))]),), PM3(_l, "geodetic2isometric", "deg=False, the poles (infinite)")),
    case(isometric2geodetic, lambda rng: (rng.uniform(-150.0, 150.0, size=N),), PM3(_l, "isometric2geodetic")),
    case(geodetic2conformal, lambda rng: (_lat(rng),), PM3(_l, "geodetic2conformal")),
    case(geodetic2conformal, lambda rng: (np.float64(90.0),), PM3(_l, "geodetic2conformal", "the pole (the except branch)"), name="pymap3d.geodetic2conformal_pole"),
    case(rectifying2geodetic, lambda rng: (_lat(rng),), PM3(_l, "rectifying2geodetic")),
    case(geodetic2authalic, lambda rng: (_lat(rng),), PM3(_l, "geodetic2authalic")),
    case(parametric2geodetic, lambda rng: (_lat(rng),), PM3(_l, "parametric2geodetic")),
    # rsphere.py
    case(authalic, lambda rng: (), PM3("rsphere.py", "authalic")),
    case(euler, lambda rng: _pairs(rng), PM3("rsphere.py", "euler")),
    case(curve, lambda rng: (_lat(rng),), PM3("rsphere.py", "curve")),
    case(curve_norm, lambda rng: (_lat(rng),), PM3("rsphere.py", "curve", "method='norm'")),
    case(triaxial_norm, lambda rng: (), PM3("rsphere.py", "triaxial", "method='norm'")),
    case(biaxial_mean, lambda rng: (), PM3("rsphere.py", "biaxial")),
    # vincenty.py
    case(vdist, lambda rng: _pairs(rng), PM3("vincenty.py", "vdist")),
    case(vdist, lambda rng: tuple(np.float64(c[0]) for c in _pairs(rng)), PM3("vincenty.py", "vdist", "NumPy scalars"), name="pymap3d.vdist_scalar"),
    case(vdist_rad, lambda rng: (np.array([np.pi / 2, 0.3, -0.2]), np.array([0.0, 0.1, 0.0]), np.array([0.1, -0.4, 0.2]), np.array([1.0, 2.0, 0.5])), PM3("vincenty.py", "vdist", "deg=False, a point at a pole")),
    case(vreckon, lambda rng: (_lat(rng), _lon(rng), rng.uniform(1e3, 5e6, size=N), rng.uniform(0.0, 360.0, size=N)), PM3("vincenty.py", "vreckon")),
    case(vreckon, lambda rng: (_scalar(rng, -80, 80), _scalar(rng, -180, 180), _scalar(rng, 1e3, 5e6), _scalar(rng, 0, 360)), PM3("vincenty.py", "vreckon", "NumPy scalars"), name="pymap3d.vreckon_scalar"),
    case(track2_10, lambda rng: tuple(np.float64(c[0]) for c in _pairs(rng)), PM3("vincenty.py", "track2", "npts=10")),
    case(track2_2, lambda rng: tuple(np.float64(c[0]) for c in _pairs(rng)), PM3("vincenty.py", "track2", "npts=2")),
    # lox.py
    case(meridian_dist, lambda rng: (_lat(rng),), PM3("lox.py", "meridian_dist")),
    case(loxodrome_inverse, lambda rng: _pairs(rng), PM3("lox.py", "loxodrome_inverse")),
    case(loxodrome_inverse, lambda rng: (lambda la: (la, _lon(rng), la.copy(), _lon(rng)))(_lat(rng)), PM3("lox.py", "loxodrome_inverse", "due east or west"), name="pymap3d.loxodrome_inverse_parallel"),
    case(loxodrome_direct, lambda rng: (_lat(rng), _lon(rng), rng.uniform(1e3, 1e6, size=N), np.array([90.0, 270.0, *rng.uniform(0.0, 360.0, size=N - 2)])), PM3("lox.py", "loxodrome_direct", "two due east or west")),
    case(loxodrome_direct, lambda rng: (_scalar(rng, -80, 80), _scalar(rng, -180, 180), _scalar(rng, 1e3, 1e6), _scalar(rng, 0, 360)), PM3("lox.py", "loxodrome_direct", "NumPy scalars"), name="pymap3d.loxodrome_direct_scalar"),
    case(departure, lambda rng: (_lon(rng), _lon(rng), _lat(rng)), PM3("lox.py", "departure")),
    case(meanm, lambda rng: (_lat(rng), _lon(rng)), PM3("lox.py", "meanm")),
    # haversine.py, spherical.py
    case(anglesep_meeus, lambda rng: (_lon(rng), _lat(rng), _lon(rng), _lat(rng)), PM3("haversine.py", "anglesep_meeus")),
    case(geodetic2spherical, lambda rng: _geodetic(rng), PM3("spherical.py", "geodetic2spherical")),
    case(spherical2geodetic, lambda rng: (_lat(rng), _lon(rng), 6.37e6 + _alt(rng)), PM3("spherical.py", "spherical2geodetic")),
    # nvector.py
    case(nvector2geodetic, lambda rng: geodetic2nvector(_lat(rng), _lon(rng)), PM3("nvector.py", "nvector2geodetic")),
    case(ecef2nvector, lambda rng: _ecef(rng), PM3("nvector.py", "ecef2nvector")),
    case(nvector_distance, lambda rng: (*_nvec(rng), *_nvec(rng)), PM3("nvector.py", "nvector_distance")),
    case(nvector_interpolate_third, lambda rng: (*_nvec(rng), *_nvec(rng)), PM3("nvector.py", "nvector_interpolate", "fraction=1/3")),
    case(nvector_interpolate_third, lambda rng: (lambda v: (*v, *v))(_nvec(rng)), PM3("nvector.py", "nvector_interpolate", "fraction=1/3, the same point (the small-angle branch)"), name="pymap3d.nvector_interpolate_same"),
    case(nvector_mean, lambda rng: geodetic2nvector(_lat(rng), _lon(rng)), PM3("nvector.py", "nvector_mean")),
    case(nvector_cross_track_distance, lambda rng: (*_nvec(rng), *_nvec(rng), *_nvec(rng)), PM3("nvector.py", "nvector_cross_track_distance")),
    case(nvector_intersection, lambda rng: (*_nvec(rng), *_nvec(rng), *_nvec(rng), *_nvec(rng)), PM3("nvector.py", "nvector_intersection")),
]
