"""A class called from converted code runs its own ``__init__`` (and ``__new__``) converted.

Before (the user's code, converted; ``KalmanFilter.__init__`` has an ``if`` on its argument)::

    kf = KalmanFilter(transition_matrices=A)

After (converted code: runtime/calls.py hands ``call`` of a class to ``constructor``)::

    kf = ag__.call(KalmanFilter)(transition_matrices=A)
    # while a backend traces: KalmanFilter.__new__, then the converted KalmanFilter.__init__

Python calls ``__init__`` for the program (``type.__call__``), so converted code would otherwise run
it as written: an ``if`` on a staged value in it, or a NumPy call that needs a value, stopped the
trace although the code that led there was converted. ``constructor`` makes what ``type.__call__``
does, step by step, with the class's own ``__new__`` and ``__init__`` converted (each where it is user
code the converter takes): ``__new__`` makes the object; an object that is not an instance of the
class is returned as it is, uninitialised; otherwise the ``__init__`` of the object's type runs, and a
result other than ``None`` is Python's ``TypeError``. A class whose metaclass has a ``__call__`` of its
own (an ``Enum``, a singleton metaclass), a builtin or C extension class, and a class whose
``__new__`` and ``__init__`` are not user code are called as they are: no frame in between.

Converted code reaches ``call`` only while a backend traces (runtime/choice.py), so the function as
written never meets this. The one frame it adds (``construct``) is left out of tracebacks
(runtime/tracebacks.py) and of the frames ``sys._getframe`` and ``stacklevel`` count in converted code
(runtime/frame_reads.py: a frame of the runtime).
"""

from __future__ import annotations

import functools
import types
from typing import Any, Callable, Optional

import numpy as np

from runtime.backend import backend_of_any
from runtime.limits import NotStageable
from runtime.staging import user_location
from runtime.tracebacks import hide_frames_of, strip

_TYPE_CALL = type.__call__
_IMMUTABLE_TYPE = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE: a builtin or C extension class
_HEAP_TYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class made by a class statement (its tp_name is its __name__)
_FunctionType = types.FunctionType
_NDARRAY = np.ndarray


def constructor(klass: type, target: Callable[[types.FunctionType], Callable]) -> Callable:
    """What converted code calls in place of the class ``klass``: ``klass`` itself, or ``construct`` with
    its ``__new__`` / ``__init__`` converted by ``target`` (runtime/calls.py's, which hands a function back
    as it is where it is not user code)."""
    new, init = _python_new_and_init(klass)
    new_target, init_target = _converted(new, target), _converted(init, target)
    if new_target is None and init_target is None:
        return klass
    return functools.partial(construct, klass, new_target, init_target, target)


def constructor_functions(klass: type) -> tuple[types.FunctionType, ...]:
    """The Python functions that ``klass(...)`` runs through ``type.__call__`` (its ``__new__``, its
    ``__init__``), which ``constructor`` converts; none where it calls the class as it is."""
    return tuple(f for f in _python_new_and_init(klass) if f is not None)


def _python_new_and_init(klass: type) -> tuple[Optional[types.FunctionType], Optional[types.FunctionType]]:
    """``klass``'s ``__new__`` and ``__init__`` where they are Python functions and ``type.__call__`` calls them,
    found as CPython's slots find them: ``klass.__new__`` (a ``staticmethod``'s function), and ``__init__`` on the
    class (a function, which a class hands back as it is)."""
    if klass.__flags__ & _IMMUTABLE_TYPE or type(klass).__call__ is not _TYPE_CALL:
        return None, None
    new, init = klass.__new__, klass.__init__
    return (new if type(new) is _FunctionType else None), (init if type(init) is _FunctionType else None)


def _converted(function: Optional[types.FunctionType], target: Callable) -> Optional[Callable]:
    """``function``'s converted form, or None where there is none (no function, or not user code)."""
    if function is None:
        return None
    converted = target(function)
    return None if converted is function else converted


def _own(klass: type, name: str) -> Any:
    """``name`` as ``klass``'s instances find it on their type (the MRO's dicts, not the metaclass's)."""
    for base in klass.__mro__:
        found = base.__dict__.get(name, _MISSING)
        if found is not _MISSING:
            return found
    return None


_MISSING: Any = object()


def construct(klass: type, new_target: Optional[Callable], init_target: Optional[Callable], target: Callable,
              /, *args: Any, **kwargs: Any) -> Any:
    """``klass(*args, **kwargs)`` as ``type.__call__`` makes it, through the converted ``__new__`` and
    ``__init__`` (None: the class's own)."""
    try:
        if _NDARRAY in klass.__mro__ and backend_of_any((*args, *kwargs.values())) is not None:
            raise NotStageable(
                f"{user_location()}: {klass.__qualname__}(...) of a graph tensor: {klass.__qualname__} is a subclass "
                "of np.ndarray, whose objects hold NumPy arrays, which a graph tensor cannot become while tracing. "
                "Work on the tensor with NumPy functions (keep the subclass's methods as functions of an array), or "
                "make the object outside the traced function and pass its array in.")
        made = new_target(klass, *args, **kwargs) if new_target is not None else klass.__new__(klass, *args, **kwargs)
        kind = type(made)
        if kind is not klass:
            if klass not in kind.__mro__:  # not an instance: returned uninitialised, as Python does
                return made
            init = kind.__init__
            init_target = _converted(init if type(init) is _FunctionType else None, target)
        if init_target is not None:
            result = init_target(made, *args, **kwargs)
        else:
            result = _own(kind, "__init__").__get__(made, kind)(*args, **kwargs)
        if result is not None:
            raise TypeError(f"__init__() should return None, not '{_type_name(type(result))}'")
        return made
    except BaseException as error:  # the user's traceback, without this frame (runtime/tracebacks.py)
        strip(error)
        raise


def _type_name(kind: type) -> str:
    """The class's name as CPython's messages print it (``tp_name``: a builtin's module in front of its name,
    ``numpy.ndarray``, except for the builtins module's own)."""
    if kind.__flags__ & _HEAP_TYPE or kind.__module__ == "builtins":
        return kind.__name__
    return f"{kind.__module__}.{kind.__name__}"


hide_frames_of(construct)
