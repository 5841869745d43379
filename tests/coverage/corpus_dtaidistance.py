"""dtaidistance, time-series distances in pure Python and NumPy (wannesm/dtaidistance, Apache-2.0): the Python
(not the C) Dynamic Time Warping of ``dtw.py``: ``DTWSettings`` (``if not self.max_step`` / ``max_dist`` /
``penalty`` setting ``inf`` or ``inner_val(...)``, ``wrap`` of a dict or settings object, ``for_dtw`` filling in the
window, ``split_psi`` of an int or a 4-tuple by ``type(self.psi) is int``), ``lb_keogh`` (``array_max`` / ``array_min``
of a sliding slice, ``if ci > ui`` / ``elif ci < li`` adding ``idist_fn``), ``distance`` (two rows of a flat
``array.array('d', [inf] * (2 * length))`` swapped by ``i0 = 1 - i0``, window bounds from ``max`` / ``min`` of
Python ints, ``continue`` past ``d > s.adj_max_step``, ``assert``\\ s on the indices, early abandoning with ``if not
smaller_found`` and a ``break`` once ``dtw[...] > s.adj_max_dist``, psi relaxation over the last row by ``min(...,
psi_shortest)``), ``warping_paths`` (the same on an ``np.full((r + 1, c + 1), inf)`` matrix, ``argmin`` of the last
row and column reversed by ``[ir:max(0, ir-psi_1e-1):-1]`` and ``-1`` written over the relaxed part), the affinity
variant (``np.exp(-gamma * (s1[i] - s2[j])**2)``, ``if d < tau`` choosing ``max(0, delta + delta_factor *
dtw_prev)``), ``distance_matrix`` over a ``SeriesContainer`` (pure Python loops into an ``array.array``, blocks,
``np.triu_indices`` writes through ``.T``, ``np.fill_diagonal``), ``best_path`` / ``best_path2`` (a ``while i > 0
and j > 0`` walking back by ``argmin`` of a list of three entries, ``if c == 0`` / ``elif``, a list grown, popped and
reversed), ``warp`` (sums and counts in ``array.array``\\ s along the path), ``warping_amount`` and
``warping_path_penalty``; the Euclidean upper bound of ``ed.py`` (``zip`` of the two series, then the last value of
the shorter one against the rest of the longer), the inner distances of ``innerdistance.py`` (classes of
``staticmethod``\\ s chosen by a ``str`` ``Enum``, ``isinstance(x, np.ndarray)`` choosing ``np.sqrt`` or
``math.sqrt``), the multivariate versions of ``dtw_ndim.py``; ``msm.py``'s Move-Split-Merge distance (a closure with
chained comparisons ``b <= a <= c``, ``np.min`` of a list); ``dp.py``'s generic dynamic programming with a traceback
matrix of ``'<U4'`` arrow strings grown by ``+=``, and ``alignment.py``'s Needleman-Wunsch over it
(``make_substitution_fn``'s dict of symbol pairs, ``best_alignment``'s ``next()`` of a generator over the arrows);
``similarity.py``'s ``distance_to_similarity`` and ``squash`` (``if`` / ``elif`` on the method, ``cover_quantile``
given as a number or a tuple, ``np.quantile``); ``preprocessing.py`` (``np.diff``, SciPy's Butterworth filter run by
``filtfilt(method="gust")``, Keogh and Pazzani's derivative, log and mixed linear-log domains by ``np.heaviside``,
z-normalisation) and ``postprocessing.py`` (the distance along a given path, relaxed by the derivatives: ``min`` of
four inner distances, ``continue``); ``dtw_weighted.py``'s DTW with learned weights per point (a tuple unpacking of
``weights[i, :]``, ``if d < 0`` flipping the side, ``if d <= x0`` / ``elif x0 < d < x1`` / ``elif x2 <= d`` with
``np.isinf(x3)``, ``d *= ...``) and the weights it computes from must-link and cannot-link values (``_clean_max`` /
``_clean_min`` sorting lists, an early ``return`` and a ``break``, boolean-mask writes under ``only_max``); the DTW
Barycenter Averaging of ``dtw_barycenter.py`` (``dba``'s lists of values per point of the average, ``dba_loop``'s
``for it in range(max_it)`` with a ``break`` on convergence); the subsequence search of ``subsequence/`` (the
``SubsequenceAlignment`` class: psi-relaxed warping paths over the whole series, ``best_matches`` a generator with a
``while k is None or ki < k`` loop, ``continue`` and masked writes ``matching[mb:me] = np.inf``, ``util.DetectKnee``;
``SAMatch`` properties that compute the path and segment lazily; ``linearly_scale`` by ``Polynomial.fit``; the
``SubsequenceSearch`` class with ``lb_keogh`` pruning and a ``heapq`` of ``(-dist, idx)``), and the local
concurrences (``loco_warping_paths``: ``max`` of a generator over the step types, ``if d < s.tau``; the
``LocalConcurrences`` class: settings estimated from the series or the self-similarity matrix, ``_reset_wp_mask``'s
writes at ``np.tril_indices`` / ``np.triu_indices``, ``np.abs(wp, out=wp)``, ``best_path`` with a ``break`` and
``assert False`` branches) (wannesm/dtaidistance, Apache-2.0).

Copied from wannesm/dtaidistance at 1a08caa8023dd161b2907c15000a14f6ab2b489d (its ``LICENSE`` is the Apache License
2.0, "Copyright 2016-2018 KU Leuven, DTAI Research Group"; each module's docstring: ":copyright: Copyright 2017-2025
KU Leuven, DTAI Research Group. :license: Apache License, Version 2.0"), under ``src/dtaidistance/``:
``exceptions.py`` (the four exceptions used), ``util_numpy.py`` (``verify_np_array``), ``util.py``
(``detect_ndim``, ``SeriesContainer``, ``argmin``, ``argmax``, ``DetectKnee``, ``DDType``), ``innerdistance.py``
(all but the abstract ``CustomInnerDist``), ``ed.py`` (``distance``), ``dtw.py`` (``_check_library``,
``DTWSettings`` and every function from ``lb_keogh`` to ``best_path2`` but ``distance_matrix_func``,
``distance_matrix_fast``, ``warping_path_fast``, ``warping_path_prob`` and ``warping_path_args_to_c``, which only
call the C library), ``dtw_ndim.py`` (``ub_euclidean``, ``distance``, ``warping_paths``, ``distance_matrix``,
``warping_path``), ``msm.py``, ``dp.py``, ``alignment.py``, ``similarity.py``, ``preprocessing.py``,
``postprocessing.py`` (all), ``dtw_weighted.py`` (``warping_paths``, ``distance_matrix``,
``compute_weights_from_mlclvalues``, ``_clean_max``, ``_clean_min``), ``dtw_barycenter.py`` (all),
``subsequence/subsequencealignment.py`` and ``subsequence/subsequencesearch.py`` (all), and
``subsequence/localconcurrences.py`` (``local_concurrences``, ``LCMatch``, ``LocalConcurrences``, ``steps_types``,
``LoCoSettings``, ``loco_warping_paths``). In that order, files as sections; docstrings dropped, comments kept.

Adapted, beyond that:

* the modules' imports are gathered at the top; their module-level names (``dtw_cc = None`` as without the compiled
  extension, ``tqdm = None``, ``DTYPE``, ``argmin = np.argmin``, ``inf``, ``default``, ``stepstype_steps``,
  ``steps_type_default``) are set where each section begins or ends; calls through a module (``dtw.distance``,
  ``ed.distance``, ``innerdistance.inner_dist_fns``, ``util.DetectKnee``, ``dtw_ndim.warping_paths``,
  ``preprocessing.derivative``, ``util_numpy.verify_np_array``) are as written: ``dtw``, ``ed``, ``innerdistance``,
  ``util``, ``dtw_ndim``, ``preprocessing`` and ``util_numpy`` are namespaces after each section holding the copied
  functions;
* several modules define the same name: ``ed.distance``, ``msm.distance``, ``dtw_ndim``'s five functions,
  ``util.argmin`` / ``argmax`` and ``dtw_weighted``'s ``warping_paths`` / ``distance_matrix`` are ``ed_distance``,
  ``msm_distance``, ``ndim_...``, ``util_argmin`` / ``util_argmax``, ``weighted_warping_paths`` /
  ``weighted_distance_matrix`` here (marked ``# renamed``); of the copied bodies only ``dtw_weighted``'s
  ``distance_matrix`` calls one by its bare name (its module's ``warping_paths``), renamed there too;
* methods that need the compiled library or matplotlib are left out: ``SeriesContainer.c_data_compat``,
  ``SAMatches.plot``, and ``LocalConcurrences``' ``similarity_matrix_matshow_kwargs`` and its ``best_matches`` family
  (their ``BufferedArgMax`` fills its indices with ``loco_cc.loco_wps_argmax``); the C-only functions that the
  copied code names under ``if use_c`` (``distance_fast``, ``warping_paths_fast``, ``warping_paths_affinity_fast``,
  ``_distance_c_with_params``) are copied but never reached;
* wrappers (after the copied code) name the keyword settings the cases use (``window=``, ``psi=``, ``penalty=``,
  ``max_dist=``, ``use_pruning=``, ``inner_dist=``, ``method=`` ...), and walk the subsequence and local-concurrence
  objects as the library's tests do (``sa.kbest_matches(k=3)``, ``[m.segment for m in ...]``, ``lc.best_match()``).
  ``warping_paths_affinity`` is given ``penalty=0`` where the cases do not set one: its default ``None`` fails in
  ``dtw[i0, j + 1] - s.penalty`` (the library's tests always pass it).

The inputs follow the library's tests: random walks of 6 to 23 samples (two series of 9, or 9 and 7 for unequal
lengths), four or five series for the distance matrices and barycenters, 2-D series of 8 and 7 points of dimension 2,
symbols 0..3 for Needleman-Wunsch, ``test_dtw_subseq1_maxrangefactor``'s query ``[1, 2, 0]`` and series with a
little noise, overlapping windows of a walk with the query planted in it for the subsequence search; warping paths
given as inputs are random monotone walks from ``(0, 0)`` to the corner, and the learned weights fixed must-link and
cannot-link dicts.

Not taken: everything that calls the C extensions (``dtw_cc``, ``ed_cc``, ``loco_cc``, the OpenMP and
multiprocessing paths), the clustering (hierarchical, k-means, k-medoids: ``scipy.cluster`` and ``pyclustering``),
the decision-tree learning of ``dtw_weighted.py``, the symbolization, the connectors and the visualisation modules.
"""

# ruff: noqa: E501, E731, UP004, UP006, UP008, UP031, UP032, UP035, B006, B007, B011, B028, B904, C408, C416, F541, SIM108, SIM114
from __future__ import annotations

import array
import importlib
import logging
import math
import random
import types
from enum import Enum

import numpy as np

from tests.coverage.cases import DTAIDISTANCE, Source, case


def DTA(path: str, original: str, note: str = "") -> Source:
    return Source(DTAIDISTANCE, "src/dtaidistance/" + path, original, note)


# --- dtaidistance/exceptions.py ---


class PackageMissingException(Exception):
    def __init__(self, message):
        super().__init__(message)


class NumpyException(PackageMissingException):
    def __init__(self, message):
        super().__init__(message)


class ScipyException(PackageMissingException):
    def __init__(self, message):
        super().__init__(message)


class CythonException(PackageMissingException):
    def __init__(self, message):
        super().__init__(message)


# --- dtaidistance/util_numpy.py ---


def verify_np_array(seq):
    try:
        np = importlib.import_module("numpy")
    except ImportError as e:
        raise NumpyException("Expects numpy to be installed") from e
    if np is not None:
        if isinstance(seq, (np.ndarray, np.generic)):
            if not seq.data.c_contiguous:
                logger.debug("Warning: Sequence 1 passed to method distance is not C-contiguous. " +
                             "The sequence will be copied.")
                seq = seq.copy(order='C')
    return seq


util_numpy = types.SimpleNamespace(verify_np_array=verify_np_array)  # (the module, for util_numpy.verify_np_array)


# --- dtaidistance/util.py ---


def detect_ndim(s):
    if np is not None and isinstance(s, np.ndarray):
        return s.ndim
    if type(s) is list and len(s) > 0:
        return detect_ndim(s[0]) + 1
    if type(s) in [int, float]:
        return 0
    return None


class SeriesContainer:
    def __init__(self, series, support_ndim=True):
        self.support_ndim = support_ndim
        # Always detect the dimensionality of the time series, even if support_ndim is false
        self.detected_ndim = False
        if isinstance(series, SeriesContainer):
            self.series = series.series
        elif np is not None and isinstance(series, np.ndarray):
            # A np.matrix always returns a 2D array, also if you select one row (to be consistent
            # and always be a matrix datastructure). The methods in this toolbox expect a
            # 1D array thus we need to convert to a 1D or 2D array. This is taken care by asarray
            self.series = np.asarray(series, order="C")
            if self.series.ndim > 2:
                if not self.support_ndim:
                    raise Exception('N-dimensional series are not supported '
                                    '(series.ndim = {}) > 2'.format(self.series.ndim))
                self.detected_ndim = len(self.series[0, 0])
            else:
                self.detected_ndim = 1
        elif type(series) in [set, tuple, list]:
            self.series = list(series)
            if np is not None and isinstance(self.series[0], np.ndarray):
                if self.series[0].ndim > 1:
                    if not self.support_ndim:
                        raise Exception('N-dimensional series are not supported '
                                        '(series[0].ndim = {}) > 1'.format(self.series[0].ndim))
                    self.detected_ndim = len(self.series[0][0])
                else:
                    self.detected_ndim = 1
            elif type(series[0]) in [list, tuple]:
                if type(series[0][0]) in [list, tuple]:
                    self.detected_ndim = len(self.series[0][0])
                else:
                    self.detected_ndim = 1
        else:
            self.series = series

    def set_detected_ndim(self, ndim):
        if ndim is None:
            return
        self.detected_ndim = ndim


    def get_max_y(self):
        max_y = 0
        if isinstance(self.series, np.ndarray) and len(self.series.shape) == 2:
            max_y = max(np.max(self.series), abs(np.min(self.series)))
        else:
            for serie in self.series:
                max_y = max(max_y, np.max(serie), abs(np.min(serie)))
        return max_y

    def get_max_min_y(self):
        min_y, max_y = 0, 0
        if isinstance(self.series, np.ndarray) and len(self.series.shape) == 2:
            min_y = np.min(self.series)
            max_y = np.max(self.series)
        else:
            for serie in self.series:
                min_y = min(min_y, np.min(serie))
                max_y = max(max_y, np.max(serie))
        return min_y, max_y

    def get_max_length(self):
        max_length = 0
        if isinstance(self.series, np.ndarray) and len(self.series.shape) == 2:
            max_length = self.series.shape[1]
        else:
            for serie in self.series:
                max_length = max(max_length, len(serie))
        return max_length

    def get_avg_length(self):
        max_length = 0
        if isinstance(self.series, np.ndarray) and len(self.series.shape) == 2:
            max_length = self.series.shape[1]
        else:
            for serie in self.series:
                max_length += len(serie)
            max_length /= len(self.series)
        return max_length

    def __getitem__(self, item):
        return self.series[item]

    def __len__(self):
        return len(self.series)

    def __str__(self):
        return "SeriesContainer:\n{}".format(self.series)

    @staticmethod
    def wrap(series, support_ndim=True):
        if isinstance(series, SeriesContainer):
            series.support_ndim = support_ndim
            return series
        return SeriesContainer(series, support_ndim=support_ndim)


def util_argmin(a):  # renamed (util.argmin)
    imin, vmin = 0, float("inf")
    for i, v in enumerate(a):
        if v < vmin:
            imin, vmin = i, v
    return imin


def util_argmax(a):  # renamed (util.argmax)
    imax, vmax = 0, float("-inf")
    for i, v in enumerate(a):
        if v > vmax:
            imax, vmax = i, v
    return imax


class DetectKnee:
    def __init__(self, alpha=0.3, invert=False, alpha_onlyvar=0.0,
                 thr_value=None, verbose=False):
        self.cnt = 0  # Number of data points seen
        self.cnt_onlyvar = 0
        self.min_points = 3  # Minimal number of data points to see before stopping
        self.thr_value = thr_value if thr_value is not None else 0
        self.arrvar_fraction = 4
        self.alpha = alpha  # EWMA parameter
        self.alpha_onlyvar = alpha_onlyvar
        self.arr = None
        self.arrvar = None
        self.max_thr = None
        self.invert = invert
        self.invert_value = None

        self.verbose = verbose
        if self.verbose:
            print(f"Search knee with alpha={alpha}")

    def dostop(self, value, only_var=False):
        if self.arr is None:
            if self.invert:
                self.invert_value = value
                self.thr_value = value - self.thr_value
                value = 0
            self.arr = value
            self.arrvar = 0
            if self.verbose:
                print(f"Detecting knee: threshold value={self.thr_value:.4f}")
            return False
        elif self.invert:
            value = self.invert_value - value
        rvalue = False
        self.max_thr = self.arr + self.arrvar_fraction * self.arrvar
        # We need to see at least min_points instances to compute a reasonable arrvar
        if self.cnt >= self.min_points and value > self.thr_value and value > self.max_thr:
            rvalue = True

        if only_var:
            self.arrvar = (1.0 - self.alpha_onlyvar) * self.arrvar
            self.cnt_onlyvar += 1
        else:
            self.arrvar = self.alpha * max(0, value - self.arr) + (1.0 - self.alpha) * self.arrvar
            self.arr = self.alpha * value + (1.0 - self.alpha) * self.arr

        if self.verbose and (not only_var or rvalue is True):
            if self.invert:
                pvalue = f"{value:.4f} ({self.invert_value:.4f}-{self.invert_value - value:.4f})"
            else:
                pvalue = f"{value:.4f}"
            if self.cnt < self.min_points:
                print(f"Detected knee: Not enough points, {self.cnt} < {self.min_points}, "
                      f"{pvalue} > {self.max_thr:.4f} = {self.arr:.4f} + {self.arrvar_fraction} * {self.arrvar:.4f}")
            else:
                print(f"Detected knee: {self.cnt} ({self.cnt_onlyvar}) points, {pvalue} > {self.max_thr:.4f} = "
                      f"{self.arr:.4f} + {self.arrvar_fraction} * {self.arrvar:.4f} -> {rvalue}")

        if not only_var:
            self.cnt += 1
        return rvalue


class DDType(str, Enum):

    def to_int(self):
        return list(self.__class__).index(self)

    @classmethod
    def from_int(cls, value):
        return list(cls)[value]

    @classmethod
    def wrap(cls, val, default_val=None):
        if val is None:
            val = default_val
        if isinstance(val, cls):
            return val
        elif type(val) is str:
            try:
                return cls(val)
            except ValueError as exc:
                pass
        elif type(val) is int:
            try:
                return cls.from_int(val)
            except IndexError as exc:
                pass
        raise ValueError(f'Value not supported for {cls.__name__}: {val}')


util = types.SimpleNamespace(DDType=DDType, DetectKnee=DetectKnee, SeriesContainer=SeriesContainer,
                             argmax=util_argmax, argmin=util_argmin, detect_ndim=detect_ndim)  # (the module)


logger = logging.getLogger("be.kuleuven.dtai.distance")
default = 'squared euclidean'


# --- dtaidistance/innerdistance.py ---


class InnerDistType(util.DDType):
    SQEUCLIDEAN = "squared euclidean"  # 0
    EUCLIDEAN = "euclidean"  # 1


class SquaredEuclidean:

    @staticmethod
    def inner_dist(x, y):
        return (x - y) ** 2

    @staticmethod
    def result(x):
        if np is not None and isinstance(x, np.ndarray):
            return np.sqrt(x)
        return math.sqrt(x)

    @staticmethod
    def inner_val(x):
        return x*x


class SquaredEuclideanNdim:

    @staticmethod
    def inner_dist(x, y):
        return np.sum((x - y) ** 2)

    @staticmethod
    def result(x):
        return np.sqrt(x)

    @staticmethod
    def inner_val(x):
        return x * x


class Euclidean:

    @staticmethod
    def inner_dist(x, y):
        return abs(x - y)

    @staticmethod
    def result(x):
        return x

    @staticmethod
    def inner_val(x):
        return x


class EuclideanNdim:

    @staticmethod
    def inner_dist(x, y):
        return np.sqrt(np.sum(np.power(x - y, 2)))

    @staticmethod
    def result(x):
        return x

    @staticmethod
    def inner_val(x):
        return x


def inner_dist_cls(inner_dist="squared euclidean", use_ndim=False):
    if np is not None:
        if np.issubdtype(type(inner_dist), np.integer):
            inner_dist = int(inner_dist)
    if type(inner_dist) in [str, int]:
        inner_dist = InnerDistType.wrap(inner_dist)

    if inner_dist == InnerDistType.SQEUCLIDEAN:
        if use_ndim:
            use_cls = SquaredEuclideanNdim
        else:
            use_cls = SquaredEuclidean
    elif inner_dist == InnerDistType.EUCLIDEAN:
        if use_ndim:
            use_cls = EuclideanNdim
        else:
            use_cls = Euclidean
    elif hasattr(inner_dist, 'inner_dist') and hasattr(inner_dist, 'result'):
        use_cls = inner_dist
    else:
        raise AttributeError(f"Unknown value for argument inner_dist: {inner_dist}")
    return use_cls


def inner_dist_fns(inner_dist="squared euclidean", use_ndim=False):
    use_cls = inner_dist_cls(inner_dist, use_ndim)
    return use_cls.inner_dist, use_cls.result, use_cls.inner_val


def to_c(inner_dist):
    if hasattr(inner_dist, 'inner_dist') and hasattr(inner_dist, 'result'):
        raise AttributeError('Custom inner distance functions are not supported for the fast C implementation')
    inner_dist = InnerDistType.wrap(inner_dist)
    return inner_dist.to_int()


class StepsType(util.DDType):
    # Based on L. Rabiner and B.-H. Juang. Fundamentals of speech recognition.
    # Prentice-Hall, Inc., 1993.
    TYPEI = "TypeI"  # 0
    TYPEIII = "TypeIII"  # 1
    DIAGONAL = "Diagonal"  # 2

    def steps(self):
        return stepstype_steps[self]

    def inf_rows_cols(self):
        steps_rows, steps_cols = zip(*self.steps())
        inf_rows = max(steps_rows)
        inf_cols = max(steps_cols)
        return inf_rows, inf_cols


stepstype_steps = {
    StepsType.TYPEI: ((1, 1), (0, 1), (1, 0)),  # diagonal, go left, go up
    StepsType.TYPEIII: ((1, 1), (1, 2), (2, 1)),
    StepsType.DIAGONAL: ((1, 1),)
}


innerdistance = types.SimpleNamespace(InnerDistType=InnerDistType, default=default, inner_dist_cls=inner_dist_cls,
                                      inner_dist_fns=inner_dist_fns, to_c=to_c)  # (the module)


# --- dtaidistance/ed.py ---


def ed_distance(s1, s2, inner_dist=innerdistance.default, use_ndim=False):  # renamed (ed.distance)
    idist_fn, result_fn, _inner_val = innerdistance.inner_dist_fns(inner_dist=inner_dist, use_ndim=use_ndim)
    n = min(len(s1), len(s2))
    ub = 0
    for v1, v2 in zip(s1, s2):
        ub += idist_fn(v1, v2)  # (v1 - v2)**2
    # If the two series differ in length, compare the last element of the shortest series
    # to the remaining elements in the longer series
    if len(s1) > len(s2):
        v2 = s2[n - 1]
        for v1 in s1[n:]:
            ub += idist_fn(v1, v2)  # (v1 - v2)**2
    elif len(s1) < len(s2):
        v1 = s1[n-1]
        for v2 in s2[n:]:
            ub += idist_fn(v1, v2)  # (v1 - v2)**2
    return result_fn(ub)  # math.sqrt(ub)


ed = types.SimpleNamespace(distance=ed_distance)  # (the module)


# (dtw.py's module-level names: no compiled extension, numpy present, no tqdm)
dtw_cc = None
dtw_cc_omp = None
tqdm = None
DTYPE = np.double
argmin = np.argmin
argmax = np.argmax
array_min = np.min
array_max = np.max
inf = float("inf")


# --- dtaidistance/dtw.py ---


def _check_library(include_omp=False, raise_exception=True):
    if dtw_cc is None:
        msg = "The compiled dtaidistance C library is not available.\n" + \
              "See the documentation for alternative installation options."
        logger.error(msg)
        if raise_exception:
            raise CythonException(msg)
    if include_omp and (dtw_cc_omp is None or not dtw_cc_omp.is_openmp_supported()):
        msg = "The compiled dtaidistance C-OMP library "
        if dtw_cc_omp and not dtw_cc_omp.is_openmp_supported():
            msg += "indicates that OpenMP was not avaiable during compilation.\n"
        else:
            msg += "is not available.\n"
        msg += "Use Python's multiprocessing library for parellelization (use_mp=True).\n" + \
               "Call dtw.try_import_c() to get more verbose errors.\n" + \
               "See the documentation for alternative installation options."
        logger.error(msg)
        if raise_exception:
            raise CythonException(msg)


class DTWSettings:
    def __init__(self, window=None, use_pruning=False, max_dist=None, max_step=None,
                 max_length_diff=None, penalty=None, psi=None, inner_dist=innerdistance.default,
                 use_ndim=False, use_c=False):
        self.window = window
        self.use_pruning = use_pruning
        self.max_dist = max_dist
        self.max_step = max_step
        self.max_length_diff = max_length_diff
        self.penalty = penalty
        self.psi = psi
        self.inner_dist = inner_dist
        self.use_ndim = use_ndim
        self.use_c = use_c

        _, _, inner_val = innerdistance.inner_dist_fns(self.inner_dist)

        if not self.max_step:
            self.adj_max_step = inf
        else:
            self.adj_max_step = inner_val(self.max_step)

        if not self.max_dist:
            self.adj_max_dist = inf
        else:
            self.adj_max_dist = inner_val(self.max_dist)

        if not self.penalty:
            self.adj_penalty = 0
        else:
            self.adj_penalty = inner_val(self.penalty)

        if self.max_length_diff is None:
            self.adj_max_length_diff = inf
        else:
            self.adj_max_length_diff = self.max_length_diff

    @staticmethod
    def wrap(settings) -> 'DTWSettings':
        if (isinstance(settings, DTWSettings) or
                'DTWSettings' in str(type(settings))):
            return settings
        if settings is None:
            return DTWSettings()
        if type(settings) is dict and 'dtw_settings' in settings:
            if len(settings) > 1:
                raise ValueError('If dtw_settings is passed, no other arguments'
                                 'can be given.')
            return settings['dtw_settings']
        return DTWSettings(**settings)

    @staticmethod
    def for_dtw(s1, s2, **kwargs) -> 'DTWSettings':
        settings = DTWSettings.wrap(kwargs)
        if settings.window is None:
            settings.window = max(len(s1), len(s2))
        settings.set_max_dist(s1, s2)
        return settings

    def set_max_dist(self, s1, s2):
        _, _, ival_fn = innerdistance.inner_dist_fns(self.inner_dist, use_ndim=self.use_ndim)
        if self.use_pruning and (self.max_dist == 0 or self.max_dist is None):
            self.max_dist = ub_euclidean(s1, s2, inner_dist=self.inner_dist)
            self.adj_max_dist = ival_fn(self.max_dist)

    def kwargs(self):
        return {
            'window': self.window,
            'use_pruning': self.use_pruning,
            'max_dist': self.max_dist,
            'max_step': self.max_step,
            'max_length_diff': self.max_length_diff,
            'penalty': self.penalty,
            'psi': self.psi,
            'inner_dist': self.inner_dist,
            'use_ndim': self.use_ndim,
            'use_c': self.use_c
        }

    def c_kwargs(self):
        window = 0 if self.window is None else self.window
        max_dist = 0 if self.max_dist is None else self.max_dist
        max_step = 0 if self.max_step is None else self.max_step
        max_length_diff = 0 if (self.max_length_diff is None or math.isinf(self.max_length_diff)) \
            else self.max_length_diff
        penalty = 0 if self.penalty is None else self.penalty
        psi = 0 if self.psi is None else self.psi
        use_pruning = 0 if self.use_pruning is None else self.use_pruning
        inner_dist = innerdistance.to_c(self.inner_dist)
        return {
            'window': window,
            'max_dist': max_dist,
            'max_step': max_step,
            'max_length_diff': max_length_diff,
            'penalty': penalty,
            'psi': psi,
            'use_pruning': use_pruning,
            'inner_dist': inner_dist
        }

    def split_psi(self):
        psi_1b = psi_1e = psi_2b = psi_2e = 0
        if type(self.psi) is int:
            psi_1b = psi_1e = psi_2b = psi_2e = self.psi
        elif type(self.psi) in [tuple, list]:
            psi_1b, psi_1e, psi_2b, psi_2e = self.psi
        return psi_1b, psi_1e, psi_2b, psi_2e

    def to_h5_group(self, group):
        for key, value in self.c_kwargs().items():
            group.attrs[key] = value

    @staticmethod
    def from_h5_group(group):
        kwargs = {}
        for attr in ["window", "use_pruning", "max_dist", "max_step",
                     "max_length_diff", "penalty", "psi", "inner_dist", "use_ndim", "use_c"]:
            if attr in group.attrs:
                kwargs[attr] = group.attrs[attr]
        return DTWSettings(**kwargs)

    def __str__(self):
        r = ''
        a = self.c_kwargs()
        for k, v in a.items():
            r += '{}: {}\n'.format(k, v)
        return r


def lb_keogh(s1, s2, **kwargs):
    s = DTWSettings(**kwargs)
    if s.use_c:
        return dtw_cc.lb_keogh(s1, s2, window=s.window, max_dist=s.max_dist,
                               max_step=s.max_step, inner_dist=s.inner_dist)
    if s.window is None:
        s.window = max(len(s1), len(s2))
    idist_fn, result_fn, _ = innerdistance.inner_dist_fns(s.inner_dist, use_ndim=s.use_ndim)

    t = 0
    imin_diff = max(0, len(s1) - len(s2)) + s.window - 1
    imax_diff = max(0, len(s2) - len(s1)) + s.window
    for i in range(len(s1)):
        imin = max(0, i - imin_diff)
        imax = min(len(s2), i + imax_diff)
        ui = array_max(s2[imin:imax])
        li = array_min(s2[imin:imax])
        ci = s1[i]
        if ci > ui:
            t += idist_fn(ci, ui)  # (ci - ui)**2
        elif ci < li:
            t += idist_fn(ci, li)  # (ci - li)**2
        else:
            pass
    return result_fn(t)


def ub_euclidean(s1, s2, inner_dist=innerdistance.default):
    return ed.distance(s1, s2, inner_dist=inner_dist)


def distance(s1, s2, **kwargs) -> float:
    s = DTWSettings.for_dtw(s1, s2, **kwargs)
    if s.use_c:
        if dtw_cc is None:
            logger.warning("C-library not available, using the Python version")
        else:
            return distance_fast(s1, s2, **s.kwargs())
    idist_fn, result_fn, ival_fn = innerdistance.inner_dist_fns(s.inner_dist, use_ndim=s.use_ndim)
    r, c = len(s1), len(s2)
    if s.adj_max_length_diff is not None and abs(r - c) > s.adj_max_length_diff:
        return inf
    window = max(len(s1), len(s2)) if s.window is None else s.window

    psi_1b, psi_1e, psi_2b, psi_2e = s.split_psi()
    length = min(c + 1, abs(r - c) + 2 * (window - 1) + 1 + 1 + 1)
    dtw = array.array('d', [inf] * (2 * length))
    sc = 0
    ec = 0
    for i in range(psi_2b + 1):
        dtw[i] = 0
    skip = 0
    i0 = 1
    i1 = 0
    psi_shortest = inf
    for i in range(r):
        # print("i={}".format(i))
        # print(dtw)
        skipp = skip
        skip = max(0, i - max(0, r - c) - window + 1)
        i0 = 1 - i0
        i1 = 1 - i1
        for ii in range(i1*length, i1*length+length):
            dtw[ii] = inf
        j_start = max(0, i - max(0, r - c) - window + 1)
        j_end = min(c, i + max(0, c - r) + window)
        if sc > j_start:
            j_start = sc
        smaller_found = False
        ec_next = i
        if length == c + 1:
            skip = 0
        if psi_1b != 0 and j_start == 0 and i < psi_1b:
            dtw[i1 * length] = 0
        for j in range(j_start, j_end):
            # d = (s1[i] - s2[j])**2
            d = idist_fn(s1[i], s2[j])
            if d > s.adj_max_step:
                continue
            assert j + 1 - skip >= 0
            assert j - skipp >= 0
            assert j + 1 - skipp >= 0
            assert j - skip >= 0
            dtw[i1 * length + j + 1 - skip] = d + min(dtw[i0 * length + j - skipp],
                                                      dtw[i0 * length + j + 1 - skipp] + s.adj_penalty,
                                                      dtw[i1 * length + j - skip] + s.adj_penalty)
            # print('({},{}), ({},{}), ({},{})'.format(i0, j - skipp, i0, j + 1 - skipp, i1, j - skip))
            # print('{}, {}, {}'.format(dtw[i0, j - skipp], dtw[i0, j + 1 - skipp], dtw[i1, j - skip]))
            # print('i={}, j={}, d={}, skip={}, skipp={}'.format(i,j,d,skip,skipp))
            # print(dtw)
            if dtw[i1 * length + j + 1 - skip] > s.adj_max_dist:
                if not smaller_found:
                    sc = j + 1
                if j >= ec:
                    break
            else:
                smaller_found = True
                ec_next = j + 1
        ec = ec_next
        if psi_1e != 0 and j_end == len(s2) and len(s1) - 1 - i <= psi_1e:
            psi_shortest = min(psi_shortest, dtw[i1 * length + j_end - skip])
    if psi_1e == 0 and psi_2e == 0:
        d = dtw[i1 * length + min(c, c + window - 1) - skip]
    else:
        ic = min(c, c + window - 1) - skip
        if psi_2e != 0:
            vc = dtw[i1 * length + ic - psi_2e:i1 * length + ic + 1]
            d = min(array_min(vc), psi_shortest)
        else:
            d = min(dtw[i1 * length + min(c, c + window - 1) - skip], psi_shortest)
    if s.adj_max_dist and d > s.adj_max_dist:
        d = inf
    d = result_fn(d)
    return d


def distance_fast(s1, s2, use_pruning=True, **kwargs):
    _check_library(raise_exception=True)
    # Check that Numpy arrays for C contiguous
    s1 = util_numpy.verify_np_array(s1)
    s2 = util_numpy.verify_np_array(s2)
    s = DTWSettings(use_pruning=use_pruning, **kwargs)
    # Move data to C library
    if s.use_ndim is False:
        d = dtw_cc.distance(s1, s2, **s.c_kwargs())
    else:
        d = dtw_cc.distance_ndim(s1, s2, **s.c_kwargs())
    return d


def _distance_with_params(t):
    return distance(t[0], t[1], **t[2])


def _distance_with_params_ndim(t):
    return distance(t[0], t[1], use_ndim=True, **t[2])


def _distance_c_with_params(t):
    return dtw_cc.distance(t[0], t[1], **t[2])


def _distance_c_with_params_ndim(t):
    return dtw_cc.distance_ndim(t[0], t[1], **t[2])


def warping_paths(s1, s2, psi_neg=True, keep_int_repr=False, **kwargs):
    s = DTWSettings.for_dtw(s1, s2, **kwargs)
    if s.use_c:
        return warping_paths_fast(s1, s2, psi_neg=psi_neg, **s.kwargs())
    if np is None:
        raise NumpyException("Numpy is required for the warping_paths method")
    cost, result_fn, _ = innerdistance.inner_dist_fns(s.inner_dist, use_ndim=s.use_ndim)
    r, c = len(s1), len(s2)
    if s.adj_max_length_diff is not None and abs(r - c) > s.adj_max_length_diff:
        return inf, None
    window = max(len(s1), len(s2)) if s.window is None else s.window
    psi_1b, psi_1e, psi_2b, psi_2e = s.split_psi()
    dtw = np.full((r + 1, c + 1), inf)
    # dtw[0, 0] = 0
    for i in range(psi_2b + 1):
        dtw[0, i] = 0
    for i in range(psi_1b + 1):
        dtw[i, 0] = 0
    i1 = 0
    sc = 0
    ec = 0
    for i in range(r):
        i0 = i
        i1 = i + 1
        j_start = max(0, i - max(0, r - c) - window + 1)
        j_end = min(c, i + max(0, c - r) + window)
        if sc > j_start:
            j_start = sc
        smaller_found = False
        ec_next = i
        for j in range(j_start, j_end):
            d = cost(s1[i], s2[j])
            if s.adj_max_step is not None and d > s.adj_max_step:
                continue
            dtw[i1, j + 1] = d + min(dtw[i0, j],
                                     dtw[i0, j + 1] + s.adj_penalty,
                                     dtw[i1, j] + s.adj_penalty)
            if dtw[i1, j + 1] > s.adj_max_dist:
                if not smaller_found:
                    sc = j + 1
                if j >= ec:
                    break
            else:
                smaller_found = True
                ec_next = j + 1
        ec = ec_next
    # Decide which d to return
    if not keep_int_repr:
        dtw = result_fn(dtw)
    if psi_1e == 0 and psi_2e == 0:
        d = dtw[i1, min(c, c + window - 1)]
    else:
        ir = i1
        ic = min(c, c + window - 1)
        if psi_1e != 0:
            vr = dtw[ir:max(0, ir-psi_1e-1):-1, ic]
            mir = argmin(vr)
            vr_mir = vr[mir]
        else:
            mir = ir
            vr_mir = inf
        if psi_2e != 0:
            vc = dtw[ir, ic:max(0, ic-psi_2e-1):-1]
            mic = argmin(vc)
            vc_mic = vc[mic]
        else:
            mic = ic
            vc_mic = inf
        if vr_mir < vc_mic:
            if psi_neg:
                dtw[ir:ir-mir:-1, ic] = -1
            d = vr_mir
        else:
            if psi_neg:
                dtw[ir, ic:ic-mic:-1] = -1
            d = vc_mic
    if keep_int_repr:
        if s.adj_max_dist and d > s.adj_max_dist:
            d = inf
    else:
        if s.max_dist and d > s.max_dist:
            d = inf
    return d, dtw


def warping_paths_fast(s1, s2, psi_neg=True, keep_int_repr=False, compact=False, **kwargs):
    if np is None:
        raise util_numpy.NumpyException("Numpy needed for warping_paths_fast")
    s1 = util_numpy.verify_np_array(s1)
    s2 = util_numpy.verify_np_array(s2)
    r = len(s1)
    c = len(s2)
    _check_library(raise_exception=True)
    settings = DTWSettings.for_dtw(s1, s2, **kwargs)
    if compact:
        wps_width = dtw_cc.wps_width(r, c, **settings.c_kwargs())
        wps_compact = np.full((len(s1)+1, wps_width), inf)
        if settings.use_ndim:
            d = dtw_cc.warping_paths_compact_ndim(wps_compact, s1, s2, psi_neg, keep_int_repr, **settings.c_kwargs())
        else:
            d = dtw_cc.warping_paths_compact(wps_compact, s1, s2, psi_neg, keep_int_repr, **settings.c_kwargs())
        return d, wps_compact

    dtw = np.full((r + 1, c + 1), inf)
    if settings.use_ndim:
        d = dtw_cc.warping_paths_ndim(dtw, s1, s2, psi_neg, keep_int_repr, **settings.c_kwargs())
    else:
        d = dtw_cc.warping_paths(dtw, s1, s2, psi_neg, keep_int_repr, **settings.c_kwargs())
    return d, dtw


def warping_paths_affinity(s1, s2, window=None, only_triu=False,
                           penalty=None, psi=None, psi_neg=True,
                           gamma=1, tau=0, delta=0, delta_factor=1,
                           use_c=False):
    if use_c:
        return warping_paths_affinity_fast(s1, s2, window=window, only_triu=only_triu,
                                           penalty=penalty, tau=tau, delta=delta, delta_factor=delta_factor)
    if np is None:
        raise NumpyException("Numpy is required for the warping_paths method")
    s = DTWSettings.for_dtw(s1, s2, window=window, psi=psi, penalty=penalty, use_c=use_c)
    r, c = len(s1), len(s2)
    psi_1b, psi_1e, psi_2b, psi_2e = s.split_psi()
    window = max(len(s1), len(s2)) if s.window is None else s.window
    dtw = np.full((r + 1, c + 1), -inf)
    # dtw[0, 0] = 0
    for i in range(psi_2b + 1):
        dtw[0, i] = 0
    for i in range(psi_1b + 1):
        dtw[i, 0] = 0
    i1 = 0
    for i in range(r):
        i0 = i
        i1 = i + 1
        j_start = max(0, i - max(0, r - c) - window + 1)
        if only_triu:
            j_start = max(i, j_start)
        j_end = min(c, i + max(0, c - r) + window)
        for j in range(j_start, j_end):
            d = np.exp(-gamma*(s1[i] - s2[j])**2)
            # print(f"{s1[i] - s2[j]=} -> {d=}")
            dtw_prev = max(dtw[i0, j],
                           dtw[i0, j + 1] - s.penalty,
                           dtw[i1, j] - s.penalty)
            if d < tau:
                dtw[i1, j + 1] = max(0, delta + delta_factor * dtw_prev)
            else:
                dtw[i1, j + 1] = max(0, d + dtw_prev)

    # Decide which d to return
    if psi_1e == 0 and psi_2e == 0:
        d = dtw[i1, min(c, c + window - 1)]
    else:
        ir = i1
        ic = min(c, c + window - 1)
        if psi_1e != 0:
            vr = dtw[ir:max(0, ir-psi_1e-1):-1, ic]
            mir = argmax(vr)
            vr_mir = vr[mir]
        else:
            mir = ir
            vr_mir = inf
        if psi_2e != 0:
            vc = dtw[ir, ic:max(0, ic-psi_2e-1):-1]
            mic = argmax(vc)
            vc_mic = vc[mic]
        else:
            mic = ic
            vc_mic = inf
        if vr_mir > vc_mic:
            if psi_neg:
                dtw[ir:ir-mir:-1, ic] = -1
            d = vr_mir
        else:
            if psi_neg:
                dtw[ir, ic:ic-mic:-1] = -1
            d = vc_mic
    return d, dtw


def warping_paths_affinity_fast(s1, s2, window=None, only_triu=False,
                                penalty=None, psi=None, psi_neg=True,
                                gamma=1, tau=0, delta=0, delta_factor=1,
                                compact=False, use_ndim=False):
    if np is None:
        raise util_numpy.NumpyException("Numpy needed for warping_paths_affinity_fast")
    s1 = util_numpy.verify_np_array(s1)
    s2 = util_numpy.verify_np_array(s2)
    r = len(s1)
    c = len(s2)
    _check_library(raise_exception=True)
    settings = DTWSettings.for_dtw(s1, s2, window=window, penalty=penalty, psi=psi)
    if compact:
        wps_width = dtw_cc.wps_width(r, c, **settings.c_kwargs())
        wps_compact = np.full((len(s1)+1, wps_width), -inf)
        if use_ndim:
            d = dtw_cc.warping_paths_compact_ndim_affinity(wps_compact, s1, s2, only_triu,
                                                           gamma, tau, delta, delta_factor, psi_neg,
                                                           **settings.c_kwargs())
        else:
            d = dtw_cc.warping_paths_compact_affinity(wps_compact, s1, s2, only_triu,
                                                      gamma, tau, delta, delta_factor, psi_neg, **settings.c_kwargs())
        return d, wps_compact

    dtw = np.full((r + 1, c + 1), -inf)
    if use_ndim:
        d = dtw_cc.warping_paths_affinity_ndim(dtw, s1, s2, only_triu,
                                               gamma, tau, delta, delta_factor, psi_neg, **settings.c_kwargs())
    else:
        d = dtw_cc.warping_paths_affinity(dtw, s1, s2, only_triu,
                                          gamma, tau, delta, delta_factor, psi_neg, **settings.c_kwargs())
    return d, dtw


def distance_matrix(s, block=None, compact=False, parallel=False,
                    use_mp=False, show_progress=False, only_triu=False, **kwargs):
    settings = DTWSettings(**kwargs)
    # Check whether multiprocessing is available
    if settings.use_c:
        requires_omp = parallel and not use_mp
        _check_library(raise_exception=True, include_omp=requires_omp)
    if parallel and (use_mp or not settings.use_c):
        try:
            import multiprocessing as mp
            logger.info('Using multiprocessing')
        except ImportError:
            msg = 'Cannot load multiprocessing'
            logger.error(msg)
            raise Exception(msg)
    else:
        mp = None
    if block is not None:
        if len(block) > 2 and block[2] is False and compact is False:
            raise Exception(f'Block cannot have a third argument triu=false with compact=false')
        if (block[0][1] - block[0][0]) < 1 or (block[1][1] - block[1][0]) < 1:
            return []
    # Prepare options and data to pass to distance method
    dist_opts = settings.kwargs()
    s = SeriesContainer.wrap(s)
    if settings.use_ndim:
        ndim = s.detected_ndim
    else:
        ndim = 1
    if settings.use_c:
        for k, v in dist_opts.items():
            if v is None:
                # None is represented as 0.0 for C
                dist_opts[k] = 0

    logger.info('Computing distances')
    if settings.use_c and parallel and not use_mp and dtw_cc_omp is not None:
        logger.info("Compute distances in C (parallel=OMP)")
        dist_opts['block'] = block
        if settings.use_ndim:
            dists = dtw_cc_omp.distance_matrix_ndim(s, ndim, **dist_opts)
        else:
            dists = dtw_cc_omp.distance_matrix(s, **dist_opts)

    elif settings.use_c and parallel and (dtw_cc_omp is None or use_mp):
        logger.info("Compute distances in C (parallel=MP)")
        idxs = _distance_matrix_idxs(block, len(s))
        if settings.use_ndim:
            fn = _distance_c_with_params_ndim
        else:
            fn = _distance_c_with_params
        with mp.Pool() as p:
            dists = p.map(fn, [(s[r], s[c], dist_opts) for c, r in zip(*idxs)])

    elif settings.use_c and not parallel:
        logger.info("Compute distances in C (parallel=No)")
        dist_opts['block'] = block
        if settings.use_ndim:
            dists = dtw_cc.distance_matrix_ndim(s, ndim, **dist_opts)
        else:
            dists = dtw_cc.distance_matrix(s, **dist_opts)

    elif not settings.use_c and parallel:
        logger.info("Compute distances in Python (parallel=MP)")
        idxs = _distance_matrix_idxs(block, len(s))
        if settings.use_ndim:
            fn = _distance_with_params_ndim
        else:
            fn = _distance_with_params
        with mp.Pool() as p:
            dists = p.map(fn, [(s[r], s[c], dist_opts) for c, r in zip(*idxs)])

    elif not settings.use_c and not parallel:
        logger.info("Compute distances in Python (parallel=No)")
        dists = distance_matrix_python(s, block=block, show_progress=show_progress, settings=settings)

    else:
        raise Exception(f'Unsupported combination of: parallel={parallel}, '
                        f'use_c={s.use_c}, dtw_cc_omp={dtw_cc_omp}, use_mp={use_mp}')

    exp_length = _distance_matrix_length(block, len(s))
    assert len(dists) == exp_length, "len(dists)={} != {} (block = {})".format(len(dists), exp_length, block)
    if compact:
        return dists

    # Create full matrix and fill upper triangular matrix with distance values (or only block if specified)
    dists_matrix = distances_array_to_matrix(dists, nb_series=len(s), block=block, only_triu=only_triu)

    return dists_matrix


def distances_array_to_matrix(dists, nb_series, block=None, only_triu=False):
    if np is None:
        raise NumpyException("Numpy is required for the distances_array_to_matrix method, "
                             "set compact to true")
    dists_matrix = np.full((nb_series, nb_series), inf, dtype=DTYPE)
    idxs = _distance_matrix_idxs(block, nb_series)
    dists_matrix[idxs] = dists
    if not only_triu:
        dists_matrix.T[idxs] = dists
        np.fill_diagonal(dists_matrix, 0)
    # dists_cond = np.zeros(self._size_cond(len(series)))
    # idx = 0
    # for r in range(len(series) - 1):
    #     dists_cond[idx:idx + len(series) - r - 1] = dists[r, r + 1:]
    #     idx += len(series) - r - 1
    return dists_matrix


def distance_array_index(a, b, nb_series):
    if a == b:
        raise ValueError("Distance between the same series is not available.")
    if a > b:
        a, b = b, a
    idx = 0
    for r in range(a):
        idx += nb_series - r - 1
    idx += b - a - 1
    return idx


def distance_matrix_python(s, block=None, show_progress=False, settings=None):
    if settings is None:
        settings = DTWSettings()
    dists = array.array('d', [inf] * _distance_matrix_length(block, len(s)))
    block, triu = _complete_block(block, len(s))
    it_r = range(block[0][0], block[0][1])
    if show_progress:
        if tqdm is None:
            raise ValueError('show_progress cannot be true is tqdm is not available')
        it_r = tqdm(it_r)
    idx = 0
    for r in it_r:
        if triu:
            it_c = range(max(r + 1, block[1][0]), min(len(s), block[1][1]))
        else:
            it_c = range(block[1][0], min(len(s), block[1][1]))
        for c in it_c:
            dists[idx] = distance(s[r], s[c], **settings.kwargs())
            idx += 1
    return dists


def _complete_block(block, nb_series):
    if block is None or block == 0:
        block = ((0, nb_series), (0, nb_series))
        return block, True
    else:
        if len(block) > 2 and block[2] is False:
            return block, False
        else:
            return block, True


def _distance_matrix_idxs(block, nb_series):
    if block is None or block == 0:
        if np is not None:
            idxs = np.triu_indices(nb_series, k=1)
            return idxs
    # Numpy is not available or not triu
    block, triu = _complete_block(block, nb_series)
    idxsl_r = []
    idxsl_c = []
    for r in range(block[0][0], block[0][1]):
        if triu:
            it_c = range(max(r + 1, block[1][0]), min(nb_series, block[1][1]))
        else:
            it_c = range(block[1][0], min(nb_series, block[1][1]))
        for c in it_c:
            idxsl_r.append(r)
            idxsl_c.append(c)
    if np is not None:
        idxs = (np.array(idxsl_r), np.array(idxsl_c))
    else:
        idxs = (idxsl_r, idxsl_c)
    return idxs


def _distance_matrix_length(block, nb_series):
    if block is not None:
        block_rb = block[0][0]
        block_re = block[0][1]
        block_cb = block[1][0]
        block_ce = block[1][1]
        length = 0
        if len(block) > 2 and block[2] is False:
            length = (block_re - block_rb) * (block_ce - block_cb)
        else:
            for ri in range(block_rb, block_re):
                if block_cb <= ri:
                    if block_ce > ri:
                        length += (block_ce - ri - 1)
                else:
                    if block_ce > ri:
                        length += (block_ce - block_cb)
    else:
        length = int(nb_series * (nb_series - 1) / 2)
    return length


def warping_path(from_s, to_s, include_distance=False, use_ndim=False, **kwargs):
    dist, paths = warping_paths(from_s, to_s, use_ndim=use_ndim, **kwargs)
    path = best_path(paths)
    if include_distance:
        return path, dist
    return path


def warping_amount(path):
    n = 0
    for i in range(1, len(path)):
        if path[i - 1][0] + 1 != path[i][0] or path[i - 1][1] + 1 != path[i][1]:
            n += 1

    return n


def warping_path_penalty(s1, s2, penalty_post=0, **kwargs):
    dist, paths = warping_paths(s1, s2, **kwargs)
    path = best_path(paths)

    path_stepsize = []
    for i in range(1, len(path)):
        if path[i - 1][0] + 1 != path[i][0] or path[i - 1][1] + 1 != path[i][1]:
            dist += penalty_post

        path_stepsize.append(paths[path[i][0] + 1, path[i][1] + 1] - paths[path[i - 1][0] + 1, path[i - 1][1] + 1])

    return [dist, path, path_stepsize, paths]


def warp(from_s, to_s, path=None, **kwargs):
    if path is None:
        path = warping_path(from_s, to_s, **kwargs)
    from_s2 = array.array('d', [0] * len(to_s))
    from_s2_cnt = array.array('i', [0] * len(to_s))
    for r_c, c_c in path:
        from_s2[c_c] += from_s[r_c]
        from_s2_cnt[c_c] += 1
    for i in range(len(to_s)):
        from_s2[i] /= from_s2_cnt[i]
    return from_s2, path


def best_path(paths, row=None, col=None, use_max=False, penalty=0):
    if use_max:
        argm = argmax
    else:
        argm = argmin
    if row is None:
        i = int(paths.shape[0] - 1)
    else:
        i = row
    if col is None:
        j = int(paths.shape[1] - 1)
    else:
        j = col
    p = []
    if paths[i, j] != -1:
        p.append((i - 1, j - 1))
    while i > 0 and j > 0:
        c = argm([paths[i - 1, j - 1],
                  paths[i - 1, j] + penalty,
                  paths[i, j - 1] + penalty])
        if c == 0:
            i, j = i - 1, j - 1
        elif c == 1:
            i = i - 1
        elif c == 2:
            j = j - 1
        if paths[i, j] != -1:
            p.append((i - 1, j - 1))
    p.pop()
    p.reverse()
    return p


def best_path2(paths):
    if np is None:
        raise util_numpy.NumpyException("Numpy needed for best_path2")
    m = paths
    path = []
    r, c = m.shape
    r -= 1
    c -= 1
    v = m[r, c]
    if v != -1:
        path.append((r - 1, c - 1))
    while r > 0 and c > 0:
        if v == -1:
            v = np.inf
        r_c, c_c = r, c
        if r >= 1 and c >= 1 and m[r - 1, c - 1] <= v:
            r_c, c_c, v = r - 1, c - 1, m[r - 1, c - 1]
        if r >= 1 and m[r - 1, c] <= v:
            r_c, c_c, v = r - 1, c, m[r - 1, c]
        if c >= 1 and m[r, c - 1] <= v:
            r_c, c_c, v = r, c - 1, m[r, c - 1]
        if v != -1:
            path.append((r_c - 1, c_c - 1))
        r, c = r_c, c_c
    path.pop()
    path.reverse()
    return path


dtw = types.SimpleNamespace(DTWSettings=DTWSettings, _check_library=_check_library, best_path=best_path, distance=distance,
                            distance_fast=distance_fast, distance_matrix=distance_matrix, lb_keogh=lb_keogh,
                            warping_path=warping_path, warping_paths=warping_paths,
                            warping_paths_fast=warping_paths_fast)  # (the module)


# --- dtaidistance/dtw_ndim.py ---


def ndim_ub_euclidean(s1, s2, inner_dist=innerdistance.default):  # renamed (dtw_ndim.ub_euclidean)
    return ed.distance(s1, s2, inner_dist=inner_dist, use_ndim=True)


def ndim_distance(s1, s2, window=None, max_dist=None,  # renamed (dtw_ndim.distance)
             max_step=None, max_length_diff=None, penalty=None, psi=None,
             use_c=False, use_pruning=False,
             inner_dist=innerdistance.default):
    return dtw.distance(s1, s2, window=window, max_dist=max_dist,
             max_step=max_step, max_length_diff=max_length_diff, penalty=penalty, psi=psi,
             use_c=use_c, use_pruning=use_pruning,
             inner_dist=inner_dist, use_ndim=True)


def ndim_warping_paths(*args, **kwargs):  # renamed (dtw_ndim.warping_paths)
    return dtw.warping_paths(*args, use_ndim=True, **kwargs)


def ndim_distance_matrix(s, ndim=None, max_dist=None, use_pruning=False, max_length_diff=None,  # renamed (dtw_ndim.distance_matrix)
                    window=None, max_step=None, penalty=None, psi=None,
                    block=None, compact=False, parallel=False,
                    use_c=False, use_mp=False, show_progress=False, only_triu=False,
                    inner_dist=innerdistance.default):
    # Check whether multiprocessing is available
    s = SeriesContainer.wrap(s)
    s.set_detected_ndim(ndim)
    return dtw.distance_matrix(s, max_dist=max_dist, use_pruning=use_pruning, max_length_diff=max_length_diff,
                    window=window, max_step=max_step, penalty=penalty, psi=psi,
                    block=block, compact=compact, parallel=parallel,
                    use_c=use_c, use_mp=use_mp, show_progress=show_progress, only_triu=only_triu,
                    inner_dist=inner_dist, use_ndim=True)


def ndim_warping_path(from_s, to_s, **kwargs):  # renamed (dtw_ndim.warping_path)
    return dtw.warping_path(from_s, to_s, use_ndim=True, **kwargs)


dtw_ndim = types.SimpleNamespace(distance=ndim_distance, distance_matrix=ndim_distance_matrix,
                                 ub_euclidean=ndim_ub_euclidean, warping_path=ndim_warping_path,
                                 warping_paths=ndim_warping_paths)  # (the module)


# --- dtaidistance/msm.py ---


def msm_distance(x, y, sm_cost=0.1):  # renamed (msm.distance)
    # setup
    def c(a, b, c):
        if (b <= a <= c) or (b >= a >= c):
            return sm_cost
        return sm_cost + min(abs(a - b), abs(a - c))
    m = len(x)
    n = len(y)
    cost = np.zeros((m, n))

    # initialization
    cost[0, 0] = abs(x[0] - y[0])
    for i in range(1, m):
        cost[i, 0] = cost[i-1, 0] + c(x[i], x[i-1], y[0])
    for j in range(1, n):
        cost[0, j] = cost[0, j-1] + c(y[j], x[0], y[j-1])

    # main loop
    for i in range(1, n):
        for j in range(1, m):
            d = [cost[i - 1][j - 1] + abs(x[i] - y[j]),
                 cost[i - 1][j] + c(x[i], x[i - 1], y[j]),
                 cost[i][j - 1] + c(y[j], x[i], y[j - 1])]
            # print(d)
            cost[i, j] = np.min(d)

    return cost[m-1, n-1]


# --- dtaidistance/dp.py ---


class Direction(Enum):
    UP = "\u2191"
    RIGHT = "\u2192"
    DOWN = "\u2193"
    LEFT = "\u2190"
    DOWN_RIGHT = "\u2198"
    UP_LEFT = "\u2196"


def dp(s1, s2, fn, border=None, window=None, max_dist=None,
       max_step=None, max_length_diff=None, penalty=None, psi=None):
    if np is None:
        raise NumpyException('Function dp requires Numpy.')
    r, c = len(s1), len(s2)
    # Set default parameters
    if max_length_diff is not None and abs(r - c) > max_length_diff:
        return np.inf
    if window is None:
        window = max(r, c)
    if not max_step:
        max_step = np.inf
    if not max_dist:
        max_dist = np.inf
    if not penalty:
        penalty = 0
    if psi is None:
        psi = 0
    # Init scoring matrix
    scores = np.full((r + 1, c + 1), np.inf)
    if border:
        for ci in range(c + 1):
            scores[0, ci] = border(0, ci)
        for ri in range(1, r + 1):
            scores[ri, 0] = border(ri, 0)
    for i in range(psi + 1):
        scores[0, i] = 0
        scores[i, 0] = 0

    # Init traceback matrix
    paths = np.full([r + 1, c + 1], "", dtype='<U4')

    # Fill the scoring and traceback matrices
    last_under_max_dist = 0
    i1 = 0
    for i0 in range(r):
        i1 = i0 + 1
        if last_under_max_dist == -1:
            prev_last_under_max_dist = np.inf
        else:
            prev_last_under_max_dist = last_under_max_dist
        last_under_max_dist = -1
        for j0 in range(max(0, i0 - max(0, r - c) - window + 1), min(c, i0 + max(0, c - r) + window)):
            j1 = j0 + 1
            d, d_indel = fn(s1[i0], s2[j0])
            if max_step is not None:
                if d > max_step:
                    d = np.inf
                if d_indel > max_step:
                    d_indel = np.inf
                if d > max_step and d_indel > max_step:
                    continue
            # print(f"[{i1},{j1}] -> [{s1[i0]},{s2[j0]}] -> {d},{d_indel}")
            from_left_score = d_indel + scores[i1, j0] + penalty
            from_above_score = d_indel + scores[i0, j1] + penalty
            from_diag_score = d + scores[i0, j0]
            scores[i1, j1] = min(from_left_score, from_above_score, from_diag_score)
            # make note of which cell was best in the traceback array
            if scores[i1, j1] == from_left_score:
                paths[i1, j1] += Direction.LEFT.value
            if scores[i1, j1] == from_above_score:
                paths[i1, j1] += Direction.UP.value
            if scores[i1, j1] == from_diag_score:
                paths[i1, j1] += Direction.UP_LEFT.value
            if max_dist is not None:
                if scores[i1, j1] <= max_dist:
                    last_under_max_dist = j0
                else:
                    scores[i1, j1] = np.inf
                    if prev_last_under_max_dist < j1:
                        break
        if max_dist is not None and last_under_max_dist == -1:
            return np.inf, scores
    if psi == 0:
        d = scores[i1, min(c, c + window - 1)]
    else:
        ir, ic = i1, min(c, c + window - 1)
        vr, vc = scores[ir-psi:ir+1, ic], scores[ir, ic-psi:ic+1]
        mir, mic = np.argmin(vr), np.argmin(vc)
        if vr[mir] < vc[mic]:
            scores[ir-psi+mir+1:ir+1, ic] = -1
            d = vr[mir]
        else:
            scores[ir, ic-psi+mic+1:ic+1] = -1
            d = vc[mic]
    return d, scores, paths


# --- dtaidistance/alignment.py ---


def needleman_wunsch(s1, s2, window=None, max_dist=None,
                     max_step=None, max_length_diff=None, psi=None,
                     substitution=None):
    if substitution is None:
        substitution = _default_substitution_fn
    value, scores, paths = dp(s1, s2,
                       fn=substitution, border=_needleman_wunsch_border,
                       penalty=0, window=window, max_dist=max_dist,
                       max_step=max_step, max_length_diff=max_length_diff, psi=psi)
    return -value, -scores, paths


def _needleman_wunsch_border(ri, ci):
    if ri == 0:
        return ci
    if ci == 0:
        return ri
    return 0


def _default_substitution_fn(v1, v2):
    d_indel = 1  # gap / indel
    if v1 == v2:
        d = -1  # match
    else:
        d = 1  # mismatch
    return d, d_indel


def make_substitution_fn(matrix, gap=1, opt='max'):

    if opt == 'max':
        modifier = -1.0
    else:
        modifier = 1.0

    def _unwrap(a, b):
        if (a, b) in matrix:
            return matrix[(a, b)] * modifier, gap
        elif (b, a) in matrix:
            return matrix[(b, a)] * modifier, gap
        else:
            return _default_substitution_fn(a, b)[0], gap

    return _unwrap


def best_alignment(paths, s1=None, s2=None, gap="-", order=None):
    i, j = int(paths.shape[0] - 1), int(paths.shape[1] - 1)
    p = [(i - 1, j - 1)]
    ops = [(-1,-1), (-1,-0), (-0,-1)]
    op_chars = [Direction.UP_LEFT.value, Direction.UP.value, Direction.LEFT.value]
    if order is None:
        order = [0, 1, 2]
    while i > 0 and j > 0:
        opi, opj = next(
            ops[orderi]
            for orderi in order
            if op_chars[orderi] in paths[i, j]
        )
        i, j = i + opi, j + opj
        p.append((i - 1, j - 1))
    while i > 0:
        i -= 1
        p.append((i -1, j - 1))
    while j > 0:
        j -= 1
        p.append((i -1, j - 1))

    s1a = None if s1 is None else []
    s2a = None if s2 is None else []
    s1ip, s2ip = p[0]
    for s1i, s2i in p[1:]:
        if s1i != s1ip and s2i != s2ip:
            # diagonal
            if s1a is not None:
                s1a.append(s1[s1ip])
            if s2a is not None:
                s2a.append(s2[s2ip])
        elif s1i == s1ip:
            if s1a is not None:
                s1a.append(gap)
            if s2a is not None:
                s2a.append(s2[s2ip])
        elif s2i == s2ip:
            if s1a is not None:
                s1a.append(s1[s1ip])
            if s2a is not None:
                s2a.append(gap)
        s1ip, s2ip = s1i, s2i
    if s1a is not None:
        s1a.reverse()
    if s2a is not None:
        s2a.reverse()

    p.pop()
    p.reverse()
    return p, s1a, s2a


# --- dtaidistance/similarity.py ---


def distance_to_similarity(D, r=None, a=None, method='exponential', return_params=False, cover_quantile=False):
    if cover_quantile is not False:
        if type(cover_quantile) in [tuple, list]:
            cover_quantile, cover_quantile_target = cover_quantile
        else:
            cover_quantile_target = 1 - cover_quantile
    else:
        cover_quantile_target = None
    method = method.lower()
    if method == 'exponential':
        if r is None:
            if cover_quantile is False:
                r = np.max(D)
            else:
                r = -np.quantile(D, cover_quantile) / np.log(cover_quantile_target)
        S = np.exp(-D / r)
    elif method == 'gaussian':
        if r is None:
            if cover_quantile is False:
                r = np.max(D)
            else:
                r = np.sqrt(-np.quantile(D, cover_quantile) ** 2 / np.log(cover_quantile_target))
        S = np.exp(-np.power(D, 2) / r**2)
    elif method == 'reciprocal':
        if r is None:
            r = 1
        if a is None:
            if cover_quantile is False:
                a = 1
            else:
                a = (1 - cover_quantile_target * r) / (cover_quantile_target * np.quantile(D, cover_quantile))
        S = 1 / (r + D*a)
    elif method == 'reverse':
        if r is None:
            r = np.min(D) + np.max(D)
        S = (r - D) / r
    else:
        raise ValueError("method={} is not supported".format(method))
    if return_params:
        return S, r
    else:
        return S


def squash(X, r=None, base=None, x0=None, method="logistic", return_params=False, keep_sign=False,
           cover_quantile=False):
    if cover_quantile is not False:
        if type(cover_quantile) in [tuple, list]:
            cover_quantile, cover_quantile_target = cover_quantile
        else:
            cover_quantile_target = cover_quantile
    else:
        cover_quantile_target = None
    result = None
    if keep_sign:
        Xs = np.sign(X)
        Xz = 0
        X = np.abs(X)
    else:
        Xs = 1
    if method == "gaussian":
        x0 = 0  # not supported for gaussian
        if r is None:
            if cover_quantile is False:
                r = 1
            else:
                r = np.sqrt(-(np.quantile(X, cover_quantile)-x0)**2/np.log(1-cover_quantile_target))
        if base is None:
            result = 1 - np.exp(-np.power(X - x0, 2) / r**2)
            Xz = 1 - np.exp(-np.power(0 - x0, 2) / r**2)
        else:
            result = 1 - np.power(base, -np.power(X - x0, 2) / r**2)
            Xz = 1 - np.power(base, -np.power(0 - x0, 2) / r**2)
    if method == "exponential":
        x0 = 0  # not supported for exponential
        if r is None:
            if cover_quantile is False:
                r = 1
            else:
                r = -(np.quantile(X, cover_quantile)-x0)/np.log(1-cover_quantile_target)
        if base is None:
            result = 1 - np.exp(-(X - x0) / r)
            Xz = 1 - np.exp(x0 / r)
        else:
            result = 1 - np.power(base, -(X - x0) / r)
            Xz = 1 - np.power(base, x0 / r)
    elif method == "logistic":
        if x0 is None:
            x0 = np.mean(X)
        if r is None:
            if cover_quantile is False:
                r = x0 / 6
            else:
                r = -(np.quantile(X, cover_quantile)-x0) / np.log(1/cover_quantile_target-1)
        if base is None:
            result = 1 / (1 + np.exp(-(X - x0) / r))
            Xz = 1 / (1 + np.exp(-(0 - x0) / r))
        else:
            result = 1 / (1 + np.power(base, -(X - x0) / r))
            Xz = 1 / (1 + np.power(base, -(0 - x0) / r))
    else:
        raise ValueError("Unknown value for method")
    if keep_sign:
        result = Xs * (result - Xz)
    if return_params:
        return result, r, x0
    else:
        return result


# --- dtaidistance/preprocessing.py ---


def differencing(series, smooth=None, diff_args=None):
    try:
        import numpy as np
    except ImportError:
        raise NumpyException("Differencing requires Numpy")
    axis = 0
    if isinstance(series, np.ndarray):
        if len(series.shape) == 1:
            axis = 0
        else:
            axis = 1
    if diff_args is None:
        diff_args = {}
    series = np.diff(series, n=1, axis=axis, **diff_args)
    if smooth is not None:
        series = smoothing(series, smooth)
    return series


def smoothing(series, smooth):
    try:
        import numpy as np
    except ImportError:
        raise NumpyException("Smoothing requires Numpy")
    try:
        from scipy import signal
    except ImportError:
        raise ScipyException("Smoothing requires Scipy")
    if isinstance(series, np.ndarray):
        if len(series.shape) == 1:
            axis = 0
        else:
            axis = 1
    else:
        axis = 0
    fs = 100  # sample rate, Hz
    cutoff = fs * smooth  # cut-off frequency, Hz
    nyq = 0.5 * fs  # Nyquist frequency
    Wn = cutoff / nyq
    try:
        b, a = signal.butter(N=2, Wn=Wn, btype='low', analog=False, output='ba')
    except ValueError as exc:
        raise ValueError("Cannot construct filter, change the smoothing factor. "
                         "Requires 0<smooth<0.5 (now Smooth={}, Wn={})".format(smooth, Wn)) from exc
    try:
        series = signal.filtfilt(b, a, series, axis=axis, method="gust")
    except ValueError as exc:
        raise ValueError("Cannot apply smoothing, "
                         "see the Scipy exception above to solve the problem "
                         "or disable smoothing by setting smooth to None") from exc
    return series


def derivative(series, smooth=None):
    try:
        import numpy as np
    except ImportError:
        raise NumpyException("Differencing requires Numpy")
    axis = 0
    if isinstance(series, np.ndarray):
        if len(series.shape) == 1:
            axis = 0
        else:
            axis = 1

    if axis == 0:
        qim = series[:-2]
        qi = series[1:-1]
        qip = series[2:]
    else:
        raise NotImplementedError("Derivative for axis!=0 is not yet implemented")

    seriesd = np.zeros(series.shape[axis])
    seriesd[1:-1] = np.add(np.subtract(qi, qim), (np.subtract(qip, qim) / 2)) / 2
    if axis == 0:
        seriesd[0] = series[1] - series[0]
        seriesd[-1] = series[-1] - series[-2]
    else:
        raise NotImplementedError("Derivative for axis!=0 is not yet implemented")

    if smooth is not None:
        seriesd = smoothing(seriesd, smooth)
    return seriesd


def logdomain(series):
    try:
        import numpy as np
    except ImportError:
        raise NumpyException("Transforming to log domain requires Numpy")
    series = np.sign(series) * np.log1p(np.abs(series))
    return series


def mixedlinearlogdomain(series, c=10):
    try:
        import numpy as np
    except ImportError:
        raise NumpyException("Transforming to log domain requires Numpy")

    if type(c) in [tuple, list]:
        pos = np.heaviside(series, 1)
        seriesp = pos*series
        seriesn = (1-pos)*np.abs(series)
        cc = c[0]
        step = np.heaviside(seriesp - cc, 1)
        seriesp = (1 - step) * seriesp + step * (cc + np.log1p(step * (seriesp - cc)))
        cc = -c[1]
        step = np.heaviside(seriesn - cc, 1)
        seriesn = (1 - step) * seriesn + step * (cc + np.log1p(step * (seriesn - cc)))
        series = -seriesn + seriesp
    else:
        sign = np.sign(series)
        series = np.abs(series)
        step = np.heaviside(series-c, 1)
        # should be vectorized
        # step is in log1p to avoid nan
        series = sign * ((1-step)*series + step*(c+np.log1p(step*(series-c))))
    return series


def znormal(series):
    try:
        import numpy as np
    except ImportError:
        raise NumpyException("Z normalization requires Numpy")
    series = np.array(series)
    series = (series - series.mean(axis=1)[:, None]) / series.std(axis=1)[:, None]
    return series


preprocessing = types.SimpleNamespace(derivative=derivative, differencing=differencing, smoothing=smoothing)  # (the module)


# --- dtaidistance/postprocessing.py ---


def distance_from_path(ts1, ts2, path, inner_dist="squared euclidean",
                       relaxed=True):
    inner_dist, result, _ = inner_dist_fns(inner_dist)
    if relaxed:
        ts1d = derivative(ts1)
        ts2d = derivative(ts2)
    else:
        ts1d, ts2d = None, None
    dist = 0
    for point in path:
        i_f, i_t = point
        if not relaxed:
            dist += inner_dist(ts1[i_f], ts2[i_t])
            continue

        deriv_1, deriv_2 = ts1d[i_f], ts2d[i_t]
        ts1_1, ts1_2 = ts1[i_f] - deriv_1 * 0.5, ts1[i_f] + deriv_1 * 0.5
        ts2_1, ts2_2 = ts2[i_t] - deriv_2 * 0.5, ts2[i_t] + deriv_2 * 0.5
        dist += min(inner_dist(ts1_1, ts2_1),
                    inner_dist(ts1_1, ts2_2),
                    inner_dist(ts1_2, ts2_1),
                    inner_dist(ts1_2, ts2_2))
    return result(dist)


def get_points_in_path_with_min_diff(ts1, ts2, path, min_diff, relaxed=True):
    points = []
    for point in path:
        i_f, i_t = point
        diff = abs(ts1[i_f] - ts2[i_t])
        if diff > min_diff:
            if not relaxed:
                points.append(point)
                continue
            # Be more relaxed about points with a high derivative, sampling has a large impact there
            if 0 < i_f < len(ts1) - 1:
                deriv_ref = ((ts1[i_f] - ts1[i_f - 1]) + (ts1[i_f + 1] - ts1[i_f - 1]) / 2) / 2
            else:
                deriv_ref = 1
            if 0 < i_t < len(ts2) - 1:
                deriv_seg = ((ts2[i_t] - ts2[i_t - 1]) + (ts2[i_t + 1] - ts2[i_t - 1]) / 2) / 2
            else:
                deriv_seg = 1
            ts1_1, ts1_2 = ts1[i_f] - deriv_ref * 0.5, ts1[i_f] + deriv_ref * 0.5
            ts2_1, ts2_2 = ts2[i_t] - deriv_seg * 0.5, ts2[i_t] + deriv_seg * 0.5
            diff = min(abs(ts1_1-ts2_1),
                       abs(ts1_1-ts2_2),
                       abs(ts1_2-ts2_1),
                       abs(ts1_2-ts2_2))
            if diff > min_diff:
                points.append(point)
    return points


# --- dtaidistance/dtw_weighted.py ---


def weighted_warping_paths(s1, s2, weights=None, window=None, **_kwargs):  # renamed (dtw_weighted.warping_paths)
    if np is None:
        raise NumpyException('The function warping_paths requires numpy.')
    # TODO: copy original function in DTW to support all options and integrate weights
    # print('warping_paths')
    l1 = len(s1)
    l2 = len(s2)
    # print('l1', l1, 'l2', l2)
    if window is None:
        window = max(l1, l2)
    else:
        window += 1  # TODO: 0 should be diagonal, this is now 1
    # print('window', window)
    paths = np.full((l1 + 1, l2 + 1), np.inf)
    paths[0, 0] = 0
    for i in range(l1):
        # print('i', i)
        # for j in range(max(0, i - max(0, r - c) - window + 1), min(c, i + max(0, c - r) + window)):
        j_start = max(0, i - max(0, l1 - l2) - window + 1)
        j_end = min(l2, i + max(0, l2 - l1) + window)
        # print(j_start, j_end)
        for j in range(j_start, j_end):
            # print('j', j)
            # for j in range(1, l2 + 1):
            d = s1[i] - s2[j]
            # print(f'd[{i},{j}] = {d}')
            if weights is not None:
                # print(weights[i, :])
                # multiplication with LeRu like function
                xn3, xn2, xn1, xn0, xp0, xp1, xp2, xp3 = weights[i, :]
                # print('xn1, xn0, xp0, xp1', xn1, xn0, xp0, xp1)
                if d < 0:
                    x0, x1, x2, x3 = xn0, xn1, xn2, xn3
                    d = -d
                else:
                    x0, x1, x2, x3 = xp0, xp1, xp2, xp3
                if d <= x0:
                    d = 0
                elif x0 < d < x1:
                    d *= (d - x0) / (x1 - x0)
                elif x2 <= d:
                    if np.isinf(x3) or x3 == x1:
                        a = 1
                    else:
                        a = 2 / (x3 - x2)
                    d *= (1 + a * (d - x2))
                else:
                    pass  # keep d
            # print('d\'', d)
            cost = d ** 2
            paths[i + 1, j + 1] = cost + min(paths[i, j + 1], paths[i + 1, j], paths[i, j])
    # s = math.sqrt(paths[l1 - 1, l2 - 1])
    paths = np.sqrt(paths)
    s = paths[l1 - 1, l2 - 1]
    return s, paths


def weighted_distance_matrix(s, weights, window=None, show_progress=False, **kwargs):  # renamed (dtw_weighted.distance_matrix)
    dist_opts = {
        'window': window
    }
    dists = np.full((len(s), len(s)), np.inf)
    it_r = range(len(s))
    if show_progress:
        it_r = tqdm(it_r)
    for r in it_r:
        it_c = range(r + 1, len(s))
        for c in it_c:
            # Because of the weights this is not symmetric (?)
            # TODO: make function not hardcoded
            # print(f'{r} -- {c}')
            # print(f's[{r}]', s[r])
            # print('weights', weights.get(r, None))
            # print(f's[{c}]', s[c])
            # print('weights', weights.get(c, None))
            weights_r = weights.get(r, None)
            d1, paths = weighted_warping_paths(s[r], s[c], weights_r, **dist_opts)  # renamed
            # print(f'd1(r)={d1}  -- w=\n{weights_r}')
            # print (paths)
            weights_c = weights.get(c, None)
            if weights_r is None and weights_c is None:
                dists[r, c] = d1
            else:
                d2, paths = weighted_warping_paths(s[c], s[r], weights_c, **dist_opts)  # renamed
                # print(f'd2(c)={d2}  -- w=\n{weights_c}')
                # print(paths)
                dists[r, c] = min(d1, d2)

    return dists


def compute_weights_from_mlclvalues(serie, ml_values, cl_values, only_max=False, strict_cl=True, **_kwargs):
    if __debug__ and logger.isEnabledFor(logging.DEBUG):
        logger.debug('ml_values = ' + ('None' if ml_values is None else str(list(ml_values.items()))))
        logger.debug('cl_values = ' + ('None' if cl_values is None else str(list(cl_values.items()))))

    wn = np.zeros((len(serie), 8), dtype=np.double)  # xns, xn2, xn1, xn0, xp0, xp1, xp2, xps
    wn[:, 0:2] = np.inf
    wn[:, 6:8] = np.inf

    # First find ml-max and cl-min values
    ml_maxmin_n = np.zeros((len(serie), 3))
    ml_maxmin_p = np.zeros((len(serie), 3))
    for idx in range(len(serie)):
        if idx in ml_values:
            mls = ml_values[idx][0]
        else:
            mls = []
        if idx in cl_values:
            cls = cl_values[idx][0]
        else:
            cls = []
        ml_max = _clean_max(mls, cls)
        cl_min = _clean_min(cls, mls, strict_cl)
        if np.isinf(cl_min):
            diff = 0
        else:
            diff = cl_min - ml_max
        ml_maxmin_n[idx, :] = [ml_max, cl_min, diff]

        if idx in ml_values:
            mls = ml_values[idx][1]
        else:
            mls = []
        if idx in cl_values:
            cls = cl_values[idx][1]
        else:
            cls = []
        ml_max = _clean_max(mls, cls)
        cl_min = _clean_min(cls, mls, strict_cl)
        if np.isinf(cl_min):
            diff = 0
        else:
            diff = cl_min - ml_max
        ml_maxmin_p[idx, :] = [ml_max, cl_min, diff]

    if only_max:
        # Only retain the cl-min value where the distance between ml_max and cl_min is largest
        maxval = np.max(ml_maxmin_n[:, 2])
        maxidx = ml_maxmin_n[:, 2] == maxval
        # print('maxval', maxval)
        # print('maxidx', maxidx)
        # print('values', ml_maxmin_n)
        vals = ml_maxmin_n[:, 1][maxidx]
        ml_maxmin_n[:, 1] = np.inf
        ml_maxmin_n[:, 1][maxidx] = vals

        maxval = np.max(ml_maxmin_p[:, 2])
        maxidx = ml_maxmin_p[:, 2] == maxval
        # print('maxval', maxval)
        # print('maxidx', maxidx)
        # print('values', ml_maxmin_p)
        vals = ml_maxmin_p[:, 1][maxidx]
        ml_maxmin_p[:, 1] = np.inf
        ml_maxmin_p[:, 1][maxidx] = vals

    for idx in range(len(serie)):
        # vn3, vn2, vn1, vn0, vp0, vp1, vp2, vp3 = wn[idx]
        # Negative
        vn1 = 1.5 * ml_maxmin_n[idx, 0]
        vn3 = ml_maxmin_n[idx, 1]
        if vn1 > vn3:
            vn1 = vn3
        vn0 = 0.5 * vn1
        vn2 = 0.9 * vn3
        if vn2 < vn1:
            vn1 = vn2 = (vn1 + vn2) / 2
        # Positive
        vp1 = 1.5 * ml_maxmin_p[idx, 0]
        vp3 = ml_maxmin_p[idx, 1]
        if vp1 > vp3:
            vp1 = vp3
        vp0 = 0.5 * vp1
        vp2 = 0.9 * vp3
        if vp2 < vp1:
            vp1 = vp2 = (vp1 + vp2) / 2
        wn[idx, :] = [vn3, vn2, vn1, vn0, vp0, vp1, vp2, vp3]
    # logger.debug(f'weights:\n{wn}')
    return wn


def _clean_max(mls, cls):
    mls.sort()
    cls.sort()
    if cls is None or len(cls) == 0:
        min_cls = np.inf
    else:
        min_cls = cls[0]
    max_mls = 0
    for ml in mls:
        if ml > min_cls:
            return max_mls
        if ml > max_mls:
            max_mls = ml
    return max_mls


def _clean_min(cls, mls, keep_largest=True):
    mls.sort()
    cls.sort()
    min_cls = np.inf
    if mls is None or len(mls) == 0:
        max_mls = 0
    else:
        max_mls = mls[-1]
    for cl in reversed(cls):
        if cl < max_mls:
            break
        if cl < min_cls:
            min_cls = cl
    if keep_largest:
        # If None of the cl values are kept, use the largest value.
        if np.isinf(min_cls) and cls is not None and len(cls) > 0:
            min_cls = cls[-1]
    return min_cls


# --- dtaidistance/dtw_barycenter.py ---


def get_good_c(s, mask, nb_initial_samples, use_c=False, **kwargs):
    if nb_initial_samples > len(s):
        nb_initial_samples = len(s)
    mask_size = np.sum(mask)
    cs = []
    randthr = nb_initial_samples / mask_size
    for i in range(len(s)):
        if mask[i]:
            if random.random() <= randthr:
                cs.append(s[i])
        if len(cs) == nb_initial_samples:
            break
        else:
            randthr = (nb_initial_samples - len(cs)) / (mask_size - i - 1)
    d = distance_matrix(cs, use_c=use_c,  **kwargs)
    d = d.sum(axis=1)
    best_i = np.argmin(d)
    return s[best_i]


def dba_loop(s, c=None, max_it=10, thr=0.001, mask=None,
             keep_averages=False, use_c=False, nb_initial_samples=None, nb_prob_samples=None, **kwargs):
    if np is None:
        raise NumpyException('The method dba_loop requires Numpy to be available')
    s = SeriesContainer.wrap(s)
    ndim = s.detected_ndim
    avg = None
    avgs = None
    if keep_averages:
        avgs = []
    if mask is None:
        mask = np.full((len(s),), True, dtype=bool)
    if nb_prob_samples is None:
        nb_prob_samples = 0
    if c is None:
        if nb_initial_samples is None:
            curi = 0
            while mask[curi] is False:
                curi += 1
            c = s[curi]
        else:
            c = get_good_c(s, mask, nb_initial_samples, use_c=use_c, **kwargs)

        # You can also use a constant function, but this gives worse performance.
        # After the first iteration, this will be the average of all
        # sequences. The disadvantage is that this might create e.g. multiple
        # peaks for a sequence with only one peak (but shifted) and then the
        # original sequences will map their single peak to the different peaks
        # in the first average and converge to that as a local optimum.
        # t = s.get_avg_length()
        # c = array.array('d', [0] * t)
    if use_c:
        if np is not None and isinstance(mask, np.ndarray):
            # The C code requires a bit array of uint8 (or unsigned char)
            mask_copy = np.packbits(mask, bitorder='little')
        else:
            raise Exception('Mask only implemented for C when passing a Numpy array. '
                            f'Got {type(mask)}')
    else:
        mask_copy = mask

    if not use_c and nb_prob_samples != 0:
        raise Exception('The parameter nb_prob_samples is not available in the Python implementation!')

    for it in range(max_it):
        logger.debug('DBA Iteration {}'.format(it))
        if use_c:
            assert(c is not None)
            c_copy = c.copy()  # The C code reuses this array
            # c_copy = c.flatten()
            if ndim == 1:
                dtw_cc.dba(s, c_copy, mask=mask_copy, nb_prob_samples=nb_prob_samples, **kwargs)
                # avg = c_copy
            else:
                dtw_cc.dba_ndim(s, c_copy, mask=mask_copy, nb_prob_samples=nb_prob_samples, ndim=ndim, **kwargs)
                # avg = c_copy.reshape(-1, ndim)
            avg = c_copy
        else:
            if not nb_prob_samples:
                avg = dba(s, c, mask=mask, use_c=use_c, **kwargs)
            else:
                avg = dba(s, c, mask=mask, nb_prob_samples=nb_prob_samples, use_c=use_c, **kwargs)
        if keep_averages:
            avgs.append(avg)
        if thr is not None and c is not None:
            diff = 0
            # diff = np.sum(np.subtract(avg, c))
            if ndim == 1:
                for av, cv in zip(avg, c):
                    diff += abs(av - cv)
            else:
                for av, cv in zip(avg, c):
                    diff += max(abs(av[d] - cv[d]) for d in range(ndim))
            diff /= len(avg)
            if diff <= thr:
                logger.debug('DBA converged at {} iterations (avg diff={}).'.format(it, diff))
                break
        c = avg
    if keep_averages:
        return avg, avgs
    return avg


def dba(s, c, mask=None, samples=None, use_c=False, nb_initial_samples=None, **kwargs):
    if samples is not None and samples > 0:
        # TODO
        raise Exception("Prob sampling for DBA not yet implemented for Python")
    s = SeriesContainer.wrap(s)
    ndim = s.detected_ndim
    if mask is not None and not mask.any():
        # Mask has not selected any series
        print("Empty mask, returning zero-constant average")
        c = array.array('d', [0] * len(s[0]))
        return c
    if mask is None:
        mask = np.full((len(s),), True, dtype=bool)
    if c is None:
        if nb_initial_samples is None:
            curi = 0
            while mask[curi] is False:
                curi += 1
            c = s[curi]
        else:
            c = get_good_c(s, mask, nb_initial_samples, use_c=use_c, **kwargs)
    t = len(c)
    assoctab = [[] for _ in range(t)]
    for idx, seq in enumerate(s):
        if mask is not None and not mask[idx]:
            continue
        if use_c:
            if ndim == 1:
                m = dtw_cc.warping_path(c, seq, **kwargs)
            else:
                m = dtw_cc.warping_path_ndim(c, seq, ndim=ndim, **kwargs)
        else:
            if ndim == 1:
                m = warping_path(c, seq, **kwargs)
            else:
                m = dtw_ndim.warping_path(c, seq, **kwargs)
        for i, j in m:
            assoctab[i].append(seq[j])
    # cp = array.array('d', [0] * t)
    if ndim == 1:
        shape = (t,)
    else:
        shape = (t, ndim)
    cp = np.zeros(shape, dtype=np.double)
    for i, values in enumerate(assoctab):
        if len(values) == 0:
            print('WARNING: zero values in assoctab')
            print(c)
            for seq in s:
                print(seq)
            print(assoctab)
        if ndim == 1:
            cp[i] = sum(values) / len(values)  # barycenter
        else:
            for d in range(ndim):
                cp[i, d] = sum([value[d] for value in values]) / len(values)
    return cp


# --- dtaidistance/subsequence/subsequencealignment.py ---


def subsequence_alignment(query, series, penalty=0.1, use_c=False):
    sa = SubsequenceAlignment(query, series, penalty=penalty, use_c=use_c)
    sa.align()
    return sa


class SAMatch:
    def __init__(self, idx, alignment):
        self.idx = idx
        self.alignment = alignment
        self._path = None
        self._segment = None

    @property
    def value(self):
        return self.alignment.matching[self.idx]

    @property
    def distance(self):
        return self.value * len(self.alignment.query)

    @property
    def segment(self):
        if self._segment is None:
            start = self.alignment.matching_function_startpoint(self.idx, path=self.path)
            end = self.alignment.matching_function_endpoint(self.idx)
            self._segment = [start, end]
        return self._segment

    @property
    def path(self):
        if self._path is None:
            self._path = self.alignment.matching_function_bestpath(self.idx)
        return self._path

    def linearly_scale(self, return_coeff=False):
        series = self.alignment.series
        query = self.alignment.query
        segment = self.segment
        xy = np.array(self.path)
        xy[:, 1] -= segment[0]
        # Give weight to each matched pair of points in the series
        # based on the distance the time series coveres there. This is
        # the derivative * delta_x (here we take delta_x = 1).
        w = np.ones(len(xy))
        wf = preprocessing.derivative(self.alignment.query)
        w[:] = [abs(wf[i_f]) for i_f in xy[:, 0]]
        # Fit a straight line through the path
        b, m = np.polynomial.polynomial.Polynomial.fit(xy[:,1], xy[:,0], 1, w=w).convert().coef  # y=mx+b
        segment = (int(max(0, segment[0]-b/m)),
                   int(min(len(series), segment[0]+(len(query)-b)/m)))
        # ts_seg = series[segment[0]: segment[1] + 1]
        # Resample the series such that the straight line rotates and
        # becomes the diagonal
        x = list(range(len(query)))
        x_new = np.linspace(x[0], x[-1], segment[1]-segment[0]+1)
        query = np.interp(x_new, x, query)
        if return_coeff:
            return query, segment, (m, b), len(query)/len(self.alignment.query)
        return query, segment

    def __str__(self):
        return f'SAMatch({self.idx})'

    def __repr__(self):
        return self.__str__()


class SAMatches:
    def __init__(self, sa,  matches=None):
        self._sa = sa  # type: SubsequenceAlignment
        self._matches = []  # type: list[SAMatch]
        if matches is not None:
            self._matches.update(matches)

    def __iter__(self):
        return self._matches.__iter__()

    def __len__(self):
        return self._matches.__len__()

    def __getitem__(self, item):
        return self._matches.__getitem__(item)

    def append(self, match):
        self._matches.append(match)



class SubsequenceAlignment:
    def __init__(self, query, series, penalty=0.1, use_c=False, **kwargs):
        self.query = query
        self.series = series
        self.paths = None
        self.matching = None
        self.use_c = use_c
        self.settings = dtw.DTWSettings(penalty=penalty,
                                        psi=[0, 0, len(self.series), len(self.series)],
                                        **kwargs)

    def reset(self):
        self.matching = None

    def align(self):
        if self.matching is not None:
            return
        if np is not None and isinstance(self.series, np.ndarray) and len(self.series.shape) > 1:
            if not self.use_c:
                _, self.paths = dtw_ndim.warping_paths(self.query, self.series,
                                                       penalty=self.settings.penalty, psi=self.settings.psi,
                                                       psi_neg=False, keep_int_repr=True)
            else:
                _, self.paths = dtw_ndim.warping_paths_fast(self.query, self.series,
                                                            penalty=self.settings.penalty, psi=self.settings.psi,
                                                            compact=False, psi_neg=False, keep_int_repr=True)
        else:
            if not self.use_c:
                _, self.paths = dtw.warping_paths(self.query, self.series,
                                                  penalty=self.settings.penalty, psi=self.settings.psi,
                                                  psi_neg=False, keep_int_repr=True)
            else:
                _, self.paths = dtw.warping_paths_fast(self.query, self.series,
                                                       penalty=self.settings.penalty, psi=self.settings.psi,
                                                       compact=False, psi_neg=False, keep_int_repr=True)
        self._compute_matching()

    def align_fast(self):
        use_c = self.use_c
        self.use_c = True
        result = self.align()
        self.use_c = use_c
        return result

    def _compute_matching(self):
        idist_fn, result_fn, _ = innerdistance.inner_dist_fns(self.settings.inner_dist,
                                                              use_ndim=self.settings.use_ndim)
        matching = self.paths[-1, :]
        if len(matching) > len(self.series):
            matching = result_fn(matching[-len(self.series):])
        self.matching = np.array(matching) / len(self.query)
        return self.matching

    def warping_paths(self):
        return self.paths

    def matching_function(self):
        return self.matching

    def get_match(self, idx):
        return SAMatch(idx, self)

    def best_match_fast(self, *args, **kwargs):
        use_c = self.use_c
        self.use_c = True
        result = self.best_match(*args, **kwargs)
        self.use_c = use_c
        return result

    def best_match(self, minlength=2, maxlength=None):
        # best_idx = np.argmin(self.matching)
        # return self.get_match(best_idx)
        m = list(self.best_matches(k=1, minlength=minlength,
                                   maxlength=maxlength))
        if len(m) < 1:
            raise Exception(f'No match found')
        return m[0]

    def kbest_matches_fast(self, *args, **kwargs):
        use_c = self.use_c
        self.use_c = True
        result = self.kbest_matches(*args, **kwargs)
        self.use_c = use_c
        return result

    def kbest_matches(self, k=1, overlap=0, minlength=2, maxlength=None):
        return self.best_matches(k=k, overlap=overlap,
                                 minlength=minlength, maxlength=maxlength)

    def best_matches_rangefactor_fast(self, *args, **kwargs):
        use_c = self.use_c
        self.use_c = True
        result = self.best_matches(*args, **kwargs)
        self.use_c = use_c
        return result

    def best_matches_rangefactor(self, max_rangefactor=2, overlap=0, minlength=2, maxlength=None):
        return self.best_matches(k=None, max_rangefactor=max_rangefactor,
                                 detectknee_alpha=None,
                                 overlap=overlap,
                                 minlength=minlength, maxlength=maxlength)

    def best_matches_knee_fast(self, *args, **kwargs):
        use_c = self.use_c
        self.use_c = True
        result = self.best_matches_knee(*args, **kwargs)
        self.use_c = use_c
        return result

    def best_matches_knee(self, alpha=0.3, overlap=0, minlength=2, maxlength=None):
        return self.best_matches(k=None, max_rangefactor=None,
                                 detectknee_alpha=alpha,
                                 overlap=overlap,
                                 minlength=minlength, maxlength=maxlength)

    def best_matches_fast(self, *args, **kwargs):
        use_c = self.use_c
        self.use_c = True
        result = self.best_matches(*args, **kwargs)
        self.use_c = use_c
        return result

    def best_matches(self, k=None, overlap=0, minlength=2, maxlength=None,
                     max_rangefactor=None, detectknee_alpha=None):
        self.align()
        # Copy the matching to change values when masking them without
        # altering the original array
        matching = np.array(self.matching)
        maxv = np.ceil(np.max(matching) + 1)
        matching[:min(len(self.query) - 1, overlap)] = maxv
        ki = 0
        max_dist = np.inf
        if detectknee_alpha is not None:
            dk = util.DetectKnee(alpha=detectknee_alpha)
        else:
            dk = None
        while k is None or ki < k:
            best_idx = np.argmin(matching)
            if np.isinf(matching[best_idx]) or matching[best_idx] == maxv:
                # No more matches found
                break
            if max_rangefactor is not None:
                if ki == 0:
                    max_dist = matching[best_idx] * max_rangefactor
                elif matching[best_idx] > max_dist:
                    # Remaining matches are larger than a factor of the first match
                    break
            if detectknee_alpha is not None:
                if dk.dostop(matching[best_idx]):
                    break
            match = self.get_match(best_idx)
            b, e = match.segment
            cur_overlap = min(overlap, e - b - 1)
            mb, me = best_idx + 1 - (e - b) + cur_overlap, best_idx + 1
            if ((minlength is not None and e-b+1 < minlength) or
                    (maxlength is not None and e-b+1 > maxlength)):
                # Found sequence is too short or too long
                matching[best_idx] = maxv
                continue
            if np.isinf(np.max(matching[mb:me])):
                # No overlapping matches
                matching[best_idx] = maxv
                continue
            matching[mb:me] = np.inf
            ki += 1
            yield match

    def best_matches_store(self, k=None, overlap=0, minlength=2, maxlength=None,
                           max_rangefactor=None, detectknee_alpha=None,
                           matches=None, tqdm=None):
        if matches is None:
            matches = SAMatches(self)
        self.align()
        it = self.best_matches(k=k, overlap=overlap, minlength=minlength,
                               maxlength=maxlength,
                               max_rangefactor=max_rangefactor,
                               detectknee_alpha=detectknee_alpha)
        if tqdm is not None:
            it = tqdm(it, total=k)
        for match in it:
            matches.append(match)
        return matches

    def matching_function_segment(self, idx):
        start = self.matching_function_startpoint(idx)
        end = self.matching_function_endpoint(idx)
        return [start, end]

    def matching_function_endpoint(self, idx):
        if len(self.matching) == len(self.series):
            return idx
        diff = len(self.series) - len(self.matching)
        return idx + diff

    def matching_function_startpoint(self, idx, path=None):
        if path is None:
            path = self.matching_function_bestpath(idx)
        start_idx = path[0][1]
        return start_idx

    def matching_function_bestpath(self, idx):
        real_idx = idx + 1
        path = dtw.best_path(self.paths, col=real_idx, penalty=self.settings.adj_penalty)
        return path


# --- dtaidistance/subsequence/subsequencesearch.py ---


def subsequence_search(query, series, dists_options=None, use_lb=True,
                       max_dist=None, max_value=None, use_c=None):
    ss = SubsequenceSearch(query, series, dists_options=dists_options, use_lb=use_lb,
                           max_dist=max_dist, max_value=max_value, use_c=use_c)
    return ss


class SSMatch:
    def __init__(self, kidx, ss):
        self.kidx = kidx
        self.ss = ss

    @property
    def distance(self):
        return self.ss.kbest_distances[self.kidx][0]

    @property
    def value(self):
        return self.distance / len(self.ss.query)

    @property
    def idx(self):
        return self.ss.kbest_distances[self.kidx][1]

    def __str__(self):
        return f'SSMatch({self.idx})'

    def __repr__(self):
        return self.__str__()


class SSMatches:
    def __init__(self, ss, k=None):
        self.ss = ss
        self.k = k
        if self.ss.kbest_distances is None:
            self.k = 0
        elif self.k is None or self.k > self.ss.k:
            self.k = self.ss.k
        if self.k is None:
            self.k = len(self.ss.kbest_distances)

    def __getitem__(self, key):
        if isinstance(key, slice):
            start = 0 if key.start is None else key.start
            return [SSMatch(kip+start, self.ss) for kip, (_v, _i) in
                    enumerate(self.ss.kbest_distances[key])]
        return SSMatch(key, self.ss)

    def __iter__(self):
        for ki, (_v, _i) in enumerate(self.ss.kbest_distances[:self.k]):
            yield SSMatch(ki, self.ss)

    def __len__(self):
        return self.k

    def __str__(self):
        if self.k > 10:
            return '[' + ', '.join(str(m) for m in self[:5]) + ' ... ' +\
                   ', '.join(str(m) for m in self[-5:]) + ']'
        return '[' + ', '.join(str(m) for m in self) + ']'


class SubsequenceSearch:

    def __init__(self, query, s, dists_options=None, use_lb=True, keep_all_distances=False,
                 max_dist=None, max_value=None, use_c=None, use_ndim=None):
        self.query = query
        if use_ndim is None:
            self.use_ndim = (util.detect_ndim(query) > 1)
        else:
            self.use_ndim = use_ndim
        self.s = s
        # If keep_all_distances is true, store all. Can take up quite some memory.
        self.distances = None
        # Keep track of the k-best distances
        self.kbest_distances = None
        self.lbs = None
        self.k = None
        self.dists_options = {} if dists_options is None else dists_options
        if max_dist is None:
            self.max_dist = self.dists_options.get('max_dist', np.inf)
        else:
            self.max_dist = max_dist
        if max_value is not None:
            self.max_dist = min(self.max_dist, max_value * len(self.query))
        self.dists_options['max_dist'] = self.max_dist
        if use_c is not None:
            self.dists_options['use_c'] = use_c
        self.use_lb = use_lb

        self.keep_all_distances = keep_all_distances
        # if self.use_lb and not self.keep_all_distances:
        #     raise ValueError("If argument use_lb is true, then keep_all_distances should also be true.")

    def reset(self):
        self.distances = None
        self.kbest_distances = None
        self.lbs = None

    # def compute_lbs(self):
    #     self.lbs = np.zeros((len(self.s),))
    #     for idx, series in enumerate(self.s):
    #         self.lbs[idx] = dtw.lb_keogh(self.query, series, **self.dists_options)

    def align_fast(self, k=None):
        use_c = self.dists_options['use_c']
        self.dists_options['use_c'] = True
        result = self.align(k=k)
        self.dists_options['use_c'] = use_c
        return result

    def align(self, k=None):
        if k is not None and self.k is not None and k <= self.k and self.kbest_distances is not None:
            return self.kbest_distances[:k]
        if self.use_ndim:
            distance = dtw_ndim.distance
            lb_keogh = None
            if self.use_lb:
                self.use_lb = False
                logger.warning('The setting use_lb is ignored for multivariate series.')
        else:
            distance = dtw.distance
            lb_keogh = dtw.lb_keogh
        if k is None or self.keep_all_distances:
            self.distances = np.zeros((len(self.s),))
            # if self.use_lb:
            #     self.compute_lbs()
        import heapq
        h = [(-np.inf, -1)]
        max_dist = self.max_dist
        self.dists_options['max_dist'] = max_dist
        for idx, series in enumerate(self.s):
            if self.use_lb:
                lb = lb_keogh(self.query, series, **self.dists_options)
                if lb > max_dist:
                    continue
            dist = distance(self.query, series, **self.dists_options)
            if k is not None:
                if len(h) < k:
                    if not np.isinf(dist) and dist <= max_dist:
                        heapq.heappush(h, (-dist, idx))
                        max_dist = min(max_dist, -h[0][0])
                else:
                    if not np.isinf(dist) and dist <= max_dist:
                        heapq.heappushpop(h, (-dist, idx))
                        max_dist = min(max_dist, -h[0][0])
                self.dists_options['max_dist'] = max_dist
            if self.keep_all_distances or k is None:
                self.distances[idx] = dist
        if k is not None:
            # hh = np.array([-v for v, _ in h])
            # self.kbest_distances = [(-h[i][0], h[i][1]) for i in np.argsort(hh)]
            self.kbest_distances = sorted((-v, i) for v, i in h if i != -1)
        else:
            self.kbest_distances = [(self.distances[i], i) for i in np.argsort(self.distances)]

        self.k = k
        return self.kbest_distances

    def get_ith_value(self, i):
        if self.kbest_distances is None or self.k is None:
            raise ValueError('Align should be called before asking for the i-th value.')
        if i > self.k:
            raise ValueError('The i-th value is not available, i={}>k={}'.format(i, self.k))
        return self.kbest_distances[i]

    def best_match_fast(self):
        self.dists_options['use_c'] = True
        return self.best_match()

    def best_match(self):
        self.align(k=1)
        # _value, best_idx = self.kbest_distances[0]
        return SSMatch(0, self)

    def kbest_matches_fast(self, k=1):
        use_c = self.dists_options.get('use_c', None)
        self.dists_options['use_c'] = True
        result = self.kbest_matches(k=k)
        if use_c is None:
            del self.dists_options['use_c']
        else:
            self.dists_options['use_c'] = use_c
        return result

    def kbest_matches(self, k=1):
        self.align(k=k)
        # if k is None:
        #     return [SSMatch(best_idx, self) for best_idx in range(len(self.distances))]
        # if self.keep_all_distances:
        #     best_idxs = np.argpartition(self.distances, k)
        #     return [SSMatch(best_idx, self) for best_idx in best_idxs[:k]]
        # distances = reversed(sorted(self.h))
        # return [SSMatch(best_idx, self) for dist, best_idx in distances]
        return SSMatches(self)


# --- dtaidistance/subsequence/localconcurrences.py ---


# (localconcurrences.py's module-level names)
steps_type_default = "TypeIII"
loco_cc = None


def local_concurrences(series1, series2=None, gamma=1, tau=0, delta=0, delta_factor=1, estimate_settings=None,
                       only_triu=None, penalty=None, window=None, use_c=False, steps_type=None):
    lc = LocalConcurrences(series1, series2, gamma, tau, delta, delta_factor,
                           only_triu=only_triu, penalty=penalty, window=window, use_c=use_c,
                           steps_type=steps_type)
    if estimate_settings is not None:
        lc.estimate_settings_from_std(series1, series2, tau_std=estimate_settings)
    lc.align()
    return lc


class LCMatch:
    def __init__(self, lc, row=None, col=None):
        self.row = row  # type: int
        self.col = col  # type: int
        self.lc = lc  # type: LocalConcurrences
        self._path = None

    @property
    def path(self):
        if self._path is not None:
            return self._path
        # TODO: always storing the path might be memory hungry
        #       but recomputing is impossible since the values are negated/masked afterwards
        self._path = self.lc.best_path(self.row, self.col)
        return self._path

    def distance(self, do_sqrt=True):
        if self._path is None:
            return None
        d = 0
        for r, c in self._path:
            d += (self.lc.series1[r] - self.lc.series2[c])**2
        if do_sqrt:
            d = math.sqrt(d)
        return d

    def __str__(self):
        return f'LCMatch({self.row, self.col})'

    def __repr__(self):
        return self.__str__()


class LocalConcurrences:
    def __init__(self, series1, series2=None, gamma=1, tau=0, delta=0, delta_factor=1, only_triu=False,
                 penalty=0, window=None, use_c=False, steps_type=None):
        self.series1 = series1
        if series2 is None:
            # Self-comparison
            self.series2 = self.series1
            self.only_triu = True if only_triu is None else only_triu
        else:
            self.series2 = series2
            self.only_triu = False if only_triu is None else only_triu
        self.gamma = gamma
        self.tau = tau
        self.delta = delta
        self.delta_factor = delta_factor
        self.penalty = penalty
        self.window = window
        self.use_c = use_c
        self.steps_type = StepsType.wrap(steps_type, steps_type_default)
        self.steps_tuples = self.steps_type.steps()
        self.inf_rows, self.inf_cols = self.steps_type.inf_rows_cols()
        self._wp = None  # warping paths
        if self.use_c:
            self._c_locosettings = loco_cc.LoCoSettings(penalty=self.penalty)

    @staticmethod
    def from_other(lc, series1, series2=None):
        lcn = LocalConcurrences(series1, series2, gamma=lc.gamma, tau=lc.tau, delta=lc.delta,
                                delta_factor=lc.delta_factor, only_triu=lc.only_triu,
                                penalty=lc.penalty, window=lc.window, use_c=lc.use_c)
        return lcn

    def reset(self):
        self._wp = None

    def estimate_settings_from_std(self, series, series2=None, tau_std=0.33):
        return self.estimate_settings(series, series2, tau_type='std', tau_factor=tau_std)

    def estimate_settings_from_mean(self, series, series2=None, tau_mean=0.33):
        return self.estimate_settings(series, series2, tau_type='mean', tau_factor=tau_mean)

    def estimate_settings_from_abs(self, series, series2=None, tau_abs=0.33):
        return self.estimate_settings(series, series2, tau_type='abs', tau_factor=tau_abs)

    def estimate_settings(self, series, series2=None, tau_factor=0.33, tau_type='mean', gamma=None):
        if tau_type != 'abs':
            if series is None:
                diffm = 1
            elif tau_type == 'std':
                diffm = np.std(series)
            elif tau_type == 'mean':
                diffm = np.mean(series)
            else:
                diffm = 1

            if gamma is None:
                # Intuition for gamma:
                # Create an affinity matrix where
                # differences up to the mean/std are in [e^-1, 1],
                # larger differences are i [0, e^-1]
                assert(diffm != 0)
                self.gamma = 1 / diffm**2
            else:
                self.gamma = gamma
            if tau_factor is not None:
                diffp = tau_factor * diffm
            else:
                diffp = diffm
        elif tau_type == 'abs':
            diffp = tau_factor
        else:
            raise AttributeError('{} is not supported (not in mean, std, abs)'.format(tau_type))
        self.tau = np.exp(-self.gamma * diffp ** 2)
        self.delta = -2 * self.tau
        self.delta_factor = 0.90
        self.penalty = self.tau / 10

    def estimate_settings_from_ssm(self, rho, set_penalty=False,
                                   set_gamma=False, verbose=False):
        if np is None:
            raise AssertionError("The estimate_tau method requires Numpy")
        # TODO: Sampling could be faster than computing the entire matrix
        sdm = np.subtract.outer(self.series1, self.series2)
        if set_gamma:
            # estimate gamma such that in the ssm differences smaller than
            # the mean are in [e^-1, 1], larger differences are in [0, e^-1]
            sdm_mean = np.mean(np.abs(sdm))
            if sdm_mean == 0:
                self.gamma = 1
            else:
                self.gamma = 1 / sdm_mean ** 2
        ssm = np.exp(-self.gamma * np.power(sdm, 2))
        if self.only_triu:
            self.tau = np.quantile(ssm[np.triu_indices(len(ssm))], rho, axis=None)
        else:
            self.tau = np.quantile(ssm, rho, axis=None)
        self.delta = -2 * self.tau
        self.delta_factor = 0.5
        if set_penalty:
            self.penalty = self.tau
        if verbose:
            if self.tau < 1e-5:
                print(f'WARNING: the value of tau ({self.tau}) is very low. '
                      f'Check if the value of gamma ({self.gamma}) is good.')

    def set_penalty_in_ts_domain(self, penalty):
        self.penalty = 1.0 - np.exp(-self.gamma * penalty ** 2)

    def get_penalty_in_ts_domain(self):
        return np.sqrt(np.log(1.0 + self.penalty)/-self.gamma)

    def align(self):
        if self._wp is not None:
            return
        _, wp = loco_warping_paths(self.series1, self.series2,
                                   gamma=self.gamma, tau=self.tau, delta=self.delta, delta_factor=self.delta_factor,
                                   only_triu=self.only_triu, penalty=self.penalty,
                                   window=self.window, step_type=self.steps_type,
                                   use_c=self.use_c)
        self._wp = wp
        self._reset_wp_mask()
        # if self.only_triu:
        #     il = np.tril_indices(self._wp.shape[0])
        #     self._wp[il] = ma.masked

    def align_fast(self):
        use_c = self.use_c
        self.use_c = True
        result = self.align()
        self.use_c = use_c
        return result

    def _reset_wp_mask(self):
        # if self.use_c:
        #     dtw_cc.wps_positivize(self._c_parts, self._wp,
        #                           len(self.series1), len(self.series2),
        #                           0, len(self.series1) + 1,
        #                           0, len(self.series2) + 1,
        #                           False)
        wp = self._wp
        if self.window is None:
            np.abs(wp, out=wp)
            wp[np.isinf(wp)] = -np.inf
        else:
            windowdiff1 = max(0, wp.shape[1] - wp.shape[0])
            windowdiff2 = max(0, wp.shape[0] - wp.shape[1])
            il = np.tril_indices(n=wp.shape[0], k=-1 - self.window - windowdiff2, m=wp.shape[1])
            wp[il] = -np.abs(wp[il])
            il = np.triu_indices(n=wp.shape[0], k=-self.window - windowdiff2, m=wp.shape[1])
            wp[il] = np.abs(wp[il])
            il = np.triu_indices(n=wp.shape[0], k=1 + self.window + windowdiff1, m=wp.shape[1])
            wp[il] = -np.abs(wp[il])
            wp[np.isinf(wp)] = -np.inf
        if self.only_triu:
            il = np.tril_indices(self._wp.shape[0], k=-1)
            wp[il] = -np.inf

    def similarity_matrix(self):
        sm = np.full((len(self.series1) + self.inf_rows,
                      len(self.series2) + self.inf_cols), -inf)
        sm[0:self.inf_rows, 0:self.inf_cols] = 0
        for r in range(len(self.series1)):
            if self.window is None:
                minc, maxc = 0, len(self.series2)
            else:
                minc, maxc = max(0, r - self.window), min(len(self.series2), r + self.window)
            # for c in range(minc):
            #     sm[r + self.inf_rows, c + self.inf_cols] = ma.masked
            for c in range(minc, maxc):
                d = np.exp(-self.gamma * (self.series1[r] - self.series2[c]) ** 2)
                sm[r + self.inf_rows, c + self.inf_cols] = self.delta if d < self.tau else d
            # for c in range(maxc, len(self.series2)):
            #     sm[r + self.inf_rows, c + self.inf_cols] = ma.masked
        return sm


    @property
    def wp_data(self):
        return self._wp.data

    def wp_slice_ts(self, rb=None, re=None, cb=None, ce=None,
                    positivize=False, steps_type=None):
        steps_type = StepsType.wrap(steps_type, steps_type_default)
        inf_cols, inf_rows = steps_type.inf_rows_cols()
        if rb is None:
            rb = 0
        if re is None:
            re = len(self.series1) + 1
        if cb is None:
            cb = 0
        if ce is None:
            ce = len(self.series2) + 1
        if not (0 <= rb <= len(self.series1) + 1 and
                0 <= re <= len(self.series1) + 1 and
                0 <= cb <= len(self.series2) + 1 and
                0 <= ce <= len(self.series2) + 1):
            raise ValueError('Slice needs to be in 0<=r<={} and 0<=c<={}'.format(len(self.series1) + 1,
                                                                                 len(self.series2) + 1))
        # if self.compact:
        #     slice = np.empty((re-rb, ce-cb), dtype=DTYPE)
        #     dtw_cc.wps_expand_slice(self._wp, slice, len(self.series1), len(self.series2),
        #                             rb, re, cb, ce, self._c_dtwsettings)
        cur_slice = self._wp[rb+inf_rows:re+inf_rows,
                             cb+inf_cols:ce+inf_cols]
        if positivize:
            neg_idx = cur_slice < 0
            cur_slice[neg_idx] = -cur_slice[neg_idx]
        return cur_slice

    def best_match(self):
        idx = np.unravel_index(np.argmax(self._wp, axis=None), self._wp.shape)
        r, c = idx
        lcm = LCMatch(self, r, c)
        # path = lcm.path
        # for (x, y) in path:
        #     self._wp[x + 1, y + 1] = ma.masked
        return lcm






    def best_path(self, row, col, wp=None):
        if self._wp is None:
            return None
        if wp is None:
            wp = self._wp
        l1 = len(self.series1)
        l2 = len(self.series2)
        if self.use_c:
            # print(f'use_c -- {row=}, {col=}, {self.penalty=}')
            p = loco_cc.loco_best_path(wp, l1, l2, row, col, int(l1 / 10),
                                       penalty=self.penalty, step_type=self.steps_type)
            return p
            # pc = p
        # if self.compact:
        #     p = dtw_cc.best_path_compact_affinity(wp, l1, l2, row, col, window=self.window)
        #     return p
        penalties = [self.penalty if sr != sc else 0 for sr, sc in self.steps_tuples]
        i = row
        j = col
        p = []
        while i > 0 and j > 0:
            p.append((i - self.inf_rows, j - self.inf_cols))
            # values = [wp[i - si, j - sj] + penalty for (si, sj), penalty in zip(self.steps_tuples, penalties)]
            # values = [wp[i - 1, j - 1], wp[i, j - 1], wp[i - 1, j]]
            # values = [-1 if v is ma.masked else v for v in values]
            values = []
            for (si, sj), penalty in zip(self.steps_tuples, penalties):
                if wp[i - si, j - sj] >= 0:
                    values.append(wp[i - si, j - sj] + penalty)
                else:
                    values.append(-1)
            c = argmax(values)  # triggers "Warning: converting a masked element to nan"
            if values[c] <= 0:
                break
            best_wp = wp[i - self.steps_tuples[c][0], j - self.steps_tuples[c][1]]
            # if best_wp is ma.masked or best_wp < 0:
            if best_wp < 0:
                assert False
            i -= self.steps_tuples[c][0]
            j -= self.steps_tuples[c][1]
        if p[-1][0] < 0 or p[-1][1] < 0:
            assert False
        p.reverse()
        # print(f"{len(p)=}, {len(pc)=}")
        # print(f"p={p[len(p)-1][0]},{p[len(p)-1][1]} / pc={pc[len(pc)-1, 0]},{pc[len(pc)-1, 1]}")
        # print(f"p={p[0][0]},{p[0][1]} / pc={pc[0, 0]},{pc[0, 1]}")
        # if len(p) != len(pc):
        #     print(f"{wp.shape=}")
        #     loco_cc.save_wp(wp, "/Users/wannes/Desktop/debug/wps.binarray")
        #     print("===p===")
        #     for curr, curc in p:
        #         print(f"[{curr},{curc}]")
        #     print("===pc===")
        #     for curr, curc in pc:
        #         print(f"[{curr},{curc}]")
        #     print(f"Different lengths for {row=} {col=}")
        # for i in range(len(p)):
        #     assert p[i][0] == pc[i, 0]
        #     assert p[i][1] == pc[i, 1]
        return p

    def settings_from(self, lc):
        self.gamma = lc.gamma
        self.tau = lc.tau
        self.delta = lc.delta
        self.delta_factor = lc.delta_factor
        self.penalty = lc.penalty
        self.window = lc.window

    def settings(self, kind=None):
        d = {
            "gamma": self.gamma,
            "tau": self.tau,
            "delta": self.delta,
            "delta_factor": self.delta_factor,
            "penalty": self.penalty,
            "window": self.window,
        }
        if kind == "str":
            return "\n".join(f"{k:<13}: {v}" for k, v in d.items())
        return d


# Based on L. Rabiner and B.-H. Juang. Fundamentals of speech recognition.
# Prentice-Hall, Inc., 1993.
steps_types = {
    "TypeI": ((1, 1), (0, 1), (1, 0)),  # diagonal, go left, go up
    "TypeIII": ((1, 1), (1, 2), (2, 1)),
    "Diagonal": ((1, 1),)
}


class LoCoSettings:
    def __init__(self, only_triu=False,
                       penalty=None, psi=None, window=None,
                       gamma=1, tau=0, delta=0, delta_factor=1,
                       use_c=False, step_type=None):
        self.only_triu = only_triu
        self.penalty = penalty
        self.psi = psi
        self.window = window
        self.gamma = gamma
        self.tau = tau
        self.delta = delta
        self.delta_factor = delta_factor
        self.use_c = use_c
        self.step_type = step_type

    @staticmethod
    def wrap(settings):
        if isinstance(settings, LoCoSettings):
            return settings
        if settings is None:
            return LoCoSettings()
        return LoCoSettings(**settings)

    def kwargs(self):
        return {
            'only_triu': self.only_triu,
            'penalty': self.penalty,
            'psi': self.psi,
            'window': self.window,
            'gamma': self.gamma,
            'tau': self.tau,
            'delta': self.delta,
            'delta_factor': self.delta_factor,
            'use_c': self.use_c,
            'step_type': self.step_type,
        }

    def inf_rows_cols(self):
        if self.step_type == "TypeI":
            inf_rows, inf_cols = 1, 1
        elif self.step_type == "TypeIII":
            inf_rows, inf_cols = 2, 2
        else:
            raise ValueError("Unknown steps type for C version of warping_paths_loco: {}".format(self.step_type))
        return inf_rows, inf_cols

    def steps(self):
        if self.step_type is None:
            return steps_types["TypeI"]
        if self.step_type in steps_types:
            return steps_types[self.step_type]
        raise ValueError("Unknown step_ttype")

    def split_psi(self):
        psi_1b = psi_2b = 0
        if type(self.psi) is int:
            psi_1b = psi_2b = self.psi
        elif type(self.psi) in [tuple, list]:
            psi_1b, psi_2b = self.psi
        return psi_1b, psi_2b

    @property
    def window_value(self):
        if self.window is None:
            return 0
        return self.window


def loco_warping_paths(s1, s2, **kwargs):
    if np is None:
        raise NumpyException("Numpy is required for the warping_paths method")

    s = LoCoSettings(**kwargs)
    r, c = len(s1), len(s2)

    if s.use_c:
        s1 = util_numpy.verify_np_array(s1)
        s2 = util_numpy.verify_np_array(s2)
        dtw._check_library(raise_exception=True)
        inf_rows, inf_cols = s.inf_rows_cols()
        wps = np.full((r + inf_rows, c + inf_cols), -inf, dtype=DTYPE)
        print(s.kwargs())
        print(f"{wps.shape=} = {wps.shape[0]*wps.shape[1]}")
        loco_cc.loco_warping_paths(wps, s1, s2, ndim=1, **s.kwargs())
        return 0, wps

    steps = s.steps()
    window = s.window_value
    if window == 0:
        window = max(r, c)
    psi_1b, psi_2b = s.split_psi()
    penalties = [s.penalty if sr != sc else 0 for sr, sc in steps]
    steps_rows, steps_cols = zip(*steps)
    inf_rows = max(steps_rows)
    inf_cols = max(steps_cols)
    wps = np.full((r + inf_rows, c + inf_cols), -inf)
    wps[0:inf_rows, 0:psi_2b + inf_cols] = 0
    wps[0:psi_1b + inf_rows, 0:inf_cols] = 0
    for i in range(r):
        j_start = max(0, i - max(0, r - c) - window + 1)
        if s.only_triu:
            j_start = max(i, j_start)
        j_end = min(c, i + max(0, c - r) + window)
        for j in range(j_start, j_end):
            d = np.exp(-s.gamma*(s1[i] - s2[j])**2)
            # print(f"{s1[i] - s2[j]=} -> {d=}")
            wps_prev = max(wps[i + inf_rows - sr, j + inf_cols - sc] - penalty
                           for (sr, sc), penalty in zip(steps, penalties))
            if d < s.tau:
                wps[i + inf_rows, j + inf_rows] = max(0, s.delta + s.delta_factor * wps_prev)
            else:
                wps[i + inf_rows, j + inf_rows] = max(0, d + wps_prev)
    return 0, wps


# --- wrappers: the keyword settings the cases use ---


def detect_knee_flags(values, alpha):
    dk = util.DetectKnee(alpha=alpha)
    flags = []
    for v in values:
        flags.append(dk.dostop(v))
    return flags


def series_container_stats(s):
    sc = SeriesContainer.wrap(s)
    return sc.get_max_y(), sc.get_max_min_y(), sc.get_max_length(), sc.get_avg_length(), sc.detected_ndim


def ed_distance_euclidean(s1, s2):
    return ed_distance(s1, s2, inner_dist="euclidean")


def lb_keogh_window(s1, s2):
    return lb_keogh(s1, s2, window=2)


def distance_window(s1, s2):
    return distance(s1, s2, window=3)


def distance_pruning(s1, s2):
    return distance(s1, s2, use_pruning=True)


def distance_max_dist(s1, s2):
    return distance(s1, s2, max_dist=1.5)


def distance_psi(s1, s2):
    return distance(s1, s2, psi=2)


def distance_penalty_max_step(s1, s2):
    return distance(s1, s2, penalty=0.1, max_step=3.0)


def distance_window_lengths(s1, s2):
    return distance(s1, s2, window=2, max_length_diff=3)


def distance_euclidean(s1, s2):
    return distance(s1, s2, inner_dist="euclidean")


def warping_paths_window_psi(s1, s2):
    return warping_paths(s1, s2, window=3, psi=2)


def warping_paths_int_repr(s1, s2):
    return warping_paths(s1, s2, keep_int_repr=True, penalty=0.1)


def warping_paths_pruning(s1, s2):
    return warping_paths(s1, s2, use_pruning=True)


def warping_paths_affinity_plain(s1, s2):
    return warping_paths_affinity(s1, s2, penalty=0)


def warping_paths_affinity_tau(s1, s2):
    return warping_paths_affinity(s1, s2, penalty=0.1, tau=0.5, delta=-0.2, delta_factor=0.5, psi=2)


def warping_paths_affinity_triu(s1):
    return warping_paths_affinity(s1, s1, window=3, penalty=0, only_triu=True)


def distance_matrix_block(s):
    return distance_matrix(s, block=((0, 2), (1, 4)))


def distance_matrix_compact_window(s):
    return distance_matrix(s, compact=True, window=2)


def distance_matrix_triu_psi(s):
    return distance_matrix(s, only_triu=True, psi=1)


def distance_matrix_idxs_not_triu(n):
    return _distance_matrix_idxs(((0, 2), (1, n), False), n)


def distance_matrix_lengths(n):
    return (_distance_matrix_length(None, n), _distance_matrix_length(((0, 2), (1, n)), n),
            _distance_matrix_length(((1, 3), (0, n), False), n),
            [distance_array_index(a, b, n) for a, b in ((0, 1), (2, 1), (1, n - 1))])


def warping_path_with_distance(s1, s2):
    return warping_path(s1, s2, include_distance=True, window=3)


def warping_path_penalty_post(s1, s2):
    return warping_path_penalty(s1, s2, penalty_post=0.5)


def best_path_max(paths):
    return best_path(paths, use_max=True)


def ndim_distance_window_psi(s1, s2):
    return ndim_distance(s1, s2, window=2, psi=1)


def msm_distance_cost(x, y):
    return msm_distance(x, y, sm_cost=0.5)


def needleman_wunsch_substitution(s1, s2):
    substitution = make_substitution_fn({(0, 1): 1.0, (2, 3): 0.5}, gap=0.5)
    return needleman_wunsch(s1, s2, substitution=substitution)


def dp_dtw_window(s1, s2):
    return dp(s1, s2, fn=lambda v1, v2: ((v1 - v2) ** 2, (v1 - v2) ** 2), window=3, max_dist=100.0, penalty=0.1)


def distance_to_similarity_gaussian(D):
    return distance_to_similarity(D, method="gaussian", cover_quantile=0.5)


def distance_to_similarity_reciprocal(D):
    return distance_to_similarity(D, method="reciprocal", cover_quantile=(0.9, 0.1))


def distance_to_similarity_reverse(D):
    return distance_to_similarity(D, method="reverse", return_params=True)


def squash_exponential_base_sign(X):
    return squash(X, method="exponential", base=2.0, keep_sign=True)


def squash_logistic_quantile(X):
    return squash(X, cover_quantile=0.8, return_params=True)


def differencing_smooth(series):
    return differencing(series, smooth=0.2)


def smoothing_fifth(series):
    return smoothing(series, 0.2)


def mixedlinearlogdomain_one(series):
    return mixedlinearlogdomain(series, c=1.0)


def mixedlinearlogdomain_pair(series):
    return mixedlinearlogdomain(series, c=(1.0, 2.0))


def distance_from_path_euclidean(ts1, ts2, path):
    return distance_from_path(ts1, ts2, path, inner_dist="euclidean", relaxed=False)


def points_with_min_diff(ts1, ts2, path):
    return get_points_in_path_with_min_diff(ts1, ts2, path, 0.5)


def points_with_min_diff_strict(ts1, ts2, path):
    return get_points_in_path_with_min_diff(ts1, ts2, path, 0.5, relaxed=False)


def dba_first(s):
    return dba(s, None)


def dba_masked(s, c, mask):
    return dba(s, c, mask=mask, window=3)


def dba_loop_three(s):
    return dba_loop(s, max_it=3, thr=0.001)


def dba_loop_averages(s, mask):
    return dba_loop(s, max_it=3, thr=None, mask=mask, keep_averages=True)


def subsequence_matching_function(query, series):
    sa = subsequence_alignment(query, series)
    return sa.matching_function(), sa.warping_paths()


def subsequence_best_match(query, series):
    sa = subsequence_alignment(query, series)
    match = sa.best_match()
    return match.segment, match.path, match.value, match.distance


def subsequence_kbest_segments(query, series):
    sa = subsequence_alignment(query, series)
    return [m.segment for m in sa.kbest_matches(k=3)]


def subsequence_best_matches_knee(query, series):
    sa = subsequence_alignment(query, series)
    return [m.segment for m in sa.best_matches_knee(alpha=0.3)]


def subsequence_best_matches_rangefactor(query, series):
    sa = subsequence_alignment(query, series)
    return [m.segment for m in sa.best_matches_rangefactor(max_rangefactor=1.2)]


def subsequence_linearly_scale(query, series):
    sa = subsequence_alignment(query, series)
    return sa.best_match().linearly_scale(return_coeff=True)


def subsequence_search_kbest(query, windows):
    ss = subsequence_search(query, windows)
    return [(m.idx, m.distance, m.value) for m in ss.kbest_matches(k=2)]


def subsequence_search_all(query, windows):
    ss = subsequence_search(query, windows, use_lb=False)
    return ss.align(k=None)


def subsequence_search_max_value(query, windows):
    ss = SubsequenceSearch(query, windows, max_value=0.6, keep_all_distances=True)
    return ss.align(k=2), ss.distances


def weighted_warping_paths_window(s1, s2):
    return weighted_warping_paths(s1, s2, window=2)


def weighted_distance_matrix_two(s, w0, w2):
    return weighted_distance_matrix(s, {0: w0, 2: w2})


def weights_from_mlcl(serie):
    return compute_weights_from_mlclvalues(serie, _ML_VALUES, _CL_VALUES)


def weights_from_mlcl_only_max(serie):
    return compute_weights_from_mlclvalues(serie, _ML_VALUES, _CL_VALUES, only_max=True, strict_cl=False)


def weighted_warping_paths_learned(s1, s2):
    weights = compute_weights_from_mlclvalues(s1, _ML_VALUES, _CL_VALUES)
    return weighted_warping_paths(s1, s2, weights)


def loco_warping_paths_type1(s1, s2):
    return loco_warping_paths(s1, s2, gamma=1, tau=0.5, delta=-0.5, delta_factor=0.9, penalty=0.1)


def loco_warping_paths_type3_triu(s1):
    return loco_warping_paths(s1, s1, gamma=1, tau=0.5, delta=-0.5, delta_factor=0.9, penalty=0.1,
                              only_triu=True, psi=1, step_type="TypeIII")


def local_concurrences_estimated(series):
    lc = local_concurrences(series, None, estimate_settings=0.33)
    return lc.settings(), lc.wp_slice_ts(positivize=True)


def local_concurrences_window(series1, series2):
    lc = local_concurrences(series1, series2, gamma=1, tau=0.5, delta=-0.5, delta_factor=0.9, penalty=0.1, window=3)
    return lc.wp_slice_ts()


def local_concurrences_similarity_matrix(series1, series2):
    lc = LocalConcurrences(series1, series2, gamma=1, tau=0.5, delta=-0.5, window=3)
    return lc.similarity_matrix()


def local_concurrences_ssm(series1, series2):
    lc = LocalConcurrences(series1, series2)
    lc.estimate_settings_from_ssm(0.8, set_penalty=True, set_gamma=True)
    lc.set_penalty_in_ts_domain(0.5)
    return lc.settings(), lc.get_penalty_in_ts_domain()


def local_concurrences_ssm_triu(series):
    lc = LocalConcurrences(series)
    lc.estimate_settings_from_ssm(0.5)
    lc.estimate_settings_from_mean(series)
    return lc.settings()


def local_concurrences_best_match(series):
    lc = local_concurrences(series, None, gamma=1, tau=0.5, delta=-0.5, delta_factor=0.9, penalty=0.1)
    match = lc.best_match()
    return match.row, match.col, match.path, match.distance()


# --- inputs ---


def _series(rng, n=9):
    """A smooth random series: a random walk of small steps."""
    return np.cumsum(rng.normal(0.0, 0.5, size=n))


def _pair(rng, n=9, m=9):
    return _series(rng, n), _series(rng, m)


def _pair_ndim(rng, n=8, m=7):
    return np.cumsum(rng.normal(0.0, 0.5, size=(n, 2)), axis=0), np.cumsum(rng.normal(0.0, 0.5, size=(m, 2)), axis=0)


def _walk(rng, n=9, m=9, diagonal=6):
    """A warping path from (0, 0) to (n - 1, m - 1): ``diagonal`` diagonal steps, the rest down and right, in a
    random order."""
    steps = [(1, 1)] * diagonal + [(1, 0)] * (n - 1 - diagonal) + [(0, 1)] * (m - 1 - diagonal)
    order = rng.permutation(len(steps))
    i, j = 0, 0
    path = [(0, 0)]
    for k in order:
        i, j = i + steps[k][0], j + steps[k][1]
        path.append((i, j))
    return np.array(path)


def _with_path(rng):
    s1, s2 = _pair(rng)
    return s1, s2, _walk(rng)


def _many(rng, k=4, n=8):
    return [_series(rng, n) for _ in range(k)]


def _distances(rng, n=6):
    x = rng.uniform(0.0, 3.0, size=(n, 2))
    return np.sqrt(((x[:, None, :] - x[None, :, :]) ** 2).sum(axis=-1))


def _symbols(rng):
    return rng.integers(0, 4, size=7), rng.integers(0, 4, size=6)


def _paths(rng):
    return (warping_paths(*_pair(rng))[1],)


def _affinity_paths(rng):
    return (warping_paths_affinity(*_pair(rng), penalty=0)[1],)


def _alignment_paths(rng):
    s1, s2 = _symbols(rng)
    return needleman_wunsch(s1, s2)[2], s1, s2


def _subsequence(rng):
    """The library's test_dtw_subseq1_maxrangefactor query and series, with noise."""
    query = np.array([1., 2, 0]) + rng.normal(0.0, 0.05, size=3)
    series = np.array([1., 0, 1, 2, 1, 0, 2, 0, 3, 0, 0, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + rng.normal(0.0, 0.05, size=23)
    return query, series


def _windows(rng):
    query = np.array([0., 1, 2, 1]) + rng.normal(0.0, 0.05, size=4)
    series = np.concatenate([_series(rng, 8), [0., 1, 2, 1], _series(rng, 8)])
    return query, [series[i:i + 5] for i in range(0, 16, 2)]


def _knee_values(rng):
    """A slowly increasing curve with a jump (the knee) at the eighth value."""
    values = np.cumsum(rng.uniform(0.05, 0.15, size=12))
    values[8:] += 2.0
    return values, 0.3


# the library's must-link and cannot-link thresholds per point (dtw_weighted's docstrings): {index: ([negative
# differences], [positive differences])}
_ML_VALUES = {0: ([0.1, 0.2], [0.15]), 2: ([0.3], [0.05, 0.25]), 5: ([0.2], [])}
_CL_VALUES = {0: ([0.8, 1.5], [1.0]), 2: ([0.25, 1.2], [0.9]), 4: ([], [0.6, 2.0])}


def _lerue_weights(rng, n=9):
    """dtw_weighted's weights per point of s1: (xn3, xn2, xn1, xn0, xp0, xp1, xp2, xp3), each side's four
    thresholds increasing away from the centre; one infinite x3 on each side."""
    neg = np.sort(rng.uniform(0.05, 2.0, size=(n, 4)), axis=1)
    pos = np.sort(rng.uniform(0.05, 2.0, size=(n, 4)), axis=1)
    neg[1, 3] = np.inf
    pos[3, 3] = np.inf
    return np.concatenate([neg[:, ::-1], pos], axis=1)


def _weighted(rng):
    s1, s2 = _pair(rng, 9, 8)
    return s1, s2, _lerue_weights(rng)


def _weighted_matrix(rng):
    return _many(rng, 4, 7), _lerue_weights(rng, 7), _lerue_weights(rng, 7)


CASES = [
    # dtaidistance/util.py
    case(util_argmin, lambda rng: (rng.normal(size=8),), DTA("util.py", "argmin", "the fallback without numpy: a loop with if v < vmin")),
    case(util_argmax, lambda rng: (rng.normal(size=8),), DTA("util.py", "argmax")),
    case(detect_knee_flags, _knee_values, DTA("util.py", "DetectKnee.dostop", "EWMA knee detection, one value at a time")),
    case(series_container_stats, lambda rng: (_many(rng),), DTA("util.py", "SeriesContainer", "a list of arrays: get_max_y, get_max_min_y, get_max_length, get_avg_length")),
    case(series_container_stats, lambda rng: (np.stack(_many(rng)),), DTA("util.py", "SeriesContainer", "a 2-D array"), name="dtaidistance.series_container_stats_array"),
    # dtaidistance/ed.py, dtw_ndim.py's ub_euclidean
    case(ed_distance, lambda rng: _pair(rng), DTA("ed.py", "distance", "equal lengths")),
    case(ed_distance, lambda rng: _pair(rng, 9, 6), DTA("ed.py", "distance", "s1 longer: the last of s2 against the rest"), name="dtaidistance.ed_distance_s1_longer"),
    case(ed_distance_euclidean, lambda rng: _pair(rng, 6, 9), DTA("ed.py", "distance", "s2 longer, inner_dist='euclidean'")),
    case(ndim_ub_euclidean, lambda rng: _pair_ndim(rng), DTA("dtw_ndim.py", "ub_euclidean", "ed.distance with use_ndim")),
    # dtaidistance/dtw.py
    case(lb_keogh_window, lambda rng: _pair(rng), DTA("dtw.py", "lb_keogh", "window=2: if ci > ui / elif ci < li")),
    case(distance, lambda rng: _pair(rng), DTA("dtw.py", "distance", "the compact array.array of two rows")),
    case(distance_window, lambda rng: _pair(rng), DTA("dtw.py", "distance", "window=3")),
    case(distance_pruning, lambda rng: _pair(rng), DTA("dtw.py", "distance", "use_pruning: max_dist from ub_euclidean, the break")),
    case(distance_max_dist, lambda rng: _pair(rng), DTA("dtw.py", "distance", "max_dist=1.5: early abandoning")),
    case(distance_psi, lambda rng: _pair(rng), DTA("dtw.py", "distance", "psi=2: psi relaxation, min over the last row and column")),
    case(distance_penalty_max_step, lambda rng: _pair(rng), DTA("dtw.py", "distance", "penalty=0.1, max_step=3: continue past large steps")),
    case(distance_window_lengths, lambda rng: _pair(rng, 9, 7), DTA("dtw.py", "distance", "lengths 9 and 7, window=2, max_length_diff=3")),
    case(distance_euclidean, lambda rng: _pair(rng), DTA("dtw.py", "distance", "inner_dist='euclidean'")),
    case(warping_paths, lambda rng: _pair(rng), DTA("dtw.py", "warping_paths", "the full matrix")),
    case(warping_paths_window_psi, lambda rng: _pair(rng), DTA("dtw.py", "warping_paths", "window=3, psi=2: argmin of the last row and column, -1 written")),
    case(warping_paths_int_repr, lambda rng: _pair(rng), DTA("dtw.py", "warping_paths", "keep_int_repr, penalty=0.1")),
    case(warping_paths_pruning, lambda rng: _pair(rng), DTA("dtw.py", "warping_paths", "use_pruning: break when past max_dist")),
    case(warping_paths_affinity_plain, lambda rng: _pair(rng), DTA("dtw.py", "warping_paths_affinity", "gamma=1, tau=0, penalty=0 (None, the default, fails in dtw_prev)")),
    case(warping_paths_affinity_tau, lambda rng: _pair(rng), DTA("dtw.py", "warping_paths_affinity", "tau=0.5, delta=-0.2: if d < tau, psi=2: argmax")),
    case(warping_paths_affinity_triu, lambda rng: (_series(rng),), DTA("dtw.py", "warping_paths_affinity", "a series against itself, only_triu, window=3")),
    case(distance_matrix, lambda rng: (_many(rng),), DTA("dtw.py", "distance_matrix / distance_matrix_python / distances_array_to_matrix", "four series: the pure Python loop into array.array")),
    case(distance_matrix_block, lambda rng: (_many(rng),), DTA("dtw.py", "distance_matrix", "block=((0, 2), (1, 4))")),
    case(distance_matrix_compact_window, lambda rng: (_many(rng),), DTA("dtw.py", "distance_matrix", "compact=True (the array.array), window=2")),
    case(distance_matrix_triu_psi, lambda rng: (np.stack(_many(rng, 5)),), DTA("dtw.py", "distance_matrix", "a 2-D array of five series, only_triu, psi=1")),
    case(distances_array_to_matrix, lambda rng: (rng.uniform(size=6), 4), DTA("dtw.py", "distances_array_to_matrix", "np.triu_indices, writes through .T")),
    case(distance_matrix_idxs_not_triu, lambda rng: (5,), DTA("dtw.py", "_distance_matrix_idxs / _complete_block", "a block with triu=False: lists appended in a loop")),
    case(distance_matrix_lengths, lambda rng: (5,), DTA("dtw.py", "_distance_matrix_length / distance_array_index", "plain Python on ints")),
    case(warping_path, lambda rng: _pair(rng), DTA("dtw.py", "warping_path / best_path", "a list of (row, col) grown in a while loop")),
    case(warping_path_with_distance, lambda rng: _pair(rng), DTA("dtw.py", "warping_path", "include_distance, window=3")),
    case(warping_amount, lambda rng: (_walk(rng),), DTA("dtw.py", "warping_amount", "a path of 11 points")),
    case(warping_path_penalty_post, lambda rng: _pair(rng), DTA("dtw.py", "warping_path_penalty", "penalty_post=0.5 per compression or expansion")),
    case(warp, lambda rng: _pair(rng), DTA("dtw.py", "warp", "array.array sums and counts along the path")),
    case(warp, lambda rng: (*_pair(rng), _walk(rng)), DTA("dtw.py", "warp", "a given path"), name="dtaidistance.warp_given_path"),
    case(best_path, _paths, DTA("dtw.py", "best_path", "argmin of a list of three entries, if c == 0 / elif")),
    case(best_path_max, _affinity_paths, DTA("dtw.py", "best_path", "use_max on an affinity matrix")),
    case(best_path2, _paths, DTA("dtw.py", "best_path2", "three ifs on m[r - 1, c - 1] <= v")),
    # dtaidistance/dtw_ndim.py
    case(ndim_distance, lambda rng: _pair_ndim(rng), DTA("dtw_ndim.py", "distance", "dtw.distance with use_ndim: SquaredEuclideanNdim")),
    case(ndim_distance_window_psi, lambda rng: _pair_ndim(rng), DTA("dtw_ndim.py", "distance", "window=2, psi=1")),
    case(ndim_warping_paths, lambda rng: _pair_ndim(rng), DTA("dtw_ndim.py", "warping_paths")),
    case(ndim_distance_matrix, lambda rng: (np.cumsum(rng.normal(0.0, 0.5, size=(4, 7, 2)), axis=1),), DTA("dtw_ndim.py", "distance_matrix", "a 3-D array: SeriesContainer's detected_ndim")),
    case(ndim_warping_path, lambda rng: _pair_ndim(rng), DTA("dtw_ndim.py", "warping_path")),
    # dtaidistance/msm.py
    case(msm_distance, lambda rng: _pair(rng, 8, 8), DTA("msm.py", "distance", "a closure with chained comparisons, np.min of a list")),
    case(msm_distance_cost, lambda rng: _pair(rng, 8, 8), DTA("msm.py", "distance", "sm_cost=0.5")),
    # dtaidistance/dp.py, alignment.py
    case(needleman_wunsch, lambda rng: _symbols(rng), DTA("alignment.py", "needleman_wunsch / dp", "symbols 0..3: a '<U4' traceback matrix of arrows")),
    case(needleman_wunsch_substitution, lambda rng: _symbols(rng), DTA("alignment.py", "make_substitution_fn", "a dict of pairs, gap=0.5")),
    case(dp_dtw_window, lambda rng: _pair(rng), DTA("dp.py", "dp", "a DTW cost, window=3, max_dist=100, penalty=0.1")),
    case(best_alignment, _alignment_paths, DTA("alignment.py", "best_alignment", "next() of a generator over the arrows in paths[i, j]")),
    # dtaidistance/similarity.py
    case(distance_to_similarity, lambda rng: (_distances(rng),), DTA("similarity.py", "distance_to_similarity", "method='exponential'")),
    case(distance_to_similarity_gaussian, lambda rng: (_distances(rng),), DTA("similarity.py", "distance_to_similarity", "gaussian, cover_quantile=0.5")),
    case(distance_to_similarity_reciprocal, lambda rng: (_distances(rng),), DTA("similarity.py", "distance_to_similarity", "reciprocal, cover_quantile=(0.9, 0.1)")),
    case(distance_to_similarity_reverse, lambda rng: (_distances(rng),), DTA("similarity.py", "distance_to_similarity", "reverse, return_params")),
    case(squash, lambda rng: (_distances(rng),), DTA("similarity.py", "squash", "logistic: x0 the mean, r = x0 / 6")),
    case(squash_exponential_base_sign, lambda rng: (rng.normal(size=10),), DTA("similarity.py", "squash", "exponential, base=2, keep_sign")),
    case(squash_logistic_quantile, lambda rng: (_distances(rng),), DTA("similarity.py", "squash", "logistic, cover_quantile=0.8, return_params")),
    # dtaidistance/preprocessing.py
    case(differencing, lambda rng: (_series(rng, 12),), DTA("preprocessing.py", "differencing", "a 1-D array")),
    case(differencing_smooth, lambda rng: (np.stack(_many(rng, 3, 20)),), DTA("preprocessing.py", "differencing / smoothing", "a 2-D array, smooth=0.2: butter and filtfilt(method='gust')")),
    case(smoothing_fifth, lambda rng: (_series(rng, 20),), DTA("preprocessing.py", "smoothing", "smooth=0.2")),
    case(derivative, lambda rng: (_series(rng, 12),), DTA("preprocessing.py", "derivative", "Keogh and Pazzani's derivative")),
    case(logdomain, lambda rng: (rng.normal(0.0, 5.0, size=10),), DTA("preprocessing.py", "logdomain")),
    case(mixedlinearlogdomain_one, lambda rng: (rng.normal(0.0, 3.0, size=10),), DTA("preprocessing.py", "mixedlinearlogdomain", "c=1: heaviside steps")),
    case(mixedlinearlogdomain_pair, lambda rng: (rng.normal(0.0, 3.0, size=10),), DTA("preprocessing.py", "mixedlinearlogdomain", "c=(1, 2): positive and negative parts")),
    case(znormal, lambda rng: (np.stack(_many(rng, 3)),), DTA("preprocessing.py", "znormal")),
    # dtaidistance/postprocessing.py
    case(distance_from_path, _with_path, DTA("postprocessing.py", "distance_from_path", "relaxed: derivatives, min of four")),
    case(distance_from_path_euclidean, _with_path, DTA("postprocessing.py", "distance_from_path", "relaxed=False: continue, inner_dist='euclidean'")),
    case(points_with_min_diff, _with_path, DTA("postprocessing.py", "get_points_in_path_with_min_diff", "min_diff=0.5, relaxed")),
    case(points_with_min_diff_strict, _with_path, DTA("postprocessing.py", "get_points_in_path_with_min_diff", "relaxed=False")),
    # dtaidistance/dtw_barycenter.py
    case(dba_first, lambda rng: (_many(rng),), DTA("dtw_barycenter.py", "dba", "c=None: the first series; lists of values per point")),
    case(dba_masked, lambda rng: (np.stack(_many(rng, 5)), _series(rng, 8), np.array([True, False, True, True, False])), DTA("dtw_barycenter.py", "dba", "a mask, window=3")),
    case(dba, lambda rng: (np.cumsum(rng.normal(0.0, 0.5, size=(3, 7, 2)), axis=1), np.cumsum(rng.normal(0.0, 0.5, size=(7, 2)), axis=0)), DTA("dtw_barycenter.py", "dba", "n-dimensional series: dtw_ndim.warping_path"), name="dtaidistance.dba_ndim"),
    case(dba_loop_three, lambda rng: (_many(rng),), DTA("dtw_barycenter.py", "dba_loop", "max_it=3, thr: a break on convergence")),
    case(dba_loop_averages, lambda rng: (np.stack(_many(rng, 4)), np.array([True, True, False, True])), DTA("dtw_barycenter.py", "dba_loop", "a mask, keep_averages, thr=None")),
    # dtaidistance/subsequence/subsequencealignment.py
    case(subsequence_matching_function, _subsequence, DTA("subsequence/subsequencealignment.py", "SubsequenceAlignment.align / _compute_matching", "psi relaxation over the whole series")),
    case(subsequence_best_match, _subsequence, DTA("subsequence/subsequencealignment.py", "SubsequenceAlignment.best_match / SAMatch", "a generator's first match, its segment and path")),
    case(subsequence_kbest_segments, _subsequence, DTA("subsequence/subsequencealignment.py", "SubsequenceAlignment.kbest_matches / best_matches", "k=3: a while loop yielding matches, masked writes")),
    case(subsequence_best_matches_knee, _subsequence, DTA("subsequence/subsequencealignment.py", "SubsequenceAlignment.best_matches_knee", "alpha=0.3: util.DetectKnee")),
    case(subsequence_best_matches_rangefactor, _subsequence, DTA("subsequence/subsequencealignment.py", "SubsequenceAlignment.best_matches_rangefactor", "max_rangefactor=1.2")),
    case(subsequence_linearly_scale, _subsequence, DTA("subsequence/subsequencealignment.py", "SAMatch.linearly_scale", "Polynomial.fit with weights, np.interp")),
    # dtaidistance/subsequence/subsequencesearch.py
    case(subsequence_search_kbest, _windows, DTA("subsequence/subsequencesearch.py", "SubsequenceSearch.kbest_matches / align", "k=2: lb_keogh, a heap of (-dist, idx)")),
    case(subsequence_search_all, _windows, DTA("subsequence/subsequencesearch.py", "SubsequenceSearch.align", "k=None, use_lb=False: every distance, sorted by np.argsort")),
    case(subsequence_search_max_value, _windows, DTA("subsequence/subsequencesearch.py", "SubsequenceSearch", "max_value=0.6, keep_all_distances")),
    # dtaidistance/dtw_weighted.py
    case(weighted_warping_paths, _weighted, DTA("dtw_weighted.py", "warping_paths", "weights per point: if d < 0, if d <= x0 / elif x0 < d < x1 / elif x2 <= d")),
    case(weighted_warping_paths_window, lambda rng: _pair(rng, 9, 8), DTA("dtw_weighted.py", "warping_paths", "no weights, window=2 (window += 1)")),
    case(weighted_distance_matrix_two, _weighted_matrix, DTA("dtw_weighted.py", "distance_matrix", "weights for series 0 and 2: min of both directions")),
    case(weights_from_mlcl, lambda rng: (_series(rng, 8),), DTA("dtw_weighted.py", "compute_weights_from_mlclvalues / _clean_max / _clean_min", "fixed must-link and cannot-link values")),
    case(weights_from_mlcl_only_max, lambda rng: (_series(rng, 8),), DTA("dtw_weighted.py", "compute_weights_from_mlclvalues", "only_max, strict_cl=False: boolean-mask writes")),
    case(weighted_warping_paths_learned, lambda rng: _pair(rng, 8, 8), DTA("dtw_weighted.py", "compute_weights_from_mlclvalues / warping_paths", "the weights it computes, then warping_paths")),
    # dtaidistance/subsequence/localconcurrences.py
    case(loco_warping_paths_type1, lambda rng: _pair(rng), DTA("subsequence/localconcurrences.py", "loco_warping_paths", "TypeI steps: max of a generator, if d < s.tau")),
    case(loco_warping_paths_type3_triu, lambda rng: (_series(rng),), DTA("subsequence/localconcurrences.py", "loco_warping_paths", "TypeIII steps, only_triu, psi=1")),
    case(local_concurrences_estimated, lambda rng: (_series(rng, 10),), DTA("subsequence/localconcurrences.py", "local_concurrences / LocalConcurrences.estimate_settings / align / _reset_wp_mask / wp_slice_ts", "self-comparison, estimate_settings=0.33 (tau_std), positivize")),
    case(local_concurrences_window, lambda rng: _pair(rng), DTA("subsequence/localconcurrences.py", "LocalConcurrences._reset_wp_mask", "window=3: tril_indices and triu_indices writes")),
    case(local_concurrences_similarity_matrix, lambda rng: _pair(rng), DTA("subsequence/localconcurrences.py", "LocalConcurrences.similarity_matrix", "window=3: self.delta if d < self.tau else d")),
    case(local_concurrences_ssm, lambda rng: _pair(rng), DTA("subsequence/localconcurrences.py", "LocalConcurrences.estimate_settings_from_ssm / set_penalty_in_ts_domain", "rho=0.8, set_penalty, set_gamma")),
    case(local_concurrences_ssm_triu, lambda rng: (_series(rng, 10),), DTA("subsequence/localconcurrences.py", "LocalConcurrences.estimate_settings_from_ssm / estimate_settings_from_mean", "self-comparison: quantile of the upper triangle")),
    case(local_concurrences_best_match, lambda rng: (_series(rng, 10),), DTA("subsequence/localconcurrences.py", "LocalConcurrences.best_match / best_path / LCMatch.distance", "argmax of the matrix, the path grown back with a break")),
]
