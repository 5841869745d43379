"""Input validation in staged code: ``assert`` and ``raise`` under a tensor condition become graph
assertions that fire at run time with the user's exception and message, and a graph limitation is
never taken for the user's own exception by an ``except`` clause. Differential against eager NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import Limitation, NotStageable


def outcome(fn, *args):
    """``('value', result)`` or ``('raises', type, message)``."""
    try:
        result = fn(*args)
    except Exception as error:  # noqa: BLE001  (the outcome is the point)
        return ("raises", type(error), str(error).split("\n")[0])  # (pytest adds lines to its asserts)
    return ("value", np.asarray(result))


def assert_same_outcome(fn, *args):
    expected = outcome(fn, *(np.copy(a) for a in args))
    got = outcome(autograph.function(fn), *(np.copy(a) for a in args))
    assert got[0] == expected[0], (got, expected)
    if got[0] == "value":
        np.testing.assert_allclose(got[1], expected[1])
    else:
        assert got[1:] == expected[1:]


def hinge_loss(y, p):  # TheAlgorithms/Python, machine_learning/loss_functions.py (shape of its checks)
    if len(y) != len(p):
        raise ValueError("Length of predicted and actual array must be same.")
    if np.any((y != -1) & (y != 1)):
        raise ValueError("y_true can have values -1 or 1 only.")
    return np.mean(np.maximum(0, 1 - y * p))


def positive_log(x):
    assert np.all(x > 0), f"x must be positive, got shape {x.shape}"
    return np.log(x)


def two_raises(x):
    if x.sum() > 0:
        raise KeyError("positive")
    else:
        raise IndexError("not positive")


def raise_in_loop(x):
    total = 0.0
    for k in range(x.shape[0]):
        if x[k] < -3:
            raise ArithmeticError(f"too small at {k}")
        total = total + x[k]
    return total


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([-1.0, 1.0, 0.5, 2.0]), min_size=3, max_size=3))
def test_raise_under_a_staged_if_matches_eager(values):
    y = np.array(values)
    assert_same_outcome(hinge_loss, y, np.array([0.2, -0.3, 0.9]))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-5, 5), min_size=4, max_size=4))
def test_assert_and_raise_in_loops_match_eager(values):
    x = np.array(values)
    assert_same_outcome(positive_log, x)
    assert_same_outcome(raise_in_loop, x)
    assert_same_outcome(two_raises, x)


def test_a_failed_graph_check_names_the_line_that_staged_it():
    with pytest.raises(AssertionError, match="x must be positive") as info:
        autograph.function(positive_log)(np.array([1.0, -1.0]))
    if hasattr(info.value, "__notes__"):
        assert any("test_staged_checks.py:" in note for note in info.value.__notes__)


def test_assert_of_an_array_with_several_elements_is_numpys_error():
    def f(x):
        assert x > 0
        return x

    with pytest.raises(ValueError, match="truth value of an array with more than one element"):
        f(np.ones(2))
    with pytest.raises(ValueError, match="truth value of an array with more than one element"):
        autograph.function(f)(np.ones(2))


def test_plain_asserts_still_raise_from_the_users_line_with_a_lazy_message():
    calls = []

    def message():
        calls.append(1)
        return "bad"

    def f(x):
        assert x > 0, message()
        return x

    converted = autograph.convert(f)
    assert converted(1) == 1 and calls == []
    with pytest.raises(AssertionError, match="bad"):
        converted(-1)
    assert calls == [1]


def test_an_except_clause_does_not_catch_a_graph_limitation():
    def gain(s):
        try:
            return np.polyint(s)
        except Exception:
            return 1.0 / s

    s = np.array([2.0, 4.0])
    gain(s)  # eagerly, polyint works: the fallback never runs
    with pytest.raises(NotStageable, match="np.polyint is not supported in graphs"):
        autograph.function(gain)(s)

    def fallback(s):
        try:
            return np.i0(s)
        except TypeError:
            return s  # eager NumPy never takes this path
    with pytest.raises(NotStageable, match="np.i0"):
        autograph.function(fallback)(s)


def test_except_clauses_still_catch_numpys_own_errors_and_python_errors():
    def f(a, b):
        try:
            return a @ b
        except ValueError:
            return a.sum() + b.sum()

    assert_same_outcome(f, np.ones((2, 3)), np.ones((2, 3)))

    def g(xs):
        try:
            return int("not a number")
        except ValueError:
            return len(xs)

    assert autograph.convert(g)([1, 2]) == 2


def test_a_tensor_value_asked_for_in_converted_code_does_not_say_to_convert_it():
    def f(x):
        return [v for v in range(3) if x.sum() > v]

    with pytest.raises(NotStageable) as info:
        autograph.function(f)(np.ones(2))
    assert "convert the function with autograph" not in str(info.value)
    assert "converted code" in str(info.value)
    assert isinstance(info.value, Limitation)


def test_an_error_from_a_call_inside_a_branch_still_raises_while_tracing():
    def f(x):
        if x.sum() > 0:
            y = np.ones(3) @ np.ones(4)  # NumPy's shape error, on every trace
        else:
            y = 0.0
        return y

    with pytest.raises(ValueError, match="matmul"):
        autograph.function(f)(np.ones(2))


def test_an_assert_message_calling_zero_argument_super_stays_as_written():
    class Base:
        def describe(self):
            return "base"

    class Child(Base):
        def check(self, x):
            assert x > 0, super().describe()
            return x

    converted = autograph.convert(Child.check)
    assert converted(Child(), 1) == 1
    with pytest.raises(AssertionError, match="base"):
        converted(Child(), -1)
