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


# --- a staged `and` / `or` test that a plain operand decides ------------------------------------------------------
# `if a.size and ending:` with `ending` a Python False is false whatever `a` holds: the test is that Python bool, and
# the `if` is not staged. detecta's detect_cusum calls itself there (with `ending` False), once when run as written;
# staged, the `if` traced its recursive branch at every level, without end, until Python's recursion limit (114 s, then
# a StagingError). Both backends gave a traced bool of the test (a cond of the operands).

def recurses_under_a_decided_and(x, again):
    if np.sum(x) > 0 and again:
        return recurses_under_a_decided_and(x - 1.0, False) * 2.0
    return x + 0.0


def recurses_under_a_decided_or(x, done):
    if np.sum(x) < 0 or done:
        return x + 0.0
    return recurses_under_a_decided_or(x + 1.0, True) * 2.0


def decided_among_three(x, first, second):
    if np.sum(x) > 0 and first and second:
        y = x * 3.0
    else:
        y = x - 1.0
    if np.sum(x) < 0 or first or second:
        y = y + 10.0
    return y


FLAGS = [True, False, 0, 1.0, np.float64(0.0), None, "text"]


def with_plain_flags(way):
    """``way`` for a program whose arguments after the first are Python values: jax.jit takes them as static."""
    def run(f):
        if way.id == "jax.jit":
            import jax

            return lambda x, *flags: jax.jit(autograph.to_graph(f), static_argnums=tuple(range(1, 1 + len(flags))))(
                x, *flags)
        return way.values[0](f)
    return pytest.param(run, id=way.id, marks=way.marks)


def every_path() -> list:
    """Each way a traced value reaches the program, and the two ways plain values reach its converted function: called
    outside any trace (the function as written) and inside one (the converted form, on the plain values)."""
    def converted_form(f):
        from autograph.testing import converted_form

        def run(*args):
            with converted_form(trace=False):
                return autograph.convert(f)(*args)
        return run

    return [pytest.param(autograph.convert, id="converted"), pytest.param(converted_form, id="converted-form"),
            *[with_plain_flags(way) for way in ways()]]


@pytest.mark.parametrize("way", every_path())
@pytest.mark.parametrize("flag", FLAGS, ids=repr)
@pytest.mark.parametrize("sign", [1.0, -1.0])
@pytest.mark.parametrize("program", [recurses_under_a_decided_and, recurses_under_a_decided_or],
                         ids=lambda f: f.__name__)
def test_a_function_calling_itself_under_a_test_a_plain_operand_decides_is_pythons(program, sign, flag, way):
    x = np.array([1.0, 2.0]) * sign
    np.testing.assert_array_equal(way(program)(x, flag), program(x, flag))


@pytest.mark.parametrize("way", every_path())
@pytest.mark.parametrize("first, second", [(a, b) for a in FLAGS[:4] for b in FLAGS[:4]], ids=repr)
@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_three_operands_of_which_plain_ones_decide_are_pythons(sign, first, second, way):
    x = np.array([1.0, 2.0]) * sign
    np.testing.assert_array_equal(way(decided_among_three)(x, first, second), decided_among_three(x, first, second))


def test_a_test_a_plain_operand_decides_stages_no_cond():
    def ops(program, *flags):
        graph = autograph.function(program).get_concrete_function(autograph.TensorSpec((2,), np.float64), *flags).graph
        return [node.op for node in graph.nodes]

    # (first, second): the `and` is decided where either is false, the `or` where either is true.
    assert "cond" not in ops(decided_among_three, False, True)
    assert "cond" not in ops(decided_among_three, 1.0, 0)
    assert "cond" in ops(decided_among_three, True, True)  # the `and` asks the array: staged
    assert "cond" in ops(decided_among_three, False, None)  # the `or` asks the array: staged


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
def test_under_jax_a_test_a_plain_operand_decides_stages_no_cond():
    import jax

    jaxpr = str(jax.make_jaxpr(autograph.convert(decided_among_three), static_argnums=(1, 2))(np.ones(2), False, True))
    assert "cond" not in jaxpr and "select_n" not in jaxpr
    jaxpr = str(jax.make_jaxpr(autograph.convert(decided_among_three), static_argnums=(1, 2))(np.ones(2), 1.0, 1.0))
    # the `and` asks the array (one `if`: a select of its two branches), the `or` is decided by `first`
    assert jaxpr.count("cond[") + jaxpr.count("select_n") == 1


def loop_decided(x, go):
    while np.sum(x) > 0 and go:  # with `go` false: no iteration, and no staged loop
        x = x - 1.0
    return x


@pytest.mark.parametrize("way", every_path())
@pytest.mark.parametrize("go", FLAGS, ids=repr)
@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_a_while_test_a_plain_operand_decides_is_pythons(sign, go, way):
    x = np.array([1.0, 2.0]) * sign
    np.testing.assert_array_equal(way(loop_decided)(x, go), loop_decided(x, go))
