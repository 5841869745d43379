"""POT, Python Optimal Transport (PythonOT/POT, MIT): the backend dispatch every solver starts with
(``get_backend(*args)`` over ``_BACKEND_IMPLEMENTATIONS``, ``_check_args_backend``'s ``set`` of ``isinstance(arg,
backend_impl.__type__) or backend.issparse(arg)`` for each argument, a shared instance per class in ``_BACKENDS``,
then every array operation as a method call ``nx.sum``, ``nx.exp``, ``nx.searchsorted`` ... of ``NumpyBackend``, whose
``type_as=`` branches pick the dtype); ``utils.py``'s helpers (``list_to_array`` with its ``try: len(a)`` / ``except
TypeError``, ``proj_simplex`` by sort, flip and cumsum, ``projection_sparse_simplex`` recursing on ``V[None, :]`` and
``V.T`` with ``isinstance(nx, JaxBackend)`` and a fancy-index write, ``dist``'s ``elif metric == ...`` chain with
``M += ...`` over the features and scipy's ``cdist`` for the rest, ``euclidean_distances``' ``if X is Y``,
``cost_normalization``'s ``C /= value`` into its argument, ``label_normalization``'s ``y if diff == 0 else (y -
diff)``, ``labels_to_masks`` by ``np.unique(return_inverse=True)``, ``clean_zeros``' boolean masks, ``dots`` by
``functools.reduce(nx.dot, args)``, ``is_all_finite``'s ``all()`` over a generator, ``proj_SDP``'s 2-D / batched
branches); the entropic solvers of ``bregman/``: Sinkhorn-Knopp (a ``for ii in range(numItermax)`` with ``break`` on
NaN, infinity or a zero in ``K.T @ u`` restoring the previous scalings under a ``warnings.warn``, the marginal error
every 10th iteration, ``for``-``else`` warning when it does not converge, ``if n_hists`` einsum losses, ``warmstart``
potentials), the log-domain Sinkhorn (``logsumexp``, a closure ``get_logT``, the function calling itself per target
histogram), Greenkhorn (``argmax`` of the violations choosing a row or a column update written in place), the
stabilized Sinkhorn (absorption of large scalings into ``alpha``, ``beta`` under ``if nx.max(nx.abs(u)) > tau``,
closures ``get_K`` and ``get_Gamma``, Python's ``max`` over 0-d arrays) and epsilon scaling (an outer loop of
stabilized solves with ``log=True``); the Wasserstein barycenters (``geometricBar`` / ``geometricMean``, the
log-domain one writing ``log_KU[:, k]`` in a nested loop, the stabilized one with an ``absorbing`` flag, the
debiased ones) and the convolutional 2-D barycenters (a closure ``convol_imgs`` chosen by ``if not log_domain``,
einsum blurs, ``log_KU[k] = ...``); ``unbalanced/``: Sinkhorn-Knopp with KL marginal penalties (``fi_1 = reg_m1 /
(reg_m1 + reg) if reg_m1 != float("inf") else 1``, ``get_parameter_pair`` of a scalar or a pair, the loop's
relative error with Python's ``max``), the stabilized version (a ``while err > stopThr and cpt < numItermax`` with
absorption), the translation-invariant one, the unbalanced barycenters, and the majorization-minimization solver
(``if div == "kl" / elif div == "l2"`` inside the loop); ``lp/``: ``wasserstein_1d`` (quantile functions by
``searchsorted``, ``NumpyBackend.searchsorted``'s per-row loop writing ``ret[i, :]`` into ``np.empty``) and the
circle solvers (``binary_search_circle``'s ``while nx.any(1 - done)`` of masked writes ``tc[mask_end > 0] = ...``
under ``warnings.catch_warnings()``, ``wasserstein1_circle``'s ``sum_weights[sum_weights < 0] = np.inf``); ``smooth.py``
(``projection_simplex``, the ``NegEntropy`` / ``SquaredL2`` / ``SparsityConstrained`` regularizers — the last
writes 0 into its argument at ``np.argpartition``'s indices — their dual and semi-dual objectives and the
``scipy.optimize.minimize`` of a closure); ``gaussian.py``'s Bures-Wasserstein mapping, distance (2-D, paired or
``(n, m)`` batched branches) and fixed-point barycenter (``for`` with ``break``, ``if diff > eps: print``);
``regpath.py``'s regularization paths (``scipy.sparse`` matrices, an active-set list with ``pop`` and ``append``,
a ``while`` over ``gamma_list[-1] > reg``, ``complement_schur``'s ``np.delete`` / block updates); the entropic
partial Wasserstein solvers (``if nx.__name__ == "numpy"``: ``np.divide(M, -reg, out=K)``, ``np.exp(K, out=K)``,
``np.multiply(..., out=K)``; a ``while`` with ``break`` and a ``print`` on NaN); ``optim.py``'s
``solve_1d_linesearch_quad`` (``if a > 0`` ... ``min(1.0, max(0.0, -b / (2.0 * a)))``) (PythonOT/POT, MIT).

Copied from PythonOT/POT at aed0120242e86ab29e630fee59593ee99f416d97 (its ``LICENSE`` is the MIT licence,
"Copyright (c) 2016-2023 POT contributors"), under ``ot/``: ``backend.py`` (``str_type_error``, the registry
``_BACKEND_IMPLEMENTATIONS`` / ``_BACKENDS`` and its three functions, ``get_backend``, ``Backend``,
``NumpyBackend`` and the module-level ``_register_backend_implementation(NumpyBackend)``); ``utils.py``
(``list_to_array``, ``proj_simplex``, ``projection_sparse_simplex``, ``unif``, ``clean_zeros``,
``euclidean_distances``, ``dist``, ``cost_normalization``, ``dots``, ``is_all_finite``, ``label_normalization``,
``labels_to_masks``, ``kernel``, ``laplacian``, ``dist0``, ``get_coordinate_circle``, ``proj_SDP``, ``exp_bures``,
``get_parameter_pair``); ``bregman/_utils.py`` (all); ``bregman/_sinkhorn.py`` (all); ``bregman/_barycenter.py``
(``barycenter``, ``barycenter_sinkhorn``, ``_barycenter_sinkhorn_log``, ``barycenter_stabilized``,
``barycenter_debiased`` and its two solvers); ``bregman/_convolutional.py`` (``_warning_msg``,
``_get_convol_img_fn``, ``_print_report``, ``convolutional_barycenter2d`` and its two solvers);
``unbalanced/_sinkhorn.py`` (all); ``unbalanced/_mm.py`` (all); ``lp/solver_1d.py`` (``quantile_function``,
``wasserstein_1d``); ``lp/solver_circle.py`` (``roll_cols`` to ``semidiscrete_wasserstein2_unif_circle``);
``smooth.py`` (all); ``gaussian.py`` (``bures_wasserstein_mapping``, ``bures_distance``,
``bures_wasserstein_distance``, ``bures_barycenter_fixpoint``); ``regpath.py`` (all);
``partial/partial_solvers.py`` (``entropic_partial_wasserstein`` and its two solvers); ``optim.py``
(``solve_1d_linesearch_quad``). In that order, files as sections; docstrings dropped, comments, prints and
``warnings.warn`` calls kept.

Adapted, beyond that:

* ``Backend`` keeps its class attributes and concrete methods (``__str__``, ``to_numpy``, ``from_numpy``,
  ``detach``); its abstract methods, each ``raise NotImplementedError()`` and each overridden by ``NumpyBackend``,
  are left out. ``JaxBackend`` (defined upstream only when jax imports; ``projection_sparse_simplex`` asks
  ``isinstance(nx, JaxBackend)``) is an empty class here, and the torch, cupy and tensorflow backends are not copied;
* the modules' imports are gathered at the top; ``smooth.py``'s ``import ot`` (for
  ``ot.utils.projection_sparse_simplex``) is a namespace ``ot`` after the copied code holding the copied function;
* wrappers (after the copied code) name the keyword settings the cases use (``method=``, ``reg``, ``reg_m``,
  ``tau``, ``log=``, ``metric=`` ...); ``log=True`` is kept on a few cases (the solvers then append to
  ``log["err"]`` inside their loops) and left off elsewhere so that the loops are reached;
* ``make_1D_gauss`` (``ot/datasets.py``) is copied for the inputs.

The inputs follow the library's tests: uniform or random weights and the squared Euclidean cost between
Gaussian samples normalized by its maximum (8 by 10 points); two 1-D Gaussian histograms on ``dist0(n) / max``
(``test_sinkhorn_stabilization``, ``test_barycenter_stabilization``: 40 or 30 bins, the means jittered, weights
(0.3, 0.7)); random 6 by 7 images for the convolutional barycenter; uniform points on the circle with random
weights (``test_circle_solver.py``); samples with two outliers and ``m=0.5`` for the partial solvers; small SPD
batches for the Gaussian code; a 4 by 3 problem for the regularization paths (``compute_transport_plan``'s path
comes from a fixed problem, so that its length is the same on both inputs).

Not taken: everything on the compiled network simplex or Cython (``emd``, ``emd2``, ``emd_1d``, the partial and
Gromov solvers built on them, ``ot.da``'s transport classes, ``optim.cg``), the sliced, stochastic and low-rank
solvers (random projections and initialisations), ``screenkhorn`` and the empirical/lazy-tensor variants, and the
other backends.
"""

# ruff: noqa: E501, E731, UP004, UP006, UP008, UP031, UP032, UP035, B006, B007, B028, C408, C416, SIM108, SIM114
from __future__ import annotations

import time
import types
import warnings
from collections import namedtuple
from functools import reduce

import numpy as np
import scipy
import scipy.linalg
import scipy.sparse as sp
import scipy.special as special
from scipy.optimize import minimize
from scipy.sparse import coo_array, csr_matrix, issparse
from scipy.spatial.distance import cdist

from tests.coverage.cases import POT, Source, case


def OT(path: str, original: str, note: str = "") -> Source:
    return Source(POT, "ot/" + path, original, note)


class JaxBackend:  # (not copied: ot/backend.py defines it only when jax imports; projection_sparse_simplex tests isinstance(nx, JaxBackend))
    pass


# --- ot/backend.py ---


str_type_error = (
    "All array should be from the same type/backend. Current types are : {}"
)


_BACKEND_IMPLEMENTATIONS = []


_BACKENDS = {}


def _register_backend_implementation(backend_impl):
    _BACKEND_IMPLEMENTATIONS.append(backend_impl)


def _get_backend_instance(backend_impl):
    if backend_impl.__name__ not in _BACKENDS:
        _BACKENDS[backend_impl.__name__] = backend_impl()
    return _BACKENDS[backend_impl.__name__]


def _check_args_backend(backend_impl, args):
    # Get backend instance to use issparse method
    backend = _get_backend_instance(backend_impl)

    # Check if each arg is either:
    # 1. An instance of backend.__type__ (e.g., np.ndarray for NumPy)
    # 2. A sparse matrix recognized by backend.issparse() (e.g., scipy.sparse for NumPy)
    is_instance = set(
        isinstance(arg, backend_impl.__type__) or backend.issparse(arg) for arg in args
    )

    # check that all arguments matched or not the type
    if len(is_instance) == 1:
        return is_instance.pop()

    # Otherwise return an error
    raise ValueError(str_type_error.format([type(arg) for arg in args]))


def get_backend(*args):
    args = [arg for arg in args if arg is not None]  # exclude None entries

    # check that some arrays given
    if not len(args) > 0:
        raise ValueError(" The function takes at least one (non-None) parameter")

    for backend_impl in _BACKEND_IMPLEMENTATIONS:
        if _check_args_backend(backend_impl, args):
            return _get_backend_instance(backend_impl)

    raise ValueError("Unknown type of non implemented backend.")


class Backend:

    __name__ = None
    __type__ = None
    __type_list__ = None

    rng_ = None

    def __str__(self):
        return self.__name__

    # convert batch of tensors to numpy
    def to_numpy(self, *arrays):
        if len(arrays) == 1:
            return self._to_numpy(arrays[0])
        else:
            return [self._to_numpy(array) for array in arrays]

    # convert batch of arrays from numpy
    def from_numpy(self, *arrays, type_as=None):
        if len(arrays) == 1:
            return self._from_numpy(arrays[0], type_as=type_as)
        else:
            return [self._from_numpy(array, type_as=type_as) for array in arrays]

    def detach(self, *arrays):
        if len(arrays) == 1:
            return self._detach(arrays[0])
        else:
            return [self._detach(array) for array in arrays]


class NumpyBackend(Backend):

    __name__ = "numpy"
    __type__ = np.ndarray
    __type_list__ = [np.array(1, dtype=np.float32), np.array(1, dtype=np.float64)]

    rng_ = np.random.RandomState()

    def _to_numpy(self, a):
        return a

    def _from_numpy(self, a, type_as=None):
        if type_as is None:
            return a
        elif isinstance(a, float):
            return a
        else:
            return np.asarray(a, dtype=type_as.dtype)

    def set_gradients(self, val, inputs, grads):
        # No gradients for numpy
        return val

    def _detach(self, a):
        # No gradients for numpy
        return a

    def zeros(self, shape, type_as=None):
        if type_as is None:
            return np.zeros(shape)
        else:
            return np.zeros(shape, dtype=type_as.dtype)

    def ones(self, shape, type_as=None):
        if type_as is None:
            return np.ones(shape)
        else:
            return np.ones(shape, dtype=type_as.dtype)

    def arange(self, stop, start=0, step=1, type_as=None):
        return np.arange(start, stop, step)

    def full(self, shape, fill_value, type_as=None):
        if type_as is None:
            return np.full(shape, fill_value)
        else:
            return np.full(shape, fill_value, dtype=type_as.dtype)

    def eye(self, N, M=None, type_as=None):
        if type_as is None:
            return np.eye(N, M)
        else:
            return np.eye(N, M, dtype=type_as.dtype)

    def sum(self, a, axis=None, keepdims=False):
        return np.sum(a, axis, keepdims=keepdims)

    def cumsum(self, a, axis=None):
        return np.cumsum(a, axis)

    def max(self, a, axis=None, keepdims=False):
        return np.max(a, axis, keepdims=keepdims)

    def min(self, a, axis=None, keepdims=False):
        return np.min(a, axis, keepdims=keepdims)

    def maximum(self, a, b):
        return np.maximum(a, b)

    def minimum(self, a, b):
        return np.minimum(a, b)

    def sign(self, a):
        return np.sign(a)

    def dot(self, a, b):
        return np.dot(a, b)

    def abs(self, a):
        return np.abs(a)

    def exp(self, a):
        return np.exp(a)

    def log(self, a):
        return np.log(a)

    def logsumexp(self, a, axis=None, keepdims=False):
        return special.logsumexp(a, axis=axis, keepdims=keepdims)

    def sqrt(self, a):
        return np.sqrt(a)

    def power(self, a, exponents):
        return np.power(a, exponents)

    def norm(self, a, axis=None, keepdims=False):
        return np.linalg.norm(a, axis=axis, keepdims=keepdims)

    def any(self, a):
        return np.any(a)

    def isnan(self, a):
        return np.isnan(a)

    def isinf(self, a):
        return np.isinf(a)

    def einsum(self, subscripts, *operands):
        return np.einsum(subscripts, *operands)

    def sort(self, a, axis=-1):
        return np.sort(a, axis)

    def argsort(self, a, axis=-1):
        return np.argsort(a, axis)

    def searchsorted(self, a, v, side="left"):
        if a.ndim == 1:
            return np.searchsorted(a, v, side)
        else:
            # this is a not very efficient way to make numpy
            # searchsorted work on 2d arrays
            ret = np.empty(v.shape, dtype=int)
            for i in range(a.shape[0]):
                ret[i, :] = np.searchsorted(a[i, :], v[i, :], side)
            return ret

    def flip(self, a, axis=None):
        return np.flip(a, axis)

    def outer(self, a, b):
        return np.outer(a, b)

    def clip(self, a, a_min=None, a_max=None):
        return np.clip(a, a_min, a_max)

    def real(self, a):
        return np.real(a)

    def imag(self, a):
        return np.imag(a)

    def conj(self, a):
        return np.conj(a)

    def arccos(self, a):
        return np.arccos(a)

    def repeat(self, a, repeats, axis=None):
        return np.repeat(a, repeats, axis)

    def take_along_axis(self, arr, indices, axis):
        return np.take_along_axis(arr, indices, axis)

    def concatenate(self, arrays, axis=0):
        return np.concatenate(arrays, axis)

    def zero_pad(self, a, pad_width, value=0):
        return np.pad(a, pad_width, constant_values=value)

    def argmax(self, a, axis=None):
        return np.argmax(a, axis=axis)

    def argmin(self, a, axis=None):
        return np.argmin(a, axis=axis)

    def mean(self, a, axis=None):
        return np.mean(a, axis=axis)

    def median(self, a, axis=None):
        return np.median(a, axis=axis)

    def std(self, a, axis=None):
        return np.std(a, axis=axis)

    def linspace(self, start, stop, num, type_as=None):
        if type_as is None:
            return np.linspace(start, stop, num)
        else:
            return np.linspace(start, stop, num, dtype=type_as.dtype)

    def meshgrid(self, a, b):
        return np.meshgrid(a, b)

    def diag(self, a, k=0):
        return np.diag(a, k)

    def unique(self, a, return_inverse=False):
        return np.unique(a, return_inverse=return_inverse)

    def stack(self, arrays, axis=0):
        return np.stack(arrays, axis)

    def reshape(self, a, shape):
        return np.reshape(a, shape)

    def seed(self, seed=None):
        if seed is not None:
            self.rng_.seed(seed)

    def rand(self, *size, type_as=None):
        return self.rng_.rand(*size)

    def randn(self, *size, type_as=None):
        return self.rng_.randn(*size)

    def randperm(self, size, type_as=None):
        if not isinstance(size, int):
            raise ValueError("size must be an integer")
        return self.rng_.permutation(size)

    def coo_matrix(self, data, rows, cols, shape=None, type_as=None):
        if type_as is None:
            return coo_array((data, (rows, cols)), shape=shape)
        else:
            return coo_array((data, (rows, cols)), shape=shape, dtype=type_as.dtype)

    def issparse(self, a):
        return issparse(a)

    def tocsr(self, a):
        if self.issparse(a):
            return a.tocsr()
        else:
            return csr_matrix(a)

    def eliminate_zeros(self, a, threshold=0.0):
        if threshold > 0:
            if self.issparse(a):
                a.data[self.abs(a.data) <= threshold] = 0
            else:
                a[self.abs(a) <= threshold] = 0
        if self.issparse(a):
            a.eliminate_zeros()
        return a

    def todense(self, a):
        if self.issparse(a):
            return a.toarray()
        else:
            return a

    def sparse_coo_data(self, a):
        # Convert to COO array format if needed
        if not isinstance(a, coo_array):
            a_coo = coo_array(a)
        else:
            a_coo = a

        return a_coo.row, a_coo.col, a_coo.data, a_coo.shape

    def where(self, condition, x=None, y=None):
        if x is None and y is None:
            return np.where(condition)
        else:
            return np.where(condition, x, y)

    def copy(self, a):
        return a.copy()

    def allclose(self, a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
        return np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)

    def dtype_device(self, a):
        if hasattr(a, "dtype"):
            return a.dtype, "cpu"
        else:
            return type(a), "cpu"

    def assert_same_dtype_device(self, a, b):
        # numpy has implicit type conversion so we automatically validate the test
        pass

    def squeeze(self, a, axis=None):
        return np.squeeze(a, axis=axis)

    def unsqueeze(self, a, axis):
        return np.expand_dims(a, axis=axis)

    def bitsize(self, type_as):
        return type_as.itemsize * 8

    def device_type(self, type_as):
        return "CPU"

    def _bench(self, callable, *args, n_runs=1, warmup_runs=1):
        results = dict()
        for type_as in self.__type_list__:
            inputs = [self.from_numpy(arg, type_as=type_as) for arg in args]
            for _ in range(warmup_runs):
                callable(*inputs)
            t0 = time.perf_counter()
            for _ in range(n_runs):
                callable(*inputs)
            t1 = time.perf_counter()
            key = ("Numpy", self.device_type(type_as), self.bitsize(type_as))
            results[key] = (t1 - t0) / n_runs
        return results

    def solve(self, a, b):
        return np.linalg.solve(a, b)

    def trace(self, a):
        return np.einsum("...ii", a)

    def inv(self, a):
        return scipy.linalg.inv(a)

    def pinv(self, a, hermitian=False):
        return np.linalg.pinv(a, hermitian=hermitian)

    def sqrtm(self, a):
        L, V = np.linalg.eigh(a)
        L = np.sqrt(L)
        # Q[...] = V[...] @ diag(L[...])
        Q = np.einsum("...jk,...k->...jk", V, L)
        # R[...] = Q[...] @ V[...].T
        return np.einsum("...jk,...kl->...jl", Q, np.swapaxes(V, -1, -2))

    def eigh(self, a):
        return np.linalg.eigh(a)

    def kl_div(self, p, q, mass=False, eps=1e-16, axis=None):
        value = np.sum(p * np.log(p / q + eps), axis=axis)
        if mass:
            value = value + np.sum(q - p, axis=axis)
        return value

    def isfinite(self, a):
        return np.isfinite(a)

    def array_equal(self, a, b):
        return np.array_equal(a, b)

    def is_floating_point(self, a):
        return a.dtype.kind == "f"

    def tile(self, a, reps):
        return np.tile(a, reps)

    def floor(self, a):
        return np.floor(a)

    def prod(self, a, axis=0):
        return np.prod(a, axis=axis)

    def sort2(self, a, axis=-1):
        return self.sort(a, axis), self.argsort(a, axis)

    def qr(self, a):
        np_version = tuple([int(k) for k in np.__version__.split(".")])
        if np_version < (1, 22, 0):
            M, N = a.shape[-2], a.shape[-1]
            K = min(M, N)

            if len(a.shape) >= 3:
                n = a.shape[0]

                qs, rs = np.zeros((n, M, K)), np.zeros((n, K, N))

                for i in range(a.shape[0]):
                    qs[i], rs[i] = np.linalg.qr(a[i])

            else:
                return np.linalg.qr(a)

            return qs, rs
        return np.linalg.qr(a)

    def atan2(self, a, b):
        return np.arctan2(a, b)

    def transpose(self, a, axes=None):
        return np.transpose(a, axes)

    def matmul(self, a, b):
        return np.matmul(a, b)

    def nan_to_num(self, x, copy=True, nan=0.0, posinf=None, neginf=None):
        return np.nan_to_num(x, copy=copy, nan=nan, posinf=posinf, neginf=neginf)

    def det(self, a):
        return np.linalg.det(a)

    def slogdet(self, a):
        return np.linalg.slogdet(a)


_register_backend_implementation(NumpyBackend)


# --- ot/utils.py ---


def list_to_array(*lst, nx=None):
    # Filter to non-empty, non-list items (handle sparse matrices gracefully)
    lst_not_empty = []
    for a in lst:
        if isinstance(a, list):
            continue
        try:
            if len(a) > 0:
                lst_not_empty.append(a)
        except TypeError:
            # Sparse matrices don't support len(), but they're not empty
            lst_not_empty.append(a)

    if nx is None:  # find backend
        if len(lst_not_empty) == 0:
            type_as = np.zeros(0)
            nx = get_backend(type_as)
        else:
            nx = get_backend(*lst_not_empty)
            type_as = lst_not_empty[0]
    else:
        if len(lst_not_empty) == 0:
            type_as = None
        else:
            type_as = lst_not_empty[0]
    if len(lst) > 1:
        return [
            nx.from_numpy(np.array(a), type_as=type_as) if isinstance(a, list) else a
            for a in lst
        ]
    else:
        if isinstance(lst[0], list):
            return nx.from_numpy(np.array(lst[0]), type_as=type_as)
        else:
            return lst[0]


def proj_simplex(v, z=1):
    nx = get_backend(v)
    n = v.shape[0]
    if v.ndim == 1:
        d1 = 1
        v = v[:, None]
    else:
        d1 = 0
    d = v.shape[1]

    # sort u in ascending order
    u = nx.sort(v, axis=0)
    # take the descending order
    u = nx.flip(u, 0)
    cssv = nx.cumsum(u, axis=0) - z
    ind = nx.arange(n, type_as=v)[:, None] + 1
    cond = u - cssv / ind > 0
    rho = nx.sum(cond, 0)
    theta = cssv[rho - 1, nx.arange(d)] / rho
    w = nx.maximum(v - theta[None, :], nx.zeros(v.shape, type_as=v))
    if d1:
        return w[:, 0]
    else:
        return w


def projection_sparse_simplex(V, max_nz, z=1, axis=None, nx=None):
    if nx is None:
        nx = get_backend(V)
    if V.ndim == 1:
        return projection_sparse_simplex(
            # V[nx.newaxis, :], max_nz, z, axis=1).ravel()
            V[None, :],
            max_nz,
            z,
            axis=1,
        ).ravel()

    if V.ndim > 2:
        raise ValueError("V.ndim must be <= 2")

    if axis == 1:
        # For each row of V, find top max_nz values; arrange the
        # corresponding column indices such that their values are
        # in a descending order.
        max_nz_indices = nx.argsort(V, axis=1)[:, -max_nz:]
        max_nz_indices = nx.flip(max_nz_indices, axis=1)

        row_indices = nx.arange(V.shape[0])
        row_indices = row_indices.reshape(-1, 1)
        print(row_indices.shape)
        # Extract the top max_nz values for each row
        # and then project to simplex.
        U = V[row_indices, max_nz_indices]
        z = nx.ones(len(U)) * z
        cssv = nx.cumsum(U, axis=1) - z[:, None]
        ind = nx.arange(max_nz) + 1
        cond = U - cssv / ind > 0
        # rho = nx.count_nonzero(cond, axis=1)
        rho = nx.sum(cond, axis=1)
        theta = cssv[nx.arange(len(U)), rho - 1] / rho
        nz_projection = nx.maximum(U - theta[:, None], 0)

        # Put the projection of max_nz_values to their original column indices
        # while keeping other values zero.
        sparse_projection = nx.zeros(V.shape, type_as=nz_projection)

        if isinstance(nx, JaxBackend):
            # in Jax, we need to use the `at` property of `jax.numpy.ndarray`
            # to do in-place array modifications.
            sparse_projection = sparse_projection.at[row_indices, max_nz_indices].set(
                nz_projection
            )
        else:
            sparse_projection[row_indices, max_nz_indices] = nz_projection
        return sparse_projection

    elif axis == 0:
        return projection_sparse_simplex(V.T, max_nz, z, axis=1).T

    else:
        V = V.ravel().reshape(1, -1)
        return projection_sparse_simplex(V, max_nz, z, axis=1).ravel()


def unif(n, type_as=None):
    if type_as is None:
        return np.ones((n,)) / n
    else:
        nx = get_backend(type_as)
        return nx.ones((n,), type_as=type_as) / n


def clean_zeros(a, b, M):
    M2 = M[a > 0, :][:, b > 0].copy()  # copy force c style matrix (froemd)
    a2 = a[a > 0]
    b2 = b[b > 0]
    return a2, b2, M2


def euclidean_distances(X, Y, squared=False, nx=None):
    if nx is None:
        nx = get_backend(X, Y)

    a2 = nx.einsum("ij,ij->i", X, X)
    b2 = nx.einsum("ij,ij->i", Y, Y)

    c = -2 * nx.dot(X, nx.transpose(Y))
    c += a2[:, None]
    c += b2[None, :]

    c = nx.maximum(c, 0)

    if not squared:
        c = nx.sqrt(c)

    if X is Y:
        c = c * (1 - nx.eye(X.shape[0], type_as=c))

    return c


def dist(
    x1,
    x2=None,
    metric="sqeuclidean",
    p=2,
    w=None,
    backend="auto",
    nx=None,
    use_tensor=False,
):
    if nx is None:
        nx = get_backend(x1, x2)
    if x2 is None:
        x2 = x1
    if backend == "scipy":  # force scipy backend with cdist function
        x1 = nx.to_numpy(x1)
        x2 = nx.to_numpy(x2)
        if isinstance(metric, str) and metric.endswith("minkowski"):
            return nx.from_numpy(cdist(x1, x2, metric=metric, p=p, w=w))
        if w is not None:
            return nx.from_numpy(cdist(x1, x2, metric=metric, w=w))
        return nx.from_numpy(cdist(x1, x2, metric=metric))
    elif metric == "sqeuclidean":
        return euclidean_distances(x1, x2, squared=True, nx=nx)
    elif metric == "euclidean":
        return euclidean_distances(x1, x2, squared=False, nx=nx)
    elif metric == "cityblock":
        if use_tensor:
            return nx.sum(nx.abs(x1[:, None, :] - x2[None, :, :]), axis=2)
        else:
            M = 0.0
            for i in range(x1.shape[1]):
                M += nx.abs(x1[:, i][:, None] - x2[:, i][None, :])
            return M
    elif metric == "minkowski":
        if w is None:
            if use_tensor:
                return nx.power(
                    nx.sum(
                        nx.power(nx.abs(x1[:, None, :] - x2[None, :, :]), p), axis=2
                    ),
                    1 / p,
                )
            else:
                M = 0.0
                for i in range(x1.shape[1]):
                    M += nx.abs(x1[:, i][:, None] - x2[:, i][None, :]) ** p
                return M ** (1 / p)
        else:
            if use_tensor:
                return nx.power(
                    nx.sum(
                        w[None, None, :]
                        * nx.power(nx.abs(x1[:, None, :] - x2[None, :, :]), p),
                        axis=2,
                    ),
                    1 / p,
                )
            else:
                M = 0.0
                for i in range(x1.shape[1]):
                    M += w[i] * nx.abs(x1[:, i][:, None] - x2[:, i][None, :]) ** p
                return M ** (1 / p)
    elif metric == "cosine":
        nx1 = nx.sqrt(nx.einsum("ij,ij->i", x1, x1))
        nx2 = nx.sqrt(nx.einsum("ij,ij->i", x2, x2))
        return 1.0 - (nx.dot(x1, nx.transpose(x2)) / nx1[:, None] / nx2[None, :])
    elif metric == "correlation":
        x1 = x1 - nx.mean(x1, axis=1)[:, None]
        x2 = x2 - nx.mean(x2, axis=1)[:, None]
        nx1 = nx.sqrt(nx.einsum("ij,ij->i", x1, x1))
        nx2 = nx.sqrt(nx.einsum("ij,ij->i", x2, x2))
        return 1.0 - (nx.dot(x1, nx.transpose(x2)) / nx1[:, None] / nx2[None, :])
    else:
        if not get_backend(x1, x2).__name__ == "numpy":
            raise NotImplementedError()
        else:
            if isinstance(metric, str) and metric.endswith("minkowski"):
                return cdist(x1, x2, metric=metric, p=p, w=w)
            # Only pass w parameter for metrics that support it
            # According to SciPy docs, only 'minkowski' and 'wminkowski' support w
            if w is not None and metric in ["minkowski", "wminkowski"]:
                return cdist(x1, x2, metric=metric, w=w)
            return cdist(x1, x2, metric=metric)


def cost_normalization(C, norm=None, return_value=False, value=None):

    nx = get_backend(C)

    if norm is None:
        pass
    elif norm == "median":
        if value is None:
            value = nx.median(C)
        C /= value
    elif norm == "max":
        if value is None:
            value = nx.max(C)
        C /= float(value)
    elif norm == "log":
        C = nx.log(1 + C)
    elif norm == "loglog":
        C = nx.log(1 + nx.log(1 + C))
    else:
        raise ValueError(
            "Norm %s is not a valid option.\n"
            "Valid options are:\n"
            "median, max, log, loglog" % norm
        )
    if return_value:
        return C, value
    else:
        return C


def dots(*args):
    nx = get_backend(*args)
    return reduce(nx.dot, args)


def is_all_finite(*args):
    nx = get_backend(*args)
    return all(not nx.any(~nx.isfinite(arg)) for arg in args)


def label_normalization(y, start=0, nx=None):
    if nx is None:
        nx = get_backend(y)
    diff = nx.min(y) - start
    return y if diff == 0 else (y - diff)


def labels_to_masks(y, type_as=None, nx=None):
    if nx is None:
        nx = get_backend(y)
    if type_as is None:
        type_as = y
    labels_u, labels_idx = nx.unique(y, return_inverse=True)
    n_labels = labels_u.shape[0]
    masks = nx.eye(n_labels, type_as=type_as)[labels_idx]
    return masks


def kernel(x1, x2, method="gaussian", sigma=1, **kwargs):

    nx = get_backend(x1, x2)

    if method.lower() in ["gaussian", "gauss", "rbf"]:
        K = nx.exp(-dist(x1, x2) / (2 * sigma**2))
    return K


def laplacian(x):
    nx = get_backend(x)
    L = nx.diag(nx.sum(x, axis=0)) - x
    return L


def dist0(n, method="lin_square"):
    res = 0
    if method == "lin_square":
        x = np.arange(n, dtype=np.float64).reshape((n, 1))
        res = dist(x, x)
    return res


def get_coordinate_circle(x):
    nx = get_backend(x)
    x_t = (nx.atan2(-x[:, 1], -x[:, 0]) + np.pi) / (2 * np.pi)
    return x_t


def proj_SDP(S, nx=None, vmin=0.0):
    if nx is None:
        nx = get_backend(S)

    w, P = nx.eigh(S)
    w = nx.clip(w, vmin, None)

    if len(S.shape) == 2:  # input was (d, d)
        return P @ nx.diag(w) @ P.T

    else:  # input was (n, d, d): broadcasting
        Q = nx.einsum("ijk,ik->ijk", P, w)  # Q[i] = P[i] @ diag(w[i])
        # R[i] = Q[i] @ P[i].T
        return nx.einsum("ijk,ikl->ijl", Q, nx.transpose(P, (0, 2, 1)))


def exp_bures(Sigma, S, nx=None):
    if nx is None:
        nx = get_backend(Sigma, S)
    d = S.shape[-1]
    Id = nx.eye(d, type_as=S)
    C = Id + S

    return nx.einsum("ij,jk,kl -> il", C, Sigma, C)


def get_parameter_pair(parameter):

    if isinstance(parameter, float) or isinstance(parameter, int):
        param_1, param_2 = parameter, parameter
    elif len(parameter) == 1:
        param_1, param_2 = parameter[0], parameter[0]
    else:
        if len(parameter) > 2:
            raise ValueError(
                "Parameter must be either a scalar, \
                             or an indexable object of length 1 or 2."
            )
        else:
            param_1, param_2 = parameter[0], parameter[1]

    return param_1, param_2


# --- ot/bregman/_utils.py ---


def geometricBar(weights, alldistribT):
    weights, alldistribT = list_to_array(weights, alldistribT)
    nx = get_backend(weights, alldistribT)
    assert len(weights) == alldistribT.shape[1]
    return nx.exp(nx.dot(nx.log(alldistribT), weights.T))


def geometricMean(alldistribT):
    alldistribT = list_to_array(alldistribT)
    nx = get_backend(alldistribT)
    return nx.exp(nx.mean(nx.log(alldistribT), axis=1))


def projR(gamma, p):
    gamma, p = list_to_array(gamma, p)
    nx = get_backend(gamma, p)
    return (gamma.T * p / nx.maximum(nx.sum(gamma, axis=1), 1e-10)).T


def projC(gamma, q):
    gamma, q = list_to_array(gamma, q)
    nx = get_backend(gamma, q)
    return gamma * q / nx.maximum(nx.sum(gamma, axis=0), 1e-10)


# --- ot/bregman/_sinkhorn.py ---


def sinkhorn(
    a,
    b,
    M,
    reg,
    method="sinkhorn",
    numItermax=1000,
    stopThr=1e-9,
    verbose=False,
    log=False,
    warn=True,
    warmstart=None,
    **kwargs,
):

    if method.lower() == "sinkhorn":
        return sinkhorn_knopp(
            a,
            b,
            M,
            reg,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            warn=warn,
            warmstart=warmstart,
            **kwargs,
        )
    elif method.lower() == "sinkhorn_log":
        return sinkhorn_log(
            a,
            b,
            M,
            reg,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            warn=warn,
            warmstart=warmstart,
            **kwargs,
        )
    elif method.lower() == "greenkhorn":
        return greenkhorn(
            a,
            b,
            M,
            reg,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            warn=warn,
            warmstart=warmstart,
        )
    elif method.lower() == "sinkhorn_stabilized":
        return sinkhorn_stabilized(
            a,
            b,
            M,
            reg,
            numItermax=numItermax,
            stopThr=stopThr,
            warmstart=warmstart,
            verbose=verbose,
            log=log,
            warn=warn,
            **kwargs,
        )
    elif method.lower() == "sinkhorn_epsilon_scaling":
        return sinkhorn_epsilon_scaling(
            a,
            b,
            M,
            reg,
            numItermax=numItermax,
            stopThr=stopThr,
            warmstart=warmstart,
            verbose=verbose,
            log=log,
            warn=warn,
            **kwargs,
        )
    else:
        raise ValueError("Unknown method '%s'." % method)


def sinkhorn2(
    a,
    b,
    M,
    reg,
    method="sinkhorn",
    numItermax=1000,
    stopThr=1e-9,
    verbose=False,
    log=False,
    warn=False,
    warmstart=None,
    **kwargs,
):

    M, a, b = list_to_array(M, a, b)
    nx = get_backend(M, a, b)

    if len(b.shape) < 2:
        if method.lower() == "sinkhorn":
            res = sinkhorn_knopp(
                a,
                b,
                M,
                reg,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=log,
                warn=warn,
                warmstart=warmstart,
                **kwargs,
            )
        elif method.lower() == "sinkhorn_log":
            res = sinkhorn_log(
                a,
                b,
                M,
                reg,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=log,
                warn=warn,
                warmstart=warmstart,
                **kwargs,
            )
        elif method.lower() == "sinkhorn_stabilized":
            res = sinkhorn_stabilized(
                a,
                b,
                M,
                reg,
                numItermax=numItermax,
                stopThr=stopThr,
                warmstart=warmstart,
                verbose=verbose,
                log=log,
                warn=warn,
                **kwargs,
            )
        else:
            raise ValueError("Unknown method '%s'." % method)
        if log:
            return nx.sum(M * res[0]), res[1]
        else:
            return nx.sum(M * res)

    else:
        if method.lower() == "sinkhorn":
            return sinkhorn_knopp(
                a,
                b,
                M,
                reg,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=log,
                warn=warn,
                warmstart=warmstart,
                **kwargs,
            )
        elif method.lower() == "sinkhorn_log":
            return sinkhorn_log(
                a,
                b,
                M,
                reg,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=log,
                warn=warn,
                warmstart=warmstart,
                **kwargs,
            )
        elif method.lower() == "sinkhorn_stabilized":
            return sinkhorn_stabilized(
                a,
                b,
                M,
                reg,
                numItermax=numItermax,
                stopThr=stopThr,
                warmstart=warmstart,
                verbose=verbose,
                log=log,
                warn=warn,
                **kwargs,
            )
        else:
            raise ValueError("Unknown method '%s'." % method)


def sinkhorn_knopp(
    a,
    b,
    M,
    reg,
    numItermax=1000,
    stopThr=1e-9,
    verbose=False,
    log=False,
    warn=True,
    warmstart=None,
    **kwargs,
):

    a, b, M = list_to_array(a, b, M)

    nx = get_backend(M, a, b)

    if len(a) == 0:
        a = nx.full((M.shape[0],), 1.0 / M.shape[0], type_as=M)
    if len(b) == 0:
        b = nx.full((M.shape[1],), 1.0 / M.shape[1], type_as=M)

    # init data
    dim_a = len(a)
    dim_b = b.shape[0]

    if len(b.shape) > 1:
        n_hists = b.shape[1]
    else:
        n_hists = 0

    if log:
        log = {"err": []}

    # we assume that no distances are null except those of the diagonal of
    # distances
    if warmstart is None:
        if n_hists:
            u = nx.ones((dim_a, n_hists), type_as=M) / dim_a
            v = nx.ones((dim_b, n_hists), type_as=M) / dim_b
        else:
            u = nx.ones(dim_a, type_as=M) / dim_a
            v = nx.ones(dim_b, type_as=M) / dim_b
    else:
        u, v = nx.exp(warmstart[0]), nx.exp(warmstart[1])

    K = nx.exp(M / (-reg))

    Kp = (1 / a).reshape(-1, 1) * K

    err = 1
    for ii in range(numItermax):
        uprev = u
        vprev = v
        KtransposeU = nx.dot(K.T, u)
        v = b / KtransposeU
        u = 1.0 / nx.dot(Kp, v)

        if (
            nx.any(KtransposeU == 0)
            or nx.any(nx.isnan(u))
            or nx.any(nx.isnan(v))
            or nx.any(nx.isinf(u))
            or nx.any(nx.isinf(v))
        ):
            # we have reached the machine precision
            # come back to previous solution and quit loop
            warnings.warn("Warning: numerical errors at iteration %d" % ii)
            u = uprev
            v = vprev
            break
        if ii % 10 == 0:
            # we can speed up the process by checking for the error only all
            # the 10th iterations
            if n_hists:
                tmp2 = nx.einsum("ik,ij,jk->jk", u, K, v)
            else:
                # compute right marginal tmp2= (diag(u)Kdiag(v))^T1
                tmp2 = nx.einsum("i,ij,j->j", u, K, v)
            err = nx.norm(tmp2 - b)  # violation of marginal
            if log:
                log["err"].append(err)

            if err < stopThr:
                break
            if verbose:
                if ii % 200 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(ii, err))
    else:
        if warn:
            warnings.warn(
                "Sinkhorn did not converge. You might want to "
                "increase the number of iterations `numItermax` "
                "or the regularization parameter `reg`."
            )
    if log:
        log["niter"] = ii
        log["u"] = u
        log["v"] = v

    if n_hists:  # return only loss
        res = nx.einsum("ik,ij,jk,ij->k", u, K, v, M)
        if log:
            return res, log
        else:
            return res

    else:  # return OT matrix
        if log:
            return u.reshape((-1, 1)) * K * v.reshape((1, -1)), log
        else:
            return u.reshape((-1, 1)) * K * v.reshape((1, -1))


def sinkhorn_log(
    a,
    b,
    M,
    reg,
    numItermax=1000,
    stopThr=1e-9,
    verbose=False,
    log=False,
    warn=True,
    warmstart=None,
    **kwargs,
):

    a, b, M = list_to_array(a, b, M)

    nx = get_backend(M, a, b)

    if len(a) == 0:
        a = nx.full((M.shape[0],), 1.0 / M.shape[0], type_as=M)
    if len(b) == 0:
        b = nx.full((M.shape[1],), 1.0 / M.shape[1], type_as=M)

    # init data
    dim_a = len(a)
    dim_b = b.shape[0]

    if len(b.shape) > 1:
        n_hists = b.shape[1]
    else:
        n_hists = 0

    # in case of multiple histograms
    if n_hists > 1 and warmstart is None:
        warmstart = [None] * n_hists

    if n_hists:  # we do not want to use tensors sor we do a loop
        lst_loss = []
        lst_u = []
        lst_v = []

        for k in range(n_hists):
            res = sinkhorn_log(
                a,
                b[:, k],
                M,
                reg,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=log,
                warmstart=warmstart[k],
                **kwargs,
            )

            if log:
                lst_loss.append(nx.sum(M * res[0]))
                lst_u.append(res[1]["log_u"])
                lst_v.append(res[1]["log_v"])
            else:
                lst_loss.append(nx.sum(M * res))
        res = nx.stack(lst_loss)
        if log:
            log = {
                "log_u": nx.stack(lst_u, 1),
                "log_v": nx.stack(lst_v, 1),
            }
            log["u"] = nx.exp(log["log_u"])
            log["v"] = nx.exp(log["log_v"])
            return res, log
        else:
            return res

    else:
        if log:
            log = {"err": []}

        Mr = -M / reg

        # we assume that no distances are null except those of the diagonal of
        # distances
        if warmstart is None:
            u = nx.zeros(dim_a, type_as=M)
            v = nx.zeros(dim_b, type_as=M)
        else:
            u, v = warmstart

        def get_logT(u, v):
            if n_hists:
                return Mr[:, :, None] + u + v
            else:
                return Mr + u[:, None] + v[None, :]

        loga = nx.log(a)
        logb = nx.log(b)

        err = 1
        for ii in range(numItermax):
            v = logb - nx.logsumexp(Mr + u[:, None], 0)
            u = loga - nx.logsumexp(Mr + v[None, :], 1)

            if ii % 10 == 0:
                # we can speed up the process by checking for the error only all
                # the 10th iterations

                # compute right marginal tmp2= (diag(u)Kdiag(v))^T1
                tmp2 = nx.sum(nx.exp(get_logT(u, v)), 0)
                err = nx.norm(tmp2 - b)  # violation of marginal
                if log:
                    log["err"].append(err)

                if verbose:
                    if ii % 200 == 0:
                        print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                    print("{:5d}|{:8e}|".format(ii, err))
                if err < stopThr:
                    break
        else:
            if warn:
                warnings.warn(
                    "Sinkhorn did not converge. You might want to "
                    "increase the number of iterations `numItermax` "
                    "or the regularization parameter `reg`."
                )

        if log:
            log["niter"] = ii
            log["log_u"] = u
            log["log_v"] = v
            log["u"] = nx.exp(u)
            log["v"] = nx.exp(v)

            return nx.exp(get_logT(u, v)), log

        else:
            return nx.exp(get_logT(u, v))


def greenkhorn(
    a,
    b,
    M,
    reg,
    numItermax=10000,
    stopThr=1e-9,
    verbose=False,
    log=False,
    warn=True,
    warmstart=None,
):

    a, b, M = list_to_array(a, b, M)

    nx = get_backend(M, a, b)
    if nx.__name__ in ("jax", "tf"):
        raise TypeError(
            "JAX or TF arrays have been received. Greenkhorn is not "
            "compatible with  neither JAX nor TF"
        )

    if len(a) == 0:
        a = nx.ones((M.shape[0],), type_as=M) / M.shape[0]
    if len(b) == 0:
        b = nx.ones((M.shape[1],), type_as=M) / M.shape[1]

    dim_a = a.shape[0]
    dim_b = b.shape[0]

    K = nx.exp(-M / reg)

    if warmstart is None:
        u = nx.full((dim_a,), 1.0 / dim_a, type_as=K)
        v = nx.full((dim_b,), 1.0 / dim_b, type_as=K)
    else:
        u, v = nx.exp(warmstart[0]), nx.exp(warmstart[1])
    G = u[:, None] * K * v[None, :]

    viol = nx.sum(G, axis=1) - a
    viol_2 = nx.sum(G, axis=0) - b
    stopThr_val = 1
    if log:
        log = dict()
        log["u"] = u
        log["v"] = v

    for ii in range(numItermax):
        i_1 = nx.argmax(nx.abs(viol))
        i_2 = nx.argmax(nx.abs(viol_2))
        m_viol_1 = nx.abs(viol[i_1])
        m_viol_2 = nx.abs(viol_2[i_2])
        stopThr_val = nx.maximum(m_viol_1, m_viol_2)

        if m_viol_1 > m_viol_2:
            old_u = u[i_1]
            new_u = a[i_1] / nx.dot(K[i_1, :], v)
            G[i_1, :] = new_u * K[i_1, :] * v

            viol[i_1] = nx.dot(new_u * K[i_1, :], v) - a[i_1]
            viol_2 += K[i_1, :].T * (new_u - old_u) * v
            u[i_1] = new_u
        else:
            old_v = v[i_2]
            new_v = b[i_2] / nx.dot(K[:, i_2].T, u)
            G[:, i_2] = u * K[:, i_2] * new_v
            # aviol = (G@one_m - a)
            # aviol_2 = (G.T@one_n - b)
            viol += (-old_v + new_v) * K[:, i_2] * u
            viol_2[i_2] = new_v * nx.dot(K[:, i_2], u) - b[i_2]
            v[i_2] = new_v

        if stopThr_val <= stopThr:
            break
    else:
        if warn:
            warnings.warn(
                "Sinkhorn did not converge. You might want to "
                "increase the number of iterations `numItermax` "
                "or the regularization parameter `reg`."
            )

    if log:
        log["n_iter"] = ii
        log["u"] = u
        log["v"] = v

    if log:
        return G, log
    else:
        return G


def sinkhorn_stabilized(
    a,
    b,
    M,
    reg,
    numItermax=1000,
    tau=1e3,
    stopThr=1e-9,
    warmstart=None,
    verbose=False,
    print_period=20,
    log=False,
    warn=True,
    **kwargs,
):

    a, b, M = list_to_array(a, b, M)

    nx = get_backend(M, a, b)

    if len(a) == 0:
        a = nx.ones((M.shape[0],), type_as=M) / M.shape[0]
    if len(b) == 0:
        b = nx.ones((M.shape[1],), type_as=M) / M.shape[1]

    # test if multiple target
    if len(b.shape) > 1:
        n_hists = b.shape[1]
        a = a[:, None]
    else:
        n_hists = 0

    # init data
    dim_a = len(a)
    dim_b = len(b)

    if log:
        log = {"err": []}

    # we assume that no distances are null except those of the diagonal of
    # distances
    if warmstart is None:
        alpha, beta = nx.zeros(dim_a, type_as=M), nx.zeros(dim_b, type_as=M)
    else:
        alpha, beta = warmstart

    if n_hists:
        u = nx.ones((dim_a, n_hists), type_as=M) / dim_a
        v = nx.ones((dim_b, n_hists), type_as=M) / dim_b
    else:
        u, v = nx.ones(dim_a, type_as=M), nx.ones(dim_b, type_as=M)
        u /= dim_a
        v /= dim_b

    def get_K(alpha, beta):
        return nx.exp(-(M - alpha.reshape((dim_a, 1)) - beta.reshape((1, dim_b))) / reg)

    def get_Gamma(alpha, beta, u, v):
        return nx.exp(
            -(M - alpha.reshape((dim_a, 1)) - beta.reshape((1, dim_b))) / reg
            + nx.log(u.reshape((dim_a, 1)))
            + nx.log(v.reshape((1, dim_b)))
        )

    K = get_K(alpha, beta)
    transp = K
    err = 1
    for ii in range(numItermax):
        uprev = u
        vprev = v

        # sinkhorn update
        v = b / (nx.dot(K.T, u))
        u = a / (nx.dot(K, v))

        # remove numerical problems and store them in K
        if nx.max(nx.abs(u)) > tau or nx.max(nx.abs(v)) > tau:
            if n_hists:
                alpha, beta = (
                    alpha + reg * nx.max(nx.log(u), 1),
                    beta + reg * nx.max(nx.log(v)),
                )
            else:
                alpha, beta = alpha + reg * nx.log(u), beta + reg * nx.log(v)
                if n_hists:
                    u = nx.ones((dim_a, n_hists), type_as=M) / dim_a
                    v = nx.ones((dim_b, n_hists), type_as=M) / dim_b
                else:
                    u = nx.ones(dim_a, type_as=M) / dim_a
                    v = nx.ones(dim_b, type_as=M) / dim_b
            K = get_K(alpha, beta)

        if ii % print_period == 0:
            # we can speed up the process by checking for the error only all
            # the 10th iterations
            if n_hists:
                err_u = nx.max(nx.abs(u - uprev))
                err_u /= max(nx.max(nx.abs(u)), nx.max(nx.abs(uprev)), 1.0)
                err_v = nx.max(nx.abs(v - vprev))
                err_v /= max(nx.max(nx.abs(v)), nx.max(nx.abs(vprev)), 1.0)
                err = 0.5 * (err_u + err_v)
            else:
                transp = get_Gamma(alpha, beta, u, v)
                err = nx.norm(nx.sum(transp, axis=0) - b)
            if log:
                log["err"].append(err)

            if verbose:
                if ii % (print_period * 20) == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(ii, err))

        if err <= stopThr:
            break

        if nx.any(nx.isnan(u)) or nx.any(nx.isnan(v)):
            # we have reached the machine precision
            # come back to previous solution and quit loop
            warnings.warn("Numerical errors at iteration %d" % ii)
            u = uprev
            v = vprev
            break
    else:
        if warn:
            warnings.warn(
                "Sinkhorn did not converge. You might want to "
                "increase the number of iterations `numItermax` "
                "or the regularization parameter `reg`."
            )
    if log:
        if n_hists:
            alpha = alpha[:, None]
            beta = beta[:, None]
        logu = alpha / reg + nx.log(u)
        logv = beta / reg + nx.log(v)
        log["n_iter"] = ii
        log["logu"] = logu
        log["logv"] = logv
        log["alpha"] = alpha + reg * nx.log(u)
        log["beta"] = beta + reg * nx.log(v)
        log["warmstart"] = (log["alpha"], log["beta"])
        if n_hists:
            res = nx.stack(
                [
                    nx.sum(get_Gamma(alpha, beta, u[:, i], v[:, i]) * M)
                    for i in range(n_hists)
                ]
            )
            return res, log

        else:
            return get_Gamma(alpha, beta, u, v), log
    else:
        if n_hists:
            res = nx.stack(
                [
                    nx.sum(get_Gamma(alpha, beta, u[:, i], v[:, i]) * M)
                    for i in range(n_hists)
                ]
            )
            return res
        else:
            return get_Gamma(alpha, beta, u, v)


def sinkhorn_epsilon_scaling(
    a,
    b,
    M,
    reg,
    numItermax=100,
    epsilon0=1e4,
    numInnerItermax=100,
    tau=1e3,
    stopThr=1e-9,
    warmstart=None,
    verbose=False,
    print_period=10,
    log=False,
    warn=True,
    **kwargs,
):

    a, b, M = list_to_array(a, b, M)

    nx = get_backend(M, a, b)

    if len(a) == 0:
        a = nx.ones((M.shape[0],), type_as=M) / M.shape[0]
    if len(b) == 0:
        b = nx.ones((M.shape[1],), type_as=M) / M.shape[1]

    # init data
    dim_a = len(a)
    dim_b = len(b)

    # nrelative umerical precision with 64 bits
    numItermin = 35
    numItermax = max(numItermin, numItermax)  # ensure that last velue is exact

    ii = 0
    if log:
        log = {"err": []}

    # we assume that no distances are null except those of the diagonal of
    # distances
    if warmstart is None:
        alpha, beta = nx.zeros(dim_a, type_as=M), nx.zeros(dim_b, type_as=M)
    else:
        alpha, beta = warmstart

    # print(np.min(K))
    def get_reg(n):  # exponential decreasing
        return (epsilon0 - reg) * np.exp(-n) + reg

    err = 1
    for ii in range(numItermax):
        regi = get_reg(ii)

        G, logi = sinkhorn_stabilized(
            a,
            b,
            M,
            regi,
            numItermax=numInnerItermax,
            stopThr=stopThr,
            warmstart=(alpha, beta),
            verbose=False,
            print_period=20,
            tau=tau,
            log=True,
        )

        alpha = logi["alpha"]
        beta = logi["beta"]

        if ii % (print_period) == 0:  # spsion nearly converged
            # we can speed up the process by checking for the error only all
            # the 10th iterations
            transp = G
            err = (
                nx.norm(nx.sum(transp, axis=0) - b) ** 2
                + nx.norm(nx.sum(transp, axis=1) - a) ** 2
            )
            if log:
                log["err"].append(err)

            if verbose:
                if ii % (print_period * 10) == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(ii, err))

        if err <= stopThr and ii > numItermin:
            break
    else:
        if warn:
            warnings.warn(
                "Sinkhorn did not converge. You might want to "
                "increase the number of iterations `numItermax` "
                "or the regularization parameter `reg`."
            )
    if log:
        log["alpha"] = alpha
        log["beta"] = beta
        log["warmstart"] = (log["alpha"], log["beta"])
        log["niter"] = ii
        return G, log
    else:
        return G


# --- ot/bregman/_barycenter.py ---


def barycenter(
    A,
    M,
    reg,
    weights=None,
    method="sinkhorn",
    numItermax=10000,
    stopThr=1e-4,
    verbose=False,
    log=False,
    warn=True,
    **kwargs,
):

    if method.lower() == "sinkhorn":
        return barycenter_sinkhorn(
            A,
            M,
            reg,
            weights=weights,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            warn=warn,
            **kwargs,
        )
    elif method.lower() == "sinkhorn_stabilized":
        return barycenter_stabilized(
            A,
            M,
            reg,
            weights=weights,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            warn=warn,
            **kwargs,
        )
    elif method.lower() == "sinkhorn_log":
        return _barycenter_sinkhorn_log(
            A,
            M,
            reg,
            weights=weights,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            warn=warn,
            **kwargs,
        )
    else:
        raise ValueError("Unknown method '%s'." % method)


def barycenter_sinkhorn(
    A,
    M,
    reg,
    weights=None,
    numItermax=1000,
    stopThr=1e-4,
    verbose=False,
    log=False,
    warn=True,
):

    A, M = list_to_array(A, M)

    nx = get_backend(A, M)

    if weights is None:
        weights = nx.ones((A.shape[1],), type_as=A) / A.shape[1]
    else:
        assert len(weights) == A.shape[1]

    if log:
        log = {"err": []}

    K = nx.exp(-M / reg)

    err = 1

    UKv = nx.dot(K, (A.T / nx.sum(K, axis=0)).T)

    u = (geometricMean(UKv) / UKv.T).T

    for ii in range(numItermax):
        UKv = u * nx.dot(K.T, A / nx.dot(K, u))
        u = (u.T * geometricBar(weights, UKv)).T / UKv

        if ii % 10 == 1:
            err = nx.sum(nx.std(UKv, axis=1))

            # log and verbose print
            if log:
                log["err"].append(err)

            if err < stopThr:
                break
            if verbose:
                if ii % 200 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(ii, err))
    else:
        if warn:
            warnings.warn(
                "Sinkhorn did not converge. You might want to "
                "increase the number of iterations `numItermax` "
                "or the regularization parameter `reg`."
            )
    if log:
        log["niter"] = ii
        return geometricBar(weights, UKv), log
    else:
        return geometricBar(weights, UKv)


def _barycenter_sinkhorn_log(
    A,
    M,
    reg,
    weights=None,
    numItermax=1000,
    stopThr=1e-4,
    verbose=False,
    log=False,
    warn=True,
):

    A, M = list_to_array(A, M)
    dim, n_hists = A.shape

    nx = get_backend(A, M)

    if nx.__name__ in ("jax", "tf"):
        raise NotImplementedError(
            "Log-domain functions are not yet implemented"
            " for Jax and tf. Use numpy or torch arrays instead."
        )

    if weights is None:
        weights = nx.ones(n_hists, type_as=A) / n_hists
    else:
        assert len(weights) == A.shape[1]

    if log:
        log = {"err": []}

    M = -M / reg
    logA = nx.log(A + 1e-16)
    log_KU, G = nx.zeros((2, *logA.shape), type_as=A)
    err = 1
    for ii in range(numItermax):
        log_bar = nx.zeros(dim, type_as=A)
        for k in range(n_hists):
            f = logA[:, k] - nx.logsumexp(M + G[None, :, k], axis=1)
            log_KU[:, k] = nx.logsumexp(M + f[:, None], axis=0)
            log_bar = log_bar + weights[k] * log_KU[:, k]

        if ii % 10 == 1:
            err = nx.exp(G + log_KU).std(axis=1).sum()

            # log and verbose print
            if log:
                log["err"].append(err)

            if err < stopThr:
                break
            if verbose:
                if ii % 200 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(ii, err))

        G = log_bar[:, None] - log_KU

    else:
        if warn:
            warnings.warn(
                "Sinkhorn did not converge. You might want to "
                "increase the number of iterations `numItermax` "
                "or the regularization parameter `reg`."
            )
    if log:
        log["niter"] = ii
        return nx.exp(log_bar), log
    else:
        return nx.exp(log_bar)


def barycenter_stabilized(
    A,
    M,
    reg,
    tau=1e10,
    weights=None,
    numItermax=1000,
    stopThr=1e-4,
    verbose=False,
    log=False,
    warn=True,
):

    A, M = list_to_array(A, M)

    nx = get_backend(A, M)

    dim, n_hists = A.shape
    if weights is None:
        weights = nx.ones((n_hists,), type_as=M) / n_hists
    else:
        assert len(weights) == A.shape[1]

    if log:
        log = {"err": []}

    u = nx.ones((dim, n_hists), type_as=M) / dim
    v = nx.ones((dim, n_hists), type_as=M) / dim

    K = nx.exp(-M / reg)

    err = 1.0
    alpha = nx.zeros((dim,), type_as=M)
    beta = nx.zeros((dim,), type_as=M)
    q = nx.ones((dim,), type_as=M) / dim
    for ii in range(numItermax):
        qprev = q
        Kv = nx.dot(K, v)
        u = A / Kv
        Ktu = nx.dot(K.T, u)
        q = geometricBar(weights, Ktu)
        Q = q[:, None]
        v = Q / Ktu
        absorbing = False
        if nx.any(u > tau) or nx.any(v > tau):
            absorbing = True
            alpha += reg * nx.log(nx.max(u, 1))
            beta += reg * nx.log(nx.max(v, 1))
            K = nx.exp((alpha[:, None] + beta[None, :] - M) / reg)
            v = nx.ones(tuple(v.shape), type_as=v)
        Kv = nx.dot(K, v)
        if (
            nx.any(Ktu == 0.0)
            or nx.any(nx.isnan(u))
            or nx.any(nx.isnan(v))
            or nx.any(nx.isinf(u))
            or nx.any(nx.isinf(v))
        ):
            # we have reached the machine precision
            # come back to previous solution and quit loop
            warnings.warn("Numerical errors at iteration %s" % ii)
            q = qprev
            break
        if (ii % 10 == 0 and not absorbing) or ii == 0:
            # we can speed up the process by checking for the error only all
            # the 10th iterations
            err = nx.max(nx.abs(u * Kv - A))
            if log:
                log["err"].append(err)
            if err < stopThr:
                break
            if verbose:
                if ii % 50 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(ii, err))

    else:
        if warn:
            warnings.warn(
                "Stabilized Sinkhorn did not converge."
                + "Try a larger entropy `reg`"
                + "Or a larger absorption threshold `tau`."
            )
    if log:
        log["niter"] = ii
        log["logu"] = nx.log(u + 1e-16)
        log["logv"] = nx.log(v + 1e-16)
        return q, log
    else:
        return q


def barycenter_debiased(
    A,
    M,
    reg,
    weights=None,
    method="sinkhorn",
    numItermax=10000,
    stopThr=1e-4,
    verbose=False,
    log=False,
    warn=True,
    **kwargs,
):

    if method.lower() == "sinkhorn":
        return _barycenter_debiased(
            A,
            M,
            reg,
            weights=weights,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            warn=warn,
            **kwargs,
        )
    elif method.lower() == "sinkhorn_log":
        return _barycenter_debiased_log(
            A,
            M,
            reg,
            weights=weights,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            warn=warn,
            **kwargs,
        )
    else:
        raise ValueError("Unknown method '%s'." % method)


def _barycenter_debiased(
    A,
    M,
    reg,
    weights=None,
    numItermax=1000,
    stopThr=1e-4,
    verbose=False,
    log=False,
    warn=True,
):

    A, M = list_to_array(A, M)

    nx = get_backend(A, M)

    if weights is None:
        weights = nx.ones((A.shape[1],), type_as=A) / A.shape[1]
    else:
        assert len(weights) == A.shape[1]

    if log:
        log = {"err": []}

    K = nx.exp(-M / reg)

    err = 1

    UKv = nx.dot(K, (A.T / nx.sum(K, axis=0)).T)

    u = (geometricMean(UKv) / UKv.T).T
    c = nx.ones(A.shape[0], type_as=A)
    bar = nx.ones(A.shape[0], type_as=A)

    for ii in range(numItermax):
        bold = bar
        UKv = nx.dot(K, A / nx.dot(K, u))
        bar = c * geometricBar(weights, UKv)
        u = bar[:, None] / UKv
        c = (c * bar / nx.dot(K, c)) ** 0.5

        if ii % 10 == 9:
            err = abs(bar - bold).max() / max(bar.max(), 1.0)

            # log and verbose print
            if log:
                log["err"].append(err)

            # debiased Sinkhorn does not converge monotonically
            # guarantee a few iterations are done before stopping
            if err < stopThr and ii > 20:
                break
            if verbose:
                if ii % 200 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(ii, err))
    else:
        if warn:
            warnings.warn(
                "Sinkhorn did not converge. You might want to "
                "increase the number of iterations `numItermax` "
                "or the regularization parameter `reg`."
            )
    if log:
        log["niter"] = ii
        return bar, log
    else:
        return bar


def _barycenter_debiased_log(
    A,
    M,
    reg,
    weights=None,
    numItermax=1000,
    stopThr=1e-4,
    verbose=False,
    log=False,
    warn=True,
):

    A, M = list_to_array(A, M)
    dim, n_hists = A.shape

    nx = get_backend(A, M)
    if nx.__name__ in ("jax", "tf"):
        raise NotImplementedError(
            "Log-domain functions are not yet implemented"
            " for Jax and TF. Use numpy or torch arrays instead."
        )

    if weights is None:
        weights = nx.ones(n_hists, type_as=A) / n_hists
    else:
        assert len(weights) == A.shape[1]

    if log:
        log = {"err": []}

    M = -M / reg
    logA = nx.log(A + 1e-16)
    log_KU, G = nx.zeros((2, *logA.shape), type_as=A)
    c = nx.zeros(dim, type_as=A)
    err = 1
    for ii in range(numItermax):
        log_bar = nx.zeros(dim, type_as=A)
        for k in range(n_hists):
            f = logA[:, k] - nx.logsumexp(M + G[None, :, k], axis=1)
            log_KU[:, k] = nx.logsumexp(M + f[:, None], axis=0)
            log_bar += weights[k] * log_KU[:, k]
        log_bar += c
        if ii % 10 == 1:
            err = nx.exp(G + log_KU).std(axis=1).sum()

            # log and verbose print
            if log:
                log["err"].append(err)

            if err < stopThr and ii > 20:
                break
            if verbose:
                if ii % 200 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(ii, err))

        G = log_bar[:, None] - log_KU
        for _ in range(10):
            c = 0.5 * (c + log_bar - nx.logsumexp(M + c[:, None], axis=0))

    else:
        if warn:
            warnings.warn(
                "Sinkhorn did not converge. You might want to "
                "increase the number of iterations `numItermax` "
                "or the regularization parameter `reg`."
            )
    if log:
        log["niter"] = ii
        return nx.exp(log_bar), log
    else:
        return nx.exp(log_bar)


# --- ot/bregman/_convolutional.py ---


_warning_msg = (
    "Convolutional Sinkhorn did not converge. "
    "Try a larger number of iterations `numItermax` "
    "or a larger entropy `reg`."
)


def _get_convol_img_fn(nx, width, height, reg, type_as, log_domain=False):
    t1 = nx.linspace(0, 1, width, type_as=type_as)
    Y1, X1 = nx.meshgrid(t1, t1)
    M1 = -((X1 - Y1) ** 2) / reg

    t2 = nx.linspace(0, 1, height, type_as=type_as)
    Y2, X2 = nx.meshgrid(t2, t2)
    M2 = -((X2 - Y2) ** 2) / reg

    # If normal domain is selected, we can use M1 and M2 to compute the convolution
    if not log_domain:
        K1, K2 = nx.exp(M1), nx.exp(M2)

        def convol_imgs(imgs):
            kx = nx.einsum("...ij,kjl->kil", K1, imgs)
            kxy = nx.einsum("...ij,klj->kli", K2, kx)
            return kxy

    # Else, we can use M1 and M2 to compute the convolution in log-domain
    else:

        def convol_imgs(log_imgs):
            log_imgs = nx.logsumexp(M1[:, :, None] + log_imgs[None], axis=1)
            log_imgs = nx.logsumexp(M2[:, :, None] + log_imgs.T[None], axis=1).T
            return log_imgs

    return convol_imgs


def _print_report(ii, err):
    if ii % 200 == 0:
        print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
    print("{:5d}|{:8e}|".format(ii, err))


def convolutional_barycenter2d(
    A,
    reg,
    weights=None,
    method="sinkhorn",
    numItermax=10000,
    stopThr=1e-4,
    verbose=False,
    log=False,
    warn=True,
    **kwargs,
):

    if method.lower() == "sinkhorn":
        return _convolutional_barycenter2d(
            A,
            reg,
            weights=weights,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            warn=warn,
            **kwargs,
        )
    elif method.lower() == "sinkhorn_log":
        return _convolutional_barycenter2d_log(
            A,
            reg,
            weights=weights,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            warn=warn,
            **kwargs,
        )
    else:
        raise ValueError("Unknown method '%s'." % method)


def _convolutional_barycenter2d(
    A,
    reg,
    weights=None,
    numItermax=10000,
    stopThr=1e-9,
    stabThr=1e-30,
    verbose=False,
    log=False,
    warn=True,
):

    A = list_to_array(A)
    n_hists, width, height = A.shape

    nx = get_backend(A)

    if weights is None:
        weights = nx.ones((n_hists,), type_as=A) / n_hists
    else:
        assert len(weights) == n_hists

    if log:
        log = {"err": []}

    bar = nx.ones((width, height), type_as=A)
    bar /= nx.sum(bar)
    U = nx.ones(A.shape, type_as=A)
    V = nx.ones(A.shape, type_as=A)
    err = 1

    # build the convolution operator
    convol_imgs = _get_convol_img_fn(nx, width, height, reg, type_as=A)

    KU = convol_imgs(U)
    for ii in range(numItermax):
        V = bar[None] / KU
        KV = convol_imgs(V)
        U = A / KV
        KU = convol_imgs(U)
        bar = nx.exp(nx.sum(weights[:, None, None] * nx.log(KU + stabThr), axis=0))
        if ii % 10 == 9:
            err = nx.sum(nx.std(V * KU, axis=0))
            # log and verbose print
            if log:
                log["err"].append(err)
            if verbose:
                _print_report(ii, err)
            if err < stopThr:
                break

    else:
        if warn:
            warnings.warn(_warning_msg)
    if log:
        log["niter"] = ii
        log["U"] = U
        log["V"] = V
        return bar, log
    else:
        return bar


def _convolutional_barycenter2d_log(
    A,
    reg,
    weights=None,
    numItermax=10000,
    stopThr=1e-4,
    stabThr=1e-30,
    verbose=False,
    log=False,
    warn=True,
):

    A = list_to_array(A)

    nx = get_backend(A)
    # This error is raised because we are using mutable assignment in the line
    #  `log_KU[k] = ...` which is not allowed in Jax and TF.
    if nx.__name__ in ("jax", "tf"):
        raise NotImplementedError(
            "Log-domain functions are not yet implemented"
            " for Jax and TF. Use numpy or torch arrays instead."
        )

    n_hists, width, height = A.shape

    if weights is None:
        weights = nx.ones((n_hists,), type_as=A) / n_hists
    else:
        assert len(weights) == n_hists

    if log:
        log = {"err": []}

    err = 1
    # build the convolution operator
    convol_img = _get_convol_img_fn(nx, width, height, reg, type_as=A, log_domain=True)

    logA = nx.log(A + stabThr)
    log_KU, G, F = nx.zeros((3, *logA.shape), type_as=A)
    err = 1
    for ii in range(numItermax):
        log_bar = nx.zeros((width, height), type_as=A)
        for k in range(n_hists):
            f = logA[k] - convol_img(G[k])
            log_KU[k] = convol_img(f)
            log_bar = log_bar + weights[k] * log_KU[k]

        if ii % 10 == 9:
            err = nx.exp(G + log_KU).std(axis=0).sum()
            # log and verbose print
            if log:
                log["err"].append(err)
            if verbose:
                _print_report(ii, err)
            if err < stopThr:
                break
        G = log_bar[None, :, :] - log_KU

    else:
        if warn:
            warnings.warn(_warning_msg)
    if log:
        log["niter"] = ii
        return nx.exp(log_bar), log
    else:
        return nx.exp(log_bar)


# --- ot/unbalanced/_sinkhorn.py ---


def sinkhorn_unbalanced(
    a,
    b,
    M,
    reg,
    reg_m,
    method="sinkhorn",
    reg_type="kl",
    c=None,
    warmstart=None,
    numItermax=1000,
    stopThr=1e-6,
    verbose=False,
    log=False,
    **kwargs,
):

    if method.lower() == "sinkhorn":
        return sinkhorn_knopp_unbalanced(
            a,
            b,
            M,
            reg,
            reg_m,
            reg_type,
            c,
            warmstart,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            **kwargs,
        )

    elif method.lower() == "sinkhorn_stabilized":
        return sinkhorn_stabilized_unbalanced(
            a,
            b,
            M,
            reg,
            reg_m,
            reg_type,
            c,
            warmstart,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            **kwargs,
        )

    elif method.lower() == "sinkhorn_translation_invariant":
        return sinkhorn_unbalanced_translation_invariant(
            a,
            b,
            M,
            reg,
            reg_m,
            reg_type,
            c,
            warmstart,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            **kwargs,
        )

    elif method.lower() in ["sinkhorn_reg_scaling"]:
        warnings.warn("Method not implemented yet. Using classic Sinkhorn-Knopp")
        return sinkhorn_knopp_unbalanced(
            a,
            b,
            M,
            reg,
            reg_m,
            reg_type,
            c,
            warmstart,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            **kwargs,
        )
    else:
        raise ValueError("Unknown method '%s'." % method)


def sinkhorn_unbalanced2(
    a,
    b,
    M,
    reg,
    reg_m,
    method="sinkhorn",
    reg_type="kl",
    c=None,
    warmstart=None,
    returnCost="linear",
    numItermax=1000,
    stopThr=1e-6,
    verbose=False,
    log=False,
    **kwargs,
):
    M, a, b = list_to_array(M, a, b)

    if len(b.shape) < 2:
        if method.lower() == "sinkhorn":
            res = sinkhorn_knopp_unbalanced(
                a,
                b,
                M,
                reg,
                reg_m,
                reg_type,
                c,
                warmstart,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=True,
                **kwargs,
            )

        elif method.lower() == "sinkhorn_stabilized":
            res = sinkhorn_stabilized_unbalanced(
                a,
                b,
                M,
                reg,
                reg_m,
                reg_type,
                c,
                warmstart,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=True,
                **kwargs,
            )

        elif method.lower() == "sinkhorn_translation_invariant":
            res = sinkhorn_unbalanced_translation_invariant(
                a,
                b,
                M,
                reg,
                reg_m,
                reg_type,
                c,
                warmstart,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=True,
                **kwargs,
            )

        elif method.lower() in ["sinkhorn_reg_scaling"]:
            warnings.warn("Method not implemented yet. Using classic Sinkhorn-Knopp")
            res = sinkhorn_knopp_unbalanced(
                a,
                b,
                M,
                reg,
                reg_m,
                reg_type,
                c,
                warmstart,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=True,
                **kwargs,
            )
        else:
            raise ValueError("Unknown method %s." % method)

        if returnCost == "linear":
            cost = res[1]["cost"]
        elif returnCost == "total":
            cost = res[1]["total_cost"]
        else:
            raise ValueError("Unknown returnCost = {}".format(returnCost))

        if log:
            return cost, res[1]
        else:
            return cost

    else:
        if reg_type == "kl":
            warnings.warn("Reg_type not implemented yet. Use entropy.")

        if method.lower() == "sinkhorn":
            return sinkhorn_knopp_unbalanced(
                a,
                b,
                M,
                reg,
                reg_m,
                reg_type,
                c,
                warmstart,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=log,
                **kwargs,
            )

        elif method.lower() == "sinkhorn_stabilized":
            return sinkhorn_stabilized_unbalanced(
                a,
                b,
                M,
                reg,
                reg_m,
                reg_type,
                c,
                warmstart,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=log,
                **kwargs,
            )

        elif method.lower() == "sinkhorn_translation_invariant":
            return sinkhorn_unbalanced_translation_invariant(
                a,
                b,
                M,
                reg,
                reg_m,
                reg_type,
                c,
                warmstart,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=log,
                **kwargs,
            )

        elif method.lower() in ["sinkhorn_reg_scaling"]:
            warnings.warn("Method not implemented yet. Using classic Sinkhorn-Knopp")
            return sinkhorn_knopp_unbalanced(
                a,
                b,
                M,
                reg,
                reg_m,
                reg_type,
                c,
                warmstart,
                numItermax=numItermax,
                stopThr=stopThr,
                verbose=verbose,
                log=log,
                **kwargs,
            )
        else:
            raise ValueError("Unknown method %s." % method)


def sinkhorn_knopp_unbalanced(
    a,
    b,
    M,
    reg,
    reg_m,
    reg_type="kl",
    c=None,
    warmstart=None,
    numItermax=1000,
    stopThr=1e-6,
    verbose=False,
    log=False,
    **kwargs,
):
    M, a, b = list_to_array(M, a, b)
    nx = get_backend(M, a, b)

    dim_a, dim_b = M.shape

    if len(a) == 0:
        a = nx.ones(dim_a, type_as=M) / dim_a
    if len(b) == 0:
        b = nx.ones(dim_b, type_as=M) / dim_b

    if len(b.shape) > 1:
        n_hists = b.shape[1]
    else:
        n_hists = 0

    reg_m1, reg_m2 = get_parameter_pair(reg_m)

    if log:
        dict_log = {"err": []}

    # we assume that no distances are null except those of the diagonal of
    # distances
    if warmstart is None:
        if n_hists:
            u = nx.ones((dim_a, 1), type_as=M)
            v = nx.ones((dim_b, n_hists), type_as=M)
            a = a.reshape(dim_a, 1)
        else:
            u = nx.ones(dim_a, type_as=M)
            v = nx.ones(dim_b, type_as=M)
    else:
        u, v = nx.exp(warmstart[0]), nx.exp(warmstart[1])

    if reg_type.lower() == "entropy":
        warnings.warn(
            "If reg_type = entropy, then the matrix c is overwritten by the one matrix."
        )
        c = nx.ones((dim_a, dim_b), type_as=M)

    if n_hists:
        K = nx.exp(-M / reg)
    else:
        c = a[:, None] * b[None, :] if c is None else c
        K = nx.exp(-M / reg) * c

    fi_1 = reg_m1 / (reg_m1 + reg) if reg_m1 != float("inf") else 1
    fi_2 = reg_m2 / (reg_m2 + reg) if reg_m2 != float("inf") else 1

    err = 1.0

    for i in range(numItermax):
        uprev = u
        vprev = v

        Kv = nx.dot(K, v)
        u = (a / Kv) ** fi_1
        Ktu = nx.dot(K.T, u)
        v = (b / Ktu) ** fi_2

        if (
            nx.any(Ktu == 0.0)
            or nx.any(nx.isnan(u))
            or nx.any(nx.isnan(v))
            or nx.any(nx.isinf(u))
            or nx.any(nx.isinf(v))
        ):
            # we have reached the machine precision
            # come back to previous solution and quit loop
            warnings.warn("Numerical errors at iteration %s" % i)
            u = uprev
            v = vprev
            break

        err_u = nx.max(nx.abs(u - uprev)) / max(
            nx.max(nx.abs(u)), nx.max(nx.abs(uprev)), 1.0
        )
        err_v = nx.max(nx.abs(v - vprev)) / max(
            nx.max(nx.abs(v)), nx.max(nx.abs(vprev)), 1.0
        )
        err = 0.5 * (err_u + err_v)
        if log:
            dict_log["err"].append(err)
            if verbose:
                if i % 50 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(i, err))
        if err < stopThr:
            break

    if log:
        dict_log["logu"] = nx.log(u + 1e-300)
        dict_log["logv"] = nx.log(v + 1e-300)

    if n_hists:  # return only loss
        res = nx.einsum("ik,ij,jk,ij->k", u, K, v, M)
        if log:
            return res, dict_log
        else:
            return res

    else:  # return OT matrix
        plan = u[:, None] * K * v[None, :]

        if log:
            linear_cost = nx.sum(plan * M)
            dict_log["cost"] = linear_cost

            total_cost = linear_cost + reg * nx.kl_div(plan, c)
            if reg_m1 != float("inf"):
                total_cost = total_cost + reg_m1 * nx.kl_div(nx.sum(plan, 1), a)
            if reg_m2 != float("inf"):
                total_cost = total_cost + reg_m2 * nx.kl_div(nx.sum(plan, 0), b)
            dict_log["total_cost"] = total_cost

            return plan, dict_log
        else:
            return plan


def sinkhorn_stabilized_unbalanced(
    a,
    b,
    M,
    reg,
    reg_m,
    reg_type="kl",
    c=None,
    warmstart=None,
    tau=1e5,
    numItermax=1000,
    stopThr=1e-6,
    verbose=False,
    log=False,
    **kwargs,
):
    a, b, M = list_to_array(a, b, M)
    nx = get_backend(M, a, b)

    dim_a, dim_b = M.shape

    if len(a) == 0:
        a = nx.ones(dim_a, type_as=M) / dim_a
    if len(b) == 0:
        b = nx.ones(dim_b, type_as=M) / dim_b

    if len(b.shape) > 1:
        n_hists = b.shape[1]
    else:
        n_hists = 0

    reg_m1, reg_m2 = get_parameter_pair(reg_m)

    if log:
        dict_log = {"err": []}

    # we assume that no distances are null except those of the diagonal of
    # distances
    if warmstart is None:
        if n_hists:
            u = nx.ones((dim_a, n_hists), type_as=M)
            v = nx.ones((dim_b, n_hists), type_as=M)
            a = a.reshape(dim_a, 1)
        else:
            u = nx.ones(dim_a, type_as=M)
            v = nx.ones(dim_b, type_as=M)
    else:
        u, v = nx.exp(warmstart[0]), nx.exp(warmstart[1])

    if reg_type == "entropy":
        warnings.warn(
            "If reg_type = entropy, then the matrix c is overwritten by the one matrix."
        )
        c = nx.ones((dim_a, dim_b), type_as=M)

    if n_hists:
        M0 = M
    else:
        c = a[:, None] * b[None, :] if c is None else c
        M0 = M - reg * nx.log(c)
    K = nx.exp(-M0 / reg)

    fi_1 = reg_m1 / (reg_m1 + reg) if reg_m1 != float("inf") else 1
    fi_2 = reg_m2 / (reg_m2 + reg) if reg_m2 != float("inf") else 1

    cpt = 0
    err = 1.0
    alpha = nx.zeros(dim_a, type_as=M)
    beta = nx.zeros(dim_b, type_as=M)
    ones_a = nx.ones(dim_a, type_as=M)
    ones_b = nx.ones(dim_b, type_as=M)

    while err > stopThr and cpt < numItermax:
        uprev = u
        vprev = v

        Kv = nx.dot(K, v)
        f_alpha = nx.exp(-alpha / (reg + reg_m1)) if reg_m1 != float("inf") else ones_a
        f_beta = nx.exp(-beta / (reg + reg_m2)) if reg_m2 != float("inf") else ones_b

        if n_hists:
            f_alpha = f_alpha[:, None]
            f_beta = f_beta[:, None]
        u = ((a / (Kv + 1e-16)) ** fi_1) * f_alpha
        Ktu = nx.dot(K.T, u)
        v = ((b / (Ktu + 1e-16)) ** fi_2) * f_beta
        absorbing = False
        if nx.any(u > tau) or nx.any(v > tau):
            absorbing = True
            if n_hists:
                alpha = alpha + reg * nx.log(nx.max(u, 1))
                beta = beta + reg * nx.log(nx.max(v, 1))
            else:
                alpha = alpha + reg * nx.log(nx.max(u))
                beta = beta + reg * nx.log(nx.max(v))
            K = nx.exp((alpha[:, None] + beta[None, :] - M0) / reg)
            v = nx.ones(v.shape, type_as=v)
        Kv = nx.dot(K, v)

        if (
            nx.any(Ktu == 0.0)
            or nx.any(nx.isnan(u))
            or nx.any(nx.isnan(v))
            or nx.any(nx.isinf(u))
            or nx.any(nx.isinf(v))
        ):
            # we have reached the machine precision
            # come back to previous solution and quit loop
            warnings.warn("Numerical errors at iteration %s" % cpt)
            u = uprev
            v = vprev
            break
        if (cpt % 10 == 0 and not absorbing) or cpt == 0:
            # we can speed up the process by checking for the error only all
            # the 10th iterations
            err = nx.max(nx.abs(u - uprev)) / max(
                nx.max(nx.abs(u)), nx.max(nx.abs(uprev)), 1.0
            )
            if log:
                dict_log["err"].append(err)
            if verbose:
                if cpt % 200 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(cpt, err))
        cpt = cpt + 1

    if err > stopThr:
        warnings.warn(
            "Stabilized Unbalanced Sinkhorn did not converge."
            + "Try a larger entropy `reg` or a lower mass `reg_m`."
            + "Or a larger absorption threshold `tau`."
        )
    if n_hists:
        logu = alpha[:, None] / reg + nx.log(u)
        logv = beta[:, None] / reg + nx.log(v)
    else:
        logu = alpha / reg + nx.log(u)
        logv = beta / reg + nx.log(v)
    if log:
        dict_log["logu"] = logu
        dict_log["logv"] = logv
    if n_hists:  # return only loss
        res = nx.logsumexp(
            nx.log(M + 1e-100)[:, :, None]
            + logu[:, None, :]
            + logv[None, :, :]
            - M0[:, :, None] / reg,
            axis=(0, 1),
        )
        res = nx.exp(res)
        if log:
            return res, dict_log
        else:
            return res

    else:  # return OT matrix
        plan = nx.exp(logu[:, None] + logv[None, :] - M0 / reg)
        if log:
            linear_cost = nx.sum(plan * M)
            dict_log["cost"] = linear_cost

            total_cost = linear_cost + reg * nx.kl_div(plan, c)
            if reg_m1 != float("inf"):
                total_cost = total_cost + reg_m1 * nx.kl_div(nx.sum(plan, 1), a)
            if reg_m2 != float("inf"):
                total_cost = total_cost + reg_m2 * nx.kl_div(nx.sum(plan, 0), b)
            dict_log["total_cost"] = total_cost

            return plan, dict_log
        else:
            return plan


def sinkhorn_unbalanced_translation_invariant(
    a,
    b,
    M,
    reg,
    reg_m,
    reg_type="kl",
    c=None,
    warmstart=None,
    numItermax=1000,
    stopThr=1e-6,
    verbose=False,
    log=False,
    **kwargs,
):

    M, a, b = list_to_array(M, a, b)
    nx = get_backend(M, a, b)

    dim_a, dim_b = M.shape

    if len(a) == 0:
        a = nx.ones(dim_a, type_as=M) / dim_a
    if len(b) == 0:
        b = nx.ones(dim_b, type_as=M) / dim_b

    if len(b.shape) > 1:
        n_hists = b.shape[1]
    else:
        n_hists = 0

    reg_m1, reg_m2 = get_parameter_pair(reg_m)

    if log:
        dict_log = {"err": []}

    # we assume that no distances are null except those of the diagonal of
    # distances
    if warmstart is None:
        if n_hists:
            u = nx.ones((dim_a, 1), type_as=M)
            v = nx.ones((dim_b, n_hists), type_as=M)
            a = a.reshape(dim_a, 1)
        else:
            u = nx.ones(dim_a, type_as=M)
            v = nx.ones(dim_b, type_as=M)
    else:
        u, v = nx.exp(warmstart[0]), nx.exp(warmstart[1])

    u_, v_ = u, v

    if reg_type == "entropy":
        warnings.warn(
            "If reg_type = entropy, then the matrix c is overwritten by the one matrix."
        )
        c = nx.ones((dim_a, dim_b), type_as=M)

    if n_hists:
        M0 = M
    else:
        c = a[:, None] * b[None, :] if c is None else c
        M0 = M - reg * nx.log(c)
    K = nx.exp(-M0 / reg)

    fi_1 = reg_m1 / (reg_m1 + reg) if reg_m1 != float("inf") else 1
    fi_2 = reg_m2 / (reg_m2 + reg) if reg_m2 != float("inf") else 1

    k1 = (
        reg * reg_m1 / ((reg + reg_m1) * (reg_m1 + reg_m2))
        if reg_m1 != float("inf")
        else 0
    )
    k2 = (
        reg * reg_m2 / ((reg + reg_m2) * (reg_m1 + reg_m2))
        if reg_m2 != float("inf")
        else 0
    )

    k_rho1 = k1 * reg_m1 / reg if reg_m1 != float("inf") else 0
    k_rho2 = k2 * reg_m2 / reg if reg_m2 != float("inf") else 0

    if reg_m1 == float("inf") and reg_m2 == float("inf"):
        xi1, xi2 = 0, 0
        fi_12 = 1
    elif reg_m1 == float("inf"):
        xi1 = 0
        xi2 = reg / reg_m2
        fi_12 = reg_m2
    elif reg_m2 == float("inf"):
        xi1 = reg / reg_m1
        xi2 = 0
        fi_12 = reg_m1
    else:
        xi1 = (reg_m2 * reg) / (reg_m1 * (reg + reg_m1 + reg_m2))
        xi2 = (reg_m1 * reg) / (reg_m2 * (reg + reg_m1 + reg_m2))
        fi_12 = reg_m1 * reg_m2 / (reg_m1 + reg_m2)

    xi_rho1 = xi1 * reg_m1 / reg if reg_m1 != float("inf") else 0
    xi_rho2 = xi2 * reg_m2 / reg if reg_m2 != float("inf") else 0

    reg_ratio1 = reg / reg_m1 if reg_m1 != float("inf") else 0
    reg_ratio2 = reg / reg_m2 if reg_m2 != float("inf") else 0

    err = 1.0

    for i in range(numItermax):
        uprev = u
        vprev = v

        Kv = nx.dot(K, v_)
        u_hat = (a / Kv) ** fi_1 * nx.sum(b * v_**reg_ratio2) ** k_rho2
        u_ = u_hat * nx.sum(a * u_hat ** (-reg_ratio1)) ** (-xi_rho1)

        Ktu = nx.dot(K.T, u_)
        v_hat = (b / Ktu) ** fi_2 * nx.sum(a * u_ ** (-reg_ratio1)) ** k_rho1
        v_ = v_hat * nx.sum(b * v_hat ** (-reg_ratio2)) ** (-xi_rho2)

        if (
            nx.any(Ktu == 0.0)
            or nx.any(nx.isnan(u_))
            or nx.any(nx.isnan(v_))
            or nx.any(nx.isinf(u_))
            or nx.any(nx.isinf(v_))
        ):
            # we have reached the machine precision
            # come back to previous solution and quit loop
            warnings.warn("Numerical errors at iteration %s" % i)
            u = uprev
            v = vprev
            break

        t = (nx.sum(a * u_ ** (-reg_ratio1)) / nx.sum(b * v_ ** (-reg_ratio2))) ** (
            fi_12 / reg
        )

        u = u_ * t
        v = v_ / t

        err_u = nx.max(nx.abs(u - uprev)) / max(
            nx.max(nx.abs(u)), nx.max(nx.abs(uprev)), 1.0
        )
        err_v = nx.max(nx.abs(v - vprev)) / max(
            nx.max(nx.abs(v)), nx.max(nx.abs(vprev)), 1.0
        )
        err = 0.5 * (err_u + err_v)
        if log:
            dict_log["err"].append(err)
            if verbose:
                if i % 50 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(i, err))

        if err < stopThr:
            break

    if log:
        dict_log["logu"] = nx.log(u + 1e-300)
        dict_log["logv"] = nx.log(v + 1e-300)

    if n_hists:  # return only loss
        res = nx.einsum("ik,ij,jk,ij->k", u, K, v, M)
        if log:
            return res, dict_log
        else:
            return res

    else:  # return OT matrix
        plan = u[:, None] * K * v[None, :]

        if log:
            linear_cost = nx.sum(plan * M)
            dict_log["cost"] = linear_cost

            total_cost = linear_cost + reg * nx.kl_div(plan, c)
            if reg_m1 != float("inf"):
                total_cost = total_cost + reg_m1 * nx.kl_div(nx.sum(plan, 1), a)
            if reg_m2 != float("inf"):
                total_cost = total_cost + reg_m2 * nx.kl_div(nx.sum(plan, 0), b)
            dict_log["total_cost"] = total_cost

            return plan, dict_log
        else:
            return plan


def barycenter_unbalanced_stabilized(
    A,
    M,
    reg,
    reg_m,
    weights=None,
    tau=1e3,
    numItermax=1000,
    stopThr=1e-6,
    verbose=False,
    log=False,
):
    A, M = list_to_array(A, M)
    nx = get_backend(A, M)

    dim, n_hists = A.shape
    if weights is None:
        weights = nx.ones(n_hists, type_as=A) / n_hists
    else:
        assert len(weights) == A.shape[1]

    if log:
        log = {"err": []}

    fi = reg_m / (reg_m + reg)

    u = nx.ones((dim, n_hists), type_as=A) / dim
    v = nx.ones((dim, n_hists), type_as=A) / dim

    # print(reg)
    K = nx.exp(-M / reg)

    fi = reg_m / (reg_m + reg)

    cpt = 0
    err = 1.0
    alpha = nx.zeros(dim, type_as=A)
    beta = nx.zeros(dim, type_as=A)
    q = nx.ones(dim, type_as=A) / dim
    for i in range(numItermax):
        qprev = nx.copy(q)
        Kv = nx.dot(K, v)
        f_alpha = nx.exp(-alpha / (reg + reg_m))
        f_beta = nx.exp(-beta / (reg + reg_m))
        f_alpha = f_alpha[:, None]
        f_beta = f_beta[:, None]
        u = ((A / (Kv + 1e-16)) ** fi) * f_alpha
        Ktu = nx.dot(K.T, u)
        q = (Ktu ** (1 - fi)) * f_beta
        q = nx.dot(q, weights) ** (1 / (1 - fi))
        Q = q[:, None]
        v = ((Q / (Ktu + 1e-16)) ** fi) * f_beta
        absorbing = False
        if nx.any(u > tau) or nx.any(v > tau):
            absorbing = True
            alpha = alpha + reg * nx.log(nx.max(u, 1))
            beta = beta + reg * nx.log(nx.max(v, 1))
            K = nx.exp((alpha[:, None] + beta[None, :] - M) / reg)
            v = nx.ones(v.shape, type_as=v)
        Kv = nx.dot(K, v)
        if (
            nx.any(Ktu == 0.0)
            or nx.any(nx.isnan(u))
            or nx.any(nx.isnan(v))
            or nx.any(nx.isinf(u))
            or nx.any(nx.isinf(v))
        ):
            # we have reached the machine precision
            # come back to previous solution and quit loop
            warnings.warn("Numerical errors at iteration %s" % cpt)
            q = qprev
            break
        if (i % 10 == 0 and not absorbing) or i == 0:
            # we can speed up the process by checking for the error only all
            # the 10th iterations
            err = nx.max(nx.abs(q - qprev)) / max(
                nx.max(nx.abs(q)), nx.max(nx.abs(qprev)), 1.0
            )
            if log:
                log["err"].append(err)
            if verbose:
                if i % 50 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
                print("{:5d}|{:8e}|".format(i, err))
            if err < stopThr:
                break

    if err > stopThr:
        warnings.warn(
            "Stabilized Unbalanced Sinkhorn did not converge."
            + "Try a larger entropy `reg` or a lower mass `reg_m`."
            + "Or a larger absorption threshold `tau`."
        )
    if log:
        log["niter"] = i
        log["logu"] = nx.log(u + 1e-300)
        log["logv"] = nx.log(v + 1e-300)
        return q, log
    else:
        return q


def barycenter_unbalanced_sinkhorn(
    A,
    M,
    reg,
    reg_m,
    weights=None,
    numItermax=1000,
    stopThr=1e-6,
    verbose=False,
    log=False,
):
    A, M = list_to_array(A, M)
    nx = get_backend(A, M)

    dim, n_hists = A.shape
    if weights is None:
        weights = nx.ones(n_hists, type_as=A) / n_hists
    else:
        assert len(weights) == A.shape[1]

    if log:
        log = {"err": []}

    K = nx.exp(-M / reg)

    fi = reg_m / (reg_m + reg)

    v = nx.ones((dim, n_hists), type_as=A)
    u = nx.ones((dim, 1), type_as=A)
    q = nx.ones(dim, type_as=A)
    err = 1.0

    for i in range(numItermax):
        uprev = nx.copy(u)
        vprev = nx.copy(v)
        qprev = nx.copy(q)

        Kv = nx.dot(K, v)
        u = (A / Kv) ** fi
        Ktu = nx.dot(K.T, u)
        q = nx.dot(Ktu ** (1 - fi), weights)
        q = q ** (1 / (1 - fi))
        Q = q[:, None]
        v = (Q / Ktu) ** fi

        if (
            nx.any(Ktu == 0.0)
            or nx.any(nx.isnan(u))
            or nx.any(nx.isnan(v))
            or nx.any(nx.isinf(u))
            or nx.any(nx.isinf(v))
        ):
            # we have reached the machine precision
            # come back to previous solution and quit loop
            warnings.warn("Numerical errors at iteration %s" % i)
            u = uprev
            v = vprev
            q = qprev
            break
            # compute change in barycenter
        err = nx.max(nx.abs(q - qprev)) / max(
            nx.max(nx.abs(q)), nx.max(nx.abs(qprev)), 1.0
        )
        if log:
            log["err"].append(err)
        # if barycenter did not change + at least 10 iterations - stop
        if err < stopThr and i > 10:
            break

        if verbose:
            if i % 10 == 0:
                print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 19)
            print("{:5d}|{:8e}|".format(i, err))

    if log:
        log["niter"] = i
        log["logu"] = nx.log(u + 1e-300)
        log["logv"] = nx.log(v + 1e-300)
        return q, log
    else:
        return q


def barycenter_unbalanced(
    A,
    M,
    reg,
    reg_m,
    method="sinkhorn",
    weights=None,
    numItermax=1000,
    stopThr=1e-6,
    verbose=False,
    log=False,
    **kwargs,
):

    if method.lower() == "sinkhorn":
        return barycenter_unbalanced_sinkhorn(
            A,
            M,
            reg,
            reg_m,
            weights=weights,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            **kwargs,
        )

    elif method.lower() == "sinkhorn_stabilized":
        return barycenter_unbalanced_stabilized(
            A,
            M,
            reg,
            reg_m,
            weights=weights,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            **kwargs,
        )
    elif method.lower() in ["sinkhorn_reg_scaling", "sinkhorn_translation_invariant"]:
        warnings.warn("Method not implemented yet. Using classic Sinkhorn Knopp")
        return barycenter_unbalanced(
            A,
            M,
            reg,
            reg_m,
            weights=weights,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
            **kwargs,
        )
    else:
        raise ValueError("Unknown method '%s'." % method)


# --- ot/unbalanced/_mm.py ---


def mm_unbalanced(
    a,
    b,
    M,
    reg_m,
    c=None,
    reg=0,
    div="kl",
    G0=None,
    numItermax=1000,
    stopThr=1e-15,
    verbose=False,
    log=False,
):

    M, a, b = list_to_array(M, a, b)
    nx = get_backend(M, a, b)

    dim_a, dim_b = M.shape

    if len(a) == 0:
        a = nx.ones(dim_a, type_as=M) / dim_a
    if len(b) == 0:
        b = nx.ones(dim_b, type_as=M) / dim_b

    G = a[:, None] * b[None, :] if G0 is None else G0
    if reg > 0:  # regularized case
        c = a[:, None] * b[None, :] if c is None else c
    else:  # unregularized case
        c = 0

    reg_m1, reg_m2 = get_parameter_pair(reg_m)

    if log:
        log = {"err": [], "G": []}

    div = div.lower()
    if div == "kl":
        sum_r = reg + reg_m1 + reg_m2
        r1, r2, r = reg_m1 / sum_r, reg_m2 / sum_r, reg / sum_r
        K = (a[:, None] ** r1) * (b[None, :] ** r2) * (c**r) * nx.exp(-M / sum_r)
    elif div == "l2":
        K = (reg_m1 * a[:, None]) + (reg_m2 * b[None, :]) + reg * c - M
        K = nx.maximum(K, nx.zeros((dim_a, dim_b), type_as=M))
    else:
        raise ValueError("Unknown div = {}. Must be either 'kl' or 'l2'".format(div))

    for i in range(numItermax):
        Gprev = G

        if div == "kl":
            Gd = (nx.sum(G, 1, keepdims=True) ** r1) * (
                nx.sum(G, 0, keepdims=True) ** r2
            ) + 1e-16
            G = K * G ** (r1 + r2) / Gd
        elif div == "l2":
            Gd = (
                reg_m1 * nx.sum(G, 1, keepdims=True)
                + reg_m2 * nx.sum(G, 0, keepdims=True)
                + reg * G
                + 1e-16
            )
            G = K * G / Gd

        err = nx.sqrt(nx.sum((G - Gprev) ** 2))
        if log:
            log["err"].append(err)
            log["G"].append(G)
        if verbose:
            print("{:5d}|{:8e}|".format(i, err))
        if err < stopThr:
            break

    if log:
        linear_cost = nx.sum(G * M)
        log["cost"] = linear_cost

        m1, m2 = nx.sum(G, 1), nx.sum(G, 0)
        if div == "kl":
            cost = (
                linear_cost
                + reg_m1 * nx.kl_div(m1, a, mass=True)
                + reg_m2 * nx.kl_div(m2, b, mass=True)
            )
            if reg > 0:
                cost = cost + reg * nx.kl_div(G, c, mass=True)
        else:
            cost = (
                linear_cost
                + reg_m1 * 0.5 * nx.sum((m1 - a) ** 2)
                + reg_m2 * 0.5 * nx.sum((m2 - b) ** 2)
            )
            if reg > 0:
                cost = cost + reg * 0.5 * nx.sum((G - c) ** 2)

        log["total_cost"] = cost

        return G, log
    else:
        return G


def mm_unbalanced2(
    a,
    b,
    M,
    reg_m,
    c=None,
    reg=0,
    div="kl",
    G0=None,
    returnCost="linear",
    numItermax=1000,
    stopThr=1e-15,
    verbose=False,
    log=False,
):

    _, log_mm = mm_unbalanced(
        a,
        b,
        M,
        reg_m,
        c=c,
        reg=reg,
        div=div,
        G0=G0,
        numItermax=numItermax,
        stopThr=stopThr,
        verbose=verbose,
        log=True,
    )

    if returnCost == "linear":
        cost = log_mm["cost"]
    elif returnCost == "total":
        cost = log_mm["total_cost"]
    else:
        raise ValueError("Unknown returnCost = {}".format(returnCost))

    if log:
        return cost, log_mm
    else:
        return cost


# --- ot/lp/solver_1d.py ---


def quantile_function(qs, cws, xs, return_index=False):
    nx = get_backend(qs, cws)
    n = xs.shape[0]
    if nx.__name__ == "torch":
        # this is to ensure the best performance for torch searchsorted
        # and avoid a warning related to non-contiguous arrays
        cws = cws.movedim(0, -1).contiguous()
        qs = qs.movedim(0, -1).contiguous()
    else:
        cws = cws.T
        qs = qs.T

    idx = nx.clip(nx.searchsorted(cws, qs).T, 0, n - 1)

    if return_index:
        return nx.take_along_axis(xs, idx, axis=0), idx
    else:
        return nx.take_along_axis(xs, idx, axis=0)


def wasserstein_1d(
    u_values,
    v_values,
    u_weights=None,
    v_weights=None,
    p=1,
    require_sort=True,
    return_plans=False,
):

    assert p >= 1, "The OT loss is only valid for p>=1, {p} was given".format(p=p)

    nx = get_backend(u_values, v_values, u_weights, v_weights)

    n = u_values.shape[0]
    m = v_values.shape[0]

    if u_weights is None:
        u_weights = nx.full(u_values.shape, 1.0 / n, type_as=u_values)
    elif u_weights.ndim != u_values.ndim:
        u_weights = nx.repeat(u_weights[..., None], u_values.shape[-1], -1)
    if v_weights is None:
        v_weights = nx.full(v_values.shape, 1.0 / m, type_as=v_values)
    elif v_weights.ndim != v_values.ndim:
        v_weights = nx.repeat(v_weights[..., None], v_values.shape[-1], -1)

    if require_sort:
        u_sorter = nx.argsort(u_values, 0)
        u_values = nx.take_along_axis(u_values, u_sorter, 0)

        v_sorter = nx.argsort(v_values, 0)
        v_values = nx.take_along_axis(v_values, v_sorter, 0)

        u_weights = nx.take_along_axis(u_weights, u_sorter, 0)
        v_weights = nx.take_along_axis(v_weights, v_sorter, 0)
    else:
        u_sorter = nx.arange(n)
        v_sorter = nx.arange(m)

    u_cumweights = nx.cumsum(u_weights, 0)
    v_cumweights = nx.cumsum(v_weights, 0)

    qs = nx.sort(nx.concatenate((u_cumweights, v_cumweights), 0), 0)
    u_quantiles, idx_u = quantile_function(
        qs, u_cumweights, u_values, return_index=True
    )
    v_quantiles, idx_v = quantile_function(
        qs, v_cumweights, v_values, return_index=True
    )

    qs = nx.zero_pad(qs, pad_width=[(1, 0)] + (qs.ndim - 1) * [(0, 0)])
    delta = qs[1:, ...] - qs[:-1, ...]
    diff_quantiles = nx.abs(u_quantiles - v_quantiles)

    if return_plans is not False:
        u_quantiles_idx = nx.take_along_axis(u_sorter, idx_u, axis=0)
        v_quantiles_idx = nx.take_along_axis(v_sorter, idx_v, axis=0)
        if return_plans == "coo_tuple":
            PlanTuple = namedtuple("PlanTuple", ["data", "rows", "cols"])
            plans = [
                PlanTuple(
                    data=delta[:, k],
                    rows=u_quantiles_idx[:, k],
                    cols=v_quantiles_idx[:, k],
                )
                for k in range(delta.shape[1])
            ]
        else:
            plans = [
                nx.coo_matrix(
                    delta[:, k],
                    u_quantiles_idx[:, k],
                    v_quantiles_idx[:, k],
                    shape=(n, m),
                    type_as=u_values,
                )
                for k in range(delta.shape[1])
            ]

    if p == 1:
        w_1d = nx.sum(delta * diff_quantiles, axis=0)
    else:
        w_1d = nx.sum(delta * nx.power(diff_quantiles, p), axis=0)
    if return_plans:
        return w_1d, plans
    else:
        return w_1d


# --- ot/lp/solver_circle.py ---


def roll_cols(M, shifts):
    nx = get_backend(M)

    n_rows, n_cols = M.shape

    arange1 = nx.tile(
        nx.reshape(nx.arange(n_cols, type_as=shifts), (1, n_cols)), (n_rows, 1)
    )
    arange2 = (arange1 - shifts) % n_cols

    return nx.take_along_axis(M, arange2, 1)


def derivative_cost_on_circle(theta, u_values, v_values, u_cdf, v_cdf, p=2):
    nx = get_backend(theta, u_values, v_values, u_cdf, v_cdf)

    v_values = nx.copy(v_values)

    n = u_values.shape[-1]
    m_batch, m = v_values.shape

    v_cdf_theta = v_cdf - (theta - nx.floor(theta))

    mask_p = v_cdf_theta >= 0
    mask_n = v_cdf_theta < 0

    v_values[mask_n] += nx.floor(theta)[mask_n] + 1
    v_values[mask_p] += nx.floor(theta)[mask_p]

    if nx.any(mask_n) and nx.any(mask_p):
        v_cdf_theta[mask_n] += 1

    v_cdf_theta2 = nx.copy(v_cdf_theta)
    v_cdf_theta2[mask_n] = np.inf
    shift = -nx.argmin(v_cdf_theta2, axis=-1)

    v_cdf_theta = roll_cols(v_cdf_theta, nx.reshape(shift, (-1, 1)))
    v_values = roll_cols(v_values, nx.reshape(shift, (-1, 1)))
    v_values = nx.concatenate(
        [v_values, nx.reshape(v_values[:, 0], (-1, 1)) + 1], axis=1
    )

    if nx.__name__ == "torch":
        # this is to ensure the best performance for torch searchsorted
        # and avoid a warning related to non-contiguous arrays
        u_cdf = u_cdf.contiguous()
        v_cdf_theta = v_cdf_theta.contiguous()

    # quantiles of F_u evaluated in F_v^\theta
    u_index = nx.searchsorted(u_cdf, v_cdf_theta)
    u_icdf_theta = nx.take_along_axis(u_values, nx.clip(u_index, 0, n - 1), -1)

    # Deal with 1
    u_cdfm = nx.concatenate([u_cdf, nx.reshape(u_cdf[:, 0], (-1, 1)) + 1], axis=1)
    u_valuesm = nx.concatenate(
        [u_values, nx.reshape(u_values[:, 0], (-1, 1)) + 1], axis=1
    )

    if nx.__name__ == "torch":
        # this is to ensure the best performance for torch searchsorted
        # and avoid a warning related to non-contiguous arrays
        u_cdfm = u_cdfm.contiguous()
        v_cdf_theta = v_cdf_theta.contiguous()

    u_indexm = nx.searchsorted(u_cdfm, v_cdf_theta, side="right")
    u_icdfm_theta = nx.take_along_axis(u_valuesm, nx.clip(u_indexm, 0, n), -1)

    dCp = nx.sum(
        nx.power(nx.abs(u_icdf_theta - v_values[:, 1:]), p)
        - nx.power(nx.abs(u_icdf_theta - v_values[:, :-1]), p),
        axis=-1,
    )

    dCm = nx.sum(
        nx.power(nx.abs(u_icdfm_theta - v_values[:, 1:]), p)
        - nx.power(nx.abs(u_icdfm_theta - v_values[:, :-1]), p),
        axis=-1,
    )

    return dCp.reshape(-1, 1), dCm.reshape(-1, 1)


def ot_cost_on_circle(theta, u_values, v_values, u_cdf, v_cdf, p):
    nx = get_backend(theta, u_values, v_values, u_cdf, v_cdf)

    v_values = nx.copy(v_values)

    m_batch, m = v_values.shape
    n_batch, n = u_values.shape

    v_cdf_theta = v_cdf - (theta - nx.floor(theta))

    mask_p = v_cdf_theta >= 0
    mask_n = v_cdf_theta < 0

    v_values[mask_n] += nx.floor(theta)[mask_n] + 1
    v_values[mask_p] += nx.floor(theta)[mask_p]

    if nx.any(mask_n) and nx.any(mask_p):
        v_cdf_theta[mask_n] += 1

    # Put negative values at the end
    v_cdf_theta2 = nx.copy(v_cdf_theta)
    v_cdf_theta2[mask_n] = np.inf
    shift = -nx.argmin(v_cdf_theta2, axis=-1)

    v_cdf_theta = roll_cols(v_cdf_theta, nx.reshape(shift, (-1, 1)))
    v_values = roll_cols(v_values, nx.reshape(shift, (-1, 1)))
    v_values = nx.concatenate(
        [v_values, nx.reshape(v_values[:, 0], (-1, 1)) + 1], axis=1
    )

    # Compute absciss
    cdf_axis = nx.sort(nx.concatenate((u_cdf, v_cdf_theta), -1), -1)
    cdf_axis_pad = nx.zero_pad(cdf_axis, pad_width=[(0, 0), (1, 0)])

    delta = cdf_axis_pad[..., 1:] - cdf_axis_pad[..., :-1]

    if nx.__name__ == "torch":
        # this is to ensure the best performance for torch searchsorted
        # and avoid a warning related to non-contiguous arrays
        u_cdf = u_cdf.contiguous()
        v_cdf_theta = v_cdf_theta.contiguous()
        cdf_axis = cdf_axis.contiguous()

    # Compute icdf
    u_index = nx.searchsorted(u_cdf, cdf_axis)
    u_icdf = nx.take_along_axis(u_values, u_index.clip(0, n - 1), -1)

    v_values = nx.concatenate(
        [v_values, nx.reshape(v_values[:, 0], (-1, 1)) + 1], axis=1
    )
    v_index = nx.searchsorted(v_cdf_theta, cdf_axis)
    v_icdf = nx.take_along_axis(v_values, v_index.clip(0, m), -1)

    if p == 1:
        ot_cost = nx.sum(delta * nx.abs(u_icdf - v_icdf), axis=-1)
    else:
        ot_cost = nx.sum(delta * nx.power(nx.abs(u_icdf - v_icdf), p), axis=-1)

    return ot_cost


def binary_search_circle(
    u_values,
    v_values,
    u_weights=None,
    v_weights=None,
    p=1,
    Lm=10,
    Lp=10,
    tm=-1,
    tp=1,
    eps=1e-6,
    require_sort=True,
    log=False,
):
    assert p >= 1, "The OT loss is only valid for p>=1, {p} was given".format(p=p)

    nx = get_backend(u_values, v_values, u_weights, v_weights)

    n = u_values.shape[0]
    m = v_values.shape[0]

    if len(u_values.shape) == 1:
        u_values = nx.reshape(u_values, (n, 1))
    if len(v_values.shape) == 1:
        v_values = nx.reshape(v_values, (m, 1))

    if u_values.shape[1] != v_values.shape[1]:
        raise ValueError(
            "u and v must have the same number of batches {} and {} respectively given".format(
                u_values.shape[1], v_values.shape[1]
            )
        )

    u_values = u_values % 1
    v_values = v_values % 1

    if u_weights is None:
        u_weights = nx.full(u_values.shape, 1.0 / n, type_as=u_values)
    elif u_weights.ndim != u_values.ndim:
        u_weights = nx.repeat(u_weights[..., None], u_values.shape[-1], -1)
    if v_weights is None:
        v_weights = nx.full(v_values.shape, 1.0 / m, type_as=v_values)
    elif v_weights.ndim != v_values.ndim:
        v_weights = nx.repeat(v_weights[..., None], v_values.shape[-1], -1)

    if require_sort:
        u_sorter = nx.argsort(u_values, 0)
        u_values = nx.take_along_axis(u_values, u_sorter, 0)

        v_sorter = nx.argsort(v_values, 0)
        v_values = nx.take_along_axis(v_values, v_sorter, 0)

        u_weights = nx.take_along_axis(u_weights, u_sorter, 0)
        v_weights = nx.take_along_axis(v_weights, v_sorter, 0)

    u_cdf = nx.cumsum(u_weights, 0).T
    v_cdf = nx.cumsum(v_weights, 0).T

    u_values = u_values.T
    v_values = v_values.T

    L = max(Lm, Lp)

    tm = tm * nx.reshape(nx.ones((u_values.shape[0],), type_as=u_values), (-1, 1))
    tm = nx.tile(tm, (1, m))
    tp = tp * nx.reshape(nx.ones((u_values.shape[0],), type_as=u_values), (-1, 1))
    tp = nx.tile(tp, (1, m))
    tc = (tm + tp) / 2

    done = nx.zeros((u_values.shape[0], m))

    cpt = 0
    while nx.any(1 - done):
        cpt += 1

        dCp, dCm = derivative_cost_on_circle(tc, u_values, v_values, u_cdf, v_cdf, p)
        done = ((dCp * dCm) <= 0) * 1

        mask = ((tp - tm) < eps / L) * (1 - done)

        if nx.any(mask):
            # can probably be improved by computing only relevant values
            dCptp, dCmtp = derivative_cost_on_circle(
                tp, u_values, v_values, u_cdf, v_cdf, p
            )
            dCptm, dCmtm = derivative_cost_on_circle(
                tm, u_values, v_values, u_cdf, v_cdf, p
            )
            Ctm = ot_cost_on_circle(tm, u_values, v_values, u_cdf, v_cdf, p).reshape(
                -1, 1
            )
            Ctp = ot_cost_on_circle(tp, u_values, v_values, u_cdf, v_cdf, p).reshape(
                -1, 1
            )

            # Avoid warning raised when dCptm - dCmtp == 0, for which
            # tc is not updated as mask_end is False,
            # see Issue #738
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", category=RuntimeWarning)
                mask_end = mask * (nx.abs(dCptm - dCmtp) > 0.001)
                tc[mask_end > 0] = (
                    (Ctp - Ctm + tm * dCptm - tp * dCmtp) / (dCptm - dCmtp)
                )[mask_end > 0]
            done[nx.prod(mask, axis=-1) > 0] = 1
        elif nx.any(1 - done):
            tm[((1 - mask) * (dCp < 0)) > 0] = tc[((1 - mask) * (dCp < 0)) > 0]
            tp[((1 - mask) * (dCp >= 0)) > 0] = tc[((1 - mask) * (dCp >= 0)) > 0]
            tc[((1 - mask) * (1 - done)) > 0] = (
                tm[((1 - mask) * (1 - done)) > 0] + tp[((1 - mask) * (1 - done)) > 0]
            ) / 2

    w = ot_cost_on_circle(nx.detach(tc), u_values, v_values, u_cdf, v_cdf, p)

    if log:
        return w, {"optimal_theta": tc[:, 0]}
    return w


def wasserstein1_circle(
    u_values, v_values, u_weights=None, v_weights=None, require_sort=True
):

    nx = get_backend(u_values, v_values, u_weights, v_weights)

    n = u_values.shape[0]
    m = v_values.shape[0]

    if len(u_values.shape) == 1:
        u_values = nx.reshape(u_values, (n, 1))
    if len(v_values.shape) == 1:
        v_values = nx.reshape(v_values, (m, 1))

    if u_values.shape[1] != v_values.shape[1]:
        raise ValueError(
            "u and v must have the same number of batchs {} and {} respectively given".format(
                u_values.shape[1], v_values.shape[1]
            )
        )

    u_values = u_values % 1
    v_values = v_values % 1

    if u_weights is None:
        u_weights = nx.full(u_values.shape, 1.0 / n, type_as=u_values)
    elif u_weights.ndim != u_values.ndim:
        u_weights = nx.repeat(u_weights[..., None], u_values.shape[-1], -1)
    if v_weights is None:
        v_weights = nx.full(v_values.shape, 1.0 / m, type_as=v_values)
    elif v_weights.ndim != v_values.ndim:
        v_weights = nx.repeat(v_weights[..., None], v_values.shape[-1], -1)

    if require_sort:
        u_sorter = nx.argsort(u_values, 0)
        u_values = nx.take_along_axis(u_values, u_sorter, 0)

        v_sorter = nx.argsort(v_values, 0)
        v_values = nx.take_along_axis(v_values, v_sorter, 0)

        u_weights = nx.take_along_axis(u_weights, u_sorter, 0)
        v_weights = nx.take_along_axis(v_weights, v_sorter, 0)

    # Code inspired from https://gitlab.gwdg.de/shundri/circularOT/-/tree/master/
    values_sorted, values_sorter = nx.sort2(nx.concatenate((u_values, v_values), 0), 0)

    cdf_diff = nx.cumsum(
        nx.take_along_axis(
            nx.concatenate((u_weights, -v_weights), 0), values_sorter, 0
        ),
        0,
    )
    cdf_diff_sorted, cdf_diff_sorter = nx.sort2(cdf_diff, axis=0)

    values_sorted = nx.zero_pad(values_sorted, pad_width=[(0, 1), (0, 0)], value=1)
    delta = values_sorted[1:, ...] - values_sorted[:-1, ...]
    weight_sorted = nx.take_along_axis(delta, cdf_diff_sorter, 0)

    sum_weights = nx.cumsum(weight_sorted, axis=0) - 0.5
    sum_weights[sum_weights < 0] = np.inf
    inds = nx.argmin(sum_weights, axis=0)

    levMed = nx.take_along_axis(cdf_diff_sorted, nx.reshape(inds, (1, -1)), 0)

    return nx.sum(delta * nx.abs(cdf_diff - levMed), axis=0)


def wasserstein_circle(
    u_values,
    v_values,
    u_weights=None,
    v_weights=None,
    p=1,
    Lm=10,
    Lp=10,
    tm=-1,
    tp=1,
    eps=1e-6,
    require_sort=True,
):
    assert p >= 1, "The OT loss is only valid for p>=1, {p} was given".format(p=p)

    return binary_search_circle(
        u_values,
        v_values,
        u_weights,
        v_weights,
        p=p,
        Lm=Lm,
        Lp=Lp,
        tm=tm,
        tp=tp,
        eps=eps,
        require_sort=require_sort,
    )


def semidiscrete_wasserstein2_unif_circle(u_values, u_weights=None):

    nx = get_backend(u_values, u_weights)

    n = u_values.shape[0]

    u_values = u_values % 1

    if len(u_values.shape) == 1:
        u_values = nx.reshape(u_values, (n, 1))

    if u_weights is None:
        u_weights = nx.full(u_values.shape, 1.0 / n, type_as=u_values)
    elif u_weights.ndim != u_values.ndim:
        u_weights = nx.repeat(u_weights[..., None], u_values.shape[-1], -1)

    u_values = nx.sort(u_values, 0)
    u_cdf = nx.cumsum(u_weights, 0)
    u_cdf = nx.zero_pad(u_cdf, [(1, 0), (0, 0)])

    cpt1 = nx.sum(u_weights * u_values**2, axis=0)
    u_mean = nx.sum(u_weights * u_values, axis=0)

    ns = 1 - u_weights - 2 * u_cdf[:-1]
    cpt2 = nx.sum(u_values * u_weights * ns, axis=0)

    return cpt1 - u_mean**2 + cpt2 + 1 / 12


# --- ot/smooth.py ---


def projection_simplex(V, z=1, axis=None):
    if axis == 1:
        n_features = V.shape[1]
        U = np.sort(V, axis=1)[:, ::-1]
        z = np.ones(len(V)) * z
        cssv = np.cumsum(U, axis=1) - z[:, np.newaxis]
        ind = np.arange(n_features) + 1
        cond = U - cssv / ind > 0
        rho = np.count_nonzero(cond, axis=1)
        theta = cssv[np.arange(len(V)), rho - 1] / rho
        return np.maximum(V - theta[:, np.newaxis], 0)

    elif axis == 0:
        return projection_simplex(V.T, z, axis=1).T

    else:
        V = V.ravel().reshape(1, -1)
        return projection_simplex(V, z, axis=1).ravel()


class Regularization(object):

    def __init__(self, gamma=1.0):
        self.gamma = gamma

    def delta_Omega(X):
        raise NotImplementedError

    def max_Omega(X, b):
        raise NotImplementedError

    def Omega(T):
        raise NotImplementedError


class NegEntropy(Regularization):

    def delta_Omega(self, X):
        G = np.exp(X / self.gamma - 1)
        val = self.gamma * np.sum(G, axis=0)
        return val, G

    def max_Omega(self, X, b):
        max_X = np.max(X, axis=0) / self.gamma
        exp_X = np.exp(X / self.gamma - max_X)
        val = self.gamma * (np.log(np.sum(exp_X, axis=0)) + max_X)
        val -= self.gamma * np.log(b)
        G = exp_X / np.sum(exp_X, axis=0)
        return val, G

    def Omega(self, T):
        return self.gamma * np.sum(T * np.log(T))


class SquaredL2(Regularization):

    def delta_Omega(self, X):
        max_X = np.maximum(X, 0)
        val = np.sum(max_X**2, axis=0) / (2 * self.gamma)
        G = max_X / self.gamma
        return val, G

    def max_Omega(self, X, b):
        G = projection_simplex(X / (b * self.gamma), axis=0)
        val = np.sum(X * G, axis=0)
        val -= 0.5 * self.gamma * b * np.sum(G * G, axis=0)
        return val, G

    def Omega(self, T):
        return 0.5 * self.gamma * np.sum(T**2)


class SparsityConstrained(Regularization):

    def __init__(self, max_nz, gamma=1.0):
        self.max_nz = max_nz
        self.gamma = gamma

    def delta_Omega(self, X):
        # For each column of X, find entries that are not among the top max_nz.
        non_top_indices = np.argpartition(-X, self.max_nz, axis=0)[self.max_nz :]
        # Set these entries to -inf.
        if X.ndim == 1:
            X[non_top_indices] = 0.0
        else:
            X[non_top_indices, np.arange(X.shape[1])] = 0.0
        max_X = np.maximum(X, 0)
        val = np.sum(max_X**2, axis=0) / (2 * self.gamma)
        G = max_X / self.gamma
        return val, G

    def max_Omega(self, X, b):
        # Project the scaled X onto the simplex with sparsity constraint.
        G = ot.utils.projection_sparse_simplex(
            X / (b * self.gamma), self.max_nz, axis=0
        )
        val = np.sum(X * G, axis=0)
        val -= 0.5 * self.gamma * b * np.sum(G * G, axis=0)
        return val, G

    def Omega(self, T):
        return 0.5 * self.gamma * np.sum(T**2)


def dual_obj_grad(alpha, beta, a, b, C, regul):
    obj = np.dot(alpha, a) + np.dot(beta, b)
    grad_alpha = a.copy()
    grad_beta = b.copy()

    # X[:, j] = alpha + beta[j] - C[:, j]
    X = alpha[:, np.newaxis] + beta - C

    # val.shape = len(b)
    # G.shape = len(a) x len(b)
    val, G = regul.delta_Omega(X)

    obj -= np.sum(val)
    grad_alpha -= G.sum(axis=1)
    grad_beta -= G.sum(axis=0)

    return obj, grad_alpha, grad_beta


def solve_dual(
    a, b, C, regul, method="L-BFGS-B", tol=1e-3, max_iter=500, verbose=False
):

    def _func(params):
        # Unpack alpha and beta.
        alpha = params[: len(a)]
        beta = params[len(a) :]

        obj, grad_alpha, grad_beta = dual_obj_grad(alpha, beta, a, b, C, regul)

        # Pack grad_alpha and grad_beta.
        grad = np.concatenate((grad_alpha, grad_beta))

        # We need to maximize the dual.
        return -obj, -grad

    # Unfortunately, `minimize` only supports functions whose argument is a
    # vector. So, we need to concatenate alpha and beta.
    alpha_init = np.zeros(len(a))
    beta_init = np.zeros(len(b))
    params_init = np.concatenate((alpha_init, beta_init))

    res = minimize(
        _func,
        params_init,
        method=method,
        jac=True,
        tol=tol,
        options=dict(maxiter=max_iter, disp=verbose),
    )

    alpha = res.x[: len(a)]
    beta = res.x[len(a) :]

    return alpha, beta, res


def semi_dual_obj_grad(alpha, a, b, C, regul):
    obj = np.dot(alpha, a)
    grad = a.copy()

    # X[:, j] = alpha - C[:, j]
    X = alpha[:, np.newaxis] - C

    # val.shape = len(b)
    # G.shape = len(a) x len(b)
    val, G = regul.max_Omega(X, b)

    obj -= np.dot(b, val)
    grad -= np.dot(G, b)

    return obj, grad


def solve_semi_dual(
    a, b, C, regul, method="L-BFGS-B", tol=1e-3, max_iter=500, verbose=False
):

    def _func(alpha):
        obj, grad = semi_dual_obj_grad(alpha, a, b, C, regul)
        # We need to maximize the semi-dual.
        return -obj, -grad

    alpha_init = np.zeros(len(a))

    res = minimize(
        _func,
        alpha_init,
        method=method,
        jac=True,
        tol=tol,
        options=dict(maxiter=max_iter, disp=verbose),
    )

    return res.x, res


def get_plan_from_dual(alpha, beta, C, regul):
    X = alpha[:, np.newaxis] + beta - C
    return regul.delta_Omega(X)[1]


def get_plan_from_semi_dual(alpha, b, C, regul):
    X = alpha[:, np.newaxis] - C
    return regul.max_Omega(X, b)[1] * b


def smooth_ot_dual(
    a,
    b,
    M,
    reg,
    reg_type="l2",
    method="L-BFGS-B",
    stopThr=1e-9,
    numItermax=500,
    verbose=False,
    log=False,
    max_nz=None,
):

    nx = get_backend(a, b, M)

    if reg_type.lower() in ["l2", "squaredl2"]:
        regul = SquaredL2(gamma=reg)
    elif reg_type.lower() in ["entropic", "negentropy", "kl"]:
        regul = NegEntropy(gamma=reg)
    elif reg_type.lower() in ["sparsity_constrained", "sparsity-constrained"]:
        if not isinstance(max_nz, int):
            raise ValueError(f"max_nz {max_nz} must be an integer")
        regul = SparsityConstrained(gamma=reg, max_nz=max_nz)
    else:
        raise NotImplementedError("Unknown regularization")

    a0, b0, M0 = a, b, M
    # convert to humpy
    a, b, M = nx.to_numpy(a, b, M)

    # solve dual
    alpha, beta, res = solve_dual(
        a, b, M, regul, max_iter=numItermax, tol=stopThr, verbose=verbose
    )

    # reconstruct transport matrix
    G = nx.from_numpy(get_plan_from_dual(alpha, beta, M, regul), type_as=M0)

    if log:
        log = {
            "alpha": nx.from_numpy(alpha, type_as=a0),
            "beta": nx.from_numpy(beta, type_as=b0),
            "res": res,
        }
        return G, log
    else:
        return G


def smooth_ot_semi_dual(
    a,
    b,
    M,
    reg,
    reg_type="l2",
    max_nz=None,
    method="L-BFGS-B",
    stopThr=1e-9,
    numItermax=500,
    verbose=False,
    log=False,
):
    if reg_type.lower() in ["l2", "squaredl2"]:
        regul = SquaredL2(gamma=reg)
    elif reg_type.lower() in ["entropic", "negentropy", "kl"]:
        regul = NegEntropy(gamma=reg)
    elif reg_type.lower() in ["sparsity_constrained", "sparsity-constrained"]:
        if not isinstance(max_nz, int):
            raise ValueError(f"max_nz {max_nz} must be an integer")
        regul = SparsityConstrained(gamma=reg, max_nz=max_nz)
    else:
        raise NotImplementedError("Unknown regularization")

    # solve dual
    alpha, res = solve_semi_dual(
        a, b, M, regul, max_iter=numItermax, tol=stopThr, verbose=verbose
    )

    # reconstruct transport matrix
    G = get_plan_from_semi_dual(alpha, b, M, regul)

    if log:
        log = {"alpha": alpha, "res": res}
        return G, log
    else:
        return G


# --- ot/gaussian.py ---


def bures_wasserstein_mapping(ms, mt, Cs, Ct, log=False):
    ms, mt, Cs, Ct = list_to_array(ms, mt, Cs, Ct)
    nx = get_backend(ms, mt, Cs, Ct)

    Cs12 = nx.sqrtm(Cs)
    Cs12inv = nx.inv(Cs12)

    M0 = nx.sqrtm(dots(Cs12, Ct, Cs12))

    A = dots(Cs12inv, M0, Cs12inv)

    b = mt - nx.dot(ms, A)

    if log:
        log = {}
        log["Cs12"] = Cs12
        log["Cs12inv"] = Cs12inv
        return A, b, log
    else:
        return A, b


def bures_distance(Cs, Ct, paired=False, log=False, nx=None):
    Cs, Ct = list_to_array(Cs, Ct)

    if nx is None:
        nx = get_backend(Cs, Ct)

    assert Cs.shape[-1] == Ct.shape[-1], "All Gaussian must have the same dimension"

    Cs12 = nx.sqrtm(Cs)

    if len(Cs.shape) == 2 and len(Ct.shape) == 2:
        # Return float
        bw2 = nx.trace(Cs + Ct - 2 * nx.sqrtm(dots(Cs12, Ct, Cs12)))
    else:
        assert (
            len(Cs.shape) == 3 and len(Ct.shape) == 3
        ), "Both Cs and Ct should be batched"
        if paired and len(Cs) == len(Ct):
            # Return shape (n,)
            M = nx.einsum("nij, njk, nkl -> nil", Cs12, Ct, Cs12)
            bw2 = nx.trace(Cs + Ct - 2 * nx.sqrtm(M))
        else:
            # Return shape (n,m)
            M = nx.einsum("nij, mjk, nkl -> nmil", Cs12, Ct, Cs12)
            bw2 = nx.trace(Cs[:, None] + Ct[None] - 2 * nx.sqrtm(M))

    W = nx.sqrt(nx.maximum(bw2, 0))

    if log:
        log = {}
        log["Cs12"] = Cs12
        return W, log
    else:
        return W


def bures_wasserstein_distance(ms, mt, Cs, Ct, paired=False, log=False):
    ms, mt, Cs, Ct = list_to_array(ms, mt, Cs, Ct)
    nx = get_backend(ms, mt, Cs, Ct)

    assert (
        ms.shape[0] == Cs.shape[0]
    ), "Source Gaussians has different amount of components"

    assert (
        mt.shape[0] == Ct.shape[0]
    ), "Target Gaussians has different amount of components"

    assert (
        ms.shape[-1] == mt.shape[-1] == Cs.shape[-1] == Ct.shape[-1]
    ), "All Gaussian must have the same dimension"

    if log:
        bw, log_dict = bures_distance(Cs, Ct, paired=paired, log=log, nx=nx)
        Cs12 = log_dict["Cs12"]
    else:
        bw = bures_distance(Cs, Ct, paired=paired, nx=nx)

    if len(ms.shape) == 1 and len(mt.shape) == 1:
        # Return float
        squared_dist_m = nx.norm(ms - mt) ** 2
    else:
        assert (
            len(ms.shape) == 2 and len(mt.shape) == 2
        ), "Both ms and mt should be batched"
        if paired and len(ms.shape) == len(mt.shape):
            # Return shape (n,)
            squared_dist_m = nx.norm(ms - mt, axis=-1) ** 2
        else:
            # Return shape (n,m)
            squared_dist_m = nx.norm(ms[:, None] - mt[None], axis=-1) ** 2

    W = nx.sqrt(nx.maximum(squared_dist_m + bw**2, 0))

    if log:
        log = {}
        log["Cs12"] = Cs12
        return W, log
    else:
        return W


def bures_barycenter_fixpoint(
    C, weights=None, num_iter=1000, eps=1e-7, log=False, nx=None
):
    if nx is None:
        nx = get_backend(
            *C,
        )

    if weights is None:
        weights = nx.ones(C.shape[0], type_as=C[0]) / C.shape[0]

    # Init the covariance barycenter
    Cb = nx.mean(C * weights[:, None, None], axis=0)

    for it in range(num_iter):
        # fixed point update
        Cb12 = nx.sqrtm(Cb)

        Cnew = nx.sqrtm(Cb12 @ C @ Cb12)
        Cnew *= weights[:, None, None]
        Cnew = nx.sum(Cnew, axis=0)

        # check convergence
        diff = nx.norm(Cb - Cnew)
        if diff <= eps:
            break
        Cb = Cnew

    if diff > eps:
        print("Dit not converge.")

    if log:
        log = {}
        log["num_iter"] = it
        log["final_diff"] = diff
        return Cb, log
    else:
        return Cb


# --- ot/regpath.py ---


def recast_ot_as_lasso(a, b, C):

    dim_a = np.shape(a)[0]
    dim_b = np.shape(b)[0]
    y = np.concatenate((a, b))
    c = C.flatten()
    jHa = np.arange(dim_a * dim_b)
    iHa = np.repeat(np.arange(dim_a), dim_b)
    jHb = np.arange(dim_a * dim_b)
    iHb = np.tile(np.arange(dim_b), dim_a) + dim_a
    j = np.concatenate((jHa, jHb))
    i = np.concatenate((iHa, iHb))
    H = sp.csc_matrix(
        (np.ones(dim_a * dim_b * 2), (i, j)), shape=(dim_a + dim_b, dim_a * dim_b)
    )
    return H, y, c


def recast_semi_relaxed_as_lasso(a, b, C):

    dim_a = np.shape(a)[0]
    dim_b = np.shape(b)[0]

    c = C.flatten()
    jHr = np.arange(dim_a * dim_b)
    iHr = np.repeat(np.arange(dim_a), dim_b)
    jHc = np.arange(dim_a * dim_b)
    iHc = np.tile(np.arange(dim_b), dim_a)

    Hr = sp.csc_matrix(
        (np.ones(dim_a * dim_b), (iHr, jHr)), shape=(dim_a, dim_a * dim_b)
    )
    Hc = sp.csc_matrix(
        (np.ones(dim_a * dim_b), (iHc, jHc)), shape=(dim_b, dim_a * dim_b)
    )

    return Hr, Hc, c


def ot_next_gamma(phi, delta, HtH, Hty, c, active_index, current_gamma):
    M = (HtH[:, active_index].dot(phi) - Hty) / (
        HtH[:, active_index].dot(delta) - c + 1e-16
    )
    M[active_index] = 0
    M[M > (current_gamma - 1e-10 * current_gamma)] = 0
    return np.max(M), np.argmax(M)


def semi_relaxed_next_gamma(
    phi, delta, phi_u, delta_u, HrHr, Hc, Hra, c, active_index, current_gamma
):

    M = (HrHr[:, active_index].dot(phi) - Hra + Hc.T.dot(phi_u)) / (
        HrHr[:, active_index].dot(delta) - c + Hc.T.dot(delta_u) + 1e-16
    )
    M[active_index] = 0
    M[M > (current_gamma - 1e-10 * current_gamma)] = 0
    return np.max(M), np.argmax(M)


def compute_next_removal(phi, delta, current_gamma):
    r_candidate = phi / (delta - 1e-16)
    r_candidate[r_candidate >= (1 - 1e-8) * current_gamma] = 0
    return np.max(r_candidate), np.argmax(r_candidate)


def complement_schur(M_current, b, d, id_pop):

    if b is None:
        b = M_current[id_pop, :]
        b = np.delete(b, id_pop)
        M_del = np.delete(M_current, id_pop, 0)
        a = M_del[:, id_pop]
        M_del = np.delete(M_del, id_pop, 1)
        M = M_del - np.outer(a, b) / M_current[id_pop, id_pop]
    else:
        n = b.shape[0] + 1
        if np.shape(b)[0] == 0:
            M = np.array([[0.5]])
        else:
            X = M_current.dot(b)
            s = d - b.T.dot(X)
            # Ensure s is a scalar (extract from array if needed)
            if np.ndim(s) > 0:
                s = s.item()
            M = np.zeros((n, n))
            M[:-1, :-1] = M_current + X.dot(X.T) / s
            X_ravel = X.ravel()
            M[-1, :-1] = -X_ravel / s
            M[:-1, -1] = -X_ravel / s
            M[-1, -1] = 1 / s
    return M


def construct_augmented_H(active_index, m, Hc, HrHr):
    Hc_sub = Hc[:, active_index].toarray()
    HrHr_sub = HrHr[:, active_index]
    HrHr_sub = HrHr_sub[active_index, :].toarray()
    H_augmented = np.block([[np.zeros((m, m)), Hc_sub], [Hc_sub.T, HrHr_sub]])
    return H_augmented


def fully_relaxed_path(a: np.array, b: np.array, C: np.array, reg=1e-4, itmax=50000):

    n = np.shape(a)[0]
    m = np.shape(b)[0]
    H, y, c = recast_ot_as_lasso(a, b, C)
    HtH = H.T.dot(H)
    Hty = H.T.dot(y)
    n_iter = 1

    # initialization
    M0 = Hty / c
    gamma_list = [np.max(M0)]
    active_index = [np.argmax(M0)]
    t_list = [np.zeros((n * m,))]
    H_inv = np.array([[]])
    add_col = np.array([])
    id_pop = -1

    while n_iter < itmax and gamma_list[-1] > reg:
        H_inv = complement_schur(H_inv, add_col, 2.0, id_pop)
        current_gamma = gamma_list[-1]

        # compute the intercept and slope of solutions in current iteration
        # t = phi - gamma * delta
        phi = H_inv.dot(Hty[active_index])
        delta = H_inv.dot(c[active_index])
        gamma, ik = ot_next_gamma(phi, delta, HtH, Hty, c, active_index, current_gamma)

        # compute the next lambda when removing a point from the active set
        alt_gamma, id_pop = compute_next_removal(phi, delta, current_gamma)

        # if the positivity constraint is violated, we remove id_pop
        # from active set, otherwise we add ik to active set
        if alt_gamma > gamma:
            gamma = alt_gamma
        else:
            id_pop = -1

        # compute the solution of current segment
        tA = phi - gamma * delta
        sol = np.zeros((n * m,))
        sol[active_index] = tA

        if id_pop != -1:
            active_index.pop(id_pop)
            add_col = None
        else:
            active_index.append(ik)
            add_col = HtH[active_index[:-1], ik].toarray()

        gamma_list.append(gamma)
        t_list.append(sol)
        n_iter += 1

    if itmax <= n_iter:
        print("maximum iteration has been reached !")

    # correct the last solution and gamma
    if len(t_list) > 1:
        t_final = t_list[-2] + (t_list[-1] - t_list[-2]) * (reg - gamma_list[-2]) / (
            gamma_list[-1] - gamma_list[-2]
        )
        t_list[-1] = t_final
        gamma_list[-1] = reg
    else:
        gamma_list[-1] = reg
        print("Regularization path does not exist !")

    return t_list[-1], t_list, gamma_list


def semi_relaxed_path(a: np.array, b: np.array, C: np.array, reg=1e-4, itmax=50000):

    n = np.shape(a)[0]
    m = np.shape(b)[0]
    Hr, Hc, c = recast_semi_relaxed_as_lasso(a, b, C)
    Hra = Hr.T.dot(a)
    HrHr = Hr.T.dot(Hr)
    n_iter = 1
    active_index = []

    # initialization
    for j in range(np.shape(C)[1]):
        i = np.argmin(C[:, j])
        active_index.append(i * m + j)
    gamma_list = []
    t_list = []
    current_gamma = np.inf
    augmented_H0 = construct_augmented_H(active_index, m, Hc, HrHr)
    add_col = np.array([])
    id_pop = -1

    while n_iter < itmax and current_gamma > reg:
        if n_iter == 1:
            H_inv = np.linalg.inv(augmented_H0)
        else:
            H_inv = complement_schur(H_inv, add_col, 1.0, id_pop + m)
        # compute the intercept and slope of solutions in current iteration
        augmented_phi = H_inv.dot(np.concatenate((b, Hra[active_index])))
        augmented_delta = H_inv[:, m:].dot(c[active_index])
        phi = augmented_phi[m:]
        delta = augmented_delta[m:]
        phi_u = augmented_phi[0:m]
        delta_u = augmented_delta[0:m]
        gamma, ik = semi_relaxed_next_gamma(
            phi, delta, phi_u, delta_u, HrHr, Hc, Hra, c, active_index, current_gamma
        )

        # compute the next lambda when removing a point from the active set
        alt_gamma, id_pop = compute_next_removal(phi, delta, current_gamma)

        # if the positivity constraint is violated, we remove id_pop
        # from active set, otherwise we add ik to active set
        if alt_gamma > gamma:
            gamma = alt_gamma
        else:
            id_pop = -1

        # compute the solution of current segment
        tA = phi - gamma * delta
        sol = np.zeros((n * m,))
        sol[active_index] = tA
        if id_pop != -1:
            active_index.pop(id_pop)
            add_col = None
        else:
            active_index.append(ik)
            add_col = np.concatenate(
                (Hc.toarray()[:, ik], HrHr.toarray()[active_index[:-1], ik])
            )
            add_col = add_col[:, np.newaxis]

        gamma_list.append(gamma)
        t_list.append(sol)
        current_gamma = gamma
        n_iter += 1

    if itmax <= n_iter:
        print("maximum iteration has been reached !")

    # correct the last solution and gamma
    if len(t_list) > 1:
        t_final = t_list[-2] + (t_list[-1] - t_list[-2]) * (reg - gamma_list[-2]) / (
            gamma_list[-1] - gamma_list[-2]
        )
        t_list[-1] = t_final
        gamma_list[-1] = reg
    else:
        gamma_list[-1] = reg
        print("Regularization path does not exist !")

    return t_list[-1], t_list, gamma_list


def regularization_path(
    a: np.array, b: np.array, C: np.array, reg=1e-4, semi_relaxed=False, itmax=50000
):
    if semi_relaxed:
        t, t_list, gamma_list = semi_relaxed_path(a, b, C, reg=reg, itmax=itmax)
    else:
        t, t_list, gamma_list = fully_relaxed_path(a, b, C, reg=reg, itmax=itmax)
    return t, t_list, gamma_list


def compute_transport_plan(gamma, gamma_list, Pi_list):

    if gamma >= gamma_list[0]:
        Pi = Pi_list[0]
    elif gamma <= gamma_list[-1]:
        Pi = Pi_list[-1]
    else:
        idx = np.where(gamma <= np.array(gamma_list))[0][-1]
        gamma_k0 = gamma_list[idx]
        gamma_k1 = gamma_list[idx + 1]
        pi_k0 = Pi_list[idx]
        pi_k1 = Pi_list[idx + 1]
        Pi = pi_k0 + (pi_k1 - pi_k0) * (gamma - gamma_k0) / (gamma_k1 - gamma_k0)
    return Pi


# --- ot/partial/partial_solvers.py ---


def entropic_partial_wasserstein(
    a,
    b,
    M,
    reg,
    m=None,
    method="sinkhorn",
    numItermax=1000,
    stopThr=1e-100,
    verbose=False,
    log=False,
):
    if method.lower() == "sinkhorn":
        return _entropic_partial_wasserstein_sinkhorn(
            a,
            b,
            M,
            reg,
            m=m,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
        )
    elif method.lower() == "sinkhorn_log":
        return entropic_partial_wasserstein_logscale(
            a,
            b,
            M,
            reg,
            m=m,
            numItermax=numItermax,
            stopThr=stopThr,
            verbose=verbose,
            log=log,
        )
    else:
        raise ValueError("Unknown method '%s'." % method)


def _entropic_partial_wasserstein_sinkhorn(
    a, b, M, reg, m=None, numItermax=1000, stopThr=1e-100, verbose=False, log=False
):

    a, b, M = list_to_array(a, b, M)

    nx = get_backend(a, b, M)

    dim_a, dim_b = M.shape
    dx = nx.ones(dim_a, type_as=a)
    dy = nx.ones(dim_b, type_as=b)

    if len(a) == 0:
        a = nx.ones(dim_a, type_as=a) / dim_a
    if len(b) == 0:
        b = nx.ones(dim_b, type_as=b) / dim_b

    if m is None:
        m = nx.min(nx.stack((nx.sum(a), nx.sum(b)))) * 1.0
    if m < 0:
        raise ValueError("Problem infeasible. Parameter m should be greater than 0.")
    if m > nx.min(nx.stack((nx.sum(a), nx.sum(b)))):
        raise ValueError(
            "Problem infeasible. Parameter m should lower or"
            " equal than min(|a|_1, |b|_1)."
        )

    log_e = {"err": []}

    if nx.__name__ == "numpy":
        # Next 3 lines equivalent to K=nx.exp(-M/reg), but faster to compute
        K = np.empty(M.shape, dtype=M.dtype)
        np.divide(M, -reg, out=K)
        np.exp(K, out=K)
        np.multiply(K, m / np.sum(K), out=K)
    else:
        K = nx.exp(-M / reg)
        K = K * m / nx.sum(K)

    err, cpt = 1, 0
    q1 = nx.ones(K.shape, type_as=K)
    q2 = nx.ones(K.shape, type_as=K)
    q3 = nx.ones(K.shape, type_as=K)

    while err > stopThr and cpt < numItermax:
        Kprev = K
        K = K * q1
        K1 = nx.dot(nx.diag(nx.minimum(a / nx.sum(K, axis=1), dx)), K)
        q1 = q1 * Kprev / K1
        K1prev = K1
        K1 = K1 * q2
        K2 = nx.dot(K1, nx.diag(nx.minimum(b / nx.sum(K1, axis=0), dy)))
        q2 = q2 * K1prev / K2
        K2prev = K2
        K2 = K2 * q3
        K = K2 * (m / nx.sum(K2))
        q3 = q3 * K2prev / K

        if nx.any(nx.isnan(K)) or nx.any(nx.isinf(K)):
            print("Warning: numerical errors at iteration", cpt)
            break
        if cpt % 10 == 0:
            err = nx.norm(Kprev - K)
            if log:
                log_e["err"].append(err)
            if verbose:
                if cpt % 200 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 11)
                print("{:5d}|{:8e}|".format(cpt, err))

        cpt = cpt + 1
    log_e["partial_w_dist"] = nx.sum(M * K)
    if log:
        return K, log_e
    else:
        return K


def entropic_partial_wasserstein_logscale(
    a, b, M, reg, m=None, numItermax=1000, stopThr=1e-100, verbose=False, log=False
):

    a, b, M = list_to_array(a, b, M)

    nx = get_backend(a, b, M)

    dim_a, dim_b = M.shape

    Ldx = nx.zeros(dim_a, type_as=a)
    Ldy = nx.zeros(dim_b, type_as=b)

    if len(a) == 0:
        a = nx.ones(dim_a, type_as=a) / dim_a
    if len(b) == 0:
        b = nx.ones(dim_b, type_as=b) / dim_b

    La = nx.log(a)
    Lb = nx.log(b)

    if m is None:
        m = nx.min(nx.stack((nx.sum(a), nx.sum(b)))) * 1.0
    if m < 0:
        raise ValueError("Problem infeasible. Parameter m should be greater than 0.")
    if m > nx.min(nx.stack((nx.sum(a), nx.sum(b)))):
        raise ValueError(
            "Problem infeasible. Parameter m should lower or"
            " equal than min(|a|_1, |b|_1)."
        )

    log_e = {"err": []}

    LK = -M / reg
    LK = LK + nx.log(m) - nx.logsumexp(LK)

    err, cpt = 1, 0

    Lq1 = nx.zeros(M.shape, type_as=M)
    Lq2 = nx.zeros(M.shape, type_as=M)
    Lq3 = nx.zeros(M.shape, type_as=M)

    while err > stopThr and cpt < numItermax:
        LKprev = LK
        LK = LK + Lq1
        LK1 = nx.reshape(nx.minimum(La - nx.logsumexp(LK, 1), Ldx), (-1, 1)) + LK
        Lq1 = Lq1 + LKprev - LK1
        LK1prev = LK1
        LK1 = LK1 + Lq2
        LK2 = LK1 + nx.reshape(nx.minimum(Lb - nx.logsumexp(LK1, 0), Ldy), (1, -1))
        Lq2 = Lq2 + LK1prev - LK2
        LK2prev = LK2
        LK2 = LK2 + Lq3
        LK = LK2 + nx.log(m) - nx.logsumexp(LK2)
        Lq3 = Lq3 + LK2prev - LK

        if nx.any(nx.isnan(LK)) or nx.any(nx.isinf(LK)):
            warnings.warn(
                f"Numerical errors at iteration {cpt} of entropic_partial_wasserstein_logscale",
                stacklevel=2,
            )
            break
        if cpt % 10 == 0:
            err = nx.norm(LKprev - LK)
            if log:
                log_e["err"].append(err)
            if verbose:
                if cpt % 200 == 0:
                    print("{:5s}|{:12s}".format("It.", "Err") + "\n" + "-" * 11)
                print("{:5d}|{:8e}|".format(cpt, err))

        cpt = cpt + 1
    log_e["partial_w_dist"] = nx.sum(M * nx.exp(LK))
    if log:
        return nx.exp(LK), log_e
    else:
        return nx.exp(LK)


# --- ot/optim.py ---


def solve_1d_linesearch_quad(a, b):
    if a > 0:  # convex
        minimum = min(1.0, max(0.0, -b / (2.0 * a)))
        return minimum
    else:  # non convex
        if a + b < 0:
            return 1.0
        else:
            return 0.0


# --- namespaces the copied code reaches through a module ---

ot = types.SimpleNamespace(utils=types.SimpleNamespace(projection_sparse_simplex=projection_sparse_simplex))  # smooth.py's `import ot`


# --- the keyword settings of the library's tests, one wrapper each ---


def dist_cityblock(x1, x2):
    return dist(x1, x2, metric="cityblock")


def dist_minkowski_weighted(x1, x2, w):
    return dist(x1, x2, metric="minkowski", p=3, w=w)


def dist_correlation(x1, x2):
    return dist(x1, x2, metric="correlation")


def dist_scipy_chebyshev(x1, x2):
    return dist(x1, x2, metric="chebyshev")


def cost_normalization_median(C):
    return cost_normalization(C, norm="median", return_value=True)


def cost_normalization_loglog(C):
    return cost_normalization(C, norm="loglog")


def kernel_gaussian(x1, x2):
    return kernel(x1, x2, method="gaussian", sigma=0.5)


def sinkhorn_knopp_logged(a, b, M):
    return sinkhorn(a, b, M, 1.0, method="sinkhorn", stopThr=1e-10, log=True)


def sinkhorn_knopp_small_reg(a, b, M):
    return sinkhorn(a, b, M, 1e-3, method="sinkhorn", stopThr=1e-10)


def sinkhorn_knopp_underflow(a, b, M):
    return sinkhorn(a, b, M, 1e-4, method="sinkhorn", stopThr=1e-10)


def sinkhorn_knopp_warmstart(a, b, M, warmstart):
    return sinkhorn(a, b, M, 1.0, method="sinkhorn", warmstart=warmstart)


def sinkhorn_empty_weights(M):
    return sinkhorn([], [], M, 1.0)


def sinkhorn2_multi_b(a, b, M):
    return sinkhorn2(a, b, M, 1.0, method="sinkhorn", stopThr=1e-10)


def sinkhorn_log_plan(a, b, M):
    return sinkhorn(a, b, M, 0.1, method="sinkhorn_log", stopThr=1e-10)


def sinkhorn2_log_multi_b(a, b, M):
    return sinkhorn2(a, b, M, 1.0, method="sinkhorn_log", stopThr=1e-10)


def greenkhorn_logged(a, b, M):
    return sinkhorn(a, b, M, 1.0, method="greenkhorn", numItermax=3000, stopThr=1e-9, log=True)


def sinkhorn_stabilized_absorbing(a, b, M):
    return sinkhorn(a, b, M, 1e-2, method="sinkhorn_stabilized", tau=1.0, stopThr=1e-9)


def sinkhorn2_stabilized_multi_b(a, b, M):
    return sinkhorn2(a, b, M, 1e-2, method="sinkhorn_stabilized", tau=1e2, stopThr=1e-9)


def sinkhorn_epsilon_scaling_logged(a, b, M):
    return sinkhorn(a, b, M, 1e-2, method="sinkhorn_epsilon_scaling", numItermax=40, numInnerItermax=50,
                    epsilon0=1.0, stopThr=1e-9, log=True)


def barycenter_sinkhorn_weighted(A, M, weights):
    return barycenter(A, M, 1e-2, weights, method="sinkhorn", stopThr=1e-8)


def barycenter_sinkhorn_log_weighted(A, M, weights):
    return barycenter(A, M, 1e-2, weights, method="sinkhorn_log", stopThr=1e-8)


def barycenter_stabilized_absorbing(A, M, weights):
    return barycenter(A, M, 1e-3, weights, method="sinkhorn_stabilized", tau=1e3, stopThr=1e-8, numItermax=2000)


def barycenter_debiased_sinkhorn(A, M, weights):
    return barycenter_debiased(A, M, 1e-2, weights, method="sinkhorn", stopThr=1e-8)


def barycenter_debiased_log(A, M, weights):
    return barycenter_debiased(A, M, 1e-2, weights, method="sinkhorn_log", stopThr=1e-8)


def convolutional_barycenter2d_sinkhorn(A):
    return convolutional_barycenter2d(A, 3e-2, numItermax=500)


def convolutional_barycenter2d_log(A):
    return convolutional_barycenter2d(A, 3e-2, method="sinkhorn_log", numItermax=500)


def sinkhorn_unbalanced_logged(a, b, M):
    return sinkhorn_unbalanced(a, b, M, 0.1, 1.0, method="sinkhorn", log=True)


def sinkhorn_unbalanced_multi_b(a, b, M):
    return sinkhorn_unbalanced(a, b, M, 0.1, 1.0, method="sinkhorn")


def sinkhorn_unbalanced_stabilized(a, b, M):
    return sinkhorn_unbalanced(a, b, M, 0.01, 1.0, method="sinkhorn_stabilized", tau=1e2)


def sinkhorn_unbalanced_translation_invariant_plan(a, b, M):
    return sinkhorn_unbalanced(a, b, M, 0.1, 1.0, method="sinkhorn_translation_invariant")


def sinkhorn_unbalanced_entropy_semi(a, b, M):
    return sinkhorn_unbalanced(a, b, M, 0.1, (float("inf"), 1.0), method="sinkhorn", reg_type="entropy")


def sinkhorn_unbalanced2_cost(a, b, M):
    return sinkhorn_unbalanced2(a, b, M, 0.1, 1.0, returnCost="total")


def barycenter_unbalanced_sinkhorn_weighted(A, M, weights):
    return barycenter_unbalanced(A, M, 0.05, 1.0, method="sinkhorn", weights=weights)


def barycenter_unbalanced_stabilized_weighted(A, M, weights):
    return barycenter_unbalanced(A, M, 0.005, 1.0, method="sinkhorn_stabilized", weights=weights, tau=1e2)


def mm_unbalanced_kl(a, b, M):
    return mm_unbalanced(a, b, M, 1.0, div="kl", numItermax=300)


def mm_unbalanced_l2_regularized(a, b, M):
    return mm_unbalanced(a, b, M, 5.0, reg=0.1, div="l2", numItermax=300)


def mm_unbalanced_kl_logged(a, b, M):
    return mm_unbalanced(a, b, M, 1.0, div="kl", numItermax=300, log=True)


def mm_unbalanced2_total(a, b, M):
    return mm_unbalanced2(a, b, M, (1.0, 2.0), div="kl", numItermax=200, returnCost="total")


def wasserstein_1d_p2(u_values, v_values, u_weights, v_weights):
    return wasserstein_1d(u_values, v_values, u_weights, v_weights, p=2)


def binary_search_circle_p2(u_values, v_values, u_weights, v_weights):
    return binary_search_circle(u_values, v_values, u_weights, v_weights, p=2, log=True)


def wasserstein_circle_p1(u_values, v_values, u_weights, v_weights):
    return wasserstein_circle(u_values, v_values, u_weights, v_weights, p=1)


def projection_simplex_columns(V):
    return projection_simplex(V, 1.5, axis=0)


def sparsity_constrained_delta_Omega(X):
    return SparsityConstrained(max_nz=2, gamma=0.5).delta_Omega(X)


def semi_dual_obj_grad_l2(alpha, a, b, C):
    return semi_dual_obj_grad(alpha, a, b, C, SquaredL2(gamma=0.1))


def dual_obj_grad_negentropy(alpha, beta, a, b, C):
    return dual_obj_grad(alpha, beta, a, b, C, NegEntropy(gamma=0.5))


def smooth_ot_dual_l2(a, b, M):
    return smooth_ot_dual(a, b, M, 1.0, reg_type="l2")


def smooth_ot_semi_dual_kl(a, b, M):
    return smooth_ot_semi_dual(a, b, M, 1.0, reg_type="kl")


def bures_wasserstein_mapping_logged(ms, mt, Cs, Ct):
    return bures_wasserstein_mapping(ms, mt, Cs, Ct, log=True)


def bures_barycenter_fixpoint_logged(C, weights):
    return bures_barycenter_fixpoint(C, weights, log=True)


def regularization_path_fully_relaxed(a, b, C):
    return regularization_path(a, b, C, reg=1e-3)


def regularization_path_semi_relaxed(a, b, C):
    return regularization_path(a, b, C, reg=1e-3, semi_relaxed=True)


def entropic_partial_wasserstein_m(a, b, M):
    return entropic_partial_wasserstein(a, b, M, reg=1.0, m=0.5)


def entropic_partial_wasserstein_logscale_m(a, b, M):
    return entropic_partial_wasserstein(a, b, M, reg=1.0, m=0.5, method="sinkhorn_log", numItermax=300)


# --- inputs ---


def make_1D_gauss(n, m, s):  # ot/datasets.py, for the inputs
    x = np.arange(n, dtype=np.float64)
    h = np.exp(-((x - m) ** 2) / (2 * s**2))
    return h / h.sum()


def _weights(rng, n):
    w = rng.uniform(0.5, 1.5, size=n)
    return w / w.sum()


def _samples(rng, n, m, d=2):
    xs = rng.normal(size=(n, d))
    xt = rng.normal(size=(m, d)) + 1.0
    return xs, xt


def _problem(rng, n=8, m=10):
    """a, b (random weights) and the squared Euclidean cost between Gaussian samples, normalized by its maximum."""
    xs, xt = _samples(rng, n, m)
    M = dist(xs, xt)
    return _weights(rng, n), _weights(rng, m), M / M.max()


def _problem_multi_b(rng, n=8, m=10, k=3):
    a, _, M = _problem(rng, n, m)
    B = np.stack([_weights(rng, m) for _ in range(k)], axis=1)
    return a, B, M


def _gauss_problem(rng, n=40):
    """the library's tests: two 1-D Gaussian histograms and dist0(n) / max (means jittered)."""
    a1 = make_1D_gauss(n, m=n * 0.3 + rng.uniform(-1, 1), s=n * 0.1)
    a2 = make_1D_gauss(n, m=n * 0.6 + rng.uniform(-1, 1), s=n * 0.1)
    M = dist0(n)
    return a1, a2, M / M.max()


def _barycenter_problem(rng, n=30):
    a1, a2, M = _gauss_problem(rng, n)
    return np.vstack((a1, a2)).T, M, np.array([0.3, 0.7])


def _images(rng, k=2, w=6, h=7):
    A = rng.uniform(0.0, 1.0, size=(k, w, h)) ** 4 + 1e-3
    return (A / A.sum(axis=(1, 2), keepdims=True),)


def _warmstart(rng):
    a, b, M = _problem(rng)
    return a, b, M, (rng.normal(scale=0.1, size=len(a)), rng.normal(scale=0.1, size=len(b)))


def _with_zeros(rng):
    a, b, M = _problem(rng, 8, 9)
    a[[1, 4]] = 0.0
    b[[0, 5, 6]] = 0.0
    return a, b, M


def _spd_batch(rng, n, d):
    X = rng.normal(size=(n, d, d))
    return np.einsum("nij,nkj->nik", X, X) + 0.5 * np.eye(d)


def _symmetric_indefinite(rng, n, d):
    X = rng.normal(size=(n, d, d))
    return X + np.transpose(X, (0, 2, 1))


def _gaussians(rng, d=3):
    return rng.normal(size=d), rng.normal(size=d), _spd_batch(rng, 1, d)[0], _spd_batch(rng, 1, d)[0]


def _gaussians_batched(rng, n=3, m=2, d=3):
    return rng.normal(size=(n, d)), rng.normal(size=(m, d)), _spd_batch(rng, n, d), _spd_batch(rng, m, d)


def _line(rng, n=12, m=9, k=3):
    return rng.normal(size=(n, k)), rng.normal(size=(m, k)) + 0.5, _weights(rng, n), _weights(rng, m)


def _circle(rng, n=10, m=8):
    # the library's test: uniform points on [0, 1) and random weights
    return rng.uniform(size=n), rng.uniform(size=m), _weights(rng, n), _weights(rng, m)


def _regpath(rng, n=4, m=3):
    xs, xt = _samples(rng, n, m)
    M = dist(xs, xt)
    return np.ones(n) / n, np.ones(m) / m, M / M.max()


def _transport_plan_path(rng):
    # one path (its length is the data's), made from a fixed problem; gamma between its breakpoints
    a, b, C = _regpath(np.random.default_rng(0))
    t, t_list, gamma_list = regularization_path(a, b, C, reg=1e-3)
    return np.float64(rng.uniform(0.1, 0.5) * gamma_list[0]), gamma_list, t_list


def _semi_dual(rng, n=6, m=5):
    a, b, C = _problem(rng, n, m)
    return rng.normal(scale=0.1, size=n), a, b, C


def _dual(rng, n=6, m=5):
    a, b, C = _problem(rng, n, m)
    return rng.normal(scale=0.1, size=n), rng.normal(scale=0.1, size=m), a, b, C


def _partial(rng, n=10):
    # the library's test: samples with outliers, uniform weights, m = 0.5
    xs, xt = _samples(rng, n, n)
    xt[-2:] = (rng.uniform(size=(2, 2)) + 1) * -3
    return np.ones(n) / n, np.ones(n) / n, dist(xs, xt)


CASES = [
    # ot/utils.py
    case(proj_simplex, lambda rng: (rng.normal(size=10),), OT("utils.py", "proj_simplex", "a vector")),
    case(proj_simplex, lambda rng: (rng.normal(size=(8, 3)), 2.0), OT("utils.py", "proj_simplex", "the columns of a matrix, z=2"), name="pot.proj_simplex_columns"),
    case(projection_sparse_simplex, lambda rng: (rng.normal(size=(6, 4)), 2, 1, 0), OT("utils.py", "projection_sparse_simplex", "axis=0: the transposed recursive call; prints a shape")),
    case(projection_sparse_simplex, lambda rng: (rng.normal(size=8), 3), OT("utils.py", "projection_sparse_simplex", "a vector: V[None, :] recursion"), name="pot.projection_sparse_simplex_vector"),
    case(dist, lambda rng: _samples(rng, 7, 5, 3), OT("utils.py", "dist", "sqeuclidean: euclidean_distances")),
    case(dist_cityblock, lambda rng: _samples(rng, 7, 5, 3), OT("utils.py", "dist", "metric='cityblock': M += in a loop over the features")),
    case(dist_minkowski_weighted, lambda rng: (*_samples(rng, 7, 5, 3), rng.uniform(0.5, 2.0, size=3)), OT("utils.py", "dist", "metric='minkowski', p=3, weights w")),
    case(dist_correlation, lambda rng: _samples(rng, 7, 5, 4), OT("utils.py", "dist", "metric='correlation'")),
    case(dist_scipy_chebyshev, lambda rng: _samples(rng, 7, 5, 3), OT("utils.py", "dist", "metric='chebyshev': get_backend(x1, x2).__name__, then scipy's cdist")),
    case(cost_normalization_median, lambda rng: (rng.uniform(0.0, 4.0, size=(6, 7)),), OT("utils.py", "cost_normalization", "norm='median', return_value: C /= value into the argument")),
    case(cost_normalization_loglog, lambda rng: (rng.uniform(0.0, 4.0, size=(6, 7)),), OT("utils.py", "cost_normalization", "norm='loglog'")),
    case(label_normalization, lambda rng: (rng.integers(3, 7, size=12),), OT("utils.py", "label_normalization", "y if diff == 0 else (y - diff)")),
    case(labels_to_masks, lambda rng: (rng.integers(0, 4, size=12),), OT("utils.py", "labels_to_masks", "np.unique(return_inverse=True), eye rows")),
    case(clean_zeros, _with_zeros, OT("utils.py", "clean_zeros", "boolean masks of zero weights")),
    case(dots, lambda rng: (rng.normal(size=(3, 4)), rng.normal(size=(4, 5)), rng.normal(size=(5, 2))), OT("utils.py", "dots", "functools.reduce(nx.dot, args)")),
    case(is_all_finite, lambda rng: (rng.normal(size=5), np.array([1.0, np.inf, 2.0])), OT("utils.py", "is_all_finite", "all() over a generator of nx.any")),
    case(proj_SDP, lambda rng: (_symmetric_indefinite(rng, 3, 4),), OT("utils.py", "proj_SDP", "a batch (n, d, d): einsum branch")),
    case(get_coordinate_circle, lambda rng: (rng.normal(size=(9, 2)),), OT("utils.py", "get_coordinate_circle")),
    case(kernel_gaussian, lambda rng: _samples(rng, 6, 5), OT("utils.py", "kernel", "method='gaussian', sigma=0.5")),
    # ot/bregman/_sinkhorn.py
    case(sinkhorn_knopp_logged, lambda rng: _problem(rng), OT("bregman/_sinkhorn.py", "sinkhorn / sinkhorn_knopp", "reg=1, log=True: the error list")),
    case(sinkhorn_knopp_small_reg, lambda rng: _problem(rng), OT("bregman/_sinkhorn.py", "sinkhorn_knopp", "reg=1e-3: K holds zeros and subnormals; converges on one input, runs out of iterations (the for-else warning) on the other")),
    case(sinkhorn_knopp_underflow, lambda rng: _problem(rng), OT("bregman/_sinkhorn.py", "sinkhorn_knopp", "reg=1e-4: a column of K underflows to 0, the numerical-error break at iteration 0 restoring u, v")),
    case(sinkhorn_knopp_warmstart, _warmstart, OT("bregman/_sinkhorn.py", "sinkhorn_knopp", "warmstart=(u, v) log-potentials")),
    case(sinkhorn_empty_weights, lambda rng: (_problem(rng)[2],), OT("bregman/_sinkhorn.py", "sinkhorn_knopp", "a=[] and b=[]: list_to_array, then uniform weights")),
    case(sinkhorn2_multi_b, _problem_multi_b, OT("bregman/_sinkhorn.py", "sinkhorn2 / sinkhorn_knopp", "three target histograms: the einsum loss")),
    case(sinkhorn_log_plan, lambda rng: _problem(rng), OT("bregman/_sinkhorn.py", "sinkhorn_log", "reg=0.1: a closure get_logT")),
    case(sinkhorn2_log_multi_b, _problem_multi_b, OT("bregman/_sinkhorn.py", "sinkhorn2 / sinkhorn_log", "three target histograms: sinkhorn_log calls itself per histogram")),
    case(greenkhorn_logged, lambda rng: _problem(rng), OT("bregman/_sinkhorn.py", "greenkhorn", "argmax of the violations, row or column writes per iteration")),
    case(sinkhorn_stabilized_absorbing, lambda rng: _gauss_problem(rng), OT("bregman/_sinkhorn.py", "sinkhorn_stabilized", "the library's test: tau=1, absorption into alpha, beta; reg=1e-2, 40 bins")),
    case(sinkhorn2_stabilized_multi_b, _problem_multi_b, OT("bregman/_sinkhorn.py", "sinkhorn2 / sinkhorn_stabilized", "three target histograms, tau=100")),
    case(sinkhorn_epsilon_scaling_logged, lambda rng: _gauss_problem(rng, 20), OT("bregman/_sinkhorn.py", "sinkhorn_epsilon_scaling", "epsilon0=1, 40 outer and 50 inner iterations")),
    # ot/bregman/_barycenter.py
    case(barycenter_sinkhorn_weighted, _barycenter_problem, OT("bregman/_barycenter.py", "barycenter / barycenter_sinkhorn", "the library's test: two 1-D Gaussians, weights (0.3, 0.7)")),
    case(barycenter_sinkhorn_log_weighted, _barycenter_problem, OT("bregman/_barycenter.py", "barycenter / _barycenter_sinkhorn_log", "writes into log_KU[:, k]")),
    case(barycenter_stabilized_absorbing, _barycenter_problem, OT("bregman/_barycenter.py", "barycenter / barycenter_stabilized", "reg=1e-3, tau=1e3: absorbing")),
    case(barycenter_debiased_sinkhorn, _barycenter_problem, OT("bregman/_barycenter.py", "barycenter_debiased / _barycenter_debiased")),
    case(barycenter_debiased_log, _barycenter_problem, OT("bregman/_barycenter.py", "barycenter_debiased / _barycenter_debiased_log")),
    # ot/bregman/_convolutional.py
    case(convolutional_barycenter2d_sinkhorn, _images, OT("bregman/_convolutional.py", "convolutional_barycenter2d / _convolutional_barycenter2d", "a closure convol_imgs")),
    case(convolutional_barycenter2d_log, _images, OT("bregman/_convolutional.py", "convolutional_barycenter2d / _convolutional_barycenter2d_log", "log-domain: writes into log_KU[k]")),
    # ot/unbalanced/_sinkhorn.py
    case(sinkhorn_unbalanced_logged, lambda rng: _problem(rng), OT("unbalanced/_sinkhorn.py", "sinkhorn_unbalanced / sinkhorn_knopp_unbalanced", "reg=0.1, reg_m=1, log=True: total cost by kl_div")),
    case(sinkhorn_unbalanced_multi_b, _problem_multi_b, OT("unbalanced/_sinkhorn.py", "sinkhorn_unbalanced / sinkhorn_knopp_unbalanced", "three target histograms")),
    case(sinkhorn_unbalanced_stabilized, lambda rng: _problem(rng), OT("unbalanced/_sinkhorn.py", "sinkhorn_unbalanced / sinkhorn_stabilized_unbalanced", "reg=0.01, tau=100: a while loop with absorption")),
    case(sinkhorn_unbalanced_translation_invariant_plan, lambda rng: _problem(rng), OT("unbalanced/_sinkhorn.py", "sinkhorn_unbalanced / sinkhorn_unbalanced_translation_invariant")),
    case(sinkhorn_unbalanced_entropy_semi, lambda rng: _problem(rng), OT("unbalanced/_sinkhorn.py", "sinkhorn_knopp_unbalanced", "reg_m=(inf, 1): a semi-relaxed problem; reg_type='entropy' warns")),
    case(sinkhorn_unbalanced2_cost, lambda rng: _problem(rng), OT("unbalanced/_sinkhorn.py", "sinkhorn_unbalanced2", "returnCost='total'")),
    case(barycenter_unbalanced_sinkhorn_weighted, _barycenter_problem, OT("unbalanced/_sinkhorn.py", "barycenter_unbalanced / barycenter_unbalanced_sinkhorn")),
    case(barycenter_unbalanced_stabilized_weighted, _barycenter_problem, OT("unbalanced/_sinkhorn.py", "barycenter_unbalanced / barycenter_unbalanced_stabilized", "reg=0.005, tau=100")),
    # ot/unbalanced/_mm.py
    case(mm_unbalanced_kl, lambda rng: _problem(rng), OT("unbalanced/_mm.py", "mm_unbalanced", "div='kl'")),
    case(mm_unbalanced_kl_logged, lambda rng: _problem(rng), OT("unbalanced/_mm.py", "mm_unbalanced", "div='kl', log=True: every G appended to a list")),
    case(mm_unbalanced_l2_regularized, lambda rng: _problem(rng), OT("unbalanced/_mm.py", "mm_unbalanced", "div='l2', reg=0.1")),
    case(mm_unbalanced2_total, lambda rng: _problem(rng), OT("unbalanced/_mm.py", "mm_unbalanced2", "reg_m=(1, 2), returnCost='total'")),
    # ot/lp/solver_1d.py, ot/lp/solver_circle.py
    case(wasserstein_1d, _line, OT("lp/solver_1d.py", "wasserstein_1d", "three batched problems, weights repeated; quantile_function's searchsorted per row")),
    case(wasserstein_1d_p2, _line, OT("lp/solver_1d.py", "wasserstein_1d", "p=2")),
    case(binary_search_circle_p2, _circle, OT("lp/solver_circle.py", "binary_search_circle", "the library's test: p=2, a while loop of masked writes")),
    case(wasserstein_circle_p1, _circle, OT("lp/solver_circle.py", "wasserstein_circle / wasserstein1_circle", "the library's test: p=1, sum_weights[sum_weights < 0] = np.inf")),
    case(semidiscrete_wasserstein2_unif_circle, lambda rng: (rng.uniform(size=(10, 2)), rng.uniform(0.5, 1.5, size=(10, 2)) / 10), OT("lp/solver_circle.py", "semidiscrete_wasserstein2_unif_circle")),
    # ot/smooth.py
    case(projection_simplex_columns, lambda rng: (rng.normal(size=(5, 4)),), OT("smooth.py", "projection_simplex", "axis=0, z=1.5")),
    case(sparsity_constrained_delta_Omega, lambda rng: (rng.normal(size=(6, 4)),), OT("smooth.py", "SparsityConstrained.delta_Omega", "writes 0 into its argument at np.argpartition's indices")),
    case(dual_obj_grad_negentropy, _dual, OT("smooth.py", "dual_obj_grad / NegEntropy.delta_Omega")),
    case(semi_dual_obj_grad_l2, _semi_dual, OT("smooth.py", "semi_dual_obj_grad / SquaredL2.max_Omega", "projection_simplex along axis 0")),
    case(smooth_ot_dual_l2, lambda rng: _problem(rng, 6, 5), OT("smooth.py", "smooth_ot_dual", "reg_type='l2': scipy.optimize.minimize (L-BFGS-B) of a closure")),
    case(smooth_ot_semi_dual_kl, lambda rng: _problem(rng, 6, 5), OT("smooth.py", "smooth_ot_semi_dual", "reg_type='kl'")),
    # ot/gaussian.py
    case(bures_wasserstein_mapping_logged, _gaussians, OT("gaussian.py", "bures_wasserstein_mapping", "sqrtm by eigh, scipy.linalg.inv, log=True")),
    case(bures_wasserstein_distance, _gaussians_batched, OT("gaussian.py", "bures_wasserstein_distance / bures_distance", "batched, not paired: (n, m)")),
    case(bures_barycenter_fixpoint_logged, lambda rng: (_spd_batch(rng, 3, 3), np.array([0.2, 0.3, 0.5])), OT("gaussian.py", "bures_barycenter_fixpoint", "fixed point with a break, log=True")),
    # ot/regpath.py
    case(regularization_path_fully_relaxed, lambda rng: _regpath(rng), OT("regpath.py", "regularization_path / fully_relaxed_path", "scipy.sparse H, an active set list with pop and append")),
    case(regularization_path_semi_relaxed, lambda rng: _regpath(rng), OT("regpath.py", "regularization_path / semi_relaxed_path")),
    case(compute_transport_plan, _transport_plan_path, OT("regpath.py", "compute_transport_plan", "gamma between two breakpoints of an eager path")),
    # ot/partial/partial_solvers.py
    case(entropic_partial_wasserstein_m, _partial, OT("partial/partial_solvers.py", "entropic_partial_wasserstein / _entropic_partial_wasserstein_sinkhorn", "the library's test: m=0.5, reg=1; np.divide/np.exp/np.multiply with out=")),
    case(entropic_partial_wasserstein_logscale_m, _partial, OT("partial/partial_solvers.py", "entropic_partial_wasserstein / entropic_partial_wasserstein_logscale", "m=0.5")),
    # ot/optim.py
    case(solve_1d_linesearch_quad, lambda rng: (np.float64(rng.uniform(0.5, 2.0)), np.float64(rng.uniform(-3.0, 0.0))), OT("optim.py", "solve_1d_linesearch_quad", "convex: min(1, max(0, -b / 2a))")),
    case(solve_1d_linesearch_quad, lambda rng: (np.float64(rng.uniform(-2.0, -0.5)), np.float64(rng.uniform(-1.0, 3.0))), OT("optim.py", "solve_1d_linesearch_quad", "not convex: a + b < 0 or not"), name="pot.solve_1d_linesearch_quad_concave"),
]
