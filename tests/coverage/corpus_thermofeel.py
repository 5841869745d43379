"""thermofeel's human thermal comfort indices (ECMWF): the temperature converters of ``helpers.py``, the excess
heat / cold factors of ``excess_heat.py`` (an ``if clip:`` on a Python bool), Liljegren's wet bulb globe temperature
of ``liljegren.py`` (air properties, heat-transfer coefficients, the globe and wet-bulb energy balances solved by a
fixed-point iteration of up to 500 steps with ``np.where`` on a ``converged`` mask and ``if converged.all(): break``,
the Pasquill-Gifford stability table indexed by two arrays of bins), and the indices of ``thermofeel.py``: vapour
pressures (a loop over Hardy's coefficients; ``es[phase == 0] = ...`` masked writes by phase), the direct radiation
``dsrp[np.where(cossza > threshold)] /= ...``, the mean radiant temperature, the UTCI polynomial (about 200 terms,
with an ``if ehPa is not None`` / ``elif td_k is not None`` on the inputs), wet bulb and globe temperatures (a
closed-form quartic under ``np.errstate`` and a calm-air ``np.where``), WBGT (simple, Stull, Liljegren with a string
switch), heat force, humidex, NET, apparent temperature, wind chill, and the two heat indices: the simplified one
writes ``hi[np.where(t2_c > 20)] = ...``, the adjusted one ``hi[warm_mask] = B[warm_mask]``, ``hi[mask] -= ...``,
``hi[mask] += ...`` and ``hi[cold_mask] = t2_f[cold_mask]`` (ecmwf/thermofeel, Apache-2.0).

Copied from ecmwf/thermofeel at ba72863ae2539a42cd46a5f862a9ff6f59ac5719 (version 2.2.0); its licence (``LICENSE``)
is the Apache License 2.0, and every source file carries "(C) Copyright 1996- ECMWF. This software is licensed
under the terms of the Apache Licence Version 2.0" (``excess_heat.py``: "(C) Copyright 2026- ECMWF and individual
contributors"). ``helpers.py``, ``excess_heat.py``, ``liljegren.py`` and ``thermofeel.py`` are copied whole, in that
order, docstrings dropped, comments kept.

Adapted, beyond that:

* the module-level imports are this module's; ``thermofeel.py`` imports five names of its sibling modules under
  other names (``_excess_heat_factor``, ``_liljegren_wbgt``, ...): they are module-level aliases here;
* a setting the source takes as a keyword (``clip=True``, ``wind_scaling="brode"``, ``ehPa`` / ``td_k``,
  ``threshold``) is given by a one-line wrapper named after the case, so the traced arguments are the arrays.

The inputs: a day of hourly values in the ranges of thermofeel's own test table (``tests/thermofeel_testcases.csv``:
2 m temperature 250-320 K, dew point below it, 10 m wind 0.5-15 m/s, mean radiant temperature up to 30 K above
the air, instantaneous radiation 0-900 W/m2, the cosine of the solar zenith angle with night hours below zero,
pressure 950-1040 hPa), the scalar check values of ``tests/test_scalars.py``, and for the heat indices blocks of
hours in each regime the regressions and adjustments select (hot and dry, warm and humid, mild, below 40 F).
"""

# ruff: noqa: E501, E741, N802, N803, N806, N816, UP034
from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from tests.coverage.cases import THERMOFEEL, Source, case


def TF(path: str, original: str, note: str = "") -> Source:
    return Source(THERMOFEEL, "thermofeel/" + path, original, note)


# --- thermofeel/helpers.py ---


# Converters


# convert Celsius to Kelvin
def celsius_to_kelvin(tc: ArrayLike) -> np.ndarray:
    tk = tc + 273.15
    return tk


# convert Kelvin to Celsius
def kelvin_to_celsius(tk: ArrayLike) -> np.ndarray:
    tc = tk - 273.15
    return tc


# convert Kelvin to Fahrenheit
def kelvin_to_fahrenheit(tk: ArrayLike) -> np.ndarray:
    tf = (tk - 273.15) * 9 / 5 + 32
    return tf


# convert Fahrenheit to Celsius
def fahrenheit_to_celsius(tf: ArrayLike) -> np.ndarray:
    tc = (tf - 32) * 5 / 9
    return tc


# convert Fahrenheit to Kelvin
def fahrenheit_to_kelvin(tf: ArrayLike) -> np.ndarray:
    tk = (tf + 459.67) * 5 / 9
    return tk


# --- thermofeel/excess_heat.py ---


def daily_mean_temperature(t2_min: ArrayLike, t2_max: ArrayLike) -> np.ndarray:
    return 0.5 * (t2_min + t2_max)


def significance_index(dmt: ArrayLike, threshold: ArrayLike) -> np.ndarray:
    return dmt - threshold


def acclimatisation_index(dmt: ArrayLike, threshold: ArrayLike) -> np.ndarray:
    return dmt - threshold


def excess_heat_factor(
    ehi_sig: ArrayLike, ehi_accl: ArrayLike, clip: bool = False
) -> np.ndarray:
    if clip:
        ehi_sig = np.maximum(0, ehi_sig)
    return ehi_sig * np.maximum(1.0, ehi_accl)


def heatwave_severity(exhf: ArrayLike, threshold: ArrayLike) -> np.ndarray:
    return exhf / threshold


def excess_cold_factor(
    ehi_sig: ArrayLike, ehi_accl: ArrayLike, clip: bool = False
) -> np.ndarray:
    if clip:
        ehi_sig = np.minimum(0, ehi_sig)
    return -ehi_sig * np.minimum(-1.0, ehi_accl)


# --- thermofeel/liljegren.py ---


# Physical constants (Liljegren et al. 2008; mdljts/wbgt header)
STEFANB = 5.6696e-8  # Stefan-Boltzmann constant [W m-2 K-4]
CP = 1003.5  # specific heat of dry air [J kg-1 K-1]
M_AIR = 28.97  # molar mass of dry air [g mol-1]
M_H2O = 18.015  # molar mass of water [g mol-1]
R_GAS = 8314.34  # universal gas constant [J kmol-1 K-1]
R_AIR = R_GAS / M_AIR  # gas constant for air [J kg-1 K-1]
PR = CP / (CP + 1.25 * R_AIR)  # Prandtl number
RATIO = CP * M_AIR / M_H2O  # psychrometric grouping
EMIS_WICK = 0.95
ALB_WICK = 0.4
D_WICK = 0.007  # wick diameter [m]
L_WICK = 0.0254  # wick length [m]
EMIS_GLOBE = 0.95
ALB_GLOBE = 0.05
D_GLOBE = 0.0508  # globe diameter [m]
EMIS_SFC = 0.999
ALB_SFC = 0.45
CZA_MIN = 0.00873  # cos(89.5 deg): below this the sun is treated as down
MIN_SPEED = 0.13  # internal floor on wind speed in the Reynolds number [m/s]
CONVERGENCE = 0.02  # iteration tolerance [K]
MAX_ITER = 500  # iteration cap
MIN_WIND_10M = 0.62  # KNMI minimum 10 m wind (~0.5 m/s at 2 m) [m/s]

# Pasquill-Gifford stability lookup for the 10 m -> 2 m wind profile
# (Liljegren et al. 2008; Kong & Huber 2022 PyWBGT). Rows are wind-speed bins,
# columns are solar-radiation / night bins; the value is the stability class.
LSRDT = np.array(
    [
        [1, 1, 2, 4, 0, 5, 6, 0],
        [1, 2, 3, 4, 0, 5, 6, 0],
        [2, 2, 3, 4, 0, 4, 4, 0],
        [3, 3, 4, 4, 0, 0, 0, 0],
        [3, 4, 4, 4, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
    ]
)
# Wind-profile power-law exponent per stability class (urban terrain).
URBAN_EXP = np.array([0.15, 0.15, 0.20, 0.25, 0.30, 0.30])


def esat(tk: ArrayLike) -> np.ndarray:
    y = (tk - 273.15) / (tk - 32.18)
    return 1.004 * 6.1121 * np.exp(17.502 * y)


def dew_point(e: ArrayLike) -> np.ndarray:
    z = np.log(e / (6.1121 * 1.004))
    return 273.15 + 240.97 * z / (17.502 - z)


def viscosity(tk: ArrayLike) -> np.ndarray:
    sigma = 3.617
    eps_kappa = 97.0
    tr = tk / eps_kappa
    omega = (tr - 2.9) / 0.4 * (-0.034) + 1.048
    return 2.6693e-6 * np.sqrt(M_AIR * tk) / (sigma * sigma * omega)


def thermal_cond(tk: ArrayLike) -> np.ndarray:
    return (CP + 1.25 * R_AIR) * viscosity(tk)


def diffusivity(tk: ArrayLike, pair: ArrayLike) -> np.ndarray:
    pcrit_air = 36.4
    pcrit_h2o = 218.0
    tcrit_air = 132.0
    tcrit_h2o = 647.3
    a = 3.640e-4
    b = 2.334
    pcrit13 = (pcrit_air * pcrit_h2o) ** (1.0 / 3.0)
    tcrit512 = (tcrit_air * tcrit_h2o) ** (5.0 / 12.0)
    tcrit12 = np.sqrt(tcrit_air * tcrit_h2o)
    mmix = np.sqrt(1.0 / M_AIR + 1.0 / M_H2O)
    patm = pair / 1013.25
    return a * (tk / tcrit12) ** b * pcrit13 * tcrit512 * mmix / patm * 1e-4


def evap(tk: ArrayLike) -> np.ndarray:
    return (313.15 - tk) / 30.0 * (-71100.0) + 2.4073e6


def emis_atm(tk: ArrayLike, rh: ArrayLike) -> np.ndarray:
    e = rh * esat(tk)
    return 0.575 * e**0.143


def h_sphere_in_air(tk: ArrayLike, pair: ArrayLike, speed: ArrayLike) -> np.ndarray:
    density = pair * 100.0 / (R_AIR * tk)
    re = np.maximum(speed, MIN_SPEED) * density * D_GLOBE / viscosity(tk)
    nu = 2.0 + 0.6 * np.sqrt(re) * PR**0.3333
    return nu * thermal_cond(tk) / D_GLOBE


def h_cylinder_in_air(tk: ArrayLike, pair: ArrayLike, speed: ArrayLike) -> np.ndarray:
    a = 0.56
    b = 0.281
    c = 0.4
    density = pair * 100.0 / (R_AIR * tk)
    re = np.maximum(speed, MIN_SPEED) * density * D_WICK / viscosity(tk)
    nu = b * re ** (1.0 - c) * PR ** (1.0 - a)
    return nu * thermal_cond(tk) / D_WICK


def solve_globe(
    ta: ArrayLike,
    rh: ArrayLike,
    pair: ArrayLike,
    speed: ArrayLike,
    solar: ArrayLike,
    fdir: ArrayLike,
    cza: ArrayLike,
) -> np.ndarray:
    tsfc = ta
    emis = emis_atm(ta, rh)
    # Direct-beam geometry term; guarded so fdir == 0 contributes 0 even when the
    # sun is at/below the horizon (cza -> 0), avoiding 0 * inf.
    cza_safe = np.where(cza > CZA_MIN, cza, 1.0)
    beam = np.where(fdir > 0.0, fdir * (1.0 / (2.0 * cza_safe) - 1.0), 0.0)

    tg_prev = np.array(ta, dtype=float, copy=True)
    result = np.full(np.shape(ta), np.nan, dtype=float)
    converged = np.zeros(np.shape(ta), dtype=bool)
    for _ in range(MAX_ITER):
        tref = 0.5 * (tg_prev + ta)
        h = h_sphere_in_air(tref, pair, speed)
        tg_new = (
            0.5 * (emis * ta**4 + EMIS_SFC * tsfc**4)
            - h / (STEFANB * EMIS_GLOBE) * (tg_prev - ta)
            + solar
            / (2.0 * STEFANB * EMIS_GLOBE)
            * (1.0 - ALB_GLOBE)
            * (beam + 1.0 + ALB_SFC)
        ) ** 0.25
        now = (~converged) & (np.abs(tg_new - tg_prev) < CONVERGENCE)
        result = np.where(now, tg_new - 273.15, result)
        converged = converged | now
        tg_prev = np.where(converged, tg_prev, 0.9 * tg_prev + 0.1 * tg_new)
        if converged.all():
            break
    return result


def solve_wetbulb(
    ta: ArrayLike,
    rh: ArrayLike,
    pair: ArrayLike,
    speed: ArrayLike,
    solar: ArrayLike,
    fdir: ArrayLike,
    cza: ArrayLike,
    rad: float,
) -> np.ndarray:
    tsfc = ta
    # Solar-zenith angle, guarded so tan(sza) stays finite when the sun is at or
    # below the horizon (fdir is already 0 there, so the term contributes 0).
    cza_safe = np.where(cza > CZA_MIN, cza, 1.0)
    sza = np.arccos(np.clip(cza_safe, -1.0, 1.0))
    emis = emis_atm(ta, rh)
    eair = rh * esat(ta)

    tw_prev = dew_point(eair)
    result = np.full(np.shape(ta), np.nan, dtype=float)
    converged = np.zeros(np.shape(ta), dtype=bool)
    for _ in range(MAX_ITER):
        tref = 0.5 * (tw_prev + ta)
        h = h_cylinder_in_air(tref, pair, speed)
        fatm = STEFANB * EMIS_WICK * (
            0.5 * (emis * ta**4 + EMIS_SFC * tsfc**4) - tw_prev**4
        ) + (1.0 - ALB_WICK) * solar * (
            (1.0 - fdir) * (1.0 + 0.25 * D_WICK / L_WICK)
            + fdir * ((np.tan(sza) / np.pi) + 0.25 * D_WICK / L_WICK)
            + ALB_SFC
        )
        ewick = esat(tw_prev)
        density = pair * 100.0 / (R_AIR * tref)
        sc = viscosity(tref) / (density * diffusivity(tref, pair))
        tw_new = (
            ta
            - evap(tref) / RATIO * (ewick - eair) / (pair - ewick) * (PR / sc) ** 0.56
            + (fatm / h) * rad
        )
        now = (~converged) & (np.abs(tw_new - tw_prev) < CONVERGENCE)
        result = np.where(now, tw_new - 273.15, result)
        converged = converged | now
        tw_prev = np.where(converged, tw_prev, 0.9 * tw_prev + 0.1 * tw_new)
        if converged.all():
            break
    return result


def wind_speed_2m(va: ArrayLike, cossza: ArrayLike, ssrd: ArrayLike) -> np.ndarray:
    va = np.asarray(va, dtype=float)
    cossza = np.asarray(cossza, dtype=float)
    ssrd = np.asarray(ssrd, dtype=float)

    daytime = cossza > 0.0

    # radiation / night column index of the stability table
    col = np.where(
        ssrd >= 925.0,
        0,
        np.where(ssrd >= 675.0, 1, np.where(ssrd >= 175.0, 2, 3)),
    )
    col = np.where(daytime, col, 5)

    # wind-speed row index of the stability table (day and night thresholds)
    row_day = np.where(
        va >= 6.0,
        4,
        np.where(va >= 5.0, 3, np.where(va >= 3.0, 2, np.where(va >= 2.0, 1, 0))),
    )
    row_night = np.where(va >= 2.5, 2, np.where(va >= 2.0, 1, 0))
    row = np.where(daytime, row_day, row_night)

    stability_class = LSRDT[row, col]
    exponent = URBAN_EXP[stability_class - 1]
    return np.maximum(va * (2.0 / 10.0) ** exponent, MIN_SPEED)


def wbgt(
    t2_k: ArrayLike,
    rh: ArrayLike,
    pressure: ArrayLike,
    speed_2m: ArrayLike,
    ssrd: ArrayLike,
    fdir: ArrayLike,
    cossza: ArrayLike,
) -> np.ndarray:
    t2_k = np.asarray(t2_k, dtype=float)
    rh = np.asarray(rh, dtype=float)
    pressure = np.asarray(pressure, dtype=float)
    ssrd = np.asarray(ssrd, dtype=float)
    fdir = np.asarray(fdir, dtype=float)
    cossza = np.asarray(cossza, dtype=float)

    rh_frac = rh / 100.0

    # KNMI direct-beam guards: clamp to [0, 0.9] and zero below the horizon.
    fdir = np.clip(fdir, 0.0, 0.9)
    fdir = np.where(cossza < CZA_MIN, 0.0, fdir)

    tg_c = solve_globe(t2_k, rh_frac, pressure, speed_2m, ssrd, fdir, cossza)
    tnwb_c = solve_wetbulb(t2_k, rh_frac, pressure, speed_2m, ssrd, fdir, cossza, 1.0)
    t2_c = kelvin_to_celsius(t2_k)

    wbgt_c = 0.1 * t2_c + 0.2 * tg_c + 0.7 * tnwb_c
    return celsius_to_kelvin(wbgt_c)


# --- thermofeel/thermofeel.py ---


# thermofeel.py's imports from its sibling modules, under the names it gives them.
_excess_cold_factor = excess_cold_factor
_excess_heat_factor = excess_heat_factor
_LILJEGREN_MIN_WIND_10M = MIN_WIND_10M
_liljegren_wbgt = wbgt
_liljegren_wind_speed_2m = wind_speed_2m

to_radians = math.pi / 180.0


def calculate_relative_humidity_percent(t2_k: ArrayLike, td_k: ArrayLike) -> np.ndarray:
    t2_c = kelvin_to_celsius(t2_k)
    td_c = kelvin_to_celsius(td_k)
    # saturated vapour pressure
    es = 6.11 * 10.0 ** (7.5 * t2_c / (237.3 + t2_c))
    # vapour pressure
    e = 6.11 * 10.0 ** (7.5 * td_c / (237.3 + td_c))
    rh = (e / es) * 100
    return rh


def calculate_saturation_vapour_pressure(t2_k: ArrayLike) -> np.ndarray:
    g = [
        -2.8365744e3,
        -6.028076559e3,
        1.954263612e1,
        -2.737830188e-2,
        1.6261698e-5,
        7.0229056e-10,
        -1.8680009e-13,
        2.7150305,
    ]
    ess = g[7] * np.log(t2_k)
    for i in range(7):
        ess = ess + g[i] * np.power(t2_k, (i - 2))

    ess = np.exp(ess) * 0.01  # hPa

    return ess


def calculate_saturation_vapour_pressure_multiphase(
    t2_k: ArrayLike, phase: ArrayLike
) -> np.ndarray:
    T0 = 273.16  # triple point of water 273.16 K (0.01 °C) at 611.73 Pa
    # float dtype so integer-typed temperature input is not truncated on assignment
    es = np.zeros_like(t2_k, dtype=float)
    y = (t2_k - T0) / (t2_k - 32.19)  # over liquid water
    es[phase == 0] = 6.1121 * np.exp(17.502 * y[phase == 0])
    y = (t2_k - T0) / (t2_k + 0.7)  # over ice
    es[phase == 1] = 6.1121 * np.exp(22.587 * y[phase == 1])

    return es


def calculate_nonsaturation_vapour_pressure(
    t2_k: ArrayLike, rh: ArrayLike
) -> np.ndarray:
    t2_c = kelvin_to_celsius(t2_k)
    ens = rh / 100 * 6.105 * np.exp(17.27 * t2_c / (237.7 + t2_c))

    return ens


def scale_windspeed(va: ArrayLike, h: ArrayLike) -> np.ndarray:
    # log-law scaling factor 1 / log10(z_ref / z0), with the 10 m reference
    # height and a 0.01 m roughness length (evaluates to 1/3).
    c = 1 / np.log10(10 / 0.01)
    vh = va * np.log10(h / 0.01) * c

    return vh


def approximate_dsrp(
    fdir: ArrayLike, cossza: ArrayLike, threshold: float = 0.1
) -> np.ndarray:
    # filter statement for solar zenith angle to avoid division by zero.
    csza_filter1 = np.where((cossza > threshold))
    # float copy so integer-typed fdir input is not truncated on assignment below
    dsrp = np.array(fdir, dtype=float)  # leave dsrp = fdir where cossza <= threshold
    dsrp[csza_filter1] = dsrp[csza_filter1] / cossza[csza_filter1]
    return dsrp


def calculate_dew_point_from_relative_humidity(
    rh: ArrayLike, t2_k: ArrayLike
) -> np.ndarray:
    t2_c = kelvin_to_celsius(t2_k)
    td_c = (
        243.04
        * (np.log(rh / 100) + ((17.625 * t2_c) / (243.04 + t2_c)))
        / (17.625 - np.log(rh / 100) - ((17.625 * t2_c) / (243.04 + t2_c)))
    )
    td_k = celsius_to_kelvin(td_c)
    return td_k


def calculate_mean_radiant_temperature(
    ssrd: ArrayLike,
    ssr: ArrayLike,
    dsrp: ArrayLike,
    strd: ArrayLike,
    fdir: ArrayLike,
    strr: ArrayLike,
    cossza: ArrayLike,
) -> np.ndarray:
    dsw = ssrd - fdir
    rsw = ssrd - ssr
    lur = strd - strr
    # Istar = dsrp

    # calculate fp projected factor area
    gamma = np.arcsin(cossza) * 180 / np.pi
    fp = 0.308 * np.cos(to_radians * gamma * (0.998 - gamma * gamma / 50000))

    # calculate mean radiant temperature
    mrt = np.power(
        (
            (1 / 0.0000000567)
            * (
                0.5 * strd
                + 0.5 * lur
                + (0.7 / 0.97) * (0.5 * dsw + 0.5 * rsw + fp * dsrp)
            )
        ),
        0.25,
    )

    return mrt


def calculate_utci_polynomial(
    t2m: ArrayLike, mrt: ArrayLike, va: ArrayLike, wvp: ArrayLike
) -> np.ndarray:
    e_mrt = np.subtract(mrt, t2m)

    t2m2 = t2m * t2m
    t2m3 = t2m2 * t2m
    t2m4 = t2m3 * t2m
    t2m5 = t2m4 * t2m
    t2m6 = t2m5 * t2m

    va2 = va * va
    va3 = va2 * va
    va4 = va3 * va
    va5 = va4 * va
    va6 = va5 * va

    e_mrt2 = e_mrt * e_mrt
    e_mrt3 = e_mrt2 * e_mrt
    e_mrt4 = e_mrt3 * e_mrt
    e_mrt5 = e_mrt4 * e_mrt
    e_mrt6 = e_mrt5 * e_mrt

    wvp2 = wvp * wvp
    wvp3 = wvp2 * wvp
    wvp4 = wvp3 * wvp
    wvp5 = wvp4 * wvp
    wvp6 = wvp5 * wvp

    varh2 = va * wvp2
    va2_rh = va2 * wvp
    va2_e_mrt = va2 * e_mrt
    e_mrt_rh = e_mrt * wvp
    e_mrt_rh2 = e_mrt * wvp2
    e_mrt2_rh = e_mrt2 * wvp
    e_mrt2_rh2 = e_mrt2 * wvp2
    e_mrt_rh3 = e_mrt * wvp3
    va_e_mrt = va * e_mrt
    va_e_mrt2 = va * e_mrt2
    va_rh = va * wvp
    t2m_va = t2m * va
    e_mrt3_rh = e_mrt3 * wvp
    e_mrt4_rh = e_mrt4 * wvp

    utci = (
        t2m
        + 6.07562052e-01
        + -2.27712343e-02 * t2m
        + 8.06470249e-04 * t2m2
        + -1.54271372e-04 * t2m3
        + -3.24651735e-06 * t2m4
        + 7.32602852e-08 * t2m5
        + 1.35959073e-09 * t2m6
        + -2.25836520e00 * va
        + 8.80326035e-02 * t2m * va
        + 2.16844454e-03 * t2m2 * va
        + -1.53347087e-05 * t2m3 * va
        + -5.72983704e-07 * t2m4 * va
        + -2.55090145e-09 * t2m5 * va
        + -7.51269505e-01 * va2
        + -4.08350271e-03 * t2m * va2
        + -5.21670675e-05 * t2m2 * va2
        + 1.94544667e-06 * t2m3 * va2
        + 1.14099531e-08 * t2m4 * va2
        + 1.58137256e-01 * va3
        + -6.57263143e-05 * t2m * va3
        + 2.22697524e-07 * t2m2 * va3
        + -4.16117031e-08 * t2m3 * va3
        + -1.27762753e-02 * va4
        + 9.66891875e-06 * t2m * va4
        + 2.52785852e-09 * t2m2 * va4
        + 4.56306672e-04 * va5
        + -1.74202546e-07 * t2m * va5
        + -5.91491269e-06 * va6
        + 3.98374029e-01 * e_mrt
        + 1.83945314e-04 * t2m * e_mrt
        + -1.73754510e-04 * t2m2 * e_mrt
        + -7.60781159e-07 * t2m3 * e_mrt
        + 3.77830287e-08 * t2m4 * e_mrt
        + 5.43079673e-10 * t2m5 * e_mrt
        + -2.00518269e-02 * va_e_mrt
        + 8.92859837e-04 * t2m * va_e_mrt
        + 3.45433048e-06 * t2m2 * va_e_mrt
        + -3.77925774e-07 * t2m3 * va_e_mrt
        + -1.69699377e-09 * t2m4 * va_e_mrt
        + 1.69992415e-04 * va2_e_mrt
        + -4.99204314e-05 * t2m * va2_e_mrt
        + 2.47417178e-07 * t2m2 * va2_e_mrt
        + 1.07596466e-08 * t2m3 * va2_e_mrt
        + 8.49242932e-05 * va3 * e_mrt
        + 1.35191328e-06 * t2m * va3 * e_mrt
        + -6.21531254e-09 * t2m2 * va3 * e_mrt
        + -4.99410301e-06 * va4 * e_mrt
        + -1.89489258e-08 * t2m * va4 * e_mrt
        + 8.15300114e-08 * va5 * e_mrt
        + 7.55043090e-04 * e_mrt2
        + -5.65095215e-05 * t2m * e_mrt2
        + -4.52166564e-07 * t2m2 * e_mrt2
        + 2.46688878e-08 * t2m3 * e_mrt2
        + 2.42674348e-10 * t2m4 * e_mrt2
        + 1.54547250e-04 * va_e_mrt2
        + 5.24110970e-06 * t2m * va_e_mrt2
        + -8.75874982e-08 * t2m2 * va_e_mrt2
        + -1.50743064e-09 * t2m3 * va_e_mrt2
        + -1.56236307e-05 * va2 * e_mrt2
        + -1.33895614e-07 * t2m * va2 * e_mrt2
        + 2.49709824e-09 * t2m2 * va2 * e_mrt2
        + 6.51711721e-07 * va3 * e_mrt2
        + 1.94960053e-09 * t2m * va3 * e_mrt2
        + -1.00361113e-08 * va4 * e_mrt2
        + -1.21206673e-05 * e_mrt3
        + -2.18203660e-07 * t2m * e_mrt3
        + 7.51269482e-09 * t2m2 * e_mrt3
        + 9.79063848e-11 * t2m3 * e_mrt3
        + 1.25006734e-06 * va * e_mrt3
        + -1.81584736e-09 * t2m_va * e_mrt3
        + -3.52197671e-10 * t2m2 * va * e_mrt3
        + -3.36514630e-08 * va2 * e_mrt3
        + 1.35908359e-10 * t2m * va2 * e_mrt3
        + 4.17032620e-10 * va3 * e_mrt3
        + -1.30369025e-09 * e_mrt4
        + 4.13908461e-10 * t2m * e_mrt4
        + 9.22652254e-12 * t2m2 * e_mrt4
        + -5.08220384e-09 * va * e_mrt4
        + -2.24730961e-11 * t2m_va * e_mrt4
        + 1.17139133e-10 * va2 * e_mrt4
        + 6.62154879e-10 * e_mrt5
        + 4.03863260e-13 * t2m * e_mrt5
        + 1.95087203e-12 * va * e_mrt5
        + -4.73602469e-12 * e_mrt6
        + 5.12733497e00 * wvp
        + -3.12788561e-01 * t2m * wvp
        + -1.96701861e-02 * t2m2 * wvp
        + 9.99690870e-04 * t2m3 * wvp
        + 9.51738512e-06 * t2m4 * wvp
        + -4.66426341e-07 * t2m5 * wvp
        + 5.48050612e-01 * va_rh
        + -3.30552823e-03 * t2m * va_rh
        + -1.64119440e-03 * t2m2 * va_rh
        + -5.16670694e-06 * t2m3 * va_rh
        + 9.52692432e-07 * t2m4 * va_rh
        + -4.29223622e-02 * va2_rh
        + 5.00845667e-03 * t2m * va2_rh
        + 1.00601257e-06 * t2m2 * va2_rh
        + -1.81748644e-06 * t2m3 * va2_rh
        + -1.25813502e-03 * va3 * wvp
        + -1.79330391e-04 * t2m * va3 * wvp
        + 2.34994441e-06 * t2m2 * va3 * wvp
        + 1.29735808e-04 * va4 * wvp
        + 1.29064870e-06 * t2m * va4 * wvp
        + -2.28558686e-06 * va5 * wvp
        + -3.69476348e-02 * e_mrt_rh
        + 1.62325322e-03 * t2m * e_mrt_rh
        + -3.14279680e-05 * t2m2 * e_mrt_rh
        + 2.59835559e-06 * t2m3 * e_mrt_rh
        + -4.77136523e-08 * t2m4 * e_mrt_rh
        + 8.64203390e-03 * va * e_mrt_rh
        + -6.87405181e-04 * t2m_va * e_mrt_rh
        + -9.13863872e-06 * t2m2 * va * e_mrt_rh
        + 5.15916806e-07 * t2m3 * va * e_mrt_rh
        + -3.59217476e-05 * va2 * e_mrt_rh
        + 3.28696511e-05 * t2m * va2 * e_mrt_rh
        + -7.10542454e-07 * t2m2 * va2 * e_mrt_rh
        + -1.24382300e-05 * va3 * e_mrt_rh
        + -7.38584400e-09 * t2m * va3 * e_mrt_rh
        + 2.20609296e-07 * va4 * e_mrt_rh
        + -7.32469180e-04 * e_mrt2_rh
        + -1.87381964e-05 * t2m * e_mrt2_rh
        + 4.80925239e-06 * t2m2 * e_mrt2_rh
        + -8.75492040e-08 * t2m3 * e_mrt2_rh
        + 2.77862930e-05 * va * e_mrt2_rh
        + -5.06004592e-06 * t2m_va * e_mrt2_rh
        + 1.14325367e-07 * t2m2 * va * e_mrt2_rh
        + 2.53016723e-06 * va2 * e_mrt2_rh
        + -1.72857035e-08 * t2m * va2 * e_mrt2_rh
        + -3.95079398e-08 * va3 * e_mrt2_rh
        + -3.59413173e-07 * e_mrt3_rh
        + 7.04388046e-07 * t2m * e_mrt3_rh
        + -1.89309167e-08 * t2m2 * e_mrt3_rh
        + -4.79768731e-07 * va * e_mrt3_rh
        + 7.96079978e-09 * t2m_va * e_mrt3_rh
        + 1.62897058e-09 * va2 * e_mrt3_rh
        + 3.94367674e-08 * e_mrt4_rh
        + -1.18566247e-09 * t2m * e_mrt4_rh
        + 3.34678041e-10 * va * e_mrt4_rh
        + -1.15606447e-10 * e_mrt5 * wvp
        + -2.80626406e00 * wvp2
        + 5.48712484e-01 * t2m * wvp2
        + -3.99428410e-03 * t2m2 * wvp2
        + -9.54009191e-04 * t2m3 * wvp2
        + 1.93090978e-05 * t2m4 * wvp2
        + -3.08806365e-01 * varh2
        + 1.16952364e-02 * t2m * varh2
        + 4.95271903e-04 * t2m2 * varh2
        + -1.90710882e-05 * t2m3 * varh2
        + 2.10787756e-03 * va2 * wvp2
        + -6.98445738e-04 * t2m * va2 * wvp2
        + 2.30109073e-05 * t2m2 * va2 * wvp2
        + 4.17856590e-04 * va3 * wvp2
        + -1.27043871e-05 * t2m * va3 * wvp2
        + -3.04620472e-06 * va4 * wvp2
        + 5.14507424e-02 * e_mrt_rh2
        + -4.32510997e-03 * t2m * e_mrt_rh2
        + 8.99281156e-05 * t2m2 * e_mrt_rh2
        + -7.14663943e-07 * t2m3 * e_mrt_rh2
        + -2.66016305e-04 * va * e_mrt_rh2
        + 2.63789586e-04 * t2m_va * e_mrt_rh2
        + -7.01199003e-06 * t2m2 * va * e_mrt_rh2
        + -1.06823306e-04 * va2 * e_mrt_rh2
        + 3.61341136e-06 * t2m * va2 * e_mrt_rh2
        + 2.29748967e-07 * va3 * e_mrt_rh2
        + 3.04788893e-04 * e_mrt2_rh2
        + -6.42070836e-05 * t2m * e_mrt2_rh2
        + 1.16257971e-06 * t2m2 * e_mrt2_rh2
        + 7.68023384e-06 * va * e_mrt2_rh2
        + -5.47446896e-07 * t2m_va * e_mrt2_rh2
        + -3.59937910e-08 * va2 * e_mrt2_rh2
        + -4.36497725e-06 * e_mrt3 * wvp2
        + 1.68737969e-07 * t2m * e_mrt3 * wvp2
        + 2.67489271e-08 * va * e_mrt3 * wvp2
        + 3.23926897e-09 * e_mrt4 * wvp2
        + -3.53874123e-02 * wvp3
        + -2.21201190e-01 * t2m * wvp3
        + 1.55126038e-02 * t2m2 * wvp3
        + -2.63917279e-04 * t2m3 * wvp3
        + 4.53433455e-02 * va * wvp3
        + -4.32943862e-03 * t2m_va * wvp3
        + 1.45389826e-04 * t2m2 * va * wvp3
        + 2.17508610e-04 * va2 * wvp3
        + -6.66724702e-05 * t2m * va2 * wvp3
        + 3.33217140e-05 * va3 * wvp3
        + -2.26921615e-03 * e_mrt_rh3
        + 3.80261982e-04 * t2m * e_mrt_rh3
        + -5.45314314e-09 * t2m2 * e_mrt_rh3
        + -7.96355448e-04 * va * e_mrt_rh3
        + 2.53458034e-05 * t2m_va * e_mrt_rh3
        + -6.31223658e-06 * va2 * e_mrt_rh3
        + 3.02122035e-04 * e_mrt2 * wvp3
        + -4.77403547e-06 * t2m * e_mrt2 * wvp3
        + 1.73825715e-06 * va * e_mrt2 * wvp3
        + -4.09087898e-07 * e_mrt3 * wvp3
        + 6.14155345e-01 * wvp4
        + -6.16755931e-02 * t2m * wvp4
        + 1.33374846e-03 * t2m2 * wvp4
        + 3.55375387e-03 * va * wvp4
        + -5.13027851e-04 * t2m_va * wvp4
        + 1.02449757e-04 * va2 * wvp4
        + -1.48526421e-03 * e_mrt * wvp4
        + -4.11469183e-05 * t2m * e_mrt * wvp4
        + -6.80434415e-06 * va * e_mrt * wvp4
        + -9.77675906e-06 * e_mrt2 * wvp4
        + 8.82773108e-02 * wvp5
        + -3.01859306e-03 * t2m * wvp5
        + 1.04452989e-03 * va * wvp5
        + 2.47090539e-04 * e_mrt * wvp5
        + 1.48348065e-03 * wvp6
    )

    return utci


def calculate_utci(
    t2_k: ArrayLike,
    va: ArrayLike,
    mrt: ArrayLike,
    td_k: ArrayLike | None = None,
    ehPa: ArrayLike | None = None,
) -> np.ndarray:
    if ehPa is not None:
        vapour = ehPa
    elif td_k is not None:
        rh_pc = calculate_relative_humidity_percent(t2_k, td_k)
        vapour = calculate_saturation_vapour_pressure(t2_k) * rh_pc / 100.0
    else:
        raise ValueError("Missing input ehPa or td_k")
    wvp = vapour / 10.0  # water vapour pressure in kPa

    t2_c = kelvin_to_celsius(t2_k)  # polynomial approx. is in Celsius
    mrt_c = kelvin_to_celsius(mrt)  # polynomial approx. is in Celsius

    utci = calculate_utci_polynomial(t2_c, mrt_c, va, wvp)
    utci_k = celsius_to_kelvin(utci)

    return utci_k


def calculate_wbgt_simple(t2_k: ArrayLike, rh: ArrayLike) -> np.ndarray:
    t2_c = kelvin_to_celsius(t2_k)
    e = calculate_nonsaturation_vapour_pressure(t2_k, rh)
    wbgt = 0.567 * t2_c + 0.393 * e + 3.94
    wbgt_k = celsius_to_kelvin(wbgt)

    return wbgt_k


def calculate_wbt(t2_k: ArrayLike, rh: ArrayLike) -> np.ndarray:
    t2_c = kelvin_to_celsius(t2_k)
    tw = (
        t2_c * np.arctan(0.151977 * np.sqrt(rh + 8.313659))
        + np.arctan(t2_c + rh)
        - np.arctan(rh - 1.676331)
        + 0.00391838 * (rh) ** (3 / 2) * np.arctan(0.023101 * rh)
        - 4.686035
    )
    tw_k = celsius_to_kelvin(tw)

    return tw_k


def calculate_bgt(t2_k: ArrayLike, mrt: ArrayLike, va: ArrayLike) -> np.ndarray:
    v = scale_windspeed(
        va, 1.1
    )  # formula requires wind speed at 1.1m (i.e., at the level of the globe)

    # a = 1
    d = (1.1e8 * v**0.6) / (0.95 * 0.15**0.4)
    e = -(mrt**4) - d * t2_k

    q = 12 * e
    s = 27 * (d**2)
    # At v == 0 the closed form evaluates 0/0; guard the warnings and substitute
    # the analytic calm-air limit (bgt -> mrt) below.
    with np.errstate(invalid="ignore", divide="ignore"):
        delta = ((s + np.sqrt(s**2 - 4 * (q**3))) / 2) ** (1 / 3)
        Q = 0.5 * np.sqrt((1 / 3) * (delta + q / delta))
        bgt = -Q + 0.5 * np.sqrt(-4 * (Q**2) + d / Q)

    # Calm-air limit: no convection -> globe at radiative equilibrium (= mrt).
    bgt = np.where(v == 0.0, np.asarray(mrt, dtype=float), bgt)

    return bgt


def calculate_wbgt(
    t2_k: ArrayLike, mrt: ArrayLike, va: ArrayLike, td_k: ArrayLike
) -> np.ndarray:
    bgt_k = calculate_bgt(t2_k, mrt, va)
    bgt_c = kelvin_to_celsius(bgt_k)

    rh = calculate_relative_humidity_percent(t2_k, td_k)
    t2_c = kelvin_to_celsius(t2_k)
    tw_k = calculate_wbt(t2_k, rh)
    tw_c = kelvin_to_celsius(tw_k)

    wbgt = 0.7 * tw_c + 0.2 * bgt_c + 0.1 * t2_c
    wbgt_k = celsius_to_kelvin(wbgt)

    return wbgt_k


def calculate_wind_speed_2m_liljegren(
    va: ArrayLike, cossza: ArrayLike, ssrd: ArrayLike
) -> np.ndarray:
    return _liljegren_wind_speed_2m(va, cossza, ssrd)


def calculate_wbgt_liljegren(
    t2_k: ArrayLike,
    rh: ArrayLike,
    pressure: ArrayLike,
    va: ArrayLike,
    ssrd: ArrayLike,
    fdir: ArrayLike,
    cossza: ArrayLike,
    wind_scaling: str = "liljegren",
) -> np.ndarray:
    va = np.asarray(va, dtype=float)

    # KNMI minimum wind floor at 10 m, then scale to the 2 m sensor height.
    va = np.maximum(va, _LILJEGREN_MIN_WIND_10M)
    if wind_scaling == "liljegren":
        speed = _liljegren_wind_speed_2m(va, cossza, ssrd)
    elif wind_scaling == "brode":
        speed = scale_windspeed(va, 2.0)
    else:
        raise ValueError(
            f"wind_scaling must be 'liljegren' or 'brode', got {wind_scaling!r}"
        )

    return _liljegren_wbgt(t2_k, rh, pressure, speed, ssrd, fdir, cossza)


def calculate_heat_force(wbgt_k: ArrayLike) -> np.ndarray:
    wbgt_c = kelvin_to_celsius(np.asarray(wbgt_k, dtype=float))
    return np.clip(np.floor((wbgt_c - 14.0) / 2.0) + 1.0, 0.0, 10.0)


def calculate_excess_heat_factor(
    ehi_sig: ArrayLike, ehi_accl: ArrayLike, clip: bool = False
) -> np.ndarray:
    return _excess_heat_factor(ehi_sig, ehi_accl, clip=clip)


def calculate_excess_cold_factor(
    ehi_sig: ArrayLike, ehi_accl: ArrayLike, clip: bool = False
) -> np.ndarray:
    return _excess_cold_factor(ehi_sig, ehi_accl, clip=clip)


def calculate_mrt_from_bgt(
    t2_k: ArrayLike, bgt_k: ArrayLike, va: ArrayLike
) -> np.ndarray:
    v = scale_windspeed(
        va, 1.1
    )  # formula requires wind speed at 1.1m (i.e., at the level of the globe)
    f = (1.1e8 * v**0.6) / (0.95 * 0.15**0.4)
    bgt4 = bgt_k**4
    mrtc = bgt4 + f * (bgt_k - t2_k)
    mrtc2 = np.sqrt(np.sqrt(mrtc))

    return mrtc2


def calculate_humidex(t2_k: ArrayLike, td_k: ArrayLike) -> np.ndarray:
    vp = 6.11 * np.exp(5417.7530 * ((1 / 273.15) - (1 / td_k)))  # vapour pressure [hPa]
    h = 0.5555 * (vp - 10.0)
    humidex = t2_k + h

    return humidex


def calculate_normal_effective_temperature(
    t2_k: ArrayLike, va: ArrayLike, rh: ArrayLike
) -> np.ndarray:
    t2_c = kelvin_to_celsius(t2_k)
    v = scale_windspeed(va, 1.2)  # formula requires wind speed at 1.2m
    ditermeq = 1 / (1.76 + 1.4 * v**0.75)
    net = (
        37
        - ((37 - t2_c) / (0.68 - 0.0014 * rh + ditermeq))
        - 0.29 * t2_c * (1 - 0.01 * rh)
    )
    net_k = celsius_to_kelvin(net)

    return net_k


def calculate_apparent_temperature(
    t2_k: ArrayLike, va: ArrayLike, rh: ArrayLike
) -> np.ndarray:
    t2_c = kelvin_to_celsius(t2_k)
    e = calculate_nonsaturation_vapour_pressure(t2_k, rh)
    at = t2_c + 0.33 * e - 0.7 * va - 4
    at_k = celsius_to_kelvin(at)

    return at_k


def calculate_wind_chill(t2_k: ArrayLike, va: ArrayLike) -> np.ndarray:
    t2_c = kelvin_to_celsius(t2_k)
    v = va * 3.6  # convert to kilometers per hour
    windchill = 13.12 + 0.6215 * t2_c - 11.37 * v**0.16 + 0.3965 * t2_c * v**0.16
    windchill_k = celsius_to_kelvin(windchill)

    return windchill_k


def calculate_heat_index_simplified(t2_k: ArrayLike, rh: ArrayLike) -> np.ndarray:
    t2_c = kelvin_to_celsius(t2_k)

    hiarray = [
        8.784695,
        1.61139411,
        2.338549,
        0.14611605,
        1.2308094e-2,
        1.6424828e-2,
        2.211732e-3,
        7.2546e-4,
        3.582e-6,
    ]
    hi = np.copy(t2_c)

    hi_filter1 = np.where(t2_c > 20)

    hi[hi_filter1] = (
        -hiarray[0]
        + hiarray[1] * t2_c[hi_filter1]
        + hiarray[2] * rh[hi_filter1]
        - hiarray[3] * t2_c[hi_filter1] * rh[hi_filter1]
        - hiarray[4] * t2_c[hi_filter1] ** 2
        - hiarray[5] * rh[hi_filter1] ** 2
        + hiarray[6] * t2_c[hi_filter1] ** 2 * rh[hi_filter1]
        + hiarray[7] * t2_c[hi_filter1] * rh[hi_filter1] ** 2
        - hiarray[8] * t2_c[hi_filter1] ** 2 * rh[hi_filter1] ** 2
    )

    hi_k = celsius_to_kelvin(hi)

    return hi_k


def calculate_heat_index_adjusted(t2_k: ArrayLike, td_k: ArrayLike) -> np.ndarray:
    rh = calculate_relative_humidity_percent(t2_k, td_k)
    t2_f = kelvin_to_fahrenheit(t2_k)

    # Simple formula
    A = 0.5 * (t2_f + 61.0 + ((t2_f - 68.0) * 1.2) + (rh * 0.094))

    # Use regression only when the average between A and air temperature is or exceeds 80°F
    warm_mask = ((A + t2_f) / 2) >= 80

    hi = A  # (T+A)/2 < 80F (reverse of warm_mask)

    # Regression formula
    rh2 = rh**2
    t2f2 = t2_f**2
    B = (
        -42.379
        + 2.04901523 * t2_f
        + 10.14333127 * rh
        - 0.22475541 * t2_f * rh
        - 6.83783e-3 * t2f2
        - 5.481717e-2 * rh2
        + 1.22874e-3 * t2f2 * rh
        + 8.5282e-4 * t2_f * rh2
        - 1.99e-6 * t2f2 * rh2
    )

    # Replace with regression where applicable
    hi[warm_mask] = B[warm_mask]

    # Adjustments — only for warm_mask points
    # 1) low humidity and high temperatures
    mask = warm_mask & (t2_f >= 80.0) & (t2_f <= 112.0) & (rh < 13.0)
    lowH_highT = ((13.0 - rh) / 4.0) * np.sqrt(
        np.maximum((17.0 - np.abs(t2_f - 95.0)), 0.0) / 17.0
    )
    hi[mask] -= lowH_highT[mask]

    # 2) High humidity and moderate temperatures
    mask = warm_mask & (t2_f >= 80.0) & (t2_f <= 87.0) & (rh > 85.0)
    # highH_modT = ((rh - 85.0) / 10.0) * ((87.0 - t2_f) / 5.0)
    highH_modT = 0.02 * (rh - 85.0) * (87.0 - t2_f)
    hi[mask] += highH_modT[mask]

    # Cold case (t ≤ 40°F)
    cold_mask = t2_f <= 40.0
    hi[cold_mask] = t2_f[cold_mask]

    # Convert to Kelvin
    hi_k = fahrenheit_to_kelvin(hi)

    return hi_k


# --- the settings of the cases ------------------------------------------------------------------------------------


def excess_heat_factor_clipped(ehi_sig, ehi_accl):
    return excess_heat_factor(ehi_sig, ehi_accl, clip=True)


def excess_cold_factor_clipped(ehi_sig, ehi_accl):
    return excess_cold_factor(ehi_sig, ehi_accl, clip=True)


def calculate_excess_cold_factor_clipped(ehi_sig, ehi_accl):
    return calculate_excess_cold_factor(ehi_sig, ehi_accl, clip=True)


def psychrometric_wetbulb(ta, rh, pair, speed, solar, fdir, cza):
    return solve_wetbulb(ta, rh, pair, speed, solar, fdir, cza, 0.0)


def natural_wetbulb(ta, rh, pair, speed, solar, fdir, cza):
    return solve_wetbulb(ta, rh, pair, speed, solar, fdir, cza, 1.0)


def dsrp_threshold(fdir, cossza):
    return approximate_dsrp(fdir, cossza, threshold=0.3)


def utci_from_vapour(t2_k, va, mrt, ehPa):
    return calculate_utci(t2_k, va, mrt, ehPa=ehPa)


def utci_from_dew_point(t2_k, va, mrt, td_k):
    return calculate_utci(t2_k, va, mrt, td_k=td_k)


def wbgt_liljegren_brode(t2_k, rh, pressure, va, ssrd, fdir, cossza):
    return calculate_wbgt_liljegren(t2_k, rh, pressure, va, ssrd, fdir, cossza, wind_scaling="brode")


def mrt_from_test_table(ssrd, ssr, fdir, strd, strr, cossza):
    # tests/test_thermofeel.py: accumulated [J m-2] over the hour to [W m-2], dsrp from fdir
    dsrp = approximate_dsrp(fdir, cossza)
    return calculate_mean_radiant_temperature(ssrd / 3600, ssr / 3600, dsrp / 3600, strd / 3600, fdir / 3600,
                                              strr / 3600, cossza / 3600)


# --- inputs ---------------------------------------------------------------------------------------------------------

N = 24  # a day of hourly values


def _t2(rng, n=N):
    # 2 m temperature [K]
    return rng.uniform(250.0, 320.0, size=n)


def _warm(rng, n=N):
    return rng.uniform(285.0, 315.0, size=n)


def _dew(rng, t2):
    # dew point below the air temperature [K]
    return t2 - rng.uniform(0.5, 20.0, size=t2.shape)


def _rh(rng, n=N):
    return rng.uniform(5.0, 99.0, size=n)


def _wind(rng, n=N):
    # 10 m wind [m/s]
    return rng.uniform(0.5, 15.0, size=n)


def _pressure(rng, n=N):
    return rng.uniform(950.0, 1040.0, size=n)


def _cossza(rng, n=N):
    # the cosine of the solar zenith angle through a day: night hours are below zero
    hours = np.arange(n)
    return np.clip(np.cos((hours - 12.0) / 12.0 * np.pi) * 0.8 + rng.uniform(-0.02, 0.02, size=n), -1.0, 1.0)


def _ssrd(rng, cossza):
    # instantaneous downward shortwave radiation [W/m2], zero at night
    return np.maximum(cossza, 0.0) * rng.uniform(600.0, 1000.0, size=cossza.shape)


def _energy_balance(rng):
    # the solvers' inputs: ta [K], rh as a fraction, pair [hPa], 2 m speed [m/s], solar [W/m2], fdir fraction, cza
    cza = _cossza(rng)
    return (_warm(rng), rng.uniform(0.2, 0.9, size=N), _pressure(rng), rng.uniform(0.2, 6.0, size=N),
            _ssrd(rng, cza), np.where(cza > 0.00873, rng.uniform(0.3, 0.9, size=N), 0.0), cza)


def _liljegren(rng):
    # calculate_wbgt_liljegren's inputs: rh in percent, 10 m wind (some below the KNMI floor)
    cza = _cossza(rng)
    va = _wind(rng)
    va[:3] = rng.uniform(0.0, 0.6, size=3)
    return _warm(rng), rng.uniform(20.0, 90.0, size=N), _pressure(rng), va, _ssrd(rng, cza), rng.uniform(0.0, 1.0, size=N), cza


def _heat_index_regimes(rng):
    # blocks of hours in each of the adjusted heat index's regimes: (t2 [K], td [K])
    hot_dry = rng.uniform(303.0, 315.0, size=6), rng.uniform(255.0, 262.0, size=6)        # rh < 13 %, 86-112 F
    warm_humid = rng.uniform(300.0, 303.0, size=6), None                                    # rh > 85 %, 80-87 F
    mild = rng.uniform(285.0, 296.0, size=6), None
    cold = rng.uniform(255.0, 277.0, size=6), None                                          # <= 40 F
    t2 = np.concatenate([hot_dry[0], warm_humid[0], mild[0], cold[0]])
    td = np.concatenate([hot_dry[1], warm_humid[0] - rng.uniform(0.2, 1.0, size=6),
                         mild[0] - rng.uniform(2.0, 10.0, size=6), cold[0] - rng.uniform(1.0, 8.0, size=6)])
    return t2, td


def _heat_index_simple(rng):
    # air temperatures either side of 20 C, and relative humidity [%] (drier in the hot hours)
    return (np.concatenate([rng.uniform(295.0, 310.0, size=12), rng.uniform(260.0, 292.0, size=12)]),
            np.concatenate([rng.uniform(20.0, 70.0, size=12), rng.uniform(30.0, 99.0, size=12)]))


def _phase(rng, n=N, kinds=2):
    return rng.integers(0, kinds, size=n)


def _utci_inputs(rng):
    # inside the polynomial's fit: wind 0.5-17 m/s, mrt from 30 K below to 70 K above the air
    t2 = rng.uniform(255.0, 310.0, size=N)
    return t2, rng.uniform(0.5, 10.0, size=N), t2 + rng.uniform(-5.0, 25.0, size=N)


def _utci_vapour(rng, t2):
    # water vapour pressure [hPa] at 20-90 % relative humidity (under the fit's 50 hPa)
    return rng.uniform(0.2, 0.9, size=t2.shape) * calculate_saturation_vapour_pressure(t2)


def _test_table(rng):
    # tests/thermofeel_testcases.csv's radiation columns (accumulated over an hour [J m-2]), jittered
    ssrd = rng.uniform(595000.0, 641000.0, size=N)
    return (ssrd, rng.uniform(454000.0, 472000.0, size=N), rng.uniform(351000.0, 422000.0, size=N),
            rng.uniform(1061000.0, 1068400.0, size=N), rng.uniform(-197700.0, -182600.0, size=N),
            np.full(N, 0.5))


def _direct(rng, cossza):
    # direct radiation [W/m2]: a fraction of the global radiation
    return _ssrd(rng, cossza) * rng.uniform(0.3, 0.9, size=cossza.shape)


def _2d(rng, make):
    return make(rng, 4 * N).reshape(4, N)


# tests/test_scalars.py's Liljegren reference rows (t2_k, rh %, pressure hPa, 10 m wind, ssrd, fdir, cossza), checked
# there against Liljegren's C code; the last two rows clamp the wind and fdir
LILJEGREN_ROWS = np.array([
    [308.15, 40.0, 1013.0, 1.0, 800.0, 0.70, 0.90],
    [303.15, 70.0, 1010.0, 3.0, 500.0, 0.50, 0.70],
    [293.15, 60.0, 1015.0, 5.0, 200.0, 0.30, 0.50],
    [298.15, 85.0, 1008.0, 2.0, 0.0, 0.00, 0.05],
    [306.15, 50.0, 1013.0, 0.2, 700.0, 0.60, 0.80],
    [305.15, 35.0, 1012.0, 2.5, 900.0, 0.97, 0.95],
])


def _liljegren_rows(rng):
    return tuple(LILJEGREN_ROWS.T.copy())


def _nan_first(inputs, at=(3, 17)):
    # tests/test_robustness.py: a NaN temperature gives NaN, and its neighbours their values
    t2 = inputs[0].copy()
    t2[list(at)] = np.nan
    return (t2, *inputs[1:])


_h, _x, _l, _t = "helpers.py", "excess_heat.py", "liljegren.py", "thermofeel.py"

CASES = [
    # helpers.py
    case(celsius_to_kelvin, lambda rng: (rng.uniform(-40.0, 45.0, size=N),), TF(_h, "celsius_to_kelvin")),
    case(kelvin_to_celsius, lambda rng: (_t2(rng),), TF(_h, "kelvin_to_celsius")),
    case(kelvin_to_fahrenheit, lambda rng: (_t2(rng),), TF(_h, "kelvin_to_fahrenheit")),
    case(fahrenheit_to_celsius, lambda rng: (rng.uniform(-20.0, 110.0, size=N),), TF(_h, "fahrenheit_to_celsius")),
    case(fahrenheit_to_kelvin, lambda rng: (rng.uniform(-20.0, 110.0, size=N),), TF(_h, "fahrenheit_to_kelvin")),
    # excess_heat.py: daily means, indices and factors over a month of days
    case(daily_mean_temperature, lambda rng: (rng.uniform(280.0, 295.0, size=30), rng.uniform(296.0, 312.0, size=30)), TF(_x, "daily_mean_temperature")),
    case(significance_index, lambda rng: (rng.uniform(290.0, 305.0, size=30), np.float64(297.5)), TF(_x, "significance_index", "a climatological threshold")),
    case(acclimatisation_index, lambda rng: (rng.uniform(290.0, 305.0, size=30), rng.uniform(292.0, 298.0, size=30)), TF(_x, "acclimatisation_index")),
    case(excess_heat_factor, lambda rng: (rng.uniform(-4.0, 6.0, size=30), rng.uniform(-3.0, 5.0, size=30)), TF(_x, "excess_heat_factor")),
    case(excess_heat_factor_clipped, lambda rng: (rng.uniform(-4.0, 6.0, size=30), rng.uniform(-3.0, 5.0, size=30)), TF(_x, "excess_heat_factor", "clip=True")),
    case(heatwave_severity, lambda rng: (rng.uniform(0.0, 40.0, size=30), np.float64(12.0)), TF(_x, "heatwave_severity")),
    case(excess_cold_factor, lambda rng: (rng.uniform(-6.0, 4.0, size=30), rng.uniform(-5.0, 3.0, size=30)), TF(_x, "excess_cold_factor")),
    case(excess_cold_factor_clipped, lambda rng: (rng.uniform(-6.0, 4.0, size=30), rng.uniform(-5.0, 3.0, size=30)), TF(_x, "excess_cold_factor", "clip=True")),
    # liljegren.py: air properties and the energy balances
    case(esat, lambda rng: (_warm(rng),), TF(_l, "esat")),
    case(dew_point, lambda rng: (rng.uniform(2.0, 40.0, size=N),), TF(_l, "dew_point", "vapour pressure [hPa]")),
    case(viscosity, lambda rng: (_warm(rng),), TF(_l, "viscosity")),
    case(thermal_cond, lambda rng: (_warm(rng),), TF(_l, "thermal_cond")),
    case(diffusivity, lambda rng: (_warm(rng), _pressure(rng)), TF(_l, "diffusivity")),
    case(evap, lambda rng: (rng.uniform(283.0, 313.0, size=N),), TF(_l, "evap")),
    case(emis_atm, lambda rng: (_warm(rng), rng.uniform(0.1, 0.95, size=N)), TF(_l, "emis_atm", "rh as a fraction")),
    case(h_sphere_in_air, lambda rng: (_warm(rng), _pressure(rng), rng.uniform(0.0, 6.0, size=N)), TF(_l, "h_sphere_in_air", "some speeds below MIN_SPEED")),
    case(h_cylinder_in_air, lambda rng: (_warm(rng), _pressure(rng), rng.uniform(0.0, 6.0, size=N)), TF(_l, "h_cylinder_in_air")),
    case(solve_globe, _energy_balance, TF(_l, "solve_globe")),
    case(natural_wetbulb, _energy_balance, TF(_l, "solve_wetbulb", "rad=1 (natural wet bulb)")),
    case(psychrometric_wetbulb, _energy_balance, TF(_l, "solve_wetbulb", "rad=0 (psychrometric wet bulb)")),
    case(wind_speed_2m, lambda rng: (_wind(rng), _cossza(rng), _ssrd(rng, _cossza(rng))), TF(_l, "wind_speed_2m", "day and night hours")),
    case(wbgt, lambda rng: (_warm(rng), rng.uniform(20.0, 90.0, size=N), _pressure(rng), rng.uniform(0.2, 6.0, size=N), *_energy_balance(rng)[4:]), TF(_l, "wbgt")),
    # thermofeel.py: humidity and vapour pressure
    case(calculate_relative_humidity_percent, lambda rng: (lambda t: (t, _dew(rng, t)))(_t2(rng)), TF(_t, "calculate_relative_humidity_percent")),
    case(calculate_relative_humidity_percent, lambda rng: (np.array([303.15]), np.array([301.15])), TF(_t, "calculate_relative_humidity_percent", "tests/test_scalars.py: 30 C, dew point 28 C"), name="thermofeel.relative_humidity_scalar_test"),
    case(calculate_saturation_vapour_pressure, lambda rng: (_t2(rng),), TF(_t, "calculate_saturation_vapour_pressure")),
    case(calculate_saturation_vapour_pressure_multiphase, lambda rng: (_t2(rng), _phase(rng)), TF(_t, "calculate_saturation_vapour_pressure_multiphase", "phase 0 or 1")),
    case(calculate_saturation_vapour_pressure_multiphase, lambda rng: (_t2(rng), _phase(rng, kinds=3)), TF(_t, "calculate_saturation_vapour_pressure_multiphase", "phase 2 left at 0 hPa"), name="thermofeel.svp_multiphase_other_phase"),
    case(calculate_saturation_vapour_pressure_multiphase, lambda rng: (np.array([248.15]), np.array([1])), TF(_t, "calculate_saturation_vapour_pressure_multiphase", "tests/test_scalars.py: -25 C over ice"), name="thermofeel.svp_multiphase_scalar_test"),
    case(calculate_saturation_vapour_pressure_multiphase, lambda rng: (_2d(rng, _t2), _2d(rng, _phase)), TF(_t, "calculate_saturation_vapour_pressure_multiphase", "a 4 x 24 grid"), name="thermofeel.svp_multiphase_grid"),
    case(calculate_nonsaturation_vapour_pressure, lambda rng: (_t2(rng), _rh(rng)), TF(_t, "calculate_nonsaturation_vapour_pressure")),
    case(calculate_dew_point_from_relative_humidity, lambda rng: (_rh(rng), _t2(rng)), TF(_t, "calculate_dew_point_from_relative_humidity")),
    # wind and radiation
    case(scale_windspeed, lambda rng: (_wind(rng), rng.uniform(1.0, 10.0, size=N)), TF(_t, "scale_windspeed")),
    case(approximate_dsrp, lambda rng: (lambda c: (_direct(rng, c), c))(_cossza(rng)), TF(_t, "approximate_dsrp", "night hours below the threshold")),
    case(approximate_dsrp, lambda rng: (lambda c: (_direct(rng, c).astype(np.int64), c))(_cossza(rng)), TF(_t, "approximate_dsrp", "integer fdir (the float copy)"), name="thermofeel.approximate_dsrp_int"),
    case(dsrp_threshold, lambda rng: (lambda c: (_direct(rng, c), c))(_cossza(rng)), TF(_t, "approximate_dsrp", "threshold=0.3")),
    case(calculate_mean_radiant_temperature, lambda rng: (lambda c, s: (s, 0.8 * s, 0.6 * s / np.maximum(c, 0.1), rng.uniform(280.0, 420.0, size=N), 0.6 * s, rng.uniform(-120.0, -20.0, size=N), c))(_cossza(rng), _ssrd(rng, _cossza(rng))), TF(_t, "calculate_mean_radiant_temperature")),
    case(mrt_from_test_table, _test_table, TF(_t, "calculate_mean_radiant_temperature", "tests/test_thermofeel.py's call (values / 3600, dsrp by approximate_dsrp)")),
    # UTCI
    case(calculate_utci_polynomial, lambda rng: (lambda t, v, m: (t - 273.15, m - 273.15, v, _utci_vapour(rng, t) / 10.0))(*_utci_inputs(rng)), TF(_t, "calculate_utci_polynomial", "Celsius and kPa")),
    case(utci_from_vapour, lambda rng: (lambda t, v, m: (t, v, m, _utci_vapour(rng, t)))(*_utci_inputs(rng)), TF(_t, "calculate_utci", "ehPa given")),
    case(utci_from_dew_point, lambda rng: (lambda t, v, m: (t, v, m, t - rng.uniform(3.0, 20.0, size=t.shape)))(*_utci_inputs(rng)), TF(_t, "calculate_utci", "td_k given")),
    case(utci_from_dew_point, lambda rng: (lambda t, v, m: (t, v, m, t - rng.uniform(3.0, 20.0, size=t.shape)))(*(a.reshape(4, 6) for a in _utci_inputs(rng))), TF(_t, "calculate_utci", "td_k given, a 4 x 6 grid"), name="thermofeel.utci_from_dew_point_grid"),
    # wet bulb, globe and WBGT
    case(calculate_wbgt_simple, lambda rng: (_warm(rng), _rh(rng)), TF(_t, "calculate_wbgt_simple")),
    case(calculate_wbt, lambda rng: (_warm(rng), _rh(rng)), TF(_t, "calculate_wbt")),
    case(calculate_bgt, lambda rng: (lambda t: (t, t + rng.uniform(-5.0, 30.0, size=N), _wind(rng)))(_warm(rng)), TF(_t, "calculate_bgt")),
    case(calculate_bgt, lambda rng: (lambda t: (t, t + rng.uniform(-5.0, 30.0, size=N), np.where(np.arange(N) % 4 == 0, 0.0, _wind(rng))))(_warm(rng)), TF(_t, "calculate_bgt", "calm hours (va == 0: bgt is mrt)"), name="thermofeel.calculate_bgt_calm"),
    case(calculate_wbgt, lambda rng: (lambda t: (t, t + rng.uniform(-5.0, 30.0, size=N), _wind(rng), _dew(rng, t)))(_warm(rng)), TF(_t, "calculate_wbgt")),
    case(calculate_wind_speed_2m_liljegren, lambda rng: (_wind(rng), _cossza(rng), _ssrd(rng, _cossza(rng))), TF(_t, "calculate_wind_speed_2m_liljegren")),
    case(calculate_wbgt_liljegren, _liljegren, TF(_t, "calculate_wbgt_liljegren", "wind_scaling='liljegren'")),
    case(wbgt_liljegren_brode, _liljegren, TF(_t, "calculate_wbgt_liljegren", "wind_scaling='brode'")),
    case(calculate_heat_force, lambda rng: (rng.uniform(280.0, 310.0, size=N),), TF(_t, "calculate_heat_force")),
    case(calculate_excess_heat_factor, lambda rng: (rng.uniform(-4.0, 6.0, size=30), rng.uniform(-3.0, 5.0, size=30)), TF(_t, "calculate_excess_heat_factor")),
    case(calculate_excess_cold_factor_clipped, lambda rng: (rng.uniform(-6.0, 4.0, size=30), rng.uniform(-5.0, 3.0, size=30)), TF(_t, "calculate_excess_cold_factor", "clip=True")),
    case(calculate_mrt_from_bgt, lambda rng: (lambda t: (t, t + rng.uniform(0.0, 10.0, size=N), rng.uniform(0.5, 5.0, size=N)))(_warm(rng)), TF(_t, "calculate_mrt_from_bgt")),
    # comfort indices
    case(calculate_humidex, lambda rng: (lambda t: (t, _dew(rng, t)))(_warm(rng)), TF(_t, "calculate_humidex")),
    case(calculate_normal_effective_temperature, lambda rng: (_t2(rng), _wind(rng), _rh(rng)), TF(_t, "calculate_normal_effective_temperature")),
    case(calculate_apparent_temperature, lambda rng: (_t2(rng), _wind(rng), _rh(rng)), TF(_t, "calculate_apparent_temperature")),
    case(calculate_wind_chill, lambda rng: (rng.uniform(223.0, 278.0, size=N), rng.uniform(1.4, 22.0, size=N)), TF(_t, "calculate_wind_chill", "its valid range: -50-5 C, 5-80 km/h")),
    case(calculate_heat_index_simplified, _heat_index_simple, TF(_t, "calculate_heat_index_simplified", "half the hours above 20 C")),
    case(calculate_heat_index_simplified, lambda rng: (rng.uniform(260.0, 290.0, size=N), _rh(rng)), TF(_t, "calculate_heat_index_simplified", "no hour above 20 C (an empty mask)"), name="thermofeel.heat_index_simplified_cold"),
    case(calculate_heat_index_simplified, lambda rng: tuple(a.reshape(4, 6) for a in _heat_index_simple(rng)), TF(_t, "calculate_heat_index_simplified", "a 4 x 6 grid"), name="thermofeel.heat_index_simplified_grid"),
    case(calculate_heat_index_adjusted, _heat_index_regimes, TF(_t, "calculate_heat_index_adjusted", "every regime and adjustment")),
    case(calculate_heat_index_adjusted, lambda rng: tuple(a.reshape(4, 6) for a in _heat_index_regimes(rng)), TF(_t, "calculate_heat_index_adjusted", "a 4 x 6 grid"), name="thermofeel.heat_index_adjusted_grid"),
    case(calculate_heat_index_adjusted, lambda rng: (lambda t: (t, _dew(rng, t)))(rng.uniform(255.0, 290.0, size=N)), TF(_t, "calculate_heat_index_adjusted", "mild and cold hours (no warm mask)"), name="thermofeel.heat_index_adjusted_mild"),
    # the source's own test inputs: reference rows, integer arrays, band edges, NaN and invalid values
    case(calculate_wbgt_liljegren, _liljegren_rows, TF(_t, "calculate_wbgt_liljegren", "tests/test_scalars.py's six reference rows"), name="thermofeel.wbgt_liljegren_reference_rows"),
    case(calculate_wind_speed_2m_liljegren, lambda rng: (np.array([3.0, 0.62, 1.0, 7.0]), np.array([0.9, 0.9, -0.5, 0.5]), np.array([800.0, 800.0, 0.0, 200.0])), TF(_t, "calculate_wind_speed_2m_liljegren", "tests/test_scalars.py's four stability classes"), name="thermofeel.wind_speed_2m_test_rows"),
    case(calculate_heat_force, lambda rng: (np.array([10.0, 13.999, 14.0, 15.9, 16.0, 24.0, 31.999, 32.0, 35.0]) + 273.15,), TF(_t, "calculate_heat_force", "tests/test_scalars.py's band edges"), name="thermofeel.heat_force_band_edges"),
    case(calculate_saturation_vapour_pressure_multiphase, lambda rng: (rng.integers(250, 310, size=N), _phase(rng)), TF(_t, "calculate_saturation_vapour_pressure_multiphase", "integer temperatures (tests/test_robustness.py)"), name="thermofeel.svp_multiphase_int"),
    case(calculate_humidex, lambda rng: (np.array([304]), np.array([300])), TF(_t, "calculate_humidex", "tests/test_scalars.py: integer arrays"), name="thermofeel.humidex_scalar_test"),
    case(calculate_normal_effective_temperature, lambda rng: (np.array([307]), np.array([4]), np.array([80])), TF(_t, "calculate_normal_effective_temperature", "tests/test_scalars.py: integer arrays"), name="thermofeel.net_scalar_test"),
    case(calculate_heat_index_adjusted, lambda rng: _nan_first(_heat_index_regimes(rng)), TF(_t, "calculate_heat_index_adjusted", "NaN temperatures (tests/test_robustness.py)"), name="thermofeel.heat_index_adjusted_nan"),
    case(calculate_heat_index_simplified, lambda rng: _nan_first(_heat_index_simple(rng)), TF(_t, "calculate_heat_index_simplified", "NaN temperatures"), name="thermofeel.heat_index_simplified_nan"),
    case(calculate_wbgt_liljegren, lambda rng: _nan_first(_liljegren(rng)), TF(_t, "calculate_wbgt_liljegren", "NaN temperatures never converge (NaN)"), name="thermofeel.wbgt_liljegren_nan"),
    case(utci_from_dew_point, lambda rng: (lambda t, v, m: (t, v, m, t - 5.0))(*_nan_first(_utci_inputs(rng))), TF(_t, "calculate_utci", "NaN temperatures"), name="thermofeel.utci_nan"),
    case(calculate_bgt, lambda rng: (lambda t: (t, t + 10.0, np.where(np.arange(N) % 3 == 0, -1.0, np.where(np.arange(N) % 3 == 1, 0.0, 0.5))))(_warm(rng)), TF(_t, "calculate_bgt", "negative (NaN), zero and light wind (tests/test_robustness.py)"), name="thermofeel.calculate_bgt_negative_wind"),
]
