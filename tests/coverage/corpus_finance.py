"""Performance and risk statistics of returns from empyrical (quantopian/empyrical, Apache-2.0).

Copied from quantopian/empyrical at 40f61b4f229df10898d46d08f7b1bdc543c0f99c (empyrical/stats.py,
empyrical/utils.py, empyrical/periods.py); docstrings and comments dropped. ``nanmean``, ``nanstd``
and ``nanmin`` are NumPy's, as in utils.py when bottleneck is not installed. pandas is not installed
here: ``pd`` is a stand-in whose ``DataFrame`` and ``Series`` no array is an instance of, so the
source's ``isinstance(returns, pd.DataFrame)`` tests stay in the code and take the ndarray path.
``downside_risk`` and ``sortino_ratio`` are left out: they use ``np.NINF``, which NumPy 2 removed.
"""

# ruff: noqa: E501, N802, N803, N806, UP008, SIM108, PLR5501, RET505, B904, UP030, UP032
from __future__ import annotations

import types
from math import pow
from sys import float_info

import numpy as np
from numpy.lib.stride_tricks import as_strided
from scipy import stats

from tests.coverage.cases import EMP, case

pd = types.SimpleNamespace(DataFrame=type("DataFrame", (), {}), Series=type("Series", (), {}))  # see the docstring

# empyrical/utils.py (the NumPy fallback)
nanmean = np.nanmean
nanstd = np.nanstd
nanmin = np.nanmin

# empyrical/periods.py
APPROX_BDAYS_PER_MONTH = 21
APPROX_BDAYS_PER_YEAR = 252
MONTHS_PER_YEAR = 12
WEEKS_PER_YEAR = 52
QTRS_PER_YEAR = 4
DAILY = 'daily'
WEEKLY = 'weekly'
MONTHLY = 'monthly'
QUARTERLY = 'quarterly'
YEARLY = 'yearly'
ANNUALIZATION_FACTORS = {DAILY: APPROX_BDAYS_PER_YEAR, WEEKLY: WEEKS_PER_YEAR, MONTHLY: MONTHS_PER_YEAR, QUARTERLY: QTRS_PER_YEAR, YEARLY: 1}


# empyrical/utils.py
def rolling_window(array, length, mutable=False):
    if not length:
        raise ValueError("Can't have 0-length window")
    orig_shape = array.shape
    if not orig_shape:
        raise IndexError("Can't restride a scalar.")
    elif orig_shape[0] < length:
        raise IndexError("Can't restride array of shape {shape} with a window length of {len}".format(shape=orig_shape, len=length))
    num_windows = orig_shape[0] - length + 1
    new_shape = (num_windows, length) + orig_shape[1:]
    new_strides = (array.strides[0],) + array.strides
    out = as_strided(array, new_shape, new_strides)
    out.setflags(write=mutable)
    return out


# empyrical/stats.py
def _adjust_returns(returns, adjustment_factor):
    if isinstance(adjustment_factor, (float, int)) and adjustment_factor == 0:
        return returns
    return returns - adjustment_factor


def annualization_factor(period, annualization):
    if annualization is None:
        try:
            factor = ANNUALIZATION_FACTORS[period]
        except KeyError:
            raise ValueError("Period cannot be '{}'. Can be '{}'.".format(period, "', '".join(ANNUALIZATION_FACTORS.keys())))
    else:
        factor = annualization
    return factor


def simple_returns(prices):
    if isinstance(prices, (pd.DataFrame, pd.Series)):
        out = prices.pct_change().iloc[1:]
    else:
        out = np.diff(prices, axis=0)
        np.divide(out, prices[:-1], out=out)
    return out


def cum_returns(returns, starting_value=0, out=None):
    if len(returns) < 1:
        return returns.copy()
    nanmask = np.isnan(returns)
    if np.any(nanmask):
        returns = returns.copy()
        returns[nanmask] = 0
    allocated_output = out is None
    if allocated_output:
        out = np.empty_like(returns)
    np.add(returns, 1, out=out)
    out.cumprod(axis=0, out=out)
    if starting_value == 0:
        np.subtract(out, 1, out=out)
    else:
        np.multiply(out, starting_value, out=out)
    if allocated_output:
        if returns.ndim == 1 and isinstance(returns, pd.Series):
            out = pd.Series(out, index=returns.index)
        elif isinstance(returns, pd.DataFrame):
            out = pd.DataFrame(out, index=returns.index, columns=returns.columns)
    return out


def cum_returns_final(returns, starting_value=0):
    if len(returns) == 0:
        return np.nan
    if isinstance(returns, pd.DataFrame):
        result = (returns + 1).prod()
    else:
        result = np.nanprod(returns + 1, axis=0)
    if starting_value == 0:
        result -= 1
    else:
        result *= starting_value
    return result


def max_drawdown(returns, out=None):
    allocated_output = out is None
    if allocated_output:
        out = np.empty(returns.shape[1:])
    returns_1d = returns.ndim == 1
    if len(returns) < 1:
        out[()] = np.nan
        if returns_1d:
            out = out.item()
        return out
    returns_array = np.asanyarray(returns)
    cumulative = np.empty((returns.shape[0] + 1,) + returns.shape[1:], dtype='float64')
    cumulative[0] = start = 100
    cum_returns(returns_array, starting_value=start, out=cumulative[1:])
    max_return = np.fmax.accumulate(cumulative, axis=0)
    nanmin((cumulative - max_return) / max_return, axis=0, out=out)
    if returns_1d:
        out = out.item()
    elif allocated_output and isinstance(returns, pd.DataFrame):
        out = pd.Series(out)
    return out


def annual_return(returns, period=DAILY, annualization=None):
    if len(returns) < 1:
        return np.nan
    ann_factor = annualization_factor(period, annualization)
    num_years = len(returns) / ann_factor
    ending_value = cum_returns_final(returns, starting_value=1)
    return ending_value ** (1 / num_years) - 1


def annual_volatility(returns, period=DAILY, alpha=2.0, annualization=None, out=None):
    allocated_output = out is None
    if allocated_output:
        out = np.empty(returns.shape[1:])
    returns_1d = returns.ndim == 1
    if len(returns) < 2:
        out[()] = np.nan
        if returns_1d:
            out = out.item()
        return out
    ann_factor = annualization_factor(period, annualization)
    nanstd(returns, ddof=1, axis=0, out=out)
    out = np.multiply(out, ann_factor ** (1.0 / alpha), out=out)
    if returns_1d:
        out = out.item()
    return out


def calmar_ratio(returns, period=DAILY, annualization=None):
    max_dd = max_drawdown(returns=returns)
    if max_dd < 0:
        temp = annual_return(returns=returns, period=period, annualization=annualization) / abs(max_dd)
    else:
        return np.nan
    if np.isinf(temp):
        return np.nan
    return temp


def omega_ratio(returns, risk_free=0.0, required_return=0.0, annualization=APPROX_BDAYS_PER_YEAR):
    if len(returns) < 2:
        return np.nan
    if annualization == 1:
        return_threshold = required_return
    elif required_return <= -1:
        return np.nan
    else:
        return_threshold = (1 + required_return) ** (1.0 / annualization) - 1
    returns_less_thresh = returns - risk_free - return_threshold
    numer = sum(returns_less_thresh[returns_less_thresh > 0.0])
    denom = -1.0 * sum(returns_less_thresh[returns_less_thresh < 0.0])
    if denom > 0.0:
        return numer / denom
    else:
        return np.nan


def sharpe_ratio(returns, risk_free=0, period=DAILY, annualization=None, out=None):
    allocated_output = out is None
    if allocated_output:
        out = np.empty(returns.shape[1:])
    return_1d = returns.ndim == 1
    if len(returns) < 2:
        out[()] = np.nan
        if return_1d:
            out = out.item()
        return out
    returns_risk_adj = np.asanyarray(_adjust_returns(returns, risk_free))
    ann_factor = annualization_factor(period, annualization)
    np.multiply(np.divide(nanmean(returns_risk_adj, axis=0), nanstd(returns_risk_adj, ddof=1, axis=0), out=out), np.sqrt(ann_factor), out=out)
    if return_1d:
        out = out.item()
    return out


def excess_sharpe(returns, factor_returns, out=None):
    allocated_output = out is None
    if allocated_output:
        out = np.empty(returns.shape[1:])
    returns_1d = returns.ndim == 1
    if len(returns) < 2:
        out[()] = np.nan
        if returns_1d:
            out = out.item()
        return out
    active_return = _adjust_returns(returns, factor_returns)
    tracking_error = np.nan_to_num(nanstd(active_return, ddof=1, axis=0))
    out = np.divide(nanmean(active_return, axis=0, out=out), tracking_error, out=out)
    if returns_1d:
        out = out.item()
    return out


def beta_aligned(returns, factor_returns, risk_free=0.0, out=None):
    nan = np.nan
    isnan = np.isnan
    returns_1d = returns.ndim == 1
    if returns_1d:
        returns = np.asanyarray(returns)[:, np.newaxis]
    if factor_returns.ndim == 1:
        factor_returns = np.asanyarray(factor_returns)[:, np.newaxis]
    N, M = returns.shape
    if out is None:
        out = np.full(M, nan)
    elif out.ndim == 0:
        out = out[np.newaxis]
    if len(returns) < 1 or len(factor_returns) < 2:
        out[()] = nan
        if returns_1d:
            out = out.item()
        return out
    independent = np.where(isnan(returns), nan, factor_returns)
    ind_residual = independent - nanmean(independent, axis=0)
    covariances = nanmean(ind_residual * returns, axis=0)
    np.square(ind_residual, out=ind_residual)
    independent_variances = nanmean(ind_residual, axis=0)
    independent_variances[independent_variances < 1e-30] = np.nan
    np.divide(covariances, independent_variances, out=out)
    if returns_1d:
        out = out.item()
    return out


def alpha_aligned(returns, factor_returns, risk_free=0.0, period=DAILY, annualization=None, out=None, _beta=None):
    allocated_output = out is None
    if allocated_output:
        out = np.empty(returns.shape[1:], dtype='float64')
    if len(returns) < 2:
        out[()] = np.nan
        if returns.ndim == 1:
            out = out.item()
        return out
    ann_factor = annualization_factor(period, annualization)
    if _beta is None:
        _beta = beta_aligned(returns, factor_returns, risk_free)
    adj_returns = _adjust_returns(returns, risk_free)
    adj_factor_returns = _adjust_returns(factor_returns, risk_free)
    alpha_series = adj_returns - _beta * adj_factor_returns
    out = np.subtract(np.power(np.add(nanmean(alpha_series, axis=0, out=out), 1, out=out), ann_factor, out=out), 1, out=out)
    if allocated_output and isinstance(returns, pd.DataFrame):
        out = pd.Series(out)
    if returns.ndim == 1:
        out = out.item()
    return out


def alpha_beta_aligned(returns, factor_returns, risk_free=0.0, period=DAILY, annualization=None, out=None):
    if out is None:
        out = np.empty(returns.shape[1:] + (2,), dtype='float64')
    b = beta_aligned(returns, factor_returns, risk_free, out=out[..., 1])
    alpha_aligned(returns, factor_returns, risk_free, period, annualization, out=out[..., 0], _beta=b)
    return out


def stability_of_timeseries(returns):
    if len(returns) < 2:
        return np.nan
    returns = np.asanyarray(returns)
    returns = returns[~np.isnan(returns)]
    cum_log_returns = np.log1p(returns).cumsum()
    rhat = stats.linregress(np.arange(len(cum_log_returns)), cum_log_returns)[2]
    return rhat ** 2


def tail_ratio(returns):
    if len(returns) < 1:
        return np.nan
    returns = np.asanyarray(returns)
    returns = returns[~np.isnan(returns)]
    if len(returns) < 1:
        return np.nan
    return np.abs(np.percentile(returns, 95)) / np.abs(np.percentile(returns, 5))


def gpd_es_calculator(var_estimate, threshold, scale_param, shape_param):
    result = 0
    if 1 - shape_param != 0:
        var_ratio = var_estimate / (1 - shape_param)
        param_ratio = (scale_param - shape_param * threshold) / (1 - shape_param)
        result = var_ratio + param_ratio
    return result


def gpd_var_calculator(threshold, scale_param, shape_param, probability, total_n, exceedance_n):
    result = 0
    if exceedance_n > 0 and shape_param > 0:
        param_ratio = scale_param / shape_param
        prob_ratio = total_n / exceedance_n * probability
        result = threshold + param_ratio * (pow(prob_ratio, -shape_param) - 1)
    return result


def gpd_loglikelihood_scale_and_shape(scale, shape, price_data):
    n = len(price_data)
    result = -1 * float_info.max
    if scale != 0:
        param_factor = shape / scale
        if shape != 0 and param_factor >= 0 and (scale >= 0):
            result = -n * np.log(scale) - (1 / shape + 1) * np.log(shape / scale * price_data + 1).sum()
    return result


def gpd_loglikelihood_scale_only(scale, price_data):
    n = len(price_data)
    data_sum = price_data.sum()
    result = -1 * float_info.max
    if scale >= 0:
        result = -n * np.log(scale) - data_sum / scale
    return result


def value_at_risk(returns, cutoff=0.05):
    return np.percentile(returns, 100 * cutoff)


def conditional_value_at_risk(returns, cutoff=0.05):
    cutoff_index = int((len(returns) - 1) * cutoff)
    return np.mean(np.partition(returns, cutoff_index)[:cutoff_index + 1])


# --- inputs ---------------------------------------------------------------------------------

def _returns(rng, *shape):
    return rng.normal(0.001, 0.02, size=shape or (40,))


def _pair(rng):
    factor = _returns(rng)
    return 0.8 * factor + _returns(rng) * 0.5, factor


_S = "empyrical/stats.py"

CASES = [
    case(rolling_window, lambda rng: (_returns(rng), 5), EMP("empyrical/utils.py", "rolling_window")),
    case(_adjust_returns, lambda rng: (_returns(rng), 0.0001), EMP(_S, "_adjust_returns")),
    case(simple_returns, lambda rng: (100 * np.cumprod(1 + _returns(rng)),), EMP(_S, "simple_returns")),
    case(cum_returns, lambda rng: (_returns(rng),), EMP(_S, "cum_returns")),
    case(cum_returns, lambda rng: (_returns(rng, 30, 3), 100), EMP(_S, "cum_returns", "2-D, a starting value"), name="finance.cum_returns_2d"),
    case(cum_returns_final, lambda rng: (_returns(rng),), EMP(_S, "cum_returns_final")),
    case(max_drawdown, lambda rng: (_returns(rng),), EMP(_S, "max_drawdown")),
    case(max_drawdown, lambda rng: (_returns(rng, 30, 3),), EMP(_S, "max_drawdown", "2-D"), name="finance.max_drawdown_2d"),
    case(annual_return, lambda rng: (_returns(rng),), EMP(_S, "annual_return")),
    case(annual_volatility, lambda rng: (_returns(rng),), EMP(_S, "annual_volatility")),
    case(calmar_ratio, lambda rng: (_returns(rng),), EMP(_S, "calmar_ratio")),
    case(omega_ratio, lambda rng: (_returns(rng),), EMP(_S, "omega_ratio")),
    case(sharpe_ratio, lambda rng: (_returns(rng),), EMP(_S, "sharpe_ratio")),
    case(sharpe_ratio, lambda rng: (_returns(rng, 30, 3), 0.0001, MONTHLY), EMP(_S, "sharpe_ratio", "2-D, monthly"), name="finance.sharpe_ratio_2d"),
    case(excess_sharpe, _pair, EMP(_S, "excess_sharpe")),
    case(beta_aligned, _pair, EMP(_S, "beta_aligned")),
    case(alpha_aligned, _pair, EMP(_S, "alpha_aligned")),
    case(alpha_beta_aligned, _pair, EMP(_S, "alpha_beta_aligned")),
    case(stability_of_timeseries, lambda rng: (_returns(rng),), EMP(_S, "stability_of_timeseries")),
    case(tail_ratio, lambda rng: (_returns(rng),), EMP(_S, "tail_ratio")),
    case(gpd_es_calculator, lambda rng: tuple(np.float64(v) for v in (rng.uniform(0.02, 0.05), rng.uniform(0.01, 0.02), rng.uniform(0.005, 0.01), rng.uniform(0.1, 0.3))), EMP(_S, "gpd_es_calculator")),
    case(gpd_var_calculator, lambda rng: (*(np.float64(v) for v in (rng.uniform(0.01, 0.02), rng.uniform(0.005, 0.01), rng.uniform(0.1, 0.3))), 0.01, 250, 12), EMP(_S, "gpd_var_calculator")),
    case(gpd_loglikelihood_scale_and_shape, lambda rng: (np.float64(rng.uniform(0.01, 0.02)), np.float64(rng.uniform(0.1, 0.3)), rng.uniform(0, 0.05, size=20)), EMP(_S, "gpd_loglikelihood_scale_and_shape")),
    case(gpd_loglikelihood_scale_only, lambda rng: (np.float64(rng.uniform(0.01, 0.02)), rng.uniform(0, 0.05, size=20)), EMP(_S, "gpd_loglikelihood_scale_only")),
    case(value_at_risk, lambda rng: (_returns(rng),), EMP(_S, "value_at_risk")),
    case(conditional_value_at_risk, lambda rng: (_returns(rng),), EMP(_S, "conditional_value_at_risk")),
]
