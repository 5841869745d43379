"""Writes into a 0-d value that stands for a NumPy scalar (an element ``x[0]``, a ufunc's or a reduction's
result) do what NumPy does to its immutable scalar: ``out=`` it and ``np.add.at`` raise NumPy's TypeError,
``s[()] = v`` too, ``s.fill(v)`` and ``s.flat[0] = v`` change nothing. Graphs wrote into it and returned the
written value (PyWavelets' ``soft`` on a 0-d input: ``thresholded.clip(min=0, out=thresholded)``). The same
writes into a 0-d array (``np.asarray(s)``, ``np.zeros(())``) write it, as NumPy does. Eager NumPy is the oracle:
the value, or the exception's type and message."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from tests.helpers import executors


def ufunc_out(s):
    np.add(s, 1.0, out=s)


def method_out(s):
    s.clip(0.0, 1.0, out=s)


def negative_out(s):
    np.negative(s, out=s)


def item_set(s):
    s[()] = 5.0


def ellipsis_set(s):
    s[...] = 5.0


def filled(s):
    s.fill(5.0)


def flat_set(s):
    s.flat[0] = 5.0


def added_at(s):
    np.add.at(s, (), 1.0)


WRITES = [ufunc_out, method_out, negative_out, item_set, ellipsis_set, filled, flat_set, added_at]


def element(x):
    return x[0] * 2.0


def total(x):
    return np.sum(x)


def as_array(x):
    return np.asarray(x[0] * 2.0)


def zeros_written(x):
    a = np.zeros(())
    a[()] = x[1]
    return a


MAKERS = [element, total, as_array, zeros_written]


def program(x, make, write):
    s = make(x)
    write(s)
    return s


def outcome(run, *args):
    try:
        value = run(*args)
    except Exception as error:  # noqa: BLE001  (the exception is the result compared)
        return type(error), str(error)
    return float(np.asarray(value)), np.asarray(value).dtype


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("make", MAKERS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("write", WRITES, ids=lambda f: f.__name__)
def test_a_write_into_a_0d_value_does_what_numpy_does_to_what_it_stands_for(executor, make, write):
    x = np.array([0.25, 2.0])
    expected = outcome(program, x.copy(), make, write)
    assert outcome(autograph.function(program, executor=executor), x.copy(), make, write) == expected


def augmented_by_array(x, make):
    s = make(x)
    s += x  # a NumPy scalar has no in-place add: s = s + x, an array; a 0-d array cannot hold the (2,) result
    return s


def element_times_array(x):
    x[0] *= x  # x[0] = x[0] * x: NumPy's "setting an array element with a sequence."
    return x


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("make", MAKERS, ids=lambda f: f.__name__)
def test_an_augmented_assignment_of_an_array_rebinds_a_scalar_as_numpy(executor, make):
    # (Graphs raised "return arrays must be of ArrayType" for s += x of a NumPy scalar, where NumPy gives s + x.)
    def run(fn):
        try:
            return "value", np.asarray(fn(np.array([0.25, 2.0]), make)).tolist()
        except Exception as error:  # noqa: BLE001  (the exception is the result compared)
            return type(error), str(error).splitlines()[0]

    assert run(autograph.function(augmented_by_array, executor=executor)) == run(augmented_by_array)


@pytest.mark.parametrize("executor", executors())
def test_an_element_multiplied_by_its_array_is_numpys_value_error(executor):
    with pytest.raises(ValueError, match=r"^setting an array element with a sequence\.$"):
        element_times_array(np.array([1.0, 2.0]))
    with pytest.raises(ValueError, match=r"^setting an array element with a sequence\."):
        autograph.function(element_times_array, executor=executor)(np.array([1.0, 2.0]))
