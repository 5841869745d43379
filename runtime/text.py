"""``ag__.text(s)``: text the converted function made from values and uses as data, refused where it holds a traced
value's placeholder (autograph/converters/traced_text.py); ``ag__.text_of(str)``, the same for each text a callable
passed to ``map`` or as a ``key=`` makes.

Before (converted code; ``word`` a traced array)::

    bits = ag__.text(str(int(word[0])))

On plain values, and on text that holds no traced value, ``text`` returns ``s`` itself. While a backend traces,
the text of one of its values is a placeholder (the graph's ``<Tensor i64[] #3>``, JAX's ``JitTracer(...)``), whose
characters are not the value's: the length, a comparison or ``int(bits, 2)`` of it would silently differ from
eager code's. The backend refuses it (``Backend.refuse_traced_text``), naming the line.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from runtime.backend import staging_backends
from runtime.tracebacks import hide_frames_of

# What every backend's placeholder text starts with (a cheap test before asking the backends).
_PLACEHOLDERS = ("<Tensor ", "Tracer(", "Traced<")


def text(value: Any) -> Any:
    """``value``, unless it is text holding a placeholder of a value a backend is tracing (refused)."""
    if type(value) is str and any(placeholder in value for placeholder in _PLACEHOLDERS):
        for backend in staging_backends():
            backend.refuse_traced_text(value)
    return value


def text_of(make: Callable) -> Callable:
    """``make`` (``str``, ``repr``, ``"{:.2f}".format``) given to a call as a function (``map(str, bits)``,
    ``key=str``), with each text it makes passed through ``text``."""
    return functools.partial(_making_text, make)


def _making_text(make: Callable, *args: Any, **kwargs: Any) -> Any:
    return text(make(*args, **kwargs))


hide_frames_of(_making_text)  # (an error in a value's __str__ shows the user's frames only, as unconverted)
