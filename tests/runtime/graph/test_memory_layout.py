"""Arrays NumPy makes in a layout of its choosing, then sums, on every executor (runtime/graph/ops_layout.py).

NumPy sums an array in the order its items lie in memory, so ``np.asfortranarray(x).sum()`` rounds otherwise than
``x.sum()``. Until stop 90 a graph kept every array in the layout of the op that made it: ``np.array(x, order="F")``,
``x.T.copy()``, ``np.zeros_like(x.T)`` and the others below gave another last bit than NumPy in 8 calls of 10 (no
error), and ``np.asfortranarray`` was not staged at all. The family makes an array in each such way, then sums,
averages or multiplies it (or returns it): "numpy" and "numba" must give NumPy's bits (and "numpy" its layout);
"jax" and "auto" NumPy's values within the rounding any order of adding may cost (XLA adds in an order of its own:
docs/jax.md). The converted form, on plain values as written and inside a JAX trace, must give NumPy's bits.
"""

from __future__ import annotations

import functools
import importlib.util
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from tests.helpers import jax_usable

EXAMPLES = int(os.environ.get("AUTOGRAPH_LAYOUT_EXAMPLES", "12"))


# --- the arrays: each made in a layout NumPy chooses -------------------------------------------------

def array_f(x):
    return np.array(x, order="F")


def asarray_f(x):
    return np.asarray(x, order="F")


def asfortranarray(x):
    return np.asfortranarray(x)


def asfortranarray_of_transpose(x):
    return np.asfortranarray(x.T)  # (x.T is Fortran-ordered already: NumPy gives it back)


def copy_f(x):
    return np.copy(x, order="F")


def method_copy_f(x):
    return x.copy(order="F")


def astype_f(x):
    return x.astype(np.float64, order="F")


def astype32_f(x):
    return x.astype(np.float32, order="F")


def copy_of_transpose(x):
    return x.T.copy()  # (C, the method's default)


def ascontiguousarray_of_transpose(x):
    return np.ascontiguousarray(x.T)


def array_c_of_transpose(x):
    return np.array(x.T, order="C")


def astype_c_of_transpose(x):
    return x.T.astype(np.float32, order="C")


def array_k_of_transpose(x):
    return np.array(x.T)  # (K: Fortran, as x.T)


def copy_a_of_transpose(x):
    return np.copy(x.T, order="A")  # (A of a Fortran array: Fortran)


def method_copy_none_of_transpose(x):
    return x.T.copy(order=None)  # (None is the method's default, C; astype's None is its default, K)


def astype_none_of_transpose(x):
    return x.T.astype(np.float64, order=None)


def method_copy_a(x):
    return x.copy(order="A")  # (A of a C array: C)


def zeros_like_transpose(x):
    z = np.zeros_like(x.T)
    z += x.T
    return z


def empty_like_transpose_written(x):
    z = np.empty_like(x.T)
    z[...] = x.T * 2.0
    return z


def full_like_transpose(x):
    return np.full_like(x.T, 0.5) + x.T


def ones_like_a(x):
    return np.ones_like(x.T, order="A") * x.T


def zeros_like_c(x):
    return np.zeros_like(x.T, order="C") + x.T


def zeros_f_written(x):
    z = np.zeros(x.shape, order="F")
    z[...] = x
    return z


def full_f_of_a_traced_value(x):
    return np.full(x.shape, x[0, 0], order="F") * 1.0


def stacked_f(x):
    return np.array([x[0], x[1] * 2.0, x[-1]], order="F")


MAKERS = [array_f, asarray_f, asfortranarray, asfortranarray_of_transpose, copy_f, method_copy_f, astype_f,
          astype32_f, copy_of_transpose, ascontiguousarray_of_transpose, array_c_of_transpose, astype_c_of_transpose,
          array_k_of_transpose, copy_a_of_transpose, method_copy_none_of_transpose, astype_none_of_transpose,
          method_copy_a, zeros_like_transpose, empty_like_transpose_written,
          full_like_transpose, ones_like_a, zeros_like_c, zeros_f_written, full_f_of_a_traced_value, stacked_f]


# --- what then reads the layout ------------------------------------------------------------------------

def total(y):
    return np.sum(y)


def columns(y):
    return y.sum(axis=0)


def rows(y):
    return y.sum(axis=1)


def average(y):
    return y.mean()


def spread(y):
    return np.std(y)


def gram(y):
    return y @ y.T


def itself(y):
    return y


READERS = [total, columns, rows, average, spread, gram, itself]


@functools.cache
def program(maker, reader):
    def f(x):
        return reader(maker(x))
    f.__name__ = f"{reader.__name__}_of_{maker.__name__}"
    return f


@functools.cache
def staged(maker, reader, executor):
    return autograph.function(program(maker, reader), executor=executor)


@st.composite
def matrices(draw):
    shape = draw(st.sampled_from([(3, 5), (6, 4), (9, 13), (2, 17)]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    return rng.standard_normal(shape) * 10.0 ** rng.uniform(-4, 4, shape)


def bound(reader, x):
    """How far any order of the reader's adding may round from NumPy's (within a factor), per output element."""
    size = np.abs(x).astype(np.float64)
    eps = float(np.finfo(np.float32 if x.dtype == np.float32 else np.float64).eps) * (x.size + 2)
    if reader is total:
        return eps * size.sum()
    if reader is columns:
        return eps * size.sum(axis=0)
    if reader is rows:
        return eps * size.sum(axis=1)
    if reader in (average, spread):
        return eps * size.sum() / x.size * 4 + eps * np.abs(x).max()
    if reader is gram:
        return eps * (size @ size.T)
    return 0.0


EXECUTORS = ["numpy", "numba", "jax", "auto"]


def usable(executor):
    if executor == "numba":
        return importlib.util.find_spec("numba") is not None
    return executor == "numpy" or jax_usable()


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("maker", MAKERS, ids=lambda m: m.__name__)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(x=matrices(), reader=st.sampled_from(READERS))
def test_a_graph_lays_out_arrays_as_numpy_does(executor, maker, x, reader):
    if not usable(executor):
        pytest.skip(f"{executor} is not installed")
    want = program(maker, reader)(x)
    got = staged(maker, reader, executor)(x)
    got, want = np.asarray(got), np.asarray(want)
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    if executor in ("numpy", "numba"):
        np.testing.assert_array_equal(got, want)  # NumPy's bits
        if executor == "numpy" and reader is itself:
            assert got.flags.f_contiguous == want.flags.f_contiguous  # and its layout
            assert got.flags.c_contiguous == want.flags.c_contiguous
    else:
        made = np.asarray(maker(x))
        allowed = bound(reader, made)
        assert np.all(np.abs(got.astype(np.float64) - want) <= np.broadcast_to(allowed, want.shape) * 1.01)


@pytest.mark.parametrize("maker", MAKERS, ids=lambda m: m.__name__)
def test_the_converted_form_on_plain_values_is_numpys(maker):
    x = np.random.default_rng(5).standard_normal((9, 13)) * 1e3
    fn = program(maker, total)
    want = fn(x)
    converted = autograph.convert(fn)
    assert converted(x) == want  # (as written: no trace under way)
    if jax_usable():
        import jax

        seen = []
        jax.make_jaxpr(lambda: seen.append(converted(x)) or 0)()  # the converted form, on plain values
        assert seen == [want]


def test_the_graph_says_where_it_lays_out():
    graph = autograph.function(asfortranarray).get_concrete_function(np.ones((3, 4))).graph
    assert "contiguous[order='F']" in str(graph)
    graph = autograph.function(zeros_like_transpose).get_concrete_function(np.ones((3, 4))).graph
    assert "layout_like[order='K']" in str(graph)


def asfortranarray_of_a_new_array(x):
    return np.asfortranarray(x + 1.0)


@pytest.mark.parametrize("shape", [(5,), (1, 7), (7, 1), (0, 3), ()])
def test_no_layout_node_where_layouts_cannot_differ(shape):
    # (An array the function made is contiguous; an argument may be strided whatever its shape: stop 92.)
    graph = autograph.function(asfortranarray_of_a_new_array).get_concrete_function(np.ones(shape)).graph
    assert "contiguous" not in str(graph)
    np.testing.assert_array_equal(autograph.function(asfortranarray_of_a_new_array)(np.ones(shape)),
                                  asfortranarray_of_a_new_array(np.ones(shape)))
    np.testing.assert_array_equal(autograph.function(asfortranarray)(np.ones(shape)), np.asfortranarray(np.ones(shape)))


@pytest.mark.parametrize("make", [lambda b: b[::-1], lambda b: b[::2], lambda b: b],
                         ids=["reversed", "strided", "plain"])
def test_an_argument_vector_is_laid_out_as_numpy_lays_it_out(make):
    # NumPy's asfortranarray of a reversed or strided vector is a contiguous copy, of a contiguous one the vector
    # itself: a graph that took every argument for contiguous returned the strided view itself.
    x = make(np.arange(10.0))
    got, want = autograph.function(asfortranarray)(x), np.asfortranarray(x)
    np.testing.assert_array_equal(got, want)
    assert (got is x) == (want is x) and np.shares_memory(got, x) == np.shares_memory(want, x)


def test_writing_into_an_array_that_may_be_its_argument_is_refused():
    # np.asfortranarray gives x itself where x is Fortran-ordered already, else a copy: a graph does not know which.
    def f(x):
        y = np.asfortranarray(x)
        y[0, 0] = 7.0
        return x

    with pytest.raises(autograph.NotStageable, match="only for some layouts"):
        autograph.function(f)(np.ones((3, 4)))


def test_an_order_numpy_does_not_know_is_numpys_error():
    def f(x):
        return x.copy(order="Z")

    with pytest.raises(ValueError) as eager:
        f(np.ones((2, 3)))
    with pytest.raises(ValueError) as staged_error:
        autograph.function(f)(np.ones((2, 3)))
    assert str(staged_error.value) == str(eager.value)


def test_astype_without_a_copy_in_an_order_is_refused():
    def f(x):
        return x.astype(np.float64, order="F", copy=False).sum()

    with pytest.raises(autograph.NotStageable, match="copy=False"):
        autograph.function(f)(np.ones((3, 4)))
