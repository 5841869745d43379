"""Errors the converter raises: each names the user's file and line and says what to do.

    raise UnsupportedSyntaxError('generators cannot be converted', location,
                                 hint='call it from converted code instead; it runs as Python')
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from runtime.limits import AutographError
from runtime.staging import cell_name


class Location(NamedTuple):
    filename: str
    lineno: int
    function: str = ""

    def __str__(self) -> str:
        """As a traceback names it: ``File "model.py", line 3, in f``, or IPython's ``Cell In[12], line 3, in f``."""
        cell = cell_name(self.filename)
        where = f"{cell}, line {self.lineno}" if cell else f'File "{self.filename}", line {self.lineno}'
        return f"{where}, in {self.function}" if self.function else where


class ConversionError(AutographError):
    """A function could not be converted. ``location``: where in the source (a ``Location``: file, line,
    function), or None; ``hint``: what to do, or "". The message holds both."""

    def __init__(self, message: str, location: Optional[Location] = None, hint: str = "") -> None:
        self.location = location
        self.hint = hint
        text = message
        if location is not None:
            text = f"{location}: {message}"
        if hint:
            text = f"{text}\n  What to do: {hint}"
        super().__init__(text)


class UnsupportedSyntaxError(ConversionError):
    """The function uses syntax the converter does not handle."""


class SourceNotFoundError(ConversionError):
    """The function's source code is not available."""


class SourceMismatchError(SourceNotFoundError):
    """The source text at the function's file and line is not the function's own (the file was edited
    after the function was defined, or ``exec`` compiled it under another file's name)."""


class ConverterBug(RuntimeError, AutographError):
    """A converter pass failed on a function it should convert: a bug in autograph. The message names
    the pass and the function's file and line; the pass's own error is its ``__cause__``."""
