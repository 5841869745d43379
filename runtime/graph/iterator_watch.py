"""Python iterators a traced function advances (``next()``, a ``for`` loop): refused where they outlive the call.

Before (the user's code)::

    batches = iter(dataset)

    @autograph.function
    def step(w):
        x = next(batches)          # a global iterator, advanced while tracing
        return w - 0.1 * gradient(w, x)

Traced, ``next(batches)`` takes one item, once, while tracing: the graph holds that item as a constant, and every
call would train on it again, where eager code takes the next batch at each call (the iterator is Python state,
which no graph stages). The converter sends ``next(...)`` through ``ag__.call(next)`` (runtime/clock_calls.py);
while a graph is traced, ``advance`` notes each iterator it advances, and so does a converted ``for`` loop over an
iterator (runtime/iterator_notes.py). As the outermost trace ends (runtime/graph/tracing.py), ``watch_trace``'s
check refuses the trace (``NotStageable`` at the line of the ``next`` or the loop) if one of them is still held by
anything: a global, a closure's variable, an object's attribute, an argument the caller holds. An iterator the
function made for itself (``it = iter(rows); first = next(it)``) went with its frame: no refusal.

Only ``next()`` and ``for`` loops in converted code are seen: ``list(it)``, a comprehension over it, or code
autograph does not convert advances it while tracing as any Python side effect there runs once (docs/graphs.md,
"Iterators"); and a ``zip`` (``enumerate``, ``map``) the function makes over a shared iterator is the function's own,
though it advances the shared one.
"""

from __future__ import annotations

import gc
import sys
from sys import _getframe  # (bound at import: a program may delete or replace sys._getframe)
from typing import Any, Callable

from runtime.iterator_notes import ADVANCED, note
from runtime.references import COUNTS_REFERENCES
from runtime.staging import NotStageable

_NO_DEFAULT = object()


def advance(iterator: Any, default: Any = _NO_DEFAULT) -> Any:
    """``next(iterator[, default])`` while a graph is traced, noting ``iterator`` for the trace's end."""
    note(iterator)
    return next(iterator) if default is _NO_DEFAULT else next(iterator, default)


def watch_trace(traced: str = "a graph is traced", holder: str = "the graph") -> Callable[[], None]:
    """Called as an outermost trace starts (in the trace's own context): the check for its end. ``traced`` and
    ``holder`` name the trace in the refusal (``autograph.function(backend="jax")``'s: "JAX traces", "the compiled
    function")."""
    advanced: dict = {}
    ADVANCED.set(advanced)

    def check() -> None:
        # Each entry checked with its own reference dropped; one still held is looked at again after the others (a
        # `zip` the function made holds the iterators it takes items from until it goes): held after a round that
        # freed nothing, it outlives the call.
        pending = list(advanced.values())
        advanced.clear()
        collected = False
        while pending:
            held, freed = [], False
            while pending:
                entry = pending.pop()
                iterator, where = entry
                entry.clear()  # (from here on, the variable `iterator` is this check's only reference)
                if _outlives(iterator):
                    held.append([iterator, where])
                else:
                    freed = True
                del iterator
            if held and not freed and not collected:
                # (The function's closures may hold its variables in a cycle the collector has not freed yet: a block
                # that reads `it` and the block that calls it. Collect once, and look again.)
                gc.collect()
                collected = freed = True
            if held and not freed:
                iterator, where = held[0]
                raise NotStageable(
                    f"{where}: next() (or a for loop) of {_a(type(iterator).__name__)} that outlives the call (a "
                    f"global, a closure's variable, an attribute, an argument) while {traced}: {holder} holds "
                    "the items it gave while tracing as constants, so every call would get those items again, where "
                    "eager code takes the next ones (Python's iterators are state no graph stages). Take the items "
                    "outside the function and pass them in as an argument (x = next(batches); step(w, x)), or make "
                    "the iterator inside the function")
            pending = held
    return check


def _outlives(iterator: Any) -> bool:
    """Whether anything holds ``iterator`` but the check's one variable."""
    if COUNTS_REFERENCES:
        return sys.getrefcount(iterator) != 3  # (the check's variable, this function's argument, getrefcount's own)
    ours = (_getframe(), _getframe(1))  # (3.10: frames refer to their variables)
    return any(all(referrer is not frame for frame in ours) for referrer in gc.get_referrers(iterator))


def _a(name: str) -> str:
    return f"an {name}" if name[:1] in "aeiou" else f"a {name}"
