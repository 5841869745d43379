"""The NumPy interpreter: kernels for every op, non-strict pruning, stateful order, control flow."""

from __future__ import annotations

import numpy as np
import pytest

from runtime.graph import ops
from runtime.graph.interpreter import NUMPY_KERNELS, compile_graph, prune, run
from runtime.graph.ir import FrozenDict, Graph, Node, Value, verify
from runtime.graph.tensor import bind
from runtime.graph.tracing import TensorSpec, pad_inputs, trace, trace_subgraph
from runtime.graph.variables import Variable, print_

I64, F64, B = np.dtype(np.int64), np.dtype(np.float64), np.dtype(bool)


def node(op, inputs, outputs, **attrs) -> Node:
    return Node(op, tuple(inputs), FrozenDict(attrs), tuple(outputs))


def test_every_op_has_a_numpy_kernel():
    assert set(NUMPY_KERNELS) == set(ops.OPS)


def test_unused_out_of_bounds_take_does_not_run():
    def fn(x):
        np.take(x, 10)  # out of bounds, and unused
        return x * 2
    with pytest.raises(IndexError):
        fn(np.arange(3.0))
    graph, _ = trace(fn, [TensorSpec((3,))], optimize=False)  # the interpreter's pruning, not the passes'
    assert "take" in str(graph) and all(n.op != "take" for n in prune(graph))
    np.testing.assert_array_equal(run(graph, [np.arange(3.0)])[0], [0.0, 2.0, 4.0])


def test_used_out_of_bounds_take_raises_when_run():
    graph, _ = trace(lambda x: np.take(x, 10), [TensorSpec((3,))])
    with pytest.raises(IndexError):
        run(graph, [np.arange(3.0)])


def test_the_branch_not_taken_does_not_run():
    def fn(p, x):
        t = trace_subgraph(lambda a: np.take(a, 10), [x])
        f = trace_subgraph(lambda a: a[0], [x])
        return bind("cond", [p, x], true_graph=t.graph, false_graph=f.graph)[0]
    graph, _ = trace(fn, [TensorSpec((), bool), TensorSpec((3,))])
    assert run(graph, [False, np.arange(3.0)])[0] == 0.0
    with pytest.raises(IndexError):
        run(graph, [True, np.arange(3.0)])


def test_stateful_ops_run_in_traced_order_even_when_unused(capsys):
    v = Variable(np.zeros(2))

    def fn(x):
        v.assign(x)
        first = v.value
        v.assign_add(1.0)
        second = v.value
        _unused = v.value  # an unused read still runs, harmlessly
        print_("first", first, "second", second)
        print("traced")  # a Python side effect: once, while tracing
        return first
    graph, _ = trace(fn, [TensorSpec((2,))])
    assert capsys.readouterr().out == "traced\n"
    for x in ([1.0, 2.0], [5.0, 6.0]):
        (first,) = run(graph, [np.array(x)])
        np.testing.assert_array_equal(first, x)
        np.testing.assert_array_equal(v.numpy(), np.array(x) + 1)
    assert capsys.readouterr().out == "first [1. 2.] second [2. 3.]\nfirst [5. 6.] second [6. 7.]\n"


def test_hand_built_cond():
    p, x, out = Value((), B), Value((3,), F64), Value((3,), F64)
    ta, tb = Value((3,), F64), Value((3,), F64)
    fa, fb = Value((3,), F64), Value((3,), F64)
    graph = Graph((p, x), (node("cond", [p, x], [out],
                                true_graph=Graph((ta,), (node("exp", [ta], [tb]),), (tb,)),
                                false_graph=Graph((fa,), (node("neg", [fa], [fb]),), (fb,))),), (out,))
    verify(graph)
    x_value = np.array([0.0, 1.0, 2.0])
    np.testing.assert_array_equal(run(graph, [True, x_value])[0], np.exp(x_value))
    np.testing.assert_array_equal(run(graph, [False, x_value])[0], -x_value)


def test_hand_built_while_loop_with_a_constant():
    """Sum the integers below n: loop vars (i, total), const n."""
    i0, t0, n = Value((), I64), Value((), I64), Value((), I64)
    ci, ct, cn, test = Value((), I64), Value((), I64), Value((), I64), Value((), B)
    cond = Graph((ci, ct, cn), (node("lt", [ci, cn], [test]),), (test,))
    bi, bt, bn, one, bi2, bt2 = (Value((), I64) for _ in range(6))
    body = Graph((bi, bt, bn), (node("constant", [], [one], value=np.array(1)), node("add", [bi, one], [bi2]),
                                node("add", [bt, bi], [bt2])), (bi2, bt2))
    i_out, t_out = Value((), I64), Value((), I64)
    graph = Graph((i0, t0, n), (node("while_loop", [i0, t0, n], [i_out, t_out], cond_graph=cond, body_graph=body),),
                  (t_out,))
    verify(graph)
    assert run(graph, [0, 0, 10]) == (45,)
    assert run(graph, [0, 0, 0]) == (0,)


def _halving_loop(x):
    c = trace_subgraph(lambda v: np.sum(v) > 1, [x])
    b = trace_subgraph(lambda v: v / 2, [x], captures=c.captures)
    return bind("while_loop", [x, *b.captures], cond_graph=c.graph, body_graph=b.graph)[0]


def test_traced_while_loop_matches_python():
    def halve(x):
        while np.sum(x) > 1:
            x = x / 2
        return x
    graph, _ = trace(_halving_loop, [TensorSpec((1000,))])
    x = np.random.default_rng(0).random(1000)
    np.testing.assert_array_equal(run(graph, [x])[0], halve(x))


def test_captures_cross_levels():
    """A while loop inside a cond branch uses `scale`, a tensor two graphs up."""
    def fn(p, x, scale):
        def branch(a):
            c = trace_subgraph(lambda v: np.max(v) < 100.0, [a])
            b = trace_subgraph(lambda v: v * scale, [a], captures=c.captures)
            cond_graph = pad_inputs(c.graph, b.captures[len(c.captures):])
            return bind("while_loop", [a, *b.captures], cond_graph=cond_graph, body_graph=b.graph)[0]
        t = trace_subgraph(branch, [x])
        f = trace_subgraph(lambda a: a - scale, [x], captures=t.captures)
        assert len(f.captures) == 1 and f.captures[0].value is t.captures[0].value
        assert len(t.graph.inputs) == 2 and len(f.graph.inputs) == 2
        return bind("cond", [p, x, *f.captures], true_graph=t.graph, false_graph=f.graph)[0]
    graph, _ = trace(fn, [TensorSpec((), bool), TensorSpec((2,)), TensorSpec(())])
    verify(graph)
    x = np.array([1.0, 3.0])
    np.testing.assert_array_equal(run(graph, [True, x, 3.0])[0], [81.0, 243.0])
    np.testing.assert_array_equal(run(graph, [False, x, 3.0])[0], [-2.0, 0.0])


def test_a_loop_whose_only_effect_is_state_is_kept():
    counter = Variable(0)

    def fn(n):
        c = trace_subgraph(lambda i: i < n, [TensorSpec((), np.int64)])

        def body(i):
            counter.assign_add(i)
            return i + 1
        b = trace_subgraph(body, [TensorSpec((), np.int64)], captures=c.captures)
        bind("while_loop", [np.int64(0), *b.captures], cond_graph=c.graph, body_graph=b.graph)
        return ()
    graph, _ = trace(fn, [TensorSpec((), np.int64)])
    verify(graph)
    run(graph, [5])
    assert counter.numpy() == 10


def test_leaked_tensors_are_reported():
    leaked = []
    trace(lambda x: leaked.append(x) or x, [TensorSpec((3,))])
    # (a StagingError, a ValueError: tests/autograph/test_error_messages.py checks the whole message)
    with pytest.raises(ValueError, match="leaked out of that trace through Python state"):
        trace(lambda y: y + leaked[0], [TensorSpec((3,))])
    with pytest.raises(ValueError, match="is used here, outside any trace"):
        leaked[0] + 1


def test_run_checks_its_inputs():
    graph, _ = trace(lambda x: x + 1, [TensorSpec((None, 2), np.float32)])
    with pytest.raises(TypeError, match="input 0 must be f32\\[\\?,2\\], got a float64 array"):
        run(graph, [np.zeros((3, 2))])
    with pytest.raises(ValueError, match="got shape \\(3, 3\\)"):
        run(graph, [np.zeros((3, 3), np.float32)])
    with pytest.raises(TypeError, match="takes 1 inputs"):
        run(graph, [])
    scalar_graph, _ = trace(lambda x: x * 2, [TensorSpec((), np.float32)])
    assert run(scalar_graph, [1.5]) == (np.float32(3.0),)


def test_the_compiled_program_is_cached():
    graph, _ = trace(lambda x: x + 1, [TensorSpec((3,))])
    assert compile_graph(graph) is compile_graph(graph)


def test_outputs_that_are_inputs_or_constants():
    graph, tree = trace(lambda x: (x, 3, [None, 2.5]), [TensorSpec((2,))])
    out = tree.unflatten(run(graph, [np.ones(2)]))
    assert out[1] == 3 and out[2][0] is None and out[2][1] == 2.5
    np.testing.assert_array_equal(out[0], np.ones(2))


def test_chained_matmuls_match_eager():
    """100 chained 10x10 int32 matmuls (the speed of this is measured in benchmarks/, not here)."""
    def power(x):
        result = x
        for _ in range(99):
            result = result @ x
        return result
    graph, _ = trace(power, [TensorSpec((10, 10), np.int32)])
    x = (np.arange(100).reshape(10, 10) % 3).astype(np.int32)
    np.testing.assert_array_equal(run(graph, [x])[0], power(x))


def test_loop_invariant_work_runs_only_when_the_loop_body_does():
    """The interpreter computes loop-invariant body nodes once per loop run, after the first test
    passes: a loop that never runs must not raise from them, one that runs gives the eager result."""
    import autograph
    from runtime.graph.interpreter import _loop_invariant

    def scaled_sum(x, table, n):
        total = x * 0
        for _ in range(n):
            total = total + np.take(table, [7]) * x.T.sum()  # invariant, out of bounds for a short table
        return total

    staged = autograph.function(scaled_sum)
    short, x = np.arange(3.0), np.ones((2, 2))
    np.testing.assert_array_equal(staged(x, short, np.int64(0)), scaled_sum(x, short, 0))
    with pytest.raises(IndexError):
        staged(x, short, np.int64(2))
    long = np.arange(10.0)
    np.testing.assert_array_equal(staged(x, long, np.int64(3)), scaled_sum(x, long, 3))
    # The graph as traced: the IR's own loop-invariant pass (runtime/graph/passes/licm.py) moves the transpose.
    loop = next(n for n in staged.concrete_functions[0].graph.unoptimized.nodes if n.op == "while_loop")
    hoisted = {node.op for node in _loop_invariant(loop.attrs["body_graph"], len(loop.outputs))}
    assert {"take", "transpose", "sum"} <= hoisted and "add" not in hoisted
