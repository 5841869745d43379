"""Issue 31, under JAX: ``raise`` / ``assert`` on traced values become checks that fire at run time
(runtime/jax/checks.py); Python's ``min`` / ``max`` of tracers choose as Python does
(runtime/jax/builtins.py); chained comparisons as values are staged (``ag__.compare``); names a
``while`` test binds are loop state (runtime/loop_tests.py); a method named ``update`` is converted;
an unrolled loop's warning names the construct. The function as written, run eagerly on concrete
values, is the oracle under ``jax.jit``, ``jax.grad``, ``jax.vmap``, ``jax.jvp`` and
``autograph.function(..., backend="jax")``."""

from __future__ import annotations

import math
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph
from runtime.jax import UnrolledLoopWarning
from runtime.jax import loops as jax_loops
from runtime.limits import Limitation
from tests.helpers import line_of

HERE = __file__


@pytest.fixture(autouse=True)
def _every_loop_warns_again():
    jax_loops._warned.clear()
    yield


def same(got, expected):
    """Equal values, NaN where NaN, and the same sign of zero."""
    got, expected = np.asarray(got, np.float64), np.asarray(expected, np.float64)
    np.testing.assert_array_equal(got, expected)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(expected))


# --- raise and assert on traced values ------------------------------------------------------------

def guarded_loss(loss):
    if jnp.isnan(loss):
        raise FloatingPointError("loss is NaN")  # raise-site
    return jnp.sin(loss) * 2


def asserted(x):
    assert x > 0, "x must be positive"  # assert-site
    return jnp.sqrt(x)


def raise_in_loop(xs):
    total = 0.0
    for v in xs:
        if v < 0:
            raise ValueError("negative item")  # loop-raise-site
        total = total + v
    return total


def test_raise_under_a_traced_if_fires_at_run_time_under_jit():
    run = jax.jit(autograph.to_graph(guarded_loss))
    same(run(0.5), guarded_loss(jnp.float32(0.5)))
    with pytest.raises(FloatingPointError, match="loss is NaN"):
        guarded_loss(jnp.float32(math.nan))  # the oracle
    with pytest.raises(jax.errors.JaxRuntimeError) as info:
        run(math.nan)
    assert str(info.value).rstrip().endswith("FloatingPointError: loss is NaN")


def test_a_function_with_the_jax_backend_raises_the_users_exception_with_the_line_that_staged_it():
    f = autograph.function(guarded_loss, backend="jax")
    same(f(jnp.float32(0.5)), guarded_loss(jnp.float32(0.5)))
    with pytest.raises(FloatingPointError, match="^loss is NaN") as info:
        f(jnp.float32(math.nan))
    assert f"(checked at run time by JAX; staged at {HERE}:{line_of(HERE, 'raise-site')})" in info.value.__notes__
    same(f(jnp.float32(0.25)), guarded_loss(jnp.float32(0.25)))  # a failure does not stick


def test_raise_check_under_grad_jvp_and_vmap():
    converted = autograph.to_graph(guarded_loss)
    same(jax.jit(jax.grad(converted))(0.5), jax.grad(guarded_loss)(0.5))
    same(jax.jvp(converted, (0.5,), (1.0,))[1], jax.jvp(guarded_loss, (0.5,), (1.0,))[1])
    xs = jnp.array([0.1, 0.2, 0.3])
    same(jax.jit(jax.vmap(converted))(xs), jnp.stack([guarded_loss(x) for x in xs]))
    for transformed in (jax.jit(jax.grad(converted)), jax.jit(lambda x: jax.jvp(converted, (x,), (1.0,))[1])):
        with pytest.raises(jax.errors.JaxRuntimeError, match="FloatingPointError: loss is NaN"):
            transformed(math.nan)
    with pytest.raises(jax.errors.JaxRuntimeError, match="FloatingPointError: loss is NaN"):
        jax.jit(jax.vmap(converted))(jnp.array([0.1, math.nan, 0.3]))  # any element's failure fails the batch


def test_raise_in_a_scanned_loop_body():
    run = autograph.function(raise_in_loop, backend="jax")
    same(run(jnp.array([1.0, 2.0])), raise_in_loop(jnp.array([1.0, 2.0])))
    with pytest.raises(ValueError, match="^negative item") as info:
        run(jnp.array([1.0, -2.0]))
    assert any(f"{HERE}:{line_of(HERE, 'loop-raise-site')}" in note for note in info.value.__notes__)


def test_assert_on_a_tracer_fires_at_run_time():
    run = jax.jit(autograph.to_graph(asserted))
    same(run(4.0), asserted(jnp.float32(4.0)))
    with pytest.raises(jax.errors.JaxRuntimeError, match="AssertionError: x must be positive"):
        run(-1.0)
    f = autograph.function(asserted, backend="jax")
    with pytest.raises(AssertionError, match="^x must be positive") as info:
        f(jnp.float32(-1.0))
    assert f"staged at {HERE}:{line_of(HERE, 'assert-site')})" in info.value.__notes__[0]
    same(jax.jit(jax.grad(autograph.to_graph(asserted)))(4.0), jax.grad(asserted)(4.0))


def assert_on_a_vector(x):
    assert x > 0
    return x


def test_assert_on_an_array_of_several_elements_is_pythons_error():
    with pytest.raises(ValueError, match="truth value of an array with more than one element is ambiguous"):
        assert_on_a_vector(jnp.array([1.0, 2.0]))  # the oracle
    with pytest.raises(ValueError, match="truth value of an array with more than one element is ambiguous"):
        jax.jit(autograph.to_graph(assert_on_a_vector))(jnp.array([1.0, 2.0]))


# --- min and max ------------------------------------------------------------------------------------

def max_of_two(a, b):
    return max(a, b)


def min_of_two(a, b):
    return min(a, b)


def max_of_three(a, b, c):
    return max(a, b, c), min([a, b, c])


def max_of_an_array(xs):
    return max(xs), min(xs)


def max_with_key(a, b):
    return max(a, b, key=abs), min([], default=a)


PAIRS = [(1.0, 2.0), (2.0, 1.0), (1.0, 1.0), (0.0, -0.0), (-0.0, 0.0), (math.nan, 1.0), (1.0, math.nan),
         (math.nan, math.nan), (-math.inf, 3.0)]


@pytest.mark.parametrize("a, b", PAIRS)
def test_min_and_max_of_two_tracers_choose_as_python(a, b):
    a, b = jnp.float32(a), jnp.float32(b)
    for fn in (max_of_two, min_of_two):
        expected = fn(a, b)  # Python's rule on concrete arrays: a, unless b compares greater (smaller)
        converted = autograph.to_graph(fn)
        same(jax.jit(converted)(a, b), expected)
        same(autograph.function(fn, backend="jax")(a, b), expected)
        same(jax.vmap(converted)(jnp.stack([a, b]), jnp.stack([b, a])),
             jnp.stack([fn(a, b), fn(b, a)]))
    if not (math.isnan(a) or math.isnan(b)) and a != b:
        same(jax.grad(autograph.to_graph(max_of_two), argnums=(0, 1))(a, b), jax.grad(max_of_two, argnums=(0, 1))(a, b))
        same(jax.jvp(autograph.to_graph(max_of_two), (a, b), (1.0, 2.0))[1], jax.jvp(max_of_two, (a, b), (1.0, 2.0))[1])


@pytest.mark.parametrize("xs", [[3.0, 1.0, 2.0], [math.nan, 1.0, 2.0], [1.0, math.nan, 5.0], [2.0, 2.0, -1.0],
                                [0.0, -0.0, -0.0], [-0.0, 0.0, 0.0], [-math.inf, math.nan, -math.inf]])
def test_min_and_max_of_several_tracers_and_of_a_traced_array(xs):
    arr = jnp.array(xs, jnp.float32)
    same(jax.jit(autograph.to_graph(max_of_an_array))(arr)[0], max_of_an_array(arr)[0])
    same(jax.jit(autograph.to_graph(max_of_an_array))(arr)[1], max_of_an_array(arr)[1])
    got = jax.jit(autograph.to_graph(max_of_three))(*arr)
    expected = max_of_three(*arr)
    same(got[0], expected[0])
    same(got[1], expected[1])


def test_max_of_an_int_array_and_with_a_key_and_a_default():
    ints = jnp.array([3, 7, 7, 1])
    assert jax.jit(autograph.to_graph(max_of_an_array))(ints) == max_of_an_array(ints)
    a, b = jnp.float32(-3.0), jnp.float32(2.0)
    got, expected = jax.jit(autograph.to_graph(max_with_key))(a, b), max_with_key(a, b)
    same(got[0], expected[0])
    same(got[1], expected[1])


def max_of_pairs(a, b):
    return max((a, 1), (b, 2), key=lambda pair: pair[0])  # pairs-site


def max_of_vectors(a, b):
    return max(a, b)


def test_max_between_objects_by_a_traced_comparison_is_refused_with_the_line():
    with pytest.raises(Limitation) as info:
        jax.jit(autograph.to_graph(max_of_pairs))(1.0, 2.0)
    message = str(info.value)
    assert message.startswith(f"{HERE}:{line_of(HERE, 'pairs-site')}: max() chose between values that are not "
                              "numbers or arrays (tuple, tuple) by a traced comparison")
    assert "jnp.where(...)" in message


def test_max_of_arrays_of_several_elements_is_pythons_error():
    a, b = jnp.array([1.0, 5.0]), jnp.array([2.0, 0.0])
    with pytest.raises(ValueError, match="more than one element is ambiguous"):
        max_of_vectors(a, b)
    with pytest.raises(ValueError, match="more than one element is ambiguous"):
        jax.jit(autograph.to_graph(max_of_vectors))(a, b)


# --- chained comparisons as values -------------------------------------------------------------------

def in_band(x, lo, hi):
    inside = lo < x <= hi
    return jnp.where(inside, x, 0.0), inside


def in_band_vector(x):
    return 0.0 < x < 1.0  # vector-chain-site


@pytest.mark.parametrize("x", [-1.0, 0.0, 0.5, 1.0, 2.0, math.nan])
def test_chained_comparison_as_a_value(x):
    x, lo, hi = jnp.float32(x), jnp.float32(0.0), jnp.float32(1.0)
    expected = in_band(x, lo, hi)
    converted = autograph.to_graph(in_band)
    for got in (jax.jit(converted)(x, lo, hi), autograph.function(in_band, backend="jax")(x, lo, hi)):
        same(got[0], expected[0])
        assert bool(got[1]) == bool(expected[1])
    batch = jnp.stack([x, x + 0.25])
    got = jax.vmap(converted, in_axes=(0, None, None))(batch, lo, hi)
    same(got[0], jnp.stack([in_band(v, lo, hi)[0] for v in batch]))
    if not math.isnan(x) and x not in (0.0, 1.0):
        grad = jax.grad(lambda *a: converted(*a)[0])(x, lo, hi)
        same(grad, jax.grad(lambda *a: in_band(*a)[0])(x, lo, hi))
        same(jax.jvp(lambda v: converted(v, lo, hi)[0], (x,), (1.0,))[1],
             jax.jvp(lambda v: in_band(v, lo, hi)[0], (x,), (1.0,))[1])


def test_chained_comparison_of_arrays_asks_a_truth_python_cannot_give():
    x = jnp.array([0.5, 2.0])
    with pytest.raises(ValueError, match="ambiguous"):
        in_band_vector(x)  # the oracle
    with pytest.raises(ValueError) as info:
        jax.jit(autograph.to_graph(in_band_vector))(x)
    assert str(info.value).startswith(f"{HERE}:{line_of(HERE, 'vector-chain-site')}: the truth value of an array "
                                      "with more than one element is ambiguous")
    assert "(a < b) & (b < c)" in str(info.value)


# --- names a while test binds -------------------------------------------------------------------------

def _step(x):
    return 0.5 * (x + 2.0 / x)


def sqrt2_capped(x):
    it = 0
    while abs((x_next := _step(x)) - x) > 1e-6 and it < 50:
        x = x_next
        it += 1
    return x, x_next, it


def sqrt2(x):
    while abs((x_next := _step(x)) - x) > 1e-6:
        x = x_next
    return x


def test_a_walrus_in_a_while_test_is_loop_state():
    expected = sqrt2_capped(jnp.float32(1.0))
    for got in (jax.jit(autograph.to_graph(sqrt2_capped))(jnp.float32(1.0)),
                autograph.function(sqrt2_capped, backend="jax")(jnp.float32(1.0))):
        for g, e in zip(got, expected):
            np.testing.assert_allclose(g, e, rtol=1e-6)
    same(jax.jit(autograph.to_graph(sqrt2))(jnp.float32(1.0)), sqrt2(jnp.float32(1.0)))
    xs = jnp.array([1.0, 3.0])
    np.testing.assert_allclose(jax.vmap(autograph.to_graph(sqrt2))(xs), [sqrt2(x) for x in xs], rtol=1e-6)
    tangent = jax.jvp(autograph.to_graph(sqrt2), (jnp.float32(1.0),), (jnp.float32(1.0),))[1]
    np.testing.assert_allclose(tangent, jax.jvp(sqrt2, (jnp.float32(1.0),), (jnp.float32(1.0),))[1], atol=1e-5)


def test_a_walrus_in_a_while_test_in_our_graph():
    got = autograph.function(sqrt2_capped)(np.float64(1.0))
    for g, e in zip(got, sqrt2_capped(1.0)):
        np.testing.assert_allclose(g, e, rtol=1e-12)


def test_the_walrus_target_is_in_the_loops_state():
    assert "('it', 'x', 'x_next')" in autograph.to_code(sqrt2_capped)


# --- methods named like a container's -----------------------------------------------------------------

class Filter:
    def __init__(self, gain):
        self.gain = gain

    def update(self, estimate, measurement):
        if measurement > estimate:
            return estimate + self.gain * (measurement - estimate)
        return estimate


def track(measurements):
    f = Filter(0.5)
    seen = {}
    estimate = measurements[0]
    for m in measurements:
        estimate = f.update(estimate, m)
    seen.update(last=1)
    return estimate


def test_a_method_named_update_is_converted_and_dict_update_stays_plain():
    code = autograph.to_code(track)
    assert "ag__.call(f.update)(estimate, m)" in code
    assert "seen.update(last=1)" in code
    ms = jnp.array([1.0, 3.0, 2.0, 5.0])
    same(jax.jit(autograph.to_graph(track))(ms), track(ms))
    same(jax.grad(autograph.to_graph(track))(ms), jax.grad(track)(ms))


# --- the reasons an unrolled loop gives ------------------------------------------------------------------

def dict_keyed_by_index(x):
    table = {0: 1.0, 1: 2.0, 2: 3.0}
    acc = x[0]
    for i in range(3):
        acc = acc + table[i]  # dict-key-site
    return acc


def list_indexed_by_max(x):
    ws = [x[k] for k in range(4)]  # arrays of one shape: read as one stacked array (runtime/jax/items.py)
    acc = jnp.zeros(())
    for i in range(4):
        acc = acc + ws[max(0, i - 2)]
    return acc


def numbers_indexed_by_max(x):
    ws = [1.0, 2.0, 3.0, 4.0]  # Python numbers: no one array holds them as Python computes with them
    acc = x[0]
    for i in range(4):
        acc = acc + ws[max(0, i - 2)]  # list-index-site
    return acc


def window_bound_by_max(x):
    acc = jnp.zeros(())
    for i in range(4):
        for j in range(max(0, i - 2), i + 1):
            acc = acc + x[j]
    return acc


def test_unrolled_loop_names_a_dict_keyed_by_the_index():
    x = jnp.arange(4.0)
    with pytest.warns(UnrolledLoopWarning) as record:
        got = jax.jit(autograph.to_graph(dict_keyed_by_index))(x)
    same(got, dict_keyed_by_index(x))
    message = str(record[0].message)
    site = f"{HERE}:{line_of(HERE, 'dict-key-site')}"
    assert f"{site}: `acc = acc + table[i]  # dict-key-site` uses a traced value" in message
    assert "as a dict or set key" in message
    assert "To stage it, keep the values in an array indexed by i instead of a dict keyed by i" in message


def shrinking_rows(c):
    n = len(c)  # (orthax's chebder: a carried length that loses one each iteration, an array of that length)
    for i in range(2):
        n = n - 1
        der = jnp.zeros((n,), c.dtype)  # shape-site
        der = der.at[0].set(c[1] * (i + 1))
        c = der
    return c


def test_unrolled_loop_names_an_array_whose_shape_is_traced():
    c = jnp.arange(1.0, 6.0)
    with pytest.warns(UnrolledLoopWarning) as record:
        got = jax.jit(autograph.to_graph(shrinking_rows))(c)
    same(got, shrinking_rows(c))
    message = str(record[0].message)
    site = f"{HERE}:{line_of(HERE, 'shape-site')}"
    assert f"{site}: `der = jnp.zeros((n,), c.dtype)  # shape-site` makes an array whose shape is a traced" in message
    assert "To stage it, give the array a shape that stays the same in every iteration" in message


def test_unrolled_loop_names_a_list_index_and_max_of_the_index_stays_staged():
    x = jnp.arange(4.0)
    with pytest.warns(UnrolledLoopWarning) as record:
        got = jax.jit(autograph.to_graph(numbers_indexed_by_max))(x)
    same(got, numbers_indexed_by_max(x))
    message = str(record[0].message)
    assert f"{HERE}:{line_of(HERE, 'list-index-site')}: a Python list indexed by a staged value" in message
    assert "To stage it, make the list one array before the loop (jnp.stack(xs)" in message
    assert "code autograph did not convert" not in message.split("(JAX:")[-1]
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)  # a list of arrays, max(0, i - 2) a bound: staged
        same(jax.jit(autograph.to_graph(list_indexed_by_max))(x), list_indexed_by_max(x))
        same(jax.jit(autograph.to_graph(window_bound_by_max))(x), window_bound_by_max(x))
