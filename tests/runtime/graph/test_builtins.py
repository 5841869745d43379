"""Builtins, ``math`` and NumPy constructors on graph tensors (runtime/graph/builtins.py), against eager.

Each test traces ``ag__.builtin(f, ...)`` (what converted code calls) on tensors, runs the graph, and
compares with ``f`` called eagerly on the NumPy scalars or arrays the tensors stand for: the same
value (NaN, infinities and the sign of zero included), or the same exception type and message
(Python's value errors are graph assertions that fire when the graph runs).
"""

from __future__ import annotations

import math
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import runtime as ag__
from runtime.graph import tensor
from runtime.graph.interpreter import run
from runtime.graph.tracing import TensorSpec, trace
from runtime.staging import NotStageable
from tests.helpers import without_location

FLOATS = st.floats(allow_nan=True, allow_infinity=True, width=64)
SPECIALS = st.sampled_from([0.0, -0.0, math.nan, math.inf, -math.inf, 0.5, -0.5, 1.0, -1.0, 2.5, 3.5, -2.5,
                            1e308, -1e308, 2.0 ** 63, -(2.0 ** 63), 2.0 ** 63 - 1024, 710.0, 1e-320])
VALUES = st.one_of(FLOATS, SPECIALS)
INTS = st.integers(-(2 ** 63), 2 ** 63 - 1)


def outcome(thunk):
    """("ok", value) or (exception type, message), warnings silenced (NumPy warns where Python raises)."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            return "ok", thunk()
        except Exception as error:
            return type(error), str(error)


def staged(fn, *values):
    """``fn`` traced on tensors shaped like ``values``, run on ``values``: ("ok", outputs) or the error."""
    arrays = [np.asarray(v) for v in values]
    traced = outcome(lambda: trace(fn, [TensorSpec(a.shape, a.dtype) for a in arrays]))
    if traced[0] != "ok":  # an error while tracing: one eager raises too (shapes and dtypes are static)
        return traced
    graph, tree = traced[1]
    ran = outcome(lambda: tree.unflatten(run(graph, arrays)))
    return ran if ran[0] == "ok" else (ran[0], without_location(ran[1]))


def same_value(got, want, exact: bool = True) -> bool:
    got, want = np.asarray(got), np.asarray(want)
    if got.shape != want.shape:
        return False
    if got.dtype.kind == "c" or want.dtype.kind == "c":
        return same_value(got.real, want.real, exact) and same_value(got.imag, want.imag, exact)
    if got.dtype.kind == "f" or want.dtype.kind == "f":
        if not np.array_equal(np.isnan(got), np.isnan(want)):
            return False
        ok = np.isnan(want) | (got == want) if exact else np.isclose(got, want, rtol=1e-15, atol=0, equal_nan=True)
        return bool(np.all(ok)) and bool(np.all(np.signbit(got) == np.signbit(want)) or not exact)
    return bool(np.all(got == want))


def check(fn, eager_args, staged_args=None, exact: bool = True, dtype=None):
    """``fn`` staged on ``staged_args`` (default: ``eager_args``) behaves as ``fn`` on ``eager_args``."""
    want = outcome(lambda: fn(*eager_args))
    got = staged(fn, *(eager_args if staged_args is None else staged_args))
    assert got[0] == want[0], (got, want)
    if got[0] == "ok":
        assert same_value(got[1], want[1], exact), (got, want)
        if dtype is not None:
            assert np.asarray(got[1]).dtype == dtype
    else:
        assert got[1] == want[1], (got, want)


def builtin(f):
    return lambda *args: ag__.builtin(f, *args)


# --- float, int, bool, complex -------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(VALUES)
def test_float_int_bool_complex_of_a_float64_scalar(v):
    x = np.float64(v)
    check(builtin(float), [x], dtype=np.float64)
    check(builtin(bool), [x])
    check(builtin(complex), [x], dtype=np.complex128)
    if abs(v) < 2.0 ** 63 or not math.isfinite(v):  # beyond int64 Python's int grows; the graph raises
        check(builtin(int), [x], dtype=np.int64)


@settings(max_examples=100, deadline=None)
@given(st.floats(width=32, allow_nan=True, allow_infinity=True), INTS, st.booleans())
def test_conversions_of_other_dtypes(f32, i, b):
    check(builtin(float), [np.float32(f32)])
    if abs(f32) < 2.0 ** 63 or not math.isfinite(f32):
        check(builtin(int), [np.float32(f32)])
    check(builtin(int), [np.int64(i)], dtype=np.int64)
    check(builtin(float), [np.int64(i)])
    check(builtin(bool), [np.int64(i)])
    check(builtin(int), [np.bool_(b)])
    check(builtin(float), [np.int32(i % 1000)])


def test_int_beyond_int64_is_a_graph_error():
    got = staged(builtin(int), np.float64(1e20))
    assert got[0] is OverflowError and "int64" in got[1]
    assert staged(builtin(int), np.float64(math.nan)) == (ValueError, "cannot convert float NaN to integer")
    assert staged(builtin(int), np.float64(-math.inf)) == (OverflowError, "cannot convert float infinity to integer")


@pytest.mark.parametrize("f", [float, int, complex])
def test_conversion_needs_a_0d_tensor_as_numpy(f):
    for shape in [(1,), (2,), (1, 1)]:
        want = outcome(lambda: f(np.ones(shape)))
        if want[0] == "ok":  # NumPy < 2.4 converts a size-1 array (with a DeprecationWarning): so does the graph
            check(builtin(f), [np.ones(shape)])
            continue
        with pytest.raises(want[0], match=want[1]):
            trace(builtin(f), [TensorSpec(shape, np.float64)])


def test_bool_takes_one_element_as_numpy():
    check(builtin(bool), [np.array([0.0])])
    check(builtin(bool), [np.array([[2]])])
    for shape in [(2,), (0,)]:
        want = outcome(lambda: bool(np.ones(shape)))
        with pytest.raises(want[0]) as info:
            trace(builtin(bool), [TensorSpec(shape, np.float64)])
        assert str(info.value) == want[1]


def test_complex_conversions():
    check(builtin(complex), [np.complex64(1 + 2j)])
    # (an argument typed only by its spec may be a NumPy scalar, whose real part NumPy 2 takes, or a 0-d array)
    with pytest.raises(NotStageable, match=r"int\(\) / float\(\) of a complex value .* take np.real\(z\) first"):
        trace(builtin(float), [TensorSpec((), np.complex128)])
    with pytest.raises(NotStageable, match=r"complex\(real, imag\)"):
        trace(lambda a, b: ag__.builtin(complex, a, b), [TensorSpec((), np.float64)] * 2)


def test_int_with_a_base_is_pythons_error():
    with pytest.raises(TypeError, match="can't convert non-string with explicit base"):
        trace(lambda x: ag__.builtin(int, x, 10), [TensorSpec((), np.float64)])


# --- math ----------------------------------------------------------------------------------------

UNARY = [math.sqrt, math.exp, math.expm1, math.log, math.log10, math.log2, math.log1p, math.sin, math.cos,
         math.tan, math.asin, math.acos, math.atan, math.sinh, math.cosh, math.tanh, math.asinh, math.acosh,
         math.atanh, math.fabs, math.degrees, math.radians, math.floor, math.ceil, math.trunc, math.isnan,
         math.isinf, math.isfinite, math.modf]
UNARY += [getattr(math, name) for name in ("exp2", "cbrt") if hasattr(math, name)]
SPECIAL = [math.erf, math.erfc, math.gamma, math.lgamma]  # no NumPy ufunc: math's own, element by element
UNARY += SPECIAL
# Correctly rounded in both (or exact, or math's own function): the rest may differ from the C library by an ulp.
EXACT = {math.sqrt, math.fabs, math.floor, math.ceil, math.trunc, math.isnan, math.isinf, math.isfinite,
         math.modf, *SPECIAL}


@pytest.mark.parametrize("f", UNARY, ids=lambda f: f.__name__)
@settings(max_examples=60, deadline=None)
@given(v=VALUES)
def test_math_unary_matches_python_with_its_errors(f, v):
    if f in (math.floor, math.ceil, math.trunc) and math.isfinite(v) and abs(v) >= 2.0 ** 63:
        return  # Python's int grows; the graph raises (test_int_beyond_int64_is_a_graph_error)
    check(builtin(f), [np.float64(v)], exact=f in EXACT)


@pytest.mark.parametrize("f", [math.sqrt, math.floor, math.exp, math.isnan], ids=lambda f: f.__name__)
@settings(max_examples=30, deadline=None)
@given(i=st.integers(-(2 ** 40), 2 ** 40))
def test_math_of_integer_tensors(f, i):
    check(builtin(f), [np.int64(i)], exact=f is not math.exp)


def test_math_domain_errors_are_graph_assertions_with_pythons_message():
    for f, bad in [(math.sqrt, -1.0), (math.log, 0.0), (math.log10, -2.0), (math.acos, 2.0), (math.sin, math.inf),
                   (math.atanh, 1.0)]:
        graph, tree = trace(builtin(f), [TensorSpec((), np.float64)])
        assert "assert" in [node.op for node in graph.nodes]
        with np.errstate(all="ignore"), pytest.raises(ValueError) as info:
            run(graph, [np.float64(bad)])
        assert str(info.value) == "math domain error"  # exactly Python's (on 3.10 too: a graph assertion)
        if sys.version_info >= (3, 11):
            assert "test_builtins.py" in "".join(info.value.__notes__)
        assert run(graph, [np.float64(0.5)]) is not None  # a valid value passes
    with np.errstate(all="ignore"), pytest.raises(OverflowError) as info:
        run(trace(builtin(math.exp), [TensorSpec((), np.float64)])[0], [np.float64(1000.0)])
    assert str(info.value) == "math range error"


@settings(max_examples=150, deadline=None)
@given(VALUES, VALUES)
def test_math_binary_matches_python(a, b):
    x, y = np.float64(a), np.float64(b)
    check(builtin(math.pow), [x, y], exact=False)  # NumPy's power, not the C library's: an ulp apart
    check(builtin(math.fmod), [x, y])
    check(builtin(math.atan2), [x, y], exact=False)
    check(builtin(math.copysign), [x, y])
    check(builtin(math.log), [x, y], exact=False)
    check(builtin(math.hypot), [x, y], exact=False)
    check(builtin(math.isclose), [x, y])
    check(lambda p, q: ag__.builtin_call(math.isclose, p, q, rel_tol=1e-3, abs_tol=1e-9), [x, y])


def test_math_log_base_one_is_pythons_zero_division():
    assert staged(builtin(math.log), np.float64(2.0), np.float64(1.0)) == (ZeroDivisionError,
                                                                            "float division by zero")


@pytest.mark.parametrize("f", SPECIAL, ids=lambda f: f.__name__)
def test_math_special_functions_at_their_poles_and_edges(f):
    for v in (0.0, -0.0, -1.0, -2.0, -170.5, -171.5, 0.5, 1.0, 2.0, 171.6, 171.7, 1e-320, -1e-320, 2.6e305, 1e308,
              math.inf, -math.inf, math.nan):
        check(builtin(f), [np.float64(v)])
    check(builtin(f), [np.int64(-3)])
    check(builtin(f), [np.int64(5)])


def test_unsupported_math_functions_say_so():
    for f in (math.fsum, math.factorial, math.ldexp):
        with pytest.raises(NotStageable, match=rf"math\.{f.__name__} is not supported in graphs"):
            trace(builtin(f), [TensorSpec((), np.float64)])


# --- min and max ---------------------------------------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(VALUES, VALUES, VALUES)
def test_min_max_of_scalars_keep_pythons_first_item_rule(a, b, c):
    x, y, z = np.float64(a), np.float64(b), np.float64(c)
    for f in (min, max):
        check(builtin(f), [x, y])
        check(lambda p, q, r, f=f: ag__.builtin_call(f, p, q, r), [x, y, z])
        check(lambda p, q, f=f: ag__.builtin(f, p, 0.0), [x, y])  # a Python number among them
        check(lambda p, q, f=f: ag__.builtin(f, [p, q]), [x, y])


@settings(max_examples=200, deadline=None)
@given(st.lists(VALUES, min_size=1, max_size=6))
def test_min_max_of_a_tensor_iterate_its_first_axis(values):
    x = np.array(values)
    for f in (min, max):
        check(builtin(f), [x])
        check(builtin(f), [x.reshape(-1, 1)])
        check(builtin(f), [(x * 4).astype(np.int64)] if np.all(np.isfinite(x)) and np.all(np.abs(x) < 1e15)
              else [np.zeros(3, np.int64)])


def test_min_max_errors_and_options():
    check(builtin(max), [np.ones((2, 3))])  # rows compare elementwise: NumPy's ambiguous truth value
    check(builtin(max), [np.ones((2, 0))])
    check(lambda x: ag__.builtin(max, x), [np.zeros(0)])
    check(lambda x: ag__.builtin_call(max, x, default=-1.0), [np.zeros(0)])
    check(lambda x: ag__.builtin_call(min, x, key=abs), [np.array([3.0, -1.0, 2.0, 1.0])])
    check(lambda x: ag__.builtin_call(max, x, key=lambda v: -v), [np.array([3.0, -1.0, 2.0])])
    check(lambda a, b: ag__.builtin(max, a, b), [np.array([1.0]), np.array([2.0])])
    check(lambda a, b: ag__.builtin(max, a, b), [np.ones(2), np.zeros(2)])
    with pytest.raises(TypeError, match="Cannot specify a default"):
        trace(lambda a, b: ag__.builtin_call(max, a, b, default=0), [TensorSpec((), np.float64)] * 2)
    with pytest.raises(TypeError, match="iteration over a 0-d array"):
        trace(builtin(max), [TensorSpec((), np.float64)])


# --- round, divmod, pow --------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(VALUES, st.integers(-3, 3))
def test_round_matches_a_numpy_scalar(v, n):
    x = np.float64(v)
    if not math.isfinite(v) or abs(v) < 2.0 ** 63:
        check(builtin(round), [x], dtype=np.int64)
    check(lambda p: ag__.builtin(round, p, n), [x])
    check(lambda p: ag__.builtin(round, p, n), [np.int32(int(v) % 10000 if math.isfinite(v) else 7)])


def test_round_halves_to_even_and_arrays_have_no_round():
    for v in (0.5, 1.5, 2.5, -0.5, -2.5, 3.5):
        check(builtin(round), [np.float64(v)])
    check(builtin(round), [np.ones(2)])  # NumPy 2: TypeError, no __round__


@settings(max_examples=100, deadline=None)
@given(VALUES, VALUES)
def test_divmod_and_pow_are_numpys(a, b):
    x, y = np.float64(a), np.float64(b)
    check(builtin(divmod), [x, y])
    with np.errstate(all="ignore"):
        scalar, array = x ** y, (np.array(x) ** np.array(y))[()]
    # NumPy's own scalar and array paths disagree on a few special values (-inf ** 0.5: an array's `**`
    # takes its square root); a graph computes on arrays.
    if same_value(scalar, array, False):
        check(builtin(pow), [x, y], exact=False)


# --- np.array and friends ------------------------------------------------------------------------

@pytest.mark.parametrize("make", [
    lambda a, b: [a, b],
    lambda a, b: [[a, 1.0], [b, 2]],
    lambda a, b: (a, [b, b]) if np.ndim(a) == 0 else [a, b],
    lambda a, b: [a, np.float32(1.5)],
    lambda a, b: [[a], [b]],
], ids=["pair", "matrix", "tuple", "numpy-scalar", "column"])
@pytest.mark.parametrize("dtypes", [(np.float32, np.float32), (np.float32, np.float64), (np.int32, np.int64),
                                    (np.bool_, np.int8), (np.int64, np.float32)], ids=str)
@pytest.mark.parametrize("shape", [(), (3,)], ids=str)
def test_array_of_nests_matches_numpy(make, dtypes, shape):
    a, b = np.ones(shape, dtypes[0]), np.full(shape, 2, dtypes[1])
    if shape == ():
        a, b = a[()], b[()]
    check(lambda p, q: ag__.builtin(np.array, make(p, q)), [a, b])
    check(lambda p, q: ag__.builtin_call(np.array, make(p, q), dtype=np.float32), [a, b])
    check(lambda p, q: ag__.builtin_call(np.array, make(p, q), ndmin=4), [a, b])
    check(lambda p, q: ag__.builtin(np.asarray, make(p, q)), [a, b])


def test_array_of_a_float32_tensor_and_a_python_float_is_float64_as_numpy():
    check(lambda p: ag__.builtin(np.array, [p, 1.0]), [np.float32(2.0)], dtype=np.float64)
    check(lambda p: ag__.builtin(np.array, [p, 1]), [np.int8(2)], dtype=np.int64)


def test_ragged_nests_raise_numpys_error():
    check(lambda p, q: ag__.builtin(np.array, [p, q]), [np.ones(2), np.ones(3)])
    check(lambda p: ag__.builtin(np.array, [p, 1.0]), [np.ones(2)])
    check(lambda p: ag__.builtin_call(np.array, [p], copy=False), [np.ones(2)])


def test_array_copies_and_asarray_does_not():
    def f(x):
        copied, same = ag__.builtin(np.array, x), ag__.builtin(np.asarray, x)
        assert same is x and copied is not x
        x[0] = 5.0  # a write into x reaches `same` (it is x), not the copy
        return copied, same, ag__.builtin_call(np.array, x, copy=False) is x
    graph, tree = trace(f, [TensorSpec((2,), np.float64)])
    copied, same, identical = tree.unflatten(run(graph, [np.zeros(2)]))
    assert np.array_equal(copied, [0.0, 0.0]) and np.array_equal(same, [5.0, 0.0]) and identical


def test_array_dtype_and_ndmin_of_a_tensor():
    check(lambda p: ag__.builtin_call(np.array, p, dtype=np.int32), [np.array([1.5, -2.5])], dtype=np.int32)
    check(lambda p: ag__.builtin_call(np.array, p, ndmin=3), [np.array([1.5, -2.5])])
    check(lambda p: ag__.builtin(np.ascontiguousarray, p), [np.float64(2.0)])
    check(lambda p: ag__.builtin(np.asanyarray, p), [np.ones((2, 2))])


def test_ascontiguousarray_of_a_view_refuses_writes():
    def f(x):
        y = ag__.builtin(np.ascontiguousarray, x.T)
        y[0, 0] = 1.0
        return y
    with pytest.raises(NotStageable, match=r"result of np.ascontiguousarray.*only for some layouts"):
        trace(f, [TensorSpec((2, 3), np.float64)])


# --- iteration -----------------------------------------------------------------------------------

def test_iterating_a_tensor_with_a_known_leading_dim():
    def f(x, y):
        a, b = x.T
        rows = [r * 2 for r in x]
        pairs = [p * q for p, q in zip(a, b)]
        return a, b, rows, pairs, sum(y), list(y)
    x, y = np.arange(6.0).reshape(3, 2), np.array([1.5, -2.0, 4.0])
    graph, tree = trace(f, [TensorSpec(x.shape, x.dtype), TensorSpec(y.shape, y.dtype)])
    got, want = tree.unflatten(run(graph, [x, y])), f(x, y)
    for g, w in zip(got, want):
        assert np.array_equal(np.asarray(g), np.asarray(w))


def test_iteration_errors():
    with pytest.raises(TypeError, match="^iteration over a 0-d array"):
        trace(lambda x: list(x), [TensorSpec((), np.float64)])
    with pytest.raises(NotStageable, match="known only at run time"):
        trace(lambda x: list(x), [TensorSpec((None,), np.float64)])


def test_rows_are_views_as_in_numpy():
    def f(x):
        for row in list(x):
            row += 1.0
        return x
    graph, tree = trace(f, [TensorSpec((2, 2), np.float64)])
    assert np.array_equal(tree.unflatten(run(graph, [np.zeros((2, 2))])), np.ones((2, 2)))


def test_unknown_callables_are_left_to_python():
    from runtime.graph import builtins as graph_builtins

    assert graph_builtins.call(repr, (tensor.Tensor,), {}) is NotImplemented


def test_isinstance_answers_for_the_array_a_tensor_stands_for():
    import autograph

    def f(a, v):
        d = v.T.dot(a)
        assert isinstance(d, np.ndarray)
        return d, isinstance(d, (list, np.ndarray)), isinstance(d, float), isinstance(3, int)

    a, v = np.eye(3), np.ones((3, 1))
    for got, want in zip(autograph.function(f)(a, v), f(a, v)):
        assert np.array_equal(np.asarray(got), np.asarray(want))

    def scalar(x):
        return isinstance(np.sum(x), float)  # np.sum gives a NumPy scalar: np.float64 is a float

    assert autograph.function(scalar)(np.ones(2)) == scalar(np.ones(2)) is True

    def argument(x):
        return isinstance(x, float)  # a 0-d argument may be np.float64 (a float) or a 0-d array (not)

    # The trace key says which the call passed (TensorSpec.scalar); an input_signature's 0-d spec does not.
    assert autograph.function(argument)(np.float64(1.0)) == argument(np.float64(1.0)) is True
    assert autograph.function(argument)(np.array(1.0)) == argument(np.array(1.0)) is False
    with pytest.raises(NotStageable, match="0-d graph tensor"):
        autograph.function(argument, input_signature=[autograph.TensorSpec(())])(np.float64(1.0))


def test_a_numpy_array_indexed_by_a_tensor_and_index_expressions():
    import autograph

    def onehot(labels):
        return np.eye(4)[labels], np.arange(10.0)[labels[0]:]  # a gather; a slice with a tensor bound

    def joins(a, b):
        return np.r_[a, b, 0:2], np.c_[a, b], np.r_[1, a]

    labels = np.array([1, 3])
    for got, want in zip(autograph.function(onehot)(labels)[:1], onehot(labels)[:1]):
        assert np.array_equal(got, want)
    a, b = np.arange(3.0), np.ones(3)
    for got, want in zip(autograph.function(joins)(a, b), joins(a, b)):
        assert got.shape == want.shape and np.array_equal(got, want)
    assert "ag__.item(ag__.call(np.eye)(4), labels)" in autograph.to_code(onehot)  # a graph array while traced
    assert autograph.convert(onehot)(labels)[0].tolist() == onehot(labels)[0].tolist()  # plain values: NumPy's read


# --- a NumPy array's methods given a tensor (A.dot(x)) -----------------------------------------------------

A = np.arange(6.0).reshape(2, 3)
EDGES = np.array([0.5, 1.5, 2.5])


def array_methods(x):
    return (A.dot(x), A.dot(x.astype(np.float32)), EDGES.searchsorted(x, side="right"),
            A.take(np.array([0, 5])) + x[:2], EDGES.clip(x[0], x[1]), x.dot(x), A.dot(np.ones(3)))


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_a_numpy_arrays_method_given_a_tensor_matches_eager(executor):
    # NumPy's ndarray methods do not dispatch; the converter routes those that take an array, and the graph
    # answers with NumPy's function of the same name on the array made a constant (np.dot(A, x)).
    import autograph

    x = np.array([1.0, 2.0, 0.25])
    got, want = autograph.function(array_methods, executor=executor)(x), array_methods(x)
    for g, w in zip(got, want, strict=True):
        assert np.asarray(g).dtype == np.asarray(w).dtype and np.array_equal(g, w)


def test_a_numpy_arrays_other_methods_given_a_tensor_keep_the_tensors_refusal():
    # (a method that is not routed, such as A.repeat(t), asks the tensor for its value: the tensor says why not)
    import autograph

    def repeat(x):
        return A.repeat(x)
    with pytest.raises(TypeError, match=r"test_builtins.py:\d+: converting a tensor to a NumPy array"):
        autograph.function(repeat)(np.array([1, 2]))


def _summed_through_a_call(x, f):
    return f(x)  # (ag__.call of a NumPy function met under a local name: runtime/graph/builtins.py reads the table)


def test_a_graph_calling_a_numpy_function_leaves_its_registration_guarded():
    """The graph's own reads of the table go through .get: a read with [] marks the entry replaceable (what an
    extension that wraps it does), and np.sum called so once made any later registration of it silently win
    (a test that then re-registered np.sum with a stub broke every later np.sum in its worker)."""
    import autograph

    for f in (np.sum, np.average, np.median, np.cumsum):
        autograph.function(_summed_through_a_call)(np.arange(3.0), f)
    with pytest.raises(ValueError, match=r"np\.sum is registered twice"):
        tensor.NUMPY_FUNCTIONS[np.sum] = lambda *args: None
    with pytest.raises(ValueError, match=r"np\.average is registered twice"):
        tensor.NUMPY_FUNCTIONS[np.average] = lambda *args: None


def _real_of_an_item(z):
    return int(z[0]), float(z[1])


def _real_of_a_0d_array(z):
    return float(np.asarray(z[0]))


def _round_of_a_comparison(x):
    return round(x[0] > 0)


def _round_of_a_0d_array(x):
    return round(np.asarray(x[0]))


def _round_of_an_item(x):
    return round(x[0]), round(x[1])


@pytest.mark.parametrize("fn", [_real_of_an_item, _real_of_a_0d_array, _round_of_a_comparison,
                                _round_of_a_0d_array, _round_of_an_item], ids=lambda f: f.__name__.strip("_"))
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128, np.float64])
def test_conversions_of_numpy_scalars_and_0d_arrays_are_numpys(fn, dtype):
    """NumPy 2 takes a complex NumPy scalar's real part in int() / float() (the graph refused), refuses a 0-d array
    there and in round(), and NumPy's bool has no __round__ (the graph gave 1; helper-115)."""
    import autograph

    x = np.array([1.5 + 2j, -2.5 - 1j]).astype(dtype)
    if np.dtype(dtype).kind == "c" and fn in (_round_of_a_comparison, _round_of_an_item):
        x = x.real
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            want = ("value", fn(x))
        except TypeError as error:
            want = ("error", TypeError, str(error))
        for executor in ("numpy", "jax"):
            try:
                got = ("value", tuple(np.asarray(v).item() for v in np.atleast_1d(
                    autograph.function(fn, executor=executor)(x))) if isinstance(want[1], tuple) else
                    np.asarray(autograph.function(fn, executor=executor)(x)).item())
            except TypeError as error:
                got = ("error", TypeError, str(error))
            assert got == want, executor


@pytest.mark.parametrize("index", [True, False, np.True_])
def test_a_bool_index_is_refused_by_name_not_as_numpys_index_error(index):
    # (helper-115: a refusal raised as IndexError, which `except IndexError:` in the program took for NumPy's)
    import autograph

    def read(x):
        return x[index]

    assert read(np.arange(3.0)).shape in ((1, 3), (0, 3))
    with pytest.raises(NotStageable, match=r"test_builtins.py:\d+: a bool as an index \(x\[True\].* write x\[None\]"):
        autograph.function(read)(np.arange(3.0))
