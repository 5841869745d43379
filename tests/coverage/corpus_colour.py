"""colour-science's colour differences, colour temperatures, colorimetry, transfer functions and CIECAM02.

Copied from colour-science/colour at 9d743142ed97a5cfae347b559aca14c43464eb70 (its LICENSE is BSD 3-Clause,
"Copyright 2013 Colour Developers"), from the files named above each group and in each case's source. Bodies
are as written; docstrings, comments and type hints dropped (the hints name colour's ``colour.hints``
aliases). Every copied ``def`` was checked against the source's AST.

colour's helpers that the copied code calls are copied too, from ``colour/utilities/array.py``,
``common.py``, ``verbose.py``, ``structures.py`` and ``colour/algebra/common.py``:

* ``as_array``, ``as_int``, ``as_int_array``, ``as_float_array``, ``as_float``, ``tsplit``, ``tstack``,
  ``zeros``, ``ones``, ``row_as_diagonal``, ``optional``, ``attest``, ``validate_method``, ``vecmul``,
  ``euclidean_distance``, ``spow``, ``sdiv``, ``warning``, ``usage_warning``, ``runtime_warning`` and
  ``Structure`` (a ``dict`` with attribute access; it holds the transfer functions' constants) as written,
  with colour's ``DTypeInt``/``DTypeFloat`` unions and default dtypes (int64, float64);
* the helpers that read colour's global state read module constants fixed to colour's defaults:
  ``_DOMAIN_RANGE_SCALE = "reference"`` (``to_domain_1``, ``to_domain_100``, ``to_domain_degrees``,
  ``from_range_1``, ``from_range_100``, ``from_range_degrees`` keep their ``if``s, which are then never
  taken), ``_SDIV_MODE = "Ignore Zero Conversion"`` (``sdiv``'s chain of modes as written) and
  ``_SPOW_ENABLED = True`` (``spow``). ``sdiv_mode()`` and ``domain_range_scale("ignore")``, which set
  and restore that global state around a block, are context managers that do nothing: with the modes
  fixed, "ignore" and "reference" scale nothing, and ``sdiv_mode()`` without an argument keeps the mode;
* ``CanonicalMapping`` (colour's case-insensitive dict) is a plain dict keyed by the lower-case names that
  ``validate_method`` returns; ``DATA_ALEXA_LOG_C_CURVE_CONVERSION`` holds only the entry the case uses
  ("SUP 3.x", "Linear Scene Exposure Factor", EI 800) and ``CHROMATIC_ADAPTATION_TRANSFORMS`` only
  Bradford, CAT02 and Von Kries (``colour/adaptation/datasets/cat.py``).

Adapted, beyond that:

* ``XYZ_to_CIECAM02`` returns colour's ``CAM_Specification_CIECAM02`` dataclass (copied without its
  arithmetic mixin): ``xyz_to_ciecam02`` is a two-line wrapper that returns its fields as a tuple;
* ``xyz_to_ucs_uv`` chains ``XYZ_to_UCS`` and ``UCS_to_uv`` as ``XYZ_to_CCT_Ohno2013`` does;
* ``lagrange_coefficients`` is given its ``r`` as a 0-d array (a Python float is part of the trace key,
  and would differ between the harness's two calls).

Not taken: the CCT methods that run ``scipy.optimize.minimize`` once per sample (``xy_to_CCT_Kang2002``,
``uv_to_CCT_Planck1900``, ...), and Ohno (2013), whose Planckian table is integrated from colour's
tabulated colour-matching functions (``MultiSpectralDistributions``), a data set and class too large to copy.
"""

# ruff: noqa: E741, N802, N803, N806
from __future__ import annotations

import itertools
from collections import namedtuple
from collections.abc import KeysView, ValuesView
from dataclasses import dataclass, field
from functools import reduce
from typing import Union, cast
from warnings import warn

import numpy as np

from tests.coverage.cases import COL, case

# --- colour/utilities/common.py, verbose.py -----------------------------------------------------------

DTYPE_FLOAT_DEFAULT = np.float64
DTYPE_INT_DEFAULT = np.int64
_DOMAIN_RANGE_SCALE = "reference"  # colour's default (fixed here)
_SDIV_MODE = "Ignore Zero Conversion"  # colour's default (fixed here)
_SPOW_ENABLED = True  # colour's default (fixed here)
EPSILON = float(np.finfo(np.double).eps)
DTypeInt = Union[np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]  # colour/hints
DTypeFloat = Union[np.float16, np.float32, np.float64]  # colour/hints
NDArrayFloat = np.ndarray  # colour/hints (a type alias, for typing.cast)
_ASSERTION_MESSAGE_DTYPE_INT = f'"dtype" must be one of the following types: "{DTypeInt.__args__}"'
_ASSERTION_MESSAGE_DTYPE_FLOAT = f'"dtype" must be one of the following types: "{DTypeFloat.__args__}"'


class ColourWarning(Warning):
    pass


class ColourUsageWarning(ColourWarning):
    pass


class ColourRuntimeWarning(ColourWarning):
    pass


def warning(*args, **kwargs):
    kwargs["category"] = kwargs.get("category", ColourWarning)

    warn(*args, **kwargs)  # noqa: B028


def usage_warning(*args, **kwargs):
    kwargs["category"] = ColourUsageWarning

    warning(*args, **kwargs)


def runtime_warning(*args, **kwargs):
    kwargs["category"] = ColourRuntimeWarning

    warning(*args, **kwargs)


def attest(condition, message=""):
    if not condition:
        raise AssertionError(message)


def validate_method(method, valid_methods, message='"{0}" method is invalid, it must be one of {1}!',
                    as_lowercase=True):
    valid_methods = tuple([str(valid_method) for valid_method in valid_methods])

    method_lower = method.lower()
    if method_lower not in [valid_method.lower() for valid_method in valid_methods]:
        raise ValueError(message.format(method, valid_methods))

    return method_lower if as_lowercase else method


def optional(value, default):
    if value is None:
        return default
    else:
        return value


class _FixedMode:
    """``sdiv_mode()`` / ``domain_range_scale("ignore")`` with colour's modes fixed: nothing to set."""

    def __init__(self, mode=None):
        self._mode = mode

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return None


sdiv_mode = _FixedMode
domain_range_scale = _FixedMode


class Structure(dict):  # colour/utilities/structures.py
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)

    def __setattr__(self, name, value):
        self[name] = value

    def __delattr__(self, name):
        del self[name]

    def __dir__(self):
        return self.keys()

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as error:
            raise AttributeError(name) from error

    def __setstate__(self, state):
        pass


# --- colour/utilities/array.py -------------------------------------------------------------------------


def as_array(a, dtype=None):
    if isinstance(a, (KeysView, ValuesView)):
        a = list(a)

    return np.asarray(a, dtype)


def as_int(a, dtype=None):
    dtype = optional(dtype, DTYPE_INT_DEFAULT)

    attest(dtype in DTypeInt.__args__, _ASSERTION_MESSAGE_DTYPE_INT)

    return dtype(a)


def as_int_array(a, dtype=None):
    dtype = optional(dtype, DTYPE_INT_DEFAULT)

    attest(dtype in DTypeInt.__args__, _ASSERTION_MESSAGE_DTYPE_INT)

    return as_array(a, dtype)


def as_float_array(a, dtype=None):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    attest(dtype in DTypeFloat.__args__, _ASSERTION_MESSAGE_DTYPE_FLOAT)

    return as_array(a, dtype)


def as_float(a, dtype=None):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    attest(dtype in DTypeFloat.__args__, _ASSERTION_MESSAGE_DTYPE_FLOAT)

    if isinstance(a, np.ndarray) and a.size == 1 and a.ndim != 0:
        return as_float_array(a, dtype)

    return dtype(a)


def tsplit(a, dtype=None):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    a = as_array(a, dtype)

    if a.ndim <= 2:
        return np.transpose(a)

    return np.transpose(
        a,
        np.concatenate([[a.ndim - 1], np.arange(0, a.ndim - 1)]),
    )


def tstack(a, dtype=None):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    a = as_array(a, dtype)

    if a.ndim <= 2:
        return np.transpose(a)

    return np.concatenate([x[..., None] for x in a], axis=-1)


def zeros(shape, dtype=None, order="C"):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    return np.zeros(shape, dtype, order)


def ones(shape, dtype=None, order="C"):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    return np.ones(shape, dtype, order)


def row_as_diagonal(a):
    d = as_array(a)

    d = np.expand_dims(d, -2)

    return np.eye(d.shape[-1]) * d


def to_domain_1(a, scale_factor=100, dtype=None):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    a = as_float_array(a, dtype).copy()

    if _DOMAIN_RANGE_SCALE == "100":
        a /= as_float_array(scale_factor)

    return a


def to_domain_100(a, scale_factor=100, dtype=None):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    a = as_float_array(a, dtype).copy()

    if _DOMAIN_RANGE_SCALE == "1":
        a *= as_float_array(scale_factor)

    return a


def to_domain_degrees(a, scale_factor=360, dtype=None):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    a = as_float_array(a, dtype).copy()

    if _DOMAIN_RANGE_SCALE == "1":
        a *= as_float_array(scale_factor)

    if _DOMAIN_RANGE_SCALE == "100":
        a *= as_float_array(scale_factor) / 100

    return a


def from_range_1(a, scale_factor=100, dtype=None):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    a = as_float_array(a, dtype)

    if _DOMAIN_RANGE_SCALE == "100":
        a *= as_float_array(scale_factor)

    return a


def from_range_100(a, scale_factor=100, dtype=None):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    a = as_float_array(a, dtype)

    if _DOMAIN_RANGE_SCALE == "1":
        a /= as_float_array(scale_factor)

    return a


def from_range_degrees(a, scale_factor=360, dtype=None):
    dtype = optional(dtype, DTYPE_FLOAT_DEFAULT)

    a = as_float_array(a, dtype)

    if _DOMAIN_RANGE_SCALE == "1":
        a /= as_float_array(scale_factor)

    if _DOMAIN_RANGE_SCALE == "100":
        a /= as_float_array(scale_factor) / 100

    return a


# --- colour/algebra/common.py --------------------------------------------------------------------------


def sdiv(a, b):
    a = as_float_array(a)
    b = as_float_array(b)

    mode = validate_method(
        _SDIV_MODE,
        (
            "Numpy",
            "Ignore",
            "Warning",
            "Raise",
            "Ignore Zero Conversion",
            "Warning Zero Conversion",
            "Ignore Limit Conversion",
            "Warning Limit Conversion",
        ),
    )

    if mode == "numpy":
        c = a / b
    elif mode == "ignore":
        with np.errstate(divide="ignore", invalid="ignore"):
            c = a / b
    elif mode == "warning":
        with np.errstate(divide="warn", invalid="warn"):
            c = a / b
    elif mode == "raise":
        with np.errstate(divide="raise", invalid="raise"):
            c = a / b
    elif mode == "ignore zero conversion":
        with np.errstate(divide="ignore", invalid="ignore"):
            c = np.nan_to_num(a / b, nan=0, posinf=0, neginf=0)
    elif mode == "warning zero conversion":
        with np.errstate(divide="warn", invalid="warn"):
            c = np.nan_to_num(a / b, nan=0, posinf=0, neginf=0)
    elif mode == "ignore limit conversion":
        with np.errstate(divide="ignore", invalid="ignore"):
            c = np.nan_to_num(a / b)
    elif mode == "warning limit conversion":
        with np.errstate(divide="warn", invalid="warn"):
            c = np.nan_to_num(a / b)

    return c


def spow(a, p):
    if not _SPOW_ENABLED:
        return np.power(a, p)

    a = as_float_array(a)
    p = as_float_array(p)

    a_p = np.sign(a) * np.abs(a) ** p

    return as_float(0 if a_p.ndim == 0 and np.isnan(a_p) else a_p)


def vecmul(m, v):
    return np.matmul(as_float_array(m), as_float_array(v)[..., None]).squeeze(-1)


def euclidean_distance(a, b):
    return as_float(np.linalg.norm(as_float_array(a) - as_float_array(b), axis=-1))


# --- colour/difference/delta_e.py ----------------------------------------------------------------------


def delta_E_CIE1976(Lab_1, Lab_2):
    d_E = euclidean_distance(to_domain_100(Lab_1), to_domain_100(Lab_2))

    return d_E


def delta_E_CIE1994(Lab_1, Lab_2, textiles=False):
    L_1, a_1, b_1 = tsplit(to_domain_100(Lab_1))
    L_2, a_2, b_2 = tsplit(to_domain_100(Lab_2))

    k_1 = 0.048 if textiles else 0.045
    k_2 = 0.014 if textiles else 0.015
    k_L = 2 if textiles else 1
    k_C = 1
    k_H = 1

    C_1 = np.hypot(a_1, b_1)
    C_2 = np.hypot(a_2, b_2)

    s_L = 1
    s_C = 1 + k_1 * C_1
    s_H = 1 + k_2 * C_1

    delta_L = L_1 - L_2
    delta_C = C_1 - C_2
    delta_A = a_1 - a_2
    delta_B = b_1 - b_2

    radical = delta_A**2 + delta_B**2 - delta_C**2
    delta_H = zeros(radical.shape)
    delta_H[radical > 0] = np.sqrt(radical[radical > 0])

    L = (delta_L / (k_L * s_L)) ** 2
    C = (delta_C / (k_C * s_C)) ** 2
    H = (delta_H / (k_H * s_H)) ** 2

    d_E = np.sqrt(L + C + H)

    return as_float(d_E)


def delta_E_CIE2000(Lab_1, Lab_2, textiles=False):
    L_1, a_1, b_1 = tsplit(to_domain_100(Lab_1))
    L_2, a_2, b_2 = tsplit(to_domain_100(Lab_2))

    k_L = 2 if textiles else 1
    k_C = 1
    k_H = 1

    C_1_ab = np.hypot(a_1, b_1)
    C_2_ab = np.hypot(a_2, b_2)

    C_bar_ab = (C_1_ab + C_2_ab) / 2
    C_bar_ab_7 = C_bar_ab**7

    G = 0.5 * (1 - np.sqrt(C_bar_ab_7 / (C_bar_ab_7 + 25**7)))

    a_p_1 = (1 + G) * a_1
    a_p_2 = (1 + G) * a_2

    C_p_1 = np.hypot(a_p_1, b_1)
    C_p_2 = np.hypot(a_p_2, b_2)

    h_p_1 = np.where(
        np.logical_and(b_1 == 0, a_p_1 == 0),
        0,
        np.degrees(np.arctan2(b_1, a_p_1)) % 360,
    )
    h_p_2 = np.where(
        np.logical_and(b_2 == 0, a_p_2 == 0),
        0,
        np.degrees(np.arctan2(b_2, a_p_2)) % 360,
    )

    delta_L_p = L_2 - L_1

    delta_C_p = C_p_2 - C_p_1

    h_p_2_s_1 = h_p_2 - h_p_1
    C_p_1_m_2 = C_p_1 * C_p_2
    delta_h_p = np.select(
        [
            C_p_1_m_2 == 0,
            np.fabs(h_p_2_s_1) <= 180,
            h_p_2_s_1 > 180,
            h_p_2_s_1 < -180,
        ],
        [
            0,
            h_p_2_s_1,
            h_p_2_s_1 - 360,
            h_p_2_s_1 + 360,
        ],
    )

    delta_H_p = 2 * np.sqrt(C_p_1_m_2) * np.sin(np.deg2rad(delta_h_p / 2))

    L_bar_p = (L_1 + L_2) / 2

    C_bar_p = (C_p_1 + C_p_2) / 2

    a_h_p_1_s_2 = np.fabs(h_p_1 - h_p_2)
    h_p_1_a_2 = h_p_1 + h_p_2
    h_bar_p = np.select(
        [
            C_p_1_m_2 == 0,
            a_h_p_1_s_2 <= 180,
            np.logical_and(a_h_p_1_s_2 > 180, h_p_1_a_2 < 360),
            np.logical_and(a_h_p_1_s_2 > 180, h_p_1_a_2 >= 360),
        ],
        [
            h_p_1_a_2,
            h_p_1_a_2 / 2,
            (h_p_1_a_2 + 360) / 2,
            (h_p_1_a_2 - 360) / 2,
        ],
    )

    T = (
        1
        - 0.17 * np.cos(np.deg2rad(h_bar_p - 30))
        + 0.24 * np.cos(np.deg2rad(2 * h_bar_p))
        + 0.32 * np.cos(np.deg2rad(3 * h_bar_p + 6))
        - 0.20 * np.cos(np.deg2rad(4 * h_bar_p - 63))
    )

    delta_theta = 30 * np.exp(-(((h_bar_p - 275) / 25) ** 2))

    C_bar_p_7 = C_bar_p**7
    R_C = 2 * np.sqrt(C_bar_p_7 / (C_bar_p_7 + 25**7))

    L_bar_p_2 = (L_bar_p - 50) ** 2
    S_L = 1 + ((0.015 * L_bar_p_2) / np.sqrt(20 + L_bar_p_2))

    S_C = 1 + 0.045 * C_bar_p

    S_H = 1 + 0.015 * C_bar_p * T

    R_T = -np.sin(np.deg2rad(2 * delta_theta)) * R_C

    d_E = np.sqrt(
        (delta_L_p / (k_L * S_L)) ** 2
        + (delta_C_p / (k_C * S_C)) ** 2
        + (delta_H_p / (k_H * S_H)) ** 2
        + R_T * (delta_C_p / (k_C * S_C)) * (delta_H_p / (k_H * S_H))
    )

    return as_float(d_E)


def delta_E_CMC(Lab_1, Lab_2, l=2, c=1):
    L_1, a_1, b_1 = tsplit(to_domain_100(Lab_1))
    L_2, a_2, b_2 = tsplit(to_domain_100(Lab_2))

    C_1 = np.hypot(a_1, b_1)
    C_2 = np.hypot(a_2, b_2)
    s_L = np.where(L_1 < 16, 0.511, (0.040975 * L_1) / (1 + 0.01765 * L_1))
    s_C = 0.0638 * C_1 / (1 + 0.0131 * C_1) + 0.638
    h_1 = np.degrees(np.arctan2(b_1, a_1)) % 360

    t = np.where(
        np.logical_and(h_1 >= 164, h_1 <= 345),
        0.56 + np.fabs(0.2 * np.cos(np.deg2rad(h_1 + 168))),
        0.36 + np.fabs(0.4 * np.cos(np.deg2rad(h_1 + 35))),
    )

    C_4 = C_1 * C_1 * C_1 * C_1
    f = np.sqrt(C_4 / (C_4 + 1900))
    s_h = s_C * (f * t + 1 - f)

    delta_L = L_1 - L_2
    delta_C = C_1 - C_2
    delta_A = a_1 - a_2
    delta_B = b_1 - b_2
    delta_H2 = delta_A**2 + delta_B**2 - delta_C**2

    v_1 = delta_L / (l * s_L)
    v_2 = delta_C / (c * s_C)
    v_3 = s_h

    d_E = np.sqrt(v_1**2 + v_2**2 + (delta_H2 / (v_3 * v_3)))

    return as_float(d_E)


def delta_E_ITP(ICtCp_1, ICtCp_2):
    I_1, T_1, P_1 = tsplit(ICtCp_1)
    T_1 *= 0.5

    I_2, T_2, P_2 = tsplit(ICtCp_2)
    T_2 *= 0.5

    d_E_ITP = 720 * np.sqrt(
        ((I_2 - I_1) ** 2) + ((T_2 - T_1) ** 2) + ((P_2 - P_1) ** 2)
    )

    return as_float(d_E_ITP)


# --- colour/temperature/mccamy1992.py, hernandez1999.py, kang2002.py, krystek1985.py, cie_d.py ----------


def xy_to_CCT_McCamy1992(xy):
    x, y = tsplit(xy)

    with sdiv_mode():
        n = sdiv(x - 0.3320, y - 0.1858)

    CCT = -449 * n**3 + 3525 * n**2 - 6823.3 * n + 5520.33

    return as_float(CCT)


def xy_to_CCT_Hernandez1999(xy):
    x, y = tsplit(xy)

    with sdiv_mode():
        n = sdiv(x - 0.3366, y - 0.1735)

    CCT = (
        -949.86315
        + 6253.80338 * np.exp(-n / 0.92159)
        + 28.70599 * np.exp(-n / 0.20039)
        + 0.00004 * np.exp(-n / 0.07125)
    )

    n = np.where(CCT > 50000, (x - 0.3356) / (y - 0.1691), n)

    CCT = np.where(
        CCT > 50000,
        36284.48953
        + 0.00228 * np.exp(-n / 0.07861)
        + 5.4535e-36 * np.exp(-n / 0.01543),
        CCT,
    )

    return as_float(CCT)


def CCT_to_xy_Kang2002(CCT):
    CCT = as_float_array(CCT)

    if np.any(CCT[np.asarray(np.logical_or(CCT < 1667, CCT > 25000))]):
        usage_warning(
            "Correlated colour temperature must be in domain "
            "[1667, 25000], unpredictable results may occur!"
        )

    CCT_3 = CCT**3
    CCT_2 = CCT**2

    x = np.where(
        CCT <= 4000,
        -0.2661239 * 10**9 / CCT_3
        - 0.2343589 * 10**6 / CCT_2
        + 0.8776956 * 10**3 / CCT
        + 0.179910,
        -3.0258469 * 10**9 / CCT_3
        + 2.1070379 * 10**6 / CCT_2
        + 0.2226347 * 10**3 / CCT
        + 0.24039,
    )

    x_3 = x**3
    x_2 = x**2

    cnd_l = [CCT <= 2222, np.logical_and(CCT > 2222, CCT <= 4000), CCT > 4000]
    i = -1.1063814 * x_3 - 1.34811020 * x_2 + 2.18555832 * x - 0.20219683
    j = -0.9549476 * x_3 - 1.37418593 * x_2 + 2.09137015 * x - 0.16748867
    k = 3.0817580 * x_3 - 5.8733867 * x_2 + 3.75112997 * x - 0.37001483
    y = np.select(cnd_l, [i, j, k])

    return tstack([x, y])


def CCT_to_uv_Krystek1985(CCT):
    T = as_float_array(CCT)

    T_2 = T**2

    u = (0.860117757 + 1.54118254 * 10**-4 * T + 1.28641212 * 10**-7 * T_2) / (
        1 + 8.42420235 * 10**-4 * T + 7.08145163 * 10**-7 * T_2
    )
    v = (0.317398726 + 4.22806245 * 10**-5 * T + 4.20481691 * 10**-8 * T_2) / (
        1 - 2.89741816 * 10**-5 * T + 1.61456053 * 10**-7 * T_2
    )

    return tstack([u, v])


# --- colour/temperature/robertson1968.py ---------------------------------------------------------------

DATA_ISOTEMPERATURE_LINES_ROBERTSON1968 = (
    (0, 0.18006, 0.26352, -0.24341),
    (10, 0.18066, 0.26589, -0.25479),
    (20, 0.18133, 0.26846, -0.26876),
    (30, 0.18208, 0.27119, -0.28539),
    (40, 0.18293, 0.27407, -0.30470),
    (50, 0.18388, 0.27709, -0.32675),
    (60, 0.18494, 0.28021, -0.35156),
    (70, 0.18611, 0.28342, -0.37915),
    (80, 0.18740, 0.28668, -0.40955),
    (90, 0.18880, 0.28997, -0.44278),
    (100, 0.19032, 0.29326, -0.47888),
    (125, 0.19462, 0.30141, -0.58204),
    (150, 0.19962, 0.30921, -0.70471),
    (175, 0.20525, 0.31647, -0.84901),
    (200, 0.21142, 0.32312, -1.0182),
    (225, 0.21807, 0.32909, -1.2168),
    (250, 0.22511, 0.33439, -1.4512),
    (275, 0.23247, 0.33904, -1.7298),
    (300, 0.24010, 0.34308, -2.0637),
    (325, 0.24792, 0.34655, -2.4681),  # 0.24702 --> 0.24792 Bruce Lindbloom
    (350, 0.25591, 0.34951, -2.9641),
    (375, 0.26400, 0.35200, -3.5814),
    (400, 0.27218, 0.35407, -4.3633),
    (425, 0.28039, 0.35577, -5.3762),
    (450, 0.28863, 0.35714, -6.7262),
    (475, 0.29685, 0.35823, -8.5955),
    (500, 0.30505, 0.35907, -11.324),
    (525, 0.31320, 0.35968, -15.628),
    (550, 0.32129, 0.36011, -23.325),
    (575, 0.32931, 0.36038, -40.770),
    (600, 0.33724, 0.36051, -116.45),
)


@dataclass
class ISOTemperatureLine_Specification_Robertson1968:
    r: float
    u: float
    v: float
    t: float


ISOTEMPERATURE_LINES_ROBERTSON1968 = [
    ISOTemperatureLine_Specification_Robertson1968(*x)
    for x in DATA_ISOTEMPERATURE_LINES_ROBERTSON1968
]


def mired_to_CCT(mired):
    mired = as_float_array(mired)

    with sdiv_mode():
        return sdiv(1.0e6, mired)


def CCT_to_mired(CCT):
    CCT = as_float_array(CCT)

    with sdiv_mode():
        return sdiv(1.0e6, CCT)


def _uv_to_CCT_Robertson1968(uv):
    u, v = tsplit(uv)

    last_dt = last_dv = last_du = 0
    D_uv = 0

    for i in range(1, 31):
        wr_ruvt = ISOTEMPERATURE_LINES_ROBERTSON1968[i]
        wr_ruvt_previous = ISOTEMPERATURE_LINES_ROBERTSON1968[i - 1]

        du = 1
        dv = wr_ruvt.t

        length = np.hypot(1, dv)

        du /= length
        dv /= length

        uu = u - wr_ruvt.u
        vv = v - wr_ruvt.v

        dt = -uu * dv + vv * du

        if dt <= 0 or i == 30:
            if dt > 0:
                dt = 0

            dt = -dt

            f = 0 if i == 1 else dt / (last_dt + dt)

            T = mired_to_CCT(wr_ruvt_previous.r * f + wr_ruvt.r * (1 - f))

            uu = u - (wr_ruvt_previous.u * f + wr_ruvt.u * (1 - f))
            vv = v - (wr_ruvt_previous.v * f + wr_ruvt.v * (1 - f))

            du = du * (1 - f) + last_du * f
            dv = dv * (1 - f) + last_dv * f

            length = np.hypot(du, dv)

            du /= length
            dv /= length

            D_uv = uu * du + vv * dv

            break

        last_dt = dt
        last_du = du
        last_dv = dv

    return np.array([T, -D_uv])


def uv_to_CCT_Robertson1968(uv):
    uv = as_float_array(uv)

    CCT_D_uv = [_uv_to_CCT_Robertson1968(a) for a in np.reshape(uv, (-1, 2))]

    return np.reshape(CCT_D_uv, uv.shape)


def _CCT_to_uv_Robertson1968(CCT_D_uv):
    CCT, D_uv = tsplit(CCT_D_uv)

    r = CCT_to_mired(CCT)

    u, v = 0, 0
    for i in range(30):
        wr_ruvt = ISOTEMPERATURE_LINES_ROBERTSON1968[i]
        wr_ruvt_next = ISOTEMPERATURE_LINES_ROBERTSON1968[i + 1]

        if r < wr_ruvt_next.r or i == 29:
            f = (wr_ruvt_next.r - r) / (wr_ruvt_next.r - wr_ruvt.r)

            u = wr_ruvt.u * f + wr_ruvt_next.u * (1 - f)
            v = wr_ruvt.v * f + wr_ruvt_next.v * (1 - f)

            uu1 = uu2 = 1.0
            vv1, vv2 = wr_ruvt.t, wr_ruvt_next.t

            length1 = np.hypot(1, vv1)
            length2 = np.hypot(1, vv2)

            uu1 /= length1
            vv1 /= length1

            uu2 /= length2
            vv2 /= length2

            uu3 = uu1 * f + uu2 * (1 - f)
            vv3 = vv1 * f + vv2 * (1 - f)

            len3 = np.sqrt(uu3 * uu3 + vv3 * vv3)

            uu3 /= len3
            vv3 /= len3

            u += uu3 * -D_uv
            v += vv3 * -D_uv

            break

    return np.array([u, v])


def CCT_to_uv_Robertson1968(CCT_D_uv):
    CCT_D_uv = as_float_array(CCT_D_uv)

    uv = [_CCT_to_uv_Robertson1968(a) for a in np.reshape(CCT_D_uv, (-1, 2))]

    return np.reshape(uv, CCT_D_uv.shape)


# --- colour/colorimetry/blackbody.py -------------------------------------------------------------------

CONSTANT_C1 = 3.741771e-16
CONSTANT_C2 = 1.4388e-2
CONSTANT_N = 1


def planck_law(wavelength, temperature, c1=CONSTANT_C1, c2=CONSTANT_C2, n=CONSTANT_N):
    l = as_float_array(wavelength)
    t = as_float_array(temperature)

    attest(np.all(l > 0), "Wavelengths must be positive real numbers!")

    l = np.ravel(l)[..., None]
    t = np.ravel(t)[None, ...]

    d = 1 / np.expm1(c2 / (n * l * t))
    p = ((c1 * n**-2 * l**-5) / np.pi) * d

    return as_float(np.squeeze(p))


# --- colour/colorimetry/lightness.py, luminance.py -----------------------------------------------------


def intermediate_lightness_function_CIE1976(Y, Y_n=100):
    Y = as_float_array(Y)
    Y_n = as_float_array(Y_n)

    Y_Y_n = Y / Y_n

    f_Y_Y_n = np.where(
        Y_Y_n > (24 / 116) ** 3,
        spow(Y_Y_n, 1 / 3),
        (841 / 108) * Y_Y_n + 16 / 116,
    )

    return as_float(f_Y_Y_n)


def lightness_CIE1976(Y, Y_n=100):
    Y = to_domain_100(Y)
    Y_n = to_domain_100(Y_n)

    L_star = 116 * intermediate_lightness_function_CIE1976(Y, Y_n) - 16

    return as_float(from_range_100(L_star))


def lightness_Wyszecki1963(Y):
    Y = to_domain_100(Y)

    if np.any(Y < 1) or np.any(Y > 98):
        usage_warning(
            '"W*" Lightness computation is only applicable for '
            '1% < "Y" < 98%, unpredictable results may occur!'
        )

    W = 25 * spow(Y, 1 / 3) - 17

    return as_float(from_range_100(W))


def reaction_rate_MichaelisMenten_Abebe2017(S, V_max, K_m, b_m):  # colour/biochemistry/michaelis_menten.py
    S = as_float_array(S)
    V_max = as_float_array(V_max)
    K_m = as_float_array(K_m)
    b_m = as_float_array(b_m)

    v = (V_max * S) / (b_m * S + K_m)

    return as_float(v)


def lightness_Abebe2017(Y, Y_n=100, method="Michaelis-Menten"):
    Y = as_float_array(Y)
    Y_n = as_float_array(Y_n)
    method = validate_method(method, ("Michaelis-Menten", "Stevens"))

    Y_Y_n = Y / Y_n
    if method == "stevens":
        L = np.where(
            Y_n <= 100,
            1.226 * spow(Y_Y_n, 0.266) - 0.226,
            1.127 * spow(Y_Y_n, 0.230) - 0.127,
        )
    else:
        L = np.where(
            Y_n <= 100,
            reaction_rate_MichaelisMenten_Abebe2017(
                spow(Y_Y_n, 0.582), 1.448, 0.635, 0.813
            ),
            reaction_rate_MichaelisMenten_Abebe2017(
                spow(Y_Y_n, 0.293), 1.680, 1.584, 0.096
            ),
        )

    return as_float(L)


def intermediate_luminance_function_CIE1976(f_Y_Y_n, Y_n=100):
    f_Y_Y_n = as_float_array(f_Y_Y_n)
    Y_n = as_float_array(Y_n)

    Y = np.where(
        f_Y_Y_n > 24 / 116,
        Y_n * f_Y_Y_n**3,
        Y_n * (f_Y_Y_n - 16 / 116) * (108 / 841),
    )

    return as_float(Y)


def luminance_CIE1976(L_star, Y_n=100):
    L_star = to_domain_100(L_star)
    Y_n = to_domain_100(Y_n)

    f_Y_Y_n = (L_star + 16) / 116

    Y = intermediate_luminance_function_CIE1976(f_Y_Y_n, Y_n)

    return as_float(from_range_100(Y))


# --- colour/models/cie_xyy.py, cie_lab.py, cie_luv.py, cie_ucs.py --------------------------------------

CCS_D65 = np.array([0.31270, 0.32900])  # CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["D65"]


def xyY_to_XYZ(xyY):
    xyY = as_float_array(xyY)

    x, y, Y = tsplit(xyY)
    Y = to_domain_1(Y)

    with sdiv_mode():
        Y_y = sdiv(Y, y)

    XYZ = tstack([x * Y_y, Y, (1 - x - y) * Y_y])

    return from_range_1(XYZ)


def xy_to_xyY(xy, Y=np.array(1)):
    xy = as_float_array(xy)
    Y = as_float_array(to_domain_1(Y))

    if xy.shape[-1] == 3:
        return xy

    x, y = tsplit(xy)

    xyY = tstack([x, y, np.resize(Y, x.shape)])

    return from_range_1(xyY, np.array([1, 1, 100]))


def XYZ_to_Lab(XYZ, illuminant=CCS_D65):
    X, Y, Z = tsplit(to_domain_1(XYZ))

    X_n, Y_n, Z_n = tsplit(xyY_to_XYZ(xy_to_xyY(illuminant)))

    f_X_X_n = intermediate_lightness_function_CIE1976(X, X_n)
    f_Y_Y_n = intermediate_lightness_function_CIE1976(Y, Y_n)
    f_Z_Z_n = intermediate_lightness_function_CIE1976(Z, Z_n)

    L = 116 * f_Y_Y_n - 16
    a = 500 * (f_X_X_n - f_Y_Y_n)
    b = 200 * (f_Y_Y_n - f_Z_Z_n)

    Lab = tstack([L, a, b])

    return from_range_100(Lab)


def Lab_to_XYZ(Lab, illuminant=CCS_D65):
    L, a, b = tsplit(to_domain_100(Lab))

    X_n, Y_n, Z_n = tsplit(xyY_to_XYZ(xy_to_xyY(illuminant)))

    f_Y_Y_n = (L + 16) / 116
    f_X_X_n = a / 500 + f_Y_Y_n
    f_Z_Z_n = f_Y_Y_n - b / 200

    X = intermediate_luminance_function_CIE1976(f_X_X_n, X_n)
    Y = intermediate_luminance_function_CIE1976(f_Y_Y_n, Y_n)
    Z = intermediate_luminance_function_CIE1976(f_Z_Z_n, Z_n)

    XYZ = tstack([X, Y, Z])

    return from_range_1(XYZ)


def XYZ_to_Luv(XYZ, illuminant=CCS_D65):
    X, Y, Z = tsplit(to_domain_1(XYZ))

    X_r, Y_r, Z_r = tsplit(xyY_to_XYZ(xy_to_xyY(illuminant)))

    with domain_range_scale("ignore"):
        L = lightness_CIE1976(Y, Y_r)

    X_Y_Z = X + 15 * Y + 3 * Z
    X_r_Y_r_Z_r = X_r + 15 * Y_r + 3 * Z_r

    with sdiv_mode():
        u = 13 * L * ((4 * sdiv(X, X_Y_Z)) - (4 * sdiv(X_r, X_r_Y_r_Z_r)))
        v = 13 * L * ((9 * sdiv(Y, X_Y_Z)) - (9 * sdiv(Y_r, X_r_Y_r_Z_r)))

    Luv = tstack([L, u, v])

    return from_range_100(Luv)


def XYZ_to_UCS(XYZ):
    X, Y, Z = tsplit(to_domain_1(XYZ))

    UVW = tstack([2 / 3 * X, Y, 1 / 2 * (-X + 3 * Y + Z)])

    return from_range_1(UVW)


def UCS_to_uv(UVW):
    U, V, W = tsplit(to_domain_1(UVW))

    U_V_W = U + V + W

    with sdiv_mode():
        uv = tstack([sdiv(U, U_V_W), sdiv(V, U_V_W)])

    return uv


def xyz_to_ucs_uv(XYZ):
    """``UCS_to_uv(XYZ_to_UCS(XYZ))``, as colour's ``XYZ_to_CCT_Ohno2013`` chains them."""
    return UCS_to_uv(XYZ_to_UCS(XYZ))


# --- colour/models/rgb/transfer_functions ---------------------------------------------------------------


def eotf_inverse_sRGB(L):  # srgb.py
    L = to_domain_1(L)

    V = np.where(L <= 0.0031308, L * 12.92, 1.055 * spow(L, 1 / 2.4) - 0.055)

    return as_float(from_range_1(V))


def eotf_sRGB(V):  # srgb.py
    V = to_domain_1(V)

    with domain_range_scale("ignore"):
        L = np.where(
            eotf_inverse_sRGB(0.0031308) >= V,
            V / 12.92,
            spow((V + 0.055) / 1.055, 2.4),
        )

    return as_float(from_range_1(L))


def oetf_BT601(L):  # itur_bt_601.py
    L = to_domain_1(L)

    E = np.where(L < 0.018, L * 4.5, 1.099 * spow(L, 0.45) - 0.099)

    return as_float(from_range_1(E))


def oetf_inverse_BT601(E):  # itur_bt_601.py
    E = to_domain_1(E)

    with domain_range_scale("ignore"):
        L = np.where(
            oetf_BT601(0.018) > E,
            E / 4.5,
            spow((E + 0.099) / 1.099, 1 / 0.45),
        )

    return as_float(from_range_1(L))


def oetf_BT709(L):  # itur_bt_709.py
    return oetf_BT601(L)


def eotf_BT1886(V, L_B=0, L_W=1):  # itur_bt_1886.py
    V = to_domain_1(V)

    gamma = 2.40
    gamma_d = 1 / gamma

    n = L_W**gamma_d - L_B**gamma_d
    a = n**gamma
    b = L_B**gamma_d / n
    L = a * spow(np.maximum(V + b, 0), gamma)

    return as_float(from_range_1(L))


CONSTANTS_ST2084 = Structure(
    m_1=2610 / 4096 * (1 / 4),
    m_2=2523 / 4096 * 128,
    c_1=3424 / 4096,
    c_2=2413 / 4096 * 32,
    c_3=2392 / 4096 * 32,
)


def eotf_inverse_ST2084(C, L_p=10000, constants=CONSTANTS_ST2084):  # st_2084.py
    C = as_float_array(C)

    c_1 = constants.c_1
    c_2 = constants.c_2
    c_3 = constants.c_3
    m_1 = constants.m_1
    m_2 = constants.m_2

    Y_p = spow(C / L_p, m_1)

    N = spow((c_1 + c_2 * Y_p) / (c_3 * Y_p + 1), m_2)

    return as_float(N)


def gamma_function(a, exponent=1, negative_number_handling="Indeterminate"):  # gamma.py
    a = as_float_array(a)
    exponent = as_float_array(exponent)
    negative_number_handling = validate_method(
        negative_number_handling,
        ("Indeterminate", "Mirror", "Preserve", "Clamp"),
        '"{0}" negative number handling is invalid, it must be one of {1}!',
    )

    if negative_number_handling == "indeterminate":
        return as_float(a**exponent)
    elif negative_number_handling == "mirror":
        return spow(a, exponent)
    elif negative_number_handling == "preserve":
        return as_float(np.where(a <= 0, a, a**exponent))
    else:
        return as_float(np.where(a <= 0, 0, a**exponent))


CONSTANTS_ARIBSTDB67 = Structure(a=0.17883277, b=0.28466892, c=0.55991073)


def oetf_ARIBSTDB67(E, r=0.5, constants=CONSTANTS_ARIBSTDB67):  # arib_std_b67.py
    E = to_domain_1(E)
    r = as_float_array(r)

    a = constants.a
    b = constants.b
    c = constants.c

    E_p = np.where(
        E <= 1,
        r * gamma_function(E, 0.5, "mirror"),
        a * np.log(E - b) + c,
    )

    return as_float(from_range_1(E_p))


def oetf_inverse_ARIBSTDB67(E_p, r=0.5, constants=CONSTANTS_ARIBSTDB67):  # arib_std_b67.py
    E_p = to_domain_1(E_p)

    a = constants.a
    b = constants.b
    c = constants.c

    with domain_range_scale("ignore"):
        E = np.where(
            E_p <= oetf_ARIBSTDB67(1),
            gamma_function((E_p / r), 2, "mirror"),
            np.exp((E_p - c) / a) + b,
        )

    return as_float(from_range_1(E))


def CV_range(bit_depth=10, is_legal=False, is_int=False):  # common.py
    if is_legal:
        ranges = np.array([16, 235])
        ranges *= 2 ** (bit_depth - 8)
    else:
        ranges = np.array([0, 2**bit_depth - 1])

    if not is_int:
        ranges = as_float_array(ranges) / (2**bit_depth - 1)

    return ranges


def legal_to_full(CV, bit_depth=10, in_int=False, out_int=False):  # common.py
    CV = as_float_array(CV)

    MV = 2**bit_depth - 1

    CV_full = as_int_array(np.round(CV)) if in_int else CV * MV

    B, W = CV_range(bit_depth, True, True)
    CV_full = (CV_full - B) / (W - B)

    if out_int:
        return as_int(np.round(CV_full * MV))
    else:
        return as_float(CV_full)


def full_to_legal(CV, bit_depth=10, in_int=False, out_int=False):  # common.py
    CV = as_float_array(CV)

    MV = 2**bit_depth - 1

    CV_legal = as_int_array(np.round(CV / MV)) if in_int else CV

    B, W = CV_range(bit_depth, True, True)
    CV_legal = (W - B) * CV_legal + B

    if out_int:
        return as_int(np.round(CV_legal))
    else:
        return as_float(CV_legal / MV)


def log_encoding_SLog(x, bit_depth=10, out_normalised_code_value=True, in_reflection=True):  # sony.py
    x = to_domain_1(x)

    if in_reflection:
        x = x / 0.9

    y = np.where(
        x >= 0,
        ((0.432699 * np.log10(x + 0.037584) + 0.616596) + 0.03),
        x * 5 + 0.030001222851889303,
    )

    y_cv = full_to_legal(y, bit_depth) if out_normalised_code_value else y

    return as_float(from_range_1(y_cv))


def log_decoding_SLog(y, bit_depth=10, in_normalised_code_value=True, out_reflection=True):  # sony.py
    y = to_domain_1(y)

    x = legal_to_full(y, bit_depth) if in_normalised_code_value else y

    with domain_range_scale("ignore"):
        x = np.where(
            y >= log_encoding_SLog(0.0, bit_depth, in_normalised_code_value),
            10 ** ((x - 0.616596 - 0.03) / 0.432699) - 0.037584,
            (x - 0.030001222851889303) / 5.0,
        )

    if out_reflection:
        x = x * 0.9

    return as_float(from_range_1(x))


def log_encoding_SLog3(x, bit_depth=10, out_normalised_code_value=True, in_reflection=True):  # sony.py
    x = to_domain_1(x)

    if not in_reflection:
        x = x * 0.9

    y = np.where(
        x >= 0.01125000,
        (420 + np.log10((x + 0.01) / (0.18 + 0.01)) * 261.5) / 1023,
        (x * (171.2102946929 - 95) / 0.01125000 + 95) / 1023,
    )

    y_cv = y if out_normalised_code_value else legal_to_full(y, bit_depth)

    return as_float(from_range_1(y_cv))


DATA_ALEXA_LOG_C_CURVE_CONVERSION = {  # arri.py: the one entry used, keyed as validate_method returns
    "sup 3.x": {
        "linear scene exposure factor": {
            800: (0.010591, 5.555556, 0.052272, 0.247190, 0.385537, 5.367655, 0.092809, 0.149658),
        },
    },
}


def log_encoding_ARRILogC3(x, firmware="SUP 3.x", method="Linear Scene Exposure Factor", EI=800):  # arri.py
    x = to_domain_1(x)
    firmware = validate_method(firmware, ("SUP 3.x", "SUP 2.x"))
    method = validate_method(
        method, ("Linear Scene Exposure Factor", "Normalised Sensor Signal")
    )

    cut, a, b, c, d, e, f, _e_cut_f = DATA_ALEXA_LOG_C_CURVE_CONVERSION[firmware][
        method
    ][EI]

    t = np.where(x > cut, c * np.log10(a * x + b) + d, e * x + f)

    return as_float(from_range_1(t))


# --- colour/adaptation/vonkries.py, datasets/cat.py ----------------------------------------------------

CAT_VON_KRIES = np.array(
    [
        [0.4002400, 0.7076000, -0.0808100],
        [-0.2263000, 1.1653200, 0.0457000],
        [0.0000000, 0.0000000, 0.9182200],
    ]
)
CAT_BRADFORD = np.array(
    [
        [0.8951000, 0.2664000, -0.1614000],
        [-0.7502000, 1.7135000, 0.0367000],
        [0.0389000, -0.0685000, 1.0296000],
    ]
)
CAT_CAT02 = np.array(
    [
        [0.7328, 0.4296, -0.1624],
        [-0.7036, 1.6975, 0.0061],
        [0.0030, 0.0136, 0.9834],
    ]
)
CHROMATIC_ADAPTATION_TRANSFORMS = {"bradford": CAT_BRADFORD, "cat02": CAT_CAT02, "von kries": CAT_VON_KRIES}


def matrix_chromatic_adaptation_VonKries(XYZ_w, XYZ_wr, transform="CAT02"):
    XYZ_w = as_float_array(XYZ_w)
    XYZ_wr = as_float_array(XYZ_wr)

    transform = validate_method(
        transform,
        tuple(CHROMATIC_ADAPTATION_TRANSFORMS),
        '"{0}" chromatic adaptation transform is invalid, it must be one of {1}!',
    )

    M = CHROMATIC_ADAPTATION_TRANSFORMS[transform]

    RGB_w = vecmul(M, XYZ_w)
    RGB_wr = vecmul(M, XYZ_wr)

    with sdiv_mode():
        D = sdiv(RGB_wr, RGB_w)

    D = row_as_diagonal(D)

    M_CAT = np.matmul(np.linalg.inv(M), D)
    M_CAT = np.matmul(M_CAT, M)

    return M_CAT


def chromatic_adaptation_VonKries(XYZ, XYZ_w, XYZ_wr, transform="CAT02"):
    XYZ = to_domain_1(XYZ)

    M_CAT = matrix_chromatic_adaptation_VonKries(XYZ_w, XYZ_wr, transform)

    XYZ_a = vecmul(M_CAT, XYZ)

    return from_range_1(XYZ_a)


# --- colour/appearance/ciecam02.py, hunt.py ------------------------------------------------------------

CAT_INVERSE_CAT02 = np.linalg.inv(CAT_CAT02)

MATRIX_XYZ_TO_HPE = np.array(  # hunt.py
    [
        [0.38971, 0.68898, -0.07868],
        [-0.22981, 1.18340, 0.04641],
        [0.00000, 0.00000, 1.00000],
    ]
)
MATRIX_HPE_TO_XYZ = np.linalg.inv(MATRIX_XYZ_TO_HPE)


class InductionFactors_CIECAM02(namedtuple("InductionFactors_CIECAM02", ("F", "c", "N_c"))):
    pass


VIEWING_CONDITIONS_CIECAM02 = {
    "Average": InductionFactors_CIECAM02(1, 0.69, 1),
    "Dim": InductionFactors_CIECAM02(0.9, 0.59, 0.9),
    "Dark": InductionFactors_CIECAM02(0.8, 0.525, 0.8),
}

HUE_DATA_FOR_HUE_QUADRATURE = {
    "h_i": np.array([20.14, 90.00, 164.25, 237.53, 380.14]),
    "e_i": np.array([0.8, 0.7, 1.0, 1.2, 0.8]),
    "H_i": np.array([0.0, 100.0, 200.0, 300.0, 400.0]),
}


@dataclass
class CAM_Specification_CIECAM02:
    J: object = field(default_factory=lambda: None)
    C: object = field(default_factory=lambda: None)
    h: object = field(default_factory=lambda: None)
    s: object = field(default_factory=lambda: None)
    Q: object = field(default_factory=lambda: None)
    M: object = field(default_factory=lambda: None)
    H: object = field(default_factory=lambda: None)
    HC: object = field(default_factory=lambda: None)


def luminance_level_adaptation_factor(L_A):  # hunt.py
    L_A = as_float_array(L_A)

    k = 1 / (5 * L_A + 1)
    k4 = k**4
    F_L = 0.2 * k4 * (5 * L_A) + 0.1 * (1 - k4) ** 2 * spow(5 * L_A, 1 / 3)

    return as_float(F_L)


def XYZ_to_CIECAM02(XYZ, XYZ_w, L_A, Y_b, surround=VIEWING_CONDITIONS_CIECAM02["Average"],
                    discount_illuminant=False, compute_H=True):
    XYZ = to_domain_100(XYZ)
    XYZ_w = to_domain_100(XYZ_w)
    _X_w, Y_w, _Z_w = tsplit(XYZ_w)
    L_A = as_float_array(L_A)
    Y_b = as_float_array(Y_b)

    n, F_L, N_bb, N_cb, z = viewing_conditions_dependent_parameters(Y_b, Y_w, L_A)

    RGB = vecmul(CAT_CAT02, XYZ)
    RGB_w = vecmul(CAT_CAT02, XYZ_w)

    D = (
        degree_of_adaptation(surround.F, L_A)
        if not discount_illuminant
        else ones(L_A.shape)
    )

    RGB_c = full_chromatic_adaptation_forward(RGB, RGB_w, Y_w, D)
    RGB_wc = full_chromatic_adaptation_forward(RGB_w, RGB_w, Y_w, D)

    RGB_p = RGB_to_rgb(RGB_c)
    RGB_pw = RGB_to_rgb(RGB_wc)

    RGB_a = post_adaptation_non_linear_response_compression_forward(RGB_p, F_L)
    RGB_aw = post_adaptation_non_linear_response_compression_forward(RGB_pw, F_L)

    a, b = tsplit(opponent_colour_dimensions_forward(RGB_a))

    h = hue_angle(a, b)

    H = hue_quadrature(h) if compute_H else np.full(h.shape, np.nan)

    e_t = eccentricity_factor(h)

    A = achromatic_response_forward(RGB_a, N_bb)
    A_w = achromatic_response_forward(RGB_aw, N_bb)

    J = lightness_correlate(A, A_w, surround.c, z)

    Q = brightness_correlate(surround.c, J, A_w, F_L)

    C = chroma_correlate(J, n, surround.N_c, N_cb, e_t, a, b, RGB_a)

    M = colourfulness_correlate(C, F_L)

    s = saturation_correlate(M, Q)

    return CAM_Specification_CIECAM02(
        as_float(from_range_100(J)),
        as_float(from_range_100(C)),
        as_float(from_range_degrees(h)),
        as_float(from_range_100(s)),
        as_float(from_range_100(Q)),
        as_float(from_range_100(M)),
        as_float(from_range_degrees(H, 400)),
        None,
    )


def xyz_to_ciecam02(XYZ, XYZ_w, L_A, Y_b):
    """The case: ``XYZ_to_CIECAM02``'s specification as a tuple of its fields."""
    specification = XYZ_to_CIECAM02(XYZ, XYZ_w, L_A, Y_b)
    return (specification.J, specification.C, specification.h, specification.s, specification.Q,
            specification.M, specification.H, specification.HC)


def chromatic_induction_factors(n):
    n = as_float_array(n)

    with sdiv_mode():
        N_bb = N_cb = 0.725 * spow(sdiv(1, n), 0.2)

    N_bbcb = tstack([N_bb, N_cb])

    return N_bbcb


def base_exponential_non_linearity(n):
    n = as_float_array(n)

    z = 1.48 + np.sqrt(n)

    return z


def viewing_conditions_dependent_parameters(Y_b, Y_w, L_A):
    Y_b = as_float_array(Y_b)
    Y_w = as_float_array(Y_w)

    with sdiv_mode():
        n = sdiv(Y_b, Y_w)

    F_L = luminance_level_adaptation_factor(L_A)
    N_bb, N_cb = tsplit(chromatic_induction_factors(n))
    z = base_exponential_non_linearity(n)

    return n, F_L, N_bb, N_cb, z


def degree_of_adaptation(F, L_A):
    F = as_float_array(F)
    L_A = as_float_array(L_A)

    D = F * (1 - (1 / 3.6) * np.exp((-L_A - 42) / 92))

    return D


def full_chromatic_adaptation_forward(RGB, RGB_w, Y_w, D):
    RGB = as_float_array(RGB)
    RGB_w = as_float_array(RGB_w)
    Y_w = as_float_array(Y_w)
    D = as_float_array(D)

    with sdiv_mode():
        RGB_c = (Y_w[..., None] * sdiv(D[..., None], RGB_w) + 1 - D[..., None]) * RGB

    return cast(NDArrayFloat, RGB_c)


def RGB_to_rgb(RGB):
    rgb = vecmul(np.matmul(MATRIX_XYZ_TO_HPE, CAT_INVERSE_CAT02), RGB)

    return rgb


def post_adaptation_non_linear_response_compression_forward(RGB, F_L):
    RGB = as_float_array(RGB)
    F_L = as_float_array(F_L)

    F_L_RGB = spow(F_L[..., None] * np.absolute(RGB) / 100, 0.42)
    RGB_c = (400 * np.sign(RGB) * F_L_RGB) / (27.13 + F_L_RGB) + 0.1

    return RGB_c


def post_adaptation_non_linear_response_compression_inverse(RGB, F_L):
    RGB = as_float_array(RGB)
    F_L = as_float_array(F_L)

    RGB_p = (
        np.sign(RGB - 0.1)
        * 100
        / F_L[..., None]
        * spow(
            (27.13 * np.absolute(RGB - 0.1)) / (400 - np.absolute(RGB - 0.1)),
            1 / 0.42,
        )
    )

    return RGB_p


def opponent_colour_dimensions_forward(RGB):
    R, G, B = tsplit(RGB)

    a = R - 12 * G / 11 + B / 11
    b = (R + G - 2 * B) / 9

    ab = tstack([a, b])

    return ab


def opponent_colour_dimensions_inverse(P_n, h):
    P_1, P_2, P_3 = tsplit(P_n)
    hr = np.radians(h)

    sin_hr = np.sin(hr)
    cos_hr = np.cos(hr)

    with sdiv_mode():
        cos_hr_sin_hr = sdiv(cos_hr, sin_hr)
        sin_hr_cos_hr = sdiv(sin_hr, cos_hr)

        P_4 = sdiv(P_1, sin_hr)
        P_5 = sdiv(P_1, cos_hr)

    n = P_2 * (2 + P_3) * (460 / 1403)

    a = zeros(hr.shape)
    b = zeros(hr.shape)

    abs_sin_hr_gt_cos_hr = np.abs(sin_hr) >= np.abs(cos_hr)
    abs_sin_hr_lt_cos_hr = np.abs(sin_hr) < np.abs(cos_hr)

    b = np.where(
        abs_sin_hr_gt_cos_hr,
        n
        / (
            P_4
            + (2 + P_3) * (220 / 1403) * cos_hr_sin_hr
            - (27 / 1403)
            + P_3 * (6300 / 1403)
        ),
        b,
    )

    a = np.where(
        abs_sin_hr_gt_cos_hr,
        b * cos_hr_sin_hr,
        a,
    )

    a = np.where(
        abs_sin_hr_lt_cos_hr,
        n
        / (
            P_5
            + (2 + P_3) * (220 / 1403)
            - ((27 / 1403) - P_3 * (6300 / 1403)) * sin_hr_cos_hr
        ),
        a,
    )

    b = np.where(
        abs_sin_hr_lt_cos_hr,
        a * sin_hr_cos_hr,
        b,
    )

    ab = tstack([a, b])

    return ab


def hue_angle(a, b):
    a = as_float_array(a)
    b = as_float_array(b)

    h = np.degrees(np.arctan2(b, a)) % 360

    return as_float(h)


def hue_quadrature(h):
    h = as_float_array(h)

    h_i = HUE_DATA_FOR_HUE_QUADRATURE["h_i"]
    e_i = HUE_DATA_FOR_HUE_QUADRATURE["e_i"]
    H_i = HUE_DATA_FOR_HUE_QUADRATURE["H_i"]

    h[np.asarray(np.isnan(h))] = 0
    i = as_int_array(np.searchsorted(h_i, h, side="left") - 1)

    h_ii = h_i[i]
    e_ii = e_i[i]
    H_ii = H_i[i]
    h_ii1 = h_i[i + 1]
    e_ii1 = e_i[i + 1]

    H = H_ii + (
        (100 * (h - h_ii) / e_ii) / ((h - h_ii) / e_ii + (h_ii1 - h) / e_ii1)
    )

    H = np.where(
        h < 20.14,
        385.9 + (14.1 * h / 0.856) / (h / 0.856 + (20.14 - h) / 0.8),
        H,
    )
    H = np.where(
        h >= 237.53,
        H_ii + ((85.9 * (h - h_ii) / e_ii) / ((h - h_ii) / e_ii + (360 - h) / 0.856)),
        H,
    )

    return as_float(H)


def eccentricity_factor(h):
    h = as_float_array(h)

    e_t = 1 / 4 * (np.cos(2 + h * np.pi / 180) + 3.8)

    return e_t


def achromatic_response_forward(RGB, N_bb):
    R, G, B = tsplit(RGB)

    A = (2 * R + G + (1 / 20) * B - 0.305) * N_bb

    return A


def lightness_correlate(A, A_w, c, z):
    A = as_float_array(A)
    A_w = as_float_array(A_w)
    c = as_float_array(c)
    z = as_float_array(z)

    with sdiv_mode():
        J = 100 * spow(sdiv(A, A_w), c * z)

    return J


def brightness_correlate(c, J, A_w, F_L):
    c = as_float_array(c)
    J = as_float_array(J)
    A_w = as_float_array(A_w)
    F_L = as_float_array(F_L)

    Q = (4 / c) * np.sqrt(J / 100) * (A_w + 4) * spow(F_L, 0.25)

    return Q


def temporary_magnitude_quantity_forward(N_c, N_cb, e_t, a, b, RGB_a):
    N_c = as_float_array(N_c)
    N_cb = as_float_array(N_cb)
    e_t = as_float_array(e_t)
    a = as_float_array(a)
    b = as_float_array(b)
    Ra, Ga, Ba = tsplit(RGB_a)

    with sdiv_mode():
        t = (
            ((50000 / 13) * N_c * N_cb)
            * sdiv(e_t * spow(a**2 + b**2, 0.5), Ra + Ga + 21 * Ba / 20)
        )

    return t


def chroma_correlate(J, n, N_c, N_cb, e_t, a, b, RGB_a):
    J = as_float_array(J)
    n = as_float_array(n)

    t = temporary_magnitude_quantity_forward(N_c, N_cb, e_t, a, b, RGB_a)
    C = spow(t, 0.9) * spow(J / 100, 0.5) * spow(1.64 - 0.29**n, 0.73)

    return C


def colourfulness_correlate(C, F_L):
    C = as_float_array(C)
    F_L = as_float_array(F_L)

    M = C * spow(F_L, 0.25)

    return M


def saturation_correlate(M, Q):
    M = as_float_array(M)
    Q = as_float_array(Q)

    with sdiv_mode():
        s = 100 * spow(sdiv(M, Q), 0.5)

    return s


# --- colour/algebra/interpolation.py -------------------------------------------------------------------


def kernel_lanczos(x, a=3):
    x = as_float_array(x)

    attest(bool(a >= 1), '"a" must be equal or superior to 1!')

    return np.where(np.abs(x) < a, np.sinc(x) * np.sinc(x / a), 0)


def kernel_cardinal_spline(x, a=0.5, b=0.0):
    x = as_float_array(x)

    x_abs = np.abs(x)
    y = np.where(
        x_abs < 1,
        (-6 * a - 9 * b + 12) * x_abs**3 + (6 * a + 12 * b - 18) * x_abs**2 - 2 * b + 6,
        (-6 * a - b) * x_abs**3
        + (30 * a + 6 * b) * x_abs**2
        + (-48 * a - 12 * b) * x_abs
        + 24 * a
        + 8 * b,
    )
    y[x_abs >= 2] = 0

    return 1 / 6 * y


def lagrange_coefficients(r, n=4):
    r_i = np.arange(n)
    L_n = []
    for j in range(len(r_i)):
        basis = [(r - r_i[i]) / (r_i[j] - r_i[i]) for i in range(len(r_i)) if i != j]
        L_n.append(reduce(lambda x, y: x * y, basis))

    return np.array(L_n)


def vertices_and_relative_coordinates(V_xyz, table):
    V_xyz = np.clip(V_xyz, 0, 1)
    table = as_float_array(table)

    V_xyz = np.reshape(V_xyz, (-1, 3))

    i_m = np.array(table.shape[0:-1]) - 1
    i_f = as_int_array(np.floor(V_xyz * i_m))
    i_f = np.clip(i_f, 0, i_m)
    i_c = np.clip(i_f + 1, 0, i_m)

    V_xyzr = as_float_array(i_m * V_xyz - i_f)

    i_f_c = i_f, i_c

    vertices = np.array(
        [
            table[i_f_c[i[0]][..., 0], i_f_c[i[1]][..., 1], i_f_c[i[2]][..., 2]]
            for i in itertools.product(*zip([0, 0, 0], [1, 1, 1]))
        ]
    )

    return vertices, V_xyzr


def table_interpolation_tetrahedral(V_xyz, table):
    V_xyz = as_float_array(V_xyz)

    vertices, V_xyzr = vertices_and_relative_coordinates(V_xyz, table)

    vertices = np.moveaxis(vertices, 0, -1)
    V000, V001, V010, V011, V100, V101, V110, V111 = tsplit(vertices)
    x, y, z = (r[:, None] for r in tsplit(V_xyzr))

    xyz_o = np.select(
        [
            np.logical_and(x > y, y > z),
            np.logical_and(x > y, x > z),
            np.logical_and(x > y, np.logical_and(y <= z, x <= z)),
            np.logical_and(x <= y, z > y),
            np.logical_and(x <= y, z > x),
            np.logical_and(x <= y, np.logical_and(z <= y, z <= x)),
        ],
        [
            (1 - x) * V000 + (x - y) * V100 + (y - z) * V110 + z * V111,
            (1 - x) * V000 + (x - z) * V100 + (z - y) * V101 + y * V111,
            (1 - z) * V000 + (z - x) * V001 + (x - y) * V101 + y * V111,
            (1 - z) * V000 + (z - y) * V001 + (y - x) * V011 + x * V111,
            (1 - y) * V000 + (y - z) * V010 + (z - x) * V011 + x * V111,
            (1 - y) * V000 + (y - x) * V010 + (x - z) * V110 + z * V111,
        ],
    )

    xyz_o = np.reshape(xyz_o, V_xyz.shape)

    return xyz_o


# --- cases ---------------------------------------------------------------------------------------------

N = 8


def _lab_pair(rng):
    Lab_1 = np.stack([rng.uniform(5.0, 95.0, N), rng.uniform(-80.0, 80.0, N), rng.uniform(-80.0, 80.0, N)], -1)
    Lab_2 = Lab_1 + rng.uniform(-15.0, 15.0, (N, 3))
    Lab_1[0, 1:] = 0.0  # an achromatic sample: CIEDE2000's "C_p_1 * C_p_2 == 0" branches
    Lab_2[1, 1:] = 0.0
    Lab_1[2, 0] = 10.0  # CMC's "L_1 < 16" branch
    Lab_1[3, 2] = 0.0  # b == 0 with a != 0
    return Lab_1, Lab_2


def _ictcp_pair(rng):
    def ictcp():
        return np.stack([rng.uniform(0.0, 1.0, N), rng.uniform(-0.5, 0.5, N), rng.uniform(-0.5, 0.5, N)], -1)
    return ictcp(), ictcp()


def _CCT(rng, low=1700.0, high=24000.0):
    return np.concatenate([[2000.0, 2222.0, 4000.0, 6504.0], rng.uniform(low, high, N - 4)])


def _xy_near_locus(rng):
    return CCT_to_xy_Kang2002(rng.uniform(2000.0, 20000.0, N)) + rng.uniform(-0.003, 0.003, (N, 2))


def _uv_near_locus(rng):
    return CCT_to_uv_Krystek1985(rng.uniform(2000.0, 20000.0, N)) + rng.uniform(-0.01, 0.01, (N, 2))


def _XYZ_1(rng):
    XYZ = rng.uniform(0.0, 1.0, (N, 3))
    XYZ[0] = 0.0  # black: sdiv's zero conversion
    XYZ[1] = [0.002, 0.003, 0.004]  # below CIE 1976's (24 / 116) ** 3 knee
    return XYZ


def _signal(rng, low, high, *fixed):
    return np.concatenate([np.array(fixed, dtype=float), rng.uniform(low, high, N - len(fixed))])


def _table(rng):
    return rng.uniform(0.0, 1.0, (5, 5, 5, 3))


CASES = [
    # difference/delta_e.py
    case(delta_E_CIE1976, _lab_pair, COL("difference/delta_e.py", "delta_E_CIE1976")),
    case(delta_E_CIE1994, _lab_pair, COL("difference/delta_e.py", "delta_E_CIE1994")),
    case(delta_E_CIE2000, _lab_pair, COL("difference/delta_e.py", "delta_E_CIE2000")),
    case(delta_E_CMC, _lab_pair, COL("difference/delta_e.py", "delta_E_CMC")),
    case(delta_E_ITP, _ictcp_pair, COL("difference/delta_e.py", "delta_E_ITP")),
    # temperature/*.py
    case(xy_to_CCT_McCamy1992, lambda rng: (_xy_near_locus(rng),),
         COL("temperature/mccamy1992.py", "xy_to_CCT_McCamy1992")),
    case(xy_to_CCT_Hernandez1999, lambda rng: (_xy_near_locus(rng),),
         COL("temperature/hernandez1999.py", "xy_to_CCT_Hernandez1999")),
    case(CCT_to_xy_Kang2002, lambda rng: (_CCT(rng),), COL("temperature/kang2002.py", "CCT_to_xy_Kang2002")),
    case(CCT_to_uv_Krystek1985, lambda rng: (_CCT(rng, 1000.0, 15000.0),),
         COL("temperature/krystek1985.py", "CCT_to_uv_Krystek1985")),
    case(uv_to_CCT_Robertson1968, lambda rng: (_uv_near_locus(rng),),
         COL("temperature/robertson1968.py", "uv_to_CCT_Robertson1968")),
    case(CCT_to_uv_Robertson1968,
         lambda rng: (np.stack([_CCT(rng), rng.uniform(-0.02, 0.02, N)], -1),),
         COL("temperature/robertson1968.py", "CCT_to_uv_Robertson1968")),
    # colorimetry/blackbody.py, lightness.py, luminance.py
    case(planck_law, lambda rng: (np.linspace(360.0, 780.0, 43) * 1e-9 + rng.uniform(0.0, 1e-10, 43),
                                  rng.uniform(1000.0, 25000.0, 5)),
         COL("colorimetry/blackbody.py", "planck_law")),
    case(lightness_CIE1976, lambda rng: (_signal(rng, 0.0, 100.0, 0.0, 0.5),),
         COL("colorimetry/lightness.py", "lightness_CIE1976")),
    case(lightness_Wyszecki1963, lambda rng: (_signal(rng, 2.0, 95.0, 0.5),),
         COL("colorimetry/lightness.py", "lightness_Wyszecki1963", "one Y below 1 %: the usage warning")),
    case(lightness_Abebe2017, lambda rng: (_signal(rng, 0.0, 100.0), np.repeat([100.0, 1000.0], N // 2), "Stevens"),
         COL("colorimetry/lightness.py", "lightness_Abebe2017", 'method="Stevens"')),
    case(luminance_CIE1976, lambda rng: (_signal(rng, 0.0, 100.0, 0.0, 5.0),),
         COL("colorimetry/luminance.py", "luminance_CIE1976")),
    # models/cie_lab.py, cie_luv.py, cie_ucs.py
    case(XYZ_to_Lab, lambda rng: (_XYZ_1(rng),), COL("models/cie_lab.py", "XYZ_to_Lab")),
    case(Lab_to_XYZ, lambda rng: (_lab_pair(rng)[0],), COL("models/cie_lab.py", "Lab_to_XYZ")),
    case(XYZ_to_Luv, lambda rng: (_XYZ_1(rng),), COL("models/cie_luv.py", "XYZ_to_Luv")),
    case(xyz_to_ucs_uv, lambda rng: (_XYZ_1(rng),),
         COL("models/cie_ucs.py", "XYZ_to_UCS, UCS_to_uv", "chained as temperature/ohno2013.py chains them")),
    # models/rgb/transfer_functions/*.py
    case(eotf_inverse_sRGB, lambda rng: (_signal(rng, -0.1, 1.1, 0.0, 0.001),),
         COL("models/rgb/transfer_functions/srgb.py", "eotf_inverse_sRGB")),
    case(eotf_sRGB, lambda rng: (_signal(rng, -0.1, 1.1, 0.0, 0.02),),
         COL("models/rgb/transfer_functions/srgb.py", "eotf_sRGB")),
    case(oetf_BT709, lambda rng: (_signal(rng, -0.1, 1.1, 0.0, 0.01),),
         COL("models/rgb/transfer_functions/itur_bt_709.py", "oetf_BT709")),
    case(eotf_BT1886, lambda rng: (_signal(rng, -0.1, 1.0, 0.0), 0.0064, 1.0),
         COL("models/rgb/transfer_functions/itur_bt_1886.py", "eotf_BT1886")),
    case(eotf_inverse_ST2084, lambda rng: (_signal(rng, 0.0, 10000.0, 0.0, 100.0),),
         COL("models/rgb/transfer_functions/st_2084.py", "eotf_inverse_ST2084")),
    case(oetf_ARIBSTDB67, lambda rng: (_signal(rng, 0.0, 12.0, 0.0, 1.0, 0.1),),
         COL("models/rgb/transfer_functions/arib_std_b67.py", "oetf_ARIBSTDB67")),
    case(oetf_inverse_ARIBSTDB67, lambda rng: (_signal(rng, 0.0, 1.1, 0.0, 0.5),),
         COL("models/rgb/transfer_functions/arib_std_b67.py", "oetf_inverse_ARIBSTDB67")),
    case(log_decoding_SLog, lambda rng: (_signal(rng, 0.0, 1.0, 0.05),),
         COL("models/rgb/transfer_functions/sony.py", "log_decoding_SLog")),
    case(log_encoding_SLog3, lambda rng: (_signal(rng, -0.01, 10.0, 0.0, 0.18),),
         COL("models/rgb/transfer_functions/sony.py", "log_encoding_SLog3")),
    case(log_encoding_ARRILogC3, lambda rng: (_signal(rng, -0.02, 10.0, 0.0, 0.18),),
         COL("models/rgb/transfer_functions/arri.py", "log_encoding_ARRILogC3")),
    # adaptation/vonkries.py
    case(chromatic_adaptation_VonKries,
         lambda rng: (_XYZ_1(rng), np.array([0.95047, 1.0, 1.08883]) + rng.uniform(-0.01, 0.01, 3),
                      np.array([1.09850, 1.0, 0.35585]), "Bradford"),
         COL("adaptation/vonkries.py", "chromatic_adaptation_VonKries", 'transform="Bradford"')),
    # appearance/ciecam02.py
    case(xyz_to_ciecam02, lambda rng: (_XYZ_1(rng)[2:] * 100, np.array([95.05, 100.0, 108.88]), 318.31, 20.0),
         COL("appearance/ciecam02.py", "XYZ_to_CIECAM02", "a wrapper returns the specification's fields")),
    case(hue_quadrature, lambda rng: (_signal(rng, 0.0, 360.0, np.nan, 10.0, 250.0),),
         COL("appearance/ciecam02.py", "hue_quadrature", "a NaN hue, hues below 20.14 and above 237.53")),
    case(opponent_colour_dimensions_inverse,
         lambda rng: (np.stack([rng.uniform(1000.0, 50000.0, N), rng.uniform(10.0, 60.0, N), np.full(N, 1.05)], -1),
                      _signal(rng, 0.0, 360.0, 0.0, 90.0)),
         COL("appearance/ciecam02.py", "opponent_colour_dimensions_inverse", "hues 0 and 90: sdiv by zero")),
    case(post_adaptation_non_linear_response_compression_inverse,
         lambda rng: (rng.uniform(0.0, 40.0, (N, 3)), rng.uniform(0.5, 1.5, N)),
         COL("appearance/ciecam02.py", "post_adaptation_non_linear_response_compression_inverse")),
    # algebra/interpolation.py
    case(kernel_lanczos, lambda rng: (np.linspace(-4.0, 4.0, 17) + rng.uniform(-0.05, 0.05, 17),),
         COL("algebra/interpolation.py", "kernel_lanczos")),
    case(kernel_cardinal_spline, lambda rng: (rng.uniform(-3.0, 3.0, 12),),
         COL("algebra/interpolation.py", "kernel_cardinal_spline")),
    case(lagrange_coefficients, lambda rng: (np.asarray(rng.uniform(0.0, 3.0)),),
         COL("algebra/interpolation.py", "lagrange_coefficients", "r as a 0-d array")),
    case(table_interpolation_tetrahedral, lambda rng: (rng.uniform(-0.1, 1.1, (N, 3)), _table(rng)),
         COL("algebra/interpolation.py", "table_interpolation_tetrahedral")),
]
