"""Searches in points that are not sorted (runtime/limits.py ``UnsortedSearch``): NumPy's answer there follows the
path of its own search, so a graph gives it exactly or refuses, never another answer. ``np.interp`` with ``xp``
not in NumPy's sorted order (NaNs last) is refused on both executors (NumPy's loop searches with a guess; the
graph with ``searchsorted``: 28 of 300 random unsorted ``xp`` gave other values before); ``np.searchsorted`` of an
array out of NumPy's order is NumPy's own answer on the interpreter and refused on XLA. Hypothesis draws the
points, sorted or not, with ties, NaNs and infinities."""

from __future__ import annotations

import traceback

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import autograph
from runtime.limits import UnsortedSearch
from tests import helpers

EXECUTORS = ("numpy", "jax") if helpers.jax_usable() else ("numpy",)
POINTS = st.lists(st.sampled_from([-2.0, -0.5, 0.0, 0.5, 1.0, 3.0, np.inf, np.nan]), min_size=1, max_size=6)
X = np.array([-3.0, -1.0, -0.5, 0.0, 0.25, 0.5, 2.0, 4.0, np.nan])


def _same(got, want):
    got = np.asarray(got)
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    np.testing.assert_array_equal(got, want)


@settings(max_examples=12, deadline=None)  # (XLA compiles dominate: make test's time)
@given(xp=POINTS, sort=st.booleans())
@example(xp=[0.0, 1.0, 0.5], sort=False)
@example(xp=[0.0, 0.5, 0.5, 1.0], sort=True)  # ties are in order
@example(xp=[0.0, np.nan], sort=False)  # (NumPy's own test_non_finite cases: in order)
@example(xp=[-2.0, -0.5, np.nan, np.nan, np.nan], sort=False)  # (at x = -0.5 NumPy's search lands on a NaN: nan)
@example(xp=[-2.0, -0.5, 0.0, np.nan], sort=False)  # (4 points: searched one by one, as searchsorted does)
@example(xp=[-2.0], sort=False)  # one point: NumPy's loop gives its value at a NaN x too (the graph gave NaN)
def test_interp_gives_numpys_values_or_refuses_points_that_are_not_increasing(xp, sort):
    points = np.sort(xp) if sort else np.array(xp)
    values = np.arange(len(points), dtype=np.float64) ** 2
    increasing = np.array_equal(np.sort(points), points, equal_nan=True)  # (NumPy's order: NaNs last)
    guessed = len(points) > 4 and np.isnan(points).any()  # (NumPy's search from a guess jumps past a NaN)
    with np.errstate(all="ignore"):
        want = np.interp(X, points, values)
    for executor in EXECUTORS:
        for fn, args in (((lambda x, xp, fp: np.interp(x, xp, fp)), (X, points, values)),
                         ((lambda x, fp: np.interp(x, points, fp)), (X, values))):  # xp traced, and a constant
            function = autograph.function(fn, executor=executor)
            if not increasing:
                with pytest.raises(UnsortedSearch, match="np.interp was given sample points xp that are not "
                                                         "increasing") as caught:
                    function(*args)
                shown = "".join(traceback.format_exception_only(caught.value))  # (with its notes)
                assert "test_unsorted_searches.py:" in shown  # the user's line (while tracing, or after the run)
                continue
            if guessed:
                with pytest.raises(UnsortedSearch, match="np.interp was given sample points xp with a NaN among "
                                                         "more than 4 points"):
                    function(*args)
                continue
            with np.errstate(all="ignore"):
                _same(function(*args), want)


@settings(max_examples=25, deadline=None)
@given(a=POINTS, side=st.sampled_from(["left", "right"]))
@example(a=[0.0, 1.0, np.nan, 0.5], side="right")
@example(a=[0.0, 1.0, np.inf, np.nan], side="left")  # NaNs last: in order
def test_searchsorted_is_numpys_on_the_interpreter_and_refused_out_of_order_on_xla(a, side):
    points = np.array(a)
    want = np.searchsorted(points, X, side=side)
    in_order = np.array_equal(np.sort(points), points, equal_nan=True)
    for executor in EXECUTORS:
        function = autograph.function(lambda a, x: np.searchsorted(a, x, side=side), executor=executor)
        if executor == "jax" and not in_order:
            with pytest.raises(UnsortedSearch, match=r"(?s)np.searchsorted \(or a function that calls it, such as "
                                                     r"np.digitize\) was given an array that is not sorted.*"
                                                     r"staged at .*test_unsorted_searches.py:\d+"):
                function(points, X)
            continue
        _same(function(points, X), want)


def test_a_program_cannot_catch_the_refusal_into_another_answer():
    """The refusal is raised when the graph runs, after the program's own ``try`` ended: its handler never sees it."""
    def fn(x, xp):
        try:
            return np.interp(x, xp, xp * 2)
        except ValueError:
            return x * 0
    for executor in EXECUTORS:
        with pytest.raises(UnsortedSearch):
            autograph.function(fn, executor=executor)(X, np.array([1.0, 0.0]))


@pytest.mark.parametrize("xp", [[0.0, 1.0, 2.5], [2.5, -2.0, np.nan], [np.nan]])
def test_periodic_interp_gives_numpys_values_or_refuses_a_nan_point(xp):
    # (with period=, NumPy sorts xp % period, NaNs last, and puts xp[-1] - period first: a NaN leads its search,
    # and the graph gave other values for 345 of 1,500 random xp before)
    points, values = np.array(xp), np.arange(len(xp), dtype=np.float64) ** 2
    for executor in EXECUTORS:
        function = autograph.function(lambda x, xp, fp: np.interp(x, xp, fp, period=3.0), executor=executor)
        if np.isnan(points).any():
            with pytest.raises(UnsortedSearch, match="or any NaN with period="):
                function(X, points, values)
            continue
        with np.errstate(all="ignore"):
            _same(function(X, points, values), np.interp(X, points, values, period=3.0))
