"""Which ``try`` statements of the user's are running, for the graph to name an error it would raise past them.

    try:                                                 # converted form (autograph/converters/handlers.py)
        with ag__.catching(lambda: (LinAlgError,)):
            k = np.linalg.inv(s)
    except LinAlgError:
        ag__.reraise_limitation()
        k = 0.0

A ``try`` runs while its function is traced; a graph node that fails only when the graph runs (a singular
matrix in ``inv``, an index out of bounds, a staged ``raise``) fails after it, past its handler. Eager code's
handler would have caught that error and gone on, so such a node, made where a running ``try`` would catch its
error, raises ``HandlerNotRun`` when it fails (``runtime.graph.run_time_errors``), not its own error, which the
caller could catch and go on from with another answer. The handlers' classes are asked only when such a node is
made (the thunk): most ``try`` blocks stage nothing that fails.

The running ``try`` blocks are recorded only while a graph is traced, on a list the trace makes as it starts (in
its own copy of the caller's context: runtime/graph/tracing.py), one entry pushed as a block is entered and taken
off as it is left (a ``with``, so an exception leaving the block leaves it). No ``ContextVar`` is set as a block is
entered: CPython's ``ContextVar.set`` may run the garbage collector while it builds the context's new mapping, and
a weak reference's callback run by that collection that sets a ``ContextVar`` again (converted code's own ``try``,
``WeakKeyDictionary``'s ``_commit_removals``) frees the mapping the first set is still reading (CPython gh-148891:
a segmentation fault, CPython's test_weakref's ``test_weak_keyed_len_race`` in the converted form, until stop 98).
With no graph traced there is no list, and entering a block does nothing. An interrupt (Ctrl-C) landing as
``__exit__`` starts, before it takes the entry off, leaves the entry behind on that trace's list: it could only make
a node's failure ``HandlerNotRun`` that would have been the node's own error (never the reverse), and only where the
program caught the interrupt and went on tracing; the next trace starts with a list of its own.
"""

from __future__ import annotations

import ast
import contextlib
import inspect
import sys
import textwrap
import types
from contextvars import ContextVar
from sys import _getframe  # (bound at import: a program may delete or replace sys._getframe)
from typing import Any, Callable, Iterator, Optional

from runtime.class_lookup import class_attribute
from runtime.tracebacks import hide_frames_of, strip

# The handlers' classes of the running `try` blocks of converted code, outermost first, on the list of the graph trace
# under way (``start_trace``); None where no graph is traced (empty or None: the builder's quick test before
# ``catcher``).
RUNNING: ContextVar[Optional[list]] = ContextVar("autograph_running_try_blocks", default=None)


def start_trace() -> None:
    """As a graph trace starts, in its own context: a list of running blocks of its own, empty."""
    RUNNING.set([])


def _push(running: list, entry: Any) -> None:
    """Put ``entry`` on ``running``; an interrupt landing right after the append takes it off again (the ``with``
    calling this never entered its block, so its ``__exit__`` will not)."""
    try:
        running.append(entry)
    except BaseException:
        _pop(running, entry)
        raise


def _pop(running: list, entry: Any) -> None:
    """Take ``entry`` off ``running``: the last one, unless a block left without its ``__exit__`` (an interrupt)."""
    if running and running[-1] is entry:
        running.pop()
        return
    for index in range(len(running) - 1, -1, -1):
        if running[index] is entry:
            del running[index]
            return


class catching:  # noqa: N801  (used as a function: ``with ag__.catching(lambda: (E,)):``)
    """``with ag__.catching(classes):`` around the body of a ``try`` that has ``except`` clauses: ``classes``
    gives what its handlers catch, as an ``except`` clause names it (a class, or a tuple of them; ``...`` for a
    bare ``except:``, which catches anything). Recorded while a graph is traced; otherwise it does nothing."""

    __slots__ = ("classes", "_running")

    def __init__(self, classes: Callable[[], Any]) -> None:
        self.classes = classes

    def __enter__(self) -> None:
        running = self._running = RUNNING.get()
        if running is not None:
            _push(running, self.classes)

    def __exit__(self, *exc_info: Any) -> None:
        if self._running is not None:
            _pop(self._running, self.classes)


def catcher(error: type[BaseException]) -> Optional[tuple[Callable[[], Any], Any]]:
    """``(thunk, classes)`` of the innermost running ``try`` whose handlers would catch ``error`` raised here, or
    some kind of it (a node that may raise any ``Exception``, a Python function called when the graph runs, meets
    an ``except ValueError:``: which it raises, the run decides), or None. Handlers whose classes cannot be computed
    now (a name not bound yet) or are no classes (a bare ``except:``, ``...``) count as catching anything
    (``BaseException``): the error standing for a handler is then the safe answer."""
    for thunk in reversed(RUNNING.get() or ()):
        try:
            classes = thunk()
        except Exception:  # noqa: BLE001  (its expression fails here)
            return thunk, BaseException
        if not exception_classes(classes):
            return thunk, BaseException
        if issubclass(error, classes) or any(issubclass(c, error) for c in flat_classes(classes)):
            return thunk, classes
    return None


def flat_classes(classes: Any) -> Iterator[Any]:
    """The items of what an ``except`` clause names (a class, or tuples of them, nested), one by one."""
    if isinstance(classes, tuple):
        for c in classes:
            yield from flat_classes(c)
    else:
        yield classes


def exception_classes(classes: Any) -> bool:
    """Whether ``classes`` is what an ``except`` clause may name: an exception class, or a tuple of them (nested)."""
    return all(isinstance(c, type) and issubclass(c, BaseException) for c in flat_classes(classes))


def try_site(classes: Callable[[], Any]) -> tuple[str, int]:
    """(file, line) of the first statement of the ``try`` body whose handlers' thunk is ``classes`` (the thunk stands
    at its line), or of the ``with`` statement a ``managed`` stands for."""
    site = getattr(classes, "site", None)
    if site is not None:
        return site
    code = classes.__code__
    return code.co_filename, code.co_firstlineno


def block_kind(classes: Callable[[], Any]) -> str:
    """``"with"`` for a ``managed`` (a manager's ``__exit__`` may swallow the error), else ``"try"``."""
    return "with" if isinstance(classes, managed) else "try"


class managed:  # noqa: N801  (used as a function: ``with ag__.managed(manager) as x:``)
    """``with ag__.managed(manager) as x:`` for the user's ``with manager as x:`` in the converted form: ``manager``'s
    own ``__enter__`` and ``__exit__`` (looked up on its type, as the ``with`` statement does), with the block
    marked running meanwhile, as ``catching`` marks a ``try`` body: a manager whose ``__exit__`` swallows an error
    (``contextlib.suppress(LinAlgError)``) would swallow one that a graph node raises only when the graph runs,
    after the block ran, so such a node raises ``HandlerNotRun`` when it fails. What the manager may swallow is
    asked only then (``suppressed_by``)."""

    __slots__ = ("manager", "site", "_enter", "_exit", "_running")

    def __init__(self, manager: Any) -> None:
        enter, exit_ = _special(manager, "__enter__"), _special(manager, "__exit__")
        if enter is None or exit_ is None:  # Python's own TypeError, in its words: the `with` looks both up first
            with manager:
                pass
        self.manager, self._enter, self._exit = manager, enter, exit_

    def __enter__(self) -> Any:
        caller = _getframe(1)
        self.site = (caller.f_code.co_filename, caller.f_lineno)
        try:
            value = self._enter()
        except BaseException as error:  # (its traceback without this frame: the user's `with` called __enter__)
            strip(error)
            raise
        running = self._running = RUNNING.get()
        if running is not None:
            try:
                _push(running, self)
            except BaseException:  # an interrupt right after: the manager entered, so it exits, as Python's `with` does
                self._exit(*sys.exc_info())
                raise
        return value

    def __exit__(self, *exc_info: Any) -> Any:
        if self._running is not None:
            _pop(self._running, self)
        try:
            return self._exit(*exc_info)
        except BaseException as error:
            # Without this frame's entry, as the original's (ExitStack's own error from a callback, caught in the
            # same function, where no tidying runs: CPython's test_contextlib test_exit_exception_traceback).
            strip(error)
            raise

    def __call__(self) -> Any:
        return suppressed_by(self.manager)


# The manager's own __enter__ and __exit__ run under these: an exception they raise has the original's traceback,
# the manager's entry right after the function's (test_exceptions' `test_lineno_after_raise_in_with_exit`).
hide_frames_of(managed.__enter__, managed.__exit__)


def _special(obj: Any, name: str) -> Any:
    """``obj``'s special method ``name`` bound as the ``with`` statement binds it: looked up on its type's MRO (not
    the instance, nor the metaclass), through the descriptor protocol (a staticmethod or classmethod too); None
    if there is none."""
    cls = type(obj)
    raw = class_attribute(cls, name)
    get = getattr(type(raw), "__get__", None)
    return raw if get is None else get(raw, obj, cls)


# The C-implemented managers trusted to swallow nothing: those of the standard library and NumPy (files, locks, ...).
_TRUSTED_C = frozenset(getattr(sys, "stdlib_module_names", ())) | {"numpy"}


def suppressed_by(manager: Any) -> Any:
    """What ``manager``'s ``__exit__`` may swallow, as an ``except`` clause names it: a tuple of classes (``()``:
    nothing), or ``BaseException`` where that is not known. ``contextlib.suppress`` says its classes; an
    ``ExitStack``, its managers'; a ``@contextmanager``, whether its generator's ``yield`` stands in a ``try`` with
    handlers (or a ``with``); a Python ``__exit__`` that returns nothing, ``None`` or ``False``, nothing."""
    cls = type(manager)
    if cls is contextlib.suppress:
        return tuple(getattr(manager, "_exceptions", BaseException))
    if isinstance(manager, contextlib.ExitStack):
        return _stack_suppresses(manager)
    if isinstance(manager, contextlib._GeneratorContextManager):
        func = getattr(manager, "func", None)
        return BaseException if func is None or _yield_may_swallow(func) else ()
    exit_ = cls.__exit__
    if isinstance(exit_, types.FunctionType):
        return () if _returns_nothing_true(exit_) else BaseException
    module = (getattr(cls, "__module__", None) or "").split(".")[0].lstrip("_")
    return () if module in _TRUSTED_C or "_" + module in _TRUSTED_C else BaseException


def _stack_suppresses(stack: contextlib.ExitStack) -> Any:
    found: list = []
    for _, callback in list(getattr(stack, "_exit_callbacks", ())):
        owner = getattr(callback, "__self__", None)
        if isinstance(callback, types.MethodType) and owner is not None and callback.__func__ is getattr(
                type(owner), "__exit__", None):
            classes = suppressed_by(owner)  # a manager it entered or pushed
        elif getattr(callback, "__wrapped__", None) is not None:
            classes = ()  # ExitStack.callback's: its result is dropped
        else:
            return BaseException
        if classes is BaseException:
            return BaseException
        found.extend(classes)
    return tuple(found)


_SWALLOWS: dict[Any, bool] = {}  # code object -> whether it may swallow (a few per program)


def _returns_nothing_true(function: types.FunctionType) -> bool:
    """Whether ``function`` (an ``__exit__``) surely returns something false: each ``return`` in its own body gives
    nothing, ``None``, ``False`` or 0 (its source read once; none: not sure)."""
    code = function.__code__
    known = _SWALLOWS.get(code)
    if known is None:
        tree = _tree_of(function)
        known = tree is None or any(
            node.value is not None and not (isinstance(node.value, ast.Constant) and not node.value.value)
            for node in _own_nodes(tree) if isinstance(node, ast.Return))
        _SWALLOWS[code] = known
    return not known


def _yield_may_swallow(function: Any) -> bool:
    """Whether a ``@contextmanager`` generator's ``yield`` stands in a ``try`` with handlers or in a ``with`` (whose
    manager may swallow what is thrown in there), or its source cannot be read."""
    code = getattr(function, "__code__", None)
    known = _SWALLOWS.get(code)
    if known is None:
        tree = _tree_of(function)
        known = tree is None or _yields_under_handler(tree, False)
        _SWALLOWS[code] = known
    return known


def _yields_under_handler(node: ast.AST, guarded: bool) -> bool:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(child, (ast.Yield, ast.YieldFrom)) and guarded:
            return True
        inner = guarded
        if isinstance(child, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            if any(_yields_under_handler(s, guarded or bool(child.handlers)) for s in child.body):
                return True
            if any(_yields_under_handler(s, guarded) for part in (child.handlers, child.orelse, child.finalbody)
                   for s in part):
                return True
            continue
        if isinstance(child, (ast.With, ast.AsyncWith)):
            inner = True
        if _yields_under_handler(child, inner):
            return True
    return False


def _tree_of(function: Any) -> Optional[ast.AST]:
    try:
        source = textwrap.dedent(inspect.getsource(function))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return None
    found = next((n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    return found


def _own_nodes(function: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``function``'s own body (not of the functions, lambdas and classes nested in it)."""
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
