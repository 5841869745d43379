"""Technical-analysis indicators from pyti (kylejusticemagnuson/pyti, MIT) and Bézier-curve geometry from bezier's pure
Python helpers (dhermes/bezier, Apache-2.0).

pyti (``pyti/*.py``, one indicator a module, called on price and volume series): moving averages as list
comprehensions over ``range(0, len(data))`` (``simple_moving_average`` under ``warnings.catch_warnings()``, slices
``data[idx-(period-1):idx+1]`` that are empty, hence NaN, before the first full window), ``fill_for_noncomputable_vals``
(``np.append`` of ``np.repeat(np.nan, ...)``), ``first_computable_index`` (``np.where(~np.isnan(...))[0]`` and ``int(finite[0])
if len(finite) else len(data)``), recursive averages writing ``emas[idx]`` / ``smma[idx]`` in a ``for`` after an early
``return`` when the seed index is past the end (``exponential_moving_average``, ``smoothed_moving_average``),
``relative_strength_index`` (lists of ``max(change, 0)``, ``if avg_loss == 0: rsi.append(100)`` in a loop),
``true_range`` (Python's ``max`` of three ``abs``), the directional indicators (``if up_moves[idx] > down_moves[idx] and
up_moves[idx] > 0`` appending to a list seeded with ``np.nan``), ``aroon_up`` / ``aroon_down``
(``list(reversed(window)).index(np.max(window))``), Bollinger bands (``np.std`` of windows in a ``for``),
``chande_momentum_oscillator`` (nested comprehensions, ``val if val > 0 else 0``, Python's ``sum``),
``money_flow_index`` (``mf[idx] if tp[idx] > tp[idx-1] else 0``), ``on_balance_volume`` and the volume indices
(``if`` / ``elif`` chains writing ``obv[idx]``), ``hull_moving_average`` (``int(np.sqrt(period))``), Ichimoku's
``senkou_b``, Keltner bands, the ultimate oscillator (``min(low_data[idx], close_data[idx-1])``), the vertical
horizontal filter and ``williams_percent_r``; ``catch_errors`` checks (``if data_len < period: raise``, ``all(...)``
over lengths) run first in most of them.

bezier's ``src/python/bezier/hazmat`` (the pure Python fallbacks of its Fortran speedups): ``helpers.py``
(``vector_close``'s ``if size1 == 0`` / ``elif size2 == 0``, ``contains_nd``'s early ``return False``,
``wiggle_interval``'s chained comparisons returning ``0.0`` / ``value`` / ``1.0`` / ``np.nan``,
``simple_convex_hull``'s ``np.unique(points, axis=1)``, ``sorted`` columns and ``while len(lower) >= 2: ... break``
monotone chain, ``is_separating`` / ``polygon_collide``'s separating axes with ``min`` / ``max`` and an early
``return False``, ``solve2x2``'s pivoting returning ``True, None, None`` when singular); ``curve_helpers.py``
(subdivision matrices built column by column, ``subdivide_nodes``' ``if num_nodes == 2`` / ``elif`` choice of constant
matrices, the VS algorithm and de Casteljau (``if num_nodes > 55``), ``compute_length``'s ``scipy.integrate.quad`` of
a ``functools.partial``, ``specialize_curve``'s dict of tuples of partial results, ``get_curvature``, ``newton_refine``,
``locate_point``'s 21 rounds of subdivision keeping the candidates whose box holds the point, ``np.std(params) >
_LOCATE_STD_CAP`` and clamping, ``maybe_reduce`` / ``full_reduce``'s ``while was_reduced`` degree reduction,
``discrete_turning_angle``'s ``for angle in angle_theta`` with ``if angle > np.pi`` / ``elif``);
``geometric_intersection.py`` (``bbox_intersect``'s disjoint / tangent / overlapping boxes, ``linearization_error``,
``segment_intersection``, ``parallel_lines_parameters``' nested ``if s_val0 <= s_val1`` branches, ``line_line_collide``,
``convex_hull_collide``); ``intersection_helpers.py`` (Newton's method for two curves: ``newton_refine``, the
``NewtonSimpleRoot`` / ``NewtonDoubleRoot`` callables, ``newton_iterate``'s ``for`` with ``break`` on a singular
Jacobian or on linear convergence and ``return`` on convergence, ``full_newton``'s reversal of curves near
``s = 0`` or ``t = 0``); ``clipping.py`` (``compute_fat_line``, ``clip_range``'s double loop over control-point
segments updating ``s_min`` / ``s_max``); ``triangle_helpers.py`` (``jacobian_s`` / ``jacobian_t`` /
``jacobian_both``, ``de_casteljau_one_round``, ``evaluate_barycentric``'s loop over columns,
``evaluate_cartesian_multi``, ``compute_edge_nodes``, ``shoelace_for_area`` / ``compute_area``).

Copied from kylejusticemagnuson/pyti at dd3e8a8cac846f0ecf28ff2a6454265bb40f1573 (its ``LICENSE.TXT`` is the MIT
licence, "Copyright (c) 2017 Kyle Justice Magnuson"): every function of the modules named in the ``# --- pyti/...``
headers below, in dependency order (``moving_average_envelope.py``, ``double_exponential_moving_average.py``,
``linear_weighted_moving_average.py``, ``momentum.py`` and ``average_true_range_percent.py`` not taken). And from
dhermes/bezier at cf18953a491e8568e4a4344327ed441d3e8956da (Apache License 2.0, its ``LICENSE``; each file's header:
"Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except in compliance with
the License. You may obtain a copy of the License at https://www.apache.org/licenses/LICENSE-2.0 . Unless required by
applicable law or agreed to in writing, software distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the License for the specific language
governing permissions and limitations under the License."): the constants, functions and classes named in the
``# --- src/python/bezier/hazmat/...`` headers below, in each file's order. Bodies as written, comments kept,
docstrings (and attribute docstrings) dropped.

Adapted, beyond that:

* ``from pyti import catch_errors`` and bezier's ``from bezier.hazmat import helpers as _py_helpers``,
  ``from bezier.hazmat import curve_helpers``, ``from bezier.hazmat import geometric_intersection`` and
  ``from bezier import _helpers`` (its pure Python branch, ``_speedup is None``) are ``types.SimpleNamespace``\\ s of
  the copied functions; pyti's ``import ... as sma`` (``ema``, ``smma``, ``wma``, ``atr``, ``tp``, ``sd``, ``sv``) are
  module-level aliases;
* two names that two bezier files share are renamed: ``intersection_helpers.newton_refine`` is
  ``intersection_newton_refine`` and ``triangle_helpers.de_casteljau_one_round`` is
  ``triangle_de_casteljau_one_round``;
* ``NewtonSimpleRoot``'s and ``newton_iterate``'s loop is reached through ``full_newton`` (as
  ``geometric_intersection.from_linearized`` calls it); ``compute_area`` is given the edges of ``compute_edge_nodes`` as a tuple, as ``Triangle.area`` does.

The inputs: for pyti, daily bars of 60 days (80 for Ichimoku's 52-day ``senkou_b``): a close that is a geometric
random walk from 100 with 1 % daily steps, a high and a low 0-2 % above and below it, and a volume of 1,000-5,000
shares (float, or int64 where noted); the docs' periods (14 for RSI / ATR / ADX / MFI, 20 for Bollinger and Chaikin,
12 and 26 for MACD); a strictly rising close for ``relative_strength_index``'s ``avg_loss == 0`` branch, a close
rounded to whole dollars for ``on_balance_volume``'s ``==`` branch, and a series with 5 leading NaNs (an
indicator's warm-up) for ``exponential_moving_average``'s ``first_computable_index``. For bezier, its docs' and tests'
curves in the Fortran order it uses (``np.asfortranarray``), jittered: a quadratic arch ``[[0, 0.5, 1], [0, 1, 0]]``
scaled in height, cubics and a degree-5 curve for subdivision, a degree-59 curve for de Casteljau, curves elevated
once and twice from a quadratic for ``maybe_reduce`` / ``full_reduce``, a line at height 0.25 crossing the arch for
Newton's method (started 0.01 from the root, or near ``s = 0`` for the reversed branch), hexagons for the separating
axes, unit-triangle quadratic patches (6 nodes) for the triangle helpers.
"""

# ruff: noqa: E501, E731, UP031, C416, C419
from __future__ import annotations

import bisect
import functools
import types
import warnings

import numpy as np

from tests.coverage.cases import BEZIER, PYTI, Source, case


def PT(path: str, original: str, note: str = "") -> Source:
    return Source(PYTI, "pyti/" + path, original, note)


def BZ(path: str, original: str, note: str = "") -> Source:
    return Source(BEZIER, "src/python/bezier/hazmat/" + path, original, note)


# --- pyti/function_helper.py ---

def fill_for_noncomputable_vals(input_data, result_data):
    non_computable_values = np.repeat(
        np.nan, len(input_data) - len(result_data)
        )
    filled_result_data = np.append(non_computable_values, result_data)
    return filled_result_data


def first_computable_index(data):
    finite = np.where(~np.isnan(np.asarray(data, dtype=float)))[0]
    return int(finite[0]) if len(finite) else len(data)


# --- pyti/catch_errors.py ---

def check_for_period_error(data, period):
    period = int(period)
    data_len = len(data)
    if data_len < period:
        raise ValueError("Error: data_len < period")


def check_for_input_len_diff(*args):
    arrays_len = [len(arr) for arr in args]
    if not all(a == arrays_len[0] for a in arrays_len):
        err_msg = ("Error: mismatched data lengths, check to ensure that all "
                   "input data is the same length and valid")
        raise ValueError(err_msg)


catch_errors = types.SimpleNamespace(check_for_period_error=check_for_period_error,
                                     check_for_input_len_diff=check_for_input_len_diff)  # `from pyti import catch_errors`


# --- pyti/simple_moving_average.py ---

def simple_moving_average(data, period):
    catch_errors.check_for_period_error(data, period)
    # Mean of Empty Slice RuntimeWarning doesn't affect output so it is
    # supressed
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category=RuntimeWarning)
        sma = [np.mean(data[idx-(period-1):idx+1]) for idx in range(0, len(data))]
    sma = fill_for_noncomputable_vals(data, sma)
    return sma


sma = simple_moving_average  # `from pyti.simple_moving_average import simple_moving_average as sma`


# --- pyti/exponential_moving_average.py ---

def exponential_moving_average(data, period):
    catch_errors.check_for_period_error(data, period)
    period = int(period)
    data = np.asarray(data, dtype=float)
    alpha = 2 / float(period + 1)

    emas = np.full(len(data), np.nan)
    start = first_computable_index(data)
    seed_idx = start + period - 1
    if seed_idx >= len(data):
        return emas
    emas[seed_idx] = np.mean(data[start:seed_idx + 1])
    for idx in range(seed_idx + 1, len(data)):
        emas[idx] = alpha * data[idx] + (1 - alpha) * emas[idx - 1]
    return emas


ema = exponential_moving_average  # `... import exponential_moving_average as ema`


# --- pyti/smoothed_moving_average.py ---

def smoothed_moving_average(data, period):
    catch_errors.check_for_period_error(data, period)
    period = int(period)
    data = np.asarray(data, dtype=float)

    smma = np.full(len(data), np.nan)
    start = first_computable_index(data)
    seed_idx = start + period - 1
    if seed_idx >= len(data):
        return smma
    smma[seed_idx] = np.mean(data[start:seed_idx + 1])
    for idx in range(seed_idx + 1, len(data)):
        smma[idx] = (smma[idx - 1] * (period - 1) + data[idx]) / period
    return smma


smma = smoothed_moving_average  # `... import smoothed_moving_average as smma`


# --- pyti/weighted_moving_average.py ---

def weighted_moving_average(data, period):
    catch_errors.check_for_period_error(data, period)
    k = (period * (period + 1)) / 2.0

    wmas = []
    for idx in range(0, len(data)-period+1):
        product = [data[idx + period_idx] * (period_idx + 1) for period_idx in range(0, period)]
        wma = sum(product) / k
        wmas.append(wma)
    wmas = fill_for_noncomputable_vals(data, wmas)

    return wmas


wma = weighted_moving_average  # `... import weighted_moving_average as wma`


# --- pyti/true_range.py ---

def true_range(close_data, high_data, low_data):
    catch_errors.check_for_input_len_diff(close_data, high_data, low_data)

    tr = [high_data[0] - low_data[0]]
    for idx in range(1, len(close_data)):
        tr.append(max(
            high_data[idx] - low_data[idx],
            abs(high_data[idx] - close_data[idx-1]),
            abs(low_data[idx] - close_data[idx-1]),
            ))
    return np.array(tr)


# --- pyti/typical_price.py ---

def typical_price(close_data, high_data, low_data):
    catch_errors.check_for_input_len_diff(close_data, high_data, low_data)
    tp = [(high_data[idx] + low_data[idx] + close_data[idx]) / 3 for idx in range(0, len(close_data))]
    return np.array(tp)


tp = typical_price  # `from pyti.typical_price import typical_price as tp` (money_flow.py)


# --- pyti/average_true_range.py ---

def average_true_range(close_data, high_data, low_data, period):
    tr = true_range(close_data, high_data, low_data)
    atr = smoothed_moving_average(tr, period)
    return atr


atr = average_true_range  # `... import average_true_range as atr`


# --- pyti/relative_strength_index.py ---

def relative_strength_index(data, period):
    catch_errors.check_for_period_error(data, period)

    period = int(period)
    changes = [data[idx] - data[idx-1] for idx in range(1, len(data))]

    gains = [max(change, 0) for change in changes]
    losses = [max(-change, 0) for change in changes]

    avg_gain = np.mean(gains[:period])
    avg_loss = np.mean(losses[:period])

    rsi = []
    if avg_loss == 0:
        rsi.append(100)
    else:
        rs = avg_gain / avg_loss
        rsi.append(100 - (100 / (1 + rs)))

    for idx in range(1, len(data) - period):
        avg_gain = ((avg_gain * (period - 1) +
                    gains[idx + (period - 1)]) / period)
        avg_loss = ((avg_loss * (period - 1) +
                    losses[idx + (period - 1)]) / period)

        if avg_loss == 0:
            rsi.append(100)
        else:
            rs = avg_gain / avg_loss
            rsi.append(100 - (100 / (1 + rs)))

    rsi = fill_for_noncomputable_vals(data, rsi)

    return rsi


# --- pyti/accumulation_distribution.py ---

def accumulation_distribution(close_data, high_data, low_data, volume):
    catch_errors.check_for_input_len_diff(
        close_data, high_data, low_data, volume
        )

    ad = np.zeros(len(close_data))
    for idx in range(1, len(close_data)):
        ad[idx] = (
            (((close_data[idx] - low_data[idx]) -
                (high_data[idx] - close_data[idx])) /
                (high_data[idx] - low_data[idx]) *
                volume[idx]) +
            ad[idx-1]
            )
    return ad


# --- pyti/aroon.py ---

def aroon_up(data, period):
    catch_errors.check_for_period_error(data, period)
    period = int(period)

    a_up = [((period -
            list(reversed(data[idx-period:idx+1])).index(np.max(data[idx-period:idx+1]))) /
            float(period)) * 100 for idx in range(period, len(data))]
    a_up = fill_for_noncomputable_vals(data, a_up)
    return a_up


def aroon_down(data, period):
    catch_errors.check_for_period_error(data, period)
    period = int(period)

    a_down = [((period -
            list(reversed(data[idx-period:idx+1])).index(np.min(data[idx-period:idx+1]))) /
            float(period)) * 100 for idx in range(period, len(data))]
    a_down = fill_for_noncomputable_vals(data, a_down)
    return a_down


# --- pyti/bollinger_bands.py ---

def upper_bollinger_band(data, period, std_mult=2.0):
    catch_errors.check_for_period_error(data, period)

    period = int(period)
    simple_ma = sma(data, period)[period-1:]

    upper_bb = []
    for idx in range(len(data) - period + 1):
        std_dev = np.std(data[idx:idx + period])
        upper_bb.append(simple_ma[idx] + std_dev * std_mult)
    upper_bb = fill_for_noncomputable_vals(data, upper_bb)

    return np.array(upper_bb)


def middle_bollinger_band(data, period, std=2.0):
    catch_errors.check_for_period_error(data, period)

    period = int(period)
    mid_bb = sma(data, period)

    return mid_bb


def lower_bollinger_band(data, period, std=2.0):
    catch_errors.check_for_period_error(data, period)

    period = int(period)
    simple_ma = sma(data, period)[period-1:]

    lower_bb = []
    for idx in range(len(data) - period + 1):
        std_dev = np.std(data[idx:idx + period])
        lower_bb.append(simple_ma[idx] - std_dev * std)
    lower_bb = fill_for_noncomputable_vals(data, lower_bb)

    return np.array(lower_bb)


def bandwidth(data, period, std=2.0):
    catch_errors.check_for_period_error(data, period)

    period = int(period)
    bandwidth = ((upper_bollinger_band(data, period, std) -
                 lower_bollinger_band(data, period, std)) /
                 middle_bollinger_band(data, period, std)
                 )

    return bandwidth


def bb_range(data, period, std=2.0):
    catch_errors.check_for_period_error(data, period)

    period = int(period)
    bb_range = (upper_bollinger_band(data, period, std) -
                lower_bollinger_band(data, period, std)
                )
    return bb_range


def percent_bandwidth(data, period, std=2.0):
    catch_errors.check_for_period_error(data, period)

    period = int(period)
    percent_bandwidth = ((np.array(data) -
                         lower_bollinger_band(data, period, std)) /
                         bb_range(data, period, std)
                         )

    return percent_bandwidth


def percent_b(data, period, upper_bb_std=2.0, lower_bb_std=2.0):
    lb = lower_bollinger_band(data, period, lower_bb_std)
    ub = upper_bollinger_band(data, period, upper_bb_std)
    percent_b = ((np.array(data) - lb) / (ub - lb)) * 100
    return percent_b


# --- pyti/chaikin_money_flow.py ---

def chaikin_money_flow(close_data, high_data, low_data, volume, period):
    catch_errors.check_for_input_len_diff(
        close_data, high_data, low_data, volume)
    catch_errors.check_for_period_error(close_data, period)

    close_data = np.array(close_data)
    high_data = np.array(high_data)
    low_data = np.array(low_data)
    volume = np.array(volume)
    cmf = [sum((((close_data[idx+1-period:idx+1] - low_data[idx+1-period:idx+1]) -
            (high_data[idx+1-period:idx+1] - close_data[idx+1-period:idx+1])) /
            (high_data[idx+1-period:idx+1] - low_data[idx+1-period:idx+1])) *
            volume[idx+1-period:idx+1]) / sum(volume[idx+1-period:idx+1]) for idx in range(period-1, len(close_data))]
    cmf = fill_for_noncomputable_vals(close_data, cmf)
    return cmf


# --- pyti/chande_momentum_oscillator.py ---

def chande_momentum_oscillator(close_data, period):
    catch_errors.check_for_period_error(close_data, period)

    close_data = np.array(close_data)

    moving_period_diffs = [[(close_data[idx+1-period:idx+1][i] -
                 close_data[idx+1-period:idx+1][i-1]) for i in range(1, len(close_data[idx+1-period:idx+1]))] for idx in range(0, len(close_data))]

    sum_up = []
    sum_down = []
    for period_diffs in moving_period_diffs:
        ups = [val if val > 0 else 0 for val in period_diffs]
        sum_up.append(sum(ups))
        downs = [abs(val) if val < 0 else 0 for val in period_diffs]
        sum_down.append(sum(downs))

    sum_up = np.array(sum_up)
    sum_down = np.array(sum_down)
    # numpy is able to handle dividing by zero and makes those calculations
    # nans which is what we want, so we safely suppress the RuntimeWarning
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category=RuntimeWarning)
        cmo = 100 * ((sum_up - sum_down) / (sum_up + sum_down))
    return cmo


# --- pyti/commodity_channel_index.py ---

def commodity_channel_index(close_data, high_data, low_data, period):
    catch_errors.check_for_input_len_diff(close_data, high_data, low_data)
    catch_errors.check_for_period_error(close_data, period)
    tp = typical_price(close_data, high_data, low_data)
    cci = ((tp - sma(tp, period)) /
           (0.015 * np.mean(np.absolute(tp - np.mean(tp)))))
    return cci


# --- pyti/detrended_price_oscillator.py ---

def detrended_price_oscillator(data, period):
    catch_errors.check_for_period_error(data, period)
    period = int(period)
    shift = period // 2 + 1
    dop = [data[idx] - np.mean(data[idx+1-shift-period:idx+1-shift]) for idx in range(period+shift-1, len(data))]
    dop = fill_for_noncomputable_vals(data, dop)
    return dop


# --- pyti/directional_indicators.py ---

def calculate_up_moves(high_data):
    up_moves = [high_data[idx] - high_data[idx-1] for idx in range(1, len(high_data))]
    return [np.nan] + up_moves


def calculate_down_moves(low_data):
    down_moves = [low_data[idx-1] - low_data[idx] for idx in range(1, len(low_data))]
    return [np.nan] + down_moves


def positive_directional_movement(high_data, low_data):
    catch_errors.check_for_input_len_diff(high_data, low_data)
    up_moves = calculate_up_moves(high_data)
    down_moves = calculate_down_moves(low_data)

    pdm = [np.nan]
    for idx in range(1, len(up_moves)):
        if up_moves[idx] > down_moves[idx] and up_moves[idx] > 0:
            pdm.append(up_moves[idx])
        else:
            pdm.append(0)

    return pdm


def negative_directional_movement(high_data, low_data):
    catch_errors.check_for_input_len_diff(high_data, low_data)
    up_moves = calculate_up_moves(high_data)
    down_moves = calculate_down_moves(low_data)

    ndm = [np.nan]
    for idx in range(1, len(down_moves)):
        if down_moves[idx] > up_moves[idx] and down_moves[idx] > 0:
            ndm.append(down_moves[idx])
        else:
            ndm.append(0)

    return ndm


def positive_directional_index(close_data, high_data, low_data, period):
    catch_errors.check_for_input_len_diff(close_data, high_data, low_data)
    pdi = (100 *
           smma(positive_directional_movement(high_data, low_data), period) /
           atr(close_data, high_data, low_data, period)
           )
    return pdi


def negative_directional_index(close_data, high_data, low_data, period):
    catch_errors.check_for_input_len_diff(close_data, high_data, low_data)
    ndi = (100 *
           smma(negative_directional_movement(high_data, low_data), period) /
           atr(close_data, high_data, low_data, period)
           )
    return ndi


def average_directional_index(close_data, high_data, low_data, period):
    avg_di = (abs(
              (positive_directional_index(
                close_data, high_data, low_data, period) -
              negative_directional_index(
                close_data, high_data, low_data, period)) /
              (positive_directional_index(
                close_data, high_data, low_data, period) +
               negative_directional_index(
                close_data, high_data, low_data, period)))
              )
    adx = 100 * smma(avg_di, period)
    return adx


# --- pyti/double_smoothed_stochastic.py ---

def double_smoothed_stochastic(data, period):
    catch_errors.check_for_period_error(data, period)
    lows = [data[idx] - np.min(data[idx+1-period:idx+1]) for idx in range(period-1, len(data))]
    sm_lows = ema(ema(lows, period), period)
    highs = [np.max(data[idx+1-period:idx+1]) - np.min(data[idx+1-period:idx+1]) for idx in range(period-1, len(data))]
    sm_highs = ema(ema(highs, period), period)
    dss = (sm_lows / sm_highs) * 100

    dss = fill_for_noncomputable_vals(data, dss)
    return dss


# --- pyti/hull_moving_average.py ---

def hull_moving_average(data, period):
    catch_errors.check_for_period_error(data, period)
    hma = wma(
        2 * wma(data, int(period/2)) - wma(data, period), int(np.sqrt(period))
        )
    return hma


# --- pyti/ichimoku_cloud.py ---

def conversion_base_line_helper(data, period):
    catch_errors.check_for_period_error(data, period)
    cblh = [(np.max(data[idx+1-period:idx+1]) +
            np.min(data[idx+1-period:idx+1])) / 2 for idx in range(period-1, len(data))]

    cblh = fill_for_noncomputable_vals(data, cblh)
    return cblh


def tenkansen(data, period=9):
    ts = conversion_base_line_helper(data, period)
    return ts


def kijunsen(data, period=26):
    ks = conversion_base_line_helper(data, period)
    return ks


def chiku_span(data):
    shift = 26
    cs = np.append(
        np.asarray(data[shift:], dtype=float), np.repeat(np.nan, shift)
        )
    return cs


def senkou_a(data):
    sa = (tenkansen(data) + kijunsen(data)) / 2
    # shift forward
    shift_by = np.repeat(np.nan, 26)
    sa = np.append(shift_by, sa)
    return sa


def senkou_b(data, period=52):
    sb = conversion_base_line_helper(data, period)
    shift_by = np.repeat(np.nan, 26)
    sb = np.append(shift_by, sb)
    return sb


# --- pyti/keltner_bands.py ---

def band_width(high_data, low_data, period):
    catch_errors.check_for_input_len_diff(high_data, low_data)
    diff = np.array(high_data) - np.array(low_data)
    bw = sma(diff, period)
    return bw


def center_band(close_data, high_data, low_data, period):
    tp = typical_price(close_data, high_data, low_data)
    cb = sma(tp, period)
    return cb


def upper_band(close_data, high_data, low_data, period):
    cb = center_band(close_data, high_data, low_data, period)
    bw = band_width(high_data, low_data, period)
    ub = cb + bw
    return ub


def lower_band(close_data, high_data, low_data, period):
    cb = center_band(close_data, high_data, low_data, period)
    bw = band_width(high_data, low_data, period)
    lb = cb - bw
    return lb


# --- pyti/money_flow.py ---

def money_flow(close_data, high_data, low_data, volume):
    catch_errors.check_for_input_len_diff(
        close_data, high_data, low_data, volume
        )
    mf = volume * tp(close_data, high_data, low_data)
    return mf


# --- pyti/money_flow_index.py ---

def money_flow_index(close_data, high_data, low_data, volume, period):
    catch_errors.check_for_input_len_diff(
        close_data, high_data, low_data, volume
        )
    catch_errors.check_for_period_error(close_data, period)

    mf = money_flow(close_data, high_data, low_data, volume)
    tp = typical_price(close_data, high_data, low_data)

    pf = [mf[idx] if tp[idx] > tp[idx-1] else 0 for idx in range(1, len(tp))]
    nf = [mf[idx] if tp[idx] < tp[idx-1] else 0 for idx in range(1, len(tp))]

    pmf = [sum(pf[idx+1-period:idx+1]) for idx in range(period-1, len(pf))]
    nmf = [sum(nf[idx+1-period:idx+1]) for idx in range(period-1, len(nf))]

    # Dividing by 0 is not an issue, it turns the value into NaN which we would
    # want in that case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", category=RuntimeWarning)
        money_ratio = np.array(pmf) / np.array(nmf)

    mfi = 100 - (100 / (1 + money_ratio))

    mfi = fill_for_noncomputable_vals(close_data, mfi)

    return mfi


# --- pyti/moving_average_convergence_divergence.py ---

def moving_average_convergence_divergence(data, short_period, long_period):
    catch_errors.check_for_period_error(data, short_period)
    catch_errors.check_for_period_error(data, long_period)

    macd = ema(data, short_period) - ema(data, long_period)
    return macd


# --- pyti/on_balance_volume.py ---

def on_balance_volume(close_data, volume):
    catch_errors.check_for_input_len_diff(close_data, volume)
    obv = np.zeros(len(volume))
    obv[0] = 1
    for idx in range(1, len(obv)):
        if close_data[idx] > close_data[idx-1]:
            obv[idx] = obv[idx-1] + volume[idx]
        elif close_data[idx] < close_data[idx-1]:
            obv[idx] = obv[idx-1] - volume[idx]
        elif close_data[idx] == close_data[idx-1]:
            obv[idx] = obv[idx-1]
    return obv


# --- pyti/price_channels.py ---

def upper_price_channel(data, period, upper_percent):
    catch_errors.check_for_period_error(data, period)

    emas = ema(data, period)
    upper_channel = [val * (1+float(upper_percent)/100) for val in emas]
    return upper_channel


def lower_price_channel(data, period, lower_percent):
    catch_errors.check_for_period_error(data, period)

    emas = ema(data, period)
    lower_channel = [val * (1-float(lower_percent)/100) for val in emas]
    return lower_channel


# --- pyti/price_oscillator.py ---

def price_oscillator(data, short_period, long_period):
    catch_errors.check_for_period_error(data, short_period)
    catch_errors.check_for_period_error(data, long_period)

    ema_short = ema(data, short_period)
    ema_long = ema(data, long_period)

    po = ((ema_short - ema_long) / ema_long) * 100
    return po


# --- pyti/rate_of_change.py ---

def rate_of_change(data, period):
    catch_errors.check_for_period_error(data, period)

    rocs = [((data[idx] - data[idx - period]) /
         data[idx - period]) * 100 for idx in range(period, len(data))]
    rocs = fill_for_noncomputable_vals(data, rocs)
    return rocs


# --- pyti/standard_deviation.py ---

def standard_deviation(data, period):
    catch_errors.check_for_period_error(data, period)

    stds = [np.std(data[idx+1-period:idx+1], ddof=1) for idx in range(period-1, len(data))]

    stds = fill_for_noncomputable_vals(data, stds)
    return stds


sd = standard_deviation  # `from pyti.standard_deviation import standard_deviation as sd`


# --- pyti/standard_variance.py ---

def standard_variance(data, period):
    catch_errors.check_for_period_error(data, period)
    sv = [np.var(data[idx+1-period:idx+1], ddof=1) for idx in range(period-1, len(data))]
    sv = fill_for_noncomputable_vals(data, sv)

    return sv


sv = standard_variance  # `from pyti.standard_variance import standard_variance as sv`


# --- pyti/volatility.py ---

def volatility(data, period):
    volatility = sd(data, period) / sv(data, period)
    return volatility


# --- pyti/stochastic.py ---

def percent_k(data, period):
    catch_errors.check_for_period_error(data, period)
    percent_k = [((data[idx] - np.min(data[idx+1-period:idx+1])) /
         (np.max(data[idx+1-period:idx+1]) -
          np.min(data[idx+1-period:idx+1]))) for idx in range(period-1, len(data))]
    percent_k = fill_for_noncomputable_vals(data, percent_k)

    return percent_k


def percent_d(data, period):
    p_k = percent_k(data, period)
    percent_d = sma(p_k, 3)
    return percent_d


# --- pyti/stochrsi.py ---

def stochrsi(data, period):
    rsi = relative_strength_index(data, period)[period:]
    stochrsi = [100 * ((rsi[idx] - np.min(rsi[idx+1-period:idx+1])) / (np.max(rsi[idx+1-period:idx+1]) - np.min(rsi[idx+1-period:idx+1]))) for idx in range(period-1, len(rsi))]
    stochrsi = fill_for_noncomputable_vals(data, stochrsi)
    return stochrsi


# --- pyti/triangular_moving_average.py ---

def triangular_moving_average(data, period):
    catch_errors.check_for_period_error(data, period)

    tma = sma(sma(data, period), period)
    return tma


# --- pyti/triple_exponential_moving_average.py ---

def triple_exponential_moving_average(data, period):
    catch_errors.check_for_period_error(data, period)

    tema = ((3 * ema(data, period) - (3 * ema(ema(data, period), period))) +
            ema(ema(ema(data, period), period), period)
            )
    return tema


# --- pyti/ultimate_oscillator.py ---

def buying_pressure(close_data, low_data):
    catch_errors.check_for_input_len_diff(close_data, low_data)
    bp = [close_data[idx] - min(low_data[idx], close_data[idx-1]) for idx in range(1, len(close_data))]
    bp = fill_for_noncomputable_vals(close_data, bp)
    return bp


def avg_helper(close_data, high_data, low_data, period):
    catch_errors.check_for_input_len_diff(close_data, high_data, low_data)
    catch_errors.check_for_period_error(close_data, period)
    bp = buying_pressure(close_data, low_data)
    tr = true_range(close_data, high_data, low_data)
    avg = [sum(bp[idx+1-period:idx+1]) / sum(tr[idx+1-period:idx+1]) for idx in range(period-1, len(close_data))]
    avg = fill_for_noncomputable_vals(close_data, avg)
    return avg


def average_7(close_data, high_data, low_data, period=7):
    return avg_helper(close_data, high_data, low_data, period)


def average_14(close_data, high_data, low_data, period=14):
    return avg_helper(close_data, high_data, low_data, period)


def average_28(close_data, high_data, low_data, period=28):
    return avg_helper(close_data, high_data, low_data, period)


def ultimate_oscillator(close_data, high_data, low_data):
    a7 = 4 * average_7(close_data, high_data, low_data)
    a14 = 2 * average_14(close_data, high_data, low_data)
    a28 = average_28(close_data, high_data, low_data)
    uo = 100 * ((a7 + a14 + a28) / 7)
    return uo


# --- pyti/vertical_horizontal_filter.py ---

def vertical_horizontal_filter(data, period):
    catch_errors.check_for_period_error(data, period)

    vhf = [abs(np.max(data[idx+1-period:idx+1]) -
            np.min(data[idx+1-period:idx+1])) /
        sum([abs(data[idx+1-period:idx+1][i] - data[idx+1-period:idx+1][i-1]) for i in range(0, len(data[idx+1-period:idx+1]))]) for idx in range(period - 1, len(data))]

    vhf = fill_for_noncomputable_vals(data, vhf)
    return vhf


# --- pyti/volume_adjusted_moving_average.py ---

def volume_adjusted_moving_average(close_data, volume, period):
    catch_errors.check_for_input_len_diff(close_data, volume)
    catch_errors.check_for_period_error(close_data, period)

    avg_vol = np.mean(volume)
    vol_incr = avg_vol * 0.67
    vol_ratio = [val / vol_incr for val in volume]
    close_vol = np.array(close_data) * vol_ratio
    vama = [sum(close_vol[idx+1-period:idx+1]) / period for idx in range(period-1, len(close_data))]
    vama = fill_for_noncomputable_vals(close_data, vama)
    return vama


# --- pyti/volume_index.py ---

def volume_index_helper(vi, idx, close_data):
    return (vi[idx-1] + (((close_data[idx] - close_data[idx-1]) /
                          float(close_data[idx-1])) * vi[idx-1])
           )


def positive_volume_index(close_data, volume):
    catch_errors.check_for_input_len_diff(close_data, volume)
    pvi = np.zeros(len(volume))
    pvi[0] = 1
    for idx in range(1, len(volume)):
        if volume[idx] > volume[idx-1]:
            pvi[idx] = volume_index_helper(pvi, idx, close_data)
        else:
            pvi[idx] = pvi[idx-1]
    return pvi


def negative_volume_index(close_data, volume):
    catch_errors.check_for_input_len_diff(close_data, volume)
    nvi = np.zeros(len(volume))
    nvi[0] = 1
    for idx in range(1, len(volume)):
        if volume[idx] < volume[idx-1]:
            nvi[idx] = volume_index_helper(nvi, idx, close_data)
        else:
            nvi[idx] = nvi[idx-1]
    return nvi


# --- pyti/volume_oscillator.py ---

def volume_oscillator(volume, short_period, long_period):
    catch_errors.check_for_period_error(volume, short_period)
    catch_errors.check_for_period_error(volume, long_period)

    vo = (100 * ((sma(volume, short_period) - sma(volume, long_period)) /
          sma(volume, long_period)))
    return vo


# --- pyti/williams_percent_r.py ---

def williams_percent_r(close_data, high_data, low_data, period):
    catch_errors.check_for_input_len_diff(close_data, high_data, low_data)
    catch_errors.check_for_period_error(close_data, period)

    wr = [((np.max(high_data[idx+1-period:idx+1]) - close_data[idx]) /
           (np.max(high_data[idx+1-period:idx+1]) -
            np.min(low_data[idx+1-period:idx+1]))) * -100
          for idx in range(period-1, len(close_data))]
    wr = fill_for_noncomputable_vals(close_data, wr)
    return wr


# --- src/python/bezier/hazmat/helpers.py ---

_EPS = 0.5**40


def vector_close(vec1, vec2, eps=_EPS):
    # NOTE: This relies on ``vec1`` and ``vec2`` being one-dimensional
    #       vectors so NumPy doesn't try to use a matrix norm.
    size1 = np.linalg.norm(vec1, ord=2)
    size2 = np.linalg.norm(vec2, ord=2)
    if size1 == 0:
        return size2 <= eps

    elif size2 == 0:
        return size1 <= eps

    else:
        upper_bound = eps * min(size1, size2)
        return np.linalg.norm(vec1 - vec2, ord=2) <= upper_bound


def in_interval(value, start, end):
    return start <= value <= end


def bbox(nodes):
    left, bottom = np.min(nodes, axis=1)
    right, top = np.max(nodes, axis=1)
    return left, right, bottom, top


def contains_nd(nodes, point):
    min_vals = np.min(nodes, axis=1)
    if not np.all(min_vals <= point):
        return False

    max_vals = np.max(nodes, axis=1)
    if not np.all(point <= max_vals):
        return False

    return True


def cross_product(vec0, vec1):
    return vec0[0] * vec1[1] - vec0[1] * vec1[0]


def matrix_product(mat1, mat2):
    return np.dot(mat2.T, mat1.T).T  # pylint: disable=no-member


def wiggle_interval(value, wiggle=0.5**44):
    if -wiggle < value < wiggle:
        return 0.0, True

    elif wiggle <= value <= 1.0 - wiggle:
        return value, True

    elif 1.0 - wiggle < value < 1.0 + wiggle:
        return 1.0, True

    else:
        return np.nan, False


def cross_product_compare(start, candidate1, candidate2):
    delta1 = candidate1 - start
    delta2 = candidate2 - start
    return cross_product(delta1, delta2)


def in_sorted(values, value):
    index = bisect.bisect_left(values, value)
    if index >= len(values):
        return False

    return values[index] == value


def simple_convex_hull(points):
    # NOTE: There is no corresponding "enable", but the disable only applies
    #       in this lexical scope.
    # pylint: disable=too-many-branches
    if points.size == 0:
        return points

    # First, drop duplicates.
    unique_points = np.unique(points, axis=1)
    _, num_points = unique_points.shape
    if num_points < 2:
        return unique_points

    # Then sort the data in left-to-right order (and break ties by y-value).
    points = np.empty((2, num_points), order="F")
    for index, xy_val in enumerate(
        sorted(tuple(column) for column in unique_points.T)
    ):
        points[:, index] = xy_val
    # After sorting, if there are only 2 points, return.
    if num_points < 3:
        return points

    # Build lower hull
    lower = [0, 1]
    for index in range(2, num_points):
        point2 = points[:, index]
        while len(lower) >= 2:
            point0 = points[:, lower[-2]]
            point1 = points[:, lower[-1]]
            if cross_product_compare(point0, point1, point2) > 0:
                break

            lower.pop()

        lower.append(index)
    # Build upper hull
    upper = [num_points - 1]
    for index in range(num_points - 2, -1, -1):
        # Don't consider indices from the lower hull (other than the ends).
        if index > 0 and in_sorted(lower, index):
            continue

        point2 = points[:, index]
        while len(upper) >= 2:
            point0 = points[:, upper[-2]]
            point1 = points[:, upper[-1]]
            if cross_product_compare(point0, point1, point2) > 0:
                break

            upper.pop()

        upper.append(index)
    # **Both** corners are double counted.
    size_polygon = len(lower) + len(upper) - 2
    polygon = np.empty((2, size_polygon), order="F")
    for index, column in enumerate(lower[:-1]):
        polygon[:, index] = points[:, column]
    index_start = len(lower) - 1
    for index, column in enumerate(upper[:-1]):
        polygon[:, index + index_start] = points[:, column]
    return polygon


def is_separating(direction, polygon1, polygon2):
    # NOTE: We assume throughout that ``norm_squared != 0``. If it **were**
    #       zero that would mean the ``direction`` corresponds to an
    #       invalid edge.
    norm_squared = direction[0] * direction[0] + direction[1] * direction[1]
    params = []
    vertex = np.empty((2,), order="F")
    for polygon in (polygon1, polygon2):
        _, polygon_size = polygon.shape
        min_param = np.inf
        max_param = -np.inf
        for index in range(polygon_size):
            vertex[:] = polygon[:, index]
            param = cross_product(direction, vertex) / norm_squared
            min_param = min(min_param, param)
            max_param = max(max_param, param)
        params.append((min_param, max_param))
    # NOTE: The indexing is based on:
    #       params[0] = (min_param1, max_param1)
    #       params[1] = (min_param2, max_param2)
    return params[0][0] > params[1][1] or params[0][1] < params[1][0]


def polygon_collide(polygon1, polygon2):
    direction = np.empty((2,), order="F")
    for polygon in (polygon1, polygon2):
        _, polygon_size = polygon.shape
        for index in range(polygon_size):
            # NOTE: When ``index == 0`` this will "wrap around" and refer
            #       to index ``-1``.
            direction[:] = polygon[:, index] - polygon[:, index - 1]
            if is_separating(direction, polygon1, polygon2):
                return False

    return True


def solve2x2(lhs, rhs):
    # A <--> lhs[0, 0]
    # B <--> lhs[0, 1]
    # C <--> lhs[1, 0]
    # D <--> lhs[1, 1]
    # E <--> rhs[0]
    # F <--> rhs[1]
    if np.abs(lhs[1, 0]) > np.abs(lhs[0, 0]):
        # NOTE: We know there is no division by zero here since ``C``
        #       is **strictly** bigger than **some** value (in magnitude).
        # [A | B][x] = [E]
        # [C | D][y]   [F]
        ratio = lhs[0, 0] / lhs[1, 0]
        # r = A / C
        # [A - rC | B - rD][x]   [E - rF]
        # [C      | D     ][y] = [F     ]
        # ==> 0x + (B - rD) y = E - rF
        denominator = lhs[0, 1] - ratio * lhs[1, 1]
        if denominator == 0.0:
            return True, None, None

        y_val = (rhs[0] - ratio * rhs[1]) / denominator
        # Cx + Dy = F ==> x = (F - Dy) / C
        x_val = (rhs[1] - lhs[1, 1] * y_val) / lhs[1, 0]
        return False, x_val, y_val

    else:
        if lhs[0, 0] == 0.0:
            return True, None, None

        # [A | B][x] = [E]
        # [C | D][y]   [F]
        ratio = lhs[1, 0] / lhs[0, 0]
        # r = C / A
        # [A      | B     ][x] = [E     ]
        # [C - rA | D - rB][y]   [F - rE]
        # ==> 0x + (D - rB) y = F - rE
        denominator = lhs[1, 1] - ratio * lhs[0, 1]
        if denominator == 0.0:
            return True, None, None

        y_val = (rhs[1] - ratio * rhs[0]) / denominator
        # Ax + By = E ==> x = (E - B y) / A
        x_val = (rhs[0] - lhs[0, 1] * y_val) / lhs[0, 0]
        return False, x_val, y_val


class UnsupportedDegree(NotImplementedError):

    def __init__(self, degree, supported=()):
        super().__init__()
        self.degree = degree
        self.supported = supported

    def __str__(self):
        num_supported = len(self.supported)
        if num_supported == 0:
            return f"degree={self.degree}"

        degrees_str = [str(degree) for degree in self.supported]
        if num_supported == 1:
            msg = "The only degree supported at this time is " + degrees_str[0]
        else:
            msg = (
                "The only degrees supported at this time are "
                + ", ".join(degrees_str[:-1])
                + " and "
                + degrees_str[-1]
            )
        return f"{msg} (degree={self.degree})"


_py_helpers = types.SimpleNamespace(  # `from bezier.hazmat import helpers as _py_helpers`
    vector_close=vector_close, in_interval=in_interval, bbox=bbox, contains_nd=contains_nd, cross_product=cross_product,
    matrix_product=matrix_product, wiggle_interval=wiggle_interval, cross_product_compare=cross_product_compare,
    in_sorted=in_sorted, simple_convex_hull=simple_convex_hull, is_separating=is_separating,
    polygon_collide=polygon_collide, solve2x2=solve2x2, UnsupportedDegree=UnsupportedDegree)
_helpers = types.SimpleNamespace(  # `from bezier import _helpers` (src/python/bezier/_helpers.py, `_speedup is None`)
    vector_close=vector_close, in_interval=in_interval, bbox=bbox, contains_nd=contains_nd, cross_product=cross_product,
    wiggle_interval=wiggle_interval, simple_convex_hull=simple_convex_hull, polygon_collide=polygon_collide)


# --- src/python/bezier/hazmat/curve_helpers.py ---

_MAX_LOCATE_SUBDIVISIONS = 20
_LOCATE_STD_CAP = 0.5**20
_FLOAT64 = np.float64  # pylint: disable=no-member
_REDUCE_THRESHOLD = 0.5**26  # sqrt(machine precision)
# Projections onto the space of degree-elevated nodes.
# If v --> vE is the (right) elevation map, then P = E^T (E E^T)^{-1} E
# is the (right) projection.
_PROJECTION0 = np.asfortranarray([[0.5, 0.5], [0.5, 0.5]])
_PROJ_DENOM0 = 1.0
_PROJECTION1 = np.asfortranarray(
    [[2.5, 1.0, -0.5], [1.0, 1.0, 1.0], [-0.5, 1.0, 2.5]]
)
_PROJ_DENOM1 = 3.0
_PROJECTION2 = np.asfortranarray(
    [
        [4.75, 0.75, -0.75, 0.25],
        [0.75, 2.75, 2.25, -0.75],
        [-0.75, 2.25, 2.75, 0.75],
        [0.25, -0.75, 0.75, 4.75],
    ]
)
_PROJ_DENOM2 = 5.0
_PROJECTION3 = np.asfortranarray(
    [
        [34.5, 2.0, -3.0, 2.0, -0.5],
        [2.0, 27.0, 12.0, -8.0, 2.0],
        [-3.0, 12.0, 17.0, 12.0, -3.0],
        [2.0, -8.0, 12.0, 27.0, 2.0],
        [-0.5, 2.0, -3.0, 2.0, 34.5],
    ]
)
_PROJ_DENOM3 = 35.0
# Reductions for a set of degree-elevated nodes.
# If v --> vE is the (right) elevation map, then R = E^T (E E^T)^{-1} -- the
# (right) pseudo-inverse of E -- actually reduces a set of nodes.
_REDUCTION0 = np.asfortranarray([[0.5], [0.5]])
_REDUCTION_DENOM0 = 1.0
_REDUCTION1 = np.asfortranarray([[2.5, -0.5], [1.0, 1.0], [-0.5, 2.5]])
_REDUCTION_DENOM1 = 3.0
_REDUCTION2 = np.asfortranarray(
    [
        [4.75, -1.25, 0.25],
        [0.75, 3.75, -0.75],
        [-0.75, 3.75, 0.75],
        [0.25, -1.25, 4.75],
    ]
)
_REDUCTION_DENOM2 = 5.0
_REDUCTION3 = np.asfortranarray(
    [
        [103.5, -26.5, 8.5, -1.5],
        [6.0, 106.0, -34.0, 6.0],
        [-9.0, 51.0, 51.0, -9.0],
        [6.0, -34.0, 106.0, 6.0],
        [-1.5, 8.5, -26.5, 103.5],
    ]
)
_REDUCTION_DENOM3 = 105.0
_LINEAR_SUBDIVIDE_LEFT = np.asfortranarray([[1.0, 0.5], [0.0, 0.5]])
_LINEAR_SUBDIVIDE_RIGHT = np.asfortranarray([[0.5, 0.0], [0.5, 1.0]])
_QUADRATIC_SUBDIVIDE_LEFT = np.asfortranarray(
    [[1.0, 0.5, 0.25], [0.0, 0.5, 0.5], [0.0, 0.0, 0.25]]
)
_QUADRATIC_SUBDIVIDE_RIGHT = np.asfortranarray(
    [[0.25, 0.0, 0.0], [0.5, 0.5, 0.0], [0.25, 0.5, 1.0]]
)
_CUBIC_SUBDIVIDE_LEFT = np.asfortranarray(
    [
        [1.0, 0.5, 0.25, 0.125],
        [0.0, 0.5, 0.5, 0.375],
        [0.0, 0.0, 0.25, 0.375],
        [0.0, 0.0, 0.0, 0.125],
    ]
)
_CUBIC_SUBDIVIDE_RIGHT = np.asfortranarray(
    [
        [0.125, 0.0, 0.0, 0.0],
        [0.375, 0.25, 0.0, 0.0],
        [0.375, 0.5, 0.5, 0.0],
        [0.125, 0.25, 0.5, 1.0],
    ]
)


def make_subdivision_matrices(degree):
    left = np.zeros((degree + 1, degree + 1), order="F")
    right = np.zeros((degree + 1, degree + 1), order="F")
    left[0, 0] = 1.0
    right[-1, -1] = 1.0
    for col in range(1, degree + 1):
        half_prev = 0.5 * left[:col, col - 1]
        left[:col, col] = half_prev
        left[1 : col + 1, col] += half_prev  # noqa: E203
        # Populate the complement col (in right) as well.
        complement = degree - col
        # NOTE: We "should" reverse the results when using
        #       the complement, but they are symmetric so
        #       that would be a waste.
        right[-(col + 1) :, complement] = left[: col + 1, col]  # noqa: E203
    return left, right


def subdivide_nodes(nodes):
    _, num_nodes = np.shape(nodes)
    if num_nodes == 2:
        left_nodes = _py_helpers.matrix_product(nodes, _LINEAR_SUBDIVIDE_LEFT)
        right_nodes = _py_helpers.matrix_product(
            nodes, _LINEAR_SUBDIVIDE_RIGHT
        )
    elif num_nodes == 3:
        left_nodes = _py_helpers.matrix_product(
            nodes, _QUADRATIC_SUBDIVIDE_LEFT
        )
        right_nodes = _py_helpers.matrix_product(
            nodes, _QUADRATIC_SUBDIVIDE_RIGHT
        )
    elif num_nodes == 4:
        left_nodes = _py_helpers.matrix_product(nodes, _CUBIC_SUBDIVIDE_LEFT)
        right_nodes = _py_helpers.matrix_product(nodes, _CUBIC_SUBDIVIDE_RIGHT)
    else:
        left_mat, right_mat = make_subdivision_matrices(num_nodes - 1)
        left_nodes = _py_helpers.matrix_product(nodes, left_mat)
        right_nodes = _py_helpers.matrix_product(nodes, right_mat)
    return left_nodes, right_nodes


def evaluate_multi(nodes, s_vals):
    one_less = 1.0 - s_vals
    return evaluate_multi_barycentric(nodes, one_less, s_vals)


def evaluate_multi_vs(nodes, lambda1, lambda2):
    # NOTE: We assume but don't check that lambda2 has the same shape.
    (num_vals,) = lambda1.shape
    dimension, num_nodes = nodes.shape
    degree = num_nodes - 1
    # Resize as row vectors for broadcast multiplying with
    # columns of ``nodes``.
    lambda1 = lambda1[np.newaxis, :]
    lambda2 = lambda2[np.newaxis, :]
    result = np.zeros((dimension, num_vals), order="F")
    result += lambda1 * nodes[:, [0]]
    binom_val = 1.0
    lambda2_pow = np.ones((1, num_vals), order="F")
    for index in range(1, degree):
        lambda2_pow *= lambda2
        binom_val = (binom_val * (degree - index + 1)) / index
        result += binom_val * lambda2_pow * nodes[:, [index]]
        result *= lambda1
    result += lambda2 * lambda2_pow * nodes[:, [degree]]
    return result


def evaluate_multi_de_casteljau(nodes, lambda1, lambda2):
    # NOTE: We assume but don't check that lambda2 has the same shape.
    (num_vals,) = lambda1.shape
    dimension, num_nodes = nodes.shape
    degree = num_nodes - 1

    lambda1_wide = np.empty((dimension, num_vals, degree), order="F")
    lambda2_wide = np.empty((dimension, num_vals, degree), order="F")
    workspace = np.empty((dimension, num_vals, degree), order="F")
    for index in range(num_vals):
        lambda1_wide[:, index, :] = lambda1[index]
        lambda2_wide[:, index, :] = lambda2[index]
        workspace[:, index, :] = (
            lambda1[index] * nodes[:, :degree] + lambda2[index] * nodes[:, 1:]
        )

    for index in range(degree - 1, 0, -1):
        workspace[:, :, :index] = (
            lambda1_wide[:, :, :index] * workspace[:, :, :index]
            + lambda2_wide[:, :, :index]
            * workspace[:, :, 1 : (index + 1)]  # noqa: E203
        )

    # NOTE: This returns an array with `evaluated.flags.owndata` false, though
    #       it is Fortran contiguous.
    return workspace[:, :, 0]


def evaluate_multi_barycentric(nodes, lambda1, lambda2):
    _, num_nodes = nodes.shape
    # NOTE: The computation of (degree C k) values in ``evaluate_multi_vs``
    #       starts to introduce round-off when computing (55 C 26). For very
    #       large degree, we ditch the VS algorithm and use de Casteljau
    #       (which has quadratic runtime and cubic space usage).
    if num_nodes > 55:
        return evaluate_multi_de_casteljau(nodes, lambda1, lambda2)

    return evaluate_multi_vs(nodes, lambda1, lambda2)


def vec_size(nodes, s_val):
    result_vec = evaluate_multi(nodes, np.asfortranarray([s_val]))
    # NOTE: We convert to 1D to make sure NumPy uses vector norm.
    return np.linalg.norm(result_vec[:, 0], ord=2)


def compute_length(nodes):
    _, num_nodes = np.shape(nodes)
    # NOTE: We somewhat replicate code in ``evaluate_hodograph()``
    #       here. This is so we don't re-compute the nodes for the first
    #       derivative every time it is evaluated.
    first_deriv = (num_nodes - 1) * (nodes[:, 1:] - nodes[:, :-1])
    if num_nodes == 0:
        raise ValueError("Curve should have at least one node.")

    if num_nodes == 1:
        return 0.0

    if num_nodes == 2:
        # NOTE: We convert to 1D to make sure NumPy uses vector norm.
        return np.linalg.norm(first_deriv[:, 0], ord=2)

    # NOTE: We import SciPy at runtime to avoid the import-time cost for users
    #       that don't need pure Python curve helpers (e.g. if the ``_speedup``
    #       module is available). The ``scipy`` import is a tad expensive.
    import scipy.integrate  # pylint: disable=import-outside-toplevel

    size_func = functools.partial(vec_size, first_deriv)
    length, _ = scipy.integrate.quad(size_func, 0.0, 1.0)
    return length


def elevate_nodes(nodes):
    dimension, num_nodes = np.shape(nodes)
    new_nodes = np.empty((dimension, num_nodes + 1), order="F")
    multipliers = np.arange(1, num_nodes, dtype=_FLOAT64)[np.newaxis, :]
    denominator = float(num_nodes)
    new_nodes[:, 1:-1] = (
        multipliers * nodes[:, :-1]
        + (denominator - multipliers) * nodes[:, 1:]
    )
    # Hold off on division until the end, to (attempt to) avoid round-off.
    new_nodes /= denominator
    # After setting the internal nodes (which require division), set the
    # boundary nodes.
    new_nodes[:, 0] = nodes[:, 0]
    new_nodes[:, -1] = nodes[:, -1]
    return new_nodes


def de_casteljau_one_round(nodes, lambda1, lambda2):
    return np.asfortranarray(lambda1 * nodes[:, :-1] + lambda2 * nodes[:, 1:])


def specialize_curve(nodes, start, end):
    # NOTE: There is no corresponding "enable", but the disable only applies
    #       in this lexical scope.
    # pylint: disable=too-many-locals
    _, num_nodes = np.shape(nodes)
    # Uses start-->0, end-->1 to represent the specialization used.
    weights = ((1.0 - start, start), (1.0 - end, end))
    partial_vals = {
        (0,): de_casteljau_one_round(nodes, *weights[0]),
        (1,): de_casteljau_one_round(nodes, *weights[1]),
    }
    for _ in range(num_nodes - 2, 0, -1):
        new_partial = {}
        for key, sub_nodes in partial_vals.items():
            # Our keys are ascending so we increment from the last value.
            for next_id in range(key[-1], 1 + 1):
                new_key = key + (next_id,)
                new_partial[new_key] = de_casteljau_one_round(
                    sub_nodes, *weights[next_id]
                )
        partial_vals = new_partial
    result = np.empty(nodes.shape, order="F")
    for index in range(num_nodes):
        key = (0,) * (num_nodes - index - 1) + (1,) * index
        result[:, [index]] = partial_vals[key]
    return result


def evaluate_hodograph(s, nodes):
    _, num_nodes = np.shape(nodes)
    first_deriv = nodes[:, 1:] - nodes[:, :-1]
    return (num_nodes - 1) * evaluate_multi(
        first_deriv, np.asfortranarray([s])
    )


def get_curvature(nodes, tangent_vec, s):
    _, num_nodes = np.shape(nodes)
    if num_nodes == 2:  # Lines have no curvature.
        return 0.0

    # NOTE: We somewhat replicate code in ``evaluate_hodograph()`` here.
    first_deriv = nodes[:, 1:] - nodes[:, :-1]
    second_deriv = first_deriv[:, 1:] - first_deriv[:, :-1]
    concavity = (
        (num_nodes - 1)
        * (num_nodes - 2)
        * evaluate_multi(second_deriv, np.asfortranarray([s]))
    )
    curvature = _py_helpers.cross_product(
        tangent_vec.ravel(order="F"), concavity.ravel(order="F")
    )
    # NOTE: We convert to 1D to make sure NumPy uses vector norm.
    curvature /= np.linalg.norm(tangent_vec[:, 0], ord=2) ** 3
    return curvature


def newton_refine(nodes, point, s):
    pt_delta = point - evaluate_multi(nodes, np.asfortranarray([s]))
    derivative = evaluate_hodograph(s, nodes)
    # Each array is 2 x 1 (i.e. a column vector), we want the vector
    # dot product.
    delta_s = np.vdot(pt_delta[:, 0], derivative[:, 0]) / np.vdot(
        derivative[:, 0], derivative[:, 0]
    )
    return s + delta_s


def locate_point(nodes, point):
    candidates = [(0.0, 1.0, nodes)]
    for _ in range(_MAX_LOCATE_SUBDIVISIONS + 1):
        next_candidates = []
        for start, end, candidate in candidates:
            if _py_helpers.contains_nd(candidate, point.ravel(order="F")):
                midpoint = 0.5 * (start + end)
                left, right = subdivide_nodes(candidate)
                next_candidates.extend(
                    ((start, midpoint, left), (midpoint, end, right))
                )
        candidates = next_candidates
    if not candidates:
        return None

    params = [(start, end) for start, end, _ in candidates]
    if np.std(params) > _LOCATE_STD_CAP:
        raise ValueError("Parameters not close enough to one another", params)

    s_approx = np.mean(params)
    s_approx = newton_refine(nodes, point, s_approx)
    # NOTE: Since ``np.mean(params)`` must be in ``[0, 1]`` it's
    #       "safe" to push the Newton-refined value back into the unit
    #       interval.
    if s_approx < 0.0:
        return 0.0

    elif s_approx > 1.0:
        return 1.0

    else:
        return s_approx


def reduce_pseudo_inverse(nodes):
    _, num_nodes = np.shape(nodes)
    if num_nodes == 2:
        reduction = _REDUCTION0
        denom = _REDUCTION_DENOM0
    elif num_nodes == 3:
        reduction = _REDUCTION1
        denom = _REDUCTION_DENOM1
    elif num_nodes == 4:
        reduction = _REDUCTION2
        denom = _REDUCTION_DENOM2
    elif num_nodes == 5:
        reduction = _REDUCTION3
        denom = _REDUCTION_DENOM3
    else:
        raise _py_helpers.UnsupportedDegree(
            num_nodes - 1, supported=(1, 2, 3, 4)
        )

    result = _py_helpers.matrix_product(nodes, reduction)
    result /= denom
    return result


def projection_error(nodes, projected):
    relative_err = np.linalg.norm(nodes - projected, ord="fro")
    if relative_err != 0.0:
        relative_err /= np.linalg.norm(nodes, ord="fro")
    return relative_err


def maybe_reduce(nodes):
    _, num_nodes = nodes.shape
    if num_nodes < 2:
        return False, nodes

    elif num_nodes == 2:
        projection = _PROJECTION0
        denom = _PROJ_DENOM0
    elif num_nodes == 3:
        projection = _PROJECTION1
        denom = _PROJ_DENOM1
    elif num_nodes == 4:
        projection = _PROJECTION2
        denom = _PROJ_DENOM2
    elif num_nodes == 5:
        projection = _PROJECTION3
        denom = _PROJ_DENOM3
    else:
        raise _py_helpers.UnsupportedDegree(
            num_nodes - 1, supported=(0, 1, 2, 3, 4)
        )

    projected = _py_helpers.matrix_product(nodes, projection) / denom
    relative_err = projection_error(nodes, projected)
    if relative_err < _REDUCE_THRESHOLD:
        return True, reduce_pseudo_inverse(nodes)

    else:
        return False, nodes


def full_reduce(nodes):
    was_reduced, nodes = maybe_reduce(nodes)
    while was_reduced:
        was_reduced, nodes = maybe_reduce(nodes)
    return nodes


def discrete_turning_angle(nodes):
    _, num_nodes = nodes.shape
    if num_nodes < 3:
        return 0.0

    directed = nodes[:, 1:] - nodes[:, : (num_nodes - 1)]
    vector_theta = np.arctan2(directed[1, :], directed[0, :])
    # Two values in [-pi, pi] have a difference in [-2pi, 2pi]
    angle_theta = vector_theta[1:] - vector_theta[: (num_nodes - 2)]

    result = 0.0
    for angle in angle_theta:
        if angle > np.pi:
            # Convert value in [pi, 2pi] back into [-pi, pi] and take
            # absolute value
            result += 2 * np.pi - angle
        elif angle < -np.pi:
            # Convert value in [-2pi, -pi] back into [-pi, pi] and take
            # absolute value
            result += 2 * np.pi + angle
        else:
            # Absolute value of value in [-pi, pi]
            result += abs(angle)

    return result


curve_helpers = types.SimpleNamespace(  # `from bezier.hazmat import curve_helpers`
    evaluate_multi=evaluate_multi, evaluate_multi_barycentric=evaluate_multi_barycentric,
    evaluate_hodograph=evaluate_hodograph)


# --- src/python/bezier/hazmat/geometric_intersection.py ---

def bbox_intersect(nodes1, nodes2):
    left1, right1, bottom1, top1 = _py_helpers.bbox(nodes1)
    left2, right2, bottom2, top2 = _py_helpers.bbox(nodes2)
    if right2 < left1 or right1 < left2 or top2 < bottom1 or top1 < bottom2:
        return BoxIntersectionType.DISJOINT

    if (
        right2 == left1
        or right1 == left2
        or top2 == bottom1
        or top1 == bottom2
    ):
        return BoxIntersectionType.TANGENT

    else:
        return BoxIntersectionType.INTERSECTION


def linearization_error(nodes):
    _, num_nodes = nodes.shape
    degree = num_nodes - 1
    if degree == 1:
        return 0.0

    second_deriv = nodes[:, :-2] - 2.0 * nodes[:, 1:-1] + nodes[:, 2:]
    worst_case = np.max(np.abs(second_deriv), axis=1)
    # max_{0 <= s <= 1} s(1 - s)/2 = 1/8 = 0.125
    multiplier = 0.125 * degree * (degree - 1)
    # NOTE: worst_case is 1D due to np.max(), so this is the vector norm.
    return multiplier * np.linalg.norm(worst_case, ord=2)


def segment_intersection(start0, end0, start1, end1):
    delta0 = end0 - start0
    delta1 = end1 - start1
    cross_d0_d1 = _py_helpers.cross_product(delta0, delta1)
    if cross_d0_d1 == 0.0:
        return None, None, False

    else:
        start_delta = start1 - start0
        s = _py_helpers.cross_product(start_delta, delta1) / cross_d0_d1
        t = _py_helpers.cross_product(start_delta, delta0) / cross_d0_d1
        return s, t, True


def parallel_lines_parameters(start0, end0, start1, end1):
    # NOTE: There is no corresponding "enable", but the disable only applies
    #       in this lexical scope.
    # pylint: disable=too-many-branches
    delta0 = end0 - start0
    line0_const = _py_helpers.cross_product(start0, delta0)
    start1_against = _py_helpers.cross_product(start1, delta0)
    if line0_const != start1_against:
        return True, None

    # Each array is a 1D vector, so we can use the vector dot product.
    norm0_sq = np.vdot(delta0, delta0)
    #                S1 = L1(0) = S0 + sA D0
    # <==>        sA D0 = S1 - S0
    #  ==> sA (D0^T D0) = D0^T (S1 - S0)
    s_val0 = np.vdot(start1 - start0, delta0) / norm0_sq
    #                E1 = L1(1) = S0 + sB D0
    # <==>        sB D0 = E1 - S0
    #  ==> sB (D0^T D0) = D0^T (E1 - S0)
    s_val1 = np.vdot(end1 - start0, delta0) / norm0_sq
    # s = s_val0 + t (s_val1 - s_val0)
    # t = 0                                <==> s = s_val0
    # t = 1                                <==> s = s_val1
    # t = -s_val0 / (s_val1 - s_val0)      <==> s = 0
    # t = (1 - s_val0) / (s_val1 - s_val0) <==> s = 1
    if s_val0 <= s_val1:
        # In this branch the segments are moving in the same direction, i.e.
        # (t=0<-->s=s_val0) are both less than (t=1<-->s_val1).
        if 1.0 < s_val0:
            return True, None

        elif s_val0 < 0.0:
            start_s = 0.0
            start_t = -s_val0 / (s_val1 - s_val0)
        else:
            start_s = s_val0
            start_t = 0.0
        if s_val1 < 0.0:
            return True, None

        elif 1.0 < s_val1:
            end_s = 1.0
            end_t = (1.0 - s_val0) / (s_val1 - s_val0)
        else:
            end_s = s_val1
            end_t = 1.0
    else:
        # In this branch the segments are moving in opposite directions, i.e.
        # in (t=0<-->s=s_val0) and (t=1<-->s_val1) we have 0 < 1
        # but ``s_val0 > s_val1``.
        if s_val0 < 0.0:
            return True, None

        elif 1.0 < s_val0:
            start_s = 1.0
            start_t = (s_val0 - 1.0) / (s_val0 - s_val1)
        else:
            start_s = s_val0
            start_t = 0.0
        if 1.0 < s_val1:
            return True, None

        elif s_val1 < 0.0:
            end_s = 0.0
            end_t = s_val0 / (s_val0 - s_val1)
        else:
            end_s = s_val1
            end_t = 1.0
    parameters = np.asfortranarray([[start_s, end_s], [start_t, end_t]])
    return False, parameters


def line_line_collide(line1, line2):
    s, t, success = segment_intersection(
        line1[:, 0], line1[:, 1], line2[:, 0], line2[:, 1]
    )
    if success:
        return _py_helpers.in_interval(
            s, 0.0, 1.0
        ) and _py_helpers.in_interval(t, 0.0, 1.0)

    else:
        disjoint, _ = parallel_lines_parameters(
            line1[:, 0], line1[:, 1], line2[:, 0], line2[:, 1]
        )
        return not disjoint


def convex_hull_collide(nodes1, nodes2):
    polygon1 = _py_helpers.simple_convex_hull(nodes1)
    _, polygon_size1 = polygon1.shape
    polygon2 = _py_helpers.simple_convex_hull(nodes2)
    _, polygon_size2 = polygon2.shape
    if polygon_size1 == 2 and polygon_size2 == 2:
        return line_line_collide(polygon1, polygon2)

    else:
        return _py_helpers.polygon_collide(polygon1, polygon2)


class BoxIntersectionType:  # pylint: disable=too-few-public-methods

    INTERSECTION = 0
    TANGENT = 1
    DISJOINT = 2


geometric_intersection = types.SimpleNamespace(segment_intersection=segment_intersection)  # `from bezier.hazmat import geometric_intersection`


# --- src/python/bezier/hazmat/intersection_helpers.py ---

# For ``full_newton()``.
ZERO_THRESHOLD = 0.5**10  # ~1e-3
MAX_NEWTON_ITERATIONS = 10
NEWTON_ERROR_RATIO = 0.5**36
NEWTON_NO_CONVERGE = """\
Unsupported multiplicity.

Newton's method failed to converge to a solution under the
following assumptions:

- The starting ``s-t`` values were already near a solution
- The root / solution has multiplicity 1 or 2
  - 1: The root is "simple", i.e. the curves are not tangent
       and have no self-intersections at the point of intersection.
  - 2: The root is a double root, i.e. the curves are tangent
       but have different curvatures at the point of intersection.

The failure to converge may have been caused by one of:

- The root was of multiplicity greater than 2
- The curves don't actually intersect, though they come very close
- Numerical issues caused the iteration to leave the region
  of convergence
"""


# (renamed: `newton_refine` upstream)
def intersection_newton_refine(s, nodes1, t, nodes2):
    # NOTE: We form -F(s, t) since we want to solve -DF^{-1} F(s, t).
    func_val = curve_helpers.evaluate_multi(
        nodes2, np.asfortranarray([t])
    ) - curve_helpers.evaluate_multi(nodes1, np.asfortranarray([s]))
    if np.all(func_val == 0.0):
        # No refinement is needed.
        return s, t

    # NOTE: This assumes the curves are 2D.
    jac_mat = np.empty((2, 2), order="F")
    jac_mat[:, :1] = curve_helpers.evaluate_hodograph(s, nodes1)
    jac_mat[:, 1:] = -curve_helpers.evaluate_hodograph(t, nodes2)
    # Solve the system.
    singular, delta_s, delta_t = _py_helpers.solve2x2(jac_mat, func_val[:, 0])
    if singular:
        raise ValueError("Jacobian is singular.")

    return s + delta_s, t + delta_t


class NewtonSimpleRoot:  # pylint: disable=too-few-public-methods

    def __init__(self, nodes1, first_deriv1, nodes2, first_deriv2):
        self.nodes1 = nodes1
        self.first_deriv1 = first_deriv1
        self.nodes2 = nodes2
        self.first_deriv2 = first_deriv2

    def __call__(self, s, t):
        s_vals = np.asfortranarray([s])
        b1_s = curve_helpers.evaluate_multi(self.nodes1, s_vals)
        t_vals = np.asfortranarray([t])
        b2_t = curve_helpers.evaluate_multi(self.nodes2, t_vals)
        func_val = b1_s - b2_t
        if np.all(func_val == 0.0):
            return None, func_val

        else:
            jacobian = np.empty((2, 2), order="F")
            jacobian[:, :1] = curve_helpers.evaluate_multi(
                self.first_deriv1, s_vals
            )
            jacobian[:, 1:] = -curve_helpers.evaluate_multi(
                self.first_deriv2, t_vals
            )
            return jacobian, func_val


class NewtonDoubleRoot:  # pylint: disable=too-few-public-methods

    def __init__(
        self,
        nodes1,
        first_deriv1,
        second_deriv1,
        nodes2,
        first_deriv2,
        second_deriv2,
    ):
        self.nodes1 = nodes1
        self.first_deriv1 = first_deriv1
        self.second_deriv1 = second_deriv1
        self.nodes2 = nodes2
        self.first_deriv2 = first_deriv2
        self.second_deriv2 = second_deriv2

    def __call__(self, s, t):
        s_vals = np.asfortranarray([s])
        b1_s = curve_helpers.evaluate_multi(self.nodes1, s_vals)
        b1_ds = curve_helpers.evaluate_multi(self.first_deriv1, s_vals)
        t_vals = np.asfortranarray([t])
        b2_t = curve_helpers.evaluate_multi(self.nodes2, t_vals)
        b2_dt = curve_helpers.evaluate_multi(self.first_deriv2, t_vals)
        func_val = np.empty((3, 1), order="F")
        func_val[:2, :] = b1_s - b2_t
        func_val[2, :] = _py_helpers.cross_product(b1_ds[:, 0], b2_dt[:, 0])
        if np.all(func_val == 0.0):
            return None, func_val[:2, :]

        else:
            jacobian = np.empty((3, 2), order="F")
            jacobian[:2, :1] = b1_ds
            jacobian[:2, 1:] = -b2_dt
            if self.second_deriv1.size == 0:
                jacobian[2, 0] = 0.0
            else:
                jacobian[2, 0] = _py_helpers.cross_product(
                    curve_helpers.evaluate_multi(self.second_deriv1, s_vals)[
                        :, 0
                    ],
                    b2_dt[:, 0],
                )
            if self.second_deriv2.size == 0:
                jacobian[2, 1] = 0.0
            else:
                jacobian[2, 1] = _py_helpers.cross_product(
                    b1_ds[:, 0],
                    curve_helpers.evaluate_multi(self.second_deriv2, t_vals)[
                        :, 0
                    ],
                )
            modified_lhs = _py_helpers.matrix_product(jacobian.T, jacobian)
            modified_rhs = _py_helpers.matrix_product(jacobian.T, func_val)
            return modified_lhs, modified_rhs


def newton_iterate(evaluate_fn, s, t):
    # Several quantities will be tracked throughout the iteration:
    # * norm_update_prev: ||p{n}   - p{n-1}|| = ||dp{n-1}||
    # * norm_update     : ||p{n+1} - p{n}  || = ||dp{n}  ||
    # * linear_updates  : This is a count on the number of times that
    #                     ``dp{n}`` "looks like" ``dp{n-1}`` (i.e.
    #                     is within a constant factor of it).
    norm_update_prev = None
    norm_update = None
    linear_updates = 0  # Track the number of "linear" updates.
    current_s = s
    current_t = t
    for index in range(MAX_NEWTON_ITERATIONS):
        jacobian, func_val = evaluate_fn(current_s, current_t)
        if jacobian is None:
            return True, current_s, current_t

        singular, delta_s, delta_t = _py_helpers.solve2x2(
            jacobian, func_val[:, 0]
        )
        if singular:
            break

        norm_update_prev = norm_update
        norm_update = np.linalg.norm([delta_s, delta_t], ord=2)
        # If ||p{n} - p{n-1}|| > 0.25 ||p{n-1} - p{n-2}||, then that means
        # our convergence is acting linear at the current step.
        if index > 0 and norm_update > 0.25 * norm_update_prev:
            linear_updates += 1
        # If ``>=2/3`` of the updates have been linear, we are near a
        # non-simple root. (Make sure at least 5 updates have occurred.)
        if index >= 4 and 3 * linear_updates >= 2 * index:
            break

        # Determine the norm of the "old" solution before updating.
        norm_soln = np.linalg.norm([current_s, current_t], ord=2)
        current_s -= delta_s
        current_t -= delta_t
        if norm_update < NEWTON_ERROR_RATIO * norm_soln:
            return True, current_s, current_t

    return False, current_s, current_t


def full_newton_nonzero(s, nodes1, t, nodes2):
    # NOTE: We somewhat replicate code in ``evaluate_hodograph()``
    #       here. This is so we don't re-compute the nodes for the first
    #       (and possibly second) derivatives every time they are evaluated.
    _, num_nodes1 = np.shape(nodes1)
    first_deriv1 = (num_nodes1 - 1) * (nodes1[:, 1:] - nodes1[:, :-1])
    _, num_nodes2 = np.shape(nodes2)
    first_deriv2 = (num_nodes2 - 1) * (nodes2[:, 1:] - nodes2[:, :-1])
    evaluate_fn = NewtonSimpleRoot(nodes1, first_deriv1, nodes2, first_deriv2)
    converged, current_s, current_t = newton_iterate(evaluate_fn, s, t)
    if converged:
        return current_s, current_t

    # If Newton's method did not converge, then assume the root is not simple.
    second_deriv1 = (num_nodes1 - 2) * (
        first_deriv1[:, 1:] - first_deriv1[:, :-1]
    )
    second_deriv2 = (num_nodes2 - 2) * (
        first_deriv2[:, 1:] - first_deriv2[:, :-1]
    )
    evaluate_fn = NewtonDoubleRoot(
        nodes1,
        first_deriv1,
        second_deriv1,
        nodes2,
        first_deriv2,
        second_deriv2,
    )
    converged, current_s, current_t = newton_iterate(
        evaluate_fn, current_s, current_t
    )
    if converged:
        return current_s, current_t

    raise NotImplementedError(NEWTON_NO_CONVERGE)


def full_newton(s, nodes1, t, nodes2):
    if s < ZERO_THRESHOLD:
        reversed1 = np.asfortranarray(nodes1[:, ::-1])
        if t < ZERO_THRESHOLD:
            reversed2 = np.asfortranarray(nodes2[:, ::-1])
            refined_s, refined_t = full_newton_nonzero(
                1.0 - s, reversed1, 1.0 - t, reversed2
            )
            return 1.0 - refined_s, 1.0 - refined_t

        else:
            refined_s, refined_t = full_newton_nonzero(
                1.0 - s, reversed1, t, nodes2
            )
            return 1.0 - refined_s, refined_t

    else:
        if t < ZERO_THRESHOLD:
            reversed2 = np.asfortranarray(nodes2[:, ::-1])
            refined_s, refined_t = full_newton_nonzero(
                s, nodes1, 1.0 - t, reversed2
            )
            return refined_s, 1.0 - refined_t

        else:
            return full_newton_nonzero(s, nodes1, t, nodes2)


# --- src/python/bezier/hazmat/clipping.py ---

NO_PARALLEL = "Parallel lines not supported during clipping."
DEFAULT_S_MIN = 1.0
DEFAULT_S_MAX = 0.0


def compute_implicit_line(nodes):
    delta = nodes[:, -1] - nodes[:, 0]
    # Rotate 90 degrees to the "left".
    coeff_a = -delta[1]
    coeff_b = delta[0]
    # c = - ax - by = delta[1] x - delta[0] y
    coeff_c = delta[1] * nodes[0, 0] - delta[0] * nodes[1, 0]
    return coeff_a, coeff_b, coeff_c


def compute_fat_line(nodes):
    coeff_a, coeff_b, coeff_c = compute_implicit_line(nodes)
    # NOTE: This assumes, but does not check, that there are two rows.
    _, num_nodes = nodes.shape
    d_min = 0.0
    d_max = 0.0
    for index in range(1, num_nodes - 1):  # Only interior nodes.
        curr_dist = (
            coeff_a * nodes[0, index] + coeff_b * nodes[1, index] + coeff_c
        )
        if curr_dist < d_min:
            d_min = curr_dist
        elif curr_dist > d_max:
            d_max = curr_dist
    return coeff_a, coeff_b, coeff_c, d_min, d_max


def _update_parameters(s_min, s_max, start0, end0, start1, end1):
    s, t, success = geometric_intersection.segment_intersection(
        start0, end0, start1, end1
    )

    if not success:
        raise NotImplementedError(NO_PARALLEL)

    # NOTE: We can only **widen** the interval with a real intersection.
    #       I.e. we can push the minimum to the left or the maximum to the
    #       right.

    if _helpers.in_interval(t, 0.0, 1.0):
        if _helpers.in_interval(s, 0.0, s_min):
            s_min = s

        if _helpers.in_interval(s, s_max, 1.0):
            s_max = s

    return s_min, s_max


def _clip_range_polynomial(nodes, coeff_a, coeff_b, coeff_c):
    _, num_nodes = nodes.shape
    polynomial = np.empty((2, num_nodes), order="F")
    for index in range(num_nodes):
        polynomial[0, index] = index
        polynomial[1, index] = (
            coeff_a * nodes[0, index] + coeff_b * nodes[1, index] + coeff_c
        )

    return num_nodes - 1, polynomial


def clip_range(nodes1, nodes2):
    # NOTE: There is no corresponding "pylint: enable", but the disable only
    #       applies in this lexical scope.
    # pylint: disable=too-many-locals
    coeff_a, coeff_b, coeff_c, d_min, d_max = compute_fat_line(nodes1)
    degree2, polynomial = _clip_range_polynomial(
        nodes2, coeff_a, coeff_b, coeff_c
    )
    # Define segments for the top and the bottom of the region
    # bounded by the fat line.
    start_bottom = np.asfortranarray([0.0, d_min])
    end_bottom = np.asfortranarray([degree2, d_min])
    start_top = np.asfortranarray([0.0, d_max])
    end_top = np.asfortranarray([degree2, d_max])

    s_min = DEFAULT_S_MIN
    s_max = DEFAULT_S_MAX
    # NOTE: We avoid computing the convex hull of ``d(t)`` / ``polynomial`` and
    #       just compute where all segments connecting two control points
    #       intersect the fat lines. In order to account for intersections
    #       at ``t = 0`` or ``t = 1``, we just check the height of ``d(t)``.
    if d_min <= polynomial[1, 0] <= d_max:
        s_min = 0.0  # NOT YET
    if d_min <= polynomial[1, degree2] <= d_max:
        s_max = 1.0  # NOT YET
    for start_index in range(degree2):
        for end_index in range(start_index + 1, degree2 + 1):
            s_min, s_max = _update_parameters(
                s_min,
                s_max,
                start_bottom,
                end_bottom,
                polynomial[:, start_index],
                polynomial[:, end_index],
            )
            s_min, s_max = _update_parameters(
                s_min,
                s_max,
                start_top,
                end_top,
                polynomial[:, start_index],
                polynomial[:, end_index],
            )
    return s_min, s_max


# --- src/python/bezier/hazmat/triangle_helpers.py ---

# Hardcoded "line integral" helpers for ``shoelace_for_area()``.
SHOELACE_LINEAR = ((1, 0, 1),)
SHOELACE_QUADRATIC = ((2, 0, 1), (1, 0, 2), (2, 1, 2))
SHOELACE_CUBIC = (
    (6, 0, 1),
    (3, 0, 2),
    (1, 0, 3),
    (3, 1, 2),
    (3, 1, 3),
    (6, 2, 3),
)
SHOELACE_QUARTIC = (
    (20, 0, 1),
    (10, 0, 2),
    (4, 0, 3),
    (1, 0, 4),
    (8, 1, 2),
    (8, 1, 3),
    (4, 1, 4),
    (8, 2, 3),
    (10, 2, 4),
    (20, 3, 4),
)


def two_by_two_det(mat):
    return mat[0, 0] * mat[1, 1] - mat[0, 1] * mat[1, 0]


# (renamed: `de_casteljau_one_round` upstream)
def triangle_de_casteljau_one_round(nodes, degree, lambda1, lambda2, lambda3):
    dimension, num_nodes = nodes.shape
    num_new_nodes = num_nodes - degree - 1
    new_nodes = np.empty((dimension, num_new_nodes), order="F")
    index = 0
    # parent_i1 = index + k
    # parent_i2 = index + k + 1
    # parent_i3 = index + degree + 1
    parent_i1 = 0
    parent_i2 = 1
    parent_i3 = degree + 1
    for k in range(degree):
        for unused_j in range(degree - k):
            # NOTE: i = (degree - 1) - j - k
            new_nodes[:, index] = (
                lambda1 * nodes[:, parent_i1]
                + lambda2 * nodes[:, parent_i2]
                + lambda3 * nodes[:, parent_i3]
            )
            # Update all the indices.
            parent_i1 += 1
            parent_i2 += 1
            parent_i3 += 1
            index += 1
        # Update the indices that depend on k.
        parent_i1 += 1
        parent_i2 += 1
    return new_nodes


def jacobian_s(nodes, degree, dimension):
    num_nodes = (degree * (degree + 1)) // 2
    result = np.empty((dimension, num_nodes), order="F")
    index = 0
    i = 0
    for num_vals in range(degree, 0, -1):
        for _ in range(num_vals):
            result[:, index] = nodes[:, i + 1] - nodes[:, i]
            # Update the indices
            index += 1
            i += 1
        # In between each row, the index gains an extra value.
        i += 1
    return float(degree) * result


def jacobian_t(nodes, degree, dimension):
    num_nodes = (degree * (degree + 1)) // 2
    result = np.empty((dimension, num_nodes), order="F")
    index = 0
    i = 0
    j = degree + 1
    for num_vals in range(degree, 0, -1):
        for _ in range(num_vals):
            result[:, index] = nodes[:, j] - nodes[:, i]
            # Update the indices
            index += 1
            i += 1
            j += 1
        # In between each row, the index gains an extra value.
        i += 1
    return float(degree) * result


def jacobian_both(nodes, degree, dimension):
    _, num_nodes = nodes.shape
    result = np.empty((2 * dimension, num_nodes - degree - 1), order="F")
    result[:dimension, :] = jacobian_s(nodes, degree, dimension)
    result[dimension:, :] = jacobian_t(nodes, degree, dimension)
    return result


def evaluate_barycentric(nodes, degree, lambda1, lambda2, lambda3):
    dimension, num_nodes = nodes.shape
    binom_val = 1.0
    result = np.zeros((dimension, 1), order="F")
    index = num_nodes - 1
    result[:, 0] += nodes[:, index]
    # curve evaluate_multi_barycentric() takes arrays.
    lambda1 = np.asfortranarray([lambda1])
    lambda2 = np.asfortranarray([lambda2])
    for k in range(degree - 1, -1, -1):
        # We want to go from (d C (k + 1)) to (d C k).
        binom_val = (binom_val * (k + 1)) / (degree - k)
        index -= 1  # Step to last element in column.
        #     k = d - 1, d - 2, ...
        # d - k =     1,     2, ...
        # We know column k has (d - k + 1) elements.
        new_index = index - degree + k  # First element in column.
        col_nodes = nodes[:, new_index : index + 1]  # noqa: E203
        col_nodes = np.asfortranarray(col_nodes)
        col_result = curve_helpers.evaluate_multi_barycentric(
            col_nodes, lambda1, lambda2
        )
        result *= lambda3
        result += binom_val * col_result
        # Update index for next iteration.
        index = new_index
    return result


def evaluate_barycentric_multi(nodes, degree, param_vals, dimension):
    num_vals, _ = param_vals.shape
    result = np.empty((dimension, num_vals), order="F")
    for index, (lambda1, lambda2, lambda3) in enumerate(param_vals):
        result[:, index] = evaluate_barycentric(
            nodes, degree, lambda1, lambda2, lambda3
        )[:, 0]
    return result


def evaluate_cartesian_multi(nodes, degree, param_vals, dimension):
    num_vals, _ = param_vals.shape
    result = np.empty((dimension, num_vals), order="F")
    for index, (s, t) in enumerate(param_vals):
        result[:, index] = evaluate_barycentric(
            nodes, degree, 1.0 - s - t, s, t
        )[:, 0]
    return result


def compute_edge_nodes(nodes, degree):
    dimension, _ = np.shape(nodes)
    nodes1 = np.empty((dimension, degree + 1), order="F")
    nodes2 = np.empty((dimension, degree + 1), order="F")
    nodes3 = np.empty((dimension, degree + 1), order="F")
    curr2 = degree
    curr3 = -1
    for i in range(degree + 1):
        nodes1[:, i] = nodes[:, i]
        nodes2[:, i] = nodes[:, curr2]
        nodes3[:, i] = nodes[:, curr3]
        # Update the indices.
        curr2 += degree - i
        curr3 -= i + 2
    return nodes1, nodes2, nodes3


def shoelace_for_area(nodes):
    _, num_nodes = nodes.shape
    if num_nodes == 2:
        shoelace = SHOELACE_LINEAR
        scale_factor = 2.0
    elif num_nodes == 3:
        shoelace = SHOELACE_QUADRATIC
        scale_factor = 6.0
    elif num_nodes == 4:
        shoelace = SHOELACE_CUBIC
        scale_factor = 20.0
    elif num_nodes == 5:
        shoelace = SHOELACE_QUARTIC
        scale_factor = 70.0
    else:
        raise _py_helpers.UnsupportedDegree(
            num_nodes - 1, supported=(1, 2, 3, 4)
        )

    result = 0.0
    for multiplier, index1, index2 in shoelace:
        result += multiplier * (
            nodes[0, index1] * nodes[1, index2]
            - nodes[1, index1] * nodes[0, index2]
        )

    return result / scale_factor


def compute_area(edges):
    result = 0.0
    for edge_nodes in edges:
        result += shoelace_for_area(edge_nodes)

    return result


# --- inputs ---


def _bars(rng, n=60):
    """Daily bars: a geometric random walk from 100 (1 % steps), high and low 0-2 % around it, volume 1,000-5,000."""
    close = 100.0 * np.exp(np.cumsum(rng.normal(0.0, 0.01, size=n)))
    high = close * (1.0 + rng.uniform(0.0, 0.02, size=n))
    low = close * (1.0 - rng.uniform(0.0, 0.02, size=n))
    volume = rng.uniform(1000.0, 5000.0, size=n)
    return close, high, low, volume


def _close(rng, n=60):
    return _bars(rng, n)[0]


def _chl(rng):
    close, high, low, _ = _bars(rng)
    return close, high, low


def _chlv(rng):
    return _bars(rng)


def _rising(rng, n=60):
    return 100.0 + np.cumsum(rng.uniform(0.1, 1.0, size=n))


def _warmup(rng, n=60):
    data = _close(rng, n)
    data[:5] = np.nan
    return data


def _arch(rng):
    """A quadratic arch, its height drawn."""
    return np.asfortranarray([[0.0, 0.5, 1.0], [0.0, rng.uniform(0.8, 1.2), 0.0]])


def _cubic(rng):
    base = np.array([[0.0, 1.0, 2.0, 3.0], [0.0, 2.0, -1.0, 1.0]])
    return np.asfortranarray(base + rng.uniform(-0.1, 0.1, size=base.shape))


def _degree5(rng):
    return np.asfortranarray(np.vstack([np.linspace(0.0, 5.0, 6), rng.normal(size=6)]))


def _degree59(rng):
    x = np.linspace(0.0, 1.0, 60)
    nodes = np.asfortranarray(np.vstack([x, np.sin(2 * np.pi * x) + 0.01 * rng.normal(size=60)]))
    s_vals = np.asfortranarray(np.linspace(0.0, 1.0, 9))
    return nodes, 1.0 - s_vals, s_vals


def _hexagon(center, radius=1.0):
    angles = np.arange(6) * np.pi / 3
    return np.asfortranarray(center[:, None] + radius * np.vstack([np.cos(angles), np.sin(angles)]))


def _hexagons(rng, distance):
    c1 = rng.uniform(-0.1, 0.1, size=2)
    c2 = c1 + np.array([distance, rng.uniform(-0.1, 0.1)])
    return _hexagon(c1), _hexagon(c2)


def _curvature(rng):
    nodes = _cubic(rng)
    s = np.float64(rng.uniform(0.2, 0.8))
    return nodes, evaluate_hodograph(s, nodes), s


def _newton_point(rng):
    nodes = _cubic(rng)
    s = rng.uniform(0.3, 0.7)
    return nodes, evaluate_multi(nodes, np.asfortranarray([s])), np.float64(s + 0.01)


def _on_curve(rng):
    nodes = _cubic(rng)
    return nodes, evaluate_multi(nodes, np.asfortranarray([rng.uniform(0.3, 0.7)]))


def _circle_path(rng):
    angles = np.linspace(0.0, 2 * np.pi * 7 / 8, 8) + rng.uniform(-0.05, 0.05, size=8)
    return (np.asfortranarray(np.vstack([np.cos(angles), np.sin(angles)])),)


def _collinear(rng):
    m = float(rng.integers(1, 5))
    return (np.array([0.0, 0.0]), np.array([4.0, 2.0]) * m, np.array([2.0, 1.0]) * m, np.array([6.0, 3.0]) * m)


def _crossing_lines(rng):
    line1 = np.asfortranarray([[0.0, 1.0], [0.0, 1.0]]) + rng.uniform(-0.05, 0.05, size=(2, 2))
    line2 = np.asfortranarray([[0.0, 1.0], [1.0, 0.0]]) + rng.uniform(-0.05, 0.05, size=(2, 2))
    return np.asfortranarray(line1), np.asfortranarray(line2)


def _arch_and_line(rng, level=0.25, offset=0.01):
    """The arch ``y = 2 h s (1 - s)`` and the line ``y = level``: they cross at ``s = t = (1 - sqrt(1 - 2 level / h)) / 2``,
    Newton started ``offset`` away."""
    nodes1 = _arch(rng)
    h = nodes1[1, 1]
    root = (1.0 - np.sqrt(1.0 - 2.0 * level / h)) / 2.0
    nodes2 = np.asfortranarray([[0.0, 1.0], [level, level]])
    return np.float64(root + offset), nodes1, np.float64(root - offset), nodes2


def _clip(rng):
    nodes2 = np.asfortranarray(np.array([[0.0, 1.0 / 3, 2.0 / 3, 1.0], [0.1, 0.9, -0.3, 0.5]])
                               + rng.uniform(-0.05, 0.05, size=(2, 4)))
    return _arch(rng), nodes2


def _patch(rng):
    """A quadratic triangle on the unit triangle (6 nodes), jittered."""
    base = np.array([[0.0, 0.5, 1.0, 0.0, 0.5, 0.0], [0.0, 0.0, 0.0, 0.5, 0.5, 1.0]])
    return np.asfortranarray(base + rng.uniform(-0.05, 0.05, size=base.shape))


def _barycentric(rng):
    lam = rng.dirichlet(np.ones(3))
    return _patch(rng), 2, np.float64(lam[0]), np.float64(lam[1]), np.float64(lam[2])


CASES = [
    # pyti
    case(simple_moving_average, lambda rng: (_close(rng), 10), PT("simple_moving_average.py", "simple_moving_average", "period=10")),
    case(exponential_moving_average, lambda rng: (_close(rng), 10), PT("exponential_moving_average.py", "exponential_moving_average", "period=10")),
    case(exponential_moving_average, lambda rng: (_warmup(rng), 10), PT("exponential_moving_average.py", "exponential_moving_average", "5 leading NaNs: first_computable_index"), name="pyti_bezier.exponential_moving_average_warmup"),
    case(smoothed_moving_average, lambda rng: (_close(rng), 14), PT("smoothed_moving_average.py", "smoothed_moving_average", "period=14")),
    case(true_range, _chl, PT("true_range.py", "true_range")),
    case(relative_strength_index, lambda rng: (_close(rng), 14), PT("relative_strength_index.py", "relative_strength_index", "period=14")),
    case(relative_strength_index, lambda rng: (_rising(rng), 14), PT("relative_strength_index.py", "relative_strength_index", "a strictly rising close: avg_loss == 0, rsi.append(100)"), name="pyti_bezier.relative_strength_index_rising"),
    case(accumulation_distribution, lambda rng: _chl(rng) + (rng.integers(1000, 5000, size=60),), PT("accumulation_distribution.py", "accumulation_distribution", "int64 volume")),
    case(aroon_up, lambda rng: (_close(rng), 25), PT("aroon.py", "aroon_up", "period=25: list(reversed(...)).index(np.max(...))")),
    case(upper_bollinger_band, lambda rng: (_close(rng), 20), PT("bollinger_bands.py", "upper_bollinger_band", "period=20")),
    case(percent_b, lambda rng: (_close(rng), 20), PT("bollinger_bands.py", "percent_b", "period=20")),
    case(chaikin_money_flow, lambda rng: _chlv(rng) + (20,), PT("chaikin_money_flow.py", "chaikin_money_flow", "period=20")),
    case(chande_momentum_oscillator, lambda rng: (_close(rng), 10), PT("chande_momentum_oscillator.py", "chande_momentum_oscillator", "period=10")),
    case(commodity_channel_index, lambda rng: _chl(rng) + (20,), PT("commodity_channel_index.py", "commodity_channel_index", "period=20")),
    case(detrended_price_oscillator, lambda rng: (_close(rng), 20), PT("detrended_price_oscillator.py", "detrended_price_oscillator", "period=20")),
    case(positive_directional_movement, lambda rng: _chl(rng)[1:], PT("directional_indicators.py", "positive_directional_movement")),
    case(average_directional_index, lambda rng: _chl(rng) + (14,), PT("directional_indicators.py", "average_directional_index", "period=14")),
    case(double_smoothed_stochastic, lambda rng: (_close(rng), 5), PT("double_smoothed_stochastic.py", "double_smoothed_stochastic", "period=5")),
    case(hull_moving_average, lambda rng: (_close(rng), 16), PT("hull_moving_average.py", "hull_moving_average", "period=16")),
    case(senkou_b, lambda rng: (_close(rng, 80),), PT("ichimoku_cloud.py", "senkou_b", "80 days, period=52")),
    case(upper_band, lambda rng: _chl(rng) + (20,), PT("keltner_bands.py", "upper_band", "period=20")),
    case(money_flow_index, lambda rng: _chlv(rng) + (14,), PT("money_flow_index.py", "money_flow_index", "period=14")),
    case(moving_average_convergence_divergence, lambda rng: (_close(rng), 12, 26), PT("moving_average_convergence_divergence.py", "moving_average_convergence_divergence", "12, 26")),
    case(on_balance_volume, lambda rng: (np.round(_close(rng)), rng.uniform(1000.0, 5000.0, size=60)), PT("on_balance_volume.py", "on_balance_volume", "close rounded to whole dollars: the == branch")),
    case(volatility, lambda rng: (_close(rng), 20), PT("volatility.py", "volatility", "period=20")),
    case(percent_d, lambda rng: (_close(rng), 14), PT("stochastic.py", "percent_d", "period=14")),
    case(stochrsi, lambda rng: (_close(rng), 14), PT("stochrsi.py", "stochrsi", "period=14")),
    case(triple_exponential_moving_average, lambda rng: (_close(rng), 5), PT("triple_exponential_moving_average.py", "triple_exponential_moving_average", "period=5")),
    case(ultimate_oscillator, _chl, PT("ultimate_oscillator.py", "ultimate_oscillator", "7, 14 and 28 days")),
    case(vertical_horizontal_filter, lambda rng: (_close(rng), 28), PT("vertical_horizontal_filter.py", "vertical_horizontal_filter", "period=28")),
    case(volume_adjusted_moving_average, lambda rng: (_close(rng), rng.uniform(1000.0, 5000.0, size=60), 14), PT("volume_adjusted_moving_average.py", "volume_adjusted_moving_average", "period=14")),
    case(positive_volume_index, lambda rng: _bars(rng)[::3], PT("volume_index.py", "positive_volume_index")),
    case(williams_percent_r, lambda rng: _chl(rng) + (14,), PT("williams_percent_r.py", "williams_percent_r", "period=14")),
    # bezier: helpers.py
    case(vector_close, lambda rng: (lambda v: (v, v + 1e-14 * rng.normal(size=2)))(rng.normal(size=2)), BZ("helpers.py", "vector_close", "two vectors 1e-14 apart")),
    case(vector_close, lambda rng: (np.zeros(2), 1e-13 * rng.normal(size=2)), BZ("helpers.py", "vector_close", "the zero vector: if size1 == 0"), name="pyti_bezier.vector_close_zero"),
    case(contains_nd, lambda rng: (_cubic(rng), np.array([5.0, 0.5]) + rng.uniform(-0.1, 0.1, size=2)), BZ("helpers.py", "contains_nd", "a point right of the box: the second return False")),
    case(wiggle_interval, lambda rng: (np.float64(rng.uniform(0.2, 0.8)),), BZ("helpers.py", "wiggle_interval", "inside: value, True")),
    case(wiggle_interval, lambda rng: (np.float64(rng.uniform(1.2, 1.5)),), BZ("helpers.py", "wiggle_interval", "outside: np.nan, False"), name="pyti_bezier.wiggle_interval_outside"),
    case(simple_convex_hull, lambda rng: (np.asfortranarray(rng.normal(size=(2, 12))),), BZ("helpers.py", "simple_convex_hull", "12 normal points")),
    case(polygon_collide, lambda rng: _hexagons(rng, 1.5), BZ("helpers.py", "polygon_collide", "two unit hexagons 1.5 apart")),
    case(polygon_collide, lambda rng: _hexagons(rng, 2.5), BZ("helpers.py", "polygon_collide", "two unit hexagons 2.5 apart: a separating axis"), name="pyti_bezier.polygon_collide_separated"),
    case(solve2x2, lambda rng: (np.array([[1.0, 2.0], [3.0, 4.0]]) + rng.uniform(-0.1, 0.1, size=(2, 2)), rng.normal(size=2)), BZ("helpers.py", "solve2x2", "|C| > |A|: the first pivot")),
    case(solve2x2, lambda rng: (np.array([[0.0, rng.uniform(1, 2)], [0.0, rng.uniform(1, 2)]]), rng.normal(size=2)), BZ("helpers.py", "solve2x2", "a zero first column: return True, None, None"), name="pyti_bezier.solve2x2_singular"),
    # bezier: curve_helpers.py
    case(subdivide_nodes, lambda rng: (_arch(rng),), BZ("curve_helpers.py", "subdivide_nodes", "a quadratic: the constant matrices")),
    case(subdivide_nodes, lambda rng: (_degree5(rng),), BZ("curve_helpers.py", "subdivide_nodes", "degree 5: make_subdivision_matrices"), name="pyti_bezier.subdivide_nodes_degree5"),
    case(evaluate_multi, lambda rng: (_cubic(rng), np.asfortranarray(np.sort(rng.uniform(0.0, 1.0, size=16)))), BZ("curve_helpers.py", "evaluate_multi", "a cubic at 16 parameters (the VS algorithm)")),
    case(evaluate_multi_barycentric, _degree59, BZ("curve_helpers.py", "evaluate_multi_barycentric", "degree 59 (60 nodes > 55): evaluate_multi_de_casteljau")),
    case(compute_length, lambda rng: (_cubic(rng),), BZ("curve_helpers.py", "compute_length", "a cubic: scipy.integrate.quad of functools.partial(vec_size, ...)")),
    case(elevate_nodes, lambda rng: (_cubic(rng),), BZ("curve_helpers.py", "elevate_nodes")),
    case(specialize_curve, lambda rng: (_cubic(rng), np.float64(rng.uniform(0.1, 0.4)), np.float64(rng.uniform(0.6, 0.9))), BZ("curve_helpers.py", "specialize_curve", "a cubic on [start, end]")),
    case(get_curvature, _curvature, BZ("curve_helpers.py", "get_curvature", "a cubic; the tangent from evaluate_hodograph")),
    case(newton_refine, _newton_point, BZ("curve_helpers.py", "newton_refine", "a point on a cubic, started 0.01 away")),
    case(locate_point, _on_curve, BZ("curve_helpers.py", "locate_point", "a point on the cubic: 21 rounds of subdivision")),
    case(locate_point, lambda rng: (_cubic(rng), np.asfortranarray([[1.5], [rng.uniform(4.0, 5.0)]])), BZ("curve_helpers.py", "locate_point", "a point above the curve: return None"), name="pyti_bezier.locate_point_off_curve"),
    case(maybe_reduce, lambda rng: (elevate_nodes(_arch(rng)),), BZ("curve_helpers.py", "maybe_reduce", "an elevated quadratic: reduced")),
    case(full_reduce, lambda rng: (elevate_nodes(elevate_nodes(_arch(rng))),), BZ("curve_helpers.py", "full_reduce", "a quadratic elevated twice: while was_reduced")),
    case(discrete_turning_angle, _circle_path, BZ("curve_helpers.py", "discrete_turning_angle", "8 nodes around a circle: the angle > pi / < -pi branches")),
    # bezier: geometric_intersection.py
    case(bbox_intersect, lambda rng: (lambda a: (a, np.asfortranarray(a + np.array([[3.0], [0.0]]))))(_arch(rng)), BZ("geometric_intersection.py", "bbox_intersect", "disjoint boxes")),
    case(linearization_error, lambda rng: (_cubic(rng),), BZ("geometric_intersection.py", "linearization_error")),
    case(parallel_lines_parameters, _collinear, BZ("geometric_intersection.py", "parallel_lines_parameters", "overlapping collinear segments (exact small-integer coordinates)")),
    case(line_line_collide, _crossing_lines, BZ("geometric_intersection.py", "line_line_collide", "two crossing lines")),
    case(convex_hull_collide, lambda rng: (_arch(rng), _cubic(rng) / 3.0), BZ("geometric_intersection.py", "convex_hull_collide")),
    # bezier: intersection_helpers.py
    case(intersection_newton_refine, _arch_and_line, BZ("intersection_helpers.py", "newton_refine", "the arch and a line at height 0.25")),
    case(full_newton, _arch_and_line, BZ("intersection_helpers.py", "full_newton", "newton_iterate on NewtonSimpleRoot")),
    case(full_newton, lambda rng: _arch_and_line(rng, 0.001, 1e-4), BZ("intersection_helpers.py", "full_newton", "a line at height 0.001: both curves reversed (s, t < ZERO_THRESHOLD)"), name="pyti_bezier.full_newton_near_zero"),
    # bezier: clipping.py
    case(clip_range, _clip, BZ("clipping.py", "clip_range", "the arch's fat line against a cubic")),
    # bezier: triangle_helpers.py
    case(jacobian_both, lambda rng: (_patch(rng), 2, 2), BZ("triangle_helpers.py", "jacobian_both", "a quadratic patch")),
    case(evaluate_cartesian_multi, lambda rng: (_patch(rng), 2, rng.uniform(0.0, 0.5, size=(8, 2)), 2), BZ("triangle_helpers.py", "evaluate_cartesian_multi", "8 (s, t) points")),
    case(compute_edge_nodes, lambda rng: (_patch(rng), 2), BZ("triangle_helpers.py", "compute_edge_nodes")),
    case(compute_area, lambda rng: (compute_edge_nodes(_patch(rng), 2),), BZ("triangle_helpers.py", "compute_area", "the three edges of compute_edge_nodes")),
    case(triangle_de_casteljau_one_round, _barycentric, BZ("triangle_helpers.py", "de_casteljau_one_round", "barycentric weights from a Dirichlet draw")),
]
