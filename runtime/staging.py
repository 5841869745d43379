"""What every staging backend shares: one error type, the user's location, the converter's names.

    raise staging_error(f"{describe(state.names[0])} is float32 in the if branch but int32 ...")
    # StagingError: model.py:12: the return value is float32 in the if branch but int32 ...

Errors point at the innermost frame of the user's program: converted code is compiled with the
user's file name and line numbers, so a frame of a generated closure is the user's own line.
"""

from __future__ import annotations

import dis
import os
import sys
import sysconfig
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (runtime/choice.py)
from sys import _getframe  # (bound at import: a program may delete or replace sys._getframe)
from typing import Any, Optional

import numpy as np

from runtime import limits
from runtime.limits import AutographError, Limitation, NotStageable  # noqa: F401  (NotStageable: staging's API too)
from runtime.state_roles import BreakFlagName, ReturnFlagName, is_return_flag, is_return_value  # noqa: F401  (staging's API too)
from runtime.tracebacks import FILTERING_VARIABLE, traceback_filtering  # noqa: F401  (staging's API too)
from runtime.undefined import Undefined, is_converted_code


class StagingError(ValueError, Limitation):
    """A program Python could run but a graph (or JAX) cannot hold: types that differ between
    branches or iterations, a variable defined on one path only, and the like."""


def has_no_value(name: str, value: Any) -> bool:
    """A carried variable the program has not set yet: an ``Undefined``, or the return value still at
    the ``None`` the converter starts it at (``retval_ = None``, where a path may fall off the end). The
    converter declares which name is the return value (runtime/state_roles.py)."""
    return isinstance(value, Undefined) or (value is None and is_return_value(name))


def raised_by_user_statement(error: BaseException) -> bool:
    """Whether ``error`` was raised by a ``raise`` statement of converted user code (the innermost
    frame of its traceback is one, stopped at RAISE_VARARGS), not by a call that failed: what a
    staging backend turns into a run-time check instead of raising it while tracing."""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None or not is_converted_code(tb.tb_frame.f_code):
        return False
    return dis.opname[tb.tb_frame.f_code.co_code[tb.tb_lasti]] == "RAISE_VARARGS"


# NumPy's and Python's errors of values and shapes (a broadcast, an index out of bounds, a reshape, an axis, a
# singular or non-square matrix, a missing key): what NumPy raises from an array's shape while a branch is traced
# is what it raises on the runs that take the branch.
_VALUE_ERRORS = (ArithmeticError, LookupError, ValueError)


def raised_in_branch_code(error: BaseException) -> bool:
    """Whether a staged branch should raise ``error`` when it runs, rather than the trace raise it now: the user's
    ``raise`` (``raised_by_user_statement``), Python's own error from an operation of the user's statement on
    plain values (``d["missing"]``, ``[1, 2][5]``, ``1 / 0``, ``2.5 & 1.0``: the innermost frame of its traceback
    is converted code; ``np.NAN``: a module's ``__getattr__`` called from it), Python's TypeError for numbers the
    graph computes (``2.5 & n``, marked ``from_types``), or an error of values and shapes from NumPy or the graph
    (``x + np.zeros(5)`` of a 3-element ``x``, ``x[10]``, ``np.reshape(x, (2, 2))``, ``np.linalg.inv`` of a
    non-square matrix) that its class can raise again from the message. Eager code raises any of them only on the
    runs that take the branch; raised while tracing, a program could catch it on a run that does not, and go on
    with another answer. Not a refusal of ours (``Limitation``: what a graph cannot do says so while tracing), a
    recursion error, or a name read unbound (the staging explains that one by name).

    A ``StopIteration`` (or ``StopAsyncIteration``) is refused outright (``NotStageable``): raised in a ``__next__``
    it ends the caller's iteration on the runs that take the branch, which no check at run time can do; raised while
    tracing, it would end the iteration on every run."""
    if isinstance(error, (StopIteration, StopAsyncIteration)):
        raise NotStageable(
            f"{raise_site(error)}: `raise {type(error).__name__}` under an `if` (or in a loop) on a traced value: "
            "it would end the iteration that called this `__next__` (a `for` over the iterator, `next()`) on the "
            "runs that take that path, which a graph cannot do. Decide the end of the iteration with Python values "
            "(a count of steps), or write the loop as a `while` over the traced condition") from error
    if isinstance(error, (RecursionError, Limitation)):
        return False
    if raised_by_user_statement(error) or getattr(error, "from_types", False):  # (2.5 & n: runtime/graph/tensor.py)
        return True  # (any class the user raises: `raise NameError("Normal must be nonzero!")` in trimesh's code)
    if isinstance(error, NameError):
        return False
    tb, caller = error.__traceback__, None
    while tb is not None and tb.tb_next is not None:
        tb, caller = tb.tb_next, tb
    if tb is not None and is_converted_code(tb.tb_frame.f_code):
        return True
    if (isinstance(error, AttributeError) and tb is not None and tb.tb_frame.f_code.co_name == "__getattr__"
            and caller is not None and is_converted_code(caller.tb_frame.f_code) and _raised_again(error)):
        return True  # (`np.NAN`, gone in NumPy 2: a module's __getattr__ (PEP 562) answering the user's attribute read)
    return isinstance(error, _VALUE_ERRORS) and _raised_again(error)


def raised_message(error: BaseException) -> str:
    """The message a staged raise of ``error`` raises again with (runtime/graph/control_flow.py, ``_stage_raise``)."""
    return str(error.args[0]) if len(error.args) == 1 else str(error)


def _raised_again(error: BaseException) -> bool:
    """Whether ``error``'s class makes an equal error from its message alone (a staged raise makes it so)."""
    try:
        again = type(error)(raised_message(error))
    except Exception:  # (UnicodeDecodeError takes five arguments)
        return False
    return str(again) == str(error)


def innermost_user_site(error: BaseException) -> str:
    """The user's innermost line in ``error``'s traceback (where it was raised, or the call that raised it), else
    the user's line now."""
    tb, site = error.__traceback__, None
    while tb is not None:
        if not is_machinery(tb.tb_frame.f_code.co_filename):
            site = (tb.tb_frame.f_code.co_filename, tb.tb_lineno)
        tb = tb.tb_next
    return format_site(*site) if site else user_location()


def untraceable_block(error: BaseException, what: str) -> NotStageable:
    """The refusal of a block that a graph traces whether or not it runs (``what``: a branch of a staged
    ``if``, the body of a staged loop) and NumPy refuses for the dtypes it is traced with (``error``, raised
    working out an op's result type: runtime/graph/ops.py, ``refused_dtypes``). Eager code raises NumPy's
    error only if the block runs, and a program may catch it and go on: a refusal, which no handler of the
    program takes (runtime/limits.py), says so instead."""
    where = innermost_user_site(error)  # the user's innermost line in the traceback: where NumPy was called
    return NotStageable(
        f"{where}: NumPy refuses the dtypes this is traced with ({type(error).__name__}: {error}), in {what}, which "
        "a graph traces whether or not it runs; eager code raises this only when it runs. Cast the values to dtypes "
        "the operation is defined for (np.real(x), x.astype(np.float64)), or decide on the dtype in Python before "
        "the statement (if np.iscomplexobj(x): ...), which the graph settles while tracing.")


def describe(name: str, path: str = "") -> str:
    """'y', 'y[0]', the return value (or the loop's break flag), or a description given as ``<...>``:
    users never see the names the converter made up (``retval_``, ``break_``)."""
    if name.startswith("<"):
        return name[1:-1] + path
    if is_return_value(name):
        return "the return value" + (f" (item {path})" if path else "")
    if isinstance(name, BreakFlagName):
        return "the loop's break flag"
    if isinstance(name, ReturnFlagName):
        return "whether the function returned"
    return f"'{name}{path}'"


# The runtime's and the converter's own directories (each ending in a separator, for ``str.startswith``).
OWN_DIRS = tuple(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), name, "")
                 for name in ("runtime", "autograph"))


def machinery_dirs() -> tuple[str, ...]:
    """Directories whose frames are machinery, not the user's program (JAX's only once imported)."""
    dirs = [os.path.dirname(np.__file__), sysconfig.get_paths()["stdlib"]]
    for module in ("jax", "jaxlib"):
        if getattr(sys.modules.get(module), "__file__", None):
            dirs.append(os.path.dirname(os.path.abspath(sys.modules[module].__file__)))
    return OWN_DIRS + tuple(os.path.join(d, "") for d in dirs)


# co_filename -> whether its frames are machinery. Tracing asks for every graph node (see
# ``user_site``), so the answer is one dict look-up per frame; it is recomputed once JAX arrives.
_machinery_files: dict[str, bool] = {}
_machinery_key: list = [None]


def is_machinery(filename: str) -> bool:
    key = sys.modules.get("jax") is not None
    if key is not _machinery_key[0]:
        _machinery_key[0] = key
        _machinery_files.clear()
    known = _machinery_files.get(filename)
    if known is None:
        known = _machinery_files[filename] = os.path.abspath(filename).startswith(machinery_dirs())
    return known


def user_frame() -> Any:
    """The innermost frame that belongs to the user's program, or None: cheap enough for every graph node made
    while tracing (a dict look-up per frame), where the builder records its site and checks its code
    (runtime/graph/as_written.py)."""
    if (sys.modules.get("jax") is not None) is not _machinery_key[0]:
        is_machinery("")  # JAX arrived: forget the answers given before
    known = _machinery_files
    frame = _getframe(1)
    while frame is not None:
        filename = frame.f_code.co_filename
        machinery = known.get(filename)
        if machinery is None:
            machinery = is_machinery(filename)
        if not machinery:
            return frame
        frame = frame.f_back
    return None


def user_site() -> Optional[tuple[str, int]]:
    """``(filename, line)`` of the user's innermost frame (``user_frame``), or None; ``format_site`` turns it
    into text."""
    frame = user_frame()
    return None if frame is None else (frame.f_code.co_filename, frame.f_lineno)


def format_site(filename: str, line: int) -> str:
    """``file:line``, or IPython's ``Cell In[12], line 3`` for a notebook cell.

    A Jupyter kernel compiles each cell under a temporary file name (``/tmp/ipykernel_<pid>/<hash>.py``,
    never written to disk) and a terminal IPython under ``<ipython-input-12-...>``; IPython's compiler
    remembers which execution count each name had (``shell.compile.format_code_name``), which is how its
    own tracebacks say ``Cell In[12]``. Asked only when a message is made, never while tracing."""
    cell = cell_name(filename)
    return f"{cell}, line {line}" if cell else f"{filename}:{line}"


def cell_name(filename: str) -> Optional[str]:
    """``Cell In[12]`` for the file a running IPython compiled cell 12 under, else None (any other file)."""
    ipython = sys.modules.get("IPython")
    get_ipython = getattr(ipython, "get_ipython", None)
    if get_ipython is None:
        return None
    try:
        named = get_ipython().compile.format_code_name(filename)
    except Exception:  # no shell running, or a shell whose compiler does not name cells
        return None
    return f"{named[0]} {named[1]}" if named else None


def raise_site(error: BaseException) -> str:
    """Where ``error`` was raised, the innermost frame of its traceback, as ``format_site`` names it: what a staged
    ``raise`` (or a block that raised while traced, now a check) says it was staged at."""
    tb = error.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    return format_site(tb.tb_frame.f_code.co_filename, tb.tb_lineno)


def user_location() -> str:
    """``file:line`` (or ``Cell In[n], line k``) of the innermost frame of the user's program. When that frame
    is an installed library's (SciPy calling ``np.result_type`` on a tensor the user passed it), the user's own
    call of the library comes first, the library's line after it: ``prog.py:12 (inside
    scipy.stats._stats_py.linregress, .../scipy/stats/_stats_py.py:10534)``, and the function called where the
    refusal is a helper's deep in it: ``prog.py:2 (inside scipy.stats._stats_py.pearsonr, in
    scipy._lib._array_api._asarray, .../scipy/_lib/_array_api.py:106)``."""
    frame = user_frame()
    if frame is None:
        return "<unknown>"
    site = format_site(frame.f_code.co_filename, frame.f_lineno)
    if not installed_library(frame.f_code.co_filename):
        return site
    caller, library_frames = frame.f_back, [frame]
    while caller is not None and (installed_library(caller.f_code.co_filename)
                                  or is_machinery(caller.f_code.co_filename)):
        if installed_library(caller.f_code.co_filename):
            library_frames.append(caller)
        caller = caller.f_back
    if caller is None:
        return site
    library = _qualified(frame)
    # Also the library function the user called (scipy.stats.pearsonr), not only the helper deep in it that refused:
    # the outermost library frame that is not a decorator's wrapper (which may convert arguments before the
    # function it wraps has a frame: then the helper alone).
    called = next((f for f in reversed(library_frames) if f.f_code.co_name not in _WRAPPER_NAMES
                   and not f.f_code.co_name.endswith("_wrapper")), frame)
    if called is not frame:
        library = f"{_qualified(called)}, in {library}"
    return f"{format_site(caller.f_code.co_filename, caller.f_lineno)} (inside {library}, {site})"


_WRAPPER_NAMES = frozenset({"wrapper", "inner", "wrapped", "_wrapper", "decorated", "decorator", "newfunc", "__call__"})


def _qualified(frame: Any) -> str:
    return f"{frame.f_globals.get('__name__', '?')}.{frame.f_code.co_name}"


def site_first_without_notes(message: str, where: str) -> str:
    """The runtime's own message (never the user's) for an error ``where`` staged: as it is where exceptions take notes
    (Python 3.11+: a note names the site), with ``where: `` before it on Python 3.10, which has none."""
    return f"{where}: {message}" if where and not hasattr(BaseException, "add_note") else message


def qualified_name(code: Any) -> str:
    """The qualified name of the function ``code`` is the code of (``Clip.__add__``, ``f.<locals>.g``), for an error
    message. Python 3.11+ keeps it on the code (``co_qualname``); on 3.10 it is found on a function that runs
    ``code`` (an error path: the garbage collector's referrers are asked), else the bare name."""
    name = getattr(code, "co_qualname", None)
    if name is not None:
        return name
    import gc  # (Python 3.10 only)
    import types

    for referrer in gc.get_referrers(code):
        if isinstance(referrer, types.FunctionType) and referrer.__code__ is code:
            return referrer.__qualname__
    return code.co_name


limits.locate[0] = user_location  # (NotStageable's messages start with it: runtime/limits.py)


def installed_library(filename: str) -> bool:
    """Whether ``filename`` is a module installed with pip (SciPy, ...), not the user's program."""
    return "site-packages" in filename or "dist-packages" in filename


def class_module(cls: type) -> Any:
    """The imported module that ``cls``'s own ``__module__`` entry names, or None (a metaclass may present another
    ``__module__``, as lazy-object-proxy's do: the class's own entry is where Python put the defining module's name)."""
    name = vars(cls).get("__module__")
    return sys.modules.get(name) if type(name) is str else None


def library_module(module: Any) -> bool:
    """Whether ``module`` (None: not known) is an installed library's (``installed_library``)."""
    filename = getattr(module, "__file__", None)
    return isinstance(filename, str) and installed_library(filename)


# --- tracebacks without the library's own frames -------------------------------------------------

_HIDDEN_NOTE = (f"(autograph hid {{}} of its own frames from this traceback; set {FILTERING_VARIABLE}=off "
                "to see them)")


def _is_library_file(filename: str) -> bool:
    """autograph's and runtime's own files, and NumPy's, whose dispatch frames sit between a user's
    ``np.sum(x)`` and our tensor: a user reading a staging error has nothing to do with any of them."""
    return is_machinery(filename) and not os.path.abspath(filename).startswith(_stdlib_dir())


def _stdlib_dir() -> str:
    return os.path.join(sysconfig.get_paths()["stdlib"], "")


def hide_library_frames(error: BaseException, named_elsewhere: bool = False) -> BaseException:
    """Relink ``error``'s traceback, in place, past the library's frames below its first entry, and
    say so once in a note. In place because the traceback's first entry (the frame the error is
    leaving) is kept: ``contextlib`` puts back the traceback object it was given, and the frames the
    error passes next are linked in front of that same object. A traceback that would keep no frame
    of the user's is left alone (an error of autograph's own is then shown whole), unless the error
    names the user's line some other way (``named_elsewhere``: the note of a graph's run-time error)."""
    head = error.__traceback__
    if head is None or not traceback_filtering():
        return error
    entries = []
    tb = head.tb_next
    while tb is not None:
        entries.append(tb)
        tb = tb.tb_next
    kept = [tb for tb in entries if not _is_library_file(tb.tb_frame.f_code.co_filename)]
    if (not kept and not named_elsewhere) or len(kept) == len(entries):
        return error
    for before, after in zip([head, *kept], [*kept, None]):
        before.tb_next = after
    count_hidden_frames(error, len(entries) - len(kept))
    return error


def count_hidden_frames(error: BaseException, more: int) -> None:
    """Say in ``error``'s note that ``more`` frames more were hidden. An error may pass several boundaries (a
    trace, then the Function call): one note, with the total."""
    before_now = getattr(error, "_autograph_frames_hidden", 0)
    hidden = before_now + more
    notes = getattr(error, "__notes__", [])
    if before_now and _HIDDEN_NOTE.format(before_now) in notes:
        notes.remove(_HIDDEN_NOTE.format(before_now))
    error._autograph_frames_hidden = hidden
    if hasattr(error, "add_note"):
        error.add_note(_HIDDEN_NOTE.format(hidden))


# The note JAX's traceback filtering adds to an exception that passes a jax.jit boundary: about JAX's frames,
# of no use on an error of ours that names the user's line (executor="jax"'s LoweringError).
_JAX_NOTE = "For simplicity, JAX has removed its internal frames"


def leave_library(error: BaseException) -> None:
    """At the outermost entry of the library (a ``Function``'s compiled call), for an error whose library frames
    autograph already hid: drop the entries of the library left at the head of its traceback too (the call's
    own, and the run's: a graph's run-time error names the user's line in its note), so that no library frame
    remains after a note says they were hidden. Where the head has no frame of the user's, the caller's line
    is all that Python shows."""
    if not getattr(error, "_autograph_frames_hidden", 0):
        return
    notes = getattr(error, "__notes__", None)
    if notes and isinstance(error, AutographError):
        notes[:] = [note for note in notes if _JAX_NOTE not in note]
    tb, dropped = error.__traceback__, 0
    while tb is not None and _is_library_file(tb.tb_frame.f_code.co_filename):
        tb, dropped = tb.tb_next, dropped + 1
    if dropped:
        error.__traceback__ = tb
        count_hidden_frames(error, dropped)


def count_staged_recursion(error: BaseException) -> None:
    """A RecursionError leaves a staged ``if`` (a branch being traced): count it on the error, with the ``if``'s
    line. Many of them mean a function that calls itself under an ``if`` on a tensor, which tracing cannot end
    (autograph/function.py ``staged_recursion_error`` says so). Near the recursion limit, the count may fail."""
    try:
        error._autograph_staged_ifs = getattr(error, "_autograph_staged_ifs", 0) + 1
        error._autograph_staged_if_site = user_site()
    except RecursionError:
        pass


def api_boundary(fn: Any) -> Any:
    """Decorate an entry point of the library: an error leaving it (a staging error, or the user's own
    raised while tracing) shows the user's frames only (see ``hide_library_frames``); the frame of the
    entry point itself stays, as one line. Free when nothing is raised."""
    import functools

    @functools.wraps(fn)
    def boundary(*args: Any, **kwargs: Any) -> Any:
        __tracebackhide__ = True  # noqa: F841  (IPython and pytest hide this frame)
        try:
            return fn(*args, **kwargs)
        except Exception as error:
            hide_library_frames(error)
            raise  # the same traceback object, relinked: nothing of this frame is added twice
    return boundary


def in_converted_code() -> bool:
    """Whether the user's innermost frame runs code the converter produced."""
    frame = user_frame()
    return frame is not None and is_converted_code(frame.f_code)


def staging_error(message: str) -> StagingError:
    return StagingError(f"{user_location()}: {message}")


def ambiguous_truth(what: str, size: int, shown: str, module: str = "np") -> ValueError:
    """The truth of an array of ``size`` elements (known while tracing, not 1) asked by a staged statement: NumPy's
    own ``ValueError``, which eager code raises for any values of that shape, so a handler of the program's
    (``try: if e >= 1: ... except ValueError: pass``, radvel's) takes it as it would eagerly."""
    numpys = ("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()" if size
              else "The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is "
                   "not empty.")
    return ValueError(f"{user_location()}: {numpys} ({what} is {shown}: reduce it with {module}.any(...) or "
                      f"{module}.all(...), or choose elementwise with {module}.where(...))")
