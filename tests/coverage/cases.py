"""The corpus's building blocks: where a function comes from, and a ``Case`` to stage it.

A corpus module (``corpus_<topic>.py``) holds real NumPy functions copied from public code, each
a module-level ``def`` as in its source (docstrings, prints and plots dropped, the calling
convention adapted; never a NumPy call or the control flow), and a ``CASES`` list at the end:

    CASES = [
        case(softmax, lambda rng: (rng.normal(size=6),), TA("maths/softmax.py", "softmax")),
    ]

``make_inputs(rng)`` returns the positional arguments. The harness calls it with two different
generators: the two calls must give arrays of the same shapes and dtypes, and equal Python values
(Python values are part of the trace key), so the second call reuses the first trace. It is
called afresh for the eager run and for the staged run, since some functions write into their
arguments.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

import numpy as np


@dataclasses.dataclass(frozen=True)
class Repo:
    name: str  # owner/name on GitHub
    commit: str  # the snapshot the functions were copied from (for an sdist: the SHA-1 of its tarball)
    license: str
    sdist: str = ""  # "dist==version" where the code was copied from PyPI's sdist, not a fetched snapshot


THE_ALGORITHMS = Repo("TheAlgorithms/Python", "f5988cc09713315817df6a7e327e258013a94440", "MIT")
NUMPY_100 = Repo("rougier/numpy-100", "6447594ad639908dc979446a4ec7f0f2e62fb23b", "MIT")
FILTERPY = Repo("rlabbe/filterpy", "3b51149ebcff0401ff1e10bf08ffca7b6bbc4a33", "MIT")
FROM_PYTHON_TO_NUMPY = Repo("rougier/from-python-to-numpy", "8a5f0d9973fe7513ef8463291ec71bf0f2453688",
                            "BSD (code; the book text is CC BY-NC-SA 4.0)")
PYTHON_ROBOTICS = Repo("AtsushiSakai/PythonRobotics", "b38c510e083d69a5755d98d0680bd50f3d9a91fa", "MIT")
ML_FROM_SCRATCH = Repo("eriklindernoren/ML-From-Scratch", "a2806c6732eee8d27762edd6d864e0c179d8e9e8", "MIT")
EMPYRICAL = Repo("quantopian/empyrical", "40f61b4f229df10898d46d08f7b1bdc543c0f99c", "Apache-2.0")
TRIMESH = Repo("mikedh/trimesh", "a513c0e2cfa6dfbd3121a6dfd8ceb002b9ef55d8", "MIT")
CFD_PYTHON = Repo("barbagroup/CFDPython", "92c8220070824e95402d83f193c4e496f4308dcb",
                  "BSD-3-Clause (code; the lessons' text is CC BY 3.0)")
NOLDS = Repo("CSchoel/nolds", "b91761c8dacf80e127493ba73a85a47cb1ec8a78", "MIT")
SCIKIT_IMAGE = Repo("scikit-image/scikit-image", "cd0a3d22b9f359f05618d75d5c7a29b91b4951ca", "BSD-3-Clause")
PYTHON_ACOUSTICS = Repo("python-acoustics/python-acoustics", "99d79206159b822ea2f4e9d27c8b2fbfeb704d38", "BSD-3-Clause")
HMMLEARN = Repo("hmmlearn/hmmlearn", "e01a10e99df1042e4c1e6b7c822fd292dd37502f", "BSD-3-Clause")
PYKALMAN = Repo("pykalman/pykalman", "d62e60be00bd028ecc7eea6a8bea02f583910428", "BSD-3-Clause")
NUMPY_BENCHMARKS = Repo("serge-sans-paille/numpy-benchmarks", "2039a6d1247327b20089f85ee37ff0637f43b7f2",
                        "BSD-3-Clause")
QUANTECON = Repo("QuantEcon/QuantEcon.py", "13b436b8a43aa53313f6523509bd3f7a35d9dfd2", "MIT")
PVLIB = Repo("pvlib/pvlib-python", "6382338a7598a5b9d94473f47fcbc787b0ac6408", "BSD-3-Clause")
COLOUR = Repo("colour-science/colour", "9d743142ed97a5cfae347b559aca14c43464eb70", "BSD-3-Clause")
TSLEARN = Repo("tslearn-team/tslearn", "46586963d332c908ca4a4dc9457e231bb275e703", "BSD-2-Clause")
AHRS = Repo("Mayitzin/ahrs", "eb99143523ac8b83585218707fffb9f31c693528", "MIT")
SCIKIT_FUZZY = Repo("scikit-fuzzy/scikit-fuzzy", "be7e344f3ce65845e39922aa5fc1af7412d01944", "BSD-3-Clause")
PYMOO = Repo("anyoptimization/pymoo", "c9352c032973299f2a92759b38c3f02a28fc34cd", "Apache-2.0")
PYTS = Repo("johannfaouzi/pyts", "4f3d97bcb1016d33dbfaef68c0931756a4552410", "BSD-3-Clause")
PYKRIGE = Repo("GeoStat-Framework/PyKrige", "5e896fb3398cc86acd735d170fb758a02528b70e", "BSD-3-Clause")
NUMPY_FINANCIAL = Repo("numpy/numpy-financial", "f47e8af289f9abd34002267c6663869b9ed586a8", "BSD-3-Clause")
STATSMODELS = Repo("statsmodels/statsmodels", "82c59e378bdfb5ae324006c477954879ad3e24be", "BSD-3-Clause")
ASTROPY = Repo("astropy/astropy", "1fdfae1fe1881234e08855ac662dae86e538ed7c", "BSD-3-Clause")
LIBROSA = Repo("librosa/librosa", "b7e7bf486353821311f68d756e487f65d09cf319", "ISC")
PYWT = Repo("PyWavelets/pywt", "bbdf7ebe95f738cfac9b68e4e9c521e87e5a1956", "MIT")
SCIKIT_BIO = Repo("scikit-bio/scikit-bio", "2068527a73f9c0be3eb01a3598657a1cc9a6c70e", "BSD-3-Clause")
# NeuroKit's snapshot (3.5 GB) is beyond the fetch tool: copied from the PyPI sdist neurokit2==0.3.0, whose _version.py
# records no commit; the commit field holds the SHA-1 of neurokit2-0.3.0.tar.gz instead (corpus_neurokit.py)
NEUROKIT = Repo("neuropsychology/NeuroKit", "fcf5ff08dc66922a5dac569574cf235fad43f660", "MIT", sdist="neurokit2==0.3.0")
PYTHON_CONTROL = Repo("python-control/python-control", "e60e5ebc593bea2f8c1104ac51399452d33a759d", "BSD-3-Clause")
SALIB = Repo("SALib/SALib", "1c375488e1c85167929142fb54166eb35e4f99f6", "MIT")
PYDOE3 = Repo("relf/pyDOE3", "b4f56a5b261c7508a0d661af0b0a894eb75955e4", "BSD-3-Clause")
PYTRANSFORM3D = Repo("dfki-ric/pytransform3d", "b8047fe9ccc796d94b7b2263b5a485e20865fb30", "BSD-3-Clause")
SPECTRUM = Repo("cokelaer/spectrum", "abf5b76d72763080a2a6ff21c9e8c107166d230d", "BSD-3-Clause")
PYSWARMS = Repo("ljvmiranda921/pyswarms", "70c969d929bb2dab6211765def0431680fc5cb01", "MIT")
PYACA = Repo("alexanderlerch/pyACA", "3beadf4e83c9ff1dc319001aa1a8ec6ef16b27ee", "MIT")
PYMAP3D = Repo("geospace-code/pymap3d", "033895e2f1cf6d1a132040d70143b8e893a06ca6", "BSD-2-Clause")
PYASTRONOMY = Repo("sczesla/PyAstronomy", "ed5065fe057364495f8df79c0a990aaf15d67414", "MIT")
PYRIEMANN = Repo("pyRiemann/pyRiemann", "d166504238120ef080c434dcdf661cf72444349e", "BSD-3-Clause")
LMFIT = Repo("lmfit/lmfit-py", "fe389bbbd1fe936cd73742bd81fc6fce7ac92858", "BSD-3-Clause")
PYSINDY = Repo("dynamicslab/pysindy", "c4421fcec275c8f4cc5c1e93bebb961b212067ae", "MIT")
PYTHON_SEAWATER = Repo("pyoceans/python-seawater", "c297a781cfff47c0c081b00b010059b5cac871b3", "MIT")
PYEMD = Repo("laszukdawid/PyEMD", "e8ea44f6d577db3678de97210ae6bd81ffcb95a1", "Apache-2.0")
RUPTURES = Repo("deepcharles/ruptures", "ee1c8ff8a548d54c641b2bb471562165931f31c7", "BSD-2-Clause")
THERMOFEEL = Repo("ecmwf/thermofeel", "ba72863ae2539a42cd46a5f862a9ff6f59ac5719", "Apache-2.0")
HYDROERR = Repo("BYU-Hydroinformatics/HydroErr", "42a84f3e006044f450edc7393ed54d59f27ef35b", "MIT")
TSFRESH = Repo("blue-yonder/tsfresh", "4be5769ed61988cdeaed9de8fdb52e8b084c3e82", "MIT")
PROPERSCORING = Repo("TheClimateCorporation/properscoring", "1ca13dcbc1abf53d07474b74fbe3567fd4045668", "Apache-2.0")
CLRS = Repo("google-deepmind/clrs", "bfd042f049b32194c2c4b287f88c73da69996e39", "Apache-2.0")
ASTROML = Repo("astroML/astroML", "d7485a8acd8d01d927fc381e3a58653e6cd47865", "BSD-2-Clause")
PYRR = Repo("adamlwgriffiths/Pyrr", "6acd3ee1e4d59fe34196a7a7f139f3b3dc2d36ee", "BSD-2-Clause")
PYQUATERNION = Repo("KieranWynn/pyquaternion", "99025c17bab1c55265d61add13375433b35251af", "MIT")
SCIKIT_KINEMATICS = Repo("thomas-haslwanter/scikit-kinematics", "14bed21f56327cabb031cde072735e1cf995d657",
                         "BSD-3-Clause")
COMMPY = Repo("veeresht/CommPy", "9aecd7c598e1b3b868fd9d8a1d04e207b39487ad", "BSD-3-Clause")
PYCIRCSTAT = Repo("circstat/pycircstat", "dae8ecad8d594c402ea72fcc03dc3dd9172a66cf", "MIT")
MINISOM = Repo("JustGlowing/minisom", "2eb8bd75596c57dd6260d4f0feef839bc0d22d07", "MIT")
PYDMD = Repo("PyDMD/PyDMD", "3e3f7f91125b02688328eb312f7576630c530d15", "MIT")
SCIKIT_DSP_COMM = Repo("mwickert/scikit-dsp-comm", "f45d8158d6d3a2a693d418185a9ef5d4fec05efd", "BSD-2-Clause")
PYTHON_SPEECH_FEATURES = Repo("jameslyons/python_speech_features", "e280ac2b5797a3445c34820b0110885cd6609e5f", "MIT")
PYAUDIOANALYSIS = Repo("tyiannak/pyAudioAnalysis", "ae00ebd446d497dbbb654c40a71810e7fdf2cc1b", "Apache-2.0")
PYROOMACOUSTICS = Repo("LCAV/pyroomacoustics", "6fe43fecb7c358ac9aaa054e7e73641189f1afff", "MIT")
MNE = Repo("mne-tools/mne-python", "8aa8dec45a522363be02cba78d0856442b208067", "BSD-3-Clause")
TSFEL = Repo("fraunhoferportugal/tsfel", "e48b03e062bfa7326e906342faf210d79b07c097", "BSD-3-Clause")
MIR_EVAL = Repo("craffel/mir_eval", "1fed5327e2a65c3294579beafa03a6498b4da3d0", "MIT")
NOLITSA = Repo("manu-mannattil/nolitsa", "ccd9fab08a88fbc6ff63f0fae28730ccb74754de", "BSD-3-Clause")
CLIMATE_INDICES = Repo("monocongo/climate_indices", "58ca46aa6f71d81482b8ffe5501337a3a9efc065", "BSD-3-Clause")
NUMBA_EXAMPLES = Repo("numba/numba-examples", "c423f5419a459f5ab8874fda6d39bb5ea05d04b2", "BSD-2-Clause")
POLIASTRO = Repo("poliastro/poliastro", "21fd7719e89a7d22b4eac63141a60a7f1b01768c", "MIT")
WRADLIB = Repo("wradlib/wradlib", "d2c9ef03d110aaf88ecf89b16f11ac0c8a26b117", "MIT")
PYMANNKENDALL = Repo("mmhs013/pyMannKendall", "ec2e3ab16b4299517bd69b9f1ca949580797cd6d", "MIT")
SEWAR = Repo("andrewekhalel/sewar", "c872e15690053211a7966796070f3adf0428d85e", "MIT")
SPAFE = Repo("SuperKogito/spafe", "5270b466661d5918c72ea19ac1350e5a54d2ebea", "BSD-3-Clause")
ANTROPY = Repo("raphaelvallat/antropy", "b774718e82528c6a4a5da6779b1aa123a1d7f610", "BSD-3-Clause")
TRANSFORMS3D = Repo("matthew-brett/transforms3d", "6a43a98e3659d198ff6ce2c90d52ddef50fcf770", "BSD-2-Clause")
NEURODSP = Repo("neurodsp-tools/neurodsp", "dfd40f09952e1fbc784949ad9b328758a5ecaaa2", "Apache-2.0")
SPOTPY = Repo("thouska/spotpy", "47dd43fa13f44be6451eedd576fcbb914d4b7e76", "MIT")
RADVEL = Repo("California-Planet-Search/radvel", "23b05f1f2aa1c7d4131e3a49963819ca47a7dfcd", "MIT")
SKYFIELD = Repo("skyfielders/python-skyfield", "40c6e6c2c4f30e2a4d2c800adfbae58af5412df5", "MIT")
YASA = Repo("raphaelvallat/yasa", "dfddbd5a7ff622de494365803a4494a2a9dba714", "BSD-3-Clause")
# NumPy's own Python, from the PyPI sdist numpy==2.4.6 (the commit field holds the SHA-1 of numpy-2.4.6.tar.gz)
NUMPY_LIB = Repo("numpy/numpy", "b143f7599cd530f28a98de0efa45c3de2b3f56a6", "BSD-3-Clause", sdist="numpy==2.4.6")
PYORB = Repo("danielk333/pyorb", "c98f2071ddb3bbb5a3a2c8a290eed281eea59fed", "MIT")
PARTICLES = Repo("nchopin/particles", "8f2c4bfa85cc7a287c0fd36b13710bfe4bd41856", "MIT")
RMSD = Repo("charnley/rmsd", "ad3fe3cdd26d399cd9f64de7140146653210c390", "BSD-2-Clause")
POPPY = Repo("spacetelescope/poppy", "959ea2397a91fc0e919c27408710077bcf6fb467", "BSD-3-Clause")
SOLIDSPY = Repo("AppliedMechanics-EAFIT/SolidsPy", "7319fba18d57aa47198ae3776d06b69a1a23f98a", "MIT")
PYQUANTE2 = Repo("rpmuller/pyquante2", "83b9c5ec0c117bcdba0f6066d4998e5dcf9a4f05", "BSD-3-Clause")
EMCEE = Repo("dfm/emcee", "8ab6c0fcc4afd46db0b401ec0c705d47ade07035", "MIT")
DYNESTY = Repo("joshspeagle/dynesty", "99451618a10eda82137c98af1246e286bd37aa0a", "MIT")
PYGAM = Repo("dswah/pyGAM", "b6a48ab5d1ef7df07ce2a34bbe572bca75e83e7d", "Apache-2.0")
KNEED = Repo("arvkevi/kneed", "ad1449ffa0fdb7f8ac7d74c75d77159562d92fdf", "BSD-3-Clause")
ORDPY = Repo("arthurpessa/ordpy", "c4d672669f58c087316d5e07a53459711235295d", "MIT")
PYABEL = Repo("PyAbel/PyAbel", "f4459a7ce5f62088781b863d0cd08bbb54ed123b", "MIT")
PYTI = Repo("kylejusticemagnuson/pyti", "dd3e8a8cac846f0ecf28ff2a6454265bb40f1573", "MIT")
BEZIER = Repo("dhermes/bezier", "cf18953a491e8568e4a4344327ed441d3e8956da", "Apache-2.0")
TRAJ_DIST = Repo("bguillouet/traj-dist", "05893c52078fde5bd6ae9efd5e52178e5bd9a85c", "MIT")
DETECTA = Repo("demotu/detecta", "05297c48c958fc7b8b1418557a76692d6b7c160e", "MIT")
PYENTROPY = Repo("nikdon/pyEntropy", "34c4dbf4f57958fcf698c27539a5bbb15e869a48", "Apache-2.0")
BIOSPPY = Repo("PIA-Group/BioSPPy", "77550221f77e024459840ece540b1e017ed99e57", "BSD-3-Clause")
PYSTEPS = Repo("pySTEPS/pysteps", "bcacaac6d4a1bbc871a7aa3209ea1857fe31f044", "BSD-3-Clause")
POT = Repo("PythonOT/POT", "aed0120242e86ab29e630fee59593ee99f416d97", "MIT")
DTAIDISTANCE = Repo("wannesm/dtaidistance", "1a08caa8023dd161b2907c15000a14f6ab2b489d", "Apache-2.0")
SPATIALMATH = Repo("bdaiinstitute/spatialmath-python", "89875f3d517e4f4dc646b0f019b15d83ca3cb1e7", "MIT")
REPOS = (THE_ALGORITHMS, NUMPY_100, FILTERPY, FROM_PYTHON_TO_NUMPY, PYTHON_ROBOTICS, ML_FROM_SCRATCH, EMPYRICAL,
         TRIMESH, CFD_PYTHON, NOLDS, SCIKIT_IMAGE, PYTHON_ACOUSTICS, HMMLEARN, PYKALMAN, NUMPY_BENCHMARKS, QUANTECON,
         PVLIB, COLOUR, TSLEARN, AHRS, SCIKIT_FUZZY, PYMOO, PYTS, PYKRIGE, NUMPY_FINANCIAL,
         STATSMODELS, ASTROPY, LIBROSA, PYWT, SCIKIT_BIO, NEUROKIT, PYTHON_CONTROL, SALIB, PYDOE3,
         PYTRANSFORM3D, SPECTRUM, PYSWARMS, PYACA, PYMAP3D, PYASTRONOMY, PYRIEMANN, LMFIT, PYSINDY,
         PYTHON_SEAWATER, PYEMD, RUPTURES, THERMOFEEL, HYDROERR, TSFRESH, PROPERSCORING, CLRS, ASTROML, PYRR,
         PYQUATERNION, SCIKIT_KINEMATICS, COMMPY, PYCIRCSTAT, MINISOM, PYDMD,
         SCIKIT_DSP_COMM, PYTHON_SPEECH_FEATURES, PYAUDIOANALYSIS, PYROOMACOUSTICS, MNE,
         TSFEL, MIR_EVAL, NOLITSA, CLIMATE_INDICES, NUMBA_EXAMPLES, POLIASTRO,
         WRADLIB, PYMANNKENDALL, SEWAR, SPAFE, ANTROPY, TRANSFORMS3D, NEURODSP, SPOTPY, RADVEL, NUMPY_LIB,
         SKYFIELD, YASA, PYORB, PARTICLES, RMSD, POPPY, SOLIDSPY, PYQUANTE2, EMCEE, DYNESTY, PYGAM,
         KNEED, ORDPY, PYABEL, PYTI, BEZIER, TRAJ_DIST, DETECTA, PYENTROPY, BIOSPPY, PYSTEPS, POT,
         DTAIDISTANCE, SPATIALMATH)


@dataclasses.dataclass(frozen=True)
class Source:
    repo: Repo
    path: str  # file in the repository (for numpy-100: the exercises file)
    original: str  # the function's name there (or the exercise number)
    note: str = ""  # what was adapted, if anything beyond dropping prints/plots/docstrings

    def __str__(self) -> str:
        snapshot = (f"{self.repo.sdist} (sdist SHA-1 {self.repo.commit[:10]})" if self.repo.sdist
                    else f"{self.repo.name}@{self.repo.commit[:10]}")
        return f"{snapshot}:{self.path} ({self.original}; {self.repo.license})"


def TA(path: str, original: str, note: str = "") -> Source:
    return Source(THE_ALGORITHMS, path, original, note)


def N100(exercise: int, note: str = "") -> Source:
    return Source(NUMPY_100, "100_Numpy_exercises_with_solutions.md", f"exercise {exercise}", note)


def FP(path: str, original: str, note: str = "") -> Source:
    return Source(FILTERPY, path, original, note)


def P2N(path: str, original: str, note: str = "") -> Source:
    return Source(FROM_PYTHON_TO_NUMPY, path, original, note)


def PR(path: str, original: str, note: str = "") -> Source:
    return Source(PYTHON_ROBOTICS, path, original, note)


def MLS(path: str, original: str, note: str = "") -> Source:
    return Source(ML_FROM_SCRATCH, path, original, note)


def EMP(path: str, original: str, note: str = "") -> Source:
    return Source(EMPYRICAL, path, original, note)


def TRI(path: str, original: str, note: str = "") -> Source:
    return Source(TRIMESH, path, original, note)


def CFD(path: str, original: str, note: str = "") -> Source:
    return Source(CFD_PYTHON, path, original, note)


def NLD(path: str, original: str, note: str = "") -> Source:
    return Source(NOLDS, path, original, note)


def SKI(path: str, original: str, note: str = "") -> Source:
    return Source(SCIKIT_IMAGE, path, original, note)


def ACU(path: str, original: str, note: str = "") -> Source:
    return Source(PYTHON_ACOUSTICS, path, original, note)


def HMM(path: str, original: str, note: str = "") -> Source:
    return Source(HMMLEARN, path, original, note)


def PK(path: str, original: str, note: str = "") -> Source:
    return Source(PYKALMAN, path, original, note)


def NB(path: str, original: str, note: str = "") -> Source:
    return Source(NUMPY_BENCHMARKS, path, original, note)


def QE(path: str, original: str, note: str = "") -> Source:
    return Source(QUANTECON, "quantecon/" + path, original, note)


def PVL(path: str, original: str, note: str = "") -> Source:
    return Source(PVLIB, "pvlib/" + path, original, note)


def COL(path: str, original: str, note: str = "") -> Source:
    return Source(COLOUR, "colour/" + path, original, note)


@dataclasses.dataclass(frozen=True)
class Case:
    fn: Callable[..., Any]
    make_inputs: Callable[[np.random.Generator], tuple]
    source: Source
    name: str = ""  # defaults to <module topic>.<function name>

    @property
    def topic(self) -> str:
        return self.fn.__module__.rsplit(".", 1)[-1].removeprefix("corpus_")


def case(fn: Callable[..., Any], make_inputs: Callable[[np.random.Generator], tuple], source: Source,
         name: str = "") -> Case:
    topic = fn.__module__.rsplit(".", 1)[-1].removeprefix("corpus_")
    return Case(fn, make_inputs, source, name or f"{topic}.{fn.__name__}")


# --- input helpers ----------------------------------------------------------------------------

def spd(rng: np.random.Generator, n: int) -> np.ndarray:
    """A well-conditioned symmetric positive definite matrix."""
    a = rng.normal(size=(n, n))
    return a @ a.T + n * np.eye(n)


def diag_dominant(rng: np.random.Generator, n: int) -> np.ndarray:
    """A strictly diagonally dominant matrix with positive diagonal (Jacobi / Gauss-Seidel converge)."""
    a = rng.uniform(-1.0, 1.0, size=(n, n))
    a[np.diag_indices(n)] = np.abs(a).sum(axis=1) + rng.uniform(1.0, 2.0, size=n)
    return a


def probabilities(rng: np.random.Generator, *shape: int) -> np.ndarray:
    """Rows that sum to one."""
    p = rng.uniform(0.05, 1.0, size=shape)
    return p / p.sum(axis=-1, keepdims=True)


def one_hot(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    return np.eye(k)[rng.integers(0, k, size=n)]
