"""A trace holds what the function read besides its arguments; when that changes, the call traces again
(autograph/trace_guards.py). Each program reads something from outside, the test changes it between calls,
and every call must give what the function gives eagerly at that moment: on the interpreter, on XLA
(both its keyed call and its dispatcher's), and under backend="jax"."""

from __future__ import annotations

import importlib
import re
import threading
import types
import warnings

import hypothesis
import numpy as np
import pytest
from hypothesis import strategies as st

import autograph
import runtime
from autograph import file_reads, trace_guards
from runtime.numpy_function import staged_host_functions
from tests.helpers import calls_match_eager_between_changes, interrupted_at_many_points

MODES = [dict(), dict(executor="jax"), dict(executor="auto"), dict(backend="jax")]
MODE_IDS = ["interpreter", "xla", "auto", "backend-jax"]

SCALE = 2.0
W = np.array([1.0, 2.0, 3.0])
CONFIG = {"lr": 0.5, "decay": 0.9}
WEIGHTS = [np.ones(3), np.full(3, 2.0)]
USE_BIAS = True
BIG = np.arange(64.0)


def act(v):
    return v * 2.0


def helper(v):
    return v * SCALE


def reads_a_float(x):
    return x * SCALE


def reads_an_array(x):
    return W * x


def reads_a_dict(x):
    return x * CONFIG["lr"]


def reads_a_list(x):
    return x * WEIGHTS[0] + WEIGHTS[1]


def reads_a_flag(x):
    if USE_BIAS:
        return x + 1.0
    return x


def calls_a_helper(x):
    return helper(x) + 1.0


def calls_a_global_function(x):
    return act(x)


def reads_a_big_array(x):
    return np.sum(BIG) * x


def _set(name, value):
    globals()[name] = value


def _write(array, index, value):
    array[index] = value


class Model:
    offset = 1.0

    def __init__(self):
        self.W = np.ones(3)

    def call(self, x):
        return self.W * x + Model.offset


class Presented:
    """A class that defines ``__dict__`` itself (a record presenting a view of itself, as proxies do): its instances'
    attributes are in the dict Python keeps, which ``obj.__dict__`` does not read."""

    @property
    def __dict__(self):
        return {"kind": "presented"}


class _Original:
    pass


# A class rebuilt from another's namespace (as a class decorator that makes a new class does): it carries the
# original's `__dict__` descriptor, whose read raises TypeError on its instances (mutagen's enums).
Rebuilt = type("Rebuilt", (), {"__dict__": _Original.__dict__["__dict__"]})
PRESENTED, REBUILT = Presented(), Rebuilt()
PRESENTED.scale = REBUILT.scale = 2.0


def reads_a_presented_attribute(x):
    return x * PRESENTED.scale


def reads_a_rebuilt_attribute(x):
    return x * REBUILT.scale


CHANGES = {
    "a global float rebound": (reads_a_float, lambda: _set("SCALE", 3.5)),
    "a global array rebound": (reads_an_array, lambda: _set("W", np.array([5.0, 6.0, 7.0]))),
    "a global array written in place": (reads_an_array, lambda: _write(W, 0, 100.0)),
    "a dict entry changed": (reads_a_dict, lambda: CONFIG.__setitem__("lr", 0.25)),
    "a list item replaced": (reads_a_list, lambda: WEIGHTS.__setitem__(0, np.full(3, 4.0))),
    "a list item written in place": (reads_a_list, lambda: _write(WEIGHTS[1], 2, -1.0)),
    "a flag that picks a branch": (reads_a_flag, lambda: _set("USE_BIAS", False)),
    "a global a helper reads": (calls_a_helper, lambda: _set("SCALE", 4.0)),
    "a function rebound": (calls_a_global_function, lambda: _set("act", lambda v: v - 1.0)),
    "a large array, by its digest": (reads_a_big_array, lambda: _write(BIG, 5, 1000.0)),
    "an attribute of an object whose class defines __dict__": (reads_a_presented_attribute,
                                                               lambda: setattr(PRESENTED, "scale", 3.5)),
    "an attribute of an object whose class has another's __dict__": (reads_a_rebuilt_attribute,
                                                                     lambda: setattr(REBUILT, "scale", 3.5)),
}


@pytest.fixture(autouse=True)
def fresh_globals(monkeypatch):
    """Each test starts from the module's values (and a copy of each array), and leaves them so."""
    for name in ("SCALE", "W", "CONFIG", "WEIGHTS", "USE_BIAS", "BIG", "act"):
        value = globals()[name]
        copied = (value.copy() if isinstance(value, np.ndarray) else dict(value) if isinstance(value, dict)
                  else [w.copy() for w in value] if isinstance(value, list) else value)
        monkeypatch.setitem(globals(), name, copied)
    monkeypatch.setattr(Model, "offset", 1.0)
    PRESENTED.scale = REBUILT.scale = 2.0
    monkeypatch.setattr(trace_guards, "COPIED_BYTES", 256)  # BIG (512 bytes) is kept as a digest


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("what", list(CHANGES))
def test_a_change_outside_the_arguments_traces_again(what, mode):
    fn, change = CHANGES[what]
    traced = autograph.function(fn, **mode)
    x = np.array([1.0, -2.0, 3.0])
    for _ in range(2):
        np.testing.assert_allclose(np.asarray(traced(x)), fn(x))
    assert traced.tracing_count == 1
    change()
    for _ in range(2):
        np.testing.assert_allclose(np.asarray(traced(x)), fn(x))
    assert traced.tracing_count == 2, "one new trace for the change, then its calls run it"


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
def test_a_methods_self_attributes_and_class_attributes(mode):
    Model.traced = autograph.function(Model.call, **mode)
    try:
        m = Model()
        x = np.arange(3.0)
        expected = lambda: m.W * x + Model.offset  # noqa: E731
        for change in (lambda: setattr(m, "W", np.full(3, 5.0)), lambda: _write(m.W, 1, 9.0),
                       lambda: setattr(Model, "offset", -2.0)):
            np.testing.assert_allclose(np.asarray(m.traced(x)), expected())
            np.testing.assert_allclose(np.asarray(m.traced(x)), expected())
            change()
        np.testing.assert_allclose(np.asarray(m.traced(x)), expected())
        assert Model.traced.tracing_count == 4
    finally:
        del Model.traced


def test_a_closure_variable_rebound():
    def make():
        factor = 2.0

        def f(x):
            return x * factor

        def set_factor(value):
            nonlocal factor
            factor = value
        return f, set_factor

    f, set_factor = make()
    traced = autograph.function(f)
    x = np.arange(3.0)
    np.testing.assert_allclose(traced(x), f(x))
    set_factor(-1.0)
    np.testing.assert_allclose(traced(x), f(x))
    assert traced.tracing_count == 2


def test_nothing_changed_no_new_trace():
    traced = autograph.function(reads_a_dict)
    x = np.arange(3.0)
    for _ in range(5):
        traced(x)
    _set("SCALE", 2.0)  # not named by reads_a_dict
    CONFIG["lr"] = 0.5  # rebound to an equal value
    traced(x)
    assert traced.tracing_count == 1


def test_a_concrete_function_called_after_a_change_refuses():
    traced = autograph.function(reads_a_float)
    x = np.arange(3.0)
    concrete = traced.get_concrete_function(x)
    np.testing.assert_allclose(concrete(x), x * 2.0)
    _set("SCALE", 7.0)
    with pytest.raises(autograph.StaleTraceError) as error:
        concrete(x)
    message = str(error.value)
    assert "test_trace_guards.py:" in message and "the global 'SCALE' of" in message and "call the Function" in message
    assert isinstance(error.value, TypeError) and isinstance(error.value, autograph.AutographError)
    np.testing.assert_allclose(traced(x), x * 7.0)


def test_the_retracing_warning_names_what_changed():
    traced = autograph.function(reads_a_float)
    x = np.arange(3.0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for value in range(8):
            _set("SCALE", float(value))
            np.testing.assert_allclose(traced(x), x * value)
    messages = [str(w.message) for w in caught if issubclass(w.category, autograph.RetracingWarning)]
    assert len(messages) == 1
    assert "the global 'SCALE' of" in messages[0] and "pass what changes as an argument" in messages[0]


def test_threads_changing_and_calling():
    traced = autograph.function(reads_a_float)
    x = np.arange(4.0)
    errors = []
    values = [float(v) for v in range(1, 6)]

    def call():
        try:
            for _ in range(40):
                result = np.asarray(traced(x))
                assert any(np.allclose(result, x * v) for v in values + [2.0]), result
        except Exception as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=call) for _ in range(4)]
    for t in threads:
        t.start()
    for v in values:
        _set("SCALE", v)
    for t in threads:
        t.join()
    assert not errors
    np.testing.assert_allclose(traced(x), x * SCALE)


@autograph.function
def inner_function(x):
    return x * SCALE


def calls_a_function(x):
    return inner_function(x) + 1.0


def test_a_function_called_from_a_traced_one():
    traced = autograph.function(calls_a_function)
    x = np.arange(3.0)
    np.testing.assert_allclose(traced(x), x * 2.0 + 1.0)
    _set("SCALE", 5.0)
    np.testing.assert_allclose(traced(x), x * 5.0 + 1.0)


settings = types.ModuleType("settings")  # a settings module of the program's own (no file: made here)
settings.__file__ = __file__
settings.RATE = 0.5


def reads_a_settings_module(x):
    return x * settings.RATE


def test_an_attribute_of_a_module_of_the_program(monkeypatch):
    monkeypatch.setattr(settings, "RATE", 0.5)
    traced = autograph.function(reads_a_settings_module)
    x = np.arange(3.0)
    np.testing.assert_allclose(traced(x), x * 0.5)
    settings.RATE = 0.25
    np.testing.assert_allclose(traced(x), x * 0.25)
    assert traced.tracing_count == 2
    np.testing.assert_allclose(traced(x), x * 0.25)
    assert traced.tracing_count == 2


def reads_everything(x):
    if USE_BIAS:
        x = x + WEIGHTS[1]
    return x * SCALE + W * CONFIG["lr"] + settings.RATE


# A change: (what, a value for it); applied to the module's state as the program would make it.
_APPLY = {
    "SCALE": lambda v: _set("SCALE", v),
    "W[k]": lambda v: _write(W, int(abs(v)) % 3, v),
    "W": lambda v: _set("W", np.full(3, v)),
    "lr": lambda v: CONFIG.__setitem__("lr", v),
    "WEIGHTS[1][k]": lambda v: _write(WEIGHTS[1], int(abs(v)) % 3, v),
    "USE_BIAS": lambda v: _set("USE_BIAS", v > 0),
    "RATE": lambda v: setattr(settings, "RATE", v),
}


@pytest.mark.parametrize("mode", [dict(), dict(executor="jax")], ids=["interpreter", "xla"])
@hypothesis.settings(max_examples=25, deadline=None,
                     suppress_health_check=[hypothesis.HealthCheck.function_scoped_fixture])
@hypothesis.given(steps=st.lists(st.one_of(st.just(None), st.tuples(st.sampled_from(sorted(_APPLY)),
                                                                       # (XLA flushes subnormals, docs/jax.md: none
                                                                       # drawn, nor a tiny normal whose product is one)
                                                                       st.floats(-4, 4, allow_nan=False,
                                                                                 allow_subnormal=False).filter(
                                                                           lambda v: v == 0 or abs(v) > 1e-300))),
                                 max_size=12))
def test_random_changes_between_calls_match_eager(mode, steps, monkeypatch):
    """Calls and changes in any order: every call gives eager's answer for the state at that moment, and a
    call traces only when something it read changed since the last trace."""
    monkeypatch.setattr(settings, "RATE", 0.5)
    state = dict(SCALE=2.0, W=np.array([1.0, 2.0, 3.0]), CONFIG={"lr": 0.5}, WEIGHTS=[np.ones(3), np.full(3, 2.0)],
                 USE_BIAS=True)
    for name, value in state.items():
        monkeypatch.setitem(globals(), name, value)
    traced = autograph.function(reads_everything, **mode)
    x = np.array([1.0, -2.0, 0.5])
    warnings.simplefilter("ignore", autograph.RetracingWarning)  # (monkeypatch-free: pytest restores the filters)
    calls_match_eager_between_changes(traced, reads_everything, x, steps, _APPLY)
    assert traced.tracing_count <= 2 + sum(step is not None for step in steps)


@pytest.mark.parametrize("change, named", [
    (lambda: CONFIG.__setitem__("lr", 0.1), "CONFIG['lr']"),
    (lambda: _write(W, 1, 0.0), "W changed"),
    (lambda: setattr(settings, "RATE", 3.0), "settings.RATE"),
    (lambda: WEIGHTS.__setitem__(1, np.zeros(3)), "WEIGHTS[1]"),
])
def test_a_stale_concrete_function_names_the_place_that_changed(change, named, monkeypatch):
    monkeypatch.setattr(settings, "RATE", 0.5)
    concrete = autograph.function(reads_everything).get_concrete_function(np.ones(3))
    change()
    with pytest.raises(autograph.StaleTraceError, match=re.escape(named)):
        concrete(np.ones(3))


class Scaler:
    def __init__(self, scale):
        self.scale = scale

    def __call__(self, x):
        return x * self.scale


def test_a_callable_objects_attributes_and_a_partials_arguments():
    import functools

    scaler = Scaler(2.0)
    traced = autograph.function(scaler)
    x = np.arange(3.0)
    np.testing.assert_allclose(traced(x), x * 2.0)
    scaler.scale = 5.0
    np.testing.assert_allclose(traced(x), x * 5.0)
    offsets = [1.0]
    shifted = autograph.function(functools.partial(lambda x, o: x + o[0], o=offsets))
    np.testing.assert_allclose(shifted(x), x + 1.0)
    offsets[0] = -1.0
    np.testing.assert_allclose(shifted(x), x - 1.0)


def test_a_read_only_array_is_not_compared_and_a_writeable_view_of_it_is(monkeypatch):
    frozen = np.arange(3.0)
    frozen.flags.writeable = False
    monkeypatch.setitem(globals(), "W", frozen)
    traced = autograph.function(reads_an_array)
    x = np.ones(3)
    traced(x)
    assert [kind for kind, *_ in traced._guards[0].pictures] == ["frozen"]
    base = np.arange(3.0)
    view = base[:]
    view.flags.writeable = False  # (its base is writeable: a write into base changes it)
    monkeypatch.setitem(globals(), "W", view)
    np.testing.assert_allclose(traced(x), view * x)
    base[0] = 10.0
    np.testing.assert_allclose(traced(x), view * x)
    assert traced.tracing_count == 3
    # A frozen view of a frozen base whose base is made writeable again: it can change, so it is compared again.
    owner = np.arange(3.0)
    frozen_view = owner[:]
    owner.flags.writeable = frozen_view.flags.writeable = False
    monkeypatch.setitem(globals(), "W", frozen_view)
    np.testing.assert_allclose(traced(x), frozen_view * x)
    owner.flags.writeable = True
    owner[1] = -5.0
    np.testing.assert_allclose(traced(x), frozen_view * x)
    assert traced.tracing_count == 5


class Slotted:
    __slots__ = ("gain",)

    def __init__(self, gain):
        self.gain = gain


GAIN = Slotted(2.0)


def reads_a_slot(x):
    return x * GAIN.gain


def test_an_attribute_of_an_object_with_slots():
    traced = autograph.function(reads_a_slot)
    x = np.arange(3.0)
    np.testing.assert_allclose(traced(x), x * 2.0)
    GAIN.gain = 3.0
    try:
        np.testing.assert_allclose(traced(x), x * 3.0)
    finally:
        GAIN.gain = 2.0


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # (one landed in a gc callback)
def test_interrupts_at_many_points_leave_no_stale_trace():
    """A KeyboardInterrupt anywhere in a call (its guard check, the dropping of the traces, a trace, a run) leaves
    the Function giving eager's answer for the state at its next call."""
    traced = autograph.function(reads_everything)
    x = np.array([1.0, -2.0, 0.5])

    def calls(step):
        for k in range(10):
            _set("SCALE", float(step % 3 + k % 2))
            W[k % 3] = float(step % 5)
            traced(x)

    def check(step):
        # Nothing a trace sets for its time is left set (a leak broke every later Variable of the thread).
        assert importlib.import_module("autograph.function")._on_variable_created.get() is None, step
        assert staged_host_functions.get() is None and not runtime.tracing(), f"after interrupt {step}"
        assert file_reads.opened_files.get() is None, f"after interrupt {step}"
        np.testing.assert_allclose(traced(x), reads_everything(x), err_msg=f"after interrupt {step}")

    warnings.simplefilter("ignore", autograph.RetracingWarning)
    assert interrupted_at_many_points(200, 50, calls, check) > 50  # the interrupts did land, at many points
