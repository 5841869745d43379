"""Real NumPy functions that ask about a path, list a directory, or read a file through a library we do not convert,
copied from public repositories, with small inputs: a spectrogram cache kept when ``os.path.exists`` says so, MNIST
read with ``gzip.open`` after ``os.path.exists``/``os.path.isfile`` checks, sounds read with ``scipy.io.wavfile.read``
(after ``os.path.isfile``) and with ``wave.open``, an HRIR table read with ``scipy.io.loadmat``, a cantilever
simulation's parameters read with ``configparser``'s ``read``, result files gathered with ``os.walk``, and class
weights from the directories ``os.path.isdir`` finds. ``tests/coverage/test_paths_corpus.py`` checks that a traced
graph follows a change of such a path between two calls as eager code does (or refuses clearly): since stop 87,
autograph/file_reads.py and runtime/file_calls.py record these three kinds of access (a question about a path, even a
missing one; a directory listing, by its top directory; a library's reader found by its name, whose path arguments
that name something when the trace ends count as read), and a call that finds one changed (by ``os.stat``) traces
again.

Not part of the harness's corpus: ``harness.load_cases()`` reads every ``corpus_*`` module's ``CASES`` as
``cases.Case`` objects whose repositories are listed in ``cases.REPOS``; these sources are not (and this file may not
edit ``cases.py``), so ``CASES`` is empty here and the cases are ``PATH_CASES``: ``(name, function, [input tuples],
write)``, as in ``corpus_files.py``. ``write(version)`` makes the case's files, for version 0 or 1, in the working
directory (the test makes it a fresh temporary directory of its own: every path here is relative, as the upstream
scripts run from their project's directory) and returns the paths it wrote, made or removed. Version 0 may leave a
path missing (the spectrogram cache: the first eager call makes it); version 1 changes eager's result: a file
rewritten to another size (``os.stat``'s modification time may not change within the file system's time resolution,
the size does; no case needs ``os.utime``), a file made or removed, or a file added to or removed from a directory
(returned too: its entries change, and so does its ``os.stat``). ``PATH_KINDS`` says which of the three kinds each
case's function uses; ``KNOWN_STALE`` names the cases a graph is known to get wrong, and why (the test marks them
``xfail(strict=True)``). The functions at the end of the file (under "The cases") are the calling convention: they
build the arguments and objects upstream code builds around the copied functions; they are this file's, not
upstream's.

Sources (none of them a repository of ``cases.REPOS`` nor of another corpus here; docstrings dropped, comments and
code as upstream; each from the snapshot the fetch tool gave, at the commit named):

* f0k/ismir2015 @bad69aeb9b9432788538c6a94313f3c5804cc1e0 (MIT) ``experiments/simplecache.py``: ``cached``, and
  ``experiments/audio.py``: ``rfft_builder`` (the fallback defined when pyfftw is missing, as upstream) and
  ``spectrogram``. ``train.py`` calls ``cached(cache_fn, audio.extract_spect, <audio file>, sample_rate, frame_len,
  fps)``; ``extract_spect`` decodes the file with ffmpeg and returns ``spectrogram`` of the samples, so the case
  ``ismir_cached_spectrogram`` hands ``cached`` the function ``spectrogram`` and the samples (an array) instead, at
  8 kHz, 64-sample frames, 500 frames per second. (``spectrogram``'s ``np.vstack`` of a generator, for one frame, is
  not reached: NumPy 2 refuses a generator there.)

* HIPS/autograd @bff107b8d71a444a1160deade3e1cbd0b92f4fa6 (MIT) ``examples/data_mnist.py``: ``download``, ``mnist``
  (``data_mnist`` is a class holding it, for ``data.py``'s ``data_mnist.mnist()``), ``examples/data.py``:
  ``load_mnist``, and ``examples/neural_net.py``: ``neural_net_predict``, ``accuracy``. ``import autograd.numpy as np``
  is NumPy here and ``autograd.scipy.special.logsumexp`` SciPy's (autograd's wraps it for gradients; autograd is not
  installed). The four IDX files are there (4x4 images), so ``urlretrieve`` is never called. The cases' functions are
  ``neural_net.py``'s main steps after training: ``load_mnist()``, then the network's log-probabilities or accuracy on
  the test or training set, with the two layers' weights as the arrays of the input.

* MTG/sms-tools @8b685e68172be2e7a067ba351f9ee04af3042e60 (AGPL-3.0) ``smstools/models/utilFunctions.py``:
  ``isPower2``, the normalisation factors and ``wavread`` (the optional Cython module's import left out: these
  functions do not use it), ``smstools/models/dftModel.py``: ``tol``, ``_EPS``, ``_validate_window_fft_size``,
  ``_positive_spectrum_from_fft``, ``_build_positive_spectrum``, ``dftAnal``, ``dftSynth``, and
  ``smstools/models/stft.py``: ``stftAnal``, ``stftSynth``, ``stft`` (``UF``, ``DFT`` and ``STFT`` are classes holding
  them, for the module-qualified calls). The cases follow ``software/models_interface/dftModel_function.py`` and
  ``stft_function.py``'s ``main`` @1c210b7cd6c432a5050cafa496d8c9df2a86523b (the layout before the package), up to
  their plots: ``sms_dft_main`` is ``main``'s code with the window given as an array (instead of
  ``get_window(window, M)``) and ``N = 64``; ``sms_stft`` reads the sound as ``main`` does and returns ``stft``'s
  round trip (``main``'s ``stftSynth`` output runs past the sound into the padding, where the FFTs' rounding differs
  between executors by 1e-17).

* AllenDowney/ThinkDSP @b80edd98016d4d5afe3336faf31fdf8e25056ebc (MIT) ``thinkdsp/thinkdsp.py``: ``read_wave``
  (``wave.open``, imported as ``open_wave``), ``read_wave_with_scipy`` (``scipy.io.wavfile.read``), ``normalize``,
  and of ``_SpectrumParent``, ``Spectrum`` and ``Wave`` the methods the cases use (``__init__``, ``amps``, ``power``,
  ``max_freq``; ``__len__``; ``__init__``, ``__len__``, ``start``, ``end``, ``duration``, ``convolve``, ``window``,
  ``normalize``, ``make_spectrum``); the plotting, playing and other methods are left out. The cases are the book's
  smoothing by convolution with a window (``wave.convolve(window)``) of a recording read with either reader, and a
  windowed spectrum (``wave.window(window)``, then ``make_spectrum``).

* DavidDiazGuerra/gpuRIR @a4169f47a2f0396590ad44f581577f066d05d763 (AGPL-3.0; the snapshot's refs/pull/27)
  ``gpuRIR/extensions/hrtf/hrtf_rir.py``: ``HRTF_RIR`` (``scipy.io.loadmat`` of the CIPIC table
  ``gpuRIR/extensions/hrtf/cipic_hrir/hrir_final.mat``; ``plt`` is a stand-in None, used only with ``visualize``),
  ``gpuRIR/extensions/filters/filter.py``: ``FilterStrategy``, and ``filters/hrtf_filter.py``: ``HRTF_Filter``.
  ``_RoomParameters`` is a stand-in for ``room_parameters.RoomParameters`` holding the three attributes the filter
  reads (the source position, the head's position and direction); a case makes the filter, as
  ``examples/stereo_filters.py`` does (``HRTF_Filter('l', params_left)``), and applies it to an impulse response (the
  array).

* rajgiriUW/FFTA @e9d5dcdb395d115b6dfd90e0bf35ee8ba65bb2e3 (MIT) ``ffta/simulation/utils/load.py``:
  ``simulation_configuration`` (``configparser.RawConfigParser().read``), and ``ffta/simulation/cantilever.py``:
  ``Cantilever``'s ``__init__``, ``set_conditions``, ``force``, ``omega`` and ``dZ_dt`` (``simulate``, which calls
  ``odeint`` on ``dZ_dt``, and the analysis methods are left out, as is the import of ``Pixel`` they need). As the
  class docstring's example does, a case makes ``Cantilever(*load.simulation_configuration(params_file))`` and
  evaluates the ODE's right-hand side or the driving force at the input's times. ``Cantilever.__init__`` calls
  ``np.seterr(divide='ignore')``: the case makes it inside ``np.errstate()``, so that the corpus leaves NumPy's error
  state as it found it (the test asserts it).

* linuxlizard/page_segmentation @45cd09e72900cadc096c70fc0e3f4586bfe5a9d4 (no license file) ``basename.py``:
  ``get_basename``, ``datfile.py``: ``load``, ``find_all``, ``load_all_data`` (``datfile`` is a class holding the first
  two, for ``drawgraphs.py``'s ``datfile.load``), and ``drawgraphs.py``: ``load_all_datfiles``,
  ``get_winder_class_results``. The modules are Python 2 (``print`` statements elsewhere in them); these functions
  are valid Python 3 as written. The .dat files are ``runseg.py``'s output, one strip per line (image, ground truth,
  metric), in the two trees ``datfile.py``'s ``decode_uwiii_filename`` and ``decode_winder_filename`` read
  (``300_rast/<file>.dat`` and ``600_winder_rast/imagesAndgTruth/<class>/300dpi/<page>/<page>.dat``).

* alt0xFF/hongkong_flowers @a1dc31a0b47ee47051bb93ed4aeec6c567102650 (no license file) ``core/keras/utils.py``:
  ``get_class_weight`` (``os.listdir``, ``os.path.isdir`` of each entry, ``glob.iglob`` of each class directory).

Kinds: a question about a path in 8 cases (ismir2015, autograd, sms-tools, hongkong_flowers), a listing (``os.walk``)
in 6 (page_segmentation), a library's reader in 13 (autograd's ``gzip.open``, sms-tools' and ThinkDSP's
``scipy.io.wavfile.read``, ThinkDSP's ``wave.open``, gpuRIR's ``scipy.io.loadmat``, FFTA's ``ConfigParser.read``). In
the ismir2015, hongkong_flowers and two page_segmentation cases the path is also read or listed by the older readers
(``np.load`` of the cache, ``open`` of a result file, ``os.listdir`` and ``glob.iglob``), so that the new records are
not the only ones that see the change there.
"""

# ruff: noqa: E741, W291, W293, B006, UP004, UP015, UP031  (upstream code, as written)
from __future__ import annotations

import array
import configparser
import csv
import glob
import gzip
import math
import os
import struct
import urllib
from math import pi
from urllib.request import urlretrieve
from wave import open as open_wave

import numpy as np
import scipy.io
from scipy.fft import irfft, rfft
from scipy.io import loadmat, wavfile
from scipy.io.wavfile import read, write
from scipy.special import logsumexp

PI2 = 2 * pi  # (ffta/simulation/cantilever.py's; thinkdsp.py's PI2 = np.pi * 2 is the same number)


# ================================================================================================================
# f0k/ismir2015: experiments/simplecache.py


def cached(filename, func, *args, **kwargs):
    if filename and os.path.exists(filename):
        return np.load(filename)
    else:
        result = func(*args, **kwargs)
        if filename:
            np.save(filename, result)
        return result


# ================================================================================================================
# f0k/ismir2015: experiments/audio.py (rfft_builder and spectrogram)

try:
    from pyfftw.builders import rfft as rfft_builder
except ImportError:
    def rfft_builder(samples, *args, **kwargs):
        if samples.dtype == np.float32:
            return lambda *a, **kw: np.fft.rfft(*a, **kw).astype(np.complex64)
        else:
            return np.fft.rfft


def spectrogram(samples, sample_rate, frame_len, fps, batch=50):
    if len(samples) < frame_len:
        return np.empty((0, frame_len // 2 + 1), dtype=samples.dtype)
    win = np.hanning(frame_len).astype(samples.dtype)
    hopsize = sample_rate // fps
    num_frames = max(0, (len(samples) - frame_len) // hopsize + 1)
    batch = min(batch, num_frames)
    if batch <= 1 or not samples.flags.c_contiguous:
        rfft = rfft_builder(samples[:frame_len], n=frame_len)
        spect = np.vstack(np.abs(rfft(samples[pos:pos + frame_len] * win))
                          for pos in range(0, len(samples) - frame_len + 1,
                                           int(hopsize)))
    else:
        rfft = rfft_builder(np.empty((batch, frame_len), samples.dtype),
                            n=frame_len, threads=1)
        frames = np.lib.stride_tricks.as_strided(
                samples, shape=(num_frames, frame_len),
                strides=(samples.strides[0] * hopsize, samples.strides[0]))
        spect = [np.abs(rfft(frames[pos:pos + batch] * win))
                 for pos in range(0, num_frames - batch + 1, batch)]
        if num_frames % batch:
            spect.append(spectrogram(
                    samples[(num_frames // batch * batch) * hopsize:],
                    sample_rate, frame_len, fps, batch=1))
        spect = np.vstack(spect)
    return spect


# ================================================================================================================
# HIPS/autograd: examples/data_mnist.py


def download(url, filename):
    if not os.path.exists("data"):
        os.makedirs("data")
    out_file = os.path.join("data", filename)
    if not os.path.isfile(out_file):
        urlretrieve(url, out_file)


def mnist():
    base_url = "https://storage.googleapis.com/cvdf-datasets/mnist/"

    def parse_labels(filename):
        with gzip.open(filename, "rb") as fh:
            _magic, _num_data = struct.unpack(">II", fh.read(8))
            return np.array(array.array("B", fh.read()), dtype=np.uint8)

    def parse_images(filename):
        with gzip.open(filename, "rb") as fh:
            _magic, num_data, rows, cols = struct.unpack(">IIII", fh.read(16))
            return np.array(array.array("B", fh.read()), dtype=np.uint8).reshape(num_data, rows, cols)

    for filename in [
        "train-images-idx3-ubyte.gz",
        "train-labels-idx1-ubyte.gz",
        "t10k-images-idx3-ubyte.gz",
        "t10k-labels-idx1-ubyte.gz",
    ]:
        download(base_url + filename, filename)

    train_images = parse_images("data/train-images-idx3-ubyte.gz")
    train_labels = parse_labels("data/train-labels-idx1-ubyte.gz")
    test_images = parse_images("data/t10k-images-idx3-ubyte.gz")
    test_labels = parse_labels("data/t10k-labels-idx1-ubyte.gz")

    return train_images, train_labels, test_images, test_labels


class data_mnist:  # the module examples/data.py imports (``data_mnist.mnist()``)
    mnist = staticmethod(mnist)


# ================================================================================================================
# HIPS/autograd: examples/data.py (load_mnist)


def load_mnist():
    partial_flatten = lambda x: np.reshape(x, (x.shape[0], np.prod(x.shape[1:])))
    one_hot = lambda x, k: np.array(x[:, None] == np.arange(k)[None, :], dtype=int)
    train_images, train_labels, test_images, test_labels = data_mnist.mnist()
    train_images = partial_flatten(train_images) / 255.0
    test_images = partial_flatten(test_images) / 255.0
    train_labels = one_hot(train_labels, 10)
    test_labels = one_hot(test_labels, 10)
    N_data = train_images.shape[0]

    return N_data, train_images, train_labels, test_images, test_labels


# ================================================================================================================
# HIPS/autograd: examples/neural_net.py (neural_net_predict, accuracy)


def neural_net_predict(params, inputs):
    for W, b in params:
        outputs = np.dot(inputs, W) + b
        inputs = np.tanh(outputs)
    return outputs - logsumexp(outputs, axis=1, keepdims=True)


def accuracy(params, inputs, targets):
    target_class = np.argmax(targets, axis=1)
    predicted_class = np.argmax(neural_net_predict(params, inputs), axis=1)
    return np.mean(predicted_class == target_class)


# ================================================================================================================
# MTG/sms-tools: smstools/models/utilFunctions.py (isPower2, the normalisation factors, wavread)


def isPower2(num: int) -> bool:
    return ((num & (num - 1)) == 0) and num > 0


INT16_FAC = 2**15
INT32_FAC = 2**31
INT64_FAC = 2**63
norm_fact = {
    "int16": INT16_FAC,
    "int32": INT32_FAC,
    "int64": INT64_FAC,
    "float32": 1.0,
    "float64": 1.0,
}


def wavread(filename: str) -> tuple[int, np.ndarray]:

    if not os.path.isfile(filename):
        raise ValueError("Input file is wrong")

    fs, x = read(filename)

    if len(x.shape) != 1:
        raise ValueError("Audio file should be mono")

    # Scale and convert audio to floating-point in [-1, 1].
    x = np.float32(x) / norm_fact[x.dtype.name]
    return fs, x


class UF:  # the module smstools.models.utilFunctions
    isPower2 = staticmethod(isPower2)
    wavread = staticmethod(wavread)


# ================================================================================================================
# MTG/sms-tools: smstools/models/dftModel.py

tol: float = 1e-14  # threshold used to compute phase
_EPS: float = np.finfo(float).eps


def _validate_window_fft_size(w: np.ndarray, N: int) -> None:
    if not UF.isPower2(N):
        raise ValueError(
            f"FFT size (N={N}) is not a power of 2. "
            f"Provided window size: {w.size}."
        )
    if w.size > N:
        raise ValueError(
            f"Window size (M={w.size}) is bigger than FFT size (N={N})."
        )


def _positive_spectrum_from_fft(X: np.ndarray, hN: int) -> np.ndarray:
    absX = np.abs(X[:hN])
    np.maximum(absX, _EPS, out=absX)
    return 20 * np.log10(absX)


def _build_positive_spectrum(mX: np.ndarray, pX: np.ndarray) -> np.ndarray:
    pos_mag = 10 ** (mX / 20)
    return pos_mag * np.exp(1j * pX)


def dftAnal(
    x: np.ndarray, w: np.ndarray, N: int
) -> tuple[np.ndarray, np.ndarray]:
    _validate_window_fft_size(w, N)
    hN = (N // 2) + 1
    hM1 = (w.size + 1) // 2
    hM2 = w.size // 2
    fftbuffer = np.zeros(N)
    w = w / np.sum(w)
    xw = x * w
    fftbuffer[:hM1] = xw[hM2:]
    fftbuffer[-hM2:] = xw[:hM2]
    Xh = rfft(fftbuffer, n=N)
    mX = _positive_spectrum_from_fft(Xh, hN)
    Xh = Xh.copy()
    Xh.real[np.abs(Xh.real) < tol] = 0.0
    Xh.imag[np.abs(Xh.imag) < tol] = 0.0
    pX = np.unwrap(np.angle(Xh))
    return mX, pX


def dftSynth(mX: np.ndarray, pX: np.ndarray, M: int) -> np.ndarray:
    hN = mX.size
    N = (hN - 1) * 2
    if not UF.isPower2(N):
        raise ValueError(
            f"size of mX ({mX.size}) is not (N/2)+1 for N={N}. "
            "Check input spectrum size."
        )
    hM1 = (M + 1) // 2
    hM2 = M // 2
    y = np.zeros(M)
    Yh = _build_positive_spectrum(mX, pX)
    fftbuffer = irfft(Yh, n=N)
    y[:hM2] = fftbuffer[-hM2:]
    y[hM2:] = fftbuffer[:hM1]
    return y


class DFT:  # the module smstools.models.dftModel
    dftAnal = staticmethod(dftAnal)
    dftSynth = staticmethod(dftSynth)


# ================================================================================================================
# MTG/sms-tools: smstools/models/stft.py (stftAnal, stftSynth)


def stftAnal(
    x: np.ndarray, w: np.ndarray, N: int, H: int
) -> tuple[np.ndarray, np.ndarray]:
    if H <= 0:
        raise ValueError(
            f"Hop size (H={H}) smaller or equal to 0. "
            f"Provided window size: {w.size}."
        )
    M = w.size
    hM1 = (M + 1) // 2
    hM2 = M // 2
    x = np.concatenate((np.zeros(hM2), x, np.zeros(hM2)))
    pin = hM1
    pend = x.size - hM1
    w = w / np.sum(w)
    if pin > pend:
        hN = (N // 2) + 1
        return np.empty((0, hN)), np.empty((0, hN))
    nFrames = 1 + (pend - pin) // H
    hN = (N // 2) + 1
    xmX = np.empty((nFrames, hN))
    xpX = np.empty((nFrames, hN))
    frame = 0
    while pin <= pend:
        x1 = x[pin - hM1 : pin + hM2]
        mX, pX = DFT.dftAnal(x1, w, N)
        xmX[frame, :] = mX
        xpX[frame, :] = pX
        frame += 1
        pin += H
    return xmX, xpX


def stftSynth(mY: np.ndarray, pY: np.ndarray, M: int, H: int) -> np.ndarray:
    hM1 = (M + 1) // 2
    hM2 = M // 2
    nFrames = mY.shape[0]
    y = np.zeros(nFrames * H + hM1 + hM2)
    pin = hM1
    for i in range(nFrames):
        y1 = DFT.dftSynth(mY[i, :], pY[i, :], M)
        y[pin - hM1 : pin + hM2] += H * y1
        pin += H
    return y[hM2 : y.size - hM1]


def stft(x: np.ndarray, w: np.ndarray, N: int, H: int) -> np.ndarray:
    if H <= 0:
        raise ValueError(
            f"Hop size (H={H}) smaller or equal to 0. "
            f"Provided window size: {w.size}."
        )
    M = w.size
    mX, pX = stftAnal(x, w, N, H)
    y = stftSynth(mX, pX, M, H)
    # Ensure output length matches input
    if len(y) > len(x):
        y = y[: len(x)]
    elif len(y) < len(x):
        y = np.pad(y, (0, len(x) - len(y)))
    return y


class STFT:  # the module smstools.models.stft
    stftAnal = staticmethod(stftAnal)
    stftSynth = staticmethod(stftSynth)
    stft = staticmethod(stft)


# ================================================================================================================
# AllenDowney/ThinkDSP: thinkdsp/thinkdsp.py (read_wave, read_wave_with_scipy, normalize, and the parts of
# _SpectrumParent, Spectrum and Wave the cases use)


def read_wave(filename="sound.wav", normalize=True):
    fp = open_wave(filename, "r")

    nchannels = fp.getnchannels()
    nframes = fp.getnframes()
    sampwidth = fp.getsampwidth()
    framerate = fp.getframerate()

    z_str = fp.readframes(nframes)

    fp.close()

    dtype_map = {1: np.int8, 2: np.int16, 3: "special", 4: np.int32}
    if sampwidth not in dtype_map:
        raise ValueError("sampwidth %d unknown" % sampwidth)

    if sampwidth == 3:
        xs = np.frombuffer(z_str, dtype=np.int8).astype(np.int32)
        ys = (xs[2::3] * 256 + xs[1::3]) * 256 + xs[0::3]
    else:
        ys = np.frombuffer(z_str, dtype=dtype_map[sampwidth])

    # if it's in stereo, just pull out the first channel
    if nchannels == 2:
        ys = ys[::2]

    # ts = np.arange(len(ys)) / framerate
    wave = Wave(ys, framerate=framerate)
    if normalize:
        wave.normalize()
    else:
        wave.ys = np.asarray(wave.ys, dtype=float) / (2 ** (sampwidth * 8 - 1))
    return wave


def read_wave_with_scipy(filename, normalize=True):
    # TODO: Check back later and see if this works on 24-bit data,
    # and runs without throwing warnings.
    framerate, ys = wavfile.read(filename)

    # if it's in stereo, just pull out the first channel
    if ys.ndim == 2:
        ys = ys[:, 0]

    # ts = np.arange(len(ys)) / framerate
    wave = Wave(ys, framerate=framerate)
    if normalize:
        wave.normalize()
    else:
        if np.issubdtype(ys.dtype, np.integer):
            bound = int(np.iinfo(ys.dtype).max) + 1
            wave.ys = np.asarray(wave.ys, dtype=float) / bound
    return wave


class _SpectrumParent:
    """Contains code common to Spectrum and DCT."""

    def __init__(self, hs, fs, framerate, full=False):
        self.hs = np.asanyarray(hs)
        self.fs = np.asanyarray(fs)
        self.framerate = framerate
        self.full = full

    @property
    def max_freq(self):
        return self.framerate / 2

    @property
    def amps(self):
        return np.absolute(self.hs)

    @property
    def power(self):
        return self.amps**2


class Spectrum(_SpectrumParent):
    """Represents the spectrum of a signal."""

    def __len__(self):
        return len(self.hs)


class Wave:
    """Represents a discrete-time waveform."""

    def __init__(self, ys, ts=None, framerate=None):
        self.ys = np.asanyarray(ys)
        self.framerate = framerate if framerate is not None else 11025

        if ts is None:
            self.ts = np.arange(len(ys)) / self.framerate
        else:
            self.ts = np.asanyarray(ts)

    def __len__(self):
        return len(self.ys)

    @property
    def start(self):
        return self.ts[0]

    @property
    def end(self):
        return self.ts[-1]

    @property
    def duration(self):
        return len(self.ys) / self.framerate

    def convolve(self, other):
        if isinstance(other, Wave):
            assert self.framerate == other.framerate
            window = other.ys
        else:
            window = other

        ys = np.convolve(self.ys, window, mode="full")
        # ts = np.arange(len(ys)) / self.framerate
        return Wave(ys, framerate=self.framerate)

    def window(self, window):
        self.ys *= window

    def normalize(self, amp=1.0):
        self.ys = normalize(self.ys, amp=amp)

    def make_spectrum(self, full=False):
        n = len(self.ys)
        d = 1 / self.framerate

        if full:
            hs = np.fft.fft(self.ys)
            fs = np.fft.fftfreq(n, d)
        else:
            hs = np.fft.rfft(self.ys)
            fs = np.fft.rfftfreq(n, d)

        return Spectrum(hs, fs, self.framerate, full)


def normalize(ys, amp=1.0):
    high, low = abs(max(ys)), abs(min(ys))
    return amp * ys / max(high, low)


# ================================================================================================================
# DavidDiazGuerra/gpuRIR: gpuRIR/extensions/hrtf/hrtf_rir.py (HRTF_RIR)

plt = None  # stand-in for matplotlib.pyplot (used only with visualize=True)


class HRTF_RIR:
    ''' Head related transfer function room impulse response (HRFT RIR) interface.

    Reference: Algazi V.R., Duda R.O., Thompson D.M. and Avendano C. The CIPIC
    HRTF database. In Proceedings of the 2001 IEEE Workshop on the Applications of
    Signal Processing to Audio and Acoustics (Cat. No.01TH8575) (2001), pp. 99–102.
    '''
    def __init__(self):
        self.azimuths = np.float32([
            -80, -65, -55, -45, -40,
            -35, -30, -25, -20, -15,
            -10, -5, 0, 5, 10,
            15, 20, 25, 30, 35,
            40, 45, 55, 65, 80
        ])

        self.elev_step = (360/64)
        self.elevations = np.arange(-45, 230.625 + self.elev_step, self.elev_step, dtype=np.float32)
        self.hrir = loadmat('gpuRIR/extensions/hrtf/cipic_hrir/hrir_final.mat')

    def azimuth_to_idx(self, azimuth):
        return int(np.argmin(np.abs(self.azimuths - azimuth)))

    def elevation_to_idx(self, elevation):
        return int(np.argmin(np.abs(self.elevations - elevation)))


    def get_hrtf_rir(self, elevation, azimuth, channel, visualize=False):
        hrir_channel = self.hrir['hrir_'+channel][:, self.elevation_to_idx(elevation), :]

        if visualize:
            x = hrir_channel[self.azimuth_to_idx(azimuth)]
            plt.title("HRTF Frequency Response")
            plt.rcParams.update({'font.size': 18})
            plt.plot(x)
            plt.xlabel("Sample [n]")
            plt.ylabel("Amplitude")
            plt.show()
        return hrir_channel[self.azimuth_to_idx(azimuth)]


# ================================================================================================================
# DavidDiazGuerra/gpuRIR: gpuRIR/extensions/filters/filter.py (FilterStrategy) and filters/hrtf_filter.py


class FilterStrategy(object):
    ''' Superclass of all filters.
    '''
    def apply(self):
        ''' Required method
        '''


class HRTF_Filter(FilterStrategy):
    # 90 degree angle in radiants
    ANGLE_90 = np.pi/2

    # 180 degree angle in radiants
    ANGLE_180 = np.pi

    def __init__(self, channel, params, verbose=False):
        self.channel = channel
        self.NAME = "HRTF"
        self.params = params
        self.hrtf_rir = HRTF_RIR()
        self.verbose = verbose

    @staticmethod
    def find_angle(u, v):
        norm_product = (np.linalg.norm(u) * np.linalg.norm(v))

        if norm_product != 0:
            return np.arccos((u @ v) / norm_product)

        return 0

    # Find elevation between head and source

    @staticmethod
    def calculate_elevation(pos_src, pos_rcv, head_direction):
        # Height of source
        opposite = np.abs(pos_src[2] - pos_rcv[2])

        # Length of floor distance between head and source
        adjacent = np.linalg.norm(
            np.array([pos_src[0], pos_src[1]]) - np.array([pos_rcv[0], pos_rcv[1]]))

        # Find elevation between head and source positions
        if adjacent != 0:
            el_rcv_src = np.arctan(opposite / adjacent)
        else:
            el_rcv_src = np.arctan(np.inf)

        # Edge case if source is below head
        if pos_rcv[2] > pos_src[2]:
            el_rcv_src = -el_rcv_src

        # Height of receiver
        opposite = np.abs(head_direction[2])

        # Length of floor distance between head and head direction vector
        adjacent = np.linalg.norm(np.array([head_direction[0], head_direction[1]]))

        # Calculate elevation between head and head direction
        el_rcv_dir = np.arctan(opposite / adjacent)

        # Edge case if source is below head
        if pos_rcv[2] > pos_src[2]:
            elevation_angle = el_rcv_src + el_rcv_dir
        else:
            elevation_angle = el_rcv_src - el_rcv_dir

        # Edge case if source is behind head
        angle, _, _ = HRTF_Filter.vector_between_points(
            pos_src, pos_rcv, head_direction)
        if angle > HRTF_Filter.ANGLE_90:
            # Source is behind head
            elevation_angle = HRTF_Filter.ANGLE_180 - elevation_angle

        # Subtract elevation between head and source and between head and head direction
        return elevation_angle

    @staticmethod
    def vector_between_points(pos_src, pos_rcv, head_direction):
        # 3D vector from head position (origin) to source
        head_to_src = pos_src - pos_rcv

        # Extract 2D array from 3D
        head_to_src = np.array([head_to_src[0], head_to_src[1]])
        # Extract 2D array from 3D
        headdir_xy = [head_direction[0], head_direction[1]]

        # Return angle using trigonometry
        return HRTF_Filter.find_angle(headdir_xy, head_to_src), head_to_src, headdir_xy

    @staticmethod
    def calculate_azimuth(pos_src, pos_rcv, head_direction):
        # Find angle using trigonometry
        angle, head_to_src, headdir_xy = HRTF_Filter.vector_between_points(
            pos_src, pos_rcv, head_direction)

        # Check if azimuth goes above 90°
        if angle > HRTF_Filter.ANGLE_90:
            angle = np.pi - angle

        # Check left/right. If positive direction is left, if negative direction is right.
        side = np.sign(np.linalg.det([headdir_xy, head_to_src]))

        return angle * (-side)

    def hrtf_convolve(self, IR):
        elevation = self.calculate_elevation(
            self.params.pos_src[0], self.params.head_position, self.params.head_direction)

        if self.verbose:
            print(f"Elevation = {elevation * (180 / np.pi)}")

        azimuth = self.calculate_azimuth(
            self.params.pos_src[0], self.params.head_position, self.params.head_direction)

        if self.verbose:
            print(f"Azimuth = {azimuth * (180 / np.pi)}")

        hrir_channel = self.hrtf_rir.get_hrtf_rir(
            elevation, azimuth, self.channel)

        return np.convolve(IR, hrir_channel, mode='same')

    def apply(self, IR):
        return self.hrtf_convolve(IR)


# ================================================================================================================
# rajgiriUW/FFTA: ffta/simulation/utils/load.py (simulation_configuration)


def simulation_configuration(path, is_url=False):

    # Create a parser for configuration file and parse it.
    config = configparser.RawConfigParser()
    if not is_url:
        config.read(path)
    else:
        f = urllib.request.urlopen(path)
        fl = ''.join([l.decode('utf-8') for l in f])
        config.read_string(fl)

    sim_params = {}
    can_params = {}
    force_params = {}

    can_keys = ['amp_invols', 'def_invols', 'soft_amp', 'drive_freq',
                'res_freq', 'k', 'q_factor']
    force_keys = ['es_force', 'ac_force', 'dc_force', 'delta_freq', 'tau',
                  'v_dc', 'v_ac', 'v_cpd', 'dCdz', 'v_step']
    sim_keys = ['trigger', 'total_time', 'sampling_rate']

    for key in can_keys:

        if config.has_option('Cantilever Parameters', key):
            _str = config.get('Cantilever Parameters', key).split(';')
            can_params[key] = float(_str[0])

    for key in force_keys:

        if config.has_option('Force Parameters', key):
            _str = config.get('Force Parameters', key).split(';')
            force_params[key] = float(_str[0])

    for key in sim_keys:

        if config.has_option('Simulation Parameters', key):
            _str = config.get('Simulation Parameters', key).split(';')
            sim_params[key] = float(_str[0])

    return can_params, force_params, sim_params


# ================================================================================================================
# rajgiriUW/FFTA: ffta/simulation/cantilever.py (Cantilever: __init__, set_conditions, force, omega, dZ_dt)


class Cantilever:
    def __init__(self, 
                 can_params={}, 
                 force_params={}, 
                 sim_params={}):

        # Initialize cantilever parameters and calculate some others.
        for key, value in can_params.items():
            setattr(self, key, value)
        
        # Initialize force parameters and calculate some others.
        for key, value in force_params.items():
            setattr(self, key, value)

        # Initialize simulation parameters.
        for key, value in sim_params.items():
            setattr(self, key, value)
        
        self.w0 = PI2 * self.res_freq  # Radial resonance frequency.
        self.wd = PI2 * self.drive_freq  # Radial drive frequency.
        
        if not np.allclose(self.w0, self.wd):
            print(self.w0, self.wd)
            print('Resonance and Drive not equal. Make sure simulation is long enough!')

        if not hasattr(self, 'tau'):
            self.tau = 0

        self.delta_w = 0
        self.beta = self.w0 / (2 * self.q_factor)  # Damping factor.
        self.mass = self.k / (self.w0 ** 2)  # Mass of the cantilever in kg.
        
        if hasattr(self, 'soft_amp') and hasattr(self, 'amp_invols'):
            self.amp = self.soft_amp * self.amp_invols  # Amplitude in meters.

        # Calculate reduced driving force and phase in equilibrium.
        np.seterr(divide='ignore')  # suprress divide-by-0 warning in arctan
        self.f0 = self.amp * np.sqrt((self.w0 ** 2 - self.wd ** 2) ** 2 +
                                     4 * self.beta ** 2 * self.wd ** 2)
        self.delta = np.abs(np.arctan(np.divide(2 * self.wd * self.beta,
                                                self.w0 ** 2 - self.wd ** 2)))
        self.fe = 0 
        
        if hasattr(self, 'delta_freq'):
            self.delta_w = PI2 * self.delta_freq  # Frequency shift in radians.
        
        if hasattr(self, 'es_force'):
            self.fe = self.es_force / self.mass  # Reduced electrostatic force.

        # Calculate time axis for simulated tip motion without extra cycles
        num_pts = int(self.total_time * self.sampling_rate)
        self.t_Z = np.linspace(0, self.total_time, num=num_pts)

        # Calculate frequency axis for simulated tip_motion without extra cycles.
        self.freq_Z = np.linspace(0, int(self.sampling_rate / 2), num=int(num_pts / 2 + 1))

        # Create a Pixel class-compatible params file
        self.fit_params = {}
        self.parameters = force_params
        self.parameters.update(**sim_params)
        self.can_params = can_params
        #self.create_parameters(self.parameters, self.can_params)

        return

    def set_conditions(self, trigger_phase=180):

        self.trigger_phase = np.mod(np.pi * trigger_phase / 180, PI2)
        self.n_points = int(self.total_time * self.sampling_rate)

        # Add extra cycles to the simulation to find correct phase at trigger.
        cycle_points = int(2 * self.sampling_rate / self.res_freq)
        self.n_points_sim = cycle_points + self.n_points

        # Create time vector and find the trigger wrt phase.
        self.t = np.arange(self.n_points_sim) / self.sampling_rate

        # Current phase at trigger.
        current_phase = np.mod(self.wd * self.trigger - self.delta, PI2)
        phase_diff = np.mod(self.trigger_phase - current_phase, PI2)

        self.t0 = self.trigger + phase_diff / self.wd  # modified trigger point

        # Set the initial conditions at t=0.
        z0 = self.amp * np.sin(-self.delta)
        v0 = self.amp * self.wd * np.cos(-self.delta)

        self.Z0 = np.array([z0, v0])

        return

    def force(self, t, t0=0, tau=0):

        driving_force = self.f0 * np.sin(self.wd * t)

        return driving_force

    def omega(self, t, t0=0, tau=0):

        return self.w0

    def dZ_dt(self, Z, t=0):

        t0 = self.t0
        tau = self.tau

        v = Z[1]
        vdot = (self.force(t, t0, tau) -
                self.omega(t, t0, tau) * Z[1] / self.q_factor -
                self.omega(t, t0, tau) ** 2 * Z[0])

        return np.array([v, vdot])


# ================================================================================================================
# linuxlizard/page_segmentation: basename.py, datfile.py (load, find_all, load_all_data) and drawgraphs.py
# (load_all_datfiles, get_winder_class_results). The modules are Python 2 (print statements elsewhere in them);
# these functions are valid Python 3 as written.


def get_basename( filename ) : 
    return os.path.splitext( os.path.split( filename )[1] )[0]


def load( datfile_name ) :
    
    infile = open(datfile_name,"r")
    reader = csv.reader( infile, delimiter=' ')
    data = [ float(row[2]) for row in reader ] 
    infile.close()

    return np.nan_to_num(np.asarray( data, dtype="float" ))

def find_all( dirname ) : 
    # sweep a path (like 'find') and gather all .dat filenames
    datfile_list = []
    for root,dirs,files in os.walk(dirname) :
#        print "root=",root
#        print "dirs=",dirs
#        print "files=",files
        for f in files : 
            path=os.path.join(root,f)
            if path.endswith(".dat") : 
                datfile_list.append( path ) 

    return datfile_list

def load_all_data(root) : 
    fullpage_winder = find_all(root)

    data_list = []
    path_list = []
    for datfilename in fullpage_winder : 
        ndata = load(datfilename)
        data_list.append( ndata )
        # detach ref
        ndata = None

        path_list.append( datfilename)

    return path_list, data_list


class datfile:  # the module datfile.py, as drawgraphs.py imports it
    load = staticmethod(load)
    find_all = staticmethod(find_all)


def load_all_datfiles( dirname ) : 
    metrics = None

    for root,dirs,files in os.walk(dirname) :
#        print "root=",root
#        print "dirs=",dirs
#        print "files=",files
        for f in files : 
            path=os.path.join(root,f)
            if path.endswith(".dat") : 
#                print "path=",os.path.join(root,f)
                ndata = datfile.load( path )
#                print ndata

                if metrics is None : 
                    metrics = ndata
                    ndata = None
                else :
                    metrics = np.append( metrics, ndata )

    return metrics

def get_winder_class_results(class_dir) :
    # load all .dat files corresponding to each class of image in the Winder
    # data set

    # gather all the datafiles from the fullpage winder
    fullpage_winder = datfile.find_all(class_dir)

    class_data = []
    class_names = []
    for datfilename in fullpage_winder : 
        ndata = datfile.load(datfilename)
        basename = get_basename(datfilename)
        class_data.append( np.mean(ndata) )
        class_names.append( basename.replace( "_"," ") )

    return (class_data,class_names)


# ================================================================================================================
# alt0xFF/hongkong_flowers: core/keras/utils.py (get_class_weight)


def get_class_weight(d):
    white_list_formats = {'png', 'jpg', 'jpeg', 'bmp'}
    class_number = dict()
    dirs = sorted([o for o in os.listdir(d) if os.path.isdir(os.path.join(d, o))])
    k = 0
    for class_name in dirs:
        class_number[k] = 0
        iglob_iter = glob.iglob(os.path.join(d, class_name, '*.*'))
        for i in iglob_iter:
            _, ext = os.path.splitext(i)
            if ext[1:] in white_list_formats:
                class_number[k] += 1
        k += 1

    total = np.sum(list(class_number.values()))
    max_samples = np.max(list(class_number.values()))
    mu = 1. / (total / float(max_samples))
    keys = class_number.keys()
    class_weight = dict()
    for key in keys:
        score = math.log(mu * total / float(class_number[key]))
        class_weight[key] = score if score > 1. else 1.

    return class_weight


# ================================================================================================================
# The cases: the calling convention, and what each case writes (this file's, not upstream's)

CASES: list = []  # none for the harness (see the module docstring)


def _makedirs(path):
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    return path


def _write_text(path, text):
    with open(_makedirs(path), "w") as f:
        f.write(text)
    return path


def _remove(path):
    if os.path.exists(path):
        os.remove(path)
    return path


# --- ismir2015: a spectrogram cache (train.py: cached(cache_fn, audio.extract_spect, <audio file>, ...)) ---

_ISMIR_CACHE = os.path.join("cache", "spects", "01 - 01 Les Jardins Japonais.ogg.npy")


def ismir_cached_spectrogram(samples):
    return cached(_ISMIR_CACHE, spectrogram, samples, 8000, 64, 500)


def write_ismir_cache_made_later(version):
    """Version 0: no cache (the first eager call makes it); version 1: a cache of another song's spectrogram."""
    if version == 0:
        os.makedirs(os.path.dirname(_ISMIR_CACHE), exist_ok=True)
        return [_remove(_ISMIR_CACHE)]
    np.save(_ISMIR_CACHE, np.linspace(0.0, 3.0, 5 * 33).reshape(5, 33))
    return [_ISMIR_CACHE]


def write_ismir_cache_removed(version):
    """Version 0: a stale cache (of other samples); version 1: the cache removed (eager computes the spectrogram)."""
    if version == 0:
        np.save(_makedirs(_ISMIR_CACHE), np.full((4, 33), 7.0))
        return [_ISMIR_CACHE]
    return [_remove(_ISMIR_CACHE)]


# --- autograd: MNIST in the IDX format, gzipped, under data/ (tiny 4x4 images; the files are there, nothing is
# downloaded) ---

def _idx_images(images):
    n, rows, cols = images.shape
    return struct.pack(">IIII", 2051, n, rows, cols) + images.astype(np.uint8).tobytes()


def _idx_labels(labels):
    return struct.pack(">II", 2049, len(labels)) + labels.astype(np.uint8).tobytes()


def _write_gz(path, payload):
    with gzip.open(_makedirs(path), "wb") as f:
        f.write(payload)
    return path


def _mnist_images(seed_zeros, n):
    seed, zeros = seed_zeros
    images = np.random.default_rng(seed).integers(0, 256, size=(n, 4, 4))
    images[:, :zeros] = 0  # (rows of zeros: the file compresses to another size)
    return images


def _mnist_labels(seed, n):
    return np.random.default_rng(seed).integers(0, 10, size=n)


def _write_mnist(train_images=(1, 0), train_labels=2, test_images=(3, 0), test_labels=4):
    return [_write_gz("data/train-images-idx3-ubyte.gz", _idx_images(_mnist_images(train_images, 12))),
            _write_gz("data/train-labels-idx1-ubyte.gz", _idx_labels(_mnist_labels(train_labels, 12))),
            _write_gz("data/t10k-images-idx3-ubyte.gz", _idx_images(_mnist_images(test_images, 6))),
            _write_gz("data/t10k-labels-idx1-ubyte.gz", _idx_labels(_mnist_labels(test_labels, 6)))]


def write_mnist_test_images(version):
    """Version 1 rewrites the test images only."""
    paths = _write_mnist(test_images=(3 + 10 * version, 2 * version))
    return paths if version == 0 else [paths[2]]


def write_mnist_train_labels(version):
    """Version 1 rewrites the training labels only (all sevens: the file compresses to another size)."""
    if version == 0:
        return _write_mnist()
    return [_write_gz("data/train-labels-idx1-ubyte.gz", _idx_labels(np.full(12, 7)))]


def _params(W1, b1, W2, b2):
    return [(W1, b1), (W2, b2)]


def autograd_test_predictions(W1, b1, W2, b2):
    N_data, train_images, train_labels, test_images, test_labels = load_mnist()
    return neural_net_predict(_params(W1, b1, W2, b2), test_images)


def autograd_test_accuracy(W1, b1, W2, b2):
    N_data, train_images, train_labels, test_images, test_labels = load_mnist()
    return accuracy(_params(W1, b1, W2, b2), test_images, test_labels)


def autograd_train_accuracy(W1, b1, W2, b2):
    N_data, train_images, train_labels, test_images, test_labels = load_mnist()
    return accuracy(_params(W1, b1, W2, b2), train_images, train_labels)
# --- sms-tools: a mono 16-bit sound (models_interface/dftModel_function.py and stft_function.py, their main up to
# the plots, with the analysis window given as an array instead of made by scipy.signal.get_window) ---

_SMS_SOUND = "sounds/piano.wav"
_SMS_SHORT_SOUND = "sounds/flute-A4.wav"


def _tone(n, freq, rate, seed):
    t = np.arange(n) / rate
    noise = np.random.default_rng(seed).normal(scale=0.05, size=n)
    return 0.6 * np.sin(2 * np.pi * freq * t) + 0.2 * np.sin(2 * np.pi * 2.7 * freq * t) + noise


def write_sms_sound(version):
    samples = _tone(160 + 40 * version, 440.0 + 260.0 * version, 8000, version)
    write(_makedirs(_SMS_SOUND), 8000, (samples * 0.8 * INT16_FAC).astype(np.int16))
    return [_SMS_SOUND]


def write_sms_short_sound(version):
    samples = _tone(96 + 32 * version, 660.0 - 200.0 * version, 8000, 5 + version)
    write(_makedirs(_SMS_SHORT_SOUND), 8000, (samples * 0.8 * INT16_FAC).astype(np.int16))
    return [_SMS_SHORT_SOUND]


def sms_dft_main(w, time):
    inputFile = _SMS_SOUND
    M = w.size
    N = 64

    # read input sound (monophonic with sampling rate of 44100)
    fs, x = UF.wavread(inputFile)

    # get a fragment of the input sound of size M
    sample = int(time*fs)
    if (sample+M >= x.size or sample < 0):                          # raise error if time outside of sound
        raise ValueError("Time outside sound boundaries")
    x1 = x[sample:sample+M]

    # compute the dft of the sound fragment
    mX, pX = DFT.dftAnal(x1, w, N)

    # compute the inverse dft of the spectrum
    y = DFT.dftSynth(mX, pX, w.size)*sum(w)
    return mX, pX, y


def sms_stft(w):
    inputFile = _SMS_SHORT_SOUND
    N = 64
    H = 32

    # read input sound (monophonic with sampling rate of 44100)
    fs, x = UF.wavread(inputFile)
    return STFT.stft(x, w, N, H)


# --- ThinkDSP: the violin recording of chapter 10 (16-bit mono, then 24-bit stereo) and a recording read by SciPy
# (16-bit mono, then 16-bit stereo of the same length) ---

_VIOLIN = "92002__jcveliz__violin-origional.wav"
_TROMBONE = "28561__wcfl10__trombone-c3.wav"


def _write_wave_frames(path, rate, sampwidth, nchannels, frames):
    with open_wave(_makedirs(path), "wb") as fp:
        fp.setnchannels(nchannels)
        fp.setsampwidth(sampwidth)
        fp.setframerate(rate)
        fp.writeframes(frames)
    return path


def write_violin(version):
    samples = _tone(400, 330.0 + 90.0 * version, 11025, 10 + version)
    if version == 0:
        return [_write_wave_frames(_VIOLIN, 11025, 2, 1, (samples * 20000).astype("<i2").tobytes())]
    ints = (samples * 4_000_000).astype("<i4")
    stereo = np.repeat(ints, 2)  # (both channels the same)
    frames = np.stack([stereo & 0xFF, (stereo >> 8) & 0xFF, (stereo >> 16) & 0xFF], axis=1).astype(np.uint8)
    return [_write_wave_frames(_VIOLIN, 11025, 3, 2, frames.tobytes())]


def write_trombone(version):
    samples = (_tone(256, 130.8 * (1 + version), 11025, 20 + version) * 15000).astype(np.int16)
    write(_makedirs(_TROMBONE), 11025, samples if version == 0 else np.column_stack([samples, samples // 2]))
    return [_TROMBONE]


def thinkdsp_smooth(window):
    wave = read_wave(_VIOLIN)
    smooth = wave.convolve(window)
    return smooth.ys


def thinkdsp_scipy_smooth(window):
    wave = read_wave_with_scipy(_TROMBONE, normalize=False)
    smooth = wave.convolve(window)
    return smooth.ys


def thinkdsp_windowed_spectrum(window):
    wave = read_wave_with_scipy(_TROMBONE)
    wave.window(window)
    return wave.make_spectrum().amps


# --- gpuRIR: a CIPIC-like HRIR table (hrir_l, hrir_r of 25 azimuths, 50 elevations; 8, then 12 taps) ---

_HRIR = "gpuRIR/extensions/hrtf/cipic_hrir/hrir_final.mat"


def write_hrir(version):
    rng = np.random.default_rng(30 + version)
    taps = 8 + 4 * version
    decay = np.exp(-np.arange(taps) / 3.0)
    tables = {"hrir_l": rng.normal(size=(25, 50, taps)) * decay, "hrir_r": rng.normal(size=(25, 50, taps)) * decay}
    scipy.io.savemat(_makedirs(_HRIR), tables)
    return [_HRIR]


class _RoomParameters:  # stand-in for gpuRIR.extensions.room_parameters.RoomParameters: what HRTF_Filter reads
    def __init__(self, pos_src, head_position, head_direction):
        self.pos_src = np.array(pos_src)
        self.head_position = np.array(head_position)
        self.head_direction = np.array(head_direction)


_FRONT_LEFT = _RoomParameters([[1.8, 2.9, 1.9]], [1.0, 2.0, 1.6], [1.0, 0.0, 0.0])
_BEHIND_RIGHT = _RoomParameters([[0.2, 1.1, 1.2]], [1.0, 2.0, 1.6], [1.0, 0.2, 0.1])


def gpurir_hrtf_front_left(IR, channel):
    return HRTF_Filter(channel, _FRONT_LEFT).apply(IR)


def gpurir_hrtf_behind_right(IR, channel):
    return HRTF_Filter(channel, _BEHIND_RIGHT).apply(IR)


# --- FFTA: a simulation parameters file (ffta/simulation/example_params/example_sim_params.cfg, a shorter run) ---

_SIM_PARAMS = "sim_params.cfg"


def write_sim_params(version):
    freq = 277261 if version == 0 else 301250.5
    return [_write_text(_SIM_PARAMS, f"""[Cantilever Parameters]
amp_invols = 4.934e-08      ;in m/V.
def_invols = 4.527e-08      ;in m/V.
soft_amp = {0.3 + 0.05 * version}              ;in m/V
drive_freq = {freq}         ;in Hz.
res_freq = {freq}           ;in m.
k = 22.77                   ;in N/m.
q_factor = 475.107

[Force Parameters]
es_force = 3.09e-9          ;in N.
delta_freq = -277.53        ;in Hz.
tau = 1e-7                  ;in seconds.

[Simulation Parameters]
trigger = 0.5e-5         ;in seconds.
total_time = 1e-5      ;in seconds.
sampling_rate = 1e7         ;in Hz.
""")]


def _cantilever():
    with np.errstate():  # (Cantilever.__init__ calls np.seterr: the corpus leaves NumPy's error state as it found it)
        return Cantilever(*simulation_configuration(_SIM_PARAMS))


def ffta_dZ_dt(Z, t):
    c = _cantilever()
    c.set_conditions()
    return c.dZ_dt(Z, t)


def ffta_force(t):
    c = _cantilever()
    return c.force(t)


# --- page_segmentation: .dat files of match metrics (one line per strip: image, ground truth, metric) ---

def _dat(path, seed, n):
    metrics = np.round(np.random.default_rng(seed).uniform(0.0, 1.0, size=n), 4)
    name = get_basename(path)
    return _write_text(path, "".join(f"{name}_{i}.png {name}_{i}.xml {m}\n" for i, m in enumerate(metrics)))


def write_flat_results(version):
    """Version 0: two .dat files in 300_rast/; version 1 adds a third there (only the directory tells)."""
    if version == 0:
        return [_dat("300_rast/A001BIN_rast.dat", 1, 4), _dat("300_rast/A002BIN_rast.dat", 2, 3),
                _write_text("300_rast/notes.txt", "strip size 300\n")]
    return [_dat("300_rast/C003BIN_rast.dat", 3, 5), "300_rast"]


def write_flat_results_removed(version):
    """Version 0: three .dat files in 300_vor/; version 1 removes one."""
    if version == 0:
        return [_dat("300_vor/A001BIN_vor.dat", 4, 4), _dat("300_vor/B002BIN_vor.dat", 5, 2),
                _dat("300_vor/E004BIN_vor.dat", 6, 3)]
    return [_remove("300_vor/B002BIN_vor.dat"), "300_vor"]


_WINDER = "600_winder_rast/imagesAndgTruth/Double_Column/300dpi"


def write_winder_page_added(version):
    """The Winder tree (600_winder_rast/imagesAndgTruth/<class>/300dpi/<page>/<page>.dat); version 1 adds a page."""
    if version == 0:
        return [_dat(f"{_WINDER}/2col300_1/2col300_1.dat", 7, 4), _dat(f"{_WINDER}/2col300_2/2col300_2.dat", 8, 3)]
    return [_dat(f"{_WINDER}/2col300_3/2col300_3.dat", 9, 5), _WINDER]


def write_winder_page_rewritten(version):
    """The Winder tree; version 1 rewrites a page's results (a file the trace read)."""
    paths = [_dat(f"{_WINDER}/2col300_1/2col300_1.dat", 7 + 10 * version, 4 + version)]
    if version == 0:
        paths.append(_dat(f"{_WINDER}/2col300_2/2col300_2.dat", 8, 3))
    return paths


# --- hongkong_flowers: a training directory of one subdirectory of images per class ---

def _images(folder, names):
    return [_write_text(os.path.join(folder, name), "not really an image " + name) for name in names]


def write_flower_classes(version):
    """Version 0: two classes (and a text file beside them); version 1 adds a third class directory."""
    if version == 0:
        return (_images("train/bauhinia", ["b1.jpg", "b2.jpg", "b3.png", "b4.jpg"]) + _images("train/lotus", ["l1.jpg"])
                + [_write_text("train/labels.txt", "bauhinia\nlotus\n")])
    return _images("train/orchid", ["o1.jpg", "o2.bmp"]) + ["train"]


# --- inputs ---

_RNG = np.random.default_rng(87)
_SAMPLES = np.sin(np.linspace(0.0, 40.0, 400)) * np.hanning(400)
_W1 = _RNG.normal(scale=0.05, size=(16, 6))
_B1 = _RNG.normal(scale=0.1, size=6)
_W2 = _RNG.normal(scale=0.5, size=(6, 10))
_B2 = _RNG.normal(scale=0.1, size=10)
_HAMMING_31 = np.hamming(31)
_HAMMING_32 = np.hamming(32)
_KAISER_48 = np.kaiser(48, 6.0)
_BOXCAR_11 = np.ones(11) / 11
_HANNING_256 = np.hanning(256)
_IR = np.exp(-np.arange(40) / 9.0) * _RNG.normal(size=40)
_Z = np.array([2.0e-9, -1.5e-3])
_TIMES = np.linspace(0.0, 2e-5, 7)


PATH_CASES = [
    # --- ismir2015: os.path.exists of a cache file, np.load or compute and np.save ---
    ("ismir_cached_spectrogram", ismir_cached_spectrogram, [
        (_SAMPLES,),
    ], write_ismir_cache_made_later),
    ("ismir_cached_spectrogram_stale", ismir_cached_spectrogram, [
        (_SAMPLES,),
    ], write_ismir_cache_removed),
    # --- autograd: os.path.exists, os.path.isfile and gzip.open of MNIST files ---
    ("autograd_test_predictions", autograd_test_predictions, [
        (_W1, _B1, _W2, _B2),
    ], write_mnist_test_images),
    ("autograd_test_accuracy", autograd_test_accuracy, [
        (_W1, _B1, _W2, _B2),
    ], write_mnist_test_images),
    ("autograd_train_accuracy", autograd_train_accuracy, [
        (_W1, _B1, _W2, _B2),
    ], write_mnist_train_labels),
    # --- sms-tools: os.path.isfile, scipy.io.wavfile.read ---
    ("sms_dft_main", sms_dft_main, [
        (_HAMMING_31, 0.01),
        (_KAISER_48, 0.012),
    ], write_sms_sound),
    ("sms_stft", sms_stft, [
        (_HAMMING_32,),
    ], write_sms_short_sound),
    # --- ThinkDSP: wave.open, scipy.io.wavfile.read ---
    ("thinkdsp_smooth", thinkdsp_smooth, [
        (_BOXCAR_11,),
    ], write_violin),
    ("thinkdsp_scipy_smooth", thinkdsp_scipy_smooth, [
        (_BOXCAR_11,),
    ], write_trombone),
    ("thinkdsp_windowed_spectrum", thinkdsp_windowed_spectrum, [
        (_HANNING_256,),
    ], write_trombone),
    # --- gpuRIR: scipy.io.loadmat of the HRIR table ---
    ("gpurir_hrtf_front_left", gpurir_hrtf_front_left, [
        (_IR, "l"),
        (_IR, "r"),
    ], write_hrir),
    ("gpurir_hrtf_behind_right", gpurir_hrtf_behind_right, [
        (_IR, "r"),
    ], write_hrir),
    # --- FFTA: configparser's read of the simulation parameters ---
    ("ffta_dZ_dt", ffta_dZ_dt, [
        (_Z, 1e-6),
        (_Z, _TIMES[3]),
    ], write_sim_params),
    ("ffta_force", ffta_force, [
        (_TIMES,),
    ], write_sim_params),
    # --- page_segmentation: os.walk of results directories ---
    ("pageseg_load_all_datfiles", load_all_datfiles, [
        ("300_rast",),
    ], write_flat_results),
    ("pageseg_class_results", get_winder_class_results, [
        ("300_rast",),
    ], write_flat_results),
    ("pageseg_load_all_data", load_all_data, [
        ("300_rast",),
    ], write_flat_results),
    ("pageseg_load_all_data_removed", load_all_data, [
        ("300_vor",),
    ], write_flat_results_removed),
    ("pageseg_winder_page_rewritten", load_all_datfiles, [
        ("600_winder_rast",),
    ], write_winder_page_rewritten),
    ("pageseg_winder_page_added", get_winder_class_results, [
        ("600_winder_rast/imagesAndgTruth/Double_Column",),
    ], write_winder_page_added),
    # --- hongkong_flowers: os.path.isdir of the entries of an os.listdir, glob.iglob of each class ---
    ("hkflowers_class_weight", get_class_weight, [
        ("train",),
    ], write_flower_classes),
]

# Cases a graph is known to get wrong (a stale result): the test marks them xfail(strict=True) with the reason.
KNOWN_STALE: dict[str, str] = {}  # (pageseg_winder_page_added was, until os.walk noted each directory it listed)

# What each case's function does with the file system, of the three kinds the trace notes since stop 87: a question
# about a path ("question": os.path.exists/isfile/isdir), a listing ("listing": os.walk) and a library's reader found
# by its name ("library": gzip.open, scipy.io.wavfile.read, wave.open, scipy.io.loadmat, ConfigParser.read).
PATH_KINDS: dict[str, tuple[str, ...]] = {
    "ismir_cached_spectrogram": ("question",),
    "ismir_cached_spectrogram_stale": ("question",),
    "autograd_test_predictions": ("question", "library"),
    "autograd_test_accuracy": ("question", "library"),
    "autograd_train_accuracy": ("question", "library"),
    "sms_dft_main": ("question", "library"),
    "sms_stft": ("question", "library"),
    "thinkdsp_smooth": ("library",),
    "thinkdsp_scipy_smooth": ("library",),
    "thinkdsp_windowed_spectrum": ("library",),
    "gpurir_hrtf_front_left": ("library",),
    "gpurir_hrtf_behind_right": ("library",),
    "ffta_dZ_dt": ("library",),
    "ffta_force": ("library",),
    "pageseg_load_all_datfiles": ("listing",),
    "pageseg_class_results": ("listing",),
    "pageseg_load_all_data": ("listing",),
    "pageseg_load_all_data_removed": ("listing",),
    "pageseg_winder_page_rewritten": ("listing",),
    "pageseg_winder_page_added": ("listing",),
    "hkflowers_class_weight": ("question",),
}
