"""``**`` with a scalar exponent, differential against the installed NumPy on each executor.

NumPy before 2.3 computes ``array ** s`` by a unary op its exponent's value picks, in a dtype of its own
(runtime/graph/power_shortcut.py; numpy/numpy#27082); NumPy 2.3 and later only for the Python int 2 / -1 and the
Python float 0.5. Eager NumPy is the oracle: a graph must give its dtype and its values (signs of zero too), its
exception class, or a clear refusal, on whichever NumPy is installed (CI runs NumPy 2.2 on Python 3.10).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import autograph
from runtime.graph import power_shortcut
from runtime.limits import Limitation
from runtime.staging import NotStageable
from tests.helpers import executors, load_f, outcome

BASES = ["bool", "int8", "uint8", "int64", "float16", "float32", "float64", "complex64", "complex128"]
VALUES = [-1, 0, 1, 2, 3, 0.5, -2.5]
# How the call passes the exponent: a Python number is part of the trace's key (its value known while tracing),
# a NumPy scalar or a 0-d array a traced value (known only when the graph runs)
EXPONENTS = ["python", "np.float64", "np.float32", "np.int16", "np.uint8", "0-d array"]


def _exponent(kind: str, value: float):
    if kind == "python":
        return int(value) if float(value).is_integer() else float(value)
    if kind == "0-d array":
        return np.asarray(value, np.float32 if not float(value).is_integer() else np.int32)
    if kind in ("np.int16", "np.uint8") and not float(value).is_integer() or kind == "np.uint8" and value < 0:
        return None
    return getattr(np, kind.split(".")[1])(value)


def _base(dtype: str) -> np.ndarray:
    if dtype[0] == "f":
        return np.array([-0.0, 1.5, -np.inf, 4.0, np.nan]).astype(dtype)
    if dtype[0] == "c":
        return np.array([1 + 1j, -2.5j, 0, 3, complex(-0.0, 2)]).astype(dtype)
    return np.array([0, 1, 2, 3, 1]).astype(dtype)


PROGRAMS = {
    "array ** s": "def f(x, s):\n    return x ** s\n",
    "array **= s": "def f(x, s):\n    y = x.copy()\n    y **= s\n    return y\n",
    "scalar ** s": "def f(x, s):\n    return x[1] ** s\n",
    "0-d array ** s": "def f(x, s):\n    return np.asarray(x[3]) ** s\n",
    "s ** scalar": "def f(x, s):\n    return s ** x[2]\n",
    "constant array ** s": "def f(x, s):\n    return np.array([0.25, -0.0, 9.0], np.float32) ** s\n",
}


def _outcome(fn, *args):
    """("value", the result), or ("error", the class of the error it raised)."""
    kind, result = outcome(fn, *args)
    return ("value", result) if kind == "value" else ("error", kind)


def _same(got, want):
    assert type(got) is type(want), (type(got), type(want))
    got, want = np.asarray(got), np.asarray(want)
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    np.testing.assert_array_equal(got, want)
    if want.dtype.kind in "fc":  # (signs of zero: np.sqrt(-0.0) is -0.0, np.power(-0.0, 0.5) 0.0)
        np.testing.assert_array_equal(np.signbit(got.real), np.signbit(want.real))


CASES = [(p, b, e, v) for p, b, e, v in itertools.product(PROGRAMS, BASES, EXPONENTS, VALUES)
         if _exponent(e, v) is not None]


@pytest.mark.parametrize("executor", executors())
def test_power_by_a_scalar_gives_eager_numpys_dtype_and_values_or_refuses(executor):
    refused, compared = 0, 0
    cases = CASES if executor == "numpy" else CASES[::20]  # (XLA compiles each: one case in twenty, all six programs)
    for program, base, exponent, value in cases:
        f = load_f(PROGRAMS[program], "power-program")
        x, s = _base(base), _exponent(exponent, value)
        want = _outcome(f, x, s)
        try:
            got = _outcome(autograph.function(f, executor=executor), x, s)
        except NotStageable as error:
            assert "which a graph cannot give" in str(error), error
            assert len(_eager_results(f, x, exponent)) > 1, (program, base, exponent, str(error))
            refused += 1
            continue
        context = (program, base, exponent, value, got, want)
        if got[0] == "error" and issubclass(got[1], Limitation):
            refused += 1  # (a clear refusal when the graph runs: XLA's complex power of an infinity, docs/jax.md)
            continue
        assert got[0] == want[0], context
        compared += 1
        if want[0] == "error":
            assert issubclass(got[1], want[1]) or issubclass(want[1], got[1]), context
            continue
        if executor == "jax" and np.asarray(want[1]).dtype.kind in "fc":
            got_value, want_value = np.asarray(got[1]), np.asarray(want[1])
            assert (type(got[1]), got_value.dtype) == (type(want[1]), want_value.dtype), context
            np.testing.assert_allclose(got_value, want_value, rtol=1e-2, equal_nan=True, err_msg=str(context))
        else:
            try:
                _same(got[1], want[1])
            except AssertionError as error:
                raise AssertionError(f"{context}: {error}") from None
    assert compared > (0.5 if power_shortcut.OLD_SHORTCUT else 0.9) * len(cases), (compared, refused, len(cases))


def _eager_results(f, x, exponent: str) -> set:
    """The (Python type, dtype) pairs eager NumPy gives for ``f(x, s)`` over every value of the exponent passed as
    ``exponent``: a refusal is right only where there is more than one (the result's dtype is the value's)."""
    found = set()
    for value in VALUES:
        s = _exponent(exponent, value)
        outcome = _outcome(f, x, s) if s is not None else ("error", None)
        if outcome[0] == "value":
            found.add((type(outcome[1]), np.asarray(outcome[1]).dtype))
    return found


@pytest.mark.skipif(not power_shortcut.OLD_SHORTCUT, reason="this NumPy takes no shortcut of its own dtype")
@pytest.mark.filterwarnings("ignore")
def test_the_model_of_numpys_old_shortcut_matches_numpy():
    for base, exponent, value, in_place in itertools.product(BASES, EXPONENTS, VALUES, [False, True]):
        s = _exponent(exponent, value)
        if s is None:
            continue
        x = _base(base)
        want = _outcome(lambda: _in_place_power(x.copy(), s) if in_place else x ** s)
        is_float = isinstance(s, (float, np.floating)) or np.asarray(s).dtype.kind == "f"
        shortcut = power_shortcut.old_shortcut(x.dtype, is_float, float(value), in_place)
        if shortcut is None:
            continue
        op, to_float64 = shortcut
        operand = x.astype(np.float64) if to_float64 else x
        fast = (np.ones_like if op == "ones_like" else np.positive if op == "pos" else getattr(np, op))(operand)
        assert power_shortcut.shortcut_dtype(x.dtype, shortcut) == fast.dtype
        if want[0] == "value" and not in_place:
            _same(fast, want[1])


def _in_place_power(y, s):
    y **= s
    return y


def test_numpys_shortcut_is_asked_of_numpy():
    assert power_shortcut.OLD_SHORTCUT == ((np.ones(2, np.float32) ** np.float64(2)).dtype == np.float32)


@pytest.mark.parametrize("executor", executors())
def test_a_python_number_known_only_at_run_time_takes_no_array_shortcut(executor):
    # (x.shape[0] under an input_signature with None is a Python int to eager code, never an array: NumPy 2.2's
    # shortcut would have refused it, its int64 squared in float64 against np.power's float32)
    def f(x, s):
        return x.shape[0] ** s

    spec = [autograph.TensorSpec([None], np.float64), autograph.TensorSpec([], np.float32)]
    staged = autograph.function(f, input_signature=spec, executor=executor)
    for n, s in [(3, 2.0), (2, 0.5), (4, 3.0)]:
        x, exponent = np.zeros(n), np.float32(s)
        got, want = staged(x, exponent), f(x, exponent)
        assert np.asarray(got).dtype == np.asarray(want).dtype and np.asarray(got) == np.asarray(want), (got, want)
