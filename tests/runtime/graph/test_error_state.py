"""NumPy's floating-point error state in graphs (runtime/graph/error_state.py): the function's own ``np.errstate``
blocks, and the caller's state, give NumPy's result, warning or ``FloatingPointError`` on every path.

The family draws programs (an op inside an ``np.errstate`` block, another outside it, nested blocks, a staged
``if`` inside the block, a helper called in it, a ``try`` that catches ``FloatingPointError``), inputs at the
edges (a zero under a division or a log, an overflowing ``exp``, an underflow, an ``arccos`` past 1) and the
caller's error state, and runs each program as written (the oracle), converted outside any trace, in its converted
form on plain values inside our trace and inside a JAX trace, and as a graph on each executor. The interpreter
must give eager's result, exception class and warnings exactly. XLA and numba signal no floating-point error:
where the state asks to raise one, ``executor="jax"`` refuses the call (``SilentFloatingPoint``) and ``"auto"``
and ``"numba"`` run it on the interpreter; their lost warnings are documented (docs/jax.md).
"""

from __future__ import annotations

import os
import tempfile
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from autograph import ErrorStateChanged, HandlerNotRun, SilentFloatingPoint
from autograph.testing import converted_form
from tests.helpers import in_threads, interrupted_at_many_points, jax_usable, load_f

OPS = {  # an op, and an input where it signals (its error kind)
    "div": ("1.0 / x", "divide"),
    "log": ("np.log(x)", "divide"),
    "exp": ("np.exp(x * 800.0)", "over"),
    "tiny": ("x * 1e-200 * 1e-200", "under"),  # (to 0: XLA flushes subnormals, docs/jax.md)
    "acos": ("np.arccos(x)", "invalid"),
    "sqrt": ("np.sqrt(x)", "invalid"),
}
INPUTS = [np.array([1.0, 2.0]), np.array([0.0, 2.0]), np.array([-1.0, 0.5]), np.array([2.0, 1e-3]),
          np.array([np.nan, 1.0])]
MODES = ["ignore", "warn", "raise"]
KEYS = ["divide", "over", "under", "invalid"]
AMBIENTS = [{}, {"all": "raise"}, {"all": "ignore"}, {"divide": "warn", "invalid": "raise"}]


def _block(draw) -> str:
    if draw(st.booleans()):
        return f"all={draw(st.sampled_from(MODES))!r}"
    keys = draw(st.lists(st.sampled_from(KEYS), min_size=1, max_size=3, unique=True))
    return ", ".join(f"{k}={draw(st.sampled_from(MODES))!r}" for k in keys)


@st.composite
def programs(draw) -> str:
    inside, outside = (OPS[draw(st.sampled_from(sorted(OPS)))][0] for _ in range(2))
    shape = draw(st.sampled_from(["plain", "nested", "staged_if", "helper", "try", "filters", "filters_in_block"]))
    block = _block(draw)
    if shape == "plain":
        body = [f"    with np.errstate({block}):", f"        a = {inside}", f"    b = {outside}"]
    elif shape == "nested":
        body = [f"    with np.errstate({block}):", f"        with np.errstate({_block(draw)}):",
                f"            a = {inside}", f"        b = {outside}"]
    elif shape == "staged_if":
        body = [f"    with np.errstate({block}):", "        if np.sum(x) > 1.0:", f"            a = {inside}",
                "        else:", f"            a = {outside}", "    b = x + 1.0"]
    elif shape == "helper":
        body = [f"    with np.errstate({block}):", "        a = helper(x)", f"    b = {outside}"]
    elif shape == "try":
        body = ["    try:", f"        with np.errstate({block}):", f"            a = {inside}",
                "    except FloatingPointError:", "        a = np.zeros_like(x)", f"    b = {outside}"]
    else:  # the program's own warnings filters (a RuntimeWarning an error, or silenced), alone or in a block
        action = draw(st.sampled_from(["error", "ignore", "always"]))
        category = draw(st.sampled_from(["", ", RuntimeWarning", ", UserWarning"]))
        body = ["    with warnings.catch_warnings():", f"        warnings.simplefilter({action!r}{category})",
                f"        a = {inside}", f"    b = {outside}"]
        if shape == "filters_in_block":
            body = [f"    with np.errstate({block}):", *["    " + line for line in body]]
    helper = ["import warnings", "", "def helper(x):", f"    return {inside}", ""]
    return "\n".join(helper + ["def f(x):", *body, "    return a + b", ""])


def load(source: str):
    return load_f(source, "errstate")  # (`helper`, where the program has one, is in f's globals)


def outcome(fn, x, ambient: dict) -> tuple:
    """(("value", result) or ("raise", class), sorted warning messages) of ``fn(x)`` under ``ambient``."""
    with warnings.catch_warnings(record=True) as caught, np.errstate(**ambient):
        warnings.simplefilter("always")
        try:
            result: tuple = ("value", np.asarray(fn(x.copy())))
        except (ArithmeticError, ValueError, RuntimeError, RuntimeWarning) as error:
            result = ("raise", type(error))
    return result, sorted(str(w.message) for w in caught if issubclass(w.category, RuntimeWarning))


def same(got: tuple, want: tuple, exact_warnings: bool = True) -> None:
    (kind, value), warned = got
    (want_kind, want_value), want_warned = want
    assert kind == want_kind, (got, want)
    if kind == "value":
        np.testing.assert_array_equal(value, want_value)
    else:
        assert value is want_value, (got, want)
    if exact_warnings:
        assert warned == want_warned
    else:
        assert set(warned) <= set(want_warned)


def _graph_outcome_allowed(got: tuple, want: tuple, source: str) -> None:
    """The interpreter's outcome: eager's, or ``HandlerNotRun`` where the program's ``try`` caught the error (and
    eager went on, to a value or to another statement's error)."""
    if got[0] == ("raise", HandlerNotRun):
        assert "except FloatingPointError" in source
        return
    same(got, want)


@settings(max_examples=int(os.environ.get("AUTOGRAPH_ERRSTATE_EXAMPLES", "40")), deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(programs(), st.sampled_from(range(len(AMBIENTS))))
def test_error_state_as_eager_on_every_path(source, ambient_at):
    ambient = AMBIENTS[ambient_at]
    f = load(source)
    converted = autograph.convert(f)
    graph = autograph.function(f)
    for x in INPUTS:
        want = outcome(f, x, ambient)
        same(outcome(converted, x, ambient), want)  # converted, called outside any trace: as written
        with converted_form():  # the converted form on plain values (inside a trace of ours)
            same(outcome(converted, x, ambient), want)
        _graph_outcome_allowed(outcome(graph, x, ambient), want, source)


@settings(max_examples=int(os.environ.get("AUTOGRAPH_ERRSTATE_EXAMPLES", "40")) // 2, deadline=None,
          derandomize=True, suppress_health_check=list(HealthCheck))
@given(programs(), st.sampled_from(range(len(AMBIENTS))))
def test_error_state_on_xla_and_auto_refuses_or_matches(source, ambient_at):
    if not jax_usable():
        pytest.skip("JAX is not usable here")
    import jax

    ambient = AMBIENTS[ambient_at]
    f = load(source)
    converted = autograph.convert(f)
    on_jax = autograph.function(f, executor="jax")
    auto = autograph.function(f, executor="auto")
    for x in INPUTS * 3:  # (auto's trial: its first calls run each executor in turn)
        want = outcome(f, x, ambient)
        inside: list = []
        jax.make_jaxpr(lambda t, x=x: inside.append(outcome(converted, x, ambient)) or t)(0.0)
        same(inside[0], want)  # the converted form on plain values inside a JAX trace
        got = outcome(on_jax, x, ambient)
        if got[0] != ("raise", SilentFloatingPoint):  # refused: the state asks to raise
            assert want[0][0] == "value" or got[0][1] in (HandlerNotRun, want[0][1])
            if got[0][0] == "value":
                np.testing.assert_allclose(got[0][1], want[0][1], rtol=1e-12, equal_nan=True)
        got = outcome(auto, x, ambient)
        if got[0] == ("raise", HandlerNotRun):
            assert "except FloatingPointError" in source
        else:
            assert got[0][0] == want[0][0], (got, want)
            if got[0][0] == "value":
                np.testing.assert_allclose(got[0][1], want[0][1], rtol=1e-12, equal_nan=True)
            else:
                assert got[0][1] is want[0][1]


SAFE_LOG = """
def f(x):
    with np.errstate(divide="ignore"):
        y = np.log(x)
    return y * 2.0
"""

FILTERED = """
import warnings

def f(x):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        y = np.log(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        z = 1.0 / x
    return y + z
"""

RAISING = """
def f(x):
    with np.errstate(divide="raise"):
        y = 1.0 / x
    return y
"""


def test_a_block_that_ignores_gives_no_warning_where_the_caller_warns():
    f = autograph.function(load(SAFE_LOG))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # NumPy's default state warns on log(0): the block silences it
        np.testing.assert_array_equal(f(np.array([0.0, 1.0])), [-np.inf, 0.0])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        eager = load(SAFE_LOG)(np.array([0.0, 1.0]))
    assert not caught and eager[0] == -np.inf


def test_a_block_that_raises_raises_when_the_graph_runs_and_names_the_line():
    f = autograph.function(load(RAISING))
    np.testing.assert_array_equal(f(np.array([2.0])), [0.5])  # traced on a harmless input
    with pytest.raises(FloatingPointError, match="divide by zero") as raised:
        f(np.array([0.0]))
    # (a note names the line; Python 3.10 has no notes: the message starts with it)
    assert any("traced at <errstate-" in note for note in getattr(raised.value, "__notes__", [])) or str(
        raised.value).startswith("<errstate-")


def test_saved_and_loaded_the_graph_keeps_the_block():
    f = autograph.function(load(RAISING))
    f(np.array([2.0]))
    with tempfile.TemporaryDirectory() as folder:
        autograph.save(f, os.path.join(folder, "raising"))
        loaded = autograph.load(os.path.join(folder, "raising"))
    np.testing.assert_array_equal(loaded(np.array([4.0])), [0.25])
    with pytest.raises(FloatingPointError, match="divide by zero"):
        loaded(np.array([0.0]))


def test_a_caller_state_that_differs_from_the_traces_where_the_block_may_set_it_is_refused():
    f = autograph.function(load(SAFE_LOG))
    f(np.array([1.0]))  # traced under NumPy's default state
    # `invalid`: the block leaves it as the trace had it ("warn"), and the caller's is "raise": eager's is the
    # caller's if the block does not set it, "warn" if it sets it to what it was: not known
    with np.errstate(invalid="raise"), pytest.raises(ErrorStateChanged) as refused:
        f(np.array([0.0]))
    message = str(refused.value)
    assert "np.errstate block" in message and "trace it again" in message and "<errstate-" in message
    assert "invalid='raise'" in message


def test_a_caller_state_that_differs_only_where_the_block_sets_it_runs_as_eager():
    f = autograph.function(load(SAFE_LOG))
    f(np.array([1.0]))
    with np.errstate(divide="raise"):  # the block's divide="ignore" wins, as eagerly; the other modes are the trace's
        np.testing.assert_array_equal(f(np.array([0.0])), [-np.inf])


def test_executor_jax_refuses_a_state_that_asks_to_raise_and_names_the_call():
    if not jax_usable():
        pytest.skip("JAX is not usable here")
    f = autograph.function(load(RAISING), executor="jax")
    with pytest.raises(SilentFloatingPoint) as refused:
        f(np.array([0.0]))
    message = str(refused.value)
    assert "test_error_state.py" in message and "executor='numpy'" in message and "divide='raise'" in message
    plain = autograph.function(lambda x: 1.0 / x, executor="jax", autograph=False)
    np.testing.assert_array_equal(plain(np.array([0.0])), [np.inf])  # NumPy's default state: XLA's answer is eager's
    with np.errstate(divide="raise"), pytest.raises(SilentFloatingPoint, match="around the call"):
        plain(np.array([0.0]))
    np.testing.assert_array_equal(plain(np.array([4.0])), [0.25])  # (its fast path again, the state quiet)


def test_executor_numba_runs_a_raising_state_on_the_interpreter():
    pytest.importorskip("numba")
    f = autograph.function(lambda x: 1.0 / x, executor="numba", autograph=False)
    np.testing.assert_array_equal(f(np.array([0.0])), [np.inf])
    with np.errstate(divide="raise"), pytest.raises(FloatingPointError):
        f(np.array([0.0]))


def test_threads_each_run_under_their_own_state():
    f = autograph.function(load(SAFE_LOG))
    g = autograph.function(load(RAISING))
    f(np.array([1.0]))
    g(np.array([1.0]))
    def work(k: int) -> None:
        for _ in range(200):
            if k % 2:
                np.testing.assert_array_equal(f(np.array([0.0])), [-np.inf])
            else:
                with pytest.raises(FloatingPointError):
                    g(np.array([0.0]))
                np.testing.assert_array_equal(g(np.array([2.0])), [0.5])
        assert np.geterr()["divide"] == "warn"  # nothing of the blocks' state left on the thread

    in_threads(work)


def test_an_interrupt_anywhere_leaves_the_callers_state_as_it_was():
    f = autograph.function(load(SAFE_LOG))
    g = autograph.function(load(RAISING))
    f(np.array([1.0]))
    g(np.array([1.0]))
    before = np.geterr()

    def body(k: int) -> None:
        for _ in range(20):
            f(np.array([0.0, 1.0]))
            try:
                g(np.array([0.0]))
            except FloatingPointError:
                pass

    def check(k: int) -> None:
        assert np.geterr() == before
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            np.testing.assert_array_equal(f(np.array([0.0])), [-np.inf])
        with pytest.raises(FloatingPointError):
            g(np.array([0.0]))

    assert interrupted_at_many_points(150, 40, body, check) > 50


def test_the_programs_own_warnings_filters_hold_when_the_graph_runs():
    eager = load(FILTERED)
    f = autograph.function(eager)
    np.testing.assert_array_equal(f(np.array([1.0])), [1.0])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(RuntimeWarning, match="divide by zero encountered in log"):
            eager(np.array([0.0]))  # the block makes log's warning an error
        with pytest.raises(RuntimeWarning, match="divide by zero encountered in log"):
            f(np.array([0.0]))  # (it returned -inf + inf, with the warning printed, until stop 84)
        np.testing.assert_array_equal(f(np.array([2.0])), eager(np.array([2.0])))
    assert not caught  # 1/x's warning is silenced by its block in both
    with tempfile.TemporaryDirectory() as folder:
        autograph.save(f, os.path.join(folder, "filtered"))
        loaded = autograph.load(os.path.join(folder, "filtered"))
    with pytest.raises(RuntimeWarning, match="divide by zero encountered in log"):
        loaded(np.array([0.0]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the caller's filters: only 1/x's block silences, as eagerly
        with pytest.raises(RuntimeWarning, match="divide by zero encountered in log"):
            loaded(np.array([0.0]))


def test_compiled_code_does_not_run_a_block_that_makes_numpys_warnings_errors():
    f = load(FILTERED)
    with pytest.raises(RuntimeWarning):
        f(np.array([0.0]))
    for executor in ("auto", "numba"):  # on the interpreter: the block's filter holds
        if executor == "numba":
            pytest.importorskip("numba")
        staged = autograph.function(f, executor=executor)
        for _ in range(3):
            np.testing.assert_array_equal(staged(np.array([2.0])), f(np.array([2.0])))
            with pytest.raises(RuntimeWarning, match="divide by zero encountered in log"):
                staged(np.array([0.0]))
    if jax_usable():
        with pytest.raises(SilentFloatingPoint, match="makes NumPy's warnings errors"):
            autograph.function(f, executor="jax")(np.array([0.0]))


CALLING = """
def f(x):
    with np.errstate(divide="call", call=lambda kind, flag: None):
        y = 1.0 / x
    return y
"""


def test_a_block_that_calls_a_function_cannot_be_saved():
    from autograph import SerializationError

    f = autograph.function(load(CALLING))
    f(np.array([2.0]))
    with tempfile.TemporaryDirectory() as folder, pytest.raises(SerializationError) as refused:
        autograph.save(f, os.path.join(folder, "calling"))
    assert "np.errstate(call=...)" in str(refused.value) and "nothing was saved" in str(refused.value)


def test_a_saved_files_error_state_and_filters_records_are_checked():
    from runtime.graph import serialization

    modes = {"divide": "ignore", "over": "warn", "under": "ignore", "invalid": "warn"}
    ambient = {**modes, "divide": "warn"}
    location = serialization._errstate(("<saved: f.py>", 3), {"modes": modes, "ambient": ambient, "block": "f.py:3\n"})
    assert location.errstate.modes[0] == ("divide", "ignore") and location.errstate.block == "f.py:3\\n"
    for bad in (7, {"modes": modes, "ambient": ambient}, {"modes": {**modes, "divide": "explode"}, "ambient": ambient,
                                                           "block": ""}, {"modes": {"divide": "ignore"},
                                                                          "ambient": ambient, "block": ""}):
        with pytest.raises(serialization.FormatError, match="its errstate"):
            serialization._errstate(("<saved: f.py>", 3), bad)
    good = [["error", None, RuntimeWarning, {"re": "mod"}, 0], ["ignore", {"exact": "x"}, Warning, None, 3]]
    location = serialization._warning_filters(("<saved: f.py>", 3), {"filters": good, "ambient": good[1:]})
    assert location.warning_filters.filters[0][0] == "error" and location.warning_filters.filters[1][1] == "x"
    for bad in (7, {"filters": [["explode", None, Warning, None, 0]], "ambient": []},
                {"filters": [["error", None, ValueError, None, 0]], "ambient": []},
                {"filters": [["error", {"re": "("}, Warning, None, 0]], "ambient": []}):
        with pytest.raises(serialization.FormatError, match="warning"):
            serialization._warning_filters(("<saved: f.py>", 3), bad)
