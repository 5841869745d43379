"""An ``if`` whose test is plain runs its block in place (converters/in_place.py); a staged test
still gets the closures ``to_code`` shows. Plain Python, NumPy eager and the graph agree on both
paths, and on programs that mix them (a staged ``if`` inside a Python loop, a plain ``if`` inside
a staged block)."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import autograph

THIS_FILE = __file__


def _frames_of(fn, *args) -> list[str]:
    """The names of the frames of this file's code that a call of ``fn`` opens, in order."""
    names: list[str] = []

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_filename == THIS_FILE:
            names.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        fn(*args)
    finally:
        sys.setprofile(None)
    return names


def classify(x):
    if x > 0:
        label = "positive"
    elif x < 0:
        label = "negative"
    else:
        label = "zero"
    return label


def count_positive(xs):
    total = 0
    for x in xs:
        if x > 0:
            total += 1
    return total


def test_a_plain_test_opens_no_frame_and_makes_no_closure():
    converted = autograph.convert(classify)
    assert [converted(v) for v in (3, -2, 0)] == ["positive", "negative", "zero"]
    assert _frames_of(converted, -2) == ["classify"]  # no if_body / else_body frame
    # In a loop: the loop's body and its if run in place too.
    loop = autograph.convert(count_positive)
    assert loop([1, -1, 2]) == 2
    assert _frames_of(loop, [1, -1, 2]) == ["count_positive"]


def test_to_code_shows_the_functional_form():
    code = autograph.to_code(classify)
    assert "ag__.if_stmt(" in code and "def if_body" in code
    assert "truth" not in code and "cond" not in code


def test_the_tests_value_is_not_a_variable_of_the_function():
    def reads_locals(x):
        if x:
            y = 1
        return sorted(locals())

    assert autograph.convert(reads_locals)([1]) == reads_locals([1]) == ["x", "y"]


class Truth:
    def __init__(self, value: bool, log: list) -> None:
        self.value, self.log = value, log

    def __bool__(self) -> bool:
        self.log.append(self.value)
        return self.value


class Dying:
    def __init__(self, name: str, log: list) -> None:
        self.name, self.log = name, log

    def __del__(self) -> None:
        self.log.append(f"del {self.name}")


def branch(c):
    if c:
        answer = "yes"
    else:
        answer = "no"
    return answer


def keeps_temporary(flag, log):
    if flag:
        temporary = Dying("temporary", log)
        log.append("in branch")
    log.append("after branch")
    return len(log)


def test_truth_asked_once_and_temporaries_live_as_in_python():
    for value in (True, False):
        log: list = []
        converted_log: list = []
        assert autograph.convert(branch)(Truth(value, converted_log)) == branch(Truth(value, log))
        assert converted_log == log == [value]
    expected: list = []
    keeps_temporary(True, expected)
    got: list = []
    autograph.convert(keeps_temporary)(True, got)
    assert got == expected == ["in branch", "after branch", "del temporary"]


COUNTER = 0


def declares_inside_blocks(x):
    if x > 0:
        global COUNTER
        COUNTER += x
    return COUNTER


def test_declarations_written_inside_a_block_still_apply():
    global COUNTER
    COUNTER = 0
    assert autograph.convert(declares_inside_blocks)(2) == 2 and COUNTER == 2

    def outer():
        seen = 0

        def bump(x):
            if x:
                nonlocal seen
                seen += x
            return seen

        return bump

    plain, converted = outer(), autograph.convert(outer())
    assert [plain(v) for v in (1, 0, 2)] == [converted(v) for v in (1, 0, 2)] == [1, 1, 3]


def staged_in_python_loop(x):
    total = np.zeros(())
    for i in range(3):
        if x[i] > 0:  # a staged test in a plain loop: this if goes to the backend each iteration
            total = total + x[i]
        else:
            total = total - 1.0
        if i == 1:  # a plain test beside it: runs in place while tracing
            total = total * 2.0
    return total


def plain_inside_staged(x, n):
    if np.sum(x) > 0:
        y = x * 2.0
        if n > 1:  # plain, inside a block the backend traces
            y = y + n
        else:
            y = y - n
    else:
        y = -x
    return y


@pytest.mark.parametrize("values", [[1.0, -2.0, 3.0], [-1.0, -1.0, -1.0], [0.5, 0.5, 0.5]])
def test_staged_and_in_place_mixed_agree_with_numpy(values):
    x = np.array(values)
    assert np.allclose(autograph.function(staged_in_python_loop)(x), staged_in_python_loop(x))
    for n in (0, 2):
        function = autograph.function(plain_inside_staged)
        assert np.allclose(function(x, n), plain_inside_staged(x, n))
        # The same converted code on plain values, outside any trace.
        assert np.allclose(autograph.convert(plain_inside_staged)(x, n), plain_inside_staged(x, n))
