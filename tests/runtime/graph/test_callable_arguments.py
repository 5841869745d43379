"""Functions a builtin calls for the user (``map(f, xs)``, ``sorted(xs, key=f)``, ``functools.reduce(f, xs)``...)
are called as a call written out would be (autograph/converters/call_trees.py): a user function runs its
converted form, so its ``if`` on a traced value is staged; a routed NumPy function (``np.array``) lets the graph
answer for its tensors. Found by the numpy-financial corpus: ``a, b = map(np.array, [a, b])`` was refused.

Each program runs eagerly (the oracle) and staged on every executor; and converted, on plain values inside a
graph trace (its converted form), against the original.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from autograph.testing import converted_form
from tests.helpers import executors, same_result

EXECUTORS = executors()


def flip_negative(v):
    if v.sum() > 0:
        return v
    return -v


def heavier(a, b):
    if a.sum() > b.sum():
        return a
    return b


def as_arrays(a, b):
    a, b = map(np.array, [a, b])
    return a + b


def as_arrays_asarray(a, b):
    return list(map(np.asarray, (a, b)))


def mapped_user_function(a, b):
    return list(map(flip_negative, [a, b, a - b]))


def reduced_user_function(a, b):
    return functools.reduce(heavier, [a, b, a * 2])


def starmapped(a, b):
    return list(itertools.starmap(heavier, [(a, b), (b, a)]))


def accumulated(a, b):
    return list(itertools.accumulate([a, b, a], heavier))


def accumulated_by_keyword(a, b):
    return list(itertools.accumulate([a, b], func=np.maximum))


def largest_by_sum(a, b):
    return max([a, b, -a], key=np.sum), min([a, b, -a], key=np.sum)


def filtered_constants(a, b):
    return list(filter(None, [0, 1, 2])), sorted([3, 1, 2], key=abs), a


def mapped_partial(a, b):
    # (a callable made by a call: ag__.call(functools.partial(...)) converts heavier; only the runtime's own
    # ag__.text_of(str) is passed as written)
    return list(map(functools.partial(heavier, b), [a, -a]))


PROGRAMS = [as_arrays, as_arrays_asarray, mapped_user_function, reduced_user_function, starmapped, accumulated,
            accumulated_by_keyword, largest_by_sum, filtered_constants, mapped_partial]
VECTORS = st.lists(st.floats(-4, 4, allow_nan=False).map(lambda v: round(v, 2)), min_size=3, max_size=3).map(
    np.array)


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda fn: fn.__name__)
@settings(max_examples=8, deadline=None)
@given(a=VECTORS, b=VECTORS)
def test_a_function_a_builtin_calls_is_staged_as_a_call_written_out(executor, fn, a, b):
    same_result(autograph.function(fn, executor=executor)(a, b), fn(a, b), executor)


@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda fn: fn.__name__)
def test_on_plain_values_the_converted_form_gives_the_originals_answer(fn):
    a, b = np.array([1.0, -2.0, 3.0]), np.array([-1.0, 0.5, 0.0])
    with converted_form():
        got = autograph.convert(fn)(a, b)
    same_result(got, fn(a, b))


def test_the_converted_code_routes_the_callable_not_a_lambda_or_a_plain_callee():
    code = autograph.to_code(as_arrays) + autograph.to_code(largest_by_sum) + autograph.to_code(filtered_constants)
    assert "map(ag__.call(np.array), [a, b])" in code
    assert "key=np.sum" in code and "ag__.call(np.sum)" not in code  # (dispatches to a tensor by itself)
    assert "filter(None, [0, 1, 2])" in code and "key=abs" in code
