"""Spectrum's parametric and non-parametric spectral estimation in NumPy: the Levinson-Durbin recursion and its
reverse, step-up, Burg's method, Marple's covariance and modified covariance estimators, Yule-Walker, LPC, the
linear-prediction conversions (reflection coefficients, log-area ratios, autocorrelation), Cholesky and Toeplitz
solvers (loop-heavy, complex), the minimum eigenvalue iteration, the order-selection criteria, ARMA PSDs, the
correlation functions and correlation matrices, the windows (Kaiser, Blackman, Tukey, Taylor, flat top, Parzen ...),
wavelets and the one/two-sided PSD tools (cokelaer/spectrum, BSD-3-Clause).

Copied from cokelaer/spectrum at abf5b76d72763080a2a6ff21c9e8c107166d230d (its LICENSE is the BSD 3-Clause licence:
"Copyright (c) 2011-2017, Thomas Cokelaer"), the files named in each section below (under ``src/spectrum/``).
Bodies are as written, comments kept, docstrings dropped; each function is copied together with the functions,
classes and constants of the package it calls.

Adapted, beyond that:

* the imports of package modules are this module's: the module-level imports below are those of the source modules
  (``from numpy import ...``, ``from numpy.fft import fft, ifft, rfft``, ``from collections import deque``);
  three function-local imports of the package (``from spectrum import corrmtx`` in ``arcovar`` and ``modcovar``,
  ``from .levinson import levup`` in ``rc2poly``, ``from . import tools`` in ``arma2psd``) are dropped, as
  those functions are defined here; ``toeplitz`` (the module ``spectrum.toeplitz`` that ``eigen.py`` imports) and
  ``tools`` are namespaces holding the copied functions;
* ``Criteria`` (``criteria.py``) is copied whole since ``arburg`` names it (only with ``criteria=`` set, never here);
* wrappers give the keyword arguments (orders, ``norm=``, ``method=``, ``form=``, ``sides=``) as constants.

Not taken: the ``Spectrum`` classes (``psd.py``), ``Window`` and plotting, the periodograms and the correlogram (they
build a ``Window``), ``minvar`` and ``pascal`` (``spectrum.errors``), ``mtm`` (a C extension), the transfer functions
(``scipy.signal``).

The inputs: a 48- to 64-sample AR(3) process (made eagerly in ``make_inputs``), its biased autocorrelation to order
5, reflection coefficients in (-0.9, 0.9), windows of 16 to 33 points.
"""

# ruff: noqa: E501, E701, E711, E712, E741, F401, F811, I001, UP004, UP031, UP032, W291, W293
from __future__ import annotations

import logging
import types
from collections import deque

import numpy
import numpy as np
import scipy.linalg
from numpy import arange, array, ceil, cos, exp, linspace, log, log2, ones, pi, prod, real, sin, sinc, sqrt
from numpy.fft import fft, ifft, rfft

from tests.coverage.cases import SPECTRUM, Source, case


def SPC(path: str, original: str, note: str = "") -> Source:
    return Source(SPECTRUM, "src/spectrum/" + path, original, note)


# --- src/spectrum/tools.py -------------------------------------------------------------------------------
def twosided_2_onesided(data):
    assert len(data) % 2 == 0
    N = len(data)
    psd = np.array(data[0:N//2+1]) * 2.
    psd[0] /= 2.
    psd[-1] = data[-1]
    return psd

def onesided_2_twosided(data):
    psd = np.concatenate((data[0:-1], cshift(data[-1:0:-1], -1)))/2.
    psd[0] *= 2.
    psd[-1] *= 2.
    return psd

def twosided_2_centerdc(data):
    N = len(data)
    # could us int() or // in python 3
    newpsd = np.concatenate((cshift(data[N//2:], 1), data[0:N//2]))
    newpsd[0] = data[-1]
    return newpsd

def cshift(data, offset):
    # the deque method is suppose to be optimal when using rotate to shift the
    # data that playing with the data to build a new list.
    if isinstance(offset, float):
        offset = int(offset)
    a = deque(data)
    a.rotate(offset)
    return np.array(a)  #convert back to an array. Is it necessary?

def nextpow2(x):
    res = ceil(log2(x))
    return res.astype('int')  #we want integer values only but ceil gives float


# --- src/spectrum/window.py ------------------------------------------------------------------------------
def enbw(data):
    N = len(data)
    return N * np.sum(data**2) / np.sum(data) ** 2

def _kaiser(n, beta):
    from scipy.special import iv as besselI

    m = n - 1
    k = arange(0, m)
    k = 2.0 * beta / m * sqrt(k * (m - k))
    w = besselI(0, k) / besselI(0, beta)
    return w

def window_kaiser(N, beta=8.6, method="numpy"):
    if N == 1:
        return ones(1)
    if method == "numpy":
        from numpy import kaiser

        return kaiser(N, beta)
    else:
        return _kaiser(N, beta)

def window_blackman(N, alpha=0.16):
    a0 = (1.0 - alpha) / 2.0
    a1 = 0.5
    a2 = alpha / 2.0

    if N == 1:
        win = array([1.0])
    else:
        k = arange(0, N) / float(N - 1.0)
        win = a0 - a1 * cos(2 * pi * k) + a2 * cos(4 * pi * k)
    return win

def window_hann(N):
    from numpy import hanning

    return hanning(N)

def window_gaussian(N, alpha=2.5):
    t = linspace(-(N - 1) / 2.0, (N - 1) / 2.0, N)
    # t = linspace(-(N)/2., (N)/2., N)
    w = exp(-0.5 * (alpha * t / (N / 2.0)) ** 2.0)
    return w

def _coeff4(N, a0, a1, a2, a3):
    if N == 1:
        return ones(1)

    n = arange(0, N)
    N1 = N - 1.0

    w = a0 - a1 * cos(2.0 * pi * n / N1) + a2 * cos(4.0 * pi * n / N1) - a3 * cos(6.0 * pi * n / N1)

    return w

def window_nuttall(N):
    a0 = 0.355768
    a1 = 0.487396
    a2 = 0.144232
    a3 = 0.012604

    return _coeff4(N, a0, a1, a2, a3)

def window_blackman_harris(N):
    a0 = 0.35875
    a1 = 0.48829
    a2 = 0.14128
    a3 = 0.01168
    return _coeff4(N, a0, a1, a2, a3)

def window_tukey(N, r=0.5):
    assert r >= 0 and r <= 1, "r must be in [0,1]"
    if N == 1:
        return ones(1)

    if r == 0:
        return ones(N)
    elif r == 1:
        return window_hann(N)
    else:
        from numpy import concatenate, flipud, where

        ## cosine-tapered window
        x = linspace(0, 1, N)
        x1 = where(x < r / 2.0)
        w = 0.5 * (1 + cos(2 * pi / r * (x[x1[0]] - r / 2)))
        w = concatenate((w, ones(N - len(w) * 2), flipud(w)))

        return w

def window_parzen(N):
    from numpy import concatenate, where

    n = linspace(-(N - 1) / 2.0, (N - 1) / 2.0, N)
    n1 = n[where(abs(n) <= (N - 1) / 4.0)[0]]
    n2 = n[where(n > (N - 1) / 4.0)[0]]
    n3 = n[where(n < -(N - 1) / 4.0)[0]]

    w1 = 1.0 - 6.0 * (abs(n1) / (N / 2.0)) ** 2 + 6 * (abs(n1) / (N / 2.0)) ** 3
    w2 = 2.0 * (1 - abs(n2) / (N / 2.0)) ** 3
    w3 = 2.0 * (1 - abs(n3) / (N / 2.0)) ** 3

    w = concatenate((w3, w1, w2))
    return w

def window_flattop(N, mode="symmetric", precision=None):
    assert mode in ["periodic", "symmetric"]
    t = arange(0, N)

    # FIXME: N=1 for mode = periodic ?
    if mode == "periodic":
        x = 2 * pi * t / float(N)
    else:
        if N == 1:
            return ones(1)
        x = 2 * pi * t / float(N - 1)
    a0 = 0.21557895
    a1 = 0.41663158
    a2 = 0.277263158
    a3 = 0.083578947
    a4 = 0.006947368

    if precision == "octave":
        # to compare with octave, same as above but less precise
        d = 4.6402
        a0 = 1.0 / d
        a1 = 1.93 / d
        a2 = 1.29 / d
        a3 = 0.388 / d
        a4 = 0.0322 / d
    w = a0 - a1 * cos(x) + a2 * cos(2 * x) - a3 * cos(3 * x) + a4 * cos(4 * x)
    return w

def window_taylor(N, nbar=4, sll=-30):
    B = 10 ** (-sll / 20)
    A = log(B + sqrt(B**2 - 1)) / pi
    s2 = nbar**2 / (A**2 + (nbar - 0.5) ** 2)
    ma = arange(1, nbar)

    def calc_Fm(m):
        numer = (-1) ** (m + 1) * prod(1 - m**2 / s2 / (A**2 + (ma - 0.5) ** 2))
        denom = 2 * prod([1 - m**2 / j**2 for j in ma if j != m])
        return numer / denom

    Fm = array([calc_Fm(m) for m in ma])

    def W(n):
        return 2 * np.sum(Fm * cos(2 * pi * ma * (n - N / 2 + 1 / 2) / N)) + 1

    w = array([W(n) for n in range(N)])
    # normalize (Note that this is not described in the original text)
    scale = W((N - 1) / 2)
    w /= scale
    return w

def window_poisson(N, alpha=2):
    n = linspace(-N / 2.0, (N) / 2.0, N)
    w = exp(-alpha * abs(n) / (N / 2.0))
    return w

def window_poisson_hanning(N, alpha=2):
    w1 = window_hann(N)
    w2 = window_poisson(N, alpha=alpha)
    return w1 * w2

def window_cauchy(N, alpha=3):
    n = linspace(-N / 2.0, (N) / 2.0, N)
    w = 1.0 / (1.0 + (alpha * n / (N / 2.0)) ** 2)
    return w


# --- src/spectrum/levinson.py ----------------------------------------------------------------------------
def LEVINSON(r, order=None, allow_singularity=False):
    #from numpy import isrealobj
    T0  = numpy.real(r[0])
    T = r[1:]
    M = len(T)

    if order is None:
        M = len(T)
    else:
        assert order <= M, 'order must be less than size of the input data'
        M = order

    realdata = numpy.isrealobj(r)
    if realdata is True:
        A = numpy.zeros(M, dtype=float)
        ref = numpy.zeros(M, dtype=float)
    else:
        A = numpy.zeros(M, dtype=complex)
        ref = numpy.zeros(M, dtype=complex)

    P = T0

    for k in range(0, M):
        save = T[k]
        if k == 0:
            temp = -save / P
        else:
            #save += sum([A[j]*T[k-j-1] for j in range(0,k)])
            for j in range(0, k):
                save = save + A[j] * T[k-j-1]
            temp = -save / P
        if realdata:
            P = P * (1. - temp**2.)
        else:
            P = P * (1. - (temp.real**2+temp.imag**2))
        if P <= 0 and allow_singularity==False:
            raise ValueError("singular matrix")
        A[k] = temp
        ref[k] = temp # save reflection coeff at each step
        if k == 0:
            continue

        khalf = (k+1)//2
        if realdata is True:
            for j in range(0, khalf):
                kj = k-j-1
                save = A[j]
                A[j] = save + temp * A[kj]
                if j != kj:
                    A[kj] += temp*save
        else:
            for j in range(0, khalf):
                kj = k-j-1
                save = A[j]
                A[j] = save + temp * A[kj].conjugate()
                if j != kj:
                    A[kj] = A[kj] + temp * save.conjugate()

    return A, P, ref

def rlevinson(a, efinal):
    a = numpy.array(a)
    realdata = numpy.isrealobj(a)


    assert a[0] == 1, 'First coefficient of the prediction polynomial must be unity'

    p = len(a)

    if p < 2:
        raise ValueError('Polynomial should have at least two coefficients')

    if realdata == True:
        U = numpy.zeros((p, p)) # This matrix will have the prediction
                                # polynomials of orders 1:p
    else:
        U = numpy.zeros((p, p), dtype=complex)
    U[:, p-1] = numpy.conj(a[-1::-1]) # Prediction coefficients of order p

    p = p -1
    e = numpy.zeros(p)

    # First we find the prediction coefficients of smaller orders and form the
    # Matrix U

    # Initialize the step down

    e[-1] = efinal # Prediction error of order p

    # Step down
    for k in range(p-1, 0, -1):
        [a, e[k-1]] = levdown(a, e[k])
        U[:, k] = numpy.concatenate((numpy.conj(a[-1::-1].transpose()) ,
                                      [0]*(p-k) ))




    e0 = e[0]/(1.-abs(a[1]**2)) #% Because a[1]=1 (true polynomial)
    U[0,0] = 1                #% Prediction coefficient of zeroth order
    kr = numpy.conj(U[0,1:])     #% The reflection coefficients
    kr = kr.transpose()                 #% To make it into a column vector

    #   % Once we have the matrix U and the prediction error at various orders, we can
    #  % use this information to find the autocorrelation coefficients.

    R = numpy.zeros(1, dtype=complex)
    #% Initialize recursion
    k = 1
    R0 = e0 # To take care of the zero indexing problem
    R[0] = -numpy.conj(U[0,1])*R0   # R[1]=-a1[1]*R[0]

    # Actual recursion
    for k in range(1,p):
        r = -sum(numpy.conj(U[k-1::-1,k])*R[-1::-1]) - kr[k]*e[k-1]
        R = numpy.insert(R, len(R), r)

    # Include R(0) and make it a column vector. Note the dot transpose

    #R = [R0 R].';
    R = numpy.insert(R, 0, e0)
    return R, U, kr, e

def levdown(anxt, enxt=None):
    #% Some preliminaries first
    #if nargout>=2 & nargin<2
    #    raise ValueError('Insufficient number of input arguments');
    if anxt[0] != 1:
        raise ValueError('At least one of the reflection coefficients is equal to one.')
    anxt = anxt[1:] #  Drop the leading 1, it is not needed
                    #  in the step down

    # Extract the k+1'th reflection coefficient
    knxt = anxt[-1]
    if knxt == 1.0:
        raise ValueError('At least one of the reflection coefficients is equal to one.')

    # A Matrix formulation from Stoica is used to avoid looping
    acur = (anxt[0:-1]-knxt*numpy.conj(anxt[-2::-1]))/(1.-abs(knxt)**2)
    ecur = None
    if enxt is not None:
        ecur = enxt/(1.-numpy.dot(knxt.conj().transpose(),knxt))

    acur = numpy.insert(acur, 0, 1)

    return acur, ecur

def levup(acur, knxt, ecur=None):
    if acur[0] != 1:
        raise ValueError('At least one of the reflection coefficients is equal to one.')
    acur = acur[1:] #  Drop the leading 1, it is not needed

    # Matrix formulation from Stoica is used to avoid looping
    anxt = numpy.concatenate((acur, [0])) + knxt * numpy.concatenate((numpy.conj(acur[-1::-1]), [1]))

    enxt = None
    if ecur is not None:
        # matlab version enxt = (1-knxt'.*knxt)*ecur
        enxt = (1. - numpy.dot(numpy.conj(knxt), knxt)) * ecur

    anxt = numpy.insert(anxt, 0, 1)

    return anxt, enxt


# --- src/spectrum/burg.py --------------------------------------------------------------------------------
def arburg(X, order, criteria=None):
    if order <= 0.:
        raise ValueError("order must be > 0")

    if order > len(X):
        raise ValueError("order must be less than length input - 2")

    x = np.array(X)
    N = len(x)

    # Initialisation
    # ------ rho, den
    rho = sum(abs(x)**2.) / float(N)  # Eq 8.21 [Marple]_
    den = rho * 2. * N

    # ---- criteria
    if criteria:
        from spectrum import Criteria
        crit = Criteria(name=criteria, N=N)
        crit.data = rho
        logging.debug('Step {}. old criteria={} new one={}.  rho={}'.format(
                0, crit.old_data, crit.data, rho))

    #p =0
    a = np.zeros(0, dtype=complex)
    ref = np.zeros(0, dtype=complex)
    ef = x.astype(complex)
    eb = x.astype(complex)
    temp = 1.
    #   Main recursion

    for k in range(0, order):

        # calculate the next order reflection coefficient Eq 8.14 Marple
        num = sum([ef[j]*eb[j-1].conjugate() for j in range(k+1, N)])
        den = temp * den - abs(ef[k])**2 - abs(eb[N-1])**2
        kp = -2. * num / den #eq 8.14

        temp = 1. - abs(kp)**2.
        new_rho = temp * rho

        if criteria:
            logging.debug('Step {}. old criteria={} new one={}. rho={}'.format(
                k+1, crit.old_data, crit.data, new_rho))
            #k+1 because order goes from 1 to P whereas k starts at 0.
            status = crit(rho=temp*rho, k=k+1)
            if status is False:
                logging.debug('Stop criteria reached %s %s ' % (crit.data, crit.old_data))
                break
        # this should be after the criteria
        rho = new_rho
        if rho <= 0:
            raise ValueError("Found a negative value (expected positive strictly) %s. Decrease the order" % rho)

        a.resize(a.size+1,refcheck=False)
        a[k] = kp
        if k == 0:
            for j in range(N-1, k, -1):
                save2 = ef[j]
                ef[j] = save2 + kp * eb[j-1]          # Eq. (8.7)
                eb[j] = eb[j-1] + kp.conjugate() *  save2

        else:
            # update the AR coeff
            khalf = (k+1)//2  # FIXME here khalf must be an integer
            for j in range(0, khalf):
                ap = a[j] # previous value
                a[j] = ap + kp * a[k-j-1].conjugate()      # Eq. (8.2)
                if j != k-j-1:
                    a[k-j-1] = a[k-j-1] + kp * ap.conjugate()    # Eq. (8.2)

            # update the prediction error
            for j in range(N-1, k, -1):
                save2 = ef[j]
                ef[j] = save2 + kp * eb[j-1]          # Eq. (8.7)
                eb[j] = eb[j-1] + kp.conjugate() *  save2

        # save the reflection coefficient
        ref.resize(ref.size+1, refcheck=False)
        ref[k] = kp

    return a, rho, ref


# --- src/spectrum/correlation.py -------------------------------------------------------------------------
def pylab_rms_flat(a):
    return np.sqrt(np.mean(np.absolute(a) ** 2))

def CORRELATION(x, y=None, maxlags=None, norm='unbiased'):
    assert norm in ['unbiased','biased', 'coeff', None]
    #transform lag into list if it is an integer
    x = np.array(x)
    if y is None:
        y = x
    else:
        y = np.array(y)

    # N is the max of x and y
    N = max(len(x), len(y))
    if len(x) < N:
        x = y.copy()
        x.resize(N, refcheck=False)
    if len(y) < N:
        y = y.copy()
        y.resize(N, refcheck=False)

    #default lag is N-1
    if maxlags is None:
        maxlags = N - 1
    assert maxlags < N, 'lag must be less than len(x)'

    realdata = np.isrealobj(x) and np.isrealobj(y)
    #create an autocorrelation array with same length as lag
    if realdata == True:
        r = np.zeros(maxlags, dtype=float)
    else:
        r = np.zeros(maxlags, dtype=complex)

    if norm == 'coeff':
        rmsx = pylab_rms_flat(x)
        rmsy = pylab_rms_flat(y)

    for k in range(0, maxlags+1):
        nk = N - k - 1

        if realdata == True:
            sum = 0
            for j in range(0, nk+1):
                sum = sum + x[j+k] * y[j]
        else:
            sum = 0. + 0j
            for j in range(0, nk+1):
                sum = sum + x[j+k] * y[j].conjugate()
        if k == 0:
            if norm in ['biased', 'unbiased']:
                r0 = sum/float(N)
            elif norm is None:
                r0 = sum
            else:
                r0 =  1.
        else:
            if norm == 'unbiased':
                r[k-1] = sum / float(N-k)
            elif norm == 'biased':
                r[k-1] = sum / float(N)
            elif norm is None:
                r[k-1] = sum
            elif norm == 'coeff':
                r[k-1] =  sum/(rmsx*rmsy)/float(N)

    r = np.insert(r, 0, r0)
    return r

def xcorr(x, y=None, maxlags=None, norm='biased'):
    N = len(x)
    if y is None:
        y = x
    assert len(x) == len(y), 'x and y must have the same length. Add zeros if needed'

    if maxlags is None:
        maxlags = N-1
        lags = np.arange(0, 2*N-1)
    else:
        assert maxlags <= N, 'maxlags must be less than data length'
        lags = np.arange(N-maxlags-1, N+maxlags)

    res = scipy.signal.correlate(x, y, mode='full')

    if norm == 'biased':
        Nf = float(N)
        res = res[lags] / float(N)    # do not use /= !!
    elif norm == 'unbiased':
        res = res[lags] / (float(N)-abs(np.arange(-N+1, N)))[lags]
    elif norm == 'coeff':
        Nf = float(N)
        rms = pylab_rms_flat(x) * pylab_rms_flat(y)
        res = res[lags] / rms / Nf
    else:
        res = res[lags]

    lags = np.arange(-maxlags, maxlags+1)
    return res, lags


# --- src/spectrum/covar.py -------------------------------------------------------------------------------
def arcovar_marple(x, order):
    assert len(x) >= order, "X must be dimensioned >=N"

    #   ----------------------------------------------------- Initialization
    x = np.array(x)
    N = len(x)


    # Equations 8.C.42
    r0 = sum(abs(x)**2.)
    r1 = abs(x[0])**2
    rN = abs(x[N-1])**2

    pf = r0 - r1
    pb = r0 - rN

    delta = 1. - r1 / r0
    gamma = 1. - rN / r0

    c = np.zeros(N, dtype=complex)
    d = np.zeros(N, dtype=complex)
    r = np.zeros(N, dtype=complex)
    af = np.zeros(N, dtype=complex)
    ab = np.zeros(N, dtype=complex)

    c[0] = x[N-1].conjugate() / r0
    d[0] = x[0].conjugate() / r0

    # special case
    if order == 0:
        pf = r0 / float(N)
        pb = pf
        return af, pf, ab, pb, 0

    # ----------------------------------------------------------  MAIN LOOP

    #ip +1 because we want to enter in the loop to run the first part of the code.
    pbv = []
    for m in range(0, order+1):
        logging.debug('----------------------------m={}'.format(m))
        logging.debug(c[0:2])
        logging.debug(d[0:2])
        r1 = 1./pf
        r2 = 1./pb
        r3 = 1./delta
        r4 = 1./gamma

        #logging.debug('starting r1r2r3r4=', r1, r2, r3, r4, pf, pb, delta, gamma)

        #Order update: AF and AB vectors ; time update: C and D vectors
        temp = 0.+0.j
        for k in range(m+1, N):
            temp = temp + x[k]*x[k-m-1].conjugate()

        r[m] =  temp.conjugate()
        theta = x[0] * c[m]
        #print(('theta', theta))
        #    print(('c=', c[0:2]))
        #    print(('d=', d[0:2]))
        if m == 0:
            pass
        else:
            for k in range(0, m):
                theta = theta + x[m-k] * c[k]                   # Eq. (8.C.39)
                r[k] = r[k] - x[N-m-1] * x[N-m+k].conjugate() # Eq. (8.C.32)
                temp = temp + af[m-k-1] * r[k].conjugate()
                #print 'loop1 k=', k
                #print '         theta=',theta, 'r[k]=',r[k], 'temp=', temp
                #print '         c=',c[k], 'af=',af[m-k-1]
        """if m > 0:
            if debug:
                print((m, N-m))
                print(('Xk=0',x[m-0],x[N-m-1], x[N-m+0]))
            if m > 1:
                if debug:
                    print('Xk=1',x[m-1],x[N-m-1], x[N-m+1])
        """
        c1 = -temp * r2
        c2 = -r1 * temp.conjugate()
        c3 = theta * r3
        c4 = r4 *theta.conjugate()
        #if debug:
        #    print('c1 c2 c3 c4 before af=',c1 ,c2 ,c3 ,c4)
        af[m] = c1                    #             ! Eq. (8.C.19)
        ab[m] = c2                    #             ! Eq. (8.C.22)
        save = c[m]
        c[m] = save + c3*d[m]
        d[m] = d[m] + c4*save
        #if debug:
        #    print('res',m,'af[m]=',af[m], ab[m], save, 'temp=',temp)

        if m == 0:
            pass
        else:
            #if debug:print('af before', af[0:2])
            for k in range(0, m):
                save = af[k]
                af[k] = save + c1 * ab[m-k-1] # Eq. (8.C.18)
                ab[m-k-1] = ab[m-k-1] + c2 * save   # Eq. (8.C.21)

                save = c[k]
                c[k] = save + c3*d[k]       # Eq. (8.C.37)
                d[k] = d[k] + c4*save       # Eq. (8.C.38)
                #if debug:
                #    print('loop2 k=', k)
                #    print('      af[k]=', af[k])
                #    print('      ab[m-k-1]=', ab[m-k-1])
                #    print('      c[k]=', c[k])
                #    print('      d[k]=', d[k])
            #if debug:
            #    print('af after=', af[0:2])
            #    print('ab=', ab[0:2])

        r5 = temp.real**2 + temp.imag**2
        pf = pf - r5*r2         # Eq. (8.C.20)
        pb = pb - r5*r1         # Eq. (8.C.23)
        r5 = theta.real**2 + theta.imag**2
        delta = delta - r5*r4               # Eq. (8.C.39)
        gamma = gamma - r5*r3               # Eq. (8.C.40)
        #if debug:
        #    print('r5r2r1deltagamma', r5, r2, r1 , delta, gamma)
        #    print('pf before norm', pf, pb, N-m-1)
        if m != order-1:
            pass
        else:
            pf = pf / float(N-m-1)
            pb = pb / float(N-m-1)
            #if debug:
            #    print('ENDING', N-m-1)
            break

        #if debug:
        #    print('pf and pb', pf, pb)
        if pf > 0 and pb > 0:
            pass
        else:
            ValueError("Negative PF or PB value")
        if (delta > 0. and delta <=1 and gamma > 0. and gamma <=1):
            pass
        else:
            ValueError("Invalid delta or gamma value")

        #C   Time update:  AF and AB vectors; order update:  C and D vectors

        r1 = 1./pf
        r2 = 1./pb
        r3 = 1./delta
        r4 = 1./gamma
        #if debug:
        #    print('--------time update', r1, r2, r3, r4, m+1, N-m-1, x[m+1], x[N-m-2])
        ef = x[m+1]
        eb = x[(N-1)-m-1]


        for k in range(0,m+1):
            #print 'k=', k, 'ef=', ef, ' eb=',eb,' af=',af[k], ab[k]
            #print x[m-k],x[N-m+k-1]
            ef = ef + af[k] * x[m-k]             # Eq. (8.C.1)
            eb = eb + ab[k] * x[N-m+k-1]                   # Eq. (8.C.2)

        #ef = sum(af)

        #if debug:
        #    print('efweb', ef , eb)
        c1 = ef*r3
        c2 = eb*r4
        c3 = eb.conjugate() * r2
        c4 = ef.conjugate() * r1
        #if debug:
        #    print('c1c2c3c4', c1, c2, c3, c4)
        #    print('af before', af[0:2])
        for k in range(m, -1, -1):
            save = af[k]
            af[k] = save + c1 * d[k]                    #  Eq. (8.C.33)
            d[k+1] = d[k] + c4 * save                    # Eq. (8.C.25)
            save = ab[k]
            ab[k] = save + c2 * c[m-k]                 # Eq. (8.C.35)
            c[m-k] = c[m-k] + c3 * save              # Eq. (8.C.24)
        #if debug:
        #    print('af after', af[0:2])
        #    print('d', d[0:2])
        #    print('ab', ab[0:2])
        #    print('c', c[0:2])
        #if debug:print('Pb before', pf, pb)
        c[m+1] = c3
        d[0] = c4
        #r5 = abs(ef)**2
        r5 = ef.real**2 + ef.imag**2
        pf = pf - r5 * r3                              # Eq. (8.C.34)

        delta = delta-r5 * r1                        # Eq. (8.C.30)
        #r5 = abs(eb)**2
        r5 = eb.real**2 + eb.imag**2
        pb = pb - r5 * r4                              # Eq. (8.C.36)
        #if debug:
        #    print('Pb---------------------', m, pb, r5, r4)
        gamma = gamma-r5*r2                        # Eq. (8.C.31)
        pbv.append(pb)

        if (pf > 0. and pb > 0.):
            pass
        else:
            ValueError("Negative PF or PB value")
        #if debug:
        #    print(delta, gamma)
        if (delta > 0. and delta <= 1.) and (gamma > 0. and gamma <= 1.):
            pass
        else:
            ValueError("Invalid delta or gamma value")


    #af=array of forward coeff
    #ab=array of barward coeff
    #pb=backward variance
    #pf=forward variance
    return af, pf, ab, pb, pbv

def arcovar(x, order):

    import scipy.linalg

    X = corrmtx(x, order, 'covariance')
    Xc = np.array(X[:, 1:])
    X1 = np.array(X[:, 0])

    # Coefficients estimated via the covariance method
    # Here we use lstsq rathre than solve function because Xc is not square
    # matrix

    a, _residues, _rank, _singular_values = scipy.linalg.lstsq(-Xc, X1)

    # Estimate the input white noise variance
    Cz = np.dot(X1.conj().transpose(), Xc)
    e = np.dot(X1.conj().transpose(), X1) + np.dot(Cz, a)
    assert e.imag < 1e-4, 'wierd behaviour'
    e = float(e.real) # ignore imag part that should be small

    return a, e


# --- src/spectrum/modcovar.py ----------------------------------------------------------------------------
def modcovar_marple (X,IP):
    Pv = []
    N = len(X)
    A = np.zeros(N, dtype=complex)
    D = np.zeros(N, dtype=complex)
    C = np.zeros(N, dtype=complex)
    R = np.zeros(N, dtype=complex)
    #   Initialization
    R1=0.
    for K in range(1, N-1):
        R1=R1 + 2.*(X[K].real**2 + X[K].imag**2)
    R2 = X[0].real**2 + X[0].imag**2
    R3 = X[N-1].real**2 + X[N-1].imag**2
    R4 = 1. / (R1 + 2. * (R2 + R3))
    P = R1 + R2 + R3
    DELTA = 1. - R2 * R4
    GAMMA = 1. - R3 * R4
    LAMBDA = (X[0] * X[N-1]).conjugate()*R4
    C[0] = X[N-1] * R4
    D[0] = X[0].conjugate() * R4

    M = 0
    if (IP ==0):
        P = (.5*R1+R2+R3)/float(N)
        return [], P, []

    #C   Main loop

    for M in range(0, IP):
        #print '---------------------', M
        SAVE1 = 0+0j
        for K in range(M+1, N):
            SAVE1 = SAVE1 + X[K]*X[K-M-1].conjugate()
        SAVE1 *= 2.
        R[M] = SAVE1.conjugate()
        THETA = X[N-1]*D[0]
        PSI=X[N-1]*C[0]
        XI = X[0].conjugate() * D[0]
        if M==0:
            pass
        else:
            for K in range(0, M):
                THETA=THETA+X[N-K-2]*D[K+1]    # Eq. (8.D.45)
                PSI = PSI + X[N-K-2]*C[K+1]    # Eq. (8.D.45)
                XI = XI + X[K+1].conjugate() * D[K+1] # Eq. (8.D.45)
                R[K] = R[K]-X[N-M-1] * X[N+1-M+K-1].conjugate() - X[M].conjugate() * X[M-K-1] # Eq. (8.D.37)
                SAVE1=SAVE1+R[K].conjugate()*A[M-K-1]             # Eq. (8.D.24)
                #print 'withini loop', K, THETA, PSI, XI, R[K], SAVE1
                #print 'x   -------', C[K], C[K+1]
                #print 'x   -------', D[K], D[K+1]
                #print 'x   -------', N-K-2, K+1,N-M-1,  M, M-K-1
                #print 'x   -------', X[N-K-2], X[K+1],X[N-M-1],  X[M], X[M-K-1]


        #  Order update of A vector

        C1 = -SAVE1/P
        A[M]=C1                                   # Eq. (8.D.23)
        P=P*(1.-C1.real**2-C1.imag**2)            # Eq. (8.D.25)
        #print 'C1=' , C1, 'A[M]', A[M], 'P=',P
        if M==0:
            pass
        else:
            #for k in range(0, (M-1)/2+1):
            #print 'BEFORE', A[0:4]
            for K in range(0, (M+1)//2):
                MK = M-K-1
                SAVE1=A[K]
                A[K]=SAVE1+C1*A[MK].conjugate() # Eq. (8.D.22)
                #print 'A uopdate---->',M, K, MK, A[K], A[MK], SAVE1, C1
                if (K != MK):
                    #print 'ENTERI IF', K, MK, A[MK], C1, SAVE1
                    A[MK]=A[MK]+C1*(SAVE1.conjugate()) # Eq. (8.D.22)
            #print 'AFTER', A[0:4]
        #print M+1, IP
        if M+1 == IP:
            #Pv.append(P)
            P=.5*P/float(N-M-1)
            Pv.append(P)
            return A, P, Pv
        else:
            Pv.append(.5*P/float(N-M-1))
            #Pv.append(P)

        #   Time update of C,D vectors and GAMMA,DELTA,LAMBDA scalars

        R1=1./(DELTA*GAMMA-(LAMBDA.real)**2-(LAMBDA.imag)**2)
        C1=(THETA*(LAMBDA.conjugate())+PSI*DELTA)*R1
        C2=(PSI*LAMBDA+THETA*GAMMA)*R1
        C3=(XI*(LAMBDA.conjugate())+THETA*DELTA)*R1
        C4=(THETA*LAMBDA+XI*GAMMA)*R1

        #print 'C1C2C3C4', C1, C2, C3, C4
        #print M, M/2+1, (M-1)/2+1
        for K in range(0, (M)//2+1):
            MK=M-K
            SAVE1=C[K].conjugate()
            SAVE2=D[K].conjugate()
            SAVE3=C[MK].conjugate()
            SAVE4=D[MK].conjugate()
            C[K]=C[K]+C1*SAVE3+C2*SAVE4                # Eq. (8.D.43)
            D[K]=D[K]+C3*SAVE3+C4*SAVE4                # Eq. (8.D.44)
            #print '-------->', K,MK, SAVE1, SAVE2, SAVE3, SAVE4
            if K != MK:
                C[MK]=C[MK]+C1*SAVE1+C2*SAVE2              # Eq. (8.D.43)
                D[MK]=D[MK]+C3*SAVE1+C4*SAVE2              # Eq. (8.D.44)
                #print 'witninloop loop ',K,MK,C[MK], D[MK]
        #print 'after loop'
        #print 'C=',C[0:2]
        #print 'D=',D[0:2]
        R2=PSI.real**2+PSI.imag**2
        R3=THETA.real**2+THETA.imag**2
        R4=XI.real**2+XI.imag**2
        R5=GAMMA-(R2*DELTA+R3*GAMMA+2.*np.real(PSI*LAMBDA*THETA.conjugate()))*R1
        R2=DELTA-(R3*DELTA+R4*GAMMA+2.*np.real(THETA*LAMBDA*XI.conjugate()))*R1
        GAMMA=R5                                     # Eq. (8.D.46)
        DELTA=R2                                     # Eq. (8.D.47)
        LAMBDA=LAMBDA+C3*PSI.conjugate()+C4*THETA.conjugate()  # Eq. (8.D.48)
        #print 'before time updaqt',R2, R3, R4, R5, LAMBDA
        if P <= 0.:
            raise ValueError('Found an invalid negative value for P.')
        if (DELTA > 0. and DELTA <= 1. and GAMMA > 0. and GAMMA <=1.):
            pass
        else:
            raise ValueError('Found an invalid DELTA or GAMMA value.')
        #   Time update of A vector; order updates of C,D vectors aand GAMMA,
        #   DELTA,LAMBDA scalars
        #print 'time update--------------'
        R1=1./P
        R2=1./(DELTA*GAMMA-LAMBDA.real**2-LAMBDA.imag**2) # Eq. (8.D.41)
        EF=X[M+1]
        EB=X[N-M-2]
        #print 'efeb', EF, EB
        #print 'A=',A[0:2]
        for K in range(0, M+1):
            #print 'efeb lloop', K,A[K], X[M-K], X[N-M+K-1]
            EF=EF+A[K]*X[M-K]                        # Eq. (8.D.1)
            EB=EB+A[K].conjugate()*X[N-M+K-1]            # Eq. (8.D.2)
        C1=EB*R1                                     # Eq. (8.D.28)
        C2=EF.conjugate()*R1                              # Eq. (8.D.29)
        C3=(EB.conjugate()*DELTA+EF*LAMBDA)*R2
        C4=(EF*GAMMA+(EB*LAMBDA).conjugate())*R2

        #print 'c1c2c3c4', C1 ,C2, C3, C4
        #print 'efeb',EF, EB

        for K in range(M, -1, -1):
            SAVE1=A[K]
            A[K]=SAVE1+C3*C[K]+C4*D[K]                 # Eq. (8.D.38)
            C[K+1]=C[K]+C1*SAVE1                       # Eq. (8.D.26)
            D[K+1]=D[K]+C2*SAVE1                       # Eq. (8.D.27)
            #print 'ACD',K, A[K], C[K+1], D[K+1]
        C[0]=C1
        D[0]=C2
        R3=EB.real**2+EB.imag**2
        R4=EF.real**2+EF.imag**2
        P=P-(R3*DELTA+R4*GAMMA+2.*np.real(EF*EB*LAMBDA))*R2  # Eq. (8.D.42)
        DELTA=DELTA-R4*R1                            # Eq. (8.D.32)
        GAMMA=GAMMA-R3*R1                            # Eq. (8.D.33)
        LAMBDA=LAMBDA+(EF*EB).conjugate()*R1                # Eq. (8.D.35)

        #print 'final'
        #print R3, R4, P, DELTA, GAMMA, LAMBDA
        #print 'Afinal=',A[0:2]
        #print 'P=',P
        if (P > 0.):
            pass
        else:
            raise ValueError("Found a invalid negative P value ")
        if (DELTA > 0. and DELTA <= 1. and  GAMMA > 0. and GAMMA <= 1.):
            pass
        else:
            raise ValueError("Found an invalid negative GAMMA or DELTA value ")

def modcovar(x, order):
    import scipy.linalg
    X = corrmtx(x, order, 'modified')
    Xc = np.array(X[:,1:])
    X1 = np.array(X[:,0])

    # Coefficients estimated via the covariance method
    # Here we use lstsq rathre than solve function because Xc is not square matrix
    a, residues, rank, singular_values = scipy.linalg.lstsq(-Xc, X1)

    # Estimate the input white noise variance


    Cz = np.dot(X1.conj().transpose(), Xc)
    e = np.dot(X1.conj().transpose(), X1) + np.dot(Cz, a)
    assert e.imag < 1e-4, 'wierd behaviour'
    e = float(e.real) # ignore imag part that should be small

    return a, e


# --- src/spectrum/lpc.py ---------------------------------------------------------------------------------
def lpc(x, N=None):

    m = len(x)
    if N is None:
        N = m - 1 #default value if N is not provided
    elif N > m-1:
        #disp('Warning: zero-padding short input sequence')
        x.resize(N+1)
        #todo: check this zero-padding.

    X = fft(x, 2**nextpow2(2.*len(x)-1))
    R = real(ifft(abs(X)**2))
    R = R/(m-1.) #Biased autocorrelation estimate
    a, e, ref = LEVINSON(R, N)
    return a, e


# --- src/spectrum/linear_prediction.py -------------------------------------------------------------------
def ac2poly(data):
    a, e, _c = LEVINSON(data)
    a = numpy.insert(a, 0, 1)
    return a, e

def ac2rc(data):
    a, e, c = LEVINSON(data)
    return c, data[0]

def poly2ac(poly, efinal):
    results = rlevinson(poly, efinal)
    return results[0]

def rc2poly(kr, r0=None):
    # Initialize the recursion
    p = len(kr)              #% p is the order of the prediction polynomial.
    a = numpy.array([1, kr[0]])           #% a is a true polynomial.
    e = numpy.zeros(len(kr))

    if r0 is None:
        e0 = 0
    else:
        e0 = r0

    e[0] = e0 * (1. - numpy.conj(numpy.conjugate(kr[0])*kr[0]))

    # Continue the recursion for k=2,3,...,p, where p is the order of the
    # prediction polynomial.

    for k in range(1, p):
        [a, e[k]] = levup(a, kr[k], e[k-1])

    efinal = e[-1]
    return a, efinal

def rc2ac(k, R0):
    [a,efinal] = rc2poly(k, R0)
    R, u, kr, e = rlevinson(a, efinal)
    return R

def rc2lar(k):
    assert numpy.isrealobj(k), 'Log area ratios not defined for complex reflection coefficients.'
    if max(numpy.abs(k)) >= 1:
        raise ValueError('All reflection coefficients should have magnitude less than unity.')

    # Use the relation, atanh(x) = (1/2)*log((1+k)/(1-k))
    return -2 * numpy.arctanh(-numpy.array(k))


# --- src/spectrum/cholesky.py ----------------------------------------------------------------------------
def _numpy_cholesky(A, B):
    L = numpy.linalg.cholesky(A)
    # A=L*numpy.transpose(L).conjugate()
    # Ly = b
    y = numpy.linalg.solve(L,B)
    # Ux = y
    x = numpy.linalg.solve(L.transpose().conjugate(),y)
    return x, L

def _numpy_solver(A, B):
    x = numpy.linalg.solve(A, B)
    return x

def CHOLESKY(A, B, method='scipy'):
    if method == 'numpy_solver':
        X = _numpy_solver(A,B)
        return X
    elif method == 'numpy':
        X, _L = _numpy_cholesky(A, B)
        return X
    elif method == 'scipy':
        import scipy.linalg
        L = scipy.linalg.cholesky(A)
        X = scipy.linalg.cho_solve((L, False), B)
    else:
        raise ValueError('method must be numpy_solver, numpy_cholesky or cholesky_inplace')
    return X


# --- src/spectrum/toeplitz.py ----------------------------------------------------------------------------
def TOEPLITZ(T0, TC, TR, Z):
    assert len(TC)>0
    assert len(TC)==len(TR)
    M = len(TC)
    X = numpy.zeros(M+1,dtype=complex)
    A = numpy.zeros(M,dtype=complex)
    B = numpy.zeros(M,dtype=complex)
    P = T0
    if P == 0: raise ValueError("P must be different from zero")
    if P == 0: raise ValueError("P must be different from zero")
    X[0] = Z[0]/T0 
    for k in range(0, M):
        save1 = TC[k]
        save2 = TR[k]
        beta = X[0]*TC[k]
        if k == 0:
            temp1 = -save1 / P
            temp2 = -save2 / P
        else:
            for j in range(0, k):
                save1 = save1 + A[j] * TC[k-j-1]
                save2 = save2 + B[j] * TR[k-j-1]
                beta = beta + X[j+1] * TC[k-j-1]
            temp1 = -save1 / P
            temp2 = -save2/P
        P = P * (1. - (temp1*temp2))
        if P <= 0:
            raise ValueError("singular matrix")
        A[k] = temp1
        B[k] = temp2
        alpha = (Z[k+1]-beta)/P
        if k == 0: 
            X[k+1] = alpha
            for j in range(0,k+1):
                X[j] = X[j] + alpha * B[k-j]
            continue
        
        for j in range(0, k):
            kj = k-j-1
            save1 = A[j]
            A[j] = save1 + temp1 * B[kj] 
            B[kj] = B[kj] + temp2*save1
            
        X[k+1] = alpha
        for j in range(0,k+1):
            X[j] = X[j] + alpha*B[k-j]
    return X

def HERMTOEP(T0, T, Z):
    assert len(T)>0
    M = len(T)
    X = numpy.zeros(M+1,dtype=complex)
    A = numpy.zeros(M,dtype=complex)
    P = T0
    if P == 0: raise ValueError("P must be different from zero")
    X[0] = Z[0]/T0 
    for k in range(0, M):
        save = T[k]
        beta = X[0]*T[k]
        if k == 0:
            temp = -save / P
        else:
            for j in range(0, k):
                save = save + A[j] * T[k-j-1]
                beta = beta + X[j+1] * T[k-j-1]
            temp = -save / P
        P = P * (1. - (temp.real**2+temp.imag**2))
        if P <= 0:
            raise ValueError("singular matrix")
        A[k] = temp
        alpha = (Z[k+1]-beta)/P

        if k == 0:
            #print 'skipping code for k=0' 
            X[k+1] = alpha
            for j in range(0,k+1):
                X[j] = X[j] + alpha * A[k-j].conjugate()
            continue
        khalf = (k+1)//2
        for j in range(0, khalf):
            kj = k-j-1
            save=A[j]
            A[j] = save+temp*A[kj].conjugate() 
            if j != kj:
                A[kj] = A[kj] + temp*save.conjugate()
        X[k+1] = alpha
        for j in range(0,k+1):
            X[j] = X[j] + alpha * A[k-j].conjugate()
    return X


# --- src/spectrum/criteria.py ----------------------------------------------------------------------------
class Criteria(object):
    valid_criteria_names =  ['AIC', 'AICc', 'KIC', 'FPE', 'AKICc', 'MDL']
    error_incorrect_name = 'Invalid name provided. Correct names are %s ' \
        % valid_criteria_names
    error_no_criteria_found = 'No names match the valid criteria names (%s)' \
        % valid_criteria_names
    def __init__(self, name, N):
        #valid attributes
        self.__name = None
        self.name = name
        self.__N = N
        self.__rho = 0
        self.__k = None
        self.__old_data = None
        self.__data = None
        self.__norm = True

    def _getName(self):
        return self.__name
    def _setName(self, name):
        assert isinstance(name, str), 'name must be a string'
        if name in self.valid_criteria_names:
            self.__name = name
        else:
            raise ValueError(self.error_no_criteria_found)
    name = property(fget=_getName, fset=_setName, doc="Getter/Setter for the criteria name")

    def _getData(self):
        return self.__data
    def _setData(self, data):
        # save the data value in old_data is there is something to save
        if self.data is None:
            self.__data = data
            self.__old_data = 2.*data
        else:
            self.__old_data = self.data
            self.__data = data
    data = property(fget=_getData, fset=_setData, doc="Getter/Setter for the criteria output")

    def _getOldData(self):
        return self.__old_data
    old_data = property(fget=_getOldData, doc="Getter/Setter for the previous value")

    def _getK(self):
        return self.__k
    k = property(fget=_getK, doc="Getter for k the order of evaluation")

    def _getN(self):
        return self.__N
    def _setN(self, N):
        assert N > 0, 'N must be positive'
        self.__N = N
    N = property(fget=_getN, fset=_setN, doc="Getter/Setter for N")

    def _getRho(self):
        return self.__rho
    def _setRho(self, rho):
        self.__rho = rho
    rho = property(fget=_getRho, fset=_setRho, doc="Getter/Setter for rho")

    def __call__(self, rho=None, k=None, N=None, norm=True):
        self.__norm = norm
        if N is not None:
            self.N = N

        # we update rho only if it is needed (input different from self.rho)
        # if such case, we also update k
        if rho is not None:
            self.rho = rho
        if k is not None:
            self.__k = k
        self.__norm = norm
        #used to check if the criteria is reached or not

        f = eval(self.name)
        self.data = f(self.N, self.rho, self.k)
        # compare the new data with the previous one and return
        # False if the new value is larger so as to stop the iteration
        if self.old_data is not None and self.data is not None:
            if self.data > self.old_data:
                return False
            else:
                return True
        return True

def AIC(N, rho, k):
    from numpy import log, array
    #k+1 #todo check convention. agrees with octave

    res = N * log(array(rho)) + 2.* (array(k)+1)
    return res

def AKICc(N, rho, k):
    from numpy import log, array
    p = k
    res = log(rho) + p/N/(N-p) + (3.-(p+2.)/N) * (p+1.) / (N-p-2.)
    return res

def FPE(N,rho, k=None):
    #k #todo check convention. agrees with octave
    fpe = rho * (N + k + 1.) / (N- k -1)
    return fpe

def MDL(N, rho, k):
    from numpy import log
    #p = arange(1, len(rho)+1)
    mdl = N* log(rho) + k * log(N)
    return mdl

def CAT(N, rho, k):
    from numpy import zeros, arange
    cat = zeros(len(rho))
    for p in arange(1, len(rho)+1):
        rho_p = float(N)/(N-p)*rho[p-1]
        s = 0
        for j in range(1, p+1):
            rho_j = float(N)/(N-j)*rho[j-1]
            s = s + 1./rho_j
        #print(s, s/float(N), 1./rho_p)
        cat[p-1] = s/float(N) - 1./rho_p
    return cat

def aic_eigen(s, N):
    import numpy as np

    kaic = []
    n = len(s)
    for k in range(0, n-1):
        ak = 1./(n-k) * np.sum(s[k+1:])
        gk = np.prod(s[k+1:]**(1./(n-k)))
        kaic.append( -2.*(n-k)*N * np.log(gk/ak) + 2.*k*(2.*n-k))

    return kaic

def mdl_eigen(s, N):
    import numpy as np
    kmdl = []
    n = len(s)
    for k in range(0, n-1):
        ak = 1./(n-k) * np.sum(s[k+1:])
        gk = np.prod(s[k+1:]**(1./(n-k)))
        kmdl.append( -(n-k)*N * np.log(gk/ak) + 0.5*k*(2.*n-k)*np.log(N))
    return kmdl


# --- src/spectrum/yulewalker.py --------------------------------------------------------------------------
def aryule(X, order, norm='biased', allow_singularity=True):
    assert norm in ['biased', 'unbiased']
    r = CORRELATION(X, maxlags=order, norm=norm)
    A, P, k = LEVINSON(r, allow_singularity=allow_singularity)
    return A, P, k


# --- src/spectrum/eigen.py -------------------------------------------------------------------------------
def MINEIGVAL(T0, T, TOL):
    M = len(T)
    eigval = 10
    eigvalold = 1
    eigvec  = numpy.zeros(M+1, dtype=complex)
    for k in range(0,M+1):
        eigvec[k] = 1+0j
    it=0
    #print 'initialisation',T0, T, eigval, eigvec
    maxit = 15
    while abs(eigvalold-eigval)>TOL*eigvalold and it<maxit:
        it=it+1
        eigvalold = eigval
        #print 'iteration ',it, 'eigvalold=',eigvalold, 'eigval=', eigval


        eig = toeplitz.HERMTOEP(T0, T, eigvec)
        SUM = 0
        save =0.+0j
        for k in range(0, M+1):
            SUM = SUM + eig[k].real**2+eig[k].imag**2
            save = save +eig[k]*eigvec[k].conjugate()
        SUM=1./SUM
        eigval = save.real*SUM
        for k in range(0,M+1):
            eigvec[k] = SUM * eig[k]
    if it==maxit:
        print('warning reached max number of iteration (%s)' % maxit)
    return eigval, eigvec


# --- src/spectrum/arma.py --------------------------------------------------------------------------------
def arma2psd(A=None, B=None, rho=1., T=1., NFFT=4096, sides='default',
        norm=False):
    if NFFT is None:
        NFFT = 4096

    if A is None and B is None:
        raise ValueError("Either AR or MA model must be provided")

    psd = np.zeros(NFFT, dtype=complex)

    if A is not None:
        ip = len(A)
        den = np.zeros(NFFT, dtype=complex)
        den[0] = 1.+0j
        for k in range(0, ip):
            den[k+1] = A[k]
        denf = fft(den, NFFT)

    if B is not None:
        iq = len(B)
        num = np.zeros(NFFT, dtype=complex)
        num[0] = 1.+0j
        for k in range(0, iq):
            num[k+1] = B[k]
        numf = fft(num, NFFT)

    # Changed in version 0.6.9 (divided by T instead of multiply)
    if A is not None and B is not None:
        psd = rho / T * abs(numf)**2. / abs(denf)**2.
    elif A is not None:
        psd = rho / T / abs(denf)**2.
    elif B is not None:
        psd = rho / T * abs(numf)**2.


    psd = np.real(psd)
    # The PSD is a twosided PSD.
    # to obtain the centerdc
    if sides != 'default':
        assert sides in ['centerdc']
        if sides == 'centerdc':
            psd = tools.twosided_2_centerdc(psd)

    if norm == True:
        psd /= max(psd)

    return psd


# --- src/spectrum/waveform.py ----------------------------------------------------------------------------
def morlet(lb, ub, n):
    if n <= 0:
        raise ValueError("n must be strictly positive")

    x = numpy.linspace(lb, ub, n)
    psi = numpy.cos(5*x) * numpy.exp(-x**2/2.)
    return psi

def chirp(t, f0=0., t1=1., f1=100., form='linear', phase=0):
    valid_forms = ['linear', 'quadratic', 'logarithmic']
    if form not in valid_forms:
        raise ValueError("Invalid form. Valid form are %s"
            % valid_forms)
    t = numpy.array(t)
    phase = 2. * pi * phase / 360.
    if form == "linear":
        a = pi * (f1 - f0)/t1
        b = 2. * pi * f0
        y = numpy.cos(a * t**2 + b*t + phase)
    elif form == "quadratic":
        a = (2/3. * pi * (f1-f0)/t1/t1)
        b = 2. * pi * f0
        y = numpy.cos(a*t**3 + b * t + phase)
    elif form == "logarithmic":
        a = 2. * pi * t1/numpy.log(f1-f0)
        b = 2. * pi * f0
        x = (f1-f0)**(1./t1)
        y = numpy.cos(a * x**t + b * t + phase)

    return y

def mexican(lb, ub, n):
    if n <= 0:
        raise ValueError("n must be strictly positive")

    x = numpy.linspace(lb, ub, n)
    psi = (1.-x**2.) * (2./(numpy.sqrt(3.)*pi**0.25)) * numpy.exp(-x**2/2.)
    return psi


# --- src/spectrum/linalg.py ------------------------------------------------------------------------------
def corrmtx(x_input, m, method='autocorrelation'):

    valid_methods = ['autocorrelation', 'prewindowed', 'postwindowed',
                      'covariance', 'modified']
    if method not in valid_methods:
        raise ValueError("Invalid method. Try one of %s" % valid_methods)

    from scipy.linalg import toeplitz

    # create the relevant matrices that will be useful to create
    # the correlation matrices
    N = len(x_input)

    # FIXME:do we need a copy ?
    if isinstance(x_input, list):
        x = numpy.array(x_input)
    else:
        x = x_input.copy()


    if x.dtype == complex:
        complex_type = True
    else:
        complex_type = False

    # Compute the Lp, Up and Tp matrices according to the requested method
    if method in ['autocorrelation', 'prewindowed']:
        Lp = toeplitz(x[0:m], [0]*(m+1))
    Tp = toeplitz(x[m:N], x[m::-1])
    if method in ['autocorrelation', 'postwindowed']:
        Up = toeplitz([0]*(m+1), numpy.insert(x[N:N-m-1:-1],0,0))



    # Create the output matrix

    if method == 'autocorrelation':
        if complex_type == True:
            C = numpy.zeros((N+m, m+1), dtype=complex)
        else:
            C = numpy.zeros((N+m, m+1))
        for i in range(0, m):
            C[i] = Lp[i]
        for i in range(m, N):
            C[i] = Tp[i-m]
        for i in range(N, N+m):
            C[i] = Up[i-N]
    elif method == 'prewindowed':
        if complex_type == True:
            C = numpy.zeros((N, m+1), dtype=complex)
        else:
            C = numpy.zeros((N, m+1))

        for i in range(0, m):
            C[i] = Lp[i]
        for i in range(m, N):
            C[i] = Tp[i-m]
    elif method == 'postwindowed':
        if complex_type == True:
            C = numpy.zeros((N, m+1), dtype=complex)
        else:
            C = numpy.zeros((N, m+1))
        for i in range(0, N-m):
            C[i] = Tp[i]
        for i in range(N-m, N):
            C[i] = Up[i-N+m]
    elif method == 'covariance':
        return Tp
    elif method == 'modified':
        if complex_type == True:
            C = numpy.zeros((2*(N-m), m+1), dtype=complex)
        else:
            C = numpy.zeros((2*(N-m), m+1))
        for i in range(0, N-m):
            C[i] = Tp[i]
        Tp = numpy.fliplr(Tp.conj())
        for i in range(N-m, 2*(N-m)):
            C[i] = Tp[i-N+m]



    return C



# the package modules the functions reach through a module name (eigen.py: ``from . import toeplitz``)
toeplitz = types.SimpleNamespace(HERMTOEP=HERMTOEP, TOEPLITZ=TOEPLITZ)
tools = types.SimpleNamespace(twosided_2_centerdc=twosided_2_centerdc)


# --- inputs ---------------------------------------------------------------------------------------------------------
def _ar3(rng, n=64):
    """An AR(3) process: x[t] = 0.75 x[t-1] - 0.5 x[t-2] + 0.2 x[t-3] + e[t]."""
    e = rng.normal(size=n + 20)
    x = np.zeros(n + 20)
    for t in range(3, n + 20):
        x[t] = 0.75 * x[t - 1] - 0.5 * x[t - 2] + 0.2 * x[t - 3] + e[t]
    return x[20:]


def _r(rng):
    x = _ar3(rng)
    return CORRELATION(x, maxlags=5, norm="biased")


def _k(rng, n=5):
    return rng.uniform(-0.9, 0.9, size=n)


def _spd(rng, n=5):
    a = rng.normal(size=(n, n))
    return a @ a.T + n * np.eye(n)


def _poly(rng):
    a, e = ac2poly(_r(rng))
    return a, np.float64(e)


def _ar3_complex(rng, n=64):
    return _ar3(rng, n) + 1j * _ar3(rng, n)


# --- wrappers (keyword arguments as constants) ----------------------------------------------------------------------
def cshift_3(data):
    return cshift(data, 3)


def window_kaiser_beta(N, beta):
    return window_kaiser(N, beta)


def arburg_4(X):
    return arburg(X, 4)


def correlation_biased_5(x):
    return CORRELATION(x, maxlags=5, norm="biased")


def correlation_unbiased_cross(x, y):
    return CORRELATION(x, y, maxlags=4, norm="unbiased")


def correlation_coeff(x):
    return CORRELATION(x, maxlags=3, norm="coeff")


def xcorr_coeff_5(x, y):
    return xcorr(x, y, maxlags=5, norm="coeff")


def xcorr_full(x):
    return xcorr(x)


def arcovar_marple_4(x):
    return arcovar_marple(x, 4)


def arcovar_4(x):
    return arcovar(x, 4)


def modcovar_marple_4(X):
    return modcovar_marple(X, 4)


def modcovar_4(x):
    return modcovar(x, 4)


def lpc_4(x):
    return lpc(x, 4)


def aryule_4(X):
    return aryule(X, 4)


def cholesky_numpy(A, B):
    return CHOLESKY(A, B, method="numpy")


def cholesky_numpy_solver(A, B):
    return CHOLESKY(A, B, method="numpy_solver")


def minimum_eigenvalue(T0, T):
    return MINEIGVAL(T0, T, 1e-4)


def arma2psd_64(A, B, rho):
    return arma2psd(A, B, rho=rho, NFFT=64)


def arma2psd_centerdc_norm(A):
    return arma2psd(A, rho=1.0, NFFT=32, sides="centerdc", norm=True)


def chirp_linear(t):
    return chirp(t, f0=1.0, t1=1.0, f1=20.0, form="linear")


def chirp_quadratic(t):
    return chirp(t, f0=1.0, t1=1.0, f1=20.0, form="quadratic")


def chirp_logarithmic(t):
    return chirp(t, f0=1.0, t1=1.0, f1=20.0, form="logarithmic")


def corrmtx_autocorrelation(x):
    return corrmtx(x, 4, method="autocorrelation")


def corrmtx_modified(x):
    return corrmtx(x, 4, method="modified")


def corrmtx_covariance(x):
    return corrmtx(x, 3, method="covariance")


_w = "window.py"
_lev = "levinson.py"
_lp = "linear_prediction.py"
_cr = "criteria.py"
_to = "tools.py"

CASES = [
    # tools.py
    case(twosided_2_onesided, lambda rng: (rng.uniform(0.1, 1.0, size=16),), SPC(_to, "twosided_2_onesided")),
    case(onesided_2_twosided, lambda rng: (rng.uniform(0.1, 1.0, size=9),), SPC(_to, "onesided_2_twosided")),
    case(twosided_2_centerdc, lambda rng: (rng.uniform(0.1, 1.0, size=16),), SPC(_to, "twosided_2_centerdc")),
    case(cshift_3, lambda rng: (rng.normal(size=10),), SPC(_to, "cshift", "offset=3")),
    case(nextpow2, lambda rng: (rng.uniform(1.0, 1000.0, size=6),), SPC(_to, "nextpow2")),
    # window.py
    case(enbw, lambda rng: (rng.uniform(0.1, 1.0, size=32),), SPC(_w, "enbw")),
    case(window_kaiser_beta, lambda rng: (32, np.float64(rng.uniform(2.0, 10.0))), SPC(_w, "window_kaiser")),
    case(window_blackman, lambda rng: (33, np.float64(rng.uniform(0.1, 0.2))), SPC(_w, "window_blackman")),
    case(window_gaussian, lambda rng: (32, np.float64(rng.uniform(1.5, 3.0))), SPC(_w, "window_gaussian")),
    case(window_tukey, lambda rng: (32, np.float64(rng.uniform(0.2, 0.8))), SPC(_w, "window_tukey")),
    case(window_poisson_hanning, lambda rng: (32, np.float64(rng.uniform(1.0, 3.0))), SPC(_w, "window_poisson_hanning")),
    case(window_cauchy, lambda rng: (32, np.float64(rng.uniform(2.0, 4.0))), SPC(_w, "window_cauchy")),
    case(window_nuttall, lambda rng: (32,), SPC(_w, "window_nuttall")),
    case(window_blackman_harris, lambda rng: (32,), SPC(_w, "window_blackman_harris")),
    case(window_parzen, lambda rng: (33,), SPC(_w, "window_parzen")),
    case(window_flattop, lambda rng: (32,), SPC(_w, "window_flattop")),
    case(window_taylor, lambda rng: (32,), SPC(_w, "window_taylor")),
    # levinson.py, burg.py, yulewalker.py, lpc.py
    case(LEVINSON, lambda rng: (_r(rng),), SPC(_lev, "LEVINSON")),
    case(rlevinson, lambda rng: _poly(rng), SPC(_lev, "rlevinson")),
    case(levup, lambda rng: (_poly(rng)[0][:4], np.float64(rng.uniform(-0.9, 0.9)), np.float64(rng.uniform(0.5, 2.0))), SPC(_lev, "levup")),
    case(arburg_4, lambda rng: (_ar3(rng),), SPC("burg.py", "arburg", "order=4")),
    case(aryule_4, lambda rng: (_ar3(rng),), SPC("yulewalker.py", "aryule", "order=4")),
    case(lpc_4, lambda rng: (_ar3(rng),), SPC("lpc.py", "lpc", "N=4")),
    # correlation.py
    case(correlation_biased_5, lambda rng: (_ar3(rng, 48),), SPC("correlation.py", "CORRELATION", "maxlags=5, norm='biased'")),
    case(correlation_unbiased_cross, lambda rng: (_ar3(rng, 48), _ar3(rng, 48)), SPC("correlation.py", "CORRELATION", "maxlags=4, norm='unbiased'")),
    case(correlation_coeff, lambda rng: (_ar3(rng, 48),), SPC("correlation.py", "CORRELATION", "maxlags=3, norm='coeff'")),
    case(xcorr_coeff_5, lambda rng: (_ar3(rng, 48), _ar3(rng, 48)), SPC("correlation.py", "xcorr", "maxlags=5, norm='coeff'")),
    case(xcorr_full, lambda rng: (_ar3(rng, 48),), SPC("correlation.py", "xcorr")),
    # covar.py, modcovar.py
    case(arcovar_marple_4, lambda rng: (_ar3(rng),), SPC("covar.py", "arcovar_marple", "order=4")),
    case(arcovar_4, lambda rng: (_ar3(rng),), SPC("covar.py", "arcovar", "order=4")),
    case(modcovar_marple_4, lambda rng: (_ar3(rng),), SPC("modcovar.py", "modcovar_marple", "IP=4")),
    case(modcovar_4, lambda rng: (_ar3(rng),), SPC("modcovar.py", "modcovar", "order=4")),
    # linear_prediction.py
    case(ac2poly, lambda rng: (_r(rng),), SPC(_lp, "ac2poly")),
    case(ac2rc, lambda rng: (_r(rng),), SPC(_lp, "ac2rc")),
    case(poly2ac, lambda rng: _poly(rng), SPC(_lp, "poly2ac")),
    case(rc2poly, lambda rng: (_k(rng), np.float64(rng.uniform(0.5, 2.0))), SPC(_lp, "rc2poly")),
    case(rc2ac, lambda rng: (_k(rng), np.float64(rng.uniform(0.5, 2.0))), SPC(_lp, "rc2ac")),
    case(rc2lar, lambda rng: (_k(rng),), SPC(_lp, "rc2lar")),
    # cholesky.py, toeplitz.py, eigen.py
    case(cholesky_numpy, lambda rng: (_spd(rng), rng.normal(size=5)), SPC("cholesky.py", "CHOLESKY", "method='numpy'")),
    case(cholesky_numpy_solver, lambda rng: (_spd(rng), rng.normal(size=5)), SPC("cholesky.py", "CHOLESKY", "method='numpy_solver'")),
    case(TOEPLITZ, lambda rng: (np.float64(4.0), 0.5 * _k(rng, 4), 0.5 * _k(rng, 4), rng.normal(size=5)), SPC("toeplitz.py", "TOEPLITZ")),
    case(HERMTOEP, lambda rng: (np.float64(4.0), 0.5 * _k(rng, 4) + 0.3j * _k(rng, 4), rng.normal(size=5) + 1j * rng.normal(size=5)), SPC("toeplitz.py", "HERMTOEP")),
    case(minimum_eigenvalue, lambda rng: (lambda r: (np.float64(r[0]), r[1:]))(_r(rng)), SPC("eigen.py", "MINEIGVAL", "TOL=1e-4")),
    # criteria.py
    case(AIC, lambda rng: (64, rng.uniform(0.5, 2.0, size=6), np.arange(1, 7)), SPC(_cr, "AIC")),
    case(AKICc, lambda rng: (64, rng.uniform(0.5, 2.0, size=6), np.arange(1, 7)), SPC(_cr, "AKICc")),
    case(FPE, lambda rng: (64, rng.uniform(0.5, 2.0, size=6), np.arange(1, 7)), SPC(_cr, "FPE")),
    case(MDL, lambda rng: (64, rng.uniform(0.5, 2.0, size=6), np.arange(1, 7)), SPC(_cr, "MDL")),
    case(CAT, lambda rng: (64, rng.uniform(0.5, 2.0, size=6), np.arange(1, 7)), SPC(_cr, "CAT")),
    case(aic_eigen, lambda rng: (np.sort(rng.uniform(0.1, 5.0, size=6))[::-1].copy(), 64), SPC(_cr, "aic_eigen")),
    case(mdl_eigen, lambda rng: (np.sort(rng.uniform(0.1, 5.0, size=6))[::-1].copy(), 64), SPC(_cr, "mdl_eigen")),
    # arma.py
    case(arma2psd_64, lambda rng: (0.3 * _k(rng, 3), 0.3 * _k(rng, 2), np.float64(rng.uniform(0.5, 2.0))), SPC("arma.py", "arma2psd", "NFFT=64")),
    case(arma2psd_centerdc_norm, lambda rng: (0.3 * _k(rng, 4),), SPC("arma.py", "arma2psd", "NFFT=32, sides='centerdc', norm=True")),
    # waveform.py
    case(morlet, lambda rng: (np.float64(rng.uniform(-5, -3)), np.float64(rng.uniform(3, 5)), 40), SPC("waveform.py", "morlet")),
    case(mexican, lambda rng: (np.float64(rng.uniform(-5, -3)), np.float64(rng.uniform(3, 5)), 40), SPC("waveform.py", "mexican")),
    case(chirp_linear, lambda rng: (np.sort(rng.uniform(0.0, 1.0, size=30)),), SPC("waveform.py", "chirp", "form='linear'")),
    case(chirp_quadratic, lambda rng: (np.sort(rng.uniform(0.0, 1.0, size=30)),), SPC("waveform.py", "chirp", "form='quadratic'")),
    case(chirp_logarithmic, lambda rng: (np.sort(rng.uniform(0.0, 1.0, size=30)),), SPC("waveform.py", "chirp", "form='logarithmic'")),
    # linalg.py
    case(corrmtx_autocorrelation, lambda rng: (_ar3(rng, 12),), SPC("linalg.py", "corrmtx", "m=4, method='autocorrelation'")),
    case(corrmtx_modified, lambda rng: (_ar3(rng, 12),), SPC("linalg.py", "corrmtx", "m=4, method='modified'")),
    case(corrmtx_covariance, lambda rng: (_ar3(rng, 12),), SPC("linalg.py", "corrmtx", "m=3, method='covariance'")),
    # complex data (the isrealobj branches)
    case(LEVINSON, lambda rng: (CORRELATION(_ar3_complex(rng), maxlags=5, norm="biased"),), SPC(_lev, "LEVINSON", "complex autocorrelation"), name="spectrum.LEVINSON_complex"),
    case(arburg_4, lambda rng: (_ar3_complex(rng),), SPC("burg.py", "arburg", "order=4, complex data"), name="spectrum.arburg_4_complex"),
    case(arcovar_marple_4, lambda rng: (_ar3_complex(rng),), SPC("covar.py", "arcovar_marple", "order=4, complex data"), name="spectrum.arcovar_marple_4_complex"),
    case(correlation_biased_5, lambda rng: (_ar3_complex(rng, 48),), SPC("correlation.py", "CORRELATION", "maxlags=5, norm='biased', complex data"), name="spectrum.correlation_biased_5_complex"),
]
