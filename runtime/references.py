"""Whether a program can still reach an object by any way but the one the runtime knows: CPython's
reference count, read exactly.

A graph may stand a value of its own in for a NumPy array (a write of a traced value into it, a branch
that rebinds the name the other writes through) only where nothing but one variable refers to the array:
then no other name, view, container, caller or weak reference can see that the variable's object changed.
The count is of CPython 3.11-3.13's references, checked on each by the aliasing tests
(tests/runtime/graph/test_adopted_arrays.py, tests/runtime/graph/test_rebinding_written_arrays.py; on 3.10 the
count comes out higher and every case was refused; 3.14 borrows references on the stack): elsewhere every
such case is refused, the side a miscount must fall on.
"""

from __future__ import annotations

import sys
import weakref
from typing import Any

COUNTS_REFERENCES = sys.implementation.name == "cpython" and (3, 11) <= sys.version_info[:2] <= (3, 13)


def held_only_by(value: Any, known: int) -> bool:
    """Whether the ``known`` references the caller counted (its variables, its caller's) are all there are to
    ``value``: no other one, and no weak reference."""
    if not COUNTS_REFERENCES or weakref.getweakrefcount(value):
        return False
    return sys.getrefcount(value) == known + 2  # (this function's argument, getrefcount's)
