"""A Python number written into an array that cannot hold it, differential against NumPy on each executor.

NumPy 2 refuses ``y[0] = 300`` into a uint8 array (``OverflowError: Python integer 300 out of bounds for uint8``),
and so do ``y[mask] = 300``, ``y.fill(300)``, ``np.insert(y, 0, 300)``, ``np.fill_diagonal(y, 300)`` and
``y[:2] = [300, 1]`` (NumPy converts each Python number of a list to the array's dtype: ``[x[0], 300]`` and
``[1.5, 300]`` too). Until stop 71 the graph cast the constant into the array's dtype, wrapping it (44), and
returned an array eager NumPy never makes. Now NumPy's own error is raised where the write runs: always, at top
level; inside a staged branch, only on the inputs that take it (the branch not taken writes nothing, as eagerly).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import autograph
from tests.helpers import executors, load_f, outcome

WRITES = [
    "y[0] = {v}",
    "y[y > 1] = {v}",
    "y[[0, 1]] = {v}",
    "y[:2] = [{v}, 1]",
    "y[:2] = [x[0], {v}]",
    "y[:2] = [1.5, {v}]",
    "y.flat[:2] = [x[2], {v}]",
    "y[...] = {v}",
    "y.fill({v})",
    "y.flat[1] = {v}",
    "np.copyto(y, {v})",
    "np.put(y, [0], {v})",
    "y = np.insert(y, 0, {v})",
]
DTYPES_AND_NUMBERS = [("uint8", "300"), ("uint8", "-1"), ("int8", "128"), ("int16", "-40000"), ("uint32", "2**32"),
                      ("int64", "2**63"), ("uint8", "255"), ("int8", "-128"), ("int32", "7")]


def _agree(got, want, source):
    assert got[0] == want[0], (source, got, want)
    if want[0] == "value":
        np.testing.assert_array_equal(got[1], want[1])
        assert got[1].dtype == want[1].dtype
    else:
        assert want[1] in got[1], (source, got, want)  # NumPy's words (the graph adds where it checked)


def _outcome(fn, x):
    return outcome(fn, x, errors=(OverflowError, ValueError, TypeError))


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize(("write", "dtype_number"), list(itertools.product(WRITES, DTYPES_AND_NUMBERS)))
def test_a_number_written_into_an_array_is_numpys_value_or_numpys_error(executor, write, dtype_number):
    dtype, number = dtype_number
    source = f"def f(x):\n    y = x.copy()\n    {write.format(v=number)}\n    return y\n"
    f = load_f(source, "constant-write")
    x = np.array([0, 2, 3], dtype=dtype)
    _agree(_outcome(autograph.function(f, executor=executor), x.copy()), _outcome(f, x.copy()), source)


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("write", [w for w in WRITES if "insert" not in w])  # (insert changes y's shape)
def test_inside_a_staged_branch_the_error_comes_only_where_the_data_takes_it(executor, write):
    source = (f"def f(x):\n    y = x.copy()\n    if x[1] > 1:\n        {write.format(v='300')}\n"
              f"    return y\n")
    f = load_f(source, "constant-write")
    staged = autograph.function(f, executor=executor)
    for values in ([0, 2, 3], [0, 1, 3]):  # takes the branch (NumPy's OverflowError), then not (y as it was)
        x = np.array(values, dtype=np.uint8)
        _agree(_outcome(staged, x.copy()), _outcome(f, x.copy()), source)


def test_fill_diagonal_of_a_number_the_array_cannot_hold_is_numpys_error():
    def diagonal(x):
        y = np.zeros((2, 2), x.dtype)
        np.fill_diagonal(y, 300)
        return y

    with pytest.raises(OverflowError, match="Python integer 300 out of bounds for uint8"):
        diagonal(np.zeros(2, np.uint8))
    with pytest.raises(OverflowError, match="Python integer 300 out of bounds for uint8"):
        autograph.function(diagonal)(np.zeros(2, np.uint8))
    np.testing.assert_array_equal(autograph.function(diagonal)(np.zeros(2, np.int16)), [[300, 0], [0, 300]])
