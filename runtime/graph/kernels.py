"""The NumPy kernel of every op (``NUMPY_KERNELS``, read off the op records), and what the interpreter
does when one fails.

A kernel is ``kernel(*input_arrays, **attrs)`` and returns the output (or a tuple for several); each
op's record (``opdefs.OpDef.kernel``) holds its own, and ``cond`` and ``while_loop`` are added by
``interpreter`` (they run compiled subgraphs). Every frame that calls a kernel for the interpreter
belongs to this module (the generated programs and the thread pool's lanes are compiled with this
module's name) or is a core kernel of ``core_kernels``: the warnings filter below, which turns a
kernel's RuntimeWarning into an error that ``failed`` re-issues at the user's line, matches both.
"""

from __future__ import annotations

import re
import warnings
from typing import Any, Callable, Sequence

from runtime.graph import core_kernels, error_state, ops, printing, run_time_errors
from runtime.graph.core_kernels import assertion_error  # noqa: F401  (the interpreter's and the JAX lowering's too)
from runtime.graph.ir import Graph
from runtime.staging import format_site

Kernel = Callable[..., Any]


# --- kernels: each op's record holds its own (``opdefs.OpDef.kernel``) ---------------------------------

# ``cond`` and ``while_loop`` are added by ``interpreter`` (they run compiled subgraphs).
NUMPY_KERNELS: dict[str, Kernel] = {name: d.kernel for name, d in ops.OPS.items() if d.kernel is not None}


# --- what runs ---------------------------------------------------------------------------------

# The nodes that run: those the outputs need, and every stateful one, in traced order. The printer
# (below this module) draws the same nodes, so the one definition lives there.
prune = printing.live_nodes


def step(kernel: Kernel, ins: list[int], outs: list[int], returns_tuple: bool,
          node: Any = None) -> Callable[[list], None]:
    """One node as ``step(env)``, specialised by arity so the common cases index the env directly.
    A step that fails hands the error to ``failed`` with its node (a ``try`` costs nothing until
    something is raised), which names the user's line or turns a warning back into one."""
    if len(outs) == 1 and not returns_tuple:
        (o,) = outs
        if len(ins) == 1:
            (a,) = ins

            def step(env: list) -> None:
                try:
                    env[o] = kernel(env[a])
                except Exception as error:
                    env[o] = failed(error, node, kernel, (env[a],))
        elif len(ins) == 2:
            a, b = ins

            def step(env: list) -> None:
                try:
                    env[o] = kernel(env[a], env[b])
                except Exception as error:
                    env[o] = failed(error, node, kernel, (env[a], env[b]))
        else:
            def step(env: list) -> None:
                try:
                    env[o] = kernel(*[env[i] for i in ins])
                except Exception as error:
                    env[o] = failed(error, node, kernel, [env[i] for i in ins])
    elif not outs:
        def step(env: list) -> None:
            try:
                kernel(*[env[i] for i in ins])
            except Exception as error:
                failed(error, node, kernel, [env[i] for i in ins])
    else:
        def step(env: list) -> None:
            try:
                results = kernel(*[env[i] for i in ins])
            except Exception as error:
                results = failed(error, node, kernel, [env[i] for i in ins])
            for o, result in zip(outs, results):
                env[o] = result
    return step


# --- run-time errors and warnings name the user's line -------------------------------------------
#
# Every node records where the user's program made it (``Node.location``, while tracing). An error a
# kernel raises keeps its type and message (what eager NumPy raises) and gains a note naming that
# line. NumPy's floating-point warnings would name this file, the frame that called the ufunc: a
# filter turns the RuntimeWarnings issued by this module's frames into exceptions, which ``failed``
# issues again at the user's line (through the user's own filters), then runs the kernel again with
# them silenced. The filter matches only frames of this module, so NumPy used outside graphs is
# untouched.
# (The core kernels that are Python code live in ``core_kernels``: its frames are matched too.)
# (and error_state's: a kernel run under a node's own np.errstate is called from there)
_OWN_MODULE = f"({re.escape(__name__)}|{re.escape(core_kernels.__name__)}|{re.escape(error_state.__name__)})" + r"\Z"
FILTER: list = [None]  # the filter tuple, as it stands in warnings.filters


def own_warnings() -> None:
    """Put the filter first in ``warnings.filters`` (``run`` checks that it is, by identity). Installed
    once at import it would not last: ``warnings.catch_warnings`` (pytest's collection, the user's own)
    puts back the list it found, and filters added later go in front. Moving it to the front changes
    nothing for the user's filters: the warning it catches is issued again through all of them."""
    warnings.filterwarnings("error", category=RuntimeWarning, module=_OWN_MODULE)
    FILTER[0] = warnings.filters[0]


_filters_mutated = getattr(warnings, "_filters_mutated", lambda: None)
LOCATED = "_autograph_located"                 # set on an error once a note names its node
_registries: dict[str, dict] = {}                # warnings' once-per-line memory, per user file


def failed(error: Exception, node: Any, kernel: Kernel, args: Sequence[Any]) -> Any:
    """What a step does when its kernel raises: a warning is re-issued at the user's line and the
    kernel's result returned; an error gets a note naming the user's line and is raised again."""
    location = getattr(node, "location", None)
    handler_not_run = None if isinstance(error, Warning) else run_time_errors.past_handler(error, location)
    if handler_not_run is not None:  # a `try` of the program's would have caught it: the graph cannot run its `except`
        setattr(handler_not_run, LOCATED, True)  # (it names its line: the nodes around it add nothing)
        raise handler_not_run from error
    if getattr(error, LOCATED, False) or location is None:
        raise error
    filename, line = location
    if isinstance(error, RuntimeWarning):
        try:
            filters = getattr(location, "warning_filters", None)
            if filters is None:
                warnings.warn_explicit(str(error), type(error), filename, line,
                                       registry=_registries.setdefault(filename, {}))
            else:  # made inside the program's own warnings.catch_warnings() block: its filters (error_state.py)
                with warnings.catch_warnings():
                    warnings.filters[:] = filters.resolved(warnings.filters)
                    _filters_mutated()  # (as warnings.filterwarnings does: the registries' memory is of other filters)
                    warnings.warn_explicit(str(error), type(error), filename, line,
                                           registry=_registries.setdefault(filename, {}))
        except Warning as raised:  # the user's own filter makes it an error: it is one
            error = raised
        else:
            # Silenced through NumPy's error state, not warnings.catch_warnings: that would reset the
            # warnings registries, and a warning shown once per line would be shown at every run.
            kernel = getattr(kernel, "under_state_of", kernel)  # (not under the node's own np.errstate: silenced)
            try:
                return error_state.silenced(kernel, args)  # (interrupt-safe, where np.errstate is not)
            except RuntimeWarning:  # not a floating-point one
                pass
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                return kernel(*args)
    where = format_site(filename, line)
    setattr(error, LOCATED, True)
    if hasattr(error, "add_note"):
        if node.op != "assert":  # a graph assertion's note names its line already
            error.add_note(f"(raised while running the graph, by the `{node.op}` traced at {where})")
    elif node.op != "assert" and error.args and isinstance(error.args[0], str):
        # Python 3.10: no notes; NumPy's message says where. (A graph assertion's error is the user's own
        # raise or assert: its message stays exactly theirs, as Python's would.)
        error.args = (f"{where}: {error.args[0]}", *error.args[1:])
    raise error


def loop_invariant(body_graph: Graph, loop_vars: int) -> frozenset:
    """Body nodes whose inputs never change across iterations (constants, the loop's constant
    inputs, other invariant nodes) and that have no effects: computed once per loop run."""
    changing = set(body_graph.inputs[:loop_vars])
    invariant = set()
    for node in prune(body_graph):
        if node.op == "constant":
            continue
        if ops.is_stateful(node) or ops.OPS[node.op].subgraphs or not changing.isdisjoint(node.inputs):
            changing.update(node.outputs)
        else:
            invariant.add(node)
    return frozenset(invariant)
