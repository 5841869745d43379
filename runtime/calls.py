"""The one runtime call that converted code makes for calls to user functions.

Before::

    y = square(x)

After::

    y = ag__.call(square, x)

``call`` converts the callee the first time it sees it (through the converter
that ``autograph`` registers with ``set_converter``), caches the result, and
calls it. Builtins, classes and anything the converter declines run as they
are. Calls that the converter can resolve while converting (NumPy, builtins,
the standard library) are never wrapped, so they cost nothing.
"""

from __future__ import annotations

import functools
import types
import weakref
from typing import Any, Callable, Optional

# Callables that are never converted: calling them through `call` is a plain call.
_PLAIN_CALLABLES = frozenset({
    types.BuiltinFunctionType,
    types.BuiltinMethodType,
    types.MethodWrapperType,
    types.WrapperDescriptorType,
    types.MethodDescriptorType,
    types.ClassMethodDescriptorType,
    type,
})

_converter: Optional[Callable[[Callable], Callable]] = None
_targets: "weakref.WeakKeyDictionary[Callable, Callable]" = weakref.WeakKeyDictionary()


def set_converter(converter: Optional[Callable[[Callable], Callable]]) -> None:
    """Install the function that turns a user function into its converted form
    (or returns it unchanged when it should run as it is)."""
    global _converter
    _converter = converter
    _targets.clear()


def call(f: Callable, /, *args: Any, **kwargs: Any) -> Any:
    """``f(*args, **kwargs)``, with ``f`` converted first if it is user code."""
    cls = f.__class__
    if cls in _PLAIN_CALLABLES or _converter is None:
        return f(*args, **kwargs)
    if cls is types.FunctionType:
        return _target(f)(*args, **kwargs)
    if cls is types.MethodType and f.__func__.__class__ is types.FunctionType:
        return _target(f.__func__)(f.__self__, *args, **kwargs)
    if cls is functools.partial:
        return call(f.func, *f.args, *args, **{**f.keywords, **kwargs})
    if isinstance(f, type):
        return f(*args, **kwargs)
    method = getattr(cls, "__call__", None)
    if method.__class__ is types.FunctionType:  # a callable object of a user class
        return _target(method)(f, *args, **kwargs)
    return f(*args, **kwargs)


def _target(function: types.FunctionType) -> Callable:
    """The converted form of a plain function (or the function itself), cached per function."""
    target = _targets.get(function)
    if target is None:
        target = _targets[function] = _converter(function)
    return target
