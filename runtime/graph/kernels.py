"""The NumPy kernel of every op (``NUMPY_KERNELS``), and what the interpreter does when one fails.

A kernel is ``kernel(*input_arrays, **attrs)`` and returns the output (or a tuple for several);
``cond`` and ``while_loop`` are added by ``interpreter`` (they run compiled subgraphs). Every frame
that calls a kernel for the interpreter belongs to this module (the generated programs and the
thread pool's lanes are compiled with this module's name): the warnings filter below, which turns a
kernel's RuntimeWarning into an error that ``failed`` re-issues at the user's line, matches it.
"""

from __future__ import annotations

import builtins
import re
import warnings
from typing import Any, Callable, Sequence

import numpy as np

from runtime.graph import ops, printing, shapes
from runtime.graph.ir import Graph
from runtime.staging import format_site

Kernel = Callable[..., Any]


# --- kernels: ``kernel(*input_arrays, **attrs)`` returns the output (or a tuple for several) ------

def _getitem(x: Any, *index_inputs: Any, index: tuple) -> Any:
    if index_inputs:
        index = tuple(_fill(item, index_inputs) for item in index)
    return x[index]


def _fill(item: Any, inputs: Sequence[Any]) -> Any:
    if isinstance(item, shapes.Ref):
        return inputs[item.k]
    if isinstance(item, slice):
        return slice(_fill(item.start, inputs), _fill(item.stop, inputs), _fill(item.step, inputs))
    return item


def _print(*values: Any, template: tuple, sep: str, end: str) -> None:
    builtins.print(*(values[item.k] if isinstance(item, shapes.Ref) else item for item in template), sep=sep, end=end)


def _assert(condition: Any, message: str, error: type = AssertionError, where: str = "") -> None:
    if not np.all(condition):
        raise assertion_error(error, message, where)


def assertion_error(error: type, message: str, where: str) -> BaseException:
    """The exception a failed graph assertion raises: the user's exception class with the user's
    message (``raise ValueError(...)`` under a staged ``if`` keeps its type), and, from Python 3.11,
    a note naming the line that staged it."""
    try:
        exc = error(message)
    except Exception:  # a class that takes other arguments
        exc = AssertionError(message)
    if where and hasattr(exc, "add_note"):
        exc.add_note(f"(checked by the graph; staged at {where})")
    return exc


NUMPY_KERNELS: dict[str, Kernel] = {
    # Python's operator functions are NumPy's ufuncs on arrays, and much faster on NumPy scalars.
    **{name: ops.OPERATOR_FUNCTIONS.get(name, ufunc) for name, ufunc in ops.ELEMENTWISE.items()},
    "sum": lambda x, axis, keepdims: np.add.reduce(x, axis, None, None, keepdims),
    "prod": lambda x, axis, keepdims: np.multiply.reduce(x, axis, None, None, keepdims),
    "max": lambda x, axis, keepdims: np.maximum.reduce(x, axis, None, None, keepdims),
    "min": lambda x, axis, keepdims: np.minimum.reduce(x, axis, None, None, keepdims),
    "mean": lambda x, axis, keepdims: x.mean(axis, None, None, keepdims),
    "any": lambda x, axis, keepdims: x.any(axis, None, keepdims=keepdims),
    "all": lambda x, axis, keepdims: x.all(axis, None, keepdims=keepdims),
    "argmax": lambda x, axis, keepdims: np.argmax(x, axis, keepdims=keepdims),
    "argmin": lambda x, axis, keepdims: np.argmin(x, axis, keepdims=keepdims),
    "cumsum": lambda x, axis: np.cumsum(x, axis),
    "cumprod": lambda x, axis: np.cumprod(x, axis),
    "sort": lambda x, axis: np.sort(x, axis),
    "argsort": lambda x, axis: np.argsort(x, axis),
    "matmul": np.matmul,
    # Array methods, not np.reshape / np.transpose: those wrappers cost more than the work.
    "reshape": lambda x, shape: np.asanyarray(x).reshape(shape),
    "transpose": lambda x, axes: np.asanyarray(x).transpose(axes),
    "broadcast_to": lambda x, shape: np.broadcast_to(x, shape),
    "cast": lambda x, dtype: x.astype(dtype),
    "where": np.where,
    "clip": np.clip,
    "concatenate": lambda *xs, axis: np.concatenate(xs, axis),
    "stack": lambda *xs, axis: np.stack(xs, axis),
    "getitem": _getitem,
    "take": lambda x, indices, axis, mode: np.take(x, indices, axis, mode=mode),
    "dim": lambda x, axis: np.int64(np.shape(x)[axis]),
    "constant": lambda value: value,
    "full": lambda shape, fill_value, dtype: np.full(shape, fill_value, dtype),
    "full_like": lambda x, fill_value, dtype: np.full(np.shape(x), fill_value, dtype),
    "arange": lambda start, stop, step, dtype: np.arange(start, stop, step, dtype),
    "read_variable": lambda variable: variable._value,
    "assign_variable": lambda x, variable: variable.set_value(x),
    "assign_add_variable": lambda x, variable: variable.set_value(variable._value + x),
    "assign_sub_variable": lambda x, variable: variable.set_value(variable._value - x),
    "print": _print,
    "assert": _assert,
}


# Library ops bring their own kernels (see ``opdefs``).
NUMPY_KERNELS.update({name: d.kernel for name, d in ops.OPS.items() if d.kernel is not None})


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
_OWN_MODULE = re.escape(__name__) + r"\Z"
FILTER: list = [None]  # the filter tuple, as it stands in warnings.filters


def own_warnings() -> None:
    """Put the filter first in ``warnings.filters`` (``run`` checks that it is, by identity). Installed
    once at import it would not last: ``warnings.catch_warnings`` (pytest's collection, the user's own)
    puts back the list it found, and filters added later go in front. Moving it to the front changes
    nothing for the user's filters: the warning it catches is issued again through all of them."""
    warnings.filterwarnings("error", category=RuntimeWarning, module=_OWN_MODULE)
    FILTER[0] = warnings.filters[0]


LOCATED = "_autograph_located"                 # set on an error once a note names its node
_registries: dict[str, dict] = {}                # warnings' once-per-line memory, per user file


def failed(error: Exception, node: Any, kernel: Kernel, args: Sequence[Any]) -> Any:
    """What a step does when its kernel raises: a warning is re-issued at the user's line and the
    kernel's result returned; an error gets a note naming the user's line and is raised again."""
    location = getattr(node, "location", None)
    if getattr(error, LOCATED, False) or location is None:
        raise error
    filename, line = location
    if isinstance(error, RuntimeWarning):
        try:
            warnings.warn_explicit(str(error), type(error), filename, line,
                                   registry=_registries.setdefault(filename, {}))
        except Warning as raised:  # the user's own filter makes it an error: it is one
            error = raised
        else:
            # Silenced through NumPy's error state, not warnings.catch_warnings: that would reset the
            # warnings registries, and a warning shown once per line would be shown at every run.
            with np.errstate(all="ignore"):
                try:
                    return kernel(*args)
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
