"""NumPy's own BLAS, callable from numba: the ``cblas_*`` functions of the OpenBLAS that NumPy's wheel bundles.

NumPy's matmul calls that library (gemm, gemv, syrk, dot, chosen by shape and strides); calling the same
functions with the same arguments from compiled code gives the same bits, where another BLAS (scipy's, a
system one) could round differently. The library is the one NumPy has loaded already (``dlopen`` of the
same path returns the same handle), found as the ``numpy.libs`` / ``.dylibs`` file whose name says
openblas. ``FUNCTIONS`` is None when it cannot be found (a NumPy built against another BLAS, or without
one): then floating-point matmul has no numba rule, and graphs with one run on the interpreter.

Pointers are passed as 64-bit integers (``arr.ctypes.data``), as the x86-64 and arm64 ABIs pass them.
"""

from __future__ import annotations

import ctypes
import pathlib
from typing import Optional

import numpy as np

ROW_MAJOR, COL_MAJOR, NO_TRANS, TRANS, UPPER = 101, 102, 111, 112, 121


def _library() -> Optional[tuple[ctypes.CDLL, str, str, type]]:
    """(the library, symbol prefix, suffix, its integer type), or None."""
    config = np.show_config(mode="dicts") if "mode" in np.show_config.__code__.co_varnames else {}
    blas = config.get("Build Dependencies", {}).get("blas", {})
    if blas.get("name") != "scipy-openblas":
        return None
    root = pathlib.Path(np.__file__).parent
    candidates = sorted((root.parent / "numpy.libs").glob("libscipy_openblas*")) + \
        sorted((root / ".dylibs").glob("libscipy_openblas*"))
    for path in candidates:
        lib = ctypes.CDLL(str(path))
        for prefix, suffix, int_type in (("scipy_", "64_", ctypes.c_int64), ("scipy_", "", ctypes.c_int32)):
            if hasattr(lib, f"{prefix}cblas_dgemm{suffix}"):
                return lib, prefix, suffix, int_type
    return None


def _functions() -> Optional[dict[str, object]]:
    found = _library()
    if found is None:
        return None
    lib, prefix, suffix, blas_int = found
    enum, ptr = ctypes.c_int, ctypes.c_uint64
    table = {}
    for letter, real in (("d", ctypes.c_double), ("s", ctypes.c_float)):
        def sym(name: str, restype: object, *argtypes: object, letter: str = letter) -> object:
            address = ctypes.cast(getattr(lib, f"{prefix}cblas_{letter}{name}{suffix}"), ctypes.c_void_p).value
            return ctypes.CFUNCTYPE(restype, *argtypes)(address)
        table[letter + "gemm"] = sym("gemm", None, enum, enum, enum, blas_int, blas_int, blas_int, real, ptr,
                                     blas_int, ptr, blas_int, real, ptr, blas_int)
        table[letter + "gemv"] = sym("gemv", None, enum, enum, blas_int, blas_int, real, ptr, blas_int, ptr,
                                     blas_int, real, ptr, blas_int)
        table[letter + "syrk"] = sym("syrk", None, enum, enum, enum, blas_int, blas_int, real, ptr, blas_int,
                                     real, ptr, blas_int)
        table[letter + "dot"] = sym("dot", real, blas_int, ptr, blas_int, ptr, blas_int)
    return table


FUNCTIONS = _functions()
