"""``not`` / ``and`` / ``or`` of traced values give what Python gives, on every path, or are refused by name.

Python's ``x and y`` is ``y`` where ``x`` is true, else ``x`` (an operand, not a bool); ``not x`` is a Python bool,
and of an array of more than one element a ValueError. JAX's backend gave ``jnp.logical_and`` / ``logical_or``
(``2.0 and 3.0`` was True, not 3.0) and both backends ``logical_not`` elementwise (``not x`` of a 3-element array
was an array): silent wrong results. Each program runs as written and every way a traced value reaches it: our
graph on each executor, ``jax.jit(autograph.to_graph(f))`` and ``autograph.function(f, backend="jax")``.
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from tests.helpers import jax_usable


def and_value(x, y):
    return x and y


def or_value(x, y):
    return x or y


def and_chain(x, y):
    return x and y and x + y


def not_value(x, y):
    return not x


def not_then_arithmetic(x, y):
    return (not x) + 1


def or_default(x, y):
    return x * 0 or y


PROGRAMS = [and_value, or_value, and_chain, not_value, not_then_arithmetic, or_default]
SCALARS = [(2.0, 3.0), (0.0, 3.0), (-1.5, 0.0), (0.0, 0.0)]


def ways() -> list:
    needs = pytest.mark.skipif(not jax_usable(), reason="needs JAX")

    def graph(executor):
        return lambda f: autograph.function(f, executor=executor)

    def jit(f):
        import jax

        return jax.jit(autograph.to_graph(f))

    return [pytest.param(graph("numpy"), id="graph"), pytest.param(graph("jax"), id="xla", marks=needs),
            pytest.param(jit, id="jax.jit", marks=needs),
            pytest.param(lambda f: autograph.function(f, backend="jax"), id="backend=jax", marks=needs)]


@pytest.fixture(autouse=True)
def float64():
    if not jax_usable():
        yield
        return
    import jax

    with jax.enable_x64(True):
        yield


@pytest.mark.parametrize("way", ways())
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("a, b", SCALARS)
def test_on_traced_scalars_the_value_is_pythons(program, a, b, way):
    x, y = np.float64(a), np.float64(b)
    want = program(x, y)
    got = way(program)(x, y)
    assert np.asarray(got).item() == np.asarray(want).item(), (program.__name__, a, b, got, want)
    assert np.asarray(got).dtype.kind == np.asarray(want).dtype.kind  # (3.0, not True: the operand, not a bool)


@pytest.mark.parametrize("way", ways())
@pytest.mark.parametrize("program", [and_value, or_value, not_value], ids=lambda f: f.__name__)
def test_an_array_of_more_than_one_element_is_refused_where_python_raises(program, way):
    x, y = np.array([1.0, 0.0, 2.0]), np.array([0.0, 1.0, 1.0])
    with pytest.raises(ValueError, match="truth value of an array with more than one element is ambiguous"):
        program(x, y)
    with pytest.raises(ValueError, match=r"test_staged_logical_values.py:\d+: The truth value of an array with "
                                         r"more than one element is ambiguous.* \(the (left )?operand of "
                                         r"`(and|or|not)` is "):
        way(program)(x, y)


def test_not_of_a_traced_value_is_a_python_bool():
    got = autograph.function(not_then_arithmetic)(np.float64(0.0), np.float64(1.0))
    assert got == 2 and type(got) is int  # Python's `(not x) + 1`: an int
    assert type(autograph.function(not_value)(np.array([2.0]), 1.0)) is bool
