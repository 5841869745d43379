"""A traced function that takes items from an iterator that outlives the call through something other than
``next()`` or a ``for`` loop (which runtime/graph/iterator_watch.py refuses): ``list(islice(it, 2))``, a
comprehension or a ``zip`` over it, ``sum`` of a generator. The trace takes the items once; eager code takes new
ones at every call. Each trace's guard pictures the iterators it can reach (autograph/trace_guards.py, by
runtime/composite_state.py's ``iterator_position``): one the trace advanced makes it a trace that wrote Python
state, so each call traces again and takes its items, as eagerly. Until stop 86 the graph gave the first call's
items at every call."""

from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest

import autograph

MODES = [dict(), dict(executor="jax"), dict(backend="jax")]
MODE_IDS = ["interpreter", "xla", "backend-jax"]

SOURCE: dict = {}


def _fresh():
    SOURCE["it"] = iter([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0])
    SOURCE["gen"] = (float(i) for i in range(20))
    SOURCE["pairs"] = enumerate([0.5, 1.5, 2.5, 3.5, 4.5, 5.5])
    SOURCE["count"] = itertools.count(1)
    SOURCE["repeat"] = itertools.repeat(2.0, 3)
    SOURCE["map"] = map(float, iter(range(1, 30)))
    SOURCE["zip"] = zip(iter(range(1, 30)), iter(range(30, 60)))


def takes_a_slice(x):
    return x * sum(list(itertools.islice(SOURCE["it"], 2)))


def zips_over_it(x):
    return x * sum(v for _, v in zip(range(2), SOURCE["it"]))


def sums_a_generator(x):
    return x + sum(itertools.islice(SOURCE["gen"], 3))


def reads_enumerated_pairs(x):
    (i, a), (j, b) = itertools.islice(SOURCE["pairs"], 2)
    return x * (a + b) + i + j


def makes_its_own(x):
    it = iter([1.0, 2.0, 3.0])
    return x * sum(list(itertools.islice(it, 2)))


def counts_on(x):  # (stop 87: an itertools.count, a map and a zip were not pictured; under backend="jax" stale)
    return x * sum(itertools.islice(SOURCE["count"], 2))


def repeats_until_done(x):
    return x + len(list(itertools.islice(SOURCE["repeat"], 2)))


def maps_on(x):
    return x * sum(itertools.islice(SOURCE["map"], 2))


def zips_on(x):
    return x * sum(a * b for a, b in itertools.islice(SOURCE["zip"], 2))


PROGRAMS = [takes_a_slice, zips_over_it, sums_a_generator, reads_enumerated_pairs, counts_on, repeats_until_done,
            maps_on, zips_on]


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("fn", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
def test_each_call_takes_new_items_as_eagerly(fn, mode):
    x = np.array([1.0, 2.0])
    _fresh()
    eager = [fn(x) for _ in range(3)]
    assert not np.allclose(eager[0], eager[1]), "eager takes new items at each call (else the check cannot fail)"
    _fresh()
    traced = autograph.function(fn, **mode)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        for want in eager:
            np.testing.assert_allclose(np.asarray(traced(x)), want)


def test_an_iterator_the_function_makes_traces_once():
    traced = autograph.function(makes_its_own)
    for _ in range(3):
        np.testing.assert_allclose(traced(np.ones(2)), [3.0, 3.0])
    assert traced.tracing_count == 1


def test_an_exhausted_iterator_gives_eagers_empty_take():
    _fresh()
    traced = autograph.function(takes_a_slice)
    x = np.ones(2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        got = [np.asarray(traced(x)) for _ in range(6)]
    _fresh()
    np.testing.assert_allclose(got, [takes_a_slice(x) for _ in range(6)])


def takes_the_next_id(x):
    return x + next(SOURCE["count"])


@pytest.mark.parametrize("source", ["count", "it", "gen", "map"])
def test_next_of_an_iterator_that_outlives_the_call_is_refused_under_backend_jax(source):
    """As graphs refuse it (runtime/graph/iterator_watch.py): until stop 87 a JAX trace took the item once and the
    compiled function gave it at every call, for every iterator the guard cannot picture (an itertools.count, a
    cycle, a file, a csv.reader), silently."""
    _fresh()

    def takes_next(x):
        return x + next(SOURCE[source])

    with pytest.raises(autograph.NotStageable, match=r"test_consumed_iterators.py:\d+: next\(\) \(or a for loop\) of "
                       r"an? \w+ that outlives the call .* while JAX traces: the compiled function holds the items"):
        autograph.function(takes_next, backend="jax")(np.zeros(2))


def test_an_iterator_made_in_the_call_is_no_refusal_under_backend_jax():
    def takes_its_own(x):
        it = iter([1.0, 2.0])
        return x + next(it)

    traced = autograph.function(takes_its_own, backend="jax")
    for _ in range(2):
        np.testing.assert_allclose(traced(np.zeros(2)), [1.0, 1.0])
    assert traced.tracing_count == 1
