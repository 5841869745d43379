"""The traceback of an exception raised through converted code shows the user's frames only.

Converted code runs parts of a function in frames Python would not have: the runtime helpers that
call user code for it (``ag__.setitem`` storing an item, ``ag__.and_`` calling an operand's thunk,
``ag__.builtin`` calling ``len``) and the generated closures (an ``if`` block, a loop body, the thunk
``lambda: b``), which carry the user's function name and line numbers. Code that reads a traceback
(``traceback.extract_tb``, ``inspect.getinnerframes``, pyparsing's ``ParseException.explain``) would
see them. So where an exception passes through a helper, the helper re-raises it with ``user_frames``
of its traceback: the helpers' entries dropped, and each generated closure's entry folded into the
entry of the frame that called it (the user's function, or a closure folded already), which then
shows the closure's line: one entry per frame of the original, at the original's line. (A thunk
right below the helper has no such entry yet: it is dropped, and the entry its caller gets names
the line of the expression.) A block whose exception reaches its handler without passing a helper
keeps its entry (named after the function, at its own line): nothing in between can rewrite the
traceback (docs/limitations.md). Converted ``except`` clauses do not tidy what they catch: code that
raises and catches often (pyparsing does at every failed match) would pay for it each time.

Each helper re-raises with a bare ``raise``, which (unlike ``raise error``) adds no entry for the
frame it runs in; the ``try`` costs nothing in CPython 3.11 until something raises. An exception
that passes several helpers is tidied once per helper, each time only the entries added since. A
folded entry has no instruction offset (``tb_lasti`` is -1), so a printed traceback names the line
without underlining a column range in it. ``AUTOGRAPH_TRACEBACK_FILTERING=off`` keeps every frame (as it
does for staging errors, runtime/staging.py).
"""

from __future__ import annotations

import dis
import os
import sys
import types
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (runtime/choice.py)
from typing import Callable, NoReturn, Optional

from runtime.undefined import (
    is_body_code,
    is_thunk_code,
    super_of_class_cell,
    super_without_arguments,
    zero_argument_super,
)

FILTERING_VARIABLE = "AUTOGRAPH_TRACEBACK_FILTERING"

# The exception being handled (sys.exception(), 3.11+; sys.exc_info()[1] before).
_handled = getattr(sys, "exception", None) or (lambda: sys.exc_info()[1])


def traceback_filtering() -> bool:
    """Whether tracebacks show only the user's frames (the default; ``AUTOGRAPH_TRACEBACK_FILTERING=off``
    shows every frame, for debugging autograph itself). Read when an exception passes, not at import."""
    return os.environ.get(FILTERING_VARIABLE, "on").strip().lower() not in ("off", "0", "false", "no")


# os.environ's own dict and the variable's key in it: `key not in _ENVIRON` answers the usual case
# (the variable unset) without os.environ.get, which raises and catches a KeyError inside (about as
# dear as the rest of user_frames). Where os.environ has no such dict, traceback_filtering() decides.
_ENVIRON = getattr(os.environ, "_data", None)
_KEY = os.environ.encodekey(FILTERING_VARIABLE) if hasattr(os.environ, "encodekey") else None


def _filtering() -> bool:
    if _ENVIRON is not None and _KEY is not None and _KEY not in _ENVIRON:
        return True
    return traceback_filtering()


# The ids of the code objects of the runtime helpers whose frames a traceback leaves out (module
# functions: they live as long as the process; an id, because hashing a code object is slow).
HIDDEN_CODES: set[int] = set()


def hide_frames_of(*functions: Callable) -> None:
    """Leave the frames of ``functions`` (runtime helpers that call user code) out of tracebacks."""
    for function in functions:
        HIDDEN_CODES.add(id(function.__code__))


# The zero-argument super() helpers raise super()'s own errors where the user's call stands (runtime.undefined
# sits below this module, so they are named here).
hide_frames_of(super_without_arguments, zero_argument_super, super_of_class_cell)


class _Tidying:
    """``with ag__.tidying:`` around the converted form's whole body (autograph/forms.py): the exception
    leaving a converted function carries an entry for each frame the original would have, its blocks'
    entries folded into the function's.

    A ``with`` statement, not ``try: ... except: ag__.tidy(); raise``: the ``with``'s own re-raise puts the
    frame's last instruction back where the exception was raised (``RERAISE`` restores ``f_lasti``), where an
    ``except`` clause's leaves it on the clause's ``raise``. So a line tracer sees the frame's ``return`` event
    at the raising line, and a traceback rebuilt from the frame (``TracebackType(next, frame, frame.f_lasti,
    line)``, as JAX's filtered tracebacks are) names the raising line, as for the original (an ``except`` named
    the function's first statement). A tidying that fails (out of recursion or memory) leaves the traceback as
    it is, rather than raising in place of the exception. The price: a call of ``__exit__`` as the converted
    form returns."""

    __slots__ = ()
    __enter__ = staticmethod(tuple)  # (a C call: entering needs nothing)

    @staticmethod  # (found unbound: no method object made per call, half the cost of a method's)
    def __exit__(kind: Optional[type], error: Optional[BaseException], tb: Optional[types.TracebackType]) -> None:
        if error is not None:
            try:
                error.__traceback__ = user_frames(error.__traceback__, error)
            except Exception:  # noqa: BLE001  (RecursionError, MemoryError: the exception leaves untidied)
                pass


tidying = _Tidying()


def reraise() -> NoReturn:
    """A bare ``raise`` in a block of the converted form whose exception leaves the block (``ag__.reraise()``:
    the handler is the function's, or an outer block's). Python's bare ``raise`` adds no traceback entry; the
    block's does, for the frames between the block and the handler's frame, as the exception leaves the block:
    so this raises the exception being handled here, and ``user_frames`` takes this frame's entry as the mark of
    a bare re-raise, dropping the entries the blocks added. With no exception being handled, Python's
    ``RuntimeError``, which has an entry at the ``raise``, as Python's has."""
    error = _handled()
    if error is None:
        raise RuntimeError("No active exception to reraise")
    raise error


hide_frames_of(reraise)  # (its RuntimeError's entry; its re-raise's is the mark below)
# The instruction of ``reraise``'s re-raise (its last raise): an entry of ``reraise`` there marks a bare re-raise.
_RERAISE_CODE = reraise.__code__
_RERAISE_AT = max(i.offset for i in dis.get_instructions(_RERAISE_CODE) if i.opname == "RAISE_VARARGS")


def fold_blocks_into_handler(error: BaseException) -> None:
    """At the top of a converted ``except`` clause (``ag__.reraise_limitation``): where the exception left blocks
    of the handler's own function on its way here (``try: if ok: g()`` has the ``if``'s block between the
    function's entry and ``g``'s), their entries folded into the function's, as ``tidying`` folds them as the
    exception leaves the function: the handler sees the original's traceback (simpy's ``Process._resume``
    drops its own entry, ``e.__traceback__ = e.__traceback__.tb_next``, and expects the raising generator's
    next). Only looked at where the entry after the head is a block its frame called (a few attribute reads
    per catch otherwise: pyparsing catches at every level of a parse)."""
    try:
        tb = error.__traceback__
        following = None if tb is None else tb.tb_next
        if following is None or following.tb_frame.f_back is not tb.tb_frame or not is_body_code(
                following.tb_frame.f_code):
            return
        error.__traceback__ = user_frames(tb, error)
    except Exception:  # noqa: BLE001  (RecursionError, MemoryError: the handler sees it untidied)
        pass


def strip(error: BaseException) -> None:
    """In a helper's ``except`` clause, before a bare ``raise``: ``error``'s traceback as the user's."""
    error.__traceback__ = user_frames(error.__traceback__, error)


# The heads of the tracebacks ``user_frames`` made, by id. An exception that passes many helpers and converted
# handlers (pyparsing re-raises its ParseException at every level of a parse) is tidied each time: only the
# entries added in front of such a head are looked at. Not an attribute of the exception: that would show in its
# ``__dict__`` and make it unpicklable (a traceback cannot be pickled); not a strong reference either: a traceback
# keeps its frames' locals alive; and neither a traceback nor a frame takes a weak reference.
#
# So an id can outlive its traceback, and the allocator hands a freed traceback's and frame's memory to the next
# ones: the same call raising again at the same line gets a head with the same ids. Taken for tidied, its helpers'
# frames would stay (``ag__.managed.__exit__`` under a ``with`` whose ``__exit__``, then ``__enter__``, raised). So a
# head is known by its own frame, code and instruction and by its next entry's, read from the live objects: the
# entries that tidying takes out (helpers' frames, blocks') stand right after the entry of the frame that called them.
_TIDIED: dict[int, tuple] = {}
_TIDIED_LIMIT = 512


def _signature(tb: types.TracebackType) -> tuple:
    """What tells ``tb`` from a later traceback at its address: its frame, code, instruction and line, and those
    of its next entry."""
    frame, following = tb.tb_frame, tb.tb_next
    head = (id(frame), id(frame.f_code), tb.tb_lasti, tb.tb_lineno)
    if following is None:
        return head
    after = following.tb_frame
    return head + (id(following), id(after), id(after.f_code), following.tb_lasti)


def _tidied(tb: types.TracebackType) -> bool:
    known = _TIDIED.get(id(tb))
    return known is not None and known == _signature(tb)


def _remember(tb: types.TracebackType) -> None:
    if len(_TIDIED) >= _TIDIED_LIMIT:
        try:
            del _TIDIED[next(iter(_TIDIED))]  # the oldest
        except (KeyError, RuntimeError, StopIteration):  # another thread's tidying changed the dict meanwhile
            pass
    _TIDIED[id(tb)] = _signature(tb)


def user_frames(tb: Optional[types.TracebackType], error: Optional[BaseException] = None
                ) -> Optional[types.TracebackType]:
    """``tb`` without the helpers' entries, each generated closure's entry folded into its caller's;
    ``tb`` itself when it has neither, or when filtering is off. A part tidied before (by another
    helper the exception passed) is taken as it is. ``error`` is the exception ``tb`` belongs to."""
    head = tb
    # (frame, lasti, lineno or -1: computed from lasti when asked, as for the entries Python makes)
    entries: list[tuple[types.FrameType, int, int]] = []
    # Each entry's own traceback object where it is kept as it is (None: made anew), so that the entries after the
    # last change stay the objects they were: a traceback handed to ``raise e.with_traceback(tb)`` is the
    # program's (six.reraise's test asks for `tb is tb2.tb_next.tb_next`).
    originals: list[Optional[types.TracebackType]] = []
    chain: list[types.FrameType] = []  # the frames of the last entry: its own, then those of the blocks folded in
    changed = False
    caller = None  # the frame of the entry before this one (each entry's frame called the next one's...)
    caller_raised = False  # whether that entry's instruction is a raise (not the call of this entry's frame)
    reraised: Optional[tuple[tuple[types.FrameType, int, int], list[types.FrameType]]] = None
    resumed_tidied = False
    while tb is not None:
        if reraised is not None:
            # The entry after a block's bare re-raise (``reraise``) is the head of the traceback the exception
            # had when it was handled. Where its frame is the function's or one of the blocks that led to the
            # re-raise, the function's one entry is that one (at its line), as for Python's bare `raise`,
            # which adds none; anywhere else (no handler in the function: it re-raised its caller's), the
            # function has no entry at all.
            (frame, _, _), frames = reraised
            reraised = None
            if tb.tb_frame in frames:
                own = tb.tb_frame is frame
                entries.append((frame, tb.tb_lasti if own else -1, -1 if own else tb.tb_lineno))
                originals.append(None)
                chain = frames[:frames.index(tb.tb_frame) + 1]
                caller, caller_raised = tb.tb_frame, _raises(tb)
                if _tidied(tb):  # the rest was tidied before: taken as it is
                    tb, resumed_tidied = tb.tb_next, True
                    break
                tb = tb.tb_next
                continue
        if _tidied(tb):
            break
        code = tb.tb_frame.f_code
        if code is _RERAISE_CODE and tb.tb_lasti == _RERAISE_AT:
            changed = True
            if entries:
                originals.pop()
                reraised = (entries.pop(), chain)
        elif id(code) in HIDDEN_CODES:
            changed = True
        elif entries and is_body_code(code) and tb.tb_frame.f_back is caller and not caller_raised:
            # (... except where an exception raised again brings the entries of its first raise: a block
            # that ran before is no call of the frame above it, and keeps its entry, named after the
            # function, as the original's frame has one entry per raise. Its frame's f_back outlives it: the
            # entry above it raising, `raise err` of an error a loop's block caught, tells it from a call.)
            changed = True
            entries[-1] = (entries[-1][0], -1, tb.tb_lineno)
            originals[-1] = None
            chain.append(tb.tb_frame)
        elif is_thunk_code(code):
            # A thunk the helper called: its caller's entry, added as the exception leaves the
            # helper, already names the line of the expression the thunk is part of.
            changed = True
        else:
            entries.append((tb.tb_frame, tb.tb_lasti, -1))
            originals.append(tb)
            chain = [tb.tb_frame]
        caller, caller_raised = tb.tb_frame, _raises(tb)
        tb = tb.tb_next
    if tb is not None and not resumed_tidied and entries and is_body_code(tb.tb_frame.f_code) and (
            tb.tb_frame.f_back is caller and not caller_raised):
        # The tidied part starts with a block whose caller had no entry then: it has one now.
        changed = True
        entries[-1] = (entries[-1][0], -1, tb.tb_lineno)
        originals[-1] = None
        tb = tb.tb_next
    if not changed or not _filtering():
        return head
    kept = len(entries)  # (the entries after the last change, each still followed by the next: kept as they are)
    while kept and originals[kept - 1] is not None and originals[kept - 1].tb_next is tb:
        kept -= 1
        tb = originals[kept]
    result = _rebuilt(entries[:kept], tb)
    if result is not None:
        _remember(result)
    return result


_RAISES = frozenset({dis.opmap["RAISE_VARARGS"], dis.opmap["RERAISE"]})


def _raises(tb: types.TracebackType) -> bool:
    """Whether the instruction of ``tb``'s entry is a ``raise`` (its frame raised there, rather than called)."""
    code, lasti = tb.tb_frame.f_code.co_code, tb.tb_lasti
    return 0 <= lasti < len(code) and code[lasti] in _RAISES


def _rebuilt(entries: list[tuple[types.FrameType, int, int]],
             rest: Optional[types.TracebackType]) -> Optional[types.TracebackType]:
    result = rest
    for frame, lasti, lineno in reversed(entries):
        if lineno == -1 and _LINE_GIVEN:
            lineno = _line_at(frame.f_code, lasti)
        result = types.TracebackType(result, frame, lasti, lineno)
    return result


# Python 3.10 keeps the line a traceback entry is made with (3.11+ computes it from the instruction, given -1).
_LINE_GIVEN = sys.version_info < (3, 11)


def _line_at(code: types.CodeType, lasti: int) -> int:
    """The line of the instruction at byte offset ``lasti`` of ``code`` (3.10's ``tb_lineno`` for it)."""
    for start, end, line in code.co_lines():
        if start <= lasti < end:
            return -1 if line is None else line
    return -1
