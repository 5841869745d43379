"""A staged variable that holds a tensor on one path and a Python number on another, differential against NumPy.

Where a staged ``if`` or loop joins a tensor of dtype D with a Python number, NumPy's weak-scalar rule (NEP 50)
gives the joined variable the dtype D: ``y = x[0]`` in one branch and ``y = 0.5`` in the other is a float32 of a
float32 ``x``. A number D cannot hold is no longer the number there: ``1e300`` beside a float32 became inf, and
``300`` beside a uint8 raised NumPy's OverflowError from inside the runtime (stop 71, found by hand; the graph
then returned inf where eager Python returned 1e300). The graph now refuses those, at the user's line; every other
join gives eager's value (within D's rounding: the number is held in D). Each program takes the number's path on
one input and the tensor's on another, on each executor, with the number in the branch, in the loop's body, or
before the loop (a sentinel, on an empty input: the loop runs no iteration).
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from runtime.staging import StagingError
from tests.helpers import executors, load_f, outcome

DTYPES = ["int8", "uint8", "int16", "int32", "int64", "uint64", "float16", "float32", "float64", "complex64"]
NUMBERS = ["0", "1", "-1", "127", "128", "255", "256", "-129", "300", "65504", "65520", "70000", "2**31", "2**63 - 1",
           "2**63", "2**64", "2**70", "0.5", "0.1", "-2.5", "1e5", "3e38", "3.5e38", "1e300", "-1e300", "float('inf')",
           "float('nan')", "True", "1j", "1e300j"]
PROGRAMS = {
    "branch": "def f(x):\n    if x[0] > 1:\n        y = x[0]\n    else:\n        y = {number}\n    return y\n",
    "loop body": ("def f(x):\n    y = x[0]\n    i = 0\n    while i < x.shape[0]:\n        if x[i] < 1:\n"
                  "            y = {number}\n        i += 1\n    return y\n"),
    "before the loop": "def f(x):\n    y = {number}\n    for v in x:\n        y = v\n    return y\n",
}
STAGED_LINE = {"branch": 2, "loop body": 5, "before the loop": 3}  # the staged statement a refusal names
INPUTS = {  # the number's path, then the tensor's
    "branch": ([0, 2], [3, 2]),
    "loop body": ([1, 0], [1, 2]),
    "before the loop": ([], [5, 6]),
}


def _held(want, got, dtype: np.dtype) -> None:
    """``got`` is eager's ``want`` held in ``dtype`` (rounded to it, never another number: not inf for a finite
    number, not a wrapped integer)."""
    got = np.asarray(got)
    assert got.dtype == dtype and got.shape == (), (got.dtype, got.shape)
    if dtype.kind in "iu":
        assert int(got) == want, (got, want)
        return
    want = complex(want)
    got = complex(got)
    for w, g in ((want.real, got.real), (want.imag, got.imag)):
        if w != w:
            assert g != g, (got, want)
        elif abs(w) == float("inf"):
            assert g == w, (got, want)
        else:
            assert abs(g) != float("inf"), (got, want)
            assert abs(g - w) <= abs(w) * 4 * float(np.finfo(dtype).eps) + float(np.finfo(dtype).tiny), (got, want)


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_tensor_joined_with_a_number_is_eagers_value_or_a_clear_refusal(executor, seed):
    r = random.Random(seed)
    dtype, number, shape = np.dtype(r.choice(DTYPES)), r.choice(NUMBERS), r.choice(list(PROGRAMS))
    source = PROGRAMS[shape].format(number=number)
    f = load_f(source, "number-join")
    staged = autograph.function(f, executor=executor)
    for values in INPUTS[shape]:
        x = np.array(values, dtype=dtype)
        want = outcome(f, x)
        got = outcome(staged, x)
        if isinstance(got[0], type) and issubclass(got[0], StagingError):  # a clear refusal, at the user's line
            assert got[1].startswith("<number-join-") and ("cannot hold" in got[1] or "dtype" in got[1]), got[1]
            return
        assert got[0] == want[0], (source, dtype, values, got, want)
        if want[0] != "value":
            continue
        if isinstance(want[1], (bool, int, float, complex)) and not isinstance(want[1], np.generic):
            # The number's path: the number, held in the joined dtype, and returned as the Python number it is
            # (runtime/graph/path_types.py).
            assert type(got[1]) is type(want[1]), (source, dtype, values, got, want)
            if got[1] == want[1] or (got[1] != got[1] and want[1] != want[1]):
                continue  # the number itself: a loop over rows whose join was refused ran as Python's (stop 80)
            _held(want[1], np.asarray(got[1], dtype), dtype)
        else:
            np.testing.assert_array_equal(np.asarray(got[1]), np.asarray(want[1]))
            assert np.asarray(got[1]).dtype == np.asarray(want[1]).dtype


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize(("dtype", "number", "shape", "says"), [
    ("float32", "1e300", "branch", "which float32 cannot hold (it would become inf; its largest is 3.40282e+38)"),
    ("float16", "70000", "loop body", "which float16 cannot hold (it would become inf; its largest is 65504)"),
    ("float32", "1e300", "before the loop", "which float32 cannot hold"),
    ("uint8", "300", "branch", "which uint8 cannot hold (its range is 0 to 255): use a number in that range, or "
                               "compute in a wider dtype (.astype(np.int64))"),
    ("int8", "-129", "loop body", "which int8 cannot hold (its range is -128 to 127)"),
    ("int64", "2**70", "branch", "which int64 cannot hold"),
    ("float64", "2**1100", "branch", "which float64 cannot hold"),
])
def test_a_number_the_joined_dtype_cannot_hold_is_refused_at_the_users_line(executor, dtype, number, shape, says):
    source = PROGRAMS[shape].format(number=number)
    f = load_f(source, "number-join")
    x = np.array(INPUTS[shape][0], dtype=dtype)
    # (A loop over an array whose length the trace knows runs as Python's loop when its join is refused, stop 80;
    # where the length is known only at run time, the join is the answer, and it is refused.)
    signature = [autograph.TensorSpec([None], dtype)] if shape == "before the loop" else None
    with pytest.raises(StagingError) as refusal:
        autograph.function(f, executor=executor, input_signature=signature)(x)
    message = str(refusal.value)
    assert says in message, message
    assert message.startswith("<number-join-") and message.split(" ")[0].endswith(f">:{STAGED_LINE[shape]}:"), message


@pytest.mark.parametrize("executor", executors())
def test_a_sentinel_before_a_loop_over_rows_of_known_length_is_eagers_number(executor):
    f = load_f(PROGRAMS["before the loop"].format(number="1e300"), "number-join")
    staged = autograph.function(f, executor=executor)
    assert staged(np.array([], dtype=np.float32)) == 1e300  # no iteration: the Python float, as eager's
    got, want = staged(np.array([5, 6], dtype=np.float32)), f(np.array([5, 6], dtype=np.float32))
    assert np.asarray(got).dtype == want.dtype and got == want


def test_numbers_alone_that_int64_cannot_hold_are_refused():
    def pick(x):
        if x[0] > 0:
            y = 1
        else:
            y = 2 ** 70
        return y

    assert pick(np.array([-1.0])) == 2 ** 70
    with pytest.raises(StagingError, match=r"'y' is the Python int 1180591620717411303424 in the else branch, "
                                           r"which int64 cannot hold .*Python's unbounded ints stay Python's"):
        autograph.function(pick)(np.array([-1.0]))


def test_numbers_a_dtype_holds_join_as_before():
    def sentinel(x):
        best = float("inf")
        for v in x:
            if v < best:
                best = v
        return best

    staged = autograph.function(sentinel)
    assert staged(np.array([3.0, 1.0], np.float32)) == np.float32(1.0)
    assert np.isinf(staged(np.array([], np.float32)))
