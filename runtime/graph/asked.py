"""What the installed Python or NumPy raises: ``error_of(thunk)``, so the graph raises their errors, in their words.

    error_of(lambda: int(float("nan")))   # (ValueError, 'cannot convert float NaN to integer')
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
