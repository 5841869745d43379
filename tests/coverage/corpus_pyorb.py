"""pyorb's Kepler-orbit toolkit, ``pyorb/kepler.py``: the Cartesian / Keplerian / equinoctial element conversions
(``cart_to_kep``'s ``isinstance(cart, np.ndarray)`` and ``cart.shape[0] != 6`` checks, its in-place ``cart.shape = (6,
1)`` for one state and ``cart.shape = (6,)`` / ``o.shape = (6,)`` on the way out, a dozen boolean masks combined by
``logical_and`` / ``logical_not`` and used for masked reads and writes ``o[4, ny_neg] = 2.0*np.pi - o[4, ny_neg]``
into ``empty`` arrays, ``cos_om = cos_om[eg]`` then clipping by ``cos_om[cos_om > 1.0] = 1.0``; ``kep_to_cart``'s
``a[e > 1] *= -1`` into a view of its argument, ``np.full`` of a scalar ``mu``, ``R.shape = R.shape + (1, )`` and
``kep[2:, :] = np.radians(...)`` in place; ``equi_to_kep``'s and ``kep_to_equi``'s ``...`` indexing of ``(6,)`` and
``(6, N)`` element sets), the anomaly conversions (``true_to_eccentric``, ``eccentric_to_true``,
``eccentric_to_mean``: ``isinstance(_nu, np.ndarray) or isinstance(e, np.ndarray)`` with ``ones(e.shape)*nu``
broadcasting, a shape check that raises, then three masked writes for hyperbolic, parabolic and elliptic orbits, or
a scalar ``if e > 1`` / ``elif e == 1`` / ``else``), Kepler's equation (``laguerre_solve_kepler``'s ``while
np.abs(f_eval) >= tol`` Laguerre iteration with closures chosen by ``if e > 1``, an ``if np.abs(denom_p) >
np.abs(denom_m)`` branch and a ``break`` at ``max_iter``, returning ``(E, it_num)``; ``_get_kepler_guess``'s
``if``/``elif``/``else`` starter; ``kepler_guess`` and ``mean_to_eccentric`` walking ``np.nditer`` iterators with
``next`` and writing each result by ``Ec[...] = E_calc`` through a ``readwrite`` iterator, ``if _M.size == 0:
return E``, and ``if e == 0: return M``), the Stumpff functions (masked writes by ``x > 0``, ``x == 0`` and ``x <
0``), ``euler_rotation_matrix`` (``isinstance`` chain picking ``(3, 3, n)`` or ``(3, 3)``, ``R[0, 0, ...] = ...``),
the rotation matrices ``rot_mat_x`` / ``_y`` / ``_z`` (element writes into ``zeros``), ``kep_equivalent``'s chain of
``np.allclose`` / ``np.isclose`` tests returning Python bools, and ``unit.py``'s ``get_G`` (string units
normalised by ``lower().replace(...)`` and compared) (danielk333/pyorb, MIT).

Copied from danielk333/pyorb at c98f2071ddb3bbb5a3a2c8a290eed281eea59fed (version 0.6.0; its ``LICENSE`` is the MIT
License, "Copyright (c) [2023] [Daniel Kastinen]"): ``pyorb/kepler.py``'s module constants ``e_lim`` and ``i_lim``
and every function in it, in the file's order (``cart_to_equi`` ... ``kep_to_cart``); ``pyorb/unit.py``'s
``get_G``; and from ``pyorb/const.py`` the constants these use (``_2pi``, ``G``, ``AU``, ``M_sol``, ``GM_sol`` and
the element indices ``K_a`` ... ``K_nu``, ``E_a`` ... ``E_lam``), which the source sets as attributes of a module
object. Docstrings dropped (also the attribute docstrings after ``GM_sol``, ``e_lim`` and ``i_lim``), comments kept.

Adapted, beyond that:

* the ``from .const import ...`` lines are the constants of this module, written as the plain assignments
  ``const.py`` makes on its ``_const`` object (``G`` is named ``G_SI`` as ``unit.py`` imports it);
* a keyword setting (``degrees=True``, ``mu=...``, ``solver_options=...``, ``dtype=``) is given by a one-line wrapper
  named after the case; ``laguerre_solve_kepler`` returns ``(E, it_num)`` as the source does;
* not copied: ``pyorb/orbit.py`` (the ``Orbit`` class with its caching properties and ``__getitem__``), the
  ``angle_units`` decorator of ``unit.py`` and ``const.py``'s module-masquerading ``_const`` class.

The inputs: heliocentric states in SI units (metres, m/s) of inclined elliptical orbits, one ``(6,)`` state and
stacks ``(6, N)``; the element sets derived from them; equatorial (``i == 0``), retrograde equatorial, circular
(``e == 0``), hyperbolic (``e > 1``) and parabolic (``e == 1``) orbits; anomalies in radians and in degrees, as
arrays and as NumPy scalars, a Python float anomaly with an array of eccentricities; mean anomalies near 0, near
``pi`` and near ``2 pi`` (each branch of ``_get_kepler_guess``); an empty anomaly array; a ``max_iter`` of 2 (the
``break``); Stumpff arguments below, at and above 0; and pairs of element sets for ``kep_equivalent`` that are equal,
differ in ``a``, are circular with the same ``omega + nu``, and differ only in ``Omega`` of an equatorial orbit.
"""

# ruff: noqa: E127, E128, E201, E202, E203, E211, E221, E222, E225, E226, E231, E241, E261, E262, E265, E266, E302, E303, E305, E306, E501, E701, E702, E703, E704, E711, E712, E713, E721, E731, E741, N802, N803, N806, N816, B006, B007, B028, B904, B905, F401, F811, F841, UP004, UP008, UP030, UP031, UP032, UP034, W291, W293, UP003, A001, C408, C416, SIM108, SIM102, SIM114, RET505, PLR1714
from __future__ import annotations

import numpy as np

from tests.coverage.cases import PYORB, Source, case


def PO(path: str, original: str, note: str = "") -> Source:
    return Source(PYORB, "pyorb/" + path, original, note)


# --- pyorb/const.py (the constants kepler.py and unit.py import) ---

# Mathematical constants
_2pi = 2*np.pi                 # How it is usually used

# Fundamental physics constants
G_SI = 6.6743e-11                    # Newtons gravitational constant [m^3 kg^-1 s^-2]

# Astronomical quantities
AU = 1.495978707e11               # Astronomical unit [m]
M_sol  = 1.98847e30               # [kg]
GM_sol = 1.32712440018e20         # m^3/s^2

# Symbolic names for the indices that indicate keplerian and equinoctial elements
K_a, K_e, K_i, K_om, K_OM, K_nu = 0, 1, 2, 3, 4, 5
E_a, E_h, E_k, E_p, E_q, E_lam  = 0, 1, 2, 3, 4, 5


# --- pyorb/kepler.py ---

e_lim = 1e-9

i_lim = np.pi*1e-9

def cart_to_equi(cart, mu=GM_sol, degrees=False):
    kep = cart_to_kep(cart, mu=mu, degrees=degrees)
    # We assume its mean longitude, so we convert to mean anomaly
    # special cases - mean and true is same if e=0 so we skip those
    eg = kep[K_e, ...] > e_lim  # elliptic
    kep[K_nu, eg] = true_to_mean(kep[K_nu, eg], kep[K_e, eg], degrees=degrees)
    return kep_to_equi(kep, degrees=degrees)

def equi_to_cart(equi, mu=GM_sol, solver_options=None, degrees=False):
    kep = equi_to_kep(equi, degrees = degrees)
    # We assume its mean longitude, so we convert to true anomaly
    # special cases - mean and true is same if e=0 so we skip those
    eg = kep[K_e, ...] > e_lim  # elliptic
    kep[K_nu, eg] = mean_to_true(
        kep[K_nu, eg],
        kep[K_e, eg],
        solver_options = solver_options,
        degrees = degrees,
    )
    return kep_to_cart(kep, mu=mu, degrees=degrees)

def kep_to_equi(kep, degrees=False):
    _circ = 360.0 if degrees else _2pi
    om_bar = kep[K_om, ...] + kep[K_OM, ...]
    OM = kep[K_OM, ...]
    hi = 0.5*kep[K_i, ...]
    lambda0 = om_bar + kep[K_nu, ...]
    if degrees:
        om_bar = np.radians(om_bar)
        OM = np.radians(OM)
        hi = np.radians(hi)

    elems = np.empty(kep.shape, dtype=kep.dtype)

    elems[E_a, ...] = kep[K_a, ...]
    elems[E_h, ...] = kep[K_e, ...]*np.sin(om_bar)  # h
    elems[E_k, ...] = kep[K_e, ...]*np.cos(om_bar)  # k

    elems[E_p, ...] = np.tan(hi)*np.sin(OM)       # p
    elems[E_q, ...] = np.tan(hi)*np.cos(OM)       # q

    # elements in [0, 2pi or 360]
    elems[E_lam, ...] = np.mod(lambda0 + _circ, _circ)     # if input was in degrees, lambda0 is in degrees
    return elems

def equi_to_kep(equi, degrees=False):

    _circ = 360.0 if degrees else _2pi
    kep = np.empty(equi.shape, dtype=equi.dtype)

    kep[K_a, ...] = equi[E_a, ...]  # a
    kep[K_e, ...] = np.sqrt(equi[E_h, ...] ** 2 + equi[E_k, ...] ** 2)  # e

    om_bar = np.arctan2(equi[E_h, ...], equi[E_k, ...])  # om + Om, radians

    hi = np.arctan(np.sqrt(equi[E_p, ...] ** 2 + equi[E_q, ...] ** 2))  # i/2, radians
    kep[K_i, ...] = 2 * hi
    kep[K_OM, ...] = np.arctan2(equi[E_p, ...], equi[E_q, ...])  # Omega, radians

    if degrees:
        om_bar = np.degrees(om_bar)
        kep[K_OM, ...] = np.degrees(kep[K_OM, ...])
        kep[K_i, ...] = np.degrees(kep[K_i, ...])

    # special cases - no information in h-k angle since e=0
    eg = kep[K_e, ...] > e_lim  # elliptic
    el = np.logical_not(eg)  # circular

    kep[K_om, eg] = om_bar[eg] - kep[K_OM, eg]  # omega
    kep[K_om, el] = 0  # omega

    kep[K_nu, eg] = equi[E_lam, eg] - om_bar[eg]  # nu
    kep[K_nu, el] = equi[E_lam, el] - kep[K_OM, el]  # nu
    # elements in [0, 2pi or 360]
    kep[K_om:, ...] = np.mod(kep[K_om:, ...] + _circ, _circ)
    return kep

def cart_to_kep(cart, mu=GM_sol, degrees=False):

    if not isinstance(cart, np.ndarray):
        raise TypeError('Input type {} not supported: must be {}'.format(
            type(cart), np.ndarray))
    if cart.shape[0] != 6:
        raise ValueError(
            f'Input data must have at least 6 variables along axis 0:\
             input shape is {cart.shape}')

    if len(cart.shape) < 2:
        input_is_vector = True
        try:
            cart.shape = (6, 1)
        except ValueError as e:
            print(f'Error {e} while trying to cast vector into single column.')
            print(f'Input array shape: {cart.shape}')
            raise
    else:
        input_is_vector = False

    ez = np.array([0, 0, 1], dtype=cart.dtype)

    o = np.empty(cart.shape, dtype=cart.dtype)

    r = cart[:3, :]
    v = cart[3:, :]
    rn = np.linalg.norm(r, axis=0)
    vn = np.linalg.norm(v, axis=0)

    vr = np.sum((r/rn)*v, axis=0)

    epsilon = vn**2*0.5 - mu/rn

    # ## ECCENTRICITY ###
    e = 1.0/mu*((vn**2 - mu/rn)*r - (rn*vr)*v)
    o[1, :] = np.linalg.norm(e, axis=0)

    # ## SEMI MAJOR AXIS ###
    # possible cases
    # e < 1
    # and
    # e >= 1
    e_hyp = o[1, :] >= 1
    o[0, :] = -mu/(2.0*epsilon)
    o[0, e_hyp] = -o[0, e_hyp]

    # ## ANUGLAR MOMENTUM ###
    h = np.cross(r, v, axisa=0, axisb=0, axisc=0)
    hn = np.linalg.norm(h, axis=0)
    o[2, :] = np.arccos(h[2, :]/hn)

    # possible cases
    eg = o[1, :] > e_lim  # e grater
    # i grater (include retrograde planar orbits)
    ig = np.logical_and(o[2, :] > i_lim, o[2, :] < np.pi - i_lim)
    el = np.logical_not(eg)  # e less equal
    il = np.logical_not(ig)  # i less equal

    # e > elim & i > ilim
    eg_ig = np.logical_and(eg, ig)

    # e > elim & i <= ilim
    eg_il = np.logical_and(eg, il)

    # e <= elim & i > ilim
    el_ig = np.logical_and(el, ig)

    # e <= elim & i <= ilim
    el_il = np.logical_and(el, il)

    # ## ASCENDING NODE ###
    # ascending node pointing vector
    n = np.empty_like(h)
    nn = np.empty_like(hn)
    n[:, ig] = np.cross(ez, h[:, ig], axisa=0, axisb=0, axisc=0)
    nn[ig] = np.linalg.norm(n[:, ig], axis=0)

    # ensure [0,2pi]
    ny_neg = np.logical_and(n[1, :] < 0.0, ig)
    o[4, ig] = np.arccos(n[0, ig]/nn[ig])
    o[4, ny_neg] = 2.0*np.pi - o[4, ny_neg]

    # non inclined: no ascending node
    o[4, il] = 0

    # ## ARGUMENT OF PERIAPSIS ###
    # circular orbits: no argument of periapsis
    o[3, el] = 0

    # elliptical and hyperbolic orbits
    # two cases
    cos_om = np.empty_like(hn)
    # first case: eg and ig (n-vector)
    # use vector angle between the two
    cos_om[eg_ig] = np.sum(
        n[:, eg_ig]*e[:, eg_ig],
        axis=0,
    )/(nn[eg_ig]*o[1, eg_ig])

    # second case: eg and il (no n-vector)
    # use e vector angle
    cos_om[eg_il] = e[0, eg_il]/o[1, eg_il]

    # remove unused array positions
    cos_om = cos_om[eg]

    # do not fail due to number precision fluctuation
    cos_om[cos_om > 1.0] = 1.0
    cos_om[cos_om < -1.0] = -1.0

    o[3, eg] = np.arccos(cos_om)

    # first case: e and n vector angle
    ez_neg = np.logical_and(e[2, :] < 0.0, eg_ig)
    o[3, ez_neg] = 2.0*np.pi - o[3, ez_neg]

    # second case: ex component
    # prograde
    ey_neg = np.logical_and(o[2, :] < np.pi*0.5, eg_il)
    ey_neg2 = np.logical_and(ey_neg, e[1, :] < 0.0)
    o[3, ey_neg2] = 2.0*np.pi - o[3, ey_neg2]

    # retrograde
    ey_neg = np.logical_and(o[2, :] > np.pi*0.5, eg_il)
    ey_neg2 = np.logical_and(ey_neg, e[1, :] >= 0.0)
    o[3, ey_neg2] = 2.0*np.pi - o[3, ey_neg2]

    # ## TRUE ANOMALY ###
    cos_nu = np.empty_like(hn)

    # three cases
    # elliptical and hyperbolic: (angle from periapsis using e and r)
    cos_nu[eg] = np.sum(e[:, eg]*r[:, eg], axis=0)/(o[1, eg]*rn[eg])

    # circular and inclined: (angle from periapsis using n and r)
    # if e=0 and omega := 0, with inclination +y -> +z perihelion is ascending
    # node
    cos_nu[el_ig] = np.sum(
        (n[:, el_ig]/nn[el_ig])*(r[:, el_ig]/rn[el_ig]),
        axis=0,
    )

    # circular and planar: (use angle of position vector)
    cos_nu[el_il] = r[0, el_il]/rn[el_il]

    # do not fail due to number precision fluctuation
    cos_nu[cos_nu > 1.0] = 1.0
    cos_nu[cos_nu < -1.0] = -1.0

    o[5, :] = np.arccos(cos_nu)

    # ensure [0,2pi]
    # elliptical and hyperbolic
    tmp_ind_ = np.logical_and(vr < 0.0, eg)
    o[5, tmp_ind_] = 2.0*np.pi - o[5, tmp_ind_]

    # circular and inclined
    tmp_ind_ = np.logical_and(r[2, :] < 0.0, el_ig)
    o[5, tmp_ind_] = 2.0*np.pi - o[5, tmp_ind_]

    # circular and planar
    # prograde
    tmp_ind_ = np.logical_and(o[2, :] < np.pi*0.5, el_il)
    tmp_ind2_ = np.logical_and(tmp_ind_, r[1, :] < 0.0)
    o[5, tmp_ind2_] = 2.0*np.pi - o[5, tmp_ind2_]

    # if retrograde, its reversed
    tmp_ind_ = np.logical_and(o[2, :] > np.pi*0.5, el_il)
    tmp_ind2_ = np.logical_and(tmp_ind_, r[1, :] >= 0.0)
    o[5, tmp_ind2_] = 2.0*np.pi - o[5, tmp_ind2_]

    # # OUTPUT FORMATTING ##
    if degrees:
        o[2:, :] = np.degrees(o[2:, :])

    if input_is_vector:
        cart.shape = (6,)
        o.shape = (6,)

    return o

def kep_equivalent(kep1, kep2):
    # TODO: Need unit tests for this one
    # TODO: docstring here

    if len(kep1.shape) > 1 or len(kep2.shape) > 1:
        raise ValueError('Only vector inputs for now')
    if np.allclose(kep1, kep2):
        return True

    if not np.isclose(kep1[K_a], kep2[K_a]):
        return False

    # if eccentricity is (near) zero, then only the sum of omega and nu matter
    if kep1[K_e] < e_lim and kep2[K_e] < e_lim:
        if not np.isclose(kep1[K_om] + kep1[K_nu], kep2[K_om] + kep2[K_nu]):
            return False
    else:  # otherwise, they must match up individually
        if (
            not np.isclose(kep1[K_om], kep2[K_om])
            or not np.isclose(kep1[K_nu], kep2[K_nu])
        ):
            return False

    # if inclination is non-zero, then Omega matters
    if kep1[K_i] > i_lim or kep2[K_i] > i_lim:
        if (
            not np.isclose(kep1[K_i], kep2[K_i])
            or not np.isclose(kep1[K_OM], kep2[K_OM])
        ):
            return False
    # Otherwise, we should be good
    return True

def orbit_total_angular_momentum(a, e, mu):
    return np.sqrt(mu*a*(1 - e**2))

def parabolic_total_angular_momentum(q, mu):
    return np.sqrt(mu*2*q)

def true_to_eccentric(nu, e, degrees=False):
    if degrees:
        _nu = np.radians(nu)
    else:
        _nu = nu

    if isinstance(_nu, np.ndarray) or isinstance(e, np.ndarray):
        if not isinstance(_nu, np.ndarray):
            _nu = np.ones(e.shape, dtype=e.dtype)*_nu
        if not isinstance(e, np.ndarray):
            e = np.ones(_nu.shape, dtype=_nu.dtype)*e
        if _nu.shape != e.shape:
            raise TypeError('Input dimensions does not agree')

        E = np.empty(_nu.shape, dtype=_nu.dtype)
        hyp = e > 1
        per = e == 1
        eli = e < 1

        E[hyp] = 2.0*np.arctanh(
            np.sqrt((e[hyp] - 1.0)/(e[hyp] + 1.0))*np.tan(_nu[hyp]*0.5)
        )
        E[per] = np.tan(_nu[per]*0.5)
        E[eli] = 2.0*np.arctan(
            np.sqrt((1.0 - e[eli])/(1.0 + e[eli]))*np.tan(_nu[eli]*0.5)
        )
    else:
        if e > 1:
            E = 2.0*np.arctanh(np.sqrt((e - 1.0)/(e + 1.0))*np.tan(_nu*0.5))
        elif e == 1:
            E = np.tan(_nu*0.5)
        else:
            E = 2.0*np.arctan(np.sqrt((1.0 - e)/(1.0 + e))*np.tan(_nu*0.5))

    E = np.mod(E + 2.*np.pi, 2.*np.pi)

    if degrees:
        E = np.degrees(E)

    return E

def eccentric_to_true(E, e, degrees=False):
    if degrees:
        _E = np.radians(E)
    else:
        _E = E

    if isinstance(_E, np.ndarray) or isinstance(e, np.ndarray):
        if not isinstance(_E, np.ndarray):
            _E = np.ones(e.shape, dtype=e.dtype)*_E
        if not isinstance(e, np.ndarray):
            e = np.ones(_E.shape, dtype=_E.dtype)*e
        if _E.shape != e.shape:
            raise TypeError('Input dimensions does not agree')

        nu = np.empty(_E.shape, dtype=_E.dtype)
        hyp = e > 1
        per = e == 1
        eli = e < 1

        nu[hyp] = 2.0*np.arctan(
            np.sqrt((e[hyp] + 1.0)/(e[hyp] - 1.0))*np.tanh(_E[hyp]*0.5)
        )
        nu[per] = 2.0*np.arctan(_E[per])
        nu[eli] = 2.0*np.arctan(
            np.sqrt((1.0 + e[eli])/(1.0 - e[eli]))*np.tan(_E[eli]*0.5)
        )
    else:
        if e > 1:
            nu = 2.0*np.arctan(np.sqrt((e + 1.0)/(e - 1.0))*np.tanh(_E*0.5))
        elif e == 1:
            nu = 2.0*np.arctan(_E)
        else:
            nu = 2.0*np.arctan(np.sqrt((1.0 + e)/(1.0 - e))*np.tan(_E*0.5))

    nu = np.mod(nu + 2.*np.pi, 2.*np.pi)
    if degrees:
        nu = np.degrees(nu)

    return nu

def eccentric_to_mean(E, e, degrees=False):
    if degrees:
        _E = np.radians(E)
    else:
        _E = E

    if isinstance(_E, np.ndarray) or isinstance(e, np.ndarray):
        if not isinstance(_E, np.ndarray):
            _E = np.ones(e.shape, dtype=e.dtype)*_E
        if not isinstance(e, np.ndarray):
            e = np.ones(_E.shape, dtype=_E.dtype)*e
        if _E.shape != e.shape:
            raise TypeError('Input dimensions does not agree')

        M = np.empty(_E.shape, dtype=_E.dtype)
        hyp = e > 1
        per = e == 1
        eli = e < 1

        M[hyp] = e[hyp]*np.sinh(_E[hyp]) - _E[hyp]
        M[per] = _E[per] + _E[per]**3/3.0
        M[eli] = _E[eli] - e[eli]*np.sin(_E[eli])
    else:
        if e > 1:
            M = e*np.sinh(_E) - _E
        elif e == 1:
            M = _E + _E**3/3.0
        else:
            M = _E - e*np.sin(_E)

    if degrees:
        M = np.degrees(M)
    return M

def true_to_mean(nu, e, degrees=False):
    if degrees:
        _nu = np.radians(nu)
    else:
        _nu = nu

    E = true_to_eccentric(_nu, e, degrees=False)
    M = eccentric_to_mean(E, e, degrees=False)

    if degrees:
        M = np.degrees(M)
    return M

def orbital_distance(h, mu, e, nu, degrees=False):
    if degrees:
        _nu = np.radians(nu)
    else:
        _nu = nu

    return h**2/(mu*(1 + e*np.cos(_nu)))

def elliptic_radius(E, a, e, degrees=False):
    if degrees:
        _E = np.radians(E)
    else:
        _E = E

    return a*(1.0 - e*np.cos(_E))

def parabolic_radius(nu, q, degrees=False):
    if degrees:
        _nu = np.radians(nu)
    else:
        _nu = nu

    return 2.0*q/(1.0 + np.cos(_nu))

def hyperbolic_radius(nu, a, e, degrees=False):
    if degrees:
        _nu = np.radians(nu)
    else:
        _nu = nu

    return a*(e**2 - 1.0)/(1.0 + e*np.cos(_nu))

def rot_mat_x(theta, dtype=np.float64):
    R = np.zeros((3, 3), dtype=dtype)
    R[1, 1] = np.cos(theta)
    R[1, 2] = -np.sin(theta)
    R[2, 1] = np.sin(theta)
    R[2, 2] = np.cos(theta)
    R[0, 0] = 1.0
    return R

def rot_mat_y(theta, dtype=np.float64):
    R = np.zeros((3, 3), dtype=dtype)
    R[0, 0] = np.cos(theta)
    R[0, 2] = np.sin(theta)
    R[2, 0] = -np.sin(theta)
    R[2, 2] = np.cos(theta)
    R[1, 1] = 1.0
    return R

def rot_mat_z(theta, dtype=np.float64):
    R = np.zeros((3, 3), dtype=dtype)
    R[0, 0] = np.cos(theta)
    R[0, 1] = -np.sin(theta)
    R[1, 0] = np.sin(theta)
    R[1, 1] = np.cos(theta)
    R[2, 2] = 1.0
    return R

def laguerre_solve_kepler(E0, M, e, tol=1e-12, max_iter=5000, degree=5):

    degree = float(degree)

    if e > 1:
        def _f(E):
            return M + E - e*np.sinh(E)

        def _fp(E):
            return 1.0 - e*np.cosh(E)

        def _fpp(E):
            return -e*np.sinh(E)
    else:
        def _f(E):
            return M - E + e*np.sin(E)

        def _fp(E):
            return e*np.cos(E) - 1.0

        def _fpp(E):
            return -e*np.sin(E)

    E = E0

    f_eval = _f(E)

    it_num = 0

    while np.abs(f_eval) >= tol:
        it_num += 1

        fp_eval = _fp(E)

        sqrt_term = np.sqrt(np.abs(
            (degree - 1.0)**2*fp_eval**2 - degree*(degree - 1.0)*f_eval*_fpp(E)
        ))

        denom_p = fp_eval + sqrt_term
        denom_m = fp_eval - sqrt_term

        if np.abs(denom_p) > np.abs(denom_m):
            delta = degree*f_eval/denom_p
        else:
            delta = degree*f_eval/denom_m

        E = E - delta

        f_eval = _f(E)

        if it_num >= max_iter:
            break

    return E, it_num

def _get_hyperbolic_kepler_guess(M, e):
    E0 = np.log(2*M/e + 1.8)
    return E0

def _get_kepler_guess(M, e):
    if M > np.pi:
        _M = 2.0*np.pi - M
    else:
        _M = M

    if _M < 0.25:
        E0 = _M + e*np.sin(_M)/(1.0 - np.sin(_M + e) + np.sin(_M))
    elif _M < 2.0:
        E0 = _M + e
    else:
        E0 = _M + (e*(np.pi - _M))/(1.0 + e)

    if M > np.pi:
        E0 = 2.0*np.pi - E0

    return E0

def kepler_guess(M, e):

    if isinstance(M, np.ndarray) or isinstance(e, np.ndarray):
        if not isinstance(M, np.ndarray):
            M = np.ones(e.shape, dtype=e.dtype)*M
        if not isinstance(e, np.ndarray):
            e = np.ones(M.shape, dtype=M.dtype)*e
        if M.shape != e.shape:
            raise TypeError('Input dimensions does not agree')

        E0 = np.empty(M.shape, dtype=M.dtype)

        out_it = E0.size
        Mit = np.nditer(M)
        eit = np.nditer(e)
        Eit = np.nditer(E0, op_flags=['readwrite'])

        for it in range(out_it):
            Mc = next(Mit)
            ec = next(eit)
            Ec = next(Eit)

            if ec > 1:
                E_calc = _get_hyperbolic_kepler_guess(Mc, ec)
            else:
                E_calc = _get_kepler_guess(Mc, ec)

            Ec[...] = E_calc

    else:
        if e > 1:
            E0 = _get_hyperbolic_kepler_guess(M, e)
        else:
            E0 = _get_kepler_guess(M, e)

    return E0

def mean_to_eccentric(M, e, solver_options=None, degrees=False):
    if solver_options is None:
        solver_options = {}

    if degrees:
        _M = np.radians(M)
    else:
        _M = M

    if isinstance(_M, np.ndarray) or isinstance(e, np.ndarray):
        if not isinstance(_M, np.ndarray):
            _M = np.ones(e.shape, dtype=e.dtype)*_M
        if not isinstance(e, np.ndarray):
            e = np.ones(_M.shape, dtype=_M.dtype)*e
        if _M.shape != e.shape:
            raise TypeError(f'Input dimensions does not agree \
                M:{_M.shape} != e:{e.shape}')
        E = np.empty(_M.shape, dtype=_M.dtype)
        if _M.size == 0:
            return E

        out_it = E.size
        Mit = np.nditer(_M)
        eit = np.nditer(e)
        Eit = np.nditer(E, op_flags=['readwrite'])

        for it in range(out_it):
            Mc = next(Mit)
            ec = next(eit)
            Ec = next(Eit)

            if ec > 1:
                E0 = _get_hyperbolic_kepler_guess(Mc, ec)
                E_calc, it_num = laguerre_solve_kepler(
                    E0, Mc, ec, **solver_options)
            elif ec == 1:
                A = 3.0/2.0*Mc
                B = np.cbrt(A + np.sqrt(A**2 + 1))
                E_calc = B - 1.0/B
            else:
                E0 = _get_kepler_guess(Mc, ec)
                E_calc, it_num = laguerre_solve_kepler(
                    E0, Mc, ec, **solver_options)

            Ec[...] = E_calc

    else:
        if e == 0:
            return M

        if e > 1:
            E0 = _get_hyperbolic_kepler_guess(_M, e)
            E, it_num = laguerre_solve_kepler(E0, _M, e, **solver_options)
        elif e == 1:
            A = 3.0/2.0*_M
            B = np.cbrt(A + np.sqrt(A**2 + 1))
            E = B - 1.0/B
        else:
            E0 = _get_kepler_guess(_M, e)
            E, it_num = laguerre_solve_kepler(E0, _M, e, **solver_options)

    if degrees:
        E = np.degrees(E)

    return E

def mean_to_true(M, e, solver_options=None, degrees=False):
    if degrees:
        _M = np.radians(M)
    else:
        _M = M

    E = mean_to_eccentric(_M, e, solver_options=solver_options, degrees=False)
    nu = eccentric_to_true(E, e, degrees=False)

    if degrees:
        nu = np.degrees(nu)

    return nu

def orbital_speed(r, a, mu):
    return np.sqrt(mu*(2.0/r - 1.0/a))

def orbital_period(a, mu):
    return 2.0*np.pi*np.sqrt(a**3.0/mu)

def semi_major_axis(P, mu):
    a = np.cbrt((P/(2.0*np.pi))**2*mu)
    return a

def true_of_the_asymptote(e, degrees=False):
    theta_inf = np.arccos(-1.0/e)

    if degrees:
        theta_inf = np.degrees(theta_inf)

    return theta_inf

def stumpff0(x):
    c0 = np.empty_like(x)
    inds = x > 0
    c0[inds] = np.cos(np.sqrt(x[inds]))

    c0[x == 0] = 1

    inds = x < 0
    c0[inds] = np.cosh(np.sqrt(-x[inds]))
    return c0

def stumpff1(x):
    c1 = np.empty_like(x)
    inds = x > 0
    c1[inds] = np.sin(np.sqrt(x[inds]))/np.sqrt(x[inds])

    c1[x == 0] = 1

    inds = x < 0
    c1[inds] = np.sinh(np.sqrt(-x[inds]))/np.sqrt(-x[inds])
    return c1

def stumpff2(x):
    c2 = np.empty_like(x)
    inds = x > 0
    c2[inds] = (1 - np.cos(np.sqrt(x[inds])))/x[inds]

    c2[x == 0] = 0.5

    inds = x < 0
    c2[inds] = (1 - np.cosh(np.sqrt(-x[inds])))/x[inds]
    return c2

def stumpff3(x):
    c3 = np.empty_like(x)
    inds = x > 0
    xsq = np.sqrt(x[inds])
    c3[inds] = (xsq - np.sin(xsq))/(xsq*x[inds])

    c3[x == 0] = 1/6

    inds = x < 0
    xsq = np.sqrt(-x[inds])
    c3[inds] = (xsq - np.sinh(xsq))/(xsq*x[inds])
    return c3

def stumpff(x):
    return stumpff0(x), stumpff1(x), stumpff2(x), stumpff3(x)

def euler_rotation_matrix(inc, omega, Omega, degrees=False):
    if isinstance(inc, np.ndarray):
        R = np.empty((3, 3, inc.size), dtype=np.float64)
    elif isinstance(omega, np.ndarray):
        R = np.empty((3, 3, omega.size), dtype=np.float64)
    elif isinstance(Omega, np.ndarray):
        R = np.empty((3, 3, Omega.size), dtype=np.float64)
    else:
        R = np.empty((3, 3), dtype=np.float64)

    if degrees:
        _omega = np.radians(omega)
        _inc = np.radians(inc)
        _Omega = np.radians(Omega)
    else:
        _omega = omega
        _inc = inc
        _Omega = Omega

    c1 = np.cos(_Omega)
    s1 = np.sin(_Omega)

    c2 = np.cos(_inc)
    s2 = np.sin(_inc)

    c3 = np.cos(_omega)
    s3 = np.sin(_omega)

    # col 0
    R[0, 0, ...] = c1*c3 - c2*s1*s3
    R[1, 0, ...] = c3*s1 + c1*c2*s3
    R[2, 0, ...] = s2*s3

    # col 1
    R[0, 1, ...] = -c1*s3 - c2*c3*s1
    R[1, 1, ...] = c1*c2*c3 - s1*s3
    R[2, 1, ...] = c3*s2

    # col 2
    R[0, 2, ...] = s1*s2
    R[1, 2, ...] = -c1*s2
    R[2, 2, ...] = c2

    return R

def kep_to_cart(kep, mu=GM_sol, degrees=False):
    if not isinstance(kep, np.ndarray):
        raise TypeError('Input type {} not supported: must be {}'.format(
            type(kep), np.ndarray))
    if kep.shape[0] != 6:
        raise ValueError(f'Input data must have at least 6 variables \
            along axis 0: input shape is {kep.shape}')

    if len(kep.shape) < 2:
        input_is_vector = True
        try:
            kep.shape = (6, 1)
        except ValueError as e:
            print(f'Error {e} while trying to cast vector into single column.')
            print(f'Input array shape: {kep.shape}')
            raise
    else:
        input_is_vector = False

    if not isinstance(mu, np.ndarray):
        mu = np.full((kep.shape[1],), mu, dtype=np.float64)

    x = np.empty(kep.shape, dtype=kep.dtype)

    if degrees:
        kep[2:, :] = np.radians(kep[2:, :])

    nu = kep[5, :]
    omega = kep[3, :]
    asc_node = kep[4, :]
    inc = kep[2, :]
    e = kep[1, :]
    a = kep[0, :]

    per = e == 1
    nper = np.logical_not(per)

    # In the consistent equations hyperbolas have negative semi-major axis
    a[e > 1] *= -1

    h = np.empty_like(a)
    h[nper] = orbit_total_angular_momentum(a[nper], e[nper], mu[nper])
    h[per] = parabolic_total_angular_momentum(a[per], mu[per])

    rn = orbital_distance(h, mu, e, nu, degrees=False)

    R = euler_rotation_matrix(inc, omega, asc_node, degrees=False)
    if len(R.shape) < 3:
        R.shape = R.shape + (1, )

    rx = rn*np.cos(nu)
    ry = rn*np.sin(nu)
    r = np.zeros((3, kep.shape[1]), dtype=kep.dtype)
    r[0, :] = R[0, 0, ...]*rx + R[0, 1, ...]*ry
    r[1, :] = R[1, 0, ...]*rx + R[1, 1, ...]*ry
    r[2, :] = R[2, 0, ...]*rx + R[2, 1, ...]*ry

    vn = mu/h
    vx = -vn*np.sin(nu)
    vy = vn*(e + np.cos(nu))

    v = np.zeros((3, kep.shape[1]), dtype=kep.dtype)
    v[0, :] = R[0, 0, ...]*vx + R[0, 1, ...]*vy
    v[1, :] = R[1, 0, ...]*vx + R[1, 1, ...]*vy
    v[2, :] = R[2, 0, ...]*vx + R[2, 1, ...]*vy

    x[:3, :] = r
    x[3:, :] = v

    if input_is_vector:
        x.shape = (6,)
        kep.shape = (6,)

    if degrees:
        kep[2:, ...] = np.degrees(kep[2:, ...])

    return x


# --- pyorb/unit.py ---

def get_G(length, mass, time):

    if isinstance(mass, str):
        mass = mass.lower().replace('_', '').replace(' ', '').replace('-', '')
        if mass == 'kg':
            _mass = 1.0
        elif mass == 'g':
            _mass = 1e-3
        elif mass == 'msun' or mass == 'msol':
            _mass = M_sol
        else:
            raise TypeError(f'Unit "{mass}" not recognized')
    elif isinstance(mass, float):
        _mass = mass
    else:
        raise TypeError(f'Type "{type(mass)}" for mass not supported')

    if isinstance(time, str):
        time = time.lower()
        if time == 's':
            _time = 1.0
        elif time == 'h':
            _time = 3600.0
        elif time == 'd':
            _time = 3600.0*24
        elif time == 'y':
            _time = 3600.0*24*365.25
        else:
            raise TypeError(f'Unit "{time}" not recognized')
    elif isinstance(time, float):
        _time = time
    else:
        raise TypeError(f'Type "{type(time)}" for time not supported')

    if isinstance(length, str):
        length = length.lower()
        if length == 'm':
            _length = 1.0
        elif length == 'cm':
            _length = 1e-2
        elif length == 'km':
            _length = 1e3
        elif length == 'au':
            _length = AU
        elif length == 'pc':
            _length = 3.08567758149137e16  # IAU 2012 exact SI def
        else:
            raise TypeError(f'Unit "{length}" not recognized')
    elif isinstance(length, float):
        _length = length
    else:
        raise TypeError(f'Type "{type(length)}" for length not supported')

    return G_SI*(_mass*_time**2/_length**3)


# --- the cases ---

_K, _U = "kepler.py", "unit.py"


def cart_to_kep_degrees(cart):
    return cart_to_kep(cart, degrees=True)


def cart_to_kep_au_year(cart):
    return cart_to_kep(cart, mu=39.47812018693255)


def kep_to_cart_degrees(kep):
    return kep_to_cart(kep, degrees=True)


def kep_to_cart_mu_array(kep, mu):
    return kep_to_cart(kep, mu=mu)


def kep_to_equi_degrees(kep):
    return kep_to_equi(kep, degrees=True)


def equi_to_kep_degrees(equi):
    return equi_to_kep(equi, degrees=True)


def true_to_eccentric_degrees(nu, e):
    return true_to_eccentric(nu, e, degrees=True)


def eccentric_to_true_degrees(E, e):
    return eccentric_to_true(E, e, degrees=True)


def true_to_mean_degrees(nu, e):
    return true_to_mean(nu, e, degrees=True)


def mean_to_eccentric_degrees(M, e):
    return mean_to_eccentric(M, e, degrees=True)


def mean_to_eccentric_two_iterations(M, e):
    return mean_to_eccentric(M, e, solver_options=dict(max_iter=2))


def mean_to_true_degrees(M, e):
    return mean_to_true(M, e, degrees=True)


def laguerre_solve_kepler_two_iterations(E0, M, e):
    return laguerre_solve_kepler(E0, M, e, tol=1e-14, max_iter=2)


def laguerre_solve_kepler_degree_3(E0, M, e):
    return laguerre_solve_kepler(E0, M, e, degree=3)


def rot_mat_z_float32(theta):
    return rot_mat_z(theta, dtype=np.float32)


def euler_rotation_matrix_degrees(inc, omega, Omega):
    return euler_rotation_matrix(inc, omega, Omega, degrees=True)


def true_of_the_asymptote_degrees(e):
    return true_of_the_asymptote(e, degrees=True)


def orbital_distance_degrees(h, mu, e, nu):
    return orbital_distance(h, mu, e, nu, degrees=True)


def get_G_au_msol_year():
    return get_G(length='AU', mass='Msol', time='y')


def get_G_floats(length, mass, time):
    return get_G(length, mass, time)


def _elements(rng, n=6, e=None, i=None):
    kep = np.empty((6, n))
    kep[0] = rng.uniform(0.5, 3.0, n) * AU
    kep[1] = rng.uniform(0.05, 0.6, n) if e is None else e
    kep[2] = rng.uniform(0.1, 1.2, n) if i is None else i
    kep[3] = rng.uniform(0.0, 2 * np.pi, n)
    kep[4] = rng.uniform(0.0, 2 * np.pi, n)
    kep[5] = rng.uniform(0.0, 2 * np.pi, n)
    return kep


def _elements_degrees(rng, n):
    kep = _elements(rng, n)
    kep[2:] = np.degrees(kep[2:])
    return kep


def _states(rng, n=6, e=None, i=None):
    return kep_to_cart(_elements(rng, n, e, i))


def _mixed_states(rng):
    # inclined elliptic, equatorial prograde, equatorial retrograde, circular inclined, circular equatorial, hyperbolic
    return _states(rng, 6, e=np.array([0.3, 0.2, 0.4, 0.0, 0.0, 1.5]), i=np.array([0.7, 0.0, np.pi, 0.5, 0.0, 0.4]))


def _one_state(rng):
    return _states(rng, 1)[:, 0].copy()


def _equi(rng, n=6):
    kep = _elements(rng, n)
    kep[1, 0] = 0.0  # circular: no h-k angle
    return kep_to_equi(kep)


def _kep_pairs(rng, which):
    k1 = _elements(rng, 1)[:, 0].copy()
    k2 = k1.copy()
    if which == "a":
        k2[K_a] *= 1.1
    elif which == "circular":
        k1[K_e] = k2[K_e] = 0.0
        k2[K_om] += 0.3
        k2[K_nu] -= 0.3
    elif which == "equatorial":
        k1[K_i] = k2[K_i] = 0.0
        k2[K_OM] += 0.5
    elif which == "inclination":
        k2[K_i] += 0.2
    return k1, k2


def _anomalies_mixed_e(rng):
    return rng.uniform(-1.8, 1.8, 6), np.array([0.0, 0.3, 0.9, 1.0, 1.5, 3.0])


CASES = [
    # Cartesian -> Keplerian
    case(cart_to_kep, lambda rng: (_states(rng, 8),), PO(_K, "cart_to_kep", "8 inclined elliptical orbits")),
    case(cart_to_kep, lambda rng: (_one_state(rng),), PO(_K, "cart_to_kep", "one (6,) state: cart.shape = (6, 1)"),
         name="pyorb.cart_to_kep_vector"),
    case(cart_to_kep, lambda rng: (_mixed_states(rng),),
         PO(_K, "cart_to_kep", "equatorial, retrograde, circular and hyperbolic columns"), name="pyorb.cart_to_kep_special"),
    case(cart_to_kep_degrees, lambda rng: (_states(rng, 5),), PO(_K, "cart_to_kep", "degrees=True")),
    case(cart_to_kep_au_year, lambda rng: (np.array([0.70710678, 0.70710678, 0.0, -4.4428662, 4.4428662, 0.0])
                                          + np.concatenate([rng.normal(scale=1e-3, size=3), rng.normal(scale=1e-2, size=3)]),),
         PO(_K, "cart_to_kep", "the docstring's AU / year example")),
    # Keplerian -> Cartesian
    case(kep_to_cart, lambda rng: (_elements(rng, 8),), PO(_K, "kep_to_cart", "8 elliptical orbits")),
    case(kep_to_cart, lambda rng: (_elements(rng, 1)[:, 0].copy(),), PO(_K, "kep_to_cart", "one (6,) element set"),
         name="pyorb.kep_to_cart_vector"),
    case(kep_to_cart, lambda rng: (_elements(rng, 4, e=np.array([0.2, 1.0, 1.8, 0.0])),),
         PO(_K, "kep_to_cart", "elliptic, parabolic, hyperbolic, circular: a[e > 1] *= -1"), name="pyorb.kep_to_cart_conics"),
    case(kep_to_cart_degrees, lambda rng: (_elements_degrees(rng, 5),),
         PO(_K, "kep_to_cart", "degrees=True: kep[2:, :] converted in place and back")),
    case(kep_to_cart_mu_array, lambda rng: (_elements(rng, 4), rng.uniform(1.0e20, 1.5e20, 4)),
         PO(_K, "kep_to_cart", "an array mu")),
    # equinoctial
    case(kep_to_equi, lambda rng: (_elements(rng, 6),), PO(_K, "kep_to_equi")),
    case(kep_to_equi, lambda rng: (_elements(rng, 1)[:, 0].copy(),), PO(_K, "kep_to_equi", "one (6,) element set"),
         name="pyorb.kep_to_equi_vector"),
    case(kep_to_equi_degrees, lambda rng: (_elements_degrees(rng, 4),), PO(_K, "kep_to_equi", "degrees=True")),
    case(equi_to_kep, lambda rng: (_equi(rng),), PO(_K, "equi_to_kep", "one circular column")),
    case(equi_to_kep_degrees, lambda rng: (_equi(rng),), PO(_K, "equi_to_kep", "degrees=True")),
    case(cart_to_equi, lambda rng: (_states(rng, 5),), PO(_K, "cart_to_equi", "true_to_mean of the elliptic columns")),
    case(equi_to_cart, lambda rng: (_equi(rng, 4),), PO(_K, "equi_to_cart", "mean_to_true of the elliptic columns")),
    # kep_equivalent
    case(kep_equivalent, lambda rng: _kep_pairs(rng, "same"), PO(_K, "kep_equivalent", "equal sets: allclose")),
    case(kep_equivalent, lambda rng: _kep_pairs(rng, "a"), PO(_K, "kep_equivalent", "a differs"),
         name="pyorb.kep_equivalent_a"),
    case(kep_equivalent, lambda rng: _kep_pairs(rng, "circular"), PO(_K, "kep_equivalent", "circular, same omega + nu"),
         name="pyorb.kep_equivalent_circular"),
    case(kep_equivalent, lambda rng: _kep_pairs(rng, "equatorial"), PO(_K, "kep_equivalent", "equatorial, Omega differs"),
         name="pyorb.kep_equivalent_equatorial"),
    case(kep_equivalent, lambda rng: _kep_pairs(rng, "inclination"), PO(_K, "kep_equivalent", "inclination differs"),
         name="pyorb.kep_equivalent_inclination"),
    # anomalies
    case(true_to_eccentric, _anomalies_mixed_e, PO(_K, "true_to_eccentric", "arrays: hyperbolic, parabolic, elliptic masks")),
    case(true_to_eccentric, lambda rng: (np.float64(rng.uniform(-1, 1)), np.float64(1.4)),
         PO(_K, "true_to_eccentric", "scalars, e > 1"), name="pyorb.true_to_eccentric_hyperbolic"),
    case(true_to_eccentric, lambda rng: (np.float64(rng.uniform(-1, 1)), np.float64(1.0)),
         PO(_K, "true_to_eccentric", "scalars, e == 1"), name="pyorb.true_to_eccentric_parabolic"),
    case(true_to_eccentric, lambda rng: (0.75, rng.uniform(0.0, 0.9, 5)),
         PO(_K, "true_to_eccentric", "a Python float nu, an array e: ones(e.shape)*nu"), name="pyorb.true_to_eccentric_float_nu"),
    case(true_to_eccentric_degrees, lambda rng: (rng.uniform(-150, 150, 5), np.float64(0.3)),
         PO(_K, "true_to_eccentric", "degrees, an array nu and a scalar e")),
    case(eccentric_to_true, _anomalies_mixed_e, PO(_K, "eccentric_to_true", "arrays")),
    case(eccentric_to_true, lambda rng: (np.float64(rng.uniform(-2, 2)), np.float64(0.6)),
         PO(_K, "eccentric_to_true", "scalars, e < 1"), name="pyorb.eccentric_to_true_scalar"),
    case(eccentric_to_true_degrees, lambda rng: (rng.uniform(0, 360, 5), rng.uniform(0.0, 0.9, 5)),
         PO(_K, "eccentric_to_true", "degrees")),
    case(eccentric_to_mean, _anomalies_mixed_e, PO(_K, "eccentric_to_mean", "arrays")),
    case(eccentric_to_mean, lambda rng: (np.float64(rng.uniform(-1, 1)), np.float64(1.0)),
         PO(_K, "eccentric_to_mean", "scalars, e == 1"), name="pyorb.eccentric_to_mean_parabolic"),
    case(true_to_mean_degrees, lambda rng: (rng.uniform(0, 170, 5), rng.uniform(0.0, 0.9, 5)), PO(_K, "true_to_mean", "degrees")),
    # Kepler's equation
    case(laguerre_solve_kepler, lambda rng: (np.float64(3.14), np.float64(3.14), np.float64(rng.uniform(0.7, 0.9))),
         PO(_K, "laguerre_solve_kepler", "elliptic, the docstring's example")),
    case(laguerre_solve_kepler, lambda rng: (np.float64(1.0), np.float64(rng.uniform(1, 3)), np.float64(1.7)),
         PO(_K, "laguerre_solve_kepler", "hyperbolic: sinh closures"), name="pyorb.laguerre_solve_kepler_hyperbolic"),
    case(laguerre_solve_kepler_two_iterations, lambda rng: (np.float64(0.0), np.float64(rng.uniform(2, 3)), np.float64(0.95)),
         PO(_K, "laguerre_solve_kepler", "max_iter=2: the break")),
    case(laguerre_solve_kepler_degree_3, lambda rng: (np.float64(0.5), np.float64(rng.uniform(0.1, 1)), np.float64(0.5)),
         PO(_K, "laguerre_solve_kepler", "degree=3")),
    case(_get_kepler_guess, lambda rng: (np.float64(rng.uniform(0.01, 0.2)), np.float64(0.5)),
         PO(_K, "_get_kepler_guess", "M < 0.25")),
    case(_get_kepler_guess, lambda rng: (np.float64(rng.uniform(0.5, 1.5)), np.float64(0.5)),
         PO(_K, "_get_kepler_guess", "0.25 <= M < 2"), name="pyorb._get_kepler_guess_mid"),
    case(_get_kepler_guess, lambda rng: (np.float64(rng.uniform(3.5, 6.0)), np.float64(0.5)),
         PO(_K, "_get_kepler_guess", "M > pi: mirrored"), name="pyorb._get_kepler_guess_mirrored"),
    case(kepler_guess, lambda rng: (rng.uniform(0.0, 2 * np.pi, 6), np.array([0.1, 0.5, 0.9, 1.2, 2.0, 0.0])),
         PO(_K, "kepler_guess", "arrays: nditer with readwrite writes")),
    case(kepler_guess, lambda rng: (np.float64(rng.uniform(0.5, 3)), np.float64(1.5)),
         PO(_K, "kepler_guess", "scalars, hyperbolic"), name="pyorb.kepler_guess_hyperbolic"),
    case(mean_to_eccentric, lambda rng: (rng.uniform(0.0, 2 * np.pi, 6), np.array([0.1, 0.5, 0.9, 1.0, 1.5, 0.0])),
         PO(_K, "mean_to_eccentric", "arrays: one Laguerre solve per element")),
    case(mean_to_eccentric, lambda rng: (np.float64(rng.uniform(0, 6)), np.float64(0.0)),
         PO(_K, "mean_to_eccentric", "e == 0: return M"), name="pyorb.mean_to_eccentric_circular"),
    case(mean_to_eccentric, lambda rng: (np.float64(rng.uniform(-3, 3)), np.float64(1.0)),
         PO(_K, "mean_to_eccentric", "e == 1: cbrt"), name="pyorb.mean_to_eccentric_parabolic"),
    case(mean_to_eccentric, lambda rng: (np.float64(rng.uniform(0, 6)), np.float64(0.3)),
         PO(_K, "mean_to_eccentric", "scalars, e < 1"), name="pyorb.mean_to_eccentric_scalar"),
    case(mean_to_eccentric, lambda rng: (np.zeros(0), np.zeros(0)), PO(_K, "mean_to_eccentric", "empty: return E"),
         name="pyorb.mean_to_eccentric_empty"),
    case(mean_to_eccentric_degrees, lambda rng: (rng.uniform(0, 360, 4), np.float64(0.2)), PO(_K, "mean_to_eccentric", "degrees")),
    case(mean_to_eccentric_two_iterations, lambda rng: (rng.uniform(2.0, 3.0, 3), np.array([0.95, 0.97, 0.99])),
         PO(_K, "mean_to_eccentric", "solver_options=dict(max_iter=2)")),
    case(mean_to_true, lambda rng: (rng.uniform(0.0, 2 * np.pi, 5), rng.uniform(0.0, 0.9, 5)), PO(_K, "mean_to_true")),
    case(mean_to_true_degrees, lambda rng: (np.float64(rng.uniform(0, 360)), np.float64(1.3)), PO(_K, "mean_to_true", "degrees, hyperbolic")),
    # radii, speeds, periods
    case(orbital_distance_degrees, lambda rng: (rng.uniform(1e15, 2e15, 5), GM_sol, rng.uniform(0, 0.9, 5), rng.uniform(0, 360, 5)),
         PO(_K, "orbital_distance", "degrees")),
    case(elliptic_radius, lambda rng: (rng.uniform(0, 6, 5), rng.uniform(1e11, 2e11, 5), rng.uniform(0, 0.9, 5)), PO(_K, "elliptic_radius")),
    case(parabolic_radius, lambda rng: (rng.uniform(-2, 2, 5), np.float64(1e11)), PO(_K, "parabolic_radius")),
    case(hyperbolic_radius, lambda rng: (rng.uniform(-1, 1, 5), np.float64(1e11), rng.uniform(1.1, 2, 5)), PO(_K, "hyperbolic_radius")),
    case(orbital_speed, lambda rng: (rng.uniform(1e11, 2e11, 5), rng.uniform(2e11, 3e11, 5), GM_sol), PO(_K, "orbital_speed")),
    case(orbital_period, lambda rng: (rng.uniform(1e11, 2e11, 5), GM_sol), PO(_K, "orbital_period")),
    case(semi_major_axis, lambda rng: (rng.uniform(1e7, 1e8, 5), GM_sol), PO(_K, "semi_major_axis")),
    case(true_of_the_asymptote_degrees, lambda rng: (rng.uniform(1.1, 3.0, 5),), PO(_K, "true_of_the_asymptote", "degrees")),
    # Stumpff
    case(stumpff, lambda rng: (np.concatenate([rng.uniform(-4, 4, 8), [0.0]]),), PO(_K, "stumpff / stumpff0 ... stumpff3")),
    case(stumpff3, lambda rng: (rng.uniform(0.5, 4, 5),), PO(_K, "stumpff3", "only positive arguments: empty masks")),
    # rotations
    case(rot_mat_x, lambda rng: (np.float64(rng.uniform(0, 6)),), PO(_K, "rot_mat_x")),
    case(rot_mat_y, lambda rng: (np.float64(rng.uniform(0, 6)),), PO(_K, "rot_mat_y")),
    case(rot_mat_z_float32, lambda rng: (np.float64(rng.uniform(0, 6)),), PO(_K, "rot_mat_z", "dtype=np.float32")),
    case(euler_rotation_matrix, lambda rng: (rng.uniform(0, 3, 4), rng.uniform(0, 6, 4), rng.uniform(0, 6, 4)),
         PO(_K, "euler_rotation_matrix", "arrays: (3, 3, 4)")),
    case(euler_rotation_matrix, lambda rng: (np.float64(0.3), rng.uniform(0, 6, 4), np.float64(1.0)),
         PO(_K, "euler_rotation_matrix", "omega an array"), name="pyorb.euler_rotation_matrix_omega"),
    case(euler_rotation_matrix_degrees, lambda rng: (np.float64(rng.uniform(0, 180)), np.float64(rng.uniform(0, 360)), np.float64(20.0)),
         PO(_K, "euler_rotation_matrix", "scalars, degrees")),
    # units
    case(get_G_au_msol_year, lambda rng: (), PO(_U, "get_G", "'AU', 'Msol', 'y'")),
    case(get_G_floats, lambda rng: (1e3, 1.0, 3600.0), PO(_U, "get_G", "floats")),
]
