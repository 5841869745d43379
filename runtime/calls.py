"""The one runtime call that converted code makes for calls to user functions.

Before::

    y = square(x)

After::

    y = ag__.call(square)(x)

``call(f)`` returns what to call in ``f``'s place: its converted form, made the
first time (through the converter that ``autograph`` registers with
``set_converter``) and cached, or ``f`` itself for builtins and anything
the converter declines. A class of the user's is made with its ``__new__`` and
``__init__`` converted (runtime/constructors.py). The call itself happens in the user's own
frame, so the callee's caller is the user's code (``sys._getframe(1)``,
``warnings.warn(stacklevel=2)``, ``logging``'s ``funcName`` all see it). Calls that
the converter can resolve while converting (NumPy, builtins, the standard
library) are never wrapped, so they cost nothing; NumPy's random functions are an exception: the
converter wraps them, and while a backend traces ``call`` hands back that backend's staged draw
(runtime/random_calls.py). NumPy's constructors of fresh arrays (``np.zeros``, ``np.empty_like``, ...)
are the other: while a backend traces, ``call`` hands back one that makes the backend's own array
(runtime/new_arrays.py). SciPy's functions that a backend stages (``scipy.linalg.inv``, ...) are a third:
while a backend traces, ``call`` hands back ``builtin_call`` of the function (runtime/scipy_calls.py). Reads of
the clock and of the system's randomness (``time.perf_counter``, ``datetime.now``, ``os.urandom``) are a fourth:
while a backend traces, ``call`` hands back its staged read, or its refusal (runtime/clock_calls.py).
"""

from __future__ import annotations

import collections
import functools
import re
import types
import weakref
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (runtime/choice.py)
from typing import Any, Callable, Optional

from runtime.backend import backend_for
from runtime.builtin_calls import NUMPY_CALLS as _NUMPY_CALLS
from runtime.builtin_calls import ROUTED_CALLS as _ROUTED_CALLS
from runtime.class_lookup import class_attribute
from runtime.clock_calls import ADVANCE as _ADVANCE
from runtime.clock_calls import CLOCKS as _CLOCKS
from runtime.clock_calls import DATETIME64 as _DATETIME64
from runtime.clock_calls import SOURCES as _VARYING_SOURCES
from runtime.clock_calls import describe_now as _describe_now
from runtime.clock_calls import is_now_word as _is_now_word
from runtime.clock_calls import python_source as _python_source
from runtime.clock_calls import varying_call as _varying_call
from runtime.constructors import constructor as _constructor
from runtime.file_calls import C_READERS as _FILE_READERS
from runtime.file_calls import may_read_files as _may_read_files
from runtime.file_calls import reader_call as _reading
from runtime.file_calls import reads_files as _reads_files
from runtime.new_arrays import NEW_ARRAY_CALLABLES as _NEW_ARRAYS
from runtime.new_arrays import SCALAR_TYPES as _SCALAR_TYPES
from runtime.new_arrays import new_array_call as _new_array_call
from runtime.new_arrays import scalar_type_call as _scalar_type_call
from runtime.random_calls import GENERATOR_TYPES as _GENERATORS
from runtime.random_calls import RANDOM_CALLABLES as _RANDOM_CALLABLES
from runtime.random_calls import python_random as _python_random
from runtime.random_calls import random_call as _random_call
from runtime.scipy_calls import SCIPY_CALLABLES as _SCIPY_CALLABLES
from runtime.scipy_calls import is_scipy_call as _is_scipy_call
from runtime.scipy_calls import scipy_call as _scipy_call
from runtime.undefined import is_converted_code
from runtime.vectorized import VECTORIZE as _VECTORIZE
from runtime.vectorized import vectorized_call as _vectorized_call

# Callables that are never converted: `call` hands them back as they are.
_PLAIN_CALLABLES = frozenset({
    types.BuiltinFunctionType,
    types.BuiltinMethodType,
    types.MethodWrapperType,
    types.WrapperDescriptorType,
    types.MethodDescriptorType,
    types.ClassMethodDescriptorType,
    type,
})
_IMMUTABLE_TYPE = 1 << 8  # Py_TPFLAGS_IMMUTABLETYPE: the class's attributes cannot be set or deleted
# The exact types whose bound C methods converted code calls most (`out.append(x)`, `d.get(k)`, `s.split()`,
# `pattern.match(t)`, a builtin's module): never a NumPy generator, so `call` hands their methods back at once.
_PLAIN_OWNERS = frozenset({list, dict, set, frozenset, str, bytes, bytearray, tuple, int, float, types.ModuleType,
                           type(re.compile("")), type(re.match("", "")), collections.deque})

_PYTHON_RANDOM = _python_random.Random  # (its Python methods, random.uniform: routed before conversion)
_FunctionType = types.FunctionType  # module globals: one look-up fewer than types.FunctionType
_MethodType = types.MethodType
_ModuleType = types.ModuleType
_BuiltinFunctionType = types.BuiltinFunctionType  # also the type of bound C methods (`d.get`, `out.append`)
# A bound C method that takes its defining class (`pattern.match`, 3.9+: METH_METHOD): a subclass.
_BuiltinMethodType = type(re.compile("").match)
_converter: Optional[Callable[[Callable], Callable]] = None
# Converted forms by id(function), and the weak references that keep that key true: a function's
# references drop its entries when the function goes, before its memory (and so its id) can be
# reused, so an id found in ``_targets`` is the function's own and the look-up is one dict get (a
# WeakKeyDictionary, or calling the reference at every look-up, costs a call more). Each table's
# entry goes by a reference of its own whose callback is that table's C ``pop`` (``_watch``).
# A function that runs as it is (converted code, or one the converter declines) maps to _ITSELF,
# not to itself: the table must hold nothing that keeps the function alive, or its reference would
# never fire and the function, with all its closure holds, would live for ever. Each entry also holds the
# function's code and defaults it was made for: a program that assigns a function's ``__code__``,
# ``__defaults__`` or ``__kwdefaults__`` later gets the new ones at its next call, as the original would.
_targets: dict[int, tuple] = {}
_ITSELF: Any = object()
_references: dict[int, tuple[weakref.ref, ...]] = {}
# The ids of classes whose instances `call` hands back as they are, found once: the classes above, and
# callable classes met since whose `__call__` is not user code and can never become user code (every
# class in the MRO is immutable: builtin and C extension types, such as the bound `pattern.match` of
# `re`, a `builtin_method`). Each entry's weak reference drops it when its class goes, before the id
# can be reused (as for `_targets`); a mutable class is looked up at every call (its `__call__` may be
# assigned later).
_plain_classes: dict[int, Optional[weakref.ref]] = dict.fromkeys(map(id, _PLAIN_CALLABLES))


def set_converter(converter: Optional[Callable[[Callable], Callable]]) -> None:
    """Install the function that turns a user function into its converted form
    (or returns it unchanged when it should run as it is). What it returns must be a new function
    that the runtime then owns: the runtime drops its ``__wrapped__`` (see ``_target``)."""
    global _converter
    _converter = converter
    _targets.clear()
    _references.clear()
    _self_referring.clear()
    _named_readers.clear()


def call(f: Callable, /) -> Callable:
    """What to call in place of ``f``: its converted form if it is user code, else ``f``."""
    cls = type(f)
    if cls is _FunctionType:  # the hot path, written out: a function converted before
        entry = _targets.get(id(f))
        if (entry is None or entry[1] is not f.__code__ or entry[2] is not f.__defaults__
                or entry[3] is not f.__kwdefaults__):
            # A function of converted code (a lambda or def the converted code made, often one per
            # call) runs as it is: no conversion to ask for, no table entry to make and drop.
            return f if is_converted_code(f.__code__) else _target(f)
        target = entry[0]
        return f if target is _ITSELF else target
    if cls is _MethodType:  # `self.method(...)`, next most common
        function = f.__func__
        entry = _targets.get(id(function))  # an id found there is this function's (see _targets)
        if (entry is not None and entry[1] is function.__code__ and entry[2] is function.__defaults__
                and entry[3] is function.__kwdefaults__):
            target = entry[0]
            return f if target is _ITSELF else _MethodType(target, f.__self__)
        if type(function) is _FunctionType:
            if is_converted_code(function.__code__):  # a method of a class the converted code made
                return f
            if isinstance(f.__self__, _PYTHON_RANDOM):  # random.uniform, random.choice: a draw, as NumPy's
                return _random_call(f)
            target = _target(function)
            return f if target is function else _MethodType(target, f.__self__)
        if isinstance(f.__self__, _GENERATORS):  # np.random.normal, rng.normal: a draw (runtime/random_calls.py)
            return _random_call(f)
    if cls is _BuiltinFunctionType or cls is _BuiltinMethodType:  # a C function or bound C method: no id()
        if id(f) in _NEW_ARRAYS:  # np.zeros, np.empty, ...: a traced array (runtime/new_arrays.py)
            return _new_array_call(f)
        owner = f.__self__
        if type(owner) in _PLAIN_OWNERS:  # `out.append`, `d.get`, `len`: one set look-up, no isinstance
            if type(owner) is not _ModuleType:
                return f
            # (A module's function may be one whose calls go through ag__.builtin: `float`, `math.sqrt`, `np.asarray`
            # reached through a variable or a table, which the converter could not route by name; or a clock,
            # `time.perf_counter`, which a backend tracing now reads when its program runs: runtime/clock_calls.py.)
            routed = _ROUTED_CALLS.get(id(f))
            if routed is not None:
                return routed
            if f is _ADVANCE or id(f) in _CLOCKS or id(f) in _VARYING_SOURCES:  # (next: runtime/clock_calls.py)
                return _varying_call(f)
            if id(f) in _FILE_READERS:  # open, os.listdir, np.fromfile: noted while a trace records them
                return _reading(f)
            if _may_read_files(f):  # a compiled library's reader, cv2.imread: its paths noted likewise
                return _reading(f)
            return f
        if isinstance(owner, _GENERATORS):  # (as above, older Cython)
            return _random_call(f)
        return f if _describe_now(f) is None else _varying_call(f)  # datetime.now, date.today: the time now
    if id(f) in _RANDOM_CALLABLES:  # np.random.seed, np.random.default_rng, np.random.RandomState, ...
        return _random_call(f)
    if id(f) in _NEW_ARRAYS:  # np.zeros_like, np.identity, ...
        return _new_array_call(f)
    if id(f) in _SCALAR_TYPES:  # np.float32, image.dtype.type: a backend casts its values (runtime/new_arrays.py)
        return _scalar_type_call(f)
    numpy_call = _NUMPY_CALLS.get(id(f))
    if numpy_call is not None:  # np.mean, np.exp: as a call routed by name (runtime/builtin_calls.py)
        return numpy_call
    if f is _DATETIME64:  # np.datetime64("now"): the clock (runtime/clock_calls.py); of a date, NumPy's
        return _datetime64_call
    if id(f) in _FILE_READERS:  # np.memmap: a file read, noted while a trace records it (runtime/file_calls.py)
        return _reading(f)
    if isinstance(f, type) and _converter is not None:
        routed = _ROUTED_CALLS.get(id(f))  # (`float`, `int`: see the C functions above)
        # A class of the user's: its __new__ and __init__ converted, as Python calls them (runtime/constructors.py).
        return routed if routed is not None else _constructor(f, _target)
    if id(f) in _SCIPY_CALLABLES:  # a staged SciPy function that is a callable object (scipy.fft's, uarray's)
        return _scipy_call(f)
    if id(cls) in _plain_classes or _converter is None or isinstance(f, type):
        return _ROUTED_CALLS.get(id(f), f)  # (`type`, `float`, np.take: see the C functions above)
    if cls is functools.partial or (isinstance(f, functools.partial) and cls.__call__ is _PARTIAL_CALL):
        # (a subclass that keeps partial's call, jax.tree_util.Partial: its function is user code all the same)
        return functools.partial(call(f.func), *f.args, **f.keywords)
    return _call_method(f, cls)


def _datetime64_call(*args: Any, **kwargs: Any) -> Any:
    """``np.datetime64(...)`` called from converted code: of the words "now" or "today", a read of the clock, which
    a backend tracing now stages or refuses (runtime/clock_calls.py); of anything else, as ``call`` hands any class
    of NumPy's back."""
    if args and _is_now_word(args[0]):
        return _varying_call(_DATETIME64)(*args, **kwargs)
    return _constructor(_DATETIME64, _target)(*args, **kwargs)


_PARTIAL_CALL = functools.partial.__call__
# What `call` hands back for a callable object of a class defined in one of these modules, by the module's name:
# a backend's package registers them (runtime/jax/__init__.py: jax.custom_jvp and jax.custom_vjp objects, whose
# functions it converts), so this module imports no backend.
_OBJECT_CALLS: dict[str, Callable[[Any], Callable]] = {}


def register_object_calls(module: str, converted: Callable[[Any], Callable]) -> None:
    """``call(f)`` of a callable object whose class is defined in ``module`` is ``converted(f)``."""
    _OBJECT_CALLS[module] = converted


def _call_method(f: Any, cls: type) -> Callable:
    """A callable object: its class's ``__call__`` as Python finds it (a plain function gets the
    object, a staticmethod does not, a classmethod gets the class), converted when it is user code.
    An object of a class a backend's package registered (``register_object_calls``: a ``jax.custom_jvp``) is what
    that package makes of it."""
    if cls is _VECTORIZE:  # np.vectorize(f): its function converted, a backend's values taken (runtime/vectorized.py)
        return functools.partial(_vectorized_call, f, call(f.pyfunc))
    converted = _OBJECT_CALLS.get(cls.__module__)
    if converted is None and backend_for(f) is None and cls.__module__ in _OBJECT_CALLS:
        converted = _OBJECT_CALLS[cls.__module__]  # (asking registered the backend of its package, lazily)
    if converted is not None:
        return converted(f)
    method = class_attribute(cls, "__call__")
    if type(method) is types.FunctionType:
        target = _target(method)
        return f if target is method else types.MethodType(target, f)
    if type(method) in (staticmethod, classmethod) and type(method.__func__) is types.FunctionType:
        target = _target(method.__func__)
        if target is method.__func__:
            return f
        return target if type(method) is staticmethod else types.MethodType(target, cls)
    if _is_scipy_call(f):  # (one of scipy.fft's, met before the table knew its module)
        return _scipy_call(f)
    if all(klass.__flags__ & _IMMUTABLE_TYPE for klass in cls.__mro__):
        _remember_plain(cls)
    return f


def _remember_plain(cls: type) -> None:
    key = id(cls)
    try:
        reference = weakref.ref(cls, functools.partial(_plain_classes.pop, key))  # (a C callback: see _watch)
    except TypeError:  # a class without weak references is not remembered: it is looked up each time
        return
    _plain_classes[key] = reference


def note_converted(function: types.FunctionType) -> None:
    """``function`` is converted already (``autograph.convert`` made it): ``call`` hands it back at its
    first look-up, as a bound method too. Without the entry each call of it (a converted module's
    functions, a class's converted methods: ``self.method(...)``) missed the table and asked
    ``is_converted_code`` (a weak reference's call more)."""
    key = id(function)
    if key in _targets or _references.get(key) is not None:
        return
    _watch(key, function)
    _targets[key] = (_ITSELF, function.__code__, function.__defaults__, function.__kwdefaults__)


def _watch(key: int, function: types.FunctionType) -> None:
    """Drop ``function``'s entries when it goes (before its id can be reused): one weak reference per table, whose
    callback is the table's own ``pop`` of the key, a C call. No Python code runs as the function goes, so an
    interrupt (Ctrl-C) cannot land in the middle: a callback written in Python could be cut before it dropped the
    ``_targets`` entry, whose stale converted form a new function of the same code at the same id would then have
    been given, with the old one's closure; and Python swallows an exception raised in a callback, the user's
    Ctrl-C among them (stop 94: ``make fuzz``'s interrupt tests printed one). (``_self_referring`` holds its targets
    weakly, and a target there keeps its function alive: its entry goes with the target.)"""
    _references[key] = (weakref.ref(function, functools.partial(_targets.pop, key)),
                        weakref.ref(function, functools.partial(_named_readers.pop, key)),
                        weakref.ref(function, functools.partial(_references.pop, key)))


def _target(function: types.FunctionType) -> Callable:
    """The converted form of a plain function (or the function itself), cached per function."""
    key = id(function)
    code, defaults, keyword_defaults = function.__code__, function.__defaults__, function.__kwdefaults__
    entry = _targets.get(key)
    # A function with an entry passed every test below when the entry was made (none of them is ever cached), as
    # `call`'s hot path takes for granted: found first, a class's `__init__` that `ag__.call(Class)` looks up at every
    # call (runtime/constructors.py) costs one dictionary get, not the tests' half microsecond.
    if entry is not None and entry[1] is code and entry[2] is defaults and entry[3] is keyword_defaults:
        return function if entry[0] is _ITSELF else entry[0]
    if key in _NEW_ARRAYS:  # np.ones, np.eye, ... (Python functions): never cached, asked at every call
        return _new_array_call(function)
    if _python_source(function) is not None:  # uuid.uuid4: never cached either (runtime/clock_calls.py)
        return _varying_call(function)
    if _reads_files(function):  # np.load, glob.glob, Path.read_text: never cached either (runtime/file_calls.py)
        return _reading(function)
    if key in _named_readers:  # scipy.io.loadmat, gzip.open: found below, never cached either
        return _reading(function)
    if key in _ROUTED_CALLS:  # np.isscalar (see call): never cached either
        return _ROUTED_CALLS[key]
    if key in _NUMPY_CALLS:  # np.linspace, ...: likewise
        return _NUMPY_CALLS[key]
    if _is_scipy_call(function):  # scipy.linalg.inv, ...: never cached either (runtime/scipy_calls.py)
        return _scipy_call(function)
    target = _self_referring.get(key)
    if target is not None and _made_for(target, function):
        return target
    if _converter is None:
        return function
    target = _converter(function)
    if _references.get(key) is None:  # (the converter may have called `call` on it already)
        _watch(key, function)
    if target is function:
        if _may_read_files(function):  # a library's reader (runtime/file_calls.py): its paths noted while tracing
            _named_readers[key] = None
            return _reading(function)
        _targets[key] = (_ITSELF, code, defaults, keyword_defaults)
        return target
    if target.__dict__:
        # The table keeps the target for as long as the function lives (until its weak reference fires), so
        # the target must not point back at the function (see _ITSELF), nor hold the function's attributes: a
        # copy of them (its __wrapped__, an attribute holding an object that holds the function) would keep the
        # function alive for ever, and one the program detaches from the function later would live on. Nothing
        # reads a call target's attributes: it is only ever called (the program reads the function's own).
        target.__dict__.clear()
    if _refers_to(target, function):
        _self_referring[key] = target  # kept while in use (a frame runs it), made afresh after
        if len(_made_from) >= 4096:  # (stale entries of targets gone: start afresh)
            _made_from.clear()
        _made_from[id(target)] = (code, defaults, keyword_defaults)
    else:
        _targets[key] = (target, code, defaults, keyword_defaults)
    return target


def _made_for(target: types.FunctionType, function: types.FunctionType) -> bool:
    """Whether ``target`` (of ``_self_referring``) was made from ``function``'s code and defaults now."""
    made = _made_from.get(id(target))
    return (made is not None and made[0] is function.__code__ and made[1] is function.__defaults__
            and made[2] is function.__kwdefaults__)


def _refers_to(target: types.FunctionType, function: types.FunctionType) -> bool:
    """Whether the closure cells that ``target`` shares with ``function`` lead back to ``function``
    through functions' closures (a recursive inner function, or mutually recursive ones, a few levels
    deep): a target kept in ``_targets`` would then keep the function alive for ever."""
    seen = set()
    pending = [(target, 0)]
    while pending:
        holder, depth = pending.pop()
        for cell in holder.__closure__ or ():
            try:
                value = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            if value is function:
                return True
            if type(value) is types.FunctionType and depth < 3 and id(value) not in seen:
                seen.add(id(value))
                pending.append((value, depth + 1))
    return False


# The converted forms of functions whose closure holds the function itself, held weakly: a frame running
# one keeps it (recursive calls find it); once none does it goes, and the next call converts afresh
# (from the converted code, which is cached).
_self_referring: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
# The ids of functions handed back as they are that a library names as readers (``may_read_files``): never in
# ``_targets``, whose entry ``call`` would hand back as it is; dropped with the function's reference, as its entries
# (the keys of a dict, whose ``pop`` the reference's callback is: ``_watch``).
_named_readers: dict[int, None] = {}
# id(target of _self_referring) -> the code and defaults it was made from (bounded: see _target).
_made_from: dict[int, tuple] = {}
