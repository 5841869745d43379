"""SALib's sensitivity analysis in NumPy: the Sobol'/Saltelli first, second and total order estimators with their
bootstrap confidence intervals (a seeded generator, or given resample indices through the parallel task path), Morris
elementary effects (``np.einsum`` over padded boolean masks, scaled by ``np.divide(..., where=)``), grouped metrics
(``np.ma``), ``mu_star`` confidence intervals, eFAST's Fourier analysis (``np.fft.fft``) and its bootstrap, RBD-FAST,
DGSM, the moment-independent delta helpers, the samplers' deterministic parts (the Sobol' sequence by bit twiddling,
Saltelli cross-sampling, the finite-difference and eFAST samplers, Latin hypercube, Morris trajectories and the
trajectory distances of the optimised samplers) and the test functions (Ishigami, Sobol' G, linear models, Oakley and
O'Hagan 2004, the lake problem) (SALib/SALib, MIT).

Copied from SALib/SALib at 1c375488e1c85167929142fb54166eb35e4f99f6 (its LICENSE.md is the MIT licence: "Copyright
(c) 2013-2017 Jon Herman, Will Usher, and others."), the files named in each section below (under ``src/SALib/``).
Bodies are as written, comments kept, docstrings dropped.

Adapted, beyond that:

* functions that share a name across SALib's modules carry the module's name here (``sobol_analyze``,
  ``fast_analyze``, ``ishigami_evaluate``, ``saltelli_sample`` ...); the calls of ``bootstrap`` inside
  ``fast_analyze`` and ``rbd_fast_analyze`` call ``fast_bootstrap`` and ``rbd_fast_bootstrap`` accordingly;
* ``ResultDict`` (``util/results.py``) keeps its ``__init__``: its ``to_df`` and ``plot`` (pandas, matplotlib) are
  dropped, as are the pandas imports; pandas is not installed here, so ``pd`` is a stand-in namespace whose ``unique``
  returns the unique values of a 1-D array in order of appearance, as ``pandas.unique`` does (``extract_group_names``,
  ``compute_groups_matrix``); ``sobol.to_df`` and ``Si_to_pandas_dict`` are copied (``sobol_analyze`` binds them with
  ``MethodType``) but never called;
* ``sobol_sequence.directions`` (21,200 rows) is cut to its first 12 rows, enough for 13 dimensions, and
  ``sobol_sequence`` is a namespace holding ``sample`` (``sobol_sequence_sample``) as the samplers call it;
* ``LocalOptimisation``, ``BruteForce`` and ``Strategy`` are as written (``Strategy`` uses ``abc``);
* wrappers build the ``problem`` dicts and give the keyword arguments (the seeds, ``num_resamples``); where a function
  takes a ``np.random.Generator`` (``_compute_mu_star_confidence``, ``rbd_fast.bootstrap``) the wrapper either makes
  one with a fixed seed (as ``handle_seed`` does) or passes ``_GivenDraws``, a stand-in whose ``integers``/``choice``
  hand out index arrays given as inputs (the draws, in the order the function asks for them).

Not taken: ``delta.calc_delta`` and ``bias_reduced_delta`` (``scipy.stats.gaussian_kde``), PAWN, HDMR, RSA, the
discrepancy measures, ``ff`` and the ``ProblemSpec`` machinery, the CLI and plotting.

The inputs are small: 3 to 8 parameters, 4 to 70 samples, 10 to 20 resamples; model outputs are the test functions
(Ishigami) on the samplers' own designs, computed eagerly in ``make_inputs``.
"""

# ruff: noqa: E501, E721, E741, B028, UP004, UP006, UP008, UP031, UP032, UP036
from __future__ import annotations

import abc
import math
import sys
import types
import warnings
from functools import partial
from itertools import combinations, islice, zip_longest
from multiprocessing import Pool, cpu_count
from types import MethodType
from typing import Dict, List, Optional, Sequence, Tuple, Union
from warnings import warn

import numpy as np
import scipy as sp
import scipy.stats  # sp.stats
from numpy import log, sqrt
from numpy.random import BitGenerator, Generator, SeedSequence
from scipy.signal import periodogram
from scipy.spatial.distance import cdist
from scipy.special import comb as nchoosek
from scipy.stats import norm, rankdata

from tests.coverage.cases import SALIB, Source, case


def SAL(path: str, original: str, note: str = "") -> Source:
    return Source(SALIB, "src/SALib/" + path, original, note)


if sys.version_info[0] > 2:
    long = int

CONST_RESULT_MSG = (
    "Constant values encountered, indicating model evaluations "
    "(or subset of evaluations) produced identical values."
)


def _pandas_unique(values):
    """Stand-in for pandas.unique on a 1-D array: its unique values in order of appearance (pandas is not installed)."""
    seen = list(dict.fromkeys(np.asarray(values).tolist()))
    return np.array(seen, dtype=object)


pd = types.SimpleNamespace(unique=_pandas_unique)

# src/SALib/test_functions/lake_problem.py
FLOAT_OR_ARRAY = Union[float, np.array]

# src/SALib/sample/directions.py: its first 12 rows (of 21,200)
directions = (
    (0, 1),
    (1, 1, 3),
    (1, 1, 3, 1),
    (2, 1, 1, 1),
    (1, 1, 1, 3, 3),
    (4, 1, 3, 5, 13),
    (2, 1, 1, 5, 5, 17),
    (4, 1, 1, 5, 5, 5),
    (7, 1, 1, 7, 11, 19),
    (11, 1, 1, 5, 1, 1),
    (13, 1, 1, 1, 3, 11),
    (14, 1, 3, 5, 5, 31),
)


# --- SALib/util/results.py ---------------------------------------------------------------------------------------
class ResultDict(dict):

    def __init__(self, *args, **kwargs):
        super(ResultDict, self).__init__(*args, **kwargs)


# --- SALib/util/util_funcs.py ------------------------------------------------------------------------------------
def handle_seed(
    seed: Union[Generator, BitGenerator, SeedSequence, int, Sequence[int], None]
) -> np.random.Generator:

    if isinstance(seed, np.random.Generator):
        # Spawn a Generator that we can own and reset.
        rng = seed.spawn(1)[0]
    elif isinstance(
        seed, (np.random.BitGenerator, np.random.SeedSequence, int, type(None))
    ):
        rng = np.random.default_rng(seed)
    elif isinstance(seed, (list, tuple, np.ndarray)):
        # Handle sequences of integers
        rng = np.random.default_rng(seed)
    else:
        raise ValueError(f"Unsupported seed type: {type(seed)}")

    return rng


def _check_bounds(bounds):
    b = np.array(bounds)

    lower_bounds = b[:, 0]
    upper_bounds = b[:, 1]

    if np.any(lower_bounds >= upper_bounds):
        raise ValueError("Bounds are not legal")

    return lower_bounds, upper_bounds


def _check_groups(problem):
    groups = problem.get("groups")
    if not groups:
        return False
    if groups == problem["names"]:
        return False

    if len(set(groups)) == 1:
        return False

    return groups


# --- SALib/util/__init__.py --------------------------------------------------------------------------------------
def _scale_samples(params: np.ndarray, bounds: List):
    # Check bounds are legal (upper bound is greater than lower bound)
    lower_bounds, upper_bounds = _check_bounds(bounds)

    if np.any(lower_bounds >= upper_bounds):
        raise ValueError(
            "Bounds are not legal (upper bound must be greater than lower bound)"
        )

    # This scales the samples in-place, by using the optional output
    # argument for the numpy ufunctions
    # The calculation is equivalent to:
    #   sample * (upper_bound - lower_bound) + lower_bound
    np.add(
        np.multiply(params, (upper_bounds - lower_bounds), out=params),
        lower_bounds,
        out=params,
    )


def scale_samples(params: np.ndarray, problem: Dict):
    bounds = problem["bounds"]
    dists = problem.get("dists")

    if dists is None:
        _scale_samples(params, bounds)
    else:
        if params.shape[1] != len(dists):
            msg = "Mismatch in number of parameters and distributions.\n"
            msg += "Num parameters: {}".format(params.shape[1])
            msg += "Num distributions: {}".format(len(dists))
            raise ValueError(msg)

        params = _nonuniform_scale_samples(params, bounds, dists)

    problem["sample_scaled"] = True

    return params


def _unscale_samples(params, bounds):
    # Check bounds are legal (upper bound is greater than lower bound)
    b = np.array(bounds)
    lower_bounds = b[:, 0]
    upper_bounds = b[:, 1]

    if np.any(lower_bounds >= upper_bounds):
        raise ValueError(
            "Bounds are not legal (upper bound must be greater than lower bound)"
        )

    # This scales the samples in-place, by using the optional output
    # argument for the numpy ufunctions
    # The calculation is equivalent to:
    #   (sample - lower_bound) / (upper_bound - lower_bound)
    np.divide(
        np.subtract(params, lower_bounds, out=params),
        np.subtract(upper_bounds, lower_bounds),
        out=params,
    )


def _nonuniform_scale_samples(params, bounds, dists):
    b = np.array(bounds, dtype=object)

    # initializing matrix for converted values
    conv_params = np.empty_like(params)

    # loop over the parameters
    for i in range(conv_params.shape[1]):
        # setting first and second arguments for distributions
        b1 = b[i][0]  # ending
        b2 = b[i][1]  # 0-1

        if dists[i] == "triang":
            if len(b[i]) == 3:
                loc_start = b[i][0]  # loc start
                b1 = b[i][1]  # triangular distribution end
                b2 = b[i][2]  # 0-1 aka c (the peak)
            elif len(b[i]) == 2:
                msg = (
                    "Two-value format for triangular distributions detected.\n"
                    "To remove this message, specify the distribution start, "
                    "end, and peak (three values) "
                    "instead of the current two-value format "
                    "(distribution end and peak, with start assumed to be 0)\n"
                    "The two-value format will be deprecated in SALib v1.5.1"
                )
                warnings.warn(msg, DeprecationWarning, stacklevel=2)

                loc_start = 0
                b1 = b[i][0]
                b2 = b[i][1]
            else:
                raise ValueError(
                    "Unknown triangular distribution specification. Check"
                    " problem specification."
                )

            # checking for correct parameters
            if b1 < 0 or b2 < 0 or b2 >= 1 or loc_start > b1:
                raise ValueError(
                    """Triangular distribution bound error: Scale must be
                    greater than zero; peak on interval [0,1], triangular
                    start value must be smaller than end value"""
                )
            else:
                conv_params[:, i] = sp.stats.triang.ppf(
                    params[:, i], c=b2, scale=b1 - loc_start, loc=loc_start
                )

        elif dists[i] == "unif":
            if b1 >= b2:
                raise ValueError(
                    """Uniform distribution: lower bound
                    must be less than upper bound"""
                )
            else:
                conv_params[:, i] = params[:, i] * (b2 - b1) + b1

        elif dists[i] == "logunif":
            conv_params[:, i] = sp.stats.loguniform.ppf(params[:, i], a=b1, b=b2)

        elif dists[i] == "norm":
            if b2 <= 0:
                raise ValueError("""Normal distribution: stdev must be > 0""")
            else:
                conv_params[:, i] = sp.stats.norm.ppf(params[:, i], loc=b1, scale=b2)

        # Truncated normal distribution
        # parameters are lower bound and upper bound, mean and stdev
        elif dists[i] == "truncnorm":
            b3 = b[i][2]
            b4 = b[i][3]
            if b4 <= 0:
                raise ValueError(
                    """Truncated normal distribution: stdev must
                    be > 0"""
                )
            if b1 >= b2:
                raise ValueError(
                    """Truncated normal distribution: lower bound
                    must be less than upper bound"""
                )
            else:
                conv_params[:, i] = sp.stats.truncnorm.ppf(
                    params[:, i], (b1 - b3) / b4, (b2 - b3) / b4, loc=b3, scale=b4
                )

        # lognormal distribution (ln-space, not base-10)
        # parameters are ln-space mean and standard deviation
        elif dists[i] == "lognorm":
            # checking for valid parameters
            if b2 <= 0:
                raise ValueError("""Lognormal distribution: stdev must be > 0""")
            else:
                conv_params[:, i] = np.exp(
                    sp.stats.norm.ppf(params[:, i], loc=b1, scale=b2)
                )

        # Weibull distribution
        # parameters are shape (k), scale (lambda) and optional location
        elif dists[i] == "weibull":
            # checking for location parameter
            if len(b[i]) == 3:
                b1 = b[i][0]  # shape (k)
                b2 = b[i][1]  # scale (lambda)
                loc_start = b[i][2]  # location
            elif len(b[i]) == 2:
                b1 = b[i][0]
                b2 = b[i][1]
                loc_start = 0
            else:
                raise ValueError(
                    "Unknown Weibull distribution specification. Check"
                    " problem specification."
                )

            if b1 <= 0 or b2 <= 0:
                raise ValueError(
                    """Weibull distribution: shape and scale must be > 0"""
                )
            else:
                conv_params[:, i] = sp.stats.weibull_min.ppf(
                    params[:, i], c=b1, scale=b2, loc=loc_start
                )

        else:
            valid_dists = [
                "unif",
                "triang",
                "norm",
                "truncnorm",
                "lognorm",
                "logunif",
                "weibull",
            ]
            raise ValueError("Distributions: choose one of %s" % ", ".join(valid_dists))

    return conv_params


def extract_group_names(p: Dict) -> Tuple:
    if "groups" not in p or not p["groups"]:
        groups = p["names"]
    else:
        groups = p["groups"]

    names = list(pd.unique(np.array(groups)))
    number = len(names)

    return names, number


def compute_groups_matrix(groups: List):
    num_vars = len(groups)
    unique_group_names = pd.unique(np.array(groups))
    number_of_groups = len(unique_group_names)

    indices = dict([(x, i) for (i, x) in enumerate(unique_group_names)])

    output = np.zeros((num_vars, number_of_groups), dtype=int)

    for parameter_row, group_membership in enumerate(groups):
        group_index = indices[group_membership]
        output[parameter_row, group_index] = 1

    return output, unique_group_names


def _define_problem_with_groups(problem: Dict) -> Dict:
    # Checks if there isn't a key 'groups' or if it exists and is set to 'None'
    if "groups" not in problem or not problem["groups"]:
        problem["groups"] = problem["names"]
    elif len(problem["groups"]) != problem["num_vars"]:
        raise ValueError(
            "Number of entries in 'groups' should be the same " "as in 'names'"
        )
    return problem


def _compute_delta(num_levels: int) -> float:
    return num_levels / (2.0 * (num_levels - 1))


# --- SALib/test_functions/Ishigami.py ----------------------------------------------------------------------------
def ishigami_evaluate(X: np.ndarray, A: float = 7.0, B: float = 0.1) -> np.ndarray:
    Y = np.zeros(X.shape[0])
    Y = (
        np.sin(X[:, 0])
        + A * np.power(np.sin(X[:, 1]), 2)
        + B * np.power(X[:, 2], 4) * np.sin(X[:, 0])
    )

    return Y


# --- SALib/test_functions/Sobol_G.py -----------------------------------------------------------------------------
def sobol_g_evaluate(values, a=None, delta=None, alpha=None):
    if type(values) != np.ndarray:
        raise TypeError("The argument `values` must be a numpy ndarray")

    if a is None:
        a = np.array([0, 1, 4.5, 9, 99, 99, 99, 99])

    if delta is None:
        delta = np.zeros_like(a)
    else:
        if not isinstance(delta, np.ndarray):
            raise TypeError("The argument `delta` must be given as a numpy ndarray")

        delta_inbetween = delta[(delta < 0) | (delta > 1)]
        if delta_inbetween.any():
            raise ValueError(
                "Sobol G function called with delta values less than zero or"
                " greater than one"
            )

    if alpha is None:
        alpha = np.ones_like(a)
    else:
        if not isinstance(alpha, np.ndarray):
            raise TypeError("The argument `alpha` must be given as a numpy ndarray")

        alpha_gto = alpha <= 0.0
        if alpha_gto.any():
            raise ValueError(
                "Sobol G function called with alpha values less than or equal to zero"
            )

    ltz = values < 0
    gto = values > 1

    if ltz.any():
        raise ValueError("Sobol G function called with values less than zero")
    elif gto.any():
        raise ValueError("Sobol G function called with values greater than one")

    Y = np.ones([values.shape[0]])

    for i, row in enumerate(values):
        shift_of_x = row + delta
        integral = np.modf(shift_of_x)[1]
        mod_x = shift_of_x - integral
        temp_y = np.abs(2 * mod_x - 1) ** alpha
        y_elements = ((1 + alpha) * temp_y + a) / (1 + a)
        Y[i] = y_elements.prod()

    return Y


def _partial_first_order_variance(a=None, alpha=None):
    if a is None:
        a = [0, 1, 4.5, 9, 99, 99, 99, 99]
    if alpha is None:
        alpha = np.ones_like(a)
    a = np.array(a)

    return np.divide((alpha**2), np.multiply((1 + 2 * alpha), np.square(1 + a)))


def _total_variance(a=None, alpha=None):
    if a is None:
        a = [0, 1, 4.5, 9, 99, 99, 99, 99]
    if alpha is None:
        alpha = np.ones_like(a)

    a = np.array(a)
    return np.add(-1, np.prod(1 + _partial_first_order_variance(a, alpha), axis=0))


def sensitivity_index(a, alpha=None):
    a = np.array(a)
    return np.divide(_partial_first_order_variance(a, alpha), _total_variance(a, alpha))


def total_sensitivity_index(a, alpha=None):
    a = np.array(a)

    pv = _partial_first_order_variance(a, alpha)
    tv = _total_variance(a, alpha)
    product_pv = np.prod(1 + pv, axis=0)

    return np.divide(pv * np.divide(product_pv, 1 + pv.T), tv)


# --- SALib/test_functions/linear_model_1.py ----------------------------------------------------------------------
def linear_model_1_evaluate(values):

    Y = np.zeros([values.shape[0]])
    Y = np.sum(values, axis=1)

    return Y


# --- SALib/test_functions/linear_model_2.py ----------------------------------------------------------------------
def linear_model_2_evaluate(values):
    Y = np.zeros([values.shape[0]])
    Y = (
        5 * values[:, 0]
        + 4 * values[:, 1]
        + 3 * values[:, 2]
        + 2 * values[:, 3]
        + values[:, 4]
    )

    return Y


# --- SALib/test_functions/oakley2004.py --------------------------------------------------------------------------
def oakley2004_evaluate(X: np.ndarray, A: np.ndarray, M: np.ndarray) -> np.ndarray:
    a1, a2, a3 = A

    num_ins = X.shape[0]
    Y = np.zeros(num_ins)
    for i in range(num_ins):
        x_i = X[i]
        Y[i] = a1 @ x_i + a2 @ np.sin(x_i) + a3 @ np.cos(x_i) + x_i.T @ (M @ x_i)

    return Y


# --- SALib/test_functions/lake_problem.py ------------------------------------------------------------------------
def lake_problem(
    X: FLOAT_OR_ARRAY,
    a: FLOAT_OR_ARRAY = 0.1,
    q: FLOAT_OR_ARRAY = 2.0,
    b: FLOAT_OR_ARRAY = 0.42,
    eps: FLOAT_OR_ARRAY = 0.02,
) -> float:
    Xq = X**q
    X_t1 = X + a + (Xq / (1.0 + Xq)) - (b * X) + eps

    return X_t1


def evaluate_lake(values: np.ndarray, seed=101) -> np.ndarray:
    rng = np.random.default_rng(seed)

    nvars = values.shape[0]

    a, q, b, mean, stdev = values.T

    sq_mean = mean**2
    sq_std = stdev**2
    eps = rng.lognormal(
        log(sq_mean / sqrt(sq_std + sq_mean)),
        sqrt(log(1.0 + sq_std / sq_mean)),
        size=nvars,
    )

    Y = np.zeros((nvars, nvars))
    for t in range(nvars):
        # First X value will be last Y value (should be 0 as we are filling
        # an array of zeros)
        Y[t] = lake_problem(Y[t - 1], a, q, b, eps)

    return Y


# --- SALib/analyze/sobol.py --------------------------------------------------------------------------------------
def first_order(A, AB, B):
    y = np.r_[A, B]
    if np.ptp(y) == 0:
        warn(CONST_RESULT_MSG)
        return np.float64(0.0)

    return np.mean(B * (AB - A), axis=0) / np.var(y, axis=0)


def total_order(A, AB, B):
    y = np.r_[A, B]
    if np.ptp(y) == 0:
        warn(CONST_RESULT_MSG)
        return np.float64(0.0)

    return 0.5 * np.mean((A - AB) ** 2, axis=0) / np.var(y, axis=0)


def second_order(A, ABj, ABk, BAj, B):
    y = np.r_[A, B]
    if np.ptp(y) == 0:
        warn(CONST_RESULT_MSG)
        return np.float64(0.0)

    Vjk = np.mean(BAj * ABk - A * B, axis=0) / np.var(y, axis=0)
    Sj = first_order(A, ABj, B)
    Sk = first_order(A, ABk, B)

    return Vjk - Sj - Sk


def create_Si_dict(
    D: int, num_resamples: int, keep_resamples: bool, calc_second_order: bool
):
    S = ResultDict((k, np.zeros(D)) for k in ("S1", "S1_conf", "ST", "ST_conf"))

    if keep_resamples:
        # Create entries to store intermediate resampling results
        S["S1_conf_all"] = np.zeros((num_resamples, D))
        S["ST_conf_all"] = np.zeros((num_resamples, D))

    if calc_second_order:
        S["S2"] = np.full((D, D), np.nan)
        S["S2_conf"] = np.full((D, D), np.nan)

    return S


def separate_output_values(Y, D, N, calc_second_order):
    AB = np.zeros((N, D))
    BA = np.zeros((N, D)) if calc_second_order else None
    step = 2 * D + 2 if calc_second_order else D + 2

    A = Y[0 : Y.size : step]
    B = Y[(step - 1) : Y.size : step]
    for j in range(D):
        AB[:, j] = Y[(j + 1) : Y.size : step]
        if calc_second_order:
            BA[:, j] = Y[(j + 1 + D) : Y.size : step]

    return A, B, AB, BA


def sobol_parallel(Z, A, AB, BA, B, r, tasks):
    sobol_indices = []
    for d, j, k in tasks:
        if d == "S1":
            s = first_order(A, AB[:, j], B)
        elif d == "S1_conf":
            s = Z * first_order(A[r], AB[r, j], B[r]).std(ddof=1)
        elif d == "ST":
            s = total_order(A, AB[:, j], B)
        elif d == "ST_conf":
            s = Z * total_order(A[r], AB[r, j], B[r]).std(ddof=1)
        elif d == "S2":
            s = second_order(A, AB[:, j], AB[:, k], BA[:, j], B)
        elif d == "S2_conf":
            s = Z * second_order(A[r], AB[r, j], AB[r, k], BA[r, j], B[r]).std(ddof=1)
        sobol_indices.append([d, j, k, s])

    return sobol_indices


def create_task_list(D, calc_second_order, n_processors):
    tasks_first_order = [
        [d, j, None] for j in range(D) for d in ("S1", "S1_conf", "ST", "ST_conf")
    ]

    # Add second order (+conf.) to tasks
    tasks_second_order = []
    if calc_second_order:
        tasks_second_order = [
            [d, j, k]
            for j in range(D)
            for k in range(j + 1, D)
            for d in ("S2", "S2_conf")
        ]

    if n_processors is None:
        n_processors = min(
            cpu_count(), len(tasks_first_order) + len(tasks_second_order)
        )

    if not calc_second_order:
        tasks = np.array_split(tasks_first_order, n_processors)
    else:
        # merges both lists alternating its elements and splits the
        # resulting lists into n_processors sublists
        tasks = np.array_split(
            [
                v
                for v in sum(
                    zip_longest(tasks_first_order[::-1], tasks_second_order), ()
                )
                if v is not None
            ],
            n_processors,
        )

    return tasks, n_processors


def Si_list_to_dict(
    S_list, D: int, num_resamples: int, keep_resamples: bool, calc_second_order: bool
):
    S = create_Si_dict(D, num_resamples, keep_resamples, calc_second_order)
    L = []
    for list in S_list:  # first reformat to flatten
        L += list

    for s in L:  # First order (+conf.)
        if s[2] is None:
            S[s[0]][s[1]] = s[3]
        else:
            S[s[0]][s[1], s[2]] = s[3]

    return S


def Si_to_pandas_dict(S_dict):
    total_order = {"ST": S_dict["ST"], "ST_conf": S_dict["ST_conf"]}
    first_order = {"S1": S_dict["S1"], "S1_conf": S_dict["S1_conf"]}

    idx = None
    second_order = None
    if "S2" in S_dict:
        names, _ = extract_group_names(S_dict.problem)

        if len(names) > 2:
            idx = list(combinations(names, 2))
        else:
            idx = (names,)

        second_order = {
            "S2": [S_dict["S2"][names.index(i[0]), names.index(i[1])] for i in idx],
            "S2_conf": [
                S_dict["S2_conf"][names.index(i[0]), names.index(i[1])] for i in idx
            ],
        }
    return total_order, first_order, (idx, second_order)


def to_df(self):
    total, first, (idx, second) = Si_to_pandas_dict(self)

    names, _ = extract_group_names(self.problem)

    ret = [pd.DataFrame(total, index=names), pd.DataFrame(first, index=names)]

    if second:
        ret += [pd.DataFrame(second, index=idx)]

    return ret


def sobol_analyze(
    problem,
    Y,
    calc_second_order=True,
    num_resamples=100,
    conf_level=0.95,
    print_to_console=False,
    parallel=False,
    n_processors=None,
    keep_resamples=False,
    seed=None,
):
    if seed:
        # Set seed to ensure CIs are the same
        rng = np.random.default_rng(seed).integers
    else:
        rng = np.random.randint

    # Determine if groups are defined and adjusting the number
    # of rows in the cross-sampled matrix accordingly
    _, D = extract_group_names(problem)

    if calc_second_order and Y.size % (2 * D + 2) == 0:
        N = int(Y.size / (2 * D + 2))
    elif not calc_second_order and Y.size % (D + 2) == 0:
        N = int(Y.size / (D + 2))
    else:
        raise RuntimeError(
            """
        Incorrect number of samples in model output file.
        Confirm that calc_second_order matches option used during sampling."""
        )

    if not 0 < conf_level < 1:
        raise RuntimeError("Confidence level must be between 0-1.")

    # Normalize the model output.
    # Estimates of the Sobol' indices can be biased for non-centered outputs
    # so we center here by normalizing with the standard deviation.
    # Other approaches opt to subtract the mean.
    Y = (Y - Y.mean()) / Y.std()

    A, B, AB, BA = separate_output_values(Y, D, N, calc_second_order)
    r = rng(N, size=(N, num_resamples))
    Z = norm.ppf(0.5 + conf_level / 2)

    if not parallel:
        S = create_Si_dict(D, num_resamples, keep_resamples, calc_second_order)

        for j in range(D):
            S["S1"][j] = first_order(A, AB[:, j], B)
            S1_conf_j = first_order(A[r], AB[r, j], B[r])

            if keep_resamples:
                S["S1_conf_all"][:, j] = S1_conf_j

            var_diff = np.ptp(np.r_[A[r], B[r]])
            if var_diff != 0.0:
                S["S1_conf"][j] = Z * S1_conf_j.std(ddof=1)
            else:
                S["S1_conf"][j] = 0.0

            S["ST"][j] = total_order(A, AB[:, j], B)

            ST_conf_j = total_order(A[r], AB[r, j], B[r])

            if keep_resamples:
                S["ST_conf_all"][:, j] = ST_conf_j

            if var_diff != 0.0:
                S["ST_conf"][j] = Z * ST_conf_j.std(ddof=1)
            else:
                S["ST_conf"][j] = 0.0

        # Second order (+conf.)
        if calc_second_order:
            for j in range(D):
                for k in range(j + 1, D):
                    S["S2"][j, k] = second_order(A, AB[:, j], AB[:, k], BA[:, j], B)
                    S["S2_conf"][j, k] = Z * second_order(
                        A[r], AB[r, j], AB[r, k], BA[r, j], B[r]
                    ).std(ddof=1)
    else:
        tasks, n_processors = create_task_list(D, calc_second_order, n_processors)

        func = partial(sobol_parallel, Z, A, AB, BA, B, r)
        pool = Pool(n_processors)
        S_list = pool.map_async(func, tasks)
        pool.close()
        pool.join()

        S = Si_list_to_dict(
            S_list.get(), D, num_resamples, keep_resamples, calc_second_order
        )

    # Add problem context and override conversion method for special case
    S.problem = problem
    S.to_df = MethodType(to_df, S)

    # Print results to console
    if print_to_console:
        res = S.to_df()
        for df in res:
            print(df)

    return S


# --- SALib/analyze/morris.py -------------------------------------------------------------------------------------
def morris_analyze(
    problem: Dict,
    X: np.ndarray,
    Y: np.ndarray,
    num_resamples: int = 100,
    conf_level: float = 0.95,
    scaled: bool = False,
    print_to_console: bool = False,
    num_levels: int = 4,
    seed=None,
) -> Dict:

    rng = handle_seed(seed)

    _define_problem_with_groups(problem)

    _check_if_array_of_floats(X)
    _check_if_array_of_floats(Y)

    delta = _compute_delta(num_levels)

    num_vars = problem["num_vars"]
    groups, unique_group_names = compute_groups_matrix(problem["groups"])
    number_of_groups = len(unique_group_names)

    num_trajectories = int(Y.size / (number_of_groups + 1))
    trajectory_size = int(Y.size / num_trajectories)

    elementary_effects = _compute_elementary_effects(
        X, Y, trajectory_size, delta, scaling=scaled
    )

    Si = _compute_statistical_outputs(
        elementary_effects,
        num_vars,
        num_resamples,
        conf_level,
        groups,
        unique_group_names,
        rng,
    )

    if print_to_console:
        print(Si.to_df())

    return Si


def _compute_statistical_outputs(
    elementary_effects: np.ndarray,
    num_vars: int,
    num_resamples: int,
    conf_level: float,
    groups: np.ndarray,
    unique_group_names: List,
    rng: np.random.Generator,
) -> ResultDict:

    Si = ResultDict(
        (k, [None] * num_vars)
        for k in ["names", "mu", "mu_star", "sigma", "mu_star_conf"]
    )
    Si["names"] = unique_group_names

    mu = np.average(elementary_effects, 1)
    mu_star = np.average(np.abs(elementary_effects), 1)
    sigma = np.std(elementary_effects, axis=1, ddof=1)
    mu_star_conf = _compute_mu_star_confidence(
        elementary_effects, num_vars, num_resamples, conf_level, rng
    )

    Si["mu"] = _compute_grouped_metric(mu, groups)
    Si["mu_star"] = _compute_grouped_metric(mu_star, groups)
    Si["sigma"] = _compute_grouped_sigma(sigma, groups)
    Si["mu_star_conf"] = _compute_grouped_metric(mu_star_conf, groups)

    return Si


def _compute_grouped_sigma(
    ungrouped_sigma: np.ndarray, groups: np.ndarray
) -> np.ndarray:
    sigma_agg = _compute_grouped_metric(ungrouped_sigma, groups)

    sigma = np.zeros(groups.shape[1], dtype=float)
    np.copyto(sigma, sigma_agg, where=groups.sum(axis=0) == 1)
    np.copyto(sigma, np.nan, where=groups.sum(axis=0) != 1)

    return sigma


def _compute_grouped_metric(
    ungrouped_metric: np.ndarray, groups: np.ndarray
) -> np.ndarray:

    groups = np.array(groups, dtype=bool)

    mu_star_masked = np.ma.masked_array(
        ungrouped_metric * groups.T, mask=(groups ^ 1).T
    )
    mean_of_mu_star = np.ma.mean(mu_star_masked, axis=1)

    return mean_of_mu_star


def _reorganize_output_matrix(
    output_array: np.ndarray,
    value_increased: np.ndarray,
    value_decreased: np.ndarray,
    increase: bool = True,
) -> np.ndarray:
    if increase:
        pad_up = (1, 0)
        pad_lo = (0, 1)
    else:
        pad_up = (0, 1)
        pad_lo = (1, 0)

    value_increased = np.pad(value_increased, ((0, 0), pad_up, (0, 0)), "constant")
    value_decreased = np.pad(value_decreased, ((0, 0), pad_lo, (0, 0)), "constant")

    res = np.einsum("ik,ikj->ij", output_array, value_increased + value_decreased)

    return res.T


def _compute_elementary_effects(
    model_inputs: np.ndarray,
    model_outputs: np.ndarray,
    trajectory_size: int,
    delta: float,
    scaling: bool = False,
) -> np.ndarray:
    num_trajectories = _calculate_number_trajectories(model_inputs, trajectory_size)

    output_matrix = _reshape_model_outputs(
        model_outputs, num_trajectories, trajectory_size
    )
    input_matrix = _reshape_model_inputs(
        model_inputs, num_trajectories, trajectory_size
    )

    delta_variables = _calculate_delta_input_variables(input_matrix)
    value_increased = delta_variables > 0
    value_decreased = delta_variables < 0

    result_increased = _reorganize_output_matrix(
        output_matrix, value_increased, value_decreased
    )
    result_decreased = _reorganize_output_matrix(
        output_matrix, value_increased, value_decreased, increase=False
    )

    difference = _calc_results_difference(result_increased, result_decreased)

    if scaling:
        # calculate the scaled value of delta (step size)
        dx_trajectory = _calculate_step_size_x(input_matrix)

        see_dy_dx = np.divide(difference, dx_trajectory.T)

        sigma_x_per_trajectory = np.std(input_matrix, axis=1)
        sigma_y_per_trajectory = np.std(output_matrix, axis=1)

        # Create a mask to avoid division by zero
        mask = sigma_y_per_trajectory[:, np.newaxis] != 0

        adjustment_trajectory = np.divide(
            sigma_x_per_trajectory,
            sigma_y_per_trajectory[:, np.newaxis],
            out=np.zeros_like(sigma_x_per_trajectory),
            where=mask,
        )
        elementary_effects = see_dy_dx * adjustment_trajectory.T

    else:
        elementary_effects = difference / delta

    return elementary_effects


def _calc_results_difference(
    result_up: np.ndarray, result_lo: np.ndarray
) -> np.ndarray:
    results_difference = np.subtract(result_up, result_lo)

    return results_difference


def _calculate_delta_input_variables(input_matrix: np.ndarray) -> np.ndarray:
    delta_variables = np.subtract(input_matrix[:, 1:, :], input_matrix[:, 0:-1, :])

    return delta_variables


def _calculate_number_trajectories(
    model_inputs: np.ndarray, trajectory_size: int
) -> int:
    num_input_points = model_inputs.shape[0]
    num_trajectories = int(num_input_points / trajectory_size)

    return num_trajectories


def _reshape_model_inputs(
    model_inputs: np.ndarray, num_trajectories: int, trajectory_size: int
) -> np.ndarray:
    num_vars = model_inputs.shape[1]
    input_matrix = model_inputs.reshape(num_trajectories, trajectory_size, num_vars)
    return input_matrix


def _reshape_model_outputs(
    model_outputs: np.ndarray, num_trajectories: int, trajectory_size: int
):
    output_matrix = model_outputs.reshape(num_trajectories, trajectory_size)
    return output_matrix


def _compute_mu_star_confidence(
    elementary_effects: np.ndarray,
    num_vars: int,
    num_resamples: int,
    conf_level: float,
    rng: np.random.Generator,
) -> np.ndarray:
    if not 0 < conf_level < 1:
        raise ValueError("Confidence level must be between 0-1.")

    mu_star_conf = []
    for j in range(num_vars):
        ee = elementary_effects[j, :]
        resample_index = rng.integers(len(ee), size=(num_resamples, len(ee)))
        ee_resampled = ee[resample_index]

        # Compute average of the absolute values over each of the resamples
        mu_star_resampled = np.average(np.abs(ee_resampled), axis=1)

        mu_star_conf.append(
            norm.ppf(0.5 + conf_level / 2) * mu_star_resampled.std(ddof=1)
        )

    mu_star_conf = np.asarray(mu_star_conf)

    return mu_star_conf


def _calculate_step_size_x(input_matrix):
    max_y = np.max(input_matrix, axis=1)
    min_y = np.min(input_matrix, axis=1)

    delta = max_y - min_y
    return delta


def _check_if_array_of_floats(array_x: np.ndarray):
    msg = "dtype of {} array must be 'float', float32 or float64"
    if array_x.dtype not in ["float", "float32", "float64"]:
        raise ValueError(msg.format(array_x))


# --- SALib/analyze/fast.py ---------------------------------------------------------------------------------------
def fast_analyze(
    problem,
    Y,
    M=4,
    num_resamples=100,
    conf_level=0.95,
    print_to_console=False,
    seed=None,
):
    if seed:
        np.random.seed(seed)

    D = problem["num_vars"]

    if Y.size % (D) == 0:
        N = int(Y.size / D)
    else:
        msg = """
        Error: Number of samples in model output file must be a multiple of D,
        where D is the number of parameters.
        """
        raise ValueError(msg)

    # Recreate the vector omega used in the sampling
    omega_0 = math.floor((N - 1) / (2 * M))

    # Calculate and Output the First and Total Order Values
    Si = ResultDict((k, [None] * D) for k in ["S1", "ST", "S1_conf", "ST_conf"])
    Si["names"] = problem["names"]
    for i in range(D):
        z = np.arange(i * N, (i + 1) * N)

        Y_l = Y[z]

        S1, ST = compute_orders(Y_l, N, M, omega_0)
        Si["S1"][i] = S1
        Si["ST"][i] = ST

        S1_d_conf, ST_d_conf = fast_bootstrap(Y_l, M, num_resamples, conf_level)
        Si["S1_conf"][i] = S1_d_conf
        Si["ST_conf"][i] = ST_d_conf

    if print_to_console:
        print(Si.to_df())

    return Si


def compute_orders(outputs: np.ndarray, N: int, M: int, omega: int):
    f = np.fft.fft(outputs)
    Sp = np.power(np.absolute(f[np.arange(1, math.ceil(N / 2))]) / N, 2)

    V = 2.0 * np.sum(Sp)

    # Calculate first and total order
    D1 = 2.0 * np.sum(Sp[np.arange(1, M + 1) * omega - 1])
    Dt = 2.0 * np.sum(Sp[np.arange(math.floor(omega / 2.0))])

    return (D1 / V), (1.0 - Dt / V)


def fast_bootstrap(Y: np.ndarray, M: int, resamples: int, conf_level: float):
    # Use half of available data each time
    T_data = Y.shape[0]
    n_size = math.ceil(T_data * 0.5)

    res_S1 = np.zeros(resamples)
    res_ST = np.zeros(resamples)
    for i in range(resamples):
        sample_idx = np.random.choice(T_data, replace=True, size=n_size)
        Y_rs = Y[sample_idx]

        N = len(Y_rs)
        omega = math.floor((N - 1) / (2 * M))

        S1, ST = compute_orders(Y_rs, N, M, omega)
        res_S1[i] = S1
        res_ST[i] = ST

    bnd = norm.ppf(0.5 + conf_level / 2.0)
    S1_conf = bnd * res_S1.std(ddof=1)
    ST_conf = bnd * res_ST.std(ddof=1)
    return S1_conf, ST_conf


# --- SALib/analyze/rbd_fast.py -----------------------------------------------------------------------------------
def rbd_fast_analyze(
    problem,
    X,
    Y,
    M=10,
    num_resamples=100,
    conf_level=0.95,
    print_to_console=False,
    seed: Optional[Union[int, np.random.Generator]] = None,
):
    rng = handle_seed(seed)

    D = problem["num_vars"]
    N = Y.size

    # Calculate and Output the First Order Value
    Si = ResultDict((k, [None] * D) for k in ["S1", "S1_conf"])
    Si["names"] = problem["names"]

    for i in range(D):
        S1 = compute_first_order(permute_outputs(X[:, i], Y), M)
        S1 = unskew_S1(S1, M, N)
        Si["S1"][i] = S1
        Si["S1_conf"][i] = rbd_fast_bootstrap(X[:, i], Y, M, num_resamples, conf_level, rng)

    if print_to_console:
        print(Si.to_df())

    return Si


def permute_outputs(X, Y):
    permutation_index = np.argsort(X)
    permutation_index = np.concatenate(
        [permutation_index[::2], permutation_index[1::2][::-1]]
    )
    return Y[permutation_index]


def compute_first_order(permuted_outputs, M):
    _, Pxx = periodogram(permuted_outputs)
    V = np.sum(Pxx[1:])
    D1 = np.sum(Pxx[1 : M + 1])
    return D1 / V


def unskew_S1(S1, M, N):
    lamb = (2 * M) / N
    return S1 - lamb / (1 - lamb) * (1 - S1)


def rbd_fast_bootstrap(X_d, Y, M, resamples, conf_level, rng):
    # Use half of available data each time
    T_data = X_d.shape[0]
    n_size = int(T_data * 0.5)

    res = np.zeros(resamples)
    for i in range(resamples):
        sample_idx = rng.choice(T_data, replace=True, size=n_size)
        X_rs, Y_rs = X_d[sample_idx], Y[sample_idx]
        S1 = compute_first_order(permute_outputs(X_rs, Y_rs), M)
        S1 = unskew_S1(S1, M, Y_rs.size)
        res[i] = S1

    return norm.ppf(0.5 + conf_level / 2.0) * res.std(ddof=1)


# --- SALib/analyze/dgsm.py ---------------------------------------------------------------------------------------
def dgsm_analyze(
    problem, X, Y, num_resamples=100, conf_level=0.95, print_to_console=False, seed=None
):
    if seed:
        np.random.seed(seed)

    D = problem["num_vars"]
    Y_size = Y.size

    if Y_size % (D + 1) == 0:
        N = int(Y_size / (D + 1))
    else:
        raise RuntimeError("Incorrect number of samples in model output file.")

    if not 0 < conf_level < 1:
        raise RuntimeError("Confidence level must be between 0-1.")

    dims = (N, D)
    base = np.empty(N)
    X_base = np.empty(dims)
    perturbed = np.empty(dims)
    X_perturbed = np.empty(dims)
    step = D + 1

    base = Y[0:Y_size:step]
    X_base = X[0:Y_size:step, :]

    # First order (+conf.) and Total order (+conf.)
    keys = ("vi", "vi_std", "dgsm", "dgsm_conf")
    S = ResultDict((k, np.empty(D)) for k in keys)
    S["names"] = problem["names"]

    bounds = problem["bounds"]
    for j in range(D):
        perturbed[:, j] = Y[(j + 1) : Y_size : step]
        X_perturbed[:, j] = X[(j + 1) : Y_size : step, j]

        diff = X_perturbed[:, j] - X_base[:, j]
        perturbed_j = perturbed[:, j]
        S["vi"][j], S["vi_std"][j] = calc_vi_stats(base, perturbed_j, diff)
        S["dgsm"][j], S["dgsm_conf"][j] = calc_dgsm(
            base, perturbed_j, diff, bounds[j], num_resamples, conf_level
        )

    if print_to_console:
        print(S.to_df())

    return S


def calc_vi_stats(base, perturbed, x_delta):
    dfdx = ((perturbed - base) / x_delta) ** 2
    return np.mean(dfdx), np.std(dfdx)


def calc_vi_mean(base, perturbed, x_delta):
    dfdx = ((perturbed - base) / x_delta) ** 2
    return dfdx.mean()


def calc_dgsm(base, perturbed, x_delta, bounds, num_resamples, conf_level):
    D = np.var(base)
    vi = calc_vi_mean(base, perturbed, x_delta)
    dgsm = vi * (bounds[1] - bounds[0]) ** 2 / (D * np.pi**2)

    len_base = len(base)
    s = np.empty(num_resamples)
    r = np.random.randint(len_base, size=(num_resamples, len_base))
    for i in range(num_resamples):
        r_i = r[i]
        s[i] = calc_vi_mean(base[r_i], perturbed[r_i], x_delta[r_i])

    return dgsm, norm.ppf(0.5 + conf_level / 2.0) * s.std(ddof=1)


# --- SALib/analyze/delta.py --------------------------------------------------------------------------------------
def check_specified_bininfo(bininfo, Xmin, Xmax, paramname):
    defaultbins = 10
    if bininfo is None:
        return np.linspace(Xmin, Xmax, defaultbins + 1), ""
    elif isinstance(bininfo, int):
        return np.linspace(Xmin, Xmax, bininfo + 1), ""
    elif isinstance(bininfo, (list, np.ndarray)):
        bin_edges = np.array(bininfo)
        if not np.issubdtype(bin_edges.dtype, np.number):
            warnings.warn(
                f"[{paramname}] Input Error: Bin value error - Custom bin list only contain numeric values. Resorting to default binning ({defaultbins} bins)."
            )
            return (
                np.linspace(Xmin, Xmax, defaultbins + 1),
                f"Custom bin list had non-numeric values. Used default {defaultbins} bins; ",
            )
        elif np.any(bin_edges < Xmin) or np.any(bin_edges > Xmax):
            warnings.warn(
                f"[{paramname}] Input Error: Bin boundary error - Custom bin boundaries must be within the X range. Resorting to default binning ({defaultbins} bins)."
            )
            return (
                np.linspace(Xmin, Xmax, defaultbins + 1),
                f"Custom bin bounds out of X range. Used default {defaultbins} bins; ",
            )
        elif not np.all(np.diff(bin_edges) > 0):
            warnings.warn(
                f"[{paramname}] Input Error: Bin edge error - Custom bin edges must be ascending. Resorting to default binning ({defaultbins} bins)."
            )
            return (
                np.linspace(Xmin, Xmax, defaultbins + 1),
                f"Custom bin edges not ascending. Used default {defaultbins} bins; ",
            )
        return np.concatenate(([Xmin - 1e-9], bin_edges, [Xmax + 1e-9])), ""
    else:
        warnings.warn(
            f"[{paramname}] Input Error: Invalid custom bin dtype - Must be int, list or None. Resorting to default binning ({defaultbins} bins)."
        )
        return (
            np.linspace(Xmin, Xmax, defaultbins + 1),
            f"Custom bin invalid dtype. Used default {defaultbins} bins; ",
        )


def obtain_bins_indices(bin_edges, X, min_class_size):
    init_indices = []
    for i in range(len(bin_edges) - 1):
        if i == 0:
            idx = np.where((X >= bin_edges[i]) & (X <= bin_edges[i + 1]))[0]
        else:
            idx = np.where((X > bin_edges[i]) & (X <= bin_edges[i + 1]))[0]
        init_indices.append(idx)
    final_indices = []  # for the case where some bins are underpopulated
    i = 0
    while i < len(init_indices):
        current_bin = init_indices[i]
        while len(current_bin) < min_class_size and i + 1 < len(init_indices):
            current_bin = np.concatenate((current_bin, init_indices[i + 1]))
            i += 1
        final_indices.append(current_bin)
        i += 1
    return init_indices, final_indices


def sobol_first(Y, X, m):
    # Pre-process to catch constant array
    # see: https://github.com/numpy/numpy/issues/9631
    if np.ptp(Y) == 0.0:
        # Catch constant results
        # If Y does not change then it is not sensitive to anything...
        return 0.0

    xr = rankdata(X, method="ordinal")
    Vi = 0
    N = len(Y)
    Y_mean = Y.mean()
    for j in range(len(m) - 1):
        ix = np.where((xr > m[j]) & (xr <= m[j + 1]))[0]
        nm = len(ix)
        Vi += (nm / N) * ((Y[ix].mean() - Y_mean) ** 2)

    return Vi / np.var(Y)


def sobol_first_conf(Y, X, m, num_resamples, conf_level, y_resamples):
    s = np.zeros(num_resamples)

    N = len(Y)
    r = np.random.choice(
        N, size=(num_resamples, y_resamples), replace=True
    )  # bootstrap-like behaviour, on raw vals without removing input bias

    for i in range(num_resamples):
        r_i = r[i, :]
        s[i] = sobol_first(Y[r_i], X[r_i], m)

    return norm.ppf(0.5 + conf_level / 2) * s.std(ddof=1)


# --- SALib/sample/sobol_sequence.py ------------------------------------------------------------------------------
def sobol_sequence_sample(N, D):
    scale = 31
    result = np.zeros([N, D])

    if D > len(directions) + 1:
        raise ValueError("Error in Sobol sequence: not enough dimensions")

    L = int(math.ceil(math.log(N) / math.log(2)))

    if L > scale:
        raise ValueError("Error in Sobol sequence: not enough bits")

    for i in range(D):
        V = np.zeros(L + 1, dtype=long)

        if i == 0:
            for j in range(1, L + 1):
                V[j] = 1 << (scale - j)  # all m's = 1
        else:
            m = np.array(directions[i - 1], dtype=int)
            a = m[0]
            s = len(m) - 1

            # The following code discards the first row of the ``m`` array
            # Because it has floating point errors, e.g. values of 2.24e-314
            if L <= s:
                for j in range(1, L + 1):
                    V[j] = m[j] << (scale - j)
            else:
                for j in range(1, s + 1):
                    V[j] = m[j] << (scale - j)
                for j in range(s + 1, L + 1):
                    V[j] = V[j - s] ^ (V[j - s] >> s)
                    for k in range(1, s):
                        V[j] ^= ((a >> (s - 1 - k)) & 1) * V[j - k]

        X = long(0)
        for j in range(1, N):
            X ^= V[index_of_least_significant_zero_bit(j - 1)]
            result[j][i] = float(X / math.pow(2, scale))

    return result


def index_of_least_significant_zero_bit(value):
    index = 1
    while (value & 1) != 0:
        value >>= 1
        index += 1

    return index


# --- SALib/sample/saltelli.py ------------------------------------------------------------------------------------
def saltelli_sample(
    problem: Dict, N: int, calc_second_order: bool = True, skip_values: int = None
):
    warnings.warn(
        "`salib.sample.saltelli` will be removed in SALib 1.5.1 Please use"
        " `salib.sample.sobol`",
        category=DeprecationWarning,
        stacklevel=2,
    )

    # bit-shift test to check if `N` == 2**n
    if not ((N & (N - 1) == 0) and (N != 0 and N - 1 != 0)):
        msg = f"""
        Convergence properties of the Sobol' sequence is only valid if
        `N` ({N}) is equal to `2^n`.
        """
        warnings.warn(msg)

    if skip_values is None:
        # If not specified, set skip_values to next largest power of 2
        skip_values = int(2 ** math.ceil(math.log(N) / math.log(2)))

        # 16 is arbitrarily selected here to avoid initial points
        # for very low sample sizes
        skip_values = max(skip_values, 16)

    elif skip_values > 0:
        M = skip_values
        if not ((M & (M - 1) == 0) and (M != 0 and M - 1 != 0)):
            msg = f"""
            Convergence properties of the Sobol' sequence is only valid if
            `skip_values` ({M}) is a power of 2.
            """
            warnings.warn(msg)

        # warning when N > skip_values
        # see https://github.com/scipy/scipy/pull/10844#issuecomment-673029539
        n_exp = int(math.log(N, 2))
        m_exp = int(math.log(M, 2))
        if n_exp > m_exp:
            msg = (
                "Convergence may not be valid as the number of "
                "requested samples is"
                f" > `skip_values` ({N} > {M})."
            )
            warnings.warn(msg)
    elif skip_values == 0:
        warnings.warn("Duplicate samples will be taken as no points are skipped.")
    else:
        assert (
            isinstance(skip_values, int) and skip_values >= 0
        ), "`skip_values` must be a positive integer."

    D = problem["num_vars"]
    groups = _check_groups(problem)

    if not groups:
        Dg = problem["num_vars"]
    else:
        G, group_names = compute_groups_matrix(groups)
        Dg = len(set(group_names))

    # Create base sequence - could be any type of sampling
    base_sequence = sobol_sequence.sample(N + skip_values, 2 * D)

    if calc_second_order:
        saltelli_sequence = np.zeros([(2 * Dg + 2) * N, D])
    else:
        saltelli_sequence = np.zeros([(Dg + 2) * N, D])
    index = 0

    for i in range(skip_values, N + skip_values):
        # Copy matrix "A"
        for j in range(D):
            saltelli_sequence[index, j] = base_sequence[i, j]

        index += 1

        # Cross-sample elements of "B" into "A"
        for k in range(Dg):
            for j in range(D):
                if (not groups and j == k) or (groups and group_names[k] == groups[j]):
                    saltelli_sequence[index, j] = base_sequence[i, j + D]
                else:
                    saltelli_sequence[index, j] = base_sequence[i, j]

            index += 1

        # Cross-sample elements of "A" into "B"
        # Only needed if you're doing second-order indices (true by default)
        if calc_second_order:
            for k in range(Dg):
                for j in range(D):
                    if (not groups and j == k) or (
                        groups and group_names[k] == groups[j]
                    ):
                        saltelli_sequence[index, j] = base_sequence[i, j]
                    else:
                        saltelli_sequence[index, j] = base_sequence[i, j + D]

                index += 1

        # Copy matrix "B"
        for j in range(D):
            saltelli_sequence[index, j] = base_sequence[i, j + D]

        index += 1

    saltelli_sequence = scale_samples(saltelli_sequence, problem)
    return saltelli_sequence


# --- SALib/sample/finite_diff.py ---------------------------------------------------------------------------------
def finite_diff_sample(
    problem: Dict,
    N: int,
    delta: float = 0.01,
    seed: Optional[Union[int, np.random.Generator]] = None,
    skip_values: int = 1024,
) -> np.ndarray:
    rng = handle_seed(seed)  # noqa

    D = problem["num_vars"]
    bounds = problem["bounds"]

    # Create base sequence - could be any type of sampling
    base_sequence = sobol_sequence.sample(N + skip_values, D)

    # scale before finite differencing
    base_sequence = scale_samples(base_sequence, problem)

    dgsm_sequence = np.empty([N * (D + 1), D])

    index = 0
    for i in range(skip_values, N + skip_values):
        # Copy the initial point
        dgsm_sequence[index, :] = base_sequence[i, :]

        index += 1
        for j in range(D):
            temp = np.zeros(D)
            bnd_j = bounds[j]
            temp[j] = base_sequence[i, j] * delta
            dgsm_sequence[index, :] = base_sequence[i, :] + temp
            dgsm_sequence[index, j] = min(dgsm_sequence[index, j], bnd_j[1])
            dgsm_sequence[index, j] = max(dgsm_sequence[index, j], bnd_j[0])
            index += 1

    return dgsm_sequence


# --- SALib/sample/fast_sampler.py --------------------------------------------------------------------------------
def fast_sampler_sample(problem, N, M=4, seed: Optional[Union[int, np.random.Generator]] = None):
    rng = handle_seed(seed)

    if N <= 4 * M**2:
        raise ValueError(
            """
        Sample size N > 4M^2 is required. M=4 by default."""
        )

    D = problem["num_vars"]

    omega = np.zeros([D])
    omega[0] = math.floor((N - 1) / (2 * M))
    m = math.floor(omega[0] / (2 * M))

    if m >= (D - 1):
        omega[1:] = np.floor(np.linspace(1, m, D - 1))
    else:
        omega[1:] = np.arange(D - 1) % m + 1

    # Discretization of the frequency space, s
    s = (2 * math.pi / N) * np.arange(N)

    # Transformation to get points in the X space
    X = np.zeros([N * D, D])
    omega2 = np.zeros([D])

    for i in range(D):
        omega2[i] = omega[0]
        idx = list(range(i)) + list(range(i + 1, D))
        omega2[idx] = omega[1:]
        z = range(i * N, (i + 1) * N)

        # random phase shift on [0, 2pi) following Saltelli et al.
        # Technometrics 1999
        phi = 2 * math.pi * rng.random()

        for j in range(D):
            g = 0.5 + (1 / math.pi) * np.arcsin(np.sin(omega2[j] * s + phi))
            X[z, j] = g

    X = scale_samples(X, problem)

    return X


# --- SALib/sample/latin.py ---------------------------------------------------------------------------------------
def latin_sample(problem, N, seed: Optional[Union[int, np.random.Generator, None]] = None):
    rng = handle_seed(seed)

    num_samples = N

    groups = problem.get("groups")
    if groups:
        num_groups = len(set(groups))
        G, group_names = compute_groups_matrix(groups)
    else:
        num_groups = problem["num_vars"]

    result = np.empty([num_samples, problem["num_vars"]])
    temp = np.empty([num_samples])
    d = 1.0 / num_samples

    temp = np.array(
        [
            rng.uniform(low=sample * d, high=(sample + 1) * d, size=num_groups)
            for sample in range(num_samples)
        ]
    )

    for group in range(num_groups):
        rng.shuffle(temp[:, group])

        for sample in range(num_samples):
            if groups:
                grouped_variables = np.where(G[:, group] == 1)
                result[sample, grouped_variables[0]] = temp[sample, group]
            else:
                result[sample, group] = temp[sample, group]

    result = scale_samples(result, problem)

    return result


# --- SALib/sample/morris/morris.py -------------------------------------------------------------------------------
def morris_sample(
    problem: Dict,
    N: int,
    num_levels: int = 4,
    optimal_trajectories: Optional[Union[int, None]] = None,
    local_optimization: bool = True,
    seed: Optional[Union[int, np.random.Generator]] = None,
) -> np.ndarray:
    rng = handle_seed(seed)

    _check_if_num_levels_is_even(num_levels)

    problem = _define_problem_with_groups(problem)

    sample_morris = _sample_morris(problem, N, rng, num_levels=num_levels)

    if optimal_trajectories:
        if local_optimization and (
            not isinstance(optimal_trajectories, int) or optimal_trajectories > N
        ):
            msg = "optimal_trajectories should be an " f"integer between 2 and {N}"
            raise ValueError(msg)

        sample_morris = _compute_optimised_trajectories(
            problem, sample_morris, N, optimal_trajectories, local_optimization
        )

    sample_morris = scale_samples(sample_morris, problem)

    return sample_morris


def _sample_morris(
    problem: Dict,
    number_trajectories: int,
    rng: np.random.Generator,
    num_levels: int = 4,
) -> np.ndarray:
    group_membership, _ = compute_groups_matrix(problem["groups"])
    _check_group_membership(group_membership)

    num_params = group_membership.shape[0]
    num_groups = group_membership.shape[1]

    sample_morris = [
        _generate_trajectory(group_membership, rng, num_levels=num_levels)
        for _ in range(number_trajectories)
    ]
    sample_morris = np.array(sample_morris)

    return sample_morris.reshape((number_trajectories * (num_groups + 1), num_params))


def _generate_trajectory(
    group_membership: np.ndarray, rng: np.random.Generator, num_levels: int = 4
) -> np.ndarray:
    delta = _compute_delta(num_levels)

    # Infer number of groups `g` and number of params `k` from
    # `group_membership` matrix
    num_params = group_membership.shape[0]
    num_groups = group_membership.shape[1]

    # Matrix B - size (g + 1) * g -  lower triangular matrix
    B = np.tril(np.ones([num_groups + 1, num_groups], dtype=int), -1)

    P_star = _generate_p_star(num_groups, rng)

    # Matrix J - a (g+1)-by-num_params matrix of ones
    J = np.ones((num_groups + 1, num_params))

    # Matrix D* - num_params-by-num_params matrix which describes whether
    # factors move up or down
    D_star = np.diag(rng.choice([-1, 1], num_params))

    x_star = _generate_x_star(num_params, num_levels, rng)

    # Matrix B* - size (num_groups + 1) * num_params
    B_star = _compute_b_star(J, x_star, delta, B, group_membership, P_star, D_star)

    return B_star


def _compute_b_star(
    J: np.ndarray,
    x_star: np.ndarray,
    delta: float,
    B: np.ndarray,
    G: np.ndarray,
    P_star: np.ndarray,
    D_star: np.ndarray,
) -> np.ndarray:
    element_a = J[0, :] * x_star
    element_b = np.matmul(G, P_star).T
    element_c = np.matmul(2.0 * B, element_b)
    element_d = np.matmul((element_c - J), D_star)

    b_star = element_a + (delta / 2.0) * (element_d + J)
    return b_star


def _generate_p_star(num_groups: int, rng: np.random.Generator) -> np.ndarray:
    p_star = np.eye(num_groups, num_groups)
    rng.shuffle(p_star)
    return p_star


def _generate_x_star(
    num_params: int, num_levels: int, rng: np.random.Generator
) -> np.ndarray:
    x_star = np.zeros((1, num_params))
    delta = _compute_delta(num_levels)
    bound = 1 - delta
    grid = np.linspace(0, bound, int(num_levels / 2))

    x_star[0, :] = rng.choice(grid, num_params)

    return x_star


def _check_if_num_levels_is_even(num_levels: int):
    if not num_levels % 2 == 0:
        warnings.warn("num_levels should be an even number, " "sample may be biased")


def _check_group_membership(group_membership: np.ndarray):
    if group_membership is None:
        raise ValueError("Please define the 'group_membership' matrix")
    if not isinstance(group_membership, np.ndarray):
        raise TypeError(
            "Argument 'group_membership' should be formatted \
                         as a numpy np.ndarray"
        )


def _compute_optimised_trajectories(
    problem: Dict,
    input_sample: int,
    N: int,
    k_choices: int,
    local_optimization: bool = False,
) -> np.ndarray:
    if local_optimization is False and k_choices > 10:
        msg = "Running optimal trajectories greater than values of 10 \
                will take a long time."
        raise ValueError(msg)

    if np.any((input_sample < 0) | (input_sample > 1)):
        raise ValueError("Input sample must be scaled between 0 and 1")

    num_groups = len(set(problem["groups"]))
    num_params = problem["num_vars"]

    strategy = _choose_optimization_strategy(local_optimization)
    context = SampleMorris(strategy)

    output = context.sample(input_sample, N, num_params, k_choices, num_groups)

    return output


def _choose_optimization_strategy(local_optimization: bool):
    if local_optimization:
        # Use local method
        strategy = LocalOptimisation()
    else:
        # Use brute force approach
        strategy = BruteForce()

    return strategy


# --- SALib/sample/morris/strategy.py -----------------------------------------------------------------------------
class SampleMorris(object):

    def __init__(self, strategy):
        self._strategy = strategy

    def sample(self, input_sample, num_samples, num_params, k_choices, num_groups):
        return self._strategy.sample(
            input_sample, num_samples, num_params, k_choices, num_groups
        )


class Strategy:

    __metaclass__ = abc.ABCMeta

    @abc.abstractmethod
    def _sample(self, input_sample, num_samples, num_params, k_choices, num_groups):
        pass

    def sample(self, input_sample, num_samples, num_params, k_choices, num_groups=None):
        self.run_checks(num_samples, k_choices)
        maximum_combo = self._sample(
            input_sample, num_samples, num_params, k_choices, num_groups
        )

        assert isinstance(maximum_combo, list)

        output = self.compile_output(
            input_sample, num_samples, num_params, maximum_combo, num_groups
        )
        return output

    @staticmethod
    def run_checks(number_samples, k_choices):
        assert isinstance(
            k_choices, int
        ), "Number of optimal trajectories should be an integer"

        if k_choices < 2:
            raise ValueError(
                "The number of optimal trajectories must be set to 2 or more."
            )
        if k_choices >= number_samples:
            msg = "The number of optimal trajectories should be less than the \
                    number of samples"
            raise ValueError(msg)

    @staticmethod
    def _make_index_list(num_samples, num_params, num_groups=None):
        if num_groups is None:
            num_groups = num_params

        index_list = []
        for j in range(num_samples):
            index_list.append(np.arange(num_groups + 1) + j * (num_groups + 1))
        return index_list

    def compile_output(
        self, input_sample, num_samples, num_params, maximum_combo, num_groups=None
    ):

        if num_groups is None:
            num_groups = num_params

        self.check_input_sample(input_sample, num_groups, num_samples)

        index_list = self._make_index_list(num_samples, num_params, num_groups)

        output = np.zeros((np.size(maximum_combo) * (num_groups + 1), num_params))
        for counter, combo in enumerate(maximum_combo):
            output[index_list[counter]] = np.array(input_sample[index_list[combo]])
        return output

    @staticmethod
    def check_input_sample(input_sample, num_params, num_samples):
        assert type(input_sample) == np.ndarray, "Input sample is not an numpy array"
        assert (
            input_sample.shape[0] == (num_params + 1) * num_samples
        ), "Input sample does not match number of parameters or groups"
        assert np.any(
            (input_sample >= 0) | (input_sample <= 1)
        ), "Input sample must be scaled between 0 and 1"

    @staticmethod
    def compute_distance(m, l):  # noqa: E741

        if np.shape(m) != np.shape(l):
            raise ValueError("Input matrices are different sizes")
        if np.array_equal(m, l):
            # print("Trajectory %s and %s are equal" % (m, l))
            distance = 0
        else:
            distance = np.array(np.sum(cdist(m, l)), dtype=np.float32)

        return distance

    def compute_distance_matrix(
        self,
        input_sample,
        num_samples,
        num_params,
        num_groups=None,
        local_optimization=False,
    ):
        if num_groups:
            self.check_input_sample(input_sample, num_groups, num_samples)
        else:
            self.check_input_sample(input_sample, num_params, num_samples)

        index_list = self._make_index_list(num_samples, num_params, num_groups)
        distance_matrix = np.zeros((num_samples, num_samples), dtype=np.float32)

        for j in range(num_samples):
            input_1 = input_sample[index_list[j]]
            for k in range(j + 1, num_samples):
                input_2 = input_sample[index_list[k]]

                # Fills the lower triangle of the matrix
                if local_optimization is True:
                    distance_matrix[j, k] = self.compute_distance(input_1, input_2)

                distance_matrix[k, j] = self.compute_distance(input_1, input_2)
        return distance_matrix


# --- SALib/sample/morris/brute.py --------------------------------------------------------------------------------
class BruteForce(Strategy):

    def _sample(
        self, input_sample, num_samples, num_params, k_choices, num_groups=None
    ):
        return self.brute_force_most_distant(
            input_sample, num_samples, num_params, k_choices, num_groups
        )

    def brute_force_most_distant(
        self,
        input_sample: np.ndarray,
        num_samples: int,
        num_params: int,
        k_choices: int,
        num_groups: int = None,
    ) -> List:
        scores = self.find_most_distant(
            input_sample, num_samples, num_params, k_choices, num_groups
        )

        maximum_combo = self.find_maximum(scores, num_samples, k_choices)

        return maximum_combo

    def find_most_distant(
        self,
        input_sample: np.ndarray,
        num_samples: int,
        num_params: int,
        k_choices: int,
        num_groups: int = None,
    ) -> np.ndarray:
        # Now evaluate the (N choose k_choices) possible combinations
        if nchoosek(num_samples, k_choices) >= sys.maxsize:
            raise ValueError("Number of combinations is too large")
        number_of_combinations = int(nchoosek(num_samples, k_choices))

        # First compute the distance matrix for each possible pairing
        # of trajectories and store in a shared-memory array
        distance_matrix = self.compute_distance_matrix(
            input_sample, num_samples, num_params, num_groups
        )

        # Initialise the output array
        chunk = int(1e6)
        if chunk > number_of_combinations:
            chunk = number_of_combinations

        counter = 0
        # Generate a list of all the possible combinations
        combo_gen = combinations(range(num_samples), k_choices)
        scores = np.zeros(number_of_combinations, dtype=np.float32)
        # Generate the pairwise indices once
        pairwise = np.array([y for y in combinations(range(k_choices), 2)])

        mappable = self.mappable
        for combos in self.grouper(chunk, combo_gen):
            scores[(counter * chunk) : ((counter + 1) * chunk)] = mappable(
                combos, pairwise, distance_matrix
            )
            counter += 1
        return scores

    @staticmethod
    def grouper(n, iterable):
        it = iter(iterable)
        while True:
            chunk = tuple(islice(it, n))
            if not chunk:
                return
            yield chunk

    @staticmethod
    def mappable(combos, pairwise, distance_matrix):
        combos = np.array(combos)
        # Create a list of all pairwise combination for each combo in combos
        combo_list = combos[
            :,
            pairwise[:,],
        ]

        addresses = (combo_list[:, :, 1], combo_list[:, :, 0])

        all_distances = distance_matrix[addresses]
        new_scores = np.sqrt(np.einsum("ij,ij->i", all_distances, all_distances))
        return new_scores

    def find_maximum(self, scores, N, k_choices):
        if not isinstance(scores, np.ndarray):
            raise TypeError("Scores input is not a numpy array")

        index_of_maximum = int(scores.argmax())
        maximum_combo = self.nth(
            combinations(range(N), k_choices), index_of_maximum, None
        )
        return sorted(maximum_combo)

    @staticmethod
    def nth(iterable, n, default=None):

        if not isinstance(n, int):
            raise TypeError("n is not an integer")

        return next(islice(iterable, n, None), default)


# --- SALib/sample/morris/local.py --------------------------------------------------------------------------------
class LocalOptimisation(Strategy):

    def _sample(
        self, input_sample, num_samples, num_params, k_choices, num_groups=None
    ):
        return self.find_local_maximum(
            input_sample, num_samples, num_params, k_choices, num_groups
        )

    def find_local_maximum(
        self,
        input_sample: np.ndarray,
        N: int,
        num_params: int,
        k_choices: int,
        num_groups: int = None,
    ) -> List:
        distance_matrix = self.compute_distance_matrix(
            input_sample, N, num_params, num_groups, local_optimization=True
        )

        tot_indices_list = []
        tot_max_array = np.zeros(k_choices - 1)

        maxima_template = np.zeros(len(distance_matrix))
        # Loop over `k_choices`, i starts at 1
        for i in range(1, k_choices):
            indices_list = []
            row_maxima_i = maxima_template.copy()

            for row_nr, row in enumerate(distance_matrix):
                indices = tuple(row.argsort()[-i:][::-1]) + (row_nr,)
                row_maxima_i[row_nr] = self.sum_distances(indices, distance_matrix)
                indices_list.append(indices)

            # Find the indices belonging to the maximum distance
            i_max_ind = self.get_max_sum_ind(indices_list, row_maxima_i, i, 0)

            # Loop 'm' (called loop 'k' in Ruano)
            m_max_ind = i_max_ind
            # m starts at 1
            m = 1

            while m <= k_choices - i - 1:
                m_ind = self.add_indices(m_max_ind, distance_matrix)

                len_m_ind = len(m_ind)

                m_maxima = np.zeros(len_m_ind)

                for n in range(len_m_ind):
                    m_maxima[n] = self.sum_distances(m_ind[n], distance_matrix)

                m_max_ind = self.get_max_sum_ind(m_ind, m_maxima, i, m)

                m += 1

            tot_indices_list.append(m_max_ind)
            tot_max_array[i - 1] = self.sum_distances(m_max_ind, distance_matrix)

        tot_max = self.get_max_sum_ind(tot_indices_list, tot_max_array, "tot", "tot")
        return sorted(tot_max)

    def sum_distances(self, indices: Tuple, distance_matrix: np.ndarray) -> np.ndarray:
        combs_tup = combinations(indices, 2)

        combs = np.array(tuple(zip(*combs_tup)))

        # Calculate distance (vectorized)
        dist = np.sqrt(np.sum(np.square(distance_matrix[combs[0], combs[1]]), axis=0))

        return dist

    def get_max_sum_ind(
        self,
        indices_list: List[Tuple],
        distances: np.ndarray,
        i: Union[str, int],
        m: Union[str, int],
    ) -> Tuple:
        if len(indices_list) != len(distances):
            msg = (
                "Indices and distances are lists of different length."
                + "Length indices_list = {} and length distances = {}."
                + "In loop i = {}  and m =  {}"
            )
            raise ValueError(msg.format(len(indices_list), len(distances), i, m))

        max_index = distances.argsort()[-1:][::-1]
        return tuple(indices_list[max_index[0]])

    def add_indices(self, indices: Tuple, distance_matrix: np.ndarray) -> List:
        list_new_indices = []
        for i in range(len(distance_matrix)):
            if i not in indices:
                list_new_indices.append(indices + (i,))
        return list_new_indices


sobol_sequence = types.SimpleNamespace(sample=sobol_sequence_sample)


# --- wrappers: the problems, the settings, the random draws -----------------------------------------------------------
class _GivenDraws:
    """Stand-in for the ``np.random.Generator`` argument: ``integers`` and ``choice`` hand out the given index arrays,
    one per call, in order (the draws a generator would have made)."""

    def __init__(self, draws):
        self.draws = draws
        self.calls = 0

    def integers(self, high, size=None):
        out = self.draws[self.calls]
        self.calls += 1
        return out

    def choice(self, a, replace=True, size=None):
        out = self.draws[self.calls]
        self.calls += 1
        return out


def _ishigami_problem(groups=None):
    problem = {"num_vars": 3, "names": ["x1", "x2", "x3"], "bounds": [[-np.pi, np.pi]] * 3}
    if groups is not None:
        problem["groups"] = groups
    return problem


def sobol_g_modified(values, delta, alpha):
    a = np.array([0, 1, 4.5, 9, 99, 99, 99, 99])
    return sobol_g_evaluate(values, a, delta, alpha)


def lake_problem_arrays(X, a, q, b, eps):
    return lake_problem(X, a, q, b, eps)


def separate_second_order(Y):
    return separate_output_values(Y, 3, 8, True)


def separate_first_order(Y):
    A, B, AB, BA = separate_output_values(Y, 3, 8, False)
    return A, B, AB


def sobol_analyze_second_order(Y):
    return sobol_analyze(_ishigami_problem(), Y, calc_second_order=True, num_resamples=20, seed=101)


def sobol_analyze_first_order_keep(Y):
    return sobol_analyze(_ishigami_problem(), Y, calc_second_order=False, num_resamples=20, keep_resamples=True,
                         seed=7)


def sobol_tasks_given_indices(Y, r):
    A, B, AB, BA = separate_output_values(Y, 3, 8, True)
    Z = norm.ppf(0.5 + 0.95 / 2)
    tasks, n_processors = create_task_list(3, True, 2)
    S_list = [sobol_parallel(Z, A, AB, BA, B, r, t) for t in tasks]
    return Si_list_to_dict(S_list, 3, 10, False, True)


def elementary_effects(X, Y):
    return _compute_elementary_effects(X, Y, 4, _compute_delta(4))


def elementary_effects_scaled(X, Y):
    return _compute_elementary_effects(X, Y, 4, _compute_delta(4), scaling=True)


def mu_star_confidence_given(ee, draws):
    return _compute_mu_star_confidence(ee, 3, 10, 0.95, _GivenDraws(draws))


def mu_star_confidence_seeded(ee):
    return _compute_mu_star_confidence(ee, 3, 10, 0.95, np.random.default_rng(12))


def grouped_metric(metric, groups):
    return np.asarray(_compute_grouped_metric(metric, groups))


def morris_analyze_plain(X, Y):
    return morris_analyze(_ishigami_problem(), X, Y, num_resamples=20, num_levels=4, seed=7)


def morris_analyze_grouped_scaled(X, Y):
    problem = _ishigami_problem(groups=["g1", "g1", "g2"])
    return morris_analyze(problem, X, Y, num_resamples=20, scaled=True, num_levels=4, seed=7)


def fast_compute_orders(Y):
    N = 70
    return compute_orders(Y, N, 4, math.floor((N - 1) / (2 * 4)))


def fast_analyze_seeded(Y):
    return fast_analyze(_ishigami_problem(), Y, M=4, num_resamples=10, seed=11)


def rbd_first_order(X, Y):
    return compute_first_order(permute_outputs(X, Y), 10)


def rbd_fast_bootstrap_given(X_d, Y, draws):
    return rbd_fast_bootstrap(X_d, Y, 4, 10, 0.95, _GivenDraws(draws))


def rbd_fast_analyze_seeded(X, Y):
    return rbd_fast_analyze(_ishigami_problem(), X, Y, M=4, num_resamples=10, seed=3)


def dgsm_analyze_seeded(X, Y):
    return dgsm_analyze(_ishigami_problem(), X, Y, num_resamples=20, seed=9)


def delta_default_bins(X):
    return check_specified_bininfo(bininfo=None, Xmin=X.min(), Xmax=X.max(), paramname="x1")


def delta_custom_bins(X):
    return check_specified_bininfo(bininfo=[-1.0, 0.0, 1.0], Xmin=X.min(), Xmax=X.max(), paramname="x1")


def delta_bins_indices(X):
    bin_edges, _ = check_specified_bininfo(bininfo=4, Xmin=X.min(), Xmax=X.max(), paramname="x1")
    return obtain_bins_indices(bin_edges, X, 3)


def delta_sobol_first(Y, X):
    return sobol_first(Y, X, np.linspace(0, 40, 5))


def sobol_sequence_16x4():
    return sobol_sequence_sample(16, 4)


def saltelli_second_order():
    return saltelli_sample(_ishigami_problem(), 8, calc_second_order=True)


def saltelli_first_order():
    return saltelli_sample(_ishigami_problem(), 8, calc_second_order=False)


def saltelli_groups():
    problem = {"num_vars": 4, "names": ["a", "b", "c", "d"], "bounds": [[0.0, 1.0]] * 4,
               "groups": ["g1", "g1", "g2", "g2"]}
    return saltelli_sample(problem, 4, calc_second_order=True, skip_values=16)


def finite_diff_design():
    return finite_diff_sample(_ishigami_problem(), 6, delta=0.01, skip_values=16)


def fast_sampler_design():
    return fast_sampler_sample(_ishigami_problem(), 70, M=4, seed=3)


def latin_design():
    return latin_sample(_ishigami_problem(), 10, seed=5)


def morris_design():
    return morris_sample(_ishigami_problem(), 5, num_levels=4, seed=2)


def morris_b_star(x_star, P_star, D_star):
    G = np.eye(3, dtype=int)
    B = np.tril(np.ones([4, 3], dtype=int), -1)
    J = np.ones((4, 3))
    return _compute_b_star(J, x_star, _compute_delta(4), B, G, P_star, D_star)


def scale_in_place(params):
    problem = _ishigami_problem()
    return scale_samples(params, problem), problem["sample_scaled"]


def unscale_in_place(params):
    _unscale_samples(params, [[-np.pi, np.pi], [0.0, 2.0], [1.0, 5.0]])
    return params


def nonuniform_scale(params):
    return _nonuniform_scale_samples(params, [[0.0, 1.0], [0.0, 1.0], [0.5, 0.2]], ["unif", "norm", "lognorm"])


def morris_compile_output(input_sample):
    return BruteForce().compile_output(input_sample, 5, 3, [0, 2, 4])


def brute_mappable(combos, distance_matrix):
    pairwise = np.array([y for y in combinations(range(3), 2)])
    return BruteForce.mappable(combos, pairwise, distance_matrix)


def local_sum_distances(distance_matrix):
    return LocalOptimisation().sum_distances((0, 2, 3), distance_matrix)


# --- inputs ------------------------------------------------------------------------------------------------------------
def _unit(rng, *shape):
    return rng.uniform(0.0, 1.0, size=shape)


def _ishigami_X(rng, n=16):
    return rng.uniform(-np.pi, np.pi, size=(n, 3))


def _saltelli_Y(rng, second_order=True):
    # the model outputs of an (N=8, D=3) Saltelli design, as Ishigami of random points
    rows = 8 * (2 * 3 + 2 if second_order else 3 + 2)
    return ishigami_evaluate(_ishigami_X(rng, rows))


def _morris_XY(rng):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        X = morris_sample(_ishigami_problem(), 6, num_levels=4, seed=rng)
    return X, ishigami_evaluate(X)


def _morris_unit(rng):
    X = _sample_morris(_define_problem_with_groups(_ishigami_problem()), 5, rng, num_levels=4)
    return X


def _fast_Y(rng):
    X = fast_sampler_sample(_ishigami_problem(), 70, M=4, seed=rng)
    return ishigami_evaluate(X)


def _dgsm_XY(rng):
    X = finite_diff_sample(_ishigami_problem(), 8, delta=rng.uniform(0.005, 0.02), skip_values=16)
    return X, ishigami_evaluate(X)


def _distances(rng, n=5):
    d = rng.uniform(0.5, 3.0, size=(n, n))
    return np.tril(d + d.T, -1).astype(np.float32)


def _ee(rng):
    X, Y = _morris_XY(rng)
    return _compute_elementary_effects(X, Y, 4, _compute_delta(4))


_TF = "test_functions/"
_SOB = "analyze/sobol.py"
_MOR = "analyze/morris.py"

CASES = [
    # test functions
    case(ishigami_evaluate, lambda rng: (_ishigami_X(rng),), SAL(_TF + "Ishigami.py", "evaluate")),
    case(sobol_g_evaluate, lambda rng: (_unit(rng, 6, 8),),
         SAL(_TF + "Sobol_G.py", "evaluate", "a, delta, alpha default: a type() check, a loop over the rows, np.modf")),
    case(sobol_g_modified, lambda rng: (_unit(rng, 6, 8), _unit(rng, 8), rng.uniform(0.5, 2.0, 8)),
         SAL(_TF + "Sobol_G.py", "evaluate", "delta and alpha given: a boolean mask of delta, .any() checks")),
    case(sensitivity_index, lambda rng: (rng.uniform(0.0, 10.0, 6),), SAL(_TF + "Sobol_G.py", "sensitivity_index")),
    case(total_sensitivity_index, lambda rng: (rng.uniform(0.0, 10.0, 6),),
         SAL(_TF + "Sobol_G.py", "total_sensitivity_index")),
    case(linear_model_1_evaluate, lambda rng: (_unit(rng, 7, 5),), SAL(_TF + "linear_model_1.py", "evaluate")),
    case(linear_model_2_evaluate, lambda rng: (_unit(rng, 7, 5),), SAL(_TF + "linear_model_2.py", "evaluate")),
    case(oakley2004_evaluate, lambda rng: (rng.normal(size=(6, 15)), rng.normal(size=(3, 15)), rng.normal(size=(15, 15))),
         SAL(_TF + "oakley2004.py", "evaluate", "a loop over the rows with @")),
    case(lake_problem_arrays, lambda rng: (_unit(rng, 9), rng.uniform(0, 0.1, 9), rng.uniform(2, 4.5, 9),
                                           rng.uniform(0.1, 0.45, 9), rng.uniform(0.01, 0.05, 9)),
         SAL(_TF + "lake_problem.py", "lake_problem")),
    case(evaluate_lake, lambda rng: (np.column_stack([rng.uniform(0, 0.1, 6), rng.uniform(2, 4.5, 6),
                                                      rng.uniform(0.1, 0.45, 6), rng.uniform(0.01, 0.05, 6),
                                                      rng.uniform(0.001, 0.005, 6)]),),
         SAL(_TF + "lake_problem.py", "evaluate_lake", "seed=101: a seeded rng.lognormal of the data, a loop over Y[t - 1]")),
    # Sobol' analysis
    case(first_order, lambda rng: (rng.normal(size=12), rng.normal(size=12), rng.normal(size=12)), SAL(_SOB, "first_order")),
    case(first_order, lambda rng: (np.full(6, 2.0), np.full(6, 2.0), np.full(6, 2.0)),
         SAL(_SOB, "first_order", "constant outputs: the np.ptp(y) == 0 return"), name="salib.first_order_constant"),
    case(first_order, lambda rng: (rng.normal(size=(12, 1)), rng.normal(size=(12, 3)), rng.normal(size=(12, 1))),
         SAL(_SOB, "first_order", "2-D: all columns at once"), name="salib.first_order_columns"),
    case(total_order, lambda rng: (rng.normal(size=12), rng.normal(size=12), rng.normal(size=12)), SAL(_SOB, "total_order")),
    case(second_order, lambda rng: tuple(rng.normal(size=12) for _ in range(5)), SAL(_SOB, "second_order")),
    case(separate_second_order, lambda rng: (rng.normal(size=64),), SAL(_SOB, "separate_output_values", "second order")),
    case(separate_first_order, lambda rng: (rng.normal(size=40),),
         SAL(_SOB, "separate_output_values", "first order only: BA is None")),
    case(sobol_analyze_second_order, lambda rng: (_saltelli_Y(rng),),
         SAL(_SOB, "analyze", "seed=101: default_rng(seed).integers resample indices; a ResultDict with attributes")),
    case(sobol_analyze_first_order_keep, lambda rng: (_saltelli_Y(rng, False),),
         SAL(_SOB, "analyze", "calc_second_order=False, keep_resamples=True")),
    case(sobol_tasks_given_indices, lambda rng: (_saltelli_Y(rng), rng.integers(0, 8, size=(8, 10))),
         SAL(_SOB, "sobol_parallel", "the parallel path's tasks run in a loop, given resample indices; "
             "create_task_list and Si_list_to_dict")),
    # Morris analysis
    case(elementary_effects, lambda rng: _morris_XY(rng), SAL(_MOR, "_compute_elementary_effects")),
    case(elementary_effects_scaled, lambda rng: _morris_XY(rng),
         SAL(_MOR, "_compute_elementary_effects", "scaling=True: np.divide(out=, where=)")),
    case(mu_star_confidence_given, lambda rng: (_ee(rng), rng.integers(0, 6, size=(3, 10, 6))),
         SAL(_MOR, "_compute_mu_star_confidence", "given resample indices")),
    case(mu_star_confidence_seeded, lambda rng: (_ee(rng),),
         SAL(_MOR, "_compute_mu_star_confidence", "a generator seeded 12")),
    case(grouped_metric, lambda rng: (rng.normal(size=4), np.array([[1, 0], [1, 0], [0, 1], [1, 0]])),
         SAL(_MOR, "_compute_grouped_metric", "np.ma.masked_array, np.ma.mean")),
    case(_compute_grouped_sigma, lambda rng: (rng.uniform(0.1, 1, 4), np.array([[1, 0], [1, 0], [0, 1], [1, 0]])),
         SAL(_MOR, "_compute_grouped_sigma", "np.copyto(where=)")),
    case(morris_analyze_plain, lambda rng: _morris_XY(rng), SAL(_MOR, "analyze", "seed=7, no groups")),
    case(morris_analyze_grouped_scaled, lambda rng: _morris_XY(rng),
         SAL(_MOR, "analyze", "groups, scaled=True (the trajectories of 3 parameters given to 2 groups)")),
    # eFAST, RBD-FAST, DGSM, delta
    case(fast_compute_orders, lambda rng: (_fast_Y(rng)[:70],), SAL("analyze/fast.py", "compute_orders")),
    case(fast_analyze_seeded, lambda rng: (_fast_Y(rng),),
         SAL("analyze/fast.py", "analyze", "seed=11: np.random.seed, then np.random.choice in bootstrap")),
    case(permute_outputs, lambda rng: (rng.uniform(size=20), rng.normal(size=20)), SAL("analyze/rbd_fast.py", "permute_outputs")),
    case(rbd_first_order, lambda rng: (rng.uniform(size=20), rng.normal(size=20)),
         SAL("analyze/rbd_fast.py", "compute_first_order", "scipy.signal.periodogram")),
    case(unskew_S1, lambda rng: (rng.uniform(size=3), 10, 200), SAL("analyze/rbd_fast.py", "unskew_S1")),
    case(rbd_fast_bootstrap_given, lambda rng: (rng.uniform(size=20), rng.normal(size=20), rng.integers(0, 20, size=(10, 10))),
         SAL("analyze/rbd_fast.py", "bootstrap", "given resample indices")),
    case(rbd_fast_analyze_seeded, lambda rng: (_ishigami_X(rng, 40), ishigami_evaluate(_ishigami_X(rng, 40))),
         SAL("analyze/rbd_fast.py", "analyze", "seed=3")),
    case(calc_vi_stats, lambda rng: (rng.normal(size=10), rng.normal(size=10), rng.uniform(0.01, 0.1, 10)),
         SAL("analyze/dgsm.py", "calc_vi_stats")),
    case(dgsm_analyze_seeded, lambda rng: _dgsm_XY(rng),
         SAL("analyze/dgsm.py", "analyze", "seed=9: np.random.seed, np.random.randint resamples in calc_dgsm")),
    case(delta_default_bins, lambda rng: (rng.uniform(-2, 2, 30),), SAL("analyze/delta.py", "check_specified_bininfo", "bininfo=None")),
    case(delta_custom_bins, lambda rng: (rng.uniform(-2, 2, 30),),
         SAL("analyze/delta.py", "check_specified_bininfo", "a list of bins: np.any tests against the data's range")),
    case(delta_bins_indices, lambda rng: (rng.uniform(-2, 2, 30),), SAL("analyze/delta.py", "obtain_bins_indices")),
    case(delta_sobol_first, lambda rng: (rng.normal(size=40), rng.uniform(size=40)),
         SAL("analyze/delta.py", "sobol_first", "scipy.stats.rankdata, np.where of the ranks")),
    # samplers
    case(sobol_sequence_16x4, lambda rng: (), SAL("sample/sobol_sequence.py", "sample", "N=16, D=4: bit twiddling on int arrays")),
    case(saltelli_second_order, lambda rng: (), SAL("sample/saltelli.py", "sample", "N=8, second order")),
    case(saltelli_first_order, lambda rng: (), SAL("sample/saltelli.py", "sample", "N=8, first order")),
    case(saltelli_groups, lambda rng: (), SAL("sample/saltelli.py", "sample", "groups, skip_values=16")),
    case(finite_diff_design, lambda rng: (), SAL("sample/finite_diff.py", "sample", "N=6, skip_values=16: min/max clamps")),
    case(fast_sampler_design, lambda rng: (), SAL("sample/fast_sampler.py", "sample", "N=70, M=4, seed=3")),
    case(latin_design, lambda rng: (), SAL("sample/latin.py", "sample", "N=10, seed=5: rng.shuffle of a column view")),
    case(morris_design, lambda rng: (), SAL("sample/morris/morris.py", "sample", "N=5, seed=2")),
    case(morris_b_star, lambda rng: (rng.choice([0.0, 1 / 3], (1, 3)), np.eye(3)[rng.permutation(3)],
                                     np.diag(rng.choice([-1, 1], 3))),
         SAL("sample/morris/morris.py", "_compute_b_star", "the trajectory from given x*, P*, D*")),
    case(scale_in_place, lambda rng: (_unit(rng, 8, 3),), SAL("util/__init__.py", "scale_samples", "np.add/np.multiply(out=params)")),
    case(unscale_in_place, lambda rng: (rng.uniform(1.0, 2.0, (8, 3)),),
         SAL("util/__init__.py", "_unscale_samples", "in place: the wrapper returns params")),
    case(nonuniform_scale, lambda rng: (rng.uniform(0.05, 0.95, (8, 3)),),
         SAL("util/__init__.py", "_nonuniform_scale_samples", "unif, norm, lognorm: scipy.stats.norm.ppf")),
    case(morris_compile_output, lambda rng: (_morris_unit(rng),),
         SAL("sample/morris/strategy.py", "Strategy.compile_output", "assert type(input_sample) == np.ndarray")),
    case(brute_mappable, lambda rng: (np.array([[0, 1, 2], [0, 2, 4], [1, 3, 4]]), _distances(rng)),
         SAL("sample/morris/brute.py", "BruteForce.mappable")),
    case(local_sum_distances, lambda rng: (_distances(rng),), SAL("sample/morris/local.py", "LocalOptimisation.sum_distances")),
]
