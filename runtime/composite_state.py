"""Python state a staged statement writes: attributes and constant-key items carried, the rest refused.

Before (what the converter writes for ``if loss < best["loss"]: best["loss"] = loss; self.wait = 0``)::

    def if_body():
        best['loss'] = loss
        self.wait = 0
    ag__.if_stmt(loss < best['loss'], if_body, None, (('best', ('loss',)), ('self', 'wait')))()

After (what a backend staging that ``if`` is handed)::

    state.names == ("best['loss']", 'self.wait')   # CompositeName, read and written through a Slot

A carried entry that is a tuple is a *composite*: a variable of the function (or a global) and the
steps from it to the place written, a string for an attribute and a 1-tuple for a constant key, as
in TF AutoGraph, where ``a.b`` and ``a['k']`` are symbols of the statement. ``State`` reads and
writes such an entry through a ``Slot``, which looks like a closure cell (``cell_contents``), so a
backend carries it like any variable: it reads the value before the statement, gives every branch
(or iteration) that value, joins what the branches leave, and writes the joined value back. On plain
Python nothing of this runs: the statement runs as written, the write happens once, where Python
makes it.

What the statement's code does not show (an attribute a function it calls sets, a key from a
variable, ``out.append(v)``) ``Watch`` finds: before a backend stages a statement it takes a shallow
picture of the Python objects the statement's blocks can reach (their closures' variables and the
globals they name, a few levels down), and compares it each time the backend reads the state after a
traced body (before it emits anything). An attribute, dict key or list item that changed is carried
too: the staging is abandoned (``Discovered``) and the statement staged again with it in the state.
A change no slot can carry (a list or set that grew, an array written in place) would happen once per
branch traced, the last one winning: it is put back and refused (``MutatedInStagedBlock``, at the
statement's line, saying what to write instead).
"""

from __future__ import annotations

import array as stdlib_array
import collections
import functools
import io
import itertools
import sys
import types
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (runtime/choice.py)
from typing import Any, Callable, Iterable, Optional

import numpy as np

from runtime.class_lookup import defines_dict, instance_dict
from runtime.staging import StagingError, user_location
from runtime.state_roles import CarriedName
from runtime.tracebacks import hide_frames_of
from runtime.undefined import Undefined


class CompositeName(CarriedName):
    """A carried composite's name as the user wrote it (``self.best``, ``best['loss']``)."""

    __slots__ = ()


class MutatedInStagedBlock(StagingError):
    """A staged ``if`` or loop changed Python state that it cannot carry: a list grew or shrank, a set or
    a NumPy array was changed in place (or the places it writes do not settle between stagings)."""


def display(entry: tuple) -> str:
    """``('self', 'best')`` as ``self.best``, ``('best', ('loss',))`` as ``best['loss']``."""
    text = entry[0]
    for step in entry[1:]:
        text += f"[{step[0]!r}]" if type(step) is tuple else f".{step}"
    return text


class Slot:
    """A composite entry, read and written as a closure cell is (``cell_contents``); an unreadable
    place (no such attribute or key, or an empty base variable) raises ``ValueError``, as an empty cell
    does, which ``State`` reads as ``Undefined``. Each access walks from the base variable afresh, so a
    branch that rebinds ``self.stats`` and then writes ``self.stats['n']`` is read as Python reads it."""

    __slots__ = ("base", "steps", "name")

    def __init__(self, base: Callable[[], Any], steps: tuple, name: str) -> None:
        self.base, self.steps, self.name = base, steps, name

    def container(self) -> Any:
        """The object the last step reads from or writes into (ValueError: it cannot be reached)."""
        obj = self.base()
        for step in self.steps[:-1]:
            obj = _read(obj, step)
        return obj

    @property
    def cell_contents(self) -> Any:
        return _read(self.container(), self.steps[-1])

    @cell_contents.setter
    def cell_contents(self, value: Any) -> None:
        try:
            container = self.container()
        except ValueError:
            if isinstance(value, Undefined):
                return  # (was unreachable, stays so)
            raise
        step = self.steps[-1]
        if isinstance(value, Undefined):  # put back "not there"
            if type(step) is tuple:
                if step[0] in container:
                    del container[step[0]]
            elif hasattr(container, step):
                delattr(container, step)
        elif type(step) is tuple:
            container[step[0]] = value
        else:
            setattr(container, step, value)

    def key(self) -> Optional[tuple[int, Any]]:
        """``(id(container), key)``: what ``Watch`` leaves out of its comparison (None if unreachable)."""
        try:
            container = self.container()
        except ValueError:
            return None
        step = self.steps[-1]
        return id(container), (step[0] if type(step) is tuple else step)


def _read(obj: Any, step: Any) -> Any:
    if type(step) is tuple:
        key = step[0]
        if isinstance(obj, dict):
            if key not in obj:  # (no obj[key]: a defaultdict would make the key)
                raise ValueError(key)
            return obj[key]
        try:
            return obj[key]
        except (IndexError, KeyError, TypeError) as error:
            raise ValueError(key) from error
    try:
        return getattr(obj, step)
    except AttributeError as error:
        raise ValueError(step) from error


def carryable(slot: Slot, owned: Callable[[Any], Any]) -> bool:
    """Whether a backend can carry the slot: an attribute of an object, or an item of a dict or list.
    An item of a NumPy array, or anything of a staged value (a graph tensor written in place), is not
    carried: arrays cannot hold staged values, and in-place writes into staged values are staged already."""
    try:
        container = slot.container()
    except ValueError:
        return True  # (not reachable before: carried as undefined, so a branch must set it, or it is refused)
    if owned(container) is not None:
        return False
    if type(slot.steps[-1]) is tuple:
        return isinstance(container, (dict, list))
    return not isinstance(container, np.ndarray)


def make_slot(entry: tuple, cells: dict, functions: Iterable[Optional[Callable]]) -> Slot:
    """The slot for a composite entry: its base variable is a closure cell of one of ``functions`` or,
    failing that, a global of theirs."""
    base_name = entry[0]
    cell = cells.get(base_name)
    if cell is not None:
        def base() -> Any:
            return cell.cell_contents  # (ValueError when empty)
    else:
        namespace = next((f.__globals__ for f in functions if hasattr(f, "__globals__")), {})

        def base() -> Any:
            try:
                return namespace[base_name]
            except KeyError:
                raise ValueError(base_name) from None
    return Slot(base, tuple(entry[1:]), display(entry))


def composite_slots(entries: list, cells: dict, functions: Iterable[Optional[Callable]],
                    owned: Callable[[Any], Any], names: tuple) -> tuple[list, set]:
    """The slots a backend carries for the composite entries of a statement's state (those it can
    carry, ``carryable``), and the plain variables it then does not carry. A base that is also a
    carried variable (``d``, rebound by ``d = ag__.setitem(v, d, 0)`` for ``d[0] = v``) is carried one
    way: a dict or list through its items' slots, in place, so that every name bound to it sees the
    write (as the whole, rebuilt, it would become another object); an array, or a staged value, whole."""
    functions = [f for f in functions if f is not None]
    needed = {entry[0] for entry in entries} - set(cells)
    if needed:  # a base read only by a block inside the body (an `if` in a loop body, hoisted before it)
        cells = {**_inner_cells(functions, needed), **cells}
    groups: dict[str, list] = {}
    for entry in entries:
        groups.setdefault(entry[0], []).append(make_slot(entry, cells, functions))
    slots: list = []
    in_place: set = set()
    for base, group in groups.items():
        carried = [slot for slot in group if carryable(slot, owned)]
        if base not in names:
            slots += carried
        elif len(carried) == len(group):
            slots += carried
            in_place.add(base)
    return slots, in_place


def _inner_cells(functions: list, needed: set) -> dict:
    """The closure cells named in ``needed`` of the functions in the closures of ``functions``, and so on."""
    found: dict = {}
    seen: set[int] = set()
    stack = list(functions)
    while stack:
        fn = stack.pop()
        if id(fn) in seen or not isinstance(fn, types.FunctionType):
            continue
        seen.add(id(fn))
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
            if name in needed:
                found.setdefault(name, cell)
            try:
                value = cell.cell_contents
            except ValueError:
                continue
            if isinstance(value, types.FunctionType):
                stack.append(value)
    return found


# --- what a staged statement changed without carrying it -------------------------------------------

_ROUNDS = 4  # stagings of one statement, each carrying the places the one before found written
_DEPTH = 3  # levels below a variable that are pictured: self -> self.history -> its items
_BUDGET = 20_000  # objects and items pictured per statement: the picture of a huge structure stops there
_ARRAY_BYTES = 1 << 22  # NumPy arrays up to 4 MiB each are pictured (compared by their bytes),
_ALL_ARRAY_BYTES = 1 << 24  # 16 MiB of them at most per statement
_MACHINERY = frozenset({"numpy", "jax", "jaxlib", "runtime", "autograph", "ml_dtypes", "builtins"})
_SKIPPED = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType,
            types.CodeType, types.CellType)


# The standard library's plain holders of the program's own data, looked into as an object of the program's class
# is: their contents are the settings and state the program wrote there (``args.lr`` of an argparse.Namespace,
# ``cfg.dt`` of a SimpleNamespace, a UserDict's entries, a ChainMap's maps, a thread's ``threading.local``
# attributes), and nothing else writes them. By module and qualified name, so that none of them need be imported.
# (Until stop 86 they were the standard library's, not looked into: a graph kept the value its trace read, and a
# staged branch's write into one was made on every run.) ``array.array`` is pictured as a sequence of items, the
# ``functools.partial``s a program makes are walked through to their function and arguments (picture_levels).
_DATA_HOLDERS = frozenset({("types", "SimpleNamespace"), ("argparse", "Namespace"), ("collections", "UserDict"),
                          ("collections", "UserList"), ("collections", "ChainMap"), ("_thread", "_local")})


_ATTRIBUTES = ("attrs", "slots")  # the kinds of picture whose entries are attributes
_UNSET = object()  # (a slot without a value)


def slot_names(cls: type) -> list[str]:
    """The ``__slots__`` of ``cls`` and its bases (an object of such a class may have no ``__dict__``)."""
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names += [slots] if isinstance(slots, str) else [n for n in slots if n not in ("__dict__", "__weakref__")]
    return names


def _slot_values(obj: Any) -> list[tuple[str, Any]]:
    return [(name, getattr(obj, name, _UNSET)) for name in slot_names(type(obj))]


def _library(cls: type) -> bool:
    """Whether instances of ``cls`` belong to the standard library or to the machinery (their contents
    change by themselves: a logger's cache, a generator's state), not to the user's program; the standard
    library's holders of the program's data (``_DATA_HOLDERS``) are the program's."""
    module = getattr(cls, "__module__", None)
    top = module.partition(".")[0] if isinstance(module, str) else ""
    if top in _MACHINERY:
        return True
    return (top in getattr(sys, "stdlib_module_names", ()) and top != "__main__"
            and (module, getattr(cls, "__qualname__", None)) not in _DATA_HOLDERS)


class Discovered(BaseException):
    """Raised from ``State.get()`` while a backend traces a statement: a body (through a function it
    calls) wrote attributes, keys or list items the statement does not carry. ``staged`` abandons that
    staging (nothing is emitted yet: a backend reads the state before it emits its statement) and
    stages the statement again, carrying them. A BaseException, so that no handler on the way keeps it."""

    def __init__(self, slots: list) -> None:
        super().__init__(", ".join(slot.name for slot in slots))
        self.slots = slots


def staged(owned: Callable[[Any], Any], stage: Callable, *args: Any, python_ok: bool = False) -> Any:
    """``stage(*args)``, a backend staging a statement (its last argument the ``State``), watched: a
    write into Python state the statement does not carry is carried when it can be (an attribute, a
    dict key, a list item: the statement is staged again, carrying it), refused when not (``Watch``).
    ``python_ok``: the backend may run the statement as Python instead (a loop over a plain ``range``
    offered to JAX, which it unrolls when one scan cannot hold it); then what the statement changed
    afterwards is Python's own doing, and only what a traced body changed (``State.get``) counts."""
    state = args[-1]
    state.lone = state.lone_arrays()  # (first: the watch's pictures and the staging's copies refer to them too)
    watch = Watch([arg for arg in args if isinstance(arg, types.FunctionType)], state, owned)
    if not watch.pictures:
        return stage(*args)  # (no Python object in reach: nothing to watch)
    entry = state.get()
    state.watch = watch
    found: Any = None
    try:
        for _ in range(_ROUNDS):
            try:
                result = stage(*args)
                break
            except Discovered as error:
                found = error
                watch.put_back()
                state.watch = None
                state.set(entry)  # (the backend put its variables back already; again, to be sure)
                state.carry(found.slots)
                entry = state.get()
                state.watch = watch
        else:
            raise MutatedInStagedBlock(
                f"{user_location()}: the Python state this staged statement writes does not settle: each "
                f"staging found other places written ({found}); assign them in the statement's own code")
    except BaseException:
        watch.put_back()  # (a refused trace leaves the program's objects as they were before it)
        raise
    finally:
        state.watch = None
    if not python_ok:
        watch.check()
    return result


def offered(owned: Callable[[Any], Any], offer: Callable, *args: Any) -> bool:
    """``offer(*args)`` (a backend's ``while_from_start``), watched as ``staged`` does; when the backend
    declines (False: Python runs the loop), what its look at the loop changed is put back."""
    state = args[-1]
    watch = Watch([arg for arg in args if isinstance(arg, types.FunctionType)], state, owned)
    if not watch.pictures:
        return offer(*args)
    taken = staged(owned, offer, *args, python_ok=True)
    if taken:
        watch.check()
    else:
        watch.put_back()
    return taken


class Watch:
    """A shallow picture of the Python objects a staged statement's blocks can reach, taken before the
    statement is staged: ``during()`` (at each ``State.get()``) carries or refuses what a traced body
    changed, ``check()`` (after the statement) refuses a change nothing saw."""

    def __init__(self, functions: Iterable[Optional[Callable]], state: Any, owned: Callable[[Any], Any]) -> None:
        self.owned, self.state = owned, state
        self.functions = [f for f in functions if f is not None]
        self.pictures: list[tuple[str, Any, Any, Any]] = []  # (kind, object, copy, its label: _shown)
        self.before: Optional[list] = None  # the pictures from before the statement, once ran_as_python() moved on
        self._picture(self._roots())

    def ran_as_python(self) -> None:
        """The statement ran part of itself as Python (a loop's first iteration, before the staged rest:
        runtime/jax/loops.py): what that part changed is the program's own doing. Later changes are measured
        from here; ``put_back`` still puts back what was there before the statement (which then runs again
        from its start)."""
        if self.before is None:
            self.before = self.pictures
        self.pictures = []
        self._picture(self._roots())

    def _roots(self) -> list[tuple[str, Any]]:
        roots: list[tuple[str, Any]] = []
        seen_functions: set[int] = set()
        stack = list(self.functions)
        while stack:
            fn = stack.pop()
            if id(fn) in seen_functions or not isinstance(fn, types.FunctionType):
                continue
            seen_functions.add(id(fn))
            for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
                try:
                    value = cell.cell_contents
                except ValueError:
                    continue
                if isinstance(value, types.FunctionType):
                    stack.append(value)  # a block of the statement (or hoisted): its variables count too
                else:
                    roots.append((name, value))
            namespace = fn.__globals__
            for name in _global_names(fn.__code__):
                if name in namespace:
                    roots.append((name, namespace[name]))
        return roots

    def _picture(self, roots: list[tuple[Any, Any]]) -> None:
        array_budget = [_ALL_ARRAY_BYTES]

        def describe(label: Any, obj: Any) -> Optional[tuple]:
            cls = type(obj)
            if cls is types.FunctionType and obj.__dict__ and not _library(obj):
                picture: Any = list(obj.__dict__.items())  # (a function of the program's with attributes: `helper.n`)
                kind, keys, values = "attrs", [k for k, _ in picture], [v for _, v in picture]
            elif cls in _IMMUTABLE or isinstance(obj, _SKIPPED) or self.owned(obj) is not None:
                return None
            elif isinstance(obj, list):
                picture = list(obj)
                kind, keys, values = "list", range(len(picture)), picture
            elif isinstance(obj, dict):
                # (An OrderedDict's order is its own, which move_to_end changes and the dict beneath it does not show.)
                picture = list(obj.items() if isinstance(obj, collections.OrderedDict) else dict.items(obj))
                kind, keys, values = "dict", [k for k, _ in picture], [v for _, v in picture]
            elif isinstance(obj, (set, bytearray, collections.deque)):
                picture, kind, keys, values = list(obj), "items", (), ()
            elif isinstance(obj, stdlib_array.array):  # (numbers, compared by value: each read makes a new one)
                picture, kind, keys, values = obj.tobytes(), "buffer", (), ()
            elif isinstance(obj, np.ndarray):
                if obj.nbytes > min(_ARRAY_BYTES, array_budget[0]) or obj.dtype.hasobject:
                    return None
                array_budget[0] -= obj.nbytes
                picture, kind, keys, values = obj.copy(), "array", (), ()
            elif (position := _iterator_position(obj)) is not None:
                picture, kind, keys, values = position, "iterator", (), ()
            elif cls in _STREAMS:
                if obj.closed or len(obj.getbuffer() if cls is io.BytesIO else obj.getvalue()) > _ARRAY_BYTES:
                    return None
                picture, kind, keys, values = (obj.tell(), obj.getvalue()), "stream", (), ()
            elif not _library(cls) and type(attributes := instance_dict(obj)) is dict:
                # (instance_dict: also where the class defines __dict__ itself: obj.__dict__ is not its attributes then)
                picture = list(attributes.items())
                kind, keys, values = "attrs", [k for k, _ in picture], [v for _, v in picture]
            elif not _library(cls) and slot_names(cls):  # (an object of a class with __slots__: no __dict__)
                picture = _slot_values(obj)
                kind, keys, values = "slots", [k for k, _ in picture], [v for _, v in picture]
            else:
                return None
            self.pictures.append((kind, obj, picture, label))
            step = "." if kind in _ATTRIBUTES else "[]"
            return step, keys, values, 1 + (len(picture) if kind != "array" else 0)

        picture_levels(roots, _DEPTH, _BUDGET, describe)

    def grown(self, obj: list) -> None:
        """``obj``, a list the statement carries, grew as Python's loop grows it (the rows of a scan's stacked
        appends, added after the loop): its new items are the statement's own doing, not a change to refuse."""
        self.pictures = [(kind, o, list(o) if o is obj and kind == "list" else picture, label)
                         for kind, o, picture, label in self.pictures]

    def _kept(self) -> set:
        """The places the statement carries: ``(id(container), key)``."""
        return {key for key in (slot.key() for slot in self.state.slots) if key is not None}

    def during(self) -> None:
        """After a traced body ran: raise ``Discovered`` for the attributes, keys and list items it wrote
        that the statement does not carry, ``MutatedInStagedBlock`` for a change no slot can carry."""
        kept = self._kept()
        found = []
        for kind, obj, picture, label in self.pictures:
            if kind == "array":
                continue  # (a backend's own check names a carried array better; check() sees the others)
            for change in _changes(kind, obj, picture, kept):
                if change is None or (kind in ("list", "dict") and change in ("grew", "shrank", "reordered")):
                    self.put_back()
                    raise MutatedInStagedBlock(_message(kind, label, change))
                found.append(Slot(_constant(obj), (change,) if kind in _ATTRIBUTES else ((change,),),
                                  _shown((label, "." if kind in _ATTRIBUTES else "[]", change))))
        if found:
            raise Discovered(found)

    def check(self) -> None:
        """After the statement: refuse (putting the old contents back) a change it does not carry."""
        kept = self._kept()
        for kind, obj, picture, label in self.pictures:
            for change in _changes(kind, obj, picture, kept):
                self.put_back()
                raise MutatedInStagedBlock(_message(kind, label, change))

    def put_back(self) -> None:
        for kind, obj, picture, _ in self.pictures if self.before is None else self.before:
            _put_back(kind, obj, picture)
        if self.before is not None:  # (the statement runs again from its start: measured from before it)
            self.pictures, self.before = self.before, None


_IMMUTABLE = frozenset({int, float, bool, str, bytes, complex, type(None), tuple, frozenset, range})


def picture_levels(roots: list[tuple[Any, Any]], depth_limit: int, budget: int,
                   describe: Callable[[Any, Any], Optional[tuple]]) -> None:
    """Walk the objects below ``roots`` (``(label, object)`` pairs) breadth first, ``depth_limit`` levels down,
    each object once, until ``budget`` entries are spent. ``describe(label, obj)`` pictures an object (how is its
    own business) and gives ``(step, keys, values, cost)``: the step that labels what is below it ("." for an
    attribute, "[]" for an item), the keys and values walked next, the entries its picture spent; or None for an
    object it leaves alone. A tuple and a ``functools.partial`` are walked through (immutable, but they may hold a
    mutable object)."""
    seen: set[int] = set()
    level = roots
    for depth in range(depth_limit + 1):
        below: list[tuple[Any, Any]] = []
        for label, obj in level:
            if id(obj) in seen or budget <= 0:
                continue
            seen.add(id(obj))
            if type(obj) is tuple:
                if depth < depth_limit:
                    below += [((label, "[]", i), item) for i, item in zip(range(budget), obj)]
                continue
            if type(obj) is functools.partial:  # (walked through too: what it holds is what its calls read)
                if depth < depth_limit:
                    below += [((label, ".", name), getattr(obj, name)) for name in ("func", "args", "keywords")]
                continue
            found = describe(label, obj)
            if found is None:
                continue
            step, keys, values, cost = found
            budget -= cost
            if depth < depth_limit and budget > 0:  # (labels are made only for a message: _shown)
                below += [((label, step, key), value) for key, value, _ in zip(keys, values, range(budget))]
        level = below


def _constant(obj: Any) -> Callable[[], Any]:
    return lambda: obj


def _global_names(code: types.CodeType) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _global_names(const)
    return names


def _iterator_position(obj: Any) -> Any:
    """Where an iterator whose advance a picture can see stands (None for any other object): a generator's
    frame and instruction, a builtin iterator's items left (``iter(xs)``, ``iter(range(n))``, a dict's or a
    string's), an ``enumerate``'s count and its iterator's place. A staged branch that calls ``next(it)`` is traced
    once, whichever branch the data takes: the advance would be the trace's, not the program's."""
    cls = type(obj)
    if cls is types.GeneratorType:
        frame = obj.gi_frame
        if frame is None:
            return ("generator", None)
        # (its instruction is the same at each yield of a loop: its locals tell the steps apart, a generator
        # expression's by the place of the iterator it runs over, `.0`)
        return ("generator", frame.f_lasti, tuple((name, _step_value(value)) for name, value in frame.f_locals.items()))
    if cls is enumerate:
        _, (inner, count) = obj.__reduce__()
        return ("enumerate", count, _iterator_position(inner))
    if cls is zip or cls is map or cls is filter:  # (the places of the iterators they take items from)
        inner = [_iterator_position(item) for item in obj.__reduce__()[1] if hasattr(type(item), "__next__")]
        return None if not inner or None in inner else (cls.__name__, tuple(inner))
    if cls is itertools.count:  # (its next number is in its text alone: count(5), count(0.5, 2))
        return ("count", repr(obj))
    if cls is itertools.repeat and hasattr(obj, "__length_hint__"):
        return ("left", obj.__length_hint__())
    if cls.__module__ == "builtins" and hasattr(cls, "__next__") and hasattr(cls, "__length_hint__"):
        try:
            return ("left", obj.__length_hint__())
        except Exception:  # noqa: BLE001  (an iterator that cannot say: not pictured)
            return None
    return None


def _step_value(value: Any) -> Any:
    """A generator's local as its position shows it: a number or a string itself, an iterator its own position,
    any other object its identity."""
    if type(value) in (int, float, bool, str, type(None)):
        return value if value == value else "nan"  # (NaN is not equal to itself)
    position = _iterator_position(value) if hasattr(type(value), "__next__") else None
    return position if position is not None else id(value)


_STREAMS = (io.StringIO, io.BytesIO)  # in-memory files: their text and position are pictured


def _changes(kind: str, obj: Any, picture: Any, kept: set) -> list:
    """What changed in ``obj`` since ``picture``, but for the carried places: attribute names, keys or
    list indices (a slot can carry each); "grew" / "shrank" for a list, "reordered" for a dict whose keys
    only moved; None for an array, a set, an array.array, an iterator or an in-memory file."""
    if kind == "array":
        return [] if obj.shape == picture.shape and obj.tobytes() == picture.tobytes() else [None]
    if kind == "iterator":
        return [] if _iterator_position(obj) == picture else [None]
    if kind == "stream":
        return [] if not obj.closed and (obj.tell(), obj.getvalue()) == picture else [None]
    if kind == "buffer":
        return [] if obj.tobytes() == picture else [None]
    if kind == "items":
        now = list(obj)
        return [] if len(now) == len(picture) and all(a is b for a, b in zip(now, picture)) else [None]
    if kind == "list":
        if len(obj) != len(picture):
            return ["grew" if len(obj) > len(picture) else "shrank"]
        return [i for i, (a, b) in enumerate(zip(obj, picture)) if a is not b and (id(obj), i) not in kept]
    now = dict(dict.items(obj) if kind == "dict" else _slot_values(obj) if kind == "slots"
               else instance_dict(obj).items())
    before = dict(picture)
    changed = [key for key, value in now.items() if (key not in before or before[key] is not value)]
    changed += [key for key in before if key not in now]
    order = list(obj) if isinstance(obj, collections.OrderedDict) else list(now)
    if kind == "dict" and not changed and order != list(before):
        return ["reordered"]  # (move_to_end, a pop and the key set again: its order is the dict's state too)
    return [key for key in changed if (id(obj), key) not in kept]


def _put_back(kind: str, obj: Any, picture: Any) -> None:
    try:
        if kind == "array":
            if obj.shape == picture.shape:
                obj[...] = picture
        elif kind == "list":
            obj[:] = picture
        elif kind == "dict" and isinstance(obj, collections.OrderedDict):
            obj.clear()  # (its own methods: dict's would leave its order behind)
            obj.update(picture)
        elif kind == "dict":
            dict.clear(obj)
            dict.update(obj, picture)
        elif kind == "attrs":
            attributes = instance_dict(obj)
            if attributes or not defines_dict(type(obj)):
                attributes.clear()
                attributes.update(picture)
            else:  # (an empty dict Python has not made yet, of a class that defines __dict__ itself: instance_dict)
                for name, value in picture:
                    object.__setattr__(obj, name, value)
        elif kind == "slots":
            for name, value in picture:
                if value is not _UNSET:
                    setattr(obj, name, value)
                elif hasattr(obj, name):
                    delattr(obj, name)
        elif isinstance(obj, (set, collections.deque)):
            obj.clear()
            obj.update(picture) if isinstance(obj, set) else obj.extend(picture)
        elif isinstance(obj, bytearray):
            obj[:] = bytes(picture)
        elif kind == "buffer":
            obj[:] = stdlib_array.array(obj.typecode, b"")
            obj.frombytes(picture)
        elif kind == "stream":
            obj.seek(0)
            obj.truncate()
            obj.write(picture[1])
            obj.seek(picture[0])
    except Exception:  # (a container that refuses: the error raised after this still stops the trace)
        pass


def _shown(label: Any) -> str:
    """A picture's label as the user would write it: ``self.history``, ``best['loss']``."""
    if type(label) is str:
        return label
    parent, step, key = label
    return f"{_shown(parent)}.{key}" if step == "." else f"{_shown(parent)}[{key!r}]"


# What autograph/trace_guards.py shares with the pictures here.
IMMUTABLE, global_names, library_class, shown = _IMMUTABLE, _global_names, _library, _shown
iterator_position = _iterator_position


def _message(kind: str, label: Any, change: Any) -> str:
    label = _shown(label)
    where = user_location()
    if kind == "list" and change in ("grew", "shrank"):
        what = f"the list {label} {change} ({'append' if change == 'grew' else 'pop'}, extend, insert, remove...)"
        instead = (f"a list cannot change its length under a staged condition or loop: preallocate an array "
                   f"before the statement (out = np.zeros(n)) and write out[i] = v inside it, or build {label} "
                   f"outside the staged statement")
    elif kind == "iterator":
        what = f"the iterator {label} advanced (next(), a loop over it)"
        instead = (f"take the items before the statement (items = list({label})) and index them, or advance "
                   f"{label} outside the staged statement")
    elif kind == "stream":
        what = f"the in-memory file {label} was written, read or moved in"
        instead = f"write to {label} after the statement, from a value the statement gives"
    elif kind == "dict" and change == "reordered":
        what = f"the keys of {label} changed order (move_to_end, a key popped and set again)"
        instead = f"reorder {label} outside the staged statement"
    elif kind in ("array", "items"):
        what = f"{label} was written in place"
        instead = ("make the new contents a value of the statement: start a graph value before it "
                   "(e.g. np.zeros_like(x)) and assign it, or choose after it with np.where(...)")
    else:
        place = f"{label}.{change}" if kind in _ATTRIBUTES else f"{label}[{change!r}]"
        what = f"{place} was written"
        instead = (f"assign {place} in the statement's own code (an attribute, or an item with a constant key, "
                   f"is carried), or keep the value in a variable of this function and store it after the statement")
    return (f"{where}: {what} while a staged `if` or loop was traced; tracing runs every branch (and a loop "
            f"body once), so that change would happen once per branch traced, not under the condition when "
            f"the program runs. {instead[0].upper()}{instead[1:]}")


hide_frames_of(staged, offered)  # tracebacks leave it out (runtime/tracebacks.py)
