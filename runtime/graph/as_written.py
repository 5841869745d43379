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
(CommPy's ``GF.__add__`` making ``GF(...)``: an ``AttributeError`` before). A property, or a method called on an
object, is not looked into (docs/limitations.md).
"""

from __future__ import annotations

import builtins
import dis
import functools
import types
import weakref
from typing import Any, Optional

from runtime.class_lookup import class_attribute
from runtime.limits import NotStageable
from runtime.staging import format_site, installed_library, qualified_name
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
    entry = _VERDICTS.get(id(code))
    if entry is None or entry[1]() is not code:
        # (the entry goes with the code, by a C callback: runtime/calls.py's _watch says why)
        verdict = _type_test_reached(code, frame.f_globals, _CALL_DEPTH, set())
        entry = _VERDICTS[id(code)] = (verdict, weakref.ref(code, functools.partial(_VERDICTS.pop, id(code))))
    if entry[0] is None:
        return
    tester, line, globals_ = entry[0]
    if globals_.get("type", frame.f_builtins.get("type")) is not builtins.type:
        return
    if tester is not code and not _called_by_converted_code(frame):
        return  # (the program's own code around the traced call, making its inputs: what it names runs outside)
    name = qualified_name(tester)
    called = "" if tester is code else f", called from {qualified_name(code)} (which runs as written too)"
    raise NotStageable(
        f"{format_site(tester.co_filename, line)}: {name} runs as written{called} (Python calls it for converted code: "
        "an operator such as `a + b` calls __add__, a property, a callback a library calls; or it is marked "
        "do_not_convert) and tests the type() of a value, while it computes with a graph tensor. type() of a "
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
    if is_converted_code(code) or installed_library(code.co_filename):
        return None
    if "type" not in code.co_names:
        return None
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
            return line if line is not None else code.co_firstlineno
    return None
