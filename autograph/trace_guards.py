"""What a trace read besides its arguments, checked at every call: a change makes the call trace again.

A trace fixes in its graph what the function read while it ran: the globals and closure variables its
code names (and those of the functions of yours it reaches: helpers it names, methods of its ``self``),
and the Python objects reachable from them and from its non-array arguments: numbers, flags, strings,
lists, dicts, attributes, the contents of NumPy arrays. Eager code reads them afresh at every call. So
each trace keeps a ``TraceGuard``, taken when the trace ends, and a ``Function`` asks its guards before
it runs a trace; one that finds a change drops the Function's traces, and the call traces again::

    scale = 2.0

    @autograph.function
    def f(x):
        return x * scale      # the graph holds 2.0

    f(x)                      # traced
    scale = 3.0               # (or W[0] = 7 for a global array W, or self.W = ... for a method's self)
    f(x)                      # the guard sees `scale` rebound: traced again, and eager's 3 * x

Before, the second call silently gave ``2 * x``. What is looked at, and what is not:

* the *bindings*: each global name the code of those functions names (a module, a function, a number),
  compared by identity (a number or string by value, so ``scale = 2.0`` again traces nothing), and each
  closure variable;
* the *contents* of what the bindings and the non-array arguments hold, as the staged statements'
  ``Watch`` pictures them (runtime/composite_state.py): a list's items, a dict's entries, an object's
  attributes, a class's own attributes and a module's of the user's program (by identity), an array's
  bytes, three levels down, at most 20,000 entries; NumPy arrays up to 64 MiB in all by a copy of their
  bytes, larger ones by a BLAKE2b digest of them (a call then hashes them: pass large arrays that change
  as arguments), a read-only array (``W.flags.writeable = False``, and every array it views) by nothing more
  than its shape and dtype: nothing can write it;
* the files it read (autograph/file_reads.py), by their ``os.stat``: rewritten, replaced or removed;
* the standard library's holders of the program's data as the program's own objects (runtime/composite_state.py's
  ``_DATA_HOLDERS``: ``args.lr`` of an argparse.Namespace), an ``array.array`` by value, a ``ContextVar`` by its value
  in the calling context (and in the trace's own: ``note_context``), and the environment (``os.environ``, for a
  function that names ``environ`` or ``getenv``);
* not the contents of other objects of the standard library, NumPy, JAX or autograph (a logger's cache, a
  random generator's state: the graph draws from the generator itself), nor a change beyond the
  limits above, nor state reached only through a C extension.

A random generator's state is compared over the trace only (NumPy's and Python's global ones, and each one the
pictures meet): one that drew while the function was traced, where the graph staged no draw, drew in code that runs
as written (a property, an operator method, a library's callback), whose numbers the graph would hold. That is a
write of the trace's own, below: each call traces again and draws, as eager code does.

What the trace wrote itself (``self.t += 1``, a log it appended to) its graph cannot write again, so such a
guard never stands: each call traces again, and makes the write as eager code does. A write of a value the
trace staged into an object that outlives it (``self.state = self.state + u``) is refused as the trace ends,
the object given back its value; one whose values the trace fixed (``self.W = np.zeros(3)`` made in the
trace) is put there as the NumPy value eager code holds (``TraceGuard.finish``).
"""

from __future__ import annotations

import array as stdlib_array
import contextvars
import hashlib
import operator
import os
import random
import sys
import threading
import types
from itertools import chain
from typing import Any, Callable, Iterable, Optional

import numpy as np

from autograph import file_reads
from runtime.backend import backend_for
from runtime.class_lookup import defines_dict, instance_dict
from runtime.composite_state import (
    IMMUTABLE,
    global_names,
    iterator_position,
    library_class,
    picture_levels,
    shown,
    slot_names,
)
from runtime.graph.tensor import plain_value
from runtime.random_calls import GENERATOR_TYPES, GeneratorWatch
from runtime.staging import NotStageable, installed_library, user_location

DEPTH = 3  # levels below a binding or argument: self -> self.layers -> its items
BUDGET = 20_000  # objects and entries pictured per trace
COPIED_BYTES = 1 << 26  # NumPy arrays kept as a copy of their bytes, in all per trace; beyond, a digest
_FUNCTIONS = 2_000  # functions whose globals and closures are followed per trace
_MISSING = object()
_NOT_NOTED = object()
_BY_VALUE = frozenset({int, float, bool, str, bytes, complex, type(None), range})  # rebound to an equal value: the same
_NUMPY_GLOBAL = np.random.mtrand._rand  # (the RandomState np.random.normal draws from)
_PYTHON_GLOBAL = random._inst  # (the Random random.random draws from)
_NOT_PICTURED = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.CodeType, types.CellType)


def _library_file(filename: str) -> bool:
    """Whether ``filename`` is a module of an installed package or of the interpreter's own library."""
    return installed_library(filename) or filename.startswith((sys.prefix + "/lib/", sys.base_prefix + "/lib/"))


def _library_module(module: types.ModuleType) -> bool:
    """A module of the standard library, NumPy, JAX, autograph or an installed package (not looked into: its
    attributes are its own); a module of the user's program (a settings module: ``config.LR``) is."""
    filename = getattr(module, "__file__", None) or ""
    return (library_class(types.SimpleNamespace(__module__=getattr(module, "__name__", ""))) or not filename
            or _library_file(filename))


def _library_function(fn: types.FunctionType) -> bool:
    """Code of the standard library, NumPy, JAX, autograph or an installed package: its globals are its own."""
    return library_class(fn) or _library_file(fn.__code__.co_filename)


class TraceGuard:
    """The bindings and contents a trace read besides its arguments (module docstring): ``changed()`` names
    the first that differs now, or gives None."""

    __slots__ = ("bindings", "pictures", "written", "files", "_functions", "_arguments", "_run_time", "_checks",
                 "_reviewed", "_inside", "_generators")

    def __init__(self, functions: Iterable[Any], arguments: Iterable[tuple[str, Any]]) -> None:
        """Taken as the trace starts; ``finish()`` takes it again as it ends."""
        self._functions, self._arguments = list(functions), list(arguments)
        self._run_time: set[int] = set()  # (ids of the functions the graph calls when it runs: finish())
        # What changed() compares, a kind of picture at a time (finish()): (its fingerprint, the objects, their
        # fingerprint when the trace ended), and last (None, the indices of the pictures compared whole, None).
        self._checks: list[tuple[Any, list, Any]] = []
        # (kind, holder, key, value, label): a global's namespace and name, or a closure cell
        self.bindings: list[tuple[str, Any, Any, Any, str]] = []
        self.pictures: list[tuple[str, Any, Any, str]] = []  # (kind, object, its picture, label)
        self.written: Optional[OwnWrite] = None  # the first thing the trace changed itself (finish())
        self.files: list[tuple[str, Optional[tuple]]] = []  # (path, its signature) of each file the trace read
        self._reviewed = False  # whether finish() (or abandon()) compared and gave back all it had to
        self._inside: dict[int, Any] = {}  # the context variables' values in the trace's own context (note_context)
        # The random generators the trace may draw from in code that runs as written (finish()): the global ones, and
        # those the pictures meet (one met first as the trace ends is compared with itself: no draw seen).
        self._generators = GeneratorWatch()
        self._generators.watch(_NUMPY_GLOBAL, "NumPy's global generator (np.random)")
        self._generators.watch(_PYTHON_GLOBAL, "Python's global generator (the random module)")
        self._take()

    def note_context(self) -> None:
        """Called in the trace's context as the function returns: the values its context variables have there. A
        graph is traced in a copy of the caller's context (runtime/graph/tracing.py), where a ``var.set(v)`` the
        function made would not reach the caller: ``finish`` takes it as the function's own write, made again in
        the caller's context, as eager code makes it."""
        self._inside = {id(obj): obj.get(_MISSING) for kind, obj, _, _ in self.pictures if kind == "context"}

    def _take(self) -> None:
        self.bindings, self.pictures = [], []
        roots = list(self._arguments)
        # (a bound method traced, `autograph.function(opt.update)`: its object is read and written as `self`)
        roots += [("self", value.__self__) for _, value in self._arguments if isinstance(value, types.MethodType)]
        self._follow(list(self._functions), [value for _, value in roots], roots)
        self._picture(roots)

    def finish(self, run_time: Iterable[Any] = (), name: str = "the function", opened: Iterable[tuple] = ()) -> None:
        """The trace has ended: take the guard again, and note what the trace changed itself (a counter
        ``self.t += 1``, a list it appended to, a global it rebound). Its graph cannot make such a write
        again when it runs, so a guard whose trace wrote something never stands (``written``): each call
        traces again, and runs the writes as eager code does. A write that puts a value the trace staged (a
        graph tensor, a JAX tracer) into an object that outlives the trace is refused (``NotStageable``, the
        object given its value back): that value means nothing once the trace is over. ``run_time``: the
        functions the graph calls when it runs (``autograph.numpy_function``'s): what they read, they read
        then, and what they write is the graph's own doing; they are not followed. ``opened``: the "open" events
        of the trace (autograph/file_reads.py): each file it read is looked at at every call."""
        self.files = [(path, file_reads.signature(path)) for path in file_reads.files_read(list(opened))]
        written, refused = self._review(run_time)
        if refused:
            raise NotStageable(
                f"{user_location()}: {name} stored a value it traced in {refused[0]}, which outlives the trace "
                "(a graph tensor means nothing once its trace is over, and the graph cannot write Python objects "
                f"when it runs; {refused[0]} keeps its value from before the call): return the value and assign "
                "it outside the traced function, or hold arrays that change in an autograph.Variable (whose "
                "assign runs in the graph)")
        # A generator that drew while the function was traced, where no draw was staged: code that runs as written
        # (a property, an operator method, a callback a library calls) drew numbers the graph now holds as constants.
        # Eager code draws afresh at every call: so does a trace made at every call (a draw the graph staged from the
        # same generator is refused instead, runtime/graph/numpy_random.py: their order would not be eager's).
        written += [f"the state of {what}, drawn from in code that runs as written while traced (a property, an "
                    "operator method, a library's callback), whose numbers a graph would hold as constants"
                    for what in self._generators.drawn()]
        self.written = OwnWrite(written[0]) if written else None
        groups: dict[str, list] = {}
        for kind, obj, _, _ in self.pictures:
            groups.setdefault(kind if kind in _FINGERPRINTS else "whole", []).append(obj)
        self._checks = [(_FINGERPRINTS[kind], objects, _kept(_FINGERPRINTS[kind](objects)))
                        for kind, objects in groups.items() if kind != "whole"]
        whole = [i for i, (kind, *_) in enumerate(self.pictures) if kind not in _FINGERPRINTS]
        if whole:  # (none, most often: no loop over an empty list at every call)
            self._checks.append((None, whole, None))

    def abandon(self) -> None:
        """The trace failed (an error the function raised, an interrupt): give the objects that outlive it back
        what it stored in them of its staged values, as ``finish`` does, raising nothing (the trace's own error
        goes on). Without it, a tensor a failed trace had stored stayed in the user's object. After a ``finish``
        that ran to its end (which gave back what it refused), nothing is left to do."""
        if not self._reviewed:
            self._review(())

    def _review(self, run_time: Iterable[Any]) -> tuple[list, list]:
        """Take the guard again; (what the trace changed itself, what it stored a staged value in that only a
        run of the graph gives: each of those given back its value from before the trace). Values the trace
        fixed are put in place as eager's plain values (``_settle``)."""
        self._run_time = {id(f) for f in run_time}
        before_bindings = {(id(holder), key): value for _, holder, key, value, _ in self.bindings}
        before_pictures = {(id(obj), kind): picture for kind, obj, picture, _ in self.pictures}
        taken = self.bindings, self.pictures
        try:
            written, refused = self._compare_and_give_back(before_bindings, before_pictures)
        except BaseException:
            # Interrupted (Ctrl-C) part-way: the guard keeps what it took as the trace started, so that
            # abandon() compares with it again and gives back what is left to give back.
            self.bindings, self.pictures = taken
            raise
        self._reviewed = True
        return written, refused

    def _compare_and_give_back(self, before_bindings: dict, before_pictures: dict) -> tuple[list, list]:
        self._take()
        written, refused, restores = [], [], []
        settled = False
        for kind, holder, key, value, label in self.bindings:
            before = before_bindings.get((id(holder), key), value)
            if kind == "function":
                if any(a is not b for a, b in zip(before, value)):
                    written.append(label)  # (the trace assigned the function's code or defaults itself)
                continue
            if before is not value and not _same_value(before, value):
                written.append(label)
                if _settle(kind, holder, [(key, value)]) is not _SETTLED:
                    refused.append(label)
                    restores.append(_binding_restorer(kind, holder, key, before))
        for kind, obj, picture, label in self.pictures:
            before = before_pictures.get((id(obj), kind))
            if kind == "context":  # (its value where the trace ran, which may not be the caller's: note_context)
                differs = before is not None and picture is not before and not _same_value(picture, before)
            else:
                differs = before is not None and _differs(kind, obj, before)
            if differs:
                entries = _written_entries(kind, picture, before)
                if kind == "class" and entries and all(_is_dunder(k) for k, _ in entries):
                    continue  # (a cache Python's own machinery keeps on a class: copyreg's __slotnames__)
                where = shown(_where(kind, obj, before, label))
                failed = _settle(kind, obj, entries)
                if failed is not _SETTLED:
                    step = "." if kind in _ATTRIBUTE_KINDS else "[]"
                    written.append(where)
                    refused.append(where if failed is None else shown((label, step, failed)))
                    restores.append(_picture_restorer(kind, obj, before))
                    continue
                settled = True
                # A write that leaves each place it wrote holding what it held before the trace (by value: an array
                # of the same bytes, `self.ideal_point = np.zeros(3)` made again at each call) changes nothing a
                # later call could see but an object's identity: the trace may stand (each call wrote it anew).
                if not _as_before(kind, obj, before, entries):
                    written.append(where)
        for restore in restores:
            restore()
        if settled and not refused:
            self._take()  # (the places as the trace left them, its values put there as eager's: what calls compare)
        return written, refused

    def _follow(self, functions: list, values: list, roots: list) -> None:
        """Record the bindings of ``functions`` and of the functions of the user's they reach."""
        seen: set[int] = set()
        stack = functions + [f for f in (_function_of(v) for v in values) if f is not None]
        stack += [f for v in values for f in _class_functions(type(v))]
        while stack and len(seen) < _FUNCTIONS:
            fn = _function_of(stack.pop())
            if fn is None or id(fn) in seen or id(fn) in self._run_time or _library_function(fn):
                continue
            seen.add(id(fn))
            # Its code and defaults: an edit that IPython's autoreload makes in place (`%autoreload 2` assigns the new
            # __code__ and __defaults__ to the function the program holds) is a change the trace did not see.
            self.bindings.append(("function", fn, None, (fn.__code__, fn.__defaults__, fn.__kwdefaults__),
                                  f"the code or defaults of {fn.__qualname__}"))
            if _reads_environment(fn.__code__) and not any(value is os.environ for _, value in roots):
                roots.append(("os.environ", os.environ))  # (read through the os module, which is not looked into)
            namespace = fn.__globals__
            where = f"{fn.__module__}" if isinstance(fn.__module__, str) else "its module"
            for name in sorted(global_names(fn.__code__)):
                value = namespace.get(name, _MISSING)
                if value is _MISSING:  # a builtin (or not bound yet: binding it later is a change too)
                    self.bindings.append(("global", namespace, name, _MISSING, f"the global {name!r} of {where}"))
                    continue
                self.bindings.append(("global", namespace, name, value, f"the global {name!r} of {where}"))
                stack.append(value)
                stack += _class_functions(value)
                roots.append((name, value))
            for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
                try:
                    value = cell.cell_contents
                except ValueError:
                    value = _MISSING
                label = f"the variable {name!r} that {fn.__name__} closes over"
                self.bindings.append(("cell", cell, None, value, label))
                if value is not _MISSING:
                    stack.append(value)
                    stack += _class_functions(value)
                    roots.append((name, value))

    def _picture(self, roots: list[tuple[Any, Any]]) -> None:
        copied = [COPIED_BYTES]

        def describe(label: Any, obj: Any) -> Optional[tuple]:
            cls = type(obj)
            if isinstance(obj, GENERATOR_TYPES):  # (its state is not compared at calls: the graph draws from it)
                self._generators.watch(obj, f"the generator {shown(label)}")
                return None
            keys: Any = ()
            if cls is types.FunctionType and obj.__dict__ and not _library_function(obj):
                # (a function of the program's with attributes: `helper.scale = 2.0`, read as `helper.scale`)
                picture = list(obj.__dict__.items())
                kind, (keys, values) = "attrs", _split(picture)
            elif cls in IMMUTABLE or isinstance(obj, _NOT_PICTURED) or backend_for(obj) is not None:
                return None
            elif cls is types.MappingProxyType:  # (a read-only view of a dict it keeps: `DEFAULTS["tol"]`)
                picture = list(obj.items())
                kind, (keys, values) = "view", _split(picture)
            elif isinstance(obj, types.ModuleType):
                if _library_module(obj):
                    return None
                picture: Any = list(obj.__dict__.items())
                kind, (keys, values) = "attrs", _split(picture)
            elif isinstance(obj, type):
                if library_class(obj):
                    return None
                picture = list(obj.__dict__.items())
                kind, (keys, values) = "class", _split(picture)
            elif isinstance(obj, np.ndarray):
                if _frozen(obj):  # read-only all the way down: nothing can write it (and nothing to compare)
                    picture, kind, values = (obj.shape, obj.dtype), "frozen", ()
                elif obj.dtype.hasobject:
                    picture = (obj.shape, obj.dtype, list(obj.flat))
                    kind, values = "objects", picture[2]
                elif obj.nbytes <= copied[0]:
                    copied[0] -= obj.nbytes
                    picture, kind, values = (obj.shape, obj.dtype, obj.tobytes()), "array", ()
                else:
                    picture, kind, values = (obj.shape, obj.dtype, _digest(obj)), "digest", ()
            elif isinstance(obj, list):
                picture = list(obj)
                kind, keys, values = "list", range(len(picture)), picture
            elif isinstance(obj, dict):
                picture = list(dict.items(obj))
                kind, (keys, values) = "dict", _split(picture)
            elif isinstance(obj, (set, frozenset, bytearray)) or type(obj).__name__ == "deque":
                picture = list(obj)
                kind, values = "items", picture
            elif isinstance(obj, stdlib_array.array):  # (numbers, compared by value: each read makes a new one)
                picture, kind, values = obj.tobytes(), "buffer", ()
            elif (position := iterator_position(obj)) is not None:
                # (an iterator the trace took items from: list(it), a comprehension or a zip over it; each call takes
                # more, as eager code does, so such a trace never stands)
                picture, kind, values = position, "iterator", ()
            elif cls is contextvars.ContextVar:  # (its value in the calling context: a call in another sees its own)
                picture = self._inside.get(id(obj), _NOT_NOTED)
                picture = obj.get(_MISSING) if picture is _NOT_NOTED else picture
                kind, keys, values = "context", ("get()",), [picture] if picture is not _MISSING else []
            elif obj is os.environ:
                picture, kind, values = _environment(), "environ", ()
            elif not library_class(cls) and defines_dict(cls):
                # (a class that defines __dict__ itself: its instances' attributes are in the dict Python keeps, not
                # in what obj.__dict__ reads)
                attributes = instance_dict(obj)
                if attributes is None:
                    return None
                picture = list(attributes.items())
                kind, (keys, values) = "own attrs", _split(picture)
            elif not library_class(cls) and type(getattr(obj, "__dict__", None)) is dict:
                picture = list(obj.__dict__.items())
                kind, (keys, values) = "attrs", _split(picture)
            elif not library_class(cls) and slot_names(cls):
                picture = _slots(obj)
                kind, (keys, values) = "slots", _split(picture)
            else:
                return None
            self.pictures.append((kind, obj, picture, label))
            step = "." if kind in _ATTRIBUTE_KINDS or kind == "context" else "[]"
            return step, keys if keys != () else range(len(values)), values, 1 + len(values)

        picture_levels(roots, DEPTH, BUDGET, describe)

    def changed(self) -> Optional[str]:
        """What differs from when the trace ended (as the user would write it), or None; for a trace that
        wrote something itself, always what it wrote."""
        if self.written is not None:
            return self.written
        for kind, holder, key, value, label in self.bindings:
            if kind == "global":
                now = holder.get(key, _MISSING)
            elif kind == "function":
                if holder.__code__ is not value[0] or holder.__defaults__ is not value[1] \
                        or holder.__kwdefaults__ is not value[2]:
                    return label
                continue
            else:
                try:
                    now = holder.cell_contents
                except ValueError:
                    now = _MISSING
            if now is not value and not _same_value(now, value):
                return label
        for path, signature in self.files:
            if file_reads.signature(path) != signature:
                return f"the file {path}"
        # Each kind of picture in one go (C loops: map, chain, tobytes); the pictures themselves are looked through
        # only where a fingerprint differs, to name the change, and for the kinds compared whole.
        for fingerprint, objects, before in self._checks:
            if fingerprint is None:
                for i in objects:
                    kind, obj, picture, label = self.pictures[i]
                    if _differs(kind, obj, picture):
                        return shown(_where(kind, obj, picture, label))
            elif fingerprint(objects) != before:
                for kind, obj, picture, label in self.pictures:
                    if _differs(kind, obj, picture):
                        return shown(_where(kind, obj, picture, label))
        return None


_get_dict = operator.attrgetter("__dict__")
_get_shape = operator.attrgetter("shape")
_get_dtype = operator.attrgetter("dtype")
_values = operator.methodcaller("values")
_ATTRIBUTE_KINDS = ("attrs", "own attrs", "class", "slots")  # the pictures whose entries are attributes (obj.name)


def _namespace(kind: str, obj: Any) -> dict:
    """The attributes of a picture of kind "attrs" or "class" (``obj.__dict__``), or "own attrs" (the dict that an
    object of a class that defines ``__dict__`` itself keeps them in)."""
    return instance_dict(obj) if kind == "own attrs" else obj.__dict__


def _containers(objects: list) -> tuple:
    """Lists, sets, deques: their lengths and the ids of their items."""
    return tuple(map(len, objects)), tuple(map(id, chain.from_iterable(objects)))


def _mappings(mappings: list) -> tuple:
    """Dicts (read as dict reads them: no override) or namespaces: their lengths, keys and the ids of their values."""
    if len(mappings) == 1:  # (the same tuples, with no chain: a method's `self` is the most common picture)
        mapping = mappings[0]
        return (len(mapping),), tuple(dict.keys(mapping)), tuple(map(id, dict.values(mapping)))
    return (tuple(map(len, mappings)), tuple(chain.from_iterable(map(dict.keys, mappings))),
            tuple(map(id, chain.from_iterable(map(dict.values, mappings)))))


def _namespaces(objects: list) -> tuple:
    if len(objects) == 1:
        return _mappings([objects[0].__dict__])
    return _mappings(list(map(_get_dict, objects)))


def _classes(classes: list) -> tuple:
    proxies = list(map(_get_dict, classes))
    return tuple(chain.from_iterable(proxies)), tuple(map(id, chain.from_iterable(map(_values, proxies))))


class _Bytes(tuple):
    """Arrays' bytes, one ``bytes`` each, compared array by array (in C: ``map``), stopping at the first that differs,
    each array's copy dropped after its compare (joined, the copies doubled the memory traffic of a large model)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is _Arrays and all(map(operator.eq, map(np.ndarray.tobytes, other.arrays), self))

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__


class _Arrays:
    """What ``_arrays`` gives when it is asked again: the arrays themselves, whose bytes ``_Bytes`` compares."""

    __slots__ = ("arrays",)

    def __init__(self, arrays: list) -> None:
        self.arrays = arrays


def _arrays(arrays: list) -> tuple:
    return tuple(map(_get_shape, arrays)), tuple(map(_get_dtype, arrays)), _Arrays(arrays)


def _frozen_arrays(arrays: list) -> tuple:
    # (Still frozen down the base chain: a base made writeable again can be written, and its views change.)
    return tuple(map(_get_shape, arrays)), tuple(map(_get_dtype, arrays)), tuple(map(_frozen, arrays))


def _kept(fingerprint: tuple) -> tuple:
    """A fingerprint as kept when the trace ends: arrays' bytes copied now (``_Bytes``), the rest as it is."""
    return tuple(_Bytes(map(np.ndarray.tobytes, part.arrays)) if type(part) is _Arrays else part
                 for part in fingerprint)


# The kinds of picture checked a group at a time by a fingerprint (what the picture shows, as tuples of ints, keys
# and bytes: the pictures keep the values alive, so an id is not reused while they stand); the others (digests,
# object arrays, slots, what the trace wrote itself) are compared whole.
_FINGERPRINTS: dict[str, Any] = {
    "list": _containers,
    "items": _containers,
    "dict": _mappings,
    "attrs": _namespaces,
    "class": _classes,
    "array": _arrays,
    "frozen": _frozen_arrays,
}


def _split(pairs: list[tuple[Any, Any]]) -> tuple[list, list]:
    """The keys and the values of a picture of ``(key, value)`` pairs."""
    return [k for k, _ in pairs], [v for _, v in pairs]


def _slots(obj: Any) -> list[tuple[str, Any]]:
    return [(name, getattr(obj, name, _MISSING)) for name in slot_names(type(obj))]


def _frozen(array: np.ndarray) -> bool:
    """Whether no write can reach ``array``'s memory: it and every array it views are read-only, and the memory
    is NumPy's own (not a buffer some other object may write)."""
    while isinstance(array, np.ndarray):
        if array.flags.writeable:
            return False
        if array.base is None:
            return True
        array = array.base
    return False


def _differs(kind: str, obj: Any, picture: Any) -> bool:
    if kind == "frozen":
        return obj.shape != picture[0] or obj.dtype != picture[1] or not _frozen(obj)
    if kind == "array":
        return obj.shape != picture[0] or obj.dtype != picture[1] or obj.tobytes() != picture[2]
    if kind == "digest":
        return obj.shape != picture[0] or obj.dtype != picture[1] or _digest(obj) != picture[2]
    if kind == "objects":
        return obj.shape != picture[0] or obj.dtype != picture[1] or _not_same(list(obj.flat), picture[2])
    if kind == "list" or kind == "items":
        return _not_same(list(obj), picture)
    if kind == "dict":
        return _not_same(list(dict.items(obj)), picture, pairs=True)
    if kind == "class" or kind == "attrs" or kind == "own attrs":
        return _not_same(list(_namespace(kind, obj).items()), picture, pairs=True)
    if kind == "context":
        now = obj.get(_MISSING)
        return now is not picture and not _same_value(now, picture)
    if kind == "environ":
        return _environment() != picture
    if kind == "buffer":
        return obj.tobytes() != picture
    if kind == "iterator":
        return iterator_position(obj) != picture
    if kind == "view":
        return _not_same(list(obj.items()), picture, pairs=True)
    return _not_same(_slots(obj), picture, pairs=True)  # "slots"


def _where(kind: str, obj: Any, picture: Any, label: Any) -> Any:
    """The label of the attribute, key or item of ``obj`` that changed (``settings.RATE``), where one did."""
    step = "." if kind in _ATTRIBUTE_KINDS else "[]"
    if kind == "slots":
        key = next((k for (k, v), (_, w) in zip(_slots(obj), picture) if v is not w), None)
        return label if key is None else (label, step, key)
    if kind in ("list", "items"):
        now = list(obj)
        index = next((i for i, (a, b) in enumerate(zip(now, picture)) if a is not b),
                     min(len(now), len(picture)) if len(now) != len(picture) else None)  # (or where it grew)
        return label if index is None or kind == "items" else (label, step, index)
    if kind in ("dict", "attrs", "own attrs", "class", "view"):
        now = dict(dict.items(obj) if kind == "dict" else obj.items() if kind == "view"
                   else _namespace(kind, obj).items())
        before = dict(picture)
        key = next((k for k in list(now) + list(before)
                    if k not in now or k not in before or now[k] is not before[k]), None)
        return label if key is None else (label, step, key)
    if kind == "context":
        return label, ".", "get()"
    if kind == "environ":
        now = _environment()
        key = next((k for k in sorted(now.keys() | picture.keys()) if now.get(k) != picture.get(k)), None)
        return label if key is None else (label, step, _variable_name(key))
    return label


class OwnWrite(str):
    """What ``changed()`` names for a trace that wrote it itself (``self.t += 1``, ``log.append(...)``): the
    messages say that the function wrote it, and that a graph cannot write it again (autograph/retracing.py)."""


OWN_WRITE_REMEDY = ("return what changes and assign it outside the traced function, or hold arrays that change in "
                    "an autograph.Variable (whose assign runs in the graph)")
OWN_WRITE_ADVICE = ("a graph cannot make a Python write again when it runs, so each call traces again (and makes "
                    f"the write, as eager code does); {OWN_WRITE_REMEDY}")


def _is_dunder(key: Any) -> bool:
    return type(key) is str and key.startswith("__") and key.endswith("__")


def _same_value(a: Any, b: Any) -> bool:
    """Whether two bindings are the same value though not the same object: numbers, strings, None by value."""
    return type(a) is type(b) and type(b) in _BY_VALUE and a == b


def _as_before(kind: str, obj: Any, before: Any, entries: list) -> bool:
    """Whether each entry a trace wrote into ``obj`` now holds a value equal to the one it held before the trace
    (``before``, the picture then): the same object, an equal number or string, or an array of the same dtype,
    shape and bytes. Only for attributes, slots, dict entries and list items; anything else counts as a change."""
    if kind not in ("attrs", "own attrs", "slots", "dict", "list") or not entries:
        return False
    old = dict(enumerate(before)) if kind == "list" else dict(before)
    for key, _ in entries:
        if kind == "list":
            now = obj[key] if key < len(obj) else _MISSING
        elif kind == "dict":
            now = dict.get(obj, key, _MISSING)
        elif kind == "slots":
            now = getattr(obj, key, _MISSING)
        else:
            now = _namespace(kind, obj).get(key, _MISSING)
        if not _equal_content(old.get(key, _MISSING), now):
            return False
    return kind != "list" or len(obj) == len(before)


def _equal_content(a: Any, b: Any) -> bool:
    if a is b:
        return a is not _MISSING
    if type(a) is not type(b):
        return False
    if type(a) in _BY_VALUE:
        return a == b
    return (type(a) is np.ndarray and a.dtype == b.dtype and a.shape == b.shape and not a.dtype.hasobject
            and a.tobytes() == b.tobytes())


def _written_entries(kind: str, picture: Any, before: Any) -> list:
    """The (key, value) pairs of a picture that differ from its picture ``before`` (a list's items by index)."""
    if kind == "list":
        return [(i, v) for i, v in enumerate(picture) if i >= len(before) or before[i] is not v]
    if kind in ("dict", "attrs", "own attrs", "class", "slots"):
        old = dict(before)
        return [(k, v) for k, v in picture if k not in old or old[k] is not v]
    if kind == "context":  # (the trace set the variable: its value now, which may be one the trace staged)
        return [(None, picture)]
    now = picture if kind == "items" else picture[2] if kind == "objects" else []
    return [(None, v) for v in now if not any(v is w for w in (before if kind == "items" else before[2]))]


_STAGED = object()  # (_plain: a staged value whose values only a run of the graph gives)
_SETTLED = object()  # (_settle: every staged value written was put in place as eager's plain value)


def _plain(value: Any) -> Any:
    """``value`` as eager code would hold it where the trace fixed its values (``plain_value``), a list, tuple
    or dict holding such values rebuilt with them; ``_STAGED`` where a staged value's values only a run of the
    graph gives; ``value`` itself where it holds nothing staged."""
    if backend_for(value) is not None:
        plain = plain_value(value)
        return _STAGED if plain is None else plain
    if type(value) in (list, tuple):
        items = [_plain(v) if backend_for(v) is not None else v for v in value]
        if any(v is _STAGED for v in items):
            return _STAGED
        return value if all(a is b for a, b in zip(items, value)) else type(value)(items)
    if type(value) is dict:
        items = {k: _plain(v) if backend_for(v) is not None else v for k, v in value.items()}
        if any(v is _STAGED for v in items.values()):
            return _STAGED
        return value if all(items[k] is v for k, v in value.items()) else items
    return value


def _settle(kind: str, holder: Any, entries: list) -> Any:
    """Put eager's plain value in place of each staged value the trace wrote among ``entries`` of ``holder``
    (directly, or in a list, tuple or dict it wrote there) whose values the trace fixed (``plain_value``:
    ``self.W = np.zeros(n)`` made in the trace): ``_SETTLED``; else the key of an entry whose values only a run
    of the graph gives (None for an entry without one), and nothing is put in place."""
    plain = [(key, value, _plain(value)) for key, value in entries]
    for key, _, new in plain:
        if new is _STAGED:
            return key
    # (A context variable's value is set again in the caller's context, where the trace's copy of it did not reach.)
    changed = [(key, new) for key, value, new in plain if new is not value or kind == "context"]
    if changed and kind in ("items", "objects"):  # (a set's or an object array's item: not put back)
        return None
    for key, value in changed:
        _put(kind, holder, key, value)
    return _SETTLED


def _put(kind: str, holder: Any, key: Any, value: Any) -> None:
    """Set entry ``key`` of ``holder`` (a binding's or a picture's kind) to ``value``."""
    if kind == "global" or kind == "dict":
        dict.__setitem__(holder, key, value)
    elif kind == "cell":
        holder.cell_contents = value
    elif kind == "list":
        holder[key] = value
    elif kind == "class":
        type.__setattr__(holder, key, value)
    elif kind == "context":
        if value is not _MISSING:
            holder.set(value)
    else:  # "attrs", "own attrs", "slots"
        _attribute_writer(holder, object.__setattr__)(holder, key, value)


def _attribute_writer(holder: Any, plain: Callable) -> Callable:
    """``object.__setattr__`` (or ``__delattr__``): past a class's own ``__setattr__``; a ``threading.local``'s own,
    which writes the calling thread's attributes (object's refuses it)."""
    return getattr(type(holder), plain.__name__) if isinstance(holder, threading.local) else plain


def _binding_restorer(kind: str, holder: Any, key: Any, before: Any) -> Any:
    """What gives a global or a closure variable back its value from before the trace."""
    def restore() -> None:
        if kind == "global" and before is _MISSING:
            holder.pop(key, None)
        elif before is not _MISSING:
            _put(kind, holder, key, before)
    return restore


def _picture_restorer(kind: str, obj: Any, before: Any) -> Any:
    """What gives a list, dict, object or class back the contents it had before the trace (``before``, its
    picture): the entries the trace added taken out, those it changed set back (Python's own dunder caches on a
    class left as they are)."""
    def restore() -> None:
        if kind == "context":
            _put(kind, obj, None, before if before is not _MISSING else _default_of(obj))
        elif kind == "list":
            obj[:] = before
        elif kind == "buffer":
            obj[:] = stdlib_array.array(obj.typecode, b"")
            obj.frombytes(before)
        elif kind == "dict":
            dict.clear(obj)
            dict.update(obj, before)
        elif kind in _ATTRIBUTE_KINDS:
            now = dict(_namespace(kind, obj)) if kind != "slots" else dict(_slots(obj))
            old = dict(before)
            delete = type.__delattr__ if kind == "class" else _attribute_writer(obj, object.__delattr__)
            for key in now.keys() - old.keys():
                if not (kind == "class" and _is_dunder(key)):
                    delete(obj, key)
            for key, value in before:
                if key not in now or now[key] is not value:
                    _put(kind, obj, key, value)
    return restore


def _not_same(now: list, before: list, pairs: bool = False) -> bool:
    if len(now) != len(before):
        return True
    if pairs:
        return any(a[0] != b[0] or a[1] is not b[1] for a, b in zip(now, before))
    return any(a is not b for a, b in zip(now, before))


def _default_of(variable: contextvars.ContextVar) -> Any:
    """The value ``variable`` has where it was never set: its default, or ``_MISSING`` (no token is at hand to unset
    it again: a variable the trace set for the first time is given its default back, where it has one)."""
    try:
        return contextvars.Context().run(variable.get)
    except LookupError:
        return _MISSING


def _environment() -> dict:
    """The process's environment variables as ``os.environ`` holds them (a copy): what ``os.getenv`` reads. Its
    encoded entries where it keeps them (``_data``, since Python 3.2), a copy without decoding a name or value."""
    return dict(getattr(os.environ, "_data", None) or os.environ)


def _variable_name(key: Any) -> Any:
    """An environment variable's name as ``os.environ`` shows it (``_environment`` holds it encoded)."""
    try:
        return os.environ.decodekey(key)
    except (AttributeError, TypeError, ValueError):
        return key


_ENVIRONMENT_NAMES = frozenset({"environ", "getenv", "environb", "getenvb"})


def _reads_environment(code: types.CodeType) -> bool:
    """Whether ``code`` (or a function or comprehension nested in it) names ``os.environ`` or ``os.getenv``."""
    return not _ENVIRONMENT_NAMES.isdisjoint(code.co_names) or any(
        _reads_environment(const) for const in code.co_consts if isinstance(const, types.CodeType))


def _digest(array: np.ndarray) -> bytes:
    return hashlib.blake2b(np.ascontiguousarray(array).view(np.uint8).reshape(-1), digest_size=20).digest()


def _function_of(value: Any) -> Optional[types.FunctionType]:
    """The Python function behind ``value`` (a function, bound method, staticmethod, property getter,
    partial), or None."""
    if isinstance(value, types.FunctionType):
        return value
    if isinstance(value, (types.MethodType, staticmethod, classmethod)):
        return _function_of(value.__func__)
    if isinstance(value, property):
        return _function_of(value.fget)
    if type(value).__module__ == "autograph.function":  # a Function called from a traced one runs inline
        return _function_of(getattr(value, "python_function", None))
    func = getattr(value, "func", None) if type(value).__name__ == "partial" else None
    return _function_of(func) if func is not None else None


def _class_functions(value: Any) -> list:
    """The functions of a class of the user's (``value`` itself, or an instance's class): its methods read
    globals too, when the trace calls them through ``self``."""
    cls = value if isinstance(value, type) else type(value)
    if library_class(cls) or isinstance(value, _NOT_PICTURED):
        return []
    functions: list = []
    for klass in cls.__mro__:
        if library_class(klass):
            continue
        functions += [f for f in (_function_of(v) for v in vars(klass).values()) if f is not None]
    return functions


def first_change(guards: list[TraceGuard]) -> Optional[str]:
    """What the first of ``guards`` that finds a change names, or None."""
    for guard in guards:
        changed = guard.changed()
        if changed is not None:
            return changed
    return None


def any_changed(guards: list[TraceGuard]) -> bool:
    """Whether any of ``guards`` finds a change (the compiled call's test)."""
    return first_change(guards) is not None
