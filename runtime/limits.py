"""Errors that say what a graph cannot do, and the guard that keeps user code from handling them.

Before (converted code, a user's fallback)::

    try:
        k = np.linalg.inv(s)
    except Exception:
        ag__.reraise_limitation()
        k = 1.0 / s

A ``Limitation`` raised while tracing (``np.linalg.inv`` unsupported, a tensor's value asked for)
is not what eager NumPy would raise there, so the user's handler must not take it as its own:
it would trace the fallback and give a silently different result. Errors NumPy itself raises
(shapes that do not broadcast, a singular matrix) are not limitations: handlers catch them as in
eager code.
"""

from __future__ import annotations

import sys


class Limitation(Exception):
    """Marks an error that says what a graph cannot do where Python or NumPy would go on."""


class NotStageable(TypeError, Limitation):
    """A value, function or argument that a graph cannot hold or compute while tracing."""


class NotOnTensors(AttributeError, Limitation):
    """An array attribute that graph tensors do not have; an ``AttributeError``, so ``hasattr`` is False."""


# The exception being handled: sys.exception() (Python 3.11+) costs less than sys.exc_info()[1],
# which builds a tuple; converted code calls this at the top of every `except` clause.
_handled = getattr(sys, "exception", None) or (lambda: sys.exc_info()[1])


def reraise_limitation() -> None:
    """In an ``except`` clause of converted code: re-raise the exception being handled if it is a
    ``Limitation`` (plain exceptions pass to the user's handler untouched)."""
    error = _handled()
    if isinstance(error, Limitation):
        raise error
