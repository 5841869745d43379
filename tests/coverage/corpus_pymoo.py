"""pymoo's multi-objective machinery: dominance, non-dominated sorting, crowding, decompositions, normalization,
bounds repair and test problems (anyoptimization/pymoo, Apache-2.0).

Copied from anyoptimization/pymoo at c9352c032973299f2a92759b38c3f02a28fc34cd (its LICENSE is the Apache License,
Version 2.0), the files named in each section below. Bodies are as written, comments kept, docstrings dropped.
The ``functions/standard`` modules are the pure-Python fallbacks of pymoo's Cython kernels (what pymoo runs when
its extensions are not compiled): non-dominated sorting that grows lists of fronts in loops with value-dependent
``if``/``break``s, the dominance relation (early ``return``s on element comparisons), pruning crowding distance (a
``while`` that removes one point per pass, ``H = H[H != k]``), and around them pymoo's NumPy code: crowding distance
and entropy (``argsort`` along columns, fancy-index reorders, NaN masks), decompositions (a class whose ``do``
picks a mode from the shapes), ``ZeroToOneNormalization`` (boolean masks on the last axis, ``N[..., mask] = ...``),
the nadir-point estimate (``np.linalg.solve`` inside a ``try`` whose ``except LinAlgError`` is also reached by a
``raise`` on a computed value), bounds repair (masked writes) and the ZDT, DTLZ and WFG test problems.

Adapted, beyond that:

* ``Problem`` (``core/problem.py``) is a stand-in that keeps what the copied problems read (``n_var``, ``n_obj``,
  ``xl``, ``xu``); ``anp`` (``pymoo.gradient.toolbox``, a lazy proxy for the active backend) is ``numpy``, the
  backend pymoo uses when no automatic differentiation is activated; a problem's ``_evaluate(x, out)`` writes
  ``out["F"]``, so a two-line wrapper makes the problem, evaluates it and returns ``out["F"]``;
* ``load_function("calc_distance_to_weights")`` (pymoo's loader of the compiled or the Python kernel) is the copied
  Python kernel (marked ``# adapted``);
* ``get_nadir_point``'s ``warnings.simplefilter("ignore")`` is dropped (it would change the test process's warning
  filters; the harness ignores warnings anyway);
* ``DecisionMaking`` (an ``Indicator``) is a stand-in with ``ideal = nadir = None``, what ``PseudoWeights(w)`` gets
  from its base when neither is given;
* ``find_duplicates`` calls pymoo's ``cdist`` (``scipy.spatial.distance.cdist`` of float copies), copied too;
* annotations only: ``Optional[X]`` is written ``X | None``, and ``Callable[...]`` / ``Union[...]`` return types ``Any``.

Not taken: the hypervolume and the epsilon indicators (``moocore``), anything drawing from a random state
(``stochastic_ranking``, the operators), the tree-based sort (``weakref``'d tree nodes), the dominance-degree sorts
(they stop at ``np.apply_over_axes`` in ``construct_domination_matrix``, which is a case) and the reference-direction
factories (no array input).

The inputs are objective matrices (``(n, m)`` uniform draws, so that the fronts have several layers, and points on a
convex front for the crowding measures), positive weight vectors, reference directions, decision vectors in
``[0, 1]`` (ZDT, DTLZ) or in WFG's bounds ``[0, 2i]``, and points partly outside their bounds for the repairs.
"""

# ruff: noqa: B020, E501, E741, UP031
from __future__ import annotations

from math import floor
from typing import Any

import numpy as anp  # pymoo.gradient.toolbox with no automatic differentiation activated
import numpy as np
from numpy.linalg import LinAlgError
from scipy.spatial.distance import pdist, squareform

from tests.coverage.cases import PYMOO, Source, case


def PM(path: str, original: str, note: str = "") -> Source:
    return Source(PYMOO, "pymoo/" + path, original, note)


class Problem:
    """Stand-in for pymoo.core.problem.Problem: the attributes the copied problems read."""

    def __init__(self, n_var=-1, n_obj=1, xl=None, xu=None, vtype=None, **kwargs):
        self.n_var, self.n_obj, self.xl, self.xu = n_var, n_obj, xl, xu


class DecisionMaking:
    """Stand-in for pymoo.core.decision_making.DecisionMaking: no ideal or nadir point given."""

    def __init__(self, **kwargs) -> None:
        self.ideal, self.nadir = None, None


# --- pymoo/util/dominator.py ----------------------------------------------------------------------------
class Dominator:

    @staticmethod
    def get_relation(a: Any, b: Any, cva: Any = None, cvb: Any = None) -> int:
        if cva is not None and cvb is not None:
            if cva < cvb:
                return 1
            elif cvb < cva:
                return -1

        val = 0
        for i in range(len(a)):
            if a[i] < b[i]:
                if val == -1:
                    return 0
                val = 1
            elif b[i] < a[i]:
                if val == 1:
                    return 0
                val = -1
        return val

    @staticmethod
    def calc_domination_matrix_loop(F: Any, G: Any) -> Any:
        n = F.shape[0]
        CV = np.sum(G * (G > 0).astype(float), axis=1)
        M = np.zeros((n, n))
        for i in range(n):
            for j in range(i + 1, n):
                M[i, j] = Dominator.get_relation(F[i, :], F[j, :], CV[i], CV[j])
                M[j, i] = -M[i, j]

        return M

    @staticmethod
    def calc_domination_matrix(F: Any, _F: Any = None, epsilon: float = 0.0) -> Any:
        if _F is None:
            _F = F

        n = F.shape[0]
        m = _F.shape[0]

        L = np.repeat(F, m, axis=0)
        R = np.tile(_F, (n, 1))

        smaller = np.reshape(np.any(L + epsilon < R, axis=1), (n, m))
        larger = np.reshape(np.any(L > R + epsilon, axis=1), (n, m))

        M = np.logical_and(smaller, np.logical_not(larger)) * 1 + np.logical_and(larger, np.logical_not(smaller)) * -1

        return M


# --- pymoo/functions/standard/non_dominated_sorting.py --------------------------------------------------
def fast_non_dominated_sort(F, dominator=Dominator(), native_biobj_sorting=False, **kwargs):
    if F.size == 0:
        return []

    n_points, n_objectives = F.shape

    # For single objective or single point, return immediately
    if n_points <= 1:
        return [list(range(n_points))] if n_points == 1 else []

    # For bi-objective problems, optionally use specialized O(N log N) algorithm
    if native_biobj_sorting and n_objectives == 2:
        return _fast_biobjective_nondominated_sort(F)

    M = dominator.calc_domination_matrix(F)

    # calculate the dominance matrix
    n = M.shape[0]

    fronts = []

    if n == 0:
        return fronts

    # final rank that will be returned
    n_ranked = 0
    ranked = np.zeros(n, dtype=int)

    # for each individual a list of all individuals that are dominated by this one
    is_dominating = [[] for _ in range(n)]

    # storage for the number of solutions dominated this one
    n_dominated = np.zeros(n)

    current_front = []

    for i in range(n):
        for j in range(i + 1, n):
            rel = M[i, j]
            if rel == 1:
                is_dominating[i].append(j)
                n_dominated[j] += 1
            elif rel == -1:
                is_dominating[j].append(i)
                n_dominated[i] += 1

        if n_dominated[i] == 0:
            current_front.append(i)
            ranked[i] = 1.0
            n_ranked += 1

    # append the first front to the current front
    fronts.append(current_front)

    # while not all solutions are assigned to a pareto front
    while n_ranked < n:
        next_front = []

        # for each individual in the current front
        for i in current_front:
            # all solutions that are dominated by this individuals
            for j in is_dominating[i]:
                n_dominated[j] -= 1
                if n_dominated[j] == 0:
                    next_front.append(j)
                    ranked[j] = 1.0
                    n_ranked += 1

        fronts.append(next_front)
        current_front = next_front

    return fronts


def _fast_biobjective_nondominated_sort(F):
    n_points = F.shape[0]

    if n_points == 0:
        return []

    # Sort by first objective ascending
    sorted_indices = np.argsort(F[:, 0])
    sorted_F = F[sorted_indices]

    fronts = []
    assigned = [False] * n_points
    n_assigned = 0

    while n_assigned < n_points:
        current_front = []
        current_indices = []

        # Track the minimum second objective seen in the current front
        min_second_obj = float("inf")

        for i in range(n_points):
            if assigned[i]:
                continue

            # Check if current point is dominated by any point in current front
            is_dominated = False
            if current_indices:  # If there are already points in the current front
                # Since points are sorted by first objective, we only need to check
                # if its second objective is greater than the minimum second objective in front
                if sorted_F[i, 1] >= min_second_obj:
                    is_dominated = True

            if not is_dominated:
                # Add this point to the current front
                current_front.append(sorted_indices[i])
                current_indices.append(i)
                assigned[i] = True
                n_assigned += 1
                # Update the minimum second objective
                min_second_obj = min(min_second_obj, sorted_F[i, 1])

        if current_front:
            fronts.append(current_front)
        else:
            break

    return fronts


def find_non_dominated(F, epsilon=0.0):
    n_points = F.shape[0]
    non_dominated_indices = []

    if n_points == 0:
        return np.array([], dtype=int)

    # Check each point to see if it's non-dominated
    for i in range(n_points):
        is_dominated = False

        # Check if point i is dominated by any other point j
        for j in range(n_points):
            if i != j:
                # Check if j dominates i
                dominates = True
                at_least_one_better = False

                for k in range(F.shape[1]):  # for each objective
                    if F[j, k] + epsilon < F[i, k]:  # j is better than i in objective k
                        at_least_one_better = True
                    elif F[j, k] > F[i, k] + epsilon:  # j is worse than i in objective k
                        dominates = False
                        break  # Early termination in objective loop

                # j dominates i if j is at least as good in all objectives and better in at least one
                if dominates and at_least_one_better:
                    is_dominated = True
                    break  # Early termination - no need to check other points

        # If point i is not dominated by any other point, it's non-dominated
        if not is_dominated:
            non_dominated_indices.append(i)

    return np.array(non_dominated_indices, dtype=int)


def efficient_non_dominated_sort(F, strategy="sequential"):
    assert strategy in ["sequential", "binary"], "Invalid search strategy"

    # the shape of the input
    N, M = F.shape

    # do a lexicographic ordering
    I = np.lexsort(F.T[::-1])  # noqa: E741
    F = F[I]

    # front ranks for each individual
    fronts = []

    for i in range(N):
        if strategy == "sequential":
            k = sequential_search(F, i, fronts)
        else:
            k = binary_search(F, i, fronts)

        # create empty fronts if necessary
        if k >= len(fronts):
            fronts.append([])

        # append the current individual to a front
        fronts[k].append(i)

    # now map the fronts back to the originally sorting
    ret = []
    for front in fronts:
        ret.append(I[front])

    return ret


def sequential_search(F, i, fronts) -> int:
    num_found_fronts = len(fronts)
    k = 0  # the front now checked
    current = F[i]
    while True:
        if num_found_fronts == 0:
            return 0
        # solutions in the k-th front, examine in reverse order
        fk_indices = fronts[k]
        solutions = F[fk_indices[::-1]]
        non_dominated = True
        for f in solutions:
            relation = Dominator.get_relation(current, f)
            if relation == -1:
                non_dominated = False
                break
        if non_dominated:
            return k
        else:
            k += 1
            if k >= num_found_fronts:
                # move the individual to a new front
                return num_found_fronts


def binary_search(F, i, fronts):
    num_found_fronts = len(fronts)
    if num_found_fronts == 0:
        return 0

    k_min = 0  # the lower bound for checking
    k_max = num_found_fronts  # the upper bound for checking
    k = floor((k_max + k_min) / 2 + 0.5)  # the front now checked
    current = F[i]
    while True:
        # solutions in the k-th front, examine in reverse order
        fk_indices = fronts[k - 1]
        solutions = F[fk_indices[::-1]]
        non_dominated = True

        for f in solutions:
            relation = Dominator.get_relation(current, f)
            if relation == -1:
                non_dominated = False
                break

        # binary search
        if non_dominated:
            if k == k_min + 1:
                return k - 1
            else:
                k_max = k
                k = floor((k_max + k_min) / 2 + 0.5)
        else:
            k_min = k
            if k_max == k_min + 1 and k_max < num_found_fronts:
                return k_max - 1
            elif k_min == num_found_fronts:
                return num_found_fronts
            else:
                k = floor((k_max + k_min) / 2 + 0.5)


def construct_comp_matrix(vec: np.ndarray, sorted_idx: np.ndarray) -> np.ndarray:
    n = vec.shape[0]
    c = np.zeros(shape=(n, n), dtype=np.int32)

    # the elements of the b(0)-th row in C are all set to 1
    c[sorted_idx[0], :] = 1

    for i in range(1, n):
        if vec[sorted_idx[i]] == vec[sorted_idx[i - 1]]:
            # the rows in C corresponding to the same elements in w are identical
            c[sorted_idx[i]] = c[sorted_idx[i - 1]]
        else:
            c[sorted_idx[i], sorted_idx[i:]] = 1

    return c


def construct_domination_matrix(f_scores: np.ndarray, **kwargs) -> np.ndarray:
    d = np.zeros((f_scores.shape[0], f_scores.shape[0]), dtype=np.int32)
    b = np.apply_over_axes(np.argsort, f_scores, axes=0)
    for vec, srt in zip(f_scores.T, b.T):
        d += construct_comp_matrix(vec, srt)
    d = np.where(np.logical_and(d == f_scores.shape[-1], d.T == f_scores.shape[-1]), 0, d)
    return d


# --- pymoo/functions/standard/pruning_cd.py -------------------------------------------------------------
def calc_pcd(X, n_remove=0):
    N = X.shape[0]
    M = X.shape[1]

    if n_remove <= (N - M):
        if n_remove < 0:
            n_remove = 0
        else:
            pass
    else:
        n_remove = N - M

    extremes_min = np.argmin(X, axis=0)
    extremes_max = np.argmax(X, axis=0)

    min_vals = np.min(X, axis=0)
    max_vals = np.max(X, axis=0)

    extremes = np.concatenate((extremes_min, extremes_max))

    X = (X - min_vals) / (max_vals - min_vals)

    H = np.arange(N)
    d = np.full(N, np.inf)

    I = np.argsort(X, axis=0, kind="mergesort")  # noqa: E741

    # sort the objective space values for the whole matrix
    _X = X[I, np.arange(M)]

    # calculate the distance from each point to the last and next
    dist = np.vstack([_X, np.full(M, np.inf)]) - np.vstack([np.full(M, -np.inf), _X])

    # prepare the distance to last and next vectors
    dist_to_last, dist_to_next = dist, np.copy(dist)
    dist_to_last, dist_to_next = dist_to_last[:-1], dist_to_next[1:]

    # if we divide by zero because all values in one columns are equal replace by none
    dist_to_last[np.isnan(dist_to_last)] = 0.0
    dist_to_next[np.isnan(dist_to_next)] = 0.0

    # sum up the distance to next and last and norm by objectives - also reorder from sorted list
    J = np.argsort(I, axis=0)
    _d = np.sum(dist_to_last[J, np.arange(M)] + dist_to_next[J, np.arange(M)], axis=1)
    d[H] = _d
    d[extremes] = np.inf

    n_removed = 0

    while n_removed < (n_remove - 1):
        _d = d[H]
        _k = np.argmin(_d)
        k = H[_k]

        H = H[H != k]

        n_removed = n_removed + 1

        I = np.argsort(X[H].copy(), axis=0, kind="mergesort")  # noqa: E741

        _X = X[H].copy()[I, np.arange(M)]

        dist = np.vstack([_X, np.full(M, np.inf)]) - np.vstack([np.full(M, -np.inf), _X])

        dist_to_last, dist_to_next = dist, np.copy(dist)
        dist_to_last, dist_to_next = dist_to_last[:-1], dist_to_next[1:]

        dist_to_last[np.isnan(dist_to_last)] = 0.0
        dist_to_next[np.isnan(dist_to_next)] = 0.0

        J = np.argsort(I, axis=0)
        _d = np.sum(dist_to_last[J, np.arange(M)] + dist_to_next[J, np.arange(M)], axis=1)
        d[H] = _d
        d[extremes] = np.inf

    return d


# --- pymoo/functions/standard/calc_perpendicular_distance.py --------------------------------------------
def calc_perpendicular_distance(N, ref_dirs):
    u = np.tile(ref_dirs, (len(N), 1))
    v = np.repeat(N, len(ref_dirs), axis=0)

    norm_u = np.linalg.norm(u, axis=1)

    scalar_proj = np.sum(v * u, axis=1) / norm_u
    proj = scalar_proj[:, None] * u / norm_u[:, None]
    val = np.linalg.norm(proj - v, axis=1)
    matrix = np.reshape(val, (len(N), len(ref_dirs)))

    return matrix


# --- pymoo/functions/standard/decomposition.py ----------------------------------------------------------
def calc_distance_to_weights(F, weights, utopian_point=None):
    norm = np.linalg.norm(weights, axis=1)

    if utopian_point is not None:
        F = F - utopian_point

    d1 = (F * weights).sum(axis=1) / norm
    d2 = np.linalg.norm(F - (d1[:, None] * weights / norm[:, None]), axis=1)

    return d1, d2


# --- pymoo/util/misc.py ---------------------------------------------------------------------------------
def func_euclidean_distance(a: Any, b: Any) -> Any:
    return np.sqrt(((a - b) ** 2).sum(axis=1))


def cdist(A: Any, B: Any, **kwargs: Any) -> Any:
    from scipy.spatial import distance

    return distance.cdist(A.astype(float), B.astype(float), **kwargs)


def vectorized_cdist(
    A: Any,
    B: Any,
    func_dist: Any = func_euclidean_distance,
    fill_diag_with_inf: bool = False,
    **kwargs: Any,
) -> Any:
    assert A.ndim <= 2 and B.ndim <= 2

    A, only_row = at_least_2d_array(A, extend_as="row", return_if_reshaped=True)
    B, only_column = at_least_2d_array(B, extend_as="row", return_if_reshaped=True)

    u = np.repeat(A, B.shape[0], axis=0)
    v = np.tile(B, (A.shape[0], 1))

    D = func_dist(u, v, **kwargs)
    M = np.reshape(D, (A.shape[0], B.shape[0]))

    if fill_diag_with_inf:
        np.fill_diagonal(M, np.inf)

    if only_row and only_column:
        M = M[0, 0]
    elif only_row:
        M = M[0]
    elif only_column:
        M = M[:, [0]]

    return M


def find_duplicates(X: Any, epsilon: float = 1e-16) -> Any:
    D = cdist(X, X)

    D[np.triu_indices(len(X))] = np.inf

    is_duplicate = np.any(D <= epsilon, axis=1)

    return is_duplicate


def at_least_2d_array(x: Any, extend_as: str = "row", return_if_reshaped: bool = False) -> Any:
    if x is None:
        return x
    elif not isinstance(x, np.ndarray):
        x = np.array([x])

    has_been_reshaped = False

    if x.ndim == 1:
        if extend_as.startswith("r"):
            x = x[None, :]
        elif extend_as.startswith("c"):
            x = x[:, None]
        else:
            raise Exception("The option `extend_as` should be either `row` or `column`.")

        has_been_reshaped = True

    if return_if_reshaped:
        return x, has_been_reshaped
    else:
        return x


def to_1d_array_if_possible(x: Any) -> Any:
    if not isinstance(x, np.ndarray):
        x = np.array([x])

    if x.ndim == 2:
        if x.shape[0] == 1 or x.shape[1] == 1:
            x = x.flatten()

    return x


# --- pymoo/operators/survival/rank_and_crowding/metrics.py ----------------------------------------------
class CrowdingDiversity:
    def do(self, F, n_remove=0):
        # Converting types Python int to Cython int would fail in some cases converting to long instead
        n_remove = np.intc(n_remove)
        F = np.array(F, dtype=np.double)
        return self._do(F, n_remove=n_remove)

    def _do(self, F, n_remove=None):
        pass


class FunctionalDiversity(CrowdingDiversity):
    def __init__(self, function=None, filter_out_duplicates=True):
        self.function = function
        self.filter_out_duplicates = filter_out_duplicates
        super().__init__()

    def _do(self, F, **kwargs):

        n_points, n_obj = F.shape

        if n_points <= 2:
            return np.full(n_points, np.inf)

        else:
            if self.filter_out_duplicates:
                # filter out solutions which are duplicates - duplicates get a zero finally
                is_unique = np.where(np.logical_not(find_duplicates(F, epsilon=1e-32)))[0]
            else:
                # set every point to be unique without checking it
                is_unique = np.arange(n_points)

            # index the unique points of the array
            _F = F[is_unique]

            _d = self.function(_F, **kwargs)

            d = np.zeros(n_points)
            d[is_unique] = _d

        return d


def calc_crowding_distance(F, **kwargs):
    n_points, n_obj = F.shape

    # sort each column and get index
    I = np.argsort(F, axis=0, kind="mergesort")  # noqa: E741
    # sort the objective space values for the whole matrix
    F = F[I, np.arange(n_obj)]

    # calculate the distance from each point to the last and next
    dist = np.vstack([F, np.full(n_obj, np.inf)]) - np.vstack([np.full(n_obj, -np.inf), F])

    # calculate the norm for each objective - set to NaN if all values are equal
    norm = np.max(F, axis=0) - np.min(F, axis=0)
    norm[norm == 0] = np.nan

    # prepare the distance to last and next vectors
    dist_to_last, dist_to_next = dist, np.copy(dist)
    dist_to_last, dist_to_next = dist_to_last[:-1] / norm, dist_to_next[1:] / norm

    # if we divide by zero because all values in one columns are equal replace by none
    dist_to_last[np.isnan(dist_to_last)] = 0.0
    dist_to_next[np.isnan(dist_to_next)] = 0.0

    # sum up the distance to next and last and norm by objectives - also reorder from sorted list
    J = np.argsort(I, axis=0)
    cd = (
        np.sum(
            dist_to_last[J, np.arange(n_obj)] + dist_to_next[J, np.arange(n_obj)],
            axis=1,
        )
        / n_obj
    )

    return cd


def calc_crowding_entropy(F: np.ndarray, **kwargs: object) -> np.ndarray:
    n_points, n_obj = F.shape

    # sort each column and get index
    I = np.argsort(F, axis=0, kind="mergesort")  # noqa: E741
    # sort the objective space values for the whole matrix
    F = F[I, np.arange(n_obj)]

    # calculate the distance from each point to the last and next
    dist = np.vstack([F, np.full(n_obj, np.inf)]) - np.vstack([np.full(n_obj, -np.inf), F])

    # calculate the norm for each objective - set to NaN if all values are equal
    norm = np.max(F, axis=0) - np.min(F, axis=0)
    norm[norm == 0] = np.nan

    # prepare the distance to last and next vectors
    dl = dist.copy()[:-1]
    du = dist.copy()[1:]

    # Fix nan
    dl[np.isnan(dl)] = 0.0
    du[np.isnan(du)] = 0.0

    # Total distance
    cd = dl + du

    # Get relative positions
    pl = dl[1:-1] / cd[1:-1]
    pu = du[1:-1] / cd[1:-1]

    # Entropy
    entropy = np.vstack(
        [
            np.full(n_obj, np.inf),
            -(pl * np.log2(pl) + pu * np.log2(pu)),
            np.full(n_obj, np.inf),
        ]
    )

    # Crowding entropy
    J = np.argsort(I, axis=0)
    _cej = cd[J, np.arange(n_obj)] * entropy[J, np.arange(n_obj)] / norm
    _cej[np.isnan(_cej)] = 0.0
    ce = _cej.sum(axis=1)

    return ce


def calc_mnn_fast(F, **kwargs):
    return _calc_mnn_fast(F, F.shape[1], **kwargs)


def _calc_mnn_fast(F, n_neighbors, **kwargs):

    # calculate the norm for each objective - set to NaN if all values are equal
    norm = np.max(F, axis=0) - np.min(F, axis=0)
    norm[norm == 0] = 1.0

    # F normalized
    F = (F - F.min(axis=0)) / norm

    # Distances pairwise (Inefficient)
    D = squareform(pdist(F, metric="sqeuclidean"))

    # M neighbors
    M = F.shape[1]
    _D = np.partition(D, range(1, M + 1), axis=1)[:, 1 : M + 1]

    # Metric d
    d = np.prod(_D, axis=1)

    # Set top performers as np.inf
    _extremes = np.concatenate((np.argmin(F, axis=0), np.argmax(F, axis=0)))
    d[_extremes] = np.inf

    return d


# --- pymoo/core/decomposition.py ------------------------------------------------------------------------
class Decomposition:
    def __init__(self, eps=0.0, _type="auto", **kwargs) -> None:
        super().__init__()
        self.eps = eps
        self._type = _type
        self.ideal_point, self.utopian_point, self.nadir_point = None, None, None

    def __call__(self, *args, **kwargs):
        return self.do(*args, **kwargs)

    def do(
        self,
        F,
        weights,
        _type="auto",
        ideal_point=None,
        utopian_point=None,
        nadir_point=None,
        **kwargs,
    ):
        _F, _weights = to_1d_array_if_possible(F), to_1d_array_if_possible(weights)

        if _type == "auto":
            if _F.ndim == 1 and _weights.ndim > 1:
                _type = "one_to_many"
            elif _F.ndim > 1 and _weights.ndim == 1:
                _type = "many_to_one"
            elif _F.ndim == 2 and _weights.ndim == 2 and _F.shape[0] == _weights.shape[0]:
                _type = "one_to_one"
            else:
                _type = "many_to_many"

        # make both at least 2d arrays
        F, weights = at_least_2d_array(F), at_least_2d_array(weights)

        # get the number of points and weights
        n_points, n_weights = F.shape[0], weights.shape[0]

        self.ideal_point = ideal_point
        if self.ideal_point is None:
            self.ideal_point = np.zeros(F.shape[1])

        self.utopian_point = utopian_point
        if self.utopian_point is None:
            self.utopian_point = self.ideal_point - self.eps

        # set the nadir point by default to value or default
        self.nadir_point = nadir_point
        if self.nadir_point is None:
            self.nadir_point = self.utopian_point + np.ones(F.shape[1])

        if _type == "one_to_one":
            D = self._do(F, weights=weights, **kwargs).flatten()

        elif _type == "one_to_many":
            F = np.repeat(F, n_weights, axis=0)
            D = self._do(F, weights=weights, **kwargs).flatten()

        elif _type == "many_to_one":
            weights = np.repeat(weights, n_points, axis=0)
            D = self._do(F, weights=weights, **kwargs).flatten()

        elif _type == "many_to_many":
            F = np.repeat(F, n_weights, axis=0)
            weights = np.tile(weights, (n_points, 1))
            D = self._do(F, weights=weights, **kwargs).reshape(n_points, n_weights)

        else:
            raise Exception("Unknown type for decomposition: %s" % _type)

        return D


# --- pymoo/decomposition/asf.py, aasf.py, tchebicheff.py, pbi.py ---------------------------------------
class ASF(Decomposition):

    def _do(self, F: Any, weights: Any, weight_0: float = 1e-10, **kwargs: Any) -> Any:
        _weights = weights.astype(float)
        _weights[weights == 0] = weight_0  # noqa: E501
        asf = ((F - self.utopian_point) / _weights).max(axis=1)
        return asf


class AASF(ASF):

    def __init__(
        self,
        eps: float = 1e-10,
        _type: str = "auto",
        rho: float | None = None,
        beta: float | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(eps, _type, **kwargs)
        if rho is None and beta is None:
            raise Exception("Either provide rho or beta!")  # noqa: EM101
        elif rho is None:
            self.rho = calc_rho(beta)
        else:
            self.rho = rho

    def _do(self, F: Any, weights: Any, weight_0: float = 1e-10, **kwargs: Any) -> Any:
        asf = super()._do(F, weights, weight_0=weight_0, **kwargs)
        augment = ((F - self.utopian_point) / np.clip(weights, 1e-12, np.inf)).sum(axis=1)
        return asf + self.rho * augment


def calc_rho(beta: float) -> float:
    return 1 / (1 - np.tan(beta / 360 * 2 * np.pi)) - 1


class Tchebicheff(Decomposition):
    def _do(self, F, weights, **kwargs):
        v = np.abs(F - self.utopian_point) * weights
        tchebi = v.max(axis=1)
        return tchebi


class PBI(Decomposition):
    def __init__(self, theta=5, **kwargs) -> None:
        super().__init__(**kwargs)
        self.theta = theta

    def _do(self, F, weights, **kwargs):
        d1, d2 = calc_distance_to_weights(F, weights, self.utopian_point)  # adapted: load_function("calc_distance_to_weights")
        return d1 + self.theta * d2


# --- pymoo/mcdm/pseudo_weights.py -----------------------------------------------------------------------
class PseudoWeights(DecisionMaking):
    def __init__(self, weights, **kwargs) -> None:
        super().__init__(**kwargs)
        self.weights = weights

    def _do(self, F, return_pseudo_weights=False, **kwargs):
        ideal, nadir = self.ideal, self.nadir

        if ideal is None:
            ideal = F.min(axis=0)
        if nadir is None:
            nadir = F.max(axis=0)

        # normalized distance to the worst solution
        pseudo_weights = (nadir - F) / (nadir - ideal)

        # normalize weights to sum up to one
        pseudo_weights = pseudo_weights / np.sum(pseudo_weights, axis=1)[:, None]

        # search for the closest individual having this pseudo weights
        I = np.argmin(np.sum(np.abs(pseudo_weights - self.weights), axis=1))  # noqa: E741

        if return_pseudo_weights:
            return I, pseudo_weights
        else:
            return I


# --- pymoo/util/normalization.py ------------------------------------------------------------------------
class ZeroToOneNormalization:
    def __init__(self, xl=None, xu=None) -> None:
        super().__init__()

        # if both are None we are basically done because normalization is disabled
        if xl is None and xu is None:
            self.xl, self.xu = None, None
            return

        # if not set simply fall back no nan values
        if xl is None:
            xl = np.full_like(xu, np.nan)
        if xu is None:
            xu = np.full_like(xl, np.nan)

        xl, xu = np.copy(xl).astype(float), np.copy(xu).astype(float)

        # if both are equal then set the upper bound to none (always the 0 or lower bound will be returned then)
        xu[xl == xu] = np.nan

        # store the lower and upper bounds
        self.xl, self.xu = xl, xu

        # check out when the input values are nan
        xl_nan, xu_nan = np.isnan(xl), np.isnan(xu)

        # now create all the masks that are necessary
        self.xl_only, self.xu_only = (
            np.logical_and(~xl_nan, xu_nan),
            np.logical_and(xl_nan, ~xu_nan),
        )
        self.both_nan = np.logical_and(np.isnan(xl), np.isnan(xu))
        self.neither_nan = np.logical_and(~np.isnan(xl), ~np.isnan(xu))

        # if neither is nan than xu must be greater or equal than xl
        any_nan = np.logical_or(np.isnan(xl), np.isnan(xu))
        assert np.all(np.logical_or(xu >= xl, any_nan)), "xl must be less or equal than xu."

    def forward(self, X):
        if X is None or (self.xl is None and self.xu is None):
            return X

        # simple copy the input
        N = np.copy(X)

        # normalize between zero and one if neither of them is nan
        N[..., self.neither_nan] = (X[..., self.neither_nan] - self.xl[self.neither_nan]) / (
            self.xu[self.neither_nan] - self.xl[self.neither_nan]
        )

        N[..., self.xl_only] = X[..., self.xl_only] - self.xl[self.xl_only]

        N[..., self.xu_only] = 1.0 - (self.xu[self.xu_only] - X[..., self.xu_only])

        return N

    def backward(self, N):
        if N is None or (self.xl is None and self.xu is None):
            return N

        xl, xu, xl_only, xu_only = self.xl, self.xu, self.xl_only, self.xu_only
        neither_nan = self.neither_nan

        X = N.copy()
        X[..., neither_nan] = xl[neither_nan] + N[..., neither_nan] * (xu[neither_nan] - xl[neither_nan])

        X[..., xl_only] = N[..., xl_only] + xl[xl_only]

        X[..., xu_only] = xu[xu_only] - (1.0 - N[..., xu_only])

        return X


def normalize(X, xl=None, xu=None, return_bounds=False, estimate_bounds_if_none=True):
    if estimate_bounds_if_none:
        if xl is None:
            xl = np.min(X, axis=0)
        if xu is None:
            xu = np.max(X, axis=0)

    if isinstance(xl, float) or isinstance(xl, int):
        xl = np.full(X.shape[-1], xl)

    if isinstance(xu, float) or isinstance(xu, int):
        xu = np.full(X.shape[-1], xu)

    norm = ZeroToOneNormalization(xl, xu)
    X = norm.forward(X)

    if not return_bounds:
        return X
    else:
        return X, norm.xl, norm.xu


def get_extreme_points_c(F, ideal_point, extreme_points=None):
    # calculate the asf which is used for the extreme point decomposition
    weights = np.eye(F.shape[1])
    weights[weights == 0] = 1e6

    # add the old extreme points to never loose them for normalization
    _F = F
    if extreme_points is not None:
        _F = np.concatenate([extreme_points, _F], axis=0)

    # use __F because we substitute small values to be 0
    __F = _F - ideal_point
    __F[__F < 1e-3] = 0

    # update the extreme points for the normalization having the highest asf value each
    F_asf = np.max(__F * weights[:, None, :], axis=2)

    I = np.argmin(F_asf, axis=1)  # noqa: E741
    extreme_points = _F[I, :]

    return extreme_points


def get_nadir_point(extreme_points, ideal_point, worst_point, worst_of_front, worst_of_population):
    try:
        # find the intercepts using gaussian elimination
        M = extreme_points - ideal_point
        b = np.ones(extreme_points.shape[1])
        plane = np.linalg.solve(M, b)

        # warnings.simplefilter("ignore") dropped: it changes the process's warning filters
        intercepts = 1 / plane

        nadir_point = ideal_point + intercepts

        # check if the hyperplane makes sense
        if not np.allclose(np.dot(M, plane), b) or np.any(intercepts <= 1e-6):
            raise LinAlgError()

        # if the nadir point should be larger than any value discovered so far set it to that value
        # NOTE: different to the proposed version in the paper
        b = nadir_point > worst_point
        nadir_point[b] = worst_point[b]

    except LinAlgError:
        # fall back to worst of front otherwise
        nadir_point = worst_of_front

    # if the range is too small set it to worst of population
    b = nadir_point - ideal_point <= 1e-6
    nadir_point[b] = worst_of_population[b]

    return nadir_point


# --- pymoo/util/vectors.py ------------------------------------------------------------------------------
def max_alpha(point, direction, xl, xu, mode="one_hits_bound"):
    bounds = []

    if xl is not None:
        bounds.append(xl)

    if xu is not None:
        bounds.append(xu)

    if len(bounds) == 0:
        return np.inf

    # the bounds in one array
    bounds = np.column_stack(bounds)

    # if the direction is too small we can not divide by 0 - nan will make it being ignored
    dir = direction.copy()
    dir[dir == 0] = np.nan

    # calculate the max factor to be not out of bounds
    val = (bounds - point[:, None]) / dir[:, None]

    # remove nan values by setting them to a negative number
    val[np.isnan(val)] = -np.inf

    # if no value there - no bound exist
    if len(val) == 0:
        return np.inf
    # otherwise return the minimum of values considered
    else:
        if mode == "one_hits_bound":
            if not np.any(val >= 0):
                return 0.0
            else:
                return val[val >= 0].min()
        else:
            return val.max()


# --- pymoo/operators/repair/bounce_back.py, to_bound.py -------------------------------------------------
def bounce_back(X, xl, xu):
    only_1d = X.ndim == 1
    X = at_least_2d_array(X)

    xl = np.repeat(xl[None, :], X.shape[0], axis=0)
    xu = np.repeat(xu[None, :], X.shape[0], axis=0)

    # otherwise bounds back into the feasible space
    _range = xu - xl
    X[X < xl] = (xl + np.mod((xl - X), _range))[X < xl]
    X[X > xu] = (xu - np.mod((X - xu), _range))[X > xu]

    if only_1d:
        return X[0, :]
    else:
        return X


def set_to_bounds_if_outside(X, xl, xu):
    _X, only_1d = at_least_2d_array(X, return_if_reshaped=True)

    if xl is not None:
        xl = np.repeat(xl[None, :], _X.shape[0], axis=0)
        _X[_X < xl] = xl[_X < xl]

    if xu is not None:
        xu = np.repeat(xu[None, :], _X.shape[0], axis=0)
        _X[_X > xu] = xu[_X > xu]

    if only_1d:
        return _X[0, :]
    else:
        return _X


# --- pymoo/problems/multi/zdt.py ------------------------------------------------------------------------
class ZDT(Problem):

    def __init__(self, n_var: int = 30, **kwargs: Any) -> None:
        super().__init__(n_var=n_var, n_obj=2, xl=0, xu=1, vtype=float, **kwargs)


class ZDT4(ZDT):

    def __init__(self, n_var: int = 10) -> None:
        super().__init__(n_var)
        self.xl = -5 * np.ones(self.n_var)
        self.xl[0] = 0.0
        self.xu = 5 * np.ones(self.n_var)
        self.xu[0] = 1.0
        self.func = self._evaluate

    def _evaluate(self, x: Any, out: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: ARG002
        f1 = x[:, 0]
        g = 1.0
        g += 10 * (self.n_var - 1)
        for i in range(1, self.n_var):
            g += x[:, i] * x[:, i] - 10.0 * anp.cos(4.0 * anp.pi * x[:, i])
        h = 1.0 - anp.sqrt(f1 / g)
        f2 = g * h

        out["F"] = anp.column_stack([f1, f2])


class ZDT5(ZDT):

    def __init__(self, m: int = 11, n: int = 5, normalize: bool = True, **kwargs: Any) -> None:
        self.m = m
        self.n = n
        self.normalize = normalize
        super().__init__(n_var=(30 + n * (m - 1)), **kwargs)

    def _evaluate(self, x: Any, out: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: ARG002
        x = x.astype(float)

        _x = [x[:, :30]]
        for i in range(self.m - 1):
            _x.append(x[:, 30 + i * self.n : 30 + (i + 1) * self.n])

        u = anp.column_stack([x_i.sum(axis=1) for x_i in _x])
        v = (2 + u) * (u < self.n) + 1 * (u == self.n)
        g = v[:, 1:].sum(axis=1)

        f1 = 1 + u[:, 0]
        f2 = g * (1 / f1)

        if self.normalize:
            f1 = normalize(f1, 1, 31)
            f2 = normalize(f2, (self.m - 1) * 1 / 31, (self.m - 1))

        out["F"] = anp.column_stack([f1, f2])


# --- pymoo/problems/many/dtlz.py ------------------------------------------------------------------------
class DTLZ(Problem):

    def __init__(
        self,
        n_var: int | None = None,
        n_obj: int | None = None,
        k: int | None = None,
        **kwargs,
    ) -> None:
        if n_var is not None:
            k_val = n_var - n_obj + 1  # type: ignore
            self.k = k_val
            n_var_val = n_var
        elif k is not None:
            self.k = k
            n_var_val = k + n_obj - 1  # type: ignore
        else:
            raise Exception("Either provide number of variables or k!")

        super().__init__(n_var=n_var_val, n_obj=n_obj, xl=0, xu=1, vtype=float, **kwargs)

    def g1(self, X_M):
        return 100 * (self.k + anp.sum(anp.square(X_M - 0.5) - anp.cos(20 * anp.pi * (X_M - 0.5)), axis=1))

    def g2(self, X_M):
        return anp.sum(anp.square(X_M - 0.5), axis=1)

    def obj_func(self, X_, g, alpha: int = 1):
        f = []

        for i in range(0, self.n_obj):
            _f = 1 + g
            _f *= anp.prod(
                anp.cos(anp.power(X_[:, : X_.shape[1] - i], alpha) * anp.pi / 2.0),
                axis=1,
            )
            if i > 0:
                _f *= anp.sin(anp.power(X_[:, X_.shape[1] - i], alpha) * anp.pi / 2.0)

            f.append(_f)

        f = anp.column_stack(f)
        return f


class DTLZ1(DTLZ):

    def __init__(self, n_var: int = 7, n_obj: int = 3, **kwargs) -> None:
        super().__init__(n_var=n_var, n_obj=n_obj, **kwargs)

    def obj_func(self, X_, g):
        f = []

        for i in range(0, self.n_obj):
            _f = 0.5 * (1 + g)
            _f *= anp.prod(X_[:, : X_.shape[1] - i], axis=1)
            if i > 0:
                _f *= 1 - X_[:, X_.shape[1] - i]
            f.append(_f)

        return anp.column_stack(f)

    def _evaluate(self, x, out, *args, **kwargs) -> None:
        X_, X_M = x[:, : self.n_obj - 1], x[:, self.n_obj - 1 :]
        g = self.g1(X_M)
        out["F"] = self.obj_func(X_, g)


class DTLZ5(DTLZ):

    def __init__(self, n_var: int = 10, n_obj: int = 3, **kwargs) -> None:
        super().__init__(n_var=n_var, n_obj=n_obj, **kwargs)

    def _evaluate(self, x, out, *args, **kwargs) -> None:
        X_, X_M = x[:, : self.n_obj - 1], x[:, self.n_obj - 1 :]
        g = self.g2(X_M)

        theta = 1 / (2 * (1 + g[:, None])) * (1 + 2 * g[:, None] * X_)
        theta = anp.column_stack([x[:, 0], theta[:, 1:]])

        out["F"] = self.obj_func(theta, g)


# --- pymoo/problems/many/wfg.py -------------------------------------------------------------------------
class WFG(Problem):

    def __init__(
        self,
        n_var: int,
        n_obj: int,
        k: int | None = None,
        l: int | None = None,  # noqa: E741
        **kwargs,
    ):
        super().__init__(
            n_var=n_var,
            n_obj=n_obj,
            xl=0.0,
            xu=2 * np.arange(1, n_var + 1).astype(float),
            vtype=float,
            **kwargs,
        )

        self.S = np.arange(2, 2 * self.n_obj + 1, 2).astype(float)
        self.A = np.ones(self.n_obj - 1)

        if k:
            self.k = k
        else:
            if n_obj == 2:
                self.k = 4
            else:
                self.k = 2 * (n_obj - 1)

        if l:
            self.l = l
        else:
            self.l = n_var - self.k

        self.validate(self.l, self.k, self.n_obj)

    def validate(self, l: int, k: int, n_obj: int) -> None:  # noqa: E741
        if n_obj < 2:
            raise ValueError("WFG problems must have two or more objectives.")
        if not k % (n_obj - 1) == 0:
            raise ValueError("Position parameter (k) must be divisible by number of objectives minus one.")
        if k < 4:
            raise ValueError("Position parameter (k) must be greater or equal than 4.")
        if (k + l) < n_obj:
            raise ValueError("Sum of distance and position parameters must be greater than num. of objs. (k + l >= M).")

    def _post(self, t, a):
        x = []
        for i in range(t.shape[1] - 1):
            x.append(np.maximum(t[:, -1], a[i]) * (t[:, i] - 0.5) + 0.5)
        x.append(t[:, -1])
        return np.column_stack(x)

    def _calculate(self, x, s, h):
        return x[:, -1][:, None] + s * np.column_stack(h)


class WFG1(WFG):

    @staticmethod
    def t1(x, n, k):
        x[:, k:n] = _transformation_shift_linear(x[:, k:n], 0.35)
        return x

    @staticmethod
    def t2(x, n, k):
        x[:, k:n] = _transformation_bias_flat(x[:, k:n], 0.8, 0.75, 0.85)
        return x

    @staticmethod
    def t3(x, n):
        x[:, :n] = _transformation_bias_poly(x[:, :n], 0.02)
        return x

    @staticmethod
    def t4(x, m, n, k):
        w = np.arange(2, 2 * n + 1, 2)
        gap = k // (m - 1)
        t = []
        for m in range(1, m):
            _y = x[:, (m - 1) * gap : (m * gap)]
            _w = w[(m - 1) * gap : (m * gap)]
            t.append(_reduction_weighted_sum(_y, _w))
        t.append(_reduction_weighted_sum(x[:, k:n], w[k:n]))
        return np.column_stack(t)

    def _evaluate(self, x, out, *args, **kwargs):
        y = x / self.xu
        y = WFG1.t1(y, self.n_var, self.k)
        y = WFG1.t2(y, self.n_var, self.k)
        y = WFG1.t3(y, self.n_var)
        y = WFG1.t4(y, self.n_obj, self.n_var, self.k)

        y = self._post(y, self.A)

        h = [_shape_convex(y[:, :-1], m + 1) for m in range(self.n_obj - 1)]
        h.append(_shape_mixed(y[:, 0], alpha=1.0, A=5.0))

        out["F"] = self._calculate(y, self.S, h)


def _transformation_shift_linear(value, shift=0.35):
    return correct_to_01(np.fabs(value - shift) / np.fabs(np.floor(shift - value) + shift))


def _transformation_bias_flat(y, a, b, c):
    ret = (
        a
        + np.minimum(0, np.floor(y - b)) * (a * (b - y) / b)
        - np.minimum(0, np.floor(c - y)) * ((1.0 - a) * (y - c) / (1.0 - c))
    )
    return correct_to_01(ret)


def _transformation_bias_poly(y, alpha):
    return correct_to_01(y**alpha)


def _reduction_weighted_sum(y, w):
    return correct_to_01(np.dot(y, w) / w.sum())


def _reduction_non_sep(y, A):
    n, m = y.shape
    val = np.ceil(A / 2.0)

    num = np.zeros(n)
    for j in range(m):
        num += y[:, j]
        for k in range(A - 1):
            num += np.fabs(y[:, j] - y[:, (1 + j + k) % m])

    denom = m * val * (1.0 + 2.0 * A - 2 * val) / A

    return correct_to_01(num / denom)


def _shape_convex(x, m):
    M = x.shape[1]
    if m == 1:
        ret = np.prod(1.0 - np.cos(0.5 * x[:, :M] * np.pi), axis=1)
    elif 1 < m <= M:
        ret = np.prod(1.0 - np.cos(0.5 * x[:, : M - m + 1] * np.pi), axis=1)
        ret *= 1.0 - np.sin(0.5 * x[:, M - m + 1] * np.pi)
    else:
        ret = 1.0 - np.sin(0.5 * x[:, 0] * np.pi)
    return correct_to_01(ret)


def _shape_mixed(x, A=5.0, alpha=1.0):
    aux = 2.0 * A * np.pi
    ret = np.power(1.0 - x - (np.cos(aux * x + 0.5 * np.pi) / aux), alpha)
    return correct_to_01(ret)


def correct_to_01(X, epsilon=1.0e-10):
    X[np.logical_and(X < 0, X >= 0 - epsilon)] = 0
    X[np.logical_and(X > 1, X <= 1 + epsilon)] = 1
    return X


# --- wrappers -------------------------------------------------------------------------------------------
def _evaluated(problem):
    """problem._evaluate(x, out) writes out["F"]: a function of x that returns it."""
    def evaluate(x):
        out = {}
        problem._evaluate(x, out)
        return out["F"]
    evaluate.__name__ = f"{type(problem).__name__}_evaluate"
    return evaluate


def crowding_distance_do(F):
    return FunctionalDiversity(calc_crowding_distance, filter_out_duplicates=False).do(F)


def crowding_entropy_do(F):
    return FunctionalDiversity(calc_crowding_entropy, filter_out_duplicates=True).do(F)


def pseudo_weights(F, weights):
    return PseudoWeights(weights)._do(F, return_pseudo_weights=True)


# --- inputs ---------------------------------------------------------------------------------------------
def _objectives(rng, n=12, m=2):
    """Uniform draws: several fronts."""
    return (rng.uniform(0.0, 1.0, size=(n, m)),)


def _front(rng, n=10):
    """Points on a convex front (ZDT1's), the first objective drawn: one front, distinct points."""
    f1 = np.sort(rng.uniform(0.0, 1.0, size=n))
    return np.column_stack([f1, 1.0 - np.sqrt(f1)])


def _front3(rng, n=10):
    """Points on the unit sphere's positive octant (DTLZ2's front)."""
    p = np.abs(rng.normal(size=(n, 3))) + 0.05
    return p / np.linalg.norm(p, axis=1, keepdims=True)


def _weights(rng, k=4, m=3):
    w = rng.uniform(0.1, 1.0, size=(k, m))
    return w / w.sum(axis=1, keepdims=True)


def _nadir(rng):
    """Extreme points near the axes of a three-objective front, and the points the estimate falls back on."""
    ideal = rng.uniform(0.0, 0.1, size=3)
    extreme = ideal + np.eye(3) * rng.uniform(0.8, 1.2, size=3) + rng.uniform(0.0, 0.05, size=(3, 3))
    worst = ideal + rng.uniform(1.5, 2.0, size=3)
    return extreme, ideal, worst, ideal + rng.uniform(0.7, 1.0, size=3), worst + 0.5


def _outside(rng, n=6, m=4):
    """Points partly outside their bounds [-1, 2] (per variable, shifted)."""
    xl = np.full(m, -1.0) + rng.uniform(0.0, 0.1, size=m)
    xu = np.full(m, 2.0) + rng.uniform(0.0, 0.1, size=m)
    return rng.uniform(-3.0, 4.0, size=(n, m)), xl, xu


def _wfg(rng):
    n_var = 6
    return (rng.uniform(0.0, 1.0, size=(5, n_var)) * 2 * np.arange(1, n_var + 1),)


_DOM = "util/dominator.py"
_NDS = "functions/standard/non_dominated_sorting.py"
_CRW = "operators/survival/rank_and_crowding/metrics.py"
_NRM = "util/normalization.py"
_WFG = "problems/many/wfg.py"

CASES = [
    # util/dominator.py
    case(Dominator.get_relation, lambda rng: (rng.uniform(size=3), rng.uniform(size=3)),
         PM(_DOM, "Dominator.get_relation", "no constraint violations"), name="pymoo.get_relation"),
    case(Dominator.get_relation, lambda rng: (rng.uniform(size=3), rng.uniform(size=3), np.float64(rng.uniform()),
                                              np.float64(rng.uniform())),
         PM(_DOM, "Dominator.get_relation", "with constraint violations"), name="pymoo.get_relation_cv"),
    case(Dominator.calc_domination_matrix_loop, lambda rng: (*_objectives(rng, 6), rng.uniform(-1.0, 0.2, size=(6, 2))),
         PM(_DOM, "Dominator.calc_domination_matrix_loop"), name="pymoo.calc_domination_matrix_loop"),
    case(Dominator.calc_domination_matrix, _objectives, PM(_DOM, "Dominator.calc_domination_matrix"),
         name="pymoo.calc_domination_matrix"),
    # functions/standard/non_dominated_sorting.py
    case(fast_non_dominated_sort, _objectives, PM(_NDS, "fast_non_dominated_sort")),
    case(_fast_biobjective_nondominated_sort, _objectives, PM(_NDS, "_fast_biobjective_nondominated_sort")),
    case(find_non_dominated, lambda rng: _objectives(rng, 8), PM(_NDS, "find_non_dominated")),
    case(efficient_non_dominated_sort, lambda rng: (*_objectives(rng, 8), "sequential"),
         PM(_NDS, "efficient_non_dominated_sort", "sequential search")),
    case(construct_domination_matrix, lambda rng: _objectives(rng, 8, 3), PM(_NDS, "construct_domination_matrix")),
    # functions/standard: pruning_cd.py, calc_perpendicular_distance.py, decomposition.py
    case(calc_pcd, lambda rng: (_front(rng), 3), PM("functions/standard/pruning_cd.py", "calc_pcd", "n_remove=3")),
    case(calc_perpendicular_distance, lambda rng: (_front3(rng, 6), _weights(rng)),
         PM("functions/standard/calc_perpendicular_distance.py", "calc_perpendicular_distance")),
    # util/misc.py
    case(vectorized_cdist, lambda rng: (_front(rng, 5), _front(rng, 4), func_euclidean_distance, False),
         PM("util/misc.py", "vectorized_cdist", "through func_euclidean_distance")),
    # operators/survival/rank_and_crowding/metrics.py
    case(calc_crowding_distance, lambda rng: (_front(rng),), PM(_CRW, "calc_crowding_distance")),
    case(calc_mnn_fast, lambda rng: (_front(rng),), PM(_CRW, "calc_mnn_fast", "scipy pdist and squareform")),
    case(crowding_distance_do, lambda rng: (_front(rng),),
         PM(_CRW, "FunctionalDiversity.do", "FunctionalDiversity(calc_crowding_distance, False).do(F)")),
    case(crowding_entropy_do, lambda rng: (_front(rng),),
         PM(_CRW, "FunctionalDiversity.do", "FunctionalDiversity(calc_crowding_entropy).do(F): find_duplicates")),
    # core/decomposition.py and decomposition/
    case(ASF().do, lambda rng: (_front3(rng, 5), _weights(rng)), PM("decomposition/asf.py", "ASF.do", "many to many"),
         name="pymoo.ASF.do"),
    case(AASF(rho=0.01).do, lambda rng: (_front3(rng, 5), _weights(rng, 5)),
         PM("decomposition/aasf.py", "AASF.do", "rho=0.01, one to one"), name="pymoo.AASF.do"),
    case(Tchebicheff().do, lambda rng: (_front3(rng, 5), _weights(rng, 1)[0]),
         PM("decomposition/tchebicheff.py", "Tchebicheff.do", "many to one"), name="pymoo.Tchebicheff.do"),
    case(PBI().do, lambda rng: (_front3(rng, 1)[0], _weights(rng)),
         PM("decomposition/pbi.py", "PBI.do", "one to many"), name="pymoo.PBI.do"),
    # mcdm/pseudo_weights.py
    case(pseudo_weights, lambda rng: (_front3(rng), np.array([0.2, 0.3, 0.5])),
         PM("mcdm/pseudo_weights.py", "PseudoWeights._do", "PseudoWeights(w)._do(F, return_pseudo_weights=True)")),
    # util/normalization.py
    case(normalize, lambda rng: (rng.uniform(-2.0, 5.0, size=(6, 3)), np.array([-2.0, np.nan, 0.0]),
                                 np.array([5.0, 5.0, 0.0])),
         PM(_NRM, "normalize", "a NaN lower bound and an equal pair: all three masks")),
    case(get_extreme_points_c, lambda rng: (_front3(rng), np.zeros(3), _front3(rng, 3)),
         PM(_NRM, "get_extreme_points_c", "with previous extreme points")),
    case(get_nadir_point, _nadir, PM(_NRM, "get_nadir_point", "the hyperplane branch")),
    case(get_nadir_point, lambda rng: (np.ones((3, 3)) + rng.uniform(0.0, 1e-3, size=3), *_nadir(rng)[1:]),
         PM(_NRM, "get_nadir_point", "degenerate extreme points: the raise LinAlgError branch"),
         name="pymoo.get_nadir_point_degenerate"),
    case(get_nadir_point, lambda rng: (_nadir(rng)[1] + np.diag([1.0, 1.0, -1.0]) * rng.uniform(0.8, 1.2, size=3),
                                       *_nadir(rng)[1:]),
         PM(_NRM, "get_nadir_point", "a negative intercept: the raise LinAlgError() on a computed value"),
         name="pymoo.get_nadir_point_negative_intercept"),
    # util/vectors.py, operators/repair/
    case(max_alpha, lambda rng: (rng.uniform(0.2, 0.8, size=4), rng.normal(size=4), np.zeros(4), np.ones(4)),
         PM("util/vectors.py", "max_alpha")),
    case(bounce_back, _outside, PM("operators/repair/bounce_back.py", "bounce_back")),
    case(set_to_bounds_if_outside, _outside, PM("operators/repair/to_bound.py", "set_to_bounds_if_outside")),
    # problems/
    case(_evaluated(ZDT4()), lambda rng: (np.column_stack([rng.uniform(size=6), rng.uniform(-5.0, 5.0, size=(6, 9))]),),
         PM("problems/multi/zdt.py", "ZDT4._evaluate", "ZDT4(): a loop over the variables")),
    case(_evaluated(ZDT5()), lambda rng: (rng.integers(0, 2, size=(6, 80)).astype(bool),),
         PM("problems/multi/zdt.py", "ZDT5._evaluate", "ZDT5(): bit strings, through normalize")),
    case(_evaluated(DTLZ1()), lambda rng: (rng.uniform(size=(6, 7)),),
         PM("problems/many/dtlz.py", "DTLZ1._evaluate", "DTLZ1(): out['F']")),
    case(_evaluated(DTLZ5()), lambda rng: (rng.uniform(size=(6, 10)),),
         PM("problems/many/dtlz.py", "DTLZ5._evaluate", "DTLZ5(): through DTLZ.obj_func")),
    case(_evaluated(WFG1(6, 3)), _wfg,
         PM(_WFG, "WFG1._evaluate", "WFG1(6, 3): t1-t4 write into slices of y, _post, _shape_convex and _shape_mixed")),
    case(_reduction_non_sep, lambda rng: (rng.uniform(size=(5, 4)), 3), PM(_WFG, "_reduction_non_sep")),
]
