"""A write into a variable that holds an argument on some paths of a staged ``if`` or loop and another array on others.

``y = x if c else x * 2; y[0] = 100.0`` changes the caller's ``x`` eagerly when ``c`` holds, and not otherwise. The
graph's ``y`` is the staged statement's own output, so until stop 71 the write never reached ``x``: the function
returned the caller's array unchanged on every path (found by hand). Such a write is refused now, at its line, naming
the statement (runtime/graph/tensor.py, ``note_path_alias``); a variable that never holds an argument (``out =
np.zeros(n)`` before the ``if``) is written as before, and so is an argument written inside the branches.
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from runtime.staging import NotStageable
from tests.helpers import executors, line_of


def conditional_expression(x):
    y = x if x.sum() > 0 else x * 2
    y[0] = 100.0  # write-after-ifexp
    return x


def either_array(x):
    y = x.copy()
    z = y if x[0] > 0 else x
    z[1] = -1.0  # write-after-if
    return y, x


def view_or_copy(x):
    if x[0] > 0:
        y = x[1:]
    else:
        y = np.zeros(2)
    y += 1.0  # write-after-view
    return x, y


def loop_that_may_not_run(x):
    y = x
    while y.sum() > 10:
        y = y / 2
    y[0] = 0.0  # write-after-loop
    return x, y


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize(("fn", "marker", "statement"), [
    (conditional_expression, "write-after-ifexp", 1), (either_array, "write-after-if", 2),
    (view_or_copy, "write-after-view", 1), (loop_that_may_not_run, "write-after-loop", 2)])
def test_a_write_into_an_argument_on_some_paths_only_is_refused(fn, marker, statement, executor):
    fn(np.array([1.0, 2.0, 30.0]))  # eager runs
    with pytest.raises(NotStageable) as refusal:
        autograph.function(fn, executor=executor)(np.array([1.0, 2.0, 30.0]))
    message = str(refusal.value)
    first = next(n for n, line in enumerate(open(__file__), 1) if f"def {fn.__name__}(" in line)
    assert message.startswith(f"{__file__}:{line_of(__file__, marker)}: this writes into an array that is an "
                              "argument of the function"), message
    assert f"staged `if` or loop at {__file__}:{first + statement}" in message, message
    assert "Copy it before writing (y = y.copy())" in message


def fresh_before_the_if(x):
    out = np.zeros(3)
    if x.sum() > 0:
        out = out + x
    out[0] = -5.0
    return out


def argument_written_in_a_branch(x):
    if x[0] > 0:
        x[1] = 7.0
    y = x * 2
    y[2] = 0.0
    return x, y


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", [fresh_before_the_if, argument_written_in_a_branch])
def test_writes_no_argument_can_see_stage_as_before(fn, executor):
    for values in ([1.0, 2.0, 3.0], [-1.0, 2.0, 3.0]):
        got, want = autograph.function(fn, executor=executor)(np.array(values)), fn(np.array(values))
        for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
            np.testing.assert_array_equal(g, w)
