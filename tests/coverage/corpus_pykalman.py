"""pykalman's linear-Gaussian Kalman filter, smoother and EM algorithm, and its square-root filters: from
``pykalman/standard.py`` the predict step, the filter loop (``if t == 0:`` seeding, ``_last_dims`` choosing a
time-varying or a constant matrix by ``len(X.shape)``, tuple targets written into rows ``kalman_gains[t],
filtered_state_means[t], ... = _filter_correct(...)``, masked observations skipped by ``np.any(np.ma.getmask(...))``),
the backward smoother written through ``reversed(range(...))``, the pairwise covariances, every EM update with its
``if n_obs > 0`` / ``if n_timesteps > 1`` early returns, ``_em`` choosing between given and estimated parameters by
``in given``, the log-likelihoods, the argument helpers with their ``%``-formatted messages, and the
``KalmanFilter`` class itself (``filter``, ``filter_update`` with a masked observation, ``smooth``, ``em``,
``loglikelihood``, ``sample`` from a seeded ``RandomState``); from ``pykalman/sqrt/bierman.py`` Bierman's UDU'
factorisation (``udu``: a reversed loop with ``if d[j - 1] > 0`` and column writes), decorrelation, the scalar
measurement update and the filter over object arrays of ``UDU_decomposition``; from ``pykalman/sqrt/cholesky.py``
the QR-based predict and correct steps and their filter; from ``pykalman/sqrt/unscented.py`` the rank-one Cholesky
update ``cholupdate`` (``r = 0.0 if r_squared < 0 else np.sqrt(r_squared)`` per element, row slices written), sigma
points to and from moments through namedtuples, the unscented transform of a Python function per point, and the
additive square-root unscented filter and smoother (pykalman/pykalman, BSD-3-Clause).

Copied from pykalman/pykalman at d62e60be00bd028ecc7eea6a8bea02f583910428 (release 0.11.2; its LICENSE is the New
BSD licence: "Copyright (c) 2025 - present, The pykalman developers at GC.OS. Copyright (c) 2012 - 2025 Daniel
Duckworth", and ``pykalman/utils/_sklearn.py`` carries scikit-learn's New BSD licence in its header), the files named
in each section below. Bodies are as written, comments kept, docstrings dropped; ``KalmanFilter`` is copied whole.
The same snapshot gives the ``probabilistic`` corpus (corpus_probabilistic.py) seven cases: standard.py's
``_filter_correct``, ``_smooth_update``, ``_em_transition_matrix`` and ``_em_observation_matrix``, and unscented.py's
``moments2points``, ``unscented_correct`` and ``augmented_points``. The filter, the smoother and ``_em`` here call
the first four, and ``array2d`` and ``_last_dims``: imported from that module's copies (the same text), not cases of
their own here.

Adapted, beyond that:

* the imports are this module's. ``pykalman/utils/_numpy.py`` sets ``numpy2`` with scikit-base's
  ``_check_soft_dependencies("numpy>=2")``; here it is computed from ``np.__version__`` (scikit-base is not
  installed);
* the three modules' functions of the same name are prefixed with their module, in their ``def`` and where the
  copied code calls them (marked ``# renamed``): bierman.py's ``_filter_predict``, ``_filter_correct``, ``_filter``
  and ``_reconstruct_covariances`` are ``_bierman_filter_predict`` ..., cholesky.py's ``_cholesky_...``, and
  sqrt/unscented.py's ``_reconstruct_covariances`` is ``_sqrt_reconstruct_covariances``. standard.py's keep their
  names;
* wrappers build what the library's classes pass: a ``KalmanFilter`` from the arrays, then one method; a
  ``UDU_decomposition`` from its ``U`` and ``D`` arrays, and its factors back out of one (the harness compares
  arrays, and the object has no ``__eq__``); the Bierman filter's object arrays of factorisations reconstructed with
  its own ``_reconstruct_covariances``, as ``BiermanKalmanFilter.smooth`` does; ``Moments`` and ``SigmaPoints``
  (pykalman/unscented.py's namedtuples, copied) are passed as they are;
* the non-linear model of the unscented cases is examples/unscented/plot_additive.py's (``transition_function``,
  ``observation_function`` and their additive versions, copied).

Not taken: the classes' EM for the square-root filters (they subclass ``KalmanFilter`` and call the renamed
functions), the general (augmented) unscented filter (the ``probabilistic`` corpus has its building blocks).

The inputs follow examples/standard/plot_filter.py: a 2-D state with transition [[1, 0.1], [0, 1]] and offset
[-0.1, 0.1], an observation matrix ``np.eye(2) + 0.1 * randn``, observation offset [1, -1], identity transition
covariance, an observation covariance ``np.eye(2)`` plus a small random symmetric part (the example adds a
non-symmetric ``0.1 * randn``, which a Cholesky factorisation would read half of), initial mean [5, -5] and
covariance [[1, 0.1], [0.1, 1]]; 8 time steps sampled from that model with the harness' generator; the missing
observations of examples/standard/plot_missing.py as a masked row.
"""

# ruff: noqa: E501, E741, N802, N803, N806, UP031, UP032, B904, B028, C408
from __future__ import annotations

import inspect
import warnings
from collections import namedtuple

import numpy as np
from numpy import ma
from scipy import linalg

from tests.coverage.cases import PK, case

# The helpers corpus_probabilistic copied already (the same file at the same commit, byte for byte):
from tests.coverage.corpus_probabilistic import (
    _em_observation_matrix,
    _em_transition_matrix,
    _filter_correct,
    _last_dims,
    _smooth_update,
    array2d,
)
from tests.coverage.corpus_probabilistic import (
    pykalman_log_multivariate_normal_density as log_multivariate_normal_density,
)


# --- pykalman/utils/_sklearn.py ---------------------------------------------------------------------------------------
def array1d(X, dtype=None, order=None):
    return np.asarray(np.atleast_1d(X), dtype=dtype, order=order)




def check_random_state(seed):
    if seed is None or seed is np.random:
        return np.random.mtrand._rand
    if isinstance(seed, (int, np.integer)):
        return np.random.RandomState(seed)
    if isinstance(seed, np.random.RandomState):
        return seed
    raise ValueError(
        "{0} cannot be used to seed a numpy.random.RandomState" + " instance"
    ).format(seed)


def get_params(obj):
    try:
        # get names of every variable in the argument
        args = inspect.getfullargspec(obj.__init__)[0]
        args.pop(0)  # remove "self"

        # get values for each of the above in the object
        argdict = {arg: obj.__getattribute__(arg) for arg in args}
        return argdict
    except Exception:
        raise ValueError("object has no __init__ method")


def preprocess_arguments(argsets, converters):
    result = {}
    for argset in argsets:
        for argname, argval in argset.items():
            # check that this argument is necessary
            if argname not in converters:
                raise ValueError(f"Unrecognized argument: {argname}")

            # potentially use this argument
            if argname not in result and argval is not None:
                # convert to right type
                argval = converters[argname](argval)

                # save
                result[argname] = argval

    # check that all arguments are covered
    if not len(converters.keys()) == len(result.keys()):
        missing = set(converters.keys()) - set(result.keys())
        s = f"The following arguments are missing: {list(missing)}"
        raise ValueError(s)

    return result


# --- pykalman/utils/_numpy.py -----------------------------------------------------------------------------------------
# stand-in: pykalman computes this with skbase's _check_soft_dependencies("numpy>=2", severity="none")
numpy2 = int(np.__version__.split(".")[0]) >= 2


def newbyteorder(arr, new_order):
    if numpy2:
        return arr.view(arr.dtype.newbyteorder(new_order))
    else:
        return arr.newbyteorder(new_order)


# --- pykalman/unscented.py --------------------------------------------------------------------------------------------
# represents a collection of sigma points and their associated weights. one
# point per row
SigmaPoints = namedtuple(
    "SigmaPoints", ["points", "weights_mean", "weights_covariance"]
)


# represents mean and covariance of a multivariate normal distribution
Moments = namedtuple("Moments", ["mean", "covariance"])


# --- pykalman/standard.py ---------------------------------------------------------------------------------------------
# Dimensionality of each Kalman Filter parameter for a single time step
DIM = {
    "transition_matrices": 2,
    "transition_offsets": 1,
    "observation_matrices": 2,
    "observation_offsets": 1,
    "transition_covariance": 2,
    "observation_covariance": 2,
    "initial_state_mean": 1,
    "initial_state_covariance": 2,
}


def _arg_or_default(arg, default, dim, name):
    if arg is None:
        result = np.asarray(default)
    else:
        result = arg
    if len(result.shape) > dim:
        raise ValueError(
            ("%s is not constant for all time." + "  You must specify it manually.")
            % (name,)
        )
    return result


def _determine_dimensionality(variables, default):
    # gather possible values based on the variables
    candidates = []
    for v, converter, idx in variables:
        if v is not None:
            v = converter(v)
            candidates.append(v.shape[idx])

    # also use the manually specified default
    if default is not None:
        candidates.append(default)

    # ensure consistency of all derived values
    if len(candidates) == 0:
        return 1
    else:
        if not np.all(np.array(candidates) == candidates[0]):
            raise ValueError(
                "The shape of all "
                + "parameters is not consistent.  "
                + "Please re-check their values."
            )
        return candidates[0]


def _loglikelihoods(
    observation_matrices,
    observation_offsets,
    observation_covariance,
    predicted_state_means,
    predicted_state_covariances,
    observations,
):
    n_timesteps = observations.shape[0]
    loglikelihoods = np.zeros(n_timesteps)
    for t in range(n_timesteps):
        observation = observations[t]
        if not np.any(np.ma.getmask(observation)):
            observation_matrix = _last_dims(observation_matrices, t)
            observation_offset = _last_dims(observation_offsets, t, ndims=1)
            predicted_state_mean = _last_dims(predicted_state_means, t, ndims=1)
            predicted_state_covariance = _last_dims(predicted_state_covariances, t)

            predicted_observation_mean = (
                np.dot(observation_matrix, predicted_state_mean) + observation_offset
            )
            predicted_observation_covariance = (
                np.dot(
                    observation_matrix,
                    np.dot(predicted_state_covariance, observation_matrix.T),
                )
                + observation_covariance
            )
            lmnd_arr = log_multivariate_normal_density(
                observation[np.newaxis, :],
                predicted_observation_mean[np.newaxis, :],
                predicted_observation_covariance[np.newaxis, :, :],
            )
            loglikelihoods[t] = lmnd_arr[0, 0]
    return loglikelihoods


def _filter_predict(
    transition_matrix,
    transition_covariance,
    transition_offset,
    current_state_mean,
    current_state_covariance,
):
    predicted_state_mean = (
        np.dot(transition_matrix, current_state_mean) + transition_offset
    )
    predicted_state_covariance = (
        np.dot(transition_matrix, np.dot(current_state_covariance, transition_matrix.T))
        + transition_covariance
    )

    return (predicted_state_mean, predicted_state_covariance)


def _filter(
    transition_matrices,
    observation_matrices,
    transition_covariance,
    observation_covariance,
    transition_offsets,
    observation_offsets,
    initial_state_mean,
    initial_state_covariance,
    observations,
):
    n_timesteps = observations.shape[0]
    n_dim_state = len(initial_state_mean)
    n_dim_obs = observations.shape[1]

    predicted_state_means = np.zeros((n_timesteps, n_dim_state))
    predicted_state_covariances = np.zeros((n_timesteps, n_dim_state, n_dim_state))
    kalman_gains = np.zeros((n_timesteps, n_dim_state, n_dim_obs))
    filtered_state_means = np.zeros((n_timesteps, n_dim_state))
    filtered_state_covariances = np.zeros((n_timesteps, n_dim_state, n_dim_state))

    for t in range(n_timesteps):
        if t == 0:
            predicted_state_means[t] = initial_state_mean
            predicted_state_covariances[t] = initial_state_covariance
        else:
            transition_matrix = _last_dims(transition_matrices, t - 1)
            transition_covariance_t = _last_dims(transition_covariance, t - 1)
            transition_offset = _last_dims(transition_offsets, t - 1, ndims=1)
            predicted_state_means[t], predicted_state_covariances[t] = _filter_predict(
                transition_matrix,
                transition_covariance_t,
                transition_offset,
                filtered_state_means[t - 1],
                filtered_state_covariances[t - 1],
            )

        observation_matrix = _last_dims(observation_matrices, t)
        observation_covariance_t = _last_dims(observation_covariance, t)
        observation_offset = _last_dims(observation_offsets, t, ndims=1)
        (
            kalman_gains[t],
            filtered_state_means[t],
            filtered_state_covariances[t],
        ) = _filter_correct(
            observation_matrix,
            observation_covariance_t,
            observation_offset,
            predicted_state_means[t],
            predicted_state_covariances[t],
            observations[t],
        )

    return (
        predicted_state_means,
        predicted_state_covariances,
        kalman_gains,
        filtered_state_means,
        filtered_state_covariances,
    )


def _smooth(
    transition_matrices,
    filtered_state_means,
    filtered_state_covariances,
    predicted_state_means,
    predicted_state_covariances,
):
    n_timesteps, n_dim_state = filtered_state_means.shape

    smoothed_state_means = np.zeros((n_timesteps, n_dim_state))
    smoothed_state_covariances = np.zeros((n_timesteps, n_dim_state, n_dim_state))
    kalman_smoothing_gains = np.zeros((n_timesteps - 1, n_dim_state, n_dim_state))

    smoothed_state_means[-1] = filtered_state_means[-1]
    smoothed_state_covariances[-1] = filtered_state_covariances[-1]

    for t in reversed(range(n_timesteps - 1)):
        transition_matrix = _last_dims(transition_matrices, t)
        (
            smoothed_state_means[t],
            smoothed_state_covariances[t],
            kalman_smoothing_gains[t],
        ) = _smooth_update(
            transition_matrix,
            filtered_state_means[t],
            filtered_state_covariances[t],
            predicted_state_means[t + 1],
            predicted_state_covariances[t + 1],
            smoothed_state_means[t + 1],
            smoothed_state_covariances[t + 1],
        )
    return (smoothed_state_means, smoothed_state_covariances, kalman_smoothing_gains)


def _smooth_pair(smoothed_state_covariances, kalman_smoothing_gain):
    n_timesteps, n_dim_state, _ = smoothed_state_covariances.shape
    pairwise_covariances = np.zeros((n_timesteps, n_dim_state, n_dim_state))
    for t in range(1, n_timesteps):
        pairwise_covariances[t] = np.dot(
            smoothed_state_covariances[t], kalman_smoothing_gain[t - 1].T
        )
    return pairwise_covariances


def _em(
    observations,
    transition_offsets,
    observation_offsets,
    smoothed_state_means,
    smoothed_state_covariances,
    pairwise_covariances,
    given=None,
):
    if given is None:
        given = {}
    if "observation_matrices" in given:
        observation_matrix = given["observation_matrices"]
    else:
        observation_matrix = _em_observation_matrix(
            observations,
            observation_offsets,
            smoothed_state_means,
            smoothed_state_covariances,
        )

    if "observation_covariance" in given:
        observation_covariance = given["observation_covariance"]
    else:
        observation_covariance = _em_observation_covariance(
            observations,
            observation_offsets,
            observation_matrix,
            smoothed_state_means,
            smoothed_state_covariances,
        )

    if "transition_matrices" in given:
        transition_matrix = given["transition_matrices"]
    else:
        transition_matrix = _em_transition_matrix(
            transition_offsets,
            smoothed_state_means,
            smoothed_state_covariances,
            pairwise_covariances,
        )

    if "transition_covariance" in given:
        transition_covariance = given["transition_covariance"]
    else:
        transition_covariance = _em_transition_covariance(
            transition_matrix,
            transition_offsets,
            smoothed_state_means,
            smoothed_state_covariances,
            pairwise_covariances,
        )

    if "initial_state_mean" in given:
        initial_state_mean = given["initial_state_mean"]
    else:
        initial_state_mean = _em_initial_state_mean(smoothed_state_means)

    if "initial_state_covariance" in given:
        initial_state_covariance = given["initial_state_covariance"]
    else:
        initial_state_covariance = _em_initial_state_covariance(
            initial_state_mean, smoothed_state_means, smoothed_state_covariances
        )

    if "transition_offsets" in given:
        transition_offset = given["transition_offsets"]
    else:
        transition_offset = _em_transition_offset(
            transition_matrix, smoothed_state_means
        )

    if "observation_offsets" in given:
        observation_offset = given["observation_offsets"]
    else:
        observation_offset = _em_observation_offset(
            observation_matrix, smoothed_state_means, observations
        )

    return (
        transition_matrix,
        observation_matrix,
        transition_offset,
        observation_offset,
        transition_covariance,
        observation_covariance,
        initial_state_mean,
        initial_state_covariance,
    )


def _em_observation_covariance(
    observations,
    observation_offsets,
    observation_matrices,
    smoothed_state_means,
    smoothed_state_covariances,
):
    _, n_dim_state = smoothed_state_means.shape
    n_timesteps, n_dim_obs = observations.shape
    res = np.zeros((n_dim_obs, n_dim_obs))
    n_obs = 0
    for t in range(n_timesteps):
        if not np.any(np.ma.getmask(observations[t])):
            observation_matrix = _last_dims(observation_matrices, t)
            observation_offset = _last_dims(observation_offsets, t, ndims=1)
            err = (
                observations[t]
                - np.dot(observation_matrix, smoothed_state_means[t])
                - observation_offset
            )
            res += np.outer(err, err) + np.dot(
                observation_matrix,
                np.dot(smoothed_state_covariances[t], observation_matrix.T),
            )
            n_obs += 1
    if n_obs > 0:
        return (1.0 / n_obs) * res
    else:
        return res


def _em_transition_covariance(
    transition_matrices,
    transition_offsets,
    smoothed_state_means,
    smoothed_state_covariances,
    pairwise_covariances,
):
    n_timesteps, n_dim_state, _ = smoothed_state_covariances.shape
    res = np.zeros((n_dim_state, n_dim_state))
    for t in range(n_timesteps - 1):
        transition_matrix = _last_dims(transition_matrices, t)
        transition_offset = _last_dims(transition_offsets, t, ndims=1)
        err = (
            smoothed_state_means[t + 1]
            - np.dot(transition_matrix, smoothed_state_means[t])
            - transition_offset
        )
        Vt1t_A = np.dot(pairwise_covariances[t + 1], transition_matrix.T)
        res += (
            np.outer(err, err)
            + np.dot(
                transition_matrix,
                np.dot(smoothed_state_covariances[t], transition_matrix.T),
            )
            + smoothed_state_covariances[t + 1]
            - Vt1t_A
            - Vt1t_A.T
        )

    if n_timesteps > 1:
        return (1.0 / (n_timesteps - 1)) * res
    else:
        return res


def _em_initial_state_mean(smoothed_state_means):
    return smoothed_state_means[0]


def _em_initial_state_covariance(
    initial_state_mean, smoothed_state_means, smoothed_state_covariances
):
    x0 = smoothed_state_means[0]
    x0_x0 = smoothed_state_covariances[0] + np.outer(x0, x0)
    return (
        x0_x0
        - np.outer(initial_state_mean, x0)
        - np.outer(x0, initial_state_mean)
        + np.outer(initial_state_mean, initial_state_mean)
    )


def _em_transition_offset(transition_matrices, smoothed_state_means):
    n_timesteps, n_dim_state = smoothed_state_means.shape
    transition_offset = np.zeros(n_dim_state)
    for t in range(1, n_timesteps):
        transition_matrix = _last_dims(transition_matrices, t - 1)
        transition_offset += smoothed_state_means[t] - np.dot(
            transition_matrix, smoothed_state_means[t - 1]
        )
    if n_timesteps > 1:
        return (1.0 / (n_timesteps - 1)) * transition_offset
    else:
        return np.zeros(n_dim_state)


def _em_observation_offset(observation_matrices, smoothed_state_means, observations):
    n_timesteps, n_dim_obs = observations.shape
    observation_offset = np.zeros(n_dim_obs)
    n_obs = 0
    for t in range(n_timesteps):
        if not np.any(np.ma.getmask(observations[t])):
            observation_matrix = _last_dims(observation_matrices, t)
            observation_offset += observations[t] - np.dot(
                observation_matrix, smoothed_state_means[t]
            )
            n_obs += 1
    if n_obs > 0:
        return (1.0 / n_obs) * observation_offset
    else:
        return observation_offset


class KalmanFilter:

    def __init__(
        self,
        transition_matrices=None,
        observation_matrices=None,
        transition_covariance=None,
        observation_covariance=None,
        transition_offsets=None,
        observation_offsets=None,
        initial_state_mean=None,
        initial_state_covariance=None,
        random_state=None,
        em_vars=None,
        n_dim_state=None,
        n_dim_obs=None,
    ):
        # determine size of state space
        n_dim_state = _determine_dimensionality(
            [
                (transition_matrices, array2d, -2),
                (transition_offsets, array1d, -1),
                (transition_covariance, array2d, -2),
                (initial_state_mean, array1d, -1),
                (initial_state_covariance, array2d, -2),
                (observation_matrices, array2d, -1),
            ],
            n_dim_state,
        )
        n_dim_obs = _determine_dimensionality(
            [
                (observation_matrices, array2d, -2),
                (observation_offsets, array1d, -1),
                (observation_covariance, array2d, -2),
            ],
            n_dim_obs,
        )

        self.transition_matrices = transition_matrices
        self.observation_matrices = observation_matrices
        self.transition_covariance = transition_covariance
        self.observation_covariance = observation_covariance
        self.transition_offsets = transition_offsets
        self.observation_offsets = observation_offsets
        self.initial_state_mean = initial_state_mean
        self.initial_state_covariance = initial_state_covariance
        self.random_state = random_state
        self.em_vars = em_vars
        self.n_dim_state = n_dim_state
        self.n_dim_obs = n_dim_obs

        if em_vars is None:
            self._em_vars = [
                "transition_covariance",
                "observation_covariance",
                "initial_state_mean",
                "initial_state_covariance",
            ]
        else:
            self._em_vars = em_vars

    def sample(self, n_timesteps, initial_state=None, random_state=None):
        (
            transition_matrices,
            transition_offsets,
            transition_covariance,
            observation_matrices,
            observation_offsets,
            observation_covariance,
            initial_state_mean,
            initial_state_covariance,
        ) = self._initialize_parameters()

        n_dim_state = transition_matrices.shape[-2]
        n_dim_obs = observation_matrices.shape[-2]
        states = np.zeros((n_timesteps, n_dim_state))
        observations = np.zeros((n_timesteps, n_dim_obs))

        # logic for instantiating rng
        if random_state is None:
            rng = check_random_state(self.random_state)
        else:
            rng = check_random_state(random_state)

        # logic for selecting initial state
        if initial_state is None:
            initial_state = rng.multivariate_normal(
                initial_state_mean, initial_state_covariance
            )

        # logic for generating samples
        for t in range(n_timesteps):
            if t == 0:
                states[t] = initial_state
            else:
                transition_matrix = _last_dims(transition_matrices, t - 1)
                transition_offset = _last_dims(transition_offsets, t - 1, ndims=1)
                transition_covariance = _last_dims(transition_covariance, t - 1)
                cov = newbyteorder(transition_covariance, "=")
                states[t] = (
                    np.dot(transition_matrix, states[t - 1])
                    + transition_offset
                    + rng.multivariate_normal(np.zeros(n_dim_state), cov)
                )

            observation_matrix = _last_dims(observation_matrices, t)
            observation_offset = _last_dims(observation_offsets, t, ndims=1)
            observation_covariance = _last_dims(observation_covariance, t)
            observations[t] = (
                np.dot(observation_matrix, states[t])
                + observation_offset
                + rng.multivariate_normal(
                    np.zeros(n_dim_obs), newbyteorder(observation_covariance, "=")
                )
            )

        return (states, np.ma.array(observations))

    def filter(self, X):
        Z = self._parse_observations(X)

        (
            transition_matrices,
            transition_offsets,
            transition_covariance,
            observation_matrices,
            observation_offsets,
            observation_covariance,
            initial_state_mean,
            initial_state_covariance,
        ) = self._initialize_parameters()

        (_, _, _, filtered_state_means, filtered_state_covariances) = _filter(
            transition_matrices,
            observation_matrices,
            transition_covariance,
            observation_covariance,
            transition_offsets,
            observation_offsets,
            initial_state_mean,
            initial_state_covariance,
            Z,
        )
        return (filtered_state_means, filtered_state_covariances)

    def filter_update(
        self,
        filtered_state_mean,
        filtered_state_covariance,
        observation=None,
        transition_matrix=None,
        transition_offset=None,
        transition_covariance=None,
        observation_matrix=None,
        observation_offset=None,
        observation_covariance=None,
    ):
        # initialize matrices
        (
            transition_matrices,
            transition_offsets,
            transition_cov,
            observation_matrices,
            observation_offsets,
            observation_cov,
            initial_state_mean,
            initial_state_covariance,
        ) = self._initialize_parameters()
        transition_offset = _arg_or_default(
            transition_offset, transition_offsets, 1, "transition_offset"
        )
        observation_offset = _arg_or_default(
            observation_offset, observation_offsets, 1, "observation_offset"
        )
        transition_matrix = _arg_or_default(
            transition_matrix, transition_matrices, 2, "transition_matrix"
        )
        observation_matrix = _arg_or_default(
            observation_matrix, observation_matrices, 2, "observation_matrix"
        )
        transition_covariance = _arg_or_default(
            transition_covariance, transition_cov, 2, "transition_covariance"
        )
        observation_covariance = _arg_or_default(
            observation_covariance, observation_cov, 2, "observation_covariance"
        )

        # Make a masked observation if necessary
        if observation is None:
            n_dim_obs = observation_covariance.shape[0]
            observation = np.ma.array(np.zeros(n_dim_obs))
            observation.mask = True
        else:
            observation = np.ma.asarray(observation)

        predicted_state_mean, predicted_state_covariance = _filter_predict(
            transition_matrix,
            transition_covariance,
            transition_offset,
            filtered_state_mean,
            filtered_state_covariance,
        )
        (_, next_filtered_state_mean, next_filtered_state_covariance) = _filter_correct(
            observation_matrix,
            observation_covariance,
            observation_offset,
            predicted_state_mean,
            predicted_state_covariance,
            observation,
        )

        return (next_filtered_state_mean, next_filtered_state_covariance)

    def smooth(self, X):
        Z = self._parse_observations(X)

        (
            transition_matrices,
            transition_offsets,
            transition_covariance,
            observation_matrices,
            observation_offsets,
            observation_covariance,
            initial_state_mean,
            initial_state_covariance,
        ) = self._initialize_parameters()

        (
            predicted_state_means,
            predicted_state_covariances,
            _,
            filtered_state_means,
            filtered_state_covariances,
        ) = _filter(
            transition_matrices,
            observation_matrices,
            transition_covariance,
            observation_covariance,
            transition_offsets,
            observation_offsets,
            initial_state_mean,
            initial_state_covariance,
            Z,
        )
        (smoothed_state_means, smoothed_state_covariances) = _smooth(
            transition_matrices,
            filtered_state_means,
            filtered_state_covariances,
            predicted_state_means,
            predicted_state_covariances,
        )[:2]
        return (smoothed_state_means, smoothed_state_covariances)

    def em(self, X, y=None, n_iter=10, em_vars=None):
        Z = self._parse_observations(X)

        # initialize parameters
        (
            self.transition_matrices,
            self.transition_offsets,
            self.transition_covariance,
            self.observation_matrices,
            self.observation_offsets,
            self.observation_covariance,
            self.initial_state_mean,
            self.initial_state_covariance,
        ) = self._initialize_parameters()

        # Create dictionary of variables not to perform EM on
        if em_vars is None:
            em_vars = self._em_vars

        if em_vars == "all":
            given = {}
        else:
            given = {
                "transition_matrices": self.transition_matrices,
                "observation_matrices": self.observation_matrices,
                "transition_offsets": self.transition_offsets,
                "observation_offsets": self.observation_offsets,
                "transition_covariance": self.transition_covariance,
                "observation_covariance": self.observation_covariance,
                "initial_state_mean": self.initial_state_mean,
                "initial_state_covariance": self.initial_state_covariance,
            }
            em_vars = set(em_vars)
            for k in list(given.keys()):
                if k in em_vars:
                    given.pop(k)

        # If a parameter is time varying, print a warning
        for k, v in get_params(self).items():
            if k in DIM and (k not in given) and len(v.shape) != DIM[k]:
                warn_str = (
                    "{0} has {1} dimensions now; after fitting, "
                    + "it will have dimension {2}"
                ).format(k, len(v.shape), DIM[k])
                warnings.warn(warn_str, stacklevel=2)

        # Actual EM iterations
        for _ in range(n_iter):
            (
                predicted_state_means,
                predicted_state_covariances,
                kalman_gains,
                filtered_state_means,
                filtered_state_covariances,
            ) = _filter(
                self.transition_matrices,
                self.observation_matrices,
                self.transition_covariance,
                self.observation_covariance,
                self.transition_offsets,
                self.observation_offsets,
                self.initial_state_mean,
                self.initial_state_covariance,
                Z,
            )
            (
                smoothed_state_means,
                smoothed_state_covariances,
                kalman_smoothing_gains,
            ) = _smooth(
                self.transition_matrices,
                filtered_state_means,
                filtered_state_covariances,
                predicted_state_means,
                predicted_state_covariances,
            )
            sigma_pair_smooth = _smooth_pair(
                smoothed_state_covariances, kalman_smoothing_gains
            )
            (
                self.transition_matrices,
                self.observation_matrices,
                self.transition_offsets,
                self.observation_offsets,
                self.transition_covariance,
                self.observation_covariance,
                self.initial_state_mean,
                self.initial_state_covariance,
            ) = _em(
                Z,
                self.transition_offsets,
                self.observation_offsets,
                smoothed_state_means,
                smoothed_state_covariances,
                sigma_pair_smooth,
                given=given,
            )
        return self

    def loglikelihood(self, X):
        Z = self._parse_observations(X)

        # initialize parameters
        (
            transition_matrices,
            transition_offsets,
            transition_covariance,
            observation_matrices,
            observation_offsets,
            observation_covariance,
            initial_state_mean,
            initial_state_covariance,
        ) = self._initialize_parameters()

        # apply the Kalman Filter
        (
            predicted_state_means,
            predicted_state_covariances,
            kalman_gains,
            filtered_state_means,
            filtered_state_covariances,
        ) = _filter(
            transition_matrices,
            observation_matrices,
            transition_covariance,
            observation_covariance,
            transition_offsets,
            observation_offsets,
            initial_state_mean,
            initial_state_covariance,
            Z,
        )

        # get likelihoods for each time step
        loglikelihoods = _loglikelihoods(
            observation_matrices,
            observation_offsets,
            observation_covariance,
            predicted_state_means,
            predicted_state_covariances,
            Z,
        )

        return np.sum(loglikelihoods)

    def _initialize_parameters(self):
        n_dim_state, n_dim_obs = self.n_dim_state, self.n_dim_obs

        arguments = get_params(self)
        defaults = {
            "transition_matrices": np.eye(n_dim_state),
            "transition_offsets": np.zeros(n_dim_state),
            "transition_covariance": np.eye(n_dim_state),
            "observation_matrices": np.eye(n_dim_obs, n_dim_state),
            "observation_offsets": np.zeros(n_dim_obs),
            "observation_covariance": np.eye(n_dim_obs),
            "initial_state_mean": np.zeros(n_dim_state),
            "initial_state_covariance": np.eye(n_dim_state),
            "random_state": 0,
            "em_vars": [
                "transition_covariance",
                "observation_covariance",
                "initial_state_mean",
                "initial_state_covariance",
            ],
        }
        converters = {
            "transition_matrices": array2d,
            "transition_offsets": array1d,
            "transition_covariance": array2d,
            "observation_matrices": array2d,
            "observation_offsets": array1d,
            "observation_covariance": array2d,
            "initial_state_mean": array1d,
            "initial_state_covariance": array2d,
            "random_state": check_random_state,
            "n_dim_state": int,
            "n_dim_obs": int,
            "em_vars": lambda x: x,
        }

        parameters = preprocess_arguments([arguments, defaults], converters)

        return (
            parameters["transition_matrices"],
            parameters["transition_offsets"],
            parameters["transition_covariance"],
            parameters["observation_matrices"],
            parameters["observation_offsets"],
            parameters["observation_covariance"],
            parameters["initial_state_mean"],
            parameters["initial_state_covariance"],
        )

    def _parse_observations(self, obs):
        obs = np.ma.atleast_2d(obs)
        if obs.shape[0] == 1 and obs.shape[1] > 1:
            obs = obs.T
        return obs


# --- pykalman/sqrt/bierman.py -----------------------------------------------------------------------------------------
def _bierman_reconstruct_covariances(covariances):  # renamed
    if isinstance(covariances, UDU_decomposition):
        covariances = np.asarray([covariances])

    n_timesteps = covariances.shape[0]
    n_dim_state = covariances[0].U.shape[0]
    result = np.zeros((n_timesteps, n_dim_state, n_dim_state))

    for t in range(n_timesteps):
        result[t] = covariances[t].reconstruct()

    return result


class UDU_decomposition:

    def __init__(self, U, D):
        self.U = U
        self.D = D

    def reconstruct(self):
        return self.U.dot(np.diag(self.D)).dot(self.U.T)


def udu(M):
    assert np.allclose(M, M.T), "M must be symmetric, positive semidefinite"
    n = M.shape[0]

    # perform Bierman's COV2UD subroutine (fucking inclusive indices)
    M = np.triu(M)
    U = np.eye(n)
    d = np.zeros(n)
    for j in reversed(range(2, n + 1)):
        d[j - 1] = M[j - 1, j - 1]
        if d[j - 1] > 0:
            alpha = 1.0 / d[j - 1]
        else:
            alpha = 0.0
        for k in range(1, j):
            beta = M[k - 1, j - 1]
            U[k - 1, j - 1] = alpha * beta
            M[0:k, k - 1] = M[0:k, k - 1] - beta * U[0:k, j - 1]

    d[0] = M[0, 0]

    return UDU_decomposition(U, d)


def decorrelate_observations(
    observation_matrices, observation_offsets, observation_covariance, observations
):
    n_dim_obs = observations.shape[-1]

    # calculate (R^{1/2})^{-1}
    observation_covariance2 = linalg.cholesky(observation_covariance, lower=True)
    observation_covariance_inv = linalg.pinv(observation_covariance2)

    # decorrelate observation_matrices
    observation_matrices2 = np.copy(observation_matrices)
    if len(observation_matrices.shape) == DIM["observation_matrices"] + 1:
        n_timesteps = observation_matrices.shape[0]
        for t in range(n_timesteps):
            observation_matrices2[t] = observation_covariance_inv.dot(
                observation_matrices[t]
            )
    else:
        observation_matrices2 = observation_covariance_inv.dot(observation_matrices)

    # decorrelate observation_offsets
    observation_offsets2 = observation_covariance_inv.dot(observation_offsets.T).T

    # decorrelate observations
    observations2 = observation_covariance_inv.dot(observations.T).T

    return (
        observation_matrices2,
        observation_offsets2,
        np.eye(n_dim_obs),
        observations2,
    )


def _bierman_filter_predict(  # renamed
    transition_matrix,
    transition_covariance,
    transition_offset,
    current_state_mean,
    current_state_covariance,
):
    # predict new mean
    predicted_state_mean = (
        np.dot(transition_matrix, current_state_mean) + transition_offset
    )

    # predict new covariance
    predicted_state_covariance = udu(
        transition_matrix.dot(current_state_covariance.reconstruct()).dot(
            transition_matrix.T
        )
        + transition_covariance
    )
    return (predicted_state_mean, predicted_state_covariance)


def _filter_correct_single(UDU, h, R):
    n_dim_state = len(h)

    U = UDU.U
    D = UDU.D
    f = h.dot(U)  # len(f) == n_dim_state
    g = np.diag(D).dot(f)  # len(g) == n_dim-state
    alpha = f.dot(g) + R

    gamma = np.zeros(n_dim_state)
    U_bar = np.zeros((n_dim_state, n_dim_state))
    D_bar = np.zeros(n_dim_state)
    k = np.zeros(n_dim_state)

    gamma[0] = R + g[0] * f[0]
    D_bar[0] = D[0] * R / gamma[0]
    k[0] = g[0]

    U_bar[0, 0] = 1
    for j in range(1, n_dim_state):
        gamma[j] = gamma[j - 1] + g[j] * f[j]
        D_bar[j] = D[j] * gamma[j - 1] / gamma[j]
        U_bar[:, j] = U[:, j] - (f[j] / gamma[j - 1]) * k
        k = k + g[j] * U[:, j]

    return (UDU_decomposition(U_bar, D_bar), k / alpha)


def _bierman_filter_correct(  # renamed
    observation_matrix,
    observation_covariance,
    observation_offset,
    predicted_state_mean,
    predicted_state_covariance,
    observation,
):
    if not np.any(np.ma.getmask(observation)):
        # extract size of state space
        n_dim_obs = len(observation)

        # calculate corrected state mean, covariance
        corrected_state_mean = predicted_state_mean
        corrected_state_covariance = predicted_state_covariance
        for i in range(n_dim_obs):
            # extract components for updating i-th coordinate's covariance
            o = observation[i]
            b = observation_offset[i]
            h = observation_matrix[i]
            R = observation_covariance[i, i]

            # calculate new UDU' decomposition for corrected_state_covariance
            # and a new column of the kalman gain
            (corrected_state_covariance, k) = _filter_correct_single(
                corrected_state_covariance, h, R
            )

            # update corrected state mean
            predicted_observation_mean = h.dot(corrected_state_mean) + b
            corrected_state_mean = corrected_state_mean + k.dot(
                o - predicted_observation_mean
            )

    else:
        n_dim_obs = len(observation)

        corrected_state_mean = predicted_state_mean
        corrected_state_covariance = predicted_state_covariance

    return (corrected_state_mean, corrected_state_covariance)


def _bierman_filter(  # renamed
    transition_matrices,
    observation_matrices,
    transition_covariance,
    observation_covariance,
    transition_offsets,
    observation_offsets,
    initial_state_mean,
    initial_state_covariance,
    observations,
):
    n_timesteps = observations.shape[0]
    n_dim_state = len(initial_state_mean)

    # construct containers for outputs
    predicted_state_means = np.zeros((n_timesteps, n_dim_state))
    predicted_state_covariances = np.zeros(n_timesteps, dtype=object)
    filtered_state_means = np.zeros((n_timesteps, n_dim_state))
    filtered_state_covariances = np.zeros(n_timesteps, dtype=object)

    # initialize filter
    initial_state_covariance = udu(initial_state_covariance)
    (
        observation_matrices,
        observation_offsets,
        observation_covariance,
        observations,
    ) = decorrelate_observations(
        observation_matrices, observation_offsets, observation_covariance, observations
    )

    for t in range(n_timesteps):
        if t == 0:
            predicted_state_means[t] = initial_state_mean
            predicted_state_covariances[t] = initial_state_covariance
        else:
            transition_matrix = _last_dims(transition_matrices, t - 1)
            transition_offset = _last_dims(transition_offsets, t - 1, ndims=1)
            predicted_state_means[t], predicted_state_covariances[t] = _bierman_filter_predict(  # renamed
                transition_matrix,
                transition_covariance,
                transition_offset,
                filtered_state_means[t - 1],
                filtered_state_covariances[t - 1],
            )

        observation_matrix = _last_dims(observation_matrices, t)
        observation_offset = _last_dims(observation_offsets, t, ndims=1)
        (filtered_state_means[t], filtered_state_covariances[t]) = _bierman_filter_correct(  # renamed
            observation_matrix,
            observation_covariance,
            observation_offset,
            predicted_state_means[t],
            predicted_state_covariances[t],
            observations[t],
        )

    return (
        predicted_state_means,
        predicted_state_covariances,
        filtered_state_means,
        filtered_state_covariances,
    )


# --- pykalman/sqrt/cholesky.py ----------------------------------------------------------------------------------------
def _cholesky_reconstruct_covariances(covariance2s):  # renamed
    if len(covariance2s.shape) == 2:
        covariance2s = covariance2s[np.newaxis, :, :]

    T = covariance2s.shape[0]
    covariances = np.zeros(covariance2s.shape)

    for t in range(T):
        M = covariance2s[t]
        covariances[t] = M.dot(M.T)

    return covariances


def _cholesky_filter_predict(  # renamed
    transition_matrix,
    transition_covariance2,
    transition_offset,
    current_state_mean,
    current_state_covariance2,
):
    n_dim_state = len(current_state_mean)

    # predict new mean
    # x_{t+1|t} = A x_t + b_t
    predicted_state_mean = (
        np.dot(transition_matrix, current_state_mean) + transition_offset
    )

    # predict new covariance
    # [S_{k|k-1}^T; 0] = T_1 [ S_{k-1|k-1}^T A^T; Q^{1/2}^T ] for orthonormal T_1
    T, predicted_state_covariance2 = linalg.qr(
        np.hstack(
            [
                np.dot(transition_matrix, current_state_covariance2),
                transition_covariance2,
            ]
        ).T
    )
    predicted_state_covariance2 = predicted_state_covariance2[
        :n_dim_state, :n_dim_state
    ].T

    return (predicted_state_mean, predicted_state_covariance2)


def _cholesky_filter_correct(  # renamed
    observation_matrix,
    observation_covariance2,
    observation_offset,
    predicted_state_mean,
    predicted_state_covariance2,
    observation,
):
    if not np.any(np.ma.getmask(observation)):
        # extract size of state space
        n_dim_state = len(predicted_state_mean)
        n_dim_obs = len(observation)

        # construct matrix M = [    R^{1/2}^{T},            0;
        #                       (C S_{t|t-1})^T,  S_{t|t-1}^T]
        M = np.zeros(2 * [n_dim_obs + n_dim_state])
        M[0:n_dim_obs, 0:n_dim_obs] = observation_covariance2.T
        M[n_dim_obs:, 0:n_dim_obs] = observation_matrix.dot(
            predicted_state_covariance2
        ).T
        M[n_dim_obs:, n_dim_obs:] = predicted_state_covariance2.T

        # solve for [((C P_{t|t-1} C^T + R)^{1/2})^T,         K^T;
        #                                          0,   S_{t|t}^T] = QR(M)
        (_, S) = linalg.qr(M)
        kalman_gain = S[0:n_dim_obs, n_dim_obs:].T
        N = S[0:n_dim_obs, 0:n_dim_obs].T

        # correct mean
        predicted_observation_mean = (
            np.dot(observation_matrix, predicted_state_mean) + observation_offset
        )
        corrected_state_mean = predicted_state_mean + np.dot(
            kalman_gain,
            np.dot(linalg.pinv(N), observation - predicted_observation_mean),
        )

        corrected_state_covariance2 = S[n_dim_obs:, n_dim_obs:].T
    else:
        n_dim_state = predicted_state_covariance2.shape[0]
        n_dim_obs = observation_matrix.shape[0]
        kalman_gain = np.zeros((n_dim_state, n_dim_obs))

        corrected_state_mean = predicted_state_mean
        corrected_state_covariance2 = predicted_state_covariance2

    return (corrected_state_mean, corrected_state_covariance2)


def _cholesky_filter(  # renamed
    transition_matrices,
    observation_matrices,
    transition_covariance,
    observation_covariance,
    transition_offsets,
    observation_offsets,
    initial_state_mean,
    initial_state_covariance,
    observations,
):
    n_timesteps = observations.shape[0]
    n_dim_state = len(initial_state_mean)

    predicted_state_means = np.zeros((n_timesteps, n_dim_state))
    predicted_state_covariance2s = np.zeros((n_timesteps, n_dim_state, n_dim_state))
    filtered_state_means = np.zeros((n_timesteps, n_dim_state))
    filtered_state_covariance2s = np.zeros((n_timesteps, n_dim_state, n_dim_state))
    transition_covariance2 = linalg.cholesky(transition_covariance, lower=True)
    observation_covariance2 = linalg.cholesky(observation_covariance, lower=True)
    initial_state_covariance2 = linalg.cholesky(initial_state_covariance, lower=True)

    for t in range(n_timesteps):
        if t == 0:
            predicted_state_means[t] = initial_state_mean
            predicted_state_covariance2s[t] = initial_state_covariance2
        else:
            transition_matrix = _last_dims(transition_matrices, t - 1)
            transition_offset = _last_dims(transition_offsets, t - 1, ndims=1)
            predicted_state_means[t], predicted_state_covariance2s[t] = _cholesky_filter_predict(  # renamed
                transition_matrix,
                transition_covariance2,
                transition_offset,
                filtered_state_means[t - 1],
                filtered_state_covariance2s[t - 1],
            )

        observation_matrix = _last_dims(observation_matrices, t)
        observation_offset = _last_dims(observation_offsets, t, ndims=1)
        (filtered_state_means[t], filtered_state_covariance2s[t]) = _cholesky_filter_correct(  # renamed
            observation_matrix,
            observation_covariance2,
            observation_offset,
            predicted_state_means[t],
            predicted_state_covariance2s[t],
            observations[t],
        )

    return (
        predicted_state_means,
        predicted_state_covariance2s,
        filtered_state_means,
        filtered_state_covariance2s,
    )


# --- pykalman/sqrt/unscented.py ---------------------------------------------------------------------------------------
def _sqrt_reconstruct_covariances(covariance2s):  # renamed
    if len(covariance2s.shape) == 2:
        covariance2s = covariance2s[np.newaxis, :, :]

    T = covariance2s.shape[0]
    covariances = np.zeros(covariance2s.shape)

    for t in range(T):
        M = covariance2s[t]
        covariances[t] = M.T.dot(M)

    return covariances


def cholupdate(A2, X, weight):
    # make copies
    X = X.copy()
    A2 = A2.copy()

    # standardize input shape
    if len(X.shape) == 1:
        X = X[np.newaxis, :]
    n_vec, n_dim = X.shape

    # take sign of weight into account
    sign, weight = np.sign(weight), np.sqrt(np.abs(weight))
    X = weight * X

    for i in range(n_vec):
        x = X[i, :]
        for k in range(n_dim):
            r_squared = A2[k, k] ** 2 + sign * x[k] ** 2
            r = 0.0 if r_squared < 0 else np.sqrt(r_squared)
            c = r / A2[k, k]
            s = x[k] / A2[k, k]
            A2[k, k] = r
            A2[k, k + 1 :] = (A2[k, k + 1 :] + sign * s * x[k + 1 :]) / c
            x[k + 1 :] = c * x[k + 1 :] - s * A2[k, k + 1 :]
    return A2


def qr(A):
    N, L = A.shape
    if not N >= L:
        raise ValueError("Number of columns must exceed number of rows")
    Q, R = linalg.qr(A)
    return R[:L, :L]


def points2moments(points, sigma2_noise=None):
    (points, weights_mu, weights_sigma) = points
    mu = points.T.dot(weights_mu)

    # make points to perform QR factorization on. each column is one data point
    qr_points = [
        np.sign(weights_sigma)[np.newaxis, :]
        * np.sqrt(np.abs(weights_sigma))[np.newaxis, :]
        * (points.T - mu[:, np.newaxis])
    ]
    if sigma2_noise is not None:
        qr_points.append(sigma2_noise)
    sigma2 = qr(np.hstack(qr_points).T)
    # sigma2 = cholupdate(sigma2, points[0] - mu, weights_sigma[0])
    return Moments(mu.ravel(), sigma2)


def moments2points(moments, alpha=None, beta=None, kappa=None):
    (mu, sigma2) = moments
    n_dim = len(mu)
    mu = array2d(mu, dtype=float)

    if alpha is None:
        alpha = 1.0
    if beta is None:
        beta = 0.0
    if kappa is None:
        kappa = 3.0 - n_dim

    # just because I saw it in the MATLAB implementation
    sigma2 = sigma2.T

    # Calculate scaling factor for all off-center points
    lamda = (alpha * alpha) * (n_dim + kappa) - n_dim
    c = n_dim + lamda

    # calculate the sigma points; that is,
    #   mu
    #   mu + each column of sigma2 * sqrt(c)
    #   mu - each column of sigma2 * sqrt(c)
    # Each column of points is one of these.
    points = np.tile(mu.T, (1, 2 * n_dim + 1))
    points[:, 1 : (n_dim + 1)] += sigma2 * np.sqrt(c)
    points[:, (n_dim + 1) :] -= sigma2 * np.sqrt(c)

    # Calculate weights
    weights_mean = np.ones(2 * n_dim + 1)
    weights_mean[0] = lamda / c
    weights_mean[1:] = 0.5 / c
    weights_cov = np.copy(weights_mean)
    weights_cov[0] = lamda / c + (1 - alpha * alpha + beta)

    return SigmaPoints(points.T, weights_mean, weights_cov)


def _unscented_transform(points, f=None, points_noise=None, sigma2_noise=None):
    n_points, n_dim_state = points.points.shape
    (points, weights_mean, weights_covariance) = points

    # propagate points through f.  Each column is a sample point
    if f is not None:
        if points_noise is None:
            points_pred = [f(points[i]) for i in range(n_points)]
        else:
            points_pred = [f(points[i], points_noise[i]) for i in range(n_points)]
    else:
        points_pred = points

    # make each row a predicted point
    points_pred = np.vstack(points_pred)
    points_pred = SigmaPoints(points_pred, weights_mean, weights_covariance)

    # calculate approximate mean, covariance
    moments_pred = points2moments(points_pred, sigma2_noise=sigma2_noise)

    return (points_pred, moments_pred)


def _unscented_correct(cross_sigma, moments_pred, obs_moments_pred, z):
    mu_pred, sigma2_pred = moments_pred
    obs_mu_pred, obs_sigma2_pred = obs_moments_pred

    if not np.any(ma.getmask(z)):
        ##############################################
        # Same as this, but more stable (supposedly) #
        ##############################################
        # K = cross_sigma.dot(
        #     linalg.pinv(
        #         obs_sigma2_pred.T.dot(obs_sigma2_pred)
        #     )
        # )
        ##############################################

        # equivalent to this MATLAB code
        # K = (cross_sigma / obs_sigma2_pred.T) / obs_sigma2_pred
        K = linalg.lstsq(obs_sigma2_pred, cross_sigma.T)[0]
        K = linalg.lstsq(obs_sigma2_pred.T, K)[0]
        K = K.T

        # correct mu, sigma
        mu_filt = mu_pred + K.dot(z - obs_mu_pred)
        U = K.dot(obs_sigma2_pred)
        sigma2_filt = cholupdate(sigma2_pred, U.T, -1.0)
    else:
        # no corrections to be made
        mu_filt = mu_pred
        sigma2_filt = sigma2_pred
    return Moments(mu_filt, sigma2_filt)


def unscented_filter_predict(
    transition_function, points_state, points_transition=None, sigma2_transition=None
):
    assert (
        points_transition is not None or sigma2_transition is not None
    ), "Your system is noiseless? really?"
    (points_pred, moments_pred) = _unscented_transform(
        points_state,
        transition_function,
        points_noise=points_transition,
        sigma2_noise=sigma2_transition,
    )
    return (points_pred, moments_pred)


def unscented_filter_correct(
    observation_function,
    moments_pred,
    points_pred,
    observation,
    points_observation=None,
    sigma2_observation=None,
):
    # Calculate E[z_t | z_{0:t-1}], Var(z_t | z_{0:t-1})
    (obs_points_pred, obs_moments_pred) = _unscented_transform(
        points_pred,
        observation_function,
        points_noise=points_observation,
        sigma2_noise=sigma2_observation,
    )

    # Calculate Cov(x_t, z_t | z_{0:t-1})
    sigma_pair = (
        ((points_pred.points - moments_pred.mean).T)
        .dot(np.diag(points_pred.weights_mean))
        .dot(obs_points_pred.points - obs_moments_pred.mean)
    )

    # Calculate E[x_t | z_{0:t}], Var(x_t | z_{0:t})
    moments_filt = _unscented_correct(
        sigma_pair, moments_pred, obs_moments_pred, observation
    )
    return moments_filt


def _additive_unscented_filter(mu_0, sigma_0, f, g, Q, R, Z):
    # extract size of key components
    T = Z.shape[0]
    n_dim_state = Q.shape[-1]

    # construct container for results
    mu_filt = np.zeros((T, n_dim_state))
    sigma2_filt = np.zeros((T, n_dim_state, n_dim_state))
    Q2 = linalg.cholesky(Q)
    R2 = linalg.cholesky(R)

    for t in range(T):
        # Calculate sigma points for P(x_{t-1} | z_{0:t-1})
        if t == 0:
            mu, sigma2 = mu_0, linalg.cholesky(sigma_0)
        else:
            mu, sigma2 = mu_filt[t - 1], sigma2_filt[t - 1]

        points_state = moments2points(Moments(mu, sigma2))

        # Calculate E[x_t | z_{0:t-1}], Var(x_t | z_{0:t-1})
        if t == 0:
            points_pred = points_state
            moments_pred = points2moments(points_pred)
        else:
            transition_function = _last_dims(f, t - 1, ndims=1)[0]
            (_, moments_pred) = unscented_filter_predict(
                transition_function, points_state, sigma2_transition=Q2
            )
            points_pred = moments2points(moments_pred)

        # Calculate E[z_t | z_{0:t-1}], Var(z_t | z_{0:t-1})
        observation_function = _last_dims(g, t, ndims=1)[0]
        mu_filt[t], sigma2_filt[t] = unscented_filter_correct(
            observation_function, moments_pred, points_pred, Z[t], sigma2_observation=R2
        )

    return (mu_filt, sigma2_filt)


def _additive_unscented_smoother(mu_filt, sigma2_filt, f, Q):
    # extract size of key parts of problem
    T, n_dim_state = mu_filt.shape

    # instantiate containers for results
    mu_smooth = np.zeros(mu_filt.shape)
    sigma2_smooth = np.zeros(sigma2_filt.shape)
    mu_smooth[-1], sigma2_smooth[-1] = mu_filt[-1], sigma2_filt[-1]
    Q2 = linalg.cholesky(Q)

    for t in reversed(range(T - 1)):
        # get sigma points for state
        mu = mu_filt[t]
        sigma2 = sigma2_filt[t]

        moments_state = Moments(mu, sigma2)
        points_state = moments2points(moments_state)

        # compute E[x_{t+1} | z_{0:t}], Var(x_{t+1} | z_{0:t})
        transition_function = _last_dims(f, t, ndims=1)[0]
        (points_pred, moments_pred) = _unscented_transform(
            points_state, transition_function, sigma2_noise=Q2
        )

        # Calculate Cov(x_{t+1}, x_t | z_{0:t-1})
        sigma_pair = (
            (points_pred.points - moments_pred.mean)
            .T.dot(np.diag(points_pred.weights_covariance))
            .dot(points_state.points - moments_state.mean)
            .T
        )

        # compute smoothed mean, covariance

        #############################################
        # Same as this, but more stable (supposedly)#
        #############################################
        # smoother_gain = (
        #     sigma_pair.dot(linalg.pinv(sigma2_pred.T.dot(sigma2_pred)))
        # )
        #############################################
        smoother_gain = linalg.lstsq(moments_pred.covariance.T, sigma_pair.T)[0]
        smoother_gain = linalg.lstsq(moments_pred.covariance, smoother_gain)[0]
        smoother_gain = smoother_gain.T

        mu_smooth[t] = mu_filt[t] + smoother_gain.dot(
            mu_smooth[t + 1] - moments_pred.mean
        )
        U = cholupdate(moments_pred.covariance, sigma2_smooth[t + 1], -1.0)
        sigma2_smooth[t] = cholupdate(sigma2_filt[t], smoother_gain.dot(U.T).T, -1.0)

    return (mu_smooth, sigma2_smooth)


# --- examples/unscented/plot_additive.py ------------------------------------------------------------------------------
def transition_function(state, noise):
    a = state[0] * np.sin(state[1]) + noise[0]
    b = state[1] + noise[1]
    return np.array([a, b])


def observation_function(state, noise):
    C = np.array([[-1, 0.5], [0.2, 0.1]])
    return np.dot(C, state) + noise


def additive_transition_function(state):
    return transition_function(state, np.array([0, 0]))


def additive_observation_function(state):
    return observation_function(state, np.array([0, 0]))


# --- calling conventions (not library code) -------------------------------------------------------------------------
def kf_filter(A, C, Q, R, b, d, mu0, S0, Z):
    return KalmanFilter(A, C, Q, R, b, d, mu0, S0).filter(Z)


def kf_smooth(A, C, Q, R, b, d, mu0, S0, Z):
    return KalmanFilter(A, C, Q, R, b, d, mu0, S0).smooth(Z)


# examples/standard/plot_em.py's em_vars
EM_VARS = ["transition_matrices", "observation_matrices", "transition_covariance", "observation_covariance",
           "observation_offsets", "initial_state_mean", "initial_state_covariance"]


def kf_em(A, C, Q, R, b, d, mu0, S0, Z):
    kf = KalmanFilter(A, C, Q, R, b, d, mu0, S0, em_vars=EM_VARS).em(Z, n_iter=3)
    return (kf.transition_matrices, kf.observation_matrices, kf.transition_offsets, kf.observation_offsets,
            kf.transition_covariance, kf.observation_covariance, kf.initial_state_mean, kf.initial_state_covariance)


def kf_loglikelihood(A, C, Q, R, b, d, mu0, S0, Z):
    return KalmanFilter(A, C, Q, R, b, d, mu0, S0).loglikelihood(Z)


def kf_filter_update(A, C, Q, R, b, d, mu0, S0, mean, covariance, observation):
    return KalmanFilter(A, C, Q, R, b, d, mu0, S0).filter_update(mean, covariance, observation)


def kf_sample(A, C, Q, R, b, d, mu0, S0, n_timesteps):
    return KalmanFilter(A, C, Q, R, b, d, mu0, S0, random_state=0).sample(n_timesteps, initial_state=mu0)


def udu_factors(M):
    UDU = udu(M)
    return UDU.U, UDU.D


def bierman_reconstruct_one(U, D):
    return _bierman_reconstruct_covariances(UDU_decomposition(U, D))


def bierman_filter_predict(A, Q, b, x, U, D):
    mean, UDU = _bierman_filter_predict(A, Q, b, x, UDU_decomposition(U, D))
    return mean, UDU.U, UDU.D


def filter_correct_single(U, D, h, R):
    UDU, k = _filter_correct_single(UDU_decomposition(U, D), h, R)
    return UDU.U, UDU.D, k


def bierman_filter_correct(C, R, d, x, U, D, z):
    mean, UDU = _bierman_filter_correct(C, R, d, x, UDU_decomposition(U, D), z)
    return mean, UDU.U, UDU.D


def bierman_filter(A, C, Q, R, b, d, mu0, S0, Z):
    # as BiermanKalmanFilter.smooth: the object arrays of UDU' factorisations reconstructed
    pm, pc, fm, fc = _bierman_filter(A, C, Q, R, b, d, mu0, S0, Z)
    return pm, _bierman_reconstruct_covariances(pc), fm, _bierman_reconstruct_covariances(fc)


# --- inputs ---------------------------------------------------------------------------------------------------------
def _covariance(rng, n, scale=0.1):
    """The identity plus a small symmetric random part (examples/standard/plot_filter.py's observation covariance,
    made symmetric)."""
    s = rng.normal(size=(n, n)) * scale
    return np.eye(n) + (s + s.T) / 2


def _model(rng, T=8):
    """examples/standard/plot_filter.py's model and T observations sampled from it: (A, C, Q, R, b, d, mu0, S0, Z)."""
    A = np.array([[1.0, 0.1], [0.0, 1.0]])
    b = np.array([-0.1, 0.1])
    C = np.eye(2) + rng.normal(size=(2, 2)) * 0.1
    d = np.array([1.0, -1.0])
    Q = np.eye(2)
    R = _covariance(rng, 2)
    mu0 = np.array([5.0, -5.0])
    S0 = np.array([[1.0, 0.1], [0.1, 1.0]])
    x = mu0 + np.linalg.cholesky(S0) @ rng.normal(size=2)
    Z = np.zeros((T, 2))
    for t in range(T):
        if t > 0:
            x = A @ x + b + rng.normal(size=2)
        Z[t] = C @ x + d + np.linalg.cholesky(R) @ rng.normal(size=2)
    return A, C, Q, R, b, d, mu0, S0, Z


def _time_varying(rng):
    """The model with a transition matrix per step (its time step jittered) and an observation matrix per step."""
    A, C, Q, R, b, d, mu0, S0, Z = _model(rng)
    T = len(Z)
    As = np.stack([[[1.0, dt], [0.0, 1.0]] for dt in rng.uniform(0.05, 0.15, size=T - 1)])
    Cs = C + rng.normal(size=(T, 2, 2)) * 0.05
    return As, Cs, Q, R, b, d, mu0, S0, Z


def _missing(rng):
    """examples/standard/plot_missing.py: observations as a masked array, some time steps masked."""
    *model, Z = _model(rng)
    Z = np.ma.array(Z, mask=np.zeros(Z.shape))
    for t in (2, 5):
        Z[t] = np.ma.masked
    return (*model, Z)


def _filtered(rng):
    """The model's filter outputs, for the smoother: (A, predicted means, covariances, filtered means, covariances)."""
    A, C, Q, R, b, d, mu0, S0, Z = _model(rng)
    pm, pc, _, fm, fc = _filter(A, C, Q, R, b, d, mu0, S0, Z)
    return A, fm, fc, pm, pc


def _smoothed(rng):
    """(Z, b, d, smoothed means, covariances, pairwise covariances, A, C) from the filter and smoother."""
    A, C, Q, R, b, d, mu0, S0, Z = _model(rng)
    pm, pc, _, fm, fc = _filter(A, C, Q, R, b, d, mu0, S0, Z)
    sm, sc, gains = _smooth(A, fm, fc, pm, pc)
    return Z, b, d, sm, sc, _smooth_pair(sc, gains), A, C


def _em_inputs(rng):
    """(observations, transition offsets, observation offsets, smoothed means, covariances, pairwise covariances)."""
    return _smoothed(rng)[:6]


def _em_observation_inputs(rng):
    Z, b, d, sm, sc, pairs, A, C = _smoothed(rng)
    return Z, d, C, sm, sc


def _em_transition_inputs(rng):
    Z, b, d, sm, sc, pairs, A, C = _smoothed(rng)
    return A, b, sm, sc, pairs


def _observation_offset_inputs(rng, masked=False):
    Z, b, d, sm, sc, pairs, A, C = _smoothed(rng)
    if masked:  # the first observation missing
        Z = np.ma.array(Z, mask=np.zeros(Z.shape))
        Z[0] = np.ma.masked
    return C, sm, Z


def _pair_inputs(rng):
    sm, sc, gains = _smooth(*_filtered(rng))
    return sc, gains


def _likelihood_inputs(rng):
    A, C, Q, R, b, d, mu0, S0, Z = _model(rng)
    pm, pc, _, fm, fc = _filter(A, C, Q, R, b, d, mu0, S0, Z)
    return C, d, R, pm, pc, Z


def _filter_update_inputs(rng, observed=True):
    return (*_model(rng)[:8], rng.normal(size=2), _covariance(rng, 2, 0.3), rng.normal(size=2) if observed else None)


def _udu(rng, n=2):
    UDU = udu(_covariance(rng, n, 0.3))
    return UDU.U, UDU.D


def _cholesky_step(rng):
    """(A, Q^{1/2}, b, x, S) for the square-root predict: lower Cholesky factors, as cholesky._filter passes."""
    A, C, Q, R, b, d, mu0, S0, Z = _model(rng)
    return A, linalg.cholesky(Q, lower=True), b, rng.normal(size=2), linalg.cholesky(_covariance(rng, 2, 0.3), lower=True)


def _cholesky_correct(rng):
    A, C, Q, R, b, d, mu0, S0, Z = _model(rng)
    return C, linalg.cholesky(R, lower=True), d, rng.normal(size=2), linalg.cholesky(_covariance(rng, 2, 0.3), lower=True), Z[0]


def _sigma_moments(rng, n=2):
    """Moments of a state: its mean and the upper Cholesky factor of its covariance (sqrt/unscented.py's convention)."""
    return Moments(rng.normal(size=n), linalg.cholesky(_covariance(rng, n, 0.3)))


def _unscented_model(rng, T=6):
    """examples/unscented/plot_additive.py's model with T observations sampled from it: (mu0, sigma0, Q, R, Z)."""
    Q = np.eye(2)
    R = _covariance(rng, 2)
    mu0 = np.array([0.0, 0.0])
    sigma0 = np.array([[1.0, 0.1], [0.1, 1.0]])
    x = mu0 + np.linalg.cholesky(sigma0) @ rng.normal(size=2)
    Z = np.zeros((T, 2))
    for t in range(T):
        if t > 0:
            x = transition_function(x, rng.normal(size=2))
        Z[t] = observation_function(x, np.linalg.cholesky(R) @ rng.normal(size=2))
    return mu0, sigma0, Q, R, Z


def _unscented_filter_inputs(rng):
    mu0, sigma0, Q, R, Z = _unscented_model(rng)
    return mu0, sigma0, [additive_transition_function], [additive_observation_function], Q, R, Z


def _unscented_smoother_inputs(rng):
    mu0, sigma0, f, g, Q, R, Z = _unscented_filter_inputs(rng)
    mu_filt, sigma2_filt = _additive_unscented_filter(mu0, sigma0, f, g, Q, R, Z)
    return mu_filt, sigma2_filt, f, Q


def _unscented_correct_inputs(rng):
    points_state = moments2points(_sigma_moments(rng))
    _, moments_pred = _unscented_transform(points_state, additive_transition_function, sigma2_noise=np.eye(2))
    points_pred = moments2points(moments_pred)
    return (additive_observation_function, moments_pred, points_pred, rng.normal(size=2), None,
            linalg.cholesky(_covariance(rng, 2)))


_STD = "pykalman/standard.py"
_BM = "pykalman/sqrt/bierman.py"
_CH = "pykalman/sqrt/cholesky.py"
_SQ = "pykalman/sqrt/unscented.py"

CASES = [
    # pykalman/standard.py: helpers
    case(_arg_or_default, lambda rng: (rng.normal(size=(2, 2)), np.eye(2), 2, "transition_matrix"), PK(_STD, "_arg_or_default", "the argument given")),
    case(_determine_dimensionality, lambda rng: ([(np.eye(2) + rng.normal(size=(2, 2)), array2d, -2), (None, array1d, -1), (rng.normal(size=2), array1d, -1),
                                                  (rng.normal(size=(3, 2)), array2d, -1)], None), PK(_STD, "_determine_dimensionality", "the list KalmanFilter.__init__ builds")),
    # the filter, smoother and likelihood
    case(_filter_predict, lambda rng: (_model(rng)[0], _covariance(rng, 2), rng.normal(size=2), rng.normal(size=2), _covariance(rng, 2, 0.3)), PK(_STD, "_filter_predict")),
    case(_filter, _model, PK(_STD, "_filter", "constant matrices")),
    case(_filter, _time_varying, PK(_STD, "_filter", "a transition and an observation matrix per time step"), name="pykalman._filter_time_varying"),
    case(_filter, _missing, PK(_STD, "_filter", "a masked array of observations, two time steps masked (examples/standard/plot_missing.py)"), name="pykalman._filter_missing"),
    case(_smooth, _filtered, PK(_STD, "_smooth")),
    case(_smooth_pair, _pair_inputs, PK(_STD, "_smooth_pair")),
    case(_loglikelihoods, _likelihood_inputs, PK(_STD, "_loglikelihoods")),
    # EM
    case(_em, _em_inputs, PK(_STD, "_em", "given=None: every parameter estimated")),
    case(_em, lambda rng: (*_em_inputs(rng), {"transition_matrices": np.array([[1.0, 0.1], [0.0, 1.0]]), "observation_offsets": np.array([1.0, -1.0])}),
         PK(_STD, "_em", "two parameters given"), name="pykalman._em_given"),
    case(_em_observation_covariance, _em_observation_inputs, PK(_STD, "_em_observation_covariance")),
    case(_em_transition_covariance, _em_transition_inputs, PK(_STD, "_em_transition_covariance")),
    case(_em_transition_offset, lambda rng: _em_transition_inputs(rng)[0:3:2], PK(_STD, "_em_transition_offset")),
    case(_em_observation_offset, _observation_offset_inputs, PK(_STD, "_em_observation_offset")),
    case(_em_observation_offset, lambda rng: _observation_offset_inputs(rng, masked=True), PK(_STD, "_em_observation_offset", "the first observation masked"),
         name="pykalman._em_observation_offset_masked"),
    # the KalmanFilter class
    case(kf_filter, _model, PK(_STD, "KalmanFilter.filter")),
    case(kf_smooth, _model, PK(_STD, "KalmanFilter.smooth")),
    case(kf_em, _model, PK(_STD, "KalmanFilter.em", "examples/standard/plot_em.py's em_vars, n_iter=3")),
    case(kf_loglikelihood, _model, PK(_STD, "KalmanFilter.loglikelihood")),
    case(kf_filter_update, _filter_update_inputs, PK(_STD, "KalmanFilter.filter_update", "an observation")),
    case(kf_filter_update, lambda rng: _filter_update_inputs(rng, observed=False), PK(_STD, "KalmanFilter.filter_update", "no observation: a masked one"),
         name="pykalman.kf_filter_update_missing"),
    case(kf_sample, lambda rng: (*_model(rng)[:8], 8), PK(_STD, "KalmanFilter.sample", "random_state=0, the initial state given (examples/standard/plot_filter.py)")),
    # pykalman/sqrt/bierman.py
    case(udu_factors, lambda rng: (_covariance(rng, 3, 0.3),), PK(_BM, "udu")),
    case(bierman_reconstruct_one, _udu, PK(_BM, "_reconstruct_covariances", "one UDU_decomposition")),
    case(decorrelate_observations, lambda rng: (lambda m: (m[1], m[5], m[3], m[8]))(_time_varying(rng)), PK(_BM, "decorrelate_observations", "an observation matrix per time step")),
    case(bierman_filter_predict, lambda rng: (_model(rng)[0], np.eye(2), rng.normal(size=2), rng.normal(size=2), *_udu(rng)), PK(_BM, "_filter_predict")),
    case(filter_correct_single, lambda rng: (*_udu(rng), rng.normal(size=2), np.float64(1.0)), PK(_BM, "_filter_correct_single")),
    case(bierman_filter_correct, lambda rng: (np.eye(2) + rng.normal(size=(2, 2)) * 0.1, np.eye(2), np.array([1.0, -1.0]), rng.normal(size=2), *_udu(rng), rng.normal(size=2)),
         PK(_BM, "_filter_correct", "decorrelated (identity) observation covariance")),
    case(bierman_filter, _model, PK(_BM, "_filter", "covariances reconstructed as BiermanKalmanFilter.smooth does")),
    # pykalman/sqrt/cholesky.py
    case(_cholesky_filter_predict, _cholesky_step, PK(_CH, "_filter_predict")),
    case(_cholesky_filter_correct, _cholesky_correct, PK(_CH, "_filter_correct")),
    case(_cholesky_filter, _model, PK(_CH, "_filter")),
    # pykalman/sqrt/unscented.py
    case(cholupdate, lambda rng: (linalg.cholesky(_covariance(rng, 3, 0.3)), rng.normal(size=(2, 3)) * 0.3, 1.0), PK(_SQ, "cholupdate", "a rank-2 update")),
    case(cholupdate, lambda rng: (linalg.cholesky(_covariance(rng, 3, 0.3)), rng.normal(size=(2, 3)) * 0.3, -1.0), PK(_SQ, "cholupdate", "a rank-2 downdate"), name="pykalman.cholupdate_downdate"),
    case(moments2points, lambda rng: (_sigma_moments(rng, 3),), PK(_SQ, "moments2points", "a Moments namedtuple")),
    case(_unscented_transform, lambda rng: (moments2points(_sigma_moments(rng)), additive_transition_function, None, np.eye(2)), PK(_SQ, "_unscented_transform", "plot_additive.py's transition function")),
    case(unscented_filter_correct, _unscented_correct_inputs, PK(_SQ, "unscented_filter_correct", "plot_additive.py's observation function")),
    case(_additive_unscented_filter, _unscented_filter_inputs, PK(_SQ, "_additive_unscented_filter", "plot_additive.py's model")),
    case(_additive_unscented_smoother, _unscented_smoother_inputs, PK(_SQ, "_additive_unscented_smoother", "plot_additive.py's model")),
]
