"""User code that runs as written while a graph is traced, and tests the ``type()`` of values: refused.

Python runs some of a program's code for converted code as written, unconverted: an operator's method
(``q1 * q2`` calls ``Quaternion.__mul__``), a property, a callback a library calls. Such code computes on graph
tensors as it would on arrays, but for one question: ``type(t)`` of a tensor is the graph's ``Tensor``, where eager
NumPy's is ``ndarray`` or a NumPy scalar type (converted code asks ``ag__.builtin(type, t)``, which answers as NumPy
does; ``isinstance`` and ``t.__class__`` answer as NumPy does everywhere). A test of that answer would take the
other branch silently. So where code running as written makes a graph node (it computes with a tensor) and compares
what ``type()`` gives (``type(s) is np.ndarray``, ``type(x) in (float, int)``, ``type(a) == type(b)``,
``type(x).__name__ == "ndarray"``), the trace refuses, naming the function and the line, before any answer is
taken (CommPy's ``GF.__add__``, tests/coverage/corpus_commpy.py).

Before (eager NumPy; the graph gave ``[1. 2. 3.]``, silently)::

    class Pair:
        def __add__(self, other):                     # Python calls it for `+`: it runs as written
            s = self.x + other.x
            return s * 2 if type(s) is np.ndarray else s

    Pair(x) + Pair(y)                                 # [2. 4. 6.]

After, while tracing::

    NotStageable: prog.py:4: Pair.__add__ runs as written (Python calls it for converted code: ...) and tests
    the type() of a value ...

Code marked ``autograph.do_not_convert`` is checked too: it runs as written by the user's choice, but its test
would still answer otherwise than eager code's. A function that only builds an object of a value's type
(``type(self)(...)``) does not test it, and passes.

The code that code running as written calls runs as written too, and may test the type of a tensor it was given
without making a node itself (``Pair.__add__`` making ``Pair(self.x + other.x)``, whose ``__init__`` sets ``self.kind =
"array" if type(x) is np.ndarray else "other"``: the graph gave the other kind, silently). So the look goes on into
the functions and classes (their ``__init__`` and ``__new__``) of the program's that such code names as globals,
three calls deep, and refuses at the first type test it finds there, naming that line and the code that calls it
(CommPy's ``GF.__add__`` making ``GF(...)``: an ``AttributeError`` before).

A property makes no node to be looked at from: converted code reads ``Kinded(x).kind``, Python runs the getter as
written, and ``"array" if type(self.x) is np.ndarray else "other"`` answered "other" for the graph's tensor, silently.
So as a graph trace of a function starts, ``watching(function)`` looks at the code the function reaches (its own, and
that of the program's functions and classes it names, three calls deep) for the attributes it reads that are
properties of the program's classes it names whose getter tests ``type()`` of anything but ``self``. Where there are
some, it watches their calls for the rest of the trace (``sys.setprofile`` on the tracing thread, which slows that
trace, and no other); a getter called on an object that holds a graph tensor in an attribute it reads (or an item
of a list, tuple or dict there), or given a tensor, is refused as above, before it runs. A property of a class the
function does not name (an object a library made, a class reached through another module's attribute) is not
watched (docs/limitations.md). The special methods Python calls with no name in the code (``obj[i]`` calls
``__getitem__``, ``len(obj)`` ``__len__``, ``obj == o`` ``__eq__``) of the classes it names are watched likewise.
"""

from __future__ import annotations

import builtins
import dis
import functools
import sys
import types
import weakref
from typing import Any, Callable, Iterator, Optional

from runtime.backend import backend_for
from runtime.class_lookup import class_attribute, instance_dict
from runtime.limits import NotStageable
from runtime.staging import class_module, format_site, installed_library, library_module, qualified_name
from runtime.undefined import is_converted_code

# Code objects checked, by id, with a weak reference that drops the entry when the code goes: their verdict (where
# the first type test is: the code holding it, its line, and the code of the program's it was reached from; None:
# none).
_VERDICTS: dict[int, tuple[Optional[tuple], Any]] = {}
_CALL_DEPTH = 3  # calls followed from the code that made the node: its globals' functions and classes
# The instructions that load the other operand of a test (3.10 to 3.14's names: 3.13 fuses two loads of locals).
_LOADS = frozenset({"LOAD_ATTR", "LOAD_CONST", "LOAD_FAST", "LOAD_GLOBAL", "LOAD_NAME", "LOAD_DEREF", "BUILD_TUPLE",
                    "LOAD_METHOD", "LOAD_CLOSURE", "CACHE", "COPY_FREE_VARS", "NOP", "EXTENDED_ARG",
                    "LOAD_FAST_LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_SMALL_INT", "LOAD_FAST_BORROW",
                    "LOAD_FAST_BORROW_LOAD_FAST_BORROW"})
_TESTS = frozenset({"IS_OP", "COMPARE_OP", "CONTAINS_OP"})
_CALLS = frozenset({"CALL", "CALL_FUNCTION"})
_LINE_NUMBERS = hasattr(dis.Instruction, "line_number")  # (3.13: starts_line is a bool, line_number the line)


def check(frame: types.FrameType) -> None:
    """Refuse (a remembered ``NotStageable``) where ``frame``, the user's frame that made a graph node, runs code as
    written that tests the ``type()`` of a value, or names a function or class of the program's whose code does;
    nothing for converted code or a library's. One dict look-up for code seen before."""
    code = frame.f_code
    verdict = _per_code(_VERDICTS, code, lambda: _type_test_reached(code, frame.f_globals, _CALL_DEPTH, set()))
    if verdict is None:
        return
    tester, line, globals_ = verdict
    if globals_.get("type", frame.f_builtins.get("type")) is not builtins.type:
        return
    if tester is not code and not _called_by_converted_code(frame):
        return  # (the program's own code around the traced call, making its inputs: what it names runs outside)
    raise _refusal(tester, line, code, "computes with")


def _per_code(cache: dict, code: types.CodeType, make: Callable[[], Any]) -> Any:
    """``cache``'s answer for ``code`` (by id), made by ``make()`` the first time; the entry goes with the code, by a
    C callback (runtime/calls.py's _watch says why)."""
    entry = cache.get(id(code))
    if entry is None or entry[1]() is not code:
        entry = cache[id(code)] = (make(), weakref.ref(code, functools.partial(cache.pop, id(code))))
    return entry[0]


def _refusal(tester: types.CodeType, line: int, code: types.CodeType, how: str) -> NotStageable:
    """The refusal of ``tester``'s type test at ``line``, reached from ``code`` (which calls it, where it is not
    ``tester`` itself; ``how``: what it does with a tensor), remembered by the trace."""
    name = qualified_name(tester)
    called = "" if tester is code else f", called from {qualified_name(code)} (which runs as written too)"
    return NotStageable(
        f"{format_site(tester.co_filename, line)}: {name} runs as written{called} (Python calls it for converted code: "
        "an operator such as `a + b` calls __add__, a property, a callback a library calls; or it is marked "
        f"do_not_convert) and tests the type() of a value, while it {how} a graph tensor. type() of a "
        "traced value is the graph's Tensor, where eager NumPy's is np.ndarray or a NumPy scalar type, so the "
        f"test could answer otherwise than eager code does. Decorate {name} with @autograph.convert (converted "
        "code answers type() as NumPy does), or test with isinstance(), which answers as NumPy does")


def _called_by_converted_code(frame: types.FrameType) -> bool:
    """Whether converted code is among ``frame``'s callers: ``frame`` runs inside a traced function, not around it
    (a script or test calling the traced function makes its inputs' nodes)."""
    caller = frame.f_back
    while caller is not None:
        if is_converted_code(caller.f_code):
            return True
        caller = caller.f_back
    return False


def _type_test_reached(code: types.CodeType, globals_: dict, depth: int, seen: set) -> Optional[tuple]:
    """(the code holding it, its line, that code's globals) for the first type test in ``code`` or, ``depth`` calls
    deep, in the program's functions and classes ``code`` names as globals (a class: its ``__init__`` and
    ``__new__``); None where there is none."""
    if id(code) in seen:
        return None
    seen.add(id(code))
    line = _first_type_test(code)
    if line is not None:
        return code, line, globals_
    if depth == 0 or is_converted_code(code) or installed_library(code.co_filename):
        return None
    for name in code.co_names:
        value = globals_.get(name)
        for function in _functions_run(value):
            found = _type_test_reached(function.__code__, function.__globals__, depth - 1, seen)
            if found is not None:
                return found
    return None


def _functions_run(value: Any) -> tuple:
    """The program's functions that calling ``value`` runs: itself, or a class's own ``__init__`` and ``__new__``."""
    if isinstance(value, types.FunctionType):
        return (value,)
    if isinstance(value, type):
        found = []
        for name in ("__new__", "__init__"):
            method = class_attribute(value, name)
            method = getattr(method, "__func__", method)  # (__new__ is a staticmethod)
            if isinstance(method, types.FunctionType):
                found.append(method)
        return tuple(found)
    return ()


def _first_type_test(code: types.CodeType) -> Optional[int]:
    """The line of the first ``type(...)`` whose result ``code`` compares (``is``, ``==``, ``in``, also after an
    attribute: ``type(x).__name__ == ...``), if ``code`` runs as written and is the user's; else None."""
    return next((line for line, _ in _type_tests(code)), None)


def _type_tests(code: types.CodeType) -> Iterator[tuple[int, list]]:
    """(line, the instructions loading its argument) for each ``type(...)`` whose result ``code`` compares, if
    ``code`` runs as written and is the user's."""
    if is_converted_code(code) or installed_library(code.co_filename) or "type" not in code.co_names:
        return
    instructions = list(dis.get_instructions(code))
    line = None
    for index, instruction in enumerate(instructions):
        starts = getattr(instruction, "line_number", None) if _LINE_NUMBERS else instruction.starts_line
        if starts is not None and starts is not True and starts is not False:
            line = starts
        if instruction.opname not in ("LOAD_GLOBAL", "LOAD_NAME") or instruction.argval != "type":
            continue
        # The call of type (its argument loaded plainly: `type(s)`, `type(self.x)`), then loads up to a test.
        call = next((i for i in range(index + 1, len(instructions)) if instructions[i].opname in _CALLS), None)
        if call is None:
            continue
        after = call + 1
        while after < len(instructions) and instructions[after].opname in _LOADS:
            after += 1
        if after < len(instructions) and instructions[after].opname in _TESTS:
            yield (line if line is not None else code.co_firstlineno,
                   [i for i in instructions[index + 1:call] if i.opname not in _NOT_LOADS])


def _subject(code: types.CodeType, loads: list) -> Optional[tuple]:
    """What a method's type test asks the type of, from the instructions loading it: None for ``self`` (an object of
    the program's class, never a tensor), ``("attribute", a)`` for ``self.a``, ``("argument", p)`` for a parameter,
    ``("any",)`` for anything else (a local the method computes, an expression)."""
    first = code.co_varnames[0] if code.co_argcount > 0 else None
    names = [i.argval for i in loads]
    fast = [i.opname.startswith("LOAD_FAST") for i in loads]
    if len(loads) == 1 and fast[0] and names[0] == first:
        return None
    if len(loads) == 2 and fast[0] and names[0] == first and loads[1].opname in ("LOAD_ATTR", "LOAD_METHOD"):
        return ("attribute", names[1])
    parameters = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    if len(loads) == 1 and fast[0] and names[0] in parameters:
        return ("argument", names[0])
    return ("any",)


_NOT_LOADS = frozenset({"PRECALL", "PUSH_NULL", "CACHE", "NOP", "EXTENDED_ARG", "KW_NAMES"})


# --- properties the traced function reads --------------------------------------------------------------------------

# The getters that test type(), by the id of the code of a function traced (its look, made once per code): {getter's
# code: ``_property_type_test``'s answer}, and a weak reference to that code.
_LOOKS: dict[int, tuple[dict, Any]] = {}


class watching:  # noqa: N801  (used as a function: ``with watching(fn, current_builder_fast):``)
    """Around a call of ``function`` (the converted function, called by a trace on the tracing thread): while a graph
    is traced there, the getters of the properties it may read that test ``type()`` are watched until the block ends
    (the module's docstring); under any other trace (JAX's), or where the function reaches no such property, nothing
    is. ``tracing``: the graph builder's "which graph is traced here" (None: none), which a watch left behind asks too
    (the builder imports this module: it is handed in, not imported)."""

    __slots__ = ("function", "watcher", "tracing")

    def __init__(self, function: Callable, tracing: Callable[[], Any]) -> None:
        self.function = function
        self.watcher = None
        self.tracing = tracing

    def __enter__(self) -> None:
        getters = _property_look(self.function) if self.tracing() is not None else None
        if not getters:
            return
        current = sys.getprofile()
        if isinstance(current, _Watcher):  # (a trace inside a trace: the outer one watches these too, until it ends)
            for code, found in getters.items():
                current.getters.setdefault(code, found)
            return
        if current is not None:
            tester, line, _ = next(iter(getters.values()))
            name = qualified_name(tester)
            raise NotStageable(
                f"{format_site(tester.co_filename, line)}: {name} runs as written for a property the traced function "
                "may read, and tests the type() of a value: autograph watches such a getter while it traces (with "
                "sys.setprofile), to refuse it where it reads a graph tensor (whose type() is the graph's Tensor, "
                "not np.ndarray), and cannot while another profiler runs on this thread. Decorate the getter with "
                "@autograph.convert, test with isinstance(), or trace without the profiler")
        self.watcher = _Watcher(dict(getters), self.tracing)
        sys.setprofile(self.watcher)

    def __exit__(self, *exception: Any) -> None:
        if self.watcher is not None and sys.getprofile() is self.watcher:
            sys.setprofile(None)
        self.watcher = None


class _Watcher:
    """The tracing thread's profile function while a trace watches property getters: at the call of one, refuse
    where its arguments hold a graph tensor or an object that does (as an attribute the getter reads, or an item of a
    list, tuple or dict there). A call costs a dict look-up and the builder's ``ContextVar``; a return nothing.

    Called with no graph being traced on the thread (an interrupt landed between ``sys.setprofile`` and the ``with``
    block that ends the watch), it takes itself off: a watch never outlives its trace."""

    __slots__ = ("getters", "tracing")

    def __init__(self, getters: dict, tracing: Callable[[], Any]) -> None:
        self.getters = getters
        self.tracing = tracing

    def __call__(self, frame: types.FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        if self.tracing() is None:
            if sys.getprofile() is self:
                sys.setprofile(None)
            return
        found = self.getters.get(frame.f_code)
        if found is None:
            return
        tester, line, subjects = found
        if _tests_staged(frame, subjects):
            raise _refusal(tester, line, frame.f_code, "reads")


def _tests_staged(frame: types.FrameType, subjects: Optional[frozenset]) -> bool:
    """Whether a watched method, called in ``frame``, may ask the type of a staged value: of ``subjects`` (what it
    tests, ``_subject``), an argument or an attribute of ``self`` that holds one; for ``("any",)`` or None (a test
    further on), any argument that holds one or whose attributes the method reads do."""
    arguments = frame.f_locals
    code = frame.f_code
    if subjects is None or ("any",) in subjects:
        return any(_holds_staged(value, code.co_names) for value in list(arguments.values()))
    first = arguments.get(code.co_varnames[0]) if code.co_argcount > 0 else None
    for kind, name in subjects:
        if kind == "argument" and _holds_staged(arguments.get(name), ()):
            return True
        if kind == "attribute" and first is not None and _holds_staged(first, (name,)) and backend_for(first) is None:
            return True
    return False


def _holds_staged(value: Any, names: tuple) -> bool:
    """Whether ``value`` is a staged value, or an object whose attributes among ``names`` (those the getter reads) hold
    one (directly, or as an item of a list, tuple or dict), in its dict or its ``__slots__``: what a getter given it
    may ask ``type()`` of. Runs no code of the program's."""
    if backend_for(value) is not None:
        return True
    if not names:
        return False
    try:
        attributes = instance_dict(value) or {}
    except Exception:  # noqa: BLE001  (an object whose state cannot be read plainly: nothing known to be staged)
        attributes = {}
    for name in names:
        if name in attributes:
            item = attributes[name]
        else:
            slot = class_attribute(type(value), name)
            if type(slot) is not types.MemberDescriptorType:
                continue
            try:
                item = slot.__get__(value, type(value))  # (a slot's C descriptor: no code of the program's)
            except AttributeError:  # (not set)
                continue
        if backend_for(item) is not None:
            return True
        if type(item) in (list, tuple) and any(backend_for(x) is not None for x in item):
            return True
        if type(item) is dict and any(backend_for(x) is not None for x in list(item.values())):
            return True
    return False


def _property_look(function: Callable) -> dict:
    """The getters (by their code) of the properties ``function`` may read that test ``type()`` of anything but
    ``self``, and the special methods Python calls without a name (``__getitem__``, ``__len__``, ``__eq__``, ...) of
    the classes it names that do: each with ``_property_type_test``'s answer. Made once per code of a function."""
    function = getattr(function, "__func__", function)
    code = getattr(function, "__code__", None)
    globals_ = getattr(function, "__globals__", None)
    if type(code) is not types.CodeType or type(globals_) is not dict:
        return {}
    return _per_code(_LOOKS, code, lambda: _getters_reached(code, globals_))


def _getters_reached(code: types.CodeType, globals_: dict) -> dict:
    """``_property_look``'s answer for ``code``, made afresh."""
    names: set[str] = set()
    classes: dict[int, type] = {}
    _reached(code, globals_, _CALL_DEPTH, names, classes, set())
    getters: dict = {}
    for cls in classes.values():
        implicit = [_dunder(cls, name) for name in _IMPLICIT_DUNDERS]
        for getter in [_getter(class_attribute(cls, name)) for name in names] + implicit:
            if getter is None or getter.__code__ in getters:
                continue
            found = _property_type_test(getter)
            if found is not None:
                getters[getter.__code__] = found
    return getters


def _reached(code: types.CodeType, globals_: dict, depth: int, names: set, classes: dict, seen: set) -> None:
    """Gather the names ``code`` (its nested code included) reads, and the program's classes it names, going into
    the program's functions and classes' methods it names, ``depth`` calls deep."""
    if id(code) in seen:
        return
    seen.add(id(code))
    for inner in _codes_in(code):
        names.update(inner.co_names)
        if depth == 0:
            continue
        for name in inner.co_names:
            value = globals_.get(name)
            if isinstance(value, types.FunctionType) and not installed_library(value.__code__.co_filename):
                _reached(value.__code__, value.__globals__, depth - 1, names, classes, seen)
            elif isinstance(value, type) and _programs_class(value):
                classes[id(value)] = value
                for method in list(vars(value).values()):
                    method = getattr(method, "__func__", method)
                    if isinstance(method, types.FunctionType):
                        _reached(method.__code__, method.__globals__, depth - 1, names, classes, seen)


def _codes_in(code: types.CodeType) -> Iterator[types.CodeType]:
    """``code`` and the code objects nested in it (its blocks, lambdas, comprehensions)."""
    stack = [code]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(c for c in current.co_consts if type(c) is types.CodeType)


def _programs_class(cls: type) -> bool:
    """Whether ``cls`` is a class of the program's (not a builtin's or an installed library's)."""
    module = class_module(cls)
    return module is not None and module is not builtins and not library_module(module)


# The methods Python calls for an object without a name in the code that reads it (`obj[i]`, `len(obj)`, `x in obj`,
# `obj == other`, `hash(obj)`, `str(obj)`), which need make no node to answer: watched as getters are.
_IMPLICIT_DUNDERS = ("__getitem__", "__len__", "__contains__", "__eq__", "__ne__", "__hash__", "__bool__", "__str__",
                     "__repr__", "__format__", "__index__", "__int__", "__float__", "__getattr__")


def _dunder(cls: type, name: str) -> Optional[types.FunctionType]:
    """The Python function ``cls`` runs for the special method ``name``, or None (a library's is left out by
    ``_property_type_test``, as a library's getter is)."""
    method = class_attribute(cls, name)
    return method if isinstance(method, types.FunctionType) else None


def _getter(attribute: Any) -> Optional[types.FunctionType]:
    """The Python function a property (or ``functools.cached_property``) runs, or None."""
    if isinstance(attribute, property):
        getter = attribute.fget
    elif isinstance(attribute, functools.cached_property):
        getter = attribute.func
    else:
        return None
    return getter if isinstance(getter, types.FunctionType) else None


def _property_type_test(getter: types.FunctionType) -> Optional[tuple]:
    """(the code holding it, its line, what it tests the type of) for the first type test a getter asks (not of
    ``self``), in its own code or ``_CALL_DEPTH`` calls deep; None where there is none. What: a set of ``_subject``s
    for the getter's own tests, None for a test in code it calls (anything the getter reads may reach it)."""
    code = getter.__code__
    if is_converted_code(code) or installed_library(code.co_filename):
        return None
    found = [(line, subject) for line, loads in _type_tests(code) if (subject := _subject(code, loads)) is not None]
    if found:
        return code, found[0][0], frozenset(subject for _, subject in found)
    for name in code.co_names:
        for function in _functions_run(getter.__globals__.get(name)):
            reached = _type_test_reached(function.__code__, function.__globals__, _CALL_DEPTH - 1, {id(code)})
            if reached is not None:
                return reached[0], reached[1], None
    return None
