"""Cases for ``ops_complex``: real, imag of complex64 and complex128 tensors."""

import numpy as np

Z = np.array([[1 + 2j, -3.5 - 0j], [np.inf - 1j, 0 + np.nan * 1j]])

CASES = [
    ("real", [Z], {}),
    ("imag", [Z], {}),
    ("real", [Z.astype(np.complex64)], {}),
    ("imag", [Z.astype(np.complex64)], {}),
]
