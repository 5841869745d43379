"""particles' sequential Monte Carlo building blocks in NumPy: ``resampling.py``'s weight helpers (``Weights``' in-place
``self.lw[np.isnan(self.lw)] = -np.inf`` into its argument, ``@property`` ``N`` with ``0 if self.lw is None else``,
``add`` returning a new object; ``log_sum_exp_ab``'s scalar ``if a > b``; ``log_mean_exp``'s ``if W is None``;
``np.average(..., weights=W, axis=0)`` and ``np.cov(x.T, aweights=W, ddof=0)``; ``_wquantiles``' ``zip`` over
``searchsorted`` indices with ``np.clip(n - 1, 0, N - 2)`` slice bounds and a list of ``interp`` results;
``wquantiles``' ``if len(x.shape) == 1`` / ``elif`` and a list comprehension over columns; the structured-array
``wmean_and_var_str_array``; ``inverse_cdf``'s numba kernel, a ``for`` loop with a nested ``while su[n] > s`` that
walks an index ``j`` and accumulates ``s += W[j]``; ``residual``'s ``floor(MW).astype(np.int64)``, ``A[:sip] =
np.arange(N).repeat(intpart)`` and ``if sres > 0``), ``distributions.py``'s ``Normal`` (``scipy.stats.norm.logpdf``)
and ``MvNormal`` (``numpy.linalg.cholesky`` in a ``try``/``except LinAlgError``, ``scipy.linalg.solve_triangular``, an
``if np.asarray(self.scale).ndim == 0`` branch and a ``@property`` ``dim``), ``kalman.py``'s Kalman filter and
smoother (``namedtuple`` states; ``filter_step``'s ``if covY.shape[0] == 1`` choosing a distribution;
``dotdotinv``'s ``scipy.linalg.solve(..., assume_a="pos", overwrite_b=True)``; ``MVLinearGauss.__init__``'s ``None``
defaults, ``atleast_2d`` and a ``check_shapes`` of ``assert``s; ``MVLinearGauss_Guarniero_etal``'s double loop of
``F[i, j] = alpha ** (1 + abs(i - j))``; ``LinearGauss``' ``default_params`` merged into ``__dict__`` and ``if
self.sigma0 is None``; the ``Kalman`` class, an iterator whose ``__next__`` turns the ``IndexError`` of
``self.data[self.t]`` into ``StopIteration``, with ``if not self.pred`` for the first step, a ``for _ in self:
pass`` filter and a smoother over ``reversed(list(enumerate(self.filt[:-1])))`` appending to lists),
``hmm.py``'s Baum-Welch forward-backward pass (the same iterator protocol, ``np.log`` of a prediction plus Gaussian
emission log-densities, a backward loop over ``reversed(list(zip(...)))`` with an inner ``for k in
range(self.hmm.dim)`` writing into ``np.empty``), ``variance_estimators.py``'s genealogy-based variance estimate (``if
B[0] == B[-1]`` and a numba scatter loop ``s[B[m], ...] += w_phi[m, ...]``), ``hilbert.py``'s integer bit twiddling
for the Hilbert curve (Gray codes: ``bn ^ (bn // 2)``, ``gray_decode``'s ``while True:`` loop of ``>>``, ``^=`` and
``<<=`` with a ``return`` inside, ``&``, ``|``, ``~``, ``max`` / ``min`` of ints, ``%`` of a negative number; and
``hilbert_sort``'s ``1 if x.ndim == 1 else`` with an early ``argsort`` return), ``mcmc.py``'s adaptive covariance
tracker (``scipy.linalg.cholesky`` in a ``try`` / ``except LinAlgError`` falling back to the initial factor, a
counter attribute and ``(self.t + 1) ** (-self.alpha)``), and ``msjd``'s loop over a structured dtype's ``names``,
``smc_samplers.py``'s ``ThetaParticles`` (fields kept in ``__dict__``, ``copyto`` with ``np.copyto(v, ...,
where=np.expand_dims(where, tuple(range(1, v.ndim))))`` and ``copyto_at``) and ``view_2d_array``'s ``theta.view(float)``
with an in-place ``v.shape = (N, -1)``, and ``smoothing.py``'s ``RollingParticleHistory`` (``collections.deque`` with
a maximum length, ``list(self.A)[-1:0:-1]`` and fancy indexing ``A[Bs[-1]]`` of ancestor arrays) (nchopin/particles,
MIT).

Copied from nchopin/particles at 8f2c4bfa85cc7a287c0fd36b13710bfe4bd41856 (version 0.4; its ``LICENSE`` is the MIT
License, "Copyright (c) 2018-2020 Nicolas Chopin"): under ``particles/``, ``resampling.py``'s ``exp_and_normalise``,
``essl``, ``Weights``, ``log_sum_exp``, ``log_sum_exp_ab``, ``log_mean_exp``, ``wmean_and_var``, ``wmean_and_cov``,
``wmean_and_var_str_array``, ``_wquantiles``, ``wquantiles``, ``inverse_cdf``, ``uniform_spacings``, ``multinomial``
and ``residual``; ``distributions.py``'s ``HALFLOG2PI``, ``ProbDist``, ``LocScaleDist``, ``Normal`` and
``MvNormal``; ``state_space_models.py``'s ``StateSpaceModel``; ``kalman.py``'s ``error_msg``, ``dotdot``,
``dotdotinv``, ``MeanAndCov``, ``predict_step``, ``filter_step``, ``filter_step_asarray``, ``smoother_step``,
``MVLinearGauss``, ``MVLinearGauss_Guarniero_etal``, ``LinearGauss`` and ``Kalman``; ``hmm.py``'s ``HMM``,
``GaussianHMM`` and ``BaumWelch``; ``variance_estimators.py``'s ``var_estimate`` and ``_sum_over_branches``;
``hilbert.py``'s ``invlogit``, ``hilbert_array``, ``hilbert_sort``, ``Hilbert_to_int``, ``initial_start_end``,
``pack_index``, ``unpack_coords``, ``pack_coords``, ``transpose_bits``, ``gray_encode``, ``gray_decode``,
``gray_encode_travel``, ``gray_decode_travel`` and ``child_start_end`` (with the comments above them);
``mcmc.py``'s ``msjd`` and ``VanishCovTracker``; ``smc_samplers.py``'s ``view_2d_array``, ``gen_concatenate`` and
``ThetaParticles``; and ``smoothing.py``'s ``RollingParticleHistory``; in that order, docstrings dropped, comments
kept.

Adapted, beyond that:

* the ``@jit(nopython=True)`` decorators (numba) are removed, as other corpora do with numba kernels; the bodies are
  as written. ``@resampling_scheme`` is not applied to ``multinomial`` and ``residual`` (it appends a shared
  docstring to the dropped one and fills ``M``): the cases pass ``M``;
* the modules' imports are one import here; their references to each other's modules (``dists.Normal``,
  ``ssms.StateSpaceModel``, ``rs.log_sum_exp``) go through ``SimpleNamespace`` objects of those names holding the
  copied classes and functions, so that the code reads as written;
* not copied: what draws random numbers when called (the resampling schemes but ``residual``'s ``sres == 0`` path,
  ``MultinomialQueue``, ``BaumWelch.sample``, the MCMC samplers), the SMC / Feynman-Kac machinery of ``core.py``,
  and the remaining distributions. ``transpose_bits`` (so ``Hilbert_to_int`` and ``hilbert_sort`` in 2 or more
  dimensions) divides an int64 array in place by ``/=``, which NumPy refuses outside numba: its cases are
  ``hilbert_sort`` of 1-D points only;
* a setting the source takes as a keyword (``W=``, ``alphas=``, ``M=``, ``dim=``, ``Sigma0=``) or an object built
  from arrays (a model, a ``Kalman`` or ``BaumWelch`` run, a ``ThetaParticles``, a ``RollingParticleHistory`` fed
  by ``save`` with a stand-in ``SimpleNamespace(X=..., A=..., wgts=...)``) is given by a wrapper named after the case,
  which returns the arrays the objects hold.

The inputs: log-weights of 8 to 50 particles (with a NaN and a ``-inf`` in one case), normalised weights, particle
values in 1-D and 2-D, sorted uniforms for ``inverse_cdf`` (including values beyond the first cumulative weight and a
weight of 0), weights whose ``M * W`` are whole numbers for ``residual``; linear Gaussian state-space models of
dimension 1, 2 and 3 with 6 to 12 observations, ``covY`` of size 1 and 2; a 3-state Gaussian HMM with 10
observations; ancestor index arrays (a single lineage, and several); small non-negative integers for the Gray code
functions and Hilbert-curve chunks; 3-vectors for the covariance tracker, one of them making the covariance singular
after a single update with ``alpha=1``; ``float64`` fields for ``ThetaParticles`` with a boolean ``where`` mask; and
structured arrays of two ``float64`` fields for ``msjd``, ``view_2d_array`` and ``wmean_and_var_str_array``.
"""

# ruff: noqa: E127, E128, E201, E202, E203, E211, E221, E222, E225, E226, E231, E241, E261, E262, E265, E266, E302, E303, E305, E306, E501, E701, E702, E703, E704, E711, E712, E713, E721, E731, E741, N801, N802, N803, N806, N816, B006, B007, B028, B904, B905, F401, F811, F821, F841, UP004, UP008, UP030, UP031, UP032, UP034, W291, W293, UP003, A001, C408, C416, SIM108, SIM102, SIM114, RET505, PLR1714
from __future__ import annotations

import collections
import copy as cp
import itertools
from collections import deque
from types import SimpleNamespace

import numpy as np
import numpy.linalg as nla
import scipy.linalg as sla
from numpy import random
from scipy import special, stats
from scipy.linalg import LinAlgError, cholesky, solve

from tests.coverage.cases import PARTICLES, Source, case


def PT(path: str, original: str, note: str = "") -> Source:
    return Source(PARTICLES, "particles/" + path, original, note)


# --- particles/resampling.py ---

def exp_and_normalise(lw):
    w = np.exp(lw - lw.max())
    return w / w.sum()


def essl(lw):
    w = np.exp(lw - lw.max())
    return (w.sum()) ** 2 / np.sum(w ** 2)


class Weights:

    def __init__(self, lw=None):
        self.lw = lw
        if lw is not None:
            self.lw[np.isnan(self.lw)] = -np.inf
            m = self.lw.max()
            w = np.exp(self.lw - m)
            s = w.sum()
            self.log_mean = m + np.log(s / self.N)
            self.W = w / s
            self.ESS = 1.0 / np.sum(self.W ** 2)

    @property
    def N(self):
        return 0 if self.lw is None else self.lw.shape[0]

    def add(self, delta):
        if self.lw is None:
            return self.__class__(lw=delta)
        else:
            return self.__class__(lw=self.lw + delta)


def log_sum_exp(v):
    m = v.max()
    return m + np.log(np.sum(np.exp(v - m)))


def log_sum_exp_ab(a, b):
    if a > b:
        return a + np.log1p(np.exp(b - a))
    else:
        return b + np.log1p(np.exp(a - b))


def log_mean_exp(v, W=None):
    m = v.max()
    V = np.exp(v - m)
    if W is None:
        return m + np.log(np.mean(V))
    else:
        return m + np.log(np.average(V, weights=W))


def wmean_and_var(W, x):
    m = np.average(x, weights=W, axis=0)
    m2 = np.average(x ** 2, weights=W, axis=0)
    v = m2 - m ** 2
    return {"mean": m, "var": v}


def wmean_and_cov(W, x):
    m = np.average(x, weights=W, axis=0)
    cov = np.cov(x.T, aweights=W, ddof=0)
    return m, cov


def wmean_and_var_str_array(W, x):
    m = np.empty(shape=x.shape[1:], dtype=x.dtype)
    v = np.empty_like(m)
    for p in x.dtype.names:
        m[p], v[p] = wmean_and_var(W, x[p]).values()
    return {"mean": m, "var": v}


def _wquantiles(W, x, alphas):
    N = W.shape[0]
    order = np.argsort(x)
    cw = np.cumsum(W[order])
    indices = np.searchsorted(cw, alphas)
    quantiles = []
    for a, n in zip(alphas, indices):
        prev = np.clip(n - 1, 0, N - 2)
        q = np.interp(a, cw[prev : prev + 2], x[order[prev : prev + 2]])
        quantiles.append(q)
    return quantiles


def wquantiles(W, x, alphas=(0.25, 0.50, 0.75)):
    if len(x.shape) == 1:
        return _wquantiles(W, x, alphas=alphas)
    elif len(x.shape) == 2:
        return np.array(
            [_wquantiles(W, x[:, i], alphas=alphas) for i in range(x.shape[1])]
        )


def inverse_cdf(su, W):
    j = 0
    s = W[0]
    M = su.shape[0]
    A = np.empty(M, dtype=np.int64)
    for n in range(M):
        while su[n] > s:
            j += 1
            s += W[j]
        A[n] = j
    return A


def uniform_spacings(N):
    z = np.cumsum(-np.log(random.rand(N + 1)))
    return z[:-1] / z[-1]


def multinomial(W, M):
    return inverse_cdf(uniform_spacings(M), W)


def residual(W, M):
    N = W.shape[0]
    A = np.empty(M, dtype=np.int64)
    MW = M * W
    intpart = np.floor(MW).astype(np.int64)
    sip = np.sum(intpart)
    res = MW - intpart
    sres = M - sip
    A[:sip] = np.arange(N).repeat(intpart)
    # each particle n is repeated intpart[n] times
    if sres > 0:
        A[sip:] = multinomial(res / sres, M=sres)
    return A


# --- particles/distributions.py ---

HALFLOG2PI = 0.5 * np.log(2.0 * np.pi)


class ProbDist:

    dim = 1  # distributions are univariate by default
    dtype = float  # distributions are continuous by default

    def shape(self, size):
        if size is None:
            return None
        else:
            return (size,) if self.dim == 1 else (size, self.dim)

    def logpdf(self, x):
        raise NotImplementedError

    def pdf(self, x):
        return np.exp(self.logpdf(x))

    def rvs(self, size=None):
        raise NotImplementedError

    def ppf(self, u):
        raise NotImplementedError


class LocScaleDist(ProbDist):

    def __init__(self, loc=0.0, scale=1.0):
        self.loc = loc
        self.scale = scale


class Normal(LocScaleDist):

    def rvs(self, size=None):
        return random.normal(loc=self.loc, scale=self.scale, size=self.shape(size))

    def logpdf(self, x):
        return stats.norm.logpdf(x, loc=self.loc, scale=self.scale)

    def ppf(self, u):
        return stats.norm.ppf(u, loc=self.loc, scale=self.scale)

    def posterior(self, x, sigma=1.0):
        pr0 = 1.0 / self.scale ** 2  # prior precision
        prd = x.size / sigma ** 2  # data precision
        varp = 1.0 / (pr0 + prd)  # posterior variance
        mu = varp * (pr0 * self.loc + prd * x.mean())
        return Normal(loc=mu, scale=np.sqrt(varp))


class MvNormal(ProbDist):

    def __init__(self, loc=0.0, scale=1.0, cov=None):
        self.loc = loc
        self.scale = scale
        self.cov = np.eye(loc.shape[-1]) if cov is None else cov
        err_msg = "MvNormal: argument cov must be a (d, d) pos. definite matrix"
        try:
            self.L = nla.cholesky(self.cov)  # lower triangle
        except nla.LinAlgError:
            raise ValueError(err_msg)
        assert self.cov.shape == (self.dim, self.dim), err_msg

    @property
    def dim(self):
        return self.cov.shape[-1]

    def linear_transform(self, z):
        return self.loc + self.scale * np.dot(z, self.L.T)

    def logpdf(self, x):
        halflogdetcor = np.sum(np.log(np.diag(self.L)))
        xc = (x - self.loc) / self.scale
        z = sla.solve_triangular(self.L, np.transpose(xc), lower=True)
        # z is dxN, not Nxd
        if np.asarray(self.scale).ndim == 0:
            logdet = self.dim * np.log(self.scale)
        else:
            logdet = np.sum(np.log(self.scale), axis=-1)
        logdet += halflogdetcor
        return -0.5 * np.sum(z * z, axis=0) - logdet - self.dim * HALFLOG2PI

    def rvs(self, size=None):
        if size is None:
            sh = np.broadcast(self.loc, self.scale).shape
            # sh=() when both loc and scale are scalars
            N = 1 if len(sh) == 0 else sh[0]
        else:
            N = size
        z = stats.norm.rvs(size=(N, self.dim))
        return self.linear_transform(z)

    def ppf(self, u):
        N, du = u.shape
        if du < self.dim:
            z = np.zeros((N, self.dim))
            z[:, :du] = stats.norm.ppf(u)
        else:
            z = stats.norm.ppf(u)
        return self.linear_transform(z)

    def posterior(self, x, Sigma=None):
        if self.scale != 1.0:
            raise ValueError("posterior of MvNormal: scale must be one.")
        n = x.shape[0]
        Sigma = np.eye(self.dim) if Sigma is None else Sigma
        Siginv = sla.inv(Sigma)
        covinv = sla.inv(self.cov)
        Qpost = covinv + n * Siginv
        Sigpost = sla.inv(Qpost)
        m = np.full(self.dim, self.loc) if np.isscalar(self.loc) else self.loc
        mupost = Sigpost @ (m @ covinv + Siginv @ np.sum(x, axis=0))
        # m @ covinv works whether the shape of m is (N, d) or (d)
        return MvNormal(loc=mupost, cov=Sigpost)


# --- particles/state_space_models.py ---

class StateSpaceModel:

    def __init__(self, **kwargs):
        if hasattr(self, "default_params"):
            self.__dict__.update(self.default_params)
        self.__dict__.update(kwargs)

    def _error_msg(self, method):
        return (
            "method " + method + " not implemented in class%s" % self.__class__.__name__
        )

    @classmethod
    def state_container(cls, N, T):
        law_X0 = cls().PX0()
        dim = law_X0.dim
        shape = [N, T]
        if dim > 1:
            shape.append(dim)
        return np.empty(shape, dtype=law_X0.dtype)

    def PX0(self):
        raise NotImplementedError(self._error_msg("PX0"))

    def PX(self, t, xp):
        raise NotImplementedError(self._error_msg("PX"))

    def PY(self, t, xp, x):
        raise NotImplementedError(self._error_msg("PY"))

    def proposal0(self, data):
        raise NotImplementedError(self._error_msg("proposal0"))

    def proposal(self, t, xp, data):
        raise NotImplementedError(self._error_msg("proposal"))

    def upper_bound_log_pt(self, t):
        raise NotImplementedError(err_msg_missing_cst % self.__class__.__name__)

    def add_func(self, t, xp, x):
        raise NotImplementedError(self._error_msg("add_func"))

    def simulate_given_x(self, x):
        lag_x = [None] + x[:-1]
        return [
            self.PY(t, xp, x).rvs(size=1) for t, (xp, x) in enumerate(zip(lag_x, x))
        ]

    def simulate(self, T):
        x = []
        for t in range(T):
            law_x = self.PX0() if t == 0 else self.PX(t, x[-1])
            x.append(law_x.rvs(size=1))
        y = self.simulate_given_x(x)
        return x, y


# --- the modules' names for each other (``from particles import distributions as dists`` ...) ---

dists = SimpleNamespace(Normal=Normal, MvNormal=MvNormal)
ssms = SimpleNamespace(StateSpaceModel=StateSpaceModel)
rs = SimpleNamespace(log_sum_exp=log_sum_exp, exp_and_normalise=exp_and_normalise, multinomial=multinomial)


# --- particles/kalman.py ---

error_msg = "arguments of KalmanFilter.__init__ have inconsistent shapes"


def dotdot(a, b, c):
    return np.dot(np.dot(a, b), c)


def dotdotinv(a, b, c):
    return solve(c, np.dot(a, b).T, assume_a="pos", overwrite_b=True).T


MeanAndCov = collections.namedtuple("MeanAndCov", "mean cov")


def predict_step(F, covX, filt):
    pred_mean = np.matmul(filt.mean, F.T)
    pred_cov = dotdot(F, filt.cov, F.T) + covX
    return MeanAndCov(mean=pred_mean, cov=pred_cov)


def filter_step(G, covY, pred, yt):
    # data prediction
    data_pred_mean = np.matmul(pred.mean, G.T)
    data_pred_cov = dotdot(G, pred.cov, G.T) + covY
    if covY.shape[0] == 1:
        logpyt = dists.Normal(loc=data_pred_mean, scale=np.sqrt(data_pred_cov)).logpdf(
            yt
        )
    else:
        logpyt = dists.MvNormal(loc=data_pred_mean, cov=data_pred_cov).logpdf(yt)
    # filter
    residual = yt - data_pred_mean
    gain = dotdotinv(pred.cov, G.T, data_pred_cov)
    filt_mean = pred.mean + np.matmul(residual, gain.T)
    filt_cov = pred.cov - dotdot(gain, G, pred.cov)
    return MeanAndCov(mean=filt_mean, cov=filt_cov), logpyt


def filter_step_asarray(G, covY, pred, yt):
    pm = pred.mean[:, np.newaxis] if pred.mean.ndim == 1 else pred.mean
    new_pred = MeanAndCov(mean=pm, cov=pred.cov)
    filt, logpyt = filter_step(G, covY, new_pred, yt)
    if pred.mean.ndim == 1:
        filt.mean.squeeze()
    return filt, logpyt


def smoother_step(F, filt, next_pred, next_smth):
    J = dotdotinv(filt.cov, F.T, next_pred.cov)
    smth_cov = filt.cov + dotdot(J, next_smth.cov - next_pred.cov, J.T)
    smth_mean = filt.mean + np.matmul(next_smth.mean - next_pred.mean, J.T)
    return MeanAndCov(mean=smth_mean, cov=smth_cov)


class MVLinearGauss(ssms.StateSpaceModel):

    def __init__(self, F=None, G=None, covX=None, covY=None, mu0=None, cov0=None):
        self.covX, self.covY = np.atleast_2d(covX), np.atleast_2d(covY)
        self.dx, self.dy = self.covX.shape[0], self.covY.shape[0]
        self.mu0 = np.zeros(self.dx) if mu0 is None else mu0
        self.cov0 = self.covX if cov0 is None else np.atleast_2d(cov0)
        self.F = np.eye(self.dx) if F is None else np.atleast_2d(F)
        self.G = np.eye(self.dy, self.dx) if G is None else np.atleast_2d(G)
        self.check_shapes()

    def check_shapes(self):
        assert self.covX.shape == (self.dx, self.dx), error_msg
        assert self.covY.shape == (self.dy, self.dy), error_msg
        assert self.F.shape == (self.dx, self.dx), error_msg
        assert self.G.shape == (self.dy, self.dx), error_msg
        assert self.mu0.shape == (self.dx,), error_msg
        assert self.cov0.shape == (self.dx, self.dx), error_msg

    def PX0(self):
        return dists.MvNormal(loc=self.mu0, cov=self.cov0)

    def PX(self, t, xp):
        return dists.MvNormal(loc=np.dot(xp, self.F.T), cov=self.covX)

    def PY(self, t, xp, x):
        return dists.MvNormal(loc=np.dot(x, self.G.T), cov=self.covY)

    def proposal(self, t, xp, data):
        pred = MeanAndCov(mean=np.matmul(xp, self.F.T), cov=self.covX)
        f, _ = filter_step_asarray(self.G, self.covY, pred, data[t])
        return dists.MvNormal(loc=f.mean, cov=f.cov)

    def proposal0(self, data):
        pred0 = MeanAndCov(mean=self.mu0, cov=self.cov0)
        f, _ = filter_step(self.G, self.covY, pred0, data[0])
        return dists.MvNormal(loc=f.mean, cov=f.cov)

    def logeta(self, t, x, data):
        pred = MeanAndCov(mean=np.matmul(x, self.F.T), cov=self.covX)
        _, logpyt = filter_step_asarray(self.G, self.covY, pred, data[t + 1])
        return logpyt


class MVLinearGauss_Guarniero_etal(MVLinearGauss):

    def __init__(self, alpha=0.4, dx=2):
        F = np.empty((dx, dx))
        for i in range(dx):
            for j in range(dx):
                F[i, j] = alpha ** (1 + abs(i - j))
        MVLinearGauss.__init__(
            self, F=F, G=np.eye(dx), covX=np.eye(dx), covY=np.eye(dx)
        )


class LinearGauss(MVLinearGauss):
    default_params = {"sigmaY": 0.2, "rho": 0.9, "sigmaX": 1.0, "sigma0": None}

    def __init__(self, **kwargs):
        ssms.StateSpaceModel.__init__(self, **kwargs)
        if self.sigma0 is None:
            self.sigma0 = self.sigmaX / np.sqrt(1.0 - self.rho ** 2)
        # arguments for Kalman
        MVLinearGauss.__init__(
            self,
            F=self.rho,
            G=1.0,
            covX=self.sigmaX ** 2,
            covY=self.sigmaY ** 2,
            cov0=self.sigma0 ** 2,
        )

    def PX0(self):
        return dists.Normal(scale=self.sigma0)

    def PX(self, t, xp):
        return dists.Normal(loc=self.rho * xp, scale=self.sigmaX)

    def PY(self, t, xp, x):
        return dists.Normal(loc=x, scale=self.sigmaY)

    def proposal0(self, data):
        sig2post = 1.0 / (1.0 / self.sigma0 ** 2 + 1.0 / self.sigmaY ** 2)
        mupost = sig2post * (data[0] / self.sigmaY ** 2)
        return dists.Normal(loc=mupost, scale=np.sqrt(sig2post))

    def proposal(self, t, xp, data):
        sig2post = 1.0 / (1.0 / self.sigmaX ** 2 + 1.0 / self.sigmaY ** 2)
        mupost = sig2post * (
            self.rho * xp / self.sigmaX ** 2 + data[t] / self.sigmaY ** 2
        )
        return dists.Normal(loc=mupost, scale=np.sqrt(sig2post))

    def logeta(self, t, x, data):
        law = dists.Normal(
            loc=self.rho * x, scale=np.sqrt(self.sigmaX ** 2 + self.sigmaY ** 2)
        )
        return law.logpdf(data[t + 1])


class Kalman:

    def __init__(self, ssm=None, data=None):
        self.ssm = ssm
        self.data = data
        self.pred, self.filt, self.logpyt = [], [], []

    @property
    def t(self):
        return len(self.filt)

    def __next__(self):
        try:
            yt = self.data[self.t]
        except IndexError:
            raise StopIteration
        if not self.pred:
            self.pred += [MeanAndCov(mean=self.ssm.mu0, cov=self.ssm.cov0)]
        else:
            self.pred += [predict_step(self.ssm.F, self.ssm.covX, self.filt[-1])]
        new_filt, new_logpyt = filter_step(self.ssm.G, self.ssm.covY, self.pred[-1], yt)
        self.filt.append(new_filt)
        self.logpyt.append(new_logpyt)

    def next(self):
        return self.__next__()  # Python 2 compatibility

    def __iter__(self):
        return self

    def filter(self):
        for _ in self:
            pass

    def smoother(self):
        if not self.filt:
            self.filter()
        self.smth = [self.filt[-1]]
        for t, f in reversed(list(enumerate(self.filt[:-1]))):
            self.smth += [smoother_step(self.ssm.F, f, self.pred[t + 1], self.smth[-1])]
        self.smth.reverse()


# --- particles/hmm.py ---

class HMM(ssms.StateSpaceModel):

    default_params = {"init_dist": None, "trans_mat": None}

    def __init__(self, **kwargs):
        ssms.StateSpaceModel.__init__(self, **kwargs)
        if self.trans_mat is None:
            raise ValueError("Transition Matrix is missing")
        self.dim = self.trans_mat.shape[0]
        if self.init_dist is None:
            self.init_dist = np.full(self.dim, 1.0 / self.dim)
        err_msg = "Wrong shape for trans_mat or init_dist"
        assert self.trans_mat.shape == (self.dim, self.dim), err_msg
        assert self.init_dist.shape == (self.dim,), err_msg

    def PX0(self):
        return dists.Categorical(p=self.init_dist)

    def PX(self, t, xp):
        return dists.Categorical(p=self.trans_mat[xp, :])


class GaussianHMM(HMM):
    default_params = {'mus': None, 'sigmas': None}
    default_params.update(HMM.default_params)

    def PY(self, t, xp, x):
        return dists.Normal(loc=self.mus[x], scale=self.sigmas[x])


class BaumWelch:

    def __init__(self, hmm=None, data=None):
        self.hmm = hmm
        self.data = data
        self.pred, self.filt, self.logpyt, self.logft = [], [], [], []

    @property
    def t(self):
        return len(self.filt)

    def pred_step(self):
        if self.filt:
            p = np.matmul(self.filt[-1], self.hmm.trans_mat)
        else:
            p = self.hmm.init_dist
        self.pred.append(p)

    def filt_step(self, t, yt):
        emis = self.hmm.PY(t, None, np.arange(self.hmm.dim)).logpdf(yt)
        lp = np.log(self.pred[-1]) + emis
        logpyt = rs.log_sum_exp(lp)
        f = np.exp(lp - logpyt)
        self.logft.append(emis)
        self.logpyt.append(logpyt)
        self.filt.append(f)

    def __next__(self):
        try:
            yt = self.data[self.t]
        except IndexError:
            raise StopIteration
        self.pred_step()
        self.filt_step(self.t, yt)

    def next(self):
        return self.__next__()  # Python 2 compatibility

    def __iter__(self):
        return self

    def forward(self):
        for _ in self:
            pass

    def backward(self):
        if not self.filt:
            self.forward()
        self.smth = [self.filt[-1]]
        log_trans = np.log(self.hmm.trans_mat)
        ctg = np.zeros(self.hmm.dim)  # cost to go (log-lik of y_{t+1:T} given x_t=k)
        for filt, next_ft in reversed(list(zip(self.filt[:-1], self.logft[1:]))):
            new_ctg = np.empty(self.hmm.dim)
            for k in range(self.hmm.dim):
                new_ctg[k] = rs.log_sum_exp(log_trans[k, :] + next_ft + ctg)
            ctg = new_ctg
            smth = rs.exp_and_normalise(np.log(filt) + ctg)
            self.smth.append(smth)
        self.smth.reverse()

    def run(self):
        self.forward()
        self.backward()

    def sample(self, N=1):
        if not self.filt:
            self.forward()
        paths = np.empty((len(self.filt), N), np.int64)
        paths[-1, :] = rs.multinomial(self.filt[-1], M=N)
        log_trans = np.log(self.hmm.trans_mat)
        for t, f in reversed(list(enumerate(self.filt[:-1]))):
            for n in range(N):
                probs = rs.exp_and_normalise(log_trans[:, paths[t + 1, n]] + np.log(f))
                paths[t, n] = rs.multinomial_once(probs)
        return paths


# --- particles/variance_estimators.py ---

def var_estimate(W, phi_x, B):
    m = np.average(phi_x, weights=W, axis=0)
    phixm = phi_x - m
    w_phi = W[:, np.newaxis] * phixm if phixm.ndim == 2 else W * phixm
    if B[0] == B[-1]:
        out = np.zeros_like(m)
    else:
        out = _sum_over_branches(w_phi, B)
    return out


def _sum_over_branches(w_phi, B):
    N = w_phi.shape[0]
    s = np.zeros_like(w_phi)
    for m in range(N):
        s[B[m], ...] += w_phi[m, ...]
    return np.sum(s ** 2, axis=0)


# --- particles/hilbert.py ---

def invlogit(x):
    return 1.0 / (1.0 + np.exp(-x))


def hilbert_array(xint):
    N, d = xint.shape
    h = np.zeros(N, dtype=np.int64)
    for n in range(N):
        h[n] = Hilbert_to_int(xint[n, :])
    return h


def hilbert_sort(x):
    d = 1 if x.ndim == 1 else x.shape[1]
    if d == 1:
        return np.argsort(x, axis=0)
    xs = invlogit((x - np.mean(x, axis=0)) / np.std(x, axis=0))
    maxint = np.floor(2 ** (62 / d))
    xint = np.floor(xs * maxint).astype(np.int64)
    return np.argsort(hilbert_array(xint))


def Hilbert_to_int(coords):
    nD = coords.shape[0]
    coord_chunks = unpack_coords(coords)
    nChunks = len(coord_chunks)
    mask = 2 ** nD - 1
    start, end = initial_start_end(nChunks, nD)
    index_chunks = np.zeros(nChunks, dtype=np.int64)
    for j in range(nChunks):
        i = gray_decode_travel(start, end, mask, coord_chunks[j])
        index_chunks[j] = i
        start, end = child_start_end(start, end, mask, i)
    return pack_index(index_chunks, nD)


def initial_start_end(nChunks, nD):
    # This orients the largest cube so that
    # its start is the origin (0 corner), and
    # the first step is along the x axis, regardless of nD and nChunks:
    return 0, 2 ** ((-nChunks - 1) % nD)  # in Python 0 <=  a % b  < b.


def pack_index(chunks, nD):
    p = 2 ** nD  # Turn digits mod 2**nD back into a single number:
    z = chunks[0]
    for i in range(1, len(chunks)):
        z = p * z + chunks[i]
    return z


def unpack_coords(coords):
    nD = coords.shape[0]
    biggest = np.max(coords)  # the max of all coords

    nChunks = int(np.ceil(np.log2(biggest + 1)))

    if nChunks < 1:
        nChunks = 1

    # nChunks2 = max(1, int(ceil(log(biggest + 1, 2))))  # max # of bits

    # print (nChunks, nChunks2)
    return transpose_bits(coords, nChunks)


def pack_coords(chunks, nD):
    return transpose_bits(chunks, nD)


def transpose_bits(srcs, nDests):
    srcs = srcs.copy()  # Make a copy we can modify safely.
    nSrcs = srcs.shape[0]
    dests = np.zeros((nDests,), dtype=np.int64)
    # Break srcs down least-significant bit first, shifting down:
    for j in range(nDests - 1, -1, -1):
        # Put dests together most-significant first, shifting up:
        dest = 0
        for k in range(nSrcs):
            dest = dest * 2 + srcs[k] % 2
            srcs[k] /= 2
        dests[j] = dest
    return dests


# Gray encoder and decoder from http://en.wikipedia.org/wiki/Gray_code :
#
def gray_encode(bn):
    assert bn >= 0
    # assert type( bn ) in [ int, long ]

    return bn ^ (bn // 2)


def gray_decode(n):
    sh = 1
    while True:
        div = n >> sh
        n ^= div
        if div <= 1:
            return n

        sh <<= 1


# gray_encode_travel -- gray_encode given start and end using bit rotation.
#    Modified Gray code.  mask is 2**nbits - 1, the highest i value, so
#        gray_encode_travel( start, end, mask, 0 )    == start
#        gray_encode_travel( start, end, mask, mask ) == end
#        with a Gray-code-like walk in between.
#    This method takes the canonical Gray code, rotates the output word bits,
#    then xors ("^" in Python) with the start value.
#
def gray_encode_travel(start, end, mask, i):
    travel_bit = start ^ end
    modulus = mask + 1  # == 2**nBits
    # travel_bit = 2**p, the bit we want to travel.
    # Canonical Gray code travels the top bit, 2**(nBits-1).
    # So we need to rotate by ( p - (nBits-1) ) == (p + 1) mod nBits.
    # We rotate by multiplying and dividing by powers of two:
    g = gray_encode(i) * (travel_bit * 2)
    return ((g | (g // modulus)) & mask) ^ start


def gray_decode_travel(start, end, mask, g):
    travel_bit = start ^ end
    modulus = mask + 1  # == 2**nBits
    rg = (g ^ start) * (modulus // (travel_bit * 2))
    return gray_decode((rg | (rg // modulus)) & mask)


# child_start_end( parent_start, parent_end, mask, i ) -- Get start & end for child.
#    i is the parent's step number, between 0 and mask.
#    Say that parent( i ) =
#           gray_encode_travel( parent_start, parent_end, mask, i ).
#    And child_start(i) and child_end(i) are what child_start_end()
#    should return -- the corners the child should travel between
#    while the parent is in this quadrant or child cube.
#      o  child_start( 0 ) == parent( 0 )       (start in a corner)
#      o  child_end( mask ) == parent( mask )   (end in a corner)
#      o  child_end(i) - child_start(i+1) == parent(i+1) - parent(i)
#         (when parent bit flips, same bit of child flips the opposite way)
#    Those constraints still leave choices when nD (# of bits in mask) > 2.
#    Here is how we resolve them when nD == 3 (mask == 111 binary),
#    for parent_start = 000 and parent_end = 100 (canonical Gray code):
#         i   parent(i)    child_
#         0     000        000   start(0)    = parent(0)
#                          001   end(0)                   = parent(1)
#                 ^ (flip)   v
#         1     001        000   start(1)    = parent(0)
#                          010   end(1)                   = parent(3)
#                ^          v
#         2     011        000   start(2)    = parent(0)
#                          010   end(2)                   = parent(3)
#                 v          ^
#         3     010        011   start(3)    = parent(2)
#                          111   end(3)                   = parent(5)
#               ^          v
#         4     110        011   start(4)    = parent(2)
#                          111   end(4)                   = parent(5)
#                 ^          v
#         5     111        110   start(5)    = parent(4)
#                          100   end(5)                   = parent(7)
#                v          ^
#         6     101        110   start(6)    = parent(4)
#                          100   end(6)                   = parent(7)
#                 v          ^
#         7     100        101   start(7)    = parent(6)
#                          100   end(7)                   = parent(7)
#    This pattern relies on the fact that gray_encode_travel()
#    always flips the same bit on the first, third, fifth, ... and last flip.
#    The pattern works for any nD >= 1.
#
def child_start_end(parent_start, parent_end, mask, i):
    start_i = max(0, (i - 1) & ~1)  # next lower even number, or 0
    end_i = min(mask, (i + 1) | 1)  # next higher odd number, or mask
    child_start = gray_encode_travel(parent_start, parent_end, mask, start_i)
    child_end = gray_encode_travel(parent_start, parent_end, mask, end_i)
    return child_start, child_end


# --- particles/mcmc.py ---

def msjd(theta):
    s = 0.0
    for p in theta.dtype.names:
        s += np.sum(np.diff(theta[p], axis=0) ** 2)
    return s


class VanishCovTracker:

    def __init__(self, alpha=0.6, dim=1, mu0=None, Sigma0=None):
        self.alpha = alpha
        self.t = 0
        self.mu = np.zeros(dim) if mu0 is None else mu0
        if Sigma0 is None:
            self.Sigma = np.eye(dim)
            self.L0 = np.eye(dim)
        else:
            self.Sigma = Sigma0
            self.L0 = cholesky(Sigma0, lower=True)
        self.L = self.L0.copy()

    def gamma(self):
        return (self.t + 1) ** (-self.alpha)  # not t, otherwise gamma(1)=1.

    def update(self, v):
        self.t += 1
        g = self.gamma()
        self.mu = (1.0 - g) * self.mu + g * v
        mv = v - self.mu
        self.Sigma = (1.0 - g) * self.Sigma + g * np.dot(
            mv[:, np.newaxis], mv[np.newaxis, :]
        )
        try:
            self.L = cholesky(self.Sigma, lower=True)
        except LinAlgError:
            self.L = self.L0


# --- particles/smc_samplers.py ---

def view_2d_array(theta):
    v = theta.view(float)
    N = theta.shape[0]
    v.shape = (N, -1)
    # raise an error if v cannot be reshaped without creating a copy
    return v


def gen_concatenate(*xs):
    if isinstance(xs[0], np.ndarray):
        return np.concatenate(xs)
    else:
        return xs[0].concatenate(*xs)


class ThetaParticles:

    def __init__(self, shared=None, **fields):
        self.shared = {} if shared is None else shared
        self.__dict__.update(fields)

    @property
    def N(self):
        return len(next(iter(self.dict_fields.values())))

    @property
    def dict_fields(self):
        return {k: v for k, v in self.__dict__.items() if k != "shared"}

    def __getitem__(self, key):
        fields = {k: v[key] for k, v in self.dict_fields.items()}
        if isinstance(key, int):
            return fields
        else:
            return self.__class__(shared=self.shared.copy(), **fields)

    def __setitem__(self, key, value):
        for k, v in self.dict_fields.item():
            v[key] = getattr(value, k)

    def copy(self):
        fields = {k: v.copy() for k, v in self.dict_fields.items()}
        return self.__class__(shared=self.shared.copy(), **fields)

    @classmethod
    def concatenate(cls, *xs):
        fields = {
            k: gen_concatenate(*[getattr(x, k) for x in xs])
            for k in xs[0].dict_fields.keys()
        }
        return cls(shared=xs[0].shared.copy(), **fields)

    def copyto(self, src, where=None):
        for k, v in self.dict_fields.items():
            if isinstance(v, np.ndarray):
                # takes care of arrays with ndims > 1
                wh = np.expand_dims(where, tuple(range(1, v.ndim)))
                np.copyto(v, getattr(src, k), where=wh)
            else:
                v.copyto(getattr(src, k), where=where)

    def copyto_at(self, n, src, m):
        for k, v in self.dict_fields.items():
            v[n] = getattr(src, k)[m]


# --- particles/smoothing.py ---

class RollingParticleHistory:

    def __init__(self, length):
        self.X = deque([], length)
        self.A = deque([], length)
        self.wgts = deque([], length)

    @property
    def N(self):
        return self.X[0].shape[0]

    @property
    def T(self):
        return len(self.X)

    def save(self, smc):
        self.X.append(smc.X)
        self.A.append(smc.A)
        self.wgts.append(smc.wgts)

    def compute_trajectories(self):
        Bs = [np.arange(self.N)]
        for A in list(self.A)[-1:0:-1]:  # list in case self.A is a deque
            Bs.append(A[Bs[-1]])
        Bs.reverse()
        return np.array(Bs)


# --- the cases ---

_RS, _D, _KF, _HMM, _VE = "resampling.py", "distributions.py", "kalman.py", "hmm.py", "variance_estimators.py"
_H, _MC, _SS, _SM = "hilbert.py", "mcmc.py", "smc_samplers.py", "smoothing.py"


def weights_summary(lw):
    w = Weights(lw=lw)
    return w.W, w.ESS, w.log_mean, w.N


def weights_add(lw, delta):
    w = Weights(lw=lw).add(delta)
    return w.W, w.ESS, w.log_mean


def weights_add_to_empty(delta):
    w = Weights().add(delta)
    return w.W, w.ESS, w.N


def log_mean_exp_weighted(v, W):
    return log_mean_exp(v, W=W)


def wquantiles_deciles(W, x):
    return wquantiles(W, x, alphas=(0.1, 0.5, 0.9))


def residual_m(W):
    return residual(W, 8)


def normal_logpdf(loc, scale, x):
    return Normal(loc=loc, scale=scale).logpdf(x)


def mvnormal_logpdf(loc, cov, x):
    return MvNormal(loc=loc, cov=cov).logpdf(x)


def mvnormal_logpdf_scales(loc, scale, cov, x):
    return MvNormal(loc=loc, scale=scale, cov=cov).logpdf(x)


def mvnormal_posterior(loc, cov, x):
    post = MvNormal(loc=loc, cov=cov).posterior(x)
    return post.loc, post.cov


def kalman_steps(F, G, covX, covY, mean, cov, yt):
    pred = predict_step(F, covX, MeanAndCov(mean=mean, cov=cov))
    filt, logpyt = filter_step(G, covY, pred, yt)
    return pred.mean, pred.cov, filt.mean, filt.cov, logpyt


def kalman_filter_asarray(G, covY, mean, cov, yt):
    filt, logpyt = filter_step_asarray(G, covY, MeanAndCov(mean=mean, cov=cov), yt)
    return filt.mean, filt.cov, logpyt


def kalman_filter(F, G, covX, covY, data):
    kf = Kalman(ssm=MVLinearGauss(F=F, G=G, covX=covX, covY=covY), data=data)
    kf.filter()
    return [f.mean for f in kf.filt], [f.cov for f in kf.filt], kf.logpyt


def kalman_smoother(F, G, covX, covY, mu0, cov0, data):
    kf = Kalman(ssm=MVLinearGauss(F=F, G=G, covX=covX, covY=covY, mu0=mu0, cov0=cov0), data=data)
    kf.smoother()
    return [s.mean for s in kf.smth], [s.cov for s in kf.smth], kf.logpyt


def linear_gauss_kalman(rho, sigmaX, sigmaY, data):
    kf = Kalman(ssm=LinearGauss(rho=rho, sigmaX=sigmaX, sigmaY=sigmaY), data=data)
    kf.smoother()
    return [s.mean for s in kf.smth], [f.cov for f in kf.filt], kf.logpyt


def guarniero_kalman(alpha, data):
    ssm = MVLinearGauss_Guarniero_etal(alpha=alpha, dx=3)
    kf = Kalman(ssm=ssm, data=data)
    kf.filter()
    return ssm.F, [f.mean for f in kf.filt], kf.logpyt


def kalman_manual_steps(F, G, covX, covY, data):
    kf = Kalman(ssm=MVLinearGauss(F=F, G=G, covX=covX, covY=covY), data=data)
    next(kf)
    kf.next()
    return kf.t, kf.filt[-1].mean, kf.pred[-1].cov


def baum_welch(trans_mat, mus, sigmas, data):
    bw = BaumWelch(hmm=GaussianHMM(trans_mat=trans_mat, mus=mus, sigmas=sigmas), data=data)
    bw.run()
    return bw.pred, bw.filt, bw.smth, bw.logpyt


def baum_welch_forward(init_dist, trans_mat, mus, sigmas, data):
    bw = BaumWelch(hmm=GaussianHMM(init_dist=init_dist, trans_mat=trans_mat, mus=mus, sigmas=sigmas), data=data)
    bw.forward()
    return bw.filt, bw.logft, bw.logpyt


def gray_round_trip(start, end, mask, i):
    g = gray_encode_travel(start, end, mask, i)
    return g, gray_decode_travel(start, end, mask, g)


def child_start_end_all(parent_start, parent_end, mask):
    return [child_start_end(parent_start, parent_end, mask, i) for i in range(mask + 1)]


def vanish_cov_tracker(vs):
    tracker = VanishCovTracker(dim=vs.shape[1])
    for v in vs:
        tracker.update(v)
    return tracker.t, tracker.mu, tracker.Sigma, tracker.L


def vanish_cov_tracker_sigma0(vs, Sigma0):
    tracker = VanishCovTracker(alpha=0.8, dim=vs.shape[1], mu0=vs[0].copy(), Sigma0=Sigma0)
    for v in vs[1:]:
        tracker.update(v)
    return tracker.mu, tracker.Sigma, tracker.L, tracker.gamma()


def vanish_cov_tracker_singular(v):
    tracker = VanishCovTracker(alpha=1.0, dim=v.shape[0], mu0=np.zeros(v.shape[0]))
    tracker.update(v)
    return tracker.Sigma, tracker.L


def theta_particles_copyto(theta, lpost, src_theta, src_lpost, where):
    tp = ThetaParticles(theta=theta, lpost=lpost)
    tp.copyto(ThetaParticles(theta=src_theta, lpost=src_lpost), where=where)
    return tp.theta, tp.lpost, tp.N


def theta_particles_copyto_at(theta, lpost, src_theta, src_lpost):
    tp = ThetaParticles(theta=theta, lpost=lpost)
    tp.copyto_at(2, ThetaParticles(theta=src_theta, lpost=src_lpost), 0)
    both = ThetaParticles.concatenate(tp, tp[1:3])
    return tp.theta, tp.lpost, both.theta, both.lpost


def rolling_history_trajectories(X, A, lw):
    hist = RollingParticleHistory(4)
    for t in range(X.shape[0]):
        hist.save(SimpleNamespace(X=X[t], A=A[t], wgts=Weights(lw=lw[t])))
    return hist.N, hist.T, hist.compute_trajectories()


def _lw(rng, n=20):
    return rng.normal(scale=3.0, size=n)


def _W(rng, n=20):
    w = rng.uniform(0.0, 1.0, n)
    return w / w.sum()


def _linear_model(rng, dx, dy, T):
    F = 0.9 * np.eye(dx) + 0.05 * rng.normal(size=(dx, dx))
    G = np.eye(dy, dx) + 0.1 * rng.normal(size=(dy, dx))
    covX = np.eye(dx) * 0.5 + 0.1 * np.ones((dx, dx))
    covY = np.eye(dy) * 0.3
    data = rng.normal(size=(T, dy))
    return F, G, covX, covY, data


def _hmm(rng, T=10):
    P = np.array([[0.8, 0.15, 0.05], [0.1, 0.8, 0.1], [0.05, 0.15, 0.8]])
    mus = np.array([-2.0, 0.0, 2.0])
    sigmas = np.array([0.5, 1.0, 0.7])
    return P, mus, sigmas, rng.normal(scale=2.0, size=T)


def _structured(rng, n=6):
    theta = np.empty(n, dtype=[("mu", float), ("sigma", float)])
    theta["mu"] = rng.normal(size=n)
    theta["sigma"] = rng.uniform(0.5, 2.0, n)
    return theta


def _ancestors(rng, T=6, N=5):
    return rng.integers(0, N, size=(T, N))


CASES = [
    # resampling.py
    case(exp_and_normalise, lambda rng: (_lw(rng),), PT(_RS, "exp_and_normalise")),
    case(essl, lambda rng: (_lw(rng),), PT(_RS, "essl")),
    case(weights_summary, lambda rng: (_lw(rng),), PT(_RS, "Weights", "lw given: W, ESS, log_mean, N")),
    case(weights_summary, lambda rng: (np.concatenate([_lw(rng, 8), [np.nan, -np.inf]]),),
         PT(_RS, "Weights", "a NaN log-weight set to -inf in place"), name="particles.weights_summary_nan"),
    case(weights_add, lambda rng: (_lw(rng, 10), _lw(rng, 10)), PT(_RS, "Weights.add")),
    case(weights_add_to_empty, lambda rng: (_lw(rng, 10),), PT(_RS, "Weights.add", "lw None: Weights(lw=delta)")),
    case(log_sum_exp, lambda rng: (_lw(rng) + 700.0,), PT(_RS, "log_sum_exp", "values near overflow")),
    case(log_sum_exp_ab, lambda rng: (np.float64(rng.uniform(0, 1)), np.float64(rng.uniform(-3, -1))), PT(_RS, "log_sum_exp_ab", "a > b")),
    case(log_sum_exp_ab, lambda rng: (np.float64(rng.uniform(-3, -1)), np.float64(rng.uniform(0, 1))), PT(_RS, "log_sum_exp_ab", "a <= b"),
         name="particles.log_sum_exp_ab_b"),
    case(log_mean_exp, lambda rng: (_lw(rng),), PT(_RS, "log_mean_exp", "W None")),
    case(log_mean_exp_weighted, lambda rng: (_lw(rng), _W(rng)), PT(_RS, "log_mean_exp", "weighted: np.average")),
    case(wmean_and_var, lambda rng: (_W(rng), rng.normal(size=(20, 3))), PT(_RS, "wmean_and_var", "a dict result")),
    case(wmean_and_cov, lambda rng: (_W(rng), rng.normal(size=(20, 3))), PT(_RS, "wmean_and_cov", "np.cov(aweights=W, ddof=0)")),
    case(wmean_and_var_str_array, lambda rng: (_W(rng, 6), _structured(rng)), PT(_RS, "wmean_and_var_str_array", "a structured array")),
    case(_wquantiles, lambda rng: (_W(rng), rng.normal(size=20), (0.25, 0.5, 0.75)), PT(_RS, "_wquantiles")),
    case(wquantiles, lambda rng: (_W(rng), rng.normal(size=20)), PT(_RS, "wquantiles", "1-D: the default alphas")),
    case(wquantiles_deciles, lambda rng: (_W(rng), rng.normal(size=(20, 3))), PT(_RS, "wquantiles", "2-D: one row per column, alphas=")),
    case(inverse_cdf, lambda rng: (np.sort(rng.uniform(0, 1, 12)), _W(rng, 8)), PT(_RS, "inverse_cdf", "sorted uniforms")),
    case(inverse_cdf, lambda rng: (np.sort(rng.uniform(0.5, 1, 6)), np.array([0.0, 0.1, 0.0, 0.4, 0.2, 0.3])),
         PT(_RS, "inverse_cdf", "zero weights, no uniform below the first weights"), name="particles.inverse_cdf_zeros"),
    case(residual_m, lambda rng: (np.array([0.25, 0.125, 0.5, 0.125]),), PT(_RS, "residual", "M=8, M*W whole: sres == 0")),
    # distributions.py
    case(normal_logpdf, lambda rng: (np.float64(0.3), np.float64(1.5), rng.normal(size=8)), PT(_D, "Normal.logpdf", "scipy.stats.norm")),
    case(mvnormal_logpdf, lambda rng: (rng.normal(size=3), np.array([[2.0, 0.3, 0.1], [0.3, 1.0, 0.2], [0.1, 0.2, 1.5]]), rng.normal(size=(5, 3))),
         PT(_D, "MvNormal.logpdf", "cholesky, solve_triangular")),
    case(mvnormal_logpdf_scales, lambda rng: (rng.normal(size=2), rng.uniform(0.5, 2, 2), np.array([[1.0, 0.5], [0.5, 2.0]]), rng.normal(size=(4, 2))),
         PT(_D, "MvNormal.logpdf", "an array scale: the else branch")),
    case(mvnormal_posterior, lambda rng: (rng.normal(size=2), np.array([[1.0, 0.5], [0.5, 2.0]]), rng.normal(size=(6, 2))),
         PT(_D, "MvNormal.posterior", "scipy.linalg.inv")),
    # kalman.py
    case(kalman_steps, lambda rng: (*_linear_model(rng, 2, 2, 1)[:4], rng.normal(size=2), np.eye(2), rng.normal(size=2)),
         PT(_KF, "predict_step / filter_step", "covY 2x2: MvNormal")),
    case(kalman_steps, lambda rng: (*_linear_model(rng, 2, 1, 1)[:4], rng.normal(size=2), np.eye(2), rng.normal(size=1)),
         PT(_KF, "predict_step / filter_step", "covY 1x1: Normal"), name="particles.kalman_steps_scalar_obs"),
    case(kalman_filter_asarray, lambda rng: (np.eye(1, 2), np.eye(1) * 0.3, rng.normal(size=(5, 2)), np.eye(2), rng.normal(size=1)),
         PT(_KF, "filter_step_asarray", "5 particles: pm 2-D")),
    case(kalman_filter_asarray, lambda rng: (np.eye(1), np.eye(1) * 0.3, rng.normal(size=5), np.eye(1) * 2.0, rng.normal(size=1)),
         PT(_KF, "filter_step_asarray", "5 particles of a 1-D state: pm[:, newaxis]"), name="particles.kalman_filter_asarray_1d"),
    case(smoother_step, lambda rng: (np.eye(2) * 0.9, MeanAndCov(rng.normal(size=2), np.eye(2)),
                                     MeanAndCov(rng.normal(size=2), 2 * np.eye(2)), MeanAndCov(rng.normal(size=2), 1.5 * np.eye(2))),
         PT(_KF, "smoother_step", "namedtuple arguments")),
    case(kalman_filter, lambda rng: _linear_model(rng, 2, 2, 8), PT(_KF, "Kalman.filter", "MVLinearGauss, dx=dy=2, 8 observations")),
    case(kalman_smoother, lambda rng: (*_linear_model(rng, 3, 2, 6)[:4], rng.normal(size=3), 2 * np.eye(3), _linear_model(rng, 3, 2, 6)[4]),
         PT(_KF, "Kalman.smoother", "dx=3, dy=2, mu0 and cov0 given")),
    case(linear_gauss_kalman, lambda rng: (0.9, 1.0, 0.2, rng.normal(size=12)), PT(_KF, "LinearGauss / Kalman.smoother",
                                                                                   "default_params, sigma0 None; covY 1x1")),
    case(linear_gauss_kalman, lambda rng: (np.float64(0.7), np.float64(1.2), np.float64(0.5), rng.normal(size=(8, 1))),
         PT(_KF, "LinearGauss / Kalman.smoother", "NumPy scalar parameters, (T, 1) data"), name="particles.linear_gauss_kalman_arrays"),
    case(guarniero_kalman, lambda rng: (np.float64(0.4), rng.normal(size=(6, 3))),
         PT(_KF, "MVLinearGauss_Guarniero_etal", "F[i, j] = alpha ** (1 + abs(i - j)) in a double loop")),
    case(kalman_manual_steps, lambda rng: _linear_model(rng, 2, 2, 5), PT(_KF, "Kalman.__next__ / next", "two steps by hand")),
    # hmm.py
    case(baum_welch, lambda rng: _hmm(rng), PT(_HMM, "BaumWelch.run", "forward and backward, 3 states")),
    case(baum_welch_forward, lambda rng: (np.array([0.5, 0.3, 0.2]), *_hmm(rng, 6)), PT(_HMM, "BaumWelch.forward", "init_dist given")),
    # variance_estimators.py
    case(var_estimate, lambda rng: (_W(rng, 8), rng.normal(size=8), np.array([0, 0, 1, 1, 1, 3, 3, 5])), PT(_VE, "var_estimate", "1-D phi")),
    case(var_estimate, lambda rng: (_W(rng, 8), rng.normal(size=(8, 2)), np.sort(rng.integers(0, 8, 8))),
         PT(_VE, "var_estimate", "2-D phi: W[:, np.newaxis]"), name="particles.var_estimate_2d"),
    case(var_estimate, lambda rng: (_W(rng, 8), rng.normal(size=8), np.zeros(8, dtype=np.int64)),
         PT(_VE, "var_estimate", "one lineage: B[0] == B[-1], zeros_like"), name="particles.var_estimate_one_lineage"),
    case(_sum_over_branches, lambda rng: (rng.normal(size=(10, 2)), rng.integers(0, 10, 10)), PT(_VE, "_sum_over_branches", "scatter-add loop")),
    # hilbert.py
    case(invlogit, lambda rng: (rng.normal(scale=5, size=8),), PT(_H, "invlogit")),
    case(hilbert_sort, lambda rng: (rng.normal(size=10),), PT(_H, "hilbert_sort", "d == 1: argsort")),
    case(gray_encode, lambda rng: (np.int64(rng.integers(0, 1000)),), PT(_H, "gray_encode", "assert bn >= 0")),
    case(gray_decode, lambda rng: (np.int64(rng.integers(0, 1000)),), PT(_H, "gray_decode", "while True with >>, ^=, <<=")),
    case(gray_decode, lambda rng: (np.int64(1),), PT(_H, "gray_decode", "1: the first return"), name="particles.gray_decode_one"),
    case(gray_round_trip, lambda rng: (np.int64(0), np.int64(4), np.int64(7), np.int64(rng.integers(0, 8))),
         PT(_H, "gray_encode_travel / gray_decode_travel", "nD=3")),
    case(child_start_end, lambda rng: (np.int64(0), np.int64(2), np.int64(3), np.int64(rng.integers(0, 4))),
         PT(_H, "child_start_end", "max / min of ints, ~, &, |")),
    case(child_start_end_all, lambda rng: (np.int64(0), np.int64(4), 7), PT(_H, "child_start_end", "every child of a 3-D cube")),
    case(initial_start_end, lambda rng: (5, 3), PT(_H, "initial_start_end", "Python ints: (-nChunks - 1) % nD")),
    case(pack_index, lambda rng: (rng.integers(0, 4, 6), 2), PT(_H, "pack_index", "base-4 digits")),
    # mcmc.py
    case(msjd, lambda rng: (_structured(rng),), PT(_MC, "msjd", "a structured array: theta.dtype.names")),
    case(vanish_cov_tracker, lambda rng: (rng.normal(size=(10, 3)),), PT(_MC, "VanishCovTracker.update", "10 updates, Sigma0 None")),
    case(vanish_cov_tracker_sigma0, lambda rng: (rng.normal(size=(6, 2)), np.array([[2.0, 0.5], [0.5, 1.0]])),
         PT(_MC, "VanishCovTracker", "mu0 and Sigma0 given: cholesky of Sigma0")),
    case(vanish_cov_tracker_singular, lambda rng: (rng.normal(size=3),),
         PT(_MC, "VanishCovTracker.update", "alpha=1: a rank-one Sigma, cholesky fails, L = L0")),
    # smc_samplers.py
    case(view_2d_array, lambda rng: (_structured(rng),), PT(_SS, "view_2d_array", "theta.view(float), v.shape = (N, -1)")),
    case(theta_particles_copyto, lambda rng: (rng.normal(size=(6, 2)), rng.normal(size=6), rng.normal(size=(6, 2)), rng.normal(size=6),
                                              np.array([True, False, True, True, False, False])),
         PT(_SS, "ThetaParticles.copyto", "np.copyto(where=expand_dims(...))")),
    case(theta_particles_copyto_at, lambda rng: (rng.normal(size=(5, 2)), rng.normal(size=5), rng.normal(size=(3, 2)), rng.normal(size=3)),
         PT(_SS, "ThetaParticles.copyto_at / __getitem__ / concatenate")),
    # smoothing.py
    case(rolling_history_trajectories, lambda rng: (rng.normal(size=(6, 5)), _ancestors(rng), rng.normal(size=(6, 5))),
         PT(_SM, "RollingParticleHistory.compute_trajectories", "a deque of length 4 fed 6 steps")),
]
