"""emcee's affine-invariant ensemble MCMC (dfm/emcee, Bayesian inference): ``autocorr.py``'s autocorrelation
estimates (``next_pow_two``'s ``while i < n: i = i << 1`` on a traced length, ``function_1d``'s FFT autocorrelation,
``auto_window``'s ``if np.any(m): return np.argmin(m)`` / ``return len(taus) - 1``, ``integrated_time``'s ``if
len(x.shape) == ...`` reshapes, its double loop over parameters and walkers writing ``windows[d]`` and ``tau_est[d]``,
and its ``if np.any(flag)`` that formats the estimate into a message and either raises ``AutocorrError`` or, ``if
quiet``, logs it); the deprecated ``utils.sample_ball`` / ``sample_ellipsoid`` (a decorator that warns, draws from
NumPy's global generator); ``state.State`` (``deepcopy`` of the coordinates, ``__iter__`` unpacking, ``__getitem__``
with a negative index); the in-memory ``backends.Backend`` (``grow`` by ``np.concatenate`` of ``np.empty`` blocks, a
blob dtype with a sub-array shape ``np.dtype((blobs.dtype, blobs.shape[1:]))``, ``save_step`` writing row
``self.iteration`` and counting acceptances, ``get_value``'s ``[discard + thin - 1 : self.iteration : thin]`` slice
and ``flat`` reshape, ``get_last_sample``, ``get_autocorr_time``); the moves: ``RedBlueMove.propose`` (the walkers
split by ``inds = all_inds % self.nsplits``, shuffled by ``model.random.shuffle(inds)`` when ``randomize_split``, a
loop over the splits selecting ``state.coords[inds == j]``, and a Python loop over ``zip(all_inds[S1], factors,
new_log_probs)`` with the Metropolis test ``if lnpdiff > np.log(model.random.rand()): accepted[j] = True``) and
``Move.update``'s masked writes ``old_state.coords[m1] = new_state.coords[m2]``; the stretch move
(``random.rand``/``random.randint``), the walk move (a loop of ``random.choice(Nc, s0, replace=False)``, ``np.cov``
and ``random.multivariate_normal``), differential evolution (an ``lru_cache``'d table of index pairs,
``random.choice(..., replace=True)``, ``random.randn``), the DE snooker move (``random.shuffle`` of a stacked
array, unpacked into three rows), the KDE move (``scipy.stats.gaussian_kde(...).resample(n, random)``), and
``MHMove.propose`` with ``GaussianMove``'s proposals (scalar, diagonal and full covariances; the ``vector``,
``random`` and ``sequential`` modes, writing ``x[m] = xnew[m]`` with ``m = (range(nw), ...)``; a ``factor`` drawn by
``rng.uniform``); and ``ensemble.py``: ``walkers_independent`` (early ``return False`` on non-finite coordinates or a
constant column, else ``np.linalg.cond(...) <= 1e8``), ``walkers_independent_cov`` and ``_scaled_cond`` (``return
np.inf`` on a zero column), ``ndarray_to_list_of_dicts``, ``_scalar`` (``np.isscalar``, ``.item()`` in a ``try``),
``EnsembleSampler.compute_log_prob`` (``map`` over the walkers or one vectorised call; a ``try`` that tells blobs from
scalars by catching the ``TypeError`` of ``len()`` of a float and a raised ``IndexError``; the blobs' dtype found
under ``warnings.catch_warnings``, squeezed by ``np.squeeze(blob, tuple(axes))``), and the whole sampler:
``EnsembleSampler.__init__`` / ``sample`` / ``run_mcmc`` (``np.random.get_state()`` copied into a ``RandomState``,
``self._random.choice(self._moves, p=self._weights)`` picking a move object, the progress bar's ``with``, a
generator function iterated by ``run_mcmc``) (dfm/emcee, MIT).

Copied from dfm/emcee at 8ab6c0fcc4afd46db0b401ec0c705d47ade07035 (its ``LICENSE`` is the MIT licence, "Copyright (c)
2010-2021 Daniel Foreman-Mackey & contributors"), from ``src/emcee/``: ``utils.py`` (all); ``autocorr.py`` (all);
``state.py`` (all); ``model.py`` (all); ``pbar.py`` (all); ``backends/backend.py`` (all); ``moves/move.py``,
``moves/red_blue.py``, ``moves/stretch.py``, ``moves/walk.py``, ``moves/de.py``, ``moves/de_snooker.py``,
``moves/kde.py``, ``moves/mh.py`` and ``moves/gaussian.py`` (all); ``ensemble.py``'s ``EnsembleSampler`` (without
its deprecated properties ``chain`` ... ``acor`` and the ``__doc__`` assignments, without ``__getstate__``),
``_FunctionWrapper``, ``walkers_independent``, ``walkers_independent_cov``, ``_scaled_cond``,
``ndarray_to_list_of_dicts`` and ``_scalar``. The stand-in log-probabilities ``normal_log_prob``,
``normal_log_prob_blobs`` and ``uniform_log_prob`` are ``tests/integration/test_proposal.py``'s, ``named_lnpdf`` is
``tests/unit/test_ensemble.py``'s ``TestNamedParameters.lnpdf`` (its data ``self.x`` passed as an argument). In the
files' order; docstrings dropped, comments kept.

Adapted, beyond that:

* the package's modules share this one's names: ``from .. import autocorr`` (in ``backend.py``) is a
  ``types.SimpleNamespace`` of ``integrated_time``; ``autocorr.py``'s and ``pbar.py``'s ``logger =
  logging.getLogger(__name__)`` are ``logging.getLogger("emcee")``; the optional imports (``tqdm`` in ``pbar.py``,
  ``scipy.stats.gaussian_kde`` in ``kde.py``, ``VisibleDeprecationWarning`` and ``Iterable`` in ``ensemble.py``)
  keep their ``try`` / ``except ImportError``;
* a move is given its ``model`` (``model.py``'s ``Model(log_prob_fn, compute_log_prob_fn, map_fn, random)``, as
  ``EnsembleSampler.sample`` makes it) by a wrapper named after the case: ``random`` is
  ``np.random.RandomState(seed)`` (emcee's moves draw with ``RandomState``'s ``rand``, ``randint``, ``randn``, made in
  the wrapper from a fixed seed, as ``EnsembleSampler`` keeps its own), ``compute_log_prob_fn`` is the copied
  ``EnsembleSampler.compute_log_prob`` of a sampler made by ``_sampler`` (``EnsembleSampler.__new__`` and the
  attributes that method reads: ``__init__`` seeds its generator from ``np.random.get_state()``); the wrapper
  returns the new state's ``coords`` and ``log_prob`` and the ``accepted`` flags; a move's ``get_proposal`` is also
  called alone, on a sub-ensemble and its complementary sets, with a ``RandomState(seed)`` (after ``DEMove.setup``);
* the whole sampler's wrappers call ``np.random.seed(seed)`` first (as emcee's tests do) and return the stored
  chain, log-probabilities and acceptance fraction; a keyword setting (``quiet=True``, ``has_walkers=False``,
  ``vectorize=True``, ``randomize_split=False``, a move's ``s``, ``gamma0``, ``mode``, ``factor``) is given by a
  wrapper named after the case.

The inputs: AR(1) chains ``x[i] = a x[i-1] + noise`` (``a`` = 0.5, 2000 steps: the estimate is trusted, no ``raise``;
``a`` = 0.9, 200 steps: ``if np.any(flag)`` is taken and ``quiet`` logs), in 1, 2 (walkers or parameters) and 3
dimensions; integrated-time curves from such a chain (``auto_window``'s first branch) and a negative one (its
``return len(taus) - 1``); lengths 20-100 for ``next_pow_two`` (several doublings); ensembles of 16 walkers in 3
dimensions (32 for the KDE move; sub-ensembles of 4-16 walkers for ``get_proposal``) from a unit normal, with a
constant column (0.5, exactly its mean) or a NaN for ``walkers_independent``'s early returns and a zero column for
``_scaled_cond``'s ``return np.inf``; stored chains of 6 steps of 8 walkers in 2 dimensions with random acceptances and 2-vector blobs, and an AR(1) chain of
200 steps of 4 walkers for the backend's autocorrelation time;
named parameters ``{"mean": 0, "var": 1}`` with some walkers at ``var <= 0`` (``named_lnpdf``'s ``return -np.inf``);
walkers partly outside the unit cube for ``uniform_log_prob``; proposal covariances 0.1-0.5 (scalar, diagonal, an SPD
matrix); seeds fixed (1234 as emcee's tests) so that eager and staged runs draw the same numbers.
"""

# ruff: noqa: B904, E501, E722, E741, UP004, UP006, UP008, UP030, UP032
from __future__ import annotations

import importlib
import logging
import types
import warnings
from collections import namedtuple
from copy import deepcopy
from functools import lru_cache, wraps
from itertools import count
from typing import Dict, List, Optional, Union

import numpy as np

from tests.coverage.cases import EMCEE, Source, case

try:
    from collections.abc import Iterable
except ImportError:
    # for py2.7, will be an Exception in 3.8
    from collections import Iterable

try:
    # Try to import from numpy.exceptions (available in NumPy 1.25 and later)
    from numpy.exceptions import VisibleDeprecationWarning
except ImportError:
    # Fallback to the top-level numpy import (for older versions)
    from numpy import VisibleDeprecationWarning

try:
    from scipy.stats import gaussian_kde
except ImportError:
    gaussian_kde = None

try:
    import tqdm
    import tqdm.auto
except ImportError:
    tqdm = None

logger = logging.getLogger("emcee")


def EM(path: str, original: str, note: str = "") -> Source:
    return Source(EMCEE, "src/emcee/" + path, original, note)


# --- src/emcee/utils.py ---

def deprecation_warning(msg):
    warnings.warn(msg, category=DeprecationWarning, stacklevel=2)


def deprecated(alternate):
    def wrapper(func, alternate=alternate):
        msg = "'{0}' is deprecated.".format(func.__name__)
        if alternate is not None:
            msg += " Use '{0}' instead.".format(alternate)

        @wraps(func)
        def f(*args, **kwargs):
            deprecation_warning(msg)
            return func(*args, **kwargs)

        return f

    return wrapper


@deprecated(None)
def sample_ball(p0, std, size=1):
    assert len(p0) == len(std)
    return np.vstack(
        [p0 + std * np.random.normal(size=len(p0)) for i in range(size)]
    )


@deprecated(None)
def sample_ellipsoid(p0, covmat, size=1):
    return np.random.multivariate_normal(
        np.atleast_1d(p0), np.atleast_2d(covmat), size=size
    )


# --- src/emcee/autocorr.py ---

def next_pow_two(n):
    i = 1
    while i < n:
        i = i << 1
    return i


def function_1d(x):
    x = np.atleast_1d(x)
    if len(x.shape) != 1:
        raise ValueError("invalid dimensions for 1D autocorrelation function")
    n = next_pow_two(len(x))

    # Compute the FFT and then (from that) the auto-correlation function
    f = np.fft.fft(x - np.mean(x), n=2 * n)
    acf = np.fft.ifft(f * np.conjugate(f))[: len(x)].real
    acf /= acf[0]
    return acf


def auto_window(taus, c):
    m = np.arange(len(taus)) < c * taus
    if np.any(m):
        return np.argmin(m)
    return len(taus) - 1


def integrated_time(x, c=5, tol=50, quiet=False, has_walkers=True):
    x = np.atleast_1d(x)
    if len(x.shape) == 1:
        x = x[:, np.newaxis, np.newaxis]
    if len(x.shape) == 2:
        if not has_walkers:
            x = x[:, np.newaxis, :]
        else:
            x = x[:, :, np.newaxis]
    if len(x.shape) != 3:
        raise ValueError("invalid dimensions")

    n_t, n_w, n_d = x.shape
    tau_est = np.empty(n_d)
    windows = np.empty(n_d, dtype=int)

    # Loop over parameters
    for d in range(n_d):
        f = np.zeros(n_t)
        for k in range(n_w):
            f += function_1d(x[:, k, d])
        f /= n_w
        taus = 2.0 * np.cumsum(f) - 1.0
        windows[d] = auto_window(taus, c)
        tau_est[d] = taus[windows[d]]

    # Check convergence
    flag = tol * tau_est > n_t

    # Warn or raise in the case of non-convergence
    if np.any(flag):
        msg = (
            "The chain is shorter than {0} times the integrated "
            "autocorrelation time for {1} parameter(s). Use this estimate "
            "with caution and run a longer chain!\n"
        ).format(tol, np.sum(flag))
        msg += "N/{0} = {1:.0f};\ntau: {2}".format(tol, n_t / tol, tau_est)
        if not quiet:
            raise AutocorrError(tau_est, msg)
        logger.warning(msg)

    return tau_est


class AutocorrError(Exception):
    def __init__(self, tau, *args, **kwargs):
        self.tau = tau
        super(AutocorrError, self).__init__(*args, **kwargs)


autocorr = types.SimpleNamespace(integrated_time=integrated_time)  # backend.py's `from .. import autocorr`


# --- src/emcee/state.py ---

class State(object):
    __slots__ = "coords", "log_prob", "blobs", "random_state"

    def __init__(
        self, coords, log_prob=None, blobs=None, random_state=None, copy=False
    ):
        dc = deepcopy if copy else lambda x: x

        if hasattr(coords, "coords"):
            self.coords = dc(coords.coords)
            self.log_prob = dc(coords.log_prob)
            self.blobs = dc(coords.blobs)
            self.random_state = dc(coords.random_state)
            return

        self.coords = dc(np.atleast_2d(coords))
        self.log_prob = dc(log_prob)
        self.blobs = dc(blobs)
        self.random_state = dc(random_state)

    def __len__(self):
        if self.blobs is None:
            return 3
        return 4

    def __repr__(self):
        return "State({0}, log_prob={1}, blobs={2}, random_state={3})".format(
            self.coords, self.log_prob, self.blobs, self.random_state
        )

    def __iter__(self):
        if self.blobs is None:
            return iter((self.coords, self.log_prob, self.random_state))
        return iter(
            (self.coords, self.log_prob, self.random_state, self.blobs)
        )

    def __getitem__(self, index):
        if index < 0:
            return self[len(self) + index]
        if index == 0:
            return self.coords
        elif index == 1:
            return self.log_prob
        elif index == 2:
            return self.random_state
        elif index == 3 and self.blobs is not None:
            return self.blobs
        raise IndexError("Invalid index '{0}'".format(index))


# --- src/emcee/model.py ---

Model = namedtuple(
    "Model", ("log_prob_fn", "compute_log_prob_fn", "map_fn", "random")
)


# --- src/emcee/pbar.py ---

class _NoOpPBar(object):
    def __init__(self):
        pass

    def __enter__(self, *args, **kwargs):
        return self

    def __exit__(self, *args, **kwargs):
        pass

    def update(self, count):
        pass


def get_progress_bar(display, total, **kwargs):
    if display:
        if tqdm is None:
            logger.warning(
                "You must install the tqdm library to use progress "
                "indicators with emcee"
            )
            return _NoOpPBar()
        else:
            if display is True:
                return tqdm.auto.tqdm(total=total, **kwargs)
            else:
                tqdm_submodule = importlib.import_module(f"tqdm.{display}")
                return tqdm_submodule.tqdm(total=total, **kwargs)

    return _NoOpPBar()


# --- src/emcee/backends/backend.py ---

class Backend(object):
    def __init__(self, dtype=None):
        self.initialized = False
        if dtype is None:
            dtype = np.float64
        self.dtype = dtype

    def reset(self, nwalkers, ndim):
        self.nwalkers = int(nwalkers)
        self.ndim = int(ndim)
        self.iteration = 0
        self.accepted = np.zeros(self.nwalkers, dtype=self.dtype)
        self.chain = np.empty((0, self.nwalkers, self.ndim), dtype=self.dtype)
        self.log_prob = np.empty((0, self.nwalkers), dtype=self.dtype)
        self.blobs = None
        self.random_state = None
        self.initialized = True

    def has_blobs(self):
        return self.blobs is not None

    def get_value(self, name, flat=False, thin=1, discard=0):
        if self.iteration <= 0:
            raise AttributeError(
                "you must run the sampler with "
                "'store == True' before accessing the "
                "results"
            )

        if name == "blobs" and not self.has_blobs():
            return None

        v = getattr(self, name)[discard + thin - 1 : self.iteration : thin]
        if flat:
            s = list(v.shape[1:])
            s[0] = np.prod(v.shape[:2])
            return v.reshape(s)
        return v

    def get_chain(self, **kwargs):
        return self.get_value("chain", **kwargs)

    def get_blobs(self, **kwargs):
        return self.get_value("blobs", **kwargs)

    def get_log_prob(self, **kwargs):
        return self.get_value("log_prob", **kwargs)

    def get_last_sample(self):
        if (not self.initialized) or self.iteration <= 0:
            raise AttributeError(
                "you must run the sampler with "
                "'store == True' before accessing the "
                "results"
            )
        it = self.iteration
        blobs = self.get_blobs(discard=it - 1)
        if blobs is not None:
            blobs = blobs[0]
        return State(
            self.get_chain(discard=it - 1)[0],
            log_prob=self.get_log_prob(discard=it - 1)[0],
            blobs=blobs,
            random_state=self.random_state,
        )

    def get_autocorr_time(self, discard=0, thin=1, **kwargs):
        x = self.get_chain(discard=discard, thin=thin)
        return thin * autocorr.integrated_time(x, **kwargs)

    @property
    def shape(self):
        return self.nwalkers, self.ndim

    def _check_blobs(self, blobs):
        has_blobs = self.has_blobs()
        if has_blobs and blobs is None:
            raise ValueError("inconsistent use of blobs")
        if self.iteration > 0 and blobs is not None and not has_blobs:
            raise ValueError("inconsistent use of blobs")

    def grow(self, ngrow, blobs):
        self._check_blobs(blobs)
        i = ngrow - (len(self.chain) - self.iteration)
        a = np.empty((i, self.nwalkers, self.ndim), dtype=self.dtype)
        self.chain = np.concatenate((self.chain, a), axis=0)
        a = np.empty((i, self.nwalkers), dtype=self.dtype)
        self.log_prob = np.concatenate((self.log_prob, a), axis=0)
        if blobs is not None:
            dt = np.dtype((blobs.dtype, blobs.shape[1:]))
            a = np.empty((i, self.nwalkers), dtype=dt)
            if self.blobs is None:
                self.blobs = a
            else:
                self.blobs = np.concatenate((self.blobs, a), axis=0)

    def _check(self, state, accepted):
        self._check_blobs(state.blobs)
        nwalkers, ndim = self.shape
        has_blobs = self.has_blobs()
        if state.coords.shape != (nwalkers, ndim):
            raise ValueError(
                "invalid coordinate dimensions; expected {0}".format(
                    (nwalkers, ndim)
                )
            )
        if state.log_prob.shape != (nwalkers,):
            raise ValueError(
                "invalid log probability size; expected {0}".format(nwalkers)
            )
        if state.blobs is not None and not has_blobs:
            raise ValueError("unexpected blobs")
        if state.blobs is None and has_blobs:
            raise ValueError("expected blobs, but none were given")
        if state.blobs is not None and len(state.blobs) != nwalkers:
            raise ValueError(
                "invalid blobs size; expected {0}".format(nwalkers)
            )
        if accepted.shape != (nwalkers,):
            raise ValueError(
                "invalid acceptance size; expected {0}".format(nwalkers)
            )

    def save_step(self, state, accepted):
        self._check(state, accepted)

        self.chain[self.iteration, :, :] = state.coords
        self.log_prob[self.iteration, :] = state.log_prob
        if state.blobs is not None:
            self.blobs[self.iteration, :] = state.blobs
        self.accepted += accepted
        self.random_state = state.random_state
        self.iteration += 1

    def __enter__(self):
        return self

    def __exit__(self, exception_type, exception_value, traceback):
        pass


# --- src/emcee/moves/move.py ---

class Move(object):
    def tune(self, state, accepted):
        pass

    def update(self, old_state, new_state, accepted, subset=None):
        if subset is None:
            subset = np.ones(len(old_state.coords), dtype=bool)
        m1 = subset & accepted
        m2 = accepted[subset]
        old_state.coords[m1] = new_state.coords[m2]
        old_state.log_prob[m1] = new_state.log_prob[m2]

        if new_state.blobs is not None:
            if old_state.blobs is None:
                raise ValueError(
                    "If you start sampling with a given log_prob, "
                    "you also need to provide the current list of "
                    "blobs at that position."
                )
            old_state.blobs[m1] = new_state.blobs[m2]

        return old_state


# --- src/emcee/moves/red_blue.py ---

class RedBlueMove(Move):
    def __init__(
        self, nsplits=2, randomize_split=True, live_dangerously=False
    ):
        self.nsplits = int(nsplits)
        self.live_dangerously = live_dangerously
        self.randomize_split = randomize_split

    def setup(self, coords):
        pass

    def get_proposal(self, sample, complement, random):
        raise NotImplementedError(
            "The proposal must be implemented by " "subclasses"
        )

    def propose(self, model, state):
        # Check that the dimensions are compatible.
        nwalkers, ndim = state.coords.shape
        if nwalkers < 2 * ndim and not self.live_dangerously:
            raise RuntimeError(
                "It is unadvisable to use a red-blue move "
                "with fewer walkers than twice the number of "
                "dimensions."
            )

        # Run any move-specific setup.
        self.setup(state.coords)

        # Split the ensemble in half and iterate over these two halves.
        accepted = np.zeros(nwalkers, dtype=bool)
        all_inds = np.arange(nwalkers)
        inds = all_inds % self.nsplits
        if self.randomize_split:
            model.random.shuffle(inds)
        for split in range(self.nsplits):
            S1 = inds == split

            # Get the two halves of the ensemble.
            sets = [state.coords[inds == j] for j in range(self.nsplits)]
            s = sets[split]
            c = sets[:split] + sets[split + 1 :]

            # Get the move-specific proposal.
            q, factors = self.get_proposal(s, c, model.random)

            # Compute the lnprobs of the proposed position.
            new_log_probs, new_blobs = model.compute_log_prob_fn(q)

            # Loop over the walkers and update them accordingly.
            for i, (j, f, nlp) in enumerate(
                zip(all_inds[S1], factors, new_log_probs)
            ):
                lnpdiff = f + nlp - state.log_prob[j]
                if lnpdiff > np.log(model.random.rand()):
                    accepted[j] = True

            new_state = State(q, log_prob=new_log_probs, blobs=new_blobs)
            state = self.update(state, new_state, accepted, S1)

        return state, accepted


# --- src/emcee/moves/stretch.py ---

class StretchMove(RedBlueMove):
    def __init__(self, a=2.0, **kwargs):
        self.a = a
        super(StretchMove, self).__init__(**kwargs)

    def get_proposal(self, s, c, random):
        c = np.concatenate(c, axis=0)
        Ns, Nc = len(s), len(c)
        ndim = s.shape[1]
        zz = ((self.a - 1.0) * random.rand(Ns) + 1) ** 2.0 / self.a
        factors = (ndim - 1.0) * np.log(zz)
        rint = random.randint(Nc, size=(Ns,))
        return c[rint] - (c[rint] - s) * zz[:, None], factors


# --- src/emcee/moves/walk.py ---

class WalkMove(RedBlueMove):
    def __init__(self, s=None, **kwargs):
        self.s = s
        super(WalkMove, self).__init__(**kwargs)

    def get_proposal(self, s, c, random):
        c = np.concatenate(c, axis=0)
        Ns, Nc = len(s), len(c)
        ndim = s.shape[1]
        q = np.empty_like(s)
        s0 = Nc if self.s is None else self.s
        for i in range(Ns):
            inds = random.choice(Nc, s0, replace=False)
            cov = np.atleast_2d(np.cov(c[inds], rowvar=0))
            q[i] = random.multivariate_normal(s[i], cov)
        return q, np.zeros(Ns, dtype=np.float64)


# --- src/emcee/moves/de.py ---

class DEMove(RedBlueMove):
    def __init__(self, sigma=1.0e-5, gamma0=None, **kwargs):
        self.sigma = sigma
        self.gamma0 = gamma0
        super().__init__(**kwargs)

    def setup(self, coords):
        self.g0 = self.gamma0
        if self.g0 is None:
            # Pure MAGIC:
            ndim = coords.shape[1]
            self.g0 = 2.38 / np.sqrt(2 * ndim)

    def get_proposal(self, s, c, random):
        c = np.concatenate(c, axis=0)
        ns, ndim = s.shape
        nc = c.shape[0]

        # Get the pair indices
        pairs = _get_nondiagonal_pairs(nc)

        # Sample from the pairs
        indices = random.choice(pairs.shape[0], size=ns, replace=True)
        pairs = pairs[indices]

        # Compute diff vectors
        diffs = np.diff(c[pairs], axis=1).squeeze(axis=1)  # (ns, ndim)

        # Sample a gamma value for each walker following Nelson et al. (2013)
        gamma = self.g0 * (1 + self.sigma * random.randn(ns, 1))  # (ns, 1)

        # In this way, sigma is the standard deviation of the distribution of gamma,
        # instead of the standard deviation of the distribution of the proposal as proposed by Ter Braak (2006).
        # Otherwise, sigma should be tuned for each dimension, which confronts the idea of affine-invariance.

        q = s + gamma * diffs

        return q, np.zeros(ns, dtype=np.float64)


@lru_cache(maxsize=1)
def _get_nondiagonal_pairs(n: int) -> np.ndarray:
    rows, cols = np.tril_indices(n, -1)  # -1 to exclude diagonal

    # Combine rows-cols and cols-rows pairs
    pairs = np.column_stack(
        [np.concatenate([rows, cols]), np.concatenate([cols, rows])]
    )

    return pairs


# --- src/emcee/moves/de_snooker.py ---

class DESnookerMove(RedBlueMove):
    def __init__(self, gammas=1.7, **kwargs):
        self.gammas = gammas
        kwargs["nsplits"] = 4
        super(DESnookerMove, self).__init__(**kwargs)

    def get_proposal(self, s, c, random):
        Ns = len(s)
        Nc = list(map(len, c))
        ndim = s.shape[1]
        q = np.empty_like(s)
        metropolis = np.empty(Ns, dtype=np.float64)
        for i in range(Ns):
            w = np.array([c[j][random.randint(Nc[j])] for j in range(3)])
            random.shuffle(w)
            z, z1, z2 = w
            delta = s[i] - z
            norm = np.linalg.norm(delta)
            u = delta / norm
            q[i] = s[i] + u * self.gammas * (np.dot(u, z1) - np.dot(u, z2))
            metropolis[i] = np.log(np.linalg.norm(q[i] - z)) - np.log(norm)
        return q, (ndim - 1.0) * metropolis


# --- src/emcee/moves/kde.py ---

class KDEMove(RedBlueMove):
    def __init__(self, bw_method=None, **kwargs):
        if gaussian_kde is None:
            raise ImportError(
                "you need scipy.stats.gaussian_kde to use the KDEMove"
            )
        self.bw_method = bw_method
        super(KDEMove, self).__init__(**kwargs)

    def get_proposal(self, s, c, random):
        c = np.concatenate(c, axis=0)
        kde = gaussian_kde(c.T, bw_method=self.bw_method)
        q = kde.resample(len(s), random)
        factor = kde.logpdf(s.T) - kde.logpdf(q)
        return q.T, factor


# --- src/emcee/moves/mh.py ---

class MHMove(Move):
    def __init__(self, proposal_function, ndim=None):
        self.ndim = ndim
        self.get_proposal = proposal_function

    def propose(self, model, state):
        # Check to make sure that the dimensions match.
        nwalkers, ndim = state.coords.shape
        if self.ndim is not None and self.ndim != ndim:
            raise ValueError("Dimension mismatch in proposal")

        # Get the move-specific proposal.
        q, factors = self.get_proposal(state.coords, model.random)

        # Compute the lnprobs of the proposed position.
        new_log_probs, new_blobs = model.compute_log_prob_fn(q)

        # Loop over the walkers and update them accordingly.
        lnpdiff = new_log_probs - state.log_prob + factors
        accepted = np.log(model.random.rand(nwalkers)) < lnpdiff

        # Update the parameters
        new_state = State(q, log_prob=new_log_probs, blobs=new_blobs)
        state = self.update(state, new_state, accepted)

        return state, accepted


# --- src/emcee/moves/gaussian.py ---

class GaussianMove(MHMove):
    def __init__(self, cov, mode="vector", factor=None):
        # Parse the proposal type.
        try:
            float(cov)

        except TypeError:
            cov = np.atleast_1d(cov)
            if len(cov.shape) == 1:
                # A diagonal proposal was given.
                ndim = len(cov)
                proposal = _diagonal_proposal(np.sqrt(cov), factor, mode)

            elif len(cov.shape) == 2 and cov.shape[0] == cov.shape[1]:
                # The full, square covariance matrix was given.
                ndim = cov.shape[0]
                proposal = _proposal(cov, factor, mode)

            else:
                raise ValueError("Invalid proposal scale dimensions")

        else:
            # This was a scalar proposal.
            ndim = None
            proposal = _isotropic_proposal(np.sqrt(cov), factor, mode)

        super(GaussianMove, self).__init__(proposal, ndim=ndim)


class _isotropic_proposal(object):
    allowed_modes = ["vector", "random", "sequential"]

    def __init__(self, scale, factor, mode):
        self.index = 0
        self.scale = scale
        if factor is None:
            self._log_factor = None
        else:
            if factor < 1.0:
                raise ValueError("'factor' must be >= 1.0")
            self._log_factor = np.log(factor)

        if mode not in self.allowed_modes:
            raise ValueError(
                (
                    "'{0}' is not a recognized mode. "
                    "Please select from: {1}"
                ).format(mode, self.allowed_modes)
            )
        self.mode = mode

    def get_factor(self, rng):
        if self._log_factor is None:
            return 1.0
        return np.exp(rng.uniform(-self._log_factor, self._log_factor))

    def get_updated_vector(self, rng, x0):
        return x0 + self.get_factor(rng) * self.scale * rng.randn(*(x0.shape))

    def __call__(self, x0, rng):
        nw, nd = x0.shape
        xnew = self.get_updated_vector(rng, x0)
        if self.mode == "random":
            m = (range(nw), rng.randint(x0.shape[-1], size=nw))
        elif self.mode == "sequential":
            m = (range(nw), self.index % nd + np.zeros(nw, dtype=int))
            self.index = (self.index + 1) % nd
        else:
            return xnew, np.zeros(nw)
        x = np.array(x0)
        x[m] = xnew[m]
        return x, np.zeros(nw)


class _diagonal_proposal(_isotropic_proposal):
    def get_updated_vector(self, rng, x0):
        return x0 + self.get_factor(rng) * self.scale * rng.randn(*(x0.shape))


class _proposal(_isotropic_proposal):
    allowed_modes = ["vector"]

    def get_updated_vector(self, rng, x0):
        return x0 + self.get_factor(rng) * rng.multivariate_normal(
            np.zeros(len(self.scale)), self.scale
        )


# --- src/emcee/ensemble.py ---

class EnsembleSampler(object):
    def __init__(
        self,
        nwalkers,
        ndim,
        log_prob_fn,
        pool=None,
        moves=None,
        args=None,
        kwargs=None,
        backend=None,
        vectorize=False,
        blobs_dtype=None,
        parameter_names: Optional[Union[Dict[str, int], List[str]]] = None,
        # Deprecated...
        a=None,
        postargs=None,
        threads=None,
        live_dangerously=None,
        runtime_sortingfn=None,
    ):
        # Warn about deprecated arguments
        if a is not None:
            deprecation_warning(
                "The 'a' argument is deprecated, use 'moves' instead"
            )
        if threads is not None:
            deprecation_warning("The 'threads' argument is deprecated")
        if runtime_sortingfn is not None:
            deprecation_warning(
                "The 'runtime_sortingfn' argument is deprecated"
            )
        if live_dangerously is not None:
            deprecation_warning(
                "The 'live_dangerously' argument is deprecated"
            )

        # Parse the move schedule
        if moves is None:
            self._moves = [StretchMove()]
            self._weights = [1.0]
        elif isinstance(moves, Iterable):
            try:
                self._moves, self._weights = zip(*moves)
            except TypeError:
                self._moves = moves
                self._weights = np.ones(len(moves))
        else:
            self._moves = [moves]
            self._weights = [1.0]
        self._weights = np.atleast_1d(self._weights).astype(float)
        self._weights /= np.sum(self._weights)

        self.pool = pool
        self.vectorize = vectorize
        self.blobs_dtype = blobs_dtype

        self.ndim = ndim
        self.nwalkers = nwalkers
        self.backend = Backend() if backend is None else backend

        # Deal with re-used backends
        if not self.backend.initialized:
            self._previous_state = None
            self.reset()
            state = np.random.get_state()
        else:
            # Check the backend shape
            if self.backend.shape != (self.nwalkers, self.ndim):
                raise ValueError(
                    (
                        "the shape of the backend ({0}) is incompatible with the "
                        "shape of the sampler ({1})"
                    ).format(self.backend.shape, (self.nwalkers, self.ndim))
                )

            # Get the last random state
            state = self.backend.random_state
            if state is None:
                state = np.random.get_state()

            # Grab the last step so that we can restart
            it = self.backend.iteration
            if it > 0:
                self._previous_state = self.get_last_sample()

        # This is a random number generator that we can easily set the state
        # of without affecting the numpy-wide generator
        self._random = np.random.mtrand.RandomState()
        self._random.set_state(state)

        # Do a little bit of _magic_ to make the likelihood call with
        # ``args`` and ``kwargs`` pickleable.
        self.log_prob_fn = _FunctionWrapper(log_prob_fn, args, kwargs)

        # Save the parameter names
        self.params_are_named: bool = parameter_names is not None
        if self.params_are_named:
            assert isinstance(parameter_names, (list, dict))

            # Don't support vectorizing yet
            msg = "named parameters with vectorization unsupported for now"
            assert not self.vectorize, msg

            # Check for duplicate names
            dupes = set()
            uniq = []
            for name in parameter_names:
                if name not in dupes:
                    uniq.append(name)
                    dupes.add(name)
            msg = f"duplicate parameters: {dupes}"
            assert len(uniq) == len(parameter_names), msg

            if isinstance(parameter_names, list):
                # Check for all named
                msg = "name all parameters or set `parameter_names` to `None`"
                assert len(parameter_names) == ndim, msg
                # Convert a list to a dict
                parameter_names: Dict[str, int] = {
                    name: i for i, name in enumerate(parameter_names)
                }

            # Check not too many names
            msg = "too many names"
            assert len(parameter_names) <= ndim, msg

            # Check all indices appear
            values = [
                v if isinstance(v, list) else [v]
                for v in parameter_names.values()
            ]
            values = [item for sublist in values for item in sublist]
            values = set(values)
            msg = f"not all values appear -- set should be 0 to {ndim-1}"
            assert values == set(np.arange(ndim)), msg
            self.parameter_names = parameter_names

    @property
    def random_state(self):
        return self._random.get_state()

    @random_state.setter  # NOQA
    def random_state(self, state):
        try:
            self._random.set_state(state)
        except:
            pass

    @property
    def iteration(self):
        return self.backend.iteration

    def reset(self):
        self.backend.reset(self.nwalkers, self.ndim)

    def sample(
        self,
        initial_state,
        log_prob0=None,  # Deprecated
        rstate0=None,  # Deprecated
        blobs0=None,  # Deprecated
        iterations=1,
        tune=False,
        skip_initial_state_check=False,
        thin_by=1,
        thin=None,
        store=True,
        progress=False,
        progress_kwargs=None,
    ):
        if iterations is None and store:
            raise ValueError("'store' must be False when 'iterations' is None")
        # Interpret the input as a walker state and check the dimensions.
        state = State(initial_state, copy=True)
        state_shape = np.shape(state.coords)
        if state_shape != (self.nwalkers, self.ndim):
            raise ValueError(f"incompatible input dimensions {state_shape}")
        if (not skip_initial_state_check) and (
            not walkers_independent(state.coords)
        ):
            raise ValueError(
                "Initial state has a large condition number. "
                "Make sure that your walkers are linearly independent for the "
                "best performance"
            )

        # Try to set the initial value of the random number generator. This
        # fails silently if it doesn't work but that's what we want because
        # we'll just interpret any garbage as letting the generator stay in
        # it's current state.
        if rstate0 is not None:
            deprecation_warning(
                "The 'rstate0' argument is deprecated, use a 'State' "
                "instead"
            )
            state.random_state = rstate0
        self.random_state = state.random_state

        # If the initial log-probabilities were not provided, calculate them
        # now.
        if log_prob0 is not None:
            deprecation_warning(
                "The 'log_prob0' argument is deprecated, use a 'State' "
                "instead"
            )
            state.log_prob = log_prob0
        if blobs0 is not None:
            deprecation_warning(
                "The 'blobs0' argument is deprecated, use a 'State' instead"
            )
            state.blobs = blobs0
        if state.log_prob is None:
            state.log_prob, state.blobs = self.compute_log_prob(state.coords)
        if np.shape(state.log_prob) != (self.nwalkers,):
            raise ValueError("incompatible input dimensions")

        # Check to make sure that the probability function didn't return
        # ``np.nan``.
        if np.any(np.isnan(state.log_prob)):
            raise ValueError("The initial log_prob was NaN")

        # Deal with deprecated thin argument
        if thin is not None:
            deprecation_warning(
                "The 'thin' argument is deprecated. " "Use 'thin_by' instead."
            )

            # Check that the thin keyword is reasonable.
            thin = int(thin)
            if thin <= 0:
                raise ValueError("Invalid thinning argument")

            yield_step = 1
            checkpoint_step = thin
            if store:
                nsaves = iterations // checkpoint_step
                self.backend.grow(nsaves, state.blobs)

        else:
            # Check that the thin keyword is reasonable.
            thin_by = int(thin_by)
            if thin_by <= 0:
                raise ValueError("Invalid thinning argument")

            yield_step = thin_by
            checkpoint_step = thin_by
            if store:
                self.backend.grow(iterations, state.blobs)

        # Set up a wrapper around the relevant model functions
        if self.pool is not None:
            map_fn = self.pool.map
        else:
            map_fn = map
        model = Model(
            self.log_prob_fn, self.compute_log_prob, map_fn, self._random
        )
        if progress_kwargs is None:
            progress_kwargs = {}

        # Inject the progress bar
        total = None if iterations is None else iterations * yield_step
        with get_progress_bar(progress, total, **progress_kwargs) as pbar:
            i = 0
            for _ in count() if iterations is None else range(iterations):
                for _ in range(yield_step):
                    # Choose a random move
                    move = self._random.choice(self._moves, p=self._weights)

                    # Propose
                    state, accepted = move.propose(model, state)
                    state.random_state = self.random_state

                    if tune:
                        move.tune(state, accepted)

                    # Save the new step
                    if store and (i + 1) % checkpoint_step == 0:
                        self.backend.save_step(state, accepted)

                    pbar.update(1)
                    i += 1

                # Yield the result as an iterator so that the user can do all
                # sorts of fun stuff with the results so far.
                yield state

    def run_mcmc(self, initial_state, nsteps, **kwargs):
        if initial_state is None:
            if self._previous_state is None:
                raise ValueError(
                    "Cannot have `initial_state=None` if run_mcmc has never "
                    "been called."
                )
            initial_state = self._previous_state

        results = None
        for results in self.sample(initial_state, iterations=nsteps, **kwargs):
            pass

        # Store so that the ``initial_state=None`` case will work
        self._previous_state = results

        return results

    def compute_log_prob(self, coords):
        p = coords

        # Check that the parameters are in physical ranges.
        if np.any(np.isinf(p)):
            raise ValueError("At least one parameter value was infinite")
        if np.any(np.isnan(p)):
            raise ValueError("At least one parameter value was NaN")

        # If the parmaeters are named, then switch to dictionaries
        if self.params_are_named:
            p = ndarray_to_list_of_dicts(p, self.parameter_names)

        # Run the log-probability calculations (optionally in parallel).
        if self.vectorize:
            results = self.log_prob_fn(p)
        else:
            # If the `pool` property of the sampler has been set (i.e. we want
            # to use `multiprocessing`), use the `pool`'s map method.
            # Otherwise, just use the built-in `map` function.
            if self.pool is not None:
                map_func = self.pool.map
            else:
                map_func = map
            results = list(map_func(self.log_prob_fn, p))

        try:
            # perhaps log_prob_fn returns blobs?

            # deal with the blobs first
            # if l does not have a len attribute (i.e. not a sequence, no blob)
            # then a TypeError is raised. However, no error will be raised if
            # l is a length-1 array, np.array([1.234]). In that case blob
            # will become an empty list.
            blob = [l[1:] for l in results if len(l) > 1]
            if not len(blob):
                raise IndexError
            log_prob = np.array([_scalar(l[0]) for l in results])
        except (IndexError, TypeError):
            log_prob = np.array([_scalar(l) for l in results])
            blob = None
        else:
            # Get the blobs dtype
            if self.blobs_dtype is not None:
                dt = self.blobs_dtype
            else:
                try:
                    with warnings.catch_warnings(record=True):
                        warnings.simplefilter(
                            "error", VisibleDeprecationWarning
                        )
                        try:
                            dt = np.atleast_1d(blob[0]).dtype
                        except Warning:
                            deprecation_warning(
                                "You have provided blobs that are not all the "
                                "same shape or size. This means they must be "
                                "placed in an object array. Numpy has "
                                "deprecated this automatic detection, so "
                                "please specify "
                                "blobs_dtype=np.dtype('object')"
                            )
                            dt = np.dtype("object")
                except ValueError:
                    dt = np.dtype("object")
                if dt.kind in "US":
                    # Strings need to be object arrays or we risk truncation
                    dt = np.dtype("object")
            blob = np.array(blob, dtype=dt)

            # Deal with single blobs properly
            shape = blob.shape[1:]
            if len(shape):
                axes = np.arange(len(shape))[np.array(shape) == 1] + 1
                if len(axes):
                    blob = np.squeeze(blob, tuple(axes))

        # Check for log_prob returning NaN.
        if np.any(np.isnan(log_prob)):
            raise ValueError("Probability function returned NaN")

        return log_prob, blob

    @property
    def acceptance_fraction(self):
        return self.backend.accepted / float(self.backend.iteration)

    def get_chain(self, **kwargs):
        return self.get_value("chain", **kwargs)

    def get_blobs(self, **kwargs):
        return self.get_value("blobs", **kwargs)

    def get_log_prob(self, **kwargs):
        return self.get_value("log_prob", **kwargs)

    def get_last_sample(self, **kwargs):
        return self.backend.get_last_sample()

    def get_value(self, name, **kwargs):
        return self.backend.get_value(name, **kwargs)

    def get_autocorr_time(self, **kwargs):
        return self.backend.get_autocorr_time(**kwargs)


class _FunctionWrapper(object):
    def __init__(self, f, args, kwargs):
        self.f = f
        self.args = args or []
        self.kwargs = kwargs or {}

    def __call__(self, x):
        try:
            return self.f(x, *self.args, **self.kwargs)
        except:  # pragma: no cover
            import traceback

            print("emcee: Exception while calling your likelihood function:")
            print("  params:", x)
            print("  args:", self.args)
            print("  kwargs:", self.kwargs)
            print("  exception:")
            traceback.print_exc()
            raise


def walkers_independent(coords):
    if not np.all(np.isfinite(coords)):
        return False
    C = coords - np.mean(coords, axis=0)[None, :]
    C_colmax = np.amax(np.abs(C), axis=0)
    if np.any(C_colmax == 0):
        return False
    C /= C_colmax
    C_colsum = np.sqrt(np.sum(C**2, axis=0))
    C /= C_colsum
    return np.linalg.cond(C.astype(float)) <= 1e8


def walkers_independent_cov(coords):
    C = np.cov(coords, rowvar=False)
    if np.any(np.isnan(C)):
        return False
    return _scaled_cond(np.atleast_2d(C)) <= 1e8


def _scaled_cond(a):
    asum = np.sqrt((a**2).sum(axis=0))[None, :]
    if np.any(asum == 0):
        return np.inf
    b = a / asum
    bsum = np.sqrt((b**2).sum(axis=1))[:, None]
    if np.any(bsum == 0):
        return np.inf
    c = b / bsum
    return np.linalg.cond(c.astype(float))


def ndarray_to_list_of_dicts(
    x: np.ndarray, key_map: Dict[str, Union[int, List[int]]]
) -> List[Dict[str, Union[np.number, np.ndarray]]]:
    return [{key: xi[val] for key, val in key_map.items()} for xi in x]


def _scalar(fx):
    # Make sure a value is a true scalar
    # 1.0, np.float64(1.0), np.array([1.0]), np.array(1.0)
    if not np.isscalar(fx):
        try:
            fx = np.asarray(fx).item()
        except (TypeError, ValueError) as e:
            raise ValueError("log_prob_fn should return scalar") from e
        return float(fx)
    else:
        return float(fx)


# --- src/emcee/tests: the stand-in log-probabilities ---

def normal_log_prob_blobs(params):
    return -0.5 * np.sum(params**2), params


def normal_log_prob(params):
    return -0.5 * np.sum(params**2)


def uniform_log_prob(params):
    if np.any(params > 1) or np.any(params < 0):
        return -np.inf
    return 0.0


def named_lnpdf(pars, x):  # TestNamedParameters.lnpdf, its self.x an argument
    mean = pars["mean"]
    var = pars["var"]
    if var <= 0:
        return -np.inf
    return (
        -0.5 * ((mean - x) ** 2 / var + np.log(2 * np.pi * var)).sum()
    )


def normal_log_prob_vectorized(coords):  # (not emcee's: normal_log_prob of every row at once, for vectorize=True)
    return -0.5 * np.sum(coords**2, axis=1)


# --- wrappers: keyword settings, the model a move is given, the sampler ---

def integrated_time_params(x):
    return integrated_time(x, has_walkers=False)


def integrated_time_quiet(x):
    return integrated_time(x, quiet=True)


def sample_ball_seeded(p0, std, seed):
    np.random.seed(seed)
    return sample_ball(p0, std, size=8)


def sample_ellipsoid_seeded(p0, covmat, seed):
    np.random.seed(seed)
    return sample_ellipsoid(p0, covmat, size=8)


def state_unpack(coords, log_prob, blobs):
    state = State(coords, log_prob=log_prob, blobs=blobs, copy=True)
    again = State(state, copy=True)
    c, lp, random_state, b = again
    return c, lp, b, again[-1], len(again), state[0], random_state is None


def backend_chain(chain, log_prob, accepted):
    backend = Backend()
    backend.reset(chain.shape[1], chain.shape[2])
    backend.grow(chain.shape[0], None)
    for coords, lp, acc in zip(chain, log_prob, accepted):
        backend.save_step(State(coords, log_prob=lp), acc)
    last = backend.get_last_sample()
    return (backend.get_chain(flat=True, thin=2, discard=1), backend.get_log_prob(discard=2), backend.accepted,
            last.coords, last.log_prob, backend.iteration)


def backend_blobs(chain, log_prob, accepted, blobs):
    backend = Backend()
    backend.reset(chain.shape[1], chain.shape[2])
    backend.grow(2, blobs[0])
    backend.grow(chain.shape[0], blobs[0])
    for coords, lp, acc, blob in zip(chain, log_prob, accepted, blobs):
        backend.save_step(State(coords, log_prob=lp, blobs=blob), acc)
    return backend.get_blobs(), backend.get_blobs(flat=True, thin=3), backend.get_last_sample().blobs


def backend_autocorr(chain):
    backend = Backend()
    backend.reset(chain.shape[1], chain.shape[2])
    backend.grow(chain.shape[0], None)
    for coords in chain:
        backend.save_step(State(coords, log_prob=normal_log_prob_vectorized(coords)), np.ones(chain.shape[1], bool))
    return backend.get_autocorr_time(discard=20, thin=2, quiet=True)


def _sampler(log_prob_fn, vectorize=False, parameter_names=None, args=None):
    # the attributes EnsembleSampler.compute_log_prob reads (__init__ seeds a RandomState from np.random.get_state())
    sampler = EnsembleSampler.__new__(EnsembleSampler)
    sampler.pool = None
    sampler.vectorize = vectorize
    sampler.blobs_dtype = None
    sampler.log_prob_fn = _FunctionWrapper(log_prob_fn, args, None)
    sampler.params_are_named = parameter_names is not None
    sampler.parameter_names = parameter_names
    return sampler


def compute_log_prob_map(coords):
    return _sampler(normal_log_prob).compute_log_prob(coords)


def compute_log_prob_vectorize(coords):
    return _sampler(normal_log_prob_vectorized, vectorize=True).compute_log_prob(coords)


def compute_log_prob_blobs(coords):
    return _sampler(normal_log_prob_blobs).compute_log_prob(coords)


def compute_log_prob_uniform(coords):
    return _sampler(uniform_log_prob).compute_log_prob(coords)


def compute_log_prob_named(coords, x):
    return _sampler(named_lnpdf, parameter_names={"mean": 0, "var": 1}, args=[x]).compute_log_prob(coords)


def _propose(move, coords, seed):
    sampler = _sampler(normal_log_prob)
    model = Model(sampler.log_prob_fn, sampler.compute_log_prob, map, np.random.RandomState(seed))
    log_prob, blobs = model.compute_log_prob_fn(coords)
    state, accepted = move.propose(model, State(coords, log_prob=log_prob, blobs=blobs))
    return state.coords, state.log_prob, accepted


def stretch_propose(coords, seed):
    return _propose(StretchMove(), coords, seed)


def stretch_propose_fixed_split(coords, seed):
    return _propose(StretchMove(randomize_split=False), coords, seed)


def stretch_get_proposal(s, c1, seed):
    return StretchMove(a=2.0).get_proposal(s, [c1], np.random.RandomState(seed))


def walk_propose(coords, seed):
    return _propose(WalkMove(), coords, seed)


def walk_get_proposal_s(s, c1, c2, seed):
    return WalkMove(s=4).get_proposal(s, [c1, c2], np.random.RandomState(seed))


def de_propose(coords, seed):
    return _propose(DEMove(), coords, seed)


def de_get_proposal_gamma0(s, c1, seed):
    move = DEMove(sigma=0.1, gamma0=0.5)
    move.setup(s)
    return move.get_proposal(s, [c1], np.random.RandomState(seed))


def de_snooker_propose(coords, seed):
    return _propose(DESnookerMove(), coords, seed)


def de_snooker_get_proposal(s, c1, c2, c3, seed):
    return DESnookerMove().get_proposal(s, [c1, c2, c3], np.random.RandomState(seed))


def kde_propose(coords, seed):
    return _propose(KDEMove(), coords, seed)


def kde_get_proposal(s, c1, seed):
    return KDEMove().get_proposal(s, [c1], np.random.RandomState(seed))


def gaussian_vector(coords, seed):
    return _propose(GaussianMove(0.25), coords, seed)


def gaussian_random(coords, cov, seed):
    return _propose(GaussianMove(cov, mode="random"), coords, seed)


def gaussian_sequential(coords, seed):
    move = GaussianMove(0.25, mode="sequential")
    first = _propose(move, coords, seed)
    return first + _propose(move, first[0], seed + 1)


def gaussian_full(coords, cov, seed):
    return _propose(GaussianMove(cov), coords, seed)


def gaussian_factor(coords, cov, seed):
    return _propose(GaussianMove(cov, factor=1.5), coords, seed)


def move_update_blobs(coords, log_prob, blobs, new_coords, new_log_prob, new_blobs, accepted, subset):
    old = State(coords, log_prob=log_prob, blobs=blobs)
    new = State(new_coords, log_prob=new_log_prob, blobs=new_blobs)
    state = Move().update(old, new, accepted, subset)
    return state.coords, state.log_prob, state.blobs


def run_mcmc_stretch(p0, seed):
    np.random.seed(seed)
    sampler = EnsembleSampler(p0.shape[0], p0.shape[1], normal_log_prob)
    sampler.run_mcmc(p0, 5)
    return sampler.get_chain(), sampler.get_log_prob(), sampler.acceptance_fraction


def run_mcmc_moves(p0, seed):
    np.random.seed(seed)
    sampler = EnsembleSampler(p0.shape[0], p0.shape[1], normal_log_prob_blobs,
                              moves=[(DEMove(), 0.8), (DESnookerMove(), 0.2)])
    state = sampler.run_mcmc(p0, 3, thin_by=2)
    return sampler.get_chain(flat=True), sampler.get_blobs(), state.coords, state.log_prob


# --- inputs ---

def _ar1(rng: np.random.Generator, n: int, shape: tuple = (), a: float = 0.5) -> np.ndarray:
    x = np.empty((n,) + shape)
    x[0] = rng.normal(size=shape)
    for i in range(1, n):
        x[i] = a * x[i - 1] + rng.normal(size=shape)
    return x


def _taus(rng: np.random.Generator) -> np.ndarray:
    return 2.0 * np.cumsum(function_1d(_ar1(rng, 400, a=0.8))) - 1.0


def _walkers(rng: np.random.Generator, n: int = 16, d: int = 3) -> np.ndarray:
    return rng.normal(size=(n, d))


def _with_column(rng: np.random.Generator, value: float, column: int = 1) -> np.ndarray:
    coords = _walkers(rng)
    coords[:, column] = value
    return coords


def _stored(rng: np.random.Generator, steps: int = 6, walkers: int = 8, ndim: int = 2) -> tuple:
    chain = rng.normal(size=(steps, walkers, ndim))
    return chain, -0.5 * np.sum(chain**2, axis=2), rng.uniform(size=(steps, walkers)) < 0.5


def _cov(rng: np.random.Generator) -> np.ndarray:
    a = rng.uniform(-0.2, 0.2, size=(3, 3))
    return a @ a.T + 0.2 * np.eye(3)


def _named(rng: np.random.Generator) -> tuple:
    coords = np.column_stack([rng.normal(size=12), rng.uniform(-0.5, 2.0, size=12)])
    coords[:3, 1] = -rng.uniform(0.1, 0.5, size=3)  # var <= 0: return -np.inf
    return coords, rng.normal(size=20)


def _update(rng: np.random.Generator) -> tuple:
    coords, new_coords = _walkers(rng, 8, 2), _walkers(rng, 4, 2)
    subset = np.zeros(8, dtype=bool)
    subset[1::2] = True
    accepted = np.zeros(8, dtype=bool)
    accepted[[1, 2, 5, 7]] = True
    return (coords, -0.5 * np.sum(coords**2, axis=1), rng.normal(size=(8, 2)), new_coords,
            -0.5 * np.sum(new_coords**2, axis=1), rng.normal(size=(4, 2)), accepted, subset)


SEED = 1234  # emcee's tests' seed: a Python int, equal for both calls


CASES = [
    # autocorr.py
    case(next_pow_two, lambda rng: (np.int64(rng.integers(20, 100)),), EM("autocorr.py", "next_pow_two")),
    case(function_1d, lambda rng: (_ar1(rng, 300),), EM("autocorr.py", "function_1d")),
    case(auto_window, lambda rng: (_taus(rng), 5), EM("autocorr.py", "auto_window", "c=5")),
    case(auto_window, lambda rng: (-rng.uniform(1.0, 2.0, size=50), 5),
         EM("autocorr.py", "auto_window", "negative taus: return len(taus) - 1"), name="emcee.auto_window_none"),
    case(integrated_time, lambda rng: (_ar1(rng, 2000),), EM("autocorr.py", "integrated_time", "1-D chain")),
    case(integrated_time, lambda rng: (_ar1(rng, 1000, (4,)),),
         EM("autocorr.py", "integrated_time", "2-D chain (n_step, n_walker)"), name="emcee.integrated_time_walkers"),
    case(integrated_time_params, lambda rng: (_ar1(rng, 1000, (3,)),),
         EM("autocorr.py", "integrated_time", "has_walkers=False")),
    case(integrated_time, lambda rng: (_ar1(rng, 800, (3, 2)),),
         EM("autocorr.py", "integrated_time", "3-D chain (n_step, n_walker, n_param)"), name="emcee.integrated_time_3d"),
    case(integrated_time_quiet, lambda rng: (_ar1(rng, 200, (2,), a=0.9),),
         EM("autocorr.py", "integrated_time", "quiet=True on a short chain: the message is formatted and logged")),
    # utils.py
    case(sample_ball_seeded, lambda rng: (rng.normal(size=3), rng.uniform(0.1, 0.5, size=3), SEED),
         EM("utils.py", "sample_ball", "np.random.seed(seed) first, size=8")),
    case(sample_ellipsoid_seeded, lambda rng: (rng.normal(size=3), _cov(rng), SEED),
         EM("utils.py", "sample_ellipsoid", "np.random.seed(seed) first, size=8")),
    # state.py
    case(state_unpack, lambda rng: (_walkers(rng), rng.normal(size=16), rng.normal(size=(16, 2))),
         EM("state.py", "State", "copy=True, State of a State, unpacking, [-1], len")),
    # backends/backend.py
    case(backend_chain, lambda rng: _stored(rng),
         EM("backends/backend.py", "Backend", "reset, grow, save_step, get_chain(flat, thin, discard), get_last_sample")),
    case(backend_blobs, lambda rng: _stored(rng) + (rng.normal(size=(6, 8, 2)),),
         EM("backends/backend.py", "Backend", "2-vector blobs: grow twice, get_blobs")),
    case(backend_autocorr, lambda rng: (_ar1(rng, 200, (4, 2), a=0.7),),
         EM("backends/backend.py", "Backend.get_autocorr_time", "discard=20, thin=2, quiet=True")),
    # ensemble.py: helpers
    case(walkers_independent, lambda rng: (_walkers(rng),), EM("ensemble.py", "walkers_independent")),
    case(walkers_independent, lambda rng: (_with_column(rng, 0.5),),
         EM("ensemble.py", "walkers_independent", "a constant column: return False"),
         name="emcee.walkers_independent_constant"),
    case(walkers_independent, lambda rng: (_with_column(rng, np.nan),),
         EM("ensemble.py", "walkers_independent", "a NaN column: return False"), name="emcee.walkers_independent_nan"),
    case(walkers_independent_cov, lambda rng: (_walkers(rng),), EM("ensemble.py", "walkers_independent_cov")),
    case(_scaled_cond, lambda rng: (_with_column(rng, 0.0)[:3],), EM("ensemble.py", "_scaled_cond", "a zero column")),
    case(ndarray_to_list_of_dicts, lambda rng: (_walkers(rng, 5), {"mu": 0, "sigma": [1, 2]}),
         EM("ensemble.py", "ndarray_to_list_of_dicts")),
    case(_scalar, lambda rng: (rng.normal(size=1),), EM("ensemble.py", "_scalar", "a length-1 array")),
    case(compute_log_prob_map, lambda rng: (_walkers(rng),), EM("ensemble.py", "EnsembleSampler.compute_log_prob", "map")),
    case(compute_log_prob_vectorize, lambda rng: (_walkers(rng),),
         EM("ensemble.py", "EnsembleSampler.compute_log_prob", "vectorize=True")),
    case(compute_log_prob_blobs, lambda rng: (_walkers(rng),),
         EM("ensemble.py", "EnsembleSampler.compute_log_prob", "blobs: normal_log_prob_blobs")),
    case(compute_log_prob_uniform, lambda rng: (rng.uniform(-0.3, 1.3, size=(16, 3)),),
         EM("ensemble.py", "EnsembleSampler.compute_log_prob", "uniform_log_prob: -inf outside")),
    case(compute_log_prob_named, lambda rng: _named(rng),
         EM("ensemble.py", "EnsembleSampler.compute_log_prob", "parameter_names, named_lnpdf with args")),
    # moves
    case(stretch_propose, lambda rng: (_walkers(rng), SEED), EM("moves/red_blue.py", "RedBlueMove.propose / StretchMove")),
    case(stretch_propose_fixed_split, lambda rng: (_walkers(rng), SEED),
         EM("moves/red_blue.py", "RedBlueMove.propose / StretchMove", "randomize_split=False")),
    case(stretch_get_proposal, lambda rng: (_walkers(rng, 8), _walkers(rng, 8), SEED),
         EM("moves/stretch.py", "StretchMove.get_proposal")),
    case(walk_propose, lambda rng: (_walkers(rng), SEED), EM("moves/walk.py", "WalkMove", "s=None")),
    case(walk_get_proposal_s, lambda rng: (_walkers(rng, 8), _walkers(rng, 4), _walkers(rng, 4), SEED),
         EM("moves/walk.py", "WalkMove.get_proposal", "s=4, two complementary sets")),
    case(de_propose, lambda rng: (_walkers(rng), SEED), EM("moves/de.py", "DEMove", "gamma0=None")),
    case(de_get_proposal_gamma0, lambda rng: (_walkers(rng, 8), _walkers(rng, 8), SEED),
         EM("moves/de.py", "DEMove.setup / get_proposal", "sigma=0.1, gamma0=0.5")),
    case(de_snooker_propose, lambda rng: (_walkers(rng), SEED), EM("moves/de_snooker.py", "DESnookerMove")),
    case(de_snooker_get_proposal, lambda rng: tuple(_walkers(rng, 4) for _ in range(4)) + (SEED,),
         EM("moves/de_snooker.py", "DESnookerMove.get_proposal")),
    case(kde_propose, lambda rng: (_walkers(rng, 32), SEED), EM("moves/kde.py", "KDEMove")),
    case(kde_get_proposal, lambda rng: (_walkers(rng, 16), _walkers(rng, 16), SEED), EM("moves/kde.py", "KDEMove.get_proposal")),
    case(gaussian_vector, lambda rng: (_walkers(rng), SEED), EM("moves/gaussian.py", "GaussianMove / MHMove.propose", "cov=0.25")),
    case(gaussian_random, lambda rng: (_walkers(rng), rng.uniform(0.1, 0.5, size=3), SEED),
         EM("moves/gaussian.py", "GaussianMove / _diagonal_proposal", "mode='random'")),
    case(gaussian_sequential, lambda rng: (_walkers(rng), SEED),
         EM("moves/gaussian.py", "GaussianMove / _isotropic_proposal", "mode='sequential', two proposals")),
    case(gaussian_full, lambda rng: (_walkers(rng), _cov(rng), SEED), EM("moves/gaussian.py", "GaussianMove / _proposal")),
    case(gaussian_factor, lambda rng: (_walkers(rng), _cov(rng), SEED),
         EM("moves/gaussian.py", "GaussianMove / _proposal", "factor=1.5")),
    case(move_update_blobs, lambda rng: _update(rng), EM("moves/move.py", "Move.update", "blobs, a subset")),
    # the sampler
    case(run_mcmc_stretch, lambda rng: (_walkers(rng), SEED),
         EM("ensemble.py", "EnsembleSampler.run_mcmc", "np.random.seed(seed), 5 steps of the default StretchMove")),
    case(run_mcmc_moves, lambda rng: (_walkers(rng), SEED),
         EM("ensemble.py", "EnsembleSampler.run_mcmc", "moves=[(DEMove(), 0.8), (DESnookerMove(), 0.2)], blobs, thin_by=2")),
]
