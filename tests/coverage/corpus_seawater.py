"""python-seawater's EOS-80 toolbox (the CSIRO seawater library translated from MATLAB): the UNESCO 1983
polynomials of ``library.py`` (conductivity ratio by a Newton iteration per sample in a ``while True`` with a
``break``, salinity, secant bulk modulus, pure-water density, the IPTS-68 / ITS-90 conversions with a string switch,
``atleast_2d`` branching on ``len(shape)``), the equation of state of ``eos80.py`` (density, potential temperature by
a Runge-Kutta step, adiabatic gradient, heat capacity, sound speed, freezing point, depth / pressure, gravity,
``alpha`` / ``beta`` / ``aonb`` with ``np.polyval`` and an ``if not pt:`` on an array made from a Python bool), the
extras (distances along a track with a masked write under ``if np.any(...)`` for the date line, Coriolis, gas
saturations, wave speed) and the geostrophic routines (Brunt-Vaisala frequency with an ``if lat is None``, specific
volume anomaly, geopotential anomaly by ``cumsum`` and geostrophic velocity) (pyoceans/python-seawater, MIT).

Copied from pyoceans/python-seawater at c297a781cfff47c0c081b00b010059b5cac871b3; its licence (``LICENSE.txt``) is
the MIT licence ("Copyright (c) 2013 Filipe"), and ``LICENSE.CSIRO`` records the CSIRO toolbox it translates
("SEAWATER - originally developed by Phil Morgan, CSIRO"). ``library.py``, ``eos80.py``, ``extras.py`` and
``geostrophic.py`` are copied whole, in that order, docstrings dropped, comments kept.

Adapted, beyond that:

* the module-level imports are this module's; ``constants.py``'s values (``db2Pascal``, ``Kelvin``, ``gdef``,
  ``DEG2NM``, ``NM2KM``, ``OMEGA``, ``earth_radius``, ``deg2rad``, ``rad2deg``) are module-level constants here, as
  ``library.py``'s coefficient lists (``a`` to ``e``, ``k``) are in the source;
* a setting the source takes as a keyword (``pt=True``, ``pr``, ``t_type``, ``units``, ``lat``) is given by a
  one-line wrapper named after the case, so the traced arguments are the arrays.

The inputs: oceanographic ranges (salinity 30-38 psu, temperature -1-30 C, pressure 0-5000 dbar, latitudes and
longitudes of a ship track, one across the date line), the UNESCO 1983 check values of the docstrings, and
profiles (pressure increasing down axis 0) for the geostrophic routines.
"""

# ruff: noqa: E501, E741, N802, N803, N806
from __future__ import annotations

import numpy as np
from numpy import pi

from tests.coverage.cases import PYTHON_SEAWATER, Source, case


def SW(path: str, original: str, note: str = "") -> Source:
    return Source(PYTHON_SEAWATER, "seawater/" + path, original, note)


# --- seawater/constants.py (the values the copied modules import) --------------------------------------------------

# dbar to pascal.
db2Pascal = 1e4

# The Celsius zero point.
Kelvin = 273.15

# Acceleration of gravity [m/s**2]
gdef = 9.8

# 1 nm = 1.8520 km
DEG2NM, NM2KM = 60.0, 1.8520

# Sidereal day = 23.9344696 hours.
OMEGA = 7.292e-5  # 7.292115e-5

# Mean radius of earth [m] A.E. Gill.
earth_radius = 6371000.0

# Angle conversions.
deg2rad, rad2deg = pi / 180.0, 180.0 / pi


# --- seawater/library.py ---

# Constants.
a = [0.0080, -0.1692, 25.3851, 14.0941, -7.0261, 2.7081]
b = [0.0005, -0.0056, -0.0066, -0.0375, 0.0636, -0.0144]
c = [0.6766097, 2.00564e-2, 1.104259e-4, -6.9698e-7, 1.0031e-9]
d = [3.426e-2, 4.464e-4, 4.215e-1, -3.107e-3]
e = [2.070e-5, -6.370e-10, 3.989e-15]
k = 0.0162


def cndr(s, t, p):
    s, t, p = list(map(np.asanyarray, (s, t, p)))

    T68 = T68conv(t)

    shape = s.shape
    s, t = list(map(np.ravel, (s, t)))
    # Do a Newton-Raphson iteration for inverse interpolation of Rt from s.
    Rx = []
    for S, T in zip(s, t, strict=True):
        Rx_loop = np.sqrt(S / 35.0)  # first guess at Rx = sqrt(Rt).
        SInc = sals(Rx_loop * Rx_loop, T)  # S Increment (guess) from Rx.
        iloop = 0
        while True:
            # NOTE: I believe that T / 1.00024 isn't correct here.
            Rx_loop = Rx_loop + (S - SInc) / salds(Rx_loop, T / 1.00024 - 15)
            SInc = sals(Rx_loop * Rx_loop, T)
            iloop += 1
            dels = abs(SInc - S)
            if (dels > 1.0e-10) and (iloop < 100):
                pass
            else:
                break

        Rx.append(Rx_loop)

    Rx = np.array(Rx).reshape(shape)

    # Once Rt found, corresponding to each (s,t) evaluate r.
    # Eqn(4) p.8 UNESCO 1983.
    A = d[2] + d[3] * T68
    B = 1 + d[0] * T68 + d[1] * T68**2
    C = p * (e[0] + e[1] * p + e[2] * p**2)

    # Eqn(6) p.9 UNESCO 1983.
    Rt = Rx**2
    rt = salrt(t)
    # Rtrt  = rt * Rt # NOTE: unused in the code, but present in the original.
    D = B - A * rt * Rt
    E = rt * Rt * A * (B + C)
    r = np.sqrt(np.abs(D**2 + 4 * E)) - D
    return 0.5 * r / A


def salds(rtx, delt):
    rtx, delt = list(map(np.asanyarray, (rtx, delt)))

    return (
        a[1]
        + (2 * a[2] + (3 * a[3] + (4 * a[4] + 5 * a[5] * rtx) * rtx) * rtx) * rtx
        + (delt / (1 + k * delt))
        * (b[1] + (2 * b[2] + (3 * b[3] + (4 * b[4] + 5 * b[5] * rtx) * rtx) * rtx) * rtx)
    )


def salrp(r, t, p):
    r, t, p = list(map(np.asanyarray, (r, t, p)))

    # Eqn(4) p.8 UNESCO.
    T68 = T68conv(t)

    return 1 + (p * (e[0] + e[1] * p + e[2] * p**2)) / (
        1 + d[0] * T68 + d[1] * T68**2 + (d[2] + d[3] * T68) * r
    )


def salrt(t):
    t = np.asanyarray(t)
    T68 = T68conv(t)
    # Eqn (3) p.7 UNESCO.
    return c[0] + (c[1] + (c[2] + (c[3] + c[4] * T68) * T68) * T68) * T68


def seck(s, t, p=0):
    s, t, p = list(map(np.asanyarray, (s, t, p)))

    # Compute compression terms.
    p = p / 10.0  # Convert from db to atmospheric pressure units.
    T68 = T68conv(t)

    # Pure water terms of the secant bulk modulus at atmos pressure.
    # UNESCO Eqn 19 p 18.
    # h0 = -0.1194975
    h = [3.239908, 1.43713e-3, 1.16092e-4, -5.77905e-7]
    AW = h[0] + (h[1] + (h[2] + h[3] * T68) * T68) * T68

    # k0 = 3.47718e-5
    k = [8.50935e-5, -6.12293e-6, 5.2787e-8]
    BW = k[0] + (k[1] + k[2] * T68) * T68

    # e0 = -1930.06
    e = [19652.21, 148.4206, -2.327105, 1.360477e-2, -5.155288e-5]
    KW = e[0] + (e[1] + (e[2] + (e[3] + e[4] * T68) * T68) * T68) * T68

    # Sea water terms of secant bulk modulus at atmos. pressure.
    j0 = 1.91075e-4
    i = [2.2838e-3, -1.0981e-5, -1.6078e-6]
    A = AW + (i[0] + (i[1] + i[2] * T68) * T68 + j0 * s**0.5) * s

    m = [-9.9348e-7, 2.0816e-8, 9.1697e-10]
    B = BW + (m[0] + (m[1] + m[2] * T68) * T68) * s  # Eqn 18.

    f = [54.6746, -0.603459, 1.09987e-2, -6.1670e-5]
    g = [7.944e-2, 1.6483e-2, -5.3009e-4]
    K0 = (
        KW
        + (
            f[0]
            + (f[1] + (f[2] + f[3] * T68) * T68) * T68
            + (g[0] + (g[1] + g[2] * T68) * T68) * s**0.5
        )
        * s
    )  # Eqn 16.
    return K0 + (A + B * p) * p  # Eqn 15.


def sals(rt, t):
    rt, t = list(map(np.asanyarray, (rt, t)))

    # Eqn (1) & (2) p6,7 UNESCO.
    del_T68 = T68conv(t) - 15

    Rtx = (rt) ** 0.5
    del_S = (del_T68 / (1 + k * del_T68)) * (
        b[0] + (b[1] + (b[2] + (b[3] + (b[4] + b[5] * Rtx) * Rtx) * Rtx) * Rtx) * Rtx
    )
    s = a[0] + (a[1] + (a[2] + (a[3] + (a[4] + a[5] * Rtx) * Rtx) * Rtx) * Rtx) * Rtx
    s += del_S

    return s


def smow(t):
    t = np.asanyarray(t)

    a = (
        999.842594,
        6.793952e-2,
        -9.095290e-3,
        1.001685e-4,
        -1.120083e-6,
        6.536332e-9,
    )

    T68 = T68conv(t)
    return a[0] + (a[1] + (a[2] + (a[3] + (a[4] + a[5] * T68) * T68) * T68) * T68) * T68


def T68conv(T90):
    T90 = np.asanyarray(T90)
    return T90 * 1.00024


def T90conv(t, t_type="T68"):
    t = np.asanyarray(t)

    if t_type == "T68":
        T90 = t / 1.00024
    elif t_type == "T48":
        T90 = (t - 4.4e-6 * t * (100 - t)) / 1.00024
    else:
        msg = "Unrecognized temperature type.  Try 'T68'' or 'T48'"
        raise NameError(msg)

    return T90


def atleast_2d(*arys):
    res = []
    for ary in arys:
        arry = np.asanyarray(ary)
        if len(arry.shape) == 0:
            result = arry.reshape(1, 1)
        elif len(arry.shape) == 1:
            result = arry[:, np.newaxis]
        else:
            result = arry
        res.append(result)
    if len(res) == 1:
        return res[0]
    return res


# --- seawater/eos80.py ---


def adtg(s, t, p):
    s, t, p = list(map(np.asanyarray, (s, t, p)))

    T68 = T68conv(t)

    a = [3.5803e-5, 8.5258e-6, -6.836e-8, 6.6228e-10]
    b = [1.8932e-6, -4.2393e-8]
    c = [1.8741e-8, -6.7795e-10, 8.733e-12, -5.4481e-14]
    d = [-1.1351e-10, 2.7759e-12]
    e = [-4.6206e-13, 1.8676e-14, -2.1687e-16]
    return (
        a[0]
        + (a[1] + (a[2] + a[3] * T68) * T68) * T68
        + (b[0] + b[1] * T68) * (s - 35)
        + (
            (c[0] + (c[1] + (c[2] + c[3] * T68) * T68) * T68)
            + (d[0] + d[1] * T68) * (s - 35)
        )
        * p
        + (e[0] + (e[1] + e[2] * T68) * T68) * p * p
    )


def alpha(s, t, p, *, pt=False):
    s, t, p, pt = list(map(np.asanyarray, (s, t, p, pt)))
    return aonb(s, t, p, pt=pt) * beta(s, t, p, pt=pt)


def aonb(s, t, p, *, pt=False):
    # Ensure we use ptmp in calculations.
    s, t, p, pt = list(map(np.asanyarray, (s, t, p, pt)))

    if not pt:
        t = ptmp(s, t, p, 0)  # Now we have ptmp.

    p = np.float64(p)
    t = T68conv(t)

    c1 = np.array(
        [
            -0.255019e-7,
            0.298357e-5,
            -0.203814e-3,
            0.170907e-1,
            0.665157e-1,
        ],
    )
    c2 = np.array([-0.846960e-4, 0.378110e-2])
    c2a = np.array([-0.251520e-11, -0.164759e-6, 0.0])
    c3 = -0.678662e-5
    c4 = np.array([0.791325e-8, -0.933746e-6, 0.380374e-4])
    c5 = 0.512857e-12
    c6 = -0.302285e-13

    # Now calculate the thermal expansion saline contraction ratio aonb.
    sm35 = s - 35.0
    return (
        np.polyval(c1, t)
        + sm35 * (np.polyval(c2, t) + np.polyval(c2a, p))
        + sm35**2 * c3
        + p * np.polyval(c4, t)
        + c5 * (p**2) * (t**2)
        + c6 * p**3
    )


def beta(s, t, p, *, pt=False):
    s, t, p, pt = list(map(np.asanyarray, (s, t, p, pt)))

    # Ensure we use ptmp in calculations
    if not pt:
        t = ptmp(s, t, p, 0)  # Now we have ptmp.

    t = T68conv(t)

    c1 = np.array([-0.415613e-9, 0.555579e-7, -0.301985e-5, 0.785567e-3])
    c2 = np.array([0.788212e-8, -0.356603e-6])
    c3 = np.array([-0.602281e-15, 0.408195e-10, 0.0])
    c4 = 0.515032e-8
    c5 = np.array([-0.213127e-11, 0.192867e-9, -0.121555e-7])
    c6 = np.array([-0.175379e-14, 0.176621e-12])
    c7 = 0.121551e-17

    # Now calculate the thermal expansion saline contraction ratio adb
    sm35 = s - 35
    return (
        np.polyval(c1, t)
        + sm35 * (np.polyval(c2, t) + np.polyval(c3, p))
        + c4 * (sm35**2)
        + p * np.polyval(c5, t)
        + (p**2) * np.polyval(c6, t)
        + c7 * (p**3)
    )


def cp(s, t, p):
    s, t, p = list(map(np.asanyarray, (s, t, p)))

    p = p / 10.0  # To convert [db] to [bar] as used in UNESCO routines.
    T68 = T68conv(t)

    # Eqn. 26 p.32.
    a = (-7.64357, 0.1072763, -1.38385e-3)
    b = (0.1770383, -4.07718e-3, 5.148e-5)
    c = (4217.4, -3.720283, 0.1412855, -2.654387e-3, 2.093236e-5)

    Cpst0 = (
        (((c[4] * T68 + c[3]) * T68 + c[2]) * T68 + c[1]) * T68
        + c[0]
        + (a[0] + a[1] * T68 + a[2] * T68**2) * s
        + (b[0] + b[1] * T68 + b[2] * T68**2) * s * s**0.5
    )

    # Eqn. 28 p.33.
    a = (-4.9592e-1, 1.45747e-2, -3.13885e-4, 2.0357e-6, 1.7168e-8)
    b = (2.4931e-4, -1.08645e-5, 2.87533e-7, -4.0027e-9, 2.2956e-11)
    c = (-5.422e-8, 2.6380e-9, -6.5637e-11, 6.136e-13)

    del_Cp0t0 = (
        (
            (((c[3] * T68 + c[2]) * T68 + c[1]) * T68 + c[0]) * p
            + ((((b[4] * T68 + b[3]) * T68 + b[2]) * T68 + b[1]) * T68 + b[0])
        )
        * p
        + ((((a[4] * T68 + a[3]) * T68 + a[2]) * T68 + a[1]) * T68 + a[0])
    ) * p

    # Eqn 29 p.34.
    d = (4.9247e-3, -1.28315e-4, 9.802e-7, 2.5941e-8, -2.9179e-10)
    e = (-1.2331e-4, -1.517e-6, 3.122e-8)
    f = (-2.9558e-6, 1.17054e-7, -2.3905e-9, 1.8448e-11)
    g0 = 9.971e-8
    h = (5.540e-10, -1.7682e-11, 3.513e-13)
    j1 = -1.4300e-12

    S3_2 = s * s**0.5

    del_Cpstp = (
        (
            ((((d[4] * T68 + d[3]) * T68 + d[2]) * T68 + d[1]) * T68 + d[0]) * s
            + ((e[2] * T68 + e[1]) * T68 + e[0]) * S3_2
        )
        * p
        + ((((f[3] * T68 + f[2]) * T68 + f[1]) * T68 + f[0]) * s + g0 * S3_2) * p**2
        + (((h[2] * T68 + h[1]) * T68 + h[0]) * s + j1 * T68 * S3_2) * p**3
    )

    return Cpst0 + del_Cp0t0 + del_Cpstp


def dens0(s, t):
    s, t = list(map(np.asanyarray, (s, t)))

    T68 = T68conv(t)

    # UNESCO 1983 Eqn.(13) p17.
    b = (8.24493e-1, -4.0899e-3, 7.6438e-5, -8.2467e-7, 5.3875e-9)
    c = (-5.72466e-3, 1.0227e-4, -1.6546e-6)
    d = 4.8314e-4
    return (
        smow(t)
        + (b[0] + (b[1] + (b[2] + (b[3] + b[4] * T68) * T68) * T68) * T68) * s
        + (c[0] + (c[1] + c[2] * T68) * T68) * s * s**0.5
        + d * s**2
    )


def dens(s, t, p):
    s, t, p = list(map(np.asanyarray, (s, t, p)))

    # UNESCO 1983. Eqn..7  p.15.
    densP0 = dens0(s, t)
    K = seck(s, t, p)
    p = p / 10.0  # Convert from db to atm pressure units.
    return densP0 / (1 - p / K)


def dpth(p, lat):
    p, lat = list(map(np.asanyarray, (p, lat)))

    # Eqn 25, p26.  UNESCO 1983.
    c = [9.72659, -2.2512e-5, 2.279e-10, -1.82e-15]
    gam_dash = 2.184e-6

    lat = abs(lat)
    X = np.sin(lat * deg2rad)
    X = X * X

    bot_line = 9.780318 * (1.0 + (5.2788e-3 + 2.36e-5 * X) * X) + gam_dash * 0.5 * p
    top_line = (((c[3] * p + c[2]) * p + c[1]) * p + c[0]) * p
    return top_line / bot_line


def fp(s, p):
    s, p = list(map(np.asanyarray, (s, p)))

    # NOTE: P = P/10 # to convert db to Bar as used in UNESCO routines.
    # Eqn  p.29.
    a = [-0.0575, 1.710523e-3, -2.154996e-4]
    b = -7.53e-4
    return T90conv(a[0] * s + a[1] * s * s**0.5 + a[2] * s**2 + b * p)


def g(lat, z=0):
    lat, z = list(map(np.asanyarray, (lat, z)))

    # Eqn p27.  UNESCO 1983.
    lat = np.abs(lat)
    X = np.sin(lat * deg2rad)
    sin2 = X * X
    grav = 9.780318 * (1.0 + (5.2788e-3 + 2.36e-5 * sin2) * sin2)
    return grav / ((1 + z / earth_radius) ** 2)  # From A.E.Gill p.597.


def pden(s, t, p, pr=0):
    s, t, p, pr = list(map(np.asanyarray, (s, t, p, pr)))

    pt = ptmp(s, t, p, pr)
    return dens(s, pt, pr)


def pres(depth, lat):
    depth, lat = list(map(np.asanyarray, (depth, lat)))

    X = np.sin(np.abs(lat * deg2rad))
    C1 = 5.92e-3 + X**2 * 5.25e-3
    return ((1 - C1) - (((1 - C1) ** 2) - (8.84e-6 * depth)) ** 0.5) / 4.42e-6


def ptmp(s, t, p, pr=0):
    s, t, p, pr = list(map(np.asanyarray, (s, t, p, pr)))

    # Theta1.
    del_P = pr - p
    del_th = del_P * adtg(s, t, p)
    th = T68conv(t) + 0.5 * del_th
    q = del_th

    # Theta2.
    del_th = del_P * adtg(s, T90conv(th), p + 0.5 * del_P)
    th = th + (1 - 1 / 2**0.5) * (del_th - q)
    q = (2 - 2**0.5) * del_th + (-2 + 3 / 2**0.5) * q

    # Theta3.
    del_th = del_P * adtg(s, T90conv(th), p + 0.5 * del_P)
    th = th + (1 + 1 / 2**0.5) * (del_th - q)
    q = (2 + 2**0.5) * del_th + (-2 - 3 / 2**0.5) * q

    # Theta4.
    del_th = del_P * adtg(s, T90conv(th), p + del_P)
    return T90conv(th + (del_th - 2 * q) / 6)


def salt(r, t, p):
    r, t, p = list(map(np.asanyarray, (r, t, p)))

    rt = salrt(t)
    rp = salrp(r, t, p)
    rt = r / (rp * rt)
    return sals(rt, t)


def svel(s, t, p):
    s, t, p = list(map(np.asanyarray, (s, t, p)))

    # UNESCO 1983. Eqn..33  p.46.
    p = p / 10  # Convert db to bars as used in UNESCO routines.
    T68 = T68conv(t)

    # Eqn 34 p.46.
    c00, c01, c02, c03, c04, c05 = (
        1402.388,
        5.03711,
        -5.80852e-2,
        3.3420e-4,
        -1.47800e-6,
        3.1464e-9,
    )
    c10, c11, c12, c13, c14 = (
        0.153563,
        6.8982e-4,
        -8.1788e-6,
        1.3621e-7,
        -6.1185e-10,
    )
    c20, c21, c22, c23, c24 = (
        3.1260e-5,
        -1.7107e-6,
        2.5974e-8,
        -2.5335e-10,
        1.0405e-12,
    )
    c30, c31, c32 = (-9.7729e-9, 3.8504e-10, -2.3643e-12)

    Cw = (
        (
            (
                ((c32 * T68 + c31) * T68 + c30) * p
                + ((((c24 * T68 + c23) * T68 + c22) * T68 + c21) * T68 + c20)
            )
            * p
            + ((((c14 * T68 + c13) * T68 + c12) * T68 + c11) * T68 + c10)
        )
        * p
        + ((((c05 * T68 + c04) * T68 + c03) * T68 + c02) * T68 + c01) * T68
        + c00
    )

    # Eqn. 35. p.47
    a00, a01, a02, a03, a04 = (1.389, -1.262e-2, 7.164e-5, 2.006e-6, -3.21e-8)
    a10, a11, a12, a13, a14 = (
        9.4742e-5,
        -1.2580e-5,
        -6.4885e-8,
        1.0507e-8,
        -2.0122e-10,
    )
    a20, a21, a22, a23 = (-3.9064e-7, 9.1041e-9, -1.6002e-10, 7.988e-12)
    a30, a31, a32 = (1.100e-10, 6.649e-12, -3.389e-13)

    A = (
        (
            (
                ((a32 * T68 + a31) * T68 + a30) * p
                + (((a23 * T68 + a22) * T68 + a21) * T68 + a20)
            )
            * p
            + ((((a14 * T68 + a13) * T68 + a12) * T68 + a11) * T68 + a10)
        )
        * p
        + (((a04 * T68 + a03) * T68 + a02) * T68 + a01) * T68
        + a00
    )

    # Eqn 36 p.47.
    b00, b01, b10, b11 = -1.922e-2, -4.42e-5, 7.3637e-5, 1.7945e-7
    B = b00 + b01 * T68 + (b10 + b11 * T68) * p

    # Eqn 37 p.47.
    d00, d10 = 1.727e-3, -7.9836e-6
    D = d00 + d10 * p

    # Eqn 33 p.46.
    return Cw + A * s + B * s * s**0.5 + D * s**2


def temp(s, pt, p, pr=0):
    s, pt, p, pr = list(map(np.asanyarray, (s, pt, p, pr)))
    # Carry out inverse calculation by swapping p0 & pr.
    return ptmp(s, pt, pr, p)


# --- seawater/extras.py ---


def dist(lat, lon, units="km"):
    lon, lat = list(map(np.asanyarray, (lon, lat)))
    lon, lat = np.broadcast_arrays(lon, lat)

    npositions = max(lon.shape)

    ind = np.arange(0, npositions - 1, 1)  # Index to first of position pairs.

    dlon = np.diff(lon, axis=0)
    lon180, lon360 = 180, 360
    if np.any(np.abs(dlon) > lon180):
        flag = abs(dlon) > lon180
        dlon[flag] = -np.sign(dlon[flag]) * (lon360 - np.abs(dlon[flag]))

    latrad = np.abs(lat * deg2rad)
    dep = np.cos((latrad[ind + 1] + latrad[ind]) / 2) * dlon
    dlat = np.diff(lat, axis=0)
    dist = DEG2NM * (dlat**2 + dep**2) ** 0.5

    if units == "km":
        dist = dist * NM2KM

    # Calculate angle to x axis.
    phaseangle = np.angle(dep + dlat * 1j) * rad2deg
    return dist, phaseangle


def f(lat):
    lat = np.asanyarray(lat)
    # Eqn p27.  UNESCO 1983.
    return 2 * OMEGA * np.sin(lat * deg2rad)


def satAr(s, t):
    s, t = list(map(np.asanyarray, (s, t)))

    # Convert T to Kelvin.
    t = Kelvin + T68conv(t)

    # Constants for Eqn (4) of Weiss 1970.
    a = [-173.5146, 245.4510, 141.8222, -21.8020]
    b = [-0.034474, 0.014934, -0.0017729]

    # Eqn (4) of Weiss 1970.
    lnC = (
        a[0]
        + a[1] * (100 / t)
        + a[2] * np.log(t / 100)
        + a[3] * (t / 100)
        + s * (b[0] + b[1] * (t / 100) + b[2] * ((t / 100) ** 2))
    )

    return np.exp(lnC)


def satN2(s, t):
    s, t = list(map(np.asanyarray, (s, t)))

    # Convert T to Kelvin.
    t = Kelvin + T68conv(t)

    # Constants for Eqn (4) of Weiss 1970.
    a = (-172.4965, 248.4262, 143.0738, -21.7120)
    b = (-0.049781, 0.025018, -0.0034861)

    # Eqn (4) of Weiss 1970.
    lnC = (
        a[0]
        + a[1] * (100 / t)
        + a[2] * np.log(t / 100)
        + a[3] * (t / 100)
        + s * (b[0] + b[1] * (t / 100) + b[2] * ((t / 100) ** 2))
    )

    return np.exp(lnC)


def satO2(s, t):
    s, t = list(map(np.asanyarray, (s, t)))

    # Convert T to Kelvin.
    t = Kelvin + T68conv(t)

    # Constants for Eqn (4) of Weiss 1970.
    a = (-173.4292, 249.6339, 143.3483, -21.8492)
    b = (-0.033096, 0.014259, -0.0017000)

    # Eqn (4) of Weiss 1970.
    lnC = (
        a[0]
        + a[1] * (100 / t)
        + a[2] * np.log(t / 100)
        + a[3] * (t / 100)
        + s * (b[0] + b[1] * (t / 100) + b[2] * ((t / 100) ** 2))
    )

    return np.exp(lnC)


def swvel(length, depth):
    length, depth = list(map(np.asanyarray, (length, depth)))
    k = 2.0 * np.pi / length
    return np.sqrt(gdef * np.tanh(k * depth) / k)


# --- seawater/geostrophic.py ---


def bfrq(s, t, p, lat=None):
    s, t, p = list(map(np.asanyarray, (s, t, p)))
    s, t, p = np.broadcast_arrays(s, t, p)
    s, t, p = list(map(atleast_2d, (s, t, p)))

    if lat is None:
        z, cor, grav = p, np.nan, np.ones(p.shape) * gdef
    else:
        lat = np.asanyarray(lat)
        z = dpth(p, lat)
        grav = g(lat, -z)  # -z because `grav` expects height as argument.
        cor = f(lat)

    p_ave = (p[0:-1, ...] + p[1:, ...]) / 2.0

    pden_up = pden(s[0:-1, ...], t[0:-1, ...], p[0:-1, ...], p_ave)
    pden_lo = pden(s[1:, ...], t[1:, ...], p[1:, ...], p_ave)

    mid_pden = (pden_up + pden_lo) / 2.0
    dif_pden = pden_up - pden_lo

    mid_g = (grav[0:-1, ...] + grav[1:, ...]) / 2.0

    dif_z = np.diff(z, axis=0)

    n2 = -mid_g * dif_pden / (dif_z * mid_pden)

    q = -cor * dif_pden / (dif_z * mid_pden)

    return n2, q, p_ave


def svan(s, t, p=0):
    s, t, p = list(map(np.asanyarray, (s, t, p)))
    return 1 / dens(s, t, p) - 1 / dens(35, 0, p)


def gpan(s, t, p):
    s, t, p = list(map(np.asanyarray, (s, t, p)))
    s, t, p = np.broadcast_arrays(s, t, p)
    s, t, p = list(map(atleast_2d, (s, t, p)))

    svn = svan(s, t, p)

    # NOTE: Assumes that pressure is the first dimension!
    mean_svan = (svn[1:, ...] + svn[0:-1, ...]) / 2.0
    top = svn[0, ...] * p[0, ...] * db2Pascal
    bottom = (mean_svan * np.diff(p, axis=0)) * db2Pascal
    ga = np.concatenate((top[None, ...], bottom), axis=0)
    return np.cumsum(ga, axis=0).squeeze()


def gvel(ga, lat, lon):
    ga, lon, lat = list(map(np.asanyarray, (ga, lon, lat)))
    distm = dist(lat, lon, units="km")[0] * 1e3
    lf = f((lat[0:-1] + lat[1:]) / 2) * distm
    return -np.diff(ga, axis=1) / lf



# --- the settings of the cases (one-line wrappers) ------------------------------------------------------------------

def T90conv_T48(t):
    return T90conv(t, t_type="T48")


def atleast_2d_three(s, t, p):
    return atleast_2d(s, t, p)


def alpha_pt(s, t, p):
    return alpha(s, t, p, pt=True)


def aonb_pt(s, t, p):
    return aonb(s, t, p, pt=True)


def beta_pt(s, t, p):
    return beta(s, t, p, pt=True)


def pden_1000(s, t, p):
    return pden(s, t, p, 1000)


def ptmp_ref(s, t, p, pr):
    return ptmp(s, t, p, pr)


def temp_1000(s, pt, p):
    return temp(s, pt, p, 1000)


def dist_nm(lat, lon):
    return dist(lat, lon, units="nm")


def bfrq_lat(s, t, p, lat):
    return bfrq(s, t, p, lat=lat)


def svan_surface(s, t):
    return svan(s, t)


def g_surface(lat):
    return g(lat)


def seck_surface(s, t):
    return seck(s, t)


# --- inputs ---------------------------------------------------------------------------------------------------------

N = 8  # samples per cast
NZ, NS = 12, 4  # depths and stations of a section


def _s(rng, *shape):
    return rng.uniform(30.0, 38.0, size=shape or (N,))


def _t(rng, *shape):
    return rng.uniform(-1.0, 30.0, size=shape or (N,))


def _p(rng, *shape):
    return rng.uniform(0.0, 5000.0, size=shape or (N,))


def _lat(rng, n=N):
    return rng.uniform(-70.0, 70.0, size=n)


def _track(rng, n=N):
    # a ship's track: small steps in latitude and longitude
    lat = 10.0 + np.cumsum(rng.uniform(-0.5, 0.5, size=n))
    lon = -30.0 + np.cumsum(rng.uniform(0.1, 1.0, size=n))
    return lat, lon


def _dateline(rng, n=N):
    # a track that crosses 180 degrees, where the longitudes jump from 179.x to -179.x
    lat = -20.0 + np.cumsum(rng.uniform(-0.3, 0.3, size=n))
    lon = 177.0 + np.cumsum(rng.uniform(0.5, 1.0, size=n))
    return lat, np.where(lon > 180.0, lon - 360.0, lon)


def _profile(rng, nz=NZ, ns=NS):
    # casts of a section: pressure increasing down axis 0, a warm fresh surface over cold salty water
    p = np.cumsum(rng.uniform(20.0, 200.0, size=(nz, ns)), axis=0)
    t = 25.0 * np.exp(-p / 800.0) + rng.uniform(0.0, 0.5, size=(nz, ns))
    s = 34.0 + 1.0 * (1.0 - np.exp(-p / 500.0)) + rng.uniform(0.0, 0.05, size=(nz, ns))
    return s, t, p


def _cast(rng):
    s, t, p = _profile(rng, NZ, 1)
    return s[:, 0], t[:, 0], p[:, 0]


def _unesco(rng):
    # UNESCO 1983 p9 (cndr's docstring), with a small perturbation
    t = T90conv(np.array([0.0, 10.0, 0.0, 10.0, 10.0, 30.0])) + rng.uniform(-0.1, 0.1, size=6)
    p = np.array([0.0, 0.0, 1000.0, 1000.0, 0.0, 0.0]) + rng.uniform(0.0, 1.0, size=6)
    s = np.array([25.0, 25.0, 25.0, 25.0, 40.0, 40.0]) + rng.uniform(-0.1, 0.1, size=6)
    return s, t, p


def _f64(rng, lo, hi):
    return np.float64(rng.uniform(lo, hi))


_l, _e, _x, _g = "library.py", "eos80.py", "extras.py", "geostrophic.py"

CASES = [
    # library.py
    case(cndr, lambda rng: _unesco(rng), SW(_l, "cndr", "the docstring's UNESCO values, perturbed")),
    # (2-D inputs are not a case: the source's salrt(t) gets the raveled t, which eager NumPy cannot broadcast)
    case(cndr, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_l, "cndr", "random casts"), name="seawater.cndr_random"),
    case(cndr, lambda rng: (_f64(rng, 30, 38), _f64(rng, 0, 30), _f64(rng, 0, 4000)), SW(_l, "cndr", "0-d inputs"), name="seawater.cndr_scalar"),
    case(salds, lambda rng: (rng.uniform(0.8, 1.1, size=N), _t(rng) - 15), SW(_l, "salds")),
    case(salrp, lambda rng: (rng.uniform(0.6, 1.3, size=N), _t(rng), _p(rng)), SW(_l, "salrp")),
    case(salrt, lambda rng: (_t(rng),), SW(_l, "salrt")),
    case(seck, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_l, "seck")),
    case(seck_surface, lambda rng: (_s(rng), _t(rng)), SW(_l, "seck", "p=0 (the default)")),
    case(sals, lambda rng: (rng.uniform(0.7, 1.2, size=N), _t(rng)), SW(_l, "sals")),
    case(smow, lambda rng: (_t(rng),), SW(_l, "smow")),
    case(smow, lambda rng: (_t(rng, 3, 4),), SW(_l, "smow", "a 2-D field"), name="seawater.smow_2d"),
    case(T68conv, lambda rng: (_t(rng),), SW(_l, "T68conv")),
    case(T90conv, lambda rng: (_t(rng),), SW(_l, "T90conv", "t_type='T68' (the default)")),
    case(T90conv_T48, lambda rng: (_t(rng),), SW(_l, "T90conv", "t_type='T48'")),
    case(atleast_2d, lambda rng: (_t(rng),), SW(_l, "atleast_2d", "one 1-D array")),
    case(atleast_2d, lambda rng: (_f64(rng, 0, 30),), SW(_l, "atleast_2d", "one 0-d array"), name="seawater.atleast_2d_scalar"),
    case(atleast_2d_three, lambda rng: (_f64(rng, 30, 38), _t(rng), _p(rng, 3, 4)), SW(_l, "atleast_2d", "0-d, 1-D and 2-D")),
    # eos80.py
    case(adtg, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "adtg")),
    case(alpha, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "alpha", "pt=False (potential temperature computed)")),
    case(alpha_pt, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "alpha", "pt=True")),
    case(aonb, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "aonb")),
    case(aonb_pt, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "aonb", "pt=True")),
    case(beta, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "beta")),
    case(beta_pt, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "beta", "pt=True")),
    case(cp, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "cp")),
    case(dens0, lambda rng: (_s(rng), _t(rng)), SW(_e, "dens0")),
    case(dens, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "dens")),
    case(dens, lambda rng: (_f64(rng, 30, 38), _f64(rng, 0, 30), _f64(rng, 0, 5000)), SW(_e, "dens", "0-d inputs"), name="seawater.dens_scalar"),
    case(dens, lambda rng: _profile(rng), SW(_e, "dens", "a section (2-D)"), name="seawater.dens_section"),
    case(dpth, lambda rng: (_p(rng), _lat(rng)), SW(_e, "dpth")),
    case(dpth, lambda rng: (_p(rng), _f64(rng, -70, 70)), SW(_e, "dpth", "one latitude"), name="seawater.dpth_one_lat"),
    case(fp, lambda rng: (_s(rng), _p(rng)), SW(_e, "fp")),
    case(g, lambda rng: (_lat(rng), -rng.uniform(0.0, 5000.0, size=N)), SW(_e, "g", "heights below the surface")),
    case(g_surface, lambda rng: (_lat(rng),), SW(_e, "g", "z=0 (the default)")),
    case(pden, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "pden", "pr=0 (the default)")),
    case(pden_1000, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "pden", "pr=1000")),
    case(pres, lambda rng: (rng.uniform(0.0, 5000.0, size=N), _lat(rng)), SW(_e, "pres")),
    case(ptmp, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "ptmp")),
    case(ptmp_ref, lambda rng: (_s(rng), _t(rng), _p(rng), _p(rng)), SW(_e, "ptmp", "a traced reference pressure")),
    case(ptmp, lambda rng: _profile(rng), SW(_e, "ptmp", "a section (2-D)"), name="seawater.ptmp_section"),
    case(salt, lambda rng: (rng.uniform(0.6, 1.3, size=N), _t(rng), _p(rng)), SW(_e, "salt")),
    case(salt, lambda rng: (rng.uniform(0.6, 1.3, size=(3, 4)), _t(rng, 3, 4), _p(rng, 3, 4)), SW(_e, "salt", "2-D"), name="seawater.salt_2d"),
    case(svel, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "svel")),
    case(svel, lambda rng: (_f64(rng, 30, 38), _f64(rng, 0, 30), _f64(rng, 0, 5000)), SW(_e, "svel", "0-d inputs"), name="seawater.svel_scalar"),
    case(svel, lambda rng: _profile(rng), SW(_e, "svel", "a section (2-D)"), name="seawater.svel_section"),
    case(temp, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "temp")),
    case(temp_1000, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_e, "temp", "pr=1000")),
    # extras.py
    case(dist, lambda rng: _track(rng), SW(_x, "dist", "units='km' (the default)")),
    case(dist_nm, lambda rng: _track(rng), SW(_x, "dist", "units='nm'")),
    case(dist, lambda rng: _dateline(rng), SW(_x, "dist", "a track across the date line (the masked write)"), name="seawater.dist_dateline"),
    case(dist, lambda rng: (_f64(rng, -60, 60), rng.uniform(-30.0, 30.0, size=N)), SW(_x, "dist", "one latitude broadcast along the track"), name="seawater.dist_one_lat"),
    case(f, lambda rng: (_lat(rng),), SW(_x, "f")),
    case(satAr, lambda rng: (_s(rng), _t(rng)), SW(_x, "satAr")),
    case(satN2, lambda rng: (_s(rng), _t(rng)), SW(_x, "satN2")),
    case(satO2, lambda rng: (_s(rng), _t(rng)), SW(_x, "satO2")),
    case(satO2, lambda rng: (_s(rng, 3, 4), _t(rng, 3, 4)), SW(_x, "satO2", "2-D"), name="seawater.satO2_2d"),
    case(swvel, lambda rng: (rng.uniform(10.0, 300.0, size=N), rng.uniform(1.0, 200.0, size=N)), SW(_x, "swvel")),
    # geostrophic.py
    case(bfrq, lambda rng: _profile(rng), SW(_g, "bfrq", "lat=None (constant gravity, no Coriolis)")),
    case(bfrq_lat, lambda rng: (*_profile(rng), rng.uniform(-60.0, 60.0, size=(1, NS))), SW(_g, "bfrq", "a latitude per station")),
    case(bfrq, lambda rng: _cast(rng), SW(_g, "bfrq", "one cast (1-D, made 2-D by atleast_2d)"), name="seawater.bfrq_cast"),
    case(svan, lambda rng: (_s(rng), _t(rng), _p(rng)), SW(_g, "svan")),
    case(svan_surface, lambda rng: (_s(rng), _t(rng)), SW(_g, "svan", "p=0 (the default)")),
    case(gpan, lambda rng: _profile(rng), SW(_g, "gpan", "a section")),
    case(gpan, lambda rng: _cast(rng), SW(_g, "gpan", "one cast (squeezed back to 1-D)"), name="seawater.gpan_cast"),
    case(gvel, lambda rng: (np.cumsum(rng.uniform(0.0, 5.0, size=(NZ, N)), axis=0), *_track(rng)), SW(_g, "gvel", "a geopotential anomaly per depth and station")),
]
