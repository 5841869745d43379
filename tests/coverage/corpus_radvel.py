"""RadVel's radial-velocity orbit code in NumPy: the pure-NumPy Kepler solver of ``kepler.py`` (a first guess by
``np.sign(np.sin(M))``, then ``while nd > 0`` over the unconverged elements: ``np.where(...)[0]`` on the first pass and a
boolean mask on the next ones, gathers ``Marr[convd]``, third-order Newton corrections, a scatter
``Earr[convd] = E``, ``nd = np.sum(convd)``; ``if Earr.size > 1`` returning the array or its first element) and
``rv_drive`` (tuple unpacking of the orbital-element array, an early return ``if e == 0.0``, clamps ``if per < 0`` /
``if e < 0: e = 0`` / ``if e > 0.99`` that rebind an array element to a Python number, ``if use_c_kepler_solver and
_check_cext()`` falling back to NumPy, calls through ``radvel.orbit.true_anomaly``), the time conversions of
``orbit.py`` (``if ecc >= 1`` inside ``try`` / ``except ValueError: pass``, which an array eccentricity takes;
``if secondary:`` and ``isinstance(ee, np.float64)`` choosing a scalar add or a masked write ``ee[ee < 0.0] = ee +
2 * np.pi``; the true anomaly by ``np.floor`` and ``(n1 / n2)**0.5``), the helpers of ``utils.py`` (``round`` to
significant figures by ``int(np.floor(np.log10(abs(x))))``; ``sigfig``'s ``Decimal(str(...)).as_tuple().exponent``,
``str(errhigh)[-1] == '0'`` and a ``while tmpmed == 0`` loop; ``time_print``'s nested ``if tdiff > 60`` returning a
unit string; ``timebin``'s ``while ct < len(time)`` over ``np.where`` windows of sorted times, lists started ``if ct
== 0`` and appended otherwise; ``bintels``' ``np.unique(telvec, return_index=1)`` of instrument names, a loop
over them with ``np.hstack`` growth and ``np.array([tel]*len(t_bin))``; ``fastbin``'s three ``np.histogram`` calls
with ``weights=`` in ``warnings.catch_warnings()`` and boolean selections; ``t_to_phase``'s ``'tc%i' % num_planet in
params`` lookups of parameter objects' ``.value`` and ``if cat`` concatenation; ``geterr``'s ``try: vec.values
except AttributeError``, ``if angular`` histogram mode with masked in-place wraps ``vec[vec < np.radians(0)] = ...``
under ``if med > np.radians(90)``, ``sorted(vec)`` and indexing by ``int(0.159*len(s))``), ``likelihood.py``'s
jitter log-likelihood, and the Gaussian-process kernels of ``gp.py`` (an ``abc.ABC`` base with an
``abc.abstractproperty``; constructors matching hyperparameter names by ``str.startswith`` in a loop over a dict,
``assert len(hparams) == ...``, ``try`` of ``.value`` with ``except KeyError`` / ``AttributeError``;
``scipy.spatial.distance.cdist`` of ``np.array([x]).T`` into an attribute; covariance matrices with ``+=`` of the
errors on the diagonal inside ``try`` / ``except ValueError: pass`` for a non-square matrix; the quasi-periodic
kernel's ``if not np.isfinite(amp) or amp < 0: raise ValueError``, an ``if amp == 0 or per == 0 ...`` early return of
a zero matrix with ``isinstance(errors, (int, float)) and errors == 0`` or ``K[np.diag_indices_from(K)] +=
errors**2``, and ``np.clip`` of the exponents) (California-Planet-Search/radvel, MIT).

Copied from California-Planet-Search/radvel at 23b05f1f2aa1c7d4131e3a49963819ca47a7dfcd (version 1.5.6; its
``LICENSE`` is the MIT License, "Copyright (c) 2016-2017 Benjamin J. Fulton, Erik A. Petigura, Sarah Blunt, and
contributors"): under ``radvel/``, ``kepler.py``'s ``_check_cext``, ``rv_drive`` and ``kepler``; ``orbit.py`` (all
of it); ``utils.py``'s ``round_sig``, ``sigfig``, ``time_print``, ``timebin``, ``bintels``, ``fastbin``,
``t_to_phase`` and ``geterr``; ``likelihood.py``'s ``loglike_jitter``; ``gp.py``'s ``Kernel``, ``SqExpKernel``,
``PerKernel`` and ``QuasiPerKernel``; and ``model.py``'s ``Parameter`` (the kernels' hyperparameters and
``t_to_phase``'s parameters are ``Parameter`` objects), in the files' order, docstrings dropped, comments kept.

Adapted, beyond that:

* ``kepler.py``'s module-level ``cext = _check_cext()`` is ``cext = False``: the C extension (``src/_kepler.pyx``) is
  not built here, and ``_check_cext``'s ``from . import _kepler`` would look in this package; ``rv_drive`` therefore
  takes its NumPy fallback, as it does when the extension is missing;
* the package's references between its modules (``radvel.orbit.true_anomaly`` in ``kepler.py``,
  ``radvel.kepler.kepler`` in ``orbit.py``) are kept as written and resolve through a namespace ``radvel`` of this
  module's functions (``types.SimpleNamespace``), defined after them;
* not copied: ``utils.py``'s functions that need astropy (not installed here: ``semi_amplitude``,
  ``semi_major_axis``, ``Msini``, ``density``), a configuration file (``initialize_posterior``,
  ``load_module_from_file``), the file system or ``datetime`` (``working_directory``, ``cmd_exists``, ``date2jd``,
  ``jd2date``), or a basis and model (``t_to_phase_vector``, ``draw_models_from_chain``); ``gp.py``'s
  ``CeleriteKernel`` (celerite is not installed); ``utils.py``'s module-level ``K_0`` (only the astropy functions
  use it);
* a setting the source takes as a keyword (``secondary=``, ``angular=``, ``nbins=``, ``binsize=``, ``cat=``) is given by
  a one-line wrapper named after the case, and the objects the package passes (a kernel built from a dict of
  ``Parameter`` objects and given its distances; ``t_to_phase``'s dict of parameters) are built by a short wrapper from
  the arrays, so the traced arguments are the arrays.

The inputs: observation times over two to five years of Julian dates (sorted, uneven), orbital elements
``[per, tp, e, om, K]`` of a 32-day planet with eccentricities 0.3 and 0.7, mean anomalies on [0, 2 pi) with
eccentricities up to 0.9 for the solver, MCMC-like chains of a parameter (normal around a value, and angles around
pi that wrap), radial velocities with errors and instrument names for binning, jitter residuals, kernel
hyperparameters and error bars; and the edge values: a circular orbit (``e == 0.0``'s early return), an eccentricity
below 0 and above 0.99 (the clamps), an eccentricity array for the time conversions (the ``ValueError`` the ``try``
swallows), ``e >= 1`` returning the time unchanged, one mean anomaly (the solver's scalar return), a
zero-amplitude quasi-periodic kernel (its zero-matrix return), and a non-square kernel matrix (the ``except
ValueError``).
"""

# ruff: noqa: E127, E128, E203, E201, E202, E231, E261, E262, E302, E303, E305, E501, E711, E712, E713, E721, E731, E741, N802, N803, N806, B006, B007, B024, B027, B028, B905, F401, F841, UP004, UP030, UP031, UP032, UP034, B904, W291, W293, UP003
from __future__ import annotations

import abc
import warnings
from abc import ABC
from decimal import Decimal
from types import SimpleNamespace

import numpy as np
import scipy
from scipy import spatial

from tests.coverage.cases import RADVEL, Source, case


def RV(path: str, original: str, note: str = "") -> Source:
    return Source(RADVEL, "radvel/" + path, original, note)


# --- radvel/kepler.py ---

# Try to import Kepler's equation solver written in C
def _check_cext():
    try:
        from . import _kepler
        return True
    except ImportError:
        warnings.warn("Unable to import the C solver", category=UserWarning, stacklevel=2)
        return False



# Set default value, but we'll check dynamically in functions
cext = False


def rv_drive(t, orbel, use_c_kepler_solver=cext):

    # unpack array of parameters
    per, tp, e, om, k = orbel

    # Performance boost for circular orbits
    if e == 0.0:
        m = 2 * np.pi * (((t - tp) / per) - np.floor((t - tp) / per))
        return k * np.cos(m + om)

    if per < 0:
        per = 1e-4
    if e < 0:
        e = 0
    if e > 0.99:
        e = 0.99

    # Calculate the approximate eccentric anomaly, E1, via the mean anomaly  M.
    if use_c_kepler_solver and _check_cext():
        try:
            from . import _kepler
            rv = _kepler.rv_drive_array(t, per, tp, e, om, k)
        except (ImportError, NameError):
            # Fall back to pure NumPy implementation when C extension is unavailable
            nu = radvel.orbit.true_anomaly(t, tp, per, e)
            rv = k * (np.cos(nu + om) + e * np.cos(om))
    else:
        # Fall back to pure NumPy implementation when C extension is unavailable
        nu = radvel.orbit.true_anomaly(t, tp, per, e)
        rv = k * (np.cos(nu + om) + e * np.cos(om))

    return rv


def kepler(Marr, eccarr):

    conv = 1.0e-12  # convergence criterion
    k = 0.85

    Earr = Marr + np.sign(np.sin(Marr)) * k * eccarr  # first guess at E
    # fiarr should go to zero when converges
    fiarr = ( Earr - eccarr * np.sin(Earr) - Marr)
    convd = np.where(np.abs(fiarr) > conv)[0]  # which indices have not converged
    nd = len(convd)  # number of unconverged elements
    count = 0

    while nd > 0:  # while unconverged elements exist
        count += 1

        M = Marr[convd]  # just the unconverged elements ...
        ecc = eccarr[convd]
        E = Earr[convd]

        fi = fiarr[convd]  # fi = E - e*np.sin(E)-M    ; should go to 0
        fip = 1 - ecc * np.cos(E)  # d/dE(fi) ;i.e.,  fi^(prime)
        fipp = ecc * np.sin(E)  # d/dE(d/dE(fi)) ;i.e.,  fi^(\prime\prime)
        fippp = 1 - fip  # d/dE(d/dE(d/dE(fi))) ;i.e.,  fi^(\prime\prime\prime)

        # first, second, and third order corrections to E
        d1 = -fi / fip
        d2 = -fi / (fip + d1 * fipp / 2.0)
        d3 = -fi / (fip + d2 * fipp / 2.0 + d2 * d2 * fippp / 6.0)
        E = E + d3
        Earr[convd] = E
        fiarr = ( Earr - eccarr * np.sin( Earr ) - Marr) # how well did we do?
        convd = np.abs(fiarr) > conv  # test for convergence
        nd = np.sum(convd)

    if Earr.size > 1:
        return Earr
    else:
        return Earr[0]



# --- radvel/orbit.py ---

def timetrans_to_timeperi(tc, per, ecc, omega):
    try:
        if ecc >= 1:
            return tc
    except ValueError:
        pass

    f = np.pi/2 - omega
    ee = 2 * np.arctan(np.tan(f/2) * np.sqrt((1-ecc)/(1+ecc)))  # eccentric anomaly
    tp = tc - per/(2*np.pi) * (ee - ecc*np.sin(ee))      # time of periastron

    return tp


def timeperi_to_timetrans(tp, per, ecc, omega, secondary=False):
    try:
        if ecc >= 1:
            return tp
    except ValueError:
        pass

    if secondary:
        f = 3*np.pi/2 - omega                                       # true anomaly during secondary eclipse
        ee = 2 * np.arctan(np.tan(f/2) * np.sqrt((1-ecc)/(1+ecc)))  # eccentric anomaly

        # ensure that ee is between 0 and 2*pi (always the eclipse AFTER tp)
        if isinstance(ee, np.float64):
            ee = ee + 2 * np.pi
        else:
            ee[ee < 0.0] = ee + 2 * np.pi
    else:
        f = np.pi/2 - omega                                         # true anomaly during transit
        ee = 2 * np.arctan(np.tan(f/2) * np.sqrt((1-ecc)/(1+ecc)))  # eccentric anomaly

    tc = tp + per/(2*np.pi) * (ee - ecc*np.sin(ee))         # time of conjunction

    return tc


def true_anomaly(t, tp, per, e):

    # f in Murray and Dermott p. 27
    m = 2 * np.pi * (((t - tp) / per) - np.floor((t - tp) / per))
    eccarr = np.zeros(t.size) + e
    e1 = radvel.kepler.kepler(m, eccarr)
    n1 = 1.0 + e
    n2 = 1.0 - e
    nu = 2.0 * np.arctan((n1 / n2)**0.5 * np.tan(e1 / 2.0))

    return nu



# --- radvel/utils.py ---

def round_sig(x, sig=2):

    if x == 0:
        return 0.0
    return round(x, sig-int(np.floor(np.log10(abs(x))))-1)


def sigfig(med, errlow, errhigh=None):

    if errhigh is None:
        errhigh = errlow

    ndec = Decimal(str(errlow)).as_tuple().exponent
    if abs(Decimal(str(errhigh)).as_tuple().exponent) > abs(ndec):
        ndec = Decimal(str(errhigh)).as_tuple().exponent
    if ndec < -1:
            tmpmed = round(med, abs(ndec))
            p = 0
            if med != 0:
                while tmpmed == 0:
                    tmpmed = round(med, abs(ndec)+p)
                    p += 1
                med = tmpmed
    elif (ndec == -1 and str(errhigh)[-1] == '0') and (ndec == -1 and str(errlow)[-1] == '0') or ndec == 0:
            errlow = int(round_sig(errlow))
            errhigh = int(round(errhigh))
            med = int(round(med))
    else:
        med = round(med, abs(ndec))

    return med, errlow, errhigh


def time_print(tdiff):
    units = 'seconds'
    if tdiff > 60:
        tdiff /= 60
        units = 'minutes'
        if tdiff > 60:
            tdiff /= 60
            units = 'hours'
            if tdiff > 24:
                tdiff /= 24
                units = 'days'
    return tdiff, units


def timebin(time, meas, meas_err, binsize):

    ind_order = np.argsort(time)
    time = time[ind_order]
    meas = meas[ind_order]
    meas_err = meas_err[ind_order]
    ct = 0
    while ct < len(time):
        ind = np.where((time >= time[ct]) & (time < time[ct]+binsize))[0]
        num = len(ind)
        wt = (1./meas_err[ind])**2.     # weights based in errors
        wt = wt/np.sum(wt)              # normalized weights
        if ct == 0:
            time_out = [np.sum(wt*time[ind])]
            meas_out = [np.sum(wt*meas[ind])]
            meas_err_out = [1./np.sqrt(np.sum(1./(meas_err[ind])**2))]
        else:
            time_out.append(np.sum(wt*time[ind]))
            meas_out.append(np.sum(wt*meas[ind]))
            meas_err_out.append(1./np.sqrt(np.sum(1./(meas_err[ind])**2)))
        ct += num

    return time_out, meas_out, meas_err_out


def bintels(t, vel, err, telvec, binsize=1/2.):

    # Bin RV data with bins of with binsize in the units of t.
    # Will not bin data from different telescopes together since there may
    # be offsets between them.

    ntels = len(np.unique(telvec))
    if ntels == 1:
        t_bin, vel_bin, err_bin = timebin(t, vel, err, binsize=binsize)
        return t_bin, vel_bin, err_bin, telvec[0:len(t_bin)]

    uniqorder = np.argsort(np.unique(telvec, return_index=1)[1])
    uniqsort = np.unique(telvec)[uniqorder]
    rvtimes = np.array([])
    rvdat = np.array([])
    rverr = np.array([])
    newtelvec = np.array([])
    for i, tel in enumerate(uniqsort):
        pos = np.where(telvec == tel)
        t_bin, vel_bin, err_bin = timebin(
            t[pos], vel[pos], err[pos], binsize=binsize
        )
        rvtimes = np.hstack((rvtimes, t_bin))
        rvdat = np.hstack((rvdat, vel_bin))
        rverr = np.hstack((rverr, err_bin))
        newtelvec = np.hstack((newtelvec, np.array([tel]*len(t_bin))))

    return rvtimes, rvdat, rverr, newtelvec


def fastbin(x, y, nbins=30):

    n, _ = np.histogram(x, bins=nbins)
    sy, _ = np.histogram(x, bins=nbins, weights=y)
    sy2, _ = np.histogram(x, bins=nbins, weights=y*y)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="invalid value encountered", category=RuntimeWarning)
        bindat = sy / n
        binerr = np.sqrt(sy2/n - bindat*bindat) / np.sqrt(n)
    bint = (_[1:] + _[:-1])/2.

    binN = n
    pos = binN >= 3  # 0.5 * np.mean(binN)
    bint = bint[pos]
    bindat = bindat[pos]
    binerr = binerr[pos]

    pos = bint > 0
    bint = bint[pos]
    bindat = bindat[pos]
    binerr = binerr[pos]
    return bint, bindat, binerr


def t_to_phase(params, t, num_planet, cat=False):

    if ('tc%i' % num_planet) in params:
        timeparam = 'tc%i' % num_planet
    elif ('tp%i' % num_planet) in params:
        timeparam = 'tp%i' % num_planet

    P = params['per%i' % num_planet].value
    tc = params[timeparam].value
    phase = np.mod(t - tc, P)
    phase /= P
    if cat:
        phase = np.concatenate((phase, phase+1))
    return phase


def geterr(vec, angular=False):

    try:
        vec = vec.values
    except AttributeError:
        pass

    if angular:
        val, edges = np.histogram(vec, bins=50)
        med = edges[np.argmax(val)]
        if med > np.radians(90):
            vec[vec < np.radians(0)] = vec[vec < np.radians(0)] + np.radians(360)
        if med <= np.radians(-90):
            vec[vec >= np.radians(0)] = vec[vec >= np.radians(0)] - np.radians(360)
        med = np.median(vec)
    else:
        med = np.median(vec)

    s = sorted(vec)
    errlow = med - s[int(0.159*len(s))]
    errhigh = s[int(0.841*len(s))] - med

    return med, errlow, errhigh



# --- radvel/likelihood.py ---

def loglike_jitter(residuals, sigma, sigma_jit):
    sum_sig_quad = sigma**2 + sigma_jit**2
    penalty = np.sum( np.log( np.sqrt( 2 * np.pi * sum_sig_quad ) ) )
    chi2 = np.sum(residuals**2 / sum_sig_quad)
    loglike = -0.5 * chi2 - penalty

    return loglike



# --- radvel/gp.py ---

class Kernel(ABC):

    @abc.abstractproperty
    def name(self):
        pass

    @abc.abstractmethod
    def compute_distances(self, x1, x2):
        pass

    @abc.abstractmethod
    def compute_covmatrix(self, errors):
        pass


class SqExpKernel(Kernel):

    @property
    def name(self):
        return "SqExp"

    def __init__(self, hparams):
        self.covmatrix = None
        self.hparams = {}
        for par in hparams:
            if par.startswith('gp_length'):
                self.hparams['gp_length'] = hparams[par]
            if par.startswith('gp_amp'):
                self.hparams['gp_amp'] = hparams[par]

        assert len(hparams) == 2, \
            "SqExpKernel requires exactly 2 hyperparameters with names" \
            + "'gp_length*' and 'gp_amp*'."

        try:
            self.hparams['gp_length'].value
            self.hparams['gp_amp'].value
        except KeyError:
            raise KeyError("SqExpKernel requires hyperparameters 'gp_length*'" \
                           + " and 'gp_amp*'.")
        except AttributeError:
            raise AttributeError("SqExpKernel requires dictionary of" \
                                 + " radvel.Parameter objects as input.")

    def __repr__(self):
        length = self.hparams['gp_length'].value
        amp = self.hparams['gp_amp'].value
        return "SqExp Kernel with length: {}, amp: {}".format(length, amp)

    def compute_distances(self, x1, x2):
        X1 = np.array([x1]).T
        X2 = np.array([x2]).T
        self.dist = scipy.spatial.distance.cdist(X1, X2, 'sqeuclidean')

    def compute_covmatrix(self, errors):
        length = self.hparams['gp_length'].value
        amp = self.hparams['gp_amp'].value

        K = amp**2 * np.exp(-self.dist/(length**2))

        self.covmatrix = K
        # add errors along the diagonal
        try:
            self.covmatrix += (errors**2) * np.identity(K.shape[0])
        except ValueError: # errors can't be added along diagonal to a non-square array
            pass

        return self.covmatrix


class PerKernel(Kernel):

    @property
    def name(self):
        return "Per"

    def __init__(self, hparams):
        self.covmatrix = None
        self.hparams = {}
        for par in hparams:
            if par.startswith('gp_length'):
                self.hparams['gp_length'] = hparams[par]
            if par.startswith('gp_amp'):
                self.hparams['gp_amp'] = hparams[par]
            if par.startswith('gp_per'):
                self.hparams['gp_per'] = hparams[par]

        assert len(hparams) == 3, \
            "PerKernel requires exactly 3 hyperparameters with names 'gp_length*'," \
            + " 'gp_amp*', and 'gp_per*'."

        try:
            self.hparams['gp_length'].value
            self.hparams['gp_amp'].value
            self.hparams['gp_per'].value
        except KeyError:
            raise KeyError("PerKernel requires hyperparameters 'gp_length*'," \
                           + " 'gp_amp*', and 'gp_per*'.")
        except AttributeError:
            raise AttributeError("PerKernel requires dictionary of " \
                                 + "radvel.Parameter objects as input.")

    def __repr__(self):
        length = self.hparams['gp_length'].value
        amp = self.hparams['gp_amp'].value
        per = self.hparams['gp_per'].value
        return "Per Kernel with length: {}, amp: {}, per: {}".format(
            length, amp, per
        )

    def compute_distances(self, x1, x2):
        X1 = np.array([x1]).T
        X2 = np.array([x2]).T
        self.dist = scipy.spatial.distance.cdist(X1, X2, 'euclidean')

    def compute_covmatrix(self, errors):
        length= self.hparams['gp_length'].value
        amp = self.hparams['gp_amp'].value
        per = self.hparams['gp_per'].value

        K = amp**2 * np.exp(-np.sin(np.pi*self.dist/per)**2. / (2.*length**2))
        self.covmatrix = K
        # add errors along the diagonal
        try:
            self.covmatrix += (errors**2) * np.identity(K.shape[0])
        except ValueError:  # errors can't be added along diagonal to a non-square array
            pass

        return self.covmatrix


class QuasiPerKernel(Kernel):
    @property
    def name(self):
        return "QuasiPer"

    def __init__(self, hparams):
        self.covmatrix = None
        self.hparams = {}
        for par in hparams:
            if par.startswith('gp_perlength'):
                self.hparams['gp_perlength'] = hparams[par]
            if par.startswith('gp_amp'):
                self.hparams['gp_amp'] = hparams[par]
            if par.startswith('gp_per') and not 'length' in par:
                self.hparams['gp_per'] = hparams[par]
            if par.startswith('gp_explength'):
                self.hparams['gp_explength'] = hparams[par]

        assert len(hparams) == 4, \
            "QuasiPerKernel requires exactly 4 hyperparameters with names" \
            + " 'gp_perlength*', 'gp_amp*', 'gp_per*', and 'gp_explength*'."

        try:
            self.hparams['gp_perlength'].value
            self.hparams['gp_amp'].value
            self.hparams['gp_per'].value
            self.hparams['gp_explength'].value
        except KeyError:
            raise KeyError("QuasiPerKernel requires hyperparameters" \
                           + " 'gp_perlength*', 'gp_amp*', 'gp_per*', " \
                           + "and 'gp_explength*'.")
        except AttributeError:
            raise AttributeError("QuasiPerKernel requires dictionary of" \
                                 + " radvel.Parameter objects as input.")

    def __repr__(self):
        perlength = self.hparams['gp_perlength'].value
        amp = self.hparams['gp_amp'].value
        per = self.hparams['gp_per'].value
        explength = self.hparams['gp_explength'].value

        msg = (
            "QuasiPer Kernel with amp: {}, per length: {}, per: {}, "
            "exp length: {}"
        ).format(amp, perlength, per, explength)
        return msg

    def compute_distances(self, x1, x2):
        X1 = np.array([x1]).T
        X2 = np.array([x2]).T
        self.dist_p = scipy.spatial.distance.cdist(X1, X2, 'euclidean')
        self.dist_se = scipy.spatial.distance.cdist(X1, X2, 'sqeuclidean')

    def compute_covmatrix(self, errors):
        perlength = self.hparams['gp_perlength'].value
        amp = self.hparams['gp_amp'].value
        per = self.hparams['gp_per'].value
        explength = self.hparams['gp_explength'].value

        # Check for problematic parameter values
        # Allow 0 values for model comparison (when GP is disabled)
        if not np.isfinite(amp) or amp < 0:
            raise ValueError(f"Invalid gp_amp value: {amp}")
        if not np.isfinite(per) or per < 0:
            raise ValueError(f"Invalid gp_per value: {per}")
        if not np.isfinite(explength) or explength < 0:
            raise ValueError(f"Invalid gp_explength value: {explength}")
        if not np.isfinite(perlength) or perlength < 0:
            raise ValueError(f"Invalid gp_perlength value: {perlength}")
        
        # If any GP parameter is 0, this is likely a "no GP" model comparison
        # In this case, return a zero covariance matrix
        if amp == 0 or per == 0 or explength == 0 or perlength == 0:
            n = len(self.dist_se)
            K = np.zeros((n, n))
            if isinstance(errors, (int, float)) and errors == 0:
                return K
            else:
                K[np.diag_indices_from(K)] += errors**2
                return K

        # Compute covariance matrix step by step
        exp_term1 = -self.dist_se/(explength**2)
        exp_term2 = (-np.sin(np.pi*self.dist_p/per)**2.) / (2.*perlength**2)
        
        # Clamp extreme values to prevent overflow
        exp_term1 = np.clip(exp_term1, -100, 100)
        exp_term2 = np.clip(exp_term2, -100, 100)
        
        # Compute exponential terms
        exp1 = np.exp(exp_term1)
        exp2 = np.exp(exp_term2)
        
        # Compute final covariance matrix
        K = np.array(amp**2 * exp1 * exp2)

        self.covmatrix = K

        # add errors along the diagonal
        try:
            self.covmatrix += (errors**2) * np.identity(K.shape[0])
        except ValueError:  # errors can't be added along diagonal to a non-square array
            pass

        return self.covmatrix



# --- radvel/model.py ---

class Parameter(object):

    def __init__(self, value=None, vary=True, mcmcscale=None, linear=False):
        self.value = value
        self.vary = vary
        self.mcmcscale = mcmcscale
        self.linear = linear

    def _equals(self, other):
        if isinstance(other, self.__class__):
            return (self.value == other.value) \
                   and (self.vary == other.vary) \
                   and (self.mcmcscale == other.mcmcscale)

    def __repr__(self):
        s = (
            "Parameter object: value = {}, vary = {}, mcmc scale = {}"
        ).format(self.value, self.vary, self.mcmcscale)
        return s

    def __float__(self):
        return self.value



# the package's module references (radvel.orbit.true_anomaly, radvel.kepler.kepler)
radvel = SimpleNamespace(kepler=SimpleNamespace(kepler=kepler), orbit=SimpleNamespace(true_anomaly=true_anomaly))


# --- the cases ---------------------------------------------------------------------------------

# settings given as keywords in the source, and the objects the package builds: wrappers, so that the traced arguments
# are the arrays

def timeperi_to_timetrans_secondary(tp, per, ecc, omega):
    return timeperi_to_timetrans(tp, per, ecc, omega, secondary=True)


def timebin_half_day(time, meas, meas_err):
    return timebin(time, meas, meas_err, binsize=0.5)


def fastbin_20(x, y):
    return fastbin(x, y, nbins=20)


def geterr_angular(vec):
    return geterr(vec, angular=True)


def t_to_phase_tc(t, per, tc):
    return t_to_phase({'per1': Parameter(value=per), 'tc1': Parameter(value=tc)}, t, 1)


def t_to_phase_tp_cat(t, per, tp):
    return t_to_phase({'per2': Parameter(value=per), 'tp2': Parameter(value=tp)}, t, 2, cat=True)


def sqexp_covmatrix(t, length, amp, errors):
    kernel = SqExpKernel({'gp_length': Parameter(value=length), 'gp_amp': Parameter(value=amp)})
    kernel.compute_distances(t, t)
    return kernel.compute_covmatrix(errors)


def sqexp_covmatrix_predict(t, tpred, length, amp, errors):
    kernel = SqExpKernel({'gp_length1': Parameter(value=length), 'gp_amp1': Parameter(value=amp)})
    kernel.compute_distances(tpred, t)
    return kernel.compute_covmatrix(errors)


def per_covmatrix(t, per, length, amp, errors):
    kernel = PerKernel({'gp_per': Parameter(value=per), 'gp_length': Parameter(value=length),
                        'gp_amp': Parameter(value=amp)})
    kernel.compute_distances(t, t)
    return kernel.compute_covmatrix(errors)


def quasiper_covmatrix(t, per, perlength, explength, amp, errors):
    kernel = QuasiPerKernel({'gp_per': Parameter(value=per), 'gp_perlength': Parameter(value=perlength),
                             'gp_explength': Parameter(value=explength), 'gp_amp': Parameter(value=amp)})
    kernel.compute_distances(t, t)
    return kernel.compute_covmatrix(errors)


_K, _O, _U, _L, _G = "kepler.py", "orbit.py", "utils.py", "likelihood.py", "gp.py"


def _times(rng, n=60, span=2000.0):
    return np.sort(2455000.0 + rng.uniform(0.0, span, size=n))


def _orbel(rng, e):
    return np.array([32.468 + rng.uniform(-0.01, 0.01), 2456000.0 + rng.uniform(-1.0, 1.0), e,
                     np.pi / 2 + rng.uniform(-0.1, 0.1), 10.0 + rng.uniform(-0.5, 0.5)])


def _rv(rng, n=40):
    t = np.sort(2456000.0 + np.repeat(np.arange(n // 4) * 3.0, 4) + rng.uniform(0.0, 0.3, size=n))
    return t, 5.0 * np.sin(t / 7.0) + rng.normal(size=n), rng.uniform(1.0, 2.0, size=n)


def _gp(rng, n=25):
    return _times(rng, n, 300.0), rng.uniform(1.0, 3.0, size=n)


CASES = [
    # kepler.py
    case(rv_drive, lambda rng: (_times(rng), _orbel(rng, 0.3)), RV(_K, "rv_drive", "use_c_kepler_solver=cext (False)")),
    case(rv_drive, lambda rng: (_times(rng), _orbel(rng, 0.0)), RV(_K, "rv_drive"), name="radvel.rv_drive_circular"),
    case(rv_drive, lambda rng: (_times(rng), _orbel(rng, -0.1)), RV(_K, "rv_drive", "e < 0: clamped to the int 0"),
         name="radvel.rv_drive_negative_e"),
    case(rv_drive, lambda rng: (_times(rng), _orbel(rng, 0.995)), RV(_K, "rv_drive", "e > 0.99: clamped"),
         name="radvel.rv_drive_e_above_099"),
    case(kepler, lambda rng: (rng.uniform(0.0, 2 * np.pi, size=50), rng.uniform(0.0, 0.9, size=50)), RV(_K, "kepler")),
    case(kepler, lambda rng: (rng.uniform(0.5, 2.5, size=1), np.array([0.7])), RV(_K, "kepler"),
         name="radvel.kepler_one_element"),
    # orbit.py
    case(timetrans_to_timeperi, lambda rng: (np.float64(2456000.0 + rng.uniform()), np.float64(32.468), np.float64(0.3),
                                             np.float64(rng.uniform(0.0, 3.0))), RV(_O, "timetrans_to_timeperi")),
    case(timetrans_to_timeperi, lambda rng: (np.float64(2456000.0), np.float64(32.468), np.float64(1.2), np.float64(0.5)),
         RV(_O, "timetrans_to_timeperi", "ecc >= 1"), name="radvel.timetrans_to_timeperi_unbound"),
    case(timetrans_to_timeperi, lambda rng: (2456000.0 + rng.uniform(size=4), np.full(4, 32.468), rng.uniform(0.0, 0.8, size=4),
                                             rng.uniform(0.0, 3.0, size=4)),
         RV(_O, "timetrans_to_timeperi", "arrays: the if's ValueError is caught"), name="radvel.timetrans_to_timeperi_arrays"),
    case(timeperi_to_timetrans, lambda rng: (np.float64(2456000.0 + rng.uniform()), np.float64(32.468), np.float64(0.3),
                                             np.float64(rng.uniform(0.0, 3.0))), RV(_O, "timeperi_to_timetrans")),
    case(timeperi_to_timetrans_secondary, lambda rng: (np.float64(2456000.0), np.float64(32.468), np.float64(0.3),
                                                       np.float64(rng.uniform(-1.0, 1.0))),
         RV(_O, "timeperi_to_timetrans", "secondary=True, np.float64 arguments")),
    case(timeperi_to_timetrans_secondary, lambda rng: (2456000.0 + rng.uniform(size=5), np.full(5, 32.468),
                                                       rng.uniform(0.0, 0.6, size=5), rng.uniform(-1.0, 1.0, size=5)),
         RV(_O, "timeperi_to_timetrans", "secondary=True, arrays (every ee < 0)"),
         name="radvel.timeperi_to_timetrans_secondary_arrays"),
    case(true_anomaly, lambda rng: (_times(rng), 2456000.0, 32.468, 0.7), RV(_O, "true_anomaly")),
    case(true_anomaly, lambda rng: (_times(rng), np.float64(2456000.0 + rng.uniform()), np.float64(32.468), np.float64(0.2)),
         RV(_O, "true_anomaly"), name="radvel.true_anomaly_float64"),
    # utils.py
    case(round_sig, lambda rng: (np.float64(rng.uniform(100.0, 900.0)),), RV(_U, "round_sig")),
    case(round_sig, lambda rng: (0.0,), RV(_U, "round_sig"), name="radvel.round_sig_zero"),
    case(sigfig, lambda rng: (np.float64(12.3456), np.float64(0.023), np.float64(0.031)), RV(_U, "sigfig")),
    case(time_print, lambda rng: (np.float64(3700.0 + rng.uniform()),), RV(_U, "time_print")),
    case(time_print, lambda rng: (np.float64(30.0 + rng.uniform()),), RV(_U, "time_print"), name="radvel.time_print_seconds"),
    case(timebin_half_day, lambda rng: _rv(rng), RV(_U, "timebin", "binsize=0.5")),
    case(bintels, lambda rng: (*_rv(rng), np.array(["hires", "harps"] * 20)), RV(_U, "bintels")),
    case(bintels, lambda rng: (*_rv(rng), np.array(["hires"] * 40)), RV(_U, "bintels"), name="radvel.bintels_one_instrument"),
    case(fastbin_20, lambda rng: (rng.uniform(0.0, 1.0, size=200), rng.normal(size=200)), RV(_U, "fastbin", "nbins=20")),
    case(t_to_phase_tc, lambda rng: (_times(rng), np.float64(32.468), np.float64(2456000.0 + rng.uniform())),
         RV(_U, "t_to_phase", "params {'per1', 'tc1'}")),
    case(t_to_phase_tp_cat, lambda rng: (_times(rng), np.float64(11.2), np.float64(2456003.0)),
         RV(_U, "t_to_phase", "params {'per2', 'tp2'}, num_planet=2, cat=True")),
    case(geterr, lambda rng: (rng.normal(3.0, 0.5, size=500),), RV(_U, "geterr")),
    case(geterr_angular, lambda rng: (np.angle(np.exp(1j * rng.normal(np.pi, 0.3, size=500))),),
         RV(_U, "geterr", "angular=True, angles around pi that wrap")),
    # likelihood.py
    case(loglike_jitter, lambda rng: (rng.normal(size=50), rng.uniform(1.0, 2.0, size=50), np.float64(1.5)),
         RV(_L, "loglike_jitter")),
    # gp.py (and model.py's Parameter)
    case(sqexp_covmatrix, lambda rng: (*_gp(rng)[:1], np.float64(20.0), np.float64(3.0), _gp(rng)[1]),
         RV(_G, "SqExpKernel.compute_distances / compute_covmatrix")),
    case(sqexp_covmatrix_predict, lambda rng: (_times(rng, 25, 300.0), _times(rng, 10, 300.0), np.float64(20.0),
                                               np.float64(3.0), 0),
         RV(_G, "SqExpKernel.compute_distances / compute_covmatrix", "a 10 x 25 matrix, errors=0")),
    case(sqexp_covmatrix_predict, lambda rng: (_times(rng, 25, 300.0), _times(rng, 10, 300.0), np.float64(20.0),
                                               np.float64(3.0), rng.uniform(1.0, 3.0, size=25)),
         RV(_G, "SqExpKernel.compute_covmatrix", "non-square: the += raises ValueError, caught"),
         name="radvel.sqexp_covmatrix_nonsquare_errors"),
    case(per_covmatrix, lambda rng: (*_gp(rng)[:1], np.float64(25.0), np.float64(0.5), np.float64(3.0), _gp(rng)[1]),
         RV(_G, "PerKernel.compute_distances / compute_covmatrix")),
    case(quasiper_covmatrix, lambda rng: (_gp(rng)[0], np.float64(25.0), np.float64(0.5), np.float64(40.0),
                                          np.float64(3.0), _gp(rng)[1]),
         RV(_G, "QuasiPerKernel.compute_distances / compute_covmatrix")),
    case(quasiper_covmatrix, lambda rng: (_gp(rng)[0], np.float64(25.0), np.float64(0.5), np.float64(40.0),
                                          np.float64(0.0), _gp(rng)[1]),
         RV(_G, "QuasiPerKernel.compute_covmatrix", "gp_amp 0: the zero matrix"), name="radvel.quasiper_covmatrix_zero_amp"),
    case(quasiper_covmatrix, lambda rng: (_gp(rng)[0], np.float64(25.0), np.float64(0.5), np.float64(40.0),
                                          np.float64(0.0), 0),
         RV(_G, "QuasiPerKernel.compute_covmatrix", "gp_amp 0, errors=0"), name="radvel.quasiper_covmatrix_zero_amp_no_errors"),
]
