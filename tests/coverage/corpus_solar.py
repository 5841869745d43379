"""pvlib-python's solar-energy models (pvlib/pvlib-python, BSD-3-Clause).

Copied from pvlib/pvlib-python at 6382338a7598a5b9d94473f47fcbc787b0ac6408 (its LICENSE is BSD 3-Clause:
"Copyright (c) 2023 pvlib python Contributors, (c) 2014 PVLIB python Development Team, (c) 2013 Sandia
National Laboratories"), the files named in each section below. Bodies are as written, comments kept,
docstrings dropped. Decorators are removed: spa.py's ``@jcompile`` (numba's ``jit`` only when
PVLIB_USE_NUMBA is set, otherwise a no-op) and ``@renamed_kwarg_warning`` (a shim that accepts a
keyword's old name, on ``tracking.singleaxis`` and ``bifacial.utils.vf_ground_sky_2d_integ``);
spa.py's coefficient tables are copied as they are.

pandas is not installed here. pvlib only uses it, in the functions taken, to test ``isinstance(x,
pd.Series)`` (or ``pd.DataFrame``, ``pd.DatetimeIndex``, ``pd.Timestamp``) and to wrap a result when
the input was a Series: ``pd`` is a namespace whose classes nothing is an instance of, so the NumPy
path runs, as it does in pvlib for ndarray inputs. pvlib's module namespaces that the copied code
reads through (``tools.cosd``, ``atmosphere.get_relative_airmass``,
``solarposition._calculate_simple_day_angle``) are ``SimpleNamespace``s of the copied functions; the
tools helpers that convert pandas times (never reached for day-of-year arrays) raise.

Adapted, beyond that:

* ``temperature.fuentes`` takes its time stamps as ``times`` (seconds, a float array) instead of reading
  them from ``poa_global.index``: the three pandas lines (``index.to_series().diff().dt.total_seconds()``,
  ``.iloc[0] = .iloc[1]`` and the ``pd.Series`` it returns) are ``np.diff(times, prepend=np.nan)``,
  an item assignment and the array (marked ``# adapted``); the loops and the ``if`` are as written;
* ``tools._golden_sect_DataFrame`` is given the objective of pvlib's ``tests/test_tools.py``
  (``_obj_test_golden_sect``) and that test's vector bounds with a NaN; ``_check_converge`` gets the
  arguments ``fit_pvsyst_sandia`` passes it on a later iteration (``prevparams['state']`` 1.0);
* ``physical_ar_coated`` passes ``iam.physical``'s keyword-only ``n_ar`` (the anti-reflection-coated
  branch), as a two-line wrapper;
* ``solar_position_numpy`` runs twice: on eight time stamps at the site of pvlib's ``tests/test_spa.py``
  (Golden, CO), and on the same with one stamp missing (NaN), as a gap in a time series;
* the inverter and module parameters are rows of pvlib's own data files (``pvlib/data``):
  ``sam-library-cec-inverters-2019-03-05.csv`` (ABB MICRO-0.25-I-OUTD-US-208),
  ``adr-library-cec-inverters-2019-03-05.csv`` (Ablerex ES 2200-US-240) and
  ``sam-library-sandia-modules-2015-6-30.csv`` (Canadian Solar CS5P-220M), as dicts of floats.

Not taken: functions that need pandas beyond a type test (``clearsky.haurwitz`` reads ``.values``,
``detect_clearsky``, ``prilliman``, ``dirint``'s time handling, ``hour_angle``), and those that read
pvlib's HDF5 data files.
"""

# ruff: noqa: E741, B028
from __future__ import annotations

import datetime
import warnings
from collections import OrderedDict
from functools import partial
from types import SimpleNamespace

import numpy as np

from tests.coverage.cases import PVL, case


class _NotPandas:
    """pandas is not installed: nothing is an instance of these."""


pd = SimpleNamespace(Series=_NotPandas, DataFrame=_NotPandas, DatetimeIndex=_NotPandas, Timestamp=_NotPandas)


class pvlibDeprecationWarning(UserWarning):  # pvlib/_deprecation.py
    pass


def _needs_pandas(*args, **kwargs):
    raise NotImplementedError("pandas time handling is not available here")


# --- pvlib/tools.py ----------------------------------------------------------------------------------


def cosd(angle):
    res = np.cos(np.radians(angle))
    return res


def sind(angle):
    res = np.sin(np.radians(angle))
    return res


def tand(angle):
    res = np.tan(np.radians(angle))
    return res


def acosd(number):
    res = np.degrees(np.arccos(number))
    return res


def _scalar_out(arg):
    if np.isscalar(arg):
        output = arg
    else:  #
        # works if it's a 1 length array and
        # will throw a ValueError otherwise
        output = np.asarray(arg).item()

    return output


def _array_out(arg):
    if isinstance(arg, pd.Series):
        output = arg.values
    else:
        output = arg

    return output


def _golden_sect_DataFrame(params, lower, upper, func, atol=1e-8):
    if np.any(upper - lower < 0.):
        raise ValueError('upper >= lower is required')

    phim1 = (np.sqrt(5) - 1) / 2

    df = params.copy()  # shallow copy to avoid modifying caller's dict
    df['VH'] = upper
    df['VL'] = lower

    converged = False

    while not converged:

        phi = phim1 * (df['VH'] - df['VL'])
        df['V1'] = df['VL'] + phi
        df['V2'] = df['VH'] - phi

        df['f1'] = func(df, 'V1')
        df['f2'] = func(df, 'V2')
        df['SW_Flag'] = df['f1'] > df['f2']

        df['VL'] = df['V2']*df['SW_Flag'] + df['VL']*(~df['SW_Flag'])
        df['VH'] = df['V1']*~df['SW_Flag'] + df['VH']*(df['SW_Flag'])

        err = abs(df['V2'] - df['V1'])

        # handle all NaN case gracefully
        with warnings.catch_warnings():
            warnings.filterwarnings(action='ignore',
                                    message='All-NaN slice encountered')
            converged = np.all(err[~np.isnan(err)] < atol)

    # best estimate of location of maximum
    df['max'] = 0.5 * (df['V1'] + df['V2'])
    func_result = func(df, 'max')
    x = np.where(np.isnan(func_result), np.nan, df['max'])
    if np.isscalar(df['max']):
        # np.where always returns an ndarray, converting scalars to 0d-arrays
        x = x.item()

    return func_result, x


# --- pvlib/atmosphere.py -----------------------------------------------------------------------------


def get_absolute_airmass(airmass_relative, pressure=101325.):

    airmass_absolute = airmass_relative * pressure / 101325.

    return airmass_absolute


def get_relative_airmass(zenith, model='kastenyoung1989'):

    # set zenith values greater than 90 to nans
    z = np.where(zenith > 90, np.nan, zenith)
    zenith_rad = np.radians(z)

    model = model.lower()

    if 'kastenyoung1989' == model:
        am = (1.0 / (np.cos(zenith_rad) +
              0.50572*((6.07995 + (90 - z)) ** - 1.6364)))
    elif 'kasten1966' == model:
        am = 1.0 / (np.cos(zenith_rad) + 0.15*((93.885 - z) ** - 1.253))
    elif 'simple' == model:
        am = 1.0 / np.cos(zenith_rad)
    elif 'pickering2002' == model:
        am = (1.0 / (np.sin(np.radians(90 - z +
              244.0 / (165 + 47.0 * (90 - z) ** 1.1)))))
    elif 'youngirvine1967' == model:
        sec_zen = 1.0 / np.cos(zenith_rad)
        am = sec_zen * (1 - 0.0012 * (sec_zen * sec_zen - 1))
    elif 'young1994' == model:
        am = ((1.002432*((np.cos(zenith_rad)) ** 2) +
              0.148386*(np.cos(zenith_rad)) + 0.0096467) /
              (np.cos(zenith_rad) ** 3 +
              0.149864*(np.cos(zenith_rad) ** 2) +
              0.0102963*(np.cos(zenith_rad)) + 0.000303978))
    elif 'gueymard1993' == model:  # [4], Eq. 22 and [5], Eq. 3b
        am = (1.0 / (np.cos(zenith_rad) +
              0.00176759*(z)*((94.37515 - z) ** - 1.21563)))
    elif 'gueymard2003' == model:
        am = (1.0 / (np.cos(zenith_rad) +
              0.48353*(z**0.095846)/(96.741 - z)**1.754))
    else:
        raise ValueError('%s is not a valid model for relativeairmass', model)

    if isinstance(zenith, pd.Series):
        am = pd.Series(am, index=zenith.index)

    return am


def bird_hulstrom80_aod_bb(aod380, aod500):
    # approximate broadband AOD using (Bird-Hulstrom 1980)
    return 0.27583 * aod380 + 0.35 * aod500


HELLMANN_SURFACE_EXPONENTS = {
    'unstable_air_above_open_water_surface': 0.06,
    'neutral_air_above_open_water_surface': 0.10,
    'stable_air_above_open_water_surface': 0.27,
    'unstable_air_above_flat_open_coast': 0.11,
    'neutral_air_above_flat_open_coast': 0.16,
    'stable_air_above_flat_open_coast': 0.40,
    'unstable_air_above_human_inhabited_areas': 0.27,
    'neutral_air_above_human_inhabited_areas': 0.34,
    'stable_air_above_human_inhabited_areas': 0.60,
}


def windspeed_powerlaw(wind_speed_reference, height_reference,
                       height_desired, exponent=None,
                       surface_type=None):
    if surface_type is not None and exponent is None:
        # use the Hellmann exponent from dictionary
        exponent = HELLMANN_SURFACE_EXPONENTS[surface_type]
    elif surface_type is None and exponent is not None:
        # use the provided exponent
        pass
    else:
        raise ValueError(
            "Either a 'surface_type' or an 'exponent' parameter must be given")

    wind_speed = wind_speed_reference * (
        (height_desired / height_reference) ** exponent)

    # if wind speed is negative or complex return NaN
    wind_speed = np.where(np.iscomplex(wind_speed) | (wind_speed < 0),
                          np.nan, wind_speed)

    if isinstance(wind_speed_reference, pd.Series):
        wind_speed = pd.Series(wind_speed, index=wind_speed_reference.index)

    return wind_speed


# --- pvlib/solarposition.py --------------------------------------------------------------------------


def _calculate_simple_day_angle(dayofyear, offset=1):
    return (2. * np.pi / 365.) * (dayofyear - offset)


# --- pvlib/temperature.py ----------------------------------------------------------------------------


def _fuentes_hconv(tave, windmod, temp_delta, xlen, tilt, check_reynold):
    # Calculate the convective coefficient as in Fuentes 1987 -- a mixture of
    # free, laminar, and turbulent convection.
    densair = 0.003484 * 101325.0 / tave  # density
    visair = 0.24237e-6 * tave**0.76 / densair  # kinematic viscosity
    condair = 2.1695e-4 * tave**0.84  # thermal conductivity
    reynold = windmod * xlen / visair
    # the boundary between laminar and turbulent is modeled as an abrupt
    # change at Re = 1.2e5:
    if check_reynold and reynold > 1.2e5:
        # turbulent convection
        hforce = 0.0282 / reynold**0.2 * densair * windmod * 1007 / 0.71**0.4
    else:
        # laminar convection
        hforce = 0.8600 / reynold**0.5 * densair * windmod * 1007 / 0.71**0.67
    # free convection via Grashof number
    # NB: Fuentes hardwires sind(tilt) as 0.5 for tilt=30
    grashof = 9.8 / tave * temp_delta * xlen**3 / visair**2 * sind(tilt)
    # product of Nusselt number and (k/l)
    hfree = 0.21 * (grashof * 0.71)**0.32 * condair / xlen
    # combine free and forced components
    hconv = (hfree**3 + hforce**3)**(1/3)
    return hconv


def _hydraulic_diameter(width, height):
    # calculate the hydraulic diameter of a rectangle
    return 2 * (width * height) / (width + height)


def fuentes(poa_global, temp_air, wind_speed, noct_installed, module_height=5,
            wind_height=9.144, emissivity=0.84, absorption=0.83,
            surface_tilt=30, module_width=0.31579, module_length=1.2,
            times=None):  # adapted: times added
    # ported from the FORTRAN77 code provided in Appendix A of Fuentes 1987;
    # nearly all variable names are kept the same for ease of comparison.

    boltz = 5.669e-8
    emiss = emissivity
    absorp = absorption
    xlen = _hydraulic_diameter(module_width, module_length)
    # cap0 has units of [J / (m^2 K)], equal to mass per unit area times
    # specific heat of the module.
    cap0 = 11000
    tinoct = noct_installed + 273.15

    # convective coefficient of top surface of module at NOCT
    windmod = 1.0
    tave = (tinoct + 293.15) / 2
    hconv = _fuentes_hconv(tave, windmod, tinoct - 293.15, xlen,
                           surface_tilt, False)

    # determine the ground temperature ratio and the ratio of the total
    # convection to the top side convection
    hground = emiss * boltz * (tinoct**2 + 293.15**2) * (tinoct + 293.15)
    backrat = (
        absorp * 800.0
        - emiss * boltz * (tinoct**4 - 282.21**4)
        - hconv * (tinoct - 293.15)
    ) / ((hground + hconv) * (tinoct - 293.15))
    tground = (tinoct**4 - backrat * (tinoct**4 - 293.15**4))**0.25
    tground = np.clip(tground, 293.15, tinoct)

    tgrat = (tground - 293.15) / (tinoct - 293.15)
    convrat = (absorp * 800 - emiss * boltz * (
        2 * tinoct**4 - 282.21**4 - tground**4)) / (hconv * (tinoct - 293.15))

    # adjust the capacitance (thermal mass) of the module based on the INOCT.
    # It is a function of INOCT because high INOCT implies thermal coupling
    # with the racking (e.g. roofmount), so the thermal mass is increased.
    # `cap` has units J/(m^2 C) -- see Table 3, Equations 26 & 27
    cap = cap0
    if tinoct > 321.15:
        cap = cap * (1 + (tinoct - 321.15) / 12)

    # iterate through timeseries inputs
    sun0 = 0

    # n.b. the way Fuentes calculates the first timedelta makes it seem like
    # the value doesn't matter -- rather than recreate it here, just assume
    # it's the same as the second timedelta:
    # adapted: was poa_global.index.to_series().diff().dt.total_seconds()
    timedelta_seconds = np.diff(times, prepend=np.nan)
    timedelta_hours = timedelta_seconds / 3600
    timedelta_hours[0] = timedelta_hours[1]  # adapted: was .iloc[0] = .iloc[1]

    tamb_array = temp_air + 273.15
    sun_array = poa_global * absorp

    # Two of the calculations are easily vectorized, so precalculate them:
    # sky temperature -- Equation 24
    tsky_array = 0.68 * (0.0552 * tamb_array**1.5) + 0.32 * tamb_array
    # wind speed at module height -- Equation 22
    # not sure why the 1e-4 factor is included -- maybe the equations don't
    # behave well if wind == 0?
    windmod_array = wind_speed * (module_height/wind_height)**0.2 + 1e-4

    tmod0 = 293.15
    tmod_array = np.zeros_like(poa_global, dtype=float)

    iterator = zip(tamb_array, sun_array, windmod_array, tsky_array,
                   timedelta_hours)
    for i, (tamb, sun, windmod, tsky, dtime) in enumerate(iterator):
        # solve the heat transfer equation, iterating because the heat loss
        # terms depend on tmod. NB Fuentes doesn't show that 10 iterations is
        # sufficient for convergence.
        tmod = tmod0
        for j in range(10):
            # overall convective coefficient
            tave = (tmod + tamb) / 2
            hconv = convrat * _fuentes_hconv(tave, windmod,
                                             abs(tmod-tamb), xlen,
                                             surface_tilt, True)
            # sky radiation coefficient (Equation 3)
            hsky = emiss * boltz * (tmod**2 + tsky**2) * (tmod + tsky)
            # ground radiation coeffieicient (Equation 4)
            tground = tamb + tgrat * (tmod - tamb)
            hground = emiss * boltz * (tmod**2 + tground**2) * (tmod + tground)
            # thermal lag -- Equation 8
            eigen = - (hconv + hsky + hground) / cap * dtime * 3600
            # not sure why this check is done, maybe as a speed optimization?
            if eigen > -10:
                ex = np.exp(eigen)
            else:
                ex = 0
            # Equation 7 -- note that `sun` and `sun0` already account for
            # absorption (alpha)
            tmod = tmod0 * ex + (
                (1 - ex) * (
                    hconv * tamb
                    + hsky * tsky
                    + hground * tground
                    + sun0
                    + (sun - sun0) / eigen
                ) + sun - sun0
            ) / (hconv + hsky + hground)
        tmod_array[i] = tmod
        tmod0 = tmod
        sun0 = sun

    return tmod_array - 273.15  # adapted: was pd.Series(..., index=poa_global.index, name='tmod')


def _adj_for_mounting_standoff(x):
    # supports noct cell temperature function. Except for x > 3.5, the SAM code
    # and documentation aren't clear on the precise intervals. The choice of
    # < or <= here is pvlib's.
    return np.piecewise(x, [x <= 0, (x > 0) & (x < 0.5),
                            (x >= 0.5) & (x < 1.5), (x >= 1.5) & (x < 2.5),
                            (x >= 2.5) & (x <= 3.5), x > 3.5],
                        [0., 18., 11., 6., 2., 0.])


def noct_sam(poa_global, temp_air, wind_speed, noct, module_efficiency,
             effective_irradiance=None, transmittance_absorptance=0.9,
             array_height=1, mount_standoff=4):
    # in [1] the denominator for irr_ratio isn't precisely clear. From
    # reproducing output of the SAM function noct_celltemp_t, we determined
    # that:
    #  - G_total (SAM) is broadband plane-of-array irradiance before
    #    reflections. Equivalent to pvlib variable poa_global
    #  - Geff_total (SAM) is POA irradiance after reflections and
    #    adjustment for spectrum. Equivalent to effective_irradiance
    if effective_irradiance is None:
        irr_ratio = 1.
    else:
        irr_ratio = effective_irradiance / poa_global

    if array_height == 1:
        wind_adj = 0.51 * wind_speed
    elif array_height == 2:
        wind_adj = 0.61 * wind_speed
    else:
        raise ValueError(
            f'array_height must be 1 or 2, {array_height} was given')

    noct_adj = noct + _adj_for_mounting_standoff(mount_standoff)
    tau_alpha = transmittance_absorptance * irr_ratio

    # [1] Eq. 10.37 isn't clear on exactly what "G" is. SAM SSC code uses
    # poa_global where G appears
    cell_temp_init = poa_global / 800. * (noct_adj - 20.)
    heat_loss = 1 - module_efficiency / tau_alpha
    wind_loss = 9.5 / (5.7 + 3.8 * wind_adj)
    return temp_air + cell_temp_init * heat_loss * wind_loss


# --- pvlib/iam.py ------------------------------------------------------------------------------------


def ashrae(aoi, b=0.05):

    iam = 1 - b * (1 / np.cos(np.radians(aoi)) - 1)
    aoi_gte_90 = np.full_like(aoi, False, dtype='bool')
    np.greater_equal(np.abs(aoi), 90, where=~np.isnan(aoi), out=aoi_gte_90)
    iam = np.where(aoi_gte_90, 0, iam)
    iam = np.maximum(0, iam)

    if isinstance(aoi, pd.Series):
        iam = pd.Series(iam, index=aoi.index)

    return iam


def physical(aoi, n=1.526, K=4.0, L=0.002, *, n_ar=None):
    n1, n3 = 1, n
    if n_ar is None or np.allclose(n_ar, n1):
        # no AR coating
        n2 = n
    else:
        n2 = n_ar

    # incidence angle
    costheta = np.maximum(0, cosd(aoi))  # always >= 0
    sintheta = np.sqrt(1 - costheta**2)  # always >= 0
    n1costheta1 = n1 * costheta
    n2costheta1 = n2 * costheta

    # refraction angle of first interface
    sintheta = n1 / n2 * sintheta
    costheta = np.sqrt(1 - sintheta**2)
    n1costheta2 = n1 * costheta
    n2costheta2 = n2 * costheta

    # reflectance of s-, p-polarized, and normal light by the first interface
    with np.errstate(divide='ignore', invalid='ignore'):
        rho12_s = \
            ((n1costheta1 - n2costheta2) / (n1costheta1 + n2costheta2)) ** 2
        rho12_p = \
            ((n1costheta2 - n2costheta1) / (n1costheta2 + n2costheta1)) ** 2

    rho12_0 = ((n1 - n2) / (n1 + n2)) ** 2

    # transmittance through the first interface
    tau_s = 1 - rho12_s
    tau_p = 1 - rho12_p
    tau_0 = 1 - rho12_0

    if not np.allclose(n3, n2):  # AR coated glass
        n3costheta2 = n3 * costheta
        # refraction angle of second interface
        sintheta = n2 / n3 * sintheta
        costheta = np.sqrt(1 - sintheta**2)
        n2costheta3 = n2 * costheta
        n3costheta3 = n3 * costheta

        # reflectance by the second interface
        rho23_s = (
            (n2costheta2 - n3costheta3) / (n2costheta2 + n3costheta3)
        ) ** 2
        rho23_p = (
            (n2costheta3 - n3costheta2) / (n2costheta3 + n3costheta2)
        ) ** 2
        rho23_0 = ((n2 - n3) / (n2 + n3)) ** 2

        # transmittance through the coating, including internal reflections
        # 1 + rho23*rho12 + (rho23*rho12)^2 + ... = 1/(1 - rho23*rho12)
        tau_s *= (1 - rho23_s) / (1 - rho23_s * rho12_s)
        tau_p *= (1 - rho23_p) / (1 - rho23_p * rho12_p)
        tau_0 *= (1 - rho23_0) / (1 - rho23_0 * rho12_0)

    # transmittance after absorption in the glass
    with np.errstate(divide='ignore', invalid='ignore'):
        tau_s *= np.exp(-K * L / costheta)
        tau_p *= np.exp(-K * L / costheta)

    tau_0 *= np.exp(-K * L)

    # incidence angle modifier
    iam = (tau_s + tau_p) / 2 / tau_0

    # for light coming from behind the plane, none can enter the module
    # when n2 > 1, this is already the case
    if np.isclose(n2, 1).any():
        iam = np.where(aoi >= 90, 0, iam)
        if isinstance(aoi, pd.Series):
            iam = pd.Series(iam, index=aoi.index)

    return iam


def physical_ar_coated(aoi, n, K, L, n_ar):  # wrapper: n_ar is keyword-only in iam.physical
    return physical(aoi, n, K, L, n_ar=n_ar)


def sapm(aoi, module, upper=None):

    aoi_coeff = [module['B5'], module['B4'], module['B3'], module['B2'],
                 module['B1'], module['B0']]

    iam = np.polyval(aoi_coeff, aoi)
    iam = np.clip(iam, 0, upper)
    # nan tolerant masking
    aoi_lt_0 = np.full_like(aoi, False, dtype='bool')
    np.less(aoi, 0, where=~np.isnan(aoi), out=aoi_lt_0)
    iam = np.where(aoi_lt_0, 0, iam)

    if isinstance(aoi, pd.Series):
        iam = pd.Series(iam, aoi.index)

    return iam


def schlick(aoi):
    iam = 1 - (1 - cosd(aoi)) ** 5
    iam = np.where(np.abs(aoi) >= 90.0, 0.0, iam)

    # preserve input type
    if np.isscalar(aoi):
        iam = iam.item()
    elif isinstance(aoi, pd.Series):
        iam = pd.Series(iam, aoi.index)

    return iam


# --- pvlib/ivtools/utils.py --------------------------------------------------------------------------

EPS_slope = np.finfo('float').eps**(1/3)
# A small number used to decide when a slope is equivalent to zero
EPS_val = np.finfo('float').eps

def _numdiff(x, f):

    n = len(f)

    df = np.zeros(n)
    df2 = np.zeros(n)

    # first two points are special
    df[:2] = float("Nan")
    df2[:2] = float("Nan")

    # Last two points are special
    df[-2:] = float("Nan")
    df2[-2:] = float("Nan")

    # Rest of points. Take reference point to be the middle of each group of 5
    # points. Calculate displacements
    ff = np.vstack((f[:-4], f[1:-3], f[2:-2], f[3:-1], f[4:])).T

    a0 = (np.vstack((x[:-4], x[1:-3], x[2:-2], x[3:-1], x[4:])).T
          - np.tile(x[2:-2], [5, 1]).T)

    u1 = np.zeros(a0.shape)
    left = np.zeros(a0.shape)
    u2 = np.zeros(a0.shape)

    u1[:, 0] = (
        a0[:, 1] * a0[:, 2] * a0[:, 3] + a0[:, 1] * a0[:, 2] * a0[:, 4]
        + a0[:, 1] * a0[:, 3] * a0[:, 4] + a0[:, 2] * a0[:, 3] * a0[:, 4])
    u1[:, 1] = (
        a0[:, 0] * a0[:, 2] * a0[:, 3] + a0[:, 0] * a0[:, 2] * a0[:, 4]
        + a0[:, 0] * a0[:, 3] * a0[:, 4] + a0[:, 2] * a0[:, 3] * a0[:, 4])
    u1[:, 2] = (
        a0[:, 0] * a0[:, 1] * a0[:, 3] + a0[:, 0] * a0[:, 1] * a0[:, 4]
        + a0[:, 0] * a0[:, 3] * a0[:, 4] + a0[:, 1] * a0[:, 3] * a0[:, 4])
    u1[:, 3] = (
        a0[:, 0] * a0[:, 1] * a0[:, 2] + a0[:, 0] * a0[:, 1] * a0[:, 4]
        + a0[:, 0] * a0[:, 2] * a0[:, 4] + a0[:, 1] * a0[:, 2] * a0[:, 4])
    u1[:, 4] = (
        a0[:, 0] * a0[:, 1] * a0[:, 2] + a0[:, 0] * a0[:, 1] * a0[:, 3]
        + a0[:, 0] * a0[:, 2] * a0[:, 3] + a0[:, 1] * a0[:, 2] * a0[:, 3])

    left[:, 0] = (a0[:, 0] - a0[:, 1]) * (a0[:, 0] - a0[:, 2]) * \
        (a0[:, 0] - a0[:, 3]) * (a0[:, 0] - a0[:, 4])
    left[:, 1] = (a0[:, 1] - a0[:, 0]) * (a0[:, 1] - a0[:, 2]) * \
        (a0[:, 1] - a0[:, 3]) * (a0[:, 1] - a0[:, 4])
    left[:, 2] = (a0[:, 2] - a0[:, 0]) * (a0[:, 2] - a0[:, 1]) * \
        (a0[:, 2] - a0[:, 3]) * (a0[:, 2] - a0[:, 4])
    left[:, 3] = (a0[:, 3] - a0[:, 0]) * (a0[:, 3] - a0[:, 1]) * \
        (a0[:, 3] - a0[:, 2]) * (a0[:, 3] - a0[:, 4])
    left[:, 4] = (a0[:, 4] - a0[:, 0]) * (a0[:, 4] - a0[:, 1]) * \
        (a0[:, 4] - a0[:, 2]) * (a0[:, 4] - a0[:, 3])

    df[2:-2] = np.sum(-(u1 / left) * ff, axis=1)

    # second derivative
    u2[:, 0] = (
        a0[:, 1] * a0[:, 2] + a0[:, 1] * a0[:, 3] + a0[:, 1] * a0[:, 4]
        + a0[:, 2] * a0[:, 3] + a0[:, 2] * a0[:, 4] + a0[:, 3] * a0[:, 4])
    u2[:, 1] = (
        a0[:, 0] * a0[:, 2] + a0[:, 0] * a0[:, 3] + a0[:, 0] * a0[:, 4]
        + a0[:, 2] * a0[:, 3] + a0[:, 2] * a0[:, 4] + a0[:, 3] * a0[:, 4])
    u2[:, 2] = (
        a0[:, 0] * a0[:, 1] + a0[:, 0] * a0[:, 3] + a0[:, 0] * a0[:, 4]
        + a0[:, 1] * a0[:, 3] + a0[:, 1] * a0[:, 3] + a0[:, 3] * a0[:, 4])
    u2[:, 3] = (
        a0[:, 0] * a0[:, 1] + a0[:, 0] * a0[:, 2] + a0[:, 0] * a0[:, 4]
        + a0[:, 1] * a0[:, 2] + a0[:, 1] * a0[:, 4] + a0[:, 2] * a0[:, 4])
    u2[:, 4] = (
        a0[:, 0] * a0[:, 1] + a0[:, 0] * a0[:, 2] + a0[:, 0] * a0[:, 3]
        + a0[:, 1] * a0[:, 2] + a0[:, 1] * a0[:, 4] + a0[:, 2] * a0[:, 3])

    df2[2:-2] = 2. * np.sum(u2 * ff, axis=1)
    return df, df2


def _schumaker_qspline(x, y):
    # Make sure vectors are 1D arrays
    x = x.flatten()
    y = y.flatten()

    n = x.size

    # compute various values used by the algorithm: differences, length of line
    # segments between data points, and ratios of differences.
    delx = np.diff(x)  # delx[i] = x[i + 1] - x[i]
    dely = np.diff(y)

    delta = dely / delx

    # Calculate first derivative at each x value per [3]

    s = np.zeros_like(x)

    left = np.append(0.0, delta)
    right = np.append(delta, 0.0)

    pdelta = left * right

    u = pdelta > 0

    # [3], Eq. 9 for interior points
    # fix tuning parameters in [2], Eq 9 at chi = .5 and eta = .5
    s[u] = pdelta[u] / (0.5*left[u] + 0.5*right[u])

    # [3], Eq. 7 for left endpoint
    left_end = 2.0 * delta[0] - s[1]
    if delta[0] * left_end > 0:
        s[0] = left_end

    # [3], Eq. 8 for right endpoint
    right_end = 2.0 * delta[-1] - s[-2]
    if delta[-1] * right_end > 0:
        s[-1] = right_end

    # determine knots. Start with initial points x
    # [2], Algorithm 4.1 first 'if' condition of step 5 defines intervals
    # which won't get internal knots
    tests = s[:-1] + s[1:]
    u = np.isclose(tests, 2.0 * delta, atol=EPS_slope)
    # u = true for an interval which will not get an internal knot

    k = n + sum(~u)  # total number of knots = original data + inserted knots

    # set up output arrays
    # knot locations, first n - 1 and very last (n + k) are original data
    xk = np.zeros(k)
    yk = np.zeros(k)  # function values at knot locations
    # logicals that will indicate where additional knots are inserted
    flag = np.zeros(k, dtype=bool)
    a = np.zeros((k, 3))

    # structures needed to compute coefficients, have to be maintained in
    # association with each knot

    tmpx = x[:-1]
    tmpy = y[:-1]
    tmpx2 = x[1:]
    tmps = s[:-1]
    tmps2 = s[1:]
    diffs = np.diff(s)

    # structure to contain information associated with each knot, used to
    # calculate coefficients
    uu = np.zeros((k, 6))

    uu[:(n - 1), :] = np.array([tmpx, tmpx2, tmpy, tmps, tmps2, delta]).T

    # [2], Algorithm 4.1 subpart 1 of Step 5
    # original x values that are left points of intervals without internal
    # knots

    # MATLAB differs from NumPy, boolean indices must be same size as
    # array
    xk[:(n - 1)][u] = tmpx[u]
    yk[:(n - 1)][u] = tmpy[u]
    # constant term for each polynomial for intervals without knots
    a[:(n - 1), 2][u] = tmpy[u]
    a[:(n - 1), 1][u] = s[:-1][u]
    a[:(n - 1), 0][u] = 0.5 * diffs[u] / delx[u]  # leading coefficients

    # [2], Algorithm 4.1 subpart 2 of Step 5
    # original x values that are left points of intervals with internal knots
    xk[:(n-1)][~u] = tmpx[~u]
    yk[:(n-1)][~u] = tmpy[~u]

    aa = s[:-1] - delta
    b = s[1:] - delta

    # Since the above two lines can lead to numerical errors, aa and b
    # are rounded to 0.0 is their absolute value is small enough.
    aa[np.isclose(aa, 0., atol=EPS_val)] = 0.
    b[np.isclose(b, 0., atol=EPS_val)] = 0.

    sbar = np.zeros(k)
    eta = np.zeros(k)
    # will contain mapping from the left points of intervals containing an
    # added knot to each inverval's internal knot value
    xi = np.zeros(k)

    t0 = aa * b >= 0
    # first 'else' in Algorithm 4.1 Step 5
    v = np.logical_and(~u, t0)  # len(u) == (n - 1) always
    q = np.sum(v)  # number of this type of knot to add

    if q > 0.:
        xk[(n - 1):(n + q - 1)] = .5 * (tmpx[v] + tmpx2[v])  # knot location
        uu[(n - 1):(n + q - 1), :] = np.array([tmpx[v], tmpx2[v], tmpy[v],
                                               tmps[v], tmps2[v], delta[v]]).T
        xi[:(n-1)][v] = xk[(n - 1):(n + q - 1)]

    t1 = np.abs(aa) > np.abs(b)
    w = np.logical_and(~u, ~v)  # second 'else' in Algorithm 4.1 Step 5
    w = np.logical_and(w, t1)
    r = np.sum(w)

    if r > 0.:
        xk[(n + q - 1):(n + q + r - 1)] = tmpx2[w] + aa[w] * delx[w] / diffs[w]
        uu[(n + q - 1):(n + q + r - 1), :] = np.array([tmpx[w], tmpx2[w],
                                                       tmpy[w], tmps[w],
                                                       tmps2[w], delta[w]]).T
        xi[:(n - 1)][w] = xk[(n + q - 1):(n + q + r - 1)]

    z = np.logical_and(~u, ~v)  # last 'else' in Algorithm 4.1 Step 5
    z = np.logical_and(z, ~w)
    ss = np.sum(z)

    if ss > 0.:
        xk[(n + q + r - 1):(n + q + r + ss - 1)] = \
            tmpx[z] + b[z] * delx[z] / diffs[z]
        uu[(n + q + r - 1):(n + q + r + ss - 1), :] = \
            np.array([tmpx[z], tmpx2[z], tmpy[z], tmps[z], tmps2[z],
                      delta[z]]).T
        xi[:(n-1)][z] = xk[(n + q + r - 1):(n + q + r + ss - 1)]

    # define polynomial coefficients for intervals with added knots
    ff = ~u
    sbar[:(n-1)][ff] = (
        (2 * uu[:(n - 1), 5][ff] - uu[:(n-1), 4][ff])
        + (uu[:(n - 1), 4][ff] - uu[:(n-1), 3][ff])
        * (xi[:(n - 1)][ff] - uu[:(n-1), 0][ff])
        / (uu[:(n - 1), 1][ff] - uu[:(n-1), 0][ff]))
    eta[:(n-1)][ff] = (
        (sbar[:(n - 1)][ff] - uu[:(n-1), 3][ff])
        / (xi[:(n - 1)][ff] - uu[:(n-1), 0][ff]))

    sbar[(n - 1):(n + q + r + ss - 1)] = \
        (2 * uu[(n - 1):(n + q + r + ss - 1), 5] -
         uu[(n - 1):(n + q + r + ss - 1), 4]) + \
        (uu[(n - 1):(n + q + r + ss - 1), 4] -
         uu[(n - 1):(n + q + r + ss - 1), 3]) * \
        (xk[(n - 1):(n + q + r + ss - 1)] -
         uu[(n - 1):(n + q + r + ss - 1), 0]) / \
        (uu[(n - 1):(n + q + r + ss - 1), 1] -
         uu[(n - 1):(n + q + r + ss - 1), 0])
    eta[(n - 1):(n + q + r + ss - 1)] = \
        (sbar[(n - 1):(n + q + r + ss - 1)] -
         uu[(n - 1):(n + q + r + ss - 1), 3]) / \
        (xk[(n - 1):(n + q + r + ss - 1)] -
         uu[(n - 1):(n + q + r + ss - 1), 0])

    # constant term for polynomial for intervals with internal knots
    a[:(n - 1), 2][~u] = uu[:(n - 1), 2][~u]
    a[:(n - 1), 1][~u] = uu[:(n - 1), 3][~u]
    a[:(n - 1), 0][~u] = 0.5 * eta[:(n - 1)][~u]  # leading coefficient

    a[(n - 1):(n + q + r + ss - 1), 2] = \
        uu[(n - 1):(n + q + r + ss - 1), 2] + \
        uu[(n - 1):(n + q + r + ss - 1), 3] * \
        (xk[(n - 1):(n + q + r + ss - 1)] -
         uu[(n - 1):(n + q + r + ss - 1), 0]) + \
        .5 * eta[(n - 1):(n + q + r + ss - 1)] * \
        (xk[(n - 1):(n + q + r + ss - 1)] -
         uu[(n - 1):(n + q + r + ss - 1), 0]) ** 2.
    a[(n - 1):(n + q + r + ss - 1), 1] = sbar[(n - 1):(n + q + r + ss - 1)]
    a[(n - 1):(n + q + r + ss - 1), 0] = \
        .5 * (uu[(n - 1):(n + q + r + ss - 1), 4] -
              sbar[(n - 1):(n + q + r + ss - 1)]) / \
        (uu[(n - 1):(n + q + r + ss - 1), 1] -
         uu[(n - 1):(n + q + r + ss - 1), 0])

    yk[(n - 1):(n + q + r + ss - 1)] = a[(n - 1):(n + q + r + ss - 1), 2]

    xk[n + q + r + ss - 1] = x[n - 1]
    yk[n + q + r + ss - 1] = y[n - 1]
    flag[(n - 1):(n + q + r + ss - 1)] = True  # these are all inserted knots

    tmp = np.vstack((xk, a.T, yk, flag)).T
    # sort output in terms of increasing x (original plus added knots)
    tmp2 = tmp[tmp[:, 0].argsort(kind='mergesort')]

    t = tmp2[:, 0]
    outn = len(t)
    c = tmp2[0:(outn - 1), 1:4]
    yhat = tmp2[:, 4]
    kflag = tmp2[:, 5]
    return t, c, yhat, kflag


def _log_lambertw(logx):
    # handles overflow cases, but results in nan for x <= 1
    w = logx - np.log(logx)  # initial guess, w = log(x) - log(log(x))

    for _ in range(0, 3):
        # Newton's. Halley's is not substantially faster or more accurate
        # because f''(w) = -1 / (w**2) is small for large w
        w = w * (1. - np.log(w) + logx) / (1. + w)
    return w


def _lambertw_pvlib(x):
    localx = np.asarray(x, float)
    w = np.full_like(localx, np.nan)
    small = localx <= 100
    # for large x, solve 0 = f(w) = w + log(w) - log(x) using Newton's
    # w will contain nan for these numbers due to log(w) = log(log(x))
    w[~small] = _log_lambertw(np.log(localx[~small]))

    # for small x, solve 0 = g(w) = w * exp(w) - x using Halley's method
    if np.any(small):
        z = localx[small]
        temp = np.log1p(localx[small])
        g = temp - np.log1p(temp)
        for _ in range(0, 3):
            expg = np.exp(g)
            g_expg_z = g*expg - z
            g_p1 = g + 1
            g = g - g_expg_z * g_p1 / \
                (expg * g_p1**2 - 0.5*(g + 2)*g_expg_z)
        w[small] = g

    return w[0] if w.shape == 1 else w


# --- pvlib/ivtools/sdm/_fit_desoto_pvsyst_sandia.py --------------------------------------------------


def _filter_params(ee, isc, io, rs, rsh):
    # Function _filter_params identifies bad parameter sets. A bad set contains
    # Nan, non-positive or imaginary values for parameters; Rs > Rsh; or data
    # where effective irradiance Ee differs by more than 5% from a linear fit
    # to Isc vs. Ee

    badrsh = np.logical_or(rsh < 0., np.isnan(rsh))
    negrs = rs < 0.
    badrs = np.logical_or(rs > rsh, np.isnan(rs))
    imagrs = ~(np.isreal(rs))
    badio = np.logical_or(np.logical_or(~(np.isreal(rs)), io <= 0),
                          np.isnan(io))
    goodr = np.logical_and(~badrsh, ~imagrs)
    goodr = np.logical_and(goodr, ~negrs)
    goodr = np.logical_and(goodr, ~badrs)
    goodr = np.logical_and(goodr, ~badio)

    matrix = np.vstack((ee / 1000., np.zeros(len(ee)))).T
    eff = np.linalg.lstsq(matrix, isc, rcond=None)[0][0]
    pisc = eff * ee / 1000
    pisc_error = np.abs(pisc - isc) / isc
    # check for departure from linear relation between Isc and Ee
    badiph = pisc_error > .05

    u = np.logical_and(goodr, ~badiph)
    return u


def _check_converge(prevparams, result, vmp, imp, i):

    convergeparam = {}

    imperror = (result['i_mp'] - imp) / imp * 100.
    vmperror = (result['v_mp'] - vmp) / vmp * 100.
    pmperror = (result['p_mp'] - (imp * vmp)) / (imp * vmp) * 100.

    convergeparam['imperrmax'] = max(imperror)  # max of the error in Imp
    convergeparam['imperrmin'] = min(imperror)  # min of the error in Imp
    # max of the absolute error in Imp
    convergeparam['imperrabsmax'] = max(abs(imperror))
    # mean of the error in Imp
    convergeparam['imperrmean'] = np.mean(imperror, axis=0)
    # std of the error in Imp
    convergeparam['imperrstd'] = np.std(imperror, axis=0, ddof=1)

    convergeparam['vmperrmax'] = max(vmperror)  # max of the error in Vmp
    convergeparam['vmperrmin'] = min(vmperror)  # min of the error in Vmp
    # max of the absolute error in Vmp
    convergeparam['vmperrabsmax'] = max(abs(vmperror))
    # mean of the error in Vmp
    convergeparam['vmperrmean'] = np.mean(vmperror, axis=0)
    # std of the error in Vmp
    convergeparam['vmperrstd'] = np.std(vmperror, axis=0, ddof=1)

    convergeparam['pmperrmax'] = max(pmperror)  # max of the error in Pmp
    convergeparam['pmperrmin'] = min(pmperror)  # min of the error in Pmp
    # max of the abs err. in Pmp
    convergeparam['pmperrabsmax'] = max(abs(pmperror))
    # mean error in Pmp
    convergeparam['pmperrmean'] = np.mean(pmperror, axis=0)
    # std error Pmp
    convergeparam['pmperrstd'] = np.std(pmperror, axis=0, ddof=1)

    if prevparams['state'] != 0.0:
        convergeparam['imperrstdchange'] = np.abs(
            convergeparam['imperrstd'] / prevparams['imperrstd'] - 1.)
        convergeparam['vmperrstdchange'] = np.abs(
            convergeparam['vmperrstd'] / prevparams['vmperrstd'] - 1.)
        convergeparam['pmperrstdchange'] = np.abs(
            convergeparam['pmperrstd'] / prevparams['pmperrstd'] - 1.)
        convergeparam['imperrmeanchange'] = np.abs(
            convergeparam['imperrmean'] / prevparams['imperrmean'] - 1.)
        convergeparam['vmperrmeanchange'] = np.abs(
            convergeparam['vmperrmean'] / prevparams['vmperrmean'] - 1.)
        convergeparam['pmperrmeanchange'] = np.abs(
            convergeparam['pmperrmean'] / prevparams['pmperrmean'] - 1.)
        convergeparam['imperrabsmaxchange'] = np.abs(
            convergeparam['imperrabsmax'] / prevparams['imperrabsmax'] - 1.)
        convergeparam['vmperrabsmaxchange'] = np.abs(
            convergeparam['vmperrabsmax'] / prevparams['vmperrabsmax'] - 1.)
        convergeparam['pmperrabsmaxchange'] = np.abs(
            convergeparam['pmperrabsmax'] / prevparams['pmperrabsmax'] - 1.)
        convergeparam['state'] = 1.0
    else:
        convergeparam['imperrstdchange'] = float("Inf")
        convergeparam['vmperrstdchange'] = float("Inf")
        convergeparam['pmperrstdchange'] = float("Inf")
        convergeparam['imperrmeanchange'] = float("Inf")
        convergeparam['vmperrmeanchange'] = float("Inf")
        convergeparam['pmperrmeanchange'] = float("Inf")
        convergeparam['imperrabsmaxchange'] = float("Inf")
        convergeparam['vmperrabsmaxchange'] = float("Inf")
        convergeparam['pmperrabsmaxchange'] = float("Inf")
        convergeparam['state'] = 1.
    return convergeparam


def _calc_theta_phi_exact(vmp, imp, iph, io, rs, rsh, nnsvth):
    # handle singleton inputs
    vmp = np.asarray(vmp)
    imp = np.asarray(imp)
    iph = np.asarray(iph)
    io = np.asarray(io)
    rs = np.asarray(rs)
    rsh = np.asarray(rsh)
    nnsvth = np.asarray(nnsvth)

    # Argument for Lambert W function involved in V = V(I) [2] Eq. 12; [3]
    # Eq. 3
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        argw = np.where(
            nnsvth == 0,
            np.nan,
            rsh * io / nnsvth * np.exp(rsh * (iph + io - imp) / nnsvth))
        phi = np.where(argw > 0, _lambertw_pvlib(argw), np.nan)

    # NaN where argw overflows. Switch to log space to evaluate
    u = np.isinf(argw)
    if np.any(u):
        logargw = (
            np.log(rsh[u]) + np.log(io[u]) - np.log(nnsvth[u])
            + rsh[u] * (iph[u] + io[u] - imp[u]) / nnsvth[u])
        # Three iterations of Newton-Raphson method to solve w+log(w)=logargW.
        # The initial guess is w=logargW. Where direct evaluation (above)
        # results in NaN from overflow, 3 iterations of Newton's method gives
        # approximately 8 digits of precision.
        x = logargw
        for i in range(3):
            x *= ((1. - np.log(x) + logargw) / (1. + x))
        phi[u] = x
    phi = np.transpose(phi)

    # Argument for Lambert W function involved in I = I(V) [2] Eq. 11; [3]
    # E1. 2
    with np.errstate(over="ignore", divide="ignore", invalid="ignore"):
        argw = np.where(
            nnsvth == 0,
            np.nan,
            rsh / (rsh + rs) * rs * io / nnsvth * np.exp(
                rsh / (rsh + rs) * (rs * (iph + io) + vmp) / nnsvth))
        theta = np.where(argw > 0, _lambertw_pvlib(argw), np.nan)

    # NaN where argw overflows. Switch to log space to evaluate
    u = np.isinf(argw)
    if np.any(u):
        with np.errstate(divide="ignore"):
            logargw = (
                np.log(rsh[u]) - np.log(rsh[u] + rs[u]) + np.log(rs[u])
                + np.log(io[u]) - np.log(nnsvth[u])
                + (rsh[u] / (rsh[u] + rs[u]))
                * (rs[u] * (iph[u] + io[u]) + vmp[u]) / nnsvth[u])
        # Three iterations of Newton-Raphson method to solve w+log(w)=logargW.
        # The initial guess is w=logargW. Where direct evaluation (above)
        # results in NaN from overflow, 3 iterations of Newton's method gives
        # approximately 8 digits of precision.
        x = logargw
        for i in range(3):
            x *= ((1. - np.log(x) + logargw) / (1. + x))
        theta[u] = x
    theta = np.transpose(theta)

    return theta, phi


# --- tests/test_tools.py (the objective pvlib's tests give tools._golden_sect_DataFrame) -------------


def _obj_test_golden_sect(params, loc):
    return params[loc] * (1. - params['c'] * params[loc]**params['n'])


# --- pvlib/singlediode.py ----------------------------------------------------------------------------


def bishop88(diode_voltage, photocurrent, saturation_current,
             resistance_series, resistance_shunt, nNsVth, d2mutau=0,
             NsVbi=np.inf, breakdown_factor=0., breakdown_voltage=-5.5,
             breakdown_exp=3.28, gradients=False):
    # calculate recombination loss current where d2mutau > 0
    is_recomb = d2mutau > 0  # True where there is thin-film recombination loss
    v_recomb = np.where(is_recomb, NsVbi - diode_voltage, np.inf)
    i_recomb = np.where(is_recomb, photocurrent * d2mutau / v_recomb, 0)
    # calculate temporary values to simplify calculations
    v_star = diode_voltage / nNsVth  # non-dimensional diode voltage
    g_sh = 1.0 / resistance_shunt  # conductance

    brk_term = 1 - diode_voltage / breakdown_voltage
    brk_pwr = np.power(brk_term, -breakdown_exp)
    i_breakdown = breakdown_factor * diode_voltage * g_sh * brk_pwr

    i = (photocurrent - saturation_current * np.expm1(v_star)  # noqa: W503
         - diode_voltage * g_sh - i_recomb - i_breakdown)   # noqa: W503
    v = diode_voltage - i * resistance_series
    retval = (i, v, i*v)
    if gradients:
        # calculate recombination loss current gradients where d2mutau > 0
        grad_i_recomb = np.where(is_recomb, i_recomb / v_recomb, 0)
        grad_2i_recomb = np.where(is_recomb, 2 * grad_i_recomb / v_recomb, 0)
        g_diode = saturation_current * np.exp(v_star) / nNsVth  # conductance
        brk_pwr_1 = np.power(brk_term, -breakdown_exp - 1)
        brk_pwr_2 = np.power(brk_term, -breakdown_exp - 2)
        brk_fctr = breakdown_factor * g_sh
        grad_i_brk = brk_fctr * (brk_pwr + diode_voltage *
                                 -breakdown_exp * brk_pwr_1)
        grad2i_brk = (brk_fctr * -breakdown_exp        # noqa: W503
                      * (2 * brk_pwr_1 + diode_voltage   # noqa: W503
                         * (-breakdown_exp - 1) * brk_pwr_2))  # noqa: W503
        grad_i = -g_diode - g_sh - grad_i_recomb - grad_i_brk  # di/dvd
        grad_v = 1.0 - grad_i * resistance_series  # dv/dvd
        # dp/dv = d(iv)/dv = v * di/dv + i
        grad = grad_i / grad_v  # di/dv
        grad_p = v * grad + i  # dp/dv
        grad2i = -g_diode / nNsVth - grad_2i_recomb - grad2i_brk  # d2i/dvd
        grad2v = -grad2i * resistance_series  # d2v/dvd
        grad2p = (
            grad_v * grad + v * (grad2i/grad_v - grad_i*grad2v/grad_v**2)
            + grad_i
        )  # d2p/dv/dvd
        retval += (grad_i, grad_v, grad, grad_p, grad2p)
    return retval


def _lambertw_v_from_i(current, photocurrent, saturation_current,
                       resistance_series, resistance_shunt, nNsVth):
    # Record if inputs were all scalar
    output_is_scalar = all(map(np.isscalar,
                               (current, photocurrent, saturation_current,
                                resistance_series, resistance_shunt, nNsVth)))

    # This transforms Gsh=1/Rsh, including ideal Rsh=np.inf into Gsh=0., which
    #  is generally more numerically stable
    conductance_shunt = 1. / resistance_shunt

    # Ensure that we are working with read-only views of numpy arrays
    # Turns Series into arrays so that we don't have to worry about
    #  multidimensional broadcasting failing
    I, IL, I0, Rs, Gsh, a = \
        np.broadcast_arrays(current, photocurrent, saturation_current,
                            resistance_series, conductance_shunt, nNsVth)

    # Intitalize output V (I might not be float64)
    V = np.full_like(I, np.nan, dtype=np.float64)

    # Determine indices where 0 < Gsh requires implicit model solution
    idx_p = 0. < Gsh

    # Determine indices where 0 = Gsh allows explicit model solution
    idx_z = 0. == Gsh

    # Explicit solutions where Gsh=0
    if np.any(idx_z):
        V[idx_z] = a[idx_z] * np.log1p((IL[idx_z] - I[idx_z]) / I0[idx_z]) - \
                   I[idx_z] * Rs[idx_z]

    # Only compute using LambertW if there are cases with Gsh>0
    if np.any(idx_p):

        # use only the relevant subset for what follows
        I = I[idx_p]
        IL = IL[idx_p]
        I0 = I0[idx_p]
        Rs = Rs[idx_p]
        Gsh = Gsh[idx_p]
        a = a[idx_p]

        # LambertW argument, cannot be float128, may overflow to np.inf
        # overflow is explicitly handled below, so ignore warnings here
        with np.errstate(over='ignore'):
            argW = I0 / (Gsh * a) * np.exp((-I + IL + I0) / (Gsh * a))

        lambertwterm = np.zeros_like(argW)

        # Record indices where lambertw input overflowed
        idx_inf = np.isinf(argW)

        lambertwterm[~idx_inf] = _lambertw_pvlib(argW[~idx_inf])

        # Only re-compute LambertW if it overflowed
        if np.any(idx_inf):
            # Calculate using log(argW) in case argW is really big
            logargW = (np.log(I0[idx_inf]) - np.log(Gsh[idx_inf]) -
                       np.log(a[idx_inf]) +
                       (-I[idx_inf] + IL[idx_inf] + I0[idx_inf]) /
                       (Gsh[idx_inf] * a[idx_inf]))
            lambertwterm[idx_inf] = _log_lambertw(logargW)

        # Eqn. 3 in Jain and Kapoor, 2004
        #  V = -I*(Rs + Rsh) + IL*Rsh - a*lambertwterm + I0*Rsh
        # Recast in terms of Gsh=1/Rsh for better numerical stability.
        V[idx_p] = (IL + I0 - I) / Gsh - I * Rs - a * lambertwterm

    if output_is_scalar:
        return V.item()
    else:
        return V


def _lambertw_i_from_v(voltage, photocurrent, saturation_current,
                       resistance_series, resistance_shunt, nNsVth):
    # Record if inputs were all scalar
    output_is_scalar = all(map(np.isscalar,
                               (voltage, photocurrent, saturation_current,
                                resistance_series, resistance_shunt, nNsVth)))

    # This transforms Gsh=1/Rsh, including ideal Rsh=np.inf into Gsh=0., which
    #  is generally more numerically stable
    conductance_shunt = 1. / resistance_shunt

    # Ensure that we are working with read-only views of numpy arrays
    # Turns Series into arrays so that we don't have to worry about
    #  multidimensional broadcasting failing
    V, IL, I0, Rs, Gsh, a = \
        np.broadcast_arrays(voltage, photocurrent, saturation_current,
                            resistance_series, conductance_shunt, nNsVth)

    # Intitalize output I (V might not be float64)
    I = np.full_like(V, np.nan, dtype=np.float64)           # noqa: E741, N806

    # Determine indices where 0 < Rs requires implicit model solution
    idx_p = 0. < Rs

    # Determine indices where 0 = Rs allows explicit model solution
    idx_z = 0. == Rs

    # Explicit solutions where Rs=0
    if np.any(idx_z):
        I[idx_z] = IL[idx_z] - I0[idx_z] * np.expm1(V[idx_z] / a[idx_z]) - \
            Gsh[idx_z] * V[idx_z]

    # Only compute using LambertW if there are cases with Rs>0
    # Does NOT handle possibility of overflow, github issue 298
    if np.any(idx_p):
        # LambertW argument, cannot be float128, may overflow to np.inf
        argW = Rs[idx_p] * I0[idx_p] / (
            a[idx_p] * (Rs[idx_p] * Gsh[idx_p] + 1.)) * (
                np.exp((Rs[idx_p] * (IL[idx_p] + I0[idx_p]) + V[idx_p])
                       / (a[idx_p] * (Rs[idx_p] * Gsh[idx_p] + 1.))))

        lambertwterm = _lambertw_pvlib(argW)

        # Eqn. 2 in Jain and Kapoor, 2004
        #  I = -V/(Rs + Rsh) - (a/Rs)*lambertwterm + Rsh*(IL + I0)/(Rs + Rsh)
        # Recast in terms of Gsh=1/Rsh for better numerical stability.
        I[idx_p] = (IL[idx_p] + I0[idx_p] - V[idx_p] * Gsh[idx_p]) / \
            (Rs[idx_p] * Gsh[idx_p] + 1.) \
            - (a[idx_p] / Rs[idx_p]) * lambertwterm

    if output_is_scalar:
        return I.item()
    else:
        return I


def _lambertw(photocurrent, saturation_current, resistance_series,
              resistance_shunt, nNsVth, ivcurve_pnts=None):
    # collect args
    params = {'photocurrent': photocurrent,
              'saturation_current': saturation_current,
              'resistance_series': resistance_series,
              'resistance_shunt': resistance_shunt, 'nNsVth': nNsVth}

    # Compute short circuit current
    i_sc = _lambertw_i_from_v(0., **params)

    # Compute open circuit voltage
    v_oc = _lambertw_v_from_i(0., **params)

    # Set small elements <0 in v_oc to 0
    if isinstance(v_oc, np.ndarray):
        v_oc[(v_oc < 0) & (v_oc > -1e-12)] = 0.
    elif isinstance(v_oc, (float, int)):
        if v_oc < 0 and v_oc > -1e-12:
            v_oc = 0.

    # Find the voltage, v_mp, where the power is maximized.
    # use scipy.elementwise if available
    # remove try/except when scipy>=1.15, and golden mean is retired
    try:
        from scipy.optimize.elementwise import find_minimum
        # left negative to insure strict inequality
        init = (-1., 0.8*v_oc, v_oc)
        res = find_minimum(_vmp_opt, init,
                           args=(params['photocurrent'],
                                 params['saturation_current'],
                                 params['resistance_series'],
                                 params['resistance_shunt'],
                                 params['nNsVth'],))
        v_mp = res.x
        p_mp = -1.*res.f_x
    except ModuleNotFoundError:
        # switch to old golden section method
        p_mp, v_mp = _golden_sect_DataFrame(params, 0., v_oc * 1.14,
                                            _pwr_optfcn)

    i_mp = _lambertw_i_from_v(v_mp, **params)

    # Find Ix and Ixx using Lambert W
    i_x = _lambertw_i_from_v(0.5 * v_oc, **params)

    i_xx = _lambertw_i_from_v(0.5 * (v_oc + v_mp), **params)

    out = (i_sc, v_oc, i_mp, v_mp, p_mp, i_x, i_xx)

    # create ivcurve
    if ivcurve_pnts:
        ivcurve_v = (np.asarray(v_oc)[..., np.newaxis] *
                     np.linspace(0, 1, ivcurve_pnts))

        ivcurve_i = _lambertw_i_from_v(ivcurve_v.T, **params).T

        out += (ivcurve_i, ivcurve_v)

    return out


def _vmp_opt(v, iph, io, rs, rsh, nNsVth):
    current = _lambertw_i_from_v(v, iph, io, rs, rsh, nNsVth)

    return -v * current


def _pwr_optfcn(df, loc):

    current = _lambertw_i_from_v(df[loc], df['photocurrent'],
                                 df['saturation_current'],
                                 df['resistance_series'],
                                 df['resistance_shunt'], df['nNsVth'])

    return current * df[loc]


def batzelis(photocurrent, saturation_current, resistance_series,
             resistance_shunt, nNsVth):
    # convenience variables
    Iph = photocurrent
    Is = saturation_current
    Rsh = resistance_shunt
    Rs = resistance_series
    a = nNsVth

    # Eqs 3-4
    isc = Iph / (Rs / Rsh + 1)  # manipulated to handle Rsh=np.inf correctly
    with np.errstate(divide='ignore'):  # zero Iph
        voc = a * np.log(Iph / Is)

    # Eqs 5-8
    w = _lambertw_pvlib(np.e * Iph / Is)
    # vmp = (1 + Rs/Rsh) * a * (w - 1) - Rs * Iph * (1 - 1/w)  # not needed
    with np.errstate(divide='ignore', invalid='ignore'):  # zero Iph -> zero w
        imp = Iph * (1 - 1/w) - a * (w - 1) / Rsh

    vmp = a * (w - 1) - Rs * imp

    vmp = np.where(Iph > 0, vmp, 0)
    voc = np.where(Iph > 0, voc, 0)
    imp = np.where(Iph > 0, imp, 0)
    isc = np.where(Iph > 0, isc, 0)

    out = {
        'p_mp': imp * vmp,
        'i_mp': imp,
        'v_mp': vmp,
        'i_sc': isc,
        'v_oc': voc,
    }

    # if pandas in, ensure pandas out
    pandas_inputs = [
        x for x in [Iph, Is, Rsh, Rs, a] if isinstance(x, pd.Series)]
    if pandas_inputs:
        out = pd.DataFrame(out, index=pandas_inputs[0].index)

    return out


# --- pvlib/clearsky.py -------------------------------------------------------------------------------


def ineichen(apparent_zenith, airmass_absolute, linke_turbidity,
             altitude=0, dni_extra=1364., perez_enhancement=False):

    # ghi is calculated using either the equations in [1] by setting
    # perez_enhancement=False (default behavior) or using the model
    # in [2] by setting perez_enhancement=True.

    # The NaN handling is a little subtle. The AM input is likely to
    # have NaNs that we'll want to map to 0s in the output. However, we
    # want NaNs in other inputs to propagate through to the output. This
    # is accomplished by judicious use and placement of np.maximum,
    # np.minimum, and np.fmax

    # use max so that nighttime values will result in 0s instead of
    # negatives. propagates nans.
    cos_zenith = np.maximum(tools.cosd(apparent_zenith), 0)

    tl = linke_turbidity

    fh1 = np.exp(-altitude/8000.)
    fh2 = np.exp(-altitude/1250.)
    cg1 = 5.09e-05 * altitude + 0.868
    cg2 = 3.92e-05 * altitude + 0.0387

    ghi = np.exp(-cg2*airmass_absolute*(fh1 + fh2*(tl - 1)))

    # https://github.com/pvlib/pvlib-python/issues/435
    if perez_enhancement:
        ghi *= np.exp(0.01*airmass_absolute**1.8)

    # use fmax to map airmass nans to 0s. multiply and divide by tl to
    # reinsert tl nans
    ghi = cg1 * dni_extra * cos_zenith * tl / tl * np.fmax(ghi, 0)

    # From [1] (Following [2] leads to 0.664 + 0.16268 / fh1)
    # See https://github.com/pvlib/pvlib-python/pull/808
    b = 0.664 + 0.163/fh1
    # BncI = "normal beam clear sky radiation"
    bnci = b * np.exp(-0.09 * airmass_absolute * (tl - 1))
    bnci = dni_extra * np.fmax(bnci, 0)

    # "empirical correction" SE 73, 157 & SE 73, 312.
    bnci_2 = ((1 - (0.1 - 0.2*np.exp(-tl))/(0.1 + 0.882/fh1)) /
              cos_zenith)
    bnci_2 = ghi * np.fmin(np.fmax(bnci_2, 0), 1e20)

    dni = np.minimum(bnci, bnci_2)

    dhi = ghi - dni*cos_zenith

    irrads = OrderedDict()
    irrads['ghi'] = ghi
    irrads['dni'] = dni
    irrads['dhi'] = dhi

    if isinstance(dni, pd.Series):
        irrads = pd.DataFrame.from_dict(irrads)

    return irrads


def simplified_solis(apparent_elevation, aod700=0.1, precipitable_water=1.,
                     pressure=101325., dni_extra=1364.):

    p = pressure

    w = precipitable_water

    # algorithm fails for pw < 0.2
    w = np.maximum(w, 0.2)

    # this algorithm is reasonably fast already, but it could be made
    # faster by precalculating the powers of aod700, the log(p/p0), and
    # the log(w) instead of repeating the calculations as needed in each
    # function

    i0p = _calc_i0p(dni_extra, w, aod700, p)

    taub = _calc_taub(w, aod700, p)
    b = _calc_b(w, aod700)

    taug = _calc_taug(w, aod700, p)
    g = _calc_g(w, aod700)

    taud = _calc_taud(w, aod700, p)
    d = _calc_d(aod700, p)

    # this prevents the creation of nans at night instead of 0s
    # it's also friendly to scalar and series inputs
    sin_elev = np.maximum(1.e-30, np.sin(np.radians(apparent_elevation)))

    dni = i0p * np.exp(-taub/sin_elev**b)
    ghi = i0p * np.exp(-taug/sin_elev**g) * sin_elev
    dhi = i0p * np.exp(-taud/sin_elev**d)

    irrads = OrderedDict()
    irrads['ghi'] = ghi
    irrads['dni'] = dni
    irrads['dhi'] = dhi

    if isinstance(dni, pd.Series):
        irrads = pd.DataFrame.from_dict(irrads)

    return irrads


def _calc_i0p(i0, w, aod700, p):
    p0 = 101325.
    io0 = 1.08 * w**0.0051
    i01 = 0.97 * w**0.032
    i02 = 0.12 * w**0.56
    i0p = i0 * (i02*aod700**2 + i01*aod700 + io0 + 0.071*np.log(p/p0))

    return i0p


def _calc_taub(w, aod700, p):
    p0 = 101325.
    tb1 = 1.82 + 0.056*np.log(w) + 0.0071*np.log(w)**2
    tb0 = 0.33 + 0.045*np.log(w) + 0.0096*np.log(w)**2
    tbp = 0.0089*w + 0.13

    taub = tb1*aod700 + tb0 + tbp*np.log(p/p0)

    return taub


def _calc_b(w, aod700):

    b1 = 0.00925*aod700**2 + 0.0148*aod700 - 0.0172
    b0 = -0.7565*aod700**2 + 0.5057*aod700 + 0.4557

    b = b1 * np.log(w) + b0

    return b


def _calc_taug(w, aod700, p):
    p0 = 101325.
    tg1 = 1.24 + 0.047*np.log(w) + 0.0061*np.log(w)**2
    tg0 = 0.27 + 0.043*np.log(w) + 0.0090*np.log(w)**2
    tgp = 0.0079*w + 0.1
    taug = tg1*aod700 + tg0 + tgp*np.log(p/p0)

    return taug


def _calc_g(w, aod700):

    g = -0.0147*np.log(w) - 0.3079*aod700**2 + 0.2846*aod700 + 0.3798

    return g


def _calc_taud(w, aod700, p):

    # isscalar tests needed to ensure that the arrays will have the
    # right shape in the tds calculation.
    # there's probably a better way to do this.

    if np.isscalar(w) and np.isscalar(aod700):
        w = np.array([w])
        aod700 = np.array([aod700])
    elif np.isscalar(w):
        w = np.full_like(aod700, w)
    elif np.isscalar(aod700):
        aod700 = np.full_like(w, aod700)

    # set up nan-tolerant masks
    aod700_lt_0p05 = np.full_like(aod700, False, dtype='bool')
    np.less(aod700, 0.05, where=~np.isnan(aod700), out=aod700_lt_0p05)
    aod700_mask = np.array([aod700_lt_0p05, ~aod700_lt_0p05], dtype=int)

    # create tuples of coefficients for
    # aod700 < 0.05, aod700 >= 0.05
    td4 = 86*w - 13800, -0.21*w + 11.6
    td3 = -3.11*w + 79.4, 0.27*w - 20.7
    td2 = -0.23*w + 74.8, -0.134*w + 15.5
    td1 = 0.092*w - 8.86, 0.0554*w - 5.71
    td0 = 0.0042*w + 3.12, 0.0057*w + 2.94
    tdp = -0.83*(1+aod700)**(-17.2), -0.71*(1+aod700)**(-15.0)

    tds = (np.array([td0, td1, td2, td3, td4, tdp]) * aod700_mask).sum(axis=1)

    p0 = 101325.
    taud = (tds[4]*aod700**4 + tds[3]*aod700**3 + tds[2]*aod700**2 +
            tds[1]*aod700 + tds[0] + tds[5]*np.log(p/p0))

    # be polite about matching the output type to the input type(s)
    if len(taud) == 1:
        taud = taud[0]

    return taud


def _calc_d(aod700, p):

    p0 = 101325.
    dp = 1/(18 + 152*aod700)
    d = -0.337*aod700**2 + 0.63*aod700 + 0.116 + dp*np.log(p/p0)

    return d


def bird(zenith, airmass_relative, aod380, aod500, precipitable_water,
         ozone=0.3, pressure=101325., dni_extra=1364., asymmetry=0.85,
         albedo=0.2):
    etr = dni_extra  # extraradiation
    ze_rad = np.deg2rad(zenith)  # zenith in radians
    airmass = airmass_relative
    # Bird clear sky model
    am_press = atmosphere.get_absolute_airmass(airmass, pressure)
    t_rayleigh = (
        np.exp(-0.0903 * am_press ** 0.84 * (
            1.0 + am_press - am_press ** 1.01
        ))
    )
    am_o3 = ozone*airmass
    t_ozone = (
        1.0 - 0.1611 * am_o3 * (1.0 + 139.48 * am_o3) ** -0.3034 -
        0.002715 * am_o3 / (1.0 + 0.044 * am_o3 + 0.0003 * am_o3 ** 2.0)
    )
    t_gases = np.exp(-0.0127 * am_press ** 0.26)
    am_h2o = airmass * precipitable_water
    t_water = (
        1.0 - 2.4959 * am_h2o / (
            (1.0 + 79.034 * am_h2o) ** 0.6828 + 6.385 * am_h2o
        )
    )
    bird_huldstrom = atmosphere.bird_hulstrom80_aod_bb(aod380, aod500)
    t_aerosol = np.exp(
        -(bird_huldstrom ** 0.873) *
        (1.0 + bird_huldstrom - bird_huldstrom ** 0.7088) * airmass ** 0.9108
    )
    taa = 1.0 - 0.1 * (1.0 - airmass + airmass ** 1.06) * (1.0 - t_aerosol)
    rs = 0.0685 + (1.0 - asymmetry) * (1.0 - t_aerosol / taa)
    id_ = 0.9662 * etr * t_aerosol * t_water * t_gases * t_ozone * t_rayleigh
    ze_cos = np.where(zenith < 90, np.cos(ze_rad), 0.0)
    id_nh = id_ * ze_cos
    ias = (
        etr * ze_cos * 0.79 * t_ozone * t_gases * t_water * taa *
        (0.5 * (1.0 - t_rayleigh) + asymmetry * (1.0 - (t_aerosol / taa))) / (
            1.0 - airmass + airmass ** 1.02
        )
    )
    gh = (id_nh + ias) / (1.0 - albedo * rs)
    diffuse_horiz = gh - id_nh
    # TODO: be DRY, use decorator to wrap methods that need to return either
    # OrderedDict or DataFrame instead of repeating this boilerplate code
    irrads = OrderedDict()
    irrads['direct_horizontal'] = id_nh
    irrads['ghi'] = gh
    irrads['dni'] = id_
    irrads['dhi'] = diffuse_horiz
    if isinstance(irrads['dni'], pd.Series):
        irrads = pd.DataFrame.from_dict(irrads)
    return irrads


# --- pvlib/irradiance.py -----------------------------------------------------------------------------


def get_extra_radiation(datetime_or_doy, solar_constant=1366.1,
                        method='spencer', epoch_year=2014, **kwargs):

    to_doy, to_datetimeindex, to_output = \
        _handle_extra_radiation_types(datetime_or_doy, epoch_year)

    # consider putting asce and spencer methods in their own functions
    method = method.lower()
    if method == 'asce':
        B = solarposition._calculate_simple_day_angle(to_doy(datetime_or_doy),
                                                      offset=0)
        RoverR0sqrd = 1 + 0.033 * np.cos(B)
    elif method == 'spencer':
        B = solarposition._calculate_simple_day_angle(to_doy(datetime_or_doy))
        RoverR0sqrd = (1.00011 + 0.034221 * np.cos(B) + 0.00128 * np.sin(B) +
                       0.000719 * np.cos(2 * B) + 7.7e-05 * np.sin(2 * B))
    elif method == 'pyephem':
        times = to_datetimeindex(datetime_or_doy)
        RoverR0sqrd = solarposition.pyephem_earthsun_distance(times) ** (-2)
    elif method == 'nrel':
        times = to_datetimeindex(datetime_or_doy)
        RoverR0sqrd = \
            solarposition.nrel_earthsun_distance(times, **kwargs) ** (-2)
    else:
        raise ValueError('Invalid method: %s', method)

    Ea = solar_constant * RoverR0sqrd

    Ea = to_output(Ea)

    return Ea


def _handle_extra_radiation_types(datetime_or_doy, epoch_year):
    # This block will set the functions that can be used to convert the
    # inputs to either day of year or pandas DatetimeIndex, and the
    # functions that will yield the appropriate output type. It's
    # complicated because there are many day-of-year-like input types,
    # and the different algorithms need different types. Maybe you have
    # a better way to do it.
    if isinstance(datetime_or_doy, pd.DatetimeIndex):
        to_doy = tools._pandas_to_doy  # won't be evaluated unless necessary

        def to_datetimeindex(x):
            return x                       # noqa: E306
        to_output = partial(pd.Series, index=datetime_or_doy)
    elif isinstance(datetime_or_doy, pd.Timestamp):
        to_doy = tools._pandas_to_doy
        to_datetimeindex = \
            tools._datetimelike_scalar_to_datetimeindex
        to_output = tools._scalar_out
    elif isinstance(datetime_or_doy,
                    (datetime.date, datetime.datetime, np.datetime64)):
        to_doy = tools._datetimelike_scalar_to_doy
        to_datetimeindex = \
            tools._datetimelike_scalar_to_datetimeindex
        to_output = tools._scalar_out
    elif np.isscalar(datetime_or_doy):  # ints and floats of various types
        def to_doy(x):
            return x                                 # noqa: E306
        to_datetimeindex = partial(tools._doy_to_datetimeindex,
                                   epoch_year=epoch_year)
        to_output = tools._scalar_out
    else:  # assume that we have an array-like object of doy
        def to_doy(x):
            return x                                 # noqa: E306
        to_datetimeindex = partial(tools._doy_to_datetimeindex,
                                   epoch_year=epoch_year)
        to_output = tools._array_out

    return to_doy, to_datetimeindex, to_output


def aoi_projection(surface_tilt, surface_azimuth, solar_zenith, solar_azimuth):

    projection = (
        tools.cosd(surface_tilt) * tools.cosd(solar_zenith) +
        tools.sind(surface_tilt) * tools.sind(solar_zenith) *
        tools.cosd(solar_azimuth - surface_azimuth))

    # GH 1185
    projection = np.clip(projection, -1, 1)

    try:
        projection.name = 'aoi_projection'
    except AttributeError:
        pass

    return projection


def aoi(surface_tilt, surface_azimuth, solar_zenith, solar_azimuth):

    projection = aoi_projection(surface_tilt, surface_azimuth,
                                solar_zenith, solar_azimuth)
    aoi_value = np.rad2deg(np.arccos(projection))

    try:
        aoi_value.name = 'aoi'
    except AttributeError:
        pass

    return aoi_value


def klucher(surface_tilt, surface_azimuth, dhi, ghi, solar_zenith,
            solar_azimuth):

    # zenith angle with respect to panel normal.
    cos_tt = aoi_projection(surface_tilt, surface_azimuth,
                            solar_zenith, solar_azimuth)
    cos_tt = np.maximum(cos_tt, 0)  # GH 526

    # silence warning from 0 / 0
    with np.errstate(invalid='ignore'):
        F = 1 - ((dhi / ghi) ** 2)

    try:
        # fails with single point input
        F.fillna(0, inplace=True)
    except AttributeError:
        F = np.where(np.isnan(F), 0, F)

    term1 = 0.5 * (1 + tools.cosd(surface_tilt))
    term2 = 1 + F * (tools.sind(0.5 * surface_tilt) ** 3)
    term3 = 1 + F * (cos_tt ** 2) * (tools.sind(solar_zenith) ** 3)

    poa_sky_diffuse = dhi * term1 * term2 * term3

    return poa_sky_diffuse


def haydavies(surface_tilt, surface_azimuth, dhi, dni, dni_extra,
              solar_zenith=None, solar_azimuth=None, projection_ratio=None,
              return_components=False):

    # if necessary, calculate ratio of titled and horizontal beam irradiance
    if projection_ratio is None:
        cos_tt = aoi_projection(surface_tilt, surface_azimuth,
                                solar_zenith, solar_azimuth)
        cos_tt = np.maximum(cos_tt, 0)  # GH 526
        cos_solar_zenith = tools.cosd(solar_zenith)
        Rb = cos_tt / np.maximum(cos_solar_zenith, 0.01745)  # GH 432
    else:
        Rb = projection_ratio

    # Anisotropy Index
    AI = dni / dni_extra

    # these are the () and [] sub-terms of the second term of eqn 7
    term1 = 1 - AI
    term2 = 0.5 * (1 + tools.cosd(surface_tilt))

    poa_isotropic = np.maximum(dhi * term1 * term2, 0)
    poa_circumsolar = np.maximum(dhi * (AI * Rb), 0)
    poa_sky_diffuse = poa_isotropic + poa_circumsolar

    if return_components:
        diffuse_components = {
            'poa_sky_diffuse': poa_sky_diffuse,
            'poa_isotropic': poa_isotropic,
            'poa_circumsolar': poa_circumsolar
        }

        if isinstance(poa_sky_diffuse, pd.Series):
            diffuse_components = pd.DataFrame(diffuse_components)
        return diffuse_components
    else:
        return poa_sky_diffuse


def reindl(surface_tilt, surface_azimuth, dhi, dni, ghi, dni_extra,
           solar_zenith, solar_azimuth, return_components=False):

    cos_tt = aoi_projection(surface_tilt, surface_azimuth,
                            solar_zenith, solar_azimuth)
    cos_tt = np.maximum(cos_tt, 0)  # GH 526

    # do not apply cos(zen) limit here (needed for HB below)
    cos_solar_zenith = tools.cosd(solar_zenith)

    # ratio of titled and horizontal beam irradiance
    Rb = cos_tt / np.maximum(cos_solar_zenith, 0.01745)  # GH 432

    # Anisotropy Index
    AI = dni / dni_extra

    # DNI projected onto horizontal
    HB = dni * cos_solar_zenith
    HB = np.maximum(HB, 0)

    SVF = (1 + tools.cosd(surface_tilt)) / 2

    with np.errstate(invalid='ignore', divide='ignore'):
        hb_to_ghi = np.where(ghi == 0, 0, np.divide(HB, ghi))
    h = np.sqrt(hb_to_ghi) * (tools.sind(surface_tilt / 2) ** 3)

    term1 = (1 - AI) * SVF
    term2 = AI * Rb
    term3 = term1 * h

    poa_sky_diffuse = dhi * (term1 + term2 + term3)

    if return_components:
        diffuse_components = {
            'poa_sky_diffuse': poa_sky_diffuse,
            'poa_isotropic': dhi * term1,
            'poa_circumsolar': dhi * term2,
            'poa_horizon': dhi * term3
        }

        if isinstance(poa_sky_diffuse, pd.Series):
            diffuse_components = pd.DataFrame(diffuse_components)
        return diffuse_components
    else:
        return poa_sky_diffuse


def clearness_index(ghi, solar_zenith, extra_radiation, min_cos_zenith=0.065,
                    max_clearness_index=2.0):
    cos_zenith = tools.cosd(solar_zenith)
    I0h = extra_radiation * np.maximum(cos_zenith, min_cos_zenith)
    # consider adding
    # with np.errstate(invalid='ignore', divide='ignore'):
    # to kt calculation, but perhaps it's good to allow these
    # warnings to the users that override min_cos_zenith
    kt = ghi / I0h
    kt = np.maximum(kt, 0)
    kt = np.minimum(kt, max_clearness_index)
    return kt


def disc(ghi, solar_zenith, datetime_or_doy, pressure=101325,
         min_cos_zenith=0.065, max_zenith=87, max_airmass=12):

    # this is the I0 calculation from the reference
    # SSC uses solar constant = 1367.0 (checked 2018 08 15)
    I0 = get_extra_radiation(datetime_or_doy, 1370., 'spencer')

    kt = clearness_index(ghi, solar_zenith, I0, min_cos_zenith=min_cos_zenith,
                         max_clearness_index=1)

    am = atmosphere.get_relative_airmass(solar_zenith, model='kasten1966')
    if pressure is not None:
        am = atmosphere.get_absolute_airmass(am, pressure)

    Kn, am = _disc_kn(kt, am, max_airmass=max_airmass)
    dni = Kn * I0

    bad_values = (solar_zenith > max_zenith) | (ghi < 0) | (dni < 0)
    dni = np.where(bad_values, 0, dni)

    output = OrderedDict()
    output['dni'] = dni
    output['kt'] = kt
    output['airmass'] = am

    if isinstance(datetime_or_doy, pd.DatetimeIndex):
        output = pd.DataFrame(output, index=datetime_or_doy)

    return output


def _disc_kn(clearness_index, airmass, max_airmass=12):
    # short names for equations
    kt = clearness_index
    am = airmass

    am = np.minimum(am, max_airmass)  # GH 450

    is_cloudy = (kt <= 0.6)
    # Use Horner's method to compute polynomials efficiently
    a = np.where(
        is_cloudy,
        0.512 + kt*(-1.56 + kt*(2.286 - 2.222*kt)),
        -5.743 + kt*(21.77 + kt*(-27.49 + 11.56*kt)))
    b = np.where(
        is_cloudy,
        0.37 + 0.962*kt,
        41.4 + kt*(-118.5 + kt*(66.05 + 31.9*kt)))
    c = np.where(
        is_cloudy,
        -0.28 + kt*(0.932 - 2.048*kt),
        -47.01 + kt*(184.2 + kt*(-222.0 + 73.81*kt)))

    delta_kn = a + b * np.exp(c*am)

    Knc = 0.866 + am*(-0.122 + am*(0.0121 + am*(-0.000653 + 1.4e-05*am)))
    Kn = Knc - delta_kn
    return Kn, am


def erbs(ghi, zenith, datetime_or_doy, min_cos_zenith=0.065, max_zenith=87):

    dni_extra = get_extra_radiation(datetime_or_doy)

    kt = clearness_index(ghi, zenith, dni_extra, min_cos_zenith=min_cos_zenith,
                         max_clearness_index=1)

    # For Kt <= 0.22, set the diffuse fraction
    df = 1 - 0.09*kt

    # For Kt > 0.22 and Kt <= 0.8, set the diffuse fraction
    df = np.where((kt > 0.22) & (kt <= 0.8),
                  0.9511 - 0.1604*kt + 4.388*kt**2 -
                  16.638*kt**3 + 12.336*kt**4,
                  df)

    # For Kt > 0.8, set the diffuse fraction
    df = np.where(kt > 0.8, 0.165, df)

    dhi = df * ghi

    dni = (ghi - dhi) / tools.cosd(zenith)
    bad_values = (zenith > max_zenith) | (ghi < 0) | (dni < 0)
    dni = np.where(bad_values, 0, dni)
    # ensure that closure relationship remains valid
    dhi = np.where(bad_values, ghi, dhi)

    data = OrderedDict()
    data['dni'] = dni
    data['dhi'] = dhi
    data['kt'] = kt

    if isinstance(datetime_or_doy, pd.DatetimeIndex):
        data = pd.DataFrame(data, index=datetime_or_doy)

    return data


def dni(ghi, dhi, zenith, dni_clear=None, clearsky_tolerance=1.1,
        zenith_threshold_for_zero_dni=88.0,
        zenith_threshold_for_clearsky_limit=80.0):

    # calculate DNI
    dni = (ghi - dhi) / tools.cosd(zenith)

    # cutoff negative values
    dni[dni < 0] = float('nan')

    # set non-zero DNI values for zenith angles >=
    # zenith_threshold_for_zero_dni to NaN
    dni[(zenith >= zenith_threshold_for_zero_dni) & (dni != 0)] = float('nan')

    # correct DNI values for zenith angles greater or equal to the
    # zenith_threshold_for_clearsky_limit and smaller than the
    # upper_cutoff_zenith that are greater than the clearsky DNI (times
    # clearsky_tolerance)
    if dni_clear is not None:
        max_dni = dni_clear * clearsky_tolerance
        dni[(zenith >= zenith_threshold_for_clearsky_limit) &
            (zenith < zenith_threshold_for_zero_dni) &
            (dni > max_dni)] = max_dni
    return dni


# --- pvlib/inverter.py -------------------------------------------------------------------------------


def _sandia_eff(v_dc, p_dc, inverter):
    Paco = inverter['Paco']
    Pdco = inverter['Pdco']
    Vdco = inverter['Vdco']
    C0 = inverter['C0']
    C1 = inverter['C1']
    C2 = inverter['C2']
    C3 = inverter['C3']
    Pso = inverter['Pso']

    A = Pdco * (1 + C1 * (v_dc - Vdco))
    B = Pso * (1 + C2 * (v_dc - Vdco))
    C = C0 * (1 + C3 * (v_dc - Vdco))

    return (Paco / (A - B) - C * (A - B)) * (p_dc - B) + C * (p_dc - B)**2


def _sandia_limits(power_ac, p_dc, Paco, Pnt, Pso):
    power_ac = np.minimum(Paco, power_ac)
    min_ac_power = -1.0 * abs(Pnt)
    below_limit = p_dc < Pso
    try:
        power_ac[below_limit] = min_ac_power
    except TypeError:  # power_ac is a float
        if below_limit:
            power_ac = min_ac_power
    return power_ac


def sandia(v_dc, p_dc, inverter):

    Paco = inverter['Paco']
    Pnt = inverter['Pnt']
    Pso = inverter['Pso']

    power_ac = _sandia_eff(v_dc, p_dc, inverter)
    power_ac = _sandia_limits(power_ac, p_dc, Paco, Pnt, Pso)

    if isinstance(p_dc, pd.Series):
        power_ac = pd.Series(power_ac, index=p_dc.index)

    return power_ac


def adr(v_dc, p_dc, inverter, vtol=0.10):

    p_nom = inverter['Pnom']
    v_nom = inverter['Vnom']
    pac_max = inverter['Pacmax']
    p_nt = inverter['Pnt']
    ce_list = inverter['ADRCoefficients']
    v_max = inverter['Vmax']
    v_min = inverter['Vmin']
    vdc_max = inverter['Vdcmax']
    mppt_hi = inverter['MPPTHi']
    mppt_low = inverter['MPPTLow']

    v_lim_upper = float(np.nanmax([v_max, vdc_max, mppt_hi]) * (1 + vtol))
    v_lim_lower = float(np.nanmax([v_min, mppt_low]) * (1 - vtol))

    pdc = p_dc / p_nom
    vdc = v_dc / v_nom
    # zero voltage will lead to division by zero, but since power is
    # set to night time value later, these errors can be safely ignored
    with np.errstate(invalid='ignore', divide='ignore'):
        poly = np.array([pdc**0,  # replace with np.ones_like?
                         pdc,
                         pdc**2,
                         vdc - 1,
                         pdc * (vdc - 1),
                         pdc**2 * (vdc - 1),
                         1. / vdc - 1,  # divide by 0
                         pdc * (1. / vdc - 1),  # invalid 0./0. --> nan
                         pdc**2 * (1. / vdc - 1)])  # divide by 0
    p_loss = np.dot(np.array(ce_list), poly)
    power_ac = p_nom * (pdc - p_loss)
    p_nt = -1 * np.absolute(p_nt)

    # set output to nan where input is outside of limits
    # errstate silences case where input is nan
    with np.errstate(invalid='ignore'):
        invalid = (v_lim_upper < v_dc) | (v_dc < v_lim_lower)
    power_ac = np.where(invalid, np.nan, power_ac)

    # set night values
    power_ac = np.where(vdc == 0, p_nt, power_ac)
    power_ac = np.maximum(power_ac, p_nt)

    # set max ac output
    power_ac = np.minimum(power_ac, pac_max)

    if isinstance(p_dc, pd.Series):
        power_ac = pd.Series(power_ac, index=pdc.index)

    return power_ac


def pvwatts(pdc, pdc0, eta_inv_nom=0.96, eta_inv_ref=0.9637):

    pac0 = eta_inv_nom * pdc0
    zeta = pdc / pdc0

    # arrays to help avoid divide by 0 for scalar and array
    eta = np.zeros_like(pdc, dtype=float)
    pdc_neq_0 = ~np.equal(pdc, 0)

    # eta < 0 if zeta < 0.006. power_ac is forced to be >= 0 below. GH 541
    # In some published versions of [1] the parentheses are missing
    eta = eta_inv_nom / eta_inv_ref * (
        -0.0162 * zeta - np.divide(0.0059, zeta, out=eta, where=pdc_neq_0)
        + 0.9858)  # noQA: W503

    power_ac = eta * pdc
    power_ac = np.minimum(pac0, power_ac)
    power_ac = np.maximum(0, power_ac)     # GH 541

    return power_ac


# --- pvlib/spectrum/mismatch.py ----------------------------------------------------------------------


def spectral_factor_firstsolar(precipitable_water, airmass_absolute,
                               module_type=None, coefficients=None,
                               min_precipitable_water=0.1,
                               max_precipitable_water=8,
                               min_airmass_absolute=0.58,
                               max_airmass_absolute=10):
    pw = np.atleast_1d(precipitable_water)
    pw = pw.astype('float64')
    pw = np.maximum(pw, min_precipitable_water)
    pw[pw > max_precipitable_water] = np.nan

    airmass_absolute = np.minimum(airmass_absolute, max_airmass_absolute)
    # pvlib.atmosphere.get_absolute_airmass(1,
    # pvlib.atmosphere.alt2pres(4340)) = 0.58 Elevation of
    # Mina Pirquita, Argentian = 4340 m. Highest elevation city with
    # population over 50,000.
    airmass_absolute = np.maximum(airmass_absolute, min_airmass_absolute)

    _coefficients = {}
    _coefficients['cdte'] = (
        0.86273, -0.038948, -0.012506, 0.098871, 0.084658, -0.0042948)
    _coefficients['monosi'] = (
        0.85914, -0.020880, -0.0058853, 0.12029, 0.026814, -0.0017810)
    _coefficients['xsi'] = _coefficients['monosi']
    _coefficients['polysi'] = (
        0.84090, -0.027539, -0.0079224, 0.13570, 0.038024, -0.0021218)
    _coefficients['multisi'] = _coefficients['polysi']
    _coefficients['cigs'] = (
        0.85252, -0.022314, -0.0047216, 0.13666, 0.013342, -0.0008945)
    _coefficients['asi'] = (
        1.12094, -0.047620, -0.0083627, -0.10443, 0.098382, -0.0033818)

    if module_type is not None and coefficients is None:
        coefficients = _coefficients[module_type.lower()]
    elif module_type is None and coefficients is not None:
        pass
    elif module_type is None and coefficients is None:
        raise TypeError('No valid input provided, both module_type and ' +
                        'coefficients are None')
    else:
        raise TypeError('Cannot resolve input, must supply only one of ' +
                        'module_type and coefficients')

    coeff = coefficients
    ama = airmass_absolute
    modifier = (
        coeff[0] + coeff[1]*ama + coeff[2]*pw + coeff[3]*np.sqrt(ama) +
        coeff[4]*np.sqrt(pw) + coeff[5]*ama/np.sqrt(pw))

    return modifier


# --- pvlib/shading.py --------------------------------------------------------------------------------


def projected_solar_zenith_angle(solar_zenith, solar_azimuth,
                                 axis_tilt, axis_azimuth):
    # Assume the tracker reference frame is right-handed. Positive y-axis is
    # oriented along tracking axis; from north, the y-axis is rotated clockwise
    # by the axis azimuth and tilted from horizontal by the axis tilt. The
    # positive x-axis is 90 deg clockwise from the y-axis and parallel to
    # horizontal (e.g., if the y-axis is south, the x-axis is west); the
    # positive z-axis is normal to the x and y axes, pointed upward.

    # Since elevation = 90 - zenith, sin(90-x) = cos(x) & cos(90-x) = sin(x):
    # Notation from [1], modified to use zenith instead of elevation
    # cos(elevation) = sin(zenith) and sin(elevation) = cos(zenith)
    # Avoid recalculating these values
    sind_solar_zenith = sind(solar_zenith)
    cosd_axis_azimuth = cosd(axis_azimuth)
    sind_axis_azimuth = sind(axis_azimuth)
    sind_axis_tilt = sind(axis_tilt)

    # Sun's x, y, z coords
    sx = sind_solar_zenith * sind(solar_azimuth)
    sy = sind_solar_zenith * cosd(solar_azimuth)
    sz = cosd(solar_zenith)
    # Eq. (4); sx', sz' values from sun coordinates projected onto surface
    sx_prime = sx * cosd_axis_azimuth - sy * sind_axis_azimuth
    sz_prime = (
        sx * sind_axis_azimuth * sind_axis_tilt
        + sy * sind_axis_tilt * cosd_axis_azimuth
        + sz * cosd(axis_tilt)
    )
    # Eq. (5); angle between sun's beam and surface
    theta_T = np.degrees(np.arctan2(sx_prime, sz_prime))
    return theta_T


# --- pvlib/tracking.py -------------------------------------------------------------------------------


def singleaxis(apparent_zenith, solar_azimuth,
               axis_tilt=0, axis_azimuth=0, max_angle=90,
               backtrack=True, gcr=2.0/7.0, cross_axis_tilt=0):

    # MATLAB to Python conversion by
    # Will Holmgren (@wholmgren), U. Arizona. March, 2015.

    if isinstance(apparent_zenith, pd.Series):
        index = apparent_zenith.index
    else:
        index = None

    # convert scalars to arrays
    solar_azimuth = np.atleast_1d(solar_azimuth)
    apparent_zenith = np.atleast_1d(apparent_zenith)

    if solar_azimuth.ndim > 1 or apparent_zenith.ndim > 1:
        raise ValueError('Input dimensions must not exceed 1')

    # The ideal tracking angle, omega_ideal, is the rotation to place the sun
    # position vector (xp, yp, zp) in the (x, z) plane, which is normal to
    # the panel and contains the axis of rotation. omega_ideal=0 indicates
    # that the panel is horizontal. Here, our convention is that a clockwise
    # rotation is positive, to view rotation angles in the same frame of
    # reference as azimuth. For example, for a system with tracking
    # axis oriented south, a rotation toward the east is negative, and a
    # rotation to the west is positive. This is a right-handed rotation
    # around the tracker y-axis.
    omega_ideal = shading.projected_solar_zenith_angle(
        axis_tilt=axis_tilt,
        axis_azimuth=axis_azimuth,
        solar_zenith=apparent_zenith,
        solar_azimuth=solar_azimuth,
    )

    # filter for sun above panel horizon
    zen_gt_90 = apparent_zenith > 90
    omega_ideal[zen_gt_90] = np.nan

    # Account for backtracking
    if backtrack:
        # distance between rows in terms of rack lengths relative to cross-axis
        # tilt
        axes_distance = 1/(gcr * cosd(cross_axis_tilt))

        # NOTE: account for rare angles below array, see GH 824
        temp = np.abs(axes_distance * cosd(omega_ideal - cross_axis_tilt))

        # backtrack angle using [1], Eq. 14
        with np.errstate(invalid='ignore'):
            omega_correction = np.degrees(
                -np.sign(omega_ideal)*np.arccos(temp))

        # NOTE: in the middle of the day, arccos(temp) is out of range because
        # there's no row-to-row shade to avoid, & backtracking is unnecessary
        # [1], Eqs. 15-16
        with np.errstate(invalid='ignore'):
            tracker_theta = omega_ideal + np.where(
                temp < 1, omega_correction,
                0)
    else:
        tracker_theta = omega_ideal

    # NOTE: max_angle defined relative to zero-point rotation, not the
    # system-plane normal

    # Determine minimum and maximum rotation angles based on max_angle.
    # If max_angle is a single value, assume min_angle is the negative.
    if np.isscalar(max_angle):
        min_angle = -max_angle
    else:
        min_angle, max_angle = max_angle

    # Clip tracker_theta between the minimum and maximum angles.
    tracker_theta = np.clip(tracker_theta, min_angle, max_angle)

    # Calculate auxiliary angles
    surface = calc_surface_orientation(tracker_theta, axis_tilt, axis_azimuth)
    surface_tilt = surface['surface_tilt']
    surface_azimuth = surface['surface_azimuth']
    aoi = irradiance.aoi(surface_tilt, surface_azimuth,
                         apparent_zenith, solar_azimuth)

    # Bundle DataFrame for return values and filter for sun below horizon.
    out = {'tracker_theta': tracker_theta, 'aoi': aoi,
           'surface_azimuth': surface_azimuth, 'surface_tilt': surface_tilt}
    if index is not None:
        out = pd.DataFrame(out, index=index)
        out[zen_gt_90] = np.nan
    else:
        out = {k: np.where(zen_gt_90, np.nan, v) for k, v in out.items()}

    return out


def _unit_normal(axis_azimuth, axis_tilt, theta):

    theta = np.atleast_1d(np.asarray(theta))

    cA, sA = cosd(-axis_azimuth), sind(-axis_azimuth)
    cT, sT = cosd(-axis_tilt), sind(-axis_tilt)

    cTh = cosd(theta)
    sTh = sind(theta)

    x = sA * sT * cTh + cA * sTh
    y = sA * sTh - cA * sT * cTh
    z = cT * cTh

    result = np.stack((x, y, z), axis=-1)

    return result


def calc_surface_orientation(tracker_theta, axis_tilt=0, axis_azimuth=0):
    # from [1], Eq. 1
    with np.errstate(invalid='ignore', divide='ignore'):
        surface_tilt = acosd(cosd(tracker_theta) * cosd(axis_tilt))

    # for surface azimuth deviate from [1] to allow for negative tilt.
    # unit normal to rotated tracker surface
    unit_normal = _unit_normal(axis_azimuth, axis_tilt, tracker_theta)

    # project unit_normal to x-y plane to calculate azimuth
    surface_azimuth = np.degrees(
        np.arctan2(unit_normal[..., 0], unit_normal[..., 1]))

    surface_azimuth = np.where(surface_tilt == 0., axis_azimuth - 90.,
                               surface_azimuth)
    # constrain angles to [0, 360)
    surface_azimuth = np.mod(surface_azimuth, 360.0)

    out = {
        'surface_tilt': surface_tilt,
        'surface_azimuth': surface_azimuth,
    }
    if hasattr(tracker_theta, 'index'):
        out = pd.DataFrame(out)
    return out


# --- pvlib/bifacial/utils.py -------------------------------------------------------------------------


def _unshaded_ground_fraction(tracker_rotation, phi, gcr, height=None,
                              pitch=None, max_rows=10, max_zenith=85,
                              g0=0, g1=1):
    if np.isscalar(g0) and g0 == 0 and np.isscalar(g1) and g1 == 1:
        # height and pitch have no effect, so set to arbitrary values so
        # that they can be optional parameters
        height = 1
        pitch = 1 / gcr

    # keep track of scalar inputs so that we can have output match at the end
    squeeze = []
    if np.isscalar(g0) and np.isscalar(g1):
        squeeze.append(0)
    if np.isscalar(tracker_rotation) and np.isscalar(phi):
        squeeze.append(1)

    # dimensions: k/max_rows, ground segment, time

    tracker_rotation = np.atleast_1d(tracker_rotation)[np.newaxis, np.newaxis,
                                                       :]
    phi = np.atleast_1d(phi)[np.newaxis, np.newaxis, :]

    g0 = np.atleast_1d(g0)[np.newaxis, :, np.newaxis]
    g1 = np.atleast_1d(g1)[np.newaxis, :, np.newaxis]

    k = np.arange(-max_rows, max_rows+2)[:, np.newaxis, np.newaxis]

    collector_width = pitch * gcr
    Lcostheta = collector_width * cosd(tracker_rotation)
    Lsintheta = collector_width * sind(tracker_rotation)
    tanphi = tand(phi)

    # a, b: boundaries of ground segment
    # d, c: left/right shading module edges
    c = (k*pitch + 0.5 * Lcostheta, height + 0.5 * Lsintheta)
    d = (k*pitch - 0.5 * Lcostheta, height - 0.5 * Lsintheta)

    cp = c[0] + c[1] * tanphi
    dp = d[0] + d[1] * tanphi
    swap = dp > cp
    cp, dp = np.where(swap, dp, cp), np.where(swap, cp, dp)

    a = g0*pitch
    b = g1*pitch

    # individual contributions from all k rows
    fs = np.full_like(cp, 1.0)
    # fs = np.where((dp <= a) & (cp >= b), 1.0, fs)  # fill value already 1.0
    fs = np.where((dp <= a) & (a <= cp) & (cp < b), (cp - a) / (b - a), fs)
    fs = np.where((dp < a) & (cp < a), 0.0, fs)
    fs = np.where((a < dp) & (dp <= b) & (cp >= b), (b - dp) / (b - a), fs)
    fs = np.where((a < dp) & (dp < b) & (a < cp) & (cp < b),
                  (cp - dp) / (b - a), fs)
    fs = np.where((dp > b) & (cp > b), 0.0, fs)

    # total shaded fraction is sum of individuals; note that shadows
    # never overlap in this model, except when shaded fraction is 100% anyway
    f_gnd_beam = 1 - np.clip(np.sum(fs, axis=0), 0, 1)  # sum along k dimension

    # using phi is more convenient, and I think better, than using zenith
    phi = phi[0, :, :]  # drop k dimension for the next line
    f_gnd_beam = np.where(np.abs(phi) > max_zenith, 0., f_gnd_beam)

    # dimensions are now ground_segment, time
    f_gnd_beam = f_gnd_beam.squeeze(axis=tuple(squeeze))
    return f_gnd_beam


def vf_ground_sky_2d(rotation, gcr, x, pitch, height, max_rows=10):
    # This function creates large float64 arrays of size
    # (2*len(x)*len(rotation)*len(max_rows)) or ~100 MB for
    # typical time series inputs.  This function makes heavy
    # use of numpy's out parameter to avoid allocating new
    # memory.  Unfortunately that comes at the cost of some
    # readability: because arrays get reused to avoid new allocations,
    # variable names don't always match what they hold.

    # handle floats:
    x = np.atleast_1d(x)[:, np.newaxis, np.newaxis]
    rotation = np.atleast_1d(rotation)[np.newaxis, :, np.newaxis]
    all_k = np.arange(-max_rows, max_rows + 2)
    width = gcr * pitch / 2.
    distance_to_row_centers = (all_k - x) * pitch
    dy = width * sind(rotation)
    dx = width * cosd(rotation)

    phi = np.empty((2, x.shape[0], rotation.shape[1], len(all_k)))

    # angles from x to right edge of each row
    a1 = height + dy
    # temporarily store one leg of the triangle in phi:
    np.add(distance_to_row_centers, dx, out=phi[0])
    np.arctan2(a1, phi[0], out=phi[0])

    # angles from x to left edge of each row
    a2 = height - dy
    np.subtract(distance_to_row_centers, dx, out=phi[1])
    np.arctan2(a2, phi[1], out=phi[1])

    # swap angles so that phi[0,:,:,:] is the lesser angle
    phi.sort(axis=0)

    # now re-use phi's memory again, this time storing cos(phi).
    next_edge = phi[1, :, :, 1:]
    np.cos(next_edge, out=next_edge)
    prev_edge = phi[0, :, :, :-1]
    np.cos(prev_edge, out=prev_edge)
    # right edge of next row - left edge of previous row, again
    # reusing memory so that the difference is stored in next_edge.
    # Note that the 0.5 view factor coefficient is applied after summing
    # as a minor speed optimization.
    np.subtract(next_edge, prev_edge, out=next_edge)
    np.clip(next_edge, a_min=0., a_max=None, out=next_edge)
    vf = np.sum(next_edge, axis=-1) / 2
    return vf


def vf_ground_sky_2d_integ(tracker_rotation, gcr, height, pitch, max_rows=10,
                           npoints=None, vectorize=None, g0=0, g1=1):
    if npoints is not None or vectorize is not None:
        msg = (
            "The `npoints` and `vectorize` parameters have no effect and will "
            "be removed in a future version."
        )
        warnings.warn(msg, pvlibDeprecationWarning)

    # keep track of scalar inputs so that we can have output match at the end
    squeeze = []
    if np.isscalar(g0) and np.isscalar(g1):
        squeeze.append(0)
    if np.isscalar(tracker_rotation):
        squeeze.append(1)

    # dimensions: k/max_rows, ground segment, time

    tracker_rotation = \
        np.atleast_1d(tracker_rotation)[np.newaxis, np.newaxis, :]

    g0 = np.atleast_1d(g0)[np.newaxis, :, np.newaxis]
    g1 = np.atleast_1d(g1)[np.newaxis, :, np.newaxis]

    k = np.arange(-max_rows, max_rows+1)[:, np.newaxis, np.newaxis]

    collector_width = pitch * gcr
    Lcostheta = collector_width * cosd(tracker_rotation)
    Lsintheta = collector_width * sind(tracker_rotation)

    # primary crossed string points:
    # a, b: boundaries of ground segment
    # c, d: upper module edges
    a = (g0*pitch, 0)
    b = (g1*pitch, 0)
    sign = np.sign(tracker_rotation)
    c = ((k+1)*pitch + sign * 0.5 * Lcostheta, height + sign * 0.5 * Lsintheta)
    d = (c[0] - pitch, c[1])

    # view obstruction points (module edges, but need to figure out which ones)

    # first decide whether the left obstruction is the left or right mod edge
    left = (k*pitch - 0.5 * Lcostheta, height - 0.5 * Lsintheta)
    right = (k*pitch + 0.5 * Lcostheta, height + 0.5 * Lsintheta)
    angle_left = _angle(a, left)
    angle_right = _angle(a, right)
    ob_left = (
        np.where(angle_left > angle_right, right[0], left[0]),
        np.where(angle_left > angle_right, right[1], left[1])
    )

    # now for the right obstruction
    left = (left[0] + pitch, left[1])
    right = (right[0] + pitch, right[1])
    angle_left = _angle(b, left)
    angle_right = _angle(b, right)
    ob_right = (
        np.where(angle_left > angle_right, left[0], right[0]),
        np.where(angle_left > angle_right, left[1], right[1])
    )

    # hottel string lengths, considering obstructions
    ac, ad, bc, bd = _obstructed_string_lengths(a, b, c, d, ob_left, ob_right)

    # crossed string formula for VF
    vf_slats = 0.5 * (1/((g1 - g0) * pitch)) * ((ac + bd) - (bc + ad))
    vf_total = np.sum(np.maximum(vf_slats, 0), axis=0)  # sum along k dimension

    # dimensions are now ground_segment, row_segment, time
    vf_total = vf_total.squeeze(axis=tuple(squeeze))

    return vf_total


def _vf_poly(surface_tilt, gcr, x, delta):
    a = 1 / gcr
    c = cosd(surface_tilt)
    return np.sqrt(a*a + 2*delta*a*c*x + x*x)


def vf_row_sky_2d(surface_tilt, gcr, x):
    p = _vf_poly(surface_tilt, gcr, 1 - x, -1)
    return 0.5*(1 + (1/gcr * cosd(surface_tilt) - (1 - x)) / p)


def vf_row_sky_2d_integ(surface_tilt, gcr, x0=0, x1=1):
    # keep track of scalar inputs so that we can have output match at the end
    squeeze = []
    if np.isscalar(x0) and np.isscalar(x1):
        squeeze.append(0)
    if np.isscalar(surface_tilt):
        squeeze.append(1)

    # dimensions: row segment, time

    surface_tilt = np.atleast_1d(surface_tilt)[np.newaxis, :]

    x0 = np.atleast_1d(x0)[:, np.newaxis]
    x1 = np.atleast_1d(x1)[:, np.newaxis]

    swap = surface_tilt < 0
    x0, x1 = np.where(swap, 1 - x1, x0), np.where(swap, 1 - x0, x1)

    u = np.abs(x1 - x0)
    p0 = _vf_poly(surface_tilt, gcr, 1 - x0, -1)
    p1 = _vf_poly(surface_tilt, gcr, 1 - x1, -1)
    with np.errstate(divide='ignore'):
        result = np.where(u < 1e-6,
                          vf_row_sky_2d(surface_tilt, gcr, x0),
                          0.5*(1 + 1/u * (p1 - p0))
                          )
    result = result.squeeze(axis=tuple(squeeze))
    return result


def _obstructed_string_lengths(a, b, c, d, ob_left, ob_right):
    # string length calculations for Hottel's crossed strings method,
    # considering view obstructions from the left and right.
    # all inputs are (x, y) points.

    # unobstructed (straight-line) distances
    dist_ac = _dist(a, c)
    dist_ad = _dist(a, d)
    dist_bc = _dist(b, c)
    dist_bd = _dist(b, d)
    dist_a_ob_left = _dist(a, ob_left)
    dist_a_ob_right = _dist(a, ob_right)
    dist_b_ob_left = _dist(b, ob_left)
    dist_b_ob_right = _dist(b, ob_right)
    dist_ob_left_c = _dist(ob_left, c)
    dist_ob_right_c = _dist(ob_right, c)
    dist_ob_left_d = _dist(ob_left, d)
    dist_ob_right_d = _dist(ob_right, d)

    # angles
    ang_ac = _angle(a, c)
    ang_ad = _angle(a, d)
    ang_bc = _angle(b, c)
    ang_bd = _angle(b, d)
    ang_a_ob_left = _angle(a, ob_left)
    ang_a_ob_right = _angle(a, ob_right)
    ang_b_ob_left = _angle(b, ob_left)
    ang_b_ob_right = _angle(b, ob_right)

    # obstructed distances
    ac = np.where(ang_ac - ang_a_ob_left > 1e-8,
                  dist_a_ob_left + dist_ob_left_c,
                  dist_ac)
    ac = np.where((ang_a_ob_right - ang_ac > 1e-8),
                  dist_a_ob_right + dist_ob_right_c,
                  ac)

    ad = np.where(ang_ad - ang_a_ob_left > 1e-8,
                  dist_a_ob_left + dist_ob_left_d,
                  dist_ad)
    ad = np.where(ang_a_ob_right - ang_ad > 1e-8,
                  dist_a_ob_right + dist_ob_right_d,
                  ad)

    bc = np.where(ang_bc - ang_b_ob_left > 1e-8,
                  dist_b_ob_left + dist_ob_left_c,
                  dist_bc)
    bc = np.where(ang_b_ob_right - ang_bc > 1e-8,
                  dist_b_ob_right + dist_ob_right_c,
                  bc)

    bd = np.where(ang_bd - ang_b_ob_left > 1e-8,
                  dist_b_ob_left + dist_ob_left_d,
                  dist_bd)
    bd = np.where(ang_b_ob_right - ang_bd > 1e-8,
                  dist_b_ob_right + dist_ob_right_d,
                  bd)

    return ac, ad, bc, bd


def _dist(p1, p2):
    return ((p1[0] - p2[0])**2 + (p1[1] - p2[1])**2)**0.5


def _angle(p1, p2):
    # polar angle of the ray from p1 to p2
    return np.arctan2(p2[1] - p1[1], p2[0] - p1[0])


# --- pvlib/spa.py ------------------------------------------------------------------------------------

# heliocentric longitude coefficients
L0 = np.array([
    [175347046.0, 0.0, 0.0],
    [3341656.0, 4.6692568, 6283.07585],
    [34894.0, 4.6261, 12566.1517],
    [3497.0, 2.7441, 5753.3849],
    [3418.0, 2.8289, 3.5231],
    [3136.0, 3.6277, 77713.7715],
    [2676.0, 4.4181, 7860.4194],
    [2343.0, 6.1352, 3930.2097],
    [1324.0, 0.7425, 11506.7698],
    [1273.0, 2.0371, 529.691],
    [1199.0, 1.1096, 1577.3435],
    [990.0, 5.233, 5884.927],
    [902.0, 2.045, 26.298],
    [857.0, 3.508, 398.149],
    [780.0, 1.179, 5223.694],
    [753.0, 2.533, 5507.553],
    [505.0, 4.583, 18849.228],
    [492.0, 4.205, 775.523],
    [357.0, 2.92, 0.067],
    [317.0, 5.849, 11790.629],
    [284.0, 1.899, 796.298],
    [271.0, 0.315, 10977.079],
    [243.0, 0.345, 5486.778],
    [206.0, 4.806, 2544.314],
    [205.0, 1.869, 5573.143],
    [202.0, 2.458, 6069.777],
    [156.0, 0.833, 213.299],
    [132.0, 3.411, 2942.463],
    [126.0, 1.083, 20.775],
    [115.0, 0.645, 0.98],
    [103.0, 0.636, 4694.003],
    [102.0, 0.976, 15720.839],
    [102.0, 4.267, 7.114],
    [99.0, 6.21, 2146.17],
    [98.0, 0.68, 155.42],
    [86.0, 5.98, 161000.69],
    [85.0, 1.3, 6275.96],
    [85.0, 3.67, 71430.7],
    [80.0, 1.81, 17260.15],
    [79.0, 3.04, 12036.46],
    [75.0, 1.76, 5088.63],
    [74.0, 3.5, 3154.69],
    [74.0, 4.68, 801.82],
    [70.0, 0.83, 9437.76],
    [62.0, 3.98, 8827.39],
    [61.0, 1.82, 7084.9],
    [57.0, 2.78, 6286.6],
    [56.0, 4.39, 14143.5],
    [56.0, 3.47, 6279.55],
    [52.0, 0.19, 12139.55],
    [52.0, 1.33, 1748.02],
    [51.0, 0.28, 5856.48],
    [49.0, 0.49, 1194.45],
    [41.0, 5.37, 8429.24],
    [41.0, 2.4, 19651.05],
    [39.0, 6.17, 10447.39],
    [37.0, 6.04, 10213.29],
    [37.0, 2.57, 1059.38],
    [36.0, 1.71, 2352.87],
    [36.0, 1.78, 6812.77],
    [33.0, 0.59, 17789.85],
    [30.0, 0.44, 83996.85],
    [30.0, 2.74, 1349.87],
    [25.0, 3.16, 4690.48]
])
L1 = np.array([
    [628331966747.0, 0.0, 0.0],
    [206059.0, 2.678235, 6283.07585],
    [4303.0, 2.6351, 12566.1517],
    [425.0, 1.59, 3.523],
    [119.0, 5.796, 26.298],
    [109.0, 2.966, 1577.344],
    [93.0, 2.59, 18849.23],
    [72.0, 1.14, 529.69],
    [68.0, 1.87, 398.15],
    [67.0, 4.41, 5507.55],
    [59.0, 2.89, 5223.69],
    [56.0, 2.17, 155.42],
    [45.0, 0.4, 796.3],
    [36.0, 0.47, 775.52],
    [29.0, 2.65, 7.11],
    [21.0, 5.34, 0.98],
    [19.0, 1.85, 5486.78],
    [19.0, 4.97, 213.3],
    [17.0, 2.99, 6275.96],
    [16.0, 0.03, 2544.31],
    [16.0, 1.43, 2146.17],
    [15.0, 1.21, 10977.08],
    [12.0, 2.83, 1748.02],
    [12.0, 3.26, 5088.63],
    [12.0, 5.27, 1194.45],
    [12.0, 2.08, 4694.0],
    [11.0, 0.77, 553.57],
    [10.0, 1.3, 6286.6],
    [10.0, 4.24, 1349.87],
    [9.0, 2.7, 242.73],
    [9.0, 5.64, 951.72],
    [8.0, 5.3, 2352.87],
    [6.0, 2.65, 9437.76],
    [6.0, 4.67, 4690.48]
])
L2 = np.array([
    [52919.0, 0.0, 0.0],
    [8720.0, 1.0721, 6283.0758],
    [309.0, 0.867, 12566.152],
    [27.0, 0.05, 3.52],
    [16.0, 5.19, 26.3],
    [16.0, 3.68, 155.42],
    [10.0, 0.76, 18849.23],
    [9.0, 2.06, 77713.77],
    [7.0, 0.83, 775.52],
    [5.0, 4.66, 1577.34],
    [4.0, 1.03, 7.11],
    [4.0, 3.44, 5573.14],
    [3.0, 5.14, 796.3],
    [3.0, 6.05, 5507.55],
    [3.0, 1.19, 242.73],
    [3.0, 6.12, 529.69],
    [3.0, 0.31, 398.15],
    [3.0, 2.28, 553.57],
    [2.0, 4.38, 5223.69],
    [2.0, 3.75, 0.98]
])
L3 = np.array([
    [289.0, 5.844, 6283.076],
    [35.0, 0.0, 0.0],
    [17.0, 5.49, 12566.15],
    [3.0, 5.2, 155.42],
    [1.0, 4.72, 3.52],
    [1.0, 5.3, 18849.23],
    [1.0, 5.97, 242.73]
])
L4 = np.array([
    [114.0, 3.142, 0.0],
    [8.0, 4.13, 6283.08],
    [1.0, 3.84, 12566.15]
])
L5 = np.array([
    [1.0, 3.14, 0.0]
])


# heliocentric latitude coefficients
B0 = np.array([
    [280.0, 3.199, 84334.662],
    [102.0, 5.422, 5507.553],
    [80.0, 3.88, 5223.69],
    [44.0, 3.7, 2352.87],
    [32.0, 4.0, 1577.34]
])
B1 = np.array([
    [9.0, 3.9, 5507.55],
    [6.0, 1.73, 5223.69]
])


# heliocentric radius coefficients
R0 = np.array([
    [100013989.0, 0.0, 0.0],
    [1670700.0, 3.0984635, 6283.07585],
    [13956.0, 3.05525, 12566.1517],
    [3084.0, 5.1985, 77713.7715],
    [1628.0, 1.1739, 5753.3849],
    [1576.0, 2.8469, 7860.4194],
    [925.0, 5.453, 11506.77],
    [542.0, 4.564, 3930.21],
    [472.0, 3.661, 5884.927],
    [346.0, 0.964, 5507.553],
    [329.0, 5.9, 5223.694],
    [307.0, 0.299, 5573.143],
    [243.0, 4.273, 11790.629],
    [212.0, 5.847, 1577.344],
    [186.0, 5.022, 10977.079],
    [175.0, 3.012, 18849.228],
    [110.0, 5.055, 5486.778],
    [98.0, 0.89, 6069.78],
    [86.0, 5.69, 15720.84],
    [86.0, 1.27, 161000.69],
    [65.0, 0.27, 17260.15],
    [63.0, 0.92, 529.69],
    [57.0, 2.01, 83996.85],
    [56.0, 5.24, 71430.7],
    [49.0, 3.25, 2544.31],
    [47.0, 2.58, 775.52],
    [45.0, 5.54, 9437.76],
    [43.0, 6.01, 6275.96],
    [39.0, 5.36, 4694.0],
    [38.0, 2.39, 8827.39],
    [37.0, 0.83, 19651.05],
    [37.0, 4.9, 12139.55],
    [36.0, 1.67, 12036.46],
    [35.0, 1.84, 2942.46],
    [33.0, 0.24, 7084.9],
    [32.0, 0.18, 5088.63],
    [32.0, 1.78, 398.15],
    [28.0, 1.21, 6286.6],
    [28.0, 1.9, 6279.55],
    [26.0, 4.59, 10447.39]
])
R1 = np.array([
    [103019.0, 1.10749, 6283.07585],
    [1721.0, 1.0644, 12566.1517],
    [702.0, 3.142, 0.0],
    [32.0, 1.02, 18849.23],
    [31.0, 2.84, 5507.55],
    [25.0, 1.32, 5223.69],
    [18.0, 1.42, 1577.34],
    [10.0, 5.91, 10977.08],
    [9.0, 1.42, 6275.96],
    [9.0, 0.27, 5486.78]
])
R2 = np.array([
    [4359.0, 5.7846, 6283.0758],
    [124.0, 5.579, 12566.152],
    [12.0, 3.14, 0.0],
    [9.0, 3.63, 77713.77],
    [6.0, 1.87, 5573.14],
    [3.0, 5.47, 18849.23]
])
R3 = np.array([
    [145.0, 4.273, 6283.076],
    [7.0, 3.92, 12566.15]
])
R4 = np.array([
    [4.0, 2.56, 6283.08]
])


# longitude and obliquity nutation coefficients
NUTATION_ABCD_ARRAY = np.array([
    [-171996, -174.2, 92025, 8.9],
    [-13187, -1.6, 5736, -3.1],
    [-2274, -0.2, 977, -0.5],
    [2062, 0.2, -895, 0.5],
    [1426, -3.4, 54, -0.1],
    [712, 0.1, -7, 0],
    [-517, 1.2, 224, -0.6],
    [-386, -0.4, 200, 0],
    [-301, 0, 129, -0.1],
    [217, -0.5, -95, 0.3],
    [-158, 0, 0, 0],
    [129, 0.1, -70, 0],
    [123, 0, -53, 0],
    [63, 0, 0, 0],
    [63, 0.1, -33, 0],
    [-59, 0, 26, 0],
    [-58, -0.1, 32, 0],
    [-51, 0, 27, 0],
    [48, 0, 0, 0],
    [46, 0, -24, 0],
    [-38, 0, 16, 0],
    [-31, 0, 13, 0],
    [29, 0, 0, 0],
    [29, 0, -12, 0],
    [26, 0, 0, 0],
    [-22, 0, 0, 0],
    [21, 0, -10, 0],
    [17, -0.1, 0, 0],
    [16, 0, -8, 0],
    [-16, 0.1, 7, 0],
    [-15, 0, 9, 0],
    [-13, 0, 7, 0],
    [-12, 0, 6, 0],
    [11, 0, 0, 0],
    [-10, 0, 5, 0],
    [-8, 0, 3, 0],
    [7, 0, -3, 0],
    [-7, 0, 0, 0],
    [-7, 0, 3, 0],
    [-7, 0, 3, 0],
    [6, 0, 0, 0],
    [6, 0, -3, 0],
    [6, 0, -3, 0],
    [-6, 0, 3, 0],
    [-6, 0, 3, 0],
    [5, 0, 0, 0],
    [-5, 0, 3, 0],
    [-5, 0, 3, 0],
    [-5, 0, 3, 0],
    [4, 0, 0, 0],
    [4, 0, 0, 0],
    [4, 0, 0, 0],
    [-4, 0, 0, 0],
    [-4, 0, 0, 0],
    [-4, 0, 0, 0],
    [3, 0, 0, 0],
    [-3, 0, 0, 0],
    [-3, 0, 0, 0],
    [-3, 0, 0, 0],
    [-3, 0, 0, 0],
    [-3, 0, 0, 0],
    [-3, 0, 0, 0],
    [-3, 0, 0, 0],
])

NUTATION_YTERM_ARRAY = np.array([
    [0, 0, 0, 0, 1],
    [-2, 0, 0, 2, 2],
    [0, 0, 0, 2, 2],
    [0, 0, 0, 0, 2],
    [0, 1, 0, 0, 0],
    [0, 0, 1, 0, 0],
    [-2, 1, 0, 2, 2],
    [0, 0, 0, 2, 1],
    [0, 0, 1, 2, 2],
    [-2, -1, 0, 2, 2],
    [-2, 0, 1, 0, 0],
    [-2, 0, 0, 2, 1],
    [0, 0, -1, 2, 2],
    [2, 0, 0, 0, 0],
    [0, 0, 1, 0, 1],
    [2, 0, -1, 2, 2],
    [0, 0, -1, 0, 1],
    [0, 0, 1, 2, 1],
    [-2, 0, 2, 0, 0],
    [0, 0, -2, 2, 1],
    [2, 0, 0, 2, 2],
    [0, 0, 2, 2, 2],
    [0, 0, 2, 0, 0],
    [-2, 0, 1, 2, 2],
    [0, 0, 0, 2, 0],
    [-2, 0, 0, 2, 0],
    [0, 0, -1, 2, 1],
    [0, 2, 0, 0, 0],
    [2, 0, -1, 0, 1],
    [-2, 2, 0, 2, 2],
    [0, 1, 0, 0, 1],
    [-2, 0, 1, 0, 1],
    [0, -1, 0, 0, 1],
    [0, 0, 2, -2, 0],
    [2, 0, -1, 2, 1],
    [2, 0, 1, 2, 2],
    [0, 1, 0, 2, 2],
    [-2, 1, 1, 0, 0],
    [0, -1, 0, 2, 2],
    [2, 0, 0, 2, 1],
    [2, 0, 1, 0, 0],
    [-2, 0, 2, 2, 2],
    [-2, 0, 1, 2, 1],
    [2, 0, -2, 0, 1],
    [2, 0, 0, 0, 1],
    [0, -1, 1, 0, 0],
    [-2, -1, 0, 2, 1],
    [-2, 0, 0, 0, 1],
    [0, 0, 2, 2, 1],
    [-2, 0, 2, 0, 1],
    [-2, 1, 0, 2, 1],
    [0, 0, 1, -2, 0],
    [-1, 0, 1, 0, 0],
    [-2, 1, 0, 0, 0],
    [1, 0, 0, 0, 0],
    [0, 0, 1, 2, 0],
    [0, 0, -2, 2, 2],
    [-1, -1, 1, 0, 0],
    [0, 1, 1, 0, 0],
    [0, -1, 1, 2, 2],
    [2, -1, -1, 2, 2],
    [0, 0, 3, 2, 2],
    [2, -1, 0, 2, 2],
])


def julian_day(unixtime):
    jd = unixtime * 1.0 / 86400 + 2440587.5
    return jd


def julian_ephemeris_day(julian_day, delta_t):
    jde = julian_day + delta_t * 1.0 / 86400
    return jde


def julian_century(julian_day):
    jc = (julian_day - 2451545) * 1.0 / 36525
    return jc


def julian_ephemeris_century(julian_ephemeris_day):
    jce = (julian_ephemeris_day - 2451545) * 1.0 / 36525
    return jce


def julian_ephemeris_millennium(julian_ephemeris_century):
    jme = julian_ephemeris_century * 1.0 / 10
    return jme


def sum_mult_cos_add_mult(arr, x):
    # shared calculation used for heliocentric longitude, latitude, and radius
    s = 0.
    for row in range(arr.shape[0]):
        s += arr[row, 0] * np.cos(arr[row, 1] + arr[row, 2] * x)
    return s


def heliocentric_longitude(jme):
    l0 = sum_mult_cos_add_mult(L0, jme)
    l1 = sum_mult_cos_add_mult(L1, jme)
    l2 = sum_mult_cos_add_mult(L2, jme)
    l3 = sum_mult_cos_add_mult(L3, jme)
    l4 = sum_mult_cos_add_mult(L4, jme)
    l5 = sum_mult_cos_add_mult(L5, jme)

    l_rad = (l0 + l1 * jme + l2 * jme**2 + l3 * jme**3 + l4 * jme**4 +
             l5 * jme**5)/10**8
    l = np.rad2deg(l_rad)
    return l % 360


def heliocentric_latitude(jme):
    b0 = sum_mult_cos_add_mult(B0, jme)
    b1 = sum_mult_cos_add_mult(B1, jme)

    b_rad = (b0 + b1 * jme)/10**8
    b = np.rad2deg(b_rad)
    return b


def heliocentric_radius_vector(jme):
    r0 = sum_mult_cos_add_mult(R0, jme)
    r1 = sum_mult_cos_add_mult(R1, jme)
    r2 = sum_mult_cos_add_mult(R2, jme)
    r3 = sum_mult_cos_add_mult(R3, jme)
    r4 = sum_mult_cos_add_mult(R4, jme)

    r = (r0 + r1 * jme + r2 * jme**2 + r3 * jme**3 + r4 * jme**4)/10**8
    return r


def geocentric_longitude(heliocentric_longitude):
    theta = heliocentric_longitude + 180.0
    return theta % 360


def geocentric_latitude(heliocentric_latitude):
    beta = -1.0*heliocentric_latitude
    return beta


def mean_elongation(julian_ephemeris_century):
    x0 = (297.85036
          + 445267.111480 * julian_ephemeris_century
          - 0.0019142 * julian_ephemeris_century**2
          + julian_ephemeris_century**3 / 189474)
    return x0


def mean_anomaly_sun(julian_ephemeris_century):
    x1 = (357.52772
          + 35999.050340 * julian_ephemeris_century
          - 0.0001603 * julian_ephemeris_century**2
          - julian_ephemeris_century**3 / 300000)
    return x1


def mean_anomaly_moon(julian_ephemeris_century):
    x2 = (134.96298
          + 477198.867398 * julian_ephemeris_century
          + 0.0086972 * julian_ephemeris_century**2
          + julian_ephemeris_century**3 / 56250)
    return x2


def moon_argument_latitude(julian_ephemeris_century):
    x3 = (93.27191
          + 483202.017538 * julian_ephemeris_century
          - 0.0036825 * julian_ephemeris_century**2
          + julian_ephemeris_century**3 / 327270)
    return x3


def moon_ascending_longitude(julian_ephemeris_century):
    x4 = (125.04452
          - 1934.136261 * julian_ephemeris_century
          + 0.0020708 * julian_ephemeris_century**2
          + julian_ephemeris_century**3 / 450000)
    return x4


def longitude_obliquity_nutation(julian_ephemeris_century, x0, x1, x2, x3, x4,
                                 out):
    delta_psi_sum = 0.0
    delta_eps_sum = 0.0
    for row in range(NUTATION_YTERM_ARRAY.shape[0]):
        a = NUTATION_ABCD_ARRAY[row, 0]
        b = NUTATION_ABCD_ARRAY[row, 1]
        c = NUTATION_ABCD_ARRAY[row, 2]
        d = NUTATION_ABCD_ARRAY[row, 3]
        arg = np.radians(
            NUTATION_YTERM_ARRAY[row, 0]*x0 +
            NUTATION_YTERM_ARRAY[row, 1]*x1 +
            NUTATION_YTERM_ARRAY[row, 2]*x2 +
            NUTATION_YTERM_ARRAY[row, 3]*x3 +
            NUTATION_YTERM_ARRAY[row, 4]*x4
        )
        delta_psi_sum += (a + b * julian_ephemeris_century) * np.sin(arg)
        delta_eps_sum += (c + d * julian_ephemeris_century) * np.cos(arg)
    delta_psi = delta_psi_sum*1.0/36000000
    delta_eps = delta_eps_sum*1.0/36000000
    # seems like we ought to be able to return a tuple here instead
    # of resorting to `out`, but returning a UniTuple from this
    # function caused calculations elsewhere to give the wrong result.
    # very difficult to investigate since it did not occur when using
    # object mode.  issue was observed on numba 0.56.4
    out[0] = delta_psi
    out[1] = delta_eps


def mean_ecliptic_obliquity(julian_ephemeris_millennium):
    U = 1.0*julian_ephemeris_millennium/10
    e0 = (84381.448 - 4680.93 * U - 1.55 * U**2
          + 1999.25 * U**3 - 51.38 * U**4 - 249.67 * U**5
          - 39.05 * U**6 + 7.12 * U**7 + 27.87 * U**8
          + 5.79 * U**9 + 2.45 * U**10)
    return e0


def true_ecliptic_obliquity(mean_ecliptic_obliquity, obliquity_nutation):
    e0 = mean_ecliptic_obliquity
    deleps = obliquity_nutation
    e = e0*1.0/3600 + deleps
    return e


def aberration_correction(earth_radius_vector):
    deltau = -20.4898 / (3600 * earth_radius_vector)
    return deltau


def apparent_sun_longitude(geocentric_longitude, longitude_nutation,
                           aberration_correction):
    lamd = geocentric_longitude + longitude_nutation + aberration_correction
    return lamd


def mean_sidereal_time(julian_day, julian_century):
    v0 = (280.46061837 + 360.98564736629 * (julian_day - 2451545)
          + 0.000387933 * julian_century**2 - julian_century**3 / 38710000)
    return v0 % 360.0


def apparent_sidereal_time(mean_sidereal_time, longitude_nutation,
                           true_ecliptic_obliquity):
    v = mean_sidereal_time + longitude_nutation * np.cos(
        np.radians(true_ecliptic_obliquity))
    return v


def geocentric_sun_right_ascension(apparent_sun_longitude,
                                   true_ecliptic_obliquity,
                                   geocentric_latitude):
    true_ecliptic_obliquity_rad = np.radians(true_ecliptic_obliquity)
    apparent_sun_longitude_rad = np.radians(apparent_sun_longitude)

    num = (np.sin(apparent_sun_longitude_rad)
           * np.cos(true_ecliptic_obliquity_rad)
           - np.tan(np.radians(geocentric_latitude))
           * np.sin(true_ecliptic_obliquity_rad))
    alpha = np.degrees(np.arctan2(num, np.cos(apparent_sun_longitude_rad)))
    return alpha % 360


def geocentric_sun_declination(apparent_sun_longitude, true_ecliptic_obliquity,
                               geocentric_latitude):
    geocentric_latitude_rad = np.radians(geocentric_latitude)
    true_ecliptic_obliquity_rad = np.radians(true_ecliptic_obliquity)

    delta = np.degrees(np.arcsin(np.sin(geocentric_latitude_rad) *
                                 np.cos(true_ecliptic_obliquity_rad) +
                                 np.cos(geocentric_latitude_rad) *
                                 np.sin(true_ecliptic_obliquity_rad) *
                                 np.sin(np.radians(apparent_sun_longitude))))
    return delta


def local_hour_angle(apparent_sidereal_time, observer_longitude,
                     sun_right_ascension):
    H = apparent_sidereal_time + observer_longitude - sun_right_ascension
    return H % 360


def equatorial_horizontal_parallax(earth_radius_vector):
    xi = 8.794 / (3600 * earth_radius_vector)
    return xi


def uterm(observer_latitude):
    u = np.arctan(0.99664719 * np.tan(np.radians(observer_latitude)))
    return u


def xterm(u, observer_latitude, observer_elevation):
    x = (np.cos(u) + observer_elevation / 6378140
         * np.cos(np.radians(observer_latitude)))
    return x


def yterm(u, observer_latitude, observer_elevation):
    y = (0.99664719 * np.sin(u) + observer_elevation / 6378140
         * np.sin(np.radians(observer_latitude)))
    return y


def parallax_sun_right_ascension(xterm, equatorial_horizontal_parallax,
                                 local_hour_angle, geocentric_sun_declination):
    equatorial_horizontal_parallax_rad = \
        np.radians(equatorial_horizontal_parallax)
    local_hour_angle_rad = np.radians(local_hour_angle)

    num = (-xterm * np.sin(equatorial_horizontal_parallax_rad)
           * np.sin(local_hour_angle_rad))
    denom = (np.cos(np.radians(geocentric_sun_declination))
             - xterm * np.sin(equatorial_horizontal_parallax_rad)
             * np.cos(local_hour_angle_rad))
    delta_alpha = np.degrees(np.arctan2(num, denom))
    return delta_alpha


def topocentric_sun_right_ascension(geocentric_sun_right_ascension,
                                    parallax_sun_right_ascension):
    alpha_prime = geocentric_sun_right_ascension + parallax_sun_right_ascension
    return alpha_prime


def topocentric_sun_declination(geocentric_sun_declination, xterm, yterm,
                                equatorial_horizontal_parallax,
                                parallax_sun_right_ascension,
                                local_hour_angle):
    geocentric_sun_declination_rad = np.radians(geocentric_sun_declination)
    equatorial_horizontal_parallax_rad = \
        np.radians(equatorial_horizontal_parallax)

    num = ((np.sin(geocentric_sun_declination_rad) - yterm
            * np.sin(equatorial_horizontal_parallax_rad))
           * np.cos(np.radians(parallax_sun_right_ascension)))
    denom = (np.cos(geocentric_sun_declination_rad) - xterm
             * np.sin(equatorial_horizontal_parallax_rad)
             * np.cos(np.radians(local_hour_angle)))
    delta = np.degrees(np.arctan2(num, denom))
    return delta


def topocentric_local_hour_angle(local_hour_angle,
                                 parallax_sun_right_ascension):
    H_prime = local_hour_angle - parallax_sun_right_ascension
    return H_prime


def topocentric_elevation_angle_without_atmosphere(observer_latitude,
                                                   topocentric_sun_declination,
                                                   topocentric_local_hour_angle
                                                   ):
    observer_latitude_rad = np.radians(observer_latitude)
    topocentric_sun_declination_rad = np.radians(topocentric_sun_declination)
    e0 = np.degrees(np.arcsin(
        np.sin(observer_latitude_rad)
        * np.sin(topocentric_sun_declination_rad)
        + np.cos(observer_latitude_rad)
        * np.cos(topocentric_sun_declination_rad)
        * np.cos(np.radians(topocentric_local_hour_angle))))
    return e0


def atmospheric_refraction_correction(local_pressure, local_temp,
                                      topocentric_elevation_angle_wo_atmosphere,
                                      atmos_refract):
    # switch sets delta_e when the sun is below the horizon
    switch = topocentric_elevation_angle_wo_atmosphere >= -1.0 * (
        0.26667 + atmos_refract)
    delta_e = ((local_pressure / 1010.0) * (283.0 / (273 + local_temp))
               * 1.02 / (60 * np.tan(np.radians(
                   topocentric_elevation_angle_wo_atmosphere
                   + 10.3 / (topocentric_elevation_angle_wo_atmosphere
                             + 5.11))))) * switch
    return delta_e


def topocentric_elevation_angle(topocentric_elevation_angle_without_atmosphere,
                                atmospheric_refraction_correction):
    e = (topocentric_elevation_angle_without_atmosphere
         + atmospheric_refraction_correction)
    return e


def topocentric_zenith_angle(topocentric_elevation_angle):
    theta = 90 - topocentric_elevation_angle
    return theta


def topocentric_astronomers_azimuth(topocentric_local_hour_angle,
                                    topocentric_sun_declination,
                                    observer_latitude):
    topocentric_local_hour_angle_rad = np.radians(topocentric_local_hour_angle)
    observer_latitude_rad = np.radians(observer_latitude)
    num = np.sin(topocentric_local_hour_angle_rad)
    denom = (np.cos(topocentric_local_hour_angle_rad)
             * np.sin(observer_latitude_rad)
             - np.tan(np.radians(topocentric_sun_declination))
             * np.cos(observer_latitude_rad))
    gamma = np.degrees(np.arctan2(num, denom))
    return gamma % 360


def topocentric_azimuth_angle(topocentric_astronomers_azimuth):
    phi = topocentric_astronomers_azimuth + 180
    return phi % 360


def sun_mean_longitude(julian_ephemeris_millennium):
    M = (280.4664567 + 360007.6982779 * julian_ephemeris_millennium
         + 0.03032028 * julian_ephemeris_millennium**2
         + julian_ephemeris_millennium**3 / 49931
         - julian_ephemeris_millennium**4 / 15300
         - julian_ephemeris_millennium**5 / 2000000)
    return M


def equation_of_time(sun_mean_longitude, geocentric_sun_right_ascension,
                     longitude_nutation, true_ecliptic_obliquity):
    E = (sun_mean_longitude - 0.0057183 - geocentric_sun_right_ascension +
         longitude_nutation * np.cos(np.radians(true_ecliptic_obliquity)))
    # limit between 0 and 360
    E = E % 360
    # convert to minutes
    E *= 4
    greater = E > 20
    less = E < -20
    other = (E <= 20) & (E >= -20)
    E = greater * (E - 1440) + less * (E + 1440) + other * E
    return E


def solar_position_numpy(unixtime, lat, lon, elev, pressure, temp, delta_t,
                         atmos_refract, numthreads, sst=False, esd=False):

    jd = julian_day(unixtime)
    jde = julian_ephemeris_day(jd, delta_t)
    jc = julian_century(jd)
    jce = julian_ephemeris_century(jde)
    jme = julian_ephemeris_millennium(jce)
    R = heliocentric_radius_vector(jme)
    if esd:
        return (R, )
    L = heliocentric_longitude(jme)
    B = heliocentric_latitude(jme)
    Theta = geocentric_longitude(L)
    beta = geocentric_latitude(B)
    x0 = mean_elongation(jce)
    x1 = mean_anomaly_sun(jce)
    x2 = mean_anomaly_moon(jce)
    x3 = moon_argument_latitude(jce)
    x4 = moon_ascending_longitude(jce)
    l_o_nutation = np.empty((2, len(x0)))
    longitude_obliquity_nutation(jce, x0, x1, x2, x3, x4, l_o_nutation)
    delta_psi = l_o_nutation[0]
    delta_epsilon = l_o_nutation[1]
    epsilon0 = mean_ecliptic_obliquity(jme)
    epsilon = true_ecliptic_obliquity(epsilon0, delta_epsilon)
    delta_tau = aberration_correction(R)
    lamd = apparent_sun_longitude(Theta, delta_psi, delta_tau)
    v0 = mean_sidereal_time(jd, jc)
    v = apparent_sidereal_time(v0, delta_psi, epsilon)
    alpha = geocentric_sun_right_ascension(lamd, epsilon, beta)
    delta = geocentric_sun_declination(lamd, epsilon, beta)
    if sst:
        return v, alpha, delta
    m = sun_mean_longitude(jme)
    eot = equation_of_time(m, alpha, delta_psi, epsilon)
    H = local_hour_angle(v, lon, alpha)
    xi = equatorial_horizontal_parallax(R)
    u = uterm(lat)
    x = xterm(u, lat, elev)
    y = yterm(u, lat, elev)
    delta_alpha = parallax_sun_right_ascension(x, xi, H, delta)
    delta_prime = topocentric_sun_declination(delta, x, y, xi, delta_alpha, H)
    H_prime = topocentric_local_hour_angle(H, delta_alpha)
    e0 = topocentric_elevation_angle_without_atmosphere(lat, delta_prime,
                                                        H_prime)
    delta_e = atmospheric_refraction_correction(pressure, temp, e0,
                                                atmos_refract)
    e = topocentric_elevation_angle(e0, delta_e)
    theta = topocentric_zenith_angle(e)
    theta0 = topocentric_zenith_angle(e0)
    gamma = topocentric_astronomers_azimuth(H_prime, delta_prime, lat)
    phi = topocentric_azimuth_angle(gamma)
    return theta, theta0, e, e0, phi, eot


def calculate_deltat(year, month):

    plw = 'Deltat is unknown for years before -1999 and after 3000. ' \
          'Delta values will be calculated, but the calculations ' \
          'are not intended to be used for these years.'

    try:
        if np.any((year > 3000) | (year < -1999)):
            warnings.warn(plw)
    except ValueError:
        if (year > 3000) | (year < -1999):
            warnings.warn(plw)
    except TypeError:
        return 0

    y = year + (month - 0.5)/12

    deltat = np.where(year < -500,

                      -20+32*((y-1820)/100)**2, 0)

    deltat = np.where((-500 <= year) & (year < 500),

                      10583.6-1014.41*(y/100)
                      + 33.78311*(y/100)**2
                      - 5.952053*(y/100)**3
                      - 0.1798452*(y/100)**4
                      + 0.022174192*(y/100)**5
                      + 0.0090316521*(y/100)**6, deltat)

    deltat = np.where((500 <= year) & (year < 1600),

                      1574.2-556.01*((y-1000)/100)
                      + 71.23472*((y-1000)/100)**2
                      + 0.319781*((y-1000)/100)**3
                      - 0.8503463*((y-1000)/100)**4
                      - 0.005050998*((y-1000)/100)**5
                      + 0.0083572073*((y-1000)/100)**6, deltat)

    deltat = np.where((1600 <= year) & (year < 1700),

                      120-0.9808*(y-1600)
                      - 0.01532*(y-1600)**2
                      + (y-1600)**3/7129, deltat)

    deltat = np.where((1700 <= year) & (year < 1800),

                      8.83+0.1603*(y-1700)
                      - 0.0059285*(y-1700)**2
                      + 0.00013336*(y-1700)**3
                      - (y-1700)**4/1174000, deltat)

    deltat = np.where((1800 <= year) & (year < 1860),

                      13.72-0.332447*(y-1800)
                      + 0.0068612*(y-1800)**2
                      + 0.0041116*(y-1800)**3
                      - 0.00037436*(y-1800)**4
                      + 0.0000121272*(y-1800)**5
                      - 0.0000001699*(y-1800)**6
                      + 0.000000000875*(y-1800)**7, deltat)

    deltat = np.where((1860 <= year) & (year < 1900),

                      7.62+0.5737*(y-1860)
                      - 0.251754*(y-1860)**2
                      + 0.01680668*(y-1860)**3
                      - 0.0004473624*(y-1860)**4
                      + (y-1860)**5/233174, deltat)

    deltat = np.where((1900 <= year) & (year < 1920),

                      -2.79+1.494119*(y-1900)
                      - 0.0598939*(y-1900)**2
                      + 0.0061966*(y-1900)**3
                      - 0.000197*(y-1900)**4, deltat)

    deltat = np.where((1920 <= year) & (year < 1941),

                      21.20+0.84493*(y-1920)
                      - 0.076100*(y-1920)**2
                      + 0.0020936*(y-1920)**3, deltat)

    deltat = np.where((1941 <= year) & (year < 1961),

                      29.07+0.407*(y-1950)
                      - (y-1950)**2/233
                      + (y-1950)**3/2547, deltat)

    deltat = np.where((1961 <= year) & (year < 1986),

                      45.45+1.067*(y-1975)
                      - (y-1975)**2/260
                      - (y-1975)**3/718, deltat)

    deltat = np.where((1986 <= year) & (year < 2005),

                      63.86+0.3345*(y-2000)
                      - 0.060374*(y-2000)**2
                      + 0.0017275*(y-2000)**3
                      + 0.000651814*(y-2000)**4
                      + 0.00002373599*(y-2000)**5, deltat)

    deltat = np.where((2005 <= year) & (year < 2050),

                      62.92+0.32217*(y-2000)
                      + 0.005589*(y-2000)**2, deltat)

    deltat = np.where((2050 <= year) & (year < 2150),

                      -20+32*((y-1820)/100)**2
                      - 0.5628*(2150-y), deltat)

    deltat = np.where(year >= 2150,

                      -20+32*((y-1820)/100)**2, deltat)

    deltat = deltat.item() if np.isscalar(year) & np.isscalar(month)\
        else deltat

    return deltat


# --- pvlib's module namespaces ------------------------------------------------------------------

# pvlib's module namespaces, as the copied code reads them
tools = SimpleNamespace(cosd=cosd, sind=sind, _scalar_out=_scalar_out, _array_out=_array_out,
                        _pandas_to_doy=_needs_pandas, _datetimelike_scalar_to_doy=_needs_pandas,
                        _datetimelike_scalar_to_datetimeindex=_needs_pandas, _doy_to_datetimeindex=_needs_pandas)
atmosphere = SimpleNamespace(get_absolute_airmass=get_absolute_airmass, get_relative_airmass=get_relative_airmass,
                             bird_hulstrom80_aod_bb=bird_hulstrom80_aod_bb)
solarposition = SimpleNamespace(_calculate_simple_day_angle=_calculate_simple_day_angle,
                                pyephem_earthsun_distance=_needs_pandas, nrel_earthsun_distance=_needs_pandas)
irradiance = SimpleNamespace(aoi=aoi)
shading = SimpleNamespace(projected_solar_zenith_angle=projected_solar_zenith_angle)


# --- inputs -----------------------------------------------------------------------------------

N = 8

# sam-library-cec-inverters-2019-03-05.csv: ABB: MICRO-0.25-I-OUTD-US-208 [208V]
SANDIA_INVERTER = {'Vac': 208.0, 'Pso': 2.089607, 'Paco': 250.0, 'Pdco': 259.588593, 'Vdco': 40.0, 'C0': -0.000041,
                   'C1': -0.000091, 'C2': 0.000494, 'C3': -0.013171, 'Pnt': 0.075, 'Vdcmax': 50.0,
                   'Idcmax': 6.489715, 'Mppt_low': 30.0, 'Mppt_high': 50.0}
# adr-library-cec-inverters-2019-03-05.csv: Ablerex Electronics Co., Ltd.: ES 2200-US-240 (240 Vac) 240V [CEC 2011]
ADR_INVERTER = {'Pacmax': 2110.0, 'Pnom': 2200.0, 'Vnom': 396.0, 'Vmin': 155.0, 'Vmax': 413.0,
                'ADRCoefficients': [0.01385, 0.0152, 0.00794, 0.00286, -0.01872, -0.01305, 0., 0., 0.],
                'Pnt': 0.25, 'Vdcmax': 500.0, 'MPPTLow': 150.0, 'MPPTHi': 450.0}
# sam-library-sandia-modules-2015-6-30.csv: Canadian Solar CS5P-220M [ 2009] (the IAM and air-mass coefficients)
SANDIA_MODULE = {'A0': 0.928385, 'A1': 0.068093, 'A2': -0.0157738, 'A3': 0.0016606, 'A4': -6.93e-05,
                 'B0': 1.0, 'B1': -0.002438, 'B2': 0.0003103, 'B3': -0.00001246, 'B4': 2.11e-07, 'B5': -1.36e-09}


def _zenith(rng, top=89.0):
    return rng.uniform(0.0, top, N)


def _airmass(zenith):
    return 1.0 / (np.cos(np.radians(zenith)) + 0.50572 * (6.07995 + (90 - zenith)) ** -1.6364)


def _with_airmass(zenith, *rest):
    return (zenith, _airmass(zenith), *rest)


def _diode(rng):
    """A 60-cell silicon module's single-diode parameters, one per element (IL, I0, Rs, Rsh, nNsVth)."""
    return (rng.uniform(1.0, 7.0, N), rng.uniform(1e-10, 5e-9, N), rng.uniform(0.1, 0.5, N),
            rng.uniform(100.0, 500.0, N), rng.uniform(1.5, 1.6, N) * 60 * 0.02569)


def _sky(rng):
    """tilt, surface azimuth, dhi, ghi/dni, solar zenith, solar azimuth."""
    zen = _zenith(rng, 85.0)
    ghi = rng.uniform(20.0, 1100.0, N) * np.cos(np.radians(zen))
    dhi = ghi * rng.uniform(0.1, 0.9, N)
    return rng.uniform(0, 60, N), rng.uniform(90, 270, N), dhi, ghi, zen, rng.uniform(60, 300, N)


def _klucher(rng):
    tilt, az, dhi, ghi, zen, saz = _sky(rng)
    ghi[1] = 0.0
    dhi[1] = 0.0  # 0 / 0: F is NaN there, set to 0 by the except branch
    return tilt, az, dhi, ghi, zen, saz


def _haydavies(rng):
    tilt, az, dhi, ghi, zen, saz = _sky(rng)
    dni = (ghi - dhi) / np.cos(np.radians(zen))
    return tilt, az, dhi, dni, rng.uniform(1320.0, 1410.0, N), zen, saz, None, True


def _reindl(rng):
    tilt, az, dhi, ghi, zen, saz = _sky(rng)
    dni = (ghi - dhi) / np.cos(np.radians(zen))
    ghi[2] = 0.0
    return tilt, az, dhi, dni, ghi, rng.uniform(1320.0, 1410.0, N), zen, saz


def _decomposition(rng):
    """ghi, zenith (some past 87 degrees) and day of year."""
    zen = rng.uniform(0.0, 95.0, N)
    ghi = rng.uniform(0.0, 1100.0, N) * np.maximum(np.cos(np.radians(zen)), 0.05)
    return ghi, zen, rng.integers(1, 366, N).astype(float)


def _dni(rng):
    zen = np.concatenate([rng.uniform(0.0, 79.0, 4), rng.uniform(80.0, 87.9, 2), rng.uniform(88.0, 90.0, 2)])
    ghi = rng.uniform(0.0, 1000.0, N) * np.cos(np.radians(zen))
    dhi = ghi * rng.uniform(0.05, 1.1, N)  # some dhi > ghi: negative dni
    return ghi, dhi, zen, 30.0, 1.1, 88.0, 80.0


def _fuentes(rng):
    hours = np.arange(N, dtype=float)
    poa = np.clip(1000 * np.sin(np.pi * (hours + 1) / (N + 1)) + rng.uniform(-50, 50, N), 0, None)
    return (poa, rng.uniform(10.0, 30.0, N), rng.uniform(0.0, 6.0, N), 45, 5, 9.144, 0.84, 0.83, 30, 0.31579, 1.2,
            3600.0 * hours)


def _bishop88(rng):
    il, io, rs, rsh, a = _diode(rng)
    vd = rng.uniform(-2.0, 40.0, N)
    return vd, il, io, rs, rsh, a, 1.3, 54.0, 2e-3, -5.5, 3.28, True


def _v_from_i(rng):
    il, io, rs, rsh, a = _diode(rng)
    return il * rng.uniform(0.0, 0.95, N), il, io, rs, rsh, a


def _i_from_v(rng):
    il, io, rs, rsh, a = _diode(rng)
    return rng.uniform(0.0, 35.0, N), il, io, rs, rsh, a


def _spa(rng):
    unixtime = 1.5e9 + np.sort(rng.uniform(0.0, 3.0e7, N))  # 2017-07 .. 2018-07
    return unixtime, 39.742476, -105.1786, 1830.14, 820, 11, 67.0, 0.5667, 4  # tests/test_spa.py's site


def _spa_gap(rng):
    unixtime, *rest = _spa(rng)
    unixtime[3] = np.nan  # a gap in the time series
    return (unixtime, *rest)


def _segments(rng, n=4):
    g0 = np.sort(rng.uniform(0.0, 0.8, n))
    return g0, g0 + rng.uniform(0.05, 0.2, n)


def _ground_fraction(rng):
    g0, g1 = _segments(rng)
    return rng.uniform(-60.0, 60.0, N), rng.uniform(-88.0, 88.0, N), 0.4, 1.5, 5.0, 10, 85, g0, g1


def _ground_sky_integ(rng):
    g0, g1 = _segments(rng)
    return rng.uniform(-60.0, 60.0, N), 0.4, 1.5, 5.0, 10, None, None, g0, g1


def _row_sky_integ(rng):
    x0, x1 = _segments(rng)
    tilt = rng.uniform(-60.0, 60.0, N)
    return tilt, 0.4, x0, x1


def _iv_curve(rng):
    """A measured-looking IV curve: voltage ascending, current from Isc down to 0 (12 points)."""
    v = np.sort(rng.uniform(0.0, 1.0, 12)) * 38.0
    v[0] = 0.0
    i = 8.5 * (1 - np.expm1(v / 2.2) / np.expm1(38.0 / 2.2)) + rng.normal(0.0, 0.01, 12)
    return v, i


def _filter(rng):
    ee = rng.uniform(200.0, 1100.0, N)
    isc = 8.5 * ee / 1000 * rng.uniform(0.93, 1.07, N)  # a few departures past 5%
    io = rng.uniform(1e-10, 1e-9, N)
    io[3] = -io[3]
    return ee, isc, io, rng.uniform(0.1, 0.5, N), rng.uniform(-50.0, 500.0, N)


def _converge(rng):
    """_check_converge's arguments as fit_pvsyst_sandia passes them on a second iteration (state 1)."""
    imp, vmp = rng.uniform(4.0, 8.0, N), rng.uniform(25.0, 35.0, N)
    result = {'i_mp': imp * rng.uniform(0.98, 1.02, N), 'v_mp': vmp * rng.uniform(0.98, 1.02, N)}
    result['p_mp'] = result['i_mp'] * result['v_mp'] * rng.uniform(0.99, 1.01, N)
    prev = {k: np.float64(rng.uniform(0.5, 2.0)) for k in (
        'imperrstd', 'vmperrstd', 'pmperrstd', 'imperrmean', 'vmperrmean', 'pmperrmean', 'imperrabsmax',
        'vmperrabsmax', 'pmperrabsmax')}
    prev['state'] = np.float64(1.0)
    return prev, result, vmp, imp, 3


def _theta_phi(rng):
    il, io, rs, rsh, a = _diode(rng)
    rsh[:2] *= 1e3
    return rng.uniform(25.0, 32.0, N), il * 0.9, il, io, rs, rsh, a


def _golden(rng):
    params = {'c': rng.uniform(0.5, 2.0, 3), 'n': np.array([1., 1., 1.])}
    return params, np.array([0., 0.001, np.nan]), np.array([1.1, 1.2, 1.]), _obj_test_golden_sect


CASES = [
    # atmosphere.py
    case(get_relative_airmass, lambda rng: (rng.uniform(0.0, 100.0, N), 'kastenyoung1989'),
         PVL("atmosphere.py", "get_relative_airmass")),
    case(windspeed_powerlaw,
         lambda rng: (rng.uniform(0.0, 15.0, N), 10.0, 2.0, None, 'neutral_air_above_flat_open_coast'),
         PVL("atmosphere.py", "windspeed_powerlaw")),
    # temperature.py
    case(noct_sam, lambda rng: (rng.uniform(50, 1200, N), rng.uniform(-5, 40, N), rng.uniform(0, 10, N), 45.0, 0.2,
                                rng.uniform(40, 1100, N), 0.9, 1, 2.0),
         PVL("temperature.py", "noct_sam")),
    case(fuentes, _fuentes, PVL("temperature.py", "fuentes", "times passed in seconds instead of poa_global.index")),
    # iam.py
    case(ashrae, lambda rng: (rng.uniform(0.0, 100.0, N), 0.05), PVL("iam.py", "ashrae")),
    case(physical_ar_coated, lambda rng: (rng.uniform(0.0, 95.0, N), 1.526, 4.0, 0.002, 1.29),
         PVL("iam.py", "physical", "n_ar=1.29: the AR-coated branch, through a wrapper")),
    case(sapm, lambda rng: (rng.uniform(-5.0, 95.0, N), SANDIA_MODULE, None), PVL("iam.py", "sapm")),
    case(schlick, lambda rng: (np.float64(rng.uniform(0.0, 89.0)),), PVL("iam.py", "schlick", "a NumPy scalar aoi")),
    # singlediode.py
    case(bishop88, _bishop88, PVL("singlediode.py", "bishop88", "thin-film recombination, breakdown, gradients=True")),
    case(_lambertw_v_from_i, _v_from_i, PVL("singlediode.py", "_lambertw_v_from_i")),
    case(_lambertw_i_from_v, _i_from_v, PVL("singlediode.py", "_lambertw_i_from_v")),
    case(_lambertw, _diode, PVL("singlediode.py", "_lambertw", "scipy.optimize.elementwise.find_minimum path")),
    case(batzelis, _diode, PVL("singlediode.py", "batzelis")),
    # clearsky.py
    case(ineichen, lambda rng: _with_airmass(_zenith(rng), rng.uniform(2.0, 5.0, N), 1500.0, 1364., True),
         PVL("clearsky.py", "ineichen")),
    case(simplified_solis, lambda rng: (rng.uniform(2.0, 90.0, N), rng.uniform(0.01, 0.3, N), rng.uniform(0.1, 4.0, N),
                                        rng.uniform(80000.0, 101325.0, N), 1364.),
         PVL("clearsky.py", "simplified_solis")),
    case(bird, lambda rng: _with_airmass(_zenith(rng), rng.uniform(0.05, 0.5, N), rng.uniform(0.05, 0.4, N),
                                         rng.uniform(0.5, 4.0, N), 0.3, 101325., 1364., 0.85, 0.2),
         PVL("clearsky.py", "bird")),
    # irradiance.py
    case(klucher, _klucher, PVL("irradiance.py", "klucher")),
    case(haydavies, _haydavies, PVL("irradiance.py", "haydavies", "return_components=True")),
    case(reindl, _reindl, PVL("irradiance.py", "reindl")),
    case(erbs, _decomposition, PVL("irradiance.py", "erbs", "day-of-year array")),
    case(disc, _decomposition, PVL("irradiance.py", "disc", "day-of-year array")),
    case(dni, _dni, PVL("irradiance.py", "dni", "a scalar dni_clear")),
    # inverter.py
    case(sandia, lambda rng: (rng.uniform(25.0, 50.0, N), np.concatenate([[0.0, 1.5], rng.uniform(0.0, 280.0, N - 2)]),
                              SANDIA_INVERTER),
         PVL("inverter.py", "sandia")),
    case(adr, lambda rng: (np.concatenate([[0.0], rng.uniform(100.0, 600.0, N - 1)]), rng.uniform(0.0, 2400.0, N),
                           ADR_INVERTER, 0.10),
         PVL("inverter.py", "adr")),
    case(pvwatts, lambda rng: (np.concatenate([[0.0], rng.uniform(0.0, 2600.0, N - 1)]), 2500.0),
         PVL("inverter.py", "pvwatts")),
    # spectrum/mismatch.py
    case(spectral_factor_firstsolar, lambda rng: (rng.uniform(0.05, 9.0, N), rng.uniform(0.5, 11.0, N), 'cdte'),
         PVL("spectrum/mismatch.py", "spectral_factor_firstsolar")),
    # shading.py
    # tracking.py, bifacial/utils.py
    case(singleaxis,
         lambda rng: (rng.uniform(0.0, 100.0, N), rng.uniform(60.0, 300.0, N), 0, 180, 60, True, 0.35, 0),
         PVL("tracking.py", "singleaxis")),
    case(_unshaded_ground_fraction, _ground_fraction, PVL("bifacial/utils.py", "_unshaded_ground_fraction")),
    case(vf_ground_sky_2d,
         lambda rng: (rng.uniform(-60.0, 60.0, N), 0.4, np.sort(rng.uniform(0.0, 1.0, 5)), 5.0, 1.5, 10),
         PVL("bifacial/utils.py", "vf_ground_sky_2d")),
    case(vf_ground_sky_2d_integ, _ground_sky_integ, PVL("bifacial/utils.py", "vf_ground_sky_2d_integ")),
    case(vf_row_sky_2d_integ, _row_sky_integ, PVL("bifacial/utils.py", "vf_row_sky_2d_integ")),
    # ivtools/utils.py, ivtools/sdm/_fit_desoto_pvsyst_sandia.py, tools.py
    case(_numdiff, _iv_curve, PVL("ivtools/utils.py", "_numdiff")),
    case(_schumaker_qspline, _iv_curve, PVL("ivtools/utils.py", "_schumaker_qspline")),
    case(_filter_params, _filter, PVL("ivtools/sdm/_fit_desoto_pvsyst_sandia.py", "_filter_params")),
    case(_check_converge, _converge, PVL("ivtools/sdm/_fit_desoto_pvsyst_sandia.py", "_check_converge")),
    case(_calc_theta_phi_exact, _theta_phi, PVL("ivtools/sdm/_fit_desoto_pvsyst_sandia.py", "_calc_theta_phi_exact",
                                                "some Rsh large enough that the Lambert W argument overflows")),
    case(_golden_sect_DataFrame, _golden, PVL("tools.py", "_golden_sect_DataFrame",
                                              "tests/test_tools.py's objective and its NaN-bound vector case")),
    # spa.py, solarposition.py
    case(solar_position_numpy, _spa, PVL("spa.py", "solar_position_numpy", "NREL SPA on arrays; Golden, CO")),
    case(solar_position_numpy, _spa_gap, PVL("spa.py", "solar_position_numpy", "a missing (NaN) time stamp"),
         name="solar.solar_position_numpy_gap"),
    case(calculate_deltat, lambda rng: (rng.integers(1900, 2200, N), rng.integers(1, 13, N)),
         PVL("spa.py", "calculate_deltat")),
]
