"""PyAstronomy's astronomy library (``pyasl``): the IDL astrolib ports (Julian-date calendar conversion, B1950
precession with its iterated E-term correction, precession matrices, the Sun's rectangular coordinates, heliocentric
Julian dates, the Sun's and the Moon's positions, nutation, aberration, local sidereal time, hour angle to altitude
and azimuth, refraction, iterated to the observed altitude in a ``while True: ... break`` loop, the barycentric
velocity and the heliocentric correction, Galactic space velocities), and the data tools: phase folding, binning
(a loop over the bins that hold data), Hermite interpolation (a loop over the points), polynomial-residual
outliers, rotational broadening (a loop building each kernel through a small class), the RV cross-correlation,
the quadratic extreme, the CCM extinction curve, airmass, angular distance (sczesla/PyAstronomy, MIT).

Copied from sczesla/PyAstronomy at ed5065fe057364495f8df79c0a990aaf15d67414 (its licence, ``doc/license.rst``, is
the MIT licence: "Copyright (c) 2011, PyA group"; none of the files copied states another), the files named in
each section below (under ``PyAstronomy/``). Bodies are as written (PyAstronomy indents some files by two spaces),
comments kept, docstrings dropped; each function is copied together with the functions, classes and constants of the
package it calls.

Adapted, beyond that:

* the imports of package modules are this module's: the module-level imports below are those of the source modules
  (``numpy`` as ``np`` and as ``numpy``, ``from numpy import sin, cos, tan, sqrt, arcsin``, ``copy``, ``datetime``,
  ``traceback``, ``scipy.interpolate``); ``PE`` (``pyaC.pyaErrors``), ``pyaC``/``PC`` (``degtorad``, ``radtodeg``,
  ``invertIndexSelection``) are namespaces holding the copied classes and functions; ``helcorr``'s function-local
  ``from PyAstronomy.pyaC import degtorad`` is dropped (it is defined here); the third-party function-local imports
  (``import scipy.interpolate as sci`` in ``crosscorrRV``) are kept;
* ``six`` is not installed here: ``six.moves.range`` (``smo.range``) is a namespace holding the built-in ``range``,
  ``six.string_types`` (``PyaErrTemplate``) a namespace holding ``(str,)``, which is what six gives on Python 3;
* ``_ic`` (``pyasl``'s import check) is a namespace whose ``check`` says scipy imports and matplotlib does not (only
  the ``plot=True`` branches, never taken here, read the latter);
* wrappers give the keyword arguments (modes, flags, epochs, bin widths) as constants;
* not taken: ``keplerOrbit.py`` (classes), ``generalizedESD`` and ``pointDistGESD`` (``pyaC.ImportCheck``),
  ``smooth`` (the SciPy cookbook's algorithm, whose copyright the file gives to that cookbook's authors), the
  functions that take ``datetime`` objects (``jdcnv``, ``juldate``), ``eq2hor`` (needs the observatory database),
  the FITS, plotting and file-reading tools.

The inputs: Julian dates in 2459000 to 2461000 (reduced dates for ``helio_jd`` and ``xyz``), right ascensions in
(0, 360) and declinations in (-60, 60) degrees, observers' longitudes, latitudes and altitudes, light-curve times (jittered, evenly spaced) with
a sinusoid and noise, spectra as a Gaussian absorption line on an even wavelength grid.
"""

# ruff: noqa: B904, E501, E701, E712, E713, E714, E741, UP031, UP034, W291, W293
from __future__ import annotations

import copy
import datetime
import traceback
import types

import numpy
import numpy as np
import scipy.interpolate as interpolate
from numpy import arcsin, cos, sin, sqrt, tan

from tests.coverage.cases import PYASTRONOMY, Source, case

# six (not installed here): what six.moves.range and six.string_types are on Python 3
smo = types.SimpleNamespace(range=range)
six = types.SimpleNamespace(string_types=(str,))


def PYA(path: str, original: str, note: str = "") -> Source:
    return Source(PYASTRONOMY, "PyAstronomy/" + path, original, note)


# --- PyAstronomy/pyaC/pyaErrors/pyaErrTemplate.py -------------------------------------------------------------------

class PyaErrTemplate(Exception):
  
  def __init__(self, what, errType, where=None, why=None, solution=None, addInfo=None, tbfe=None):
    self.errorType = errType
    self.what = what
    self.where = where
    self.why = why
    # Check whether solution is iterable
    self.solution = solution
    if solution is not None:
      if not isinstance(solution, six.string_types):
        self.solution = copy.deepcopy(solution)
      else:
        self.solution = [solution]    
    self.addInfo = addInfo
    # Check trace back
    if not tbfe is None:
      self.addTB(tbfe)
    else:
      self.tbfe = None
  
  def addTB(self, e):
    self.tbfe = ["  - " + l for l in traceback.format_exc().splitlines(True)]
  
  def __str__(self, head=True):
    e = ""
    if head:
      e = "\n"
      e += "---------------------\n"
      e += "A PyA error occurred:\n"
      e += "---------------------\n"
    if not self.tbfe is None:
      # Print information from trace back (add indentation)
      e += "PyA trace back:\n"
      for l in self.tbfe:
        e += l
    if head:
      e += "Type of error: " + self.errorType + "\n"
    e += "What happened?\n"
    e += "    " + self.what + "\n"
    if not self.where is None:
      e += "Where did it happen?\n"
      e += "    " + self.where + "\n"
    if not self.why is None:
      e += "Why did it happen?\n"
      e += "    " + self.why + "\n"
    if not self.solution is None:
      e += "What are possible solutions?\n"
      for s in self.solution:
        e += "  - " + s + "\n"
    if not self.addInfo is None:
      e += "Additional information:\n"
      e += "    " + self.addInfo + "\n"
    return e



# --- PyAstronomy/pyaC/pyaErrors/pyaValErrs.py -----------------------------------------------------------------------

class PyAValError(PyaErrTemplate):
  
  def __init__(self, what, **keys):
    PyaErrTemplate.__init__(self, what, "PyA Value Error", **keys)



# --- PyAstronomy/pyaC/pyaErrors/pyaOtherErrors.py -------------------------------------------------------------------

class PyAParameterConflict(PyaErrTemplate):

    def __init__(self, what, **keys):
        PyaErrTemplate.__init__(self, what, "PyA Parameter Conflict", **keys)

class PyARequiredImport(PyaErrTemplate, ImportError):

    def __init__(self, what, **keys):
        PyaErrTemplate.__init__(self, what, "PyA import error", **keys)

class PyAAlgorithmFailure(PyaErrTemplate):

    def __init__(self, what, **keys):
        PyaErrTemplate.__init__(self, what, "PyA algorithm failure", **keys)



# --- PyAstronomy/pyaC/pyaErrors/warn.py -----------------------------------------------------------------------------

def warn(w):
  print("--------------------")
  print("| PyA User warning |")
  print("--------------------")
  if isinstance(w, PyaErrTemplate):
    print(w.__str__(head=False))
    return
  print(str(w))



# --- PyAstronomy/pyaC/mtools/toolbox.py -----------------------------------------------------------------------------

def degtorad(d):
  return (d/180.0)*np.pi

def radtodeg(r):
  return (r/np.pi)*180.



# --- PyAstronomy/pyaC/invertIndexSelection.py -----------------------------------------------------------------------

def invertIndexSelection(a, indi):
  if isinstance(a, int):
    n = a
  elif isinstance(a, np.ndarray):
    if len(a.shape) != 1:
      raise(PE.PyAValError("Found first parameter to be a numpy array, but it is not of dimension one!", \
            solution=["Specify a one-dimensional array", "Specify merely the length of the array as an int."], \
            where="invertIndexSelection"))
    n = len(a)
  else:
    raise(PE.PyAValError("First parameter is neither a one-dimensional numpy array or an integer.", \
          solution="Use one of these types to describe the array."))
  
  x = np.ones(n, dtype=bool)
  x[indi] = False
  return np.arange(n)[x]



# --- PyAstronomy/pyasl/asl/idlMod.py --------------------------------------------------------------------------------

def idlMod(a, b):
  if isinstance(a, np.ndarray):
    s = np.sign(a)
    m = np.mod(a, b)
    m[(s < 0)] -= b
  else:
    m = a % b
    if a < 0: m -= b
  return m



# --- PyAstronomy/pyasl/asl/idlCirrange.py ---------------------------------------------------------------------------

def cirrange(x, radians=False):
  if radians:
    m = 2.0 * np.pi
  else:
    m = 360.0
  return x % m



# --- PyAstronomy/pyasl/asl/astroTimeLegacy.py -----------------------------------------------------------------------

def daycnv(xjd, mode="idl"):

    if not mode in ('idl', 'dtlist', 'dt'):
        raise(PE.PyAValError("Unknown mode: " + str(mode),
                             where="daycnv",
                             solution="Use any of 'idl', 'dtlist', or 'dt'."))

    # Adjustment needed because Julian day starts at noon, calendar day at midnight

    iterable = hasattr(xjd, "__iter__")

    # Use iterable throughout calculations
    if not iterable:
        xjd = [xjd]

    jd = numpy.array(xjd).astype(int)  # Truncate to integral day
    frac = numpy.array(xjd).astype(float) - jd + \
        0.5  # Fractional part of calendar day
    gi = numpy.where(frac >= 1.0)
    frac[gi] -= 1.0
    jd[gi] += 1

    hr = frac * 24.0
    l = jd + 68569
    n = 4 * l // 146097
    l = l - (146097 * n + 3) // 4
    yr = 4000 * (l + 1) // 1461001
    l = l - 1461 * yr // 4 + 31  # 1461 = 365.25 * 4
    mn = 80 * l // 2447
    day = l - 2447 * mn // 80
    l = mn // 11
    mn = mn + 2 - 12 * l
    yr = 100 * (n - 49) + yr + l
    if mode in ('dt', 'dtlist'):
        # [year, month, day, hours, minutes, seconds, microseconds] requested
        hour = numpy.floor(hr).astype(int)
        minute = numpy.floor((hr - numpy.floor(hr)) * 60).astype(int)
        sec = numpy.floor((hr - hour - minute / 60.) * 3600.).astype(int)
        msec = (3600 * 1e6 * (hr - hour - minute / 60. - sec / 3600.)).astype(int)
        if mode == 'dtlist':
            if not iterable:
                return [yr[0], mn[0], day[0], hour[0], minute[0], sec[0], msec[0]]
            return [[yr[i], mn[i], day[i], hour[i], minute[i], sec[i], msec[i]] for i in smo.range(len(yr))]
        # Return datetime object
        dts = [datetime.datetime(*(yr[i], mn[i], day[i], hour[i],
                                   minute[i], sec[i], msec[i])) for i in smo.range(len(yr))]
        if not iterable:
            return dts[0]
        return dts
    if not iterable:
        return [yr[0], mn[0], day[0], hr[0]]
    return [[yr[i], mn[i], day[i], hr[i]] for i in smo.range(len(yr))]

def bprecess(ra, dec, mu_radec=None,
             parallax=0.0,  rad_vel=0.0, epoch=2000.0):

    radeg = 180.0 / numpy.pi
    sec_to_radian = 1.0 / radeg / 3600.0

    M = numpy.array([[+0.9999256795, -0.0111814828, -0.0048590040,
                      -0.000551,  -0.238560,     +0.435730],
                     [+0.0111814828, +0.9999374849, -0.0000271557,
                      +0.238509,     -0.002667,      -0.008541],
                     [+0.0048590039, -0.0000271771, +0.9999881946,
                      -0.435614,      +0.012254,      +0.002117],
                     [-0.00000242389840, +0.00000002710544, +0.00000001177742,
                      +0.99990432,    -0.01118145,    -0.00485852],
                     [-0.00000002710544, -0.00000242392702, +0.00000000006585,
                      +0.01118145,     +0.99991613,    -0.00002716],
                     [-0.00000001177742, +0.00000000006585, -0.00000242404995,
                      +0.00485852,   -0.00002717,    +0.99996684]])

    # in arc seconds per century
    A_dot = 1e-3 * numpy.array([1.244, -1.579, -0.660])

    ra_rad = ra / radeg
    dec_rad = dec / radeg
    cosra = cos(ra_rad)
    sinra = sin(ra_rad)
    cosdec = cos(dec_rad)
    sindec = sin(dec_rad)

    dec_1950 = 0.0
    ra_1950 = 0.0

    # Following statement moved inside loop in Feb 2000.
    A = 1e-6 * numpy.array([-1.62557, -0.31919, -0.13843])        # in radians

    r0 = numpy.array([cosra * cosdec, sinra * cosdec, sindec])

    if mu_radec is not None:
        mu_a = mu_radec[0]
        mu_d = mu_radec[1]
        # Velocity vector
        r0_dot = numpy.array([-mu_a * sinra * cosdec - mu_d * cosra * sindec,
                              mu_a * cosra * cosdec - mu_d * sinra * sindec,
                              mu_d * cosdec]) + 21.095 * rad_vel * parallax * r0
    else:
        r0_dot = numpy.zeros(3)

    R_0 = numpy.concatenate([r0, r0_dot])
    R_1 = numpy.dot(numpy.transpose(M), R_0)

    # Include the effects of the E-terms of aberration to form r and r_dot.

    r1 = R_1[0:3]
    r1_dot = R_1[3:6]

    if mu_radec is None:
        r1 = r1 + sec_to_radian * r1_dot * (epoch - 1950.0) / 100.
        A = A + sec_to_radian * A_dot * (epoch - 1950.0) / 100.

    x1 = R_1[0]
    y1 = R_1[1]
    z1 = R_1[2]
    rmag = sqrt(x1**2 + y1**2 + z1**2)

    s1 = r1 / rmag
    s1_dot = r1_dot / rmag

    s = s1
    for j in smo.range(2):
        r = s1 + A - ((s * A).sum()) * s
        s = r / rmag

    x = r[0]
    y = r[1]
    z = r[2]
    r2 = x**2 + y**2 + z**2
    rmag = sqrt(r2)

    if mu_radec is not None:
        r_dot = s1_dot + A_dot - ((s * A_dot).sum()) * s
        x_dot = r_dot[0]
        y_dot = r_dot[1]
        z_dot = r_dot[2]
        mu_radec[0] = (x * y_dot - y * x_dot) / (x**2 + y**2)
        mu_radec[1] = (z_dot * (x**2 + y**2) - z *
                       (x * x_dot + y * y_dot)) / (r2 * sqrt(x**2 + y**2))

    dec_1950 = arcsin(z / rmag)
    ra_1950 = numpy.arctan2(y, x)

    if parallax > 0.0:
        rad_vel = (x * x_dot + y * y_dot + z * z_dot) / \
            (21.095 * parallax * rmag)
        parallax = parallax / rmag

    if ra_1950 < 0.0:
        ra_1950 += 2.0 * numpy.pi

    ra_1950 = ra_1950 * radeg
    dec_1950 = dec_1950 * radeg

    return [ra_1950, dec_1950, mu_radec, parallax, rad_vel]

def premat(equinox1, equinox2, FK4=False):

    deg_to_rad = numpy.pi / 180.0
    sec_to_rad = deg_to_rad / 3600.0

    t = 0.001 * (equinox2 - equinox1)

    if not FK4:
        st = 0.001 * (equinox1 - 2000.0)
        # Compute 3 rotation angles
        A = sec_to_rad * t * (23062.181 + st * (139.656 + 0.0139 * st)
                              + t * (30.188 - 0.344 * st + 17.998 * t))

        B = sec_to_rad * t * t * (79.280 + 0.410 * st + 0.205 * t) + A

        C = sec_to_rad * t * (20043.109 - st * (85.33 + 0.217 * st)
                              + t * (-42.665 - 0.217 * st - 41.833 * t))

    else:
        st = 0.001 * (equinox1 - 1900.0)
        # Compute 3 rotation angles

        A = sec_to_rad * t * (23042.53 + st * (139.75 + 0.06 * st)
                              + t * (30.23 - 0.27 * st + 18.0 * t))

        B = sec_to_rad * t * t * (79.27 + 0.66 * st + 0.32 * t) + A

        C = sec_to_rad * t * (20046.85 - st * (85.33 + 0.37 * st)
                              + t * (-42.67 - 0.37 * st - 41.8 * t))

    sina = sin(A)
    sinb = sin(B)
    sinc = sin(C)
    cosa = cos(A)
    cosb = cos(B)
    cosc = cos(C)

    r = numpy.zeros((3, 3))
    r[::, 0] = numpy.array([cosa * cosb * cosc - sina *
                            sinb, sina * cosb + cosa * sinb * cosc,  cosa * sinc])
    r[::, 1] = numpy.array([-cosa * sinb - sina * cosb *
                            cosc, cosa * cosb - sina * sinb * cosc, -sina * sinc])
    r[::, 2] = numpy.array([-cosb * sinc, -sinb * sinc, cosc])
    return r

def precess(ra, dec, equinox1, equinox2, FK4=False, radian=False):
    deg_to_rad = numpy.pi / 180.0

    if not radian:
        # ra, dec are given in degrees
        ra_rad = ra * deg_to_rad     # Convert to double precision if not already
        dec_rad = dec * deg_to_rad
    else:
        ra_rad = ra
        dec_rad = dec

    a = cos(dec_rad)

    x = [a * cos(ra_rad), a * sin(ra_rad), sin(dec_rad)]  # input direction

    sec_to_rad = deg_to_rad / 3600.0

    # Use PREMAT function to get precession matrix from Equinox1 to Equinox2

    r = premat(equinox1, equinox2, FK4=FK4)

    x2 = numpy.dot(r, x)      # rotate to get output direction cosines

    ra_rad = numpy.arctan2(x2[1], x2[0])
    dec_rad = arcsin(x2[2])

    if not radian:
        ra = ra_rad / deg_to_rad
        # RA between 0 and 360 degrees
        ra = ra + int(ra < 0.0) * 360.0
        dec = dec_rad / deg_to_rad
    else:
        ra = ra_rad
        dec = dec_rad
        ra = ra + int(ra < 0.0) * 2.0 * numpy.pi

    return [ra, dec]

def precess_xyz(x, y, z, equinox1, equinox2):

    # take input coords and convert to ra and dec (in radians)
    ra = numpy.arctan2(y, x)
    delp = sqrt(x * x + y * y + z * z)  # magnitude of distance to Sun
    dec = arcsin(z / delp)

    # precess the ra and dec
    ra, dec = precess(ra, dec, equinox1, equinox2, radian=True)

    # convert back to x, y, z
    xunit = cos(ra) * cos(dec)
    yunit = sin(ra) * cos(dec)
    zunit = sin(dec)

    x = xunit * delp
    y = yunit * delp
    z = zunit * delp

    return [x, y, z]

def xyz(date, velocity=False, equinox=1950.0):

    picon = numpy.pi / 180.0
    t = (date - 15020.0) / 36525.0         # Relative Julian century from 1900

    # NOTE: longitude arguments below are given in *equinox* of date.
    #   Precess these to equinox 1950 to give everything an even footing.
    #   Compute argument of precession from equinox of date back to 1950
    pp = (1.396041 + 0.000308 * (t + 0.5)) * (t - 0.499998)

    # Compute mean solar longitude, precessed back to 1950
    el = 279.696678 + 36000.76892 * t + 0.000303 * t * t - pp

    # Compute Mean longitude of the Moon
    c = 270.434164 + 480960. * t + 307.883142 * t - 0.001133 * t * t - pp

    # Compute longitude of Moon's ascending node
    n = 259.183275 - 1800. * t - 134.142008 * t + 0.002078 * t * t - pp

    # Compute mean solar anomaly
    g = 358.475833 + 35999.04975 * t - 0.00015 * t * t

    # Compute the mean jupiter anomaly
    j = 225.444651 + 2880.0 * t + 154.906654 * t * t

    # Compute mean anomaly of Venus
    v = 212.603219 + 58320. * t + 197.803875 * t + 0.001286 * t * t

    # Compute mean anomaly of Mars
    m = 319.529425 + 19080. * t + 59.8585 * t + 0.000181 * t * t

    # Convert degrees to radians for trig functions
    el = el * picon
    g = g * picon
    j = j * picon
    c = c * picon
    v = v * picon
    n = n * picon
    m = m * picon

    # Calculate X,Y,Z using trigonometric series
    X = 0.999860 * cos(el)                          \
        - 0.025127 * cos(g - el)                      \
        + 0.008374 * cos(g + el)                      \
        + 0.000105 * cos(g + g + el)                  \
        + 0.000063 * t * cos(g - el)                    \
        + 0.000035 * cos(g + g - el)                  \
        - 0.000026 * sin(g - el - j)                  \
        - 0.000021 * t * cos(g + el)                    \
        + 0.000018 * sin(2. * g + el - 2. * v)            \
        + 0.000017 * cos(c)                           \
        - 0.000014 * cos(c - 2. * el)                   \
        + 0.000012 * cos(4. * g + el - 8. * m + 3. * j)     \
        - 0.000012 * cos(4. * g - el - 8. * m + 3. * j)     \
        - 0.000012 * cos(g + el - v)                  \
        + 0.000011 * cos(2. * g + el - 2. * v)            \
        + 0.000011 * cos(2. * g - el - 2. * j)

    Y = 0.917308 * sin(el)                             \
        + 0.023053 * sin(g - el)                         \
        + 0.007683 * sin(g + el)                         \
        + 0.000097 * sin(g + g + el)                     \
        - 0.000057 * t * sin(g - el)                       \
        - 0.000032 * sin(g + g - el)                     \
        - 0.000024 * cos(g - el - j)                     \
        - 0.000019 * t * sin(g + el)                       \
        - 0.000017 * cos(2.00 * g + el - 2.00 * v)           \
        + 0.000016 * sin(c)                              \
        + 0.000013 * sin(c - 2.00 * el)                   \
        + 0.000011 * sin(4.00 * g + el - 8.00 * m + 3.00 * j)  \
        + 0.000011 * sin(4.00 * g - el - 8.00 * m + 3.00 * j)  \
        - 0.000011 * sin(g + el - v)                     \
        + 0.000010 * sin(2.00 * g + el - 2.00 * v)          \
        - 0.000010 * sin(2.00 * g - el - 2.00 * j)

    Z = 0.397825 * sin(el)        \
        + 0.009998 * sin(g - el)      \
        + 0.003332 * sin(g + el)      \
        + 0.000042 * sin(g + g + el)    \
        - 0.000025 * t * sin(g - el)    \
        - 0.000014 * sin(g + g - el)    \
        - 0.000010 * cos(g - el - j)

    # Precess_to new equator?
    if equinox is not None:
        X, Y, Z = precess_xyz(X, Y, Z, 1950, equinox)

    if not velocity:
        return [X, Y, Z, None, None, None]

    XVEL = -0.017200 * sin(el)          \
        - 0.000288 * sin(g + el)       \
        - 0.000005 * sin(2.00 * g + el)  \
        - 0.000004 * sin(c)            \
        + 0.000003 * sin(c - 2.00 * el)  \
        + 0.000001 * t * sin(g + el)      \
        - 0.000001 * sin(2.00 * g - el)

    YVEL = 0.015780 * cos(el)           \
        + 0.000264 * cos(g + el)        \
        + 0.000005 * cos(2.00 * g + el)   \
        + 0.000004 * cos(c)             \
        + 0.000003 * cos(c - 2.00 * el)   \
        - 0.000001 * t * cos(g + el)

    ZVEL = 0.006843 * cos(el)             \
        + 0.000115 * cos(g + el)        \
        + 0.000002 * cos(2.00 * g + el)    \
        + 0.000002 * cos(c)              \
        + 0.000001 * cos(c - 2.00 * el)

    # Precess to new equator?

    if equinox != 1950.0:
        XVEL, YVEL, ZVEL = precess_xyz(XVEL, YVEL, ZVEL, 1950, equinox)

    return [X, Y, Z, XVEL, YVEL, ZVEL]

def helio_jd(date, ra, dec, B1950=False, TIME_DIFF=False):

    # Because XYZ uses default B1950 coordinates, we'll convert everything to B1950

    if date > 2.4e6:
        PE.warn(PE.PyAValError("The given Julian Date ( " + str(date) + ") is exceedingly large far a reduced JD.",
                               solution="Did you forget to subtract 2.4e6?",
                               where="helio_jd"))

    if not B1950:
        bpresult = bprecess(ra, dec)
        ra1 = bpresult[0]
        dec1 = bpresult[1]
    else:
        ra1 = ra
        dec1 = dec

    radeg = 180.0 / numpy.pi
    # I think, this is not needed in Python, even at this stage...
    # zparcheck,'HELIO_JD',date,1,[3,4,5],[0,1],'Reduced Julian Date'

    delta_t = (date - 33282.42345905) / 36525.0
    epsilon_sec = 44.836 - 46.8495 * delta_t - \
        0.00429 * delta_t**2 + 0.00181 * delta_t**3
    epsilon = (23.433333 + epsilon_sec / 3600.0) / radeg
    ra1 = ra1 / radeg
    dec1 = dec1 / radeg

    x, y, z, tmp, tmp, tmp = xyz(date)

    # Find extra distance light must travel in AU, multiply by 1.49598e13 cm/AU,
    # and divide by the speed of light, and multiply by 86400 second/year

    time = -499.00522 * (cos(dec1) * cos(ra1) * x +
                         (tan(epsilon) * sin(dec1) + cos(dec1) * sin(ra1)) * y)

    if TIME_DIFF:
        return time
    else:
        return (date + time / 86400.0)



# --- PyAstronomy/pyasl/asl/sunpos.py --------------------------------------------------------------------------------

def sunpos(jd, end_jd=None, jd_steps=None, outfile=None, radian=False, plot=False, full_output=False):

    if end_jd is None:
        # Form time in Julian centuries from 1900.0
        start_jd = (jd - 2415020.0) / 36525.0
        # Time array
        time = np.array([start_jd])
    else:
        if jd >= end_jd:
            raise(PE.PyAValError("`end_jd` needs to be larger than `jd`.",
                                 where="sunpos",
                                 solution="Modify the parameters."))
            if jd_steps is None:
                raise(PE.PyAValError("You specified `end_jd`, but no value for `jd_steps`.",
                                     where="sunpos",
                                     solution="Specify `jd_steps`, e.g., given jd_steps=10"))
        # Form time in Julian centuries from 1900.0
        start_jd = (jd - 2415020.0) / 36525.0
        end_jd = (end_jd - 2415020.0) / 36525.0
        # Time array
        timestep = (end_jd - start_jd) / float(jd_steps)
        time = np.arange(start_jd, end_jd, timestep)

    # Mean solar longitude
    sunlon = (279.696678 + idlMod((36000.768925 * time), 360.0)) * 3600.0
    
    cfac = np.pi / 180.

    # Allow for ellipticity of the orbit (equation of center)
    # using the Earth's mean anomaly ME
    me = 358.475844 + idlMod((35999.049750 * time), 360.0)
    ellcor = (6910.1 - 17.2 * time) * np.sin(me * cfac) + \
        72.3 * np.sin(2.0 * me * cfac)
    sunlon += ellcor

    # Allow for the Venus perturbations using the mean anomaly of Venus MV
    mv = 212.603219 + idlMod((58517.803875 * time), 360.0)
    vencorr = 4.8 * np.cos((299.1017 + mv - me) * cfac) + \
        5.5 * np.cos((148.3133 + 2.0 * mv - 2.0 * me) * cfac) + \
        2.5 * np.cos((315.9433 + 2.0 * mv - 3.0 * me) * cfac) + \
        1.6 * np.cos((345.2533 + 3.0 * mv - 4.0 * me) * cfac) + \
        1.0 * np.cos((318.15 + 3.0 * mv - 5.0 * me) * cfac)
    sunlon += vencorr

    # Allow for the Mars perturbations using the mean anomaly of Mars MM
    mm = 319.529425 + idlMod((19139.858500 * time), 360.0)
    marscorr = 2.0 * np.cos((343.8883 - 2.0 * mm + 2.0 * me) * cfac) + \
        1.8 * np.cos((200.4017 - 2.0 * mm + me) * cfac)
    sunlon += marscorr

    # Allow for the Jupiter perturbations using the mean anomaly of Jupiter MJ
    mj = 225.328328 + idlMod((3034.6920239 * time), 360.0)
    jupcorr = 7.2 * np.cos((179.5317 - mj + me) * cfac) + \
        2.6 * np.cos((263.2167 - mj) * cfac) + \
        2.7 * np.cos((87.1450 - 2.0 * mj + 2.0 * me) * cfac) + \
        1.6 * np.cos((109.4933 - 2.0 * mj + me) * cfac)
    sunlon += jupcorr

    # Allow for the Moon's perturbations using the mean elongation of
    # the Moon from the Sun D
    d = 350.7376814 + idlMod((445267.11422 * time), 360.0)
    mooncorr = 6.5 * np.sin(d * cfac)
    sunlon += mooncorr

    # Allow for long period terms
    longterm = 6.4 * np.sin((231.19 + 20.20 * time) * cfac)
    sunlon += longterm
    sunlon = idlMod((sunlon + 2592000.0), 1296000.0)
    longmed = sunlon / 3600.0

    # Allow for Aberration
    sunlon -= 20.5

    # Allow for Nutation using the longitude of the Moons mean node OMEGA
    omega = 259.183275 - idlMod((1934.142008 * time), 360.0)
    sunlon = sunlon - 17.2 * np.sin(omega * cfac)

    # Calculate the True Obliquity
    oblt = 23.452294 - 0.0130125 * time + \
        (9.2 * np.cos(omega * cfac)) / 3600.0

    # Right Ascension and Declination
    sunlon /= 3600.0
    ra = np.arctan2(np.sin(sunlon * cfac) *
                    np.cos(oblt * cfac), np.cos(sunlon * cfac))

    ra = ra % (2.*np.pi)

    dec = np.arcsin(np.sin(sunlon * cfac)
                    * np.sin(oblt * cfac))

    if radian:
        oblt *= (cfac)
        longmed *= (cfac)
    else:
        ra /= (cfac)
        dec /= (cfac)

    jd = time * 36525.0 + 2415020.0

    if outfile is not None:
        # Write results to a file
        of = open(outfile, 'w')
        of.write("# File created by 'sunpos'\n")
        if not full_output:
            of.write("# 1) JD, 2) ra, 3) dec\n")
            np.savetxt(of, np.transpose(np.vstack((jd, ra, dec))))
        else:
            of.write("# 1) JD, 2) ra, 3) dec, 4) longitude, 5) obliquity\n")
            np.savetxt(of, np.transpose(
                np.vstack((jd, ra, dec, longmed, oblt))))
        of.close()

    if plot:
        if not _ic.check["matplotlib"]:
            raise(PE.PyARequiredImport("Could not import matplotlib.",
                                       where="sunpos",
                                       solution=["Install matplotlib", "Switch `plot` flag to False."]))
        import matplotlib.pylab as plt
        plt.plot(jd, ra, 'k-', label="RA")
        plt.plot(jd, dec, 'g-', label="DEC")
        plt.legend()
        plt.show()

    if full_output:
        return jd, ra, dec, longmed, oblt
    else:
        return jd, ra, dec



# --- PyAstronomy/pyasl/asl/eq2hor.py --------------------------------------------------------------------------------

def nutate(jd, radian=False, plot=False):
    cfac = np.pi/180.

    # form time in Julian centuries from 1900.0
    jdcen = (np.array(jd, ndmin=1) - 2451545.0)/36525.0

    # Mean elongation of the Moon
    coef_moon = [1.0/189474.0, -0.0019142, 445267.111480, 297.85036]
    d = np.polyval(coef_moon, jdcen)*cfac
    d = cirrange(d, radians=True)

    # Sun's mean anomaly
    coef_sun = [-1.0/3e5, -0.0001603, 35999.050340, 357.52772]
    sun = np.polyval(coef_sun, jdcen)*cfac
    sun = cirrange(sun, radians=True)

    # Moon's mean anomaly
    coef_mano = [1.0/5.625e4, 0.0086972, 477198.867398, 134.96298]
    mano = np.polyval(coef_mano, jdcen)*cfac
    mano = cirrange(mano, radians=True)

    # Moon's argument of latitude
    coef_mlat = [-1.0/3.27270e5, -0.0036825, 483202.017538, 93.27191]
    mlat = np.polyval(coef_mlat, jdcen)*cfac
    mlat = cirrange(mlat, radians=True)

    # Longitude of the ascending node of the Moon's mean orbit on the ecliptic,
    #  measured from the mean equinox of the date
    coef_moe = [1.0/4.5e5, 0.0020708, -1934.136261, 125.04452]
    omega = np.polyval(coef_moe, jdcen)*cfac
    omega = cirrange(omega, radians=True)

    d_lng = np.array([0., -2., 0., 0., 0., 0., -2., 0., 0., -2, -2, -2, 0, 2, 0, 2, 0, 0, -2, 0, 2, 0, 0, -2, 0, -2, 0, 0, 2,
                      -2, 0, -2, 0, 0, 2, 2, 0, -2, 0, 2, 2, -2, -2, 2, 2, 0, -
                      2, -2, 0, -2, -2, 0, -1, -2, 1, 0, 0, -1, 0, 0,
                      2, 0, 2], float)

    m_lng = np.array([0, 0, 0, 0, 1, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 1, 0, -1, 0, 0, 0, 1, 1, -1, 0,
                      0, 0, 0, 0, 0, -1, -1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, -1, 1, -1, -1, 0, -1], float)

    mp_lng = np.array([0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, -1, 0, 1, -1, -1, 1, 2, -2, 0, 2, 2, 1, 0, 0, -1, 0, -1,
                       0, 0, 1, 0, 2, -1, 1, 0, 1, 0, 0, 1, 2, 1, -2, 0, 1, 0, 0, 2, 2, 0, 1, 1, 0, 0, 1, -2, 1, 1, 1, -1, 3, 0], float)

    f_lng = np.array([0, 2, 2, 0, 0, 0, 2, 2, 2, 2, 0, 2, 2, 0, 0, 2, 0, 2, 0, 2, 2, 2, 0, 2, 2, 2, 2, 0, 0, 2, 0, 0,
                      0, -2, 2, 2, 2, 0, 2, 2, 0, 2, 2, 0, 0, 0, 2, 0, 2, 0, 2, -2, 0, 0, 0, 2, 2, 0, 0, 2, 2, 2, 2], float)

    om_lng = np.array([1, 2, 2, 2, 0, 0, 2, 1, 2, 2, 0, 1, 2, 0, 1, 2, 1, 1, 0, 1, 2, 2, 0, 2, 0, 0, 1, 0, 1, 2, 1,
                       1, 1, 0, 1, 2, 2, 0, 2, 1, 0, 2, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 2, 0, 0, 2, 2, 2, 2], float)

    sin_lng = np.array([-171996, -13187, -2274, 2062, 1426, 712, -517, -386, -301, 217,
                        -158, 129, 123, 63, 63, -59, -58, -51, 48, 46, -38, -31, 29, 29, 26, -22,
                        21, 17, 16, -16, -15, -13, -12, 11, -10, -8, 7, -7, -7, -7,
                        6, 6, 6, -6, -6, 5, -5, -5, -5, 4, 4, 4, -4, -4, -4, 3, -3, -3, -3, -3, -3, -3, -3], float)

    sdelt = np.array([-174.2, -1.6, -0.2, 0.2, -3.4, 0.1, 1.2, -0.4, 0., -0.5, 0., 0.1,
                      0., 0., 0.1, 0., -0.1, 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., -0.1, 0., 0.1,
                      0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0.], float)

    cos_lng = np.array([92025, 5736, 977, -895, 54, -7, 224, 200, 129, -95, 0, -70, -53, 0,
                        -33, 26, 32, 27, 0, -24, 16, 13, 0, -12, 0, 0, -
                        10, 0, -8, 7, 9, 7, 6, 0, 5, 3, -3, 0, 3, 3,
                        0, -3, -3, 3, 3, 0, 3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], float)

    cdelt = np.array([8.9, -3.1, -0.5, 0.5, -0.1, 0.0, -0.6, 0.0, -0.1, 0.3,
                      0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0.,
                      0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0., 0.], float)

    # Sum the periodic terms
    n = jdcen.size
    nut_lon = np.zeros(n)
    nut_obliq = np.zeros(n)
    arg = np.outer(d_lng, d) + np.outer(m_lng, sun) + np.outer(mp_lng, mano) + \
        np.outer(f_lng, mlat) + np.outer(om_lng, omega)
    arg = np.transpose(arg)
    sarg = np.sin(arg)
    carg = np.cos(arg)
    for i in smo.range(n):
        nut_lon[i] = 0.0001*np.sum((sdelt*jdcen[i] + sin_lng)*sarg[i])
        nut_obliq[i] = 0.0001*np.sum((cdelt*jdcen[i] + cos_lng)*carg[i])

    # Until here result are in arcseconds!
    # Convert to degrees
    nut_lon /= 3600.
    nut_obliq /= 3600.
    if radian:
        nut_lon *= (cfac)
        nut_obliq *= (cfac)

    if plot:
        if not _ic.check["matplotlib"]:
            raise(PE.PyARequiredImport("Could not import matplotlib.",
                                       where="nutate",
                                       solution=["Install matplotlib", "Switch `plot` flag to False."]))
        import matplotlib.pylab as plt
        fig = plt.figure()
        ax1 = fig.add_subplot(211)
        plt.plot(jd, nut_lon)
        ax2 = fig.add_subplot(212)
        ax2.set_xlabel('Julian date')
        if radian == True:
            ax1.set_ylabel('Nutation longitude [red]')
            ax2.set_ylabel('Nutation obliquity [rad]')
        else:
            ax1.set_ylabel('Nutation longitude [deg]')
            ax2.set_ylabel('Nutation obliquity [deg]')
        plt.plot(jd, nut_obliq)
        plt.show()

    return nut_lon, nut_obliq

def co_nutate(jd, ra, dec, radian=False, plot=False, full_output=False):

    ra = np.array(ra)
    dec = np.array(dec)
    num = ra.size

    if ra.size != dec.size:
        raise(PE.PyAValError("`ra` and `dec` must have the same size. The current situation is " +
                             "size(ra) = " + str(ra.size) +
                             ", size(dec) = " + str(dec.size) + ".",
                             where="co_nutate",
                             solution="Make arrays the same size or use float as input type."))

    # Julian centuries from J2000 of jd.
    jdcen = (np.array(jd) - 2451545.0)/36525.0
    if jdcen.size != ra.size:
        raise(PE.PyAValError("`jd` and `ra` must have the same size. The current situation is " +
                             "size(jd) = " + str(jdcen.size) +
                             ", size(ra) = " + str(ra.size) + ".",
                             where="co_nutate",
                             solution="Make arrays the same size or use float as input type."))

    cfac = np.pi/180.

    # Must calculate obliquity of ecliptic
    nut = nutate(jd)
    # Change degrees to seconds
    d_psi = nut[0]*3600.
    d_eps = nut[1]*3600.

    eps0 = 23.4392911*3600. - 46.8150*jdcen - 0.00059*jdcen**2 + 0.001813*jdcen**3
    # True obliquity of the ecliptic in radians
    eps = (eps0 + d_eps)/3600.*(cfac)

    ce = np.cos(eps)
    se = np.sin(eps)

    # convert ra-dec to equatorial rectangular coordinates
    x = np.cos(ra*cfac) * np.cos(dec*cfac)
    y = np.sin(ra*cfac) * np.cos(dec*cfac)
    z = np.sin(dec*cfac)

    # apply corrections to each rectangular coordinate
    x2 = x - (y*ce + z*se)*d_psi * (np.pi/(180.*3600.))
    y2 = y + (x*ce*d_psi - z*d_eps) * (np.pi/(180.*3600.))
    z2 = z + (x*se*d_psi + y*d_eps) * (np.pi/(180.*3600.))

    # convert back to equatorial spherical coordinates
    r = np.sqrt(x2**2 + y2**2 + z2**2)
    xyproj = np.sqrt(x2**2 + y2**2)

    ra2 = x2 * 0.
    dec2 = x2 * 0.

    if num == 1:
        # Calculate Ra and Dec in RADIANS (later convert to DEGREES)
        if np.logical_and(xyproj == 0, z != 0):
            # Places where xyproj==0 (point at NCP or SCP)
            dec2 = np.arcsin(z2/r)
            ra2 = 0.
        if xyproj != 0:
            # places other than NCP or SCP
            ra2 = np.arctan2(y2, x2)
            dec2 = np.arcsin(z2/r)
    else:
        w1 = np.where(np.logical_and(xyproj == 0, z != 0))[0]
        w2 = np.where(xyproj != 0)[0]
        # Calculate Ra and Dec in RADIANS (later convert to DEGREES)
        if len(w1) > 0:
            # Places where xyproj==0 (point at NCP or SCP)
            dec2[w1] = np.arcsin(z2[w1]/r[w1])
            ra2[w1] = 0.
        if len(w2) > 0:
            # Places other than NCP or SCP
            ra2[w2] = np.arctan2(y2[w2], x2[w2])
            dec2[w2] = np.arcsin(z2[w2]/r[w2])

    # Convert into DEGREES
    ra2 = ra2/cfac
    dec2 = dec2/cfac
    d_psi /= 3600.
    d_eps /= 3600.

    if num == 1:
        if ra2 < 0.:
            ra2 += 360.
    else:
        w = np.where(ra2 < 0.)[0]
        if len(w) > 0:
            ra2[w] += 360.

    # Return changes in ra and dec
    d_ra = (ra2 - ra)
    d_dec = (dec2 - dec)

    if radian:
        # convert result to RADIAN
        d_ra *= (cfac)
        d_dec *= (cfac)
        d_psi *= (cfac)
        d_eps *= (cfac)
    else:
        eps = eps/cfac  # eps in DEGREES

    if plot:
        if not _ic.check["matplotlib"]:
            raise(PE.PyARequiredImport("Could not import matplotlib.",
                                       where="nutate",
                                       solution=["Install matplotlib", "Switch `plot` flag to False."]))
        import matplotlib.pylab as plt
        fig = plt.figure()
        ax1 = fig.add_subplot(211)
        if jdcen.size > 1:
            plt.plot(jd, d_ra)
        else:
            plt.plot(ra, d_ra)
        ax2 = fig.add_subplot(212)
        if jdcen.size > 1:
            plt.plot(jd, d_dec)
        else:
            plt.plot(dec, d_dec)
        ax2.set_xlabel('Julian date')
        if radian == True:
            ax1.set_ylabel('RA [red]')
            ax2.set_ylabel('DEC [rad]')
        else:
            ax1.set_ylabel('RA [deg]')
            ax2.set_ylabel('DEC [deg]')
        plt.show()

    if full_output:
        return d_ra, d_dec, eps, d_psi, d_eps
    else:
        return d_ra, d_dec

def co_aberration(jd, ra, dec, radian=False):

    ra = np.array(ra, ndmin=1)
    dec = np.array(dec, ndmin=1)
    jd = np.array(jd, ndmin=1)

    if ra.size != dec.size:
        raise(PE.PyAValError("`ra` and `dec` must have the same size. The current situation is " +
                             "size(ra) = " + str(ra.size) +
                             ", size(dec) = " + str(dec.size) + ".",
                             where="co_aberration",
                             solution="Make arrays the same size or use float as input type."))

    if jd.size != ra.size:
        raise(PE.PyAValError("`jd` and `ra` must have the same size. The current situation is " +
                             "size(jd) = " + str(jd.size) +
                             ", size(ra) = " + str(ra.size) + ".",
                             where="co_aberration",
                             solution="Make arrays the same size or use float as input type."))

    # Julian centuries from J2000 of jd.
    jdcen = (jd - 2451545.0) / 36525.0
    # Must calculate obliquity of ecliptic
    res = nutate(jd)
    d_eps = res[1]
    
    cfac = np.pi/180.

    eps0 = 23.4392911*3600. - 46.8150*jdcen - 0.00059*jdcen**2 + 0.001813*jdcen**3
    # true obliquity of the ecliptic in radians
    eps = (eps0/3600. + d_eps)*(cfac)

    if jd.size == 1:
        sunlon = np.ravel(sunpos(jd, full_output=True)[3])
    else:
        sunlon = np.zeros(jd.size)
        for i in smo.range(jd.size):
            sunlon[i] = sunpos(jd[i], full_output=True)[3][0]

    # Earth's orbital eccentricity
    e = 0.016708634 - 0.000042037*jdcen - 0.0000001267*jdcen**2
    # Longitude of perihelion in degrees
    pi = 102.93735 + 1.71946*jdcen + 0.00046*jdcen**2
    # Constant of aberration in arcseconds
    k = 20.49552

    # Trigonometric Functions
    cd = np.cos(dec*cfac)
    sd = np.sin(dec*cfac)
    ce = np.cos(eps)
    te = np.tan(eps)
    cp = np.cos(pi*cfac)
    sp = np.sin(pi*cfac)
    cs = np.cos(sunlon*cfac)
    ss = np.sin(sunlon*cfac)
    ca = np.cos(ra*cfac)
    sa = np.sin(ra*cfac)

    term1 = (ca*cs*ce+sa*ss)/cd
    term2 = (ca*cp*ce+sa*sp)/cd
    term3 = (cs*ce*(te*cd-sa*sd)+ca*sd*ss)
    term4 = (cp*ce*(te*cd-sa*sd)+ca*sd*sp)

    # in ARCSECONDS
    d_ra = -k * term1 + e*k * term2
    d_dec = -k * term3 + e*k * term4
    d_ra /= 3600.
    d_dec /= 3600.

    if radian:
        # Convert result into radian
        d_ra *= (cfac)
        d_dec *= (cfac)

    return d_ra, d_dec

def ct2lst(jd, lon):

    jd_vals = np.array(jd)
    lon_vals = np.array(lon)

    if jd_vals.size != lon_vals.size:
        raise(PE.PyAValError("`jd` and `lon` need to be of the same length.",
                             where="ct2lst",
                             solution="Make arrays the same length."))

    # Useful constants, see Meeus, p.84
    c = np.array([280.46061837, 360.98564736629,
                  0.000387933, 38710000.0], float)
    jd2000 = 2451545.0
    t0 = jd_vals - jd2000
    time = t0/36525.0

    # Compute GST in seconds.
    theta = c[0] + (c[1] * t0) + (c[2] - time / c[3]) * time**2

    # Compute LST in hours.
    lst = (theta + lon_vals)/15.0
    neg = np.where(lst < 0.0)[0]
    if len(neg) > 0:
        lst[neg] = 24.0 + idlMod(lst[neg], 24.)

    # Local sidereal time in hours (0. to 24.)
    lst = idlMod(lst, 24.0)

    return lst

def hadec2altaz(ha, dec, lat, ws=False, radian=False):

    ha = np.array(ha)
    dec = np.array(dec)
    lat = np.array(lat)

    if np.logical_or(ha.size != dec.size, dec.size != lat.size):
        raise(PE.PyAValError("`ha`, `dec`, and `lat` must be of the same size. " +
                             "Currently, size(ha) = " + str(ha.size) + ", size(dec) = " + str(dec.size) + ", " +
                             "size(lat) = " + str(lat.size),
                             where="hadec2altaz",
                             solution="Make the arrays the same size."))

    cfac = np.pi/180.

    sh = np.sin(ha*cfac)
    ch = np.cos(ha*cfac)
    sd = np.sin(dec*cfac)
    cd = np.cos(dec*cfac)
    sl = np.sin(lat*cfac)
    cl = np.cos(lat*cfac)

    x = - ch * cd * sl + sd * cl
    y = - sh * cd
    z = ch * cd * cl + sd * sl
    r = np.sqrt(x**2 + y**2)

    # Now get Alt, Az
    az = np.arctan2(y, x) / (cfac)
    alt = np.arctan2(z, r) / (cfac)

    # Correct for negative AZ
    if ha.size == 1:
        if az < 0:
            az += 360.
    else:
        w = np.where(az < 0)[0]
        if len(w) > 0:
            az[w] += 360.

    # Convert AZ into West from South, if desired
    if ws:
        az = idlMod((az + 180.), 360.)

    if radian:
        alt *= np.pi/180.
        az *= np.pi/180.

    return alt, az

def co_refract_forward(alt, pressure=1010., temperature=10.0):

    alt = np.array(alt, ndmin=1)
    pres = np.array(pressure, ndmin=1)
    # Temperature in Kelvin
    temper = np.array(temperature, ndmin=1) + 273.15

    if pres.size != temper.size:
        raise(PE.PyAValError("Pressure and temperature parameters must have the same size. " +
                             "Currently, size(pressure) = " + str(pressure.size) + ", size(temperature) = " +
                             str(temperature.size),
                             where="co_refract_forward",
                             solution="Provide arrays of the same size."))

    if pres.size > 1:
        if pres.size != alt.size:
            raise(PE.PyAValError("Pressure and altitude parameters must have the same size. " +
                                 "Currently, size(pressure) = " + str(pressure.size) + ", size(altitude) = " +
                                 str(alt.size),
                                 where="co_refract_forward",
                                 solution="Provide arrays of the same size."))

    # You observed the altitude alt, and would like to know what the "apparent"
    # altitude is (the one behind the atmosphere).
    R = 0.0166667 / np.tan((alt + 7.31/(alt+4.4))*np.pi/180.)

    w = np.where(alt < 15.)[0]
    if len(w) > 0:
        R[w] = 3.569*(0.1594 + 0.0196*alt[w] + 0.00002*alt[w]
                      ** 2)/(1.+0.505*alt[w]+0.0845*alt[w]**2)

    tpcor = pres/1010. * 283./temper
    R *= tpcor

    return R

def co_refract(alt, observer_alt=0.0, pressure=None, temperature=None, epsilon=0.25,
               convert_to_observed=False, full_output=True, maxiter=10000):
    old_alt = np.array(alt, ndmin=1)

    if observer_alt is not None:
        # Observer altitude has been given
        obsalt = np.array(observer_alt, ndmin=1)
    else:
        # Assume that observer is on the ground (altitude 0).
        obsalt = np.zeros(old_alt.size)

    if old_alt.size != obsalt.size:
        raise(PE.PyAValError("The number of given observer altitudes (" + str(obsalt.size) + ") " +
                             "and observed altitudes (" +
                             str(old_alt.size) + ") differ.",
                             where="co_refract",
                             solution="Make the arrays the same size."))

    if temperature is not None:
        # Temperature is given
        temper = np.array(temperature, ndmin=1)
        # Convert temperature to Kelvin
        temper += 273.15
    else:
        # No temperature has been specified. Use approximation
        # based on altitude of observer.
        #
        # Temperature lapse rate [deg C per meter]
        alpha = 0.0065
        temper = np.zeros(old_alt.size) + 283. - alpha*obsalt
        ind = np.where(obsalt > 11000.)[0]
        if len(ind) > 0:
            temper[ind] = 211.5

    # Estimate Pressure based on altitude, using U.S. Standard Atmosphere formula.
    if pressure is not None:
        # Pressure has been specified
        pres = np.array(pressure, ndmin=1)
    else:
        # Use default atmospheric pressure
        pres = 1010.*(1.0-6.5/288000.0*obsalt)**5.255

    if not convert_to_observed:
        altout = old_alt - \
            co_refract_forward(old_alt, pressure=pres,
                               temperature=temper-273.15)
    else:
        # Convert from real to observed altitude
        altout = np.zeros(old_alt.size)
        for i in smo.range(altout.size):
            dr = co_refract_forward(
                old_alt[i], pressure=pres[i], temperature=temper[i]-273.15)
            # Guess of observed location
            cur = old_alt[i] + dr
            niter = 0
            while True:
                niter += 1
                last = cur.copy()
                dr = co_refract_forward(
                    cur, pressure=pres[i], temperature=temper[i]-273.15)
                cur = old_alt[i] + dr
                if np.abs(last - cur)*3600. < epsilon:
                    break
                if niter > maxiter:
                    raise(PE.PyAAlgorithmFailure("Maximum number of iterations exceeded.", \
                                                 where="co_refract", \
                                                 solution=["Try to change 'epsilon'", "Raise maxiter"]))
            altout[i] = cur.copy()[0]

    if full_output:
        return altout, pres, temper
    else:
        return altout



# --- PyAstronomy/pyasl/asl/moonpos.py -------------------------------------------------------------------------------

def moonpos(jd, radian=False):

  jd = np.array(jd, ndmin=1)
  time = (jd - 2451545.0)/36525.0
  
  d_lng = np.array([0,2,2,0,0,0,2,2,2,2,0,1,0,2,0,0,4,0,4,2,2,1,1,2,2,4,2,0,2,2,1,2,0,0, \
           2,2,2,4,0,3,2,4,0,2,2,2,4,0,4,1,2,0,1,3,4,2,0,1,2,2])

  m_lng = np.array([0,0,0,0,1,0,0,-1,0,-1,1,0,1,0,0,0,0,0,0,1,1,0,1,-1,0,0,0,1,0,-1,0, \
           -2,1,2,-2,0,0,-1,0,0,1,-1,2,2,1,-1,0,0,-1,0,1,0,1,0,0,-1,2,1,0,0])

  mp_lng = np.array([1,-1,0,2,0,0,-2,-1,1,0,-1,0,1,0,1,1,-1,3,-2,-1,0,-1,0,1,2,0,-3,-2, \
            -1,-2,1,0,2,0,-1,1,0,-1,2,-1,1,-2,-1,-1,-2,0,1,4,0,-2,0,2,1,-2,-3,2,1,-1,3,-1])

  f_lng = np.array([0,0,0,0,0,2,0,0,0,0,0,0,0,-2,2,-2,0,0,0,0,0,0,0,0,0,0,0,0,2,0,0,0, \
           0,0,0,-2,2,0,2,0,0,0,0,0,0,-2,0,0,0,0,-2,-2,0,0,0,0,0,0,0,-2])

  sin_lng = np.array([6288774,1274027,658314,213618,-185116,-114332,58793,57066,53322, \
             45758,-40923,-34720,-30383,15327,-12528,10980,10675,10034,8548,-7888,-6766, \
             -5163,4987,4036,3994,3861,3665,-2689,-2602,2390,-2348,2236,-2120,-2069,2048, \
             -1773,-1595,1215,-1110,-892,-810,759,-713,-700,691,596,549,537,520,-487, \
             -399,-381,351,-340,330,327,-323,299,294,0.0])

  cos_lng = np.array([-20905355,-3699111,-2955968,-569925,48888,-3149,246158,-152138, \
             -170733,-204586,-129620,108743,104755,10321,0,79661,-34782,-23210,-21636, \
             24208,30824,-8379,-16675,-12831,-10445,-11650,14403,-7003,0,10056,6322, \
             -9884,5751,0,-4950,4130,0,-3958,0,3258,2616,-1897,-2117,2354,0,0,-1423, \
             -1117,-1571,-1739,0,-4421,0,0,0,0,1165,0,0,8752.0])

  d_lat = np.array([0,0,0,2,2,2,2,0,2,0,2,2,2,2,2,2,2,0,4,0,0,0,1,0,0,0,1,0,4,4,0,4,2,2, \
                    2,2,0,2,2,2,2,4,2,2,0,2,1,1,0,2,1,2,0,4,4,1,4,1,4,2])

  m_lat = np.array([0,0,0,0,0,0,0,0,0,0,-1,0,0,1,-1,-1,-1,1,0,1,0,1,0,1,1,1,0,0,0,0,0,0, \
                    0,0,-1,0,0,0,0,1,1,0,-1,-2,0,1,1,1,1,1,0,-1,1,0,-1,0,0,0,-1,-2])

  mp_lat = np.array([0,1,1,0,-1,-1,0,2,1,2,0,-2,1,0,-1,0,-1,-1,-1,0,0,-1,0,1,1,0,0,3,0, \
                    -1,1, -2,0,2,1,-2,3,2,-3,-1,0,0,1,0,1,1,0,0,-2,-1,1,-2,2,-2,-1,1,1,-1,0,0])

  f_lat = np.array([ 1,1,-1,-1,1,-1,1,1,-1,-1,-1,-1,1,-1,1,1,-1,-1,-1,1,3,1,1,1,-1,-1,-1, \
                     1,-1,1,-3,1,-3,-1,-1,1,-1,1,-1,1,1,1,1,-1,3,-1,-1,1,-1,-1,1,-1,1,-1,-1, \
                    -1,-1,-1,-1,1])

  sin_lat = np.array([5128122,280602,277693,173237,55413,46271,32573,17198,9266,8822, \
                      8216,4324,4200,-3359,2463,2211,2065,-1870,1828,-1794,-1749,-1565,-1491, \
                      -1475,-1410,-1344,-1335,1107,1021,833,777,671,607,596,491,-451,439,422, \
                      421,-366,-351,331,315,302,-283,-229,223,223,-220,-220,-185,181,-177,176, \
                      166,-164,132,-119,115,107.0])

  # Mean longitude of the moon referred to mean equinox of the date
  coeff0 = [-1.0/6.5194e7, 1.0/538841.0, -0.0015786, 481267.88123421, 218.3164477]
  lprimed = np.polyval(coeff0, time)*np.pi/180.
  lprimed = cirrange(lprimed, radians=True)
  
  # Mean elongation of the Moon
  coeff1 = [-1.0/1.13065e8, 1.0/545868.0, -0.0018819, 445267.1114034, 297.8501921]
  d = np.polyval(coeff1, time)*np.pi/180.
  d = cirrange(d, radians=True)

  # Sun's mean anomaly
  coeff2 = [1.0/2.449e7, -0.0001536, 35999.0502909, 357.5291092]
  M = np.polyval(coeff2, time)*np.pi/180.
  M = cirrange(M, radians=True)
  
  # Moon's mean anomaly
  coeff3 = [-1.0/1.4712e7, 1.0/6.9699e4, 0.0087414, 477198.8675055, 134.9633964]
  Mprime = np.polyval(coeff3, time)*np.pi/180.
  Mprime = cirrange(Mprime, radians=True)

  # Moon's argument of latitude
  coeff4 = [1.0/8.6331e8, -1.0/3.526e7, -0.0036539, 483202.0175233, 93.2720950]
  F = np.polyval(coeff4, time)*np.pi/180.
  F = cirrange(F, radians=True)

  # Eccentricity of Earth's orbit around the Sun
  E = 1 - 0.002516*time - 7.4e-6*time**2
  E2 = E**2
  ecorr1 = np.where(np.abs(m_lng) == 1)[0]
  ecorr2 = np.where(np.abs(m_lat) == 1)[0]
  ecorr3 = np.where(np.abs(m_lng) == 2)[0]
  ecorr4 = np.where(np.abs(m_lat) == 2)[0]

  # Additional arguments
  A1 = (119.75 + 131.849*time) * np.pi/180.
  A2 = (53.09 + 479264.290*time) * np.pi/180.
  A3 = (313.45 + 481266.484*time) * np.pi/180.
  suml_add = 3958.*np.sin(A1) + 1962.*np.sin(lprimed - F) + 318.*np.sin(A2)
  sumb_add =  -2235.*np.sin(lprimed) + 382.*np.sin(A3) + 175.*np.sin(A1-F) + \
              175.*np.sin(A1 + F) + 127.*np.sin(lprimed - Mprime) - 115.*np.sin(lprimed + Mprime)

  # Sum the periodic terms 
  geolong = np.zeros(jd.size)
  geolat = np.zeros(jd.size)
  dis = np.zeros(jd.size)

  for i in smo.range(jd.size):
    sinlng = sin_lng.copy()
    coslng = cos_lng.copy()
    sinlat = sin_lat.copy()

    sinlng[ecorr1] = E[i]*sinlng[ecorr1]
    coslng[ecorr1] = E[i]*coslng[ecorr1]
    sinlat[ecorr2] = E[i]*sinlat[ecorr2]
    sinlng[ecorr3] = E2[i]*sinlng[ecorr3]
    coslng[ecorr3] = E2[i]*coslng[ecorr3]
    sinlat[ecorr4] = E2[i]*sinlat[ecorr4]

    arg = d_lng*d[i] + m_lng*M[i] +mp_lng*Mprime[i] + f_lng*F[i]
    geolong[i] = lprimed[i]/(np.pi/180.) + ( np.sum( sinlng*np.sin(arg) ) + suml_add[i] )/1.0e6

    dis[i] = 385000.56 + np.sum( coslng*np.cos(arg) )/1.0e3

    arg = d_lat*d[i] + m_lat*M[i] +mp_lat*Mprime[i] + f_lat*F[i]
    geolat[i] = ( np.sum( sinlat*np.sin(arg) ) + sumb_add[i] )/1.0e6

  # Find the nutation in longitude
  nut = nutate(jd)
  nlong = nut[0]
  elong = nut[1]
  geolong += nlong
  geolong = geolong*np.pi/180.    
  geolong = cirrange(geolong, radians=True)    
  
  lamb = geolong.copy()
  beta = geolat*np.pi/180.
  geolong = geolong/(np.pi/180.)
  
  # Find mean obliquity and convert lambda,beta to RA, Dec 
  c = np.array([21.448,-4680.93,-1.55,1999.25,-51.38,-249.67,-39.05,7.12,27.87,5.79,2.45])
  c = c[::-1]  
  epsilon = 23. + 26./60. + np.polyval(c, time/1.0e2)/3600.0
  eps = ( epsilon + elong )*np.pi/180. # True obliquity in radians

  ra = np.arctan2( np.sin(lamb)*np.cos(eps) - np.tan(beta)*np.sin(eps), np.cos(lamb) )
  ra = cirrange(ra, radians=True) 
  dec = np.arcsin( np.sin(beta)*np.cos(eps) + np.cos(beta)*np.sin(eps)*np.sin(lamb) )

  if not radian:
    ra = ra/(np.pi/180.)
    dec = dec/(np.pi/180.)
  else:
    geolong = lamb
    geolat = beta

  return ra, dec, dis, geolong, geolat



# --- PyAstronomy/pyasl/asl/moonphase.py -----------------------------------------------------------------------------

def moonphase(jd):

  jd = np.array(jd, ndmin=1)
  
  # Earth-Sun distance (1 AU)
  edist = 1.49598e8         
  
  mpos = moonpos(jd)
  ram = mpos[0]*np.pi/180.
  decm = mpos[1]*np.pi/180.
  dism = mpos[2]
  
  spos = sunpos(jd)
  ras = spos[1]*np.pi/180.
  decs = spos[2]*np.pi/180.

  phi = np.arccos( np.sin(decs)*np.sin(decm) + np.cos(decs)*np.cos(decm)*np.cos(ras-ram) )
  inc = np.arctan2( edist * np.sin(phi), dism - edist*np.cos(phi) )
  k = (1 + np.cos(inc))/2.
  
  return np.ravel(k)



# --- PyAstronomy/pyasl/asl/baryvel.py -------------------------------------------------------------------------------

def baryvel(dje, deq):

    # Define constants
    dc2pi = 2 * np.pi
    cc2pi = 2 * np.pi
    dc1 = 1.0
    dcto = 2415020.0
    dcjul = 36525.0                     # days in Julian year
    dcbes = 0.313
    dctrop = 365.24219572               # days in tropical year (...572 insig)
    dc1900 = 1900.0
    AU = 1.4959787e8

    # Constants dcfel(i,k) of fast changing elements.
    dcfel = [1.7400353e00, 6.2833195099091e02,  5.2796e-6, 6.2565836e00, 6.2830194572674e02, -2.6180e-6, 4.7199666e00, 8.3997091449254e03, -1.9780e-5, 1.9636505e-1, 8.4334662911720e03, -5.6044e-5,
             4.1547339e00, 5.2993466764997e01,  5.8845e-6, 4.6524223e00, 2.1354275911213e01,  5.6797e-6, 4.2620486e00, 7.5025342197656e00,  5.5317e-6, 1.4740694e00, 3.8377331909193e00,  5.6093e-6]

    dcfel = np.resize(dcfel, (8, 3))

    # constants dceps and ccsel(i,k) of slowly changing elements.
    dceps = [4.093198e-1, -2.271110e-4, -2.860401e-8]
    ccsel = [1.675104e-2, -4.179579e-5, -1.260516e-7, 2.220221e-1,  2.809917e-2,  1.852532e-5, 1.589963e00,  3.418075e-2,  1.430200e-5, 2.994089e00,  2.590824e-2,  4.155840e-6, 8.155457e-1,  2.486352e-2,  6.836840e-6, 1.735614e00,  1.763719e-2,  6.370440e-6, 1.968564e00,  1.524020e-2, -2.517152e-6, 1.282417e00,  8.703393e-3,  2.289292e-5, 2.280820e00,
             1.918010e-2,  4.484520e-6, 4.833473e-2,  1.641773e-4, -4.654200e-7, 5.589232e-2, -3.455092e-4, -7.388560e-7, 4.634443e-2, -2.658234e-5,  7.757000e-8, 8.997041e-3,  6.329728e-6, -1.939256e-9, 2.284178e-2, -9.941590e-5,  6.787400e-8, 4.350267e-2, -6.839749e-5, -2.714956e-7, 1.348204e-2,  1.091504e-5,  6.903760e-7, 3.106570e-2, -1.665665e-4, -1.590188e-7]
    ccsel = np.resize(ccsel, (17, 3))

    # Constants of the arguments of the short-period perturbations.
    dcargs = [5.0974222e0, -7.8604195454652e2, 3.9584962e0, -5.7533848094674e2, 1.6338070e0, -1.1506769618935e3, 2.5487111e0, -3.9302097727326e2, 4.9255514e0, -5.8849265665348e2, 1.3363463e0, -5.5076098609303e2, 1.6072053e0, -5.2237501616674e2, 1.3629480e0, -
              1.1790629318198e3, 5.5657014e0, -1.0977134971135e3, 5.0708205e0, -1.5774000881978e2, 3.9318944e0,  5.2963464780000e1, 4.8989497e0,  3.9809289073258e1, 1.3097446e0,  7.7540959633708e1, 3.5147141e0,  7.9618578146517e1, 3.5413158e0, -5.4868336758022e2]
    dcargs = np.resize(dcargs, (15, 2))

    # Amplitudes ccamps(n,k) of the short-period perturbations.
    ccamps = \
        [-2.279594e-5,  1.407414e-5,  8.273188e-6,  1.340565e-5, -2.490817e-7, -3.494537e-5,  2.860401e-7,  1.289448e-7,  1.627237e-5, -1.823138e-7, 6.593466e-7,  1.322572e-5,  9.258695e-6, -4.674248e-7, -3.646275e-7, 1.140767e-5, -2.049792e-5, -4.747930e-6, -2.638763e-6, -1.245408e-7, 9.516893e-6, -2.748894e-6, -1.319381e-6, -4.549908e-6, -1.864821e-7, 7.310990e-6, -1.924710e-6, -8.772849e-7, -3.334143e-6, -1.745256e-7, -2.603449e-6,  7.359472e-6,  3.168357e-6,  1.119056e-6, -1.655307e-7, -3.228859e-6,
            1.308997e-7,  1.013137e-7,  2.403899e-6, -3.736225e-7, 3.442177e-7,  2.671323e-6,  1.832858e-6, -2.394688e-7, -3.478444e-7, 8.702406e-6, -8.421214e-6, -1.372341e-6, -1.455234e-6, -4.998479e-8, -1.488378e-6, -1.251789e-5,  5.226868e-7, -2.049301e-7,  0.e0, -8.043059e-6, -2.991300e-6,  1.473654e-7, -3.154542e-7,  0.e0, 3.699128e-6, -3.316126e-6,  2.901257e-7,  3.407826e-7,  0.e0, 2.550120e-6, -1.241123e-6,  9.901116e-8,  2.210482e-7,  0.e0, -6.351059e-7,  2.341650e-6,  1.061492e-6,  2.878231e-7,  0.e0]
    ccamps = np.resize(ccamps, (15, 5))

    # Constants csec3 and ccsec(n,k) of the secular perturbations in longitude.
    ccsec3 = -7.757020e-8
    ccsec = [1.289600e-6, 5.550147e-1, 2.076942e00, 3.102810e-5, 4.035027e00, 3.525565e-1,
             9.124190e-6, 9.990265e-1, 2.622706e00, 9.793240e-7, 5.508259e00, 1.559103e01]
    ccsec = np.resize(ccsec, (4, 3))

    # Sidereal rates.
    dcsld = 1.990987e-7                   # sidereal rate in longitude
    ccsgd = 1.990969e-7                   # sidereal rate in mean anomaly

    # Constants used in the calculation of the lunar contribution.
    cckm = 3.122140e-5
    ccmld = 2.661699e-6
    ccfdi = 2.399485e-7

    # Constants dcargm(i,k) of the arguments of the perturbations of the motion
    # of the moon.
    dcargm = [5.1679830e0,  8.3286911095275e3, 5.4913150e0, -
              7.2140632838100e3, 5.9598530e0,  1.5542754389685e4]
    dcargm = np.resize(dcargm, (3, 2))

    # Amplitudes ccampm(n,k) of the perturbations of the moon.
    ccampm = [1.097594e-1, 2.896773e-7, 5.450474e-2,  1.438491e-7, -2.223581e-2, 5.083103e-8,
              1.002548e-2, -2.291823e-8, 1.148966e-2, 5.658888e-8, 8.249439e-3,  4.063015e-8]
    ccampm = np.resize(ccampm, (3, 4))

    # ccpamv(k)=a*m*dl,dt (planets), dc1mme=1-mass(earth+moon)
    ccpamv = [8.326827e-11, 1.843484e-11, 1.988712e-12, 1.881276e-12]
    dc1mme = 0.99999696e0

    # Time arguments.
    dt = (dje - dcto) / dcjul
    tvec = np.array([1e0, dt, dt * dt])

    # Values of all elements for the instant(aneous?) dje.
    temp = idlMod(np.dot(dcfel, tvec), dc2pi)

    dml = temp[0]
    forbel = temp[1:8]
    g = forbel[0]                         # old fortran equivalence

    deps = idlMod(np.sum(tvec * dceps), dc2pi)
    sorbel = idlMod(np.dot(ccsel, tvec), dc2pi)
    e = sorbel[0]                         # old fortran equivalence

    # Secular perturbations in longitude.
    dummy = np.cos(2.0)
    sn = np.sin(idlMod(np.dot(ccsec[::, 1:3], tvec[0:2]), cc2pi))

    # Periodic perturbations of the emb (earth-moon barycenter).
    pertl = np.sum(ccsec[::, 0] * sn) + (dt * ccsec3 * sn[2])
    pertld = 0.0
    pertr = 0.0
    pertrd = 0.0
    for k in smo.range(15):
        a = idlMod((dcargs[k, 0] + dt * dcargs[k, 1]), dc2pi)
        cosa = np.cos(a)
        sina = np.sin(a)
        pertl = pertl + ccamps[k, 0] * cosa + ccamps[k, 1] * sina
        pertr = pertr + ccamps[k, 2] * cosa + ccamps[k, 3] * sina
        if k < 11:
            pertld = pertld + (ccamps[k, 1] * cosa -
                               ccamps[k, 0] * sina) * ccamps[k, 4]
            pertrd = pertrd + (ccamps[k, 3] * cosa -
                               ccamps[k, 2] * sina) * ccamps[k, 4]

    # Elliptic part of the motion of the emb.
    phi = (e * e / 4e0) * (((8e0 / e) - e) * np.sin(g) + 5 *
                           np.sin(2 * g) + (13 / 3e0) * e * np.sin(3 * g))
    f = g + phi
    sinf = np.sin(f)
    cosf = np.cos(f)
    dpsi = (dc1 - e * e) / (dc1 + e * cosf)
    phid = 2 * e * ccsgd * ((1 + 1.5 * e * e) * cosf +
                            e * (1.25 - 0.5 * sinf * sinf))
    psid = ccsgd * e * sinf / np.sqrt(dc1 - e * e)

    # Perturbed heliocentric motion of the emb.
    d1pdro = dc1 + pertr
    drd = d1pdro * (psid + dpsi * pertrd)
    drld = d1pdro * dpsi * (dcsld + phid + pertld)
    dtl = idlMod((dml + phi + pertl), dc2pi)
    dsinls = np.sin(dtl)
    dcosls = np.cos(dtl)
    dxhd = drd * dcosls - drld * dsinls
    dyhd = drd * dsinls + drld * dcosls

    # Influence of eccentricity, evection and variation on the geocentric
    # motion of the moon.
    pertl = 0.0
    pertld = 0.0
    pertp = 0.0
    pertpd = 0.0
    for k in smo.range(3):
        a = idlMod((dcargm[k, 0] + dt * dcargm[k, 1]), dc2pi)
        sina = np.sin(a)
        cosa = np.cos(a)
        pertl = pertl + ccampm[k, 0] * sina
        pertld = pertld + ccampm[k, 1] * cosa
        pertp = pertp + ccampm[k, 2] * cosa
        pertpd = pertpd - ccampm[k, 3] * sina

    # Heliocentric motion of the earth.
    tl = forbel[1] + pertl
    sinlm = np.sin(tl)
    coslm = np.cos(tl)
    sigma = cckm / (1.0 + pertp)
    a = sigma * (ccmld + pertld)
    b = sigma * pertpd
    dxhd = dxhd + a * sinlm + b * coslm
    dyhd = dyhd - a * coslm + b * sinlm
    dzhd = -sigma * ccfdi * np.cos(forbel[2])

    # Barycentric motion of the earth.
    dxbd = dxhd * dc1mme
    dybd = dyhd * dc1mme
    dzbd = dzhd * dc1mme
    for k in smo.range(4):
        plon = forbel[k + 3]
        pomg = sorbel[k + 1]
        pecc = sorbel[k + 9]
        tl = idlMod((plon + 2.0 * pecc * np.sin(plon - pomg)), cc2pi)
        dxbd = dxbd + ccpamv[k] * (np.sin(tl) + pecc * np.sin(pomg))
        dybd = dybd - ccpamv[k] * (np.cos(tl) + pecc * np.cos(pomg))
        dzbd = dzbd - ccpamv[k] * sorbel[k + 13] * np.cos(plon - sorbel[k + 5])

    # Transition to mean equator of date.
    dcosep = np.cos(deps)
    dsinep = np.sin(deps)
    dyahd = dcosep * dyhd - dsinep * dzhd
    dzahd = dsinep * dyhd + dcosep * dzhd
    dyabd = dcosep * dybd - dsinep * dzbd
    dzabd = dsinep * dybd + dcosep * dzbd

    # Epoch of mean equinox (deq) of zero implies that we should use
    # Julian ephemeris date (dje) as epoch of mean equinox.
    if deq == 0:
        dvelh = AU * np.array([dxhd, dyahd, dzahd])
        dvelb = AU * np.array([dxbd, dyabd, dzabd])
        return dvelh, dvelb

    # General precession from epoch dje to deq.
    deqdat = (dje - dcto - dcbes) / dctrop + dc1900
    prema = np.transpose(premat(deqdat, deq, FK4=True))

    dvelh = AU * np.dot([dxhd, dyahd, dzahd], prema)
    dvelb = AU * np.dot([dxbd, dyabd, dzabd], prema)
    return dvelh, dvelb

def helcorr(obs_long, obs_lat, obs_alt, ra2000, dec2000, jd, debug=False):

    # This reverts the original longitude convention. After this,
    # East longitudes are positive
    obs_long = -obs_long

    if (ra2000 < 0.0) or (ra2000 > 360.):
        raise(PE.PyAValError("Invalid value for ra2000 (value given is " + str(ra2000) + ").",
                             where="helcorr",
                             solution="Adjust right ascension (0 - 360)."))
    if (dec2000 < -90.0) or (dec2000 > 90.0):
        raise(PE.PyAValError("Invalid value for dec2000 (value given is " + str(dec2000) + ").",
                             where="helcorr",
                             solution="Adjust declination (-90 -- +90)."))

    if jd < 2.4e6:
        PE.warn(PE.PyAValError("The given Julian Date (" + str(jd) +
                               ") is exceedingly small. Did you subtract 2.4e6?"))

    # Covert JD to Gregorian calendar date
    xjd = jd

    year, month, day, ut = tuple(daycnv(xjd))

    # Current epoch
    epoch = year + month / 12. + day / 365.

    # Precess ra2000 and dec2000 to current epoch, resulting ra is in degrees
    ra = ra2000
    dec = dec2000
    ra, dec = precess(ra, dec, 2000.0, epoch)

    # Calculate heliocentric julian date
    rjd = jd - 2.4e6
    hjd = helio_jd(rjd, ra, dec) + 2.4e6

    # DIURNAL VELOCITY (see IRAF task noao.astutil.rvcorrect)
    # convert geodetic latitude into geocentric latitude to correct
    # for rotation of earth
    dlat = -(11. * 60. + 32.743) * np.sin(2.0 * degtorad(obs_lat)) \
        + 1.1633 * np.sin(4.0 * degtorad(obs_lat)) - \
        0.0026 * np.sin(6.0 * degtorad(obs_lat))
    lat = obs_lat + dlat / 3600.0

    # Calculate distance of observer from earth center
    r = 6378160.0 * (0.998327073 + 0.001676438 * np.cos(2.0 * degtorad(lat))
                     - 0.00000351 * np.cos(4.0 * degtorad(lat)) + 0.000000008 * np.cos(6.0 * degtorad(lat))) \
        + obs_alt

    # Calculate rotational velocity (perpendicular to the radius vector) in km/s
    # 23.934469591229 is the sidereal day in hours for 1986
    v = 2. * np.pi * (r / 1000.) / (23.934469591229 * 3600.)

    # Calculating local mean sidereal time (see astronomical almanach)
    tu = (rjd - 51545.0) / 36525.0
    gmst = 6.697374558 + ut + \
        (236.555367908 * (rjd - 51545.0) +
         0.093104 * tu**2 - 6.2e-6 * tu**3) / 3600.0
    lmst = idlMod(gmst - obs_long / 15., 24)

    # Projection of rotational velocity along the line of sight
    vdiurnal = v * np.cos(degtorad(lat)) * np.cos(degtorad(dec)
                                                  ) * np.sin(degtorad(ra - lmst * 15))

    # BARICENTRIC and HELIOCENTRIC VELOCITIES
    vh, vb = baryvel(xjd, 0)

    # Project to line of sight
    vbar = vb[0] * np.cos(degtorad(dec)) * np.cos(degtorad(ra)) + vb[1] * np.cos(degtorad(dec)) * np.sin(degtorad(ra)) + \
        vb[2] * np.sin(degtorad(dec))
    vhel = vh[0] * np.cos(degtorad(dec)) * np.cos(degtorad(ra)) + vh[1] * np.cos(degtorad(dec)) * np.sin(degtorad(ra)) + \
        vh[2] * np.sin(degtorad(dec))

    # Use barycentric velocity for correction
    corr = (vdiurnal + vbar)

    if debug:
        print('')
        print('----- HELCORR.PRO - DEBUG INFO - START ----')
        print(
            '(obs_long (East positive),obs_lat,obs_alt) Observatory coordinates [deg,m]: ', -obs_long, obs_lat, obs_alt)
        print(
            '(ra,dec) Object coordinates (for epoch 2000.0) [deg]: ', ra2000, dec2000)
        print(
            '(ra,dec) Object coordinates (precessed to epoch %f) [deg]: ' % (epoch), ra, dec)
        print('(ut) Universal time (middle of exposure) [hrs]: ', ut)
        print('(jd) Julian date (middle of exposure) (JD): ', jd)
        print('(hjd) Heliocentric Julian date (middle of exposure) (HJD): ', hjd)
        print('(gmst) Greenwich mean sidereal time [hrs]: ', idlMod(gmst, 24))
        print('(lmst) Local mean sidereal time [hrs]: ', lmst)
        print('(dlat) Latitude correction [deg]: ', dlat)
        print('(lat) Geocentric latitude of observer [deg]: ', lat)
        print('(r) Distance of observer from center of earth [m]: ', r)
        print(
            '(v) Rotational velocity of earth at the position of the observer [km/s]: ', v)
        print(
            '(vdiurnal) Projected earth rotation and earth-moon revolution [km/s]: ', vdiurnal)
        print('(vbar) Barycentric velocity [km/s]: ', vbar)
        print('(vhel) Heliocentric velocity [km/s]: ', vhel)
        print('(corr) Vdiurnal+vbar [km/s]: ', corr)
        print('----- HELCORR.PRO - DEBUG INFO - END -----')
        print('')

    return corr, hjd



# --- PyAstronomy/pyasl/asl/gal_uvw.py -------------------------------------------------------------------------------

def gal_uvw(ra, dec, pmra, pmdec, distance, vrad, lsr=None):

    cosd = np.cos(np.deg2rad(dec))
    sind = np.sin(np.deg2rad(dec))
    cosa = np.cos(np.deg2rad(ra))
    sina = np.sin(np.deg2rad(ra))

    # Equivalent of 1 AU/yr in km/s   
    k = 4.74047     
    a_g = np.array([[0.0548755604, +0.4941094279, -0.8676661490], \
                    [0.8734370902, -0.4448296300, -0.1980763734], \
                    [0.4838350155, 0.74698224450, +0.4559837762]])

    # Parallax [mas]
    plx = 1e3 / distance
    
    vec1 = vrad
    vec2 = k * pmra / plx
    vec3 = k * pmdec / plx

    u = (a_g[0,0] * cosa * cosd + a_g[1,0] * sina * cosd + a_g[2,0] * sind) * vec1 + (-a_g[0,0] * sina + a_g[1,0] * cosa) * vec2 + (-a_g[0,0] * cosa * sind - a_g[1,0] * sina * sind + a_g[2,0] * cosd) * vec3
    v = (a_g[0,1] * cosa * cosd + a_g[1,1] * sina * cosd + a_g[2,1] * sind) * vec1 + (-a_g[0,1] * sina + a_g[1,1] * cosa) * vec2 + (-a_g[0,1] * cosa * sind - a_g[1,1] * sina * sind + a_g[2,1] * cosd) * vec3
    w = (a_g[0,2] * cosa * cosd + a_g[1,2] * sina * cosd + a_g[2,2] * sind) * vec1 + (-a_g[0,2] * sina + a_g[1,2] * cosa) * vec2 + (-a_g[0,2] * cosa * sind - a_g[1,2] * sina * sind + a_g[2,2] * cosd) * vec3
    # Change sign convention for U (now positive toward center of Galaxy)
    u = -u

    if (lsr is not None):   
        u = u + lsr[0]
        v = v + lsr[1]
        w = w + lsr[2]

    return (u,v,w)



# --- PyAstronomy/pyasl/asl/angularDistance.py -----------------------------------------------------------------------

def getAngDist(ra1, dec1, ra2, dec2):
  
  delt_lon = (ra1 - ra2)*np.pi/180.
  delt_lat = (dec1 - dec2)*np.pi/180.
  # Haversine formula
  dist = 2.0*np.arcsin( np.sqrt( np.sin(delt_lat/2.0)**2 + \
         np.cos(dec1*np.pi/180.)*np.cos(dec2*np.pi/180.)*np.sin(delt_lon/2.0)**2 ) )  

  return dist/np.pi*180.



# --- PyAstronomy/pyasl/asl/airmass.py -------------------------------------------------------------------------------

def airmassPP(zangle):
    return 1.0 / np.cos(PC.degtorad(zangle))

def airmassSpherical(zangle, obsAltitude, rearth=6371.0, yatm=10.0):

    # Convert observer's altitude to km to have
    # consistent units
    obsAltitude = obsAltitude / 1000.0
    r = (rearth / yatm)
    y = (obsAltitude / yatm)

    # Find maximal zenith angle
    zmax = 180.0 - PC.radtodeg(np.arcsin(rearth / (rearth + obsAltitude)))
    if np.any(zangle > zmax):
        raise(PE.PyAValError("At least one zenith angle is too large. The maximum allowed angle is " + str(zmax) + " deg.",
                             solution="Use an angle within the limit. Check observer's altitude."))

    # Convert into deg
    zangle = PC.degtorad(zangle)

    return np.sqrt((r + y)**2 * np.cos(zangle)**2 + 2. * r * (1. - y) - y**2 + 1.0) - \
        (r + y) * np.cos(zangle)



# --- PyAstronomy/pyasl/asl/folding.py -------------------------------------------------------------------------------

def foldAt(time, period, T0=0.0, sortphase=False, centralzero=False, getEpoch=False):
    epoch = np.floor((time - T0) / period)
    phase = (time - T0) / period - epoch
    
    if centralzero:
        indi = np.where(phase >= 0.5)[0]
        phase[indi] -= 1.0
    
    if sortphase:
        indi = np.argsort(phase)
        phase, epoch = phase[indi], epoch[indi]
    
    if getEpoch:
        return phase, epoch
    return phase



# --- PyAstronomy/pyasl/asl/binning.py -------------------------------------------------------------------------------

def binningx0dt(
    x,
    y,
    yerr=None,
    x0=None,
    dt=None,
    nbins=None,
    reduceBy=None,
    removeEmpty=True,
    removeNoError=False,
    useBinCenter=True,
    useMeanX=False,
    nanHandling=None,
    yvalFunc=np.mean,
):
    if len(x) != len(y):
        raise (PE.PyAValError("x and y need to have the same length."))
    if ((not dt is None) + (not nbins is None) + (not reduceBy is None)) != 1:
        raise (PE.PyAParameterConflict("Specify one of `dt`, `nbins`, or `reduceBy`."))
    if ((not x0 is None) + (not reduceBy is None)) > 1:
        raise (PE.PyAParameterConflict("Specify either `x0` or `reduceBy`."))
    if np.any(np.isfinite(x) == False):
        raise (
            PE.PyAValError(
                "X axis contains invalid values (NaN or inf).",
                solution="Remove invalid values from input.",
            )
        )
    if x0 is None:
        # Use smallest time as starting point
        x0 = np.min(x)
    if x0 > np.max(x):
        raise (
            PE.PyAValError(
                "The starting point, `x0`, is larger than the end time of the data.",
                solution="Use a smaller value.",
            )
        )

    # Use arrays in calculation. Only copy if conversion to numpy array
    # is required
    xl, yl, yerrl = False, False, False
    if not isinstance(x, np.ndarray):
        x = np.array(x)
        xl = True
    if not isinstance(y, np.ndarray):
        y = np.array(y)
        yl = True
    if not yerr is None:
        if not isinstance(yerr, np.ndarray):
            yerr = np.array(yerr)
            yerrl = True

    # nanHandling
    if nanHandling is not None:
        # As some manipulation of the data may be required, generate
        # local copies, unless this has already happened.
        if not xl:
            x = copy.copy(x)
        if not yl:
            y = copy.copy(y)
        if not yerrl:
            yerr = copy.copy(yerr)

        if nanHandling == "ignore":  # Remove bins containing NaN from the input data
            gi = np.isfinite(y)
            x, y = x[gi], y[gi]
            if not yerr is None:
                # Check if bins containing NaN from the input data
                yerr = yerr[gi]
        else:
            try:
                nanValue = float(nanHandling)
            except ValueError as ve:
                raise (
                    PE.PyAValError(
                        "Invalid value given for 'nanHandling'. Error was: " + str(ve),
                        solution="Use None, 'ignore', or float number.",
                    )
                )

            gi = np.isnan(y)
            y[gi] = nanValue
            if yerr is not None:
                raise (
                    PE.PyAValError(
                        "yerr is not permitted for option 'nanHandling=float'.",
                        solution="Remove yerr=... from the call.",
                    )
                )

    # Calculate the new number of array elements.
    if reduceBy is not None:
        nbins = int(round(len(x) / float(reduceBy)))
        if nbins == 0:
            nbins = 1  # Prevent empty return arrays
    if nbins is not None:
        # Use a specified number of bins.
        # Calculate bin length
        dt = (np.max(x) - x0) / float(nbins)
    # Start calculation
    # In which bin do the individual data points belong?
    inWhichBin = np.floor(((x - x0) / dt)).astype(int)
    # Lonely last bin correction
    # Brings the last data point into the last valid bin
    # instead of creating a new bin with that data point\
    # at its very beginning
    if nbins is not None:
        inWhichBin[np.where(inWhichBin == nbins)[0]] -= 1
    # Get the number of bins (start at x0 even if the
    # first bins do not contain any data points)
    nbins = np.max(inWhichBin) + 1
    # Bins with data
    bwd = np.unique(inWhichBin)
    # Sort data into the bins
    # Create output array (time, flux, error, data-point-counter)
    result = np.empty((nbins, 4))
    result[:] = np.nan
    # Assign time axis (beginning of bins)
    result[::, 0] = x0 + np.arange(nbins) * dt
    if useBinCenter:
        # Use the center of the bin for timing
        result[::, 0] += 0.5 * dt
    # Set data point counter (points/bin) to zero
    result[::, 3] = 0
    for b in bwd:
        indi = np.where(inWhichBin == b)[0]
        result[b, 3] = len(indi)
        result[b, 1] = yvalFunc(y[indi])
        if useMeanX:
            # Overwrite the time axis using the mean x-value
            result[b, 0] = np.mean(x[indi])
        if yerr is None:
            # No errors on data points are given
            if len(indi) > 1:
                result[b, 2] = np.std(y[indi]) / np.sqrt(result[b, 3])
            else:
                # No error if there is only a single point in the bin
                result[b, 2] = np.nan
        else:
            # There are errors on the data points
            # Use error propagation
            result[b, 2] = np.sqrt(np.sum(yerr[indi] ** 2)) / result[b, 3]

    if removeEmpty:
        # Remove bins without data points in it
        indi = np.where(np.invert(np.isnan(result[::, 1])))[0]
        result = result[indi, ::]
    if removeNoError:
        # Remove bins for which no error can be given
        indi = np.where(np.invert(np.isnan(result[::, 2])))[0]
        result = result[indi, ::]
    return result, dt



# --- PyAstronomy/pyasl/asl/intep.py ---------------------------------------------------------------------------------

def intep(x, y, xinter, boundsError=True, fillValue=None):
  # Check whether x-array is sorted
  if not np.all((x[1:] - x[0:-1]) > 0.0):
    raise(PE.PyAValError("The array of independent values (`x`) is not sorted in (strictly) " + \
                         "ascending order, but it needs to be.", \
          solution=["Sort the arrays `x` (and `y` accordingly), e.g., using numpy.argsort.", \
                    "Check whether there are duplicate values in `x`."]))
  
  # Create result array
  result = np.zeros(len(xinter))
  # Treat extrapolation points
  ilow = np.where(xinter < min(x))[0]
  if fillValue is None:
    # Use first point beyond limit
    result[ilow] = y[0]
  else:
    result[ilow] = fillValue
  iup = np.where(xinter > max(x))[0]
  if fillValue is None:
    # Use last point beyond limit
    result[iup] = y[-1]
  else:
    result[iup] = fillValue
  
  # No extrapolation (noepo)
  noepo = invertIndexSelection(xinter, np.concatenate((ilow, iup)))
  
  if (len(noepo) < len(xinter)) and boundsError:
    raise(PE.PyAValError("There are " + str(len(xinter) - len(noepo)) + " points, which need to be extrapolated. " + \
          "Attention: Extrapolation is simply done by using the closest valid value.", \
          solution=["Use only interpolation points (`xinter`) within the valid range.",
                    "Set the `boundsError` flag to False (will suppress this exception)."]))
  
  # Loop over all indices of xinter, which were
  # not already subject to extrapolation.
  for i in noepo:
    xp = xinter[i]
    # Index of the first entry in x larger (or equal) than
    # `val`
    infl = np.where(x >= xp)[0][0]
    infl -= 1
    lp1 = 1.0/(x[infl] - x[infl+1])
    lp2 = -lp1
    if infl <= 0:
      # Special treatment for first point
      fp1 = (y[1] -y[0]) / (x[1] - x[0])
    else:
      fp1 = (y[infl+1] - y[infl-1]) / (x[infl+1] - x[infl-1])
    if infl >= (len(x) - 2):
      # Special treatment for last points
      fp2 = (y[-1] - y[-2]) / (x[-1] - x[-2])
    else:
      fp2 = (y[infl+2] - y[infl]) / (x[infl+2] - x[infl])
    
    xpi1 = xp - x[infl+1]
    xpi  = xp - x[infl]
    l1 = xpi1 * lp1
    l2 = xpi * lp2
    result[i] = y[infl]*(1. - 2.*lp1*xpi)*l1**2 + \
                y[infl+1]*(1. - 2.*lp2*xpi1)*l2**2 + \
                fp2*xpi1*l2**2 + fp1*xpi*l1**2
  return result



# --- PyAstronomy/pyasl/asl/outlier.py -------------------------------------------------------------------------------

def polyResOutlier(x, y, deg=0, stdlim=3.0, controlPlot=False, fullOutput=False, mode="both"):
    if len(x) < deg + 1:
        raise(PE.PyAValError("Only " + str(len(x)) + " points given to fit a polynomial of degree " + str(deg) + ".",
                             solution="Use more points and/or change degree of polynomial.",
                             where="polyResOutlier"))
    if len(x) != len(y):
        raise(PE.PyAValError("x and y need to have the same length.",
                             solution="Check the lengths of the input arrays.",
                             where="polyResOutlier"))
    if deg < 0:
        raise(PE.PyAValError("Polynomial degree must be > 0.",
                             where="polyResOutlier"))

    p = np.polyfit(x, y, deg)
    model = np.polyval(p, x)
    residuals = y - model

    std = np.std(residuals)
    # Find points too far off
    if mode == 'both':
        # Outliers above and/or below the curve
        indi = np.where(np.abs(residuals) >= stdlim * std)[0]
    elif mode == 'above':
        indi = np.where(residuals >= stdlim * std)[0]
    elif mode == 'below':
        indi = np.where(residuals <= -stdlim * std)[0]
    else:
        raise(PE.PyAValError("No such mode: " + str(mode),
                             where="polyResOutlier",
                             solution="Use any of 'both', 'above', or 'below'."))
    indiin = pyaC.invertIndexSelection(residuals, indi)
    if controlPlot:
        # Produce control plot
        import matplotlib.pylab as plt
        plt.title(
            "polyResOutlier control plot (red: potential outliers, green: polynomial model)")
        plt.plot(x, y, 'b.')
        s = np.argsort(x)
        plt.plot(x[s], model[s], 'g--')
        plt.plot(x[indi], y[indi], 'rp')
        plt.show()

    if fullOutput:
        return indiin, indi, p, model
    return indiin, indi



# --- PyAstronomy/pyasl/asl/rotBroad.py ------------------------------------------------------------------------------

class _Gdl:

    def __init__(self, vsini, epsilon):
        self.vc = vsini / 299792.458
        self.eps = epsilon

    def gdl(self, dl, refwvl, dwl):
        self.dlmax = self.vc * refwvl
        self.c1 = 2.*(1. - self.eps) / \
            (np.pi * self.dlmax * (1. - self.eps/3.))
        self.c2 = self.eps / (2. * self.dlmax * (1. - self.eps/3.))
        result = np.zeros(len(dl))
        x = dl/self.dlmax
        indi = np.where(np.abs(x) < 1.0)[0]
        result[indi] = self.c1 * \
            np.sqrt(1. - x[indi]**2) + self.c2*(1. - x[indi]**2)
        # Correct the normalization for numeric accuracy
        # The integral of the function is normalized, however, especially in the case
        # of mild broadening (compared to the wavelength resolution), the discrete
        # broadening profile may no longer be normalized, which leads to a shift of
        # the output spectrum, if not accounted for.
        result /= (np.sum(result) * dwl)
        return result

def rotBroad(wvl, flux, epsilon, vsini, edgeHandling="firstlast"):
    # Check whether wavelength array is evenly spaced
    sp = wvl[1::] - wvl[0:-1]
    if abs(max(sp) - min(sp)) > 1e-6:
        raise(PE.PyAValError("Input wavelength array is not evenly spaced.",
                             where="pyasl.rotBroad",
                             solution=["Use evenly spaced input array.",
                                       "Use pyasl.equidistantInterpolation to produce equidistantly sampled data."]))
    if vsini <= 0.0:
        raise(PE.PyAValError("vsini must be positive.", where="pyasl.rotBroad"))
    if (epsilon < 0) or (epsilon > 1.0):
        raise(PE.PyAValError("Linear limb-darkening coefficient, epsilon, should be '0 < epsilon < 1'.",
                             where="pyasl.rotBroad",
                             solution="Adapt epsilon."))

    # Wavelength binsize
    dwl = wvl[1] - wvl[0]

    # Indices of the flux array to be returned
    validIndices = None

    if edgeHandling == "firstlast":
        # Number of bins additionally needed at the edges
        binnu = int(np.floor(((vsini / 299792.458) * max(wvl)) / dwl)) + 1
        # Defined 'valid' indices to be returned
        validIndices = np.arange(len(flux)) + binnu
        # Adapt flux array
        front = np.ones(binnu) * flux[0]
        end = np.ones(binnu) * flux[-1]
        flux = np.concatenate((front, flux, end))
        # Adapt wavelength array
        front = (wvl[0] - (np.arange(binnu) + 1) * dwl)[::-1]
        end = wvl[-1] + (np.arange(binnu) + 1) * dwl
        wvl = np.concatenate((front, wvl, end))
    elif edgeHandling == "None":
        validIndices = np.arange(len(flux))
    else:
        raise(PE.PyAValError("Edge handling method '" + str(edgeHandling) + "' currently not supported.",
                             where="pyasl.rotBroad",
                             solution="Choose ones of the valid edge handling methods"))

    result = np.zeros(len(flux))
    gdl = _Gdl(vsini, epsilon)

    for i in smo.range(len(flux)):
        dl = wvl[i] - wvl
        g = gdl.gdl(dl, wvl[i], dwl)
        result[i] = np.sum(flux * g)
    result *= dwl

    return result[validIndices]

def fastRotBroad(wvl, flux, epsilon, vsini, effWvl=None):
    # Check whether wavelength array is evenly spaced
    sp = wvl[1::] - wvl[0:-1]
    if abs(max(sp) - min(sp)) > 1e-6:
        raise(PE.PyAValError("Input wavelength array is not evenly spaced.",
                             where="pyasl.fastRotBroad",
                             solution=["Use evenly spaced input array.",
                                       "Use pyasl.equidistantInterpolation to produce equidistantly sampled data."]))
    if vsini <= 0.0:
        raise(PE.PyAValError("vsini must be positive.", where="pyasl.rotBroad"))
    if (epsilon < 0) or (epsilon > 1.0):
        raise(PE.PyAValError("Linear limb-darkening coefficient, epsilon, should be '0 < epsilon < 1'.",
                             where="pyasl.rotBroad",
                             solution="Adapt epsilon."))

    # Wavelength binsize
    dwl = wvl[1] - wvl[0]

    if effWvl is None:
        effWvl = np.mean(wvl)

    gdl = _Gdl(vsini, epsilon)

    # The number of bins needed to create the broadening kernel
    binnHalf = int(np.floor(((vsini / 299792.458) * effWvl / dwl))) + 1
    gwvl = (np.arange(4*binnHalf) - 2*binnHalf) * dwl + effWvl
    # Create the broadening kernel
    dl = gwvl - effWvl
    g = gdl.gdl(dl, effWvl, dwl)
    # Remove the zero entries
    indi = np.where(g > 0.0)[0]
    g = g[indi]

    result = np.convolve(flux, g, mode="same") * dwl
    return result



# --- PyAstronomy/pyasl/asl/crosscorr.py -----------------------------------------------------------------------------

def crosscorrRV(
    w,
    f,
    tw,
    tf,
    rvmin,
    rvmax,
    drv,
    mode="doppler",
    skipedge=0,
    edgeTapering=None,
    weights=None,
    meanwvl=None,
):
    if not _ic.check["scipy"]:
        raise (
            PE.PyARequiredImport(
                "This routine needs scipy (.interpolate.interp1d).",
                where="crosscorrRV",
                solution="Install scipy",
            )
        )
    import scipy.interpolate as sci

    if weights is None:
        weights = np.ones_like(w)
    else:
        weights = weights.copy()

    if (w.shape != f.shape) or (w.shape != weights.shape):
        raise (
            PE.PyAValError(
                f"w, f, and weights must have the same shape. Given shapes are (w,f,weights): {w.shape}, {f.shape}, {weights.shape}",
                where="crosscorrRV",
                solution="Adjust arrays (w,f) and/or weights if specified.",
            )
        )

    # Copy and cut wavelength and flux arrays
    w, f = w.copy(), f.copy()
    if skipedge > 0:
        w, f = w[skipedge:-skipedge], f[skipedge:-skipedge]
        weights = weights[skipedge:-skipedge]

    if edgeTapering is not None:
        # Smooth the edges using a sine
        if isinstance(edgeTapering, (float, int)):
            edgeTapering = [float(edgeTapering), float(edgeTapering)]
        if len(edgeTapering) != 2:
            raise (
                PE.PyAValError(
                    "'edgeTapering' must be a float or a list of two floats.",
                    where="crosscorrRV",
                )
            )
        if edgeTapering[0] < 0.0 or edgeTapering[1] < 0.0:
            raise (
                PE.PyAValError(
                    "'edgeTapering' must be (a) number(s) >= 0.0.", where="crosscorrRV"
                )
            )
        # Carry out edge tapering (left edge)
        indi = np.where(w < w[0] + edgeTapering[0])[0]
        f[indi] *= np.sin((w[indi] - w[0]) / edgeTapering[0] * np.pi / 2.0)
        # Carry out edge tapering (right edge)
        indi = np.where(w > (w[-1] - edgeTapering[1]))[0]
        f[indi] *= np.sin(
            (w[indi] - w[indi[0]]) / edgeTapering[1] * np.pi / 2.0 + np.pi / 2.0
        )

    # Speed of light in km/s
    c = 299792.458
    # Check order of rvmin and rvmax
    if rvmax <= rvmin:
        raise (
            PE.PyAValError(
                "rvmin needs to be smaller than rvmax.",
                where="crosscorrRV",
                solution="Change the order of the parameters.",
            )
        )
    # Check whether template is large enough
    if mode == "lin":
        if meanwvl is None:
            meanWl = np.mean(w)
        else:
            meanWl = meanwvl
        dwlmax = meanWl * (rvmax / c)
        dwlmin = meanWl * (rvmin / c)
        if (tw[0] + dwlmax) > w[0]:
            raise (
                PE.PyAValError(
                    "The minimum wavelength is not covered by the template for all indicated RV shifts.",
                    where="crosscorrRV",
                    solution=["Provide a larger template",
                              "Try to use skipedge"],
                )
            )
        if (tw[-1] + dwlmin) < w[-1]:
            raise (
                PE.PyAValError(
                    "The maximum wavelength is not covered by the template for all indicated RV shifts.",
                    where="crosscorrRV",
                    solution=["Provide a larger template",
                              "Try to use skipedge"],
                )
            )
    elif mode == "doppler":
        # Ensure that the template covers the entire observation for all shifts
        maxwl = tw[-1] * (1.0 + rvmin / c)
        minwl = tw[0] * (1.0 + rvmax / c)
        if minwl > w[0]:
            raise (
                PE.PyAValError(
                    "The minimum wavelength is not covered by the template for all indicated RV shifts.",
                    where="crosscorrRV",
                    solution=["Provide a larger template",
                              "Try to use skipedge"],
                )
            )
        if maxwl < w[-1]:
            raise (
                PE.PyAValError(
                    "The maximum wavelength is not covered by the template for all indicated RV shifts.",
                    where="crosscorrRV",
                    solution=["Provide a larger template",
                              "Try to use skipedge"],
                )
            )
    else:
        raise (
            PE.PyAValError(
                "Unknown mode: " + str(mode),
                where="crosscorrRV",
                solution="See documentation for available modes.",
            )
        )
    # Calculate the cross correlation
    drvs = np.arange(rvmin, rvmax, drv)
    cc = np.zeros(len(drvs))
    for i, rv in enumerate(drvs):
        if mode == "lin":
            # Shift the template linearly
            fi = sci.interp1d(tw + meanWl * (rv / c), tf)
        elif mode == "doppler":
            # Apply the Doppler shift
            fi = sci.interp1d(tw * (1.0 + rv / c), tf)
        # Shifted template evaluated at location of spectrum
        cc[i] = np.sum(f * fi(w) * weights)
    return drvs, cc



# --- PyAstronomy/pyasl/asl/quadextreme.py ---------------------------------------------------------------------------

def quadExtreme(x, y, mode="max", dp=(1,1), exInd=None, fullOutput=False, fullPoint=False):
  if exInd is None:
    if mode == "max":
      mi = np.argmax(y)
    elif mode == "min":
      mi = np.argmin(y)
    else:
      raise(PE.PyAValError("Unknown mode '" + str(mode) + "'.", \
                           solution="Choose 'min' or 'max'"))
  else:
    mi = exInd

  if ((mi-dp[0]) < 0) or ((mi+dp[0]+1 > len(x))):
    raise(PE.PyAValError("The requested fitting range around the extreme is not covered by the data.", \
                         solution=["Adapt 'dp'.", "Do you need to change the mode?"]))
  
  # Cut out the relevant range
  xb = x[mi-dp[0]:mi+dp[1]+1].copy()
  yb = y[mi-dp[0]:mi+dp[1]+1].copy()
  
  # Subtract the x-value of the extreme
  xm = x[mi]
  xb -= xm
  
  # Fit second-order polynomial
  p = np.polyfit(xb, yb, 2)
  
  # Check whether curvature agrees with mode
  signs = {"max":-1, "min":+1}
  if np.sign(p[0]) != signs[mode]:
    PE.warn(PE.PyAValError("The curvature of the fit does not match the requested mode of '" + str(mode) + "'.", \
                           solution="Did you choose the right mode (min/max)?"))
  
  # Location of the extreme
  epos = -p[1]/(2.0 * p[0])
  # Shift back the location
  epos += xm
  
  if fullPoint:
    epos = (epos, -p[1]**2/(4.0*p[0]) + p[2])
  
  if not fullOutput:
    return epos, mi
  else:
    return epos, mi, xb, yb, p



# --- PyAstronomy/pyasl/asl/unred.py ---------------------------------------------------------------------------------

def unred(wave, flux, ebv, R_V=3.1, LMC2=False, AVGLMC=False):

    x = 10000./ wave # Convert to inverse microns 
    curve = x*0.
    
    # Set some standard values:
    x0 = 4.596
    gamma =  0.99
    c3 =  3.23      
    c4 =  0.41    
    c2 = -0.824 + 4.717/R_V
    c1 =  2.030 - 3.007*c2
    
    if LMC2:
        x0    =  4.626
        gamma =  1.05   
        c4   =  0.42   
        c3    =  1.92      
        c2    = 1.31
        c1    =  -2.16
    elif AVGLMC:   
        x0 = 4.596  
        gamma = 0.91
        c4   =  0.64  
        c3    =  2.73      
        c2    = 1.11
        c1    =  -1.28
    
    # Compute UV portion of A(lambda)/E(B-V) curve using FM fitting function and 
    # R-dependent coefficients
    xcutuv = np.array([10000.0/2700.0])
    xspluv = 10000.0/np.array([2700.0,2600.0])
    
    iuv = np.where(x >= xcutuv)[0]
    N_UV = len(iuv)
    iopir = np.where(x < xcutuv)[0]
    Nopir = len(iopir)
    if (N_UV > 0): xuv = np.concatenate((xspluv,x[iuv]))
    else:  xuv = xspluv
    
    yuv = c1  + c2*xuv
    yuv = yuv + c3*xuv**2/((xuv**2-x0**2)**2 +(xuv*gamma)**2)
    yuv = yuv + c4*(0.5392*(np.maximum(xuv,5.9)-5.9)**2+0.05644*(np.maximum(xuv,5.9)-5.9)**3)
    yuv = yuv + R_V
    yspluv  = yuv[0:2]  # save spline points
     
    if (N_UV > 0): curve[iuv] = yuv[2::] # remove spline points
    
    # Compute optical portion of A(lambda)/E(B-V) curve
    # using cubic spline anchored in UV, optical, and IR
    xsplopir = np.concatenate(([0],10000.0/np.array([26500.0,12200.0,6000.0,5470.0,4670.0,4110.0])))
    ysplir   = np.array([0.0,0.26469,0.82925])*R_V/3.1 
    ysplop   = np.array((np.polyval([-4.22809e-01, 1.00270, 2.13572e-04][::-1],R_V ), 
            np.polyval([-5.13540e-02, 1.00216, -7.35778e-05][::-1],R_V ), 
            np.polyval([ 7.00127e-01, 1.00184, -3.32598e-05][::-1],R_V ), 
            np.polyval([ 1.19456, 1.01707, -5.46959e-03, 7.97809e-04, -4.45636e-05][::-1],R_V ) ))
    ysplopir = np.concatenate((ysplir,ysplop))
    
    if (Nopir > 0): 
      tck = interpolate.splrep(np.concatenate((xsplopir,xspluv)),np.concatenate((ysplopir,yspluv)),s=0)
      curve[iopir] = interpolate.splev(x[iopir], tck)
    
    #Now apply extinction correction to input flux vector
    curve *= ebv
    
    return flux * 10.**(0.4*curve)



# the package namespaces the functions reach (``from PyAstronomy.pyaC import pyaErrors as PE``, ``from PyAstronomy
# import pyaC`` / ``as PC``, ``from PyAstronomy.pyasl import _ic``)
PE = types.SimpleNamespace(PyaErrTemplate=PyaErrTemplate, PyAValError=PyAValError, PyAParameterConflict=PyAParameterConflict,
                           PyAAlgorithmFailure=PyAAlgorithmFailure, PyARequiredImport=PyARequiredImport, warn=warn)
pyaC = PC = types.SimpleNamespace(degtorad=degtorad, radtodeg=radtodeg, invertIndexSelection=invertIndexSelection)
_ic = types.SimpleNamespace(check={"scipy": True, "matplotlib": False})


# --- inputs ---------------------------------------------------------------------------------------------------------
N = 8


def _jd(rng, n=N):
    return rng.uniform(2459000.0, 2461000.0, size=n)


def _ra(rng, n=N):
    return rng.uniform(0.0, 360.0, size=n)


def _dec(rng, n=N):
    return rng.uniform(-60.0, 60.0, size=n)


def _s(rng, lo, hi):
    return np.float64(rng.uniform(lo, hi))


def _lightcurve(rng, n=60):
    t = np.linspace(0.0, 10.0, n) + rng.uniform(-0.05, 0.05, size=n)
    t[0], t[-1] = 0.0, 10.0
    return t, np.sin(2 * np.pi * t / 2.7) + 0.1 * rng.normal(size=n)


def _outliers(rng, n=40):
    x = np.linspace(0.0, 1.0, n)
    y = 2.0 * x + 0.05 * rng.normal(size=n)
    y[[5, 17, 30]] += np.array([1.0, -1.0, 0.8])
    return x, y


def _spectrum(rng, n=80):
    w = 5000.0 + 0.05 * np.arange(n)
    c = 5002.0 + rng.uniform(-0.2, 0.2)
    return w, 1.0 - 0.5 * np.exp(-((w - c) / 0.15) ** 2)


def _peak(rng, n=21):
    x = np.linspace(-1.0, 1.0, n)
    return x, -(x - rng.uniform(-0.3, 0.3)) ** 2 + 0.01 * rng.normal(size=n)


# --- wrappers (keyword arguments as constants) ----------------------------------------------------------------------
def cirrange_radians(x):
    return cirrange(x, radians=True)


def daycnv_dtlist(xjd):
    return daycnv(xjd, mode="dtlist")


def bprecess_proper_motion(ra, dec, mu_radec, parallax, rad_vel):
    return bprecess(ra, dec, mu_radec=mu_radec, parallax=parallax, rad_vel=rad_vel)


def premat_fk4(equinox1, equinox2):
    return premat(equinox1, equinox2, FK4=True)


def precess_radian(ra, dec):
    return precess(ra, dec, 2000.0, 1950.0, radian=True)


def precess_2000_2025(ra, dec):
    return precess(ra, dec, 2000.0, 2025.0)


def xyz_velocity_2000(date):
    return xyz(date, velocity=True, equinox=2000.0)


def helio_jd_time_diff(date, ra, dec):
    return helio_jd(date, ra, dec, TIME_DIFF=True)


def sunpos_range(jd, end_jd):
    return sunpos(jd, end_jd=end_jd, jd_steps=16, full_output=True)


def sunpos_radian(jd):
    return sunpos(jd, radian=True, full_output=True)


def hadec2altaz_ws_radian(ha, dec, lat):
    return hadec2altaz(ha, dec, lat, ws=True, radian=True)


def co_refract_to_observed(alt, observer_alt):
    return co_refract(alt, observer_alt=observer_alt, convert_to_observed=True)


def co_refract_given(alt, observer_alt, pressure, temperature):
    return co_refract(alt, observer_alt=observer_alt, pressure=pressure, temperature=temperature, full_output=False)


def moonpos_radian(jd):
    return moonpos(jd, radian=True)


def gal_uvw_lsr(ra, dec, pmra, pmdec, distance, vrad):
    return gal_uvw(ra, dec, pmra, pmdec, distance, vrad, lsr=(-8.5, 13.38, 6.49))


def fold_2_7(time):
    return foldAt(time, 2.7)


def fold_sorted_central(time):
    return foldAt(time, 2.7, T0=0.4, sortphase=True, centralzero=True, getEpoch=True)


def binning_dt(x, y):
    return binningx0dt(x, y, dt=0.7)


def binning_nbins_mean_x(x, y):
    return binningx0dt(x, y, nbins=9, useMeanX=True)


def binning_reduce_by(x, y):
    return binningx0dt(x, y, reduceBy=4, useBinCenter=False)


def binning_errors(x, y, yerr):
    return binningx0dt(x, y, yerr=yerr, x0=0.0, dt=0.5, removeNoError=True)


def binning_nan_ignore(x, y):
    return binningx0dt(x, y, dt=1.0, nanHandling="ignore")


def binning_nan_value(x, y):
    return binningx0dt(x, y, dt=1.0, nanHandling=0.0, removeEmpty=False)


def intep_extrapolate(x, y, xinter):
    return intep(x, y, xinter, boundsError=False)


def intep_fill(x, y, xinter):
    return intep(x, y, xinter, boundsError=False, fillValue=-1.0)


def poly_res_outlier_1(x, y):
    return polyResOutlier(x, y, deg=1, stdlim=2.0)


def poly_res_outlier_above(x, y):
    return polyResOutlier(x, y, deg=1, stdlim=2.0, mode="above", fullOutput=True)


def rot_broad(wvl, flux):
    return rotBroad(wvl, flux, 0.6, 15.0)


def rot_broad_no_edges(wvl, flux):
    return rotBroad(wvl, flux, 0.3, 10.0, edgeHandling="None")


def fast_rot_broad(wvl, flux):
    return fastRotBroad(wvl, flux, 0.6, 15.0)


def crosscorr_rv(w, f, tw, tf):
    return crosscorrRV(w, f, tw, tf, -20.0, 20.0, 2.0, skipedge=10)


def crosscorr_rv_lin(w, f, tw, tf):
    return crosscorrRV(w, f, tw, tf, -20.0, 20.0, 2.0, mode="lin", skipedge=10)


def quad_extreme(x, y):
    return quadExtreme(x, y)


def quad_extreme_min_full(x, y):
    return quadExtreme(-x, -y, mode="min", dp=(2, 2), fullOutput=True, fullPoint=True)


def unred_lmc2(wave, flux, ebv):
    return unred(wave, flux, ebv, LMC2=True)


def airmass_spherical(zangle, obsAltitude):
    return airmassSpherical(zangle, obsAltitude)


_t, _e, _b = "pyasl/asl/astroTimeLegacy.py", "pyasl/asl/eq2hor.py", "pyasl/asl/binning.py"


def _lc_nan(rng):
    x, y = _lightcurve(rng)
    y[[3, 20, 41]] = np.nan
    return x, y


CASES = [
    # idlMod.py, idlCirrange.py
    case(idlMod, lambda rng: (rng.uniform(-700.0, 700.0, size=N), 360.0), PYA("pyasl/asl/idlMod.py", "idlMod")),
    case(idlMod, lambda rng: (_s(rng, -700.0, -1.0), 360.0), PYA("pyasl/asl/idlMod.py", "idlMod", "a NumPy scalar"), name="pyastronomy.idlMod_scalar"),
    case(cirrange, lambda rng: (rng.uniform(-700.0, 700.0, size=N),), PYA("pyasl/asl/idlCirrange.py", "cirrange")),
    case(cirrange_radians, lambda rng: (rng.uniform(-10.0, 10.0, size=N),), PYA("pyasl/asl/idlCirrange.py", "cirrange", "radians=True")),
    # astroTimeLegacy.py
    case(daycnv, lambda rng: (_jd(rng),), PYA(_t, "daycnv")),
    case(daycnv, lambda rng: (_s(rng, 2459000.0, 2461000.0),), PYA(_t, "daycnv", "a NumPy scalar"), name="pyastronomy.daycnv_scalar"),
    case(daycnv_dtlist, lambda rng: (_jd(rng, 4),), PYA(_t, "daycnv", "mode='dtlist'")),
    case(bprecess, lambda rng: (_s(rng, 0.0, 360.0), _s(rng, -60.0, 60.0)), PYA(_t, "bprecess")),
    case(bprecess_proper_motion, lambda rng: (_s(rng, 0.0, 360.0), _s(rng, -60.0, 60.0), rng.uniform(-1e-7, 1e-7, size=2), _s(rng, 0.01, 0.5), _s(rng, -50.0, 50.0)), PYA(_t, "bprecess", "mu_radec, parallax > 0, rad_vel")),
    case(premat, lambda rng: (_s(rng, 1900.0, 2100.0), _s(rng, 1900.0, 2100.0)), PYA(_t, "premat")),
    case(premat_fk4, lambda rng: (_s(rng, 1900.0, 2100.0), _s(rng, 1900.0, 2100.0)), PYA(_t, "premat", "FK4=True")),
    case(precess_2000_2025, lambda rng: (_s(rng, 0.0, 360.0), _s(rng, -60.0, 60.0)), PYA(_t, "precess", "2000 to 2025")),
    case(precess_radian, lambda rng: (_s(rng, -3.0, 3.0), _s(rng, -1.0, 1.0)), PYA(_t, "precess", "2000 to 1950, radian=True (ra < 0 corrected)")),
    case(precess_xyz, lambda rng: (_s(rng, -1.0, 1.0), _s(rng, -1.0, 1.0), _s(rng, -1.0, 1.0), 1950.0, 2000.0), PYA(_t, "precess_xyz")),
    case(xyz, lambda rng: (_s(rng, 59000.0, 61000.0),), PYA(_t, "xyz")),
    case(xyz_velocity_2000, lambda rng: (_s(rng, 59000.0, 61000.0),), PYA(_t, "xyz", "velocity=True, equinox=2000")),
    case(helio_jd, lambda rng: (_s(rng, 59000.0, 61000.0), _s(rng, 0.0, 360.0), _s(rng, -60.0, 60.0)), PYA(_t, "helio_jd")),
    case(helio_jd_time_diff, lambda rng: (_s(rng, 59000.0, 61000.0), _s(rng, 0.0, 360.0), _s(rng, -60.0, 60.0)), PYA(_t, "helio_jd", "TIME_DIFF=True")),
    # sunpos.py, eq2hor.py, moonpos.py, moonphase.py
    case(sunpos, lambda rng: (_s(rng, 2459000.0, 2461000.0),), PYA("pyasl/asl/sunpos.py", "sunpos")),
    case(sunpos_radian, lambda rng: (_jd(rng),), PYA("pyasl/asl/sunpos.py", "sunpos", "an array of dates, radian=True, full_output=True")),
    case(sunpos_range, lambda rng: (lambda a: (a, a + 30.0))(_s(rng, 2459000.0, 2461000.0)), PYA("pyasl/asl/sunpos.py", "sunpos", "end_jd, jd_steps=16, full_output=True")),
    case(nutate, lambda rng: (_jd(rng),), PYA(_e, "nutate")),
    case(co_nutate, lambda rng: (_jd(rng), _ra(rng), _dec(rng)), PYA(_e, "co_nutate")),
    case(co_aberration, lambda rng: (_jd(rng), _ra(rng), _dec(rng)), PYA(_e, "co_aberration")),
    case(ct2lst, lambda rng: (_jd(rng), rng.uniform(-180.0, 180.0, size=N)), PYA(_e, "ct2lst")),
    case(hadec2altaz, lambda rng: (rng.uniform(-180.0, 180.0, size=N), _dec(rng), rng.uniform(-60.0, 60.0, size=N)), PYA(_e, "hadec2altaz")),
    case(hadec2altaz_ws_radian, lambda rng: (_s(rng, -180.0, 180.0), _s(rng, -60.0, 60.0), _s(rng, -60.0, 60.0)), PYA(_e, "hadec2altaz", "scalars, ws=True, radian=True")),
    case(co_refract_forward, lambda rng: (rng.uniform(0.5, 80.0, size=N),), PYA(_e, "co_refract_forward", "some altitudes below 15")),
    case(co_refract, lambda rng: (rng.uniform(0.5, 80.0, size=N), rng.uniform(0.0, 15000.0, size=N)), PYA(_e, "co_refract", "some observers above 11 km")),
    case(co_refract_to_observed, lambda rng: (rng.uniform(0.5, 80.0, size=4), rng.uniform(0.0, 3000.0, size=4)), PYA(_e, "co_refract", "convert_to_observed=True (the iteration)")),
    case(co_refract_given, lambda rng: (rng.uniform(0.5, 80.0, size=N), rng.uniform(0.0, 3000.0, size=N), rng.uniform(900.0, 1030.0, size=N), rng.uniform(-10.0, 30.0, size=N)), PYA(_e, "co_refract", "pressure and temperature given, full_output=False")),
    case(moonpos, lambda rng: (_jd(rng),), PYA("pyasl/asl/moonpos.py", "moonpos")),
    case(moonpos_radian, lambda rng: (_jd(rng),), PYA("pyasl/asl/moonpos.py", "moonpos", "radian=True")),
    case(moonphase, lambda rng: (_jd(rng),), PYA("pyasl/asl/moonphase.py", "moonphase")),
    # baryvel.py, gal_uvw.py, angularDistance.py, airmass.py
    case(baryvel, lambda rng: (_s(rng, 2459000.0, 2461000.0), 2000.0), PYA("pyasl/asl/baryvel.py", "baryvel")),
    case(baryvel, lambda rng: (_s(rng, 2459000.0, 2461000.0), 0.0), PYA("pyasl/asl/baryvel.py", "baryvel", "deq=0 (the equinox of the date)"), name="pyastronomy.baryvel_of_date"),
    case(helcorr, lambda rng: (_s(rng, -180.0, 180.0), _s(rng, -60.0, 60.0), _s(rng, 0.0, 3000.0), _s(rng, 0.0, 360.0), _s(rng, -60.0, 60.0), _s(rng, 2459000.0, 2461000.0)), PYA("pyasl/asl/baryvel.py", "helcorr")),
    case(gal_uvw, lambda rng: (_ra(rng), _dec(rng), rng.uniform(-100.0, 100.0, size=N), rng.uniform(-100.0, 100.0, size=N), rng.uniform(10.0, 500.0, size=N), rng.uniform(-50.0, 50.0, size=N)), PYA("pyasl/asl/gal_uvw.py", "gal_uvw")),
    case(gal_uvw_lsr, lambda rng: (_ra(rng), _dec(rng), rng.uniform(-100.0, 100.0, size=N), rng.uniform(-100.0, 100.0, size=N), rng.uniform(10.0, 500.0, size=N), rng.uniform(-50.0, 50.0, size=N)), PYA("pyasl/asl/gal_uvw.py", "gal_uvw", "lsr given")),
    case(getAngDist, lambda rng: (_ra(rng), _dec(rng), _ra(rng), _dec(rng)), PYA("pyasl/asl/angularDistance.py", "getAngDist")),
    case(airmassPP, lambda rng: (rng.uniform(0.0, 80.0, size=N),), PYA("pyasl/asl/airmass.py", "airmassPP")),
    case(airmass_spherical, lambda rng: (rng.uniform(0.0, 89.0, size=N), _s(rng, 0.0, 3000.0)), PYA("pyasl/asl/airmass.py", "airmassSpherical")),
    # folding.py, binning.py, intep.py, outlier.py
    case(fold_2_7, lambda rng: (_lightcurve(rng)[0],), PYA("pyasl/asl/folding.py", "foldAt", "period=2.7")),
    case(fold_sorted_central, lambda rng: (_lightcurve(rng)[0],), PYA("pyasl/asl/folding.py", "foldAt", "T0=0.4, sortphase, centralzero, getEpoch")),
    case(binning_dt, lambda rng: _lightcurve(rng), PYA(_b, "binningx0dt", "dt=0.7")),
    case(binning_nbins_mean_x, lambda rng: _lightcurve(rng), PYA(_b, "binningx0dt", "nbins=9, useMeanX=True")),
    case(binning_reduce_by, lambda rng: _lightcurve(rng), PYA(_b, "binningx0dt", "reduceBy=4, useBinCenter=False")),
    case(binning_errors, lambda rng: (*_lightcurve(rng), rng.uniform(0.05, 0.2, size=60)), PYA(_b, "binningx0dt", "yerr, x0=0, dt=0.5, removeNoError=True")),
    case(binning_nan_ignore, lambda rng: _lc_nan(rng), PYA(_b, "binningx0dt", "nanHandling='ignore'")),
    case(binning_nan_value, lambda rng: _lc_nan(rng), PYA(_b, "binningx0dt", "nanHandling=0.0, removeEmpty=False")),
    case(intep, lambda rng: (np.linspace(0.0, 10.0, 11), rng.normal(size=11), np.sort(rng.uniform(0.0, 10.0, size=15))), PYA("pyasl/asl/intep.py", "intep")),
    case(intep_extrapolate, lambda rng: (np.linspace(0.0, 10.0, 11), rng.normal(size=11), np.sort(rng.uniform(-2.0, 12.0, size=15))), PYA("pyasl/asl/intep.py", "intep", "boundsError=False (extrapolation)")),
    case(intep_fill, lambda rng: (np.linspace(0.0, 10.0, 11), rng.normal(size=11), np.sort(rng.uniform(-2.0, 12.0, size=15))), PYA("pyasl/asl/intep.py", "intep", "boundsError=False, fillValue=-1")),
    case(poly_res_outlier_1, lambda rng: _outliers(rng), PYA("pyasl/asl/outlier.py", "polyResOutlier", "deg=1, stdlim=2")),
    case(poly_res_outlier_above, lambda rng: _outliers(rng), PYA("pyasl/asl/outlier.py", "polyResOutlier", "deg=1, stdlim=2, mode='above', fullOutput=True")),
    # rotBroad.py, crosscorr.py, quadextreme.py, unred.py
    case(rot_broad, lambda rng: _spectrum(rng), PYA("pyasl/asl/rotBroad.py", "rotBroad", "epsilon=0.6, vsini=15")),
    case(rot_broad_no_edges, lambda rng: _spectrum(rng), PYA("pyasl/asl/rotBroad.py", "rotBroad", "epsilon=0.3, vsini=10, edgeHandling='None'")),
    case(fast_rot_broad, lambda rng: _spectrum(rng), PYA("pyasl/asl/rotBroad.py", "fastRotBroad", "epsilon=0.6, vsini=15")),
    case(crosscorr_rv, lambda rng: (*_spectrum(rng), *_spectrum(rng)), PYA("pyasl/asl/crosscorr.py", "crosscorrRV", "-20 to 20 km/s in steps of 2, skipedge=10")),
    case(crosscorr_rv_lin, lambda rng: (*_spectrum(rng), *_spectrum(rng)), PYA("pyasl/asl/crosscorr.py", "crosscorrRV", "mode='lin', skipedge=10")),
    case(quad_extreme, lambda rng: _peak(rng), PYA("pyasl/asl/quadextreme.py", "quadExtreme")),
    case(quad_extreme_min_full, lambda rng: _peak(rng), PYA("pyasl/asl/quadextreme.py", "quadExtreme", "mode='min', dp=(2, 2), fullOutput, fullPoint")),
    case(unred, lambda rng: (np.sort(rng.uniform(1500.0, 9000.0, size=12)), rng.uniform(0.5, 2.0, size=12), _s(rng, 0.05, 0.5)), PYA("pyasl/asl/unred.py", "unred", "UV and optical wavelengths")),
    case(unred_lmc2, lambda rng: (np.sort(rng.uniform(1500.0, 9000.0, size=12)), rng.uniform(0.5, 2.0, size=12), _s(rng, 0.05, 0.5)), PYA("pyasl/asl/unred.py", "unred", "LMC2=True")),
]
