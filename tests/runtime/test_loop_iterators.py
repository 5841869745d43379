"""A ``for`` loop over an iterator whose break becomes a traced value (runtime/operators.py, ``_until_flag``).

Once the break flag is traced, the backend takes every item left of the loop's iterator while tracing (each body
staged under the flag), where a run takes them up to the break. Over a list that is no one's business (the loop
made the iterator); over an iterator or generator the program still holds (``it = iter(xs)`` read after the loop, a
``zip`` inside an ``enumerate``) it was a silent difference until stop 71: ``list(it)`` after the loop gave ``[]``
where eager gives the items after the break. Those are refused now; temporaries (``enumerate(xs)``, a generator
expression written in the ``for``) still stage. Where CPython's references cannot be counted (3.10), every loop
over an iterator of its own is refused (runtime/references.py).
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from runtime.references import COUNTS_REFERENCES
from runtime.staging import StagingError
from tests import helpers

BACKENDS = [pytest.param({}, id="graph"),
            pytest.param({"backend": "jax"}, id="jax", marks=pytest.mark.skipif(not helpers.jax_usable(),
                                                                                 reason="needs JAX"))]


def held_iterator(x):
    it = iter([0, 1, 2])
    total = x[0]
    for i in it:  # held-iterator
        if x[i] > 1:
            break
        total = total + x[i]
    return total, list(it)


def held_zip(x):
    pairs = zip([0, 1, 2], [1.0, 2.0, 3.0])
    total = x[0]
    for i, (_, b) in enumerate(pairs):  # held-zip
        if x[i] > 1:
            break
        total = total + b
    return total, list(pairs)


def held_generator(x):
    numbers = (v for v in [1.0, 2.0, 3.0])
    total = x[0]
    for v in numbers:  # held-generator
        if v > x[1]:
            break
        total = total + v
    return total, list(numbers)


def temporary_enumerate(x):
    total = x[0]
    for i, v in enumerate([1.0, 2.0, 3.0]):
        if x[i] > 1:
            break
        total = total + v
    return total


def temporary_enumerate_of_zip(x):
    total = x[0]
    for i, (_, b) in enumerate(zip([0, 1, 2], [1.0, 2.0, 3.0])):
        if x[i] > 1:
            break
        total = total + b
    return total


def temporary_generator(x):
    total = x[0]
    for v in (u * 2 for u in [1.0, 2.0, 3.0]):
        if v > x[1]:
            break
        total = total + v
    return total


def over_a_list(x):
    total = x[0]
    for v in [1.0, 2.0]:
        if v > x[1]:
            break
        total = total + v
    return total


INPUTS = [np.array([0.5, 2.0, 0.1]), np.array([0.5, 0.5, 0.1])]


@pytest.mark.parametrize("options", BACKENDS)
@pytest.mark.parametrize(("fn", "marker"), [(held_iterator, "held-iterator"), (held_zip, "held-zip"),
                                            (held_generator, "held-generator")])
def test_an_iterator_the_program_still_holds_is_refused(fn, marker, options):
    fn(INPUTS[0])  # eager runs
    with pytest.raises(StagingError) as refusal:
        autograph.function(fn, **options)(INPUTS[0])
    message = str(refusal.value)
    assert message.startswith(f"{__file__}:{helpers.line_of(__file__, marker)}: this for loop takes its items from"), \
        message
    assert "Loop over a list of its items (for v in list(it))" in message


@pytest.mark.parametrize("options", BACKENDS)
@pytest.mark.parametrize("fn", [temporary_enumerate, temporary_enumerate_of_zip, temporary_generator, over_a_list])
def test_an_iterator_only_the_loop_holds_stages_as_eager(fn, options):
    for x in INPUTS:
        if not COUNTS_REFERENCES and fn is not over_a_list:
            with pytest.raises(StagingError, match="this for loop takes its items from"):
                autograph.function(fn, **options)(x)
            continue
        got, want = autograph.function(fn, **options)(x), fn(x)
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-6)
