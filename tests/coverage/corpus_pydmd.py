"""PyDMD's dynamic mode decomposition (PyDMD/PyDMD, MIT): the numerical core without plots. utils.py's rank selection
(``_svht``: ``np.divide(*sorted((rows, cols)))``, ``np.sum(sigma_svd > tau)`` and ``if rank == 0``; ``_compute_rank``:
an ``if``/``elif`` chain on ``svd_rank`` with ``np.searchsorted`` of the cumulative energy, ``isinstance(svd_rank,
int)``), ``compute_tlsq``, ``compute_svd`` (slices ``[:, :rank]`` by the computed rank, returned as a namedtuple),
``compute_rqb`` (a loop of power iterations with two QR factorisations), ``pseudo_hankel_matrix``
(``sliding_window_view``); the ``DMDOperator`` class (``compute_operator``: the projected and exact modes, the
rescaling ``'auto'`` with its loop ``for idx, item in enumerate(scaling_factors_array): if item == 0``, the sorting by
``sorted(zip(eigenvalues, eigenvectors.T), key=k)`` with ``isinstance(eig, complex)`` in the key, forward-backward
DMD through ``scipy.linalg.sqrtm``); ``Snapshots`` (``hasattr(X, "ndim")``, ``np.linalg.cond`` under a warning),
``DMDBase`` with ``ActivationBitmaskProxy`` (boolean-mask views written back by ``change_bitmask``), ``DMDTimeDict``,
the ``DMD`` class (``fit``: ``dmd_timesteps`` from ``np.arange`` of the time dict's values, ``dynamics`` as
``np.power`` of repeated eigenvalues, ``_compute_amplitudes`` by ``lstsq`` or by the optimal ``np.vander`` system,
``predict`` through ``scipy.linalg.pinv``) and dmd_modes_tuner.py's ``stabilize_modes`` (masked in-place ``*=`` and
``/=`` on the proxied amplitudes and eigenvalues); varprodmd.py's helpers (``_compute_dmd_rho``: ``np.where(s != 0)``
writes of reciprocal singular values, real and imaginary halves written into a real vector, an ``_OptimizeHelper``
with ``__slots__`` filled as a side effect; ``_compute_dmd_jac``: a loop over the eigenvalues writing four blocks of
columns; ``_varpro_preprocessing``; ``compute_varprodmd_any`` around ``scipy.optimize.least_squares``); BOPDMD's
operator methods (``_force_conj_pairs``: ``while unassigned_inds`` over a Python ``set`` built from ``np.arange``,
``np.nonzero(diff_array == np.nanmin(diff_array))``, NaN writes into rows and columns, ``if sign_1 == sign_2``;
``_diff_func``; ``_push_eigenvalues`` by the names in a constraint set; ``_argsort_eigenvalues`` setting ``eig_sort``
from ``("real", "imag", "abs")[np.argmax(all_var)]``; ``_bag`` with ``default_rng(seed).choice``; the variable
projection ``_variable_projection``, a Levenberg-Marquardt loop with ``scipy.sparse.csr_matrix`` derivatives,
``scipy.linalg.qr`` with pivoting, nested ``step`` and ``compute_B`` closures, ``for _ in range(maxlam)`` with
``break`` on ``error_0 < error`` and early ``return``s, called by ``_single_trial_compute_operator``); SpDMD's ADMM
(``_find_zero_amplitudes``: ``while not self._loop_condition(...) and i < self._max_iterations``, the condition an
``and`` of two comparisons of norms; ``soft_thresholding_operator``); and pidmd_utils.py's ``compute_unitary``,
``compute_symmetric`` (double loops writing ``atilde[i, j]`` then ``/=``), ``compute_circulant`` (``np.argpartition``,
writes at the excluded indexes) and ``compute_BCCB`` (a loop of ``lstsq`` per row with an ``if``/``elif`` on
``bccb_opt``, ``fft2`` of reshaped blocks in a local function).

Copied from PyDMD/PyDMD at 3e3f7f91125b02688328eb312f7576630c530d15 (pyproject.toml: ``license = {file = "LICENSE"}``,
classifier "License :: OSI Approved :: MIT License"; its LICENSE is the MIT licence, "Copyright (c) 2017-2024 PyDMD
contributors"), the files of ``pydmd/`` named in each section below. Bodies are as written, comments kept, docstrings
dropped; the modules' relative imports (``from .utils import compute_svd`` ...) resolve to the copies in this one
module, which imports what the files import (``from scipy.linalg import qr, sqrtm, pinv, rq``, ``from numpy.fft
import fft, fft2``, ``from scipy.sparse import csr_matrix``, spdmd.py's ``csc_matrix as sparse`` ...).

Adapted, beyond that:

* dmdoperator.py calls ``logging.basicConfig(format=...)`` at import, which would set up the logging of the process
  that imports the corpus: not run;
* bopdmd.py imports dask and matplotlib at the top (neither installed here, neither used by the methods taken): not
  imported. ``BOPDMDOperator`` holds the methods named above, as written; its class docstring, properties,
  ``compute_operator`` (bagging, with dask for the parallel branch) and the ``BOPDMD`` class are not copied;
* wrappers build the objects (``DMDOperator(...)``, ``DMD(...)``, ``BOPDMDOperator(...)`` with the arguments
  ``BOPDMD.fit`` gives it, ``SpDMD(...)``, ``_OptimizeHelper(...)``) inside the staged function, call the methods the
  tests call and return arrays. ``spdmd_zero_amplitudes`` does what ``SpDMD.fit`` does before ADMM with dense
  matrices (``_optimal_dmd_matrices``, the Cholesky factor of ``P + rho/2 I``), then calls ``_find_zero_amplitudes``
  as test_spdmd.py does; ``SpDMD.fit``'s sparse KKT solve (``scipy.sparse``) is run by no case.

Not taken: the plotting (plotter.py, ``BOPDMD.plot_*``), the data-set helpers, the other DMD variants (mrDMD, HODMD,
HankelDMD, CDMD, ParamDMD, HAVOK, LANDO, EDMD, costs.py), pidmd_utils.py's sparse solvers (``compute_diagonal``,
``compute_symtridiagonal``), ``VarProDMD`` / ``VarProOperator`` (their numerical part is ``compute_varprodmd_any``,
taken), the ``DMDBase`` pickling (copied with the class, run by no case).

The inputs follow tests/: the 15 snapshots of input_sample.npy, which its tests describe as ``f1 + f2`` with ``f1 =
sech(x+3)*exp(1j*2.3*t)`` and ``f2 = sech(x)*tanh(x)*2*exp(1j*2.8*t)`` (computed here by test_varprodmd.py's
``signal`` on 64 points of [-5, 5] and 15 times in [0, 4 pi], plus noise of 1e-3; the .npy data files are not
copied), test_dmd.py's ``create_noisy_data`` (the 2-by-2 system ``A = [[1, 1], [-1, 2]] / sqrt(3)``), test_bopdmd.py's
``simulate_z`` system ``z' = [[1, -2], [1, -1]] z`` (solved by ``scipy.integrate.solve_ivp`` as there, on 200 times
not 4000) with its eigenvalues ``+-1j`` moved a little as the initial guess, test_varprodmd.py's ``_compute_dmd_rho``
and ``_compute_dmd_jac`` inputs (their ``alphas_in``, and the helper filled as test_varprodmd_jac fills it, but on
three times and 3-by-2 complex data instead of ``np.eye(2)`` on two times, where the residual is zero), test_pidmd.py's Gaussian
snapshots (8 or 9 states, 40 times, not 25 by 1000), and for SpDMD a sum of decaying sine modes of the heat equation in
place of heat_90.npy; each moved by a small jitter where it is fixed data, so the two calls differ. The real data
of ``dmd_operator_sorted_real``, ``dmd_stabilize_modes`` and ``spdmd_zero_amplitudes`` is passed as complex128 (PyDMD
takes complex snapshots): graphs refuse ``np.linalg.eig`` of a real matrix, whose result dtype depends on the values,
and ``dmd_predict`` keeps the real data to show that.
"""

# ruff: noqa: E501, E731, E741, B007, B028, B904, UP006, UP031, UP032
from __future__ import annotations

import logging
import pickle
import warnings
from collections import OrderedDict, namedtuple
from copy import copy, deepcopy
from inspect import isfunction
from numbers import Number
from types import MappingProxyType
from typing import Any, Dict, NamedTuple, Tuple, Union

import numpy as np
from numpy.fft import fft, fft2, ifft
from numpy.lib.stride_tricks import sliding_window_view
from numpy.linalg import LinAlgError, solve
from scipy.integrate import solve_ivp
from scipy.linalg import pinv, qr, sqrtm
from scipy.optimize import OptimizeResult, least_squares
from scipy.sparse import csc_matrix as sparse
from scipy.sparse import csr_matrix
from scipy.sparse import hstack as sphstack
from scipy.sparse import vstack as spvstack
from scipy.sparse.linalg import spsolve

from tests.coverage.cases import PYDMD, Source, case


def PD(path: str, original: str, note: str = "") -> Source:
    return Source(PYDMD, "pydmd/" + path, original, note)


# --- pydmd/utils.py ---------------------------------------------------------------------------------------------------
#  Named tuples used in functions.
#  compute_svd uses "SVD",
#  compute_tlsq uses "TLSQ",
#  compute_rqb uses "RQB".
SVD = namedtuple("SVD", ["U", "s", "V"])
TLSQ = namedtuple("TLSQ", ["X_denoised", "Y_denoised"])
RQB = namedtuple("RQB", ["Q", "B", "test_matrix"])


def _svht(sigma_svd: np.ndarray, rows: int, cols: int) -> int:
    beta = np.divide(*sorted((rows, cols)))
    omega = 0.56 * beta**3 - 0.95 * beta**2 + 1.82 * beta + 1.43
    tau = np.median(sigma_svd) * omega
    rank = np.sum(sigma_svd > tau)

    if rank == 0:
        warnings.warn(
            "SVD optimal rank is 0. The largest singular values are "
            "indistinguishable from noise. Setting rank truncation to 1.",
            RuntimeWarning,
        )
        rank = 1

    return rank


def _compute_rank(
    sigma_svd: np.ndarray, rows: int, cols: int, svd_rank: Number
) -> int:
    if svd_rank == 0:
        rank = _svht(sigma_svd, rows, cols)
    elif 0 < svd_rank < 1:
        cumulative_energy = np.cumsum(sigma_svd**2 / (sigma_svd**2).sum())
        rank = np.searchsorted(cumulative_energy, svd_rank) + 1
    elif svd_rank >= 1 and isinstance(svd_rank, int):
        rank = min(svd_rank, sigma_svd.size)
    else:
        rank = min(rows, cols)

    return rank


def compute_rank(X: np.ndarray, svd_rank: Number = 0) -> int:
    _, s, _ = np.linalg.svd(X, full_matrices=False)
    return _compute_rank(s, X.shape[0], X.shape[1], svd_rank)


def compute_tlsq(
    X: np.ndarray, Y: np.ndarray, tlsq_rank: int
) -> NamedTuple(
    "TLSQ", [("X_denoised", np.ndarray), ("Y_denoised", np.ndarray)]
):
    # Do not perform tlsq
    if tlsq_rank == 0:
        return X, Y

    V = np.linalg.svd(np.append(X, Y, axis=0), full_matrices=False)[-1]
    rank = min(tlsq_rank, V.shape[0])
    VV = V[:rank, :].conj().T.dot(V[:rank, :])

    return TLSQ(X.dot(VV), Y.dot(VV))


def compute_svd(
    X: np.ndarray, svd_rank: Number = 0
) -> NamedTuple(
    "SVD", [("U", np.ndarray), ("s", np.ndarray), ("V", np.ndarray)]
):
    U, s, V = np.linalg.svd(X, full_matrices=False)
    rank = _compute_rank(s, X.shape[0], X.shape[1], svd_rank)
    V = V.conj().T

    U = U[:, :rank]
    V = V[:, :rank]
    s = s[:rank]

    return SVD(U, s, V)


def compute_rqb(
    X: np.ndarray,
    svd_rank: Number,
    oversampling: int,
    power_iters: int,
    test_matrix: np.ndarray = None,
    seed: int = None,
) -> NamedTuple(
    "RQB", [("Q", np.ndarray), ("B", np.ndarray), ("test_matrix", np.ndarray)]
):
    if X.ndim != 2:
        raise ValueError("Please ensure that input data is a 2D array.")

    # Define the random test matrix if not provided.
    if test_matrix is None:
        m = X.shape[-1]
        r = compute_rank(X, svd_rank)
        rng = np.random.default_rng(seed)
        test_matrix = rng.standard_normal((m, r + oversampling))

    # Compute sampling matrix.
    Y = X.dot(test_matrix)

    # Perform power iterations.
    for _ in range(power_iters):
        Q = np.linalg.qr(Y)[0]
        Z = np.linalg.qr(X.conj().T.dot(Q))[0]
        Y = X.dot(Z)

    # Orthonormalize the sampling matrix.
    Q = np.linalg.qr(Y)[0]

    # Project the snapshot matrix onto the smaller space.
    B = Q.conj().T.dot(X)

    return RQB(Q, B, test_matrix)


def pseudo_hankel_matrix(X: np.ndarray, d: int) -> np.ndarray:
    return (
        sliding_window_view(X.T, (d, X.shape[0]))[:, 0]
        .reshape(X.shape[1] - d + 1, -1)
        .T
    )


# --- pydmd/dmdoperator.py ---------------------------------------------------------------------------------------------
# (the module's logging.basicConfig(...) at import is not run: see the module docstring)
class DMDOperator:

    def __init__(
        self,
        svd_rank,
        exact,
        forward_backward,
        rescale_mode,
        sorted_eigs,
        tikhonov_regularization,
    ):
        self._exact = exact
        self._rescale_mode = rescale_mode
        self._svd_rank = svd_rank
        self._forward_backward = forward_backward
        self._sorted_eigs = sorted_eigs
        self._tikhonov_regularization = tikhonov_regularization
        self._norm_X = None

    def compute_operator(self, X, Y):

        U, s, V = compute_svd(X, self._svd_rank)

        if self._tikhonov_regularization is not None:
            self._norm_X = np.linalg.norm(X)
        atilde = self._least_square_operator(U, s, V, Y)

        if self._forward_backward:
            # b stands for "backward"
            bU, bs, bV = compute_svd(Y, svd_rank=len(s))
            atilde_back = self._least_square_operator(bU, bs, bV, X)
            atilde = sqrtm(atilde.dot(np.linalg.inv(atilde_back)))
            if hasattr(np, "complex256") and atilde.dtype == np.complex256:
                atilde = atilde.astype(np.complex128)
                msg = "Casting atilde from np.complex256 to np.complex128"
                logging.info(msg)

        if isinstance(self._rescale_mode, str) and self._rescale_mode == "auto":
            self._rescale_mode = s

        self._Atilde = atilde
        self._compute_eigenquantities()
        self._compute_modes(Y, U, s, V)

        return U, s, V

    @property
    def shape(self):
        return self.as_numpy_array.shape

    def __call__(self, snapshot_lowrank_modal_coefficients):

        return self._Atilde.dot(snapshot_lowrank_modal_coefficients)

    @property
    def eigenvalues(self):
        if not hasattr(self, "_eigenvalues"):
            raise ValueError("You need to call fit before")
        return self._eigenvalues

    @property
    def eigenvectors(self):
        if not hasattr(self, "_eigenvectors"):
            raise ValueError("You need to call fit before")
        return self._eigenvectors

    @property
    def modes(self):
        if not hasattr(self, "_modes"):
            raise ValueError("You need to call fit before")
        return self._modes

    @property
    def Lambda(self):
        if not hasattr(self, "_Lambda"):
            raise ValueError("You need to call fit before")
        return self._Lambda

    @property
    def as_numpy_array(self):
        if not hasattr(self, "_Atilde") or self._Atilde is None:
            raise ValueError("You need to call fit before")
        else:
            return self._Atilde

    def _least_square_operator(self, U, s, V, Y):
        if self._tikhonov_regularization is not None:
            s = (
                s**2 + self._tikhonov_regularization * self._norm_X
            ) * np.reciprocal(s)
        return np.linalg.multi_dot([U.T.conj(), Y, V]) * np.reciprocal(s)

    def _compute_eigenquantities(self):

        if self._rescale_mode is None:
            # scaling isn't required
            Ahat = self._Atilde
        elif isinstance(self._rescale_mode, np.ndarray):
            if len(self._rescale_mode) != self.as_numpy_array.shape[0]:
                raise ValueError(
                    """Scaling by an invalid number of
                        coefficients"""
                )
            scaling_factors_array = self._rescale_mode

            factors_inv_sqrt = np.diag(np.power(scaling_factors_array, -0.5))
            factors_sqrt = np.diag(np.power(scaling_factors_array, 0.5))

            # if an index is 0, we get inf when taking the reciprocal
            for idx, item in enumerate(scaling_factors_array):
                if item == 0:
                    factors_inv_sqrt[idx] = 0

            Ahat = np.linalg.multi_dot(
                [factors_inv_sqrt, self.as_numpy_array, factors_sqrt]
            )
        else:
            raise ValueError(
                "Invalid value for rescale_mode: {} of type {}".format(
                    self._rescale_mode, type(self._rescale_mode)
                )
            )

        self._eigenvalues, self._eigenvectors = np.linalg.eig(Ahat)

        if self._sorted_eigs is not False and self._sorted_eigs is not None:
            if self._sorted_eigs == "abs":

                def k(tp):
                    return abs(tp[0])

            elif self._sorted_eigs == "real":

                def k(tp):
                    eig = tp[0]
                    if isinstance(eig, complex):
                        return (eig.real, eig.imag)
                    return (eig.real, 0)

            else:
                raise ValueError(
                    "Invalid value for sorted_eigs: {}".format(
                        self._sorted_eigs
                    )
                )

            # each column is an eigenvector, therefore we take the
            # transpose to associate each row (former column) to an
            # eigenvalue before sorting
            a, b = zip(
                *sorted(zip(self._eigenvalues, self._eigenvectors.T), key=k)
            )
            self._eigenvalues = np.array([eig for eig in a])
            # we restore the original condition (eigenvectors in columns)
            self._eigenvectors = np.array([vec for vec in b]).T

    def _compute_modes(self, Y, U, Sigma, V):

        if self._rescale_mode is None:
            W = self.eigenvectors
        else:
            # compute W as shown in arXiv:1409.5496 (section 2.4)
            factors_sqrt = np.diag(np.power(self._rescale_mode, 0.5))
            W = factors_sqrt.dot(self.eigenvectors)

        # compute the eigenvectors of the high-dimensional operator
        if self._exact:
            if self._tikhonov_regularization is not None:
                Sigma = (
                    Sigma**2 + self._tikhonov_regularization * self._norm_X
                ) * np.reciprocal(Sigma)
            high_dimensional_eigenvectors = (
                Y.dot(V) * np.reciprocal(Sigma)
            ).dot(W)
        else:
            high_dimensional_eigenvectors = U.dot(W)

        # eigenvalues are the same of lowrank
        high_dimensional_eigenvalues = self.eigenvalues

        self._modes = high_dimensional_eigenvectors
        self._Lambda = high_dimensional_eigenvalues


# --- pydmd/snapshots.py -----------------------------------------------------------------------------------------------
class Snapshots:

    def __init__(self, X):
        (
            self._snapshots,
            self._snapshots_shape,
        ) = Snapshots._unroll_space_dimensions(X)

        if self._snapshots.shape[-1] == 1:
            raise ValueError("Received only one time snapshot.")

        Snapshots._check_condition_number(self._snapshots)

        logging.info(
            "Snapshots: %s, snapshot shape: %s",
            self._snapshots.shape,
            self._snapshots_shape,
        )

    @staticmethod
    def _unroll_space_dimensions(X):
        if hasattr(X, "ndim"):
            if X.ndim == 1:
                raise ValueError(
                    "Expected at least a 2D matrix (space x time)."
                )
            snapshots = X.reshape((-1, X.shape[-1]))
            shapes = set((X.shape[:-1],))
        else:
            shapes, arrays = zip(
                *[(xarr.shape, xarr.flatten()) for xarr in map(np.asarray, X)]
            )

            shapes = set(shapes)
            if len(shapes) != 1:
                raise ValueError(
                    f"Snapshots must have the same size, found {len(shapes)}."
                )
            if len(next(iter(shapes))) == 0:
                raise ValueError("Expected at least a 2D matrix")

            # move the time to the last axis
            snapshots = np.moveaxis(np.stack(arrays), 0, -1)

        return snapshots, shapes.pop()

    @staticmethod
    def _check_condition_number(X):
        cond_number = np.linalg.cond(X)
        if cond_number > 10e4:
            warnings.warn(
                f"Input data condition number {cond_number}. "
                """Consider preprocessing data, passing in augmented data
matrix, or regularization methods."""
            )

    @property
    def snapshots(self):
        return self._snapshots

    @property
    def snapshots_shape(self):
        return self._snapshots_shape


# --- pydmd/dmdbase.py -------------------------------------------------------------------------------------------------
class ActivationBitmaskProxy:

    def __init__(self, dmd_operator, amplitudes):
        self._original_modes = dmd_operator.modes
        self._original_eigs = np.atleast_1d(dmd_operator.eigenvalues)
        self._original_amplitudes = np.atleast_1d(amplitudes)

        self.old_bitmask = None
        self.change_bitmask(np.full(len(dmd_operator.eigenvalues), True))

    def change_bitmask(self, value):

        # apply changes made on the proxied values to the original values
        if self.old_bitmask is not None:
            self._original_modes[:, self.old_bitmask] = self.modes
            self._original_eigs[self.old_bitmask] = self.eigs
            self._original_amplitudes[self.old_bitmask] = self.amplitudes

        self._modes = np.array(self._original_modes)[:, value]
        self._eigs = np.array(self._original_eigs)[value]
        self._amplitudes = np.array(self._original_amplitudes)[value]

        self.old_bitmask = value

    @property
    def modes(self):
        return self._modes

    @property
    def eigs(self):
        return self._eigs

    @property
    def amplitudes(self):
        return self._amplitudes


class DMDBase:

    def __init__(
        self,
        svd_rank=0,
        tlsq_rank=0,
        exact=False,
        opt=False,
        rescale_mode=None,
        forward_backward=False,
        sorted_eigs=False,
        tikhonov_regularization=None,
    ):
        self._Atilde = DMDOperator(
            svd_rank=svd_rank,
            exact=exact,
            rescale_mode=rescale_mode,
            forward_backward=forward_backward,
            sorted_eigs=sorted_eigs,
            tikhonov_regularization=tikhonov_regularization,
        )

        self._tlsq_rank = tlsq_rank
        self._original_time = None
        self._dmd_time = None
        self._opt = opt
        self._exact = exact

        self._b = None  # amplitudes
        self._snapshots_holder = None
        self._snapshots_holder_y = None

        self._modes_activation_bitmask_proxy = None

    @property
    def dmd_timesteps(self):
        return np.arange(
            self.dmd_time["t0"],
            self.dmd_time["tend"] + self.dmd_time["dt"],
            self.dmd_time["dt"],
        )

    @property
    def original_timesteps(self):
        return np.arange(
            self.original_time["t0"],
            self.original_time["tend"] + self.original_time["dt"],
            self.original_time["dt"],
        )

    @property
    def modes(self):
        if self.fitted:
            if not self._modes_activation_bitmask_proxy:
                self._allocate_modes_bitmask_proxy()
                # if the value is still None, it means that we cannot create
                # the proxy at the moment
                if not self._modes_activation_bitmask_proxy:
                    return self.operator.modes
            return self._modes_activation_bitmask_proxy.modes

    @property
    def operator(self):
        return self._Atilde

    @property
    def eigs(self):
        if self.fitted:
            if not self._modes_activation_bitmask_proxy:
                self._allocate_modes_bitmask_proxy()
                # if the value is still None, it means that we cannot create
                # the proxy at the moment
                if not self._modes_activation_bitmask_proxy:
                    return self.operator.eigenvalues
            return self._modes_activation_bitmask_proxy.eigs

    @property
    def dynamics(self):
        temp = np.repeat(
            self.eigs[:, None], self.dmd_timesteps.shape[0], axis=1
        )
        tpow = (
            self.dmd_timesteps - self.original_time["t0"]
        ) / self.original_time["dt"]

        # The new formula is x_(k+j) = \Phi \Lambda^k \Phi^(-1) x_j.
        # Since j is fixed, for a given snapshot "u" we have the following
        # formula:
        # x_u = \Phi \Lambda^{u-j} \Phi^(-1) x_j
        # Therefore tpow must be scaled appropriately.
        tpow = self._translate_eigs_exponent(tpow)

        return np.power(temp, tpow) * self.amplitudes[:, None]

    def _translate_eigs_exponent(self, tpow):

        if isinstance(self._opt, bool):
            amplitudes_snapshot_index = 0
        else:
            amplitudes_snapshot_index = self._opt

        if amplitudes_snapshot_index < 0:
            # we take care of negative indexes: -n becomes T - n
            return tpow - (self.snapshots.shape[1] + amplitudes_snapshot_index)
        else:
            return tpow - amplitudes_snapshot_index

    @property
    def reconstructed_data(self):
        return self.modes.dot(self.dynamics)

    @property
    def snapshots(self):
        if self._snapshots_holder:
            return self._snapshots_holder.snapshots
        return None

    @property
    def snapshots_y(self):
        if self._snapshots_holder_y:
            return self._snapshots_holder_y.snapshots
        return None

    @property
    def snapshots_shape(self):
        if self._snapshots_holder:
            return self._snapshots_holder.snapshots_shape
        return None

    @property
    def frequency(self):
        return np.log(self.eigs).imag / (2 * np.pi * self.original_time["dt"])

    @property
    def growth_rate(self):  # To check
        return self.eigs.real / self.original_time["dt"]

    @property
    def amplitudes(self):
        if self.fitted:
            if not self._modes_activation_bitmask_proxy:
                self._allocate_modes_bitmask_proxy()
            return self._modes_activation_bitmask_proxy.amplitudes

    @property
    def fitted(self):
        try:
            return self.operator.modes is not None
        except (ValueError, AttributeError):
            return False

    @property
    def modes_activation_bitmask(self):
        # check that the DMD was fitted
        if not self.fitted:
            raise RuntimeError("This DMD instance has not been fitted yet.")

        if not self._modes_activation_bitmask_proxy:
            self._allocate_modes_bitmask_proxy()

        bitmask = self._modes_activation_bitmask_proxy.old_bitmask
        # make sure that the array is immutable
        bitmask.flags.writeable = False
        return bitmask

    @modes_activation_bitmask.setter
    def modes_activation_bitmask(self, value):
        # check that the DMD was fitted
        if not self.fitted:
            raise RuntimeError("This DMD instance has not been fitted yet.")

        value = np.array(value)
        if value.dtype != bool:
            raise RuntimeError(
                "Unxpected dtype, expected bool, got {}.".format(value.dtype)
            )

        # check that the shape is correct
        if value.shape != self.modes_activation_bitmask.shape:
            raise ValueError(
                "Expected shape {}, got {}".format(
                    self.modes_activation_bitmask.shape, value.shape
                )
            )

        self._modes_activation_bitmask_proxy.change_bitmask(value)

    def _allocate_modes_bitmask_proxy(self):
        if hasattr(self, "_b") and self._b is not None:
            self._modes_activation_bitmask_proxy = ActivationBitmaskProxy(
                self.operator, self._b
            )

    def __getitem__(self, key):

        if isinstance(key, (slice, int, list, np.ndarray)):
            filter_function = lambda x: isinstance(x, int)

            if isinstance(key, (list, np.ndarray)):
                if not all(map(filter_function, key)):
                    raise ValueError(
                        "Invalid argument type, expected a slice, an int, or "
                        "a list of indexes."
                    )
                # no repeated elements
                if len(key) != len(set(key)):
                    raise ValueError("Repeated indexes are not supported.")
        else:
            raise ValueError(
                "Invalid argument type, expected a slice, an int, or a list "
                "of indexes, got {}".format(type(key))
            )

        mask = np.full(self.modes_activation_bitmask.shape, False)
        mask[key] = True

        shallow_copy = copy(self)
        shallow_copy._allocate_modes_bitmask_proxy()
        shallow_copy.modes_activation_bitmask = mask

        return shallow_copy

    @property
    def original_time(self):
        if self._original_time is None:
            raise RuntimeError(
                """
_set_initial_time_dictionary() has not been called, did you call fit()?"""
            )
        return self._original_time

    @property
    def dmd_time(self):
        if self._dmd_time is None:
            raise RuntimeError(
                """
_set_initial_time_dictionary() has not been called, did you call fit()?"""
            )
        return self._dmd_time

    @dmd_time.setter
    def dmd_time(self, value):
        self._dmd_time = deepcopy(value)

    def _set_initial_time_dictionary(self, time_dict):
        if not (
            "t0" in time_dict and "tend" in time_dict and "dt" in time_dict
        ):
            raise ValueError(
                'time_dict must contain the keys "t0", "tend" and "dt".'
            )
        if len(time_dict) > 3:
            raise ValueError(
                'time_dict must contain only the keys "t0", "tend" and "dt".'
            )

        self._original_time = DMDTimeDict(dict(time_dict))
        self._dmd_time = DMDTimeDict(dict(time_dict))

    def fit(self, X):
        name = self.__class__.__name__
        msg = f"Subclass must implement abstract method {name}.fit"
        raise NotImplementedError(msg)

    def _reset(self):
        self._modes_activation_bitmask_proxy = None
        self._b = None
        self._snapshots_holder = None
        self._snapshots_holder_y = None

    def save(self, fname):
        with open(fname, "wb") as output:
            pickle.dump(self, output, pickle.HIGHEST_PROTOCOL)

    @staticmethod
    def load(fname):
        with open(fname, "rb") as output:
            return pickle.load(output)

    def _optimal_dmd_matrices(self):
        # compute the vandermonde matrix
        vander = np.vander(self.eigs, len(self.dmd_timesteps), True)

        P = np.multiply(
            np.dot(self.modes.conj().T, self.modes),
            np.conj(np.dot(vander, vander.conj().T)),
        )

        if self._exact:
            q = np.conj(
                np.diag(
                    np.linalg.multi_dot(
                        [vander, self.snapshots.conj().T, self.modes]
                    )
                )
            )
        else:
            if self._snapshots_holder_y:
                X = self.snapshots
            else:
                X = self.snapshots[:, :-1]

            _, s, V = compute_svd(X, self.modes.shape[-1])

            q = np.conj(
                np.diag(
                    np.linalg.multi_dot(
                        [
                            vander[:, : X.shape[1]],
                            V,
                            np.diag(s).conj(),
                            self.operator.eigenvectors,
                        ]
                    )
                )
            )

        return P, q

    def _compute_amplitudes(self):
        if isinstance(self._opt, bool) and self._opt:
            # b optimal
            a = np.linalg.solve(*self._optimal_dmd_matrices())
        else:
            if isinstance(self._opt, bool):
                amplitudes_snapshot_index = 0
            else:
                amplitudes_snapshot_index = self._opt

            a = np.linalg.lstsq(
                self.modes,
                self.snapshots.T[amplitudes_snapshot_index],
                rcond=None,
            )[0]

        return a

    def _compare_data_shapes(self, y_snapshots):
        if self.snapshots.shape != y_snapshots.shape:
            msg = "X {} and Y {} input data must be the same shape."
            raise ValueError(
                msg.format(self.snapshots.shape, y_snapshots.shape)
            )


class DMDTimeDict(dict):
    def __setitem__(self, key, value):
        if key in ["t0", "tend", "dt"]:
            dict.__setitem__(self, key, value)
        else:
            raise KeyError(
                """DMDBase.dmd_time accepts only the following keys: "t0",
"tend", "dt", {} is not allowed.""".format(
                    key
                )
            )

    def __eq__(self, o):
        if isinstance(o, dict):
            return all(map(lambda s: o[s] == self[s], ["t0", "tend", "dt"]))
        return False


# --- pydmd/dmd.py -----------------------------------------------------------------------------------------------------
class DMD(DMDBase):

    def fit(self, X, Y=None):
        self._reset()
        self._snapshots_holder = Snapshots(X)
        n_samples = self.snapshots.shape[1]

        if Y is None:
            X = self.snapshots[:, :-1]
            Y = self.snapshots[:, 1:]
        else:
            self._compare_data_shapes(Snapshots(Y).snapshots)
            self._snapshots_holder_y = Snapshots(Y)
            X = self.snapshots
            Y = self.snapshots_y

        X, Y = compute_tlsq(X, Y, self._tlsq_rank)
        self._svd_modes, _, _ = self.operator.compute_operator(X, Y)

        # Default timesteps
        self._set_initial_time_dictionary(
            {"t0": 0, "tend": n_samples - 1, "dt": 1}
        )

        self._b = self._compute_amplitudes()

        return self

    def predict(self, X):
        return np.linalg.multi_dot(
            [self.modes, np.diag(self.eigs), pinv(self.modes), X]
        )


# --- pydmd/dmd_modes_tuner.py -----------------------------------------------------------------------------------------
def stabilize_modes(
    dmd, inner_radius, outer_radius=np.inf, in_place=True, return_indexes=False
):
    if not in_place:
        dmd = deepcopy(dmd)

    eigs_module = np.abs(dmd.eigs)

    # indexes associated with eigenvalues that must be stabilized
    fixable_eigs_indexes = np.logical_and(
        inner_radius < eigs_module,
        eigs_module < outer_radius,
    )

    dmd.amplitudes[fixable_eigs_indexes] *= np.abs(
        dmd.eigs[fixable_eigs_indexes]
    )
    dmd.eigs[fixable_eigs_indexes] /= np.abs(dmd.eigs[fixable_eigs_indexes])

    if return_indexes:
        stabilized_indexes = np.where(fixable_eigs_indexes)[0]
        return dmd, stabilized_indexes
    return dmd


# --- pydmd/varprodmd.py -----------------------------------------------------------------------------------------------
OPT_DEF_ARGS = MappingProxyType(
    {
        "method": "trf",
        "tr_solver": "exact",
        "loss": "linear",
        "x_scale": "jac",
        "gtol": 1e-8,
        "xtol": 1e-8,
        "ftol": 1e-8,
    }
)


def _compute_dmd_ev(
    x_current: np.ndarray,
    x_next: np.ndarray,
    rank: Union[float, int] = 0,
) -> np.ndarray:

    u_x, sigma_x, v_x = compute_svd(x_current, rank)

    # columns of v need to be multiplicated with inverse sigma
    sigma_inv_approx = np.reciprocal(sigma_x)

    a_approx = np.linalg.multi_dot(
        [u_x.conj().T, x_next, sigma_inv_approx[None] * v_x]
    )

    return np.linalg.eigvals(a_approx)


class _OptimizeHelper:  # pylint: disable=too-few-public-methods

    __slots__ = ["phi", "phi_inv", "u_svd", "s_inv", "v_svd", "b_matrix", "rho"]

    def __init__(self, l_in: int, m_in: int, n_in: int):
        self.phi = np.empty((m_in, l_in), dtype=np.complex128)
        self.u_svd = np.empty((m_in, l_in), dtype=np.complex128)
        self.s_inv = np.empty((l_in,), dtype=np.complex128)
        self.v_svd = np.empty((l_in, l_in), dtype=np.complex128)
        self.b_matrix = np.empty((l_in, n_in), dtype=np.complex128)
        self.rho = np.empty((m_in, n_in), dtype=np.complex128)


def _compute_dmd_rho(
    alphas: np.ndarray,
    time: np.ndarray,
    data: np.ndarray,
    opthelper: _OptimizeHelper,
) -> np.ndarray:

    _alphas = np.zeros((alphas.shape[-1] // 2,), dtype=np.complex128)
    _alphas.real = alphas[: alphas.shape[-1] // 2]
    _alphas.imag = alphas[alphas.shape[-1] // 2 :]

    phi = np.exp(np.outer(time, _alphas))
    u_phi, s_phi, v_phi_t = np.linalg.svd(phi, full_matrices=False)
    idx = np.where(s_phi.real != 0.0)[0]
    s_phi_inv = np.zeros_like(s_phi)
    s_phi_inv[idx] = np.reciprocal(s_phi[idx])

    rho = data - np.linalg.multi_dot([u_phi, u_phi.conj().T, data])
    rho_flat = np.ravel(rho)
    rho_out = np.zeros((2 * rho_flat.shape[-1],), dtype=np.float64)
    rho_out[: rho_flat.shape[-1]] = rho_flat.real
    rho_out[rho_flat.shape[-1] :] = rho_flat.imag

    opthelper.phi = phi
    opthelper.u_svd = u_phi
    opthelper.s_inv = s_phi_inv
    opthelper.v_svd = v_phi_t.conj().T
    opthelper.rho = rho
    opthelper.b_matrix = np.linalg.multi_dot(
        [
            opthelper.v_svd * s_phi_inv[None],
            opthelper.u_svd.conj().T,
            data,
        ]
    )
    return rho_out


def _compute_dmd_jac(
    alphas: np.ndarray,
    time: np.ndarray,
    data: np.ndarray,
    opthelper: _OptimizeHelper,
) -> np.ndarray:

    _alphas = np.zeros((alphas.shape[-1] // 2,), dtype=np.complex128)
    _alphas.real = alphas[: alphas.shape[-1] // 2]
    _alphas.imag = alphas[alphas.shape[-1] // 2 :]
    jac_out = np.zeros((2 * np.prod(data.shape), alphas.shape[-1]))

    for j in range(_alphas.shape[-1]):
        d_phi_j = time * opthelper.phi[:, j]
        outer = np.outer(d_phi_j, opthelper.b_matrix[j])
        a_j = outer - np.linalg.multi_dot(
            [opthelper.u_svd, opthelper.u_svd.conj().T, outer]
        )
        g_j = np.linalg.multi_dot(
            [
                opthelper.u_svd * opthelper.s_inv[None],
                np.outer(
                    opthelper.v_svd[j].conj(), d_phi_j.conj() @ opthelper.rho
                ),
            ]
        )
        # Compute the jacobian J_mat_j = - (A_j + G_j).
        jac = -a_j - g_j
        jac_flat = np.ravel(jac)

        # construct the overall jacobian for optimized
        # J_real = |Re{J} -Im{J}|
        #          |Im{J}  Re{J}|

        # construct real part for optimization
        jac_out[: jac_out.shape[0] // 2, j] = jac_flat.real
        jac_out[jac_out.shape[0] // 2 :, j] = jac_flat.imag

        # construct imaginary part for optimization
        jac_out[: jac_out.shape[0] // 2, _alphas.shape[-1] + j] = -jac_flat.imag
        jac_out[jac_out.shape[0] // 2 :, _alphas.shape[-1] + j] = jac_flat.real

    return jac_out


def _varpro_preprocessing(
    data: np.ndarray,
    time: np.ndarray,
    rank: Union[float, int] = 0.0,
    use_proj: bool = True,
) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:

    u_r, s_r, v_r = compute_svd(data, rank)
    data_out = v_r.conj().T * s_r[:, None] if use_proj else data

    # trapezoidal derivative approximation
    y_out = (data_out[:, :-1] + data_out[:, 1:]) / 2.0
    dt_in = time[1:] - time[:-1]
    z_out = (data_out[:, 1:] - data_out[:, :-1]) / dt_in[None]

    return z_out, y_out, data_out, u_r


def _compute_dmd_varpro(
    alphas_init: np.ndarray,
    time: np.ndarray,
    data: np.ndarray,
    opthelper: _OptimizeHelper,
    **optargs,
) -> OptimizeResult:

    return least_squares(
        _compute_dmd_rho,
        alphas_init,
        _compute_dmd_jac,
        **optargs,
        args=[time, data, opthelper],
    )


def select_best_samples_fast(data: np.ndarray, comp: float = 0.9) -> np.ndarray:

    if len(data.shape) != 2:
        raise ValueError("Expected 2D array!")

    if not 0 < comp < 1:
        raise ValueError("Compression must be in (0, 1)]")

    n_samples = int(data.shape[-1] * (1.0 - comp))
    pcolumn = qr(data, mode="economic", pivoting=True)[-1]

    return pcolumn[:n_samples]


def compute_varprodmd_any(  # pylint: disable=unused-variable
    data: np.ndarray,
    time: np.ndarray,
    optargs: Dict[str, Any],
    rank: Union[float, int] = 0.0,
    use_proj: bool = True,
    compression: float = 0,
) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, OptimizeResult]:

    if len(data.shape) != 2:
        raise ValueError("data needs to be 2D array")

    if len(time.shape) != 1:
        raise ValueError("time needs to be a 1D array")

    #  y_in, z_in, data_in, u_r
    res = _varpro_preprocessing(data, time, rank, use_proj)
    omegas = _compute_dmd_ev(res[0], res[1], res[-1].shape[-1])

    if compression > 0:
        indices = select_best_samples_fast(res[2], compression)

        if indices.size <= 1:
            indices = np.arange(res[2])

    else:
        indices = np.arange(res[2].shape[-1])

    if res[2].shape[-1] < omegas.shape[-1]:
        warnings.warn(
            " ".join(
                (
                    "Attempting to solve underdetermined system.",
                    "Decrease desired rank or compression!",
                )
            )
        )

    opthelper = _OptimizeHelper(res[-1].shape[-1], *res[2].shape)
    opt = _compute_dmd_varpro(
        np.concatenate([omegas.real, omegas.imag]),
        time[indices],
        res[2][:, indices].T,
        opthelper,
        **optargs,
    )
    omegas.real = opt.x[: opt.x.shape[-1] // 2]
    omegas.imag = opt.x[opt.x.shape[-1] // 2 :]
    xi = res[-1] @ opthelper.b_matrix.T if use_proj else opthelper.b_matrix.T
    eigenf = np.linalg.norm(xi, axis=0)
    return xi / eigenf[None], omegas, eigenf, indices, opt


def varprodmd_predict(
    phi: np.ndarray,
    omegas: np.ndarray,
    eigenf: np.ndarray,
    time: np.ndarray,
) -> np.ndarray:

    return phi @ (np.exp(np.outer(omegas, time)) * eigenf[:, None])


# --- pydmd/bopdmd.py --------------------------------------------------------------------------------------------------
# (the methods named in the module docstring; not compute_operator, the properties or the BOPDMD class)
class BOPDMDOperator(DMDOperator):
    def __init__(
        self,
        compute_A,
        use_proj,
        init_alpha,
        proj_basis,
        num_trials,
        trial_size,
        eig_sort,
        eig_constraints,
        mode_prox,
        remove_bad_bags,
        bag_warning,
        bag_maxfail,
        parallel_bagging,
        real_eig_limit,
        seed=None,
        init_lambda=1.0,
        maxlam=52,
        lamup=2.0,
        use_levmarq=True,
        maxiter=30,
        tol=1e-6,
        eps_stall=1e-12,
        use_fulljac=True,
        verbose=False,
        varpro_flag=True,
    ):
        self._compute_A = compute_A
        self._use_proj = use_proj
        self._init_alpha = init_alpha
        self._proj_basis = proj_basis
        self._num_trials = num_trials
        self._trial_size = trial_size
        self._eig_sort = eig_sort
        self._eig_constraints = eig_constraints
        self._mode_prox = mode_prox
        self._remove_bad_bags = remove_bad_bags
        self._bag_warning = bag_warning
        self._bag_maxfail = bag_maxfail
        self._parallel_bagging = parallel_bagging
        self._real_eig_limit = real_eig_limit
        self._seed = seed
        self._varpro_flag = varpro_flag
        self._varpro_opts = [
            init_lambda,
            maxlam,
            lamup,
            use_levmarq,
            maxiter,
            tol,
            eps_stall,
            use_fulljac,
            verbose,
        ]
        self._varpro_opts_warn()

        self._modes = None
        self._eigenvalues = None
        self._modes_std = None
        self._eigenvalues_std = None
        self._amplitudes_std = None
        self._Atilde = None
        self._A = None

    def _varpro_opts_warn(self):
        # Generate dictionary of recommended value range for each parameter.
        rec_ranges = OrderedDict()
        rec_ranges["init_lambda"] = [0.0, 1e16]
        rec_ranges["maxlam"] = [0, 200]
        rec_ranges["lamup"] = [1.0, 1e16]
        rec_ranges["use_levmarq"] = [-np.inf, np.inf]
        rec_ranges["maxiter"] = [0, 1e12]
        rec_ranges["tol"] = [0.0, 1e16]
        rec_ranges["eps_stall"] = [-np.inf, 1.0]
        rec_ranges["use_fulljac"] = [-np.inf, np.inf]
        rec_ranges["verbose"] = [-np.inf, np.inf]

        for opt_value, (opt_name, (opt_min, opt_max)) in zip(
            self._varpro_opts, rec_ranges.items()
        ):
            if not isinstance(opt_value, (int, float, bool)):
                raise TypeError("Invalid variable projection option given.")

            if opt_value < opt_min:
                msg = (
                    "Option {} with value {} is less than {}, "
                    "which is not recommended."
                )
                warnings.warn(msg.format(opt_name, opt_value, opt_min))
            elif opt_value > opt_max:
                msg = (
                    "Option {} with value {} is greater than {}, "
                    "which is not recommended."
                )
                warnings.warn(msg.format(opt_name, opt_value, opt_max))

    @staticmethod
    def _diff_func(eigenvalues, omega, ind, absolute_diff):
        if absolute_diff:
            diff = np.abs(np.abs(eigenvalues.imag) - np.abs(omega.imag))
            diff[ind] = np.nan
            return diff

        sign = np.sign(omega.imag)

        # Catch the edge case of the eigenvalues being exactly 0.
        if sign == 0.0:
            diff = np.abs(np.abs(eigenvalues.imag) - omega.imag)
            diff[ind] = np.nan
            return diff

        same_sign_index = np.sign(eigenvalues.imag) == sign
        opp_sign_eigs = np.copy(eigenvalues.imag)
        opp_sign_eigs[same_sign_index] = np.nan
        return np.abs(np.abs(opp_sign_eigs) - np.abs(omega.imag))

    def _force_conj_pairs(self, eigenvalues):

        num_eigs = len(eigenvalues)
        new_eigs = np.empty(num_eigs, dtype=np.complex64)

        unassigned_inds = set(np.arange(num_eigs))
        pair_indices = np.zeros((num_eigs // 2, 2))
        pair_counter = 0
        num_expected_pairs = num_eigs

        diff_array = np.zeros((num_eigs, num_eigs))

        # If given an odd number of eigenvalues, find the eigenvalue with
        # the smallest imaginary part and take it to be a DC mode
        # eigenvalue.
        if num_eigs % 2 == 1:
            ind_0 = np.argmin(np.abs(eigenvalues.imag))
            new_eigs[ind_0] = eigenvalues[ind_0].real + 0j
            unassigned_inds.remove(ind_0)
            eigenvalues[ind_0] = np.nan + 1j * np.nan
            num_expected_pairs -= 1
            num_eigs_adj = num_eigs - 1
        else:
            num_eigs_adj = num_eigs

        # Determine if we have eigenvalues with opposite signs or if we are
        # in a weird state where we might not be able to match eigenvalues.
        absolute_diff = np.count_nonzero(
            eigenvalues.imag > 0
        ) != np.count_nonzero(eigenvalues.imag < 0)

        for nomega, omega in enumerate(eigenvalues):
            # Comparing just the imaginary components allows the
            # conjugate pair identification to be insensitive to the real
            # part.
            diff_array[nomega] = BOPDMDOperator._diff_func(
                eigenvalues, omega, nomega, absolute_diff
            )

        while unassigned_inds:
            # Choose the pair that are closest together, pair them, and then
            # remove them from further consideration.
            ind_1, ind_2 = np.nonzero(diff_array == np.nanmin(diff_array))
            ind_1 = ind_1[0]
            ind_2 = ind_2[0]

            eig_1 = eigenvalues[ind_1]
            eig_2 = eigenvalues[ind_2]

            unassigned_inds.remove(ind_2)
            unassigned_inds.remove(ind_1)
            diff_array[ind_1] = np.nan
            diff_array[:, ind_1] = np.nan
            diff_array[:, ind_2] = np.nan
            diff_array[ind_2] = np.nan
            pair_indices[pair_counter, 0] = ind_1
            pair_indices[pair_counter, 1] = ind_2
            pair_counter += 1

            a = 0.5 * (eig_1.real + eig_2.real)
            b = 0.5 * (np.abs(eig_1.imag) + np.abs(eig_2.imag))

            # If a conjugate pair is not a conjugate pair because of sign
            # issues, we can force the solution back to conjugate pairs
            # by giving them opposite signs.
            sign_1 = np.sign(eig_1.imag)
            sign_2 = np.sign(eig_2.imag)
            if sign_1 == sign_2:
                # We arbitrarily select one of the pairs to take the
                # opposite sign
                sign_1 = -1 * sign_1

            new_eigs[ind_1] = a + 1j * (b * sign_1)
            new_eigs[ind_2] = a + 1j * (b * sign_2)

        if not len(np.unique(pair_indices)) == num_eigs_adj:
            # In this case the number of found pairs does not equal the
            # expected number. Raise an error and let the user know the
            # current state of the solver eigenvalues.
            msg = (
                "Trouble pairing conjugate pairs. \n"
                f"Pair indices = {pair_indices}"
                f"eigenvalues = {eigenvalues}"
            )
            raise ValueError(msg)

        return np.copy(new_eigs)

    def _push_eigenvalues(self, eigenvalues):

        if isfunction(self._eig_constraints):
            return self._eig_constraints(eigenvalues)

        if "conjugate_pairs" in self._eig_constraints:
            eigenvalues = self._force_conj_pairs(eigenvalues)

        if "stable" in self._eig_constraints:
            right_half = eigenvalues.real > 0.0
            eigenvalues[right_half] = 1j * eigenvalues[right_half].imag
        elif "imag" in self._eig_constraints:
            eigenvalues = 1j * eigenvalues.imag
        elif "limited" in self._eig_constraints:
            # For eigenvalues with the real part over the limit, reset the real
            # part to 0 to make the solver try again.
            too_big = np.abs(eigenvalues.real) > self._real_eig_limit
            eigenvalues[too_big] = 1j * eigenvalues[too_big].imag

        return eigenvalues

    def _exp_function(self, alpha, t):
        return np.exp(np.outer(t, alpha))

    def _exp_function_deriv(self, alpha, t, i):
        m = len(t)
        n = len(alpha)
        if i < 0 or i > n - 1:
            raise ValueError("Invalid index i given to exp_function_deriv.")
        A = np.multiply(t, np.exp(alpha[i] * t))
        return csr_matrix(
            (A, (np.arange(m), np.full(m, fill_value=i))), shape=(m, n)
        )

    @staticmethod
    def _compute_irank_svd(X, tolrank):
        U, s, Vh = np.linalg.svd(X, full_matrices=False)
        irank = np.sum(s > tolrank * s[0])
        U = U[:, :irank]
        S = np.diag(s[:irank])
        Vh = Vh[:irank]
        return U, S, Vh

    def _argsort_eigenvalues(self, eigs):
        # Set the sorting style if eig_sort is "auto".
        # Note: the initial call to this function will set the eig_sort
        # attribute that will be used for the remainder of all fits!
        if self._eig_sort == "auto":
            real_var = np.var(eigs.real)
            imag_var = np.var(eigs.imag)
            abs_var = np.var(np.abs(eigs))
            all_var = [real_var, imag_var, abs_var]
            self._eig_sort = ("real", "imag", "abs")[np.argmax(all_var)]

        # Sort the results according to eig_sort.
        if self._eig_sort == "real":
            return np.argsort(eigs)
        if self._eig_sort == "imag":
            eigs_real_imag_swapped = eigs.imag + (1j * eigs.real)
            return np.argsort(eigs_real_imag_swapped)
        if self._eig_sort == "abs":
            return np.argsort(np.abs(eigs))

        raise ValueError("Provided eig_sort method is not supported.")

    def _bag(self, H, trial_size, trial_seed=None):
        # Ensure that H is a 2D numpy.ndarray.
        if not isinstance(H, np.ndarray) or H.ndim != 2:
            msg = "H must be a 2D np.ndarray."
            raise ValueError(msg)

        if 0 < trial_size < 1:
            batch_size = int(trial_size * H.shape[0])
        elif trial_size >= 1 and isinstance(trial_size, int):
            batch_size = trial_size
        else:
            msg = (
                "Invalid trial_size parameter. trial_size must be either "
                "a positive integer or a float between 0 and 1."
            )
            raise ValueError(msg)

        # Throw an error if the batch size is too large or too small.
        if batch_size > H.shape[0]:
            msg = (
                "Error bagging the input data. Please ensure that the "
                "trial_size parameter is small enough for bagging."
            )
            raise ValueError(msg)

        if batch_size == 0:
            msg = (
                "Error bagging the input data. Please ensure that the "
                "trial_size parameter is large enough for bagging."
            )
            raise ValueError(msg)

        # Obtain and return subset of the data.
        all_inds = np.arange(H.shape[0])
        rng = np.random.default_rng(trial_seed)
        subset_inds = np.sort(
            rng.choice(all_inds, size=batch_size, replace=False)
        )
        return H[subset_inds], subset_inds

    def _variable_projection(
        self,
        H,
        t,
        init_alpha,
        Phi,
        dPhi,
        amp_limit,
    ):
        # Define M, IS, and IA.
        M, IS = H.shape
        IA = len(init_alpha)
        tolrank = M * np.finfo(float).eps

        # Unpack all variable projection parameters stored in varpro_opts.
        (
            init_lambda,
            maxlam,
            lamup,
            use_levmarq,
            maxiter,
            tol,
            eps_stall,
            use_fulljac,
            verbose,
        ) = self._varpro_opts

        def compute_error(B, alpha):
            residual = H - Phi(alpha, t).dot(B)
            objective = 0.5 * np.linalg.norm(residual, "fro") ** 2
            error = np.linalg.norm(residual, "fro") / np.linalg.norm(H, "fro")

            return residual, objective, error

        def compute_B(alpha, amp_lim=None):
            # Compute B using least squares.
            try:
                B = np.linalg.lstsq(Phi(alpha, t), H, rcond=None)[0]
            except LinAlgError:
                msg = (
                    f"Could not solve variable projection. This failure is "
                    f"often the result of the real eigenvalues being too large "
                    f"and creating infs in the solution. Try "
                    f"reducing the rank or providing a constraint "
                    f"on the real eigenvalues.\nEigenvalues={alpha}"
                )
                print(msg)
                raise

            # Apply proximal operator if given, and if data isn't projected.
            if self._mode_prox is not None and not self._use_proj:
                B = self._mode_prox(B)

            # Apply amplitude limits if provided.
            if amp_lim is not None:
                b = np.sqrt(np.sum(np.abs(B) ** 2, axis=1))
                B[b > amp_lim] = np.finfo(float).eps

            return B

        # Initialize values.
        _lambda = init_lambda
        alpha = self._push_eigenvalues(init_alpha)
        B = compute_B(alpha, amp_lim=amp_limit)
        U, S, Vh = self._compute_irank_svd(Phi(alpha, t), tolrank)

        # Initialize termination flags.
        converged = False
        stalled = False

        # Initialize storage.
        all_error = np.zeros(maxiter)
        djac_matrix = np.zeros((M * IS, IA), dtype="complex")
        rjac = np.zeros((2 * IA, IA), dtype="complex")
        scales = np.zeros(IA)

        # Initialize iteration progress indicators.
        residual, objective, error = compute_error(B, alpha)

        for itr in range(maxiter):
            # Build Jacobian matrix, looping over alpha indices.
            for i in range(IA):
                # Build the approximate expression for the Jacobian.
                dphi_temp = dPhi(alpha, t, i)
                ut_dphi = csr_matrix(U.conj().T @ dphi_temp)
                uut_dphi = csr_matrix(U @ ut_dphi)
                djac_a = (dphi_temp - uut_dphi) @ B
                djac_matrix[:, i] = djac_a.ravel(order="F")

                # Compute the full expression for the Jacobian.
                if use_fulljac:
                    transform = np.linalg.multi_dot([U, np.linalg.inv(S), Vh])
                    dphit_res = csr_matrix(dphi_temp.conj().T @ residual)
                    djac_b = transform @ dphit_res
                    djac_matrix[:, i] += djac_b.ravel(order="F")

                # Scale for the Levenberg algorithm.
                scales[i] = 1
                # Scale for the Levenberg-Marquardt algorithm.
                if use_levmarq:
                    scales[i] = min(np.linalg.norm(djac_matrix[:, i]), 1)
                    scales[i] = max(scales[i], 1e-6)

            # Loop to determine lambda (the step-size parameter).
            rhs_temp = np.copy(residual.ravel(order="F"))[:, None]
            q_out, djac_out, j_pvt = qr(
                djac_matrix, mode="economic", pivoting=True
            )
            if not self._varpro_flag:
                # The original python, which is a "mistake" that makes bopdmd
                # behave more like exact DMD but also keeps the solver from
                # wandering into bad states.
                ij_pvt = np.arange(IA)
                ij_pvt = ij_pvt[j_pvt]
            elif self._varpro_flag:
                # Use the true variable projection.
                ij_pvt = np.zeros(IA, dtype=int)
                ij_pvt[j_pvt] = np.arange(IA, dtype=int)
            rjac[:IA] = np.triu(djac_out[:IA])
            rhs_top = q_out.conj().T.dot(rhs_temp)
            scales_pvt = scales[j_pvt[:IA]]
            rhs = np.concatenate(
                (rhs_top[:IA], np.zeros(IA, dtype="complex")), axis=None
            )

            def step(
                _lambda,
                scales_pvt=scales_pvt,
                rhs=rhs,
                ij_pvt=ij_pvt,
            ):
                # Compute the step delta.
                rjac[IA:] = _lambda * np.diag(scales_pvt)
                delta = np.linalg.lstsq(rjac, rhs, rcond=None)[0]
                delta = delta[ij_pvt]

                # Compute the updated alpha vector.
                alpha_updated = alpha.ravel() + delta.ravel()
                alpha_updated = self._push_eigenvalues(alpha_updated)
                return delta, alpha_updated

            # Take a step using our initial step size init_lambda.
            if verbose:
                print(f"alpha before step/n{alpha}")
            delta_0, alpha_0 = step(_lambda)
            B_0 = compute_B(alpha_0, amp_lim=amp_limit)
            residual_0, objective_0, error_0 = compute_error(B_0, alpha_0)

            # Check actual improvement vs predicted improvement.
            actual_improvement = objective - objective_0
            pred_improvement = (
                0.5
                * np.linalg.multi_dot(
                    [delta_0.conj().T, djac_matrix.conj().T, rhs_temp]
                )[0].real
            )
            improvement_ratio = actual_improvement / pred_improvement

            if error_0 < error:
                # Rescale lambda based on the improvement ratio.
                _lambda *= max(1 / 3, 1 - (2 * improvement_ratio - 1) ** 3)
                alpha, B = alpha_0, B_0
                residual, objective, error = residual_0, objective_0, error_0
            else:
                # Increase lambda until something works.
                for _ in range(maxlam):
                    _lambda *= lamup
                    delta_0, alpha_0 = step(_lambda)
                    B_0 = compute_B(alpha_0, amp_lim=amp_limit)
                    residual_0, objective_0, error_0 = compute_error(
                        B_0, alpha_0
                    )

                    if error_0 < error:
                        break

                # Terminate if no appropriate step length was found...
                if error_0 >= error:
                    if verbose:
                        msg = (
                            "Failed to find appropriate step length at "
                            "iteration {}. Current error {}. "
                            "Consider increasing maxlam or lamup."
                        )
                        print(msg.format(itr + 1, error))
                    return B, alpha, converged

                # ...otherwise, update and proceed.
                alpha, B = alpha_0, B_0
                residual, objective, error = residual_0, objective_0, error_0

            if verbose:
                print(f"alpha after step\n{alpha}")

            # Update SVD information.
            U, S, Vh = self._compute_irank_svd(Phi(alpha, t), tolrank)

            # Record the current relative error.
            all_error[itr] = error

            # Print iterative progress if the verbose flag is turned on.
            if verbose:
                update_msg = "Step {} Error {} Lambda {}"
                print(update_msg.format(itr + 1, error, _lambda))

            # Update termination status and terminate if converged or stalled.
            converged = error < tol
            error_reduction = all_error[itr - 1] - all_error[itr]
            stalled = (itr > 0) and (
                error_reduction < eps_stall * all_error[itr - 1]
            )

            if converged:
                if verbose:
                    print("Convergence reached!")
                return B, alpha, converged

            if stalled:
                if verbose:
                    msg = (
                        "Stall detected: error reduced by less than {} "
                        "times the error at the previous step. "
                        "Iteration {}. Current error {}. Consider "
                        "increasing tol or decreasing eps_stall."
                    )
                    print(msg.format(eps_stall, itr + 1, error))
                return B, alpha, converged

        # Failed to meet tolerance in maxiter steps.
        if verbose:
            msg = (
                "Failed to reach tolerance after maxiter = {} iterations. "
                "Current error {}."
            )
            print(msg.format(maxiter, error))

        return B, alpha, converged

    def _single_trial_compute_operator(self, H, t, init_alpha):

        # An amplitude limit is available but not implemented.
        b_lim = None
        B, alpha, converged = self._variable_projection(
            H,
            t,
            init_alpha,
            self._exp_function,
            self._exp_function_deriv,
            b_lim,
        )
        # Save the modes, eigenvalues, and amplitudes respectively.
        w = B.T
        e = alpha
        b = np.sqrt(np.sum(np.abs(w) ** 2, axis=0))

        # Normalize the modes and the amplitudes.
        inds_small = np.abs(b) < (10 * np.finfo(float).eps * np.max(b))
        b[inds_small] = 1.0
        w = w.dot(np.diag(1 / b))
        w[:, inds_small] = 0.0
        b[inds_small] = 0.0

        # Compute the projected propagator Atilde.
        if self._use_proj:
            Atilde = np.linalg.multi_dot([w, np.diag(e), np.linalg.pinv(w)])
            # Unproject the dmd modes.
            w = self._proj_basis.dot(w)
            # Apply mode proximal operator if given.
            if self._mode_prox is not None:
                w = self._mode_prox(w)
        else:
            w_proj = self._proj_basis.conj().T.dot(w)
            Atilde = np.linalg.multi_dot(
                [w_proj, np.diag(e), np.linalg.pinv(w_proj)]
            )

        # Compute the full system matrix A.
        if self._compute_A:
            A = np.linalg.multi_dot([w, np.diag(e), np.linalg.pinv(w)])
        else:
            A = None

        return w, e, b, Atilde, A, converged


# --- pydmd/spdmd.py ---------------------------------------------------------------------------------------------------
def soft_thresholding_operator(v, k):
    return np.multiply(
        np.multiply(np.divide(1 - k, np.abs(v)), v), np.abs(v) > k
    )


class SpDMD(DMD):

    def __init__(
        self,
        svd_rank=0,
        tlsq_rank=0,
        exact=True,
        opt=False,
        rescale_mode=None,
        forward_backward=False,
        sorted_eigs=False,
        abs_tolerance=1.0e-6,
        rel_tolerance=1.0e-4,
        max_iterations=10000,
        rho=1,
        gamma=10,
        verbose=True,
        enforce_zero=True,
        release_memory=True,
        zero_absolute_tolerance=1.0e-12,
    ):
        super().__init__(
            svd_rank=svd_rank,
            tlsq_rank=tlsq_rank,
            exact=exact,
            opt=opt,
            rescale_mode=rescale_mode,
            forward_backward=forward_backward,
            sorted_eigs=sorted_eigs,
        )

        self.rho = rho
        self.gamma = gamma
        self._max_iterations = max_iterations
        self._abs_tol = abs_tolerance
        self._rel_tol = rel_tolerance
        self._verbose = verbose
        self._enforce_zero = enforce_zero
        self._release_memory = release_memory
        self._zero_absolute_tolerance = zero_absolute_tolerance

        self._P = None
        self._q = None
        self._Plow = None

        self._modes_activation_bitmask_proxy = None

    def fit(self, X):
        super().fit(X)

        P, q = self._optimal_dmd_matrices()

        self._P = sparse(P)
        self._q = q
        # Cholesky factorization of matrix P + (rho/2)*I
        Prho = P + np.identity(len(self.amplitudes)) * self.rho / 2
        self._Plow = np.linalg.cholesky(Prho)

        # find which amplitudes are to be set to 0
        zero_amplitudes = self._find_zero_amplitudes()

        # compute the (sparse) vector of optimal DMD amplitudes
        self._b = self._optimal_amplitudes(zero_amplitudes)
        # re-allocate the Proxy to avoid problems due to the fact that we
        # re-computed the amplitudes
        self._allocate_modes_bitmask_proxy()

        # release memory
        if self._release_memory:
            self._P = None
            self._q = None
            self._Plow = None

        return self

    def _update_alpha(self, beta, lmbd):
        uk = beta - lmbd / self.rho
        return solve(
            self._Plow.conj().T, solve(self._Plow, self._q + uk * self.rho / 2)
        )

    def _update_beta(self, alpha, lmbd):
        return soft_thresholding_operator(
            alpha + lmbd / self.rho, self.gamma / self.rho
        )

    def _update_lagrangian(self, alpha, beta, lmbd):
        return lmbd + (alpha - beta) * self.rho

    def _update(self, beta, lmbd):
        a_new = self._update_alpha(beta, lmbd)
        b_new = self._update_beta(a_new, lmbd)
        l_new = self._update_lagrangian(a_new, b_new, lmbd)

        return a_new, b_new, l_new

    def _loop_condition(self, alpha, beta, lmbd, old_beta):
        primal_residual = np.linalg.norm(alpha - beta)
        dual_residual = self.rho * np.linalg.norm(beta - old_beta)

        eps_primal = np.sqrt(len(alpha)) * self._abs_tol + self._rel_tol * max(
            np.linalg.norm(alpha), np.linalg.norm(beta)
        )
        eps_dual = np.sqrt(
            len(alpha)
        ) * self._abs_tol + self._rel_tol * np.linalg.norm(lmbd)

        return primal_residual < eps_primal and dual_residual < eps_dual

    def _find_zero_amplitudes(self):
        n_amplitudes = len(self.amplitudes)

        # initial values of lmbd and beta are all 0
        beta0 = np.zeros(n_amplitudes, dtype="complex")
        lmbd0 = np.zeros(n_amplitudes, dtype="complex")

        # perform a first step of ADMM
        alpha, beta, lmbd = self._update(beta0, lmbd0)
        old_beta = beta0

        # count the number of iterations of ADMM
        i = 0

        # at the beginning of each iteration check if ADMM can stop (because of
        # loop_condition or number of iterations)
        while (
            not self._loop_condition(alpha, beta, lmbd, old_beta)
            and i < self._max_iterations
        ):
            i += 1

            old_beta = beta
            alpha, beta, lmbd = self._update(beta, lmbd)

        if self._verbose:
            print("ADMM: {} iterations".format(i))

        # zero values in beta are associated with DMD amplitudes which can be
        # set to 0
        return np.abs(old_beta) < self._zero_absolute_tolerance

    def _optimal_amplitudes(self, zero_amplitudes):
        n_amplitudes = len(self.amplitudes)
        n_of_zero = np.count_nonzero(zero_amplitudes)

        # vectors of the canonical base of R^n_amplitudes, from which we
        # extract only those corresponding to items set to 0 in zero_amplitudes
        E = np.identity(n_amplitudes)[:, zero_amplitudes]

        # left hand side of the linear system whose solution is the vector of
        # optimal DMD amplitudes.
        KKT = spvstack(
            [
                sphstack([self._P, E], format="csc"),
                sphstack(
                    [
                        E.conj().T,
                        sparse((n_of_zero, n_of_zero), dtype="complex"),
                    ],
                    format="csc",
                ),
            ],
            format="csc",
        )

        # right hand side of the linear system
        rhs = np.concatenate(
            (
                self._q,
                np.zeros((n_of_zero,)),
            )
        )

        opt_amps = spsolve(KKT, rhs)[:n_amplitudes]
        if self._enforce_zero:
            opt_amps[zero_amplitudes] = 0
        return opt_amps


# --- pydmd/pidmd_utils.py ---------------------------------------------------------------------------------------------
def compute_unitary(X, Y, svd_rank):
    Ux = compute_svd(X, svd_rank)[0]
    Yproj = Ux.conj().T.dot(Y)
    Xproj = Ux.conj().T.dot(X)
    Uyx, _, Vyx = compute_svd(Yproj.dot(Xproj.conj().T), -1)
    atilde = Uyx.dot(Vyx.conj().T)
    return {"atilde": atilde}


def compute_symmetric(X, Y, svd_rank, skew_symmetric=False):
    U, s, V = compute_svd(X, -1)
    C = np.linalg.multi_dot([U.conj().T, Y, V])
    r = compute_rank(X, svd_rank)
    if skew_symmetric:
        atilde = 1j * np.diag(np.diagonal(C).imag / s)[:r, :r]
        for i in range(r):
            for j in range(i + 1, r):
                atilde[i, j] = -s[i] * np.conj(C[j, i]) + s[j] * C[i, j]
                atilde[i, j] /= s[i] ** 2 + s[j] ** 2
        atilde += -atilde.conj().T - 1j * np.diag(np.diag(atilde.imag))
    else:  # symmetric
        atilde = np.diag(np.diagonal(C).real / s)[:r, :r]
        for i in range(r):
            for j in range(i + 1, r):
                atilde[i, j] = s[i] * np.conj(C[j, i]) + s[j] * C[i, j]
                atilde[i, j] /= s[i] ** 2 + s[j] ** 2
        atilde += atilde.conj().T - np.diag(np.diag(atilde.real))
    return {"atilde": atilde}


def compute_circulant(X, Y, circulant_opt, svd_rank, compute_A):
    nx = len(X)
    fX = fft(X, axis=0)
    fY = fft(Y.conj(), axis=0)
    fX_norm = np.linalg.norm(fX, axis=1)
    eigenvalues = np.divide(np.diag(fX.dot(fY.conj().T)), fX_norm**2)

    if circulant_opt == "unitary":
        eigenvalues = np.exp(1j * np.angle(eigenvalues))
    elif circulant_opt == "symmetric":
        eigenvalues = eigenvalues.real
    elif circulant_opt == "skewsymmetric":
        eigenvalues = 1j * eigenvalues.imag

    # Remove the least important eigenvalues.
    r = compute_rank(X, svd_rank)
    res = np.divide(
        np.diag(np.abs(fX.dot(fY.conj().T))),
        np.linalg.norm(fX.conj().T, 2, axis=0).T,
    )
    ind_exclude = np.argpartition(res, nx - r)[: nx - r]
    eigenvalues[ind_exclude] = 0

    if compute_A:
        A = fft(np.multiply(eigenvalues, ifft(np.eye(nx), axis=0).T).T, axis=0)
        return {"A": A}

    eigenvalues = np.delete(eigenvalues, ind_exclude)
    modes = np.delete(fft(np.eye(nx), axis=0), ind_exclude, axis=1)
    return {"eigenvalues": eigenvalues, "modes": modes}


def compute_BCCB(X, Y, block_shape, bccb_opt, svd_rank):

    def fft_block2d(X):
        m, n = X.shape
        Y = X.reshape(*block_shape, n, order="F")
        Y_fft2 = fft2(Y, axes=(0, 1))
        return Y_fft2.reshape(m, n, order="F") / np.sqrt(m)

    nx = len(X)
    fX = fft_block2d(X.conj())
    fY = fft_block2d(Y.conj())
    d = np.zeros(nx, dtype="complex")

    if not bccb_opt:
        for j in range(nx):
            d[j] = np.dot(fX[j], fY[j].conj()).conj()
            d[j] /= np.linalg.norm(fX[j].conj(), 2) ** 2
    else:
        for j in range(nx):
            dp = np.linalg.lstsq(fX[j, :, None], fY[j, :, None], rcond=None)[0][
                0
            ][0]
            if bccb_opt == "unitary":
                d[j] = np.exp(1j * np.angle(dp))
            elif bccb_opt == "symmetric":
                d[j] = dp.real
            else:  # skewsymmetric
                d[j] = 1j * dp.imag

    # Remove the least important eigenvalues.
    r = compute_rank(X, svd_rank)
    res = np.divide(
        np.diag(np.abs(fX.dot(fY.conj().T))),
        np.linalg.norm(fX.conj().T, 2, axis=0).T,
    )
    d[np.argpartition(res, nx - r)[: nx - r]] = 0
    A = fft_block2d(np.multiply(d.conj(), fft_block2d(np.eye(nx)).conj().T).T)
    return {"A": A}


# --- wrappers ----------------------------------------------------------------------------------------------------------
def compute_rank_energy(X):
    return compute_rank(X, 0.9)


def compute_svd_rank3(X):
    return compute_svd(X, 3)


def compute_svd_optimal(X):
    return compute_svd(X)


def compute_rqb_power(X, test_matrix):
    return compute_rqb(X, 3, 5, 2, test_matrix=test_matrix)


def pseudo_hankel_d3(X):
    return pseudo_hankel_matrix(X, 3)


def _snapshot_pairs(snapshots):
    # DMD.fit's X = snapshots[:, :-1], Y = snapshots[:, 1:]
    return snapshots[:, :-1], snapshots[:, 1:]


def dmd_operator_exact(snapshots):
    operator = DMDOperator(svd_rank=2, exact=True, forward_backward=False, rescale_mode=None, sorted_eigs=False,
                           tikhonov_regularization=None)
    X, Y = compute_tlsq(*_snapshot_pairs(snapshots), 0)
    operator.compute_operator(X, Y)
    return operator(np.ones(2)), operator.eigenvalues, operator.modes, operator.as_numpy_array


def dmd_operator_rescale_auto(snapshots):
    operator = DMDOperator(svd_rank=2, exact=False, forward_backward=False, rescale_mode="auto", sorted_eigs=False,
                           tikhonov_regularization=None)
    U, s, V = operator.compute_operator(*_snapshot_pairs(snapshots))
    return s, operator.eigenvalues, operator.modes, operator.Lambda


def dmd_operator_sorted_real(snapshots):
    operator = DMDOperator(svd_rank=4, exact=True, forward_backward=False, rescale_mode=None, sorted_eigs="real",
                           tikhonov_regularization=1e-6)
    operator.compute_operator(*_snapshot_pairs(snapshots))
    return operator.eigenvalues, operator.modes


def dmd_operator_forward_backward(snapshots):
    operator = DMDOperator(svd_rank=2, exact=True, forward_backward=True, rescale_mode=None, sorted_eigs=False,
                           tikhonov_regularization=None)
    operator.compute_operator(*_snapshot_pairs(snapshots))
    return operator.eigenvalues, operator.modes


def dmd_fit(snapshots):
    dmd = DMD(svd_rank=2)
    dmd.fit(snapshots)
    return dmd.eigs, dmd.amplitudes, dmd.dynamics, dmd.reconstructed_data, dmd.frequency, dmd.growth_rate


def dmd_fit_optimal_amplitudes(snapshots):
    dmd = DMD(svd_rank=2, opt=True)
    dmd.fit(X=snapshots)
    return dmd.amplitudes, dmd.reconstructed_data


def dmd_predict(snapshots):
    dmd = DMD(svd_rank=2, exact=True).fit(snapshots)
    return dmd.predict(snapshots[:, -3:])


def dmd_stabilize_modes(snapshots):
    dmd = DMD(svd_rank=2, tlsq_rank=2).fit(snapshots)
    stabilize_modes(dmd, 0.8, 1.2)
    return dmd.eigs, dmd.amplitudes


def varprodmd_rho(alphas_in, time, data):
    opthelper = _OptimizeHelper(2, *data.shape)
    rho_flat_out = _compute_dmd_rho(alphas_in, time, data, opthelper)
    return rho_flat_out, opthelper.u_svd, opthelper.s_inv, opthelper.phi, opthelper.b_matrix


def varprodmd_jac(alphas_in, time, data, u_svd, v_svd, s_inv, phi, b_matrix, rho):
    # test_varprodmd_jac fills the helper by hand, then calls _compute_dmd_jac
    opthelper = _OptimizeHelper(2, *data.shape)
    opthelper.u_svd = u_svd
    opthelper.v_svd = v_svd
    opthelper.s_inv = s_inv
    opthelper.phi = phi
    opthelper.b_matrix = b_matrix
    opthelper.rho = rho
    return _compute_dmd_jac(alphas_in, time, data, opthelper)


def varpro_preprocessing_rank2(data, time):
    return _varpro_preprocessing(data, time, 2, True)


def varprodmd_any(data, time):
    phi, omegas, eigenf, indices, _ = compute_varprodmd_any(data, time, OPT_DEF_ARGS, 2, True, 0)
    return phi, omegas, eigenf, indices


def _bop_operator(eig_constraints=frozenset(), init_alpha=None, proj_basis=None, compute_A=False, eig_sort="auto",
                  real_eig_limit=None, seed=None):
    # the arguments BOPDMD.fit passes, with BOPDMD.__init__'s defaults
    return BOPDMDOperator(compute_A, True, init_alpha, proj_basis, 0, 0.6, eig_sort, set(eig_constraints), None,
                          False, 100, 200, False, real_eig_limit, seed=seed, varpro_flag=True)


def bop_force_conj_pairs(eigenvalues):
    return _bop_operator()._force_conj_pairs(eigenvalues)


def bop_push_stable_pairs(eigenvalues):
    return _bop_operator({"conjugate_pairs", "stable"})._push_eigenvalues(eigenvalues)


def bop_argsort_auto(eigenvalues):
    operator = _bop_operator()
    return operator._argsort_eigenvalues(eigenvalues), operator._argsort_eigenvalues(eigenvalues[::-1])


def bop_bag(H):
    return _bop_operator()._bag(H, 0.8, trial_seed=1234)


def bop_single_trial(Z, t, init_alpha):
    # BOPDMD.fit with svd_rank=2, use_proj=True, compute_A=True and the given init_alpha, without bagging
    proj_basis = compute_svd(Z, 2)[0]
    operator = _bop_operator(init_alpha=init_alpha, proj_basis=proj_basis, compute_A=True)
    w, e, b, Atilde, A, converged = operator._single_trial_compute_operator(proj_basis.conj().T.dot(Z).T, t,
                                                                            init_alpha)
    return w, e, b, Atilde, A


def spdmd_zero_amplitudes(snapshots):
    dmd = SpDMD(svd_rank=6, gamma=0.5, rho=1.0, max_iterations=200, verbose=False, release_memory=False)
    DMD.fit(dmd, snapshots)
    P, q = dmd._optimal_dmd_matrices()
    dmd._q = q
    dmd._Plow = np.linalg.cholesky(P + np.identity(len(dmd.amplitudes)) * dmd.rho / 2)
    return dmd._find_zero_amplitudes()


def pidmd_unitary(X):
    return compute_unitary(X[:, :-1], X[:, 1:], 4)["atilde"]


def pidmd_skew_symmetric(X):
    return compute_symmetric(X[:, :-1], X[:, 1:], 4, skew_symmetric=True)["atilde"]


def pidmd_circulant_unitary(X):
    return compute_circulant(X[:, :-1], X[:, 1:], "unitary", 5, True)["A"]


def pidmd_bccb_symmetric(X):
    return compute_BCCB(X[:, :-1], X[:, 1:], (3, 3), "symmetric", 6)["A"]


# --- inputs ------------------------------------------------------------------------------------------------------------
def signal(x_loc: np.ndarray, time: np.ndarray) -> np.ndarray:
    # test_varprodmd.py's signal: input_sample.npy's f1 + f2
    f_1 = 1.0 / np.cosh(x_loc + 3) * np.exp(1j * 2.3 * time)
    f_2 = 2.0 / np.cosh(x_loc) * np.tanh(x_loc) * np.exp(1j * 2.8 * time)
    return f_1 + f_2


def _sample_data(rng, n=64, m=15):
    """input_sample.npy's two modes on n points and m times, with complex noise of 1e-3."""
    x = np.linspace(-5, 5, n)
    t = np.linspace(0, 4 * np.pi, m)
    noise = rng.normal(scale=1e-3, size=(n, m)) + 1j * rng.normal(scale=1e-3, size=(n, m))
    return signal(x[:, None], t[None, :]) + noise


def _noisy_data(rng):
    """test_dmd.py's create_noisy_data (100 snapshots of A = [[1, 1], [-1, 2]] / sqrt(3)), its first state jittered."""
    A = np.array([[1.0, 1.0], [-1.0, 2.0]])
    A /= np.sqrt(3)
    X = np.zeros((2, 100))
    X[:, 0] = np.array([0.5, 1.0]) + rng.uniform(-0.01, 0.01, size=2)
    for k in range(1, 100):
        X[:, k] = A.dot(X[:, k - 1])
    return X


def _low_rank(rng, rows=40, cols=12, rank=3):
    """A rank-3 matrix plus small noise (singular values the hard threshold separates)."""
    return rng.normal(size=(rows, rank)) @ rng.normal(size=(rank, cols)) + 0.01 * rng.normal(size=(rows, cols))


def _singular_values(rng):
    return np.linalg.svd(_low_rank(rng), compute_uv=False)


def simulate_z(t_eval):
    # test_bopdmd.py's simulate_z: z' = [[1, -2], [1, -1]] z, z0 = [1, 0.1], by solve_ivp (LSODA, tolerances 1e-12)
    def ode_sys(zt, z):
        z1, z2 = z
        return [z1 - 2 * z2, z1 - z2]

    integrator_keywords = {"rtol": 1e-12, "method": "LSODA", "atol": 1e-12}
    sol = solve_ivp(ode_sys, [t_eval[0], t_eval[-1]], [1.0, 0.1], t_eval=t_eval, **integrator_keywords)
    return sol.y


def _bop_inputs(rng):
    t = np.arange(200) * 0.05
    Z = simulate_z(t) + 0.01 * rng.standard_normal((2, 200))
    init_alpha = np.array([-1j, 1j]) + rng.uniform(-0.05, 0.05, size=2) + 1j * rng.uniform(-0.05, 0.05, size=2)
    return Z, t, init_alpha


def _near_pairs(rng, n_pairs, dc=False):
    """Eigenvalues near complex-conjugate pairs (the imaginary parts' magnitudes differ a little), and a near-real one
    when ``dc``: what _force_conj_pairs pairs."""
    re = rng.uniform(-0.5, 0.5, size=n_pairs)
    im = rng.uniform(0.5, 3.0, size=n_pairs)
    eigs = [v for r, i in zip(re, im) for v in (r + 1j * i, r + 0.01 + 1j * (-i + 0.02))]
    if dc:
        eigs.append(rng.uniform(-0.5, 0.5) + 0.001j)
    return np.array(eigs)


def _complex_data(rng, *shape):
    return rng.normal(size=shape) + 1j * rng.normal(size=shape)


def _varpro_rho_inputs(rng):
    # test_varprodmd_rho's alphas_in [1, 1, 0, 0] (moved apart a little), on three times [0, 0.5, 1] and 3-by-2 data
    # instead of np.eye(2) on [0, 1]: with two times the residual is zero, or (equal alphas) a rank-1 phi divides by
    # a singular value of round-off size
    return (np.array([1.0, 1.0, 0.0, 0.0]) + rng.uniform(-0.1, 0.1, size=4), np.array([0.0, 0.5, 1.0]),
            _complex_data(rng, 3, 2))


def _varpro_jac_inputs(rng):
    # test_varprodmd_jac's helper fields, made as the test makes them (alphas [-1, -2] moved a little), on three
    # times and 3-by-2 data as in _varpro_rho_inputs
    data = _complex_data(rng, 3, 2)
    time = np.array([0.0, 0.5, 1.0])
    alphas = np.array([-1.0, -2.0]) + rng.uniform(-0.1, 0.1, size=2)
    phi = np.exp(np.outer(time, alphas.astype(np.complex128)))
    U_svd, s_svd, v = np.linalg.svd(phi, hermitian=False, full_matrices=False)
    s_inv = np.reciprocal(s_svd)
    phi_inv = (v.conj().T * s_inv.reshape((1, -1))) @ U_svd.conj().T
    b_matrix = phi_inv @ data
    rho = data - phi @ b_matrix
    return (np.concatenate([alphas, np.zeros(2)]), time, data, U_svd, v.conj().T, s_inv.astype(np.complex128), phi,
            b_matrix, rho)


def _varpro_data(rng, n=20, m=30):
    """test_varprodmd.py's signal on n points and m times, as VarProDMD takes it, with noise of 1e-3."""
    x = np.linspace(-5, 5, n)
    time = np.linspace(0, 2 * np.pi, m)
    return signal(x[:, None], time[None, :]) + 1e-3 * rng.normal(size=(n, m)), time


def _heat(rng, n=30, m=40):
    """Decaying sine modes of the 1-d heat equation on (0, 1), in place of test_spdmd.py's heat_90.npy."""
    x = np.linspace(0, 1, n)[:, None]
    t = np.linspace(0, 0.1, m)[None, :]
    coefficients = np.array([1.0, 0.5, 0.3, 0.2, 0.1, 0.05]) + rng.uniform(-0.01, 0.01, size=6)
    return sum(c * np.sin(k * np.pi * x) * np.exp(-(k * np.pi) ** 2 * t) for k, c in enumerate(coefficients, 1))


_U = "utils.py"
_OP = "dmdoperator.py"
_VP = "varprodmd.py"
_BOP = "bopdmd.py"
_PI = "pidmd_utils.py"

CASES = [
    # utils.py
    case(_svht, lambda rng: (_singular_values(rng), 40, 12), PD(_U, "_svht", "the optimal hard threshold of a rank-3 matrix's singular values")),
    case(compute_rank_energy, lambda rng: (_low_rank(rng),), PD(_U, "compute_rank / _compute_rank", "svd_rank=0.9: searchsorted of the cumulative energy")),
    case(compute_tlsq, lambda rng: (*_snapshot_pairs(_sample_data(rng)), 2), PD(_U, "compute_tlsq", "the TLSQ namedtuple of the denoised pair")),
    case(compute_svd_rank3, lambda rng: (_low_rank(rng),), PD(_U, "compute_svd / _compute_rank", "svd_rank=3: min(svd_rank, sigma_svd.size)")),
    case(compute_svd_optimal, lambda rng: (_low_rank(rng),), PD(_U, "compute_svd / _svht", "svd_rank=0: U[:, :rank] with the hard threshold's rank")),
    case(compute_rqb_power, lambda rng: (_low_rank(rng), rng.standard_normal((12, 8))), PD(_U, "compute_rqb", "a given test matrix, two power iterations")),
    case(pseudo_hankel_d3, lambda rng: (rng.normal(size=(2, 7)),), PD(_U, "pseudo_hankel_matrix", "d=3 of a 2-row matrix (the docstring's example, wider)")),
    # dmdoperator.py
    case(dmd_operator_exact, lambda rng: (_sample_data(rng),), PD(_OP, "DMDOperator.compute_operator / __call__", "test_dmdoperator.py's test_call: svd_rank=2, exact")),
    case(dmd_operator_rescale_auto, lambda rng: (_sample_data(rng),), PD(_OP, "DMDOperator._compute_eigenquantities / _compute_modes", "rescale_mode='auto': the loop over the singular values, projected modes")),
    case(dmd_operator_sorted_real, lambda rng: (_noisy_data(rng)[:, :30].astype(complex),), PD(_OP, "DMDOperator._compute_eigenquantities", "sorted_eigs='real': sorted(zip(...), key=k) with isinstance(eig, complex); Tikhonov")),
    case(dmd_operator_forward_backward, lambda rng: (_sample_data(rng),), PD(_OP, "DMDOperator.compute_operator", "forward_backward=True: scipy.linalg.sqrtm of atilde times the inverse backward operator")),
    # dmd.py, dmdbase.py, snapshots.py, dmd_modes_tuner.py
    case(dmd_fit, lambda rng: (_sample_data(rng),), PD("dmd.py", "DMD.fit / DMDBase.dynamics / reconstructed_data / frequency / growth_rate", "svd_rank=2 on the sample data")),
    case(dmd_fit_optimal_amplitudes, lambda rng: (_sample_data(rng),), PD("dmdbase.py", "DMDBase._compute_amplitudes / _optimal_dmd_matrices", "opt=True, projected: np.vander, np.linalg.solve")),
    case(dmd_predict, lambda rng: (_noisy_data(rng),), PD("dmd.py", "DMD.predict", "create_noisy_data, exact: scipy.linalg.pinv of the modes")),
    case(dmd_stabilize_modes, lambda rng: (_noisy_data(rng).astype(complex),), PD("dmd_modes_tuner.py", "stabilize_modes", "test_stabilize_modes' radii 0.8 and 1.2 on a fitted DMD (tlsq_rank=2): masked in-place writes through the proxy")),
    # varprodmd.py
    case(varprodmd_rho, lambda rng: _varpro_rho_inputs(rng), PD(_VP, "_compute_dmd_rho", "test_varprodmd_rho's alphas, three times: s_phi_inv[idx] for idx = np.where(s_phi.real != 0.0)[0]")),
    case(varprodmd_jac, lambda rng: _varpro_jac_inputs(rng), PD(_VP, "_compute_dmd_jac", "test_varprodmd_jac's helper: the real Jacobian's four blocks per eigenvalue")),
    case(varpro_preprocessing_rank2, lambda rng: _varpro_data(rng), PD(_VP, "_varpro_preprocessing", "rank 2, projected: the trapezoidal derivative")),
    case(varprodmd_any, lambda rng: _varpro_data(rng), PD(_VP, "compute_varprodmd_any / _compute_dmd_ev / _compute_dmd_varpro", "OPT_DEF_ARGS, rank 2: scipy.optimize.least_squares with _compute_dmd_rho and _compute_dmd_jac")),
    # bopdmd.py
    case(bop_force_conj_pairs, lambda rng: (_near_pairs(rng, 2, dc=True),), PD(_BOP, "BOPDMDOperator._force_conj_pairs / _diff_func", "five eigenvalues: a DC one, then while unassigned_inds")),
    case(bop_push_stable_pairs, lambda rng: (_near_pairs(rng, 2) + 0.1,), PD(_BOP, "BOPDMDOperator._push_eigenvalues", "eig_constraints={'conjugate_pairs', 'stable'} (test_eig_constraints)")),
    case(bop_argsort_auto, lambda rng: (_near_pairs(rng, 3),), PD(_BOP, "BOPDMDOperator._argsort_eigenvalues", "eig_sort='auto': set from the largest variance, then reused")),
    case(bop_bag, lambda rng: (rng.normal(size=(20, 2)),), PD(_BOP, "BOPDMDOperator._bag", "trial_size=0.8, seed 1234: default_rng(seed).choice without replacement")),
    case(bop_single_trial, lambda rng: _bop_inputs(rng), PD(_BOP, "BOPDMDOperator._single_trial_compute_operator / _variable_projection / _compute_irank_svd / _exp_function(_deriv)", "simulate_z's data with noise (test_bopdmd.py), svd_rank=2, compute_A")),
    # spdmd.py
    case(soft_thresholding_operator, lambda rng: (rng.normal(size=8) + 1j * rng.normal(size=8), 0.7), PD("spdmd.py", "soft_thresholding_operator")),
    case(spdmd_zero_amplitudes, lambda rng: (_heat(rng).astype(complex),), PD("spdmd.py", "SpDMD._find_zero_amplitudes / _update / _loop_condition", "ADMM: while not converged and i < max_iterations")),
    # pidmd_utils.py
    case(pidmd_unitary, lambda rng: (rng.standard_normal((8, 40)),), PD(_PI, "compute_unitary", "test_pidmd.py's Gaussian snapshots, rank 4")),
    case(pidmd_skew_symmetric, lambda rng: (rng.standard_normal((8, 40)),), PD(_PI, "compute_symmetric", "skew_symmetric=True: the double loop over i < j")),
    case(pidmd_circulant_unitary, lambda rng: (rng.standard_normal((8, 40)),), PD(_PI, "compute_circulant", "circulant_opt='unitary', rank 5, compute_A: argpartition of the residuals")),
    case(pidmd_bccb_symmetric, lambda rng: (rng.standard_normal((9, 40)),), PD(_PI, "compute_BCCB", "3-by-3 blocks, bccb_opt='symmetric': a loop of lstsq")),
]
