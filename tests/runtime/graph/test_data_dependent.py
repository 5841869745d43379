"""Data-dependent shapes (issue 31): ``x[mask]``, ``np.nonzero``, ``np.unique``, the set operations, ``np.bincount``
without ``minlength``, ``np.repeat`` with computed counts. The NumPy executor runs them, matching eager NumPy
exactly (values, dtypes, empty results); ``executor="jax"`` runs them on NumPy between compiled stages where they
sit at the function's top level (tests/runtime/jax/test_jax_segments.py), and refuses them at the user's line
inside a staged loop; ``"auto"`` runs them. Eager NumPy is the oracle."""

from __future__ import annotations

import re
import sys
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from runtime.graph import ops_data_dependent, run, verify
from runtime.graph.tracing import TensorSpec, trace
from tests.coverage.harness import DATA_DEPENDENT
from tests.helpers import executors, line_of, needs_jax, notes

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def same(got, expected) -> None:
    """``got`` is eager's ``expected``: structure, dtypes, shapes and values (NaN where NaN)."""
    if isinstance(expected, (tuple, list)):
        assert isinstance(got, (tuple, list)) and len(got) == len(expected), (got, expected)
        for g, e in zip(got, expected):
            same(g, e)
        return
    e = np.asarray(expected)
    g = np.asarray(got)
    assert g.dtype == e.dtype and g.shape == e.shape, (g.dtype, g.shape, e.dtype, e.shape)
    np.testing.assert_array_equal(g, e)


def staged_matches_eager(fn, *args) -> None:
    """The staged ``fn`` gives eager's result, or raises eager's error (class and message)."""
    with warnings.catch_warnings():  # (the mean of an empty selection warns, eagerly and in the graph alike)
        warnings.simplefilter("ignore", RuntimeWarning)
        try:
            expected = fn(*[np.copy(a) for a in args])
        except Exception as error:  # noqa: BLE001  (NumPy's own, on these values: the graph must raise it too)
            with pytest.raises(type(error), match=re.escape(str(error))):
                autograph.function(fn)(*[np.copy(a) for a in args])
            return
        got = autograph.function(fn)(*[np.copy(a) for a in args])
    same(got, expected)


# --- inputs: arrays of every rank up to 2, empty ones, and masks all False, all True or random ----------------

def _masks(shape):
    return st.one_of(st.just(np.zeros(shape, bool)), st.just(np.ones(shape, bool)),
                     st.lists(st.booleans(), min_size=int(np.prod(shape)), max_size=int(np.prod(shape)))
                     .map(lambda bits: np.array(bits, bool).reshape(shape)))


@st.composite
def array_and_mask(draw, ranks=(0, 1, 2), dtype=np.float64):
    shape = draw(st.sampled_from([s for s in [(), (0,), (1,), (5,), (3, 4), (0, 3), (2, 1)] if len(s) in ranks]))
    values = draw(st.lists(st.integers(-4, 4), min_size=int(np.prod(shape)), max_size=int(np.prod(shape))))
    x = np.array(values, dtype).reshape(shape)
    return x, draw(_masks(shape))


# --- masked reads, writes and reductions ------------------------------------------------------------------

def masked_read(x, m):
    return x[m]


def masked_reductions(x, m):
    y = x[m]
    return np.sum(y), y.mean(), np.sum(x[m] * 2.0), y.size


def masked_rows(x, m):
    return x[m[:, 0]], x[:, m[0]], x[m[:, 0], 0], x[1:, m[0]], x[m[:, 0], :][:, m[0]], x[None, m]


def masked_update(x, m):
    x[m] = np.sqrt(np.abs(x[m])) + 1.0
    return x


def masked_power(x, m):
    y = x + 10.0
    y[m] **= -1
    return y


def masked_copy(x, m, other):
    x[m] = other[m]
    return x


def masked_scalar_where(x, m):
    x[m] = 0.5
    return x, x[~m]


def int_masked(x, m):
    k = x.astype(np.int32)
    return k[m], np.sum(k[m]), k[m].mean(), np.prod(k[m])


@SETTINGS
@given(array_and_mask())
def test_masked_reads_and_reductions_match_numpy(xm):
    x, m = xm
    staged_matches_eager(masked_read, x, m)
    staged_matches_eager(masked_reductions, x, m)
    staged_matches_eager(int_masked, x, m)


def masked_statistics(x, m):
    y = x[m]
    return np.var(y), np.std(y, ddof=1), y.mean(), np.var(x[m] * 2, ddof=2)


@SETTINGS
@given(st.one_of(array_and_mask(dtype=np.float32), array_and_mask(dtype=np.float16)))
def test_statistics_of_a_selection_keep_the_arrays_dtype(xm):
    # NumPy divides a variance into the sum's own dtype: float32 stays float32 though the count is an int64 known only
    # when the graph runs (the graph's float64 division was returned as float64: HydroErr's kge_2009 of float32)
    x, m = xm
    staged_matches_eager(masked_statistics, x, m)


@SETTINGS
@given(array_and_mask(ranks=(2,)))
def test_masks_of_rows_and_columns_match_numpy(xm):
    x, m = xm
    if x.shape[0]:
        staged_matches_eager(masked_rows, x, m)


def statistics_of_a_selection(x, m):
    y = x[m]
    return (np.median(y), np.percentile(y, 95), np.percentile(y, [5, 50]), np.quantile(y, 0.3, method="lower"),
            np.quantile(y, np.array([0.25, 0.75], np.float32), method="midpoint"))


def statistics_of_rows(x, m):
    return np.median(x[m[:, 0]], axis=0), np.percentile(x[:, m[0]], 40, axis=1, keepdims=True)


@SETTINGS
@given(array_and_mask(ranks=(1, 2)))
def test_median_and_quantiles_of_a_selection_match_numpy(xm):
    x, m = xm
    staged_matches_eager(statistics_of_a_selection, x, m)
    staged_matches_eager(statistics_of_a_selection, x.astype(np.float32), m)
    if x.ndim == 2 and x.shape[0]:
        staged_matches_eager(statistics_of_rows, x, m)


@SETTINGS
@given(array_and_mask(ranks=(1, 2)))
def test_masked_writes_match_numpy(xm):
    x, m = xm
    staged_matches_eager(masked_update, x, m)
    staged_matches_eager(masked_update, x.astype(np.int32), m)  # (float values cast into ints, as NumPy assigns)
    staged_matches_eager(masked_power, x, m)
    staged_matches_eager(masked_copy, x, m, x * 3.0 - 1.0)
    staged_matches_eager(masked_scalar_where, x, m)


# --- the functions whose output size depends on the values ----------------------------------------------------

def nonzero_family(x):
    return (np.nonzero(x), x.nonzero(), np.flatnonzero(x), np.argwhere(x), np.where(x > 0),
            np.extract(x > 0, x), np.count_nonzero(x))


def compress(x):
    return np.compress(x[0] > 0, x, axis=1), np.compress(x[:, 0] > 0, x, axis=0), np.compress(x[0] > 0, x)


def uniques(x):
    return (np.unique(x), np.unique(x, return_index=True, return_inverse=True, return_counts=True),
            np.unique_values(x), np.unique_counts(x), np.unique_inverse(x), np.unique_all(x))


def unique_rows(x):
    return np.unique(x, axis=0, return_inverse=True, return_counts=True), np.unique(x, axis=1)


def set_operations(a, b):
    return (np.intersect1d(a, b), np.intersect1d(a, b, return_indices=True), np.setdiff1d(a, b),
            np.union1d(a, b), np.setxor1d(a, b), np.intersect1d(np.unique(a), np.unique(b), assume_unique=True))


def counts(x, w):
    k = np.abs(x).astype(np.int64)
    return np.bincount(k), np.bincount(k, weights=w), np.bincount(k % 3, minlength=3)


def repeats(x, k):
    return np.repeat(x, k), np.repeat(x, np.abs(k) % 3), x.repeat(k > 0)


def trims(x):
    return np.trim_zeros(x), np.trim_zeros(x, "f"), np.trim_zeros(x, trim="b")


@SETTINGS
@given(array_and_mask(ranks=(1, 2)))
def test_nonzero_and_its_relatives_match_numpy(xm):
    x, m = xm
    staged_matches_eager(nonzero_family, x)
    staged_matches_eager(nonzero_family, m)
    if x.ndim == 2 and x.shape[0]:
        staged_matches_eager(compress, x)


@SETTINGS
@given(array_and_mask(ranks=(0, 1, 2)))
def test_unique_matches_numpy(xm):
    x, _ = xm
    staged_matches_eager(uniques, x)
    staged_matches_eager(uniques, np.where(x > 2, np.nan, x))  # NaNs: equal_nan as NumPy has it
    if x.ndim == 2:
        staged_matches_eager(unique_rows, x)


def unique_sorted_as_given(x):
    return np.unique(x, sorted=True), np.unique(x, return_counts=True, sorted=False)[1].sum()


def test_unique_takes_sorted_as_the_installed_numpy_does():
    # NumPy 2.3 added `sorted`; before it, np.unique(sorted=...) is a TypeError, in the graph too.
    staged_matches_eager(unique_sorted_as_given, np.array([3.0, 1.0, 3.0, 2.0]))


def test_a_graph_asking_unsorted_unique_of_a_numpy_without_sorted_is_refused(monkeypatch):
    # A graph saved under NumPy 2.3+ with sorted=False, run where np.unique has no `sorted`: refused, not sorted.
    monkeypatch.setattr(ops_data_dependent, "UNIQUE_HAS_SORTED", False)
    from runtime.limits import NotStageable

    with pytest.raises(NotStageable, match=r"np.unique\(sorted=False\) needs NumPy 2.3 or later \(NumPy .* is"):
        ops_data_dependent._unique(np.array([2, 1]), False, False, False, None, True, False)
    assert list(ops_data_dependent._unique(np.array([2, 1, 2]), False, False, False, None, True, True)) == [1, 2]


@SETTINGS
@given(array_and_mask(ranks=(1,)), array_and_mask(ranks=(1,), dtype=np.int32))
def test_set_operations_counts_repeats_and_trims_match_numpy(am, bm):
    a, _ = am
    b, _ = bm
    staged_matches_eager(set_operations, a, b)
    staged_matches_eager(counts, a, np.linspace(0.0, 1.0, a.size))
    staged_matches_eager(repeats, a, np.abs(np.round(a)).astype(np.int64))
    staged_matches_eager(trims, a)


# --- the graph: ?, printing, verify, passes, save/load ---------------------------------------------------------

def test_the_graph_shows_the_data_dependent_dim_as_a_question_mark():
    graph, _ = trace(lambda x: (x[x > 0], np.unique(x, return_counts=True), np.nonzero(x)),
                     [TensorSpec((2, 3), np.float64)])
    verify(graph)
    text = str(graph)
    assert re.search(r"\w+:f64\[\?\] = getitem\[index=\[\$0\]\] \w+ \w+", text), text
    assert re.search(r"\w+:f64\[\?\] \w+:i64\[\?\] = unique\[", text), text
    assert re.search(r"\w+:i64\[\?\] \w+:i64\[\?\] = nonzero \w+", text), text
    x = np.array([[1.0, -2.0, 3.0], [0.0, 3.0, -1.0]])
    same(run(graph, [x]), (x[x > 0], *np.unique(x, return_counts=True), *np.nonzero(x)))


def repeated_masked_blocks(x):
    for _ in range(6):  # (a Python loop: six blocks, each of a size the previous one's values decide)
        x = np.concatenate([x, x[x > 0.5] * 0.5]) + np.sum(x[x > 0.5]) * 0.1
    return x, x[x > 1.0], x[x > 1.0]


def test_optimizations_keep_data_dependent_results():
    x = np.array([0.25, 0.75, 1.5, -1.0, 2.0])
    traced = autograph.function(repeated_masked_blocks).get_concrete_function(x)
    verify(traced.graph)
    same(run(traced.graph, [x]), run(traced.graph.unoptimized, [x]))
    same(autograph.function(repeated_masked_blocks)(x), repeated_masked_blocks(x))


def every_op(x, k):
    y = x.copy()
    y[x > 0] = x[x > 0] * 2.0
    return (y, np.nonzero(x), np.argwhere(x), np.unique(x, return_counts=True), np.intersect1d(x, k),
            np.setdiff1d(x, k), np.union1d(x, k), np.setxor1d(x, k), np.bincount(k), np.repeat(x, k),
            np.trim_zeros(x), np.median(x[x > -5.0]), np.percentile(x[x > -5.0], 30),
            np.zeros((2, np.amax(k) + 1)), np.arange(np.amax(k) + 1), x.reshape(np.sum(k >= 0), -1))


@pytest.mark.parametrize("x, k", [(np.array([0.0, 2.0, -1.0, 2.0, 0.0]), np.array([2, 0, 1, 0, 3])),
                                  (np.zeros(5), np.zeros(5, np.int64))])
def test_every_data_dependent_op_saves_and_loads(tmp_path, x, k):
    f = autograph.function(every_op)
    f(x, k)
    ops_used = {node.op for node in f.get_concrete_function(x, k).graph.nodes}
    assert ops_data_dependent.DATA_DEPENDENT_OPS <= ops_used
    autograph.save(f, tmp_path / "every_op.ag")
    loaded = autograph.load(tmp_path / "every_op.ag")
    same(loaded(x, k), every_op(x, k))
    same(loaded(x[::-1].copy(), k[::-1].copy()), every_op(x[::-1], k[::-1]))


def test_a_function_with_data_dependent_shapes_saves_and_loads(tmp_path):
    f = autograph.function(uniques)
    x = np.array([3.0, 1.0, 3.0, np.nan, 2.0])
    f(x)
    autograph.save(f, tmp_path / "uniques.ag")
    loaded = autograph.load(tmp_path / "uniques.ag")
    same(loaded(x), uniques(x))
    same(loaded(np.array([5.0, 5.0, 5.0, 5.0, 5.0])), uniques(np.array([5.0, 5.0, 5.0, 5.0, 5.0])))
    assert "?" in str(loaded.concrete_functions[0].graph)


# --- branches and loops that carry arrays of unknown size ------------------------------------------------------

def branch_of_sizes(x):
    if np.sum(x) > 0:
        y = x[x > 0]
    else:
        y = x[:3]
    return y, y.shape[0]


def growing_loop(x, n):
    y = x
    for _ in range(n):
        y = np.concatenate([y, y[y > 0.5] * 0.5])
    return y


def shrinking_while(x):
    while x.size > 0 and np.max(x) > 1.0:
        x = x[x < np.max(x)]
    return x


@pytest.mark.parametrize("x", [np.array([1.0, -2.0, 3.0, 4.0]), np.array([-1.0, -2.0, 0.5, 4.0])])
def test_a_branch_joins_a_known_and_a_data_dependent_size(x):
    staged_matches_eager(branch_of_sizes, x)
    graph = autograph.function(branch_of_sizes).get_concrete_function(x).graph
    assert "cond[" in str(graph) and "f64[?]" in str(graph)


@pytest.mark.parametrize("n", [0, 1, 3])
def test_a_loop_carry_whose_size_changes_is_unknown_in_the_fixed_point(n):
    x = np.array([0.75, 0.25, 1.5, 2.0])
    f = autograph.function(growing_loop)
    same(f(x, n), growing_loop(x, n))
    staged_matches_eager(shrinking_while, np.array([3.0, 0.5, 2.0, 5.0, 1.0]))
    staged_matches_eager(shrinking_while, np.array([0.5, 0.25]))


def entropy(y):
    total = 0.0
    for label in np.unique(y):
        p = len(y[y == label]) / len(y)
        total += -p * np.log2(p)
    return total


def test_len_and_loops_over_a_data_dependent_result():
    staged_matches_eager(entropy, np.array([1, 2, 2, 3, 3, 3]))
    staged_matches_eager(entropy, np.array([4, 4]))
    staged_matches_eager(lambda x: np.shape(x[x > 0])[0] + np.size(x[x > 0]), np.array([1.0, -1.0, 2.0]))


# --- errors -----------------------------------------------------------------------------------------------

def test_a_mask_that_does_not_fit_raises_numpys_index_error():
    with pytest.raises(IndexError, match="boolean index did not match indexed array along axis 1; size of axis is 3 "
                       "but size of corresponding boolean axis is 2"):
        trace(lambda x, m: x[:, m], [TensorSpec((2, 3)), TensorSpec((2,), np.bool_)])
    # Sizes known only at run time: NumPy's own check, when the graph runs, names the line.
    f = autograph.function(masked_read, input_signature=[TensorSpec((None,)), TensorSpec((None,), np.bool_)])
    with pytest.raises(IndexError, match="boolean index did not match indexed array along axis 0") as info:
        f(np.ones(3), np.ones(2, bool))
    assert any("test_data_dependent.py" in note for note in notes(info.value))


def assign_positives(x, m, v):
    x[m] = v[v > 0]  # assign-positives
    return x


def test_assigning_the_wrong_count_raises_numpys_error_when_the_graph_runs():
    args = (np.ones(3), np.array([True, False, False]), np.array([1.0, -1.0, 2.0]))
    message = ("NumPy boolean array indexing assignment cannot assign 2 input values to the 1 output values where the "
               "mask is true")
    with pytest.raises(ValueError, match=message):
        assign_positives(*args)
    with pytest.raises(ValueError, match=message) as info:
        autograph.function(assign_positives)(*args)
    where = f"{__file__}:{line_of(__file__, 'assign-positives')}"
    assert notes(info.value)[0] == (f"(raised while running the graph, by the `setitem` traced at {where})"
                                    if sys.version_info >= (3, 11) else where)  # (3.10: the line before the message)


def test_nonzero_of_a_0d_array_is_numpys_error():
    with pytest.raises(ValueError, match="Calling nonzero on 0d arrays is not allowed"):
        np.nonzero(np.float64(1.0) * np.ones(()))
    with pytest.raises(ValueError, match="Calling nonzero on 0d arrays is not allowed"):
        trace(np.nonzero, [TensorSpec(())])


def test_a_real_matrix_eig_is_still_refused():
    # Its dtype (real or complex) depends on the values, and a graph fixes dtypes: a clear refusal, never a guess.
    with pytest.raises(autograph.NotStageable, match="depends on the values"):
        trace(np.linalg.eig, [TensorSpec((3, 3))])


# --- executors: jax runs them at the top level and refuses them in a loop at the user's line; auto runs them ------

def read_with_mask(x):
    return np.sum(x[x > 0] ** 2)  # mask-read


def unique_of(x):
    return np.unique(x)  # unique-line


def repeats_of(x):
    return np.repeat(x, (x > 0).astype(np.int64))  # repeat-line


def in_a_loop(op):
    """``op`` summed inside a staged loop (``n`` a tensor): XLA cannot stop a compiled loop to run NumPy."""
    def fn(x, n):
        total = 0.0
        for _ in range(n):
            total = total + np.sum(op(x))
        return total
    return fn


@needs_jax
@pytest.mark.parametrize("fn, marker, error, what", [
    (read_with_mask, "mask-read", autograph.DataDependentIndex, "x[mask] with a boolean mask computed in the graph"),
    (unique_of, "unique-line", autograph.DataDependentShape, "np.unique"),
    (repeats_of, "repeat-line", autograph.DataDependentShape, "np.repeat with repeats computed in the graph"),
])
def test_executor_jax_refuses_them_inside_a_loop_at_the_users_line(fn, marker, error, what):
    x = np.array([1.0, -2.0, 3.0])
    same(autograph.function(fn, executor="jax")(x), fn(x))  # (at the top level: runs)
    with pytest.raises(error) as info:
        autograph.function(in_a_loop(fn), executor="jax")(x, np.int64(2))
    message = str(info.value)
    assert message.startswith(f"{__file__}:{line_of(__file__, marker)}: {what} has a data-dependent shape")
    assert "executor='numpy'" in message and "executor='auto'" in message
    assert DATA_DEPENDENT.search(message)  # the coverage harness's class: "clear error (data-dependent shape)"
    assert isinstance(info.value, autograph.AutographError) and isinstance(info.value, ValueError)


RUN_TIME_LENGTHS = [TensorSpec([None]), TensorSpec([None], np.int64)]
ONE_OP = {
    "nonzero": lambda x, k: np.nonzero(x),
    "argwhere": lambda x, k: np.argwhere(x),
    "unique": lambda x, k: np.unique(x),
    "intersect1d": lambda x, k: np.intersect1d(x, k),
    "setdiff1d": lambda x, k: np.setdiff1d(x, k),
    "union1d": lambda x, k: np.union1d(x, k),
    "setxor1d": lambda x, k: np.setxor1d(x, k),
    "bincount": lambda x, k: np.bincount(k),
    "repeat": lambda x, k: np.repeat(x, k),
    "trim_zeros": lambda x, k: np.trim_zeros(x),
    "median": lambda x, k: np.median(x),  # (along an axis of run-time length: the input_signature's None)
    "quantile": lambda x, k: np.percentile(x, 20),
    # (a size computed in the graph: runtime/graph/tensor_sizes.py, tests/runtime/graph/test_tensor_sizes.py)
    "sized_full": lambda x, k: np.full((np.amax(k) + 1, 2), 1.5),
    "sized_arange": lambda x, k: np.arange(len(x)),
    "sized_reshape": lambda x, k: x.reshape(len(x), -1),
}


def test_one_op_cases_cover_every_data_dependent_op():
    assert set(ONE_OP) == ops_data_dependent.DATA_DEPENDENT_OPS


@needs_jax
@pytest.mark.parametrize("op", sorted(ONE_OP))
def test_executor_jax_runs_every_data_dependent_op_as_numpy_does(op):
    fn = ONE_OP[op]
    x, k = np.array([0.0, 2.0, -1.0]), np.array([2, 0, 1])
    for executor in ("jax", "auto"):
        same(autograph.function(fn, executor=executor, input_signature=RUN_TIME_LENGTHS)(x, k), fn(x, k))


@needs_jax
def test_executor_auto_runs_data_dependent_graphs_on_the_interpreter_without_a_warning():
    f = autograph.function(read_with_mask, executor="auto")
    x = np.array([1.0, -2.0, 3.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(12):  # past the trials
            same(f(x), read_with_mask(x))


@needs_jax
def test_executor_jax_runs_a_constant_mask_and_scalar_writes():
    # A mask that is a constant of the graph has a known selection; `x[mask] = scalar` is np.where.
    keep = np.array([True, False, True])

    def fn(x):
        y = x.copy()
        y[y > 1.0] = 0.0
        return x[keep], np.unique(keep), y

    x = np.array([1.0, 2.0, 3.0])
    same(autograph.function(fn, executor="jax")(x), fn(x))


@needs_jax
def test_backend_jax_says_a_traced_mask_is_data_dependent_at_the_users_line():
    with pytest.raises(autograph.DataDependentIndex) as info:
        autograph.function(read_with_mask, backend="jax")(np.array([1.0, -2.0, 3.0]))
    message = str(info.value)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'mask-read')}: x[mask] with a boolean mask of traced "
                              "values has a data-dependent shape")
    assert "backend='graph' with executor='numpy'" in message and DATA_DEPENDENT.search(message)


def zero_where(x, m):
    x[m] = 0.0  # zero-where
    return x


@needs_jax
def test_executor_jax_writes_a_scalar_through_a_mask_of_unknown_size():
    f = autograph.function(zero_where, executor="jax",
                           input_signature=[TensorSpec((None,)), TensorSpec((None,), np.bool_)])
    same(f(np.array([1.0, 2.0, 3.0]), np.array([True, False, True])), np.array([0.0, 2.0, 0.0]))
    with pytest.raises(IndexError, match="boolean index did not match indexed array along axis 0; size of axis is 3 "
                                         "but size of corresponding boolean axis is 2") as info:
        f(np.array([1.0, 2.0, 3.0]), np.array([True, False]))
    assert notes(info.value)[0] == f"(raised by the `setitem` traced at {__file__}:{line_of(__file__, 'zero-where')})"


def test_counts_that_are_not_integers_are_numpys_error():
    with pytest.raises(TypeError, match=re.escape("Cannot cast array data from dtype('float64') to dtype('int64') "
                                                  "according to the rule 'safe'")):
        np.repeat(np.ones(2), np.array([1.5, 2.0]))
    with pytest.raises(TypeError, match=re.escape("Cannot cast array data from dtype('float64') to dtype('int64') "
                                                  "according to the rule 'safe'")):
        trace(lambda x, k: np.repeat(x, k), [TensorSpec((2,)), TensorSpec((2,))])


def test_an_index_input_that_is_neither_integer_nor_boolean_is_refused_by_the_op_rule():
    from runtime.graph.shapes import Ref
    from runtime.graph.tensor import bind1

    with pytest.raises(IndexError, match="only integers, slices, None, Ellipsis, integer arrays and boolean masks are "
                                         "valid graph indices"):
        trace(lambda x, i: bind1("getitem", [x, i], index=(Ref(0),)), [TensorSpec((3,)), TensorSpec((2,))])


# --- a mask whose values the trace knows: its selection's length is known ------------------------------------------

@pytest.mark.parametrize("executor", executors())
@SETTINGS
@given(shape=st.lists(st.integers(1, 4), min_size=1, max_size=3), data=st.data())
def test_a_mask_the_trace_knows_selects_a_known_length_as_numpy_does(executor, shape, data):
    # (emcee's stretch move with a fixed split: x[mask] of a constant mask, then a draw of len() of the selection)
    ndim = data.draw(st.integers(1, len(shape)), label="mask ndim")
    mask = np.array(data.draw(st.lists(st.booleans(), min_size=int(np.prod(shape[:ndim])),
                                       max_size=int(np.prod(shape[:ndim]))), label="mask"),
                    dtype=bool).reshape(shape[:ndim])
    x = np.arange(float(np.prod(shape))).reshape(shape)

    def selected(x):
        made = np.array(mask.tolist())  # (made in the function: a graph constant whose values the trace knows)
        return x[mask] * 2.0, x[made] + 1.0, np.zeros(len(x[mask]))

    staged = autograph.function(selected, executor=executor)
    same(staged(x), selected(x))
    graph = staged.get_concrete_function(x).graph
    assert all(None not in v.shape for v in graph.outputs)  # known lengths: no `?` (XLA compiles it whole)


def test_a_known_mask_that_does_not_fit_is_numpys_index_error():
    def misfit(x):
        return x[np.array([True, False])]

    with pytest.raises(IndexError, match="boolean index did not match indexed array along axis 0"):
        misfit(np.arange(3.0))
    with pytest.raises(IndexError, match="boolean index did not match indexed array along axis 0"):
        autograph.function(misfit)(np.arange(3.0))
