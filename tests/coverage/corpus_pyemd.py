"""PyEMD's empirical mode decomposition: ``EMD.py``'s ``EMD`` class (extrema detection, "simple" with its plateau and
zero-crossing branches and "parabol" by vertex fitting; the mirroring of extrema past both ends in
``prepare_points_simple`` / ``prepare_points_parabol``, nested ``if``s on signal values that pick slices; envelopes by
SciPy's splines or the 3-point cubic; the stopping tests; the sifting loop ``emd``, a ``while not finished`` around a
``while True`` whose exits depend on the number of extrema), its helpers (``utils.py``, ``splines.py``), the white-noise
significance test of ``checks.py`` (a dict built over IMFs, ``math.log`` of array statistics, SciPy's ``find_peaks``),
the compact finite-difference filter and derivative of ``compact.py`` (a tridiagonal solver in three Python loops),
and the older ``EMD_matlab.py`` class (its sifting loop keeps dicts of IMFs) (laszukdawid/PyEMD, Apache-2.0).

Copied from laszukdawid/PyEMD at e8ea44f6d577db3678de97210ae6bd81ffcb95a1; its licence (``LICENSE.md``) is the Apache
License 2.0. ``utils.py``, ``splines.py``, ``EMD.py``, ``checks.py``, ``compact.py`` and ``EMD_matlab.py`` are
copied whole (their functions and classes), docstrings dropped, comments kept.

Adapted, beyond that:

* the module-level imports are this module's (below): those of the source modules (``utils.py`` picks
  ``functools.cache`` or ``lru_cache`` by Python version: ``cache`` here);
* ``EMD_matlab.py``'s class is also named ``EMD``: it is ``EMDMatlab`` here. Its ``emd`` is a ``@staticmethod`` that
  takes ``self`` (as in the source), so its wrappers call ``EMDMatlab.emd(obj, S)``;
* a fresh ``EMD`` object per call, made as PyEMD's examples make it (settings as keywords), by a wrapper named after
  the case; where a method reads what ``emd`` stored (``get_imfs_and_trend``), the wrapper calls ``emd`` first.

The inputs: sums of two or three sinusoids with a trend (random amplitudes and phases, fixed frequencies, so the number
of extrema is the same for both seeds), a signal with plateaus and one with exact zeros (the branches
``_find_extrema_simple`` takes for them), extrema given as position / value rows sorted by position, proto-IMFs, IMF
sets for the white-noise test, a diagonally dominant tridiagonal system.
"""

# ruff: noqa: B006, B008, B019, C416, E501, E741, N801, N802, N803, N806, N815, N816, SIM102, SIM103, SIM108, UP006, UP008, UP031, UP032, UP035
from __future__ import annotations

import logging
import math
import time
from functools import cache
from typing import Optional, Tuple

import numpy as np
from scipy import stats
from scipy.interpolate import Akima1DInterpolator, CubicHermiteSpline, CubicSpline, PchipInterpolator, interp1d
from scipy.signal import find_peaks

from tests.coverage.cases import PYEMD, Source, case


def EM(path: str, original: str, note: str = "") -> Source:
    return Source(PYEMD, "PyEMD/" + path, original, note)


# --- PyEMD/utils.py ---


def get_timeline(range_max: int, dtype: Optional[np.dtype] = None) -> np.ndarray:
    timeline = np.arange(0, range_max, dtype=dtype)
    if timeline[-1] != range_max - 1:
        inclusive_dtype = smallest_inclusive_dtype(timeline.dtype, range_max)
        timeline = np.arange(0, range_max, dtype=inclusive_dtype)
    return timeline


def smallest_inclusive_dtype(ref_dtype: np.dtype, ref_value) -> np.dtype:
    # Integer path
    if np.issubdtype(ref_dtype, np.integer):
        for dtype in [np.uint16, np.uint32, np.uint64]:
            if ref_value < np.iinfo(dtype).max:
                return dtype
        max_val = np.iinfo(np.uint64).max
        raise ValueError("Requested too large integer range. Exceeds max( uint64 ) == '{}.".format(max_val))

    # Float path
    if np.issubdtype(ref_dtype, np.floating):
        for dtype in [np.float16, np.float32, np.float64]:
            if ref_value < np.finfo(dtype).max:
                return dtype
        max_val = np.finfo(np.float64).max
        raise ValueError("Requested too large integer range. Exceeds max( float64 ) == '{}.".format(max_val))

    raise ValueError("Unsupported dtype '{}'. Only intX and floatX are supported.".format(ref_dtype))


@cache
def deduce_common_type(xtype: np.dtype, ytype: np.dtype) -> np.dtype:
    if xtype == ytype:
        return xtype
    if np.version.version[0] == "1":
        dtype = np.find_common_type([xtype, ytype], [])
    else:
        dtype = np.promote_types(xtype, ytype)
    return dtype


def unify_types(x: np.ndarray, y: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    dtype = deduce_common_type(x.dtype, y.dtype)
    if x.dtype != dtype:
        x = x.astype(dtype)
    if y.dtype != dtype:
        y = y.astype(dtype)

    return x, y


# --- PyEMD/splines.py ---


def cubic_spline_3pts(x, y, T):
    x0, x1, x2 = x
    y0, y1, y2 = y

    x1x0, x2x1 = x1 - x0, x2 - x1
    y1y0, y2y1 = y1 - y0, y2 - y1
    _x1x0, _x2x1 = 1.0 / x1x0, 1.0 / x2x1

    m11, m12, m13 = 2 * _x1x0, _x1x0, 0
    m21, m22, m23 = _x1x0, 2.0 * (_x1x0 + _x2x1), _x2x1
    m31, m32, m33 = 0, _x2x1, 2.0 * _x2x1

    v1 = 3 * y1y0 * _x1x0 * _x1x0
    v3 = 3 * y2y1 * _x2x1 * _x2x1
    v2 = v1 + v3

    M = np.array([[m11, m12, m13], [m21, m22, m23], [m31, m32, m33]])
    v = np.array([v1, v2, v3]).T
    k = np.linalg.solve(M, v)

    a1 = k[0] * x1x0 - y1y0
    b1 = -k[1] * x1x0 + y1y0
    a2 = k[1] * x2x1 - y2y1
    b2 = -k[2] * x2x1 + y2y1

    t = T[np.r_[T >= x0] & np.r_[T <= x2]]
    t1 = (T[np.r_[T >= x0] & np.r_[T < x1]] - x0) / x1x0
    t2 = (T[np.r_[T >= x1] & np.r_[T <= x2]] - x1) / x2x1
    t11, t22 = 1.0 - t1, 1.0 - t2

    q1 = t11 * y0 + t1 * y1 + t1 * t11 * (a1 * t11 + b1 * t1)
    q2 = t22 * y1 + t2 * y2 + t2 * t22 * (a2 * t22 + b2 * t2)
    q = np.append(q1, q2)

    return t, q


def akima(X, Y, x):
    spl = Akima1DInterpolator(X, Y)
    return spl(x)


def cubic_hermite(X, Y, x):
    dydx = np.gradient(Y, X)
    spl = CubicHermiteSpline(X, Y, dydx)
    return spl(x)


def cubic(X, Y, x):
    spl = CubicSpline(X, Y)
    return spl(x)


def pchip(X, Y, x):
    spl = PchipInterpolator(X, Y)
    return spl(x)


# --- PyEMD/EMD.py ---


FindExtremaOutput = Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]


class EMD:

    logger = logging.getLogger(__name__)

    def __init__(self, spline_kind: str = "cubic", nbsym: int = 2, **kwargs):
        # Declare constants
        self.energy_ratio_thr = float(kwargs.get("energy_ratio_thr", 0.2))
        self.std_thr = float(kwargs.get("std_thr", 0.2))
        self.svar_thr = float(kwargs.get("svar_thr", 0.001))
        self.total_power_thr = float(kwargs.get("total_power_thr", 0.005))
        self.range_thr = float(kwargs.get("range_thr", 0.001))

        self.nbsym = int(kwargs.get("nbsym", nbsym))
        self.scale_factor = float(kwargs.get("scale_factor", 1.0))

        self.spline_kind = spline_kind
        self.extrema_detection = kwargs.get("extrema_detection", "simple")  # simple, parabol
        assert self.extrema_detection in (
            "simple",
            "parabol",
        ), "Only 'simple' and 'parabol' values supported"

        self.DTYPE = kwargs.get("DTYPE", np.float64)
        self.FIXE = int(kwargs.get("FIXE", 0))
        self.FIXE_H = int(kwargs.get("FIXE_H", 0))

        self.MAX_ITERATION = int(kwargs.get("MAX_ITERATION", 1000))

        # Instance global declaration
        self.imfs = None  # Optional[np.ndarray]
        self.residue = None  # Optional[np.ndarray]

    def __call__(self, S: np.ndarray, T: Optional[np.ndarray] = None, max_imf: int = -1) -> np.ndarray:
        return self.emd(S, T=T, max_imf=max_imf)

    def extract_max_min_spline(
        self, T: np.ndarray, S: np.ndarray
    ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:

        # Get indexes of extrema
        ext_res = self.find_extrema(T, S)
        max_pos, max_val = ext_res[0], ext_res[1]
        min_pos, min_val = ext_res[2], ext_res[3]

        if len(max_pos) + len(min_pos) < 3:
            return [-1] * 4  # TODO: Fix this. Doesn't match the signature.

        #########################################
        # Extrapolation of signal (over boundaries)
        max_extrema, min_extrema = self.prepare_points(T, S, max_pos, max_val, min_pos, min_val)

        _, max_spline = self.spline_points(T, max_extrema)
        _, min_spline = self.spline_points(T, min_extrema)

        return max_spline, min_spline, max_extrema, min_extrema

    def prepare_points(
        self,
        T: np.ndarray,
        S: np.ndarray,
        max_pos: np.ndarray,
        max_val: np.ndarray,
        min_pos: np.ndarray,
        min_val: np.ndarray,
    ):
        if self.extrema_detection == "parabol":
            return self.prepare_points_parabol(T, S, max_pos, max_val, min_pos, min_val)
        elif self.extrema_detection == "simple":
            return self.prepare_points_simple(T, S, max_pos, max_val, min_pos, min_val)
        else:
            msg = "Incorrect extrema detection type. Please try: 'simple' or 'parabol'."
            raise ValueError(msg)

    def prepare_points_parabol(self, T, S, max_pos, max_val, min_pos, min_val) -> Tuple[np.ndarray, np.ndarray]:

        # Need at least two extrema to perform mirroring
        max_extrema = np.zeros((2, len(max_pos)), dtype=self.DTYPE)
        min_extrema = np.zeros((2, len(min_pos)), dtype=self.DTYPE)

        max_extrema[0], min_extrema[0] = max_pos, min_pos
        max_extrema[1], min_extrema[1] = max_val, min_val

        # Local variables
        nbsym = self.nbsym
        end_min, end_max = len(min_pos), len(max_pos)

        ####################################
        # Left bound
        d_pos = max_pos[0] - min_pos[0]
        left_ext_max_type = d_pos < 0  # True -> max, else min

        # Left extremum is maximum
        if left_ext_max_type:
            if (S[0] > min_val[0]) and (np.abs(d_pos) > (max_pos[0] - T[0])):
                # mirror signal to first extrema
                expand_left_max_pos = 2 * max_pos[0] - max_pos[1 : nbsym + 1]
                expand_left_min_pos = 2 * max_pos[0] - min_pos[0:nbsym]
                expand_left_max_val = max_val[1 : nbsym + 1]
                expand_left_min_val = min_val[0:nbsym]
            else:
                # mirror signal to beginning
                expand_left_max_pos = 2 * T[0] - max_pos[0:nbsym]
                expand_left_min_pos = 2 * T[0] - np.append(T[0], min_pos[0 : nbsym - 1])
                expand_left_max_val = max_val[0:nbsym]
                expand_left_min_val = np.append(S[0], min_val[0 : nbsym - 1])

        # Left extremum is minimum
        else:
            if (S[0] < max_val[0]) and (np.abs(d_pos) > (min_pos[0] - T[0])):
                # mirror signal to first extrema
                expand_left_max_pos = 2 * min_pos[0] - max_pos[0:nbsym]
                expand_left_min_pos = 2 * min_pos[0] - min_pos[1 : nbsym + 1]
                expand_left_max_val = max_val[0:nbsym]
                expand_left_min_val = min_val[1 : nbsym + 1]
            else:
                # mirror signal to beginning
                expand_left_max_pos = 2 * T[0] - np.append(T[0], max_pos[0 : nbsym - 1])
                expand_left_min_pos = 2 * T[0] - min_pos[0:nbsym]
                expand_left_max_val = np.append(S[0], max_val[0 : nbsym - 1])
                expand_left_min_val = min_val[0:nbsym]

        if not expand_left_min_pos.shape:
            expand_left_min_pos, expand_left_min_val = min_pos, min_val
        if not expand_left_max_pos.shape:
            expand_left_max_pos, expand_left_max_val = max_pos, max_val

        expand_left_min = np.vstack((expand_left_min_pos[::-1], expand_left_min_val[::-1]))
        expand_left_max = np.vstack((expand_left_max_pos[::-1], expand_left_max_val[::-1]))

        ####################################
        # Right bound
        d_pos = max_pos[-1] - min_pos[-1]
        right_ext_max_type = d_pos > 0

        # Right extremum is maximum
        if not right_ext_max_type:
            if (S[-1] < max_val[-1]) and (np.abs(d_pos) > (T[-1] - min_pos[-1])):
                # mirror signal to last extrema
                idx_max = max(0, end_max - nbsym)
                idx_min = max(0, end_min - nbsym - 1)
                expand_right_max_pos = 2 * min_pos[-1] - max_pos[idx_max:]
                expand_right_min_pos = 2 * min_pos[-1] - min_pos[idx_min:-1]
                expand_right_max_val = max_val[idx_max:]
                expand_right_min_val = min_val[idx_min:-1]
            else:
                # mirror signal to end
                idx_max = max(0, end_max - nbsym + 1)
                idx_min = max(0, end_min - nbsym)
                expand_right_max_pos = 2 * T[-1] - np.append(max_pos[idx_max:], T[-1])
                expand_right_min_pos = 2 * T[-1] - min_pos[idx_min:]
                expand_right_max_val = np.append(max_val[idx_max:], S[-1])
                expand_right_min_val = min_val[idx_min:]

        # Right extremum is minimum
        else:
            if (S[-1] > min_val[-1]) and len(max_pos) > 1 and (np.abs(d_pos) > (T[-1] - max_pos[-1])):
                # mirror signal to last extremum
                idx_max = max(0, end_max - nbsym - 1)
                idx_min = max(0, end_min - nbsym)
                expand_right_max_pos = 2 * max_pos[-1] - max_pos[idx_max:-1]
                expand_right_min_pos = 2 * max_pos[-1] - min_pos[idx_min:]
                expand_right_max_val = max_val[idx_max:-1]
                expand_right_min_val = min_val[idx_min:]
            else:
                # mirror signal to end
                idx_max = max(0, end_max - nbsym)
                idx_min = max(0, end_min - nbsym + 1)
                expand_right_max_pos = 2 * T[-1] - max_pos[idx_max:]
                expand_right_min_pos = 2 * T[-1] - np.append(min_pos[idx_min:], T[-1])
                expand_right_max_val = max_val[idx_max:]
                expand_right_min_val = np.append(min_val[idx_min:], S[-1])

        if not expand_right_min_pos.shape:
            expand_right_min_pos, expand_right_min_val = min_pos, min_val
        if not expand_right_max_pos.shape:
            expand_right_max_pos, expand_right_max_val = max_pos, max_val

        expand_right_min = np.vstack((expand_right_min_pos[::-1], expand_right_min_val[::-1]))
        expand_right_max = np.vstack((expand_right_max_pos[::-1], expand_right_max_val[::-1]))

        max_extrema = np.hstack((expand_left_max, max_extrema, expand_right_max))
        min_extrema = np.hstack((expand_left_min, min_extrema, expand_right_min))

        return max_extrema, min_extrema

    def prepare_points_simple(
        self,
        T: np.ndarray,
        S: np.ndarray,
        max_pos: np.ndarray,
        max_val: Optional[np.ndarray],
        min_pos: np.ndarray,
        min_val: Optional[np.ndarray],
    ) -> Tuple[np.ndarray, np.ndarray]:

        # Find indexes of pass
        ind_min = min_pos.astype(int)
        ind_max = max_pos.astype(int)

        # Local variables
        nbsym = self.nbsym
        end_min, end_max = len(min_pos), len(max_pos)

        ####################################
        # Left bound - mirror nbsym points to the left
        if ind_max[0] < ind_min[0]:
            if S[0] > S[ind_min[0]]:
                lmax = ind_max[1 : min(end_max, nbsym + 1)][::-1]
                lmin = ind_min[0 : min(end_min, nbsym + 0)][::-1]
                lsym = ind_max[0]
            else:
                lmax = ind_max[0 : min(end_max, nbsym)][::-1]
                lmin = np.append(ind_min[0 : min(end_min, nbsym - 1)][::-1], 0)
                lsym = 0
        else:
            if S[0] < S[ind_max[0]]:
                lmax = ind_max[0 : min(end_max, nbsym + 0)][::-1]
                lmin = ind_min[1 : min(end_min, nbsym + 1)][::-1]
                lsym = ind_min[0]
            else:
                lmax = np.append(ind_max[0 : min(end_max, nbsym - 1)][::-1], 0)
                lmin = ind_min[0 : min(end_min, nbsym)][::-1]
                lsym = 0

        ####################################
        # Right bound - mirror nbsym points to the right
        if ind_max[-1] < ind_min[-1]:
            if S[-1] < S[ind_max[-1]]:
                rmax = ind_max[max(end_max - nbsym, 0) :][::-1]
                rmin = ind_min[max(end_min - nbsym - 1, 0) : -1][::-1]
                rsym = ind_min[-1]
            else:
                rmax = np.append(ind_max[max(end_max - nbsym + 1, 0) :], len(S) - 1)[::-1]
                rmin = ind_min[max(end_min - nbsym, 0) :][::-1]
                rsym = len(S) - 1
        else:
            if S[-1] > S[ind_min[-1]]:
                rmax = ind_max[max(end_max - nbsym - 1, 0) : -1][::-1]
                rmin = ind_min[max(end_min - nbsym, 0) :][::-1]
                rsym = ind_max[-1]
            else:
                rmax = ind_max[max(end_max - nbsym, 0) :][::-1]
                rmin = np.append(ind_min[max(end_min - nbsym + 1, 0) :], len(S) - 1)[::-1]
                rsym = len(S) - 1

        # In case any array missing
        if not lmin.size:
            lmin = ind_min
        if not rmin.size:
            rmin = ind_min
        if not lmax.size:
            lmax = ind_max
        if not rmax.size:
            rmax = ind_max

        # Mirror points
        tlmin = 2 * T[lsym] - T[lmin]
        tlmax = 2 * T[lsym] - T[lmax]
        trmin = 2 * T[rsym] - T[rmin]
        trmax = 2 * T[rsym] - T[rmax]

        # If mirrored points are not outside passed time range.
        if tlmin[0] > T[0] or tlmax[0] > T[0]:
            if lsym == ind_max[0]:
                lmax = ind_max[0 : min(end_max, nbsym)][::-1]
            else:
                lmin = ind_min[0 : min(end_min, nbsym)][::-1]

            if lsym == 0:
                raise Exception("Left edge BUG")

            lsym = 0
            tlmin = 2 * T[lsym] - T[lmin]
            tlmax = 2 * T[lsym] - T[lmax]

        if trmin[-1] < T[-1] or trmax[-1] < T[-1]:
            if rsym == ind_max[-1]:
                rmax = ind_max[max(end_max - nbsym, 0) :][::-1]
            else:
                rmin = ind_min[max(end_min - nbsym, 0) :][::-1]

            if rsym == len(S) - 1:
                raise Exception("Right edge BUG")

            rsym = len(S) - 1
            trmin = 2 * T[rsym] - T[rmin]
            trmax = 2 * T[rsym] - T[rmax]

        zlmax = S[lmax]
        zlmin = S[lmin]
        zrmax = S[rmax]
        zrmin = S[rmin]

        tmin = np.concatenate((tlmin, T[ind_min], trmin))
        tmax = np.concatenate((tlmax, T[ind_max], trmax))
        zmin = np.concatenate((zlmin, S[ind_min], zrmin))
        zmax = np.concatenate((zlmax, S[ind_max], zrmax))

        max_extrema = np.array([tmax, zmax])
        min_extrema = np.array([tmin, zmin])

        # Make double sure, that each extremum is significant
        max_dup_idx = np.where(max_extrema[0, 1:] == max_extrema[0, :-1])
        max_extrema = np.delete(max_extrema, max_dup_idx, axis=1)
        min_dup_idx = np.where(min_extrema[0, 1:] == min_extrema[0, :-1])
        min_extrema = np.delete(min_extrema, min_dup_idx, axis=1)

        return max_extrema, min_extrema

    def spline_points(self, T: np.ndarray, extrema: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:

        kind = self.spline_kind.lower()
        t = T[(T >= extrema[0, 0]) & (T <= extrema[0, -1])]

        if kind == "akima":
            return t, akima(extrema[0], extrema[1], t)

        elif kind == "cubic":
            if extrema.shape[1] > 3:
                return t, cubic(extrema[0], extrema[1], t)
            else:
                return cubic_spline_3pts(extrema[0], extrema[1], t)

        elif kind == "pchip":
            return t, pchip(extrema[0], extrema[1], t)

        elif kind == "cubic_hermite":
            return t, cubic_hermite(extrema[0], extrema[1], t)

        elif kind in ["slinear", "quadratic", "linear"]:
            return T, interp1d(extrema[0], extrema[1], kind=kind)(t).astype(self.DTYPE)

        else:
            raise ValueError("No such interpolation method!")

    @staticmethod
    def _not_duplicate(S: np.ndarray) -> np.ndarray:
        dup = (S[1:-1] == S[0:-2]) & (S[1:-1] == S[2:])
        not_dup_idx = np.arange(1, len(S) - 1)[~dup]

        idx = np.empty(len(not_dup_idx) + 2, dtype=np.int64)
        idx[0] = 0
        idx[-1] = len(S) - 1
        idx[1:-1] = not_dup_idx

        return idx

    def find_extrema(self, T: np.ndarray, S: np.ndarray) -> FindExtremaOutput:
        if self.extrema_detection == "parabol":
            return self._find_extrema_parabol(T, S)
        elif self.extrema_detection == "simple":
            return self._find_extrema_simple(T, S)
        else:
            raise ValueError("Incorrect extrema detection type. Please try: 'simple' or 'parabol'.")

    def _find_extrema_parabol(self, T: np.ndarray, S: np.ndarray) -> FindExtremaOutput:
        # Finds indexes of zero-crossings
        S1, S2 = S[:-1], S[1:]
        indzer = np.nonzero(S1 * S2 < 0)[0]
        if np.any(S == 0):
            indz = np.nonzero(S == 0)[0]
            if np.any(np.diff(indz) == 1):
                zer = S == 0
                dz = np.diff(np.append(np.append(0, zer), 0))
                debz = np.nonzero(dz == 1)[0]
                finz = np.nonzero(dz == -1)[0] - 1
                indz = np.round((debz + finz) / 2.0)

            indzer = np.sort(np.append(indzer, indz))

        dt = float(T[1] - T[0])
        scale = 2.0 * dt * dt

        idx = self._not_duplicate(S)
        T = T[idx]
        S = S[idx]

        # p - previous
        # 0 - current
        # n - next
        Tp, T0, Tn = T[:-2], T[1:-1], T[2:]
        Sp, S0, Sn = S[:-2], S[1:-1], S[2:]
        # a = Sn + Sp - 2*S0
        # b = 2*(Tn+Tp)*S0 - ((Tn+T0)*Sp+(T0+Tp)*Sn)
        # c = Sp*T0*Tn -2*Tp*S0*Tn + Tp*T0*Sn
        TnTp, T0Tn, TpT0 = Tn - Tp, T0 - Tn, Tp - T0
        scale = Tp * Tn * Tn + Tp * Tp * T0 + T0 * T0 * Tn - Tp * Tp * Tn - Tp * T0 * T0 - T0 * Tn * Tn

        a = T0Tn * Sp + TnTp * S0 + TpT0 * Sn
        b = (S0 - Sn) * Tp**2 + (Sn - Sp) * T0**2 + (Sp - S0) * Tn**2
        c = T0 * Tn * T0Tn * Sp + Tn * Tp * TnTp * S0 + Tp * T0 * TpT0 * Sn

        a = a / scale
        b = b / scale
        c = c / scale
        a[a == 0] = 1e-14
        tVertex = -0.5 * b / a
        idx = (tVertex < T0 + 0.5 * (Tn - T0)) & (tVertex >= T0 - 0.5 * (T0 - Tp))

        a, b, c = a[idx], b[idx], c[idx]
        tVertex = tVertex[idx]
        sVertex = a * tVertex * tVertex + b * tVertex + c

        local_max_pos, local_max_val = tVertex[a < 0], sVertex[a < 0]
        local_min_pos, local_min_val = tVertex[a > 0], sVertex[a > 0]

        return local_max_pos, local_max_val, local_min_pos, local_min_val, indzer

    @staticmethod
    def _find_extrema_simple(T: np.ndarray, S: np.ndarray) -> FindExtremaOutput:

        # Finds indexes of zero-crossings
        S1, S2 = S[:-1], S[1:]
        indzer = np.nonzero(S1 * S2 < 0)[0]
        if np.any(S == 0):
            indz = np.nonzero(S == 0)[0]
            if np.any(np.diff(indz) == 1):
                zer = S == 0
                dz = np.diff(np.concatenate(([0], zer, [0])))
                debz = np.nonzero(dz == 1)[0]
                finz = np.nonzero(dz == -1)[0] - 1
                indz = np.round((debz + finz) / 2.0)

            indzer = np.sort(np.append(indzer, indz))

        # Finds local extrema
        d = np.diff(S)
        d1, d2 = d[:-1], d[1:]
        sign_change = d1 * d2 < 0
        indmin = np.nonzero(sign_change & (d1 < 0))[0] + 1
        indmax = np.nonzero(sign_change & (d1 > 0))[0] + 1

        # When two or more points have the same value (flat plateaus)
        if np.any(d == 0):
            bad = d == 0
            dd = np.diff(np.concatenate(([0], bad, [0])))
            debs = np.nonzero(dd == 1)[0]
            fins = np.nonzero(dd == -1)[0]

            if len(debs) > 0 and debs[0] == 1:
                if len(debs) > 1:
                    debs, fins = debs[1:], fins[1:]
                else:
                    debs, fins = (
                        np.array([], dtype=np.intp),
                        np.array([], dtype=np.intp),
                    )

            if len(debs) > 0 and fins[-1] == len(S) - 1:
                if len(debs) > 1:
                    debs, fins = debs[:-1], fins[:-1]
                else:
                    debs, fins = (
                        np.array([], dtype=np.intp),
                        np.array([], dtype=np.intp),
                    )

            if len(debs) > 0:
                d_before = d[debs - 1]
                d_after = d[fins]
                midpoints = np.round((fins + debs) / 2.0).astype(np.intp)

                # Maxima: rising before plateau, falling after
                max_mask = (d_before > 0) & (d_after < 0)
                # Minima: falling before plateau, rising after
                min_mask = (d_before < 0) & (d_after > 0)

                if np.any(max_mask):
                    indmax = np.sort(np.concatenate([indmax, midpoints[max_mask]]))
                if np.any(min_mask):
                    indmin = np.sort(np.concatenate([indmin, midpoints[min_mask]]))

        local_max_pos = T[indmax]
        local_max_val = S[indmax]
        local_min_pos = T[indmin]
        local_min_val = S[indmin]

        return local_max_pos, local_max_val, local_min_pos, local_min_val, indzer

    def end_condition(self, S: np.ndarray, IMF: np.ndarray) -> bool:
        # When to stop EMD
        tmp = S - np.sum(IMF, axis=0)

        if np.max(tmp) - np.min(tmp) < self.range_thr:
            self.logger.debug("FINISHED -- RANGE")
            return True

        if np.sum(np.abs(tmp)) < self.total_power_thr:
            self.logger.debug("FINISHED -- SUM POWER")
            return True

        return False

    def check_imf(
        self,
        imf_new: np.ndarray,
        imf_old: np.ndarray,
        eMax: np.ndarray,
        eMin: np.ndarray,
    ) -> bool:
        # local max are >0 and local min are <0
        if np.any(eMax[1] < 0) or np.any(eMin[1] > 0):
            return False

        # Convergence
        if np.sum(imf_new**2) < 1e-10:
            return False

        # Precompute values
        imf_diff = imf_new - imf_old
        imf_diff_sqrd_sum = np.sum(imf_diff * imf_diff)

        # Scaled variance test
        svar = imf_diff_sqrd_sum / (max(imf_old) - min(imf_old))
        if svar < self.svar_thr:
            self.logger.debug("Scaled variance -- PASSED")
            return True

        # Standard deviation test
        std = np.sum((imf_diff / imf_new) ** 2)
        if std < self.std_thr:
            self.logger.debug("Standard deviation -- PASSED")
            return True

        energy_ratio = imf_diff_sqrd_sum / np.sum(imf_old * imf_old)
        if energy_ratio < self.energy_ratio_thr:
            self.logger.debug("Energy ratio -- PASSED")
            return True

        return False

    @staticmethod
    def _normalize_time(t: np.ndarray) -> np.ndarray:
        d = np.diff(t)
        assert np.all(d != 0), "All time domain values needs to be unique"
        return (t - t[0]) / np.min(d)

    def emd(self, S: np.ndarray, T: Optional[np.ndarray] = None, max_imf: int = -1) -> np.ndarray:
        if T is not None and len(S) != len(T):
            raise ValueError("Time series have different sizes: len(S) -> {} != {} <- len(T)".format(len(S), len(T)))

        if T is None or self.extrema_detection == "simple":
            T = get_timeline(len(S), S.dtype)

        # Normalize T so that it doesn't explode
        T = self._normalize_time(T)

        # Make sure same types are dealt
        S, T = unify_types(S, T)
        self.DTYPE = S.dtype
        N = len(S)

        residue = S.astype(self.DTYPE)
        imf = np.zeros(len(S), dtype=self.DTYPE)
        imf_old = np.nan

        if S.shape != T.shape:
            raise ValueError("Position or time array should be the same size as signal.")

        # Create arrays
        imfNo = 0
        extNo = -1
        IMF = np.empty((imfNo, N))  # Numpy container for IMF
        finished = False

        while not finished:
            self.logger.debug("IMF -- %s", imfNo)

            residue[:] = S - np.sum(IMF[:imfNo], axis=0)
            imf = residue.copy()
            mean = np.zeros(len(S), dtype=self.DTYPE)

            # Counters
            n = 0  # All iterations for current imf.
            n_h = 0  # counts when |#zero - #ext| <=1

            while True:
                n += 1
                if n >= self.MAX_ITERATION:
                    self.logger.info("Max iterations reached for IMF. Continuing with another IMF.")
                    break

                ext_res = self.find_extrema(T, imf)
                max_pos, min_pos, indzer = ext_res[0], ext_res[2], ext_res[4]
                extNo = len(min_pos) + len(max_pos)
                nzm = len(indzer)

                if extNo > 2:
                    max_env, min_env, eMax, eMin = self.extract_max_min_spline(T, imf)
                    mean[:] = 0.5 * (max_env + min_env)

                    imf_old = imf.copy()
                    imf[:] = imf - mean

                    # Fix number of iterations
                    if self.FIXE:
                        if n >= self.FIXE:
                            break

                    # Fix number of iterations after number of zero-crossings
                    # and extrema differ at most by one.
                    elif self.FIXE_H:
                        tmp_residue = self.find_extrema(T, imf)
                        max_pos, min_pos, ind_zer = (
                            tmp_residue[0],
                            tmp_residue[2],
                            tmp_residue[4],
                        )
                        extNo = len(max_pos) + len(min_pos)
                        nzm = len(ind_zer)

                        if n == 1:
                            continue

                        # If proto-IMF add one, or reset counter otherwise
                        n_h = n_h + 1 if abs(extNo - nzm) < 2 else 0

                        # STOP
                        if n_h >= self.FIXE_H:
                            break

                    # Stops after default stopping criteria are met
                    else:
                        ext_res = self.find_extrema(T, imf)
                        max_pos, _, min_pos, _, ind_zer = ext_res
                        extNo = len(max_pos) + len(min_pos)
                        nzm = len(ind_zer)

                        if imf_old is np.nan:
                            continue

                        f1 = self.check_imf(imf, imf_old, eMax, eMin)
                        f2 = abs(extNo - nzm) < 2

                        # STOP
                        if f1 and f2:
                            break

                else:  # Less than 2 ext, i.e. trend
                    finished = True
                    break
            # END OF IMF SIFTING

            IMF = np.vstack((IMF, imf.copy()))
            imfNo += 1

            if self.end_condition(S, IMF) or imfNo == max_imf:
                finished = True
                break

        # If the last sifting had 2 or less extrema then that's a trend (residue)
        if extNo <= 2:
            IMF = IMF[:-1]

        # Saving imfs and residue for external references
        self.imfs = IMF.copy()
        self.residue = S - np.sum(self.imfs, axis=0)

        # If residue isn't 0 then add it to the output
        if not np.allclose(self.residue, 0):
            IMF = np.vstack((IMF, self.residue))

        return IMF

    def get_imfs_and_residue(self) -> Tuple[np.ndarray, np.ndarray]:
        if self.imfs is None or self.residue is None:
            raise ValueError("No IMF found. Please, run EMD method or its variant first.")
        return self.imfs, self.residue

    def get_imfs_and_trend(self) -> Tuple[np.ndarray, np.ndarray]:
        if self.imfs is None or self.residue is None:
            raise ValueError("No IMF found. Please, run EMD method or its variant first.")

        imfs, residue = self.get_imfs_and_residue()
        if np.allclose(residue, 0):
            return imfs[:-1].copy(), imfs[-1].copy()
        else:
            return imfs, residue


# --- PyEMD/checks.py ---


def mean_period(data):
    peaks = len(find_peaks(data, height=0)[0])
    return len(data) / peaks if peaks > 0 else len(data)


def energy(data):
    return sum(pow(data, 2))


def significance_apriori(energy_density, T, N, alpha):
    k = abs(stats.norm.ppf((1 - alpha) / 2))
    upper_limit = -T + (k * (math.sqrt(2 / N) * math.exp(T / 2)))
    lower_limit = -T - (k * (math.sqrt(2 / N) * math.exp(T / 2)))

    return not (lower_limit <= energy_density <= upper_limit)


def significance_aposteriori(scaled_energy_density, T, N, alpha):
    k = abs(stats.norm.ppf((1 - alpha) / 2))
    upper_limit = -T + (k * (math.sqrt(2 / N) * math.exp(T / 2)))
    return not (scaled_energy_density <= upper_limit)


def whitenoise_check(IMFs: np.ndarray, test_name: str = "aposteriori", rescaling_imf: int = 1, alpha: float = 0.95):
    assert isinstance(IMFs, np.ndarray), "Invalid Data type, Pass a numpy.ndarray containing IMFs"
    # check if IMFs are empty or not
    if len(IMFs) == 0 or len(IMFs[0]) == 0:
        logging.getLogger("PyEMD").warning("Detected empty input. Skipping check.")
        return None

    assert isinstance(alpha, float), "Invalid Data type for alpha, pass a float value between (0,1)"
    assert 0 < alpha < 1, "alpha value should be in between (0,1)"
    assert test_name in ("apriori", "aposteriori"), "Invalid test type"
    assert isinstance(rescaling_imf, int), "Invalid data type for rescaling_imf, pass a int value"
    assert 0 < rescaling_imf <= len(IMFs), "Invalid rescaling IMF"

    if np.any(np.isnan(IMFs)):
        # Return None if input has NaN
        logging.getLogger("PyEMD").warning("Detected NaN values during whitenoise check. Skipping check.")
        return None

    N = len(IMFs[0])
    output = {}
    if test_name == "apriori":
        for idx, imf in enumerate(IMFs):
            log_T = math.log(mean_period(imf))
            energy_density = math.log(energy(imf) / N)
            sig_priori = significance_apriori(energy_density, log_T, N, alpha)

            output[idx + 1] = int(sig_priori)

    elif test_name == "aposteriori":
        scaling_imf_mean_period = math.log(mean_period(IMFs[rescaling_imf - 1]))
        scaling_imf_energy_density = math.log(energy(IMFs[rescaling_imf - 1]) / N)

        k = abs(stats.norm.ppf((1 - alpha) / 2))
        up_limit = -scaling_imf_mean_period + (k * math.sqrt(2 / N) * math.exp(scaling_imf_mean_period) / 2)

        scaling_factor = math.exp(up_limit)

        for idx, imf in enumerate(IMFs):
            log_T = math.log(mean_period(imf))
            if idx != rescaling_imf - 1:
                scaled_energy_density = math.log((energy(imf) / N) / scaling_factor)
            else:
                scaled_energy_density = math.log(scaling_factor)

            sig_aposteriori = significance_aposteriori(scaled_energy_density, log_T, N, alpha)

            output[idx + 1] = int(sig_aposteriori)

    else:
        raise AssertionError("Only 'apriori' and 'aposteriori' are allowed")

    return output


# --- PyEMD/compact.py ---


def TDMAsolver(a, b, c, d):
    n = len(b)

    cp = np.zeros(n)
    cp[0] = c[0] / b[0]
    for i in range(1, n - 1):
        cp[i] = c[i] / (b[i] - a[i] * cp[i - 1])

    dp = np.zeros(n)
    dp[0] = d[0] / b[0]
    for i in range(1, n):
        dp[i] = (d[i] - a[i] * dp[i - 1]) / (b[i] - a[i] * cp[i - 1])

    x = np.zeros(n)
    x[-1] = dp[-1]
    for i in range(n - 2, -1, -1):
        x[i] = dp[i] - cp[i] * x[i + 1]

    return x


def filt6(f, alpha):
    Ca = (11.0 + 10.0 * alpha) / 16.0
    Cb = (15.0 + 34.0 * alpha) / 32.0
    Cc = (-3.0 + 6.0 * alpha) / 16.0
    Cd = (1.0 - 2.0 * alpha) / 32.0

    n = len(f)

    rhs = np.zeros(n)

    rhs[3:-3] = (
        Cd * 0.5 * (f[6:] + f[:-6]) + Cc * 0.5 * (f[5:-1] + f[1:-5]) + Cb * 0.5 * (f[4:-2] + f[2:-4]) + Ca * f[3:-3]
    )

    # Non-periodic BC:
    rhs[0] = (15.0 / 16.0) * f[0] + (4.0 * f[1] - 6.0 * f[2] + 4.0 * f[3] - f[4]) / 16.0

    rhs[1] = (3.0 / 4.0) * f[1] + (f[0] + 6.0 * f[2] - 4.0 * f[3] + f[4]) / 16.0

    rhs[2] = (5.0 / 8.0) * f[2] + (-f[0] + 4.0 * f[1] + 4.0 * f[3] - f[4]) / 16.0

    rhs[-1] = (15.0 / 16.0) * f[-1] + (4.0 * f[-2] - 6.0 * f[-3] + 4.0 * f[-4] - f[-5]) / 16.0

    rhs[-2] = (3.0 / 4.0) * f[-2] + (f[-1] + 6.0 * f[-3] - 4.0 * f[-4] + f[-5]) / 16.0

    rhs[-3] = (5.0 / 8.0) * f[-3] + (-f[-1] + 4.0 * f[-2] + 4.0 * f[-4] - f[-5]) / 16.0

    Da = alpha * np.ones(n)
    Db = np.ones(n)
    Dc = alpha * np.ones(n)

    # 1st point
    Dc[0] = 0.0
    # 2nd point
    Da[1] = Dc[1] = 0.0
    # 3rd point
    Da[2] = Dc[2] = 0.0
    # last point
    Da[-1] = 0.0
    # 2nd from last
    Da[-2] = Dc[-2] = 0.0
    # 3rd from last
    Da[-3] = Dc[-3] = 0.0

    return TDMAsolver(Da, Db, Dc, rhs)


def pade6(vec, h):
    n = len(vec)
    rhs = np.zeros(n)

    a = 14.0 / 18.0
    b = 1.0 / 36.0

    rhs[2:-2] = (vec[3:-1] - vec[1:-3]) * (a / h) + (vec[4:] - vec[0:-4]) * (b / h)

    # boundaries:
    rhs[0] = (
        (-197.0 / 60.0) * vec[0]
        + (-5.0 / 12.0) * vec[1]
        + 5.0 * vec[2]
        + (-5.0 / 3.0) * vec[3]
        + (5.0 / 12.0) * vec[4]
        + (-1.0 / 20.0) * vec[5]
    ) / h

    rhs[1] = (
        (-20.0 / 33.0) * vec[0]
        + (-35.0 / 132.0) * vec[1]
        + (34.0 / 33.0) * vec[2]
        + (-7.0 / 33.0) * vec[3]
        + (2.0 / 33.0) * vec[4]
        + (-1.0 / 132.0) * vec[5]
    ) / h

    rhs[-1] = (
        (197.0 / 60.0) * vec[-1]
        + (5.0 / 12.0) * vec[-2]
        + (-5.0) * vec[-3]
        + (5.0 / 3.0) * vec[-4]
        + (-5.0 / 12.0) * vec[-5]
        + (1.0 / 20.0) * vec[-6]
    ) / h

    rhs[-2] = (
        (20.0 / 33.0) * vec[-1]
        + (35.0 / 132.0) * vec[-2]
        + (-34.0 / 33.0) * vec[-3]
        + (7.0 / 33.0) * vec[-4]
        + (-2.0 / 33.0) * vec[-5]
        + (1.0 / 132.0) * vec[-6]
    ) / h

    alpha1 = 5.0  # j = 1 and n
    alpha2 = 2.0 / 11  # j = 2 and n-1
    alpha = 1.0 / 3.0

    Db = np.ones(n)
    Da = alpha * np.ones(n)
    Dc = alpha * np.ones(n)

    # boundaries:
    Da[1] = alpha2
    Da[-1] = alpha1
    Da[-2] = alpha2
    Dc[0] = alpha1
    Dc[1] = alpha2
    Dc[-2] = alpha2

    return TDMAsolver(Da, Db, Dc, rhs)


# --- PyEMD/EMD_matlab.py (its class EMD is EMDMatlab here: two classes named EMD in one module) ---


class EMDMatlab:

    logger = logging.getLogger(__name__)

    def __init__(self):
        self.splineKind = "cubic"

        self.nbsym = 2
        self.reduceScale = 1.0
        self.maxIteration = 500
        self.scaleFactor = 100

        self.FIXE = 0
        self.FIXE_H = 0

        self.stop1 = 0.05
        self.stop2 = 0.5
        self.stop3 = 0.05

        self.DTYPE = np.float64
        self.MAX_ITERATION = 1000

        self.TIME = False

    def extractMaxMinSpline(self, T, S):

        # Get indexes of extrema
        maxPos, maxVal, minPos, minVal, _ = self.findExtrema(T, S)

        if len(maxPos) + len(minPos) < 3:
            return [-1] * 4

        # Extrapolation of signal (ober boundaries)
        maxExtrema, minExtrema = self.preparePoints(S, T, maxPos, maxVal, minPos, minVal)

        _, maxSpline = self.splinePoints(T, maxExtrema, self.splineKind)
        _, minSpline = self.splinePoints(T, minExtrema, self.splineKind)

        return maxSpline, minSpline, maxExtrema, minExtrema

    def preparePoints(self, S, T, maxPos, maxVal, minPos, minVal):

        # Find indices for time array of extrema
        indmin = np.array([np.nonzero(T == t)[0] for t in minPos]).flatten()
        indmax = np.array([np.nonzero(T == t)[0] for t in maxPos]).flatten()

        # Local variables
        nbsym = self.nbsym
        endMin, endMax = len(minPos), len(maxPos)

        ####################################
        # Left bound - mirror nbsym points to the left
        if indmax[0] < indmin[0]:
            if S[0] > S[indmin[0]]:
                lmax = indmax[1 : min(endMax, nbsym + 1)][::-1]
                lmin = indmin[0 : min(endMin, nbsym + 0)][::-1]
                lsym = indmax[0]
            else:
                lmax = indmax[0 : min(endMax, nbsym)][::-1]
                lmin = np.append(indmin[0 : min(endMin, nbsym - 1)][::-1], 0)
                lsym = 0
        else:
            if S[0] < S[indmax[0]]:
                lmax = indmax[0 : min(endMax, nbsym + 0)][::-1]
                lmin = indmin[1 : min(endMin, nbsym + 1)][::-1]
                lsym = indmin[0]
            else:
                lmax = np.append(indmax[0 : min(endMax, nbsym - 1)][::-1], 0)
                lmin = indmin[0 : min(endMin, nbsym)][::-1]
                lsym = 0

        ####################################
        # Right bound - mirror nbsym points to the right
        if indmax[-1] < indmin[-1]:
            if S[-1] < S[indmax[-1]]:
                rmax = indmax[max(endMax - nbsym, 0) :][::-1]
                rmin = indmin[max(endMin - nbsym - 1, 0) : -1][::-1]
                rsym = indmin[-1]
            else:
                rmax = np.append(indmax[max(endMax - nbsym + 1, 0) :], len(S) - 1)[::-1]
                rmin = indmin[max(endMin - nbsym, 0) :][::-1]
                rsym = len(S) - 1
        else:
            if S[-1] > S[indmin[-1]]:
                rmax = indmax[max(endMax - nbsym - 1, 0) : -1][::-1]
                rmin = indmin[max(endMin - nbsym, 0) :][::-1]
                rsym = indmax[-1]
            else:
                rmax = indmax[max(endMax - nbsym, 0) :][::-1]
                rmin = np.append(indmin[max(endMin - nbsym + 1, 0) :], len(S) - 1)[::-1]
                rsym = len(S) - 1

        # In case any array missing
        if not lmin.size:
            lmin = indmin
        if not rmin.size:
            rmin = indmin
        if not lmax.size:
            lmax = indmax
        if not rmax.size:
            rmax = indmax

        # Mirror points
        tlmin = 2 * T[lsym] - T[lmin]
        tlmax = 2 * T[lsym] - T[lmax]
        trmin = 2 * T[rsym] - T[rmin]
        trmax = 2 * T[rsym] - T[rmax]

        # If mirrored points are not outside passed time range.
        if tlmin[0] > T[0] or tlmax[0] > T[0]:
            if lsym == indmax[0]:
                lmax = indmax[0 : min(endMax, nbsym)][::-1]
            else:
                lmin = indmin[0 : min(endMin, nbsym)][::-1]

            if lsym == 0:
                raise Exception("bug")

            lsym = 0
            tlmin = 2 * T[lsym] - T[lmin]
            tlmax = 2 * T[lsym] - T[lmax]

        if trmin[-1] < T[-1] or trmax[-1] < T[-1]:
            if rsym == indmax[-1]:
                rmax = indmax[max(endMax - nbsym, 0) :][::-1]
            else:
                rmin = indmin[max(endMin - nbsym, 0) :][::-1]

            if rsym == len(S) - 1:
                raise Exception("bug")

            rsym = len(S) - 1
            trmin = 2 * T[rsym] - T[rmin]
            trmax = 2 * T[rsym] - T[rmax]

        zlmax = S[lmax]
        zlmin = S[lmin]
        zrmax = S[rmax]
        zrmin = S[rmin]

        tmin = np.append(tlmin, np.append(T[indmin], trmin))
        tmax = np.append(tlmax, np.append(T[indmax], trmax))
        zmin = np.append(zlmin, np.append(S[indmin], zrmin))
        zmax = np.append(zlmax, np.append(S[indmax], zrmax))

        maxExtrema = np.array([tmax, zmax], dtype=self.DTYPE)
        minExtrema = np.array([tmin, zmin], dtype=self.DTYPE)

        # Make double sure, that each extremum is significant
        maxExtrema = np.delete(maxExtrema, np.where(maxExtrema[0, 1:] == maxExtrema[0, :-1]), axis=1)
        minExtrema = np.delete(minExtrema, np.where(minExtrema[0, 1:] == minExtrema[0, :-1]), axis=1)

        return maxExtrema, minExtrema

    def splinePoints(self, T, extrema, splineKind):

        kind = splineKind.lower()
        t = T[np.r_[T >= extrema[0, 0]] & np.r_[T <= extrema[0, -1]]]
        if t.dtype != self.DTYPE:
            self.logger.error("t.dtype: " + str(t.dtype))
        if extrema.dtype != self.DTYPE:
            self.logger.error("extrema.dtype: " + str(extrema.dtype))

        if kind == "akima":
            return t, akima(extrema[0], extrema[1], t)

        elif kind == "cubic":
            if extrema.shape[1] > 3:
                return t, interp1d(extrema[0], extrema[1], kind=kind)(t).astype(self.DTYPE)
            else:
                return self.cubicSpline_3points(T, extrema)

        elif kind in ["slinear", "quadratic", "linear"]:
            return T, interp1d(extrema[0], extrema[1], kind=kind)(t).astype(self.DTYPE)

        else:
            raise ValueError("No such interpolation method!")

    def cubicSpline_3points(self, T, extrema):

        x0, x1, x2 = extrema[0]
        y0, y1, y2 = extrema[1]

        x1x0, x2x1 = x1 - x0, x2 - x1
        y1y0, y2y1 = y1 - y0, y2 - y1
        _x1x0, _x2x1 = 1.0 / x1x0, 1.0 / x2x1

        m11, m12, m13 = 2 * _x1x0, _x1x0, 0
        m21, m22, m23 = _x1x0, 2.0 * (_x1x0 + _x2x1), _x2x1
        m31, m32, m33 = 0, _x2x1, 2.0 * _x2x1

        v1 = 3 * y1y0 * _x1x0 * _x1x0
        v3 = 3 * y2y1 * _x2x1 * _x2x1
        v2 = v1 + v3

        M = np.matrix([[m11, m12, m13], [m21, m22, m23], [m31, m32, m33]])
        v = np.matrix([v1, v2, v3]).T
        k = np.array(np.linalg.inv(M) * v)

        a1 = k[0] * x1x0 - y1y0
        b1 = -k[1] * x1x0 + y1y0
        a2 = k[1] * x2x1 - y2y1
        b2 = -k[2] * x2x1 + y2y1

        t = T[np.r_[T >= x0] & np.r_[T <= x2]]
        t1 = (T[np.r_[T >= x0] & np.r_[T < x1]] - x0) / x1x0
        t2 = (T[np.r_[T >= x1] & np.r_[T <= x2]] - x1) / x2x1
        t11, t22 = 1.0 - t1, 1.0 - t2

        q1 = t11 * y0 + t1 * y1 + t1 * t11 * (a1 * t11 + b1 * t1)
        q2 = t22 * y1 + t2 * y2 + t2 * t22 * (a2 * t22 + b2 * t2)
        q = np.append(q1, q2)

        return t, q.astype(self.DTYPE)

    @classmethod
    def findExtrema(cls, t, s):

        # Finds indexes of zero-crossings
        s1, s2 = s[:-1], s[1:]
        indzer = np.nonzero(s1 * s2 < 0)[0]
        if np.any(s == 0):
            iz = np.nonzero(s == 0)[0]
            indz = []
            if np.any(np.diff(iz) == 1):
                zer = s == 0
                dz = np.diff(np.append(np.append(0, zer), 0))
                debz = np.nonzero(dz == 1)[0]
                finz = np.nonzero(dz == -1)[0] - 1
                indz = np.round((debz + finz) / 2)
            else:
                indz = iz

            indzer = np.sort(np.append(indzer, indz))

        # Finds local extrema
        d = np.diff(s)
        d1, d2 = d[:-1], d[1:]
        indmin = np.nonzero(np.r_[d1 * d2 < 0] & np.r_[d1 < 0])[0] + 1
        indmax = np.nonzero(np.r_[d1 * d2 < 0] & np.r_[d1 > 0])[0] + 1

        # When two or more points have the same value
        if np.any(d == 0):
            imax, imin = [], []

            bad = d == 0
            dd = np.diff(np.append(np.append(0, bad), 0))
            debs = np.nonzero(dd == 1)[0]
            fins = np.nonzero(dd == -1)[0]
            if debs[0] == 1:
                if len(debs) > 1:
                    debs, fins = debs[1:], fins[1:]
                else:
                    debs, fins = [], []

            if len(debs) > 0:
                if fins[-1] == len(s) - 1:
                    if len(debs) > 1:
                        debs, fins = debs[:-1], fins[:-1]
                    else:
                        debs, fins = [], []

            lc = len(debs)
            if lc > 0:
                for k in range(lc):
                    if d[debs[k] - 1] > 0:
                        if d[fins[k]] < 0:
                            imax.append(round((fins[k] + debs[k]) / 2.0))
                    else:
                        if d[fins[k]] > 0:
                            imin.append(round((fins[k] + debs[k]) / 2.0))

            if len(imax) > 0:
                indmax = indmax.tolist()
                for x in imax:
                    indmax.append(int(x))
                indmax.sort()

            if len(imin) > 0:
                indmin = indmin.tolist()
                for x in imin:
                    indmin.append(int(x))
                indmin.sort()

        localMaxPos = t[indmax]
        localMaxVal = s[indmax]
        localMinPos = t[indmin]
        localMinVal = s[indmin]

        return localMaxPos, localMaxVal, localMinPos, localMinVal, indzer

    def stop_sifting(self, imf, envMax, envMin, mean, extNo):

        amp = np.abs(envMax - envMin) / 2.0
        sx = np.abs(mean) / amp

        f1 = np.mean(sx > self.stop1) > self.stop3
        f2 = np.any(sx > self.stop2)
        f3 = extNo > 2

        if (not (f1 or f2)) and f3:
            return True
        else:
            return False

    @staticmethod
    def emd(self, S, T=None, maxImf=None):

        if T is None:
            T = np.arange(len(S), dtype=S.dtype)
        if maxImf is None:
            maxImf = -1

        # Make sure same types are dealt
        S, T = unify_types(S, T)
        self.DTYPE = S.dtype

        Res = S.astype(self.DTYPE)
        scale = 1.0
        Res, scaledS = Res / scale, S / scale
        imf = np.zeros(len(S), dtype=self.DTYPE)
        imfOld = Res.copy()

        if Res.dtype != self.DTYPE:
            self.logger.error("Res.dtype: " + str(Res.dtype))
        if scaledS.dtype != self.DTYPE:
            self.logger.error("scaledS.dtype: " + str(scaledS.dtype))
        if imf.dtype != self.DTYPE:
            self.logger.error("imf.dtype: " + str(imf.dtype))
        if imfOld.dtype != self.DTYPE:
            self.logger.error("imfOld.dtype: " + str(imfOld.dtype))
        if T.dtype != self.DTYPE:
            self.logger.error("T.dtype: " + str(T.dtype))

        if S.shape != T.shape:
            info = "Time array should be the same size as signal."
            raise ValueError(info)

        # Create arrays
        IMF = {}  # Dic for imfs signals
        EXT = {}  # Dic for number of extrema
        ITER = {}  # Dic for number of iterations
        TIME = {}  # Dic for time of computation
        imfNo = 0
        extNo = 0
        notFinish = True

        while notFinish:
            self.logger.debug("IMF -- " + str(imfNo))

            # ~ Res = scaledS - np.sum([IMF[i] for i in range(imfNo)],axis=0)
            Res -= imf
            imf = Res.copy()
            mean = np.zeros(len(S), dtype=self.DTYPE)

            # Counters
            n = 0  # All iterations for current imf.
            n_h = 0  # counts when |#zero - #ext| <=1

            # Time counter
            timeInit = time.time()
            if self.TIME:
                singleTime = time.time()

            while n < self.MAX_ITERATION:
                n += 1

                if self.TIME:
                    self.logger.info("Execution time: " + str(time.time() - singleTime))
                    singleTime = time.time()
                ext_res = self.findExtrema(T, imf)
                MP, mP = ext_res[0], ext_res[2]
                indzer = ext_res[4]

                extNo = len(mP) + len(MP)
                nzm = len(indzer)

                if extNo > 2:
                    # Plotting. Either into file, or on-screen display.
                    imfOld = imf.copy()
                    imf = imf - self.reduceScale * mean

                    env_ext = self.extractMaxMinSpline(T, imf)
                    maxEnv, minEnv = env_ext[0], env_ext[1]

                    if isinstance(maxEnv, int):
                        notFinish = True
                        break

                    mean = 0.5 * (maxEnv + minEnv)

                    if maxEnv.dtype != self.DTYPE:
                        self.logger.error("maxEnv.dtype: " + str(maxEnv.dtype))
                    if minEnv.dtype != self.DTYPE:
                        self.logger.error("minEnv.dtype: " + str(minEnv.dtype))
                    if imf.dtype != self.DTYPE:
                        self.logger.error("imf.dtype: " + str(imf.dtype))
                    if mean.dtype != self.DTYPE:
                        self.logger.error("mean.dtype: " + str(mean.dtype))

                    # Stop, because of too many iterations
                    if n > self.maxIteration:
                        self.logger.info("TOO MANY ITERATIONS! BREAK!")
                        break

                    # Fix number of iterations
                    if self.FIXE:
                        if n >= self.FIXE + 1:
                            break

                    # Fix number of iterations after number of zero-crossings
                    # and extrema differ at most by one.
                    elif self.FIXE_H:
                        ext_res = self.findExtrema(T, imf)
                        mP, MP, indzer = ext_res[0], ext_res[2], ext_res[4]
                        extNo = len(mP) + len(MP)
                        nzm = len(indzer)

                        if n == 1:
                            continue
                        if abs(extNo - nzm) > 1:
                            n_h = 0
                        else:
                            n_h += 1

                        # STOP
                        if n_h >= self.FIXE_H:
                            break

                    # Stops after default stopping criteria are meet.
                    else:
                        mP, _, MP, _, indzer = self.findExtrema(T, imf)
                        extNo = len(mP) + len(MP)
                        nzm = len(indzer)

                        f1 = self.stop_sifting(imf, maxEnv, minEnv, mean, extNo)
                        f2 = abs(extNo - nzm) < 2

                        # STOP
                        if f1 and f2:
                            break

                else:
                    notFinish = False
                    break

            IMF[imfNo] = imf.copy()
            ITER[imfNo] = n
            EXT[imfNo] = extNo
            TIME[imfNo] = time.time() - timeInit
            imfNo += 1

            if imfNo == maxImf - 1:
                notFinish = False
                break

        # ~ Saving residuum if meaningful
        Res = scaledS - np.sum([IMF[i] for i in range(imfNo)], axis=0)
        if np.sum(np.abs(Res)) > 1e-10:
            IMF[imfNo] = Res
            ITER[imfNo] = 0
            EXT[imfNo] = extNo
            TIME[imfNo] = 0
            imfNo += 1

        for key in list(IMF.keys()):
            IMF[key] *= scale
        return IMF, EXT, ITER, imfNo



# --- the settings of the cases (a fresh object per call, as PyEMD's examples make it) ------------------------------

def emd_default(S):
    return EMD().emd(S)


def emd_parabol(S, T):
    return EMD(extrema_detection="parabol").emd(S, T)


def emd_two_imfs(S):
    return EMD().emd(S, max_imf=2)


def emd_fixe(S):
    return EMD(FIXE=5).emd(S)


def emd_fixe_h(S):
    return EMD(FIXE_H=3).emd(S)


def emd_akima(S):
    return EMD(spline_kind="akima").emd(S)


def emd_pchip(S):
    return EMD(spline_kind="pchip").emd(S)


def emd_linear(S):
    return EMD(spline_kind="linear").emd(S)


def emd_call(S):
    return EMD()(S)


def emd_imfs_and_trend(S):
    emd = EMD()
    emd.emd(S)
    return emd.get_imfs_and_trend()


def emd_imfs_and_residue(S):
    emd = EMD()
    emd.emd(S, max_imf=2)
    return emd.get_imfs_and_residue()


def find_extrema_simple(T, S):
    return EMD().find_extrema(T, S)


def find_extrema_parabol(T, S):
    return EMD(extrema_detection="parabol").find_extrema(T, S)


def not_duplicate(S):
    return EMD._not_duplicate(S)


def find_extrema_simple_static(T, S):
    return EMD._find_extrema_simple(T, S)


def extract_max_min_spline(T, S):
    return EMD().extract_max_min_spline(T, S)


def extract_max_min_spline_parabol(T, S):
    return EMD(extrema_detection="parabol").extract_max_min_spline(T, S)


def extract_max_min_spline_akima(T, S):
    return EMD(spline_kind="akima").extract_max_min_spline(T, S)


def prepare_points_simple(T, S, max_pos, max_val, min_pos, min_val):
    return EMD().prepare_points(T, S, max_pos, max_val, min_pos, min_val)


def prepare_points_parabol(T, S, max_pos, max_val, min_pos, min_val):
    return EMD(extrema_detection="parabol").prepare_points(T, S, max_pos, max_val, min_pos, min_val)


def prepare_points_simple_nbsym3(T, S, max_pos, max_val, min_pos, min_val):
    return EMD(nbsym=3).prepare_points(T, S, max_pos, max_val, min_pos, min_val)


def spline_points_cubic(T, extrema):
    return EMD().spline_points(T, extrema)


def spline_points_akima(T, extrema):
    return EMD(spline_kind="akima").spline_points(T, extrema)


def spline_points_pchip(T, extrema):
    return EMD(spline_kind="pchip").spline_points(T, extrema)


def spline_points_cubic_hermite(T, extrema):
    return EMD(spline_kind="cubic_hermite").spline_points(T, extrema)


def spline_points_linear(T, extrema):
    return EMD(spline_kind="linear").spline_points(T, extrema)


def spline_points_slinear(T, extrema):
    return EMD(spline_kind="slinear").spline_points(T, extrema)


def spline_points_quadratic(T, extrema):
    return EMD(spline_kind="quadratic").spline_points(T, extrema)


def end_condition(S, IMF):
    return EMD().end_condition(S, IMF)


def check_imf(imf_new, imf_old, eMax, eMin):
    return EMD().check_imf(imf_new, imf_old, eMax, eMin)


def normalize_time(t):
    return EMD._normalize_time(t)


def timeline_int():
    return get_timeline(100, np.int8)


def timeline_float16():
    return get_timeline(5000, np.float16)


def whitenoise_apriori(IMFs):
    return whitenoise_check(IMFs, test_name="apriori")


def whitenoise_rescaled(IMFs):
    return whitenoise_check(IMFs, rescaling_imf=2)


def matlab_find_extrema(T, S):
    return EMDMatlab().findExtrema(T, S)


def matlab_extract_max_min_spline(T, S):
    return EMDMatlab().extractMaxMinSpline(T, S)


def matlab_prepare_points(S, T, maxPos, maxVal, minPos, minVal):
    return EMDMatlab().preparePoints(S, T, maxPos, maxVal, minPos, minVal)


def matlab_spline_points_cubic(T, extrema):
    return EMDMatlab().splinePoints(T, extrema, "cubic")


def matlab_spline_points_akima(T, extrema):
    return EMDMatlab().splinePoints(T, extrema, "akima")


def matlab_cubic_spline_3points(T, extrema):
    return EMDMatlab().cubicSpline_3points(T, extrema)


def matlab_stop_sifting(imf, envMax, envMin, mean):
    return EMDMatlab().stop_sifting(imf, envMax, envMin, mean, 6)


def matlab_emd(S):
    return EMDMatlab.emd(EMDMatlab(), S)


def matlab_emd_max_imf(S, T):
    return EMDMatlab.emd(EMDMatlab(), S, T, 3)


# --- inputs ---------------------------------------------------------------------------------------------------------

N = 64  # samples


def _T(rng):
    return np.arange(N, dtype=np.float64)


def _signal(rng):
    # two tones and a trend; random amplitudes and phases, fixed frequencies
    t = np.arange(N) / N
    a, b, c = rng.uniform(0.8, 1.2), rng.uniform(0.3, 0.5), rng.uniform(0.5, 1.5)
    ph = rng.uniform(0.1, 0.3)
    return a * np.sin(2 * np.pi * 3 * t + ph) + b * np.sin(2 * np.pi * 11 * t + ph) + c * t


def _tone(rng, n=N, k=3):
    # one tone: 2 k extrema inside the window whatever the (small) phase
    t = np.arange(n) / n
    return rng.uniform(0.8, 1.2) * np.sin(2 * np.pi * k * t + rng.uniform(0.1, 0.3))


def _plateaus(rng):
    # a tone quantised to a few levels: flat runs at its peaks and troughs
    return np.round(2.0 * _tone(rng)) / 2.0 + rng.choice([0.0, 0.25])


def _zeros(rng):
    # a tone with runs of exact zeros
    s = _tone(rng)
    s[np.abs(s) < 0.2] = 0.0
    return s


def _extrema(rng, S=None):
    # the local maxima / minima of a tone (plain NumPy): positions and values
    S = _tone(rng) if S is None else S
    d = np.diff(S)
    imax = np.nonzero((d[:-1] > 0) & (d[1:] <= 0))[0] + 1
    imin = np.nonzero((d[:-1] < 0) & (d[1:] >= 0))[0] + 1
    T = _T(rng)
    return T, S, T[imax], S[imax], T[imin], S[imin]


def _extrema_rows(rng, k=8):
    # a 2 x k array: positions (sorted, spanning the timeline) and values
    pos = np.sort(np.concatenate([[0.0, N - 1.0], rng.uniform(1.0, N - 2.0, size=k - 2)]))
    return _T(rng), np.array([pos, rng.normal(size=k)])


def _proto_imfs(rng):
    S = _tone(rng)
    return S, S + rng.normal(scale=0.01, size=N), np.array([[5.0, 20.0], [0.9, 1.0]]), np.array([[12.0, 28.0], [-0.9, -1.0]])


def _imfs(rng):
    # three IMF-like rows: fast, middle, slow
    t = np.arange(N) / N
    return np.stack([rng.uniform(0.5, 1.5) * np.sin(2 * np.pi * k * t + rng.uniform(0.1, 0.3)) for k in (13, 5, 2)])


def _tridiagonal(rng, n=12):
    a, c = rng.uniform(-1.0, 1.0, size=n), rng.uniform(-1.0, 1.0, size=n)
    b = np.abs(a) + np.abs(c) + rng.uniform(1.0, 2.0, size=n)
    return a, b, c, rng.normal(size=n)


def _f64(rng, lo, hi):
    return np.float64(rng.uniform(lo, hi))


_emd, _u, _s, _c, _k, _m = "EMD.py", "utils.py", "splines.py", "checks.py", "compact.py", "EMD_matlab.py"

CASES = [
    # EMD.py: the sifting
    case(emd_default, lambda rng: (_signal(rng),), EM(_emd, "EMD.emd", "EMD()")),
    case(emd_parabol, lambda rng: (_signal(rng), _T(rng)), EM(_emd, "EMD.emd", "extrema_detection='parabol', T given")),
    case(emd_two_imfs, lambda rng: (_signal(rng),), EM(_emd, "EMD.emd", "max_imf=2")),
    case(emd_fixe, lambda rng: (_signal(rng),), EM(_emd, "EMD.emd", "FIXE=5")),
    case(emd_fixe_h, lambda rng: (_signal(rng),), EM(_emd, "EMD.emd", "FIXE_H=3")),
    case(emd_akima, lambda rng: (_signal(rng),), EM(_emd, "EMD.emd", "spline_kind='akima'")),
    case(emd_pchip, lambda rng: (_signal(rng),), EM(_emd, "EMD.emd", "spline_kind='pchip'")),
    case(emd_linear, lambda rng: (_signal(rng),), EM(_emd, "EMD.emd", "spline_kind='linear'")),
    case(emd_call, lambda rng: (_signal(rng),), EM(_emd, "EMD.__call__")),
    case(emd_imfs_and_trend, lambda rng: (_signal(rng),), EM(_emd, "EMD.get_imfs_and_trend", "after emd(S)")),
    case(emd_imfs_and_residue, lambda rng: (_signal(rng),), EM(_emd, "EMD.get_imfs_and_residue", "after emd(S, max_imf=2)")),
    # EMD.py: the pieces
    case(find_extrema_simple, lambda rng: (_T(rng), _signal(rng)), EM(_emd, "EMD.find_extrema", "'simple'")),
    case(find_extrema_parabol, lambda rng: (_T(rng), _signal(rng)), EM(_emd, "EMD.find_extrema", "'parabol'")),
    case(find_extrema_simple, lambda rng: (_T(rng), _plateaus(rng)), EM(_emd, "EMD._find_extrema_simple", "flat plateaus"), name="pyemd.find_extrema_plateaus"),
    case(find_extrema_simple, lambda rng: (_T(rng), _zeros(rng)), EM(_emd, "EMD._find_extrema_simple", "runs of zeros"), name="pyemd.find_extrema_zeros"),
    case(find_extrema_parabol, lambda rng: (_T(rng), _plateaus(rng)), EM(_emd, "EMD._find_extrema_parabol", "flat plateaus (duplicates removed)"), name="pyemd.find_extrema_parabol_plateaus"),
    case(find_extrema_simple_static, lambda rng: (_T(rng), _tone(rng)), EM(_emd, "EMD._find_extrema_simple", "the staticmethod")),
    case(not_duplicate, lambda rng: (_plateaus(rng),), EM(_emd, "EMD._not_duplicate")),
    case(extract_max_min_spline, lambda rng: (_T(rng), _signal(rng)), EM(_emd, "EMD.extract_max_min_spline")),
    case(extract_max_min_spline_parabol, lambda rng: (_T(rng), _signal(rng)), EM(_emd, "EMD.extract_max_min_spline", "'parabol'")),
    case(extract_max_min_spline_akima, lambda rng: (_T(rng), _signal(rng)), EM(_emd, "EMD.extract_max_min_spline", "spline_kind='akima'")),
    case(extract_max_min_spline, lambda rng: (_T(rng), rng.normal(size=N) * 0.01 + np.arange(N) / N), EM(_emd, "EMD.extract_max_min_spline", "a trend with noise"), name="pyemd.extract_max_min_spline_noisy"),
    case(prepare_points_simple, lambda rng: _extrema(rng), EM(_emd, "EMD.prepare_points_simple")),
    case(prepare_points_simple_nbsym3, lambda rng: _extrema(rng), EM(_emd, "EMD.prepare_points_simple", "nbsym=3")),
    case(prepare_points_simple, lambda rng: _extrema(rng, -_tone(rng)), EM(_emd, "EMD.prepare_points_simple", "a minimum first"), name="pyemd.prepare_points_simple_min_first"),
    case(prepare_points_parabol, lambda rng: _extrema(rng), EM(_emd, "EMD.prepare_points_parabol")),
    case(prepare_points_parabol, lambda rng: _extrema(rng, -_tone(rng)), EM(_emd, "EMD.prepare_points_parabol", "a minimum first"), name="pyemd.prepare_points_parabol_min_first"),
    case(spline_points_cubic, lambda rng: _extrema_rows(rng), EM(_emd, "EMD.spline_points", "'cubic'")),
    case(spline_points_cubic, lambda rng: _extrema_rows(rng, 3), EM(_emd, "EMD.spline_points", "'cubic', three extrema (cubic_spline_3pts)"), name="pyemd.spline_points_3pts"),
    case(spline_points_akima, lambda rng: _extrema_rows(rng), EM(_emd, "EMD.spline_points", "'akima'")),
    case(spline_points_pchip, lambda rng: _extrema_rows(rng), EM(_emd, "EMD.spline_points", "'pchip'")),
    case(spline_points_cubic_hermite, lambda rng: _extrema_rows(rng), EM(_emd, "EMD.spline_points", "'cubic_hermite'")),
    case(spline_points_linear, lambda rng: _extrema_rows(rng), EM(_emd, "EMD.spline_points", "'linear' (interp1d)")),
    case(spline_points_slinear, lambda rng: _extrema_rows(rng), EM(_emd, "EMD.spline_points", "'slinear'")),
    case(spline_points_quadratic, lambda rng: _extrema_rows(rng), EM(_emd, "EMD.spline_points", "'quadratic'")),
    case(end_condition, lambda rng: (_signal(rng), _imfs(rng)), EM(_emd, "EMD.end_condition")),
    case(end_condition, lambda rng: (_imfs(rng).sum(axis=0) + 1e-6 * rng.normal(size=N), _imfs(rng)), EM(_emd, "EMD.end_condition", "an almost exact decomposition"), name="pyemd.end_condition_small_range"),
    case(check_imf, lambda rng: _proto_imfs(rng), EM(_emd, "EMD.check_imf")),
    case(normalize_time, lambda rng: (np.cumsum(rng.uniform(0.5, 1.5, size=N)),), EM(_emd, "EMD._normalize_time")),
    # utils.py
    case(timeline_int, lambda rng: (), EM(_u, "get_timeline", "int8 past its range (smallest_inclusive_dtype)")),
    case(timeline_float16, lambda rng: (), EM(_u, "get_timeline", "float16 (exact up to 2048)")),
    case(get_timeline, lambda rng: (N,), EM(_u, "get_timeline", "dtype=None")),
    case(unify_types, lambda rng: (rng.normal(size=N).astype(np.float32), rng.normal(size=N)), EM(_u, "unify_types", "float32 and float64")),
    case(unify_types, lambda rng: (rng.integers(0, 10, size=N), rng.normal(size=N)), EM(_u, "unify_types", "int64 and float64"), name="pyemd.unify_types_int"),
    # splines.py
    case(cubic_spline_3pts, lambda rng: (np.array([0.0, 20.0, 63.0]) + rng.uniform(0, 1, size=3) * [0, 1, 0], rng.normal(size=3), _T(rng)), EM(_s, "cubic_spline_3pts")),
    case(akima, lambda rng: (*_extrema_rows(rng)[1], _T(rng)), EM(_s, "akima")),
    case(cubic_hermite, lambda rng: (*_extrema_rows(rng)[1], _T(rng)), EM(_s, "cubic_hermite")),
    case(cubic, lambda rng: (*_extrema_rows(rng)[1], _T(rng)), EM(_s, "cubic")),
    case(pchip, lambda rng: (*_extrema_rows(rng)[1], _T(rng)), EM(_s, "pchip")),
    # checks.py
    case(mean_period, lambda rng: (_tone(rng, k=5),), EM(_c, "mean_period")),
    case(energy, lambda rng: (_signal(rng),), EM(_c, "energy")),
    case(significance_apriori, lambda rng: (_f64(rng, -3, -1), _f64(rng, 1, 3), N, 0.95), EM(_c, "significance_apriori")),
    case(significance_aposteriori, lambda rng: (_f64(rng, -3, -1), _f64(rng, 1, 3), N, 0.95), EM(_c, "significance_aposteriori")),
    case(whitenoise_check, lambda rng: (_imfs(rng),), EM(_c, "whitenoise_check", "'aposteriori' (the default)")),
    case(whitenoise_apriori, lambda rng: (_imfs(rng),), EM(_c, "whitenoise_check", "'apriori'")),
    case(whitenoise_rescaled, lambda rng: (_imfs(rng),), EM(_c, "whitenoise_check", "rescaling_imf=2")),
    # compact.py
    case(TDMAsolver, lambda rng: _tridiagonal(rng), EM(_k, "TDMAsolver")),
    case(filt6, lambda rng: (_signal(rng), _f64(rng, 0.1, 0.45)), EM(_k, "filt6")),
    case(pade6, lambda rng: (_signal(rng), _f64(rng, 0.01, 0.1)), EM(_k, "pade6")),
    # EMD_matlab.py
    case(matlab_find_extrema, lambda rng: (_T(rng), _signal(rng)), EM(_m, "EMD.findExtrema")),
    case(matlab_find_extrema, lambda rng: (_T(rng), _zeros(rng)), EM(_m, "EMD.findExtrema", "runs of zeros"), name="pyemd.matlab_find_extrema_zeros"),
    case(matlab_extract_max_min_spline, lambda rng: (_T(rng), _signal(rng)), EM(_m, "EMD.extractMaxMinSpline")),
    case(matlab_prepare_points, lambda rng: (lambda e: (e[1], e[0], *e[2:]))(_extrema(rng)), EM(_m, "EMD.preparePoints")),
    case(matlab_spline_points_cubic, lambda rng: _extrema_rows(rng), EM(_m, "EMD.splinePoints", "'cubic'")),
    case(matlab_spline_points_akima, lambda rng: _extrema_rows(rng), EM(_m, "EMD.splinePoints", "'akima'")),
    case(matlab_cubic_spline_3points, lambda rng: _extrema_rows(rng, 3), EM(_m, "EMD.cubicSpline_3points")),
    case(matlab_stop_sifting, lambda rng: (_tone(rng), 1.0 + 0.1 * _tone(rng), -1.0 + 0.1 * _tone(rng), 0.05 * _tone(rng)), EM(_m, "EMD.stop_sifting", "extNo=6")),
    case(matlab_emd, lambda rng: (_signal(rng),), EM(_m, "EMD.emd")),
    case(matlab_emd_max_imf, lambda rng: (_signal(rng), _T(rng)), EM(_m, "EMD.emd", "T given, maxImf=3")),
]
