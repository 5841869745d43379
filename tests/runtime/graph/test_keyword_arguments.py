"""Keyword arguments of NumPy functions and methods that change the answer: each one a graph takes, it honours
or refuses, never ignores (found by the statsmodels corpus: ``np.ravel(m, order="F")`` came back in C order).

Each program runs eagerly (the oracle) and staged on every executor: the same dtype, shape and values, or NumPy's
own exception, or a clear refusal where the answer depends on what a graph does not fix (an input's memory
layout, whether NumPy could give a view).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.staging import NotStageable
from tests.helpers import executors, same_result

EXECUTORS = executors()


def outcome(fn, *args, executor=None):
    """("value", result) or ("raises", exception class) of ``fn(*args)``, eagerly or staged on ``executor``."""
    try:
        result = fn(*args) if executor is None else autograph.function(fn, executor=executor)(*args)
    except NotStageable:
        raise
    except Exception as error:  # noqa: BLE001  (NumPy's exception is the answer compared)
        return "raises", type(error)
    return "value", result


def as_eager(fn, *args, executor):
    want = outcome(fn, *(np.copy(a) for a in args))
    got = outcome(fn, *(np.copy(a) for a in args), executor=executor)
    assert got[0] == want[0], (got, want)
    if want[0] == "raises":
        assert issubclass(got[1], want[1]) or issubclass(want[1], got[1]), (got, want)
    else:
        same_result(got[1], want[1], executor)


# --- order= of reshape, ravel and flatten ---------------------------------------------------------------

def ravel_f(m):
    return np.ravel(m, order="F")


def reshape_f(m, shape):
    return np.reshape(m, shape, order="F")


def methods_f(m, shape):
    return m.ravel("F"), m.flatten("F"), m.reshape(shape, order="F"), m.reshape(*shape, order="f") + 1


def methods_c(m, shape):
    return m.ravel(order="C"), m.flatten(order="C"), m.reshape(shape, order="C"), np.ravel(m, order="C")


def reshape_f_round_trip(m):
    flat = np.ravel(m, order="F")
    return np.reshape(flat, m.shape, order="F") - m, np.reshape(flat, m.shape) - m


SHAPES = st.lists(st.integers(1, 4), min_size=1, max_size=4).map(tuple)


@st.composite
def arrays_and_shapes(draw):
    """An array and a shape of the same size to reshape it to (its dims' product split another way)."""
    shape = draw(SHAPES)
    size = int(np.prod(shape))
    factors = [d for d in range(1, size + 1) if size % d == 0]
    first = draw(st.sampled_from(factors))
    return np.arange(size, dtype=np.float64).reshape(shape) * 1.5, (first, size // first)


@pytest.mark.parametrize("executor", EXECUTORS)
@settings(max_examples=15, deadline=None)
@given(case=arrays_and_shapes())
def test_order_f_reads_and_writes_first_index_fastest(executor, case):
    m, shape = case  # (the shape a Python constant of the program, as code writes it)
    for fn in (reshape_f, methods_f, methods_c):
        as_eager(lambda m, fn=fn: fn(m, shape), m, executor=executor)
    for fn in (ravel_f, reshape_f_round_trip):
        as_eager(fn, m, executor=executor)


def order_a(m):
    return m.ravel("A")


def order_k(m):
    return np.ravel(m, order="K")


def unknown_order(m):
    return m.reshape(6, order="Z")


@pytest.mark.parametrize("executor", EXECUTORS)
def test_orders_that_follow_the_memory_layout_are_refused_unless_every_order_agrees(executor):
    for fn in (order_a, order_k):
        with pytest.raises(NotStageable, match=r"follows the input's memory layout .* say order='C' or order='F'"):
            autograph.function(fn, executor=executor)(np.ones((2, 3)))
        as_eager(fn, np.arange(5.0), executor=executor)  # a vector: every order gives the same items
        as_eager(fn, np.arange(5.0).reshape(1, 5, 1), executor=executor)
    as_eager(unknown_order, np.ones((2, 3)), executor=executor)  # NumPy's own error


# --- copy= of reshape: a copy is no view ---------------------------------------------------------------

def reshape_copy_then_write(m):
    r = np.reshape(m, (3, 2), copy=True)
    r[0, 0] = 99.0
    return m, r


def method_copy_then_write(m):
    r = m.reshape((3, 2), copy=True)
    r[1, 1] = -1.0
    return m, r


def reshape_view_then_write(m):
    r = m.reshape(3, 2)
    r[0, 0] = 99.0
    return m, r


def reshape_f_then_write(m):
    r = m.reshape((3, 2), order="F")
    r[0, 0] = 99.0
    return m, r


def reshape_f_copy_then_write(m):
    r = m.reshape((3, 2), order="F", copy=True)
    r[0, 0] = 99.0
    return m, r


def reshape_no_copy_f(m):
    return np.reshape(m, (3, 2), order="F", copy=False)


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_copy_asked_for_is_a_copy_and_a_view_that_may_not_be_one_refuses_writes(executor):
    m = np.arange(6.0).reshape(2, 3)
    for fn in (reshape_copy_then_write, method_copy_then_write, reshape_view_then_write, reshape_f_copy_then_write):
        as_eager(fn, m, executor=executor)
    # An F-order reshape of a matrix is a view only for some strides (a Fortran-ordered input): writes refuse.
    with pytest.raises(NotStageable, match="NumPy shares memory with the original only for some layouts"):
        autograph.function(reshape_f_then_write, executor=executor)(m)
    with pytest.raises(NotStageable, match=r"reshape\(..., copy=False\): whether NumPy can give it without a copy"):
        autograph.function(reshape_no_copy_f, executor=executor)(m)


# --- equal_nan= of array_equal ---------------------------------------------------------------------------

def equal_with_nans(a, b):
    return np.array_equal(a, b, equal_nan=True), np.array_equal(a, b)


VALUES = st.sampled_from([0.0, 1.0, -2.5, np.nan, np.inf])


@pytest.mark.parametrize("executor", EXECUTORS)
@settings(max_examples=25, deadline=None)
@given(a=st.lists(VALUES, min_size=3, max_size=3), b=st.lists(VALUES, min_size=3, max_size=3),
       imaginary=st.booleans())
def test_array_equal_with_equal_nan_takes_nans_as_equal(executor, a, b, imaginary):
    x, y = np.array(a), np.array(b)
    if imaginary:  # a complex value is NaN where either part is
        x, y = (np.array([complex(re, im) for re, im in zip(v, v[::-1])]) for v in (x, y))
    as_eager(equal_with_nans, x, y, executor=executor)
    as_eager(equal_with_nans, np.arange(3), np.arange(3), executor=executor)


# --- casting= of concatenate, stack, hstack, vstack ------------------------------------------------------

def joined(a, b, dtype, casting):
    return (np.concatenate([a, b], dtype=dtype, casting=casting), np.stack([a, b], dtype=dtype, casting=casting),
            np.hstack([a, b], dtype=dtype, casting=casting), np.vstack([a, b], dtype=dtype, casting=casting))


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
@pytest.mark.parametrize("dtype", [None, np.int64, np.float32, np.float64])
@pytest.mark.parametrize("kinds", [(np.float64, np.float64), (np.float64, np.int64), (np.int32, np.int64)])
def test_casting_is_numpys(executor, casting, dtype, kinds):
    a, b = np.array([1.5, 2.0]).astype(kinds[0]), np.array([3, 4]).astype(kinds[1])
    as_eager(lambda a, b: joined(a, b, dtype, casting), a, b, executor=executor)


# --- out= of argmax / argmin: refused, never dropped -------------------------------------------------------

def argmax_into(x, out):
    np.argmax(x, out=out)
    return out


@pytest.mark.parametrize("executor", EXECUTORS)
def test_argmax_out_is_refused(executor):
    with pytest.raises(NotStageable, match=r"np.argmax: argument\(s\) out are not supported in graphs"):
        autograph.function(argmax_into, executor=executor)(np.array([1.0, 3.0, 2.0]), np.zeros((), np.intp))
