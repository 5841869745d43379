"""The clock in traced functions (runtime/clock_calls.py, runtime/graph/clock_reads.py): a graph reads it each time
it runs, as eager code does at each call; what a graph cannot hold is refused at the user's line.

Before clock nodes, ``time.perf_counter()`` in a traced function was read once, while tracing, and became a constant:
every call returned the trace's time, a time budget never ran out and a duration was the same at every call, with
no error. The oracle is the function run eagerly: a reading must lie between the clock read just before the call
and just after it, two calls must read two times, and every deterministic output (a loop's count, a dtype) must be
eager's. Each path a user can take is run: as written, converted outside any trace, as a graph on each executor,
and inside a JAX trace (refused, as JAX would freeze the reading).
"""

from __future__ import annotations

import datetime
import os
import re
import secrets
import time
import uuid

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import autograph
from autograph.testing import converted_form
from runtime.graph import TensorSpec, trace
from runtime.graph.passes import PASSES, effects, optimize
from runtime.graph.tensor import Tensor
from runtime.limits import Limitation
from tests.helpers import jax_usable, line_of, load_f, needs_jax

CLOCKS = {  # the clock as the program writes it, and how to read it here
    "time.time()": time.time,
    "time.perf_counter()": time.perf_counter,
    "time.monotonic()": time.monotonic,
    "time.perf_counter_ns()": time.perf_counter_ns,
    "time.monotonic_ns()": time.monotonic_ns,
    "time.time_ns()": time.time_ns,
}
DTYPES = [np.float64, np.float32, np.int64]
PLACES = ["top", "branch", "loop_test", "loop_body"]


def program(clock: str, place: str) -> str:
    """``f(x)``: the clock read at ``place``, returning (a value that depends on the data only, the reading, the
    dtype Python's number gives next to ``x``)."""
    lines = ["import time", "", "def f(x):", f"    start = {clock}", "    reading = start", "    n = 0"]
    if place == "branch":
        lines += ["    if np.sum(x) > 0:", f"        reading = {clock}", "        n = 1", "    else:",
                  "        n = 2"]
    elif place == "loop_test":  # a time budget that never runs out: the loop's count is eager's
        lines += [f"    while n < np.sum(x > 0) and {clock} - start < 10**12:", "        n = n + 1"]
    elif place == "loop_body":
        lines += ["    for i in range(3):", f"        reading = {clock}", "        n = n + np.sum(x > i)"]
    lines += [f"    mixed = x[:1] * 0 + ({clock} - {clock}) * 0", "    return n, reading, mixed", ""]
    return "\n".join(lines)


def bracketed(fn, x, clock):
    """``fn(x)`` with the clock read just before and just after it."""
    before = clock()
    result = fn(x)
    after = clock()
    return result, before, after


def assert_like_eager(fn, x, clock, eager):
    (n, reading, mixed), before, after = bracketed(fn, x, clock)
    (e_n, _, e_mixed) = eager
    assert int(n) == int(e_n)
    assert before <= reading <= after, (before, reading, after)
    assert np.asarray(mixed).dtype == np.asarray(e_mixed).dtype
    np.testing.assert_array_equal(mixed, e_mixed)
    return reading


@settings(max_examples=int(os.environ.get("AUTOGRAPH_CLOCK_EXAMPLES", "20")), deadline=None)
@given(clock=st.sampled_from(sorted(CLOCKS)), place=st.sampled_from(PLACES), dtype=st.sampled_from(DTYPES),
       values=st.lists(st.integers(-3, 3), min_size=1, max_size=4))
def test_a_clock_read_in_a_graph_is_read_at_every_run_as_eager_reads_it(clock, place, dtype, values):
    source = program(clock, place)
    f = load_f(source, "clock")
    read = CLOCKS[clock]
    x = np.array(values, dtype=dtype)
    eager = f(x)
    assert_like_eager(autograph.convert(f), x, read, eager)  # converted, outside any trace: as written
    executors = ["numpy", "auto"] + (["numba"] if _numba_usable() else [])
    for executor in executors:
        g = autograph.function(f, executor=executor)
        first = assert_like_eager(g, x, read, eager)
        second = assert_like_eager(g, x, read, eager)
        assert first <= second
        assert len(g.concrete_functions) == 1
    converted = autograph.convert(f)
    with converted_form():  # on plain values inside our trace: the reading is the graph's, never a number read now
        _, reading, _ = converted(x)
        assert isinstance(reading, Tensor)
    if jax_usable():  # on plain values inside a JAX trace: refused (JAX would freeze the reading)
        import jax
        import jax.numpy as jnp

        with pytest.raises(Limitation, match="inside a function traced by JAX"):
            jax.make_jaxpr(lambda: (converted(x), jnp.zeros(()))[1])()


def _numba_usable() -> bool:
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def two_reads(x):
    first = time.perf_counter_ns()
    second = time.perf_counter_ns()
    return x + (second - first >= 0), first, second


def test_two_reads_stay_two_ordered_nodes_that_no_pass_merges_or_moves():
    g = autograph.function(two_reads)
    for _ in range(3):
        _, first, second = g(np.zeros(2))
        assert first <= second
    graph = trace(autograph.convert(two_reads), [TensorSpec((2,))], optimize=False).graph
    clocks = [node for node in graph.nodes if node.op == "clock"]
    assert [node.attrs["clock"] for node in clocks] == ["time.perf_counter_ns"] * 2
    for node in clocks:
        assert not effects.removable(node) and not effects.movable(node) and not effects.foldable(node)
    for passes in [(name,) for name in PASSES] + [tuple(PASSES)]:
        optimized = optimize(graph, passes)
        assert [n.op for n in optimized.nodes].count("clock") == 2, passes
    text = str(g.concrete_functions[0].graph)
    assert "clock[clock='time.perf_counter_ns']" in text


def weak(x):
    return x + time.time()  # weak-line


def weak_ns(x):
    return x + time.time_ns()


def test_a_reading_is_a_python_number_next_to_arrays():
    x32 = np.ones(2, np.float32)
    assert autograph.function(weak)(x32).dtype == weak(x32).dtype == np.float32
    i32 = np.ones(2, np.int32)
    with pytest.raises(OverflowError) as eager:
        weak_ns(i32)
    with pytest.raises(OverflowError) as graph:
        autograph.function(weak_ns)(i32)
    pattern = r"Python integer (\d+) out of bounds for int32"  # (two readings of the clock: two numbers)
    assert re.fullmatch(pattern, str(eager.value)) and re.fullmatch(pattern, str(graph.value))
    assert int(re.fullmatch(pattern, str(eager.value))[1]) < int(re.fullmatch(pattern, str(graph.value))[1])
    assert autograph.function(weak_ns)(np.ones(2, np.int64)).dtype == np.int64


def test_the_converter_routes_clock_reads_through_call():
    assert autograph.to_code(weak) == "def weak(x):\n    return x + ag__.call(time.time)()\n"
    assert "ag__.call(time.perf_counter_ns)()" in autograph.to_code(two_reads)


def now(x):
    return x, datetime.datetime.now()  # now


def today(x):
    return x, datetime.date.today()  # today


def random_bytes(x):
    return x, os.urandom(4)  # urandom


def new_id(x):
    return x, uuid.uuid4()  # uuid4


def token(x):
    return x, secrets.token_hex(8)  # token


def stamp_now(x):
    return x, time.strftime("%Y")  # strftime-now


def stamp_of(x):
    return x, time.strftime("%Y", time.gmtime(0)), time.localtime(0).tm_year


@pytest.mark.parametrize("fn, marker, what", [
    (now, "now", "datetime.now"), (today, "today", "date.today"), (random_bytes, "urandom", "os.urandom"),
    (new_id, "uuid4", "uuid.uuid4"), (token, "token", "secrets.token_hex"),
    (stamp_now, "strftime-now", "time.strftime")])
def test_what_a_graph_cannot_hold_is_refused_at_its_line(fn, marker, what):
    with pytest.raises(Limitation) as info:
        autograph.function(fn)(np.zeros(2))
    assert str(info.value) == (
        f"{__file__}:{line_of(__file__, marker)}: {what}() inside a traced function is not supported in graphs: it "
        "would be read once, while tracing, and the graph would return that value at every call, where eager code "
        "reads a new one. Read it outside the function and pass it in as an argument (a graph holds numbers: "
        "time.time() and time.perf_counter() are read each time the graph runs).")
    assert autograph.convert(fn)(np.zeros(2))[1] is not None  # outside a trace: as written


def test_formatting_a_given_time_is_a_function_of_it():
    x = np.zeros(2)
    _, year, local = autograph.function(stamp_of)(x)
    assert (year, local) == stamp_of(x)[1:]


def test_a_clock_that_takes_no_arguments_given_some_is_pythons_error():
    def wrong(x):
        return x + time.time(1)

    with pytest.raises(TypeError) as eager:
        wrong(np.zeros(2))
    with pytest.raises(TypeError) as graph:
        autograph.function(wrong)(np.zeros(2))
    assert str(graph.value) == str(eager.value)


def test_a_clock_reached_through_a_variable_is_read_at_every_run():
    timer = time.monotonic  # (cachetools' `timer=time.monotonic`: a call autograph resolves only at run time)

    def through(x, clock=timer):
        return x + clock()

    g = autograph.function(through)
    first = float(g(np.zeros(())))
    second = float(g(np.zeros(())))
    assert first < second or first == second == time.monotonic()  # (monotonic never goes back)
    assert "ag__.call(clock)()" in autograph.to_code(through)
    assert "clock[clock='time.monotonic']" in str(g.concrete_functions[0].graph)


def test_a_saved_graph_reads_the_clock_when_it_runs(tmp_path):
    path = str(tmp_path / "clock.agz")
    g = autograph.function(two_reads)
    g.get_concrete_function(TensorSpec((2,)))
    autograph.save(g, path)
    loaded = autograph.load(path)
    _, first, second = loaded(np.zeros(2))
    _, third, _ = loaded(np.zeros(2))
    assert first <= second <= third and first < third


def test_a_saved_clock_names_only_the_clocks_a_graph_reads():
    from runtime.graph.ops import infer  # (what the loader asks of every node: its ValueError is a FormatError)

    with pytest.raises(ValueError, match="'os.system' is not one of the clocks a graph reads"):
        infer("clock", (), {"clock": "os.system"})


@needs_jax
def test_executor_jax_refuses_a_clock_at_its_line_and_auto_reads_it():
    from runtime.jax.lowering import LoweringError

    with pytest.raises(LoweringError) as info:
        autograph.function(weak, executor="jax")(np.zeros(2))
    assert str(info.value).startswith(f"{__file__}:{line_of(__file__, 'weak-line')}: time.time() reads the clock "
                                      "each time the graph runs, which executor='jax' cannot do: XLA reads no clock.")
    g = autograph.function(weak, executor="auto")
    first, second = g(np.zeros(2)), g(np.zeros(2))
    assert first[0] <= second[0] and first[0] > 0


@needs_jax
def test_a_jax_trace_refuses_a_clock_read_and_formatting_a_given_time_runs():
    import jax
    import jax.numpy as jnp

    for fn in (weak, now):
        with pytest.raises(Limitation) as info:
            autograph.function(fn, backend="jax")(jnp.zeros(2))
        assert "() inside a function traced by JAX" in str(info.value)
        assert "it would be read once, while tracing, and the compiled function would return that value at every " \
               "call. Read it outside and pass it in as an argument" in str(info.value)
    converted = autograph.convert(weak)
    with pytest.raises(Limitation, match="time.time\\(\\) inside a function traced by JAX"):
        jax.jit(converted)(jnp.zeros(2))
    assert autograph.function(stamp_of, backend="jax")(jnp.zeros(2))[1:] == stamp_of(np.zeros(2))[1:]


def test_outside_a_trace_the_converted_function_reads_the_clock_as_written():
    f = load_f(program("time.perf_counter()", "loop_body"), "clock")
    g = autograph.convert(f)
    x = np.zeros(2)
    readings = [bracketed(g, x, time.perf_counter) for _ in range(2)]
    for (_, reading, _), before, after in readings:
        assert before <= reading <= after
    assert readings[0][0][1] < readings[1][0][1]


# --- np.datetime64("now"): NumPy's reading of the clock ------------------------------------------------------

def stamps(x):
    return (x, np.datetime64("now"), np.datetime64("today"), np.datetime64("NOW", "ms"), np.datetime64(b"now"),
            np.datetime64("2020-01-01"))


def test_datetime64_of_now_is_read_at_every_run_as_numpy_reads_it():
    x = np.zeros(2)
    g = autograph.function(stamps)
    for _ in range(2):
        before = stamps(x)
        got = g(x)
        after = stamps(x)
        for b, v, a in zip(before[1:], got[1:], after[1:]):
            assert type(v) is type(b) is np.datetime64 and v.dtype == b.dtype
            assert b <= v <= a
    assert "ag__.call(np.datetime64)('now')" in autograph.to_code(stamps)
    graph = g.concrete_functions[0].graph
    assert [n.attrs.get("args") for n in graph.nodes if n.op == "clock"] == [
        ("now",), ("today",), ("NOW", "ms"), (b"now",)]


def elapsed_ms(x, start):
    return x + (np.datetime64("now", "ms") - start).astype(np.int64)


def test_a_duration_from_datetime64_grows_from_call_to_call():
    start = np.datetime64("now", "ms")  # (NumPy reads "now" to the second, whatever the unit)
    g = autograph.function(elapsed_ms)
    readings = []
    for _ in range(2):
        before = elapsed_ms(np.zeros(1, np.int64), start)
        readings.append(g(np.zeros(1, np.int64), start))
        assert before[0] <= readings[-1][0] <= elapsed_ms(np.zeros(1, np.int64), start)[0]
        time.sleep(1.01)
    assert readings[0][0] + 1000 <= readings[1][0]


def bad_unit(x):
    return x, np.datetime64("now", "fortnights")


def unit_by_keyword(x):
    return x, np.datetime64("now", unit="s")


def test_a_wrong_unit_is_numpys_error():
    for fn in (bad_unit, unit_by_keyword):
        with pytest.raises(TypeError) as eager:
            fn(0)
        with pytest.raises(TypeError) as graph:
            autograph.function(fn)(np.zeros(1))
        assert str(graph.value) == str(eager.value)


def test_a_saved_datetime64_reading_keeps_its_words_and_unit(tmp_path):
    g = autograph.function(stamps)
    g.get_concrete_function(TensorSpec((2,)))
    path = str(tmp_path / "stamps.agz")
    autograph.save(g, path)
    before = stamps(np.zeros(2))
    got = autograph.load(path)(np.zeros(2))
    after = stamps(np.zeros(2))
    for b, v, a in zip(before[1:], got[1:], after[1:]):
        assert np.asarray(v).dtype == b.dtype and b <= v <= a


def test_the_loader_takes_only_now_and_today_for_datetime64():
    from runtime.graph.ops import infer

    with pytest.raises(ValueError, match="np.datetime64 reads the clock with \\('now' or 'today'\\[, unit\\]\\), not "
                                         "\\('2020-01-01',\\)"):
        infer("clock", (), {"clock": "np.datetime64", "args": ("2020-01-01",)})
    with pytest.raises(ValueError, match="time.time takes no arguments"):
        infer("clock", (), {"clock": "time.time", "args": ("now",)})


@needs_jax
def test_datetime64_of_now_under_xla_and_jax_is_refused_and_auto_reads_it():
    import jax.numpy as jnp

    from runtime.jax.lowering import LoweringError

    with pytest.raises(LoweringError):
        autograph.function(stamps, executor="jax")(np.zeros(2))
    got = autograph.function(stamps, executor="auto")(np.zeros(2))
    assert got[1].dtype == np.dtype("datetime64[s]")
    with pytest.raises(Limitation, match="np.datetime64\\(\\) inside a function traced by JAX"):
        autograph.function(stamps, backend="jax")(jnp.zeros(2))


def clock_as_a_count(x):
    return x, [0] * (int(time.time()) % 2)  # as-a-count


def test_a_reading_python_needs_while_tracing_is_refused_and_the_message_names_the_clock():
    from runtime.limits import UnknownDimension

    with pytest.raises(UnknownDimension) as info:
        autograph.function(clock_as_a_count)(np.zeros(1))
    message = str(info.value)
    assert message.startswith(f"{__file__}:{line_of(__file__, 'as-a-count')}: a Python int known only when the graph "
                              "runs (")
    assert "a reading of the clock such as time.time()" in message
    assert message.endswith("or read the clock outside the function and pass the time in")
