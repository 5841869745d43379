"""Graphs compiled to generated Python (runtime/graph/program.py): the same bits as a plain
environment-loop interpreter and as eager NumPy on the graph corpus and on random programs;
errors and warnings from the middle of straight-line code and of loops resume where they stopped."""

from __future__ import annotations

import sys
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_passes import _compare, _inputs, _outcome, _unoptimized, programs, same_bits

import autograph
from runtime.graph import program
from runtime.graph.interpreter import NUMPY_KERNELS, compile_graph, prune, run
from runtime.graph.passes import optimize
from runtime.graph.tracing import TensorSpec, trace


def reference(graph, inputs):
    """The oracle: an environment dict, the pruned nodes in order, subgraphs recursed into."""
    env = dict(zip(graph.inputs, inputs))
    for node in prune(graph):
        args = [env[v] for v in node.inputs]
        if node.op == "constant":
            value = node.attrs["value"]
            outs = (value[()] if value.ndim == 0 else value,)
        elif node.op == "cond":
            outs = reference(node.attrs["true_graph" if args[0] else "false_graph"], args[1:])
        elif node.op == "while_loop":
            n = len(node.outputs)
            while reference(node.attrs["cond_graph"], args)[0]:
                args = [*reference(node.attrs["body_graph"], args), *args[n:]]
            outs = tuple(args[:n])
        else:
            result = NUMPY_KERNELS[node.op](*args, **node.attrs)
            outs = result if len(node.outputs) > 1 else (result,)
        env.update(zip(node.outputs, outs))
    return tuple(env[v] for v in graph.outputs)


def test_the_graph_corpus_gives_the_reference_bits():
    """Every program of tests/graph_corpus.py on every listed input, optimized and as traced: the
    compiled program and the oracle agree to the bit (or raise alike)."""
    import graph_corpus

    checked = 0
    for case in graph_corpus.CASES:
        fn = autograph.convert(case.fn)
        for args in case.inputs():
            tensors = [a for a in args if isinstance(a, (np.ndarray, np.generic))]
            where = [k for k, a in enumerate(args) if isinstance(a, (np.ndarray, np.generic))]

            def bound(*placeholders, args=args, where=where):
                full = list(args)
                for k, p in zip(where, placeholders):
                    full[k] = p
                return fn(*full)
            try:
                graph = trace(bound, [TensorSpec.from_value(t) for t in tensors]).graph
            except Exception:  # noqa: BLE001  (cases that stage only under autograph.function's keying)
                continue
            for g in (graph, graph.unoptimized):
                _compare(_outcome(reference, g, tensors), _outcome(run, g, tensors))
            checked += 1
    assert checked >= 60


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(source=programs(), data=st.data())
def test_random_programs_give_the_reference_bits(source, data, tmp_path_factory):
    graph = _unoptimized(source, tmp_path_factory)
    for g in (graph, optimize(graph)):
        for _ in range(2):
            inputs = _inputs(data)
            _compare(_outcome(reference, g, inputs), _outcome(run, g, inputs))


def test_the_workloads_give_eager_numpys_bits():
    from benchmarks import workloads

    for load in workloads.WORKLOADS:
        args = load.make_args()
        staged = autograph.function(load.numpy_fn)
        assert same_bits(staged(*args), load.numpy_fn(*args)), load.name


def test_the_program_is_python_with_values_as_locals():
    graph, _ = trace(lambda x: np.sum(x * 2.0), [TensorSpec((3,))])
    lines = []
    original = program.Source.function
    try:
        program.Source.function = lambda self, module, resume: lines.extend(self.lines) or original(self, module,
                                                                                                    resume)
        program.compile_program(graph, parallel=False)
    finally:
        program.Source.function = original
    text = "\n".join(lines)
    assert "s2 = s0 * s1" in text and "del s2" in text and "return (s3,)" in text, text


# --- failures resume where they stopped -------------------------------------------------------------

def scaled_logs(x, n):
    y = np.log(x)          # warns for a 0 in x
    i = 0
    while i < n:
        y = y + np.log(x - i)  # warns in the body, at i == x's values
        i += 1
    return y * 2.0


@pytest.mark.parametrize("n", [0, 1, 3])
def test_warnings_in_straight_code_and_loop_bodies_resume_with_the_eager_result(n):
    f = autograph.function(scaled_logs)
    x = np.array([0.0, 3.0, 2.5])  # one warning per log call (a second category in one call is not re-issued)
    with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
        warnings.simplefilter("always")
        got = f(x, np.int64(n))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        expected = scaled_logs(x, n)
    assert same_bits(got, expected)
    lines = [w.lineno - scaled_logs.__code__.co_firstlineno for w in caught]
    assert all(w.filename == __file__ for w in caught)
    assert lines == [1] + [4] * n  # log(0) at the top; log(0), then log of a negative, in the body


def test_a_warning_in_the_loop_test_resumes_the_loop():
    def count_down(x):
        while np.log(x).sum() > -50.0:  # log(0) warns on the last test
            x = np.maximum(x - 1.0, 0.0)
        return x
    f = autograph.function(count_down)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = f(np.array([3.0, 2.0]))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        assert same_bits(got, count_down(np.array([3.0, 2.0])))
    assert caught and all(w.lineno == count_down.__code__.co_firstlineno + 1 for w in caught)


def test_an_error_in_a_loop_body_names_its_line_once():
    def walk(x, n):
        i = 0
        while i < n:
            x = x + np.take(x, n + i)
            i += 1
        return x
    with pytest.raises(IndexError) as info:
        autograph.function(walk)(np.ones(3), np.int64(2))
    where = f"{__file__}:{walk.__code__.co_firstlineno + 3}"
    if sys.version_info >= (3, 11):
        notes = [note for note in info.value.__notes__ if "traced at" in note]
        assert notes == [f"(raised while running the graph, by the `take` traced at {where})"]
    else:  # no notes: the line goes before the message, once
        assert str(info.value).startswith(f"{where}: ") and str(info.value).count(__file__) == 1


def test_compiled_programs_are_cached_per_graph_and_switch():
    graph, _ = trace(lambda x: x + 1, [TensorSpec((3,))])
    assert compile_graph(graph) is compile_graph(graph)
    assert compile_graph(graph, False) is compile_graph(graph, False)
