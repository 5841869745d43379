"""dynesty's nested sampling (joshspeagle/dynesty, Bayesian evidence and posteriors): ``bounding.py``'s bounds, the
``Ellipsoid`` (``scipy.linalg.eigh`` in ``__init__`` with ``if np.all((l > 0.) & (np.isfinite(l)))`` / ``else: raise
ValueError``, ``distance`` and ``distance_many`` by ``np.einsum``, ``major_axis_endpoints``, ``scale_to_logvol``'s
``if log_axlen.max() < ...`` isotropic inflation or its loop over ``np.argsort(l)[::-1]`` inflating axis by axis with
``max(min(...), 0)``, ``sample`` / ``samples`` through ``randsphere``, ``unitcube_overlap``'s Monte Carlo ``sum`` of
``unitcheck`` over 200 draws, ``update`` with its bootstrap ``if bootstrap > 0`` branch: ``get_seed_sequence``'s
``np.random.SeedSequence(...).spawn``, ``map(_ellipsoid_bootstrap_expand, ...)``, ``max(expands)``), the
``MultiEllipsoid`` (made from ``ctrs`` and ``covs``; ``contains`` and ``within`` by ``np.einsum('ai,aij,aj->a',
...)``, ``within``'s ``mask[j] = False`` and ``np.nonzero``; ``sample``'s ``while True`` picking an ellipsoid by
``rand_choice`` (``np.searchsorted`` of a cumulative sum, ``min(..., len(pb) - 1)``) and accepting by ``if q == 1 or
rstate.random() < (1. / q)``; ``monte_carlo_logvol``'s generator sums over ``(x, idx, q)`` tuples; ``update``'s
recursive split), ``RadFriends`` and ``SupFriends`` (``scipy.linalg.pinvh`` / ``sqrtm``, ``sample``'s ``while True``
with ``rstate.integers`` and ``np.where`` over the balls or cubes, ``update`` with ``scipy.spatial.KDTree`` and
single-linkage clustering), ``improve_covar_mat`` (a ``for trial in range(ntries)`` loop with ``try`` / ``except
lalg.LinAlgError``, a ``failed`` flag set in nested ``if``s, ``break`` once the eigenvalues are good, ``np.maximum``
of the small ones otherwise), ``bounding_ellipsoid`` (``for i in range(2)`` rescaling by the outermost point's
``fmax``, ``if good_mat: break``), ``_bounding_ellipsoids`` (``scipy.cluster.vq.kmeans2`` seeded by the major axis,
recursion, BIC-like ``np.logaddexp`` / ``logsumexp`` tests), ``_bootstrap_points`` (``rstate.integers``, ``np.unique``,
boolean selection) and ``_ellipsoid_bootstrap_expand``; ``utils.py``'s ``unitcheck`` with periodic dimensions,
``apply_reflect``'s masked writes, ``mean_and_cov``, ``resample_equal`` (systematic resampling: ``while i < nsamples:
if positions[i] < cumulative_sum[j]: idx[i] = j; i += 1 else: j += 1``, ``rstate.permutation``), weighted
``quantile`` (``np.interp(...).tolist()``), ``compute_integrals`` (``np.logaddexp.accumulate``, ``np.diff(...,
prepend=0)``), ``progress_integration`` (``math.exp`` of traced log-weights), the ``Results`` record (``__setattr__``
refusing writes after ``__init__``, ``setattr`` / ``getattr`` by key, ``copy.copy`` of every value), ``jitter_run``
(``_find_decrease``'s ``np.nonzero`` and loop over the decreasing runs, ``rstate.beta`` and ``rstate.exponential``
draws per run), ``resample_run`` (``np.unique`` of the strands, a loop appending ids by ``np.any(batch_llmin[sbatch]
== -np.inf)``, ``np.unique(..., return_counts=True)``, ``samp_n[(logl > lower) & (logl < upper)] += uidx_n``),
``reweight_run``, ``kld_error`` and ``Results.samples_equal``; ``internal_samplers.py``'s proposals: ``generic_random_walk``
(``while ncall < walks`` with ``continue`` on a proposal outside the cube, accept / reject counters, ``if n_accept ==
0`` recomputing the likelihood), ``propose_ball_point`` (periodic ``np.mod`` and reflective ``apply_reflect``
dimensions, ``return None, True`` on failure), ``generic_slice_step`` (a nested function with ``nonlocal nc`` that
appends to the evaluation history, the stepping-out ``while logl_l > loglstar`` loops or Neal's doubling ``while (logl_l >
loglstar or logl_r > loglstar)`` with ``K *= 2``, the shrinking ``while True`` with ``break`` and ``raise
RuntimeError``, ``_slice_doubling_accept``'s ``while rhat - lhat > 1.1`` with chained comparisons ``0 < M <= x1``),
``SliceSampler.sample`` (``rstate.shuffle`` of the axis order, a loop over slices and axes), ``RSliceSampler.sample``,
``RWalkSampler`` (``sample``, and ``tune``'s ``math.exp`` update of the scale), ``UnitCubeSampler`` and
``UniformBoundSampler`` (``prepare_sampler``'s argument list, ``while True`` drawing from the bound until ``logl >
args.loglstar``) and ``tune_slice`` (``np.clip``); and ``dynamicsampler.py``'s ``compute_weights`` (``np.ptp``,
``logsumexp`` with ``b=``), ``weight_function`` (``np.nonzero(weight > maxfrac * np.max(weight))``, padded bounds with
``if bounds[1] > nsamps - 1`` / ``if bounds[0] <= 0``) and ``stopping_function`` (``if n_mc > 1`` realisations by
``_kld_error`` or ``results.logzerr[-1]``) (joshspeagle/dynesty, MIT).

Copied from joshspeagle/dynesty at 99451618a10eda82137c98af1246e286bd37aa0a (its ``LICENSE`` is the MIT licence,
"Copyright (c) 2017 - Present: Josh Speagle and contributors. Copyright (c) 2014 - 2017: Kyle Barbary and
contributors."), from ``py/dynesty/``: ``utils.py``'s ``SamplerHistoryItem``, ``SQRTEPS``, ``LoglOutput``,
``LogLikelihood`` (``__init__`` and ``__call__``: the evaluation-history methods, which write HDF5 files, are left
out), ``_RESULTS_STRUCTURE``, ``Results`` (without ``__repr__``, ``summary`` and the ``__doc__`` assignment after it),
``results_substitute``, ``get_random_generator``, ``get_seed_sequence``, ``get_neff_from_logwt``, ``unitcheck``,
``apply_reflect``, ``mean_and_cov``, ``resample_equal``, ``quantile``, ``_get_nsamps_samples_n``, ``_find_decrease``,
``jitter_run``, ``compute_integrals``, ``progress_integration``, ``resample_run``, ``reweight_run``, ``kld_error`` and
``_kld_error``; ``dynesty.py``'s ``_function_wrapper`` (what ``NestedSampler`` wraps the user's functions in: it calls
them on a copy of their argument); ``bounding.py`` (all but ``BOUND_LIST``); ``internal_samplers.py`` (all but
``INTERNAL_SAMPLER_LIST``); ``dynamicsampler.py``'s ``compute_weights``, ``weight_function`` and
``stopping_function``. The stand-in likelihood and prior are ``tests/test_gau.py``'s ``Gaussian`` (a 3-D correlated
normal, correlation 0.95, with a flat prior on [-10, 10]: both methods overwrite their argument, "to test that this is
not a problem", which ``_function_wrapper``'s copy makes true). In the files' order; docstrings dropped, comments
kept.

Adapted, beyond that:

* the random generators are made in the wrapper of a case, ``np.random.default_rng(seed)`` from a fixed seed (as
  dynesty's tests' ``get_rstate``), and passed where dynesty passes its ``rstate`` (or as the ``rseed`` of a
  ``SamplerArgument``, which ``get_random_generator`` returns as it is);
* an object, or a keyword setting, is made by a wrapper named after the case: the bounds from a centre and a
  covariance, the samplers' ``SamplerArgument`` (``ndim`` 3, ``walks`` 25, ``slices`` 3), a stand-in nested sampler for
  ``UniformBoundSampler.prepare_sampler`` (a ``types.SimpleNamespace`` with ``bound``, ``ndim``, ``ncdim`` and
  ``live_u``); the likelihood is ``_function_wrapper(Gaussian().loglikelihood, [], {}, ...)``, and for
  ``RWalkSampler`` and ``UnitCubeSampler`` the whole chain dynesty builds, ``LogLikelihood(_function_wrapper(...),
  3)``, whose ``LoglOutput`` results compare through ``float()``; the wrappers return arrays and numbers (``float``
  of a ``LoglOutput``);
* the ``Results`` of a run is made in the wrapper from the arrays a case gives (a static run: ``nlive``, ``niter``;
  or a dynamic one: ``samples_n``), with ``eff`` fixed; ``progress_integration``'s wrapper is a stand-in for the
  loop of ``Sampler.sample`` (``logvol -= dlv`` per dead point, from ``logz = -1e300``).

The inputs: 3-D ellipsoids centred near (0.5, 0.5, 0.5) with axes of 0.05-0.2 (and one with a long axis of 0.8 for
``scale_to_logvol``'s loop), points in and out of them; 40 points of a Gaussian blob in the unit cube; two 2-D
clusters of 30 points at (0.3, 0.3) and (0.7, 0.7) for the splits; two overlapping ellipsoids (``q`` = 2 in the
overlap); a singular covariance (rank 2 of 3: ``improve_covar_mat``'s ``failed = 1`` branch) and a negative definite one (``failed =
2``: blended with the identity over several trials); a run of 30 dead points
and 6 final live points (36 sorted log-likelihoods, strands 0-5, the live-point counts ``min(arange(36, 0, -1), 6)``
decreasing at the end); live points of the Gaussian near its mean (unit cube coordinates 0.45-0.55), ellipsoid axes
of 0.03-0.05 for the walk and the slices and a threshold 3 below the peak log-likelihood (accepted and rejected steps,
stepping out and shrinking), axes of 0.5-0.75 for ``RWalkSampler`` (proposals outside the cube: ``continue``) and a
direction of length 0.8-1.2 for the doubling slice (``dirnorm``, points outside the cube: ``logl = -np.inf``), a
threshold 12 below the peak for ``UnitCubeSampler``'s draws from the whole cube (a few hundred draws); seeds fixed (56432, dynesty's tests' ``get_rstate`` default).
"""

# ruff: noqa: B010, B028, E501, E741, UP031, UP034
from __future__ import annotations

import copy
import math
import traceback
import types
import warnings
from collections import namedtuple
from collections.abc import Iterable

import numpy as np
from numpy import cov as mle_cov
from numpy import linalg
from scipy import cluster, spatial
from scipy import linalg as lalg
from scipy.cluster.vq import kmeans2
from scipy.special import gammaln, logsumexp

from tests.coverage.cases import DYNESTY, Source, case


def DY(path: str, original: str, note: str = "") -> Source:
    return Source(DYNESTY, "py/dynesty/" + path, original, note)


# --- py/dynesty/utils.py ---

# Define SamplerHistoryItem here to avoid circular imports
SamplerHistoryItem = namedtuple('SamplerHistoryItem', ['u', 'v', 'logl'])


SQRTEPS = math.sqrt(float(np.finfo(np.float64).eps))


class LoglOutput:
    def __init__(self, v, blob_flag):
        if blob_flag:
            self.val = v[0]
            self.blob = v[1]
        else:
            self.val = v

    def __lt__(self, v1):
        return float(self) < float(v1)

    def __gt__(self, v1):
        return float(self) > float(v1)

    def __le__(self, v1):
        return float(self) <= float(v1)

    def __ge__(self, v1):
        return float(self) >= float(v1)

    def __eq__(self, v1):
        return float(self) == float(v1)

    def __float__(self):
        return float(self.val)


class LogLikelihood:
    def __init__(self,
                 loglikelihood,
                 ndim,
                 blob=False,
                 history_filename=None,
                 save_evaluation_history=False):
        self.loglikelihood = loglikelihood
        self.save_every = 10000
        # If save_evaluation_history is True, we need basic saving enabled too
        self.save_evaluation_history = save_evaluation_history
        self.history_filename = history_filename
        self.ndim = ndim
        self.failed_save = False
        self.blob = blob

        # Unified evaluation history storage - all evaluations go here
        self.evaluation_history = []
        self.evaluation_history_counter = 0

        if self.save_evaluation_history:
            self.history_init()

    def __call__(self, x):
        ret = LoglOutput(self.loglikelihood(x), self.blob)
        return ret


# List of results attributes as
# Name, type, description, shape (if array)
_RESULTS_STRUCTURE = [
    ('logl', 'array[float]', 'Log likelihood', 'niter'),
    ('samples_it', 'array[int]',
     "the sampling iteration when the sample was proposed "
     "(e.g., iteration 570)", 'niter'),
    ('samples_id', 'array[int]',
     'The unique ID of the sample XXX (within nlive points)', None),
    ('samples_n', 'array[int]',
     'The number of live points at the point when the sample was proposed',
     'niter'),
    ('samples_u', 'array[float]', '''The coordinates of live points in the
    unit cube coordinate system''', 'niter,ndim'),
    ('samples_v', 'array[float]', '''The coordinates of live points''',
     'niter,ndim'),
    ('samples', 'array',
     '''the location (in original coordinates). Identical to samples_v''',
     'niter,ndim'), ('niter', 'int', 'number of iterations', None),
    ('ncall', 'int', 'Total number likelihood calls', None),
    ('logz', 'array', 'Array of cumulative log(Z) integrals', 'niter'),
    ('logzerr', 'array', 'Array of uncertainty of log(Z)', 'niter'),
    ('logwt', 'array', 'Array of log-posterior weights', 'niter'),
    ('eff', 'float', 'Sampling efficiency', None),
    ('nlive', 'int', 'Number of live points for a static run', None),
    ('logvol', 'array[float]', 'Logvolumes of dead points', 'niter'),
    ('information', 'array[float]', 'Information Integral H', 'niter'),
    ('bound', 'array[object]',
     "the set of bounding objects used to condition proposals for the "
     "base run", 'nbound'),
    ('bound_iter', 'array[int]',
     "index of the bound being used for an iteration that generated the point",
     'niter'),
    ('samples_bound', 'array[int]',
     "The index of the bound that the corresponding sample was drawn from",
     'niter'),
    ('samples_batch', 'array[int]',
     "Tracks the batch during which the samples were proposed", 'niter'),
    ('batch_logl_bounds', 'array[tuple]',
     "The log-likelihood bounds used to run a batch.", 'nbatch'),
    ('batch_nlive', 'array[int]',
     "The number of live points used for  given batch", 'nbatch'),
    ('scale', 'array[float]', "Scalar scale applied for proposals", 'niter'),
    ('blob', 'array[]',
     'The auxiliary blobs computed by the log-likelihood function', 'niter'),
    ('proposal_stats', 'array[]', 'Information from the inner sampler',
     'niter')
]


class Results:
    _ALLOWED = set([_[0] for _ in _RESULTS_STRUCTURE])

    def __init__(self, key_values):
        self._keys = []
        self._initialized = False
        if isinstance(key_values, dict):
            key_values_list = key_values.items()
        else:
            key_values_list = key_values
        for k, v in key_values_list:
            assert k not in self._keys  # ensure no duplicates
            assert k in Results._ALLOWED, k
            self._keys.append(k)
            setattr(self, k, copy.copy(v))
        if 'proposal_stats' not in self._keys:
            self._keys.append('proposal_stats')
            setattr(self, 'proposal_stats', None)
        required_keys = ['samples_u', 'samples_id', 'logl', 'samples']
        # TODO I need to add here logz, logzerr
        # but that requires ensuring that merge_runs always computes logz
        for k in required_keys:
            if k not in self._keys:
                raise ValueError('Key %s must be provided' % k)
        if 'nlive' in self._keys:
            self._dynamic = False
        elif 'samples_n' in self._keys:
            self._dynamic = True
        else:
            raise ValueError(
                'Trying to construct results object without nlive '
                'or samples_n information')
        self._initialized = True

    def __copy__(self):
        # this will be a deep copy
        return Results(self.asdict().items())

    def copy(self):
        return self.__copy__()

    def __setattr__(self, name, value):
        if name[0] != '_' and self._initialized:
            raise RuntimeError("Cannot set attributes directly")
        super().__setattr__(name, value)

    def __getitem__(self, name):
        if name in self._keys:
            return getattr(self, name)
        else:
            raise KeyError(name)

    def __contains__(self, key):
        return key in self._keys

    def keys(self):
        return self._keys

    def items(self):
        return ((k, getattr(self, k)) for k in self._keys)

    def asdict(self):
        # importantly here we copy attribute values
        return dict((k, copy.copy(getattr(self, k))) for k in self._keys)

    def isdynamic(self):
        return self._dynamic

    def importance_weights(self):
        logwt = self['logwt'] - self['logz'][-1]
        wt = np.exp(logwt)
        wt = wt / wt.sum()
        return wt

    def samples_equal(self, rstate=None):
        if rstate is None:
            rstate = get_random_generator()
        return resample_equal(self['samples'],
                              self.importance_weights(),
                              rstate=rstate)


def results_substitute(results, kw_dict):
    new_list = []
    for k, w in results.items():
        if k not in kw_dict:
            new_list.append((k, w))
        else:
            new_list.append((k, kw_dict[k]))
    return Results(new_list)


def get_random_generator(seed=None):
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.Generator(np.random.PCG64(seed))


def get_seed_sequence(rstate, nitems):
    seeds = np.random.SeedSequence(rstate.integers(0, 2**63 - 1,
                                                   size=4)).spawn(nitems)
    return seeds


def get_neff_from_logwt(logwt):
    # If weights are normalized to the sum of 1,
    # the estimate is  N = 1/\sum(w_i^2)
    # if the weights are not normalized
    # N = (\sum w_i)^2 / \sum(w_i^2)
    W = np.exp(logwt - logwt.max())
    return W.sum()**2 / (W**2).sum()


def unitcheck(u, nonbounded=None):
    if nonbounded is None:
        # No periodic boundary conditions provided.
        return u.min() > 0 and u.max() < 1
    else:
        # Alternating periodic and non-periodic boundary conditions.
        unb = u[nonbounded]
        # pylint: disable=invalid-unary-operand-type
        ub = u[~nonbounded]
        return (unb.min() > 0 and unb.max() < 1 and ub.min() > -0.5
                and ub.max() < 1.5)


def apply_reflect(u):
    idxs_even = np.mod(u, 2) < 1
    u[idxs_even] = np.mod(u[idxs_even], 1)
    u[~idxs_even] = 1 - np.mod(u[~idxs_even], 1)
    return u


def mean_and_cov(samples, weights):
    # Compute the weighted mean.
    mean = np.average(samples, weights=weights, axis=0)

    # Compute the weighted covariance.
    dx = samples - mean
    wsum = np.sum(weights)
    w2sum = np.sum(weights**2)
    cov = wsum / (wsum**2 - w2sum) * np.einsum('i,ij,ik', weights, dx, dx)

    return mean, cov


def resample_equal(samples, weights, rstate=None):
    if rstate is None:
        rstate = get_random_generator()

    cumulative_sum = np.cumsum(weights)
    if abs(cumulative_sum[-1] - 1.) > SQRTEPS:
        # same tol as in numpy's random.choice.
        # Guarantee that the weights will sum to 1.
        warnings.warn("Weights do not sum to 1 and have been renormalized.")
    cumulative_sum /= cumulative_sum[-1]
    # this ensures that the last element is strictly == 1

    # Make N subdivisions and choose positions with a consistent random offset.
    nsamples = len(weights)
    positions = (rstate.random() + np.arange(nsamples)) / nsamples

    # Resample the data.
    idx = np.zeros(nsamples, dtype=int)
    i, j = 0, 0
    while i < nsamples:
        if positions[i] < cumulative_sum[j]:
            idx[i] = j
            i += 1
        else:
            j += 1

    return rstate.permutation(samples[idx])


def quantile(x, q, weights=None):
    # Initial check.
    x = np.atleast_1d(x)
    q = np.atleast_1d(q)

    # Quantile check.
    if np.any(q < 0.0) or np.any(q > 1.0):
        raise ValueError("Quantiles must be between 0. and 1.")

    if weights is None:
        # If no weights provided, this simply calls `np.percentile`.
        return np.percentile(x, list(100.0 * q))
    else:
        # If weights are provided, compute the weighted quantiles.
        weights = np.atleast_1d(weights)
        if len(x) != len(weights):
            raise ValueError("Dimension mismatch: len(weights) != len(x).")
        idx = np.argsort(x)  # sort samples
        sw = weights[idx]  # sort weights
        cdf = np.cumsum(sw)[:-1]  # compute CDF
        cdf /= cdf[-1]  # normalize CDF
        cdf = np.append(0, cdf)  # ensure proper span
        quantiles = np.interp(q, cdf, x[idx]).tolist()
        return quantiles


def _get_nsamps_samples_n(res):
    if res.isdynamic():
        # Check if the number of live points explicitly changes.
        samples_n = res.samples_n
        nsamps = len(samples_n)
    else:
        # If the number of live points is constant, compute `samples_n`.
        niter = res.niter
        nlive = res.nlive
        nsamps = len(res.logvol)
        if nsamps == niter:
            samples_n = np.ones(niter, dtype=int) * nlive
        elif nsamps == (niter + nlive):
            samples_n = np.minimum(np.arange(nsamps, 0, -1), nlive)
        else:
            raise ValueError("Final number of samples differs from number of "
                             "iterations and number of live points.")
    return nsamps, samples_n


def _find_decrease(samples_n):
    nsamps = len(samples_n)
    nlive_flag = np.zeros(nsamps, dtype=bool)
    nlive_start, bounds = [], []
    nlive_flag[1:] = np.diff(samples_n) < 0

    # For all the portions that are decreasing, find out where they start,
    # where they end, and how many live points are present at that given
    # iteration.
    ids = np.nonzero(nlive_flag)[0]
    if len(ids) > 0:
        boundl = ids[0] - 1
        last = ids[0]
        nlive_start.append(samples_n[boundl])
        for curi in ids[1:]:
            if curi == last + 1:
                last += 1
                # we are in the interval of continuisly decreasing values
                continue
            else:
                # we need to close the last interval
                bounds.append([boundl, last + 1])
                nlive_start.append(samples_n[curi - 1])
                last = curi
                boundl = curi - 1
        # we need to close the last interval
        bounds.append((boundl, last + 1))
        nlive_start = np.array(nlive_start)
    return ~nlive_flag, nlive_start, bounds


def jitter_run(res, rstate=None, approx=False):
    if rstate is None:
        rstate = get_random_generator()

    # Initialize evolution of live points over the course of the run.
    nsamps, samples_n = _get_nsamps_samples_n(res)
    logl = res.logl

    # Simulate the prior volume shrinkage associated with our set of "dead"
    # points. At each iteration, if the number of live points is constant or
    # increasing, our prior volume compresses by the maximum value of a set
    # of `K_i` uniformly distributed random numbers (i.e. as `Beta(K_i, 1)`).
    # If instead the number of live points is decreasing, that means we're
    # instead  sampling down a set of uniform random variables
    # (i.e. uniform order statistics).

    if approx:
        nlive_flag = np.ones(nsamps, dtype=bool)
        nlive_start, bounds = [], []
    else:
        nlive_flag, nlive_start, bounds = _find_decrease(samples_n)

    # The maximum out of a set of `K_i` uniformly distributed random variables
    # has a marginal distribution of `Beta(K_i, 1)`.
    t_arr = np.zeros(nsamps)
    t_arr[nlive_flag] = rstate.beta(a=samples_n[nlive_flag], b=1)

    # If we instead are sampling the set of uniform order statistics,
    # we note that the jth largest value is marginally distributed as
    # `Beta(j, K_i-j+1)`. The full joint distribution is::
    #
    #     X_(j) / X_N = (Y_1 + ... + Y_j) / (Y_1 + ... + Y_{K+1})
    #
    # where X_(j) is the prior volume of the live point with the `j`-th
    # *best* likelihood (i.e. prior volume shrinks as likelihood increases)
    # and the `Y_i`'s are i.i.d. exponentially distributed random variables.
    nunif = len(nlive_start)
    for i in range(nunif):
        nstart = nlive_start[i]
        bound = bounds[i]
        sn = samples_n[bound[0]:bound[1]]
        y_arr = rstate.exponential(scale=1.0, size=nstart + 1)
        ycsum = y_arr.cumsum()
        ycsum /= ycsum[-1]
        uorder = ycsum[np.append(nstart, sn - 1)]
        rorder = uorder[1:] / uorder[:-1]
        t_arr[bound[0]:bound[1]] = rorder

    # These are the "compression factors" at each iteration. Let's turn
    # these into associated ln(volumes).
    logvol = np.log(t_arr).cumsum()

    (saved_logwt, saved_logz, saved_logzvar,
     saved_h) = compute_integrals(logl=logl, logvol=logvol)

    # Overwrite items with our new estimates.
    substitute = {
        'logvol': logvol,
        'logwt': saved_logwt,
        'logz': saved_logz,
        'logzerr': np.sqrt(np.maximum(saved_logzvar, 0)),
        'h': saved_h
    }

    new_res = results_substitute(res, substitute)
    return new_res


def compute_integrals(*, logl, logvol, reweight=None):
    loglstar_pad = np.concatenate([[-1.e300], logl])

    # we want log(exp(logvol_i)-exp(logvol_(i+1)))
    # assuming that logvol0 = 0
    # log(exp(LV_{i})-exp(LV_{i+1})) =
    # = LV{i} + log(1-exp(LV_{i+1}-LV{i}))
    # = LV_{i+1} - (LV_{i+1} -LV_i) + log(1-exp(LV_{i+1}-LV{i}))
    dlogvol = np.diff(logvol, prepend=0)
    logdvol = logvol - dlogvol + np.log1p(-np.exp(dlogvol))
    # logdvol is log(delta(volumes)) i.e. log (X_i-X_{i-1})
    logdvol2 = logdvol + math.log(0.5)
    # These are log(1/2(X_(i+1)-X_i))

    dlogvol = -np.diff(logvol, prepend=0)
    # this are delta(log(volumes)) of the run

    # These are log((L_i+L_{i_1})*(X_i+1-X_i)/2)
    saved_logwt = np.logaddexp(loglstar_pad[1:], loglstar_pad[:-1]) + logdvol2
    if reweight is not None:
        saved_logwt = saved_logwt + reweight
    saved_logz = np.logaddexp.accumulate(saved_logwt)
    # This implements eqn 16 of Speagle2020

    logzmax = saved_logz[-1]
    # we'll need that to just normalize likelihoods to avoid overflows

    # H is defined as
    # H = 1/z int( L * ln(L) dX,X=0..1) - ln(z)
    # incomplete H can be defined as
    # H = int( L/Z * ln(L) dX,X=0..x) - z_x/Z * ln(Z)
    h_part1 = np.cumsum(
        (np.exp(loglstar_pad[1:] - logzmax + logdvol2) * loglstar_pad[1:] +
         np.exp(loglstar_pad[:-1] - logzmax + logdvol2) * loglstar_pad[:-1]))
    # here we divide the likelihood by zmax to avoid to overflow
    saved_h = h_part1 - logzmax * np.exp(saved_logz - logzmax)
    # changes in h in each step
    dh = np.diff(saved_h, prepend=0)

    # I'm applying abs() here to avoid nans down the line
    # because partial H integrals could be negative
    saved_logzvar = np.abs(np.cumsum(dh * dlogvol))
    return saved_logwt, saved_logz, saved_logzvar, saved_h


def progress_integration(loglstar, loglstar_new, logz, logzvar, logvol,
                         dlogvol, h):
    # Compute relative contribution to results.
    logdvol = logsumexp(a=[logvol + dlogvol, logvol], b=[0.5, -0.5])
    logwt = np.logaddexp(loglstar_new, loglstar) + logdvol  # weight
    logz_new = np.logaddexp(logz, logwt)  # ln(evidence)
    lzterm = (math.exp(loglstar - logz_new + logdvol) * loglstar +
              math.exp(loglstar_new - logz_new + logdvol) * loglstar_new)
    h_new = (lzterm + math.exp(logz - logz_new) * (h + logz) - logz_new
             )  # information
    dh = h_new - h

    logzvar_new = logzvar + dh * dlogvol
    # var[ln(evidence)] estimate
    return logwt, logz_new, logzvar_new, h_new


def resample_run(res, rstate=None, return_idx=False):
    if rstate is None:
        rstate = get_random_generator()

    # Check whether the final set of live points were added to the
    # run.
    nsamps = len(res.ncall)
    if res.isdynamic():
        # Check if the number of live points explicitly changes.
        samples_n = res.samples_n
        samples_batch = res.samples_batch
        batch_logl_bounds = res.batch_logl_bounds
        added_final_live = True
    else:
        # If the number of live points is constant, compute `samples_n` and
        # set up the `added_final_live` flag.
        nlive = res.nlive
        niter = res.niter
        if nsamps == niter:
            samples_n = np.ones(niter, dtype=int) * nlive
            added_final_live = False
        elif nsamps == (niter + nlive):
            samples_n = np.minimum(np.arange(nsamps, 0, -1), nlive)
            added_final_live = True
        else:
            raise ValueError("Final number of samples differs from number of "
                             "iterations and number of live points.")
        samples_batch = np.zeros(len(samples_n), dtype=int)
        batch_logl_bounds = np.array([(-np.inf, np.inf)])
    batch_llmin = batch_logl_bounds[:, 0]
    # Identify unique particles that make up each strand.
    ids = np.unique(res.samples_id)

    # Split the set of strands into two groups: a "baseline" group that
    # contains points initially sampled from the prior, which gives information
    # on the evidence, and an "add-on" group, which gives additional
    # information conditioned on our baseline strands.
    base_ids = []
    addon_ids = []
    for i in ids:
        sbatch = samples_batch[res.samples_id == i]
        if np.any(batch_llmin[sbatch] == -np.inf):
            base_ids.append(i)
        else:
            addon_ids.append(i)
    nbase, nadd = len(base_ids), len(addon_ids)
    base_ids, addon_ids = np.array(base_ids), np.array(addon_ids)

    # Resample strands.
    if nbase > 0 and nadd > 0:
        live_idx = np.append(base_ids[rstate.integers(0, nbase, size=nbase)],
                             addon_ids[rstate.integers(0, nadd, size=nadd)])
    elif nbase > 0:
        live_idx = base_ids[rstate.integers(0, nbase, size=nbase)]
    elif nadd > 0:
        raise ValueError("The provided `Results` does not include any points "
                         "initially sampled from the prior!")
    else:
        raise ValueError("The provided `Results` does not appear to have "
                         "any particles!")

    # Find corresponding indices within the original run.
    samp_idx = np.arange(len(res.ncall))
    samp_idx = np.concatenate(
        [samp_idx[res.samples_id == idx] for idx in live_idx])

    # Derive new sample size.
    nsamps = len(samp_idx)

    # Sort the loglikelihoods (there will be duplicates).
    logls = res.logl[samp_idx]
    idx_sort = np.argsort(logls)
    samp_idx = samp_idx[idx_sort]
    logl = res.logl[samp_idx]

    if added_final_live:
        # Compute the effective number of live points for each sample.
        samp_n = np.zeros(nsamps, dtype=int)
        uidxs, uidxs_n = np.unique(live_idx, return_counts=True)
        for uidx, uidx_n in zip(uidxs, uidxs_n):
            sel = res.samples_id == uidx  # selection flag
            sbatch = samples_batch[sel][0]  # corresponding batch ID
            lower = batch_llmin[sbatch]  # lower bound
            upper = max(res.logl[sel])  # upper bound

            # Add number of live points between endpoints equal to number of
            # times the strand has been resampled.
            samp_n[(logl > lower) & (logl < upper)] += uidx_n

            # At the endpoint, divide up the final set of points into `uidx_n`
            # (roughly) equal chunks and have live points decrease across them.
            endsel = logl == upper
            endsel_n = np.count_nonzero(endsel)
            chunk = endsel_n / uidx_n  # define our chunk
            counters = np.array(np.arange(endsel_n) / chunk, dtype=int)
            nlive_end = counters[::-1] + 1  # decreasing number of live points
            samp_n[endsel] += nlive_end  # add live point sequence
    else:
        # If we didn't add the final set of live points, the run has a constant
        # number of live points and can simply be re-ordered.
        samp_n = samples_n[samp_idx]

    # Assign log(volume) to samples.
    logvol = np.cumsum(np.log(samp_n / (samp_n + 1.)))

    saved_logwt, saved_logz, saved_logzvar, saved_h = compute_integrals(
        logl=logl, logvol=logvol)

    # Compute sampling efficiency.
    eff = 100. * len(res.ncall[samp_idx]) / sum(res.ncall[samp_idx])

    # Copy results.
    # Overwrite items with our new estimates.
    new_res_dict = dict(niter=len(res.ncall[samp_idx]),
                        ncall=res.ncall[samp_idx],
                        eff=eff,
                        blob=res.blob[samp_idx],
                        samples=res.samples[samp_idx],
                        samples_id=res.samples_id[samp_idx],
                        samples_it=res.samples_it[samp_idx],
                        samples_u=res.samples_u[samp_idx],
                        samples_n=samp_n,
                        logwt=np.asarray(saved_logwt),
                        logl=logl,
                        logvol=logvol,
                        logz=np.asarray(saved_logz),
                        logzerr=np.sqrt(
                            np.maximum(np.asarray(saved_logzvar), 0)),
                        information=np.asarray(saved_h))
    new_res = Results(new_res_dict)

    if return_idx:
        return new_res, samp_idx
    else:
        return new_res


def reweight_run(res, logp_new, logp_old=None):
    # Extract info.
    if logp_old is None:
        logp_old = res['logl']
    logrwt = logp_new - logp_old  # ln(reweight)
    logvol = res['logvol']
    logl = res['logl']

    saved_logwt, saved_logz, saved_logzvar, saved_h = compute_integrals(
        logl=logl, logvol=logvol, reweight=logrwt)

    # Overwrite items with our new estimates.
    substitute = {
        'logvol': logvol,
        'logwt': saved_logwt,
        'logz': saved_logz,
        'logzerr': np.sqrt(np.maximum(saved_logzvar, 0)),
        'h': saved_h
    }

    new_res = results_substitute(res, substitute)
    return new_res


def kld_error(res,
              error='jitter',
              rstate=None,
              return_new=False,
              approx=False):
    # Define our original importance weights.
    logp2 = res.logwt - res.logz[-1]

    # Compute a random realization of our run.
    if error == 'jitter':
        new_res = jitter_run(res, rstate=rstate, approx=approx)
    elif error == 'resample':
        new_res, samp_idx = resample_run(res, rstate=rstate, return_idx=True)
        logp2 = logp2[samp_idx]  # re-order our original results to match
    else:
        raise ValueError("Input `'error'` option '{error}' is not valid.")

    # Define our new importance weights.
    logp1 = new_res['logwt'] - new_res['logz'][-1]

    # Compute the KL divergence.
    kld = np.cumsum(np.exp(logp1) * (logp1 - logp2))

    if return_new:
        return kld, new_res
    else:
        return kld


def _kld_error(args):
    # Extract arguments.
    results, error, approx, rseed = args
    rstate = get_random_generator(rseed)
    return kld_error(results,
                     error,
                     rstate=rstate,
                     return_new=True,
                     approx=approx)


# --- py/dynesty/dynesty.py ---

class _function_wrapper:
    def __init__(self, func, args, kwargs, name='input'):
        self.func = func
        self.args = args
        self.kwargs = kwargs
        self.name = name

    def __call__(self, x):
        try:
            # IMPORTANT
            # Here we make a copy if the input vector just to ensure
            # that users can safely modify in-place the arguments to
            # say prior_transform or likelihood
            # This comes at performance cost, but it's worthwhile
            # as it may lead to hard to diagnose weird behaviour
            return self.func(np.asarray(x).copy(), *self.args, **self.kwargs)
        except:  # noqa
            print(f"Exception while calling {self.name} function:")
            print("  params:", x)
            print("  args:", self.args)
            print("  kwargs:", self.kwargs)
            print("  exception:")
            traceback.print_exc()
            raise


# --- py/dynesty/bounding.py ---

def _slogdet_checked(matrix):
    detsign, detln = linalg.slogdet(matrix)
    if detsign <= 0:
        raise ValueError(
            f"Invalid ellipsoid: covariance matrix has non-positive determinant "
            f"(sign={detsign}). This may indicate degenerate live points or "
            f"numerical instability. Matrix shape: {matrix.shape}")
    return detln


class Bound:
    def __init__(self, ndim):
        self.logvol = 0
        self.need_centers = False
        self.ndim = ndim

    def contains(self, x):
        pass

    def sample(self, rstate=None):
        pass

    def samples(self, nsamples, rstate=None):
        pass

    def get_random_axes(self, rstate):
        pass

    def scale_to_logvol(self, rstate):
        pass

    def update(self, points, rstate=None, bootstrap=0, pool=None):
        pass


class UnitCube(Bound):
    def __init__(self, ndim):
        super().__init__(ndim)
        self.funit = 1.  # overlap with the unit cube

    def contains(self, x):
        return unitcheck(x)

    def sample(self, rstate=None):
        return rstate.random(size=self.ndim)

    def samples(self, nsamples, rstate=None):
        return rstate.random(size=(nsamples, self.ndim))

    def update(self, points, rstate=None, bootstrap=0, pool=None):
        pass

    def get_random_axes(self, rstate):
        return np.eye(self.ndim)

    def scale_to_logvol(self, logvol):
        pass


class Ellipsoid(Bound):
    def __init__(self, ndim, ctr=None, cov=None, am=None, axes=None):
        super().__init__(ndim)
        if ctr is None:
            ctr = 0.5 * np.zeros(ndim)
            cov = np.identity(ndim) * ndim / 4
        self.ctr = np.asarray(ctr)  # center coordinates
        self.cov = np.asarray(cov)  # covariance matrix

        # The eigenvalues (l) of `a` are (a^-2, b^-2, ...) where
        # (a, b, ...) are the lengths of principle axes.
        # The eigenvectors (v) are the normalized principle axes.
        l, v = lalg.eigh(self.cov, check_finite=False)
        if np.all((l > 0.) & (np.isfinite(l))):
            self.axlens = np.sqrt(l)
            # Volume of ellipsoid is the volume of an n-sphere
            # is a product of squares of eigen values
            self.logvol = logvol_prefactor(self.ndim) + 0.5 * np.log(l).sum()
        else:
            raise ValueError(
                "The input precision matrix defining the "
                f"ellipsoid {self.cov} is apparently singular with "
                f"l={l} and v={v}.")

        # Scaled eigenvectors are the principle axes, where `axes[:,i]` is the
        # i-th axis. Multiplying this matrix by a vector will transform a
        # point in the unit n-sphere to a point in the ellipsoid.
        if axes is None:
            self.axes = v * self.axlens
        else:
            self.axes = axes

        if am is None:
            self.am = (v * (1. / l)) @ v.T
            # precision matrix (inverse of covariance)
        else:
            self.am = am

        # Amount by which volume was increased after initialization (i.e.
        # cumulative factor from `scale_to_vol`).
        self.funit = 1

    def scale_to_logvol(self, logvol):
        logf = logvol - self.logvol
        # log of the maxium axis length of the ellipsoid
        max_log_axlen = np.log(np.sqrt(self.ndim) / 2)
        log_axlen = np.log(self.axlens)
        if log_axlen.max() < max_log_axlen - logf / self.ndim:
            # we are safe to inflate the ellipsoid isothropically
            # without hitting boundaries
            f = np.exp(logf / self.ndim)
            self.cov *= f**2
            self.am *= 1. / f**2
            self.axlens *= f
            self.axes *= f
        else:
            logfax = np.zeros(self.ndim)
            curlogf = logf  # how much we have left to inflate
            curn = self.ndim  # how many dimensions left
            l, v = lalg.eigh(self.cov, check_finite=False)

            # here we start from largest and go to smallest
            for curi in np.argsort(l)[::-1]:
                delta = max(
                    min(max_log_axlen - log_axlen[curi], curlogf / curn), 0)
                logfax[curi] = delta
                curlogf -= delta
                curn -= 1
            fax = np.exp(logfax)  # linear inflation of each dimension
            l1 = l * fax**2  # eigen values are squares of axes
            self.cov = (v * l1) @ v.T
            self.am = (v * (1. / l1)) @ v.T
            self.axlens *= fax
            self.axes = self.axes * fax
        self.logvol = logvol

    def major_axis_endpoints(self):
        i = np.argmax(self.axlens)  # find the major axis
        v = self.axes[:, i]  # vector from center to major axis endpoint

        return self.ctr - v, self.ctr + v

    def distance(self, x):
        d = x - self.ctr

        return np.sqrt(np.dot(np.dot(d, self.am), d))

    def distance_many(self, x):
        d = x - self.ctr[None, :]

        return np.sqrt(np.einsum('ij,jk,ik->i', d, self.am, d))

    def contains(self, x):
        return self.distance(x) <= 1.0

    def sample(self, rstate=None):
        return self.ctr + np.dot(self.axes, randsphere(self.ndim,
                                                       rstate=rstate))

    def samples(self, nsamples, rstate=None):
        xs = np.array([self.sample(rstate=rstate) for i in range(nsamples)])

        return xs

    def unitcube_overlap(self, ndraws=10000, rstate=None):
        samples = [self.sample(rstate=rstate) for i in range(ndraws)]
        nin = sum((unitcheck(x) for x in samples))

        return 1. * nin / ndraws

    def update(self,
               points,
               rstate=None,
               bootstrap=0,
               pool=None,
               mc_integrate=False):
        # Compute new bounding ellipsoid.
        ell = bounding_ellipsoid(points)
        self.ndim = ell.ndim
        self.ctr = ell.ctr
        self.cov = ell.cov
        self.am = ell.am
        self.logvol = ell.logvol
        self.axlens = ell.axlens
        self.axes = ell.axes

        # Use bootstrapping to determine the volume expansion factor.
        if bootstrap > 0:

            # If provided, compute bootstraps in parallel using a pool.
            if pool is None:
                mapper = map
            else:
                mapper = pool.map
            multis = [False for it in range(bootstrap)]
            ps = [points for it in range(bootstrap)]
            seeds = get_seed_sequence(rstate, bootstrap)
            args = zip(multis, ps, seeds)
            expands = list(mapper(_ellipsoid_bootstrap_expand, args))

            # Conservatively set the expansion factor to be the maximum
            # factor derived from our set of bootstraps.
            expand = max(expands)

            # If our ellipsoid is over-constrained, expand it.
            if expand > 1.:
                lv = self.logvol + self.ndim * np.log(expand)
                self.scale_to_logvol(lv)

        # Estimate the fractional overlap with the unit cube using
        # Monte Carlo integration.
        if mc_integrate:
            self.funit = self.unitcube_overlap(rstate=rstate)

    def get_random_axes(self, rstate):
        return self.axes


class MultiEllipsoid(Bound):
    def __init__(self, ndim, ells=None, ctrs=None, covs=None):
        if ells is None and ctrs is None:
            ells = [Ellipsoid(ndim)]
        if ells is not None:
            # Try to initialize quantities using provided `Ellipsoid` objects.
            if (ctrs is None) and (covs is None):
                self.nells = len(ells)
                self.ells = ells
            else:
                raise ValueError("You cannot specific both `ells` and "
                                 "(`ctrs`, `covs`)!")
        else:
            # Try to initialize quantities using provided `ctrs` and `covs`.
            if (ctrs is None) and (covs is None):
                raise ValueError("You must specify either `ells` or "
                                 "(`ctrs`, `covs`).")
            else:
                self.nells = len(ctrs)
                self.ells = [
                    Ellipsoid(ndim, ctr=ctrs[i], cov=covs[i])
                    for i in range(self.nells)
                ]
        self.__update_arrays()

        super().__init__(ndim)
        # Compute quantities.
        self.logvol = logsumexp(self.logvol_ells)  # ignores overlap
        self.funit = 1

    def __update_arrays(self):
        self.ctrs = np.array([ell.ctr for ell in self.ells])
        self.covs = np.array([ell.cov for ell in self.ells])
        self.ams = np.array([ell.am for ell in self.ells])
        self.logvol_ells = np.array([ell.logvol for ell in self.ells])

    def scale_to_logvol(self, logvol):
        if isinstance(logvol, Iterable):
            logvol_ells_new = logvol
        else:
            scale = logvol - self.logvol
            logvol_ells_new = self.logvol_ells + scale
        for i in range(self.nells):
            self.ells[i].scale_to_logvol(logvol_ells_new[i])

        # IMPORTANT We must also update arrays ams, covs
        self.__update_arrays()
        self.logvol = logsumexp(self.logvol_ells)

    def major_axis_endpoints(self):
        return np.array([ell.major_axis_endpoints() for ell in self.ells])

    def within(self, x, j=None):
        delt = x[None, :] - self.ctrs
        mask = np.einsum('ai,aij,aj->a', delt, self.ams, delt) < 1
        if j is not None:
            mask[j] = False
        return np.nonzero(mask)[0]

    def overlap(self, x, j=None):
        q = len(self.within(x, j=j))

        return q

    def contains(self, x):
        delt = x[None, :] - self.ctrs
        return np.any(np.einsum('ai,aij,aj->a', delt, self.ams, delt) < 1)

    def sample(self, rstate=None, return_q=False):
        # If there is only one ellipsoid, sample from it.
        if self.nells == 1:
            x = self.ells[0].sample(rstate=rstate)
            idx = 0
            q = 1
            if return_q:
                return x, idx, q
            else:
                return x, idx

        probs = np.exp(self.logvol_ells - self.logvol)
        while True:
            # Select an ellipsoid at random proportional to its volume.
            idx = rand_choice(probs, rstate)

            # Select a point from the chosen ellipsoid.
            x = self.ells[idx].sample(rstate=rstate)

            # Check how many ellipsoids the point lies within
            delts = (x[None, :] - self.ctrs)
            ell_masks = np.einsum('ai,aij,aj->a', delts, self.ams, delts)
            q = (ell_masks < 1).sum()

            if q == 0:
                # Should never be the case but may
                # happen due to numerical inaccuracies
                one_plus_a_bit = 1 + 1e-3
                q = (ell_masks <= one_plus_a_bit).sum()
                if q == 0:
                    min_mask = ell_masks.min()
                    raise RuntimeError(
                        f'Ellipsoid check failed q=0, {min_mask}; '
                        'please report the issue on github')
                else:
                    warnings.warn('Numerical inaccuracies encountered '
                                  'with ellipsoidal '
                                  'sampling. You may have extremely elongated'
                                  ' posteriors')
            if return_q:
                # If `q` is being returned, assume the user wants to
                # explicitly apply the `1. / q` acceptance criterion to
                # properly sample from the union of ellipsoids.
                return x, idx, q
            else:
                # If `q` is not being returned, assume the user wants this
                # done internally so we repeat the loop if needed
                # random is faster than uniform
                if q == 1 or rstate.random() < (1. / q):
                    return x, idx

    def samples(self, nsamples, rstate=None):
        xs = np.array([self.sample(rstate=rstate)[0] for i in range(nsamples)])

        return xs

    def monte_carlo_logvol(self,
                           ndraws=10000,
                           rstate=None,
                           return_overlap=True):
        # Estimate volume using Monte Carlo integration.
        samples = [
            self.sample(rstate=rstate, return_q=True) for i in range(ndraws)
        ]
        qsum = sum((1. / q for (x, idx, q) in samples))
        logvol = np.log(qsum / ndraws) + self.logvol

        if return_overlap:
            # Estimate the fractional amount of overlap with the
            # unit cube using the same set of samples.
            qin = sum((1. / q * unitcheck(x) for (x, idx, q) in samples))
            overlap = qin / qsum
            return logvol, overlap
        else:
            return logvol

    def update(self,
               points,
               rstate=None,
               bootstrap=0,
               pool=None,
               mc_integrate=False):
        npoints, ndim = points.shape
        if npoints == 1:
            raise RuntimeError('Cannot compute the bounding ellipsoid of '
                               'a single point.')
        LOG10_EXPAND_VOL_WARN = 2
        # maximum volume enhancement from bootstrap
        # Calculate the bounding ellipsoid for the points, possibly
        # enlarged to a minimum volume.
        firstell = bounding_ellipsoid(points)

        # Recursively split the bounding ellipsoid
        ells = _bounding_ellipsoids(points, firstell)

        # Update the set of ellipsoids.
        self.nells = len(ells)
        self.ells = ells
        self.__update_arrays()
        # Sanity check: all points must be contained in some ellipsoid
        if not all(self.contains(p) for p in points):
            # refuse to update
            raise RuntimeError('Rejecting invalid MultiEllipsoid region')
        self.logvol = logsumexp(self.logvol_ells)

        # Use bootstrapping to determine the volume expansion factor.
        if bootstrap > 0:
            # If provided, compute bootstraps in parallel using a pool.
            if pool is None:
                mapper = map
            else:
                mapper = pool.map
            multis = [True for it in range(bootstrap)]
            ps = [points for it in range(bootstrap)]
            seeds = get_seed_sequence(rstate, bootstrap)
            args = zip(multis, ps, seeds)
            expands = list(mapper(_ellipsoid_bootstrap_expand, args))

            # Conservatively set the expansion factor to be the maximum
            # factor derived from our set of bootstraps.
            expand = max(expands)
            # Put a warning if a boostrap leads to 100 times larger volume
            if np.log10(expand) * firstell.ndim > LOG10_EXPAND_VOL_WARN:
                warnings.warn(
                    'The enlargement factor for the ellipsoidal bounds'
                    ' determined'
                    ' from bootstrapping is very large. If you are using'
                    ' uniform sampling that may mean that the sampling'
                    ' will be inefficient. This may be caused by a very'
                    ' complex posterior shape. You may consider using more'
                    ' livepoints or different sampler (i.e. rslice or rwalk)'
                    ' or alternatively disable bootstrap (bootstrap=0)')
            # If our ellipsoids are overly constrained, expand them.
            if expand > 1.:
                lvs = self.logvol_ells + ndim * np.log(expand)
                self.scale_to_logvol(lvs)

        # Estimate the volume and fractional overlap with the unit cube
        # using Monte Carlo integration.
        if mc_integrate:
            self.logvol, self.funit = self.monte_carlo_logvol(
                rstate=rstate, return_overlap=True)

    def get_random_axes(self, rstate):
        probs = np.exp(self.logvol_ells - self.logvol)
        ell_idx = rand_choice(probs, rstate)
        # Choose axes.
        ax = self.ells[ell_idx].axes
        return ax


class RadFriends(Bound):
    def __init__(self, ndim, cov=None):
        super().__init__(ndim)
        self.need_centers = True
        if cov is None:
            cov = np.identity(self.ndim)
        self.cov = cov
        self.am = lalg.pinvh(self.cov)
        self.axes = lalg.sqrtm(self.cov)
        self.axes_inv = lalg.pinvh(self.axes)

        detln = _slogdet_checked(self.am)
        self.logvol = logvol_prefactor(self.ndim) - 0.5 * detln
        self.funit = 1
        self.ctrs = []  # placeholder

    def scale_to_logvol(self, logvol):
        f = np.exp((logvol - self.logvol) * (1.0 / self.ndim))
        # linear factor
        self.cov *= f**2
        self.am /= f**2
        self.axes *= f
        self.axes_inv /= f
        self.logvol = logvol

    def within(self, x):
        # Execute a brute-force search over all balls.
        idxs = np.where(
            lalg.norm(np.dot(self.ctrs - x, self.axes_inv), axis=1) <= 1.)[0]

        return idxs

    def overlap(self, x):
        q = len(self.within(x))

        return q

    def contains(self, x):
        return self.overlap(x) > 0

    def sample(self, rstate=None, return_q=False):
        nctrs = len(self.ctrs)  # number of balls

        while True:
            ds = randsphere(self.ndim, rstate=rstate)
            dx = np.dot(ds, self.axes)

            # If there is only one ball, sample from it.
            if nctrs == 1:
                q = 1
                x = self.ctrs[0] + dx
            else:
                # Select a ball at random.
                idx = rstate.integers(nctrs)
                x = self.ctrs[idx] + dx
                q = self.overlap(x)
            # random is faster than uniform
            if q == 1 or return_q or rstate.random() < (1. / q):
                if return_q:
                    return x, q
                else:
                    return x

    def samples(self, nsamples, rstate=None):
        xs = np.array([self.sample(rstate=rstate) for i in range(nsamples)])

        return xs

    def monte_carlo_logvol(self,
                           ndraws=10000,
                           rstate=None,
                           return_overlap=True):
        # Estimate volume using Monte Carlo integration.
        samples = ([
            self.sample(rstate=rstate, return_q=True) for i in range(ndraws)
        ])
        qs = np.array([_[1] for _ in samples])
        qsum = np.sum(1. / qs)
        logvol = np.log(1. / ndraws * qsum * len(self.ctrs)) + self.logvol

        if return_overlap:
            # Estimate the fractional amount of overlap with the
            # unit cube using the same set of samples.
            qin = sum((1. / q * unitcheck(x) for (x, q) in samples))
            overlap = qin / qsum
            return logvol, overlap
        else:
            return logvol

    def update(self,
               points,
               rstate=None,
               bootstrap=0,
               pool=None,
               mc_integrate=False,
               use_clustering=True):
        # If possible, compute bootstraps in parallel using a pool.
        if pool is None:
            mapper = map
        else:
            mapper = pool.map

        # Get new covariance.
        if use_clustering:
            self.cov = self._get_covariance_from_clusters(points)
        else:
            self.cov = self._get_covariance_from_all_points(points)
        self.am = lalg.pinvh(self.cov)
        self.axes = lalg.sqrtm(self.cov)
        self.axes_inv = lalg.pinvh(self.axes)

        # Decorrelate and re-scale points.
        points_t = np.dot(points, self.axes_inv)

        if bootstrap == 0.:
            # Construct radius using leave-one-out if no bootstraps used.
            radii = _friends_leaveoneout_radius(points_t, 'balls')
        else:
            # Bootstrap radius using the set of live points.
            ps = [points_t for it in range(bootstrap)]
            ftypes = ['balls' for it in range(bootstrap)]
            seeds = get_seed_sequence(rstate, bootstrap)
            args = zip(ps, ftypes, seeds)
            radii = list(mapper(_friends_bootstrap_radius, args))

        # Conservatively set radius to be maximum of the set.
        rmax = max(radii)

        # Re-scale axes.
        self.cov *= rmax**2
        self.am /= rmax**2
        self.axes *= rmax
        self.axes_inv /= rmax
        self.ctrs = points

        # Compute volume.
        detln = _slogdet_checked(self.am)
        self.logvol = logvol_prefactor(self.ndim) - 0.5 * detln

        # Estimate the volume and fractional overlap with the unit cube
        # using Monte Carlo integration.
        if mc_integrate:
            self.funit = self.monte_carlo_logvol(return_overlap=True,
                                                 rstate=rstate)[1]

    def _get_covariance_from_all_points(self, points):
        return np.cov(points, rowvar=False)

    def _get_covariance_from_clusters(self, points):
        # Compute pairwise distances.
        distances = spatial.distance.pdist(points,
                                           metric='mahalanobis',
                                           VI=self.am)

        # Identify conglomerates of points by constructing a linkage matrix.
        linkages = cluster.hierarchy.single(distances)

        # Cut when linkage between clusters exceed the radius.
        clusteridxs = cluster.hierarchy.fcluster(linkages,
                                                 1.0,
                                                 criterion='distance')
        nclusters = np.max(clusteridxs)
        if nclusters == 1:
            return self._get_covariance_from_all_points(points)
        else:
            i = 0
            overlapped_points = np.empty_like(points)
            for idx in np.unique(clusteridxs):
                group_points = points[clusteridxs == idx, :]
                group_mean = group_points.mean(axis=0).reshape((1, -1))
                j = i + len(group_points)
                overlapped_points[i:j, :] = group_points - group_mean
                i = j
            return self._get_covariance_from_all_points(overlapped_points)

    def get_random_axes(self, rstate):
        return self.axes


class SupFriends(Bound):
    def __init__(self, ndim, cov=None):
        super().__init__(ndim)
        self.need_centers = True

        if cov is None:
            cov = np.identity(self.ndim)
        self.cov = cov
        self.am = lalg.pinvh(self.cov)
        self.axes = lalg.sqrtm(self.cov)
        self.axes_inv = lalg.pinvh(self.axes)

        detln = _slogdet_checked(self.am)
        self.logvol = self.ndim * np.log(2.) - 0.5 * detln
        self.funit = 1
        self.ctrs = []

    def scale_to_logvol(self, logvol):
        f = np.exp((logvol - self.logvol) * (1.0 / self.ndim))
        # linear factor
        self.cov *= f**2
        self.am /= f**2
        self.axes *= f
        self.axes_inv /= f
        self.logvol = logvol

    def within(self, x):
        # Execute a brute-force search over all cubes.
        idxs = np.where(
            np.max(np.abs(np.dot(self.ctrs -
                                 x, self.axes_inv)), axis=1) <= 1.)[0]

        return idxs

    def overlap(self, x):
        q = len(self.within(x))

        return q

    def contains(self, x):
        return self.overlap(x) > 0

    def sample(self, rstate=None, return_q=False):
        nctrs = len(self.ctrs)  # number of cubes

        while True:
            ds = rstate.uniform(-1, 1, size=self.ndim)
            dx = np.dot(ds, self.axes)
            # If there is only one cube, sample from it.
            if nctrs == 1:
                x = self.ctrs[0] + dx
                q = 1
            else:
                # Select a cube at random.
                idx = rstate.integers(nctrs)
                x = self.ctrs[idx] + dx
                # Check how many cubes the point lies within, passing over
                # the `idx`-th cube `x` was sampled from.
                q = self.overlap(x)
            # random() is faster than uniform()
            if q == 1 or return_q or rstate.random() < (1. / q):
                if return_q:
                    return x, q
                else:
                    return x

    def samples(self, nsamples, rstate=None):
        xs = np.array([self.sample(rstate=rstate) for i in range(nsamples)])

        return xs

    def monte_carlo_logvol(self,
                           ndraws=10000,
                           rstate=None,
                           return_overlap=True):
        # Estimate the volume using Monte Carlo integration.
        samples = [
            self.sample(rstate=rstate, return_q=True) for i in range(ndraws)
        ]
        qsum = sum((1. / q for (x, q) in samples))
        logvol = np.log(1. * qsum / ndraws * len(self.ctrs)) + self.logvol

        if return_overlap:
            # Estimate the fractional overlap with the unit cube using
            # the same set of samples.
            qin = sum((1. / q * unitcheck(x) for (x, q) in samples))
            overlap = qin / qsum
            return logvol, overlap
        else:
            return logvol

    def update(self,
               points,
               rstate=None,
               bootstrap=0,
               pool=None,
               mc_integrate=False,
               use_clustering=True):
        # If possible, compute bootstraps in parallel using a pool.
        if pool is None:
            mapper = map
        else:
            mapper = pool.map

        # Get new covariance.
        if use_clustering:
            self.cov = self._get_covariance_from_clusters(points)
        else:
            self.cov = self._get_covariance_from_all_points(points)
        self.am = lalg.pinvh(self.cov)
        self.axes = lalg.sqrtm(self.cov)
        self.axes_inv = lalg.pinvh(self.axes)

        # Decorrelate and re-scale points.
        points_t = np.dot(points, self.axes_inv)

        if bootstrap == 0.:
            # Construct radius using leave-one-out if no bootstraps used.
            hsides = _friends_leaveoneout_radius(points_t, 'cubes')
        else:
            # Bootstrap radius using the set of live points.
            ps = [points_t for it in range(bootstrap)]
            ftypes = ['cubes' for it in range(bootstrap)]
            seeds = get_seed_sequence(rstate, bootstrap)
            args = zip(ps, ftypes, seeds)
            hsides = list(mapper(_friends_bootstrap_radius, args))

        # Conservatively set half-side-length to be maximum of the set.
        hsmax = max(hsides)

        # Re-scale axes.
        self.cov *= hsmax**2
        self.am /= hsmax**2
        self.axes *= hsmax
        self.axes_inv /= hsmax

        detln = _slogdet_checked(self.am)
        self.logvol = self.ndim * np.log(2.) - 0.5 * detln

        # Estimate the volume and fractional overlap with the unit cube
        # using Monte Carlo integration.
        if mc_integrate:
            self.funit = self.monte_carlo_logvol(points,
                                                 return_overlap=True,
                                                 rstate=rstate)[1]

    def _get_covariance_from_all_points(self, points):
        return np.cov(points, rowvar=False)

    def _get_covariance_from_clusters(self, points):
        # Compute pairwise distances.
        distances = spatial.distance.pdist(points,
                                           metric='mahalanobis',
                                           VI=self.am)

        # Identify conglomerates of points by constructing a linkage matrix.
        linkages = cluster.hierarchy.single(distances)

        # Cut when linkage between clusters exceed the radius.
        clusteridxs = cluster.hierarchy.fcluster(linkages,
                                                 1.0,
                                                 criterion='distance')
        nclusters = np.max(clusteridxs)
        if nclusters == 1:
            return self._get_covariance_from_all_points(points)
        else:
            i = 0
            overlapped_points = np.empty_like(points)
            for idx in np.unique(clusteridxs):
                group_points = points[clusteridxs == idx, :]
                group_mean = group_points.mean(axis=0).reshape((1, -1))
                j = i + len(group_points)
                overlapped_points[i:j, :] = group_points - group_mean
                i = j
            return self._get_covariance_from_all_points(overlapped_points)

    def get_random_axes(self, rstate):
        return self.axes


def logvol_prefactor(n, p=2.):
    p *= 1.  # convert to float in case user inputs an integer
    lnf = (n * np.log(2.) + n * gammaln(1. / p + 1.) - gammaln(n / p + 1))

    return lnf


def randsphere(n, rstate=None):
    z = rstate.standard_normal(size=n)  # initial n-dim vector
    # notice I use random () instead of uniform
    # and standard_norm instead of normal as those are faster
    # as this is a time-critical function
    xhat = z * (rstate.random()**(1. / n) / lalg.norm(z, check_finite=False)
                )  # scale
    return xhat


def rand_choice(pb, rstate):
    p1 = np.cumsum(pb)
    # random is faster than uniform
    xr = rstate.random()
    return min(np.searchsorted(p1, xr), len(pb) - 1)


def improve_covar_mat(covar0, ntries=100, max_condition_number=1e12):
    ndim = covar0.shape[0]
    covar = np.array(covar0)
    coeffmin = 1e-10
    # this will a starting point for the modification
    # of the form (1-coeff)*M + (coeff)*E
    eig_mult = 10  # we want the condition number to be at least that much
    # smaller than the max_condition_number

    # here we are trying to check if we compute cholesky transformation
    # and all eigenvals > 0 and condition number is good
    # if the only problem are the eigenvalues we just increase the lowest ones
    # if we are getting linalg exceptions we use add diag matrices

    for trial in range(ntries):
        failed = 0
        try:
            # Check if matrix is invertible.
            eigval, eigvec = lalg.eigh(covar, check_finite=False)
            # compute eigenvalues/vectors
            maxval = eigval.max()
            minval = eigval.min()
            # Check if eigen values are good
            if np.isfinite(eigval).all():
                if maxval <= 0:
                    # no positive eigvalues
                    # not much to fix
                    failed = 2
                else:
                    if minval < maxval / max_condition_number:
                        # some eigen values are too small
                        failed = 1
                    else:
                        axes = eigvec * eigval**.5
                        break
            else:
                # complete failure
                failed = 2
        except lalg.LinAlgError:
            # There is some kind of massive failure
            # we suppress the off-diagonal elements
            failed = 2
        if failed > 0:
            if failed == 1:
                eigval_fix = np.maximum(
                    eigval, eig_mult * maxval / max_condition_number)
                covar = (eigvec * eigval_fix) @ eigvec.T
            else:
                coeff = coeffmin * (1. / coeffmin)**(trial * 1. / (ntries - 1))
                # this starts at coeffmin when trial=0 and ends at 1
                # when trial == ntries-1
                covar = (1. - coeff) * covar + coeff * np.eye(ndim)

    if failed > 0:
        warnings.warn("Failed to guarantee the ellipsoid axes will be "
                      "non-singular. Defaulting to a sphere.")
        covar = np.eye(ndim)  # default to identity
        am = covar.copy()
        axes = covar.copy()
    else:
        # invert the matrix using eigen decomposition
        am = (eigvec * (1. / eigval)) @ eigvec.T
    good_mat = trial == 0
    # if True it means no adjustments were necessary
    return good_mat, covar, am, axes


def bounding_ellipsoid(points):
    npoints, ndim = points.shape

    if npoints == 1:
        raise ValueError("Cannot compute a bounding ellipsoid of a "
                         "single point.")

    # Calculate covariance of points.
    ctr = np.mean(points, axis=0)
    covar = mle_cov(points, rowvar=False)
    delta = points - ctr

    # When ndim = 1, `np.cov` returns a 0-d array. Make it a 1x1 2-d array.
    if ndim == 1:
        covar = np.atleast_2d(covar)

    ROUND_DELTA = 1e-3
    # numerical experiments show that round off errors can reach large
    # values if the matrix is poorly conditioned
    # Note that likely the delta here must be related to maximum
    # condition number parameter in improve_covar_mat()
    #
    one_minus_a_bit = 1. - ROUND_DELTA

    for i in range(2):
        # If the matrix needs improvement
        # we improve the matrix twice, first before rescaling
        # and second after rescaling. If matrix is okay, we do
        # the loop once
        good_mat, covar, am, axes = improve_covar_mat(covar)

        # Calculate expansion factor necessary to bound each point.
        # Points should obey `(x-v)^T A (x-v) <= 1`, so we calculate this for
        # each point and then scale A up or down to make the
        # "outermost" point obey `(x-v)^T A (x-v) = 1`.

        fmax = np.einsum('ij,jk,ik->i', delta, am, delta).max()

        # Due to round-off errors, we actually scale the ellipsoid so the
        # outermost point obeys `(x-v)^T A (x-v) < 1 - (a bit) < 1`.
        # in the first iteration we just try to adjust the matrix
        # if it didn't work again, we bail out
        if i == 0 and fmax > one_minus_a_bit:
            mult = fmax / one_minus_a_bit
            # IMPORTANT that we need to update the cov, its inverse and axes
            # as those are used directly
            covar *= mult
            am /= mult
            axes *= np.sqrt(mult)
        if i == 1 and fmax >= 1:
            raise RuntimeError(
                "Failed to initialize the ellipsoid to contain all the points")
        if good_mat:
            # I only need to run through the loop twice if the matrix
            # is problematic
            break
    # Initialize our ellipsoid with *safe* covariance matrix.
    ell = Ellipsoid(ndim, ctr=ctr, cov=covar, am=am, axes=axes)

    return ell


def _bounding_ellipsoids(points, ell, scale=None):
    npoints, ndim = points.shape

    # We do not allow clusters with less than 2*ndim points,
    # as the bounding ellipsoid
    # will be poorly-constrained. Reject the split and simply return the
    # original ellipsoid bounding all the points.
    min_size = 2 * ndim
    if npoints < min_size * 2:
        # if we have less then min_size*2 pts, it's pointless to
        # even run clustering
        return [ell]

    # Starting cluster centers are initialized using the major-axis
    # endpoints of the original bounding ellipsoid.
    p1, p2 = ell.major_axis_endpoints()
    start_ctrs = np.vstack((p1, p2))  # shape is (k, ndim) = (2, ndim)

    if scale is None:
        scale = points.std(axis=0)[None, :]
        # scale factor across different dimensions
        # to make things more isothropic
    # Split points into two clusters using k-means clustering with k=2.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        k2_res = kmeans2(points / scale,
                         k=start_ctrs / scale,
                         iter=10,
                         minit='matrix',
                         check_finite=False)
    labels = k2_res[1]  # cluster identifier ; shape is (npoints,)

    # Get points in each cluster.
    points_k = [points[labels == k, :] for k in (0, 1)]

    # if the smallest cluster is too small refuse
    if min(points_k[0].shape[0], points_k[1].shape[0]) < min_size:
        return [ell]

    # Bounding ellipsoid for each cluster
    ells = [bounding_ellipsoid(points_j) for points_j in points_k]

    # If the total volume decreased significantly, we accept
    # the split into subsets. We then recursively split each subset.
    # The condition for the volume decrease is motivated by the BIC values
    # assuming that the number of parameter of the ellipsoid is X (it is
    # Ndim*(Ndim+3)/2, the number of points is N
    # then the BIC of the k bounding ellipsoid model is
    # 2 * N * log(V0) + k * X * ln(N)
    # where V0 is the total volume of the ellipsoids
    # then the condition for bic improvement is for k1 ellipsoids vs k0
    # 2 * N * log(V1) + k1 * X * ln (N) <  2 * N * log(V0) + k0 * X * ln (N)
    # log(V1) - log(V0) < (k0-k1) * X * ln(N)/2/N
    # The choice of BIC is motivated by Xmeans algo from Pelleg 2000
    # See also Feroz2008

    nparam = (ndim * (ndim + 3)) // 2
    log_vol_dec = nparam * np.log(npoints) / npoints
    # this is the log vol decrement for one extra ellipsoid
    # note that this is missing a factor of two to mimick previous behaviour
    # this makes splitting less agressive

    # now we try to split again
    out_ells = (_bounding_ellipsoids(points_k[0], ells[0], scale=scale) +
                _bounding_ellipsoids(points_k[1], ells[1], scale=scale))

    # if the first volume test was successful we accept the results
    if (np.logaddexp(ells[0].logvol, ells[1].logvol) -
            ell.logvol) < -log_vol_dec:
        return out_ells

    # if it was not we check again if the volume decreased significantly
    # after the recursion
    if ((logsumexp([e.logvol for e in out_ells]) - ell.logvol)
            < -log_vol_dec * (len(out_ells) - 1)):
        return out_ells

    # Otherwise, we are happy with the single bounding ellipsoid.
    return [ell]


def bounding_ellipsoids(points):
    # Calculate the bounding ellipsoid for the points possibly
    # enlarged to a minimum volume.
    ell = bounding_ellipsoid(points)

    # Recursively split the bounding ellipsoid
    ells = _bounding_ellipsoids(points, ell)

    return MultiEllipsoid(points.shape[1], ells=ells)


def _bootstrap_points(points, rseed):
    rstate = get_random_generator(rseed)
    npoints = points.shape[0]

    # Resampling.
    idxs = rstate.integers(npoints, size=npoints)
    idx_in = np.unique(idxs)  # selected objects
    sel_in = np.zeros(npoints, dtype=bool)
    sel_in[idx_in] = True
    # in the crazy case of not having selected more than one
    # point I just arbitrary add points to have at least two in idx_in
    # and at least 1 in idx_out
    n_in = sel_in.sum()
    if n_in < 2:
        sel_in[:2] = True
    if n_in > npoints - 1:
        sel_in[0] = False
    points_in, points_out = points[sel_in], points[~sel_in]
    return points_in, points_out


def _ellipsoid_bootstrap_expand(args):
    # Unzipping.
    multi, points, rseed = args

    points_in, points_out = _bootstrap_points(points, rseed)

    # Compute bounding ellipsoid.
    ell = bounding_ellipsoid(points_in)

    if not multi:
        # Compute normalized distances to missing points.
        dists = ell.distance_many(points_out)
    else:
        ells = _bounding_ellipsoids(points_in, ell)
        # Compute normalized distances to missing points.
        dists = np.min(np.array([el.distance_many(points_out) for el in ells]),
                       axis=0)

    # Compute expansion factor.
    expand = max(1., np.max(dists))

    return expand


def _friends_bootstrap_radius(args):
    # Unzipping.
    points, ftype, rseed = args

    points_in, points_out = _bootstrap_points(points, rseed)

    # Construct KDTree to enable quick nearest-neighbor lookup for
    # our resampled objects.
    kdtree = spatial.KDTree(points_in)

    if ftype == 'balls':
        # Compute distances from our "missing" points its closest neighbor
        # among the resampled points using the Euclidean norm
        # (i.e. "radius" of n-sphere).
        dists = kdtree.query(points_out, k=1, eps=0, p=2)[0]
    elif ftype == 'cubes':
        # Compute distances from our "missing" points its closest neighbor
        # among the resampled points using the Euclidean norm
        # (i.e. "half-side-length" of n-cube).
        dists = kdtree.query(points_out, k=1, eps=0, p=np.inf)[0]
    else:
        raise ValueError(f'Unknown type {ftype}')
    # Conservative upper-bound on radius.
    dist = max(dists)

    return dist


def _friends_leaveoneout_radius(points, ftype):
    # Construct KDTree to enable quick nearest-neighbor lookup for
    # our resampled objects.
    kdtree = spatial.KDTree(points)

    if ftype == 'balls':
        # Compute radius to two nearest neighbors (self + neighbor).
        dists = kdtree.query(points, k=2, eps=0, p=2)[0]
    elif ftype == 'cubes':
        # Compute half-side-length to two nearest neighbors (self + neighbor).
        dists = kdtree.query(points, k=2, eps=0, p=np.inf)[0]
    else:
        raise ValueError(f'unknown ftype {ftype}')
    dist = dists[:, 1]  # distances to LOO nearest neighbor

    return dist


# --- py/dynesty/internal_samplers.py ---

SamplerArgument = namedtuple('SamplerArgument', [
    'u', 'loglstar', 'axes', 'scale', 'prior_transform', 'loglikelihood',
    'rseed', 'kwargs'
])


SamplerReturn = namedtuple('SamplerReturn', [
    'u', 'v', 'logl', 'ncalls', 'evaluation_history', 'tuning_info',
    'proposal_stats'
])


class InternalSampler:
    def __init__(self, **kwargs):
        self.scale = 1
        self.input_kwargs = kwargs
        self.sampler_kwargs = dict()
        self.ndim = kwargs.get('ndim')
        for k in ['nonbounded', 'periodic', 'reflective']:
            self.sampler_kwargs[k] = kwargs.get(k)

    @property
    def update_bound_interval_ratio(self):
        return 1  # default value

    def _new_from_template(self, template_kwargs):
        template_kwargs1 = self.input_kwargs.copy()
        for k, v in template_kwargs.items():
            if k not in self.input_kwargs:
                template_kwargs1[k] = v
            else:
                if template_kwargs1[k] != self.input_kwargs[k]:
                    warnings.warn(
                        "Incompatible sampler parameters: "
                        f"{template_kwargs1[k]} vs {self.input_kwargs[k]}")
        return self.__class__(**template_kwargs1)

    def prepare_sampler(self,
                        loglstar=None,
                        points=None,
                        axes=None,
                        seeds=None,
                        prior_transform=None,
                        loglikelihood=None,
                        nested_sampler=None):
        arg_list = []
        kwargs = self.sampler_kwargs
        for curp, curax, curseed in zip(points, axes, seeds):
            curarg = SamplerArgument(u=curp,
                                     loglstar=loglstar,
                                     axes=curax,
                                     scale=self.scale,
                                     prior_transform=prior_transform,
                                     loglikelihood=loglikelihood,
                                     rseed=curseed,
                                     kwargs=kwargs)
            arg_list.append(curarg)
        return arg_list

    @staticmethod
    def sample(args):
        pass

    def tune(self, tuning_info, update=False):
        pass

    @property
    def citations(self):
        return []


class UniformBoundSampler(InternalSampler):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)

    def prepare_sampler(self,
                        loglstar=None,
                        points=None,
                        axes=None,
                        seeds=None,
                        prior_transform=None,
                        loglikelihood=None,
                        nested_sampler=None):
        self.sampler_kwargs['bound'] = nested_sampler.bound
        self.sampler_kwargs['ndim'] = nested_sampler.ndim
        self.sampler_kwargs['n_cluster'] = nested_sampler.ncdim
        if nested_sampler.bound.need_centers:
            self.sampler_kwargs['bound'].ctrs = nested_sampler.live_u

        return super().prepare_sampler(loglstar=loglstar,
                                       points=points,
                                       axes=axes,
                                       seeds=seeds,
                                       prior_transform=prior_transform,
                                       loglikelihood=loglikelihood,
                                       nested_sampler=nested_sampler)

    @staticmethod
    def sample(args):
        # Unzipping.
        rstate = get_random_generator(args.rseed)
        bound = args.kwargs['bound']
        nonbounded = args.kwargs.get('nonbounded')
        n_cluster = args.kwargs.get('n_cluster')
        ndim = args.kwargs['ndim']
        nc = 0
        tuning_info = None
        if nonbounded is not None:
            nonbounded = nonbounded[:n_cluster]
        ntries = 0
        threshold_warning = 10000
        threshold_warned = False
        evaluation_history = []
        while True:
            u = bound.samples(1, rstate=rstate).flatten()
            if not unitcheck(u, nonbounded):
                ntries += 1
                if ntries > threshold_warning and not threshold_warned:
                    warnings.warn(
                        "Ellipsoid sampling is extremely inefficient",
                        category=RuntimeWarning)
                    threshold_warned = True

                continue
            else:
                ntries = 0
            if n_cluster != ndim:
                u = np.concatenate(
                    (u, rstate.uniform(size=(ndim - n_cluster))))
            v = args.prior_transform(np.asarray(u))
            logl = args.loglikelihood(np.asarray(v))
            evaluation_history.append(SamplerHistoryItem(u=u, v=v, logl=logl))
            nc += 1
            if logl > args.loglstar:
                break
        return SamplerReturn(u=u,
                             v=v,
                             logl=logl,
                             ncalls=nc,
                             tuning_info=tuning_info,
                             evaluation_history=evaluation_history,
                             proposal_stats={'n_proposals': ntries})


class UnitCubeSampler(InternalSampler):

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.ndim = kwargs['ndim']

    def prepare_sampler(self,
                        loglstar=None,
                        points=None,
                        axes=None,
                        seeds=None,
                        prior_transform=None,
                        loglikelihood=None,
                        nested_sampler=None):
        self.sampler_kwargs['ndim'] = self.ndim
        return super().prepare_sampler(loglstar=loglstar,
                                       points=points,
                                       axes=axes,
                                       seeds=seeds,
                                       prior_transform=prior_transform,
                                       loglikelihood=loglikelihood,
                                       nested_sampler=nested_sampler)

    @staticmethod
    def sample(args):
        # Unzipping.
        rstate = get_random_generator(args.rseed)
        ndim = args.kwargs.get('ndim')
        nc = 0
        tuning_info = None
        evaluation_history = []
        while True:
            u = rstate.uniform(size=ndim)
            v = args.prior_transform(np.asarray(u))
            logl = args.loglikelihood(np.asarray(v))
            evaluation_history.append(SamplerHistoryItem(u=u, v=v, logl=logl))
            nc += 1
            if logl > args.loglstar:
                break
        return SamplerReturn(u=u,
                             v=v,
                             logl=logl,
                             ncalls=nc,
                             tuning_info=tuning_info,
                             evaluation_history=evaluation_history,
                             proposal_stats=dict(n_proposals=nc))


class RWalkSampler(InternalSampler):

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Initialize random walk parameters.
        walks = max(2, kwargs.get('walks', 25))
        self.facc = kwargs.get('facc', 0.5)
        self.facc = min(1., max(1. / walks, self.facc))
        self.rwalk_history = {'n_accept': 0, 'n_reject': 0}
        self.ncdim = kwargs.get('ncdim')
        # Since the sample is a static method, it's crucial
        # to put relevant information into kwargs which is then passed to
        # the samplers
        self.sampler_kwargs['walks'] = walks
        self.sampler_kwargs['ncdim'] = self.ncdim

    def tune(self, tuning_info, update=True):
        self.scale = tuning_info['scale']
        hist = self.rwalk_history
        hist['n_accept'] += tuning_info['accept']
        hist['n_reject'] += tuning_info['reject']
        if not update:
            return
        accept, reject = hist['n_accept'], hist['n_reject']
        facc = (1. * accept) / (accept + reject)
        # Here we are now trying to solve the Eqn
        # f0 = F(s) where F is the function
        # providing the acceptance rate given logscale
        # and f0 is our target acceptance rate
        # in this case a Newton like update to s
        # is s_{k+1} = s_k - 1/F'(s_k) * (F_k - F_0)
        # We can speculate that F(s)~ C*exp(-Ns)
        # i.e. it's inversely proportional to volume
        # Then F'(s) = -N * F \approx N * F_0
        # Therefore s_{k+1} = s_k + 1/(N*F_0) * (F_k-F0)
        # See also Robbins-Munro recursion which we don't follow
        # here because our coefficients a_k do not obey \sum a_k^2 = \infty
        self.scale *= math.exp((facc - self.facc) / self.ncdim / self.facc)
        hist['n_accept'] = 0
        hist['n_reject'] = 0

    @property
    def update_bound_interval_ratio(self):
        return self.sampler_kwargs['walks']  # default value

    @staticmethod
    def sample(args):
        # Unzipping.
        rstate = get_random_generator(args.rseed)
        return generic_random_walk(args.u, args.loglstar, args.axes,
                                   args.scale, args.prior_transform,
                                   args.loglikelihood, rstate, args.kwargs)

    @property
    def citations(self):
        return [("Skilling (2006)", "projecteuclid.org/euclid.ba/1340370944")]


class SliceSampler(InternalSampler):

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Initialize slice parameters.
        slices = kwargs.get('slices', 5)
        self.slice_history = {'n_contract': 0, 'n_expand': 0}

        self.sampler_kwargs['slices'] = slices
        # Since the sample is a static method, it's crucial
        # to put relevant information into kwargs which is then passed to
        # the samplers

    @property
    def update_bound_interval_ratio(self):
        return self.sampler_kwargs['slices'] * self.ndim

    def tune(self, sampler_info, update=True):
        tune_slice(self, sampler_info, update=update)

    @staticmethod
    def sample(args):
        # Unzipping.
        (u, loglstar, axes, scale, prior_transform, loglikelihood,
         kwargs) = (args.u, args.loglstar, args.axes, args.scale,
                    args.prior_transform, args.loglikelihood, args.kwargs)
        rstate = get_random_generator(args.rseed)
        # Periodicity.
        nonperiodic = kwargs.get('nonperiodic', None)
        doubling = kwargs.get('slice_doubling', False)
        # Setup.
        n = len(u)
        assert axes.shape[0] == n
        slices = kwargs['slices']  # number of slices
        nc = 0
        n_expand = 0
        n_contract = 0
        evaluation_history = []
        # Modifying axes and computing lengths.
        axes = scale * axes.T  # scale based on past tuning
        # Note we are transposing as axes[:,i] corresponds to i-th principal
        # axis of the ellipsoid
        expansion_warning_set = False
        # Slice sampling loop.
        for _ in range(slices):

            # Shuffle axis update order.
            idxs = np.arange(n)
            rstate.shuffle(idxs)

            # Slice sample along a random direction.
            for idx in idxs:

                # Select axis.
                axis = axes[idx]
                (u_prop, v_prop, logl_prop, nc1, n_expand1, n_contract1,
                 expansion_warning) = generic_slice_step(
                     u, axis, nonperiodic, loglstar, loglikelihood,
                     prior_transform, doubling, evaluation_history, rstate)
                u = u_prop
                nc += nc1
                n_expand += n_expand1
                n_contract += n_contract1
                if expansion_warning and not doubling:
                    # if we expanded the interval by more than
                    # the threshold we set the warning and enable doubling
                    expansion_warning_set = True
                    doubling = True
                    warnings.warn('Enabling doubling strategy of slice '
                                  'sampling from Neal(2003)')
        tuning_info = {
            'n_expand': n_expand,
            'n_contract': n_contract,
            'expansion_warning_set': expansion_warning_set
        }

        return SamplerReturn(u=u_prop,
                             v=v_prop,
                             logl=logl_prop,
                             ncalls=nc,
                             tuning_info=tuning_info,
                             evaluation_history=evaluation_history,
                             proposal_stats=dict(n_expand=n_expand,
                                                 n_contract=n_contract))

    @property
    def citations(self):
        return [("Neal (2003)", "projecteuclid.org/euclid.aos/1056562461"),
                ("Handley, Hobson & Lasenby (2015a)",
                 "ui.adsabs.harvard.edu/abs/2015MNRAS.450L..61H"),
                ("Handley, Hobson & Lasenby (2015b)",
                 "ui.adsabs.harvard.edu/abs/2015MNRAS.453.4384H")]


class RSliceSampler(InternalSampler):

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # Initialize slice parameters.
        slices = kwargs.get('slices', 5)
        self.slice_history = {'n_contract': 0, 'n_expand': 0}

        self.sampler_kwargs['slices'] = slices
        # Since the sample is a static method, it's crucial
        # to put relevant information into kwargs which is then passed to
        # the samplers

    def tune(self, sampler_info, update=True):
        tune_slice(self, sampler_info, update=update)

    @property
    def update_bound_interval_ratio(self):
        return self.sampler_kwargs['slices']

    @staticmethod
    def sample(args):
        # Unzipping.
        (u, loglstar, axes, scale, prior_transform, loglikelihood,
         kwargs) = (args.u, args.loglstar, args.axes, args.scale,
                    args.prior_transform, args.loglikelihood, args.kwargs)
        rstate = get_random_generator(args.rseed)
        # Periodicity.
        nonperiodic = kwargs.get('nonperiodic', None)
        doubling = kwargs.get('slice_doubling', False)
        evaluation_history = []
        # Setup.
        n = len(u)
        assert axes.shape[0] == n
        slices = kwargs['slices']  # number of slices
        nc = 0
        n_expand = 0
        n_contract = 0
        expansion_warning_set = False

        # Slice sampling loop.
        for _ in range(slices):

            # Propose a direction on the unit n-sphere.
            drhat = rstate.standard_normal(size=n)
            drhat /= linalg.norm(drhat)

            # Transform and scale based on past tuning.
            direction = np.dot(axes, drhat) * scale

            (u_prop, v_prop, logl_prop, nc1, n_expand1, n_contract1,
             expansion_warning) = generic_slice_step(u, direction, nonperiodic,
                                                     loglstar, loglikelihood,
                                                     prior_transform, doubling,
                                                     evaluation_history,
                                                     rstate)
            u = u_prop
            nc += nc1
            n_expand += n_expand1
            n_contract += n_contract1
            if expansion_warning and not doubling:
                doubling = True
                expansion_warning_set = True
                warnings.warn('Enabling doubling strategy of slice '
                              'sampling from Neal(2003)')

        tuning_info = {
            'n_expand': n_expand,
            'n_contract': n_contract,
            'expansion_warning_set': expansion_warning_set
        }

        return SamplerReturn(u=u_prop,
                             v=v_prop,
                             logl=logl_prop,
                             ncalls=nc,
                             tuning_info=tuning_info,
                             evaluation_history=evaluation_history,
                             proposal_stats=dict(n_expand=n_expand,
                                                 n_contract=n_contract))

    @property
    def citations(self):
        return [("Neal (2003)", "projecteuclid.org/euclid.aos/1056562461"),
                ("Handley, Hobson & Lasenby (2015a)",
                 "ui.adsabs.harvard.edu/abs/2015MNRAS.450L..61H"),
                ("Handley, Hobson & Lasenby (2015b)",
                 "ui.adsabs.harvard.edu/abs/2015MNRAS.453.4384H")]


def generic_random_walk(u, loglstar, axes, scale, prior_transform,
                        loglikelihood, rstate, kwargs):
    # Periodicity.
    nonbounded = kwargs.get('nonbounded')
    periodic = kwargs.get('periodic')
    reflective = kwargs.get('reflective')

    # Setup.
    n = len(u)
    n_cluster = axes.shape[0]
    walks = kwargs['walks']  # number of steps
    evaluation_history = []
    n_accept = 0
    # Total number of accepted points with L>L*

    n_reject = 0
    # Total number of points proposed to within the ellipsoid and cube
    # but rejected due to L<=L* condition

    ncall = 0
    # Total number of Likelihood calls (proposals evaluated)

    # Here we loop for exactly walks iterations.
    while ncall < walks:

        # This proposes a new point within the ellipsoid
        u_prop, fail = propose_ball_point(u,
                                          scale,
                                          axes,
                                          n,
                                          n_cluster,
                                          rstate=rstate,
                                          periodic=periodic,
                                          reflective=reflective,
                                          nonbounded=nonbounded)
        if fail:
            n_reject += 1
            ncall += 1
            continue

        # Check proposed point.
        v_prop = prior_transform(u_prop)
        logl_prop = loglikelihood(v_prop)
        ncall += 1
        evaluation_history.append(
            SamplerHistoryItem(u=u_prop, v=v_prop, logl=logl_prop))

        if logl_prop > loglstar:
            u = u_prop
            v = v_prop
            logl = logl_prop
            n_accept += 1
        else:
            n_reject += 1
    if n_accept == 0:
        # Technically we can find out the likelihood value
        # stored somewhere
        # But I'm currently recomputing it
        v = prior_transform(u)
        logl = loglikelihood(v)

    tuning_info = {'accept': n_accept, 'reject': n_reject, 'scale': scale}

    return SamplerReturn(u=u,
                         v=v,
                         logl=logl,
                         ncalls=ncall,
                         tuning_info=tuning_info,
                         evaluation_history=evaluation_history,
                         proposal_stats=dict(n_accept=n_accept,
                                             n_reject=n_reject))


def propose_ball_point(u,
                       scale,
                       axes,
                       n,
                       n_cluster,
                       rstate=None,
                       periodic=None,
                       reflective=None,
                       nonbounded=None):
    # starting point for clustered dimensions
    u_cluster = u[:n_cluster]

    # draw random point for non clustering parameters
    # we only need to generate them once
    u_non_cluster = rstate.random(n - n_cluster)
    u_prop = np.zeros(n)
    u_prop[n_cluster:] = u_non_cluster

    # Propose a direction on the unit n-sphere.
    dr = randsphere(n_cluster, rstate=rstate)
    # This generates uniform distribution within n-d ball

    # Transform to proposal distribution.
    du = np.dot(axes, dr)
    u_prop[:n_cluster] = u_cluster + scale * du

    # Wrap periodic parameters
    if periodic is not None:
        u_prop[periodic] = np.mod(u_prop[periodic], 1)

    # Reflect
    if reflective is not None:
        u_prop[reflective] = apply_reflect(u_prop[reflective])

    # Check unit cube constraints.
    if unitcheck(u_prop, nonbounded):
        return u_prop, False
    else:
        return None, True


def _slice_doubling_accept(x1, F, loglstar, L, R, fL, fR):
    lhat, rhat = L, R
    f_lhat = fL
    f_rhat = fR
    D = False
    while rhat - lhat > 1.1:
        # Define slice and window.
        M = (lhat + rhat) / 2.
        # Propose new position.
        if (0 < M <= x1) or (x1 < M <= 0):
            D = True
        if x1 < M:
            rhat = M
            f_rhat = F(rhat)[1]
        else:
            lhat = M
            f_lhat = F(lhat)[1]
        if D and loglstar >= f_lhat and loglstar >= f_rhat:
            return False
    return True


def generic_slice_step(u, direction, nonperiodic, loglstar, loglikelihood,
                       prior_transform, doubling, evaluation_history, rstate):
    nc, n_expand, n_contract = 0, 0, 0
    n_expand_threshold = 1000  # Threshold for warning the user
    n = len(u)
    rand0 = rstate.random()  # initial scale/offset
    dirlen = linalg.norm(direction)
    maxlen = np.sqrt(n) / 2.
    # maximum initial interval length (the diagonal of the cube)
    if dirlen > maxlen:
        # I stopped giving warnings, as it was too noisy
        dirnorm = dirlen / maxlen
    else:
        dirnorm = 1
    direction = direction / dirnorm

    #  The function that evaluates the logl at the location of
    # u0 + x*direction0
    def F(x):
        nonlocal nc
        u_new = u + x * direction
        if unitcheck(u_new, nonperiodic):
            v_new = prior_transform(u_new)
            logl = loglikelihood(v_new)
            evaluation_history.append(
                SamplerHistoryItem(u=u_new, v=v_new, logl=logl))
        else:
            logl = -np.inf
        nc += 1
        return u_new, logl

    # asymmetric step size on the left/right (see Neal 2003)
    nstep_l = -rand0
    nstep_r = 1 - rand0

    logl_l = F(nstep_l)[1]
    logl_r = F(nstep_r)[1]
    expansion_warning = False
    if not doubling:
        # "Stepping out" the left and right bounds.
        while logl_l > loglstar:
            nstep_l -= 1
            logl_l = F(nstep_l)[1]
            n_expand += 1
        while logl_r > loglstar:
            nstep_r += 1
            logl_r = F(nstep_r)[1]
            n_expand += 1
        if n_expand > n_expand_threshold:
            expansion_warning = True
            warnings.warn('The slice sample interval was expanded more '
                          f'than {n_expand_threshold} times')

    else:
        # "Stepping out" the left and right bounds.
        K = 1
        while (logl_l > loglstar or logl_r > loglstar):
            V = rstate.random()
            if V < 0.5:
                nstep_l -= (nstep_r - nstep_l)
                logl_l = F(nstep_l)[1]
            else:
                nstep_r += (nstep_r - nstep_l)
                logl_r = F(nstep_r)[1]
            n_expand += K
            K *= 2
        L = nstep_l
        R = nstep_r
        fL = logl_l
        fR = logl_r

    # Sample within limits. If the sample is not valid, shrink
    # the limits until we hit the `loglstar` bound.

    while True:
        # Define slice and window.
        nstep_hat = nstep_r - nstep_l

        # Propose new position.
        nstep_prop = nstep_l + rstate.random() * nstep_hat  # scale from left
        u_prop, logl_prop = F(nstep_prop)
        n_contract += 1

        # If we succeed, move to the new position.
        # note that if we are using doubling mode we accept only
        # if _slice_doubling_accept() returns True
        if logl_prop > loglstar and (not doubling or _slice_doubling_accept(
                nstep_prop, F, loglstar, L, R, fL, fR)):
            break
        # If we fail, check if the new point is to the left/right of
        # our original point along our proposal axis and update
        # the bounds accordingly.
        else:
            if nstep_prop < 0:
                nstep_l = nstep_prop
            elif nstep_prop > 0:  # right
                nstep_r = nstep_prop
            else:
                # If `nstep_prop = 0` something has gone horribly wrong.
                raise RuntimeError("Slice sampler has failed to find "
                                   "a valid point. Some useful "
                                   "output quantities:\n"
                                   f"u: {u}\n"
                                   f"nstep_left: {nstep_l}\n"
                                   f"nstep_right: {nstep_r}\n"
                                   f"nstep_hat: {nstep_hat}\n"
                                   f"u_prop: {u_prop}\n"
                                   f"loglstar: {loglstar}\n"
                                   f"logl_prop: {logl_prop}\n"
                                   f"direction: {direction}\n")
    v_prop = prior_transform(u_prop)
    return (u_prop, v_prop, logl_prop, nc, n_expand, n_contract,
            expansion_warning)


def tune_slice(sampler, tuning_info, update=True):
    # see https://www.ncbi.nlm.nih.gov/pmc/articles/PMC4063214/
    # also 2002.06212
    # https://www.tandfonline.com/doi/full/10.1080/10618600.2013.791193
    # and https://github.com/joshspeagle/dynesty/issues/260
    hist = sampler.slice_history

    hist['n_expand'] += tuning_info['n_expand']
    hist['n_contract'] += tuning_info['n_contract']
    if tuning_info['expansion_warning_set']:
        sampler.sampler_kwargs['slice_doubling'] = True
    if not update:
        return
    n_expand, n_contract = max(hist['n_expand'], 1), hist['n_contract']
    mult = n_expand * 2. / (n_expand + n_contract)
    # avoid drastic updates to the scale factor limiting to factor
    # of two
    mult = np.clip(mult, 0.5, 2)
    # Remember I can't apply the rule that scale < cube diagonal
    # because scale is multiplied by axes
    sampler.scale = sampler.scale * mult
    hist['n_expand'] = 0
    hist['n_contract'] = 0


# --- py/dynesty/dynamicsampler.py ---

def compute_weights(results):
    logl = results.logl
    logz = results.logz  # final ln(evidence)
    logvol = results.logvol
    logwt = results.logwt
    samples_n = results.samples_n

    if np.ptp(logz) == 0:
        # this pathological case can happen if all logl are very small
        # and all logz are very small and the same
        # then the calculation below failse
        warnings.warn('''The calculation of weights is seeing same
logz values associated with all the samples. It may mean somethings is
wrong with your likelihood.''')
        zweight = np.ones(len(logl)) / len(logl)
    else:
        # TODO the logic here needs to be verified
        logz_remain = logl[-1] + logvol[-1]  # remainder
        logz_tot = np.logaddexp(logz[-1], logz_remain)  # estimated upper bound
        lzones = np.ones_like(logz)
        logzin = logsumexp([lzones * logz_tot, logz],
                           axis=0,
                           b=[lzones, -lzones])  # ln(remaining evidence)
        logzweight = logzin - np.log(samples_n)  # ln(evidence weight)
        logzweight -= logsumexp(logzweight)  # normalize
        zweight = np.exp(logzweight)  # convert to linear scale

    # Derive posterior weights.
    pweight = np.exp(logwt - logz[-1])  # importance weight
    pweight /= np.sum(pweight)  # normalize
    return zweight, pweight


def weight_function(results, args=None, return_weights=False):
    # Initialize hyperparameters.
    if args is None:
        args = {}
    pfrac = args.get('pfrac', 0.8)
    if not 0. <= pfrac <= 1.:
        raise ValueError(
            f"The provided `pfrac` {pfrac} is not between 0. and 1.")
    maxfrac = args.get('maxfrac', 0.8)
    if not 0. <= maxfrac <= 1.:
        raise ValueError(
            f"The provided `maxfrac` {maxfrac} is not between 0. and 1.")
    lpad = args.get('pad', 1)
    if lpad < 0:
        raise ValueError(f"`lpad` {lpad} is less than zero.")

    zweight, pweight = compute_weights(results)

    # Compute combined weights.
    weight = (1. - pfrac) * zweight + pfrac * pweight

    # Compute logl bounds
    # we pad by lpad on each side (2lpad total)
    # if this brings us outside the range on on side, I add it on another
    nsamps = len(weight)
    bounds = np.nonzero(weight > maxfrac * np.max(weight))[0]
    bounds = (bounds[0] - lpad, bounds[-1] + lpad)
    logl = results.logl
    if bounds[1] > nsamps - 1:
        # overflow on the RHS, so we move the left side
        bounds = [bounds[0] - (bounds[1] - (nsamps - 1)), nsamps - 1]
    if bounds[0] <= 0:
        # if we overflow on the leftside we set the edge to -inf and expand
        # the RHS
        logl_min = -np.inf
        logl_max = logl[min(bounds[1] - bounds[0], nsamps - 1)]
    else:
        logl_min, logl_max = logl[bounds[0]], logl[bounds[1]]

    if bounds[1] == nsamps - 1:
        logl_max = np.inf
    if return_weights:
        return (logl_min, logl_max), (pweight, zweight, weight)

    return (logl_min, logl_max)


def stopping_function(results,
                      args=None,
                      rstate=None,
                      mapper=None,
                      return_vals=False):
    # Initialize values.
    if args is None:
        args = {}
    if mapper is None:
        mapper = map

    # Initialize hyperparameters.
    pfrac = args.get('pfrac', 1.0)
    if not 0. <= pfrac <= 1.:
        raise ValueError(
            f"The provided `pfrac` {pfrac} is not between 0. and 1.")
    evid_thresh = args.get('evid_thresh', 0.1)
    if pfrac < 1. and evid_thresh < 0.:
        raise ValueError(
            f"The provided `evid_thresh` {evid_thresh} is not non-negative "
            f"even though `pfrac` is {pfrac}.")
    target_n_effective = args.get('target_n_effective', 10000)

    if pfrac > 0. and target_n_effective < 0.:
        raise ValueError(
            f"The provided `target_n_effective` {target_n_effective} " +
            f"is not non-negative even though `pfrac` is {pfrac}")
    n_mc = args.get('n_mc', 0)
    if n_mc < 0:
        raise ValueError(f"The number of realizations {n_mc} must be greater "
                         "or equal to zero.")
    if n_mc > 0 and n_mc < 20:
        warnings.warn("Using a small number of realizations might result in "
                      "excessively noisy stopping value estimates.")
    error = args.get('error', 'jitter')
    if error not in {'jitter', 'resample'}:
        raise ValueError(f"The chosen `'error'` option {error} is not valid.")
    approx = args.get('approx', True)

    if n_mc > 1:
        # Compute realizations of ln(evidence) and the KL divergence.
        rlist = [results for i in range(n_mc)]
        error_list = [error for i in range(n_mc)]
        approx_list = [approx for i in range(n_mc)]
        seeds = get_seed_sequence(rstate, n_mc)
        args = zip(rlist, error_list, approx_list, seeds)
        outputs = list(mapper(_kld_error, args))
        lnz_arr = np.array([res[1].logz[-1] for res in outputs])
        # Evidence stopping value.
        lnz_std = np.std(lnz_arr)
    else:
        lnz_std = results.logzerr[-1]

    stop_evid = lnz_std / evid_thresh

    n_effective = get_neff_from_logwt(results.logwt)
    stop_post = target_n_effective / n_effective

    # Effective stopping value.
    stop = pfrac * stop_post + (1. - pfrac) * stop_evid

    if return_vals:
        return stop <= 1., (stop_post, stop_evid, stop)
    else:
        return stop <= 1.


# --- tests/test_gau.py ---

class Gaussian:
    def __init__(self, corr=.95, prior_win=10):
        self.ndim = 3
        self.mean = np.linspace(-1, 1, self.ndim)
        self.cov = np.identity(self.ndim)  # set covariance to identity matrix
        self.cov[self.cov ==
                 0] = corr  # set off-diagonal terms (strongly correlated)
        self.cov_inv = linalg.inv(self.cov)  # precision matrix
        self.lnorm = -0.5 * (np.log(2 * np.pi) * self.ndim +
                             np.log(linalg.det(self.cov)))
        self.prior_win = prior_win  # +/- on both sides
        self.logz_truth = self.ndim * (-np.log(2 * self.prior_win))

    # 3-D correlated multivariate normal log-likelihood
    def loglikelihood(self, x):
        ret = -0.5 * np.dot(
            (x - self.mean), np.dot(self.cov_inv,
                                    (x - self.mean))) + self.lnorm
        # notice here we overwrite the input array just to test
        # that this is not a problem
        x[:] = -np.ones(len(x))
        return ret

    # prior transform
    def prior_transform(self, u):
        ret = self.prior_win * (2. * u - 1.)

        # notice here we overwrite the input array just to test
        # that this is not a problem
        u[:] = -np.ones(len(u))

        return ret


# --- wrappers: the bounds, the runs, the samplers ---

SEED = 56432  # dynesty's tests' get_rstate() default: a Python int, equal for both calls


def ellipsoid_contains(ctr, cov, x):
    ell = Ellipsoid(3, ctr=ctr, cov=cov)
    return ell.contains(x), ell.distance(x), ell.logvol, ell.axlens, ell.major_axis_endpoints()


def ellipsoid_distance_many(ctr, cov, xs):
    return Ellipsoid(3, ctr=ctr, cov=cov).distance_many(xs)


def ellipsoid_scale_to_logvol(ctr, cov, dlogvol):
    ell = Ellipsoid(3, ctr=ctr, cov=cov)
    ell.scale_to_logvol(ell.logvol + dlogvol)
    return ell.cov, ell.am, ell.axlens, ell.axes, ell.logvol


def ellipsoid_samples(ctr, cov, seed):
    rstate = np.random.default_rng(seed)
    return Ellipsoid(3, ctr=ctr, cov=cov).samples(20, rstate=rstate)


def ellipsoid_unitcube_overlap(ctr, cov, seed):
    rstate = np.random.default_rng(seed)
    return Ellipsoid(3, ctr=ctr, cov=cov).unitcube_overlap(ndraws=200, rstate=rstate)


def ellipsoid_update(points):
    ell = Ellipsoid(3)
    ell.update(points)
    return ell.ctr, ell.cov, ell.am, ell.axes, ell.logvol


def ellipsoid_update_bootstrap(points, seed):
    rstate = np.random.default_rng(seed)
    ell = Ellipsoid(3)
    ell.update(points, rstate=rstate, bootstrap=5)
    return ell.ctr, ell.cov, ell.logvol


def multi_contains(ctrs, covs, x):
    mell = MultiEllipsoid(2, ctrs=ctrs, covs=covs)
    return mell.contains(x), mell.logvol, mell.logvol_ells, mell.major_axis_endpoints()


def multi_within(ctrs, covs, x):
    mell = MultiEllipsoid(2, ctrs=ctrs, covs=covs)
    return mell.within(x), mell.within(x, j=0), mell.overlap(x)


def multi_samples(ctrs, covs, seed):
    rstate = np.random.default_rng(seed)
    return MultiEllipsoid(2, ctrs=ctrs, covs=covs).samples(20, rstate=rstate)


def multi_monte_carlo_logvol(ctrs, covs, seed):
    rstate = np.random.default_rng(seed)
    return MultiEllipsoid(2, ctrs=ctrs, covs=covs).monte_carlo_logvol(ndraws=100, rstate=rstate)


def multi_update(points, seed):
    rstate = np.random.default_rng(seed)
    mell = MultiEllipsoid(2)
    mell.update(points, rstate=rstate)
    return mell.nells, mell.ctrs, mell.covs, mell.logvol


def bounding_ellipsoid_attrs(points):
    ell = bounding_ellipsoid(points)
    return ell.ctr, ell.cov, ell.am, ell.axes, ell.logvol


def bounding_ellipsoids_attrs(points):
    mell = bounding_ellipsoids(points)
    return mell.nells, mell.ctrs, mell.logvol_ells


def bootstrap_points_seeded(points, seed):
    return _bootstrap_points(points, np.random.default_rng(seed))


def ellipsoid_bootstrap_expand_seeded(points, seed):
    return _ellipsoid_bootstrap_expand((False, points, np.random.default_rng(seed)))


def radfriends_sample(points, seed):
    rstate = np.random.default_rng(seed)
    rf = RadFriends(2, cov=0.01 * np.identity(2))
    rf.ctrs = points
    return rf.samples(10, rstate=rstate), rf.contains(points[0] + 0.05)


def radfriends_update(points):
    rf = RadFriends(2)
    rf.update(points)
    return rf.cov, rf.axes, rf.logvol


def supfriends_sample(points, seed):
    rstate = np.random.default_rng(seed)
    sf = SupFriends(2, cov=0.01 * np.identity(2))
    sf.ctrs = points
    return sf.samples(10, rstate=rstate)


def unitcheck_periodic(u, nonbounded):
    return unitcheck(u), unitcheck(u, nonbounded)


def resample_equal_seeded(samples, weights, seed):
    return resample_equal(samples, weights, rstate=np.random.default_rng(seed))


def compute_integrals_run(logl, logvol):
    return compute_integrals(logl=logl, logvol=logvol)


def progress_integration_run(logl):
    # a stand-in for Sampler.sample's loop (not dynesty's): one dead point per iteration, 6 live points
    nlive = 6
    dlv = math.log((nlive + 1.) / nlive)
    loglstar, logz, logzvar, logvol, h = -1.e300, -1.e300, 0., 0., 0.
    logwts, logzs = [], []
    for loglstar_new in logl:
        logvol -= dlv
        (logwt, logz, logzvar,
         h) = progress_integration(loglstar, loglstar_new, logz, logzvar,
                                   logvol, dlv, h)
        loglstar = loglstar_new
        logwts.append(logwt)
        logzs.append(logz)
    return np.array(logwts), np.array(logzs), logzvar, h


def _static_results(logl, logvol, samples, samples_u, samples_id, ncall, nlive=6):
    logwt, logz, logzvar, h = compute_integrals(logl=logl, logvol=logvol)
    return Results(dict(nlive=nlive, niter=len(logl) - nlive, ncall=ncall, eff=50., samples=samples,
                        samples_id=samples_id, samples_it=np.arange(len(logl)), samples_u=samples_u,
                        logwt=logwt, logl=logl, logvol=logvol, logz=logz,
                        logzerr=np.sqrt(np.maximum(logzvar, 0)), information=h, blob=np.zeros(len(logl))))


def _dynamic_results(logl, logvol, samples, samples_u, samples_id, samples_n):
    logwt, logz, logzvar, h = compute_integrals(logl=logl, logvol=logvol)
    return Results(dict(samples_n=samples_n, samples=samples, samples_id=samples_id, samples_u=samples_u,
                        logwt=logwt, logl=logl, logvol=logvol, logz=logz,
                        logzerr=np.sqrt(np.maximum(logzvar, 0)), information=h))


def jitter_run_seeded(logl, logvol, samples, samples_u, samples_id, ncall, seed):
    res = jitter_run(_static_results(logl, logvol, samples, samples_u, samples_id, ncall),
                     rstate=np.random.default_rng(seed))
    return res.logvol, res.logwt, res.logz, res.logzerr  # (its 'h' is not a key of Results: not substituted)


def resample_run_seeded(logl, logvol, samples, samples_u, samples_id, ncall, seed):
    res, idx = resample_run(_static_results(logl, logvol, samples, samples_u, samples_id, ncall),
                            rstate=np.random.default_rng(seed), return_idx=True)
    return idx, res.samples_n, res.logvol, res.logz, res.eff


def reweight_run_case(logl, logvol, samples, samples_u, samples_id, ncall, logp_new):
    res = reweight_run(_static_results(logl, logvol, samples, samples_u, samples_id, ncall), logp_new)
    return res['logwt'], res['logz'], res['logzerr'], res.importance_weights()


def samples_equal_seeded(logl, logvol, samples, samples_u, samples_id, ncall, seed):
    res = _static_results(logl, logvol, samples, samples_u, samples_id, ncall)
    return res.copy().samples_equal(rstate=np.random.default_rng(seed))


def kld_error_seeded(logl, logvol, samples, samples_u, samples_id, ncall, seed):
    res = _static_results(logl, logvol, samples, samples_u, samples_id, ncall)
    kld, new_res = kld_error(res, rstate=np.random.default_rng(seed), return_new=True, approx=True)
    return kld, new_res.logz


def weight_function_case(logl, logvol, samples, samples_u, samples_id, samples_n):
    res = _dynamic_results(logl, logvol, samples, samples_u, samples_id, samples_n)
    return weight_function(res, args={'pfrac': 0.8, 'maxfrac': 0.8, 'pad': 1}, return_weights=True)


def stopping_function_case(logl, logvol, samples, samples_u, samples_id, samples_n):
    res = _dynamic_results(logl, logvol, samples, samples_u, samples_id, samples_n)
    return stopping_function(res, args={'pfrac': 0.5, 'target_n_effective': 20}, return_vals=True)


def stopping_function_mc(logl, logvol, samples, samples_u, samples_id, samples_n, seed):
    res = _dynamic_results(logl, logvol, samples, samples_u, samples_id, samples_n)
    return stopping_function(res, args={'pfrac': 0.5, 'n_mc': 20}, rstate=np.random.default_rng(seed),
                             return_vals=True)


def _gaussian(chain=False):
    # the test's 3-D correlated normal, wrapped as NestedSampler wraps the user's functions (dynesty.py)
    g = Gaussian()
    prior_transform = _function_wrapper(g.prior_transform, [], {}, name='prior_transform')
    loglikelihood = _function_wrapper(g.loglikelihood, [], {}, name='loglikelihood')
    if chain:
        loglikelihood = LogLikelihood(loglikelihood, g.ndim)
    return g, prior_transform, loglikelihood


def generic_random_walk_gaussian(u, axes, seed):
    g, prior_transform, loglikelihood = _gaussian()
    kwargs = {'walks': 25, 'nonbounded': None, 'periodic': None, 'reflective': None}
    ret = generic_random_walk(u, g.lnorm - 3., axes, 1.0, prior_transform, loglikelihood,
                              np.random.default_rng(seed), kwargs)
    return ret.u, ret.v, ret.logl, ret.ncalls, ret.proposal_stats['n_accept'], len(ret.evaluation_history)


def propose_ball_point_reflect(u, axes, seed):
    return propose_ball_point(u, 0.5, axes, 4, 3, rstate=np.random.default_rng(seed), periodic=np.array([0]),
                              reflective=np.array([1]), nonbounded=np.array([False, False, True, True]))


def generic_slice_step_gaussian(u, direction, seed):
    g, prior_transform, loglikelihood = _gaussian()
    history = []
    out = generic_slice_step(u, direction, None, g.lnorm - 3., loglikelihood, prior_transform, False, history,
                             np.random.default_rng(seed))
    return out + (len(history),)


def generic_slice_step_doubling(u, direction, seed):
    g, prior_transform, loglikelihood = _gaussian()
    history = []
    out = generic_slice_step(u, direction, None, g.lnorm - 3., loglikelihood, prior_transform, True, history,
                             np.random.default_rng(seed))
    return out + (len(history),)


def _sampler_run(sampler, u, axes, seed, chain=False):
    g, prior_transform, loglikelihood = _gaussian(chain)
    args = SamplerArgument(u=u, loglstar=g.lnorm - 3., axes=axes, scale=sampler.scale,
                           prior_transform=prior_transform, loglikelihood=loglikelihood,
                           rseed=np.random.default_rng(seed), kwargs=sampler.sampler_kwargs)
    ret = sampler.sample(args)
    return ret.u, ret.v, float(ret.logl), ret.ncalls


def slice_sample(u, axes, seed):
    sampler = SliceSampler(ndim=3, slices=3)
    ret = _sampler_run(sampler, u, axes, seed)
    sampler.tune({'n_expand': 4, 'n_contract': 9, 'expansion_warning_set': False})
    return ret + (sampler.scale,)


def rslice_sample(u, axes, seed):
    sampler = RSliceSampler(ndim=3, slices=3)
    ret = _sampler_run(sampler, u, axes, seed)
    tune_slice(sampler, {'n_expand': 1, 'n_contract': 12, 'expansion_warning_set': True})
    return ret + (sampler.scale, sampler.sampler_kwargs['slice_doubling'])


def rwalk_sample(u, axes, seed):
    sampler = RWalkSampler(ndim=3, ncdim=3, walks=25)
    ret = _sampler_run(sampler, u, axes, seed, chain=True)
    sampler.tune({'accept': 7, 'reject': 18, 'scale': 1.0})
    return ret + (sampler.scale,)


def unitcube_sample(u, seed):
    sampler = UnitCubeSampler(ndim=3)
    sampler.sampler_kwargs['ndim'] = 3
    g, prior_transform, loglikelihood = _gaussian(chain=True)
    args = SamplerArgument(u=u, loglstar=g.lnorm - 12., axes=np.eye(3), scale=1.0,
                           prior_transform=prior_transform, loglikelihood=loglikelihood,
                           rseed=np.random.default_rng(seed), kwargs=sampler.sampler_kwargs)
    ret = sampler.sample(args)
    return ret.u, ret.v, float(ret.logl), ret.ncalls


def uniform_bound_sample(u, ctr, cov, seed):
    sampler = UniformBoundSampler(ndim=3)
    g, prior_transform, loglikelihood = _gaussian()
    nested = types.SimpleNamespace(bound=Ellipsoid(3, ctr=ctr, cov=cov), ndim=3, ncdim=3, live_u=u[None, :])
    arglist = sampler.prepare_sampler(loglstar=g.lnorm - 3., points=[u], axes=[np.eye(3)],
                                      seeds=[np.random.default_rng(seed)], prior_transform=prior_transform,
                                      loglikelihood=loglikelihood, nested_sampler=nested)
    ret = sampler.sample(arglist[0])
    return ret.u, ret.v, ret.logl, ret.ncalls


# --- inputs ---

def _ell(rng: np.random.Generator, scale: float = 0.1) -> tuple:
    a = rng.normal(scale=scale, size=(3, 3))
    return 0.5 + rng.normal(scale=0.02, size=3), a @ a.T + 0.2 * scale**2 * np.eye(3)


def _long(rng: np.random.Generator) -> tuple:
    ctr, _ = _ell(rng)
    q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    return ctr, (q * np.array([0.8, 0.1, 0.05])**2) @ q.T


def _blob(rng: np.random.Generator, n: int = 40) -> np.ndarray:
    ctr, cov = _ell(rng)
    return rng.multivariate_normal(ctr, cov, size=n)


def _clusters(rng: np.random.Generator) -> np.ndarray:
    return np.vstack([rng.normal([0.3, 0.3], 0.03, size=(30, 2)), rng.normal([0.7, 0.7], 0.03, size=(30, 2))])


def _two(rng: np.random.Generator) -> tuple:
    ctrs = np.array([[0.4, 0.45], [0.55, 0.5]]) + rng.normal(scale=0.01, size=(2, 2))
    covs = np.array([np.diag(rng.uniform(0.005, 0.012, size=2)) for _ in range(2)])
    return ctrs, covs


def _singular(rng: np.random.Generator) -> np.ndarray:
    a = rng.normal(size=(3, 2))
    return a @ a.T


def _run(rng: np.random.Generator, nlive: int = 6, niter: int = 30) -> tuple:
    nsamps = niter + nlive
    logl = np.sort(rng.normal(scale=3.0, size=nsamps))
    samples_n = np.minimum(np.arange(nsamps, 0, -1), nlive)
    logvol = np.cumsum(np.log(samples_n / (samples_n + 1.)))
    samples_u = rng.uniform(size=(nsamps, 2))
    samples_id = np.concatenate([rng.integers(0, nlive, size=niter), rng.permutation(nlive)])
    return logl, logvol, 20. * samples_u - 10., samples_u, samples_id, rng.integers(1, 30, size=nsamps)


def _dynamic(rng: np.random.Generator) -> tuple:
    logl, logvol, samples, samples_u, samples_id, _ = _run(rng)
    return logl, logvol, samples, samples_u, samples_id, np.minimum(np.arange(36, 0, -1), 6)


def _live(rng: np.random.Generator) -> np.ndarray:
    return np.array([0.45, 0.5, 0.55]) + rng.uniform(-0.01, 0.01, size=3)  # near the Gaussian's mean (-1, 0, 1)


def _axes(rng: np.random.Generator, scale: float = 0.03) -> np.ndarray:
    q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    return q * rng.uniform(scale, 1.5 * scale, size=3)


def _weights(rng: np.random.Generator, n: int = 25) -> np.ndarray:
    w = rng.uniform(0.1, 1.0, size=n)
    return w / w.sum()


CASES = [
    # bounding.py
    case(ellipsoid_contains, lambda rng: _ell(rng) + (0.5 + rng.normal(scale=0.02, size=3),),
         DY("bounding.py", "Ellipsoid.contains / distance / major_axis_endpoints")),
    case(ellipsoid_distance_many, lambda rng: _ell(rng) + (0.5 + rng.normal(scale=0.15, size=(12, 3)),),
         DY("bounding.py", "Ellipsoid.distance_many")),
    case(ellipsoid_scale_to_logvol, lambda rng: _ell(rng) + (np.float64(rng.uniform(0.2, 0.5)),),
         DY("bounding.py", "Ellipsoid.scale_to_logvol", "small axes: the isotropic branch")),
    case(ellipsoid_scale_to_logvol, lambda rng: _long(rng) + (np.float64(rng.uniform(1.5, 2.0)),),
         DY("bounding.py", "Ellipsoid.scale_to_logvol", "a long axis: the loop over the axes"),
         name="dynesty.ellipsoid_scale_to_logvol_axes"),
    case(ellipsoid_samples, lambda rng: _ell(rng) + (SEED,), DY("bounding.py", "Ellipsoid.samples / randsphere")),
    case(ellipsoid_unitcube_overlap, lambda rng: _ell(rng, 0.3) + (SEED,),
         DY("bounding.py", "Ellipsoid.unitcube_overlap", "ndraws=200, an ellipsoid reaching out of the cube")),
    case(ellipsoid_update, lambda rng: (_blob(rng),), DY("bounding.py", "Ellipsoid.update / bounding_ellipsoid")),
    case(ellipsoid_update_bootstrap, lambda rng: (_blob(rng), SEED),
         DY("bounding.py", "Ellipsoid.update", "bootstrap=5: get_seed_sequence, _ellipsoid_bootstrap_expand")),
    case(multi_contains, lambda rng: _two(rng) + (np.array([0.48, 0.48]) + rng.normal(scale=0.01, size=2),),
         DY("bounding.py", "MultiEllipsoid(ctrs, covs).contains / major_axis_endpoints")),
    case(multi_within, lambda rng: _two(rng) + (np.array([0.48, 0.48]) + rng.normal(scale=0.01, size=2),),
         DY("bounding.py", "MultiEllipsoid.within / overlap", "j=None and j=0")),
    case(multi_samples, lambda rng: _two(rng) + (SEED,), DY("bounding.py", "MultiEllipsoid.samples / sample / rand_choice")),
    case(multi_monte_carlo_logvol, lambda rng: _two(rng) + (SEED,),
         DY("bounding.py", "MultiEllipsoid.monte_carlo_logvol", "ndraws=100")),
    case(multi_update, lambda rng: (_clusters(rng), SEED), DY("bounding.py", "MultiEllipsoid.update / _bounding_ellipsoids")),
    case(bounding_ellipsoid_attrs, lambda rng: (_blob(rng),), DY("bounding.py", "bounding_ellipsoid")),
    case(bounding_ellipsoids_attrs, lambda rng: (_clusters(rng),), DY("bounding.py", "bounding_ellipsoids", "two clusters")),
    case(improve_covar_mat, lambda rng: (_ell(rng)[1],), DY("bounding.py", "improve_covar_mat", "a good matrix: trial 0")),
    case(improve_covar_mat, lambda rng: (_singular(rng),),
         DY("bounding.py", "improve_covar_mat", "rank 2 of 3: failed = 1, eigenvalues raised"),
         name="dynesty.improve_covar_mat_singular"),
    case(improve_covar_mat, lambda rng: (-_ell(rng)[1],),
         DY("bounding.py", "improve_covar_mat", "negative definite: failed = 2, blended with the identity"),
         name="dynesty.improve_covar_mat_negative"),
    case(bootstrap_points_seeded, lambda rng: (_blob(rng, 20), SEED), DY("bounding.py", "_bootstrap_points")),
    case(ellipsoid_bootstrap_expand_seeded, lambda rng: (_blob(rng), SEED),
         DY("bounding.py", "_ellipsoid_bootstrap_expand", "multi=False")),
    case(radfriends_sample, lambda rng: (_clusters(rng)[::6], SEED), DY("bounding.py", "RadFriends.samples / contains")),
    case(radfriends_update, lambda rng: (_clusters(rng),),
         DY("bounding.py", "RadFriends.update", "clustering, leave-one-out radius by KDTree")),
    case(supfriends_sample, lambda rng: (_clusters(rng)[::6], SEED), DY("bounding.py", "SupFriends.samples")),
    # utils.py
    case(unitcheck_periodic, lambda rng: (rng.uniform(-0.3, 1.3, size=4), np.array([True, False, True, False])),
         DY("utils.py", "unitcheck", "without and with a nonbounded mask")),
    case(apply_reflect, lambda rng: (rng.uniform(-2.5, 3.5, size=10),), DY("utils.py", "apply_reflect")),
    case(mean_and_cov, lambda rng: (rng.normal(size=(30, 3)), _weights(rng, 30)), DY("utils.py", "mean_and_cov")),
    case(resample_equal_seeded, lambda rng: (rng.normal(size=(25, 2)), _weights(rng), SEED), DY("utils.py", "resample_equal")),
    case(quantile, lambda rng: (rng.normal(size=40), np.array([0.025, 0.5, 0.975]), _weights(rng, 40)),
         DY("utils.py", "quantile", "weighted")),
    case(compute_integrals_run, lambda rng: _run(rng)[:2], DY("utils.py", "compute_integrals")),
    case(progress_integration_run, lambda rng: (_run(rng)[0],),
         DY("utils.py", "progress_integration", "a stand-in for the loop of Sampler.sample")),
    case(jitter_run_seeded, lambda rng: _run(rng) + (SEED,),
         DY("utils.py", "jitter_run / _find_decrease / _get_nsamps_samples_n", "a static run with its final live points")),
    case(resample_run_seeded, lambda rng: _run(rng) + (SEED,), DY("utils.py", "resample_run", "return_idx=True")),
    case(reweight_run_case, lambda rng: _run(rng) + (rng.normal(scale=2.0, size=36),),
         DY("utils.py", "reweight_run / results_substitute / Results.importance_weights")),
    case(samples_equal_seeded, lambda rng: _run(rng) + (SEED,), DY("utils.py", "Results.copy / samples_equal")),
    case(kld_error_seeded, lambda rng: _run(rng) + (SEED,), DY("utils.py", "kld_error", "jitter, approx=True, return_new")),
    # internal_samplers.py
    case(generic_random_walk_gaussian, lambda rng: (_live(rng), _axes(rng), SEED),
         DY("internal_samplers.py", "generic_random_walk / propose_ball_point", "walks=25")),
    case(propose_ball_point_reflect, lambda rng: (np.append(_live(rng), 0.5), _axes(rng, 0.2), SEED),
         DY("internal_samplers.py", "propose_ball_point", "n=4, n_cluster=3, a periodic and a reflective dimension")),
    case(generic_slice_step_gaussian, lambda rng: (_live(rng), _axes(rng)[:, 0], SEED),
         DY("internal_samplers.py", "generic_slice_step", "stepping out")),
    case(generic_slice_step_doubling, lambda rng: (_live(rng), _axes(rng, 0.8)[:, 0], SEED),
         DY("internal_samplers.py", "generic_slice_step / _slice_doubling_accept", "doubling=True")),
    case(slice_sample, lambda rng: (_live(rng), _axes(rng), SEED),
         DY("internal_samplers.py", "SliceSampler.sample / tune / tune_slice", "slices=3")),
    case(rslice_sample, lambda rng: (_live(rng), _axes(rng), SEED),
         DY("internal_samplers.py", "RSliceSampler.sample / tune_slice", "slices=3")),
    case(rwalk_sample, lambda rng: (_live(rng), _axes(rng, 0.5), SEED),
         DY("internal_samplers.py", "RWalkSampler.sample / tune", "walks=25, LogLikelihood / LoglOutput")),
    case(unitcube_sample, lambda rng: (_live(rng), SEED),
         DY("internal_samplers.py", "UnitCubeSampler.sample", "LogLikelihood / LoglOutput")),
    case(uniform_bound_sample, lambda rng: (_live(rng),) + _ell(rng, 0.03) + (SEED,),
         DY("internal_samplers.py", "UniformBoundSampler.prepare_sampler / sample", "an Ellipsoid bound")),
    # dynamicsampler.py
    case(weight_function_case, lambda rng: _dynamic(rng),
         DY("dynamicsampler.py", "weight_function / compute_weights", "return_weights=True")),
    case(stopping_function_case, lambda rng: _dynamic(rng),
         DY("dynamicsampler.py", "stopping_function / get_neff_from_logwt", "n_mc=0, pfrac=0.5")),
    case(stopping_function_mc, lambda rng: _dynamic(rng) + (SEED,),
         DY("dynamicsampler.py", "stopping_function / _kld_error", "n_mc=20: realisations by jitter_run")),
]
