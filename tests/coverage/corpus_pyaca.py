"""pyACA, the Python companion of Lerch's *An Introduction to Audio Content Analysis*: the spectral features
(centroid, spread, skewness, kurtosis, flux, rolloff, flatness, crest, slope, decrease, MFCCs, pitch chroma,
tonal power ratio), the time-domain features (ACF coefficients and maximum, peak envelope, RMS with its single-pole
filter, standard deviation, zero-crossing rate), the novelty functions, the pitch trackers (spectral ACF, HPS, time
ACF, AMDF, auditory, zero crossings), the tools (blocking, Hann window, unit conversions Hz/bin/Bark/Mel/MIDI,
instantaneous frequency, MFCC and gammatone filterbanks, PCA, DTW, Viterbi, kNN, resampling), and the compute
functions (spectrogram, mel spectrogram, feature dispatcher, key, chords, fingerprint, novelty function)
(alexanderlerch/pyACA, MIT).

Copied from alexanderlerch/pyACA at 3beadf4e83c9ff1dc319001aa1a8ec6ef16b27ee (its LICENSE is the MIT licence:
"Copyright (c) 2019 Alexander Lerch"), the files named in each section below (under ``pyACA/``). Bodies are as
written, comments kept, docstrings dropped; each function is copied together with the functions of the package it
calls.

Adapted, beyond that:

* the imports of package modules are this module's: the module-level imports below are those of the source modules
  (``numpy``, ``math``, ``scipy.signal``'s ``find_peaks``, ``filtfilt``, ``lfilter``, ``butter``,
  ``scipy.interpolate.interp1d``); ``import pyACA`` (``pyACA.ToolBlockAudio``, and ``getattr(pyACA, "Feature" +
  name)`` in ``computeFeature``, ``getattr(pyACA, "Novelty" + name)`` in ``computeNoveltyFunction``) is a namespace
  holding the copied functions; ``computeFeature``'s ``import matplotlib.pyplot`` is dropped (only its ``...Cl``
  command-line function plots);
* wrappers give the keyword arguments (block and hop lengths, models, orders) as constants;
* not taken: ``ToolReadAudio`` (reads a file), ``ToolSimpleNmf`` and ``ToolSimpleKmeans`` (``np.random`` inside),
  ``ToolGmm``, ``ToolLooCrossVal``, ``ToolSeqFeatureSel``, ``computeBeatHisto``, ``computePitch``, the ``...Cl``
  command-line functions.

The inputs: 2,048 samples at 8 kHz (two or three sinusoids between 150 and 1,000 Hz and a little noise, made in
``make_inputs``), blocks of 256 with a hop of 128, and their magnitude spectrogram (129 bins by 17 blocks, made
eagerly with the copied ``computeSpectrogram``); the "silent" inputs zero a stretch so that the ``if not
block.sum(): continue`` branches run.
"""

# ruff: noqa: E501, E741, W291, W293
from __future__ import annotations

import math
import types

import numpy as np
from scipy.interpolate import interp1d
from scipy.signal import butter, filtfilt, find_peaks, lfilter

from tests.coverage.cases import PYACA, Source, case


def ACA(path: str, original: str, note: str = "") -> Source:
    return Source(PYACA, "pyACA/" + path, original, note)


# --- pyACA/FeatureSpectralCentroid.py -----------------------------------------------------------------------------

def FeatureSpectralCentroid(X, f_s):

    isSpectrum = X.ndim == 1

    # X = X**2 removed for consistency with book

    norm = X.sum(axis=0, keepdims=True)
    norm[norm == 0] = 1

    vsc = np.dot(np.arange(0, X.shape[0]), X) / norm

    # convert from index to Hz
    vsc = vsc / (X.shape[0] - 1) * f_s / 2

    # if input is a spectrum, output scaler else if spectrogram, output 1d array
    vsc = np.squeeze(vsc) if isSpectrum else np.squeeze(vsc, axis=0)

    return vsc



# --- pyACA/FeatureSpectralCrestFactor.py --------------------------------------------------------------------------

def FeatureSpectralCrestFactor(X, f_s):

    norm = X.sum(axis=0, keepdims=True)
    norm[norm == 0] = 1

    vtsc = X.max(axis=0) / norm

    return np.squeeze(vtsc, axis=0)



# --- pyACA/FeatureSpectralDecrease.py -----------------------------------------------------------------------------

def FeatureSpectralDecrease(X, f_s):

    # compute index vector
    kinv = np.arange(0, X.shape[0])
    kinv[0] = 1
    kinv = 1 / kinv

    norm = X[1:].sum(axis=0, keepdims=True)
    norm[norm == 0] = 1

    # compute slope
    vsd = np.dot(kinv, X - X[0]) / norm

    return np.squeeze(vsd, axis=0)



# --- pyACA/FeatureSpectralFlatness.py -----------------------------------------------------------------------------

def FeatureSpectralFlatness(X, f_s):

    norm = X.mean(axis=0, keepdims=True)
    norm[norm == 0] = 1

    XLog = np.log(X + 1e-20)

    vtf = np.exp(XLog.mean(axis=0, keepdims=True)) / norm

    vtf[X.min(axis=0, keepdims=True) == 0] = 0
    
    return np.squeeze(vtf, axis=0)



# --- pyACA/FeatureSpectralFlux.py ---------------------------------------------------------------------------------

def FeatureSpectralFlux(X, f_s):

    isSpectrum = X.ndim == 1
    if isSpectrum:
        X = np.expand_dims(X, axis=1)

    # difference spectrum (set first diff to zero)
    X = np.c_[X[:, 0], X]

    afDeltaX = np.diff(X, 1, axis=1)

    # flux
    vsf = np.sqrt((afDeltaX**2).sum(axis=0)) / X.shape[0]

    return np.squeeze(vsf) if isSpectrum else vsf



# --- pyACA/FeatureSpectralKurtosis.py -----------------------------------------------------------------------------

def FeatureSpectralKurtosis(X, f_s):

    isSpectrum = X.ndim == 1
    if isSpectrum:
        X = np.expand_dims(X, axis=1)

    k = np.arange(0, X.shape[0]) 
    # get spectral centroid and spread (mean and std of dist)
    vsc = FeatureSpectralCentroid(X, f_s)  * 2 / f_s * (X.shape[0]-1)
    vss = FeatureSpectralSpread(X, f_s)    * 2 / f_s * (X.shape[0]-1)

    norm = X.sum(axis=0)
    norm[norm == 0] = 1
    vss[vss == 0] = 1

    # compute kurtosis
    vsk = np.zeros(X.shape[1])
    for n in range(0, X.shape[1]):
        vsk[n] = np.dot((k - vsc[n])**4, X[:, n]) / (vss[n]**4 * norm[n])

    return np.squeeze(vsk - 3) if isSpectrum else (vsk - 3)



# --- pyACA/FeatureSpectralMfccs.py --------------------------------------------------------------------------------

def FeatureSpectralMfccs(X, f_s, iNumCoeffs=13):

    isSpectrum = X.ndim == 1
    if isSpectrum:
        X = np.expand_dims(X, axis=1)

    # allocate memory
    v_mfcc = np.zeros([iNumCoeffs, X.shape[1]])

    # generate filter matrix
    H = ToolMfccFb(X.shape[0], f_s)
    T = generateDctMatrix(H.shape[0], iNumCoeffs)

    for n in range(0, X.shape[1]):
        # compute the mel spectrum
        X_Mel = np.log10(np.dot(H, X[:, n]) + 1e-20)

        # calculate the mfccs
        v_mfcc[:, n] = np.dot(T, X_Mel)

    return np.squeeze(v_mfcc) if isSpectrum else v_mfcc

def generateDctMatrix(iNumBands, iNumCepstralCoeffs):
    T = np.cos(np.outer(np.arange(0, iNumCepstralCoeffs), (2 * np.arange(0, iNumBands) + 1)) * np.pi / 2 / iNumBands)

    T = T / np.sqrt(iNumBands / 2)
    T[0, :] = T[0, :] / np.sqrt(2)

    return T



# --- pyACA/FeatureSpectralPitchChroma.py --------------------------------------------------------------------------

def FeatureSpectralPitchChroma(X, f_s):

    isSpectrum = X.ndim == 1
    if isSpectrum:
        X = np.expand_dims(X, axis=1)

    # generate filter matrix
    H = generatePcFilters(X.shape[0], f_s)

    # compute pitch chroma
    v_pc = np.dot(H, X**2)

    # norm pitch chroma to a sum of 1 but avoid div by zero
    norm = v_pc.sum(axis=0, keepdims=True)
    norm[norm == 0] = 1
    v_pc = v_pc / norm

    return np.squeeze(v_pc) if isSpectrum else v_pc

def generatePcFilters(iSpecLength, f_s):

    # initialization at C4
    f_mid = 261.63
    iNumOctaves = 4
    iNumPitchesPerOctave = 12

    # sanity check
    while f_mid * 2**iNumOctaves > f_s / 2.:
        iNumOctaves = iNumOctaves - 1

    H = np.zeros([iNumPitchesPerOctave, iSpecLength])

    # for each pitch class i create weighting factors in each octave j
    for i in range(0, iNumPitchesPerOctave):
        afBounds = np.array([2**(-1 / (2 * iNumPitchesPerOctave)), 2**(1 / (2 * iNumPitchesPerOctave))]) * f_mid * 2 * (iSpecLength - 1) / f_s
        for j in range(0, iNumOctaves):
            iBounds = np.array([math.ceil(2**j * afBounds[0]), math.ceil(2**j * afBounds[1])])
            H[i, range(iBounds[0], iBounds[1])] = 1 / (iBounds[1] - iBounds[0] + 1)

        # increment to next semi-tone
        f_mid = f_mid * 2**(1 / iNumPitchesPerOctave)

    return H



# --- pyACA/FeatureSpectralRolloff.py ------------------------------------------------------------------------------

def FeatureSpectralRolloff(X, f_s, kappa=0.85):

    norm = X.sum(axis=0, keepdims=True)
    norm[norm == 0] = 1

    X = np.cumsum(X, axis=0) / norm

    vsr = np.argmax(X >= kappa, axis=0)

    # convert from index to Hz
    vsr = vsr / (X.shape[0] - 1) * f_s / 2

    return vsr



# --- pyACA/FeatureSpectralSkewness.py -----------------------------------------------------------------------------

def FeatureSpectralSkewness(X, f_s, UseBookDefinition=False):

    isSpectrum = X.ndim == 1
    if isSpectrum:
        X = np.expand_dims(X, axis=1)

    if UseBookDefinition:  # not recommended
        # compute mean and standard deviation
        mu_x = np.mean(X, axis=0, keepdims=True)
        std_x = np.std(X, axis=0)

        # remove mean
        X = X - mu_x

        # compute kurtosis
        vssk = np.sum(X**3, axis=0) / (std_x**3 * X.shape[0])
    else:
        f = np.arange(0, X.shape[0]) / (X.shape[0] - 1) * f_s / 2
        # get spectral centroid and spread (mean and std of dist)
        vsc = FeatureSpectralCentroid(X, f_s) 
        vss = FeatureSpectralSpread(X, f_s)   

        norm = X.sum(axis=0)
        norm[norm == 0] = 1
        vss[vss == 0] = 1

        # compute spread
        vssk = np.zeros(X.shape[1])
        for n in range(0, X.shape[1]):
            vssk[n] = np.dot((f - vsc[n])**3, X[:, n]) / (vss[n]**3 * norm[n] )

    return np.squeeze(vssk) if isSpectrum else vssk



# --- pyACA/FeatureSpectralSlope.py --------------------------------------------------------------------------------

def FeatureSpectralSlope(X, f_s):

    # compute mean
    vsc = FeatureSpectralCentroid(X, f_s) * 2 / f_s * (X.shape[0] - 1)

    # compute index vector
    kmu = np.arange(0, X.shape[0]) - (X.shape[0]+1) / 2

    # compute slope
    X = X - vsc
    vssl = np.dot(kmu, X) / np.dot(kmu, kmu)

    return vssl



# --- pyACA/FeatureSpectralSpread.py -------------------------------------------------------------------------------

def FeatureSpectralSpread(X, f_s):

    isSpectrum = X.ndim == 1
    if isSpectrum:
        X = np.expand_dims(X, axis=1)

    # get spectral centroid as index
    vsc = FeatureSpectralCentroid(X, f_s) * 2 / f_s * (X.shape[0] - 1)

    # X = X**2 removed for consistency with book

    norm = X.sum(axis=0)
    norm[norm == 0] = 1

    # compute spread
    vss = np.zeros(X.shape[1])
    indices = np.arange(0, X.shape[0])
    for n in range(0, X.shape[1]):
        vss[n] = np.dot((indices - vsc[n])**2, X[:, n]) / norm[n]

    vss = np.sqrt(vss)

    # convert from index to Hz
    vss = vss / (X.shape[0] - 1) * f_s / 2

    return np.squeeze(vss) if isSpectrum else vss



# --- pyACA/FeatureSpectralTonalPowerRatio.py ----------------------------------------------------------------------

def FeatureSpectralTonalPowerRatio(X, f_s, G_T=5e-4):

    isSpectrum = X.ndim == 1
    if isSpectrum:
        X = np.expand_dims(X, axis=1)

    X = X**2

    fSum = X.sum(axis=0)
    vtpr = np.zeros(fSum.shape)

    for n in range(0, X.shape[1]):
        if fSum[n] < G_T:
            continue

        # find local maxima above the threshold
        afPeaks = find_peaks(X[:, n], height=G_T)

        if not afPeaks[0].size:
            continue

        # calculate ratio
        vtpr[n] = X[afPeaks[0], n].sum() / fSum[n]

    return np.squeeze(vtpr) if isSpectrum else vtpr



# --- pyACA/FeatureTimeAcfCoeff.py ---------------------------------------------------------------------------------

def FeatureTimeAcfCoeff(x, iBlockLength, iHopLength, f_s, eta=19):

    # create blocks
    xBlocks, t = pyACA.ToolBlockAudio(x, iBlockLength, iHopLength, f_s)

    # number of results
    iNumOfBlocks = xBlocks.shape[0]
    if np.isscalar(eta):
        iNumOfResultsPerBlock = 1
    else:
        iNumOfResultsPerBlock = eta.size

    # allocate memory
    vacf = np.zeros([iNumOfResultsPerBlock, iNumOfBlocks])

    for n, block in enumerate(xBlocks):
        # calculate the acf
        if not block.sum():
            vacf[np.arange(0, iNumOfResultsPerBlock), n] = np.zeros(iNumOfResultsPerBlock)
            continue
        else:
            afCorr = np.correlate(block, block, "full") / np.dot(block, block)

        # find the coefficients specified in eta
        vacf[np.arange(0, iNumOfResultsPerBlock), n] = afCorr[iBlockLength + eta]

    return vacf, t



# --- pyACA/FeatureTimeMaxAcf.py -----------------------------------------------------------------------------------

def FeatureTimeMaxAcf(x, iBlockLength, iHopLength, f_s, f_max=2000, fMinThresh=0.35):

    # create blocks
    x_b, t = pyACA.ToolBlockAudio(x, iBlockLength, iHopLength, f_s)

    # number of results
    iNumOfBlocks = x_b.shape[0]

    # allocate memory
    vacf = np.zeros(iNumOfBlocks)

    for n, block in enumerate(x_b):
        eta_min = np.floor(f_s / f_max).astype(int)

        # calculate the acf if nonzero
        if not block.sum():
            continue
        else:
            afCorr = np.correlate(block, block, "full") / np.dot(block, block)

        afCorr = afCorr[np.arange(iBlockLength, afCorr.size)]

        # update eta_min to avoid main lobe
        eta_tmp = np.argmax(afCorr < fMinThresh)
        eta_min = np.max([eta_min, eta_tmp])

        afDeltaCorr = np.diff(afCorr)
        eta_tmp = np.argmax(afDeltaCorr > 0)
        eta_min = np.max([eta_min, eta_tmp])

        # find the coefficients specified in eta
        vacf[n] = np.max(np.abs(afCorr[np.arange(eta_min + 1, afCorr.size)]))

    return vacf, t



# --- pyACA/FeatureTimePeakEnvelope.py -----------------------------------------------------------------------------

def FeatureTimePeakEnvelope(x, iBlockLength, iHopLength, f_s):

    # create blocks
    xBlocks, t = pyACA.ToolBlockAudio(x, iBlockLength, iHopLength, f_s)

    # number of results
    iNumOfBlocks = xBlocks.shape[0]

    alpha = 1 - np.array([np.exp(-2.2 / (f_s * 0.01)), np.exp(-2.2 / (f_s * 1.5))])

    # allocate memory
    vppm = np.zeros([2, iNumOfBlocks])
    v_tmp = np.zeros(iBlockLength)

    for n, block in enumerate(xBlocks):
        x_block = np.abs(block)

        # detect the maximum per block
        vppm[0, n] = np.max(x_block)

        # calculate the PPM value - take into account block overlaps
        # and discard concerns wrt efficiency
        v_tmp = ppm(x_block, v_tmp[iHopLength - 1], alpha)
        vppm[1, n] = np.max(v_tmp)

    # convert to dB
    epsilon = 1e-5  # -100dB

    vppm[vppm < epsilon] = epsilon
    vppm = 20 * np.log10(vppm)

    return vppm, t

def ppm(x, filterbuf, alpha):

    # initialization
    ppmout = np.zeros(x.shape[0])

    alpha_AT = alpha[0]
    alpha_RT = alpha[1]

    for i in range(0, x.shape[0]):
        if filterbuf > x[i]:
            # release state
            ppmout[i] = (1 - alpha_RT) * filterbuf
        else:
            # attack state
            ppmout[i] = alpha_AT * x[i] + (1 - alpha_AT) * filterbuf

        filterbuf = ppmout[i]

    return ppmout



# --- pyACA/FeatureTimeRms.py --------------------------------------------------------------------------------------

def FeatureTimeRms(x, iBlockLength, iHopLength, f_s):

    T_i = .3 
    alpha = 1 - np.exp(-2.2/f_s/T_i)

    # create blocks
    x_b, t = pyACA.ToolBlockAudio(x, iBlockLength, iHopLength, f_s)

    # number of results
    iNumOfBlocks = x_b.shape[0]

    # single pole implementation
    v_sp = filterSP(x**2, alpha)

    # allocate memory
    vrms = np.zeros([2, iNumOfBlocks])

    for n, block in enumerate(x_b):
        i_start = n * iHopLength
        i_stop = np.min([len(x), i_start + iBlockLength])

        # calculate the rms
        vrms[0, n] = np.sqrt(np.dot(block, block) / block.size)
        vrms[1, n] = np.max(np.sqrt(v_sp[i_start:i_stop]))

    # convert to dB
    epsilon = 1e-5  # -100dB

    vrms[vrms < epsilon] = epsilon
    vrms = 20 * np.log10(vrms)

    return vrms, t

def filterSP(x, alpha):
    
    xf = np.zeros(x.shape)
    xf[0] = alpha * x[0]

    for i in range(1, len(x)):
        xf[i] = alpha * x[i] + (1 - alpha) * xf[i-1]
    
    return xf



# --- pyACA/FeatureTimeStd.py --------------------------------------------------------------------------------------

def FeatureTimeStd(x, iBlockLength, iHopLength, f_s):

    # create blocks
    xBlocks, t = pyACA.ToolBlockAudio(x, iBlockLength, iHopLength, f_s)

    # number of results
    iNumOfBlocks = xBlocks.shape[0]

    # allocate memory
    vstd = np.zeros(iNumOfBlocks)

    for n, block in enumerate(xBlocks):
        # calculate the rms
        vstd[n] = np.std(block)

    return vstd, t



# --- pyACA/FeatureTimeZeroCrossingRate.py -------------------------------------------------------------------------

def FeatureTimeZeroCrossingRate(x, iBlockLength, iHopLength, f_s):

    # create blocks
    xBlocks, t = pyACA.ToolBlockAudio(x, iBlockLength, iHopLength, f_s)

    # number of results
    iNumOfBlocks = xBlocks.shape[0]

    # allocate memory
    vzc = np.zeros(iNumOfBlocks)

    for n, block in enumerate(xBlocks):
        # calculate the zero crossing rate
        vzc[n] = 0.5 * np.mean(np.abs(np.diff(np.sign(block))))

    return vzc, t



# --- pyACA/NoveltyFlux.py -----------------------------------------------------------------------------------------

def NoveltyFlux(X, f_s):

    isSpectrum = X.ndim == 1
    if isSpectrum:
        X = np.expand_dims(X, axis=1)

    # difference spectrum (set first diff to zero)
    X = np.c_[X[:, 0], X]
    afDeltaX = np.diff(X, 1, axis=1)

    # half-wave rectification
    afDeltaX[afDeltaX < 0] = 0

    # flux
    d_flux = np.sqrt((afDeltaX**2).sum(axis=0)) / X.shape[0]

    return np.squeeze(d_flux) if isSpectrum else d_flux



# --- pyACA/NoveltyHainsworth.py -----------------------------------------------------------------------------------

def NoveltyHainsworth(X, f_s):

    epsilon = 1e-5

    # difference spectrum (set first diff to zero)
    X = np.c_[X[:, 0], X]
    X[X <= 0] = epsilon

    afDiff = np.log2(X[:, np.arange(1, X.shape[1])] / X[:, np.arange(0, X.shape[1] - 1)])

    # flux
    d_hai = np.sum(afDiff, axis=0) / X.shape[0]

    return d_hai



# --- pyACA/NoveltyLaroche.py --------------------------------------------------------------------------------------

def NoveltyLaroche(X, f_s):

    # difference spectrum (set first diff to zero)
    X = np.c_[np.sqrt(X[:, 0]), np.sqrt(X)]

    afDeltaX = np.diff(X, 1, axis=1)

    # half-wave rectification
    afDeltaX[afDeltaX < 0] = 0

    # flux
    d_lar = np.sum(afDeltaX, axis=0) / X.shape[0]

    return d_lar



# --- pyACA/PitchSpectralAcf.py ------------------------------------------------------------------------------------

def PitchSpectralAcf(X, f_s):

    # initialize
    f_min = 300
    f_0 = np.zeros(X.shape[1])

    # use spectral symmetry for robustness
    X[0, :] = np.max(X)
    X = np.concatenate((np.flipud(X[1:,:]), X[:-1,:]), axis=0)

    # compute the ACF
    for n in range(0, X.shape[1]):

        if X[:, n].sum() < 1e-20:
            continue

        eta_min = int(round(f_min / f_s * (X.shape[0] - 2))) - 1

        afCorr = np.correlate(X[:, n], X[:, n], "full") / np.dot(X[:, n], X[:, n])
        afCorr = afCorr[np.arange(X.shape[0], afCorr.size)]

        # find the highest local maximum
        iPeaks = find_peaks(afCorr, height=0)
        if iPeaks[0].size:
            eta_min = np.max([eta_min, iPeaks[0][0] - 1])
        f_0[n] = np.argmax(afCorr[np.arange(eta_min, afCorr.size)]) + 1

        # find max index and convert to Hz (note: X has double length)
        f_0[n] = (f_0[n] + eta_min) / (X.shape[0] - 2) * f_s

    return f_0



# --- pyACA/PitchSpectralHps.py ------------------------------------------------------------------------------------

def PitchSpectralHps(X, f_s):

    # initialize
    iOrder = 4
    f_min = 300
    f_0 = np.zeros(X.shape[1])

    iLen = int((X.shape[0] - 1) / iOrder)
    afHps = X[np.arange(0, iLen), :]
    k_min = int(round(f_min / f_s * 2 * (X.shape[0] - 1)))

    # compute the HPS
    for j in range(1, iOrder):
        X_d = X[::(j + 1), :]
        afHps *= X_d[np.arange(0, iLen), :]

    f_0 = np.argmax(afHps[np.arange(k_min, afHps.shape[0])], axis=0)

    # find max index and convert to Hz
    f_0 = (f_0 + k_min) / (X.shape[0] - 1) * f_s / 2

    return f_0



# --- pyACA/PitchTimeAcf.py ----------------------------------------------------------------------------------------

def PitchTimeAcf(x, iBlockLength, iHopLength, f_s):

    # initialize
    f_max = 2000
    fMinThresh = .35

    # block audio data
    x_b, t = ToolBlockAudio(x, iBlockLength, iHopLength, f_s)
    iNumOfBlocks = x_b.shape[0]

    # allocate memory
    f_0 = np.zeros(iNumOfBlocks)

    for n, block in enumerate(x_b):
        eta_min = np.floor(f_s / f_max).astype(int)

        # calculate the acf if non zero
        if not block.sum():
            continue
        else:
            afCorr = np.correlate(block, block, "full") / np.dot(block, block)

        afCorr = afCorr[np.arange(iBlockLength, afCorr.size)]

        # update eta_min to avoid main lobe
        eta_tmp = np.argmax(afCorr < fMinThresh)
        eta_min = np.max([eta_min, eta_tmp])

        afDeltaCorr = np.diff(afCorr)
        eta_tmp = np.argmax(afDeltaCorr > 0)
        eta_min = np.max([eta_min, eta_tmp])

        # find the coefficients specified in eta
        f_0[n] = np.argmax(afCorr[np.arange(eta_min + 1, afCorr.size)]) + 1

        # convert to Hz
        f_0[n] = f_s / (f_0[n] + eta_min + 1)

    return f_0, t



# --- pyACA/PitchTimeAmdf.py ---------------------------------------------------------------------------------------

def PitchTimeAmdf(x, iBlockLength, iHopLength, f_s):
    def computeAmdf(x, eta_max):
        K = x.shape[0]

        if K <= 0:
            return 0

        afAmdf = np.ones(K)

        for eta in range(0, np.min([K, eta_max + 1])):
            afAmdf[eta] = np.sum(np.abs(x[np.arange(0, K - 1 - eta)] - x[np.arange(eta + 1, K)])) / K

        return afAmdf


    # initialize
    f_max = 2000
    f_min = 50

    # block audio data
    x_b, t = ToolBlockAudio(x, iBlockLength, iHopLength, f_s)
    iNumOfBlocks = x_b.shape[0]

    # allocate memory
    f_0 = np.zeros(iNumOfBlocks)

    eta_min = np.floor(f_s / f_max).astype(int)
    eta_max = np.floor(f_s / f_min).astype(int)

    for n, block in enumerate(x_b):

        # calculate the amdf if non zero
        if not block.sum():
            continue
        else:
            afCorr = computeAmdf(block, eta_max)

        # find the coefficients specified in eta
        f_0[n] = np.argmin(afCorr[np.arange(eta_min + 1, afCorr.size)]) + 1

        # convert to Hz
        f_0[n] = f_s / (f_0[n] + eta_min + 1)

    return f_0, t



# --- pyACA/PitchTimeAuditory.py -----------------------------------------------------------------------------------

def PitchTimeAuditory(x, iBlockLength, iHopLength, f_s):

    # initialize
    iNumOfBlocks = math.ceil(x.size / iHopLength)
    f_0 = np.zeros(iNumOfBlocks)
    f_max = 2000
    iNumBands = 20
    fLengthLpInS = 0.001

    iLengthLp = math.ceil(fLengthLpInS * f_s)

    # compute time stamps
    t = (np.arange(0, iNumOfBlocks) * iHopLength + (iBlockLength / 2)) / f_s

    # apply filterbank
    X = ToolGammatoneFb(x, f_s, iNumBands)

    # half wave rectification
    X[X < 0] = 0

    # smooth the results with a moving average filter
    b = np.ones(iLengthLp) / iLengthLp
    X = filtfilt(b, 1, X)

    for n in range(0, iNumOfBlocks):

        eta_min = int(round(f_s / f_max))
        afSumCorr = np.zeros(iBlockLength - 1)
        x_tmp = np.zeros(iBlockLength)

        i_start = n * iHopLength
        i_stop = np.min([x.size - 1, i_start + iBlockLength - 1])

        # compute ACF per band and summarize
        for k in range(0, iNumBands):
            # get current block
            if X[k, np.arange(i_start, i_stop + 1)].sum() < 1e-20:
                continue
            else:
                x_tmp[np.arange(0, i_stop - i_start + 1)] = X[k, np.arange(i_start, i_stop + 1)]

            afCorr = np.correlate(x_tmp, x_tmp, "full") / np.dot(x_tmp, x_tmp)

            # aggregate bands with simple sum before peak picking
            afSumCorr += afCorr[np.arange(iBlockLength, afCorr.size)]

        if afSumCorr.sum() < 1e-20:
            continue

        # find the highest local maximum
        iPeaks = find_peaks(afSumCorr, height=0)
        if iPeaks[0].size:
            eta_min = np.max([eta_min, iPeaks[0][0] - 1])
        f_0[n] = np.argmax(afSumCorr[np.arange(eta_min + 1, afSumCorr.size)]) + 1

        # convert to Hz
        f_0[n] = f_s / (f_0[n] + eta_min + 1)

    return f_0, t



# --- pyACA/PitchTimeZeroCrossings.py ------------------------------------------------------------------------------

def PitchTimeZeroCrossings(x, iBlockLength, iHopLength, f_s):

    # block audio data
    x_b, t = ToolBlockAudio(x, iBlockLength, iHopLength, f_s)
    iNumOfBlocks = x_b.shape[0]

    # initialize
    f_0 = np.zeros(iNumOfBlocks)

    for n, block in enumerate(x_b):

        # get current block
        if not block.sum():
             continue
        else:
            x_tmp = block

        # compute zero crossing indices
        x_tmp = x_tmp[np.arange(0, iBlockLength - 1)] * x_tmp[np.arange(1, iBlockLength)]
        i_tmp = np.diff(np.argwhere(x_tmp < 0), axis=0)

        # average distance of zero crossings indicates half period
        if i_tmp.size:
            f_0[n] = f_s / np.mean(2 * i_tmp)

    return f_0, t



# --- pyACA/ToolBin2Freq.py ----------------------------------------------------------------------------------------

def ToolBin2Freq(fBin, iFftLength, f_s):
    def acaBin2Freq_scalar_I(fBin, iFftLength, f_s):
        return fBin * f_s / float(iFftLength)

    b = np.asarray(fBin)
    if b.ndim == 0:
        return acaBin2Freq_scalar_I(b, iFftLength, f_s)

    f = np.zeros(b.shape)
    for k, bk in enumerate(b):
        f[k] = acaBin2Freq_scalar_I(bk, iFftLength, f_s)
            
    return f



# --- pyACA/ToolBlockAudio.py --------------------------------------------------------------------------------------

def ToolBlockAudio(x, iBlockLength, iHopLength, f_s):

    iNumBlocks = np.ceil(x.shape[0] / iHopLength).astype(int)

    # time stamp vector
    t = np.arange(0, iNumBlocks) * iHopLength / f_s + iBlockLength / (2*f_s)

    # pad with block length zeros just to make sure it runs for weird inputs, too
    afAudioPadded = np.concatenate((x, np.zeros([iBlockLength+iHopLength, ])), axis=0)

    return np.vstack([np.array(afAudioPadded[n*iHopLength:n*iHopLength+iBlockLength]) for n in range(iNumBlocks)]), t



# --- pyACA/ToolComputeHann.py -------------------------------------------------------------------------------------

def ToolComputeHann(iWindowLength):
    return 0.5 - (0.5 * np.cos(2 * np.pi / iWindowLength * np.arange(iWindowLength)))



# --- pyACA/ToolDownmix.py -----------------------------------------------------------------------------------------

def ToolDownmix(x):
    
    if x.ndim > 1:
        x_downmix = x.mean(axis=1)
    else:
        x_downmix = x

    return x_downmix



# --- pyACA/ToolFreq2Bark.py ---------------------------------------------------------------------------------------

def ToolFreq2Bark(fInHz, cModel='Schroeder'):
    def acaSchroeder_scalar(f):
        return 7 * math.asinh(f/650)

    def acaTerhardt_scalar(f):
        return 13.3 * math.atan(0.75 * f/1000)

    def acaZwicker_scalar(f):
        return 13 * math.atan(0.76 * f/1000) + 3.5 * math.atan(f/7500)

    def acaTraunmuller_scalar(f):
        return 26.81/(1+1960./f) - 0.53

    f = np.asarray(fInHz)
    if f.ndim == 0:
        if cModel == 'Terhardt':
            return acaTerhardt_scalar(f)
        elif cModel == 'Zwicker':
            return acaZwicker_scalar(f)
        elif cModel == 'Traunmuller':
            return acaTraunmuller_scalar(f)
        else:
            return acaSchroeder_scalar(f)

    fBark = np.zeros(f.shape)
    if cModel == 'Terhardt':
        for k, fi in enumerate(f):
            fBark[k] = acaTerhardt_scalar(fi)
    elif cModel == 'Zwicker':
        for k, fi in enumerate(f):
            fBark[k] = acaZwicker_scalar(fi)
    elif cModel == 'Traunmuller':
        for k, fi in enumerate(f):
            fBark[k] = acaTraunmuller_scalar(fi)
    else:
        for k, fi in enumerate(f):
            fBark[k] = acaSchroeder_scalar(fi)
            
    return fBark



# --- pyACA/ToolFreq2Bin.py ----------------------------------------------------------------------------------------

def ToolFreq2Bin(fInHz, iFftLength, f_s):
    def acaFreq2Bin_scalar_I(f, iFftLength, f_s):
        return f / f_s * iFftLength

    f = np.asarray(fInHz)
    if f.ndim == 0:
        return acaFreq2Bin_scalar_I(f, iFftLength, f_s)

    fBin = np.zeros(f.shape)
    for k, fk in enumerate(f):
        fBin[k] = acaFreq2Bin_scalar_I(fk, iFftLength, f_s)
            
    return fBin



# --- pyACA/ToolFreq2Mel.py ----------------------------------------------------------------------------------------

def ToolFreq2Mel(fInHz, cModel='Fant'):
    # Fant
    def acaFant_scalar(f):
        return 1000 * math.log2(1 + f/1000)
        
    # Shaughnessy
    def acaShaughnessy_scalar(f):
        return 2595 * math.log10(1 + f/700)
        
    # Umesh
    def acaUmesh_scalar(f):
        return f/(2.4e-4*f + 0.741)

    f = np.asarray(fInHz)
    if f.ndim == 0:
        if cModel == 'Shaughnessy':
            return acaShaughnessy_scalar(f)
        elif cModel == 'Umesh':
            return acaUmesh_scalar(f)
        else:
            return acaFant_scalar(f)

    fMel = np.zeros(f.shape)
    if cModel == 'Shaughnessy':
        for k, fi in enumerate(f):
            fMel[k] = acaShaughnessy_scalar(fi)
    elif cModel == 'Umesh':
        for k, fi in enumerate(f):
            fMel[k] = acaUmesh_scalar(fi)
    else:
        for k, fi in enumerate(f):
            fMel[k] = acaFant_scalar(fi)
            
    return fMel



# --- pyACA/ToolFreq2Midi.py ---------------------------------------------------------------------------------------

def ToolFreq2Midi(fInHz, fA4InHz=440):
    def convert_freq2midi_scalar(f, fA4InHz):
 
        if f <= 0:
            return 0
        else:
            return 69 + 12 * np.log2(f/fA4InHz)

    fInHz = np.asarray(fInHz)
    if fInHz.ndim == 0:
        return convert_freq2midi_scalar(fInHz, fA4InHz)

    midi = np.zeros(fInHz.shape)
    for k, f in enumerate(fInHz):
        midi[k] = convert_freq2midi_scalar(f, fA4InHz)
            
    return midi



# --- pyACA/ToolInstFreq.py ----------------------------------------------------------------------------------------

def ToolInstFreq(X_complex, iHopLength, f_s):

    # get phase
    phi = np.angle(X_complex)
    
    # phase offset
    omega = np.pi * iHopLength / X_complex.shape[1] * np.arange(0, X_complex.shape[1])

    # unwrapped difference
    delta_phi = omega + princarg_I(phi[1, :] - phi[0, :] - omega)

    # instantaneous frequency
    f_I = delta_phi / iHopLength / (2*np.pi) * f_s
    
    return f_I

def princarg_I(phi):

    phase = np.mod(phi + np.pi, -2*np.pi) + np.pi
    return phase



# --- pyACA/ToolMel2Freq.py ----------------------------------------------------------------------------------------

def ToolMel2Freq(fMel, cModel='fant'):
    def acaFant_I(m):
        # mel = 1000 * log2(1 + f / 1000);
        return 1000 * (2 ** (m / 1000) - 1)

    def acaShaughnessy_I(m):
        # mel = 2595 * log10(1 + f / 700);
        return 700 * (10 ** (m / 2595) - 1)

    def acaUmesh_I(m):
        # mel = f / (2.4e-4 * f + 0.741);
        return m * 0.741 / (1 - m * 2.4e-4)


    cModel = cModel.lower()
    if cModel == 'fant':
        return acaFant_I(fMel)
    elif cModel == 'shaughnessy':
        return acaShaughnessy_I(fMel)
    elif cModel == 'umesh':
        return acaUmesh_I(fMel)
    else:
        print('Invalid model type')



# --- pyACA/ToolMfccFb.py ------------------------------------------------------------------------------------------

def ToolMfccFb(iFftLength, f_s):

    # initialization
    f_start = 133.3333

    iNumLinFilters = 13
    iNumLogFilters = 27
    iNumFilters = iNumLinFilters + iNumLogFilters

    linearSpacing = 66.66666666
    logSpacing = 1.0711703

    # compute band frequencies
    f = np.zeros(iNumFilters + 2)
    f[np.arange(0, iNumLinFilters)] = f_start + np.arange(0, iNumLinFilters) * linearSpacing
    f[np.arange(iNumLinFilters, iNumFilters + 2)] = f[iNumLinFilters - 1] * logSpacing**np.arange(1, iNumLogFilters + 3)

    # sanity check
    if f[iNumFilters - 1] >= f_s / 2:
        f = f[f < f_s / 2]
        iNumFilters = f.shape[0] - 2

    f_l = f[np.arange(0, iNumFilters)]
    f_c = f[np.arange(1, iNumFilters + 1)]
    f_u = f[np.arange(2, iNumFilters + 2)]

    # allocate memory for filters and set max amplitude
    H = np.zeros([iNumFilters, iFftLength])
    afFilterMax = 2 / (f_u - f_l)
    f_k = np.arange(0, iFftLength) / (iFftLength - 1) * f_s / 2

    # compute the transfer functions
    for c in range(0, iNumFilters):
        # lower filter slope
        i_l = np.argmax(f_k > f_l[c])
        i_u = np.max([0, np.argmin(f_k <= f_c[c]) - 1])
        H[c, np.arange(i_l, i_u + 1)] = afFilterMax[c] * (f_k[np.arange(i_l, i_u + 1)] - f_l[c]) / (f_c[c] - f_l[c])
        # upper filter slope
        i_l = i_u + 1
        i_u = np.max([0, np.argmin(f_k < f_u[c]) - 1])
        H[c, np.arange(i_l, i_u + 1)] = afFilterMax[c] * (f_u[c] - f_k[np.arange(i_l, i_u + 1)]) / (f_u[c] - f_c[c])

    return H



# --- pyACA/ToolMidi2Freq.py ---------------------------------------------------------------------------------------

def ToolMidi2Freq(pInMidi, fA4InHz=440):
    def convert_midi2freq_scalar(p, fA4InHz):
 
        if p < 0:
            return 0
        else:
            return fA4InHz * 2**((p-69) / 12)

    pInMidi = np.asarray(pInMidi)
    if pInMidi.ndim == 0:
        return convert_midi2freq_scalar(pInMidi, fA4InHz)

    fInHz = np.zeros(pInMidi.shape)
    for k, p in enumerate(pInMidi):
        fInHz[k] = convert_midi2freq_scalar(p, fA4InHz)
            
    return fInHz



# --- pyACA/ToolNormalizeAudio.py ----------------------------------------------------------------------------------

def ToolNormalizeAudio(x):
    fNorm = np.max(np.abs(x))
    if fNorm == 0:
        fNorm = 1
        
    x_norm = x / fNorm

    return x_norm



# --- pyACA/ToolPca.py ---------------------------------------------------------------------------------------------

def ToolPca(V):

    # covariance
    cov_VV = np.cov(V)

    # svd
    [U, eigenvalues, T] = np.linalg.svd(cov_VV)

    # features to components
    U_pc = np.matmul(T.T, V)

    return U_pc, T, eigenvalues



# --- pyACA/ToolSimpleDtw.py ---------------------------------------------------------------------------------------

def ToolSimpleDtw(D):

    # init directions for back-tracking [diag, vert, hori]
    iDec = np.array([[-1, -1], [-1, 0], [0, -1]]) 

    # cost initialization
    C = np.zeros(D.shape)
    C[0, :] = np.cumsum(D[0, :])
    C[:, 0] = np.cumsum(D[:, 0])

    # traceback initialization
    DeltaP = np.zeros(D.shape, dtype=int)
    DeltaP[0, :] = 2  # (0,-1)
    DeltaP[:, 0] = 1  # (-1,0)
    DeltaP[0, 0] = 0  # (-1,-1)

    # recursion
    for n_A in range(1, D.shape[0]):
        for n_B in range(1, D.shape[1]):
            # find preceding min (diag, column, row)
            DeltaP[n_A, n_B] = int(np.argmin([C[n_A - 1, n_B - 1], C[n_A - 1, n_B], C[n_A, n_B - 1]]))
            prevC_index = [n_A, n_B] + iDec[DeltaP[n_A, n_B], :]
            C[n_A, n_B] = D[n_A, n_B] + C[prevC_index[0], prevC_index[1]]

    # traceback init
    p = np.asarray(D.shape, dtype=int) - 1  # start with the last element
    n = p

    while (n[0] >= 0) or (n[1] >= 0):
        n = n + iDec[DeltaP[n[0], n[1]], :]

        # update path
        tmp = np.vstack([n, p])
        p = tmp

    return p[1:, :], C



# --- pyACA/ToolViterbi.py -----------------------------------------------------------------------------------------

def ToolViterbi(P_E, P_T, p_s, bUseLogLikelihood=False):

    if not bUseLogLikelihood:
        # initialization
        I = np.zeros(P_E.shape).astype(int)
        P_res = np.zeros(P_E.shape)

        P_res[:, 0] = P_E[:, 0] * p_s

        # recursion
        for n in np.arange(1, P_E.shape[1]):
            for s in range(P_E.shape[0]):
                # find max of preceding times trans prob
                p_max = np.max(P_res[:, n-1] * P_T[:, s])
                I[s, n] = np.argmax(P_res[:, n-1] * P_T[:, s]).astype(int)
                P_res[s, n] = P_E[s, n] * p_max
    else:
        # initialization
        P_E = np.log(P_E)  # hope for non-zero entries
        P_T = np.log(P_T)  # hope for non-zero entries
        p_s = np.log(p_s)  # hope for non-zero entries
        I = np.zeros(P_E.shape).astype(int)
        P_res = np.zeros(P_E.shape)

        P_res[:, 0] = P_E[:, 0] + p_s

        # recursion
        for n in np.arange(1, P_E.shape[1]):
            for s in range(P_E.shape[0]):
                # find max of preceding times trans prob
                p_max = np.max(P_res[:, n-1] + P_T[:, s])
                I[s, n] = np.argmax(P_res[:, n-1] + P_T[:, s]).astype(int)
                P_res[s, n] = P_E[s, n] + p_max

    # traceback
    p = np.zeros(P_E.shape[1]).astype(int)
    # start with the last element, then count down
    p[-1] = np.argmax(P_res[:, -1]).astype(int)
    for n in range(P_E.shape[1]-2, -1, -1):
        p[n] = I[p[n+1], n+1]

    return p, P_res



# --- pyACA/ToolSimpleKnn.py ---------------------------------------------------------------------------------------

def ToolSimpleKnn(v_test, V_train, ClassIdx_train, K=1):

    # sanity checks
    if v_test.shape[0] != V_train.shape[0]:
        return -1

    # get dimensions
    # num_features = TestFeatureVector.shape[0]
    classes = getClasses_I(ClassIdx_train)

    # init result
    est_class = -1*np.ones(v_test.shape[1])

    # compute pairwise distances between all test data and all train data points
    d = computePairwiseDistance_I(v_test, V_train)

    # sort distances
    ind = np.argsort(d, axis=1).astype(int)
    ind = ind[:, range(K)]

    # extension for distance based weighting: convert distance to closeness (easier later with the histogram)
    ma = np.amax(d)
    if ma <= 0:
        ma = 1
    d = 1-d/ma

    # infer which class
    for obs, index in enumerate(ind):
        est_class[obs] = inferClass_I(ClassIdx_train[index], classes, d[obs, index])

    return np.squeeze(est_class.astype(int))

def getClasses_I(labels):
    
    return np.unique(labels)

def computePairwiseDistance_I(test_data, train_data):
    
    # you may also use sp.spatial.distance.cdist
    d = np.zeros((test_data.shape[1], train_data.shape[1]))
    for i, v in enumerate(test_data.T):
        d[i, :] = computeEucDist_I(v, train_data.T)
    return d

def computeEucDist_I(vector, matrix):
    
    d = np.sum((vector - matrix)**2, axis=1, keepdims=True)
    return np.sqrt(d.T)

def inferClass_I(closest_labels, classes, closeness):
    
    # first, try to do a simple majority vote
    # res_class = sp.stats.mode(class_labels, axis = 0)
    hist = np.histogram(closest_labels, bins=len(classes), range=(min(classes), max(classes)))
 
    # check if we have a clear majority
    s = np.flip(np.sort(hist[0]))
    # fallback: if not, do a histogram weighted with the closeness (inverted distance)
    if s[0] == s[1]:
        hist = np.histogram(closest_labels, bins=len(classes), range=(min(classes), max(classes)), weights=closeness)
 
    return classes[np.argmax(hist[0])]



# --- pyACA/ToolGammatoneFb.py -------------------------------------------------------------------------------------

def ToolGammatoneFb(x, f_s, iNumBands=20, f_low=100):

    # initialization
    fEarQ = 9.26449
    fBW = 24.7
    iOrder = 1
    T = 1 / f_s

    # allocate output memory
    X = np.zeros([iNumBands, x.shape[0]])

    # compute the mid frequencies
    f_c = getMidFrequencies(f_low, f_s / 2, iNumBands, fEarQ, fBW)

    # compute the coefficients
    [afCoeffB, afCoeffA] = getCoeffs(f_c, 1.019 * 2 * np.pi * (((f_c / fEarQ)**iOrder + fBW**iOrder)**(1 / iOrder)), T)

    # do the (cascaded) filter process
    for k in range(0, iNumBands):
        X[k, :] = x
        for j in range(0, 4):
            X[k, :] = lfilter(afCoeffB[j, :, k], afCoeffA[j, :, k], X[k, :])

    return X

def getMidFrequencies(f_low, f_hi, iNumBands, fEarQ, fBW):

    freq = np.log((f_low + fEarQ * fBW) / (f_hi + fEarQ * fBW)) / iNumBands
    f_c = np.exp(np.arange(1, iNumBands + 1) * freq)
    f_c = -(fEarQ * fBW) + f_c * (f_hi + fEarQ * fBW)

    return f_c

def getCoeffs(f_c, B, T):

    fCos = np.cos(2 * f_c * np.pi * T)
    fSin = np.sin(2 * f_c * np.pi * T)
    fExp = np.exp(B * T)
    fSqrtA = 2 * np.sqrt(3 + 2**(3 / 2))
    fSqrtS = 2 * np.sqrt(3 - 2**(3 / 2))

    A0 = T
    A2 = 0
    B0 = 1
    B1 = -2 * fCos / fExp
    B2 = np.exp(-2 * B * T)

    A11 = -(2 * T * fCos / fExp + fSqrtA * T * fSin / fExp) / 2
    A12 = -(2 * T * fCos / fExp - fSqrtA * T * fSin / fExp) / 2
    A13 = -(2 * T * fCos / fExp + fSqrtS * T * fSin / fExp) / 2
    A14 = -(2 * T * fCos / fExp - fSqrtS * T * fSin / fExp) / 2

    fSqrtA = np.sqrt(3 + 2**(3 / 2))
    fSqrtS = np.sqrt(3 - 2**(3 / 2))
    fArg = (f_c * np.pi * T) * 1j

    fExp1 = 2 * np.exp(4 * fArg)
    fExp2 = 2 * np.exp(-(B * T) + 2 * fArg)

    afGain = np.abs((-fExp1 * T + fExp2 * T * (fCos - fSqrtS * fSin)) *
                    (-fExp1 * T + fExp2 * T * (fCos + fSqrtS * fSin)) *
                    (-fExp1 * T + fExp2 * T * (fCos - fSqrtA * fSin)) *
                    (-fExp1 * T + fExp2 * T * (fCos + fSqrtA * fSin)) /
                    (-2 / np.exp(2 * B * T) - fExp1 + (2 + fExp1) / fExp)**4)

    # this is Slaney's compact format - now resort into 3D Matrices
    # fcoefs = [A0*ones(length(f_c),1) A11 A12 A13 A14 A2*ones(length(f_c),1) B0*ones(length(f_c),1) B1 B2 afGain];

    afCoeffB = np.zeros([4, 3, B.size])
    afCoeffA = np.zeros([4, 3, B.size])

    for k in range(0, B.size):
        afCoeffB[0, :, k] = [A0, A11[k], A2] / afGain[k]
        afCoeffA[0, :, k] = [B0, B1[k], B2[k]]

        afCoeffB[1, :, k] = [A0, A12[k], A2]
        afCoeffA[1, :, k] = [B0, B1[k], B2[k]]

        afCoeffB[2, :, k] = [A0, A13[k], A2]
        afCoeffA[2, :, k] = [B0, B1[k], B2[k]]

        afCoeffB[3, :, k] = [A0, A14[k], A2]
        afCoeffA[3, :, k] = [B0, B1[k], B2[k]]

    return afCoeffB, afCoeffA



# --- pyACA/ToolPreprocAudio.py ------------------------------------------------------------------------------------

def ToolPreprocAudio(x, bNormalize=True):

    # pre-processing: downmixing
    x_pp = ToolDownmix(x)
    
    # pre-processing: normalization
    if bNormalize:
        x_pp = ToolNormalizeAudio(x_pp)
 
    # additional preprocessing step might include sample rate conversion and filtering
    
    return x_pp



# --- pyACA/ToolResample.py ----------------------------------------------------------------------------------------

def ToolResample(x, fs_out, fs_in):

    if fs_out > fs_in:
        omega_cutoff = fs_in / fs_out
    else:
        omega_cutoff = fs_out / fs_in
    
    # compute filter coefficients
    iOrder = 4
    [b, a] = butter(iOrder, 0.9 * omega_cutoff)

    # time axes
    t_in = np.arange(len(x)) / float(fs_in)
    t_out = np.arange(np.round(t_in[-1] * fs_out)) / float(fs_out)
    
    if fs_out > fs_in:
        # upsample: interpolate and filter
        
        # this uses the most horrible interpolation possible
        hInterpol = interp1d(t_in, x, kind='linear')
        x_out = hInterpol(t_out)
        
        # low pass filter
        x_out = filtfilt(b, a, x_out)
    else:
        # downsample: filter and interpolate
        
        # low pass filter
        x_out = filtfilt(b, a, x)
        
        # this uses the most horrible interpolation possible
        hInterpol = interp1d(t_in, x_out, kind='linear')
        x_out = hInterpol(t_out)

    return x_out, t_out



# --- pyACA/computeSpectrogram.py ----------------------------------------------------------------------------------

def computeSpectrogram(x, f_s, afWindow=None, iBlockLength=4096, iHopLength=2048, bNormalize=True, bMagnitude=True):

    iBlockLength = np.int_(iBlockLength)
    iHopLength = np.int_(iHopLength)

    # Pre-process: down-mix, normalize
    x = ToolPreprocAudio(x, bNormalize)

    if afWindow is None:
        # Compute window function for FFT
        afWindow = ToolComputeHann(iBlockLength)

    assert(afWindow.shape[0] == iBlockLength), "parameter error: invalid window dimension"

    # block audio data
    x_b, t = ToolBlockAudio(x, iBlockLength, iHopLength, f_s)
    
    # allocate memory
    iSpecDim = np.int_([(x_b.shape[1] / 2 + 1), x_b.shape[0]])
    X = np.zeros(iSpecDim)
    if not bMagnitude:
        X = X.astype(complex)

    norm = 2 / x_b.shape[1]

    for n in range(0, x_b.shape[0]):
        # windowed fft
        tmp = np.fft.fft(x_b[n, :] * afWindow) * norm

        # remove redundant spectrum parts
        if bMagnitude:
            X[:, n] = abs(tmp[range(iSpecDim[0])])
        else:
            X[:, n] = tmp[range(iSpecDim[0])]

    # let's be pedantic about normalization
    X[[0, iSpecDim[0]-1], :] = X[[0, iSpecDim[0]-1], :] / np.sqrt(2)

    f = np.arange(0, iSpecDim[0]) * f_s / iBlockLength

    return X, f, t



# --- pyACA/computeMelSpectrogram.py -------------------------------------------------------------------------------

def computeMelSpectrogram(x, f_s, afWindow=None, bLogarithmic=True, iBlockLength=4096, iHopLength=2048, iNumMelBands=128, fMaxInHz=None):

    if not fMaxInHz:
        fMaxInHz = f_s / 2

    # Pre-process: down-mix, normalize, zero-pad
    x = ToolPreprocAudio(x)

    if afWindow is None:
        # Compute window function for FFT
        afWindow = ToolComputeHann(iBlockLength)

    assert(afWindow.shape[0] == iBlockLength), "parameter error: invalid window dimension"

    # Compute spectrogram (in the real world, we would do this block by block)
    [X, f, t] = computeSpectrogram(x, f_s, None, iBlockLength, iHopLength)

    # Compute Mel filters
    H, f_c = generateMelFb_I(iBlockLength, f_s, iNumMelBands, fMaxInHz)

    M = np.matmul(H, X)

    if bLogarithmic:
        # Convert amplitude to level (dB)
        M = 20 * np.log10(M + 1e-12)

    return M, f_c, t

def generateMelFb_I(iFftLength, f_s, iNumFilters, f_max):

    # initialization
    f_min = 0
    f_max = min(f_max, f_s / 2)
    f_fft = np.linspace(0, f_s / 2, iFftLength // 2 + 1)
    H = np.zeros((iNumFilters, f_fft.size))

    # compute center band frequencies
    mel_min = ToolFreq2Mel(f_min)
    mel_max = ToolFreq2Mel(f_max)
    f_mel = ToolMel2Freq(np.linspace(mel_min, mel_max, iNumFilters + 2))

    f_l = f_mel[0:iNumFilters]
    f_c = f_mel[1:iNumFilters + 1]
    f_u = f_mel[2:iNumFilters + 2]

    afFilterMax = 2 / (f_u - f_l)

    # compute the transfer functions
    for c in range(iNumFilters):
        H[c] = np.logical_and(f_fft > f_l[c], f_fft <= f_c[c]) * \
            afFilterMax[c] * (f_fft-f_l[c]) / (f_c[c]-f_l[c]) + \
            np.logical_and(f_fft > f_c[c], f_fft < f_u[c]) * \
            afFilterMax[c] * (f_u[c]-f_fft) / (f_u[c]-f_c[c])

    return H, f_c



# --- pyACA/computeFeature.py --------------------------------------------------------------------------------------

def computeFeature(cFeatureName, x, f_s, afWindow=None, iBlockLength=4096, iHopLength=2048):
 
    # mypackage = __import__(".Feature" + cFeatureName, package="pyACA")
    hFeatureFunc = getattr(pyACA, "Feature" + cFeatureName)

    # pre-processing
    x = ToolPreprocAudio(x)

    if isSpectral(cFeatureName):
        # compute window function for FFT
        if afWindow is None:
            afWindow = ToolComputeHann(iBlockLength)

        assert(afWindow.shape[0] == iBlockLength), "parameter error: invalid window dimension"

        # in the real world, we would do this block by block...
        [X, f, t] = computeSpectrogram(x, f_s, None, iBlockLength, iHopLength)

        # compute instantaneous feature
        v = hFeatureFunc(X, f_s)

    if isTemporal(cFeatureName):
        [v, t] = hFeatureFunc(x, iBlockLength, iHopLength, f_s)

    return v, t

def isSpectral(cName):
    bResult = False
    if "Spectral" in cName:
        bResult = True

    return bResult

def isTemporal(cName):
    bResult = False
    if "Time" in cName:
        bResult = True

    return bResult



# --- pyACA/computeKey.py ------------------------------------------------------------------------------------------

def computeKey(x, f_s, afWindow=None, iBlockLength=4096, iHopLength=2048):

    # compute window function for FFT
    if afWindow is None:
        afWindow = ToolComputeHann(iBlockLength)

    assert(afWindow.shape[0] == iBlockLength), "parameter error: invalid window dimension"

    # key names
    cKeyNames = np.array(['C Maj', 'C# Maj', 'D Maj', 'D# Maj', 'E Maj', 'F Maj', 'F# Maj', 'G Maj', 'G# Maj', 'A Maj', 'A# Maj', 'B Maj',
                         'c min', 'c# min', 'd min', 'd# min', 'e min', 'f min', 'f# min', 'g min', 'g# min', 'a min', 'a# min', 'b min'])

    # template pitch chroma (Krumhansl major/minor), normalized to a sum of 1
    t_pc = np.array([[6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88],
                    [6.33, 2.68, 3.52, 5.38, 2.60, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17]])
    t_pc = t_pc / t_pc.sum(axis=1, keepdims=True)

    # extract audio pitch chroma
    v_pc, t = computeFeature("SpectralPitchChroma", x, f_s, afWindow, iBlockLength, iHopLength)

    # average pitch chroma
    v_pc = v_pc.mean(axis=1)

    # compute manhattan distances for modes (major and minor)
    d = np.zeros(t_pc.shape)
    v_pc = np.concatenate((v_pc, v_pc), axis=0).reshape(2, 12)
    for i in range(0, 12):
        d[:, i] = np.sum(np.abs(v_pc - np.roll(t_pc, i, axis=1)), axis=1)

    # get unwrapped key index
    iKeyIdx = d.argmin()

    cKey = cKeyNames[iKeyIdx]

    return cKey



# --- pyACA/computeChords.py ---------------------------------------------------------------------------------------

def computeChords(x, f_s, iBlockLength=8192, iHopLength=2048):

    # chord names
    cChords = ['C Maj', 'C# Maj', 'D Maj', 'D# Maj', 'E Maj', 'F Maj',
               'F# Maj', 'G Maj', 'G# Maj', 'A Maj', 'A# Maj', 'B Maj',
               'c min', 'c# min', 'd min', 'd# min', 'e min', 'f min',
               'f# min', 'g min', 'g# min', 'a min', 'a# min', 'b min']

    # chord templates
    T = generateTemplateMatrix_I()
    
    # transition probabilities
    P_T = getChordTransProb_I()

    # pre-processing
    x = ToolPreprocAudio(x, iBlockLength)

    # extract pitch chroma
    v_pc, t = computeFeature('SpectralPitchChroma', x, f_s, None, iBlockLength, iHopLength)

    # estimate chord probabilities
    P_E = np.matmul(T, v_pc)
    P_E = P_E / np.sum(P_E, axis=0)

    # allocate space for two rows of results (one raw, one with Viterbi)
    # assign series of labels/indices starting with 0
    aiChordIdx = np.zeros([2, len(t)]).astype(int)
    aiChordIdx[0, :] = np.argmax(P_E, axis=0).astype(int)

    # compute path with Viterbi algorithm
    aiChordIdx[1, :], P_res = ToolViterbi(P_E, P_T, np.ones(len(cChords)) / len(cChords), True)

    # assign result string
    cChordLabel = [[cChords[i] for i in aiChordIdx[0, :]], [cChords[i] for i in aiChordIdx[1, :]]]

    return cChordLabel, aiChordIdx, t, P_E

def generateTemplateMatrix_I():
 
    iNumRootNotes = 12

    # init: 12 major and 12 minor triads
    T = np.zeros([24, 12])
    
    # all chord pitches are weighted equally
    T[0, np.array([0, 4, 7])] = 1/3.
    T[iNumRootNotes, np.array([0, 3, 7])] = 1/3.
    
    # generate templates for all root notes
    for i in range(1, iNumRootNotes):
        T[i, :] = np.roll(T[0, :], i)
        T[i+iNumRootNotes, :] = np.roll(T[iNumRootNotes, :], i)

    return T

def getChordTransProb_I():

    iNumRootNotes = 12
     
    # circle of fifth tonic distances
    circ = np.array([0, -5, 2, -3, 4, -1, 6, 1, -4, 3, -2, 5, -3, 4, -1, 6, 1, -4, 3, -2, 5, 0, -5, 2])
        
    # set the circle radius and distance
    R = 1
    d = .5

    # generate key coordinates (mode in z)
    x = R * np.cos(2 * np.pi * circ/float(iNumRootNotes))
    y = R * np.sin(2 * np.pi * circ/float(iNumRootNotes))
    z = np.zeros(2*iNumRootNotes)
    z[0:iNumRootNotes] = d

    P_T = np.zeros([len(x), len(x)])
 
    # compute key distances
    for m in range(len(x)):
        for n in range(len(x)):
            P_T[m, n] = np.sqrt((x[m]-x[n])**2 + (y[m]-y[n])**2 + (z[m]-z[n])**2)

    # convert distances into 'probabilities'
    P_T = .1+P_T
    P_T = 1 - P_T/(.1 + np.max(P_T))
    P_T = P_T / np.sum(P_T, axis=0)

    return P_T



# --- pyACA/computeFingerprint.py ----------------------------------------------------------------------------------

def computeFingerprint(x, f_s):

    # set default parameters
    fs_target = 5000
    iBlockLength = 2048
    iHopLength = 64
  
    # pre-processing: down-mixing and normalization
    x = ToolPreprocAudio(x)

    # pre-processing: downsampling to target sample rate
    if f_s != fs_target:
        x, t_x = ToolResample(x, fs_target, f_s)
    
    # initialization: generate transformation matrix for 33 frequency bands
    H = generateBands_I(iBlockLength, fs_target)
    
    # initialization: generate FFT window
    afWindow = ToolComputeHann(iBlockLength)
    
    # in the real world, we would do this block by block...
    [X, f, tf] = computeSpectrogram(x, f_s, afWindow, iBlockLength, iHopLength)

    # power spectrum
    X = np.abs(X)**2
    
    # group spectral bins in bands
    E = np.matmul(H, X)
    
    # extract fingerprint through diff (both time and freq)
    SubFingerprint = np.diff(np.diff(E, 1, axis=0), 1, axis=1)
    tf = tf[:-1] + iHopLength / (2 * fs_target)

    # quantize fingerprint
    SubFingerprint[SubFingerprint < 0] = 0
    SubFingerprint[SubFingerprint > 0] = 1

    return SubFingerprint, tf

def generateBands_I(iFftLength, f_s):

    # constants
    iNumBands = 33
    f_max = 2000
    f_min = 300
    
    # initialize
    f_band_bounds = f_min * np.exp(np.log(f_max / f_min) * range(iNumBands+1) / iNumBands)
    f_fft = np.arange(iFftLength / 2 + 1) / iFftLength * f_s
    H = np.zeros([iNumBands, iFftLength // 2 + 1])
    idx = np.zeros([len(f_band_bounds), 2]).astype(int)

    # get indices falling into each band
    for k in range(len(f_band_bounds)-1):
        idx[k, 0] = np.ceil(ToolFreq2Bin(f_band_bounds[k], iFftLength, f_s)).astype(int)
        idx[k, 1] = np.floor(ToolFreq2Bin(f_band_bounds[k+1], iFftLength, f_s)).astype(int)
        H[k, idx[k, 0]:idx[k, 1] + 1] = 1
    
    return H



# --- pyACA/computeNoveltyFunction.py ------------------------------------------------------------------------------

def computeNoveltyFunction(cNoveltyName, x, f_s, afWindow=None, iBlockLength=4096, iHopLength=512):

    # compute window function for FFT
    if afWindow is None:
        afWindow = ToolComputeHann(iBlockLength)

    assert(afWindow.shape[0] == iBlockLength), "parameter error: invalid window dimension"

    hNoveltyFunc = getattr(pyACA, "Novelty" + cNoveltyName)

    # lp initialization
    fLenSmoothLpInS = 0.07
    fLenThreshLpInS = 0.14
    iLenSmoothLp = np.max([2, math.ceil(fLenSmoothLpInS * f_s / iHopLength)])
    iLenThreshLp = np.max([2, math.ceil(fLenThreshLpInS * f_s / iHopLength)])

    # pre-processing
    x = ToolPreprocAudio(x)

    # in the real world, we would do this block by block...
    [X, f, t] = computeSpectrogram(x, f_s, None, iBlockLength, iHopLength)

    # novelty function
    d = hNoveltyFunc(X, f_s)

    # smooth novelty function
    b = np.ones(iLenSmoothLp) / iLenSmoothLp
    d = filtfilt(b, 1, d)
    d[d < 0] = 0

    # compute threshold
    iLenThreshLp = min(iLenThreshLp, np.floor(len(d)/3))
    b = np.ones(iLenThreshLp) / iLenThreshLp
    G_T = .4 * np.mean(d[np.arange(1, d.shape[0])]) + filtfilt(b, 1, d)

    # find local maxima above the threshold
    iPeaks = find_peaks(d - G_T, height=0)

    return d, t, iPeaks[0]



# ``import pyACA``: the package's namespace, as the functions reach it
pyACA = types.SimpleNamespace(
    ToolBlockAudio=ToolBlockAudio,
    FeatureSpectralCentroid=FeatureSpectralCentroid, FeatureSpectralPitchChroma=FeatureSpectralPitchChroma,
    FeatureSpectralSpread=FeatureSpectralSpread, FeatureTimeStd=FeatureTimeStd, FeatureTimeRms=FeatureTimeRms,
    NoveltyFlux=NoveltyFlux, NoveltyLaroche=NoveltyLaroche, NoveltyHainsworth=NoveltyHainsworth,
)


# --- inputs ---------------------------------------------------------------------------------------------------------
FS = 8000
BLOCK, HOP = 256, 128


def _audio(rng, n=2048):
    """Two or three sinusoids between 150 and 1,000 Hz plus a little noise, at FS."""
    t = np.arange(n) / FS
    f = rng.uniform(150.0, 1000.0, size=3)
    a = np.array([1.0, 0.5, 0.25])
    x = (a[:, None] * np.sin(2 * np.pi * f[:, None] * t + rng.uniform(0, np.pi, size=(3, 1)))).sum(axis=0)
    return x + 0.05 * rng.normal(size=n)


def _silent(rng, n=2048):
    """``_audio`` with samples 512 to 1,279 zeroed: whole blocks of silence."""
    x = _audio(rng, n)
    x[512:1280] = 0.0
    return x


def _spec(rng):
    return computeSpectrogram(_audio(rng), FS, None, BLOCK, HOP)[0]


def _spec_silent(rng):
    return computeSpectrogram(_silent(rng), FS, None, BLOCK, HOP)[0]


def _spectrum(rng):
    return _spec(rng)[:, 3].copy()


def _probabilities(rng, *shape):
    p = rng.uniform(0.05, 1.0, size=shape)
    return p / p.sum(axis=0, keepdims=True)


# --- wrappers (keyword arguments as constants) ----------------------------------------------------------------------
def spectral_centroid(X):
    return FeatureSpectralCentroid(X, FS)


def spectral_crest(X):
    return FeatureSpectralCrestFactor(X, FS)


def spectral_decrease(X):
    return FeatureSpectralDecrease(X, FS)


def spectral_flatness(X):
    return FeatureSpectralFlatness(X, FS)


def spectral_flux(X):
    return FeatureSpectralFlux(X, FS)


def spectral_kurtosis(X):
    return FeatureSpectralKurtosis(X, FS)


def spectral_mfccs(X):
    return FeatureSpectralMfccs(X, FS)


def spectral_pitch_chroma(X):
    return FeatureSpectralPitchChroma(X, FS)


def spectral_rolloff(X):
    return FeatureSpectralRolloff(X, FS)


def spectral_rolloff_half(X):
    return FeatureSpectralRolloff(X, FS, kappa=0.5)


def spectral_skewness(X):
    return FeatureSpectralSkewness(X, FS)


def spectral_skewness_book(X):
    return FeatureSpectralSkewness(X, FS, UseBookDefinition=True)


def spectral_slope(X):
    return FeatureSpectralSlope(X, FS)


def spectral_spread(X):
    return FeatureSpectralSpread(X, FS)


def spectral_tonal_power_ratio(X):
    return FeatureSpectralTonalPowerRatio(X, FS)


def time_acf_coeff(x):
    return FeatureTimeAcfCoeff(x, BLOCK, HOP, FS)


def time_acf_coeffs(x, eta):
    return FeatureTimeAcfCoeff(x, BLOCK, HOP, FS, eta)


def time_max_acf(x):
    return FeatureTimeMaxAcf(x, BLOCK, HOP, FS)


def time_peak_envelope(x):
    return FeatureTimePeakEnvelope(x, BLOCK, HOP, FS)


def time_rms(x):
    return FeatureTimeRms(x, BLOCK, HOP, FS)


def time_std(x):
    return FeatureTimeStd(x, BLOCK, HOP, FS)


def time_zero_crossing_rate(x):
    return FeatureTimeZeroCrossingRate(x, BLOCK, HOP, FS)


def novelty_flux(X):
    return NoveltyFlux(X, FS)


def novelty_hainsworth(X):
    return NoveltyHainsworth(X, FS)


def novelty_laroche(X):
    return NoveltyLaroche(X, FS)


def pitch_spectral_acf(X):
    return PitchSpectralAcf(X, FS)


def pitch_spectral_hps(X):
    return PitchSpectralHps(X, FS)


def pitch_time_acf(x):
    return PitchTimeAcf(x, BLOCK, HOP, FS)


def pitch_time_amdf(x):
    return PitchTimeAmdf(x, BLOCK, HOP, FS)


def pitch_time_auditory(x):
    return PitchTimeAuditory(x, BLOCK, HOP, FS)


def pitch_time_zero_crossings(x):
    return PitchTimeZeroCrossings(x, BLOCK, HOP, FS)


def bin2freq(b):
    return ToolBin2Freq(b, BLOCK, FS)


def block_audio(x):
    return ToolBlockAudio(x, BLOCK, HOP, FS)


def hann_256():
    return ToolComputeHann(256)


def freq2bark_schroeder(f):
    return ToolFreq2Bark(f)


def freq2bark_terhardt(f):
    return ToolFreq2Bark(f, "Terhardt")


def freq2bark_zwicker(f):
    return ToolFreq2Bark(f, "Zwicker")


def freq2bark_traunmuller(f):
    return ToolFreq2Bark(f, "Traunmuller")


def freq2bin(f):
    return ToolFreq2Bin(f, BLOCK, FS)


def freq2mel_fant(f):
    return ToolFreq2Mel(f)


def freq2mel_shaughnessy(f):
    return ToolFreq2Mel(f, "Shaughnessy")


def freq2mel_umesh(f):
    return ToolFreq2Mel(f, "Umesh")


def inst_freq(X_complex):
    return ToolInstFreq(X_complex, HOP, FS)


def mel2freq_fant(m):
    return ToolMel2Freq(m)


def mel2freq_shaughnessy(m):
    return ToolMel2Freq(m, "Shaughnessy")


def mel2freq_umesh(m):
    return ToolMel2Freq(m, "Umesh")


def mfcc_fb(f_s):
    return ToolMfccFb(BLOCK // 2 + 1, f_s)


def viterbi_log(P_E, P_T, p_s):
    return ToolViterbi(P_E, P_T, p_s, True)


def knn_3(v_test, V_train, ClassIdx_train):
    return ToolSimpleKnn(v_test, V_train, ClassIdx_train, 3)


def gammatone_fb(x):
    return ToolGammatoneFb(x, FS, 8)


def gammatone_coeffs(f_c):
    return getCoeffs(f_c, 1.019 * 2 * np.pi * (((f_c / 9.26449)**1 + 24.7**1)**(1 / 1)), 1 / FS)


def gammatone_mid_frequencies(f_low):
    return getMidFrequencies(f_low, FS / 2, 20, 9.26449, 24.7)


def preproc_audio(x):
    return ToolPreprocAudio(x)


def resample_down(x):
    return ToolResample(x, 4000, FS)


def resample_up(x):
    return ToolResample(x, 11025, FS)


def spectrogram(x):
    return computeSpectrogram(x, FS, None, BLOCK, HOP)


def spectrogram_complex(x):
    return computeSpectrogram(x, FS, None, BLOCK, HOP, bNormalize=False, bMagnitude=False)


def mel_spectrogram(x):
    return computeMelSpectrogram(x, FS, None, True, BLOCK, HOP, 24)


def mel_filterbank():
    return generateMelFb_I(BLOCK, FS, 24, FS / 2)


def feature_centroid(x):
    return computeFeature("SpectralCentroid", x, FS, None, BLOCK, HOP)


def feature_time_rms(x):
    return computeFeature("TimeRms", x, FS, None, BLOCK, HOP)


def key(x):
    return computeKey(x, FS, None, BLOCK, HOP)


def chords(x):
    return computeChords(x, FS, BLOCK, HOP)


def fingerprint(x):
    return computeFingerprint(x, 5000)


def fingerprint_bands():
    return generateBands_I(2048, 5000)


def novelty_function_flux(x):
    return computeNoveltyFunction("Flux", x, FS, None, BLOCK, HOP)


def novelty_function_laroche(x):
    return computeNoveltyFunction("Laroche", x, FS, None, BLOCK, HOP)


def _f(rng):
    return rng.uniform(50.0, 4000.0, size=12)


CASES = [
    # spectral features (spectrogram and single spectrum: the isSpectrum branches)
    case(spectral_centroid, lambda rng: (_spec(rng),), ACA("FeatureSpectralCentroid.py", "FeatureSpectralCentroid")),
    case(spectral_centroid, lambda rng: (_spectrum(rng),), ACA("FeatureSpectralCentroid.py", "FeatureSpectralCentroid", "one spectrum"), name="pyaca.spectral_centroid_1d"),
    case(spectral_crest, lambda rng: (_spec(rng),), ACA("FeatureSpectralCrestFactor.py", "FeatureSpectralCrestFactor")),
    case(spectral_decrease, lambda rng: (_spec(rng),), ACA("FeatureSpectralDecrease.py", "FeatureSpectralDecrease")),
    case(spectral_flatness, lambda rng: (_spec(rng),), ACA("FeatureSpectralFlatness.py", "FeatureSpectralFlatness")),
    case(spectral_flatness, lambda rng: (np.concatenate([_spec(rng)[:, :4], np.zeros((129, 2))], axis=1),), ACA("FeatureSpectralFlatness.py", "FeatureSpectralFlatness", "zero columns"), name="pyaca.spectral_flatness_zero"),
    case(spectral_flux, lambda rng: (_spec(rng),), ACA("FeatureSpectralFlux.py", "FeatureSpectralFlux")),
    case(spectral_flux, lambda rng: (_spectrum(rng),), ACA("FeatureSpectralFlux.py", "FeatureSpectralFlux", "one spectrum"), name="pyaca.spectral_flux_1d"),
    case(spectral_kurtosis, lambda rng: (_spec(rng),), ACA("FeatureSpectralKurtosis.py", "FeatureSpectralKurtosis")),
    case(spectral_kurtosis, lambda rng: (_spec_silent(rng),), ACA("FeatureSpectralKurtosis.py", "FeatureSpectralKurtosis", "silent blocks"), name="pyaca.spectral_kurtosis_silent"),
    case(spectral_mfccs, lambda rng: (_spec(rng),), ACA("FeatureSpectralMfccs.py", "FeatureSpectralMfccs")),
    case(spectral_mfccs, lambda rng: (_spectrum(rng),), ACA("FeatureSpectralMfccs.py", "FeatureSpectralMfccs", "one spectrum"), name="pyaca.spectral_mfccs_1d"),
    case(spectral_pitch_chroma, lambda rng: (_spec(rng),), ACA("FeatureSpectralPitchChroma.py", "FeatureSpectralPitchChroma")),
    case(spectral_rolloff, lambda rng: (_spec(rng),), ACA("FeatureSpectralRolloff.py", "FeatureSpectralRolloff")),
    case(spectral_rolloff_half, lambda rng: (_spec_silent(rng),), ACA("FeatureSpectralRolloff.py", "FeatureSpectralRolloff", "kappa=0.5, silent blocks")),
    case(spectral_skewness, lambda rng: (_spec(rng),), ACA("FeatureSpectralSkewness.py", "FeatureSpectralSkewness")),
    case(spectral_skewness_book, lambda rng: (_spec(rng),), ACA("FeatureSpectralSkewness.py", "FeatureSpectralSkewness", "UseBookDefinition=True")),
    case(spectral_slope, lambda rng: (_spec(rng),), ACA("FeatureSpectralSlope.py", "FeatureSpectralSlope")),
    case(spectral_spread, lambda rng: (_spec(rng),), ACA("FeatureSpectralSpread.py", "FeatureSpectralSpread")),
    case(spectral_spread, lambda rng: (_spectrum(rng),), ACA("FeatureSpectralSpread.py", "FeatureSpectralSpread", "one spectrum"), name="pyaca.spectral_spread_1d"),
    case(spectral_tonal_power_ratio, lambda rng: (_spec_silent(rng),), ACA("FeatureSpectralTonalPowerRatio.py", "FeatureSpectralTonalPowerRatio")),
    case(generateDctMatrix, lambda rng: (24, 13), ACA("FeatureSpectralMfccs.py", "generateDctMatrix")),
    case(generatePcFilters, lambda rng: (129, FS), ACA("FeatureSpectralPitchChroma.py", "generatePcFilters")),
    # time-domain features
    case(time_acf_coeff, lambda rng: (_audio(rng),), ACA("FeatureTimeAcfCoeff.py", "FeatureTimeAcfCoeff")),
    case(time_acf_coeff, lambda rng: (_silent(rng),), ACA("FeatureTimeAcfCoeff.py", "FeatureTimeAcfCoeff", "silent blocks"), name="pyaca.time_acf_coeff_silent"),
    case(time_acf_coeffs, lambda rng: (_audio(rng), np.array([3, 9, 19])), ACA("FeatureTimeAcfCoeff.py", "FeatureTimeAcfCoeff", "eta a vector")),
    case(time_max_acf, lambda rng: (_audio(rng),), ACA("FeatureTimeMaxAcf.py", "FeatureTimeMaxAcf")),
    case(time_max_acf, lambda rng: (_silent(rng),), ACA("FeatureTimeMaxAcf.py", "FeatureTimeMaxAcf", "silent blocks"), name="pyaca.time_max_acf_silent"),
    case(time_peak_envelope, lambda rng: (_silent(rng),), ACA("FeatureTimePeakEnvelope.py", "FeatureTimePeakEnvelope")),
    case(ppm, lambda rng: (np.abs(_audio(rng, 300)), np.float64(0.0), np.array([0.3, 0.01])), ACA("FeatureTimePeakEnvelope.py", "ppm")),
    case(time_rms, lambda rng: (_silent(rng),), ACA("FeatureTimeRms.py", "FeatureTimeRms")),
    case(filterSP, lambda rng: (_audio(rng, 300) ** 2, np.float64(rng.uniform(0.01, 0.2))), ACA("FeatureTimeRms.py", "filterSP")),
    case(time_std, lambda rng: (_audio(rng),), ACA("FeatureTimeStd.py", "FeatureTimeStd")),
    case(time_zero_crossing_rate, lambda rng: (_audio(rng),), ACA("FeatureTimeZeroCrossingRate.py", "FeatureTimeZeroCrossingRate")),
    # novelty functions
    case(novelty_flux, lambda rng: (_spec(rng),), ACA("NoveltyFlux.py", "NoveltyFlux")),
    case(novelty_hainsworth, lambda rng: (_spec_silent(rng),), ACA("NoveltyHainsworth.py", "NoveltyHainsworth")),
    case(novelty_laroche, lambda rng: (_spec(rng),), ACA("NoveltyLaroche.py", "NoveltyLaroche")),
    # pitch trackers
    case(pitch_spectral_acf, lambda rng: (_spec_silent(rng),), ACA("PitchSpectralAcf.py", "PitchSpectralAcf")),
    case(pitch_spectral_hps, lambda rng: (_spec(rng),), ACA("PitchSpectralHps.py", "PitchSpectralHps")),
    case(pitch_time_acf, lambda rng: (_silent(rng),), ACA("PitchTimeAcf.py", "PitchTimeAcf")),
    case(pitch_time_amdf, lambda rng: (_silent(rng),), ACA("PitchTimeAmdf.py", "PitchTimeAmdf")),
    case(pitch_time_auditory, lambda rng: (_audio(rng, 1024),), ACA("PitchTimeAuditory.py", "PitchTimeAuditory")),
    case(pitch_time_zero_crossings, lambda rng: (_silent(rng),), ACA("PitchTimeZeroCrossings.py", "PitchTimeZeroCrossings")),
    # tools
    case(bin2freq, lambda rng: (rng.uniform(0.0, 128.0, size=10),), ACA("ToolBin2Freq.py", "ToolBin2Freq")),
    case(bin2freq, lambda rng: (np.float64(rng.uniform(0.0, 128.0)),), ACA("ToolBin2Freq.py", "ToolBin2Freq", "a scalar"), name="pyaca.bin2freq_scalar"),
    case(block_audio, lambda rng: (_audio(rng, 1000),), ACA("ToolBlockAudio.py", "ToolBlockAudio")),
    case(hann_256, lambda rng: (), ACA("ToolComputeHann.py", "ToolComputeHann")),
    case(ToolDownmix, lambda rng: (rng.normal(size=(200, 2)),), ACA("ToolDownmix.py", "ToolDownmix")),
    case(freq2bark_schroeder, lambda rng: (_f(rng),), ACA("ToolFreq2Bark.py", "ToolFreq2Bark")),
    case(freq2bark_terhardt, lambda rng: (_f(rng),), ACA("ToolFreq2Bark.py", "ToolFreq2Bark", "cModel='Terhardt'")),
    case(freq2bark_zwicker, lambda rng: (_f(rng),), ACA("ToolFreq2Bark.py", "ToolFreq2Bark", "cModel='Zwicker'")),
    case(freq2bark_traunmuller, lambda rng: (_f(rng),), ACA("ToolFreq2Bark.py", "ToolFreq2Bark", "cModel='Traunmuller'")),
    case(freq2bark_zwicker, lambda rng: (np.float64(rng.uniform(50.0, 4000.0)),), ACA("ToolFreq2Bark.py", "ToolFreq2Bark", "cModel='Zwicker', a scalar"), name="pyaca.freq2bark_zwicker_scalar"),
    case(freq2bin, lambda rng: (_f(rng),), ACA("ToolFreq2Bin.py", "ToolFreq2Bin")),
    case(freq2mel_fant, lambda rng: (_f(rng),), ACA("ToolFreq2Mel.py", "ToolFreq2Mel")),
    case(freq2mel_shaughnessy, lambda rng: (_f(rng),), ACA("ToolFreq2Mel.py", "ToolFreq2Mel", "cModel='Shaughnessy'")),
    case(freq2mel_umesh, lambda rng: (_f(rng),), ACA("ToolFreq2Mel.py", "ToolFreq2Mel", "cModel='Umesh'")),
    case(ToolFreq2Midi, lambda rng: (rng.uniform(-100.0, 2000.0, size=12),), ACA("ToolFreq2Midi.py", "ToolFreq2Midi", "some frequencies <= 0")),
    case(ToolMidi2Freq, lambda rng: (rng.uniform(-20.0, 120.0, size=12),), ACA("ToolMidi2Freq.py", "ToolMidi2Freq", "some pitches < 0")),
    case(inst_freq, lambda rng: (rng.normal(size=(2, 129)) + 1j * rng.normal(size=(2, 129)),), ACA("ToolInstFreq.py", "ToolInstFreq")),
    case(mel2freq_fant, lambda rng: (rng.uniform(0.0, 2500.0, size=12),), ACA("ToolMel2Freq.py", "ToolMel2Freq")),
    case(mel2freq_shaughnessy, lambda rng: (rng.uniform(0.0, 2500.0, size=12),), ACA("ToolMel2Freq.py", "ToolMel2Freq", "cModel='Shaughnessy'")),
    case(mel2freq_umesh, lambda rng: (rng.uniform(0.0, 2500.0, size=12),), ACA("ToolMel2Freq.py", "ToolMel2Freq", "cModel='Umesh'")),
    case(mfcc_fb, lambda rng: (np.float64(FS),), ACA("ToolMfccFb.py", "ToolMfccFb", "the sample rate an array")),
    case(ToolNormalizeAudio, lambda rng: (_audio(rng, 200),), ACA("ToolNormalizeAudio.py", "ToolNormalizeAudio")),
    case(ToolPca, lambda rng: (rng.normal(size=(4, 40)),), ACA("ToolPca.py", "ToolPca")),
    case(ToolSimpleDtw, lambda rng: (rng.uniform(0.0, 1.0, size=(7, 9)),), ACA("ToolSimpleDtw.py", "ToolSimpleDtw")),
    case(ToolViterbi, lambda rng: (_probabilities(rng, 4, 10), _probabilities(rng, 4, 4), np.full(4, 0.25)), ACA("ToolViterbi.py", "ToolViterbi")),
    case(viterbi_log, lambda rng: (_probabilities(rng, 4, 10), _probabilities(rng, 4, 4), np.full(4, 0.25)), ACA("ToolViterbi.py", "ToolViterbi", "bUseLogLikelihood=True")),
    case(knn_3, lambda rng: (rng.normal(size=(3, 6)), rng.normal(size=(3, 20)), np.arange(20) % 3), ACA("ToolSimpleKnn.py", "ToolSimpleKnn", "K=3")),
    case(gammatone_fb, lambda rng: (_audio(rng, 512),), ACA("ToolGammatoneFb.py", "ToolGammatoneFb", "iNumBands=8")),
    case(gammatone_coeffs, lambda rng: (np.sort(rng.uniform(100.0, 3500.0, size=6)),), ACA("ToolGammatoneFb.py", "getCoeffs")),
    case(gammatone_mid_frequencies, lambda rng: (np.float64(rng.uniform(50.0, 200.0)),), ACA("ToolGammatoneFb.py", "getMidFrequencies")),
    case(preproc_audio, lambda rng: (rng.normal(size=(300, 2)),), ACA("ToolPreprocAudio.py", "ToolPreprocAudio")),
    case(resample_down, lambda rng: (_audio(rng, 400),), ACA("ToolResample.py", "ToolResample", "8 kHz to 4 kHz")),
    case(resample_up, lambda rng: (_audio(rng, 400),), ACA("ToolResample.py", "ToolResample", "8 kHz to 11.025 kHz")),
    # compute functions
    case(spectrogram, lambda rng: (_audio(rng),), ACA("computeSpectrogram.py", "computeSpectrogram")),
    case(spectrogram_complex, lambda rng: (_audio(rng),), ACA("computeSpectrogram.py", "computeSpectrogram", "bNormalize=False, bMagnitude=False")),
    case(mel_spectrogram, lambda rng: (_audio(rng),), ACA("computeMelSpectrogram.py", "computeMelSpectrogram", "24 bands")),
    case(mel_filterbank, lambda rng: (), ACA("computeMelSpectrogram.py", "generateMelFb_I")),
    case(feature_centroid, lambda rng: (_audio(rng),), ACA("computeFeature.py", "computeFeature", "'SpectralCentroid'")),
    case(feature_time_rms, lambda rng: (_audio(rng),), ACA("computeFeature.py", "computeFeature", "'TimeRms'")),
    case(key, lambda rng: (_audio(rng),), ACA("computeKey.py", "computeKey")),
    case(chords, lambda rng: (_audio(rng),), ACA("computeChords.py", "computeChords")),
    case(generateTemplateMatrix_I, lambda rng: (), ACA("computeChords.py", "generateTemplateMatrix_I")),
    case(getChordTransProb_I, lambda rng: (), ACA("computeChords.py", "getChordTransProb_I")),
    case(fingerprint, lambda rng: (_audio(rng, 4096),), ACA("computeFingerprint.py", "computeFingerprint", "f_s=5000 (no resampling)")),
    case(fingerprint_bands, lambda rng: (), ACA("computeFingerprint.py", "generateBands_I")),
    case(novelty_function_flux, lambda rng: (_silent(rng, 4096),), ACA("computeNoveltyFunction.py", "computeNoveltyFunction", "'Flux'")),
    case(novelty_function_laroche, lambda rng: (_silent(rng, 4096),), ACA("computeNoveltyFunction.py", "computeNoveltyFunction", "'Laroche'")),
]
