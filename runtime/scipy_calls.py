"""SciPy's functions called while a backend traces: the backend may stage them as its own ops.

Before (the user's code)::

    U, s, _ = scipy.linalg.svd(P)

After (converted code: the converter never leaves a staged SciPy callee plain, autograph/converters/call_trees.py)::

    U, s, _ = ag__.call(scipy.linalg.svd)(P)

A SciPy function is a plain Python function that calls ``np.asarray`` on its arguments, which a graph tensor
cannot become while it is traced, and SciPy does not dispatch through ``__array_function__``. So ``ag__.call``
(runtime/calls.py) hands such a callee, while a backend traces, to ``ag__.builtin_call`` of it
(runtime/builtin_calls.py): on plain values that is SciPy's own call, as in eager code; with a backend's value
among the arguments the backend answers (the graph stages one op whose kernel is SciPy's function:
runtime/graph/scipy_functions.py). With no backend tracing, the callee is returned as it is.

SciPy stays optional: nothing here imports it. The table of staged callables is filled from the SciPy modules
the program has imported already (``sys.modules``), when a SciPy callee is first met. SciPy's ufuncs
(``scipy.special.expit``, ``erf``, ...) need none of this: they dispatch through ``__array_ufunc__``.
"""

from __future__ import annotations

import functools
import sys
import types
from typing import Any, Callable

from runtime.backend import staging_backends
from runtime.builtin_calls import builtin_call

# The SciPy functions that a backend may stage, by module (runtime/graph/scipy_functions.py implements them
# for graphs; sqrtm and eig are there to be refused with their reasons).
STAGED: dict[str, tuple[str, ...]] = {
    "scipy.linalg": ("inv", "solve", "solve_triangular", "pinv", "det", "svd", "cholesky", "block_diag", "expm",
                     "solve_discrete_are", "solve_continuous_are", "sqrtm", "eig", "qr", "eigh", "eigvalsh", "pinvh",
                     "solve_discrete_lyapunov"),
    "scipy.ndimage": ("convolve", "correlate"),
    "scipy.special": ("logsumexp",),
    "scipy.spatial.distance": ("pdist", "cdist", "squareform"),
    "scipy.stats": ("rankdata", "gmean", "hmean"),
}
# SciPy functions whose results' shapes and dtypes follow from their arguments' shapes, dtypes and Python values
# alone, never from the numbers in the arrays: a graph stages each as one op that calls it (runtime/graph/ops_scipy.py,
# ``scipy_shaped``), whose kernel checks that promise of every result.
SHAPED: dict[str, tuple[str, ...]] = {
    "scipy.signal": ("lfilter", "filtfilt", "convolve", "correlate", "fftconvolve", "medfilt", "detrend",
                     "periodogram", "welch", "savgol_filter", "hilbert", "convolve2d", "correlate2d", "oaconvolve",
                     "sosfilt", "sosfiltfilt", "wiener", "medfilt2d", "stft", "spectrogram", "csd", "coherence",
                     "resample", "resample_poly", "decimate", "freqz", "sosfreqz"),
    "scipy.ndimage": ("uniform_filter1d", "gaussian_filter1d", "uniform_filter", "gaussian_filter", "median_filter",
                      "laplace", "sobel", "prewitt", "gaussian_laplace", "gaussian_gradient_magnitude",
                      "minimum_filter", "maximum_filter", "minimum_filter1d", "maximum_filter1d", "percentile_filter",
                      "rank_filter", "correlate1d", "convolve1d", "zoom", "shift", "rotate", "map_coordinates",
                      "affine_transform", "binary_erosion", "binary_dilation", "binary_opening", "binary_closing",
                      "distance_transform_edt"),
    "scipy.special": ("comb",),
    "scipy.stats": ("scoreatpercentile", "entropy", "kurtosis", "skew", "zscore", "sem", "variation", "moment", "iqr"),
    "scipy.linalg": ("toeplitz", "hankel", "circulant", "norm"),
    # The distances between two vectors (pdist / cdist above take the metric's name).
    "scipy.spatial.distance": ("braycurtis", "canberra", "chebyshev", "cityblock", "correlation", "cosine", "euclidean",
                               "jensenshannon", "minkowski", "sqeuclidean", "seuclidean", "mahalanobis", "hamming",
                               "jaccard", "dice", "rogerstanimoto", "russellrao", "sokalsneath", "yule"),
    "scipy.integrate": ("cumulative_trapezoid", "trapezoid", "simpson"),
    # The transforms (scipy.fftpack's fftshift and ifftshift are NumPy's own functions, which graphs take by dispatch).
    "scipy.fftpack": ("fft", "ifft", "rfft", "irfft", "fft2", "ifft2", "fftn", "ifftn", "dct", "idct", "dst", "idst"),
    "scipy.fft": ("fft", "ifft", "rfft", "irfft", "fft2", "ifft2", "fftn", "ifftn", "rfftn", "irfftn", "hfft", "ihfft",
                  "dct", "idct", "dst", "idst", "dctn", "idctn", "fftshift", "ifftshift"),
}
for _module, _names in SHAPED.items():
    STAGED[_module] = STAGED.get(_module, ()) + _names
# The methods of scipy.stats' distributions (``scipy.stats.norm.cdf(x)``) a backend stages, as functions of
# rv_continuous and rv_discrete: each distribution's own ``_cdf`` makes its values, so ``norm.cdf`` is the function
# ``rv_continuous.cdf`` bound to ``norm``, and its results' shapes and dtypes follow from the arguments' alone.
DISTRIBUTION_METHODS = ("pdf", "logpdf", "pmf", "logpmf", "cdf", "logcdf", "sf", "logsf", "ppf", "isf")
# id -> the callable (kept here, so an id found in the table is its own), for the modules imported so far.
SCIPY_CALLABLES: dict[int, Any] = {}
_filled: set[str] = set()


def _fill() -> None:
    for module_name, names in STAGED.items():
        module = sys.modules.get(module_name) if module_name not in _filled else None
        if module is not None:
            _filled.add(module_name)
            for name in names:
                f = getattr(module, name)
                SCIPY_CALLABLES[id(f)] = f
            if module_name == "scipy.stats":
                for f in distribution_methods(module).values():
                    SCIPY_CALLABLES[id(f)] = f


def distribution_methods(stats: Any) -> dict[str, Any]:
    """``"rv_continuous.cdf"`` -> the function, for each of DISTRIBUTION_METHODS that scipy.stats' two base classes
    define, and their frozen forms' (``"rv_frozen.cdf"``: ``norm(0, 2).cdf``)."""
    frozen = sys.modules["scipy.stats._distn_infrastructure"]
    classes = (stats.rv_continuous, stats.rv_discrete, frozen.rv_frozen, frozen.rv_continuous_frozen,
               frozen.rv_discrete_frozen)
    return {f"{cls.__name__}.{name}": cls.__dict__[name] for cls in classes
            for name in DISTRIBUTION_METHODS if name in cls.__dict__}


def is_scipy_call(f: Any) -> bool:
    """Whether ``f`` is one of the SciPy functions a backend may stage (``scipy.linalg.inv``, ...)."""
    if type(f) is types.MethodType:  # scipy.stats.norm.cdf: rv_continuous.cdf bound to norm
        f = f.__func__
    if id(f) in SCIPY_CALLABLES:
        return True
    module = getattr(f, "__module__", None)
    if type(module) is not str or not module.startswith("scipy."):
        return False
    _fill()
    return id(f) in SCIPY_CALLABLES


def scipy_call(f: Callable) -> Callable:
    """What converted code calls in place of ``f`` (``is_scipy_call``): while a backend traces,
    ``builtin_call`` of it (SciPy's own call on plain values, the backend's answer on its values), else ``f``."""
    return functools.partial(builtin_call, f) if staging_backends() else f
