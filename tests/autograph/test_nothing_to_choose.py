"""A function whose converted form is its own code, statement for statement (no control flow to convert, no call the
converted form routes), is compiled as written with no per-call choice (autograph/forms.py, ``same_statements``):
both forms would run the same code. Its nested code objects are then the converted form's (loading.py), as the one
code object both forms load is otherwise: a comprehension's error inside a trace says it is in converted code."""

from __future__ import annotations

import types

import numpy as np
import pytest

import autograph
from autograph.testing import converted_form
from runtime.undefined import is_converted_code


class Box:
    def __init__(self, w, h):
        self.w, self.h = w, h

    def area(self):
        return self.w * self.h


def scaled(x, k):
    y = x * k
    return y + 1


def labelled(intervals, labels=None):
    order = intervals[:, 0] * 1
    if labels is None:  # (an `is None` test stays a Python `if`: nothing to convert)
        return order
    return order, [labels[i] for i in order]


def with_a_routed_call(x):
    return len(x)


@pytest.mark.parametrize("fn", [Box.area, scaled, labelled], ids=lambda f: f.__name__)
def test_a_function_with_nothing_to_choose_is_compiled_as_written(fn):
    text = autograph.to_code(fn, compiled=True)
    assert "tracing()" not in text and "ag__" not in text, text
    converted = autograph.convert(fn)
    assert is_converted_code(converted.__code__)
    nested = [c for c in converted.__code__.co_consts if isinstance(c, types.CodeType)]
    assert all(is_converted_code(code) for code in nested)  # (the comprehension's, loaded after a user `if`)


def test_a_function_with_a_routed_call_keeps_the_choice():
    assert "if ag__.tracing():" in autograph.to_code(with_a_routed_call, compiled=True)


def test_its_results_are_the_originals_on_every_path():
    box, x = Box(2.0, 3.5), np.arange(3.0)
    intervals = np.array([[2.0, 1.0], [0.0, 3.0]])
    for fn, args in ((Box.area, (box,)), (scaled, (x, 2.0)), (labelled, (intervals,)),
                     (labelled, (intervals.astype(int), ["a", "b", "c"]))):
        want = repr(fn(*args))
        converted = autograph.convert(fn)
        assert repr(converted(*args)) == want
        with converted_form(trace=False):
            assert repr(converted(*args)) == want


def test_a_comprehensions_refusal_in_a_trace_says_it_is_in_converted_code():
    with pytest.raises(autograph.NotStageable, match="This line is in converted code"):
        autograph.function(labelled)(np.array([[2.0, 1.0], [0.0, 3.0]]), ["a", "b", "c"])
