"""A ``for`` over a plain ``range`` whose body reads graph tensors: Python's loop in the user's frame, each iteration
traced as it runs, until unrolling the rest would grow the graph past ``runtime.graph.unroll_limit`` nodes; then the
rest is one staged ``while_loop`` whose index is a Python int known at run time, or, where it cannot be one, Python's
loop goes on with nothing of the attempt left (runtime/operators.py ``_range_then_staged``, runtime/graph/loops.py).

The oracle is the program run as written on NumPy values. Each program runs at the default limit, with the rest
staged from the second iteration (``unroll_limit(0)``) and fully unrolled (``unroll_limit(None)``), on both
executors, and through the converted form on plain values (converted outside a trace and inside a graph trace that
stages nothing)."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

import autograph
import runtime.graph as graph_runtime
from autograph.testing import converted_form
from runtime.limits import NotStageable
from tests.helpers import executors, load_f, same_result
from tests.runtime.graph.test_graph_backend import INPUTS as FUZZ_INPUTS
from tests.runtime.graph.test_graph_backend import programs


def gradient_descent(x, y):
    w = np.zeros(5)
    for _ in range(300):
        error = x @ w - y
        w = w - 0.1 * x.T @ error / len(y)
    return w


def writes_into_an_array(x):
    d = np.zeros(40)
    for i in range(40):
        d[i] = x[i % 5] * 2
    return d


def appends_to_a_list(x):
    out = []
    for i in range(40):
        out.append(x[i % 5] * i)
    return np.stack(out)


def number_becomes_array(x):
    total = 0.0
    for i in range(100):
        total += x[i % 5]
    return total


def staged_if_each_iteration(x):
    y = np.float64(0.0)
    for i in range(100):
        if x[i % 3] > 0.5:
            y = y + i
        else:
            y = y - 1
    return y


def breaks_on_a_tensor(x):
    y = x.copy()
    for i in range(100):
        y = y * 0.5
        if np.sum(y) < 1e-3:
            break
    return y, i


def index_types(x):
    y = x
    for i in range(60):
        if isinstance(i, int) and type(i) is int:
            y = y + i
    return y


def powers_past_int64(x):
    y = x
    for i in range(70):
        y = y + 2 ** i
    return y


def triangular(x):
    n = x.shape[0]
    count = 0
    for i in range(n - 1):
        for j in range(i + 1, n):
            if abs(x[i] - x[j]) < 0.2:
                count += 1
    return count


def indexes_a_list(x):
    ws = [0.5 + 0.01 * k for k in range(50)]
    y = x
    for i in range(50):
        y = y * ws[i]
    return y


def backwards(x):
    y = x
    for i in reversed(range(50)):
        y = y * 0.9 + i
    return y


def dict_keys(x):
    d = {}
    y = x
    for i in range(30):
        d[i] = i * 2
        y = y + d[i]
    return y, len(d)


def weak_index_int8(x):
    y = (x * 100).astype(np.int8)
    for i in range(50):
        y = y + i % 3
    return y


def index_after_the_loop(x):
    y = x
    for i in range(50):
        y = y + 1
    return y, i


def slices_at_the_index(x):
    y = np.zeros(3)
    for i in range(40):
        y = y + x[i % 3: i % 3 + 3]
    return y


def shuffles_and_writes(seed):
    # SALib's Latin hypercube (tests/coverage/corpus_salib.py): a random shuffle of a column view per group, then
    # writes into an np.empty array; a retried loop would draw again.
    rng = np.random.default_rng(seed)
    temp = np.array([rng.uniform(low=s * 0.1, high=(s + 1) * 0.1, size=3) for s in range(10)])
    result = np.empty([10, 3])
    for group in range(3):
        rng.shuffle(temp[:, group])
        for sample in range(10):
            result[sample, group] = temp[sample, group]
    return result


RNG = np.random.default_rng(0)
X5 = RNG.random(5)
PROGRAMS = [
    (gradient_descent, (RNG.random((32, 5)), RNG.random(32))),
    (writes_into_an_array, (X5,)), (appends_to_a_list, (X5,)), (number_becomes_array, (X5,)),
    (staged_if_each_iteration, (X5,)), (breaks_on_a_tensor, (X5,)), (index_types, (X5,)),
    (powers_past_int64, (X5,)), (triangular, (RNG.random(30),)), (indexes_a_list, (X5,)), (backwards, (X5,)),
    (dict_keys, (X5,)), (weak_index_int8, (X5,)), (index_after_the_loop, (X5,)), (slices_at_the_index, (X5,)),
    (shuffles_and_writes, (5,)),
]
IDS = [fn.__name__ for fn, _ in PROGRAMS]
LIMITS = [pytest.param(1000, id="default"), pytest.param(0, id="staged"), pytest.param(None, id="unrolled")]


def _same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    assert type(got) is type(want) or (isinstance(want, np.generic) and np.asarray(got).shape == ()), (got, want)
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-12)
    assert np.asarray(got).dtype == np.asarray(want).dtype


@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize("executor", executors())
@pytest.mark.parametrize(("fn", "args"), PROGRAMS, ids=IDS)
def test_graph_gives_eagers_result(fn, args, executor, limit):
    if fn is shuffles_and_writes and executor == "jax":
        pytest.skip("NumPy's random generators run on the NumPy executor only (docs/graphs.md)")
    want = fn(*args)
    with graph_runtime.unroll_limit(limit):
        got = autograph.function(fn, executor=executor)(*args)
    if executor == "numpy":
        _same(got, want)
    else:
        same_result(got, want, executor)


@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize(("fn", "args"), PROGRAMS, ids=IDS)
def test_the_converted_form_on_plain_values(fn, args, limit):
    want = fn(*args)
    converted = autograph.convert(fn)
    _same(converted(*args), want)
    # (A graph trace stages NumPy's random draws whatever the values: that program's form runs with no trace.)
    with graph_runtime.unroll_limit(limit), converted_form(trace=fn is not shuffles_and_writes):
        _same(converted(*args), want)


def _nodes(concrete) -> list:
    return [node.op for node in concrete.graph.unoptimized.nodes]


def test_a_long_loop_is_staged_past_the_limit_and_unrolled_below_it():
    x, y = PROGRAMS[0][1]
    staged = _nodes(autograph.function(gradient_descent).get_concrete_function(x, y))
    assert staged.count("while_loop") == 1 and len(staged) < 40  # one iteration as Python's, then the loop
    with graph_runtime.unroll_limit(None):
        unrolled = _nodes(autograph.function(gradient_descent).get_concrete_function(x, y))
    assert "while_loop" not in unrolled and len(unrolled) > 300 * 5
    with graph_runtime.unroll_limit(10_000):  # 300 iterations of 7 nodes stay under it
        assert "while_loop" not in _nodes(autograph.function(gradient_descent).get_concrete_function(x, y))


def test_a_rest_that_cannot_be_one_loop_runs_as_pythons():
    # Appending to a list cannot be one staged loop: the attempt leaves nothing, Python's loop goes on.
    with graph_runtime.unroll_limit(0):
        ops = _nodes(autograph.function(appends_to_a_list).get_concrete_function(X5))
    assert "while_loop" not in ops


def test_the_limit_is_per_thread():
    seen = {}

    def other():
        seen["other"] = autograph.function(gradient_descent).get_concrete_function(*PROGRAMS[0][1])

    with graph_runtime.unroll_limit(None):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
    assert "while_loop" in _nodes(seen["other"])  # the other thread kept the default


@pytest.mark.parametrize("bad", [-1, 1.5, "10"])
def test_unroll_limit_says_what_it_takes(bad):
    with pytest.raises(ValueError, match=r"unroll_limit takes a number of nodes \(an int, 0 or more\) or None"):
        with graph_runtime.unroll_limit(bad):
            pass


class Halving:
    """pyquante2's SCFIterator, reduced: ``__next__`` ends the iteration on a value the program computes."""

    def __init__(self, x, maxiters=10):
        self.x, self.iterations, self.maxiters = x, 0, maxiters

    def __iter__(self):
        return self

    def __next__(self):
        self.iterations += 1
        if self.iterations > self.maxiters:
            raise StopIteration
        self.x = self.x / 2
        if self.x < 1.0:
            raise StopIteration
        return self.x


def sums_halves(x):
    total = 0.0
    for v in Halving(x):
        total = total + v
    return total


@pytest.mark.parametrize("executor", executors())
def test_stop_iteration_under_a_staged_if_is_refused(executor):
    # It ended the for loop only eagerly: staged as a graph check, it escaped from the call (a crash).
    assert sums_halves(np.float64(10.0)) == 8.75
    with pytest.raises(NotStageable, match=r"test_static_range_staging.py:\d+: `raise StopIteration` under an `if` "
                                           r"\(or in a loop\) on a traced value: it would end the iteration"):
        autograph.function(sums_halves, executor=executor)(np.float64(10.0))


def test_stop_iteration_under_a_staged_if_is_refused_under_jax_jit():
    jax = pytest.importorskip("jax")
    with pytest.raises(NotStageable, match=r"`raise StopIteration` under an `if`"):
        jax.jit(autograph.convert(sums_halves))(10.0)
    assert autograph.convert(sums_halves)(np.float64(10.0)) == 8.75


@settings(max_examples=150, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(programs())
def test_random_programs_with_every_loop_rest_staged(source):
    # test_graph_backend's random programs (ifs, whiles, `for` over range(3) and range(n) with break, continue and
    # return nested in them), each static range's rest staged from its second iteration on, or run as Python's.
    f = load_f(source, "staged-rest-program")
    with graph_runtime.unroll_limit(0):
        staged = autograph.function(f)
        for args in FUZZ_INPUTS:
            with np.errstate(all="ignore"):
                np.testing.assert_allclose(staged(*args), f(*args), rtol=1e-9, err_msg=source)


def split_at_second_one(layout):
    # networkx's _split_tree (nonisomorphic_trees.py): a `break` out of a range loop on plain values. Inside a graph
    # trace its loop ran past the break once (93ef5a2, found by networkx's suite under --trace graph): a wrong result.
    one_found = False
    m = None
    for i in range(len(layout)):
        if layout[i] == 1:
            if one_found:
                m = i
                break
            else:
                one_found = True
    if m is None:
        m = len(layout)
    return [layout[i] - 1 for i in range(1, m)], [0] + [layout[i] for i in range(m, len(layout))]


def first_negative_index(xs):
    for i in range(len(xs)):
        if xs[i] < 0:
            return i
        if xs[i] == 0:
            continue
    return -1


def last_before_stop(xs):
    found = None
    for t in reversed(range(len(xs))):
        if xs[t] == 9:
            break
        found = t
    return found


@pytest.mark.parametrize("limit", LIMITS)
@pytest.mark.parametrize(("fn", "args"), [
    (split_at_second_one, ([0, 1, 2, 3, 1, 2, 1],)), (split_at_second_one, ([0, 1, 1, 1],)),
    (split_at_second_one, ([0, 2, 2],)), (first_negative_index, ([3, 0, 2, -1, 5],)), (first_negative_index, ([1],)),
    (last_before_stop, ([1, 9, 2, 3],)), (last_before_stop, ([9],))])
def test_jumps_out_of_range_loops_on_plain_values_inside_a_graph_trace(fn, args, limit):
    want = fn(*args)
    with graph_runtime.unroll_limit(limit), converted_form():
        assert autograph.convert(fn)(*args) == want
