"""Room acoustics and audio signal processing from pyroomacoustics (LCAV/pyroomacoustics, MIT). utilities.py: ``clip``
(``s[np.where(s > high)] = high``), ``normalize`` with ``bits``, ``to_float32`` of int16 samples
(``np.iinfo(data.dtype)``), ``prony`` and ``shanks`` (``convmtx``'s ``scipy.linalg.toeplitz``, ``lstsq``,
``scipy.signal.lfilter``), ``low_pass_dirac``, ``fractional_delay`` (``t0[:, None]`` for a 1-D array of delays) and
``fractional_delay_filter_bank`` (``int(np.ceil(delays).max())`` sizes the bank, a fancy-index write into a flat array),
``levinson`` (a loop that grows ``a`` and ``x`` by ``np.concatenate``, ``if len(b.shape) == 1``), ``autocorr``'s methods
(a list comprehension of ``np.dot``, ``rfft`` / ``irfft``, ``sync.correlate``) and ``lpc``, ``goertzel``,
``all_combinations`` (``itertools.product`` of two arrays), ``angle_function`` (2-D points padded to 3-D, ``co[:] =
np.pi / 2``); doa/utils.py: ``cart2spher``, ``spher2cart`` (``hasattr(azimuth, "__len__")``, degrees),
``polar_distance`` (a loop of ``argmin`` pairings that sets rows and columns to ``inf``),
``fibonacci_spherical_sampling``; doa/detect_peaks.py: ``detect_peaks`` (``np.where`` of edge masks, ``np.unique``, NaNs
set to ``inf``, ``np.delete``, the loop over peaks sorted by height with ``if not idel[i]``); sync.py: ``correlate``,
``tdoa`` (PHAT weighting, interpolation), ``delay_estimation`` (a loop over blocks, ``int(np.median(delays))``) and
``time_align`` (``if delay >= 0`` slices of that delay); metrics.py: ``median`` (odd and even ``n``; for small ``n`` the
confidence bounds from ``scipy.stats.binom`` with ``if b.cdf(k) - b.cdf(j) < 1 - alpha: k += 1``, past the bound from
``scipy.stats.norm``; ``keepdims`` through ``np.moveaxis``); experimental/: ``measure_rt60`` (Schroeder integration, a
local ``max_el`` of ``np.where(energy > 0)[0]``, ``np.min(np.where(...)[0])`` in ``try`` / ``except ValueError``, the
fit by ``lstsq`` or ``scipy.optimize.curve_fit`` with a Jacobian), ``deconvolve`` and ``wiener_deconvolve`` (FFTs of
float32 copies, ``H[I] = Y[I] / S[I]``, a LET grid solved by ``lstsq``), the sweeps with ``window``, GCC-PHAT ``tdoa``,
``tdoa_loc`` (a mask of the non-zero TDOAs), ``edm_line_search`` (``scipy.linalg.eigh(eigvals_only=True)`` per offset)
and the ``PointCloud`` class (``EDM``, classical MDS by ``np.linalg.eig``, ``normalize``'s ``if Y[1, refs[2]] < 0``
flips, ``align`` swapping two rows through views, ``flatten`` by ``scipy.linalg.svd``, ``doa``); adaptive/: ``NLMS``,
``BlockLMS`` (``scipy.linalg.hankel``, an update ``if self.n % self.L == 0``), ``RLS`` and ``BlockRLS`` on the
``Buffer`` (it grows by ``np.concatenate`` when ``self.head == 0``) and ``Powers`` structures (``np.dot(...,
out=self.g)``, ``np.outer(..., out=...)``, ``hankel_stride_trick``'s ``as_strided``), ``SubbandLMS`` (complex64),
util.py's FFT products by Toeplitz and Hankel matrices and circulant approximations (``scipy.linalg.circulant``);
denoise/: ``Subspace`` (covariance updates per sub-frame under ``if energy < self.thresh``, ``np.roll`` of a stack,
``np.linalg.eig``, ``pinv``, ``multi_dot``), ``SpectralSub`` (a list comprehension of builtin ``max`` over the bins),
``IterativeWiener`` (``if frame_energy < self.thresh``, ``lpc`` iterations, ``np.vectorize`` of a closure integrated by
``scipy.integrate.trapezoid``); bss/: ``projection_back`` (masked in-place scaling), ``sparir`` (a ``while`` loop on a
criterion, ``soft`` thresholding, builtin ``min`` / ``max`` / ``sum``), ``auxiva`` (``W`` and ``J``, views of ``W_hat``,
written in place; ``matmul`` and ``solve`` per source; an ``np.linalg.eig`` initialisation) and ``ilrma`` (NMF factors
from ``np.random.rand``, ``T[T < eps] = eps``).

Copied from LCAV/pyroomacoustics at 6fe43fecb7c358ac9aaa054e7e73641189f1afff (pyproject.toml: ``license = { file =
"LICENSE" }``, the version from setuptools-scm; its LICENSE is the MIT licence, "Copyright (c) 2014-2017 EPFL-LCAV";
doa/detect_peaks.py is Marcos Duarte's, ``__license__ = "MIT"``), the files of ``pyroomacoustics/`` named in the
sections below, and parameters.py's constants. Bodies are as written, comments kept, docstrings dropped.

Adapted, beyond that:

* experimental/localization.py's ``tdoa`` is ``localization_tdoa`` here: sync.py's ``tdoa``, which ``delay_estimation``
  calls, keeps the name;
* parameters.py: ``eps``, ``_constants``, the ``Constants`` class and ``constants`` as written; ``_constants_default``
  without its ``"num_threads": get_num_threads()`` entry (which reads ``os.environ``; nothing here uses it);
* the modules' ``try: import mkl_fft ...`` take their fallback, NumPy's FFT, as they do where mkl_fft is not installed
  (``fft`` is ``numpy.fft``; adaptive/util.py's ``has_mklfft = False``);
* point_cloud.py is Python 2 code: ``key2ind`` tests ``isinstance(ref, (str, unicode))``, so ``unicode = str`` here;
  ``trilateration`` names an undefined ``m`` (no case calls it);
* detect_peaks calls ``np.in1d``, which NumPy 2.4 no longer has: ``np.isin`` (marked ``# adapted``); its plotting helper
  ``_plot`` is not taken (the ``if show`` branch names it);
* wrappers build the classes and feed them as the tests do: ``run_filter``'s loop of ``update(x[i], d[i])`` for the
  adaptive filters, ``run_filters`` for ``SubbandLMS``, ``apply_subspace`` for ``Subspace``. ``SpectralSub`` and
  ``IterativeWiener`` are given frames and their ``np.fft.rfft`` (of a Hann window times the frame for ``SpectralSub``),
  not the output of the ``STFT`` class, which is not taken; ``ilrma`` after ``np.random.seed(0)``.

Not taken: the room simulation (room.py, the libroom C++ extension, simulation/, soundsource.py), transform/ (the STFT
class) and windows.py, beamforming.py (``MicrophoneArray`` and the ``Beamformer`` filters), the DOA grids and algorithms
of doa/ (MUSIC, SRP-PHAT, CSSM, WAVES, TOPS, FRIDA), acoustics.py (filter banks, octave bands, MFCCs), directivities/,
datasets/, phase/ (Griffin-Lim on the STFT class), multirate.py (cvxopt, ``fractions.gcd``), the other BSS algorithms
(fastmnmf, sparseauxiva, trinicon), metrics.py's ``pesq`` (an external binary), ``itakura_saito`` (it calls the ``stft``
module) and ``sweeping_echo_measure`` (the STFT), utilities.py's file, plotting and resampling helpers,
adaptive/util.py's ``autocorr`` (a second ``autocorr``). Copied with the classes but run by no case:
``PointCloud.trilateration``, ``plot``, ``__getitem__``, ``copy``; ``mkl_toeplitz_multiplication``
(``hankel_multiplication`` names it).

As written in the source, two calls fail in eager NumPy, so the cases avoid them: ``sparir`` with its default empty
``weights`` makes a 1-D ``tau`` that the 2-D ``support`` mask cannot index (an ``IndexError``): the case passes one
weight, ``np.array([0.1])``, and ``tol=0.01`` (with the default ``tol=10`` the loop does not run); ``auxiva(...,
init_eig=True)`` with ``n_src < n_chan`` writes a (2, 1) block into a (1, 2) one: the ``init_eig`` case separates two
sources.

The inputs follow the tests: test_autocorr.py's 256 samples with ``p`` 3 and 35; test_angle_function.py's ``a1, b2`` and
``c1, d2``; test_utils.py's round trip of ``randn(3, 10)``; detect_peaks' docstring examples (a noisy sine of 200 points
with ``mph=0, mpd=20``, as valleys too; ``[-2, 1, -2, 2, 1, 1, 3, 0]`` with a threshold, 1.5 where the docstring's 2 is
a tie; NaNs at ``x[60:81]`` with ``edge='both'``); test_sync.py's ``correlate(randn(100), randn(47))`` and its delayed
pulses (``interp=20, phat=True, fs=100``); test_metrics.py's ``rand(10, 9, 8)`` with ``alpha=0.05`` (and 250 samples
along the axis for the normal bounds); test_deconvolution.py's symmetric Hann filter of 30 taps and a white excitation
(200 samples, not 1,000) at 1000 dB SNR; test_adaptive.py's unknown unit-norm filter of 15 taps with ``NLMS(mu=0.5)``,
``BlockLMS(mu=1 / length / 2)``, ``RLS`` and ``BlockRLS(lmbd=1.0, delta=2.0)`` (200 samples, not 2,000; and
``BlockLMS(L=5, nlms=True)``); test_adaptive_frequency.py's ``SubbandLMS(num_taps=6, mu=0.5, nlms=True)`` on 9 bands and
40 blocks of complex64; test_subspace.py's ``lookback=5``, threshold 1, ``skip=1`` with 32-sample frames (not 256) in
float64 (the test's float32 puts the eigen-decompositions at single precision); test_iterative_wiener.py's per-frame
``compute_filtered_output`` (frames of 64, ``lpc_order=8``, every third frame near silence); a synthetic impulse
response (white noise under a 50 ms RT60 decay at 16 kHz) for ``measure_rt60``; six microphones in 3-D around a source
for the localisation; a two-source, two-microphone STFT mixture (50 frames, 9 frequencies) for the BSS functions; five
markers in 3-D for ``PointCloud``.
"""

# ruff: noqa: E501, E741, B006, B028, B904, E722, UP004, UP008, UP031, UP032, UP034
from __future__ import annotations

import itertools

import numpy as np
from numpy import fft
from scipy import integrate, signal
from scipy import linalg as la
from scipy.optimize import curve_fit
from scipy.stats import binom as _binom
from scipy.stats import norm as _norm

from tests.coverage.cases import PYROOMACOUSTICS, Source, case


def PRA(path: str, original: str, note: str = "") -> Source:
    return Source(PYROOMACOUSTICS, "pyroomacoustics/" + path, original, note)


# --- parameters.py ----------------------------------------------------------------------------------------------------
# tolerance for computations
eps = 1e-10

# We implement the constants as a dictionary so that they can
# be modified at runtime.
# The class Constants gives an interface to update the value of
# constants or add new ones.
_constants = {}
_constants_default = {
    "c": 343.0,  # speed of sound at 20 C in dry air
    "ffdist": 10.0,  # distance to the far field
    "fc_hp": 300.0,  # cut-off frequency of standard high-pass filter
    "frac_delay_length": 81,  # Length of the fractional delay filters used for RIR gen
    "room_isinside_max_iter": 20,  # Max iterations for checking if point is inside room
    "sinc_lut_granularity": 20,  # num. points in integer interval in the sinc interp. LUT
    # adapted: "num_threads": get_num_threads() dropped (it reads os.environ; nothing here uses it)
    "octave_bands_n_fft": 512,
    "octave_bands_base_freq": 125.0,
    "octave_bands_keep_dc": True,
    "resample_backend": "soxr",
    "rir_hpf_enable": True,
    "rir_hpf_fc": 10.0,
    "rir_hpf_kwargs": {"n": 2, "rp": 5.0, "rs": 60.0, "type": "butter"},
}


class Constants:
    def set(self, name, val):
        # add constant to dictionnary
        _constants[name] = val

    def get(self, name):
        try:
            v = _constants[name]
        except KeyError:
            try:
                v = _constants_default[name]
            except KeyError:
                raise NameError(name + ": no such constant")

        return v


# the instanciation of the class
constants = Constants()

# adaptive/util.py: `try: import mkl_fft as fft; has_mklfft = True` / `except ImportError: import numpy.fft as fft;
# has_mklfft = False`, the second here (mkl_fft is not installed)
has_mklfft = False


# --- utilities.py -----------------------------------------------------------------------------------------------------

def rms(data):
    return np.sqrt(np.mean(data * data))


def to_float32(data):
    if np.issubdtype(data.dtype, np.integer):
        max_val = abs(np.iinfo(data.dtype).min)
        return data.astype(np.float32) / max_val
    else:
        return data.astype(np.float32)


def to_16b(signal):
    return ((2**15 - 1) * signal).astype(np.int16)


def clip(signal, high, low):
    s = signal.copy()

    s[np.where(s > high)] = high
    s[np.where(s < low)] = low

    return s


def normalize(signal, bits=None):
    s = signal.copy()

    s /= np.abs(s).max()

    # if one wants to scale for bits allocated
    if bits is not None:
        s *= 2 ** (bits - 1) - 1
        s = clip(s, 2 ** (bits - 1) - 1, -(2 ** (bits - 1)))

    return s


def normalize_pwr(sig1, sig2):
    # average power per sample
    p1 = np.mean(sig1**2)
    p2 = np.mean(sig2**2)

    # normalize
    return sig1.copy() * np.sqrt(p2 / p1)


def dB(signal, power=False):
    if power is True:
        return 10 * np.log10(np.abs(signal))
    else:
        return 20 * np.log10(np.abs(signal))


def convmtx(x, n):
    import scipy as s

    c = np.concatenate((x, np.zeros(n - 1)))
    r = np.zeros(n)

    return s.linalg.toeplitz(c, r)


def prony(x, p, q):
    nx = x.shape[0]

    if p + q >= nx:
        raise NameError("Model order too large")

    X = convmtx(x, p + 1)

    Xq = X[q : nx + p - 1, 0:p]

    a = np.concatenate(
        (np.ones(1), -np.linalg.lstsq(Xq, X[q + 1 : nx + p, 0], rcond=None)[0])
    )
    b = np.dot(X[0 : q + 1, 0 : p + 1], a)

    err = np.inner(np.conj(x[q + 1 : nx]), np.dot(X[q + 1 : nx, : p + 1], a))

    return a, b, err


def shanks(x, p, q):
    from scipy import signal

    nx = x.shape[0]

    if p + q >= nx:
        raise NameError("Model order too large")

    a = prony(x, p, q)[0]

    u = np.zeros(nx)
    u[0] = 1.0

    g = signal.lfilter(np.ones(1), a, u)

    G = convmtx(g, q + 1)
    b = np.linalg.lstsq(G[:nx, :], x, rcond=None)[0]
    err = np.inner(np.conj(x), x) - np.inner(np.conj(x), np.dot(G[:nx, : q + 1], b))

    return a, b, err


def low_pass_dirac(t0, alpha, Fs, N):
    return alpha * np.sinc(np.arange(N) - Fs * t0)


def fractional_delay(t0):
    N = constants.get("frac_delay_length")

    if isinstance(t0, np.ndarray) and t0.ndim == 1:
        t0 = t0[:, None]

    return np.hanning(N) * np.sinc(np.arange(N) - (N - 1) / 2 - t0)


def fractional_delay_filter_bank(delays):
    delays = np.array(delays)

    # subtract the minimum delay, so that all delays are positive
    delays -= delays.min()

    # constants and lengths
    N = delays.shape[0]
    L = constants.get("frac_delay_length")
    filter_length = L + int(np.ceil(delays).max())

    # allocate a flat array for the filter bank that we'll reshape at the end
    bank_flat = np.zeros(N * filter_length)

    # separate delays in integer and fractional parts
    di = np.floor(delays).astype(np.int64)
    df = delays - di

    # broadcasting tricks to compute at once all the locations
    # and sinc times that must be computed
    T = np.arange(L)
    indices = T[None, :] + (di[:, None] + filter_length * np.arange(N)[:, None])
    sinc_times = T - df[:, None] - (L - 1) / 2

    # we'll need to window also all the sincs at once
    windows = np.tile(np.hanning(L), N)

    # compute all sinc with one call
    bank_flat[indices.ravel()] = windows * np.sinc(sinc_times.ravel())

    return np.reshape(bank_flat, (N, -1))


def levinson(r, b):
    p = b.shape[0]

    a = np.array([1])
    x = (
        b[
            np.newaxis,
            0,
        ]
        / r[0]
    )
    epsilon = r[0]

    for j in np.arange(1, p):
        g = np.sum(np.conj(r[1 : j + 1]) * a[::-1])
        gamma = -g / epsilon
        a = np.concatenate((a, np.zeros(1))) + gamma * np.concatenate(
            (np.zeros(1), np.conj(a[::-1]))
        )
        epsilon = epsilon * (1 - np.abs(gamma) ** 2)
        delta = np.dot(np.conj(r[1 : j + 1]), np.flipud(x))
        q = (b[j] - delta) / epsilon
        if len(b.shape) == 1:
            x = np.concatenate((x, np.zeros(1))) + q * np.conj(a[::-1])
        else:
            x = np.concatenate((x, np.zeros((1, b.shape[1]))), axis=0) + q * np.conj(
                a[::-1, np.newaxis]
            )

    return x


def autocorr(x, p, biased=True, method="numpy"):
    L = len(x)
    if method == "fft":
        X = np.fft.rfft(np.r_[x, np.zeros_like(x)])
        r = np.fft.irfft(X * np.conj(X))[: p + 1]
    elif method == "time":
        r = np.array([np.dot(x[: L - m], x[m:]) for m in range(p + 1)])
    elif method == "numpy":
        r = np.correlate(x, x, "full")[L - 1 : L + p]
    elif method == "pra":
        r = correlate(x, x)[L - 1 : L + p]
    else:
        raise ValueError(
            "Invalid `method` for computing autocorrelation"
            "choose one of: `fft`, `time`, `numpy`, `pra`."
        )

    if biased:
        return r / L
    else:
        return r / np.arange(L, L - p - 1, step=-1)


def lpc(x, p, biased=True):
    # compute autocorrelation
    r = autocorr(x, p, biased)

    # solve Yule-Walker equations for LPC coefficients
    return levinson(r[:p], r[1:])


def goertzel(x, k):
    N = x.shape[0]
    f = k / float(N)

    a = np.r_[1.0, -2.0 * np.cos(2.0 * np.pi * f), 1.0]
    b = np.r_[1]
    s = signal.lfilter(b, a, x)
    y = np.exp(2j * np.pi * f) * s[-1] - s[-2]

    return y


def all_combinations(lst1, lst2):
    return np.array(list(itertools.product(lst1, lst2)))


def angle_function(s1, v2):
    if len(s1.shape) == 1:
        s1 = s1[:, np.newaxis]
    if len(v2.shape) == 1:
        v2 = v2[:, np.newaxis]

    assert s1.shape[0] == v2.shape[0]

    ndim = s1.shape[0]
    if ndim == 2:
        s1 = np.concatenate((s1, np.zeros((1, s1.shape[1]))), axis=0)
        v2 = np.concatenate((v2, np.zeros((1, v2.shape[1]))), axis=0)

    # this is slightly wasteful for 2d points, but is safer as we are relying
    # on tried and tested code
    az, co, r = cart2spher(s1 - v2)

    if ndim == 2:
        # this is only necessary to handle correctly the case s1 - v2 = 0
        # in this case cart2spher returns zero, but we would like to have
        # colatitude = pi/2 for consistency
        co[:] = np.pi / 2

    return np.vstack((az, co))



# --- doa/utils.py -----------------------------------------------------------------------------------------------------

def circ_dist(azimuth1, azimuth2, r=1.0):
    return np.arccos(np.cos(azimuth1 - azimuth2))


def great_circ_dist(r, colatitude1, azimuth1, colatitude2, azimuth2):
    d_azimuth = np.abs(azimuth1 - azimuth2)
    dist = r * np.arctan2(
        np.sqrt(
            (np.sin(colatitude2) * np.sin(d_azimuth)) ** 2
            + (
                np.sin(colatitude1) * np.cos(colatitude2)
                - np.cos(colatitude1) * np.sin(colatitude2) * np.cos(d_azimuth)
            )
            ** 2
        ),
        np.cos(colatitude1) * np.cos(colatitude2)
        + np.sin(colatitude1) * np.sin(colatitude2) * np.cos(d_azimuth),
    )
    return dist


def cart2spher(vectors):
    r = np.linalg.norm(vectors, axis=0)

    azimuth = np.arctan2(vectors[1], vectors[0])
    colatitude = np.arctan2(np.linalg.norm(vectors[:2], axis=0), vectors[2])

    return azimuth, colatitude, r


def spher2cart(azimuth, colatitude=None, r=1, degrees=False):
    if degrees:
        azimuth = np.radians(azimuth)
        if colatitude is not None:
            colatitude = np.radians(colatitude)

    if colatitude is None:
        # default to XY plane
        colatitude = np.pi / 2
        if hasattr(azimuth, "__len__"):
            colatitude = np.ones(len(azimuth)) * colatitude

    # convert to cartesian
    x = r * np.cos(azimuth) * np.sin(colatitude)
    y = r * np.sin(azimuth) * np.sin(colatitude)
    z = r * np.cos(colatitude)
    return np.array([x, y, z])


def polar_distance(x1, x2):
    x1 = np.reshape(x1, (1, -1), order="F")
    x2 = np.reshape(x2, (1, -1), order="F")
    N1 = x1.size
    N2 = x2.size
    diffmat = np.arccos(np.cos(x1 - np.reshape(x2, (-1, 1), order="F")))
    min_N1_N2 = np.min([N1, N2])
    index = np.zeros((min_N1_N2, 2), dtype=int)
    if min_N1_N2 > 1:
        for k in range(min_N1_N2):
            d2 = np.min(diffmat, axis=0)
            index2 = np.argmin(diffmat, axis=0)
            index1 = np.argmin(d2)
            index2 = index2[index1]
            index[k, :] = [index1, index2]
            diffmat[index2, :] = float("inf")
            diffmat[:, index1] = float("inf")
        d = np.mean(np.arccos(np.cos(x1[:, index[:, 0]] - x2[:, index[:, 1]])))
    else:
        d = np.min(diffmat)
        index = np.argmin(diffmat)
        if N1 == 1:
            index = np.array([1, index])
        else:
            index = np.array([index, 1])
    return d, index


def fibonacci_spherical_sampling(n_points):
    points = np.zeros((3, n_points))

    # Fibonnaci sampling
    offset = 2.0 / n_points
    increment = np.pi * (3.0 - np.sqrt(5.0))

    points[2, :] = (np.arange(n_points) * offset - 1) + offset / 2
    rho = np.sqrt(1.0 - points[2] ** 2)

    phi = np.arange(n_points) * increment

    points[0, :] = np.cos(phi) * rho
    points[1, :] = np.sin(phi) * rho

    return points



# --- doa/detect_peaks.py ----------------------------------------------------------------------------------------------

def detect_peaks(
    x,
    mph=None,
    mpd=1,
    threshold=0,
    edge="rising",
    kpsh=False,
    valley=False,
    show=False,
    ax=None,
):

    x = np.atleast_1d(x).astype("float64")
    if x.size < 3:
        return np.array([], dtype=int)
    if valley:
        x = -x
    # find indices of all peaks
    dx = x[1:] - x[:-1]
    # handle NaN's
    indnan = np.where(np.isnan(x))[0]
    if indnan.size:
        x[indnan] = np.inf
        dx[np.where(np.isnan(dx))[0]] = np.inf
    ine, ire, ife = np.array([[], [], []], dtype=int)
    if not edge:
        ine = np.where((np.hstack((dx, 0)) < 0) & (np.hstack((0, dx)) > 0))[0]
    else:
        if edge.lower() in ["rising", "both"]:
            ire = np.where((np.hstack((dx, 0)) <= 0) & (np.hstack((0, dx)) > 0))[0]
        if edge.lower() in ["falling", "both"]:
            ife = np.where((np.hstack((dx, 0)) < 0) & (np.hstack((0, dx)) >= 0))[0]
    ind = np.unique(np.hstack((ine, ire, ife)))
    # handle NaN's
    if ind.size and indnan.size:
        # NaN's and values close to NaN's cannot be peaks
        ind = ind[
            np.isin(  # adapted: np.in1d, which NumPy 2.4 no longer has
                ind, np.unique(np.hstack((indnan, indnan - 1, indnan + 1))), invert=True
            )
        ]
    # first and last values of x cannot be peaks
    if ind.size and ind[0] == 0:
        ind = ind[1:]
    if ind.size and ind[-1] == x.size - 1:
        ind = ind[:-1]
    # remove peaks < minimum peak height
    if ind.size and mph is not None:
        ind = ind[x[ind] >= mph]
    # remove peaks - neighbors < threshold
    if ind.size and threshold > 0:
        dx = np.min(np.vstack([x[ind] - x[ind - 1], x[ind] - x[ind + 1]]), axis=0)
        ind = np.delete(ind, np.where(dx < threshold)[0])
    # detect small peaks closer than minimum peak distance
    if ind.size and mpd > 1:
        ind = ind[np.argsort(x[ind])][::-1]  # sort ind by peak height
        idel = np.zeros(ind.size, dtype=bool)
        for i in range(ind.size):
            if not idel[i]:
                # keep peaks with the same height if kpsh is True
                idel = idel | (ind >= ind[i] - mpd) & (ind <= ind[i] + mpd) & (
                    x[ind[i]] > x[ind] if kpsh else True
                )
                idel[i] = 0  # Keep current peak
        # remove the small peaks and sort back the indices by their occurrence
        ind = np.sort(ind[~idel])

    if show:
        if indnan.size:
            x[indnan] = np.nan
        if valley:
            x = -x
        _plot(x, mph, mpd, threshold, edge, valley, ax, ind)  # noqa: F821  (the plotting helper, not taken)

    return ind



# --- sync.py ----------------------------------------------------------------------------------------------------------

def tdoa(signal, reference, interp=1, phat=False, fs=1, t_max=None):
    signal = np.array(signal)
    reference = np.array(reference)

    N1 = signal.shape[0]
    N2 = reference.shape[0]

    r_12 = correlate(signal, reference, interp=interp, phat=phat)

    delay = (np.argmax(np.abs(r_12)) / interp - (N2 - 1)) / fs

    return delay


def correlate(x1, x2, interp=1, phat=False):
    N1 = x1.shape[0]
    N2 = x2.shape[0]

    N = N1 + N2 - 1

    X1 = fft.rfft(x1, n=N)
    X2 = fft.rfft(x2, n=N)

    if phat:
        eps1 = np.mean(np.abs(X1)) * 1e-10
        X1 /= np.abs(X1) + eps1
        eps2 = np.mean(np.abs(X2)) * 1e-10
        X2 /= np.abs(X2) + eps2

    m = np.minimum(N1, N2)

    out = fft.irfft(X1 * np.conj(X2), n=int(N * interp))

    return np.concatenate([out[-interp * (N2 - 1) :], out[: (interp * N1)]])


def delay_estimation(x1, x2, L):
    K = int(np.minimum(x1.shape[0], x2.shape[0]) / L)

    delays = np.zeros(K)
    for k in range(K):
        delays[k] = tdoa(x1[k * L : (k + 1) * L], x2[k * L : (k + 1) * L], phat=True)

    return int(np.median(delays))


def time_align(ref, deg, L=4096):
    # estimate delay of signal
    from numpy import minimum, zeros

    delay = delay_estimation(ref, deg, L)

    # time-align with reference segment for error metric computation
    sig = zeros(ref.shape[0])
    if delay >= 0:
        length = minimum(deg.shape[0], ref.shape[0] - delay)
        sig[delay : length + delay] = deg[:length]
    else:
        length = minimum(deg.shape[0] + delay, ref.shape[0])
        sig = zeros(ref.shape)
        sig[:length] = deg[-delay : -delay + length]

    return sig



# --- metrics.py -------------------------------------------------------------------------------------------------------

def median(x, alpha=None, axis=-1, keepdims=False):
    # place the axis on which to compute median in first position
    xsw = np.moveaxis(x, axis, 0)

    # sort the array
    xsw = np.sort(xsw, axis=0)
    n = xsw.shape[0]

    if n % 2 == 1:
        # if n is odd, take central element
        m = xsw[n // 2,]
    else:
        # if n is even, average the two central elements
        m = 0.5 * (xsw[n // 2 - 1,] + xsw[n // 2,])

    if alpha is None:
        if keepdims:
            m = np.moveaxis(
                m[np.newaxis,],
                0,
                axis,
            )
        return m

    else:
        # bound for using the large n approximation
        clt_bound = max(10 / alpha, 10 / (2 - alpha))

        if n < clt_bound:
            # Get the bounds of the CI from the binomial distribution
            b = _binom(n, 0.5)
            j, k = int(b.ppf(alpha / 2) - 1), int(b.ppf(1 - alpha / 2) - 1)

            if b.cdf(k) - b.cdf(j) < 1 - alpha:
                k += 1

            # sanity check
            assert b.cdf(k) - b.cdf(j) >= 1 - alpha

            if j < 0:
                raise ValueError(
                    "Warning: Sample size is too small. No confidence interval found."
                )
            else:
                ci = np.array(
                    [
                        xsw[j,] - m,
                        xsw[k,] - m,
                    ]
                )

        else:
            # we use the Normal approximation for large sets
            norm = _norm()
            eta = norm.ppf(1 - alpha / 2)
            j = int(np.floor(0.5 * n - 0.5 * eta * np.sqrt(n))) - 1
            k = int(np.ceil(0.5 * n + 0.5 * eta * np.sqrt(n)))
            ci = np.array(
                [
                    xsw[j,] - m,
                    xsw[k,] - m,
                ]
            )

        if keepdims:
            m = np.moveaxis(
                m[np.newaxis,],
                0,
                axis,
            )
            if axis < 0:
                ci = np.moveaxis(
                    ci[
                        :,
                        np.newaxis,
                    ],
                    1,
                    axis,
                )
            else:
                ci = np.moveaxis(
                    ci[
                        :,
                        np.newaxis,
                    ],
                    1,
                    axis + 1,
                )

        return m, ci


def mse(x1, x2):
    return (np.abs(x1 - x2) ** 2).sum() / len(x1)


def snr(ref, deg):
    return np.sum(ref**2) / np.sum((ref - deg) ** 2)



# --- experimental/rt60.py ---------------------------------------------------------------------------------------------

def _fit_exp_and_extrapolate(
    data_db, fs, extrapolate_value_db=-60.0, linear_domain_fit=False
):
    # Fix the origin.
    data = data_db - data_db[0]

    N = data.shape[0]
    t = np.arange(N) / fs

    # We use a least-square fit in log-domain as initialization.
    X = np.column_stack((t, np.ones(N)))
    p, *_ = np.linalg.lstsq(X, data, rcond=None)

    if not linear_domain_fit:
        return extrapolate_value_db / p[0]

    # Non-linear fit using scipy.optimize.curve_fit.

    def model(x, a, b):
        return b * np.exp(a * x)

    def jac(x, a, b):
        u = np.exp(a * x)
        return np.column_stack((x * b * u, u))

    # Provide an initial guess [a, b]
    initial_guess = [p[0] / (10.0 * np.log10(np.e)), 10.0 ** (p[1] / 10.0)]

    # Perform the fit in the linear domain.
    # Empirically, this takes less than 10 iterations.
    popt, pcov = curve_fit(model, t, 10.0 ** (data / 10.0), p0=initial_guess, jac=jac)

    # This is the estimate of the T60 (or other value) based on the fit.
    return (extrapolate_value_db / 10.0) * np.log(10.0) / popt[0]


def measure_rt60(
    h,
    fs=1,
    decay_db=60,
    energy_thres=1.0,
    plot=False,
    rt60_tgt=None,
    label=None,
    linear_domain_fit=False,
):

    h = np.array(h)
    fs = float(fs)

    # The power of the impulse response in dB
    power = h**2
    # Backward energy integration according to Schroeder
    energy = np.cumsum(power[::-1])[::-1]  # Integration according to Schroeder

    if energy_thres < 1.0:
        assert 0.0 < energy_thres < 1.0
        energy -= energy[0] * (1.0 - energy_thres)
        energy = np.maximum(energy, 0.0)

    # remove the possibly all zero tail
    def max_el(x):
        return len(energy) if len(x) == 0 else max(x)

    i_nz = max_el(np.where(energy > 0)[0])
    energy = energy[:i_nz]
    energy_db = 10 * np.log10(energy)
    energy_db -= energy_db[0]

    min_energy_db = -np.min(energy_db)
    if min_energy_db - 5 < decay_db:
        decay_db = min_energy_db

    # -5 dB headroom
    try:
        i_5db = np.min(np.where(energy_db < -5.0)[0])
    except ValueError:
        return 0.0
    e_5db = energy_db[i_5db]

    # after decay
    try:
        i_decay = np.min(np.where(energy_db < e_5db - decay_db)[0])
    except ValueError:
        i_decay = len(energy_db)

    # Compute the RT60 estimate using a fitting method.
    est_rt60 = _fit_exp_and_extrapolate(
        energy_db[i_5db:i_decay],
        fs,
        extrapolate_value_db=-60.0,
        linear_domain_fit=linear_domain_fit,
    )

    if plot:
        import matplotlib.pyplot as plt

        # Remove clip power below to minimum energy (for plotting purpose mostly)
        energy_min = energy[-1]
        energy_db_min = energy_db[-1]
        power[power < energy[-1]] = energy_min
        power_db = 10 * np.log10(power)
        power_db -= np.max(power_db)

        # time vector
        def get_time(x, fs):
            return np.arange(x.shape[0]) / fs - i_5db / fs

        T = get_time(power_db, fs)

        # Optional label for the legend.
        label = f" {label}" if label else ""

        # plot power and energy
        plt.plot(get_time(energy_db, fs), energy_db, label=f"Energy{label}")

        # now the linear fit
        plt.plot([0, est_rt60], [e_5db, -65], "--", label=f"Linear Fit{label}")
        plt.plot(T, np.ones_like(T) * -60, "--", label=f"-60 dB{label}")
        plt.plot(T, np.ones_like(T) * -5.0, "--", label=f"-5 dB{label}")
        plt.vlines(
            est_rt60,
            energy_db_min,
            0,
            linestyles="dashed",
            label=f"Estimated RT60{label}",
        )

        if rt60_tgt is not None:
            plt.vlines(rt60_tgt, energy_db_min, 0, label=f"Target RT60{label}")

        plt.legend()

    return est_rt60



# --- experimental/deconvolution.py ------------------------------------------------------------------------------------

def deconvolve(y, s, length=None, thresh=0.0):
    # FFT length including zero padding
    n = y.shape[0] + s.shape[0] - 1

    # let FFT size be even for convenience
    if n % 2 != 0:
        n += 1

    # when unknown, pick the filter size as size of test signal
    if length is None:
        length = n

    # Forward transforms
    Y = fft.rfft(np.array(y, dtype=np.float32), n=n) / np.sqrt(n)
    S = fft.rfft(np.array(s, dtype=np.float32), n=n) / np.sqrt(n)

    # Only do the division where S is large enough
    H = np.zeros(*Y.shape, dtype=Y.dtype)
    I = np.where(np.abs(S) > thresh)
    H[I] = Y[I] / S[I]

    # Inverse transform
    h = fft.irfft(H, n=n)

    return h[:length]


def wiener_deconvolve(
    y, x, length=None, noise_variance=1.0, let_n_points=15, let_div_base=2
):

    # FFT length including zero padding
    n = y.shape[0] + x.shape[0] - 1

    # let FFT size be even for convenience
    if n % 2 != 0:
        n += 1

    # when unknown, pick the filter size as size of test signal
    if length is None:
        length = n

    # Forward transforms
    Y = fft.rfft(np.array(y, dtype=np.float32), n=n) / np.sqrt(n)  # recording
    X = fft.rfft(np.array(x, dtype=np.float32), n=n) / np.sqrt(n)  # test signal

    # Squared amplitude of test signal
    X_sqm = np.abs(X) ** 2

    # approximate SNR
    SNR_hat = (
        np.maximum(
            1e-7, ((np.linalg.norm(Y) ** 2 / np.linalg.norm(X) ** 2) - noise_variance)
        )
        / noise_variance
    )
    dividers = let_div_base ** np.linspace(
        -let_n_points / 2, let_n_points, let_n_points
    )
    SNR_grid = SNR_hat / dividers

    # compute candidate points
    G = (X_sqm[:, None] / (X_sqm[:, None] + 1.0 / SNR_grid[None, :])) * Y[:, None]
    H_candidates = G / X[:, None]

    # find the best linear combination of the candidates
    weights = np.linalg.lstsq(G, Y, rcond=None)[0]

    # compute the estimated filter
    H = np.squeeze(np.dot(H_candidates, weights))
    h = fft.irfft(H, n=n)

    return h[:length]



# --- experimental/signals.py ------------------------------------------------------------------------------------------

def window(signal, n_win):
    win = np.hanning(2 * n_win)

    sig_copy = signal.copy()

    sig_copy[:n_win] *= win[:n_win]
    sig_copy[-n_win:] *= win[-n_win:]

    return sig_copy


def exponential_sweep(T, fs, f_lo=0.0, f_hi=None, fade=None, ascending=False):
    if f_hi is None:
        f_hi = fs / 2
    elif f_hi < 0.0:
        f_hi = fs / 2 + f_hi
    elif f_hi > fs / 2:
        f_hi = fs / 2

    if f_lo < 1.0:
        f_lo = 1.0

    if f_lo > f_hi:
        raise ValueError("Error: need 0. <= f_lo < f_hi <= fs/2")

    Ts = 1.0 / fs  # Sampling period in [s]
    N = np.floor(T / Ts)  # number of samples
    n = np.arange(0, N, dtype="float64")  # Sample index

    om1 = 2 * np.pi * f_lo
    om2 = 2 * np.pi * f_hi

    sweep = np.sin(
        om1 * N * Ts / np.log(om2 / om1) * (np.exp(n / N * np.log(om2 / om1)) - 1)
    )

    if not ascending:
        sweep = sweep[::-1]

    if fade is not None and fade > 0.0:
        sweep = window(sweep, int(fs * fade))

    return sweep


def linear_sweep(T, fs, f_lo=0.0, f_hi=None, fade=None, ascending=False):
    if f_hi is None:
        f_hi = fs / 2
    elif f_hi < 0.0:
        f_hi = fs / 2 + f_hi
    elif f_hi > fs / 2:
        f_hi = fs / 2

    if f_lo < 0.0:
        f_lo = 0.0

    if f_lo > f_hi:
        raise ValueError("Error: need 0. <= f_lo < f_hi <= fs/2")

    Ts = 1.0 / fs  # Sampling period in [s]

    N = np.floor(T / Ts)  # number of samples
    n = np.arange(0, N, dtype="float64")  # Sample index

    t = n * Ts  # time vector
    rate = (f_hi - f_lo) / T  # rate of change of frequency

    sweep = np.sin(2 * np.pi * (f_lo + 0.5 * rate * t) * t)

    if not ascending:
        sweep = sweep[::-1]

    if fade is not None and fade > 0.0:
        sweep = window(sweep, int(fs * fade))

    return sweep



# --- experimental/localization.py -------------------------------------------------------------------------------------

def tdoa_loc(R, tdoa, c, x0=None):
    tau = tdoa - tdoa[0]

    # eliminate 0 tdoa
    I = tau != 0.0
    I[0] = True  # keep mic 0! (reference, tdoa always 0)
    tau = tau[I]
    R = R[:, I]

    # Need two ref points
    r0 = R[:, 0:1]
    r1 = R[:, 1:2]
    rm = R[:, 2:]

    n0 = la.norm(r0) ** 2
    n1 = la.norm(r1) ** 2
    nm = la.norm(rm, axis=0) ** 2

    # Build system matrices
    # Steven Li's equations
    ABC = 2 * (rm - r0) / (c * tau[2:]) - 2 * (r1 - r0) / (c * tau[1])
    D = c * tau[1] - c * tau[2:] + (nm - n0) / (c * tau[2:]) - (n1 - n0) / (c * tau[1])

    loc = la.lstsq(ABC.T, D)[0]
    """

    from scipy.optimize import leastsq

    def f(r, *args):
        R = args[0]
        c = args[1]
        tdoa = args[2]

        res = la.norm(R - r[:3,None], axis=0) - (r[3] + c * tau)

        return res

    def Jf(r, *args):
        R = args[0]
        c = args[1]
        tdoa = args[2]

        delta = r[:3,None] - R
        norm = la.norm(delta, axis=0)

        J = np.zeros((R.shape[0]+1, R.shape[1]))
        J[:3,:] = (delta / norm)
        J[3,:] = -1.

        return J

    init = f(x0, R[:,1:], c, tdoa[1:])
    sol = leastsq(f, x0, args=(R[:,1:],c,tdoa[1:]), Dfun=Jf, full_output=True, maxfev=10000, col_deriv=True)
    print sol[2]['nfev']
    print sol[1]
    print np.sum(f(sol[0], R[:,1:], c, tdoa[1:])**2) / np.sum(init**2)

    loc = sol[0][:3]
    print 'distance offset',sol[0][3]
    """

    return loc


def localization_tdoa(x1, x2, interp=1, fs=1, phat=True):  # adapted: named tdoa there, as sync.py's
    # zero padded length for the FFT
    n = x1.shape[0] + x2.shape[0] - 1
    if n % 2 != 0:
        n += 1

    # Generalized Cross Correlation Phase Transform
    # Used to find the delay between the two microphones
    # up to line 71
    X1 = fft.rfft(np.array(x1, dtype=np.float32), n=n)
    X2 = fft.rfft(np.array(x2, dtype=np.float32), n=n)

    if phat:
        X1 /= np.abs(X1)
        X2 /= np.abs(X2)

    cc = fft.irfft(X1 * np.conj(X2), n=interp * n)

    # maximum possible delay given distance between microphones
    t_max = n // 2 + 1

    # reorder the cross-correlation coefficients
    cc = np.concatenate((cc[-t_max:], cc[:t_max]))

    # pick max cross correlation index as delay
    tau = np.argmax(np.abs(cc))
    pwr = np.abs(cc[tau])
    tau -= t_max  # because zero time is at the center of the array

    return tau / (fs * interp)


def edm_line_search(R, tdoa, bounds, steps):
    dim = R.shape[0]

    pc = PointCloud(X=R)

    # use point 0 as reference
    dif = tdoa - tdoa.min()

    # initialize EDM
    D = np.zeros((pc.m + 1, pc.m + 1))
    D[:-1, :-1] = pc.EDM()

    # distance offset to search
    d = np.linspace(bounds[0], bounds[1], steps)

    # sum of eigenvalues that should be zero
    # cost = np.zeros((d.shape[0], D.shape[0]))
    cost = np.zeros(*d.shape)

    for i in range(d.shape[0]):
        D[-1, :-1] = D[:-1, -1] = (dif + d[i]) ** 2
        w = np.sort(np.abs(la.eigh(D, eigvals_only=True)))
        # w = la.eigh(D, eigvals_only=True, subset_by_index=(D.shape[0]-6,D.shape[0]-6))
        cost[i] = np.sum(w[: D.shape[0] - 5])

    return cost, d



# point_cloud.py is Python 2 code: `isinstance(ref, (str, unicode))` runs in key2ind
unicode = str  # adapted: Python 3's name for it


# --- experimental/point_cloud.py --------------------------------------------------------------------------------------

class PointCloud:
    def __init__(self, m=1, dim=3, diameter=0.0, X=None, labels=None, EDM=None):
        # set the marker diameter
        self.diameter = diameter

        if EDM is not None:
            self.dim = dim
            self.fromEDM(EDM, labels=labels)

        elif X is not None:
            self.m = X.shape[1]
            self.dim = X.shape[0]
            self.X = X

            if labels is None:
                self.labels = [str(i) for i in range(self.m)]

        else:
            self.m = m
            self.dim = dim
            self.X = np.zeros((self.dim, self.m))

        # Now set the labels
        if labels is not None:
            if len(labels) == self.m:
                self.labels = labels
            else:
                raise ValueError("There needs to be one label per marker point")
        else:
            self.labels = [str(i) for i in range(self.m)]

    def __getitem__(self, ref):
        if isinstance(ref, (str, unicode)):
            if self.labels is None:
                raise ValueError("Labels not set for this marker set")
            index = self.labels.index(ref)
        elif isinstance(ref, int) or isinstance(ref, slice):
            index = ref
        elif isinstance(ref, list):
            index = [
                self.labels.index(s) if isinstance(s, (str, unicode)) else s
                for s in ref
            ]
        else:
            index = int(ref)

        return self.X[:, index]

    def copy(self):
        new_marker = PointCloud(
            X=self.X.copy(), labels=self.labels, diameter=self.diameter
        )
        return new_marker

    def key2ind(self, ref):
        if isinstance(ref, (str, unicode)):
            if self.labels is None:
                raise ValueError("Labels must be defined to be used to access markers")
            else:
                return self.labels.index(ref)
        else:
            return int(ref)

    def fromEDM(self, D, labels=None, method="mds"):
        if D.shape[0] != D.shape[1]:
            raise ValueError("The distance matrix must be square")

        self.m = D.shape[0]

        if method == "tri":
            self.trilateration(D)
        else:
            self.classical_mds(D)

    def classical_mds(self, D):
        # Apply MDS algorithm for denoising
        n = D.shape[0]
        J = np.eye(n) - np.ones((n, n)) / float(n)
        G = -0.5 * np.dot(J, np.dot(D, J))

        s, U = np.linalg.eig(G)

        # we need to sort the eigenvalues in decreasing order
        s = np.real(s)
        o = np.argsort(s)
        s = s[o[::-1]]
        U = U[:, o[::-1]]

        S = np.diag(s)[0 : self.dim, :]
        self.X = np.dot(np.sqrt(S), U.T)

    def trilateration_single_point(self, c, Dx, Dy):
        z = (c**2 - (Dy**2 - Dx**2)) / (2 * c)
        t = np.sqrt(Dx**2 - z**2)

        return np.array([t, z])

    def trilateration(self, D):
        dist = np.sqrt(D)

        # Simpler algorithm (no denoising)
        self.X = np.zeros((self.dim, self.m))

        self.X[:, 1] = np.array([0, dist[0, 1]])
        for i in range(2, m):  # noqa: F821  (an undefined m, as written; no case calls trilateration)
            self.X[:, i] = self.trilateration_single_point(
                self.X[1, 1], dist[0, i], dist[1, i]
            )

    def EDM(self):
        if self.X is None:
            raise ValueError("No marker set")

        G = np.dot(self.X.T, self.X)
        return (
            np.outer(np.ones(self.m), np.diag(G))
            - 2 * G
            + np.outer(np.diag(G), np.ones(self.m))
        )

    def normalize(self, refs=None):
        if refs is None:
            refs = [0, 1, 2, 3]

        # Transform references to indices if needed
        refs = [self.key2ind(s) for s in refs]

        if self.dim == 2 and len(refs) < 3:
            raise ValueError(
                "In 2D three reference points are needed to define a reference frame"
            )
        elif self.dim == 3 and len(refs) < 4:
            raise ValueError(
                "In 3D four reference points are needed to define a reference frame"
            )

        # set first point to origin
        X0 = self.X[:, refs[0], None]
        Y = self.X - X0

        # Rotate around z to align x-axis to second point
        theta = np.arctan2(Y[1, refs[1]], Y[0, refs[1]])
        c = np.cos(theta)
        s = np.sin(theta)
        if self.dim == 2:
            H = np.array([[c, s], [-s, c]])
        elif self.dim == 3:
            H = np.array([[c, s, 0], [-s, c, 0], [0, 0, 1]])
        Y = np.dot(H, Y)

        if self.dim == 2:
            # set third point to lie above x-axis
            if Y[1, refs[2]] < 0:
                Y[1, :] *= -1

        elif self.dim == 3:
            # In 3D we also want to make sur z-axis points up
            theta = np.arctan2(Y[2, refs[2]], Y[1, refs[2]])
            c = np.cos(theta)
            s = np.sin(theta)
            H = np.array([[1, 0, 0], [0, c, s], [0, -s, c]])
            Y = np.dot(H, Y)

        # Flip the z-axis if requested
        if self.dim == 3 and Y[2, refs[3]] < 0:
            Y[2, :] *= -1

        self.X = Y

    def center(self, marker):
        index = self.key2ind(marker)
        self.X -= self.X[:, index, None]

    def align(self, marker, axis):
        index = self.key2ind(marker)
        axis = (
            ["x", "y", "z"].index(axis) if isinstance(marker, (str, unicode)) else axis
        )

        # swap the axis around which to rotate to last position
        Y = self.X
        if self.dim == 3:
            Y[axis, :], Y[2, :] = Y[2, :], Y[axis, :]

        # Rotate around z to align x-axis to second point
        theta = np.arctan2(Y[1, index], Y[0, index])
        c = np.cos(theta)
        s = np.sin(theta)
        H = np.array([[c, s], [-s, c]])
        Y[:2, :] = np.dot(H, Y[:2, :])

        if self.dim == 3:
            Y[axis, :], Y[2, :] = Y[2, :], Y[axis, :]

    def flatten(self, ind):
        # Transform references to indices if needed
        ind = [self.key2ind(s) for s in ind]

        # center point cloud around the group of indices
        centroid = self.X[:, ind].mean(axis=1, keepdims=True)
        X_centered = self.X - centroid

        # The rotation is given by left matrix of SVD
        U, S, V = la.svd(X_centered[:, ind], full_matrices=False)

        self.X = np.dot(U.T, X_centered) + centroid

    def correct(self, corr_dic):
        for key, val in corr_dic.items():
            ind = self.key2ind(key)
            self.X[:, ind] += val

    def doa(self, receiver, source):
        s_ind = self.key2ind(source)
        r_ind = self.key2ind(receiver)

        # vector from receiver to source
        v = self.X[:, s_ind] - self.X[:, r_ind]

        azimuth = np.arctan2(v[1], v[0])
        elevation = np.arctan2(v[2], la.norm(v[:2]))

        return np.array([azimuth, elevation])

    def plot(self, axes=None, show_labels=True, **kwargs):
        try:
            import matplotlib.pyplot as plt
            from mpl_toolkits.mplot3d import Axes3D  # noqa: F401
        except ImportError:
            import warnings

            warnings.warn("Matplotlib is required for plotting")
            return

        if self.dim == 2:
            # Create a figure if needed
            if axes is None:
                axes = plt.subplot(111)

            axes.plot(self.X[0, :], self.X[1, :], **kwargs)
            axes.axis(aspect="equal")
            plt.show()

        elif self.dim == 3:
            if axes is None:
                fig = plt.figure()
                axes = fig.add_subplot(111, projection="3d")
            axes.scatter(self.X[0, :], self.X[1, :], self.X[2, :], **kwargs)

            axes.set_xlabel("X")
            axes.set_ylabel("Y")
            axes.set_zlabel("Z")
            plt.show()

        if show_labels and self.labels is not None:
            eps = np.linalg.norm(self.X[:, 0] - self.X[:, 1]) / 100
            for i in range(self.m):
                if self.dim == 2:
                    axes.text(self.X[0, i] + eps, self.X[1, i] + eps, self.labels[i])
                elif self.dim == 3:
                    axes.text(
                        self.X[0, i] + eps,
                        self.X[1, i] + eps,
                        self.X[2, i] + eps,
                        self.labels[i],
                        None,
                    )

        return axes



# --- adaptive/adaptive_filter.py --------------------------------------------------------------------------------------

class AdaptiveFilter:
    def __init__(self, length):
        # filter length
        self.length = length

        self.reset()

    def reset(self):
        # index
        self.n = 0

        # filter
        self.w = np.zeros((self.length))

        # system input signal
        self.x = np.zeros((self.length))

        # reference signal
        self.d = np.zeros((1))

    def update(self, x_n, d_n):
        self.n += 1

        # update buffers
        self.x[1:] = self.x[0:-1]
        self.x[0] = x_n
        self.d = d_n

    def name(self):
        return self.__class__.__name__



# --- adaptive/lms.py --------------------------------------------------------------------------------------------------

class NLMS(AdaptiveFilter):
    def __init__(self, length, mu=0.5):
        self.mu = mu
        AdaptiveFilter.__init__(self, length)

    def update(self, x_n, d_n):
        AdaptiveFilter.update(self, x_n, d_n)

        e = self.d - np.inner(self.x, self.w)
        self.w += self.mu * e * self.x / np.inner(self.x, self.x)


class BlockLMS(NLMS):
    def __init__(self, length, mu=0.01, L=1, nlms=False):
        self.nlms = nlms

        # sketching parameters
        self.L = L  # block size

        NLMS.__init__(self, length, mu=mu)
        self.reset()

    def reset(self):
        NLMS.reset(self)
        # We need to redefine these two guys
        self.d = np.zeros((self.L))
        self.x = np.zeros((self.L + self.length - 1))

    def update(self, x_n, d_n):
        # Update the internal buffers
        self.n += 1
        slot = self.L - ((self.n - 1) % self.L) - 1
        self.x[slot] = x_n
        self.d[slot] = d_n

        # Block update
        if self.n % self.L == 0:
            # block-update parameters
            X = la.hankel(self.x[: self.L], r=self.x[self.L - 1 :])

            e = self.d - np.dot(X, self.w)

            if self.nlms:
                norm = np.linalg.norm(X, axis=1) ** 2
                if self.L == 1:
                    X = X / norm[0]
                else:
                    X = (X.T / norm).T

            self.w += self.mu * np.dot(X.T, e)

            # Remember a few values
            self.x[-self.length + 1 :] = self.x[0 : self.length - 1]



# --- adaptive/data_structures.py --------------------------------------------------------------------------------------

class Buffer:
    def __init__(self, length=20, dtype=np.float64):
        self.buf = np.zeros(length, dtype=dtype)
        self.len = length
        self.head = self.len

    def push(self, val):
        # Increase size if the buffer is too small
        if self.head == 0:
            self.buf = np.concatenate(
                (np.zeros(self.len, dtype=self.buf.dtype), self.buf)
            )
            self.head += self.len
            self.len *= 2

        # store value at head
        self.buf[self.head - 1] = val

        # move head to next free spot
        self.head -= 1

    def top(self, n):
        return self.buf[self.head : self.head + n]

    def flush(self, n):
        if n > self.len - self.head:
            n = self.len - self.head

        new_head = self.head + n

        # copy the remaining items to the right
        self.buf[new_head:] = self.buf[self.head : -n]

        # move head
        self.head = new_head

    def size(self):
        return self.len - self.head

    def __getitem__(self, r):
        # create a view that starts at head
        ptr = self.buf[self.head :]

        # returned desired range
        return ptr[r]

    def __repr__(self):
        if self.head == self.len:
            return "[]"
        else:
            return str(self.buf[self.head :])


class Powers:
    def __init__(self, a, length=20, dtype=np.float64):
        self.a = dtype(a)
        self.pwr = self.a ** np.arange(length)

    def __getitem__(self, r):
        # find maximum power requested
        if isinstance(r, int):
            high = r + 1
        elif isinstance(r, slice):
            high = r.stop
        elif isinstance(r, list):
            high = max(r) + 1
        else:
            high = int(r + 1)

        # Compute it if needed
        if high > self.pwr.shape[0]:
            self.pwr = np.concatenate(
                (self.pwr, self.a ** np.arange(self.pwr.shape[0], high))
            )

        return self.pwr[r]

    def __repr__(self):
        return str(self.pwr)



# --- adaptive/util.py -------------------------------------------------------------------------------------------------

def toeplitz_multiplication(c, r, A, **kwargs):
    m = c.shape[0]
    n = r.shape[0]

    fft_len = int(2 ** np.ceil(np.log2(m + n - 1)))
    zp = fft_len - m - n + 1

    if A.shape[0] != n:
        raise ValueError("A dimensions not compatible with toeplitz(c,r)")

    x = np.concatenate((c, np.zeros(zp, dtype=c.dtype), r[-1:0:-1]))
    xf = np.fft.rfft(x, n=fft_len)

    Af = np.fft.rfft(A, n=fft_len, axis=0)

    return np.fft.irfft((Af.T * xf).T, n=fft_len, axis=0)[:m,]


def hankel_multiplication(c, r, A, mkl=True, **kwargs):
    if mkl and has_mklfft:
        fmul = mkl_toeplitz_multiplication
    else:
        fmul = toeplitz_multiplication
        A = A[: r.shape[0], :]

    return fmul(c[::-1], r, A, **kwargs)[::-1,]


def mkl_toeplitz_multiplication(c, r, A, A_padded=False, out=None, fft_len=None):
    if not has_mklfft:
        raise ValueError(
            "Import mkl_fft package unavailable. Install from https://github.com/LCAV/mkl_fft"
        )

    m = c.shape[0]
    n = r.shape[0]

    if fft_len is None:
        fft_len = int(2 ** np.ceil(np.log2(m + n - 1)))
    zp = fft_len - m - n + 1

    if (not A_padded and A.shape[0] != n) or (A_padded and A.shape[0] != fft_len):
        raise ValueError("A dimensions not compatible with toeplitz(c,r)")

    x = np.concatenate((c, np.zeros(zp, dtype=c.dtype), r[-1:0:-1]))
    xf = fft.rfft(x, n=fft_len)

    if out is not None:
        fft.rfft(A, n=fft_len, axis=0, out=out)
    else:
        out = fft.rfft(A, n=fft_len, axis=0)

    out *= xf[:, None]

    if A_padded:
        fft.irfft(out, n=fft_len, axis=0, out=A)
    else:
        A = fft.irfft(out, n=fft_len, axis=0)

    return A[:m,]


def hankel_stride_trick(x, shape):
    if x.shape[0] != shape[0] + shape[1] - 1:
        raise ValueError("Inconsistent dimensions")

    strides = (x.itemsize, x.itemsize)
    return np.lib.stride_tricks.as_strided(x, shape=shape, strides=strides)


def toeplitz_strang_circ_approx(r, matrix=False):
    n = r.shape[0]
    c = r.copy()
    m = n // 2 if n % 2 == 0 else (n - 1) // 2
    c[-m:] = r[m:0:-1]

    if matrix:
        return la.circulant(c)
    else:
        return c


def toeplitz_opt_circ_approx(r, matrix=False):
    n = r.shape[0]

    r_rev = np.zeros(r.shape)
    r_rev[1:] = r[:0:-1]

    i = np.arange(n)
    c = (i * r_rev + (n - i) * r) / n
    c[1:] = c[:0:-1]

    if matrix:
        return la.circulant(c)
    else:
        return c



# --- adaptive/rls.py --------------------------------------------------------------------------------------------------

class RLS(AdaptiveFilter):
    def __init__(self, length, lmbd=0.999, delta=10, dtype=np.float32):
        self.lmbd = lmbd
        self.lmbd_inv = 1 / lmbd
        self.delta = delta
        self.x_buf_size = 10 * length

        self.dtype = dtype

        AdaptiveFilter.__init__(self, length)

        self.reset()

    def reset(self):
        AdaptiveFilter.reset(self)

        if self.delta <= 0:
            raise ValueError("Delta should be a positive constant.")
        else:
            self.P = np.eye(self.length, dtype=self.dtype) / self.delta

        self.x_buf_len = 10 * self.length
        self.x = Buffer(length=self.x_buf_len, dtype=self.dtype)
        for i in range(self.length - 1):
            self.x.push(0)
        self.d = 0.0

        self.outer_buf = np.zeros((self.length, self.length), dtype=self.dtype)
        self.g = np.zeros(self.length, dtype=self.dtype)

    def update(self, x_n, d_n):
        # update buffers
        # AdaptiveFilter.update(self, x_n, d_n)
        self.n += 1

        self.x.push(x_n)
        self.d = d_n

        x_vec = self.x.top(self.length)

        # a priori estimation error
        alpha = self.d - np.inner(x_vec, self.w)

        # update the gain vector
        np.dot(self.P, x_vec * self.lmbd_inv, out=self.g)
        denom = 1 + np.inner(x_vec, self.g)
        self.g /= denom

        # update the filter
        self.w += alpha * self.g

        # update P matrix
        np.outer(self.g, np.inner(x_vec, self.P), out=self.outer_buf)
        self.P -= self.outer_buf
        self.P *= self.lmbd_inv

        # flush at regular intervals old values
        # (but not too often for efficiency)
        if self.n % self.x_buf_len == 0:
            self.x.flush(self.x.size() - self.length + 1)


class BlockRLS(RLS):
    def __init__(self, length, lmbd=0.999, delta=10, dtype=np.float32, L=None):
        # block size
        if L is None:
            self.block = length
        else:
            self.block = int(L)

        RLS.__init__(self, length, lmbd=lmbd, delta=delta, dtype=dtype)
        self.reset()

    def reset(self):
        RLS.reset(self)

        # We need to redefine these two guys
        self.d = Buffer(length=self.block)
        self.x = Buffer(length=self.length + self.block - 1)
        for i in range(self.length - 1):
            self.x.push(0)

        # Precompute the powers of lambda
        self.lmbd_pwr = Powers(self.lmbd, length=2 * self.block, dtype=self.dtype)
        self.lmbd_inv_pwr = Powers(
            1.0 / self.lmbd, length=2 * self.block, dtype=self.dtype
        )

    def update(self, x_n, d_n):
        # Update the internal buffers
        self.n += 1

        # Push new data in buffers
        self.x.push(x_n)
        self.d.push(d_n)

        # Block update
        if self.n % self.block == 0:
            x_vec = self.x.top(self.block + self.length - 1)
            d_vec = self.d.top(self.block)

            # The Hankel data matrix
            X = hankel_stride_trick(x_vec, (self.block, self.length))

            # Compute the error term
            alpha = d_vec - np.dot(X, self.w)

            # Compute gain vector
            pi = np.dot(self.P, X.T)
            g = np.linalg.solve(
                (np.diag(self.lmbd_pwr[self.block : 0 : -1]) + np.dot(X, pi)).T, pi.T
            ).T

            # Update filter
            self.w += np.dot(g, alpha)

            # Update inverse matrix
            self.P = self.P - np.dot(g, pi.T)
            self.P *= self.lmbd_inv_pwr[self.block]  # * 1 / lmbd**self.block

            # Remember a few values
            self.x.flush(self.block)



# --- adaptive/subband_lms.py ------------------------------------------------------------------------------------------

class SubbandLMS:
    def __init__(self, num_taps, num_bands, mu=0.5, nlms=True):
        self.num_taps = num_taps
        self.num_bands = num_bands
        self.mu = mu
        self.nlms = nlms

        self.reset()

    def reset(self):
        # filter bank
        self.W = np.zeros((self.num_taps, self.num_bands), dtype=np.complex64)

        # input signal
        self.X = np.zeros((self.num_taps, self.num_bands), dtype=np.complex64)

        # reference signal
        self.D = np.zeros(self.num_bands, dtype=np.complex64)

        # error signal
        self.E = np.zeros(self.num_bands, dtype=np.complex64)

    def update(self, X_n, D_n):
        # update buffers
        self.X[1:, :] = self.X[0:-1, :]
        self.X[0, :] = X_n
        self.D = D_n

        # a priori error
        self.E = self.D - np.diag(np.dot(hermitian(self.W), self.X))

        # compute update
        update = self.mu * np.tile(self.E.conj(), (self.num_taps, 1)) * self.X
        if self.nlms:
            update /= (
                np.tile(np.diag(np.dot(hermitian(self.X), self.X)), (self.num_taps, 1))
                + 1e-6
            )

        # update filter coefficients
        self.W += update


def hermitian(X):
    return X.conj().T



# --- denoise/subspace.py ----------------------------------------------------------------------------------------------

class Subspace(object):
    def __init__(
        self,
        frame_len=256,
        mu=10,
        lookback=10,
        skip=2,
        thresh=0.01,
        data_type="float32",
    ):
        if frame_len % 2:
            raise ValueError(
                "Frame length should be even as this method " "performs 50% overlap."
            )

        if data_type == "float64":
            data_type = np.float64
        else:
            data_type = np.float32

        self.frame_len = frame_len
        self.mu = mu
        self.dtype = data_type

        self.hop = frame_len // 2
        self.prev_samples = np.zeros(self.hop, dtype=data_type)
        self.prev_output = np.zeros(self.hop, dtype=data_type)
        self.current_out = np.zeros(self.hop, dtype=data_type)
        self.win = np.hanning(frame_len).astype(data_type)

        # enhancement filter parameter
        self.h_opt = np.zeros((frame_len, frame_len), dtype=data_type)

        # estimate (signal+noise) and noise covariance matrices
        self.thresh = thresh
        self.n_samples = self.hop * lookback + frame_len
        self.input_samples = np.zeros(self.n_samples, dtype=data_type)
        self.skip = skip
        self.n_frames = lookback * (self.hop // skip)
        self.n_noise_frames = np.ones(lookback) * (self.hop // skip)
        self.cov_sn = np.zeros((frame_len, frame_len), dtype=data_type)
        self._cov_sn = np.zeros((lookback, frame_len, frame_len), dtype=data_type)
        self.cov_n = np.zeros((frame_len, frame_len), dtype=data_type)
        self._cov_n = np.zeros((lookback, frame_len, frame_len), dtype=data_type)

    def apply(self, new_samples):
        if len(new_samples) != self.hop:
            raise ValueError(
                "Expected {} samples, got {}.".format(self.hop, len(new_samples))
            )
        new_samples = new_samples.astype(self.dtype)

        # form input frame, 50% overlap
        input_frame = np.r_[self.prev_samples, new_samples]

        # update covariance matrix estimates
        self.update_cov_matrices(new_samples)

        # compute filter to project to signal subspace
        self.compute_signal_projection()

        # compute output
        denoised_out = self.win * np.dot(self.h_opt, input_frame)

        # update
        self.prev_samples[:] = new_samples
        self.current_out[:] = self.prev_output + denoised_out[: self.hop]
        self.prev_output[:] = denoised_out[self.hop :]

        return self.current_out

    def compute_signal_projection(self):
        sigma = np.linalg.lstsq(self.cov_n, self.cov_sn, rcond=None)[0] - np.eye(
            self.frame_len
        )
        eigenvals, eigenvecs = np.linalg.eig(sigma)

        n_pos = sum(eigenvals > 0)
        order = np.argsort(eigenvals, axis=-1)[::-1]
        pos_eigenvals = np.real(eigenvals[order][:n_pos])
        q1 = np.zeros((self.frame_len, self.frame_len))
        for w in range(0, n_pos):
            q1[w, w] = pos_eigenvals[w] / (pos_eigenvals[w] + self.mu)

        v_t = np.transpose(-eigenvecs[:, order])
        self.h_opt[:] = np.real(np.linalg.multi_dot([np.linalg.pinv(v_t), q1, v_t]))
        # self.h_opt = np.dot(np.linalg.lstsq(v_t, q1, rcond=None)[0], v_t)

    def update_cov_matrices(self, new_samples):
        # remove cov of old samples
        self.cov_sn *= self.n_frames
        self.cov_sn -= self._cov_sn[0]

        old_cov_n = self.cov_n.copy()
        self.cov_n *= sum(self.n_noise_frames)
        self.cov_n -= self._cov_n[0]

        # update samples
        self.input_samples = np.roll(self.input_samples, -self.hop)
        self.input_samples[-self.hop :] = new_samples

        # update cov matrices
        self._cov_sn = np.roll(self._cov_sn, -1, axis=0)
        self._cov_sn[-1, :, :] = np.zeros((self.frame_len, self.frame_len))
        self._cov_n = np.roll(self._cov_n, -1, axis=0)
        self._cov_n[-1, :, :] = np.zeros((self.frame_len, self.frame_len))
        self.n_noise_frames = np.roll(self.n_noise_frames, -1)
        self.n_noise_frames[-1] = 0

        for i in range(0, self.hop, self.skip):
            a = self.n_samples - self.hop - self.frame_len + i
            b = a + self.frame_len
            _noisy_signal = self.input_samples[a:b]
            new_cov = np.outer(_noisy_signal, _noisy_signal).astype(self.dtype)

            # (signal+noise) cov
            self._cov_sn[-1] += new_cov

            # noise cov
            energy = np.std(_noisy_signal) ** 2
            if energy < self.thresh:
                self._cov_n[-1] += new_cov
                self.n_noise_frames[-1] += 1

        # if no new noise frames, use previous
        if self.n_noise_frames[-1] == 0:
            self._cov_n[-1] = old_cov_n
            self.n_noise_frames[-1] = 1

        # compute average for new estimate
        self.cov_sn = (self.cov_sn + self._cov_sn[-1]) / self.n_frames
        self.cov_n = (self.cov_n + self._cov_n[-1]) / sum(self.n_noise_frames)


def apply_subspace(
    noisy_signal,
    frame_len=256,
    mu=10,
    lookback=10,
    skip=2,
    thresh=0.01,
    data_type=np.float32,
):

    scnr = Subspace(frame_len, mu, lookback, skip, thresh, data_type)
    processed_audio = np.zeros(noisy_signal.shape)
    n = 0
    hop = frame_len // 2
    while noisy_signal.shape[0] - n >= hop:
        processed_audio[n : n + hop,] = scnr.apply(noisy_signal[n : n + hop])

        # update step
        n += hop

    return processed_audio



# --- denoise/spectral_subtraction.py ----------------------------------------------------------------------------------

class SpectralSub(object):
    def __init__(self, nfft, db_reduc, lookback, beta, alpha=1):
        self.beta = beta
        self.alpha = alpha

        self.n_bins = nfft // 2 + 1
        self.p_prev = np.zeros((self.n_bins, lookback + 1))
        self.gmin = 10 ** (-db_reduc / 20)

        self.p_sn = np.zeros(self.n_bins)
        self.p_n = np.zeros(self.n_bins)

    def compute_gain_filter(self, X):
        # estimate of signal + noise at current time
        self.p_sn[:] = np.real(np.conj(X) * X)

        # estimate of noise level
        self.p_prev[:, -1] = self.p_sn
        self.p_n[:] = np.min(self.p_prev, axis=1)

        # compute gain filter
        gain_filter = [
            max(
                (max(self.p_sn[k] - self.beta * self.p_n[k], 0) / self.p_sn[k])
                ** self.alpha,
                self.gmin,
            )
            for k in range(self.n_bins)
        ]

        # update
        self.p_prev = np.roll(self.p_prev, -1, axis=1)

        return gain_filter



# --- denoise/iterative_wiener.py --------------------------------------------------------------------------------------

class IterativeWiener(object):
    def __init__(self, frame_len, lpc_order, iterations, alpha=0.8, thresh=0.01):
        if frame_len % 2:
            raise ValueError(
                "Frame length should be even as this method " "relies on 50% overlap."
            )

        if (alpha > 1) or (alpha < 0):
            raise ValueError("`alpha` parameter should be within [0,1].")

        self.frame_len = frame_len
        self.hop = frame_len // 2
        self.lpc_order = lpc_order
        self.iterations = iterations
        self.alpha = alpha

        # simple energy-based voice activity detector
        self.thresh = thresh

        # initialize power spectral densities
        self.speech_psd = np.ones(self.hop + 1)
        self.noise_psd = 0
        self.wiener_filt = np.ones(self.hop + 1)

    def compute_filtered_output(self, current_frame, frame_dft=None):
        if frame_dft is None:
            frame_dft = np.fft.rfft(current_frame)
        frame_dft /= np.sqrt(self.frame_len)

        frame_energy = np.std(current_frame) ** 2

        # simple VAD
        if frame_energy < self.thresh:  # noise frame
            # update noise power spectral density
            # assuming white noise, i.e. flat spectrum
            self.noise_psd = (
                self.alpha * self.noise_psd + (1 - self.alpha) * frame_energy
            )

            # update wiener filter
            self.wiener_filt[:] = compute_wiener_filter(self.speech_psd, self.noise_psd)
        else:  # speech frame
            s_i = current_frame

            # iteratively update speech power spectral density / wiener filter
            for i in range(self.iterations):
                a = lpc(s_i, self.lpc_order)
                g2 = compute_squared_gain(a, self.noise_psd, current_frame)
                self.speech_psd[:] = compute_speech_psd(a, g2, self.frame_len)

                # update Wiener filter
                self.wiener_filt[:] = compute_wiener_filter(
                    self.speech_psd, self.noise_psd
                )
                # update current frame with denoised version
                s_i = np.fft.irfft(self.wiener_filt * frame_dft)

        return self.wiener_filt * frame_dft


def compute_speech_psd(a, g2, nfft):
    A = np.fft.rfft(np.r_[np.ones(1), -1 * a], nfft)
    return g2 / np.abs(A) ** 2


def compute_squared_gain(a, noise_psd, y):
    p = len(a)

    def _lpc_all_pole(omega):
        k = np.arange(p) + 1
        return 1 / np.abs(1 - np.dot(a, np.exp(-1j * k * omega))) ** 2

    N = len(y)

    # right hand side of expression
    if np.isscalar(noise_psd):  # white noise, i.e. flat spectrum
        rhs = np.sum(y**2) - N * noise_psd
    else:
        rhs = np.sum(y**2) - np.sum(noise_psd)

    # estimate integral
    d_omega = 2 * np.pi / 1000
    omega_vals = np.arange(-np.pi, np.pi, d_omega)
    vec_integrand = np.vectorize(_lpc_all_pole)

    try:
        integral = integrate.trapezoid(vec_integrand(omega_vals), omega_vals)
    except AttributeError:
        # older versions of scipy do not have the function 'trapezoid'
        # fall back to the legacy function name
        integral = integrate.trapz(vec_integrand(omega_vals), omega_vals)

    return rhs * 2 * np.pi / N / integral


def compute_wiener_filter(speech_psd, noise_psd):
    return speech_psd / (speech_psd + noise_psd)



# --- bss/common.py ----------------------------------------------------------------------------------------------------

def projection_back(Y, ref, clip_up=None, clip_down=None):
    num = np.sum(np.conj(ref[:, :, None]) * Y, axis=0)
    denom = np.sum(np.abs(Y) ** 2, axis=0)

    c = np.ones(num.shape, dtype=Y.dtype)
    I = denom > 0.0
    c[I] = num[I] / denom[I]

    if clip_up is not None:
        I = np.logical_and(np.abs(c) > clip_up, np.abs(c) > 0)
        c[I] *= clip_up / np.abs(c[I])

    if clip_down is not None:
        I = np.logical_and(np.abs(c) < clip_down, np.abs(c) > 0)
        c[I] *= clip_down / np.abs(c[I])
    return c


def sparir(
    G,
    S,
    weights=np.array([]),
    gini=0,
    maxiter=50,
    tol=10,
    alpha=10,
    alphamax=1e5,
    alphamin=1e-7,
):

    n_freq = G.shape[0]

    y = np.concatenate((np.real(G[S]), np.imag(G[S])), axis=0)
    M = y.shape[0]

    if gini == 0:  # if no initialization is given
        g = np.zeros((n_freq, 1))
        g[0] = 1
    else:
        g = gini

    if weights.size == 0:
        tau = np.sqrt(n_freq) / (y.conj().T.dot(y))
        tau = tau * np.exp(0.11 * np.abs((np.arange(1.0, n_freq + 1.0).T)) ** 0.3)
        tau = tau.T
    elif weights.shape[0] == 1:
        tau = np.ones((n_freq, 1)) * weights
    else:
        tau = np.tile(weights.T, (1, 1)).reshape(n_freq)

    def soft(x, T):
        if np.sum(np.abs(T).flatten()) == 0:
            u = x
        else:
            u = np.max(np.abs(x) - T, 0)
            u = u / (u + T) * x
        return u

    aux = np.zeros((n_freq, 1), dtype=complex)
    G = np.fft.fft(g.flatten())
    Ag = np.concatenate((np.real(G[S]), np.imag(G[S])), axis=0)
    r = Ag - y.flatten()  # instead of r = A * g - y
    aux[S] = np.expand_dims(r[0 : M // 2] + 1j * r[M // 2 :], axis=1)
    gradq = n_freq * np.fft.irfft(aux.flatten(), n_freq)  # instead of gradq = A'*r
    gradq = np.expand_dims(gradq, axis=1)
    support = g != 0
    iter_ = 0  # initial iteration value

    # Define stopping criteria
    crit = np.zeros((maxiter, 1))
    criterion = -tau[support] * np.sign(g[support]) - gradq[support]
    crit[iter_] = np.sum(criterion**2)

    while (crit[iter_] > tol) and (iter_ < maxiter - 1):
        # Update gradient
        prev_r = r
        prev_g = g
        g = soft(prev_g - gradq * (1.0 / alpha), tau / alpha)
        dg = g - prev_g
        DG = np.fft.fft(dg.flatten())
        Adg = np.concatenate((np.real(DG[S]), np.imag(DG[S])), axis=0)
        r = prev_r + Adg.flatten()  # faster than A * g - y
        dd = np.dot(dg.flatten().conj().T, dg.flatten())
        dGd = np.dot(Adg.flatten().conj().T, Adg.flatten())
        alpha = min(alphamax, max(alphamin, dGd / (np.finfo(np.float32).eps + dd)))
        iter_ += 1
        support = g != 0
        aux[S] = np.expand_dims(r[0 : M // 2] + 1j * r[M // 2 :], axis=1)
        gradq = n_freq * np.fft.irfft(aux.flatten(), n_freq)
        gradq = np.expand_dims(gradq, axis=1)
        # Update stopping criteria
        criterion = -tau[support] * np.sign(g[support]) - gradq[support]
        crit[iter_] = sum(criterion**2) + sum(
            abs(gradq[~support]) - tau[~support] > tol
        )

    return g.flatten()



# --- bss/auxiva.py ----------------------------------------------------------------------------------------------------

def auxiva(
    X,
    n_src=None,
    n_iter=20,
    proj_back=True,
    W0=None,
    model="laplace",
    init_eig=False,
    return_filters=False,
    callback=None,
):

    n_frames, n_freq, n_chan = X.shape

    # default to determined case
    if n_src is None:
        n_src = n_chan

    assert (
        n_src <= n_chan
    ), "The number of sources cannot be more than the number of channels."

    if model not in ["laplace", "gauss"]:
        raise ValueError("Model should be either " "laplace" " or " "gauss" ".")

    # covariance matrix of input signal (n_freq, n_chan, n_chan)
    Cx = np.mean(X[:, :, :, None] * np.conj(X[:, :, None, :]), axis=0)

    W_hat = np.zeros((n_freq, n_chan, n_chan), dtype=X.dtype)
    W = W_hat[:, :n_src, :]
    J = W_hat[:, n_src:, :n_src]

    def tensor_H(T):
        return np.conj(T).swapaxes(1, 2)

    def update_J_from_orth_const():
        tmp = np.matmul(W, Cx)
        J[:, :, :] = tensor_H(np.linalg.solve(tmp[:, :, :n_src], tmp[:, :, n_src:]))

    # initialize A and W
    if W0 is None:
        if init_eig:
            # Initialize the demixing matrices with the principal
            # eigenvectors of the input covariance
            v, w = np.linalg.eig(Cx)
            for f in range(n_freq):
                ind = np.argsort(v[f])[-n_src:]
                W[f, :, :] = np.conj(w[f][:, ind])

        else:
            # Or with identity
            for f in range(n_freq):
                W[f, :, :n_src] = np.eye(n_src)

    else:
        W[:, :, :] = W0

    # We still need to initialize the rest of the matrix
    if n_src < n_chan:
        update_J_from_orth_const()
        for f in range(n_freq):
            W_hat[f, n_src:, n_src:] = -np.eye(n_chan - n_src)

    eps = 1e-15
    eyes = np.tile(np.eye(n_chan, n_chan), (n_freq, 1, 1))
    V = np.zeros((n_freq, n_chan, n_chan), dtype=X.dtype)
    r_inv = np.zeros((n_src, n_frames))
    r = np.zeros((n_src, n_frames))

    # Things are more efficient when the frequencies are over the first axis
    Y = np.zeros((n_freq, n_src, n_frames), dtype=X.dtype)
    X_original = X
    X = X.transpose([1, 2, 0]).copy()

    # Compute the demixed output
    def demix(Y, X, W):
        Y[:, :, :] = np.matmul(W, X)

    for epoch in range(n_iter):
        demix(Y, X, W)

        if callback is not None and epoch % 10 == 0:
            Y_tmp = Y.transpose([2, 0, 1])
            if proj_back:
                z = projection_back(Y_tmp, X_original[:, :, 0])
                callback(Y_tmp * np.conj(z[None, :, :]))
            else:
                callback(Y_tmp)

        # shape: (n_frames, n_src)
        if model == "laplace":
            r[:, :] = 2.0 * np.linalg.norm(Y, axis=0)
        elif model == "gauss":
            r[:, :] = (np.linalg.norm(Y, axis=0) ** 2) / n_freq

        # ensure some numerical stability
        r[r < eps] = eps

        r_inv[:, :] = 1.0 / r

        # Update now the demixing matrix
        for s in range(n_src):
            # Compute Auxiliary Variable
            # shape: (n_freq, n_chan, n_chan)
            V[:, :, :] = (
                np.matmul((X * r_inv[None, s, None, :]), np.conj(X.swapaxes(1, 2)))
                / n_frames
            )

            WV = np.matmul(W_hat, V)
            W[:, s, :] = np.conj(np.linalg.solve(WV, eyes[:, :, [s]]))[..., 0]

            # normalize
            denom = np.matmul(
                np.matmul(W[:, None, s, :], V[:, :, :]), np.conj(W[:, s, :, None])
            )
            W[:, s, :] /= np.sqrt(denom[:, :, 0])

            # Update the mixing matrix according to orthogonal constraints
            if n_src < n_chan:
                update_J_from_orth_const()

    demix(Y, X, W)

    Y = Y.transpose([2, 0, 1]).copy()

    if proj_back:
        z = projection_back(Y, X_original[:, :, 0])
        Y *= np.conj(z[None, :, :])

    if return_filters:
        return Y, W
    else:
        return Y



# --- bss/ilrma.py -----------------------------------------------------------------------------------------------------

def ilrma(
    X,
    n_src=None,
    n_iter=20,
    proj_back=True,
    W0=None,
    n_components=2,
    return_filters=False,
    callback=None,
):
    n_frames, n_freq, n_chan = X.shape

    # default to determined case
    if n_src is None:
        n_src = X.shape[2]

    # Only supports determined case
    assert n_chan == n_src, "There should be as many microphones as sources"

    # initialize the demixing matrices
    # The demixing matrix has the following dimensions (nfrequencies, nchannels, nsources),
    if W0 is None:
        W = np.array([np.eye(n_chan, n_src) for f in range(n_freq)], dtype=X.dtype)
    else:
        W = W0.copy()

    # initialize the nonnegative matrixes with random values
    T = np.array(0.1 + 0.9 * np.random.rand(n_src, n_freq, n_components))
    V = np.array(0.1 + 0.9 * np.random.rand(n_src, n_frames, n_components))
    R = np.zeros((n_src, n_freq, n_frames))
    I = np.eye(n_src, n_src)
    U = np.zeros((n_freq, n_src, n_chan, n_chan), dtype=X.dtype)
    product = np.zeros((n_freq, n_chan, n_chan), dtype=X.dtype)
    lambda_aux = np.zeros(n_src)
    eps = 1e-15
    eyes = np.tile(np.eye(n_chan, n_chan), (n_freq, 1, 1))

    # Things are more efficient when the frequencies are over the first axis
    Y = np.zeros((n_freq, n_src, n_frames), dtype=X.dtype)
    X_original = X
    X = X.transpose([1, 2, 0]).copy()

    np.matmul(T, V.swapaxes(1, 2), out=R)

    # Compute the demixed output
    def demix(Y, X, W):
        Y[:, :, :] = np.matmul(W, X)

    demix(Y, X, W)

    # P.shape == R.shape == (n_src, n_freq, n_frames)
    P = np.power(abs(Y.transpose([1, 0, 2])), 2.0)
    iR = 1 / R

    for epoch in range(n_iter):
        if callback is not None and epoch % 10 == 0:
            Y_t = Y.transpose([2, 0, 1])
            if proj_back:
                z = projection_back(Y_t, X_original[:, :, 0])
                callback(Y_t * np.conj(z[None, :, :]))
            else:
                callback(Y_t)

        # simple loop as a start
        for s in range(n_src):
            ## NMF
            ######

            T[s, :, :] *= np.sqrt(
                np.dot(P[s, :, :] * iR[s, :, :] ** 2, V[s, :, :])
                / np.dot(iR[s, :, :], V[s, :, :])
            )
            T[T < eps] = eps

            R[s, :, :] = np.dot(T[s, :, :], V[s, :, :].T)
            R[R < eps] = eps
            iR[s, :, :] = 1 / R[s, :, :]

            V[s, :, :] *= np.sqrt(
                np.dot(P[s, :, :].T * iR[s, :, :].T ** 2, T[s, :, :])
                / np.dot(iR[s, :, :].T, T[s, :, :])
            )
            V[V < eps] = eps

            R[s, :, :] = np.dot(T[s, :, :], V[s, :, :].T)
            R[R < eps] = eps
            iR[s, :, :] = 1 / R[s, :, :]

            ## IVA
            ######

            # Compute Auxiliary Variable
            # shape: (n_freq, n_chan, n_chan)
            C = np.matmul((X * iR[s, :, None, :]), np.conj(X.swapaxes(1, 2))) / n_frames

            WV = np.matmul(W, C)
            W[:, s, :] = np.conj(np.linalg.solve(WV, eyes[:, :, [s]]))[..., 0]

            # normalize
            denom = np.matmul(
                np.matmul(W[:, None, s, :], C[:, :, :]), np.conj(W[:, s, :, None])
            )
            W[:, s, :] /= np.sqrt(denom[:, :, 0])

        demix(Y, X, W)
        np.power(abs(Y.transpose([1, 0, 2])), 2.0, out=P)

        for s in range(n_src):
            lambda_aux[s] = 1 / np.sqrt(np.mean(P[s, :, :]))

            W[:, :, s] *= lambda_aux[s]
            P[s, :, :] *= lambda_aux[s] ** 2
            R[s, :, :] *= lambda_aux[s] ** 2
            T[s, :, :] *= lambda_aux[s] ** 2

    Y = Y.transpose([2, 0, 1]).copy()

    if proj_back:
        z = projection_back(Y, X_original[:, :, 0])
        Y *= np.conj(z[None, :, :])

    if return_filters:
        return Y, W
    else:
        return Y



# --- wrappers: what the tests and examples do with the classes and functions ------------------------------------------
def cart_spher_roundtrip(cart):
    # tests/doa/test_utils.py's test_cart_spher_convertion
    sph = np.array(cart2spher(cart))
    cart_back = spher2cart(*sph)
    sph_back = np.array(cart2spher(cart_back))
    return sph, cart_back, sph_back


def median_ci_binomial(x):
    # tests/test_metrics.py: m, ci = pra.median(x, alpha=0.05) on rand(10, 9, 8)
    return median(x, alpha=0.05)


def median_ci_normal_keepdims(x):
    # tests/test_metrics.py: pra.median(x, alpha=0.05, axis=1, keepdims=True), with n past the binomial bound
    return median(x, alpha=0.05, axis=1, keepdims=True)


def _run_filter(algorithm, x, d):
    # tests/adaptive/test_adaptive.py's run_filter
    for i in range(x.shape[0]):
        algorithm.update(x[i], d[i])


def run_nlms(x, d):
    nlms = NLMS(15, mu=0.5)
    _run_filter(nlms, x, d)
    return nlms.w


def run_block_lms(x, d):
    block_lms = BlockLMS(15, mu=1.0 / 15 / 2.0)
    _run_filter(block_lms, x, d)
    return block_lms.w


def run_block_nlms(x, d):
    block_lms = BlockLMS(15, mu=0.5, L=5, nlms=True)
    _run_filter(block_lms, x, d)
    return block_lms.w


def run_rls(x, d):
    rls = RLS(15, lmbd=1.0, delta=2.0)
    _run_filter(rls, x, d)
    return rls.w


def run_block_rls(x, d):
    block_rls = BlockRLS(15, lmbd=1.0, delta=2.0)
    _run_filter(block_rls, x, d)
    return block_rls.w


def run_subband_nlms(X_concat, Y_concat):
    # tests/adaptive/test_adaptive_frequency.py's run_filters with SubbandLMS(num_taps=6, ..., mu=0.5, nlms=True)
    subband_nlms = SubbandLMS(num_taps=6, num_bands=X_concat.shape[0], mu=0.5, nlms=True)
    num_blocks = X_concat.shape[1]
    for n in range(num_blocks):
        subband_nlms.update(X_concat[:, n], Y_concat[:, n])
    return subband_nlms.W


def toeplitz_hankel_products(c, r, A):
    return toeplitz_multiplication(c, r, A), hankel_multiplication(c, r, A)


def circulant_approximations(r):
    return toeplitz_strang_circ_approx(r), toeplitz_opt_circ_approx(r, matrix=True)


def point_cloud_mds_normalize(X):
    # a marker set from its EDM by classical MDS, then put in the frame of its first four markers
    pc = PointCloud(X=X)
    pc2 = PointCloud(EDM=pc.EDM())
    pc2.normalize()
    return pc2.X, pc2.doa(0, 3)


def point_cloud_center_align(X):
    # align swaps two rows through views, `Y[axis, :], Y[2, :] = Y[2, :], Y[axis, :]`, which in NumPy copies row 2
    # into both (the second assignment reads the first one's result): the graph must do the same
    pc = PointCloud(X=X)
    pc.center(0)
    pc.align(1, 0)
    pc.correct({0: 0.5})
    return pc.X


def point_cloud_flatten(X):
    pc = PointCloud(X=X)
    pc.flatten([0, 1, 2])
    return pc.X


def subspace_denoise(noisy_signal):
    # tests/denoise/test_subspace.py's configuration, smaller frames (see the module docstring)
    return apply_subspace(noisy_signal, frame_len=32, lookback=5, skip=1, thresh=1, data_type="float64")


def spectral_subtraction_frames(frames):
    # apply_spectral_sub's loop, the STFT replaced by the rfft of Hann-windowed frames (see the module docstring)
    scnr = SpectralSub(64, 25, 12, 30, 1)
    out = []
    for frame in frames:
        X = np.fft.rfft(np.hanning(64) * frame)
        gain_filt = scnr.compute_gain_filter(X)
        out.append(gain_filt * X)
    return np.array(out)


def iterative_wiener_frames(frames):
    # tests/denoise/test_iterative_wiener.py's loop: compute_filtered_output per frame
    scnr = IterativeWiener(frame_len=64, lpc_order=8, iterations=2, alpha=0.8, thresh=0.01)
    out = []
    for frame in frames:
        out.append(scnr.compute_filtered_output(current_frame=frame, frame_dft=np.fft.rfft(frame)))
    return np.array(out), scnr.noise_psd


def auxiva_one_source(X):
    # n_src < n_chan: W and J are views of W_hat, which update_J_from_orth_const writes through
    return auxiva(X, n_src=1, n_iter=5, return_filters=True)


def auxiva_gauss_eig(X):
    return auxiva(X, n_iter=5, model="gauss", init_eig=True)


def ilrma_seeded(X):
    # ilrma draws its initial NMF factors from np.random.rand, so the wrapper seeds the global generator (as
    # tests/bss/test_bss.py seeds it at import)
    np.random.seed(0)
    return ilrma(X, n_iter=5, n_components=2, return_filters=True)


# --- inputs -----------------------------------------------------------------------------------------------------------
def _adaptive_signals(rng, n_samples=200, length=15):
    """tests/adaptive/test_adaptive.py: an unknown unit-norm filter of 15 taps, a white driving signal, its output
    (fftconvolve(x, w)[:n_samples]); 200 samples, not 2,000."""
    w = rng.normal(size=length)
    w /= np.linalg.norm(w)
    x = rng.normal(size=n_samples)
    return x, signal.fftconvolve(x, w)[:n_samples]


def _subband_signals(rng, num_taps=6, num_bands=9, num_blocks=40):
    """tests/adaptive/test_adaptive_frequency.py: unknown per-band filters W (unit norm per band), a driving STFT and
    each band convolved with its filter; complex64 as there (9 bands of a 16-point transform, 40 blocks)."""
    W = rng.normal(size=(num_taps, num_bands)) + 1j * rng.normal(size=(num_taps, num_bands))
    W /= np.linalg.norm(W, axis=0)
    X = (rng.normal(size=(num_bands, num_blocks)) + 1j * rng.normal(size=(num_bands, num_blocks))).astype(np.complex64)
    Y = np.zeros((num_bands, num_blocks), dtype=np.complex64)
    for k in range(num_bands):
        Y[k, :] = signal.fftconvolve(X[k, :], W[:, k])[:num_blocks]
    return X, Y


def _decaying_rir(rng, n=2000, fs=16000, rt60=0.05):
    """A synthetic room impulse response: white noise under a 60 dB / rt60 exponential decay."""
    t = np.arange(n) / fs
    return rng.normal(size=n) * 10 ** (-3 * t / rt60)


def _deconvolution_signals(rng, h_len=30, x_len=200):
    """tests/experimental/test_deconvolution.py: a symmetric Hann filter, a white excitation, their convolution with
    noise at 1000 dB SNR (200 samples of excitation, not 1,000)."""
    h = np.hanning(h_len)
    x = rng.normal(size=x_len)
    y = signal.fftconvolve(x, h) + 10 ** (-1000 / 20.0) * rng.normal(size=x_len + h_len - 1)
    return y, x


def _delayed_pair(rng, n=200, m=37, tau=4):
    """tests/test_sync.py's test_tdoa_delay_int: a pulse at 0 and the same pulse delayed by tau samples."""
    pulse = rng.normal(size=m)
    x1 = np.zeros(n)
    x1[:m] = pulse
    x2 = np.zeros(n)
    x2[tau: tau + m] = pulse
    return x1, x2


def _aligned_pair(rng, n=2048, delay=37):
    """A reference and a copy delayed by 37 samples with a little noise, for time_align."""
    ref = rng.normal(size=n)
    deg = np.r_[np.zeros(delay), ref[:-delay]] + 0.01 * rng.normal(size=n)
    return ref, deg


def _mic_array_tdoa(rng):
    """Six microphones around a source (3 x 6 positions in metres) and the TDOAs to them at c = 343 m/s."""
    R = rng.uniform(-2.0, 2.0, size=(3, 6))
    source = np.array([0.3, -0.2, 0.5]) + rng.uniform(-0.05, 0.05, size=3)
    toa = np.linalg.norm(R - source[:, None], axis=0) / 343.0
    return R, toa - toa[0]


def _marker_set(rng):
    """Five markers in 3D (the columns), the first four spanning a frame."""
    return np.array([[0.0, 1.0, 0.2, 0.1, 0.6], [0.0, 0.1, 1.0, 0.2, 0.4], [0.0, 0.1, 0.3, 1.0, 0.7]]) + \
        rng.uniform(-0.02, 0.02, size=(3, 5))


def _stft_mixture(rng, n_frames=50, n_freq=9, n_chan=2):
    """A two-source, two-microphone mixture in the STFT domain (frames, frequencies, channels): Laplacian sources
    through a random complex mixing matrix per frequency."""
    S = rng.laplace(size=(n_frames, n_freq, n_chan)) * np.exp(2j * np.pi * rng.uniform(size=(n_frames, n_freq, n_chan)))
    A = rng.normal(size=(n_freq, n_chan, n_chan)) + 1j * rng.normal(size=(n_freq, n_chan, n_chan))
    return np.einsum("fcs,tfs->tfc", A, S)


def _sparse_rtf(rng, n_freq=64):
    """sparseauxiva's call sparir(G[i, :], S): the DFT of a sparse relative impulse response, known at the
    active bins S."""
    g = np.zeros(n_freq)
    g[[0, 3, 7]] = [1.0, -0.5, 0.25]
    g += 0.01 * rng.normal(size=n_freq)
    S = np.sort(rng.choice(n_freq, size=24, replace=False))
    return np.fft.fft(g), S


def _frames_with_silence(rng, n_frames=6, frame_len=64):
    """Frames of a voiced-like signal (a harmonic tone with noise), every third frame near silence."""
    t = np.arange(frame_len) / 8000.0
    frames = np.array([np.sin(2 * np.pi * 440 * t + k) + 0.5 * np.sin(2 * np.pi * 880 * t) for k in range(n_frames)])
    frames += 0.1 * rng.normal(size=frames.shape)
    frames[::3] *= 0.01
    return frames


def _peaks_signal(rng):
    """detect_peaks' docstring: sin(2 pi 5 t) on 200 points plus noise / 5."""
    return np.sin(2 * np.pi * 5 * np.linspace(0, 1, 200)) + rng.normal(size=200) / 5


def _peaks_with_nan(rng):
    """detect_peaks' docstring sets x[60:81] = nan in randn(100); here in a sine of five periods with a little noise,
    so that both calls find the same number of peaks."""
    x = np.sin(2 * np.pi * 5 * np.linspace(0, 1, 100)) + 1e-3 * rng.normal(size=100)
    x[60:81] = np.nan
    return x


def _jitter(rng, values, scale=0.01):
    return np.asarray(values, dtype=float) + rng.uniform(-scale, scale, size=np.shape(values))


def _toeplitz_psd_column(rng, n=8):
    """The first column of a symmetric positive definite Toeplitz matrix: a biased autocorrelation."""
    x = rng.normal(size=64)
    return np.correlate(x, x, "full")[63:63 + n] / 64


CASES = [
    case(to_float32, lambda rng: (rng.integers(-32768, 32767, size=64).astype(np.int16),), PRA("utilities.py", "to_float32", "int16 samples as a WAV file gives them: np.iinfo(data.dtype).min")),
    case(clip, lambda rng: (rng.normal(size=64), 1.0, -0.5), PRA("utilities.py", "clip", "s[np.where(s > high)] = high")),
    case(normalize, lambda rng: (rng.normal(size=64), 16), PRA("utilities.py", "normalize / clip", "bits=16")),
    case(prony, lambda rng: (signal.lfilter([1.0, 0.5], [1.0, -0.6, 0.2, -0.1], np.r_[1.0, np.zeros(23)]) + 0.001 * rng.normal(size=24), 3, 2), PRA("utilities.py", "prony / convmtx", "the impulse response of a (2, 3) IIR filter: scipy.linalg.toeplitz, lstsq")),
    case(shanks, lambda rng: (signal.lfilter([1.0, 0.5], [1.0, -0.6, 0.2, -0.1], np.r_[1.0, np.zeros(23)]) + 0.001 * rng.normal(size=24), 3, 2), PRA("utilities.py", "shanks / prony / convmtx", "scipy.signal.lfilter of the Prony denominator")),
    case(low_pass_dirac, lambda rng: (rng.uniform(0.0, 0.2, size=(3, 1)), rng.uniform(0.5, 1.0, size=(3, 1)), 100, 32), PRA("utilities.py", "low_pass_dirac", "column vectors of delays and attenuations, as the docstring says")),
    case(fractional_delay, lambda rng: (rng.uniform(-1, 1, size=4),), PRA("utilities.py", "fractional_delay", "a 1-D array of delays: t0[:, None]; constants.get('frac_delay_length')")),
    case(fractional_delay_filter_bank, lambda rng: (_jitter(rng, [0.0, 0.3, 3.5, 10.1, 5.7]),), PRA("utilities.py", "fractional_delay_filter_bank", "tests/test_sync.py's delays: int(np.ceil(delays).max()) sizes the bank")),
    case(levinson, lambda rng: (_toeplitz_psd_column(rng), rng.normal(size=8)), PRA("utilities.py", "levinson", "a vector right-hand side")),
    case(levinson, lambda rng: (_toeplitz_psd_column(rng), rng.normal(size=(8, 3))), PRA("utilities.py", "levinson", "a matrix right-hand side: the else branch"), name="pyroomacoustics.levinson_matrix"),
    case(autocorr, lambda rng: (rng.normal(size=256), 3, True, "time"), PRA("utilities.py", "autocorr", "tests/test_autocorr.py: method='time', p=3: a list comprehension of np.dot"), name="pyroomacoustics.autocorr_time"),
    case(autocorr, lambda rng: (rng.normal(size=256), 35, False, "fft"), PRA("utilities.py", "autocorr", "method='fft', p=35, unbiased"), name="pyroomacoustics.autocorr_fft_unbiased"),
    case(autocorr, lambda rng: (rng.normal(size=256), 3, False, "pra"), PRA("utilities.py", "autocorr / sync.correlate", "method='pra', unbiased"), name="pyroomacoustics.autocorr_pra"),
    case(lpc, lambda rng: (rng.normal(size=256), 10), PRA("utilities.py", "lpc / autocorr / levinson")),
    case(goertzel, lambda rng: (rng.normal(size=64), 5), PRA("utilities.py", "goertzel", "scipy.signal.lfilter, then s[-1], s[-2]")),
    case(all_combinations, lambda rng: (rng.normal(size=3), rng.normal(size=4)), PRA("utilities.py", "all_combinations", "itertools.product of two arrays")),
    case(angle_function, lambda rng: (_jitter(rng, [[0, 0, 1], [0, 0, 1], [0, 1, 1]]), _jitter(rng, [1, -1, 1])), PRA("utilities.py", "angle_function / doa.cart2spher", "tests/test_angle_function.py's a1, b2: 3-D"), name="pyroomacoustics.angle_function_3d"),
    case(angle_function, lambda rng: (_jitter(rng, [[0, 0], [0, 0]]), _jitter(rng, [0, 1])), PRA("utilities.py", "angle_function / doa.cart2spher", "c1, d2: 2-D, co[:] = np.pi / 2"), name="pyroomacoustics.angle_function_2d"),
    case(cart_spher_roundtrip, lambda rng: (rng.normal(size=(3, 10)),), PRA("doa/utils.py", "cart2spher / spher2cart", "tests/doa/test_utils.py's round trip")),
    case(spher2cart, lambda rng: (rng.uniform(0, 360, size=6), None, 2.0, True), PRA("doa/utils.py", "spher2cart", "degrees, no colatitude: hasattr(azimuth, '__len__')"), name="pyroomacoustics.spher2cart_degrees"),
    case(polar_distance, lambda rng: (rng.uniform(0, 2 * np.pi, size=4), rng.uniform(0, 2 * np.pi, size=3)), PRA("doa/utils.py", "polar_distance", "a loop of argmin pairings, rows and columns set to inf")),
    case(fibonacci_spherical_sampling, lambda rng: (20,), PRA("doa/utils.py", "fibonacci_spherical_sampling")),
    case(detect_peaks, lambda rng: (_peaks_signal(rng), 0, 20), PRA("doa/detect_peaks.py", "detect_peaks", "the docstring's mph=0, mpd=20: the loop over peaks sorted by height"), name="pyroomacoustics.detect_peaks_mpd"),
    case(detect_peaks, lambda rng: (_jitter(rng, [-2, 1, -2, 2, 1, 1, 3, 0]), None, 1, 1.5), PRA("doa/detect_peaks.py", "detect_peaks", "the docstring's x, threshold 1.5 (its 2 is a tie that the jitter breaks either way): np.delete"), name="pyroomacoustics.detect_peaks_threshold"),
    case(detect_peaks, lambda rng: (_peaks_signal(rng), 0, 20, 0, "rising", False, True), PRA("doa/detect_peaks.py", "detect_peaks", "valley=True"), name="pyroomacoustics.detect_peaks_valley"),
    case(detect_peaks, lambda rng: (_peaks_with_nan(rng), None, 1, 0, "both"), PRA("doa/detect_peaks.py", "detect_peaks", "NaNs: x[indnan] = np.inf, np.isin (adapted from np.in1d); edge='both'"), name="pyroomacoustics.detect_peaks_nan"),
    case(correlate, lambda rng: (rng.normal(size=100), rng.normal(size=47)), PRA("sync.py", "correlate", "tests/test_sync.py's test_correlate")),
    case(tdoa, lambda rng: (*_delayed_pair(rng), 20, True, 100), PRA("sync.py", "tdoa / correlate", "test_tdoa_delay_frac_phat's interp=20, phat=True, fs=100 on test_tdoa_delay_int's pulses")),
    case(time_align, lambda rng: (*_aligned_pair(rng), 256), PRA("sync.py", "time_align / delay_estimation / tdoa", "int(np.median(delays)) sizes the slices")),
    case(median, lambda rng: (rng.random((10, 9)),), PRA("metrics.py", "median", "odd n: xsw[n // 2,]"), name="pyroomacoustics.median"),
    case(median_ci_binomial, lambda rng: (rng.random((10, 9, 8)),), PRA("metrics.py", "median", "test_median's alpha=0.05 on rand(10, 9, 8): scipy.stats.binom ppf / cdf of the static n")),
    case(median_ci_normal_keepdims, lambda rng: (rng.random((4, 250, 3)),), PRA("metrics.py", "median", "n = 250 past the CLT bound: scipy.stats.norm ppf; keepdims with np.moveaxis")),
    case(measure_rt60, lambda rng: (_decaying_rir(rng), 16000), PRA("experimental/rt60.py", "measure_rt60 / _fit_exp_and_extrapolate", "np.min(np.where(energy_db < -5.0)[0]) in a try; lstsq fit"), name="pyroomacoustics.measure_rt60"),
    case(measure_rt60, lambda rng: (_decaying_rir(rng), 16000, 30, 0.95, False, None, None, True), PRA("experimental/rt60.py", "measure_rt60 / _fit_exp_and_extrapolate", "energy_thres=0.95, decay_db=30, linear_domain_fit: scipy.optimize.curve_fit"), name="pyroomacoustics.measure_rt60_linear_fit"),
    case(deconvolve, lambda rng: (*_deconvolution_signals(rng), 30), PRA("experimental/deconvolution.py", "deconvolve", "test_deconvolve_hann_noiseless: H[I] = Y[I] / S[I] where |S| > thresh")),
    case(wiener_deconvolve, lambda rng: (*_deconvolution_signals(rng), 30, 10 ** (-100.0)), PRA("experimental/deconvolution.py", "wiener_deconvolve", "test_wiener_deconvolve_hann_noiseless: noise_variance = sigma_noise**2")),
    case(exponential_sweep, lambda rng: (0.05, 8000, 0.0, None, 0.005), PRA("experimental/signals.py", "exponential_sweep / window", "fade: window() of a copy")),
    case(linear_sweep, lambda rng: (0.05, 8000, 100.0, -500.0, 0.005, True), PRA("experimental/signals.py", "linear_sweep / window", "f_hi < 0: fs / 2 + f_hi; ascending")),
    case(localization_tdoa, lambda rng: (*_delayed_pair(rng), 1, 16000), PRA("experimental/localization.py", "tdoa", "GCC-PHAT on float32 spectra")),
    case(tdoa_loc, lambda rng: (*_mic_array_tdoa(rng), 343.0), PRA("experimental/localization.py", "tdoa_loc", "I = tau != 0.0 selects microphones; scipy.linalg.lstsq")),
    case(edm_line_search, lambda rng: (*_mic_array_tdoa(rng), np.array([0.0, 4.0]), 40), PRA("experimental/localization.py", "edm_line_search / point_cloud.PointCloud.EDM", "scipy.linalg.eigh(eigvals_only=True) per offset")),
    # (Four markers, not five: the Gram matrix of five points in 3D has two zero eigenvalues, which np.linalg.eig may
    # give as a complex pair (then eager's arctan2 fails: an invalid case, met at stop 71); four leave one, real.)
    case(point_cloud_mds_normalize, lambda rng: (_marker_set(rng)[:, :4],), PRA("experimental/point_cloud.py", "PointCloud.__init__ / EDM / fromEDM / classical_mds / normalize / doa", "np.linalg.eig of the Gram matrix; if Y[2, refs[3]] < 0 flips")),
    case(point_cloud_center_align, lambda rng: (_marker_set(rng),), PRA("experimental/point_cloud.py", "PointCloud.center / align / correct / key2ind", "align(1, 0) swaps rows through views: Y[axis, :], Y[2, :] = Y[2, :], Y[axis, :]")),
    case(point_cloud_flatten, lambda rng: (_marker_set(rng),), PRA("experimental/point_cloud.py", "PointCloud.flatten", "scipy.linalg.svd of the centred markers")),
    case(run_nlms, lambda rng: _adaptive_signals(rng), PRA("adaptive/lms.py", "NLMS / adaptive_filter.AdaptiveFilter", "test_nlms: mu=0.5, sample by sample")),
    case(run_block_lms, lambda rng: _adaptive_signals(rng), PRA("adaptive/lms.py", "BlockLMS", "test_block_lms: mu = 1 / length / 2, L=1: scipy.linalg.hankel")),
    case(run_block_nlms, lambda rng: _adaptive_signals(rng), PRA("adaptive/lms.py", "BlockLMS", "L=5, nlms=True: an update every fifth sample (if self.n % self.L == 0)")),
    case(run_rls, lambda rng: _adaptive_signals(rng), PRA("adaptive/rls.py", "RLS / data_structures.Buffer", "test_rls: lmbd=1.0, delta=2.0, float32 P; np.dot(..., out=self.g)")),
    case(run_block_rls, lambda rng: _adaptive_signals(rng), PRA("adaptive/rls.py", "BlockRLS / Buffer / Powers / util.hankel_stride_trick", "test_block_rls: as_strided Hankel blocks")),
    case(run_subband_nlms, lambda rng: _subband_signals(rng), PRA("adaptive/subband_lms.py", "SubbandLMS / hermitian", "test_subband_nlms: complex64")),
    case(toeplitz_hankel_products, lambda rng: (rng.normal(size=10), rng.normal(size=20), rng.normal(size=(20, 4))), PRA("adaptive/util.py", "toeplitz_multiplication / hankel_multiplication", "FFT products; has_mklfft is False")),
    case(circulant_approximations, lambda rng: (rng.normal(size=9),), PRA("adaptive/util.py", "toeplitz_strang_circ_approx / toeplitz_opt_circ_approx", "scipy.linalg.circulant")),
    case(subspace_denoise, lambda rng: (rng.normal(size=16 * 5 + 32),), PRA("denoise/subspace.py", "apply_subspace / Subspace", "test_subspace's lookback=5, threshold=1 on frames of 32: if energy < self.thresh per sub-frame; np.linalg.eig")),
    case(spectral_subtraction_frames, lambda rng: (_frames_with_silence(rng, 8),), PRA("denoise/spectral_subtraction.py", "SpectralSub", "apply_spectral_sub's defaults: a list comprehension of builtin max over bins")),
    case(iterative_wiener_frames, lambda rng: (_frames_with_silence(rng),), PRA("denoise/iterative_wiener.py", "IterativeWiener / compute_speech_psd / compute_squared_gain / compute_wiener_filter", "if frame_energy < self.thresh; lpc, np.vectorize, integrate.trapezoid")),
    case(projection_back, lambda rng: (_stft_mixture(rng), _stft_mixture(rng)[:, :, 0], 2.0, 0.5), PRA("bss/common.py", "projection_back", "clip_up and clip_down: masked in-place scaling")),
    case(sparir, lambda rng: (*_sparse_rtf(rng), np.array([0.1]), 0, 50, 0.01), PRA("bss/common.py", "sparir", "a scalar weight (the default empty weights give a 1-D tau that a 2-D support mask cannot index), tol=0.01: a while loop on the criterion, soft thresholding")),
    case(auxiva_one_source, lambda rng: (_stft_mixture(rng),), PRA("bss/auxiva.py", "auxiva / projection_back", "n_src=1 < n_chan: update_J_from_orth_const writes J, a view of W_hat; model='laplace', return_filters")),
    case(auxiva_gauss_eig, lambda rng: (_stft_mixture(rng),), PRA("bss/auxiva.py", "auxiva / projection_back", "model='gauss'; init_eig: np.linalg.eig, argsort per frequency (with n_src < n_chan it cannot broadcast: not run)")),
    case(ilrma_seeded, lambda rng: (_stft_mixture(rng),), PRA("bss/ilrma.py", "ilrma / projection_back", "np.random.rand initial factors after np.random.seed(0)")),
]
