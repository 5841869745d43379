"""executor="jax" on graphs whose top level holds data-dependent-shape ops (runtime/jax/segments.py): compiled
stages with NumPy steps between them, against eager NumPy and the NumPy executor; the bound on compiled shapes;
the ops it still refuses (inside a loop), at the user's line."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import autograph
from runtime.graph import TensorSpec
from runtime.jax import lowering, segments
from tests.coverage.harness import DATA_DEPENDENT
from tests.helpers import executors, line_of, needs_jax, notes, same_result

# --- the family: a data-dependent op, then ordinary ops ----------------------------------------------------
# Each returns (exact, rounded): the outputs that are exact on XLA too (the NumPy step's own results, gathers,
# products by two, integer arithmetic), and those behind a sum (XLA sums in another order than NumPy's).

def select_then_scale(x, m, k):
    y = x[m]
    return (y * 2.0 - 1.0, np.abs(y) < 0.5, x[x > x[0]] + 1.0), ()


def unique_then_count(x, m, k):
    values, counts = np.unique(k, return_counts=True)
    return (values * 3, np.cumsum(counts), np.unique(x)), ()


def nonzero_then_gather(x, m, k):
    (idx,) = np.nonzero(m)
    return (x[idx] + x[::-1][idx], idx * 2, np.flatnonzero(k > 0) - 1), ()


def masked_write(x, m, k):
    y = x.copy()
    y[m] = -x[m] * 2.0  # (an elementwise value of reads through the mask: a where, runtime/jax/masked_writes.py)
    z = x.copy()
    z[x < 0] = 0.0  # (a scalar: jnp.where, in the compiled stage)
    return (y + 1.0, y.max(), z), ()


def masked_sum(x, m, k):
    return (np.count_nonzero(m),), (np.sum(x[m] ** 2), x[m].sum() - x[~m].sum())


def two_levels(x, m, k):
    y = x[m]
    z = np.unique(np.floor(y))
    return (z[z > 0] * 2.0, np.sort(y), np.bincount(k + 3)), (np.sum(z),)


def sliced_by_its_own_size(x, m, k):
    # (n is a run-time dim; n - 1, n // 2 are NumPy values in the stage after the step, static slice bounds:
    # HydroErr's irmse, mase and sga)
    y = x[m]
    n = y.size
    return (y[1:n] - y[0:n - 1], y[:y.size - 1], y[n // 2:], k[:n], k[-(n % 3) - 1:]), ()


FAMILY = [select_then_scale, unique_then_count, nonzero_then_gather, masked_write, masked_sum, two_levels,
          sliced_by_its_own_size]
STAGED = {(fn, ex): autograph.function(fn, executor=ex) for fn in FAMILY for ex in ("numpy", "jax")}
N = 7
inputs = st.tuples(
    # (normal numbers: XLA on CPU flushes subnormals to zero, NumPy keeps them; docs/functions.md)
    hnp.arrays(np.float64, N, elements=st.floats(-4, 4, allow_nan=False, allow_subnormal=False, width=64)),
    hnp.arrays(np.bool_, N),
    hnp.arrays(np.int64, N, elements=st.integers(-3, 3)),
)


@needs_jax
@pytest.mark.parametrize("fn", FAMILY, ids=lambda f: f.__name__)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(args=inputs)
def test_jax_executor_gives_numpys_results_around_data_dependent_ops(fn, args):
    with np.errstate(all="ignore"):
        exact, rounded = fn(*args)
    for ex in ("numpy", "jax"):
        got_exact, got_rounded = STAGED[fn, ex](*args)
        same_result(got_exact, exact)  # bit for bit, on both executors
        same_result(got_rounded, rounded, ex)  # (a sum: XLA's order, within rounding)
        assert STAGED[fn, ex].tracing_count == 1  # (mask counts change, the trace does not)


@needs_jax
def test_the_graph_is_cut_at_each_data_dependent_op_and_independent_nodes_share_a_stage():
    f = autograph.function(two_levels, executor="jax")
    x = np.array([1.5, -2.0, 3.25, 0.5, 2.0, -1.0, 4.0])
    f(x, x > 0, np.arange(N) - 3)
    staged = lowering.lower(f.concrete_functions[0].graph)
    assert isinstance(staged, segments.Segmented)
    kinds = [("xla" if s.on_xla else "numpy", [n.op for n in s.graph.nodes if n.op != "constant"])
             for s in staged.stages]
    # One stage per level, whatever the traced order: sort and add join floor's stage, bincount unique's.
    assert kinds == [("numpy", ["getitem"]), ("xla", ["floor", "sort", "add"]), ("numpy", ["unique", "bincount"]),
                     ("xla", ["gt", "sum"]), ("numpy", ["getitem"]), ("xla", ["mul"])], staged.stages


@needs_jax
def test_a_graph_without_data_dependent_ops_is_one_program():
    f = autograph.function(lambda x: np.where(x > 0, x, 0.0), executor="jax")
    f(np.ones(3))
    assert isinstance(lowering.lower(f.concrete_functions[0].graph), lowering.Lowered)


# --- the bound on compiled shapes --------------------------------------------------------------------------

def positives_doubled(x):
    return x[x > 0] * 2.0


@needs_jax
def test_each_stage_keeps_at_most_SHAPES_compiled_programs():
    f = autograph.function(positives_doubled, executor="jax")
    x = -np.ones(2 * segments.SHAPES)
    f(x)
    (first, after) = [s for s in lowering.lower(f.concrete_functions[0].graph).stages if s.on_xla]
    assert not first.per_shape and after.per_shape
    kept = []
    for count in range(2 * segments.SHAPES):  # a new number of positives, so a new shape, every call
        x = -np.ones(2 * segments.SHAPES)
        x[:count] = np.arange(1.0, count + 1)
        np.testing.assert_array_equal(f(x), positives_doubled(x))
        kept.append(weakref.ref(after.lowered([np.zeros(count)])))
    assert len(after._compiled) == segments.SHAPES
    gc.collect()
    assert all(ref() is None for ref in kept[:segments.SHAPES])  # dropped, its jax.jit (and program) with it
    assert all(ref() is not None for ref in kept[segments.SHAPES:])
    same = after.lowered([np.zeros(2 * segments.SHAPES - 1)])
    assert same is kept[-1]() and len(after._compiled) == segments.SHAPES  # a shape kept: no new compile
    assert f.tracing_count == 1


# --- executor="auto" ---------------------------------------------------------------------------------------

@needs_jax
def test_auto_times_the_segmented_xla_run_against_the_interpreter():
    from autograph.executors import TRIAL_CALLS, TRIALS

    f = autograph.function(positives_doubled, executor="auto")
    rng = np.random.default_rng(0)
    for _ in range(TRIAL_CALLS + 4):
        x = np.sign(rng.normal(size=6)) * np.arange(1.0, 7.0)  # (3 positives, in other places each call)
        x[:3], x[3:] = np.abs(x[:3]), -np.abs(x[3:])
        np.testing.assert_array_equal(f(x), positives_doubled(x))
    auto = f.concrete_functions[0]._executor
    assert len(auto.samples["jax"]) == TRIALS and auto.choice in ("jax", "numpy")


# --- what stays refused, and where ------------------------------------------------------------------------

def mask_in_a_loop(x, n):
    autograph.print("before the loop:", x)  # (a graph print: at each run, in the first compiled stage)
    u = np.unique(x * 2.0)  # (top level: a NumPy step, after that stage)
    total = 0.0
    for i in range(n):  # (in the stage after it)
        total = total + np.sum(u[u > i])  # in-loop-mask
    return total


@needs_jax
def test_a_mask_inside_a_staged_loop_is_refused_at_its_line_before_anything_runs(capsys):
    f = autograph.function(mask_in_a_loop, executor="jax")
    with pytest.raises(autograph.DataDependentIndex) as info:
        f(np.array([0.5, 1.5, 2.5]), np.int64(3))
    message = str(info.value)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'in-loop-mask')}: x[mask] with a boolean mask "
                              "computed in the graph has a data-dependent shape")
    assert "executor='numpy'" in message and DATA_DEPENDENT.search(message)
    assert "before the loop" not in capsys.readouterr().out  # checked before the first stage ran
    x = np.array([0.5, 1.5, 2.5])
    same_result(autograph.function(mask_in_a_loop, executor="numpy")(x, np.int64(3)), mask_in_a_loop(x, 3))


@needs_jax
def test_export_still_refuses_a_graph_with_a_numpy_step_at_its_line():
    f = autograph.function(positives_doubled, executor="jax")
    concrete = f.get_concrete_function(TensorSpec((4,)))
    with pytest.raises(autograph.DataDependentIndex, match="x\\[mask\\] with a boolean mask"):
        autograph.export_stablehlo(concrete)


@pytest.mark.parametrize("executor", executors())
def test_numpys_own_error_in_a_numpy_step_is_raised_at_the_users_line(executor):
    def write(x, m):
        x[m] = np.array([1.0, 2.0])  # mismatched-write
        return x * 2.0

    f = autograph.function(write, executor=executor, input_signature=[TensorSpec((3,)), TensorSpec((3,), np.bool_)])
    np.testing.assert_array_equal(f(np.zeros(3), np.array([True, False, True])), [2.0, 0.0, 4.0])
    with pytest.raises(ValueError, match="NumPy boolean array indexing assignment cannot assign 2 input values"
                                         " to the 3 output values") as info:
        f(np.zeros(3), np.array([True, True, True]))
    assert notes(info.value)[0] == (f"(raised while running the graph, by the `setitem` traced at "
                                    f"{__file__}:{line_of(__file__, 'mismatched-write')})")
