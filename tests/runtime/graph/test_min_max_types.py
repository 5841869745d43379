"""``min()`` / ``max()`` choosing by a staged comparison give what Python gives, one of the objects itself, or
refuse as a staged conditional expression does when the two cannot share one type. Python's ``max(a, b)`` of an
int64 and a float32 scalar returns the int64 one (2**62 + 1, exactly); a ``where`` of the two promoted it to
float64 (2**62) on both executors, and to float32 under ``jax.jit`` (found by helper-115). The same choice written
as ``a if a > b else b`` was refused. The oracle is eager NumPy; each case runs on both executors and, for the
refusals, under ``jax.jit`` of the converted function."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from runtime.staging import StagingError
from tests import helpers


def largest(a, b):
    return max(a[0], b[0])


def smallest_of_three(a, b):
    return min(a[0], b[0], a[1])


def with_zero(a):
    return max(a[0], 0)


def with_a_half(a):
    return min(a[0], 0.5)


SAME_TYPE = [
    pytest.param(largest, (np.array([3, -1], np.int8), np.array([5, 0], np.int8)), id="int8s"),
    pytest.param(largest, (np.array([2 ** 62 + 1, 0]), np.array([2 ** 62, 0])), id="int64s_beyond_2**53"),
    pytest.param(smallest_of_three, (np.array([1.5, -2.5], np.float32), np.array([0.5, 0], np.float32)),
                 id="float32s"),
]
WITH_A_NUMBER = [
    pytest.param(with_zero, (np.array([-3, 1], np.int8),), id="int8_and_zero"),
    pytest.param(with_zero, (np.array([3.5, 1], np.float32),), id="float32_and_zero"),
    pytest.param(with_a_half, (np.array([0.25, 1], np.float32),), id="float32_and_a_half"),
]


@pytest.mark.parametrize("executor", helpers.executors())
@pytest.mark.parametrize(("fn", "args"), SAME_TYPE)
def test_a_choice_between_one_type_is_pythons_object(fn, args, executor):
    graph = autograph.function(fn, executor=executor)
    for flip in (False, True):  # (each item chosen once)
        call = tuple(-a if flip and a.dtype.kind != "u" else a for a in args)
        want, got = fn(*call), graph(*call)
        assert type(got) is type(want) and got == want, (got, want)


@pytest.mark.parametrize("executor", helpers.executors())
@pytest.mark.parametrize(("fn", "args"), WITH_A_NUMBER)
def test_a_python_number_that_fits_takes_the_arrays_type(fn, args, executor):
    # (docs/limitations.md, "A choice between a Python number and an array has the array's dtype": the value is
    # Python's, its type the array's on the runs that choose the number)
    graph = autograph.function(fn, executor=executor)
    for flip in (False, True):
        call = tuple(-a for a in args) if flip else args
        want, got = fn(*call), graph(*call)
        assert got == want and type(got) is args[0].dtype.type, (got, want)


MIXED = [
    pytest.param(largest, (np.array([2 ** 62 + 1, 0]), np.array([1.5, 0], np.float32)),
                 r"the value of max\(\) is a f32\[\] tensor where a later argument is chosen but an i64\[\] tensor "
                 r"where the first one is kept; a staged value has one dtype", id="int64_float32"),
    pytest.param(largest, (np.array([3, 0], np.int8), np.array([1, 0], np.int16)),
                 r"the value of max\(\) is an i16\[\] tensor .* but an i8\[\] tensor", id="int8_int16"),
    pytest.param(with_a_half, (np.array([3, 0], np.int8),),
                 r"the value of min\(\) is an i8\[\] tensor where the first one is kept but the Python float 0.5 "
                 r"where a later argument is chosen, which does not fit int8", id="int8_and_a_half"),
]


@pytest.mark.parametrize("executor", helpers.executors())
@pytest.mark.parametrize(("fn", "args", "message"), MIXED)
def test_a_choice_between_two_types_is_refused_as_a_conditional_expression_is(fn, args, message, executor):
    fn(*args)  # (eager: one of the two objects, whose type depends on the values)
    with pytest.raises(StagingError, match=r"test_min_max_types\.py:\d+: " + message):
        autograph.function(fn, executor=executor)(*args)


def test_under_jax_jit_a_choice_between_two_dtypes_is_refused():
    jax = pytest.importorskip("jax")
    with jax.enable_x64(True):
        args = (jax.numpy.array([2 ** 62 + 1, 0]), jax.numpy.array([1.5, 0], jax.numpy.float32))
        with pytest.raises(StagingError, match=r"test_min_max_types\.py:\d+: the value of max\(\) is a float32\[\] "
                                               r"array where a later argument is chosen but an int64\[\] array"):
            jax.jit(autograph.convert(largest))(*args)
        same = (jax.numpy.array([2 ** 62 + 1, 0]), jax.numpy.array([2 ** 62, 0]))
        assert int(jax.jit(autograph.convert(largest))(*same)) == 2 ** 62 + 1
