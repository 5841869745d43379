"""pycircstat's circular statistics (circstat/pycircstat, MIT), with its decorators: ``bootstrap`` (a class whose
wrapper finds ``ci``, ``bootstrap_iter`` and ``axis`` among the positional arguments by
``f.__code__.co_varnames.index(...)`` and blanks them in the argument list), ``mod2pi`` (``isinstance`` of the result:
a tuple walked item by item, the ``CI`` namedtuple rebuilt, ``np.isscalar``) and ``swap2zeroaxis`` (a class whose
wrapper swaps the named arguments' ``axis`` to 0 or ravels them, then swaps the outputs back), all made through the
``decorator`` package's ``decorator(caller, f)``. The functions: ``median`` (a loop over ``itertools.product`` of
index ranges, ``if is_odd``, ``warnings.warn`` under ``if m > 1``, ``mean`` of a fancy-indexed slice, ``if
np.abs(cdiff(...)) > ...``), ``pairwise_cdiff`` (reshapers of slices and ``np.newaxis`` built from ``len(shape)``),
``mean`` (``if ci is None`` / ``mean_ci_limits``: two masked writes into a NaN array, ``if not np.all(idx | idx2):
raise UserWarning``, ``scipy.stats.chi2.ppf`` of a Python float), ``resultant_vector_length`` (the bin-spacing
correction ``if d is not None``), ``center`` (``*args``, ``kwargs.pop('axis', None)``, a tuple comprehension with
``isinstance(a, np.ndarray)``), ``percentile`` (``q0`` reshaped by rank, ``hasattr(q, "__iter__")``), ``var``,
``std``, ``avar``, ``astd``, ``corrcl``, ``corrcc`` (two bootstrapped arguments), ``moment``, ``kurtosis`` and
``skewness``; ``kappa`` (masked writes in three bands and the small-sample correction ``if n < 15 and n > 1``), the
``cardioid`` and ``triangular`` ``scipy.stats.rv_continuous`` subclasses; the tests ``rayleigh``, ``omnibus`` (180
half-circle counts, ``if np.any(idx50)``, ``scipy.special.comb``), ``raospacing`` and its table lookup
(``_critical_value_raospacing``: ``hasattr(U, 'shape')``, a loop over ``U.ravel()`` with ``argmax`` lookups and an
``if`` on ``|`` / ``&`` of comparisons), ``vtest``, ``symtest`` (``scipy.stats.wilcoxon``), ``_sample_cdf``
(``np.histogram`` per row), ``cmtest``, ``mtest``, ``medtest`` (masked writes of ``n_min`` / ``n_max``,
``scipy.stats.binom.cdf``); the event-series spectra; ``AggCluster1D`` (``while nu > self.numclust`` with ``j in
cid`` in a comprehension, masked relabelling, ``np.unique``); the two regressors (``np.c_``, ``np.linalg.pinv``,
``__call__`` asserting ``istrained()``, ``__getitem__``, ``loss`` with a lambda).

Copied from circstat/pycircstat at dae8ecad8d594c402ea72fcc03dc3dd9172a66cf (setup.py version 0.0.2; its LICENSE is
the MIT licence, "Copyright (c) 2017 circstat"), the files of ``pycircstat/`` named in each section below. Bodies are
as written, comments kept, docstrings dropped; the modules' cross-references (``descriptive.mean``, ``descr.mean`` in
clustering.py, ``from pycircstat import var`` in event_series.py) resolve through the ``descriptive`` / ``descr``
namespace made after descriptive.py's functions.

Adapted, beyond that:

* the ``decorator`` package is not installed: ``fix``, ``decorate`` and the two-argument form of ``decorator`` are
  copied from micheles/decorator at 16d25637712485e60c097b0daa8d858c998d393f (``src/decorator/__init__.py``, version
  5.3.1, BSD-2-Clause: "Copyright (c) 2005-2026, Michele Simionato"), as a ``pip install decorator`` gives them: the
  decorated function ``fun(*args, **kw)`` binds its arguments to the signature with the defaults applied and passes
  them on positionally. With it, pycircstat's own tests give their expected values (``mean``, ``var``, ``astd``,
  ``kappa``, ``rayleigh``, ``raospacing``, ``omnibus``, ``vtest``, ``median``, ``mean_ci_limits``, the clustering
  centroids), and ``moment``, ``kurtosis`` and ``skewness`` fail as pycircstat issue #80 reports: ``ValueError:
  Function moment does not have variable ci.`` (``bootstrap`` reads ``co_varnames`` of swap2zeroaxis' wrapper). Their
  cases call ``f.__wrapped__``, which decorate's ``fun.__dict__.update(func.__dict__)`` makes the undecorated
  function, with ``axis=0`` as swap2zeroaxis would pass it (the ``'fisher'`` modes, which call the public
  ``moment``, are not run);
* nose is not installed: ``nottest`` is nose's (``func.__test__ = False``);
* ``np.NaN`` and ``np.Inf``, which NumPy 2 removed, are ``np.nan`` and ``np.inf`` (marked ``# adapted``);
* small wrappers fix the keyword arguments (``axis=...``, ``ci=0.95``, ``q0=...``) and build the clustering and
  regression objects.

Not taken: ``watson_williams`` and ``hktest`` (pandas tables), ``kuiper`` (its table is a ``.npy`` data file of the
repository), regression.py's ``CL1stOrderRegression.test`` (pandas), any ``ci`` of the ``bootstrap`` decorator or of
``BaseRegressor.loss`` (``np.random``'s global state: ``nd_bootstrap`` and ``index_bootstrap`` are copied, since the
wrappers name them, but no case runs them), ``iterators.simple_bootstrap``.

The inputs follow tests/: test_descriptive.py's ``test_data_1d`` and ``test_data_2d`` and test_tests.py's 20 angles,
moved by a small uniform jitter so the two calls differ; the percentile tests' ``linspace`` (200 angles, not 10000);
test_clustering.py's ten angles; von Mises samples (a weakly and a strongly concentrated column for both of
``mean_ci_limits``' formulas), uniform angles, integer bin counts as weights, and 3-d arrays for the ``axis`` cases.
"""

# ruff: noqa: E501, E713, E741, B015, B028, UP004, UP008, UP025, UP030, UP031, UP032
from __future__ import annotations

import functools
import inspect
import itertools
import sys
import types
import warnings
from collections import namedtuple
from inspect import iscoroutinefunction, isgeneratorfunction

import numpy as np
from scipy import special, stats
from scipy.stats import rv_continuous

from tests.coverage.cases import PYCIRCSTAT, Source, case


def PC(path: str, original: str, note: str = "") -> Source:
    return Source(PYCIRCSTAT, "pycircstat/" + path, original, note)


# --- stand-ins (see the module docstring) ------------------------------------------------------------------------------
# decorator 5.3.1 (micheles/decorator, src/decorator/__init__.py): fix, decorate (its coroutine and generator branches,
# which pycircstat's callers never take, kept) and decorator's obsolete two-argument form, which pycircstat uses.
inspect_sig = inspect.signature


def fix(args, kwargs, sig):
    ba = sig.bind(*args, **kwargs)
    ba.apply_defaults()  # needed for test_dan_schult
    return ba.args, ba.kwargs


def decorate(func, caller, extras=(), kwsyntax=False):
    sig = inspect_sig(func)
    if isinstance(func, functools.partial):
        func = functools.update_wrapper(func, func.func)
    if iscoroutinefunction(caller):
        async def fun(*args, **kw):
            if not kwsyntax:
                args, kw = fix(args, kw, sig)
            return await caller(func, *(extras + args), **kw)
    elif isgeneratorfunction(caller):
        def fun(*args, **kw):
            if not kwsyntax:
                args, kw = fix(args, kw, sig)
            yield from caller(func, *(extras + args), **kw)
    else:
        def fun(*args, **kw):
            if not kwsyntax:
                args, kw = fix(args, kw, sig)
            return caller(func, *(extras + args), **kw)

    fun.__doc__ = func.__doc__
    fun.__wrapped__ = func
    fun.__signature__ = sig
    fun.__qualname__ = func.__qualname__
    # builtin functions like defaultdict.__setitem__ lack many attributes
    try:
        fun.__defaults__ = func.__defaults__
    except AttributeError:
        pass
    try:
        fun.__kwdefaults__ = func.__kwdefaults__
    except AttributeError:
        pass
    try:
        fun.__annotations__ = func.__annotations__
    except (AttributeError, NameError):
        pass
    try:
        fun.__module__ = func.__module__
    except AttributeError:
        pass
    try:
        fun.__name__ = func.__name__
    except AttributeError:  # happens with old versions of numpy.vectorize
        func.__name__ == 'noname'
    try:
        fun.__dict__.update(func.__dict__)
    except AttributeError:
        pass
    return fun


def decorator(caller, _func=None, kwsyntax=False):
    # (only the two-argument form: decorator(caller) without a function, a decorator factory, is not copied)
    if _func is not None:  # return a decorated function
        # this is obsolete behavior; you should use decorate instead
        return decorate(_func, caller, (), kwsyntax)
    raise NotImplementedError("decorator(caller) without a function is not copied here")


# nose.tools.nottest (nose 1.3.7, nose/tools/nontrivial.py)
def nottest(func):
    func.__test__ = False
    return func


# --- pycircstat/__init__.py --------------------------------------------------------------------------------------------
CI = namedtuple('confidence_interval', ['lower', 'upper'])


# --- pycircstat/iterators.py -------------------------------------------------------------------------------------------
def index_bootstrap(m, iterations):

    for _ in range(iterations):
        yield np.random.randint(0,m,m, dtype=int)


def nd_bootstrap(data, iterations, axis=None, strip_tuple_if_one=True):
    shape0 = data[0].shape
    if axis is None:
        axis = 0
        data = [d.ravel() for d in data]

    n = len(data[0].shape)
    K = len(data)
    data0 = []

    if axis is not None:
        m = data[0].shape[axis]
        to = tuple([axis]) + tuple(range(axis)) + tuple(range(axis + 1, n))
        fro = tuple(range(1, axis + 1)) + (0,) + tuple(range(axis + 1, n))
        for i in range(K):
            data0.append(data[i].transpose(to))

        for i in range(iterations):
            idx = np.random.randint(m, size=(m,))
            if len(data) == 1 and strip_tuple_if_one:
                yield (data0[0][np.ix_(idx), ...].squeeze().
                       transpose(fro).reshape(shape0))
            else:
                yield tuple(a[np.ix_(idx), ...].squeeze().
                            transpose(fro).reshape(shape0) for a in data0)


# --- pycircstat/decorators.py ------------------------------------------------------------------------------------------
def mod2pi(f):
    def wrapper(f, *args, **kwargs):
        ret = f(*args, **kwargs)

        if isinstance(ret, tuple):
            ret2 = []
            for r in ret:
                if isinstance(r, np.ndarray) or np.isscalar(r):
                    ret2.append(r % (2 * np.pi))
                elif isinstance(r, CI):
                    ret2.append(
                        CI(r.lower % (2 * np.pi), r.upper % (2 * np.pi)))
                else:
                    raise TypeError("Type not known!")
            return tuple(ret2)
        elif isinstance(ret, np.ndarray) or np.isscalar(ret):
            return ret % (2 * np.pi)
        else:
            raise TypeError("Type not known!")

    return decorator(wrapper, f)


def get_var(f, varnames, args, kwargs):
    fvarnames = f.__code__.co_varnames

    var_idx = []
    kwar_keys = []
    for varname in varnames:
        if varname in fvarnames:
            var_pos = fvarnames.index(varname)
        else:
            raise ValueError('Function %s does not have variable %s.'
                             % (f.__name__, varnames))
        if len(args) >= var_pos + 1:
            var_idx.append(var_pos)
        elif varname in kwargs:
            kwar_keys.append(varname)
        else:
            raise ValueError('%s was not specified in  %s.'
                             % (varnames, f.__name__))

    return var_idx, kwar_keys


class swap2zeroaxis:

    def __init__(self, inputs, out_idx):
        self.inputs = inputs
        self.out_idx = out_idx

    def __call__(self, f):

        def _deco(f, *args, **kwargs):

            to_swap_idx, to_swap_keys = get_var(f, self.inputs, args, kwargs)
            args = list(args)

            # extract axis parameter
            try:
                axis_idx, axis_kw = get_var(f, ['axis'], args, kwargs)
                if len(axis_idx) == 0 and len(axis_kw) == 0:
                    axis = None
                else:
                    if len(axis_idx) > 0:
                        axis, args[axis_idx[0]] = args[axis_idx[0]], 0
                    else:
                        axis, kwargs[axis_kw[0]] = kwargs[axis_kw[0]], 0
            except ValueError:
                axis = None

            # adjust axes or flatten
            if axis is not None:
                for i in to_swap_idx:
                    if args[i] is not None:
                        args[i] = args[i].swapaxes(0, axis)
                for k in to_swap_keys:
                    if kwargs[k] is not None:
                        kwargs[k] = kwargs[k].swapaxes(0, axis)
            else:
                for i in to_swap_idx:
                    if args[i] is not None:
                        args[i] = args[i].ravel()
                for k in to_swap_keys:
                    if kwargs[k] is not None:
                        kwargs[k] = kwargs[k].ravel()

            # compute function
            outputs = f(*args, **kwargs)

            # swap everything back into place
            if len(self.out_idx) > 0 and axis is not None:
                if isinstance(outputs, tuple):
                    outputs = list(outputs)
                    for i in self.out_idx:
                        outputs[i] = outputs[i][np.newaxis, ...].\
                            swapaxes(0, axis).squeeze()

                    return tuple(outputs)
                else:
                    if self.out_idx != [0]:
                        raise ValueError("Single output argument and out_idx \
                                         != [0] are inconsistent!")
                    return outputs[np.newaxis, ...].swapaxes(0, axis).squeeze()
            else:
                return outputs

        return decorator(_deco, f)


# --- pycircstat/descriptive.py -----------------------------------------------------------------------------------------
class bootstrap:

    def __init__(self, no_bootstrap, scale='linear'):
        self.no_boostrap = no_bootstrap
        self.scale = scale

    def _get_var(self, f, what, default, args, kwargs, remove=False):
        varnames = f.__code__.co_varnames

        if what in varnames:
            what_idx = varnames.index(what)
        else:
            raise ValueError('Function %s does not have variable %s.' %
                             (f.__name__, what))

        if len(args) >= what_idx + 1:
            val = args[what_idx]
            if remove:
                args[what_idx] = default
        # this part is actually never called since decocator seems to convert everything
        # positional arguments. Therefore, I just commented, but did not remove this piece
        # of code since it might be called with keyword arguments under certain circumstances.
        # elif what in kwargs:
        #     if remove:
        #         val = kwargs.pop(what, default)
        #     else:
        #         val = kwargs[what]
        else:
            val = default

        return val

    def __call__(self, f):

        def wrapper(f, *args, **kwargs):
            args = list(args)
            ci = self._get_var(f, 'ci', None, args, kwargs, remove=True)
            bootstrap_iter = self._get_var(f, 'bootstrap_iter', None,
                                           args, kwargs, remove=True)
            axis = self._get_var(f, 'axis', None, args, kwargs)

            alpha = args[:self.no_boostrap]
            args0 = args[self.no_boostrap:]

            if bootstrap_iter is None:
                bootstrap_iter = alpha[0].shape[axis] if axis is not None \
                    else alpha[0].size

            r0 = f(*(alpha + args0), **kwargs)
            if ci is not None:
                r = np.asarray([f(*(list(a) + args0), **kwargs) for a in
                                nd_bootstrap(alpha, bootstrap_iter, axis=axis,
                                             strip_tuple_if_one=False)])

                if self.scale == 'linear':
                    ci_low, ci_high = np.percentile(r, [(1 - ci) / 2 * 100,
                                                        (1 + ci) / 2 * 100],
                                                    axis=0)
                elif self.scale == 'circular':
                    ci_low, ci_high = percentile(r, [(1 - ci) / 2 * 100,
                                                     (1 + ci) / 2 * 100],
                                                 q0=(r0 + np.pi) % (2 * np.pi),
                                                 axis=0)
                else:
                    raise ValueError('Scale %s not known!' % (self.scale, ))
                return r0, CI(ci_low, ci_high)
            else:
                return r0

        return decorator(wrapper, f)


@bootstrap(1, 'circular')
def median(alpha, axis=None, ci=None, bootstrap_iter=None):
    if axis is None:
        axis = 0
        alpha = alpha.ravel()

    dims = [range(alpha.shape[i]) for i in range(len(alpha.shape))]
    dims[axis] = [slice(None)]

    med = np.empty(alpha.shape[:axis] + alpha.shape[axis + 1:])
    n = alpha.shape[axis]
    is_odd = (n % 2 == 1)
    for idx in itertools.product(*dims):
        out_idx = idx[:axis] + idx[axis + 1:]

        beta = alpha[idx] % (2 * np.pi)

        dd = pairwise_cdiff(beta)
        m1 = np.sum(dd >= 0, 0)
        m2 = np.sum(dd <= 0, 0)
        dm = np.abs(m1 - m2)

        if is_odd:
            min_idx = np.argmin(dm)
            m = dm[min_idx]
        else:
            m = np.min(dm)
            min_idx = np.argsort(dm)[:2]

        if m > 1:
            warnings.warn('Ties detected in median computation')

        md = mean(beta[min_idx])
        if np.abs(cdiff(mean(beta), md)) > np.abs(cdiff(mean(beta),
                                                        md + np.pi)):
            md = (md + np.pi) % (2 * np.pi)

        med[out_idx] = md

    return med


def center_angle(angle):
    return (angle + np.pi) % (2*np.pi) - np.pi


def cdiff(alpha, beta):
    return center_angle(alpha - beta)


def pairwise_cdiff(alpha, beta=None):
    if beta is None:
        beta = alpha

    # advanced slicing and broadcasting to make pairwise distance work
    # between arbitrary nd arrays
    reshaper_alpha = len(alpha.shape) * (slice(None, None),) + \
        len(beta.shape) * (np.newaxis,)
    reshaper_beta = len(alpha.shape) * (np.newaxis,) + \
        len(beta.shape) * (slice(None, None),)

    return center_angle(alpha[reshaper_alpha] - beta[reshaper_beta])


@mod2pi
def mean(alpha, w=None, ci=None, d=None, axis=None, axial_correction=1):

    cmean = _complex_mean(alpha,
                          w=w,
                          axis=axis,
                          axial_correction=axial_correction)

    mu = np.angle(cmean) / axial_correction

    if ci is None:
        return mu
    else:
        if axial_correction > 1:  # TODO: implement CI for axial correction
            warnings.warn("Axial correction ignored for confidence intervals.")
        t = mean_ci_limits(alpha, ci=ci, w=w, d=d, axis=axis)
        return mu, CI(mu - t, mu + t)


def mean_ci_limits(alpha, ci=0.95, w=None, d=None, axis=None):

    if w is None:
        w = np.ones_like(alpha)

    assert alpha.shape == w.shape, "Dimensions of data and w do not match!"

    r = np.atleast_1d(resultant_vector_length(alpha, w=w, d=d, axis=axis))
    n = np.atleast_1d(np.sum(w, axis=axis))

    R = n * r
    c2 = stats.chi2.ppf(ci, df=1)

    t = np.nan * np.empty_like(r)  # adapted: np.NaN, which NumPy 2 removed

    idx = (r < .9) & (r > np.sqrt(c2 / 2 / n))
    t[idx] = np.sqrt((2 * n[idx] * (2 * R[idx] ** 2 - n[idx] * c2))
                     / (4 * n[idx] - c2))  # eq. 26.24

    idx2 = (r >= .9)
    t[idx2] = np.sqrt(n[idx2] ** 2 - (n[idx2] ** 2 - R[idx2] ** 2)
                      * np.exp(c2 / n[idx2]))  # equ. 26.25

    if not np.all(idx | idx2):
        raise UserWarning("""Requirements for confidence levels not met:
                CI limits require a certain concentration of the data around the mean""")

    return np.squeeze(np.arccos(t / R))


@bootstrap(1, 'linear')
def resultant_vector_length(alpha, w=None, d=None, axis=None,
                            axial_correction=1, ci=None, bootstrap_iter=None):
    if axis is None:
        axis = 0
        alpha = alpha.ravel()
        if w is not None:
            w = w.ravel()

    cmean = _complex_mean(alpha, w=w, axis=axis,
                          axial_correction=axial_correction)

    # obtain length
    r = np.abs(cmean)

    # for data with known spacing, apply correction factor to correct for bias
    # in the estimation of r (see Zar, p. 601, equ. 26.16)
    if d is not None:
        if axial_correction > 1:
            warnings.warn("Axial correction ignored for bias correction.")
        r *= d / 2 / np.sin(d / 2)
    return r

# defines synonym for resultant_vector_length
vector_strength = resultant_vector_length


def _complex_mean(alpha, w=None, axis=None, axial_correction=1):
    if w is None:
        w = np.ones_like(alpha)
    alpha = np.asarray(alpha)

    assert w.shape == alpha.shape, "Dimensions of data " + str(alpha.shape) \
                                   + " and w " + \
        str(w.shape) + " do not match!"

    return ((w * np.exp(1j * alpha * axial_correction)).sum(axis=axis) /
            np.sum(w, axis=axis))


@mod2pi
def center(*args, **kwargs):

    axis = kwargs.pop('axis', None)
    if axis is None:
        axis = 0
        args = [a.ravel() for a in args]

    reshaper = tuple(slice(None, None) if i != axis else np.newaxis
                     for i in range(len(args[0].shape)))
    if len(args) == 1:
        return args[0] - mean(args[0], axis=axis)
    else:
        return tuple([a - mean(a, axis=axis)[reshaper]
                      for a in args if isinstance(a, np.ndarray)])


@mod2pi
@bootstrap(1, 'circular')
def percentile(alpha, q, q0, axis=None, ci=None, bootstrap_iter=None):
    if axis is None:
        alpha = (alpha.ravel() - q0) % (2 * np.pi)
    else:
        if len(q0.shape) == len(alpha.shape) - 1:
            reshaper = tuple(slice(None, None) if i != axis else np.newaxis
                             for i in range(len(alpha.shape)))
            q0 = q0[reshaper]
        elif not len(q0.shape) == len(alpha.shape):
            raise ValueError("Dimensions of start and alpha are inconsistent!")

        alpha = (alpha - q0) % (2 * np.pi)

    ret = []
    if axis is not None:
        selector = tuple(slice(None) if i != axis else 0
                         for i in range(len(alpha.shape)))
        q0 = q0[selector]

    for qq in np.atleast_1d(q):
        ret.append(np.percentile(alpha, qq, axis=axis) + q0)

    if not hasattr(q, "__iter__"):  # if q is not some sort of list, array, etc
        return np.asarray(ret).squeeze()
    else:
        return np.asarray(ret)


@bootstrap(1, 'linear')
def var(alpha, w=None, d=None, axis=None, ci=None, bootstrap_iter=None):

    if axis is None:
        axis = 0
        alpha = alpha.ravel()
        if w is not None:
            w = w.ravel()

    if w is None:
        w = np.ones_like(alpha)

    assert w.shape == alpha.shape, "Dimensions of alpha and w must match"

    r = resultant_vector_length(alpha, w=w, d=d, axis=axis)

    return 1 - r


@bootstrap(1, 'linear')
def std(alpha, w=None, d=None, axis=None, ci=None, bootstrap_iter=None):

    if axis is None:
        axis = 0
        alpha = alpha.ravel()
        if w is not None:
            w = w.ravel()

    if w is None:
        w = np.ones_like(alpha)

    assert w.shape == alpha.shape, "Dimensions of alpha and w must match"

    r = resultant_vector_length(alpha, w=w, d=d, axis=axis)

    return np.sqrt(-2 * np.log(r))


@bootstrap(1, 'linear')
def avar(alpha, w=None, d=None, axis=None, ci=None, bootstrap_iter=None):

    if axis is None:
        axis = 0
        alpha = alpha.ravel()
        if w is not None:
            w = w.ravel()

    if w is None:
        w = np.ones_like(alpha)

    return 2 * var(alpha, w=w, d=d, axis=axis, ci=None)


@bootstrap(1, 'linear')
def astd(alpha, w=None, d=None, axis=None, ci=None, bootstrap_iter=None):

    if axis is None:
        axis = 0
        alpha = alpha.ravel()
        if w is not None:
            w = w.ravel()

    if w is None:
        w = np.ones_like(alpha)

    return np.sqrt(avar(alpha, w=w, d=d, axis=axis, ci=None))


def _corr(x, y, axis=0):
    return np.sum((x - x.mean(axis=axis, keepdims=True))  * \
                  (y - y.mean(axis=axis, keepdims=True)), axis=axis) \
            / np.std(x, axis=axis) / np.std(y, axis=axis) / x.shape[axis]


@bootstrap(1, 'linear')
def corrcl(alpha, x, axis=None, ci=None, bootstrap_iter=None):

    assert alpha.shape == x.shape, "Dimensions of alpha and x must match"

    if axis is None:
        alpha = alpha.ravel()
        x = x.ravel()
        axis = 0

    # compute correlation coefficient for sin and cos independently
    rxs = _corr(x, np.sin(alpha), axis=axis)
    rxc = _corr(x, np.cos(alpha), axis=axis)
    rcs = _corr(np.sin(alpha), np.cos(alpha), axis=axis)

    # compute angular-linear correlation (equ. 27.47)
    return np.sqrt(
        (rxc ** 2 + rxs ** 2 - 2 * rxc * rxs * rcs) / (1 - rcs ** 2))


@bootstrap(2, 'linear')
def corrcc(alpha1, alpha2, ci=None, axis=None, bootstrap_iter=None):
    assert alpha1.shape == alpha2.shape, 'Input dimensions do not match.'

    # center data on circular mean
    alpha1, alpha2 = center(alpha1, alpha2, axis=axis)

    # compute correlation coeffcient from p. 176
    num = np.sum(np.sin(alpha1) * np.sin(alpha2), axis=axis)
    den = np.sqrt(np.sum(np.sin(alpha1) ** 2, axis=axis) *
                  np.sum(np.sin(alpha2) ** 2, axis=axis))
    return num / den


@bootstrap(1, 'linear')
@swap2zeroaxis(['alpha'], [0])
def moment(alpha, p=1, cent=False,
           w=None, d=None, axis=None,
           ci=None, bootstrap_iter=None):

    if w is None:
        w = np.ones_like(alpha)

    assert w.shape == alpha.shape, "Dimensions of alpha and w must match"

    if cent:
        theta = mean(alpha, w=w, d=d, axis=axis)
        theta2 = np.tile(theta, (alpha.shape[0],) + len(theta.shape) * (1,))
        alpha = cdiff(alpha, theta2)

    n = alpha.shape[axis]
    cbar = np.sum(np.cos(p * alpha) * w, axis) / n
    sbar = np.sum(np.sin(p * alpha) * w, axis) / n
    mp = cbar + 1j * sbar

    return mp


@bootstrap(1, 'linear')
@swap2zeroaxis(['alpha'], [0])
def kurtosis(
        alpha,
        w=None,
        axis=None,
        mode='pewsey',
        ci=None,
        bootstrap_iter=None):
    if w is None:
        w = np.ones_like(alpha)
    else:
        assert w.shape == alpha.shape, "Dimensions of alpha and w must match"

    theta = mean(alpha, w=w, axis=axis)

    if mode == 'pewsey':
        theta2 = np.tile(theta, (alpha.shape[0],) + len(theta.shape) * (1,))
        return np.sum(
            w * (np.cos(2 * (cdiff(alpha, theta2)))), axis=0) / np.sum(w, axis=0)
    elif mode == 'fisher':
        mom = moment(alpha, p=2, w=w, axis=axis, cent=False)
        mu2, rho2 = np.angle(mom), np.abs(mom)
        R = resultant_vector_length(alpha, w=w, axis=axis)
        return (rho2 * np.cos(cdiff(mu2, 2 * theta)) - R**4) / \
            (1 - R)**2  # (formula 2.30)
    else:
        raise ValueError("Mode %s not known!" % (mode, ))


@bootstrap(1, 'linear')
@swap2zeroaxis(['alpha'], [0])
def skewness(
        alpha,
        w=None,
        axis=None,
        ci=None,
        bootstrap_iter=None,
        mode='pewsey'):
    if w is None:
        w = np.ones_like(alpha)
    else:
        assert w.shape == alpha.shape, "Dimensions of alpha and w must match"

    # compute neccessary values
    theta = mean(alpha, w=w, axis=axis)

    # compute skewness
    if mode == 'pewsey':
        theta2 = np.tile(theta, (alpha.shape[0],) + len(theta.shape) * (1,))
        return np.sum(
            w * np.sin(2 * cdiff(alpha, theta2)), axis=axis) / np.sum(w, axis=axis)
    elif mode == 'fisher':
        mom = moment(alpha, p=2, w=w, axis=axis, cent=False)
        mu2, rho2 = np.angle(mom), np.abs(mom)
        R = resultant_vector_length(alpha, w=w, axis=axis)
        return rho2 * np.sin(cdiff(mu2, 2 * theta)) / \
            (1 - R)**(3. / 2)  # (formula 2.29)
    else:
        raise ValueError("Mode %s not known!" % (mode, ))


descriptive = types.SimpleNamespace(median=median, cdiff=cdiff, pairwise_cdiff=pairwise_cdiff, mean=mean,
                                    resultant_vector_length=resultant_vector_length, var=var)
descr = descriptive


# --- pycircstat/distributions.py ---------------------------------------------------------------------------------------
@swap2zeroaxis(['alpha'], [0])
def kappa(alpha, w=None, axis=None):

    if w is None:
        w = np.ones_like(alpha)
    else:
        assert w.shape == alpha.shape, "Dimensions of alpha and w must match"

    n = alpha.shape[axis]

    if n > 1:
        R = resultant_vector_length(alpha, w, axis=axis)
    else:
        R = alpha
    R = np.atleast_1d(R)

    kappa = np.asarray(0 * R)

    idx = R < 0.53

    kappa[idx] = 2. * R[idx] + R[idx]**3. + 5 * R[idx]**5. / 6

    idx = (R >= 0.53) & (R < 0.85)
    kappa[idx] = -.4 + 1.39 * R[idx] + 0.43 / (1. - R[idx])

    idx = R > 0.85
    kappa[idx] = 1. / (R[idx]**3. - 4. * R[idx]**2. + 3. * R[idx])

    if n < 15 and n > 1:
        idx = kappa < 2.
        kappa[idx] = kappa[idx] - 2 * (n * kappa[idx])**-1.
        idx0 = kappa < 0
        kappa[idx & idx0] = 0

        kappa[~idx] = (n - 1)**3 * kappa[~idx] / (n**3. + n)

    return kappa


class cardioid_gen(rv_continuous):

    def _argcheck(self, mu, rho):
        return (-.5 <= rho <= .5) and (0 <= mu <= 2. * np.pi)

    def _stats(self, mu, rho):
        return mu, None, None, None

    def _pdf(self, x, mu, rho):
        x = x % (2 * np.pi)
        return (1 + 2 * rho * np.cos(x - mu)) / 2. / np.pi

    def _cdf(self, x, mu, rho):
        # x = (x - mu - np.pi) % (2*np.pi)
        # return (-mu + 2*rho*np.sin(x-mu) + x + np.pi)/2/np.pi
        x = x % (2 * np.pi)
        return (2 * rho * np.sin(x - mu) + x + 2 * rho * np.sin(mu)) / \
            2 / np.pi

# hack for problems with numpy missing in readthedocs and mock
if not 'sphinx' in sys.modules:
    cardioid = cardioid_gen(name='cardioid', shapes="mu, rho")


class triangular_gen(rv_continuous):

    def _argcheck(self, rho):
        return 0 <= rho <= 4. / np.pi ** 2.

    def _stats(self, rho):
        return 0, None, None, None

    def _pdf(self, x, rho):
        x = x % (2 * np.pi)
        return ((4 - np.pi ** 2. * rho + 2. * np.pi * rho * np.abs(np.pi - x))
                / 8. / np.pi)

    def _cdf(self, x, rho):
        x = x % (2 * np.pi)
        ret = 0 * x
        idx = (x < np.pi)
        ret[idx] = -0.125 * rho[idx] * x[idx] ** 2 + x[idx] * \
            (0.125 * np.pi ** 2 * rho[idx] + 0.5) / np.pi
        ret[~idx] = 0.125 * rho[~idx] * x[~idx] ** 2 + 0.25 * \
            np.pi ** 2 * rho[~idx] - x[~idx] * \
            (0.375 * np.pi ** 2 * rho[~idx] - 0.5) / np.pi
        return ret

# hack for problems with numpy missing in readthedocs and mock
if not 'sphinx' in sys.modules:
    triangular = triangular_gen(name='triangular', shapes="rho")


# --- pycircstat/tests.py -----------------------------------------------------------------------------------------------
@swap2zeroaxis(['alpha', 'w'], [0, 1])
def rayleigh(alpha, w=None, d=None, axis=None):
    # if axis is None:
    # axis = 0
    #     alpha = alpha.ravel()

    if w is None:
        w = np.ones_like(alpha)

    assert w.shape == alpha.shape, "Dimensions of alpha and w must match"

    r = descriptive.resultant_vector_length(alpha, w=w, d=d, axis=axis)
    n = np.sum(w, axis=axis)

    # compute Rayleigh's R (equ. 27.1)
    R = n * r

    # compute Rayleigh's z (equ. 27.2)
    z = R ** 2 / n

    # compute p value using approxation in Zar, p. 617
    pval = np.exp(np.sqrt(1 + 4 * n + 4 * (n ** 2 - R ** 2)) - (1 + 2 * n))

    return pval, z


@swap2zeroaxis(['alpha', 'w'], [0, 1])
def omnibus(alpha, w=None, sz=np.radians(1), axis=None):

    if w is None:
        w = np.ones_like(alpha)

    assert w.shape == alpha.shape, "Dimensions of alpha and w must match"

    alpha = alpha % (2 * np.pi)
    n = np.sum(w, axis=axis)

    dg = np.arange(0, np.pi, np.radians(1))

    m1 = np.zeros((len(dg),) + alpha.shape[1:])
    m2 = np.zeros((len(dg),) + alpha.shape[1:])

    for i, dg_val in enumerate(dg):
        m1[i, ...] = np.sum(
            w * ((alpha > dg_val) & (alpha < np.pi + dg_val)), axis=axis)
        m2[i, ...] = n - m1[i, ...]

    m = np.concatenate((m1, m2), axis=0).min(axis=axis)

    n = np.atleast_1d(n)
    m = np.atleast_1d(m)
    A = np.empty_like(n)
    pval = np.empty_like(n)
    idx50 = (n > 50)

    if np.any(idx50):
        A[idx50] = np.pi * np.sqrt(n[idx50]) / 2 / (n[idx50] - 2 * m[idx50])
        pval[idx50] = np.sqrt(2 * np.pi) / A[idx50] * \
                      np.exp(-np.pi ** 2 / 8 / A[idx50] ** 2)

    if np.any(~idx50):
        pval[~idx50] = 2 ** (1 - n[~idx50]) * (n[~idx50] - \
                                               2 * m[~idx50]) * special.comb(n[~idx50], m[~idx50])

    return pval.squeeze(), m


@swap2zeroaxis(['alpha'], [0, 1, 2])
def raospacing(alpha, axis=None):

    alpha = np.degrees(alpha)
    alpha = np.sort(alpha, axis=axis)

    n = alpha.shape[axis]
    assert n >= 4, 'Rao spacing test requires at least 4 samples'

    # compute test statistic along 0 dimension (swap2zeroaxis)
    U = 0.
    kappa = 360 / n
    for j in range(0, n - 1):
        ti = alpha[j + 1, ...] - alpha[j, ...]
        U = U + np.abs(ti - kappa)

    tn = 360 - alpha[-1, ...] + alpha[0, ...]
    U = U + abs(tn - kappa)

    U = .5 * U

    # get critical value from table
    pval, Uc = _critical_value_raospacing(n, U)

    return pval, U, Uc


def _critical_value_raospacing(n, U):
    # Table II from Russel and Levitin, 1995

    alpha_level = np.array([0.001, .01, .05, .10])

    table = np.array([
        4, 247.32, 221.14, 186.45, 168.02,
        5, 245.19, 211.93, 183.44, 168.66,
        6, 236.81, 206.79, 180.65, 166.30,
        7, 229.46, 202.55, 177.83, 165.05,
        8, 224.41, 198.46, 175.68, 163.56,
        9, 219.52, 195.27, 173.68, 162.36,
        10, 215.44, 192.37, 171.98, 161.23,
        11, 211.87, 189.88, 170.45, 160.24,
        12, 208.69, 187.66, 169.09, 159.33,
        13, 205.87, 185.68, 167.87, 158.50,
        14, 203.33, 183.90, 166.76, 157.75,
        15, 201.04, 182.28, 165.75, 157.06,
        16, 198.96, 180.81, 164.83, 156.43,
        17, 197.05, 179.46, 163.98, 155.84,
        18, 195.29, 178.22, 163.20, 155.29,
        19, 193.67, 177.08, 162.47, 154.78,
        20, 192.17, 176.01, 161.79, 154.31,
        21, 190.78, 175.02, 161.16, 153.86,
        22, 189.47, 174.10, 160.56, 153.44,
        23, 188.25, 173.23, 160.01, 153.05,
        24, 187.11, 172.41, 159.48, 152.68,
        25, 186.03, 171.64, 158.99, 152.32,
        26, 185.01, 170.92, 158.52, 151.99,
        27, 184.05, 170.23, 158.07, 151.67,
        28, 183.14, 169.58, 157.65, 151.37,
        29, 182.28, 168.96, 157.25, 151.08,
        30, 181.45, 168.38, 156.87, 150.80,
        35, 177.88, 165.81, 155.19, 149.59,
        40, 174.99, 163.73, 153.82, 148.60,
        45, 172.58, 162.00, 152.68, 147.76,
        50, 170.54, 160.53, 151.70, 147.05,
        75, 163.60, 155.49, 148.34, 144.56,
        100, 159.45, 152.46, 146.29, 143.03,
        150, 154.51, 148.84, 143.83, 141.18,
        200, 151.56, 146.67, 142.35, 140.06,
        300, 148.06, 144.09, 140.57, 138.71,
        400, 145.96, 142.54, 139.50, 137.89,
        500, 144.54, 141.48, 138.77, 137.33,
        600, 143.48, 140.70, 138.23, 136.91,
        700, 142.66, 140.09, 137.80, 136.59,
        800, 142.00, 139.60, 137.46, 136.33,
        900, 141.45, 139.19, 137.18, 136.11,
        1000, 140.99, 138.84, 136.94, 135.92])
    table = table.reshape((-1, 5))

    if not hasattr(U, 'shape'):
        U = np.array(U)

    old_shape = U.shape
    U = U.ravel()
    Uc, p = 0 * U, 0 * U

    for i, loop_u in enumerate(U):
        ridx = (table[:, 0] >= n).argmax()
        cidx = (table[ridx, 1:] < loop_u).argmax()

        if (cidx > 0) | ((cidx == 0) & (table[ridx, cidx + 1] < loop_u)):
            Uc[i] = table[ridx, cidx + 1]
            p[i] = alpha_level[cidx]
        else:
            Uc[i] = table[ridx, -1]
            p[i] = .5

    return p.reshape(old_shape), Uc.reshape(old_shape)


@swap2zeroaxis(['alpha', 'w'], [0, 1])
def vtest(alpha, mu, w=None, d=None, axis=None):

    if w is None:
        w = np.ones_like(alpha)
    assert w.shape == alpha.shape, "Dimensions of alpha and w must match"

    r = descriptive.resultant_vector_length(alpha, w=w, d=d, axis=axis)
    m = descriptive.mean(alpha, w=w, d=d, axis=axis)
    n = np.sum(w, axis=axis)

    # compute Rayleigh's R (equ. 27.1)
    R = n * r

    # compute V and u (equ. 27.5)
    V = R * np.cos(m - mu)
    u = V * np.sqrt(2 / n)
    # compute p value using approxation in Zar, p. 617
    pval = 1 - stats.norm.cdf(u)

    return pval, V


@swap2zeroaxis(['alpha'], [0, 1])
def symtest(alpha, axis=None):

    m = descriptive.median(alpha, axis=axis)

    d = np.angle(np.exp(1j * m[np.newaxis]) / np.exp(1j * alpha))

    if axis is not None:
        oshape = d.shape[1:]
        d2 = d.reshape((d.shape[0], int(np.prod(d.shape[1:]))))
        T, pval = map(lambda x: np.asarray(x).reshape(
            oshape), zip(*[stats.wilcoxon(dd) for dd in d2.T]))
    else:
        T, pval = stats.wilcoxon(d)

    return pval, T


@swap2zeroaxis(['alpha'], [1])
def _sample_cdf(alpha, resolution=100., axis=None):

    if axis is None:
        alpha = alpha.ravel()
        axis = 0
    bins = np.linspace(0, 2 * np.pi, resolution + 1)
    old_shape = alpha.shape
    alpha = alpha % (2 * np.pi)

    alpha = alpha.reshape((alpha.shape[0], int(np.prod(alpha.shape[1:])))).T
    cdf = np.array([np.histogram(a, bins=bins)[0]
                    for a in alpha]).cumsum(axis=1) / float(alpha.shape[1])
    cdf = cdf.T.reshape((len(bins) - 1,) + old_shape[1:])

    return bins[:-1], cdf


@nottest
def cmtest(*args, **kwargs):
    axis = kwargs.get('axis', None)
    if axis is None:
        alpha = list(map(np.ravel, args))
    else:
        alpha = args

    s = len(alpha)
    n = [(0 * a + 1).sum(axis=axis) for a in alpha]
    N = sum(n)

    med = descriptive.median(np.concatenate(alpha, axis=axis), axis=axis)
    if axis is not None:
        med = np.expand_dims(med, axis=axis)

    m = [np.sum(descriptive.cdiff(a, med) < 0, axis=axis) for a in alpha]
    if np.any([nn < 10 for nn in n]):
        warnings.warn('Test not applicable. Sample size in at least one group to small.')
    M = sum(m)
    P = (N ** 2. / (M * (N - M))) * sum([mm ** 2. / nn for mm, nn in zip(m, n)]) - N * M / (N - M)
    pval = stats.chi2.sf(P, df=s - 1)
    return pval, P


@nottest
def mtest(alpha, dir, xi=0.05, w=None, d=None, axis=None):

    if w is None:
        w = np.ones_like(alpha, dtype=float)
    else:
        assert alpha.shape == w.shape, "Shape of w and alpha must match"

    dir = np.atleast_1d(dir)

    mu, ci = descriptive.mean(alpha, w=w, d=d, axis=axis, ci=1. - xi)
    t = np.abs(descriptive.cdiff(mu, ci.lower))
    h = np.abs(descriptive.cdiff(mu, dir)) > t

    return h, mu, ci


@nottest
def medtest(alpha, md, axis=None):

    md = np.atleast_1d(md)

    n = alpha.shape[axis] if axis is not None else len(alpha)

    d = descriptive.cdiff(alpha, md)

    n1 = np.atleast_1d(np.sum(d < 0, axis=axis))
    n2 = np.atleast_1d(np.sum(d > 0, axis=axis))

    # compute p-value with binomial test
    n_min = np.array(n1)
    n_min[n1 > n2] = n2[n1 > n2]

    n_max = np.array(n1)
    n_max[n1 < n2] = n2[n1 < n2]
    # TODO: this formula can actually give more than 1, e.g. if n_max == n_min; possibly change that
    return stats.binom.cdf(n_min, n, 0.5) + 1 - stats.binom.cdf(n_max - 1, n, 0.5)


# --- pycircstat/event_series.py ----------------------------------------------------------------------------------------
def convolve_dirac_gauss(t, trial, sigma=1.):
    ret = 0 * t
    for st in trial:
        ret[:] += stats.norm.pdf(t, loc=st, scale=sigma)
    return ret


def vector_strength_spectrum(event_times, sampling_rate, time=None):
    dt = 1. / sampling_rate
    if time is not None:
        if len(time) == 2:
            t = np.arange(time[0], time[1], dt)
        else:
            assert np.abs(
                dt - (time[1] - time[0])) < 1e-6, "Sampling rate and dt in time do not agree."
            t = time
    else:
        t = np.arange(
            np.amin(event_times) -
            50. /
            sampling_rate,
            np.amax(event_times) +
            50. /
            sampling_rate,
            dt)

    w = np.fft.fftfreq(len(t), d=dt)
    sigma = 1. / 2. / np.pi / sampling_rate * 8

    x = convolve_dirac_gauss(t, event_times, sigma=sigma)

    a = np.abs(np.fft.fft(x)) * dt / len(event_times)
    a[w == 0] = np.nan  # adapted: np.NaN, which NumPy 2 removed
    gf = np.exp(-2 * np.pi**2 * sigma**2 * w**2)
    return w, a / gf

def direct_vector_strength_spectrum(event_times, frequencies):
    ret = np.asarray([1-var( (event_times % (1./w) )*w*2*np.pi ) for w in frequencies])

    return ret


# --- pycircstat/clustering.py ------------------------------------------------------------------------------------------
class AggCluster1D(object):

    def __init__(self, numclust=2):
        self.numclust = numclust

    def train(self, alpha):
        assert len(alpha.shape) == 1, 'Clustering works only for 1d data'
        n = len(alpha)
        cid = np.arange(n, dtype=int)

        nu = n


        while nu > self.numclust:
            mu = np.asarray([descr.mean(alpha[cid == j]) if j in cid else np.inf for j in range(n)])  # adapted: np.Inf, which NumPy 2 removed
            D = np.abs(descr.pairwise_cdiff(mu))
            idx = np.triu_indices(n,1)
            min = np.nanargmin(D[idx])
            cid[cid == cid[idx[0][min]]] = cid[idx[1][min]]
            nu -= 1


        cid2 = np.empty_like(cid)
        for i,j in enumerate(np.unique(cid)):
            cid2[cid == j] = i
        ucid = np.unique(cid2)
        self.centroids = np.asarray([descr.mean(alpha[cid2 == i]) for i in ucid])
        self.cluster_ids = ucid
        self.r = np.asarray([descr.resultant_vector_length(alpha[cid2 == i]) for i in ucid])

        return alpha, cid2

    def test(self, alpha):
        D = np.abs(descr.pairwise_cdiff(self.centroids, alpha))
        idx = np.argmin(D, axis=0)
        return alpha, np.asarray([self.cluster_ids[i] for i in idx])


# --- pycircstat/regression.py ------------------------------------------------------------------------------------------
class BaseRegressor(object):

    def __init__(self):
        self._coef = None

    def istrained(self):
        return self._coef is not None

    def train(self, *args, **kwargs):
        raise NotImplementedError(u"{0:s}.train not implemented".format(self.__class__.__name__))

    def test(self, *args, **kwargs):
        raise NotImplementedError(u"{0:s}.test not implemented".format(self.__class__.__name__))


    def loss(self, x, y, lossfunc, ci=None, bootstrap_iter=1000):

        if ci is not None:
            yhat = self.predict(x)
            l = [lossfunc(y[idx], yhat[idx]) for idx in index_bootstrap(x.shape[0], bootstrap_iter)]
            mu = np.mean(l)
            q = 1 - ci
            return mu, CI(np.percentile(l, q / 2. * 100), np.percentile(l, 1 - q / 2. * 100))
        return lossfunc(y, self.predict(x))

    def predict(self, *args, **kwargs):
        raise NotImplementedError(u"{0:s}.predict not implemented".format(self.__class__.__name__))

    def __getitem__(self, item):
        return self._coef.__getitem__(item)

    def __setitem__(self, key, value):
        return self._coef.__getitem__(key, value)

    def __call__(self, *args, **kwargs):
        assert self.istrained(), "Regressor must be trained first."
        return self.predict(*args, **kwargs)


class CL1stOrderRegression(BaseRegressor):

    def __init__(self):
        super(CL1stOrderRegression, self).__init__()

    def train(self, alpha, x):
        assert alpha.shape == x.shape, "x and alpha need to have the same shape"
        assert len(alpha.shape) == 1, "regression only implemented for 1D data"
        assert len(x.shape) == 1, "regression only implemented for 1D data"

        X = np.c_[np.cos(alpha), np.sin(alpha), np.ones_like(alpha)]
        c = np.dot(np.linalg.pinv(X), x)
        self._coef = c

    def predict(self, alpha):
        X = np.c_[np.cos(alpha), np.sin(alpha), np.ones_like(alpha)]

        return np.dot(X, self._coef)


class CCTrigonometricPolynomialRegression(BaseRegressor):

    def __init__(self, degree=3):
        super(CCTrigonometricPolynomialRegression, self).__init__()
        self.degree = degree

    def train(self, alpha, beta):
        X = np.vstack([np.ones_like(alpha)] + [np.cos(alpha*k) for k in np.arange(1., self.degree+1)] \
                                  + [np.sin(alpha*k) for k in np.arange(1., self.degree+1)]).T
        self._coef = np.c_[np.dot(np.linalg.pinv(X), np.cos(beta)),
                           np.dot(np.linalg.pinv(X), np.sin(beta))]

    def predict(self, alpha):
        X = np.vstack([np.ones_like(alpha)] + [np.cos(alpha*k) for k in np.arange(1., self.degree+1)] \
                                  + [np.sin(alpha*k) for k in np.arange(1., self.degree+1)]).T
        beta = np.dot(X, self._coef)
        return np.arctan2(beta[:,1], beta[:,0])


# --- the cases: wrappers that fix the keyword arguments (and build the objects) inside the traced function -------------
def median_axis1(alpha):
    return median(alpha, axis=1)


def pairwise_cdiff_two(alpha, beta):
    return pairwise_cdiff(alpha, beta)


def mean_weighted(alpha, w):
    return mean(alpha, w=w)


def mean_axis0(alpha):
    return mean(alpha, axis=0)


def mean_axial(alpha):
    return mean(alpha, axial_correction=3)


def mean_ci_axis0(alpha):
    return mean(alpha, ci=0.95, axis=0)


def mean_ci_limits_axis0(alpha):
    return mean_ci_limits(alpha, ci=0.8, axis=0)


def resultant_vector_length_binned(alpha, w, d):
    return resultant_vector_length(alpha, w=w, d=d)


def resultant_vector_length_axis1(alpha):
    return resultant_vector_length(alpha, axis=1)


def center_two(alpha1, alpha2):
    return center(alpha1, alpha2, axis=1)


def percentile_two(alpha, q0):
    return percentile(alpha, [5, 10], q0=q0)


def percentile_axis1(alpha, q0):
    return percentile(alpha, 5, q0=q0, axis=1)


def std_axis0(alpha):
    return std(alpha, axis=0)


def corrcc_axis1(alpha1, alpha2):
    return corrcc(alpha1, alpha2, axis=1)


# moment, kurtosis and skewness: the public functions fail with decorator 5 (pycircstat issue #80: bootstrap reads
# ``co_varnames`` of swap2zeroaxis' wrapper, which has none of the names). ``__wrapped__`` is what a user can call
# instead: decorate's ``fun.__dict__.update(func.__dict__)`` copies the inner wrapper's ``__wrapped__`` over its own, so
# it is the undecorated function, given axis=0 as swap2zeroaxis would give it
def moment_second_centred(alpha):
    return moment.__wrapped__(alpha, 2, True, axis=0)


def moment_axis0(alpha):
    return moment.__wrapped__(alpha, axis=0)


def kurtosis_axis0(alpha):
    return kurtosis.__wrapped__(alpha, axis=0)


def skewness_weighted(alpha, w):
    return skewness.__wrapped__(alpha, w, axis=0)


def rayleigh_axis0(alpha):
    return rayleigh(alpha, axis=0)


def raospacing_axis1(alpha):
    return raospacing(alpha, axis=1)


def kappa_axis1(alpha):
    return kappa(alpha, axis=1)


def cmtest_three(alpha1, alpha2, alpha3):
    return cmtest(alpha1, alpha2, alpha3)


def medtest_axis0(alpha, md):
    return medtest(alpha, md, axis=0)


def cardioid_pdf(x, mu, rho):
    return cardioid.pdf(x, mu, rho)


def triangular_cdf(x, rho):
    return triangular.cdf(x, rho)


def triangular_cdf_method(x, rho):
    return triangular._cdf(x, rho)


def vector_strength_window(event_times):
    return vector_strength_spectrum(event_times, 1000., (0., 0.1))


def cluster_train(alpha):
    cl = AggCluster1D(numclust=4)
    _, ids = cl.train(alpha)
    return ids, cl.centroids, cl.cluster_ids, cl.r


def cluster_test(alpha, beta):
    cl = AggCluster1D(numclust=3)
    cl.train(alpha)
    return cl.test(beta)


def circ_lin_regression(alpha, x):
    reg = CL1stOrderRegression()
    reg.train(alpha, x)
    return reg(alpha), reg[-1], reg.loss(alpha, x, lambda y, yhat: np.mean((y - yhat) ** 2))


def circ_circ_regression(alpha, beta):
    reg = CCTrigonometricPolynomialRegression(degree=4)
    reg.train(alpha, beta)
    return reg(alpha)


# --- inputs ------------------------------------------------------------------------------------------------------------
# test_descriptive.py's test_data_2d and test_data_1d, and test_tests.py's 20 angles
TEST_DATA_2D = np.array([[0.58429, 0.88333], [1.14892, 2.22854], [2.87128, 3.06369], [1.07677, 1.49836],
                         [2.96969, 1.51748]])
TEST_DATA_1D = np.array([1.80044838, 2.02938314, 1.03534016, 4.84225057, 1.54256458, 5.19290675, 2.18474784,
                         4.77054777, 1.51736933, 0.72727580])
TEST_DATA_20 = np.array([-1.78277804, 0.20180845, -1.51291097, 0.57329272, 0.72195959, 1.59947271, 1.4666837,
                         -0.36532379, 1.4455209, 0.77365236, 5.8678466, 2.58327349, 0.25429634, 1.74902778,
                         4.13215085, 0.20612467, 1.38484181, 1.72546928, 3.33570062, 3.96191276])


def _jitter(rng, data, scale=0.05):
    """The tests' data moved a little, so the two calls differ (the same shape)."""
    return data + rng.uniform(-scale, scale, size=data.shape)


def _angles(rng, *shape):
    return rng.uniform(0, 2 * np.pi, size=shape)


def _von_mises(rng, mu, kappa_, *shape):
    return rng.vonmises(mu, kappa_, size=shape) % (2 * np.pi)


def _concentrated_columns(rng):
    """Two columns of 12 angles, r < .9 in the first and r >= .9 in the second: both of mean_ci_limits' formulas."""
    return np.stack([_von_mises(rng, 1.0, 3.0, 12), _von_mises(rng, 4.0, 40.0, 12)], axis=1)


_D = "descriptive.py"
_T = "tests.py"

CASES = [
    # descriptive.py
    case(median, lambda rng: (_jitter(rng, TEST_DATA_1D[:9]),), PC(_D, "median", "9 angles (odd): bootstrap(1, 'circular') with ci=None, itertools.product over one index")),
    case(median, lambda rng: (_jitter(rng, TEST_DATA_1D),), PC(_D, "median", "10 angles (even): np.argsort(dm)[:2], if m > 1: warn"), name="pycircstat.median_even"),
    case(median_axis1, lambda rng: (_angles(rng, 2, 7),), PC(_D, "median", "axis=1 of two rows: med[out_idx] = md")),
    case(pairwise_cdiff_two, lambda rng: (_angles(rng, 3), _angles(rng, 2, 2)), PC(_D, "pairwise_cdiff", "a 1-d and a 2-d sample")),
    case(mean, lambda rng: (_jitter(rng, TEST_DATA_1D),), PC(_D, "mean / _complex_mean", "mod2pi of a 0-d result: isinstance(ret, np.ndarray) or np.isscalar(ret)")),
    case(mean_weighted, lambda rng: (_angles(rng, 8), rng.integers(1, 5, size=8).astype(float)), PC(_D, "mean", "binned: weights w")),
    case(mean_axis0, lambda rng: (_jitter(rng, TEST_DATA_2D),), PC(_D, "mean", "axis=0: an array result")),
    case(mean_axial, lambda rng: (_jitter(rng, TEST_DATA_1D),), PC(_D, "mean", "test_mean_axial's axial_correction=3")),
    case(mean_ci_axis0, lambda rng: (_concentrated_columns(rng),), PC(_D, "mean / mean_ci_limits", "ci=0.95, axis=0: masked writes into t, mod2pi of the CI namedtuple")),
    case(mean_ci_limits_axis0, lambda rng: (_jitter(rng, TEST_DATA_2D, 0.01),), PC(_D, "mean_ci_limits", "test_mean_ci_limits' data, ci=0.8, axis=0")),
    case(resultant_vector_length_binned, lambda rng: (_angles(rng, 8), rng.integers(1, 5, size=8).astype(float), np.float64(np.pi / 8)), PC(_D, "resultant_vector_length", "binned data, the bias correction for bin spacing d")),
    case(resultant_vector_length_axis1, lambda rng: (_angles(rng, 4, 6),), PC(_D, "resultant_vector_length", "axis=1")),
    case(center, lambda rng: (_angles(rng, 9),), PC(_D, "center", "one array: args[0] - mean(args[0], axis=axis)")),
    case(center_two, lambda rng: (_angles(rng, 2, 5), _angles(rng, 2, 5)), PC(_D, "center", "two arrays, axis=1: a tuple through mod2pi")),
    case(percentile_two, lambda rng: (np.linspace(0, 2 * np.pi, 200), np.float64(rng.uniform(0, 2 * np.pi))), PC(_D, "percentile", "test_percentile_2q (200 angles, not 10000): q a list, mod2pi over bootstrap")),
    case(percentile_axis1, lambda rng: (np.linspace(0, 2 * np.pi, 200)[None, :] * np.ones((2, 1)), rng.uniform(0, 2 * np.pi, size=2)), PC(_D, "percentile", "test_percentile_2d: q0 reshaped for axis=1, one q")),
    case(std_axis0, lambda rng: (_jitter(rng, TEST_DATA_2D),), PC(_D, "std", "axis=0")),
    case(avar, lambda rng: (_jitter(rng, TEST_DATA_1D),), PC(_D, "avar", "test_avar: var called with ci=None")),
    case(astd, lambda rng: (_jitter(rng, TEST_DATA_1D),), PC(_D, "astd", "test_astd: avar inside")),
    case(corrcl, lambda rng: (_angles(rng, 20), rng.normal(size=20)), PC(_D, "corrcl / _corr", "keepdims means")),
    case(corrcc, lambda rng: (_angles(rng, 20), _angles(rng, 20)), PC(_D, "corrcc", "bootstrap(2, ...): center of two arrays")),
    case(corrcc_axis1, lambda rng: (_angles(rng, 2, 12), _angles(rng, 2, 12)), PC(_D, "corrcc", "axis=1")),
    case(moment_second_centred, lambda rng: (_jitter(rng, TEST_DATA_1D),), PC(_D, "moment", "p=2, cent=True (moment.__wrapped__, see the wrapper)")),
    case(moment_axis0, lambda rng: (_jitter(rng, TEST_DATA_2D),), PC(_D, "moment", "test_moment_2d_data_axis0")),
    case(kurtosis_axis0, lambda rng: (_jitter(rng, TEST_DATA_2D),), PC(_D, "kurtosis", "test_kurtosis_2d_data_axis0, mode='pewsey': np.tile of the mean")),
    case(skewness_weighted, lambda rng: (_angles(rng, 10), rng.integers(1, 4, size=10).astype(float)), PC(_D, "skewness", "weighted, mode='pewsey'")),
    # distributions.py
    case(kappa, lambda rng: (_jitter(rng, TEST_DATA_2D),), PC("distributions.py", "kappa", "test_kappa_basic: n=10 < 15, the masked corrections")),
    case(kappa, lambda rng: (_von_mises(rng, 2.0, 5.0, 20),), PC("distributions.py", "kappa", "n=20: no small-sample correction"), name="pycircstat.kappa_large"),
    case(kappa_axis1, lambda rng: (_jitter(rng, TEST_DATA_2D),), PC("distributions.py", "kappa", "axis=1: five n=2 samples")),
    case(cardioid_pdf, lambda rng: (np.linspace(0, 2 * np.pi, 50), np.float64(rng.uniform(0, 2 * np.pi)), np.float64(0.1)), PC("distributions.py", "cardioid_gen._pdf", "through scipy's rv_continuous.pdf, as test_cardioid_pdf")),
    case(triangular_cdf, lambda rng: (np.linspace(0, 2 * np.pi, 50), np.float64(0.2)), PC("distributions.py", "triangular_gen._cdf", "through rv_continuous.cdf, as test_triangular_cdf")),
    case(triangular_cdf_method, lambda rng: (_angles(rng, 12), np.full(12, 0.2)), PC("distributions.py", "triangular_gen._cdf", "the method itself: masked writes on x < pi")),
    # tests.py
    case(rayleigh, lambda rng: (_jitter(rng, TEST_DATA_20),), PC(_T, "rayleigh", "test_rayleigh's data, axis=None: raveled by swap2zeroaxis")),
    case(rayleigh_axis0, lambda rng: (_angles(rng, 10, 4, 3),), PC(_T, "rayleigh", "test_rayleightest2, axis=0 of a 3-d array")),
    case(omnibus, lambda rng: (_jitter(rng, TEST_DATA_20),), PC(_T, "omnibus", "180 half-circles, if np.any(~idx50): scipy.special.comb")),
    case(raospacing, lambda rng: (_jitter(rng, TEST_DATA_20),), PC(_T, "raospacing / _critical_value_raospacing", "test_raospacing: a loop over the sorted spacings, the table lookup")),
    case(raospacing_axis1, lambda rng: (_angles(rng, 3, 10, 2),), PC(_T, "raospacing", "test_raospacing3: one table lookup per (row, column)")),
    case(vtest, lambda rng: (_jitter(rng, TEST_DATA_20), 0), PC(_T, "vtest", "test_vtest: scipy.stats.norm.cdf")),
    case(symtest, lambda rng: (_jitter(rng, TEST_DATA_20),), PC(_T, "symtest", "median, then scipy.stats.wilcoxon")),
    case(_sample_cdf, lambda rng: (_angles(rng, 30), 20), PC(_T, "_sample_cdf", "np.histogram per row in a list comprehension")),
    case(cmtest_three, lambda rng: (_von_mises(rng, 1.0, 2.0, 12), _von_mises(rng, 1.5, 2.0, 12), _von_mises(rng, 2.0, 2.0, 12)), PC(_T, "cmtest", "@nottest; three groups: median of the concatenation, Python sum of arrays, scipy.stats.chi2.sf")),
    case(mtest, lambda rng: (_von_mises(rng, 1.0, 8.0, 15), np.float64(1.2)), PC(_T, "mtest", "mean with ci=0.95, h = |cdiff| > t")),
    case(medtest_axis0, lambda rng: (_angles(rng, 11, 3), np.float64(rng.uniform(0, 2 * np.pi))), PC(_T, "medtest", "masked writes of n_min and n_max, scipy.stats.binom.cdf")),
    # event_series.py
    case(convolve_dirac_gauss, lambda rng: (np.linspace(0, 1, 40), rng.uniform(0, 1, size=5), 0.05), PC("event_series.py", "convolve_dirac_gauss", "ret[:] += scipy.stats.norm.pdf per event")),
    case(vector_strength_window, lambda rng: (rng.uniform(0, 0.1, size=6),), PC("event_series.py", "vector_strength_spectrum", "time=(0., 0.1): len(time) == 2, np.arange of Python numbers")),
    case(direct_vector_strength_spectrum, lambda rng: (rng.uniform(0, 3, size=30), np.array([5., 10., 20., 40.])), PC("event_series.py", "direct_vector_strength_spectrum", "var per frequency in a list comprehension")),
    # clustering.py and regression.py
    case(cluster_train, lambda rng: (_jitter(rng, np.array([6.10599459, 0.14824723, 3.11272268, 3.45703846, 5.88211171, 3.53760218, 4.00392159, 2.76326071, 4.52222361, 4.05978276]), 0.01),), PC("clustering.py", "AggCluster1D.train", "test_clustering: while nu > numclust, `j in cid`, masked relabelling, np.unique")),
    case(cluster_test, lambda rng: (_angles(rng, 8), _angles(rng, 5)), PC("clustering.py", "AggCluster1D.test", "the nearest centroid's id")),
    case(circ_lin_regression, lambda rng: (_angles(rng, 30), rng.normal(size=30)), PC("regression.py", "CL1stOrderRegression.train / predict / __call__ / __getitem__ / BaseRegressor.loss", "loss with ci=None and a lambda")),
    case(circ_circ_regression, lambda rng: (_angles(rng, 40), _angles(rng, 40)), PC("regression.py", "CCTrigonometricPolynomialRegression.train / predict", "degree 4: list comprehensions over np.arange(1., degree+1)")),
]
