"""``with`` statements in the converted form (``ag__.managed``, runtime/try_blocks.py): the manager entered and exited
as Python's ``with`` does, on plain values; and a graph node that fails when the graph runs, inside a ``with`` whose
manager would swallow its error (``contextlib.suppress``), raising ``HandlerNotRun`` rather than the error eager code
never let out."""

from __future__ import annotations

import contextlib
import contextvars
import os
import sys
import tempfile
import threading
import traceback
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import autograph
from autograph import HandlerNotRun
from autograph.testing import converted_form
from runtime.try_blocks import RUNNING, suppressed_by
from tests.helpers import in_threads, interrupted_at_many_points, jax_usable, load_f

MANAGERS = '''
import contextlib

log = []

class Recording:
    def __init__(self, name, swallow=None, enter_raises=False, exit_raises=False):
        self.name, self.swallow = name, swallow
        self.enter_raises, self.exit_raises = enter_raises, exit_raises

    def __enter__(self):
        log.append(("enter", self.name))
        if self.enter_raises:
            raise KeyError(self.name)
        return self.name

    def __exit__(self, kind, error, tb):
        log.append(("exit", self.name, None if kind is None else kind.__name__))
        if self.exit_raises:
            raise LookupError(self.name)
        return self.swallow is not None and kind is not None and issubclass(kind, self.swallow)

@contextlib.contextmanager
def guarded(name):
    log.append(("enter", name))
    try:
        yield name
    except ValueError:
        log.append(("swallowed", name))
    finally:
        log.append(("exit", name))
'''

BODIES = [
    "        out.append(x)",
    "        raise ValueError(x)",
    "        raise TypeError(x)",
    "        return x * 2",
    "        out.append(1 // x)",
]
HEADS = [
    "with Recording('a') as name:",
    "with Recording('a', swallow=ValueError) as name:",
    "with Recording('a', swallow=Exception), Recording('b') as name:",
    "with Recording('a', enter_raises=True) as name:",
    "with Recording('a', exit_raises=True) as name:",
    "with contextlib.suppress(ValueError, ZeroDivisionError):",
    "with guarded('g') as name:",
    "with contextlib.nullcontext(5) as name:",
    "with 5:",
    "with contextlib.ExitStack() as stack:",  # (its body enters a suppress(TypeError) first: see programs)
]


@st.composite
def programs(draw) -> str:
    head = draw(st.sampled_from(HEADS))
    body = draw(st.sampled_from(BODIES))
    inner = [f"    {head}", body]
    if "ExitStack" in head:
        inner = [f"    {head}", "        stack.enter_context(contextlib.suppress(TypeError))", body]
    if draw(st.booleans()):  # a loop around it, so the converted form has closures around the `with`
        inner = ["    for x in xs:", *("    " + line for line in inner)]
    else:
        inner = ["    x = xs[0]", *inner]
    return MANAGERS + "\n".join(["def f(xs):", "    out = []", *inner, "    return out, log[:]", ""])


def outcome(fn, xs) -> tuple:
    fn.__globals__["log"].clear()
    try:
        return ("value", fn(list(xs)))
    except Exception as error:  # noqa: BLE001
        return ("raise", type(error), str(error), list(fn.__globals__["log"]))


@settings(max_examples=int(os.environ.get("AUTOGRAPH_MANAGED_EXAMPLES", "60")), deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(programs(), st.lists(st.integers(-2, 3), min_size=1, max_size=3))
def test_the_converted_form_enters_and_exits_as_python_does(source, xs):
    f = load_f(source, "managed")
    converted = autograph.convert(f)
    want = outcome(f, xs)
    assert outcome(converted, xs) == want  # as written
    with converted_form():
        assert outcome(converted, xs) == want  # the converted form, ag__.managed around each manager
    assert not RUNNING.get()  # (no graph traced: no list; a trace leaves its own behind)


def test_the_converted_form_shows_the_manager_and_keeps_pythons_error_for_a_non_manager():
    f = load_f("def f(x):\n    with x:\n        return 1\n", "managed")
    assert "with ag__.managed(x):" in autograph.to_code(f)
    converted = autograph.convert(f)
    with pytest.raises((TypeError, AttributeError)) as eager:  # (Python 3.10: AttributeError: __enter__)
        f(3)
    with converted_form(), pytest.raises(type(eager.value)) as ours:
        converted(3)
    assert str(ours.value) == str(eager.value)


def test_what_a_manager_may_swallow():
    @contextlib.contextmanager
    def restoring():
        try:
            yield
        finally:
            pass

    @contextlib.contextmanager
    def catching():
        try:
            yield
        except ValueError:
            pass

    class Quiet:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            if exc[0] is None:
                return False
            return None

    class Swallowing(Quiet):
        def __exit__(self, *exc):
            return exc[0] is not None

    stack = contextlib.ExitStack()
    stack.enter_context(contextlib.suppress(KeyError))
    stack.callback(print)
    with tempfile.TemporaryFile() as file:
        assert suppressed_by(file) == ()
    assert suppressed_by(contextlib.suppress(np.linalg.LinAlgError, KeyError)) == (np.linalg.LinAlgError, KeyError)
    assert suppressed_by(np.errstate(all="ignore")) == ()
    assert suppressed_by(warnings.catch_warnings()) == ()
    assert suppressed_by(contextlib.nullcontext()) == ()
    assert suppressed_by(threading.Lock()) == ()
    assert suppressed_by(restoring()) == ()
    assert suppressed_by(catching()) is BaseException
    assert suppressed_by(Quiet()) == ()
    assert suppressed_by(Swallowing()) is BaseException
    assert suppressed_by(stack) == (KeyError,)
    stack.push(lambda *exc: True)
    assert suppressed_by(stack) is BaseException


SUPPRESSED = """
import contextlib

def f(a):
    k = np.zeros((2, 2))
    with contextlib.suppress(np.linalg.LinAlgError):
        k = np.linalg.inv(a)
    with np.errstate(divide="ignore"):
        r = 1.0 / a[0, 0]
    return k + r
"""
SINGULAR = np.array([[1.0, 2.0], [2.0, 4.0]])
INVERTIBLE = np.array([[2.0, 0.0], [0.0, 4.0]])


@pytest.mark.parametrize("executor", ["numpy", "jax"])
def test_a_node_whose_error_a_manager_would_swallow_raises_handler_not_run(executor):
    if executor == "jax" and not jax_usable():
        pytest.skip("JAX is not usable here")
    eager = load_f(SUPPRESSED, "managed")
    f = autograph.function(eager, executor=executor)
    np.testing.assert_allclose(f(INVERTIBLE), eager(INVERTIBLE))  # eager's answer where nothing fails
    with pytest.raises(HandlerNotRun) as raised:
        f(SINGULAR)  # eager: zeros + 1.0 (the suppress swallowed the LinAlgError); the graph cannot run its __exit__
    message = str(raised.value)
    assert "the `with` around it" in message and "swallowed" in message and "LinAlgError" in message
    assert isinstance(raised.value.__cause__, np.linalg.LinAlgError)


def test_a_manager_that_swallows_nothing_lets_the_nodes_error_out_as_eagerly():
    source = "def f(a):\n    with np.errstate(all='ignore'):\n        return np.linalg.inv(a)\n"
    eager, f = load_f(source, "managed"), None
    f = autograph.function(eager)
    np.testing.assert_allclose(f(INVERTIBLE), eager(INVERTIBLE))
    with pytest.raises(np.linalg.LinAlgError):
        eager(SINGULAR)
    with pytest.raises(np.linalg.LinAlgError):
        f(SINGULAR)


def test_saved_and_loaded_the_with_is_still_named():
    f = autograph.function(load_f(SUPPRESSED, "managed"))
    f(INVERTIBLE)
    with tempfile.TemporaryDirectory() as folder:
        autograph.save(f, os.path.join(folder, "suppressed"))
        loaded = autograph.load(os.path.join(folder, "suppressed"))
    with pytest.raises(HandlerNotRun, match="the `with` around it"):
        loaded(SINGULAR)


def test_threads_each_have_their_own_running_blocks():
    f = load_f(MANAGERS + "def f(x):\n    with Recording('t', swallow=ValueError):\n"
               "        if x > 0:\n            raise ValueError(x)\n    return x\n", "managed")
    converted = autograph.convert(f)
    def work(k: int) -> None:
        with converted_form():
            for i in range(300):
                assert converted(i % 3 - k % 2) == i % 3 - k % 2
                assert not RUNNING.get()  # (no graph traced: no list; a trace leaves its own behind)

    in_threads(work)


def test_an_interrupt_anywhere_leaves_no_block_to_a_later_trace():
    # An interrupt landing as a manager's __exit__ starts may leave its entry in the caller's context (as for
    # ag__.catching: runtime/try_blocks.py); a graph trace starts with none, so no later trace sees it.
    f = load_f(MANAGERS + "def f(xs):\n    total = 0\n    for x in xs:\n"
               "        with Recording('i', swallow=ZeroDivisionError):\n            total += 1 // x\n"
               "    return total\n", "managed")
    converted = autograph.convert(f)
    inverse = autograph.function(load_f("def f(a):\n    return np.linalg.inv(a)\n", "managed"))

    def body(k: int) -> None:
        def calls() -> None:
            with converted_form():
                converted([0, 1, 2] * 30)
        # (in a copy of the context: an entry left there, as the comment above says, stays out of the later tests)
        contextvars.copy_context().run(calls)

    def check(k: int) -> None:
        with converted_form():
            assert converted([0, 1, 2]) == f([0, 1, 2])
        with pytest.raises(np.linalg.LinAlgError):  # its own error: no `with` of the interrupted calls around it
            autograph.function(inverse.python_function)(SINGULAR)

    assert interrupted_at_many_points(150, 40, body, check) > 50


class StaticManager:
    @staticmethod
    def __enter__():
        return "static"

    @staticmethod
    def __exit__(*exc):
        return False


class ClassManager:
    @classmethod
    def __enter__(cls):
        return cls.__name__

    @classmethod
    def __exit__(cls, *exc):
        return True  # swallows


class EnterOnly:
    def __enter__(self):
        return 1


class InstanceAttributes:
    def __init__(self):  # the `with` statement looks special methods up on the type, never on the instance
        self.__enter__ = lambda: "instance"
        self.__exit__ = lambda *exc: True


@pytest.mark.parametrize("manager", [StaticManager(), ClassManager(), EnterOnly(), InstanceAttributes(), 3],
                         ids=lambda m: type(m).__name__)
def test_special_methods_are_looked_up_and_bound_as_the_with_statement_does(manager):
    f = load_f("def f(m):\n    with m as v:\n        if v == 'ClassManager':\n            raise ValueError(v)\n"
               "        out = [v]\n    return v\n", "managed")
    converted = autograph.convert(f)

    def run(fn):
        try:
            return ("value", fn(manager))
        except Exception as error:  # noqa: BLE001
            return ("raise", type(error), str(error))
    want = run(f)
    with converted_form():
        assert run(converted) == want


def test_entering_a_try_or_with_block_sets_no_context_variable():
    # CPython's ContextVar.set may collect garbage while it builds the context's new mapping, and a weak reference's
    # callback run then that sets one again frees the mapping the first is reading (CPython gh-148891): the converted
    # form of WeakKeyDictionary's _commit_removals, a `try` per item, crashed CPython's test_weakref (a segmentation
    # fault, until stop 98). So no block sets one: outside a graph trace nothing is recorded, inside one the trace's
    # own list takes the entries.
    f = load_f("def f(x, seen):\n    try:\n        seen(x)\n    except ValueError:\n        pass\n"
               "    with Recording('w'):\n        seen(x)\n    return x\n", "managed")
    namespace = f.__globals__
    exec(MANAGERS, namespace)
    converted = autograph.convert(f)
    looks = []

    def seen(x):
        running = RUNNING.get()
        looks.append((RUNNING in contextvars.copy_context(), running, len(running) if running is not None else None))

    with converted_form():
        converted(1.0, seen)
    assert looks == [(False, None, None), (False, None, None)]
    looks.clear()
    autograph.function(lambda x: converted(x, seen))(np.ones(2))
    (set_in_try, in_try, count_in_try), (set_in_with, in_with, count_in_with) = looks
    assert set_in_try and set_in_with and in_try is in_with  # (the trace's one list, set as the trace started)
    assert count_in_try == count_in_with == 1 and in_try == []  # (the block's entry while it ran; none after)


def _raises(error):
    raise error


class _FailsToEnter:
    def __enter__(self):
        raise KeyError("enter")

    def __exit__(self, *exc_info):
        return False


def exit_stack_error_caught_here():
    try:
        with contextlib.ExitStack() as stack:
            stack.callback(_raises, ValueError)
            1 / 0
    except ValueError as error:
        caught = error
    return [(entry.name, entry.line) for entry in traceback.extract_tb(caught.__traceback__)]


def enter_error_caught_here():
    try:
        with _FailsToEnter():
            pass
    except KeyError as error:
        caught = error
    return [(entry.name, entry.line) for entry in traceback.extract_tb(caught.__traceback__)]


@pytest.mark.xfail(sys.version_info < (3, 11), strict=True,
                   reason="3.10's bare raise restores the caught traceback (docs/limitations.md, Python 3.10)")
@pytest.mark.parametrize("fn", [exit_stack_error_caught_here, enter_error_caught_here], ids=lambda f: f.__name__)
def test_a_managers_error_caught_in_the_same_function_has_the_originals_traceback(fn):
    # (ag__.managed's own frame was an entry of it: CPython's test_contextlib test_exit_exception_traceback)
    want = fn()
    converted = autograph.convert(fn)
    assert converted() == want
    with converted_form():
        assert converted() == want
    with converted_form(trace=False):
        assert converted() == want


def test_a_program_that_deletes_sys_getframe_still_runs_its_with_statements(monkeypatch):
    # (attrs' make_class sets __module__ from sys._getframe(1) inside contextlib.suppress(AttributeError): its test
    # deletes sys._getframe, and ag__.managed, looking for its caller's line, raised that AttributeError itself, outside
    # the suppress. The runtime binds sys._getframe at import; the program's own sys._getframe(1) still raises.)
    import sys

    def sets_module(cls):
        with contextlib.suppress(AttributeError):
            cls.origin = sys._getframe(1).f_globals.get("__name__")
        return cls

    class Made:
        pass

    monkeypatch.delattr(sys, "_getframe")
    converted = autograph.convert(sets_module)
    assert converted(Made) is Made and not hasattr(Made, "origin")
    with converted_form(trace=False):
        assert converted(Made) is Made and not hasattr(Made, "origin")
