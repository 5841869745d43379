"""Which ``try`` statements of the user's are running, for the graph to name an error it would raise past them.

    try:                                                 # converted form (autograph/converters/handlers.py)
        with ag__.catching(lambda: (LinAlgError,)):
            k = np.linalg.inv(s)
    except LinAlgError:
        ag__.reraise_limitation()
        k = 0.0

A ``try`` runs while its function is traced; a graph node that fails only when the graph runs (a singular
matrix in ``inv``, an index out of bounds, a staged ``raise``) fails after it, past its handler. Eager code's
handler would have caught that error and gone on, so such a node, made where a running ``try`` would catch its
error, raises ``HandlerNotRun`` when it fails (``runtime.graph.run_time_errors``), not its own error, which the
caller could catch and go on from with another answer. The handlers' classes are asked only when such a node is
made (the thunk): most ``try`` blocks stage nothing that fails.

The running ``try`` blocks are per thread and context (a ContextVar), each entered and left by a ``with``,
so an exception leaving the block leaves it. An interrupt (Ctrl-C) landing as ``__exit__`` starts, before it
resets the variable, leaves the entry behind in that context: a graph trace starts with none (in its own copy
of the caller's context: runtime/graph/tracing.py), so the leftover never reaches another trace; inside the trace
it was left in, it could only make a node's failure ``HandlerNotRun`` that would have been the node's own error
(never the reverse), and only where the program caught the interrupt and went on tracing.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any, Callable, Iterator, Optional

# The handlers' classes of the running `try` blocks of converted code, outermost first (empty: none runs, the
# builder's quick test before ``catcher``).
RUNNING: ContextVar[tuple[Callable[[], Any], ...]] = ContextVar("autograph_running_try_blocks", default=())


class catching:  # noqa: N801  (used as a function: ``with ag__.catching(lambda: (E,)):``)
    """``with ag__.catching(classes):`` around the body of a ``try`` that has ``except`` clauses: ``classes``
    gives what its handlers catch, as an ``except`` clause names it (a class, or a tuple of them; ``...`` for a
    bare ``except:``, which catches anything)."""

    __slots__ = ("classes", "_token")

    def __init__(self, classes: Callable[[], Any]) -> None:
        self.classes = classes

    def __enter__(self) -> None:
        running = RUNNING.get()
        try:
            self._token = RUNNING.set(running + (self.classes,))
        except BaseException:  # an interrupt that landed right after the set: undone (the `with` never entered)
            RUNNING.set(running)
            raise

    def __exit__(self, *exc_info: Any) -> None:
        RUNNING.reset(self._token)


def catcher(error: type[BaseException]) -> Optional[tuple[Callable[[], Any], Any]]:
    """``(thunk, classes)`` of the innermost running ``try`` whose handlers would catch ``error`` raised here, or
    some kind of it (a node that may raise any ``Exception``, a Python function called when the graph runs, meets
    an ``except ValueError:``: which it raises, the run decides), or None. Handlers whose classes cannot be computed
    now (a name not bound yet) or are no classes (a bare ``except:``, ``...``) count as catching anything
    (``BaseException``): the error standing for a handler is then the safe answer."""
    for thunk in reversed(RUNNING.get()):
        try:
            classes = thunk()
        except Exception:  # noqa: BLE001  (its expression fails here)
            return thunk, BaseException
        if not exception_classes(classes):
            return thunk, BaseException
        if issubclass(error, classes) or any(issubclass(c, error) for c in flat_classes(classes)):
            return thunk, classes
    return None


def flat_classes(classes: Any) -> Iterator[Any]:
    """The items of what an ``except`` clause names (a class, or tuples of them, nested), one by one."""
    if isinstance(classes, tuple):
        for c in classes:
            yield from flat_classes(c)
    else:
        yield classes


def exception_classes(classes: Any) -> bool:
    """Whether ``classes`` is what an ``except`` clause may name: an exception class, or a tuple of them (nested)."""
    return all(isinstance(c, type) and issubclass(c, BaseException) for c in flat_classes(classes))


def try_site(classes: Callable[[], Any]) -> tuple[str, int]:
    """(file, line) of the first statement of the ``try`` body whose handlers' thunk is ``classes`` (the thunk stands
    at its line)."""
    code = classes.__code__
    return code.co_filename, code.co_firstlineno
