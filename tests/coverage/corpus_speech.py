"""Speech features from two repositories. python_speech_features (jameslyons/python_speech_features, MIT):
sigproc.py's framing (``round_half_up`` through ``decimal.Decimal``, ``framesig``'s ``if slen <= frame_len`` and its two
ways to frame, ``rolling_window``'s ``numpy.lib.stride_tricks.as_strided`` and a fancy-indexed gather of ``numpy.tile``
indices), ``deframesig``'s overlap-add loop (``window_correction[indices[i, :]] = ...`` fancy-index writes),
``logpowspec`` (``magspec``'s ``numpy.fft.rfft``, ``powspec``, the masked write ``ps[ps <= 1e-30] = 1e-30``, ``if
norm``), ``preemphasis`` (``numpy.append`` of a scalar and an array); base.py's ``calculate_nfft`` (``while nfft <
window_length_samples``), ``mfcc`` (``nfft or calculate_nfft(...)``, ``scipy.fftpack.dct``, ``if appendEnergy`` writing
column 0), ``fbank`` and ``ssc`` (``highfreq or samplerate/2``, ``numpy.where(energy == 0, ...)``), ``get_filterbanks``
(``assert highfreq <= samplerate/2``, loops over ``range(int(bin[j]), int(bin[j+1]))`` writing ``fbank[j,i]``),
``lifter`` (``if L > 0``), ``delta`` (``numpy.pad(..., mode='edge')``, a loop of ``numpy.dot`` over frames, the builtin
``sum`` of a list comprehension). pyAudioAnalysis (tyiannak/pyAudioAnalysis, Apache-2.0), ShortTermFeatures.py:
``zero_crossing_rate``, ``energy_entropy`` (``if frame_length != sub_win_len * n_short_blocks`` truncation, a Fortran
order ``reshape``), ``spectral_centroid_spread`` (``if Xt_max == 0``), ``spectral_rolloff`` (``np.nonzero(cumulative_sum
> threshold)[0]``, ``if len(a) > 0``), ``harmonic`` (the first zero crossing of the autocorrelation by ``np.nonzero``,
``if len(a) == 0`` / ``else: m0 = a[0]``, ``gamma[m0:m]`` written from a slice that runs backwards to ``m0``, ``if zcr >
0.15``, ``f0 > 5000`` and ``hr < 0.1`` resets), ``mfcc_filter_banks`` (``fbank[i][lid] = ...``: a write through a row of
the matrix, by ``np.arange`` indices of ``np.floor`` bounds), ``chroma_features`` with ``chroma_features_init``
(``np.unique`` and a loop of ``np.nonzero(num_chroma == u)``, ``C[num_chroma] = spec``, ``if num_chroma.max() <
num_chroma.shape[0]``, ``if spec_sum == 0``), and ``feature_extraction``: a ``while current_position + window - 1 <
number_of_samples`` loop appending feature vectors to a list, with ``if count_fr == 1`` / ``if count_fr > 1`` deltas
and all of the above per frame.

python_speech_features is small (18 functions: its 15 cases below reach 17 of them), so pyAudioAnalysis' short-term
features, the same kind of code (framing, filterbanks, MFCCs of short windows), complete the module.

Copied from

* jameslyons/python_speech_features at e280ac2b5797a3445c34820b0110885cd6609e5f (setup.py: version 0.6.1,
  ``license='MIT'``; its LICENSE is the MIT licence, "Copyright (c) 2013 James Lyons"), the files of
  ``python_speech_features/`` named in the sections below;
* tyiannak/pyAudioAnalysis at ae00ebd446d497dbbb654c40a71810e7fdf2cc1b (setup.py: version 0.3.14, ``license='Apache
  License, Version 2.0'``; its LICENSE.md is the Apache License 2.0), ``pyAudioAnalysis/ShortTermFeatures.py``.

Bodies are as written, comments kept, docstrings dropped.

Adapted, beyond that:

* base.py calls sigproc.py through ``from python_speech_features import sigproc``: here ``sigproc`` is a
  ``types.SimpleNamespace`` of the copied functions;
* both files define ``mfcc``: base.py's is ``psf_mfcc`` here (nothing in base.py calls it), pyAudioAnalysis' keeps its
  name, which ``feature_extraction`` calls;
* ShortTermFeatures.py imports ``dct`` from ``scipy.fftpack.realtransforms``, a namespace SciPy deprecates: it is
  ``scipy.fftpack.dct``, the same function, as base.py imports it. Its matplotlib and tqdm imports are dropped (only
  the plotting and progress-bar functions, not taken, use them);
* ``harmonic``'s ``m = np.round(0.016 * sampling_rate) - 1`` is a NumPy float, which ``np.zeros((m))`` refuses on the
  NumPy 2.4 of ``.venv`` (``TypeError: expected a sequence of integers or a single integer``; ``feature_extraction``
  does not call ``harmonic``): the copy takes ``int(...)`` of it (marked ``# adapted``);
* wrappers fix the keyword arguments.

Not taken: from python_speech_features ``logfbank`` (``numpy.log`` of ``fbank``) and example.py (a wav file); from
ShortTermFeatures.py ``chromagram`` and ``spectrogram`` (plots and a tqdm progress bar around the loops of
``feature_extraction``), ``speed_feature`` (``num_fft = window / 2`` is a float slice bound: a ``TypeError``) and
``phormants`` (it calls ``lpc``, which the file never defines), and the rest of pyAudioAnalysis (mid-term features,
classifiers, segmentation: scikit-learn, hmmlearn and files).

The inputs follow the tests and the libraries' defaults: test_sigproc.py's ``rolling_window(x, window=4, step=3)`` on
ten values and ``framesig(x, frame_len=37, frame_step=13)`` both ways (on 200 samples, not 10,000,124); 0.1 s of a
16 kHz voiced-like signal (a harmonic tone with noise) for ``mfcc``, ``fbank`` and ``ssc`` at their default 25 ms
windows and 10 ms steps (example.py's call), example.py's ``delta(mfcc_feat, 2)`` on a 9 x 13 feature matrix;
pytests/test_feature_extraction.py's ``feature_extraction(x, fs, 0.050 * fs, 0.050 * fs)`` on int16-valued samples (a
quarter second at 8 kHz, not its one-second wav: five frames), 50 ms frames and their FFT magnitudes for the
frame-level features.
"""

# ruff: noqa: E501, E701, E703, E741, UP030, UP032, UP034, W291
from __future__ import annotations

import decimal
import logging
import math
import sys
import types

import numpy
import numpy as np
from scipy.fftpack import dct, fft

from tests.coverage.cases import PYAUDIOANALYSIS, PYTHON_SPEECH_FEATURES, Source, case

eps = sys.float_info.epsilon


def PSF(path: str, original: str, note: str = "") -> Source:
    return Source(PYTHON_SPEECH_FEATURES, "python_speech_features/" + path, original, note)


def PAA(original: str, note: str = "") -> Source:
    return Source(PYAUDIOANALYSIS, "pyAudioAnalysis/ShortTermFeatures.py", original, note)


# --- python_speech_features/sigproc.py --------------------------------------------------------------------------------
def round_half_up(number):
    return int(decimal.Decimal(number).quantize(decimal.Decimal('1'), rounding=decimal.ROUND_HALF_UP))


def rolling_window(a, window, step=1):
    # http://ellisvalentiner.com/post/2017-03-21-np-strides-trick
    shape = a.shape[:-1] + (a.shape[-1] - window + 1, window)
    strides = a.strides + (a.strides[-1],)
    return numpy.lib.stride_tricks.as_strided(a, shape=shape, strides=strides)[::step]


def framesig(sig, frame_len, frame_step, winfunc=lambda x: numpy.ones((x,)), stride_trick=True):
    slen = len(sig)
    frame_len = int(round_half_up(frame_len))
    frame_step = int(round_half_up(frame_step))
    if slen <= frame_len:
        numframes = 1
    else:
        numframes = 1 + int(math.ceil((1.0 * slen - frame_len) / frame_step))

    padlen = int((numframes - 1) * frame_step + frame_len)

    zeros = numpy.zeros((padlen - slen,))
    padsignal = numpy.concatenate((sig, zeros))
    if stride_trick:
        win = winfunc(frame_len)
        frames = rolling_window(padsignal, window=frame_len, step=frame_step)
    else:
        indices = numpy.tile(numpy.arange(0, frame_len), (numframes, 1)) + numpy.tile(
            numpy.arange(0, numframes * frame_step, frame_step), (frame_len, 1)).T
        indices = numpy.array(indices, dtype=numpy.int32)
        frames = padsignal[indices]
        win = numpy.tile(winfunc(frame_len), (numframes, 1))

    return frames * win


def deframesig(frames, siglen, frame_len, frame_step, winfunc=lambda x: numpy.ones((x,))):
    frame_len = round_half_up(frame_len)
    frame_step = round_half_up(frame_step)
    numframes = numpy.shape(frames)[0]
    assert numpy.shape(frames)[1] == frame_len, '"frames" matrix is wrong size, 2nd dim is not equal to frame_len'

    indices = numpy.tile(numpy.arange(0, frame_len), (numframes, 1)) + numpy.tile(
        numpy.arange(0, numframes * frame_step, frame_step), (frame_len, 1)).T
    indices = numpy.array(indices, dtype=numpy.int32)
    padlen = (numframes - 1) * frame_step + frame_len

    if siglen <= 0: siglen = padlen

    rec_signal = numpy.zeros((padlen,))
    window_correction = numpy.zeros((padlen,))
    win = winfunc(frame_len)

    for i in range(0, numframes):
        window_correction[indices[i, :]] = window_correction[
                                               indices[i, :]] + win + 1e-15  # add a little bit so it is never zero
        rec_signal[indices[i, :]] = rec_signal[indices[i, :]] + frames[i, :]

    rec_signal = rec_signal / window_correction
    return rec_signal[0:siglen]


def magspec(frames, NFFT):
    if numpy.shape(frames)[1] > NFFT:
        logging.warn(
            'frame length (%d) is greater than FFT size (%d), frame will be truncated. Increase NFFT to avoid.',
            numpy.shape(frames)[1], NFFT)
    complex_spec = numpy.fft.rfft(frames, NFFT)
    return numpy.absolute(complex_spec)


def powspec(frames, NFFT):
    return 1.0 / NFFT * numpy.square(magspec(frames, NFFT))


def logpowspec(frames, NFFT, norm=1):
    ps = powspec(frames, NFFT);
    ps[ps <= 1e-30] = 1e-30
    lps = 10 * numpy.log10(ps)
    if norm:
        return lps - numpy.max(lps)
    else:
        return lps


def preemphasis(signal, coeff=0.95):
    return numpy.append(signal[0], signal[1:] - coeff * signal[:-1])


# base.py reaches these as sigproc.framesig, sigproc.powspec, ...
sigproc = types.SimpleNamespace(round_half_up=round_half_up, rolling_window=rolling_window, framesig=framesig,
                                deframesig=deframesig, magspec=magspec, powspec=powspec,
                                logpowspec=logpowspec, preemphasis=preemphasis)


# --- python_speech_features/base.py -----------------------------------------------------------------------------------
def calculate_nfft(samplerate, winlen):
    window_length_samples = winlen * samplerate
    nfft = 1
    while nfft < window_length_samples:
        nfft *= 2
    return nfft


def psf_mfcc(signal,samplerate=16000,winlen=0.025,winstep=0.01,numcep=13,  # adapted: base.py's mfcc (pyAudioAnalysis' mfcc below keeps the name)
         nfilt=26,nfft=None,lowfreq=0,highfreq=None,preemph=0.97,ceplifter=22,appendEnergy=True,
         winfunc=lambda x:numpy.ones((x,))):
    nfft = nfft or calculate_nfft(samplerate, winlen)
    feat,energy = fbank(signal,samplerate,winlen,winstep,nfilt,nfft,lowfreq,highfreq,preemph,winfunc)
    feat = numpy.log(feat)
    feat = dct(feat, type=2, axis=1, norm='ortho')[:,:numcep]
    feat = lifter(feat,ceplifter)
    if appendEnergy: feat[:,0] = numpy.log(energy) # replace first cepstral coefficient with log of frame energy
    return feat


def fbank(signal,samplerate=16000,winlen=0.025,winstep=0.01,
          nfilt=26,nfft=512,lowfreq=0,highfreq=None,preemph=0.97,
          winfunc=lambda x:numpy.ones((x,))):
    highfreq= highfreq or samplerate/2
    signal = sigproc.preemphasis(signal,preemph)
    frames = sigproc.framesig(signal, winlen*samplerate, winstep*samplerate, winfunc)
    pspec = sigproc.powspec(frames,nfft)
    energy = numpy.sum(pspec,1) # this stores the total energy in each frame
    energy = numpy.where(energy == 0,numpy.finfo(float).eps,energy) # if energy is zero, we get problems with log

    fb = get_filterbanks(nfilt,nfft,samplerate,lowfreq,highfreq)
    feat = numpy.dot(pspec,fb.T) # compute the filterbank energies
    feat = numpy.where(feat == 0,numpy.finfo(float).eps,feat) # if feat is zero, we get problems with log

    return feat,energy


def ssc(signal,samplerate=16000,winlen=0.025,winstep=0.01,
        nfilt=26,nfft=512,lowfreq=0,highfreq=None,preemph=0.97,
        winfunc=lambda x:numpy.ones((x,))):
    highfreq= highfreq or samplerate/2
    signal = sigproc.preemphasis(signal,preemph)
    frames = sigproc.framesig(signal, winlen*samplerate, winstep*samplerate, winfunc)
    pspec = sigproc.powspec(frames,nfft)
    pspec = numpy.where(pspec == 0,numpy.finfo(float).eps,pspec) # if things are all zeros we get problems

    fb = get_filterbanks(nfilt,nfft,samplerate,lowfreq,highfreq)
    feat = numpy.dot(pspec,fb.T) # compute the filterbank energies
    R = numpy.tile(numpy.linspace(1,samplerate/2,numpy.size(pspec,1)),(numpy.size(pspec,0),1))

    return numpy.dot(pspec*R,fb.T) / feat


def hz2mel(hz):
    return 2595 * numpy.log10(1+hz/700.)


def mel2hz(mel):
    return 700*(10**(mel/2595.0)-1)


def get_filterbanks(nfilt=20,nfft=512,samplerate=16000,lowfreq=0,highfreq=None):
    highfreq= highfreq or samplerate/2
    assert highfreq <= samplerate/2, "highfreq is greater than samplerate/2"

    # compute points evenly spaced in mels
    lowmel = hz2mel(lowfreq)
    highmel = hz2mel(highfreq)
    melpoints = numpy.linspace(lowmel,highmel,nfilt+2)
    # our points are in Hz, but we use fft bins, so we have to convert
    #  from Hz to fft bin number
    bin = numpy.floor((nfft+1)*mel2hz(melpoints)/samplerate)

    fbank = numpy.zeros([nfilt,nfft//2+1])
    for j in range(0,nfilt):
        for i in range(int(bin[j]), int(bin[j+1])):
            fbank[j,i] = (i - bin[j]) / (bin[j+1]-bin[j])
        for i in range(int(bin[j+1]), int(bin[j+2])):
            fbank[j,i] = (bin[j+2]-i) / (bin[j+2]-bin[j+1])
    return fbank


def lifter(cepstra, L=22):
    if L > 0:
        nframes,ncoeff = numpy.shape(cepstra)
        n = numpy.arange(ncoeff)
        lift = 1 + (L/2.)*numpy.sin(numpy.pi*n/L)
        return lift*cepstra
    else:
        # values of L <= 0, do nothing
        return cepstra


def delta(feat, N):
    if N < 1:
        raise ValueError('N must be an integer >= 1')
    NUMFRAMES = len(feat)
    denominator = 2 * sum([i**2 for i in range(1, N+1)])
    delta_feat = numpy.empty_like(feat)
    padded = numpy.pad(feat, ((N, N), (0, 0)), mode='edge')   # padded version of feat
    for t in range(NUMFRAMES):
        delta_feat[t] = numpy.dot(numpy.arange(-N, N+1), padded[t : t+2*N+1]) / denominator   # [t : t+2*N+1] == [(N+t)-N : (N+t)+N+1]
    return delta_feat


# --- pyAudioAnalysis/ShortTermFeatures.py (tyiannak/pyAudioAnalysis) --------------------------------------------------
def dc_normalize(sig_array):
    sig_array_norm = sig_array.copy()
    sig_array_norm -= sig_array_norm.mean()
    sig_array_norm /= abs(sig_array_norm).max() + 1e-10
    return sig_array_norm


def zero_crossing_rate(frame):
    count = len(frame)
    count_zero = np.sum(np.abs(np.diff(np.sign(frame)))) / 2
    return np.float64(count_zero) / np.float64(count - 1.0)


def energy(frame):
    return np.sum(frame ** 2) / np.float64(len(frame))


def energy_entropy(frame, n_short_blocks=10):
    # total frame energy
    frame_energy = np.sum(frame ** 2)
    frame_length = len(frame)
    sub_win_len = int(np.floor(frame_length / n_short_blocks))
    if frame_length != sub_win_len * n_short_blocks:
        frame = frame[0:sub_win_len * n_short_blocks]

    # sub_wins is of size [n_short_blocks x L]
    sub_wins = frame.reshape(sub_win_len, n_short_blocks, order='F').copy()

    # Compute normalized sub-frame energies:
    s = np.sum(sub_wins ** 2, axis=0) / (frame_energy + eps)

    # Compute entropy of the normalized sub-frame energies:
    entropy = -np.sum(s * np.log2(s + eps))
    return entropy


def spectral_centroid_spread(fft_magnitude, sampling_rate):
    ind = (np.arange(1, len(fft_magnitude) + 1)) * \
          (sampling_rate / (2.0 * len(fft_magnitude)))

    Xt = fft_magnitude.copy()
    Xt_max = Xt.max()
    if Xt_max == 0:
        Xt = Xt / eps
    else:
        Xt = Xt / Xt_max

    NUM = np.sum(ind * Xt)
    DEN = np.sum(Xt) + eps

    # Centroid:
    centroid = (NUM / DEN)

    # Spread:
    spread = np.sqrt(np.sum(((ind - centroid) ** 2) * Xt) / DEN)

    # Normalize:
    centroid = centroid / (sampling_rate / 2.0)
    spread = spread / (sampling_rate / 2.0)

    return centroid, spread


def spectral_entropy(signal, n_short_blocks=10):
    # number of frame samples
    num_frames = len(signal)

    # total spectral energy
    total_energy = np.sum(signal ** 2)

    # length of sub-frame
    sub_win_len = int(np.floor(num_frames / n_short_blocks))
    if num_frames != sub_win_len * n_short_blocks:
        signal = signal[0:sub_win_len * n_short_blocks]

    # define sub-frames (using matrix reshape)
    sub_wins = signal.reshape(sub_win_len, n_short_blocks, order='F').copy()

    # compute spectral sub-energies
    s = np.sum(sub_wins ** 2, axis=0) / (total_energy + eps)

    # compute spectral entropy
    entropy = -np.sum(s * np.log2(s + eps))

    return entropy


def spectral_flux(fft_magnitude, previous_fft_magnitude):
    # compute the spectral flux as the sum of square distances:
    fft_sum = np.sum(fft_magnitude + eps)
    previous_fft_sum = np.sum(previous_fft_magnitude + eps)
    sp_flux = np.sum(
        (fft_magnitude / fft_sum - previous_fft_magnitude /
         previous_fft_sum) ** 2)

    return sp_flux


def spectral_rolloff(signal, c):
    energy = np.sum(signal ** 2)
    fft_length = len(signal)
    threshold = c * energy
    # Ffind the spectral rolloff as the frequency position 
    # where the respective spectral energy is equal to c*totalEnergy
    cumulative_sum = np.cumsum(signal ** 2) + eps
    a = np.nonzero(cumulative_sum > threshold)[0]
    if len(a) > 0:
        sp_rolloff = np.float64(a[0]) / (float(fft_length))
    else:
        sp_rolloff = 0.0
    return sp_rolloff


def harmonic(frame, sampling_rate):
    m = int(np.round(0.016 * sampling_rate) - 1)  # adapted: np.zeros((m)) and gamma[m0:m] need an int (see the docstring)
    r = np.correlate(frame, frame, mode='full')

    g = r[len(frame) - 1]
    r = r[len(frame):-1]

    # estimate m0 (as the first zero crossing of R)
    [a, ] = np.nonzero(np.diff(np.sign(r)))

    if len(a) == 0:
        m0 = len(r) - 1
    else:
        m0 = a[0]
    if m > len(r):
        m = len(r) - 1

    gamma = np.zeros((m), dtype=np.float64)
    cumulative_sum = np.cumsum(frame ** 2)
    gamma[m0:m] = r[m0:m] / (np.sqrt((g * cumulative_sum[m:m0:-1])) + eps)

    zcr = zero_crossing_rate(gamma)

    if zcr > 0.15:
        hr = 0.0
        f0 = 0.0
    else:
        if len(gamma) == 0:
            hr = 1.0
            blag = 0.0
            gamma = np.zeros((m), dtype=np.float64)
        else:
            hr = np.max(gamma)
            blag = np.argmax(gamma)

        # Get fundamental frequency:
        f0 = sampling_rate / (blag + eps)
        if f0 > 5000:
            f0 = 0.0
        if hr < 0.1:
            f0 = 0.0

    return hr, f0


def mfcc_filter_banks(sampling_rate, num_fft, lowfreq=133.33, linc=200 / 3,
                      logsc=1.0711703, num_lin_filt=13, num_log_filt=27):

    if sampling_rate < 8000:
        nlogfil = 5

    # Total number of filters
    num_filt_total = num_lin_filt + num_log_filt

    # Compute frequency points of the triangle:
    frequencies = np.zeros(num_filt_total + 2)
    frequencies[:num_lin_filt] = lowfreq + np.arange(num_lin_filt) * linc
    frequencies[num_lin_filt:] = frequencies[num_lin_filt - 1] * logsc ** \
                                 np.arange(1, num_log_filt + 3)
    heights = 2. / (frequencies[2:] - frequencies[0:-2])

    # Compute filterbank coeff (in fft domain, in bins)
    fbank = np.zeros((num_filt_total, num_fft))
    nfreqs = np.arange(num_fft) / (1. * num_fft) * sampling_rate

    for i in range(num_filt_total):
        low_freqs = frequencies[i]
        cent_freqs = frequencies[i + 1]
        high_freqs = frequencies[i + 2]

        lid = np.arange(np.floor(low_freqs * num_fft / sampling_rate) + 1,
                        np.floor(cent_freqs * num_fft / sampling_rate) + 1,
                        dtype=int)
        lslope = heights[i] / (cent_freqs - low_freqs)
        rid = np.arange(np.floor(cent_freqs * num_fft / sampling_rate) + 1,
                        np.floor(high_freqs * num_fft / sampling_rate) + 1,
                        dtype=int)
        rslope = heights[i] / (high_freqs - cent_freqs)
        fbank[i][lid] = lslope * (nfreqs[lid] - low_freqs)
        fbank[i][rid] = rslope * (high_freqs - nfreqs[rid])

    return fbank, frequencies


def mfcc(fft_magnitude, fbank, num_mfcc_feats):

    mspec = np.log10(np.dot(fft_magnitude, fbank.T) + eps)
    ceps = dct(mspec, type=2, norm='ortho', axis=-1)[:num_mfcc_feats]
    return ceps


def chroma_features_init(num_fft, sampling_rate):
    freqs = np.array([((f + 1) * sampling_rate) /
                      (2 * num_fft) for f in range(num_fft)])
    cp = 27.50
    num_chroma = np.round(12.0 * np.log2(freqs / cp)).astype(int)

    num_freqs_per_chroma = np.zeros((num_chroma.shape[0],))

    unique_chroma = np.unique(num_chroma)
    for u in unique_chroma:
        idx = np.nonzero(num_chroma == u)
        num_freqs_per_chroma[idx] = idx[0].shape

    return num_chroma, num_freqs_per_chroma


def chroma_features(signal, sampling_rate, num_fft):
    # TODO: 1 complexity
    # TODO: 2 bug with large windows

    num_chroma, num_freqs_per_chroma = \
        chroma_features_init(num_fft, sampling_rate)
    chroma_names = ['A', 'A#', 'B', 'C', 'C#', 'D',
                    'D#', 'E', 'F', 'F#', 'G', 'G#']
    spec = signal ** 2
    if num_chroma.max() < num_chroma.shape[0]:
        C = np.zeros((num_chroma.shape[0],))
        C[num_chroma] = spec
        C /= num_freqs_per_chroma[num_chroma]
    else:
        I = np.nonzero(num_chroma > num_chroma.shape[0])[0][0]
        C = np.zeros((num_chroma.shape[0],))
        C[num_chroma[0:I - 1]] = spec
        C /= num_freqs_per_chroma
    final_matrix = np.zeros((12, 1))
    newD = int(np.ceil(C.shape[0] / 12.0) * 12)
    C2 = np.zeros((newD,))
    C2[0:C.shape[0]] = C
    C2 = C2.reshape(int(C2.shape[0] / 12), 12)
    # for i in range(12):
    #    finalC[i] = np.sum(C[i:C.shape[0]:12])
    final_matrix = np.sum(C2, axis=0).reshape(1, -1).T

    spec_sum = spec.sum()
    if spec_sum == 0:
        final_matrix /= eps
    else:
        final_matrix /= spec_sum

    #    ax = plt.gca()
    #    plt.hold(False)
    #    plt.plot(finalC)
    #    ax.set_xticks(range(len(chromaNames)))
    #    ax.set_xticklabels(chromaNames)
    #    xaxis = np.arange(0, 0.02, 0.01);
    #    ax.set_yticks(range(len(xaxis)))
    #    ax.set_yticklabels(xaxis)
    #    plt.show(block=False)
    #    plt.draw()

    return chroma_names, final_matrix


def feature_extraction(signal, sampling_rate, window, step, deltas=True):

    window = int(window)
    step = int(step)

    # signal normalization
    signal = np.double(signal)
    signal = signal / (2.0 ** 15)

    signal = dc_normalize(signal)

    number_of_samples = len(signal)  # total number of samples
    current_position = 0
    count_fr = 0
    num_fft = int(window / 2)

    # compute the triangular filter banks used in the mfcc calculation
    fbank, freqs = mfcc_filter_banks(sampling_rate, num_fft)

    n_time_spectral_feats = 8
    n_harmonic_feats = 0
    n_mfcc_feats = 13
    n_chroma_feats = 13
    n_total_feats = n_time_spectral_feats + n_mfcc_feats + n_harmonic_feats + \
                    n_chroma_feats
    #    n_total_feats = n_time_spectral_feats + n_mfcc_feats +
    #    n_harmonic_feats

    # define list of feature names
    feature_names = ["zcr", "energy", "energy_entropy"]
    feature_names += ["spectral_centroid", "spectral_spread"]
    feature_names.append("spectral_entropy")
    feature_names.append("spectral_flux")
    feature_names.append("spectral_rolloff")
    feature_names += ["mfcc_{0:d}".format(mfcc_i)
                      for mfcc_i in range(1, n_mfcc_feats + 1)]
    feature_names += ["chroma_{0:d}".format(chroma_i)
                      for chroma_i in range(1, n_chroma_feats)]
    feature_names.append("chroma_std")

    # add names for delta features:
    if deltas:
        feature_names_2 = feature_names + ["delta " + f for f in feature_names]
        feature_names = feature_names_2

    features = []
    # for each short-term window to end of signal
    while current_position + window - 1 < number_of_samples:
        count_fr += 1
        # get current window
        x = signal[current_position:current_position + window]

        # update window position
        current_position = current_position + step

        # get fft magnitude
        fft_magnitude = abs(fft(x))

        # normalize fft
        fft_magnitude = fft_magnitude[0:num_fft]
        fft_magnitude = fft_magnitude / len(fft_magnitude)

        # keep previous fft mag (used in spectral flux)
        if count_fr == 1:
            fft_magnitude_previous = fft_magnitude.copy()
        feature_vector = np.zeros((n_total_feats, 1))

        # zero crossing rate
        feature_vector[0] = zero_crossing_rate(x)

        # short-term energy
        feature_vector[1] = energy(x)

        # short-term entropy of energy
        feature_vector[2] = energy_entropy(x)

        # sp centroid/spread
        [feature_vector[3], feature_vector[4]] = \
            spectral_centroid_spread(fft_magnitude,
                                     sampling_rate)

        # spectral entropy
        feature_vector[5] = \
            spectral_entropy(fft_magnitude)

        # spectral flux
        feature_vector[6] = \
            spectral_flux(fft_magnitude,
                          fft_magnitude_previous)

        # spectral rolloff
        feature_vector[7] = \
            spectral_rolloff(fft_magnitude, 0.90)

        # MFCCs
        mffc_feats_end = n_time_spectral_feats + n_mfcc_feats
        feature_vector[n_time_spectral_feats:mffc_feats_end, 0] = \
            mfcc(fft_magnitude, fbank, n_mfcc_feats).copy()

        # chroma features
        chroma_names, chroma_feature_matrix = \
            chroma_features(fft_magnitude, sampling_rate, num_fft)
        chroma_features_end = n_time_spectral_feats + n_mfcc_feats + \
                              n_chroma_feats - 1
        feature_vector[mffc_feats_end:chroma_features_end] = \
            chroma_feature_matrix
        feature_vector[chroma_features_end] = chroma_feature_matrix.std()
        if not deltas:
            features.append(feature_vector)
        else:
            # delta features
            if count_fr > 1:
                delta = feature_vector - feature_vector_prev  # noqa: F821 (set at the end of the previous frame)
                feature_vector_2 = np.concatenate((feature_vector, delta))
            else:
                feature_vector_2 = np.concatenate((feature_vector,
                                                   np.zeros(feature_vector.
                                                            shape)))
            feature_vector_prev = feature_vector
            features.append(feature_vector_2)

        fft_magnitude_previous = fft_magnitude.copy()

    features = np.concatenate(features, 1)
    return features, feature_names




# --- wrappers (the keyword arguments fixed) -----------------------------------------------------------------------------
def framesig_indices(sig):
    return framesig(sig, 37, 13, stride_trick=False)


def framesig_strided(sig):
    return framesig(sig, 37, 13)


def framesig_hamming(sig):
    return framesig(sig, 25.6, 10.2, numpy.hamming)


def deframe(frames):
    return deframesig(frames, 0, 37, 13)


def mfcc_8k_hamming(signal):
    return psf_mfcc(signal, 8000, 0.025, 0.01, 13, 20, 256, 0, None, 0.97, 0, False, numpy.hamming)


def filterbank_to(highfreq):
    return get_filterbanks(20, 512, 16000, 300, highfreq)


def features_8k(x):
    return feature_extraction(x, 8000, 0.050 * 8000, 0.050 * 8000)


# --- inputs ------------------------------------------------------------------------------------------------------------
def _voiced(rng, n, fs):
    """A harmonic tone (fundamental 100-250 Hz, three partials) in noise: a stand-in for a voiced speech frame."""
    t = np.arange(n) / fs
    f0 = rng.uniform(100, 250)
    x = sum(np.sin(2 * np.pi * k * f0 * t + rng.uniform(0, 2 * np.pi)) / k for k in (1, 2, 3))
    return x + 0.1 * rng.normal(size=n)


def _frames(rng):
    """framesig's frames of 37 samples, one of them silent (logpowspec's ps <= 1e-30 floor)."""
    frames = framesig(rng.normal(size=200), 37, 13, stride_trick=False)
    frames[3] = 0.0
    return frames


def _magnitudes(rng, n=200, fs=8000):
    """abs(FFT) of a 50 ms frame at 8 kHz, its first n bins divided by n, as feature_extraction makes them."""
    x = _voiced(rng, 2 * n, fs)
    return np.abs(np.fft.fft(x))[:n] / n


def _int16_audio(rng, n):
    return np.round(3000 * _voiced(rng, n, 8000)).astype(np.int16)


_SP = "sigproc.py"
_BA = "base.py"

CASES = [
    # python_speech_features/sigproc.py
    case(rolling_window, lambda rng: (rng.normal(size=10), 4, 3), PSF(_SP, "rolling_window", "test_rolling's window=4, step=3: as_strided")),
    case(framesig_indices, lambda rng: (rng.normal(size=200),), PSF(_SP, "framesig / round_half_up", "test_frame_sig's 37 / 13, stride_trick=False: a gather by numpy.tile indices")),
    case(framesig_strided, lambda rng: (rng.normal(size=200),), PSF(_SP, "framesig / rolling_window", "stride_trick=True: as_strided then [::step]")),
    case(framesig_hamming, lambda rng: (rng.normal(size=200),), PSF(_SP, "framesig / round_half_up", "25.6 / 10.2 samples rounded half up through decimal, numpy.hamming window")),
    case(deframe, lambda rng: (framesig(rng.normal(size=200), 37, 13, stride_trick=False),), PSF(_SP, "deframesig", "siglen 0: the overlap-add loop of fancy-index writes")),
    case(logpowspec, lambda rng: (_frames(rng), 64), PSF(_SP, "logpowspec / powspec / magspec", "norm=1, a silent frame: ps[ps <= 1e-30] = 1e-30")),
    case(preemphasis, lambda rng: (rng.normal(size=100), np.float64(rng.uniform(0.9, 0.99))), PSF(_SP, "preemphasis")),
    # python_speech_features/base.py
    case(calculate_nfft, lambda rng: (16000, np.float64(rng.uniform(0.02, 0.03))), PSF(_BA, "calculate_nfft", "winlen a NumPy float: a while loop on a staged comparison")),
    case(psf_mfcc, lambda rng: (_voiced(rng, 1600, 16000),), PSF(_BA, "mfcc / fbank / get_filterbanks / lifter", "example.py's mfcc(sig, rate) at 16 kHz: the defaults")),
    case(mfcc_8k_hamming, lambda rng: (_voiced(rng, 800, 8000),), PSF(_BA, "mfcc", "8 kHz, nfft 256, 20 filters, ceplifter 0, appendEnergy False, numpy.hamming")),
    case(fbank, lambda rng: (_voiced(rng, 1600, 16000),), PSF(_BA, "fbank", "the defaults: (features, energy)")),
    case(ssc, lambda rng: (_voiced(rng, 1600, 16000),), PSF(_BA, "ssc", "the defaults")),
    case(filterbank_to, lambda rng: (np.float64(rng.uniform(5000, 8000)),), PSF(_BA, "get_filterbanks", "highfreq a NumPy float: the assert and the loop bounds int(bin[j]) depend on it")),
    case(lifter, lambda rng: (rng.normal(size=(9, 13)), 22), PSF(_BA, "lifter", "L = 22")),
    case(delta, lambda rng: (rng.normal(size=(9, 13)), 2), PSF(_BA, "delta", "example.py's N = 2")),
    # pyAudioAnalysis/ShortTermFeatures.py
    case(zero_crossing_rate, lambda rng: (_voiced(rng, 400, 8000),), PAA("zero_crossing_rate")),
    case(energy_entropy, lambda rng: (_voiced(rng, 405, 8000),), PAA("energy_entropy", "405 samples: the frame truncated to 400")),
    case(spectral_centroid_spread, lambda rng: (_magnitudes(rng), 8000), PAA("spectral_centroid_spread")),
    case(spectral_rolloff, lambda rng: (_magnitudes(rng), 0.90), PAA("spectral_rolloff", "c = 0.90 as feature_extraction")),
    case(harmonic, lambda rng: (_voiced(rng, 400, 8000), 8000), PAA("harmonic / zero_crossing_rate", "a 50 ms frame at 8 kHz: m = 127")),
    case(mfcc_filter_banks, lambda rng: (8000, 200), PAA("mfcc_filter_banks", "feature_extraction's (8 kHz, num_fft 200); Python ints")),
    case(chroma_features, lambda rng: (_magnitudes(rng), 8000, 200), PAA("chroma_features / chroma_features_init", "num_fft 200 at 8 kHz")),
    case(features_8k, lambda rng: (_int16_audio(rng, 2000),), PAA("feature_extraction", "test_feature_extraction_short's 0.050 * fs windows and steps, deltas")),
]
