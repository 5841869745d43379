"""The iterators converted code advances while a graph is traced, noted for the trace's end.

    it = batches                       # a global iterator
    for x in it: ...                   # ag__.for_stmt(it, ...): noted
    y = next(it)                       # ag__.call(next)(it): noted (while a graph is traced)

runtime/graph/iterator_watch.py starts a table here as an outermost graph trace starts (``ADVANCED``, in the
trace's own context) and, as it ends, refuses the trace if an iterator noted in it outlives the call: the graph
would hold the items it gave while tracing as constants, where eager code takes new ones at each call. The loops
(runtime/operators.py, ``for_stmt``) note theirs here, without importing a backend; outside such a trace
``ADVANCED`` is None and noting costs one context-variable read.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any, Optional

from runtime.staging import user_location

# id -> [iterator, where] for the outermost graph trace running in this context (None outside one). The entry holds
# the iterator, so its id stays its own until the check; a list, so that the check can drop that reference.
ADVANCED: ContextVar[Optional[dict]] = ContextVar("runtime_advanced_iterators", default=None)


def note(iterator: Any) -> None:
    """Note ``iterator`` (an iterator converted code advances now) if a graph trace watches iterators."""
    advanced = ADVANCED.get()
    if advanced is not None and id(iterator) not in advanced:
        advanced[id(iterator)] = [iterator, user_location()]


def noted(iterator: Any) -> int:
    """The references to ``iterator`` its note holds (1 or 0): a count of who holds it allows for them."""
    advanced = ADVANCED.get()
    entry = None if advanced is None else advanced.get(id(iterator))
    return 1 if entry is not None and entry and entry[0] is iterator else 0
