"""SciPy's functions in graphs (runtime/graph/scipy_functions.py, ops_scipy.py, runtime/scipy_calls.py): each
function traced by ``autograph.function`` equals SciPy eager on the NumPy interpreter (bit for bit: the kernel is
SciPy's) and lowered to JAX (to the coverage harness's tolerance), with SciPy's dtype and shape; hypothesis varies
well-conditioned matrices, dtypes and keywords. The refusals (sqrtm, eig, unsupported keywords) name the user's
line and say why; SciPy on plain values inside a trace stays SciPy's own call; importing the graph package or
autograph imports no SciPy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import scipy.fft
import scipy.fftpack
import scipy.integrate
import scipy.linalg
import scipy.ndimage
import scipy.signal
import scipy.spatial.distance
import scipy.special
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.graph.tracing import TensorSpec
from runtime.limits import NotStageable
from tests import helpers

pdist, cdist, squareform = (scipy.spatial.distance.pdist, scipy.spatial.distance.cdist,
                             scipy.spatial.distance.squareform)
rankdata, gmean, hmean = scipy.stats.rankdata, scipy.stats.gmean, scipy.stats.hmean

RNG = np.random.default_rng(5)
F64, F32 = np.dtype(np.float64), np.dtype(np.float32)


def _spd(rng: np.random.Generator, n: int, dtype=F64) -> np.ndarray:
    a = rng.normal(size=(n, n))
    return (a @ a.T + n * np.eye(n)).astype(dtype)


def _well_conditioned(rng: np.random.Generator, n: int, dtype=F64) -> np.ndarray:
    return (rng.normal(size=(n, n)) + 2 * n * np.eye(n)).astype(dtype)


def _tolerance(dtype: np.dtype) -> tuple[float, float]:
    # The coverage harness's: rtol 1e-7 / atol 1e-9 for double precision, 1e-5 / 1e-6 for single.
    return (1e-5, 1e-6) if dtype in (F32, np.complex64) else (1e-7, 1e-9)


def check(fn, *args) -> None:
    try:
        want = fn(*args)
    except ValueError as error:  # the installed SciPy refuses the input (a stack of matrices before SciPy 1.16)
        executors = ["numpy", "jax"] if helpers.jax_usable() else ["numpy"]
        for executor in executors:  # so does the graph, with SciPy's words
            with pytest.raises(ValueError, match=helpers.numpys_message(str(error))):
                autograph.function(fn, executor=executor)(*args)
        return
    helpers.same_leaves(autograph.function(fn)(*args), want, True, _tolerance)
    helpers.same_leaves(autograph.function(fn, executor="jax")(*args), want, False, _tolerance)


A = _spd(RNG, 4)
G = _well_conditioned(RNG, 4)
B = RNG.normal(size=(4, 2))
V = RNG.normal(size=4)
Z = RNG.normal(size=(3, 5))
SIGNAL = np.sin(np.arange(64) / 3) + 0.3 * RNG.normal(size=64)
_SOS = scipy.signal.butter(4, 0.2, output="sos")  # (a fourth-order low-pass filter's second-order sections)

def _nearest(points, centre):
    # (a loop over rows whose test is a distance: each comparison staged)
    best = 0
    for i in range(points.shape[0]):
        if scipy.spatial.distance.euclidean(points[i], centre) < scipy.spatial.distance.euclidean(points[best], centre):
            best = i
    return best


def _medfilt_along_axis(x):
    # (wradlib's, tests/coverage/corpus_wradlib.py: a kernel size written into an array of the shape, which SciPy
    # checks is odd: the graph hands SciPy those values, known while tracing, not stand-ins of the shape)
    kernel_size = np.array(x.shape)
    kernel_size[:] = 1
    kernel_size[-1] = 3
    return scipy.signal.medfilt(x, kernel_size)


CASES = {
    "medfilt_kernel_size_written_into_an_array": (_medfilt_along_axis, [Z]),
    "medfilt_kernel_size_a_known_tensor": (lambda x: scipy.signal.medfilt(x, np.full(2, 3)), [Z]),
    "lfilter_coefficients_as_arrays": (lambda x: scipy.signal.lfilter(np.array([0.5, 0.5]), np.array([1.0, -0.3]), x),
                                       [SIGNAL]),
    "inv": (lambda a: scipy.linalg.inv(a), [G]),
    "inv_float32": (lambda a: scipy.linalg.inv(a), [G.astype(F32)]),
    "inv_int": (lambda a: scipy.linalg.inv(a), [np.array([[2, 1], [1, 3]])]),
    "inv_batched": (lambda a: scipy.linalg.inv(a), [np.stack([G, A])]),
    "inv_check_finite_false": (lambda a: scipy.linalg.inv(a, check_finite=False), [G]),
    "solve_vector": (lambda a, b: scipy.linalg.solve(a, b), [G, V]),
    "solve_matrix": (lambda a, b: scipy.linalg.solve(a, b), [G, B]),
    "solve_pos_lower": (lambda a, b: scipy.linalg.solve(a, b, assume_a="pos", lower=True), [np.tril(A), B]),
    "solve_sym_upper": (lambda a, b: scipy.linalg.solve(a, b, assume_a="sym"), [np.triu(A), V]),
    "solve_transposed": (lambda a, b: scipy.linalg.solve(a, b, transposed=True), [G, B]),
    "solve_her_complex": (lambda a, b: scipy.linalg.solve(a, b, assume_a="her"), [np.triu(A + 1j * (G - G.T)), V]),
    "solve_sym_complex_lower": (lambda a, b: scipy.linalg.solve(a, b, assume_a="sym", lower=True),
                                [np.tril(G + 0.5j * A), V]),
    "inv_complex": (lambda a: scipy.linalg.inv(a), [G + 1j * A]),
    "solve_batched_b": (lambda a, b: scipy.linalg.solve(a, b), [G, RNG.normal(size=(3, 4, 2))]),
    "solve_triangular": (lambda a, b: scipy.linalg.solve_triangular(a, b, lower=True), [np.tril(G), B]),
    "solve_triangular_trans": (lambda a, b: scipy.linalg.solve_triangular(a, b, trans="T"), [np.triu(G), V]),
    "solve_triangular_unit": (lambda a, b: scipy.linalg.solve_triangular(a, b, unit_diagonal=True), [np.triu(G), V]),
    "det": (lambda a: scipy.linalg.det(a), [G]),
    "det_float32": (lambda a: scipy.linalg.det(a), [G.astype(F32)]),
    "det_batched": (lambda a: scipy.linalg.det(a), [np.stack([G, A, -A])]),
    "svd": (lambda a: scipy.linalg.svd(a), [Z]),
    "svd_thin": (lambda a: scipy.linalg.svd(a, full_matrices=False), [Z.T]),
    "svd_values": (lambda a: scipy.linalg.svd(a, compute_uv=False), [Z]),
    "svd_float32": (lambda a: scipy.linalg.svd(a, full_matrices=False), [Z.astype(F32)]),
    "cholesky_upper_default": (lambda a: scipy.linalg.cholesky(a), [A]),
    "cholesky_lower": (lambda a: scipy.linalg.cholesky(a, lower=True), [A]),
    "cholesky_reads_one_triangle": (lambda a: scipy.linalg.cholesky(a), [np.triu(A) + 5 * np.tril(A, -1)]),
    "pinv": (lambda a: scipy.linalg.pinv(a), [Z]),
    "pinv_rank": (lambda a: scipy.linalg.pinv(a, return_rank=True), [np.outer(V, V[:3])]),
    "pinv_rtol": (lambda a: scipy.linalg.pinv(a, atol=0.1, rtol=0.01), [Z]),
    "qr": (lambda a: scipy.linalg.qr(a), [Z.T]),
    "qr_wide_economic": (lambda a: scipy.linalg.qr(a, mode="economic"), [Z]),
    "qr_r_pivoting": (lambda a: (scipy.linalg.qr(a, mode="r"), scipy.linalg.qr(a, mode="r", pivoting=True)), [Z.T]),
    "qr_float32_pivoting": (lambda a: scipy.linalg.qr(a, pivoting=True), [Z.T.astype(F32)]),
    "qr_complex": (lambda a: scipy.linalg.qr(a, mode="economic"), [Z.T + 1j * Z.T[::-1]]),
    "qr_batched": (lambda a: (scipy.linalg.qr(a), scipy.linalg.qr(a, mode="r")), [np.stack([Z, -Z])]),
    "eigh": (lambda a: scipy.linalg.eigh(a), [A]),
    "eigh_upper_float32": (lambda a: scipy.linalg.eigh(a, lower=False), [np.triu(A).astype(F32)]),
    "eigh_generalized": (lambda a, b: (scipy.linalg.eigh(a, b), scipy.linalg.eigh(a, b, type=2)), [A, 2 * A + G @ G.T]),
    "eigh_values_only_int": (lambda a: scipy.linalg.eigh(a, eigvals_only=True), [np.array([[2, 1], [1, 3]])]),
    "eigh_batched": (lambda a: scipy.linalg.eigh(a), [np.stack([A, A + np.eye(4)])]),
    "eigvalsh": (lambda a, b: (scipy.linalg.eigvalsh(a), scipy.linalg.eigvalsh(a, b)), [A, A + G @ G.T]),
    "eigvalsh_complex_driver": (lambda a: scipy.linalg.eigvalsh(a, driver="ev"), [A + 1j * (G - G.T)]),
    "pinvh": (lambda a: scipy.linalg.pinvh(a), [A]),
    "pinvh_rank_of_a_singular_matrix": (lambda a: scipy.linalg.pinvh(a, return_rank=True), [np.outer(V, V)]),
    "pinvh_upper_atol": (lambda a: scipy.linalg.pinvh(a, atol=0.5, lower=False), [np.triu(A)]),
    "solve_discrete_lyapunov": (lambda a, q: (scipy.linalg.solve_discrete_lyapunov(a, q),
                                              scipy.linalg.solve_discrete_lyapunov(a, q, method="bilinear")),
                                [0.2 * G / 4, A]),
    "solve_discrete_lyapunov_batched": (lambda a, q: scipy.linalg.solve_discrete_lyapunov(a, q),
                                        [np.stack([0.05 * G, -0.05 * G]), np.stack([A, A])]),
    # SciPy's functions whose results' shapes follow from the arguments' (runtime/scipy_calls.py, SHAPED)
    "lfilter": (lambda x: (scipy.signal.lfilter([0.5, 0.5], [1.0, -0.3], x),
                           scipy.signal.lfilter(np.array([1.0]), [1.0, -0.5], x, zi=np.array([0.1]))), [SIGNAL]),
    "lfilter_traced_coefficients_2d": (lambda b, x: scipy.signal.lfilter(b, [1.0, 0.2], x, axis=0), [V[:2], Z]),
    "filtfilt": (lambda x: (scipy.signal.filtfilt([0.2, 0.3], [1.0, -0.4], x),
                            scipy.signal.filtfilt([0.2, 0.3], [1.0, -0.4], x, method="gust")), [SIGNAL]),
    "convolve_correlate": (lambda x: (scipy.signal.correlate(x, x[:5], mode="same"), scipy.signal.convolve(x, x[:7]),
                                      scipy.signal.fftconvolve(x, x[::-1], mode="valid")), [SIGNAL]),
    "smoothing": (lambda x: (scipy.signal.medfilt(x, 5), scipy.signal.detrend(x), scipy.signal.savgol_filter(x, 7, 2),
                             scipy.signal.hilbert(x)), [SIGNAL]),
    "spectra": (lambda x: (scipy.signal.periodogram(x, fs=2.0), scipy.signal.welch(x, nperseg=16)),
                [SIGNAL.astype(F32)]),
    # (sewar's image metrics filter with convolve2d and a small constant window: 15 of its 18 cases were refused)
    "convolve2d_correlate2d": (lambda img, k: (scipy.signal.convolve2d(img, np.ones((3, 3)) / 9.0, mode="valid"),
                                               scipy.signal.convolve2d(img, k, mode="same", boundary="symm"),
                                               scipy.signal.correlate2d(img, k, boundary="wrap"),
                                               scipy.signal.medfilt2d(img, 3), scipy.signal.wiener(img, 3)),
                               [RNG.random((9, 8)), np.array([[1.0, 2.0, 1.0], [0.0, 0.0, 0.0], [-1.0, -2.0, -1.0]])]),
    "ndimage_edges_ranks_and_geometry": (
        lambda img: (scipy.ndimage.laplace(img), scipy.ndimage.sobel(img, axis=0), scipy.ndimage.prewitt(img),
                     scipy.ndimage.gaussian_laplace(img, 1.0), scipy.ndimage.gaussian_gradient_magnitude(img, 1.5),
                     scipy.ndimage.minimum_filter(img, 3), scipy.ndimage.maximum_filter1d(img, 4, axis=0),
                     scipy.ndimage.percentile_filter(img, 30, size=3), scipy.ndimage.rank_filter(img, 2, size=3),
                     scipy.ndimage.correlate1d(img, [1, 2, 1]), scipy.ndimage.zoom(img, 2),
                     scipy.ndimage.shift(img, (0.5, 1.2)), scipy.ndimage.rotate(img, 30),
                     scipy.ndimage.map_coordinates(img, [[0.5, 2.2], [1.5, 3.3]], order=1),
                     scipy.ndimage.binary_dilation(img > 0.5, iterations=2), scipy.ndimage.binary_opening(img > 0.5),
                     scipy.ndimage.distance_transform_edt(img > 0.5)),
        [RNG.random((9, 8))]),
    "second_order_sections_and_resampling": (
        lambda x: (scipy.signal.sosfilt(_SOS, x), scipy.signal.sosfiltfilt(_SOS, x), scipy.signal.oaconvolve(x, x[:9]),
                   scipy.signal.resample(x, 32), scipy.signal.resample_poly(x, 2, 3), scipy.signal.decimate(x, 4)),
        [SIGNAL]),
    # (neurodsp's compute_frequency_response: helper-117)
    "frequency_responses": (lambda b: (scipy.signal.freqz(b, [1.0, -0.5], worN=64),
                                       scipy.signal.sosfreqz(np.concatenate([_SOS[:, :3] * b[0], _SOS[:, 3:]], axis=1),
                                                             worN=32, fs=100.0)), [np.array([0.5, 0.25])]),
    "short_time_spectra": (lambda x, y: (scipy.signal.stft(x, nperseg=16), scipy.signal.spectrogram(x, nperseg=16),
                                         scipy.signal.csd(x, y, nperseg=16), scipy.signal.coherence(x, y, nperseg=16)),
                           [SIGNAL, SIGNAL[::-1].copy()]),
    "ndimage_filters": (lambda x: (scipy.ndimage.uniform_filter1d(x, 3),
                                   scipy.ndimage.gaussian_filter1d(x, 1.5, axis=0), scipy.ndimage.uniform_filter(x, 3),
                                   scipy.ndimage.gaussian_filter(x, 1.0), scipy.ndimage.median_filter(x, size=3)), [Z]),
    "comb_and_percentiles": (lambda x: (scipy.special.comb(np.abs(x) * 10, 3), scipy.stats.scoreatpercentile(x, 50),
                                        scipy.stats.scoreatpercentile(x, [10, 90])), [SIGNAL]),
    "integrate": (lambda y, x: (scipy.integrate.cumulative_trapezoid(y, x, initial=0),
                                scipy.integrate.trapezoid(y, dx=0.5), scipy.integrate.simpson(y, x=x)),
                  [SIGNAL, np.cumsum(np.abs(SIGNAL))]),
    "fftpack": (lambda x, z: (scipy.fftpack.fft(x), scipy.fftpack.ifft(x, n=20), scipy.fftpack.rfft(x),
                              scipy.fftpack.irfft(x), scipy.fftpack.dct(x, norm="ortho"), scipy.fftpack.idst(x),
                              scipy.fftpack.fft2(z), scipy.fftpack.ifftn(z, axes=(0,))), [SIGNAL, Z]),
    "fftpack_float32": (lambda x: (scipy.fftpack.fft(x), scipy.fftpack.dct(x)), [SIGNAL.astype(F32)]),
    "scipy_fft": (lambda x, z: (scipy.fft.fft(x), scipy.fft.irfft(scipy.fft.rfft(x), n=x.shape[0]),
                                scipy.fft.fftshift(z, axes=1), scipy.fft.ifftshift(x), scipy.fft.dctn(z, type=3),
                                scipy.fft.rfftn(z, norm="forward"), scipy.fft.hfft(x[:9]), scipy.fft.fft(z, axis=0)),
                  [SIGNAL, Z]),
    "scipy_fft_float32_complex": (lambda x: (scipy.fft.fft(x), scipy.fft.ifft(x * 1j, n=7)), [SIGNAL.astype(F32)]),
    "stats_moments": (lambda x, z: (scipy.stats.entropy(np.abs(x) + 0.1), scipy.stats.entropy(np.abs(z) + 0.1, base=2,
                                                                                          axis=1),
                                    scipy.stats.entropy(np.abs(x) + 0.1, np.abs(x[::-1]) + 0.2),
                                    scipy.stats.kurtosis(x), scipy.stats.kurtosis(z, None, False),
                                    scipy.stats.skew(z, axis=1, bias=False), scipy.stats.zscore(z, ddof=1),
                                    scipy.stats.sem(x), scipy.stats.variation(np.abs(z) + 1.0),
                                    scipy.stats.moment(x, order=3), scipy.stats.iqr(z, axis=0, keepdims=True)),
                      [SIGNAL, Z]),
    "stats_moments_float32": (lambda x: (scipy.stats.kurtosis(x), scipy.stats.skew(x), scipy.stats.zscore(x)),
                              [SIGNAL.astype(F32)]),
    "structured_matrices": (lambda c, r: (scipy.linalg.toeplitz(c, r), scipy.linalg.toeplitz(c),
                                          scipy.linalg.hankel(c, r), scipy.linalg.circulant(r)), [V, SIGNAL[:6]]),
    "toeplitz_complex": (lambda c: scipy.linalg.toeplitz(c * 1j, c[:2]), [V]),
    # scipy.linalg.norm: BLAS's nrm2 for a vector and LAPACK's lange for a matrix, not NumPy's sums (scikit-learn's
    # Theil-Sen and t-SNE call it), and its check_finite
    "linalg_norm": (lambda x, a: (scipy.linalg.norm(x), scipy.linalg.norm(a), scipy.linalg.norm(a, 1),
                                  scipy.linalg.norm(a, np.inf), scipy.linalg.norm(a, axis=0),
                                  scipy.linalg.norm(x, 3), scipy.linalg.norm(a, "fro", keepdims=True)), [SIGNAL, A]),
    "vector_distances": (lambda u, v: [getattr(scipy.spatial.distance, name)(u, v) for name in (
        "braycurtis", "canberra", "chebyshev", "cityblock", "correlation", "cosine", "euclidean", "sqeuclidean")]
        + [scipy.spatial.distance.minkowski(u, v, 3), scipy.spatial.distance.seuclidean(u, v, np.abs(u) + 1),
           scipy.spatial.distance.mahalanobis(u, v, A)], [V, G[0]]),
    "jensenshannon": (lambda p, q: scipy.spatial.distance.jensenshannon(np.abs(p), np.abs(q)), [V, G[1]]),
    "boolean_distances": (lambda u, v: [f(u > 0, v > 0) for f in (
        scipy.spatial.distance.hamming, scipy.spatial.distance.jaccard, scipy.spatial.distance.dice,
        scipy.spatial.distance.rogerstanimoto, scipy.spatial.distance.russellrao, scipy.spatial.distance.yule)],
        [V, G[2]]),
    "nearest_by_euclidean": (_nearest, [Z.T, Z[:, 1] + 0.1]),
    "distributions": (lambda x: (scipy.stats.norm.cdf(x), scipy.stats.norm.pdf(x, loc=1.0, scale=2.0),
                                 scipy.stats.vonmises.pdf(x, 2.0), scipy.stats.norm.ppf(np.abs(np.tanh(x))),
                                 scipy.stats.chi2.sf(np.abs(x) * 3, 2), scipy.stats.t.logpdf(x, 5),
                                 scipy.stats.poisson.pmf(np.arange(4), 2.5), scipy.stats.binom.cdf(3, 10, 0.4)),
                      [Z]),
    "distribution_traced_parameters": (lambda x, s: (scipy.stats.norm.logcdf(x, loc=s[0], scale=np.abs(s[1]) + 1),
                                                     scipy.stats.gamma.isf(0.3, np.abs(s) + 0.5)), [Z, V]),
    "distribution_frozen": (lambda x, s: (scipy.stats.norm(s[0], np.abs(s[1]) + 1).cdf(x),
                                          scipy.stats.vonmises(2.0, loc=s[2]).logpdf(x),
                                          scipy.stats.poisson(3.0).pmf(2),
                                          scipy.stats.t(4, scale=s[3]).ppf(np.abs(np.tanh(x)))),
                            [Z, np.abs(V) + 0.5]),
    "block_diag": (lambda a, b: scipy.linalg.block_diag(a, b, 3.0, b[0]), [A, B]),
    "block_diag_float32": (lambda a: scipy.linalg.block_diag(a, a), [A.astype(F32)]),
    "block_diag_starred": (lambda q: scipy.linalg.block_diag(*[q] * 3), [A[:2, :2]]),
    "expm": (lambda a: scipy.linalg.expm(a), [0.3 * G]),
    "expm_batched": (lambda a: scipy.linalg.expm(a), [0.1 * np.stack([G, A])]),
    "solve_discrete_are": (lambda a, b, q, r: scipy.linalg.solve_discrete_are(a, b, q, r),
                           [0.5 * G / 4, B, A, np.eye(2)]),
    "solve_continuous_are": (lambda a, b, q, r: scipy.linalg.solve_continuous_are(a, b, q, r),
                             [-G, B, A, np.eye(2)]),
    "solve_discrete_are_s": (lambda a, b, q, r, s: scipy.linalg.solve_discrete_are(a, b, q, r, s=s, balanced=False),
                             [0.5 * G / 4, B, A, np.eye(2), 0.01 * B]),
    "logsumexp": (lambda x: scipy.special.logsumexp(x), [Z]),
    "logsumexp_axis_keepdims": (lambda x: scipy.special.logsumexp(x, axis=1, keepdims=True), [Z]),
    "logsumexp_b": (lambda x, b: scipy.special.logsumexp(x, axis=0, b=b), [Z, Z[0] ** 2]),
    "logsumexp_sign": (lambda x, b: scipy.special.logsumexp(x, axis=-1, b=b, return_sign=True), [Z, Z]),
    "logsumexp_float32": (lambda x: scipy.special.logsumexp(x, axis=(0, 1)), [Z.astype(F32)]),
    "expit": (lambda x: scipy.special.expit(x), [Z]),
    "expit_float32": (lambda x: scipy.special.expit(x), [Z.astype(F32)]),
    "expit_int": (lambda x: scipy.special.expit(x), [np.arange(-3, 4)]),
    "logit": (lambda x: scipy.special.logit(x), [scipy.special.expit(Z)]),
    "erf_erfc": (lambda x: (scipy.special.erf(x), scipy.special.erfc(x)), [Z]),
    "erfinv": (lambda x: scipy.special.erfinv(x), [np.tanh(Z)]),
    "gammaln_digamma": (lambda x: (scipy.special.gammaln(x), scipy.special.digamma(x)), [np.abs(Z) + 0.5]),
    "ndtr_ndtri": (lambda x: (scipy.special.ndtr(x), scipy.special.ndtri(scipy.special.expit(x))), [Z]),
    "xlogy_xlog1py": (lambda x, y: (scipy.special.xlogy(x, y), scipy.special.xlog1py(x, y)),
                      [np.where(Z > 0, Z, 0.0), np.abs(Z)]),
    "xlogy_python_number": (lambda y: scipy.special.xlogy(2, y), [np.abs(Z).astype(F32)]),
    "convolve_wrap": (lambda x, k: scipy.ndimage.convolve(np.roll(x, 2), k, mode="wrap"),
                      [np.arange(10.0) / 45, np.array([0.1, 0.8, 0.1])]),
    "correlate_constant": (lambda x, k: scipy.ndimage.correlate(x, k, mode="constant", cval=0.5), [Z, Z[:2, :3]]),
    # scipy.spatial.distance and scipy.stats.rankdata: SciPy's own function (on the host under XLA), bit for bit
    "pdist": (lambda x: pdist(x), [Z]),
    "pdist_metrics": (lambda x: (pdist(x, "cityblock"), pdist(x, "cosine"), pdist(x, "minkowski", p=3),
                                 pdist(x, "seuclidean", V=[1.0, 2.0, 0.5, 1.0, 3.0])), [Z]),
    "pdist_float32_one_row": (lambda x: (pdist(x), pdist(x[:1])), [Z.astype(F32)]),
    "pdist_bool_jaccard": (lambda x: pdist(x > 0, "jaccard"), [Z]),
    "squareform_round_trip": (lambda x: (squareform(pdist(x)), squareform(squareform(pdist(x)))), [Z]),
    "squareform_empty_and_int": (lambda v: (squareform(v[:0]), squareform(v[:3].astype(np.int32))), [V]),
    "cdist": (lambda a, b: (cdist(a, b), cdist(a, b, "sqeuclidean"), cdist(b, a, "chebyshev")), [Z, Z[:2] + 1]),
    "rankdata_ties": (lambda x: (rankdata(x), rankdata(x, axis=1), rankdata(x, axis=0)), [np.round(Z)]),
    "rankdata_methods_of_ints": (lambda x: tuple(rankdata(x, m, axis=1) for m in ("min", "max", "dense", "ordinal")),
                                 [np.round(3 * Z).astype(int)]),
    "rankdata_nan_raise": (lambda x: rankdata(x, "dense", nan_policy="raise"), [Z]),
    "rankdata_nan_average": (lambda x: rankdata(np.where(x > 1, np.nan, x), axis=1), [Z]),
    "gmean_hmean": (lambda x, w: (gmean(x), gmean(x, axis=None), hmean(x, axis=1, keepdims=True),
                                  gmean(x, axis=1, weights=w), hmean(x.astype(np.float32), dtype=np.float64),
                                  hmean(x - 1.0)),  # (a negative value: SciPy's NaN, and its warning)
                    [np.abs(Z) + 0.5, np.arange(1.0, 6.0)]),
    # a run-time length (after a mask): the host callback's shapes are the stage's concrete ones on XLA
    "rank_and_distances_of_a_selection": (lambda x: (rankdata(x[x > 0]), pdist(x[x > 0].reshape(-1, 1)),
                                                     squareform(pdist(x[x > 0].reshape(-1, 1)))), [np.round(Z[0], 1)]),
}


@pytest.mark.parametrize("name", CASES)
def test_function_matches_scipy_on_both_executors(name):
    fn, args = CASES[name]
    check(fn, *args)


@settings(max_examples=20, deadline=None)
@given(n=st.integers(1, 5), single=st.booleans(), seed=st.integers(0, 2 ** 16),
       kind=st.sampled_from(["inv", "solve", "det", "svd", "cholesky", "expm", "pinv", "solve_triangular"]))
def test_linear_algebra_of_well_conditioned_matrices(n, single, seed, kind):
    rng = np.random.default_rng(seed)
    dtype = F32 if single else F64
    a, spd = _well_conditioned(rng, n, dtype), _spd(rng, n, dtype)
    b = rng.normal(size=(n, 2)).astype(dtype)
    fns = {
        "inv": (lambda x: scipy.linalg.inv(x), [a]),
        "solve": (lambda x, y: scipy.linalg.solve(x, y), [a, b]),
        "det": (lambda x: scipy.linalg.det(x), [a]),
        "svd": (lambda x: scipy.linalg.svd(x, compute_uv=False), [a]),
        "cholesky": (lambda x: scipy.linalg.cholesky(x, lower=True), [spd]),
        "expm": (lambda x: scipy.linalg.expm(x / (4 * n)), [a]),
        "pinv": (lambda x: scipy.linalg.pinv(x), [a]),
        "solve_triangular": (lambda x, y: scipy.linalg.solve_triangular(x, y), [np.triu(a), b]),
    }
    fn, args = fns[kind]
    check(fn, *args)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2 ** 16), shape=st.sampled_from([(5,), (2, 3), (3, 1, 2)]),
       name=st.sampled_from(["expit", "erf", "erfc", "gammaln", "logsumexp"]), scale=st.floats(0.1, 30.0))
def test_special_functions_on_random_arrays(seed, shape, name, scale):
    x = scale * np.random.default_rng(seed).normal(size=shape)
    fn = getattr(scipy.special, name)
    if name == "gammaln":
        x = np.abs(x) + 0.1
    check(lambda v: fn(v), x)


@settings(max_examples=20, deadline=None)
@given(m=st.integers(1, 5), n=st.integers(1, 5), single=st.booleans(), seed=st.integers(0, 2 ** 16),
       kind=st.sampled_from(["qr", "qr_economic", "qr_r", "qr_pivoting", "eigh", "eigvalsh_generalized", "pinvh",
                             "solve_discrete_lyapunov"]))
def test_factorizations_of_random_matrices_are_scipys(m, n, single, seed, kind):
    """SciPy's own factors (its signs, its pivots) on both executors: the kernels and XLA's host callbacks are
    SciPy's function."""
    rng = np.random.default_rng(seed)
    dtype = F32 if single else F64
    x, spd = rng.normal(size=(m, n)).astype(dtype), _spd(rng, n, dtype)
    fns = {
        "qr": (lambda a: scipy.linalg.qr(a), [x]),
        "qr_economic": (lambda a: scipy.linalg.qr(a, mode="economic"), [x]),
        "qr_r": (lambda a: scipy.linalg.qr(a, mode="r"), [x]),
        "qr_pivoting": (lambda a: scipy.linalg.qr(a, mode="economic", pivoting=True), [x]),
        "eigh": (lambda a: scipy.linalg.eigh(a), [spd]),
        "eigvalsh_generalized": (lambda a, b: scipy.linalg.eigvalsh(a, b), [spd, spd + np.eye(n, dtype=dtype)]),
        "pinvh": (lambda a: scipy.linalg.pinvh(a), [spd - n * np.eye(n, dtype=dtype)]),
        "solve_discrete_lyapunov": (lambda a, q: scipy.linalg.solve_discrete_lyapunov(a, q),
                                    [_well_conditioned(rng, n, dtype) / (4 * n), spd]),
    }
    fn, args = fns[kind]
    check(fn, *args)


@settings(max_examples=20, deadline=None)
@given(n=st.integers(12, 80), single=st.booleans(), seed=st.integers(0, 2 ** 16),
       kind=st.sampled_from(["lfilter", "filtfilt", "correlate", "medfilt", "savgol", "welch", "gaussian",
                             "fftpack", "rfft", "moments", "toeplitz"]))
def test_signal_functions_of_random_signals_are_scipys(n, single, seed, kind):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n).astype(F32 if single else F64)
    fns = {
        "lfilter": lambda s: scipy.signal.lfilter([0.25, 0.5, 0.25], [1.0, -0.2], s),
        "filtfilt": lambda s: scipy.signal.filtfilt([0.25, 0.5, 0.25], [1.0, -0.2], s),
        "correlate": lambda s: scipy.signal.correlate(s, s[:4], mode="full"),
        "medfilt": lambda s: scipy.signal.medfilt(s, 3),
        "savgol": lambda s: scipy.signal.savgol_filter(s, 5, 2, deriv=1),
        "welch": lambda s: scipy.signal.welch(s, nperseg=8),
        "gaussian": lambda s: scipy.ndimage.gaussian_filter1d(s, 2.0, mode="nearest"),
        "fftpack": lambda s: scipy.fftpack.ifft(scipy.fftpack.fft(s) * 0.5),
        "rfft": lambda s: scipy.fft.irfft(scipy.fft.rfft(s, norm="ortho"), n=s.shape[0] + 1, norm="ortho"),
        "moments": lambda s: (scipy.stats.kurtosis(s), scipy.stats.skew(s), scipy.stats.entropy(s * s + 0.5)),
        "toeplitz": lambda s: scipy.linalg.toeplitz(s[:5], s[3:9]) @ s[:6],
    }
    check(fns[kind], x)


def test_a_shaped_scipy_call_is_one_op_holding_its_python_arguments():
    fn = autograph.function(lambda x: scipy.signal.lfilter([0.5, 0.5], [1.0, -0.3], x, axis=-1))
    text = str(fn.get_concrete_function(TensorSpec((8,), F64)).graph)
    assert ("scipy_shaped[function='scipy.signal:lfilter' args=(('py', (0.5, 0.5)), ('py', (1.0, -0.3)), ('in', 0)) "
            "kwargs=(('axis', ('py', -1)),) expect=(((8,), '<f8'),)]") in text


def test_a_shaped_scipy_call_holds_the_values_of_a_small_array_the_trace_knows():
    kernel = np.array([1, 3])
    fn = autograph.function(lambda x: scipy.signal.medfilt(x, kernel))
    text = str(fn.get_concrete_function(TensorSpec((3, 5), F64)).graph)
    assert "args=(('in', 0), ('array', (1, 3), '<i8', (2,)))" in text
    big = np.ones(300)  # (more values than an op's attributes hold: an input of the op, as before)
    fn = autograph.function(lambda x: scipy.signal.lfilter(big, [1.0], x))
    text = str(fn.get_concrete_function(TensorSpec((8,), F64)).graph)
    assert "args=(('in', 0), ('py', (1.0,)), ('in', 1))" in text


def test_a_known_array_scipy_refuses_is_refused_with_scipys_words():
    with pytest.raises(ValueError, match="Each element of kernel_size should be odd"):
        scipy.signal.medfilt(Z, np.array([1, 2]))
    with pytest.raises(NotStageable, match=r"scipy.signal.medfilt refused the arguments it was traced with "
                       r"\(ValueError: Each element of kernel_size should be odd.\)"):
        autograph.function(lambda x: scipy.signal.medfilt(x, np.array([1, 2])))(Z)


def test_svd_vectors_are_scipys_bit_for_bit_and_jaxs_to_rounding():
    for shape in [(5, 3), (3, 5), (4, 4)]:
        check(lambda x: scipy.linalg.svd(x), RNG.normal(size=shape))


def test_the_graph_holds_one_scipy_op_and_a_finiteness_check():
    fn = autograph.function(lambda a: scipy.linalg.svd(a, full_matrices=False))
    text = str(fn.get_concrete_function(TensorSpec((4, 3), F64)).graph)
    assert "scipy_svd[full_matrices=False compute_uv=True check_finite=True]" in text
    assert "isfinite" in text and "array must not contain infs or NaNs" in text
    unchecked = autograph.function(lambda a: scipy.linalg.inv(a, check_finite=False))
    assert "isfinite" not in str(unchecked.get_concrete_function(TensorSpec((3, 3), F64)).graph)


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_check_finite_raises_scipys_error_on_both_executors(executor):
    fn = autograph.function(lambda a: scipy.linalg.inv(a), executor=executor)
    with pytest.raises(ValueError, match="array must not contain infs or NaNs"):
        fn(np.array([[1.0, np.inf], [0.0, 1.0]]))


@pytest.mark.parametrize("executor", ["numpy", "jax"])
@pytest.mark.parametrize("fn, args", [
    (lambda a: scipy.linalg.inv(a), (np.ones((2, 2)),)),
    (lambda a, b: scipy.linalg.solve(a, b), (np.ones((2, 2)), np.ones(2))),
    (lambda a, b: scipy.linalg.solve(a, b, assume_a="pos"), (np.ones((2, 2)), np.ones(2))),
    (lambda a: scipy.linalg.cholesky(a), (-np.eye(2),)),
    (lambda a: scipy.linalg.inv(a), (np.eye(2) * 3,)),
])
def test_a_singular_matrix_raises_scipys_error_on_both_executors(fn, args, executor):
    # XLA gives inf / NaN: checked when the graph runs (runtime/jax/rules_scipy.py), SciPy's class and message.
    helpers.linalg_error_or_value_as_eager(fn, args, executor)


def _constant_inverse(x):
    return x @ scipy.linalg.inv(np.diag([2.0, 4.0]))  # (plain values: SciPy's own call, while tracing)


def test_scipy_on_plain_values_inside_a_trace_stays_scipys_call():
    fn = autograph.function(_constant_inverse)
    text = str(fn.get_concrete_function(TensorSpec((2, 2), F64)).graph)
    assert "scipy_" not in text
    np.testing.assert_array_equal(fn(np.eye(2)), _constant_inverse(np.eye(2)))


def _user_inverse(p):
    return scipy.linalg.inv(p)


def test_the_converter_routes_staged_scipy_calls_through_call():
    assert "ag__.call(scipy.linalg.inv)(p)" in autograph.to_code(_user_inverse)


class _Holder:
    def __init__(self):
        self.decompose = scipy.linalg.cholesky  # (a callee the converter cannot resolve)

    def factor(self, p):
        return self.decompose(p, lower=True)


def test_a_scipy_function_reached_through_an_attribute_is_staged_too():
    holder = _Holder()
    check(lambda p: holder.factor(p), A)


class _Triangle(scipy.stats.rv_continuous):
    """A distribution of the program's own (pycircstat's cardioid and triangular): not one of scipy.stats'."""

    def _pdf(self, x):
        return np.where((x > 0) & (x < 1), 2 * x, 0.0)


_TRIANGLE = _Triangle(name="triangle", a=0.0, b=1.0)

REFUSALS = {
    "sqrtm": (lambda a: scipy.linalg.sqrtm(a), "scipy.linalg.sqrtm is not supported in graphs: SciPy returns a "
              r"real array for some real matrices and a complex one for others.*np.linalg.cholesky\(P\).*eigh"),
    "eig": (lambda a: scipy.linalg.eig(a), "scipy.linalg.eig is not supported in graphs: its eigenvectors are real "
            "when every eigenvalue happens to be real.*eigh"),
    "overwrite_a": (lambda a: scipy.linalg.inv(a, overwrite_a=True), "scipy.linalg.inv: overwrite_a=True is not "
                    "supported in graphs: it lets SciPy overwrite the caller's array"),
    "overwrite_b": (lambda a: scipy.linalg.solve(a, a, overwrite_b=True), "scipy.linalg.solve: overwrite_b=True"),
    "lapack_driver": (lambda a: scipy.linalg.svd(a, lapack_driver="gesvd"),
                      "scipy.linalg.svd: lapack_driver='gesvd' is not supported in graphs"),
    "inv_assume_a": (lambda a: scipy.linalg.inv(a, assume_a="pos"),
                     "scipy.linalg.inv: assume_a='pos' is not supported in graphs"),
    "inv_lower": (lambda a: scipy.linalg.inv(a, lower=True), "scipy.linalg.inv: lower=True is not supported in graphs"),
    "solve_assume_a": (lambda a: scipy.linalg.solve(a, a, assume_a="banded"),
                       "scipy.linalg.solve: assume_a='banded' is not supported in graphs"),
    "solve_triangular_trans": (lambda a: scipy.linalg.solve_triangular(a, a, trans=3),
                               "scipy.linalg.solve_triangular: trans=3 is not supported in graphs"),
    "traced_flag": (lambda a: scipy.linalg.svd(a, full_matrices=a[0, 0] > 0),
                    "scipy.linalg.svd: full_matrices must be a Python bool in graphs, not Tensor"),
    "traced_axis": (lambda a: scipy.special.logsumexp(a, axis=a.shape[0] - a[0, 0].astype(int)),
                    "scipy.special.logsumexp: axis must be a Python int or tuple of ints in graphs"),
    "traced_rtol": (lambda a: scipy.linalg.pinv(a, rtol=a[0, 0]),
                    "scipy.linalg.pinv: rtol must be a Python number in graphs, not Tensor"),
    "ndimage_output": (lambda a: scipy.ndimage.convolve(a, a, output=np.float32),
                       "scipy.ndimage.convolve: output=<class 'numpy.float32'> is not supported in graphs"),
    "ndimage_traced_cval": (lambda a: scipy.ndimage.convolve(a, a, cval=a[0, 0]),
                            "scipy.ndimage.convolve: cval must be a Python value in graphs"),
    "pdist_callable_metric": (lambda a: pdist(a, lambda u, v: np.sum(u * v)), "scipy.spatial.distance.pdist: "
                              "metric='<lambda>': SciPy calls a Python function once per pair of rows"),
    "pdist_out": (lambda a: pdist(a, out=np.empty(6)),
                  "scipy.spatial.distance.pdist: out=<Tensor f64\\[6\\]> is not supported in graphs"),
    "cdist_traced_p": (lambda a: cdist(a, a, "minkowski", p=a[0, 0]),
                       "scipy.spatial.distance.cdist: p must be a Python value in graphs, not a traced one"),
    "rankdata_omit": (lambda a: rankdata(a, nan_policy="omit"), "scipy.stats.rankdata: nan_policy='omit' is not "
                      "supported in graphs"),
    "gmean_omit": (lambda a: gmean(a, nan_policy="omit"), "scipy.stats.gmean: nan_policy='omit' is not supported"),
    "shaped_output": (lambda a: scipy.ndimage.uniform_filter1d(a, 3, output=np.empty((4, 4))),
                      "scipy.ndimage.uniform_filter1d: output= is not supported in graphs: it has SciPy write into "
                      "an array"),
    "shaped_callable": (lambda a: scipy.signal.periodogram(a[0], detrend=lambda d: d - d.mean()),
                        "scipy.signal.periodogram: detrend='<lambda>' is not supported in graphs: the graph calls "
                        "SciPy with arrays and Python values only"),
    "shaped_list_of_tensors": (lambda a: scipy.signal.lfilter([a[0, 0], 0.5], [1.0], a[0]),
                               "scipy.signal.lfilter: argument 1 is a list holding a graph tensor: pass one array "
                               "instead"),
    "shaped_value_checked_on_stand_ins": (lambda a: scipy.integrate.cumulative_trapezoid(a[0], initial=a[0, 0] * 0),
                                          r"scipy.integrate.cumulative_trapezoid refused the arguments it was traced "
                                          r"with \(ValueError: `initial` must be `None` or `0`.\): the graph works "
                                          "out the results' shapes by calling it once on stand-ins"),
    "qr_raw": (lambda a: scipy.linalg.qr(a, mode="raw"), "scipy.linalg.qr: mode='raw' is not supported in graphs: it "
               "returns LAPACK's own storage of the factors"),
    "qr_lwork": (lambda a: scipy.linalg.qr(a, lwork=64), "scipy.linalg.qr: lwork=64 is not supported in graphs"),
    "eigh_subset_by_value": (lambda a: scipy.linalg.eigh(a, subset_by_value=(0.0, 1.0)), "scipy.linalg.eigh: "
                             "subset_by_value is not supported in graphs: how many eigenvalues lie in the interval "
                             "depends on the values"),
    "eigvalsh_subset_by_index": (lambda a: scipy.linalg.eigvalsh(a, subset_by_index=(0, 1)),
                                 r"scipy.linalg.eigvalsh: subset_by_index=\(0, 1\) is not supported in graphs"),
    "eigh_traced_type": (lambda a: scipy.linalg.eigh(a, a, type=a[0, 0].astype(int)),
                         "scipy.linalg.eigh: type must be the Python int 1, 2 or 3 in graphs"),
    "pinvh_traced_atol": (lambda a: scipy.linalg.pinvh(a, atol=a[0, 0]),
                          "scipy.linalg.pinvh: atol must be a Python number in graphs, not Tensor"),
    "lyapunov_shapes": (lambda a: scipy.linalg.solve_discrete_lyapunov(a, np.stack([a, a])),
                        r"scipy.linalg.solve_discrete_lyapunov: graphs take a and q of one shape here, got \(4, 4\) "
                        r"and \(2, 4, 4\)"),
    "distribution_of_the_program": (lambda a: _TRIANGLE.pdf(a), r"_Triangle.pdf of a distribution of the "
                                    r"program's own is not supported in graphs: the graph calls scipy.stats' own "
                                    r"distributions by name \(scipy.stats.norm.pdf\(x, loc=\.\.\., scale=\.\.\.\)\)"),
}


@pytest.mark.parametrize("name", REFUSALS)
def test_refusals_name_the_users_line_and_say_why(name):
    fn, message = REFUSALS[name]
    with pytest.raises(NotStageable, match=r"test_scipy_functions\.py:\d+: " + message):
        autograph.function(fn)(A)


def test_rankdata_min_of_floats_is_refused_where_its_dtype_depends_on_the_values():
    # SciPy up to 1.17: int64 ranks, or float64 NaNs where a slice holds a NaN (refused); from 1.18 on float64 ranks.
    from runtime.graph.ops_scipy import rank_dtype

    def ranks(a):
        return rankdata(a, "min", axis=1)
    if rank_dtype("min") == np.int64:
        with pytest.raises(NotStageable, match=r"test_scipy_functions\.py:\d+: scipy.stats.rankdata\(method='min'\) of "
                                               "a float64 array: SciPy returns int64 ranks, or float64 NaNs where a "
                                               "slice holds a NaN"):
            autograph.function(ranks)(A)
        return
    with_nan = np.where(A > 1, np.nan, A)
    for a in (A, with_nan):
        helpers.same_leaves(autograph.function(ranks)(a), ranks(a), True, _tolerance)


def test_a_shaped_scipy_call_of_a_run_time_length_is_refused_by_name():
    fn = autograph.function(lambda x: scipy.signal.medfilt(x, 3), input_signature=[TensorSpec((None,), F64)])
    with pytest.raises(NotStageable, match=r"test_scipy_functions\.py:\d+: scipy.signal.medfilt: argument 1 has a "
                                           r"shape known only at run time \(f64\[\?\]\)"):
        fn(SIGNAL)


def test_a_scipy_ufunc_keyword_the_graph_does_not_pass_is_named_as_scipys():
    with pytest.raises(NotStageable, match=r"test_scipy_functions.py:\d+: scipy.special.gamma: argument\(s\) dtype"):
        autograph.function(lambda x: scipy.special.gamma(x, dtype=np.float64))(Z)


# SciPy's ufuncs without an op of their own: one `scipy_shaped` op each, SciPy's kernel (tensor._scipy_ufunc). Each
# entry: the ufunc, the inputs' domain (low, high), and which inputs are Python numbers in the call (None: arrays).
OTHER_UFUNCS = {
    "gamma": (scipy.special.gamma, (0.1, 5.0), ()),
    "wofz": (scipy.special.wofz, (-3.0, 3.0), ()),
    "jv": (scipy.special.jv, (0.0, 10.0), (0,)),
    "i0": (scipy.special.i0, (-5.0, 5.0), ()),
    "beta": (scipy.special.beta, (0.1, 4.0), ()),
    "gammainc": (scipy.special.gammainc, (0.1, 6.0), ()),
    "erfcx": (scipy.special.erfcx, (-2.0, 8.0), ()),
    "kv": (scipy.special.kv, (0.1, 5.0), (0,)),
    "ellipj": (scipy.special.ellipj, (0.0, 1.0), ()),  # four results
    "sici": (scipy.special.sici, (0.1, 9.0), ()),  # two results
    "binom": (scipy.special.binom, (0.0, 12.0), (1,)),
}


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2 ** 16), shape=st.sampled_from([(), (5,), (2, 3), (3, 1, 2)]),
       name=st.sampled_from(sorted(OTHER_UFUNCS)), single=st.booleans(), element=st.booleans(),
       number=st.sampled_from([2, 3, 0.5, 2.5]))
def test_scipys_other_ufuncs_give_scipys_values_dtypes_and_scalars(seed, shape, name, single, element, number):
    ufunc, (low, high), numbers = OTHER_UFUNCS[name]
    rng = np.random.default_rng(seed)
    dtype = F32 if single else F64
    arrays = [rng.uniform(low, high, size=shape).astype(dtype) for _ in range(ufunc.nin)]
    if name == "wofz":
        arrays = [arrays[0] + 1j * rng.uniform(0.0, 2.0, size=shape).astype(dtype)]
    places = [i for i in numbers if i < ufunc.nin]

    def fn(*xs):
        # Python numbers where `places` says (SciPy types them otherwise than arrays: jv(2, y32) is float32), and an
        # element of an array (a NumPy scalar, whose ufunc result is one too) where `element` says.
        args = [number if i in places else (x.ravel()[0] if element and x.ndim else x) for i, x in enumerate(xs)]
        return ufunc(*args)
    want = fn(*arrays)
    for executor in ("numpy", "jax"):
        got = autograph.function(fn, executor=executor)(*arrays)
        pairs = zip(got, want) if isinstance(want, tuple) else [(got, want)]
        for g, w in pairs:
            assert np.asarray(g).dtype == np.asarray(w).dtype and np.shape(g) == np.shape(w)
            if executor == "numpy":  # (SciPy's own kernel: bit for bit)
                np.testing.assert_array_equal(g, w)
            else:
                np.testing.assert_allclose(g, w, *_tolerance(np.asarray(w).dtype))


def test_a_scipy_ufunc_of_an_element_is_a_numpy_scalar_inside_the_trace():
    def fn(x):
        s = scipy.special.gamma(x[0] + 1.0)
        return s * 2 if isinstance(s, np.floating) and not isinstance(s, np.ndarray) else -s
    check(fn, np.array([2.5, 1.0]))


@pytest.mark.parametrize("order", [np.array([2, 1]), np.array([1.5, 0.0])])
def test_a_number_known_at_run_time_reaches_a_scipy_ufunc_as_a_python_number(order):
    # int(k[0]) / float(k[0]) of a traced value is a Python number known only when the graph runs: SciPy is handed a
    # Python number then too, which it types otherwise than an array (jv(2, y32) is float32, jv(array(2), y32) float64).
    def fn(k, y):
        return scipy.special.jv(int(k[0]) if k.dtype.kind == "i" else float(k[0]), y)
    y = np.linspace(0.5, 3.0, 4, dtype=F32)
    check(fn, order, y)
    assert autograph.function(fn)(order, y).dtype == fn(order, y).dtype


@autograph.do_not_convert
def _gamma_as_written(x):
    return scipy.special.gamma(x) + scipy.special.jv(1, x)


def test_a_scipy_ufunc_in_code_run_as_written_is_staged_too():
    check(lambda x: _gamma_as_written(x * 2), np.array([0.5, 1.5, 3.0]))


def test_scipys_shape_errors_are_raised_while_tracing():
    with pytest.raises(ValueError, match="expected square matrices"):
        autograph.function(lambda a: scipy.linalg.inv(a))(Z)
    with pytest.raises(ValueError, match="incompatible shapes"):
        autograph.function(lambda a, b: scipy.linalg.solve(a, b))(A, np.ones(3))
    with pytest.raises(ValueError, match="dimension greater than 2"):
        autograph.function(lambda a: scipy.linalg.block_diag(a))(np.ones((2, 2, 2)))


def test_scipys_distance_and_rank_errors_are_scipys():
    with pytest.raises(ValueError, match="A 2-dimensional array must be passed"):
        autograph.function(lambda x: pdist(x))(V)
    with pytest.raises(ValueError, match="XA and XB must have the same number of columns"):
        autograph.function(lambda a, b: cdist(a, b))(Z, A)
    with pytest.raises(ValueError, match="Incompatible vector size"):
        autograph.function(lambda v: squareform(v))(V)
    with pytest.raises(ValueError, match="The input contains nan values"):  # (when the graph runs: SciPy's kernel)
        autograph.function(lambda x: rankdata(x, "min", nan_policy="raise"))(np.array([1.0, np.nan]))


@helpers.needs_jax  # (it imports runtime.jax.rules_linalg too)
def test_importing_autograph_and_the_graph_package_imports_no_scipy():
    code = ("import sys, numpy as np, autograph, runtime.graph, runtime.jax.rules_linalg\n"
            "f = autograph.function(lambda x: np.linalg.inv(x) @ x)\n"
            "f(np.eye(2))\n"
            "loaded = sorted(m for m in sys.modules if m == 'scipy' or m.startswith('scipy.'))\n"
            "assert not loaded, loaded\n")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).resolve().parents[3])


def test_a_shaped_kernel_refuses_a_result_of_another_shape_than_traced():
    """The kernel checks SciPy's promise that the results' shapes follow from the arguments' (never a silent
    result of another shape): here a traced shape that is not the one SciPy gives."""
    from runtime.graph.ops_scipy import _shaped_kernel

    with pytest.raises(RuntimeError, match=r"SciPy's scipy.signal.medfilt returned \(\(\(64,\), '<f8'\),\) where the "
                                           r"graph traced \(\(\(63,\), '<f8'\),\): the results' shapes or dtypes "
                                           "depended on the values"):
        _shaped_kernel(SIGNAL, function="scipy.signal:medfilt", args=(("in", 0), ("py", 3)), kwargs=(),
                       expect=(((63,), "<f8"),))


def test_a_python_int_known_at_run_time_enters_a_scipy_ufunc_in_scipys_own_loop():
    # xlogy(n, y32) with n a Python int: float64 up to SciPy 1.17 (its first loop is dd->d), float32 from 1.18 on. A
    # length known only at run time (a PyNumber) beyond float32's integers must come out as eager's, bit for bit.
    def f(x, y):
        return scipy.special.xlogy(x.shape[0] * 1000003, y)

    g = autograph.function(f, input_signature=[TensorSpec((None,), F64), TensorSpec((3,), F32)])
    x, y = np.ones(33554), np.array([1.5, 2.0, 3.0], F32)
    helpers.same_leaves(g(x, y), f(x, y), True, _tolerance)
