"""``flag is True`` / ``flag is False`` where a staged ``if`` set the flag: the graph gives eager Python's answer.

A Python bool that a staged ``if`` or loop sets is a graph value (a ``PyNumber``) once the trace joins its
branches, and Python's identity test of that object with ``True`` was always False: ``while done is False:`` ran
one iteration (neurodsp's ``_dual_threshold_split``, found by helper-117), ``if flag is False:`` took the wrong
branch. The converter writes ``ag__.is_`` / ``ag__.is_not`` for an identity test with a bool literal, and the graph
answers it by the flag's value; a NumPy bool (``x[0] > 0``) is never Python's ``True``, as eagerly. JAX's tracers
do not tell a Python bool from an array's, so ``backend="jax"`` refuses by name. The oracle is eager Python.
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from tests.helpers import executors, jax_usable


def walk_while_is_false(x, t):
    j = 0
    done = False
    while done is False:
        if x[j] >= t:
            j += 1
            if j >= 5:
                done = True
        else:
            done = True
    return j


def branch_on_is_false(x, t):
    flag = False
    if x[0] > t:
        flag = True
    if flag is False:
        return x[1] * 2.0
    return x[1]


def branch_on_is_not_true(x, t):
    found = False
    for v in x:
        if v > t:
            found = True
    if found is not True:
        return -1.0
    return 1.0


def literal_first_and_in_a_value(x, t):
    seen = x[0] > t and True or False  # a PyNumber-free NumPy bool on one side
    flag = False
    if x[1] > t:
        flag = True
    return (True is flag, flag is not False, seen is True, (x[2] > t) is True)


def python_bool_on_one_path_only(x, t):
    # (a Python bool where x[0] > t, NumPy's False elsewhere: the graph's value is path-typed, and only on the
    # first path can it be Python's True; on Python 3.13 the and/or above compiles to such a value too)
    seen = x[0] > t and True
    return seen is True, seen is not False, seen is False, False is seen


def numpy_bool_is_never_pythons(x, t):
    return (x[0] > t) is True, (x[0] > t) is not False


PROGRAMS = [walk_while_is_false, branch_on_is_false, branch_on_is_not_true, literal_first_and_in_a_value,
            python_bool_on_one_path_only, numpy_bool_is_never_pythons]
INPUTS = [np.array([3.0, 2.0, 4.0, 0.5, 6.0, 7.0]), np.array([0.5, 2.0, 0.2, 5.0, 6.0, 7.0]),
          np.array([9.0, 9.0, 9.0, 9.0, 9.0, 9.0])]


def _outcome(fn, *args):
    try:
        return "value", tuple(np.asarray(v).item() for v in np.atleast_1d(np.asarray(fn(*args), dtype=object)))
    except (ValueError, TypeError) as error:
        return type(error), str(error)


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_identity_with_a_bool_literal_is_pythons(fn, executor):
    staged = autograph.function(fn, executor=executor)
    for x in INPUTS:
        for t in (1.0, 5.0):
            assert _outcome(staged, x, t) == _outcome(fn, x, t), (x, t)


def test_plain_values_keep_pythons_identity():
    """On plain values (the function as written, and its converted form) the identity is Python's own."""
    from autograph.testing import converted_form

    def f(a, b):
        return a is True, b is not False, 1 is not True, None is False  # noqa: F632  (literals: Python says False)

    converted = autograph.convert(f)
    for a, b in ((True, False), (1, 0), (np.True_, np.False_), (None, True)):
        assert converted(a, b) == f(a, b)
        with converted_form():
            assert converted(a, b) == f(a, b)


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
def test_a_bool_jax_traces_is_refused_by_name():
    with pytest.raises(autograph.NotStageable, match=(
            r"test_identity_with_bools.py:\d+: `is False` of a bool JAX is tracing, which may stand for a Python "
            r"bool .* write `x == False` \(or `not x`\)")):
        autograph.function(branch_on_is_false, backend="jax")(INPUTS[0], 1.0)


def test_the_converter_writes_the_runtimes_identity_except_with_other_literals():
    def f(a, b):
        return a is True, b is not None, a is b, True is a, a is not ...

    code = autograph.to_code(f)
    assert "ag__.is_(a, True)" in code and "ag__.is_(True, a)" in code and "ag__.is_(a, b)" in code
    assert "b is not None" in code and "a is not ..." in code
