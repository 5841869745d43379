"""NumPy's array constructors called while a backend traces: the backend may make the array one of its values.

Before (the user's code)::

    out = np.empty(returns.shape[1:])
    np.divide(a, b, out=out)
    return out

After (converted code: the converter never leaves a constructor's call plain, autograph/converters/call_trees.py)::

    out = ag__.call(np.empty)(returns.shape[1:])
    np.divide(a, b, out=out)
    return out

An array made in a traced function is often filled in place with traced values afterwards (``out=``,
``cov += t``, ``np.add.at(a, i, t)``, ``M[:3, :3] -= t``). A NumPy array cannot hold a graph tensor, and the
write cannot rebind the names that hold the array (``out`` above, another name bound to it, a view of it
passed to a helper). So ``ag__.call`` gives such a constructor to the backend tracing now
(``Backend.new_array``): the graph backend makes the array a graph value from the start, holding the values
NumPy would give (runtime/graph/fresh_arrays.py), and every later write is a write into it. With no backend
tracing, the constructor is returned as it is: plain calls make the same NumPy arrays as unconverted code.

NumPy's scalar types called on a value the code computed (``np.float32(sigma)``, ``dtype(out)`` with ``dtype =
image.dtype.type``) convert it themselves, which a graph tensor cannot allow; a call the converter resolves goes
through ``ag__.builtin`` (autograph/converters/call_trees.py), and one it cannot (a local ``dtype``) through
``ag__.call``, which while a backend traces hands back ``ag__.builtin_call`` of the type: the backend casts its
own values (runtime/graph/builtins.py), and calls the type on any other.
"""

from __future__ import annotations

import functools
import sys
from typing import Any, Callable

import numpy as np

from runtime.backend import backend_for, staging_backends
from runtime.builtin_calls import builtin_call
from runtime.staging import is_machinery, user_frame
from runtime.undefined import is_body_code, is_thunk_code

_CONTAINERS = (tuple, list, dict)

# The constructors whose result is a new array with contents of NumPy's choosing (not the caller's data):
# id -> the callable (kept here, so an id found in the table is its own).
NEW_ARRAY_CALLABLES: dict[int, Any] = {
    id(f): f for f in (np.zeros, np.ones, np.empty, np.full, np.eye, np.identity, np.tri, np.indices, np.arange,
                       np.zeros_like, np.ones_like, np.empty_like, np.full_like)}


def is_new_array(f: Any) -> bool:
    """Whether ``f`` is one of NumPy's constructors of a fresh array (``np.zeros``, ``np.empty_like``, ...)."""
    return id(f) in NEW_ARRAY_CALLABLES


def new_array_call(f: Callable) -> Callable:
    """What converted code calls in place of ``f`` (``is_new_array``): the answer of the first backend tracing
    now on this thread that has one, else ``f``. Only for a function that holds one of that backend's values
    (an argument or a local, or one level inside a tuple, list or dict of them): a function that holds none
    computes with plain values, in a trace as outside one, and gets NumPy's own array, as its unconverted code
    would (``np.zeros(n)`` in a helper of shape arithmetic stays an ndarray; a traced value written into it later
    is the clear error of a write into a NumPy array)."""
    backends = staging_backends()
    if not backends:
        return f
    held = _held_backends(user_frame())
    for backend in backends:
        if id(backend) not in held:
            continue
        made = backend.new_array(f)
        if made is not NotImplemented:
            return made
    # np.arange asks its bounds for Python ints: a bound a backend computes (``np.arange(len(x[m]))``) is that
    # backend's to answer, as for the other routed callables (runtime/builtin_calls.py).
    return functools.partial(builtin_call, f) if f is np.arange else f


_COMPREHENSIONS = frozenset({"<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"})


def _held_backends(frame: Any) -> set[int]:
    """The ids of the backends whose values ``frame``'s function holds: its locals', and where the frame is a
    block of converted code (an ``if`` body, a loop body, a thunk), those of the frames up to the function's."""
    held: set[int] = set()
    while frame is not None:
        snapshot = frame.f_locals
        for value in snapshot.values():
            for leaf in (value.values() if type(value) is dict else value) if type(value) in _CONTAINERS else (value,):
                backend = backend_for(leaf)
                if backend is not None:
                    held.add(id(backend))
        _let_go(snapshot)
        del snapshot
        code = frame.f_code
        # (A comprehension or generator expression is the function's own code in a frame of its own:
        # `tuple(np.empty(n) for _ in range(k))` in a function that holds a tensor makes graph arrays too.)
        if not (is_body_code(code) or is_thunk_code(code) or code.co_name in _COMPREHENSIONS):
            break
        frame = frame.f_back
        while frame is not None and is_machinery(frame.f_code.co_filename):  # (an operator that called the block)
            frame = frame.f_back
    return held


# Before 3.13 a frame's f_locals is a dict the running frame keeps, refreshed at each read (3.13's is a view).
_SNAPSHOTS = sys.version_info < (3, 13)


def _let_go(snapshot: Any) -> None:
    """Empty the ``f_locals`` snapshot just read, when nothing but its frame refers to it: it would hold every
    variable's value until the frame ends, and a variable must be the only holder of an array that a graph
    array may take the place of (runtime/references.py). Nothing can tell: the next read refreshes it. Not
    under a tracer, which writes the snapshot back into the variables when its callback returns."""
    # (The references: its frame's, the caller's variable, this argument, getrefcount's.)
    if _SNAPSHOTS and type(snapshot) is dict and sys.gettrace() is None and sys.getrefcount(snapshot) == 4:
        snapshot.clear()


# NumPy's numeric scalar types (np.float32, np.int64, np.bool_, ...; not longdouble, which graphs do not hold):
# id -> the type.
SCALAR_TYPES: dict[int, type] = {id(t): t for t in {np.dtype(code).type for code in "?bhilqBHILQefdFD"}}


def scalar_type_call(f: type) -> Callable:
    """What converted code calls in place of ``f``, a NumPy scalar type it could not resolve while converting:
    ``ag__.builtin_call(f, ...)`` while a backend traces (the backend casts its values), else ``f``."""
    return functools.partial(builtin_call, f) if staging_backends() else f
