"""Numba's own examples (numba/numba-examples, BSD-2-Clause): the kernels its benchmarks and demos hand to
``@numba.jit`` / ``@njit`` / ``@vectorize`` / ``@guvectorize``, and the NumPy versions they are checked against.

From examples/: density_estimation/histogram/impl.py: ``get_bin_edges`` (a loop writing edges, ``bin_edges[-1]``),
``compute_bin`` (an early ``return`` on ``x == a_max``, ``int(...)`` of a float, ``return None`` out of range) and
``numba_histogram`` (a loop over ``a.flat``, ``if bin is not None``, ``hist[int(bin)] += 1``);
density_estimation/kernel/impl.py: ``numpy_kde`` (broadcast with ``np.newaxis``), ``gaussian``, ``numba_kde``
(``enumerate`` over an array, ``zip`` of two arrays in an inner loop, ``result[i] +=`` / ``/=``) and
``numba_kde_multithread`` (the same under ``numba.prange``); finance/blackscholes/blackscholes_numba.py: ``cnd_numba``
(``math.fabs`` / ``math.exp`` of a scalar, ``if d > 0``) and ``black_scholes_numba`` (a loop of ``math`` calls on
elements); physics/lennard_jones: numba_array_impl.py's ``lj_numba_array``, ``distances_numba_array`` (``np.ndindex``
over a shape, ``out[i] = mat[i].sum()`` with a tuple index) and ``potential_numba_array`` (a nested loop zeroing the
lower triangle, a loop over ``d.flat`` with an ``if``), numba_scalar_impl.py's ``potential_numba_scalar`` (a triangular
double loop of scalar helpers, ``** 0.5``), numba_scalar_prange_impl.py's ``potential_numba_scalar_prange`` (the same
under ``numba.prange``), numpy_impl.py's ``potential_numpy`` (``np.triu``, a boolean mask); waveforms/zero_suppression/
impl.py: ``numpy_zero_suppression`` (``np.where``) and ``numba_zero_suppression`` (a ``@vectorize`` kernel: an
``if``/``else`` on a scalar).

From legacy/: blackscholes/blackscholes.py: ``cnd`` and ``black_scholes`` (writes ``callResult[:]``,
``putResult[:]``); blackscholes/blackscholes_pa.py: ``cndf2`` (``math.erf``) and ``blackscholes``; blur_image.py:
``filter2d`` / ``filter2d_core`` (four nested loops, ``num = 0`` grown into a float); bubblesort.py: ``bubblesort``
(a tuple swap of elements under an ``if``); fbcorr.py: ``fbcorr`` (seven nested loops, ``output[...] +=``);
gaussian-blur/gaussian-blur.py: ``gaussian_blur_std`` and ``gaussian_blur_std_3d`` (the plain loops numba's
``@stencil`` versions are timed against); harris/harris_numba.py: ``xsten``, ``ysten``, ``harris_common`` and
``harris``; juliaset/juliaset_numba.py: ``iterate`` (a complex array squared in a loop); k-means/k-means_numba.py:
``kmeans`` (nested list comprehensions into ``np.array``, ``math.sqrt``, ``.argmin()``, ``A[labels==i, j]``);
kernel-density-estimation/kernel_density_estimation_numba.py: ``kde`` (``prange``, ``exps`` grown from the int ``0``);
laplace2d/laplace2d-numba.py: ``jacobi_relax_core`` (Python's ``max`` and ``abs`` of elements);
linear_regression/linear_regression_numba.py: ``linear_regression`` and logistic-regression/logistic_regression.py:
``logistic_regression`` (``w -=`` on the argument in a loop); mandel/mandel_jit.py: ``mandel`` (``complex(x, y)``,
``z.real`` / ``z.imag``, a ``return`` inside the loop) and ``create_fractal`` (writes into a uint8 image);
mergesort.py: ``mergesort`` and ``mergesort_inplace`` (recursion on slices, ``assert arr.ndim == 1``, ``a, b = arr``,
a conditional tuple); movemean.py: ``move_mean`` (a ``@guvectorize`` kernel); nbody/nbody.py:
``body_body_interaction`` and ``integrate`` (``+=`` through views of the arguments: ``p = position_in[i][:3]``,
``v = velocity[i]``); pi.py: ``calc_pi`` (``np.random.ranf``); ra24.py: ``ra_numba`` (``np.ndenumerate``, ``math``
of each element) and ``ra_numpy``; sum.py: ``sum2d``; ufuncs.py: ``polevl``, ``p1evl`` (``while`` loops) and ``j0``
(Cephes' Bessel function: early ``return``s, the module's coefficient arrays).

Copied from numba/numba-examples at c423f5419a459f5ab8874fda6d39bb5ea05d04b2 (LICENSE: the BSD 2-clause licence,
"Copyright (c) 2017, Numba"; several legacy/ files carry "Copyright (c) 2017 Intel Corporation,
SPDX-License-Identifier: BSD-2-Clause"). Bodies are as written, comments kept, docstrings dropped.

Adapted, beyond that:

* the decorators (``@numba.jit(nopython=True)``, ``@jit``, ``@njit``, ``@numba.njit(parallel=True)``,
  ``@numba.vectorize``, ``@guvectorize([...], '(n),()->(n)')``) are dropped: the functions are plain Python, as
  numba's ``.py_func`` would be;
* ``numba.prange`` and ``prange`` are ``range`` (what they are outside a jitted function): ``numba`` here is a
  ``types.SimpleNamespace(prange=range)``, so ``numba_kde_multithread`` and ``potential_numba_scalar_prange`` keep
  their ``numba.prange(...)`` as written; ``from numba import njit, prange`` becomes ``prange = range``;
* the ``@vectorize`` kernels (``numba_zero_suppression``, ``cndf2`` and so ``blackscholes``) are called on scalars, one
  element of what the ufunc would map over; the ``@guvectorize`` kernel ``move_mean`` on one row, its ``()`` argument
  a one-element intp array, its output array passed in;
* functions that write into their arguments and return nothing (``black_scholes``, ``bubblesort``, ``fbcorr``,
  ``move_mean``, ``integrate``) and ``jacobi_relax_core`` (which returns the error and writes ``Anew``) are called by
  wrappers (a call, then a ``return``) that return what was written (named ``*_out``);
* ``calc_pi`` draws from NumPy's global generator: a wrapper calls ``np.random.seed(seed)`` first (``calc_pi_seeded``);
* each file's imports are this module's (``import numpy`` for blur_image.py's ``numpy.zeros_like``, ``from math import
  sqrt`` for k-means), with the module constants the bodies read: nbody.py's ``SOFTENING_SQUARED`` and ufuncs.py's
  coefficient arrays ``PP`` ... ``QQ``, ``DR1``, ``DR2``, ``NPY_PI_4``, ``SQ2OPI``.

Not taken: the CUDA kernels (examples/cuda, *_cuda.py, legacy/cudajit, laplace2d-numba-cuda*, cuda_*.py, gpu.py); the
``@stencil`` kernels and the functions that call them (gaussian-blur-pa.py, harris.py / harris_pa.py, laplace2d-pa.py,
wave-2d's ``runWaveStencil``); numba-only objects (jitclass.py, linkedlist.py, stack.py, binarytree.py,
structures.py's record-attribute access, dict_usage.py and typed_list_usage.py's typed containers, literally_usage.py,
objects.py, cffi/ctypes/pycc examples, nogil.py's threads); the duplicates of copied kernels (legacy/blackscholes/
blackscholes_numba.py, harris_py.py, k-means.py, kernel_density_estimation.py, laplace2d.py, linear_regression.py,
juliaset.py, nbody_modified_by_MarkHarris.py); the drivers (``main``, ``juliaset``, ``wave2d``, ``randomize_bodies``:
prints, timers, plots, image files); the remaining ``@vectorize`` one-liners (ufuncs.py's ``sinc`` / ``add`` /
``logit`` / ``expit``, vectorize/polynomial.py, vectorize/sum.py); the notebooks.

The inputs follow the scripts' ``main`` / ``input_generator`` at small sizes: normal samples (scale 5) for the
histogram and the KDE (bandwidths from the rule of thumb), option prices from ``randfloat`` ranges with ``RISKFREE =
0.02`` and ``VOLATILITY = 0.30``, Lennard-Jones clusters from ``make_cluster`` (radius 20) of 12 atoms, pulses in noise
for the zero suppression, 8 x 8 to 10 x 12 images, fbcorr's ``(imgs, filters, output)`` shapes shrunk, the Julia set's
``c`` on a 6 x 6 grid with 8 steps, k-means on 30 points with its first 3 as centroids, a 6 x 6 Laplace grid with a
left edge of ones, 40 samples for the regressions (5 iterations), the Mandelbrot box at 12 x 16 with 20 iterations, 10
values to sort, 6 bodies, ``doy = 120`` with latitudes within +-60 degrees (float32, as ra24.py's), and ``j0`` on
either side of its ``x <= 5`` branch.
"""

# ruff: noqa: E501, E741, W293
from __future__ import annotations

import math
import types
from math import sqrt

import numpy
import numpy as np

from tests.coverage.cases import NUMBA_EXAMPLES, Source, case


def NE(path: str, original: str, note: str = "") -> Source:
    return Source(NUMBA_EXAMPLES, path, original, note)


numba = types.SimpleNamespace(prange=range)  # numba.prange, outside a jitted function
prange = range  # from numba import prange, outside a jitted function

SOFTENING_SQUARED = 0.01  # legacy/nbody/nbody.py

# legacy/ufuncs.py's coefficients (as written)
PP = np.array([
  7.96936729297347051624E-4,
  8.28352392107440799803E-2,
  1.23953371646414299388E0,
  5.44725003058768775090E0,
  8.74716500199817011941E0,
  5.30324038235394892183E0,
  9.99999999999999997821E-1], 'd')

PQ = np.array([
  9.24408810558863637013E-4,
  8.56288474354474431428E-2,
  1.25352743901058953537E0,
  5.47097740330417105182E0,
  8.76190883237069594232E0,
  5.30605288235394617618E0,
  1.00000000000000000218E0], 'd')
  
DR1 = 5.783185962946784521175995758455807035071
DR2 = 30.47126234366208639907816317502275584842

RP = np.array([
-4.79443220978201773821E9,
 1.95617491946556577543E12,
-2.49248344360967716204E14,
 9.70862251047306323952E15], 'd')

RQ = np.array([
    # 1.00000000000000000000E0,
 4.99563147152651017219E2,
 1.73785401676374683123E5,
 4.84409658339962045305E7,
 1.11855537045356834862E10,
 2.11277520115489217587E12,
 3.10518229857422583814E14,
 3.18121955943204943306E16,
 1.71086294081043136091E18], 'd')

QP = np.array([
-1.13663838898469149931E-2,
-1.28252718670509318512E0,
-1.95539544257735972385E1,
-9.32060152123768231369E1,
-1.77681167980488050595E2,
-1.47077505154951170175E2,
-5.14105326766599330220E1,
-6.05014350600728481186E0], 'd')

QQ = np.array([
    # 1.00000000000000000000E0,
  6.43178256118178023184E1,
  8.56430025976980587198E2,
  3.88240183605401609683E3,
  7.24046774195652478189E3,
  5.93072701187316984827E3,
  2.06209331660327847417E3,
  2.42005740240291393179E2], 'd')

NPY_PI_4 = .78539816339744830962
SQ2OPI  = .79788456080286535587989


# --- examples/density_estimation/histogram/impl.py --------------------------------------------------------------------

def get_bin_edges(a, bins):
    bin_edges = np.zeros((bins+1,), dtype=np.float64)
    a_min = a.min()
    a_max = a.max()
    delta = (a_max - a_min) / bins
    for i in range(bin_edges.shape[0]):
        bin_edges[i] = a_min + i * delta

    bin_edges[-1] = a_max  # Avoid roundoff error on last point
    return bin_edges


def compute_bin(x, bin_edges):
    # assuming uniform bins for now
    n = bin_edges.shape[0] - 1
    a_min = bin_edges[0]
    a_max = bin_edges[-1]

    # special case to mirror NumPy behavior for last bin
    if x == a_max:
        return n - 1 # a_max always in last bin

    bin = int(n * (x - a_min) / (a_max - a_min))

    if bin < 0 or bin >= n:
        return None
    else:
        return bin


def numba_histogram(a, bins):
    hist = np.zeros((bins,), dtype=np.intp)
    bin_edges = get_bin_edges(a, bins)

    for x in a.flat:
        bin = compute_bin(x, bin_edges)
        if bin is not None:
            hist[int(bin)] += 1

    return hist, bin_edges



# --- examples/density_estimation/kernel/impl.py -----------------------------------------------------------------------

def numpy_kde(eval_points, samples, bandwidths):
    # This uses a lot of RAM and doesn't scale to larger datasets
    rescaled_x = (eval_points[:, np.newaxis] - samples[np.newaxis, :]) / bandwidths[np.newaxis, :]
    gaussian = np.exp(-0.5 * rescaled_x**2) / np.sqrt(2 * np.pi) / bandwidths[np.newaxis, :]
    return gaussian.sum(axis=1) / len(samples)


def gaussian(x):
    return np.exp(-0.5 * x**2) / np.sqrt(2 * np.pi)


def numba_kde(eval_points, samples, bandwidths):
    result = np.zeros_like(eval_points)

    for i, eval_x in enumerate(eval_points):
        for sample, bandwidth in zip(samples, bandwidths):
            result[i] += gaussian((eval_x - sample) / bandwidth) / bandwidth
        result[i] /= len(samples)

    return result


def numba_kde_multithread(eval_points, samples, bandwidths):
    result = np.zeros_like(eval_points)

    # SPEEDTIP: Parallelize over evaluation points with prange()
    for i in numba.prange(len(eval_points)):
        eval_x = eval_points[i]
        for sample, bandwidth in zip(samples, bandwidths):
            result[i] += gaussian((eval_x - sample) / bandwidth) / bandwidth
        result[i] /= len(samples)

    return result



# --- examples/finance/blackscholes/blackscholes_numba.py --------------------------------------------------------------

def cnd_numba(d):
    A1 = 0.31938153
    A2 = -0.356563782
    A3 = 1.781477937
    A4 = -1.821255978
    A5 = 1.330274429
    RSQRT2PI = 0.39894228040143267793994605993438
    K = 1.0 / (1.0 + 0.2316419 * math.fabs(d))
    ret_val = (RSQRT2PI * math.exp(-0.5 * d * d) *
               (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5))))))
    if d > 0:
        ret_val = 1.0 - ret_val
    return ret_val


def black_scholes_numba(stockPrice, optionStrike,
                        optionYears, Riskfree, Volatility):
    callResult = np.empty_like(stockPrice)
    putResult = np.empty_like(stockPrice)

    S = stockPrice
    X = optionStrike
    T = optionYears
    R = Riskfree
    V = Volatility
    for i in range(len(S)):
        sqrtT = math.sqrt(T[i])
        d1 = (math.log(S[i] / X[i]) + (R + 0.5 * V * V) * T[i]) / (V * sqrtT)
        d2 = d1 - V * sqrtT
        cndd1 = cnd_numba(d1)
        cndd2 = cnd_numba(d2)

        expRT = math.exp((-1. * R) * T[i])
        callResult[i] = (S[i] * cndd1 - X[i] * expRT * cndd2)
        putResult[i] = (X[i] * expRT * (1.0 - cndd2) - S[i] * (1.0 - cndd1))

    return callResult, putResult



# --- examples/physics/lennard_jones/numba_array_impl.py ---------------------------------------------------------------

def lj_numba_array(r):
    sr6 = (1./r)**6
    pot = 4.*(sr6*sr6 - sr6)
    return pot


def distances_numba_array(cluster):
    # Original: diff = cluster[:, np.newaxis, :] - cluster[np.newaxis, :, :]
    # Since np.newaxis is not supported, we use reshape to do this
    diff = (cluster.reshape(cluster.shape[0], 1, cluster.shape[1]) -
            cluster.reshape(1, cluster.shape[0], cluster.shape[1]))
    mat = (diff * diff)
    # Original: mat = mat.sum(-1)
    # Since axis argument is not supported, we write the loop out
    out = np.empty(mat.shape[:2], dtype=mat.dtype)
    for i in np.ndindex(out.shape):
        out[i] = mat[i].sum()

    return np.sqrt(out)


def potential_numba_array(cluster):
    d = distances_numba_array(cluster)
    # Original: dtri = np.triu(d)
    # np.triu is not supported; so write my own loop to clear the
    # lower triangle
    for i in range(d.shape[0]):
        for j in range(d.shape[1]):
            if i > j:
                d[i, j] = 0
    # Original: lj_numba_array(d[d > 1e-6]).sum()
    # d[d > 1e-6] is not supported due to the indexing with boolean
    # array.  Replace with custom loop.
    energy = 0.0
    for v in d.flat:
        if v > 1e-6:
            energy += lj_numba_array(v)
    return energy



# --- examples/physics/lennard_jones/numba_scalar_impl.py --------------------------------------------------------------

def lj_numba_scalar(r):
    sr6 = (1./r)**6
    pot = 4.*(sr6*sr6 - sr6)
    return pot


def distance_numba_scalar(atom1, atom2):
    dx = atom2[0] - atom1[0]
    dy = atom2[1] - atom1[1]
    dz = atom2[2] - atom1[2]

    r = (dx * dx + dy * dy + dz * dz) ** 0.5

    return r


def potential_numba_scalar(cluster):
    energy = 0.0
    for i in range(len(cluster)-1):
        for j in range(i + 1, len(cluster)):
            r = distance_numba_scalar(cluster[i], cluster[j])
            e = lj_numba_scalar(r)
            energy += e

    return energy



# --- examples/physics/lennard_jones/numba_scalar_prange_impl.py -------------------------------------------------------

def lj_numba_scalar_prange(r):
    sr6 = (1./r)**6
    pot = 4.*(sr6*sr6 - sr6)
    return pot


def distance_numba_scalar_prange(atom1, atom2):
    dx = atom2[0] - atom1[0]
    dy = atom2[1] - atom1[1]
    dz = atom2[2] - atom1[2]

    r = (dx * dx + dy * dy + dz * dz) ** 0.5

    return r


def potential_numba_scalar_prange(cluster):
    energy = 0.0
    # numba.prange requires parallel=True flag to compile.
    # It causes the loop to run in parallel in multiple threads.
    for i in numba.prange(len(cluster)-1):
        for j in range(i + 1, len(cluster)):
            r = distance_numba_scalar_prange(cluster[i], cluster[j])
            e = lj_numba_scalar_prange(r)
            energy += e

    return energy



# --- examples/physics/lennard_jones/numpy_impl.py ---------------------------------------------------------------------

def lj_numpy(r):
    sr6 = (1./r)**6
    pot = 4.*(sr6*sr6 - sr6)
    return pot


def distances_numpy(cluster):
    diff = cluster[:, np.newaxis, :] - cluster[np.newaxis, :, :]
    mat = np.sqrt((diff * diff).sum(-1))
    return mat


def potential_numpy(cluster):
    d = distances_numpy(cluster)
    dtri = np.triu(d)
    energy = lj_numpy(dtri[dtri > 1e-6]).sum()
    return energy



# --- examples/waveforms/zero_suppression/impl.py ----------------------------------------------------------------------

def numpy_zero_suppression(values, threshold):
    cond = np.less(np.absolute(values), threshold)
    return np.where(cond, 0, values)


def numba_zero_suppression(values, threshold):
    if np.abs(values) >= threshold:
        return values
    else:
        return 0.0



# --- legacy/blackscholes/blackscholes.py ------------------------------------------------------------------------------

def cnd(d):
    A1 = 0.31938153
    A2 = -0.356563782
    A3 = 1.781477937
    A4 = -1.821255978
    A5 = 1.330274429
    RSQRT2PI = 0.39894228040143267793994605993438
    K = 1.0 / (1.0 + 0.2316419 * np.abs(d))
    ret_val = (RSQRT2PI * np.exp(-0.5 * d * d) *
               (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5))))))
    return np.where(d > 0, 1.0 - ret_val, ret_val)


def black_scholes(callResult, putResult, stockPrice, optionStrike, optionYears,
                  Riskfree, Volatility):
    S = stockPrice
    X = optionStrike
    T = optionYears
    R = Riskfree
    V = Volatility
    sqrtT = np.sqrt(T)
    d1 = (np.log(S / X) + (R + 0.5 * V * V) * T) / (V * sqrtT)
    d2 = d1 - V * sqrtT
    cndd1 = cnd(d1)
    cndd2 = cnd(d2)

    expRT = np.exp(- R * T)
    callResult[:] = (S * cndd1 - X * expRT * cndd2)
    putResult[:] = (X * expRT * (1.0 - cndd2) - S * (1.0 - cndd1))



# --- legacy/blackscholes/blackscholes_pa.py ---------------------------------------------------------------------------

def cndf2(inp):
    out = 0.5 + 0.5 * math.erf((math.sqrt(2.0)/2.0) * inp)
    return out


def blackscholes(sptprice, strike, rate, volatility, timev):
    logterm = np.log(sptprice / strike)
    powterm = 0.5 * volatility * volatility
    den = volatility * np.sqrt(timev)
    d1 = (((rate + powterm) * timev) + logterm) / den
    d2 = d1 - den
    NofXd1 = cndf2(d1)
    NofXd2 = cndf2(d2)
    futureValue = strike * np.exp(- rate * timev)
    c1 = futureValue * NofXd2
    call = sptprice * NofXd1 - c1
    put  = call - futureValue + sptprice
    return put



# --- legacy/blur_image.py ---------------------------------------------------------------------------------------------

def filter2d_core(image, filt, result):
    M, N = image.shape
    Mf, Nf = filt.shape
    Mf2 = Mf // 2
    Nf2 = Nf // 2
    for i in range(Mf2, M - Mf2):
        for j in range(Nf2, N - Nf2):
            num = 0
            for ii in range(Mf):
                for jj in range(Nf):
                    num += (filt[Mf-1-ii, Nf-1-jj] * image[i-Mf2+ii,j-Nf2+jj])
            result[i, j] = num


def filter2d(image, filt):
    result = numpy.zeros_like(image)
    filter2d_core(image, filt, result)
    return result



# --- legacy/bubblesort.py ---------------------------------------------------------------------------------------------

def bubblesort(X):
    N = X.shape[0]
    for end in range(N, 1, -1):
        for i in range(end - 1):
            if X[i] > X[i + 1]:
                X[i], X[i + 1] = X[i + 1], X[i]



# --- legacy/fbcorr.py -------------------------------------------------------------------------------------------------

def fbcorr(imgs, filters, output):
    n_imgs, n_rows, n_cols, n_channels = imgs.shape
    n_filters, height, width, n_ch2 = filters.shape

    for ii in range(n_imgs):
        for rr in range(n_rows - height + 1):
            for cc in range(n_cols - width + 1):
                for hh in range(height):
                    for ww in range(width):
                        for jj in range(n_channels):
                            for ff in range(n_filters):
                                imgval = imgs[ii, rr + hh, cc + ww, jj]
                                filterval = filters[ff, hh, ww, jj]
                                output[ii, ff, rr, cc] += imgval * filterval



# --- legacy/gaussian-blur/gaussian-blur.py ----------------------------------------------------------------------------

def gaussian_blur_std(a, res):
    ashape = a.shape
    for i in range(2,ashape[0]-2):
        for j in range(2,ashape[1]-2):
            res[i,j] = (a[i-2,j-2] * 0.003  + a[i-1,j-2] * 0.0133 + a[i,j-2] * 0.0219 + a[i+1,j-2] * 0.0133 + a[i+2,j-2] * 0.0030 +
                        a[i-2,j-1] * 0.0133 + a[i-1,j-1] * 0.0596 + a[i,j-1] * 0.0983 + a[i+1,j-1] * 0.0596 + a[i+2,j-1] * 0.0133 +
                        a[i-2,j+0] * 0.0219 + a[i-1,j+0] * 0.0983 + a[i,j+0] * 0.1621 + a[i+1,j+0] * 0.0983 + a[i+2,j+0] * 0.0219 +
                        a[i-2,j+1] * 0.0133 + a[i-1,j+1] * 0.0596 + a[i,j+1] * 0.0983 + a[i+1,j+1] * 0.0596 + a[i+2,j+1] * 0.0133 +
                        a[i-2,j+2] * 0.003  + a[i-1,j+2] * 0.0133 + a[i,j+2] * 0.0219 + a[i+1,j+2] * 0.0133 + a[i+2,j+2] * 0.0030)
    return res


def gaussian_blur_std_3d(a, res):
    ashape = a.shape
    for i in range(2,ashape[0]-2):
        for j in range(2,ashape[1]-2):
            for k in range(ashape[2]):
                res[i,j,k] = (a[i-2,j-2,k] * 0.003  + a[i-1,j-2,k] * 0.0133 + a[i,j-2,k] * 0.0219 + a[i+1,j-2,k] * 0.0133 + a[i+2,j-2,k] * 0.0030 +
                              a[i-2,j-1,k] * 0.0133 + a[i-1,j-1,k] * 0.0596 + a[i,j-1,k] * 0.0983 + a[i+1,j-1,k] * 0.0596 + a[i+2,j-1,k] * 0.0133 +
                              a[i-2,j+0,k] * 0.0219 + a[i-1,j+0,k] * 0.0983 + a[i,j+0,k] * 0.1621 + a[i+1,j+0,k] * 0.0983 + a[i+2,j+0,k] * 0.0219 +
                              a[i-2,j+1,k] * 0.0133 + a[i-1,j+1,k] * 0.0596 + a[i,j+1,k] * 0.0983 + a[i+1,j+1,k] * 0.0596 + a[i+2,j+1,k] * 0.0133 +
                              a[i-2,j+2,k] * 0.003  + a[i-1,j+2,k] * 0.0133 + a[i,j+2,k] * 0.0219 + a[i+1,j+2,k] * 0.0133 + a[i+2,j+2,k] * 0.0030)
    return res



# --- legacy/harris/harris_numba.py ------------------------------------------------------------------------------------

def xsten(a):
    ret = np.zeros_like(a)
    ashape = a.shape
    for i in range(1,ashape[0]-1):
        for j in range(1,ashape[1]-1):
            ret[i,j] = ((a[i-1,j-1] * -1.0) + (a[i-1,j] * -2.0) + (a[i-1,j+1] * -1.0) + a[i+1,j-1] + (a[i+1,j] * 2.0) + a[i+1,j+1]) / 12.0
    return ret


def ysten(a):
    ret = np.zeros_like(a)
    ashape = a.shape
    for i in range(1,ashape[0]-1):
        for j in range(1,ashape[1]-1):
            ret[i,j] = ((a[i-1,j-1] * -1.0) + (a[i,j-1] * -2.0) + (a[i+1,j-1] * -1.0) + a[i-1,j+1] + (a[i,j+1] * 2.0) + a[i+1,j+1]) / 12.0
    return ret


def harris_common(a):
    ret = np.zeros_like(a)
    ashape = a.shape
    for i in range(1,ashape[0]-1):
        for j in range(1,ashape[1]-1):
            ret[i,j] = (a[i-1,j-1] + a[i-1,j] + a[i-1,j+1] + a[i,j-1] + a[i,j] + a[i,j+1] + a[i+1,j-1] + a[i+1,j] + a[i+1,j+1])
    return ret


def harris(Iin):
    Ix = xsten(Iin)
    Iy = ysten(Iin)
    Ixx = Ix * Ix
    Iyy = Iy * Iy
    Ixy = Ix * Iy
    Sxx = harris_common(Ixx)
    Syy = harris_common(Iyy)
    Sxy = harris_common(Ixy)
    det = (Sxx * Syy) - (Sxy * Sxy)
    trace = Sxx + Syy
    return det - (0.04 * trace * trace)



# --- legacy/juliaset/juliaset_numba.py --------------------------------------------------------------------------------

def iterate(col, Z, c):
    for k in range(col):
        Z = Z*Z + c
    return np.exp(-np.abs(Z))



# --- legacy/k-means/k-means_numba.py ----------------------------------------------------------------------------------

def kmeans(A, numCenter, numIter, N, D, init_centroids):
    centroids = init_centroids

    for l in range(numIter):
        dist = np.array([[sqrt(np.sum((A[i,:]-centroids[j,:])**2))
                                for j in range(numCenter)] for i in range(N)])
        labels = np.array([dist[i,:].argmin() for i in range(N)])

        centroids = np.array([[np.sum(A[labels==i, j])/np.sum(labels==i)
                                 for j in range(D)] for i in range(numCenter)])

    return centroids



# --- legacy/kernel-density-estimation/kernel_density_estimation_numba.py ----------------------------------------------

def kde(X):
    b = 0.5
    points = np.array([-1.0, 2.0, 5.0])
    N = points.shape[0]
    n = X.shape[0]
    exps = 0
    # prange in a not-parallel jitted function is identical to "range"
    for i in prange(n):
        p = X[i]
        d = (-(p-points)**2)/(2*b**2)
        m = np.min(d)
        exps += m-np.log(b*N)+np.log(np.sum(np.exp(d-m)))
    return exps



# --- legacy/laplace2d/laplace2d-numba.py ------------------------------------------------------------------------------

def jacobi_relax_core(A, Anew):
    error = 0.0
    n = A.shape[0]
    m = A.shape[1]
    for j in range(1, n - 1):
        for i in range(1, m - 1):
            Anew[j, i] = 0.25 * ( A[j, i + 1] + A[j, i - 1] \
                                + A[j - 1, i] + A[j + 1, i])
            error = max(error, abs(Anew[j, i] - A[j, i]))
    return error



# --- legacy/linear_regression/linear_regression_numba.py --------------------------------------------------------------

def linear_regression(Y, X, w, iterations, alphaN):
    for i in range(iterations):
        w -= alphaN * np.dot(X.T, np.dot(X,w)-Y)
    return w



# --- legacy/logistic-regression/logistic_regression.py ----------------------------------------------------------------

def logistic_regression(Y, X, w, iterations):
    for i in range(iterations):
        w -= np.dot(((1.0 / (1.0 + np.exp(-Y * np.dot(X, w))) - 1.0) * Y), X)
    return w



# --- legacy/mandel/mandel_jit.py --------------------------------------------------------------------------------------

def mandel(x, y, max_iters):
    i = 0
    c = complex(x,y)
    z = 0.0j
    for i in range(max_iters):
        z = z*z + c
        if (z.real*z.real + z.imag*z.imag) >= 4:
            return i

    return 255


def create_fractal(min_x, max_x, min_y, max_y, image, iters):
    height = image.shape[0]
    width = image.shape[1]

    pixel_size_x = (max_x - min_x) / width
    pixel_size_y = (max_y - min_y) / height
    for x in range(width):
        real = min_x + x * pixel_size_x
        for y in range(height):
            imag = min_y + y * pixel_size_y
            color = mandel(real, imag, iters)
            image[y, x] = color

    return image



# --- legacy/mergesort.py ----------------------------------------------------------------------------------------------

def mergesort_inplace(arr):
    assert arr.ndim == 1

    if arr.size > 2:
        mid = arr.size // 2
        first = arr[:mid]
        second = arr[mid:]
        mergesort_inplace(first)
        mergesort_inplace(second)

        left = 0
        right = mid
        while left < mid and right < arr.size:
            if arr[left] <= arr[right]:
                left += 1
            else:
                temp = arr[right]
                right += 1
                # copy left array to the right by one
                for i in range(mid, left, -1):
                    arr[i] = arr[i - 1]
                arr[left] = temp
                left += 1
                mid += 1
    elif arr.size == 2:
        a, b = arr
        arr[0], arr[1] = ((a, b) if a <= b else (b, a))
    return arr


def mergesort(arr):
    assert arr.ndim == 1

    if arr.size > 2:
        mid = arr.size // 2
        first = mergesort(arr[:mid].copy())
        second = mergesort(arr[mid:].copy())

        left = right = 0
        writeidx = 0
        while left < first.size and right < second.size:
            if first[left] <= second[right]:
                arr[writeidx] = first[left]
                left += 1
            else:
                arr[writeidx] = second[right]
                right += 1
            writeidx += 1

        while left < first.size:
            arr[writeidx] = first[left]
            writeidx += 1
            left += 1

        while right < second.size:
            arr[writeidx] = second[right]
            writeidx += 1
            right += 1

    elif arr.size == 2:
        a, b = arr
        arr[0], arr[1] = ((a, b) if a <= b else (b, a))
    return arr



# --- legacy/movemean.py -----------------------------------------------------------------------------------------------

def move_mean(a, window_arr, out):
    window_width = window_arr[0]
    asum = 0.0
    count = 0
    for i in range(window_width):
        asum += a[i]
        count += 1
        out[i] = asum / count
    for i in range(window_width, len(a)):
        asum += a[i] - a[i - window_width]
        out[i] = asum / count



# --- legacy/nbody/nbody.py --------------------------------------------------------------------------------------------

def body_body_interaction(force, pos_mass0, pos_mass1):
    r = pos_mass1[:3] - pos_mass0
    dist_sqr = (r * r).sum()
    dist_sqr += SOFTENING_SQUARED
    inv_dist = np.sqrt(dist_sqr)
    inv_dist_cube = inv_dist * inv_dist * inv_dist
    s = pos_mass1[3] * inv_dist_cube
    force += r * s


def integrate(position_out, position_in, velocity, force, delta_time, n):
    for i in range(n):
        p = position_in[i][:3]
        f = np.zeros(3)
        for j in range(i):
            body_body_interaction(f, p, position_in[j])
        inv_mass = position_in[i,3]
        v = velocity[i]
        v += f * inv_mass * delta_time
        p += v * delta_time
        position_out[i,:3] = p
        position_out[i,3] = inv_mass
        velocity[i] = v



# --- legacy/pi.py -----------------------------------------------------------------------------------------------------

def calc_pi(n):
    x = 2*np.random.ranf(n)-1
    y = 2*np.random.ranf(n)-1
    return 4*np.sum(x**2+y**2<1)/n



# --- legacy/ra24.py ---------------------------------------------------------------------------------------------------

def ra_numba(doy, lat):
    ra = np.zeros_like(lat)
    Gsc = 0.0820
    
    pi = math.pi

    dr = 1 + 0.033 * math.cos( 2 * pi / 365 * doy)
    decl = 0.409 * math.sin( 2 * pi / 365 * doy - 1.39 )
    tan_decl = math.tan(decl)
    cos_decl = math.cos(decl)
    sin_decl = math.sin(decl)
    
    for idx, latval in np.ndenumerate(lat):
        ws = math.acos(-math.tan(latval) * tan_decl)
        ra[idx] = 24 * 60 / pi * Gsc * dr * ( ws * math.sin(latval) * sin_decl + math.cos(latval) * cos_decl * math.sin(ws)) * 11.6

    return ra


def ra_numpy(doy, lat):
    Gsc = 0.0820

    pi = math.pi
    
    dr = 1 + 0.033 * np.cos( 2 * pi / 365 * doy)
    decl = 0.409 * np.sin( 2 * pi / 365 * doy - 1.39 )
    ws = np.arccos(-np.tan(lat) * np.tan(decl))
    
    ra = 24 * 60 / pi * Gsc * dr * ( ws * np.sin(lat) * np.sin(decl) + np.cos(lat) * np.cos(decl) * np.sin(ws)) * 11.6
    
    return ra



# --- legacy/sum.py ----------------------------------------------------------------------------------------------------

def sum2d(arr):
    M, N = arr.shape
    result = 0.0
    for i in range(M):
        for j in range(N):
            result += arr[i,j]
    return result



# --- legacy/ufuncs.py -------------------------------------------------------------------------------------------------

def polevl(x, coef):
    N = len(coef)
    ans = coef[0]
    i = 1
    while i < N:
        ans = ans * x + coef[i]
        i += 1
    return ans


def p1evl(x, coef):
    N = len(coef)
    ans = x + coef[0]
    i = 1
    while i < N:
        ans = ans * x + coef[i]
        i += 1
    return ans


def j0(x):
    if (x < 0):
        x = -x

    if (x <= 5.0):
        z = x * x
        if (x < 1.0e-5):
            return (1.0 - z / 4.0)
        p = (z-DR1) * (z-DR2)
        p = p * polevl(z, RP) / polevl(z, RQ)
        return p
    
    w = 5.0 / x
    q = 25.0 / (x*x)
    p = polevl(q, PP) / polevl(q, PQ)
    q = polevl(q, QP) / p1evl(q, QQ)
    xn = x - NPY_PI_4
    p = p*math.cos(xn) - w * q * math.sin(xn)
    return p * SQ2OPI / math.sqrt(x)


# --- wrappers: the source writes into its arguments and returns nothing (or only an error); these return what it wrote
def black_scholes_out(callResult, putResult, stockPrice, optionStrike, optionYears, Riskfree, Volatility):
    black_scholes(callResult, putResult, stockPrice, optionStrike, optionYears, Riskfree, Volatility)
    return callResult, putResult


def bubblesort_out(X):
    bubblesort(X)
    return X


def fbcorr_out(imgs, filters, output):
    fbcorr(imgs, filters, output)
    return output


def jacobi_relax_core_out(A, Anew):
    error = jacobi_relax_core(A, Anew)
    return error, Anew


def move_mean_out(a, window_arr, out):
    move_mean(a, window_arr, out)
    return out


def integrate_out(position_out, position_in, velocity, force, delta_time, n):
    integrate(position_out, position_in, velocity, force, delta_time, n)
    return position_out, position_in, velocity


def calc_pi_seeded(n, seed):
    np.random.seed(seed)
    return calc_pi(n)


# --- inputs -----------------------------------------------------------------------------------------------------------
def _normal(rng, n=50):
    return rng.normal(loc=0.0, scale=5.0, size=n)


def _edges(rng):
    return get_bin_edges(_normal(rng), 10)


def _kde(rng):
    samples = rng.normal(loc=0.0, scale=5.0, size=20)
    bandwidths = np.full_like(samples, 1.06 * 20**0.2 * 5.0)
    return rng.normal(loc=0.0, scale=5.0, size=8), samples, bandwidths


def _randfloat(rng, n, low, high):  # blackscholes.py's randfloat of np.random.random(n)
    rand_var = rng.random(n)
    return (1.0 - rand_var) * low + rand_var * high


def _options(rng, n=10):
    return _randfloat(rng, n, 5.0, 30.0), _randfloat(rng, n, 1.0, 100.0), _randfloat(rng, n, 0.25, 10.0)


def _cluster(rng, natoms=12):  # numpy_impl.py's make_cluster(natoms, radius=20)
    return rng.normal(0, 20, size=(natoms, 3)) - 0.5


def _pulses(rng, size=30):  # zero_suppression/impl.py's input_generator
    input_array = rng.normal(loc=0.0, scale=5.0, size=size)
    return input_array + 50 * np.clip(np.cos(np.linspace(0.0, 1.0, num=size) * np.pi * 10), 0, 1.0)


def _julia(rng, m=6):
    x = np.linspace(-1.5, 1.5, m)
    X, Y = np.meshgrid(x, x)
    return X + Y * 1j + rng.uniform(-0.01, 0.01, size=(m, m))


def _kmeans(rng):
    A = rng.random((30, 2))
    return A, 3, 2, 30, 2, A[:3].copy()


def _laplace(rng):
    A = rng.random((6, 6))
    A[:, 0] = 1.0
    return A, A.copy()


def _bodies(rng, n=6):
    pin = np.zeros((n, 4))
    pin[:, :3] = rng.uniform(-4.0, 4.0, size=(n, 3))
    pin[:, 3] = 1.0
    return np.zeros((n, 4)), pin, rng.normal(size=(n, 3)), np.zeros((n, 3)), 0.01667, n


def _latitudes(rng):
    return np.deg2rad(rng.uniform(-60.0, 60.0, size=(4, 4))).astype(np.float32)


_H = "examples/density_estimation/histogram/impl.py"
_K = "examples/density_estimation/kernel/impl.py"
_LJ = "examples/physics/lennard_jones/"
_Z = "examples/waveforms/zero_suppression/impl.py"

CASES = [
    # examples/
    case(get_bin_edges, lambda rng: (_normal(rng), 10), NE(_H, "get_bin_edges", "bins=10")),
    case(compute_bin, lambda rng: (np.float64(rng.uniform(-4.0, 4.0)), _edges(rng)), NE(_H, "compute_bin", "x inside the edges (from the copied get_bin_edges)")),
    case(compute_bin, lambda rng: (np.float64(100.0 + rng.uniform()), _edges(rng)), NE(_H, "compute_bin", "x above the last edge: returns None"), name="numba_examples.compute_bin_outside"),
    case(numba_histogram, lambda rng: (_normal(rng), 10), NE(_H, "numba_histogram / get_bin_edges / compute_bin", "bins=10")),
    case(numpy_kde, _kde, NE(_K, "numpy_kde", "8 points, 20 samples")),
    case(numba_kde, _kde, NE(_K, "numba_kde / gaussian", "8 points, 20 samples")),
    case(numba_kde_multithread, _kde, NE(_K, "numba_kde_multithread / gaussian", "numba.prange is range")),
    case(black_scholes_numba, lambda rng: (*_options(rng), 0.02, 0.30), NE("examples/finance/blackscholes/blackscholes_numba.py", "black_scholes_numba / cnd_numba", "10 options, Riskfree=0.02, Volatility=0.30")),
    case(distances_numba_array, lambda rng: (_cluster(rng),), NE(_LJ + "numba_array_impl.py", "distances_numba_array", "12 atoms")),
    case(potential_numba_array, lambda rng: (_cluster(rng),), NE(_LJ + "numba_array_impl.py", "potential_numba_array / distances_numba_array / lj_numba_array", "12 atoms")),
    case(potential_numba_scalar, lambda rng: (_cluster(rng),), NE(_LJ + "numba_scalar_impl.py", "potential_numba_scalar / distance_numba_scalar / lj_numba_scalar", "12 atoms")),
    case(potential_numba_scalar_prange, lambda rng: (_cluster(rng),), NE(_LJ + "numba_scalar_prange_impl.py", "potential_numba_scalar_prange", "numba.prange is range; 12 atoms")),
    case(potential_numpy, lambda rng: (_cluster(rng),), NE(_LJ + "numpy_impl.py", "potential_numpy / distances_numpy / lj_numpy", "12 atoms")),
    case(numpy_zero_suppression, lambda rng: (_pulses(rng), 8.0), NE(_Z, "numpy_zero_suppression", "threshold=8.0")),
    case(numba_zero_suppression, lambda rng: (np.float64(rng.normal(scale=10.0)), 8.0), NE(_Z, "numba_zero_suppression", "the @vectorize kernel on one float64")),
    # legacy/
    case(black_scholes_out, lambda rng: (np.zeros(10), -np.ones(10), *_options(rng), 0.02, 0.30), NE("legacy/blackscholes/blackscholes.py", "black_scholes / cnd", "RISKFREE, VOLATILITY; returns the results it writes (a wrapper)")),
    case(blackscholes, lambda rng: (np.float64(42.0), np.float64(40.0 + rng.uniform()), np.float64(0.5), np.float64(0.2), np.float64(0.5)), NE("legacy/blackscholes/blackscholes_pa.py", "blackscholes / cndf2", "one option (cndf2 is a @vectorize kernel: scalars)")),
    case(filter2d, lambda rng: (rng.normal(size=(10, 12)), rng.normal(size=(3, 3))), NE("legacy/blur_image.py", "filter2d / filter2d_core", "a 10 x 12 image, a 3 x 3 filter")),
    case(bubblesort_out, lambda rng: (rng.permutation(10).astype(np.int64),), NE("legacy/bubblesort.py", "bubblesort", "returns the array it sorts (a wrapper)")),
    case(fbcorr_out, lambda rng: (rng.normal(size=(1, 5, 5, 2)), rng.normal(size=(2, 3, 3, 2)), np.zeros((1, 2, 3, 3))), NE("legacy/fbcorr.py", "fbcorr", "returns the output it adds into (a wrapper)")),
    case(gaussian_blur_std, lambda rng: (lambda a: (a, a.copy()))(rng.random((8, 8))), NE("legacy/gaussian-blur/gaussian-blur.py", "gaussian_blur_std", "res a copy of a, as in main")),
    case(gaussian_blur_std_3d, lambda rng: (lambda a: (a, a.copy()))(rng.random((7, 7, 3))), NE("legacy/gaussian-blur/gaussian-blur.py", "gaussian_blur_std_3d", "res a copy of a, as in main")),
    case(harris, lambda rng: (rng.uniform(0.0, 255.0, size=(8, 8)),), NE("legacy/harris/harris_numba.py", "harris / xsten / ysten / harris_common", "an 8 x 8 float image")),
    case(iterate, lambda rng: (8, _julia(rng), -.745429 + .11308j), NE("legacy/juliaset/juliaset_numba.py", "iterate", "col=8 on a 6 x 6 grid, juliaset's c")),
    case(kmeans, _kmeans, NE("legacy/k-means/k-means_numba.py", "kmeans", "numCenter=3, numIter=2, N=30, D=2")),
    case(kde, lambda rng: (rng.random(20),), NE("legacy/kernel-density-estimation/kernel_density_estimation_numba.py", "kde", "prange is range")),
    case(jacobi_relax_core_out, _laplace, NE("legacy/laplace2d/laplace2d-numba.py", "jacobi_relax_core", "returns the error and Anew (a wrapper)")),
    case(linear_regression, lambda rng: (rng.random((40, 4)), rng.random((40, 3)), np.zeros((3, 4)), 5, 0.01 / 40), NE("legacy/linear_regression/linear_regression_numba.py", "linear_regression", "N=40, D=3, p=4, 5 iterations")),
    case(logistic_regression, lambda rng: (rng.random(40), rng.random((40, 3)), 2.0 * np.ones(3) - 1.3, 5), NE("legacy/logistic-regression/logistic_regression.py", "logistic_regression", "N=40, D=3, 5 iterations")),
    case(create_fractal, lambda rng: (-2.0, 1.0, -1.0, 1.0, np.zeros((12, 16), dtype=np.uint8), 20), NE("legacy/mandel/mandel_jit.py", "create_fractal / mandel", "a 12 x 16 image, 20 iterations")),
    case(mergesort, lambda rng: (rng.random(10),), NE("legacy/mergesort.py", "mergesort", "10 values")),
    case(mergesort_inplace, lambda rng: (rng.random(10),), NE("legacy/mergesort.py", "mergesort_inplace", "10 values")),
    case(move_mean_out, lambda rng: (rng.random(10), np.array([3], dtype=np.intp), np.zeros(10)), NE("legacy/movemean.py", "move_mean", "one row, window 3; returns out (a wrapper)")),
    case(integrate_out, _bodies, NE("legacy/nbody/nbody.py", "integrate / body_body_interaction", "6 bodies; returns the arrays it writes (a wrapper)")),
    case(calc_pi_seeded, lambda rng: (100, 3), NE("legacy/pi.py", "calc_pi", "100 points, np.random.seed(3) first (a wrapper)")),
    case(ra_numba, lambda rng: (120, _latitudes(rng)), NE("legacy/ra24.py", "ra_numba", "doy=120, 4 x 4 float32 latitudes")),
    case(ra_numpy, lambda rng: (120, _latitudes(rng)), NE("legacy/ra24.py", "ra_numpy", "doy=120, 4 x 4 float32 latitudes")),
    case(sum2d, lambda rng: (rng.normal(size=(5, 6)),), NE("legacy/sum.py", "sum2d")),
    case(j0, lambda rng: (np.float64(rng.uniform(0.5, 4.5)),), NE("legacy/ufuncs.py", "j0 / polevl", "x <= 5")),
    case(j0, lambda rng: (np.float64(rng.uniform(6.0, 20.0)),), NE("legacy/ufuncs.py", "j0 / polevl / p1evl", "x > 5"), name="numba_examples.j0_large"),
]
