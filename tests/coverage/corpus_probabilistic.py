"""Hidden Markov models and Kalman filtering on SciPy: hmmlearn (hmmlearn/hmmlearn, BSD-3-Clause) and pykalman
(pykalman/pykalman, BSD-3-Clause).

Copied from hmmlearn/hmmlearn at e01a10e99df1042e4c1e6b7c822fd292dd37502f and pykalman/pykalman at
d62e60be00bd028ecc7eea6a8bea02f583910428; each case names its file and function. These functions call
``scipy.linalg`` (``cholesky``, ``solve_triangular``, ``pinv``, ``block_diag``) and ``scipy.special``
(``gammaln``, ``digamma``, ``logsumexp``) on arrays. Docstrings dropped; the code is as in the sources, with
their imports (``from scipy import linalg, special``); hmmlearn's ``_utils`` module is a namespace holding its
``logdet``, pykalman's ``log_multivariate_normal_density`` (pykalman/utils/_sklearn.py) is renamed (hmmlearn has
one of the same name), and ``log_normalize`` returns its array (it normalizes in place).
"""

# ruff: noqa: E501, N802, N803, N806, UP031, B904, E741, B028
from __future__ import annotations

import types
import warnings
from collections import namedtuple

import numpy as np
from numpy import ma
from scipy import linalg, special
from scipy.special import digamma, gammaln

from tests.coverage.cases import HMM, PK, case, probabilities, spd

# pykalman/unscented.py
SigmaPoints = namedtuple(
    "SigmaPoints", ["points", "weights_mean", "weights_covariance"]
)
Moments = namedtuple("Moments", ["mean", "covariance"])


# src/hmmlearn/_utils.py
def logdet(a):
    sign, logdet = np.linalg.slogdet(a)
    if (sign < 0).any():
        warnings.warn("invalid value encountered in log", RuntimeWarning)
        return np.where(sign < 0, np.nan, logdet)
    else:
        return logdet


# src/hmmlearn/_kl_divergence.py
def kl_dirichlet(q, p):
    q = np.asarray(q)
    p = np.asarray(p)
    qsum = q.sum()
    psum = p.sum()
    return (gammaln(qsum) - gammaln(psum)
            - np.sum(gammaln(q) - gammaln(p))
            + np.einsum("i,i->", (q - p), (digamma(q) - digamma(qsum))))


# src/hmmlearn/_kl_divergence.py
def kl_gamma_distribution(b_q, c_q, b_p, c_p):
    result = ((b_q - b_p) * digamma(b_q)
              - gammaln(b_q) + gammaln(b_p)
              + b_p * (np.log(c_q) - np.log(c_p))
              + b_q * (c_p-c_q) / c_q)
    assert result >= 0, result
    return result


# src/hmmlearn/_kl_divergence.py
def kl_wishart_distribution(dof_q, scale_q, dof_p, scale_p):
    scale_q = np.asarray(scale_q)
    scale_p = np.asarray(scale_p)
    D = scale_p.shape[0]
    return ((dof_q - dof_p)/2 * _E(dof_q, scale_q)
            - D * dof_q / 2
            + dof_q / 2 * np.trace(scale_p @ np.linalg.inv(scale_q))
            # Division of logarithm turned into subtraction here
            + _logZ(dof_p, scale_p)
            - _logZ(dof_q, scale_q))


# src/hmmlearn/_kl_divergence.py
def _E(dof, scale):
    return (-_utils.logdet(scale / 2)
            + digamma((dof - np.arange(scale.shape[0])) / 2).sum())


# src/hmmlearn/_kl_divergence.py
def _logZ(dof, scale):
    D = scale.shape[0]
    return ((D * (D - 1) / 4) * np.log(np.pi)
            - dof / 2 * _utils.logdet(scale / 2)
            + gammaln((dof - np.arange(scale.shape[0])) / 2).sum())


# src/hmmlearn/stats.py
def log_multivariate_normal_density(X, means, covars, covariance_type='diag'):
    log_multivariate_normal_density_dict = {
        'spherical': _log_multivariate_normal_density_spherical,
        'tied': _log_multivariate_normal_density_tied,
        'diag': _log_multivariate_normal_density_diag,
        'full': _log_multivariate_normal_density_full}
    return log_multivariate_normal_density_dict[covariance_type](
        X, means, covars
    )


# src/hmmlearn/stats.py
def _log_multivariate_normal_density_diag(X, means, covars):
    # X: (ns, nf); means: (nc, nf); covars: (nc, nf) -> (ns, nc)
    nc, nf = means.shape
    # Avoid 0 log 0 = nan in degenerate covariance case.
    covars = np.maximum(covars, np.finfo(float).tiny)
    with np.errstate(over="ignore"):
        return -0.5 * (nf * np.log(2 * np.pi)
                       + np.log(covars).sum(axis=-1)
                       + ((X[:, None, :] - means) ** 2 / covars).sum(axis=-1))


# src/hmmlearn/stats.py
def _log_multivariate_normal_density_spherical(X, means, covars):
    nc, nf = means.shape
    if covars.ndim == 1:
        covars = covars[:, np.newaxis]
    covars = np.broadcast_to(covars, (nc, nf))
    return _log_multivariate_normal_density_diag(X, means, covars)


# src/hmmlearn/stats.py
def _log_multivariate_normal_density_tied(X, means, covars):
    nc, nf = means.shape
    cv = np.broadcast_to(covars, (nc, nf, nf))
    return _log_multivariate_normal_density_full(X, means, cv)


# src/hmmlearn/stats.py
def _log_multivariate_normal_density_full(X, means, covars, min_covar=1.e-7):
    nc, nf = means.shape
    log_prob = []
    for c, (mu, cv) in enumerate(zip(means, covars)):
        try:
            cv_chol = linalg.cholesky(cv, lower=True)
        except linalg.LinAlgError:
            # The model is most probably stuck in a component with too
            # few observations, we need to reinitialize this components
            try:
                cv_chol = linalg.cholesky(cv + min_covar * np.eye(nf),
                                          lower=True)
            except linalg.LinAlgError:
                raise ValueError("'covars' must be symmetric, "
                                 "positive-definite")

        cv_log_det = 2 * np.sum(np.log(np.diagonal(cv_chol)))
        cv_sol = linalg.solve_triangular(cv_chol, (X - mu).T, lower=True).T
        log_prob.append(-.5 * (nf * np.log(2 * np.pi)
                               + (cv_sol ** 2).sum(axis=1)
                               + cv_log_det))

    return np.transpose(log_prob)


# src/hmmlearn/utils.py
def log_normalize(a, axis=None):
    if axis is not None and a.shape[axis] == 1:
        # Handle single-state GMMHMM in the degenerate case normalizing a
        # single -inf to zero.
        a[:] = 0
    else:
        with np.errstate(under="ignore"):
            a_lse = special.logsumexp(a, axis, keepdims=True)
        a -= a_lse
    return a  # (added: the source normalizes in place and returns nothing)


# pykalman/standard.py
def _last_dims(X, t, ndims=2):
    X = np.asarray(X)
    if len(X.shape) == ndims + 1:
        return X[t]
    elif len(X.shape) == ndims:
        return X
    else:
        raise ValueError(
            ("X only has %d dimensions when %d" + " or more are required")
            % (len(X.shape), ndims)
        )


# pykalman/standard.py
def _filter_correct(
    observation_matrix,
    observation_covariance,
    observation_offset,
    predicted_state_mean,
    predicted_state_covariance,
    observation,
):
    if not np.any(np.ma.getmask(observation)):
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

        kalman_gain = np.dot(
            predicted_state_covariance,
            np.dot(observation_matrix.T, linalg.pinv(predicted_observation_covariance)),
        )

        corrected_state_mean = predicted_state_mean + np.dot(
            kalman_gain, observation - predicted_observation_mean
        )
        corrected_state_covariance = predicted_state_covariance - np.dot(
            kalman_gain, np.dot(observation_matrix, predicted_state_covariance)
        )
    else:
        n_dim_state = predicted_state_covariance.shape[0]
        n_dim_obs = observation_matrix.shape[0]
        kalman_gain = np.zeros((n_dim_state, n_dim_obs))

        corrected_state_mean = predicted_state_mean
        corrected_state_covariance = predicted_state_covariance

    return (kalman_gain, corrected_state_mean, corrected_state_covariance)


# pykalman/standard.py
def _smooth_update(
    transition_matrix,
    filtered_state_mean,
    filtered_state_covariance,
    predicted_state_mean,
    predicted_state_covariance,
    next_smoothed_state_mean,
    next_smoothed_state_covariance,
):
    kalman_smoothing_gain = np.dot(
        filtered_state_covariance,
        np.dot(transition_matrix.T, linalg.pinv(predicted_state_covariance)),
    )

    smoothed_state_mean = filtered_state_mean + np.dot(
        kalman_smoothing_gain, next_smoothed_state_mean - predicted_state_mean
    )
    smoothed_state_covariance = filtered_state_covariance + np.dot(
        kalman_smoothing_gain,
        np.dot(
            (next_smoothed_state_covariance - predicted_state_covariance),
            kalman_smoothing_gain.T,
        ),
    )

    return (smoothed_state_mean, smoothed_state_covariance, kalman_smoothing_gain)


# pykalman/standard.py
def _em_transition_matrix(
    transition_offsets,
    smoothed_state_means,
    smoothed_state_covariances,
    pairwise_covariances,
):
    n_timesteps, n_dim_state, _ = smoothed_state_covariances.shape
    res1 = np.zeros((n_dim_state, n_dim_state))
    res2 = np.zeros((n_dim_state, n_dim_state))
    for t in range(1, n_timesteps):
        transition_offset = _last_dims(transition_offsets, t - 1, ndims=1)
        res1 += (
            pairwise_covariances[t]
            + np.outer(smoothed_state_means[t], smoothed_state_means[t - 1])
            - np.outer(transition_offset, smoothed_state_means[t - 1])
        )
        res2 += smoothed_state_covariances[t - 1] + np.outer(
            smoothed_state_means[t - 1], smoothed_state_means[t - 1]
        )
    return np.dot(res1, linalg.pinv(res2))


# pykalman/standard.py
def _em_observation_matrix(
    observations, observation_offsets, smoothed_state_means, smoothed_state_covariances
):
    _, n_dim_state = smoothed_state_means.shape
    n_timesteps, n_dim_obs = observations.shape
    res1 = np.zeros((n_dim_obs, n_dim_state))
    res2 = np.zeros((n_dim_state, n_dim_state))
    for t in range(n_timesteps):
        if not np.any(np.ma.getmask(observations[t])):
            observation_offset = _last_dims(observation_offsets, t, ndims=1)
            res1 += np.outer(
                observations[t] - observation_offset, smoothed_state_means[t]
            )
            res2 += smoothed_state_covariances[t] + np.outer(
                smoothed_state_means[t], smoothed_state_means[t]
            )
    return np.dot(res1, linalg.pinv(res2))


# pykalman/utils/_sklearn.py
def array2d(X, dtype=None, order=None):
    return np.asarray(np.atleast_2d(X), dtype=dtype, order=order)


# pykalman/utils/_sklearn.py (log_multivariate_normal_density there)
def pykalman_log_multivariate_normal_density(X, means, covars, min_covar=1.0e-7):
    n_samples, n_dim = X.shape
    nmix = len(means)
    log_prob = np.empty((n_samples, nmix))
    for c, (mu, cv) in enumerate(zip(means, covars)):
        try:
            cv_chol = linalg.cholesky(cv, lower=True)
        except linalg.LinAlgError:
            # The model is most probably stuck in a component with too
            # few observations, we need to reinitialize this components
            cv_chol = linalg.cholesky(cv + min_covar * np.eye(n_dim), lower=True)
        cv_log_det = 2 * np.sum(np.log(np.diagonal(cv_chol)))
        cv_sol = np.linalg.solve(cv_chol, (X - mu).T).T
        log_prob[:, c] = -0.5 * (
            np.sum(cv_sol**2, axis=1) + n_dim * np.log(2 * np.pi) + cv_log_det
        )

    return log_prob


# pykalman/unscented.py
def points2moments(points, sigma_noise=None):
    (points, weights_mu, weights_sigma) = points
    mu = points.T.dot(weights_mu)
    points_diff = points.T - mu[:, np.newaxis]
    sigma = points_diff.dot(np.diag(weights_sigma)).dot(points_diff.T)
    if sigma_noise is not None:
        sigma = sigma + sigma_noise
    return Moments(mu.ravel(), sigma)


# pykalman/unscented.py
def moments2points(moments, alpha=None, beta=None, kappa=None):
    (mu, sigma) = moments
    n_dim = len(mu)
    mu = array2d(mu, dtype=float)

    if alpha is None:
        alpha = 1.0
    if beta is None:
        beta = 0.0
    if kappa is None:
        kappa = 3.0 - n_dim

    # compute sqrt(sigma)
    sigma2 = linalg.cholesky(sigma).T

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


# pykalman/unscented.py
def unscented_correct(cross_sigma, moments_pred, obs_moments_pred, z):
    mu_pred, sigma_pred = moments_pred
    obs_mu_pred, obs_sigma_pred = obs_moments_pred

    if not np.any(ma.getmask(z)):
        # calculate Kalman gain
        K = cross_sigma.dot(linalg.pinv(obs_sigma_pred))

        # correct mu, sigma
        mu_filt = mu_pred + K.dot(z - obs_mu_pred)
        sigma_filt = sigma_pred - K.dot(cross_sigma.T)
    else:
        # no corrections to be made
        mu_filt = mu_pred
        sigma_filt = sigma_pred
    return Moments(mu_filt, sigma_filt)


# pykalman/unscented.py
def augmented_points(momentses):
    # stack everything together
    means, covariances = zip(*momentses)
    mu_aug = np.concatenate(means)
    sigma_aug = linalg.block_diag(*covariances)
    moments_aug = Moments(mu_aug, sigma_aug)

    # turn augmented representation into sigma points
    points_aug = moments2points(moments_aug)

    # unstack everything
    dims = [len(m) for m in means]
    result = []
    start = 0
    for i in range(len(dims)):
        end = start + dims[i]
        part = SigmaPoints(
            points_aug.points[:, start:end],
            points_aug.weights_mean,
            points_aug.weights_covariance,
        )
        result.append(part)
        start = end

    # return
    return result


_utils = types.SimpleNamespace(logdet=logdet)  # (hmmlearn: ``from . import _utils``)

_KL = "src/hmmlearn/_kl_divergence.py"
_STATS = "src/hmmlearn/stats.py"
_STD = "pykalman/standard.py"
_UKF = "pykalman/unscented.py"


def _smoothing_inputs(rng):
    n = 3
    return (0.9 * np.eye(n) + 0.05 * rng.normal(size=(n, n)), rng.normal(size=n), spd(rng, n), rng.normal(size=n),
            spd(rng, n) + np.eye(n), rng.normal(size=n), spd(rng, n))


def _em_inputs(rng):
    T, n = 6, 3
    means = rng.normal(size=(T, n))
    covs = np.stack([spd(rng, n) for _ in range(T)])
    return means, covs


CASES = [
    case(kl_dirichlet, lambda rng: (rng.uniform(0.5, 3.0, size=4), rng.uniform(0.5, 3.0, size=4)), HMM(_KL, "kl_dirichlet")),
    case(kl_gamma_distribution, lambda rng: (np.float64(rng.uniform(1, 3)), np.float64(rng.uniform(1, 3)),
                                             np.float64(rng.uniform(1, 3)), np.float64(rng.uniform(1, 3))),
         HMM(_KL, "kl_gamma_distribution")),
    case(kl_wishart_distribution, lambda rng: (np.float64(rng.uniform(4, 6)), spd(rng, 3), np.float64(rng.uniform(4, 6)), spd(rng, 3)),
         HMM(_KL, "kl_wishart_distribution")),
    case(log_multivariate_normal_density, lambda rng: (rng.normal(size=(6, 3)), rng.normal(size=(2, 3)),
                                                       np.stack([spd(rng, 3), spd(rng, 3)]), "full"),
         HMM(_STATS, "log_multivariate_normal_density", "covariance_type='full'")),
    case(log_multivariate_normal_density, lambda rng: (rng.normal(size=(6, 3)), rng.normal(size=(2, 3)), spd(rng, 3), "tied"),
         HMM(_STATS, "log_multivariate_normal_density", "covariance_type='tied'"), name="probabilistic.log_multivariate_normal_density_tied"),
    case(log_normalize, lambda rng: (np.log(probabilities(rng, 4, 5)) + rng.normal(size=(4, 1)), 1),
         HMM("src/hmmlearn/utils.py", "log_normalize", "returns a (the source writes into it and returns nothing)")),
    case(_filter_correct, lambda rng: (rng.normal(size=(2, 3)), spd(rng, 2), rng.normal(size=2), rng.normal(size=3), spd(rng, 3),
                                       rng.normal(size=2)), PK(_STD, "_filter_correct")),
    case(_smooth_update, _smoothing_inputs, PK(_STD, "_smooth_update")),
    case(_em_transition_matrix, lambda rng: (np.zeros(3), *_em_inputs(rng), np.stack([0.1 * spd(rng, 3) for _ in range(6)])),
         PK(_STD, "_em_transition_matrix")),
    case(_em_observation_matrix, lambda rng: (rng.normal(size=(6, 2)), np.zeros(2), *_em_inputs(rng)), PK(_STD, "_em_observation_matrix")),
    case(pykalman_log_multivariate_normal_density, lambda rng: (rng.normal(size=(5, 2)), rng.normal(size=(3, 2)),
                                                                np.stack([spd(rng, 2) for _ in range(3)])),
         PK("pykalman/utils/_sklearn.py", "log_multivariate_normal_density", "renamed (hmmlearn has one of the same name)")),
    case(moments2points, lambda rng: (Moments(rng.normal(size=3), spd(rng, 3)), 0.5, 2.0, 0.0), PK(_UKF, "moments2points")),
    case(unscented_correct, lambda rng: (rng.normal(size=(3, 2)), Moments(rng.normal(size=3), spd(rng, 3)),
                                         Moments(rng.normal(size=2), spd(rng, 2)), rng.normal(size=2)), PK(_UKF, "unscented_correct")),
    case(augmented_points, lambda rng: ([Moments(rng.normal(size=2), spd(rng, 2)), Moments(np.zeros(2), spd(rng, 2)),
                                         Moments(np.zeros(1), spd(rng, 1))],), PK(_UKF, "augmented_points")),
]
