"""``np.clip`` and ``np.where`` with a Python int the array's dtype cannot hold, differential against NumPy.

Next to an integer array in an operator such an int is NumPy 2's OverflowError (``x_u8 + 300``), and the graph
raised it here too. NumPy's ``clip`` takes it as a bound (``np.clip(x_u8, 0, 300)`` is ``x_u8``; its error only
where both bounds lie beyond) and ``where`` casts it into the array's dtype without a word (``np.where(c, x_u8,
300)`` holds 44): until stop 71 the graph refused both where NumPy gives a value. Each program runs on each
executor, against the NumPy installed (3.10's NumPy 2.2 and 3.13's 2.5 answer for themselves).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import autograph
from tests.helpers import executors, load_f, outcome

PROGRAMS = ["np.clip(x, 0, {v})", "np.clip(x, {v}, None)", "np.clip(x, {v}, 2)", "x.clip(max={v})",
            "np.clip(x, {v}, {v} + 100)", "np.where(x > 1, x, {v})", "np.where(x > 1, {v}, x)",
            "np.where(x > 1, {v}, -1)"]
NUMBERS = ["300", "-300", "-1", "128", "2**32", "2**63", "2**70", "7"]
ARRAYS = {"uint8": [1, 2, 3], "int8": [-100, 2, 100], "uint32": [0, 5, 9], "int64": [5, -7, 0], "float32": [1, 5, 2]}


def _outcome(fn, x):
    return outcome(fn, x, errors=(OverflowError, ValueError, TypeError))


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize(("program", "number"), list(itertools.product(PROGRAMS, NUMBERS)))
def test_clip_and_where_take_an_int_beyond_the_dtype_as_numpy_does(executor, program, number):
    f = load_f(f"def f(x):\n    return {program.format(v=number)}\n", "clip-where")
    for dtype, values in ARRAYS.items():
        x = np.array(values, dtype=dtype)
        want, got = _outcome(f, x), _outcome(autograph.function(f, executor=executor), x)
        assert got[0] == want[0], (program, number, dtype, got, want)
        if want[0] == "value":
            assert got[1].dtype == want[1].dtype, (program, number, dtype, got, want)
            np.testing.assert_array_equal(got[1], want[1])
        else:
            assert want[1] in got[1], (program, number, dtype, got, want)
