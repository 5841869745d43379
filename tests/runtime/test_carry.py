"""runtime/carry.py: one carry for every backend, and variables that are None (or unassigned) before a loop.

Differential: plain Python/NumPy is the oracle for ``autograph.function`` on both executors ("numpy",
"jax") and for ``backend="jax"`` under ``jax.jit``. Where the first value of a variable comes only from a
``for`` loop's first iteration (``best = None; for row in x: ...``) and the trip count is known, that
iteration runs before the staged loop (issue 31, class 6); where it is not (a while loop, a range with a
traced bound, an ``if``), the refusal names the user's line and says what to do.
"""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import autograph
from runtime import carry
from runtime.staging import StagingError
from tests.helpers import jax_usable, line_of

HERE = os.path.abspath(__file__)
# (A Function here meets several row counts: each traces once, which is what the test is about.)
pytestmark = pytest.mark.filterwarnings("ignore::autograph.RetracingWarning")


# --- the programs (real code's shapes: a running best, the last item, a matrix first made in the loop) ---

def best_row(x):
    best = None
    for row in x:
        if best is None or np.sum(row) > np.sum(best):
            best = row
    return best


def last_row(x):
    for row in x:
        last = row * 2.0
    return last  # noqa: F821  (unbound when x has no rows, as in Python)


def running_sum(x):
    total = None
    count = 0
    for v in x:
        total = v if total is None else total + v
        count += 1
    return total, count


def outer_product_sum(x):
    H = None
    total = np.zeros(x.shape[1])
    for row in x:
        H = row[:, None] * row[None, :]
        total = total + H @ row
    return total, H


def best_over_range(x):
    best = None
    for i in range(x.shape[0]):
        row = x[i] * (i + 1)
        if best is None or np.max(row) > np.max(best):
            best = row
    return best


def carried_and_none_over_range(x):
    acc = np.sum(x, axis=0) * 0.0
    best = None
    for i in range(x.shape[0]):
        acc = acc + x[i]
        best = acc * 2.0
    return best


def best_beside_a_traced_carry(x):
    # (The JAX backend started `best` from a placeholder of zeros where another variable carried a tracer already,
    # so `best is None` was False in the first iteration, and with every row negative the zeros stayed: a wrong
    # result. Now Python's first iteration runs, then the scan.)
    acc = np.sum(x, axis=0) * 0.0
    best = None
    for i in range(x.shape[0]):
        row = x[i] * (i + 1)
        acc = acc + row
        if best is None or np.max(row) > np.max(best):
            best = row
    return best, acc


PROGRAMS = [best_row, last_row, running_sum, outer_product_sum, best_over_range, carried_and_none_over_range,
            best_beside_a_traced_carry]
MODES = [{"executor": "numpy"}, {"executor": "jax"}, {"backend": "jax"}]
STAGED = {(f.__name__, i): autograph.function(f, **mode) for f in PROGRAMS for i, mode in enumerate(MODES)}


def _eager(f, x):
    try:
        return f(x), None
    except Exception as error:  # noqa: BLE001 - Python's own failure is part of the answer
        return None, type(error)


def _agree(expected, got, tolerance, atol=None):
    if expected is None:
        return got is None
    if isinstance(expected, tuple):
        return type(got) in (tuple, list) and len(got) == len(expected) and all(
            _agree(e, g, tolerance, atol) for e, g in zip(expected, got))
    got = np.asarray(got)
    return got.shape == np.shape(expected) and np.allclose(got, expected, rtol=tolerance,
                                                           atol=tolerance if atol is None else atol)


@pytest.mark.parametrize("mode", range(len(MODES)), ids=["numpy", "jax-executor", "jax-backend"])
@pytest.mark.parametrize("f", PROGRAMS, ids=[f.__name__ for f in PROGRAMS])
@settings(max_examples=12, deadline=None)
# (values float32 holds exactly and not subnormal: `backend="jax"` computes in float32 and XLA flushes subnormals,
# so 1e-282 and 2e-282, which float64 tells apart, would both be 0 there)
@given(x=hnp.arrays(np.float64, st.tuples(st.integers(0, 4), st.just(2)),
                    elements=st.floats(-10, 10, allow_nan=False, allow_subnormal=False, width=32)))
def test_a_variable_first_set_in_a_for_loop_of_known_length_matches_python(f, mode, x):
    if "backend" in MODES[mode] and not jax_usable():
        pytest.skip("needs JAX")
    # (JAX's own arrays are float32: the oracle is NumPy on the same float32 values)
    expected, raised = _eager(f, x.astype(np.float32) if "backend" in MODES[mode] else x)
    staged = STAGED[f.__name__, mode]
    if raised is not None:
        with pytest.raises(raised):
            staged(x)
        return
    tolerance = 1e-5 if "backend" in MODES[mode] else 1e-12  # (JAX's own arrays are float32)
    # JAX sums in float32 what NumPy sums in float64 (np.zeros is float64, jnp.zeros float32): where the terms
    # cancel (outer_product_sum's cubes, ~1e3 each), float32's error is absolute, about eps32 times the terms.
    atol = 1e-6 * (1 + float(np.abs(x).sum()) ** 3) if "backend" in MODES[mode] else None
    got = staged(x)
    assert _agree(expected, got, tolerance, atol), (expected, got)


def test_the_first_iteration_runs_once_before_the_staged_loop():
    """The graph holds the first iteration's body once before its while_loop (not the whole loop unrolled)."""
    fn = autograph.function(best_row)
    fn(np.ones((5, 2)))
    ops = [node.op for node in fn.get_concrete_function(np.ones((5, 2))).graph.nodes]
    assert ops.count("while_loop") == 1


# --- what stays refused, and says so at the user's line -------------------------------------------------

def none_before_a_while_loop(x):
    best = None
    i = 0
    while np.sum(x) > i:  # while-none
        best = x * i
        i += 1
    return best


def none_on_one_path_of_an_if(x):
    best = None
    if np.sum(x) > 0:  # if-none
        best = x
    return best


def none_before_a_range_of_traced_length(x):
    best = None
    for i in range(np.sum(x > 0)):  # traced-range-none
        best = x * i
    return best


def loses_its_value_again(x):
    best = None
    for row in x:  # toggles
        best = row if best is None else None
    return best


REFUSALS = [
    (none_before_a_while_loop, "while-none",
     ["'best' is None before this while loop but", "the loop may run zero times",
      "Give best its first value before the loop"]),
    (none_on_one_path_of_an_if, "if-none",
     ["'best' is None in the else branch but", "in the if branch of a staged `if`",
      "Give best a value of the same type on both paths"]),
    (none_before_a_range_of_traced_length, "traced-range-none",
     ["'best' is None before this for loop but", "or loop over a range or an array whose length is known"]),
    # (its length known only at run time: the loop may run no iteration)
    (loses_its_value_again, "toggles", ["'best' is None before this for loop but", "whose length is known"]),
]
KNOWN_LENGTH_RUNS_AS_PYTHON = {"toggles"}  # (a loop over rows of known length runs as Python's, stop 80)


@pytest.mark.parametrize("mode", range(len(MODES)), ids=["numpy", "jax-executor", "jax-backend"])
@pytest.mark.parametrize("fn, marker, phrases", REFUSALS, ids=[r[1] for r in REFUSALS])
def test_where_it_cannot_be_exact_the_refusal_names_the_line_and_what_to_do(fn, marker, phrases, mode):
    if "backend" in MODES[mode] and not jax_usable():
        pytest.skip("needs JAX")
    x = np.arange(6.0).reshape(3, 2)
    if marker in KNOWN_LENGTH_RUNS_AS_PYTHON:
        # Its length known, the loop runs as Python's, each row's `best is None` a Python test: eager's answer.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (JAX's UnrolledLoopWarning)
            np.testing.assert_array_equal(np.asarray(autograph.function(fn, **MODES[mode])(x)), fn(x))
        if "backend" in MODES[mode]:
            return  # (JAX's shapes are always known)
        mode_with_unknown_length = dict(MODES[mode], input_signature=[autograph.TensorSpec([None, 2], np.float64)])
        staged = autograph.function(fn, **mode_with_unknown_length)
    else:
        staged = autograph.function(fn, **MODES[mode])
    with pytest.raises(StagingError) as info:
        staged(x)
    message = str(info.value)
    assert message.startswith(f"{HERE}:{line_of(HERE, marker)}: "), message
    for phrase in phrases:
        assert phrase in message, (phrase, message)


def int_or_float(x):
    if np.sum(x) > 0:  # does-not-fit
        y = np.sum(x).astype(np.int32)
    else:
        y = 1.5
    return y


def number_becomes_a_vector(x):
    n = 0
    while np.sum(x) < 10:  # number-to-vector
        x = x + 1
        n = x
    return x, n


def none_inside_a_tuple(x):
    pair = (None, 0.0)
    i = 0
    while np.sum(x) > i:  # none-in-tuple
        pair = (x, pair[1] + 1.0)
        i += 1
    return pair


def int_or_float_array(x):
    if np.sum(x) > 0:  # int-or-float-array
        y = x.astype(np.int64)
    else:
        y = x
    return y


def nan_or_a_pair(x):
    if np.sum(x) > 0:  # nan-or-pair
        return np.nan  # (scikit-bio's empty-sample early return, against a confidence interval's pair)
    return x[0], x[1:]


GRAPH_REFUSALS = [
    (nan_or_a_pair, "nan-or-pair",
     ["the return value is float in the if branch but (f64[], f64[2]) in the else branch; both branches of a "
      "staged `if` must give it the same structure"]),
    (int_or_float_array, "int-or-float-array",
     ["'y' is an i64[3] tensor in the if branch but a f64[3] tensor in the else branch; a staged value has one "
      "dtype: cast one of them (e.g. with .astype(np.float64), the dtype both promote to)"]),
    (int_or_float, "does-not-fit",
     ["'y' is an i32[] tensor in the if branch but the Python float 1.5 in the else branch, which does not fit "
      "int32; a staged value has one dtype: make both the same type"]),
    (number_becomes_a_vector, "number-to-vector",
     ["'n' has shape () before the while loop but (3,) after one iteration; a staged value keeps its number of "
      "dimensions"]),
    (none_inside_a_tuple, "none-in-tuple",
     ["'pair[0]' is None before this while loop but a f64[3] tensor after one iteration, and a staged loop cannot "
      "carry None: give it its first value before the loop"]),
]


@pytest.mark.parametrize("fn, marker, phrases", GRAPH_REFUSALS, ids=[r[1] for r in GRAPH_REFUSALS])
def test_the_graphs_own_refusals_of_the_carry(fn, marker, phrases):
    with pytest.raises(StagingError) as info:
        autograph.function(fn)(np.ones(3))
    message = str(info.value)
    assert message.startswith(f"{HERE}:{line_of(HERE, marker)}: "), message
    for phrase in phrases:
        assert phrase in message, (phrase, message)


def test_a_loop_over_rows_counted_only_at_run_time_is_not_peeled():
    """With the first dim unknown (None in the signature) the loop may run zero times: refused."""
    fn = autograph.function(best_row, input_signature=[autograph.TensorSpec([None, 2], np.float64)])
    with pytest.raises(StagingError, match="'best' is None before this for loop but a f64\\[2\\] tensor after one "
                                           "iteration, and a staged loop cannot carry None"):
        fn(np.ones((3, 2)))


# --- the contract, for a third backend ------------------------------------------------------------------

class Boxed:
    """A third backend's staged value: only a type."""

    def __init__(self, shape, dtype):
        self.shape, self.dtype = shape, np.dtype(dtype)


class BoxRules(carry.Rules):
    """The whole of what a backend tells the carry: leaves of tuples, its values, their types, promotion."""

    noun = "box"

    def flatten(self, value):
        if type(value) is tuple:
            return list(value), ("tuple", len(value))
        return [value], "leaf"

    def unflatten(self, tree, leaves):
        return tuple(leaves) if tree != "leaf" else leaves[0]

    def leaf_label(self, name, value, j):
        return f"'{name}'" if type(value) is not tuple else f"'{name}[{j}]'"

    def structure(self, value, tree):
        return str(tree)

    def is_staged(self, leaf):
        return isinstance(leaf, Boxed)

    def same(self, a, b):
        return a is b or (type(a) is type(b) and not isinstance(a, Boxed) and a == b)

    def typeof(self, leaf):
        if isinstance(leaf, carry.WEAK):
            return carry.LeafType((), np.result_type(leaf), True)
        return carry.LeafType(tuple(leaf.shape), leaf.dtype)

    def type_str(self, t):
        return f"{t.dtype.name}{list(t.shape)}"

    def promote(self, types, leaves):
        strong = [t.dtype for t in types if not t.weak]
        return carry.LeafType((), strong[0] if strong else np.result_type(*leaves), not strong)


def test_a_third_backend_gets_the_join_and_its_wording_from_its_rules():
    rules = BoxRules()
    x = Boxed((3,), np.float32)
    x = Boxed((), np.float32)
    join = carry.join_branches(rules, ("y", "mode"), [(x, "up"), (0, "up")], ("if", "else"))
    assert [t.dtype for t in join.outputs] == [np.float32] and join.picks == [[(0, 0)], [(0, 0)]]
    assert join.values(["OUT"]) == ("OUT", "up")
    with pytest.raises(StagingError, match=r"'y' is a float32\[\] box in the if branch but an int64\[\] box in "
                                           r"the else branch; a staged value has one dtype"):
        carry.join_branches(rules, ("y",), [(x,), (Boxed((), np.int64),)], ("if", "else"))
    with pytest.raises(StagingError, match="'y' is None in the else branch but a float32"):
        carry.join_branches(rules, ("y",), [(x,), (None,)], ("if", "else"))
    with pytest.raises(carry.Peel):
        carry.first_value(rules, "best", None, x, "for loop", peelable=True)
    with pytest.raises(StagingError, match="'best' is None before this while loop but a float32"):
        carry.first_value(rules, "best", None, x, "while loop", peelable=False)
    assert carry.carry_leaf(rules, "'i'", carry.LeafType((), np.dtype(np.int32)), 1, "while loop")[0].dtype == np.int32
    with pytest.raises(StagingError, match=r"'x' has shape \(3,\) before the while loop but \(4,\) after one "
                                           r"iteration; a staged loop keeps each variable's shape: preallocate"):
        carry.carry_leaf(rules, "'x'", rules.typeof(Boxed((3,), np.float32)), Boxed((4,), np.float32), "while loop")
    with pytest.raises(StagingError, match=r"'k' has dtype float32 before the while loop but int64 after one "
                                           r"iteration; a staged loop keeps each variable's dtype: cast it"):
        carry.carry_leaf(rules, "'k'", rules.typeof(Boxed((3,), np.float32)), Boxed((3,), np.int64), "while loop")
    # (indices becoming a mask: radvel's Kepler loop; a cast would turn the mask into positions 0 and 1)
    with pytest.raises(StagingError, match=r"'convd' has dtype int64 before the while loop but bool after one "
                                           r"iteration; .*a cast would change what it means .*a mask from the start"):
        carry.carry_leaf(rules, "'convd'", rules.typeof(Boxed((3,), np.int64)), Boxed((3,), np.bool_), "while loop")


@pytest.mark.parametrize("mode", range(len(MODES)), ids=["numpy", "jax-executor", "jax-backend"])
def test_none_before_the_loop_is_none_in_its_first_iteration(mode):
    if "backend" in MODES[mode] and not jax_usable():
        pytest.skip("needs JAX")
    x = -np.ones((3, 2), np.float32)  # every score negative: a zero placeholder would have won
    got = STAGED["best_beside_a_traced_carry", mode](x)
    assert _agree(best_beside_a_traced_carry(x), tuple(got), 1e-6)
