"""The graph backend: staged control flow on graph tensors, checked against eager NumPy.

Three parts: the differential corpus (``tests/graph_corpus.py``) traced with
``autograph.function``; random programs from Hypothesis whose conditions depend on
array values; and every staging error, which must name the variable and the
user's ``file:line``.
"""

from __future__ import annotations

import os

import graph_corpus
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
import runtime.graph.backend  # noqa: F401  (registers the backend until runtime/__init__ does)
from runtime.graph.backend import GraphRange, StagingError
from runtime.graph.ir import verify
from runtime.graph.tracing import TensorSpec, flatten
from tests import helpers

HERE = __file__


def line_of(marker: str) -> int:
    return helpers.line_of(HERE, marker)




def assert_same(got, expected) -> None:
    got_leaves, got_tree = flatten(got)
    expected_leaves, expected_tree = flatten(expected)
    assert len(got_leaves) == len(expected_leaves), (got, expected)
    for g, e in zip(got_leaves, expected_leaves):
        np.testing.assert_allclose(g, e)


# --- the corpus --------------------------------------------------------------------------------------

@pytest.mark.parametrize("case", graph_corpus.CASES, ids=lambda c: c.name)
def test_corpus_graph_matches_eager(case):
    staged = autograph.function(case.fn)
    for args in case.inputs():
        assert_same(staged(*args), case.fn(*args))
    for concrete in staged.concrete_functions:
        verify(concrete.graph)


def test_corpus_is_large_and_covers_every_construct():
    tags = set().union(*(c.tags for c in graph_corpus.CASES))
    assert len(graph_corpus.CASES) >= 40
    assert {"if", "ifexp", "and", "or", "not", "while", "for", "break", "continue", "return", "nested",
            "python-loop", "python-if", "range", "tensor", "promote", "shape"} <= tags


def test_staged_loop_is_one_while_loop_node():
    staged = autograph.function(graph_corpus.for_range_tensor_n)
    graph = staged.get_concrete_function(TensorSpec((3,)), TensorSpec((), np.int64)).graph
    assert [n.op for n in graph.nodes].count("while_loop") == 1


def test_python_loop_over_python_range_unrolls():
    staged = autograph.function(graph_corpus.power)
    graph = staged.get_concrete_function(TensorSpec((3, 3), np.int32), 5).graph
    ops = [n.op for n in graph.nodes]
    assert ops.count("matmul") == 5 and "while_loop" not in ops


def test_tensor_flag_in_python_range_stages_the_rest_as_one_loop():
    staged = autograph.function(graph_corpus.tensor_break_in_python_range)
    ops = [n.op for n in staged.get_concrete_function(TensorSpec((3,))).graph.nodes]
    assert ops.count("while_loop") == 1 and ops.count("cond") == 1


def test_tensor_flag_in_python_list_unrolls_guarded_items():
    staged = autograph.function(graph_corpus.tensor_break_in_python_list)
    ops = [n.op for n in staged.get_concrete_function(TensorSpec((3,))).graph.nodes]
    assert "while_loop" not in ops and ops.count("cond") == 4


def test_shape_that_changes_in_a_loop_becomes_unknown():
    staged = autograph.function(graph_corpus.growing_shape)
    graph = staged.get_concrete_function(TensorSpec((1,))).graph
    (loop,) = [n for n in graph.nodes if n.op == "while_loop"]
    assert loop.outputs[0].shape == (None,)


def test_range_with_a_tensor_bound_is_a_graph_range_only_inside_a_loop():
    def f(n):
        r = range(n)
        return r

    with pytest.raises(TypeError, match="range"):
        autograph.function(f)(np.int64(3))
    assert isinstance(runtime.graph.backend.GRAPH_BACKEND.range(1, 2), GraphRange)


# --- staging errors: they name the variable and the user's line -----------------------------------

def assigned_in_one_branch(x):
    if np.sum(x) > 0:  # one-branch
        y = x
    return y  # noqa: F821


def return_in_one_branch(x):
    if np.sum(x) > 0:  # one-return
        return x


def unequal_python_values(x):
    if np.sum(x) > 0:  # unequal-python
        mode = "up"
    else:
        mode = "down"
    return x, mode


def branches_disagree_on_dtype(x):
    if np.sum(x) > 0:  # branch-dtype
        y = x.astype(np.int32)
    else:
        y = x
    return y


def branches_disagree_on_structure(x):
    if np.sum(x) > 0:  # branch-structure
        y = (x, x)
    else:
        y = x
    return y


def loop_changes_dtype(x):
    while np.sum(x) < 10:  # loop-dtype
        x = (x + 1).astype(np.float32)
    return x


def loop_creates_variable(x):
    while np.sum(x) < 10:  # loop-creates
        x = x + 1
        last = x * 2
    return last  # noqa: F821


def loop_changes_python_value(x):
    tag = "start"
    while np.sum(x) < 10:  # loop-python
        x = x + 1
        tag = "looped"
    return x, tag


def loop_changes_rank(x):
    while np.sum(x) < 10:  # loop-rank
        x = np.stack([x, x])
    return x


def condition_is_not_scalar(x):
    if x > 0:  # not-scalar
        x = -x
    return x


def nested_error_points_at_inner_statement(x):
    for i in range(3):
        if np.sum(x) > i:  # inner
            z = x
        x = x + z  # noqa: F821
    return x


ERRORS = [
    (assigned_in_one_branch, "one-branch", ["'y'", "if branch", "else branch"]),
    (return_in_one_branch, "one-return", ["return", "one branch only"]),
    (unequal_python_values, "unequal-python", ["'mode'", "'up'", "'down'"]),
    (branches_disagree_on_dtype, "branch-dtype", ["'y'", "i32", "f64"]),
    (branches_disagree_on_structure, "branch-structure", ["'y'", "structure"]),
    (loop_changes_dtype, "loop-dtype", ["'x'", "float64", "float32"]),
    (loop_creates_variable, "loop-creates", ["'last'", "initialize last before the loop"]),
    (loop_changes_python_value, "loop-python", ["'tag'", "'start'", "'looped'"]),
    (loop_changes_rank, "loop-rank", ["'x'", "dimensions"]),
    (nested_error_points_at_inner_statement, "inner", ["'z'"]),
]


def test_a_condition_of_three_elements_is_numpys_value_error_at_the_line():
    # (not a StagingError since stop 78: NumPy raises it whatever the values, and a program may catch it)
    with pytest.raises(ValueError) as info:
        autograph.function(condition_is_not_scalar)(np.ones(3))
    message = str(info.value)
    assert message.startswith(f"{HERE}:{line_of('not-scalar')}: The truth value of an array"), message
    assert "np.any" in message and "bool[3]" in message and not isinstance(info.value, StagingError)


@pytest.mark.parametrize("fn, marker, words", ERRORS, ids=[e[1] for e in ERRORS])
def test_staging_errors_name_the_variable_and_the_line(fn, marker, words):
    with pytest.raises(StagingError) as info:
        autograph.function(fn)(np.ones(3))
    message = str(info.value)
    assert message.startswith(f"{HERE}:{line_of(marker)}: "), message
    for word in words:
        assert word in message, (word, message)


def test_variable_undefined_in_both_branches_stays_undefined():
    def f(x, flag):
        if np.sum(x) > 0:
            if flag:
                z = x * 3
            y = x
        else:
            y = -x
        if flag:
            return z
        return y

    assert_same(autograph.function(f)(np.ones(3), False), np.ones(3))
    assert_same(autograph.function(f)(-np.ones(3), False), np.ones(3))
    with pytest.raises(StagingError, match="'z'"):
        autograph.function(f)(np.ones(3), True)


# --- and / or / not / if_exp directly on the backend ---------------------------------------------

def test_and_is_lazy_inside_graphs():
    def f(x, i):
        return i < 3 and x[i] > 0

    staged = autograph.function(f)
    assert staged(np.ones(3), np.int64(5)) == np.False_
    assert staged(np.ones(3), np.int64(1)) == np.True_


def test_or_and_not_follow_python():
    def f(x):
        a = np.sum(x) > 0 or np.max(x) > 10
        b = not np.min(x) > 0
        return a, b

    for x in (np.ones(2), -np.ones(2), np.array([-1.0, 20.0])):
        assert_same(autograph.function(f)(x), f(x))


def _tests_of_numbers(d, on, n):
    # CLRS's segments_intersect: `elif d == 0 and on_segment:` with a float `on_segment`; as a test only the
    # operands' truths count, whatever their dtypes (a value `and` must join them as values, and cannot)
    ret = 0
    if d[1] > 5:
        ret = 2
    elif d[0] == 0 and on[0]:
        ret = 1
    elif on[1] or d[1] < 0:
        ret = 3
    while n > 0 and on[0] - n:
        n = n - 1
    assert d[0] or on[1] or n >= 0, "nothing"
    return ret, n


@pytest.mark.parametrize("executor", ["numpy", "jax"])
@pytest.mark.parametrize("d, on, n", [
    ([0.0, 1.0], [1.0, 0.0], 3), ([0.0, 1.0], [0.0, 2.5], 0), ([2.0, -1.0], [0.0, 0.0], 2),
    ([0.0, 9.0], [np.nan, 0.0], 1),
    ([-0.0, 1.0], [1.0, 0.0], 5)])
def test_and_or_as_tests_take_each_operands_truth_whatever_its_dtype(d, on, n, executor):
    if executor == "jax":
        pytest.importorskip("jax")
    args = (np.array(d), np.array(on), np.int64(n))
    assert_same(autograph.function(_tests_of_numbers, executor=executor)(*args), _tests_of_numbers(*args))


# --- random programs -----------------------------------------------------------------------------

EXAMPLES = int(os.environ.get("AUTOGRAPH_GRAPH_FUZZ_EXAMPLES", "500"))


@st.composite
def programs(draw, depth: int = 2) -> str:
    """Source of ``def f(x, y, n):`` where x, y are float arrays and n an int64 scalar."""
    lines = ["def f(x, y, n):", "    counter = np.int64(0)", "    acc = np.sum(x) * 0.0"]
    names = ["x", "y"]

    def expr() -> str:
        a, b = draw(st.sampled_from(names)), draw(st.sampled_from(names))
        op = draw(st.sampled_from(["+", "-", "*"]))
        k = draw(st.sampled_from(["0.5", "1.0", "2.0", "-1.0"]))
        return draw(st.sampled_from([f"{a} {op} {b}", f"{a} * {k}", f"np.maximum({a}, {k})", f"{a} {op} acc"]))

    def cond() -> str:
        a = draw(st.sampled_from(names))
        fn = draw(st.sampled_from(["np.sum", "np.max", "np.min", "np.mean"]))
        k = draw(st.sampled_from(["-2.0", "0.0", "1.0", "3.0", "10.0"]))
        c = f"{fn}({a}) {draw(st.sampled_from(['>', '<']))} {k}"
        extra = draw(st.sampled_from(["", "", f" and counter < {draw(st.integers(-1, 1))}", " or acc > 5.0"]))
        return c + extra

    def block(indent: int, level: int, in_loop: bool) -> None:
        pad = "    " * indent
        for _ in range(draw(st.integers(1, 3))):
            kind = draw(st.sampled_from(
                ["assign", "acc", "if", "while", "for", "jump"] if level < depth else ["assign", "acc", "jump"]))
            if kind == "assign":
                lines.append(f"{pad}{draw(st.sampled_from(names))} = {expr()}")
            elif kind == "acc":
                lines.append(f"{pad}acc = acc + np.sum({draw(st.sampled_from(names))})")
            elif kind == "jump" and in_loop:
                lines.append(f"{pad}if {cond()}:")
                lines.append(f"{pad}    {draw(st.sampled_from(['break', 'continue', 'return x + acc']))}")
            elif kind == "jump":
                lines.append(f"{pad}if {cond()}:")
                lines.append(f"{pad}    return y - acc")
            elif kind == "if":
                lines.append(f"{pad}if {cond()}:")
                block(indent + 1, level + 1, in_loop)
                if draw(st.booleans()):
                    lines.append(f"{pad}else:")
                    block(indent + 1, level + 1, in_loop)
            elif kind == "while":
                counter = f"c{len(lines)}"  # one tensor counter per loop bounds it
                lines.append(f"{pad}{counter} = np.int64(0)")
                lines.append(f"{pad}while ({cond()}) and {counter} < 5:")
                lines.append(f"{pad}    {counter} = {counter} + 1")
                block(indent + 1, level + 1, True)
            else:
                loop_var = f"i{level}"
                bound = draw(st.sampled_from(["n", "3", "n + 1"]))
                lines.append(f"{pad}for {loop_var} in range({bound}):")
                lines.append(f"{pad}    acc = acc + {loop_var}")
                block(indent + 1, level + 1, True)

    block(1, 0, False)
    lines.append("    return x + y + acc")
    return "\n".join(lines) + "\n"


INPUTS = [
    (np.array([0.5, -1.0, 2.0]), np.array([1.0, 0.25, -0.5]), np.int64(2)),
    (np.array([-3.0, 0.0, 1.0]), np.array([2.0, 2.0, 2.0]), np.int64(0)),
]


@settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(programs())
def test_random_programs_graph_matches_eager(source):
    f = helpers.load_f(source, "graph-program")
    staged = autograph.function(f)
    for args in INPUTS:
        with np.errstate(all="ignore"):
            expected = f(*args)
            got = staged(*args)
        np.testing.assert_allclose(got, expected, rtol=1e-9, err_msg=source)
