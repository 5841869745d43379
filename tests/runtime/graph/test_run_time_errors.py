"""A graph node that fails only when the graph runs, inside a ``try`` whose ``except`` would catch its error, raises
``HandlerNotRun`` when it fails (runtime/graph/run_time_errors.py): the graph cannot run that handler, where eager
code goes on in it; on every other input the graph gives eager's answer.

Each program runs as written (the oracle), through the converted function outside any trace, in the converted
form on plain values inside a graph trace, and staged on each executor (and saved and loaded): on inputs that do
not take the handler, eager's result; on those that do, ``HandlerNotRun`` naming the call, the error and the
``try``, which no ``except`` for the node's own error takes.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest
import scipy.linalg

import autograph
from autograph.testing import converted_form
from runtime.limits import HandlerNotRun
from runtime.try_blocks import RUNNING
from tests import helpers

HERE = __file__
EXECUTORS = helpers.executors()
SINGULAR = np.array([[1.0, 2.0], [2.0, 4.0]])
REGULAR = np.array([[2.0, 1.0], [1.0, 3.0]])


def inverse_or_zeros(a):
    try:
        return np.linalg.inv(a)  # inverse-or-zeros
    except np.linalg.LinAlgError:
        return np.zeros_like(a)


def cholesky_with_loading(a):  # (pyGAM's GAM._cholesky)
    loading = 1e-3
    while True:
        try:
            return scipy.linalg.cholesky(a + loading * np.eye(len(a)))  # loading-cholesky
        except np.linalg.LinAlgError:
            loading = loading * 10


def solve_or_raise_a_value_error(a, b):  # (TheAlgorithms' invert_matrix)
    try:
        return np.linalg.solve(a, b)
    except ValueError:  # (LinAlgError is one)
        raise ValueError("Matrix is not invertible")  # noqa: B904  (as upstream)


def item_or_default(x, i):
    try:
        return x[i]  # item-or-default
    except IndexError:
        return np.float64(-1.0)


def checked_or_nan(x):  # (spotpy's calculate_all_functions, pyswarms' generate_swarm)
    try:
        if np.any(x < 0):  # staged-raise
            raise ValueError("negative")
        return np.sqrt(x)
    except ValueError:
        return np.full_like(x, np.nan)


def anything_caught(a):
    try:
        return np.linalg.inv(a)  # bare-except
    except:  # noqa: E722
        return np.zeros_like(a)


def caught_by_the_outer_try(a):
    try:
        try:
            return np.linalg.inv(a)  # inner-try-body
        except KeyError:
            return np.ones_like(a)
    except np.linalg.LinAlgError:  # outer-handler
        return np.zeros_like(a)


CAUGHT = [
    (inverse_or_zeros, (SINGULAR,), (REGULAR,), "inverse-or-zeros", "LinAlgError", "`inv`"),
    (cholesky_with_loading, (-np.eye(2) * 0.005,), (REGULAR,), "loading-cholesky", "LinAlgError", "`cholesky`"),
    (solve_or_raise_a_value_error, (SINGULAR, np.ones(2)), (REGULAR, np.ones(2)), None, "LinAlgError", "`solve`"),
    (item_or_default, (np.arange(3.0), np.int64(7)), (np.arange(3.0), np.int64(1)), "item-or-default", "IndexError",
     "this index (a traced value)"),
    (checked_or_nan, (np.array([-1.0, 4.0]),), (np.array([1.0, 4.0]),), "staged-raise", "ValueError", "this check"),
    (anything_caught, (SINGULAR,), (REGULAR,), "bare-except", "LinAlgError", "`inv`"),
    (caught_by_the_outer_try, (SINGULAR,), (REGULAR,), "inner-try-body", "LinAlgError", "`inv`"),
]


def _same_outcome(got, want):
    assert got[0] == want[0], (got, want)
    if got[0] == "value":
        for mine, theirs in zip(got[1] if isinstance(got[1], tuple) else (got[1],),
                                want[1] if isinstance(want[1], tuple) else (want[1],)):
            np.testing.assert_array_equal(mine, theirs)
    else:
        assert got[1] == want[1]


def _paths(fn, args):
    """The program's outcome on plain values as written, through the converted function outside any trace, and in
    the converted form inside a trace that stages nothing."""
    converted = autograph.convert(fn)
    with converted_form():
        in_a_trace = helpers.outcome(converted, *args)
    return helpers.outcome(fn, *args), helpers.outcome(converted, *args), in_a_trace


@pytest.mark.parametrize("fn, handled, plain, marker, error, what", CAUGHT, ids=[r[0].__name__ for r in CAUGHT])
@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_node_failing_at_run_time_inside_a_try_that_catches_it_raises_handler_not_run(
        fn, handled, plain, marker, error, what, executor, tmp_path):
    for args in (handled, plain):  # plain values: Python's try, on every path
        eager, converted, in_a_trace = _paths(fn, args)
        _same_outcome(converted, eager)
        _same_outcome(in_a_trace, eager)
    staged = autograph.function(fn, executor=executor)
    staged(*plain)  # (traced: what save writes)
    autograph.save(staged, str(tmp_path / "saved"))
    for graph in (staged, autograph.load(str(tmp_path / "saved"))):
        np.testing.assert_allclose(graph(*plain), fn(*plain))  # the handler not taken: eager's answer
        with pytest.raises(HandlerNotRun) as info:
            try:
                graph(*handled)
            except (np.linalg.LinAlgError, IndexError, ValueError):  # (a caller's, for the node's error: never taken)
                pytest.fail("the caller's except took the node's error")
        message = str(info.value)
        if marker is not None and graph is staged:
            assert message.startswith(f"{HERE}:{helpers.line_of(HERE, marker)}: "), message
        assert what in message and f"raised {error} (" in message and "when the graph ran" in message, message
        assert "that `try` ran while the function was traced, so the graph cannot run its `except`" in message
        assert "put the `try` around the call of the traced function" in message
        assert type(info.value.__cause__).__name__ == error
    assert not RUNNING.get()  # (no graph traced: no list; a trace leaves its own behind)


def test_the_error_names_the_try_whose_handler_catches():
    with pytest.raises(HandlerNotRun) as info:
        autograph.function(caught_by_the_outer_try)(SINGULAR)
    inner_try = helpers.line_of(HERE, "inner-try-body") - 1  # (the outer try's body starts with the inner try)
    assert f"the `try` around it (its body from {HERE}:{inner_try}) would have caught it" in str(info.value)


def test_a_try_in_the_converted_form_fires_the_line_events_of_the_original():
    import sys

    def one_statement(x):
        y = 0
        try:
            y = x + 1
        except ValueError:
            y = -1
        return y

    def events(fn, *args):
        seen = []

        def tracer(frame, event, arg):
            if event == "line" and frame.f_code.co_filename == HERE:
                seen.append(frame.f_lineno)
            return tracer

        sys.settrace(tracer)
        try:
            fn(*args)
        finally:
            sys.settrace(None)
        return seen

    converted = autograph.convert(one_statement)
    with converted_form():
        in_the_converted_form = events(converted, 1)
    first = one_statement.__code__.co_firstlineno
    assert events(one_statement, 1) == [first + k for k in (1, 2, 3, 6)]
    # (the converted form's `with ag__.tidying` adds one event at the first statement as it returns, before and
    # after this stop: the `with ag__.catching` at the body's line adds none to a one-statement body)
    assert in_the_converted_form == events(one_statement, 1) + [first + 1], in_the_converted_form


def stages_beside_a_handler_for_something_else(a, table):
    try:
        scale = table["scale"]
    except KeyError:
        scale = 1.0
    try:
        return np.linalg.inv(a) * scale  # (KeyError: not what inv raises)
    except KeyError:
        return np.zeros_like(a)


def index_the_trace_fixes(x, y):
    try:
        r = np.corrcoef(x, y)[0, 1]  # (corrcoef indexes with np.arange(2): values the trace fixes, in bounds)
        first = x[np.arange(2)]
    except IndexError:
        return np.float64(0.0), x[:2]
    return r, first


def error_raised_while_tracing_is_pythons(x, key):
    try:
        scale = {"a": 2.0}[key]  # (a Python KeyError: raised and caught while tracing, as eagerly)
    except KeyError:
        scale = np.sum(x)
    return np.linalg.inv(np.diag(x)) * scale  # (after the try: no handler of it)


STAGED = [
    (stages_beside_a_handler_for_something_else, (REGULAR, {"scale": 2.0})),
    (stages_beside_a_handler_for_something_else, (REGULAR, {})),
    (index_the_trace_fixes, (np.array([1.0, 2.0, 4.0]), np.array([1.0, 3.0, 2.0]))),
    (error_raised_while_tracing_is_pythons, (np.array([1.0, 2.0]), "b")),
    (error_raised_while_tracing_is_pythons, (np.array([1.0, 2.0]), "a")),
]


@pytest.mark.parametrize("fn, args", STAGED, ids=[f"{fn.__name__}-{k}" for k, (fn, _) in enumerate(STAGED)])
@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_try_whose_handlers_catch_nothing_the_graph_raises_stages(fn, args, executor):
    eager, converted, in_a_trace = _paths(fn, args)
    assert eager[0] == "value"
    _same_outcome(converted, eager)
    _same_outcome(in_a_trace, eager)
    staged = autograph.function(fn, executor=executor)(*args)
    for mine, theirs in zip(staged if isinstance(staged, tuple) else (staged,),
                            eager[1] if isinstance(eager[1], tuple) else (eager[1],)):
        np.testing.assert_allclose(mine, theirs)


def refusal_in_a_catch_all(a):
    try:
        return np.linalg.inv(a)
    except Exception:  # (takes LinAlgError eagerly; never the graph's refusal)
        return np.zeros_like(a)


def test_a_catch_all_handler_is_a_handler_of_the_node_and_of_nothing_the_trace_raises():
    np.testing.assert_allclose(autograph.function(refusal_in_a_catch_all)(REGULAR), np.linalg.inv(REGULAR))
    with pytest.raises(HandlerNotRun, match="raised LinAlgError"):
        autograph.function(refusal_in_a_catch_all)(SINGULAR)


def handler_class_unknown_here(a):
    try:
        return np.linalg.inv(a)
    except NOT_DEFINED_ANYWHERE:  # noqa: F821  (Python evaluates it only when an exception comes)
        return np.zeros_like(a)


def test_a_handler_whose_classes_cannot_be_computed_counts_as_catching():
    assert np.allclose(handler_class_unknown_here(REGULAR), np.linalg.inv(REGULAR))  # eagerly: never evaluated
    staged = autograph.function(handler_class_unknown_here)
    np.testing.assert_allclose(staged(REGULAR), np.linalg.inv(REGULAR))
    with pytest.raises(HandlerNotRun, match="raised LinAlgError"):
        staged(SINGULAR)


def test_the_running_try_blocks_are_per_thread():
    """A thread inside a `try` of converted code never makes another thread's trace refuse (a ContextVar)."""
    inside, release = threading.Event(), threading.Event()

    def blocking(a):
        try:
            inside.set()
            release.wait(10)
            return a
        except RuntimeError:
            return a

    converted = autograph.convert(blocking)
    worker = threading.Thread(target=lambda: _in_converted_form(converted, REGULAR))
    worker.start()
    try:
        assert inside.wait(10)
        results = []

        def trace():
            staged = autograph.function(lambda a: np.linalg.inv(a))
            staged(REGULAR)
            try:
                staged(SINGULAR)
            except np.linalg.LinAlgError as error:  # (NumPy's: no `try` of this thread's catches it)
                results.append(error)

        threads = [threading.Thread(target=trace) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(results) == 8 and not any(isinstance(r, HandlerNotRun) for r in results)
    finally:
        release.set()
        worker.join()


def _in_converted_form(fn, *args):
    with converted_form():
        return fn(*args)


def inverse_outside_any_try(a):
    return np.linalg.inv(a)


def tries_on_plain_values(a):  # (inside a trace, the converted form of the callee runs on plain values)
    total = np.zeros((2, 2))
    for _ in range(60):
        total = total + converted_inverse_or_zeros(REGULAR)
    return a + total


converted_inverse_or_zeros = autograph.convert(inverse_or_zeros)


def test_traces_in_many_threads_each_have_their_own_running_try_blocks():
    # (Each trace keeps the running blocks on a list of its own, set as it starts: runtime/try_blocks.py.)
    fn, handled = CAUGHT[0][0], CAUGHT[0][1]

    def work(k):
        for _ in range(5):
            if k % 2:
                with pytest.raises(np.linalg.LinAlgError):  # no `try` of its own: NumPy's error, never HandlerNotRun
                    autograph.function(inverse_outside_any_try)(SINGULAR)
            else:
                with pytest.raises(HandlerNotRun):
                    autograph.function(fn)(*handled)

    helpers.in_threads(work, 8)


def test_an_interrupt_anywhere_leaves_no_try_to_a_later_trace():
    """Ctrl-C anywhere in a trace that runs `try` blocks (or outside one, in the converted form) never makes a later
    trace refuse: each trace starts with no `try` running (its own copy of the context)."""
    def body(k):
        autograph.function(tries_on_plain_values)(REGULAR)  # a new Function: convert, trace, run
        with converted_form(trace=False):
            for _ in range(60):
                converted_inverse_or_zeros(REGULAR)

    def check(k):
        staged = autograph.function(inverse_outside_any_try)
        assert np.allclose(staged(REGULAR), np.linalg.inv(REGULAR)), k
        with pytest.raises(np.linalg.LinAlgError):  # NumPy's own: no `try` is left running into this trace
            staged(SINGULAR)

    # Converted before any interrupt: an interrupt inside CPython's compile() of an AST can leave its recursion
    # count off for later compiles ("AST constructor recursion depth mismatch"), a CPython matter, not this one.
    body(-1)
    check(-1)
    assert helpers.interrupted_at_many_points(150, 60, body, check) > 50


def test_to_code_shows_the_handlers_classes_around_the_try_body():
    code = autograph.to_code(caught_by_the_outer_try).replace("lambda :", "lambda:")  # (Python 3.10's unparse)
    assert "with ag__.catching(lambda: KeyError):" in code
    assert "with ag__.catching(lambda: np.linalg.LinAlgError):" in code
    assert "with ag__.catching(lambda: ...):" in autograph.to_code(anything_caught).replace("lambda :", "lambda:")


def bare_after_a_class(a, i):
    try:
        return np.linalg.inv(a)[i]
    except ValueError:  # (LinAlgError is one; an IndexError is the bare except's)
        return np.zeros(2)
    except:  # noqa: E722
        return np.ones(2)


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_bare_except_after_a_class_catches_what_the_class_does_not(executor):
    staged = autograph.function(bare_after_a_class, executor=executor)
    np.testing.assert_allclose(staged(REGULAR, np.int64(1)), bare_after_a_class(REGULAR, np.int64(1)))
    for args, error in (((SINGULAR, np.int64(1)), "LinAlgError"), ((REGULAR, np.int64(5)), "IndexError")):
        with pytest.raises(HandlerNotRun, match=f"raised {error} "):
            staged(*args)


@helpers.needs_jax
@pytest.mark.parametrize("fn, handled, plain, marker, error, what", CAUGHT, ids=[r[0].__name__ for r in CAUGHT])
def test_on_plain_values_inside_a_jax_trace_the_converted_form_is_pythons(fn, handled, plain, marker, error, what):
    import jax

    converted = autograph.convert(fn)
    for args in (handled, plain):
        # (the converted form runs: a JAX trace is under way)
        inside, eager = helpers.outcome(lambda: np.asarray(jax.jit(lambda: converted(*args))())), \
            helpers.outcome(fn, *args)
        assert inside[0] == eager[0], (inside, eager)
        if eager[0] == "value":  # (JAX's output is float32 unless x64 is on)
            np.testing.assert_allclose(inside[1], eager[1], rtol=1e-6)
        else:
            assert inside[1] == eager[1]
    assert not RUNNING.get()  # (no graph traced: no list; a trace leaves its own behind)


def test_a_saved_files_try_record_is_checked_and_its_text_escaped():
    from runtime.graph import serialization
    from runtime.graph.run_time_errors import CaughtLocation

    location = serialization._caught(("<saved: f.py>", 3), {"classes": [KeyError], "try_at": "f.py:2\nforged",
                                                              "what": "this\x1b[2J index"})
    assert isinstance(location, CaughtLocation) and location.caught == (KeyError,)
    assert location.try_at == "f.py:2\\nforged" and location.what == "this\\x1b[2J index"  # (escaped: one line)
    assert serialization._caught(("<saved: f.py>", 3), {"classes": "all", "try_at": "", "what": ""}).caught \
        is BaseException
    for bad in (7, {"classes": "all", "try_at": 3, "what": ""}, {"classes": ["KeyError"], "try_at": "", "what": ""}):
        with pytest.raises(serialization.FormatError, match="its caught"):
            serialization._caught(("<saved: f.py>", 3), bad)


def _host(x):
    if x[0] < 0:
        raise ValueError("negative")
    if x[0] > 100:
        raise KeyError("large")
    return x * 2


def host_function_or_zeros(x):
    try:
        return autograph.numpy_function(_host, x, output_spec=autograph.TensorSpec((2,), np.float64))
    except ValueError:
        return x * 0


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_python_function_the_graph_calls_is_caught_by_what_it_raises(executor):
    """A numpy_function may raise anything: which error, the run decides. Its ValueError under `except ValueError`
    is HandlerNotRun; its KeyError, which no handler there catches, is itself, as eagerly."""
    staged = autograph.function(host_function_or_zeros, executor=executor)
    np.testing.assert_array_equal(staged(np.ones(2)), host_function_or_zeros(np.ones(2)))
    with pytest.raises(HandlerNotRun, match=r"this Python function \(called when the graph runs\) raised ValueError"):
        staged(-np.ones(2))
    with pytest.raises(KeyError, match="large"):
        host_function_or_zeros(np.full(2, 200.0))
    with pytest.raises(KeyError, match="large"):
        staged(np.full(2, 200.0))


def positives_plus_or_zeros(x, y):
    kept = x[x > 0]  # a size known only when the graph runs
    try:
        return kept + y  # broadcast-or-zeros
    except ValueError:
        return np.zeros_like(y)


def test_shapes_known_only_at_run_time_that_do_not_broadcast_inside_a_try_raise_handler_not_run(tmp_path):
    y = np.ones(3)
    handled, plain = (np.array([1.0, -1.0, 2.0]), y), (np.array([1.0, 2.0, 3.0]), y)
    for args in (handled, plain):
        eager, converted, in_a_trace = _paths(positives_plus_or_zeros, args)
        _same_outcome(converted, eager)
        _same_outcome(in_a_trace, eager)
    staged = autograph.function(positives_plus_or_zeros)
    staged(*plain)
    autograph.save(staged, str(tmp_path / "saved"))
    for graph in (staged, autograph.load(str(tmp_path / "saved"))):
        np.testing.assert_array_equal(graph(*plain), positives_plus_or_zeros(*plain))
        with pytest.raises(HandlerNotRun, match="could not be broadcast") as info:
            graph(*handled)  # eager: zeros (its `except ValueError`); the graph cannot run that handler
        assert "a size known only when the graph runs" in str(info.value)
        assert isinstance(info.value.__cause__, ValueError)
