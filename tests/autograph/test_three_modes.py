"""One program, four ways to run it, one answer.

Modes: eager NumPy (the oracle); our graph on the NumPy interpreter (``autograph.function(f)``);
our graph lowered to JAX and jitted (``executor="jax"``); the converted ``jnp`` version under
``jax.jit`` on JAX tracers (``backend="jax"``). Inputs: the graph corpus (``tests/graph_corpus.py``)
with its ``jnp`` twins (``tests/jax_corpus.py``), and Hypothesis's random array programs from
``tests/runtime/graph/test_graph_backend.py``. Last, converted functions compose with ``jax.jit``,
``jax.vmap`` and ``jax.grad``.
"""

from __future__ import annotations

import importlib.util
import itertools
import linecache
import os
import pathlib
import sys

import graph_corpus
import jax
import jax.numpy as jnp
import jax_corpus
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

import autograph
from runtime.graph.tracing import flatten
from runtime.jax.lowering import LoweringError


def _graph_backend_tests():
    """``tests/runtime/graph/test_graph_backend.py`` as a module (its directory is not on sys.path here)."""
    name = "test_graph_backend"
    if name not in sys.modules:
        path = pathlib.Path(__file__).resolve().parent.parent / "runtime" / "graph" / f"{name}.py"
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


programs = _graph_backend_tests().programs
GRAPH_CASES = {case.name: case for case in graph_corpus.CASES}

# What the NumPy interpreter runs but XLA cannot express: shapes that change at run time.
LOWERING_LIMITS = {
    "growing_shape": "changes shape",                     # a loop variable doubles its length
    "branches_with_different_shapes": "different shapes",  # cond branches return f64[2] and f64[3]
}


def assert_close(got, expected, rtol=1e-9) -> None:
    got_leaves, _ = flatten(got)
    expected_leaves, _ = flatten(expected)
    assert len(got_leaves) == len(expected_leaves), (got, expected)
    for g, e in zip(got_leaves, expected_leaves):
        np.testing.assert_allclose(np.asarray(g), np.asarray(e), rtol=rtol)


def assert_same_dtypes(got, expected) -> None:
    for g, e in zip(flatten(got)[0], flatten(expected)[0]):
        assert np.asarray(g).dtype == np.asarray(e).dtype, (g, e)


# --- the graph corpus: eager, graph on NumPy, graph lowered to JAX ------------------------------------

@pytest.mark.parametrize("case", graph_corpus.CASES, ids=lambda c: c.name)
def test_corpus_graph_on_numpy_and_lowered_to_jax(case):
    on_numpy = autograph.function(case.fn)
    on_jax = autograph.function(case.fn, executor="jax")
    for args in case.inputs():
        expected = case.fn(*args)
        interpreted = on_numpy(*args)
        assert_close(interpreted, expected)
        if case.name in LOWERING_LIMITS:
            with pytest.raises(LoweringError, match=LOWERING_LIMITS[case.name]):
                on_jax(*args)
            continue
        lowered = on_jax(*args)
        assert_close(lowered, expected)
        assert_same_dtypes(lowered, interpreted)
    assert on_jax.tracing_count == on_numpy.tracing_count


def test_lowering_limits_are_real_corpus_cases():
    assert set(LOWERING_LIMITS) <= set(GRAPH_CASES)


# --- the jnp twins: under jax.jit, against their NumPy twins eagerly -----------------------------------

@pytest.mark.parametrize("fn", jax_corpus.FUNCTIONS, ids=lambda f: f.__name__)
def test_jnp_twin_under_jax_jit_matches_numpy(fn):
    case = GRAPH_CASES[fn.__name__]
    jitted = autograph.function(fn, backend="jax")
    for args in case.inputs():
        expected = case.fn(*args)
        with jax.enable_x64(True):  # backend="jax" follows JAX's x64 setting; these oracles are float64
            assert_close(jitted(*args), expected)
            assert_close(fn(*args), expected)  # eagerly the twin is plain Python on concrete arrays
    assert jitted.tracing_count == len(jitted.concrete_functions)


def test_jax_corpus_covers_every_construct():
    tags = set().union(*(GRAPH_CASES[f.__name__].tags for f in jax_corpus.FUNCTIONS))
    assert len(jax_corpus.FUNCTIONS) >= 15
    assert {"if", "ifexp", "and", "or", "while", "for", "break", "continue", "return", "range", "tensor",
            "nested", "python-loop"} <= tags


@jax.enable_x64(True)  # backend="jax" follows JAX's x64 setting; the int64 spec below needs it
def test_backend_jax_keeps_the_tracing_api():
    f = autograph.function(jax_corpus.while_counter, backend="jax")
    f(np.ones(3), np.int64(2))
    f(np.zeros(3), np.int64(5))
    f(np.ones(4), np.int64(2))
    concrete = f.get_concrete_function(autograph.TensorSpec((2,)), np.int64(1))
    assert f.tracing_count == 3 == len(f.concrete_functions)
    assert concrete.graph is None and "while" in str(concrete.jaxpr)
    assert concrete.output_spec == (autograph.TensorSpec((2,)), autograph.TensorSpec((), np.int64))
    assert f.pretty_printed_concrete_signatures().count("while_counter(x, n)") == 3
    np.testing.assert_array_equal(concrete(np.zeros(2), np.int64(4))[0], [4.0, 4.0])


def test_invalid_mode_combinations_are_clear_errors():
    with pytest.raises(ValueError, match="backend='jax' builds no graph"):
        autograph.function(jax_corpus.halve_until_small, backend="jax", executor="jax")
    with pytest.raises(ValueError, match="executor must be"):
        autograph.function(executor="xla")
    with pytest.raises(ValueError, match="backend must be"):
        autograph.function(jax_corpus.halve_until_small, backend="tensorflow")
    with pytest.raises(ValueError, match="known dims"):
        autograph.function(jax_corpus.halve_until_small, backend="jax",
                           input_signature=[autograph.TensorSpec([None])])
    with pytest.raises(TypeError, match="backend='jax'"):
        jax.jit(autograph.function(graph_corpus.halve_until_small))(np.ones(3))


# --- random programs in all four modes -----------------------------------------------------------------

EXAMPLES = int(os.environ.get("AUTOGRAPH_THREE_MODES_EXAMPLES", "200"))
INPUTS = [
    (np.array([0.5, -1.0, 2.0]), np.array([1.0, 0.25, -0.5]), np.int64(2)),
    (np.array([-3.0, 0.0, 1.0]), np.array([2.0, 2.0, 2.0]), np.int64(0)),
]
_serial = itertools.count()


def load(source: str, np_module):
    """``source`` compiled with ``np`` bound to ``np_module`` (NumPy, or jax.numpy for the jnp version)."""
    filename = f"<three-modes-program-{next(_serial)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"np": np_module}
    exec(compile(source, filename, "exec"), namespace)
    return namespace["f"]


def check_modes(source: str, modes: dict) -> None:
    f = load(source, np)
    for args in INPUTS:
        with np.errstate(all="ignore"):
            expected = f(*args)
            for mode, fn in modes.items():
                np.testing.assert_allclose(fn(*args), expected, rtol=1e-9, err_msg=f"{mode}\n{source}")


# Two tests of the same programs (Hypothesis derandomized), so each stays near 25 s: most of the
# time is XLA compiling each program.
RANDOM = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@RANDOM
@given(programs())
def test_random_programs_graph_on_numpy_and_lowered_to_jax(source):
    f = load(source, np)
    check_modes(source, {"graph on NumPy": autograph.function(f),
                         "graph lowered to JAX": autograph.function(f, executor="jax")})


# Random loops may have to be unrolled under JAX: the warning says so, on purpose.
@pytest.mark.filterwarnings("ignore::runtime.jax.options.UnrolledLoopWarning")
@RANDOM
@given(programs())
def test_random_programs_jnp_under_jax_jit(source):
    with jax.enable_x64(True):  # backend="jax" follows JAX's x64 setting; the oracle is float64 NumPy
        check_modes(source, {"jnp under jax.jit": autograph.function(load(source, jnp), backend="jax")})


# --- composing with JAX's transformations --------------------------------------------------------------

def clipped_halving(x):
    if jnp.sum(x) < 0:
        x = -x
    while jnp.sum(x) > 1:
        x = x / 2
    return x


def polynomial(x):
    y = x
    for _ in range(3):  # a static range: unrolled while tracing
        y = y * x + 1.0
    return y


def weighted_sum(ws, x):
    total = 0.0
    for w in ws:  # a traced array without break: lax.scan
        if w > 0:
            total = total + w * x
        else:
            total = total - x * x
    return total


def test_jit_and_vmap_compose_with_to_graph():
    converted = autograph.to_graph(clipped_halving)
    xs = jnp.array([[1.0, 2.0, 3.0], [-0.1, -0.2, 0.1], [-4.0, 1.0, 1.0]])
    expected = [clipped_halving(x) for x in xs]  # eagerly: plain Python on concrete arrays
    for i, x in enumerate(xs):
        np.testing.assert_allclose(jax.jit(converted)(x), expected[i], rtol=1e-6)
    np.testing.assert_allclose(jax.vmap(converted)(xs), np.stack(expected), rtol=1e-6)
    np.testing.assert_allclose(jax.jit(jax.vmap(converted))(xs), np.stack(expected), rtol=1e-6)


def test_grad_through_a_static_range_and_through_a_scan():
    dpoly = jax.grad(autograph.to_graph(polynomial))
    x = 0.7
    np.testing.assert_allclose(dpoly(x), 4 * x**3 + 2 * x + 1, rtol=1e-6)
    np.testing.assert_allclose(jax.jit(dpoly)(x), 4 * x**3 + 2 * x + 1, rtol=1e-6)

    converted = autograph.to_graph(weighted_sum)
    ws = jnp.array([0.5, -1.0, 2.0, -0.25])
    assert "scan" in str(jax.make_jaxpr(converted)(ws, 1.5))
    dws, dx = jax.grad(converted, argnums=(0, 1))(ws, 1.5)
    np.testing.assert_allclose(dx, 0.5 + 2.0 - 2 * 1.5 * 2, rtol=1e-6)
    np.testing.assert_allclose(dws, [1.5, 0.0, 1.5, 0.0], rtol=1e-6)


def test_backend_jax_function_inlines_inside_jax_transformations():
    f = autograph.function(clipped_halving, backend="jax")
    x = jnp.array([-4.0, 1.0, 1.0])
    np.testing.assert_allclose(jax.jit(f)(x), clipped_halving(x), rtol=1e-6)
    np.testing.assert_allclose(jax.vmap(f)(jnp.stack([x, -x])), jnp.stack([clipped_halving(x)] * 2), rtol=1e-6)
    assert f.tracing_count == 0  # the outer transformation traced it, inline
