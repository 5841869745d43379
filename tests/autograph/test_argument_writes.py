"""Writes into arguments (issue 29, item 9), against plain eager NumPy on every executor.

- A write into an argument that cannot be written (read-only, a broadcast view, a NumPy scalar) is refused
  before the graph runs, with NumPy's class and message at the line of the write: no Variable is updated, no
  other argument written (eager would have run up to the failing write: the graph refuses rather than guess
  how far).
- A function that returns its argument (written into or not) returns the caller's object itself, with the
  written values in it, as eager does (``result is x``).
- ``backend="jax"``: a JAX array cannot be written into; the trace fails with JAX's own error.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from autograph.call_boundary import ReadOnlyArgument, UnwritableArgument
from runtime.limits import Limitation
from tests import helpers

HERE = __file__
_JAX = pytest.mark.skipif(not helpers.jax_usable(), reason="needs JAX, which is not installed")
EXECUTORS = [pytest.param("numpy", id="numpy"), pytest.param("jax", id="jax", marks=_JAX),
             pytest.param("auto", id="auto")]


def write_and_return(x):
    x[0] = 1.0  # write-and-return
    return x


def returns_its_argument(x):
    return x


def write_one_return_two(x, k):
    x[k] = -x[k]
    return x, x, x * 2.0


def write_in_a_staged_if(x):
    if np.sum(x) > 0:
        x[0] = 99.0
    return x


def write_through_a_view(x):
    v = x[1:]
    v += 1.0
    return x


def copy_then_write(x):
    y = np.copy(x)
    y[0] = 5.0
    z = x.astype(x.dtype)
    z[-1] = 6.0
    return y, z


def returns_a_full_slice(x):
    return x[:]


def run_both(fn, executor, *args):
    """(eager's result, arguments), (the graph's result, arguments), each on its own copies of ``args``."""
    eager_args = [np.array(a) for a in args]
    graph_args = [np.array(a) for a in args]
    want = fn(*eager_args)
    got = autograph.function(fn, executor=executor)(*graph_args)
    return (want, eager_args), (got, graph_args)


def identities(result, arguments):
    """For each leaf of ``result``, the index of the argument it is (``is``), or None."""
    leaves = result if isinstance(result, tuple) else (result,)
    return [next((k for k, a in enumerate(arguments) if leaf is a), None) for leaf in leaves]


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("fn", [write_and_return, returns_its_argument, write_in_a_staged_if, write_through_a_view,
                                copy_then_write, returns_a_full_slice], ids=lambda f: f.__name__)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=st.lists(st.floats(-5, 5, allow_nan=False, allow_subnormal=False), min_size=2, max_size=5))
def test_results_and_arguments_match_eager_with_their_identity(fn, executor, values):
    # (No subnormal: XLA flushes one to zero, which docs/jax.md documents; a fresh run drew x[1] = 2.2e-309 into
    # write_in_a_staged_if's test `x[1] > 0` on the JAX executor.)
    (want, eager_args), (got, graph_args) = run_both(fn, executor, values)
    assert identities(got, graph_args) == identities(want, eager_args)  # result is x, exactly where eager's is
    for g, w in zip(got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        np.testing.assert_array_equal(g, w)
    for g, w in zip(graph_args, eager_args):  # the written values reached the caller's array, as eager's
        np.testing.assert_array_equal(g, w)


@pytest.mark.parametrize("executor", EXECUTORS)
def test_one_argument_returned_twice_and_written_is_the_callers_object_twice(executor):
    (want, eager_args), (got, graph_args) = run_both(write_one_return_two, executor, [1.0, 2.0, 3.0], 1)
    assert identities(got, graph_args) == identities(want, eager_args) == [0, 0, None]
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    np.testing.assert_array_equal(graph_args[0], [1.0, -2.0, 3.0])
    traced = autograph.function(write_and_return, executor=executor)
    x = np.zeros(3)
    for _ in range(3):  # every call, the keyed call included
        assert traced(x) is x
    assert traced.get_concrete_function(x)(x) is x


count = autograph.Variable(np.zeros(()))


def effects_then_write(a, b):
    count.assign_add(1.0)
    a[0] = 7.0
    b[0] = 9.0  # write-into-b
    return a + b


def readonly(values):
    x = np.array(values, dtype=np.float64)
    x.flags.writeable = False
    return x


READ_ONLY = [pytest.param(readonly, id="writeable-False"),
             pytest.param(lambda v: np.broadcast_to(np.asarray(v[:1], np.float64), (len(v),)), id="broadcast_to")]


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("make", READ_ONLY)
def test_a_read_only_argument_is_refused_before_anything_runs(executor, make):
    a, b = np.zeros(2), make([3.0, 4.0])
    with pytest.raises(ValueError, match="assignment destination is read-only"):
        effects_then_write(np.zeros(2), make([3.0, 4.0]))  # eager: NumPy's error, after the earlier effects
    before = count.numpy().copy() if hasattr(count, "numpy") else np.array(count.value)
    traced = autograph.function(effects_then_write, executor=executor)
    for _ in range(2):  # the first call traces, the second runs the keyed call: both refuse
        with pytest.raises(ReadOnlyArgument) as info:
            traced(a, b)
        assert isinstance(info.value, ValueError) and isinstance(info.value, Limitation)
        np.testing.assert_array_equal(a, [0.0, 0.0])  # nothing ran: a is not written, count not updated
        after = count.numpy() if hasattr(count, "numpy") else np.array(count.value)
        np.testing.assert_array_equal(after, before)
    assert str(info.value).startswith(f"{HERE}:{helpers.line_of(HERE, 'write-into-b')}: assignment destination is "
                                      "read-only: effects_then_write writes into its argument 'b' here, and the array "
                                      "passed for it is read-only (b.flags.writeable is False")
    assert "Pass a writeable array (np.copy(b)), or copy it inside the function before writing (b = b.copy())" in str(
        info.value)
    assert "nothing the function does before this write has happened" in str(info.value)
    # a writeable copy runs as eager does
    want_a, want_b, got_b = np.zeros(2), np.copy(b), np.copy(b)
    want = effects_then_write(want_a, want_b)
    np.testing.assert_array_equal(traced(a, got_b), want)
    np.testing.assert_array_equal(a, want_a)
    np.testing.assert_array_equal(got_b, want_b)


@pytest.mark.parametrize("executor", EXECUTORS)
def test_the_first_write_names_the_line_when_both_arguments_are_read_only(executor):
    a, b = readonly([1.0, 2.0]), readonly([3.0, 4.0])
    with pytest.raises(ReadOnlyArgument) as info:
        autograph.function(effects_then_write, executor=executor)(a, b)
    line = helpers.line_of(HERE, "write-into-b") - 1
    assert str(info.value).startswith(f"{HERE}:{line}: assignment destination is read-only: effects_then_write "
                                      "writes into its argument 'a' here")


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_read_only_argument_written_under_a_staged_condition_is_refused_too(executor):
    # Eager fails only when the branch is taken; the graph cannot know before it runs: it refuses either way.
    x = readonly([-1.0, -2.0])
    assert write_in_a_staged_if(x) is x  # eager: the branch is not taken
    with pytest.raises(ReadOnlyArgument, match="assignment destination is read-only"):
        autograph.function(write_in_a_staged_if, executor=executor)(x)


def write_all_of(x):
    x[...] = 1.0  # write-all-of
    return x * 2.0


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_numpy_scalar_written_into_is_refused_with_pythons_error(executor):
    with pytest.raises(TypeError, match="'numpy.float64' object does not support item assignment"):
        write_all_of(np.float64(2.0))
    traced = autograph.function(write_all_of, executor=executor)
    zero_d = np.array(2.0)  # a 0-d array has the same key, and can be written
    np.testing.assert_array_equal(traced(zero_d), write_all_of(np.array(2.0)))
    np.testing.assert_array_equal(zero_d, 1.0)
    with pytest.raises(UnwritableArgument) as info:
        traced(np.float64(2.0))
    assert isinstance(info.value, TypeError) and isinstance(info.value, Limitation)
    assert str(info.value).startswith(f"{HERE}:{helpers.line_of(HERE, 'write-all-of')}: 'numpy.float64' object "
                                      "does not support item assignment: write_all_of writes into its argument "
                                      "'x' here, and a float64 was passed for it, not a NumPy array")


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_read_only_argument_the_graph_does_not_write_runs(executor):
    x = readonly([1.0, 2.0])
    assert autograph.function(returns_its_argument, executor=executor)(x) is x


@_JAX
def test_backend_jax_refuses_a_write_into_an_argument_as_jax_does():
    import jax.numpy as jnp

    for x in (np.arange(3.0), jnp.arange(3.0)):
        with pytest.raises(TypeError, match="JAX arrays are immutable"):
            autograph.function(write_and_return, backend="jax")(x)


def fresh_and_views(x):
    return np.copy(x), x.flatten(), x.astype(x.dtype), x.copy(), x[:], x.reshape(x.shape), x[1:], x.T, x[::-1]


FRESH = 4  # the first four results are new arrays eagerly; the rest are views of x


@pytest.mark.parametrize("executor", EXECUTORS)
def test_results_share_the_arguments_memory_only_where_eagers_do(executor):
    traced = autograph.function(fresh_and_views, executor=executor)
    for _ in range(2):
        x, y = np.arange(4.0), np.arange(4.0)
        got, want = traced(x), fresh_and_views(y)
        for i, (g, w) in enumerate(zip(got, want)):
            np.testing.assert_array_equal(g, w)
            assert g is not x and w is not y
            if i < FRESH:  # a write into a fresh result never reaches the argument
                assert not np.shares_memory(g, x) and not np.shares_memory(w, y)
            elif executor == "numpy":  # the interpreter returns views where eager does (XLA returns copies)
                assert np.shares_memory(g, x) and np.shares_memory(w, y)
        if executor == "numpy":  # (XLA's results are read-only arrays over its buffers)
            got[0][0] = got[1][0] = got[2][0] = got[3][0] = 100.0
        np.testing.assert_array_equal(x, np.arange(4.0))


def test_a_loaded_functions_results_share_no_memory_with_its_arguments(tmp_path):
    traced = autograph.function(fresh_and_views)
    traced(np.arange(4.0))
    autograph.save(traced, tmp_path / "views.agz")
    loaded = autograph.load(tmp_path / "views.agz")
    x = np.arange(4.0)
    got, want = loaded(x), fresh_and_views(np.arange(4.0))
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
        assert g is not x and not np.shares_memory(g, x)
    single = autograph.function(returns_its_argument)
    single(x)
    autograph.save(single, tmp_path / "same.agz")
    out = autograph.load(tmp_path / "same.agz")(x)
    np.testing.assert_array_equal(out, x)
    assert out is not x and not np.shares_memory(out, x)
