"""Cases for ``ops_complex``: real, imag of complex64 and complex128 tensors; make_complex of infinite, NaN and
negative-zero parts."""

import numpy as np

Z = np.array([[1 + 2j, -3.5 - 0j], [np.inf - 1j, 0 + np.nan * 1j]])

CASES = [
    ("real", [Z], {}),
    ("imag", [Z], {}),
    ("real", [Z.astype(np.complex64)], {}),
    ("imag", [Z.astype(np.complex64)], {}),
    ("make_complex", [np.array([np.inf, -0.0, np.nan, 1.5]), np.array([-0.0, np.inf, 2.0, -np.inf])], {}),
    ("make_complex", [np.array([[np.inf, 0.5]], np.float32), np.array([[-0.0, np.nan]], np.float32)], {}),
]
