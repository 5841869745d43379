"""poliastro's astrodynamics core (poliastro/poliastro, MIT): the routines its ``Orbit`` class hands to ``numba.njit``,
on floats and 3-vectors in km and s. From ``_math/special.py``: ``hyp2f1b`` (a ``while True`` summing a series until
the sum stops changing, ``return`` inside; ``return np.inf`` first ``if x >= 1.0``) and the Stumpff functions
``stumpff_c2`` / ``stumpff_c3`` (``if psi > eps`` / ``elif psi < -eps`` / else a series ``while res + delta != res``,
with ``math.gamma`` of a counter). From ``core/angles.py``: ``newton_factory``, a closure over the Kepler equation and
its derivative (``float(x0)``, a ``for`` loop with a ``return`` inside, ``np.nan`` after it), and ``M_to_E`` (``if -np.pi
< M < 0 or np.pi < M``), ``M_to_F``, ``M_to_D`` with the anomaly conversions they call. From ``core/elements.py``:
``rv2coe`` (four branches on ``circular`` / ``equatorial`` flags, then ``if a > 0``), ``coe2rv`` (``rv_pqw``,
``coe_rotation_matrix`` through ``core/util.py``'s ``rotation_matrix``: ``assert axis in (0, 1, 2)``, writes through
``R[..., a1, a2]``), ``coe2rv_many`` (``rr[i, :], vv[i, :] = coe2rv(...)`` in a ``prange`` loop), ``coe2mee``
(``if inc == np.pi: raise``). From ``core/iod.py``: Lambert's problem, Vallado's bisection (a ``while`` / ``else``
holding a nested ``while y < 0.0``, ``break`` on convergence, ``psi_low + (psi - psi_low) * condition`` with a bool)
and Izzo's (asserts, ``min``, a conditional tuple, ``_find_xy`` refining the number of revolutions with Halley's method,
``_initial_guess``'s three branches or ``np.max`` / ``np.min`` of two guesses, Householder iterations with a ``return``
inside and a ``raise`` after, ``_tof_equation_y`` switching to ``hyp2f1b`` near x = 1). From ``core/propagation/``: the
Kepler propagators ``vallado`` (Newton in a ``while`` / ``else``, ``break``), ``danby`` (``if ecc == 0`` returns early,
a ``while n <= numiter`` with ``if ecc < 1.0`` inside and a ``break``), ``markley``, ``mikkola``, ``gooding`` (``while
f**2 >= rtol and n <= numiter``), ``recseries`` (``if method == "rtol"``, a ``for`` loop with a ``break``) and
``farnocchia`` (``delta_t_from_nu`` / ``nu_from_delta_t``: seven-way ``if`` chains on the eccentricity, the
near-parabolic series ``S_x`` / ``dS_x_alt`` in ``while True`` loops, ``assert abs(x) < 1``). And ``core/events.py``'s
``eclipse_function`` and ``line_of_sight``, ``core/sensors.py``'s ground ranges (``if abs(γ_max) <= np.pi / 2``,
``if not 0 <= β < np.pi: raise``), ``core/maneuver.py``'s ``hohmann`` (``rv2coe(k, *rv)``),
``core/flybys.py``'s ``compute_flyby``, ``core/spheroid_location.py``'s ``cartesian_to_ellipsoidal`` (a conditional
expression on the latitude) and ``core/perturbations.py``'s ``radiation_pressure`` (a star given as a function of time,
``float(line_of_sight_fast(...) > 0)``).

Copied from poliastro/poliastro at 21fd7719e89a7d22b4eac63141a60a7f1b01768c (the last commit, "Archive project",
2023-10-14; its COPYING is the MIT licence: "Copyright (c) 2012 Juan Luis Cano Rodríguez, Jorge Martínez Garrido, and
the poliastro development team"): ``src/poliastro/_math/special.py``, ``_math/linalg.py``, ``core/util.py``,
``core/angles.py``, ``core/elements.py``, ``core/iod.py``, ``core/propagation/{vallado,danby,markley,mikkola,gooding,
recseries,farnocchia}.py``, ``core/events.py``, ``core/sensors.py``, ``core/maneuver.py``, ``core/flybys.py``,
``core/spheroid_location.py`` and ``core/perturbations.py``, each file whole, in that order, bodies as written,
comments kept, docstrings dropped. Some functions of these files have no case (``mee2rv``, which raises eagerly:
``(r / s2)(...)`` calls a float; ``mee2coe``, ``elevation_function``, the ``spheroid_location`` helpers other than
``cartesian_cords``, ``bielliptic``, ``correct_pericenter``, ``J2_perturbation``, ``J3_perturbation``, the drag and
third-body accelerations, ``fp_angle``, ``d2S_x_alt``); they are kept as the files have them.

Adapted, beyond that:

* every ``@jit`` decorator (``from numba import njit as jit``, once ``@jit(parallel=sys.maxsize > 2**31)``, and the
  one on ``newton_factory``'s inner ``jit_newton_wrapper``) is removed, and ``prange`` is ``range`` (what
  ``numba.prange`` is outside a jitted function);
* the imports are this module's: the modules' cross-imports (``from poliastro._math.linalg import norm``,
  ``from poliastro.core.angles import E_to_nu, ...``) become names of this module, and their aliases are assignments
  after the definitions they name: ``c2 = stumpff_c2``, ``c3 = stumpff_c3`` (``stumpff_c2 as c2`` in ``iod.py`` and
  ``propagation/vallado.py``) and ``line_of_sight_fast = line_of_sight`` (``perturbations.py``);
* ``core/iod.py``'s ``vallado`` is named ``vallado_lambert`` here, since ``core/propagation/vallado.py`` defines a
  ``vallado`` too (neither calls itself by name).

The inputs follow poliastro's tests with the units stripped the way its ``twobody`` wrappers strip them (km, km/s, s,
rad; ``Earth.k`` = 398600.4418 km3/s2): tests/test_stumpff.py's psi on each side of ±1 and in between,
tests/test_hyper.py's x in [0, 1]; the Schlesinger & Udick anomalies of tests_twobody/test_angles.py and its classical,
hyperbolic, equatorial, circular and circular-equatorial fixtures (turned into ``r``, ``v`` by the copied ``coe2rv``,
eagerly); tests/test_iod.py's Vallado 7.5 (both solvers), Curtis 5.3 (Vallado's) and Molniya (Izzo's: ``M=0``, and ``M=1``
with both paths) Lambert problems; poliastro/examples.py's ISS propagated about one period, tests_twobody/test_propagation.py's ``r0``,
``v0`` (40 minutes), its hyperbolic orbit (300 km up at 15 km/s) and its near-parabolic orbits (ecc 0.999 and 1.001,
nu = 1 rad, one minute); test_line_of_sight's Vallado 5.6 positions and Sun; tests/test_sensors.py's 800 km, 25 and 40
degrees. Each generator moves the tests' numbers a little (NumPy floats: traced values, not trace keys) without
changing the branch, except the ``_mixed`` cases, which take one branch for the harness' first generator and another
for its second (``hyp2f1b``'s early return, ``stumpff_c2``'s formula or series, the sign of ``M`` in ``M_to_E``, and an
ellipse or a hyperbola for ``rv2coe``, ``vallado``, ``danby`` and ``farnocchia_rv``), so that the trace made on the
first call serves the other branch on the second.
"""

# ruff: noqa: E501, E741, N802, N803, N806, N816, RET505, PLR2004, SIM108, B006, F841
from __future__ import annotations

from math import gamma

import numpy as np
from numpy import cos, cross, pi, sin, sqrt

from tests.coverage.cases import POLIASTRO, Source, case

prange = range  # numba.prange, outside a jitted function

# --- poliastro/_math/special.py ---------------------------------------------------------------------------------------
def hyp2f1b(x):
    if x >= 1.0:
        return np.inf
    else:
        res = 1.0
        term = 1.0
        ii = 0
        while True:
            term = term * (3 + ii) * (1 + ii) / (5 / 2 + ii) * x / (ii + 1)
            res_old = res
            res += term
            if res_old == res:
                return res
            ii += 1


def stumpff_c2(psi):
    eps = 1.0
    if psi > eps:
        res = (1 - np.cos(np.sqrt(psi))) / psi
    elif psi < -eps:
        res = (np.cosh(np.sqrt(-psi)) - 1) / (-psi)
    else:
        res = 1.0 / 2.0
        delta = (-psi) / gamma(2 + 2 + 1)
        k = 1
        while res + delta != res:
            res = res + delta
            k += 1
            delta = (-psi) ** k / gamma(2 * k + 2 + 1)

    return res


def stumpff_c3(psi):
    eps = 1.0
    if psi > eps:
        res = (np.sqrt(psi) - np.sin(np.sqrt(psi))) / (psi * np.sqrt(psi))
    elif psi < -eps:
        res = (np.sinh(np.sqrt(-psi)) - np.sqrt(-psi)) / (-psi * np.sqrt(-psi))
    else:
        res = 1.0 / 6.0
        delta = (-psi) / gamma(2 + 3 + 1)
        k = 1
        while res + delta != res:
            res = res + delta
            k += 1
            delta = (-psi) ** k / gamma(2 * k + 3 + 1)

    return res



c2 = stumpff_c2  # from poliastro._math.special import stumpff_c2 as c2 (iod.py, propagation/vallado.py)
c3 = stumpff_c3


# --- poliastro/_math/linalg.py ----------------------------------------------------------------------------------------
def norm(arr):
    return np.sqrt(arr @ arr)



# --- poliastro/core/util.py -------------------------------------------------------------------------------------------
def rotation_matrix(angle, axis):
    assert axis in (0, 1, 2)
    angle = np.asarray(angle)
    c = cos(angle)
    s = sin(angle)

    a1 = (axis + 1) % 3
    a2 = (axis + 2) % 3
    R = np.zeros(angle.shape + (3, 3))
    R[..., axis, axis] = 1.0
    R[..., a1, a1] = c
    R[..., a1, a2] = -s
    R[..., a2, a1] = s
    R[..., a2, a2] = c
    return R


def alinspace(start, stop=None, num=50, endpoint=True):
    # Create a new variable to avoid numba crash,
    # See https://github.com/numba/numba/issues/5661
    if stop is None:
        stop_ = start + 2 * np.pi
    elif stop <= start:
        stop_ = stop + (np.floor((start - stop) / 2 / np.pi) + 1) * 2 * np.pi
    else:
        stop_ = stop

    if endpoint:
        return np.linspace(start, stop_, num)
    else:
        return np.linspace(start, stop_, num + 1)[:-1]


def spherical_to_cartesian(v):
    v = np.asarray(v)
    norm_vecs = np.expand_dims(np.asarray(v[..., 0]), -1)
    vsin = np.sin(v[..., 1:3])
    vcos = np.cos(v[..., 1:3])
    x = np.asarray(vsin[..., 0] * vcos[..., 1])
    y = np.asarray(vsin[..., 0] * vsin[..., 1])
    z = np.asarray(vcos[..., 0])
    return norm_vecs * np.stack((x, y, z), axis=-1)


def planetocentric_to_AltAz(theta, phi):
    # Transformation matrix for converting planetocentric equatorial coordinates to topocentric horizon system.
    t_matrix = np.array(
        [
            [-np.sin(theta), np.cos(theta), 0],
            [
                -np.sin(phi) * np.cos(theta),
                -np.sin(phi) * np.sin(theta),
                np.cos(phi),
            ],
            [
                np.cos(phi) * np.cos(theta),
                np.cos(phi) * np.sin(theta),
                np.sin(phi),
            ],
        ]
    )
    return t_matrix



# --- poliastro/core/angles.py -----------------------------------------------------------------------------------------
def _kepler_equation(E, M, ecc):
    return E_to_M(E, ecc) - M


def _kepler_equation_prime(E, M, ecc):
    return 1 - ecc * np.cos(E)


def _kepler_equation_hyper(F, M, ecc):
    return F_to_M(F, ecc) - M


def _kepler_equation_prime_hyper(F, M, ecc):
    return ecc * np.cosh(F) - 1


def newton_factory(func, fprime):
    def jit_newton_wrapper(x0, args=(), tol=1.48e-08, maxiter=50):
        p0 = float(x0)
        for _ in range(maxiter):
            fval = func(p0, *args)
            fder = fprime(p0, *args)
            newton_step = fval / fder
            p = p0 - newton_step
            if abs(p - p0) < tol:
                return p
            p0 = p

        return np.nan

    return jit_newton_wrapper


_newton_elliptic = newton_factory(_kepler_equation, _kepler_equation_prime)
_newton_hyperbolic = newton_factory(
    _kepler_equation_hyper, _kepler_equation_prime_hyper
)


def D_to_nu(D):
    return 2.0 * np.arctan(D)


def nu_to_D(nu):
    # TODO: Rename to B
    return np.tan(nu / 2.0)


def nu_to_E(nu, ecc):
    E = 2 * np.arctan(np.sqrt((1 - ecc) / (1 + ecc)) * np.tan(nu / 2))
    return E


def nu_to_F(nu, ecc):
    F = 2 * np.arctanh(np.sqrt((ecc - 1) / (ecc + 1)) * np.tan(nu / 2))
    return F


def E_to_nu(E, ecc):
    nu = 2 * np.arctan(np.sqrt((1 + ecc) / (1 - ecc)) * np.tan(E / 2))
    return nu


def F_to_nu(F, ecc):
    nu = 2 * np.arctan(np.sqrt((ecc + 1) / (ecc - 1)) * np.tanh(F / 2))
    return nu


def M_to_E(M, ecc):
    if -np.pi < M < 0 or np.pi < M:
        E0 = M - ecc
    else:
        E0 = M + ecc
    E = _newton_elliptic(E0, args=(M, ecc))
    return E


def M_to_F(M, ecc):
    F0 = np.arcsinh(M / ecc)
    F = _newton_hyperbolic(F0, args=(M, ecc), maxiter=100)
    return F


def M_to_D(M):
    B = 3.0 * M / 2.0
    A = (B + (1.0 + B**2) ** 0.5) ** (2.0 / 3.0)
    D = 2 * A * B / (1 + A + A**2)
    return D


def E_to_M(E, ecc):
    M = E - ecc * np.sin(E)
    return M


def F_to_M(F, ecc):
    M = ecc * np.sinh(F) - F
    return M


def D_to_M(D):
    M = D + D**3 / 3
    return M


def fp_angle(nu, ecc):
    return np.arctan2(ecc * np.sin(nu), 1 + ecc * np.cos(nu))



# --- poliastro/core/elements.py ---------------------------------------------------------------------------------------
def eccentricity_vector(k, r, v):
    return ((v @ v - k / norm(r)) * r - (r @ v) * v) / k


def circular_velocity(k, a):
    return np.sqrt(k / a)


def rv_pqw(k, p, ecc, nu):
    pqw = np.array(
        [[cos(nu), sin(nu), 0], [-sin(nu), ecc + cos(nu), 0]]
    ) * np.array([[p / (1 + ecc * cos(nu))], [sqrt(k / p)]])
    return pqw


def coe_rotation_matrix(inc, raan, argp):
    r = rotation_matrix(raan, 2)
    r = r @ rotation_matrix(inc, 0)
    r = r @ rotation_matrix(argp, 2)
    return r


def coe2rv(k, p, ecc, inc, raan, argp, nu):
    pqw = rv_pqw(k, p, ecc, nu)
    rm = coe_rotation_matrix(inc, raan, argp)

    ijk = pqw @ rm.T

    return ijk


def coe2rv_many(k, p, ecc, inc, raan, argp, nu):
    n = nu.shape[0]
    rr = np.zeros((n, 3))
    vv = np.zeros((n, 3))

    # Disabling pylint warning, see https://github.com/PyCQA/pylint/issues/2910
    for i in prange(n):  # pylint: disable=not-an-iterable
        rr[i, :], vv[i, :] = coe2rv(
            k[i], p[i], ecc[i], inc[i], raan[i], argp[i], nu[i]
        )

    return rr, vv


def coe2mee(p, ecc, inc, raan, argp, nu):
    if inc == np.pi:
        raise ValueError(
            "Cannot compute modified equinoctial set for 180 degrees orbit inclination due to `h` and `k` singularity."
        )

    lonper = raan + argp
    f = ecc * np.cos(lonper)
    g = ecc * np.sin(lonper)
    h = np.tan(inc / 2) * np.cos(raan)
    k = np.tan(inc / 2) * np.sin(raan)
    L = lonper + nu
    return p, f, g, h, k, L


def rv2coe(k, r, v, tol=1e-8):
    h = cross(r, v)
    n = cross([0, 0, 1], h)
    e = ((v @ v - k / norm(r)) * r - (r @ v) * v) / k
    ecc = norm(e)
    p = (h @ h) / k
    inc = np.arccos(h[2] / norm(h))

    circular = ecc < tol
    equatorial = abs(inc) < tol

    if equatorial and not circular:
        raan = 0
        argp = np.arctan2(e[1], e[0]) % (2 * np.pi)  # Longitude of periapsis
        nu = np.arctan2((h @ cross(e, r)) / norm(h), r @ e)
    elif not equatorial and circular:
        raan = np.arctan2(n[1], n[0]) % (2 * np.pi)
        argp = 0
        # Argument of latitude
        nu = np.arctan2((r @ cross(h, n)) / norm(h), r @ n)
    elif equatorial and circular:
        raan = 0
        argp = 0
        nu = np.arctan2(r[1], r[0]) % (2 * np.pi)  # True longitude
    else:
        a = p / (1 - (ecc**2))
        ka = k * a
        if a > 0:
            e_se = (r @ v) / sqrt(ka)
            e_ce = norm(r) * (v @ v) / k - 1
            nu = E_to_nu(np.arctan2(e_se, e_ce), ecc)
        else:
            e_sh = (r @ v) / sqrt(-ka)
            e_ch = norm(r) * (norm(v) ** 2) / k - 1
            nu = F_to_nu(np.log((e_ch + e_sh) / (e_ch - e_sh)) / 2, ecc)

        raan = np.arctan2(n[1], n[0]) % (2 * np.pi)
        px = r @ n
        py = (r @ cross(h, n)) / norm(h)
        argp = (np.arctan2(py, px) - nu) % (2 * np.pi)

    nu = (nu + np.pi) % (2 * np.pi) - np.pi

    return p, ecc, inc, raan, argp, nu


def mee2coe(p, f, g, h, k, L):
    ecc = np.sqrt(f**2 + g**2)
    inc = 2 * np.arctan(np.sqrt(h**2 + k**2))
    lonper = np.arctan2(g, f)
    raan = np.arctan2(k, h) % (2 * np.pi)
    argp = (lonper - raan) % (2 * np.pi)
    nu = (L - lonper) % (2 * np.pi)
    return p, ecc, inc, raan, argp, nu


def mee2rv(p, f, g, h, k, L):
    w = 1 + f * np.cos(L) + g * np.sin(L)
    r = p / w
    s2 = 1 + h**2 + k**2
    alpha2 = h**2 - k**2

    rx = (r / s2)(np.cos(L) + alpha2**2 * np.cos(L) + 2 * h * k * np.sin(L))
    ry = (r / s2)(np.sin(L) - alpha2**2 * np.sin(L) + 2 * h * k * np.cos(L))
    rz = (2 * r / s2)(h * np.sin(L) - k * np.cos(L))

    vx = (
        (-1 / s2)
        * (np.sqrt(k / p))
        * (
            np.sin(L)
            + alpha2 * np.sin(L)
            - 2 * h * k * np.cos(L)
            + g
            - 2 * f * h * k
            + alpha2 * g
        )
    )
    vy = (
        (-1 / s2)
        * (np.sqrt(k / p))
        * (
            -np.cos(L)
            + alpha2 * np.cos(L)
            + 2 * h * k * np.sin(L)
            - f
            + 2 * g * h * k
            + alpha2 * f
        )
    )
    vz = (
        (2 / s2)
        * (np.sqrt(k / p))
        * (h * np.cos(L) + k * np.sin(L) + f * h + g * k)
    )

    return np.array([rx, ry, rz]), np.array([vx, vy, vz])



# --- poliastro/core/iod.py --------------------------------------------------------------------------------------------
def vallado_lambert(k, r0, r, tof, M, prograde, lowpath, numiter, rtol):
    # TODO: expand for the multi-revolution case.
    # Issue: https://github.com/poliastro/poliastro/issues/858
    if M > 0:
        raise NotImplementedError(
            "Multi-revolution scenario not supported for Vallado. See issue https://github.com/poliastro/poliastro/issues/858"
        )

    t_m = 1 if prograde else -1

    norm_r0 = norm(r0)
    norm_r = norm(r)
    norm_r0_times_norm_r = norm_r0 * norm_r
    norm_r0_plus_norm_r = norm_r0 + norm_r

    cos_dnu = (r0 @ r) / norm_r0_times_norm_r

    A = t_m * (norm_r * norm_r0 * (1 + cos_dnu)) ** 0.5

    if A == 0.0:
        raise RuntimeError("Cannot compute orbit, phase angle is 180 degrees")

    psi = 0.0
    psi_low = -4 * np.pi**2
    psi_up = 4 * np.pi**2

    count = 0

    while count < numiter:
        y = norm_r0_plus_norm_r + A * (psi * c3(psi) - 1) / c2(psi) ** 0.5
        if A > 0.0:
            # Readjust xi_low until y > 0.0
            # Translated directly from Vallado
            while y < 0.0:
                psi_low = psi
                psi = (
                    0.8
                    * (1.0 / c3(psi))
                    * (1.0 - norm_r0_times_norm_r * np.sqrt(c2(psi)) / A)
                )
                y = (
                    norm_r0_plus_norm_r
                    + A * (psi * c3(psi) - 1) / c2(psi) ** 0.5
                )

        xi = np.sqrt(y / c2(psi))
        tof_new = (xi**3 * c3(psi) + A * np.sqrt(y)) / np.sqrt(k)

        # Convergence check
        if np.abs((tof_new - tof) / tof) < rtol:
            break
        count += 1
        # Bisection check
        condition = tof_new <= tof
        psi_low = psi_low + (psi - psi_low) * condition
        psi_up = psi_up + (psi - psi_up) * (not condition)

        psi = (psi_up + psi_low) / 2
    else:
        raise RuntimeError("Maximum number of iterations reached")

    f = 1 - y / norm_r0
    g = A * np.sqrt(y / k)

    gdot = 1 - y / norm_r

    v0 = (r - f * r0) / g
    v = (gdot * r - r0) / g

    return v0, v


def izzo(k, r1, r2, tof, M, prograde, lowpath, numiter, rtol):
    # Check preconditions
    assert tof > 0
    assert k > 0

    # Check collinearity of r1 and r2
    if not cross(r1, r2).any():
        raise ValueError(
            "Lambert solution cannot be computed for collinear vectors"
        )

    # Chord
    c = r2 - r1
    c_norm, r1_norm, r2_norm = norm(c), norm(r1), norm(r2)

    # Semiperimeter
    s = (r1_norm + r2_norm + c_norm) * 0.5

    # Versors
    i_r1, i_r2 = r1 / r1_norm, r2 / r2_norm
    i_h = cross(i_r1, i_r2)
    i_h = i_h / norm(i_h)  # Fixed from paper

    # Geometry of the problem
    ll = np.sqrt(1 - min(1.0, c_norm / s))

    # Compute the fundamental tangential directions
    if i_h[2] < 0:
        ll = -ll
        i_t1, i_t2 = cross(i_r1, i_h), cross(i_r2, i_h)
    else:
        i_t1, i_t2 = cross(i_h, i_r1), cross(i_h, i_r2)

    # Correct transfer angle parameter and tangential vectors if required
    ll, i_t1, i_t2 = (ll, i_t1, i_t2) if prograde else (-ll, -i_t1, -i_t2)

    # Non dimensional time of flight
    T = np.sqrt(2 * k / s**3) * tof

    # Find solutions
    x, y = _find_xy(ll, T, M, numiter, lowpath, rtol)

    # Reconstruct
    gamma = np.sqrt(k * s / 2)
    rho = (r1_norm - r2_norm) / c_norm
    sigma = np.sqrt(1 - rho**2)

    # Compute the radial and tangential components at r0 and r
    V_r1, V_r2, V_t1, V_t2 = _reconstruct(
        x, y, r1_norm, r2_norm, ll, gamma, rho, sigma
    )

    # Solve for the initial and final velocity
    v1 = V_r1 * (r1 / r1_norm) + V_t1 * i_t1
    v2 = V_r2 * (r2 / r2_norm) + V_t2 * i_t2

    return v1, v2


def _reconstruct(x, y, r1, r2, ll, gamma, rho, sigma):
    V_r1 = gamma * ((ll * y - x) - rho * (ll * y + x)) / r1
    V_r2 = -gamma * ((ll * y - x) + rho * (ll * y + x)) / r2
    V_t1 = gamma * sigma * (y + ll * x) / r1
    V_t2 = gamma * sigma * (y + ll * x) / r2
    return V_r1, V_r2, V_t1, V_t2


def _find_xy(ll, T, M, numiter, lowpath, rtol):
    # For abs(ll) == 1 the derivative is not continuous
    assert abs(ll) < 1
    assert T > 0  # Mistake in the original paper

    M_max = np.floor(T / pi)
    T_00 = np.arccos(ll) + ll * np.sqrt(1 - ll**2)  # T_xM

    # Refine maximum number of revolutions if necessary
    if T < T_00 + M_max * pi and M_max > 0:
        _, T_min = _compute_T_min(ll, M_max, numiter, rtol)
        if T < T_min:
            M_max -= 1

    # Check if a feasible solution exist for the given number of revolutions
    # This departs from the original paper in that we do not compute all solutions
    if M > M_max:
        raise ValueError("No feasible solution, try lower M")

    # Initial guess
    x_0 = _initial_guess(T, ll, M, lowpath)

    # Start Householder iterations from x_0 and find x, y
    x = _householder(x_0, T, ll, M, rtol, numiter)
    y = _compute_y(x, ll)

    return x, y


def _compute_y(x, ll):
    return np.sqrt(1 - ll**2 * (1 - x**2))


def _compute_psi(x, y, ll):
    if -1 <= x < 1:
        # Elliptic motion
        # Use arc cosine to avoid numerical errors
        return np.arccos(x * y + ll * (1 - x**2))
    elif x > 1:
        # Hyperbolic motion
        # The hyperbolic sine is bijective
        return np.arcsinh((y - x * ll) * np.sqrt(x**2 - 1))
    else:
        # Parabolic motion
        return 0.0


def _tof_equation(x, T0, ll, M):
    return _tof_equation_y(x, _compute_y(x, ll), T0, ll, M)


def _tof_equation_y(x, y, T0, ll, M):
    if M == 0 and np.sqrt(0.6) < x < np.sqrt(1.4):
        eta = y - ll * x
        S_1 = (1 - ll - x * eta) * 0.5
        Q = 4 / 3 * hyp2f1b(S_1)
        T_ = (eta**3 * Q + 4 * ll * eta) * 0.5
    else:
        psi = _compute_psi(x, y, ll)
        T_ = np.divide(
            np.divide(psi + M * pi, np.sqrt(np.abs(1 - x**2))) - x + ll * y,
            (1 - x**2),
        )

    return T_ - T0


def _tof_equation_p(x, y, T, ll):
    # TODO: What about derivatives when x approaches 1?
    return (3 * T * x - 2 + 2 * ll**3 * x / y) / (1 - x**2)


def _tof_equation_p2(x, y, T, dT, ll):
    return (3 * T + 5 * x * dT + 2 * (1 - ll**2) * ll**3 / y**3) / (
        1 - x**2
    )


def _tof_equation_p3(x, y, _, dT, ddT, ll):
    return (
        7 * x * ddT + 8 * dT - 6 * (1 - ll**2) * ll**5 * x / y**5
    ) / (1 - x**2)


def _compute_T_min(ll, M, numiter, rtol):
    if ll == 1:
        x_T_min = 0.0
        T_min = _tof_equation(x_T_min, 0.0, ll, M)
    else:
        if M == 0:
            x_T_min = np.inf
            T_min = 0.0
        else:
            # Set x_i > 0 to avoid problems at ll = -1
            x_i = 0.1
            T_i = _tof_equation(x_i, 0.0, ll, M)
            x_T_min = _halley(x_i, T_i, ll, rtol, numiter)
            T_min = _tof_equation(x_T_min, 0.0, ll, M)

    return x_T_min, T_min


def _initial_guess(T, ll, M, lowpath):
    if M == 0:
        # Single revolution
        T_0 = np.arccos(ll) + ll * np.sqrt(1 - ll**2) + M * pi  # Equation 19
        T_1 = 2 * (1 - ll**3) / 3  # Equation 21
        if T >= T_0:
            x_0 = (T_0 / T) ** (2 / 3) - 1
        elif T < T_1:
            x_0 = 5 / 2 * T_1 / T * (T_1 - T) / (1 - ll**5) + 1
        else:
            # This is the real condition, which is not exactly equivalent
            # elif T_1 < T < T_0
            # Corrected initial guess,
            # piecewise equation right after expression (30) in the original paper is incorrect
            # See https://github.com/poliastro/poliastro/issues/1362
            x_0 = np.exp(np.log(2) * np.log(T / T_0) / np.log(T_1 / T_0)) - 1

        return x_0
    else:
        # Multiple revolution
        x_0l = (((M * pi + pi) / (8 * T)) ** (2 / 3) - 1) / (
            ((M * pi + pi) / (8 * T)) ** (2 / 3) + 1
        )
        x_0r = (((8 * T) / (M * pi)) ** (2 / 3) - 1) / (
            ((8 * T) / (M * pi)) ** (2 / 3) + 1
        )

        # Select one of the solutions according to desired type of path
        x_0 = (
            np.max(np.array([x_0l, x_0r]))
            if lowpath
            else np.min(np.array([x_0l, x_0r]))
        )

        return x_0


def _halley(p0, T0, ll, tol, maxiter):
    for ii in range(maxiter):
        y = _compute_y(p0, ll)
        fder = _tof_equation_p(p0, y, T0, ll)
        fder2 = _tof_equation_p2(p0, y, T0, fder, ll)
        if fder2 == 0:
            raise RuntimeError("Derivative was zero")
        fder3 = _tof_equation_p3(p0, y, T0, fder, fder2, ll)

        # Halley step (cubic)
        p = p0 - 2 * fder * fder2 / (2 * fder2**2 - fder * fder3)

        if abs(p - p0) < tol:
            return p
        p0 = p

    raise RuntimeError("Failed to converge")


def _householder(p0, T0, ll, M, tol, maxiter):
    for ii in range(maxiter):
        y = _compute_y(p0, ll)
        fval = _tof_equation_y(p0, y, T0, ll, M)
        T = fval + T0
        fder = _tof_equation_p(p0, y, T, ll)
        fder2 = _tof_equation_p2(p0, y, T, fder, ll)
        fder3 = _tof_equation_p3(p0, y, T, fder, fder2, ll)

        # Householder step (quartic)
        p = p0 - fval * (
            (fder**2 - fval * fder2 / 2)
            / (fder * (fder**2 - fval * fder2) + fder3 * fval**2 / 6)
        )

        if abs(p - p0) < tol:
            return p
        p0 = p

    raise RuntimeError("Failed to converge")



# --- poliastro/core/propagation/vallado.py ----------------------------------------------------------------------------
def vallado(k, r0, v0, tof, numiter):
    # Cache some results
    dot_r0v0 = r0 @ v0
    norm_r0 = norm(r0)
    sqrt_mu = k**0.5
    alpha = -(v0 @ v0) / k + 2 / norm_r0

    # First guess
    if alpha > 0:
        # Elliptic orbit
        xi_new = sqrt_mu * tof * alpha
    elif alpha < 0:
        # Hyperbolic orbit
        xi_new = (
            np.sign(tof)
            * (-1 / alpha) ** 0.5
            * np.log(
                (-2 * k * alpha * tof)
                / (
                    dot_r0v0
                    + np.sign(tof)
                    * np.sqrt(-k / alpha)
                    * (1 - norm_r0 * alpha)
                )
            )
        )
    else:
        # Parabolic orbit
        # (Conservative initial guess)
        xi_new = sqrt_mu * tof / norm_r0

    # Newton-Raphson iteration on the Kepler equation
    count = 0
    while count < numiter:
        xi = xi_new
        psi = xi * xi * alpha
        c2_psi = c2(psi)
        c3_psi = c3(psi)
        norm_r = (
            xi * xi * c2_psi
            + dot_r0v0 / sqrt_mu * xi * (1 - psi * c3_psi)
            + norm_r0 * (1 - psi * c2_psi)
        )
        xi_new = (
            xi
            + (
                sqrt_mu * tof
                - xi * xi * xi * c3_psi
                - dot_r0v0 / sqrt_mu * xi * xi * c2_psi
                - norm_r0 * xi * (1 - psi * c3_psi)
            )
            / norm_r
        )
        if abs(xi_new - xi) < 1e-7:
            break
        else:
            count += 1
    else:
        raise RuntimeError("Maximum number of iterations reached")

    # Compute Lagrange coefficients
    f = 1 - xi**2 / norm_r0 * c2_psi
    g = tof - xi**3 / sqrt_mu * c3_psi

    gdot = 1 - xi**2 / norm_r * c2_psi
    fdot = sqrt_mu / (norm_r * norm_r0) * xi * (psi * c3_psi - 1)

    return f, g, fdot, gdot



# --- poliastro/core/propagation/danby.py ------------------------------------------------------------------------------
def danby_coe(k, p, ecc, inc, raan, argp, nu, tof, numiter=20, rtol=1e-8):
    semi_axis_a = p / (1 - ecc**2)
    n = np.sqrt(k / np.abs(semi_axis_a) ** 3)

    if ecc == 0:
        # Solving for circular orbit
        M0 = nu  # for circular orbit M = E = nu
        M = M0 + n * tof
        nu = M - 2 * np.pi * np.floor(M / 2 / np.pi)
        return nu

    elif ecc < 1.0:
        # For elliptical orbit
        M0 = E_to_M(nu_to_E(nu, ecc), ecc)
        M = M0 + n * tof
        xma = M - 2 * np.pi * np.floor(M / 2 / np.pi)
        E = xma + 0.85 * np.sign(np.sin(xma)) * ecc

    else:
        # For parabolic and hyperbolic
        M0 = F_to_M(nu_to_F(nu, ecc), ecc)
        M = M0 + n * tof
        xma = M - 2 * np.pi * np.floor(M / 2 / np.pi)
        E = np.log(2 * xma / ecc + 1.8)

    # Iterations begin
    n = 0
    while n <= numiter:
        if ecc < 1.0:
            s = ecc * np.sin(E)
            c = ecc * np.cos(E)
            f = E - s - xma
            fp = 1 - c
            fpp = s
            fppp = c
        else:
            s = ecc * np.sinh(E)
            c = ecc * np.cosh(E)
            f = s - E - xma
            fp = c - 1
            fpp = s
            fppp = c

        if np.abs(f) <= rtol:
            if ecc < 1.0:
                sta = np.sqrt(1 - ecc**2) * np.sin(E)
                cta = np.cos(E) - ecc
            else:
                sta = np.sqrt(ecc**2 - 1) * np.sinh(E)
                cta = ecc - np.cosh(E)

            nu = np.arctan2(sta, cta)
            break
        else:
            delta = -f / fp
            delta_star = -f / (fp + 0.5 * delta * fpp)
            deltak = -f / (
                fp + 0.5 * delta_star * fpp + delta_star**2 * fppp / 6
            )
            E = E + deltak
            n += 1
    else:
        raise ValueError("Maximum number of iterations has been reached.")

    return nu


def danby(k, r0, v0, tof, numiter=20, rtol=1e-8):
    # Solve first for eccentricity and mean anomaly
    p, ecc, inc, raan, argp, nu = rv2coe(k, r0, v0)
    nu = danby_coe(k, p, ecc, inc, raan, argp, nu, tof, numiter, rtol)

    return coe2rv(k, p, ecc, inc, raan, argp, nu)



# --- poliastro/core/propagation/markley.py ----------------------------------------------------------------------------
def markley_coe(k, p, ecc, inc, raan, argp, nu, tof):
    M0 = E_to_M(nu_to_E(nu, ecc), ecc)
    a = p / (1 - ecc**2)
    n = np.sqrt(k / a**3)
    M = M0 + n * tof

    # Range between -pi and pi
    M = (M + np.pi) % (2 * np.pi) - np.pi

    # Equation (20)
    alpha = (3 * np.pi**2 + 1.6 * (np.pi - np.abs(M)) / (1 + ecc)) / (
        np.pi**2 - 6
    )

    # Equation (5)
    d = 3 * (1 - ecc) + alpha * ecc

    # Equation (9)
    q = 2 * alpha * d * (1 - ecc) - M**2

    # Equation (10)
    r = 3 * alpha * d * (d - 1 + ecc) * M + M**3

    # Equation (14)
    w = (np.abs(r) + np.sqrt(q**3 + r**2)) ** (2 / 3)

    # Equation (15)
    E = (2 * r * w / (w**2 + w * q + q**2) + M) / d

    # Equation (26)
    f0 = _kepler_equation(E, M, ecc)
    f1 = _kepler_equation_prime(E, M, ecc)
    f2 = ecc * np.sin(E)
    f3 = ecc * np.cos(E)
    f4 = -f2

    # Equation (22)
    delta3 = -f0 / (f1 - 0.5 * f0 * f2 / f1)
    delta4 = -f0 / (f1 + 0.5 * delta3 * f2 + 1 / 6 * delta3**2 * f3)
    delta5 = -f0 / (
        f1
        + 0.5 * delta4 * f2
        + 1 / 6 * delta4**2 * f3
        + 1 / 24 * delta4**3 * f4
    )

    E += delta5
    nu = E_to_nu(E, ecc)

    return nu


def markley(k, r0, v0, tof):
    # Solve first for eccentricity and mean anomaly
    p, ecc, inc, raan, argp, nu = rv2coe(k, r0, v0)
    nu = markley_coe(k, p, ecc, inc, raan, argp, nu, tof)

    return coe2rv(k, p, ecc, inc, raan, argp, nu)



# --- poliastro/core/propagation/mikkola.py ----------------------------------------------------------------------------
def mikkola_coe(k, p, ecc, inc, raan, argp, nu, tof):
    a = p / (1 - ecc**2)
    n = np.sqrt(k / np.abs(a) ** 3)

    # Solve for specific geometrical case
    if ecc < 1.0:
        # Equation (9a)
        alpha = (1 - ecc) / (4 * ecc + 1 / 2)
        M0 = E_to_M(nu_to_E(nu, ecc), ecc)
    else:
        alpha = (ecc - 1) / (4 * ecc + 1 / 2)
        M0 = F_to_M(nu_to_F(nu, ecc), ecc)

    M = M0 + n * tof
    beta = M / 2 / (4 * ecc + 1 / 2)

    # Equation (9b)
    if beta >= 0:
        z = (beta + np.sqrt(beta**2 + alpha**3)) ** (1 / 3)
    else:
        z = (beta - np.sqrt(beta**2 + alpha**3)) ** (1 / 3)

    s = z - alpha / z

    # Apply initial correction
    if ecc < 1.0:
        ds = -0.078 * s**5 / (1 + ecc)
    else:
        ds = 0.071 * s**5 / (1 + 0.45 * s**2) / (1 + 4 * s**2) / ecc

    s += ds

    # Solving for the true anomaly
    if ecc < 1.0:
        E = M + ecc * (3 * s - 4 * s**3)
        f = E - ecc * np.sin(E) - M
        f1 = 1.0 - ecc * np.cos(E)
        f2 = ecc * np.sin(E)
        f3 = ecc * np.cos(E)
        f4 = -f2
        f5 = -f3
    else:
        E = 3 * np.log(s + np.sqrt(1 + s**2))
        f = -E + ecc * np.sinh(E) - M
        f1 = -1.0 + ecc * np.cosh(E)
        f2 = ecc * np.sinh(E)
        f3 = ecc * np.cosh(E)
        f4 = f2
        f5 = f3

    # Apply Taylor expansion
    u1 = -f / f1
    u2 = -f / (f1 + 0.5 * f2 * u1)
    u3 = -f / (f1 + 0.5 * f2 * u2 + (1.0 / 6.0) * f3 * u2**2)
    u4 = -f / (
        f1
        + 0.5 * f2 * u3
        + (1.0 / 6.0) * f3 * u3**2
        + (1.0 / 24.0) * f4 * (u3**3)
    )
    u5 = -f / (
        f1
        + f2 * u4 / 2
        + f3 * (u4 * u4) / 6.0
        + f4 * (u4 * u4 * u4) / 24.0
        + f5 * (u4 * u4 * u4 * u4) / 120.0
    )

    E += u5

    if ecc < 1.0:
        nu = E_to_nu(E, ecc)
    else:
        if ecc == 1.0:
            # Parabolic
            nu = D_to_nu(E)
        else:
            # Hyperbolic
            nu = F_to_nu(E, ecc)

    return nu


def mikkola(k, r0, v0, tof, rtol=None):
    # Solving for the classical elements
    p, ecc, inc, raan, argp, nu = rv2coe(k, r0, v0)
    nu = mikkola_coe(k, p, ecc, inc, raan, argp, nu, tof)

    return coe2rv(k, p, ecc, inc, raan, argp, nu)



# --- poliastro/core/propagation/gooding.py ----------------------------------------------------------------------------
def gooding_coe(k, p, ecc, inc, raan, argp, nu, tof, numiter=150, rtol=1e-8):
    # TODO: parabolic and hyperbolic not implemented cases
    if ecc >= 1.0:
        raise NotImplementedError(
            "Parabolic/Hyperbolic cases still not implemented in gooding."
        )

    M0 = E_to_M(nu_to_E(nu, ecc), ecc)
    semi_axis_a = p / (1 - ecc**2)
    n = np.sqrt(k / np.abs(semi_axis_a) ** 3)
    M = M0 + n * tof

    # Start the computation
    n = 0
    c = ecc * np.cos(M)
    s = ecc * np.sin(M)
    psi = s / np.sqrt(1 - 2 * c + ecc**2)
    f = 1.0
    while f**2 >= rtol and n <= numiter:
        xi = np.cos(psi)
        eta = np.sin(psi)
        fd = (1 - c * xi) + s * eta
        fdd = c * eta + s * xi
        f = psi - fdd
        psi = psi - f * fd / (fd**2 - 0.5 * f * fdd)
        n += 1

    E = M + psi
    return E_to_nu(E, ecc)


def gooding(k, r0, v0, tof, numiter=150, rtol=1e-8):
    # Solve first for eccentricity and mean anomaly
    p, ecc, inc, raan, argp, nu = rv2coe(k, r0, v0)
    nu = gooding_coe(k, p, ecc, inc, raan, argp, nu, tof, numiter, rtol)

    return coe2rv(k, p, ecc, inc, raan, argp, nu)



# --- poliastro/core/propagation/recseries.py --------------------------------------------------------------------------
def recseries_coe(
    k,
    p,
    ecc,
    inc,
    raan,
    argp,
    nu,
    tof,
    method="rtol",
    order=8,
    numiter=100,
    rtol=1e-8,
):
    # semi-major axis
    semi_axis_a = p / (1 - ecc**2)
    # mean angular motion
    n = np.sqrt(k / np.abs(semi_axis_a) ** 3)

    if ecc == 0:
        # Solving for circular orbit

        # compute initial mean anoamly
        M0 = nu  # For circular orbit (M = E = nu)
        # final mean anaomaly
        M = M0 + n * tof
        # snapping anomaly to [0,pi] range
        nu = M - 2 * np.pi * np.floor(M / 2 / np.pi)

        return nu

    elif ecc < 1.0:
        # Solving for elliptical orbit

        # compute initial mean anoamly
        M0 = E_to_M(nu_to_E(nu, ecc), ecc)
        # final mean anaomaly
        M = M0 + n * tof
        # snapping anomaly to [0,pi] range
        M = M - 2 * np.pi * np.floor(M / 2 / np.pi)

        # set recursion iteration
        if method == "rtol":
            Niter = numiter
        elif method == "order":
            Niter = order
        else:
            raise ValueError(
                "Unknown recursion termination method ('rtol','order')."
            )

        # compute eccentric anomaly through recursive series
        E = M + ecc  # Using initial guess from vallado to improve convergence
        for i in range(0, Niter):
            En = M + ecc * np.sin(E)
            # check for break condition
            if method == "rtol" and (abs(En - E) / abs(E)) < rtol:
                break
            E = En

        return E_to_nu(E, ecc)

    else:
        # Parabolic/Hyperbolic orbits are not supported
        raise ValueError("Parabolic/Hyperbolic orbits not supported.")

    return nu


def recseries(k, r0, v0, tof, method="rtol", order=8, numiter=100, rtol=1e-8):
    # Solve first for eccentricity and mean anomaly
    p, ecc, inc, raan, argp, nu = rv2coe(k, r0, v0)
    nu = recseries_coe(
        k, p, ecc, inc, raan, argp, nu, tof, method, order, numiter, rtol
    )

    return coe2rv(k, p, ecc, inc, raan, argp, nu)



# --- poliastro/core/propagation/farnocchia.py -------------------------------------------------------------------------
def _kepler_equation_near_parabolic(D, M, ecc):
    return D_to_M_near_parabolic(D, ecc) - M


def _kepler_equation_prime_near_parabolic(D, M, ecc):
    x = (ecc - 1.0) / (ecc + 1.0) * (D**2)
    assert abs(x) < 1
    S = dS_x_alt(ecc, x)
    return (
        np.sqrt(2.0 / (1.0 + ecc))
        + np.sqrt(2.0 / (1.0 + ecc) ** 3) * (D**2) * S
    )


def S_x(ecc, x, atol=1e-12):
    assert abs(x) < 1
    S = 0
    k = 0
    while True:
        S_old = S
        S += (ecc - 1 / (2 * k + 3)) * x**k
        k += 1
        if abs(S - S_old) < atol:
            return S


def dS_x_alt(ecc, x, atol=1e-12):
    # Notice that this is not exactly
    # the partial derivative of S with respect to D,
    # but the result of arranging the terms
    # in section 4.2 of Farnocchia et al. 2013
    assert abs(x) < 1
    S = 0
    k = 0
    while True:
        S_old = S
        S += (ecc - 1 / (2 * k + 3)) * (2 * k + 3) * x**k
        k += 1
        if abs(S - S_old) < atol:
            return S


def d2S_x_alt(ecc, x, atol=1e-12):
    # Notice that this is not exactly
    # the second partial derivative of S with respect to D,
    # but the result of arranging the terms
    # in section 4.2 of Farnocchia et al. 2013
    # Also, notice that we are not using this function yet
    assert abs(x) < 1
    S = 0
    k = 0
    while True:
        S_old = S
        S += (ecc - 1 / (2 * k + 3)) * (2 * k + 3) * (2 * k + 2) * x**k
        k += 1
        if abs(S - S_old) < atol:
            return S


def D_to_M_near_parabolic(D, ecc):
    x = (ecc - 1.0) / (ecc + 1.0) * (D**2)
    assert abs(x) < 1
    S = S_x(ecc, x)
    return (
        np.sqrt(2.0 / (1.0 + ecc)) * D
        + np.sqrt(2.0 / (1.0 + ecc) ** 3) * (D**3) * S
    )


def M_to_D_near_parabolic(M, ecc, tol=1.48e-08, maxiter=50):
    D0 = M_to_D(M)

    for _ in range(maxiter):
        fval = _kepler_equation_near_parabolic(D0, M, ecc)
        fder = _kepler_equation_prime_near_parabolic(D0, M, ecc)

        newton_step = fval / fder
        D = D0 - newton_step
        if abs(D - D0) < tol:
            return D

        D0 = D

    return np.nan


def delta_t_from_nu(nu, ecc, k=1.0, q=1.0, delta=1e-2):
    assert -np.pi <= nu < np.pi
    if ecc < 1 - delta:
        # Strong elliptic
        E = nu_to_E(nu, ecc)  # (-pi, pi]
        M = E_to_M(E, ecc)  # (-pi, pi]
        n = np.sqrt(k * (1 - ecc) ** 3 / q**3)
    elif 1 - delta <= ecc < 1:
        E = nu_to_E(nu, ecc)  # (-pi, pi]
        if delta <= 1 - ecc * np.cos(E):
            # Strong elliptic
            M = E_to_M(E, ecc)  # (-pi, pi]
            n = np.sqrt(k * (1 - ecc) ** 3 / q**3)
        else:
            # Near parabolic
            D = nu_to_D(nu)  # (-∞, ∞)
            # If |nu| is far from pi this result is bounded
            # because the near parabolic region shrinks in its vicinity,
            # otherwise the eccentricity is very close to 1
            # and we are really far away
            M = D_to_M_near_parabolic(D, ecc)
            n = np.sqrt(k / (2 * q**3))
    elif ecc == 1:
        # Parabolic
        D = nu_to_D(nu)  # (-∞, ∞)
        M = D_to_M(D)  # (-∞, ∞)
        n = np.sqrt(k / (2 * q**3))
    elif 1 + ecc * np.cos(nu) < 0:
        # Unfeasible region
        return np.nan
    elif 1 < ecc <= 1 + delta:
        # NOTE: Do we need to wrap nu here?
        # For hyperbolic orbits, it should anyway be in
        # (-arccos(-1 / ecc), +arccos(-1 / ecc))
        F = nu_to_F(nu, ecc)  # (-∞, ∞)
        if delta <= ecc * np.cosh(F) - 1:
            # Strong hyperbolic
            M = F_to_M(F, ecc)  # (-∞, ∞)
            n = np.sqrt(k * (ecc - 1) ** 3 / q**3)
        else:
            # Near parabolic
            D = nu_to_D(nu)  # (-∞, ∞)
            M = D_to_M_near_parabolic(D, ecc)  # (-∞, ∞)
            n = np.sqrt(k / (2 * q**3))
    elif 1 + delta < ecc:
        # Strong hyperbolic
        F = nu_to_F(nu, ecc)  # (-∞, ∞)
        M = F_to_M(F, ecc)  # (-∞, ∞)
        n = np.sqrt(k * (ecc - 1) ** 3 / q**3)
    else:
        raise RuntimeError

    return M / n


def nu_from_delta_t(delta_t, ecc, k=1.0, q=1.0, delta=1e-2):
    if ecc < 1 - delta:
        # Strong elliptic
        n = np.sqrt(k * (1 - ecc) ** 3 / q**3)
        M = n * delta_t
        # This might represent several revolutions,
        # so we wrap the true anomaly
        E = M_to_E((M + np.pi) % (2 * np.pi) - np.pi, ecc)
        nu = E_to_nu(E, ecc)
    elif 1 - delta <= ecc < 1:
        E_delta = np.arccos((1 - delta) / ecc)
        # We compute M assuming we are in the strong elliptic case
        # and verify later
        n = np.sqrt(k * (1 - ecc) ** 3 / q**3)
        M = n * delta_t
        # We check against abs(M) because E_delta could also be negative
        if E_to_M(E_delta, ecc) <= abs(M):
            # Strong elliptic, proceed
            # This might represent several revolutions,
            # so we wrap the true anomaly
            E = M_to_E((M + np.pi) % (2 * np.pi) - np.pi, ecc)
            nu = E_to_nu(E, ecc)
        else:
            # Near parabolic, recompute M
            n = np.sqrt(k / (2 * q**3))
            M = n * delta_t
            D = M_to_D_near_parabolic(M, ecc)
            nu = D_to_nu(D)
    elif ecc == 1:
        # Parabolic
        n = np.sqrt(k / (2 * q**3))
        M = n * delta_t
        D = M_to_D(M)
        nu = D_to_nu(D)
    elif 1 < ecc <= 1 + delta:
        F_delta = np.arccosh((1 + delta) / ecc)
        # We compute M assuming we are in the strong hyperbolic case
        # and verify later
        n = np.sqrt(k * (ecc - 1) ** 3 / q**3)
        M = n * delta_t
        # We check against abs(M) because F_delta could also be negative
        if F_to_M(F_delta, ecc) <= abs(M):
            # Strong hyperbolic, proceed
            F = M_to_F(M, ecc)
            nu = F_to_nu(F, ecc)
        else:
            # Near parabolic, recompute M
            n = np.sqrt(k / (2 * q**3))
            M = n * delta_t
            D = M_to_D_near_parabolic(M, ecc)
            nu = D_to_nu(D)
    # elif 1 + delta < ecc:
    else:
        # Strong hyperbolic
        n = np.sqrt(k * (ecc - 1) ** 3 / q**3)
        M = n * delta_t
        F = M_to_F(M, ecc)
        nu = F_to_nu(F, ecc)

    return nu


def farnocchia_coe(k, p, ecc, inc, raan, argp, nu, tof):
    q = p / (1 + ecc)

    delta_t0 = delta_t_from_nu(nu, ecc, k, q)
    delta_t = delta_t0 + tof

    return nu_from_delta_t(delta_t, ecc, k, q)


def farnocchia_rv(k, r0, v0, tof):
    # get the initial true anomaly and orbit parameters that are constant over time
    p, ecc, inc, raan, argp, nu0 = rv2coe(k, r0, v0)
    nu = farnocchia_coe(k, p, ecc, inc, raan, argp, nu0, tof)

    return coe2rv(k, p, ecc, inc, raan, argp, nu)



# --- poliastro/core/events.py -----------------------------------------------------------------------------------------
def eclipse_function(k, u_, r_sec, R_sec, R_primary, umbra=True):
    # Plus or minus condition
    pm = 1 if umbra else -1
    p, ecc, inc, raan, argp, nu = rv2coe(k, u_[:3], u_[3:])

    PQW = coe_rotation_matrix(inc, raan, argp)
    # Make arrays contiguous for faster dot product with numba.
    P_, Q_ = np.ascontiguousarray(PQW[:, 0]), np.ascontiguousarray(PQW[:, 1])

    r_sec_norm = norm(r_sec)
    beta = (P_ @ r_sec) / r_sec_norm
    zeta = (Q_ @ r_sec) / r_sec_norm

    sin_delta_shadow = np.sin((R_sec - pm * R_primary) / r_sec_norm)

    cos_psi = beta * np.cos(nu) + zeta * np.sin(nu)
    shadow_function = (
        ((R_primary**2) * (1 + ecc * np.cos(nu)) ** 2)
        + (p**2) * (cos_psi**2)
        - p**2
        + pm
        * (2 * p * R_primary * cos_psi)
        * (1 + ecc * np.cos(nu))
        * sin_delta_shadow
    )

    return shadow_function


def line_of_sight(r1, r2, R):
    r1_norm = norm(r1)
    r2_norm = norm(r2)

    theta = np.arccos((r1 @ r2) / r1_norm / r2_norm)
    theta_1 = np.arccos(R / r1_norm)
    theta_2 = np.arccos(R / r2_norm)

    return (theta_1 + theta_2) - theta


def elevation_function(k, u_, phi, theta, R, R_p, H):
    ecc = np.sqrt(1 - (R_p / R) ** 2)
    denom = np.sqrt(1 - ecc**2 * np.sin(phi) ** 2)
    g1 = H + (R / denom)
    g2 = H + (1 - ecc**2) * R / denom
    # Coordinates of location on attractor.
    coords = np.array(
        [
            g1 * np.cos(phi) * np.cos(theta),
            g1 * np.cos(phi) * np.sin(theta),
            g2 * np.sin(phi),
        ]
    )

    # Position of satellite with respect to a point on attractor.
    rho = np.subtract(u_[:3], coords)

    rot_matrix = planetocentric_to_AltAz(theta, phi)

    new_rho = rot_matrix @ rho
    new_rho = new_rho / np.linalg.norm(new_rho)
    el = np.arcsin(new_rho[-1])

    return el



line_of_sight_fast = line_of_sight  # perturbations.py: from poliastro.core.events import line_of_sight as line_of_sight_fast


# --- poliastro/core/sensors.py ----------------------------------------------------------------------------------------
def min_and_max_ground_range(h, η_fov, η_center, R):
    r_sat = R + h
    η_max = η_center + η_fov / 2
    η_min = η_center - η_fov / 2
    γ_max = np.arcsin(r_sat * np.sin(η_max) / R)

    if abs(γ_max) <= np.pi / 2:
        γ_max = np.pi - γ_max
    γ_min = np.arcsin(r_sat * np.sin(η_min) / R)
    if abs(γ_min) <= np.pi / 2:
        γ_min = np.pi - γ_min

    # Maximum and minimum slant ranges
    ρ_max = R * np.cos(γ_max) + r_sat * np.cos(η_max)
    ρ_min = R * np.cos(γ_min) + r_sat * np.cos(η_min)
    Λ_max = np.arcsin(ρ_max * np.sin(η_max) / R)
    Λ_min = np.arcsin(ρ_min * np.sin(η_min) / R)

    return Λ_min, Λ_max


def ground_range_diff_at_azimuth(h, η_fov, η_center, β, φ_nadir, λ_nadir, R):
    if not 0 <= β < np.pi:
        raise ValueError("beta must be between 0º and 180º")

    r_sat = R + h
    γ = np.arcsin(r_sat * np.sin(η_center) / R)
    if abs(γ) <= np.pi / 2:
        γ = np.pi - γ

    ρ = R * np.cos(γ) + r_sat * np.cos(η_center)
    Λ = np.arcsin(ρ * np.sin(η_center) / R)
    φ_tgt = np.arcsin(
        np.cos(β) * np.cos(φ_nadir) * np.sin(Λ) + np.sin(φ_nadir) * np.cos(Λ)
    )
    delta_Λ = np.arcsin(np.sin(β) * np.sin(Λ) / np.cos(φ_tgt))
    λ_tgt = λ_nadir + delta_Λ
    Λ_min, Λ_max = min_and_max_ground_range(h, η_fov, η_center, R)
    delta_λ = (Λ_max - Λ_min) / 2

    return delta_λ, φ_tgt, λ_tgt



# --- poliastro/core/maneuver.py ---------------------------------------------------------------------------------------
def hohmann(k, rv, r_f):
    _, ecc, inc, raan, argp, nu = rv2coe(k, *rv)
    h_i = norm(cross(*rv))
    p_i = h_i**2 / k

    r_i, v_i = rv_pqw(k, p_i, ecc, nu)

    r_i = norm(r_i)
    v_i = norm(v_i)
    a_trans = (r_i + r_f) / 2

    dv_a = np.sqrt(2 * k / r_i - k / a_trans) - v_i
    dv_b = np.sqrt(k / r_f) - np.sqrt(2 * k / r_f - k / a_trans)

    dv_a = np.array([0, dv_a, 0])
    dv_b = np.array([0, -dv_b, 0])

    rot_matrix = coe_rotation_matrix(inc, raan, argp)

    dv_a = rot_matrix @ dv_a
    dv_b = rot_matrix @ dv_b

    t_trans = np.pi * np.sqrt(a_trans**3 / k)

    return dv_a, dv_b, t_trans


def bielliptic(k, r_b, r_f, rv):
    _, ecc, inc, raan, argp, nu = rv2coe(k, *rv)
    h_i = norm(cross(*rv))
    p_i = h_i**2 / k

    r_i, v_i = rv_pqw(k, p_i, ecc, nu)

    r_i = norm(r_i)
    v_i = norm(v_i)
    a_trans1 = (r_i + r_b) / 2
    a_trans2 = (r_b + r_f) / 2

    dv_a = np.sqrt(2 * k / r_i - k / a_trans1) - v_i
    dv_b = np.sqrt(2 * k / r_b - k / a_trans2) - np.sqrt(
        2 * k / r_b - k / a_trans1
    )
    dv_c = np.sqrt(k / r_f) - np.sqrt(2 * k / r_f - k / a_trans2)

    dv_a = np.array([0, dv_a, 0])
    dv_b = np.array([0, -dv_b, 0])
    dv_c = np.array([0, dv_c, 0])

    rot_matrix = coe_rotation_matrix(inc, raan, argp)

    dv_a = rot_matrix @ dv_a
    dv_b = rot_matrix @ dv_b
    dv_c = rot_matrix @ dv_c

    t_trans1 = np.pi * np.sqrt(a_trans1**3 / k)
    t_trans2 = np.pi * np.sqrt(a_trans2**3 / k)

    return dv_a, dv_b, dv_c, t_trans1, t_trans2


def correct_pericenter(k, R, J2, max_delta_r, v, a, inc, ecc):
    p = a * (1 - ecc**2)
    n = (k / a**3) ** 0.5

    dw = ((3 * n * R**2 * J2) / (4 * p**2)) * (4 - 5 * np.sin(inc) ** 2)

    delta_w = 2 * (1 + ecc) * max_delta_r
    delta_w /= a * ecc * (1 - ecc)
    delta_w **= 0.5
    delta_t = abs(delta_w / dw)
    delta_v = 0.5 * n * a * ecc * abs(delta_w)

    vf_ = v / norm(v) * delta_v

    return delta_t, vf_



# --- poliastro/core/flybys.py -----------------------------------------------------------------------------------------
def compute_flyby(v_spacecraft, v_body, k, r_p, theta):
    v_inf_1 = v_spacecraft - v_body  # Hyperbolic excess velocity
    v_inf = norm(v_inf_1)

    ecc = 1 + r_p * v_inf**2 / k  # Eccentricity of the entry hyperbola
    delta = 2 * np.arcsin(1 / ecc)  # Turn angle

    b = k / v_inf**2 * np.sqrt(ecc**2 - 1)  # Magnitude of the B vector

    # Now we compute the unit vectors in which to return the outbound hyperbolic excess velocity:
    # * S goes along the hyperbolic excess velocity and is perpendicular to the B-Plane,
    # * T goes along the B-Plane and is parallel to _some_ fundamental plane - in this case, the plane in which
    #   the velocities are computed
    # * R completes the orthonormal set
    S_vec = v_inf_1 / v_inf
    c_vec = np.array([0, 0, 1])
    T_vec = cross(S_vec, c_vec)
    T_vec = T_vec / norm(T_vec)
    R_vec = cross(S_vec, T_vec)

    # This vector defines the B-Plane
    B_vec = b * (np.cos(theta) * T_vec + np.sin(theta) * R_vec)

    # We have to rotate the inbound hyperbolic excess velocity
    # an angle delta (turn angle) around a vector that is orthogonal to
    # the B-Plane and trajectory plane
    rot_v = cross(B_vec / b, S_vec)

    # And now we rotate the outbound hyperbolic excess velocity
    # u_vec = v_inf_1 / norm(v_inf) = S_vec
    v_vec = cross(rot_v, v_inf_1)
    v_vec = v_vec / norm(v_vec)

    v_inf_2 = v_inf * (np.cos(delta) * S_vec + np.sin(delta) * v_vec)

    v_spacecraft_out = v_inf_2 + v_body

    return v_spacecraft_out, delta



# --- poliastro/core/spheroid_location.py ------------------------------------------------------------------------------
def cartesian_cords(a, c, lon, lat, h):
    e2 = 1 - (c / a) ** 2
    N = a / np.sqrt(1 - e2 * np.sin(lat) ** 2)

    x = (N + h) * np.cos(lat) * np.cos(lon)
    y = (N + h) * np.cos(lat) * np.sin(lon)
    z = ((1 - e2) * N + h) * np.sin(lat)
    return x, y, z


def f(a, c):
    return 1 - c / a


def N(a, b, c, cartesian_cords):
    x, y, z = cartesian_cords
    N = np.array([2 * x / a**2, 2 * y / b**2, 2 * z / c**2])
    N /= norm(N)
    return N


def tangential_vecs(N):
    u = np.array([1.0, 0, 0])
    u -= (u @ N) * N
    u /= norm(u)
    v = np.cross(N, u)

    return u, v


def radius_of_curvature(a, c, lat):
    e2 = 1 - (c / a) ** 2
    rc = a * (1 - e2) / (1 - e2 * np.sin(lat) ** 2) ** 1.5
    return rc


def distance(cartesian_cords, px, py, pz):
    c = cartesian_cords
    u = np.array([px, py, pz])
    d = norm(c - u)
    return d


def is_visible(cartesian_cords, px, py, pz, N):
    c = cartesian_cords
    u = np.array([px, py, pz])

    d = -(N @ c)
    p = (N @ u) + d
    return p >= 0


def cartesian_to_ellipsoidal(a, c, x, y, z):
    e2 = 1 - (c / a) ** 2
    e2_ = e2 / (1 - e2)
    p = np.sqrt(x**2 + y**2)
    th = np.arctan(z * a / (p * c))
    lon = np.arctan2(
        y, x
    )  # Use `arctan2` so that lon lies in the range: [-pi, +pi]
    lat = np.arctan(
        (z + e2_ * c * np.sin(th) ** 3) / (p - e2 * a * np.cos(th) ** 3)
    )

    v = a / np.sqrt(1 - e2 * np.sin(lat) ** 2)
    h = (
        np.sqrt(x**2 + y**2) / np.cos(lat) - v
        if lat < abs(1e-18)  # to avoid errors very close and at zero
        else z / np.sin(lat) - (1 - e2) * v
    )

    return lon, lat, h



# --- poliastro/core/perturbations.py ----------------------------------------------------------------------------------
def J2_perturbation(t0, state, k, J2, R):
    r_vec = state[:3]
    r = norm(r_vec)

    factor = (3.0 / 2.0) * k * J2 * (R**2) / (r**5)

    a_x = 5.0 * r_vec[2] ** 2 / r**2 - 1
    a_y = 5.0 * r_vec[2] ** 2 / r**2 - 1
    a_z = 5.0 * r_vec[2] ** 2 / r**2 - 3
    return np.array([a_x, a_y, a_z]) * r_vec * factor


def J3_perturbation(t0, state, k, J3, R):
    r_vec = state[:3]
    r = norm(r_vec)

    factor = (1.0 / 2.0) * k * J3 * (R**3) / (r**5)
    cos_phi = r_vec[2] / r

    a_x = 5.0 * r_vec[0] / r * (7.0 * cos_phi**3 - 3.0 * cos_phi)
    a_y = 5.0 * r_vec[1] / r * (7.0 * cos_phi**3 - 3.0 * cos_phi)
    a_z = 3.0 * (35.0 / 3.0 * cos_phi**4 - 10.0 * cos_phi**2 + 1)
    return np.array([a_x, a_y, a_z]) * factor


def atmospheric_drag_exponential(t0, state, k, R, C_D, A_over_m, H0, rho0):
    H = norm(state[:3])

    v_vec = state[3:]
    v = norm(v_vec)
    B = C_D * A_over_m
    rho = rho0 * np.exp(-(H - R) / H0)

    return -(1.0 / 2.0) * rho * B * v * v_vec


def atmospheric_drag(t0, state, k, C_D, A_over_m, rho):
    v_vec = state[3:]
    v = norm(v_vec)
    B = C_D * A_over_m

    return -(1.0 / 2.0) * rho * B * v * v_vec


def third_body(t0, state, k, k_third, perturbation_body):
    body_r = perturbation_body(t0)
    delta_r = body_r - state[:3]
    return (
        k_third * delta_r / norm(delta_r) ** 3
        - k_third * body_r / norm(body_r) ** 3
    )


def radiation_pressure(t0, state, k, R, C_R, A_over_m, Wdivc_s, star):
    r_star = star(t0)
    r_sat = state[:3]
    P_s = Wdivc_s / (norm(r_star) ** 2)

    nu = float(line_of_sight_fast(r_sat, r_star, R) > 0)
    return -nu * P_s * (C_R * A_over_m) * r_star / norm(r_star)



# --- inputs -----------------------------------------------------------------------------------------------------------
# poliastro's constants in the units of its core (km, s): Earth.k, Earth.R, Earth.J2 and the Sun's k and R
_K_EARTH = 398600.4418
_R_EARTH = 6378.1366
_J2_EARTH = 1.08262668e-3
_R_SUN = 695700.0
# the ISS of poliastro/examples.py (r in km, v in km/s), and tests_twobody/test_propagation.py's r0, v0
_ISS_R = np.array([8.59072560e2, -4.13720368e3, 5.29556871e3])
_ISS_V = np.array([7.37289205, 2.08223573, 4.39999794e-1])
_R0 = np.array([1131.340, -2282.343, 6672.423])
_V0 = np.array([-5.64305, 4.30333, 2.42879])
_MOLNIYA_R0 = np.array([22592.145603, -1599.915239, -19783.950506])
_MOLNIYA_R = np.array([1922.067697, 4054.157051, -8925.727465])


def _f(rng, low, high):
    return np.float64(rng.uniform(low, high))


def _jitter(rng, x, scale=1e-3):
    """A vector of the tests moved by a relative ``scale``: the same orbit, another number for each generator."""
    return x * (1.0 + rng.uniform(-scale, scale, size=x.shape))


def _iss(rng):
    return _jitter(rng, _ISS_R), _jitter(rng, _ISS_V)


def _iss_period():
    a = 1.0 / (2.0 / norm(_ISS_R) - _ISS_V @ _ISS_V / _K_EARTH)
    return 2 * np.pi * np.sqrt(a**3 / _K_EARTH)


def _hyperbolic_rv(rng):
    """tests_twobody/test_propagation.py's test_propagation_hyperbolic: 300 km up at 15 km/s."""
    return np.array([_R_EARTH + 300.0 + rng.uniform(-1.0, 1.0), 0.0, 0.0]), np.array([0.0, 15.0 + rng.uniform(-0.1, 0.1), 0.0])


def _coe(rng, ecc_low, ecc_high, a=10000.0):
    """k, p, ecc, inc, raan, argp, nu: an orbit of semi-major axis ``a`` about the Earth (for ecc > 1, ``a`` < 0)."""
    ecc = _f(rng, ecc_low, ecc_high)
    p = np.float64(abs(a) * abs(1 - ecc**2))
    return (_K_EARTH, p, ecc, _f(rng, 0.1, 1.5), _f(rng, 0.0, 2 * np.pi), _f(rng, 0.0, 2 * np.pi), _f(rng, -1.0, 1.0))


def _rv_from_coe(k, p, ecc, inc, raan, argp, nu):
    """rv2coe's inputs for the fixtures of tests_twobody/test_angles.py, made with the copied coe2rv (eagerly)."""
    r, v = coe2rv(k, p, ecc, inc, raan, argp, nu)
    return k, r, v


def _classical(rng):
    return _rv_from_coe(_K_EARTH, _f(rng, 11000.0, 11100.0), _f(rng, 0.82, 0.84), np.deg2rad(87.87), np.deg2rad(227.89), np.deg2rad(53.38), np.deg2rad(92.335))


def _hyperbolic(rng):
    return _rv_from_coe(3.9860047e14, 4.884856334147761e7, _f(rng, 1.72, 1.74), 0.122138, 1.00681, 3.10686, _f(rng, 0.1, 0.15))


def _equatorial(rng):
    return _rv_from_coe(3.9860047e14, 1.13880762905224e7, _f(rng, 0.72, 0.74), 0.0, 0.0, 3.10686, _f(rng, 0.4, 0.5))


def _circular(rng):
    return _rv_from_coe(3.9860047e14, 24464560.0, 0.0, 0.122138, 1.00681, 0.0, _f(rng, 0.04, 0.06))


def _circular_equatorial(rng):
    return _rv_from_coe(3.9860047e14, 1.13880762905224e7, 0.0, 0.0, 0.0, 0.0, _f(rng, 0.4, 0.5))


def _psi_mixed(rng):
    """psi > 1 (the cosine formula) for the first generator, |psi| < 1 (the series) for the second: default_rng(0)'s
    first uniform() is 0.64, default_rng(1)'s 0.51."""
    return (np.float64(3.0 + rng.uniform()) if rng.uniform() > 0.6 else np.float64(0.5 * rng.uniform()),)


def _first(rng):
    """True for the harness' first generator, False for its second: default_rng(0)'s first uniform() is 0.64,
    default_rng(1)'s 0.51 (drawn before anything else)."""
    return rng.uniform() > 0.6


def _x_mixed(rng):
    """hyp2f1b: x >= 1 (the early return of np.inf) for the first generator, the series for the second."""
    return (_f(rng, 1.0, 1.5) if _first(rng) else _f(rng, 0.0, 0.9),)


def _M_mixed(rng):
    """M_to_E: -pi < M < 0 for the first generator, 0 < M < pi for the second."""
    M = _f(rng, -3.0, -0.1) if _first(rng) else _f(rng, 0.1, 3.0)
    return M, _f(rng, 0.05, 0.75)


def _rv_mixed(rng):
    """An ellipse (ecc 0.3 to 0.7) for the first generator, a hyperbola (ecc 1.3 to 1.7, a < 0) for the second, each
    made by the copied coe2rv: rv2coe's ``if a > 0`` and the propagators' ``if ecc < 1.0`` differ between the two."""
    if _first(rng):
        coe = _coe(rng, 0.3, 0.7)
    else:
        coe = _coe(rng, 1.3, 1.7, a=-10000.0)
    return _rv_from_coe(*coe)


def _propagate_mixed(rng):
    k, r, v = _rv_mixed(rng)
    return k, r, v, _f(rng, 500.0, 1500.0)


def _lambert(r0, r, tof, M=0, prograde=True, lowpath=True, numiter=35, rtol=1e-8):
    """poliastro.iod.{vallado,izzo}.lambert's defaults, units stripped (km, s): the inputs of tests/test_iod.py."""
    def make(rng):
        return (_K_EARTH, _jitter(rng, np.array(r0), 1e-5), _jitter(rng, np.array(r), 1e-5), np.float64(tof * (1.0 + rng.uniform(-1e-5, 1e-5))),
                M, prograde, lowpath, numiter, rtol)
    return make


def _many(rng, n=4):
    k = np.full(n, _K_EARTH)
    ecc = rng.uniform(0.0, 0.9, size=n)
    return (k, 10000.0 * (1 - ecc**2), ecc, rng.uniform(0.0, 1.5, size=n), rng.uniform(0.0, 2 * np.pi, size=n),
            rng.uniform(0.0, 2 * np.pi, size=n), rng.uniform(-np.pi, np.pi, size=n))


def _state(rng):
    r, v = _iss(rng)
    return np.concatenate([r, v])


def _sun(t0):
    """A star's position at t0 (radiation_pressure's star, third_body's perturbation_body): test_line_of_sight's r_sun."""
    return np.array([122233179.0, -76150708.0, 33016374.0])


_SP = "src/poliastro/_math/special.py"
_UT = "src/poliastro/core/util.py"
_AN = "src/poliastro/core/angles.py"
_EL = "src/poliastro/core/elements.py"
_IOD = "src/poliastro/core/iod.py"
_PR = "src/poliastro/core/propagation/"


def PA(path: str, original: str, note: str = "") -> Source:
    return Source(POLIASTRO, path, original, note)


CASES = [
    # _math/special.py: series summed until the sum stops changing
    case(hyp2f1b, lambda rng: (_f(rng, 0.0, 0.9),), PA(_SP, "hyp2f1b", "x < 1: while True until res_old == res, a return inside (tests/test_hyper.py's x in [0, 1])")),
    case(hyp2f1b, lambda rng: (_f(rng, 1.0, 1.5),), PA(_SP, "hyp2f1b", "x >= 1: the early return of np.inf"), name="poliastro.hyp2f1b_diverges"),
    case(hyp2f1b, _x_mixed, PA(_SP, "hyp2f1b", "x >= 1 for one generator, the series for the other"), name="poliastro.hyp2f1b_mixed"),
    case(stumpff_c2, lambda rng: (_f(rng, 1.5, 30.0),), PA(_SP, "stumpff_c2", "psi > 1 (tests/test_stumpff.py's 3.0)")),
    case(stumpff_c2, lambda rng: (_f(rng, -30.0, -1.5),), PA(_SP, "stumpff_c2", "psi < -1: cosh"), name="poliastro.stumpff_c2_negative"),
    case(stumpff_c2, lambda rng: (_f(rng, -0.9, 0.9),), PA(_SP, "stumpff_c2", "|psi| <= 1: the series, while res + delta != res, math.gamma of a counter"), name="poliastro.stumpff_c2_series"),
    case(stumpff_c2, _psi_mixed, PA(_SP, "stumpff_c2", "psi > 1 for one generator, the series for the other"), name="poliastro.stumpff_c2_mixed"),
    case(stumpff_c3, lambda rng: (_f(rng, 1.5, 30.0),), PA(_SP, "stumpff_c3", "psi > 1")),
    case(stumpff_c3, lambda rng: (_f(rng, -0.9, 0.9),), PA(_SP, "stumpff_c3", "|psi| <= 1: the series"), name="poliastro.stumpff_c3_series"),
    # core/util.py
    case(rotation_matrix, lambda rng: (rng.uniform(-np.pi, np.pi, size=5), 1), PA(_UT, "rotation_matrix", "five angles about axis 1: assert axis in (0, 1, 2), writes through R[..., a1, a2]")),
    case(alinspace, lambda rng: (_f(rng, 0.0, 1.0), None, 50, True), PA(_UT, "alinspace", "stop None: a full turn")),
    case(alinspace, lambda rng: (_f(rng, 4.0, 5.0), _f(rng, 1.0, 2.0), 20, False), PA(_UT, "alinspace", "stop <= start: wrapped by np.floor, endpoint=False"), name="poliastro.alinspace_wrapped"),
    case(spherical_to_cartesian, lambda rng: (np.column_stack([rng.uniform(1.0, 2.0, 4), rng.uniform(0.0, np.pi, 4), rng.uniform(0.0, 2 * np.pi, 4)]),), PA(_UT, "spherical_to_cartesian", "four (norm, colatitude, longitude) rows")),
    # core/angles.py: Newton's method from newton_factory
    case(M_to_E, lambda rng: (_f(rng, 0.1, 3.0), _f(rng, 0.05, 0.75)), PA(_AN, "M_to_E / newton_factory", "0 < M < pi: E0 = M + ecc; float(x0), a return inside the loop (test_angles.py's Schlesinger & Udick table)")),
    case(M_to_E, lambda rng: (_f(rng, -3.0, -0.1), _f(rng, 0.05, 0.75)), PA(_AN, "M_to_E / newton_factory", "-pi < M < 0: the chained comparison's other branch"), name="poliastro.M_to_E_negative"),
    case(M_to_E, _M_mixed, PA(_AN, "M_to_E / newton_factory", "M < 0 for one generator, M > 0 for the other"), name="poliastro.M_to_E_mixed"),
    case(M_to_F, lambda rng: (_f(rng, -5.0, 5.0), _f(rng, 1.1, 3.0)), PA(_AN, "M_to_F / newton_factory", "maxiter=100")),
    case(M_to_D, lambda rng: (_f(rng, -3.0, 3.0),), PA(_AN, "M_to_D", "Barker's equation")),
    # core/elements.py
    case(rv2coe, _classical, PA(_EL, "rv2coe", "test_angles.py's classical fixture (a > 0): the last else, E_to_nu")),
    case(rv2coe, _hyperbolic, PA(_EL, "rv2coe", "the hyperbolic fixture (a < 0): F_to_nu"), name="poliastro.rv2coe_hyperbolic"),
    case(rv2coe, _equatorial, PA(_EL, "rv2coe", "the equatorial fixture: equatorial and not circular"), name="poliastro.rv2coe_equatorial"),
    case(rv2coe, _circular, PA(_EL, "rv2coe", "the circular fixture: not equatorial and circular"), name="poliastro.rv2coe_circular"),
    case(rv2coe, _circular_equatorial, PA(_EL, "rv2coe", "the circular equatorial fixture"), name="poliastro.rv2coe_circular_equatorial"),
    case(rv2coe, _rv_mixed, PA(_EL, "rv2coe", "an ellipse for one generator, a hyperbola for the other: if a > 0"), name="poliastro.rv2coe_mixed"),
    case(coe2rv, lambda rng: _coe(rng, 0.1, 0.9), PA(_EL, "coe2rv / rv_pqw / coe_rotation_matrix")),
    case(coe2rv_many, _many, PA(_EL, "coe2rv_many", "four orbits: rr[i, :], vv[i, :] = coe2rv(...) in a prange loop")),
    case(coe2mee, lambda rng: _coe(rng, 0.1, 0.9)[1:], PA(_EL, "coe2mee", "if inc == np.pi: raise")),
    # core/iod.py: Lambert's problem
    case(vallado_lambert, _lambert([15945.34, 0.0, 0.0], [12214.83399, 10249.46731, 0.0], 76.0 * 60), PA(_IOD, "vallado", "test_vallado75: bisection in a while with a nested while, count in a while/else")),
    case(vallado_lambert, _lambert([273378.0, 0.0, 0.0], [145820.0, 12758.0, 0.0], 13.5 * 3600, numiter=100), PA(_IOD, "vallado", "test_curtis53, numiter=100"), name="poliastro.vallado_lambert_curtis53"),
    case(izzo, _lambert([15945.34, 0.0, 0.0], [12214.83399, 10249.46731, 0.0], 76.0 * 60), PA(_IOD, "izzo / _find_xy / _householder / _tof_equation_y", "test_vallado75: Householder iterations with a return inside")),
    case(izzo, _lambert(_MOLNIYA_R0, _MOLNIYA_R, 10 * 3600.0), PA(_IOD, "izzo", "test_molniya_der_zero_full_revolution, M=0"), name="poliastro.izzo_molniya"),
    case(izzo, _lambert(_MOLNIYA_R0, _MOLNIYA_R, 10 * 3600.0, M=1, lowpath=False), PA(_IOD, "izzo / _compute_T_min / _halley", "M=1, lowpath=False: the minimum time of flight by Halley's method"), name="poliastro.izzo_molniya_one_revolution"),
    case(izzo, _lambert(_MOLNIYA_R0, _MOLNIYA_R, 10 * 3600.0, M=1, lowpath=True), PA(_IOD, "izzo / _initial_guess", "M=1, lowpath=True: np.max of the two guesses"), name="poliastro.izzo_molniya_one_revolution_lowpath"),
    # core/propagation/
    case(vallado, lambda rng: (_K_EARTH, _jitter(rng, _R0), _jitter(rng, _V0), _f(rng, 2300.0, 2500.0), 350), PA(_PR + "vallado.py", "vallado", "test_propagation's r0, v0, 40 minutes; numiter=350 (ValladoPropagator's): Newton in a while/else with a break")),
    case(vallado, lambda rng: (_K_EARTH, *_hyperbolic_rv(rng), _f(rng, 14900.0, 15000.0), 350), PA(_PR + "vallado.py", "vallado", "test_propagation_hyperbolic: alpha < 0"), name="poliastro.vallado_hyperbolic"),
    case(vallado, lambda rng: (*_propagate_mixed(rng), 350), PA(_PR + "vallado.py", "vallado", "an ellipse for one generator, a hyperbola for the other: alpha > 0 or < 0"), name="poliastro.vallado_mixed"),
    case(danby, lambda rng: (_K_EARTH, *_iss(rng), np.float64(_iss_period() * rng.uniform(0.9, 1.1))), PA(_PR + "danby.py", "danby / danby_coe", "the ISS for about one period: the while/else with a break")),
    case(danby, lambda rng: (_K_EARTH, *_hyperbolic_rv(rng), _f(rng, 14900.0, 15000.0)), PA(_PR + "danby.py", "danby / danby_coe", "hyperbolic"), name="poliastro.danby_hyperbolic"),
    case(danby, _propagate_mixed, PA(_PR + "danby.py", "danby / danby_coe", "an ellipse for one generator, a hyperbola for the other"), name="poliastro.danby_mixed"),
    case(danby_coe, lambda rng: (_K_EARTH, np.float64(10000.0), np.float64(0.0), _f(rng, 0.1, 1.0), _f(rng, 0.0, 1.0), np.float64(0.0), _f(rng, -1.0, 1.0), _f(rng, 100.0, 9000.0)), PA(_PR + "danby.py", "danby_coe", "ecc == 0: the early return (test_propagator_with_zero_eccentricity)"), name="poliastro.danby_coe_circular"),
    case(markley, lambda rng: (_K_EARTH, *_iss(rng), np.float64(_iss_period() * rng.uniform(0.9, 1.1))), PA(_PR + "markley.py", "markley / markley_coe")),
    case(mikkola, lambda rng: (_K_EARTH, *_iss(rng), np.float64(_iss_period() * rng.uniform(0.9, 1.1))), PA(_PR + "mikkola.py", "mikkola / mikkola_coe", "elliptic")),
    case(mikkola, lambda rng: (_K_EARTH, *_hyperbolic_rv(rng), _f(rng, 14900.0, 15000.0)), PA(_PR + "mikkola.py", "mikkola / mikkola_coe", "hyperbolic"), name="poliastro.mikkola_hyperbolic"),
    case(gooding, lambda rng: (_K_EARTH, *_iss(rng), np.float64(_iss_period() * rng.uniform(0.9, 1.1))), PA(_PR + "gooding.py", "gooding / gooding_coe", "while f**2 >= rtol and n <= numiter")),
    case(recseries, lambda rng: (_K_EARTH, *_iss(rng), np.float64(_iss_period() * rng.uniform(0.9, 1.1))), PA(_PR + "recseries.py", "recseries / recseries_coe", "method='rtol': a for loop with a break")),
    case(recseries, lambda rng: (_K_EARTH, *_iss(rng), np.float64(_iss_period() * rng.uniform(0.9, 1.1)), "order"), PA(_PR + "recseries.py", "recseries / recseries_coe", "method='order': eight terms"), name="poliastro.recseries_order"),
    case(farnocchia_rv, lambda rng: (_K_EARTH, *_iss(rng), np.float64(_iss_period() * rng.uniform(0.9, 1.1))), PA(_PR + "farnocchia.py", "farnocchia_rv / farnocchia_coe / delta_t_from_nu / nu_from_delta_t", "strong elliptic: M_to_E's Newton")),
    case(farnocchia_rv, lambda rng: (_K_EARTH, *_hyperbolic_rv(rng), _f(rng, 14900.0, 15000.0)), PA(_PR + "farnocchia.py", "farnocchia_rv", "strong hyperbolic: M_to_F"), name="poliastro.farnocchia_rv_hyperbolic"),
    case(farnocchia_rv, _propagate_mixed, PA(_PR + "farnocchia.py", "farnocchia_rv", "an ellipse for one generator, a hyperbola for the other: delta_t_from_nu's and nu_from_delta_t's chains"), name="poliastro.farnocchia_rv_mixed"),
    case(farnocchia_coe, lambda rng: (_K_EARTH, np.float64(10000.0 * (1 - 0.999**2)), np.float64(0.999), np.float64(0.0), np.float64(0.0), np.float64(0.0), _f(rng, 0.9, 1.1), _f(rng, 55.0, 65.0)),
         PA(_PR + "farnocchia.py", "farnocchia_coe / D_to_M_near_parabolic / S_x / M_to_D_near_parabolic", "test_elliptic_near_parabolic's ecc=0.999, nu=1 rad, 1 minute: the series while True, asserts on |x| < 1"), name="poliastro.farnocchia_coe_near_parabolic"),
    case(farnocchia_coe, lambda rng: (_K_EARTH, np.float64(10000.0 * (1.001**2 - 1)), np.float64(1.001), np.float64(0.0), np.float64(0.0), np.float64(0.0), _f(rng, 0.9, 1.1), _f(rng, 55.0, 65.0)),
         PA(_PR + "farnocchia.py", "farnocchia_coe", "test_hyperbolic_near_parabolic's ecc=1.001: 1 < ecc <= 1 + delta"), name="poliastro.farnocchia_coe_near_parabolic_hyperbolic"),
    # core/events.py, core/sensors.py, core/maneuver.py, core/flybys.py, core/spheroid_location.py, core/perturbations.py
    case(eclipse_function, lambda rng: (_K_EARTH, _state(rng), _jitter(rng, np.array([122233179.0, -76150708.0, 33016374.0])), _R_SUN, _R_EARTH, True), PA("src/poliastro/core/events.py", "eclipse_function", "umbra=True: pm = 1 if umbra else -1")),
    case(eclipse_function, lambda rng: (_K_EARTH, _state(rng), _jitter(rng, np.array([122233179.0, -76150708.0, 33016374.0])), _R_SUN, _R_EARTH, False), PA("src/poliastro/core/events.py", "eclipse_function", "umbra=False"), name="poliastro.eclipse_function_penumbra"),
    case(line_of_sight, lambda rng: (_jitter(rng, np.array([0.0, -4464.696, -5102.509])), _jitter(rng, np.array([0.0, 5740.323, 3189.068])), _R_EARTH), PA("src/poliastro/core/events.py", "line_of_sight", "test_line_of_sight (Vallado example 5.6)")),
    case(min_and_max_ground_range, lambda rng: (_f(rng, 700.0, 900.0), np.deg2rad(25.0), np.float64(np.deg2rad(rng.uniform(30.0, 50.0))), _R_EARTH), PA("src/poliastro/core/sensors.py", "min_and_max_ground_range", "test_sensors.py's 800 km, 25 deg, 40 deg: if abs(gamma) <= pi / 2")),
    case(ground_range_diff_at_azimuth, lambda rng: (_f(rng, 700.0, 900.0), np.deg2rad(25.0), np.float64(np.deg2rad(rng.uniform(30.0, 50.0))), np.float64(np.deg2rad(rng.uniform(130.0, 150.0))), np.deg2rad(50.0), np.deg2rad(40.0), _R_EARTH),
         PA("src/poliastro/core/sensors.py", "ground_range_diff_at_azimuth", "if not 0 <= beta < pi: raise")),
    case(hohmann, lambda rng: (_K_EARTH, _iss(rng), _f(rng, 35000.0, 43000.0)), PA("src/poliastro/core/maneuver.py", "hohmann", "rv a tuple, unpacked into rv2coe(k, *rv)")),
    case(compute_flyby, lambda rng: (rng.normal(size=3) * 10.0 + np.array([30.0, 0.0, 0.0]), np.array([29.0, 1.0, 0.5]) + rng.normal(size=3), 126686534.0, _f(rng, 80000.0, 200000.0), _f(rng, 0.0, 2 * np.pi)),
         PA("src/poliastro/core/flybys.py", "compute_flyby", "a Jupiter flyby (k 126686534 km3/s2)")),
    case(cartesian_to_ellipsoidal, lambda rng: (_R_EARTH, 6356.7519, *cartesian_cords(_R_EARTH, 6356.7519, np.float64(np.deg2rad(rng.uniform(30.0, 50.0))), np.float64(np.deg2rad(rng.uniform(30.0, 50.0))), _f(rng, 0.0, 1.0))),
         PA("src/poliastro/core/spheroid_location.py", "cartesian_to_ellipsoidal", "test_spheroid_location.py's point near 38.43, 41.2 deg: a conditional expression on lat")),
    case(radiation_pressure, lambda rng: (np.float64(0.0), _state(rng), _K_EARTH, _R_EARTH, 1.3, _f(rng, 0.01, 0.03), 2.0e-6 * 149597870.7**2, _sun),
         PA("src/poliastro/core/perturbations.py", "radiation_pressure / line_of_sight", "star a function of t0; float(line_of_sight_fast(...) > 0)")),
]
