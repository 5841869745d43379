"""What the installed Python or NumPy raises: ``error_of(thunk)``, so the graph raises their errors, in their words;
and what it answers: ``answer(thunk)``, its value or its error, asked once.

    error_of(lambda: int(float("nan")))   # (ValueError, 'cannot convert float NaN to integer')
    answer(lambda: np.where(True, 2 ** 63, -1))   # NumPy's int64 value, or the error this NumPy raises
"""

from __future__ import annotations

import warnings
from typing import Any, Callable


def error_of(thunk: Callable[[], Any]) -> tuple[type, str]:
    """The type and message of what ``thunk()`` raises (its warnings silenced), or ``(NoneType, "")``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            thunk()
        except Exception as error:  # noqa: BLE001  (asked, so the answer matches the versions installed)
            return type(error), str(error)
    return type(None), ""


def answer(thunk: Callable[[], Any]) -> Any:
    """What ``thunk()`` returns (its warnings silenced), or the error it raises, raised again as a new exception of
    its type with its message (its traceback through NumPy left out)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return thunk()
        except Exception as error:  # noqa: BLE001  (asked, so the answer matches the versions installed)
            raise type(error)(str(error)) from None
