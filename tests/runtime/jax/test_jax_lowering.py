"""The JAX lowering: one rule per op, checked against the NumPy interpreter (the oracle) op by op,
then control flow, variables, print and assert; and what JAX cannot express."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import autograph
from runtime.graph import interpreter, ops, ops_data_dependent
from runtime.graph.shapes import Ref
from runtime.graph.tensor import bind, bind1
from runtime.graph.tracing import TensorSpec, trace
from runtime.graph.variables import Variable, assert_
from runtime.jax import lowering as jax_lowering
from runtime.jax.lowering import JAX_LOWERINGS, LoweringError, lower
from tests import helpers, op_cases

RNG = np.random.default_rng(0)
F64, F32, I32, I64 = np.float64, np.float32, np.int32, np.int64


def test_every_op_has_a_jax_lowering_and_nothing_else():
    assert set(JAX_LOWERINGS) == set(ops.OPS)


def assert_agree(graph, inputs) -> tuple:
    """The lowered graph gives the interpreter's outputs: same dtype and shape, values to float tolerance; and
    the interpreter's kernels give the dtype and shape the op's rule declared (a kernel that does not would be a
    silent difference between the executors)."""
    with np.errstate(all="ignore"):
        expected = interpreter.run(graph, inputs)
    got = jax_lowering.run(graph, inputs)
    assert len(got) == len(expected)
    for g, e, declared in zip(got, expected, graph.outputs):
        e = np.asarray(e)
        assert e.dtype == declared.dtype, (e.dtype, declared, str(graph))
        assert None in declared.shape or e.shape == declared.shape, (e.shape, declared, str(graph))
        assert g.dtype == e.dtype, (g.dtype, e.dtype, str(graph))
        assert g.shape == e.shape, (g.shape, e.shape, str(graph))
        np.testing.assert_allclose(g, e, rtol=1e-6, atol=1e-12, err_msg=str(graph))
    return got


def one_node(op: str, arrays: list, **attrs):
    graph, _ = trace(lambda *xs: bind(op, xs, **attrs), [TensorSpec(a.shape, a.dtype) for a in arrays])
    return graph


# --- every op, alone, on random inputs -----------------------------------------------------------

INTEGER_OPS = {"invert", "bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift", "gcd", "lcm"}


def elementwise_inputs(name: str, ufunc: np.ufunc) -> list:
    if name in INTEGER_OPS:
        return [RNG.integers(0 if "shift" in name else -20, 6 if "shift" in name else 20, (3, 4)).astype(I32)
                for _ in range(ufunc.nin)]
    # Mostly inside every function's domain; the last column is outside some (NaN must agree too).
    x = RNG.uniform(0.05, 0.95, (3, 4))
    x[:, -1] = RNG.uniform(-3, 3, 3)
    return [x, RNG.uniform(0.5, 2.0, (4,))][:ufunc.nin]


@pytest.mark.parametrize("name", sorted(ops.ELEMENTWISE))
def test_elementwise_op_matches_numpy(name):
    ufunc = ops.ELEMENTWISE[name]
    arrays = elementwise_inputs(name, ufunc)
    assert_agree(one_node(name, arrays), arrays)


@pytest.mark.parametrize("name", ["add", "truediv", "floordiv", "mod", "pow", "lt", "maximum", "arctan2"])
def test_mixed_dtypes_compute_in_numpys_loop_dtype(name):
    a = RNG.integers(1, 5, (4,)).astype(I32)
    b = RNG.uniform(1, 3, (4,)).astype(F32)
    assert_agree(one_node(name, [a, b]), [a, b])
    c = RNG.integers(1, 4, (4,)).astype(I64)  # int32 op int64: int64, computed in int64
    assert_agree(one_node(name, [a, c]), [a, c])


M = RNG.normal(size=(3, 4))
V = RNG.normal(size=(4,))
INTS = RNG.integers(-5, 5, (3, 4)).astype(I32)
STRUCTURE_CASES = [
    *[(op, [x], dict(axis=axis, keepdims=keep)) for op in ("sum", "prod", "mean", "max", "min", "any", "all")
      for x in (M, INTS, M > 0) for axis, keep in ((None, False), ((1,), False), ((0, 1), True))],
    *[(op, [x], dict(axis=axis, keepdims=keep)) for op in ("argmax", "argmin")
      for x in (M, INTS) for axis, keep in ((None, False), (1, False), (0, True))],
    *[(op, [x], dict(axis=axis)) for op in ("cumsum", "cumprod") for x in (M, INTS, M > 0) for axis in (None, 0, 1)],
    *[(op, [M], dict(axis=axis)) for op in ("sort", "argsort") for axis in (None, 0, 1)],
    ("dot", [M, V[::-1]], {}), ("dot", [M, M.T], {}), ("vdot", [V, V[::-1]], {}),
    ("matmul", [M, M.T], {}), ("matmul", [INTS, V.astype(F32)], {}), ("matmul", [INTS, INTS.T.copy()], {}),
    ("reshape", [M], dict(shape=(4, 3))), ("reshape", [M], dict(shape=(-1,))),
    ("transpose", [M], dict(axes=(1, 0))),
    ("broadcast_to", [V], dict(shape=(2, 4))),
    ("cast", [M * 10], dict(dtype=np.dtype(I32))), ("cast", [M], dict(dtype=np.dtype(bool))),
    ("where", [M > 0, M, INTS], {}),
    ("clip", [M, np.float64(-0.5), V.astype(F32)], {}),
    ("concatenate", [M, M.astype(F32)], dict(axis=0)), ("concatenate", [M, INTS], dict(axis=1)),
    ("stack", [M, INTS], dict(axis=1)), ("stack", [V, V], dict(axis=0)),
    ("getitem", [M], dict(index=(slice(None, None, -1), 2))),
    ("getitem", [M], dict(index=(None, Ellipsis, slice(1, 3)))),
    ("getitem", [M, np.int64(-1)], dict(index=(Ref(0),))),
    ("getitem", [M, np.array([2, 0, 0])], dict(index=(Ref(0), slice(None)))),
    ("take", [M, np.array([[0, 5], [-1, 3]])], dict(axis=None, mode=None)),
    ("take", [M, np.array([2, 0])], dict(axis=1, mode="clip")),
    ("dim", [M], dict(axis=1)),
    ("full_like", [M], dict(fill_value=np.array(3, I32), dtype=np.dtype(I32))),
    *op_cases.all_cases(),  # the library ops' cases, one module each in tests/op_cases/
]
NULLARY_CASES = [
    ("constant", dict(value=np.arange(6.0).reshape(2, 3))),
    ("full", dict(shape=(2, 3), fill_value=np.array(1.5), dtype=np.dtype(F64))),
    ("arange", dict(start=2, stop=11, step=3, dtype=np.dtype(I64))),
]


@pytest.mark.parametrize("op, arrays, attrs", STRUCTURE_CASES, ids=lambda v: v if isinstance(v, str) else "")
def test_structure_op_matches_numpy(op, arrays, attrs):
    assert_agree(one_node(op, arrays, **attrs), arrays)


@pytest.mark.parametrize("op, attrs", NULLARY_CASES, ids=[c[0] for c in NULLARY_CASES])
def test_constant_op_matches_numpy(op, attrs):
    graph, _ = trace(lambda: bind1(op, [], **attrs) + 0, [])  # + 0: an output computed by XLA, not a constant
    assert_agree(graph, [])


def test_every_op_is_checked_somewhere():
    checked = set(ops.ELEMENTWISE) | {c[0] for c in STRUCTURE_CASES} | {c[0] for c in NULLARY_CASES}
    checked |= {"cond", "while_loop", "print", "assert", "read_variable", "assign_variable",
                "assign_add_variable", "assign_sub_variable"}  # below
    checked |= {"random", "random_generator"}  # their lowering refuses: tests/runtime/graph/test_random.py
    checked |= {"clock"}  # its lowering refuses: tests/runtime/graph/test_clock_reads.py
    checked |= {"numpy_function"}  # an io_callback, every path differentially: tests/runtime/test_numpy_function.py
    checked |= ops_data_dependent.DATA_DEPENDENT_OPS  # they refuse: tests/runtime/graph/test_data_dependent.py
    assert checked == set(ops.OPS)


def test_slice_bounded_by_a_dim_is_static_but_one_bounded_by_an_input_is_an_error():
    def by_dim(x):
        n = bind1("dim", [x], axis=0)
        return bind1("getitem", [x, n], index=(slice(1, Ref(0)),))

    graph, _ = trace(by_dim, [TensorSpec((5,))])
    assert_agree(graph, [np.arange(5.0)])
    graph, _ = trace(lambda x, k: bind1("getitem", [x, k], index=(slice(Ref(0), None),)),
                     [TensorSpec((5,)), TensorSpec((), I64)])
    with pytest.raises(LoweringError, match="slice"):
        jax_lowering.run(graph, [np.arange(5.0), np.int64(2)])


# --- control flow ------------------------------------------------------------------------------------

def staged(fn, executor="jax"):
    return autograph.function(fn, executor=executor)


def check_modes(fn, *args):
    """Our graph on NumPy and lowered to JAX agree with each other and with eager NumPy."""
    expected = fn(*args)
    for executor in ("numpy", "jax"):
        got = staged(fn, executor)(*args)
        for g, e in zip(np.atleast_1d(got) if not isinstance(got, tuple) else got,
                        np.atleast_1d(expected) if not isinstance(expected, tuple) else expected):
            np.testing.assert_allclose(g, e, rtol=1e-12)


def nested(x, n):
    i = 0
    total = 0.0
    while i < n:
        if np.sum(x) > 3:
            x = x - 1
            total = total + np.max(x)
        elif np.min(x) < -5:
            break
        else:
            x = x * 2 + i
        i += 1
    return x, total, i


def halve(x):
    while np.sum(x) > 1:
        x = x / 2
    return x


@pytest.mark.parametrize("x, n", [(np.array([1.0, 2.0]), np.int64(6)), (np.array([-1.0, -7.0]), np.int64(4)),
                                  (np.array([0.5, 0.1]), np.int64(0))])
def test_nested_cond_and_while_loop(x, n):
    check_modes(nested, x, n)
    graph = staged(nested).get_concrete_function(x, n).graph
    assert "while_loop" in {node.op for node in graph.nodes}


def test_while_loop_with_constants_and_cache():
    check_modes(halve, np.linspace(0, 1, 1000))
    f = staged(halve)
    graph = f.get_concrete_function(np.ones(1000)).graph
    assert lower(graph) is lower(graph)
    f(np.ones(1000))
    f(np.ones(1000) * 3)
    # A Function runs its traces through its own dispatcher (autograph/dispatch.py): one program, compiled once.
    assert f._dispatcher.jitted._cache_size() == 1
    assert lower(graph).jitted._cache_size() == 0


def test_loop_variable_that_changes_shape_is_a_lowering_error():
    def grow(x):
        while np.sum(x) < 10:
            x = np.concatenate([x, x])
        return x

    np.testing.assert_array_equal(staged(grow, "numpy")(np.ones(1)), np.ones(16))
    with pytest.raises(LoweringError, match="changes shape .*preallocate"):
        staged(grow)(np.ones(1))


def test_branches_of_different_shapes_are_a_lowering_error():
    def pick(x):
        y = x[:2] if np.sum(x) > 0 else x
        return np.sum(y)

    with pytest.raises(LoweringError, match="different shapes"):
        staged(pick)(np.ones(3))


def test_x64_stays_local_to_the_lowering():
    before = jax.config.jax_enable_x64
    staged(halve)(np.ones(10))
    assert jax.config.jax_enable_x64 == before
    if not before:
        assert jnp.ones(2).dtype == np.float32


# --- variables, print, assert ------------------------------------------------------------------------

def test_variables_are_threaded_through_cond_and_while_loop():
    def make():
        v = Variable(np.zeros(3))
        count = Variable(np.int64(0))

        def step(x):
            v.assign_add(x)
            if np.sum(v.value) > 5:
                v.assign(v.value / 2)
            while np.max(v.value) < 4:
                v.assign(v * 2)
                count.assign_add(1)
            v.assign_sub(0.5)
            return v.value * 1, count.value + 0
        return v, count, step

    results = {}
    for executor in ("numpy", "jax"):
        v, count, step = make()
        f = staged(step, executor)
        outs = [f(x) for x in (np.ones(3), np.array([3.0, 0.0, 1.0]), np.full(3, 0.25))]
        results[executor] = (outs, v.numpy(), count.numpy())
    (outs_n, v_n, c_n), (outs_j, v_j, c_j) = results["numpy"], results["jax"]
    for (a, b), (c, d) in zip(outs_n, outs_j):
        np.testing.assert_allclose(c, a)
        assert d == b and d.dtype == b.dtype
    np.testing.assert_allclose(v_j, v_n)
    assert c_j == c_n


def test_print_runs_at_every_call_in_traced_order(capsys):
    def shout(x):
        print("tracing")
        autograph.print("x =", x, "{braces}", sep=" | ")
        i = 0
        while i < 2:
            autograph.print("step", i, end=";\n")
            i += np.int64(1)
        autograph.print("no newline", end="")
        return x

    outputs = {}
    for executor in ("numpy", "jax"):
        f = staged(shout, executor)
        f(np.array([1.0, 2.0]))
        f(np.array([3.0, 4.0]))
        outputs[executor] = capsys.readouterr().out
    assert outputs["jax"] == outputs["numpy"]
    assert outputs["jax"].count("tracing") == 1 and "x = | [3. 4.] | {braces}" in outputs["jax"]


def test_failed_assert_raises_and_stops_the_effects_after_it(capsys):
    def make():
        v = Variable(np.zeros(2))

        def checked(x):
            v.assign(x)
            autograph.print("before")
            assert_(np.all(x > 0), "x must be positive")
            v.assign(x * 10)
            autograph.print("after")
            return v.value * 1
        return v, checked

    for executor in ("numpy", "jax"):
        v, checked = make()
        f = staged(checked, executor)
        np.testing.assert_array_equal(f(np.ones(2)), [10.0, 10.0])
        assert capsys.readouterr().out == "before\nafter\n"
        with pytest.raises(AssertionError, match="x must be positive"):
            f(np.array([1.0, -1.0]))
        np.testing.assert_array_equal(v.numpy(), [1.0, -1.0])
        assert capsys.readouterr().out == "before\n"


# --- the lowered function and its call path ------------------------------------------------------------

def train(x, y, n):
    w = np.zeros(x.shape[1])
    for _ in range(n):
        w = w - 0.1 * x.T @ (x @ w - y) / len(y)
    return w


def test_a_lowered_while_loop_is_the_hand_written_one():
    from jax import lax

    x = np.linspace(0.0, 1.0, 1000)
    # (Without the check that the sum's order cannot decide its answer, runtime/jax/summation_order.py: the
    # executor runs it beside the sum; export_stablehlo leaves it out.)
    lowered = jax_lowering.Lowered(staged(halve).get_concrete_function(x).graph, checks=False)
    with jax.enable_x64(True):
        ours = jax.make_jaxpr(lowered.fn)(x)
        # (each floating result behind a barrier: NumPy's roundings on XLA; the divisor 2 needs none, its
        # reciprocal being exact: lowering._exact_reciprocal. A sum's zero is +0.0, as NumPy's: lowering._plus_zero)
        exact = lax.optimization_barrier

        def total(x):
            t = jnp.sum(x)
            return jnp.where(t == 0, jnp.zeros_like(t), t)

        hand = jax.make_jaxpr(lambda x: exact(lax.while_loop(
            lambda x: exact(total(x)) > 1,
            lambda x: exact(x / np.float64(2.0)), x)))(x)
    assert str(ours) == str(hand)


def test_a_staged_range_loop_carries_only_what_changes():
    # The weights and the counter are carried; x, y and the hoisted 0.1 * x.T are constants of the body
    # (not carries), and the trip count is a constant of the test, as in a hand-written fori_loop.
    x, y = RNG.normal(size=(8, 3)), RNG.normal(size=8)
    graph = staged(train).get_concrete_function(x, y, np.int64(5)).graph
    with jax.enable_x64(True):
        jaxpr = jax.make_jaxpr(lower(graph).fn)(x, y, np.int64(5)).jaxpr
    (loop,) = [e for e in jaxpr.eqns if e.primitive.name == "while"]
    assert loop.params["body_nconsts"] == 3 and loop.params["cond_nconsts"] == 1
    # (and the code of a failed check that the matrix product's order cannot decide its answer: summation_order.py)
    assert [(v.aval.shape, v.aval.dtype) for v in loop.outvars] == [((3,), F64), ((), I64), ((), np.int32)]


def test_the_lowered_function_is_flat():
    v = Variable(np.zeros(2))

    def step(x):
        v.assign_add(x)
        assert_(np.all(x > 0), "x must be positive")
        return v.value * 2, np.sum(x)

    graph = staged(step).get_concrete_function(np.ones(2)).graph
    lowered = lower(graph)
    with jax.enable_x64(True):
        results = lowered.fn(np.ones(2), np.zeros(2))  # (*inputs, *variable values)
    assert len(results) == 4  # (*outputs, *assigned variables, first failed assert)
    np.testing.assert_array_equal(results[0], [2.0, 2.0])
    np.testing.assert_array_equal(results[2], [1.0, 1.0])
    assert int(results[3]) == 0


@pytest.mark.parametrize("x64", [False, True])
def test_a_call_leaves_the_callers_64_bit_setting_as_it_was(x64):
    def checked(x):
        assert_(np.all(x > 0), "x must be positive")
        return x * 2

    f, g = staged(halve), staged(checked)
    with jax.enable_x64(x64):
        assert f(np.ones(10)).dtype == np.float64
        assert jax.config.jax_enable_x64 == x64
        with pytest.raises(AssertionError, match="x must be positive"):
            g(-np.ones(3))
        assert jax.config.jax_enable_x64 == x64
        with pytest.raises(LoweringError):  # raised while tracing, inside the call
            staged(_grow)(np.ones(1))
        assert jax.config.jax_enable_x64 == x64


def _grow(x):
    while np.sum(x) < 10:
        x = np.concatenate([x, x])
    return x


def test_64_bits_stay_on_the_calling_thread():
    import threading

    f = staged(halve)
    seen = []

    def other():
        seen.append(jax.config.jax_enable_x64)

    before = jax.config.jax_enable_x64
    f(np.ones(10))
    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen == [before] and jax.config.jax_enable_x64 == before


def test_a_call_enters_no_context_manager(monkeypatch):
    if not hasattr(jax.enable_x64, "swap_local"):
        pytest.skip("this JAX has no swap_local: the lowering uses jax.enable_x64(True) per call")
    f = staged(halve)
    f(np.ones(10))

    def refused(*args):
        raise AssertionError("a call of the executor built a jax.enable_x64 context manager")

    monkeypatch.setattr(jax, "enable_x64", refused)
    np.testing.assert_array_equal(f(np.full(4, 2.0)), [0.25] * 4)


def test_the_context_manager_serves_a_jax_without_swap_local(monkeypatch):
    real = jax.enable_x64
    monkeypatch.setattr(jax, "enable_x64", lambda value: real(value))  # a plain function: no swap_local
    on, restore, local = jax_lowering._x64_switch()
    before = jax.config.jax_enable_x64
    prev = on()
    assert jax.config.jax_enable_x64
    restore(prev)
    assert jax.config.jax_enable_x64 == before
    assert local() is None  # never "on already": every call switches


def test_a_call_inside_enable_x64_does_not_switch_and_one_outside_does(monkeypatch):
    if not hasattr(jax.enable_x64, "get_local"):
        pytest.skip("this JAX has no get_local: every call switches")
    switched = []
    real_on = jax_lowering._x64_on
    monkeypatch.setattr(jax_lowering, "_x64_on", lambda: switched.append(1) or real_on())
    graph = staged(lambda x: (x * 2, x + 1)).get_concrete_function(np.ones(3)).graph
    lowered = lower(graph)  # its call binds _x64_on now
    before = jax.config.jax_enable_x64
    with jax.enable_x64(True):
        first, second = lowered.call([np.arange(3.0)])
    assert switched == [] and first.dtype == second.dtype == np.float64
    first, second = lowered.call([np.arange(3.0)])
    assert switched == [1] and type(first) is type(second) is np.ndarray and first.dtype == np.float64
    np.testing.assert_array_equal(first, [0.0, 2.0, 4.0])
    np.testing.assert_array_equal(second, [1.0, 2.0, 3.0])
    assert jax.config.jax_enable_x64 == before  # the switch was put back


@pytest.mark.filterwarnings("ignore:the matrix subclass:PendingDeprecationWarning")  # (np.matrix, on purpose)
def test_call_takes_numpy_scalars_subclasses_and_jax_arrays():
    def scale(x, s):
        return x * s

    x = np.arange(4.0, dtype=F32).reshape(2, 2)
    graph = staged(scale).get_concrete_function(x, np.float32(3)).graph
    expected = interpreter.run(graph, [x, np.float32(3)])[0]
    lowered = lower(graph)
    masked = np.ma.masked_array(x, mask=[[True, False], [False, False]])  # jax.jit refuses it: converted, retried
    for inputs in ([x, np.float32(3)], [np.asmatrix(x), np.float32(3)], [jnp.asarray(x), jnp.float32(3)],
                   [masked, np.float32(3)]):
        (got,) = lowered.call(inputs)
        assert type(got) is np.ndarray and got.dtype == expected.dtype
        np.testing.assert_array_equal(got, expected)
        assert type(lowered.call_single(inputs)) is np.ndarray


def test_one_output_without_state_is_jitted_bare_and_several_as_a_tuple():
    one = lower(staged(lambda x: x * 2 + 1).get_concrete_function(np.ones(3)).graph)
    assert one.single and one.call_single is not None and one.call.single is one.call_single
    with jax.enable_x64(True):  # (jitted takes the products' zero first: lowering.EXACT_PRODUCTS)
        assert isinstance(one.jitted(one._zero, np.ones(3)), jax.Array)  # no tuple of one for jax.jit to build
        np.testing.assert_array_equal(one.fn(np.ones(3))[0], one.jitted(one._zero, np.ones(3)))  # fn: a tuple
    two = lower(staged(lambda x: (x * 2, x + 1)).get_concrete_function(np.ones(3)).graph)
    assert not two.single and two.call_single is None and not hasattr(two.call, "single")
    with jax.enable_x64(True):
        assert len(two.jitted(two._zero, np.ones(3))) == 2


def test_one_output_whose_only_checks_are_of_summation_order_is_single_and_gives_its_code():
    # halve's sum carries the check that XLA's order cannot decide its answer (summation_order.py): its program
    # returns (output, failed), read on the short path, not the stateful one.
    checked = lower(staged(halve).get_concrete_function(np.ones(3)).graph)
    assert checked.single and checked.checked_single and checked.call.single is checked.call_single
    with jax.enable_x64(True):
        out, failed = checked.jitted(checked._zero, np.ones(3) * 4)
    assert int(failed) == 0
    np.testing.assert_array_equal(out, halve(np.ones(3) * 4))
    np.testing.assert_array_equal(checked.call_single([np.ones(3) * 4]), halve(np.ones(3) * 4))
    with pytest.raises(autograph.OrderDependentOverflow, match="np.sum may overflow"):
        checked.call_single([np.array([1e308, 1e308, -np.inf])])
    # An assert beside it: the stateful run, as before.
    asserting = lower(staged(lambda x: (assert_(x[0] > 0, "x[0]"), halve(x))[1]).get_concrete_function(
        np.ones(3)).graph)
    assert not asserting.single and not asserting.checked_single


def test_a_single_call_outside_enable_x64_switches_and_puts_it_back():
    lowered = lower(staged(lambda x: x * 2).get_concrete_function(np.arange(3.0)).graph)
    before = jax.config.jax_enable_x64
    got = lowered.call_single([np.arange(3.0)])
    assert type(got) is np.ndarray and got.dtype == np.float64
    np.testing.assert_array_equal(got, [0.0, 2.0, 4.0])
    assert jax.config.jax_enable_x64 == before
    with pytest.raises(TypeError):  # what jax.jit refuses, conversion does not rescue: its own error
        lowered.call_single([object()])


def test_checked_calls_still_check_their_inputs():
    lowered = lower(staged(halve).get_concrete_function(np.ones(3)).graph)
    with pytest.raises(TypeError, match="f64.*float32"):
        lowered([np.ones(3, F32)])
    with pytest.raises(ValueError, match="shape"):
        lowered([np.ones(4)])
    with pytest.raises(TypeError, match="takes 1 inputs"):
        lowered([])


def _labelled(x):
    names = np.array(["0|1", "1|0"])  # (ordpy's random_ordinal_network returns its nodes' labels so)
    return x * 2.0, names


@pytest.mark.parametrize("executor", ["numpy", "jax", "auto"])
def test_a_constant_of_text_is_the_interpreters_and_xla_refuses_it_at_the_users_line(executor):
    """A graph that holds a text constant crashed the JAX lowering (``_negative_powers`` compared every constant
    with 0), then JAX's jit (a NumPy array among its outputs), naming no line of the user's: now refused by name, and
    ``executor="auto"`` runs the interpreter."""
    traced = autograph.function(_labelled, executor=executor)
    x = np.arange(3.0)
    if executor == "jax":
        with pytest.raises(LoweringError) as info:
            traced(x)  # the call
        message = str(info.value)
        assert message.startswith(f"{__file__}:{helpers.line_of(__file__, 'the call')}: executor='jax' cannot hold "
                                  "an array of dtype <U3"), message
        assert "Run this function on the NumPy executor" in message
        return
    for _ in range(2):
        values, names = traced(x)
        np.testing.assert_array_equal(values, x * 2.0)
        assert names.dtype == np.dtype("<U3") and names.tolist() == ["0|1", "1|0"]
