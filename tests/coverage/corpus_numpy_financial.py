"""numpy-financial's time-value-of-money functions (numpy/numpy-financial, BSD-3-Clause).

Copied from numpy/numpy-financial at f47e8af289f9abd34002267c6663869b9ed586a8 (its LICENSE.txt is the 3-clause
BSD licence: "Copyright (c) 2005-2019, NumPy Developers"), ``numpy_financial/_financial.py`` and
``numpy_financial/_cfinancial.pyx``. Bodies are as written, comments kept, docstrings, type annotations and the
``@overload`` stubs dropped. These are the whole library: ``fv`` (boolean-mask reads and writes of broadcast
arrays, ``.item(0)`` of a 0-d result), ``pmt`` and ``pv`` (``np.where`` on a zero rate), ``ipmt`` (masked writes
of NaN and zero, a masked division, ``_value_like``'s ``.item(0)``), ``ppmt``, ``rate`` (Newton's iteration in a
``while`` loop on ``np.all(close)``, then NaN written where it has not converged), ``irr`` (a loop over rows of
cash flows with an ``if`` on their signs, ``np.roots``, a filtered selection of the real roots and
``_irr_default_selection``'s ``if`` on the sum of the positive ones), ``npv`` and ``nper`` (Cython kernels) and
``mirr`` (a double loop calling ``npv``, an ``if`` on the signs of each row).

Adapted, beyond that:

* ``_cfinancial`` (``numpy_financial/_cfinancial.pyx``, compiled with Cython) is a namespace holding its two
  kernels as Python: the ``cdef`` declarations, ``with nogil:`` and the ``cython`` decorators dropped, the bodies
  as written. ``log`` (``libc.math``) is ``np.log`` and ``NAN``/``INFINITY`` are ``np.nan``/``np.inf``: on the
  ``np.float64`` elements the kernels read, division and ``log`` follow C's rules (inf and NaN, no exception), as
  ``cython.cdivision(True)`` and ``libc`` do; the kernels fill the output array ``npv`` and ``nper`` make with
  ``np.empty``, as the compiled ones do.

Not taken: the ``Decimal`` paths (the cases give floats), the exception classes' docstrings.

The inputs are monthly rates around 0.5 % (some exactly zero, for the zero-rate branches), 12 to 360 periods,
payments and present values of a few hundred, ``when`` as a string, a list of strings or an int, and cash flows
of an investment followed by returns (one row of a single sign, for the no-solution branches).
"""

# ruff: noqa: E501
from __future__ import annotations

import types
from decimal import Decimal

import numpy as np

from tests.coverage.cases import NUMPY_FINANCIAL, Source, case


def NPF(original: str, note: str = "", path: str = "numpy_financial/_financial.py") -> Source:
    return Source(NUMPY_FINANCIAL, path, original, note)


# --- numpy_financial/_cfinancial.pyx (Cython, as Python: see the module docstring) --------------------------------
NAN = np.nan
INFINITY = np.inf
log = np.log


def nper_inner_loop(
    rate_,
    pmt_,
    pv_,
    fv_,
    when_
):
    if rate_ == 0.0 and pmt_ == 0.0:
        return INFINITY

    if rate_ == 0.0:
        # We know that pmt_ != 0, we don't need to check for division by 0
        return -(fv_ + pv_) / pmt_

    if rate_ <= -1.0:
        return NAN

    # We know that rate_ != 0, we don't need to check for division by 0
    z = pmt_ * (1.0 + rate_ * when_) / rate_
    return log((-fv_ + z) / (pv_ + z)) / log(1.0 + rate_)


def _cfinancial_nper(
    rates,
    pmts,
    pvs,
    fvs,
    whens,
    out):

    for rate_ in range(rates.shape[0]):
        for pmt_ in range(pmts.shape[0]):
            for pv_ in range(pvs.shape[0]):
                for fv_ in range(fvs.shape[0]):
                    for when_ in range(whens.shape[0]):
                        # We can have several ``ZeroDivisionErrors``s here
                        # At the moment we want to replicate the existing function as
                        # closely as possible however we should return financially
                        # sensible results here.
                        try:
                            res = nper_inner_loop(
                                rates[rate_], pmts[pmt_], pvs[pv_], fvs[fv_], whens[when_]
                            )
                        except ZeroDivisionError:
                            res = NAN

                        out[rate_, pmt_, pv_, fv_, when_] = res


def _cfinancial_npv(rates, values, out):
    for i in range(rates.shape[0]):
        for j in range(values.shape[0]):
            acc = 0.0
            for t in range(values.shape[1]):
                if rates[i] == -1.0:
                    acc = NAN
                    break
                else:
                    acc = acc + values[j, t] / ((1.0 + rates[i]) ** t)
            out[i, j] = acc


_cfinancial = types.SimpleNamespace(nper=_cfinancial_nper, npv=_cfinancial_npv)


# --- numpy_financial/_financial.py ----------------------------------------------------------------------------------
_when_to_num = {
    'end': 0,
    "begin": 1,
    "e": 0,
    "b": 1,
    0: 0,
    1: 1,
    "beginning": 1,
    "start": 1,
    "finish": 0,
}


class NoRealSolutionError(Exception):
    pass


class IterationsExceededError(Exception):
    pass


def _get_output_array_shape(*arrays):
    return tuple(array.shape[0] for array in arrays)


def _ufunc_like(array):
    try:
        # If size of array is one, return scalar
        return array.item()
    except ValueError:
        # Otherwise, return entire array
        return array.squeeze()


def _convert_when(when):
    # Test to see if when has already been converted to ndarray
    # This will happen if one function calls another, for example ppmt
    if isinstance(when, np.ndarray):
        return when
    try:
        return _when_to_num[when]
    except (KeyError, TypeError):
        return [_when_to_num[x] for x in when]


def fv(rate, nper, pmt, pv, when='end'):
    when = _convert_when(when)
    rate, nper, pmt, pv, when = np.broadcast_arrays(rate, nper, pmt, pv, when)

    fv_array = np.empty_like(rate)
    zero = rate == 0
    nonzero = ~zero

    fv_array[zero] = -(pv[zero] + pmt[zero] * nper[zero])

    rate_nonzero = rate[nonzero]
    temp = (1 + rate_nonzero) ** nper[nonzero]
    fv_array[nonzero] = (
            - pv[nonzero] * temp
            - pmt[nonzero] * (1 + rate_nonzero * when[nonzero]) / rate_nonzero
            * (temp - 1)
    )  # fmt: skip

    if np.ndim(fv_array) == 0:
        # Follow the ufunc convention of returning scalars for scalar
        # and 0d array inputs.
        return fv_array.item(0)
    return fv_array


def pmt(rate, nper, pv, fv=0, when='end'):
    when = _convert_when(when)
    (rate, nper, pv, fv, when) = map(np.array, [rate, nper, pv, fv, when])
    temp = (1 + rate) ** nper
    mask = (rate == 0)
    masked_rate = np.where(mask, 1, rate)
    fact = np.where(mask != 0, nper,
                    (1 + masked_rate * when) * (temp - 1) / masked_rate)
    return -(fv + pv * temp) / fact


def nper(rate, pmt, pv, fv=0, when='end'):
    when = _convert_when(when)

    rates = np.atleast_1d(rate).astype(np.float64)
    pmts = np.atleast_1d(pmt).astype(np.float64)
    pvs = np.atleast_1d(pv).astype(np.float64)
    fvs = np.atleast_1d(fv).astype(np.float64)
    whens = np.atleast_1d(when).astype(np.float64)

    out_shape = _get_output_array_shape(rates, pmts, pvs, fvs, whens)
    out = np.empty(out_shape)
    _cfinancial.nper(rates, pmts, pvs, fvs, whens, out)
    return _ufunc_like(out)


def _value_like(arr, value):
    entry = arr.item(0)
    if isinstance(entry, Decimal):
        return Decimal(value)
    return np.array(value, dtype=arr.dtype).item(0)


def ipmt(rate, per, nper, pv, fv=0, when='end'):
    when = _convert_when(when)
    rate, per, nper, pv, fv, when = np.broadcast_arrays(rate, per, nper,
                                                        pv, fv, when)

    total_pmt = pmt(rate, nper, pv, fv, when)
    ipmt_array = np.array(_rbl(rate, per, total_pmt, pv, when) * rate)

    # Payments start at the first period, so payments before that
    # don't make any sense.
    ipmt_array[per < 1] = _value_like(ipmt_array, np.nan)
    # If payments occur at the beginning of a period and this is the
    # first period, then no interest has accrued.
    per1_and_begin = (when == 1) & (per == 1)
    ipmt_array[per1_and_begin] = _value_like(ipmt_array, 0)
    # If paying at the beginning we need to discount by one period.
    per_gt_1_and_begin = (when == 1) & (per > 1)
    ipmt_array[per_gt_1_and_begin] = (
            ipmt_array[per_gt_1_and_begin] / (1 + rate[per_gt_1_and_begin])
    )

    if np.ndim(ipmt_array) == 0:
        # Follow the ufunc convention of returning scalars for scalar
        # and 0d array inputs.
        return ipmt_array.item(0)
    return ipmt_array


def _rbl(rate, per, pmt, pv, when):
    return fv(rate, (per - 1), pmt, pv, when)


def ppmt(rate, per, nper, pv, fv=0, when='end'):
    total = pmt(rate, nper, pv, fv, when)
    return total - ipmt(rate, per, nper, pv, fv, when)


def pv(rate, nper, pmt, fv=0, when='end'):
    when = _convert_when(when)
    (rate, nper, pmt, fv, when) = map(np.asarray, [rate, nper, pmt, fv, when])
    temp = (1 + rate) ** nper
    fact = np.where(rate == 0, nper, (1 + rate * when) * (temp - 1) / rate)
    return -(fv + pmt * fact) / temp


# Computed with Sage
#  (y + (r + 1)^n*x + p*((r + 1)^n - 1)*(r*w + 1)/r)/(n*(r + 1)^(n - 1)*x -
#  p*((r + 1)^n - 1)*(r*w + 1)/r^2 + n*p*(r + 1)^(n - 1)*(r*w + 1)/r +
#  p*((r + 1)^n - 1)*w/r)
def _g_div_gp(r, n, p, x, y, w):
    # Evaluate g(r_n)/g'(r_n), where g =
    # fv + pv*(1+rate)**nper + pmt*(1+rate*when)/rate * ((1+rate)**nper - 1)
    t1 = (r + 1) ** n
    t2 = (r + 1) ** (n - 1)
    g = y + t1 * x + p * (t1 - 1) * (r * w + 1) / r
    gp = (n * t2 * x
          - p * (t1 - 1) * (r * w + 1) / (r ** 2)
          + n * p * t2 * (r * w + 1) / r
          + p * (t1 - 1) * w / r)
    return g / gp


# Use Newton's iteration until the change is less than 1e-6
#  for all values or a maximum of 100 iterations is reached.
#  Newton's rule is
#  r_{n+1} = r_{n} - g(r_n)/g'(r_n)
#     where
#  g(r) is the formula
#  g'(r) is the derivative with respect to r.
def rate(
    nper,
    pmt,
    pv,
    fv,
    when='end',
    guess=None,
    tol=None,
    maxiter=100,
    *,
    raise_exceptions=False,
):
    when = _convert_when(when)
    default_type = Decimal if isinstance(pmt, Decimal) else float

    # Handle casting defaults to Decimal if/when pmt is a Decimal and
    # guess and/or tol are not given default values
    if guess is None:
        guess = default_type('0.1')

    if tol is None:
        tol = default_type('1e-6')

    nper, pmt, pv, fv, when = map(np.asarray, [nper, pmt, pv, fv, when])

    rn = guess
    iterator = 0
    close = False
    while (iterator < maxiter) and not np.all(close):
        rnp1 = rn - _g_div_gp(rn, nper, pmt, pv, fv, when)
        diff = abs(rnp1 - rn)
        close = diff < tol
        iterator += 1
        rn = rnp1

    if not np.all(close):
        if np.isscalar(rn):
            if raise_exceptions:
                raise IterationsExceededError('Maximum number of iterations exceeded.')
            return default_type(np.nan)
        else:
            # Return nan's in array of the same shape as rn
            # where the solution is not close to tol.
            if raise_exceptions:
                raise IterationsExceededError(f'Maximum iterations exceeded in '
                                              f'{len(close) - close.sum()} rate(s).')
            rn[~close] = np.nan
    return rn


def _irr_default_selection(eirr):
    # check sign of all IRR solutions
    same_sign = np.all(eirr > 0) if eirr[0] > 0 else np.all(eirr < 0)

    # if the signs of IRR solutions are not the same, first filter potential IRR
    # by comparing the total positive and negative cash flows.
    if not same_sign:
        pos = sum(eirr[eirr > 0])
        neg = sum(eirr[eirr < 0])
        if pos >= neg:
            eirr = eirr[eirr >= 0]
        else:
            eirr = eirr[eirr < 0]

    # pick the smallest one in magnitude and return
    abs_eirr = np.abs(eirr)
    return eirr[np.argmin(abs_eirr)]


def irr(values, *, raise_exceptions=False, selection_logic=_irr_default_selection):
    values = np.atleast_2d(values)
    if values.ndim != 2:
        raise ValueError("Cashflows must be a 2D array")

    irr_results = np.empty(values.shape[0])
    for i, row in enumerate(values):
        # If all values are of the same sign, no solution exists
        # We don't perform any further calculations and exit early
        same_sign = np.all(row > 0) if row[0] > 0 else np.all(row < 0)
        if same_sign:
            if raise_exceptions:
                raise NoRealSolutionError('No real solution exists for IRR since all '
                                          'cashflows are of the same sign.')
            irr_results[i] = np.nan

        # We aim to solve eirr such that NPV is exactly zero. This can be framed as
        # simply finding the closest root of a polynomial to a given initial guess
        # as follows:
        #           V0           V1           V2           V3
        # NPV = ---------- + ---------- + ---------- + ---------- + ... = 0
        #       (1+eirr)^0   (1+eirr)^1   (1+eirr)^2   (1+eirr)^3
        #
        # by letting g = (1+eirr), we substitute to get
        #
        # NPV = V0 * 1/g^0   + V1 * 1/g^1   +  V2 * 1/x^2  +  V3 * 1/g^3  + ... = 0
        #
        # Multiplying by g^N this becomes
        #
        # V0 * g^N   + V1 * g^{N-1}   +  V2 * g^{N-2}  +  V3 * g^{N-3}  + ... = 0
        #
        # which we solve using Newton-Raphson and then reverse out the solution
        # as eirr = g - 1 (if we are close enough to a solution)
        else:
            g = np.roots(row)
            eirr = np.real(g[np.isreal(g)]) - 1

            # Realistic IRR
            eirr = eirr[eirr >= -1]

            # If no real solution
            if len(eirr) == 0:
                if raise_exceptions:
                    raise NoRealSolutionError("No real solution is found for IRR.")
                irr_results[i] = np.nan
            # If only one real solution
            elif len(eirr) == 1:
                irr_results[i] = eirr[0]
            else:
                irr_results[i] = selection_logic(eirr)

    return _ufunc_like(irr_results)


def npv(rate, values):
    values_inner = np.atleast_2d(values).astype(np.float64)
    rate_inner = np.atleast_1d(rate).astype(np.float64)

    if rate_inner.ndim != 1:
        msg = "invalid shape for rates. Rate must be either a scalar or 1d array"
        raise ValueError(msg)

    if values_inner.ndim != 2:
        msg = "invalid shape for values. Values must be either a 1d or 2d array"
        raise ValueError(msg)

    output_shape = _get_output_array_shape(rate_inner, values_inner)
    out = np.empty(output_shape)
    _cfinancial.npv(rate_inner, values_inner, out)
    return _ufunc_like(out)


def mirr(values, finance_rate, reinvest_rate, *, raise_exceptions=False):
    values_inner = np.atleast_2d(values).astype(np.float64)
    finance_rate_inner = np.atleast_1d(finance_rate).astype(np.float64)
    reinvest_rate_inner = np.atleast_1d(reinvest_rate).astype(np.float64)
    n = values_inner.shape[1]

    if finance_rate_inner.size != reinvest_rate_inner.size:
        if raise_exceptions:
            raise ValueError("finance_rate and reinvest_rate must have the same size")
        return np.nan

    out_shape = _get_output_array_shape(values_inner, finance_rate_inner)
    out = np.empty(out_shape)

    for i, v in enumerate(values_inner):
        for j, (rr, fr) in enumerate(
            zip(reinvest_rate_inner, finance_rate_inner, strict=True)
        ):
            pos = v > 0
            neg = v < 0

            if not (pos.any() and neg.any()):
                if raise_exceptions:
                    raise NoRealSolutionError("No real solution exists for MIRR since"
                                              " all cashflows are of the same sign.")
                out[i, j] = np.nan
            else:
                numer = np.abs(npv(rr, v * pos))
                denom = np.abs(npv(fr, v * neg))
                out[i, j] = (numer / denom) ** (1 / (n - 1)) * (1 + rr) - 1

    return _ufunc_like(out)


# --- cases ----------------------------------------------------------------------------------------------------------
def _rate(rng):
    """A monthly rate around 0.5 % (a NumPy scalar: it varies between the two calls)."""
    return np.float64(rng.uniform(0.03, 0.09) / 12)


def _rates(rng, n=6):
    """Monthly rates, the first two exactly zero (the zero-rate branches)."""
    r = rng.uniform(0.03, 0.09, size=n) / 12
    r[:2] = 0.0
    return r


def _cashflows(rng, n=6):
    """An investment followed by returns: one sign change."""
    return np.concatenate([[-rng.uniform(80, 120)], rng.uniform(10, 40, size=n - 1)])


def _cashflow_rows(rng):
    """Three rows of cash flows; the last one all positive (no solution: NaN)."""
    return np.stack([_cashflows(rng), _cashflows(rng), rng.uniform(10, 40, size=6)])


def fv_list_when(rate, nper, pmt, pv):
    return fv(rate, nper, pmt, pv, when=['end', 'begin', 'end', 'begin', 'end', 'begin'])


def pmt_begin(rate, nper, pv):
    return pmt(rate, nper, pv, when='begin')


def pv_with_fv(rate, nper, pmt, fv):
    return pv(rate, nper, pmt, fv, when=1)


def ipmt_begin(rate, per, nper, pv):
    return ipmt(rate, per, nper, pv, when='begin')


def ppmt_begin(rate, per, nper, pv):
    return ppmt(rate, per, nper, pv, 0, 'begin')


def rate_arrays(nper, pmt, pv, fv):
    return rate(nper, pmt, pv, fv, when='begin', guess=0.01)


def rate_few_iterations(nper, pmt, pv, fv):
    return rate(nper, pmt, pv, fv, maxiter=2)


def npv_rates(rates, values):
    return npv(rates, values)


def mirr_rates(values, finance_rate, reinvest_rate):
    return mirr(values, finance_rate, reinvest_rate)


_CF = "numpy_financial/_cfinancial.pyx"

CASES = [
    # helpers
    case(_convert_when, lambda rng: (['begin', 'end', 'start', 'finish', 'b', 'e'],), NPF("_convert_when", "a list")),
    case(_get_output_array_shape, lambda rng: (rng.normal(size=3), rng.normal(size=(4, 2)), rng.normal(size=1)),
         NPF("_get_output_array_shape")),
    case(_ufunc_like, lambda rng: (rng.normal(size=(1, 4, 1)),), NPF("_ufunc_like", "squeezed")),
    case(_ufunc_like, lambda rng: (rng.normal(size=(1, 1)),), NPF("_ufunc_like", "one element: .item()"),
         name="numpy_financial._ufunc_like_item"),
    case(_value_like, lambda rng: (rng.normal(size=4), np.nan), NPF("_value_like")),
    # fv, pmt, pv
    case(fv, lambda rng: (_rate(rng), np.float64(120), np.float64(-100.0), np.float64(-rng.uniform(50, 150))),
         NPF("fv", "NumPy scalars: a 0-d result, .item(0)")),
    case(fv, lambda rng: (_rates(rng), np.arange(12.0, 84.0, 12.0), -rng.uniform(50, 150, size=6),
                          -rng.uniform(50, 150, size=6), 'begin'),
         NPF("fv", "arrays, two zero rates (masked reads and writes), when='begin'"), name="numpy_financial.fv_arrays"),
    case(fv_list_when, lambda rng: (_rates(rng), np.float64(60), np.float64(-100.0), -rng.uniform(50, 150, size=6)),
         NPF("fv", "when as a list of strings")),
    case(pmt, lambda rng: (_rate(rng), np.float64(360), np.float64(rng.uniform(1e5, 3e5))), NPF("pmt", "scalars")),
    case(pmt_begin, lambda rng: (_rates(rng), np.arange(12.0, 84.0, 12.0), rng.uniform(1e4, 3e4, size=6)),
         NPF("pmt", "arrays, two zero rates, when='begin'")),
    case(pmt, lambda rng: (_rates(rng, 4)[:, None], np.array([12.0, 24.0, 36.0]), np.float64(1000.0),
                           np.float64(rng.uniform(0, 100))),
         NPF("pmt", "broadcast to (4, 3)"), name="numpy_financial.pmt_broadcast"),
    case(pv, lambda rng: (_rate(rng), np.float64(120), np.float64(-rng.uniform(50, 150))), NPF("pv", "scalars")),
    case(pv_with_fv, lambda rng: (_rates(rng), np.arange(12.0, 84.0, 12.0), -rng.uniform(50, 150, size=6),
                                  np.float64(1000.0)),
         NPF("pv", "arrays, a future value, when=1")),
    # nper (_cfinancial.nper)
    case(nper, lambda rng: (_rate(rng), np.float64(-rng.uniform(100, 200)), np.float64(8000.0)),
         NPF("nper", "scalars: a 5-d (1, 1, 1, 1, 1) result, .item()")),
    case(nper, lambda rng: (_rates(rng, 4), np.array([-150.0, 0.0]), rng.uniform(5e3, 9e3, size=3), 0, [0, 1]),
         NPF("nper", "arrays: zero rate and zero payment (inf), zero rate alone; the loops of _cfinancial.nper"),
         name="numpy_financial.nper_arrays"),
    case(nper_inner_loop, lambda rng: (_rate(rng), np.float64(-150.0), np.float64(rng.uniform(5e3, 9e3)),
                                       np.float64(0.0), np.float64(1.0)),
         NPF("nper_inner_loop", "NumPy scalars", _CF)),
    case(nper_inner_loop, lambda rng: (np.float64(-1.5), np.float64(-150.0), np.float64(rng.uniform(5e3, 9e3)),
                                       np.float64(0.0), np.float64(0.0)),
         NPF("nper_inner_loop", "rate <= -1: NaN", _CF), name="numpy_financial.nper_inner_loop_nan"),
    # ipmt, ppmt
    case(ipmt, lambda rng: (_rate(rng), np.float64(3), np.float64(24), np.float64(rng.uniform(1e3, 3e3))),
         NPF("ipmt", "scalars")),
    case(ipmt, lambda rng: (_rate(rng), np.arange(0, 13), 12, np.float64(rng.uniform(1e3, 3e3))),
         NPF("ipmt", "every period, period 0 (NaN)"), name="numpy_financial.ipmt_periods"),
    case(ipmt_begin, lambda rng: (_rate(rng), np.arange(0, 13), 12, np.float64(rng.uniform(1e3, 3e3))),
         NPF("ipmt", "when='begin': the first period's zero and the discounted later ones")),
    case(ppmt, lambda rng: (_rate(rng), np.arange(1, 13), 12, np.float64(rng.uniform(1e3, 3e3))),
         NPF("ppmt", "every period")),
    case(ppmt_begin, lambda rng: (_rates(rng), np.arange(1, 7), 12, rng.uniform(1e3, 3e3, size=6)),
         NPF("ppmt", "arrays, two zero rates, when='begin'")),
    case(_rbl, lambda rng: (_rate(rng), np.arange(1, 13), np.float64(-88.0), np.float64(rng.uniform(1e3, 3e3)), 0),
         NPF("_rbl")),
    # rate (Newton's iteration)
    case(_g_div_gp, lambda rng: (np.float64(0.1), np.float64(60), np.float64(-rng.uniform(200, 300)),
                                 np.float64(10000.0), np.float64(0.0), 0),
         NPF("_g_div_gp")),
    case(rate, lambda rng: (np.float64(60), np.float64(-rng.uniform(200, 300)), np.float64(10000.0), np.float64(0.0)),
         NPF("rate", "scalars: converges")),
    case(rate_arrays, lambda rng: (np.array([12.0, 24.0, 36.0, 60.0]), -rng.uniform(200, 300, size=4),
                                   np.float64(5000.0), np.float64(0.0)),
         NPF("rate", "arrays, when='begin', a guess: every rate converges")),
    case(rate_few_iterations, lambda rng: (np.float64(60), np.float64(-rng.uniform(200, 300)), np.float64(10000.0),
                                           np.float64(0.0)),
         NPF("rate", "maxiter=2: not converged, a scalar: float('nan')")),
    case(rate_few_iterations, lambda rng: (np.array([12.0, 24.0, 36.0, 60.0]), -rng.uniform(200, 300, size=4),
                                           np.float64(5000.0), np.float64(0.0)),
         NPF("rate", "maxiter=2, arrays: NaN written where not converged"),
         name="numpy_financial.rate_few_iterations_arrays"),
    # irr, npv, mirr
    case(irr, lambda rng: (_cashflows(rng),), NPF("irr", "one row: np.roots, one real root above -1")),
    case(irr, lambda rng: (_cashflow_rows(rng),), NPF("irr", "three rows, one of a single sign (NaN)"),
         name="numpy_financial.irr_rows"),
    case(irr, lambda rng: (np.array([-1.0, 6.0, -11.0, 6.0]) * rng.uniform(1, 2),),
         NPF("irr", "three real roots (0, 1, 2): _irr_default_selection"), name="numpy_financial.irr_selection"),
    case(_irr_default_selection, lambda rng: (rng.uniform(-0.5, 0.5, size=5),), NPF("_irr_default_selection")),
    case(npv, lambda rng: (_rate(rng), _cashflows(rng)), NPF("npv", "a scalar rate, one row")),
    case(npv_rates, lambda rng: (np.array([0.0, 0.05, -1.0, 0.1]), _cashflow_rows(rng)),
         NPF("npv", "four rates (one of -1: the kernel's break), three rows")),
    case(_cfinancial_npv, lambda rng: (np.array([0.05, 0.1]), _cashflow_rows(rng), np.zeros((2, 3))),
         NPF("npv", "the kernel, writing into its argument", _CF)),
    case(mirr, lambda rng: (_cashflows(rng), _rate(rng), np.float64(0.1)), NPF("mirr", "one row, scalar rates")),
    case(mirr_rates, lambda rng: (_cashflow_rows(rng), np.array([0.05, 0.1]), rng.uniform(0.05, 0.1, size=2)),
         NPF("mirr", "three rows (one of a single sign: NaN), two pairs of rates")),
    case(mirr, lambda rng: (_cashflows(rng), np.array([0.05, 0.1]), np.float64(0.1)),
         NPF("mirr", "rates of different sizes: np.nan"), name="numpy_financial.mirr_sizes"),
]
