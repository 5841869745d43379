"""``zip(...)`` and ``enumerate(...)`` in a for loop's iterable, which a backend may stage.

Before (what the user wrote; ``currents`` and ``thresholds`` are JAX arrays under ``jax.jit``)::

    for t, (i_t, th) in enumerate(zip(currents, thresholds)):
        ...

After (what the converter writes, as for ``range``)::

    for itr in ag__.for_stmt(ag__.enumerate(ag__.zip(currents, thresholds)), None, loop_body, (...)):
        loop_body(itr)

On plain values each is Python's own ``zip`` / ``enumerate`` (looked up in ``builtins`` when called,
as the original's call would). Where an argument is a value a backend owns, its ``for_iterable``
may answer with an iterable of its own that its ``for_stmt`` stages (JAX: one ``lax.scan`` over the
arrays' first axis, ``runtime/jax/loops.py``); NotImplemented leaves the call to Python.
"""

from __future__ import annotations

import builtins as _builtins
from typing import Any, Callable, Iterator, Optional

from runtime.backend import OWNER_BY_TYPE, backend_for
from runtime.tracebacks import hide_frames_of

_MISS = object()
RANGE_ITERATOR = type(iter(range(0)))  # iter(range(...)) and reversed(range(...)) alike


def remaining_range(iterator: Iterator) -> Optional[range]:
    """The range a range iterator (``RANGE_ITERATOR``) has still to give, read without consuming it, or None if
    its pickling recipe says neither of these: ``(iter, (the range,), position)`` up to Python 3.11, and
    ``(iter, (the range left,), None)`` from 3.12 on. (A caller given None runs the rest item by item.)"""
    try:
        _, (made_from,), position = iterator.__reduce__()
    except (TypeError, ValueError):
        return None
    if type(made_from) is not range:
        return None
    if position is None:
        return made_from
    return made_from[position:] if type(position) is int else None


def zip_(*args: Any, **kwargs: Any) -> Any:
    """``zip(*args, **kwargs)``, or the staged form of the backend owning an argument."""
    return _iterable(_builtins.zip, args, kwargs)


def enumerate_(*args: Any, **kwargs: Any) -> Any:
    """``enumerate(*args, **kwargs)``, or the staged form of the backend owning its iterable."""
    return _iterable(_builtins.enumerate, args, kwargs)


def _iterable(f: Callable, args: tuple, kwargs: dict) -> Any:
    for value in (*args, *kwargs.values()):
        try:
            backend = OWNER_BY_TYPE.get(type(value), _MISS)
        except Exception:  # noqa: BLE001  (a metaclass's __eq__ without __hash__, or its own __hash__ raising: plain Python)
            continue
        if backend is _MISS:
            backend = backend_for(value)
        if backend is not None:
            stage = getattr(backend, "for_iterable", None)  # (a backend written before it existed: Python's call)
            result = NotImplemented if stage is None else stage(f, args, kwargs)
            if result is not NotImplemented:
                return result
            break
    return f(*args, **kwargs)


hide_frames_of(zip_, enumerate_, _iterable)  # tracebacks leave them out (runtime/tracebacks.py)
