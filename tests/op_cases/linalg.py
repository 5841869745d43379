"""Cases for ``ops_linalg``: every linear-algebra op, in float64, float32, int and complex, batched."""

import numpy as np

RNG = np.random.default_rng(2)


def _spd(n: int, batch: tuple = (), dtype=np.float64) -> np.ndarray:
    a = RNG.normal(size=batch + (n, n))
    return (a @ np.swapaxes(a, -1, -2) + n * np.eye(n)).astype(dtype)


A = RNG.normal(size=(3, 3))
STACK = RNG.normal(size=(2, 3, 3))
F32 = RNG.normal(size=(3, 3)).astype(np.float32)
INTS = np.array([[4, 1, 0], [1, 3, 1], [0, 2, 5]], dtype=np.int32)
CPLX = RNG.normal(size=(2, 3, 3)) + 1j * RNG.normal(size=(2, 3, 3))
TALL = RNG.normal(size=(5, 3))
WIDE = RNG.normal(size=(3, 5))
SYM = _spd(3, (2,))

CASES = [
    ("inv", [A], {}), ("inv", [STACK], {}), ("inv", [F32], {}), ("inv", [INTS], {}), ("inv", [CPLX], {}),
    ("inv_or_nan", [np.stack([A, np.ones((3, 3))])], {}), ("inv_or_nan", [F32], {}),
    ("inv_or_nan", [np.ones((3, 3), np.float32)], {}), ("inv_or_nan", [CPLX], {}),
    ("solve", [STACK, RNG.normal(size=(3,))], {}), ("solve", [A, RNG.normal(size=(3, 2))], {}),
    ("solve", [STACK, RNG.normal(size=(1, 3, 4)).astype(np.float32)], {}), ("solve", [INTS, np.arange(3)], {}),
    ("det", [STACK], {}), ("det", [INTS], {}), ("det", [F32], {}), ("det", [CPLX], {}),
    ("slogdet", [STACK], {}), ("slogdet", [CPLX], {}), ("slogdet", [F32], {}),
    *[("svd", [x], dict(full_matrices=full, compute_uv=uv, hermitian=False))
      for x in (TALL, WIDE, STACK, CPLX) for full in (True, False) for uv in (True, False)],
    ("svd", [F32], dict(full_matrices=True, compute_uv=True, hermitian=False)),
    ("svd", [SYM], dict(full_matrices=True, compute_uv=True, hermitian=True)),
    ("eig", [CPLX], {}), ("eig", [CPLX.astype(np.complex64)], {}), ("eigvals", [CPLX], {}),
    *[("eigh", [x], dict(UPLO=uplo)) for x in (SYM, STACK, INTS) for uplo in ("L", "U")],
    ("eigh", [SYM.astype(np.complex128) + 1j * np.triu(STACK, 1)], dict(UPLO="U")),
    ("eigvalsh", [STACK], dict(UPLO="L")), ("eigvalsh", [SYM.astype(np.float32)], dict(UPLO="U")),
    *[("qr", [x], dict(mode=mode)) for x in (TALL, WIDE, STACK, CPLX) for mode in ("reduced", "complete", "r", "raw")],
    ("qr", [F32], dict(mode="reduced")), ("qr", [INTS], dict(mode="complete")),
    ("cholesky", [SYM], dict(upper=False)), ("cholesky", [SYM], dict(upper=True)),
    ("cholesky", [_spd(4, (), np.float32)], dict(upper=False)),
    ("lstsq", [TALL, RNG.normal(size=(5,))], dict(rcond=None)),
    ("lstsq", [TALL, RNG.normal(size=(5, 2))], dict(rcond=0.1)),
    ("lstsq", [WIDE, RNG.normal(size=(3, 2)).astype(np.float32)], dict(rcond=None)),
    ("lstsq", [np.ones((4, 2)), np.arange(4.0)], dict(rcond=-1.0)),  # rank-deficient
    ("lstsq_residuals", [TALL, RNG.normal(size=(5,))], dict(rcond=None)),
    ("lstsq_residuals", [TALL.astype(np.float32), RNG.normal(size=(5, 2)).astype(np.float32)], dict(rcond=None)),
    # einsum: NumPy's own kernel, its attributes as the staging records them (runtime/graph/numpy_linalg.py)
    ("einsum", [A, STACK], dict(subscripts="ij,bjk->bik", optimize=False, dtype=None, order="K", casting="safe")),
    ("einsum", [STACK], dict(subscripts="bii->b", optimize=False, dtype=None, order="K", casting="safe")),
    ("einsum", [INTS, INTS], dict(subscripts="ij,ij", optimize=False, dtype=None, order="K", casting="safe")),
    ("einsum", [F32, A], dict(subscripts="ij,jk", optimize=True, dtype=None, order="K", casting="safe")),
    ("einsum", [CPLX, STACK, A], dict(subscripts="...ij,...jk,kl->...il", optimize=("einsum_path", (0, 1), (0, 1)),
                                      dtype=None, order="K", casting="safe")),
    ("einsum", [INTS], dict(subscripts="ij->j", optimize=False, dtype=np.dtype(np.float32), order="C",
                            casting="unsafe")),
]
