"""Rolling repeated blocks (runtime/graph/passes/roll.py): runs of identical layers become one
while_loop over their stacked constants, with the unrolled graph's bits on the interpreter and on
the JAX lowering, and nothing rolled that would move an effect, an error or a warning."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from runtime.graph import print_, run, serialization, verify
from runtime.graph.ir import Graph
from runtime.graph.passes import dce, licm, optimize, roll
from runtime.graph.tracing import TensorSpec, trace
from runtime.limits import OrderDependentOverflow
from tests.helpers import jax_usable, needs_jax

RNG = np.random.default_rng(5)


def same_bits(a, b) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def dense_stack(sizes, dtype=np.float32, rng=RNG):
    return [((rng.normal(size=(m, n)) / np.sqrt(m)).astype(dtype), rng.normal(size=n).astype(dtype))
            for m, n in zip(sizes, sizes[1:])]


LAYERS = dense_stack([5, 4, 4, 4, 4, 4, 3])  # a first and a last layer of other shapes, 4 alike between


def mlp(x):
    for w, b in LAYERS:
        x = np.maximum(x @ w + b, 0)
    return x


def ops_of(graph: Graph) -> list[str]:
    return [n.op for n in graph.nodes]


def loops(graph: Graph) -> list:
    return [n for n in graph.nodes if n.op == "while_loop"]


def traced(fn, *specs, optimize_it=True):
    graph = trace(autograph.convert(fn), list(specs), optimize=optimize_it).graph
    verify(graph)
    return graph


def test_a_run_of_dense_layers_becomes_one_loop_over_stacked_weights():
    graph = traced(mlp, TensorSpec((2, 5), np.float32))
    (loop,) = loops(graph)
    body = loop.attrs["body_graph"]
    assert [n.op for n in body.nodes if n.op != "constant"] == ["getitem", "matmul", "getitem", "add", "maximum", "add"]
    stacked = [n.attrs["value"] for n in graph.nodes if n.op == "constant" and n.attrs["value"].ndim == 3]
    (weights,) = stacked
    assert weights.dtype == np.float32 and weights.shape == (4, 4, 4) and not weights.flags.writeable
    assert same_bits(weights, np.stack([w for w, _ in LAYERS[1:5]]))
    assert ops_of(graph).count("matmul") == 2  # the first and the last layer stay as they were
    x = RNG.normal(size=(2, 5)).astype(np.float32)
    unrolled = traced(mlp, TensorSpec((2, 5), np.float32), optimize_it=False)
    assert same_bits(run(graph, [x])[0], run(unrolled, [x])[0])
    assert same_bits(run(graph, [x])[0], mlp(x))


def test_the_printer_shows_the_rolled_loop():
    text = str(traced(mlp, TensorSpec((2, 5), np.float32)))
    assert "f32[4,4,4] = constant[value=f32[4,4,4]]" in text
    assert "while_loop[" in text and "getitem[index=[$0]]" in text
    assert "lt b e" in text or " lt " in text
    assert "constant[value=4]" in text  # the trip count, in the test


def test_the_rolled_graph_round_trips_through_a_file(tmp_path):
    graph = traced(mlp, TensorSpec((2, 5), np.float32))
    path = tmp_path / "g.agz"
    serialization.save_graph(path, graph)
    loaded = serialization.load_graph(path)
    verify(loaded)
    assert str(loaded) == str(graph)
    x = RNG.normal(size=(2, 5)).astype(np.float32)
    assert same_bits(run(loaded, [x])[0], run(graph, [x])[0])


def test_licm_leaves_the_indexed_weights_in_the_body():
    graph = traced(mlp, TensorSpec((2, 5), np.float32))
    again = licm.run(graph)
    (loop,) = loops(again)
    assert "getitem" in [n.op for n in loop.attrs["body_graph"].nodes]
    assert optimize(graph) is graph or str(optimize(graph)) == str(graph)


SHORT = dense_stack([4, 4, 4, 4])  # three alike: under MIN_REPEATS


def short(x):
    for w, b in SHORT:
        x = np.maximum(x @ w + b, 0)
    return x


def test_a_short_run_stays_unrolled():
    assert not loops(traced(short, TensorSpec((2, 4), np.float32)))


W = RNG.normal(size=(4, 4)).astype(np.float32)


def same_weights(x):
    for _ in range(6):
        x = np.maximum(x @ W, 0)
    return x


def test_blocks_that_differ_in_nothing_stay_unrolled():
    # A Python loop the user unrolled on purpose (power(x, 100)): nothing to stack.
    assert not loops(traced(same_weights, TensorSpec((2, 4), np.float32)))


EIGHT = dense_stack([4] * 9)


def printing_layers(x):
    for w, b in EIGHT:
        x = np.maximum(x @ w + b, 0)
        print_(x)
    return x


def random_layers(x):
    for w, b in EIGHT:
        x = np.maximum(x @ w + b, 0) + np.random.normal(size=4)
    return x


def every_layer_kept(x):
    outs = []
    for w, b in EIGHT:
        x = np.maximum(x @ w + b, 0)
        outs.append(x)
    return outs[2] + x


def hand_unrolled(x):
    w, b = EIGHT[0]
    x = x @ w + b
    w, b = EIGHT[1]
    x = x @ w + b
    w, b = EIGHT[2]
    x = x @ w + b
    w, b = EIGHT[3]
    x = x @ w + b
    w, b = EIGHT[4]
    x = x @ w + b
    return x


@pytest.mark.parametrize("fn", [printing_layers, random_layers, every_layer_kept, hand_unrolled])
def test_what_would_move_an_effect_a_value_or_a_line_stays_unrolled(fn):
    graph = traced(fn, TensorSpec((2, 4), np.float32))
    assert not loops(graph), fn.__name__


def test_a_hand_unrolled_stack_of_total_ops_rolls():
    # Integer matmuls and adds cannot fail: their line does not matter, so separate lines roll.
    layers = [(w.astype(np.int64), b.astype(np.int64)) for w, b in dense_stack([4] * 6, np.float64)]
    ints = [(np.round(w * 3), np.round(b * 3)) for w, b in layers]
    nodes_before = traced(_int_stack(ints), TensorSpec((2, 4), np.int64), optimize_it=False)
    rolled = dce.run(roll.run(nodes_before))
    verify(rolled)
    assert loops(rolled)
    x = RNG.integers(-3, 3, (2, 4))
    assert same_bits(run(rolled, [x])[0], run(nodes_before, [x])[0])


def _int_stack(layers):
    def fn(x):
        for w, b in layers:
            x = x @ w + b
        return x
    return fn


def test_a_constant_that_is_not_c_contiguous_is_not_stacked():
    layers = [(np.asfortranarray(w), b) for w, b in dense_stack([4] * 6)]
    graph = traced(_layers_fn(layers), TensorSpec((2, 4), np.float32), optimize_it=False)
    assert not loops(roll.run(graph))


def _layers_fn(layers):
    def fn(x):
        for w, b in layers:
            x = np.maximum(x @ w + b, 0)
        return x
    return fn


BIG = [(np.full((3, 3), 1e30, np.float32), np.zeros(3, np.float32)) for _ in range(6)]
BIG = [(w * (1 + k), b) for k, (w, b) in enumerate(BIG)]


def overflowing(x):
    for w, b in BIG:
        x = x @ w + b
    return x


def test_a_warning_still_names_the_users_line_once_rolled():
    graph = traced(overflowing, TensorSpec((1, 3), np.float32))
    assert loops(graph)
    unrolled = traced(overflowing, TensorSpec((1, 3), np.float32), optimize_it=False)
    x = np.ones((1, 3), np.float32)
    seen = []
    for g in (graph, unrolled):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = run(g, [x])[0]
        seen.append((out, sorted({(w.category, w.filename, w.lineno) for w in caught})))
    assert same_bits(seen[0][0], seen[1][0])
    assert seen[0][1] == seen[1][1] and seen[0][1]


# --- the 100-layer workload, on both executors ----------------------------------------------------

def test_the_hundred_layer_model_rolls_and_keeps_its_bits(monkeypatch):
    from benchmarks import workloads

    (x,) = workloads._layers_args()
    optimized = autograph.function(workloads.layers)
    graph = optimized.get_concrete_function(x).graph
    (loop,) = loops(graph)
    assert loop.inputs[2].shape == (99, 64, 64)
    expected = optimized(x)
    monkeypatch.setenv("AUTOGRAPH_OPTIMIZE", "0")
    plain = autograph.function(workloads.layers)
    assert not loops(plain.get_concrete_function(x).graph)
    assert same_bits(plain(x), expected)
    assert same_bits(workloads.layers(x), expected)


@needs_jax
def test_the_hundred_layer_model_on_xla_gives_the_unrolled_bits(monkeypatch):
    from benchmarks import workloads

    (x,) = workloads._layers_args()
    rolled = autograph.function(workloads.layers, executor="jax")(x)
    monkeypatch.setenv("AUTOGRAPH_OPTIMIZE", "0")
    unrolled = autograph.function(workloads.layers, executor="jax")(x)
    assert same_bits(rolled, unrolled)
    np.testing.assert_allclose(rolled, workloads.layers(x), rtol=1e-5, atol=1e-6)


# --- random layer stacks ------------------------------------------------------------------------

ACTIVATIONS = {"relu": lambda y: np.maximum(y, 0), "tanh": np.tanh, "none": lambda y: y,
               "scale": lambda y: y * 0.5}


@st.composite
def stacks(draw):
    dtype = draw(st.sampled_from([np.float32, np.float64, np.int32]))
    width = draw(st.integers(1, 4))
    count = draw(st.integers(0, 9))
    first, last = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    sizes = [first] + [width] * count + [last]
    act = draw(st.sampled_from(sorted(ACTIVATIONS)))
    shared_bias = draw(st.booleans())
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    specials = np.array([0.0, -0.0, np.nan, np.inf, 1e30], np.float64)
    layers = []
    for m, n in zip(sizes, sizes[1:]):
        w = rng.normal(size=(m, n))
        if draw(st.booleans()):  # NaN, inf, -0.0 and overflow in some layers
            w.flat[rng.integers(0, w.size)] = specials[rng.integers(0, len(specials))]
        b = np.zeros(n) if shared_bias else rng.normal(size=n)
        if dtype == np.int32:
            w, b = np.clip(np.nan_to_num(np.round(w * 3)), -7, 7), np.round(b * 3)
        layers.append((w.astype(dtype), b.astype(dtype)))
    return dtype, first, act, layers


def _stack_fn(act, layers):
    activation = ACTIVATIONS[act]

    def fn(x):
        for w, b in layers:
            x = activation(x @ w + b)
        return x
    return fn


def _results(runner, graph, x):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            return runner(graph, [x])[0]


def test_two_runs_back_to_back_in_different_phases_roll_into_chained_loops():
    # (The second loop read the first run's last value, which the first loop had replaced: an undefined input.
    # A zero bias, simplified away, shifts the phase: (add, matmul) blocks, then (matmul, add) ones.)
    weights, biases = [[[7], [-2]], [[-2]], [[1]], [[-6]], [[5]], [[-1]], [[3]], [[7]], [[-2]], [[-1]]], \
        [0, -3, -2, 6, -3, 0, -8, -5, -1, -3]
    layers = [(np.array(w, np.int32), np.array([b], np.int32)) for w, b in zip(weights, biases)]
    fn = _stack_fn("none", layers)
    unrolled = traced(fn, TensorSpec((3, 2), np.int32), optimize_it=False)
    optimized = optimize(unrolled)
    verify(optimized)
    assert len(loops(optimized)) == 2
    x = np.arange(6, dtype=np.int32).reshape(3, 2) - 2
    assert same_bits(_results(run, optimized, x), fn(x))


@settings(max_examples=60, deadline=None)
@given(stack=stacks(), seed=st.integers(0, 100))
def test_random_layer_stacks_roll_to_the_same_bits_on_the_interpreter(stack, seed):
    dtype, first, act, layers = stack
    fn = _stack_fn(act, layers)
    spec = TensorSpec((3, first), dtype)
    unrolled = traced(fn, spec, optimize_it=False)
    optimized = optimize(unrolled)
    verify(optimized)
    alone = roll.run(unrolled)
    verify(alone)
    x = (np.random.default_rng(seed).normal(size=(3, first)) * 3).astype(dtype)
    expected = _results(run, unrolled, x)
    assert same_bits(_results(run, optimized, x), expected)
    assert same_bits(_results(run, alone, x), expected)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            assert same_bits(fn(x), expected)
    middle = layers[1:-1]
    if len(middle) > roll.MIN_REPEATS and act != "scale" and len({w.tobytes() for w, _ in middle}) > 1 and all(
            np.all(b != 0) for _, b in middle):  # (a zero bias is simplified away: that block differs)
        assert loops(optimized)


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
@settings(max_examples=25, deadline=None)
@given(stack=stacks(), seed=st.integers(0, 100))
def test_random_layer_stacks_roll_to_the_same_bits_on_the_jax_lowering(stack, seed):
    from runtime.jax import lowering

    dtype, first, act, layers = stack
    unrolled = traced(_stack_fn(act, layers), TensorSpec((3, first), dtype), optimize_it=False)
    rolled = optimize(unrolled)
    x = (np.random.default_rng(seed).normal(size=(3, first)) * 3).astype(dtype)
    # (the same bits, but a NaN's sign and payload, which are XLA's and follow its order of operations: docs/jax.md)
    outcomes = []
    for graph in (rolled, unrolled):
        try:
            outcomes.append(_results(lowering.run, graph, x))
        except OrderDependentOverflow:  # (a weight of 1e30 in float32: summation_order.py) on both, or neither
            outcomes.append(None)
    if outcomes[0] is None or outcomes[1] is None:
        assert outcomes[0] is None and outcomes[1] is None
        return
    got, want = outcomes
    if got.dtype.kind in "fc":
        got, want = (np.where(np.isnan(v), np.array(np.nan, v.dtype), v) for v in (got, want))
    assert same_bits(got, want)


# --- the interpreter's counted loop (runtime/graph/program.py, _counted) ----------------------------

def _counted_graph(start: int, stop: int, rows: np.ndarray) -> Graph:
    """``x + rows[i]`` for i from ``start`` while ``i < stop``, as the roll pass writes loops."""
    from runtime.graph.ir import Node, Value
    from runtime.graph.shapes import Ref

    def const(value):
        value = np.asarray(value)
        value.flags.writeable = False
        return Node("constant", (), {"value": value}, (Value(value.shape, value.dtype),))

    def params():
        return [Value((3,), np.float64), Value((), np.int64), Value(rows.shape, rows.dtype)]

    x = Value((3,), np.float64)
    c_in, b_in = params(), params()
    bound = const(np.int64(stop))
    test = Node("lt", (c_in[1], bound.outputs[0]), {}, (Value((), np.bool_),))
    row = Node("getitem", (b_in[2], b_in[1]), {"index": (Ref(0),)}, (Value((3,), np.float64),))
    added = Node("add", (b_in[0], row.outputs[0]), {}, (Value((3,), np.float64),), (__file__, 1))
    one = const(np.int64(1))
    step = Node("add", (b_in[1], one.outputs[0]), {}, (Value((), np.int64),))
    body = Graph(tuple(b_in), (row, added, one, step), (added.outputs[0], step.outputs[0]))
    cond = Graph(tuple(c_in), (bound, test), test.outputs)
    first, table = const(np.int64(start)), const(rows)
    loop = Node("while_loop", (x, first.outputs[0], table.outputs[0]), {"cond_graph": cond, "body_graph": body},
                (Value((3,), np.float64), Value((), np.int64)))
    return Graph((x,), (first, table, loop), loop.outputs)


@pytest.mark.parametrize("start, stop", [(0, 4), (2, 4), (5, 4), (4, 4)])
def test_the_interpreter_counts_a_rolled_loop_exactly(start, stop):
    rows = RNG.normal(size=(4, 3))
    graph = _counted_graph(start, stop, rows)
    verify(graph)
    x = RNG.normal(size=3)
    expected = x.copy()
    for i in range(start, stop):
        expected = expected + rows[i]
    out, counter = run(graph, [x])
    assert same_bits(out, expected) or (start >= stop and same_bits(out, x))
    assert type(counter) is np.int64 and counter == max(start, stop)


def test_a_warning_in_a_counted_loop_resumes_it_where_it_stopped():
    rows = np.array([[1.0, 1, 1], [1e308, 0, 0], [1e308, 0, 0], [-np.inf, 2, 2]])
    graph = _counted_graph(0, 4, rows)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out, counter = run(graph, [np.zeros(3)])
    assert [w.lineno for w in caught if issubclass(w.category, RuntimeWarning)]  # overflow at i = 2, then inf - inf
    with np.errstate(all="ignore"):
        assert same_bits(out, np.zeros(3) + rows[0] + rows[1] + rows[2] + rows[3])
    assert counter == 4


def test_a_run_longer_than_the_lowering_unrolls_stays_unrolled(monkeypatch):
    # Four blocks; a body of 8 nodes: the 3 of a layer, 2 slices, the 0.0, the step and its 1.
    monkeypatch.setattr(roll, "UNROLLED_NODES", 4 * 8 - 1)
    assert not loops(traced(mlp, TensorSpec((2, 5), np.float32)))
    monkeypatch.setattr(roll, "UNROLLED_NODES", 4 * 8)
    assert loops(traced(mlp, TensorSpec((2, 5), np.float32)))


@needs_jax
def test_the_jax_lowering_unrolls_the_rolled_loop_into_the_layers_program():
    import jax

    from runtime.jax import lowering

    rolled = traced(mlp, TensorSpec((2, 5), np.float32))
    unrolled = traced(mlp, TensorSpec((2, 5), np.float32), optimize_it=False)
    x = RNG.normal(size=(2, 5)).astype(np.float32)
    with jax.enable_x64(True):
        # (without the checks of the products' order, whose bounds are products too: summation_order.py)
        jaxprs = [str(jax.make_jaxpr(lowering.Lowered(g, checks=False).fn)(x)) for g in (rolled, unrolled)]
    assert "while" not in jaxprs[0]
    assert jaxprs[0].count("dot_general") == jaxprs[1].count("dot_general") == 6
    assert same_bits(lowering.run(rolled, [x])[0], lowering.run(unrolled, [x])[0])
