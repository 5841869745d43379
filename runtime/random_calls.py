"""NumPy's random functions called while a backend traces: the backend stages the draw, or refuses it.

Before (the user's code)::

    noise = np.random.normal(size=x.shape)
    u = rng.uniform()

After (converted code: the converter never leaves a random callee plain, autograph/converters/call_trees.py)::

    noise = ag__.call(np.random.normal)(size=x.shape)
    u = ag__.call(rng.uniform)()

A random function draws from its generator's state when it is called. Called while a graph (or JAX)
traces, it would draw once, and the numbers would be constants of the traced program: every later
call would return them again, where eager code draws new ones. So ``ag__.call`` (runtime/calls.py)
gives such a callee to the backend that is tracing now (``Backend.random_call``): the graph backend
stages a random op that draws when the graph runs (runtime/graph/numpy_random.py), JAX's refuses.
With no backend tracing, the callee is returned as it is and draws now, as in eager code.

Which callables count (``is_random``): the methods of a ``np.random.Generator``, ``RandomState`` or
bit generator (the functions of ``np.random`` are methods of its global ``RandomState``), and the
other functions and classes of ``np.random`` (``seed``, ``default_rng``, ``Generator``,
``RandomState``, ``PCG64``, ``SeedSequence``...), which seed, make or read a generator; and the methods
of Python's own ``random.Random`` (the functions of the ``random`` module are methods of its global one:
``random.random()``, ``random.choice(seq)``, ``random.shuffle(xs)``), which no backend stages: both refuse
them (until stop 71 they drew once, while tracing, and the graph returned that number at every call).
"""

from __future__ import annotations

import ctypes
import random as python_random
from typing import Any, Callable, Iterable

import numpy as np
import numpy.random

from runtime.backend import staging_backends
from runtime.staging import NotStageable, user_location

# Types whose bound methods draw from (or seed, or read) a generator's state: NumPy's, and Python's own
# (``random.Random``, which SystemRandom subclasses).
GENERATOR_TYPES = (np.random.Generator, np.random.RandomState, np.random.BitGenerator, python_random.Random)
# id -> callable, for np.random's callables that are not bound methods of a generator (kept alive here,
# so an id found in the table is theirs): looked up by id, which asks nothing of the callee.
RANDOM_CALLABLES: dict[int, Any] = {}
for _name in dir(np.random):
    _value = getattr(np.random, _name)
    if not _name.startswith("_") and callable(_value) and _name != "test" \
            and not isinstance(getattr(_value, "__self__", None), GENERATOR_TYPES):
        RANDOM_CALLABLES[id(_value)] = _value
_GLOBAL = np.random.mtrand._rand  # the RandomState behind np.random.normal, np.random.seed, ...


def is_random(f: Any) -> bool:
    """Whether calling ``f`` draws from, seeds, makes or reads a NumPy random generator."""
    if id(f) in RANDOM_CALLABLES:
        return True
    try:
        owner = getattr(f, "__self__", None)
    except Exception:  # an object whose attribute look-up fails is no generator's method
        return False
    return isinstance(owner, GENERATOR_TYPES)


def describe(f: Any) -> str:
    """How the user wrote ``f``, near enough: ``np.random.normal``, ``Generator.normal``, ``np.random.seed``."""
    name = getattr(f, "__name__", repr(f))
    owner = getattr(f, "__self__", None)
    if isinstance(owner, python_random.Random):
        return f"random.{name}" if owner is getattr(python_random, "_inst", None) else f"{type(owner).__name__}.{name}"
    if owner is None or owner is _GLOBAL or id(f) in RANDOM_CALLABLES:
        return f"np.random.{name}"
    return f"{type(owner).__name__}.{name}"


# The random callables that make, seed or read a generator's state without drawing from it.
_STATE_CALLS = frozenset({"seed", "get_state", "set_state", "default_rng", "get_bit_generator",
                          "set_bit_generator", "spawn", "jumped", "getstate", "setstate"})


def draws(f: Any) -> bool:
    """Whether ``f``, a random callable (``is_random``), draws numbers; False for those that make, seed or
    read a generator (``np.random.seed``, ``RandomState(...)``, ``Generator.spawn``, ``get_state``)."""
    return not isinstance(f, type) and getattr(f, "__name__", "") not in _STATE_CALLS


def random_call(f: Callable) -> Callable:
    """What converted code calls in place of ``f``, a random callable (``is_random``): the answer of the
    first backend tracing now on this thread that has one (a staged draw, or a refusal), else ``f``."""
    for backend in staging_backends():
        staged = backend.random_call(f)
        if staged is not NotImplemented:
            return staged
    return f


# --- draws that no backend staged ------------------------------------------------------------------

class GeneratorWatch:
    """The states of some generators as a trace starts, to tell at its end whether one drew while the
    function was traced in code that no backend staged (a library function, a function traced with
    ``autograph=False``): those numbers are frozen into the traced program, where eager code would draw
    new ones at every call. ``check()`` then refuses the trace.

    NumPy's global generator is watched only when asked (``global_generator``: for a function traced with
    ``autograph=False``, where every draw is unstaged): the whole process shares it, and other threads, or a
    module imported meanwhile (``import jax`` draws from it), change it without the function drawing."""

    def __init__(self, arguments: Iterable[Any] = (), global_generator: bool = False) -> None:
        """Watch each ``Generator`` / ``RandomState`` among ``arguments`` (the function's arguments, which it
        may hand to code no backend stages), and NumPy's global generator if ``global_generator``."""
        self.watched: dict[int, tuple[Any, Any, str]] = {}
        if global_generator:
            self.watch(_GLOBAL, "NumPy's global generator (np.random)")
        for value in arguments:
            if isinstance(value, (np.random.Generator, np.random.RandomState)):
                self.watch(value, f"the {type(value).__name__} passed in as an argument")

    def watch(self, generator: Any, what: str) -> None:
        """Compare ``generator`` (described as ``what``) at the end with its state now, unless watched already (or
        it keeps no state: ``random.SystemRandom`` draws from the operating system)."""
        if id(generator) not in self.watched and not isinstance(generator, python_random.SystemRandom):
            self.watched[id(generator)] = (generator, _state(generator), what)

    def drawn(self) -> list[str]:
        """What each watched generator that changed since it was watched was described as."""
        return [what for generator, state, what in self.watched.values() if not _same(state, _state(generator))]

    def check(self) -> None:
        for what in self.drawn()[:1]:
            raise NotStageable(
                f"{user_location()}: {what} drew numbers while this function was traced, in code that autograph "
                "does not stage as a draw (a library function, a property or an operator method of yours, which "
                "run as written, a function traced with autograph=False, a method of the generator's "
                "bit_generator): those numbers would be constants of the traced program, the "
                "same at every call, where eager code draws new ones. Call NumPy's random functions in the "
                "converted function itself, or draw outside it and pass the numbers in. (Another thread drawing "
                "from the same generator while the function was traced looks the same.)")


_MT19937_BYTES = 624 * 4 + 4  # mt19937_state: uint32_t key[624]; int pos


def _state(generator: Any) -> Any:
    """What changes when ``generator`` draws: its bit generator's state. MT19937's (NumPy's global one's)
    as its bytes: its ``state`` property copies the 624 words one at a time (~50 µs, at every trace), its
    memory reads in a microsecond. (A ``RandomState`` also caches one Gaussian of each pair it draws;
    a draw that only takes that cached value changes no bit generator state, and is not seen.)"""
    if isinstance(generator, python_random.Random):
        return generator.getstate()  # (Python's own: a tuple of 625 numbers)
    if isinstance(generator, np.random.RandomState):
        bit_generator = generator._bit_generator  # (NumPy's attribute: RandomState has no public one)
    elif isinstance(generator, np.random.BitGenerator):
        bit_generator = generator
    else:
        bit_generator = generator.bit_generator
    if type(bit_generator) is np.random.MT19937:
        return ctypes.string_at(bit_generator.ctypes.state_address, _MT19937_BYTES)
    return bit_generator.state


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and np.array_equal(a, b)
    return type(a) is type(b) and a == b
