"""``raise`` and ``assert`` on traced values: checks that fire when the staged program runs.

Before (what the user wrote, called under ``jax.jit``; ``jnp.isnan(loss)`` is a tracer)::

    if jnp.isnan(loss):
        raise FloatingPointError("loss is NaN")
    assert step > 0, "step must be positive"

After (what the backend stages)::

    jax.debug.callback(fail_if, jnp.isnan(loss))       # raises FloatingPointError("loss is NaN")
    jax.debug.callback(fail_if, jnp.logical_not(step > 0))   # raises AssertionError(...)

Python cannot raise while tracing (it does not know the value yet), so the branch that raises is
traced once to learn the exception (its class and message, computed while tracing), and a callback
raises that exception each time the program runs with the condition true; the other branch is
staged unconditionally (on a failing run nothing it computed is returned). Under ``jax.jit`` JAX
re-raises a callback's error as its own ``JaxRuntimeError``, whose message ends with the user's
exception (``FloatingPointError: loss is NaN``); ``autograph.function(..., backend="jax")`` re-raises
the user's exception itself (``users_failure``). Under ``vmap`` the check fires if any element's
condition holds; under ``grad`` / ``jvp`` it fires on the primal values.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Optional

import jax
import jax.numpy as jnp
import numpy as np

from runtime.staging import raise_site, user_location

# The exceptions checks raised lately, by the text JAX's error ends with ("FloatingPointError: loss is
# NaN"): ``users_failure`` hands one to a caller that can re-raise it as itself. By text, not by thread:
# JAX may run a callback on a thread of its own. A few at most (each is taken when re-raised).
_FAILED: dict[str, BaseException] = {}
_FAILED_LOCK = threading.Lock()
_MAX_FAILED = 16


def fail_when(bad: Any, error_class: type, args: tuple, where: str) -> None:
    """Stage: raise ``error_class(*args)`` each time the program runs with ``bad`` true (any element of
    it, under ``vmap``), with a note naming ``where``, the ``raise`` or ``assert`` that staged it."""
    # A tracer among the exception's arguments (`raise ValueError(x)`) must not outlive its trace.
    args = tuple(str(arg) if isinstance(arg, jax.core.Tracer) else arg for arg in args)

    def check(bad: Any) -> None:
        if np.any(bad):
            try:
                exc = error_class(*args)
            except Exception:  # a class that takes other arguments
                exc = AssertionError(*args)
            exc.add_note(f"(checked at run time by JAX; staged at {where})")
            with _FAILED_LOCK:
                _FAILED.pop(_text(exc), None)
                _FAILED[_text(exc)] = exc
                while len(_FAILED) > _MAX_FAILED:
                    del _FAILED[next(iter(_FAILED))]
            raise exc

    jax.debug.callback(check, bad)


JaxRuntimeError = jax.errors.JaxRuntimeError


def users_failure(error: BaseException) -> Optional[BaseException]:
    """The exception to raise in place of JAX's ``error`` from a compiled call: the one a check of ours
    raised on this thread, if JAX's message ends with it (then forgotten); else None."""
    message = str(error).rstrip()
    with _FAILED_LOCK:
        for text in reversed(list(_FAILED)):
            if message.endswith(text):
                return _FAILED.pop(text).with_traceback(None)
    return None


def _text(error: BaseException) -> str:
    """How JAX's error ends when ``error`` was raised in a callback (its traceback's last line)."""
    return f"{type(error).__name__}: {error}".rstrip()


def stage_raise(pred: Any, branches: list, raising: dict) -> Optional[tuple]:
    """A branch of a staged ``if`` that ends in the user's ``raise`` becomes a check that its condition
    does not hold; the other branch (if any) is staged unconditionally and its values returned. None when
    both branches raise (one of the checks fails on every run)."""
    for b, error in raising.items():
        taken = pred if b == 0 else jnp.logical_not(pred)
        fail_when(taken, type(error), error.args, raise_site(error))
    if len(raising) == len(branches):
        return None
    (other,) = [b for b in range(len(branches)) if b not in raising]
    return branches[other]()


def assert_(test: Any, message: Optional[Callable[[], Any]]) -> None:
    """``assert test, message()`` on a traced ``test``: checked each time the program runs."""
    if jnp.size(test) != 1:
        raise ValueError("The truth value of an array with more than one element is ambiguous. "
                         "Use a.any() or a.all()")
    text = () if message is None else (message(),)
    fail_when(jnp.logical_not(jnp.reshape(jnp.asarray(test, bool), ())), AssertionError, text, user_location())
