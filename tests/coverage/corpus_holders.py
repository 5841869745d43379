"""Settings and state read from objects of the standard library in real NumPy code: an ``args``/``opt`` that is an
``argparse.Namespace`` (learning-rate schedules of training scripts), ``os.getenv(...)`` switches of a federated
regression (ridge penalty, intercept, Levenberg-Marquardt damping, client heterogeneity), a ``contextvars.ContextVar``
that holds the working precision of a reservoir simulator, Chainer's thread-local configuration (a
``threading.local``), Tacotron's audio hyperparameters (a ``types.SimpleNamespace`` standing in for TensorFlow's
``HParams``), and a ``functools.partial`` that holds a network's weights (a dict of arrays), copied from public
repositories, with small inputs. ``tests/coverage/test_holders_corpus.py`` checks that a traced graph follows a change
of such a holder between two calls as eager code does (or refuses clearly), and that a value the function writes into
such a holder is eager's.

Not part of the harness's corpus: ``harness.load_cases()`` reads every ``corpus_*`` module's ``CASES`` as
``cases.Case`` objects whose repositories are listed in ``cases.REPOS``; these sources are not (and this file may
not edit ``cases.py``), so ``CASES`` is empty here and the cases are ``HOLDER_CASES``: ``(name, function, [input
tuples], change, reset)``, and ``WRITE_CASES``: ``(name, function, [input tuples], contents, reset)``. ``reset()``
puts the case's holder into its default state (the attributes of a namespace, the entries of a dict, the variable of
the environment removed, the ``ContextVar`` reset by the tokens of its ``set``, the thread-local attribute deleted);
``change()`` changes it the way a user would between two calls (``args.lr = ...``, ``os.environ["RIDGE"] = ...``,
``_bores_dtype.set(np.float64)``, ``chainer.config.dtype = ...``, ``hparams.sample_rate = ...``, ``MODEL["b2"] =
...``); ``contents()`` is a copy of what a write case's holder holds. The functions at the end of the file (under "The
cases") are the calling convention: they hand the upstream function the holder (a module-level ``argparse.Namespace``
built as its ``parse_args()`` would, an optimizer stand-in), the arrays of the input tuple, and return what the
upstream function computed (the learning rates it wrote into its optimizer's ``param_groups``); they are this file's,
not upstream's.

Sources (none of them a repository of ``cases.REPOS`` nor of another corpus here; docstrings dropped, comments and
code as upstream; one stored version per file):

* ti-oluwa/BORES (AGPL-3.0, per ``LICENSE``) @c59095cd535fe620a2c5a3fe77b23142bccdb164 (the fetched snapshot's head):
  ``src/bores/precision.py`` (``_bores_dtype``, a module-level ``ContextVar`` whose default is ``np.float32``,
  ``get_dtype``), ``src/bores/grids/utils.py`` (``coarsen_grid``, ``_coarsen_2d_permeability_grids``,
  ``_axis_harmonic_mean``), ``src/bores/grids/base.py`` (``build_uniform_grid``, ``build_layered_grid``,
  ``_compute_elevation_downward``, ``_compute_elevation_upward``, ``_build_elevation_grid``, ``build_depth_grid``,
  ``build_elevation_grid``), ``src/bores/types.py`` (``Orientation``; the grid type aliases are stand-ins, as they
  are only annotations). The ``@numba.njit(cache=True)`` decorators of the two ``_compute_elevation_*`` are left out
  (the functions are NumPy code numba compiles); ``bores.errors.ValidationError`` is a stand-in subclass of
  ``ValueError`` (upstream's also derives from ``BORESError``).

* chainer/chainer (MIT, per ``LICENSE``) @a8e15cbe55a90854a3918b8b5a976abbbff9ec94: ``chainer/configuration.py``
  (``GlobalConfig``, ``LocalConfig``, whose values live in a ``threading.local``, ``global_config``, ``config``; the
  ``show`` methods and the type comments of ``GlobalConfig`` are left out), ``chainer/__init__.py`` (``_Mixed16``,
  ``mixed16``, ``get_dtype`` and the lines that set ``global_config.dtype`` from ``CHAINER_DTYPE``; the other
  ``global_config`` defaults are left out; ``get_dtype`` is ``get_dtype_chainer`` here, BORES has one),
  ``chainer/datasets/cifar.py`` (``_preprocess_cifar``). ``chainer`` (what
  ``_preprocess_cifar`` calls ``chainer.get_dtype`` on) is a class holding ``get_dtype`` and ``config``, and
  ``tuple_dataset.TupleDataset`` a stand-in (``tuple(zip(...))``): the cases call ``withlabel=False``.

* maxhahn/IODClient (no license file in the repository) @a4394c0785ef75ce9bd0daddb0c9be7865a7d134: ``fedci/env.py``
  (``get_env_debug``, ``get_env_ridge``, ``get_env_line_search``, ``get_env_lm_damping``, ``get_env_fit_intercept``,
  ``get_env_client_heterogeniety``: ``os.getenv`` read at every call), ``fedci/utils.py`` (``VariableType``),
  ``fedci/testing.py`` (``RegressionTest.__init__`` and ``RegressionTest._get_new_beta``, in a class that holds only
  them), ``fedci/client.py`` (``DistributionalFamily``, ``Gaussian``, ``Binomial``,
  ``ComputationHelper.run_prediction`` and ``ComputationHelper.fit_local_alpha``, in a class that holds only them).
  ``fit_local_alpha`` fits an intercept-only GLM with statsmodels (``sm.GLM``, ``fam.Gaussian``, ``fam.Binomial``);
  ``sm`` and ``fam`` are stand-ins that fit the Gaussian case (identity link: the intercept is ``mean(y - offset)``,
  statsmodels' answer), which is the only one the cases reach.

* keithito/tacotron (MIT as far as known: no ``LICENSE`` is in the index) @cb2dbc85431db4692940e76bb8c7147dda6f1864
  ``util/audio.py``: ``find_endpoint``, ``_amp_to_db``, ``_db_to_amp``, ``_normalize``, ``_denormalize``, which read
  the module-level ``hparams``. Upstream's ``hparams`` (``hparams.py`` @b7ceacf6d6e5e36d4600e816468fc6c44245acf7) is
  TensorFlow 1's ``tf.contrib.training.HParams``, an attribute bag; here it is a ``types.SimpleNamespace`` of its
  audio and eval values (TensorFlow 1 cannot be installed with this interpreter).

* junyanz/pytorch-CycleGAN-and-pix2pix (BSD as far as known: no ``LICENSE`` is in the index)
  @000f2981cd403a5b192f564234ce217e5b7dada4 ``models/networks.py``: ``get_scheduler``, whose ``lambda_rule`` reads
  ``opt`` (the ``argparse.Namespace`` of ``BaseOptions.parse()``) from its closure. ``lr_scheduler`` (torch's) is a
  stand-in whose ``LambdaLR`` keeps the ``lr_lambda`` it is given (``lr_lambdas``, as torch's); the cases call the
  upstream ``lambda_rule`` itself.

* LTH14/mar (MIT, per ``LICENSE``) @fe470ac24afbee924668d8c5c83e9fec60af3a73 ``util/lr_sched.py``:
  ``adjust_learning_rate(optimizer, epoch, args)``, here ``mar_adjust_learning_rate`` (the three schedules below share
  upstream's name).

* facebookresearch/barlowtwins (CC-BY-NC 4.0, per its README @004dce3eb33ce3d0bb6a1fd80a5ee290b98e4a36)
  @046eec3c7f5c098b42cdf43e04df332957637d6a ``main.py``: ``adjust_learning_rate(args, optimizer, loader, step)``, here
  ``barlowtwins_adjust_learning_rate``; ``loader`` (of which it takes ``len``) is a ``range``.

* facebookresearch/moco (CC-BY-NC 4.0, per its README @56700212990d83b3292bbaa6207c96f1ae4c90f8)
  @010242b77d0ccc6a9b094ad95af127b99f72fe89 ``main_moco.py``: ``adjust_learning_rate(optimizer, epoch, args)``, here
  ``moco_adjust_learning_rate`` (``args.schedule``, a list in the namespace, for the stepwise schedule).

* dennybritz/nn-from-scratch (MIT, per ``LICENSE``) @1c51ea72a43dbedd1fb1af15fd59d37b985ccc53 ``nn_from_scratch.py``:
  ``predict(model, x)`` (upstream plots ``lambda x: predict(model, x)``; here the function is
  ``functools.partial(predict, MODEL)``, which holds the dict of weights).

The three learning-rate schedules write into ``optimizer.param_groups`` (torch's ``Optimizer`` keeps a list of dicts
there). Their stand-in is ``_Optimizer`` (a class of this file that holds only ``param_groups``) when the calling
convention makes a fresh one at each call and returns the rates it holds, and a ``types.SimpleNamespace(param_groups=
[...])`` held at module level for the write cases, where the rate written depends on an ``if`` on the epoch (an
array): eager code leaves the rate of the last call there.
"""

# ruff: noqa: E111, E114, E117, E501, E741, W291, B006, UP004, UP006, UP008, UP031, UP032, UP035  (upstream code, as written)
from __future__ import annotations

import argparse
import enum
import functools
import math
import os
import threading
import types
import typing
from contextvars import ContextVar
from typing import List, Set, Tuple

import numpy
import numpy as np
import numpy.typing as npt

# ================================================================================================================
# ti-oluwa/BORES: src/bores/errors.py (stand-in), src/bores/types.py, src/bores/precision.py


class ValidationError(ValueError):  # stand-in: bores.errors.ValidationError(BORESError, ValueError)
    pass


# stand-ins: the grid type aliases of bores.types (annotations only)
NDimension = TwoDimensions = typing.Tuple[int, ...]
NDimensionalGrid = TwoDimensionalGrid = np.ndarray
ArrayLike = typing.Sequence


class Orientation(enum.Enum):

    X = "x"
    Y = "y"
    Z = "z"
    UNSET = "unset"

    def __str__(self) -> str:
        return self.value


_bores_dtype: ContextVar[npt.DTypeLike] = ContextVar("_bores_dtype", default=np.float32)


def get_dtype() -> npt.DTypeLike:
    return _bores_dtype.get()


# ================================================================================================================
# ti-oluwa/BORES: src/bores/grids/utils.py

def coarsen_grid(
    data: np.ndarray,
    batch_size: typing.Tuple[int, ...],
    method: typing.Literal["mean", "sum", "max", "min", "harmonic"] = "mean",
    epsilon: float = 1e-10,
) -> np.ndarray:
    if len(batch_size) != data.ndim:
        raise ValidationError(
            f"batch_size length {len(batch_size)} must match data.ndim {data.ndim}"
        )

    # Validate method
    valid_methods = ("mean", "sum", "max", "min", "harmonic")
    if method not in valid_methods:
        raise ValidationError(
            f"Unsupported method '{method}'. Must be one of {valid_methods}"
        )

    # Calculate padding needed
    pad_width = []
    for dim, b in zip(data.shape, batch_size):
        remainder = dim % b
        if remainder == 0:
            pad_width.append((0, 0))
        else:
            pad_width.append((0, b - remainder))

    # Pad with appropriate value based on method
    # Use NaN for methods that support it (will be ignored in aggregation)
    if method in ("mean", "max", "min", "harmonic"):
        pad_value = np.nan
    elif method == "sum":
        pad_value = 0.0

    data_padded = np.pad(
        data, pad_width=pad_width, mode="constant", constant_values=pad_value
    )

    # Reshape to group blocks along each dimension
    # E.g., (100, 50) with batch (2, 5) → (50, 2, 10, 5) → aggregate over axes (1, 3)
    reshape_shape = []
    for dim, b in zip(data_padded.shape, batch_size):
        reshape_shape.extend([dim // b, b])

    data_reshaped = data_padded.reshape(reshape_shape)

    # Axes to aggregate over: every second axis (the block dimensions)
    agg_axes = tuple(range(1, data_reshaped.ndim, 2))

    dtype = get_dtype()

    # Apply aggregation
    if method == "mean":
        coarsened = np.nanmean(data_reshaped, axis=agg_axes).astype(dtype)

    elif method == "sum":
        coarsened = data_reshaped.sum(axis=agg_axes, dtype=dtype)

    elif method == "max":
        coarsened = np.nanmax(data_reshaped, axis=agg_axes).astype(dtype)

    elif method == "min":
        coarsened = np.nanmin(data_reshaped, axis=agg_axes).astype(dtype)

    elif method == "harmonic":
        # Harmonic mean: H = n / sum(1/x_i)
        # Add epsilon to avoid division by zero
        with np.errstate(divide="ignore", invalid="ignore"):
            reciprocals = 1.0 / (data_reshaped + epsilon)
            reciprocals = np.where(np.isnan(data_reshaped), np.nan, reciprocals)

            # Count non-NaN values per block
            counts = np.sum(~np.isnan(data_reshaped), axis=agg_axes)

            # Sum of reciprocals, ignoring NaNs
            sum_reciprocals = np.nansum(reciprocals, axis=agg_axes)

            # Harmonic mean = n / sum(1/x)
            coarsened = counts / sum_reciprocals

            # Handle edge cases
            coarsened = np.where(counts == 0, np.nan, coarsened)
            coarsened = np.where(np.isinf(coarsened), 0.0, coarsened)
            coarsened = coarsened.astype(dtype)

    return coarsened


def _coarsen_2d_permeability_grids(
    kx: TwoDimensionalGrid,
    ky: TwoDimensionalGrid,
    batch_size: TwoDimensions,
    epsilon: float = 1e-10,
) -> typing.Tuple[TwoDimensionalGrid, TwoDimensionalGrid]:
    if kx.shape != ky.shape:
        raise ValidationError(
            f"Permeability grids must have same shape. Got kx: {kx.shape}, ky: {ky.shape}"
        )

    if kx.ndim != 2:
        raise ValidationError(
            f"Expected 2D grids, got {kx.ndim}D. Use _coarsen_3d_permeability_grids instead."
        )

    if len(batch_size) != 2:
        raise ValidationError(
            f"batch_size must have 2 elements for 2D grids, got {len(batch_size)}"
        )

    bx, by = batch_size
    if bx < 1 or by < 1:
        raise ValidationError(f"batch_size elements must be >= 1, got ({bx}, {by})")

    nx, ny = kx.shape

    # Compute padding
    pad_x = (bx - nx % bx) % bx
    pad_y = (by - ny % by) % by

    # Pad grids with NaN
    if pad_x > 0 or pad_y > 0:
        kx_padded = np.pad(
            kx, ((0, pad_x), (0, pad_y)), mode="constant", constant_values=np.nan
        )
        ky_padded = np.pad(
            ky, ((0, pad_x), (0, pad_y)), mode="constant", constant_values=np.nan
        )
    else:
        kx_padded = kx
        ky_padded = ky

    nx_new, ny_new = kx_padded.shape
    nx_coarse = nx_new // bx
    ny_coarse = ny_new // by

    dtype = get_dtype()

    # Initialize output arrays
    kx_coarse = np.zeros((nx_coarse, ny_coarse), dtype=dtype)
    ky_coarse = np.zeros((nx_coarse, ny_coarse), dtype=dtype)

    # Coarsen k_x: harmonic in x, arithmetic in y
    for i in range(nx_coarse):
        for j in range(ny_coarse):
            # Extract block
            block_kx = kx_padded[i * bx : (i + 1) * bx, j * by : (j + 1) * by]

            # First, take harmonic mean along x-direction (axis=0)
            kx_harmonic_x = _axis_harmonic_mean(block_kx, axis=0, epsilon=epsilon)

            # Then, take arithmetic mean along y-direction
            kx_coarse[i, j] = np.nanmean(kx_harmonic_x)

    # Coarsen k_y: harmonic in y, arithmetic in x
    for i in range(nx_coarse):
        for j in range(ny_coarse):
            # Extract block
            block_ky = ky_padded[i * bx : (i + 1) * bx, j * by : (j + 1) * by]

            # First, take harmonic mean along y-direction (axis=1)
            ky_harmonic_y = _axis_harmonic_mean(block_ky, axis=1, epsilon=epsilon)

            # Then, take arithmetic mean along x-direction
            ky_coarse[i, j] = np.nanmean(ky_harmonic_y)

    return kx_coarse, ky_coarse


def _axis_harmonic_mean(
    data: npt.NDArray, axis: int, epsilon: float = 1e-10
) -> npt.NDArray:
    with np.errstate(divide="ignore", invalid="ignore"):
        # Compute reciprocals, preserving NaN
        reciprocals = np.where(np.isnan(data), np.nan, 1.0 / (data + epsilon))

        # Count non-NaN values along axis
        counts = np.sum(~np.isnan(data), axis=axis)

        # Sum reciprocals, ignoring NaN
        sum_reciprocals = np.nansum(reciprocals, axis=axis)

        # Harmonic mean = n / sum(1/x)
        result = counts / (sum_reciprocals + epsilon)

        # Handle edge cases
        result = np.where(counts == 0, np.nan, result)
        result = np.where(np.isinf(result), 0.0, result)

    return result


# ================================================================================================================
# ti-oluwa/BORES: src/bores/grids/base.py

def build_uniform_grid(
    grid_shape: NDimension,
    value: float = 0.0,
) -> NDimensionalGrid[NDimension]:
    return np.full(  # type: ignore
        grid_shape,
        fill_value=value,
        dtype=get_dtype(),
        order="C",
    )


def build_layered_grid(
    grid_shape: NDimension,
    layer_values: ArrayLike[float],
    orientation: typing.Union[Orientation, typing.Literal["x", "y", "z"]],
) -> NDimensionalGrid[NDimension]:
    if len(layer_values) < 1:
        raise ValidationError("At least one layer value must be provided.")

    orientation = (
        Orientation(orientation) if isinstance(orientation, str) else orientation
    )
    dtype = get_dtype()
    layered_grid = build_uniform_grid(grid_shape=grid_shape, value=0.0)
    if orientation == Orientation.X:  # Layering along x-axis
        if len(layer_values) != grid_shape[0]:
            raise ValidationError(
                "Number of layer values must match number of cells in x direction."
            )

        for i, layer_value in enumerate(layer_values):
            layered_grid[i, :, :] = layer_value
        return layered_grid.astype(dtype, copy=False)

    elif orientation == Orientation.Y:  # Layering along y-axis
        if len(layer_values) != grid_shape[1]:
            raise ValidationError(
                "Number of layer values must match number of cells in y direction."
            )

        for j, layer_value in enumerate(layer_values):
            layered_grid[:, j, :] = layer_value
        return layered_grid.astype(dtype, copy=False)

    elif orientation == Orientation.Z:  # Layering along z-axis
        if len(grid_shape) != 3:
            raise ValidationError(
                "Grid dimension must be N-Dimensional for z-direction layering."
            )

        if len(layer_values) != grid_shape[2]:
            raise ValidationError(
                "Number of layer values must match number of cells in z direction."
            )

        for k, layer_value in enumerate(layer_values):
            layered_grid[:, :, k] = layer_value
        return layered_grid.astype(dtype, copy=False)

    raise ValidationError(
        "Invalid layering direction. Must be one of 'x', 'y', or 'z'."
    )


def _compute_elevation_downward(  # (upstream: @numba.njit(cache=True))
    thickness_grid: NDimensionalGrid[NDimension],
    dtype: npt.DTypeLike,
    datum: float = 0.0,
) -> NDimensionalGrid[NDimension]:
    _, _, nz = thickness_grid.shape
    elevation_grid = np.zeros_like(thickness_grid, dtype=dtype)

    # Start from top layer
    elevation_grid[:, :, 0] = thickness_grid[:, :, 0] / 2
    for k in range(1, nz):
        elevation_grid[:, :, k] = (
            elevation_grid[:, :, k - 1]
            + thickness_grid[:, :, k - 1] / 2
            + thickness_grid[:, :, k] / 2
        )

    return elevation_grid + datum  # type: ignore


def _compute_elevation_upward(  # (upstream: @numba.njit(cache=True))
    thickness_grid: NDimensionalGrid[NDimension],
    dtype: npt.DTypeLike,
    datum: float = 0.0,
) -> NDimensionalGrid[NDimension]:
    _, _, nz = thickness_grid.shape
    elevation_grid = np.zeros_like(thickness_grid, dtype=dtype)

    # Start from bottom layer
    elevation_grid[:, :, -1] = thickness_grid[:, :, -1] / 2
    for k in range(nz - 2, -1, -1):
        elevation_grid[:, :, k] = (
            elevation_grid[:, :, k + 1]
            + thickness_grid[:, :, k + 1] / 2
            + thickness_grid[:, :, k] / 2
        )

    return elevation_grid + datum  # type: ignore


def _build_elevation_grid(
    thickness_grid: NDimensionalGrid[NDimension],
    direction: typing.Literal["downward", "upward"] = "downward",
    datum: float = 0.0,
) -> NDimensionalGrid[NDimension]:
    if direction not in {"downward", "upward"}:
        raise ValidationError("direction must be 'downward' or 'upward'")

    dtype = get_dtype()

    if direction == "downward":
        return _compute_elevation_downward(thickness_grid, dtype=dtype, datum=datum)
    return _compute_elevation_upward(thickness_grid, dtype=dtype, datum=datum)


def build_elevation_grid(
    thickness_grid: NDimensionalGrid[NDimension], datum: float = 0.0
) -> NDimensionalGrid[NDimension]:
    return _build_elevation_grid(thickness_grid, direction="upward", datum=datum)


def build_depth_grid(
    thickness_grid: NDimensionalGrid[NDimension], datum: float = 0.0
) -> NDimensionalGrid[NDimension]:
    return _build_elevation_grid(thickness_grid, direction="downward", datum=datum)


# ================================================================================================================
# chainer/chainer: chainer/configuration.py, chainer/__init__.py

class GlobalConfig(object):

    debug = None
    cudnn_deterministic = None
    warn_nondeterministic = None
    enable_backprop = None
    keep_graph_on_report = None
    train = None
    type_check = None
    use_cudnn = None
    use_cudnn_tensor_core = None
    autotune = None
    schedule_func = None
    use_ideep = None
    lazy_grad_sum = None
    cudnn_fast_batch_normalization = None
    dtype = None
    in_recomputing = None
    use_static_graph = None
    _will_recompute = None
    compute_mode = None


class LocalConfig(object):

    def __init__(self, global_config):
        super(LocalConfig, self).__setattr__('_global', global_config)
        super(LocalConfig, self).__setattr__('_local', threading.local())

    def __delattr__(self, name):
        delattr(self._local, name)

    def __getattr__(self, name):
        dic = self._local.__dict__
        if name in dic:
            return dic[name]
        return getattr(self._global, name)

    def __setattr__(self, name, value):
        setattr(self._local, name, value)


global_config = GlobalConfig()


config = LocalConfig(global_config)


class _Mixed16(object):

    dtype = numpy.dtype(numpy.float16)

    def __repr__(self):
        return "dtype('mixed16')"


mixed16 = _Mixed16()

_chainer_dtype = os.environ.get('CHAINER_DTYPE', 'float32')
if _chainer_dtype in ('float16', 'float32', 'float64'):
    global_config.dtype = numpy.dtype(_chainer_dtype)
elif _chainer_dtype == 'mixed16':
    global_config.dtype = mixed16
else:
    raise TypeError('incorrect dtype name in CHAINER_DTYPE: "{}". '
                    'Only float16/32/64 are allowed.'.format(_chainer_dtype))


def get_dtype_chainer(dtype=None, map_mixed16=None):  # (upstream: chainer.get_dtype)
    if dtype is None:
        dtype = config.dtype
    if dtype is mixed16 and map_mixed16 is not None:
        dtype = map_mixed16
    return numpy.dtype(dtype)


class chainer:  # stand-in: the `chainer` package, as `_preprocess_cifar` uses it
    get_dtype = staticmethod(get_dtype_chainer)
    config = config


class tuple_dataset:  # stand-in: chainer.datasets.tuple_dataset (the cases call withlabel=False)
    @staticmethod
    def TupleDataset(*datasets):
        return tuple(zip(*datasets))


# ================================================================================================================
# chainer/chainer: chainer/datasets/cifar.py

def _preprocess_cifar(images, labels, withlabel, ndim, scale, dtype):
    if ndim == 1:
        images = images.reshape(-1, 3072)
    elif ndim == 3:
        images = images.reshape(-1, 3, 32, 32)
    else:
        raise ValueError('invalid ndim for CIFAR dataset')
    dtype = chainer.get_dtype(dtype)
    images = images.astype(dtype)
    images *= scale / 255.

    if withlabel:
        labels = labels.astype(numpy.int32)
        return tuple_dataset.TupleDataset(images, labels)
    else:
        return images


# ================================================================================================================
# maxhahn/IODClient: fedci/env.py, fedci/utils.py

def get_env_debug():
    return 0 if (v := os.getenv("DEBUG")) is None else int(v)


def get_env_ridge():
    return 0.0001 if (v := os.getenv("RIDGE")) is None else float(v)


def get_env_line_search():
    return True if (v := os.getenv("LINE_SEARCH")) is None else bool(int(v))


def get_env_lm_damping():
    return False if (v := os.getenv("LM_DAMPING")) is None else bool(int(v))


def get_env_fit_intercept():
    return True if (v := os.getenv("FIT_INTERCEPT")) is None else bool(int(v))


def get_env_client_heterogeniety():
    return 1 if (v := os.getenv("CLIENT_HETEROGENIETY")) is None else int(v)


class VariableType(int, enum.Enum):
    CONTINUOS = 0
    BINARY = 1
    CATEGORICAL = 2
    ORDINAL = 3

    def __eq__(self, other):
        if self.__class__ is other.__class__:
            return self.value == other.value
        return NotImplemented

    def __hash__(self):
        return hash(self.value)


# ================================================================================================================
# maxhahn/IODClient: fedci/testing.py

class RegressionTest:
    def __init__(
        self,
        response: str,
        response_type: VariableType,
        predictors: List[str],
        params: Tuple[int, int],
        convergence_threshold: float = 1e-6,
        max_iterations: int = 25,
    ):
        self.response: str = response
        self.response_type: VariableType = response_type
        self.predictors: Set[str] = set(predictors)

        self.num_classes, self.num_parameters = params
        self.dof = self.num_classes * self.num_parameters
        self.beta = np.zeros((self.dof, 1))
        # self.beta = np.random.randn(self.dof, 1)
        self.alpha = 1.0

        self.convergence_threshold = convergence_threshold
        self.max_iterations = max_iterations
        self.early_stop = False
        self.bad_fit = False

        self.previous_xwx = None
        self.previous_xwz = None
        self.previous_llf: float = -float("inf")
        self.llf: float = -float("inf")
        self.iterations: int = 0
        self.convergence_retry_count = 0
        self.lm_lambda = 1

    def _get_new_beta(self, xwx, xwz):
        k = xwx.shape[0]
        if get_env_ridge() > 0:
            if get_env_fit_intercept():
                penalty_matrix = np.zeros((k, k))
                penalty_matrix[:-1, :-1] = get_env_ridge() * np.eye(k - 1)
            else:
                penalty_matrix = get_env_ridge() * np.eye(k)
            xwx += penalty_matrix

        if get_env_lm_damping():
            lm_penalty_matrix = self.lm_lambda * np.eye(k)
            xwx += lm_penalty_matrix

        try:
            xwx_inv = np.linalg.inv(xwx)
        except np.linalg.LinAlgError:
            xwx_inv = np.linalg.pinv(xwx)

        if get_env_debug() > 3:
            print(
                f"{self.response} ~ {sorted(list(self.predictors))} - Iteration {self.iterations}/{self.max_iterations}"
            )
            print(
                f"{self.beta.reshape(-1).tolist()} -> {(xwx_inv @ xwz).reshape(-1).tolist()}"
            )
            print(
                f"{'None' if self.previous_llf is None else self.previous_llf} -> {self.llf}"
            )

        self.previous_xwx = xwx
        self.previous_xwz = xwz
        return self.beta + self.alpha * ((xwx_inv @ xwz) - self.beta)


# ================================================================================================================
# maxhahn/IODClient: fedci/client.py

class _GLMFit:  # stand-in: the result of statsmodels' GLM.fit (its params)
    def __init__(self, params):
        self.params = params


class _GLM:  # stand-in: statsmodels.api.GLM, fitting the intercept-only Gaussian (identity link) model
    def __init__(self, endog, exog, family=None, offset=None):
        self.endog, self.exog, self.family, self.offset = endog, exog, family, offset

    def fit(self, maxiter=100, tol=1e-8, disp=False):
        return _GLMFit(np.array([np.mean(self.endog - self.offset)]))


class _Family:  # stand-in: statsmodels.genmod.families.family
    class Gaussian:
        pass

    class Binomial:
        pass


class sm:  # stand-in: `import statsmodels.api as sm`
    GLM = _GLM
fam = _Family  # stand-in: `import statsmodels.genmod.families.family as fam`


class DistributionalFamily:
    @staticmethod
    def link(mu: np.ndarray) -> np.ndarray:
        raise NotImplementedError()

    @staticmethod
    def inverse_link(eta: np.ndarray) -> np.ndarray:
        raise NotImplementedError()

    @staticmethod
    def inverse_deriv(eta: np.ndarray) -> np.ndarray:
        raise NotImplementedError()

    @staticmethod
    def variance(mu: np.ndarray) -> np.ndarray:
        raise NotImplementedError()

    @staticmethod
    def loglik(y: np.ndarray, mu: np.ndarray) -> float:
        raise NotImplementedError()


class Gaussian(DistributionalFamily):
    @staticmethod
    def link(mu: np.ndarray) -> np.ndarray:
        return mu

    @staticmethod
    def inverse_link(eta: np.ndarray) -> np.ndarray:
        return eta

    @staticmethod
    def inverse_deriv(eta: np.ndarray) -> np.ndarray:
        return np.ones_like(eta)

    @staticmethod
    def variance(mu: np.ndarray) -> np.ndarray:
        return np.ones_like(mu)

    @staticmethod
    def loglik(y: np.ndarray, mu: np.ndarray) -> float:
        resid = y - mu
        n = y.shape[0]
        sigma2 = np.mean(resid**2)
        sigma2 = np.clip(sigma2, 1e-10, None)
        ll = -0.5 * n * np.log(2 * np.pi * sigma2) - 0.5 * n
        return ll


class Binomial(DistributionalFamily):
    @staticmethod
    def link(mu: np.ndarray) -> np.ndarray:
        return np.log(mu / (1 - mu))

    @staticmethod
    def inverse_link(eta: np.ndarray) -> np.ndarray:
        return 1 / (1 + np.exp(-np.clip(eta, -350, 350)))

    @staticmethod
    def inverse_deriv(eta: np.ndarray) -> np.ndarray:
        mu = Binomial.inverse_link(eta)
        return mu * (1 - mu)

    @staticmethod
    def variance(mu: np.ndarray) -> np.ndarray:
        return mu * (1 - mu)

    @staticmethod
    def loglik(y: np.ndarray, mu: np.ndarray) -> float:
        mu = np.clip(mu, 1e-12, 1 - 1e-12)
        return np.sum(y * np.log(mu) + (1 - y) * np.log(1 - mu))


class ComputationHelper:
    @staticmethod
    def run_prediction(
        y: np.ndarray,
        X: np.ndarray,
        beta: np.ndarray,
        family: DistributionalFamily,
    ):
        eta: np.ndarray = X @ beta

        if get_env_client_heterogeniety()==1:
            alpha = ComputationHelper.fit_local_alpha(y=y, offset=eta, family=family)
        else:
            alpha = np.zeros_like(eta)
        eta += alpha
        mu: np.ndarray = family.inverse_link(eta)
        return eta, mu, alpha

    @staticmethod
    def fit_local_alpha(y, offset, family, max_iter=100, tol=1e-8):
        n = len(y)
        X = np.ones((n, 1))

        smfamily = fam.Gaussian() if family == Gaussian else fam.Binomial()
        model = sm.GLM(y.reshape(-1), X, family=smfamily, offset=offset.reshape(-1))
        res = model.fit(maxiter=max_iter, tol=tol, disp=False)

        alpha = float(res.params[0])
        return alpha


# ================================================================================================================
# keithito/tacotron: hparams.py (stand-in: a SimpleNamespace for tf.contrib.training.HParams), util/audio.py

hparams = types.SimpleNamespace(
  # Audio:
  num_mels=80,
  num_freq=1025,
  sample_rate=20000,
  frame_length_ms=50,
  frame_shift_ms=12.5,
  preemphasis=0.97,
  min_level_db=-100,
  ref_level_db=20,

  # Eval:
  max_iters=200,
  griffin_lim_iters=60,
  power=1.5,              # Power to raise magnitudes to prior to Griffin-Lim
)


def find_endpoint(wav, threshold_db=-40, min_silence_sec=0.8):
  window_length = int(hparams.sample_rate * min_silence_sec)
  hop_length = int(window_length / 4)
  threshold = _db_to_amp(threshold_db)
  for x in range(hop_length, len(wav) - window_length, hop_length):
    if np.max(wav[x:x+window_length]) < threshold:
      return x + hop_length
  return len(wav)


def _amp_to_db(x):
  return 20 * np.log10(np.maximum(1e-5, x))

def _db_to_amp(x):
  return np.power(10.0, x * 0.05)

def _normalize(S):
  return np.clip((S - hparams.min_level_db) / -hparams.min_level_db, 0, 1)

def _denormalize(S):
  return (np.clip(S, 0, 1) * -hparams.min_level_db) + hparams.min_level_db


# ================================================================================================================
# junyanz/pytorch-CycleGAN-and-pix2pix: models/networks.py

class lr_scheduler:  # stand-in: torch.optim.lr_scheduler (its LambdaLR keeps the lr_lambda it is given)
    class LambdaLR:
        def __init__(self, optimizer, lr_lambda):
            self.optimizer = optimizer
            self.lr_lambdas = [lr_lambda]

    class StepLR:
        def __init__(self, optimizer, step_size, gamma=0.1):
            raise NotImplementedError("stand-in: only LambdaLR")

    ReduceLROnPlateau = CosineAnnealingLR = StepLR


def get_scheduler(optimizer, opt):
    if opt.lr_policy == 'lambda':
        def lambda_rule(epoch):
            lr_l = 1.0 - max(0, epoch + 1 + opt.epoch_count - opt.niter) / float(opt.niter_decay + 1)
            return lr_l
        scheduler = lr_scheduler.LambdaLR(optimizer, lr_lambda=lambda_rule)
    elif opt.lr_policy == 'step':
        scheduler = lr_scheduler.StepLR(optimizer, step_size=opt.lr_decay_iters, gamma=0.1)
    elif opt.lr_policy == 'plateau':
        scheduler = lr_scheduler.ReduceLROnPlateau(optimizer, mode='min', factor=0.2, threshold=0.01, patience=5)
    elif opt.lr_policy == 'cosine':
        scheduler = lr_scheduler.CosineAnnealingLR(optimizer, T_max=opt.niter, eta_min=0)
    else:
        return NotImplementedError('learning rate policy [%s] is not implemented', opt.lr_policy)
    return scheduler


# ================================================================================================================
# LTH14/mar: util/lr_sched.py

def mar_adjust_learning_rate(optimizer, epoch, args):  # (upstream: adjust_learning_rate)
    if epoch < args.warmup_epochs:
        lr = args.lr * epoch / args.warmup_epochs 
    else:
        if args.lr_schedule == "constant":
            lr = args.lr
        elif args.lr_schedule == "cosine":
            lr = args.min_lr + (args.lr - args.min_lr) * 0.5 * \
                (1. + math.cos(math.pi * (epoch - args.warmup_epochs) / (args.epochs - args.warmup_epochs)))
        else:
            raise NotImplementedError
    for param_group in optimizer.param_groups:
        if "lr_scale" in param_group:
            param_group["lr"] = lr * param_group["lr_scale"]
        else:
            param_group["lr"] = lr
    return lr


# ================================================================================================================
# facebookresearch/barlowtwins: main.py

def barlowtwins_adjust_learning_rate(args, optimizer, loader, step):  # (upstream: adjust_learning_rate)
    max_steps = args.epochs * len(loader)
    warmup_steps = 10 * len(loader)
    base_lr = args.batch_size / 256
    if step < warmup_steps:
        lr = base_lr * step / warmup_steps
    else:
        step -= warmup_steps
        max_steps -= warmup_steps
        q = 0.5 * (1 + math.cos(math.pi * step / max_steps))
        end_lr = base_lr * 0.001
        lr = base_lr * q + end_lr * (1 - q)
    optimizer.param_groups[0]['lr'] = lr * args.learning_rate_weights
    optimizer.param_groups[1]['lr'] = lr * args.learning_rate_biases


# ================================================================================================================
# facebookresearch/moco: main_moco.py

def moco_adjust_learning_rate(optimizer, epoch, args):  # (upstream: adjust_learning_rate)
    lr = args.lr
    if args.cos:  # cosine lr schedule
        lr *= 0.5 * (1.0 + math.cos(math.pi * epoch / args.epochs))
    else:  # stepwise lr schedule
        for milestone in args.schedule:
            lr *= 0.1 if epoch >= milestone else 1.0
    for param_group in optimizer.param_groups:
        param_group["lr"] = lr


# ================================================================================================================
# dennybritz/nn-from-scratch: nn_from_scratch.py

# %% 8 
# Helper function to predict an output (0 or 1) 
def predict(model, x): 
    W1, b1, W2, b2 = model['W1'], model['b1'], model['W2'], model['b2'] 
    # Forward propagation 
    z1 = x.dot(W1) + b1 
    a1 = np.tanh(z1) 
    z2 = a1.dot(W2) + b2 
    exp_scores = np.exp(z2) 
    probs = exp_scores / np.sum(exp_scores, axis=1, keepdims=True) 
    return np.argmax(probs, axis=1) 


# ================================================================================================================
# The cases (this file's: the calling convention, the holders' default states and their changes)

# --- BORES: the precision ContextVar (reset by the tokens of its set) ---
_BORES_TOKENS: list = []


def _bores_use_float64():
    _BORES_TOKENS.append(_bores_dtype.set(np.float64))


def _bores_reset():
    while _BORES_TOKENS:
        _bores_dtype.reset(_BORES_TOKENS.pop())


def bores_coarsen_grid(data, batch_size, method):
    return coarsen_grid(data, batch_size, method)


def bores_coarsen_permeability(kx, ky):
    return _coarsen_2d_permeability_grids(kx, ky, (2, 2))


def bores_layered_grid(layer_values):
    return build_layered_grid((3, 2, 2), layer_values, "x")


def bores_depth_grid(thickness, datum):
    return build_depth_grid(thickness, datum=datum)


def bores_elevation_grid(thickness, datum):
    return build_elevation_grid(thickness, datum=datum)


# --- chainer: the thread-local configuration ---
def _chainer_use_float64():
    chainer.config.dtype = numpy.dtype('float64')


def _chainer_reset():
    if 'dtype' in config._local.__dict__:
        del chainer.config.dtype


def chainer_preprocess_cifar(images, labels, ndim):
    return _preprocess_cifar(images, labels, False, ndim, 1., None)


# --- IODClient: the environment (each variable the cases read is removed, the one a case needs is set) ---
FEDCI_ENV = ("DEBUG", "RIDGE", "LINE_SEARCH", "LM_DAMPING", "FIT_INTERCEPT", "CLIENT_HETEROGENIETY",
             "ADDITIVE_MASKING")


def _fedci_reset():
    for name in FEDCI_ENV:
        os.environ.pop(name, None)


def _fedci_reset_heterogeneity_2():
    _fedci_reset()
    os.environ["CLIENT_HETEROGENIETY"] = "2"


def _fedci_setenv(name, value):
    def change():
        os.environ[name] = value
    return change


def fedci_new_beta(xwx, xwz):
    test = RegressionTest("y", VariableType.CONTINUOS, ["x1", "x2", "__const"], (1, 3))
    return test._get_new_beta(xwx, xwz)


def fedci_run_prediction(y, X, beta):
    return ComputationHelper.run_prediction(y, X, beta, Gaussian)


# --- tacotron: the audio hyperparameters (a SimpleNamespace) ---
_HPARAMS_DEFAULT = dict(vars(hparams))


def _hparams_reset():
    vars(hparams).clear()
    vars(hparams).update(_HPARAMS_DEFAULT)


def _hparams_set(**values):
    def change():
        vars(hparams).update(values)
    return change


def tacotron_find_endpoint(wav):
    return find_endpoint(wav)


def tacotron_normalize(S):
    return _normalize(S)


def tacotron_denormalize(S):
    return _db_to_amp(_denormalize(S) + hparams.ref_level_db)  # (the first line of upstream's inv_spectrogram)


# --- the learning-rate schedules: argparse.Namespace arguments, as their scripts' parse_args() makes them ---
class _Optimizer:  # stand-in: torch.optim.Optimizer (only its param_groups, a list of dicts)
    def __init__(self, param_groups):
        self.param_groups = param_groups


CYCLEGAN_OPT = argparse.Namespace(lr_policy='lambda', epoch_count=1, niter=100, niter_decay=100, lr=0.0002)
MAR_ARGS = argparse.Namespace(lr=8e-4, min_lr=0.0, warmup_epochs=100, epochs=400, lr_schedule="constant")
BARLOWTWINS_ARGS = argparse.Namespace(epochs=1000, batch_size=2048, learning_rate_weights=0.2,
                                      learning_rate_biases=0.0048)
MOCO_ARGS = argparse.Namespace(lr=0.03, cos=False, epochs=200, schedule=[120, 160])
_NAMESPACES = {id(ns): (ns, {k: list(v) if isinstance(v, list) else v for k, v in vars(ns).items()})
               for ns in (CYCLEGAN_OPT, MAR_ARGS, BARLOWTWINS_ARGS, MOCO_ARGS)}

# The write cases' optimizers: held at module level, as a training script holds its optimizer between steps.
MAR_OPTIMIZER = types.SimpleNamespace(param_groups=[{"lr_scale": 0.5}, {}])
BARLOWTWINS_OPTIMIZER = types.SimpleNamespace(param_groups=[{}, {}])
MOCO_OPTIMIZER = types.SimpleNamespace(param_groups=[{}, {}])
_OPTIMIZERS = {id(o): (o, [dict(g) for g in o.param_groups])
               for o in (MAR_OPTIMIZER, BARLOWTWINS_OPTIMIZER, MOCO_OPTIMIZER)}


def _namespaces_reset():
    for ns, default in _NAMESPACES.values():
        vars(ns).clear()
        vars(ns).update({k: list(v) if isinstance(v, list) else v for k, v in default.items()})
    for optimizer, groups in _OPTIMIZERS.values():
        optimizer.param_groups[:] = [dict(g) for g in groups]


def _namespace_set(ns, **values):
    def change():
        vars(ns).update(values)
    return change


def _moco_move_milestone():
    MOCO_ARGS.schedule[0] = 20  # the list inside the namespace, changed in place


cyclegan_lambda_rule = get_scheduler(_Optimizer([{}]), CYCLEGAN_OPT).lr_lambdas[0]  # upstream's closure over opt


def mar_lr(epoch):
    optimizer = _Optimizer([{"lr_scale": 0.5}, {}])
    lr = mar_adjust_learning_rate(optimizer, epoch, MAR_ARGS)
    return lr, [group["lr"] for group in optimizer.param_groups]


def barlowtwins_lr(step):
    optimizer = _Optimizer([{}, {}])
    barlowtwins_adjust_learning_rate(BARLOWTWINS_ARGS, optimizer, range(50), step)  # len(loader): 50 batches
    return [group["lr"] for group in optimizer.param_groups]


def moco_lr(epoch):
    optimizer = _Optimizer([{}])
    moco_adjust_learning_rate(optimizer, epoch, MOCO_ARGS)
    return optimizer.param_groups[0]["lr"]


def mar_step(epoch):
    return mar_adjust_learning_rate(MAR_OPTIMIZER, epoch, MAR_ARGS)


def barlowtwins_step(step):
    barlowtwins_adjust_learning_rate(BARLOWTWINS_ARGS, BARLOWTWINS_OPTIMIZER, range(50), step)
    return step


def moco_step(epoch):
    moco_adjust_learning_rate(MOCO_OPTIMIZER, epoch, MOCO_ARGS)
    return epoch


def _param_groups(optimizer):
    def contents():
        return [dict(group) for group in optimizer.param_groups]
    return contents


# --- nn-from-scratch: a functools.partial that holds the dict of weights ---
_RNG = np.random.default_rng(3)
MODEL = {'W1': _RNG.normal(size=(2, 3)), 'b1': np.zeros((1, 3)), 'W2': _RNG.normal(size=(3, 2)),
         'b2': np.zeros((1, 2))}
_MODEL_DEFAULT = {k: v.copy() for k, v in MODEL.items()}
nn_predict = functools.partial(predict, MODEL)


def _model_reset():
    for key, value in _MODEL_DEFAULT.items():
        if key not in MODEL or MODEL[key].shape != value.shape:
            MODEL[key] = value.copy()
        else:
            MODEL[key][...] = value  # (in place: a case changes the arrays themselves)
    for key in set(MODEL) - set(_MODEL_DEFAULT):
        del MODEL[key]


def _model_rebind_b2():
    MODEL['b2'] = np.array([[4.0, -4.0]])  # a new array under the key


def _model_flip_w2():
    MODEL['W2'] *= -1.0  # the array the dict holds, changed in place


# --- inputs ---
def _grid(shape, seed):
    return np.random.default_rng(seed).uniform(1.0, 100.0, size=shape) + 0.1


_CIFAR = np.random.default_rng(0).integers(0, 256, size=(2, 3072), dtype=np.uint8)
_CIFAR_LABELS = np.array([3, 7])
_XWX = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
_XWZ = np.array([[1.0], [-2.0], [0.5]])
_FEDCI_X = np.column_stack([np.linspace(-1.0, 1.0, 8), np.cos(np.arange(8.0)), np.ones(8)])
_FEDCI_Y = (_FEDCI_X @ np.array([[0.5], [-1.0], [2.0]])) + 0.3 * np.sin(np.arange(8.0))[:, None]
_FEDCI_BETA = np.array([[0.4], [-0.8], [1.5]])
_WAV = np.concatenate([0.5 * np.sin(np.arange(20000.0) * 0.05), np.zeros(20000)])
_WAV_LATE = np.concatenate([0.3 * np.sin(np.arange(21000.0) * 0.07), 1e-3 * np.ones(19000)])
_DB = np.linspace(-130.0, 10.0, 15).reshape(3, 5) + 0.37
_NORMALIZED = np.linspace(-0.1, 1.1, 12).reshape(3, 4)
_POINTS = np.array([[0.5, -1.0], [-1.5, 0.3], [1.2, 1.1], [0.0, 0.0], [-0.7, -0.2]])

HOLDER_CASES = [
    # --- a ContextVar: BORES' working precision (np.float32 by default; the change sets np.float64) ---
    ("bores_coarsen_grid", bores_coarsen_grid, [
        (_grid((5, 4), 1), (2, 2), "mean"),
        (_grid((4, 6), 2), (2, 3), "harmonic"),
    ], _bores_use_float64, _bores_reset),
    ("bores_coarsen_permeability", bores_coarsen_permeability, [
        (_grid((4, 5), 3), _grid((4, 5), 4)),
    ], _bores_use_float64, _bores_reset),
    ("bores_layered_grid", bores_layered_grid, [
        (np.array([10.1, 20.2, 30.3]),),
    ], _bores_use_float64, _bores_reset),
    ("bores_depth_grid", bores_depth_grid, [
        (_grid((2, 2, 4), 5), 1000.3),
    ], _bores_use_float64, _bores_reset),
    ("bores_elevation_grid", bores_elevation_grid, [
        (_grid((2, 2, 4), 6), -2000.7),
    ], _bores_use_float64, _bores_reset),
    # --- a threading.local: Chainer's configuration (dtype float32 by default) ---
    ("chainer_preprocess_cifar", chainer_preprocess_cifar, [
        (_CIFAR, _CIFAR_LABELS, 1),
        (_CIFAR, _CIFAR_LABELS, 3),
    ], _chainer_use_float64, _chainer_reset),
    # --- os.environ / os.getenv: fedci's switches (unset by default) ---
    ("fedci_new_beta_ridge", fedci_new_beta, [
        (_XWX, _XWZ),
    ], _fedci_setenv("RIDGE", "0.5"), _fedci_reset),
    ("fedci_new_beta_no_intercept", fedci_new_beta, [
        (_XWX, _XWZ),
    ], _fedci_setenv("FIT_INTERCEPT", "0"), _fedci_reset),
    ("fedci_new_beta_lm_damping", fedci_new_beta, [
        (_XWX, _XWZ),
    ], _fedci_setenv("LM_DAMPING", "1"), _fedci_reset),
    ("fedci_run_prediction", fedci_run_prediction, [
        (_FEDCI_Y, _FEDCI_X, _FEDCI_BETA),
    ], _fedci_setenv("CLIENT_HETEROGENIETY", "1"), _fedci_reset_heterogeneity_2),
    # --- a SimpleNamespace: Tacotron's hparams ---
    ("tacotron_find_endpoint", tacotron_find_endpoint, [
        (_WAV,),
        (_WAV_LATE,),
    ], _hparams_set(sample_rate=16000), _hparams_reset),
    ("tacotron_normalize", tacotron_normalize, [
        (_DB,),
    ], _hparams_set(min_level_db=-80), _hparams_reset),
    ("tacotron_denormalize", tacotron_denormalize, [
        (_NORMALIZED,),
    ], _hparams_set(min_level_db=-60, ref_level_db=25), _hparams_reset),
    # --- argparse.Namespace: the options of training scripts ---
    ("cyclegan_lambda_rule", cyclegan_lambda_rule, [
        (np.array(150.0),),
        (np.array(80.0),),
    ], _namespace_set(CYCLEGAN_OPT, niter=50, niter_decay=150), _namespaces_reset),
    ("mar_lr_warmup", mar_lr, [
        (np.array(37.5),),
        (np.array(250.0),),
    ], _namespace_set(MAR_ARGS, lr=1e-3), _namespaces_reset),
    ("mar_lr_schedule", mar_lr, [
        (np.array(250.0),),
    ], _namespace_set(MAR_ARGS, lr_schedule="cosine"), _namespaces_reset),
    ("barlowtwins_lr", barlowtwins_lr, [
        (np.array(120.0),),
        (np.array(30000.0),),
    ], _namespace_set(BARLOWTWINS_ARGS, batch_size=1024), _namespaces_reset),
    ("moco_lr_cos", moco_lr, [
        (np.array(130.0),),
    ], _namespace_set(MOCO_ARGS, cos=True), _namespaces_reset),
    ("moco_lr_milestone", moco_lr, [
        (np.array(50.0),),
        (np.array(100.0),),
    ], _moco_move_milestone, _namespaces_reset),
    # --- functools.partial: the weights of a network, a dict the partial holds ---
    ("nn_predict_rebind", nn_predict, [
        (_POINTS,),
    ], _model_rebind_b2, _model_reset),
    ("nn_predict_in_place", nn_predict, [
        (_POINTS,),
    ], _model_flip_w2, _model_reset),
]

# Writes into a holder that outlives the call, of a rate chosen by an `if` on the epoch (an array): the inputs are
# called in order on one Function (the later ones run the graph the first traced), each after eager code made the
# same call on the same (reset) holder.
WRITE_CASES = [
    ("mar_step", mar_step, [
        (np.array(250.0),),
        (np.array(37.5),),
    ], _param_groups(MAR_OPTIMIZER), _namespaces_reset),
    ("barlowtwins_step", barlowtwins_step, [
        (np.array(30000.0),),
        (np.array(120.0),),
    ], _param_groups(BARLOWTWINS_OPTIMIZER), _namespaces_reset),
    ("moco_step", moco_step, [
        (np.array(170.0),),
        (np.array(50.0),),
    ], _param_groups(MOCO_OPTIMIZER), _namespaces_reset),
]

CASES: list = []
