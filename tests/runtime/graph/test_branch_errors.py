"""An error a staged branch raises while traced is raised when that branch runs, not by the trace.

Eager code raises ``d["missing"]``'s KeyError, ``[1, 2][5]``'s IndexError, ``1 / 0``'s ZeroDivisionError, or NumPy's
errors of shapes (``x + np.zeros(5)``, ``x[10]``, ``np.reshape(x, (2, 2))``) only on the calls that take the branch;
a trace traces every branch. Raised while tracing, the error reached the caller on
every call, one that takes the other branch too, where a program may catch it (``except KeyError``) and go on with
another answer. Such a branch now becomes a check that raises the same exception, with the same message, on the
runs that take it (as the user's own ``raise`` did already: runtime/staging.py, ``raised_in_branch_code``). Each
program runs as written, through ``autograph.function`` on each executor and under ``jax.jit(to_graph(f))``, on an
input that takes the branch and one that does not. A staged loop's body is such a block too: it raises on the runs
whose loop runs an iteration (``LOOPS``).
"""

from __future__ import annotations

import math  # noqa: F401  (the programs' globals)

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation
from tests.helpers import executors, jax_usable, load_f

# Statements that raise on plain Python values, whatever the input is.
FAILING = [
    'y = x + {}["missing"]',
    "y = x * [1, 2][5]",
    "y = x * (1 / 0)",
    "y = x + int('seven')",
    "y = x + (2.5 & 1)",
    "y = x + None.shape",
    "y = x * math.sqrt(-1.0)",
    "y = x + len(3)",
    "y = x + ().index(1)",
    # NumPy's errors of shapes and indices, which the graph raises from the traced array's shape
    "y = x + np.zeros(5)",
    "y = x * x[10]",
    "y = np.reshape(x, (2, 2))",
    "y = x + np.linalg.inv(np.ones((2, 3)))[0, 0]",
    "y = np.sum(x, axis=3)",
    "y = x @ np.ones((2, 2))",
    # a module's __getattr__ (PEP 562) refusing the attribute: NumPy 2 dropped np.NAN (spotpy's likelihoods)
    "y = x * np.NAN",
    "y = x + np.no_such_name",
]
SHAPES = {
    "if": "def f(x):\n    if np.sum(x) > 0:\n        y = x * 2\n    else:\n        {stmt}\n    return y\n",
    "else": "def f(x):\n    if np.sum(x) <= 0:\n        {stmt}\n    else:\n        y = x * 2\n    return y\n",
    "nested": ("def f(x):\n    y = x\n    if np.max(x) > -10:\n        if np.sum(x) > 0:\n            y = x + 1\n"
               "        else:\n            {stmt}\n    return y\n"),
}
TAKES = np.array([-1.0, -2.0, 0.5])      # the failing branch runs
AVOIDS = np.array([1.0, 2.0, 0.5])       # it does not


def outcome(f, x):
    try:
        return "value", np.asarray(f(x)).tolist()
    except Exception as error:
        return type(error), str(error).split("\n")[0]


def check(source: str, run, stmt: str = "") -> None:
    f = load_f(source, "branch-errors")
    f.__globals__["math"] = math
    for x in (AVOIDS, TAKES):
        want, got = outcome(f, x), outcome(run(f), x)
        if isinstance(got[0], type) and issubclass(got[0], Limitation):
            pytest.fail(f"{source}\nrefused: {got[1]}")
        assert got[0] == want[0] and (got[0] != "value" or got[1] == want[1]), f"{source}\n{x}: {got} != {want}"
        if want[0] != "value" and "np." not in stmt and "x[" not in stmt:  # (the graph's words for NumPy's errors)
            assert got[1].endswith(want[1]), f"{source}\nthe message: {got[1]!r}, eagerly {want[1]!r}"


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("shape", list(SHAPES))
@pytest.mark.parametrize("stmt", FAILING)
def test_a_branch_raises_its_python_error_only_on_the_runs_that_take_it(stmt, shape, executor):
    check(SHAPES[shape].format(stmt=stmt), lambda f: autograph.function(f, executor=executor), stmt)


# A staged loop's body that raises while traced raises when an iteration runs: a run whose loop runs none goes on
# with the variables as they were, as eager code does (since stop 66; the trace raised it on every call before).
LOOPS = {
    "while": "def f(x):\n    y = x\n    i = 0.0\n    while i > np.sum(x):\n        {stmt}\n        i = i - 1\n"
             "    return y\n",
    "for_range": "def f(x):\n    y = x\n    for i in range(int(np.sum(x) < 0) * 2):\n        {stmt}\n    return y\n",
    "while_break": ("def f(x):\n    y = x\n    i = 0.0\n    while i > np.sum(x):\n        if i < -100:\n"
                    "            break\n        {stmt}\n        i = i - 1\n    return y\n"),
    "in_if": ("def f(x):\n    y = x\n    if np.max(x) > -10:\n        for i in range(int(np.sum(x) < 0)):\n"
              "            {stmt}\n    return y\n"),
}


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("shape", list(LOOPS))
@pytest.mark.parametrize("stmt", FAILING)
def test_a_loop_body_raises_its_python_error_only_on_the_runs_that_enter_it(stmt, shape, executor):
    check(LOOPS[shape].format(stmt=stmt), lambda f: autograph.function(f, executor=executor), stmt)


@pytest.mark.parametrize("executor", executors())
def test_a_loop_bodys_raise_shows_the_values_it_made(executor):
    def f(x):
        i = 0
        while i < np.sum(x):
            y = np.sqrt(x[0]) + i
            raise ValueError(f"got {y} at {i}")
        return x

    run = autograph.function(f, executor=executor)
    assert run(np.array([-1.0])).tolist() == [-1.0]
    with pytest.raises(ValueError) as staged:
        run(np.array([4.0]))
    with pytest.raises(ValueError) as eager:
        f(np.array([4.0]))
    assert str(staged.value) == str(eager.value) == "got 2.0 at 0"


def check_under_jax_jit(source: str) -> None:
    """``jax.jit(to_graph(f))`` gives eager's value where the failing block does not run, and raises its error
    (wrapped in JAX's: the message names ours) where it does."""
    if not jax_usable():
        pytest.skip("needs JAX")
    import jax

    f = load_f(source, "errors-jit")
    f.__globals__["math"] = math
    jitted = jax.jit(autograph.to_graph(f))
    assert np.asarray(jitted(AVOIDS)).tolist() == f(AVOIDS).tolist()
    want = outcome(f, TAKES)
    with pytest.raises(Exception) as raised:
        np.asarray(jitted(TAKES))
    assert want[0].__name__ in str(raised.value) and want[1] in str(raised.value)


@pytest.mark.parametrize("stmt", FAILING[:4])
def test_the_same_under_jax_jit(stmt):
    check_under_jax_jit(SHAPES["if"].format(stmt=stmt))


@pytest.mark.parametrize("shape", ["while", "while_break"])  # (`int(t)` of a tracer, for the range, is JAX's error)
@pytest.mark.parametrize("stmt", FAILING[:4])
def test_a_loop_body_the_same_under_jax_jit(stmt, shape):
    check_under_jax_jit(LOOPS[shape].format(stmt=stmt))


@pytest.mark.parametrize("executor", executors())
def test_an_operand_of_or_that_python_never_evaluates_raises_nothing(executor):
    def f(x):
        return (float(np.sum(x)) / 2) or (2.5 & len(x))

    x = np.arange(3.0)
    assert autograph.function(f, executor=executor)(x) == f(x) == 1.5
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for &: 'float' and 'int'"):
        autograph.function(f, executor=executor)(np.zeros(3))


@autograph.do_not_convert
def _library_that_catches(v):
    try:
        return float(v)  # a 3-element tensor: our refusal, which this library turns into its own error
    except Exception:
        raise ValueError("the library could not take it") from None


def _calls_the_library(x):
    if np.sum(x) > 0:
        y = x
    else:
        y = x + _library_that_catches(x)
    return y


def test_an_error_a_library_made_of_our_refusal_ends_the_trace_as_the_refusal():
    with pytest.raises(autograph.NotStageable, match=r"float\(tensor\) needs the value of a graph tensor"):
        autograph.function(_calls_the_library)(AVOIDS)


def _raises_a_name_error(x):
    if np.all(np.abs(x) < 1e-12):
        raise NameError("Normal must be nonzero!")  # (trimesh's project_to_plane raises this class)
    return x / np.linalg.norm(x)


@pytest.mark.parametrize("executor", executors())
def test_the_users_raise_of_any_class_is_a_staged_check(executor):
    f = autograph.function(_raises_a_name_error, executor=executor)
    np.testing.assert_allclose(f(np.array([3.0, 4.0])), [0.6, 0.8])
    with pytest.raises(NameError, match="Normal must be nonzero!"):
        f(np.zeros(2))


def _both_values_raise(x):
    return x[1] if x[0] > 0 else x[2]


def _both_blocks_raise(x):
    if x[0] > 0:
        raise ValueError("positive")
    else:
        raise KeyError("not positive")
    return x


@pytest.mark.parametrize("executor", executors())
def test_a_conditional_expression_whose_values_both_raise_is_refused_by_name(executor):
    # (helper-115: the trace had no value to go on with and crashed unpacking None: an internal TypeError)
    with pytest.raises(IndexError):
        _both_values_raise(np.ones(1))
    with pytest.raises(autograph.NotStageable, match=(
            r"test_branch_errors.py:\d+: both values of this conditional expression raise, whichever way its "
            r"condition goes, so the function raises on every input of these shapes")):
        autograph.function(_both_values_raise, executor=executor)(np.ones(1))
    np.testing.assert_allclose(autograph.function(_both_values_raise, executor=executor)(np.ones(3)), 1.0)


@pytest.mark.parametrize("executor", executors())
def test_an_if_whose_blocks_both_raise_raises_the_one_the_data_picks(executor):
    f = autograph.function(_both_blocks_raise, executor=executor)
    with pytest.raises(ValueError, match="positive"):
        f(np.ones(2))
    with pytest.raises(KeyError, match="not positive"):
        f(-np.ones(2))
