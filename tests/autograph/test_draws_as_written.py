"""Random draws in code that runs as written while a function is traced: a property, an item or length method, an
operator method of the user's class. Python calls those itself (no call of converted code stands there), so they
run as written, and NumPy's ``np.random.normal()`` or Python's ``random.random()`` in them draws once, while
tracing: until stop 87 the graph held those numbers and gave them back at every call, silently.

Now the trace's guard (autograph/trace_guards.py) watches the generators such code may draw from (NumPy's and
Python's global ones, and every generator the guard's pictures meet: a global ``rng``, ``self.rng``) and a trace in
which one changed never stands: each call traces again and draws, as eager code draws at every call, in eager's
order. A draw as written after a draw the graph staged from the same generator would come first when the graph
runs: refused (runtime/graph/numpy_random.py). Each program runs seeded on every executor and backend, and its
graph must give eager's numbers call after call.
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

import autograph

MODES = [dict(), dict(executor="jax"), dict(executor="auto"), dict(backend="jax")]
MODE_IDS = ["interpreter", "xla", "auto", "backend-jax"]

rng = np.random.default_rng(0)


class Noisy:
    def __init__(self) -> None:
        self.own = np.random.default_rng(0)

    @property
    def global_draw(self):
        return np.random.normal(size=3)

    @property
    def module_rng_draw(self):
        return rng.normal(size=3)

    @property
    def python_draw(self):
        return random.random()

    @property
    def own_rng_draw(self):
        return self.own.uniform(size=3)

    def __getitem__(self, i):
        return np.random.uniform() + i

    def __len__(self):
        return int(random.random() * 1000)


noisy = Noisy()


def through_a_property(x):
    return x + noisy.global_draw


def through_a_global_generator(x):
    return x * noisy.module_rng_draw


def through_pythons_random(x):
    return x - noisy.python_draw


def through_self(x, obj):
    return x + obj.own_rng_draw


def through_getitem(x):
    return x + noisy[2]


def through_len(x):
    return x * len(noisy)


def drawn_as_written_then_staged(x):
    return x + noisy.global_draw + np.random.normal(size=3)  # (eager's order: the property's numbers first)


PROGRAMS = {
    "property, np.random": (through_a_property, ()),
    "property, a module's Generator": (through_a_global_generator, ()),
    "property, Python's random": (through_pythons_random, ()),
    "property, self's Generator": (through_self, ("obj",)),
    "__getitem__": (through_getitem, ()),
    "__len__": (through_len, ()),
    "as written, then staged": (drawn_as_written_then_staged, ()),
}


def _seed(seed: int) -> None:
    global rng
    np.random.seed(seed)
    random.seed(seed)
    rng = np.random.default_rng(seed)
    noisy.own = np.random.default_rng(seed)


def _calls(fn, extra):
    x = np.array([0.5, -1.0, 2.0])
    arguments = [noisy for _ in extra]
    return [np.asarray(fn(x, *arguments)) for _ in range(3)]


@pytest.mark.parametrize("mode", MODES, ids=MODE_IDS)
@pytest.mark.parametrize("program", list(PROGRAMS))
def test_a_draw_as_written_gives_eagers_numbers_at_every_call(program, mode):
    fn, extra = PROGRAMS[program]
    if program == "as written, then staged" and mode:
        pytest.skip("XLA and JAX refuse NumPy's staged draws (tests/runtime/graph/test_numpy_random.py)")
    _seed(3)
    eager = _calls(fn, extra)
    assert not np.allclose(eager[0], eager[1]), "the draws differ between calls (else the check could not fail)"
    _seed(3)
    traced = autograph.function(fn, **mode)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        got = _calls(traced, extra)
    for k, (a, b) in enumerate(zip(got, eager)):
        np.testing.assert_allclose(a, b, rtol=1e-6, err_msg=f"call {k}")  # (backend="jax": float32 without x64)
    assert traced.tracing_count == 3, "each call traced again"


def staged_then_drawn_as_written(x):
    return x + np.random.normal(size=3) + noisy.global_draw


def test_a_draw_as_written_after_a_staged_one_is_refused():
    """When the graph runs, its staged draw would come after the one made while tracing: not eager's order."""
    traced = autograph.function(staged_then_drawn_as_written)
    with pytest.raises(autograph.NotStageable, match=r"NumPy's global generator \(np.random\), drawn from at .*"
                       r"test_draws_as_written.py:\d+, drew numbers while this function was traced.*a property"):
        traced(np.zeros(3))


def test_the_retracing_warning_names_the_generator_and_why():
    traced = autograph.function(through_a_property)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(8):
            traced(np.zeros(3))
    messages = [str(w.message) for w in caught if issubclass(w.category, autograph.RetracingWarning)]
    assert any("the state of NumPy's global generator (np.random), drawn from in code that runs as written while "
               "traced (a property" in m for m in messages), messages


def draws_nothing(x):
    return x * 2.0


def test_a_trace_that_draws_nothing_stands_while_other_code_draws_between_calls():
    """The generators' states are compared over the trace only, never at a call: eager draws between calls are the
    program's own."""
    traced = autograph.function(draws_nothing)
    for _ in range(3):
        np.random.normal()
        random.random()
        rng.normal()
        traced(np.ones(3))
    assert traced.tracing_count == 1


def test_a_system_random_is_not_watched():
    """``random.SystemRandom`` keeps no state (it reads the operating system's): nothing to compare, no error."""
    from runtime.random_calls import GeneratorWatch

    watch = GeneratorWatch()
    watch.watch(random.SystemRandom(), "the SystemRandom")
    assert watch.watched == {} and watch.drawn() == []


class Draws:
    """A generator of its own, drawn from as written (a property): each thread's object is its own."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    @property
    def noise(self):
        return self.rng.normal(size=3)


def with_noise(x, source):
    return x + source.noise


def test_threads_drawing_as_written_each_get_eagers_numbers():
    """Eight threads, each with its own generator, one Function: each thread's results are eager's for its seed,
    while other threads draw from np.random's global generator (which makes traces that draw nothing trace again,
    and never gives a wrong number)."""
    from tests.helpers import in_threads

    traced = autograph.function(with_noise)
    plain = autograph.function(draws_nothing)
    x = np.zeros(3)

    def work(k):
        expected = Draws(k)
        got = Draws(k)
        for _ in range(5):
            np.random.normal()  # (another thread's draw from the global generator, as the others trace)
            want = with_noise(x, expected)
            np.testing.assert_allclose(traced(x, got), want)
            np.testing.assert_allclose(plain(x), x * 2.0)

    with warnings.catch_warnings():  # (the filters are the process's: set once, around all the threads)
        warnings.simplefilter("ignore", autograph.RetracingWarning)
        in_threads(work, 8)
