"""``range(...)`` with a traced bound, ``zip(...)`` and ``enumerate(...)`` of JAX arrays: what ``ag__.range``,
``ag__.zip`` and ``ag__.enumerate`` return once an argument is a JAX value.

A staged ``for`` loop (``runtime/jax/loops.py``) iterates them (a ``JaxRange`` only there); this module
imports no JAX.
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


class JaxZip:
    """``zip(*parts, strict=...)`` in a for loop's iterable where a part is a JAX array (``ag__.zip``):
    a staged for loop scans the parts together (``runtime/jax/loops.py``). Iterated by Python (a loop
    that cannot be one scan), it is Python's ``zip`` of the parts."""

    __slots__ = ("parts", "strict")
    may_run_as_python = True  # the dispatch core watches it as a loop the backend may unroll (runtime/operators.py)

    def __init__(self, parts: tuple, strict: bool) -> None:
        self.parts, self.strict = parts, strict

    def __iter__(self):
        return iter(zip(*self.parts, strict=self.strict))

    def __repr__(self) -> str:
        return f"zip({', '.join(map(_shown, self.parts))}{', strict=True' if self.strict else ''})"


class JaxEnumerate:
    """``enumerate(part, start)`` in a for loop's iterable where ``part`` is a JAX array or a ``JaxZip``
    (``ag__.enumerate``): a staged for loop scans ``part`` and counts. Iterated by Python, it is Python's
    ``enumerate``."""

    __slots__ = ("part", "start")
    may_run_as_python = True  # the dispatch core watches it as a loop the backend may unroll (runtime/operators.py)

    def __init__(self, part: Any, start: int) -> None:
        self.part, self.start = part, start

    def __iter__(self):
        return iter(enumerate(self.part, self.start))

    def __repr__(self) -> str:
        return f"enumerate({_shown(self.part)}{f', {self.start}' if self.start else ''})"


def _shown(part: Any) -> str:
    """A part as a loop's description shows it: ``float32[8,3]`` for an array, ``range(0, 5)`` for a range."""
    if isinstance(part, (JaxZip, JaxEnumerate, range)):
        return repr(part)
    shape, dtype = getattr(part, "shape", None), getattr(part, "dtype", None)
    return f"{dtype}{list(shape)}" if shape is not None else type(part).__name__
