"""Linear algebra in graphs equals NumPy eager: ``np.linalg``, einsum, tensordot, dot and company.

Hypothesis draws shapes (with batch dims where NumPy batches) and dtypes; each function is staged with
``autograph.function`` and compared with NumPy on the same arrays: same dtype, same shape, same
values (exactly where the graph runs NumPy's own kernel, to rounding where it composes ops). A subset
also runs lowered to XLA (``executor="jax"``). Then the errors: bad shapes, arguments that must be
constant, what graphs do not support, and what NumPy raises only at run time.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from runtime.graph.tracing import TensorSpec
from tests import helpers

F64, F32, I64, C128 = np.float64, np.float32, np.int64, np.complex128
DTYPES = st.sampled_from([F64, F32, I64, C128])
BATCH = st.lists(st.integers(1, 3), max_size=2).map(tuple)
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
JAX_SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Every NumPy function this module checks (the registry test in test_tensor.py may take them from here).
COVERED = {
    np.linalg.inv, np.linalg.solve, np.linalg.det, np.linalg.slogdet, np.linalg.svd, np.linalg.svdvals,
    np.linalg.eig, np.linalg.eigvals, np.linalg.eigh, np.linalg.eigvalsh, np.linalg.qr, np.linalg.cholesky,
    np.linalg.lstsq, np.linalg.pinv, np.linalg.matrix_power, np.linalg.matrix_rank, np.linalg.cond,
    np.linalg.norm, np.linalg.multi_dot, np.linalg.outer, np.linalg.diagonal, np.linalg.trace, np.linalg.cross,
    np.linalg.tensordot, np.linalg.matrix_transpose, np.matrix_transpose, np.einsum, np.tensordot, np.kron,
    np.outer, np.trace, np.diag, np.vdot, np.cross, np.dot, np.inner, np.tril, np.triu,
}


def make(rng: np.random.Generator, shape: tuple, dtype) -> np.ndarray:
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        return rng.integers(-4, 5, shape).astype(dtype)
    x = rng.normal(size=shape)
    if dtype.kind == "c":
        x = x + 1j * rng.normal(size=shape)
    return x.astype(dtype)


def well_conditioned(rng: np.random.Generator, shape: tuple, dtype) -> np.ndarray:
    """A stack of diagonally dominant matrices: invertible, and not too sensitive in float32."""
    n = shape[-1]
    x = make(rng, shape, dtype)
    return (x + np.asarray((4 * n + 5) * np.eye(n), dtype=x.dtype)).astype(dtype)  # |entries| <= 4 for ints


def hermitian_pd(rng: np.random.Generator, shape: tuple, dtype) -> np.ndarray:
    x = make(rng, shape, dtype)
    h = x @ np.conj(np.swapaxes(x, -1, -2)) + shape[-1] * np.eye(shape[-1])
    return h.astype(np.result_type(dtype, np.float64) if np.dtype(dtype).kind in "iu" else dtype)


def tolerance(dtype) -> dict:
    dtype = np.dtype(dtype)
    if dtype.kind in "biu":
        return dict(rtol=0, atol=0)
    single = dtype in (np.dtype(F32), np.dtype(np.complex64))
    return dict(rtol=2e-4, atol=2e-4) if single else dict(rtol=1e-7, atol=1e-9)


def assert_same(got, want) -> None:
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want), (got, want)
        for g, w in zip(got, want):
            assert_same(g, w)
        return
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype, (g.dtype, w.dtype)
    assert g.shape == w.shape, (g.shape, w.shape)
    np.testing.assert_allclose(g, w, equal_nan=True, **tolerance(w.dtype))


def check(fn, *args, executor: str = "numpy") -> None:
    """``fn`` staged and run equals ``fn`` eager (NumPy's namedtuples compare as tuples)."""
    with np.errstate(all="ignore"):
        want = fn(*args)
    got = autograph.function(fn, executor=executor)(*args)
    assert_same(_plain(got), _plain(want))


def _plain(x):
    if isinstance(x, tuple):
        return tuple(_plain(v) for v in x)
    return x


# --- one op each ----------------------------------------------------------------------------------

def square_ops(a, b, v):
    return (np.linalg.inv(a), np.linalg.det(a), tuple(np.linalg.slogdet(a)), np.linalg.solve(a, b),
            np.linalg.solve(a, v))


@SETTINGS
@given(batch=BATCH, n=st.integers(1, 4), k=st.integers(1, 3), dtype=DTYPES, seed=st.integers(0, 2**16))
def test_inv_det_slogdet_solve(batch, n, k, dtype, seed):
    rng = np.random.default_rng(seed)
    check(square_ops, well_conditioned(rng, batch + (n, n), dtype), make(rng, (n, k), dtype), make(rng, (n,), F64))


@SETTINGS
@given(batch=BATCH, n=st.integers(1, 3), p=st.integers(-3, 6), dtype=DTYPES, seed=st.integers(0, 2**16))
def test_matrix_power(batch, n, p, dtype, seed):
    a = well_conditioned(np.random.default_rng(seed), batch + (n, n), dtype) / (4 * n)
    check(lambda x: np.linalg.matrix_power(x, p), a.astype(dtype) if np.dtype(dtype).kind != "i" else a.astype(F64))


def decompositions(a):
    out = tuple(np.linalg.svd(a)) + tuple(np.linalg.svd(a, full_matrices=False))
    out += (np.linalg.svd(a, compute_uv=False), np.linalg.svdvals(a))
    for mode in ("reduced", "complete"):
        out += tuple(np.linalg.qr(a, mode))
    return out + (np.linalg.qr(a, "r"),) + tuple(np.linalg.qr(a, "raw"))


@SETTINGS
@given(batch=BATCH, m=st.integers(1, 4), n=st.integers(1, 4), dtype=DTYPES, seed=st.integers(0, 2**16))
def test_svd_and_qr(batch, m, n, dtype, seed):
    check(decompositions, make(np.random.default_rng(seed), batch + (m, n), dtype))


def hermitian_ops(h):
    return (tuple(np.linalg.eigh(h)), tuple(np.linalg.eigh(h, "U")), np.linalg.eigvalsh(h), np.linalg.eigvalsh(h, "u"),
            np.linalg.cholesky(h), np.linalg.cholesky(h, upper=True), tuple(np.linalg.svd(h, hermitian=True)),
            np.linalg.svd(h, compute_uv=False, hermitian=True))


@SETTINGS
@given(batch=BATCH, n=st.integers(1, 4), dtype=DTYPES, seed=st.integers(0, 2**16))
def test_eigh_cholesky_and_hermitian_svd(batch, n, dtype, seed):
    check(hermitian_ops, hermitian_pd(np.random.default_rng(seed), batch + (n, n), dtype))


@SETTINGS
@given(batch=BATCH, n=st.integers(1, 4), single=st.booleans(), seed=st.integers(0, 2**16))
def test_eig_of_complex_matrices(batch, n, single, seed):
    a = make(np.random.default_rng(seed), batch + (n, n), C128).astype(np.complex64 if single else C128)
    check(lambda x: (tuple(np.linalg.eig(x)), np.linalg.eigvals(x)), a)


def least_squares(a, b, v):
    return np.linalg.lstsq(a, b), np.linalg.lstsq(a, v, rcond=1e-3)


@SETTINGS
@given(m=st.integers(1, 5), n=st.integers(1, 5), k=st.integers(1, 3), dtype=DTYPES, seed=st.integers(0, 2**16))
def test_lstsq(m, n, k, dtype, seed):
    rng = np.random.default_rng(seed)
    a, b, v = make(rng, (m, n), dtype), make(rng, (m, k), dtype), make(rng, (m,), dtype)
    if m > n and np.linalg.matrix_rank(a) < n:  # NumPy's residuals are empty: the graph refuses (at run time)
        with pytest.raises(np.linalg.LinAlgError, match="residuals are then an empty array"):
            autograph.function(least_squares)(a, b, v)
        a = a + np.eye(m, n, dtype=a.dtype)
    check(least_squares, a, b, v)


def test_lstsq_of_a_rank_deficient_matrix_without_its_residuals():
    a, b = np.ones((4, 2)), np.arange(4.0)
    check(lambda a, b: np.linalg.lstsq(a, b)[0], a, b)
    check(lambda a, b: np.linalg.lstsq(a, b)[2:], a, b)


# --- composed -------------------------------------------------------------------------------------

def derived(a):
    return (np.linalg.pinv(a), np.linalg.pinv(a, rcond=0.3), np.linalg.pinv(a, rtol=None), np.linalg.matrix_rank(a),
            np.linalg.matrix_rank(a, tol=0.5), np.linalg.matrix_rank(a, rtol=0.2), np.linalg.cond(a),
            np.linalg.cond(a, -2))


@SETTINGS
@given(batch=BATCH, m=st.integers(1, 4), n=st.integers(1, 4), dtype=st.sampled_from([F64, F32, C128]),
       seed=st.integers(0, 2**16))
def test_pinv_matrix_rank_cond(batch, m, n, dtype, seed):
    check(derived, make(np.random.default_rng(seed), batch + (m, n), dtype))


@SETTINGS
@given(batch=BATCH, n=st.integers(1, 4), p=st.sampled_from([1, -1, np.inf, -np.inf, "fro", "nuc", 2, -2]),
       dtype=DTYPES, seed=st.integers(0, 2**16))
def test_cond_of_square_matrices(batch, n, p, dtype, seed):
    check(lambda a: np.linalg.cond(a, p), well_conditioned(np.random.default_rng(seed), batch + (n, n), dtype))


def test_rank_of_vectors_and_low_rank_matrices():
    u = np.arange(1.0, 5.0)
    check(lambda a, v: (np.linalg.matrix_rank(a), np.linalg.matrix_rank(v), np.linalg.matrix_rank(v * 0)),
          np.outer(u, u), u)


VECTOR_ORDS = [None, 0, 1, 2, 3, 0.5, -1, -2, np.inf, -np.inf]
MATRIX_ORDS = [None, "fro", "f", "nuc", 1, -1, 2, -2, np.inf, -np.inf]


# Negative orders of a vector with a zero in it divide by zero, in eager NumPy as in the graph: on purpose.
@pytest.mark.filterwarnings("ignore:divide by zero encountered in power:RuntimeWarning")
@pytest.mark.filterwarnings("ignore:divide by zero encountered in reciprocal:RuntimeWarning")  # (x ** -1, as NumPy)
@SETTINGS
@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple), dtype=DTYPES,
       keepdims=st.booleans(), data=st.data())
def test_norm_every_order_and_axis(shape, dtype, keepdims, data):
    x = make(np.random.default_rng(len(shape)), shape, dtype)
    axis = data.draw(st.sampled_from([None, -1, 0] + ([(0, -1), (-1, 0)] if len(shape) >= 2 else [])))
    if axis is None:
        ords = [None] + (MATRIX_ORDS if len(shape) == 2 else VECTOR_ORDS if len(shape) == 1 else [])
    else:
        ords = VECTOR_ORDS if isinstance(axis, int) else MATRIX_ORDS
    ord = data.draw(st.sampled_from(ords))
    check(lambda a: np.linalg.norm(a, ord, axis, keepdims), x)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), n=st.integers(1, 60),
       dtype=st.sampled_from([np.float16, np.float32, np.float64, np.complex64, np.complex128, np.int32]))
def test_the_default_norm_is_numpys_dot_to_the_bit_on_the_interpreter(seed, n, dtype):
    # NumPy's norm(x) is sqrt(x.dot(x)) (re.dot(re) + im.dot(im) for complex): a BLAS dot, whose sum a sum of squares
    # differs from in the last bits (HydroErr's spectral angle amplified it through arccos). Exact for C-ordered
    # arrays and strided matrices (which both flatten by a copy); a strided vector (a column) and a transposed matrix
    # are summed in NumPy in their memory order after ravel(order="K"), in the graph in another (to rounding).
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, 2)) * 10 + (1j * rng.normal(size=(n, 2)) if np.dtype(dtype).kind == "c" else 0)
    x = x.astype(dtype)

    def norms(a):
        return np.linalg.norm(a), np.linalg.norm(a[::2]), np.linalg.norm(a[::3] * 2)

    got, want = autograph.function(norms)(x), norms(x)
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.tobytes() == w.tobytes(), (g, w)


# --- products -------------------------------------------------------------------------------------

LETTERS = "abcdeB"


@st.composite
def einsum_problems(draw):
    """Random subscripts over a few labels (repeats, broadcasting ellipses, implicit or explicit output)."""
    sizes = {c: draw(st.integers(1, 3)) for c in LETTERS}
    count = draw(st.integers(1, 3))
    ellipsis = draw(st.booleans())
    terms, shapes = [], []
    for _ in range(count):
        labels = draw(st.lists(st.sampled_from(LETTERS), max_size=3))
        extra = draw(st.lists(st.integers(1, 2), max_size=2)) if ellipsis else []
        terms.append(("..." if ellipsis else "") + "".join(labels))
        shapes.append(tuple(extra) + tuple(sizes[c] for c in labels))
    used = sorted({c for t in terms for c in t if c != "."})
    if draw(st.booleans()):
        out = draw(st.lists(st.sampled_from(used), unique=True)) if used else []
        subscripts = ",".join(terms) + "->" + ("..." if ellipsis else "") + "".join(out)
    else:
        subscripts = ",".join(terms)
    return subscripts, shapes


@SETTINGS
@given(problem=einsum_problems(), dtype=DTYPES, seed=st.integers(0, 2**16))
def test_einsum_matches_numpy(problem, dtype, seed):
    subscripts, shapes = problem
    rng = np.random.default_rng(seed)
    arrays = [make(rng, s, dtype) for s in shapes]
    check(lambda *xs: np.einsum(subscripts, *xs), *arrays)


def test_einsum_forms():
    rng = np.random.default_rng(0)
    a, b, v = make(rng, (2, 3, 3), F64), make(rng, (3, 4), F64), make(rng, (3,), F32)
    check(lambda a, b, v: (np.einsum("bij,jk->bik", a, b), np.einsum("ii", a[0]), np.einsum("bii->bi", a),
                           np.einsum("...ij,...jk", a, a), np.einsum("i,j", v, v), np.einsum("ijk->", a),
                           np.einsum(a, [0, 1, 2], b, [2, 3], [0, 1, 3]), np.einsum(a, [Ellipsis, 1], [Ellipsis]),
                           np.einsum("ij,j->i", a[0, :, :1], v), np.einsum(" i j , j ", a[0], v),
                           np.einsum("ij,j", a[0], v, dtype=np.float64), np.einsum("i,i", v, v, optimize=True)),
          a, b, v)
    ints = make(rng, (3, 3), np.int32)
    check(lambda x, m: (np.einsum("ij,jk", x, x), np.einsum("ii", x), np.einsum("i,i", m, m)), ints, ints[0] > 0)


@SETTINGS
@given(a_shape=st.lists(st.integers(1, 3), min_size=0, max_size=3).map(tuple),
       b_shape=st.lists(st.integers(1, 3), min_size=0, max_size=3).map(tuple), dtype=DTYPES,
       seed=st.integers(0, 2**16))
def test_dot_kron_outer_vdot_tensordot(a_shape, b_shape, dtype, seed):
    rng = np.random.default_rng(seed)
    a, b = make(rng, a_shape, dtype), make(rng, b_shape, dtype)
    check(lambda x, y: (np.kron(x, y), np.outer(x, y), np.tensordot(x, y, 0)), a, b)
    if a.ndim and b.ndim:
        b = make(rng, b_shape[:-2] + a_shape[-1:] + b_shape[-1:] if b.ndim >= 2 else a_shape[-1:], dtype)
        check(lambda x, y: (np.dot(x, y), np.tensordot(x, y, ([-1], [max(0, y.ndim - 2)]))), a, b)
        c = make(rng, b_shape[:-1] + a_shape[-1:], dtype)
        check(lambda x, y: (np.inner(x, y), np.vdot(x, x), np.vdot(y, y[..., ::-1])), a, c)


def test_tensordot_axes_and_multi_dot():
    rng = np.random.default_rng(1)
    a, b, c, v = make(rng, (2, 3, 4), F64), make(rng, (4, 3, 5), F32), make(rng, (5, 2), I64), make(rng, (2,), F64)
    check(lambda a, b, c, v: (np.tensordot(a, b, ([1, 2], [1, 0])), np.tensordot(a[0], b[:, :, 0], 1),
                              np.tensordot(a, a, 3), np.linalg.multi_dot([v, a[:, :, 0], a[0], b[:, 0], c]),
                              np.linalg.multi_dot([a[0], b[:, 0], c]), np.linalg.multi_dot([v, v])),
          a, b, c, v)


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_tensordot_axes_as_any_sequence_numpy_takes(executor):
    # NumPy takes each operand's axes as any sequence (a range, an array of ints) or one axis (a NumPy int):
    # autograd's own VJPs pass [range(..), range(..)] and [np.arange(..)[..], ...] (its suite found both).
    if executor == "jax":
        pytest.importorskip("jax")
    rng = np.random.default_rng(2)
    a, b, c = make(rng, (3, 2), F64), make(rng, (3, 4), F64), make(rng, (2, 3, 4), F64)
    check(lambda a, b, c: (np.tensordot(a, b, [np.array([0]), np.array([0])]), np.tensordot(a, b, [range(1), range(1)]),
                           np.tensordot(a, b, (np.int64(0), 0)),
                           np.tensordot(c, b, np.array([[1, 2], [0, 1]])), np.tensordot(c, b, (range(1, 3), [0, 1]))),
          a, b, c, executor=executor)


# np.trace(complex, dtype=float32) discards the imaginary part in eager NumPy and in the graph alike.
@pytest.mark.filterwarnings("ignore::numpy.exceptions.ComplexWarning")
@SETTINGS
@given(shape=st.lists(st.integers(1, 4), min_size=2, max_size=4).map(tuple), dtype=DTYPES, data=st.data())
def test_trace_diagonal_diag_tril_triu(shape, dtype, data):
    nd = len(shape)
    offset = data.draw(st.integers(-3, 3))
    axis1 = data.draw(st.integers(-nd, nd - 1))
    axis2 = data.draw(st.integers(-nd, nd - 1).filter(lambda a: a % nd != axis1 % nd))
    x = make(np.random.default_rng(nd), shape, dtype)
    check(lambda a: (np.trace(a, offset, axis1, axis2), np.trace(a, offset, axis1, axis2, dtype=np.float32),
                     np.linalg.trace(a, offset=offset), np.linalg.diagonal(a, offset=offset),
                     np.diag(a[(0,) * (nd - 2)], offset), np.diag(a[(0,) * (nd - 1)], offset),
                     np.tril(a, offset), np.triu(a, offset), np.linalg.matrix_transpose(a)), x)


@SETTINGS
@given(batch=BATCH, na=st.sampled_from([2, 3]), nb=st.sampled_from([2, 3]), dtype=DTYPES, data=st.data())
def test_cross(batch, na, nb, dtype, data):
    rng = np.random.default_rng(na * nb)
    a, b = make(rng, batch + (na,), dtype), make(rng, (na,) + batch[:1], dtype)[:nb]  # b's vectors on axis 0
    b = make(rng, (nb,) + batch[-1:], dtype)
    axisc = data.draw(st.sampled_from([-1, 0]))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            np.cross(a, b, axisb=0, axisc=axisc)
    except ValueError as eager:  # NumPy 2.5+ refuses 2-dimensional vectors: the graph raises its error
        with pytest.raises(ValueError) as staged:
            autograph.function(lambda x, y: np.cross(x, y, axisb=0, axisc=axisc))(a, b)
        assert 2 in (na, nb) and str(staged.value) == str(eager)
    else:
        with pytest.warns(DeprecationWarning) if 2 in (na, nb) else _no_warning():
            check(lambda x, y: np.cross(x, y, axisb=0, axisc=axisc), a, b)
    if na == nb == 3:
        check(lambda x, y: (np.cross(x, y), np.linalg.cross(x, y)), a, a[..., ::-1])


class _no_warning:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


# --- lowered to XLA -------------------------------------------------------------------------------

@pytest.mark.slow  # (20 s of make test: make slow runs it; test_numpy_linalg's other XLA cases stay)
@JAX_SETTINGS
@given(batch=BATCH, n=st.integers(1, 3), dtype=DTYPES, seed=st.integers(0, 2**16))
def test_lowered_to_jax_agrees_with_numpy(batch, n, dtype, seed):
    """The same graphs on XLA: JAX computes in double as NumPy does, so even the signs of singular vectors and
    eigenvectors are NumPy's."""
    rng = np.random.default_rng(seed)
    a = well_conditioned(rng, batch + (n, n), dtype)
    check(square_ops, a, make(rng, (n, 2), dtype), make(rng, (n,), F64), executor="jax")
    check(decompositions, make(rng, batch + (n + 1, n), dtype), executor="jax")
    check(hermitian_ops, hermitian_pd(rng, batch + (n, n), dtype), executor="jax")
    check(derived, a if np.dtype(dtype).kind != "i" else a.astype(F64), executor="jax")
    check(lambda x: (np.linalg.norm(x), np.linalg.norm(x, 2, (-2, -1)), np.einsum("...ij,...jk", x, x),
                     np.linalg.matrix_power(x, -2), np.trace(x, 0, -2, -1), np.linalg.cond(x, 1)), a, executor="jax")


def test_lowered_eig_and_lstsq():
    rng = np.random.default_rng(3)
    c = make(rng, (2, 3, 3), C128)
    check(lambda x: (tuple(np.linalg.eig(x)), np.linalg.eigvals(x)), c, executor="jax")
    check(least_squares, make(rng, (5, 3), F32), make(rng, (5, 2), F32), make(rng, (5,), F32), executor="jax")
    check(least_squares, make(rng, (2, 3), F64), make(rng, (2, 2), F64), make(rng, (2,), F64), executor="jax")


@pytest.mark.parametrize("executor", ["numpy", "jax"])
@pytest.mark.parametrize("fn, args", [
    (lambda a: np.linalg.inv(a), (np.ones((2, 2)),)),
    (lambda a: np.linalg.inv(a), (np.stack([np.eye(2), np.zeros((2, 2))]),)),  # one singular matrix of a batch
    (lambda a: np.linalg.inv(a), (np.diag([1e-300, 1e-300]),)),  # tiny, not singular: 1e300
    (lambda a, b: np.linalg.solve(a, b), (np.array([[1.0, 2.0], [2.0, 4.0]]), np.ones(2))),
    (lambda a: np.linalg.cholesky(a), (-np.eye(2),)),
    (lambda a: np.linalg.cholesky(a), (np.array([[1.0, 2.0], [2.0, 1.0]]),)),
    (lambda a: np.linalg.cholesky(a), (np.array([[np.nan, 0.0], [0.0, 1.0]]),)),  # NaN in: no error, NaN out
    (lambda a: np.linalg.cholesky(a), (np.eye(2) * 4,)),
    (lambda a: np.linalg.svd(a)[1], (np.array([[np.nan, 1.0], [1.0, 2.0]]),)),  # SVD did not converge
    (lambda a: np.linalg.pinv(a), (np.array([[np.nan, 1.0], [1.0, 2.0]]),)),
    (lambda a, b: np.linalg.lstsq(a, b)[0], (np.array([[np.nan, 1.0], [1.0, 2.0]]), np.ones(2))),
    (lambda a, b: np.linalg.lstsq(a, b)[0], (np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]]),
                                             np.array([np.nan, 1.0, 2.0]))),  # NaN in b: NaN out, no error
])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_numpys_singular_and_not_positive_definite_errors_on_both_executors(fn, args, executor):
    """XLA's inv / solve of a singular matrix give inf or NaN and its cholesky NaNs where NumPy raises
    LinAlgError: checked when the graph runs (runtime/jax/rules_linalg.py), with NumPy's message."""
    helpers.linalg_error_or_value_as_eager(fn, args, executor)


SINGULAR = np.array([[1.0, 2.0], [2.0, 4.0]])


@pytest.mark.parametrize("executor", helpers.executors())
@pytest.mark.parametrize("p", [1, -1, np.inf, -np.inf, "fro"])
@pytest.mark.parametrize("a", [
    SINGULAR, SINGULAR.astype(F32), SINGULAR.astype(np.complex64), np.zeros((2, 2)),
    np.stack([np.eye(2), SINGULAR, 2 * np.eye(2)]),  # one singular matrix of a stack: inf for it alone
    np.array([[np.nan, 1.0], [1.0, 2.0]]),  # NaN in: NaN out (not inf)
    np.array([[1.0, 2.0], [3.0, 4.0]]),
], ids=["singular", "float32", "complex64", "zeros", "stack", "nan", "regular"])
def test_cond_of_a_singular_matrix_is_numpys_inf(a, p, executor):
    """NumPy's cond for a p other than None / 2 / -2 takes the inverse with errors off: a singular matrix is inf
    (in the input's precision), not the LinAlgError of np.linalg.inv (ops_linalg.py ``inv_or_nan``)."""
    check(lambda a: np.linalg.cond(a, p), a, executor=executor)


def test_the_checks_messages_are_had_without_a_word_on_stderr():
    # NumPy's LAPACK prints a complaint (DLASCL) to stderr for an SVD of a NaN matrix: the lowering must not
    # ask NumPy for that message at import (rules_linalg.CHECKED).
    pytest.importorskip("jax")
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "import runtime.jax.lowering"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_under_jax_an_svd_of_a_matrix_that_is_not_finite_is_numpys_error():
    # NumPy's own answer for an infinite entry depends on LAPACK's path (here a value): XLA raises, never a NaN
    # that stands for NumPy's error (docs/graph_linalg.md).
    a = np.array([[np.inf, 1.0], [1.0, 2.0]])
    with pytest.raises(np.linalg.LinAlgError, match="^SVD did not converge"):
        autograph.function(lambda a: np.linalg.svd(a)[1], executor="jax")(a)


@pytest.mark.parametrize("executor", helpers.executors())
def test_a_rank_deficient_lstsqs_residuals_are_the_same_refusal_on_both_executors(executor):
    """NumPy's residuals of a rank-deficient lstsq are an empty array, a shape known only at run time: both
    executors raise LinAlgError when the graph runs (XLA had given NaN, silently). A b of no columns has residuals
    of shape (0,) whatever the rank, as NumPy's: no error."""
    residuals = autograph.function(lambda a, b: np.linalg.lstsq(a, b)[1], executor=executor)
    with pytest.raises(np.linalg.LinAlgError, match="rank-deficient.*np.sum"):
        residuals(np.ones((4, 2)), np.arange(4.0))
    assert residuals(np.arange(8.0).reshape(4, 2), np.ones((4, 0))).shape == (0,)
    np.testing.assert_allclose(residuals(np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]), np.ones(3)), [1 / 3])


# --- unknown dims ---------------------------------------------------------------------------------

def test_unknown_batch_dims():
    sig = [TensorSpec((None, 3, 3), F64)]
    fn = autograph.function(lambda a: (np.linalg.inv(a), np.linalg.det(a), np.linalg.norm(a, axis=(1, 2)),
                                       np.einsum("bij,bjk->bik", a, a), np.trace(a, 0, 1, 2), np.linalg.svd(a)[1]),
                            input_signature=sig)
    a = well_conditioned(np.random.default_rng(0), (5, 3, 3), F64)
    got = fn(a)
    want = (np.linalg.inv(a), np.linalg.det(a), np.linalg.norm(a, axis=(1, 2)), np.einsum("bij,bjk->bik", a, a),
            np.trace(a, 0, 1, 2), np.linalg.svd(a)[1])
    assert_same(tuple(got), want)
    assert fn.tracing_count == 1


# --- errors ---------------------------------------------------------------------------------------

def trace_only(fn, *specs):
    return autograph.function(lambda *xs: fn(*xs)).get_concrete_function(*(TensorSpec(s, d) for s, d in specs))


@pytest.mark.parametrize("fn, specs, error, message", [
    (np.linalg.inv, [((3, 4), F64)], np.linalg.LinAlgError, "Last 2 dimensions of the array must be square"),
    (np.linalg.det, [((3,), F64)], np.linalg.LinAlgError, "1-dimensional array given. Array must be at least two"),
    (np.linalg.solve, [((3, 3), F64), ((2,), F64)], ValueError, r"solve1: Input operand 1 has a mismatch in its core"),
    (np.linalg.solve, [((3, 3), F64), ((2, 2), F64)], ValueError, r"solve: Input operand 1 has a mismatch"),
    (np.linalg.lstsq, [((2, 3, 3), F64), ((3,), F64)], np.linalg.LinAlgError, "Array must be two-dimensional"),
    (np.linalg.lstsq, [((4, 3), F64), ((3,), F64)], np.linalg.LinAlgError, "Incompatible dimensions"),
    (np.linalg.cholesky, [((2, 3), F64)], np.linalg.LinAlgError, "must be square"),
    (np.linalg.inv, [((2, 2), np.float16)], TypeError, "array type float16 is unsupported in linalg"),
    (np.linalg.eig, [((2, 2), F64)], TypeError, r"np.linalg.eig of a real \(float64\) matrix .*astype\(complex\)"),
    (np.linalg.eigvals, [((2, 2), I64)], TypeError, r"eigvalsh"),
    (lambda a: np.linalg.qr(a, "bad"), [((2, 2), F64)], ValueError, "Unrecognized mode 'bad'"),
    (lambda a: np.linalg.eigh(a, "X"), [((2, 2), F64)], ValueError, "UPLO argument must be 'L' or 'U'"),
    (lambda a: np.linalg.norm(a, "fro"), [((3,), F64)], ValueError, "Invalid norm order 'fro' for vectors"),
    (lambda a: np.linalg.norm(a, 3), [((3, 3), F64)], ValueError, "Invalid norm order for matrices."),
    (lambda a: np.linalg.norm(a, 1), [((3, 3, 3), F64)], ValueError, "Improper number of dimensions to norm."),
    (lambda a: np.linalg.norm(a, axis=(0, 0)), [((3, 3), F64)], ValueError, "Duplicate axes given."),
    (lambda a: np.linalg.norm(a, axis=(0, 2)), [((3, 3), F64)], np.exceptions.AxisError, "axis 2 is out of bounds"),
    (lambda a: np.linalg.matrix_power(a, 2.0), [((2, 2), F64)], TypeError, "exponent must be an integer"),
    (lambda a: np.linalg.matrix_power(a, 2), [((2, 3), F64)], np.linalg.LinAlgError, "must be square"),
    (lambda a: np.linalg.pinv(a, 0.1, rtol=0.1), [((2, 2), F64)], ValueError, "`rtol` and `rcond` can't be both set"),
    (lambda a: np.linalg.multi_dot([a]), [((2, 2), F64)], ValueError, "Expecting at least two arrays."),
    (lambda a: np.linalg.multi_dot([a, a, a[None]]), [((2, 2), F64)], np.linalg.LinAlgError, "two-dimensional"),
    (lambda a: np.linalg.cond(a), [((0, 0), F64)], np.linalg.LinAlgError, "cond is not defined on empty arrays"),
    (lambda a, b: np.dot(a, b), [((3, 4), F64), ((5,), F64)], ValueError,
     r"shapes \(3,4\) and \(5,\) not aligned: 4 \(dim 1\) != 5 \(dim 0\)"),
    (lambda a, b: np.dot(a, b), [((2, 3, 4), F64), ((5, 6), F64)], ValueError, "not aligned"),
    (lambda a, b: np.tensordot(a, b), [((2, 3, 4), F64), ((5, 6), F64)], ValueError, "shape-mismatch for sum"),
    (lambda a, b: np.tensordot(a, b, ([0, 0], [0, 1])), [((3, 4), F64), ((3, 3), F64)], ValueError,
     "duplicate axes are not allowed in tensordot"),
    (lambda a: np.trace(a), [((3,), F64)], ValueError, "diag requires an array of at least two dimensions"),
    (lambda a: np.trace(a, 0, 1, 1), [((3, 3), F64)], ValueError, "axis1 and axis2 cannot be the same"),
    (lambda a: np.diag(a), [((2, 2, 2), F64)], ValueError, "Input must be 1- or 2-d."),
    (lambda a, b: np.cross(a, b), [((3,), F64), ((4,), F64)], ValueError, "incompatible dimensions for cross product"),
    (lambda a: np.einsum("ij,jk->ii", a, a), [((2, 2), F64)], ValueError, "output subscript 'i' multiple times"),
    (lambda a: np.einsum("ij->l", a), [((2, 2), F64)], ValueError, "'l' which never appeared in an input"),
    (lambda a: np.einsum("ijk", a), [((2, 2), F64)], ValueError, "too many subscripts for operand 0"),
    (lambda a: np.einsum("i", a), [((2, 2), F64)], ValueError, "no '...' ellipsis provided"),
    (lambda a: np.einsum("i,j", a), [((2,), F64)], ValueError, "fewer operands provided"),
    (lambda a: np.einsum("i1", a), [((2,), F64)], ValueError, "invalid subscript '1'"),
    (lambda a: np.einsum("i.", a), [((2,), F64)], ValueError, "'.' that is not part of an ellipsis"),
    (lambda a: np.einsum("ii", a), [((2, 3), F64)], ValueError, r"for collapsing index 'i' don't match \(2 != 3\)"),
    (lambda a, b: np.einsum("i,i", a, b), [((2,), F64), ((3,), F64)], ValueError, "could not be broadcast together"),
    (lambda a: np.einsum("ij,j", a, a[0], dtype=np.int32), [((2, 2), F64)], TypeError, "according to the rule 'safe'"),
    (lambda a: np.einsum("ij", a, out=a), [((2, 2), F64)], TypeError, "out"),
])
def test_errors_at_trace_time(fn, specs, error, message):
    with pytest.raises(error, match=message):
        trace_only(fn, *specs)


@pytest.mark.parametrize("fn, what", [
    (lambda a, k: np.linalg.norm(a, k), "linalg.norm: ord"),
    (lambda a, k: np.linalg.norm(a, axis=k), "linalg.norm: axis"),
    (lambda a, k: np.linalg.matrix_power(a, k), "linalg.matrix_power: n"),
    (lambda a, k: np.linalg.svd(a, full_matrices=k > 0), "linalg.svd: full_matrices"),
    (lambda a, k: np.linalg.qr(a, mode=k), "linalg.qr: mode"),
    (lambda a, k: np.linalg.lstsq(a, a, rcond=k), "linalg.lstsq: rcond"),
    (lambda a, k: np.tensordot(a, a, k), "tensordot: axes"),
    (lambda a, k: np.tensordot(a, a, ([k], [0])), "tensordot: axes"),
    (lambda a, k: np.einsum(a, [k, 1]), "einsum: subscripts"),
    (lambda a, k: np.diag(a, k), "diag: k"),
    (lambda a, k: np.trace(a, k), "trace: offset"),
    (lambda a, k: np.linalg.cond(a, k), "linalg.cond: p"),
])
def test_arguments_that_must_be_constant(fn, what):
    with pytest.raises(TypeError, match=f"np.{what} must be a Python value known while tracing, not a graph tensor"):
        trace_only(fn, ((3, 3), F64), ((), I64))


def test_tolerances_may_be_tensors():
    a = np.diag([3.0, 1.0, 1e-3])
    check(lambda a, t: (np.linalg.matrix_rank(a, tol=t), np.linalg.pinv(a, rtol=t)), a, np.float64(0.01))


def test_unknown_sizes_that_decide_the_graph():
    with pytest.raises(TypeError, match="np.tensordot needs the sizes of the dimensions"):
        trace_only(lambda a: np.tensordot(a, a, 1), ((None, 3), F64))
    with pytest.raises(TypeError, match="np.diag needs the sizes"):
        trace_only(np.diag, ((None,), F64))


def test_numpys_run_time_errors_are_raised_by_the_interpreter():
    with pytest.raises(np.linalg.LinAlgError, match="Singular matrix"):
        autograph.function(lambda a: np.linalg.inv(a))(np.ones((2, 2)))
    with pytest.raises(np.linalg.LinAlgError, match="not positive definite"):
        autograph.function(lambda a: np.linalg.cholesky(a))(-np.eye(2))
    with pytest.raises(np.linalg.LinAlgError, match="rank-deficient.*np.sum"):
        autograph.function(lambda a, b: np.linalg.lstsq(a, b)[1])(np.ones((4, 2)), np.arange(4.0))


def test_graph_text_and_result_types():
    fn = autograph.function(lambda a: np.linalg.svd(a, full_matrices=False))
    graph = fn.get_concrete_function(TensorSpec((4, 3), F64)).graph
    assert "svd[full_matrices=False compute_uv=True hermitian=False]" in str(graph)
    result = fn(np.eye(4, 3))
    assert type(result).__name__ == "SVDResult" and result.S.shape == (3,)
    qr = autograph.function(lambda a: np.linalg.qr(a))(np.eye(3))
    assert type(qr).__name__ == "QRResult" and qr.R.shape == (3, 3)


def test_deprecated_qr_modes_warn_as_numpy():
    a = make(np.random.default_rng(0), (4, 3), F64)
    with pytest.warns(DeprecationWarning, match="'full' option is deprecated"):
        check(lambda x: tuple(np.linalg.qr(x, "full")), a)
    with pytest.warns(DeprecationWarning, match="'economic' option is deprecated"):
        check(lambda x: np.linalg.qr(x, "economic"), a)
