"""Python ints known only when the graph runs (``PyNumber``: ``int(x[0])``, a dimension under ``input_signature`` with
None, an ``np.vectorize`` element) are held as int64, where Python's ints grow: an operation whose exact result leaves
int64 raises ``OverflowError`` when the graph runs, never the wrapped number (runtime/graph/tensor.py,
``operator_apply``). The oracle is Python's exact result, on both executors."""

from __future__ import annotations

import operator
import re

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import NotStageable
from tests.helpers import notes

INT64 = np.iinfo(np.int64)
# Near the ends of int64, near its square root (products), and small: where wrapping starts.
EDGES = st.sampled_from([0, 1, -1, 2, -2, 3, 7, 2 ** 31, -(2 ** 31), 3037000499, 3037000500, -3037000500,
                         2 ** 32, INT64.max, INT64.min, INT64.max - 1, INT64.min + 1, 2 ** 62, -(2 ** 62)])
VALUES = st.one_of(EDGES, st.integers(INT64.min, INT64.max), st.integers(-1000, 1000))
BINARY = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "floordiv": operator.floordiv}
EXECUTORS = ("numpy", "jax")


def _run(fn, *arrays, executor):
    try:
        return ("value", int(autograph.function(fn, executor=executor)(*arrays)))
    except OverflowError:
        return ("overflow", None)


def _expected(exact):
    return ("value", exact) if INT64.min <= exact <= INT64.max else ("overflow", None)


@settings(max_examples=30, deadline=None)
@given(a=VALUES, b=VALUES, name=st.sampled_from(sorted(BINARY)))
@example(a=INT64.min, b=-1, name="floordiv")
@example(a=-1, b=INT64.min, name="mul")
@example(a=INT64.min, b=-1, name="mul")
@example(a=3037000500, b=3037000500, name="mul")
@example(a=INT64.max, b=1, name="add")
@example(a=INT64.min, b=1, name="sub")
def test_int_arithmetic_is_pythons_or_an_overflow_error(a, b, name):
    if name == "floordiv" and b == 0:
        b = 1
    python = BINARY[name]

    def fn(k):
        return python(int(k[0]), int(k[1]))
    for executor in EXECUTORS:
        assert _run(fn, np.array([a, b], np.int64), executor=executor) == _expected(python(a, b)), executor


@settings(max_examples=20, deadline=None)  # (four programs per example, each on both executors)
@given(a=VALUES, exponent=st.integers(0, 70), shift=st.integers(0, 70))
@example(a=-2, exponent=63, shift=0)  # exactly INT64_MIN: fits
@example(a=2, exponent=63, shift=0)
@example(a=3037000499, exponent=2, shift=0)
@example(a=-1, exponent=0, shift=63)  # -1 << 63 is INT64_MIN: fits
@example(a=1, exponent=0, shift=63)
def test_powers_shifts_and_negation_are_pythons_or_an_overflow_error(a, exponent, shift):
    # (the exponent and the shift are constants written in the code, as ** of a run-time number needs)
    fns = {
        "pow": (lambda k: int(k[0]) ** exponent, a ** exponent),
        "left_shift": (lambda k: int(k[0]) << shift, a << shift),
        "neg": (lambda k: -int(k[0]), -a),
        "abs": (lambda k: abs(int(k[0])), abs(a)),
    }
    for name, (fn, exact) in fns.items():
        for executor in EXECUTORS:
            assert _run(fn, np.array([a], np.int64), executor=executor) == _expected(exact), (name, executor)


def test_the_overflow_error_names_the_line_and_says_what_to_do():
    def fn(k):
        n = int(k[0])
        return n * 4000000000 * 4000000000
    with pytest.raises(OverflowError, match=r"(?s)Python int too large for the graph.*compute in float") as info:
        autograph.function(fn)(np.array([3]))
    assert any(re.search(r"\S*test_python_int_overflow.py:\d+", note) for note in notes(info.value))  # (3.10: first)
    assert autograph.function(fn)(np.array([0])) == 0


def test_a_python_int_constant_beyond_int64_next_to_a_run_time_int_is_refused_by_name():
    def fn(k):
        return int(k[0]) + 2 ** 63
    with pytest.raises(NotStageable, match=r"test_python_int_overflow.py:\d+: the Python int 9223372036854775808 next "
                                           r"to a Python int known only when the graph runs"):
        autograph.function(fn)(np.array([3]))


def test_vectorized_python_ints_raise_rather_than_wrap():
    def fn(k):
        return np.vectorize(lambda v: v ** 40)(k)
    np.testing.assert_array_equal(autograph.function(fn)(np.array([0, 1, 2])), fn(np.array([0, 1, 2])))
    with pytest.raises(OverflowError):
        fn(np.array([1, 3]))
    with pytest.raises(OverflowError, match="Python int too large for the graph"):
        autograph.function(fn)(np.array([1, 3]))


@settings(max_examples=20, deadline=None)
@given(value=st.one_of(st.floats(allow_nan=True, allow_infinity=True, allow_subnormal=False),  # (XLA flushes them)
                       st.sampled_from([0.0, -0.0, 1e200, -1e160])),
       exponent=st.integers(-4, 4))
def test_a_run_time_float_to_an_int_power_is_pythons_float_power(value, exponent):
    """Python's ``float ** int``: C's pow, with Python's errors where NumPy's would give inf (OverflowError) or divide
    by zero (ZeroDivisionError)."""
    def fn(k):
        return float(k[0]) ** exponent
    try:
        want = ("value", value ** exponent)
    except (OverflowError, ZeroDivisionError) as error:
        want = ("error", type(error))
    for executor in EXECUTORS:
        try:
            got = ("value", float(autograph.function(fn, executor=executor)(np.array([value]))))
        except (OverflowError, ZeroDivisionError) as error:
            got = ("error", type(error))
        if want[0] == "value" and got[0] == "value" and executor == "jax":
            if 0 < abs(want[1]) < np.finfo(np.float64).tiny:
                continue  # (XLA on CPU flushes a subnormal result to zero: docs/jax.md, "Subnormal floats under XLA")
            np.testing.assert_allclose(got[1], want[1], rtol=1e-15)  # (XLA's pow: to rounding, docs/jax.md)
        elif want[0] == "value" and got[0] == "value":
            np.testing.assert_array_equal(got[1], want[1])
        else:
            assert got == want, executor
