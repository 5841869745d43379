"""Python iterators a traced function advances with ``next()``: refused where they outlive the call.

Before (the user's code)::

    batches = iter(dataset)

    @autograph.function
    def step(w):
        x = next(batches)          # a global iterator, advanced while tracing
        return w - 0.1 * gradient(w, x)

Traced, ``next(batches)`` takes one item, once, while tracing: the graph holds that item as a constant, and every
call would train on it again, where eager code takes the next batch at each call (the iterator is Python state,
which no graph stages). The converter sends ``next(...)`` through ``ag__.call(next)`` (runtime/clock_calls.py);
while a graph is traced, ``advance`` notes each iterator it advances, and as the outermost trace ends
(runtime/graph/tracing.py), ``watch_trace``'s check refuses the trace (``NotStageable`` at the line of the ``next``)
if one of them, or an iterator it takes its items from (``enumerate(zip(a, b))``), is still held by anything: a
global, a closure's variable, an object's attribute, an argument the caller holds. An iterator the function made
for itself (``it = iter(rows); first = next(it)``) went with its frame: no refusal.

Only ``next()`` in converted code is seen: a loop over a shared iterator, or code autograph does not convert,
advances it while tracing as any Python side effect there runs once (docs/graphs.md, "Iterators").
"""

from __future__ import annotations

import gc
import sys
from contextvars import ContextVar
from typing import Any, Callable, Optional

from runtime.operators import inner_iterators_held_only_by
from runtime.references import COUNTS_REFERENCES
from runtime.staging import NotStageable, user_location

_NO_DEFAULT = object()
# The iterators the outermost trace running in this context advanced, by id (each held here, so its id stays its own
# until the check): [iterator, where] lists (a list, so that the check can drop its reference before it counts).
_ADVANCED: ContextVar[Optional[dict]] = ContextVar("runtime_graph_advanced_iterators", default=None)


def advance(iterator: Any, default: Any = _NO_DEFAULT) -> Any:
    """``next(iterator[, default])`` while a graph is traced, noting ``iterator`` for the trace's end."""
    advanced = _ADVANCED.get()
    if advanced is not None and id(iterator) not in advanced:
        advanced[id(iterator)] = [iterator, user_location()]
    return next(iterator) if default is _NO_DEFAULT else next(iterator, default)


def watch_trace() -> Callable[[], None]:
    """Called as an outermost trace starts (in the trace's own context): the check for its end."""
    advanced: dict = {}
    _ADVANCED.set(advanced)

    def check() -> None:
        while advanced:
            _, entry = advanced.popitem()
            iterator, where = entry
            entry.clear()  # (from here on, the variable `iterator` is this check's only reference)
            if _outlives(iterator):
                raise NotStageable(
                    f"{where}: next() of {_a(type(iterator).__name__)} that outlives the call (a global, a closure's "
                    "variable, an attribute, an argument) while a graph is traced: the graph holds the item it gave "
                    "while tracing as a constant, so every call would get that item again, where eager code takes the "
                    "next one (Python's iterators are state no graph stages). Take the item outside the function and "
                    "pass it in as an argument (x = next(batches); step(w, x)), or make the iterator inside the "
                    "function")
    return check


def _outlives(iterator: Any) -> bool:
    """Whether anything holds ``iterator`` (or an iterator it takes items from) but the caller's one variable."""
    if COUNTS_REFERENCES:
        # (the check's variable, this function's argument, getrefcount's own)
        return sys.getrefcount(iterator) != 3 or not inner_iterators_held_only_by(iterator)
    ours = (sys._getframe(), sys._getframe(1))  # (3.10: frames refer to their variables)
    return any(all(referrer is not frame for frame in ours) for referrer in gc.get_referrers(iterator)) or (
        not inner_iterators_held_only_by(iterator))


def _a(name: str) -> str:
    return f"an {name}" if name[:1] in "aeiou" else f"a {name}"
