"""lmfit's model lineshapes and fitting helpers: the peak, step and distribution functions of ``lineshapes.py``
(guards such as ``max(tiny, sigma)`` and ``not_zero`` on the parameters, ``isinstance`` tests on ``x`` with masked
writes into the array otherwise, string-valued ``form`` branches, complex arithmetic through ``wofz``/``loggamma``),
the residual reducers and ``coerce_float64`` of ``minimizer.py`` (a NaN policy: masking or raising on a data-dependent
test), ``propagate_err`` of ``model.py`` (branches on ``any(np.iscomplex(z))``, masked writes), and AMPGO's tunnelling
functions (loops over a tabu list) (lmfit/lmfit-py, BSD-3-Clause).

Copied from lmfit/lmfit-py at fe389bbbd1fe936cd73742bd81fc6fce7ac92858; its licence (``LICENSE``) is the BSD
3-Clause licence, "Copyright 2025 Matthew Newville, The University of Chicago" and contributors. ``lineshapes.py`` is
copied whole; from ``minimizer.py``, ``model.py`` and ``_ampgo.py`` the functions named in each section, with the
module-level fallbacks they read (``isnull``/``Series`` when pandas is missing, as those modules define them).
Docstrings dropped, comments kept.

Adapted, beyond that:

* the module-level imports are this module's (below): those of the source modules that the copied code reads;
* wrappers give the settings (``form``, ``nan_policy``, ``option``, the reducer's option, the tabu list size and
  strategy) as constants. Each lineshape is staged twice: called directly with every parameter a traced NumPy
  scalar (as a fit evaluates it with parameter values), and through a wrapper with the parameters as Python
  constants (only ``x`` traced);
* ``tunnel``'s ``objfun`` is ``reduce_chisquare`` (the tunnelling objective is any function of ``x0``).

The inputs: ``x`` on an even grid of 40 points (positive for ``lognormal``, ``dho``, ``bose``), parameters drawn in
ranges where each lineshape is finite, complex residuals for ``propagate_err``.
"""

# ruff: noqa: B028, E501, E731, E741, F401
from __future__ import annotations

import warnings

import numpy as np
from numpy import (
    arctan,
    copysign,
    cos,
    exp,
    isclose,
    isnan,
    log,
    log1p,
    maximum,
    minimum,
    ones,
    pi,
    real,
    shape,
    sign,
    sin,
    sqrt,
    where,
)
from scipy.sparse import issparse
from scipy.sparse.linalg import LinearOperator
from scipy.special import betaln as betalnfcn
from scipy.special import erf, erfc, wofz
from scipy.special import gamma as gamfcn
from scipy.special import loggamma as loggammafcn
from scipy.stats import cauchy as cauchy_dist
from scipy.stats import norm as norm_dist

from tests.coverage.cases import LMFIT, Source, case


def LMF(path: str, original: str, note: str = "") -> Source:
    return Source(LMFIT, "lmfit/" + path, original, note)


# --- lmfit/lineshapes.py --------------------------------------------------------------------------------------------

log2 = log(2)
s2pi = sqrt(2*pi)
s2 = sqrt(2.0)
# tiny had been numpy.finfo(numpy.float64).eps ~=2.2e16.
# here, we explicitly set it to 1.e-15 == numpy.finfo(numpy.float64).resolution
tiny = 1.0e-15

functions = ('gaussian', 'gaussian2d', 'lorentzian', 'voigt',
             'pvoigt', 'moffat', 'pearson4', 'pearson7',
             'breit_wigner', 'damped_oscillator', 'dho', 'logistic',
             'lognormal', 'students_t', 'expgaussian', 'doniach',
             'skewed_gaussian', 'skewed_voigt',
             'thermal_distribution', 'bose', 'fermi', 'step',
             'rectangle', 'exponential', 'powerlaw', 'linear',
             'parabolic', 'sine', 'expsine', 'split_lorentzian',
             'constant', 'complex_constant')


def not_zero(value):
    return float(copysign(max(tiny, abs(value)), value))


def gaussian(x, amplitude=1.0, center=0.0, sigma=1.0):
    return ((amplitude/(max(tiny, s2pi*sigma)))
            * exp(-(1.0*x-center)**2 / max(tiny, (2*sigma**2))))


def gaussian2d(x, y=0.0, amplitude=1.0, centerx=0.0, centery=0.0, sigmax=1.0,
               sigmay=1.0):
    z = amplitude*(gaussian(x, amplitude=1, center=centerx, sigma=sigmax) *
                   gaussian(y, amplitude=1, center=centery, sigma=sigmay))
    return z


def lorentzian(x, amplitude=1.0, center=0.0, sigma=1.0):
    return ((amplitude/(1 + ((1.0*x-center)/max(tiny, sigma))**2))
            / max(tiny, (pi*sigma)))


def split_lorentzian(x, amplitude=1.0, center=0.0, sigma=1.0, sigma_r=1.0):
    s = max(tiny, sigma)
    r = max(tiny, sigma_r)
    ss = s*s
    rr = r*r
    xc2 = (x-center)**2
    amp = 2*amplitude/(pi*(s+r))
    return amp*(ss*(x < center)/(ss+xc2) + rr*(x >= center)/(rr+xc2))


def voigt(x, amplitude=1.0, center=0.0, sigma=1.0, gamma=None):
    if gamma is None:
        gamma = sigma
    z = (x-center + 1j*gamma) / max(tiny, (sigma*s2))
    return amplitude*real(wofz(z)) / max(tiny, (sigma*s2pi))


def pvoigt(x, amplitude=1.0, center=0.0, sigma=1.0, fraction=0.5):
    sigma_g = sigma / sqrt(2*log2)
    return ((1-fraction)*gaussian(x, amplitude, center, sigma_g) +
            fraction*lorentzian(x, amplitude, center, sigma))


def moffat(x, amplitude=1, center=0., sigma=1, beta=1.):
    return amplitude / (((x - center)/max(tiny, sigma))**2 + 1)**beta


def pearson4(x, amplitude=1.0, center=0.0, sigma=1.0, expon=1.0, skew=0.0):
    expon = max(tiny, expon)
    sigma = max(tiny, sigma)
    arg = (x - center) / sigma
    logprefactor = 2 * (real(loggammafcn(expon + skew * 0.5j)) - loggammafcn(expon)) - betalnfcn(expon - 0.5, 0.5)
    return (amplitude / sigma) * exp(logprefactor - expon * log1p(arg * arg) - skew * arctan(arg))


def pearson7(x, amplitude=1.0, center=0.0, sigma=1.0, expon=1.0):
    expon = max(tiny, expon)
    arg = (x-center)/max(tiny, sigma)
    scale = amplitude * gamfcn(expon)/(gamfcn(0.5)*gamfcn(expon-0.5))
    return scale*(1+arg**2)**(-expon)/max(tiny, sigma)


def breit_wigner(x, amplitude=1.0, center=0.0, sigma=1.0, q=1.0):
    gam = sigma/2.0
    return amplitude*(q*gam + x - center)**2 / (gam*gam + (x-center)**2)


def damped_oscillator(x, amplitude=1.0, center=1., sigma=0.1):
    center = max(tiny, abs(center))
    return amplitude/sqrt((1.0 - (x/center)**2)**2 + (2*sigma*x/center)**2)


def dho(x, amplitude=1., center=1., sigma=1., gamma=1.0):
    factor = amplitude * sigma / pi
    bose = (1.0 - exp(-x/max(tiny, gamma)))
    if isinstance(bose, (int, float)):
        bose = not_zero(bose)
    else:
        bose[where(isnan(bose))] = tiny
        bose[where(abs(bose) <= tiny)] = tiny

    lm = 1.0/((x-center)**2 + sigma**2)
    lp = 1.0/((x+center)**2 + sigma**2)
    return factor * where(isclose(x, 0.0),
                          4*gamma*center/(center**2+sigma**2)**2,
                          (lm - lp)/bose)


def logistic(x, amplitude=1., center=0., sigma=1.):
    return amplitude*(1. - 1./(1. + exp((x-center)/max(tiny, sigma))))


def lognormal(x, amplitude=1.0, center=0., sigma=1):
    if isinstance(x, (int, float)):
        x = max(tiny, x)
    else:
        x[where(x <= tiny)] = tiny
    return ((amplitude/(x*max(tiny, sigma*s2pi))) *
            exp(-(log(x)-center)**2 / max(tiny, (2*sigma**2))))


def students_t(x, amplitude=1.0, center=0.0, sigma=1.0):
    s1 = (sigma+1)/2.0
    denom = max(tiny, (sqrt(sigma*pi)*gamfcn(max(tiny, sigma/2))))
    return amplitude*(1 + (x-center)**2/max(tiny, sigma))**(-s1) * gamfcn(s1) / denom


def expgaussian(x, amplitude=1, center=0, sigma=1.0, gamma=1.0):
    gss = gamma*sigma*sigma
    arg1 = gamma*(center + gss/2.0 - x)
    arg2 = (center + gss - x)/max(tiny, (s2*sigma))
    return amplitude*(gamma/2) * exp(arg1) * erfc(arg2)


def doniach(x, amplitude=1.0, center=0, sigma=1.0, gamma=0.0):
    arg = (x-center)/max(tiny, sigma)
    gm1 = (1.0 - gamma)
    scale = amplitude/max(tiny, (sigma**gm1))
    return scale*cos(pi*gamma/2 + gm1*arctan(arg))/(1 + arg**2)**(gm1/2)


def skewed_gaussian(x, amplitude=1.0, center=0.0, sigma=1.0, gamma=0.0):
    asym = 1 + erf(gamma*(x-center)/max(tiny, (s2*sigma)))
    return asym * gaussian(x, amplitude, center, sigma)


def skewed_voigt(x, amplitude=1.0, center=0.0, sigma=1.0, gamma=None, skew=0.0):
    beta = skew/max(tiny, (s2*sigma))
    asym = 1 + erf(beta*(x-center))
    return asym * voigt(x, amplitude, center, sigma, gamma=gamma)


def sine(x, amplitude=1.0, frequency=1.0, shift=0.0):
    return amplitude*sin(x*frequency + shift)


def expsine(x, amplitude=1.0, frequency=1.0, shift=0.0, decay=0.0):
    return amplitude*sin(x*frequency + shift) * exp(-x*decay)


def thermal_distribution(x, amplitude=1.0, center=0.0, kt=1.0, form='bose'):
    form = form.lower()
    if form.startswith('bose'):
        offset = -1
    elif form.startswith('maxwell'):
        offset = 0
    elif form.startswith('fermi'):
        offset = 1
    else:
        msg = (f"Invalid value ('{form}') for argument 'form'; should be one "
               "of 'maxwell', 'fermi', or 'bose'.")
        raise ValueError(msg)

    return real(1/(amplitude*exp((x - center)/not_zero(kt)) + offset + tiny*1j))


def bose(x, amplitude=1.0, center=0.0, kt=1.0):
    denom = exp((x - center)/not_zero(kt)) - 1.0
    if isinstance(x, (int, float)):
        denom = not_zero(denom)
    else:
        denom[where(abs(denom) < tiny*tiny)] = tiny*tiny
    return amplitude/denom


def fermi(x, amplitude=1.0, center=0.0, kt=1.0):
    return amplitude/(exp((x - center)/not_zero(kt)) + 1.0)


def step(x, amplitude=1.0, center=0.0, sigma=1.0, form='linear'):
    out = sign(sigma)*(x - center)/max(tiny*tiny, abs(sigma))

    if form == 'erf':
        out = 0.5*(1 + erf(out))
    elif form == 'logistic':
        out = 1. - 1./(1. + exp(out))
    elif form in ('atan', 'arctan'):
        out = 0.5 + arctan(out)/pi
    elif form == 'linear':
        out = minimum(1, maximum(0, out + 0.5))
    else:
        msg = (f"Invalid value ('{form}') for argument 'form'; should be one "
               "of 'erf', 'logistic', 'atan', 'arctan', or 'linear'.")
        raise ValueError(msg)

    return amplitude*out


def rectangle(x, amplitude=1.0, center1=0.0, sigma1=1.0,
              center2=1.0, sigma2=1.0, form='linear'):
    arg1 = (x - center1)/max(tiny, sigma1)
    arg2 = (center2 - x)/max(tiny, sigma2)

    if form == 'erf':
        out = 0.5*(erf(arg1) + erf(arg2))
    elif form == 'logistic':
        out = 1. - 1./(1. + exp(arg1)) - 1./(1. + exp(arg2))
    elif form in ('atan', 'arctan'):
        out = (arctan(arg1) + arctan(arg2))/pi
    elif form == 'linear':
        out = 0.5*(minimum(1, maximum(-1, arg1)) + minimum(1, maximum(-1, arg2)))
    else:
        msg = (f"Invalid value ('{form}') for argument 'form'; should be one "
               "of 'erf', 'logistic', 'atan', 'arctan', or 'linear'.")
        raise ValueError(msg)

    return amplitude*out


def exponential(x, amplitude=1, decay=1):
    decay = not_zero(decay)
    return amplitude * exp(-x/decay)


def powerlaw(x, amplitude=1, exponent=1.0):
    return amplitude * x**exponent


def linear(x, slope=1.0, intercept=0.0):
    return slope * x + intercept


def parabolic(x, a=0.0, b=0.0, c=0.0):
    return a * x**2 + b * x + c


def constant(x, c=0.0):
    return c * ones(shape(x))


def complex_constant(x, re=0.0, im=0.0):
    return (re + 1j*im) * ones(shape(x))



# --- lmfit/minimizer.py (pandas is not installed: its fallback, as minimizer.py writes it) -------------------------

# check for pandas
try:
    import pandas as pd
    from pandas import isnull
    HAS_PANDAS = True
except ImportError:
    HAS_PANDAS = False
    isnull = np.isnan


def reduce_chisquare(r):
    return (r*r).sum()


def reduce_negentropy(r):
    return (norm_dist.pdf(r)*norm_dist.logpdf(r)).sum()


def reduce_cauchylogpdf(r):
    return -cauchy_dist.logpdf(r).sum()


def coerce_float64(arr, nan_policy='raise', handle_inf=True,
                   ravel=True, ravel_order='C'):
    if issparse(arr):
        arr = arr.toarray().astype(np.float64)
    elif isinstance(arr, LinearOperator):
        identity = np.eye(arr.shape[1], dtype=np.float64)
        arr = (arr * identity).astype(np.float64)
    elif np.iscomplexobj(arr):
        arr = np.asarray(arr, dtype=np.complex128).view(np.float64)
    else:
        arr = np.asarray(arr, dtype=np.float64)

    if ravel:
        arr = arr.ravel(order=ravel_order)

    if nan_policy not in ('propagate', 'omit', 'raise'):
        raise ValueError("nan_policy must be 'propagate', 'omit', or 'raise'.")

    if handle_inf:
        handler_func = lambda x: ~np.isfinite(x)
    else:
        handler_func = isnull

    if nan_policy == 'omit':
        # mask locates any values to remove
        mask = ~handler_func(arr)
        if not np.all(mask):  # there are some NaNs/infs/missing values
            return arr[mask]

    if nan_policy == 'raise':
        try:
            # Calling np.sum to avoid creating a huge array into memory
            # e.g. np.isnan(a).any()
            with np.errstate(invalid='ignore'):
                contains_nan = handler_func(np.sum(arr))
        except TypeError:
            # If the check cannot be properly performed we fallback to omitting
            # nan values and raising a warning. This can happen when attempting to
            # sum things that are not numbers (e.g. as in the function `mode`).
            contains_nan = False
            warnings.warn("The input array could not be checked for NaNs. "
                          "NaNs will be ignored.", RuntimeWarning)

        if contains_nan:
            msg = ('NaN values detected in your input data or the output of '
                   'your objective/model function - fitting algorithms cannot '
                   'handle this! Please read https://lmfit.github.io/lmfit-py/faq.html#i-get-errors-from-nan-in-my-fit-what-can-i-do '
                   'for more information.')
            raise ValueError(msg)
    return arr



# --- lmfit/model.py (its pandas fallback, as model.py writes it) -----------------------------------------------------

try:
    from pandas import Series, isnull
except ImportError:
    isnull = np.isnan
    Series = type(NotImplemented)


def _align(var, mask, data):
    if isinstance(data, Series) and isinstance(var, Series):
        return var.reindex_like(data).dropna()
    elif mask is not None:
        return var[mask]
    return var


def get_reducer(option):
    if option not in ['real', 'imag', 'abs', 'angle']:
        raise ValueError(f"Invalid option ('{option}') for function 'propagate_err'.")

    def reducer(array):
        if any(np.iscomplex(array)):
            parsed_array = getattr(np, option)(array)
        else:
            parsed_array = array

        return parsed_array
    return reducer


def propagate_err(z, dz, option):
    if option not in ['real', 'imag', 'abs', 'angle']:
        raise ValueError(f"Invalid option ('{option}') for function 'propagate_err'.")

    if isinstance(dz, np.ndarray) and z.shape != dz.shape:
        raise ValueError(f"shape of z: {z.shape} != shape of dz: {dz.shape}")

    # Check the main vector for complex. Do nothing if real.
    if any(np.iscomplex(z)):
        # if uncertainties are real, apply them equally to
        # real and imaginary parts
        if all(np.isreal(dz)):
            dz = dz+1j*dz

        if option == 'real':
            err = np.real(dz)
        elif option == 'imag':
            err = np.imag(dz)
        elif option in ['abs', 'angle']:
            rz = np.real(z)
            iz = np.imag(z)

            rdz = np.real(dz)
            idz = np.imag(dz)

            # Don't spit out warnings for divide by zero. Will fix these later.
            with np.errstate(divide='ignore', invalid='ignore'):

                if option == 'abs':
                    # Standard error propagation for abs = sqrt(re**2 + im**2)
                    err = np.true_divide(np.sqrt((iz*idz)**2+(rz*rdz)**2),
                                         np.abs(z))

                    # For abs = 0, error is +/- abs(rdz + j idz)
                    err[err == np.inf] = np.abs(dz)[err == np.inf]

                if option == 'angle':
                    # Standard error propagation for angle = arctan(im/re)
                    err = np.true_divide(np.sqrt((rz*idz)**2+(iz*rdz)**2),
                                         np.abs(z)**2)

                    # For abs = 0, error is +/- pi (i.e. the whole circle)
                    err[err == np.inf] = np.pi
    else:
        err = dz

    return err



# --- lmfit/_ampgo.py -------------------------------------------------------------------------------------------------

def drop_tabu_points(xf, tabulist, tabulistsize, tabustrategy):
    if len(tabulist) < tabulistsize:
        return tabulist

    if tabustrategy == 'oldest':
        tabulist.pop(0)
    else:
        distance = np.sqrt(np.sum((tabulist - xf)**2, axis=1))
        index = np.argmax(distance)
        tabulist.pop(index)

    return tabulist


def tunnel(x0, *args):
    objfun, aspiration, tabulist, *fun_args = args

    numerator = (objfun(x0, *fun_args) - aspiration)**2
    denominator = 1.0

    for tabu in tabulist:
        denominator = denominator * np.sqrt(np.sum((x0 - tabu)**2))

    ytf = numerator/denominator

    return ytf


def inverse_tunnel(xtf, ytf, aspiration, tabulist):
    denominator = 1.0

    for tabu in tabulist:
        denominator = denominator * np.sqrt(np.sum((xtf - tabu)**2))

    numerator = ytf*denominator
    yf = aspiration + np.sqrt(numerator)

    return yf




# --- wrappers: the calling convention (settings and, in the *_fixed variants, the parameters as constants) -------

def gaussian_fixed(x):
    return gaussian(x, amplitude=2.0, center=0.3, sigma=1.2)


def lorentzian_fixed(x):
    return lorentzian(x, amplitude=2.0, center=0.3, sigma=1.2)


def split_lorentzian_fixed(x):
    return split_lorentzian(x, amplitude=2.0, center=0.3, sigma=1.2, sigma_r=0.7)


def voigt_fixed(x):
    return voigt(x, amplitude=2.0, center=0.3, sigma=1.2)


def pvoigt_fixed(x):
    return pvoigt(x, amplitude=2.0, center=0.3, sigma=1.2, fraction=0.4)


def moffat_fixed(x):
    return moffat(x, amplitude=2.0, center=0.3, sigma=1.2, beta=1.5)


def pearson4_fixed(x):
    return pearson4(x, amplitude=2.0, center=0.3, sigma=1.2, expon=1.5, skew=0.4)


def pearson7_fixed(x):
    return pearson7(x, amplitude=2.0, center=0.3, sigma=1.2, expon=1.5)


def breit_wigner_fixed(x):
    return breit_wigner(x, amplitude=2.0, center=0.3, sigma=1.2, q=1.0)


def damped_oscillator_fixed(x):
    return damped_oscillator(x, amplitude=2.0, center=1.0, sigma=0.1)


def dho_fixed(x):
    return dho(x, amplitude=2.0, center=1.0, sigma=1.2, gamma=1.0)


def logistic_fixed(x):
    return logistic(x, amplitude=2.0, center=0.3, sigma=1.2)


def lognormal_fixed(x):
    return lognormal(x, amplitude=2.0, center=0.3, sigma=1.2)


def students_t_fixed(x):
    return students_t(x, amplitude=2.0, center=0.3, sigma=1.2)


def expgaussian_fixed(x):
    return expgaussian(x, amplitude=2.0, center=0.3, sigma=1.2, gamma=1.0)


def doniach_fixed(x):
    return doniach(x, amplitude=2.0, center=0.3, sigma=1.2, gamma=0.2)


def skewed_gaussian_fixed(x):
    return skewed_gaussian(x, amplitude=2.0, center=0.3, sigma=1.2, gamma=1.5)


def skewed_voigt_fixed(x):
    return skewed_voigt(x, amplitude=2.0, center=0.3, sigma=1.2, gamma=0.8, skew=1.0)


def sine_fixed(x):
    return sine(x, amplitude=2.0, frequency=1.3, shift=0.2)


def expsine_fixed(x):
    return expsine(x, amplitude=2.0, frequency=1.3, shift=0.2, decay=0.1)


def bose_fixed(x):
    return bose(x, amplitude=2.0, center=-0.5, kt=1.0)


def fermi_fixed(x):
    return fermi(x, amplitude=2.0, center=0.3, kt=1.0)


def exponential_fixed(x):
    return exponential(x, amplitude=2.0, decay=1.5)


def powerlaw_fixed(x):
    return powerlaw(x, amplitude=2.0, exponent=1.5)


def linear_fixed(x):
    return linear(x, slope=0.7, intercept=0.3)


def parabolic_fixed(x):
    return parabolic(x, a=0.7, b=0.3, c=-0.2)


def constant_fixed(x):
    return constant(x, c=0.4)


def complex_constant_fixed(x):
    return complex_constant(x, re=0.4, im=-0.6)


def thermal_bose(x, amplitude, center, kt):
    return thermal_distribution(x, amplitude, center, kt, form='bose')


def thermal_bose_fixed(x):
    return thermal_distribution(x, amplitude=1.0, center=-0.5, kt=1.0, form='bose')


def thermal_maxwell(x, amplitude, center, kt):
    return thermal_distribution(x, amplitude, center, kt, form='maxwell')


def thermal_maxwell_fixed(x):
    return thermal_distribution(x, amplitude=1.0, center=0.3, kt=1.0, form='maxwell')


def thermal_fermi(x, amplitude, center, kt):
    return thermal_distribution(x, amplitude, center, kt, form='fermi')


def thermal_fermi_fixed(x):
    return thermal_distribution(x, amplitude=1.0, center=0.3, kt=1.0, form='fermi')


def step_linear(x, amplitude, center, sigma):
    return step(x, amplitude, center, sigma, form='linear')


def step_linear_fixed(x):
    return step(x, amplitude=2.0, center=0.3, sigma=1.2, form='linear')


def step_erf(x, amplitude, center, sigma):
    return step(x, amplitude, center, sigma, form='erf')


def step_erf_fixed(x):
    return step(x, amplitude=2.0, center=0.3, sigma=-1.2, form='erf')


def step_logistic(x, amplitude, center, sigma):
    return step(x, amplitude, center, sigma, form='logistic')


def step_logistic_fixed(x):
    return step(x, amplitude=2.0, center=0.3, sigma=1.2, form='logistic')


def step_atan(x, amplitude, center, sigma):
    return step(x, amplitude, center, sigma, form='atan')


def step_atan_fixed(x):
    return step(x, amplitude=2.0, center=0.3, sigma=1.2, form='atan')


def rectangle_linear(x, amplitude, center1, sigma1, center2, sigma2):
    return rectangle(x, amplitude, center1, sigma1, center2, sigma2, form='linear')


def rectangle_linear_fixed(x):
    return rectangle(x, amplitude=2.0, center1=-1.0, sigma1=0.5, center2=1.0, sigma2=0.5, form='linear')


def rectangle_erf(x, amplitude, center1, sigma1, center2, sigma2):
    return rectangle(x, amplitude, center1, sigma1, center2, sigma2, form='erf')


def rectangle_erf_fixed(x):
    return rectangle(x, amplitude=2.0, center1=-1.0, sigma1=0.5, center2=1.0, sigma2=0.5, form='erf')


def rectangle_arctan(x, amplitude, center1, sigma1, center2, sigma2):
    return rectangle(x, amplitude, center1, sigma1, center2, sigma2, form='arctan')


def rectangle_arctan_fixed(x):
    return rectangle(x, amplitude=2.0, center1=-1.0, sigma1=0.5, center2=1.0, sigma2=0.5, form='arctan')


def gaussian2d_grid(x, y, amplitude, centerx, centery, sigmax, sigmay):
    return gaussian2d(x, y, amplitude, centerx, centery, sigmax, sigmay)


def coerce_omit(arr):
    return coerce_float64(arr, nan_policy='omit')


def coerce_raise(arr):
    return coerce_float64(arr, nan_policy='raise')


def coerce_propagate_2d(arr):
    return coerce_float64(arr, nan_policy='propagate', handle_inf=False)


def coerce_complex(arr):
    return coerce_float64(arr, nan_policy='omit')


def propagate_abs(z, dz):
    return propagate_err(z, dz, 'abs')


def propagate_angle(z, dz):
    return propagate_err(z, dz, 'angle')


def propagate_real(z, dz):
    return propagate_err(z, dz, 'real')


def propagate_imag_real_z(z, dz):
    return propagate_err(z, dz, 'imag')


def reducer_abs(array):
    return get_reducer('abs')(array)


def align_mask(var, mask, data):
    return _align(var, mask, data)


def drop_tabu_farthest(xf, a, b, c, d):
    return drop_tabu_points(xf, [a, b, c, d], 4, 'farthest')


def drop_tabu_oldest(xf, a, b, c, d):
    return np.array(drop_tabu_points(xf, [a, b, c, d], 4, 'oldest'))


def tunnel_chisquare(x0, aspiration, a, b, c):
    return tunnel(x0, reduce_chisquare, aspiration, [a, b, c])


def inverse_tunnel_3(xtf, ytf, aspiration, a, b, c):
    return inverse_tunnel(xtf, ytf, aspiration, [a, b, c])


# --- the cases --------------------------------------------------------------------------------------------------------

_l = "lineshapes.py"
NX = 40


def _s(rng, lo, hi):
    return np.float64(rng.uniform(lo, hi))


def _x(rng):
    return np.linspace(-4.0, 4.0, NX) + rng.uniform(-0.01, 0.01, size=NX)


def _xpos(rng):
    return np.linspace(0.1, 5.0, NX) + rng.uniform(0.0, 0.01, size=NX)


def _with_nans(rng):
    a = rng.normal(size=NX)
    a[[3, 17, 30]] = np.nan
    a[22] = np.inf
    return a


def _cz(rng):
    return rng.normal(size=NX) + 1j * rng.normal(size=NX)


def _pt(rng):
    return rng.normal(size=3)


CASES = [
    case(gaussian, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0)), LMF(_l, 'gaussian', "every parameter traced")),
    case(gaussian_fixed, lambda rng: (_x(rng),), LMF(_l, 'gaussian', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2')),
    case(lorentzian, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0)), LMF(_l, 'lorentzian', "every parameter traced")),
    case(lorentzian_fixed, lambda rng: (_x(rng),), LMF(_l, 'lorentzian', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2')),
    case(split_lorentzian, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.5, 2.0)), LMF(_l, 'split_lorentzian', "every parameter traced")),
    case(split_lorentzian_fixed, lambda rng: (_x(rng),), LMF(_l, 'split_lorentzian', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2, sigma_r=0.7')),
    case(voigt, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0)), LMF(_l, 'voigt', "every parameter traced")),
    case(voigt_fixed, lambda rng: (_x(rng),), LMF(_l, 'voigt', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2')),
    case(pvoigt, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.1, 0.9)), LMF(_l, 'pvoigt', "every parameter traced")),
    case(pvoigt_fixed, lambda rng: (_x(rng),), LMF(_l, 'pvoigt', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2, fraction=0.4')),
    case(moffat, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.5, 2.0)), LMF(_l, 'moffat', "every parameter traced")),
    case(moffat_fixed, lambda rng: (_x(rng),), LMF(_l, 'moffat', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2, beta=1.5')),
    case(pearson4, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, 1.0, 3.0), _s(rng, -1.0, 1.0)), LMF(_l, 'pearson4', "every parameter traced")),
    case(pearson4_fixed, lambda rng: (_x(rng),), LMF(_l, 'pearson4', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2, expon=1.5, skew=0.4')),
    case(pearson7, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, 1.0, 3.0)), LMF(_l, 'pearson7', "every parameter traced")),
    case(pearson7_fixed, lambda rng: (_x(rng),), LMF(_l, 'pearson7', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2, expon=1.5')),
    case(breit_wigner, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.5, 2.0)), LMF(_l, 'breit_wigner', "every parameter traced")),
    case(breit_wigner_fixed, lambda rng: (_x(rng),), LMF(_l, 'breit_wigner', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2, q=1.0')),
    case(damped_oscillator, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, 0.5, 2.0), _s(rng, 0.05, 0.5)), LMF(_l, 'damped_oscillator', "every parameter traced")),
    case(damped_oscillator_fixed, lambda rng: (_x(rng),), LMF(_l, 'damped_oscillator', 'parameters constant: amplitude=2.0, center=1.0, sigma=0.1')),
    case(dho, lambda rng: (_xpos(rng), _s(rng, 0.5, 3.0), _s(rng, 0.5, 2.0), _s(rng, 0.5, 2.0), _s(rng, 0.5, 2.0)), LMF(_l, 'dho', "every parameter traced")),
    case(dho_fixed, lambda rng: (_xpos(rng),), LMF(_l, 'dho', 'parameters constant: amplitude=2.0, center=1.0, sigma=1.2, gamma=1.0')),
    case(logistic, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0)), LMF(_l, 'logistic', "every parameter traced")),
    case(logistic_fixed, lambda rng: (_x(rng),), LMF(_l, 'logistic', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2')),
    case(lognormal, lambda rng: (_xpos(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0)), LMF(_l, 'lognormal', "every parameter traced")),
    case(lognormal_fixed, lambda rng: (_xpos(rng),), LMF(_l, 'lognormal', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2')),
    case(students_t, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0)), LMF(_l, 'students_t', "every parameter traced")),
    case(students_t_fixed, lambda rng: (_x(rng),), LMF(_l, 'students_t', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2')),
    case(expgaussian, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.5, 2.0)), LMF(_l, 'expgaussian', "every parameter traced")),
    case(expgaussian_fixed, lambda rng: (_x(rng),), LMF(_l, 'expgaussian', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2, gamma=1.0')),
    case(doniach, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.0, 0.5)), LMF(_l, 'doniach', "every parameter traced")),
    case(doniach_fixed, lambda rng: (_x(rng),), LMF(_l, 'doniach', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2, gamma=0.2')),
    case(skewed_gaussian, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, -2.0, 2.0)), LMF(_l, 'skewed_gaussian', "every parameter traced")),
    case(skewed_gaussian_fixed, lambda rng: (_x(rng),), LMF(_l, 'skewed_gaussian', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2, gamma=1.5')),
    case(skewed_voigt, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.5, 2.0), _s(rng, -2.0, 2.0)), LMF(_l, 'skewed_voigt', "every parameter traced")),
    case(skewed_voigt_fixed, lambda rng: (_x(rng),), LMF(_l, 'skewed_voigt', 'parameters constant: amplitude=2.0, center=0.3, sigma=1.2, gamma=0.8, skew=1.0')),
    case(sine, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0)), LMF(_l, 'sine', "every parameter traced")),
    case(sine_fixed, lambda rng: (_x(rng),), LMF(_l, 'sine', 'parameters constant: amplitude=2.0, frequency=1.3, shift=0.2')),
    case(expsine, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.0, 0.5)), LMF(_l, 'expsine', "every parameter traced")),
    case(expsine_fixed, lambda rng: (_x(rng),), LMF(_l, 'expsine', 'parameters constant: amplitude=2.0, frequency=1.3, shift=0.2, decay=0.1')),
    case(bose, lambda rng: (_xpos(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, -0.1), _s(rng, 0.5, 2.0)), LMF(_l, 'bose', "every parameter traced")),
    case(bose_fixed, lambda rng: (_xpos(rng),), LMF(_l, 'bose', 'parameters constant: amplitude=2.0, center=-0.5, kt=1.0')),
    case(fermi, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0)), LMF(_l, 'fermi', "every parameter traced")),
    case(fermi_fixed, lambda rng: (_x(rng),), LMF(_l, 'fermi', 'parameters constant: amplitude=2.0, center=0.3, kt=1.0')),
    case(exponential, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, 0.5, 3.0)), LMF(_l, 'exponential', "every parameter traced")),
    case(exponential_fixed, lambda rng: (_x(rng),), LMF(_l, 'exponential', 'parameters constant: amplitude=2.0, decay=1.5')),
    case(powerlaw, lambda rng: (_xpos(rng), _s(rng, 0.5, 3.0), _s(rng, -2.0, 2.0)), LMF(_l, 'powerlaw', "every parameter traced")),
    case(powerlaw_fixed, lambda rng: (_xpos(rng),), LMF(_l, 'powerlaw', 'parameters constant: amplitude=2.0, exponent=1.5')),
    case(linear, lambda rng: (_x(rng), _s(rng, -2.0, 2.0), _s(rng, -1.0, 1.0)), LMF(_l, 'linear', "every parameter traced")),
    case(linear_fixed, lambda rng: (_x(rng),), LMF(_l, 'linear', 'parameters constant: slope=0.7, intercept=0.3')),
    case(parabolic, lambda rng: (_x(rng), _s(rng, -2.0, 2.0), _s(rng, -1.0, 1.0), _s(rng, -1.0, 1.0)), LMF(_l, 'parabolic', "every parameter traced")),
    case(parabolic_fixed, lambda rng: (_x(rng),), LMF(_l, 'parabolic', 'parameters constant: a=0.7, b=0.3, c=-0.2')),
    case(constant, lambda rng: (_x(rng), _s(rng, -1.0, 1.0)), LMF(_l, 'constant', "every parameter traced")),
    case(constant_fixed, lambda rng: (_x(rng),), LMF(_l, 'constant', 'parameters constant: c=0.4')),
    case(complex_constant, lambda rng: (_x(rng), _s(rng, -1.0, 1.0), _s(rng, -1.0, 1.0)), LMF(_l, 'complex_constant', "every parameter traced")),
    case(complex_constant_fixed, lambda rng: (_x(rng),), LMF(_l, 'complex_constant', 'parameters constant: re=0.4, im=-0.6')),
    case(thermal_bose, lambda rng: (_xpos(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, -0.1), _s(rng, 0.5, 2.0)), LMF(_l, 'thermal_distribution', "form='bose', every parameter traced")),
    case(thermal_bose_fixed, lambda rng: (_xpos(rng),), LMF(_l, 'thermal_distribution', "form='bose', parameters constant: amplitude=1.0, center=-0.5, kt=1.0")),
    case(thermal_maxwell, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0)), LMF(_l, 'thermal_distribution', "form='maxwell', every parameter traced")),
    case(thermal_maxwell_fixed, lambda rng: (_x(rng),), LMF(_l, 'thermal_distribution', "form='maxwell', parameters constant: amplitude=1.0, center=0.3, kt=1.0")),
    case(thermal_fermi, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0)), LMF(_l, 'thermal_distribution', "form='fermi', every parameter traced")),
    case(thermal_fermi_fixed, lambda rng: (_x(rng),), LMF(_l, 'thermal_distribution', "form='fermi', parameters constant: amplitude=1.0, center=0.3, kt=1.0")),
    case(step_linear, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, -2.0, 2.0)), LMF(_l, 'step', "form='linear', every parameter traced")),
    case(step_linear_fixed, lambda rng: (_x(rng),), LMF(_l, 'step', "form='linear', parameters constant: amplitude=2.0, center=0.3, sigma=1.2")),
    case(step_erf, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, -2.0, 2.0)), LMF(_l, 'step', "form='erf', every parameter traced")),
    case(step_erf_fixed, lambda rng: (_x(rng),), LMF(_l, 'step', "form='erf', parameters constant: amplitude=2.0, center=0.3, sigma=-1.2")),
    case(step_logistic, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, -2.0, 2.0)), LMF(_l, 'step', "form='logistic', every parameter traced")),
    case(step_logistic_fixed, lambda rng: (_x(rng),), LMF(_l, 'step', "form='logistic', parameters constant: amplitude=2.0, center=0.3, sigma=1.2")),
    case(step_atan, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, -2.0, 2.0)), LMF(_l, 'step', "form='atan', every parameter traced")),
    case(step_atan_fixed, lambda rng: (_x(rng),), LMF(_l, 'step', "form='atan', parameters constant: amplitude=2.0, center=0.3, sigma=1.2")),
    case(rectangle_linear, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -2.0, -0.5), _s(rng, 0.2, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.2, 1.0)), LMF(_l, 'rectangle', "form='linear', every parameter traced")),
    case(rectangle_linear_fixed, lambda rng: (_x(rng),), LMF(_l, 'rectangle', "form='linear', parameters constant: amplitude=2.0, center1=-1.0, sigma1=0.5, center2=1.0, sigma2=0.5")),
    case(rectangle_erf, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -2.0, -0.5), _s(rng, 0.2, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.2, 1.0)), LMF(_l, 'rectangle', "form='erf', every parameter traced")),
    case(rectangle_erf_fixed, lambda rng: (_x(rng),), LMF(_l, 'rectangle', "form='erf', parameters constant: amplitude=2.0, center1=-1.0, sigma1=0.5, center2=1.0, sigma2=0.5")),
    case(rectangle_arctan, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -2.0, -0.5), _s(rng, 0.2, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.2, 1.0)), LMF(_l, 'rectangle', "form='arctan', every parameter traced")),
    case(rectangle_arctan_fixed, lambda rng: (_x(rng),), LMF(_l, 'rectangle', "form='arctan', parameters constant: amplitude=2.0, center1=-1.0, sigma1=0.5, center2=1.0, sigma2=0.5")),
    case(gaussian2d_grid, lambda rng: (_x(rng), _x(rng)[::-1].copy(), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0), _s(rng, 0.5, 2.0)), LMF(_l, "gaussian2d", "every parameter traced")),
    # minimizer.py
    case(reduce_chisquare, lambda rng: (rng.normal(size=NX),), LMF("minimizer.py", "reduce_chisquare")),
    case(reduce_negentropy, lambda rng: (rng.normal(size=NX),), LMF("minimizer.py", "reduce_negentropy")),
    case(reduce_cauchylogpdf, lambda rng: (rng.normal(size=NX),), LMF("minimizer.py", "reduce_cauchylogpdf")),
    case(coerce_omit, lambda rng: (_with_nans(rng),), LMF("minimizer.py", "coerce_float64", "nan_policy='omit', NaNs and an inf present")),
    case(coerce_raise, lambda rng: (rng.normal(size=NX),), LMF("minimizer.py", "coerce_float64", "nan_policy='raise', finite data")),
    case(coerce_propagate_2d, lambda rng: (rng.normal(size=(5, 8)),), LMF("minimizer.py", "coerce_float64", "nan_policy='propagate', handle_inf=False, 2-D input")),
    case(coerce_complex, lambda rng: (_cz(rng),), LMF("minimizer.py", "coerce_float64", "complex input (viewed as float64), nan_policy='omit'")),
    # model.py
    case(propagate_abs, lambda rng: (_cz(rng), rng.uniform(0.1, 0.5, size=NX)), LMF("model.py", "propagate_err", "option='abs', complex z, real dz")),
    case(propagate_angle, lambda rng: (_cz(rng), rng.uniform(0.1, 0.5, size=NX)), LMF("model.py", "propagate_err", "option='angle'")),
    case(propagate_real, lambda rng: (_cz(rng), _cz(rng)), LMF("model.py", "propagate_err", "option='real', complex dz")),
    case(propagate_imag_real_z, lambda rng: (rng.normal(size=NX), rng.uniform(0.1, 0.5, size=NX)), LMF("model.py", "propagate_err", "option='imag', real z (dz returned)")),
    case(reducer_abs, lambda rng: (_cz(rng),), LMF("model.py", "get_reducer", "option='abs'")),
    case(align_mask, lambda rng: (rng.normal(size=NX), rng.normal(size=NX) > 0, rng.normal(size=NX)), LMF("model.py", "_align", "a boolean mask")),
    # _ampgo.py
    case(drop_tabu_farthest, lambda rng: (_pt(rng), _pt(rng), _pt(rng), _pt(rng), _pt(rng)), LMF("_ampgo.py", "drop_tabu_points", "tabulistsize=4, tabustrategy='farthest'")),
    case(drop_tabu_oldest, lambda rng: (_pt(rng), _pt(rng), _pt(rng), _pt(rng), _pt(rng)), LMF("_ampgo.py", "drop_tabu_points", "tabulistsize=4, tabustrategy='oldest'")),
    case(tunnel_chisquare, lambda rng: (_pt(rng), _s(rng, -1.0, 0.0), _pt(rng), _pt(rng), _pt(rng)), LMF("_ampgo.py", "tunnel", "objfun=reduce_chisquare, 3 tabu points")),
    case(inverse_tunnel_3, lambda rng: (_pt(rng), _s(rng, 0.1, 2.0), _s(rng, -1.0, 0.0), _pt(rng), _pt(rng), _pt(rng)), LMF("_ampgo.py", "inverse_tunnel", "3 tabu points")),
    # edge values: the guards' other branches (sigma <= 0, x at or below tiny, a zero denominator, kt < 0)
    case(gaussian, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, -2.0, -0.5)), LMF(_l, "gaussian", "sigma < 0 (max(tiny, ...) takes tiny)"), name="lmfit.gaussian_negative_sigma"),
    case(lorentzian, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), np.float64(0.0)), LMF(_l, "lorentzian", "sigma == 0"), name="lmfit.lorentzian_zero_sigma"),
    case(split_lorentzian, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, -1.0, -0.1), _s(rng, 0.5, 2.0)), LMF(_l, "split_lorentzian", "sigma < 0"), name="lmfit.split_lorentzian_negative_sigma"),
    case(lognormal, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, 0.5, 2.0)), LMF(_l, "lognormal", "x <= 0 in places (the masked write into x)"), name="lmfit.lognormal_nonpositive_x"),
    case(dho, lambda rng: (np.linspace(-2.0, 2.0, 41), _s(rng, 0.5, 3.0), _s(rng, 0.5, 2.0), _s(rng, 0.5, 2.0), _s(rng, 0.5, 2.0)), LMF(_l, "dho", "x == 0 at one point (the NaN and tiny writes, the isclose branch)"), name="lmfit.dho_through_zero"),
    case(bose, lambda rng: (np.linspace(-2.0, 2.0, 41), _s(rng, 0.5, 3.0), np.float64(0.0), _s(rng, 0.5, 2.0)), LMF(_l, "bose", "x == center at one point (denominator 0 replaced by tiny**2)"), name="lmfit.bose_at_center"),
    case(fermi, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), _s(rng, -2.0, -0.5)), LMF(_l, "fermi", "kt < 0 (not_zero keeps the sign)"), name="lmfit.fermi_negative_kt"),
    case(thermal_maxwell, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), np.float64(0.0)), LMF(_l, "thermal_distribution", "form='maxwell', kt == 0 (not_zero(0) is tiny)"), name="lmfit.thermal_maxwell_zero_kt"),
    case(step_linear, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -1.0, 1.0), np.float64(0.0)), LMF(_l, "step", "form='linear', sigma == 0 (sign(0) is 0)"), name="lmfit.step_linear_zero_sigma"),
    case(damped_oscillator, lambda rng: (_x(rng), _s(rng, 0.5, 3.0), _s(rng, -2.0, -0.5), _s(rng, 0.05, 0.5)), LMF(_l, "damped_oscillator", "center < 0 (abs)"), name="lmfit.damped_oscillator_negative_center"),
    case(exponential, lambda rng: (_xpos(rng), _s(rng, 0.5, 3.0), _s(rng, -3.0, -0.5)), LMF(_l, "exponential", "decay < 0"), name="lmfit.exponential_negative_decay"),
    case(coerce_omit, lambda rng: (rng.normal(size=NX),), LMF("minimizer.py", "coerce_float64", "nan_policy='omit', no NaN (the other return)"), name="lmfit.coerce_omit_finite"),
]
