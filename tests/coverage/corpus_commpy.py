"""scikit-commpy's communications code (veeresht/CommPy, BSD-3-Clause): bit utilities (``dec2bitarray`` looping over
``decimal2bitarray``, a ``functools.lru_cache``'d ``while`` loop of bit tests; ``bitarray2dec``; ``upsample``'s
strided writes; ``signal_power`` through an ``np.vectorize``-decorated nested function), the PN and Zadoff-Chu
sequences (``pnsequence``'s shift register loop over ``np.fromiter`` of a seed and a mask, ``zcsequence``'s guards),
the raised-cosine and root-raised-cosine filters (a loop over ``np.arange(N)`` with ``if t == 0.0`` /
``elif alpha != 0 and t == Ts/(2*alpha)`` branches), the frequency offset impairment; the modems (``Modem`` with its
``constellation`` property whose setter computes ``Es``, ``PSKModem`` and ``QAMModem`` building their constellations
and reordering them as Gray codes, ``modulate`` through ``np.vectorize`` of a lambda, ``demodulate`` 'hard' and
'soft': three nested loops with ``if (bit_value >> bit_index) & 1``), the MIMO detectors (``mimo_ml``; ``kbest``
choosing its dtype by ``isinstance(constellation[0], complex)`` and sorting candidates in a loop; ``max_log_approx``
with ``compress`` by bit masks; ``best_first_detector``: a local ``_Node`` class built recursively, ``bisect.insort``
into Python lists, ``while any(stacks[1:])``, ``try``/``except IndexError`` and ``except ValueError``), and
``bit_lvl_repr``; the flat fading channels (``SISOFlatChannel`` and ``MIMOFlatChannel``: ``fading_param`` property
setters that raise on a non-normalised channel and set ``isComplex`` by ``isinstance``, ``set_SNR_dB`` /
``set_SNR_lin``, ``k_factor``, the exponential correlation models with ``_update_corr_KBSM``'s list comprehensions,
``specular_compo``'s double loop); channel coding: ``Trellis.__init__`` (the feedback-as-int branch with its
``DeprecationWarning`` and writes into ``g_matrix``, and the matrix branch with ``np.einsum(..., out=shift_regs[0])``),
``conv_encode`` (termination and puncturing), ``viterbi_decode`` with ``_acs_traceback``, ``_where_c`` (``np.where``
then a loop) and the ``lru_cache``'d ``_compute_branch_metrics`` keyed by tuples of the received codeword,
``puncturing`` (a list appended under a branch) and ``depuncturing``; the Galois field class ``GF`` (``__init__``
choosing by ``type(x) is int`` / ``type(x) is ndarray``, ``__add__`` and ``__mul__`` through ``polymultiply`` and
``polydivide``'s ``while len(bin(r)) >= len(bin(y))``, ``power_to_tuple``, ``tuple_to_power``'s ``while`` per element,
``order`` with ``math.gcd``, ``cosets``, ``minpolys``); the random interleaver (``mtrand.RandomState(seed)``), and the
turbo code (``turbo_encode``, ``map_decode``'s backward and forward recursions, ``turbo_decode``).

Copied from veeresht/CommPy at 9aecd7c598e1b3b868fd9d8a1d04e207b39487ad (setup.py: scikit-commpy 0.8.0,
``LICENSE = 'BSD 3-Clause'``; its LICENSE.txt is the three-clause BSD licence, "Copyright (c) 2012-2019, Veeresh
Taranalli & contributors"), the files of ``commpy/`` named in each section below. Bodies are as written, comments
kept, docstrings dropped.

Adapted, beyond that:

* the files import each other's functions and NumPy's names (``from numpy import abs, sum, exp, log, ...`` in
  modulation.py, channels.py, sequences.py, turbo.py); here they share one module, which imports those NumPy names
  as they do, so ``abs`` and ``sum`` are NumPy's everywhere they were. utilities.py's ``signal_power`` is the one
  function whose ``abs`` is the builtin in its own file: it calls ``builtins.abs`` (marked ``# adapted``);
* sympy is not installed: ``GrayCode`` (``sympy.combinatorics.graycode``) is a stand-in whose ``generate_gray()``
  yields the binary reflected Gray code in sympy's order, all that ``Modem.__init__`` uses;
* dropped: the plotting methods (``Modem.plot_constellation``, ``Trellis``' ``visualize`` and its helpers, the
  matplotlib imports); ``_FlatChannel.generate_noises``, the ``propagate`` methods, ``bec``, ``bsc`` and ``awgn``
  (NumPy's global random state: eager and staged runs would draw other numbers);
* wrappers build the objects and return arrays: the modems, channels, trellises, ``GF`` elements and interleavers are
  made inside the traced function; the trellises that ``conv_encode``, ``viterbi_decode`` and the turbo code read are
  made once at import (``TRELLIS_57`` ...), as test_convcode.py's ``setup_class`` makes them; the demodulator passed
  to ``kbest`` / ``best_first_detector`` / ``max_log_approx`` is test_modulation.py's ``decode``.

Not taken: ``ofdm_tx`` / ``ofdm_rx`` (float slice indices: a ``TypeError`` on Python 3), ``cyclic_code_genpoly``
(on NumPy 2, ``bitarray2dec``'s ``int8 * 2**30`` overflows: an ``OverflowError`` eagerly), ldpc.py (``scipy.sparse``
and design files), links.py and wifi80211.py (Monte Carlo runs over the random channels), ``poly_to_string``
(strings only).

The inputs follow the package's tests: test_utilities.py's ``dec2bitarray(17, 8)``, test_sequences.py's seeds and
masks, test_convcode.py's codes (G(D) = [1+D^2, 1+D+D^2], the rate-2/3 code, the RSC codes with feedback 5 and with
a feedback matrix) and its hard and soft decoder inputs, test_gfields.py's
elements, test_modulation.py's ``max_log_approx`` values and 16-symbol ``bit_lvl_repr`` weights; random bits,
symbols near a constellation, QAM-4 vectors through a random complex channel, NumPy scalars for the filter
roll-off, the SNRs, the unit correlation coefficients of the exponential channel models.
"""

# ruff: noqa: E501, E741, B028, UP004, UP008, UP031, UP032, UP034, W293
from __future__ import annotations

import builtins
import functools
import math
from bisect import insort
from math import gcd
from warnings import warn

import numpy as np
from numpy import (
    abs,
    absolute,
    arange,
    argmin,
    array,
    clip,
    concatenate,
    convolve,
    cos,
    dot,
    einsum,
    empty,
    exp,
    eye,
    fromiter,
    full,
    hstack,
    identity,
    inf,
    int8,
    kron,
    log,
    log2,
    minimum,
    ndarray,
    newaxis,
    pi,
    repeat,
    sqrt,
    sum,
    tile,
    trace,
    vectorize,
    zeros,
)
from numpy.linalg import norm, qr
from numpy.random import mtrand

from tests.coverage.cases import COMMPY, Source, case


def CP(path: str, original: str, note: str = "") -> Source:
    return Source(COMMPY, "commpy/" + path, original, note)


# --- stand-in (see the module docstring) -------------------------------------------------------------------------------
class GrayCode:
    """sympy.combinatorics.graycode.GrayCode stand-in: ``generate_gray()`` yields the n-bit binary reflected Gray code
    in sympy's order ('000', '001', '011', '010', '110', ...), all that Modem.__init__ uses."""

    def __init__(self, n):
        self.n = int(n)

    def generate_gray(self):
        for i in range(2 ** self.n):
            yield format(i ^ (i >> 1), "0%db" % self.n)


# --- commpy/utilities.py -----------------------------------------------------------------------------------------------
vectorized_binary_repr = np.vectorize(np.binary_repr)


def dec2bitarray(in_number, bit_width):

    if isinstance(in_number, (np.integer, int)):
        return decimal2bitarray(in_number, bit_width).copy()
    result = np.zeros(bit_width * len(in_number), np.int8)
    for pox, number in enumerate(in_number):
        result[pox * bit_width:(pox + 1) * bit_width] = decimal2bitarray(number, bit_width).copy()
    return result


@functools.lru_cache(maxsize=128, typed=False)
def decimal2bitarray(number, bit_width):
    result = np.zeros(bit_width, np.int8)
    i = 1
    pox = 0
    while i <= number:
        if i & number:
            result[bit_width - pox - 1] = 1
        i <<= 1
        pox += 1
    return result


def bitarray2dec(in_bitarray):

    number = 0

    for i in range(len(in_bitarray)):
        number = number + in_bitarray[i] * pow(2, len(in_bitarray) - 1 - i)

    return number


def hamming_dist(in_bitarray_1, in_bitarray_2):

    distance = np.bitwise_xor(in_bitarray_1, in_bitarray_2).sum()

    return distance


def euclid_dist(in_array1, in_array2):
    distance = ((in_array1 - in_array2) * (in_array1 - in_array2)).sum()

    return distance


def upsample(x, n):
    y = np.empty(len(x) * n, dtype=complex)
    y[0::n] = x
    zero_array = np.zeros(len(x), dtype=complex)
    for i in range(1, n):
        y[i::n] = zero_array

    return y


def signal_power(signal):

    @np.vectorize
    def square_abs(s):
        return builtins.abs(s) ** 2  # adapted: the builtin abs, as in utilities.py (this module's abs is NumPy's)

    P = np.mean(square_abs(signal))
    return P


# --- commpy/sequences.py -----------------------------------------------------------------------------------------------
def pnsequence(pn_order, pn_seed, pn_mask, seq_length):
    # Check if pn_order is equal to the length of the strings 'pn_seed' and 'pn_mask'
    if len(pn_seed) != pn_order:
        raise ValueError('pn_seed has not the same length as pn_order')
    if len(pn_mask) != pn_order:
        raise ValueError('pn_mask has not the same length as pn_order')

    # Pre-allocate memory for output
    pnseq = empty(seq_length, int8)

    # Convert input as array
    sr = fromiter(pn_seed, int8, pn_order)
    mask = fromiter(pn_mask, int8, pn_order)

    for i in range(seq_length):
        pnseq[i] = sr[-1]
        new_bit = sum(sr & mask) % 2
        sr[1:] = sr[:-1]
        sr[0] = new_bit

    return pnseq

def zcsequence(u, seq_length, q=0):

    for el in [u,seq_length,q]:
        if not float(el).is_integer():
            raise ValueError('{} is not an integer'.format(el))
    if u<=0:
        raise ValueError('u is not stricly positive')
    if u>=seq_length:
        raise ValueError('u is not stricly smaller than seq_length')
    if np.gcd(u,seq_length)!=1:
        raise ValueError('the greatest common denominator of u and seq_length is not 1')

    cf = seq_length%2
    n = np.arange(seq_length)
    zcseq = np.exp( -1j * np.pi * u * n * (n+cf+2.*q) / seq_length)

    return zcseq


# --- commpy/filters.py -------------------------------------------------------------------------------------------------
def rcosfilter(N, alpha, Ts, Fs):

    T_delta = 1/float(Fs)
    time_idx = ((np.arange(N)-N/2))*T_delta
    sample_num = np.arange(N)
    h_rc = np.zeros(N, dtype=float)

    for x in sample_num:
        t = (x-N/2)*T_delta
        if t == 0.0:
            h_rc[x] = 1.0
        elif alpha != 0 and t == Ts/(2*alpha):
            h_rc[x] = (np.pi/4)*(np.sin(np.pi*t/Ts)/(np.pi*t/Ts))
        elif alpha != 0 and t == -Ts/(2*alpha):
            h_rc[x] = (np.pi/4)*(np.sin(np.pi*t/Ts)/(np.pi*t/Ts))
        else:
            h_rc[x] = (np.sin(np.pi*t/Ts)/(np.pi*t/Ts))* \
                    (np.cos(np.pi*alpha*t/Ts)/(1-(((2*alpha*t)/Ts)*((2*alpha*t)/Ts))))

    return time_idx, h_rc

def rrcosfilter(N, alpha, Ts, Fs):

    T_delta = 1/float(Fs)
    time_idx = ((np.arange(N)-N/2))*T_delta
    sample_num = np.arange(N)
    h_rrc = np.zeros(N, dtype=float)

    for x in sample_num:
        t = (x-N/2)*T_delta
        if t == 0.0:
            h_rrc[x] = 1.0 - alpha + (4*alpha/np.pi)
        elif alpha != 0 and t == Ts/(4*alpha):
            h_rrc[x] = (alpha/np.sqrt(2))*(((1+2/np.pi)* \
                    (np.sin(np.pi/(4*alpha)))) + ((1-2/np.pi)*(np.cos(np.pi/(4*alpha)))))
        elif alpha != 0 and t == -Ts/(4*alpha):
            h_rrc[x] = (alpha/np.sqrt(2))*(((1+2/np.pi)* \
                    (np.sin(np.pi/(4*alpha)))) + ((1-2/np.pi)*(np.cos(np.pi/(4*alpha)))))
        else:
            h_rrc[x] = (np.sin(np.pi*t*(1-alpha)/Ts) +  \
                    4*alpha*(t/Ts)*np.cos(np.pi*t*(1+alpha)/Ts))/ \
                    (np.pi*t*(1-(4*alpha*t/Ts)*(4*alpha*t/Ts))/Ts)

    return time_idx, h_rrc


# --- commpy/impairments.py ---------------------------------------------------------------------------------------------
def add_frequency_offset(waveform, Fs, delta_f):

    output_waveform = waveform*exp(1j*2*pi*(delta_f/Fs)*arange(len(waveform)))
    return output_waveform


# --- commpy/modulation.py ----------------------------------------------------------------------------------------------
class Modem:

    def __init__(self, constellation, reorder_as_gray=True):

        if reorder_as_gray:
            m = log2(len(constellation))
            gray_code_sequence = GrayCode(m).generate_gray()
            gray_code_sequence_array = fromiter((int(g, 2) for g in gray_code_sequence), int, len(constellation))
            self.constellation = array(constellation)[gray_code_sequence_array.argsort()]
        else:
            self.constellation = constellation

    def modulate(self, input_bits):
        mapfunc = vectorize(lambda i:
                            self._constellation[bitarray2dec(input_bits[i:i + self.num_bits_symbol])])

        baseband_symbols = mapfunc(arange(0, len(input_bits), self.num_bits_symbol))

        return baseband_symbols

    def demodulate(self, input_symbols, demod_type, noise_var=0):
        if demod_type == 'hard':
            index_list = abs(input_symbols - self._constellation[:, None]).argmin(0)
            demod_bits = dec2bitarray(index_list, self.num_bits_symbol)

        elif demod_type == 'soft':
            demod_bits = zeros(len(input_symbols) * self.num_bits_symbol)
            for i in arange(len(input_symbols)):
                current_symbol = input_symbols[i]
                for bit_index in arange(self.num_bits_symbol):
                    llr_num = 0
                    llr_den = 0
                    for bit_value, symbol in enumerate(self._constellation):
                        if (bit_value >> bit_index) & 1:
                            llr_num += exp((-abs(current_symbol - symbol) ** 2) / noise_var)
                        else:
                            llr_den += exp((-abs(current_symbol - symbol) ** 2) / noise_var)
                    demod_bits[i * self.num_bits_symbol + self.num_bits_symbol - 1 - bit_index] = log(llr_num / llr_den)
        else:
            raise ValueError('demod_type must be "hard" or "soft"')

        return demod_bits

    @property
    def constellation(self):
        return self._constellation

    @constellation.setter
    def constellation(self, value):
        # Check value input
        num_bits_symbol = log2(len(value))
        if num_bits_symbol != int(num_bits_symbol):
            raise ValueError('Constellation length must be a power of 2.')

        # Set constellation as an array
        self._constellation = array(value)

        # Update other attributes
        self.Es = signal_power(self.constellation)
        self.m = self._constellation.size
        self.num_bits_symbol = int(num_bits_symbol)


class PSKModem(Modem):

    def __init__(self, m):

        num_bits_symbol = log2(m)
        if num_bits_symbol != int(num_bits_symbol):
            raise ValueError('Constellation length must be a power of 2.')

        super().__init__(exp(1j * arange(0, 2 * pi, 2 * pi / m)))


class QAMModem(Modem):

    def __init__(self, m):

        num_symb_pam = sqrt(m)
        if num_symb_pam != int(num_symb_pam):
            raise ValueError('m must lead to a square QAM.')

        pam = arange(-num_symb_pam + 1, num_symb_pam, 2)
        constellation = tile(hstack((pam, pam[::-1])), int(num_symb_pam) // 2) * 1j + pam.repeat(num_symb_pam)
        super().__init__(constellation)


def mimo_ml(y, h, constellation):
    _, n = h.shape
    m = len(constellation)
    x_ideal = empty((n, pow(m, n)), complex)
    for i in range(0, n):
        x_ideal[i] = repeat(tile(constellation, pow(m, i)), pow(m, n - i - 1))
    min_idx = argmin(norm(y[:, None] - dot(h, x_ideal), axis=0))
    x_r = x_ideal[:, min_idx]

    return x_r


def kbest(y, h, constellation, K, noise_var=0, output_type='hard', demode=None):
    nb_tx, nb_rx = h.shape
    if nb_rx > nb_tx:
        raise ValueError('h has more columns than rows')

    # QR decomposition
    q, r = qr(h)
    yt = q.conj().T.dot(y)

    # Initialization
    m = len(constellation)
    nb_can = 1

    if isinstance(constellation[0], complex):
        const_type = complex
    else:
        const_type = float
    X = empty((nb_rx, K * m), dtype=const_type)  # Set of current candidates
    d = tile(yt[:, None], (1, K * m))  # Corresponding distance vector
    d_tot = zeros(K * m, dtype=float)  # Corresponding total distance
    hyp = empty(K * m, dtype=const_type)  # Hypothesis vector

    # Processing
    for coor in range(nb_rx - 1, -1, -1):
        nb_hyp = nb_can * m

        # Copy best candidates m times
        X[:, :nb_hyp] = tile(X[:, :nb_can], (1, m))
        d[:, :nb_hyp] = tile(d[:, :nb_can], (1, m))
        d_tot[:nb_hyp] = tile(d_tot[:nb_can], (1, m))

        # Make hypothesis
        hyp[:nb_hyp] = repeat(constellation, nb_can)
        X[coor, :nb_hyp] = hyp[:nb_hyp]
        d[coor, :nb_hyp] -= r[coor, coor] * hyp[:nb_hyp]
        d_tot[:nb_hyp] += abs(d[coor, :nb_hyp]) ** 2

        # Select best candidates
        argsort = d_tot[:nb_hyp].argsort()
        nb_can = min(nb_hyp, K)  # Update number of candidate

        # Update accordingly
        X[:, :nb_can] = X[:, argsort[:nb_can]]
        d[:, :nb_can] = d[:, argsort[:nb_can]]
        d[:coor, :nb_can] -= r[:coor, coor, None] * hyp[argsort[:nb_can]]
        d_tot[:nb_can] = d_tot[argsort[:nb_can]]

    if output_type == 'hard':
        return X[:, 0]
    elif output_type == 'soft':
        return max_log_approx(y, h, noise_var, X[:, :nb_can], demode)
    else:
        raise ValueError('output_type must be "hard" or "soft"')


def best_first_detector(y, h, constellation, stack_size, noise_var, demode, llr_max):

    class _Node:

        def __init__(self, symb_vectors, partial_metrics):
            if len(partial_metrics) == 1:
                # There is one node to build
                self.symb_vector = symb_vectors.reshape(-1)  # Insure that self.symb_vector is a 1d-ndarray
                self.partial_metric = partial_metrics[0]
                self.best_sibling = None
            else:
                # Recursive call to build several nodes
                self.symb_vector = symb_vectors[:, 0].reshape(-1)  # Insure that self.symb_vector is a 1d-ndarray
                self.partial_metric = partial_metrics[0]
                self.best_sibling = _Node(symb_vectors[:, 1:], partial_metrics[1:])

        def __lt__(self, other):
            return self.partial_metric < other.partial_metric

        def expand(self, yt, r, constellation):
            # Construct children's symbol vector
            child_size = self.symb_vector.size + 1
            children_symb_vectors = empty((child_size, constellation.size), constellation.dtype)
            children_symb_vectors[1:] = self.symb_vector[:, newaxis]
            children_symb_vectors[0] = constellation

            # Compute children's partial metric and sort
            children_metric = abs(yt[-child_size] - r[-child_size, -child_size:].dot(children_symb_vectors)) ** 2
            children_metric += self.partial_metric
            ordering = children_metric.argsort()

            # Build children and return the best one
            return _Node(children_symb_vectors[:, ordering], children_metric[ordering])

    # Extract information from arguments
    nb_tx, nb_rx = h.shape
    constellation = array(constellation)
    m = constellation.size
    modulation_order = int(log2(m))

    # QR decomposition
    q, r = qr(h)
    yt = q.conj().T.dot(y)

    # Initialisation
    map_metric = inf
    map_bit_vector = None
    counter_hyp_metric = full((nb_tx, modulation_order), inf)
    stacks = tuple([] for _ in range(nb_tx))

    # Start process by adding the best root's child in the last stack
    stacks[-1].append(_Node(empty(0, constellation.dtype), array(0, float, ndmin=1)).expand(yt, r, constellation))

    # While there is at least one non-empty stack (exempt the first one)
    while any(stacks[1:]):
        # Node processing
        for idx_next_stack in range(len(stacks) - 1):
            try:
                idx_this_stack = idx_next_stack + 1
                best_node = stacks[idx_this_stack].pop(0)

                # Update search radius
                if map_bit_vector is None:
                    radius = inf  # No leaf has been reached yet so we keep all nodes
                else:
                    bit_vector = demode(best_node.symb_vector).reshape(-1, modulation_order)
                    bit_vector[bit_vector == 0] = -1

                    # Select the counter hyp metrics that could be affected by this node. Details: eq. (14)-(16) in [1].
                    try:
                        a2 = counter_hyp_metric[idx_this_stack:][map_bit_vector[idx_this_stack:] != bit_vector].max()
                    except ValueError:
                        a2 = inf  # NumPy cannot compute max on an empty matrix
                    radius = max(counter_hyp_metric[:idx_this_stack].max(), a2)

                # Process best sibling
                if best_node.best_sibling is not None and best_node.best_sibling.partial_metric <= radius:
                    insort(stacks[idx_this_stack], best_node.best_sibling)

                # Process children
                best_child = best_node.expand(yt, r, constellation)
                if best_child.partial_metric <= radius:
                    insort(stacks[idx_next_stack], best_child)
            except IndexError:  # Raised when popping an empty stack
                pass

        # LLR update if there is a new leaf
        if stacks[0]:
            if stacks[0][0].partial_metric < map_metric:
                minimum(counter_hyp_metric, map_metric, out=counter_hyp_metric)
                map_metric = stacks[0][0].partial_metric
                map_bit_vector = demode(stacks[0][0].symb_vector).reshape(-1, modulation_order)
                map_bit_vector[map_bit_vector == 0] = -1
            else:
                minimum(counter_hyp_metric, stacks[0][0].partial_metric, out=counter_hyp_metric)
            clip(counter_hyp_metric, map_metric - llr_max, map_metric + llr_max, counter_hyp_metric)

        # Trimming stack according to requested max stack size
        del stacks[0][0:]  # there is no stack for the leafs
        for idx_next_stack in range(len(stacks) - 1):
            del stacks[idx_next_stack + 1][stack_size[idx_next_stack]:]

    return ((map_metric - counter_hyp_metric) * map_bit_vector).reshape(-1)


def bit_lvl_repr(H, w):
    beta = len(w)
    if beta % 2 == 0:
        m, n = H.shape
        In = eye(n, n)
        kr = kron(In, w)
        return dot(H, kr)
    else:
        raise ValueError('Beta (length of w) must be even.')


def max_log_approx(y, h, noise_var, pts_list, demode):
    # Decode all pts
    nb_pts = pts_list.shape[1]
    bits = demode(pts_list.reshape(-1, order='F')).reshape(nb_pts, -1)  # Set of binary words (one word by row)

    # Prepare LLR computation
    nb_bits = bits.shape[1]
    LLR = empty(nb_bits)

    # Loop for each bit
    for k in range(nb_bits):
        # Select pts based on the k-th bit in the corresponding word
        pts0 = pts_list.compress(bits[:, k] == 0, axis=1)
        pts1 = pts_list.compress(bits[:, k] == 1, axis=1)

        # Compute the norms and add inf to handle empty set of points
        norms0 = hstack((norm(y[:, None] - h.dot(pts0), axis=0) ** 2, inf))
        norms1 = hstack((norm(y[:, None] - h.dot(pts1), axis=0) ** 2, inf))

        # Compute LLR
        LLR[k] = min(norms0) - min(norms1)

    return -LLR / (2 * noise_var)


# --- commpy/channels.py ------------------------------------------------------------------------------------------------
class _FlatChannel(object):

    def __init__(self):
        self.noises = None
        self.channel_gains = None
        self.unnoisy_output = None

    def set_SNR_dB(self, SNR_dB, code_rate: float = 1., Es=1):

        self.noise_std = sqrt((self.isComplex + 1) * self.nb_tx * Es / (code_rate * 10 ** (SNR_dB / 10)))

    def set_SNR_lin(self, SNR_lin, code_rate=1, Es=1):

        self.noise_std = sqrt((self.isComplex + 1) * self.nb_tx * Es / (code_rate * SNR_lin))

    @property
    def isComplex(self):
        return self._isComplex


class SISOFlatChannel(_FlatChannel):

    @property
    def nb_tx(self):
        return 1

    @property
    def nb_rx(self):
        return 1

    def __init__(self, noise_std=None, fading_param=(1, 0)):
        super(SISOFlatChannel, self).__init__()
        self.noise_std = noise_std
        self.fading_param = fading_param

    @property
    def fading_param(self):
        return self._fading_param

    @fading_param.setter
    def fading_param(self, fading_param):
        if fading_param[1] + absolute(fading_param[0]) ** 2 != 1:
            raise ValueError("With this parameters, the channel would add or remove energy.")

        self._fading_param = fading_param
        self._isComplex = isinstance(fading_param[0], complex)

    @property
    def k_factor(self):
        return absolute(self.fading_param[0]) ** 2 / absolute(self.fading_param[1])


class MIMOFlatChannel(_FlatChannel):

    def __init__(self, nb_tx, nb_rx, noise_std=None, fading_param=None):
        super(MIMOFlatChannel, self).__init__()
        self.nb_tx = nb_tx
        self.nb_rx = nb_rx
        self.noise_std = noise_std

        if fading_param is None:
            self.fading_param = (zeros((nb_rx, nb_tx)), identity(nb_tx), identity(nb_rx))
        else:
            self.fading_param = fading_param

    def _update_corr_KBSM(self, betat, betar):

        if betar < 0 or betat < 0:
            raise ValueError("beta must be positif")

        # Create Er and Et
        Er = array([[exp(-betar * abs(m - n)) for m in range(self.nb_rx)] for n in range(self.nb_rx)])
        Et = array([[exp(-betat * abs(m - n)) for m in range(self.nb_tx)] for n in range(self.nb_tx)])

        # Updating of correlation matrices
        self.fading_param = self.fading_param[0], self.fading_param[1] * Et, self.fading_param[2] * Er

    def specular_compo(self, thetat, dt, thetar, dr):
        if dr < 0 or dt < 0:
            raise ValueError("the distance must be positive ")
        H = zeros((self.nb_rx, self.nb_tx), dtype=complex)
        for n in range(self.nb_rx):
            for m in range(self.nb_tx):
                H[n, m] = exp(1j * 2 * pi * (n * dr * cos(thetar) + m * dt * cos(thetat)))
        return H

    @property
    def fading_param(self):
        return self._fading_param

    @fading_param.setter
    def fading_param(self, fading_param):
        NLOS_gain = trace(kron(fading_param[1].T, fading_param[2]))
        LOS_gain = einsum('ij,ij->', absolute(fading_param[0]), absolute(fading_param[0]))
        if absolute(NLOS_gain + LOS_gain - self.nb_tx * self.nb_rx) > 1e-3:
            raise ValueError("With this parameters, the channel would add or remove energy.")

        self._fading_param = fading_param
        self._isComplex = isinstance(fading_param[0][0, 0], complex)

    @property
    def k_factor(self):
        NLOS_gain = trace(kron(self.fading_param[1].T, self.fading_param[2]))
        LOS_gain = einsum('ij,ij->', absolute(self.fading_param[0]), absolute(self.fading_param[0]))
        return LOS_gain / NLOS_gain

    def uncorr_rayleigh_fading(self, dtype):
        self.fading_param = zeros((self.nb_rx, self.nb_tx), dtype), identity(self.nb_tx), identity(self.nb_rx)

    def expo_corr_rayleigh_fading(self, t, r, betat=0, betar=0):
        # Check inputs
        if abs(t) - 1 > 1e-4:
            raise ValueError('abs(t) must be one.')
        if abs(r) - 1 > 1e-4:
            raise ValueError('abs(r) must be one.')

        # Construct the exponent matrix
        expo_tx = fromiter((j - i for i in range(self.nb_tx) for j in range(self.nb_tx)), int, self.nb_tx ** 2)
        expo_rx = fromiter((j - i for i in range(self.nb_rx) for j in range(self.nb_rx)), int, self.nb_rx ** 2)

        # Reshape
        expo_tx = expo_tx.reshape(self.nb_tx, self.nb_tx)
        expo_rx = expo_rx.reshape(self.nb_rx, self.nb_rx)

        # Set fading
        self.fading_param = zeros((self.nb_rx, self.nb_tx), complex), t ** expo_tx, r ** expo_rx

        # Update Rr and Rt
        self._update_corr_KBSM(betat, betar)

    def uncorr_rician_fading(self, mean, k_factor):
        nb_antennas = mean.size
        NLOS_gain = nb_antennas / (k_factor + 1)
        mean = mean * sqrt(k_factor * NLOS_gain / einsum('ij,ij->', absolute(mean), absolute(mean)))
        self.fading_param = mean, identity(self.nb_tx) * NLOS_gain / nb_antennas, identity(self.nb_rx)

    def expo_corr_rician_fading(self, mean, k_factor, t, r, betat=0, betar=0):
        # Check inputs
        if abs(t) - 1 > 1e-4:
            raise ValueError('abs(t) must be one.')
        if abs(r) - 1 > 1e-4:
            raise ValueError('abs(r) must be one.')

        # Scaling
        nb_antennas = mean.size
        NLOS_gain = nb_antennas / (k_factor + 1)
        mean = mean * sqrt(k_factor * NLOS_gain / einsum('ij,ij->', absolute(mean), absolute(mean)))

        # Construct the exponent matrix
        expo_tx = fromiter((j - i for i in range(self.nb_tx) for j in range(self.nb_tx)), int, self.nb_tx ** 2)
        expo_rx = fromiter((j - i for i in range(self.nb_rx) for j in range(self.nb_rx)), int, self.nb_rx ** 2)

        # Reshape
        expo_tx = expo_tx.reshape(self.nb_tx, self.nb_tx)
        expo_rx = expo_rx.reshape(self.nb_rx, self.nb_rx)

        # Set fading
        self.fading_param = mean, t ** expo_tx * NLOS_gain / nb_antennas, r ** expo_rx

        # Update Rr and Rt
        self._update_corr_KBSM(betat, betar)


# --- commpy/channelcoding/gfields.py -----------------------------------------------------------------------------------
class GF:

    # Initialization
    def __init__(self, x, m):
        self.m = m
        primpoly_array = array([0, 3, 7, 11, 19, 37, 67, 137, 285, 529, 1033,
                                   2053, 4179, 8219, 17475, 32771, 69643])
        self.prim_poly = primpoly_array[self.m]
        if type(x) is int and x >= 0 and x < pow(2, m):
            self.elements = array([x])
        elif type(x) is ndarray and len(x) >= 1:
            self.elements = x.astype(int)

    # Overloading addition operator for Galois Field
    def __add__(self, x):
        if len(self.elements) == len(x.elements):
            return GF(self.elements ^ x.elements, self.m)
        else:
            raise ValueError("The arguments should have the same number of elements")

    # Overloading multiplication operator for Galois Field
    def __mul__(self, x):
        if len(x.elements) == len(self.elements):
            prod_elements = arange(len(self.elements))
            for i in range(len(self.elements)):
                prod_elements[i] = polymultiply(self.elements[i], x.elements[i], self.m, self.prim_poly)
            return GF(prod_elements, self.m)
        else:
             raise ValueError("Two sets of elements cannot be multiplied")

    def power_to_tuple(self):
        y = zeros(len(self.elements))
        for idx, i in enumerate(self.elements):
            if 2**i < 2**self.m:
                y[idx] = 2**i
            else:
                y[idx] = polydivide(2**i, self.prim_poly)
        return GF(y, self.m)

    def tuple_to_power(self):
        y = zeros(len(self.elements))
        for idx, i in enumerate(self.elements):
            if i != 0:
                init_state = 1
                cur_state = 1
                power = 0
                while cur_state != i:
                    cur_state = ((cur_state << 1) & (2**self.m-1)) ^ (-((cur_state & 2**(self.m-1)) >> (self.m - 1)) &
                                (self.prim_poly & (2**self.m-1)))
                    power+=1
                y[idx] = power
            else:
                y[idx] = 0
        return GF(y, self.m)

    def order(self):
        orders = zeros(len(self.elements))
        power_gf = self.tuple_to_power()
        for idx, i in enumerate(power_gf.elements):
            orders[idx] = (2**self.m - 1)/(gcd(i, 2**self.m-1))
        return orders

    def cosets(self):
        coset_list = []
        x = self.tuple_to_power().elements
        mark_list = zeros(len(x))
        coset_count = 1
        for idx in range(len(x)):
            if mark_list[idx] == 0:
                a = x[idx]
                mark_list[idx] = coset_count
                i = 1
                while (a*(2**i) % (2**self.m-1)) != a:
                    for idx2 in range(len(x)):
                        if (mark_list[idx2] == 0) and (x[idx2] == a*(2**i)%(2**self.m-1)):
                            mark_list[idx2] = coset_count
                    i+=1
                coset_count+=1

        for counts in range(1, coset_count):
            coset_list.append(GF(self.elements[mark_list==counts], self.m))

        return coset_list

    def minpolys(self):
        minpol_list = array([])
        full_gf = GF(arange(2**self.m), self.m)
        full_cosets = full_gf.cosets()
        for x in self.elements:
            for i in range(len(full_cosets)):
                if x in full_cosets[i].elements:
                    t = array([1, full_cosets[i].elements[0]])[::-1]
                    for root in full_cosets[i].elements[1:]:
                        t2 = concatenate((zeros(len(t)-1), array([1, root]), zeros(len(t)-1)))
                        prod_poly = array([])
                        for n in range(len(t2)-len(t)+1):
                            root_sum = 0
                            for k in range(len(t)):
                                root_sum = root_sum ^ polymultiply(int(t[k]), int(t2[n+k]), self.m, self.prim_poly)
                            prod_poly = concatenate((prod_poly, array([root_sum])))
                        t = prod_poly[::-1]
                    minpol_list = concatenate((minpol_list, array([bitarray2dec(t[::-1])])))

        return minpol_list.astype(int)

# Divide two polynomials and returns the remainder
def polydivide(x, y):
    r = y
    while len(bin(r)) >= len(bin(y)):
        shift_count = len(bin(x)) - len(bin(y))
        if shift_count > 0:
            d = y << shift_count
        else:
            d = y
        x = x ^ d
        r = x
    return r

def polymultiply(x, y, m, prim_poly):
    x_array = dec2bitarray(x, m)
    y_array = dec2bitarray(y, m)
    prod = bitarray2dec(convolve(x_array, y_array) % 2)
    return polydivide(prod, prim_poly)


# --- commpy/channelcoding/convcode.py ----------------------------------------------------------------------------------
class Trellis:
    def __init__(self, memory, g_matrix, feedback=None, code_type='default', polynomial_format='MSB'):

        [self.k, self.n] = g_matrix.shape
        self.code_type = code_type
        
        self.total_memory = memory.sum()
        self.number_states = pow(2, self.total_memory)
        self.number_inputs = pow(2, self.k)
        self.next_state_table = np.zeros([self.number_states,
                                          self.number_inputs], 'int')
        self.output_table = np.zeros([self.number_states,
                                      self.number_inputs], 'int')

        if isinstance(feedback, int):
            warn('Trellis  will only accept feedback as a matrix in the future. '
                 'Using the backwards compatibility version that may contain bugs for k > 1 or with LSB format.',
                 DeprecationWarning)

            if code_type == 'rsc':
                for i in range(self.k):
                    g_matrix[i][i] = feedback

            # Compute the entries in the next state table and the output table
            for current_state in range(self.number_states):

                for current_input in range(self.number_inputs):
                    outbits = np.zeros(self.n, 'int')

                    # Compute the values in the output_table
                    for r in range(self.n):

                        output_generator_array = np.zeros(self.k, 'int')
                        shift_register = dec2bitarray(current_state,
                                                      self.total_memory)

                        for l in range(self.k):

                            # Convert the number representing a polynomial into a
                            # bit array
                            generator_array = dec2bitarray(g_matrix[l][r],
                                                           memory[l] + 1)

                            # Loop over M delay elements of the shift register
                            # to compute their contribution to the r-th output
                            for i in range(memory[l]):
                                outbits[r] = (outbits[r] + \
                                              (shift_register[i + l] * generator_array[i + 1])) % 2

                            output_generator_array[l] = generator_array[0]
                            if l == 0:
                                feedback_array = (dec2bitarray(feedback, memory[l] + 1)[1:] * shift_register[0:memory[l]]).sum()
                                shift_register[1:memory[l]] = \
                                    shift_register[0:memory[l] - 1]
                                shift_register[0] = (dec2bitarray(current_input,
                                                                  self.k)[0] + feedback_array) % 2
                            else:
                                feedback_array = (dec2bitarray(feedback, memory[l] + 1) *
                                                  shift_register[
                                                  l + memory[l - 1] - 1:l + memory[l - 1] + memory[l] - 1]).sum()
                                shift_register[l + memory[l - 1]:l + memory[l - 1] + memory[l] - 1] = \
                                    shift_register[l + memory[l - 1] - 1:l + memory[l - 1] + memory[l] - 2]
                                shift_register[l + memory[l - 1] - 1] = \
                                    (dec2bitarray(current_input, self.k)[l] + feedback_array) % 2

                        # Compute the contribution of the current_input to output
                        outbits[r] = (outbits[r] + \
                                      (np.sum(dec2bitarray(current_input, self.k) * \
                                              output_generator_array + feedback_array) % 2)) % 2

                    # Update the ouput_table using the computed output value
                    self.output_table[current_state][current_input] = \
                        bitarray2dec(outbits)

                    # Update the next_state_table using the new state of
                    # the shift register
                    self.next_state_table[current_state][current_input] = \
                        bitarray2dec(shift_register)

        else:
            if polynomial_format == 'MSB':
                bit_order = -1
            elif polynomial_format in ('LSB', 'Matlab'):
                bit_order = 1
            else:
                raise ValueError('polynomial_format must be "LSB", "MSB" or "Matlab"')

            if feedback is None:
                feedback = np.identity(self.k, int)
                if polynomial_format in ('LSB', 'Matlab'):
                    feedback *= 2**memory.max()

            max_values_lign = memory.max() + 1  # Max number of value on a delay lign

            # feedback_array[i] holds the i-th bit corresponding to each feedback polynomial.
            feedback_array = np.zeros((max_values_lign, self.k, self.k), np.int8)
            for i in range(self.k):
                for j in range(self.k):
                    binary_view = dec2bitarray(feedback[i, j], max_values_lign)[::bit_order]
                    feedback_array[:max_values_lign, i, j] = binary_view[-max_values_lign-2:]

            # g_matrix_array[i] holds the i-th bit corresponding to each g_matrix polynomial.
            g_matrix_array = np.zeros((max_values_lign, self.k, self.n), np.int8)
            for i in range(self.k):
                for j in range(self.n):
                    binary_view = dec2bitarray(g_matrix[i, j], max_values_lign)[::bit_order]
                    g_matrix_array[:max_values_lign, i, j] = binary_view[-max_values_lign-2:]

            # shift_regs holds on each column the state of a shift register.
            # The first row is the input of each shift reg.
            shift_regs = np.empty((max_values_lign, self.k), np.int8)

            # Compute the entries in the next state table and the output table
            for current_state in range(self.number_states):
                for current_input in range(self.number_inputs):
                    current_state_array = dec2bitarray(current_state, self.total_memory)

                    # Set the first row as the input.
                    shift_regs[0] = dec2bitarray(current_input, self.k)

                    # Set the other rows based on the current_state
                    idx = 0
                    for idx_mem, mem in enumerate(memory):
                        shift_regs[1:mem+1, idx_mem] = current_state_array[idx:idx + mem]
                        idx += mem

                    # Compute the output table
                    outputs_array = np.einsum('ik,ikl->l', shift_regs, g_matrix_array) % 2
                    self.output_table[current_state, current_input] = bitarray2dec(outputs_array)

                    # Update the first line based on the feedback polynomial
                    np.einsum('ik,ilk->l', shift_regs, feedback_array, out=shift_regs[0])
                    shift_regs %= 2

                    # Update current state array and compute next state table
                    idx = 0
                    for idx_mem, mem in enumerate(memory):
                        current_state_array[idx:idx + mem] = shift_regs[:mem, idx_mem]
                        idx += mem
                    self.next_state_table[current_state, current_input] = bitarray2dec(current_state_array)


def conv_encode(message_bits, trellis, termination = 'term', puncture_matrix=None):

    k = trellis.k
    n = trellis.n
    total_memory = trellis.total_memory
    rate = float(k)/n
    
    code_type = trellis.code_type

    if puncture_matrix is None:
        puncture_matrix = np.ones((trellis.k, trellis.n))

    number_message_bits = np.size(message_bits)
    
    if termination == 'cont':
        inbits = message_bits
        number_inbits = number_message_bits
        number_outbits = int(number_inbits/rate)
    else:
        # Initialize an array to contain the message bits plus the truncation zeros
        if code_type == 'rsc':
            inbits = message_bits
            number_inbits = number_message_bits
            number_outbits = int((number_inbits + k * total_memory)/rate)
        else:
            number_inbits = number_message_bits + total_memory + total_memory % k
            inbits = np.zeros(number_inbits, 'int')
            # Pad the input bits with M zeros (L-th terminated truncation)
            inbits[0:number_message_bits] = message_bits
            number_outbits = int(number_inbits/rate)

    outbits = np.zeros(number_outbits, 'int')
    if puncture_matrix is not None:
        p_outbits = np.zeros(number_outbits, 'int')
    else:
        p_outbits = np.zeros(int(number_outbits*
            puncture_matrix[0:].sum()/np.size(puncture_matrix, 1)), 'int')
    next_state_table = trellis.next_state_table
    output_table = trellis.output_table

    # Encoding process - Each iteration of the loop represents one clock cycle
    current_state = 0
    j = 0

    for i in range(int(number_inbits/k)): # Loop through all input bits
        current_input = bitarray2dec(inbits[i*k:(i+1)*k])
        current_output = output_table[current_state][current_input]
        outbits[j*n:(j+1)*n] = dec2bitarray(current_output, n)
        current_state = next_state_table[current_state][current_input]
        j += 1

    if code_type == 'rsc' and termination == 'term':
        term_bits = dec2bitarray(current_state, trellis.total_memory)
        term_bits = term_bits[::-1]
        for i in range(trellis.total_memory):
            current_input = bitarray2dec(term_bits[i*k:(i+1)*k])
            current_output = output_table[current_state][current_input]
            outbits[j*n:(j+1)*n] = dec2bitarray(current_output, n)
            current_state = next_state_table[current_state][current_input]
            j += 1

    j = 0
    for i in range(number_outbits):
        if puncture_matrix[0][i % np.size(puncture_matrix, 1)] == 1:
            p_outbits[j] = outbits[i]
            j = j + 1

    return p_outbits


def _where_c(inarray, rows, cols, search_value, index_array):

    number_found = 0
    res = np.where(inarray == search_value)
    i_s, j_s = res
    for i, j in zip(i_s, j_s):
        if inarray[i, j] == search_value:
            index_array[number_found, 0] = i
            index_array[number_found, 1] = j
            number_found += 1

    return number_found


@functools.lru_cache(maxsize=128, typed=False)
def _compute_branch_metrics(decoding_type, _r_codeword: tuple, _i_codeword_array: tuple):
    r_codeword = np.array(_r_codeword)
    i_codeword_array = np.array(_i_codeword_array)
    if decoding_type == 'hard':
        return hamming_dist(r_codeword.astype(int), i_codeword_array.astype(int))
    elif decoding_type == 'soft':
        neg_LL_0 = np.log(np.exp(r_codeword) + 1)  # negative log-likelihood to have received a 0
        neg_LL_1 = neg_LL_0 - r_codeword  # negative log-likelihood to have received a 1
        return np.where(i_codeword_array, neg_LL_1, neg_LL_0).sum()
    elif decoding_type == 'unquantized':
        i_codeword_array = 2 * i_codeword_array - 1
        return euclid_dist(r_codeword, i_codeword_array)


def _acs_traceback(r_codeword, trellis, decoding_type,
                   path_metrics, paths, decoded_symbols,
                   decoded_bits, tb_count, t, count,
                   tb_depth, current_number_states):

    k = trellis.k
    n = trellis.n
    number_states = trellis.number_states
    number_inputs = trellis.number_inputs

    branch_metric = 0.0

    next_state_table = trellis.next_state_table
    output_table = trellis.output_table
    pmetrics = np.empty(number_inputs)
    index_array = np.empty([number_states, 2], 'int')

    # Loop over all the current states (Time instant: t)
    for state_num in range(current_number_states):

        # Using the next state table find the previous states and inputs
        # leading into the current state (Trellis)
        number_found = _where_c(next_state_table, number_states, number_inputs, state_num, index_array)

        # Loop over all the previous states (Time instant: t-1)
        for i in range(number_found):

            previous_state = index_array[i, 0]
            previous_input = index_array[i, 1]

            # Using the output table, find the ideal codeword
            i_codeword = output_table[previous_state, previous_input]
            i_codeword_array = dec2bitarray(i_codeword, n)

            # Compute Branch Metrics
            branch_metric = _compute_branch_metrics(decoding_type, tuple(r_codeword), tuple(i_codeword_array))

            # ADD operation: Add the branch metric to the
            # accumulated path metric and store it in the temporary array
            pmetrics[i] = path_metrics[previous_state, 0] + branch_metric

        # COMPARE and SELECT operations
        # Compare and Select the minimum accumulated path metric
        path_metrics[state_num, 1] = pmetrics.min()

        # Store the previous state corresponding to the minimum
        # accumulated path metric
        min_idx = pmetrics.argmin()
        paths[state_num, tb_count] = index_array[min_idx, 0]

        # Store the previous input corresponding to the minimum
        # accumulated path metric
        decoded_symbols[state_num, tb_count] = index_array[min_idx, 1]

    if t >= tb_depth - 1:
        current_state = path_metrics[:,1].argmin()

        # Traceback Loop
        for j in reversed(range(1, tb_depth)):

            dec_symbol = decoded_symbols[current_state, j]
            previous_state = paths[current_state, j]
            decoded_bitarray = dec2bitarray(dec_symbol, k)
            decoded_bits[t - tb_depth + 1 + (j - 1) * k + count:t - tb_depth + 1 + j * k + count] = decoded_bitarray
            current_state = previous_state

        paths[:,0:tb_depth-1] = paths[:,1:]
        decoded_symbols[:,0:tb_depth-1] = decoded_symbols[:,1:]



def viterbi_decode(coded_bits, trellis, tb_depth=None, decoding_type='hard'):

    # k = Rows in G(D), n = columns in G(D)
    k = trellis.k
    n = trellis.n
    rate = k/n
    total_memory = trellis.total_memory

    # Number of message bits after decoding
    L = int(len(coded_bits)*rate)

    if tb_depth is None:
        tb_depth = min(5 * total_memory, L)


    path_metrics = np.full((trellis.number_states, 2), np.inf)
    path_metrics[0][0] = 0
    paths = np.empty((trellis.number_states, tb_depth), 'int')
    paths[0][0] = 0

    decoded_symbols = np.zeros([trellis.number_states, tb_depth], 'int')
    decoded_bits = np.empty(int(math.ceil((L + tb_depth) / k) * k), 'int')
    r_codeword = np.zeros(n, 'int')

    tb_count = 1
    count = 0
    current_number_states = trellis.number_states

    if decoding_type == 'soft':
        coded_bits = coded_bits.clip(-500, 500)

    for t in range(1, int((L+total_memory)/k)):
        # Get the received codeword corresponding to t
        if t <= L // k:
            r_codeword = coded_bits[(t-1)*n:t*n]
        # Pad with '0'
        else:
            if decoding_type == 'hard':
                r_codeword[:] = 0
            elif decoding_type == 'soft':
                r_codeword[:] = 0
            elif decoding_type == 'unquantized':
                r_codeword[:] = -1
            else:
                raise ValueError('The available decoding types are "hard", "soft" and "unquantized')

        _acs_traceback(r_codeword, trellis, decoding_type, path_metrics, paths,
                decoded_symbols, decoded_bits, tb_count, t, count, tb_depth,
                current_number_states)

        if t >= tb_depth - 1:
            tb_count = tb_depth - 1
            count = count + k - 1
        else:
            tb_count = tb_count + 1

        # Path metrics (at t-1) = Path metrics (at t)
        path_metrics[:, 0] = path_metrics[:, 1]

    return decoded_bits[:L]


def puncturing(message: np.ndarray, punct_vec: np.ndarray) -> np.ndarray:
    shift = 0
    N = len(punct_vec)
    punctured = []
    for idx, item in enumerate(message):
        if punct_vec[idx-shift*N] == 1:
            punctured.append(item)
        if idx%N == 0:
            shift = shift + 1
    return np.array(punctured)


def depuncturing(punctured: np.ndarray, punct_vec: np.ndarray, shouldbe: int) -> np.ndarray:
    shift = 0
    shift2 = 0
    N = len(punct_vec)
    depunctured = np.zeros((shouldbe,))
    for idx, item in enumerate(depunctured):
        if punct_vec[idx - shift*N] == 1:
            depunctured[idx] = float(punctured[idx-shift2])
        else:
            shift2 = shift2 + 1
        if idx%N == 0:
            shift = shift + 1
    return depunctured


# --- commpy/channelcoding/interleavers.py ------------------------------------------------------------------------------
class _Interleaver:

    def interlv(self, in_array):
        out_array = in_array[self.p_array]
        return out_array

    def deinterlv(self, in_array):
        out_array = zeros(len(in_array), in_array.dtype)
        for index, element in enumerate(self.p_array):
            out_array[element] = in_array[index]
        return out_array


class RandInterlv(_Interleaver):
    def __init__(self, length, seed):
        rand_gen = mtrand.RandomState(seed)
        self.p_array = rand_gen.permutation(arange(length))


# --- commpy/channelcoding/turbo.py -------------------------------------------------------------------------------------
def turbo_encode(msg_bits, trellis1, trellis2, interleaver):

    stream = conv_encode(msg_bits, trellis1, 'rsc')
    sys_stream = stream[::2]
    non_sys_stream_1 = stream[1::2]

    interlv_msg_bits = interleaver.interlv(sys_stream)
    puncture_matrix = array([[0, 1]])
    non_sys_stream_2 = conv_encode(interlv_msg_bits, trellis2, 'rsc', puncture_matrix)

    sys_stream = sys_stream[0:-trellis1.total_memory]
    non_sys_stream_1 = non_sys_stream_1[0:-trellis1.total_memory]
    non_sys_stream_2 = non_sys_stream_2[0:-trellis2.total_memory]

    return [sys_stream, non_sys_stream_1, non_sys_stream_2]


def _compute_branch_prob(code_bit_0, code_bit_1, rx_symbol_0, rx_symbol_1,
                         noise_variance):

    #cdef np.float64_t code_symbol_0, code_symbol_1, branch_prob, x, y

    code_symbol_0 = 2*code_bit_0 - 1
    code_symbol_1 = 2*code_bit_1 - 1

    x = rx_symbol_0 - code_symbol_0
    y = rx_symbol_1 - code_symbol_1

    # Normalized branch transition probability
    branch_prob = exp(-(x*x + y*y)/(2*noise_variance))

    return branch_prob

def _backward_recursion(trellis, msg_length, noise_variance,
                        sys_symbols, non_sys_symbols, branch_probs,
                        priors, b_state_metrics):

    n = trellis.n
    number_states = trellis.number_states
    number_inputs = trellis.number_inputs

    codeword_array = empty(n, 'int')
    next_state_table = trellis.next_state_table
    output_table = trellis.output_table

    # Backward recursion
    for reverse_time_index in reversed(range(1, msg_length+1)):

        for current_state in range(number_states):
            for current_input in range(number_inputs):
                next_state = next_state_table[current_state, current_input]
                code_symbol = output_table[current_state, current_input]
                codeword_array = dec2bitarray(code_symbol, n)
                parity_bit = codeword_array[1]
                msg_bit = codeword_array[0]
                rx_symbol_0 = sys_symbols[reverse_time_index-1]
                rx_symbol_1 = non_sys_symbols[reverse_time_index-1]
                branch_prob = _compute_branch_prob(msg_bit, parity_bit,
                                                   rx_symbol_0, rx_symbol_1,
                                                   noise_variance)
                branch_probs[current_input, current_state, reverse_time_index-1] = branch_prob
                b_state_metrics[current_state, reverse_time_index-1] += \
                        (b_state_metrics[next_state, reverse_time_index] * branch_prob *
                                priors[current_input, reverse_time_index-1])

        b_state_metrics[:,reverse_time_index-1] /= \
            b_state_metrics[:,reverse_time_index-1].sum()


def _forward_recursion_decoding(trellis, mode, msg_length, noise_variance,
                                sys_symbols, non_sys_symbols, b_state_metrics,
                                f_state_metrics, branch_probs, app, L_int,
                                priors, L_ext, decoded_bits):

    n = trellis.n
    number_states = trellis.number_states
    number_inputs = trellis.number_inputs

    codeword_array = empty(n, 'int')
    next_state_table = trellis.next_state_table
    output_table = trellis.output_table

    # Forward Recursion
    for time_index in range(1, msg_length+1):

        app[:] = 0
        for current_state in range(number_states):
            for current_input in range(number_inputs):
                next_state = next_state_table[current_state, current_input]
                branch_prob = branch_probs[current_input, current_state, time_index-1]
                # Compute the forward state metrics
                f_state_metrics[next_state, 1] += (f_state_metrics[current_state, 0] *
                                                   branch_prob *
                                                   priors[current_input, time_index-1])

                # Compute APP
                app[current_input] += (f_state_metrics[current_state, 0] *
                                       branch_prob *
                                       b_state_metrics[next_state, time_index])

        lappr = L_int[time_index-1] + log(app[1]/app[0])
        L_ext[time_index-1] = lappr

        if mode == 'decode':
            if lappr > 0:
                decoded_bits[time_index-1] = 1
            else:
                decoded_bits[time_index-1] = 0

        # Normalization of the forward state metrics
        f_state_metrics[:,1] = f_state_metrics[:,1]/f_state_metrics[:,1].sum()

        f_state_metrics[:,0] = f_state_metrics[:,1]
        f_state_metrics[:,1] = 0.0




def map_decode(sys_symbols, non_sys_symbols, trellis, noise_variance, L_int, mode='decode'):

    k = trellis.k
    n = trellis.n
    rate = float(k)/n
    number_states = trellis.number_states
    number_inputs = trellis.number_inputs

    msg_length = len(sys_symbols)

    # Initialize forward state metrics (alpha)
    f_state_metrics = zeros([number_states, 2])
    f_state_metrics[0][0] = 1
    #print f_state_metrics

    # Initialize backward state metrics (beta)
    b_state_metrics = zeros([number_states, msg_length+1])
    b_state_metrics[:,msg_length] = 1

    # Initialize branch transition probabilities (gamma)
    branch_probs = zeros([number_inputs, number_states, msg_length+1])

    app = zeros(number_inputs)

    lappr = 0

    decoded_bits = zeros(msg_length, 'int')
    L_ext = zeros(msg_length)

    priors = empty([2, msg_length])
    priors[0,:] = 1/(1 + exp(L_int))
    priors[1,:] = 1 - priors[0,:]

    # Backward recursion
    _backward_recursion(trellis, msg_length, noise_variance, sys_symbols,
                       non_sys_symbols, branch_probs, priors, b_state_metrics)

    # Forward recursion
    _forward_recursion_decoding(trellis, mode, msg_length, noise_variance, sys_symbols,
                                non_sys_symbols, b_state_metrics, f_state_metrics,
                                branch_probs, app, L_int, priors, L_ext, decoded_bits)

    return [L_ext, decoded_bits]


def turbo_decode(sys_symbols, non_sys_symbols_1, non_sys_symbols_2, trellis,
                 noise_variance, number_iterations, interleaver, L_int = None):
    if L_int is None:
        L_int = zeros(len(sys_symbols))

    L_int_1 = L_int

    # Interleave systematic symbols for input to second decoder
    sys_symbols_i = interleaver.interlv(sys_symbols)

    for iteration_count in range(number_iterations):

        # MAP Decoder - 1
        [L_ext_1, decoded_bits] = map_decode(sys_symbols, non_sys_symbols_1,
                                             trellis, noise_variance, L_int_1, 'compute')

        L_ext_1 = L_ext_1 - L_int_1
        L_int_2 = interleaver.interlv(L_ext_1)
        if iteration_count == number_iterations - 1:
            mode = 'decode'
        else:
            mode = 'compute'

        # MAP Decoder - 2
        [L_2, decoded_bits] = map_decode(sys_symbols_i, non_sys_symbols_2,
                                         trellis, noise_variance, L_int_2, mode)
        L_ext_2 = L_2 - L_int_2
        L_int_1 = interleaver.deinterlv(L_ext_2)

    decoded_bits = interleaver.deinterlv(decoded_bits)

    return decoded_bits


# --- the cases: wrappers that build CommPy's objects inside the traced function ----------------------------------------
# test_modulation.py's test_max_log_approx: the demodulator handed to max_log_approx (and to kbest / best_first_detector)
def decode(pt):
    return QAMModem(4).demodulate(pt, 'hard')


def psk_modulate(bits):
    return PSKModem(4).modulate(bits)


def qam_modulate(bits):
    return QAMModem(16).modulate(bits)


def qam_demodulate_hard(symbols):
    return QAMModem(16).demodulate(symbols, 'hard')


def psk_demodulate_soft(symbols, noise_var):
    return PSKModem(8).demodulate(symbols, 'soft', noise_var)


def custom_modem(constellation):
    modem = Modem(constellation)
    return modem.constellation, modem.Es, modem.m, modem.num_bits_symbol


def custom_modem_as_given(constellation):
    modem = Modem(constellation, reorder_as_gray=False)
    return modem.constellation, modem.Es


def kbest_hard(y, h, constellation):
    return kbest(y, h, constellation, 4)


def kbest_soft(y, h, constellation, noise_var):
    return kbest(y, h, constellation, 4, noise_var, 'soft', decode)


def best_first(y, h, constellation, noise_var):
    return best_first_detector(y, h, constellation, (4, 4), noise_var, decode, 10.0)


def max_log(y, h, noise_var, pts_list):
    return max_log_approx(y, h, noise_var, pts_list, decode)


def siso_channel(mean, variance, snr_db):
    channel = SISOFlatChannel(None, (mean, variance))
    channel.set_SNR_dB(snr_db)
    return channel.noise_std, channel.k_factor, channel.isComplex


def mimo_default(snr_lin):
    channel = MIMOFlatChannel(2, 3)
    channel.set_SNR_lin(snr_lin)
    return channel.noise_std, channel.k_factor, channel.isComplex


def mimo_uncorr_rayleigh(snr_db):
    channel = MIMOFlatChannel(2, 2)
    channel.uncorr_rayleigh_fading(complex)
    channel.set_SNR_dB(snr_db, 0.5)
    return channel.noise_std, channel.fading_param, channel.isComplex


def mimo_expo_corr_rayleigh(t, r, betat, betar):
    channel = MIMOFlatChannel(3, 2)
    channel.expo_corr_rayleigh_fading(t, r, betat, betar)
    return channel.fading_param, channel.k_factor, channel.isComplex


def mimo_expo_corr_rician(mean, k_factor, t, r):
    channel = MIMOFlatChannel(3, 2)
    channel.expo_corr_rician_fading(mean, k_factor, t, r, 0.5, 0.25)
    return channel.fading_param, channel.k_factor


def mimo_specular(thetat, dt, thetar, dr):
    channel = MIMOFlatChannel(3, 2)
    return channel.specular_compo(thetat, dt, thetar, dr)


def trellis_tables(memory, g_matrix):
    trellis = Trellis(memory, g_matrix)
    return trellis.next_state_table, trellis.output_table


def trellis_rsc(memory, g_matrix, feedback):
    trellis = Trellis(memory, g_matrix, feedback, 'rsc')
    return trellis.next_state_table, trellis.output_table


def trellis_rsc_int_feedback(memory, g_matrix):
    trellis = Trellis(memory, g_matrix, 5, 'rsc')
    return trellis.next_state_table, trellis.output_table


def trellis_from_ints(m, g0, g1):
    trellis = Trellis(array([m]), array([[g0, g1]]))
    return trellis.next_state_table, trellis.output_table


# test_convcode.py's trellises, made once (as the tests do) and read by the encoders and decoders below
TRELLIS_57 = Trellis(array([2]), array([[5, 7]]))
TRELLIS_23 = Trellis(array([2, 1]), array([[5, 7, 0], [0, 2, 3]]))
TRELLIS_RSC23 = Trellis(array([1, 1]), array([[1, 0, 0], [0, 1, 3]]), array([[2, 2], [3, 1]]), 'rsc')
# the RSC code 2 of test_convcode.py (feedback 5), its feedback given as a 1x1 matrix (the int form is deprecated)
TRELLIS_RSC = Trellis(array([2]), array([[1, 7]]), array([[5]]), 'rsc')


def conv_encode_term(msg):
    return conv_encode(msg, TRELLIS_57)


def conv_encode_rate23(msg):
    return conv_encode(msg, TRELLIS_23, 'cont')


def conv_encode_rsc(msg):
    return conv_encode(msg, TRELLIS_RSC23)


def viterbi_hard(coded):
    return viterbi_decode(coded, TRELLIS_57, 15)


def viterbi_soft(coded):
    return viterbi_decode(coded, TRELLIS_57, 15, 'soft')


def gf_add(x, y):
    return (GF(x, 3) + GF(y, 3)).elements


def gf_mul(x, y):
    return (GF(x, 3) * GF(y, 3)).elements


def gf_power_to_tuple(x):
    return GF(x, 3).power_to_tuple().elements


def gf_tuple_to_power(x):
    return GF(x, 4).tuple_to_power().elements


def gf_order(x):
    return GF(x, 4).order()


def gf_cosets(x):
    return [coset.elements for coset in GF(x, 4).cosets()]


def gf_minpolys(x):
    return GF(x, 4).minpolys()


def rand_interleave(x):
    interleaver = RandInterlv(len(x), 7)
    return interleaver.interlv(x), interleaver.deinterlv(x)


def turbo_encoder(msg):
    return turbo_encode(msg, TRELLIS_RSC, TRELLIS_RSC, RandInterlv(len(msg) + 2, 3))


def map_decoder(sys_symbols, non_sys_symbols, noise_variance):
    return map_decode(sys_symbols, non_sys_symbols, TRELLIS_RSC, noise_variance, zeros(len(sys_symbols)))


def turbo_decoder(sys_symbols, non_sys_symbols_1, non_sys_symbols_2, noise_variance):
    return turbo_decode(sys_symbols, non_sys_symbols_1, non_sys_symbols_2, TRELLIS_RSC, noise_variance, 2,
                        RandInterlv(len(sys_symbols), 3))


# --- inputs ------------------------------------------------------------------------------------------------------------
def _bits(rng, n):
    return rng.integers(0, 2, size=n)


def _complex(rng, *shape):
    return rng.normal(size=shape) + 1j * rng.normal(size=shape)


def _qam4():
    return QAMModem(4).constellation


def _received(rng, n_rx, n_tx, scale=0.3):
    """y = h x + noise for a QAM-4 vector x (test_modulation.py's channel model, made here)."""
    h = _complex(rng, n_rx, n_tx)
    x = _qam4()[rng.integers(0, 4, size=n_tx)]
    return h.dot(x) + scale * _complex(rng, n_rx), h


def _symbols(rng, constellation, n):
    return constellation[rng.integers(0, len(constellation), size=n)] + 0.2 * _complex(rng, n)


def _max_log_inputs(rng):
    """test_max_log_approx's channel, points and noise, the noise scaled by a random factor."""
    x = array((-1, -1, 1))
    h = array(((-0.33, 0.66, 0.03), (1.25, 0.2, -0.4), (0.05, 1.3, 1.4)))
    noise = array((0.45, 1, -1.7)) * rng.uniform(0.5, 1.5)
    pts_list = array(((-1, -1, 1), (-1, 1, 1), (1, 1, 1)))
    return h.dot(x) + noise, h, 1, pts_list


def _unit(rng):
    return np.exp(1j * rng.uniform(-np.pi, np.pi))


def _coded(rng, n=16):
    return conv_encode(_bits(rng, n), TRELLIS_57)


def _alpha(rng):
    # 0.25 and 0.5 both put t == +-Ts/(2 alpha) and t == +-Ts/(4 alpha) on the 40-sample grid of Fs = 8
    return np.float64(rng.choice([0.25, 0.5]))


def _punctured(rng):
    message = _bits(rng, 12).astype(float)
    punct_vec = array([1, 1, 1, 0])
    return puncturing(message, punct_vec), punct_vec, 12


_U = "utilities.py"
_S = "sequences.py"
_FI = "filters.py"
_M = "modulation.py"
_CH = "channels.py"
_CC = "channelcoding/convcode.py"
_GF = "channelcoding/gfields.py"
_TU = "channelcoding/turbo.py"

CASES = [
    # utilities.py
    case(dec2bitarray, lambda rng: (17, 8), CP(_U, "dec2bitarray", "test_utilities.py's dec2bitarray(17, 8): an int, through the lru_cache'd decimal2bitarray")),
    case(dec2bitarray, lambda rng: (rng.integers(0, 32, size=4), 5), CP(_U, "dec2bitarray", "an int array: a loop of decimal2bitarray(number, ...) with array elements"), name="commpy.dec2bitarray_array"),
    case(decimal2bitarray, lambda rng: (np.int64(rng.integers(1, 64)), 6), CP(_U, "decimal2bitarray", "the functools.lru_cache wrapper called with a NumPy integer")),
    case(bitarray2dec, lambda rng: (_bits(rng, 8),), CP(_U, "bitarray2dec")),
    case(upsample, lambda rng: (_complex(rng, 5), 3), CP(_U, "upsample")),
    case(signal_power, lambda rng: (_complex(rng, 8),), CP(_U, "signal_power", "a nested function decorated with np.vectorize")),
    # sequences.py
    case(pnsequence, lambda rng: (4, _bits(rng, 4), array([1, 1, 0, 1]), 15), CP(_S, "pnsequence", "seed and mask arrays (np.fromiter of an array)")),
    case(pnsequence, lambda rng: (4, '0011', [1, 1, 0, 1], 7), CP(_S, "pnsequence", "test_sequences.py's string seed and list mask"), name="commpy.pnsequence_str"),
    case(zcsequence, lambda rng: (3, 20, 0), CP(_S, "zcsequence", "test_sequences.py's u=3, seq_length=20")),
    # filters.py and impairments.py
    case(rcosfilter, lambda rng: (40, _alpha(rng), 1.0, 8.0), CP(_FI, "rcosfilter", "alpha a NumPy float: the t == +-Ts/(2 alpha) branches")),
    case(rrcosfilter, lambda rng: (40, _alpha(rng), 1.0, 8.0), CP(_FI, "rrcosfilter", "the t == +-Ts/(4 alpha) branches")),
    case(add_frequency_offset, lambda rng: (_complex(rng, 16), 1000.0, np.float64(rng.uniform(-50, 50))), CP("impairments.py", "add_frequency_offset")),
    # modulation.py
    case(psk_modulate, lambda rng: (_bits(rng, 16),), CP(_M, "PSKModem.__init__ / Modem.modulate", "Gray reordering (GrayCode stand-in), np.vectorize of a lambda over bitarray2dec")),
    case(qam_modulate, lambda rng: (_bits(rng, 16),), CP(_M, "QAMModem.__init__ / Modem.modulate")),
    case(qam_demodulate_hard, lambda rng: (_symbols(rng, QAMModem(16).constellation, 6),), CP(_M, "Modem.demodulate", "'hard': argmin, dec2bitarray of the indices")),
    case(psk_demodulate_soft, lambda rng: (_symbols(rng, PSKModem(8).constellation, 4), np.float64(rng.uniform(0.2, 1.0))), CP(_M, "Modem.demodulate", "'soft': loops over symbols, bits and the constellation, if (bit_value >> bit_index) & 1")),
    case(custom_modem, lambda rng: (_complex(rng, 8),), CP(_M, "Modem.__init__ / constellation setter", "reordered as Gray: Es through signal_power")),
    case(custom_modem_as_given, lambda rng: (_complex(rng, 16),), CP(_M, "Modem.__init__", "reorder_as_gray=False")),
    case(mimo_ml, lambda rng: (*_received(rng, 3, 2), _qam4()), CP(_M, "mimo_ml")),
    case(kbest_hard, lambda rng: (*_received(rng, 3, 3), _qam4()), CP(_M, "kbest", "K=4, 'hard': isinstance(constellation[0], complex)")),
    case(kbest_soft, lambda rng: (*_received(rng, 3, 2), _qam4(), np.float64(rng.uniform(0.1, 1.0))), CP(_M, "kbest / max_log_approx", "'soft' through test_modulation.py's decode")),
    case(best_first, lambda rng: (*_received(rng, 3, 3), _qam4(), np.float64(rng.uniform(0.1, 1.0))), CP(_M, "best_first_detector", "a local _Node class, bisect.insort, stacks popped under try/except IndexError")),
    case(bit_lvl_repr, lambda rng: (_complex(rng, 2, 2), array([2, 1, 2j, 1j])), CP(_M, "bit_lvl_repr", "test_modulation.py's w for 16 symbols")),
    case(max_log, _max_log_inputs, CP(_M, "max_log_approx", "test_max_log_approx's values: pts_list.compress by bits, LLRs of +-inf")),
    # channels.py
    case(siso_channel, lambda rng: (np.complex128(0.5 + 0j), np.float64(0.75), np.float64(rng.uniform(0, 20))), CP(_CH, "SISOFlatChannel.__init__ / fading_param / set_SNR_dB / k_factor", "Rician: isinstance(fading_param[0], complex) for a NumPy complex")),
    case(siso_channel, lambda rng: (0.6, 0.64, 10.0), CP(_CH, "SISOFlatChannel", "Python numbers: a real channel"), name="commpy.siso_channel_python"),
    case(mimo_default, lambda rng: (np.float64(rng.uniform(1, 100)),), CP(_CH, "MIMOFlatChannel.__init__ / set_SNR_lin / k_factor", "the default Rayleigh fading")),
    case(mimo_uncorr_rayleigh, lambda rng: (np.float64(rng.uniform(0, 20)),), CP(_CH, "MIMOFlatChannel.uncorr_rayleigh_fading", "complex: isinstance(fading_param[0][0, 0], complex)")),
    case(mimo_expo_corr_rayleigh, lambda rng: (_unit(rng), _unit(rng), np.float64(rng.uniform(0, 1)), np.float64(rng.uniform(0, 1))), CP(_CH, "MIMOFlatChannel.expo_corr_rayleigh_fading / _update_corr_KBSM", "if abs(t) - 1 > 1e-4: raise; list comprehensions of exp")),
    case(mimo_expo_corr_rician, lambda rng: (_complex(rng, 2, 3), np.float64(rng.uniform(0.5, 5)), _unit(rng), _unit(rng)), CP(_CH, "MIMOFlatChannel.expo_corr_rician_fading")),
    case(mimo_specular, lambda rng: tuple(np.float64(v) for v in rng.uniform(0.1, 1.5, size=4)), CP(_CH, "MIMOFlatChannel.specular_compo", "a double loop writing H[n, m]")),
    # channelcoding/convcode.py
    case(trellis_tables, lambda rng: (array([2, 1]), array([[5, 7, 0], [0, 2, 3]])), CP(_CC, "Trellis.__init__", "test_convcode.py's rate-2/3 code, memory and g_matrix arrays given")),
    case(trellis_rsc, lambda rng: (array([1, 1]), array([[1, 0, 0], [0, 1, 3]]), array([[2, 2], [3, 1]])), CP(_CC, "Trellis.__init__", "'rsc' with a feedback matrix")),
    case(trellis_rsc_int_feedback, lambda rng: (array([2]), array([[1, 7]])), CP(_CC, "Trellis.__init__", "feedback=5, an int: the deprecated branch, g_matrix[i][i] = feedback written into the argument")),
    case(trellis_from_ints, lambda rng: (2, 5, 7), CP(_CC, "Trellis.__init__", "G(D) = [1+D^2, 1+D+D^2] from Python ints, the arrays made inside")),
    case(conv_encode_term, lambda rng: (_bits(rng, 10),), CP(_CC, "conv_encode", "'term': the message padded with zeros")),
    case(conv_encode_rate23, lambda rng: (_bits(rng, 10),), CP(_CC, "conv_encode", "rate 2/3: bitarray2dec of two input bits")),
    case(conv_encode_rsc, lambda rng: (_bits(rng, 10),), CP(_CC, "conv_encode", "'rsc' and 'term': termination bits from the last state")),
    case(viterbi_hard, lambda rng: (_coded(rng).astype(float),), CP(_CC, "viterbi_decode / _acs_traceback / _where_c / _compute_branch_metrics", "'hard', tb_depth 15 as in test_convcode.py")),
    case(viterbi_soft, lambda rng: (10.0 * _coded(rng) - 5 + rng.normal(size=36) * 2,), CP(_CC, "viterbi_decode", "'soft', test_convcode.py's LLRs")),
    case(puncturing, lambda rng: (_bits(rng, 12).astype(float), array([1, 1, 1, 0])), CP(_CC, "puncturing", "wifi80211.py's 2/3 puncture vector: a list appended under a branch")),
    case(depuncturing, _punctured, CP(_CC, "depuncturing")),
    # channelcoding/gfields.py and algcode.py
    case(gf_add, lambda rng: (arange(8), array([6, 4, 3, 1, 2, 0, 5, 7])), CP(_GF, "GF.__init__ / __add__", "test_gfields.py's test_addition: type(x) is ndarray")),
    case(gf_mul, lambda rng: (array([7, 6, 5, 4, 3, 2, 1, 0]), array([6, 4, 3, 1, 2, 0, 5, 7])), CP(_GF, "GF.__mul__ / polymultiply / polydivide", "test_multiplication")),
    case(gf_power_to_tuple, lambda rng: (arange(0, 7),), CP(_GF, "GF.power_to_tuple", "test_tuple_form")),
    case(gf_tuple_to_power, lambda rng: (arange(1, 16),), CP(_GF, "GF.tuple_to_power", "test_power_form, m=4: a while loop per element")),
    case(gf_order, lambda rng: (arange(1, 16),), CP(_GF, "GF.order", "test_order: math.gcd")),
    case(gf_cosets, lambda rng: (arange(1, 16),), CP(_GF, "GF.cosets", "the cyclotomic cosets: masked selections into a list")),
    case(gf_minpolys, lambda rng: (arange(16),), CP(_GF, "GF.minpolys", "test_minpols, m=4")),
    case(polymultiply, lambda rng: (5, 6, 3, 11), CP(_GF, "polymultiply / polydivide", "Python ints; bin() of a NumPy integer")),
    # channelcoding/interleavers.py and turbo.py
    case(rand_interleave, lambda rng: (rng.normal(size=12),), CP("channelcoding/interleavers.py", "RandInterlv / interlv / deinterlv", "mtrand.RandomState(seed).permutation")),
    case(turbo_encoder, lambda rng: (_bits(rng, 8),), CP(_TU, "turbo_encode", "test_convcode.py's RSC code (feedback as a matrix)")),
    case(map_decoder, lambda rng: (2.0 * _bits(rng, 6) - 1 + 0.5 * rng.normal(size=6), 2.0 * _bits(rng, 6) - 1 + 0.5 * rng.normal(size=6), np.float64(0.5)), CP(_TU, "map_decode / _backward_recursion / _forward_recursion_decoding", "mode='decode': if lappr > 0")),
    case(turbo_decoder, lambda rng: tuple(2.0 * _bits(rng, 6) - 1 + 0.5 * rng.normal(size=6) for _ in range(3)) + (np.float64(0.5),), CP(_TU, "turbo_decode", "two iterations: 'compute' then 'decode'")),
]
