"""A graph's refusal is never turned into another answer by the program's own ``except`` (issue 29, 1).

Eager NumPy is the oracle: where the graph cannot do what eager code does, the call raises the
limitation (at the user's line), whatever class it also is and whoever catches it on the way."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation


def positive_or_zeros(x):
    try:
        return x[x > 0]
    except IndexError:
        return x * 0


@autograph.do_not_convert
def library_fallback(x):
    """Code autograph does not convert (a library's): its handler swallows the refusal."""
    try:
        return x[x > 0]
    except IndexError:
        return x * 0


def calls_a_library(x):
    return library_fallback(x) + 1


def out_of_range(x):
    try:
        return x[5]
    except IndexError:
        return x * 0


def probes_an_attribute(x):
    if hasattr(x, "flags"):
        return x + 1
    return x - 1


@pytest.mark.parametrize("fn", [positive_or_zeros, calls_a_library])
def test_a_handler_does_not_turn_a_refusal_into_a_fallback(fn):
    x = np.array([1.0, -2.0, 3.0])
    assert fn(x).tolist() in ([1.0, 3.0], [2.0, 4.0])  # eager takes the mask
    with pytest.raises(Limitation, match=r"x\[mask\] with a boolean tensor mask has a data-dependent shape") as info:
        autograph.function(fn)(x)
    assert isinstance(info.value, IndexError)  # (what it also is: a handler for it still does not get it)
    assert __file__ in str(info.value) and "np.where(mask, x, fill)" in str(info.value)


def test_errors_numpy_raises_eagerly_stay_the_programs_to_handle():
    x = np.array([1.0, -2.0, 3.0])
    assert out_of_range(x).tolist() == autograph.function(out_of_range)(x).tolist() == [0.0, -0.0, 0.0]


def test_an_attribute_probe_is_an_answer_not_a_refusal():
    x = np.array([1.0, -2.0])
    assert autograph.function(probes_an_attribute)(x).tolist() == (x - 1).tolist()  # no .flags on a tensor
