"""Sums and products whose answer depends on their order, on every executor (runtime/jax/summation_order.py).

NumPy adds pairwise in blocks of 8, XLA in its own order; near overflow the order decides between inf, -inf, NaN
and a finite number (``SUM_ORDER`` below: NaN in NumPy, -inf on XLA until stop 89). The family draws arrays of
huge, tiny, infinite and NaN items and runs sums, means, cumulative sums, products and matrix products of them:
"numpy" and "numba" must give NumPy's answer (within rounding: numba's matrix product is its own loop); "jax" must
give it or raise ``OrderDependentOverflow`` (never another number), and refuse only where some order's partial sums
can overflow; "auto" must always give it (it runs a refused call on the interpreter). Values are compared within
the rounding any order of adding may cost, ``n * eps * sum(|x|)``; infinities and NaN exactly.
"""

from __future__ import annotations

import importlib.util
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import autograph
from tests.helpers import jax_usable, line_of, notes

pytestmark = pytest.mark.skipif(not jax_usable(), reason="needs JAX, which is not installed")

EXAMPLES = int(os.environ.get("AUTOGRAPH_ORDER_EXAMPLES", "30"))
inf, nan = np.inf, np.nan


def total(x):
    return np.sum(x)


def average(x):
    return np.mean(x)


def running(x):
    return np.cumsum(x)


def product(x):
    return np.prod(x)


def running_product(x):
    return np.cumprod(x)


def columns(x):
    return np.sum(x.reshape(2, -1), axis=1)


def gram(x):
    m = x.reshape(2, -1)
    return m @ m.T


def inner(x):
    return np.dot(x, x[::-1])


def branch(x):
    if np.sum(x) > 0:  # a staged `if` on the sum: the order decides the branch too
        return x * 2.0
    return x - 1.0


def mixer(k, dtype):
    """A constant of the graph (built from plain values while tracing), k x 3, from -max/4 to max/4 of ``dtype``."""
    top = float(np.finfo(dtype).max) / 4
    return np.linspace(-top, top, k * 3).astype(dtype).reshape(k, 3)


def weighted(x):
    m = x.reshape(2, -1)
    return m @ mixer(m.shape[1], x.dtype)  # (a constant operand: its bound is found while lowering)


def weighted_left(x):
    m = x.reshape(2, -1)
    return mixer(m.shape[1], x.dtype).T @ m.T


def _once(x):
    """A staged loop's counter: 0 as an array computed from ``x``, so that ``while k < 1`` is a loop of the graph
    (its one iteration's checks are a loop's: the cheap bounds, the exact ones on a second run where one fails)."""
    return np.isnan(x[0]).astype(np.int64) * 0


def _looped(reduction, name):
    """``reduction(x)`` inside a staged loop of one iteration."""
    def looped(x):
        out, k = reduction(x[:1]) * 0.0, _once(x)
        while k < 1:
            out = reduction(x)
            k = k + 1
        return out
    looped.__name__ = looped.__qualname__ = name
    return looped


looped_total, looped_product = _looped(np.sum, "looped_total"), _looped(np.prod, "looped_product")


def looped_gram(x):
    m = x.reshape(2, -1)
    out, k = np.zeros((2, 2), x.dtype), _once(x)
    while k < 1:
        out = m @ m.T
        k = k + 1
    return out


LOOPED = {"looped_total": "total", "looped_gram": "gram", "looped_product": "product"}  # {program: straight one}


def bound(name, x):
    """How far any order of the program's arithmetic may round from NumPy's, per output element."""
    name = LOOPED.get(name, name)
    eps = np.finfo(x.dtype).eps * (len(x) + 2)
    size = np.where(np.isfinite(x), np.abs(x), 0).astype(np.float64)
    if name in ("total", "running", "columns", "branch"):
        return eps * (size.sum() if name != "columns" else size.reshape(2, -1).sum(axis=1))
    if name == "average":
        return eps * size.sum() / len(x)
    if name == "gram":
        m = size.reshape(2, -1)
        return eps * (m @ m.T)
    if name == "inner":
        return eps * np.dot(size, size[::-1])
    if name in ("weighted", "weighted_left"):
        products = size.reshape(2, -1) @ np.abs(mixer(len(x) // 2, np.float64))
        return eps * (products if name == "weighted" else products.T)
    return None  # products: relative


PROGRAMS = {f.__name__: f for f in (total, average, running, product, running_product, columns, gram, inner, branch,
                                     weighted, weighted_left, looped_total, looped_gram, looped_product)}
POOL = [inf, -inf, nan, 0.0, -0.0, 1.0, -2.0, 0.5, 3.0, 1e308, -1e308, 1.7e308, -1.7e308, 1e200, -1e200, 1e154,
        -1e154, 1e-200, 1e-300, 3e38, -3e38, 1e-30]


@st.composite
def arrays(draw):
    dtype = draw(st.sampled_from([np.float64, np.float32]))
    n = 2 * draw(st.integers(1, 20))
    items = draw(st.lists(st.one_of(st.sampled_from(POOL), st.floats(-10, 10)), min_size=n, max_size=n))
    with np.errstate(all="ignore"):
        return np.array(items, dtype=dtype)


def agree(name, got, want, x):
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.array_equal(np.isnan(got), np.isnan(want)), (got, want)
    finite = np.isfinite(want)
    assert np.array_equal(got[~finite & ~np.isnan(want)], want[~finite & ~np.isnan(want)]), (got, want)
    assert np.all(np.isfinite(got[finite])), (got, want)
    tiny = float(np.finfo(want.dtype).smallest_normal)
    allowed = bound(name, x)
    if allowed is None:  # a product: relative to its size; subnormals flushed on XLA (docs/jax.md)
        allowed = np.abs(want) * np.finfo(want.dtype).eps * (len(x) + 2)
    error = np.abs(got[finite].astype(np.float64) - want[finite].astype(np.float64))
    assert np.all(error <= (np.broadcast_to(allowed, want.shape)[finite] * 1.01 + 4 * tiny)), (got, want)


def refusal_is_due(name, x):
    """Whether some order of the program's adding (multiplying) can overflow (underflow, for products), give or take
    twice the check's margin for rounding: the only case "jax" may refuse."""
    name = LOOPED.get(name, name)
    info = np.finfo(x.dtype)
    top = float(info.max) * (1 - 16 * len(x) * float(info.eps))
    with np.errstate(all="ignore"):
        size = np.where(np.isfinite(x), np.abs(x), 0).astype(np.float64)
        if name in ("product", "running_product"):
            small, big = np.abs(x) < 1, np.abs(x) > 1
            bits = np.log2(size[size > 0])
            return bool((bits[bits > 0].sum() >= np.log2(float(info.max)) - 1e-3 and small.any())
                        or (bits[bits < 0].sum() <= np.log2(float(info.smallest_normal)) + 1e-3 and big.any()))
        if name in ("weighted", "weighted_left"):
            return bool((size.reshape(2, -1) @ np.abs(mixer(len(x) // 2, x.dtype)).astype(np.float64)).max() >= top)
        if name in ("gram", "inner"):
            m = size.reshape(2, -1)
            return bool(max((m @ m.T).max(), np.dot(size, size[::-1])) >= top)
        if name == "columns":
            return bool(size.reshape(2, -1).sum(axis=1).max() >= top)
        return bool(size.sum() >= top)


def run(executor, name, x):
    fn = PROGRAMS[name]
    with np.errstate(all="ignore"):
        want = fn(x)
    f = autograph.function(fn, executor=executor)
    try:
        with np.errstate(all="ignore"):
            got = [f(x) for _ in range(12 if executor == "auto" else 1)]  # (auto: until its trial has run each)
    except autograph.OrderDependentOverflow:
        assert executor == "jax", f"executor={executor!r} refused {name} of {x!r}"
        assert refusal_is_due(name, x), f"jax refused {name} of {x!r}, whose sums cannot overflow in any order"
        return
    if name == "branch" and abs(np.sum(x)) <= bound("total", x):
        return  # a sum within rounding of 0: either branch is NumPy's up to rounding (docs/functions.md)
    for g in got:
        agree(name, g, want, x)


SUM_ORDER = np.array([1e308, -inf, 0, 0, 0, 0, 0, 0, 1e308, 0, 0, 0, 0, 0, 0, 0])
MEAN_ORDER_32 = np.array([3e38, -inf, 1.5, 0, 0, 0, 0, 0, 3e38, 0, 0, 0, 0, 0, 0, 0], dtype=np.float32)
MATMUL_OVERFLOW = np.array([-inf, 63.0, 0, 0, 0, 0, 0, 0, 1.0, 1e308, 0, 0, 0, 0, 0, 0])  # NaN on XLA, -inf in NumPy
# NumPy multiplies in order: -inf at the end; XLA's cumulative product (a scan in a tree) meets 1e-300 * 1e-200 = 0
# before the infinity: NaN. (Found by a random search; XLA's prod of these happens to agree.)
PRODUCT_ORDER = np.array([1e154, 1.0, -2.0, inf, 1e-200, 1e200, 1e-300, inf, 1e-200, -1e308, -1e308, 1e308, 1e200,
                          1e-300, 1e200, -1e308, 1e-200, -2.0, 1e-200, 1.0])

EXECUTORS = ["numpy", "jax", "auto"] + (["numba"] if importlib.util.find_spec("numba") else [])


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("name", list(PROGRAMS))
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(x=arrays())
@example(x=SUM_ORDER)
@example(x=MEAN_ORDER_32)
@example(x=MATMUL_OVERFLOW)
@example(x=PRODUCT_ORDER)
def test_order_never_gives_another_answer(executor, name, x):
    if executor == "numba" and name in ("gram", "inner", "branch"):
        pytest.skip("numba's executor runs these on the interpreter: covered by 'numpy'")
    run(executor, name, x)


@pytest.mark.parametrize("fn, x", [(total, SUM_ORDER), (average, MEAN_ORDER_32), (gram, MATMUL_OVERFLOW),
                                   (running_product, PRODUCT_ORDER), (running, SUM_ORDER)])
def test_xla_refuses_where_the_order_decides(fn, x):
    with np.errstate(all="ignore"):
        want = fn(x)
    with pytest.raises(autograph.OrderDependentOverflow) as raised:
        autograph.function(fn, executor="jax")(x)
    assert "executor='numpy'" in str(raised.value) and "depends on the order" in str(raised.value)
    with np.errstate(all="ignore"):  # "auto" runs the refused call on the interpreter: NumPy's answer
        f = autograph.function(fn, executor="auto")
        for _ in range(12):
            np.testing.assert_array_equal(f(x), want)


def test_the_refusal_names_the_users_line():
    def f(x):
        y = x * 1.0
        return np.sum(y)  # the sum

    with pytest.raises(autograph.OrderDependentOverflow) as raised:
        autograph.function(f, executor="jax")(SUM_ORDER)
    assert any(f"{__file__}:{line_of(__file__, 'the sum')}" in note for note in notes(raised.value))


@pytest.mark.parametrize("x", [np.full(16, 1e308), -np.full(16, 1.7e308), np.array([1e308, inf, 1e308, 2.0] * 4),
                               np.array([1e308, -1e308, nan] * 4), np.linspace(-1e300, 1e300, 64)])
def test_sums_that_every_order_answers_alike_are_not_refused(x):
    # All one way (inf in every order), a NaN in the lane (NaN in every order), or no overflow possible.
    for fn in (total, running, average):
        with np.errstate(all="ignore"):
            want = fn(x)
            got = autograph.function(fn, executor="jax")(x)
        agree(fn.__name__, got, want, x)


def test_a_refused_call_through_the_dispatcher_then_the_next_call_runs():
    # The Function's dispatcher (autograph/dispatch.py) reads the check's code: a failed one takes the general
    # path, which raises; the next call with ordinary values is the dispatcher's again.
    from tests.helpers import dispatching, halve

    f = autograph.function(halve, executor="jax")
    ordinary = np.linspace(0.0, 1.0, 16)
    np.testing.assert_array_equal(f(ordinary), halve(ordinary))
    f(ordinary)
    assert dispatching(f)
    with pytest.raises(autograph.OrderDependentOverflow):
        f(SUM_ORDER)
    np.testing.assert_array_equal(f(ordinary * 2), halve(ordinary * 2))
    f(ordinary)
    assert dispatching(f)


def test_export_leaves_the_order_check_out():
    # NumPy raises no error there: the exported program is XLA's, which adds in its own order (docs/jax.md).
    concrete = autograph.function(total, executor="jax").get_concrete_function(np.ones(16))
    exported = autograph.export_stablehlo(concrete)
    assert "stablehlo.reduce" in exported.mlir_module() or "reduce" in exported.mlir_module()


def test_integer_and_float16_sums_carry_no_check():
    from runtime.jax import lowering

    for x in (np.arange(8), np.ones(8, np.float16)):
        graph = autograph.function(total, executor="jax").get_concrete_function(x).graph
        assert not lowering.order_checked_nodes(lowering.lower(graph))
    graph = autograph.function(total, executor="jax").get_concrete_function(np.ones(8)).graph
    assert lowering.order_checked_nodes(lowering.lower(graph))


def _primitives(jaxpr) -> set:
    """The primitives of a closed jaxpr and of every jaxpr inside it."""
    import jax

    found = set()
    for eqn in jaxpr.jaxpr.eqns:
        found.add(eqn.primitive.name)
        for sub in jax.core.subjaxprs(eqn.jaxpr) if hasattr(jax.core, "subjaxprs") else ():
            found |= _primitives(sub)
        for param in eqn.params.values():
            for inner in param if isinstance(param, (tuple, list)) else (param,):
                if hasattr(inner, "jaxpr") and hasattr(inner, "consts"):
                    found |= _primitives(inner)
    return found


@pytest.mark.parametrize("fn", [looped_total, looped_gram, looped_product, total, gram])
def test_a_first_run_holds_the_cheap_bounds_alone(fn):
    # No lax.cond per checked op (inside a loop, one per iteration: the linear regression of `python -m benchmarks
    # executors` ran 5.7x slower with them): the exact bounds are the exact twin's, which runs only where a cheap
    # one failed.
    import jax

    from runtime.jax import lowering

    x = np.linspace(-1.0, 1.0, 16)
    graph = autograph.function(fn, executor="jax").get_concrete_function(x).graph
    lowered = lowering.lower(graph)
    assert lowering.order_checked_nodes(lowered) and not lowered.exact_order
    with jax.enable_x64(True):
        first = _primitives(jax.make_jaxpr(lowered.fn)(x))
        twin = _primitives(jax.make_jaxpr(lowering.Lowered(lowered.graph, exact_order=True).fn)(x))
    assert "while" in first or fn in (total, gram)
    assert "cond" not in first and "cond" in twin


@pytest.mark.parametrize("fn", [looped_total, looped_gram, looped_product, total, gram, product])
@pytest.mark.parametrize("x", [np.full(16, 1e308), np.full(16, 1e30, np.float32), np.full(16, 1e-200),
                               np.array([1e308, -1e308, nan] * 4 + [1e308] * 4)])
def test_where_a_cheap_bound_fails_the_exact_twin_answers(fn, x):
    # Near the float limit, every order gives one answer (all one way; a NaN in every lane): the cheap bound fails,
    # the exact one holds, and the call gives NumPy's answer, through the dispatcher and after it too.
    with np.errstate(all="ignore"):
        want = fn(x)
        f = autograph.function(fn, executor="jax")
        for _ in range(3):
            agree(LOOPED.get(fn.__name__, fn.__name__), f(x), want, x)


@pytest.mark.parametrize("fn, x", [(looped_total, SUM_ORDER), (looped_gram, MATMUL_OVERFLOW)])
def test_a_loop_refuses_where_the_order_decides(fn, x):
    with np.errstate(all="ignore"):
        want = fn(x)
        with pytest.raises(autograph.OrderDependentOverflow):
            autograph.function(fn, executor="jax")(x)
        f = autograph.function(fn, executor="auto")
        for _ in range(12):
            np.testing.assert_array_equal(f(x), want)


def test_a_graph_that_writes_a_variable_runs_the_exact_twin_on_the_variables_it_read():
    # The cheap run's writes are not kept: the twin reads the Variable as the call found it (one iteration: 1).
    count = autograph.Variable(np.zeros(()))

    def f(x):
        out, k = np.sum(x[:1]) * 0.0, _once(x)
        while k < 1:
            count.assign_add(1.0)
            out = np.sum(x)
            k = k + 1
        return out

    x = np.full(16, 1e308)
    with np.errstate(all="ignore"):
        got = autograph.function(f, executor="jax")(x)
    assert got == np.inf and count.numpy() == 1.0
