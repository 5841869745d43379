"""A ``for`` over an array whose body cannot be one staged loop (a carried shape that changes where an op needs
it known: ``a = np.convolve(a, [1, -z])``, NumPy's own ``poly``) runs as Python's loop over the rows, traced as it
runs, since the length is known: in our graph on both executors (as a loop over ``range(len(zs))`` already was)
and under JAX (``jax.jit`` of the converted function, ``backend="jax"``: with an ``UnrolledLoopWarning``, as a
static range's or a ``zip``'s loop). Until stop 80 both refused it, where the unconverted function works under
``jax.jit``. A loop whose result's shape depends on the values (a ``break`` on a tensor) is still refused.
Eager NumPy (or the plain function under ``jax.jit``) is the oracle, on every path a user takes."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import autograph
from runtime.limits import Limitation
from tests.helpers import executors, needs_jax, same_result


def poly(zs):  # numpy/lib/_polynomial_impl.py's `poly`, the loop over the roots
    a = np.ones((1,))
    for z in zs:
        a = np.convolve(a, np.array([1, -z]), mode="full")
    return a


def outer_products(zs):
    m = np.ones((1, 1))
    for z in zs:
        m = np.kron(m, np.array([[1.0, z], [z, 1.0]]))
    return np.trace(m), m.shape[0]


def rows_with_a_python_list(zs):
    seen = []
    total = np.zeros(())
    for z in zs:
        seen.append(z * 2)
        total = total + np.sum(np.stack(seen))
    return total, len(seen)


def nested(zs):
    a = np.ones((1,))
    for row in zs.reshape(-1, 2):
        for z in row:
            a = np.convolve(a, np.array([1.0, -z]))
    return a


def stops_at_a_static_test(zs):
    a = np.ones((1,))
    for k, z in enumerate(zs):
        if k == 2:
            break
        a = np.convolve(a, np.array([1, -z]), mode="full")
    return a


PROGRAMS = [poly, outer_products, rows_with_a_python_list, nested, stops_at_a_static_test]
ZS = np.array([1.0, -2.0, 0.5, 3.0])


def _eager(fn):
    return fn(ZS.copy())


@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_as_written_and_in_the_converted_form(fn):
    from autograph.testing import converted_form

    want = _eager(fn)
    same_result(autograph.convert(fn)(ZS.copy()), want)
    with converted_form():
        same_result(autograph.convert(fn)(ZS.copy()), want)


@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize("fn", PROGRAMS, ids=lambda f: f.__name__)
def test_a_graph_runs_the_rows_loop_unrolled(fn, executor):
    same_result(autograph.function(fn, executor=executor)(ZS.copy()), _eager(fn), executor)


def test_a_loop_that_stays_one_shape_is_still_one_loop():
    def cumulative(zs):
        a = np.ones((3,))
        for z in zs:
            a = np.convolve(a, np.array([1.0, -z]), mode="same")
        return a

    graph = autograph.function(cumulative).get_concrete_function(np.ones(50)).graph
    assert sum(node.op == "while_loop" for node in graph.nodes) == 1 and len(graph.nodes) < 20


def test_a_shape_the_values_decide_is_still_refused():
    def stops_on_a_value(zs):
        a = np.ones((1,))
        for z in zs:
            if z > 2.5:
                break
            a = np.convolve(a, np.array([1, -z]), mode="full")
        return a

    with pytest.raises(Limitation, match="known only at run time"):
        autograph.function(stops_on_a_value)(ZS.copy())


def test_a_length_known_only_at_run_time_is_still_refused():
    staged = autograph.function(poly, input_signature=[autograph.TensorSpec([None], np.float64)])
    with pytest.raises(Limitation, match="known only at run time"):
        staged(ZS.copy())


def _jax_twin(fn):
    """``fn`` on jax.numpy (the same code: NumPy's names are JAX's here)."""
    import jax.numpy as jnp

    namespace = dict(fn.__globals__, np=jnp)
    import types
    return types.FunctionType(fn.__code__, namespace, fn.__name__)


JAX_PROGRAMS = [poly, outer_products, rows_with_a_python_list, nested, stops_at_a_static_test]


@needs_jax
@pytest.mark.parametrize("fn", JAX_PROGRAMS, ids=lambda f: f.__name__)
def test_under_jax_jit_the_converted_loop_unrolls_as_the_original_does(fn):
    import jax

    import runtime.jax as agjax

    plain = _jax_twin(fn)
    want = jax.jit(plain)(ZS.copy())  # the unconverted function: Python's loop over the rows, under jit
    with pytest.warns(agjax.UnrolledLoopWarning, match="was unrolled while tracing"):
        got = jax.jit(autograph.convert(plain))(ZS.copy())
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", agjax.UnrolledLoopWarning)
        staged = autograph.function(plain, backend="jax")(ZS.copy())
    for g, w in zip(jax.tree_util.tree_leaves(staged), jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-6)


class Counter:
    def __init__(self) -> None:
        self.count = 0


def bump(counter):
    counter.count = counter.count + 1


def counts_through_a_helper(zs, counter):
    a = np.ones((1,))
    for z in zs:
        bump(counter)  # (a write the converter does not see: found while the loop is traced)
        a = np.convolve(a, np.array([1, -z]), mode="full")
    return a, counter.count


@pytest.mark.parametrize("executor", executors())
def test_what_the_refused_staging_wrote_is_put_back_before_the_rows_run(executor):
    want_counter, got_counter = Counter(), Counter()
    want = counts_through_a_helper(ZS.copy(), want_counter)
    got = autograph.function(counts_through_a_helper, executor=executor)(ZS.copy(), got_counter)
    same_result(got[0], want[0], executor)
    assert int(got[1]) == want[1] and got_counter.count == want_counter.count == len(ZS)


def counts_over_rows(zs, counter):
    a = np.ones((1,))
    for z in zs:
        bump(counter)
        a = np.convolve(a, np.array([1, -z]), mode="full")
    return a


def counts_over_a_zip(zs, counter):
    a = np.ones((1,))
    for z, w in zip(zs, zs):
        bump(counter)
        a = np.convolve(a, np.array([1, -z * w]), mode="full")
    return a


def counts_over_a_range(zs, counter):
    a = np.ones((1,))
    for k in range(3):
        bump(counter)
        a = np.convolve(a, np.array([1, -zs[k]]), mode="full")
    return a


@needs_jax
@pytest.mark.parametrize("fn", [counts_over_rows, counts_over_a_zip, counts_over_a_range], ids=lambda f: f.__name__)
def test_under_jax_what_the_failed_scan_wrote_is_put_back_before_python_runs_the_loop(fn):
    # Each loop's scan fails (the carried shape grows); its trace had written counter.count through bump():
    # Python's loop then runs from the count before the loop, as the unconverted function does under jit.
    import jax

    import runtime.jax as agjax

    plain = _jax_twin(fn)
    want_counter, got_counter = Counter(), Counter()
    want = jax.jit(lambda zs: plain(zs, want_counter))(ZS.copy())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", agjax.UnrolledLoopWarning)
        got = jax.jit(lambda zs: autograph.convert(plain)(zs, got_counter))(ZS.copy())
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-6)
    assert want_counter.count in (3, len(ZS)) and got_counter.count == want_counter.count
