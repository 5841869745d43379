"""``autograph.numpy_function`` (runtime/numpy_function.py): the user's NumPy code as one staged op.

Differential: plain Python eager is the oracle; every case runs eagerly, as a graph on the NumPy
executor, as a graph lowered to XLA (``executor="jax"``) and under ``backend="jax"`` (``jax.jit``).
Then what the op is (stateful: no pass drops, merges, hoists or folds it; it runs once per run of its
branch or iteration, in order), and every refusal's message.
"""

from __future__ import annotations

import contextlib

import numpy as np
import pytest

import autograph
from autograph import OutputSpecError, TensorSpec
from runtime.graph import ops, trace
from runtime.graph.passes import PASSES, effects, optimize
from runtime.limits import Limitation
from tests.helpers import jax_usable, line_of, notes

X = np.array([3.0, -1.0, 2.0, 2.0])
CALLS: list = []


# --- the functions the graphs call, and the traced functions ------------------------------------

def host_sort(a, k):
    CALLS.append(("sort", k))
    return np.sort(a) * k


def single(x):
    y = autograph.numpy_function(host_sort, x, 2.0, output_spec=TensorSpec(x.shape, x.dtype))  # single-call
    return y + 1


def host_stats(a):
    CALLS.append("stats")
    return np.median(a), np.unique(a).size


def multiple(x):
    m, n = autograph.numpy_function(host_stats, x, output_spec=(TensorSpec((), np.float64), TensorSpec((), np.int64)))
    return x - m, n * 2


def multiple_as_list(x):
    parts = autograph.numpy_function(lambda a: [a[:2] * 1, a[2:] * 1], x,
                                     output_spec=[TensorSpec((2,), x.dtype), TensorSpec((2,), x.dtype)])
    return parts[1] - parts[0]


def host_step(total, i):
    CALLS.append(("step", int(i)))
    return total + i


def in_loop(x, n):
    total = x * 0
    i = 0
    while i < n:
        total = autograph.numpy_function(host_step, total, i, output_spec=TensorSpec(x.shape, x.dtype))
        i += 1
    return total


def host_up(a):
    CALLS.append("up")
    return a + 1


def host_down(a):
    CALLS.append("down")
    return a - 1


def in_branch(x):
    if np.sum(x) > 0:
        y = autograph.numpy_function(host_up, x, output_spec=TensorSpec(x.shape, x.dtype))
    else:
        y = autograph.numpy_function(host_down, x, output_spec=TensorSpec(x.shape, x.dtype))
    return y * 2


def host_tick():
    CALLS.append("tick")
    return np.int64(len(CALLS))


def unused_and_repeated(x):
    autograph.numpy_function(host_up, x, output_spec=TensorSpec(x.shape, x.dtype))  # unused: still runs
    a = autograph.numpy_function(host_tick, output_spec=TensorSpec((), np.int64))
    b = autograph.numpy_function(host_tick, output_spec=TensorSpec((), np.int64))  # the same call: not merged
    return x + a, b


def invariant_in_loop(x, n):
    i = 0
    total = x * 1.0  # (not `total = x`: a loop variable bound to the very tensor the body reads is another issue)
    while i < n:
        total = total + autograph.numpy_function(host_up, x, output_spec=TensorSpec(x.shape, x.dtype))
        i += 1
    return total


# --- the paths a user can take ------------------------------------------------------------------

def paths():
    yield "eager", lambda fn: fn, contextlib.nullcontext
    yield "numpy", autograph.function, contextlib.nullcontext
    if jax_usable():
        import jax

        yield "xla", lambda fn: autograph.function(fn, executor="jax"), contextlib.nullcontext
        yield "jax", lambda fn: autograph.function(fn, backend="jax"), lambda: jax.enable_x64(True)


PATHS = list(paths())
PATH_IDS = [name for name, _, _ in PATHS]


def run_on(path, fn, *args):
    """``fn(*args)`` on one path, twice (a graph's second run is the compiled one): both results, and the calls
    the host functions recorded in each run."""
    _, make, context = path
    f = make(fn)
    results, calls = [], []
    with context():
        for _ in range(2):
            CALLS.clear()
            result = f(*args)
            results.append(result)
            calls.append(list(CALLS))
    return results, calls


def assert_same(got, expected):
    got = list(got) if isinstance(got, (tuple, list)) else [got]
    expected = list(expected) if isinstance(expected, (tuple, list)) else [expected]
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        g, e = np.asarray(g), np.asarray(e)
        assert g.shape == e.shape and g.dtype == e.dtype, (g, e)
        np.testing.assert_array_equal(g, e)


CASES = [
    (single, (X,)),
    (multiple, (X,)),
    (multiple_as_list, (X,)),
    (in_loop, (X, np.int64(3))),
    (in_loop, (X, np.int64(0))),
    (in_branch, (X,)),
    (in_branch, (-X,)),
    (unused_and_repeated, (X,)),
    (invariant_in_loop, (X, np.int64(3))),
]


@pytest.mark.parametrize("path", PATHS, ids=PATH_IDS)
@pytest.mark.parametrize("fn, args", CASES, ids=lambda v: getattr(v, "__name__", ""))
def test_every_path_gives_eagers_results_and_calls(path, fn, args):
    CALLS.clear()
    expected = fn(*args)
    expected_calls = list(CALLS)
    results, calls = run_on(path, fn, *args)
    for result, run_calls in zip(results, calls):
        assert_same(result, expected)
        assert run_calls == expected_calls  # once per run of its branch or iteration, in order


def test_the_loop_calls_once_per_iteration_in_order():
    f = autograph.function(in_loop)
    for n in (0, 1, 4):
        CALLS.clear()
        f(X, np.int64(n))
        assert CALLS == [("step", i) for i in range(n)]
    assert f.tracing_count == 1


def test_only_the_branch_taken_calls():
    f = autograph.function(in_branch)
    CALLS.clear()
    f(X)
    f(-X)
    assert CALLS == ["up", "down"]
    assert f.tracing_count == 1


def test_it_runs_at_run_time_not_while_tracing():
    f = autograph.function(single)
    CALLS.clear()
    f.get_concrete_function(TensorSpec((4,)))
    assert CALLS == []
    f(X)
    assert CALLS == [("sort", 2.0)]


def test_the_graph_prints_the_call():
    f = autograph.function(multiple)
    f(X)
    text = str(f.concrete_functions[0].graph)
    assert "b:f64[] c:i64[] = numpy_function[call=host_stats($0) -> (f64[], i64[])] a" in text


def test_outside_a_trace_it_is_a_call_with_the_spec_checked():
    CALLS.clear()
    out = autograph.numpy_function(host_sort, X, 3.0, output_spec=TensorSpec([None], np.float64))
    assert CALLS == [("sort", 3.0)]
    np.testing.assert_array_equal(out, np.sort(X) * 3)
    scalar = autograph.numpy_function(lambda: 2.5, output_spec=TensorSpec((), np.float64))
    assert type(scalar) is np.float64  # a NumPy scalar, as a graph's 0-d value stands for
    kept = np.arange(3.0)
    assert autograph.numpy_function(lambda: kept, output_spec=TensorSpec((3,))) is not kept  # a fresh array


def test_plain_jax_jit_calls_it_at_run_time():
    if not jax_usable():
        pytest.skip("needs JAX")
    import jax

    CALLS.clear()
    f = jax.jit(lambda x: autograph.numpy_function(host_up, x, output_spec=TensorSpec((4,), np.float32)))
    x = np.ones(4, np.float32)
    f(x)
    f(x)
    assert CALLS == ["up", "up"]


# --- effects: what the passes may do ----------------------------------------------------------------

def host_nodes(graph):
    found = []
    for node in graph.nodes:
        if node.op == "numpy_function":
            found.append(node)
        for name in ops.OPS[node.op].subgraphs:
            found += host_nodes(node.attrs[name])
    return found


def host_const():
    CALLS.append("const")
    return np.float64(1.0)


def on_constants(x):
    return x + autograph.numpy_function(host_const, output_spec=TensorSpec((), np.float64))


def test_no_pass_folds_merges_hoists_or_drops_it():
    cases = ((unused_and_repeated, [TensorSpec((4,))], 3),
             (invariant_in_loop, [TensorSpec((4,)), TensorSpec((), np.int64)], 1),
             (on_constants, [TensorSpec((4,))], 1))
    for fn, specs, count in cases:
        graph = trace(autograph.convert(fn), specs, optimize=False).graph
        nodes = host_nodes(graph)
        assert len(nodes) == count
        for node in nodes:
            assert not effects.removable(node) and not effects.cannot_fail(node)
            assert not effects.movable(node) and not effects.foldable(node)
        for passes in [(name,) for name in PASSES] + [tuple(PASSES)]:
            optimized = optimize(graph, passes)
            assert [n.attrs["call"] for n in host_nodes(optimized)] == [n.attrs["call"] for n in nodes], passes
    looped = trace(autograph.convert(invariant_in_loop), [TensorSpec((4,)), TensorSpec((), np.int64)]).graph
    (loop,) = [n for n in looped.nodes if n.op == "while_loop"]
    assert len(host_nodes(loop.attrs["body_graph"])) == 1  # still in the body, not hoisted before the loop
    f = autograph.function(on_constants)
    CALLS.clear()
    f(X)
    f(X)
    assert CALLS == ["const", "const"]  # not folded into a constant while tracing


# --- the spec is checked, on every path ----------------------------------------------------------------

def wrong_shape(x):
    return autograph.numpy_function(lambda a: a[:2], x, output_spec=TensorSpec((4,), np.float64))  # wrong-shape


def wrong_dtype(x):
    return autograph.numpy_function(lambda a: a.astype(np.float32), x,  # wrong-dtype
                                    output_spec=TensorSpec((4,), np.float64))


def wrong_count(x):
    return autograph.numpy_function(lambda a: (a, a, a), x,  # wrong-count
                                    output_spec=(TensorSpec((4,), np.float64), TensorSpec((4,), np.float64)))


def python_number(x):
    return x * autograph.numpy_function(lambda: 2.0, output_spec=TensorSpec((), np.float32))  # python-number


SPEC_ERRORS = [
    (wrong_shape, "wrong-shape", "numpy_function(<lambda>, ...) has shape (2,), where its output_spec declares "
                                 "f64[4] (shape (4,); None for a dim of any size): return that shape from <lambda>, "
                                 "or change output_spec"),
    (wrong_dtype, "wrong-dtype", "numpy_function(<lambda>, ...) is float32[4], where its output_spec declares f64[4]: "
                                 "the dtypes must be equal (a graph's types are fixed while tracing). Return "
                                 "result.astype(np.float64) from <lambda>, or declare dtype float32 in output_spec"),
    (wrong_count, "wrong-count", "numpy_function(<lambda>, ...) returned a tuple of 3, where its output_spec declares "
                                 "2 outputs (f64[4], f64[4]): return a tuple of 2 arrays, or change output_spec"),
    (python_number, "python-number", "numpy_function(<lambda>, ...) is a Python float (float64 as an array), where "
                                     "its output_spec declares f32[]"),
]


@pytest.mark.parametrize("path", PATHS, ids=PATH_IDS)
@pytest.mark.parametrize("fn, marker, message", SPEC_ERRORS, ids=[marker for _, marker, _ in SPEC_ERRORS])
def test_an_output_that_does_not_fit_its_spec_is_an_error_at_the_call(path, fn, marker, message):
    expected = f"{__file__}:{line_of(__file__, marker)}: {message}"
    name, make, context = path
    with context():
        if name == "jax":  # JAX's own error from the compiled call, whose message ends with ours
            import jax

            with pytest.raises(jax.errors.JaxRuntimeError) as info:
                make(fn)(X)
            assert expected in str(info.value)
            return
        with pytest.raises(OutputSpecError) as info:
            make(fn)(X)
    assert str(info.value).startswith(expected)
    assert isinstance(info.value, ValueError) and isinstance(info.value, Limitation)


def host_raises(a):
    raise KeyError("no such key")


def users_error(x):
    return autograph.numpy_function(host_raises, x, output_spec=TensorSpec((4,)))  # users-error


@pytest.mark.parametrize("path", [p for p in PATHS if p[0] != "jax"], ids=[n for n in PATH_IDS if n != "jax"])
def test_the_functions_own_error_is_raised_as_itself(path):
    _, make, context = path
    with pytest.raises(KeyError, match="no such key") as info:
        make(users_error)(X)
    if path[0] != "eager":
        where = f"{__file__}:{line_of(__file__, 'users-error')}"
        assert any(where in note for note in notes(info.value))  # (3.10: the line before the message)


def writes_its_argument(x):
    def host(a):
        a[0] = 0.0
        return a
    return autograph.numpy_function(host, x, output_spec=TensorSpec((4,)))


@pytest.mark.parametrize("path", PATHS[:2], ids=PATH_IDS[:2])
def test_arguments_are_read_only_in_every_mode(path):
    x = X.copy()
    with pytest.raises(ValueError, match="read-only"):
        path[1](writes_its_argument)(x)
    np.testing.assert_array_equal(x, X)


# --- refusals ---------------------------------------------------------------------------------------

def bad_spec(x):
    return autograph.numpy_function(np.sort, x, output_spec=np.float64)  # bad-spec


def test_an_output_spec_that_is_no_spec_is_a_type_error():
    for make in (lambda fn: fn, autograph.function):
        with pytest.raises(TypeError) as info:
            make(bad_spec)(X)
        assert str(info.value).startswith(
            f"{__file__}:{line_of(__file__, 'bad-spec')}: numpy_function's output_spec is <class 'numpy.float64'>: "
            "it takes a TensorSpec(shape, dtype)")


def list_of_tensors(x):
    return autograph.numpy_function(lambda pair: pair[0], [x, x], output_spec=TensorSpec((4,)))  # list-arg


def test_a_container_of_tensors_is_refused():
    with pytest.raises(Limitation) as info:
        autograph.function(list_of_tensors)(X)
    assert str(info.value).startswith(
        f"{__file__}:{line_of(__file__, 'list-arg')}: argument 0 of numpy_function(<lambda>, ...) is a list holding "
        "traced arrays: pass each array as an argument of its own")
    np.testing.assert_array_equal(list_of_tensors(X), X)  # eagerly a list is what the function takes


def uses_unique(x):
    return np.unique(x)  # uses-unique


def uses_polyint(x):
    return np.polyint(x)  # uses-polyint


def host_unique(x):
    return autograph.numpy_function(np.unique, x, output_spec=TensorSpec([None], x.dtype))  # host-unique


def test_unsupported_functions_suggest_numpy_function():
    # np.unique has a data-dependent shape, which the NumPy executor runs (docs/graph_numpy_functions.md)
    np.testing.assert_array_equal(autograph.function(uses_unique)(X), np.unique(X))
    with pytest.raises(Limitation) as info:
        autograph.function(uses_polyint)(X)
    message = str(info.value)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'uses-polyint')}: np.polyint is not supported")
    assert "autograph.numpy_function(np.polyint, x, ..., output_spec=autograph.TensorSpec(shape, dtype))" \
        in message
    # ... and what it suggests works, on the NumPy executor:
    np.testing.assert_array_equal(autograph.function(host_unique)(X), np.unique(X))
    np.testing.assert_array_equal(autograph.function(host_unique)(np.ones(3)), [1.0])


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
def test_xla_refuses_an_output_of_unknown_size_at_the_call():
    from runtime.jax.lowering import LoweringError

    with pytest.raises(LoweringError) as info:
        autograph.function(host_unique, executor="jax")(X)
    assert str(info.value).startswith(
        f"{__file__}:{line_of(__file__, 'host-unique')}: numpy_function(unique, ...) declares an output of shape "
        "(None,), with a dim known only at run time, which XLA cannot hold")


def differentiated(x):
    y = autograph.numpy_function(host_up, x, output_spec=TensorSpec((), x.dtype))  # differentiated
    return y * x


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
def test_jax_grad_and_vmap_are_refused_at_the_call():
    import jax

    where = f"{__file__}:{line_of(__file__, 'differentiated')}"
    f = autograph.convert(differentiated)
    with pytest.raises(Limitation) as info:
        jax.grad(f)(1.0)
    assert str(info.value).startswith(f"{where}: numpy_function(host_up, ...) has no gradient: jax.grad (and jax.jvp")
    assert "jax.custom_jvp" in str(info.value)
    with pytest.raises(Limitation) as info:
        jax.vmap(f)(np.ones(3, np.float32))
    assert str(info.value).startswith(f"{where}: numpy_function(host_up, ...) under jax.vmap is not supported")
    CALLS.clear()
    assert float(jax.jit(f)(np.float32(2.0))) == 6.0  # jit alone calls it
    assert CALLS == ["up"]


def test_saving_a_graph_that_calls_python_is_refused(tmp_path):
    f = autograph.function(single)
    f(X)
    with pytest.raises(autograph.SerializationError) as info:
        autograph.save(f, tmp_path / "f.agz")
    message = str(info.value)
    assert "node 0 (numpy_function) is autograph.numpy_function(host_sort, ...), called at " \
           f"{__file__}:{line_of(__file__, 'single-call')}: it runs a Python function, which a saved graph cannot " \
           "hold" in message
    assert message.endswith("nothing was saved")
    assert not (tmp_path / "f.agz").exists()


@pytest.mark.skipif(not jax_usable(), reason="needs JAX")
def test_export_stablehlo_refuses_it():
    f = autograph.function(single)
    with pytest.raises(autograph.SerializationError, match="random draw or numpy_function"):
        autograph.export_stablehlo(f.get_concrete_function(X))
