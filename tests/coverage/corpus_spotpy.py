"""SPOTPY's hydrological goodness-of-fit measures, likelihoods and flow signatures: the objective functions of
``objectivefunctions.py`` (an ``if len(evaluation) == len(simulation)`` guard around every one, with a
``logging.warning`` and ``np.nan`` otherwise; ``float(...)`` of ``np.nansum`` results; the builtin ``sum`` over arrays
in ``lognashsutcliffe``; ``if scale < 0.01`` on a mean in ``log_p``; ``np.corrcoef(...)[0, 1]``; a chained
``len(evaluation) == len(simulation) > 0``; ``kge``'s ``return_all`` tuple; ``_spearmann_corr``'s ranks by
``sorted`` of lists of rows with a ``lambda`` key, ``row.append`` in two ``enumerate`` loops and list comprehensions
over ``range(len(a))``; ``calculate_all_functions``' loop over a module-level list of the functions, each call in a
bare ``try`` / ``except:`` that records ``np.nan``), the likelihoods of ``likelihoods.py`` (module-level helpers with
double-underscore names, ``data.__len__()`` checks raising a module exception, ``__jitter_measerror_if_needed``'s
``measerror[measerror == 0.0].size`` and ``if size > 0`` masked write of random numbers, a class of
``@staticmethod``\\ s for the lag-``k`` autocovariance with ``type(lag) != type(1)`` and a local named ``len``;
``if measerror is None`` defaults, ``if params is None`` / ``else`` unpacking of a (values, names) pair by boolean
masks of a string array and ``nm not in parameternames``, ``if abs(phi) >= 1`` / ``if nu <= 2`` / ``if k <= 0``
guards returning ``np.NAN``, ``math.gamma`` of the parameters, ``k ** np.sign(...)``, ``np.log(-np.prod(...))``;
``if errArr == 0.0`` and ``if ratio > 1`` on variances; ``np.sum`` of a boolean comparison), and the signature
indices of ``hydrology/signatures.py`` (NaN removal by ``np.isfinite`` masks and gap filling by ``np.interp`` at
``np.flatnonzero``; ``summarize``'s ``np.fromiter`` over a generator of ``f(data[i : i + step])`` with
``count=len(data) // step``; a ``Quantile`` class whose instances are the ``get_qXX`` functions, reading its own
docstring; conditional expressions ``... if get_q50(data) > 0 else 0``; ``get_sfdc``'s ``if`` / ``elif`` chain on
two quantiles being 0; the Gustard baseflow separation: nested helper functions, a list comprehension with an
``if is_baseflow(i, Q)`` filter whose test is ``0 < i < len(Q) - 1`` and ``or`` of two array comparisons, fancy
indexing by the list, ``np.interp`` and ``np.where``; ``flow_event``'s ``for v in data`` loop with a flag and a
Python list of event lengths grown by ``append`` or ``events[-1] += 1`` under ``if`` tests on each value by a
function passed in with ``*ec_args``, then ``if not events``; ``np.polyfit`` of the log recession rates selected by
``dqdt < 0``; ``np.count_nonzero``) (thouska/spotpy, MIT).

Copied from thouska/spotpy at 47dd43fa13f44be6451eedd576fcbb914d4b7e76 (version 1.6.6 and 5 commits; its
``LICENSE`` is the MIT License, "Copyright (c) 2015 Tobias Houska"): ``src/spotpy/objectivefunctions.py``,
``src/spotpy/likelihoods.py`` and ``src/spotpy/hydrology/signatures.py``, every function and class in the files'
order (except as below), docstrings dropped, comments kept.

Adapted, beyond that:

* ``objectivefunctions.py``'s module-level ``logging.basicConfig(...)`` is dropped (it configures the root logger of
  the process that imports the corpus); its ``logging.warning`` calls are kept;
* ``Quantile``'s class docstring is kept: its ``__init__`` reads it (``inspect.getdoc(type(self)).replace(...)``);
  the docstring of its ``__call__`` is dropped. The ``get_qXX = Quantile(XX)`` instances are kept; as they are objects,
  not functions, the cases call them through one-line wrappers (``get_q50_of``...);
* not copied: ``signatures.py``'s ``SignatureMethod`` (it collects the ``get_`` functions of its module by
  ``inspect`` and parses their docstrings for ``:return:``, which are dropped here);
* ``likelihoods.py``'s ``LikelihoodAR1NoC`` and ``generalizedLikelihoodFunction`` are kept as written but are no case:
  without ``params`` they draw their parameters from ``np.random`` (no result to compare), and with ``params`` they
  take ``float(...)`` of a one-element 1-D selection (NumPy 2.4 raises ``TypeError``; ``generalizedLikelihoodFunction``
  also indexes a list by ``np.where``'s tuple); ``np.NAN`` (gone in NumPy 2) stays in the guards, which the cases'
  parameters do not reach in eager NumPy;
* a setting the source takes as a keyword (``epsilon=``, ``return_all=``, ``G=``, ``measurements_per_day=``) is given
  by a one-line wrapper named after the case, so the traced arguments are the arrays.

The inputs: daily streamflow of 400 (730 for the annual low- and high-flow indices) days, a seasonal baseflow with
gamma-distributed storm peaks well above nine times the median (high-flow events) and dry spells below a fifth of the
mean (low-flow events), and simulations of it with lognormal multiplicative errors; measurement errors of a tenth of
the flow plus a floor (never 0, so no case reaches the random jitter); (values, names) parameter pairs as a float
array or a list of Python floats with a list of names; and the edge values: an intermittent stream (half its days
at 0, ``get_sfdc``'s ``Q66 == 0`` branch), flow with NaN gaps, series of unequal length (the guard's ``np.nan``), and
small flows (``log_p``'s ``scale`` floor).
"""

# ruff: noqa: E127, E128, E203, E231, E261, E262, E302, E303, E305, E501, E711, E712, E721, E722, E731, E741, N802, N803, N806, N807, B006, B007, B023, B028, B905, F821, F841, UP004, UP030, UP032, UP034, B904, W291, W293, UP003
from __future__ import annotations

import inspect
import logging
import math
import warnings

import numpy as np

from tests.coverage.cases import SPOTPY, Source, case


def SP(path: str, original: str, note: str = "") -> Source:
    return Source(SPOTPY, "src/spotpy/" + path, original, note)


# --- src/spotpy/objectivefunctions.py ---

def bias(evaluation, simulation):
    if len(evaluation) == len(simulation):
        obs, sim = np.array(evaluation), np.array(simulation)
        bias = np.nansum(obs - sim) / len(obs)
        return float(bias)

    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def pbias(evaluation, simulation):
    if len(evaluation) == len(simulation):
        sim = np.array(simulation)
        obs = np.array(evaluation)
        return 100 * (float(np.nansum(sim - obs)) / float(np.nansum(obs)))

    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def nashsutcliffe(evaluation, simulation):
    if len(evaluation) == len(simulation):
        s, e = np.array(simulation), np.array(evaluation)
        # s,e=simulation,evaluation
        mean_observed = np.nanmean(e)
        # compute numerator and denominator
        numerator = np.nansum((e - s) ** 2)
        denominator = np.nansum((e - mean_observed) ** 2)
        # compute coefficient
        return 1 - (numerator / denominator)

    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def lognashsutcliffe(evaluation, simulation, epsilon=0):
    if len(evaluation) == len(simulation):
        s, e = np.array(simulation) + epsilon, np.array(evaluation) + epsilon
        return float(
            1
            - sum((np.log(s) - np.log(e)) ** 2)
            / sum((np.log(e) - np.mean(np.log(e))) ** 2)
        )
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def log_p(evaluation, simulation):
    scale = np.mean(evaluation) / 10
    if scale < 0.01:
        scale = 0.01
    if len(evaluation) == len(simulation):
        y = (np.array(evaluation) - np.array(simulation)) / scale
        normpdf = -(y**2) / 2 - np.log(np.sqrt(2 * np.pi))
        return np.mean(normpdf)
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def correlationcoefficient(evaluation, simulation):
    if len(evaluation) == len(simulation):
        correlation_coefficient = np.corrcoef(evaluation, simulation)[0, 1]
        return correlation_coefficient
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def rsquared(evaluation, simulation):
    if len(evaluation) == len(simulation):
        return correlationcoefficient(evaluation, simulation) ** 2
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def mse(evaluation, simulation):

    if len(evaluation) == len(simulation):
        obs, sim = np.array(evaluation), np.array(simulation)
        mse = np.nanmean((obs - sim) ** 2)
        return mse
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def rmse(evaluation, simulation):
    if len(evaluation) == len(simulation) > 0:
        return np.sqrt(mse(evaluation, simulation))
    else:
        logging.warning("evaluation and simulation lists do not have the same length.")
        return np.nan


def mae(evaluation, simulation):
    if len(evaluation) == len(simulation) > 0:
        obs, sim = np.array(evaluation), np.array(simulation)
        mae = np.mean(np.abs(sim - obs))
        return mae
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def rrmse(evaluation, simulation):

    if len(evaluation) == len(simulation):
        rrmse = rmse(evaluation, simulation) / np.mean(evaluation)
        return rrmse
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def agreementindex(evaluation, simulation):
    if len(evaluation) == len(simulation):
        simulation, evaluation = np.array(simulation), np.array(evaluation)
        Agreement_index = 1 - (np.sum((evaluation - simulation) ** 2)) / (
            np.sum(
                (
                    np.abs(simulation - np.mean(evaluation))
                    + np.abs(evaluation - np.mean(evaluation))
                )
                ** 2
            )
        )
        return Agreement_index
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def covariance(evaluation, simulation):
    if len(evaluation) == len(simulation):
        obs, sim = np.array(evaluation), np.array(simulation)
        obs_mean = np.mean(obs)
        sim_mean = np.mean(sim)
        covariance = np.mean((obs - obs_mean) * (sim - sim_mean))
        return covariance
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def decomposed_mse(evaluation, simulation):

    if len(evaluation) == len(simulation):
        e_std = np.std(evaluation)
        s_std = np.std(simulation)

        bias_squared = bias(evaluation, simulation) ** 2
        sdsd = (e_std - s_std) ** 2
        lcs = 2 * e_std * s_std * (1 - correlationcoefficient(evaluation, simulation))

        decomposed_mse = bias_squared + sdsd + lcs

        return decomposed_mse
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def kge(evaluation, simulation, return_all=False):
    if len(evaluation) == len(simulation):
        cc = np.corrcoef(evaluation, simulation)[0, 1]
        alpha = np.std(simulation) / np.std(evaluation)
        beta = np.sum(simulation) / np.sum(evaluation)
        kge = 1 - np.sqrt((cc - 1) ** 2 + (alpha - 1) ** 2 + (beta - 1) ** 2)
        if return_all:
            return kge, cc, alpha, beta
        else:
            return kge
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def _spearmann_corr(x, y):
    col = [list(a) for a in zip(x, y)]
    xy = sorted(col, key=lambda x: x[0], reverse=False)
    # rang of x-value
    for i, row in enumerate(xy):
        row.append(i + 1)

    a = sorted(xy, key=lambda x: x[1], reverse=False)
    # rang of y-value
    for i, row in enumerate(a):
        row.append(i + 1)

    MW_rank_x = np.nanmean(np.array(a)[:, 2])
    MW_rank_y = np.nanmean(np.array(a)[:, 3])

    numerator = np.nansum(
        [float((a[j][2] - MW_rank_x) * (a[j][3] - MW_rank_y)) for j in range(len(a))]
    )
    denominator1 = np.sqrt(
        np.nansum([(a[j][2] - MW_rank_x) ** 2.0 for j in range(len(a))])
    )
    denominator2 = np.sqrt(
        np.nansum([(a[j][3] - MW_rank_x) ** 2.0 for j in range(len(a))])
    )
    return float(numerator / (denominator1 * denominator2))


def kge_non_parametric(evaluation, simulation, return_all=False):
    if len(evaluation) == len(simulation):
        ## self-made formula
        cc = _spearmann_corr(evaluation, simulation)

        ### scipy-Version
        # cc = stm.spearmanr(evaluation, simulation, axis=0)[0]

        ### pandas version
        # a  = pd.DataFrame({'eva': evaluation, 'sim': simulation})
        # cc = a.ix[:,1].corr(a.ix[:,0], method = 'spearman')

        fdc_sim = np.sort(simulation / (np.nanmean(simulation) * len(simulation)))
        fdc_obs = np.sort(evaluation / (np.nanmean(evaluation) * len(evaluation)))
        alpha = 1 - 0.5 * np.nanmean(np.abs(fdc_sim - fdc_obs))

        beta = np.mean(simulation) / np.mean(evaluation)
        kge = 1 - np.sqrt((cc - 1) ** 2 + (alpha - 1) ** 2 + (beta - 1) ** 2)
        if return_all:
            return kge, cc, alpha, beta
        else:
            return kge
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def rsr(evaluation, simulation):
    if len(evaluation) == len(simulation):
        rsr = rmse(evaluation, simulation) / np.std(evaluation)
        return rsr
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


def volume_error(evaluation, simulation):
    if len(evaluation) == len(simulation):
        ve = np.sum(simulation - evaluation) / np.sum(evaluation)
        return float(ve)
    else:
        logging.warning(
            "evaluation and simulation lists does not have the same length."
        )
        return np.nan


_all_functions = [
    agreementindex,
    bias,
    correlationcoefficient,
    covariance,
    decomposed_mse,
    kge,
    log_p,
    lognashsutcliffe,
    mae,
    mse,
    nashsutcliffe,
    pbias,
    rmse,
    rrmse,
    rsquared,
    rsr,
    volume_error,
]


def calculate_all_functions(evaluation, simulation):

    result = []
    for f in _all_functions:
        # Check if the name is not private and attr is a function but not this

        try:
            result.append((f.__name__, f(evaluation, simulation)))
        except:
            result.append((f.__name__, np.nan))

    return result



# --- src/spotpy/likelihoods.py ---

class LikelihoodError(Exception):

    pass


def __generateMeaserror(data):
    return np.array(data) * 0.1


def __calcSimpleDeviation_bias(data, comparedata, mu_h):
    __standartChecksBeforeStart(data, comparedata)
    d = np.array(data)
    c = np.array(comparedata)
    # Adjust c for multiplicative bias parameter:
    mu_t = np.exp(mu_h * c)
    Et = c * mu_t
    return d - Et


def __calcSimpleDeviation(data, comparedata):
    __standartChecksBeforeStart(data, comparedata)
    d = np.array(data)
    c = np.array(comparedata)
    return d - c


def __standartChecksBeforeStart(data, comparedata):
    # some standard checks
    if data.__len__() != comparedata.__len__():
        raise LikelihoodError(
            "Simulation and observation data have not the same length"
        )
    if data.__len__() == 0:
        raise LikelihoodError(
            "Data with no content can not be used as a foundation of calculation a likelihood"
        )


def __jitter_measerror_if_needed(fun_name, measerror):
    size = measerror[measerror == 0.0].size
    if size > 0:
        warnings.warn(
            "[" + fun_name + "] realized that there are distinct distributed values. "
            "We jittered the values but the result can be far away from the truth."
        )

        measerror[measerror == 0.0] = np.random.uniform(0.01, 0.1, size)
    return measerror


class TimeSeries:

    @staticmethod
    def acf(data, lag):

        len = data.__len__()
        if len <= 0:
            raise LikelihoodError(
                "Data with no content can not be used to calc autokorrelation"
            )
        if lag is None or type(lag) != type(1):
            raise LikelihoodError("The lag musst be an integer")
        if lag > len:
            raise LikelihoodError(
                "The lag can not be bigger then the size of your data"
            )
        m = np.mean(data)
        d = np.array(data)
        # R-Style numpy inline sum
        return np.sum((d[lag:len] - m) * (d[0 : len - lag] - m)) / len

    @staticmethod
    def AR_1_Coeff(data):
        return TimeSeries.acf(data, 1) / TimeSeries.acf(data, 0)


def logLikelihood(data, comparedata, measerror=None):
    __standartChecksBeforeStart(data, comparedata)
    data = np.array(data)
    comparedata = np.array(comparedata)
    if measerror is None:
        measerror = __generateMeaserror(data)
    measerror = np.array(measerror)
    measerror = __jitter_measerror_if_needed("logLikelihood", measerror)

    # TODO: Maximize is done but in positive way (from negative to zero is hard)
    return (
        -data.__len__() / 2 * np.log(2 * np.pi)
        - np.nansum(np.log(measerror))
        - 0.5 * np.sum(((data - comparedata) / measerror) ** 2)
    )


def gaussianLikelihoodMeasErrorOut(data, comparedata):
    __standartChecksBeforeStart(data, comparedata)
    errorArr = np.array(__calcSimpleDeviation(data, comparedata))

    return -data.__len__() / 2 * np.log(np.sum(errorArr**2))


def gaussianLikelihoodHomoHeteroDataError(data, comparedata, measerror=None):
    # With the assumption that the error residuals are uncorrelated
    __standartChecksBeforeStart(data, comparedata)
    n = data.__len__()
    data = np.array(data)
    comparedata = np.array(comparedata)
    if measerror is None:
        measerror = __generateMeaserror(data)
    measerror = np.array(measerror)
    measerror = __jitter_measerror_if_needed(
        "gaussianLikelihoodHomoHeteroDataError", measerror
    )

    # TODO Maximizing with negative to zero?
    # original: -np.prod((1 / (np.sqrt(2 * np.pi * measerror**2)))*np.exp(-0.5 * ((data-comparedata)/(measerror))**2))
    return -np.sum(
        (1 / (np.sqrt(2 * np.pi * measerror**2)))
        * np.exp(-0.5 * ((data - comparedata) / (measerror)) ** 2)
    )


def LikelihoodAR1WithC(data, comparedata, measerror=None, params=None):
    __standartChecksBeforeStart(data, comparedata)
    n = data.__len__()
    if measerror is None:
        measerror = __generateMeaserror(data)

    measerror = np.array(measerror)
    measerror = __jitter_measerror_if_needed("LikelihoodAR1WithC", measerror)

    paramDependencies = ["likelihood_phi"]

    if params is None:
        phi = TimeSeries.AR_1_Coeff(data)
    else:
        missingparams = []
        randomparset, parameternames = params
        randomparset = np.array(randomparset)
        parameternames = np.array(parameternames)
        for nm in paramDependencies:
            if nm not in parameternames:
                missingparams.append(nm)

        if missingparams.__len__() > 0:
            raise LikelihoodError(
                "Unfortunately contains your param list not all parameters which are needed for this class."
                "Following parameter are needed, too: " + str(missingparams)
            )

        phi = float(randomparset[parameternames == "likelihood_phi"])
    # Break the calculation if given parameter are not valid
    if abs(phi) >= 1:
        warnings.warn(
            "The parameter 'phi' should be real between -1 and 1 and is: " + str(phi)
        )
        return np.NAN

    expect = np.nanmean(data)
    errorArr = np.array(__calcSimpleDeviation(data, comparedata))
    c = expect * (1 - phi)

    # I summarize from 2 to n, but range starts in 1 (in python it is zero index), so just shift it with one
    n = data.__len__()
    sum_1 = np.sum(np.log(measerror[1:]))

    sum_2 = np.sum(((errorArr[1:] - c - phi * errorArr[:-1]) / (measerror[1:])) ** 2)

    # TODO Its maximaized but maybe from negative to zero, is that possible?
    return -(
        -(n / 2) * np.log(2 * np.pi)
        - 0.5 * np.log(measerror[0] ** 2 / (1 - phi**2))
        - (
            (errorArr[0] - (c / (1 - phi))) ** 2
            / (2 * measerror[0] ** 2 / (1 - phi**2))
        )
        - sum_1
        - 0.5 * sum_2
    )


def LikelihoodAR1NoC(data, comparedata, measerror=None, params=None):
    __standartChecksBeforeStart(data, comparedata)
    n = data.__len__()
    if measerror is None:
        measerror = __generateMeaserror(data)

    errorArr = np.array(__calcSimpleDeviation(data, comparedata))

    # I summarize from 2 to n, but range starts in 1 (in python it is zero index), so just shift it with one
    measerror = np.array(measerror)
    measerror = __jitter_measerror_if_needed("LikelihoodAR1NoC", measerror)

    paramDependencies = ["likelihood_phi"]

    if params is None:
        phi = np.random.uniform(-0.99, 0.99, 1)
    else:
        missingparams = []
        randomparset, parameternames = params
        for nm in paramDependencies:
            if nm not in parameternames:
                missingparams.append(nm)
        if missingparams.__len__() > 0:
            raise LikelihoodError(
                "Unfortunately contains your param list not all parameters which are needed for this class."
                "Following parameter are needed, too: " + str(missingparams)
            )

        parameternames = np.array(parameternames)
        randomparset = np.array(randomparset)
        phi = float(randomparset[parameternames == "likelihood_phi"])

        # Break the calculation if given parameter are not valid
        if abs(phi) >= 1:
            warnings.warn(
                "The parameter 'phi' should be real between -1 and 1 and is: "
                + str(phi)
            )
            return np.NAN

    sum_1 = np.sum(np.log(measerror[1:]))
    sum_2 = np.sum(((errorArr[1:] - phi * errorArr[:-1]) / measerror[1:]) ** 2)

    # TODO Maximizing with negative to zero?
    return -float(
        -(n / 2) * np.log(2 * np.pi)
        + 0.5 * np.log(1 - phi**2)
        - 0.5 * (1 - phi**2) * (1 / measerror[0] ** 2) * errorArr[0] ** 2
        - sum_1
        - 0.5 * sum_2
    )


def generalizedLikelihoodFunction(data, comparedata, measerror=None, params=None):

    __standartChecksBeforeStart(data, comparedata)
    if measerror is None:
        measerror = __generateMeaserror(data)
    measerror = np.array(measerror)
    comparedata = np.array(comparedata)
    measerror = __jitter_measerror_if_needed("generalizedLikelihoodFunction", measerror)

    paramDependencies = [
        "likelihood_beta",
        "likelihood_xi",
        "likelihood_sigma0",
        "likelihood_sigma1",
        "likelihood_phi1",
        "likelihood_muh",
    ]

    if params is None:
        # for this params look into http://onlinelibrary.wiley.com/doi/10.1029/2009WR008933/epdf, page 5
        beta = np.random.uniform(-0.99, 1, 1)
        xi = np.random.uniform(0.01, 10, 1)
        sigma0 = np.random.uniform(0, 1, 1)
        sigma1 = np.random.uniform(0, 1, 1)
        phi1 = np.random.uniform(0, 0.99, 1)
        muh = np.random.uniform(0, 100, 1)

    else:
        missingparams = []
        randomparset, parameternames = params
        parameternames = np.array(parameternames)
        #randomparset = np.array(randomparset)
        randomparset = [np.array(par) for par in randomparset] 
        for nm in paramDependencies:
            if nm not in parameternames:
                missingparams.append(nm)

        if missingparams.__len__() > 0:
            raise LikelihoodError(
                "Unfortunately contains your param list not all parameters which are needed for this class."
                "Following parameter are needed, too: " + str(missingparams)
            )

        beta = float(randomparset[np.where(parameternames == "likelihood_beta")])
        xi = float(randomparset[np.where(parameternames == "likelihood_xi")])
        sigma0 = float(randomparset[np.where(parameternames == "likelihood_sigma0")])
        sigma1 = float(randomparset[parameternames == "likelihood_sigma0"])
        phi1 = float(randomparset[np.where(parameternames == "likelihood_phi1")])
        muh = float(randomparset[np.where(parameternames == "likelihood_muh")])

        # Break the calculation if given parameter are not valid
        if beta <= -1 or beta > 1:
            warnings.warn(
                "The parameter 'beta' should be greater then -1 and less equal 1 and is: "
                + str(beta)
            )
            return np.NAN
        if xi < 0.1 or xi > 10:
            warnings.warn(
                "The parameter 'xi' should be between 0.1 and 10 and is: " + str(xi)
            )
            return np.NAN
        if sigma0 < 0 or sigma0 > 1:
            warnings.warn(
                "The parameter 'sigma0' should be between 0 and 1 and is: "
                + str(sigma0)
            )
            return np.NAN
        if sigma1 < 0 or sigma1 > 1:
            warnings.warn(
                "The parameter 'sigma1' should be between 0 and 1 and is: "
                + str(sigma1)
            )
            return np.NAN
        if phi1 < 0 or phi1 > 1:
            warnings.warn(
                "The parameter 'phi1' should be between 0 and 1 and is: " + str(phi1)
            )
            return np.NAN
        if muh < 0 or muh > 100:
            warnings.warn(
                "The parameter 'muh' should be between 0 and 100 and is: " + str(muh)
            )
            return np.NAN

    try:
        omegaBeta = np.sqrt(math.gamma(3 * (1 + beta) / 2)) / (
            (1 + beta) * np.sqrt(math.gamma((1 + beta) / 2) ** 3)
        )
        M_1 = math.gamma(1 + beta) / (
            np.sqrt(math.gamma(3 * (1 + beta) / 2))
            * np.sqrt(math.gamma((1 + beta) / 2))
        )
        M_2 = 1
        sigma_xi = np.sqrt(
            np.abs(
                float((M_2 - M_1**2) * (xi**2 + xi ** (-2)) + 2 * M_1**2 - M_2)
            )
        )
        cBeta = (math.gamma(3 * (1 + beta) / 2) / math.gamma((1 + beta) / 2)) ** (
            1 / (1 + beta)
        )
    except ValueError:
        raise LikelihoodError(
            "Please check your parameter input there is something wrong with the parameter"
        )

    if xi != 0.0:
        mu_xi = M_1 * (xi - (xi ** (-1)))
    else:
        mu_xi = 0.0

    n = data.__len__()
    errorArr = __calcSimpleDeviation_bias(data, comparedata, muh)
    sum_at = 0
    # formula for a_t is from page 3, (6)
    for j in range(n - 1):
        t = j + 1
        if t > 0 and t < n and type(t) == type(1):
            a_t = (errorArr[t] - phi1 * errorArr[t - 1]) / (measerror[t])
        else:
            warnings.warn("Your parameter 't' does not suit to the given data list")
            return None

        a_xi_t = xi ** (-1 * np.sign(mu_xi + sigma_xi * a_t)) * (mu_xi + sigma_xi * a_t)

        sum_at += np.abs(a_xi_t) ** (2 / (1 + beta))

    # page 3 formula 5 of this paper explain that sigma[t] = sigma0 + sigma1*E[t]
    # where E[t] is called y(x) in the main paper (discrepancy) and sigma0 and sigma1 are input parameter which also
    # can be generate by the function itself. Then
    # E[t] = Y_{ht}*mu[t]
    # where Y_{ht} should be the simulated model data and mu_t = exp(mu_h * Y_{ht}).
    # So, mu_h is "a bias parameter to be inferred from the model." (cite, page 3, formula (3))

    mu_t = np.exp(muh * comparedata)

    E = comparedata * mu_t

    sigmas = sigma0 + sigma1 * E
    if sigmas[sigmas <= 0.0].size > 0:
        warnings.warn(
            "Sorry, you comparedata have negative values. Maybe you model has some inaccurate"
            " assumptions or there is another error."
            " We cannot calculate this likelihood"
        )
        return np.NAN

    return (
        n * np.log(omegaBeta * (2 * sigma_xi) / np.abs(xi + (1 / xi)))
        - np.sum(np.log(sigmas))
        - cBeta * sum_at
    )


def LaplacianLikelihood(data, comparedata, measerror=None):
    __standartChecksBeforeStart(data, comparedata)
    errArr = np.array(__calcSimpleDeviation(data, comparedata))
    if measerror is None:
        measerror = __generateMeaserror(data)
    measerror = np.array(measerror)
    measerror = __jitter_measerror_if_needed("LaplacianLikelihood", measerror)

    # Log from negative value makes no sense at all
    return -1 * np.sum(np.log(2 * np.abs(measerror))) - np.sum(
        np.abs(errArr) / measerror
    )


def SkewedStudentLikelihoodHomoscedastic(data, comparedata, measerror=None):
    __standartChecksBeforeStart(data, comparedata)
    if measerror is None:
        measerror = __generateMeaserror(data)

    measerror = np.mean(measerror)

    res = np.array(__calcSimpleDeviation(data, comparedata))

    # TODO Maximizing with negative to zero?
    # Original: -np.prod(1 / (np.sqrt(2 * np.pi) * measerror) * np.exp(-1 * (res ** 2) / (2)))
    return -np.sum(
        (1 / (np.sqrt(2 * np.pi) * measerror) * np.exp(-1 * (res**2) / (2)))
    )


def SkewedStudentLikelihoodHeteroscedastic(
    data, comparedata, measerror=None, params=None
):
    __standartChecksBeforeStart(data, comparedata)
    if measerror is None:
        measerror = __generateMeaserror(data)

    measerror = np.array(measerror)
    measerror = __jitter_measerror_if_needed(
        "SkewedStudentLikelihoodHeteroscedastic", measerror
    )

    diff = np.array(__calcSimpleDeviation(data, comparedata))

    paramDependencies = ["likelihood_nu", "likelihood_kappa", "likelihood_phi"]

    if params is None:
        # based on VRUGTS paper, footnote "YING", page 307
        nu = np.random.uniform(2.001, 100, 1)
        k = np.random.uniform(0.001, 100, 1)
        phi = np.random.uniform(-0.99, 0.99, 1)

    else:
        missingparams = []
        randomparset, parameternames = params

        randomparset = np.array(randomparset)
        parameternames = np.array(parameternames)

        for nm in paramDependencies:
            if nm not in parameternames:
                missingparams.append(nm)

        if missingparams.__len__() > 0:
            raise LikelihoodError(
                "Unfortunately contains your param list not all parameters which are needed for this class."
                "Following parameter are needed, too: " + str(missingparams)
            )

        nu = randomparset[parameternames == "likelihood_nu"][0]
        k = randomparset[parameternames == "likelihood_kappa"][0]
        phi = randomparset[parameternames == "likelihood_phi"][0]

    if abs(phi) > 1:
        warnings.warn(
            "[SkewedStudentLikelihoodHeteroscedastic] The parameter 'phi' should be between -1 and 1 and is: "
            + str(phi)
        )
        return np.NAN
    if nu <= 2:
        warnings.warn(
            "[SkewedStudentLikelihoodHeteroscedastic] The parameter 'nu' should be greater then 2 and is: "
            + str(nu)
        )
        return np.NAN
    if k <= 0:
        warnings.warn(
            "[SkewedStudentLikelihoodHeteroscedastic] The parameter 'k' should be greater then 0 and is: "
            + str(k)
        )
        return np.NAN

    eta_all = diff[1:] - phi * diff[:-1] * np.sqrt(1 - phi**2)
    c_1 = (
        (k**2 - 1 / (k**2))
        * 2
        * math.gamma((nu + 1) / 2)
        * np.sqrt(nu / (nu - 2))
        * (nu - 2)
    ) / ((k + (1 / k)) * math.gamma(nu / 2) * np.sqrt(np.pi * nu) * (nu - 1))

    for_c2 = -1 * (c_1) ** 2 + (k**3 + 1 / k**3) / (k + 1 / k)

    c_2 = np.sqrt(for_c2)

    # TODO Maximizing with negative to zero?
    return np.log(
        -np.prod(
            (2 * c_2 * math.gamma((nu + 1) / 2) * np.sqrt(nu / (nu - 2)))
            / (
                (k + 1 / k)
                * math.gamma(nu / 2)
                * np.sqrt(np.pi * nu)
                * np.sqrt(1 - phi**2)
                * measerror[1:]
            )
            * (
                1
                + (1 / (nu - 2))
                * ((c_1 + c_2 * eta_all) / (k ** (np.sign(c_1 + c_2 * eta_all)))) ** 2
            )
            ** (-(nu + 1) / 2)
        )
    )


def SkewedStudentLikelihoodHeteroscedasticAdvancedARModel(
    data, comparedata, measerror=None, params=None
):
    __standartChecksBeforeStart(data, comparedata)
    if measerror is None:
        measerror = __generateMeaserror(data)

    measerror = np.array(measerror)
    measerror = __jitter_measerror_if_needed(
        "SkewedStudentLikelihoodHeteroscedasticAdvancedARModel", measerror
    )

    res = np.array(__calcSimpleDeviation(data, comparedata))

    paramDependencies = ["likelihood_nu", "likelihood_kappa", "likelihood_phi"]
    if params is None:
        # based on VRUGTS paper, footnote "YING", page 307
        nu = np.random.uniform(2.001, 100, 1)
        k = np.random.uniform(0.001, 100, 1)
        phi = np.random.uniform(-0.99, 0.99, 1)

    else:
        missingparams = []
        randomparset, parameternames = params
        randomparset = np.array(randomparset)
        parameternames = np.array(parameternames)

        for nm in paramDependencies:
            if nm not in parameternames:
                missingparams.append(nm)

        if missingparams.__len__() > 0:
            raise LikelihoodError(
                "Unfortunately contains your param list not all parameters which are needed for this class."
                "Following parameter are needed, too: " + str(missingparams)
            )

        nu = randomparset[parameternames == "likelihood_nu"][0]
        k = randomparset[parameternames == "likelihood_kappa"][0]
        phi = randomparset[parameternames == "likelihood_phi"][0]

        if abs(phi) > 1:
            warnings.warn(
                "[SkewedStudentLikelihoodHeteroscedasticAdvancedARModel] The parameter 'phi' should be between -1 and 1 and is: "
                + str(phi)
            )
            return np.NAN
        if nu <= 2:
            warnings.warn(
                "[SkewedStudentLikelihoodHeteroscedasticAdvancedARModel] The parameter 'nu' should be greater then 2 and is: "
                + str(nu)
            )
            return np.NAN
        if k <= 0:
            warnings.warn(
                "[SkewedStudentLikelihoodHeteroscedasticAdvancedARModel] The parameter 'k' should be greater then 0 and is: "
                + str(k)
            )
            return np.NAN

    N = data.__len__()
    eta_all = (res[1:] - phi * res[:-1] + phi / (N) * np.sum(res)) * np.sqrt(
        1 - phi**2
    )

    c_1 = (
        (k**2 - 1 / (k**2))
        * 2
        * math.gamma((nu + 1) / 2)
        * np.sqrt(nu / (nu - 2))
        * (nu - 2)
    ) / ((k + (1 / k)) * math.gamma(nu / 2) * np.sqrt(np.pi * nu) * (nu - 1))
    for_c2 = -1 * (c_1) ** 2 + (k**3 + 1 / k**3) / (k + 1 / k)

    c_2 = np.sqrt(for_c2)

    # TODO Maximizing with negative to zero?
    datas = (
        (2 * c_2 * math.gamma((nu + 1) / 2) * np.sqrt(nu / (nu - 2)))
        / (
            (k + 1 / k)
            * math.gamma(nu / 2)
            * np.sqrt(np.pi * nu)
            * np.sqrt(1 - phi**2)
            * measerror[1:]
        )
        * (
            1
            + (1 / (nu - 2))
            * ((c_1 + c_2 * eta_all) / (k ** (np.sign(c_1 + c_2 * eta_all)))) ** 2
        )
        ** (-(nu + 1) / 2)
    )

    return np.log(
        -np.prod(
            (2 * c_2 * math.gamma((nu + 1) / 2) * np.sqrt(nu / (nu - 2)))
            / (
                (k + 1 / k)
                * math.gamma(nu / 2)
                * np.sqrt(np.pi * nu)
                * np.sqrt(1 - phi**2)
                * measerror[1:]
            )
            * (
                1
                + (1 / (nu - 2))
                * ((c_1 + c_2 * eta_all) / (k ** (np.sign(c_1 + c_2 * eta_all)))) ** 2
            )
            ** (-(nu + 1) / 2)
        )
    )


def NoisyABCGaussianLikelihood(data, comparedata, measerror=None):

    __standartChecksBeforeStart(data, comparedata)
    if measerror is None:
        measerror = __generateMeaserror(data)
    sigmas = np.array(measerror)
    measerror = np.mean(measerror)

    size = sigmas[sigmas == 0.0].size
    if size > 0:
        warnings.warn(
            "[NoisyABCGaussianLikelihood] reaslized that there are distinct distributed values. We jittered the values but the result can be far away from the truth."
        )
        sigmas[sigmas == 0.0] = np.random.uniform(0.01, 0.1, size)

    if measerror == 0.0:
        warnings.warn(
            "[NoisyABCGaussianLikelihood] reaslized that the mean of the measerror is zero and therefore is no likelihood calculation possible"
        )
        return np.NAN

    m = data.__len__()
    data = np.array(data)
    comparedata = np.array(comparedata)

    # The euclidean distance has a bit diffrent formula then the original paper showed
    return (
        -m / 2 * np.log(2 * np.pi)
        - m * np.log(measerror)
        - 0.5
        * 1
        / (measerror**2)
        * np.sqrt(np.sum(((data - comparedata) / sigmas) ** 2))
    )


def ABCBoxcarLikelihood(data, comparedata, measerror=None):
    __standartChecksBeforeStart(data, comparedata)
    if measerror is None:
        measerror = __generateMeaserror(data)

    data = np.array(data)
    comparedata = np.array(comparedata)

    measerror = np.array(measerror)
    measerror = __jitter_measerror_if_needed("ABCBoxcarLikelihood", measerror)

    # Usage of euclidean distance changes the formula a bit

    # TODO Maximizing with negative to zero?
    return np.min(measerror - np.sqrt(((data - comparedata) / measerror) ** 2))


def LimitsOfAcceptability(data, comparedata, measerror=None):
    __standartChecksBeforeStart(data, comparedata)
    if measerror is None:
        measerror = __generateMeaserror(data)

    data = np.array(data)
    comparedata = np.array(comparedata)

    measerror = np.array(measerror)
    measerror = __jitter_measerror_if_needed("LimitsOfAcceptability", measerror)

    # Use simple non euclidean but weighted distance measurement.
    return np.sum(np.abs((data - comparedata) / measerror) <= measerror)


def InverseErrorVarianceShapingFactor(data, comparedata, G=10):

    __standartChecksBeforeStart(data, comparedata)

    errArr = np.nanvar(np.array(__calcSimpleDeviation(data, comparedata)))
    if errArr == 0.0:
        warnings.warn(
            "[InverseErrorVarianceShapingFactor] reaslized that the variance in y(x)-y is zero and that makes no sence and also impossible to calculate the likelihood."
        )
        return np.NAN
    else:
        # Gives an better convergence, so close values are more less and apart values are more great.
        # (0 is the best so to say).
        return -G * np.log(errArr) ** 3


def NashSutcliffeEfficiencyShapingFactor(data, comparedata, G=10):

    __standartChecksBeforeStart(data, comparedata)

    errArr = np.array(__calcSimpleDeviation(data, comparedata))

    if np.nanvar(data) == 0.0:
        warnings.warn(
            "[NashSutcliffeEfficiencyShapingFactor] reaslized that the variance of the data is zero. Thereforee is no likelihood calculation possible"
        )
        return np.NAN
    else:
        ratio = np.nanvar(errArr) / np.nanvar(data)

        if ratio > 1:
            warnings.warn(
                "[NashSutcliffeEfficiencyShapingFactor]: The ratio between residual variation and observation "
                "variation is bigger then one and therefore"
                "we can not calculate the liklihood. Please use another function which fits to this data and / or "
                "model"
            )
            return np.NAN
        else:
            return G * np.log(1 - ratio)


def ExponentialTransformErrVarShapingFactor(data, comparedata, G=10):
    __standartChecksBeforeStart(data, comparedata)

    errArr = np.array(__calcSimpleDeviation(data, comparedata))

    return -G * np.nanvar(errArr)


def sumOfAbsoluteErrorResiduals(data, comparedata):
    __standartChecksBeforeStart(data, comparedata)

    errArr = np.array(__calcSimpleDeviation(data, comparedata))
    return -1 * np.log(np.sum(np.abs(errArr)))



# --- src/spotpy/hydrology/signatures.py ---

def remove_nan(data):
    return np.array(data)[np.isfinite(data)]


def fill_nan(data):
    # All data indices
    x = np.arange(len(data))
    # Valid data indices
    xp = np.flatnonzero(np.isfinite(data))
    # Valid data
    fp = remove_nan(data)
    # Interpolate missing values
    return np.interp(x, xp, fp)


def summarize(data, step, f):
    if len(data) < step:
        return np.array([f(data)])
    return np.fromiter(
        (f(data[i : i + step]) for i in range(0, len(data), step)),
        count=len(data) // step,
        dtype=float,
    )




class Quantile(object):
    """
    Calculates the <quantile>% exceedance of the flow duration curve.

    Used as a signature behaviour index by [WESMCM2015]_

    :return: Q_{<quantile>}
    """

    def __init__(self, quantile):
        self.quantile = quantile
        self.__doc__ = inspect.getdoc(type(self)).replace(
            "<quantile>", "{:0.4g}".format(self.quantile)
        )

    def __call__(self, data, measurements_per_day=None):
        return np.percentile(remove_nan(data), 100 - self.quantile)

    def __repr__(self):
        return "q({:0.2f}%)".format(self.quantile)


get_q0_01 = Quantile(0.01)
get_q0_1 = Quantile(0.1)
get_q1 = Quantile(1)
get_q5 = Quantile(5)
get_q50 = Quantile(50)
get_q85 = Quantile(85)
get_q95 = Quantile(95)
get_q99 = Quantile(99)


get_q0_01 = Quantile(0.01)
get_q0_1 = Quantile(0.1)
get_q1 = Quantile(1)
get_q5 = Quantile(5)
get_q50 = Quantile(50)
get_q85 = Quantile(85)
get_q95 = Quantile(95)
get_q99 = Quantile(99)


def get_mean(data, measurements_per_day=None):
    return np.mean(remove_nan(data))


def get_skewness(data, measurements_per_day=None):
    return get_mean(data) / get_q50(data) if get_q50(data) > 0 else 0


def get_qcv(data, measurements_per_day=None):
    return remove_nan(data).std() / get_mean(data)


def get_sfdc(data, measurements_per_day=None):
    mean = get_mean(data)

    Q33 = Quantile(33)(data) / mean
    Q66 = Quantile(66)(data) / mean

    # Determine if the fdc has a slope at this tage and return the
    # corresponding values
    if Q33 == 0 and Q66 == 0:
        return 0
    elif Q33 == 0 and not Q66 == 0:
        return -np.log(Q66) / (2 / 3 - 1 / 3)
    elif not Q33 == 0 and Q66 == 0:
        return np.log(Q33) / (2 / 3 - 1 / 3)
    else:
        return (np.log(Q33) - np.log(Q66)) / (2 / 3 - 1 / 3)


def calc_baseflow(data, measurements_per_day=1):
    period_length = 5  # days
    if measurements_per_day < 1:
        raise ValueError(
            "At least a daily measurement frequency is needed to calculate baseflow"
        )

    # Remove NaN values
    data = fill_nan(data)

    def irange(seq):
        return range(len(seq))

    # Calculate daily mean
    daily_flow = summarize(data, measurements_per_day, np.mean)

    # Get minimum flow for each 5 day period (Step 1 in Gustard et al 1992)
    Q = summarize(daily_flow, period_length, np.min)

    def is_baseflow(i, Q):
        if 0 < i < len(Q) - 1:
            # The boolean expression after the or works with the assumption
            # that flow values of 0 can always be considered as baseflow.
            return (Q[i] * 0.9 < min(Q[i - 1], Q[i + 1])) or (Q[i] == 0)
        else:
            return False

    # Get each 5 day period index, where the baseflow condition is fullfilled
    # (Step 2 in Gustard et al 1992)
    QB_pos = [i for i in irange(Q) if is_baseflow(i, Q)]

    QB_raw = Q[QB_pos]
    # get interpolated values for each minflow timestep (Step 3)
    QB_int = np.interp(irange(Q), QB_pos, QB_raw)

    # If QBi > Qi then QBi = Qi (Step 4)
    QB = np.where(QB_int > Q, Q, QB_int)

    # Return the baseflow interpolated to the data line
    # using a time axis t in the unit of period indices (eg 1/(5 days))
    t = np.linspace(0, len(QB) - 1, len(data))
    return np.interp(t, irange(QB), QB)


def get_bfi(data, measurements_per_day=1):

    # Calculates the timeseries for the baseflow follwing Gustard et al 1992, p. 20ff, Step 1-4
    baseflow = calc_baseflow(data, measurements_per_day)

    return baseflow.mean() / get_mean(data)


def flow_event(data, event_condition, *ec_args):

    # A list of events. An event is characterized by its duration
    events = []
    actual_event = False
    for v in data:
        if event_condition(v, *ec_args):  # We have an event!
            if not actual_event:  # A new event starts
                events.append(1)
                actual_event = True
            else:  # A current event continues
                events[-1] += 1
        else:  # No event
            actual_event = False

    if not events:
        return 0.0, 0.0

    else:
        freq = len(events) / len(data)
        mean_duration = np.mean(events)

        return freq, mean_duration


def get_qhf(data, measurements_per_day=1):

    def highflow(value, median):
        return value > 9 * median

    fq, md = flow_event(data, highflow, np.median(data))

    return fq * measurements_per_day * 365, md / measurements_per_day


def get_qlf(data, measurements_per_day=1):

    def lowflow(value, mean):
        return value < 0.2 * mean

    fq, md = flow_event(data, lowflow, np.mean(data))
    return fq * measurements_per_day * 365, md / measurements_per_day


def get_ac(data, measurements_per_day=1):

    front = fill_nan(data[measurements_per_day:])
    back = fill_nan(data[:-measurements_per_day])

    return np.corrcoef(front, back)[0, 1]


def get_qlv(data, measurements_per_day=1):

    year = measurements_per_day * 365
    # Calculate mean annual low flow
    data = fill_nan(data)
    lf = np.mean(summarize(data, year, np.min))

    return lf / get_q50(data) if get_q50(data) > 0 else 0


def get_qhv(data, measurements_per_day=1):

    year = measurements_per_day * 365
    # Calculate mean annual low flow
    data = fill_nan(data)
    lf = np.mean(summarize(data, year, np.max))

    return lf / get_q50(data) if get_q50(data) > 0 else 0


def get_recession(data, measurements_per_day=None):

    q = fill_nan(data)
    # Only use median of flows above 0, to avoid mathmatical errors.
    q = q / np.median(q[q > 0])
    dqdt = np.diff(q)
    # Use only recession situation (dqdt < 0)
    q = q[:-1][dqdt < 0]
    dqdt = dqdt[dqdt < 0]
    r2 = np.corrcoef(np.log(q), np.log(-dqdt))[0, 1] ** 2

    b, t0 = np.polyfit(np.log(q), np.log(-dqdt), 1)

    return b, 1 / np.exp(t0), r2


def get_zero_q_freq(data, measurements_per_day=None):
    return ((len(data) - np.count_nonzero(data)) / len(data)) * 100


# --- the cases ---------------------------------------------------------------------------------

# settings given as keywords in the source: one-line wrappers, so that the traced arguments are the arrays

def lognashsutcliffe_eps(evaluation, simulation):
    return lognashsutcliffe(evaluation, simulation, epsilon=0.1)


def kge_all(evaluation, simulation):
    return kge(evaluation, simulation, return_all=True)


def kge_non_parametric_all(evaluation, simulation):
    return kge_non_parametric(evaluation, simulation, return_all=True)


def acf_lag1(data):
    return TimeSeries.acf(data, 1)


def ar_1_coeff(data):
    return TimeSeries.AR_1_Coeff(data)


def InverseErrorVarianceShapingFactor_G2(data, comparedata):
    return InverseErrorVarianceShapingFactor(data, comparedata, G=2)


def get_q50_of(data):
    return get_q50(data)


def get_q95_of(data):
    return get_q95(data)


def get_q0_01_of(data):
    return get_q0_01(data)


def summarize_mean_7(data):
    return summarize(data, 7, np.mean)


def get_qhf_hourly(data):
    return get_qhf(data, measurements_per_day=24)


_OF, _LK, _SG = "objectivefunctions.py", "likelihoods.py", "hydrology/signatures.py"
_NAMES = ["likelihood_nu", "likelihood_kappa", "likelihood_phi"]


def _flow(rng, n=400):
    """Daily streamflow: a seasonal baseflow, a dry spell, and storm peaks."""
    t = np.arange(n)
    base = 2.0 + 1.2 * np.sin(2 * np.pi * t / 365.0) + 0.1 * rng.uniform(size=n)
    base[150:170] *= 0.1  # a dry spell: low-flow events
    storms = np.zeros(n)
    days = np.arange(10, n - 5, 37)
    storms[days] = rng.uniform(25.0, 45.0, size=days.size)  # well above nine times the median
    recession = np.convolve(storms, 0.6 ** np.arange(6))[:n]
    return base + recession


def _pair(rng, n=400):
    obs = _flow(rng, n)
    return obs, obs * rng.lognormal(0.0, 0.2, size=n)


def _with_err(rng):
    obs, sim = _pair(rng)
    return obs, sim, 0.1 * obs + 0.05


def _intermittent(rng):
    q = _flow(rng)
    q[::2] = 0.0
    return (q,)


def _gappy(rng):
    q = _flow(rng)
    q[[3, 40, 41, 42, 200, 399]] = np.nan
    return (q,)


CASES = [
    # objectivefunctions.py
    case(bias, lambda rng: _pair(rng), SP(_OF, "bias")),
    case(bias, lambda rng: (_flow(rng), _flow(rng, 399)), SP(_OF, "bias"), name="spotpy.bias_unequal_lengths"),
    case(pbias, lambda rng: _pair(rng), SP(_OF, "pbias")),
    case(nashsutcliffe, lambda rng: _pair(rng), SP(_OF, "nashsutcliffe")),
    case(lognashsutcliffe, lambda rng: _pair(rng, 60), SP(_OF, "lognashsutcliffe")),
    case(lognashsutcliffe_eps, lambda rng: (_intermittent(rng)[0][:60], _flow(rng, 60)),
         SP(_OF, "lognashsutcliffe", "epsilon=0.1, zero flows")),
    case(log_p, lambda rng: _pair(rng), SP(_OF, "log_p")),
    case(log_p, lambda rng: (0.01 * _flow(rng), 0.01 * _flow(rng)), SP(_OF, "log_p"), name="spotpy.log_p_small_flows"),
    case(correlationcoefficient, lambda rng: _pair(rng), SP(_OF, "correlationcoefficient")),
    case(rsquared, lambda rng: _pair(rng), SP(_OF, "rsquared")),
    case(mse, lambda rng: _pair(rng), SP(_OF, "mse")),
    case(rmse, lambda rng: _pair(rng), SP(_OF, "rmse")),
    case(mae, lambda rng: _pair(rng), SP(_OF, "mae")),
    case(rrmse, lambda rng: _pair(rng), SP(_OF, "rrmse")),
    case(agreementindex, lambda rng: _pair(rng), SP(_OF, "agreementindex")),
    case(covariance, lambda rng: _pair(rng), SP(_OF, "covariance")),
    case(decomposed_mse, lambda rng: _pair(rng), SP(_OF, "decomposed_mse")),
    case(kge, lambda rng: _pair(rng), SP(_OF, "kge")),
    case(kge_all, lambda rng: _pair(rng), SP(_OF, "kge", "return_all=True")),
    case(_spearmann_corr, lambda rng: _pair(rng, 40), SP(_OF, "_spearmann_corr")),
    case(kge_non_parametric, lambda rng: _pair(rng, 40), SP(_OF, "kge_non_parametric")),
    case(kge_non_parametric_all, lambda rng: _pair(rng, 40), SP(_OF, "kge_non_parametric", "return_all=True")),
    case(rsr, lambda rng: _pair(rng), SP(_OF, "rsr")),
    case(volume_error, lambda rng: _pair(rng), SP(_OF, "volume_error")),
    case(calculate_all_functions, lambda rng: _pair(rng, 60), SP(_OF, "calculate_all_functions")),
    # likelihoods.py
    case(acf_lag1, lambda rng: (_flow(rng),), SP(_LK, "TimeSeries.acf", "lag=1")),
    case(ar_1_coeff, lambda rng: (_flow(rng),), SP(_LK, "TimeSeries.AR_1_Coeff")),
    case(__calcSimpleDeviation_bias, lambda rng: (*_pair(rng), 0.01), SP(_LK, "__calcSimpleDeviation_bias")),
    case(logLikelihood, _with_err, SP(_LK, "logLikelihood")),
    case(logLikelihood, lambda rng: _pair(rng), SP(_LK, "logLikelihood", "measerror=None"),
         name="spotpy.logLikelihood_default_error"),
    case(gaussianLikelihoodMeasErrorOut, lambda rng: _pair(rng), SP(_LK, "gaussianLikelihoodMeasErrorOut")),
    case(gaussianLikelihoodHomoHeteroDataError, _with_err, SP(_LK, "gaussianLikelihoodHomoHeteroDataError")),
    case(LikelihoodAR1WithC, _with_err, SP(_LK, "LikelihoodAR1WithC", "params=None: phi from AR_1_Coeff")),
    case(LaplacianLikelihood, _with_err, SP(_LK, "LaplacianLikelihood")),
    case(SkewedStudentLikelihoodHomoscedastic, _with_err, SP(_LK, "SkewedStudentLikelihoodHomoscedastic")),
    case(SkewedStudentLikelihoodHeteroscedastic, lambda rng: (*_with_err(rng), (np.array([5.0, 1.5, 0.4]), _NAMES)),
         SP(_LK, "SkewedStudentLikelihoodHeteroscedastic", "params: a float array and a list of names")),
    case(SkewedStudentLikelihoodHeteroscedastic, lambda rng: (*_with_err(rng), ([5.0, 1.5, 0.4], _NAMES)),
         SP(_LK, "SkewedStudentLikelihoodHeteroscedastic", "params: Python floats"),
         name="spotpy.SkewedStudentLikelihoodHeteroscedastic_python_params"),
    case(SkewedStudentLikelihoodHeteroscedasticAdvancedARModel,
         lambda rng: (*_with_err(rng), (np.array([8.0, 0.8, -0.3]), _NAMES)),
         SP(_LK, "SkewedStudentLikelihoodHeteroscedasticAdvancedARModel")),
    case(NoisyABCGaussianLikelihood, _with_err, SP(_LK, "NoisyABCGaussianLikelihood")),
    case(ABCBoxcarLikelihood, _with_err, SP(_LK, "ABCBoxcarLikelihood")),
    case(LimitsOfAcceptability, _with_err, SP(_LK, "LimitsOfAcceptability")),
    case(InverseErrorVarianceShapingFactor, lambda rng: _pair(rng), SP(_LK, "InverseErrorVarianceShapingFactor")),
    case(InverseErrorVarianceShapingFactor_G2, lambda rng: _pair(rng), SP(_LK, "InverseErrorVarianceShapingFactor", "G=2")),
    case(NashSutcliffeEfficiencyShapingFactor, lambda rng: _pair(rng), SP(_LK, "NashSutcliffeEfficiencyShapingFactor")),
    case(ExponentialTransformErrVarShapingFactor, lambda rng: _pair(rng), SP(_LK, "ExponentialTransformErrVarShapingFactor")),
    case(sumOfAbsoluteErrorResiduals, lambda rng: _pair(rng), SP(_LK, "sumOfAbsoluteErrorResiduals")),
    # hydrology/signatures.py
    case(remove_nan, _gappy, SP(_SG, "remove_nan")),
    case(fill_nan, _gappy, SP(_SG, "fill_nan")),
    case(summarize_mean_7, lambda rng: (_flow(rng, 70),), SP(_SG, "summarize", "step=7, f=np.mean")),
    case(get_q50_of, lambda rng: (_flow(rng),), SP(_SG, "Quantile.__call__ (get_q50)")),
    case(get_q95_of, _gappy, SP(_SG, "Quantile.__call__ (get_q95)")),
    case(get_q0_01_of, lambda rng: (_flow(rng),), SP(_SG, "Quantile.__call__ (get_q0_01)")),
    case(get_mean, _gappy, SP(_SG, "get_mean")),
    case(get_skewness, lambda rng: (_flow(rng),), SP(_SG, "get_skewness")),
    case(get_qcv, lambda rng: (_flow(rng),), SP(_SG, "get_qcv")),
    case(get_sfdc, lambda rng: (_flow(rng),), SP(_SG, "get_sfdc")),
    case(get_sfdc, _intermittent, SP(_SG, "get_sfdc"), name="spotpy.get_sfdc_intermittent"),
    case(calc_baseflow, lambda rng: (_flow(rng, 120), 1), SP(_SG, "calc_baseflow")),
    case(get_bfi, lambda rng: (_flow(rng, 120), 1), SP(_SG, "get_bfi")),
    case(get_qhf, lambda rng: (_flow(rng, 120),), SP(_SG, "get_qhf / flow_event")),
    case(get_qhf_hourly, lambda rng: (np.full(48, 2.0),), SP(_SG, "get_qhf / flow_event", "measurements_per_day=24, no event"),
         name="spotpy.get_qhf_no_event"),
    case(get_qlf, lambda rng: (_flow(rng, 200),), SP(_SG, "get_qlf / flow_event")),
    case(get_ac, lambda rng: (_flow(rng), 1), SP(_SG, "get_ac")),
    case(get_qlv, lambda rng: (_flow(rng, 730),), SP(_SG, "get_qlv")),
    case(get_qhv, lambda rng: (_flow(rng, 730),), SP(_SG, "get_qhv")),
    case(get_recession, lambda rng: (_flow(rng),), SP(_SG, "get_recession")),
    case(get_zero_q_freq, _intermittent, SP(_SG, "get_zero_q_freq")),
]
