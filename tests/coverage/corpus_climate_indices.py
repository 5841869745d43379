"""Climate indices from climate_indices (monocongo/climate_indices, BSD-3-Clause): drought and evapotranspiration
indices. palmer.py, the Palmer Drought Severity Index translated from NCEI's Fortran ``pdi.f``: ``_calc_potential_loss``
and ``_calc_recharge`` (nested ``if`` / ``else`` on the month's precipitation, evapotranspiration and soil water, builtin
``min`` / ``max``), ``_calc_alpha`` ... ``_calc_delta`` (loops over twelve sums with ``if`` / ``elif`` on zero),
``_calc_water_balances`` (a double loop over years and months writing a dict of arrays, sums under a chained comparison
of the year), ``_calc_kfactors``, ``_case``, and the state machine of ``_calc_zindex`` (``continue`` in every branch) with
its ``_statement_170`` ... ``_statement_220`` and ``_assign`` (a counter ``data["k8"]`` bumped under value branches and
used as an index and a loop bound, a backtracking ``for`` over it, ``int(data["indexj"][idx])``, ``np.append`` to grow
the buffers), ``_finish_up``, ``_initialize_data`` and ``pdsi`` (``try`` / ``except`` re-raising, an early return for
all-NaN input, ``np.clip`` under ``if np.amin(precips) < 0.0``); eto.py: ``_sunset_hour_angle`` (chained-comparison
checks raising, ``math.tan`` / ``math.acos``), ``_solar_declination``, ``_daylight_hours``, ``_monthly_mean_daylight_hours``
(a loop over the days of each month), ``eto_thornthwaite`` (``calendar.isleap`` per year, a masked write) and
``eto_hargreaves`` (f-string warnings under ``if`` on counts, a loop over 366 days and the years); pm_eto.py's FAO-56
helpers; lmoments.py: ``fit``, ``_estimate_pearson3_parameters`` (branches on the L-skewness, ``math.lgamma``) and
``_estimate_lmoments`` (a loop whose bound is the count of non-NaN values); utils.py: ``count_zeros_and_non_missings``,
``get_tolerance``, ``sign_change``, ``is_data_valid``, ``rmse``, ``reshape_to_2d`` (NaN padding), ``gregorian_length_as_366day``
(a ``while``), ``transform_to_366day`` / ``transform_to_gregorian`` (slices per year, a faux 29 February); compute.py:
``sum_to_scale`` (``np.convolve``, ``np.hstack`` of a list of NaNs), ``_probability_of_zero``, ``_validate_array``,
``calculate_time_step_params`` and ``pearson_parameters`` (custom exceptions caught per time step), ``_pearson_fit``
(``scipy.stats.pearson3.cdf``, masked writes), ``gamma_parameters`` / ``transform_fitted_gamma`` (``scipy.stats.gamma``,
``scipy.stats.kstest`` of a lambda, ``warnings.warn`` of custom warnings), ``scale_values``, ``_replace_zeros_with_nan``,
``DistributionFallbackStrategy``; indices.py: ``_hastings_inverse_normal``, ``percentage_of_normal`` (a loop over every
time step with ``if divisor > 0.0``), ``pet`` and ``pci`` (builtin ``sum`` of slices, month boundaries in a list).

Copied from monocongo/climate_indices at 58ca46aa6f71d81482b8ffe5501337a3a9efc065 (LICENSE: the BSD 3-clause licence,
"Copyright 2017, James Adams"), src/climate_indices/palmer.py, eto.py, pm_eto.py, lmoments.py, utils.py, compute.py,
indices.py, and the classes of exceptions.py and the functions of performance.py they use, with the module constants
those functions read. Bodies are as written, comments kept, docstrings dropped.

Adapted, beyond that:

* the modules' ``_logger`` is a structlog ``BoundLogger`` (``logging_config.get_logger``; structlog is not installed
  here; lmoments.py's is a standard ``logging.Logger``): a quiet stand-in, ``_QuietLogger``, takes the same calls
  (``bind``, ``debug``, ``info``, ``warning``, ``error``) and does nothing, as a logger does below its level; ``get_logger``
  returns one;
* ``from climate_indices import utils`` (and ``lmoments``, ``compute``, ``eto``) becomes a ``types.SimpleNamespace`` of
  the functions copied here, so the bodies' ``utils.reshape_to_2d(...)`` stand as written;
* performance.py's ``check_large_array_memory`` is copied as written (the cases' arrays are far below its 1 GiB
  threshold: it returns ``None`` without importing psutil);
* wrappers run ``pdsi``'s stages in its order on a dict made by ``_initialize_data`` and return the arrays a stage
  writes (``palmer_*``), or build the small dict a ``_calc_*`` function reads; each is a few lines.

Not taken: ``spi``, ``spei`` and ``eddi`` (their ``@beta`` / deprecation decorators and ``numpy.apply_along_axis``
drivers), the xarray adapter, the typed public API, the self-calibrating PDSI, ``__main__`` / ``__spi__`` (NetCDF
drivers with multiprocessing), ``utils.get_logger``, the other exception classes. Copied but run by no case:
utils.py's ``compute_days`` and ``reshape_to_divs_years_months``, pm_eto.py's ``actual_vapor_pressure_from_dewpoint``,
``_from_rhmax`` and ``_from_rhmean``.

The inputs follow the package's tests in kind (they read NetCDF fixtures): three years of monthly precipitation in
inches (gamma draws, a dry month set to zero in some cases) and a seasonal PET, an available water capacity near
5 inches, calibration over the three years from 2000, monthly temperatures for Thornthwaite, a year of daily
minimum, maximum and mean temperatures for Hargreaves, daily rainfall of 365 and 366 days, and the FAO-56 worked
examples' magnitudes for pm_eto.py.
"""

# ruff: noqa: E501, UP007, UP006, UP035, F841, B904, SIM102, C416, RUF005
from __future__ import annotations

import calendar
import math
import time
import types
import warnings
from datetime import datetime
from enum import Enum
from math import exp, lgamma, pi, sqrt
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import scipy.stats

from tests.coverage.cases import CLIMATE_INDICES, Source, case


def CI(path: str, original: str, note: str = "") -> Source:
    return Source(CLIMATE_INDICES, "src/climate_indices/" + path, original, note)


class _QuietLogger:
    """Stands in for structlog's BoundLogger (module docstring): takes the calls, logs nothing."""

    def bind(self, **kwargs):
        return self

    def debug(self, *args, **kwargs):
        pass

    info = warning = error = debug


def get_logger(name=None):
    return _QuietLogger()


_logger = get_logger(__name__)


# --- exceptions.py ----------------------------------------------------------------------------------------------------
class ClimateIndicesError(Exception):

    pass


class DistributionFittingError(ClimateIndicesError):

    def __init__(
        self,
        message: str,
        *,
        distribution_name: str | None = None,
        input_shape: tuple[int, ...] | None = None,
        parameters: dict[str, str] | None = None,
        suggestion: str | None = None,
        underlying_error: Exception | None = None,
    ) -> None:
        super().__init__(message)
        self.distribution_name = distribution_name
        self.input_shape = input_shape
        self.parameters = parameters
        self.suggestion = suggestion
        self.underlying_error = underlying_error


class InsufficientDataError(DistributionFittingError):

    def __init__(
        self,
        message: str,
        non_zero_count: int | None = None,
        required_count: int | None = None,
    ) -> None:
        super().__init__(message)
        self.non_zero_count = non_zero_count
        self.required_count = required_count


class PearsonFittingError(DistributionFittingError):

    def __init__(
        self,
        message: str,
        underlying_error: Exception | None = None,
    ) -> None:
        super().__init__(message)
        self.underlying_error = underlying_error


class InvalidArgumentError(ClimateIndicesError):

    def __init__(
        self,
        message: str,
        *,
        argument_name: str | None = None,
        argument_value: str | None = None,
        valid_values: str | None = None,
    ) -> None:
        super().__init__(message)
        self.argument_name = argument_name
        self.argument_value = argument_value
        self.valid_values = valid_values


class ClimateIndicesWarning(UserWarning):

    pass


class MissingDataWarning(ClimateIndicesWarning):

    def __init__(
        self,
        message: str,
        *,
        missing_ratio: float | None = None,
        threshold: float | None = None,
    ) -> None:
        super().__init__(message)
        self.missing_ratio = missing_ratio
        self.threshold = threshold


class ShortCalibrationWarning(ClimateIndicesWarning):

    def __init__(
        self,
        message: str,
        *,
        actual_years: int | None = None,
        required_years: int | None = None,
    ) -> None:
        super().__init__(message)
        self.actual_years = actual_years
        self.required_years = required_years


class GoodnessOfFitWarning(ClimateIndicesWarning):

    def __init__(
        self,
        message: str,
        *,
        distribution_name: str | None = None,
        p_value: float | None = None,
        threshold: float | None = None,
        poor_fit_count: int | None = None,
        total_steps: int | None = None,
    ) -> None:
        super().__init__(message)
        self.distribution_name = distribution_name
        self.p_value = p_value
        self.threshold = threshold
        self.poor_fit_count = poor_fit_count
        self.total_steps = total_steps


# --- performance.py ---------------------------------------------------------------------------------------------------
LARGE_ARRAY_THRESHOLD_BYTES = 1_073_741_824
_PSUTIL_AVAILABLE: bool | None = None

def get_process_memory_mb() -> float | None:
    global _PSUTIL_AVAILABLE

    if _PSUTIL_AVAILABLE is None:
        try:
            import psutil  # noqa: F401

            _PSUTIL_AVAILABLE = True
        except ImportError:
            _PSUTIL_AVAILABLE = False

    if not _PSUTIL_AVAILABLE:
        return None

    import psutil

    process = psutil.Process()
    memory_bytes = process.memory_info().rss
    return memory_bytes / (1024 * 1024)


def check_large_array_memory(*arrays: np.ndarray) -> dict[str, float] | None:
    total_bytes = sum(arr.nbytes for arr in arrays)

    if total_bytes <= LARGE_ARRAY_THRESHOLD_BYTES:
        return None

    metrics = {"array_memory_mb": round(total_bytes / (1024 * 1024), 2)}

    process_memory = get_process_memory_mb()
    if process_memory is not None:
        metrics["process_memory_mb"] = round(process_memory, 2)

    return metrics


# --- utils.py ---------------------------------------------------------------------------------------------------------
def compute_days(
    initial_year: int,
    total_months: int,
    initial_month: int = 1,
    units_start_year: int = 1800,
) -> np.ndarray:

    # compute an offset from which the day values should begin
    start_date = datetime(units_start_year, 1, 1)

    # initialize the list of day values we'll build
    days = np.empty(total_months, dtype=int)

    # loop over all time steps (months)
    for i in range(total_months):
        years = int((i + initial_month - 1) / 12)  # the number of years since the initial year
        months = int((i + initial_month - 1) % 12)  # the number of months since January

        # cook up a datetime object for the current time step (month)
        current_date = datetime(initial_year + years, 1 + months, 1)

        # get the number of days since the initial date
        days[i] = (current_date - start_date).days

    return days


def count_zeros_and_non_missings(
    values: np.ndarray,
) -> tuple[int, int]:

    # make sure we have a numpy array
    values = np.array(values)

    # count the number of zeros and non-missing (non-NaN) values
    zeros = values.size - np.count_nonzero(values)
    non_missings = np.count_nonzero(~np.isnan(values))

    return int(zeros), int(non_missings)


def get_tolerance(dim: np.ndarray) -> float:
    tol = np.abs(np.diff(dim)).min() / 10
    return float(max(tol, np.finfo(tol.dtype).resolution))


def sign_change(
    a: np.ndarray,
    b: np.ndarray,
) -> np.ndarray:

    if a.size != b.size:
        raise ValueError("Mismatched input arrays")

    # use the shape of the first array as the shape of the array we'll return
    original_shape = a.shape

    # get the sign value for each element
    sign_a = np.sign(a.flatten())
    sign_b = np.sign(b.flatten())

    # sign change between the two where values unequal
    sign_changes = sign_a != sign_b

    return np.reshape(sign_changes, original_shape)


def is_data_valid(
    data: np.ndarray,
) -> bool:

    # make sure we're not dealing with all NaN values
    if np.ma.isMaskedArray(data):
        # TODO fix this, there is no ndarray.count according to PyCharm's warning, use another approach for this flag
        valid_flag = bool(data.count())

    elif isinstance(data, np.ndarray):
        valid_flag = not np.all(np.isnan(data))
    else:
        _logger.warning("validation_warning", reason="invalid_data_type")  # type: ignore[unreachable]
        valid_flag = False

    return valid_flag


def rmse(
    predictions: np.ndarray,
    targets: np.ndarray,
) -> float:
    return float(np.sqrt(((predictions - targets) ** 2).mean()))


def reshape_to_2d(
    values: np.ndarray,
    second_axis_length: int,
) -> np.ndarray:

    # if we've been passed a 2-D array with valid shape then let it pass through
    shape = values.shape
    if len(shape) == 2:
        if shape[1] == second_axis_length:
            # data is already in the shape we want, return it unaltered
            return values
        else:
            message = (
                "Values array has an invalid shape (2-D but second " + f"dimension not {second_axis_length}): {shape}"
            )
            _logger.error(
                "array_reshape_error",
                operation="reshape_to_2d",
                reason="invalid_2d_shape",
                actual_shape=str(shape),
                expected_second_dim=second_axis_length,
            )
            raise ValueError(message)

    # otherwise make sure that we've been passed a flat (1-D) array of values
    elif len(shape) != 1:
        message = f"Values array has an invalid shape (not 1-D or 2-D): {shape}"
        _logger.error(
            "array_reshape_error",
            operation="reshape_to_2d",
            reason="invalid_dimensionality",
            actual_shape=str(shape),
        )
        raise ValueError(message)

    # pad the end of the original array in order
    # to have an ordinal increment, if necessary
    final_year_values = shape[0] % second_axis_length
    if final_year_values > 0:
        pads = second_axis_length - final_year_values
        values = np.pad(values, pad_width=(0, pads), mode="constant", constant_values=np.nan)

    # we should have an ordinal number of years now
    # (ordinally divisible by second_axis_length)
    first_axis_length = int(values.shape[0] / second_axis_length)

    # return the reshaped array
    result = np.reshape(values, (first_axis_length, second_axis_length))
    _logger.debug(
        "array_reshaped",
        operation="reshape_to_2d",
        input_shape=str(shape),
        output_shape=str(result.shape),
    )
    return result


def reshape_to_divs_years_months(
    monthly_values: np.ndarray,
) -> np.ndarray:

    # if we've been passed a 3-D array with valid shape then let it pass through
    shape = monthly_values.shape
    if len(shape) == 3:
        if shape[2] == 12:
            # data is already in the shape we want, return it unaltered
            return monthly_values
        else:
            message = "Values array has an invalid shape (3-D but " + "third dimension is not 12): " + str(shape)
            _logger.error(
                "array_reshape_error",
                operation="reshape_to_divs_years_months",
                reason="invalid_3d_shape",
                actual_shape=str(shape),
            )
            raise ValueError(message)

    # otherwise make sure that we've been passed in a 2-D array of values
    elif len(shape) != 2:
        message = "Values array has an invalid shape (not 2-D or 3-D): " + str(shape)
        _logger.error(
            "array_reshape_error",
            operation="reshape_to_divs_years_months",
            reason="invalid_dimensionality",
            actual_shape=str(shape),
        )
        raise ValueError(message)

    # otherwise make sure that we've been passed in a 2-D array
    # of values with the final dimension size == 12
    elif shape[1] != 12:
        message = "Values array has an invalid shape (second dimension " + "should be 12, but is not): " + str(shape)
        _logger.error(
            "array_reshape_error",
            operation="reshape_to_divs_years_months",
            reason="invalid_second_dimension",
            actual_shape=str(shape),
        )
        raise ValueError(message)

    # we should have an ordinal number of years now (ordinally divisible by 12)
    total_years = int(monthly_values.shape[1] / 12)

    # reshape from (months) to (years, 12) in order
    # to have one year of months per row
    return np.reshape(monthly_values, (shape[0], total_years, 12))


def gregorian_length_as_366day(
    length_gregorian: int,
    year_start: int,
) -> int:
    year = year_start
    remaining = length_gregorian
    length_366day = 0
    while remaining > 0:
        if calendar.isleap(year):
            days_in_current_year = 366
        else:
            days_in_current_year = 365

        if remaining >= days_in_current_year:
            length_366day += 366
        else:
            length_366day += remaining

        remaining -= days_in_current_year
        year += 1

    return length_366day


def transform_to_366day(
    original: np.ndarray,
    year_start: int,
    total_years: int,
) -> np.ndarray:
    # the original time series is assumed to be a one-dimensional
    # array of floats corresponding to a number of full years

    # validate the arguments
    if len(original.shape) > 1:
        message = "Invalid input array: only 1-D arrays are supported"
        _logger.error(
            "array_transformation_error",
            operation="transform_to_366day",
            reason="only_1d_supported",
            actual_shape=str(original.shape),
        )
        raise ValueError(message)

    # allocate the new array for 366 daily values per year,
    # including a faux Feb 29 for non-leap years
    all_leap = np.full((total_years * 366,), np.nan)

    # index of the first day of the year within the original and all_leap arrays
    original_index = 0
    all_leap_index = 0

    # loop over each year
    for year in range(year_start, year_start + total_years):
        if calendar.isleap(year):
            # write the next 366 days from the original time
            # series into the all_leap array
            all_leap[all_leap_index : (all_leap_index + 366)] = original[original_index : (original_index + 366)]

            # increment the "start day of the current year" index for the original
            # so that the next iteration jumps ahead a full year
            original_index += 366

        else:
            # write the first 59 days (Jan 1 through Feb 28) from
            # the original time series into the all_leap array
            all_leap[all_leap_index : (all_leap_index + 59)] = original[original_index : (original_index + 59)]

            # average the Feb 28th and March 1st values as the faux Feb 29th value
            all_leap[all_leap_index + 59] = (original[original_index + 58] + original[original_index + 59]) / 2

            # write the remaining days of the year (Mar 1 through Dec 31)
            # from the original into the all_leap array
            original_year_end_index = original_index + 365
            if len(original) < original_year_end_index:
                # this should be the final year, and we're just adding the remained days
                remainder = original[original_index + 59 :]
                difference = len(all_leap[all_leap_index + 60 :]) - len(remainder)
                if difference > 0:
                    final_days = np.pad(
                        remainder,
                        (
                            0,
                            difference,
                        ),
                        mode="constant",
                        constant_values=np.nan,
                    )
                elif difference != 0:
                    raise ValueError("Incompatible shapes")
                else:
                    final_days = remainder
                all_leap[all_leap_index + 60 :] = final_days
                continue
            else:
                all_leap[all_leap_index + 60 : (all_leap_index + 366)] = original[
                    original_index + 59 : original_year_end_index
                ]

            # increment the "start day of the current year" index for the original
            # so the next iteration jumps ahead a full year
            original_index += 365

        all_leap_index += 366

    _logger.debug(
        "array_transformation_completed",
        operation="transform_to_366day",
        input_size=original.size,
        output_size=all_leap.size,
    )
    return all_leap


def transform_to_gregorian(
    original: np.ndarray,
    year_start: int,
) -> np.ndarray:
    # original time series is assumed to be a one-dimensional array of floats
    # corresponding to a number of full years, with each year containing
    # 366 days, as if each year is a leap year

    # validate the arguments
    if len(original.shape) > 1:
        message = "Invalid input array: only 1-D arrays are supported"
        _logger.error(message)
        raise ValueError(message)
    if original.size % 366 != 0:
        message = "Invalid input array: only 1-D arrays containing " + "multiples of 366 days are supported"
        _logger.error(message)
        raise ValueError(message)

    # find the total number of actual days between the start and end year
    total_years = int(original.size / 366)
    year_end = year_start + total_years - 1
    days_actual = (datetime(year_end, 12, 31) - datetime(year_start, 1, 1)).days + 1

    # allocate the new array we'll write daily values into,
    # including a faux Feb 29 for non-leap years
    gregorian = np.full((days_actual,), np.nan)

    # index of the first day of the year within the original and gregorian arrays
    original_index = 0
    gregorian_index = 0

    # loop over each year
    for year in range(year_start, year_start + total_years):
        if calendar.isleap(year):
            # write the next 366 days from the original
            # time series into the gregorian array
            gregorian[gregorian_index : (gregorian_index + 366)] = original[original_index : (original_index + 366)]

            # increment the "start day of the current year" index for the original
            # so the next iteration jumps ahead a full year
            gregorian_index += 366

        else:
            # write the first 59 days (Jan 1 through Feb 28) from the original
            # time series into the gregorian array
            gregorian[gregorian_index : (gregorian_index + 59)] = original[original_index : (original_index + 59)]

            # write the remaining days of the year (Mar 1 through Dec 31)
            # from the original into the gregorian array
            gregorian[(gregorian_index + 59) : (gregorian_index + 365)] = original[
                (original_index + 60) : (original_index + 366)
            ]

            # increment the "start day of the current year" index for
            # the original so the next iteration jumps ahead a full year
            gregorian_index += 365

        original_index += 366

    _logger.debug(
        "array_transformation_completed",
        operation="transform_to_gregorian",
        input_size=original.size,
        output_size=gregorian.size,
    )
    return gregorian


utils = types.SimpleNamespace(
    compute_days=compute_days, count_zeros_and_non_missings=count_zeros_and_non_missings, get_tolerance=get_tolerance,
    sign_change=sign_change, is_data_valid=is_data_valid, rmse=rmse, reshape_to_2d=reshape_to_2d,
    reshape_to_divs_years_months=reshape_to_divs_years_months, gregorian_length_as_366day=gregorian_length_as_366day,
    transform_to_366day=transform_to_366day, transform_to_gregorian=transform_to_gregorian,
)  # adapted: ``from climate_indices import utils``


# --- lmoments.py ------------------------------------------------------------------------------------------------------
MIN_VALUES_FOR_LMOMENTS = 4

def fit(timeseries: np.ndarray) -> dict[str, float]:

    # estimate the L-moments of the values array
    lmoments = _estimate_lmoments(timeseries)

    # validate the L-Moments
    if (lmoments[1] <= 0.0) or (abs(lmoments[2]) >= 1.0):
        message = "Unable to calculate Pearson Type III parameters " + "due to invalid L-moments"
        _logger.error(message)
        raise ValueError(message)

    return _estimate_pearson3_parameters(lmoments)


def _estimate_pearson3_parameters(lmoments: np.ndarray) -> dict[str, float]:

    c1 = 0.2906
    c2 = 0.1882
    c3 = 0.0442
    d1 = 0.36067
    d2 = -0.59567
    d3 = 0.25361
    d4 = -2.78861
    d5 = 2.56096
    d6 = -0.77045
    t3 = abs(lmoments[2])  # L-skewness?

    # ensure the validity of the L-moments
    if (lmoments[1] <= 0) or (t3 >= 1):
        message = "Unable to calculate Pearson Type III parameters due to invalid L-moments"
        _logger.error(message)
        raise ValueError(message)

    # initialize the output values
    # loc, scale, skew

    # the first Pearson Type III parameter is the same as the first L-moment
    loc = lmoments[0]

    # # the first Pearson Type III parameter is the same as the first L-moment

    if t3 <= 1e-6:
        # skewness is effectively zero
        scale = lmoments[1] * sqrt(pi)
        skew = 0.0

    else:
        if t3 < 0.333333333:
            t = pi * 3 * t3 * t3
            alpha = (1.0 + (c1 * t)) / (t * (1.0 + (t * (c2 + (t * c3)))))
        else:
            t = 1.0 - t3
            alpha = t * (d1 + (t * (d2 + (t * d3)))) / (1.0 + (t * (d4 + (t * (d5 + (t * d6))))))

        alpha_root = sqrt(alpha)
        beta = sqrt(pi) * lmoments[1] * exp(lgamma(alpha) - lgamma(alpha + 0.5))
        scale = beta * alpha_root

        # the sign of the third L-moment determines
        # the sign of the third Pearson Type III parameter
        if lmoments[2] < 0:
            skew = -2.0 / alpha_root
        else:
            skew = 2.0 / alpha_root

    return {"loc": loc, "skew": skew, "scale": scale}


def _estimate_lmoments(
    values: np.ndarray,
) -> np.ndarray:

    # we need to have at least four values in order
    # to make a sample L-moments estimation
    number_of_values = np.count_nonzero(~np.isnan(values))
    if number_of_values < MIN_VALUES_FOR_LMOMENTS:
        message = (
            "Insufficient number of values to perform sample L-moments estimation: "
            f"{number_of_values} non-NaN values found (minimum {MIN_VALUES_FOR_LMOMENTS} required). "
            "This commonly occurs in dry regions with extensive zero precipitation. "
            "Consider using Gamma distribution instead of Pearson Type III for such areas."
        )
        _logger.warning(message)
        raise ValueError(message)

    # sort the values into ascending order
    values = np.sort(values)

    sums = np.zeros((3,))

    for i in range(1, number_of_values + 1):
        z = i
        term = values[i - 1]
        sums[0] = sums[0] + term
        for j in range(1, 3):
            z -= 1
            term = term * z
            sums[j] = sums[j] + term

    y = float(number_of_values)
    z_val: float = float(number_of_values)
    sums[0] = sums[0] / z_val
    for j in range(1, 3):
        y = y - 1.0
        z_val = z_val * y
        sums[j] = sums[j] / z_val

    k = 3
    p0 = -1.0
    for _ in range(2):
        ak = float(k)
        p0 = -p0
        p = p0
        temp = p * sums[0]
        for i in range(1, k):
            ai = i
            p = -p * (ak + ai - 1.0) * (ak - ai) / (ai * ai)
            temp = temp + (p * sums[i])
        sums[k - 1] = temp
        k = k - 1

    lmoments = np.zeros((3,))
    if sums[1] != 0:
        lmoments[0] = sums[0]
        lmoments[1] = sums[1]
        lmoments[2] = sums[2] / sums[1]

    return lmoments


lmoments = types.SimpleNamespace(fit=fit)  # adapted: ``from climate_indices import lmoments``


# --- compute.py -------------------------------------------------------------------------------------------------------
MIN_NON_ZERO_VALUES_FOR_PEARSON = 4
HIGH_FAILURE_RATE_THRESHOLD = 0.8  # 80%
MISSING_DATA_THRESHOLD = 0.20  # 20%
MIN_CALIBRATION_YEARS = 30
GOODNESS_OF_FIT_P_VALUE_THRESHOLD = 0.05

class DistributionFallbackStrategy:

    def __init__(self, max_nan_percentage: float = 0.5, high_failure_threshold: float = 0.8) -> None:
        self.max_nan_percentage = max_nan_percentage
        self.high_failure_threshold = high_failure_threshold
        self._logger = get_logger(self.__class__.__name__)

    def should_fallback_from_excessive_nans(self, values: np.ndarray) -> bool:
        if values.size == 0:
            return True
        nan_percentage = np.count_nonzero(np.isnan(values)) / values.size
        return bool(nan_percentage > self.max_nan_percentage)

    def should_warn_high_failure_rate(self, failure_count: int, total_count: int) -> bool:
        if total_count == 0:
            return False
        failure_rate = failure_count / total_count
        return bool(failure_rate > self.high_failure_threshold)

    def log_fallback_warning(self, reason: str, context: str = "") -> None:
        message = f"Pearson Type III distribution fitting failed ({reason}). "
        message += "Falling back to Gamma distribution for robust computation."
        if context:
            message += f" Context: {context}"
        self._logger.warning(message)

    def log_high_failure_rate(self, failure_count: int, total_count: int, context: str = "") -> None:
        failure_rate = failure_count / total_count if total_count > 0 else 0
        message = (
            f"High failure rate for Pearson Type III distribution fitting: {failure_count}/{total_count} "
            f"time steps failed ({failure_rate:.1%} failure rate). This typically occurs with extensive zero "
            f"precipitation patterns that are better handled by Gamma distribution. "
            f"Results may contain many default parameter values."
        )
        if context:
            message += f" Context: {context}"
        self._logger.warning(message)


_default_fallback_strategy = DistributionFallbackStrategy()


class Periodicity(Enum):

    monthly = 12
    daily = 366

    def __str__(self) -> str:
        return self.name

    @staticmethod
    def from_string(s: str) -> "Periodicity":
        try:
            return Periodicity[s]
        except KeyError as err:
            raise ValueError(f"No periodicity enumeration corresponding to {s}") from err

    def unit(self) -> str:
        if self.name == "monthly":
            unit = "month"
        elif self.name == "daily":
            unit = "day"
        else:
            raise ValueError(f"No periodicity unit corresponding to {self.name}")

        return unit


def _validate_array(
    values: np.ndarray,
    periodicity: Periodicity,
) -> np.ndarray:

    # validate (and possibly reshape) the input array
    if len(values.shape) == 1:
        if periodicity is None:
            message = "1-D input array requires a corresponding periodicity argument, none provided"  # type: ignore[unreachable]
            _logger.error(
                "validation_error",
                operation="validate_array",
                reason="missing_periodicity",
                shape=str(values.shape),
            )
            raise ValueError(message)

        elif periodicity is Periodicity.monthly:
            # we've been passed a 1-D array with shape (months),
            # reshape it to 2-D with shape (years, 12)
            values = utils.reshape_to_2d(values, 12)

        elif periodicity is Periodicity.daily:
            # we've been passed a 1-D array with shape (days),
            # reshape it to 2-D with shape (years, 366)
            values = utils.reshape_to_2d(values, 366)

        else:
            message = f"Unsupported periodicity argument: '{periodicity}'"  # type: ignore[unreachable]
            _logger.error(
                "validation_error",
                operation="validate_array",
                reason="unsupported_periodicity",
                periodicity=str(periodicity),
            )
            raise ValueError(message)

    elif (len(values.shape) != 2) or (values.shape[1] not in (12, 366)):
        # ((values.shape[1] != 12) and (values.shape[1] != 366)):

        # neither a 1-D nor a 2-D array with valid shape was passed in
        message = f"Invalid input array with shape: {values.shape}"
        _logger.error(
            "validation_error",
            operation="validate_array",
            reason="invalid_shape",
            shape=str(values.shape),
        )
        raise ValueError(message)

    return values


def sum_to_scale(
    values: np.ndarray,
    scale: int,
) -> np.ndarray:

    # don't bother if the number of values to sum is 1
    if scale == 1:
        return values

    # get the valid sliding summations with 1D convolution
    sliding_sums = np.convolve(values, np.ones(scale), mode="valid")

    # pad the first (n - 1) elements of the array with NaN values
    return np.hstack(([np.nan] * (scale - 1), sliding_sums))


def _log_and_raise_shape_error(shape: tuple[int, ...]) -> None:
    message = f"Invalid shape of input data array: {shape}"
    _logger.error(
        "validation_error",
        operation="validate_shape",
        reason="invalid_shape",
        shape=str(shape),
    )
    raise ValueError(message)


def _probability_of_zero(
    values: np.ndarray,
) -> np.ndarray:
    # validate that the values array has shape: (years, 12) for monthly or (years, 366) for daily
    if len(values.shape) != 2:
        _log_and_raise_shape_error(shape=values.shape)

    else:
        # determine the number of time steps per year
        # (we expect 12 for monthly, 366 for daiy)
        time_steps_per_year = values.shape[1]
        if time_steps_per_year not in (12, 366):
            _log_and_raise_shape_error(shape=values.shape)

    # the values we'll compute and return
    probabilities_of_zero = np.zeros((time_steps_per_year,))

    # compute the probability of zero for each calendar time step
    # TODO vectorize the below loop? create a @numba.vectorize() ufunc
    #  for application over the second axis
    for time_step_index in range(time_steps_per_year):
        # get the values for the current calendar time step
        time_step_values = values[:, time_step_index]

        # count the number of zeros and valid (non-missing/non-NaN) values
        number_of_zeros, number_of_non_missing = utils.count_zeros_and_non_missings(time_step_values)

        # calculate the probability of zero for the calendar time step
        if (number_of_zeros > 0) and (number_of_non_missing > 0):
            probabilities_of_zero[time_step_index] = number_of_zeros / number_of_non_missing

        else:
            # fill with NaN
            probabilities_of_zero[time_step_index] = np.nan

    return probabilities_of_zero


def reshape_values(values: np.ndarray, periodicity: Periodicity) -> np.ndarray:
    if periodicity is Periodicity.monthly:
        return utils.reshape_to_2d(values, 12)
    elif periodicity is Periodicity.daily:
        return utils.reshape_to_2d(values, 366)
    else:
        raise ValueError(f"Invalid periodicity argument: {periodicity}")


def validate_values_shape(values: np.ndarray) -> int:
    if len(values.shape) != 2 or values.shape[1] not in (12, 366):
        _log_and_raise_shape_error(shape=values.shape)
    return int(values.shape[1])


def adjust_calibration_years(
    data_start_year: int, data_end_year: int, calibration_start_year: int, calibration_end_year: int
) -> tuple[int, int]:
    if (calibration_start_year < data_start_year) or (calibration_end_year > data_end_year):
        return data_start_year, data_end_year
    return calibration_start_year, calibration_end_year


def _summarize_array(arr: np.ndarray | None, name: str = "array") -> str:
    if arr is None:
        return f"{name}=None"

    if arr.size <= 12:
        return f"{name}={arr}"

    nan_count = np.sum(np.isnan(arr))
    # use nanmin/nanmax/nanmean to avoid errors when all values are NaN
    min_val = np.nanmin(arr) if not np.all(np.isnan(arr)) else np.nan
    max_val = np.nanmax(arr) if not np.all(np.isnan(arr)) else np.nan
    mean_val = np.nanmean(arr) if not np.all(np.isnan(arr)) else np.nan

    return (
        f"{name}: shape={arr.shape}, "
        f"min={min_val:.4g}, max={max_val:.4g}, mean={mean_val:.4g}, "
        f"nan_count={nan_count}/{arr.size}"
    )


def calculate_time_step_params(time_step_values: np.ndarray) -> tuple[float, float, float, float]:
    number_of_zeros, number_of_non_missing = utils.count_zeros_and_non_missings(time_step_values)
    non_zero_count = number_of_non_missing - number_of_zeros

    if non_zero_count < MIN_NON_ZERO_VALUES_FOR_PEARSON:
        message = (
            f"Insufficient non-zero values for Pearson fitting: "
            f"{non_zero_count} values (minimum {MIN_NON_ZERO_VALUES_FOR_PEARSON} required). "
            f"Consider using Gamma distribution for areas with extensive zero precipitation."
        )
        raise InsufficientDataError(
            message=message, non_zero_count=non_zero_count, required_count=MIN_NON_ZERO_VALUES_FOR_PEARSON
        )

    probability_of_zero = number_of_zeros / number_of_non_missing if number_of_zeros > 0 else 0.0

    # At this point we know non_zero_count >= MIN_NON_ZERO_VALUES_FOR_PEARSON
    try:
        params = lmoments.fit(time_step_values)
        return probability_of_zero, params["loc"], params["scale"], params["skew"]
    except ValueError as e:
        message = f"L-moments fitting failed: {e}. Consider using Gamma distribution for this dataset."
        raise PearsonFittingError(message, underlying_error=e) from e


def pearson_parameters(
    values: np.ndarray,
    data_start_year: int,
    calibration_start_year: int,
    calibration_end_year: int,
    periodicity: Periodicity,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    log = _logger.bind(
        operation="pearson_parameters",
        distribution="pearson3",
        periodicity=str(periodicity),
        calibration_period=f"{calibration_start_year}-{calibration_end_year}",
    )
    log.info("distribution_fitting_started")

    values = reshape_values(values, periodicity)
    time_steps_per_year = validate_values_shape(values)
    data_end_year = data_start_year + values.shape[0]
    calibration_start_year, calibration_end_year = adjust_calibration_years(
        data_start_year, data_end_year, calibration_start_year, calibration_end_year
    )
    calibration_begin_index = calibration_start_year - data_start_year
    calibration_end_index = (calibration_end_year - data_start_year) + 1
    calibration_values = values[calibration_begin_index:calibration_end_index, :]

    # check calibration data quality and emit warnings if needed
    _check_calibration_data_quality(calibration_values, calibration_start_year, calibration_end_year)

    probabilities_of_zero = np.zeros((time_steps_per_year,))
    locs = np.zeros((time_steps_per_year,))
    scales = np.zeros((time_steps_per_year,))
    skews = np.zeros((time_steps_per_year,))

    failed_fitting_count = 0

    for time_step_index in range(time_steps_per_year):
        time_step_values = calibration_values[:, time_step_index]
        try:
            prob, loc, scale, skew = calculate_time_step_params(time_step_values)
            probabilities_of_zero[time_step_index] = prob
            locs[time_step_index] = loc
            scales[time_step_index] = scale
            skews[time_step_index] = skew
        except DistributionFittingError:
            # Handle fitting failures by using default values
            failed_fitting_count += 1
            probabilities_of_zero[time_step_index] = 0.0
            locs[time_step_index] = 0.0
            scales[time_step_index] = 0.0
            skews[time_step_index] = 0.0

    # Check if we should warn about high failure rate using the fallback strategy
    if _default_fallback_strategy.should_warn_high_failure_rate(failed_fitting_count, time_steps_per_year):
        _default_fallback_strategy.log_high_failure_rate(
            failure_count=failed_fitting_count,
            total_count=time_steps_per_year,
            context="pearson_parameters computation",
        )

    # check goodness-of-fit and emit warning if poor
    _check_goodness_of_fit_pearson(calibration_values, probabilities_of_zero, locs, scales, skews)

    log.info("distribution_fitting_completed", output_shape=str(probabilities_of_zero.shape))
    return probabilities_of_zero, locs, scales, skews


def _minimum_possible(
    skew: np.ndarray,
    loc: np.ndarray,
    scale: np.ndarray,
) -> np.ndarray:

    alpha = 4.0 / (skew * skew)

    # calculate the lowest possible value that will
    # fit the distribution (i.e. Z = 0)
    result: np.ndarray = loc - ((alpha * scale * skew) / 2.0)
    return result


def _pearson_fit(
    values: np.ndarray,
    probabilities_of_zero: np.ndarray,
    skew: np.ndarray,
    loc: np.ndarray,
    scale: np.ndarray,
) -> np.ndarray:

    # only fit to the distribution if the values array is valid/not missing
    if not np.all(np.isnan(values)):
        # This is a misnomer of sorts. For positively skewed Pearson Type III
        # distributions, there is a hard lower limit. For negatively skewed
        # distributions, the limit is on the upper end.
        minimums_possible = _minimum_possible(skew, loc, scale)
        minimums_mask = (values <= minimums_possible) & (skew >= 0)
        maximums_mask = (values >= minimums_possible) & (skew < 0)

        # Not sure what the logic is here given that the inputs aren't
        # standardized values and Pearson III distributions could handle
        # these sorts of values just fine given the proper parameters.
        zero_mask = np.logical_and((values < 0.0005), (probabilities_of_zero > 0.0))
        trace_mask = np.logical_and((values < 0.0005), (probabilities_of_zero <= 0.0))

        # get the Pearson Type III cumulative density function value
        try:
            values = scipy.stats.pearson3.cdf(values, skew, loc, scale)
        except (ValueError, RuntimeError, FloatingPointError) as e:
            raise DistributionFittingError(
                f"Pearson Type III distribution CDF computation failed: {e}",
                distribution_name="pearson3",
                input_shape=values.shape,
                parameters={
                    "skew": _summarize_array(skew, "skew"),
                    "loc": _summarize_array(loc, "loc"),
                    "scale": _summarize_array(scale, "scale"),
                    "values": _summarize_array(values, "values"),
                },
                suggestion="Try using gamma distribution instead",
                underlying_error=e,
            ) from e

        # turn zero, trace, or minimum values either into either zero
        # or minimum value based on the probability of zero
        values[zero_mask] = 0.0
        values[trace_mask] = 0.0005

        # The original values were found to be outside the
        # range of the fitted distribution, so we will set
        # the probabilities to something just within the range.
        values[minimums_mask] = 0.0005
        values[maximums_mask] = 0.9995

        if not np.all(np.isnan(values)):
            # calculate the probability value, clipped between 0 and 1
            probabilities = np.clip(
                (probabilities_of_zero + ((1.0 - probabilities_of_zero) * values)),
                0.0,
                1.0,
            )

            # the values we'll return are the values at which the probabilities
            # of a normal distribution are less than or equal to the computed
            # probabilities, as determined by the normal distribution's
            # quantile (or inverse cumulative distribution) function
            try:
                fitted_values = scipy.stats.norm.ppf(probabilities)
            except (ValueError, RuntimeError, FloatingPointError) as e:
                raise DistributionFittingError(
                    f"Normal distribution inverse CDF (ppf) computation failed during Pearson transformation: {e}",
                    distribution_name="pearson3",
                    input_shape=probabilities.shape,
                    parameters={
                        "probabilities": _summarize_array(probabilities, "probabilities"),
                        "skew": _summarize_array(skew, "skew"),
                        "loc": _summarize_array(loc, "loc"),
                        "scale": _summarize_array(scale, "scale"),
                    },
                    suggestion="Try using gamma distribution instead",
                    underlying_error=e,
                ) from e

        else:
            fitted_values = values

    else:
        fitted_values = values

    result: np.ndarray = fitted_values
    return result


def transform_fitted_pearson(
    values: np.ndarray,
    data_start_year: int,
    calibration_start_year: int,
    calibration_end_year: int,
    periodicity: Periodicity,
    probabilities_of_zero: np.ndarray | None = None,
    locs: np.ndarray | None = None,
    scales: np.ndarray | None = None,
    skews: np.ndarray | None = None,
) -> np.ndarray:
    log = _logger.bind(
        operation="transform_fitted_pearson",
        distribution="pearson3",
        periodicity=str(periodicity),
        input_shape=str(values.shape),
    )
    log.info("distribution_transform_started")

    # sanity check for the fitting parameters arguments
    pearson_param_args = [probabilities_of_zero, locs, scales, skews]
    if any(param_arg is None for param_arg in pearson_param_args):
        if sum(1 for x in pearson_param_args if x is None) < len(pearson_param_args):
            raise ValueError(
                "At least one but not all of the Pearson Type III fitting "
                "parameters are specified -- either none or all of "
                "these must be specified"
            )

    # if we're passed all missing values then we can't compute anything,
    # and we'll return the same array of missing values
    if (isinstance(values, np.ma.MaskedArray) and values.mask.all()) or np.all(np.isnan(values)):
        return values

    # validate (and possibly reshape) the input array
    values = _validate_array(values, periodicity)

    # compute the Pearson Type III fitting values if none were provided
    if any(param_arg is None for param_arg in pearson_param_args):
        # determine the end year of the values array
        data_end_year = data_start_year + values.shape[0]

        # make sure that we have data within the full calibration period,
        # otherwise use the full period of record
        if (calibration_start_year < data_start_year) or (calibration_end_year > data_end_year):
            calibration_start_year = data_start_year
            calibration_end_year = data_end_year

        # compute the values we'll use to fit to the Pearson Type III distribution
        probabilities_of_zero, locs, scales, skews = pearson_parameters(
            values,
            data_start_year,
            calibration_start_year,
            calibration_end_year,
            periodicity,
        )

    # mypy narrowing: at this point parameters are guaranteed to be non-None
    assert probabilities_of_zero is not None
    assert locs is not None
    assert scales is not None
    assert skews is not None

    # fit each value to the Pearson Type III distribution
    values = _pearson_fit(values, probabilities_of_zero, skews, locs, scales)

    log.info("distribution_transform_completed", output_shape=str(values.shape))
    return values


def _check_calibration_data_quality(
    calibration_values: np.ndarray,
    calibration_start_year: int,
    calibration_end_year: int,
) -> None:
    # check calibration period length
    actual_years = (calibration_end_year - calibration_start_year) + 1
    if actual_years < MIN_CALIBRATION_YEARS:
        message = (
            f"Calibration period is {actual_years} years, which is shorter than the "
            f"recommended minimum of {MIN_CALIBRATION_YEARS} years. "
            f"Shorter periods may not capture the full range of climate variability."
        )
        warning = ShortCalibrationWarning(
            message,
            actual_years=actual_years,
            required_years=MIN_CALIBRATION_YEARS,
        )
        warnings.warn(warning, stacklevel=3)

    # check for excessive missing data
    total_values = calibration_values.size
    if total_values > 0:
        missing_count = np.count_nonzero(np.isnan(calibration_values))
        missing_ratio = missing_count / total_values
        if missing_ratio > MISSING_DATA_THRESHOLD:
            message = (
                f"Calibration period has {missing_ratio:.1%} missing data, which exceeds the "
                f"recommended threshold of {MISSING_DATA_THRESHOLD:.1%}. High missing data rates "
                f"may reduce the reliability of distribution fitting."
            )
            missing_data_warning = MissingDataWarning(
                message,
                missing_ratio=missing_ratio,
                threshold=MISSING_DATA_THRESHOLD,
            )
            warnings.warn(missing_data_warning, stacklevel=3)


def _check_goodness_of_fit_gamma(
    calibration_values: np.ndarray,
    alphas: np.ndarray,
    betas: np.ndarray,
) -> None:
    time_steps = calibration_values.shape[1]
    poor_fit_steps = []

    for time_step_index in range(time_steps):
        time_step_values = calibration_values[:, time_step_index]
        # remove NaN values for KS test
        valid_values = time_step_values[~np.isnan(time_step_values)]

        if len(valid_values) > 0:
            alpha = alphas[time_step_index]
            beta = betas[time_step_index]

            # skip if parameters are invalid
            if not (np.isfinite(alpha) and np.isfinite(beta) and alpha > 0 and beta > 0):
                continue

            # perform Kolmogorov-Smirnov test
            try:
                ks_statistic, p_value = scipy.stats.kstest(
                    valid_values,
                    lambda x, a=alpha, s=beta: scipy.stats.gamma.cdf(x, a=a, scale=s),
                )
                if p_value < GOODNESS_OF_FIT_P_VALUE_THRESHOLD:
                    poor_fit_steps.append((time_step_index, p_value))
            except Exception:
                # ignore fitting errors during goodness-of-fit check
                continue

    if poor_fit_steps:
        # show up to 5 examples
        examples = poor_fit_steps[:5]
        example_text = ", ".join([f"step {idx} (p={p:.4f})" for idx, p in examples])
        if len(poor_fit_steps) > 5:
            example_text += f", and {len(poor_fit_steps) - 5} more"

        message = (
            f"Gamma distribution shows poor goodness-of-fit for {len(poor_fit_steps)} of "
            f"{time_steps} time steps (p < {GOODNESS_OF_FIT_P_VALUE_THRESHOLD}). "
            f"Examples: {example_text}. Consider using a different distribution or "
            f"investigating data quality issues."
        )
        warning = GoodnessOfFitWarning(
            message,
            distribution_name="gamma",
            threshold=GOODNESS_OF_FIT_P_VALUE_THRESHOLD,
            poor_fit_count=len(poor_fit_steps),
            total_steps=time_steps,
        )
        warnings.warn(warning, stacklevel=3)


def _check_goodness_of_fit_pearson(
    calibration_values: np.ndarray,
    probabilities_of_zero: np.ndarray,
    locs: np.ndarray,
    scales: np.ndarray,
    skews: np.ndarray,
) -> None:
    time_steps = calibration_values.shape[1]
    poor_fit_steps = []

    for time_step_index in range(time_steps):
        time_step_values = calibration_values[:, time_step_index]
        loc = locs[time_step_index]
        scale = scales[time_step_index]
        skew = skews[time_step_index]

        # skip time steps where fitting failed (all parameters are zero)
        if loc == 0 and scale == 0 and skew == 0:
            continue

        # filter out NaN and zero values for non-zero distribution
        valid_values = time_step_values[~np.isnan(time_step_values) & (time_step_values != 0)]

        if len(valid_values) > 0:
            # skip if parameters are invalid
            if not (np.isfinite(loc) and np.isfinite(scale) and np.isfinite(skew) and scale > 0):
                continue

            # perform Kolmogorov-Smirnov test
            try:
                ks_statistic, p_value = scipy.stats.kstest(
                    valid_values,
                    lambda x, sk=skew, loc_=loc, sc=scale: scipy.stats.pearson3.cdf(x, sk, loc=loc_, scale=sc),
                )
                if p_value < GOODNESS_OF_FIT_P_VALUE_THRESHOLD:
                    poor_fit_steps.append((time_step_index, p_value))
            except Exception:
                # ignore fitting errors during goodness-of-fit check
                continue

    if poor_fit_steps:
        # show up to 5 examples
        examples = poor_fit_steps[:5]
        example_text = ", ".join([f"step {idx} (p={p:.4f})" for idx, p in examples])
        if len(poor_fit_steps) > 5:
            example_text += f", and {len(poor_fit_steps) - 5} more"

        message = (
            f"Pearson Type III distribution shows poor goodness-of-fit for {len(poor_fit_steps)} of "
            f"{time_steps} time steps (p < {GOODNESS_OF_FIT_P_VALUE_THRESHOLD}). "
            f"Examples: {example_text}. Consider using a different distribution or "
            f"investigating data quality issues."
        )
        warning = GoodnessOfFitWarning(
            message,
            distribution_name="pearson3",
            threshold=GOODNESS_OF_FIT_P_VALUE_THRESHOLD,
            poor_fit_count=len(poor_fit_steps),
            total_steps=time_steps,
        )
        warnings.warn(warning, stacklevel=3)


def _replace_zeros_with_nan(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    values_copy = values.copy()
    zero_mask = values == 0
    values_copy[zero_mask] = np.nan
    return zero_mask, values_copy


def gamma_parameters(
    values: np.ndarray,
    data_start_year: int,
    calibration_start_year: int,
    calibration_end_year: int,
    periodicity: Periodicity,
) -> tuple[np.ndarray, np.ndarray]:
    log = _logger.bind(
        operation="gamma_parameters",
        distribution="gamma",
        periodicity=str(periodicity),
        calibration_period=f"{calibration_start_year}-{calibration_end_year}",
    )
    log.info("distribution_fitting_started")

    # if we're passed all missing values then we can't compute anything,
    # then we return an array of missing values
    if (isinstance(values, np.ma.MaskedArray) and values.mask.all()) or np.all(np.isnan(values)):
        if periodicity is Periodicity.monthly:
            shape = (12,)
        elif periodicity is Periodicity.daily:
            shape = (366,)
        else:
            raise ValueError(f"Unsupported periodicity: {periodicity}")
        alphas = np.full(shape=shape, fill_value=np.nan)
        betas = np.full(shape=shape, fill_value=np.nan)
        return alphas, betas

    # validate (and possibly reshape) the input array
    values = _validate_array(values, periodicity)

    # save reference to original values before zero replacement for data quality checks
    original_values = values

    # replace zeros with NaNs (zeros are excluded from gamma fitting)
    _, values = _replace_zeros_with_nan(values)

    # determine the end year of the values array
    data_end_year = data_start_year + values.shape[0]

    # make sure that we have data within the full calibration period,
    # otherwise use the full period of record
    if (calibration_start_year < data_start_year) or (calibration_end_year > data_end_year):
        calibration_start_year = data_start_year
        calibration_end_year = data_end_year

    # get the year axis indices corresponding to
    # the calibration start and end years
    calibration_begin_index = calibration_start_year - data_start_year
    calibration_end_index = (calibration_end_year - data_start_year) + 1

    # get the values for the current calendar time step
    # that fall within the calibration years period
    calibration_values = values[calibration_begin_index:calibration_end_index, :]
    original_calibration = original_values[calibration_begin_index:calibration_end_index, :]

    # check calibration data quality and emit warnings if needed
    _check_calibration_data_quality(original_calibration, calibration_start_year, calibration_end_year)

    # compute the gamma distribution's shape and scale parameters, alpha and beta
    # using method of moments estimation
    means = np.nanmean(calibration_values, axis=0)
    log_means = np.log(means)
    logs = np.log(calibration_values)
    mean_logs = np.nanmean(logs, axis=0)
    a = log_means - mean_logs
    alphas = (1 + np.sqrt(1 + 4 * a / 3)) / (4 * a)
    betas = means / alphas

    # check goodness-of-fit and emit warning if poor
    _check_goodness_of_fit_gamma(calibration_values, alphas, betas)

    log.info("distribution_fitting_completed", output_shape=str(alphas.shape))
    return alphas, betas


def scale_values(
    values: np.ndarray,
    scale: int,
    periodicity: Periodicity,
) -> np.ndarray:
    _logger.debug("scaling_started", operation="scale_values", scale=scale, periodicity=str(periodicity))

    # we expect to operate upon a 1-D array, so if we've been passed a 2-D array
    # then we flatten it, otherwise raise an error
    shape = values.shape
    if len(shape) == 2:
        values = values.flatten()
    elif len(shape) != 1:
        # only 1-D and 2-D arrays are supported
        _log_and_raise_shape_error(shape=shape)

    # if we're passed all missing values then we can't compute
    # anything, so we return the same array of missing values
    if (isinstance(values, np.ma.MaskedArray) and values.mask.all()) or np.all(np.isnan(values)):
        return values

    # clip any negative values to zero
    if np.amin(values) < 0.0:
        _logger.warning("negative_values_clipped", operation="scale_values")
        values = np.clip(values, a_min=0.0, a_max=None)

    # get a sliding sums array, with each time step's value scaled
    # by the specified number of time steps
    scaled_values = sum_to_scale(values, scale)

    # reshape precipitation values to (years, 12) for monthly,
    # or to (years, 366) for daily
    if periodicity is Periodicity.monthly:
        scaled_values = utils.reshape_to_2d(scaled_values, 12)

    elif periodicity is Periodicity.daily:
        scaled_values = utils.reshape_to_2d(scaled_values, 366)

    else:
        raise ValueError(f"Invalid periodicity argument: {periodicity}")

    _logger.debug("scaling_completed", operation="scale_values", output_shape=str(scaled_values.shape))
    return scaled_values


def transform_fitted_gamma(
    values: np.ndarray,
    data_start_year: int,
    calibration_start_year: int,
    calibration_end_year: int,
    periodicity: Periodicity,
    alphas: np.ndarray | None = None,
    betas: np.ndarray | None = None,
) -> np.ndarray:
    log = _logger.bind(
        operation="transform_fitted_gamma",
        distribution="gamma",
        periodicity=str(periodicity),
        input_shape=str(values.shape),
    )
    log.info("distribution_transform_started")

    # if we're passed all missing values then we can't compute anything,
    # then we return the same array of missing values
    if (isinstance(values, np.ma.MaskedArray) and values.mask.all()) or np.all(np.isnan(values)):
        return values

    # validate (and possibly reshape) the input array
    values = _validate_array(values, periodicity)

    # Replace zeros with NaNs for fitting (zeros are excluded from gamma fitting)
    # and get mask of zero positions for later probability calculations
    zero_mask, values_for_fitting = _replace_zeros_with_nan(values)

    # find the percentage of zero values for each time step
    zeros = zero_mask.sum(axis=0)
    probabilities_of_zero = zeros / values.shape[0]

    # If a time step has all zeros (probability of zero is 1.0), the resulting SPI
    # would be +infinity (extreme wetness) which is incorrect for a dry region.
    # We set probability_of_zero to 0.0 for these time steps, which means:
    #   - gamma_parameters() will return NaN (since all values become NaN after
    #     zero replacement)
    #   - gamma.cdf() will return NaN
    #   - gamma_probabilities[zero_mask] = 0.0 forces these to 0.0
    #   - Final probability = 0.0 + (1.0 * 0.0) = 0.0
    #   - norm.ppf(0.0) = -infinity (extreme drought)
    # This is the correct interpretation: a location with 100% zero precipitation
    # in the historical record is in extreme drought, not extreme wetness.
    probabilities_of_zero[np.isclose(probabilities_of_zero, 1.0)] = 0.0

    # compute fitting parameters if none were provided
    if (alphas is None) or (betas is None):
        alphas, betas = gamma_parameters(
            values_for_fitting,
            data_start_year,
            calibration_start_year,
            calibration_end_year,
            periodicity,
        )

    # find the gamma probability values using the gamma CDF
    try:
        gamma_probabilities = scipy.stats.gamma.cdf(values_for_fitting, a=alphas, scale=betas)
    except (ValueError, RuntimeError, FloatingPointError) as e:
        raise DistributionFittingError(
            f"Gamma distribution CDF computation failed: {e}",
            distribution_name="gamma",
            input_shape=values_for_fitting.shape,
            parameters={
                "alphas": _summarize_array(alphas, "alphas"),
                "betas": _summarize_array(betas, "betas"),
                "values": _summarize_array(values_for_fitting, "values"),
            },
            suggestion="Try using pearson3 distribution instead",
            underlying_error=e,
        ) from e

    # where the input values were zero the CDF will have returned NaN, but since
    # we're treating zeros as a separate probability mass we should treat the
    # gamma probability for zeros as 0.0
    gamma_probabilities[zero_mask] = 0.0

    # TODO explain this better
    # (normalize including the probability of zero, putting into the range [0..1]?)
    probabilities = probabilities_of_zero + ((1 - probabilities_of_zero) * gamma_probabilities)

    # the values we'll return are the values at which the probabilities of
    # a normal distribution are less than or equal to the computed probabilities,
    # as determined by the normal distribution's quantile (or inverse
    # cumulative distribution) function
    try:
        result_values: np.ndarray = scipy.stats.norm.ppf(probabilities)
        log.info("distribution_transform_completed", output_shape=str(result_values.shape))
        return result_values
    except (ValueError, RuntimeError, FloatingPointError) as e:
        raise DistributionFittingError(
            f"Normal distribution inverse CDF (ppf) computation failed during gamma transformation: {e}",
            distribution_name="gamma",
            input_shape=probabilities.shape,
            parameters={
                "probabilities": _summarize_array(probabilities, "probabilities"),
                "alphas": _summarize_array(alphas, "alphas"),
                "betas": _summarize_array(betas, "betas"),
            },
            suggestion="Try using pearson3 distribution instead",
            underlying_error=e,
        ) from e


compute = types.SimpleNamespace(
    Periodicity=Periodicity, sum_to_scale=sum_to_scale, DistributionFallbackStrategy=DistributionFallbackStrategy,
)  # adapted: ``from climate_indices import compute``


# --- eto.py -----------------------------------------------------------------------------------------------------------
# days of each calendar month, for non-leap and leap years
_MONTH_DAYS_NONLEAP = np.array([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
_MONTH_DAYS_LEAP = np.array([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])

# solar constant [ MJ m-2 min-1]
_SOLAR_CONSTANT = 0.0820

# angle values used within the _sunset_hour_angle() function defined below

# valid range for latitude, in radians
_LATITUDE_RADIANS_MIN = np.deg2rad(-90.0)
_LATITUDE_RADIANS_MAX = np.deg2rad(90.0)

# valid range for solar declination angle, in radians
# Goswami (2015), p.40
_SOLAR_DECLINATION_RADIANS_MIN = np.deg2rad(-23.45)
_SOLAR_DECLINATION_RADIANS_MAX = np.deg2rad(23.45)

def _sunset_hour_angle(
    latitude_radians: float,
    solar_declination_radians: float,
) -> float:

    # validate the latitude argument
    if not _LATITUDE_RADIANS_MIN <= latitude_radians <= _LATITUDE_RADIANS_MAX:
        raise InvalidArgumentError(
            f"Latitude outside valid range [{_LATITUDE_RADIANS_MIN!r} to {_LATITUDE_RADIANS_MAX!r}]. "
            f"Received: {latitude_radians!r}",
            argument_name="latitude_radians",
            argument_value=str(latitude_radians),
            valid_values=f"[{_LATITUDE_RADIANS_MIN!r}, {_LATITUDE_RADIANS_MAX!r}]",
        )

    # validate the solar declination angle argument, which can vary between
    # -23.45 and +23.45 degrees see Goswami (2015) p.40, and
    # http://www.itacanet.org/the-sun-as-a-source-of-energy/part-1-solar-astronomy/
    if not _SOLAR_DECLINATION_RADIANS_MIN <= solar_declination_radians <= _SOLAR_DECLINATION_RADIANS_MAX:
        raise InvalidArgumentError(
            f"Solar declination angle outside valid range "
            f"[{_SOLAR_DECLINATION_RADIANS_MIN} to {_SOLAR_DECLINATION_RADIANS_MAX}]. "
            f"Received: {solar_declination_radians}",
            argument_name="solar_declination_radians",
            argument_value=str(solar_declination_radians),
            valid_values=f"[{_SOLAR_DECLINATION_RADIANS_MIN}, {_SOLAR_DECLINATION_RADIANS_MAX}]",
        )

    # calculate the cosine of the sunset hour angle (*Ws* in FAO 25)
    # from latitude and solar declination
    cos_sunset_hour_angle = -math.tan(latitude_radians) * math.tan(solar_declination_radians)

    # If the sunset hour angle is >= 1 there is no sunset, i.e. 24 hours of daylight
    # If the sunset hour angle is <= 1 there is no sunrise, i.e. 24 hours of darkness
    # See http://www.itacanet.org/the-sun-as-a-source-of-energy/part-3-calculating-solar-angles/
    # Domain of acos is -1 <= x <= 1 radians (this is not mentioned in FAO-56!)
    return math.acos(min(max(cos_sunset_hour_angle, -1.0), 1.0))


def _solar_declination(
    day_of_year: int,
) -> float:
    if not 1 <= day_of_year <= 366:
        raise InvalidArgumentError(
            f"Day of the year must be in the range [1, 366]. Received: {day_of_year!r}",
            argument_name="day_of_year",
            argument_value=str(day_of_year),
            valid_values="[1, 366]",
        )

    return 0.409 * math.sin((2.0 * math.pi / 365.0) * day_of_year - 1.39)


def _daylight_hours(
    sunset_hour_angle_radians: float,
) -> float:

    # validate the sunset hour angle argument, which has a valid
    # range of 0 to pi radians (180 degrees), inclusive
    # see http://mypages.iit.edu/~maslanka/SolarGeo.pdf
    if not 0.0 <= sunset_hour_angle_radians <= math.pi:
        raise InvalidArgumentError(
            f"Sunset hour angle outside valid range [0.0 to {math.pi}]. Received: {sunset_hour_angle_radians}",
            argument_name="sunset_hour_angle_radians",
            argument_value=str(sunset_hour_angle_radians),
            valid_values=f"[0.0, {math.pi}]",
        )

    # calculate daylight hours from the sunset hour angle
    return (24.0 / math.pi) * sunset_hour_angle_radians


def _monthly_mean_daylight_hours(
    latitude_radians: float,
    leap: bool = False,
) -> np.ndarray:

    # get the array of days for each month based
    # on whether we're in a leap year or not
    if not leap:
        month_days = _MONTH_DAYS_NONLEAP
    else:
        month_days = _MONTH_DAYS_LEAP

    # allocate an array of daylight hours for each of the 12 months of the year
    monthly_mean_dlh = np.zeros((12,))

    # keep a count of the day of the year
    day_of_year = 1

    # loop over each calendar month to calculate the daylight hours for the month
    for i, days_in_month in enumerate(month_days):
        cumulative_daylight_hours = 0.0  # cumulative daylight hours for the month
        for _ in range(1, days_in_month + 1):
            daily_solar_declination = _solar_declination(day_of_year)
            daily_sunset_hour_angle = _sunset_hour_angle(latitude_radians, daily_solar_declination)
            cumulative_daylight_hours += _daylight_hours(daily_sunset_hour_angle)
            day_of_year += 1

        # calculate the mean daylight hours of the month
        monthly_mean_dlh[i] = cumulative_daylight_hours / days_in_month

    return monthly_mean_dlh


def eto_thornthwaite(
    monthly_temps_celsius: np.ndarray,
    latitude_degrees: float,
    data_start_year: int,
) -> np.ndarray:
    original_length = monthly_temps_celsius.size

    # validate the input data array
    monthly_temps_celsius = utils.reshape_to_2d(monthly_temps_celsius, 12)

    # at this point we assume that our dataset array has shape (years, 12) where
    # each row is a year with 12 columns of monthly values (Jan, Feb, ..., Dec)

    # convert the latitude from degrees to radians
    latitude_radians = math.radians(float(latitude_degrees))

    # adjust negative temperature values to zero, since negative
    # values aren't allowed (no evaporation below freezing)
    # TODO this sometimes throws a RuntimeWarning for invalid value,
    #  perhaps as a result of a NaN, somehow use masking and/or NaN
    #  pre-check to eliminate the cause of this warning
    monthly_temps_celsius[monthly_temps_celsius < 0] = 0.0

    # mean the monthly temperature values over the month axis,
    # giving us 12 monthly means for the period of record
    mean_monthly_temps = np.nanmean(monthly_temps_celsius, axis=0)

    # calculate the heat index (I)
    heat_index = np.sum(np.power(mean_monthly_temps / 5.0, 1.514))

    # calculate the coefficient
    a = (6.75e-07 * heat_index**3) - (7.71e-05 * heat_index**2) + (1.792e-02 * heat_index) + 0.49239

    # get mean daylight hours for both normal and leap years
    mean_daylight_hours_nonleap = np.array(_monthly_mean_daylight_hours(latitude_radians, False))
    mean_daylight_hours_leap = np.array(_monthly_mean_daylight_hours(latitude_radians, True))

    # allocate the PET array we'll fill
    pet = np.full(monthly_temps_celsius.shape, np.nan)
    for year in range(monthly_temps_celsius.shape[0]):
        if calendar.isleap(data_start_year + year):
            month_days = _MONTH_DAYS_LEAP
            mean_daylight_hours = mean_daylight_hours_leap
        else:
            month_days = _MONTH_DAYS_NONLEAP
            mean_daylight_hours = mean_daylight_hours_nonleap

        # calculate the Thornthwaite equation
        pet[year, :] = (
            16
            * (mean_daylight_hours / 12.0)
            * (month_days / 30.0)
            * ((10.0 * monthly_temps_celsius[year, :] / heat_index) ** a)
        )

    # reshape the dataset from (years, 12) into (months),
    # i.e. convert from 2-D to 1-D, and truncate to the original length
    return pet.reshape(-1)[0:original_length]


def eto_hargreaves(
    daily_tmin_celsius: np.ndarray,
    daily_tmax_celsius: np.ndarray,
    daily_tmean_celsius: np.ndarray,
    latitude_degrees: float,
) -> np.ndarray:

    # validate the input data arrays
    if not (daily_tmin_celsius.size == daily_tmax_celsius.size == daily_tmean_celsius.size):
        message = (
            "Incompatible array sizes for Hargreaves ETo: "
            f"tmin={daily_tmin_celsius.size}, tmax={daily_tmax_celsius.size}, "
            f"tmean={daily_tmean_celsius.size}. All arrays must have the same size."
        )
        _logger.error(message)
        raise InvalidArgumentError(
            message,
            argument_name="daily_tmin_celsius/daily_tmax_celsius/daily_tmean_celsius",
            argument_value=f"sizes ({daily_tmin_celsius.size}, {daily_tmax_celsius.size}, {daily_tmean_celsius.size})",
            valid_values="All arrays must have equal size",
        )

    # bind context and emit calculation_started event
    log = _logger.bind(
        index_type="pet_hargreaves",
        input_shape=daily_tmean_celsius.shape,
        input_elements=daily_tmean_celsius.size,
    )
    log.info("calculation_started")
    t0 = time.perf_counter()
    memory_metrics = check_large_array_memory(daily_tmin_celsius, daily_tmax_celsius, daily_tmean_celsius)

    try:
        # validate temperature relationships: tmin <= tmean <= tmax
        # use warnings rather than errors since real-world data may have some anomalies
        tmin_gt_tmax = np.sum(daily_tmin_celsius > daily_tmax_celsius)
        if tmin_gt_tmax > 0:
            _logger.warning(f"Found {tmin_gt_tmax} instances where tmin > tmax. This may indicate data quality issues.")

        tmean_outside_range = np.sum(
            (daily_tmean_celsius < daily_tmin_celsius) | (daily_tmean_celsius > daily_tmax_celsius)
        )
        if tmean_outside_range > 0:
            _logger.warning(
                f"Found {tmean_outside_range} instances where tmean is outside [tmin, tmax] range. "
                "This may indicate data quality issues."
            )

        # keep the original length for conversion back to original size
        original_length = daily_tmean_celsius.size

        # reshape to 2-D with 366 days per year, if not already in this shape
        daily_tmin_celsius = utils.reshape_to_2d(daily_tmin_celsius, 366)
        daily_tmax_celsius = utils.reshape_to_2d(daily_tmax_celsius, 366)
        daily_tmean_celsius = utils.reshape_to_2d(daily_tmean_celsius, 366)

        # at this point we assume that our dataset array has shape (years, 366)
        # where each row is a year with 366 columns of daily values

        # convert the latitude from degrees to radians
        latitude = math.radians(latitude_degrees)

        # allocate the PET array we'll fill
        pet = np.full(daily_tmean_celsius.shape, np.nan)
        for day_of_year in range(1, daily_tmean_celsius.shape[1] + 1):
            # calculate the angle of solar declination and sunset hour angle
            solar_declination = _solar_declination(day_of_year)
            sunset_hour_angle = _sunset_hour_angle(latitude, solar_declination)

            # calculate the inverse relative distance between earth and sun
            # from the day of the year, based on FAO equation 23 in
            # Allen et al (1998).
            inv_rel_distance = 1 + (0.033 * math.cos((2.0 * math.pi / 365.0) * day_of_year))

            # extraterrestrial radiation
            tmp1 = (24.0 * 60.0) / math.pi
            tmp2 = sunset_hour_angle * math.sin(latitude) * math.sin(solar_declination)
            tmp3 = math.cos(latitude) * math.cos(solar_declination) * math.sin(sunset_hour_angle)
            et_radiation = tmp1 * _SOLAR_CONSTANT * inv_rel_distance * (tmp2 + tmp3)

            for year in range(daily_tmean_celsius.shape[0]):
                # calculate the Hargreaves equation
                tmin = daily_tmin_celsius[year, day_of_year - 1]
                tmax = daily_tmax_celsius[year, day_of_year - 1]
                tmean = daily_tmean_celsius[year, day_of_year - 1]
                pet[year, day_of_year - 1] = 0.0023 * (tmean + 17.8) * (tmax - tmin) ** 0.5 * 0.408 * et_radiation

        # reshape the dataset from (years, 366) into (total days),
        # i.e. convert from 2-D to 1-D, and truncate to the original length
        result = pet.reshape(-1)[0:original_length]
        duration_ms = (time.perf_counter() - t0) * 1000.0
        log.info(
            "calculation_completed",
            duration_ms=round(duration_ms, 2),
            output_shape=result.shape,
            **(memory_metrics or {}),
        )
        return result
    except Exception as exc:
        log.error(
            "calculation_failed",
            exc_info=True,
            error_type=type(exc).__name__,
            error_message=str(exc),
        )
        raise


eto = types.SimpleNamespace(eto_thornthwaite=eto_thornthwaite)  # adapted: ``from climate_indices import eto``


# --- pm_eto.py --------------------------------------------------------------------------------------------------------
# union type for function signatures
FloatOrArray = float | npt.NDArray[np.floating[Any]]

# specific heat of moist air at constant pressure [MJ kg-1 degC-1]
SPECIFIC_HEAT_MOIST_AIR = 1.013e-3

# ratio of molecular weight of water vapour to dry air (epsilon)
MOLECULAR_WEIGHT_RATIO = 0.622

# latent heat of vaporization at 20 degC [MJ kg-1] (FAO-56 simplification)
LATENT_HEAT_DEFAULT = 2.45

# standard atmospheric pressure at sea level [kPa]
ATMOSPHERIC_PRESSURE_SEA_LEVEL = 101.3

# temperature lapse rate [degC m-1] used in Eq 7
TEMPERATURE_LAPSE_RATE = 0.0065

# base temperature for the standard atmosphere [K]
BASE_TEMPERATURE_K = 293.0

# exponent in the atmospheric pressure equation (Eq 7)
PRESSURE_EXPONENT = 5.26

def atmospheric_pressure(elevation: FloatOrArray) -> FloatOrArray:
    return (
        ATMOSPHERIC_PRESSURE_SEA_LEVEL
        * ((BASE_TEMPERATURE_K - TEMPERATURE_LAPSE_RATE * np.asarray(elevation)) / BASE_TEMPERATURE_K)
        ** PRESSURE_EXPONENT
    )


def latent_heat_of_vaporization(temperature_celsius: FloatOrArray) -> FloatOrArray:
    return 2.501 - 0.002361 * np.asarray(temperature_celsius)


def psychrometric_constant(pressure_kpa: FloatOrArray) -> FloatOrArray:
    return 0.665e-3 * np.asarray(pressure_kpa)


def saturation_vapor_pressure(temperature_celsius: FloatOrArray) -> FloatOrArray:
    t = np.asarray(temperature_celsius)
    return 0.6108 * np.exp(17.27 * t / (t + 237.3))


def vapor_pressure_slope(temperature_celsius: FloatOrArray) -> FloatOrArray:
    t = np.asarray(temperature_celsius)
    e_sat = saturation_vapor_pressure(t)
    return 4098.0 * e_sat / (t + 237.3) ** 2


def mean_saturation_vapor_pressure(
    tmin_celsius: FloatOrArray,
    tmax_celsius: FloatOrArray,
) -> FloatOrArray:
    return (saturation_vapor_pressure(tmin_celsius) + saturation_vapor_pressure(tmax_celsius)) / 2.0


def actual_vapor_pressure_from_dewpoint(
    tdew_celsius: FloatOrArray,
) -> FloatOrArray:
    return saturation_vapor_pressure(tdew_celsius)


def actual_vapor_pressure_from_rhmin_rhmax(
    e_tmin: FloatOrArray,
    e_tmax: FloatOrArray,
    rh_min: FloatOrArray,
    rh_max: FloatOrArray,
) -> FloatOrArray:
    return (np.asarray(e_tmin) * np.asarray(rh_max) / 100.0 + np.asarray(e_tmax) * np.asarray(rh_min) / 100.0) / 2.0  # type: ignore[no-any-return]


def actual_vapor_pressure_from_rhmax(
    e_tmin: FloatOrArray,
    rh_max: FloatOrArray,
) -> FloatOrArray:
    return np.asarray(e_tmin) * np.asarray(rh_max) / 100.0  # type: ignore[no-any-return]


def actual_vapor_pressure_from_rhmean(
    e_s: FloatOrArray,
    rh_mean: FloatOrArray,
) -> FloatOrArray:
    return np.asarray(e_s) * np.asarray(rh_mean) / 100.0  # type: ignore[no-any-return]


def actual_vapor_pressure_from_tmin(
    tmin_celsius: FloatOrArray,
) -> FloatOrArray:
    return saturation_vapor_pressure(np.asarray(tmin_celsius) - 2.0)


def pm_eto(
    net_radiation: FloatOrArray,
    soil_heat_flux: FloatOrArray,
    temperature_celsius: FloatOrArray,
    wind_speed_2m: FloatOrArray,
    saturation_vp: FloatOrArray,
    actual_vp: FloatOrArray,
    delta: FloatOrArray,
    gamma: FloatOrArray,
) -> FloatOrArray:
    rn = np.asarray(net_radiation)
    g = np.asarray(soil_heat_flux)
    t = np.asarray(temperature_celsius)
    u2 = np.asarray(wind_speed_2m)
    e_s = np.asarray(saturation_vp)
    e_a = np.asarray(actual_vp)
    d = np.asarray(delta)
    gam = np.asarray(gamma)

    # numerator: radiation term + aerodynamic term
    numerator = 0.408 * d * (rn - g) + gam * (900.0 / (t + 273.0)) * u2 * (e_s - e_a)

    # denominator
    denominator = d + gam * (1.0 + 0.34 * u2)

    return numerator / denominator  # type: ignore[no-any-return]


# --- indices.py -------------------------------------------------------------------------------------------------------
# valid range for scale parameter
SCALE_MIN = 1
SCALE_MAX = 72

# Hastings inverse normal approximation constants (Abramowitz & Stegun 26.2.23)
# used by EDDI for converting empirical probabilities to z-scores
_HASTINGS_C0 = 2.515517
_HASTINGS_C1 = 0.802853
_HASTINGS_C2 = 0.010328
_HASTINGS_D1 = 1.432788
_HASTINGS_D2 = 0.189269
_HASTINGS_D3 = 0.001308

def _validate_scale(scale: int) -> None:
    if not isinstance(scale, int) or scale < SCALE_MIN or scale > SCALE_MAX:
        message = (
            f"Invalid scale argument: {scale}. "
            f"Scale must be an integer in the range [{SCALE_MIN}, {SCALE_MAX}]. "
            f"Common scales: 1 (monthly), 3 (seasonal), 6 (half-year), 12 (annual)."
        )
        raise InvalidArgumentError(
            message,
            argument_name="scale",
            argument_value=str(scale),
            valid_values=f"[{SCALE_MIN}, {SCALE_MAX}]",
        )


def _validate_periodicity(periodicity: compute.Periodicity) -> None:
    if not isinstance(periodicity, compute.Periodicity):
        message = (  # type: ignore[unreachable]
            f"Invalid periodicity argument: {periodicity}. "
            f"Periodicity must be a Periodicity enum member. "
            f"Supported values: monthly, daily. "
            f"Use compute.Periodicity.monthly or compute.Periodicity.daily."
        )
        raise InvalidArgumentError(
            message,
            argument_name="periodicity",
            argument_value=str(periodicity),
            valid_values="monthly, daily",
        )


def _hastings_inverse_normal(probability: np.ndarray) -> np.ndarray:
    # clip to avoid log(0) or division-by-zero at boundaries
    p = np.clip(probability, 1e-10, 1.0 - 1e-10)

    # work in the lower tail; flip if p > 0.5
    sign = np.where(p <= 0.5, -1.0, 1.0)
    p_lower = np.where(p <= 0.5, p, 1.0 - p)

    # Hastings rational approximation
    t = np.sqrt(-2.0 * np.log(p_lower))
    numerator = _HASTINGS_C0 + t * (_HASTINGS_C1 + t * _HASTINGS_C2)
    denominator = 1.0 + t * (_HASTINGS_D1 + t * (_HASTINGS_D2 + t * _HASTINGS_D3))
    z = sign * (t - numerator / denominator)

    return cast(np.ndarray, z)


def percentage_of_normal(
    values: np.ndarray,
    scale: int,
    data_start_year: int,
    calibration_start_year: int,
    calibration_end_year: int,
    periodicity: compute.Periodicity,
) -> np.ndarray:
    # validate arguments
    _validate_scale(scale)
    _validate_periodicity(periodicity)

    # bind context and emit calculation_started event
    log = _logger.bind(
        index_type="percentage_of_normal",
        scale=scale,
        input_shape=values.shape,
        input_elements=values.size,
    )
    log.info("calculation_started")
    t0 = time.perf_counter()
    memory_metrics = check_large_array_memory(values)

    try:
        # if doing monthly then we'll use 12 periods, corresponding to calendar
        # months, if daily assume years w/366 days
        if periodicity == compute.Periodicity.monthly:
            period_length = 12
        elif periodicity == compute.Periodicity.daily:
            period_length = 366
        else:
            raise InvalidArgumentError(
                f"Unsupported periodicity: {periodicity}. Must be 'monthly' or 'daily'.",
                argument_name="periodicity",
                argument_value=str(periodicity),
                valid_values="Periodicity.monthly or Periodicity.daily",
            )

        # bypass processing if all values are masked
        if isinstance(values, np.ma.MaskedArray) and values.mask.all():
            duration_ms = (time.perf_counter() - t0) * 1000.0
            log.info(
                "calculation_completed",
                duration_ms=round(duration_ms, 2),
                output_shape=values.shape,
                **(memory_metrics or {}),
            )
            return values

        # make sure we've been provided with sane calibration limits
        if data_start_year > calibration_start_year:
            raise InvalidArgumentError(
                "Invalid start year arguments: calibration start year "
                f"({calibration_start_year}) is before the data start year ({data_start_year}).",
                argument_name="calibration_start_year",
                argument_value=str(calibration_start_year),
                valid_values=f">= data_start_year ({data_start_year})",
            )
        if ((calibration_end_year - calibration_start_year + 1) * 12) > values.size:
            raise InvalidArgumentError(
                "Invalid calibration period: total calibration years exceeds the "
                "actual number of years of data. "
                f"Calibration period: {calibration_start_year}-{calibration_end_year}, "
                f"data size: {values.size} values.",
                argument_name="calibration_end_year",
                argument_value=str(calibration_end_year),
                valid_values=f"calibration period must fit within {values.size} data values",
            )

        # get an array containing a sliding sum on the specified time step
        # scale -- i.e. if the scale is 3 then the first two elements will be
        # np.nan, since we need 3 elements to get a sum, and then from the third
        # element to the end the values will equal the sum of the corresponding
        # time step plus the values of the two previous time steps
        scale_sums = compute.sum_to_scale(values, scale)

        # extract the timesteps over which we'll compute the normal
        # average for each time step of the year
        calibration_years = calibration_end_year - calibration_start_year + 1
        calibration_start_index = (calibration_start_year - data_start_year) * period_length
        calibration_end_index = calibration_start_index + (calibration_years * period_length)
        calibration_period_sums = scale_sums[calibration_start_index:calibration_end_index]

        # for each time step in the calibration period, get the average of
        # the scale sum for that calendar time step (i.e. average all January sums,
        # then all February sums, etc.)
        averages = np.full((period_length,), np.nan)
        for i in range(period_length):
            averages[i] = np.nanmean(calibration_period_sums[i::period_length])

        # TODO replace the below loop with a vectorized implementation
        # for each time step of the scale_sums array find its corresponding
        # percentage of the time steps scale average for its respective calendar time step
        percentages_of_normal = np.full(scale_sums.shape, np.nan)
        for i in range(scale_sums.size):
            # make sure we don't have a zero divisor
            divisor = averages[i % period_length]
            if divisor > 0.0:
                percentages_of_normal[i] = scale_sums[i] / divisor

        duration_ms = (time.perf_counter() - t0) * 1000.0
        log.info(
            "calculation_completed",
            duration_ms=round(duration_ms, 2),
            output_shape=percentages_of_normal.shape,
            **(memory_metrics or {}),
        )
        return percentages_of_normal
    except Exception as exc:
        log.error(
            "calculation_failed",
            exc_info=True,
            error_type=type(exc).__name__,
            error_message=str(exc),
            calibration_period=f"{calibration_start_year}-{calibration_end_year}",
        )
        raise


def pet(
    temperature_celsius: np.ndarray,
    latitude_degrees: float | np.ndarray,
    data_start_year: int,
) -> np.ndarray:
    # bind context and emit calculation_started event
    log = _logger.bind(
        index_type="pet_thornthwaite",
        input_shape=temperature_celsius.shape,
        input_elements=temperature_celsius.size,
    )
    log.info("calculation_started")
    t0 = time.perf_counter()
    memory_metrics = check_large_array_memory(temperature_celsius)

    try:
        # make sure we're not dealing with all NaN values
        if np.ma.isMaskedArray(temperature_celsius) and (temperature_celsius.count() == 0):
            # we started with all NaNs for the temperature, so just return the same as PET
            duration_ms = (time.perf_counter() - t0) * 1000.0
            log.info(
                "calculation_completed",
                duration_ms=round(duration_ms, 2),
                output_shape=temperature_celsius.shape,
                **(memory_metrics or {}),
            )
            return temperature_celsius

        # we were passed a vanilla Numpy array, look for indices where the value == NaN
        if np.all(np.isnan(temperature_celsius)):
            # we started with all NaNs for the temperature, so just return the same
            duration_ms = (time.perf_counter() - t0) * 1000.0
            log.info(
                "calculation_completed",
                duration_ms=round(duration_ms, 2),
                output_shape=temperature_celsius.shape,
                **(memory_metrics or {}),
            )
            return temperature_celsius

        # If we've been passed an array of latitude values then just use
        # the first one -- useful when applying this function with xarray.GroupBy
        # or numpy.apply_along_axis() where we've had to duplicate values in a 3-D
        # array of latitudes in order to correspond with a 3-D array of temperatures.
        if isinstance(latitude_degrees, np.ndarray):
            if latitude_degrees.size == 0:
                message = "Invalid latitude value: empty latitude array (must contain at least one value)"
                _logger.error(message)
                raise ValueError(message)
            latitude_degrees = cast(float, latitude_degrees.flat[0])

        # make sure we're not dealing with a NaN or out-of-range latitude value
        if (latitude_degrees is not None) and not np.isnan(latitude_degrees) and (-90.0 < latitude_degrees < 90.0):
            # compute and return the PET values using Thornthwaite's equation
            result = eto.eto_thornthwaite(
                temperature_celsius,
                latitude_degrees,
                data_start_year,
            )
            duration_ms = (time.perf_counter() - t0) * 1000.0
            log.info(
                "calculation_completed",
                duration_ms=round(duration_ms, 2),
                output_shape=result.shape,
                **(memory_metrics or {}),
            )
            return result

        message = (
            f"Invalid latitude value: {latitude_degrees}"
            + " (must be in degrees north, between -90.0 and "
            + "90.0 inclusive)"
        )
        _logger.error(message)
        raise ValueError(message)
    except Exception as exc:
        log.error(
            "calculation_failed",
            exc_info=True,
            error_type=type(exc).__name__,
            error_message=str(exc),
        )
        raise


def pci(
    rainfall_mm: np.ndarray,
) -> np.ndarray:
    # bind context and emit calculation_started event
    log = _logger.bind(
        index_type="pci",
        input_shape=rainfall_mm.shape,
        input_elements=rainfall_mm.size,
    )
    log.info("calculation_started")
    t0 = time.perf_counter()
    memory_metrics = check_large_array_memory(rainfall_mm)

    try:
        # make sure we're not dealing with all NaN values
        if np.ma.isMaskedArray(rainfall_mm) and (rainfall_mm.count() == 0):
            # we started with all NaNs for the rainfall, so just return the same
            duration_ms = (time.perf_counter() - t0) * 1000.0
            log.info(
                "calculation_completed",
                duration_ms=round(duration_ms, 2),
                output_shape=rainfall_mm.shape,
                **(memory_metrics or {}),
            )
            return rainfall_mm

        # we were passed a vanilla Numpy array, look for indices where the value == NaN
        if np.all(np.isnan(rainfall_mm)):
            # we started with all NaNs for the rainfall, so just return the same
            duration_ms = (time.perf_counter() - t0) * 1000.0
            log.info(
                "calculation_completed",
                duration_ms=round(duration_ms, 2),
                output_shape=rainfall_mm.shape,
                **(memory_metrics or {}),
            )
            return rainfall_mm

        # make sure we're not dealing with a NaN or out-of-range or less than the expected rainfall value
        if len(rainfall_mm) == 366 and not sum(np.isnan(rainfall_mm)):
            m = [31, 29, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366]
            start = 0
            numerator = 0
            denominator = 0

            for month in range(12):
                numerator = numerator + (sum(rainfall_mm[start : m[month]]) ** 2)
                denominator = denominator + sum(rainfall_mm[start : m[month]])

                start = m[month]

            result = np.array([(numerator / (denominator**2)) * 100])
            duration_ms = (time.perf_counter() - t0) * 1000.0
            log.info(
                "calculation_completed",
                duration_ms=round(duration_ms, 2),
                output_shape=result.shape,
                **(memory_metrics or {}),
            )
            return result

        if len(rainfall_mm) == 365 and not sum(np.isnan(rainfall_mm)):
            m = [31, 28, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365]
            start = 0
            numerator = 0
            denominator = 0

            for month in range(12):
                numerator = numerator + (sum(rainfall_mm[start : m[month]]) ** 2)
                denominator = denominator + sum(rainfall_mm[start : m[month]])

                start = m[month]

            result = np.array([(numerator / (denominator**2)) * 100])
            duration_ms = (time.perf_counter() - t0) * 1000.0
            log.info(
                "calculation_completed",
                duration_ms=round(duration_ms, 2),
                output_shape=result.shape,
                **(memory_metrics or {}),
            )
            return result

        message = "NaN values exist in the time-series or the total number of days in the year is not 365 or 366."
        _logger.error(message)
        raise InvalidArgumentError(
            message,
            argument_name="rainfall_mm",
            argument_value=f"array with {len(rainfall_mm)} elements",
            valid_values="array length must be a multiple of 365 or 366",
        )
    except Exception as exc:
        log.error(
            "calculation_failed",
            exc_info=True,
            error_type=type(exc).__name__,
            error_message=str(exc),
        )
        raise


# --- palmer.py --------------------------------------------------------------------------------------------------------
AWCTOP = 1.0
K8_SIZE = 40

# Palmer's (1965) fixed national duration-factor parameters. Standard PDSI
# uses these directly; self-calibrating PDSI (scPDSI) fits per-location
# replacements via the same m/b/c relationship (see palmer's scpdsi()).
_PALMER_DURATION_P = 0.897
_PALMER_DURATION_Q = 1.0 / 3.0

def _default_duration_factors() -> tuple[float, float]:
    m = (1.0 - _PALMER_DURATION_P) / _PALMER_DURATION_Q
    b = _PALMER_DURATION_P / _PALMER_DURATION_Q
    return m, b


def _duration_factor_c(m: float, b: float) -> float:
    denominator = m + b
    if denominator == 0:
        raise ValueError("duration-factor slope and intercept must not sum to zero")
    return b / denominator


def _select_duration_factors(data: dict[str, Any]) -> tuple[float, float]:
    if data["x3"] >= 0:
        return data["wetm"], data["wetb"]
    return data["drym"], data["dryb"]


def _get_awc_bot(awc: float) -> float:
    return max(awc - AWCTOP, 0.0)


def _calc_potential_loss(
    pet: float,
    ss: float,
    su: float,
    awc: float,
) -> float:
    awc_bot = _get_awc_bot(awc)
    if ss >= pet:
        return pet
    return min(ss + su, ((pet - ss) * su) / (awc_bot + AWCTOP) + ss)


def _calc_recharge(
    p: float,
    pet: float,
    ss: float,
    su: float,
    awc: float,
) -> tuple[float, float, float, float, float, float]:
    awc_bot = _get_awc_bot(awc)

    # precipitation exceeds potential evaporation
    if p >= pet:
        et = pet
        tl = 0.0

        # excess precipitation recharges under layer as well as upper
        if (p - pet) > (AWCTOP - ss):
            rs = AWCTOP - ss
            sss = AWCTOP

            # both layers can take the entire excess
            if (p - pet - rs) < (awc_bot - su):
                ru = p - pet - rs
                ro = 0.0

            # some runoff occurs
            else:
                ru = awc_bot - su
                ro = p - pet - rs - ru

            ssu = su + ru
            r = rs + ru

        # only top layer recharged
        else:
            r = p - pet
            sss = ss + p - pet
            ssu = su
            ro = 0.0
    # evaporation exceeds precipitation
    else:
        r = 0.0

        # evaporation from surface layer only
        if ss >= (pet - p):
            sl = pet - p
            sss = ss - sl
            ul = 0.0
            ssu = su

        # evaporation from both layers
        else:
            sl = ss
            sss = 0.0
            ul = min(su, (pet - p - sl) * su / awc)
            ssu = su - ul

        tl = sl + ul
        ro = 0.0
        et = p + sl + ul

    return et, tl, r, ro, sss, ssu


def _calc_alpha(data: dict[str, Any]) -> None:
    data["alpha"] = np.zeros(data["petsum"].shape)
    for idx, pet in enumerate(data["petsum"]):
        if pet != 0:
            data["alpha"][idx] = data["etsum"][idx] / pet
        elif data["etsum"][idx] == 0:
            data["alpha"][idx] = 1.0


def _calc_beta(data: dict[str, Any]) -> None:
    data["beta"] = np.zeros(data["prsum"].shape)
    for idx, pr in enumerate(data["prsum"]):
        if pr != 0:
            data["beta"][idx] = data["rsum"][idx] / pr
        elif data["rsum"][idx] == 0:
            data["beta"][idx] = 1.0


def _calc_gamma(data: dict[str, Any]) -> None:
    data["gamma"] = np.zeros(data["spsum"].shape)
    for idx, sp in enumerate(data["spsum"]):
        if sp != 0:
            data["gamma"][idx] = data["rosum"][idx] / sp
        elif data["rosum"][idx] == 0:
            data["gamma"][idx] = 1.0


def _calc_delta(data: dict[str, Any]) -> None:
    data["delta"] = np.zeros(data["plsum"].shape)
    for idx, pl in enumerate(data["plsum"]):
        if pl != 0:
            data["delta"][idx] = data["tlsum"][idx] / pl


def _calc_water_balances(data: dict[str, Any]) -> None:
    ss = AWCTOP
    su = data["awc_bot"]
    for year in range(data["n_years"]):
        for month in range(12):
            p = data["precips"][year, month]
            pet = data["pet"][year, month]
            sp = ss + su
            pr = data["awc_bot"] + AWCTOP - sp

            # Get potential loss
            pl = _calc_potential_loss(pet, ss, su, data["awc"])

            # Calculate recharge, runoff, residual moisture, loss to both
            # surface and under layers, depending on starting moisture
            # content and values of precipitation and evaporation
            et, tl, r, ro, sss, ssu = _calc_recharge(p, pet, ss, su, data["awc"])

            # update sums
            if data["calibration_year_initial_idx"] <= year <= data["calibration_year_final_idx"]:
                data["psum"][month] += p
                data["spsum"][month] += sp
                data["petsum"][month] += pet
                data["plsum"][month] += pl
                data["prsum"][month] += pr
                data["rsum"][month] += r
                data["tlsum"][month] += tl
                data["etsum"][month] += et
                data["rosum"][month] += ro

            # set data
            data["spdat"][year, month] = sp
            data["pldat"][year, month] = pl
            data["prdat"][year, month] = pr
            data["rdat"][year, month] = r
            data["tldat"][year, month] = tl
            data["etdat"][year, month] = et
            data["rodat"][year, month] = ro
            data["sssdat"][year, month] = sss
            data["ssudat"][year, month] = ssu

            # update soil moisture
            ss = sss
            su = ssu


def _calc_cafec_coefficients(data: dict[str, Any]) -> None:
    _calc_alpha(data)
    _calc_beta(data)
    _calc_gamma(data)
    _calc_delta(data)


def _calc_zindex_factors(data: dict[str, Any]) -> None:
    data["trat"] = (data["petsum"] + data["rsum"] + data["rosum"]) / (data["psum"] + data["tlsum"])


def _avg_calibration_sums(data: dict[str, Any]) -> None:
    n_calb_years = data["n_calb_years"]
    data["psum"] = data["psum"] / n_calb_years
    data["spsum"] = data["spsum"] / n_calb_years
    data["petsum"] = data["petsum"] / n_calb_years
    data["plsum"] = data["plsum"] / n_calb_years
    data["prsum"] = data["prsum"] / n_calb_years
    data["rsum"] = data["rsum"] / n_calb_years
    data["tlsum"] = data["tlsum"] / n_calb_years
    data["etsum"] = data["etsum"] / n_calb_years
    data["rosum"] = data["rosum"] / n_calb_years


def _calc_kfactors(data: dict[str, Any]) -> None:
    sabsd = np.zeros((12,))
    for year in range(data["calibration_year_initial_idx"], data["calibration_year_final_idx"] + 1):
        for month in range(12):
            phat = (
                data["alpha"][month] * data["pet"][year, month]
                + data["beta"][month] * data["prdat"][year, month]
                + data["gamma"][month] * data["spdat"][year, month]
                - data["delta"][month] * data["pldat"][year, month]
            )
            d = data["precips"][year, month] - phat
            sabsd[month] += abs(d)

    dbar = sabsd / data["n_calb_years"]
    akhat = 1.5 * np.log10((data["trat"] + 2.8) / dbar) + 0.5
    swtd = np.sum(dbar * akhat)
    data["ak"] = 17.67 * akhat / swtd


def _case(prob: float, x1: float, x2: float, x3: float) -> float:

    # if x3 = 0 the index is near normal and either a dry or wet spell
    # exists. Choose the largest absolute value of x1 or x2
    if x3 == 0:
        if abs(x1) > abs(x2):
            return x1
        return x2

    # A weather spell is established and palm = x3 is final
    if (prob <= 0) or (prob >= 100):
        return x3

    pro = prob / 100
    if x3 <= 0:
        return (1.0 - pro) * x3 + pro * x1

    return (1.0 - pro) * x3 + pro * x2


def _assign(data: dict[str, Any]) -> None:
    year = data["year"]
    month = data["month"]
    data["sx"][data["k8"]] = data["x"][year, month]
    isave = data["iass"]
    if data["k8"] == 0:
        data["pdsi"][year, month] = data["x"][year, month]
        data["phdi"][year, month] = data["px3"][year, month]
        if data["px3"][year, month] == 0:
            data["phdi"][year, month] = data["x"][year, month]

        data["wplm"][year, month] = _case(
            data["ppr"][year, month],
            data["px1"][year, month],
            data["px2"][year, month],
            data["px3"][year, month],
        )
        return

    # use all x3 values
    if data["iass"] == 3:
        for i in range(data["k8"]):
            data["sx"][i] = data["sx3"][i]

    # backtrack through arrays, storing assigned x1 (or x2)
    # in sx until it is zero, then switching to the other until
    # it is zero, etc
    else:
        for i in range(data["k8"] - 1, -1, -1):
            if isave == 2:
                if data["sx2"][i] == 0:
                    isave = 1
                    data["sx"][i] = data["sx1"][i]
                else:
                    isave = 2
                    data["sx"][i] = data["sx2"][i]
            else:
                if data["sx1"][i] == 0:
                    isave = 2
                    data["sx"][i] = data["sx2"][i]
                else:
                    isave = 1
                    data["sx"][i] = data["sx1"][i]

    # proper assignments to array sx have been made, output the mess
    for idx in range(data["k8"] + 1):
        j = int(data["indexj"][idx])
        m = int(data["indexm"][idx])
        data["pdsi"][j, m] = data["sx"][idx]
        data["phdi"][j, m] = data["px3"][j, m]

        if data["px3"][j, m] == 0:
            data["phdi"][j, m] = data["sx"][idx]

        data["wplm"][j, m] = _case(
            data["ppr"][j, m],
            data["px1"][j, m],
            data["px2"][j, m],
            data["px3"][j, m],
        )
    data["k8"] = 0


def _statement_220(data: dict[str, Any]) -> None:
    year = data["year"]
    month = data["month"]
    data["v"] = data["pv"]
    data["pro"] = data["ppr"][year, month]
    data["x1"] = data["px1"][year, month]
    data["x2"] = data["px2"][year, month]
    data["x3"] = data["px3"][year, month]


def _statement_210(data: dict[str, Any]) -> None:
    year = data["year"]
    month = data["month"]
    data["pv"] = 0.0
    data["px1"][year, month] = 0.0
    data["px2"][year, month] = 0.0
    data["ppr"][year, month] = 0.0
    m, b = _select_duration_factors(data)
    data["px3"][year, month] = _duration_factor_c(m, b) * data["x3"] + data["z"][year, month] / (m + b)
    data["x"][year, month] = data["px3"][year, month]

    if data["k8"] == 0:
        data["pdsi"][year, month] = data["x"][year, month]
        data["phdi"][year, month] = data["px3"][year, month]
        if data["px3"][year, month] == 0:
            data["phdi"][year, month] = data["x"][year, month]
        data["wplm"][year, month] = _case(
            data["ppr"][year, month],
            data["px1"][year, month],
            data["px2"][year, month],
            data["px3"][year, month],
        )
    else:
        data["iass"] = 3
        _assign(data)

    _statement_220(data)


def _statement_200(data: dict[str, Any]) -> None:
    year = data["year"]
    month = data["month"]
    wetm, wetb = data["wetm"], data["wetb"]
    data["px1"][year, month] = max(
        0, _duration_factor_c(wetm, wetb) * data["x1"] + data["z"][year, month] / (wetm + wetb)
    )

    # if no existing wet spell or drought
    # x1 becomes the new x3
    if (data["px1"][year, month] >= 1) and (data["px3"][year, month] == 0):
        data["x"][year, month] = data["px1"][year, month]
        data["px3"][year, month] = data["px1"][year, month]
        data["px1"][year, month] = 0
        data["iass"] = 1
        _assign(data)
        _statement_220(data)
        return

    drym, dryb = data["drym"], data["dryb"]
    data["px2"][year, month] = min(
        0.0, _duration_factor_c(drym, dryb) * data["x2"] + data["z"][year, month] / (drym + dryb)
    )

    # if no existing wet spell or drought x2 becomes the new x3
    if (data["px2"][year, month] <= -1) and (data["px3"][year, month] == 0):
        data["x"][year, month] = data["px2"][year, month]
        data["px3"][year, month] = data["px2"][year, month]
        data["px2"][year, month] = 0.0
        data["iass"] = 2
        _assign(data)
        _statement_220(data)
        return

    # No established drought (wet spell), but x3 = 0
    # so either (nonzero) x1 or x2 must be used as x3
    if data["px3"][year, month] == 0:
        if data["px1"][year, month] == 0:
            data["x"][year, month] = data["px2"][year, month]
            data["iass"] = 2
            _assign(data)
            _statement_220(data)
            return

        if data["px2"][year, month] == 0:
            data["x"][year, month] = data["px1"][year, month]
            data["iass"] = 1
            _assign(data)
            _statement_220(data)
            return

    # at this point there is no determed value to assign to x,
    # all the values of x1, x2, and x3 are saved. Ata a later
    # time x3 will reach a value where it is the value of x (pdsi).
    # At that time, the assign method backtracs through choosing
    # the appropriate x1 or x2 to be that month's x.
    if data["k8"] >= data["sx"].shape[0] + 1:
        vals = [0] * (data["k8"] - data["sx"].shape[0] + 2)
        data["sx"] = np.append(data["sx"], vals)
        data["sx1"] = np.append(data["sx1"], vals)
        data["sx2"] = np.append(data["sx2"], vals)
        data["sx3"] = np.append(data["sx3"], vals)
        data["indexj"] = np.append(data["indexj"], vals)
        data["indexm"] = np.append(data["indexm"], vals)

    data["sx1"][data["k8"]] = data["px1"][year, month]
    data["sx2"][data["k8"]] = data["px2"][year, month]
    data["sx3"][data["k8"]] = data["px3"][year, month]
    data["x"][year, month] = data["px3"][year, month]
    data["k8"] += 1
    data["k8max"] = data["k8"]

    _statement_220(data)


def _statement_190(data: dict[str, Any]) -> None:
    year = data["year"]
    month = data["month"]
    if data["pro"] == 100:
        q = data["ze"]
    else:
        q = data["ze"] + data["v"]

    data["ppr"][year, month] = (data["pv"] / q) * 100

    if data["ppr"][year, month] >= 100:
        data["ppr"][year, month] = 100
        data["px3"][year, month] = 0
    else:
        m, b = _select_duration_factors(data)
        data["px3"][year, month] = _duration_factor_c(m, b) * data["x3"] + data["z"][year, month] / (m + b)

    _statement_200(data)


def _statement_180(data: dict[str, Any]) -> None:
    year = data["year"]
    month = data["month"]
    data["uw"] = data["z"][year, month] + 0.15
    data["pv"] = data["uw"] + max(data["v"], 0.0)

    # During a drought, PV <= 0 implies prob(end) has returned to 0
    if data["pv"] <= 0:
        _statement_210(data)
        return

    m, b = data["drym"], data["dryb"]
    data["ze"] = -b * data["x3"] - 0.5 * (m + b)
    _statement_190(data)


def _statement_170(data: dict[str, Any]) -> None:
    year = data["year"]
    month = data["month"]
    data["ud"] = data["z"][year, month] - 0.15
    data["pv"] = data["ud"] + min(data["v"], 0.0)

    # During a wet spell, PV >= 0 implies prob(end) has returned to 0
    if data["pv"] >= 0:
        _statement_210(data)
        return

    m, b = data["wetm"], data["wetb"]
    data["ze"] = -b * data["x3"] + 0.5 * (m + b)
    _statement_190(data)


def _calc_zindex(data: dict[str, Any]) -> None:
    for year in range(data["n_years"]):
        for month in range(12):
            data["year"] = year
            data["month"] = month
            k8 = int(data["k8"])
            data["indexj"][k8] = year
            data["indexm"][k8] = month
            data["ze"] = 0.0
            data["ud"] = 0.0
            data["uw"] = 0.0
            cet = data["alpha"][month] * data["pet"][year, month]
            cr = data["beta"][month] * data["prdat"][year, month]
            cro = data["gamma"][month] * data["spdat"][year, month]
            cl = data["delta"][month] * data["pldat"][year, month]
            data["cp"][year, month] = cet + cr + cro - cl
            cd = data["precips"][year, month] - data["cp"][year, month]
            data["z"][year, month] = data["ak"][month] * cd

            # No abatement underway, wet or drought will end if -.5 <= X3 <= .5
            if (data["pro"] == 100) or (data["pro"] == 0):
                # End of drought or wet
                if -0.5 <= data["x3"] <= 0.5:
                    data["pv"] = 0.0
                    data["ppr"][year, month] = 0.0
                    data["px3"][year, month] = 0.0
                    # check for new wet or drought start
                    _statement_200(data)
                    continue
                # We are in a wet spell
                elif data["x3"] > 0.5:
                    # The wet spell intensifies
                    if data["z"][year, month] >= 0.15:
                        _statement_210(data)
                        continue
                    # The wet spell starts to abate (and may end)
                    else:
                        _statement_170(data)
                        continue
                # We are in a drought
                elif data["x3"] < -0.5:
                    # The drought intensifies
                    if data["z"][year, month] <= -0.15:
                        _statement_210(data)
                        continue
                    # The drought starts to abate (and may end)
                    else:
                        _statement_180(data)
                        continue

            # Abatement is underway
            else:
                # We are in a wet spell
                if data["x3"] > 0:
                    _statement_170(data)
                    continue
                # We are in a drought
                elif data["x3"] <= 0:
                    _statement_180(data)
                    continue

            _statement_170(data)
            continue


def _finish_up(data: dict[str, Any]) -> None:
    for k8 in range(data["k8max"]):
        i = int(data["indexj"][k8])
        j = int(data["indexm"][k8])
        i_end = data["precips"].shape[0] - 1
        data["pdsi"][i, j] = data["x"][i, j]
        data["phdi"][i, j] = data["px3"][i, j]

        if data["px3"][i, j] == 0:
            data["phdi"][i, j] = data["x"][i, j]

        data["wplm"][i, j] = _case(
            data["ppr"][i_end, 11],
            data["px1"][i_end, 11],
            data["px2"][i_end, 11],
            data["px3"][i_end, 11],
        )


def _validate_fitting_params(data: dict[str, Any], fitting_params: dict[str, Any] | None) -> None:
    if fitting_params is None:
        data["calibrate"] = True
    else:
        data["calibrate"] = False
        for param in ["alpha", "beta", "gamma", "delta"]:
            if (
                param in fitting_params
                and isinstance(fitting_params[param], list | tuple | np.ndarray)
                and len(fitting_params[param]) == 12
            ):
                data[param] = np.array(fitting_params[param])
            else:
                data["calibrate"] = True
                break


def _initialize_data(
    precips: np.ndarray,
    pet: np.ndarray,
    awc: float,
    data_start_year: int,
    calibration_year_initial: int,
    calibration_year_final: int,
    fitting_params: dict[str, Any] | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {}
    # reshape precipitation values to (years, 12)
    data["precips"] = utils.reshape_to_2d(precips, 12)
    data["pet"] = utils.reshape_to_2d(pet, 12)
    n_years = int(data["precips"].shape[0])
    data["awc"] = awc
    data["awc_bot"] = _get_awc_bot(awc)
    data["n_years"] = n_years
    data["n_calb_years"] = calibration_year_final - calibration_year_initial + 1
    data["calibration_year_initial_idx"] = calibration_year_initial - data_start_year
    data["calibration_year_final_idx"] = calibration_year_final - data_start_year

    data["psum"] = np.zeros((12,))
    data["spsum"] = np.zeros((12,))
    data["petsum"] = np.zeros((12,))
    data["plsum"] = np.zeros((12,))
    data["prsum"] = np.zeros((12,))
    data["rsum"] = np.zeros((12,))
    data["tlsum"] = np.zeros((12,))
    data["etsum"] = np.zeros((12,))
    data["rosum"] = np.zeros((12,))
    data["spdat"] = np.full((n_years, 12), np.nan)
    data["pldat"] = np.full((n_years, 12), np.nan)
    data["prdat"] = np.full((n_years, 12), np.nan)
    data["rdat"] = np.full((n_years, 12), np.nan)
    data["tldat"] = np.full((n_years, 12), np.nan)
    data["etdat"] = np.full((n_years, 12), np.nan)
    data["rodat"] = np.full((n_years, 12), np.nan)
    data["sssdat"] = np.full((n_years, 12), np.nan)
    data["ssudat"] = np.full((n_years, 12), np.nan)

    data["v"] = 0.0
    data["pro"] = 0.0
    data["x1"] = 0.0
    data["x2"] = 0.0
    data["x3"] = 0.0
    data["k8"] = 0
    data["k8max"] = 0
    data["indexj"] = np.full((K8_SIZE,), np.nan)
    data["indexm"] = np.full((K8_SIZE,), np.nan)
    data["pdsi"] = np.full((n_years, 12), np.nan)
    data["phdi"] = np.full((n_years, 12), np.nan)
    data["z"] = np.full((n_years, 12), np.nan)
    data["wplm"] = np.full((n_years, 12), np.nan)
    data["cp"] = np.full((n_years, 12), np.nan)
    data["ppr"] = np.zeros((n_years, 12))
    data["px1"] = np.zeros((n_years, 12))
    data["px2"] = np.zeros((n_years, 12))
    data["px3"] = np.zeros((n_years, 12))
    data["sx"] = np.zeros((K8_SIZE,))
    data["sx1"] = np.zeros((K8_SIZE,))
    data["sx2"] = np.zeros((K8_SIZE,))
    data["sx3"] = np.zeros((K8_SIZE,))
    data["x"] = np.zeros((n_years, 12))

    # duration factors: default to Palmer's fixed national values. scPDSI
    # (see palmer.scpdsi()) overrides these four keys with per-location
    # fitted values after calling this function.
    default_m, default_b = _default_duration_factors()
    data["wetm"], data["wetb"] = default_m, default_b
    data["drym"], data["dryb"] = default_m, default_b

    _validate_fitting_params(data, fitting_params)

    return data


def pdsi(
    precips: np.ndarray,
    pet: np.ndarray,
    awc: float,
    data_start_year: int,
    calibration_year_initial: int,
    calibration_year_final: int,
    fitting_params: dict[str, Any] | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any] | None]:

    # bind structured logging context for this calculation
    log = _logger.bind(
        index_type="pdsi",
        awc=awc,
        data_start_year=data_start_year,
        calibration_year_initial=calibration_year_initial,
        calibration_year_final=calibration_year_final,
        input_shape=precips.shape,
        input_elements=precips.size,
    )
    log.info("calculation_started")
    t0 = time.perf_counter()

    try:
        # if we're passed all missing values then we can't compute anything,
        # so we return the same array of missing values
        if (isinstance(precips, np.ma.MaskedArray) and precips.mask.all()) or np.all(np.isnan(precips)):
            duration_ms = (time.perf_counter() - t0) * 1000.0
            log.info(
                "calculation_completed",
                duration_ms=round(duration_ms, 2),
                result="all_missing",
            )
            return precips, precips, precips, precips, None

        # validate that the two input arrays are compatible
        if precips.size != pet.size:
            message = "Incompatible precipitation and PET arrays"
            log.error("validation_failed", reason=message)
            raise ValueError(message)

        # clip any negative values to zero
        if np.amin(precips) < 0.0:
            log.warning("negative_values_clipped", field="precips")
            precips = np.clip(precips, a_min=0.0, a_max=None)

        # remember the original length of the input array, in order to facilitate
        # returning an array of the same size
        original_length = precips.size

        # Initialize data
        data = _initialize_data(
            precips=precips,
            pet=pet,
            awc=awc,
            data_start_year=data_start_year,
            calibration_year_initial=calibration_year_initial,
            calibration_year_final=calibration_year_final,
            fitting_params=fitting_params,
        )

        # Water balance calcs
        _calc_water_balances(data)

        # Get Cafec coefficients
        if data["calibrate"]:
            _calc_cafec_coefficients(data)

        # Calculate Z-Index weighting factors (variable AK)
        _calc_zindex_factors(data)

        # Sum variables now become averages over the calibration period
        # (currently not used - uncomment if want to export later)
        # _avg_calibration_sums(data)

        # reread monthly parameters for calculation of the 'K' monthly
        # weighting factors used in z-index calculation
        _calc_kfactors(data)

        # Calculate the z-index (moisture anomaly) and pdsi (variable x)
        _calc_zindex(data)

        _finish_up(data)

        # Format values
        pdsi_result = data["pdsi"].flatten()[0:original_length]
        phdi = data["phdi"].flatten()[0:original_length]
        wplm = data["wplm"].flatten()[0:original_length]
        z = data["z"].flatten()[0:original_length]
        params = {key: data[key] for key in ["alpha", "beta", "gamma", "delta"]}

        duration_ms = (time.perf_counter() - t0) * 1000.0
        log.info(
            "calculation_completed",
            duration_ms=round(duration_ms, 2),
            output_elements=pdsi_result.size,
        )

        return pdsi_result, phdi, wplm, z, params

    except Exception:
        duration_ms = (time.perf_counter() - t0) * 1000.0
        log.error("calculation_failed", duration_ms=round(duration_ms, 2))
        raise



# --- wrappers -------------------------------------------------------------------------------------------------------
def palmer_initialize(precips, pet, awc):
    return _initialize_data(precips, pet, awc, 2000, 2000, 2002)


def palmer_water_balances(precips, pet, awc):
    data = _initialize_data(precips, pet, awc, 2000, 2000, 2002)
    _calc_water_balances(data)
    return {k: data[k] for k in ("spdat", "pldat", "prdat", "rdat", "tldat", "etdat", "rodat", "sssdat", "ssudat", "psum", "petsum", "etsum")}


def palmer_cafec(precips, pet, awc):
    data = _initialize_data(precips, pet, awc, 2000, 2000, 2002)
    _calc_water_balances(data)
    _calc_cafec_coefficients(data)
    return {k: data[k] for k in ("alpha", "beta", "gamma", "delta")}


def palmer_kfactors(precips, pet, awc):
    data = _initialize_data(precips, pet, awc, 2000, 2000, 2002)
    _calc_water_balances(data)
    _calc_cafec_coefficients(data)
    _calc_zindex_factors(data)
    _calc_kfactors(data)
    return data["trat"], data["ak"]


def palmer_avg_sums(precips, pet, awc):
    data = _initialize_data(precips, pet, awc, 2000, 2000, 2002)
    _calc_water_balances(data)
    _avg_calibration_sums(data)
    return {k: data[k] for k in ("psum", "spsum", "petsum", "plsum", "prsum", "rsum", "tlsum", "etsum", "rosum")}


def palmer_zindex(precips, pet, awc):
    data = _initialize_data(precips, pet, awc, 2000, 2000, 2002)
    _calc_water_balances(data)
    _calc_cafec_coefficients(data)
    _calc_zindex_factors(data)
    _calc_kfactors(data)
    _calc_zindex(data)
    return data["z"], data["px1"], data["px2"], data["px3"], data["ppr"]


def pdsi_of(precips, pet, awc):
    return pdsi(precips, pet, awc, 2000, 2000, 2002)


def pdsi_fitted(precips, pet, awc, alpha, beta, gamma, delta):
    return pdsi(precips, pet, awc, 2000, 2000, 2002, {"alpha": alpha, "beta": beta, "gamma": gamma, "delta": delta})


def calc_alpha_of(petsum, etsum):
    data = {"petsum": petsum, "etsum": etsum}
    _calc_alpha(data)
    return data["alpha"]


def calc_delta_of(plsum, tlsum):
    data = {"plsum": plsum, "tlsum": tlsum}
    _calc_delta(data)
    return data["delta"]


def should_fallback(values):
    return DistributionFallbackStrategy().should_fallback_from_excessive_nans(values)


# --- inputs ---------------------------------------------------------------------------------------------------------
def _precips(rng: np.random.Generator, years: int = 3) -> np.ndarray:
    p = rng.gamma(2.0, 1.5, 12 * years)
    p[[4, 17]] = 0.0
    return p


def _pet(rng: np.random.Generator, years: int = 3) -> np.ndarray:
    months = np.arange(12 * years)
    return 2.5 - 2.0 * np.cos(2.0 * np.pi * months / 12.0) + 0.2 * rng.uniform(size=12 * years)


def _palmer(rng: np.random.Generator) -> tuple:
    return _precips(rng), _pet(rng), np.float64(5.0 + rng.uniform())


def _temps(rng: np.random.Generator, years: int = 3) -> np.ndarray:
    months = np.arange(12 * years)
    return 12.0 - 12.0 * np.cos(2.0 * np.pi * months / 12.0) + rng.normal(size=12 * years)


def _daily_temps(rng: np.random.Generator) -> tuple:
    days = np.arange(366)
    tmean = 12.0 - 10.0 * np.cos(2.0 * np.pi * days / 366.0) + rng.normal(size=366)
    spread = rng.uniform(4.0, 8.0, 366)
    return tmean - spread, tmean + spread, tmean


def _f(rng: np.random.Generator, lo: float, hi: float) -> np.float64:
    return np.float64(rng.uniform(lo, hi))


def _monthly_2d(rng: np.random.Generator) -> np.ndarray:
    p = rng.gamma(2.0, 1.5, (8, 12))
    p[[1, 3, 6], 2] = 0.0
    return p


def _pearson_inputs(rng: np.random.Generator) -> tuple:
    values = _monthly_2d(rng)
    prob_zero = (values == 0).mean(axis=0)
    return values, prob_zero, rng.uniform(0.5, 1.5, 12), np.full(12, 3.0), rng.uniform(1.5, 2.5, 12)


P = "palmer.py"
U = "utils.py"
C = "compute.py"

CASES = [
    # palmer.py
    case(_default_duration_factors, lambda rng: (), CI(P, "_default_duration_factors")),
    case(_duration_factor_c, lambda rng: (_f(rng, 0.2, 0.4), _f(rng, 2.5, 2.8)), CI(P, "_duration_factor_c")),
    case(_get_awc_bot, lambda rng: (_f(rng, 4.0, 6.0),), CI(P, "_get_awc_bot")),
    case(_calc_potential_loss, lambda rng: (_f(rng, 0.2, 0.5), _f(rng, 0.6, 0.9), _f(rng, 2.0, 3.0), 5.0), CI(P, "_calc_potential_loss", "ss >= pet")),
    case(_calc_potential_loss, lambda rng: (_f(rng, 2.0, 3.0), _f(rng, 0.2, 0.5), _f(rng, 2.0, 3.0), 5.0), CI(P, "_calc_potential_loss", "ss < pet"), name="climate_indices._calc_potential_loss_deficit"),
    case(_calc_recharge, lambda rng: (_f(rng, 6.0, 7.0), _f(rng, 1.0, 2.0), _f(rng, 0.5, 0.6), _f(rng, 3.0, 3.5), 5.0), CI(P, "_calc_recharge", "p >= pet, both layers filled, runoff")),
    case(_calc_recharge, lambda rng: (_f(rng, 2.2, 2.5), _f(rng, 1.0, 2.0), _f(rng, 0.5, 0.6), _f(rng, 1.0, 1.5), 5.0), CI(P, "_calc_recharge", "p >= pet, both layers take the excess"), name="climate_indices._calc_recharge_under"),
    case(_calc_recharge, lambda rng: (_f(rng, 2.0, 2.1), _f(rng, 1.8, 1.9), _f(rng, 0.5, 0.6), _f(rng, 1.0, 1.5), 5.0), CI(P, "_calc_recharge", "p >= pet, the top layer only"), name="climate_indices._calc_recharge_top"),
    case(_calc_recharge, lambda rng: (_f(rng, 0.5, 1.0), _f(rng, 3.0, 4.0), _f(rng, 0.5, 0.6), _f(rng, 1.0, 1.5), 5.0), CI(P, "_calc_recharge", "pet > p: evaporation from both layers"), name="climate_indices._calc_recharge_dry"),
    case(_case, lambda rng: (_f(rng, 20.0, 60.0), _f(rng, 0.5, 1.0), _f(rng, -1.0, -0.5), np.float64(0.0)), CI(P, "_case", "x3 == 0")),
    case(_case, lambda rng: (_f(rng, 20.0, 60.0), _f(rng, 0.5, 1.0), _f(rng, -1.0, -0.5), _f(rng, -2.0, -1.0)), CI(P, "_case", "0 < prob < 100, x3 < 0"), name="climate_indices._case_drought"),
    case(_case, lambda rng: (np.float64(100.0), _f(rng, 0.5, 1.0), _f(rng, -1.0, -0.5), _f(rng, 1.0, 2.0)), CI(P, "_case", "prob = 100: x3"), name="climate_indices._case_final"),
    case(calc_alpha_of, lambda rng: (np.array([1.0, 0.0, 2.0, 0.0] * 3) * rng.uniform(1.0, 2.0, 12), np.array([0.5, 0.0, 1.0, 0.7] * 3)), CI(P, "_calc_alpha", "a dict of the two sums it reads (a wrapper)")),
    case(calc_delta_of, lambda rng: (np.array([1.0, 0.0, 2.0, 0.0] * 3) * rng.uniform(1.0, 2.0, 12), np.array([0.5, 0.0, 1.0, 0.7] * 3)), CI(P, "_calc_delta", "a dict of the two sums it reads (a wrapper)")),
    case(palmer_initialize, _palmer, CI(P, "_initialize_data / _validate_fitting_params / utils.reshape_to_2d", "start 2000, calibration 2000-2002 (a one-line wrapper)")),
    case(palmer_water_balances, _palmer, CI(P, "_calc_water_balances / _calc_potential_loss / _calc_recharge", "after _initialize_data (a wrapper)")),
    case(palmer_cafec, _palmer, CI(P, "_calc_cafec_coefficients / _calc_alpha ... _calc_delta", "after the water balances (a wrapper)")),
    case(palmer_kfactors, _palmer, CI(P, "_calc_zindex_factors / _calc_kfactors", "pdsi's stages in order (a wrapper)")),
    case(palmer_avg_sums, _palmer, CI(P, "_avg_calibration_sums", "after the water balances (a wrapper)")),
    case(palmer_zindex, _palmer, CI(P, "_calc_zindex / _statement_170 ... _statement_220 / _assign / _case", "pdsi's stages in order (a wrapper)")),
    case(pdsi_of, _palmer, CI(P, "pdsi", "start 2000, calibration 2000-2002, fitting_params=None (a one-line wrapper)")),
    case(pdsi_of, lambda rng: (_precips(rng) - 0.3, _pet(rng), np.float64(5.0 + rng.uniform())), CI(P, "pdsi", "negative precipitation clipped"), name="climate_indices.pdsi_clipped"),
    case(pdsi_fitted, lambda rng: (*_palmer(rng), np.full(12, 0.9), np.full(12, 0.5), np.full(12, 0.3), np.full(12, 0.6)), CI(P, "pdsi / _validate_fitting_params", "fitting_params of four arrays of 12 (a one-line wrapper)")),
    # eto.py
    case(_sunset_hour_angle, lambda rng: (_f(rng, 0.5, 0.9), _f(rng, -0.3, 0.3)), CI("eto.py", "_sunset_hour_angle")),
    case(_solar_declination, lambda rng: (np.int64(rng.integers(1, 366)),), CI("eto.py", "_solar_declination", "a NumPy integer day")),
    case(_daylight_hours, lambda rng: (_f(rng, 1.0, 2.0),), CI("eto.py", "_daylight_hours")),
    case(_monthly_mean_daylight_hours, lambda rng: (_f(rng, 0.5, 0.9), True), CI("eto.py", "_monthly_mean_daylight_hours", "leap=True")),
    case(eto_thornthwaite, lambda rng: (_temps(rng), _f(rng, 30.0, 50.0), 2000), CI("eto.py", "eto_thornthwaite", "three years from 2000 (a leap year)")),
    case(eto_thornthwaite, lambda rng: (_temps(rng), 40.0, 2001), CI("eto.py", "eto_thornthwaite", "latitude a Python float, from 2001"), name="climate_indices.eto_thornthwaite_lat"),
    case(eto_hargreaves, lambda rng: (*_daily_temps(rng), 40.0), CI("eto.py", "eto_hargreaves", "a year of 366 days, latitude 40")),
    # pm_eto.py
    case(atmospheric_pressure, lambda rng: (rng.uniform(0.0, 2000.0, 5),), CI("pm_eto.py", "atmospheric_pressure")),
    case(latent_heat_of_vaporization, lambda rng: (rng.uniform(0.0, 35.0, 5),), CI("pm_eto.py", "latent_heat_of_vaporization")),
    case(vapor_pressure_slope, lambda rng: (rng.uniform(0.0, 35.0, 5),), CI("pm_eto.py", "vapor_pressure_slope / saturation_vapor_pressure")),
    case(mean_saturation_vapor_pressure, lambda rng: (rng.uniform(5.0, 15.0, 5), rng.uniform(20.0, 35.0, 5)), CI("pm_eto.py", "mean_saturation_vapor_pressure")),
    case(actual_vapor_pressure_from_rhmin_rhmax, lambda rng: (rng.uniform(1.0, 2.0, 5), rng.uniform(3.0, 5.0, 5), rng.uniform(30.0, 50.0, 5), rng.uniform(70.0, 95.0, 5)), CI("pm_eto.py", "actual_vapor_pressure_from_rhmin_rhmax")),
    case(actual_vapor_pressure_from_tmin, lambda rng: (_f(rng, 5.0, 15.0),), CI("pm_eto.py", "actual_vapor_pressure_from_tmin", "a NumPy float")),
    case(psychrometric_constant, lambda rng: (atmospheric_pressure(rng.uniform(0.0, 2000.0, 5)),), CI("pm_eto.py", "psychrometric_constant")),
    case(pm_eto, lambda rng: (rng.uniform(10.0, 15.0, 5), np.zeros(5), rng.uniform(15.0, 25.0, 5), rng.uniform(1.0, 3.0, 5), rng.uniform(2.5, 3.5, 5), rng.uniform(1.2, 2.0, 5), rng.uniform(0.1, 0.2, 5), np.full(5, 0.067)), CI("pm_eto.py", "pm_eto")),
    # lmoments.py
    case(fit, lambda rng: (rng.gamma(2.0, 1.5, 30),), CI("lmoments.py", "fit / _estimate_lmoments / _estimate_pearson3_parameters")),
    case(_estimate_lmoments, lambda rng: (np.where(np.arange(30) % 7 == 3, np.nan, rng.gamma(2.0, 1.5, 30)),), CI("lmoments.py", "_estimate_lmoments", "four NaN among 30 values")),
    case(_estimate_pearson3_parameters, lambda rng: (np.array([3.0, 1.0, 0.0]) + rng.uniform(0.0, 0.1, 3) * np.array([1.0, 1.0, 1.5]),), CI("lmoments.py", "_estimate_pearson3_parameters", "L-skewness below 1/3")),
    case(_estimate_pearson3_parameters, lambda rng: (np.array([3.0, 1.0, -0.5]) + rng.uniform(0.0, 0.1, 3),), CI("lmoments.py", "_estimate_pearson3_parameters", "negative L-skewness above 1/3 in size"), name="climate_indices._estimate_pearson3_parameters_skewed"),
    # utils.py
    case(count_zeros_and_non_missings, lambda rng: (np.where(np.arange(20) % 5 == 0, 0.0, np.where(np.arange(20) % 7 == 1, np.nan, rng.uniform(1.0, 2.0, 20))),), CI(U, "count_zeros_and_non_missings")),
    case(get_tolerance, lambda rng: (np.cumsum(rng.uniform(0.5, 1.5, 10)),), CI(U, "get_tolerance")),
    case(sign_change, lambda rng: (rng.normal(size=(3, 4)), rng.normal(size=(3, 4))), CI(U, "sign_change")),
    case(is_data_valid, lambda rng: (rng.normal(size=10),), CI(U, "is_data_valid")),
    case(rmse, lambda rng: (rng.normal(size=10), rng.normal(size=10)), CI(U, "rmse")),
    case(reshape_to_2d, lambda rng: (rng.normal(size=30), 12), CI(U, "reshape_to_2d", "30 months padded to 3 years")),
    case(gregorian_length_as_366day, lambda rng: (800, 2003), CI(U, "gregorian_length_as_366day", "Python integers only")),
    case(transform_to_366day, lambda rng: (rng.normal(size=731), 2003, 2), CI(U, "transform_to_366day", "2003 and 2004")),
    case(transform_to_gregorian, lambda rng: (rng.normal(size=732), 2003), CI(U, "transform_to_gregorian", "2003 and 2004")),
    # compute.py
    case(sum_to_scale, lambda rng: (rng.gamma(2.0, 1.5, 24), 3), CI(C, "sum_to_scale", "scale=3")),
    case(_probability_of_zero, lambda rng: (_monthly_2d(rng),), CI(C, "_probability_of_zero / utils.count_zeros_and_non_missings")),
    case(_validate_array, lambda rng: (rng.gamma(2.0, 1.5, 30), Periodicity.monthly), CI(C, "_validate_array", "a 1-D monthly series")),
    case(scale_values, lambda rng: (rng.gamma(2.0, 1.5, 36) - 0.2, 3, Periodicity.monthly), CI(C, "scale_values / sum_to_scale", "some negative values clipped")),
    case(_replace_zeros_with_nan, lambda rng: (_monthly_2d(rng),), CI(C, "_replace_zeros_with_nan")),
    case(calculate_time_step_params, lambda rng: (np.where(np.arange(20) % 6 == 0, 0.0, rng.gamma(2.0, 1.5, 20)),), CI(C, "calculate_time_step_params / lmoments.fit")),
    case(_pearson_fit, _pearson_inputs, CI(C, "_pearson_fit / _minimum_possible")),
    case(pearson_parameters, lambda rng: (_monthly_2d(rng), 2000, 2000, 2007, Periodicity.monthly), CI(C, "pearson_parameters / _check_calibration_data_quality / _check_goodness_of_fit_pearson", "eight years, calibration 2000-2007")),
    case(transform_fitted_pearson, lambda rng: (_monthly_2d(rng), 2000, 2000, 2007, Periodicity.monthly), CI(C, "transform_fitted_pearson / pearson_parameters / _pearson_fit", "parameters fitted")),
    case(gamma_parameters, lambda rng: (_monthly_2d(rng), 2000, 2000, 2007, Periodicity.monthly), CI(C, "gamma_parameters / _check_goodness_of_fit_gamma")),
    case(transform_fitted_gamma, lambda rng: (_monthly_2d(rng), 2000, 2000, 2007, Periodicity.monthly), CI(C, "transform_fitted_gamma / gamma_parameters", "parameters fitted")),
    case(should_fallback, lambda rng: (np.where(np.arange(10) % 3 == 0, np.nan, rng.normal(size=10)),), CI(C, "DistributionFallbackStrategy.should_fallback_from_excessive_nans", "a fresh strategy (a one-line wrapper)")),
    # indices.py
    case(_hastings_inverse_normal, lambda rng: (rng.uniform(0.0, 1.0, 10),), CI("indices.py", "_hastings_inverse_normal")),
    case(percentage_of_normal, lambda rng: (rng.gamma(2.0, 1.5, 36), 3, 2000, 2000, 2002, Periodicity.monthly), CI("indices.py", "percentage_of_normal / _validate_scale / _validate_periodicity", "scale=3, monthly")),
    case(pet, lambda rng: (_temps(rng), _f(rng, 30.0, 50.0), 2000), CI("indices.py", "pet / eto.eto_thornthwaite", "latitude a NumPy float")),
    case(pci, lambda rng: (rng.gamma(0.5, 4.0, 365),), CI("indices.py", "pci", "365 days")),
    case(pci, lambda rng: (rng.gamma(0.5, 4.0, 366),), CI("indices.py", "pci", "366 days"), name="climate_indices.pci_leap"),
]
