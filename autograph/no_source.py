"""A function with no source to convert (typed at the ``python`` prompt, or in ``python -c``) runs as written.

    >>> f = autograph.function(lambda x: x * 2 + 1)      # at the prompt
    >>> f(np.ones(3))
    NoSourceWarning: <lambda> has no source file (typed at the interpreter prompt, in python -c, or made by
    exec), so autograph traces it as written: ...
    array([3., 3., 3.])

Conversion reads a function's source; the prompt keeps none. Like ``tf.function``, ``autograph.function``
then traces the function as written: that works whenever its body has no Python ``if`` / ``while`` /
``for`` over graph values (conversion is only needed for those), and where it has one the trace stops
with an error that says why. It warns once per function, naming it and what to do. A file edited since
the function was defined (``SourceMismatchError``) is still refused: there the source exists and is
the wrong one.
"""

from __future__ import annotations

import types
import warnings
from typing import Any

from autograph import parsing
from runtime.staging import user_frame


class NoSourceWarning(UserWarning):
    """``autograph.function`` traces a function as written: it has no source to convert."""


def has_source(fn: Any) -> bool:
    """Whether ``fn``'s source lines can be read (a file, a notebook cell, a linecache entry)."""
    if not isinstance(fn, types.FunctionType):
        return True  # (not a plain function: conversion says what it says)
    lines = parsing.source_lines(fn)
    return bool(lines) and fn.__code__.co_firstlineno <= len(lines)


def warn_traced_as_written(name: str) -> None:
    """A ``NoSourceWarning`` at the user's line: the function ``name`` is traced as written, and what to do."""
    message = (f"{name} has no source file (typed at the interpreter prompt, in python -c, or made by exec), so "
               "autograph traces it as written: that works unless it has a Python `if`, `while` or `for` over "
               "graph values. To convert its control flow, define it in a file or a notebook cell.")
    frame = user_frame()
    if frame is None:
        warnings.warn(message, NoSourceWarning, stacklevel=2)
    else:
        # No registry: the user's module globals get no __warningregistry__ from us (once per Function is
        # the caller's own rule).
        warnings.warn_explicit(message, NoSourceWarning, frame.f_code.co_filename, frame.f_lineno,
                               module=frame.f_globals.get("__name__"))


def needs_conversion_hint(name: str) -> str:
    """What a trace that stopped at Python control flow over a graph value says about a function with no source."""
    return (f"{name} has no source file (typed at the interpreter prompt, in python -c, or made by exec), so it was "
            "traced as written and its Python control flow was not converted: define it in a file or a notebook "
            "cell, where autograph can read and convert it.")
