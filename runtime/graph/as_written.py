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
"""

from __future__ import annotations

import builtins
import dis
import functools
import types
import weakref
from typing import Any, Optional

from runtime.limits import NotStageable
from runtime.staging import format_site, installed_library, qualified_name
from runtime.undefined import is_converted_code

# Code objects checked, by id, with a weak reference that drops the entry when the code goes: their verdict, the
# line of the first type test (None: none).
_VERDICTS: dict[int, tuple[Optional[int], Any]] = {}
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
    written that tests the ``type()`` of a value; nothing for converted code or a library's. One dict look-up for
    code seen before."""
    code = frame.f_code
    entry = _VERDICTS.get(id(code))
    if entry is None or entry[1]() is not code:
        # (the entry goes with the code, by a C callback: runtime/calls.py's _watch says why)
        entry = _VERDICTS[id(code)] = (_first_type_test(code), weakref.ref(code, functools.partial(_VERDICTS.pop,
                                                                                                   id(code))))
    line = entry[0]
    if line is None or frame.f_globals.get("type", frame.f_builtins.get("type")) is not builtins.type:
        return
    name = qualified_name(code)
    raise NotStageable(
        f"{format_site(code.co_filename, line)}: {name} runs as written (Python calls it for converted code: an "
        "operator such as `a + b` calls __add__, a property, a callback a library calls; or it is marked "
        "do_not_convert) and tests the type() of a value, while it computes with a graph tensor. type() of a "
        "traced value is the graph's Tensor, where eager NumPy's is np.ndarray or a NumPy scalar type, so the "
        f"test could answer otherwise than eager code does. Decorate {name} with @autograph.convert (converted "
        "code answers type() as NumPy does), or test with isinstance(), which answers as NumPy does")


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
