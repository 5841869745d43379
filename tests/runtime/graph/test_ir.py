"""The IR: verify() rejects malformed graphs with clear messages; text and DOT printing."""

from __future__ import annotations

import re

import numpy as np
import pytest

from runtime.graph import printing
from runtime.graph.ir import FrozenDict, Graph, Node, Value, VerificationError, verify
from runtime.graph.tensor import bind
from runtime.graph.tracing import TensorSpec, trace, trace_subgraph

F32, I32, B = np.dtype(np.float32), np.dtype(np.int32), np.dtype(bool)


def v(shape=(3,), dtype=F32) -> Value:
    return Value(shape, dtype)


def node(op, inputs, outputs, **attrs) -> Node:
    return Node(op, tuple(inputs), FrozenDict(attrs), tuple(outputs))


def test_values_are_compared_by_identity():
    a, b = v(), v()
    assert a != b and a == a and len({a, b}) == 2


def test_a_well_formed_hand_built_graph_verifies():
    a, b, c = v(), v(), v()
    verify(Graph((a, b), (node("add", [a, b], [c]),), (c,)))


def test_attrs_are_frozen():
    n = node("constant", [], [v((), I32)], value=np.array(1, np.int32))
    with pytest.raises(TypeError):
        n.attrs["value"] = 2


@pytest.mark.parametrize("build, message", [
    (lambda a, b: Graph((a,), (node("frobnicate", [a], [b]),), (b,)), "unknown op 'frobnicate'"),
    (lambda a, b: Graph((), (node("exp", [a], [b]),), (b,)), "input 0 (f32[3]) is not defined before this node"),
    (lambda a, b: Graph((a,), (node("exp", [a], [v((3,), I32)]),), ()), "output 0 is i32[3] but exp gives f32[3]"),
    (lambda a, b: Graph((a,), (node("exp", [a], [v((4,))]),), ()), "output 0 is f32[4] but exp gives f32[3]"),
    (lambda a, b: Graph((a,), (node("exp", [a], [a]),), ()), "defined twice"),
    (lambda a, b: Graph((a,), (), (b,)), "output 0 (f32[3]) is never defined"),
    (lambda a, b: Graph((a,), (node("exp", [a], [b, v()]),), ()), "has 2 outputs, the op gives 1"),
    (lambda a, b: Graph((a,), (node("add", [a, v((4,))], [b]),), ()), "is not defined"),
    (lambda a, b: Graph((a,), (node("add", [a, a, a], [b]),), ()), "add takes 2 inputs"),
])
def test_verify_rejects_malformed_graphs(build, message):
    with pytest.raises(VerificationError, match=re.escape(message)):
        verify(build(v(), v()))


def _cond_graph(true_out_dtype=F32, pred_dtype=B):
    p, x, out = v((), pred_dtype), v(), v()
    ta, tb = v(), v((3,), true_out_dtype)
    true_graph = Graph((ta,), (node("cast", [ta], [tb], dtype=true_out_dtype),), (tb,))
    fa = v()
    false_graph = Graph((fa,), (), (fa,))
    return Graph((p, x), (node("cond", [p, x], [out], true_graph=true_graph, false_graph=false_graph),), (out,))


def test_verify_checks_cond_signatures():
    verify(_cond_graph())
    with pytest.raises(VerificationError, match="cond output 0 is int32.*in true_graph but float32"):
        verify(_cond_graph(true_out_dtype=I32))
    with pytest.raises(VerificationError, match="cond predicate must be a scalar bool, got int32"):
        verify(_cond_graph(pred_dtype=I32))


def test_verify_rejects_a_subgraph_that_uses_an_outer_value():
    pred, outer, out = v((), B), v(), v()
    inner_in, inner_out = v(), v()
    body = Graph((inner_in,), (node("add", [inner_in, outer], [inner_out]),), (inner_out,))
    graph = Graph((pred, outer), (node("cond", [pred, outer], [out], true_graph=body, false_graph=body),), (out,))
    with pytest.raises(VerificationError, match="true_graph, node 0 \\(add\\): input 1 .* graphs are closed"):
        verify(graph)


def test_verify_checks_while_loop_signatures():
    x, out = v((), I32), v((), I32)
    ci, co, one = v((), I32), v((), B), v((), I32)
    cond = Graph((ci,), (node("constant", [], [one], value=np.array(10, np.int32)), node("lt", [ci, one], [co])),
                 (co,))
    bi, bo = v((), I32), v((), np.dtype(np.float32))
    body = Graph((bi,), (node("cast", [bi], [bo], dtype=np.dtype(np.float32)),), (bo,))
    graph = Graph((x,), (node("while_loop", [x], [out], cond_graph=cond, body_graph=body),), (out,))
    with pytest.raises(VerificationError, match="loop variable 0 enters the body as int32\\(\\) but leaves it as "
                                                "float32\\(\\)"):
        verify(graph)


def test_traced_control_flow_verifies():
    def fn(x, n):
        c = trace_subgraph(lambda i, acc: i < n, [TensorSpec((), np.int64), x])
        b = trace_subgraph(lambda i, acc: (i + 1, acc * 2), [TensorSpec((), np.int64), x], captures=c.captures)
        return bind("while_loop", [np.int64(0), x, *b.captures], cond_graph=c.graph, body_graph=b.graph)[1]
    graph, _ = trace(fn, [TensorSpec((3,), np.float32), TensorSpec((), np.int64)])
    verify(graph)


def test_printing_is_compact_and_jaxpr_like():
    graph, _ = trace(lambda x, y: np.sum(np.exp(x) * y, axis=0), [TensorSpec((2, 3), np.float32),
                                                                  TensorSpec((None, 3), np.float32)])
    assert str(graph) == (
        "{ lambda a:f32[2,3] b:f32[?,3] ; let\n"
        "    c:f32[2,3] = exp a\n"
        "    d:f32[2,3] = mul c b\n"
        "    e:f32[3] = sum[axis=(0,) keepdims=False] d\n"
        "  in (e) }")


def test_printing_indents_subgraphs():
    def fn(p, x):
        t = trace_subgraph(lambda a: a + 1.0, [x])
        f = trace_subgraph(lambda a: a * 2.0, [x])
        return bind("cond", [p, x], true_graph=t.graph, false_graph=f.graph)
    graph, _ = trace(fn, [TensorSpec((), bool), TensorSpec((3,), np.float64)])
    text = str(graph)
    assert "c:f64[3] = cond[\n      true_graph={ lambda a:f64[3] ; let\n          b:f64[] = constant[value=1.0]" in text
    assert "\n      false_graph={ lambda a:f64[3] ; let\n" in text
    assert "    ] a b\n  in (c) }" in text


def test_printing_shows_indices_and_stateful_ops():
    graph, _ = trace(lambda x: x[1:, None, ::2][..., 0], [TensorSpec((4, 6))])
    assert "getitem[index=[1:, None, ::2]] a" in str(graph) and "getitem[index=[..., 0]] b" in str(graph)


def test_dot_output_has_nodes_edges_and_clusters():
    def fn(p, x):
        t = trace_subgraph(lambda a: -a, [x])
        return bind("cond", [p, x], true_graph=t.graph, false_graph=t.graph)
    graph, _ = trace(fn, [TensorSpec((), bool), TensorSpec((3,), np.float64)])
    dot = graph.to_dot()
    assert dot.startswith("digraph G {") and dot.endswith("}")
    assert 'label="cond"' in dot and "subgraph cluster_" in dot and 'label="true_graph"' in dot
    assert 'label="neg"' in dot and "->" in dot


def test_notebook_reprs(monkeypatch):
    graph, _ = trace(lambda x: x + 1, [TensorSpec((3,))])
    monkeypatch.setattr(printing.shutil, "which", lambda name: None)
    assert graph._repr_svg_() is None

    class Printer:
        def text(self, s):
            self.out = s
    printer = Printer()
    graph._repr_pretty_(printer, False)
    assert printer.out == str(graph)
