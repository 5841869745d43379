"""Switches for the JAX backend's lowerings; importing this module does not import JAX.

    import runtime.jax as agjax

    with agjax.static_loops(False):     # unroll `for i in range(n)` while tracing, as before
        jax.jit(converted)(x)
    with agjax.cheap_selects(False):    # every staged `if` stays a lax.cond
        jax.jit(converted)(x)

Both default to on. They are context variables, so a setting holds for the thread (or task)
that makes it and is read when a converted function is traced (``jax.jit`` caches the trace:
set the switch before the first call).
"""

from __future__ import annotations

import contextlib
from contextvars import ContextVar
from typing import Iterator

# A `for` over a static `range` whose carried variables hold tracers becomes one lax.scan.
STATIC_LOOPS: ContextVar[bool] = ContextVar("autograph_jax_static_loops", default=True)
# A staged `if` whose branches are both cheap and pure becomes lax.select (see runtime/jax/select.py).
CHEAP_SELECTS: ContextVar[bool] = ContextVar("autograph_jax_cheap_selects", default=True)


class UnrolledLoopWarning(UserWarning):
    """A ``for`` loop over a static range carrying tracers was unrolled while tracing, not staged
    as one ``lax.scan``; the message names the loop's file:line and the reason."""


@contextlib.contextmanager
def static_loops(enabled: bool) -> Iterator[None]:
    """Within the block, stage (True, the default) or unroll (False) ``for`` loops over a static
    ``range`` that carry JAX tracers."""
    token = STATIC_LOOPS.set(bool(enabled))
    try:
        yield
    finally:
        STATIC_LOOPS.reset(token)


@contextlib.contextmanager
def cheap_selects(enabled: bool) -> Iterator[None]:
    """Within the block, let cheap pure ``if`` branches become ``lax.select`` (True, the default),
    or keep every staged ``if`` a ``lax.cond`` (False)."""
    token = CHEAP_SELECTS.set(bool(enabled))
    try:
        yield
    finally:
        CHEAP_SELECTS.reset(token)
