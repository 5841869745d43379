"""A 0-d value whose Python type depends on the path a run takes (runtime/graph/path_types.py), differential
against eager Python and NumPy.

``r = 0`` in one branch of a staged ``if`` and ``r = np.sum(x)`` in the other is the Python int 0 or a NumPy
float64, and ``s = 0`` before a staged loop that adds NumPy values to it is the int 0 when the loop runs no
iteration. Before stop 73 the graph returned a 0-d float64 array on every path (poliastro's rv2coe, three strict
xfails in tests/coverage), and divided the int by zero as NumPy does (inf) where Python raises
ZeroDivisionError. Each program here takes each path on some input, on each executor, and must give eager's
result with eager's type (or eager's error), or refuse clearly at the user's line.
"""

from __future__ import annotations

import os
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import Limitation
from runtime.staging import StagingError
from tests.helpers import executors, load_f, outcome

# What a path leaves in r: Python numbers, NumPy scalars, 0-d arrays (x is a float64 array of 3).
VALUES = ["0", "3", "-2", "0.5", "True", "False", "np.sum(x)", "x[0]", "np.float64(2.5)", "np.asarray(np.sum(x))",
          "np.zeros(())", "float(x[1])", "int(x[1] > 0)"]
# What the function returns of r.
RESULTS = ["r", "r + 1", "r * 0.5", "-r", "r / 2", "r // 2", "r - x[0]", "r < 1", "(r, r + 1)", "1 / r",
           "np.sqrt(abs(r) + 1)", "r % 3", "[r, 2 * r]", "abs(r)"]
SHAPES = {
    "if": "def f(x, n):\n    if x[0] > 0:\n        r = {a}\n    else:\n        r = {b}\n    return {result}\n",
    "elif": ("def f(x, n):\n    if x[0] > 0:\n        r = {a}\n    elif x[1] > 0:\n        r = {b}\n    else:\n"
             "        r = {c}\n    return {result}\n"),
    "nested": ("def f(x, n):\n    r = {a}\n    if x[0] > 0:\n        if x[1] > 0:\n            r = {b}\n"
               "    return {result}\n"),
    "for": "def f(x, n):\n    r = {a}\n    for i in range(n):\n        r = r + x[i]\n    return {result}\n",
    "for rebinds": "def f(x, n):\n    r = {a}\n    for i in range(n):\n        r = {b}\n    return {result}\n",
    "while": ("def f(x, n):\n    r = {a}\n    i = 0\n    while i < n:\n        r = {b}\n        i += 1\n"
              "    return {result}\n"),
    "for branch": ("def f(x, n):\n    r = {a}\n    for i in range(n):\n        if x[i] > 0:\n            r = {b}\n"
                   "    return {result}\n"),
    "running max": ("def f(x, n):\n    r = {a}\n    for i in range(n):\n        if x[i] > r:\n"
                    "            r = x[i]\n    return {result}\n"),
    "while branch": ("def f(x, n):\n    r = {a}\n    i = 0\n    while i < n:\n        if x[i] < 1:\n"
                     "            r = r * 2\n        else:\n            r = {b}\n        i += 1\n"
                     "    return {result}\n"),
    "if then for": ("def f(x, n):\n    if x[0] > 0:\n        r = {a}\n    else:\n        r = {b}\n"
                    "    for i in range(n):\n        r = r * 2\n    return {result}\n"),
}
INPUTS = [([1.0, 2.0, 3.0], 0), ([-1.0, 2.0, 3.0], 2), ([1.0, -2.0, 0.0], 1), ([-1.0, -2.0, 3.0], 0),
          ([0.0, 0.0, 0.0], 3)]


def _same(got, want) -> bool:
    if isinstance(want, (tuple, list)):
        return type(got) is type(want) and len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want))
    if type(got) is not type(want):
        return False
    if isinstance(want, np.ndarray):
        return got.dtype == want.dtype and got.shape == want.shape and np.array_equal(got, want, equal_nan=True)
    if isinstance(want, np.generic):
        return got.dtype == want.dtype and bool(np.array_equal(got, want, equal_nan=True))
    return got == want or (got != got and want != want)




def _program(r: random.Random) -> tuple[str, str]:
    shape = r.choice(list(SHAPES))
    return shape, SHAPES[shape].format(a=r.choice(VALUES), b=r.choice(VALUES), c=r.choice(VALUES),
                                       result=r.choice(RESULTS))


def check_program(source: str, executor: str) -> str:
    """Run ``source``'s f eagerly and as a graph on every input: equal results of equal types, or equal errors,
    or a clear refusal at the user's line. Returns "refused" or "agreed"."""
    f = load_f(source, "path-types")
    staged = autograph.function(f, executor=executor)
    for values, n in INPUTS:
        x = np.array(values)
        want = outcome(f, x, np.int64(n), errors=(ArithmeticError, ValueError, TypeError, IndexError))
        got = outcome(staged, x, np.int64(n), errors=(ArithmeticError, ValueError, TypeError, IndexError))
        if isinstance(got[0], type) and issubclass(got[0], (StagingError, Limitation)):
            assert got[1].startswith("<path-types-"), (source, got)
            return "refused"
        if want[0] != "value":
            assert got[0] is want[0], (source, values, n, got, want)
            continue
        assert got[0] == "value", (source, values, n, got, want)
        assert _same(got[1], want[1]), (source, values, n, got, want)
    return "agreed"


# Programs per executor: make test takes 50 (AUTOGRAPH_PATH_TYPES_EXAMPLES), make slow all 120.
EXAMPLES = int(os.environ.get("AUTOGRAPH_PATH_TYPES_EXAMPLES", "120"))


@pytest.mark.parametrize("executor", executors())
@settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_value_of_path_dependent_type_is_eagers_on_every_path(executor, seed):
    shape, source = _program(random.Random(seed))
    check_program(source, executor)


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("source", [
    # poliastro's rv2coe: an int in one branch, a NumPy float64 in the other, returned in a tuple
    "def f(x, n):\n    if x[0] > 0:\n        raan = 0\n    else:\n        raan = np.arctan2(x[1], x[2])\n"
    "    return x[0], raan\n",
    # the sum of no items is the int 0
    "def f(x, n):\n    s = 0\n    for i in range(n):\n        s += x[i]\n    return s\n",
    # Python's ZeroDivisionError on the int's path, NumPy's inf on the float64's
    "def f(x, n):\n    if x[0] > 0:\n        r = 0\n    else:\n        r = np.sum(x) * 0\n    return 1 / r\n",
    # a running maximum from the int 0: the int until an iteration takes the branch (the loop carries the tag)
    "def f(x, n):\n    best = 0\n    for i in range(n):\n        if x[i] > best:\n            best = x[i]\n"
    "    return best\n",
    # an int and a float: Python's own types on each path, through arithmetic
    "def f(x, n):\n    if x[0] > 0:\n        r = 1\n    else:\n        r = 2.5\n    return r + 1, r < 2, r // 1\n",
])
def test_named_shapes_are_eagers(executor, source):
    assert check_program(source, executor) == "agreed"


@pytest.mark.parametrize("executor", executors())
def test_a_numpy_function_whose_dtype_would_depend_on_the_path_is_refused(executor):
    source = ("def f(x, n):\n    if x[0] > 0:\n        r = 0\n    else:\n        r = np.sum(x)\n"
              "    return np.add(r, 1)\n")
    f = load_f(source, "path-types")
    with pytest.raises(Limitation) as caught:
        autograph.function(f, executor=executor)(np.ones(3), np.int64(0))
    message = str(caught.value)
    assert message.startswith("<path-types-"), message
    assert "'r' is a NumPy float64 or a Python int, depending on the path the graph takes" in message, message
    assert "np.add of it gives float64 or int64 by path" in message, message
    assert "Give it one type on every path" in message, message


@pytest.mark.parametrize("executor", executors())
def test_a_path_typed_scalar_joined_with_arrays_whose_dtype_decides_stages(executor):
    """NumPy's dtype of `np.r_[w, xyz]` / `np.add(w, xyz)` follows from the arrays' dtypes whatever `w` is on the
    path (transforms3d's fillpositive: `w = 0` or `np.sqrt(w2)`, helper-117): staged; with an int32 array the
    dtype would depend on the path, and stays refused."""
    source = ("def f(xyz, ints):\n    w2 = 1.0 - np.dot(xyz, xyz)\n    if w2 < 0:\n        w = 0\n    else:\n"
              "        w = np.sqrt(w2)\n"
              "    return np.r_[w, xyz], np.add(w, xyz), np.result_type(w, xyz) == np.float64\n")
    f = load_f(source, "path-types")
    for xyz in (np.array([0.1, 0.2, 0.3]), np.array([1.0, 2.0, 3.0])):
        got, want = autograph.function(f, executor=executor)(xyz, np.ones(2, np.int32)), f(xyz, None)
        for g, w in zip(got, want):
            assert np.asarray(g).dtype == np.asarray(w).dtype and np.array_equal(g, w)
    refused = load_f(source.replace("np.add(w, xyz)", "np.add(w, ints)"), "path-types")
    with pytest.raises(Limitation, match="np.add of it gives"):
        autograph.function(refused, executor=executor)(np.array([0.1, 0.2, 0.3]), np.ones(2, np.int32))


def test_a_path_typed_result_is_saved_and_loaded_with_its_kinds(tmp_path):
    source = ("def f(x, n):\n    if x[0] > 0:\n        r = 0\n    else:\n        r = np.sum(x)\n"
              "    return r, r + 1\n")
    f = autograph.function(load_f(source, "path-types"))
    for x in (np.ones(3), -np.ones(3)):
        assert _same(f(x, np.int64(0)), load_f(source, "path-types")(x, np.int64(0)))
    autograph.save(f, tmp_path / "f.agz")
    loaded = autograph.load(tmp_path / "f.agz")
    assert _same(loaded(np.ones(3), np.int64(0)), (0, 1))
    assert _same(loaded(-np.ones(3), np.int64(0)), (np.float64(-3.0), np.float64(-2.0)))
    assert "path_kinds=(a Python int, a NumPy float64)" in repr(f.concrete_functions[0].output_spec)


@pytest.mark.parametrize("ask", ["isinstance(r, int)", "type(r) is float", "isinstance(r, np.floating)"])
def test_asking_the_class_of_a_value_whose_class_depends_on_the_path_is_refused(ask):
    # (the graph answered by the joined dtype before stop 73: False for the int 1 of the first branch)
    source = (f"def f(x, n):\n    if x[0] > 0:\n        r = 1\n    else:\n        r = 2.5\n"
              f"    return {ask}\n")
    f = load_f(source, "path-types")
    with pytest.raises(Limitation) as caught:
        autograph.function(f)(np.ones(3), np.int64(0))
    message = str(caught.value)
    assert message.startswith("<path-types-"), message
    assert ":2: 'r' is a Python float or a Python int, depending on the path the graph takes" in message, message
    assert "asks its class, which is not the same on every path" in message and ":6 " in message, message


def test_asking_the_class_of_a_value_of_one_class_on_every_path_is_answered():
    source = ("def f(x, n):\n    if x[0] > 0:\n        r = 1\n    else:\n        r = 2\n"
              "    return isinstance(r, int), r\n")
    assert check_program(source, "numpy") == "agreed"


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("start", ["1.0", "0.0"])
def test_a_division_by_a_loop_variable_whose_kind_changes_is_pythons_or_numpys_by_iteration(executor, start):
    # r is a Python float on the first iteration (1 / 0.0 raises ZeroDivisionError) and a NumPy float64 after it
    # (1 / np.float64(0.0) is inf): the loop carries r's tag, and the division raises on the Python float's path only.
    source = (f"def f(x, n):\n    r = {start}\n    t = 0.0\n    for i in range(n):\n        t = t + 1.0 / r\n"
              "        r = x[i] - x[i]\n    return t, r\n")
    assert check_program(source, executor) == "agreed"


def test_asking_the_class_of_a_loop_variable_whose_kind_changes_is_refused():
    # (before stop 73 the graph answered False from the float64 it carries: the body never ran its branch, and
    # the function returned 0.0 where eager returns the first element)
    source = ("def f(x, n):\n    best = 0\n    for i in range(n):\n        if isinstance(best, int):\n"
              "            best = x[i]\n    return best\n")
    f = load_f(source, "path-types")
    with pytest.raises(Limitation, match="asks its class, which is not the same on every path"):
        autograph.function(f)(np.ones(3), np.int64(2))


def _third_stumpff(psi):
    # poliastro's stumpff_c3, shortened: a NumPy float64 on the first branch; on the second, the Python float 1/6
    # (or 0.0) plus a series, a Python float while psi is one (the first iteration of the caller's loops)
    if psi > 1.0:
        res = np.sqrt(psi) - 2.0  # (zero at psi = 4)
    else:
        res = 1.0 / 6.0 if psi != 0.5 else 0.0
        delta = -psi / 120.0 if psi != 0.5 else 0.0
        while res + delta != res and delta != 0.0:
            res = res + delta
            delta = delta * -psi / 30.0
    return res


def _bisect_with_stumpff(x, n):
    # poliastro's vallado_lambert, shortened: psi is the Python float 0.0 until a loop rebinds it to a float64, and
    # c3(psi)'s kind follows both loops' psi, which carry no tag for it
    psi = x[2]
    psi = 0.0 if x[2] == 0.0 else psi
    psi = 0.5 if x[2] == 0.5 else psi
    y = x[1]
    count = 0
    while count < n:
        while y < 0.0:
            psi = 0.8 * (1.0 / _third_stumpff(psi)) + x[0]
            y = y + psi
        count += 1
        psi = (psi + x[0]) / 2
    return psi, y


@pytest.mark.parametrize("executor", executors())
@pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning")  # (NumPy's, as eager warns for 1 / np.float64(0))
def test_a_division_by_zero_whose_kind_the_graph_cannot_follow_is_refused_when_a_run_divides(executor):
    # (stop 73 refused the whole function while tracing, poliastro's vallado_lambert among them; its divisor is
    # never zero there)
    f = autograph.function(_bisect_with_stumpff, executor=executor)
    agreed = 0
    for values in ([1.5, -1.0, 0.0], [2.0, -3.0, 0.0], [4.0, 1.0, 0.0], [0.1, -0.5, 3.0], [0.1, -0.5, 16.0]):
        x = np.array(values)
        assert outcome(f, x, 3) == outcome(_bisect_with_stumpff, x, 3), values
        agreed += 1
    for values in ([1.0, -1.0, 0.5], [0.0, -1.0, 4.0]):  # 1 / 0.0 (ZeroDivisionError), 1 / np.float64(0.0) (inf)
        with pytest.raises(Limitation, match=r"'res' is a NumPy float64 or a Python float.*divided by zero"):
            f(np.array(values), 3)
    assert agreed == 5


def test_a_refusal_names_the_kinds_eager_python_has():
    # (a loop variable's placeholder, whose scalar-ness the trace does not tell, is not named beside the kinds of
    # its dtype the body gives: it said "a 0-d float64 array" where eager has a NumPy float64)
    source = ("def f(x, n):\n    best = 0\n    for i in range(n):\n        if x[i] > best:\n            best = x[i]\n"
              "    return np.add(best, 1)\n")
    f = load_f(source, "path-types")
    with pytest.raises(Limitation) as caught:
        autograph.function(f)(np.ones(3), np.int64(2))
    assert "'best' is a NumPy float64 or a Python int, depending on the path" in str(caught.value), caught.value
