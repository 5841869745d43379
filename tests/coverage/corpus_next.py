"""``next()`` in real NumPy code: functions that advance an iterator they make for themselves (a line iterator over
the text they parse, a generator primed with ``next(gen)`` before it is handed back, a generator of permutations
drawn from with ``next(perms)``), and functions that advance an iterator that outlives the call (a module-level seed
generator, an ``itertools.count()`` of seeds in an options dict, ``itertools.cycle`` iterators held by a simulated
audio interface, the line iterator a file parser is handed), copied from public repositories, with small inputs.
``tests/coverage/test_next_corpus.py`` checks that a traced graph gives eager's result for the first kind (``"own"``)
and refuses the second (``"shared"``) with ``NotStageable`` at the line of the ``next``, and that eager code gives a
different result at each call there (the graph's old answer, the item taken while tracing at every call, was wrong).

Not part of the harness's corpus: ``harness.load_cases()`` reads every ``corpus_*`` module's ``CASES`` as
``cases.Case`` objects whose repositories are listed in ``cases.REPOS``; these sources are not (and this file may
not edit ``cases.py``), so ``CASES`` is empty here and the cases are ``NEXT_CASES``: ``(name, function, [input
tuples], kind)``. For an ``"own"`` case an input tuple is the call's arguments. For a ``"shared"`` case its first item
is a factory that builds the shared state afresh (the objects that hold the iterators, or a reset of a module-level
one) and returns the call's leading arguments: the call is ``function(*factory(), *rest)``. The functions at the end
of the file (under "The cases") are the calling convention: they hand the upstream function its arguments in the
order of the input tuple and turn a generator it returns into a list; they are this file's, not upstream's.

Sources (none of them a repository of ``cases.REPOS`` nor of another corpus here; docstrings dropped, comments and
code as upstream; one stored version per file):

* eljost/pysisyphus (GPL-3.0, per ``setup.cfg``) @0f9a4624a5a226196b7a5ae2802910316a8258b6
  ``pysisyphus/io/xyz.py``: ``parse_xyz`` (``lines = iter(text.split("\\n"))``, a ``for`` loop over it that reads each
  frame's comment and atom lines with ``next(lines)``). Its ``@file_or_str(".xyz", ".trj")`` decorator (read the file
  when given a path) is left out: the cases pass the text. ``ANG2BOHR`` is a stand-in: pysisyphus computes it from
  ``scipy.constants`` (``1 / (spc.value("Bohr radius") * 1e10)``); here it is that number, CODATA 2018's.

* LouieSlocombe/geodesic_interpolate (MIT, per ``pyproject.toml``; a fork of Xiaolei Zhu's geodesic-interpolate)
  @0b33afd8428c96852b0a1d1388c230eb85e916d7 ``geodesic_interpolate/fileio.py``: ``read_xyz`` (``for line in f`` over
  the file it opens, ``next(f)`` for the comment and atom lines; a ``StopIteration`` becomes ``ValueError``). The
  cases' files are written once, at import, into a temporary directory (``_XYZ_FILES``), removed at exit.

* dipy/dipy (BSD-3-Clause): @00d3f5b28ef7cce3135ccfdb705bd11b7ca1f883 ``dipy/tracking/utils.py``:
  ``_with_initialize`` (a decorator whose ``helper`` makes the generator and primes it with ``next(gen)``),
  ``target``, ``clip_streamlines_to_target``, ``transform_tracking_output`` (the ``@warning_for_keywords()``
  decorator, which only warns about positional use of keyword-only arguments, is left out), and
  @01da1c3e7d628df330d6ec21340764d6c956579a ``dipy/tracking/_utils.py``: ``_mapping_to_voxel``,
  ``_to_voxel_coordinates``.

* gradientinstitute/aboleth (Apache-2.0, per ``README.rst``): @0e21b21f367b6312954fe91dbd64a40f11eaa6e0
  ``aboleth/util.py``: ``batch``, ``endless_permutations``, ``__data_len`` (``next(perms)`` of a generator ``batch``
  makes); @3779041378c1c086421d232c1c9c39f2ff601d22 ``aboleth/random.py``: ``SeedGenerator`` and the module-level
  ``seedgen`` (``# Dont judge me -- most RNGs are global vars``), ``set_hyperseed``; @7f74d306845f93b8ede794eb5acf4b08d3d84838
  ``aboleth/datasets.py``: ``gp_draws`` (``np.random.RandomState(next(seedgen))``); its default ``kern`` is
  scikit-learn's ``RBF(length_scale=0.5)``, a stand-in here (``_SklearnRBF``: ``exp(-|x - y|**2 / (2 l**2))``, the
  kernel's value); @0d1085a19df9cc01579c1b706735f57cc2b4e28b ``aboleth/kernels.py``: ``ShiftInvariant``, ``RBF``,
  ``Matern`` (their ``weights``; the module imports TensorFlow, which these classes do not use).

* OpenSourceEconomics/respy (MIT) @00c8bd31f25978dab01a5641f430b090d04b1489 ``respy/simulate.py``:
  ``_get_random_types``, ``_get_random_initial_experience``, ``_random_choice``
  (``np.random.seed(next(options["simulation_seed_iteration"]))``, where respy's options hold an
  ``itertools.count(seed)``). ``create_type_covariates`` (respy's, from a DataFrame of states) is a stand-in that
  takes the covariates as given (an array); scipy's ``softmax`` is a stand-in (``exp(z - max)`` over its sum).

* fhchl/adafilt (MIT): @04e0b11d30886591ddd9a145a29531a204e16c98 ``adafilt/io.py``: ``FakeInterface`` (``reset``
  stores ``itertools.cycle`` iterators over the signal's blocks and the paths' impulse responses; ``playrec`` takes
  ``next(self.signal)``, ``next(self.h_pri)``, ``next(self.h_sec)``, ``next(self.noise)``). It imports ``olafilt``
  from ``adafilt.utils``; the stored ``utils.py`` (@050cf8ec2304b16189cf20d52e79ff9b29106796, ``einsum_outshape``,
  copied) predates that move, so ``olafilt`` is @030020b94a9f05e873afcf444ba2a11aa0a206c8 ``adafilt/__init__.py``'s.

* cclib/cclib (BSD-3-Clause): @03871b375cf04c5185f1990c631936b95e6f0fe7 ``cclib/parser/fchkparser.py``:
  ``FChk._parse_block`` and ``FChk._parse_gradient`` (``next(inputfile)``: the line iterator of the file being
  parsed, which cclib's ``Logfile.parse`` hands to every ``extract`` call), in a class ``FChk`` that holds only them;
  its base class ``logfileparser.Logfile`` is a stand-in with the three members they use (``updateprogress``, which
  only logs progress, does nothing; ``fupdate``; ``append_attribute``, as cclib's). @02909c53feb8236b3c303e3cf8d7d24a5a0b669b
  ``cclib/parser/utils.py``: ``symmetrize``, ``_dim_from_tblock_size``, ``block_to_matrix`` (``_BUILTIN_FLOAT`` is
  ``float``, as there).
"""

# ruff: noqa: E501, E741, B006, B904, UP008, UP015, UP024, UP028  (upstream code, as written)
from __future__ import annotations

import atexit
import itertools
import os
import shutil
import tempfile
from functools import wraps
from itertools import cycle
from math import sqrt

import numpy
import numpy as np

# ================================================================================================================
# eljost/pysisyphus: pysisyphus/io/xyz.py

ANG2BOHR = 1 / (5.29177210903e-11 * 1e10)  # stand-in: pysisyphus.constants (scipy.constants, CODATA 2018)


def parse_xyz(xyz_str, with_comment=False):
    lines = iter(xyz_str.strip().split("\n"))
    atoms_coords = list()
    comments = list()
    for line in lines:
        line = line.strip()
        # Skip emtpy lines
        if not line:
            continue
        # A new xyz block starts with an integer
        try:
            expect = int(line)
        # We only skip empty lines, otherwise we leave the loop.
        except ValueError:
            break
        atoms = list()
        coords3d = np.zeros((expect, 3), dtype=float)
        # Advance iterator over xyz definition
        comment = next(lines)
        comments.append(comment if with_comment else None)
        for i in range(expect):
            atom, *xyz_ = next(lines).split()
            atoms.append(atom)
            coords3d[i] = xyz_
        assert i == expect - 1
        assert len(atoms) == expect
        coords3d *= ANG2BOHR
        atoms_coords.append((atoms, coords3d.flatten()))
    return atoms_coords, comments


# ================================================================================================================
# LouieSlocombe/geodesic_interpolate: geodesic_interpolate/fileio.py

def read_xyz(filename):
    coords = []
    with open(filename, 'r') as f:
        for line in f:
            try:
                n_atoms = int(line)  # Read number of atoms
                next(f)  # Skip over comments
                atom_names = []
                geom = np.zeros((n_atoms, 3), float)
                for i in range(n_atoms):
                    line = next(f).split()
                    atom_names.append(line[0])
                    geom[i] = line[1:4]  # Numpy auto-converts str to float
            except (TypeError, IOError, IndexError, StopIteration):
                raise ValueError('Incorrect XYZ file format')
            coords.append(geom)
    if not coords:
        raise ValueError("File is empty")
    return atom_names, coords


# ================================================================================================================
# dipy/dipy: dipy/tracking/_utils.py

def _mapping_to_voxel(affine):
    if affine is None:
        raise ValueError("no affine specified")

    affine = np.array(affine, dtype=float)
    inv_affine = np.linalg.inv(affine)
    lin_T = inv_affine[:3, :3].T.copy()
    offset = inv_affine[:3, 3] + .5

    return lin_T, offset


def _to_voxel_coordinates(streamline, lin_T, offset):
    inds = np.dot(streamline, lin_T)
    inds += offset
    if inds.min().round(decimals=6) < 0:
        raise IndexError('streamline has points that map to negative voxel'
                         ' indices')
    return inds.astype(int)


# dipy/dipy: dipy/tracking/utils.py

def _with_initialize(generator):

    @wraps(generator)
    def helper(*args, **kwargs):
        gen = generator(*args, **kwargs)
        next(gen)
        return gen

    return helper


@_with_initialize
def target(streamlines, affine, target_mask, *, include=True):
    target_mask = np.array(target_mask, dtype=bool, copy=True)
    lin_T, offset = _mapping_to_voxel(affine)
    yield
    # End of initialization

    for sl in streamlines:
        try:
            ind = _to_voxel_coordinates(sl, lin_T, offset)
            i, j, k = ind.T
            state = target_mask[i, j, k]
        except IndexError as e:
            raise ValueError("streamlines points are outside of target_mask") from e
        if state.any() == include:
            yield sl


@_with_initialize
def clip_streamlines_to_target(streamlines, target_mask, affine):
    target_mask = np.array(target_mask, dtype=bool, copy=True)
    lin_T, offset = _mapping_to_voxel(affine)
    yield
    # End of initialization

    for sl in streamlines:
        try:
            ind = _to_voxel_coordinates(sl, lin_T, offset)
            i, j, k = ind.T
            state = target_mask[i, j, k]
        except IndexError as e:
            raise ValueError("streamline points are outside of target_mask") from e
        if state.any():
            mymin = np.argwhere(state).min()
            mymax = np.argwhere(state).max()
            if mymin > state.shape[0] - mymin and mymax > state.shape[0] - mymin:
                yield sl[:mymin, :]
            elif mymin < state.shape[0] - mymin and mymax < state.shape[0] - mymin:
                yield sl[mymax:, :]
        else:
            yield sl


@_with_initialize
def transform_tracking_output(tracking_output, affine, *, save_seeds=False):
    lin_T = affine[:3, :3].T.copy()
    offset = affine[:3, 3].copy()
    yield
    # End of initialization

    if save_seeds:
        for sl, seed in tracking_output:
            yield np.dot(sl, lin_T) + offset, np.dot(seed, lin_T) + offset
    else:
        for sl in tracking_output:
            yield np.dot(sl, lin_T) + offset


# ================================================================================================================
# gradientinstitute/aboleth: aboleth/util.py

def batch(feed_dict, N_, batch_size, n_iter=10000, seed=None):
    N = __data_len(feed_dict)
    perms = endless_permutations(N, seed)

    i = 0
    while i < n_iter:
        i += 1
        ind = np.array([next(perms) for _ in range(batch_size)])
        batch_dict = {k: v[ind] for k, v in feed_dict.items()}
        batch_dict[N_] = N
        yield batch_dict


def endless_permutations(N, seed=None):
    if isinstance(seed, np.random.RandomState):
        generator = seed
    else:
        generator = np.random.RandomState(seed)

    while True:
        batch_inds = generator.permutation(N)
        for b in batch_inds:
            yield b


def __data_len(feed_dict):
    N = feed_dict[list(feed_dict.keys())[0]].shape[0]
    return N


# gradientinstitute/aboleth: aboleth/random.py

class SeedGenerator:

    def __init__(self):
        self.state = np.random.RandomState()

    def set_hyperseed(self, hs):
        self.state.seed(hs)

    def next(self):
        result = self.state.randint(0, 2**32)
        return result

    def __next__(self):
        return self.next()


# Dont judge me -- most RNGs are global vars
seedgen = SeedGenerator()


def set_hyperseed(hs):
    seedgen.set_hyperseed(hs)


# gradientinstitute/aboleth: aboleth/datasets.py

class _SklearnRBF:
    """Stand-in for ``sklearn.gaussian_process.kernels.RBF`` (its value ``k(X, Y)``, isotropic length scale)."""

    def __init__(self, length_scale=1.0):
        self.length_scale = length_scale

    def __call__(self, X, Y):
        d2 = ((X[:, None, :] - Y[None, :, :]) / self.length_scale) ** 2
        return np.exp(-0.5 * d2.sum(axis=-1))


RBF_sklearn = _SklearnRBF


def gp_draws(ntrain, ntest, kern=RBF_sklearn(length_scale=0.5), noise=0.1, scale=1.,
             xmin=-10, xmax=10):
    randgen = np.random.RandomState(next(seedgen))

    Xtrain = randgen.rand(ntrain)[:, np.newaxis] * (xmin - xmax) - xmin
    Xtest = np.linspace(xmin, xmax, ntest)[:, np.newaxis]
    Xcat = np.vstack((Xtrain, Xtest))

    K = kern(Xcat, Xcat)
    U, S, V = np.linalg.svd(K)
    L = U.dot(np.diag(np.sqrt(S))).dot(V)
    f = randgen.randn(ntrain + ntest).dot(L)

    Ytrain = f[0:ntrain] + randgen.randn(ntrain) * noise
    ftest = f[ntrain:]

    Xtrain = Xtrain.astype(np.float32)
    Ytrain = Ytrain[:, np.newaxis].astype(np.float32)
    Xtest = Xtest.astype(np.float32)
    ftest = ftest[:, np.newaxis].astype(np.float32)
    return Xtrain, Ytrain, Xtest, ftest


# gradientinstitute/aboleth: aboleth/kernels.py

class ShiftInvariant:

    def __init__(self, lenscale=1.0):
        self.lenscale = lenscale

    def weights(self, input_dim, n_features, dtype=np.float32):
        raise NotImplementedError("Abstract base class for shift invariant"
                                  " kernels!")


class RBF(ShiftInvariant):

    def weights(self, input_dim, n_features, dtype=np.float32):
        rand = np.random.RandomState(next(seedgen))
        e = rand.randn(input_dim, n_features).astype(dtype)
        P = e / self.lenscale
        return P, 0.


class Matern(ShiftInvariant):

    def __init__(self, lenscale=1.0, p=1):
        super().__init__(lenscale)
        assert isinstance(p, int) and p >= 0
        self.p = p

    def weights(self, input_dim, n_features, dtype=np.float32):
        # p is the matern number (v = p + .5) and the two is a transformation
        # of variables between Rasmussen 2006 p84 and the CF of a Multivariate
        # Student t (see wikipedia). Also see "A Note on the Characteristic
        # Function of Multivariate t Distribution":
        #   http://ocean.kisti.re.kr/downfile/volume/kss/GCGHC8/2014/v21n1/
        #   GCGHC8_2014_v21n1_81.pdf
        # To sample from a m.v. t we use the formula
        # from wikipedia, x = y * np.sqrt(df / u) where y ~ norm(0, I),
        # u ~ chi2(df), then x ~ mvt(0, I, df)
        df = 2 * (self.p + 0.5)
        rand = np.random.RandomState(next(seedgen))
        y = rand.randn(input_dim, n_features)
        u = rand.chisquare(df, size=(n_features,))
        P = (y * np.sqrt(df / u)).astype(dtype) / self.lenscale
        return P, 0.


# ================================================================================================================
# OpenSourceEconomics/respy: respy/simulate.py

def create_type_covariates(states, optim_paras, options):
    """Stand-in for respy.shared.create_type_covariates: the cases pass the covariates themselves."""
    return np.asarray(states, dtype=float)


def softmax(z, axis=None):
    """Stand-in for scipy.special.softmax."""
    e = np.exp(z - np.max(z, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def _get_random_types(states, optim_paras, options):
    if optim_paras["n_types"] == 1:
        types = np.zeros(options["simulation_agents"])
    else:
        type_covariates = create_type_covariates(states, optim_paras, options)

        np.random.seed(next(options["simulation_seed_iteration"]))

        z = np.dot(type_covariates, optim_paras["type_prob"].T)
        probs = softmax(z, axis=1)
        types = _random_choice(optim_paras["n_types"], probs)

    types = types.astype(np.uint8)

    return types


def _get_random_initial_experience(choice, optim_paras, options):
    np.random.seed(next(options["simulation_seed_iteration"]))

    initial_experience = np.random.choice(
        optim_paras["choices"][choice]["start"],
        p=optim_paras["choices"][choice]["share"],
        size=options["simulation_agents"],
    )

    return initial_experience


def _random_choice(choices, probabilities):
    cumulative_distribution = probabilities.cumsum(axis=1)
    # Probabilities often do not sum to one but 0.99999999999999999.
    cumulative_distribution[:, -1] = np.round(cumulative_distribution[:, -1], 15)

    if not (cumulative_distribution[:, -1] == 1).all():
        raise ValueError("Probabilities do not sum to one.")

    u = np.random.rand(cumulative_distribution.shape[0], 1)

    # Note that :func:`np.argmax` returns the first index for multiple maximum values.
    indices = (u < cumulative_distribution).argmax(axis=1)

    if isinstance(choices, int):
        choices = np.arange(choices)

    return choices[indices]


# ================================================================================================================
# fhchl/adafilt: adafilt/utils.py

def einsum_outshape(subscripts, *operants):
    if "." in subscripts:
        raise ValueError(f"Ellipses are not supported: {subscripts}")

    insubs, outsubs = subscripts.replace(",", "").split("->")
    if outsubs == "":
        return ()
    insubs = np.array(list(insubs))
    innumber = np.concatenate([op.shape for op in operants])
    outshape = []
    for o in outsubs:
        (indices,) = np.where(insubs == o)
        try:
            outshape.append(innumber[indices].max())
        except ValueError:
            raise ValueError(f"Invalid subscripts: {subscripts}")
    return tuple(outshape)


# fhchl/adafilt: adafilt/__init__.py

def olafilt(b, x, subscripts=None, zi=None):
    b = np.asarray(b)
    x = np.asarray(x)

    if (b.ndim > 1 or x.ndim > 1) and subscripts is None:
        raise ValueError("Supply `subscripts` argument for multi-channel filtering.")

    L_I = b.shape[0]
    L_sig = x.shape[0]

    # find power of 2 larger that 2*L_I (from abarnert on Stackoverflow)
    L_F = int(2 << (L_I - 1).bit_length())  # FFT Size
    L_S = L_F - L_I + 1  # length of segments
    offsets = range(0, L_sig, L_S)

    if subscripts is None:
        outshape = L_sig + L_F
    else:
        outshape = (L_sig + L_F, *einsum_outshape(subscripts, b, x)[1:])

    # handle complex or real input
    if np.iscomplexobj(b) or np.iscomplexobj(x):
        fft_func = np.fft.fft
        ifft_func = np.fft.ifft
        res = np.zeros(outshape, dtype=np.complex128)
    else:
        fft_func = np.fft.rfft
        ifft_func = np.fft.irfft
        res = np.zeros(outshape)

    B = fft_func(b, n=L_F, axis=0)

    # overlap and add
    for n in offsets:
        Xseg = fft_func(x[n : n + L_S], n=L_F, axis=0)

        if subscripts is None:
            # fast 1D case
            C = B * Xseg
        else:
            C = np.einsum(subscripts, B, Xseg)

        res[n : n + L_F] += ifft_func(C, axis=0)

    if zi is not None:
        res[: L_I - 1] = res[: L_I - 1] + zi
        return res[:L_sig], res[L_sig : L_sig + L_I - 1]

    return res[:L_sig]


# fhchl/adafilt: adafilt/io.py

class FakeInterface:

    def __init__(
        self, blocklength, signal=None, h_pri=[1], h_sec=[1], noise=None, cycle_h=False
    ):
        h_pri = np.asarray(h_pri)
        h_sec = np.asarray(h_sec)

        if signal is None:
            signal = np.zeros((blocklength, *h_pri.shape[1:2]))
        else:
            signal = np.asarray(signal)

        self.blocklength = blocklength
        self._orig_signal = signal
        self._orig_noise = noise
        self.nblocks = signal.shape[0] // blocklength

        # check correct h shapes
        if not cycle_h:
            # cycle through one element
            h_pri = h_pri[None]
            h_sec = h_sec[None]
        assert (h_pri.ndim > 2) == (h_sec.ndim > 2)

        # check correct signal shape
        assert signal.ndim in [1, 2]
        assert (signal.ndim == 2 and h_pri.ndim == 4) or (
            signal.ndim == 1 and h_pri.ndim in [2, 3]
        ), (
            "Incompatible signal (n,[ K]) and h_pri (m, [L, [K]]) shapes:"
            + f"{signal.shape}, {h_pri.shape}"
        )

        # check correct noise shape
        if noise is not None:
            noise = np.asarray(noise)
            assert noise.ndim in [1, 2]
            assert (noise.ndim == 2 and h_pri.ndim == 4) or (
                noise.ndim == 1 and h_pri.ndim in [2, 3]
            ), "Incompatible noise and h_pri shapes"
        else:
            self.noise = None

        self._orig_h_pri = h_pri
        self._orig_h_sec = h_sec

        self.reset()

    def rec(self):
        return self.playrec(np.zeros((self.blocklength, *self._orig_h_pri.shape[1:2])))

    def playrec(self, y, send_signal=True):
        y = np.atleast_1d(y)

        if send_signal:
            x = np.atleast_1d(next(self.signal))  # reference signal
        else:
            x = np.zeros((self.blocklength, *self._orig_signal.shape[1:2]))

        subscripts_sec = (
            "nlm"[: self._orig_h_pri.ndim - 1] + "," + "nm"[: y.ndim] + "->n"
        )
        subscripts_pri = (
            "nlk"[: self._orig_h_pri.ndim - 1]
            + ","
            + "nk"[: self._orig_signal.ndim]
            + "->n"
        )
        if self._orig_h_sec.ndim - 1 > 1:
            subscripts_sec += "l"
            subscripts_pri += "l"

        d, self._zi_pri = olafilt(
            next(self.h_pri), x, subscripts_pri, zi=self._zi_pri
        )  # primary path signal at error mic
        u, self._zi_sec = olafilt(
            next(self.h_sec), y, subscripts_sec, zi=self._zi_sec
        )  # secondary path signal at error mic

        e = d + u  # error signal

        if self.noise is not None:
            e += next(self.noise)

        return x, e, u, d

    def reset(self):
        self.signal = cycle(
            self._orig_signal.reshape(
                self.nblocks, self.blocklength, *self._orig_signal.shape[1:2]
            )
        )

        self.h_pri = cycle(self._orig_h_pri)
        self.h_sec = cycle(self._orig_h_sec)

        self._zi_pri = 0
        self._zi_sec = 0

        if self._orig_noise is not None:
            self.noise = cycle(
                self._orig_noise.reshape(
                    self.nblocks, self.blocklength, *self._orig_noise.shape[1:2]
                )
            )


# ================================================================================================================
# cclib/cclib: cclib/parser/utils.py

def symmetrize(m: numpy.ndarray, use_triangle: str = "lower") -> numpy.ndarray:
    if use_triangle not in ("lower", "upper"):
        raise ValueError
    if not len(m.shape) == 2:
        raise ValueError
    if not (m.shape[0] == m.shape[1]):
        raise ValueError

    dim = m.shape[0]

    ms = m.copy()

    if use_triangle == "lower":
        lower_indices = numpy.tril_indices(dim, k=-1)
        upper_indices = (lower_indices[1], lower_indices[0])
        ms[upper_indices] = ms[lower_indices]
    if use_triangle == "upper":
        upper_indices = numpy.triu_indices(dim, k=1)
        lower_indices = (upper_indices[1], upper_indices[0])
        ms[lower_indices] = ms[upper_indices]

    return ms


def _dim_from_tblock_size(x: int) -> int:
    r1 = 0.5 * (sqrt(8 * x + 1) - 1)
    r2 = 0.5 * (-sqrt(8 * x + 1) - 1)
    m = max(r1, r2)
    if _BUILTIN_FLOAT(round(m)) != m:
        raise RuntimeError(f"The number of elements ({x}) isn't possible for a matrix triangle")
    return int(m)


def block_to_matrix(block: numpy.ndarray) -> numpy.ndarray:
    assert len(block.shape) == 1
    dim = _dim_from_tblock_size(block.shape[0])
    mat = numpy.empty(shape=(dim, dim), dtype=block.dtype)
    mat[numpy.tril_indices_from(mat)] = block
    return symmetrize(mat)


_BUILTIN_FLOAT = float


# cclib/cclib: cclib/parser/fchkparser.py

class Logfile:
    """Stand-in for cclib.parser.logfileparser.Logfile: the members FChk._parse_block/_parse_gradient use."""

    fupdate = 0.05

    def updateprogress(self, inputfile, msg, xupdate=0.05):
        pass  # (cclib's reports parsing progress to a progress bar, if one was given)

    def set_attribute(self, name, value):
        setattr(self, name, value)

    def append_attribute(self, name, value):
        if not hasattr(self, name):
            self.set_attribute(name, [])
        getattr(self, name).append(value)


class FChk(Logfile):

    def _parse_block(self, inputfile, count, type, msg):
        atomnos = []
        while len(atomnos) < count:
            self.updateprogress(inputfile, msg, self.fupdate)
            line = next(inputfile)
            atomnos.extend([type(x) for x in line.split()])
        return atomnos

    def _parse_gradient(self, line: str, inputfile) -> None:
        count = int(line.split()[-1])
        assert count == self.natom * 3
        gradient = numpy.array(self._parse_block(inputfile, count, float, "Gradient"))
        gradient.shape = (self.natom, 3)
        self.append_attribute("grads", gradient)


# ================================================================================================================
# The cases (this file's: the calling convention)

# --- own iterators ---

def pysisyphus_parse_xyz(xyz_str, with_comment):
    return parse_xyz(xyz_str, with_comment=with_comment)


def geodesic_read_xyz(filename):
    return read_xyz(filename)


def dipy_target(streamlines, affine, target_mask, include):
    return list(target(streamlines, affine, target_mask, include=include))


def dipy_clip_streamlines_to_target(streamlines, target_mask, affine):
    return list(clip_streamlines_to_target(streamlines, target_mask, affine))


def dipy_transform_tracking_output(tracking_output, affine, save_seeds):
    return list(transform_tracking_output(tracking_output, affine, save_seeds=save_seeds))


def aboleth_batch(X, Y, batch_size, n_iter, seed):
    return list(batch({"X": X, "Y": Y}, "N", batch_size, n_iter=n_iter, seed=seed))


# --- iterators that outlive the call (the factories build them afresh) ---

def respy_initial_experience(options, choice, optim_paras):
    return _get_random_initial_experience(choice, optim_paras, options)


def respy_types(options, states, optim_paras):
    return _get_random_types(states, optim_paras, options)


def aboleth_gp_draws(ntrain, ntest, noise):
    return gp_draws(ntrain, ntest, noise=noise)


def aboleth_rbf_weights(input_dim, n_features, lenscale):
    return RBF(lenscale).weights(input_dim, n_features)


def aboleth_matern_weights(input_dim, n_features, lenscale, p):
    return Matern(lenscale, p).weights(input_dim, n_features)


def adafilt_playrec(sim, y):
    return sim.playrec(y)


def adafilt_rec(sim):
    return sim.rec()


def cclib_parse_gradient(parser, inputfile, line):
    parser._parse_gradient(line, inputfile)
    return parser.grads[-1]


def cclib_force_constants(parser, inputfile, count):
    return block_to_matrix(numpy.array(parser._parse_block(inputfile, count, float, "Hessian")))


# --- inputs ---

_WATER = """3
water
O 0.000000 0.000000 0.117300
H 0.000000 0.757200 -0.469200
H 0.000000 -0.757200 -0.469200
"""
_TRJ = _WATER + """3
water, stretched
O 0.000000 0.000000 0.120000
H 0.000000 0.800000 -0.480000
H 0.000000 -0.790000 -0.470000
"""
_TRUNCATED = """3
water
O 0.000000 0.000000 0.117300
H 0.000000 0.757200 -0.469200
"""

_XYZ_DIR = tempfile.mkdtemp(prefix="corpus_next_")
atexit.register(shutil.rmtree, _XYZ_DIR, True)
_XYZ_FILES = {}
for _name, _text in (("water", _WATER), ("trj", _TRJ), ("truncated", _TRUNCATED), ("empty", "")):
    _XYZ_FILES[_name] = os.path.join(_XYZ_DIR, f"{_name}.xyz")
    with open(_XYZ_FILES[_name], "w") as _handle:
        _handle.write(_text)

_MASK = np.zeros((5, 5, 5), dtype=bool)
_MASK[2, 2, 2] = True
_MASK[3, 2, 2] = True
_STREAMLINES = [
    np.array([[0.0, 2.0, 2.0], [1.0, 2.0, 2.0], [2.0, 2.0, 2.0], [3.0, 2.1, 2.0], [4.0, 2.0, 1.9]]),  # crosses it
    np.array([[0.0, 0.0, 0.0], [1.0, 1.0, 0.0], [2.0, 1.0, 0.2]]),  # misses it
    np.array([[4.0, 2.0, 2.0], [3.2, 2.0, 2.1], [2.6, 2.2, 2.0], [2.0, 2.0, 2.4], [1.0, 3.0, 3.0]]),  # crosses it
]
_OUTSIDE = [np.array([[1.0, 1.0, 1.0], [-2.0, 1.0, 1.0]])]
_AFFINE_2MM = np.diag([2.0, 2.0, 2.0, 1.0])
_AFFINE_SHIFT = np.array([[0.0, -1.0, 0.0, 10.0], [1.0, 0.0, 0.0, -5.0], [0.0, 0.0, 1.5, 2.0], [0.0, 0.0, 0.0, 1.0]])
_SEEDS = [np.array([1.0, 2.0, 2.0]), np.array([0.5, 0.5, 0.0]), np.array([3.5, 2.0, 2.0])]

_RNG = np.random.RandomState(7)
_X = _RNG.rand(10, 2)
_Y = _RNG.rand(10)

_STATES = _RNG.rand(12, 2)
_TYPE_PROB = np.array([[0.0, 0.0], [0.5, -1.0], [-0.8, 1.2]])


def _respy_options(seed=5, agents=12):
    """respy's options as ``process_params_and_options`` leaves them: the seed iterators are ``itertools.count``."""
    return ({"simulation_agents": agents, "simulation_seed_iteration": itertools.count(seed)},)


def _respy_options_other_seed():
    return _respy_options(seed=123, agents=40)


_EXPERIENCE_PARAS = {"choices": {"edu": {"start": np.array([8, 10, 12]), "share": np.array([0.3, 0.5, 0.2])}}}


def _reset_seedgen():
    """aboleth's ``seedgen`` is a module global (as upstream): reset it with ``set_hyperseed``."""
    set_hyperseed(1)
    return ()


def _reset_seedgen_other():
    set_hyperseed(20170101)
    return ()


_SIGNAL = np.sin(0.3 * np.arange(16)) + 0.1 * np.arange(16)
_H_PRI = [0.0, 0.0, 0.5, 0.25]
_H_SEC = [0.0, 1.0, 0.0]


def _fake_interface():
    """adafilt's simulation of an audio interface, as its examples build it (``sim = FakeInterface(...)``)."""
    return (FakeInterface(4, _SIGNAL, h_pri=_H_PRI, h_sec=_H_SEC),)


def _fake_interface_with_noise():
    return (FakeInterface(4, _SIGNAL, h_pri=_H_PRI, h_sec=_H_SEC, noise=0.01 * np.cos(np.arange(16))),)


_FCHK_GRADIENTS = """Cartesian Gradient                         R   N=           9
  1.00000000E-02 -2.00000000E-02  3.00000000E-02  4.00000000E-03  5.00000000E-03
 -6.00000000E-03  7.00000000E-02  8.00000000E-02 -9.00000000E-02
Cartesian Gradient                         R   N=           9
 -1.50000000E-02  2.50000000E-02 -3.50000000E-02  4.50000000E-03 -5.50000000E-03
  6.50000000E-03 -7.50000000E-02  8.50000000E-02  9.50000000E-02
"""
_FCHK_HESSIANS = """  1.0 0.1 2.0 0.2 0.3 3.0
  4.0 0.4 5.0 0.5 0.6 6.0
"""


def _fchk_gradients():
    """A parser and the line iterator over the file it reads: cclib's ``Logfile.parse`` holds both and hands the
    iterator to ``extract`` for every line (here, the header line of a gradient block is taken from it first)."""
    parser = FChk()
    parser.natom = 3
    lines = _FCHK_GRADIENTS.splitlines(keepends=True)
    return parser, iter(lines[1:3] + lines[4:])  # (the blocks' lines; `extract` reads each header before the call)


def _fchk_hessians():
    parser = FChk()
    parser.natom = 1
    return parser, iter(_FCHK_HESSIANS.splitlines(keepends=True))


_GRADIENT_HEADER = "Cartesian Gradient                         R   N=           9\n"

NEXT_CASES = [
    # --- "own": an iterator the function makes for itself: the graph must give eager's result at every call
    ("pysisyphus_parse_xyz", pysisyphus_parse_xyz, [
        (_WATER, False),
        (_TRJ, True),  # two frames: the for loop and next() share the iterator
        (_TRUNCATED, False),  # next(lines) past the end: StopIteration, eagerly
    ], "own"),
    ("geodesic_read_xyz", geodesic_read_xyz, [
        (_XYZ_FILES["water"],),
        (_XYZ_FILES["trj"],),
        (_XYZ_FILES["truncated"],),  # StopIteration from next(f), raised as ValueError
        (_XYZ_FILES["empty"],),  # ValueError("File is empty")
    ], "own"),
    ("dipy_target", dipy_target, [
        (_STREAMLINES, np.eye(4), _MASK, True),
        (_STREAMLINES, np.eye(4), _MASK, False),
        (_OUTSIDE, np.eye(4), _MASK, True),  # a point maps to a negative voxel index: ValueError
    ], "own"),
    ("dipy_clip_streamlines_to_target", dipy_clip_streamlines_to_target, [
        (_STREAMLINES, _MASK, np.eye(4)),
    ], "own"),
    ("dipy_transform_tracking_output", dipy_transform_tracking_output, [
        (_STREAMLINES, _AFFINE_2MM, False),
        (list(zip(_STREAMLINES, _SEEDS)), _AFFINE_SHIFT, True),
    ], "own"),
    ("aboleth_batch", aboleth_batch, [
        (_X, _Y, 3, 4, 1),  # 12 draws from two permutations of 10
        (_X, _Y, 10, 2, 42),
    ], "own"),
    # --- "shared": an iterator that outlives the call: eager takes the next item at each call, the graph must refuse
    ("respy_initial_experience", respy_initial_experience, [
        (_respy_options, "edu", _EXPERIENCE_PARAS),
        (_respy_options_other_seed, "edu", _EXPERIENCE_PARAS),
    ], "shared"),
    ("respy_types", respy_types, [
        (_respy_options, _STATES, {"n_types": 3, "type_prob": _TYPE_PROB}),
    ], "shared"),
    ("aboleth_gp_draws", aboleth_gp_draws, [
        (_reset_seedgen, 6, 4, 0.1),
        (_reset_seedgen_other, 3, 5, 0.5),
    ], "shared"),
    ("aboleth_rbf_weights", aboleth_rbf_weights, [
        (_reset_seedgen, 2, 3, 0.5),
    ], "shared"),
    ("aboleth_matern_weights", aboleth_matern_weights, [
        (_reset_seedgen, 2, 3, 1.0, 1),
    ], "shared"),
    ("adafilt_playrec", adafilt_playrec, [
        (_fake_interface, np.zeros(4)),
        (_fake_interface_with_noise, np.array([0.1, -0.2, 0.3, 0.0])),
    ], "shared"),
    ("adafilt_rec", adafilt_rec, [
        (_fake_interface,),
    ], "shared"),
    ("cclib_parse_gradient", cclib_parse_gradient, [
        (_fchk_gradients, _GRADIENT_HEADER),
    ], "shared"),
    ("cclib_force_constants", cclib_force_constants, [
        (_fchk_hessians, 6),
    ], "shared"),
]

CASES: list = []
