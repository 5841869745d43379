"""``range(...)`` with a traced bound: what ``ag__.range`` returns once a bound is a JAX tracer.

Only a staged ``for`` loop (``runtime/jax/loops.py``) can iterate it; this module imports no JAX.
"""

from __future__ import annotations

from typing import Any


class JaxRange:
    """``range(...)`` with a traced bound; only a staged ``for`` loop can iterate it."""

    __slots__ = ("start", "stop", "step")

    def __init__(self, *args: Any) -> None:
        if not 1 <= len(args) <= 3:
            raise TypeError(f"range expected 1 to 3 arguments, got {len(args)}")
        start, stop, step = (0, args[0], 1) if len(args) == 1 else (*args, 1)[:3]
        if isinstance(step, int) and step == 0:
            raise ValueError("range() arg 3 must not be zero")
        self.start, self.stop, self.step = start, stop, step

    def __iter__(self):
        raise TypeError("a range with a traced bound can only be iterated by a converted for loop")

    def __repr__(self) -> str:
        return f"JaxRange({self.start!r}, {self.stop!r}, {self.step!r})"
