"""``ag__.builtin``: calls of builtins, ``math`` and NumPy constructors that a backend may answer.

Some callables ask their argument for its value: ``float(t)`` needs ``t.__float__`` to return a
Python float, ``math.sqrt(t)`` calls ``float(t)``, and ``np.array([t1, t2])`` converts each element
itself. A graph tensor cannot answer while it is traced, and Python cannot be changed to let it. So
the converter routes calls that resolve, at conversion time, to one of these callables
(``autograph/converters/call_trees.py``: ``float int bool complex min max round divmod pow isinstance
type len hasattr``, the functions of ``math``, NumPy's ``array asarray asanyarray ascontiguousarray
asfortranarray isscalar``, and
``repeat take``, which ask their sizes and positions for Python ints; ``np.arange`` comes here through
``ag__.call``, as NumPy's other constructors of fresh arrays do: runtime/new_arrays.py) through this module
(``ROUTED_BUILTINS``, ``ROUTED_NUMPY``; ``ag__.call`` routes one it meets under another name,
``ROUTED_CALLS``);
``any`` and ``all`` too, which ask each item for its truth (``_truth_fold``).
Before::

    norm = math.sqrt(float(np.dot(x, x)))
    pair = np.array([a, b], dtype=float)

After (what the converter writes)::

    norm = ag__.builtin(math.sqrt, ag__.builtin(float, np.dot(x, x)))
    pair = ag__.builtin_call(np.array, [a, b], dtype=float)

``builtin`` takes calls with one or two positional arguments (most of them); ``builtin_call`` any
other argument list. The callee is still evaluated where the user wrote it (so a patched
``math.sqrt`` is the one called) and the arguments stay as written. On plain values the call is
``f(*args)`` after one type check per argument, with Python's own result and exceptions. When an
argument is a value a backend owns (a graph tensor), the backend's ``call_builtin`` answers instead
(``runtime/graph/builtins.py`` for graphs); a backend that returns NotImplemented leaves the call
to Python.

Values nested in lists and tuples (``np.array([[a, b], [c, d]])``, ``max([a, b])``) are found
without slowing plain calls down: ``min`` and ``max`` look one level into their list and tuple
arguments (their own work is per element anyway), and any other callable is called first and its
arguments are searched only if that call raises (NumPy's ``array`` fails on the first tensor it
meets, before anything else has happened).
"""

from __future__ import annotations

import builtins
import collections
import functools
import itertools
import types
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (runtime/choice.py)
from sys import _getframe  # (bound at import: a program may delete or replace sys._getframe)
from typing import Any, Callable, Optional

import numpy as np

from runtime.backend import OWNER_BY_TYPE, Backend, backend_for
from runtime.limits import forget_since, refusal_mark, refusals_now
from runtime.tracebacks import HIDDEN_CODES, hide_frames_of, strip

# The callables that ask their arguments for their values or classes (the module's docstring), by name: the
# converter routes the calls that name one of them here (autograph/converters/call_trees.py), and ``ag__.call``
# hands back ``ROUTED_CALLS[id(f)]`` for one reached another way (a variable, a table of them: runtime/calls.py).
ROUTED_BUILTINS = (float, int, bool, complex, min, max, round, divmod, pow, isinstance, type, len, any, all,
                   hasattr, id)
ROUTED_NUMPY = ("array", "asarray", "asanyarray", "ascontiguousarray", "asfortranarray", "repeat", "take", "isscalar",
                "fromiter")
_FROMITER = np.fromiter
_METHOD_DESCRIPTOR = types.MethodDescriptorType  # (np.ndarray.astype: a method of a C class, reached through it)
_ndarray = np.ndarray

_MISS = object()
_NO_ARG = object()  # "no second argument" in ``builtin``
_owner_of = OWNER_BY_TYPE.get  # bound once: the dict is filled in place, never replaced
_NESTS = (list, tuple, collections.deque)  # (the sequences NumPy makes arrays of: runtime/graph/tensor.py)
_deque = collections.deque
_min, _max = builtins.min, builtins.max
_any, _all = builtins.any, builtins.all


_ISINSTANCE = isinstance
_len, _type = builtins.len, builtins.type


def builtin(f: Callable, x: Any, y: Any = _NO_ARG, /) -> Any:
    """``f(x)`` or ``f(x, y)``, or what the backend owning ``x`` or ``y`` makes of it.

    The common calls (``float(t)``, ``math.sqrt(t)``, ``max(a, b)``, ``np.array(xs)``) take one or
    two positional arguments: this fixed signature lets Python call it without packing ``*args`` /
    ``**kwargs`` (about half the cost of ``builtin_call``). Any other argument list goes to
    ``builtin_call``."""
    try:  # numbers first, returned at once: `math.sqrt(x)`, `round(x, 2)`, `max(a, b)` on floats and ints
        cls = type(x)
        if cls is float or cls is int:
            if y is _NO_ARG:
                return f(x)
            cls = type(y)
            if cls is float or cls is int or f is _ISINSTANCE:
                return f(x, y)
        elif f is _len or f is _ISINSTANCE or f is _type:
            # `len(xs)`, `isinstance(v, (A, B))`, `type(v)` of a plain value, at once: the answer is the value's
            # own, whatever a list or tuple of it holds (isinstance's second argument is a class or a tuple of
            # them, never a backend's value). A type not seen yet (_MISS) takes the path below, which learns it.
            try:
                owner = _owner_of(cls, _MISS)
            except Exception:  # noqa: BLE001  (a class its metaclass cannot hash: the path below)
                owner = _MISS
            if owner is None:
                return f(x) if y is _NO_ARG else f(x, y)
    except BaseException as error:  # the user's traceback, without this frame (runtime/tracebacks.py)
        strip(error)
        raise
    if (f is _any or f is _all) and y is _NO_ARG:
        return _truth_fold(f, x)
    if f is _FROMITER:
        return builtin_call(f, x) if y is _NO_ARG else builtin_call(f, x, y)
    try:
        cls = type(x)
        plain = _owner_of(cls, _MISS) is None
        nested = cls is list or cls is tuple or cls is _deque
        # (isinstance's second argument is a class or a tuple of them, never a backend's value.)
        if plain and y is not _NO_ARG and f is not _ISINSTANCE:
            cls = type(y)
            plain = _owner_of(cls, _MISS) is None
            nested = nested or cls is list or cls is tuple or cls is _deque
    except Exception:  # noqa: BLE001  (a metaclass's __eq__ without __hash__, or its __hash__ raising: see _dispatch)
        plain = False
    try:  # the call runs user code (__len__, __float__, a key function)
        if plain and not nested:
            return f(x) if y is _NO_ARG else f(x, y)
        args = (x,) if y is _NO_ARG else (x, y)
        if plain and f is not _min and f is not _max:
            # A list or tuple argument (``isinstance(v, (A, B))``, ``np.array([a, b])``): called first, as
            # ``_dispatch`` does for these callables, its arguments searched only if the call raises.
            refusals = refusals_now()  # (``refusal_mark()`` written out: a call less on the common path)
            mark = 0 if refusals is None else len(refusals)
            try:
                return f(*args)
            except Exception as error:
                return _after_failure(f, args, {}, args, error, mark)
        return _dispatch(f, args, {})
    except BaseException as error:  # the user's traceback, without this frame (runtime/tracebacks.py)
        strip(error)
        raise


def _truth_fold(f: Callable, items: Any) -> bool:
    """``any(items)`` / ``all(items)`` as Python runs them: item by item, stopping at the first item whose
    truth decides (true for ``any``, false for ``all``). An item a backend owns (a tracer: ``any(jnp.isnan(g)
    .any() for g in grads)``) cannot decide while tracing: its truth (``not not item``, staged) is kept and
    the items after it are still read (a plain one that decides is the answer, whatever the staged ones
    hold); the answer is then the staged truths or-ed (``any``) or and-ed (``all``) by the backend. Unlike
    Python, the items after a staged one are evaluated even if that one decides when the program runs
    (their values cannot change the answer). An item of more than one element is Python's ValueError."""
    deciding = f is _any
    staged = []
    try:
        for item in items:
            backend = None if type(item) is bool else backend_for(item)
            if backend is None:
                if (not item) is not deciding:
                    return deciding
                continue
            dims = tuple(getattr(item, "shape", ()))
            if all(type(dim) is int for dim in dims):  # (an unknown dim: the backend's not_ decides)
                size = 1
                for dim in dims:
                    size *= dim
                if size != 1:
                    raise ValueError("The truth value of an array with more than one element is ambiguous. Use "
                                     "a.any() or a.all()" if size else "The truth value of an empty array is ambiguous")
            staged.append((backend, backend.not_(backend.not_(item))))
    except BaseException as error:  # the user's traceback, without this frame (runtime/tracebacks.py)
        strip(error)
        raise
    if not staged:
        return not deciding
    (backend, first), rest = staged[0], tuple((lambda truth=truth: truth) for _, truth in staged[1:])
    return backend.or_(first, rest) if deciding else backend.and_(first, rest)


def builtin_call(f: Callable, /, *args: Any, **kwargs: Any) -> Any:
    """``f(*args, **kwargs)``, or what the backend owning one of the arguments makes of it: the form
    for calls with keywords, starred arguments or more than two arguments."""
    if f is _type and len(args) == 3:
        return _new_class(_getframe(1).f_globals, args, kwargs)
    if f is _FROMITER and args:
        args = (_items_read(args, kwargs), *args[1:])
    plain = not kwargs
    try:
        for arg in args:
            cls = type(arg)
            if cls is list or cls is tuple or _owner_of(cls, _MISS) is not None:
                plain = False
                break
    except Exception:  # noqa: BLE001  (a metaclass's __eq__ without __hash__, or its __hash__ raising: see _dispatch)
        plain = False
    try:  # the call runs user code
        if plain:
            return f(*args)
        return _dispatch(f, args, kwargs)
    except BaseException as error:  # the user's traceback, without this frame (runtime/tracebacks.py)
        strip(error)
        raise


def _items_read(args: tuple, kwargs: dict) -> list:
    """``np.fromiter``'s iterable read into a list, as far as NumPy would read it (``count`` items, when given): a
    list of backend values (``np.fromiter((f(w) for w in windows), dtype=float, count=n)``, spotpy's ``summarize``) is
    a backend's to make one array of, where NumPy would ask each for its value."""
    count = args[2] if len(args) > 2 else kwargs.get("count", -1)
    iterable = args[0]
    if type(count) is int and count >= 0:
        return list(itertools.islice(iterable, count))
    return list(iterable)


# `type(name, bases, namespace)` names the module of the class it makes from the globals of the frame that
# calls it (its `__module__`, which pickle looks the class up by): called from here, it would say this
# module. So the converted code's call runs in a function whose globals are the caller's (a function made
# with them reads them and adds nothing to them, where `eval` would add `__builtins__`).
_TYPE_CALL = compile("lambda make, args, kwargs: make(*args, **kwargs)", "<runtime.builtin_calls>", "eval").co_consts[0]


def _new_class(caller_globals: dict, args: tuple, kwargs: dict) -> type:
    """``type(name, bases, namespace, **kwargs)`` as the converted code's own frame calls it."""
    try:
        return types.FunctionType(_TYPE_CALL, caller_globals)(_type, args, kwargs)
    except BaseException as error:  # the user's traceback, without this frame (runtime/tracebacks.py)
        strip(error)
        raise


def _first_owner(values: Any, depth: int) -> Optional[Backend]:
    """The backend owning one of ``values`` or a value inside their lists and tuples (``depth`` levels)."""
    for value in values:
        cls = type(value)
        try:
            owner = _owner_of(cls, _MISS)
        except Exception:  # noqa: BLE001  (a metaclass's __eq__ without __hash__, or its own __hash__ raising: plain Python)
            continue
        if owner is _MISS:
            owner = backend_for(value)
        if owner is not None:
            return owner
        if depth and (cls is list or cls is tuple or issubclass(cls, _NESTS)):
            owner = _first_owner(value, depth - 1)
            if owner is not None:
                return owner
    return None


def _dispatch(f: Callable, args: tuple, kwargs: dict) -> Any:
    """The call with an argument that is not a plain scalar, or with keywords: find a backend's
    value (at the top level, else inside lists and tuples), then call."""
    if type(f) is _METHOD_DESCRIPTOR and args and f.__objclass__ is _ndarray:
        return _array_method(f, args, kwargs)
    values = (*args, *kwargs.values()) if kwargs else args
    nested = False
    backend = None
    for value in values:
        cls = type(value)
        if cls is list or cls is tuple:
            nested = True
            continue
        try:
            backend = _owner_of(cls, _MISS)
        except Exception:  # noqa: BLE001  (a metaclass's __eq__ without __hash__, or its own __hash__ raising: plain Python)
            continue
        if backend is _MISS:
            backend = backend_for(value)
        if backend is not None:
            break
        # (The class, not isinstance(): that would read the value's __class__, which an object may compute.)
        nested = nested or issubclass(cls, _NESTS)
    if backend is None:
        if not nested:
            return f(*args, **kwargs)
        if f is builtins.min or f is builtins.max:
            # Searched before the call: a failed plain max([a, b]) would have compared a and b
            # already, leaving a dead node in the graph.
            backend = _first_owner(args, 1)
            if backend is None:
                return f(*args, **kwargs)
        else:
            mark = refusal_mark()
            try:
                return f(*args, **kwargs)
            except Exception as error:
                return _after_failure(f, args, kwargs, values, error, mark)
    result = backend.call_builtin(f, args, kwargs)
    return f(*args, **kwargs) if result is NotImplemented else result


def _after_failure(f: Callable, args: tuple, kwargs: dict, values: tuple, error: Exception, mark: int) -> Any:
    """In the ``except`` clause of a plain call with lists or tuples among its arguments that raised
    ``error``: the answer of the backend owning a value inside them, or ``error`` raised again. (The
    refusals the failed call made, since ``mark``, are forgotten once the backend answers, with a value or
    an error of its own.)"""
    backend = _first_owner(values, 64)
    if backend is None:
        raise error
    taken_over = refusal_mark()  # (the failed call's refusals are those from mark to here)
    try:
        result = backend.call_builtin(f, args, kwargs)
    except BaseException:  # the backend's answer is an error (NumPy's own, or a refusal of its own): it stands
        forget_since(mark, until=taken_over)
        raise
    if result is NotImplemented:
        raise error
    forget_since(mark)
    return result


def _array_method(f: Callable, args: tuple, kwargs: dict) -> Any:
    """``np.ndarray.astype(a, "uint8")``: a method of NumPy's arrays called through the class (pysteps'
    ``compute_dilated_mask``), as ``a.astype("uint8")`` is. A backend's value answers with its own method of that
    name (a graph's tensor, a JAX tracer); a NumPy array's bound method is called as ``a.dot(t)`` is (it may be
    given a backend's value); anything else gets the descriptor's own TypeError, as NumPy gives it."""
    receiver, rest = args[0], args[1:]
    if backend_for(receiver) is not None:
        return getattr(receiver, f.__name__)(*rest, **kwargs)
    bound = f.__get__(receiver, type(receiver))  # (NumPy's TypeError for what is no array)
    return _dispatch(bound, rest, kwargs) if rest or kwargs else bound()


def routed_callables() -> dict[int, Callable]:
    """``id(f) -> f`` for every routed callable: ``ROUTED_BUILTINS``, the functions of ``math``, NumPy's
    ``ROUTED_NUMPY``, and the methods of NumPy's arrays reached through their class (``np.ndarray.sum``:
    ``_array_method``)."""
    import math

    found = [*ROUTED_BUILTINS, *(getattr(math, name) for name in dir(math)), *(getattr(np, n) for n in ROUTED_NUMPY),
             *(method for method in vars(np.ndarray).values() if type(method) is _METHOD_DESCRIPTOR)]
    return {id(f): f for f in found if callable(f)}


# What ``ag__.call`` hands back for a routed callable reached by a name the converter could not resolve.
ROUTED_CALLS: dict[int, Callable] = {key: functools.partial(builtin_call, f) for key, f in routed_callables().items()}


def _numpy_calls() -> dict[int, Callable]:
    """``id(f) -> builtin_call`` bound to ``f``, for NumPy's other public functions and ufuncs (``np.mean``,
    ``np.exp``...): what ``ag__.call`` hands back for one met under a name the converter could not resolve
    (``import numpy as np`` inside the function), so that, as for a call the converter routes by name
    (a NumPy function given a list: autograph/converters/call_trees.py), a backend answers where a list holds
    its values (``np.mean(losses)``, ``losses`` a list of tracers). On plain values, NumPy's own call."""
    import numpy as np

    found = {}
    for name in dir(np):
        f = getattr(np, name, None)
        if name.startswith("_") or isinstance(f, type) or not callable(f) or id(f) in ROUTED_CALLS:
            continue
        found[id(f)] = functools.partial(builtin_call, f)
    return found


NUMPY_CALLS: dict[int, Callable] = _numpy_calls()


# Tracebacks leave them out (runtime/tracebacks.py).
hide_frames_of(builtin, builtin_call, _dispatch, _after_failure, _truth_fold, _new_class)
HIDDEN_CODES.add(id(_TYPE_CALL))  # (the call made with the caller's globals)
