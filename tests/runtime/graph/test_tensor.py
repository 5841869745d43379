"""Graph tensors behave like NumPy: every supported function, traced and run, equals NumPy eager."""

from __future__ import annotations

import pathlib
import pickle
import re

import numpy as np
import pytest

import autograph
from runtime.graph import ops, tensor
from runtime.graph.interpreter import run
from runtime.graph.ir import verify
from runtime.graph.tensor import PyNumber
from runtime.graph.tracing import TensorSpec, trace
from tests.helpers import executors

F32, F64, I32, I64, B = np.float32, np.float64, np.int32, np.int64, np.bool_


def random_input(rng: np.random.Generator, shape: tuple, dtype: type) -> np.ndarray:
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.random(shape) < 0.5
    if dtype.kind in "iu":
        return rng.integers(1, 6, shape).astype(dtype)
    return rng.uniform(0.1, 0.9, shape).astype(dtype)


def check_same_as_numpy(fn, specs, seed: int = 0) -> None:
    """Trace ``fn`` on ``specs``, verify the graph, run it, and compare with ``fn`` on arrays."""
    rng = np.random.default_rng(seed)
    inputs = [random_input(rng, shape, dtype) for shape, dtype in specs]
    graph, tree = trace(fn, [TensorSpec(shape, dtype) for shape, dtype in specs])
    verify(graph)
    with np.errstate(invalid="ignore", divide="ignore"):  # arccosh(0.5) is nan both ways
        got, want = tree.unflatten(run(graph, inputs)), fn(*inputs)
    for g, w in zip(*(x if isinstance(x, tuple) else (x,) for x in (got, want))):
        g, w = np.asarray(g), np.asarray(w)
        assert g.dtype == w.dtype, (g.dtype, w.dtype)
        assert g.shape == w.shape, (g.shape, w.shape)
        np.testing.assert_allclose(g, w, rtol=1e-6, equal_nan=True)


# --- every ufunc we map, on data in its domain --------------------------------------------------

def _ufunc_dtype(ufunc: np.ufunc) -> type:
    for dtype in (F64, I64, B):
        try:
            ufunc.resolve_dtypes((np.dtype(dtype),) * ufunc.nin + (None,))
            return dtype
        except TypeError:
            continue
    raise AssertionError(ufunc)


@pytest.mark.parametrize("ufunc", sorted(ops.UFUNC_OPS, key=lambda u: u.__name__), ids=lambda u: u.__name__)
def test_every_ufunc_matches_numpy(ufunc):
    dtype = _ufunc_dtype(ufunc)
    if ufunc is np.matmul:
        return check_same_as_numpy(np.matmul, [((3, 4), dtype), ((4, 2), dtype)])
    shapes = [(3, 4), (4,)][: ufunc.nin]
    check_same_as_numpy(lambda *xs: ufunc(*xs), [(s, dtype) for s in shapes])


# --- every function in the __array_function__ table ---------------------------------------------

FUNCTION_CASES = [
    (np.sum, lambda x: (np.sum(x), np.sum(x, axis=1), np.sum(x, axis=(0, 1), keepdims=True)), [((3, 4), I32)]),
    (np.sum, lambda x: np.sum(x, axis=0, dtype=np.float32), [((3, 4), I32)]),
    (np.mean, lambda x: (np.mean(x), np.mean(x, axis=-1, keepdims=True)), [((3, 4), F32)]),
    (np.max, lambda x: (np.max(x), np.max(x, axis=0)), [((3, 4), F64)]),
    (np.amax, lambda x: np.amax(x, axis=1), [((3, 4), I64)]),
    (np.min, lambda x: (np.min(x), np.min(x, axis=0)), [((3, 4), F64)]),
    (np.amin, lambda x: np.amin(x, axis=1), [((3, 4), I64)]),
    (np.prod, lambda x: (np.prod(x), np.prod(x, axis=0)), [((3, 4), I32)]),
    (np.any, lambda x: (np.any(x), np.any(x > 0.5, axis=0)), [((3, 4), F64)]),
    (np.all, lambda x: (np.all(x), np.all(x > 0.5, axis=1)), [((3, 4), F64)]),
    (np.argmax, lambda x: (np.argmax(x), np.argmax(x, axis=1), np.argmax(x, 0, keepdims=True)), [((3, 4), F64)]),
    (np.argmin, lambda x: (np.argmin(x), np.argmin(x, axis=0)), [((3, 4), F64)]),
    (np.cumsum, lambda x: (np.cumsum(x), np.cumsum(x, axis=1)), [((3, 4), I32)]),
    (np.cumprod, lambda x: (np.cumprod(x), np.cumprod(x, axis=0)), [((3, 4), F64)]),
    (np.var, lambda x: (np.var(x), np.var(x, axis=0, ddof=1)), [((5, 4), F64)]),
    (np.std, lambda x: (np.std(x), np.std(x, axis=1)), [((5, 4), F32)]),
    (np.ptp, lambda x: (np.ptp(x), np.ptp(x, axis=0)), [((3, 4), F64)]),
    (np.average, lambda x, w: (np.average(x), np.average(x, axis=0, weights=w)), [((3, 4), F64), ((3, 4), F64)]),
    (np.count_nonzero, lambda x: (np.count_nonzero(x), np.count_nonzero(x, axis=0)), [((3, 4), B)]),
    (np.reshape, lambda x: (np.reshape(x, (4, 3)), np.reshape(x, (-1,)), x.reshape(2, -1)), [((3, 4), F64)]),
    (np.transpose, lambda x: (np.transpose(x), np.transpose(x, (1, 0, 2)), x.T), [((2, 3, 4), F64)]),
    (np.ravel, lambda x: (np.ravel(x), x.flatten()), [((3, 4), I32)]),
    (np.shape, lambda x: x + np.shape(x)[0] + np.ndim(x) + np.size(x), [((3, 4), I32)]),
    (np.ndim, lambda x: x * np.ndim(x), [((3, 4), I32)]),
    (np.size, lambda x: x * np.size(x, 1), [((3, 4), I32)]),
    (np.astype, lambda x: (np.astype(x, np.int32), x.astype(np.float32)), [((3, 4), F64)]),
    (np.copy, lambda x: np.copy(x) + 1, [((3,), F64)]),
    (np.broadcast_to, lambda x: np.broadcast_to(x, (2, 3, 4)), [((3, 1), F64)]),
    (np.squeeze, lambda x: (np.squeeze(x), np.squeeze(x, axis=0)), [((1, 3, 1), F64)]),
    (np.expand_dims, lambda x: (np.expand_dims(x, 0), np.expand_dims(x, (0, -1))), [((3, 4), F64)]),
    (np.swapaxes, lambda x: np.swapaxes(x, 0, 2), [((2, 3, 4), F64)]),
    (np.moveaxis, lambda x: (np.moveaxis(x, 0, -1), np.moveaxis(x, [0, 1], [2, 0])), [((2, 3, 4), F64)]),
    (np.rollaxis, lambda x: (np.rollaxis(x, 2), np.rollaxis(x, 0, 3), np.rollaxis(x, -1, 1)), [((2, 3, 4), F64)]),
    (np.atleast_1d, lambda x, y: (np.atleast_1d(x), np.atleast_1d(y)), [((), F64), ((3,), F64)]),
    (np.atleast_2d, lambda x, y: (np.atleast_2d(x), np.atleast_2d(y)), [((), F64), ((3,), F64)]),
    (np.flip, lambda x: (np.flip(x), np.flip(x, axis=1)), [((3, 4), F64)]),
    (np.concatenate, lambda x, y: (np.concatenate([x, y]), np.concatenate([x, y], axis=None)),
     [((2, 4), F64), ((3, 4), F32)]),
    (np.stack, lambda x, y: (np.stack([x, y]), np.stack([x, y], axis=-1)), [((3, 4), F64), ((3, 4), F64)]),
    (np.hstack, lambda x, y: np.hstack([x, y]), [((3, 2), F64), ((3, 4), F64)]),
    (np.vstack, lambda x, y: np.vstack([x, y]), [((4,), F64), ((2, 4), F64)]),
    (np.where, lambda c, x: (np.where(c, x, 0), np.where(x > 0.5, x, -x)), [((3, 4), B), ((3, 4), I32)]),
    (np.take, lambda x, i: (np.take(x, i), np.take(x, i, axis=1), np.take(x, [0, 2], axis=0)),
     [((5, 6), F64), ((2, 2), I32)]),
    (np.clip, lambda x: (np.clip(x, 0.3, 0.6), np.clip(x, None, 0.5), x.clip(0.2)), [((3, 4), F64)]),
    (np.sort, lambda x: (np.sort(x), np.sort(x, axis=0), np.sort(x, axis=None)), [((3, 4), F64)]),
    (np.argsort, lambda x: (np.argsort(x), np.argsort(x, axis=0)), [((3, 4), F64)]),
    (np.round, lambda x: (np.round(x), np.round(x * 100, 1), np.round(x * 1000, -1)), [((3, 4), F64)]),
    (np.around, lambda x: np.around(x, 2), [((3, 4), F64)]),
    (np.diff, lambda x, b: (np.diff(x), np.diff(x, n=2, axis=0), np.diff(b)), [((4, 5), F64), ((6,), B)]),
    (np.isclose, lambda x, y: (np.isclose(x, y), np.isclose(x, x + 1e-9)), [((3, 4), F64), ((3, 4), F64)]),
    (np.allclose, lambda x, y: (np.allclose(x, y), np.allclose(x, x)), [((3, 4), F64), ((3, 4), F64)]),
    (np.array_equal, lambda x, y: (np.array_equal(x, y), np.array_equal(x, x)), [((3,), I32), ((3,), I32)]),
    (np.dot, lambda a, b, v: (np.dot(a, b), np.dot(v, v), np.dot(a, 2.0)), [((3, 4), F64), ((4, 2), F64), ((4,), F64)]),
    (np.inner, lambda a, v: (np.inner(v, v), np.inner(a, a)), [((3, 4), F64), ((4,), F64)]),
    (np.outer, lambda a, b: np.outer(a, b), [((3,), F64), ((4,), I32)]),
    (np.linalg.norm, lambda x, v: (np.linalg.norm(x), np.linalg.norm(v), np.linalg.norm(x, axis=1)),
     [((3, 4), F64), ((4,), I32)]),
    (np.trace, lambda x: (np.trace(x), np.trace(x, 1)), [((4, 4), I32)]),
    (np.diag, lambda x: (np.diag(x), np.diag(x, -1), np.diag(x, 2)), [((4, 5), F64)]),
    (np.tril, lambda x: (np.tril(x), np.tril(x, -1)), [((4, 5), F64)]),
    (np.triu, lambda x: (np.triu(x), np.triu(x, 1)), [((4, 4), I32)]),
    (np.zeros_like, lambda x: (np.zeros_like(x), np.zeros_like(x, dtype=np.int32)), [((3, 4), F64)]),
    (np.ones_like, lambda x: np.ones_like(x), [((3, 4), I32)]),
    (np.empty_like, lambda x: np.empty_like(x) * 0, [((3, 4), I32)]),
    (np.full_like, lambda x: (np.full_like(x, 7), np.full_like(x, 2.5, dtype=np.float32)), [((3, 4), I32)]),
    (np.linspace, lambda a, b: (np.linspace(a, b, 7), np.linspace(a, b, 5, endpoint=False)), [((), F64), ((), F64)]),
]


@pytest.mark.parametrize("func, fn, specs", FUNCTION_CASES, ids=[c[0].__name__ for c in FUNCTION_CASES])
def test_numpy_function_matches_numpy(func, fn, specs):
    check_same_as_numpy(fn, specs)


def test_every_registered_function_has_a_case():
    # The cases live here and in the tests of the modules that register functions (numpy_array,
    # numpy_linalg, numpy_derived ...): every registered function is called by name in one of them.
    here = pathlib.Path(__file__).parent
    sources = "".join((here / name).read_text() for name in ("test_tensor.py", "test_numpy_array.py",
                                                              "test_numpy_linalg.py", "test_numpy_fft.py",
                                                              "test_numpy_polynomial.py", "test_data_dependent.py",
                                                              "test_numpy_complex.py", "test_numpy_pieces.py",
                                                              "test_numpy_derived.py", "test_flat_writes.py",
                                                              "test_vectorized.py", "test_numpy_more_functions.py"))
    covered = {case[0] for case in FUNCTION_CASES}
    missing = [f.__name__ for f in tensor.NUMPY_FUNCTIONS
               if f not in covered and not re.search(rf"\b{f.__name__}\b", sources)]
    assert not missing
    assert len(tensor.NUMPY_FUNCTIONS) + len(ops.UFUNC_OPS) >= 60


def test_a_numpy_function_registered_twice_is_an_error_at_import():
    # Issue 32: sixteen functions were registered by two modules, the import order deciding which won.
    # The table refuses a second registration, so a module that repeats one fails to import. Also after a method that
    # calls the registered function ran (x.sum() reads np.sum's entry: it must not mark it replaceable, or this test
    # replaced np.sum for every later test of its process).
    autograph.function(lambda x: x.sum() + x.max() + x.mean())(np.ones(3))
    kept = {func: dict.__getitem__(tensor.NUMPY_FUNCTIONS, func) for func in (np.sum, np.mean)}
    try:
        with pytest.raises(ValueError, match=r"np\.sum is registered twice in tensor\.NUMPY_FUNCTIONS \(first by "
                                             r".*numpy_api\.py\): keep one implementation and delete the other"):
            tensor.NUMPY_FUNCTIONS[np.sum] = lambda *args: None
        with pytest.raises(ValueError, match="np.mean is registered twice"):
            tensor.NUMPY_FUNCTIONS.update({np.mean: lambda *args: None})
        assert tensor.NUMPY_FUNCTIONS.setdefault(np.sum, None) is not None  # setdefault keeps the one there
    finally:  # (a failure here must not leave the process's later tests a table without np.sum)
        for func, impl in kept.items():
            dict.__setitem__(tensor.NUMPY_FUNCTIONS, func, impl)


def test_a_placeholder_or_an_implementation_read_first_may_be_replaced():
    table = tensor.FunctionTable()
    first, second = (lambda: 1), (lambda: 2)
    table.setdefault(np.unique, first)  # a placeholder (numpy_api's refusals of data-dependent functions)
    table[np.unique] = second
    with pytest.raises(ValueError, match="np.unique is registered twice"):
        table[np.unique] = first  # (replaced once: the new one is no placeholder)
    table[np.repeat] = first
    base = table[np.repeat]  # an extension reads what it wraps
    table[np.repeat] = lambda: base() + 1
    assert table[np.unique]() == 2 and table[np.repeat]() == 2


# --- operators, promotion and indexing --------------------------------------------------------

OPERATOR_CASES = [
    (lambda x, y: (x + y, x - y, x * y, x / y, x // y, x % y, x ** 2, -x, +x, abs(-x)), [((3, 4), F64), ((4,), F32)]),
    (lambda x, y: (x & y, x | y, x ^ y, x << 1, x >> 1, ~x), [((3, 4), I32), ((3, 4), I32)]),
    (lambda x, y: (x == y, x != y, x < y, x <= y, x > y, x >= y), [((3, 4), F64), ((3, 1), F64)]),
    (lambda x: (1 + x, 2 - x, 3 * x, 4 / x, 5 // x, 6 % x, 2 ** x, 1 & x, 1 | x, 1 ^ x), [((3,), I32)]),
    (lambda a, b: (a @ b, np.ones((2, 3)) @ a, a @ np.ones(4)), [((3, 4), F64), ((4, 2), F64)]),
    (lambda x: (x + 1, x * 2.5, x / 2, x + np.float64(1.5), x + True), [((3,), I32)]),
    (lambda x: (x + 1, x * 2.5, x + 1j), [((3,), F32)]),
    (lambda x: (x + 1, x * 2, x & True), [((3,), B)]),
    (lambda x: (x[0], x[-1, 1:], x[::2, None, ...], x[..., 1], x[:, [0, 2, 3]], x[[0, 2]], x[1:3, ::-1]),
     [((4, 5), F64)]),
    (lambda x, i: (x[i], x[:, i], x[i, 1:], x[0, :, [1, 2]]), [((4, 5, 3), F64), ((), I32)]),
    (lambda x, i: (x[i % 4], x[i % 4, i % 5]), [((4, 5), F64), ((2, 3), I64)]),
    (lambda x, n: (x[:n], x[n:, ::2]), [((6, 4), F64), ((), I32)]),
    (lambda x: (x.sum(), x.mean(axis=0), x.max(1), x.min(), x.prod(0), x.any(), x.all(1), x.argmax(), x.argmin(0),
                x.cumsum(1), x.transpose(1, 0), x.transpose(), x.reshape((6,))), [((2, 3), I32)]),
]


@pytest.mark.parametrize("fn, specs", OPERATOR_CASES)
def test_operators_match_numpy(fn, specs):
    check_same_as_numpy(fn, specs)


def test_tensor_attributes():
    def fn(x):
        # (an unknown dim reads as a graph value, a PyNumber, in the user's code: tests/runtime/graph/test_dims.py)
        assert x.value.shape == (None, 4) and x.ndim == 2 and x.dtype == np.float32
        assert type(x.shape[0]) is PyNumber and x.shape[1] == 4 and type(x.size) is PyNumber
        assert x.T.value.shape == (4, None) and len(x[0]) == 4
        assert repr(x) == "<Tensor f32[?,4]>"
        return x
    trace(fn, [TensorSpec((None, 4), np.float32)])


def test_weak_python_scalars_keep_the_tensor_dtype():
    def fn(x):
        assert (x + 1).dtype == np.int32 and (x * 2.5).dtype == np.float64 and (x / 2).dtype == np.float64
        assert (x.astype(np.float32) * 2.5).dtype == np.float32 and (x + np.int64(1)).dtype == np.int64
        return x
    trace(fn, [TensorSpec((3,), np.int32)])


def test_python_int_that_does_not_fit_raises_like_numpy():
    with pytest.raises(OverflowError):
        np.zeros(3, np.int8) + 1000
    with pytest.raises(OverflowError):
        trace(lambda x: x + 1000, [TensorSpec((3,), np.int8)])


def test_block_and_dtype_predicates_match_numpy():
    def f(a, b):
        return (np.block([[a, np.zeros((2, 2))], [np.ones((1, 2)), b[None, :]]]), np.block([a[0], b]),
                np.block(b), np.iscomplexobj(a), np.isrealobj(b))

    a, b = np.arange(4.0).reshape(2, 2), np.arange(2.0)
    graph, tree = trace(f, [TensorSpec((2, 2)), TensorSpec((2,))])
    for got, expected in zip(tree.unflatten(list(run(graph, [a, b]))), f(a, b)):
        np.testing.assert_array_equal(got, expected)
    with pytest.raises(ValueError, match="List depths are mismatched"):
        trace(lambda a: np.block([a, [a]]), [TensorSpec((2,))])


def test_shape_errors_are_raised_while_tracing():
    with pytest.raises(ValueError, match="broadcast"):
        trace(lambda x, y: x + y, [TensorSpec((3,)), TensorSpec((4,))])
    with pytest.raises(ValueError, match="matmul"):
        trace(lambda x, y: x @ y, [TensorSpec((3, 2)), TensorSpec((3, 2))])
    with pytest.raises(IndexError, match="out of bounds"):
        trace(lambda x: x[5], [TensorSpec((3,))])
    with pytest.raises(IndexError, match="boolean index did not match indexed array along axis 0; size of axis is 3 "
                       "but size of corresponding boolean axis is 4"):
        trace(lambda x, y: x[y > 0], [TensorSpec((3,)), TensorSpec((4,))])


@pytest.mark.parametrize("call, name", [
    (lambda x: np.i0(x), "np.i0"),
    (lambda x: np.polyint(x[0]), "np.polyint"),
    (lambda x: np.bitwise_count(x.astype(int)), "np.bitwise_count"),
    (lambda x: np.roots(x[0]), "np.roots"),
])
def test_unsupported_numpy_functions_name_themselves(call, name):
    with pytest.raises(TypeError, match=f"{name} is not supported in graphs"):
        trace(call, [TensorSpec((3, 3))])


def test_out_arguments_are_rejected():
    with pytest.raises(TypeError, match="out="):
        trace(lambda x: np.exp(x, out=np.zeros(3)), [TensorSpec((3,))])


# --- values that are not known while tracing: the error names this file and line ----------------

CONCRETE_USES = {
    "bool": lambda t: bool(t),
    "if": lambda t: 1 if t > 0 else 0,
    "while": lambda t: [None for _ in t],
    "int": lambda t: int(t),
    "float": lambda t: float(t),
    "index": lambda t: [1, 2][t],
    "len": lambda t: len(t),
    "asarray": lambda t: np.asarray(t),
}


@pytest.mark.parametrize("kind", sorted(CONCRETE_USES))
def test_concrete_value_errors_point_at_user_code(kind):
    use = CONCRETE_USES[kind]
    with pytest.raises(TypeError) as info:
        trace(use, [TensorSpec((None,) if kind in ("len", "while") else (), np.int64)])
    message = str(info.value)
    assert "not known while tracing" in message and "autograph" in message
    match = re.match(r"(.*):(\d+): ", message)
    assert match and match.group(1) == __file__, message
    line = open(__file__).read().splitlines()[int(match.group(2)) - 1]
    assert line.strip().startswith(f'"{kind}": lambda'), line


def test_tensor_spec_is_hashable_and_readable():
    spec = TensorSpec([3, None], "float32")
    assert spec == TensorSpec((3, None), np.float32) and len({spec, TensorSpec((3, None), np.float32)}) == 1
    assert repr(spec) == "TensorSpec(shape=(3, None), dtype=float32)"
    assert spec.is_compatible_with(np.zeros((3, 7), np.float32)) and not spec.is_compatible_with(np.zeros((3, 7)))
    assert TensorSpec.from_value(1.5) == TensorSpec((), np.float64)


def test_an_array_attribute_tensors_lack_is_a_clear_attribute_error():
    from runtime.limits import Limitation

    def f(x):
        assert not hasattr(x, "strides")  # hasattr stays False, as for any missing attribute
        return x.ctypes

    with pytest.raises(AttributeError, match="ndarray.ctypes is not supported on graph tensors") as info:
        trace(f, [TensorSpec((2,))])
    assert isinstance(info.value, Limitation) and "test_tensor.py:" in str(info.value)


REDUCTIONS_WITH_A_DTYPE = [
    lambda x: np.sum(x, dtype=np.int8), lambda x: np.prod(x, dtype=np.uint8), lambda x: x.sum(0, dtype=np.int16),
    lambda x: np.mean(x, dtype=np.int8), lambda x: x.mean(axis=0, dtype=np.uint8, keepdims=True),
    lambda x: np.mean(x, axis=1, dtype=np.float32), lambda x: np.var(x, ddof=7), lambda x: np.std(x, axis=0, ddof=3),
]


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("k", range(len(REDUCTIONS_WITH_A_DTYPE)))
def test_a_reduction_with_an_integer_dtype_adds_in_it_and_a_ddof_past_the_count_is_inf(k, executor):
    # np.sum(int8s, dtype=np.int8) wraps in int8 (it had widened to int64); np.var(x, ddof=7) of 6 items is inf.
    import autograph

    fn = REDUCTIONS_WITH_A_DTYPE[k]
    x = np.array([[100, 100, 100], [5, -7, 9]], np.int8)
    with np.errstate(all="ignore"):
        want = np.asarray(fn(x))
        got = np.asarray(autograph.function(fn, executor=executor)(x))
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-6 if want.dtype == np.float32 else 0)  # (XLA's float32 order)


PYTHON_INTS_BEYOND_THE_DTYPE = [
    lambda x: x / 1000, lambda x: np.true_divide(x, 1000), lambda x: 1000 / x, lambda x: x > 1000,
    lambda x: x == 300, lambda x: x < -200, lambda x: x != 2**70, lambda x: x.astype(np.uint8) > -1,
    lambda x: np.arctan2(x, 1000), lambda x: np.round(x, -1), lambda x: np.round(x, -3), lambda x: x * 1000,
]


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("k", range(len(PYTHON_INTS_BEYOND_THE_DTYPE)))
def test_a_python_int_the_dtype_cannot_hold_is_numpys_next_to_an_integer_array(k, executor):
    # NEP 50: NumPy casts a Python int to its loop's dtype (x8 / 1000 divides in float64), compares one exactly
    # (x8 > 1000 is False), and raises OverflowError only where the loop is the array's (x8 * 1000). The graph
    # had made every such int a constant of the array's dtype: OverflowError for all of them.
    import autograph

    fn = PYTHON_INTS_BEYOND_THE_DTYPE[k]
    x = np.array([-128, -125, 5, 15, 25, 100, 127], np.int8)
    with np.errstate(all="ignore"):
        try:
            want = np.asarray(fn(x))
        except OverflowError as error:
            with pytest.raises(OverflowError, match=str(error)):
                autograph.function(fn, executor=executor)(x)
            return
        got = np.asarray(autograph.function(fn, executor=executor)(x))
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-3 if want.dtype == np.float16 else 1e-12)


@pytest.mark.parametrize("dtype", [str, "U5", bytes, object])
def test_a_cast_to_text_or_objects_is_refused_with_what_to_do(dtype):
    """NeuroKit's Lempel-Ziv complexity joins ``x.astype(str)``: the graph made a '<U0' tensor (NumPy's is '<U21'),
    and str.join then failed on its items with Python's TypeError."""
    def joined(x):
        return "".join(list((x > 0).astype(int).astype(dtype)))
    with pytest.raises(autograph.NotStageable, match=r"test_tensor.py:\d+: converting a tensor to \w+ \(a NumPy "
                                                     "array of strings, bytes or objects\\) is not supported in "
                                                     "graphs"):
        autograph.function(joined)(np.array([1.0, -1.0]))


@pytest.mark.parametrize("executor", executors())
def test_astype_takes_numpys_arguments(executor):
    # (ruptures' L1Potts.fit: signal.astype(float, copy=False) was a TypeError, "unexpected keyword argument 'copy'")
    def f(x):
        same = x.astype(float, copy=False)  # x itself: the write below reaches x, as NumPy's
        same[0] = 7.0
        return x, x.astype(np.float32, order="C", casting="same_kind"), x.astype(x.dtype).sum()

    got, want = autograph.function(f, executor=executor)(np.arange(4.0)), f(np.arange(4.0))
    for g, w in zip(got, want):
        assert np.asarray(g).dtype == np.asarray(w).dtype
        np.testing.assert_array_equal(g, w)

    def unsafe(x):
        return x.astype(np.int32, casting="safe")

    with pytest.raises(TypeError) as eager:
        unsafe(np.arange(4.0))
    with pytest.raises(TypeError, match=re.escape(str(eager.value))):
        autograph.function(unsafe, executor=executor)(np.arange(4.0))


def repeats_by_a_numpy_int(x):
    return [0.0] * np.argmax(x)  # TSFEL / mir_eval: `[lab] * (end - start)` of searchsorted positions


def repeats_by_a_numpy_int_on_the_left(x):
    return np.argmax(x) * [0.0]


def repeats_a_tuple_by_a_numpy_int(x):
    return (1, 2) * np.sum(x > 0)


def repeats_text_by_a_numpy_int(x):
    return "ab" * np.argmax(x)


def repeats_by_int_of_a_traced_value(x):
    return len([0.0] * int(np.argmax(x)))


def repeats_by_a_float_scalar(x):
    return np.sum(x) * [1.0, 2.0]


def multiplies_a_0d_array_elementwise(x):
    return np.asarray(np.sum(x)) * [1.0, 2.0]


def multiplies_a_vector_elementwise(x):
    return x[:2] * [1.0, 2.0]


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", [repeats_by_a_numpy_int, repeats_by_a_numpy_int_on_the_left,
                                repeats_a_tuple_by_a_numpy_int, repeats_text_by_a_numpy_int,
                                repeats_by_int_of_a_traced_value], ids=lambda f: f.__name__)
def test_a_sequence_repeated_by_a_traced_integer_is_refused(fn, executor):
    # Python repeats a list, tuple or str by a NumPy integer scalar (`[0.0] * np.int64(3)` has three items) or an
    # int; the graph had multiplied it elementwise as a 0-d array ([0.0] * n was [0.0 * n], silently).
    x = np.array([1.0, -1.0, 2.0, 3.0, -2.0])
    fn(x)  # (eager runs)
    with pytest.raises(autograph.NotStageable, match=r"test_tensor.py:\d+: .*(repeats the sequence|repeating a list)"):
        autograph.function(fn, executor=executor)(x)


@pytest.mark.parametrize("executor", executors())
def test_a_sequence_times_a_float_scalar_is_pythons_error_and_times_an_array_is_elementwise(executor):
    x = np.array([1.0, -1.0, 2.0, 3.0, -2.0])
    with pytest.raises(TypeError, match=r"can't multiply sequence by non-int of type 'numpy.float64'"):
        repeats_by_a_float_scalar(x)
    with pytest.raises(TypeError, match=r"can't multiply sequence by non-int of type 'numpy.float64'"):
        autograph.function(repeats_by_a_float_scalar, executor=executor)(x)
    for fn in (multiplies_a_0d_array_elementwise, multiplies_a_vector_elementwise):
        np.testing.assert_array_equal(autograph.function(fn, executor=executor)(x), fn(x))


def adds_an_int_to_a_list(x):
    return [1.0] + int(np.argmax(x))


def compares_an_int_with_a_list(x):
    return int(np.argmax(x)) < [1.0, 5.0]


def subtracts_a_float_from_a_tuple(x):
    return (1.0, 2.0) - float(np.max(x))


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", [adds_an_int_to_a_list, compares_an_int_with_a_list, subtracts_a_float_from_a_tuple],
                         ids=lambda f: f.__name__)
def test_a_python_number_known_at_run_time_with_a_sequence_is_pythons_type_error(fn, executor):
    # int(t) / float(t) of a traced value is a Python number known only when the graph runs: with a list or tuple
    # Python raises TypeError, where the graph had broadcast the sequence as NumPy does ([1.0] + n was [1.0 + n]).
    x = np.array([1.0, -1.0, 2.0, 3.0, -2.0])
    with pytest.raises(TypeError) as eager:
        fn(x)
    with pytest.raises(TypeError, match=re.escape(str(eager.value))):
        autograph.function(fn, executor=executor)(x)


def pickles_an_array(x):
    return x, pickle.dumps(x * 2)  # pickles-array


def pickles_a_dimension(x):
    return x, pickle.dumps({"n": x.shape[0]})  # pickles-dim


def test_pickling_a_traced_value_is_refused_at_the_users_line():
    """pickle asked the tensor's ``__class__`` (eager's class) and failed inside its own machinery: ``args[0] from
    __newobj__ args has the wrong class``, or copyreg's ``cannot pickle 'float' object`` for a Python number known at
    run time (logging's SocketHandler pickling a record whose time is a clock reading), with no line."""
    from runtime.staging import NotStageable
    from tests.helpers import line_of

    cases = ((pickles_an_array, {}, "pickles-array"),
             (pickles_a_dimension, {"input_signature": [TensorSpec([None])]}, "pickles-dim"))
    for fn, options, marker in cases:
        with pytest.raises(NotStageable) as info:
            autograph.function(fn, **options)(np.zeros(2))
        assert str(info.value).startswith(
            f"{__file__}:{line_of(__file__, marker)}: pickling a traced value (pickle.dumps, a process pool, a cache "
            "that pickles its keys or values) is not supported while tracing: its value exists only when the graph "
            "runs")
        assert fn(np.zeros(2))[1]  # eagerly: bytes
