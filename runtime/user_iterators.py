"""A ``for`` over an object whose class writes ``__iter__`` in Python, in the converted form: the loop calls the
converted ``__iter__`` and ``__next__``, as converted code calls any method of the user's.

Python's ``for`` calls ``type(obj).__iter__`` and then ``type(it).__next__`` itself, from the interpreter, so
without this they ran as written even inside a trace: a ``__next__`` that steps a filter with an ``if`` on a
staged value, or that calls SciPy on one, was refused where the same step written as ``self.step()`` stages
(particles' Kalman filter and Baum-Welch classes: ``for _ in self: pass``, each ``__next__`` one step). Before
(converted code, ``kalman`` an object of the user's class)::

    for _ in ag__.for_stmt(kalman, None, loop_body, ()):
        loop_body(_)

``for_stmt`` hands the loop ``converted_iteration(kalman)``: the items ``call(type(it).__next__)(it)`` gives,
``it`` being ``call(type(kalman).__iter__)(kalman)``, both looked up on the type at each step as the
interpreter does (an instance attribute ``__next__`` is not used; a class whose ``__next__`` is replaced during
the loop gives the new one's items). On plain values the items, the exceptions and the calls are Python's;
the iterator's frames are hidden from tracebacks, as every runtime frame that calls user code is.

Only loops without ``break`` or ``return``: with one, a flag that becomes staged hands the items left to the
backend, which must then know whether the program still holds the iterator (runtime/operators.py,
``_only_the_loops``), and a wrapper would hide that; such loops iterate as written.
"""

from __future__ import annotations

import types
from typing import Any, Iterator, Optional

from runtime.calls import call
from runtime.tracebacks import hide_frames_of

_FunctionType = types.FunctionType


def converted_iteration(iterable: Any) -> Optional[Iterator]:
    """The iteration of ``iterable`` through its class's converted ``__iter__`` / ``__next__``, or None where its
    class's ``__iter__`` is no Python function (lists, arrays, generators, C iterators: nothing to convert)."""
    method = getattr(type(iterable), "__iter__", None)
    if type(method) is not _FunctionType:
        return None
    return _ConvertedIterator(call(method)(iterable))


class _ConvertedIterator:
    """Python's ``for`` over ``it`` (what ``__iter__`` returned), each item from the converted ``__next__``."""

    __slots__ = ("it",)

    def __init__(self, it: Any) -> None:
        if getattr(type(it), "__next__", None) is None:  # (iter()'s own check of what __iter__ returned)
            raise TypeError(f"iter() returned non-iterator of type '{type(it).__name__}'")
        self.it = it

    def __iter__(self) -> _ConvertedIterator:
        return self

    def __next__(self) -> Any:
        it = self.it
        step = getattr(type(it), "__next__", None)
        if step is None:  # (deleted during the loop: the interpreter's own words, 3.10 to 3.13)
            raise TypeError(f"'{type(it).__name__}' object is not iterable")
        if type(step) is _FunctionType:
            return call(step)(it)
        return step(it)


hide_frames_of(converted_iteration, _ConvertedIterator.__init__, _ConvertedIterator.__next__)
