"""A function chosen by a staged ``if``: each branch defines (or assigns) its own function to a variable
that the user's code only ever calls (ONLY_CALLED, runtime/state_roles.py).

Before (``e`` a staged value; pyorb's Laguerre solver of Kepler's equation)::

    if e > 1:
        def kepler(E): return M + E - e * np.sinh(E)
    else:
        def kepler(E): return M - E + e * np.sin(E)
    f_eval = kepler(E)

After the staged ``if``, ``kepler`` holds ``ChosenFunction(pred, (if_kepler, else_kepler))``, and the call
``kepler(E)`` stages ``if pred: result = if_kepler(E) else: result = else_kepler(E)``: on every run, the
function of the branch that ran, called as Python calls it. Each call of it stages one such ``if``.

Exact because nothing but calls reads the variable (the converter proved it: autograph/analysis/only_called.py)
and because calling a function later is calling it in its branch, but for what it reads: its free variables
are the enclosing function's, whose values after a staged ``if`` are those of the branch that ran. Refused
(the staged ``if``'s "can choose only between" error, with the reason) where a function writes a variable
outside itself (``nonlocal`` or ``global``): the staged call runs both, so the write would be both branches';
where a branch's value is no def, lambda or function of NumPy, SciPy or JAX (a bound method, ``out.append``: the
staged call's watch sees a def's closure and globals, not a method's object, so both objects would change); and
where a branch's value was chosen by a staged ``if`` inside that branch (an ``elif``: its condition cannot reach
the calls after the outer ``if``).
"""

from __future__ import annotations

import dis
import itertools
import types
from contextvars import ContextVar
from typing import Any, Optional

import numpy as np

from runtime.backend import State, backend_for
from runtime.composite_state import staged

_WRITES = frozenset({"STORE_DEREF", "DELETE_DEREF"})
_GLOBAL_WRITES = frozenset({"STORE_GLOBAL", "DELETE_GLOBAL"})
# A number per chosen function, and the number the staged `if` being joined on this thread (and context) got as it
# started (runtime/operators.py): a chosen function numbered after it was chosen inside one of its branches.
serials = itertools.count()
STAGED_IF_START: ContextVar[int] = ContextVar("runtime_staged_if_start", default=-1)


class ChosenFunction:
    """The function a staged ``if``'s condition ``pred`` chooses of ``functions`` (the if branch's, then the else
    branch's), for calls only: the staged ``if`` of a call is the backend's."""

    __slots__ = ("pred", "functions", "name", "serial")

    def __init__(self, pred: Any, functions: tuple, name: str) -> None:
        self.pred, self.functions, self.name = pred, functions, name
        self.serial = next(serials)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        chosen, other = self.functions
        result = None

        def if_body() -> None:
            nonlocal result
            result = chosen(*args, **kwargs)

        def else_body() -> None:
            nonlocal result
            result = other(*args, **kwargs)

        # The staged `if` as runtime.operators.if_stmt stages one: its backend's, watched (composite_state.staged).
        staged(backend_for, backend_for(self.pred).if_stmt, self.pred, if_body, else_body,
               State(("result",), if_body, else_body))
        return result

    def __repr__(self) -> str:
        return f"<the function {self.name!r} chosen by a staged if>"


def refusal(functions: dict) -> Optional[str]:
    """Why the branches' callables ``functions`` ({branch: value}) cannot be chosen between, or None."""
    for value in functions.values():
        if not isinstance(value, (types.FunctionType, ChosenFunction, np.ufunc)) and not _numerical_library(value):
            # A bound method, a partial, a C callable (`out.append`): what it may change (its object, the function a
            # partial holds) is out of the staged call's sight, which a def's or lambda's closure and globals are not.
            return (f"in one branch it is {_kind(value)}, not a function written with def or lambda (or one of "
                    "NumPy's, SciPy's or JAX's), whose calls the staged `if` of each call can watch")
        if isinstance(value, ChosenFunction) and value.serial > STAGED_IF_START.get():
            # An `elif`: the inner `if`'s condition lives in the outer one's branch, where a later call cannot reach it.
            return ("in one branch it is chosen by a staged `if` inside that branch (an `elif` chain), whose condition "
                    "the calls after the outer `if` cannot reach; choose inside one function instead (`def f(E): "
                    "if ...: return ... elif ...: return ...`), or give each case a function of its own name")
        if isinstance(value, types.FunctionType):
            written = _writes_outside(value.__code__, frozenset(value.__code__.co_freevars))
            if written:
                return (f"the function {value.__qualname__} assigns {written}, a variable outside it (nonlocal or "
                        "global), which a staged call of the chosen function would assign in both branches")
    return None


def _numerical_library(value: Any) -> bool:
    """Whether ``value`` is a function of NumPy, SciPy or JAX itself (``jnp.sin``, a ``PjitFunction``; not a method
    bound to an object, and not the user's ``jax.jit(f)``, whose module is the user's): one that changes no Python
    state of the program's."""
    owner = getattr(value, "__self__", None)
    if isinstance(value, types.MethodType) or (owner is not None and not isinstance(owner, types.ModuleType)):
        return False
    module = getattr(value, "__module__", None)
    return isinstance(module, str) and module.partition(".")[0] in ("numpy", "scipy", "jax", "jaxlib")


def _kind(value: Any) -> str:
    if isinstance(value, types.MethodType):
        return f"the bound method {value.__qualname__}"
    return f"a {type(value).__name__} object" if callable(value) else f"a {type(value).__name__}, not callable"


def _writes_outside(code: types.CodeType, outside: frozenset) -> Optional[str]:
    """A variable ``code`` (or a function inside it) writes beyond itself: one of ``outside`` or a global."""
    for instruction in dis.get_instructions(code):
        if instruction.opname in _GLOBAL_WRITES or (instruction.opname in _WRITES and instruction.argval in outside):
            return instruction.argval
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            written = _writes_outside(const, outside & frozenset(const.co_freevars))
            if written:
                return written
    return None
