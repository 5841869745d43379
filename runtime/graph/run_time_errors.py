"""The errors a graph node raises only when the graph runs, past a ``try`` of the program's that would catch them.

    def solve_or_zero(a, b):
        try:
            return np.linalg.solve(a, b)      # staged: LinAlgError for a singular `a`, when the graph runs
        except np.linalg.LinAlgError:
            return np.zeros_like(b)           # never reached from the graph: the `try` ran while tracing

Eager code returns zeros for a singular ``a``. The graph stages the ``solve``, which gives eager's answer for
every ``a`` it can solve; for a singular one it would raise ``LinAlgError`` to the caller, who may catch it and go
on with another answer. So a node made inside a running ``try`` whose ``except`` catches the node's error class
carries that ``try`` in its location (``CaughtLocation``), and when it fails, the graph raises
``runtime.limits.HandlerNotRun`` instead, naming the call, the error and the ``try`` (its cause: the node's own
error), on both executors.

``ERRORS`` maps an op to what its nodes may raise at run time on some values, given the node's inputs and attrs:
the class, or None where this node cannot fail so (a static index is bounds-checked while tracing; an index the
trace fixes, in bounds). An op not listed raises nothing on values (errors of shapes known only at run time aside)
but ``FloatingPointError``, which any op on numbers may raise under NumPy's error state (``np.errstate(all="raise")``
around the call, or in the function: runtime/graph/error_state.py), and ``ValueError``, which an op on an array of a
size known only when the graph runs may raise (shapes that turn out not to broadcast).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence

import numpy as np

from runtime.graph.shapes import Ref
from runtime.limits import HandlerNotRun, Limitation
from runtime.staging import format_site
from runtime.try_blocks import block_kind, catcher, try_site

Rule = Callable[[Sequence[Any], Mapping[str, Any], list], Optional[type]]

# ``known_in(value, nodes)``: the values a graph value holds now, where the trace fixes them (None otherwise).
# runtime/graph/tensor.py registers its own at import: it imports the builder, which imports this module.
KNOWN_IN: list[Callable[[Any, list], Optional[np.ndarray]]] = []


def _always(error: type) -> Rule:
    return lambda inputs, attrs, nodes: error


def _index_rule(first_index_input: int) -> Rule:
    def traced_index(inputs: Sequence[Any], attrs: Mapping[str, Any], nodes: list) -> Optional[type]:
        """``x[i]`` / ``x[i] = v`` with ``i`` a tensor (not a slice bound) may be out of bounds when the graph runs,
        unless the trace fixes its values (``np.arange(2)`` made inside NumPy's ``corrcoef``) and they are in
        bounds of a known shape."""
        index = attrs.get("index", ())
        if not any(isinstance(part, Ref) for part in index):
            return None
        shape = inputs[0].shape
        if None in shape:
            return IndexError
        probe = []
        for part in index:
            if isinstance(part, Ref):
                known = KNOWN_IN[0](inputs[first_index_input + part.k], nodes) if KNOWN_IN else None
                if known is None:
                    return IndexError
                probe.append(known)
            elif isinstance(part, slice):
                probe.append(slice(None))  # (a slice never fails on its bounds)
            else:
                probe.append(part)
        try:
            np.empty(shape, dtype=bool)[tuple(probe)]
        except IndexError:
            return IndexError
        return None
    return traced_index


def _taken(inputs: Sequence[Any], attrs: Mapping[str, Any], nodes: list) -> Optional[type]:
    return IndexError if attrs.get("mode", "raise") == "raise" else None


_INDEX = "this index (a traced value)"
# op -> (what its nodes may raise, given the node's inputs and attrs; what the node is, for the message)
ERRORS: dict[str, tuple[Rule, str]] = {
    "assert": ((lambda inputs, attrs, nodes: attrs.get("error", AssertionError)),
               "this check (a staged `raise` or `assert`, or an error a staged block raises)"),
    "getitem": (_index_rule(1), _INDEX),  # (x, *index inputs)
    "setitem": (_index_rule(2), _INDEX),  # (x, v, *index inputs)
    "take": (_taken, _INDEX),
    "python_int": (_always(OverflowError), "this Python int arithmetic"),
    "numpy_function": (_always(Exception), "this Python function (called when the graph runs)"),
    **{op: (_always(np.linalg.LinAlgError), f"this linear algebra (`{op.removeprefix('scipy_')}`)")
       for op in ("inv", "solve", "cholesky", "svd", "eig", "eigvals", "eigh", "eigvalsh", "lstsq", "lstsq_residuals",
                  "scipy_inv", "scipy_cholesky", "scipy_solve", "scipy_solve_triangular", "scipy_pinv", "scipy_svd",
                  "scipy_eigh", "scipy_pinvh")},
}


class CaughtLocation(tuple):
    """A node's location, ``(filename, line)`` as any node's, made inside a running ``try`` whose ``except`` would
    catch what the node raises when the graph runs: ``caught`` (the handlers' classes, computed while tracing),
    ``try_at`` (the ``try``'s file:line) and ``what`` (the node, in words)."""

    caught: Any
    try_at: str
    what: str
    errstate: Any = None  # runtime/graph/error_state.py's, where the node was made inside an np.errstate block
    warning_filters: Any = None  # and where it was made inside a warnings.catch_warnings() block
    kind: str = "try"  # or "with": a `with` whose manager's __exit__ may swallow the error (try_blocks.managed)

    def __new__(cls, location: tuple[str, int], caught: Any, try_at: str, what: str) -> CaughtLocation:
        made = super().__new__(cls, location)
        made.caught, made.try_at, made.what = caught, try_at, what
        return made

    def __reduce__(self) -> Any:  # (pickled as the plain location: the handlers' classes stay with the trace)
        return tuple, (tuple(self),)


def located(op: str, inputs: Sequence[Any], attrs: Mapping[str, Any], nodes: list,
            location: tuple[str, int]) -> tuple[str, int]:
    """``location`` of a node of ``op`` made now, as a ``CaughtLocation`` if the node may raise, when the graph runs,
    an error a running ``try`` catches (the builder asks only while one runs: ``runtime.try_blocks.RUNNING``);
    ``nodes``: the graph's so far."""
    entry = ERRORS.get(op)
    found = None
    if entry is not None:
        rule, what = entry
        error = rule(inputs, attrs, nodes)
        found = None if error is None else catcher(error)
    if found is None and any(None in v.shape for v in inputs):
        # a dimension known only when the graph runs: shapes that turn out not to broadcast (or reshape, or stack)
        # are NumPy's ValueError then
        what = "this operation on an array of a size known only when the graph runs"
        found = catcher(ValueError)
    if found is None and any(np.issubdtype(v.dtype, np.number) for v in inputs):
        # NumPy's error state, around the call or in the function (np.errstate(divide="raise")), makes arithmetic
        # raise FloatingPointError when the graph runs: eager code's handler would catch it
        what = "this arithmetic (NumPy's floating-point error state decides whether it raises)"
        found = catcher(FloatingPointError)
    if found is None:
        return location
    thunk, caught = found
    made = CaughtLocation(location, caught, format_site(*try_site(thunk)), what)
    made.kind = block_kind(thunk)
    return made


def past_handler(error: BaseException, location: Any) -> Optional[HandlerNotRun]:
    """The ``HandlerNotRun`` to raise in place of ``error``, which a node located at ``location`` raised when the
    graph ran, if a ``try`` of the program's would have caught it (else None: ``error`` stands). A limitation the
    graph raises when it runs (``UnsortedSearch``: NumPy would have answered) stands too: no handler takes it."""
    if not isinstance(location, CaughtLocation) or not isinstance(error, location.caught) or isinstance(
            error, Limitation):
        return None
    if location.kind == "with":
        block = (f"the `with` around it (at {location.try_at}) would have swallowed it: its manager's __exit__ may, "
                 "and that `with` ran while the function was traced, so the graph cannot run that __exit__, after "
                 "which your program goes on")
    else:
        block = (f"the `try` around it (its body from {location.try_at}) would have caught it: that `try` ran while "
                 "the function was traced, so the graph cannot run its `except`, where your program goes on")
    return HandlerNotRun(
        f"{format_site(*location)}: {location.what} raised {type(error).__name__} ({error}) when the graph ran, and "
        f"{block}. Test the condition "
        "yourself and choose with np.where or an `if` (for a matrix: np.linalg.cond, or np.isfinite of the result; "
        f"for an index: 0 <= i < n), or put the `{location.kind}` around the call of the traced function.")
