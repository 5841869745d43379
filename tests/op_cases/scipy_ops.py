"""Cases for ``ops_scipy``: SciPy's linear algebra, ``ndimage`` filters, distances, ranks and special functions,
one op each (its keywords; single and double precision, integers). The kernels import SciPy when they run."""

from importlib.metadata import version

import numpy as np

from runtime.versions import version_tuple

# scipy.linalg's functions take a stack of matrices from SciPy 1.16 on (1.15, Python 3.10's last, raises for one).
SCIPY_TAKES_STACKS = version_tuple(version("scipy")) >= (1, 16, 0)
RNG = np.random.default_rng(6)
G = RNG.normal(size=(4, 4)) + 8 * np.eye(4)
S = G @ G.T
B = RNG.normal(size=(4, 2))
Z = RNG.normal(size=(3, 5))
X = RNG.uniform(0.05, 0.95, size=(3, 4))

CASES = [
    ("scipy_inv", [G], dict(check_finite=True)),
    ("scipy_inv", [G.astype(np.float32)], dict(check_finite=False)),
    ("scipy_inv", [np.array([[2, 1], [1, 3]], np.int32)], dict(check_finite=True)),
    ("scipy_expm", [0.1 * G], {}),
    ("scipy_cholesky", [S], dict(lower=False, check_finite=True)),
    ("scipy_cholesky", [S], dict(lower=True, check_finite=True)),
    ("scipy_det", [G], dict(check_finite=True)),
    ("scipy_det", [np.stack([G, S])], dict(check_finite=True)),
    ("scipy_solve", [G, B], dict(lower=False, assume_a=None, transposed=False, check_finite=True)),
    ("scipy_solve", [np.triu(S), B[:, 0]], dict(lower=False, assume_a="pos", transposed=False, check_finite=True)),
    ("scipy_solve", [G, B], dict(lower=False, assume_a="gen", transposed=True, check_finite=True)),
    ("scipy_solve_triangular", [np.tril(G), B], dict(trans=0, lower=True, unit_diagonal=False, check_finite=True)),
    ("scipy_solve_triangular", [np.triu(G), B[:, 1]], dict(trans="T", lower=False, unit_diagonal=True,
                                                          check_finite=True)),
    ("scipy_pinv", [Z], dict(atol=None, rtol=None, return_rank=False, check_finite=True)),
    ("scipy_pinv", [np.outer(Z[0], Z[1])], dict(atol=None, rtol=None, return_rank=True, check_finite=True)),
    ("scipy_svd", [Z], dict(full_matrices=True, compute_uv=True, check_finite=True)),
    ("scipy_svd", [Z.T], dict(full_matrices=False, compute_uv=True, check_finite=True)),
    ("scipy_svd", [Z], dict(full_matrices=True, compute_uv=False, check_finite=True)),
    ("scipy_block_diag", [G, B, Z[0]], {}),
    ("scipy_block_diag", [np.float32(2.0) * np.ones((2, 2), np.float32), np.arange(3, dtype=np.int64)], {}),
    ("scipy_qr", [Z.T], dict(mode="full", pivoting=False, check_finite=True)),
    ("scipy_qr", [Z.astype(np.float32)], dict(mode="r", pivoting=True, check_finite=True)),
    *([("scipy_qr", [np.stack([G, S])], dict(mode="economic", pivoting=False, check_finite=False))]
      if SCIPY_TAKES_STACKS else []),
    ("scipy_eigh", [S], dict(lower=True, eigvals_only=False, type=1, driver=None, check_finite=True)),
    ("scipy_eigh", [S, S + np.eye(4)], dict(lower=False, eigvals_only=True, type=2, driver=None, check_finite=True)),
    ("scipy_pinvh", [S], dict(atol=None, rtol=None, lower=True, return_rank=True, check_finite=True)),
    ("scipy_pinvh", [np.outer(B[:, 0], B[:, 0])], dict(atol=0.1, rtol=None, lower=False, return_rank=False,
                                                       check_finite=True)),
    ("scipy_solve_discrete_lyapunov", [0.05 * G, S], dict(method=None)),
    ("scipy_solve_discrete_lyapunov", [0.05 * G, S], dict(method="bilinear")),
    ("scipy_shaped", [Z[0]], dict(function="scipy.signal:lfilter", args=(("py", (0.5, 0.5)), ("py", (1.0, -0.3)),
                                                                          ("in", 0)), kwargs=(),
                                  expect=(((5,), "<f8"),))),
    ("scipy_shaped", [Z.astype(np.float32)], dict(function="scipy.signal:welch", args=(("in", 0),),
                                                  kwargs=(("nperseg", ("py", 4)),),
                                                  expect=(((3,), "<f8"), ((3, 3), "<f4")))),
    ("scipy_shaped", [Z], dict(function="scipy.fft:rfft", args=(("in", 0),), kwargs=(("axis", ("py", 0)),),
                               expect=(((Z.shape[0] // 2 + 1, Z.shape[1]), "<c16"),))),
    ("scipy_shaped", [Z[0], Z[1]], dict(function="scipy.linalg:toeplitz", args=(("in", 0), ("in", 1)), kwargs=(),
                                        expect=(((Z.shape[1], Z.shape[1]), "<f8"),))),
    # One of scipy.special's other ufuncs, its order a number known at run time (handed to SciPy as a Python int).
    ("scipy_shaped", [np.array(2), Z[0].astype(np.float32)], dict(function="scipy.special:jv",
                                                                  args=(("num", 0), ("in", 1)), kwargs=(),
                                                                  expect=(((Z.shape[1],), "<f4"),))),
    ("scipy_solve_discrete_are", [0.1 * G, B, S, np.eye(2)], dict(has_e=False, has_s=False, balanced=True)),
    ("scipy_solve_continuous_are", [-G, B, S, np.eye(2), np.eye(4)], dict(has_e=True, has_s=False, balanced=True)),
    ("scipy_ndimage_convolve", [Z, Z[:2, :3]], dict(mode="wrap", cval=0.0, origin=0, axes=None)),
    ("scipy_ndimage_correlate", [Z[0], np.array([0.2, 0.5, 0.3])], dict(mode="constant", cval=1.5, origin=0,
                                                                       axes=None)),
    ("scipy_pdist", [Z], dict(metric="euclidean", kwargs=())),
    ("scipy_pdist", [Z.astype(np.float32)], dict(metric="minkowski", kwargs=(("p", 3),))),
    ("scipy_cdist", [Z, Z[:2] + 1], dict(metric="cityblock", kwargs=())),
    ("scipy_squareform", [np.arange(6.0)], dict(force="no", checks=True)),
    ("scipy_squareform", [np.array([[0, 2, 3], [2, 0, 1], [3, 1, 0]])], dict(force="tovector", checks=True)),
    ("scipy_rankdata", [np.round(Z)], dict(method="average", axis=1, nan_policy="propagate")),
    ("scipy_rankdata", [np.array([[3, 1, 1], [2, 2, 0]])], dict(method="dense", axis=None, nan_policy="raise")),
    ("scipy_gmean", [np.abs(Z) + 1], dict(axis=0, dtype=None, nan_policy="propagate", keepdims=False)),
    ("scipy_hmean", [np.abs(Z) + 1, np.abs(Z)], dict(axis=None, dtype=None, nan_policy="propagate",
                                                       keepdims=True)),
    ("scipy_logsumexp", [Z], dict(axis=None, keepdims=False, return_sign=False)),
    ("scipy_logsumexp", [Z, Z[0]], dict(axis=(1,), keepdims=True, return_sign=True)),
    ("scipy_expit", [Z], {}),
    ("scipy_expit", [Z.astype(np.float32)], {}),
    ("scipy_logit", [X], {}),
    ("scipy_erf", [Z], {}),
    ("scipy_erfc", [Z], {}),
    ("scipy_erfinv", [2 * X - 1], {}),
    ("scipy_gammaln", [np.abs(Z) + 0.1], {}),
    ("scipy_digamma", [np.abs(Z) + 0.1], {}),
    ("scipy_ndtr", [Z], {}),
    ("scipy_ndtri", [X], {}),
    ("scipy_xlogy", [X, np.abs(Z[:, :4])], {}),
    ("scipy_xlog1py", [X, np.abs(Z[:, :4])], {}),
]
