"""``x == other`` and ``x != other`` of a graph tensor against an object NumPy's comparison loops do not take (None,
a string, bytes, a dict, a set, any object): NumPy gives one answer for every element, a bool array of ``x``'s
shape (``np.array([1.0]) == "mean"`` is ``array([False])``), ``np.False_`` for a 0-d array and a NumPy scalar
against a string, Python's ``False`` for a NumPy scalar against None or an object. The graph gave a
``UFuncTypeError`` against a string (NeuroKit's ``signal_binarize``: ``if threshold == "mean":``) and Python's
``False`` against None for an array. Each comparison, both orders, on 1-D, 2-D, empty and 0-d values (a NumPy
scalar from a reduction, a 0-d array), in the trace and on both executors, against eager NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation
from tests import helpers


class _Thing:
    pass


OTHERS = {"none": None, "str": "mean", "bytes": b"mean", "dict": {"a": 1}, "set": {1, 2}, "object": _Thing()}
VALUES = {
    "vector": lambda x: x,
    "matrix_int": lambda x: (x * 10).astype(np.int32).reshape(2, 2),
    "empty": lambda x: x[:0],
    "numpy_scalar": lambda x: np.sum(x),
    "zero_d_array": lambda x: np.asarray(x[0]).reshape(()),
    "bool_vector": lambda x: x > 0.5,
}
X = np.array([0.1, 0.9, 0.4, 0.7])


@pytest.mark.parametrize("executor", helpers.executors())
@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("other", OTHERS)
def test_comparing_with_an_object_is_numpys(value, other, executor):
    make, obj = VALUES[value], OTHERS[other]

    def fn(x):
        v = make(x)
        results = (v == obj, v != obj, obj == v, obj != v)
        # What the program sees: NumPy's types (a Python bool, a NumPy bool, an array), then the values.
        seen = tuple(isinstance(r, bool) for r in results) + tuple(isinstance(r, np.ndarray) for r in results)
        return results + seen
    want = fn(X)
    got = autograph.function(fn, executor=executor)(X)
    for g, w in zip(got, want, strict=True):
        assert np.asarray(g).dtype == np.asarray(w).dtype and np.shape(g) == np.shape(w)
        np.testing.assert_array_equal(g, w)


def test_a_branch_on_a_comparison_with_a_string_is_not_staged():
    """NeuroKit's ``signal_binarize``: the comparison is NumPy's False, a Python-level answer, so the ``if`` runs as
    Python and no staged branch is made."""
    def binarize(signal, threshold="auto"):
        if threshold == "auto":
            threshold = np.mean([np.max(signal), np.min(signal)])
        if threshold == "mean":
            threshold = np.mean(signal)
        return np.where(signal > threshold, 1, 0)
    np.testing.assert_array_equal(autograph.function(binarize)(X), binarize(X))


def test_assigning_a_shape_is_refused_with_what_to_write():
    def flatten_in_place(a):
        out = np.empty(np.shape(a), dtype=complex)
        out.shape = (-1,)
        return out
    with pytest.raises(autograph.NotStageable, match=r"test_object_comparisons.py:\d+: `x.shape = \(-1,\)` reshapes "
                                                     r"a NumPy array in place.*write `x = x.reshape\(...\)`"):
        autograph.function(flatten_in_place)(np.ones((2, 2)))


def test_assigning_a_dtype_is_refused_with_what_to_write():
    def fix_numpy_deprecation(y):  # skyfield's searchlib._fix_numpy_deprecation (tests/coverage, stop 79)
        if np.issubdtype(y.dtype, np.bool_):
            y.dtype = np.int8
        return y
    # (It raised the Tensor class's AttributeError, which a program's `except AttributeError:` could take.)
    with pytest.raises(autograph.NotStageable, match=r"test_object_comparisons.py:\d+: `x.dtype = 'int8'` "
                                                     r"reinterprets a NumPy array's bytes in place.*x = x.view"):
        autograph.function(fix_numpy_deprecation)(np.array([True, False]))


def whole(x):
    return x[0].is_integer(), x[1].is_integer(), x[2].is_integer(), x[3].is_integer()


def floats_whole(idx):
    return all([float(i).is_integer() for i in idx])  # yasa's compare_detection (tests/coverage, stop 79)


def test_a_python_number_method_of_a_0d_tensor_is_numpys_or_refused_by_name():
    """``x[0]`` stands for a NumPy scalar, whose ``is_integer`` the graph computes (False for inf and NaN, as
    NumPy's); ``float(t)`` may stand for a Python float, a method of which the graph refuses by name (it raised the
    Tensor class's AttributeError, which a program's `except AttributeError:` could take); a method neither a 0-d
    array nor the NumPy scalar has is NumPy's AttributeError, as eagerly (`np.int64(5).bit_length`)."""
    x = np.array([2.0, 2.5, np.inf, np.nan])
    assert tuple(bool(b) for b in autograph.function(whole)(x)) == whole(x) == (True, False, False, False)
    with pytest.raises(Limitation, match=r"test_object_comparisons.py:\d+: .is_integer of a 0-d graph "
                                         r"tensor, which stands for a Python number or a NumPy scalar"):
        autograph.function(floats_whole)(np.array([5, 12]))

    def bits(x):
        return x[0].bit_length()
    with pytest.raises(AttributeError, match="bit_length") as raised:
        autograph.function(bits)(np.array([5, 12]))
    assert not isinstance(raised.value, Limitation)


def test_a_python_number_known_at_run_time_compares_with_objects_as_python_does():
    """``x.shape[0]`` of an unknown dim and ``int(t)`` are Python ints known when the graph runs (``PyNumber``): against
    None or a string they are Python's ``False`` / ``True`` (identity), not NumPy's arrays."""
    def fn(x):
        n, m = x.shape[0], int(np.sum(x))
        results = (n == None, n != "a", m == "mean", "mean" != m, m == OTHERS["object"])  # noqa: E711
        return results + tuple(type(r) is bool for r in results)
    x = np.arange(3)
    got = autograph.function(fn, input_signature=[autograph.TensorSpec([None], np.int64)])(x)
    assert [bool(g) for g in got] == list(fn(x))
