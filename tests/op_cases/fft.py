"""Cases for ``ops_fft``: fft, ifft, rfft, irfft (n, axis, norm; single and double precision, integers)."""

import numpy as np

RNG = np.random.default_rng(4)
M = RNG.normal(size=(3, 8))
Z = M + 1j * RNG.normal(size=(3, 8))

CASES = [
    ("fft", [M], dict(n=None, axis=-1, norm=None)),
    ("fft", [Z.astype(np.complex64)], dict(n=5, axis=0, norm="ortho")),
    ("fft", [np.arange(6, dtype=np.int32)], dict(n=None, axis=0, norm=None)),  # computed in complex128, as NumPy
    ("ifft", [Z], dict(n=12, axis=1, norm="forward")),
    ("rfft", [M], dict(n=None, axis=-1, norm=None)),
    ("rfft", [M.astype(np.float32)], dict(n=7, axis=1, norm="backward")),
    ("irfft", [Z], dict(n=None, axis=-1, norm=None)),
    ("irfft", [Z.astype(np.complex64)], dict(n=9, axis=0, norm="ortho")),
]
