"""Reads of the clock in real NumPy code: optimizers, solvers and factorizations with a time budget
(``while ... and time() - start < max_time``), functions that return the time they took or record it at every
iteration (``info["itertime"].append(time.time() - timestart)``), and timestamps (``self.t0 =
timeit.default_timer()``), copied from public repositories, with small inputs.
``tests/coverage/test_clock_corpus.py`` checks that a traced graph reads the clock as eager code does: every output
that does not depend on the clock is eager's, a duration lies between 0 and the wall time of the call, a timestamp
between the clock read just before and just after the call, two calls give two timestamps, and a budget of 0 stops
the graph where it stops eager code.

Not part of the harness's corpus: ``harness.load_cases()`` reads every ``corpus_*`` module's ``CASES`` as
``cases.Case`` objects whose repositories are listed in ``cases.REPOS``; these sources are not (and this file may
not edit ``cases.py``), so ``CASES`` is empty here and the cases are ``CLOCK_CASES``: ``(name, function, [input
tuples])``. The functions at the end of the file (under "The cases") are the calling convention: they build the
problem (a least-squares objective, a distance matrix, initial factors) from the arrays and numbers of an input
tuple, call the upstream function and return its results as a tuple (upstream returns dicts, dataclasses and
result objects); they are this file's, not upstream's.

Sources (none of them a repository of ``cases.REPOS`` nor of another corpus here; docstrings dropped, comments and
code as upstream, a few one-line docstrings kept; one stored version per file):

* cijose/optimization_algorithms (MIT) ``src/algorithms/``: @6825db3a0bcdc0495cb10a94f6d99dde6fd12d6f
  ``gradient_descent.py``, ``accelerated_gradient_descent.py``, ``conjugate_gradient.py``, ``power_iteration.py``,
  ``quasi_newton.py``, and @1fb03a3242cfe01e9c5029f31b5d12bca221f333 ``gradient_descent_line_search.py``: each
  returns ``x, info`` with ``info["itertime"]`` the time of every iteration, ``info["time"]`` their cumulative sum
  and ``info["totaltime"]``.

* fillipe-gsm/python-tsp (MIT): @2eff82959fda7936d03d12cd62908215633757fc ``python_tsp/heuristics/local_search.py``
  (``solve_tsp_local_search``, ``setup``, the module's ``logger``), @7777859d73415b1df9111e791add59bea18fb805
  ``python_tsp/heuristics/simulated_annealing.py`` (``solve_tsp_simulated_annealing``, ``_initial_temperature``,
  ``_perturbation``, ``_acceptance_rule``), @0ed1a617e967fd74b1e56172f40968d7834b2ef9
  ``python_tsp/heuristics/perturbation_schemes.py`` (``ps1_gen``, ``ps2_gen``, ``ps3_gen``, ``two_opt_gen``; the
  ``neighborhood_gen`` table without the schemes no case uses), @9e2529a61d9e8ff3e8960b187fb936382172ca2a
  ``python_tsp/utils/permutation_distance.py`` (``compute_permutation_distance``): a ``max_processing_time``
  budget read with ``timeit.default_timer`` (``time.perf_counter``).

* 7ossam81/EvoloPy (BSD-3-Clause): @5c811f8f95ded97a20c8248b4d7eefbe821b1532 ``EvoloPy/optimizers/PSO.py``
  (``PSO``), ``EvoloPy/solution.py`` (``solution``), ``EvoloPy/benchmarks.py`` (``F1``), and
  @1a5d6606326bd1c2fee228dfb5a3a05bfd4dff85 ``EvoloPy/optimizers/GWO.py`` (``GWO``): ``executionTime`` from
  ``time.time()``, ``startTime``/``endTime`` from ``time.strftime(fmt)`` (the time now, as text).

* spectrochempy/spectrochempy (CeCILL-B) @fd16914c2c201e331d575f7e84266e17400c0e03
  ``spectrochempy/analysis/nnmf.py``: ``NNMF.nmf`` and ``NNMF.nlssubprob`` (C.-J. Lin's projected-gradient NMF,
  ``projnorm < tol * initgrad or time() - initt > maxtime``), in a class ``NNMF`` that holds only them (upstream's
  is a ``traitlets.HasTraits`` whose ``__init__`` takes an ``NDDataset`` and calls ``self.nmf``). ``info_`` and
  ``debug_`` (spectrochempy's logging functions) are stand-ins that do nothing. The module does ``from time import
  time``; here ``time`` is the ``time`` module (the other sources ``import time``), so the code is inside
  ``_spectrochempy_nnmf()``, whose first line is that import.

* kimjingu/nonnegfac-python (BSD-3-Clause, Nokia) @1630adc064a7b7e8573dba3e3bb1384ca9e667d8 ``nonnegfac/nmf.py``
  (``NMF_Base``, ``NMF_HALS``, ``NMF_MU``) and @7ae321a2a19cde174679ba5acde2f151cf0c99e8
  ``nonnegfac/matrix_utils.py`` (``norm_fro``, ``norm_fro_err``, ``column_norm``, ``normalize_column_pair``, as
  the namespace ``mu`` upstream imports): ``max_time``, ``rec["final"]["elapsed"]``. Upstream is Python 2: its
  ``print`` statements are written as calls and ``xrange`` as ``range``, nothing else. Its ``from numpy import
  random`` is left out: this module's ``random`` is Python's (python-tsp and GWO import it), and ``NMF_Base.run``
  draws from it only without ``init``, which no case leaves out.

* neurostatslab/tensortools (MIT): @ceb6e1557aa1a90a2a2cb58ec85cd8f8fc98f9ad
  ``tensortools/optimize/ncp_bcd.py`` (``ncp_bcd``) and ``tensortools/optimize/optim_utils.py`` (``FitResult``,
  ``_check_cpd_inputs``, ``_get_initial_ktensor``, as the namespace ``optim_utils``; ``randn_ktensor`` and
  ``rand_ktensor``, which no case reaches, are stand-ins that raise; scipy's ``linalg.norm`` is a stand-in,
  ``np.linalg.norm``, the same 2-norm of the flattened tensor), @9836d346ecf849c09612e217f0e632a444a276d3
  ``tensortools/tensors.py`` (``KTensor``, the methods ``ncp_bcd`` uses), @6bf2a9fae264a59de174c737b9dd1252b1e14d00
  ``tensortools/operations.py`` (``unfold``, ``khatri_rao``): the property ``FitResult.still_optimizing`` reads
  ``timeit.default_timer()`` for the ``while`` test; ``FitResult.t0`` is a timestamp, ``total_time`` a duration.

* scikit-optimize/scikit-optimize (BSD-3-Clause) @a3b5764a4fa285f6375171812c347025b6622e7b ``skopt/callbacks.py``:
  ``TimerCallback``, ``EarlyStopper``, ``DeadlineStopper``. ``OptimizeResult`` (scipy's, which skopt passes them)
  is a stand-in: a dict whose keys are attributes. The module does ``from time import time``: the code is inside
  ``_skopt_callbacks()``, as for spectrochempy. The cases' loop (evaluate a point, hand the result so far to the
  callback, stop when it says so) stands in for skopt's ``base_minimize``.

* rflamary/PyOptim (MIT, per the file's header) @086e288e9da69b67006d17a10c66929e4630b83f ``optim/bench.py``:
  ``tic``, ``toc``, ``toq`` (a module global holds the start) and ``bench_fun_val``, which times ``fun`` on each
  problem ``gen`` makes (``time_tot[i, j] = toq()``).

* microsoft/ADBench (MIT, per the repository's source headers, e.g. ``src/python/runner/Benchmark.py``):
  @ca502161d83bebc59496e4201253c859d91d9906 ``tools/python_common/utils.py`` (``timer``: at most ``nruns`` runs
  while the total time is under ``limit``, their mean time) and @d02222ce9c4c633e8bfbbfb1fdc31ff048175c4f
  ``Python/Autograd/gmm_objective.py`` (``logsumexp``, the function the case times; its ``autograd.numpy`` is
  NumPy here).

* pymanopt/pymanopt (BSD-3-Clause) ``src/pymanopt/optimizers/``: @90fe045e8808098fff01a44c90b9033d407b5c3a
  ``optimizer.py`` (``OptimizerResult``, ``Optimizer``), @b7d4fa1b0d0f02ed1fe0ee2a038ddf6fc7033d19
  ``steepest_descent.py`` (``SteepestDescent``), @d7e4cee496ca4448345c4dd1e05d1fd480556683 ``line_search.py``
  (``BackTrackingLineSearcher``): ``max_time`` (``time.time() >= start_time + self._max_time``), the result's
  ``time``, the log's ``time.time()`` stamps. pymanopt's ``Euclidean`` manifold (``norm``, ``retraction``), its
  ``Problem`` (the manifold, the cost and its gradient) and ``tools.printer.VoidPrinter`` are stand-ins.
"""

# ruff: noqa: E501, E711, E731, E741, B006, B904, B905, UP004, UP006, UP008, UP031, UP032, F811  (upstream code, as written)
from __future__ import annotations

import abc
import collections
import json
import logging
import math
import random
import time
import time as t
import timeit
import types
from copy import deepcopy
from dataclasses import dataclass
from random import sample
from sys import stdout
from timeit import default_timer
from typing import Any, Callable, Dict, Generator, List, Optional, Tuple, Union

import numpy
import numpy as np
import numpy.linalg as nla
import scipy.sparse as sps

# ------------------------------------------------------------------------------------------------
# cijose/optimization_algorithms: src/algorithms/gradient_descent.py


def gradient_descent(fx, gradf, parameter, verbose=0, xtrue=None):
    # print '%s\n', repmat('*', 1, 68);
    # Initialize x1.
    x = parameter["x0"]
    if parameter["strcnvx"]:
        alpha = 2.0 / (parameter["Lips"] + parameter["strcnvx"])
    else:
        alpha = 1.0 / parameter["Lips"]
    info = {"itertime": [], "fx": [], "iter": None, "time": None, "totaltime": "None"}
    # Set the clock.
    timestart = time.time()
    # Main loop.
    for iter in range(int(parameter["maxit"])):
        # Compute error and save data to be plotted later on.
        info["itertime"].append(time.time() - timestart)
        info["fx"].append(fx(x))
        # Print the information.
        if verbose:
            print("Iter = %4d, f(x) = %5.3e" % (iter, info["fx"][iter]))
        # Start the clock.
        timestart = time.time()
        # Update the next iteration.
        x_next = x - alpha * gradf(x)
        # Check stopping criterion.
        if np.linalg.norm(x_next - x) <= parameter["tolx"]:
            break
        x = x_next
    # Finalization.
    info["iter"] = iter
    info["time"] = np.cumsum(info["itertime"])
    info["totaltime"] = info["time"][iter]
    return x, info


# ------------------------------------------------------------------------------------------------
# cijose/optimization_algorithms: src/algorithms/accelerated_gradient_descent.py


def accelerated_gradient_descent(fx, gradf, parameter, verbose=0, xtrue=None):
    # Initialize x1.
    x = parameter["x0"]
    y = parameter["x0"]
    t = 1.0
    if parameter["strcnvx"]:
        sL = np.sqrt(parameter["Lips"])
        sC = np.sqrt(parameter["strcnvx"])
        gamma = (sL - sC) / (sL + sC)
    alpha = 1.0 / parameter["Lips"]
    info = {"itertime": [], "fx": [], "iter": None, "time": None, "totaltime": "None"}
    # Set the clock.
    timestart = time.time()
    # Main loop.
    for iter in range(int(parameter["maxit"])):
        # Compute error and save data to be plotted later on.
        info["itertime"].append(time.time() - timestart)
        info["fx"].append(fx(x))
        # Print the information.
        if verbose:
            print("Iter = %4d, f(x) = %5.3e" % (iter, info["fx"][iter]))
        # Start the clock.
        timestart = time.time()
        # Update the next iteration.
        x_next = y - gradf(y) * alpha
        t_next = 0.5 * (1.0 + np.sqrt(4.0 * t ** 2 + 1.0))
        if parameter["strcnvx"]:
            y = x_next + gamma * (x_next - x)
            # print gamma
        else:
            y = x_next + (t - 1.0) * (x_next - x) / t_next
        # Check stopping criterion.
        if np.linalg.norm(x_next - x) <= parameter["tolx"]:
            break
        x = x_next
        t = t_next
    # Finalization.
    info["iter"] = iter
    info["time"] = np.cumsum(info["itertime"])
    info["totaltime"] = info["time"][iter]
    return x, info


# ------------------------------------------------------------------------------------------------
# cijose/optimization_algorithms: src/algorithms/gradient_descent_line_search.py


def gradient_descent_line_search(fx, gradf, parameter, verbose=0, xtrue=None):
    # Initialize x1.
    x = parameter["x0"]
    fc = fx(x)
    kappa = parameter["kappa"] * 0.5
    info = {"itertime": [], "fx": [], "iter": None, "time": None, "totaltime": "None"}
    # Set the clock.
    timestart = time.time()
    # Main loop.
    for iter in range(int(parameter["maxit"])):
        # Compute error and save data to be plotted later on.
        info["itertime"].append(time.time() - timestart)
        info["fx"].append(fc)
        # Print the information.
        if verbose:
            print("Iter = %4d, f(x) = %5.3e" % (iter, info["fx"][iter]))
        # Start the clock.
        L = parameter["Lips"] / 64.0
        timestart = time.time()
        gradfc = gradf(x)
        nrmgrad = np.dot(gradfc.T, gradfc)
        while True:
            x_next = x - gradfc / L
            fs = fx(x_next)
            q = fc - kappa * nrmgrad / L
            if fs <= q:
                break
            L = L * 2.0
        # Check stopping criterion.
        if np.linalg.norm(x_next - x) <= parameter["tolx"]:
            break
        x = x_next
        fc = fs
    # Finalization.
    info["iter"] = iter
    info["time"] = np.cumsum(info["itertime"])
    info["totaltime"] = info["time"][iter]
    return x, info


# ------------------------------------------------------------------------------------------------
# cijose/optimization_algorithms: src/algorithms/conjugate_gradient.py


def conjugate_gradient(fx, phi, y, parameter, verbose=0, xtrue=None):
    # Initialize x1.
    x = parameter["x0"]
    r = phi(x) - y
    p = -r
    info = {"itertime": [], "fx": [], "iter": None, "time": None, "totaltime": "None"}
    # Set the clock.
    timestart = time.time()
    # Main loop.
    for iter in range(int(parameter["maxit"])):
        # Compute error and save data to be plotted later on.
        info["itertime"].append(time.time() - timestart)
        info["fx"].append(fx(x))
        # Print the information.
        if verbose:
            print("Iter = %4d, f(x) = %5.3e" % (iter, info["fx"][iter]))
        # Start the clock.
        timestart = time.time()
        phip = phi(p)
        alpha = np.dot(r.T, p) / np.dot(p.T, phip)
        # Update the next iteration.
        x_next = x - alpha * p
        r = phi(x_next) - y
        beta = np.dot(r.T, phip) / np.dot(p.T, phip)
        p = -r + beta * p
        # Check stopping criterion.
        if np.linalg.norm(x_next - x) <= parameter["tolx"]:
            break
        x = x_next
    # Finalization.
    info["iter"] = iter
    info["time"] = np.cumsum(info["itertime"])
    info["totaltime"] = info["time"][iter]
    return x, info


# ------------------------------------------------------------------------------------------------
# cijose/optimization_algorithms: src/algorithms/power_iteration.py


def power_iteration(fx, Mx, parameter, verbose=0, xtrue=None):
    # Initialize x1.
    x = parameter["x0"]
    info = {"itertime": [], "fx": [], "iter": None, "time": None, "totaltime": "None"}
    # Set the clock.
    timestart = time.time()
    # Main loop.
    for iter in range(int(parameter["maxit"])):
        # Compute error and save data to be plotted later on.
        info["itertime"].append(time.time() - timestart)
        info["fx"].append(fx(x))
        # Print the information.
        if verbose:
            print("Iter = %4d, f(x) = %5.3e" % (iter, info["fx"][iter]))
        # Start the clock.
        timestart = time.time()
        # Update the next iteration.
        x_next = Mx(x)
        # Check stopping criterion.
        if np.linalg.norm(x_next - x) <= parameter["tolx"]:
            break
        x = x_next
    # Finalization.
    info["iter"] = iter
    info["time"] = np.cumsum(info["itertime"])
    info["totaltime"] = info["time"][iter]
    return x, info


# ------------------------------------------------------------------------------------------------
# cijose/optimization_algorithms: src/algorithms/quasi_newton.py


def quasi_newton(fx, gradf, parameter, verbose=0, xtrue=None):
    # print '%s\n', repmat('*', 1, 68);
    # Initialize x1.
    x = parameter["x0"]
    d = len(x)
    grad_next = gradf(x)
    B = 1.0 * np.eye(d)
    kappa = parameter["kappa"]
    info = {"itertime": [], "fx": [], "iter": None, "time": None, "totaltime": "None"}
    # Set the clock.
    timestart = time.time()
    # Main loop.
    for iter in range(int(parameter["maxit"])):
        # Compute error and save data to be plotted later on.
        info["itertime"].append(time.time() - timestart)
        fc = fx(x)
        info["fx"].append(fc)
        # Print the information.
        if verbose:
            print("Iter = %4d, f(x) = %5.3e" % (iter, info["fx"][iter]))
        # Start the clock.
        timestart = time.time()
        gd = grad_next
        p = np.dot(B, -gd)
        ddg = np.dot(p.T, gd)
        # Update the next iteration.
        alpha = 1.0
        while True:
            x_next = x + alpha * p
            if fx(x_next) <= fc + kappa * alpha * ddg:
                break
            alpha *= 0.5
        if np.sum((alpha * p) ** 2) <= parameter["tolx"]:
            break
        grad_next = gradf(x_next)
        v = grad_next - gd
        bv = np.dot(B, v)
        qbv = np.sum(v * bv)
        B += -np.outer(bv, bv.T) / qbv + alpha * np.outer(p, p.T) / np.sum(p * v)
        x = x_next
    # Finalization.
    info["iter"] = iter
    info["time"] = np.cumsum(info["itertime"])
    info["totaltime"] = info["time"][iter]
    return x, info


# ------------------------------------------------------------------------------------------------
# fillipe-gsm/python-tsp: python_tsp/utils/permutation_distance.py


def compute_permutation_distance(
    distance_matrix: np.ndarray, permutation: List[int]
) -> float:
    ind1 = permutation
    ind2 = permutation[1:] + permutation[:1]
    return distance_matrix[ind1, ind2].sum()


# ------------------------------------------------------------------------------------------------
# fillipe-gsm/python-tsp: python_tsp/heuristics/perturbation_schemes.py


def ps1_gen(x: List[int]) -> Generator[List[int], List[int], None]:
    n = len(x)
    i_range = range(1, n - 1)
    for i in sample(i_range, len(i_range)):
        xn = x.copy()
        xn[i], xn[i + 1] = xn[i + 1], xn[i]
        yield xn


def ps2_gen(x: List[int]) -> Generator[List[int], List[int], None]:
    n = len(x)
    i_range = range(1, n - 1)
    for i in sample(i_range, len(i_range)):
        j_range = range(i + 1, n)
        for j in sample(j_range, len(j_range)):
            xn = x.copy()
            xn[i], xn[j] = xn[j], xn[i]
            yield xn


def ps3_gen(x: List[int]) -> Generator[List[int], List[int], None]:
    n = len(x)
    i_range = range(1, n)
    for i in sample(i_range, len(i_range)):
        j_range = [j for j in range(1, n) if j != i]
        for j in sample(j_range, len(j_range)):
            xn = x.copy()
            node = xn.pop(i)
            xn.insert(j, node)
            yield xn


def two_opt_gen(x: List[int]) -> Generator[List[int], List[int], None]:
    """2-opt perturbation scheme [2]"""
    n = len(x)
    i_range = range(2, n)
    for i in sample(i_range, len(i_range)):
        j_range = range(i + 1, n + 1)
        for j in sample(j_range, len(j_range)):
            xn = x.copy()
            xn = xn[:i - 1] + list(reversed(xn[i - 1:j])) + xn[j:]
            yield xn


# Mapping with all possible neighborhood generators in this module
neighborhood_gen: Dict[
    str, Callable[[List[int]], Generator[List[int], List[int], None]]
] = {
    "ps1": ps1_gen,
    "ps2": ps2_gen,
    "ps3": ps3_gen,
    "two_opt": two_opt_gen,
}


# ------------------------------------------------------------------------------------------------
# fillipe-gsm/python-tsp: python_tsp/heuristics/local_search.py


logger = logging.getLogger(__name__)
ch = logging.StreamHandler()
ch.setLevel(level=logging.WARNING)
logger.addHandler(ch)


def solve_tsp_local_search(
    distance_matrix: np.ndarray,
    x0: Optional[List[int]] = None,
    perturbation_scheme: str = "two_opt",
    max_processing_time: Optional[float] = None,
    log_file: Optional[str] = None,
) -> Tuple[List, float]:
    x, fx = setup(distance_matrix, x0)
    max_processing_time = max_processing_time or np.inf
    if log_file:
        fh = logging.FileHandler(log_file)
        fh.setLevel(logging.INFO)
        logger.addHandler(fh)
        logger.setLevel(logging.INFO)

    tic = default_timer()
    stop_early = False
    improvement = True
    while improvement and (not stop_early):
        improvement = False
        for n_index, xn in enumerate(neighborhood_gen[perturbation_scheme](x)):
            if default_timer() - tic > max_processing_time:
                logger.warning("Stopping early due to time constraints")
                stop_early = True
                break

            fn = compute_permutation_distance(distance_matrix, xn)
            logger.info(f"Current value: {fx}; Neighbor: {n_index}")

            if fn < fx:
                improvement = True
                x, fx = xn, fn
                break  # early stop due to first improvement local search

    return x, fx


def setup(
    distance_matrix: np.ndarray, x0: Optional[List] = None
) -> Tuple[List[int], float]:
    if not x0:
        n = distance_matrix.shape[0]  # number of nodes
        x0 = [0] + sample(range(1, n), n - 1)  # ensure 0 is the first node

    fx0 = compute_permutation_distance(distance_matrix, x0)
    return x0, fx0


# ------------------------------------------------------------------------------------------------
# fillipe-gsm/python-tsp: python_tsp/heuristics/simulated_annealing.py (its logger is local_search.py's)


def solve_tsp_simulated_annealing(
    distance_matrix: np.ndarray,
    x0: Optional[List[int]] = None,
    perturbation_scheme: str = "two_opt",
    alpha: float = 0.9,
    max_processing_time: float = None,
    log_file: Optional[str] = None,
) -> Tuple[List, float]:
    x, fx = setup(distance_matrix, x0)
    temp = _initial_temperature(distance_matrix, x, fx, perturbation_scheme)
    max_processing_time = max_processing_time or np.inf
    if log_file:
        fh = logging.FileHandler(log_file)
        fh.setLevel(logging.INFO)
        logger.addHandler(fh)
        logger.setLevel(logging.INFO)

    n = len(x)
    k_inner_min = n  # min inner iterations
    k_inner_max = 10 * n  # max inner iterations
    k_noimprovements = 0  # number of inner loops without improvement

    tic = default_timer()
    stop_early = False
    while (k_noimprovements < 3) and (not stop_early):
        k_accepted = 0  # number of accepted perturbations
        for k in range(k_inner_max):
            if default_timer() - tic > max_processing_time:
                logger.warning("Stopping early due to time constraints")
                stop_early = True
                break

            xn = _perturbation(x, perturbation_scheme)
            fn = compute_permutation_distance(distance_matrix, xn)

            if _acceptance_rule(fx, fn, temp):
                x, fx = xn, fn
                k_accepted += 1
                k_noimprovements = 0

            logger.info(
                f"Temperature {temp}. Current value: {fx} "
                f"k: {k + 1}/{k_inner_max} "
                f"k_accepted: {k_accepted}/{k_inner_min} "
                f"k_noimprovements: {k_noimprovements}"
            )

            if k_accepted >= k_inner_min:
                break

        temp *= alpha  # temperature update
        k_noimprovements += k_accepted == 0

    return x, fx


def _initial_temperature(
    distance_matrix: np.ndarray,
    x: List[int],
    fx: float,
    perturbation_scheme: str,
) -> float:
    # Step 1
    dfx_list = []
    for _ in range(100):
        xn = _perturbation(x, perturbation_scheme)
        fn = compute_permutation_distance(distance_matrix, xn)
        dfx_list.append(fn - fx)

    dfx_mean = np.abs(np.mean(dfx_list))

    # Step 2
    tau0 = 0.5
    return -dfx_mean / np.log(tau0)


def _perturbation(x: List[int], perturbation_scheme: str):
    return next(neighborhood_gen[perturbation_scheme](x))


def _acceptance_rule(fx: float, fn: float, temp: float) -> bool:
    """Metropolis acceptance rule"""

    dfx = fn - fx
    return (dfx < 0) or (
        (dfx > 0) and (np.random.rand() <= np.exp(-(fn - fx) / temp))
    )


# ------------------------------------------------------------------------------------------------
# 7ossam81/EvoloPy: EvoloPy/solution.py, EvoloPy/benchmarks.py (F1)


class solution:
    def __init__(self):
        self.best = 0
        self.bestIndividual = []
        self.best_score = 0
        self.convergence = []
        self.optimizer = ""
        self.objfname = ""
        self.startTime = 0
        self.endTime = 0
        self.executionTime = 0
        self.lb = 0
        self.ub = 0
        self.dim = 0
        self.popnum = 0
        self.maxiers = 0


def F1(x):
    """Sphere function"""
    return np.sum(x ** 2)


# ------------------------------------------------------------------------------------------------
# 7ossam81/EvoloPy: EvoloPy/optimizers/PSO.py


def PSO(objf: Callable, lb: Union[float, List[float]], ub: Union[float, List[float]],
        dim: int, PopSize: int, iters: int) -> solution:
    # PSO parameters
    Vmax = 6.0
    wMax = 0.9
    wMin = 0.2
    c1 = 2.0
    c2 = 2.0

    s = solution()

    # Convert bounds to arrays if they're scalar
    if not isinstance(lb, list) and not isinstance(lb, np.ndarray):
        lb = [lb] * dim
    if not isinstance(ub, list) and not isinstance(ub, np.ndarray):
        ub = [ub] * dim

    lb = np.array(lb)
    ub = np.array(ub)

    # Ensure bounds are the right shape
    if len(lb) != dim:
        lb = np.array([lb[0]] * dim)
    if len(ub) != dim:
        ub = np.array([ub[0]] * dim)

    # Initialize positions and velocities
    pos = np.zeros((PopSize, dim))
    vel = np.zeros((PopSize, dim))

    # Initialize personal best positions and scores
    pBestScore = np.full(PopSize, float("inf"))
    pBest = np.zeros((PopSize, dim))

    # Initialize global best
    gBestScore = float("inf")
    gBest = np.zeros(dim)

    # Initialize positions randomly within bounds
    pos = np.random.uniform(0, 1, (PopSize, dim)) * (ub - lb) + lb

    # Initialize convergence tracking
    convergence_curve = np.zeros(iters)

    print('PSO is optimizing  "' + objf.__name__ + '"')

    # Start timing
    timerStart = time.time()
    s.startTime = time.strftime("%Y-%m-%d-%H-%M-%S")

    # Main loop
    for l in range(iters):
        # Update inertia weight
        w = wMax - l * ((wMax - wMin) / iters)

        # For each particle
        for i in range(PopSize):
            # Clip position to bounds
            pos[i] = np.clip(pos[i], lb, ub)

            # Evaluate fitness
            fitness = objf(pos[i])

            # Update personal best
            if fitness < pBestScore[i]:
                pBestScore[i] = fitness
                pBest[i] = pos[i].copy()

            # Update global best
            if fitness < gBestScore:
                gBestScore = fitness
                gBest = pos[i].copy()

        # Update velocities and positions for all particles
        r1 = np.random.random((PopSize, dim))
        r2 = np.random.random((PopSize, dim))

        # Calculate new velocities
        vel = (w * vel +
               c1 * r1 * (pBest - pos) +
               c2 * r2 * (gBest - pos))

        # Clip velocities
        vel = np.clip(vel, -Vmax, Vmax)

        # Update positions
        pos = pos + vel

        # Record best fitness
        convergence_curve[l] = gBestScore

        if l % 1 == 0:
            print(["At iteration " + str(l + 1) + " the best fitness is " + str(gBestScore)])

    # End timing
    timerEnd = time.time()
    s.endTime = time.strftime("%Y-%m-%d-%H-%M-%S")
    s.executionTime = timerEnd - timerStart

    # Record results
    s.convergence = convergence_curve
    s.optimizer = "PSO"
    s.bestIndividual = gBest
    s.best_score = gBestScore  # Store the best score in the solution object
    s.objfname = objf.__name__
    s.lb = lb
    s.ub = ub
    s.dim = dim
    s.popnum = PopSize
    s.maxiers = iters

    return s


# ------------------------------------------------------------------------------------------------
# 7ossam81/EvoloPy: EvoloPy/optimizers/GWO.py


def GWO(objf, lb, ub, dim, SearchAgents_no, Max_iter):

    # Max_iter=1000
    # lb=-100
    # ub=100
    # dim=30
    # SearchAgents_no=5

    # initialize alpha, beta, and delta_pos
    Alpha_pos = numpy.zeros(dim)
    Alpha_score = float("inf")

    Beta_pos = numpy.zeros(dim)
    Beta_score = float("inf")

    Delta_pos = numpy.zeros(dim)
    Delta_score = float("inf")

    if not isinstance(lb, list):
        lb = [lb] * dim
    if not isinstance(ub, list):
        ub = [ub] * dim

    # Initialize the positions of search agents
    Positions = numpy.zeros((SearchAgents_no, dim))
    for i in range(dim):
        Positions[:, i] = (
            numpy.random.uniform(0, 1, SearchAgents_no) * (ub[i] - lb[i]) + lb[i]
        )

    Convergence_curve = numpy.zeros(Max_iter)
    s = solution()

    # Loop counter
    print('GWO is optimizing  "' + objf.__name__ + '"')

    timerStart = time.time()
    s.startTime = time.strftime("%Y-%m-%d-%H-%M-%S")
    # Main loop
    for l in range(0, Max_iter):
        for i in range(0, SearchAgents_no):

            # Return back the search agents that go beyond the boundaries of the search space
            for j in range(dim):
                Positions[i, j] = numpy.clip(Positions[i, j], lb[j], ub[j])

            # Calculate objective function for each search agent
            fitness = objf(Positions[i, :])

            # Update Alpha, Beta, and Delta
            if fitness < Alpha_score:
                Delta_score = Beta_score  # Update delte
                Delta_pos = Beta_pos.copy()
                Beta_score = Alpha_score  # Update beta
                Beta_pos = Alpha_pos.copy()
                Alpha_score = fitness
                # Update alpha
                Alpha_pos = Positions[i, :].copy()

            if fitness > Alpha_score and fitness < Beta_score:
                Delta_score = Beta_score  # Update delte
                Delta_pos = Beta_pos.copy()
                Beta_score = fitness  # Update beta
                Beta_pos = Positions[i, :].copy()

            if fitness > Alpha_score and fitness > Beta_score and fitness < Delta_score:
                Delta_score = fitness  # Update delta
                Delta_pos = Positions[i, :].copy()

        a = 2 - l * ((2) / Max_iter)
        # a decreases linearly fron 2 to 0

        # Update the Position of search agents including omegas
        for i in range(0, SearchAgents_no):
            for j in range(0, dim):

                r1 = random.random()  # r1 is a random number in [0,1]
                r2 = random.random()  # r2 is a random number in [0,1]

                A1 = 2 * a * r1 - a
                # Equation (3.3)
                C1 = 2 * r2
                # Equation (3.4)

                D_alpha = abs(C1 * Alpha_pos[j] - Positions[i, j])
                # Equation (3.5)-part 1
                X1 = Alpha_pos[j] - A1 * D_alpha
                # Equation (3.6)-part 1

                r1 = random.random()
                r2 = random.random()

                A2 = 2 * a * r1 - a
                # Equation (3.3)
                C2 = 2 * r2
                # Equation (3.4)

                D_beta = abs(C2 * Beta_pos[j] - Positions[i, j])
                # Equation (3.5)-part 2
                X2 = Beta_pos[j] - A2 * D_beta
                # Equation (3.6)-part 2

                r1 = random.random()
                r2 = random.random()

                A3 = 2 * a * r1 - a
                # Equation (3.3)
                C3 = 2 * r2
                # Equation (3.4)

                D_delta = abs(C3 * Delta_pos[j] - Positions[i, j])
                # Equation (3.5)-part 3
                X3 = Delta_pos[j] - A3 * D_delta
                # Equation (3.5)-part 3

                Positions[i, j] = (X1 + X2 + X3) / 3  # Equation (3.7)

        Convergence_curve[l] = Alpha_score

        if l % 1 == 0:
            print(["At iteration " + str(l) + " the best fitness is " + str(Alpha_score)])

    timerEnd = time.time()
    s.endTime = time.strftime("%Y-%m-%d-%H-%M-%S")
    s.executionTime = timerEnd - timerStart
    s.convergence = Convergence_curve
    s.optimizer = "GWO"
    s.bestIndividual = Alpha_pos
    s.objfname = objf.__name__

    return s


# ------------------------------------------------------------------------------------------------
# spectrochempy/spectrochempy: spectrochempy/analysis/nnmf.py


def info_(*args, **kwargs):  # stand-in: spectrochempy.core.info_ (a log message at INFO level)
    pass


def debug_(*args, **kwargs):  # stand-in: spectrochempy.core.debug_ (a log message at DEBUG level)
    pass


def _spectrochempy_nnmf():
    from time import time  # (upstream: the module's import; this module's `time` is the time module)

    class NNMF:

        def nmf(self, V, Winit, Hinit, tol, maxtime, maxiter):
            W = Winit
            H = Hinit

            initt = time()

            gradW = np.dot(W, np.dot(H, H.T)) - np.dot(V, H.T)
            gradH = np.dot(np.dot(W.T, W), H) - np.dot(W.T, V)
            initgrad = norm(np.r_[gradW, gradH.T])
            info_(f"Init gradient norm {initgrad:.3f}")
            tolW = max(0.001, tol) * initgrad
            tolH = tolW

            for myiter in range(1, maxiter):
                # stopping condition
                projnorm = norm(
                    np.r_[
                        gradW[np.logical_or(gradW < 0, W > 0)],
                        gradH[np.logical_or(gradH < 0, H > 0)],
                    ]
                )

                if projnorm < tol * initgrad or time() - initt > maxtime:
                    break

                (W, gradW, iterW) = self.nlssubprob(V.T, H.T, W.T, tolW, 1000)
                W = W.T
                gradW = gradW.T

                if iterW == 1:
                    tolW = 0.1 * tolW

                (H, gradH, iterH) = self.nlssubprob(V, W, H, tolH, 1000)

                if iterH == 1:
                    tolH = 0.1 * tolH

                if myiter % 10 == 0:
                    stdout.write(".")

            info_(f"\nIter = {myiter} Final proj-grad norm {projnorm:.3f}")
            return W, H

        @staticmethod
        def nlssubprob(V, W, Hinit, tol, maxiter):
            H = Hinit
            WtV = np.dot(W.T, V)
            WtW = np.dot(W.T, W)

            alpha = 1
            beta = 0.1

            for n_iter in range(1, maxiter + 1):
                grad = np.dot(WtW, H) - WtV
                if norm(grad * np.logical_or(grad < 0, H > 0)) < tol:
                    break

            Hp = H

            # search step size
            for inner_iter in range(20):
                # gradient step
                Hn = H - alpha * grad
                # gradient step
                Hn *= Hn > 0
                d = Hn - H
                gradd = np.dot(grad.ravel(), d.ravel())
                dQd = np.dot(np.dot(WtW, d).ravel(), d.ravel())
                suff_decr = 0.99 * gradd + 0.5 * dQd < 0
                if inner_iter == 0:
                    decr_alpha = not suff_decr
                    Hp = H
                if decr_alpha:
                    if suff_decr:
                        H = Hn
                        break
                    alpha = alpha * beta
                else:
                    if not suff_decr or (Hp == Hn).all():
                        H = Hp
                        break
                    alpha = alpha / beta
                    Hp = Hn

            if n_iter == maxiter:
                debug_("Max iter in nlssubprob")

            return H, grad, n_iter

    return NNMF


norm = np.linalg.norm  # (upstream: `from numpy.linalg import norm`)
NNMF = _spectrochempy_nnmf()


# ------------------------------------------------------------------------------------------------
# kimjingu/nonnegfac-python: nonnegfac/matrix_utils.py


def norm_fro(X):
    if sps.issparse(X):     # scipy.sparse array
        return math.sqrt(X.multiply(X).sum())
    else:                   # numpy array
        return nla.norm(X)


def norm_fro_err(X, W, H, norm_X):
    sum_squared = norm_X * norm_X - 2 * np.trace(H.T.dot(X.T.dot(W))) \
        + np.trace((W.T.dot(W)).dot(H.T.dot(H)))
    return math.sqrt(np.maximum(sum_squared, 0))


def column_norm(X, by_norm='2'):
    if sps.issparse(X):
        if by_norm == '2':
            norm_vec = np.sqrt(X.multiply(X).sum(axis=0))
        elif by_norm == '1':
            norm_vec = X.sum(axis=0)
        return np.asarray(norm_vec)[0]
    else:
        if by_norm == '2':
            norm_vec = np.sqrt(np.sum(X * X, axis=0))
        elif by_norm == '1':
            norm_vec = np.sum(X, axis=0)
        return norm_vec


def normalize_column_pair(W, H, by_norm='2'):
    norms = column_norm(W, by_norm=by_norm)

    toNormalize = norms > 0
    W[:, toNormalize] = W[:, toNormalize] / norms[toNormalize]
    H[:, toNormalize] = H[:, toNormalize] * norms[toNormalize]

    weights = np.ones(norms.shape)
    weights[toNormalize] = norms[toNormalize]
    return (W, H, weights)


mu = types.SimpleNamespace(norm_fro=norm_fro, norm_fro_err=norm_fro_err, column_norm=column_norm,
                           normalize_column_pair=normalize_column_pair)  # (upstream: `import matrix_utils as mu`)


# ------------------------------------------------------------------------------------------------
# kimjingu/nonnegfac-python: nonnegfac/nmf.py


class NMF_Base(object):

    """ Base class for NMF algorithms

    Specific algorithms need to be implemented by deriving from this class.
    """
    default_max_iter = 100
    default_max_time = np.inf

    def __init__(self):
        raise NotImplementedError(
            'NMF_Base is a base class that cannot be instantiated')

    def set_default(self, default_max_iter, default_max_time):
        self.default_max_iter = default_max_iter
        self.default_max_time = default_max_time

    def run(self, A, k, init=None, max_iter=None, max_time=None, verbose=0):
        info = {'k': k,
                'alg': str(self.__class__),
                'A_dim_1': A.shape[0],
                'A_dim_2': A.shape[1],
                'A_type': str(A.__class__),
                'max_iter': max_iter if max_iter is not None else self.default_max_iter,
                'verbose': verbose,
                'max_time': max_time if max_time is not None else self.default_max_time}
        if init != None:
            W = init[0].copy()
            H = init[1].copy()
            info['init'] = 'user_provided'
        else:
            W = random.rand(A.shape[0], k)
            H = random.rand(A.shape[1], k)
            info['init'] = 'uniform_random'

        if verbose >= 0:
            print('[NMF] Running: ')
            print(json.dumps(info, indent=4, sort_keys=True))

        norm_A = mu.norm_fro(A)
        total_time = 0

        if verbose >= 1:
            his = {'iter': [], 'elapsed': [], 'rel_error': []}

        start = time.time()
        # algorithm-specific initilization
        (W, H) = self.initializer(W, H)

        for i in range(1, info['max_iter'] + 1):
            start_iter = time.time()
            # algorithm-specific iteration solver
            (W, H) = self.iter_solver(A, W, H, k, i)
            elapsed = time.time() - start_iter

            if verbose >= 1:
                rel_error = mu.norm_fro_err(A, W, H, norm_A) / norm_A
                his['iter'].append(i)
                his['elapsed'].append(elapsed)
                his['rel_error'].append(rel_error)
                if verbose >= 2:
                    print('iter:' + str(i) + ', elapsed:' + str(elapsed) + ', rel_error:' + str(rel_error))

            total_time += elapsed
            if total_time > info['max_time']:
                break

        W, H, weights = mu.normalize_column_pair(W, H)

        final = {}
        final['norm_A'] = norm_A
        final['rel_error'] = mu.norm_fro_err(A, W, H, norm_A) / norm_A
        final['iterations'] = i
        final['elapsed'] = time.time() - start

        rec = {'info': info, 'final': final}
        if verbose >= 1:
            rec['his'] = his

        if verbose >= 0:
            print('[NMF] Completed: ')
            print(json.dumps(final, indent=4, sort_keys=True))
        return (W, H, rec)

    def iter_solver(self, A, W, H, k, it):
        raise NotImplementedError

    def initializer(self, W, H):
        return (W, H)


class NMF_HALS(NMF_Base):

    """ NMF algorithm: Hierarchical alternating least squares

    A. Cichocki and A.-H. Phan, Fast local algorithms for large scale nonnegative matrix and tensor factorizations,
    IEICE Transactions on Fundamentals of Electronics, Communications and Computer Sciences,
    vol. E92-A, no. 3, pp. 708-721, 2009.
    """

    def __init__(self, default_max_iter=100, default_max_time=np.inf):
        self.eps = 1e-16
        self.set_default(default_max_iter, default_max_time)

    def initializer(self, W, H):
        W, H, weights = mu.normalize_column_pair(W, H)
        return W, H

    def iter_solver(self, A, W, H, k, it):
        AtW = A.T.dot(W)
        WtW = W.T.dot(W)
        for kk in range(0, k):
            temp_vec = H[:, kk] + AtW[:, kk] - H.dot(WtW[:, kk])
            H[:, kk] = np.maximum(temp_vec, self.eps)

        AH = A.dot(H)
        HtH = H.T.dot(H)
        for kk in range(0, k):
            temp_vec = W[:, kk] * HtH[kk, kk] + AH[:, kk] - W.dot(HtH[:, kk])
            W[:, kk] = np.maximum(temp_vec, self.eps)
            ss = nla.norm(W[:, kk])
            if ss > 0:
                W[:, kk] = W[:, kk] / ss

        return (W, H)


class NMF_MU(NMF_Base):

    """ NMF algorithm: Multiplicative updating

    Lee and Seung, Algorithms for non-negative matrix factorization,
    Advances in Neural Information Processing Systems, 2001, pp. 556-562.
    """

    def __init__(self, default_max_iter=500, default_max_time=np.inf):
        self.eps = 1e-16
        self.set_default(default_max_iter, default_max_time)

    def iter_solver(self, A, W, H, k, it):
        AtW = A.T.dot(W)
        HWtW = H.dot(W.T.dot(W)) + self.eps
        H = H * AtW
        H = H / HWtW

        AH = A.dot(H)
        WHtH = W.dot(H.T.dot(H)) + self.eps
        W = W * AH
        W = W / WHtH

        return (W, H)


# ------------------------------------------------------------------------------------------------
# neurostatslab/tensortools: tensortools/operations.py


def unfold(tensor, mode):
    return np.moveaxis(tensor, mode, 0).reshape((tensor.shape[mode], -1))


def khatri_rao(matrices):
    n_columns = matrices[0].shape[1]
    n_factors = len(matrices)

    start = ord('a')
    common_dim = 'z'
    target = ''.join(chr(start + i) for i in range(n_factors))
    source = ','.join(i+common_dim for i in target)
    operation = source+'->'+target+common_dim
    return np.einsum(operation, *matrices).reshape((-1, n_columns))


# ------------------------------------------------------------------------------------------------
# neurostatslab/tensortools: tensortools/tensors.py


class KTensor(object):

    def __init__(self, factors):
        self.factors = factors
        self.shape = tuple([f.shape[0] for f in factors])
        self.ndim = len(self.shape)
        self.size = np.prod(self.shape)
        self.rank = factors[0].shape[1]

        for f in factors[1:]:
            if f.shape[1] != self.rank:
                raise ValueError('Tensor factors have inconsistent rank.')

    def full(self):
        """Converts KTensor to a dense ndarray."""

        # Compute tensor unfolding along first mode
        unf = self.factors[0] @ khatri_rao(self.factors[1:]).T

        # Inverse unfolding along first mode
        return np.reshape(unf, self.shape)

    def norm(self):
        """Efficiently computes Frobenius-like norm of the tensor."""
        C = np.prod([F.T @ F for F in self.factors], axis=0)
        return np.sqrt(np.sum(C))

    def rebalance(self):
        """Rescales factors across modes so that all norms match."""

        # Compute norms along columns for each factor matrix
        norms = [np.linalg.norm(f, axis=0) for f in self.factors]

        # Multiply norms across all modes
        lam = np.prod(norms, axis=0) ** (1/self.ndim)

        # Update factors
        self.factors = [f * (lam / fn) for f, fn in zip(self.factors, norms)]
        return self

    def copy(self):
        return deepcopy(self)

    def __getitem__(self, i):
        return self.factors[i]

    def __setitem__(self, i, factor):
        factor = np.array(factor)
        if factor.shape != (self.shape[i], self.rank):
            raise ValueError('Dimension mismatch in KTensor assignment.')
        self.factors[i] = factor

    def __iter__(self):
        return iter(self.factors)


# ------------------------------------------------------------------------------------------------
# neurostatslab/tensortools: tensortools/optimize/optim_utils.py


def randn_ktensor(*args, **kwargs):  # stand-in: tensortools.data.random_tensor.randn_ktensor (no case draws one)
    raise NotImplementedError


def rand_ktensor(*args, **kwargs):  # stand-in: tensortools.data.random_tensor.rand_ktensor (no case draws one)
    raise NotImplementedError


linalg = types.SimpleNamespace(norm=np.linalg.norm)  # stand-in: `from scipy import linalg` (the same 2-norm of X.ravel())


def _check_cpd_inputs(X, rank):
    if X.ndim < 3:
        raise ValueError("Array with X.ndim > 2 expected.")
    if rank <= 0 or not isinstance(rank, int):
        raise ValueError("Rank is invalid.")


def _get_initial_ktensor(init, X, rank, random_state, scale_norm=True):
    normX = linalg.norm(X) if scale_norm else None

    if init == 'randn':
        # TODO - match the norm of the initialization to the norm of X.
        U = randn_ktensor(X.shape, rank, norm=normX, random_state=random_state)

    elif init == 'rand':
        # TODO - match the norm of the initialization to the norm of X.
        U = rand_ktensor(X.shape, rank, norm=normX, random_state=random_state)

    elif isinstance(init, KTensor):
        U = init.copy()

    else:
        raise ValueError("Expected 'init' to either be a KTensor or a string "
                         "specifying how to initialize optimization. Valid "
                         "strings are ('randn', 'rand').")

    return U, normX


class FitResult(object):

    def __init__(self, factors, method, tol=1e-5, verbose=True, max_iter=500,
                 min_iter=1, max_time=np.inf):
        self.factors = factors
        self.obj = np.inf
        self.obj_hist = []
        self.method = method

        self.tol = tol
        self.verbose = verbose
        self.max_iter = max_iter
        self.min_iter = min_iter
        self.max_time = max_time

        self.iterations = 0
        self.converged = False
        self.t0 = timeit.default_timer()
        self.total_time = None

    @property
    def still_optimizing(self):
        """True unless converged or maximum iterations/time exceeded."""

        # Check if we need to give up on optimizing.
        if (self.iterations > self.max_iter) or (self.time_elapsed() > self.max_time):
            return False

        # Always optimize for at least 'min_iter' iterations.
        elif not hasattr(self, 'improvement') or (self.iterations < self.min_iter):
            return True

        # Check convergence.
        else:
            self.converged = self.improvement < self.tol
            return False if self.converged else True

    def time_elapsed(self):
        return timeit.default_timer() - self.t0

    def update(self, obj):

        # Keep track of iterations.
        self.iterations += 1

        # Compute improvement in objective.
        self.improvement = self.obj - obj
        self.obj = obj
        self.obj_hist.append(obj)

        # If desired, print progress.
        if self.verbose:
            p_args = self.method, self.iterations, self.obj, self.improvement
            s = '{}: iteration {}, objective {}, improvement {}.'
            print(s.format(*p_args))

    def finalize(self):

        # Set final time, final print statement
        self.total_time = self.time_elapsed()

        if self.verbose:
            s = 'Converged after {} iterations, {} seconds. Objective: {}.'
            print(s.format(self.iterations, self.total_time, self.obj))

        return self


optim_utils = types.SimpleNamespace(_check_cpd_inputs=_check_cpd_inputs, _get_initial_ktensor=_get_initial_ktensor)


# ------------------------------------------------------------------------------------------------
# neurostatslab/tensortools: tensortools/optimize/ncp_bcd.py


def ncp_bcd(
        X, rank, random_state=None, init='rand',
        skip_modes=[], negative_modes=[], **options):
    # Check inputs.
    optim_utils._check_cpd_inputs(X, rank)

    # Store norm of X for computing objective function.
    N = X.ndim

    # Initialize problem.
    U, normX = optim_utils._get_initial_ktensor(init, X, rank, random_state)
    result = FitResult(U, 'NCP_BCD', **options)

    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    # Block coordinate descent
    # ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

    Um = U.copy()  # Extrapolations of compoenents
    extraw = 1  # Used for extrapolation weight update
    weights_U = np.ones(N)  # Extrapolation weights
    L = np.ones(N)  # Lipschitz constants
    obj_bcd = 0.5 * normX**2  # Initial objective value

    # Main optimization loop.
    while result.still_optimizing:
        obj_bcd_old = obj_bcd  # Old objective value
        U_old = U.copy()
        extraw_old = extraw

        for n in range(N):

            # Skip modes that are specified as fixed.
            if n in skip_modes:
                continue

            # Select all components, but U_n
            components = [U[j] for j in range(N) if j != n]

            # i) compute the N-1 gram matrices
            grams = np.prod([arr.T.dot(arr) for arr in components], axis=0)

            # Update gradient Lipschnitz constant
            L0 = L  # Lipschitz constants
            L[n] = np.linalg.norm(grams, 2)

            # ii)  Compute Khatri-Rao product
            kr = khatri_rao(components)
            p = unfold(X, n).dot(kr)

            # Compute Gradient.
            grad = Um[n].dot(grams) - p

            # Enforce nonnegativity (project onto nonnegative orthant).
            U[n] = Um[n] - grad / L[n]
            if n not in negative_modes:
                U[n] = np.maximum(0.0, U[n])

        # Compute objective function and update optimization result.
        # grams *= U[X.ndim - 1].T.dot(U[X.ndim - 1])
        # obj = np.sqrt(np.sum(grams) - 2 * np.sum(U[X.ndim - 1] * p) + normX**2) / normX
        obj = np.linalg.norm(X - U.full()) / normX
        result.update(obj)

        # Correction and extrapolation.
        n = np.setdiff1d(np.arange(X.ndim), skip_modes).max()
        grams *= U[n].T.dot(U[n])
        obj_bcd = 0.5 * (np.sum(grams) - 2 * np.sum(U[n] * p) + normX**2)

        extraw = (1 + np.sqrt(1 + 4 * extraw_old**2)) / 2.0

        if obj_bcd >= obj_bcd_old:
            # restore previous A to make the objective nonincreasing
            Um = U_old

        else:
            # apply extrapolation
            w = (extraw_old - 1.0) / extraw  # Extrapolation weight
            for n in range(N):
                if n not in skip_modes:
                    weights_U[n] = min(w, 1.0 * np.sqrt(L0[n] / L[n]))  # choose smaller weights for convergence
                    Um[n] = U[n] + weights_U[n] * (U[n] - U_old[n])  # extrapolation

    # Finalize and return the optimization result.
    return result.finalize()


# ------------------------------------------------------------------------------------------------
# scikit-optimize/scikit-optimize: skopt/callbacks.py


class OptimizeResult(dict):  # stand-in: scipy.optimize.OptimizeResult (a dict whose keys are attributes)
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as e:
            raise AttributeError(name) from e


def _skopt_callbacks():
    from time import time  # (upstream: the module's import; this module's `time` is the time module)

    class TimerCallback(object):
        def __init__(self):
            self._time = time()
            self.iter_time = []

        def __call__(self, res):
            elapsed_time = time() - self._time
            self.iter_time.append(elapsed_time)
            self._time = time()

    class EarlyStopper(object):
        def __call__(self, result):
            return self._criterion(result)

        def _criterion(self, result):
            raise NotImplementedError("The _criterion method should be implemented"
                                      " by subclasses of EarlyStopper.")

    class DeadlineStopper(EarlyStopper):
        def __init__(self, total_time):
            super(DeadlineStopper, self).__init__()
            self._time = time()
            self.iter_time = []
            self.total_time = total_time

        def _criterion(self, result):
            elapsed_time = time() - self._time
            self.iter_time.append(elapsed_time)
            self._time = time()

            if result.x_iters:
                time_remaining = self.total_time - np.sum(self.iter_time)
                return time_remaining <= np.max(self.iter_time)
            else:
                return None

    return TimerCallback, EarlyStopper, DeadlineStopper


TimerCallback, EarlyStopper, DeadlineStopper = _skopt_callbacks()


# ------------------------------------------------------------------------------------------------
# pymanopt/pymanopt: src/pymanopt/optimizers/optimizer.py


@dataclass
class OptimizerResult:
    point: Any
    cost: float
    iterations: int
    stopping_criterion: str
    time: float
    cost_evaluations: Optional[int] = None
    step_size: Optional[float] = None
    gradient_norm: Optional[float] = None
    log: Optional[Dict] = None


class Optimizer(metaclass=abc.ABCMeta):

    def __init__(
        self,
        max_time: float = 1000,
        max_iterations: int = 1000,
        min_gradient_norm: float = 1e-6,
        min_step_size: float = 1e-10,
        max_cost_evaluations: int = 5000,
        verbosity: int = 2,
        log_verbosity: int = 0,
    ):
        self._max_time = max_time
        self._max_iterations = max_iterations
        self._min_gradient_norm = min_gradient_norm
        self._min_step_size = min_step_size
        self._max_cost_evaluations = max_cost_evaluations
        self._verbosity = verbosity
        self._log_verbosity = log_verbosity

        self._log = None

    def __str__(self):
        return type(self).__name__

    @abc.abstractmethod
    def run(self, problem, *, initial_point=None, **kwargs) -> OptimizerResult:
        """Run an optimizer on a given optimization problem."""

    def _return_result(self, *, start_time, **kwargs) -> OptimizerResult:
        return OptimizerResult(
            time=time.time() - start_time, log=self._log, **kwargs
        )

    def _check_stopping_criterion(
        self,
        *,
        start_time,
        iteration=-1,
        gradient_norm=np.inf,
        step_size=np.inf,
        cost_evaluations=-1,
    ):
        run_time = time.time() - start_time
        reason = None
        if time.time() >= start_time + self._max_time:
            reason = (
                f"Terminated - max time reached after {iteration} iterations."
            )
        elif iteration >= self._max_iterations:
            reason = (
                "Terminated - max iterations reached after "
                f"{run_time:.2f} seconds."
            )
        elif gradient_norm < self._min_gradient_norm:
            reason = (
                f"Terminated - min grad norm reached after {iteration} "
                f"iterations, {run_time:.2f} seconds."
            )
        elif step_size < self._min_step_size:
            reason = (
                f"Terminated - min step_size reached after {iteration} "
                f"iterations, {run_time:.2f} seconds."
            )
        elif cost_evaluations >= self._max_cost_evaluations:
            reason = (
                "Terminated - max cost evals reached after "
                f"{run_time:.2f} seconds."
            )
        return reason

    def _initialize_log(self, *, optimizer_parameters=None):
        self._log = {
            "optimizer": str(self),
            "stopping_criteria": {
                "max_time": self._max_time,
                "max_iterations": self._max_iterations,
                "min_gradient_norm": self._min_gradient_norm,
                "min_step_size": self._min_step_size,
                "max_cost_evaluations": self._max_cost_evaluations,
            },
            "optimizer_parameters": optimizer_parameters,
            "iterations": collections.defaultdict(list)
            if self._log_verbosity >= 1
            else None,
        }

    def _add_log_entry(self, *, iteration, point, cost, **kwargs):
        if self._log_verbosity <= 0:
            return
        self._log["iterations"]["time"].append(time.time())
        self._log["iterations"]["iteration"].append(iteration)
        self._log["iterations"]["point"].append(point)
        self._log["iterations"]["cost"].append(cost)
        for key, value in kwargs.items():
            self._log["iterations"][key].append(value)


# ------------------------------------------------------------------------------------------------
# pymanopt/pymanopt: src/pymanopt/optimizers/line_search.py


class BackTrackingLineSearcher:
    """Back-tracking line-search algorithm."""

    def __init__(
        self,
        contraction_factor=0.5,
        optimism=2,
        sufficient_decrease=1e-4,
        max_iterations=25,
        initial_step_size=1,
    ):
        self.contraction_factor = contraction_factor
        self.optimism = optimism
        self.sufficient_decrease = sufficient_decrease
        self.max_iterations = max_iterations
        self.initial_step_size = initial_step_size

        self._oldf0 = None

    def search(self, objective, manifold, x, d, f0, df0):
        # Compute the norm of the search direction
        norm_d = manifold.norm(x, d)

        if self._oldf0 is not None:
            # Pick initial step size based on where we were last time.
            alpha = 2 * (f0 - self._oldf0) / df0
            # Look a little further
            alpha *= self.optimism
        else:
            alpha = self.initial_step_size / norm_d
        alpha = float(alpha)

        # Make the chosen step and compute the cost there.
        newx = manifold.retraction(x, alpha * d)
        newf = objective(newx)
        step_count = 1

        # Backtrack while the Armijo criterion is not satisfied
        while (
            newf > f0 + self.sufficient_decrease * alpha * df0
            and step_count <= self.max_iterations
        ):

            # Reduce the step size
            alpha = self.contraction_factor * alpha

            # and look closer down the line
            newx = manifold.retraction(x, alpha * d)
            newf = objective(newx)

            step_count = step_count + 1

        # If we got here without obtaining a decrease, we reject the step.
        if newf > f0:
            alpha = 0
            newx = x

        step_size = alpha * norm_d

        self._oldf0 = f0

        return step_size, newx


# ------------------------------------------------------------------------------------------------
# pymanopt/pymanopt: src/pymanopt/optimizers/steepest_descent.py, with stand-ins for what it imports


class VoidPrinter:  # stand-in: pymanopt.tools.printer.VoidPrinter
    def print_header(self):
        pass

    def print_row(self, *args, **kwargs):
        pass


printer = types.SimpleNamespace(VoidPrinter=VoidPrinter)  # (upstream: `from pymanopt.tools import printer`)


class SteepestDescent(Optimizer):

    def __init__(self, line_searcher=None, *args, **kwargs):
        super().__init__(*args, **kwargs)

        if line_searcher is None:
            self._line_searcher = BackTrackingLineSearcher()
        else:
            self._line_searcher = line_searcher
        self.line_searcher = None

    # Function to solve optimisation problem using steepest descent.
    def run(
        self, problem, *, initial_point=None, reuse_line_searcher=False
    ) -> OptimizerResult:
        manifold = problem.manifold
        objective = problem.cost
        gradient = problem.riemannian_gradient

        if not reuse_line_searcher or self.line_searcher is None:
            self.line_searcher = deepcopy(self._line_searcher)
        line_searcher = self.line_searcher

        # If no starting point is specified, generate one at random.
        if initial_point is None:
            x = manifold.random_point()
        else:
            x = initial_point

        if self._verbosity >= 1:
            print("Optimizing...")
        if self._verbosity >= 2:
            iteration_format_length = int(np.log10(self._max_iterations)) + 1
            column_printer = printer.ColumnPrinter(
                columns=[
                    ("Iteration", f"{iteration_format_length}d"),
                    ("Cost", "+.16e"),
                    ("Gradient norm", ".8e"),
                ]
            )
        else:
            column_printer = printer.VoidPrinter()

        column_printer.print_header()

        self._initialize_log(
            optimizer_parameters={"line_searcher": line_searcher}
        )

        # Initialize iteration counter and timer
        iteration = 0
        start_time = time.time()

        while True:
            iteration += 1

            # Calculate new cost, grad and gradient_norm
            cost = objective(x)
            grad = gradient(x)
            gradient_norm = manifold.norm(x, grad)

            column_printer.print_row([iteration, cost, gradient_norm])

            self._add_log_entry(
                iteration=iteration,
                point=x,
                cost=cost,
                gradient_norm=gradient_norm,
            )

            # Descent direction is minus the gradient
            desc_dir = -grad

            # Perform line-search
            step_size, x = line_searcher.search(
                objective, manifold, x, desc_dir, cost, -(gradient_norm**2)
            )

            stopping_criterion = self._check_stopping_criterion(
                start_time=start_time,
                step_size=step_size,
                gradient_norm=gradient_norm,
                iteration=iteration,
            )

            if stopping_criterion:
                if self._verbosity >= 1:
                    print(stopping_criterion)
                    print("")
                break

        return self._return_result(
            start_time=start_time,
            point=x,
            cost=objective(x),
            iterations=iteration,
            stopping_criterion=stopping_criterion,
            cost_evaluations=iteration,
            step_size=step_size,
            gradient_norm=gradient_norm,
        )


class Euclidean:  # stand-in: pymanopt.manifolds.Euclidean (what SteepestDescent asks of it)
    def __init__(self, *shape):
        self._shape = shape

    def norm(self, point, tangent_vector):
        return np.linalg.norm(tangent_vector)

    def retraction(self, point, tangent_vector):
        return point + tangent_vector


class Problem:  # stand-in: pymanopt.Problem (the manifold, the cost and its Riemannian gradient)
    def __init__(self, manifold, cost, riemannian_gradient):
        self.manifold = manifold
        self.cost = cost
        self.riemannian_gradient = riemannian_gradient


# ------------------------------------------------------------------------------------------------
# rflamary/PyOptim: optim/bench.py


__time_tic_toc = time.time()


def tic():
    """ Python implementation of Matlab tic() function """
    global __time_tic_toc
    __time_tic_toc = time.time()


def toc(message='Elapsed time : {} s'):
    """ Python implementation of Matlab toc() function """
    t = time.time()
    print(message.format(t - __time_tic_toc))
    return t - __time_tic_toc


def toq():
    """ Python implementation of Julia toc() function """
    t = time.time()
    return t - __time_tic_toc


def bench_fun_val(fun, n, nbloop, gen, verbose='True'):
    """ optimization bench function """

    res = {}

    time_tot = np.zeros((nbloop, n))
    val_tot = np.zeros((nbloop, n))

    for i in range(nbloop):
        if verbose:
            print('Loop {}'.format(i))
        for j in range(n):
            params, kwparams = gen(i, j)

            tic()
            x, val_tot[i, j] = fun(*params, **kwparams)
            time_tot[i, j] = toq()

            if verbose:
                print('{:1.3f} '.format(time_tot[i, j]), end='')
        print()

    res = {'time_tot': time_tot,
           'val_tot': val_tot,
           'val': val_tot.mean(0),
           'time': time_tot.mean(0)}

    return res


# ------------------------------------------------------------------------------------------------
# microsoft/ADBench: tools/python_common/utils.py


# Time execution of a function
def timer(func, args, nruns=10, limit=float("inf"), ret_val=False):
    total, i = 0, 0
    value = None
    while i < nruns and total < limit:
        start = t.time()
        value = func(*args)
        end = t.time()
        total += end - start
        i += 1
    result = total / nruns if nruns > 0 else 0
    return (result, value) if ret_val else result


# ------------------------------------------------------------------------------------------------
# microsoft/ADBench: Python/Autograd/gmm_objective.py (`import autograd.numpy as np`: here NumPy)


def logsumexp(x):
    # We need to use these element wise functions
    # because standard array level functions
    # did not work with Autograd
    def scalar_subtract_and_exp(a,scalar):
        return np.asarray([np.exp(a[i] - scalar) for i in range(a.size)])

    mx = np.amax(x)
    emx = scalar_subtract_and_exp(x,mx)
    return np.log(emx.sum()) + mx


# ================================================================================================
# The cases: the calling convention (this file's, not upstream's; see the module's docstring)


def _least_squares(A, b):
    fx = lambda x: 0.5 * np.sum((A @ x - b) ** 2)
    gradf = lambda x: A.T @ (A @ x - b)
    return fx, gradf


def cijose_gradient_descent(A, b, x0, Lips, strcnvx, maxit, tolx):
    fx, gradf = _least_squares(A, b)
    parameter = {"x0": x0, "Lips": Lips, "strcnvx": strcnvx, "maxit": maxit, "tolx": tolx}
    return gradient_descent(fx, gradf, parameter)


def cijose_accelerated_gradient_descent(A, b, x0, Lips, strcnvx, maxit, tolx):
    fx, gradf = _least_squares(A, b)
    parameter = {"x0": x0, "Lips": Lips, "strcnvx": strcnvx, "maxit": maxit, "tolx": tolx}
    return accelerated_gradient_descent(fx, gradf, parameter)


def cijose_gradient_descent_line_search(A, b, x0, Lips, kappa, maxit, tolx):
    fx, gradf = _least_squares(A, b)
    parameter = {"x0": x0, "Lips": Lips, "kappa": kappa, "maxit": maxit, "tolx": tolx}
    return gradient_descent_line_search(fx, gradf, parameter)


def cijose_conjugate_gradient(S, y, x0, maxit, tolx):
    fx = lambda x: 0.5 * x @ (S @ x) - y @ x
    phi = lambda x: S @ x
    parameter = {"x0": x0, "maxit": maxit, "tolx": tolx}
    return conjugate_gradient(fx, phi, y, parameter)


def cijose_power_iteration(S, x0, maxit, tolx):
    fx = lambda x: x @ (S @ x) / (x @ x)
    Mx = lambda x: S @ x / np.linalg.norm(S @ x)
    parameter = {"x0": x0, "maxit": maxit, "tolx": tolx}
    return power_iteration(fx, Mx, parameter)


def cijose_quasi_newton(A, b, x0, kappa, maxit, tolx):
    fx, gradf = _least_squares(A, b)
    parameter = {"x0": x0, "kappa": kappa, "maxit": maxit, "tolx": tolx}
    return quasi_newton(fx, gradf, parameter)


def tsp_local_search(distance_matrix, max_processing_time):
    return solve_tsp_local_search(distance_matrix, max_processing_time=max_processing_time)


def tsp_simulated_annealing(distance_matrix, max_processing_time):
    return solve_tsp_simulated_annealing(distance_matrix, max_processing_time=max_processing_time)


def evolopy_pso(lb, ub, dim, PopSize, iters):
    s = PSO(F1, lb, ub, dim, PopSize, iters)
    return s.bestIndividual, s.best_score, s.convergence, s.executionTime, s.startTime, s.endTime


def evolopy_gwo(lb, ub, dim, SearchAgents_no, Max_iter):
    s = GWO(F1, lb, ub, dim, SearchAgents_no, Max_iter)
    return s.bestIndividual, s.convergence, s.executionTime, s.startTime, s.endTime


def spectrochempy_nnmf(V, Winit, Hinit, tol, maxtime, maxiter):
    return NNMF().nmf(V, Winit, Hinit, tol, maxtime, maxiter)


def nonnegfac_mu(A, W0, H0, max_iter, max_time):
    return NMF_MU().run(A, W0.shape[1], init=(W0, H0), max_iter=max_iter, max_time=max_time, verbose=-1)


def nonnegfac_hals(A, W0, H0, max_iter, max_time):
    return NMF_HALS().run(A, W0.shape[1], init=(W0, H0), max_iter=max_iter, max_time=max_time, verbose=-1)


def tensortools_ncp_bcd(X, U0, U1, U2, max_iter, max_time):
    init = KTensor([U0.copy(), U1.copy(), U2.copy()])
    result = ncp_bcd(X, U0.shape[1], init=init, max_iter=max_iter, max_time=max_time, verbose=False)
    return (result.factors.factors, result.obj, result.obj_hist, result.iterations, result.converged, result.t0,
            result.total_time)


def skopt_deadline_stopper(X, total_time):
    stopper = DeadlineStopper(total_time)
    x_iters, func_vals = [], []
    for x in X:  # (skopt's base_minimize: evaluate, then ask the callbacks whether to stop)
        x_iters.append(x)
        func_vals.append(np.sum(x ** 2))
        if stopper(OptimizeResult(x_iters=x_iters, func_vals=func_vals)):
            break
    return len(x_iters), np.min(func_vals), stopper.iter_time, stopper._time


def skopt_timer_callback(X):
    timer = TimerCallback()
    x_iters, func_vals = [], []
    for x in X:
        x_iters.append(x)
        func_vals.append(np.sum(x ** 2))
        timer(OptimizeResult(x_iters=x_iters, func_vals=func_vals))
    return np.min(func_vals), timer.iter_time, timer._time


def pymanopt_steepest_descent(A, b, x0, max_time, max_iterations, log_verbosity):
    fx, gradf = _least_squares(A, b)
    problem = Problem(Euclidean(x0.shape[0]), cost=fx, riemannian_gradient=gradf)
    optimizer = SteepestDescent(max_time=max_time, max_iterations=max_iterations, verbosity=0,
                                log_verbosity=log_verbosity)
    result = optimizer.run(problem, initial_point=x0)
    log_times = result.log["iterations"]["time"] if log_verbosity >= 1 else None
    return (result.point, result.cost, result.iterations, result.stopping_criterion, result.time,
            result.gradient_norm, log_times)


def pyoptim_bench_fun_val(A, B, n, nbloop):
    def fun(a, b):  # (the function benched: a solve, and its residual)
        x = np.linalg.solve(a, b)
        return x, np.sum((a @ x - b) ** 2)

    def gen(i, j):  # (the problem of loop i, size j: a shifted system)
        return (A + (1.0 + i + j) * np.eye(A.shape[0]), B), {}

    return bench_fun_val(fun, n, nbloop, gen, verbose=False)


def adbench_timer(x, nruns, limit):
    return timer(logsumexp, (x,), nruns=nruns, limit=limit, ret_val=True)


# ------------------------------------------------------------------------------------------------
# Inputs


def _inputs():
    rng = np.random.default_rng(20240611)
    A = rng.normal(size=(8, 4))
    b = rng.normal(size=8)
    AtA = A.T @ A
    eig = np.linalg.eigvalsh(AtA)
    Lips, strcnvx = float(eig[-1]), float(eig[0])
    x0 = np.zeros(4)
    M = rng.normal(size=(5, 5))
    S = M @ M.T + 5 * np.eye(5)  # symmetric positive definite
    y = rng.normal(size=5)
    P = rng.uniform(size=(7, 2))
    D = np.sqrt(((P[:, None, :] - P[None, :, :]) ** 2).sum(-1))  # 7 cities in the unit square
    W_true, H_true = rng.uniform(size=(6, 2)), rng.uniform(size=(5, 2))
    V = W_true @ H_true.T  # nonnegative, rank 2
    W0, H0 = rng.uniform(0.1, 1.0, size=(6, 2)), rng.uniform(0.1, 1.0, size=(5, 2))
    F = [rng.uniform(size=(n, 2)) for n in (4, 3, 3)]
    X = np.einsum("ir,jr,kr->ijk", *F)  # nonnegative tensor of rank 2
    G = [rng.uniform(0.1, 1.0, size=(n, 2)) for n in (4, 3, 3)]
    Q = rng.normal(size=(6, 3))
    return dict(A=A, b=b, Lips=Lips, strcnvx=strcnvx, x0=x0, S=S, y=y, D=D, V=V, W0=W0, H0=H0, X=X, G=G, Q=Q)


_I = _inputs()
_A, _b, _x0, _L, _mu = _I["A"], _I["b"], _I["x0"], _I["Lips"], _I["strcnvx"]

CLOCK_CASES = [
    # cijose/optimization_algorithms
    ("cijose_gradient_descent", cijose_gradient_descent, [
        (_A, _b, _x0, _L, _mu, 200, 1e-10),
        (_A, _b, _x0, _L, 0.0, 5, 1e-10),  # stops at maxit; the `else` step size
    ]),
    ("cijose_accelerated_gradient_descent", cijose_accelerated_gradient_descent, [
        (_A, _b, _x0, _L, _mu, 200, 1e-10),
        (_A, _b, _x0, _L, 0.0, 5, 1e-10),
    ]),
    ("cijose_gradient_descent_line_search", cijose_gradient_descent_line_search, [
        (_A, _b, _x0, _L, 0.5, 100, 1e-10),
    ]),
    ("cijose_conjugate_gradient", cijose_conjugate_gradient, [
        (_I["S"], _I["y"], np.zeros(5), 50, 1e-12),
    ]),
    ("cijose_power_iteration", cijose_power_iteration, [
        (_I["S"], np.ones(5), 300, 1e-9),
        (_I["S"], np.ones(5), 3, 1e-9),
    ]),
    ("cijose_quasi_newton", cijose_quasi_newton, [
        (_A, _b, _x0, 0.1, 50, 1e-20),
    ]),
    # fillipe-gsm/python-tsp
    ("tsp_local_search", tsp_local_search, [
        (_I["D"], None),
        (_I["D"], 1e-9),  # a budget spent before the first neighbour
    ]),
    ("tsp_simulated_annealing", tsp_simulated_annealing, [
        (_I["D"], None),
        (_I["D"], 1e-9),
    ]),
    # 7ossam81/EvoloPy
    ("evolopy_pso", evolopy_pso, [
        (-10.0, 10.0, 3, 5, 4),
    ]),
    ("evolopy_gwo", evolopy_gwo, [
        (-10.0, 10.0, 3, 4, 3),
    ]),
    # spectrochempy/spectrochempy
    ("spectrochempy_nnmf", spectrochempy_nnmf, [
        (_I["V"], _I["W0"], _I["H0"].T, 1e-4, 60.0, 4),
        (_I["V"], _I["W0"], _I["H0"].T, 1e-4, 0.0, 4),  # no time: the initial factors
    ]),
    # kimjingu/nonnegfac-python
    ("nonnegfac_mu", nonnegfac_mu, [
        (_I["V"], _I["W0"], _I["H0"], 20, 60.0),
        (_I["V"], _I["W0"], _I["H0"], 20, 0.0),  # one iteration, then the budget is spent
    ]),
    ("nonnegfac_hals", nonnegfac_hals, [
        (_I["V"], _I["W0"], _I["H0"], 20, 60.0),
    ]),
    # neurostatslab/tensortools
    ("tensortools_ncp_bcd", tensortools_ncp_bcd, [
        (_I["X"], *_I["G"], 20, 60.0),
        (_I["X"], *_I["G"], 20, 0.0),  # no iteration at all
    ]),
    # scikit-optimize/scikit-optimize
    ("skopt_deadline_stopper", skopt_deadline_stopper, [
        (_I["Q"], 60.0),
        (_I["Q"], 0.0),  # stops after the first evaluation
    ]),
    ("skopt_timer_callback", skopt_timer_callback, [
        (_I["Q"],),
    ]),
    # pymanopt/pymanopt
    # rflamary/PyOptim
    ("pyoptim_bench_fun_val", pyoptim_bench_fun_val, [
        (_I["S"], _I["y"], 3, 2),
    ]),
    # microsoft/ADBench
    ("adbench_timer", adbench_timer, [
        (_I["y"], 5, float("inf")),
        (_I["y"], 5, 0.0),  # no time: no run, no value
    ]),
    ("pymanopt_steepest_descent", pymanopt_steepest_descent, [
        (_A, _b, _x0, 60.0, 50, 0),
        (_A, _b, _x0, 60.0, 5, 1),  # the log's time stamps
        (_A, _b, _x0, 0.0, 50, 0),  # max time reached after 1 iteration
    ]),
]

CASES: list = []
