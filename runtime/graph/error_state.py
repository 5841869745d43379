"""NumPy's floating-point error state (``np.errstate``) for the nodes a traced function makes inside its own blocks.

    def safe_log(x):
        with np.errstate(divide="ignore"):   # runs while the function is traced
            y = np.log(x)                    # staged: eager gives -inf for a 0, with no warning
        return y / x                         # staged outside the block: the caller's error state

The ``with`` runs while the function is traced; the graph's nodes run later, under the error state of the
graph's caller. So a node made while NumPy's error state is not the one its trace started with carries the state
it was made under (``ErrorState``, on its location: the optimization passes keep a node's location), and the
interpreter runs its kernel under that state: NumPy's own answer, warning or ``FloatingPointError``. A node made
outside such a block carries nothing and runs under the caller's state, as eager code does.

The state a node gets is resolved against the caller's when the graph runs: a mode the block changed (it differs
from the mode the trace started with) is the block's; any other is the caller's, as ``np.errstate(divide=...)``
leaves the other modes to its caller. Where the caller's state differs from the trace's in a mode the block
left as the trace had it, whether the block set that mode too (``all="ignore"`` sets ``under``, which was
``"ignore"`` already) is not known: the graph refuses the call (``ErrorStateChanged``) rather than guess.

XLA and numba compiled code signal no floating-point errors: a run whose state asks to raise, call or log one
(``all="raise"`` around the call, or in the function), or whose node a block's warnings filter makes an error, is
refused on ``executor="jax"`` (``SilentFloatingPoint``), and ``executor="numba"`` and ``"auto"`` run it on the
interpreter. Their lost warnings are documented (docs/jax.md).

A node made inside the function's own ``warnings.catch_warnings()`` block keeps that block's filters the same way
(``WarningFilters``): the interpreter issues its RuntimeWarning under them (runtime/graph/kernels.py, ``failed``).
"""

from __future__ import annotations

import warnings
from contextvars import copy_context
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Optional

import numpy as np

from runtime.limits import ErrorStateChanged, SilentFloatingPoint
from runtime.staging import format_site, user_location

try:  # NumPy >= 2.0 keeps its error state in a ContextVar (per thread and context)
    from numpy._core._ufunc_config import _extobj_contextvar as EXTOBJ
except ImportError:  # pragma: no cover  (a NumPy that moved it: each node asks np.geterr(), slower, same answer)
    EXTOBJ = None

MODES = ("divide", "over", "under", "invalid")
ALL_MODES = frozenset({"ignore", "warn", "raise", "call", "print", "log"})  # what np.seterr takes
QUIET = frozenset({"ignore", "warn"})  # what compiled code can give: no error, and (documented) no warning


def current() -> Any:
    """An object standing for NumPy's error state now, the same object while nothing changes it."""
    if EXTOBJ is not None:
        return EXTOBJ.get()
    return (tuple(sorted(np.geterr().items())), np.geterrcall())  # pragma: no cover


# ``current`` as one C call where NumPy keeps its state in a ContextVar (the graph builder asks it per node).
current_fast = EXTOBJ.get if EXTOBJ is not None else current


def modes_now() -> tuple[dict[str, str], Any]:
    return np.geterr(), np.geterrcall()


@dataclass(frozen=True)
class ErrorState:
    """The error state a node was made under (``modes``, ``call``) and the one its trace started with
    (``ambient_modes``, ``ambient_call``); ``block``: where (file:line) the node was made, for messages."""

    modes: tuple[tuple[str, str], ...]
    call: Any
    ambient_modes: tuple[tuple[str, str], ...]
    ambient_call: Any
    block: str = ""

    def resolved(self, caller_modes: dict[str, str], caller_call: Any) -> tuple[dict[str, str], Any]:
        """(modes, call) this node runs under when the graph's caller runs under ``caller_modes`` / ``caller_call``;
        ``ErrorStateChanged`` where that cannot be known."""
        own, ambient = dict(self.modes), dict(self.ambient_modes)
        unsure = [k for k in MODES if own[k] == ambient[k] and caller_modes[k] != ambient[k]]
        modes = {k: own[k] if own[k] != ambient[k] else caller_modes[k] for k in MODES}
        # (the function called on a "call" mode: only then does whether the block set it matter)
        call_unsure = self.call is self.ambient_call and caller_call is not self.ambient_call and "call" in \
            modes.values()
        if unsure or call_unsure:
            names = ", ".join(unsure + ["call"] * call_unsure)
            raise ErrorStateChanged(
                f"{self.block}: this was traced inside an np.errstate block (or after np.seterr) under NumPy's error "
                f"state {_text(ambient)}, and the graph runs under {_text(caller_modes)}: whether the block sets "
                f"{names} too is not known (the trace saw {_text(own)} there), so the graph cannot tell which state "
                "eager NumPy would run it under. Call the function under the error state it was traced under, or "
                "trace it again under this one (a new autograph.function), or name every mode in the block "
                "(np.errstate(all=...) and the ones that differ).")
        return modes, self.call if self.call is not self.ambient_call else caller_call


def _text(modes: dict[str, str]) -> str:
    return "(" + ", ".join(f"{k}={modes[k]!r}" for k in MODES) + ")"


class Tracking:
    """What a trace knows of the error state: the one it started with, and the ``ErrorState`` of each state met
    since (the builder asks ``of(location)`` per node: one identity test while the state is the trace's)."""

    __slots__ = ("start", "filters", "_ambient", "_states")

    def __init__(self) -> None:
        self.start = current()
        self.filters = (warnings.filters, tuple(warnings.filters))  # (the list object, its items)
        self._ambient: Optional[tuple] = None
        self._states: dict[int, tuple[Any, tuple, Any]] = {}  # id(state object) -> (it, modes, call)

    def of(self, state: Any, location: tuple[str, int]) -> Optional[ErrorState]:
        """The ``ErrorState`` of a node made now at ``location`` under ``state`` (not the start's)."""
        known = self._states.get(id(state))
        if known is None or known[0] is not state:
            modes, call = modes_now()
            known = self._states[id(state)] = (state, tuple(modes.items()), call)
        if self._ambient is None:
            if EXTOBJ is None:  # pragma: no cover
                modes, call = dict(self.start[0]), self.start[1]
            else:  # (in a copy of the context: an interrupt anywhere leaves the caller's state as it was)
                modes, call = copy_context().run(_modes_under, self.start)
            self._ambient = (tuple(modes.items()), call)
        if known[1] == self._ambient[0] and known[2] is self._ambient[1]:
            return None  # set to what it was: nothing changed
        return ErrorState(known[1], known[2], *self._ambient, format_site(*location))


class StateLocation(tuple):
    """A node's location, ``(filename, line)`` as any node's, with the ``ErrorState`` and the ``WarningFilters``
    it was made under (None: the trace's own)."""

    errstate: Optional[ErrorState] = None
    warning_filters: Optional[WarningFilters] = None

    def __reduce__(self) -> Any:  # (pickled as the plain location, as run_time_errors.CaughtLocation)
        return tuple, (tuple(self),)


def with_state(location: tuple[str, int], errstate: Optional[ErrorState] = None,
               warning_filters: Optional[WarningFilters] = None) -> tuple[str, int]:
    """``location`` carrying ``errstate`` and ``warning_filters`` (a ``CaughtLocation`` keeps its class and carries
    them too)."""
    if type(location) is tuple:
        location = StateLocation(location)
    if errstate is not None:
        location.errstate = errstate  # (a location made for this node)
    if warning_filters is not None:
        location.warning_filters = warning_filters
    return location


@dataclass(frozen=True)
class WarningFilters:
    """The warnings filters a node was made under (``filters``, ``warnings.filters`` inside the function's own
    ``warnings.catch_warnings()`` block) and the trace's at its start (``ambient``). A run issues the node's
    RuntimeWarning under ``resolved``: the filters the block put in front of the trace's, then the caller's."""

    filters: tuple
    ambient: tuple

    def resolved(self, caller: list) -> list:
        """The filters eager code would have in the block, where the caller's are ``caller``: the block's own in
        front of the caller's where the block only added filters in front (``simplefilter``, ``filterwarnings``);
        the block's alone where it replaced them (``resetwarnings`` first)."""
        added = len(self.filters) - len(self.ambient)
        if added >= 0 and self.filters[added:] == self.ambient:
            return list(self.filters[:added]) + list(caller)
        return list(self.filters)

    def makes_errors(self, category: type) -> bool:
        """Whether a filter the block added turns a warning of ``category`` into an error (by its class alone: a
        message or module pattern may make it match fewer)."""
        added = len(self.filters) - len(self.ambient)
        own = self.filters[:added] if added >= 0 and self.filters[added:] == self.ambient else self.filters
        return any(action == "error" and issubclass(category, kind) for action, _, kind, _, _ in own)


def filters_of(start: tuple[Any, tuple]) -> Optional[WarningFilters]:
    """The ``WarningFilters`` of a node made now, where the trace started with ``start`` (the list, its items);
    None while the filters are the trace's."""
    now = warnings.filters
    if now is start[0]:
        return None
    items = tuple(now)
    return None if items == start[1] else WarningFilters(items, start[1])


def states_of(location: Any) -> tuple[Optional[ErrorState], Optional[WarningFilters]]:
    """The ``ErrorState`` and ``WarningFilters`` ``location`` carries (None, None for a trace's own): two nodes that
    differ in them do not compute alike (the roll pass keys on it)."""
    return getattr(location, "errstate", None), getattr(location, "warning_filters", None)


def of_node(node: Any) -> Optional[ErrorState]:
    return getattr(node.location, "errstate", None)


def filters_of_node(node: Any) -> Optional[WarningFilters]:
    return getattr(node.location, "warning_filters", None)


def under(kernel: Callable, state: ErrorState) -> Callable:
    """``kernel`` run under ``state`` resolved against its caller's error state (one ContextVar set and reset per
    call; the resolved state is kept per caller state)."""
    if EXTOBJ is None:  # pragma: no cover
        def kernel_under_state(*args: Any) -> Any:
            modes, call = state.resolved(*modes_now())
            with np.errstate(call=call, **modes):
                return kernel(*args)
        return kernel_under_state
    made: dict[int, tuple[Any, Any]] = {}  # id(caller's state object) -> (it, the state object to run under)

    def kernel_under_state(*args: Any) -> Any:
        caller = EXTOBJ.get()
        known = made.get(id(caller))
        if known is None or known[0] is not caller:
            if len(made) > 16:  # (a caller under a fresh np.errstate() per call: a new object each time)
                made.clear()
            known = made[id(caller)] = (caller, _state_object(state))
        # In a copy of the context, which the C code drops as it returns or raises: an interrupt landing anywhere
        # leaves the caller's state as it was (a `finally` that sets it back can itself be interrupted on 3.10).
        return copy_context().run(_run_under, known[1], kernel, args)
    # (kernels.failed runs the kernel itself again, silenced, once the warning it gave was issued at the user's line)
    kernel_under_state.under_state_of = kernel  # type: ignore[attr-defined]
    return kernel_under_state


def silenced(kernel: Callable, args: Any) -> Any:
    """``kernel(*args)`` with every floating-point error ignored, in a copy of the context: an interrupt anywhere
    leaves the caller's state as it was (NumPy's own ``np.errstate`` does not, landing between its set and its
    token's store, or as its ``__exit__`` starts)."""
    if EXTOBJ is None:  # pragma: no cover
        with np.errstate(all="ignore"):
            return kernel(*args)
    return copy_context().run(_run_under, _IGNORE_ALL, kernel, args)


def _run_under(state: Any, kernel: Callable, args: Any) -> Any:
    EXTOBJ.set(state)  # (in a copy of the caller's context)
    return kernel(*args)


def _modes_under(state: Any) -> tuple[dict[str, str], Any]:
    EXTOBJ.set(state)  # (in a copy of the caller's context)
    return modes_now()


def _made_state(modes: dict[str, str], call: Any) -> Any:
    np.seterr(**modes)  # (in a copy of the caller's context)
    np.seterrcall(call)
    return EXTOBJ.get()


_IGNORE_ALL = copy_context().run(_made_state, dict.fromkeys(MODES, "ignore"), None) if EXTOBJ is not None else None


def _state_object(state: ErrorState) -> Any:
    """NumPy's state object for ``state`` resolved against its caller's (the state now)."""
    modes, call = state.resolved(*modes_now())
    return copy_context().run(_made_state, modes, call)


def nodes_with_state(graph: Any) -> list:
    """The nodes of ``graph`` and its subgraphs that carry an ``ErrorState`` or ``WarningFilters`` (kept on the
    graph)."""
    found = graph._cache.get("error_state_nodes")
    if found is None:
        found = graph._cache["error_state_nodes"] = [
            n for n in _all_nodes(graph) if of_node(n) is not None or filters_of_node(n) is not None]
    return found


def _all_nodes(graph: Any) -> Iterator[Any]:
    for node in graph.nodes:
        yield node
        for value in node.attrs.values():
            if hasattr(value, "nodes") and hasattr(value, "outputs"):  # a subgraph (cond's branches, a loop's body)
                yield from _all_nodes(value)


def loud_mode(graph: Any) -> Optional[str]:
    """Where a run of ``graph`` now would be asked to raise, call or log a floating-point error (NumPy's error
    state around the call, or a node's own): a description, or None (every mode is ``ignore`` or ``warn``)."""
    caller_modes, caller_call = modes_now()
    loud = {k: v for k, v in caller_modes.items() if v not in QUIET}
    if loud:
        return f"NumPy's error state around the call asks {_text(caller_modes)}"
    for node in nodes_with_state(graph):
        state = of_node(node)
        modes = caller_modes if state is None else state.resolved(caller_modes, caller_call)[0]
        if any(v not in QUIET for v in modes.values()):
            return f"the np.errstate block at {state.block} asks {_text(modes)}"
        filters = filters_of_node(node)
        if filters is not None and "warn" in modes.values() and filters.makes_errors(RuntimeWarning):
            return (f"the warnings.catch_warnings() block at {format_site(*node.location)} makes NumPy's warnings "
                    "errors")
    return None


def ambient_quiet() -> bool:
    """Whether every mode of NumPy's error state now is ``ignore`` or ``warn`` (one ContextVar read and a look-up
    once a state was seen): what compiled code can give, for a graph that carries no state of its own."""
    if EXTOBJ is None:  # pragma: no cover
        return all(v in QUIET for v in np.geterr().values())
    state = EXTOBJ.get()
    if state is LAST_QUIET[0]:
        return True
    if _QUIET.get(id(state)) is state:
        LAST_QUIET[0] = state
        return True
    if not all(v in QUIET for v in np.geterr().values()):
        return False
    if len(_QUIET) > 64:
        _QUIET.clear()
    _QUIET[id(state)] = LAST_QUIET[0] = state
    return True


def quiet_now(graph: Any) -> bool:
    """Whether compiled code (XLA, numba) may run ``graph`` now: no floating-point error it would have to signal.
    Cheap while NumPy's state is its default and the graph carries none of its own."""
    if not nodes_with_state(graph):
        return ambient_quiet()
    return loud_mode(graph) is None


def refuse_loud(graph: Any, executor: str) -> None:
    """``SilentFloatingPoint`` if ``executor`` (compiled code) would be asked now to signal a floating-point error."""
    if quiet_now(graph):
        return
    where = loud_mode(graph)  # (resolving a node's state may raise ErrorStateChanged: as the interpreter would)
    if where is None:
        return
    raise SilentFloatingPoint(
        f"{user_location()}: executor={executor!r}: {where}, but compiled code signals no floating-point error "
        "(no FloatingPointError, no call, no warning), so this run could return a value where NumPy raises. Use "
        "executor='numpy' (or 'auto', which runs such calls on the interpreter), or relax np.errstate to 'ignore' "
        "or 'warn' (and a warnings filter to anything but 'error').")


_QUIET: dict[int, Any] = {}  # id(state object) -> it, for the states whose every mode is quiet
# The quiet state object ``ambient_quiet`` saw last (its first test): the JAX dispatcher's compiled call, the hottest
# path, tests ``EXTOBJ.get() is LAST_QUIET[0]`` inline before it calls ``ambient_quiet``.
LAST_QUIET: list = [None]


def quiet_only(run: Callable, graph: Any, executor: str) -> Callable:
    """``run`` (compiled code's run of ``graph``), refusing a call that would have to signal a floating-point error
    (``refuse_loud``)."""
    def run_quietly(inputs: Any) -> Any:
        if not quiet_now(graph):
            refuse_loud(graph, executor)
        return run(inputs)
    run_quietly.__wrapped__ = run  # type: ignore[attr-defined]
    return run_quietly


def quiet_or(run: Callable, otherwise: Callable, graph: Any) -> Callable:
    """``run`` (compiled code's) while ``graph`` may run quietly (``quiet_now``), else ``otherwise`` (the
    interpreter's run, which signals what NumPy does)."""
    def run_or_interpret(inputs: Any) -> Any:
        return run(inputs) if quiet_now(graph) else otherwise(inputs)
    run_or_interpret.__wrapped__ = run  # type: ignore[attr-defined]
    return run_or_interpret
