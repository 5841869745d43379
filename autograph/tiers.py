"""Two tiers of converted code: the function as written while no staged value can exist, the general
conversion after.

    converted = autograph.convert(f)   # no JAX imported, no trace: f as written (the plain tier)
    import jax                         # staged values may exist from now on: every live function of
                                       # the plain tier gets the general code (ifs and loops lowered)

While ``runtime.PLAIN`` holds (runtime/plain.py), nothing a converted function meets can be staged,
so converting its ifs, loops and calls buys nothing: the plain tier is the function's own code,
compiled in the loader's factory (autograph/loading.py), so that it can take the general code later.
It converts in about the time of a parse and a compile, and runs as the original does. Functions it
makes at run time (nested defs, lambdas) are the user's own: converted code calling one converts it.

Each function of the plain tier is remembered here (weakly) when it is made. The moment the flag
turns False (a trace starts, a watched package such as JAX is imported, a backend is registered),
before the code that turned it goes on, each of them gets its conversion's general code
(``function.__code__``), converted then from the source lines the plain tier read. A call already
running keeps its frame, with the plain values it has. The general code also runs plain values in
place (converters/in_place.py), so a function keeps it from then on.
"""

from __future__ import annotations

import logging
import threading
import types
import weakref
from typing import Callable

import runtime
from runtime import plain

_log = logging.getLogger("autograph")
_lock = threading.Lock()
# id(function of the plain tier) -> (weak references to it and to its original, how to get its general
# code). Weak both ways: ag__.call's table keeps a converted callee for as long as its original lives, so a
# strong reference to the original here would keep both for ever.
_plain_functions: dict[int, tuple[weakref.ref, weakref.ref, Callable]] = {}


def remember(function: types.FunctionType, original: types.FunctionType,
             general: Callable[[types.FunctionType], types.CodeType]) -> None:
    """Note ``function`` (plain tier) to get ``general(original)`` as its code when staged values may appear."""
    key = id(function)
    with _lock:
        _plain_functions[key] = (weakref.ref(function, lambda reference, key=key: _forget(key, reference)),
                                 weakref.ref(original), general)
    if not runtime.PLAIN:  # the flag turned while it was made: the listener may have run already
        upgrade_all()


def _forget(key: int, reference: weakref.ref) -> None:
    entry = _plain_functions.get(key)
    if entry is not None and entry[0] is reference:
        del _plain_functions[key]


def upgrade_all() -> None:
    """Give every live function of the plain tier its general code (plain.on_staged calls it)."""
    while _plain_functions:
        with _lock:
            if not _plain_functions:
                return
            _, (reference, original_reference, general) = _plain_functions.popitem()
        function, original = reference(), original_reference()
        if function is None or original is None:  # (its original gone, it cannot be converted: it stays as
            continue                                #  written, loud on a staged value as above)
        try:
            function.__code__ = general(original)
        except Exception as error:  # noqa: BLE001  (a converter bug must not break the user's program)
            # It keeps its plain code: a staged value reaching an `if` in it then raises the backend's
            # own error (a graph tensor's or a tracer's truth), never a silent wrong result.
            _log.warning("autograph could not convert %s for staged values (%s: %s); it runs as Python. "
                         "Please report this as a bug.", original.__qualname__, type(error).__name__, error)


plain.on_staged(upgrade_all)
