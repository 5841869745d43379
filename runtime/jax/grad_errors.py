"""``jax.grad`` through a staged ``lax.while_loop``: an error that names the user's loop.

Reverse-mode differentiation cannot go through ``lax.while_loop`` (its trip count is not known
when the backward pass is built). JAX says so when it transposes the loop, long after the
converted code ran, inside the user's ``jax.grad(f)(x)``, and its error names neither the loop
nor what to write instead. Before (what the user saw)::

    ValueError: Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop
    with dynamic start/stop values. Try using lax.scan, or using fori_loop with static start/stop.

After::

    WhileLoopGradError: solver.py:12: jax.grad (reverse mode) cannot differentiate this while loop:
    its condition is traced, so it is a lax.while_loop with an unknown trip count. Bound it, and it
    is a scan that jax.grad goes through: for i in range(max_iter): ... if done: break (...)

How: every ``lax.while_loop`` the backend builds is bound inside ``jax.named_scope`` with a key
(``autograph_loop<n>``) that a registry maps to the loop's file:line. JAX keeps the name stack on
every equation through ``jvp``, ``linearize``, partial evaluation and ``jit``, and enters it when
it transposes an equation; so the transpose rule of ``while_p``, wrapped here, finds the key in
the current name stack and raises ``WhileLoopGradError`` from JAX's error (in its ``__cause__``
chain, behind the ``JaxStackTraceBeforeTransformation`` JAX inserts).
This works under ``jax.grad``, ``jax.vjp``, ``jax.value_and_grad``, nested in ``jax.jit`` either
way round, and for loops inside scans and conds. A while loop that is not ours has no key: its
error passes through unchanged. (A registry keyed by the loop's body jaxpr would not survive: the
loop JAX transposes is the linearized tangent loop, a new jaxpr; the name stack does survive.)
"""

from __future__ import annotations

import contextlib
import re
import threading
from typing import Any, Iterator

import jax
from jax import lax

# JAX internals (None where this JAX lacks them: then loops still work and JAX's own error is what users see)
from runtime.jax.jax_internals import ad, source_info_util
from runtime.staging import StagingError


class WhileLoopGradError(StagingError):
    """``jax.grad`` (or ``jax.vjp``) reached a loop that autograph staged as ``lax.while_loop``; the
    message starts with the loop's file:line and says how to write it as a bounded loop. JAX's own
    error is the ``__cause__``. A ``ValueError``, as JAX's is."""


_ADVICE = {
    "while loop": (
        "jax.grad (reverse mode) cannot differentiate this while loop: its condition is traced, so it is a "
        "lax.while_loop with an unknown trip count. Bound it, and it becomes a scan that jax.grad goes "
        "through: write `for i in range(max_iter): ... if done: break` (max_iter a Python int) instead of "
        "`while not done: ...`; jax.jvp and jax.vmap work with the loop as it is"),
    "for loop": (
        "jax.grad (reverse mode) cannot differentiate this for loop: its range() has a traced bound, so it "
        "is a lax.while_loop with an unknown trip count. Give range() a Python int bound and guard the "
        "body, and it becomes a scan that jax.grad goes through: write `for i in range(max_n): if i < n: "
        "...` (or `if i >= n: break`); jax.jvp and jax.vmap work with the loop as it is"),
}

_lock = threading.Lock()
_keys: dict[tuple[str, str], str] = {}     # (file:line, kind) -> scope name
_loops: dict[str, tuple[str, str]] = {}    # scope name -> (file:line, kind)
_KEY = re.compile(r"\bautograph_loop(\d+)\b")


@contextlib.contextmanager
def named(where: str, kind: str) -> Iterator[None]:
    """Bind the ``lax.while_loop`` built inside under the key of the loop at ``where`` (``kind``:
    "while loop" or "for loop"). One key per loop site, so the registry stays as small as the program."""
    with _lock:
        key = _keys.get((where, kind))
        if key is None:
            key = _keys[(where, kind)] = f"autograph_loop{len(_keys)}"
            _loops[key] = (where, kind)
    with jax.named_scope(key):
        yield


def _innermost_loop() -> tuple[str, str] | None:
    """The loop whose key is innermost in the current name stack (the equation being transposed)."""
    keys = _KEY.findall(str(source_info_util.current_name_stack()))
    return _loops.get(f"autograph_loop{keys[-1]}") if keys else None


def _transpose_naming_the_loop(rule: Any) -> Any:
    def transpose(*args: Any, **params: Any) -> Any:
        try:
            return rule(*args, **params)
        except ValueError as error:
            loop = _innermost_loop()
            if loop is None:
                raise
            where, kind = loop
            first = str(error).strip().split("\n", 1)[0]
            advice = _ADVICE.get(kind, _ADVICE["while loop"])
            raise WhileLoopGradError(f"{where}: {advice} (JAX: {type(error).__name__}: {first})") from error

    transpose.autograph_names_loops = True
    return transpose


def install() -> None:
    """Wrap the transpose rule of ``while_p`` once (JAX's rule still decides; we only reword its error)."""
    if ad is None or not hasattr(source_info_util, "current_name_stack"):
        return
    with _lock:
        rule = ad.primitive_transposes.get(lax.while_p)
        if rule is not None and not getattr(rule, "autograph_names_loops", False):
            ad.primitive_transposes[lax.while_p] = _transpose_naming_the_loop(rule)


install()
