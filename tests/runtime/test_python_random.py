"""Python's own ``random`` module in converted code (runtime/random_calls.py).

Traced, a draw from Python's ``random`` ran once and the graph returned that number at every call (stop 71, found by
hand: ``x + random.random()`` gave the same sum twice). No backend stages those draws, so each tracing backend now
refuses them at the user's line, as JAX refuses NumPy's; outside a trace, and in the converted form with no backend
tracing, they draw as the function as written does.
"""

from __future__ import annotations

import random
from random import choice
from random import random as draw

import numpy as np
import pytest

import autograph
from autograph.testing import converted_form
from runtime.staging import NotStageable
from tests.helpers import jax_usable

SHARED = random.Random(0)


def module_function(x):
    return x + random.random()  # a C method of the module's global Random


def python_method(x):
    return x + random.uniform(0, 1)  # a Python method of it


def imported_name(x):
    return x + draw() + choice([1, 2])


def own_generator(x):
    return x + SHARED.random()


def shuffled(x):
    order = [0, 1, 2]
    random.shuffle(order)
    return x[order]


def seeded(x):
    random.seed(1)
    return x + 1


def in_a_branch(x):
    if x.sum() > 0:
        r = random.gauss(0, 1)
    else:
        r = 0.5
    return x * r


def system_random(x):
    return x + random.SystemRandom().random()


PROGRAMS = [module_function, python_method, imported_name, own_generator, shuffled, seeded, in_a_branch, system_random]
BACKENDS = [pytest.param({}, id="graph"),
            pytest.param({"backend": "jax"}, id="jax", marks=pytest.mark.skipif(not jax_usable(), reason="needs JAX"))]


@pytest.mark.parametrize("options", BACKENDS)
@pytest.mark.parametrize("fn", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
def test_a_draw_from_pythons_random_is_refused_while_tracing(fn, options):
    with pytest.raises(NotStageable) as refusal:
        autograph.function(fn, **options)(np.ones(3))
    message = str(refusal.value)
    assert message.startswith(f"{__file__}:"), message
    assert "random" in message and ("at every call" in message), message


def test_the_graphs_refusal_says_what_to_do():
    with pytest.raises(NotStageable, match=r"test_python_random.py:\d+: random.random\(\.\.\.\) inside a traced "
                                           r"function is not supported in graphs: Python's random module would draw "
                                           r"once, while tracing, and the graph would return that number at every "
                                           r"call. Draw with NumPy's random functions"):
        autograph.function(module_function)(np.ones(3))


@pytest.mark.parametrize("fn", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
def test_outside_a_trace_the_draws_are_the_function_as_written(fn):
    converted = autograph.convert(fn)
    for run in (lambda: converted(np.ones(3)), lambda: _in_converted_form(converted)):
        state = random.getstate(), SHARED.getstate()
        want = fn(np.ones(3))
        random.setstate(state[0])
        SHARED.setstate(state[1])
        got = run()
        if fn is not system_random:  # (the operating system's numbers: drawn, never the same)
            np.testing.assert_array_equal(got, want)


def _in_converted_form(converted):
    with converted_form(trace=False):
        return converted(np.ones(3))
