"""executor="jax" through the Function's own jax.jit (autograph/dispatch.py): every call runs the trace our
key names (eager NumPy and the interpreter as oracles), and the call keeps what docs/functions.md promises:
trace and call counts, retracing warnings, input_signature errors, wrong calls in the caller's frame, Python
values, x64 on or off, calls inside another trace, run_functions_eagerly, saving, and object lifetimes."""

from __future__ import annotations

import gc
import traceback
import warnings
import weakref

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from autograph import TensorSpec
from tests import helpers
from tests.helpers import dispatching, halve, shaped

jax = pytest.importorskip("jax")

HERE = __file__


def test_the_second_call_takes_the_dispatcher_and_compiles_once():
    f = autograph.function(halve, executor="jax")
    x = np.linspace(0.0, 1.0, 1000)
    np.testing.assert_array_equal(f(x), halve(x))
    assert dispatching(f)
    for _ in range(3):
        np.testing.assert_array_equal(f(x * 3), halve(x * 3))
    assert f.tracing_count == 1 and f._calls == 4
    assert f._dispatcher.jitted._cache_size() == 1  # one program, the one every path runs
    assert f.concrete_functions[0].executor == "jax"


ARRAYS = st.sampled_from([np.float64, np.float32, np.int64, np.int32, np.bool_]).flatmap(
    lambda dtype: st.integers(1, 4).map(lambda n: np.arange(n).astype(dtype)))


@settings(max_examples=30, deadline=None)
@given(st.lists(ARRAYS, min_size=1, max_size=8))
def test_interleaved_shapes_and_dtypes_each_run_their_own_trace(arrays):
    f = autograph.function(shaped, executor="jax")
    oracle = autograph.function(shaped)  # the interpreter: the dtypes NumPy gives
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        for x in arrays + arrays[::-1]:
            got, expected = f(x), oracle(x)
            assert got.dtype == expected.dtype == shaped(x).dtype and got.shape == expected.shape
            np.testing.assert_allclose(got, shaped(x), rtol=1e-6)
    keys = {(x.shape, x.dtype) for x in arrays}
    assert f.tracing_count == len(keys) == len(f.concrete_functions)
    assert f._calls == 2 * len(arrays)


def test_python_values_numpy_scalars_and_jax_arrays_take_the_keyed_call(tmp_path):
    def scale(x, k):
        return x * k + x.shape[0]

    f = autograph.function(scale, executor="jax")
    x = np.arange(3.0)
    mapped = np.memmap(tmp_path / "x.dat", dtype=np.float64, mode="w+", shape=(3,))  # (a subclass graphs take)
    mapped[:] = x
    calls = [(x, 2.0), (x, 3.0), (x, 2), (x, True), (x, np.float64(2.0)), (x, np.float64(5.0)), (x, np.ones(3)),
             (jax.numpy.asarray(x), np.float64(4.0)), (mapped, np.ones(3))]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        for _ in range(2):
            for args in calls:
                np.testing.assert_allclose(f(*args), scale(np.asarray(args[0]), args[1]), rtol=1e-6)
    # One trace per Python value (2.0, 3.0, 2, True: JAX would share one weakly typed trace), one per spec
    # (the JAX array is float32: made with JAX's default 32 bits).
    assert f.tracing_count == 7
    assert dispatching(f) and f._calls == 2 * len(calls)


def test_numpy_scalars_and_0d_arrays_run_through_the_dispatcher_each_with_its_own_trace():
    # A Function keys a NumPy scalar and a 0-d array apart (TensorSpec.scalar), where JAX sees both as one float64[]
    # argument: the dispatcher takes each one's flavour as a static argument. Without it no trace matched the
    # dispatcher's flavourless key, and every such call fell back to the slow path (the linear regression of
    # `python -m benchmarks executors`, its bound a np.int64: 10x).
    def scale(x, k):
        return x * k

    f = autograph.function(scale, executor="jax")
    found = []
    traced_for = f._traced_for

    def looked_up(specs):  # what the dispatcher's body finds, when JAX traces it
        found.append(traced_for(specs))
        return found[-1]

    f._traced_for = looked_up
    x = np.arange(3.0)
    for rounds in (1, 3):  # the first: each flavour's first call traces it (the dispatcher finds none yet)
        found.clear()
        for _ in range(rounds):
            for k in (np.float64(2.0), np.array(3.0), np.float64(4.0)):
                np.testing.assert_allclose(f(x, k), x * k)
    assert f.tracing_count == 2
    assert None not in found  # then every look-up finds its trace: no call falls back
    assert f._dispatcher.jitted._cache_size() == 2  # one program per flavour


def summed(x):
    return x * 2 + np.sum(x)


def test_input_signature_with_unknown_dims_and_its_errors():
    f = autograph.function(summed, executor="jax", input_signature=[TensorSpec((None,), np.float64)])
    for n in (3, 5, 3, 7):
        np.testing.assert_allclose(f(np.arange(n, dtype=float)), summed(np.arange(n, dtype=float)))
    assert f.tracing_count == 1 and dispatching(f)
    with pytest.raises(TypeError, match=r"argument 'x' of summed must fit its input_signature's TensorSpec"):
        f(np.ones(3, np.float32))
    with pytest.raises(TypeError, match=r"argument 'x' of summed is a Python float"):
        f(3.0)
    with pytest.raises(TypeError, match=r"must fit its input_signature"):
        f(np.ones((2, 2)))
    assert f.tracing_count == 1


def test_a_wrong_call_raises_pythons_own_type_error_in_the_callers_frame():
    f = autograph.function(shaped, executor="jax")
    f(np.ones(2))
    assert dispatching(f)
    with pytest.raises(TypeError) as info:
        f(np.ones(2), np.ones(2))  # wrong-call
    assert str(info.value) == "shaped() takes 1 positional argument but 2 were given"
    assert traceback.extract_tb(info.value.__traceback__)[-1][:2] == (HERE, helpers.line_of(HERE, "wrong-call"))


def test_x64_off_is_switched_on_for_the_call_and_put_back():
    f = autograph.function(lambda x: x * 2, executor="jax")
    x = np.arange(3.0)
    for _ in range(3):
        got = f(x)
        assert got.dtype == np.float64
        assert jax.numpy.ones(1).dtype == np.float32  # this thread's default is back
    with jax.enable_x64(True):
        assert f(x).dtype == np.float64
    assert dispatching(f) and f.tracing_count == 1


def test_inside_another_trace_the_function_is_inlined():
    seen = []
    record = seen.append  # (a builtin method: a trace guard does not look into it, so the trace is kept)

    def inner(x):
        record(1)  # a Python side effect: runs at every trace of it, inlined ones included
        return x * 2

    f = autograph.function(inner, executor="jax")
    x = np.arange(3.0)
    f(x)
    f(x)
    assert dispatching(f) and len(seen) == 1
    outer = autograph.function(lambda y: f(y) + f(x))  # a tensor, and a NumPy array, inside the trace
    np.testing.assert_array_equal(outer(x), 4 * x)
    assert len(seen) == 3 and f.tracing_count == 1  # both calls were traced into outer's graph, not run


def test_run_functions_eagerly_calls_the_python_function_and_back():
    seen = []
    record = seen.append

    def g(x):
        record(1)
        return x + 1

    f = autograph.function(g, executor="jax")
    x = np.arange(3.0)
    f(x)
    f(x)
    assert dispatching(f)
    autograph.run_functions_eagerly(True)
    try:
        for _ in range(3):
            np.testing.assert_array_equal(f(x), x + 1)
        assert len(seen) == 4
    finally:
        autograph.run_functions_eagerly(False)
    f(x)
    f(x)
    assert len(seen) == 4 and dispatching(f) and f.tracing_count == 1


def test_traces_the_dispatcher_cannot_run_keep_their_own_path():
    v = autograph.Variable(np.zeros(3))

    def two(x):
        return x * 2, x + 1

    def add(x):
        v.assign_add(x)
        return v.value

    def writes(x):
        x[0] = 7.0
        return x * 1

    x = np.arange(3.0)
    for fn, expected in ((two, lambda: two(x)), (add, lambda: None), (writes, lambda: None)):
        f = autograph.function(fn, executor="jax")
        for _ in range(3):
            f(x.copy())
        assert f._dispatch_call is False and f._call is f._keyed_call
    np.testing.assert_array_equal(v.numpy(), 3 * x)
    y = x.copy()
    autograph.function(writes, executor="jax")(y)
    assert y[0] == 7.0


def test_a_later_trace_the_dispatcher_cannot_run_turns_it_off():
    def pick(x):  # (x + 1.0: a function returning its argument x itself takes the general path, `f(x) is x`)
        if x.shape[0] > 2:  # a static branch: its outputs differ in number between shapes
            return x + 1.0, x + 1.0
        return x + 1.0

    f = autograph.function(pick, executor="jax")
    np.testing.assert_array_equal(f(np.ones(2)), np.full(2, 2.0))
    assert dispatching(f)
    out = f(np.ones(3))
    assert isinstance(out, tuple) and len(out) == 2
    assert not dispatching(f)
    np.testing.assert_array_equal(f(np.ones(2)), np.full(2, 2.0))
    assert f.tracing_count == 2


def test_args_and_kwargs_signatures_keep_the_keyed_call():
    f = autograph.function(lambda *xs: xs[0] * 2, executor="jax")
    x = np.arange(3.0)
    for _ in range(3):
        np.testing.assert_array_equal(f(x), 2 * x)
    assert f._call is f._keyed_call


def test_the_dispatcher_keeps_no_function_alive():
    f = autograph.function(halve, executor="jax")
    f(np.ones(3))
    f(np.ones(3))
    dispatcher = f._dispatcher
    ref = weakref.ref(f)
    del f
    gc.collect()
    assert ref() is None
    with pytest.raises(Exception):  # noqa: B017  (the body finds no Function: JAX reports the failed trace)
        with jax.enable_x64(True):
            dispatcher.jitted(dispatcher.zero, np.ones(4))


def test_saved_concrete_functions_load_and_agree(tmp_path):
    f = autograph.function(shaped, executor="jax")
    for n in (2, 3, 2):
        f(np.ones(n))
    path = tmp_path / "shaped.agm"
    autograph.save(f, str(path))
    loaded = autograph.load(str(path))
    for n in (2, 3):
        np.testing.assert_allclose(loaded(np.ones(n)), shaped(np.ones(n)))


def test_arrays_of_non_native_byte_order_never_run_a_native_trace():
    f = autograph.function(shaped, executor="jax")
    x = np.arange(3.0)
    f(x)
    f(x)
    swapped = x.astype(">f8")  # JAX reads its bytes as a native float64's: the dispatcher must not see it
    try:
        got = f(swapped)
    except TypeError:  # JAX refuses it in the trace of its own key, as without the dispatcher
        got = None
    if got is not None:
        np.testing.assert_allclose(got, shaped(x))
    assert f.tracing_count == 2 and f.concrete_functions[1]._jax_single is None
    np.testing.assert_allclose(f(x), shaped(x))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 6), st.integers(1, 3), st.booleans(), st.booleans())
def test_views_and_odd_layouts_give_eager_results(n, step, reverse, readonly):
    f = autograph.function(shaped, executor="jax")
    base = np.arange(n * step + 1, dtype=np.float64)
    x = base[::step][:n]
    if reverse:
        x = x[::-1]
    x.flags.writeable = not readonly
    for _ in range(2):
        np.testing.assert_allclose(f(x), shaped(x))
    unaligned = np.frombuffer(b"\0" + x.tobytes(), dtype=np.float64, offset=1) if n else x
    np.testing.assert_allclose(f(unaligned), shaped(x))
