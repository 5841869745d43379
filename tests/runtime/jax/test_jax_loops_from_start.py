"""Loops that start on Python values but carry tracers after their first iteration are staged from
the start (``while_from_start`` and the static-range dry run in ``runtime/jax/loops.py``): a
``while`` whose plain first test would be traced after one iteration, a static ``range`` loop whose
first iteration turns a carried Python number into a tracer. Eager Python is the oracle; the
previous behaviour (``static_loops(False)``: the first iteration as Python) must agree too."""

from __future__ import annotations

import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.jax import UnrolledLoopWarning, static_loops


def jaxpr(f, *args):
    closed = jax.make_jaxpr(f)(*args)
    return [e.primitive.name for e in closed.jaxpr.eqns], closed


def euler(y):
    t = 0.0
    h = 0.25
    while t < 1.0:
        full = y + h * (1.0 - 2.0 * y)
        if jnp.abs(full - y) < 0.5:
            t = t + h
            y = full
        else:
            h = h / 2
    return y, t, h


def test_a_while_on_python_floats_is_one_while_loop_from_constants():
    converted = autograph.to_graph(euler)
    names, closed = jaxpr(converted, jnp.float32(3.0))
    assert names == ["while"]  # nothing computed before the loop
    got = jax.jit(converted)(jnp.float32(3.0))
    with static_loops(False):  # the first iteration as Python, then the rest staged
        before = jax.jit(autograph.to_graph(euler))(jnp.float32(3.0))
    expected = euler(jnp.float32(3.0))
    for g, b, e in zip(got, before, expected):
        assert g == b == e
        assert (g.dtype, g.weak_type) == (b.dtype, b.weak_type)
    assert [x.weak_type for x in got] == [False, True, True]  # t and h promote like the Python floats they were


def test_a_counted_while_over_python_ints_stays_python_and_differentiable():
    def power(x):
        i = 0
        while i < 3:
            x = x * 2.0
            i += 1
        return x

    converted = autograph.to_graph(power)
    names, _ = jaxpr(converted, 1.0)
    assert names == ["mul", "mul", "mul"]  # unrolled as before: its trip count is Python's
    assert jax.grad(converted)(1.0) == 8.0


def test_plain_python_values_run_the_python_loop():
    converted = autograph.to_graph(euler)
    got = converted(3.0)  # no tracer anywhere: Python's loop, Python's floats
    assert got == euler(3.0)
    assert all(type(v) is float for v in got)


def test_a_first_test_that_float32_decides_otherwise_keeps_the_first_iteration_in_python():
    def f(x):
        t = 0.1
        while t < 0.1000000001:  # true in Python's float64, false in float32
            t = t + x
        return t

    converted = autograph.to_graph(f)
    names, _ = jaxpr(converted, jnp.float32(1.0))
    assert names[-1] == "while" and len(names) > 1  # the first iteration ran before the loop
    assert jax.jit(converted)(jnp.float32(1.0)) == f(jnp.float32(1.0))


def test_a_break_flag_that_becomes_traced_stages_the_whole_loop():
    def f(x):
        i = 0
        while i < 10:
            if x > 50.0:
                break
            x = x * 2.0
            i = i + 1
        return x, i

    converted = autograph.to_graph(f)
    names, _ = jaxpr(converted, jnp.float32(1.0))
    assert names == ["while"]
    for x in (1.0, 3.0, 100.0):
        got = jax.jit(converted)(jnp.float32(x))
        assert [float(v) for v in got] == [float(v) for v in f(jnp.float32(x))]


def test_a_variable_first_assigned_in_the_loop_falls_back_to_the_first_iteration_in_python():
    def f(x):
        t = 0.0
        while t < 1.0:
            last = x * t    # no value before the loop: only Python's first iteration can define it
            t = t + jnp.abs(x) + 0.25
        return last

    converted = autograph.to_graph(f)
    assert jax.jit(converted)(jnp.float32(0.5)) == f(jnp.float32(0.5))


def test_a_static_range_with_a_python_accumulator_is_one_scan():
    def f(x):
        y = 0.0
        for i in range(50):
            y = y * 0.5 + x[i % 4]
        return y

    converted = autograph.to_graph(f)
    x = jnp.array([1.0, 2.0, 3.0, 4.0])
    names, closed = jaxpr(converted, x)
    assert names == ["scan"]
    np.testing.assert_allclose(jax.jit(converted)(x), f(x), rtol=1e-6)
    np.testing.assert_allclose(jax.grad(converted)(x), jax.grad(f)(x), rtol=1e-5)


def test_python_loops_that_cannot_be_one_scan_stay_unrolled_without_a_warning():
    def broadcast(x):
        acc = 0.0
        for i in range(3):
            acc = acc + x * i  # a Python float becomes an array of x's shape
        return acc

    x = jnp.array([1.0, 2.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        for f in (broadcast,):
            np.testing.assert_array_equal(jax.jit(autograph.to_graph(f))(x), f(x))


def test_a_list_that_the_first_iteration_grows_by_a_traced_item_makes_one_scan_from_the_start():
    def stacked(x):
        out = []
        for i in range(3):
            out.append(x * i)  # no carried tracer, but Python's loop would carry a list of them
        return jnp.stack(out)

    x = jnp.array([1.0, 2.0])
    converted = autograph.to_graph(stacked)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        np.testing.assert_array_equal(jax.jit(converted)(x), stacked(x))
        assert jaxpr(converted, x)[0] == ["scan", "unstack", "stack"]



def test_lists_made_by_one_tuple_assignment_are_known_lists_and_grow_in_one_scan():
    # tinygp's kalman gains (tests/jax_programs/libraries_more.py): `s, K = [], []` binds two list displays, as
    # `s = []` and `K = []` do; the converter had taken only a single name's binding for a known list, so
    # s.append went through ag__.call and the loop was unrolled (over a range, silently) or refused.
    def gains(A, d, n):
        (s, K), total = ([], []), 0.0
        for i in range(n):
            s.append(A[i].sum() + d[i])
            K.append(A[i] * d[i])
            total = total + d[i]
        return jnp.stack(s), jnp.stack(K), total

    def over_zip(A, d):
        s, K = [], []
        for a, dk in zip(A, d):
            s.append(a.sum() + dk)
            K.append(a * dk)
        return jnp.stack(s), jnp.stack(K)

    A, d = jnp.arange(12.0).reshape(6, 2), jnp.linspace(0.5, 3.0, 6)
    assert "ag__.call(s.append)" not in autograph.to_code(gains)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        for got, expected in zip(jax.jit(autograph.to_graph(gains), static_argnums=2)(A, d, 6), gains(A, d, 6)):
            np.testing.assert_allclose(got, expected, rtol=1e-6)
        assert "scan" in [e.primitive.name for e in jax.make_jaxpr(autograph.to_graph(gains), static_argnums=2)(
            A, d, 6).jaxpr.eqns]
        for got, expected in zip(jax.jit(autograph.to_graph(over_zip))(A, d), over_zip(A, d)):
            np.testing.assert_allclose(got, expected, rtol=1e-6)


def test_a_loop_over_a_range_iterator_is_one_scan_as_a_range_is():
    # RL's returns and advantages, a Viterbi backtrace: `for t in reversed(range(T))` appending to a list that is
    # rebound afterwards (`out = jnp.stack(out[::-1])`). The iterator is offered as the range it has left (it had
    # been unrolled silently), and `out` is a list where the loop reads it (converters/call_trees.py's
    # _container_here: it had been a possible user object, whose append was not carried).
    def advantages(rewards, values, gamma):
        gae = 0.0
        out = []
        for t in reversed(range(rewards.shape[0])):
            gae = rewards[t] + gamma * values[t] + gamma * gae
            out.append(gae)
        out = jnp.stack(out[::-1])
        return out

    def partly_consumed(x):
        it = iter(range(1, 6))
        first = next(it)
        total = x[0] * first
        for i in it:  # the rest of it: 2..5
            total = total + x[i] * i
        return total, list(it)  # (the iterator ends consumed, as Python's loop leaves it)

    rewards, values = jnp.linspace(0.0, 1.0, 7), jnp.linspace(1.0, 2.0, 7)
    assert "out.append(gae)" in autograph.to_code(advantages)  # not ag__.call(out.append)
    x = jnp.arange(6.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        np.testing.assert_allclose(jax.jit(autograph.to_graph(advantages))(rewards, values, 0.9),
                                   advantages(rewards, values, 0.9), rtol=1e-6)
        got, expected = jax.jit(autograph.to_graph(partly_consumed))(x), partly_consumed(x)
        np.testing.assert_allclose(got[0], expected[0])
        assert list(got[1]) == expected[1] == []
    for fn, args in ((advantages, (rewards, values, 0.9)), (partly_consumed, (x,))):
        names = [e.primitive.name for e in jax.make_jaxpr(autograph.to_graph(fn))(*args).jaxpr.eqns]
        assert names.count("scan") == 1, (fn.__name__, names)


def test_a_name_rebound_to_a_non_list_before_the_loop_is_not_taken_for_a_list():
    # The bindings that reach the loop decide (_container_here): one of them is not a display, so `out` may be
    # the user's object there, and its append the user's code.
    class Collector:
        def __init__(self):
            self.items = []

        def append(self, value):
            self.items.append(value * 2)

    def collect(x, flag):
        out = []
        if flag:
            out = Collector()
        for i in range(3):
            out.append(x[i])
        return out if isinstance(out, list) else out.items

    def later(x):
        out = []
        add = lambda value: out.append(value)  # noqa: E731  (runs after the rebinding below: the user's append)
        out = Collector()
        add(x[0])
        return out.items

    code = autograph.to_code(collect)
    assert "ag__.call(out.append)" in code
    assert "ag__.call(out.append)" in autograph.to_code(later)
    assert [float(v) for v in autograph.convert(later)(jnp.arange(3.0) + 1)] == [2.0]
    x = jnp.arange(3.0)
    for flag in (False, True):
        assert [float(v) for v in autograph.convert(collect)(x, flag)] == [float(v) for v in collect(x, flag)]

EXACT = st.sampled_from([0.125, 0.25, 0.5, 1.0])  # steps and bounds exact in float32 and float64


@settings(max_examples=30, deadline=None)
@given(t0=st.sampled_from([0.0, 0.5, -1.0]), t_end=st.sampled_from([0.0, 1.0, 2.5]), h1=EXACT, h2=EXACT,
       a=st.sampled_from([0.5, 1.5, -1.0]), c=st.floats(-2, 2, width=32), x=st.floats(-2, 2, width=32))
def test_random_while_loops_staged_from_the_start_equal_eager(t0, t_end, h1, h2, a, c, x):
    def f(x):
        t = t0
        k = 0
        while t < t_end:
            x = x * a + 0.25
            if x > c:
                t = t + h1
            else:
                t = t + h2
            k = k + 1
        return x, t, k

    converted = autograph.to_graph(f)
    got = jax.jit(converted)(jnp.float32(x))
    with static_loops(False):
        before = jax.jit(autograph.to_graph(f))(jnp.float32(x))
    expected = f(jnp.float32(x))
    for g, b, e in zip(got, before, expected):
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(g, b, rtol=1e-5, atol=1e-6)
        assert jnp.result_type(g) == jnp.result_type(b)


@settings(max_examples=20, deadline=None)
@given(y0=st.sampled_from([0.0, 1.0, -2.5]), n=st.integers(2, 12), a=st.sampled_from([0.5, -1.0, 1.25]),
       xs=st.lists(st.floats(-3, 3, width=32), min_size=3, max_size=3))
def test_random_accumulators_over_static_ranges_staged_equal_eager(y0, n, a, xs):
    def f(x):
        y = y0
        for i in range(n):
            if x[i % 3] > y:
                y = y * a + x[i % 3]
            else:
                y = y - 0.5
        return y

    x = jnp.array(xs, jnp.float32)
    converted = autograph.to_graph(f)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = jax.jit(converted)(x)
        names, _ = jaxpr(converted, x)
    assert names == ["scan"]
    np.testing.assert_allclose(got, f(x), rtol=1e-5, atol=1e-5)


def test_a_plain_first_if_is_left_to_python():
    """An ``if`` on a Python bool runs one branch as Python: nothing to stage, nothing computed twice."""
    def f(x, training=True):
        if training:
            x = x * 2.0
        return x

    names, _ = jaxpr(autograph.to_graph(f), 1.0)
    assert names == ["mul"]


@pytest.mark.parametrize("first", [0, 1])
def test_nothing_traced_twice_in_the_outer_program(first):
    """The dry run of the first iteration is a throwaway trace: none of its operations (nor a
    jax.debug.print) reach the program."""
    def f(x):
        t = float(first)
        while t < 2.0:
            jax.debug.print("step {}", x)
            x = x + 1.0
            t = t + jnp.abs(x)
        return x

    names, _ = jaxpr(autograph.to_graph(f), jnp.float32(0.5))
    assert names == ["while"]


def test_a_variable_first_bound_in_a_loop_over_zip_or_enumerate_peels_the_first_iteration():
    # netket's lexicographic comparison (tests/jax_programs/libraries_third.py): `p = None`, then `p = ... if p is
    # None else ...` in a loop over zip(): Python's first iteration, then one scan over the rest, as a loop over
    # one array does (it was unrolled with a warning whose reason spoke of a loop that may run zero times).
    def zipped(xs, ys):
        p = None
        for x, y in zip(xs, ys):
            p = x + y if p is None else p + x * y
        return p

    def enumerated(xs, ys):
        p = None
        for i, x in enumerate(xs, start=2):
            if p is None:
                p = x
            else:
                p = p + x * i
        return p

    def nested(xs, ys):
        p = None
        for i, (x, y) in enumerate(zip(xs, ys)):
            p = x * y if p is None else p - x * i
        return p

    xs, ys = jnp.arange(8.0).reshape(4, 2), jnp.linspace(1.0, 2.0, 8).reshape(4, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        for fn in (zipped, enumerated, nested):
            np.testing.assert_allclose(jax.jit(autograph.to_graph(fn))(xs, ys), fn(xs, ys), rtol=1e-6)
            names = [e.primitive.name for e in jax.make_jaxpr(autograph.to_graph(fn))(xs, ys).jaxpr.eqns]
            assert names.count("scan") == 1, (fn.__name__, names)
            one = (xs[:1], ys[:1])  # one item: the peeled iteration is all there is
            np.testing.assert_allclose(jax.jit(autograph.to_graph(fn))(*one), fn(*one), rtol=1e-6)
