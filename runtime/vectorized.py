"""``np.vectorize`` objects called while a backend traces: the backend may call the (converted) Python function
on each element of its values.

Before (the user's code, ``x`` a traced array)::

    scale = np.vectorize(lambda v: v * 2 if v > 1 else -v)
    y = scale(x)

After (converted code)::

    y = ag__.call(scale)(x)

``ag__.call`` (runtime/calls.py) hands back ``functools.partial(vectorized_call, scale, converted)`` for an
``np.vectorize`` object, ``converted`` being its ``pyfunc``'s converted form. On plain values that is NumPy's own
call; with a backend's value among the arguments the backend answers (the graph calls ``converted`` on each
element while tracing: runtime/graph/vectorized.py), and NumPy's call where it does not (NotImplemented), which
then meets the value's own conversion error.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from runtime.backend import backend_of_any

VECTORIZE = np.vectorize


def vectorized_call(vectorized: np.vectorize, converted: Callable, /, *args: Any, **kwargs: Any) -> Any:
    """``vectorized(*args, **kwargs)``, or the answer of the backend owning an argument, which calls ``converted``
    (the converted ``vectorized.pyfunc``) in NumPy's place."""
    backend = backend_of_any((*args, *kwargs.values()))
    if backend is not None:
        result = backend.vectorize(vectorized, converted, args, kwargs)
        if result is not NotImplemented:
            return result
    return vectorized(*args, **kwargs)
