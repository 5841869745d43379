"""Lists appended in a static ``range`` loop, and loops over ``enumerate`` / ``zip`` of traced arrays
(issue 31, items 8 and 9): one ``lax.scan`` each, whose appended items come out as Python's list of
the scan's rows. Plain eager JAX (Python's loops on concrete arrays) is the oracle for ``jax.jit``,
``jax.grad``, ``jax.vmap``, ``jax.jvp`` and ``autograph.function(..., backend="jax")``; where one scan
cannot give Python's answer, the loop is Python's (unrolled, with an ``UnrolledLoopWarning``), or refused.
"""

from __future__ import annotations

import contextlib
import os
import warnings

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.jax import UnrolledLoopWarning
from runtime.limits import Limitation

KEY = jax.random.key(0)
# Each example runs under five transformations (about 2 s): `make test` runs 6, `make slow` the 15.
EXAMPLES = int(os.environ.get("AUTOGRAPH_JAX_APPENDS_EXAMPLES", "15"))


def equal(got, expected, rtol=1e-5):
    got_leaves, got_tree = jax.tree.flatten(got)
    expected_leaves, expected_tree = jax.tree.flatten(expected)
    assert got_tree == expected_tree
    for g, e in zip(got_leaves, expected_leaves):
        np.testing.assert_allclose(np.asarray(g), np.asarray(e), rtol=rtol, atol=1e-6)


def primitives(f, *args):
    return [e.primitive.name for e in jax.make_jaxpr(autograph.to_graph(f))(*args).jaxpr.eqns]


@contextlib.contextmanager
def no_unrolling():
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        yield


# --- item 8: appends in a static range loop -------------------------------------------------------

def sampler(key, x, n_steps):
    samples = []
    for i in range(n_steps):
        key, k = jax.random.split(key)
        x = 0.9 * x + 0.1 * jax.random.normal(k, x.shape)
        samples.append(x)
    return jnp.stack(samples), samples[-1], len(samples)


def walk(x, n_steps):
    """Differentiable: no keys."""
    samples = []
    for i in range(n_steps):
        x = jnp.sin(x) * 0.9 + 0.01 * i
        samples.append(x)
    return jnp.stack(samples)


def test_a_sampler_appending_in_a_static_range_is_one_scan():
    x = jnp.ones(4)
    with no_unrolling():
        got = jax.jit(autograph.to_graph(sampler), static_argnums=2)(KEY, x, 20)
        assert primitives(lambda k, x: sampler(k, x, 20), KEY, x) == ["scan", "unstack", "stack"]
    equal(got, sampler(KEY, x, 20))


@settings(max_examples=EXAMPLES, deadline=None)
@given(n_steps=st.integers(2, 40), shape=st.sampled_from([(), (3,), (2, 3)]))
def test_appends_in_a_static_range_equal_eager_under_every_transformation(n_steps, shape):
    x = jnp.linspace(0.1, 1.0, int(np.prod(shape))).reshape(shape)
    converted = autograph.to_graph(walk)
    expected = walk(x, n_steps)
    with no_unrolling():
        equal(jax.jit(converted, static_argnums=1)(x, n_steps), expected)
        loss = lambda f: lambda x: jnp.sum(f(x, n_steps) ** 2)  # noqa: E731
        equal(jax.jit(jax.grad(loss(converted)))(x), jax.grad(loss(walk))(x), rtol=1e-4)
        equal(jax.jvp(lambda x: converted(x, n_steps), (x,), (jnp.ones_like(x),)),
              jax.jvp(lambda x: walk(x, n_steps), (x,), (jnp.ones_like(x),)), rtol=1e-4)
        batch = jnp.stack([x, x * 0.5])
        equal(jax.vmap(lambda x: converted(x, n_steps))(batch), jnp.stack([walk(x, n_steps), walk(x * 0.5, n_steps)]))
        function = autograph.function(walk, backend="jax")
        equal(function(x, n_steps), expected)


def items_before_and_pytrees(x):
    out = [x]
    alias = out
    for i in range(3):
        x = x * 2
        out.append((x, x + i))
    return alias, len(out), out[-1], out is alias


def test_the_list_after_the_loop_is_the_same_python_list_grown_by_the_rows():
    x = jnp.array([1.0, -1.0])
    with no_unrolling():
        got = jax.jit(autograph.to_graph(items_before_and_pytrees))(x)
    expected = items_before_and_pytrees(x)
    equal(got, expected)
    assert type(got[0]) is list and len(got[0]) == 4 and bool(got[3])


def read_inside(x):
    out = [x]
    for i in range(3):
        x = x * 2 + out[-1]
        out.append(x)
    return jnp.stack(out)


def insert_in_front(x):
    out = []
    for i in range(3):
        x = x * 2
        out.insert(0, x)
    return jnp.stack(out)


def prepend(x):
    out = []
    for i in range(3):
        x = x * 2
        out = [x] + out
    return jnp.stack(out)


def concatenate(x):
    out = []
    for i in range(3):
        x = x * 2
        out = out + [x]
    return jnp.stack(out)


def python_numbers(x):
    out = []
    for i in range(3):
        x = x * 2
        out.append(1.5)
    return x, sum(out)


@pytest.mark.parametrize("f, unrolled", [(read_inside, "is read inside"), (insert_in_front, "other than by appending"),
                                         (prepend, "other than by appending"), (python_numbers, "Python values"),
                                         (concatenate, None)])
def test_what_one_scan_cannot_hold_is_pythons_loop_with_a_warning(f, unrolled):
    x = jnp.array([1.0, 2.0])
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always", UnrolledLoopWarning)
        got = jax.jit(autograph.to_graph(f))(x)
    equal(got, f(x))
    messages = [str(w.message) for w in record if w.category is UnrolledLoopWarning]
    if unrolled is None:
        assert messages == []
    else:
        assert len(messages) == 1 and unrolled in messages[0] and "3 copies of its body" in messages[0]


def conditional_append(x):
    out = []
    for i in range(3):
        x = x * 2
        out.append(x)
        if jnp.sum(x) > 5:  # a second item in some iterations only
            out.append(-x)
    return out


def test_an_append_under_a_traced_condition_is_refused_not_miscounted():
    with pytest.raises(Limitation, match=r"test_jax_appends_and_zips.py:\d+"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UnrolledLoopWarning)
            jax.jit(autograph.to_graph(conditional_append))(jnp.ones(2))


# --- item 9: enumerate and zip over traced arrays ---------------------------------------------------

def spiking(v, currents, thresholds):
    spikes = []
    total = 0.0
    for t, (i_t, th) in enumerate(zip(currents, thresholds)):
        v = 0.9 * v + i_t
        fired = v > th
        v = jnp.where(fired, 0.0, v)
        total = total + jnp.sum(fired) * t
        spikes.append(fired)
    return jnp.stack(spikes), total, v


def spiking_args(steps=30, longer=0):
    currents = 0.4 + 0.3 * jnp.sin(jnp.arange(steps * 3.0).reshape(steps, 3))
    thresholds = jnp.full((steps + longer, 3), 1.0)
    return jnp.zeros(3), currents, thresholds


@pytest.mark.parametrize("longer", [0, 4])
def test_enumerate_zip_is_one_scan_and_stops_at_the_shortest(longer):
    args = spiking_args(longer=longer)
    with no_unrolling():
        got = jax.jit(autograph.to_graph(spiking))(*args)
        names = primitives(spiking, *args)
    equal(got, spiking(*args))
    assert names.count("scan") == 1 and len(names) <= 5, names  # (a slice of the longer array, then the scan)
    equal(autograph.function(spiking, backend="jax")(*args), spiking(*args))
    batch = [jnp.stack([a, a * 0.5]) for a in args]
    equal(jax.vmap(autograph.to_graph(spiking))(*batch), jax.vmap(spiking)(*batch))


def weighted(xs, ws, start):
    acc = jnp.zeros(xs.shape[1:])
    for k, (x, w) in enumerate(zip(xs, ws), start):
        acc = acc + x * w * k
    for j, x in zip(range(2, 100, 3), xs):
        acc = acc - 0.01 * j * x
    return acc


@settings(max_examples=EXAMPLES, deadline=None)
@given(n=st.integers(1, 12), m=st.integers(1, 12), start=st.integers(-3, 3), width=st.sampled_from([(), (2,)]))
def test_enumerate_and_zip_equal_eager_under_grad_jvp_and_vmap(n, m, start, width):
    xs = jnp.linspace(-1.0, 1.0, n * int(np.prod(width))).reshape((n, *width))
    ws = jnp.linspace(0.5, 2.0, m)
    converted = autograph.to_graph(weighted)
    with no_unrolling():
        equal(jax.jit(converted, static_argnums=2)(xs, ws, start), weighted(xs, ws, start))
        loss = lambda f: lambda xs, ws: jnp.sum(f(xs, ws, start) ** 2)  # noqa: E731
        equal(jax.grad(loss(converted), argnums=(0, 1))(xs, ws), jax.grad(loss(weighted), argnums=(0, 1))(xs, ws),
              rtol=1e-4)
        equal(jax.jvp(lambda ws: converted(xs, ws, start), (ws,), (jnp.ones_like(ws),)),
              jax.jvp(lambda ws: weighted(xs, ws, start), (ws,), (jnp.ones_like(ws),)), rtol=1e-4)
        equal(jax.vmap(lambda xs: converted(xs, ws, start))(jnp.stack([xs, -xs])),
              jax.vmap(lambda xs: weighted(xs, ws, start))(jnp.stack([xs, -xs])))


def first_over(xs, ys, limit):
    found = -1
    for k, (x, y) in enumerate(zip(xs, ys)):
        if x * y > limit:
            found = k
            break
    return found


@pytest.mark.parametrize("limit", [0.5, 3.0, 100.0])
def test_a_break_in_an_enumerate_zip_loop_is_a_guarded_scan(limit):
    xs, ys = jnp.arange(1.0, 6.0), jnp.linspace(0.1, 1.0, 7)
    with no_unrolling():
        got = jax.jit(autograph.to_graph(first_over))(xs, ys, limit)
    assert got == first_over(xs, ys, limit)


def strict_sum(xs, ys):
    total = 0.0
    try:
        for x, y in zip(xs, ys, strict=True):
            total = total + x * y
    except ValueError as error:
        return total, str(error)
    return total, "no error"


@pytest.mark.parametrize("n, m", [(3, 3), (3, 5), (5, 3)])
def test_zip_strict_raises_pythons_error_after_pythons_iterations(n, m):
    xs, ys = jnp.arange(1.0, n + 1.0), jnp.arange(2.0, m + 2.0)
    expected = strict_sum(xs, ys)
    converted = autograph.to_graph(strict_sum)
    messages = []

    def run(xs, ys):
        total, message = converted(xs, ys)
        messages.append(message)  # a Python string: kept out of the jitted function's outputs
        return total

    with no_unrolling():
        got = jax.jit(run)(xs, ys)
    assert float(got) == float(expected[0]) and messages == [expected[1]]
    assert ("shorter" in expected[1]) == (m < n) and ("longer" in expected[1]) == (m > n)


def python_parts(xs, table):
    total = 0.0
    for x, w in zip(xs, table):  # a Python list: Python's loop, as before
        total = total + x * w
    for k, x in enumerate(xs[:0]):  # no item: the body never runs
        total = total + undefined_name  # noqa: F821
    return total


def test_python_parts_and_empty_arrays_run_as_python():
    xs = jnp.arange(3.0)
    got = jax.jit(autograph.to_graph(python_parts), static_argnums=1)(xs, (1.0, 2.0, 3.0))
    assert float(got) == float(python_parts(xs, (1.0, 2.0, 3.0)))


def scalar(x):
    total = 0.0
    for v in zip(x, x):
        total = total + v[0]
    return total


def test_zip_of_a_scalar_raises_pythons_type_error():
    with pytest.raises(TypeError, match="iteration over a 0-d array"):
        scalar(jnp.float32(1.0))
    with pytest.raises(TypeError, match="iteration over a 0-d array"):
        jax.jit(autograph.to_graph(scalar))(1.0)


def zip_read_inside(xs, ys):
    out = [xs[0]]
    for x, y in zip(xs, ys):
        out.append(out[-1] * 0.5 + x * y)
    return jnp.stack(out)


def test_a_zip_loop_one_scan_cannot_hold_is_pythons_with_a_warning_naming_it():
    xs, ys = jnp.arange(1.0, 4.0), jnp.arange(2.0, 5.0)
    with pytest.warns(UnrolledLoopWarning, match=r"over zip\(float32\[3\], float32\[3\]\) was unrolled while "
                                                 r"tracing \(3 copies of its body\).*'out' is read inside"):
        got = jax.jit(autograph.to_graph(zip_read_inside))(xs, ys)
    equal(got, zip_read_inside(xs, ys))


def doubled_rows_after_a_dead_binding(xs):
    rows = 0  # dead: the list below replaces it before the loop
    rows = []
    for y in xs:
        rows.append(2 * y)
    return jnp.stack(rows)


def doubled_rows_after_a_dead_branch(xs, flag):
    rows = None
    if flag:
        rows = 0  # dead too: the list below replaces whatever came before
    rows = []
    for y in xs:
        rows.append(2 * y)
    return jnp.stack(rows)


@pytest.mark.parametrize("fn, args", [
    (doubled_rows_after_a_dead_binding, ()),
    (doubled_rows_after_a_dead_branch, (True,)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_a_list_bound_after_another_value_grows_in_one_scan_as_eager(fn, args):
    # `rows = 0` then `rows = []` before the loop: the earlier binding cannot reach it, so `rows` is a list there
    # (it had been MutatedInStagedBlock: "the list rows grew while a staged loop was traced"; jc_romb's form).
    xs = jnp.arange(6.0).reshape(3, 2)
    want = fn(xs, *args)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UnrolledLoopWarning)
        got = jax.jit(autograph.to_graph(fn), static_argnums=tuple(range(1, 1 + len(args))))(xs, *args)
    np.testing.assert_array_equal(got, want)


# --- appends in a loop over a traced array: Python's list, item by item ------------------------------------

def tuples_over_an_array(xs):
    out = [(xs[0] * 0.0, xs[0] * 0.0)]  # (an item from before the loop comes first)
    for x in xs:
        out.append((x, 10.0 * x))
    firsts, tens = zip(*out)
    return jnp.array(out), len(out), jnp.stack(firsts), jnp.stack(tens), out[-1][1]


def dicts_over_an_array(xs):
    out = []
    for x in xs:
        out.append({"x": x, "sq": x * x})
    return [d["sq"] for d in out], len(out)


def scalars_over_an_array(xs):
    import numpy as np  # (a local import: np.mean of the list reaches the backend as the global's would)

    out = []
    for x in xs:
        out.append(2.0 * x)
    return out + [xs[0]], out * 2, np.mean(out), len(out)


@pytest.mark.parametrize("f", [tuples_over_an_array, dicts_over_an_array, scalars_over_an_array],
                         ids=lambda f: f.__name__)
@settings(max_examples=EXAMPLES, deadline=None)
@given(n=st.integers(1, 5))
def test_appends_in_a_loop_over_an_array_are_pythons_list(f, n):
    # Until 2026-11-30 the list came out as one stacked array: a tuple per iteration gave a tuple of arrays
    # (`len(out)` its parts, `jnp.array(out)` transposed), `out * 2` doubled the values (found by the seventh JAX
    # set: dynamax's particle filter).
    xs = jnp.arange(1.0, n + 1.0)
    equal(jax.jit(autograph.to_graph(f))(xs), f(xs))
    equal(autograph.function(f, backend="jax")(xs), f(xs))
    assert "scan" in primitives(f, xs)


def sine_of_a_tracer(x):
    import numpy as np

    return np.sin(x)


def test_a_numpy_function_given_a_tracer_itself_keeps_jaxs_refusal():
    # Only a list or tuple holding tracers is stacked for JAX's twin (NumPy converts a list itself); np.sin of a
    # tracer stays JAX's TracerArrayConversionError, as where the converter leaves the call plain.
    with pytest.raises(jax.errors.TracerArrayConversionError):
        jax.jit(autograph.to_graph(sine_of_a_tracer))(jnp.ones(2))
