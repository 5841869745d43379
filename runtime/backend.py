"""Who runs a control-flow statement: dispatch on the values, never on a mode flag.

A backend owns some types of values (graph tensors, JAX tracers). When the
condition of an ``if``, the test of a ``while`` or the iterable of a ``for``
is one of its values, the statement is handed to it; otherwise it runs as
plain Python. Adding a backend needs no change to the converter::

    class MyBackend(Backend):
        def owns(self, cls): return issubclass(cls, MyTensor)
        def if_stmt(self, cond, body, orelse, state): ...

    register(MyBackend())

A backend whose values come from a library that may never be imported (JAX) is
registered lazily instead, by the top-level package of its values' types::

    register_lazy("jax", "runtime.jax")   # imported the first time a jax.* value is asked about

so that importing the dispatch core imports no backend.

State: a converted statement passes the names of the variables it carries,
``('a', 'b')`` in sorted order (a constant: it costs nothing when the statement
runs as Python). A backend that stages the statement reads and writes them
through the closure cells of the statement's own body functions, which are the
variables themselves; so no generated getter or setter is needed.
"""

from __future__ import annotations

import importlib
import sys
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (runtime/choice.py)
from types import CellType
from typing import Any, Callable, Iterable, Mapping, Optional

import numpy as np

from runtime import choice
from runtime.composite_state import CompositeName, composite_slots
from runtime.references import held_only_by
from runtime.state_roles import with_roles
from runtime.undefined import Undefined, declared_roles

Thunk = Callable[[], Any]


class State:
    """The variables a statement carries: their names, current values, and a setter.

    ``names`` are the carried variables; ``functions`` the statement's body (and test)
    functions, whose closure cells are those variables. A name the converter declared a role for
    (the return value, a return or break flag) comes back typed with it (runtime/state_roles.py).
    ``dead``: variables an ``if``'s branches change that nothing reads after it (a branch reads
    them first): carried too, so that each branch is traced from their value before the ``if``,
    but never joined (``outputs``)."""

    __slots__ = ("names", "_cells", "slots", "watch", "dead", "lone")

    def __init__(self, names: Optional[tuple[str, ...]], *functions: Optional[Callable],
                 dead: Optional[tuple[str, ...]] = None) -> None:
        names = tuple(names or ()) + tuple(dead or ())
        self.dead = frozenset(dead or ())
        cells: dict[str, Any] = {}
        roles: Mapping[str, str] = {}
        for function in functions:
            closure = getattr(function, "__closure__", None)
            if closure:
                cells.update(zip(function.__code__.co_freevars, closure))
                roles = roles or declared_roles(function.__code__)
        # A tuple names a composite, `self.best` or `best['loss']`: carried through a Slot (runtime/composite_state.py).
        composites = [entry for entry in names if type(entry) is tuple]
        self.slots: list = []
        if composites:
            self.slots, in_place = composite_slots(composites, cells, functions, backend_for, names)
            names = tuple(entry for entry in names if type(entry) is not tuple and entry not in in_place)
        self.names: tuple[str, ...] = with_roles(names, roles)
        missing = [name for name in self.names if name not in cells]
        if missing:
            raise RuntimeError(f"autograph bug: the carried variables {missing} are in no body's closure")
        self._cells = tuple(cells[name] for name in self.names)
        self.watch: Any = None  # while a backend stages the statement: what get() checks (composite_state.Watch)
        self.lone: dict[int, int] = {}  # while a backend stages the statement: ``lone_arrays()`` before it
        if self.slots:
            self.names += tuple(CompositeName(slot.name) for slot in self.slots)
            self._cells += tuple(self.slots)

    def carry(self, slots: list) -> None:
        """Carry these composite slots too (runtime/composite_state.py: places a staged statement was found
        to write, through a function it calls, when its first staging was abandoned)."""
        self.slots = self.slots + list(slots)
        self.names += tuple(CompositeName(slot.name) for slot in slots)
        self._cells += tuple(slots)

    def get(self) -> tuple:
        """The current values (a variable deleted meanwhile reads as Undefined)."""
        values = []
        for name, cell in zip(self.names, self._cells):
            try:
                values.append(cell.cell_contents)
            except ValueError:  # an empty cell: `del x` ran in the body
                values.append(Undefined(name))
        if self.watch is not None:  # (a body just ran: Python state it changed without carrying it?)
            self.watch.during()
        return tuple(values)

    def outputs(self, values: tuple, entry: tuple) -> tuple:
        """What a branch gives the join: ``values`` (from ``get``), with each dead variable's value from
        before the statement (``entry``) in place of its own. Both branches then agree on it, so it
        passes through: a variable bound on one path only, or to a Python value, is no error where no
        path reads it after the ``if`` (what is read later on a path that leaves it unbound still is)."""
        if not self.dead:
            return values
        return tuple(e if name in self.dead else v for name, v, e in zip(self.names, values, entry))

    def set(self, values: Iterable[Any]) -> None:
        values = tuple(values)
        if len(values) != len(self._cells):
            raise ValueError(f"expected {len(self._cells)} state values for {self.names}, got {len(values)}")
        for cell, value in zip(self._cells, values):
            cell.cell_contents = value

    def lone_arrays(self) -> dict[int, int]:
        """The NumPy arrays that a carried variable alone refers to (no other variable, container, view, caller
        or weak reference: runtime/references.py), by id, each with its variable's position: a backend staging
        the statement may put a value of its own in an array's place (``Backend.adopt``) when the statement
        writes a staged value into it. Counted before the statement is staged (runtime/composite_state.py,
        ``staged``): the staging's own copies of the state refer to the arrays too."""
        found = {}
        for position, cell in enumerate(self._cells):
            if type(cell) is not CellType:
                continue  # (a composite's slot: the array is an attribute or an item of something else)
            try:
                value = cell.cell_contents
            except ValueError:
                continue
            if type(value) is np.ndarray and held_only_by(value, 2):  # (the cell and ``value``)
                found[id(value)] = position
        return found

    def __repr__(self) -> str:
        return f"State{self.names}"


class Backend:
    """Stages control flow over the values it owns. Subclasses override what they support."""

    name = "backend"

    def owns(self, cls: type) -> bool:
        """Whether values of this type are staged by this backend (asked once per type)."""
        raise NotImplementedError

    def if_stmt(self, cond: Any, body: Thunk, orelse: Optional[Thunk], state: State) -> None:
        raise NotImplementedError(f"{self.name} cannot stage an if statement")

    def while_stmt(self, test: Thunk, body: Thunk, state: State) -> None:
        """Stage ``while test(): body()``. ``test`` is re-run from the current state."""
        raise NotImplementedError(f"{self.name} cannot stage a while loop")

    def staging_now(self) -> bool:
        """Whether this backend's values may be live now on the calling thread (a trace of its is under
        way there). Converted functions run their converted form while it is true (runtime/choice.py),
        and the operators ask it before looking through a plain loop's body for values to offer
        (``stages_static_ranges``, ``while_from_start``). True (the default) is always safe: a backend
        whose values may exist outside its traces keeps it, and converted functions then always run
        their converted form while it is registered."""
        return True

    def tracing_probe(self) -> Any:
        """What ``ag__.tracing()`` asks of this backend at every call of a converted function: a callable
        of no arguments, truthy exactly when ``staging_now()`` is, or a ``runtime.choice.Probe`` (an
        expression compiled into ``tracing`` itself: the graph's and JAX's, a per-thread read each)."""
        return self.staging_now

    def staged_inside(self, value: Any) -> bool:
        """Whether ``value``, an object the dispatch core does not look into (not a list, tuple or dict, not
        this backend's own value), holds one of this backend's values where this backend would carry it
        through a staged loop (JAX: among its pytree leaves, a NamedTuple's or a registered dataclass's). Asked
        of backends that stage static ranges, about the values a loop body closes over. False by default."""
        return False

    def while_from_start(self, test: Thunk, body: Thunk, state: State) -> bool:
        """Offered a while loop whose first ``test()`` was a plain true value and whose body closes over one
        of this backend's values: stage the whole loop and return True, or return False (the default) to
        let Python run this iteration (and offer the rest once the test is staged, as usual)."""
        return False

    def for_stmt(self, iterable: Any, extra_test: Optional[Thunk], body: Callable[[Any], None], state: State) -> None:
        """Stage a for loop over ``iterable``: one of this backend's values, or the rest of a
        Python iterable whose ``extra_test`` (a break or return flag) became staged."""
        raise NotImplementedError(f"{self.name} cannot stage a for loop")

    def if_exp(self, cond: Any, if_true: Thunk, if_false: Thunk) -> Any:
        raise NotImplementedError(f"{self.name} cannot stage a conditional expression")

    def not_(self, value: Any) -> Any:
        raise NotImplementedError(f"{self.name} cannot stage `not`")

    def is_(self, left: Any, right: Any) -> Any:
        """``left is right`` where one side is ``True`` / ``False`` and the other may be this backend's value
        (``ag__.is_``): a staged bool where the value stands for a Python bool, else NotImplemented (Python's
        identity, False for any array or NumPy scalar)."""
        return NotImplemented

    def and_(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        raise NotImplementedError(f"{self.name} cannot stage `and`")

    def or_(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        raise NotImplementedError(f"{self.name} cannot stage `or`")

    def and_test(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        """``and`` as the test of an ``if`` / ``while`` / ``assert`` (``ag__.and_test``): only its truth is used.
        By default the value ``and_`` stages."""
        return self.and_(value, rest)

    def or_test(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        """``or`` as a test (``ag__.or_test``): only its truth is used. By default the value ``or_`` stages."""
        return self.or_(value, rest)

    def range(self, *args: Any) -> Any:
        raise NotImplementedError(f"{self.name} cannot stage range()")

    def for_iterable(self, f: Callable, args: tuple, kwargs: dict) -> Any:
        """``f(*args, **kwargs)`` for ``zip`` or ``enumerate`` as a for loop's iterable (``ag__.zip``,
        ``ag__.enumerate``: runtime/iterables.py) where an argument is one of this backend's values: an
        iterable this backend owns and its ``for_stmt`` stages. NotImplemented (the default) leaves the
        call to Python."""
        return NotImplemented

    def call_builtin(self, f: Callable, args: tuple, kwargs: dict) -> Any:
        """``f(*args, **kwargs)`` for a builtin, ``math`` function or NumPy constructor that the
        converter routes through ``ag__.builtin`` (``float``, ``max``, ``math.sqrt``, ``np.array``, ...)
        where an argument is one of this backend's values. NotImplemented (the default) leaves the
        call to Python (and so to the value's ``__float__``, ``__array__``, ...)."""
        return NotImplemented

    def refuse_traced_text(self, text: str) -> None:
        """Raise where ``text``, which the converted function uses as data (runtime/text.py), holds the placeholder
        text of one of this backend's values being traced; nothing otherwise (the default)."""

    def vectorize(self, vectorized: Any, pyfunc: Callable, args: tuple, kwargs: dict) -> Any:
        """``vectorized(*args, **kwargs)`` for an ``np.vectorize`` object called with one of this backend's values
        among the arguments (runtime/vectorized.py), ``pyfunc`` standing for its ``pyfunc`` (the converted function).
        NotImplemented (the default) leaves the call to NumPy (and so to the value's ``__array__``)."""
        return NotImplemented

    def random_call(self, f: Callable) -> Any:
        """What to call in place of ``f``, a NumPy random function (``np.random.normal``, a ``Generator``'s
        ``normal``, ``np.random.seed``, ``np.random.default_rng``: runtime/random_calls.py) that converted code
        calls while this backend traces: one that stages the draw, so that it happens each time the staged
        program runs, or one that raises. NotImplemented (the default) lets ``f`` draw now, while tracing."""
        return NotImplemented

    def varying_call(self, f: Callable) -> Any:
        """What to call in place of ``f``, a read of the clock or of the system's randomness (``time.perf_counter``,
        ``datetime.now``, ``os.urandom``: runtime/clock_calls.py) that converted code calls while this backend
        traces: one that stages the read, so that it happens each time the staged program runs, or one that
        raises. NotImplemented (the default) lets ``f`` read now, while tracing."""
        return NotImplemented

    def new_array(self, f: Callable) -> Any:
        """What to call in place of ``f``, a NumPy constructor of a fresh array (``np.zeros``, ``np.empty``,
        ``np.identity``, ``np.zeros_like``: runtime/new_arrays.py) that converted code calls while this backend
        traces: one that makes the array one of this backend's values, so that writes of staged values into it
        are staged writes. NotImplemented (the default) makes a NumPy array now."""
        return NotImplemented

    def numpy_function(self, call: Any) -> Any:
        """Stage ``call`` (a ``runtime.numpy_function.HostCall``: ``fn`` and its arguments, some of them this
        backend's values) so that it runs each time the staged program runs, in traced order: a sequence of
        one staged value per output spec, or a refusal. NotImplemented (the default) runs it now, while tracing."""
        return NotImplemented

    def assert_(self, test: Any, message: Optional[Thunk]) -> Any:
        """Check ``assert test, message()`` whenever the staged program runs; NotImplemented (the
        default) leaves the test to Python's ``assert`` (and so to the value's ``__bool__``)."""
        return NotImplemented

    def read_from(self, base: Any, index: Any) -> Any:
        """``base[index]`` where a plain ``base`` (a NumPy array, ``np.r_``) refused a value of this backend
        in the index; None to let the refusal stand."""
        return None

    def write_into(self, target: Any, index: Any, value: Any, chained: bool = False) -> Any:
        """``target[index] = value`` where ``target`` (a plain array) refused a value or index of this
        backend: what the name should hold afterwards, or None to let the refusal stand. ``chained``:
        ``index`` is a path, ``target[index[0]][index[1]]... = value``."""
        return None

    def adopt(self, array: Any) -> Any:
        """A value of this backend to stand in for ``array``, a NumPy array that refused one of this backend's
        values (``y[k] = t``, ``y[k] += t``) and that nothing but the written name refers to (no other name,
        view, container, caller or weak reference: runtime/references.py), holding its values and taking the
        write; or None (the default) to leave the refusal to ``write_into``."""
        return None


_BACKENDS: list[Backend] = []
# Which backend owns each type seen so far (None: plain Python). backend_for fills it; the operators
# read it first, since one dict look-up is the whole cost of dispatch on a plain value.
OWNER_BY_TYPE: dict[type, Optional[Backend]] = {}
_STATIC_RANGE_STAGERS: list[Backend] = []  # the registered backends with `stages_static_ranges`
# Whether one of them traces on the calling thread: their ``tracing_probe()`` expressions compiled into one
# function (runtime/choice.py), one call per loop started where asking each backend's ``staging_now`` was two
# calls each (JAX's: about 100 ns more per loop started in a process that imported JAX).
_stagers_tracing = choice.compile_probes([], name="stagers_tracing")
# Of those, the ones that run a static range as Python's loop and may take its rest (``stage_rest``: the graph's), and
# whether one of the others traces on the calling thread.
_UNROLLERS: list[Backend] = []
_others_tracing = choice.compile_probes([], name="others_tracing")
# The same for the registered backends that may stage a `while` before its first iteration (``while_from_start``:
# JAX's): a while loop started while none of them traces skips looking through its body's closure.
_WHILE_STARTERS: list[Backend] = []
_starters_tracing = choice.compile_probes([], name="starters_tracing")
_LAZY: dict[str, str] = {}  # top-level package of a value's type -> the module that registers its backend

# Types no backend may claim: the answer for them is always "plain Python".
for _cls in (bool, int, float, complex, str, bytes, type(None), list, tuple, dict, set, range):
    OWNER_BY_TYPE[_cls] = None


def register(backend: Backend) -> None:
    """Add a backend; it is asked about each new type of value from then on, and converted functions
    run their converted form while its ``tracing_probe()`` is truthy (runtime/choice.py)."""
    _BACKENDS.append(backend)
    choice.add_probe(backend.tracing_probe())
    global _stagers_tracing, _starters_tracing
    if getattr(backend, "stages_static_ranges", False):
        _STATIC_RANGE_STAGERS.append(backend)
        _stagers_tracing = choice.compile_probes([choice.as_probe(b.tracing_probe()) for b in _STATIC_RANGE_STAGERS],
                                                 name="stagers_tracing")
        if getattr(backend, "stage_rest", None) is not None:
            _UNROLLERS.append(backend)
        global _others_tracing
        _others_tracing = choice.compile_probes(
            [choice.as_probe(b.tracing_probe()) for b in _STATIC_RANGE_STAGERS if b not in _UNROLLERS],
            name="others_tracing")
    if getattr(type(backend), "while_from_start", Backend.while_from_start) is not Backend.while_from_start:
        _WHILE_STARTERS.append(backend)
        _starters_tracing = choice.compile_probes([choice.as_probe(b.tracing_probe()) for b in _WHILE_STARTERS],
                                                  name="starters_tracing")
        NO_STATIC_STAGING[0] = -1
    for cls, owner in list(OWNER_BY_TYPE.items()):
        if owner is None and cls not in PLAIN_TYPES and backend.owns(cls):
            OWNER_BY_TYPE[cls] = backend


PLAIN_TYPES = frozenset(OWNER_BY_TYPE)


def register_lazy(package: str, module: str) -> None:
    """Import ``module`` (which calls ``register``) the first time a value whose type belongs to the
    top-level ``package`` is asked about, or ``package`` is found imported (``ag__.tracing()`` looks after
    each new import). Until then neither is imported."""
    _LAZY[package] = module
    choice.on_new_modules(_register_imported)


def _register_imported_lazy() -> None:
    """Register the backend of a lazily registered package that is imported now (its values may exist)."""
    modules = sys.modules
    for package in _LAZY:  # a plain loop: a generator expression here cost ~1 µs per loop started
        if package in modules:
            _register_imported()
            break


def may_stage_static_ranges() -> bool:
    """Whether a loop over a plain ``range`` might be staged: a registered backend stages such loops (JAX's as one
    ``lax.scan``; the graph's, past a size, as one ``while_loop``) and traces now on the calling thread. False
    outside any trace: the loop operators then skip looking through the loop body's closure for staged values."""
    if _LAZY:
        _register_imported_lazy()
    return bool(_stagers_tracing())


def static_range_unroller() -> Optional[Backend]:
    """Asked where ``may_stage_static_ranges()`` is true: the backend tracing now on the calling thread that runs a
    loop over a plain range as Python's loop and may take its rest (``stage_rest``: the graph's), where no other
    static-range stager traces too; else None (the operators then look into the body for a backend's values, as for
    JAX's)."""
    if not _UNROLLERS or _others_tracing():
        return None
    if len(_UNROLLERS) == 1:
        return _UNROLLERS[0]
    return next((backend for backend in _UNROLLERS if backend.staging_now()), None)


def may_stage_from_start() -> bool:
    """Whether a ``while`` loop might be staged before its first iteration: a registered backend with
    ``while_from_start`` (JAX's) traces now on the calling thread. False in a program that never imports JAX, and
    outside any JAX trace in one that does: the loop operators then skip looking through the body's closure, which
    they would otherwise do on every while loop started (``NO_STATIC_STAGING`` keeps that answer until the next
    import)."""
    if _LAZY:
        _register_imported_lazy()
    if _starters_tracing():
        return True
    NO_STATIC_STAGING[0] = -1 if _WHILE_STARTERS else len(sys.modules)
    return False


# ``len(sys.modules)`` when ``may_stage_from_start`` last answered False with no backend to ask (-1:
# not so). Until a module is imported or a backend registered, the answer stays False: ``while_stmt``
# compares ``len(sys.modules)`` with it before it calls (one call less per loop started, which
# is most of the cost of a short loop). An import that removes as many modules as it adds goes unnoticed;
# then a loop is offered to JAX only once a JAX value has reached an operator, as before JAX's first value.
NO_STATIC_STAGING = [-1]


def _imported(package: str) -> bool:
    """Whether ``package`` is imported, whole. Where another thread is importing it now (it is in
    ``sys.modules`` but partially initialized: its submodules and names not all there yet), wait for that
    import to end: ``importlib.import_module`` blocks on the package's import lock, as ``import`` does."""
    module = sys.modules.get(package)
    if module is None:
        return False
    if getattr(getattr(module, "__spec__", None), "_initializing", False):
        try:
            importlib.import_module(package)
        except Exception:  # (the user's import failed; ours, tried again, too: no value of it exists)
            return False
        module = sys.modules.get(package)
        # Still initializing: this thread's own import of it is under way further up its stack.
        return module is not None and not getattr(getattr(module, "__spec__", None), "_initializing", False)
    return True


def _import_backend(package: str) -> None:
    """Import the module that registers ``package``'s backend. Its entry in ``_LAZY`` goes only once that
    import succeeded: a failed one (raised to the caller) is tried again on the next ask. Two threads may import
    it at once: Python's import lock runs its body (and so its ``register``) once."""
    module = _LAZY.get(package)
    if module is not None:  # (another thread may have registered it meanwhile)
        importlib.import_module(module)
        _LAZY.pop(package, None)


def _register_imported() -> bool:
    """Import the lazily registered backends whose packages are imported now (each registers itself);
    whether any is left to wait for. A package another thread is importing is waited for; one whose
    import failed is looked for again after the next import."""
    for package in [package for package in list(_LAZY) if _imported(package)]:
        try:
            _import_backend(package)
        except ImportError:  # its backend cannot load (a JAX too old): say so when one of its values arrives
            pass             # (backend_for), not in every trace that merely runs after some import
    return bool(_LAZY)



def backend_for(value: Any) -> Optional[Backend]:
    """The backend that stages ``value``, or None for a plain Python value."""
    cls = type(value)
    try:
        return OWNER_BY_TYPE[cls]
    except KeyError:
        pass
    except Exception:  # noqa: BLE001  (a class whose metaclass defines __eq__ without __hash__, or whose
        return None    # metaclass's __hash__ or __eq__ raises: plain Python, as no backend's type is one)
    module = getattr(cls, "__module__", None)  # (not always a string: a descriptor, a number some code set)
    package = module.partition(".")[0] if isinstance(module, str) else ""
    if package in _LAZY:
        _import_backend(package)  # (an error leaves it registered lazily: the next value of its tries again)
    owner = next((b for b in _BACKENDS if b.owns(cls)), None)
    OWNER_BY_TYPE[cls] = owner
    return owner


def staged_inside(value: Any) -> Optional[Backend]:
    """The backend that stages static ranges, traces now on the calling thread, and sees a staged value inside
    ``value`` (an object the dispatch core does not look into: ``Backend.staged_inside``), or None. (Only a tracing
    one: a look inside may read the object's attributes, which a class of the user's may log, so a graph trace does
    not ask JAX's.)"""
    for backend in _STATIC_RANGE_STAGERS:
        if type(backend).staged_inside is not Backend.staged_inside and backend.staging_now() and \
                backend.staged_inside(value):
            return backend
    return None


def staging_backends() -> list[Backend]:
    """The registered backends tracing now on the calling thread (``staging_now``), in registration order."""
    return [backend for backend in _BACKENDS if backend.staging_now()]


def backend_of_any(values: Iterable[Any]) -> Optional[Backend]:
    for value in values:
        backend = backend_for(value)
        if backend is not None:
            return backend
    return None
