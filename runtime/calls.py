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
    if cls is types.FunctionType and _converter is not None:
        return _target(f)(*args, **kwargs)
    try:
        plain = _converter is None or cls in _PLAIN_CALLABLES
    except TypeError:  # a class whose metaclass defines __eq__ without __hash__
        plain = False
    if plain:
        return f(*args, **kwargs)
    if cls is types.MethodType and f.__func__.__class__ is types.FunctionType:
        return _target(f.__func__)(f.__self__, *args, **kwargs)
    if cls is functools.partial:
        return call(f.func, *f.args, *args, **{**f.keywords, **kwargs})
    if isinstance(f, type):
        return f(*args, **kwargs)
    return _call_object(f, cls, args, kwargs)


def _call_object(f: Any, cls: type, args: tuple, kwargs: dict) -> Any:
    """A callable object: its class's ``__call__`` as Python finds it (a plain function gets the
    object, a staticmethod does not, a classmethod gets the class), converted when it is user code."""
    method = next((klass.__dict__["__call__"] for klass in cls.__mro__ if "__call__" in klass.__dict__), None)
    if method.__class__ is types.FunctionType:
        return _target(method)(f, *args, **kwargs)
    if method.__class__ is staticmethod and method.__func__.__class__ is types.FunctionType:
        return _target(method.__func__)(*args, **kwargs)
    if method.__class__ is classmethod and method.__func__.__class__ is types.FunctionType:
        return _target(method.__func__)(cls, *args, **kwargs)
    return f(*args, **kwargs)


def _target(function: types.FunctionType) -> Callable:
    """The converted form of a plain function (or the function itself), cached per function."""
    target = _targets.get(function)
    if target is None:
        target = _targets[function] = _converter(function)
    return target
