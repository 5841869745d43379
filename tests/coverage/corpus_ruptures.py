"""ruptures' change-point detection in pure NumPy: the ten segment costs (L1, L2, linear and continuous-linear
regression, RBF and cosine kernels through SciPy's ``pdist``, Gaussian log-likelihood with ``slogdet``, autoregressive
residuals through ``as_strided`` and ``lstsq``, Mahalanobis, rank-based with ``pinv`` in a ``try``), their factory
(``BaseCost.__subclasses__()``), the search methods (binary segmentation and bottom-up with ``lru_cache``d gains, the
dynamic programme ``Dynp``, ``Pelt``'s pruned recursion over dicts of partitions, the sliding ``Window`` with SciPy's
``argrelmax``, and ``L1Potts``' exact dynamic programme over the signal's levels, written through ``int(np.argmin(...))``),
the binary-tree node of bottom-up, the partition metrics (Rand index, Hamming, Hausdorff, precision / recall, mean time
error) and the simulated data sets (deepcharles/ruptures, BSD-2-Clause).

Copied from deepcharles/ruptures at ee1c8ff8a548d54c641b2bb471562165931f31c7; its licence (``LICENSE``) is the BSD
2-Clause licence ("Copyright (c) 2017-2021, ENS Paris-Saclay, CNRS"). From ``src/ruptures``: ``exceptions.py``,
``utils/utils.py``, ``utils/bnode.py``, ``utils/drawbkps.py``, ``base.py``, every cost of ``costs/`` and
``costs/factory.py``, the detection classes ``Binseg``, ``BottomUp``, ``Dynp``, ``Pelt``, ``Window`` and ``L1Potts``
(not ``KernelCPD``, a C extension), the metrics and the data sets; docstrings dropped, comments kept.

Adapted, beyond that:

* the module-level imports are this module's (below): those of the source modules; ``Self`` comes from ``typing``
  (the source imports it from ``typing_extensions``), ``Any`` on Python 3.10;
* ``metrics/sanity_check.py``'s ``sanity_check`` is ``metrics_sanity_check`` here (``utils`` has a ``sanity_check`` of
  its own, which the detection classes call), and the metrics call it by that name;
* a fresh estimator or cost per call, made as ruptures' examples make it (``rpt.Binseg(model="l2").fit(signal)``), by
  a wrapper named after the case, which also gives the settings (``n_bkps``, ``pen``, ``epsilon``, segment bounds);
  wrappers return lists from the iterators ``pairwise`` returns.

The inputs: piecewise-constant signals with three change points at fixed places (random levels, Gaussian noise),
1-D and with two dimensions, a piecewise-linear regression signal (a response and two covariates), an autoregressive
signal, breakpoint lists for the metrics (Python lists, as ruptures takes them; once as integer arrays) and seeds for
the data sets.
"""

# ruff: noqa: B006, B019, B028, B904, UP033, B905, C401, C408, C416, E501, E731, E741, N801, N802, N803, N806, SIM102, SIM108, UP004, UP006, UP008, UP030, UP032, UP035
from __future__ import annotations

import abc
import functools
import heapq
import warnings
from bisect import bisect_left
from copy import deepcopy
from functools import lru_cache
from itertools import cycle, product, tee
from math import ceil, floor
from typing import Any, Iterable, Iterator, Optional, TypeVar, Union

try:
    from typing import Self
except ImportError:  # (Python 3.10: typing.Self came with 3.11; the annotations are all it is used in)
    Self = Any

import numpy as np
from numpy.lib.stride_tricks import as_strided
from numpy.linalg import LinAlgError, inv, lstsq, pinv, slogdet
from numpy.typing import NDArray
from scipy.signal import argrelmax
from scipy.spatial.distance import cdist, pdist, squareform
from scipy.stats.mstats import rankdata

from tests.coverage.cases import RUPTURES, Source, case


def RPT(path: str, original: str, note: str = "") -> Source:
    return Source(RUPTURES, "src/ruptures/" + path, original, note)


# --- ruptures/exceptions.py ---


class NotEnoughPoints(Exception):
    pass  # (the source's class holds its docstring only)


class BadSegmentationParameters(Exception):
    pass  # (the source's class holds its docstring only)


# --- ruptures/utils/utils.py ---


T = TypeVar("T")


def pairwise(iterable: Iterable[T]) -> Iterator[tuple[T, T]]:
    a, b = tee(iterable)
    next(b, None)
    return zip(a, b)


def unzip(seq: Iterable[tuple[T, ...]]) -> Iterator[tuple[T, ...]]:
    return zip(*seq)


def sanity_check(n_samples: int, n_bkps: int, jump: int, min_size: int) -> bool:
    n_adm_bkps = n_samples // jump  # number of admissible breakpoints

    # Are there enough points for the given number of regimes?
    if n_bkps > n_adm_bkps:
        return False
    if n_bkps * ceil(min_size / jump) * jump + min_size > n_samples:
        return False
    return True


# --- ruptures/utils/bnode.py ---


@functools.total_ordering
class Bnode:

    def __init__(
        self,
        start: int,
        end: int,
        val: np.number,
        left: Optional[Bnode] = None,
        right: Optional[Bnode] = None,
        parent: Optional[Bnode] = None,
    ) -> None:
        self.start = start
        self.end = end
        self.val = val
        self.left = left
        self.right = right
        self.parent = parent

    @property
    def gain(self) -> float:
        if self.left is None or self.right is None:
            return 0
        elif np.isinf(self.val) and self.val < 0:
            return 0
        return self.val - (self.left.val + self.right.val)

    def __lt__(self, other: object) -> bool:
        return self.start < other.start

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, self.__class__)
            and self.start == other.start
            and self.end == other.end
        )

    def __hash__(self) -> int:
        return hash((self.__class__, self.start, self.end))


# --- ruptures/utils/drawbkps.py ---


def draw_bkps(
    n_samples: int = 100, n_bkps: int = 3, seed: Optional[int] = None
) -> list[int]:
    rng = np.random.default_rng(seed=seed)
    alpha = np.ones(n_bkps + 1) / (n_bkps + 1) * 2000
    bkps = np.cumsum(rng.dirichlet(alpha) * n_samples).astype(int).tolist()
    bkps[-1] = n_samples
    return bkps


# --- ruptures/base.py ---


class BaseEstimator(metaclass=abc.ABCMeta):

    @abc.abstractmethod
    def fit(self, *args, **kwargs) -> Self:
        pass

    @abc.abstractmethod
    def predict(self, *args, **kwargs) -> list[int]:
        pass

    @abc.abstractmethod
    def fit_predict(self, *args, **kwargs) -> list[int]:
        pass


class BaseCost(object, metaclass=abc.ABCMeta):

    @abc.abstractmethod
    def fit(self, *args, **kwargs) -> Self:
        pass

    @abc.abstractmethod
    def error(self, start: int, end: int) -> float:
        pass

    def sum_of_costs(self, bkps: list[int]) -> float:
        soc = sum(self.error(start, end) for start, end in pairwise([0] + bkps))
        return soc

    @property
    @abc.abstractmethod
    def model(self) -> str:
        pass


# --- ruptures/costs/ ---


def cost_factory(model: str, *args, **kwargs) -> BaseCost:
    for cls in BaseCost.__subclasses__():
        if cls.model == model:
            return cls(*args, **kwargs)
    raise ValueError("Not such model: {}".format(model))


class CostL1(BaseCost):

    model = "l1"

    def __init__(self) -> None:
        self.signal = None
        self.min_size = 2

    def fit(self, signal: NDArray[np.number]) -> Self:
        if signal.ndim == 1:
            self.signal = signal.reshape(-1, 1)
        else:
            self.signal = signal

        return self

    def error(self, start: int, end: int) -> float:
        if end - start < self.min_size:
            raise NotEnoughPoints
        sub = self.signal[start:end]
        med = np.median(sub, axis=0)

        return abs(sub - med).sum()


class CostL2(BaseCost):

    model = "l2"

    def __init__(self) -> None:
        self.signal = None
        self.min_size = 1

    def fit(self, signal: NDArray[np.number]) -> Self:
        if signal.ndim == 1:
            self.signal = signal.reshape(-1, 1)
        else:
            self.signal = signal

        return self

    def error(self, start: int, end: int) -> float:
        if end - start < self.min_size:
            raise NotEnoughPoints

        return self.signal[start:end].var(axis=0).sum() * (end - start)


class CostLinear(BaseCost):

    model = "linear"

    def __init__(self) -> None:
        self.signal = None
        self.covar = None
        self.min_size = 2

    def fit(self, signal: NDArray[np.number]) -> Self:
        assert signal.ndim > 1, "Not enough dimensions"

        self.signal = signal[:, 0].reshape(-1, 1)
        self.covar = signal[:, 1:]
        return self

    def error(self, start: int, end: int) -> float:
        if end - start < self.min_size:
            raise NotEnoughPoints
        y, X = self.signal[start:end], self.covar[start:end]
        _, residual, _, _ = lstsq(X, y, rcond=None)
        return residual.sum()


class CostCLinear(BaseCost):

    model = "clinear"

    def __init__(self) -> None:
        self.signal = None
        self.min_size = 3

    def fit(self, signal: NDArray[np.number]) -> Self:
        if signal.ndim == 1:
            self.signal = signal.reshape(-1, 1)
        else:
            self.signal = signal

        return self

    def error(self, start: int, end: int) -> float:
        if end - start < self.min_size:
            raise NotEnoughPoints

        if start == 0:
            start = 1

        sub = self.signal[start:end]
        slope = (self.signal[end - 1] - self.signal[start - 1]) / (end - start)
        intercept = self.signal[start - 1]
        approx = slope.reshape(-1, 1) * np.arange(
            1, end - start + 1
        ) + intercept.reshape(-1, 1)
        return np.sum((sub - approx.transpose()) ** 2)


class CostRbf(BaseCost):

    model = "rbf"

    def __init__(self, gamma: Optional[float] = None) -> None:
        self.min_size = 1
        self.gamma = gamma
        self._gram = None

    @property
    def gram(self) -> NDArray[np.number]:
        if self._gram is None:
            K = pdist(self.signal, metric="sqeuclidean")
            if self.gamma is None:
                self.gamma = 1.0
                # median heuristics
                K_median = np.median(K)
                if K_median != 0:
                    # K /= K_median
                    self.gamma = 1 / K_median
            K *= self.gamma
            np.clip(K, 1e-2, 1e2, K)  # clipping to avoid exponential under/overflow
            self._gram = np.exp(squareform(-K))
        return self._gram

    def fit(self, signal: NDArray[np.number]) -> Self:
        if signal.ndim == 1:
            self.signal = signal.reshape(-1, 1)
        else:
            self.signal = signal

        # If gamma is none, set it using the median heuristic.
        # This heuristic involves computing the gram matrix which is lazy loaded
        # so we simply access the `.gram` property
        if self.gamma is None:
            self.gram

        return self

    def error(self, start: int, end: int) -> float:
        if end - start < self.min_size:
            raise NotEnoughPoints
        sub_gram = self.gram[start:end, start:end]
        val = np.diagonal(sub_gram).sum()
        val -= sub_gram.sum() / (end - start)
        return val


class CostNormal(BaseCost):

    model = "normal"

    def __init__(self, add_small_diag: Optional[bool] = True) -> None:
        self.signal = None
        self.min_size = 2
        self.add_small_diag = add_small_diag
        if add_small_diag:
            warnings.warn(
                "New behaviour in v1.1.5: "
                "a small bias is added to the covariance matrix to cope with truly "
                "constant segments (see PR#198).",
                UserWarning,
            )

    def fit(self, signal: NDArray[np.number]) -> Self:
        if signal.ndim == 1:
            self.signal = signal.reshape(-1, 1)
        else:
            self.signal = signal
        self.n_samples, self.n_dims = self.signal.shape
        return self

    def error(self, start: int, end: int) -> float:
        if end - start < self.min_size:
            raise NotEnoughPoints
        sub = self.signal[start:end]

        if self.signal.shape[1] > 1:
            cov = np.cov(sub.T)
        else:
            cov = np.array([[sub.var()]])
        if self.add_small_diag:  # adding small bias
            cov += 1e-6 * np.eye(self.n_dims)
        _, val = slogdet(cov)
        return val * (end - start)


class CostAR(BaseCost):

    model = "ar"

    def __init__(self, order: int = 4) -> None:
        self.signal = None
        self.covar = None
        self.min_size = max(5, order + 1)
        self.order = order

    def fit(self, signal: NDArray[np.number]) -> Self:
        self.signal = deepcopy(signal)
        if signal.ndim == 1:
            self.signal = self.signal.reshape(-1, 1)

        # lagged covariates
        n_samples, _ = self.signal.shape
        strides = (self.signal.itemsize, self.signal.itemsize)
        shape = (n_samples - self.order, self.order)
        lagged = as_strided(self.signal, shape=shape, strides=strides)
        # pad the first columns
        lagged_after_padding = np.pad(lagged, ((self.order, 0), (0, 0)), mode="edge")
        # add intercept
        self.covar = np.c_[lagged_after_padding, np.ones(n_samples)]
        # pad signal on the edges
        self.signal[: self.order] = self.signal[self.order]
        return self

    def error(self, start: int, end: int) -> float:
        if end - start < self.min_size:
            raise NotEnoughPoints
        y, X = self.signal[start:end], self.covar[start:end]
        _, residual, _, _ = lstsq(X, y, rcond=None)
        return residual.sum()


class CostMl(BaseCost):

    model = "mahalanobis"

    def __init__(self, metric: Optional[NDArray[np.number]] = None) -> None:
        self.metric = metric  # metric matrix
        self.has_custom_metric = False if self.metric is None else True
        self.gram = None
        self.min_size = 2

    def fit(self, signal: NDArray[np.number]) -> Self:
        s_ = signal.reshape(-1, 1) if signal.ndim == 1 else signal

        # fit a Mahalanobis metric if self.has_custom_metric is False
        if self.has_custom_metric is False:
            covar = np.cov(s_.T)
            self.metric = inv(covar.reshape(1, 1) if covar.size == 1 else covar)

        self.gram = s_.dot(self.metric).dot(s_.T)
        self.signal = s_

        return self

    def error(self, start: int, end: int) -> float:
        if end - start < self.min_size:
            raise NotEnoughPoints
        sub_gram = self.gram[start:end, start:end]
        val = np.diagonal(sub_gram).sum()
        val -= sub_gram.sum() / (end - start)
        return val


class CostRank(BaseCost):

    model = "rank"

    def __init__(self) -> None:
        self.inv_cov = None
        self.ranks = None
        self.min_size = 2

    def fit(self, signal: NDArray[np.number]) -> Self:
        if signal.ndim == 1:
            signal = signal.reshape(-1, 1)

        obs, vars = signal.shape

        # Convert signal data into ranks in the range [1, n]
        ranks = rankdata(signal, axis=0)
        # Center the ranks into the range [-(n+1)/2, (n+1)/2]
        centered_ranks = ranks - ((obs + 1) / 2)
        # Sigma is the covariance of these ranks.
        # If it's a scalar, reshape it into a 1x1 matrix
        cov = np.cov(centered_ranks, rowvar=False, bias=True).reshape(vars, vars)

        # Use the pseudoinverse to handle linear dependencies
        # see Lung-Yut-Fong, A., Lévy-Leduc, C., & Cappé, O. (2015)
        try:
            self.inv_cov = pinv(cov)
        except LinAlgError as e:
            raise LinAlgError(
                "The covariance matrix of the rank signal is not invertible and the "
                "pseudo-inverse computation did not converge."
            ) from e
        self.ranks = centered_ranks
        self.signal = signal

        return self

    def error(self, start: int, end: int) -> float:
        if end - start < self.min_size:
            raise NotEnoughPoints

        mean = np.reshape(np.mean(self.ranks[start:end], axis=0), (-1, 1))

        return -(end - start) * mean.T @ self.inv_cov @ mean


class CostCosine(BaseCost):

    model = "cosine"

    def __init__(self) -> None:
        self.signal = None
        self.min_size = 1
        self._gram = None

    @property
    def gram(self) -> NDArray[np.number]:
        if self._gram is None:
            self._gram = squareform(1 - pdist(self.signal, metric="cosine"))
        return self._gram

    def fit(self, signal: NDArray[np.number]) -> Self:
        if signal.ndim == 1:
            self.signal = signal.reshape(-1, 1)
        else:
            self.signal = signal
        return self

    def error(self, start: int, end: int) -> float:
        if end - start < self.min_size:
            raise NotEnoughPoints
        sub_gram = self.gram[start:end, start:end]
        val = np.diagonal(sub_gram).sum()
        val -= sub_gram.sum() / (end - start)
        return val


# --- ruptures/detection/ ---


class Binseg(BaseEstimator):

    def __init__(
        self,
        model: str = "l2",
        custom_cost: Optional[BaseCost] = None,
        min_size: int = 2,
        jump: int = 5,
        params: Optional[dict[str, Any]] = None,
    ) -> None:
        if custom_cost is not None and isinstance(custom_cost, BaseCost):
            self.cost = custom_cost
        else:
            if params is None:
                self.cost = cost_factory(model=model)
            else:
                self.cost = cost_factory(model=model, **params)
        self.min_size = max(min_size, self.cost.min_size)
        self.jump = jump
        self.n_samples = None
        self.signal = None

    def _seg(
        self,
        n_bkps: Optional[int] = None,
        pen: Optional[float] = None,
        epsilon: Optional[float] = None,
    ) -> dict[tuple[int, int], float]:
        # initialization
        bkps = [self.n_samples]
        stop = False
        while not stop:
            stop = True
            new_bkps = [
                self.single_bkp(start, end) for start, end in pairwise([0] + bkps)
            ]
            bkp, gain = max(new_bkps, key=lambda x: x[1])

            if bkp is None:  # all possible configuration have been explored.
                break

            if n_bkps is not None:
                if len(bkps) - 1 < n_bkps:
                    stop = False
            elif pen is not None:
                if gain > pen:
                    stop = False
            elif epsilon is not None:
                error = self.cost.sum_of_costs(bkps)
                if error > epsilon:
                    stop = False

            if not stop:
                bkps.append(bkp)
                bkps.sort()
        partition = {
            (start, end): self.cost.error(start, end)
            for start, end in pairwise([0] + bkps)
        }
        return partition

    @lru_cache(maxsize=None)
    def single_bkp(self, start: int, end: int) -> tuple[Union[int, None], float]:
        segment_cost = self.cost.error(start, end)
        if np.isinf(segment_cost) and segment_cost < 0:  # if cost is -inf
            return None, 0
        gain_list = list()
        for bkp in range(start, end, self.jump):
            if bkp - start >= self.min_size and end - bkp >= self.min_size:
                gain = (
                    segment_cost
                    - self.cost.error(start, bkp)
                    - self.cost.error(bkp, end)
                )
                gain_list.append((gain, bkp))
        try:
            gain, bkp = max(gain_list)
        except ValueError:  # if empty sub_sampling
            return None, 0
        return bkp, gain

    def fit(self, signal: NDArray[np.number]) -> Self:
        # update some params
        if signal.ndim == 1:
            self.signal = signal.reshape(-1, 1)
        else:
            self.signal = signal
        self.n_samples, _ = self.signal.shape
        self.cost.fit(signal)
        self.single_bkp.cache_clear()

        return self

    def predict(
        self,
        n_bkps: Optional[int] = None,
        pen: Optional[float] = None,
        epsilon: Optional[float] = None,
    ) -> list[int]:
        msg = "Give a parameter."
        assert any(param is not None for param in (n_bkps, pen, epsilon)), msg

        # raise an exception in case of impossible segmentation configuration
        if not sanity_check(
            n_samples=self.cost.signal.shape[0],
            n_bkps=0 if n_bkps is None else n_bkps,
            jump=self.jump,
            min_size=self.min_size,
        ):
            raise BadSegmentationParameters

        partition = self._seg(n_bkps=n_bkps, pen=pen, epsilon=epsilon)
        bkps = sorted(e for s, e in partition.keys())
        return bkps

    def fit_predict(
        self,
        signal: NDArray[np.number],
        n_bkps: Optional[int] = None,
        pen: Optional[float] = None,
        epsilon: Optional[float] = None,
    ) -> list[int]:
        self.fit(signal)
        return self.predict(n_bkps=n_bkps, pen=pen, epsilon=epsilon)


class BottomUp(BaseEstimator):

    def __init__(
        self,
        model: str = "l2",
        custom_cost: Optional[BaseCost] = None,
        min_size: int = 2,
        jump: int = 5,
        params: Optional[dict[str, Any]] = None,
    ) -> None:
        if custom_cost is not None and isinstance(custom_cost, BaseCost):
            self.cost = custom_cost
        else:
            if params is None:
                self.cost = cost_factory(model=model)
            else:
                self.cost = cost_factory(model=model, **params)
        self.min_size = max(min_size, self.cost.min_size)
        self.jump = jump
        self.n_samples = None
        self.signal = None
        self.leaves = None

    def _grow_tree(self):
        partition = [(-self.n_samples, (0, self.n_samples))]
        stop = False
        while not stop:  # recursively divide the signal
            stop = True
            _, (start, end) = partition[0]
            mid = (start + end) * 0.5
            bkps = list()
            for bkp in range(start, end):
                if bkp % self.jump == 0:
                    if bkp - start >= self.min_size and end - bkp >= self.min_size:
                        bkps.append(bkp)
            if len(bkps) > 0:  # at least one admissible breakpoint was found
                bkp = min(bkps, key=lambda x: abs(x - mid))
                heapq.heappop(partition)
                heapq.heappush(partition, (-bkp + start, (start, bkp)))
                heapq.heappush(partition, (-end + bkp, (bkp, end)))
                stop = False

        partition.sort(key=lambda x: x[1])
        # compute segment costs
        leaves = list()
        for _, (start, end) in partition:
            val = self.cost.error(start, end)
            leaf = Bnode(start, end, val)
            leaves.append(leaf)
        return leaves

    @lru_cache(maxsize=None)
    def merge(self, left: Bnode, right: Bnode) -> Bnode:
        assert left.end == right.start, "Segments are not contiguous."
        start, end = left.start, right.end
        val = self.cost.error(start, end)
        node = Bnode(start, end, val, left=left, right=right)
        return node

    def _seg(
        self,
        n_bkps: Optional[int] = None,
        pen: Optional[float] = None,
        epsilon: Optional[float] = None,
    ):
        leaves = sorted(self.leaves)
        keys = [leaf.start for leaf in leaves]
        removed = set()
        merged = []
        for left, right in pairwise(leaves):
            candidate = self.merge(left, right)
            heapq.heappush(merged, (candidate.gain, candidate))
        # bottom up fusion
        stop = False
        while not stop:
            stop = True

            try:
                gain, leaf = heapq.heappop(merged)
                # Ignore any merge candidates whose left or right children
                # no longer exist (because they were merged with another node).
                # It's cheaper to do this here than during the initial merge.
                while leaf.left in removed or leaf.right in removed:
                    gain, leaf = heapq.heappop(merged)
            # if merged is empty (all nodes have been merged).
            except IndexError:
                break

            if n_bkps is not None:
                if len(leaves) > n_bkps + 1:
                    stop = False
            elif pen is not None:
                if gain < pen:
                    stop = False
            elif epsilon is not None:
                if sum(leaf_tmp.val for leaf_tmp in leaves) < epsilon:
                    stop = False

            if not stop:
                # updates the list of leaves (i.e. segments of the partitions)
                # find the merged segments indexes
                left_idx = bisect_left(keys, leaf.left.start)
                # replace leaf.left
                leaves[left_idx] = leaf
                keys[left_idx] = leaf.start
                # remove leaf.right
                del leaves[left_idx + 1]
                del keys[left_idx + 1]
                # add to the set of removed segments.
                removed.add(leaf.left)
                removed.add(leaf.right)
                # add new merge candidates
                if left_idx > 0:
                    left_candidate = self.merge(leaves[left_idx - 1], leaf)
                    heapq.heappush(merged, (left_candidate.gain, left_candidate))
                if left_idx < len(leaves) - 1:
                    right_candidate = self.merge(leaf, leaves[left_idx + 1])
                    heapq.heappush(merged, (right_candidate.gain, right_candidate))

        partition = {(leaf.start, leaf.end): leaf.val for leaf in leaves}
        return partition

    def fit(self, signal: NDArray[np.number]) -> Self:
        # update some params
        self.cost.fit(signal)
        self.merge.cache_clear()
        if signal.ndim == 1:
            (n_samples,) = signal.shape
        else:
            n_samples, _ = signal.shape
        self.n_samples = n_samples
        self.leaves = self._grow_tree()
        return self

    def predict(
        self,
        n_bkps: Optional[int] = None,
        pen: Optional[float] = None,
        epsilon: Optional[float] = None,
    ) -> list[int]:
        msg = "Give a parameter."
        assert any(param is not None for param in (n_bkps, pen, epsilon)), msg

        # raise an exception in case of impossible segmentation configuration
        if not sanity_check(
            n_samples=self.cost.signal.shape[0],
            n_bkps=0 if n_bkps is None else n_bkps,
            jump=self.jump,
            min_size=self.min_size,
        ):
            raise BadSegmentationParameters

        partition = self._seg(n_bkps=n_bkps, pen=pen, epsilon=epsilon)
        bkps = sorted(e for s, e in partition.keys())
        return bkps

    def fit_predict(
        self,
        signal: NDArray[np.number],
        n_bkps: Optional[int] = None,
        pen: Optional[float] = None,
        epsilon: Optional[float] = None,
    ) -> list[int]:
        self.fit(signal)
        return self.predict(n_bkps=n_bkps, pen=pen, epsilon=epsilon)


class Dynp(BaseEstimator):

    def __init__(
        self,
        model: str = "l2",
        custom_cost: Optional[BaseCost] = None,
        min_size: int = 2,
        jump: int = 5,
        params: Optional[dict[str, Any]] = None,
    ) -> None:
        if custom_cost is not None and isinstance(custom_cost, BaseCost):
            self.cost = custom_cost
        else:
            self.model_name = model
            if params is None:
                self.cost = cost_factory(model=model)
            else:
                self.cost = cost_factory(model=model, **params)
        self.min_size = max(min_size, self.cost.min_size)
        self.jump = jump
        self.n_samples = None

    @lru_cache(maxsize=None)
    def seg(self, start: int, end: int, n_bkps: int) -> dict[tuple[int, int], float]:
        jump, min_size = self.jump, self.min_size

        if n_bkps == 0:
            cost = self.cost.error(start, end)
            return {(start, end): cost}
        elif n_bkps > 0:
            # Let's fill the list of admissible last breakpoints
            multiple_of_jump = (k for k in range(start, end) if k % jump == 0)
            admissible_bkps = list()
            for bkp in multiple_of_jump:
                n_samples = bkp - start
                # first check if left subproblem is possible
                if sanity_check(
                    n_samples=n_samples,
                    n_bkps=n_bkps - 1,
                    jump=jump,
                    min_size=min_size,
                ):
                    # second check if the right subproblem has enough points
                    if end - bkp >= min_size:
                        admissible_bkps.append(bkp)

            assert (
                len(admissible_bkps) > 0
            ), "No admissible last breakpoints found.\
             start, end: ({},{}), n_bkps: {}.".format(
                start, end, n_bkps
            )

            # Compute the subproblems
            sub_problems = list()
            for bkp in admissible_bkps:
                left_partition = self.seg(start, bkp, n_bkps - 1)
                right_partition = self.seg(bkp, end, 0)
                tmp_partition = dict(left_partition)
                tmp_partition[(bkp, end)] = right_partition[(bkp, end)]
                sub_problems.append(tmp_partition)

            # Find the optimal partition
            return min(sub_problems, key=lambda d: sum(d.values()))

    def fit(self, signal: NDArray[np.number]) -> Self:
        # clear cache
        self.seg.cache_clear()
        # update some params
        self.cost.fit(signal)
        self.n_samples = signal.shape[0]
        return self

    def predict(self, n_bkps: int) -> list[int]:
        # raise an exception in case of impossible segmentation configuration
        if not sanity_check(
            n_samples=self.cost.signal.shape[0],
            n_bkps=n_bkps,
            jump=self.jump,
            min_size=self.min_size,
        ):
            raise BadSegmentationParameters
        partition = self.seg(0, self.n_samples, n_bkps)
        bkps = sorted(e for s, e in partition.keys())
        return bkps

    def fit_predict(self, signal: NDArray[np.number], n_bkps: int) -> list[int]:
        self.fit(signal)
        return self.predict(n_bkps)


class Pelt(BaseEstimator):

    def __init__(
        self,
        model="l2",
        custom_cost: Optional[BaseCost] = None,
        min_size: int = 2,
        jump: int = 5,
        params: Optional[dict[str, Any]] = None,
    ) -> None:
        if custom_cost is not None and isinstance(custom_cost, BaseCost):
            self.cost = custom_cost
        else:
            if params is None:
                self.cost = cost_factory(model=model)
            else:
                self.cost = cost_factory(model=model, **params)
        self.min_size = max(min_size, self.cost.min_size)
        self.jump = jump
        self.n_samples = None

    def _seg(self, pen: float) -> dict[tuple[int, int], float]:
        # initialization
        # partitions[t] contains the optimal partition of signal[0:t]
        partitions = dict()  # this dict will be recursively filled
        partitions[0] = {(0, 0): 0}
        admissible = []

        # Recursion
        ind = [k for k in range(0, self.n_samples, self.jump) if k >= self.min_size]
        ind += [self.n_samples]
        for bkp in ind:
            # adding a point to the admissible set from the previous loop.
            new_adm_pt = floor((bkp - self.min_size) / self.jump)
            new_adm_pt *= self.jump
            admissible.append(new_adm_pt)

            subproblems = list()
            for t in admissible:
                # left partition
                try:
                    tmp_partition = partitions[t].copy()
                except KeyError:  # no partition of 0:t exists
                    continue
                # we update with the right partition
                tmp_partition.update({(t, bkp): self.cost.error(t, bkp) + pen})
                subproblems.append(tmp_partition)

            # finding the optimal partition
            partitions[bkp] = min(subproblems, key=lambda d: sum(d.values()))
            # trimming the admissible set
            admissible = [
                t
                for t, partition in zip(admissible, subproblems)
                if sum(partition.values()) <= sum(partitions[bkp].values()) + pen
            ]

        best_partition = partitions[self.n_samples]
        del best_partition[(0, 0)]
        return best_partition

    def fit(self, signal: NDArray[np.number]) -> Self:
        # update params
        self.cost.fit(signal)
        if signal.ndim == 1:
            (n_samples,) = signal.shape
        else:
            n_samples, _ = signal.shape
        self.n_samples = n_samples
        return self

    def predict(self, pen: float) -> list[int]:
        # raise an exception in case of impossible segmentation configuration
        if not sanity_check(
            n_samples=self.cost.signal.shape[0],
            n_bkps=0,
            jump=self.jump,
            min_size=self.min_size,
        ):
            raise BadSegmentationParameters

        partition = self._seg(pen)
        bkps = sorted(e for s, e in partition.keys())
        return bkps

    def fit_predict(self, signal: NDArray[np.number], pen: float) -> list[int]:
        self.fit(signal)
        return self.predict(pen)


class Window(BaseEstimator):

    def __init__(
        self,
        width: int = 100,
        model: str = "l2",
        custom_cost: Optional[BaseCost] = None,
        min_size: int = 2,
        jump: int = 5,
        params: Optional[dict[str, Any]] = None,
    ) -> None:
        self.min_size = min_size
        self.jump = jump
        self.width = 2 * (width // 2)
        self.n_samples = None
        self.signal = None
        self.inds = None
        if custom_cost is not None and isinstance(custom_cost, BaseCost):
            self.cost = custom_cost
        else:
            if params is None:
                self.cost = cost_factory(model=model)
            else:
                self.cost = cost_factory(model=model, **params)
        self.score = list()

    def _seg(
        self,
        n_bkps: Optional[int] = None,
        pen: Optional[float] = None,
        epsilon: Optional[float] = None,
    ) -> list[int]:
        # initialization
        bkps = [self.n_samples]
        stop = False
        error = self.cost.sum_of_costs(bkps)
        # peak search
        # forcing order to be above one in case jump is too large (issue #16)
        order = max(max(self.width, 2 * self.min_size) // (2 * self.jump), 1)
        peak_inds_shifted = argrelmax(self.score, order=order, mode="wrap")[0]

        if peak_inds_shifted.size == 0:  # no peaks if the score is constant
            return bkps
        gains = np.take(self.score, peak_inds_shifted)
        peak_inds_arr = np.take(self.inds, peak_inds_shifted)
        # sort according to score value
        _, peak_inds = unzip(sorted(zip(gains, peak_inds_arr)))
        peak_inds = list(peak_inds)

        while not stop:
            stop = True
            # _, bkp = max((v, k) for k, v in enumerate(self.score, start=1)
            # if not any(abs(k - b) < self.width // 2 for b in bkps[:-1]))

            try:
                # index with maximum score
                bkp = peak_inds.pop()
            except IndexError:  # peak_inds is empty
                break

            if n_bkps is not None:
                if len(bkps) - 1 < n_bkps:
                    stop = False
            elif pen is not None:
                gain = error - self.cost.sum_of_costs(sorted([bkp] + bkps))
                if gain > pen:
                    stop = False
            elif epsilon is not None:
                if error > epsilon:
                    stop = False

            if not stop:
                bkps.append(bkp)
                bkps.sort()
                error = self.cost.sum_of_costs(bkps)

        return bkps

    def fit(self, signal: NDArray[np.number]) -> Self:
        # update some params
        if signal.ndim == 1:
            self.signal = signal.reshape(-1, 1)
        else:
            self.signal = signal
        self.n_samples, _ = self.signal.shape
        # indexes
        self.inds = np.arange(self.n_samples, step=self.jump)
        # delete borders
        keep = (self.inds >= self.width // 2) & (
            self.inds < self.n_samples - self.width // 2
        )
        self.inds = self.inds[keep]
        self.cost.fit(signal)
        # compute score
        score = list()
        for k in self.inds:
            start, end = k - self.width // 2, k + self.width // 2
            gain = self.cost.error(start, end)
            if np.isinf(gain) and gain < 0:
                # segment is constant and no improvment possible on start .. end
                score.append(0)
                continue
            gain -= self.cost.error(start, k) + self.cost.error(k, end)
            score.append(gain)
        self.score = np.array(score)
        return self

    def predict(
        self,
        n_bkps: Optional[int] = None,
        pen: Optional[float] = None,
        epsilon: Optional[float] = None,
    ) -> list[int]:
        # raise an exception in case of impossible segmentation configuration
        if not sanity_check(
            n_samples=self.cost.signal.shape[0],
            n_bkps=0 if n_bkps is None else n_bkps,
            jump=self.jump,
            min_size=self.min_size,
        ):
            raise BadSegmentationParameters

        msg = "Give a parameter."
        assert any(param is not None for param in (n_bkps, pen, epsilon)), msg

        bkps = self._seg(n_bkps=n_bkps, pen=pen, epsilon=epsilon)
        return bkps

    def fit_predict(
        self,
        signal: NDArray[np.number],
        n_bkps: Optional[int] = None,
        pen: Optional[float] = None,
        epsilon: Optional[float] = None,
    ) -> list[int]:
        self.fit(signal)
        return self.predict(n_bkps=n_bkps, pen=pen, epsilon=epsilon)


class L1Potts(BaseEstimator):

    def __init__(self):
        self.jump = 1
        self.min_size = 1
        self.n_samples = None
        self.signal = None
        self._levels = None
        self._weights = None

    def fit(self, signal, weights=None) -> "L1Potts":
        signal = np.asarray(signal)
        if signal.dtype.kind not in ("i", "u", "f"):
            raise ValueError(
                "L1Potts requires a real-valued numeric signal, got dtype "
                "{}.".format(signal.dtype)
            )
        signal = np.atleast_1d(signal.astype(float, copy=False).squeeze())
        if signal.ndim != 1:
            raise BadSegmentationParameters("L1Potts only accepts 1D signals.")
        if signal.size == 0:
            raise BadSegmentationParameters("L1Potts requires a non-empty signal.")
        if not np.all(np.isfinite(signal)):
            raise ValueError("signal must contain only finite values (no NaN or Inf).")
        n_samples = signal.shape[0]

        if weights is None:
            weights = np.ones(n_samples, dtype=float)
        else:
            weights = np.asarray(weights)
            if weights.dtype.kind not in ("i", "u", "f"):
                raise ValueError(
                    "weights must be real-valued numeric, got dtype "
                    "{}.".format(weights.dtype)
                )
            weights = weights.astype(float, copy=False)
            if weights.shape != (n_samples,):
                raise ValueError(
                    "weights must have shape ({},), got {}.".format(
                        n_samples, weights.shape
                    )
                )
            if not np.all(np.isfinite(weights)):
                raise ValueError(
                    "weights must contain only finite values (no NaN or Inf)."
                )
            if np.any(weights < 0):
                raise ValueError("weights must be non-negative.")

        # Defensive copies: shield the solver from later mutations of the
        # caller's arrays. Cheap (16 * n_samples bytes total).
        self.signal = signal.copy()
        self.n_samples = n_samples
        self._weights = weights.copy()
        self._levels = np.unique(self.signal)
        return self

    def predict(self, pen):
        if self.signal is None:
            raise RuntimeError("predict() called before fit(); call fit(signal) first.")
        try:
            pen = float(pen)
        except (TypeError, ValueError):
            raise ValueError(
                "pen must be a positive real number, got {!r}.".format(pen)
            )
        if not pen > 0:
            raise ValueError("pen must be positive, got {!r}.".format(pen))

        signal = self.signal
        weights = self._weights
        levels = self._levels
        n_samples = self.n_samples
        n_levels = levels.shape[0]

        # Forward DP. dp[k] is the running cost of segmenting signal[:n+1]
        # ending at level levels[k]. Only the previous column is kept.
        # parents[k, n] == 1 means the optimum entering (levels[k], n) was
        # reached via a jump (best previous level + pen). parents[:, 0] is
        # unused.
        # prev_argmin[n] is argmin_k dp[k] right after step n; used during
        # backtracking to identify the level taken when a jump is made.
        parents = np.zeros((n_levels, n_samples), dtype=np.uint8)
        prev_argmin = np.empty(n_samples, dtype=np.intp)

        dp = np.abs(levels - signal[0]) * weights[0]
        prev_argmin[0] = int(np.argmin(dp))
        for n in range(1, n_samples):
            jump_cost = dp.min() + pen
            take_jump = jump_cost < dp
            parents[:, n] = take_jump
            dp = np.abs(levels - signal[n]) * weights[n] + np.where(
                take_jump, jump_cost, dp
            )
            prev_argmin[n] = int(np.argmin(dp))

        # Backtracking. Walk backwards, recording a breakpoint each time the
        # level changes between consecutive samples.
        level = int(prev_argmin[n_samples - 1])
        bkps = [n_samples]
        for n in range(n_samples - 1, 0, -1):
            new_level = int(prev_argmin[n - 1]) if parents[level, n] else level
            if new_level != level:
                bkps.append(n)
            level = new_level
        bkps.reverse()
        return bkps

    def fit_predict(self, signal, pen, weights=None):
        self.fit(signal, weights=weights)
        return self.predict(pen)

    def _compute_functional_value(self, bkps, pen):
        functional_value = pen * (len(bkps) - 1)
        weights = self._weights
        bkps = [0] + bkps
        for i in range(len(bkps) - 1):
            seg = self.signal[bkps[i] : bkps[i + 1]]
            seg_w = weights[bkps[i] : bkps[i + 1]]
            level = _weighted_median(seg, seg_w)
            functional_value += float(np.sum(seg_w * np.abs(seg - level)))
        return functional_value


def _weighted_median(values, weights):
    order = np.argsort(values, kind="stable")
    sorted_vals = values[order]
    sorted_w = weights[order]
    csum = np.cumsum(sorted_w)
    total = csum[-1]
    if total <= 0:
        return float(sorted_vals[len(sorted_vals) // 2])
    idx = int(np.searchsorted(csum, total / 2.0, side="left"))
    if idx >= sorted_vals.shape[0]:
        idx = sorted_vals.shape[0] - 1
    return float(sorted_vals[idx])


# --- ruptures/metrics/ (sanity_check.py's sanity_check is metrics_sanity_check here: utils has a sanity_check too) ---


class BadPartitions(Exception):

    pass


def metrics_sanity_check(bkps1, bkps2):
    # checks if empty.
    for nom, bkps in zip(("first", "second"), (bkps1, bkps2)):
        if len(bkps) == 0:
            raise BadPartitions("The {} partition is empty.".format(nom))
    # checks if both ends with the same index.
    if max(bkps1) != max(bkps2):
        raise BadPartitions(
            "The end of the last regime is not the same for each of the "
            "partitions:\n{}\n{}".format(bkps1, bkps2)
        )
    # checks if there is repetition.
    for bkps in (bkps1, bkps2):
        seen = set()
        if any(i in seen or seen.add(i) for i in bkps):
            raise BadPartitions("Some indexes are repeated: {}".format(bkps))


def randindex(bkps1, bkps2):
    metrics_sanity_check(bkps1, bkps2)
    n_samples = bkps1[-1]
    bkps1_with_0 = [0] + bkps1
    bkps2_with_0 = [0] + bkps2
    n_bkps1 = len(bkps1)
    n_bkps2 = len(bkps2)

    disagreement = 0
    beginj: int = 0  # avoids unnecessary computations
    for index_bkps1 in range(n_bkps1):
        start1: int = bkps1_with_0[index_bkps1]
        end1: int = bkps1_with_0[index_bkps1 + 1]
        for index_bkps2 in range(beginj, n_bkps2):
            start2: int = bkps2_with_0[index_bkps2]
            end2: int = bkps2_with_0[index_bkps2 + 1]
            nij = max(min(end1, end2) - max(start1, start2), 0)
            disagreement += nij * abs(end1 - end2)

            # we can skip the rest of the iteration, nij will be 0
            if end1 < end2:
                break
            else:
                beginj = index_bkps2 + 1

    disagreement /= n_samples * (n_samples - 1) / 2
    return 1.0 - disagreement


def hamming(bkps1, bkps2):
    return 1 - randindex(bkps1=bkps1, bkps2=bkps2)


def hausdorff(bkps1, bkps2):
    metrics_sanity_check(bkps1, bkps2)
    bkps1_arr = np.array(bkps1[:-1]).reshape(-1, 1)
    bkps2_arr = np.array(bkps2[:-1]).reshape(-1, 1)
    pw_dist = cdist(bkps1_arr, bkps2_arr)
    res = max(pw_dist.min(axis=0).max(), pw_dist.min(axis=1).max())
    return res


def precision_recall(true_bkps, my_bkps, margin=10):
    metrics_sanity_check(true_bkps, my_bkps)
    assert margin > 0, "Margin of error must be positive (margin = {})".format(margin)

    if len(my_bkps) == 1:
        return 0, 0

    used = set()
    true_pos = set(
        true_b
        for true_b, my_b in product(true_bkps[:-1], my_bkps[:-1])
        if my_b - margin < true_b < my_b + margin
        and not (my_b in used or used.add(my_b))
    )

    tp_ = len(true_pos)
    precision = tp_ / (len(my_bkps) - 1)
    recall = tp_ / (len(true_bkps) - 1)
    return precision, recall


def meantime(true_bkps, my_bkps):
    metrics_sanity_check(true_bkps, my_bkps)
    true_bkps_arr = np.array(true_bkps[:-1]).reshape(-1, 1)
    my_bkps_arr = np.array(my_bkps[:-1]).reshape(-1, 1)
    pw_dist = cdist(true_bkps_arr, my_bkps_arr)

    dist_from_true = pw_dist.min(axis=0)
    assert len(dist_from_true) == len(my_bkps) - 1

    return dist_from_true.mean()


# --- ruptures/datasets/ ---


def pw_constant(
    n_samples: int = 200,
    n_features: int = 1,
    n_bkps: int = 3,
    noise_std: Optional[float] = None,
    delta: tuple[int, int] = (1, 10),
    seed: Optional[int] = None,
) -> tuple[NDArray[np.number], list[int]]:
    # breakpoints
    bkps = draw_bkps(n_samples, n_bkps, seed=seed)
    # we create the signal
    signal = np.empty((n_samples, n_features), dtype=float)
    tt_ = np.arange(n_samples)
    delta_min, delta_max = delta
    # mean value
    center = np.zeros(n_features)
    rng = np.random.default_rng(seed=seed)
    for ind in np.split(tt_, bkps):
        if ind.size > 0:
            # jump value
            jump = rng.uniform(delta_min, delta_max, size=n_features)
            spin = rng.choice([-1, 1], n_features)
            center += jump * spin
            signal[ind] = center

    if noise_std is not None:
        noise = rng.normal(size=signal.shape) * noise_std
        signal = signal + noise

    return signal, bkps


def pw_linear(
    n_samples: int = 200,
    n_features: int = 1,
    n_bkps: int = 3,
    noise_std: Optional[float] = None,
    seed: Optional[int] = None,
) -> tuple[NDArray[np.floating], list[int]]:
    rng = np.random.default_rng(seed=seed)
    covar = rng.normal(size=(n_samples, n_features))
    linear_coeff, bkps = pw_constant(
        n_samples=n_samples,
        n_bkps=n_bkps,
        n_features=n_features,
        noise_std=None,
        seed=seed,
    )
    var = np.sum(linear_coeff * covar, axis=1)
    if noise_std is not None:
        var += rng.normal(scale=noise_std, size=var.shape)
    signal = np.c_[var, covar]
    return signal, bkps


def pw_normal(
    n_samples: int = 200, n_bkps: int = 3, seed: Optional[int] = None
) -> tuple[NDArray[np.floating], list[int]]:
    # breakpoints
    bkps = draw_bkps(n_samples, n_bkps, seed=seed)
    # we create the signal
    signal = np.zeros((n_samples, 2), dtype=float)
    cov1 = np.array([[1, 0.9], [0.9, 1]])
    cov2 = np.array([[1, -0.9], [-0.9, 1]])
    rng = np.random.default_rng(seed=seed)
    for sub, cov in zip(np.split(signal, bkps), cycle((cov1, cov2))):
        n_sub, _ = sub.shape
        sub += rng.multivariate_normal([0, 0], cov, size=n_sub)

    return signal, bkps


def pw_wavy(
    n_samples: int = 200,
    n_bkps: int = 3,
    noise_std: Optional[float] = None,
    seed: Optional[int] = None,
) -> tuple[NDArray[np.floating], list[int]]:
    # breakpoints
    bkps = draw_bkps(n_samples, n_bkps, seed=seed)
    # we create the signal
    f1 = np.array([0.075, 0.1])
    f2 = np.array([0.1, 0.125])
    freqs = np.zeros((n_samples, 2))
    for sub, val in zip(np.split(freqs, bkps[:-1]), cycle([f1, f2])):
        sub += val
    tt = np.arange(n_samples)

    # DeprecationWarning: Calling np.sum(generator) is deprecated
    # Use np.sum(np.from_iter(generator)) or the python sum builtin instead.
    signal = np.sum([np.sin(2 * np.pi * tt * f) for f in freqs.T], axis=0)

    if noise_std is not None:
        rng = np.random.default_rng(seed=seed)
        noise = rng.normal(scale=noise_std, size=signal.shape)
        signal += noise

    return signal, bkps



# --- the settings of the cases (a fresh cost or estimator per call, as ruptures' examples make them) ---------------

BKPS = [25, 50, 75, 100]  # where the signals change (and their length)


def l1_error(signal):
    return CostL1().fit(signal).error(10, 40)


def l2_error(signal):
    return CostL2().fit(signal).error(10, 40)


def linear_error(signal):
    return CostLinear().fit(signal).error(10, 40)


def clinear_error(signal):
    return CostCLinear().fit(signal).error(10, 40)


def clinear_error_start(signal):
    return CostCLinear().fit(signal).error(0, 30)


def rbf_error(signal):
    return CostRbf().fit(signal).error(10, 40)


def rbf_error_gamma(signal):
    return CostRbf(gamma=0.5).fit(signal).error(10, 40)


def normal_error(signal):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return CostNormal().fit(signal).error(10, 40)


def normal_error_no_diag(signal):
    return CostNormal(add_small_diag=False).fit(signal).error(10, 40)


def ar_error(signal):
    return CostAR().fit(signal).error(10, 40)


def ar_error_order2(signal):
    return CostAR(order=2).fit(signal).error(10, 40)


def ml_error(signal):
    return CostMl().fit(signal).error(10, 40)


def ml_error_metric(signal, metric):
    return CostMl(metric=metric).fit(signal).error(10, 40)


def rank_error(signal):
    return CostRank().fit(signal).error(10, 40)


def cosine_error(signal):
    return CostCosine().fit(signal).error(10, 40)


def l1_sum_of_costs(signal):
    return CostL1().fit(signal).sum_of_costs(BKPS)


def l2_sum_of_costs(signal):
    return CostL2().fit(signal).sum_of_costs(BKPS)


def linear_sum_of_costs(signal):
    return CostLinear().fit(signal).sum_of_costs(BKPS)


def clinear_sum_of_costs(signal):
    return CostCLinear().fit(signal).sum_of_costs(BKPS)


def rbf_sum_of_costs(signal):
    return CostRbf().fit(signal).sum_of_costs(BKPS)


def normal_sum_of_costs(signal):
    return CostNormal(add_small_diag=False).fit(signal).sum_of_costs(BKPS)


def ar_sum_of_costs(signal):
    return CostAR().fit(signal).sum_of_costs(BKPS)


def ml_sum_of_costs(signal):
    return CostMl().fit(signal).sum_of_costs(BKPS)


def rank_sum_of_costs(signal):
    return CostRank().fit(signal).sum_of_costs(BKPS)


def cosine_sum_of_costs(signal):
    return CostCosine().fit(signal).sum_of_costs(BKPS)


def factory_l2_error(signal):
    return cost_factory("l2").fit(signal).error(10, 40)


def factory_rbf_gamma_error(signal):
    return cost_factory("rbf", gamma=0.1).fit(signal).error(10, 40)


def binseg_n_bkps(signal):
    return Binseg(model="l2").fit(signal).predict(n_bkps=3)


def binseg_pen(signal):
    return Binseg(model="l2").fit(signal).predict(pen=5.0)


def binseg_epsilon(signal):
    return Binseg(model="l2").fit(signal).predict(epsilon=50.0)


def binseg_rbf(signal):
    return Binseg(model="rbf", jump=2).fit_predict(signal, n_bkps=3)


def binseg_l1(signal):
    return Binseg(model="l1").fit(signal).predict(n_bkps=2)


def bottomup_n_bkps(signal):
    return BottomUp(model="l2").fit(signal).predict(n_bkps=3)


def bottomup_pen(signal):
    return BottomUp(model="l2").fit(signal).predict(pen=5.0)


def dynp_l2(signal):
    return Dynp(model="l2", jump=5).fit(signal).predict(n_bkps=3)


def dynp_l1(signal):
    return Dynp(model="l1", jump=5).fit_predict(signal, n_bkps=2)


def dynp_custom_cost(signal):
    return Dynp(custom_cost=CostNormal(add_small_diag=False), jump=10).fit(signal).predict(n_bkps=2)


def pelt_l2(signal):
    return Pelt(model="l2").fit(signal).predict(pen=5.0)


def pelt_rbf(signal):
    return Pelt(model="rbf", min_size=3).fit_predict(signal, pen=1.0)


def pelt_l1(signal):
    return Pelt(model="l1", jump=10).fit(signal).predict(pen=10.0)


def window_n_bkps(signal):
    return Window(width=20, model="l2").fit(signal).predict(n_bkps=3)


def window_pen(signal):
    return Window(width=20, model="l2").fit(signal).predict(pen=5.0)


def window_epsilon(signal):
    return Window(width=20, model="l1").fit_predict(signal, epsilon=40.0)


def l1potts(signal):
    return L1Potts().fit_predict(signal, pen=2.0)


def l1potts_weights(signal, weights):
    return L1Potts().fit(signal, weights=weights).predict(3.0)


def l1potts_functional_value(signal):
    algo = L1Potts().fit(signal)
    return algo._compute_functional_value([25, 50, 75, 100], 2.0)


def bnode_gain(val, left, right):
    return Bnode(0, 100, val, left=Bnode(0, 50, left), right=Bnode(50, 100, right)).gain


def bnode_leaf_gain(val):
    return Bnode(0, 100, val).gain


def pairwise_list(bkps):
    return list(pairwise([0] + bkps))


def unzip_list(pairs):
    return list(unzip(pairs))


def utils_sanity_check():
    return sanity_check(100, 3, 5, 2), sanity_check(20, 5, 5, 3)


def precision_recall_margin(true_bkps, my_bkps):
    return precision_recall(true_bkps, my_bkps, margin=5)


def constant_dataset():
    return pw_constant(100, 2, 3, noise_std=1.0, seed=3)


def linear_dataset():
    return pw_linear(100, 2, 3, noise_std=0.5, seed=4)


def normal_dataset():
    return pw_normal(100, 3, seed=5)


def wavy_dataset():
    return pw_wavy(100, 3, noise_std=0.2, seed=6)


def drawn_bkps():
    return draw_bkps(100, 4, seed=7)


# --- inputs ---------------------------------------------------------------------------------------------------------

def _signal(rng, d=None):
    # piecewise constant with changes at BKPS, random levels, unit noise
    levels = rng.uniform(-5.0, 5.0, size=(len(BKPS),) + ((d,) if d else ()))
    reps = np.diff([0] + BKPS)
    return np.repeat(levels, reps, axis=0) + rng.normal(size=(BKPS[-1],) + ((d,) if d else ()))


def _regression(rng):
    # a response and two covariates whose coefficients change at BKPS
    X = rng.normal(size=(BKPS[-1], 2))
    coef = np.repeat(rng.uniform(-3.0, 3.0, size=(len(BKPS), 2)), np.diff([0] + BKPS), axis=0)
    y = (X * coef).sum(axis=1) + 0.1 * rng.normal(size=BKPS[-1])
    return np.column_stack([y, X])


def _ar(rng):
    # an AR(1) signal whose coefficient changes halfway
    e = rng.normal(size=BKPS[-1])
    x = np.zeros(BKPS[-1])
    for i in range(1, BKPS[-1]):
        x[i] = (0.9 if i < 50 else -0.5) * x[i - 1] + e[i]
    return x


def _f64(rng, lo, hi):
    return np.float64(rng.uniform(lo, hi))


_c, _d, _m, _u = "costs/", "detection/", "metrics/", "utils/"

CASES = [
    # costs: one segment
    case(l1_error, lambda rng: (_signal(rng),), RPT(_c + "costl1.py", "CostL1.error", "segment 10:40")),
    case(l2_error, lambda rng: (_signal(rng),), RPT(_c + "costl2.py", "CostL2.error", "segment 10:40")),
    case(l2_error, lambda rng: (_signal(rng, 2),), RPT(_c + "costl2.py", "CostL2.error", "a 2-D signal"), name="ruptures.l2_error_2d"),
    case(linear_error, lambda rng: (_regression(rng),), RPT(_c + "costlinear.py", "CostLinear.error")),
    case(clinear_error, lambda rng: (_signal(rng),), RPT(_c + "costclinear.py", "CostCLinear.error")),
    case(clinear_error_start, lambda rng: (_signal(rng, 2),), RPT(_c + "costclinear.py", "CostCLinear.error", "start=0 (moved to 1)")),
    case(rbf_error, lambda rng: (_signal(rng),), RPT(_c + "costrbf.py", "CostRbf.error", "gamma by the median heuristic")),
    case(rbf_error_gamma, lambda rng: (_signal(rng, 2),), RPT(_c + "costrbf.py", "CostRbf.error", "gamma=0.5")),
    case(normal_error, lambda rng: (_signal(rng, 2),), RPT(_c + "costnormal.py", "CostNormal.error", "add_small_diag=True (its warning silenced)")),
    case(normal_error_no_diag, lambda rng: (_signal(rng),), RPT(_c + "costnormal.py", "CostNormal.error", "add_small_diag=False, 1-D")),
    case(ar_error, lambda rng: (_ar(rng),), RPT(_c + "costautoregressive.py", "CostAR.error", "order=4")),
    case(ar_error_order2, lambda rng: (_ar(rng),), RPT(_c + "costautoregressive.py", "CostAR.error", "order=2")),
    case(ml_error, lambda rng: (_signal(rng, 2),), RPT(_c + "costml.py", "CostMl.error", "the metric fitted (inverse covariance)")),
    case(ml_error_metric, lambda rng: (_signal(rng, 2), np.diag(rng.uniform(0.5, 2.0, size=2))), RPT(_c + "costml.py", "CostMl.error", "a given metric")),
    case(rank_error, lambda rng: (_signal(rng, 2),), RPT(_c + "costrank.py", "CostRank.error")),
    case(cosine_error, lambda rng: (_signal(rng, 2),), RPT(_c + "costcosine.py", "CostCosine.error")),
    # costs: a whole segmentation
    case(l1_sum_of_costs, lambda rng: (_signal(rng),), RPT("base.py", "BaseCost.sum_of_costs", "CostL1")),
    case(l2_sum_of_costs, lambda rng: (_signal(rng, 2),), RPT("base.py", "BaseCost.sum_of_costs", "CostL2")),
    case(linear_sum_of_costs, lambda rng: (_regression(rng),), RPT("base.py", "BaseCost.sum_of_costs", "CostLinear")),
    case(clinear_sum_of_costs, lambda rng: (_signal(rng),), RPT("base.py", "BaseCost.sum_of_costs", "CostCLinear")),
    case(rbf_sum_of_costs, lambda rng: (_signal(rng),), RPT("base.py", "BaseCost.sum_of_costs", "CostRbf")),
    case(normal_sum_of_costs, lambda rng: (_signal(rng, 2),), RPT("base.py", "BaseCost.sum_of_costs", "CostNormal")),
    case(ar_sum_of_costs, lambda rng: (_ar(rng),), RPT("base.py", "BaseCost.sum_of_costs", "CostAR")),
    case(ml_sum_of_costs, lambda rng: (_signal(rng, 2),), RPT("base.py", "BaseCost.sum_of_costs", "CostMl")),
    case(rank_sum_of_costs, lambda rng: (_signal(rng),), RPT("base.py", "BaseCost.sum_of_costs", "CostRank")),
    case(cosine_sum_of_costs, lambda rng: (_signal(rng, 2),), RPT("base.py", "BaseCost.sum_of_costs", "CostCosine")),
    case(factory_l2_error, lambda rng: (_signal(rng),), RPT(_c + "factory.py", "cost_factory", "'l2'")),
    case(factory_rbf_gamma_error, lambda rng: (_signal(rng),), RPT(_c + "factory.py", "cost_factory", "'rbf', gamma=0.1")),
    # detection
    case(binseg_n_bkps, lambda rng: (_signal(rng),), RPT(_d + "binseg.py", "Binseg.predict", "n_bkps=3")),
    case(binseg_pen, lambda rng: (_signal(rng),), RPT(_d + "binseg.py", "Binseg.predict", "pen=5")),
    case(binseg_epsilon, lambda rng: (_signal(rng, 2),), RPT(_d + "binseg.py", "Binseg.predict", "epsilon=50")),
    case(binseg_rbf, lambda rng: (_signal(rng),), RPT(_d + "binseg.py", "Binseg.fit_predict", "model='rbf', jump=2")),
    case(binseg_l1, lambda rng: (_signal(rng),), RPT(_d + "binseg.py", "Binseg.predict", "model='l1', n_bkps=2")),
    case(bottomup_n_bkps, lambda rng: (_signal(rng),), RPT(_d + "bottomup.py", "BottomUp.predict", "n_bkps=3")),
    case(bottomup_pen, lambda rng: (_signal(rng, 2),), RPT(_d + "bottomup.py", "BottomUp.predict", "pen=5")),
    case(dynp_l2, lambda rng: (_signal(rng),), RPT(_d + "dynp.py", "Dynp.predict", "n_bkps=3, jump=5")),
    case(dynp_l1, lambda rng: (_signal(rng),), RPT(_d + "dynp.py", "Dynp.fit_predict", "model='l1', n_bkps=2")),
    case(dynp_custom_cost, lambda rng: (_signal(rng, 2),), RPT(_d + "dynp.py", "Dynp.predict", "custom_cost=CostNormal, jump=10")),
    case(pelt_l2, lambda rng: (_signal(rng),), RPT(_d + "pelt.py", "Pelt.predict", "pen=5")),
    case(pelt_rbf, lambda rng: (_signal(rng),), RPT(_d + "pelt.py", "Pelt.fit_predict", "model='rbf', min_size=3, pen=1")),
    case(pelt_l1, lambda rng: (_signal(rng, 2),), RPT(_d + "pelt.py", "Pelt.predict", "model='l1', jump=10, pen=10")),
    case(window_n_bkps, lambda rng: (_signal(rng),), RPT(_d + "window.py", "Window.predict", "width=20, n_bkps=3")),
    case(window_pen, lambda rng: (_signal(rng),), RPT(_d + "window.py", "Window.predict", "width=20, pen=5")),
    case(window_epsilon, lambda rng: (_signal(rng, 2),), RPT(_d + "window.py", "Window.fit_predict", "model='l1', epsilon=40")),
    case(l1potts, lambda rng: (_signal(rng),), RPT(_d + "l1potts.py", "L1Potts.fit_predict", "pen=2")),
    case(l1potts_weights, lambda rng: (_signal(rng), rng.uniform(0.5, 1.5, size=BKPS[-1])), RPT(_d + "l1potts.py", "L1Potts.predict", "weights given, pen=3")),
    case(l1potts_functional_value, lambda rng: (_signal(rng),), RPT(_d + "l1potts.py", "L1Potts._compute_functional_value")),
    case(_weighted_median, lambda rng: (rng.normal(size=15), rng.uniform(0.1, 1.0, size=15)), RPT(_d + "l1potts.py", "_weighted_median")),
    case(_weighted_median, lambda rng: (rng.normal(size=15), np.zeros(15)), RPT(_d + "l1potts.py", "_weighted_median", "zero weights (the middle value)"), name="ruptures._weighted_median_zero"),
    # utils
    case(bnode_gain, lambda rng: (_f64(rng, 50, 100), _f64(rng, 10, 40), _f64(rng, 10, 40)), RPT(_u + "bnode.py", "Bnode.gain")),
    case(bnode_gain, lambda rng: (np.float64(-np.inf), _f64(rng, 10, 40), _f64(rng, 10, 40)), RPT(_u + "bnode.py", "Bnode.gain", "val=-inf"), name="ruptures.bnode_gain_inf"),
    case(bnode_leaf_gain, lambda rng: (_f64(rng, 50, 100),), RPT(_u + "bnode.py", "Bnode.gain", "a leaf")),
    case(pairwise_list, lambda rng: (list(BKPS),), RPT(_u + "utils.py", "pairwise")),
    case(unzip_list, lambda rng: ([(rng.normal(size=3), 1), (rng.normal(size=3), 2)],), RPT(_u + "utils.py", "unzip", "pairs of an array and an int")),
    case(utils_sanity_check, lambda rng: (), RPT(_u + "utils.py", "sanity_check")),
    case(drawn_bkps, lambda rng: (), RPT(_u + "drawbkps.py", "draw_bkps", "seed=7")),
    # metrics
    case(randindex, lambda rng: (list(BKPS), [20, 50, 80, 100]), RPT(_m + "randindex.py", "randindex")),
    case(hamming, lambda rng: (list(BKPS), [30, 70, 100]), RPT(_m + "hamming.py", "hamming")),
    case(hausdorff, lambda rng: (list(BKPS), [20, 50, 80, 100]), RPT(_m + "hausdorff.py", "hausdorff")),
    case(hausdorff, lambda rng: (np.array(BKPS), np.array([20, 45, 80, 100])), RPT(_m + "hausdorff.py", "hausdorff", "integer arrays"), name="ruptures.hausdorff_arrays"),
    case(precision_recall, lambda rng: (list(BKPS), [22, 50, 90, 100]), RPT(_m + "precisionrecall.py", "precision_recall")),
    case(precision_recall_margin, lambda rng: (list(BKPS), [22, 50, 90, 100]), RPT(_m + "precisionrecall.py", "precision_recall", "margin=5")),
    case(meantime, lambda rng: (list(BKPS), [20, 50, 80, 100]), RPT(_m + "timeerror.py", "meantime")),
    case(meantime, lambda rng: (np.array(BKPS), np.array([20, 45, 80, 100])), RPT(_m + "timeerror.py", "meantime", "integer arrays"), name="ruptures.meantime_arrays"),
    # datasets
    case(constant_dataset, lambda rng: (), RPT("datasets/pw_constant.py", "pw_constant", "seed=3")),
    case(linear_dataset, lambda rng: (), RPT("datasets/pw_linear.py", "pw_linear", "seed=4")),
    case(normal_dataset, lambda rng: (), RPT("datasets/pw_normal.py", "pw_normal", "seed=5")),
    case(wavy_dataset, lambda rng: (), RPT("datasets/pw_wavy.py", "pw_wavy", "seed=6")),
]
