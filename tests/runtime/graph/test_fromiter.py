"""``np.fromiter`` of traced values: one array of the items, as NumPy makes it (it asked each tensor for its value:
refused). spotpy's ``summarize`` takes it (``np.fromiter((f(w) for w in windows), count=n, dtype=float)``; helper-119).
The oracle is eager NumPy; the converted form on plain values must give NumPy's own results and errors too."""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from autograph.testing import converted_form
from tests.helpers import executors, outcome, same_result


def window_means(data, step):
    return np.fromiter((np.mean(data[i:i + step]) for i in range(0, len(data), step)), count=len(data) // step,
                       dtype=float)


def squares_as_int32(x):
    return np.fromiter((v * v for v in x), np.int32)


def fewer_than_count(x):
    return np.fromiter((v for v in x), dtype=float, count=len(x) + 2)  # NumPy: "iterator too short"


def first_two_of_an_endless_generator(x):
    def endless():
        while True:
            yield x[0]
    return np.fromiter(endless(), float, 2)


def nothing(x):
    return np.fromiter((v for v in x[:0]), float)


PROGRAMS = [window_means, squares_as_int32, fewer_than_count, first_two_of_an_endless_generator, nothing]


def _arguments(fn):
    x = np.array([1.5, -2.0, 3.25, 4.0, 0.5, 6.0, 7.5])
    return (x, 2) if fn is window_means else (x,)


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_fromiter_of_traced_values_is_numpys(fn, executor):
    want = outcome(fn, *_arguments(fn))
    got = outcome(autograph.function(fn, executor=executor), *_arguments(fn))
    if want[0] == "value":
        same_result(got[1], want[1], executor)
    else:
        assert got[0] is want[0] and got[1].endswith(want[1]), (got, want)


@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_on_plain_values_it_is_numpys_own_call(fn):
    converted = autograph.convert(fn)
    want = outcome(fn, *_arguments(fn))
    for run in (lambda: converted(*_arguments(fn)), lambda: _in_converted_form(converted, _arguments(fn))):
        got = outcome(run)
        if want[0] == "value":
            same_result(got[1], want[1])
        else:
            assert got == want


def _in_converted_form(converted, args):
    with converted_form(trace=False):
        return converted(*args)
