"""Loop tests that bind names: ``while abs((x_next := step(x)) - x) > tol:``.

Python binds ``x_next`` each time it evaluates the test, and the body reads that value. A backend that
stages the loop traces the test (its loop condition) and the body (its loop body) apart, so the body
would read the ``x_next`` of the first, unstaged test. The converter carries such names as loop state
(autograph/converters/carried_state.py); ``rebinding`` gives the body a backend should stage: the test
again, then the body, so that each staged iteration binds them from its own state, as Python does. After
the staged loop the backend calls ``test()`` once more: the test that ended the loop bound them last.
"""

from __future__ import annotations

import dis
import functools
from typing import Any, Callable


def binds_names(test: Callable) -> bool:
    """Whether a loop test (or a function its closure holds, as a wrapper's) binds a variable of the
    function around it: a walrus in the test, whose cell the test function writes."""
    return _stores_cell(getattr(test, "__code__", None), getattr(test, "__closure__", None) or (), 2)


def rebinding(test: Callable[[], Any], body: Callable[[], None]) -> Callable[[], None]:
    """``test(); body()``: the body to stage for a test that binds names (see the module docstring)."""
    def test_then_body() -> None:
        test()
        body()
    return test_then_body


@functools.lru_cache(maxsize=256)
def _stores_own_cell(code: Any) -> bool:
    return any(op.opname == "STORE_DEREF" for op in dis.get_instructions(code))


def _stores_cell(code: Any, closure: tuple, depth: int) -> bool:
    if code is None:
        return False
    if _stores_own_cell(code):
        return True
    for cell in closure if depth else ():
        try:
            inner = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if callable(inner) and _stores_cell(getattr(inner, "__code__", None),
                                            getattr(inner, "__closure__", None) or (), depth - 1):
            return True
    return False
