"""The converter's entry points: ``convert`` (alias ``to_graph``), ``to_code``, ``do_not_convert``.

    converted = autograph.convert(f)     # same behaviour on Python values; stages on tensors
    print(autograph.to_code(f))          # the converted source, for reading

A conversion is cached per code object (and globals), and the function built
from it per function object, behind one lock, so converting again costs a
dictionary look-up. The cache keeps the text of the tree it compiled: that is
what ``to_code`` shows (see ``Conversion``).
"""

from __future__ import annotations

import ast
import collections
import copy
import functools
import logging
import sys
import threading
import types
import weakref
from dataclasses import dataclass
from typing import Any, Callable

import runtime
from autograph import forms, loading, parsing, pipeline
from autograph.analysis.function_scopes import function_scope
from autograph.analysis.only_called import only_called
from autograph.analysis.walk import walk
from autograph.context import UNKNOWN, Context
from autograph.converters import frame_reads
from autograph.converters.call_trees import is_unconverted_module
from autograph.errors import ConversionError, ConverterBug, Location
from autograph.naming import Namer
from runtime.state_roles import BOUND_WHERE_READ, BOUND_WHERE_READ_AND_ONLY_CALLED, ONLY_CALLED


@dataclass
class Conversion:
    """One converted code object: its compiled code, and the text of the converted form it was compiled
    from (what ``to_code`` shows).

    The code holds two forms (autograph/forms.py): the converted form, which runs when a staged value
    may reach a call, and the function as written. ``source`` is printed from the converted tree when it
    is compiled (text, not the tree: a tree is hundreds of objects that every full garbage collection
    walks, for as long as the process lives). ``compiled_source_for`` rebuilds the whole compiled
    function's text from it and the function's own source lines (``lines``, kept: linecache's list),
    which are the as-written form, or from ``as_written`` where the conversion rewrote that form too."""

    code: types.CodeType
    source: str
    original_lines: int
    runtime_name: str
    lines: list[str]
    as_written: str | None = None  # the as-written form's text, where it is not the source's own

    def compiled_source_for(self, fn: types.FunctionType) -> str:
        """``to_code(fn, compiled=True)``: the per-call choice, the converted form and the function as written."""
        if self.as_written is not None:
            tree = ast.parse(self.as_written)
            as_written = tree.body[0] if isinstance(tree.body[0], ast.FunctionDef) else tree.body[0].value
        else:
            as_written = copy.deepcopy(parsing.parse_function(fn, self.lines, check=False).node)
            if isinstance(as_written, ast.FunctionDef):
                as_written.decorator_list = []
        converted = ast.parse(self.source)
        converted = converted.body[0] if isinstance(as_written, ast.FunctionDef) else converted.body[0].value
        return ast.unparse(forms.combine(converted, as_written, self.runtime_name)) + "\n"


_lock = threading.RLock()
# Keyed by the code, its file and its globals' id: code objects compare equal across files (equality
# leaves out co_filename), so the same function in two files (or a module executed again under another
# name, its first globals gone and their id reused) would otherwise get the first file's conversion.
# Least recently used first, at most MAX_CONVERSIONS entries: an entry cannot go with its globals (a dict
# cannot be weakly referenced, and a function's globals may outlive every function made from them, as a
# module's do), so code exec'd again and again in fresh namespaces would otherwise add an entry a round for
# ever. A conversion pushed out is made again if its code is converted again (a converted function alive
# keeps its own code: ``_functions``).
_conversions: collections.OrderedDict[tuple[types.CodeType, str, int], Conversion] = collections.OrderedDict()
# ~4.5 KB a conversion of a small function (its code and text; more for a long one): ~9 MiB of those at most,
# and more functions than most programs convert.
MAX_CONVERSIONS = 2048
# id(function) -> a weak reference to its converted form. Weak both ways: the converted form points at
# the function (``__wrapped__``), so a table that held it would keep the function, and everything its
# closure holds, alive for ever. An entry is the function's own while its converted form says so.
_functions: dict[int, weakref.ref] = {}
_do_not_convert: weakref.WeakSet = weakref.WeakSet()
_failed: weakref.WeakSet = weakref.WeakSet()  # callees whose conversion crashed (said once)
_log = logging.getLogger("autograph")


def _conversion(fn: types.FunctionType) -> Conversion:
    """The cached conversion of ``fn``'s code, made now if there is none."""
    key = (fn.__code__, fn.__code__.co_filename, id(fn.__globals__))
    conversion = _conversions.get(key)
    if conversion is not None:
        try:
            _conversions.move_to_end(key)  # used: the last to go
        except KeyError:  # pushed out meanwhile by another thread: it is still this call's answer
            pass
        return conversion
    with _lock:
        conversion = _conversions.get(key)
        if conversion is None:
            conversion = _conversions[key] = _converted_at_any_depth(fn)
            while len(_conversions) > MAX_CONVERSIONS:
                _conversions.popitem(last=False)
    return conversion


# The recursion limit and the C stack a conversion that ran out of recursion gets for a second try. The
# converter's walks, ``ast.unparse`` and ``compile`` of a tree recurse once or more per level of an expression
# (``v0 + v1 + ... + v499`` is 500 levels deep), where Python's own compiler, from the text, takes some
# thousands: the retry lets conversion go as deep as Python itself parses (a few thousand levels, ~10
# frames each). It runs in a thread of its own, whose stack (reserved, not touched unless used) holds
# that many frames; the limit is the process's, raised only for that while.
_DEEP_RECURSION_LIMIT = 100_000
_DEEP_STACK_BYTES = 512 * 1024 * 1024


def _converted_at_any_depth(fn: types.FunctionType) -> Conversion:
    """``_converted(fn)``; if the converter ran out of recursion (a deeply nested expression), again with
    ``_DEEP_RECURSION_LIMIT`` in a thread with a deep stack; a ``ConversionError`` saying where and what
    to do if that is not enough either."""
    try:
        return _converted(fn)
    except (RecursionError, ConverterBug) as error:
        if not _out_of_recursion(error):
            raise
    outcome: list = []

    def deep() -> None:
        try:
            outcome.append(_converted(fn))
        except BaseException as error:  # noqa: BLE001  (handed to the caller's thread, raised there)
            outcome.append(error)

    limit = sys.getrecursionlimit()
    try:
        stack = threading.stack_size(_DEEP_STACK_BYTES)
        try:
            worker = threading.Thread(target=deep, name="autograph deep conversion", daemon=True)
            sys.setrecursionlimit(max(limit, _DEEP_RECURSION_LIMIT))
            worker.start()
        finally:
            threading.stack_size(stack)
        worker.join()
    except (RuntimeError, ValueError, MemoryError) as error:  # no thread with such a stack here
        outcome.append(error)
    finally:
        sys.setrecursionlimit(limit)
    result = outcome[0] if outcome else RecursionError("the deep conversion's thread ended without an answer")
    if isinstance(result, Conversion):
        return result
    if _out_of_recursion(result):
        code = fn.__code__
        raise ConversionError(
            f"{fn.__qualname__} nests too deeply for autograph to convert (an expression or block nested "
            "thousands of levels deep runs the converter out of recursion)",
            Location(code.co_filename, code.co_firstlineno, fn.__qualname__),
            hint="split the expression into steps (partial results in variables: `s = v0 + ... + v99`, then "
                 "`s = s + v100 + ...`), or mark the function autograph.do_not_convert to run it as written"
        ) from (result if isinstance(result, RecursionError) else result.__cause__)
    raise result


def _out_of_recursion(error: BaseException) -> bool:
    """Whether ``error`` is a RecursionError, or a converter pass's failure (``ConverterBug``) caused by one."""
    return isinstance(error, RecursionError) or isinstance(error.__cause__, RecursionError)


def _converted(fn: types.FunctionType) -> Conversion:
    """Convert ``fn``'s code: parse it twice from one copy of its source lines (the converted form is
    rewritten from one tree, the other is the function as written), combine and compile them."""
    lines = parsing.source_lines(fn)
    parsed = parsing.parse_function(fn, lines)
    as_written = parsing.parse_function(fn, lines, check=False).node
    # A lambda comes out of a cached module tree: work on copies. A def was parsed just now.
    tree = parsed.node
    if isinstance(tree, ast.Lambda):
        tree, as_written = copy.deepcopy(tree), copy.deepcopy(as_written)
    else:
        tree.decorator_list = as_written.decorator_list = []
    nodes = walk(tree)  # once, for the namer and the pipeline's look at which passes have work
    called_only = only_called(tree, nodes)  # (the tree as parsed: before any pass changed it)
    namer = Namer.for_tree(tree, nodes)
    # The converters write `ag__` for the runtime. A function that has a name `ag__` of its own (a
    # local, a global, a closure variable) keeps it: its `ag__` is out of the way while the
    # converters run, and the runtime gets a fresh name afterwards.
    users_ag = namer.new("ag__") if namer.taken("ag__") else None
    runtime_name = "ag__"
    if users_ag:
        # The user's name while the passes run: taken, but none of the names the converters make (a
        # `def ag__` of the user's is no generated block that hoisting may move out of its loop).
        namer.handed_out.discard(users_ag)
        runtime_name = namer.new("ag__")
        _rename_identifiers(tree, {"ag__": users_ag})
    ctx = Context(namer=namer, filename=parsed.filename, globals=fn.__globals__,
                  closure=dict.fromkeys(fn.__code__.co_freevars, UNKNOWN), root=tree, root_nodes=nodes,
                  code=fn.__code__, user_names={users_ag: "ag__"} if users_ag else {})
    pipeline.convert_tree(tree, ctx)
    rewritten_as_written = False
    if ctx.frame_reads:
        if users_ag:
            _rename_identifiers(as_written, {"ag__": users_ag})
        rewritten_as_written = _order_frame_reads(as_written, ctx)
        if users_ag:
            _rename_identifiers(as_written, {"ag__": runtime_name, users_ag: "ag__"})
    if users_ag:
        _rename_identifiers(tree, {"ag__": runtime_name, users_ag: "ag__"})
    source = ast.unparse(tree) + "\n"
    as_written_text = ast.unparse(as_written) if rewritten_as_written else None
    combined = forms.combine(tree, as_written, runtime_name)
    forms.use_runtime_constant(combined, [tree, as_written] if rewritten_as_written else [tree], runtime_name)
    roles = dict.fromkeys(ctx.bound_where_read - ctx.maybe_read_unbound, BOUND_WHERE_READ)
    for name in called_only:
        roles[name] = BOUND_WHERE_READ_AND_ONLY_CALLED if name in roles else ONLY_CALLED
    roles.update(ctx.state_roles)  # (the names the converters made up are no user's)
    # (the function as written defines scopes of its own only where the original's code holds some)
    user_scopes = rewritten_as_written or any(type(c) is types.CodeType for c in fn.__code__.co_consts)
    code = loading.compile_function(combined, fn, frozenset(namer.handed_out), frozenset(ctx.thunk_spans), roles,
                                    user_scopes)
    return Conversion(code, source, parsed.source_lines, runtime_name, lines, as_written_text)


def _order_frame_reads(as_written: ast.FunctionDef | ast.Lambda, ctx: Context) -> bool:
    """The frame reads of the as-written form read the function's variables as the converted form's do: its
    frame is the function's own, but it holds both forms' variables, in the compiled code's order (cells
    after the rest), where ``locals()`` must give the original's."""
    ctx.as_written = as_written
    scope = function_scope(as_written)
    return frame_reads.transform(as_written, ctx, scope.locals | scope.params)


def _rename_identifiers(tree: ast.AST, names: dict[str, str]) -> None:
    """Rename every binding and use of the identifiers in ``names`` (attributes are not identifiers)."""
    seen: set[int] = set()  # a node may stand in two places: renamed once
    for node in ast.walk(tree):
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, ast.Name):
            node.id = names.get(node.id, node.id)
        elif isinstance(node, ast.arg):
            node.arg = names.get(node.arg, node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            node.name = names.get(node.name, node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            node.names = [names.get(name, name) for name in node.names]
        elif isinstance(node, ast.alias) and (node.asname or "." not in node.name):
            if node.asname:
                node.asname = names.get(node.asname, node.asname)
            elif node.name in names:  # `import ag__` binds ag__: keep the module, rename the binding
                node.asname = names[node.name]
        elif isinstance(node, ast.ExceptHandler) and node.name:
            node.name = names.get(node.name, node.name)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            node.name = names.get(node.name, node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            node.rest = names.get(node.rest, node.rest)
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "Undefined"
              and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value in names):
            node.args[0].value = names[node.args[0].value]  # the name errors will show: the user's


def _convert_function(fn: types.FunctionType) -> types.FunctionType:
    """``convert(fn)``: the same converted function for as long as one is alive."""
    converted = _alive_conversion(fn)
    if converted is not None:
        return converted
    if fn in _do_not_convert or loading.is_generated_code(fn.__code__):
        return fn
    converted = _fresh_function(fn)
    with _lock:
        earlier = _alive_conversion(fn)
        if earlier is not None:
            return earlier  # another thread made it meanwhile
        key = id(fn)
        # (The entry goes with the converted function by a C callback, the table's own pop: no Python code runs as it
        # goes, for a Ctrl-C to land in and be swallowed, as Python swallows a callback's exception. A stale entry
        # would be harmless: _alive_conversion asks the reference.)
        _functions[key] = weakref.ref(converted, functools.partial(_functions.pop, key))
    runtime.calls.note_converted(converted)  # converted code calling it takes it as it is, at once
    return converted


def _alive_conversion(fn: types.FunctionType) -> types.FunctionType | None:
    """The converted function ``_functions`` has for ``fn``, if it is still alive and still ``fn``'s."""
    reference = _functions.get(id(fn))
    converted = None if reference is None else reference()
    if converted is not None and getattr(converted, "__wrapped__", None) is fn:
        return converted
    return None


def _fresh_function(fn: types.FunctionType) -> types.FunctionType:
    """A new converted function for ``fn`` (the conversion of its code is cached)."""
    return loading.make_function(_conversion(fn).code, fn)


def convert(fn: Callable) -> Callable:
    """The converted form of a function, method, lambda, callable object or functools.partial.

    It is made from ``fn`` as it is at this call: a ``__defaults__``, ``__kwdefaults__`` or ``__code__`` assigned to
    ``fn`` later is not followed by the converted function (convert ``fn`` again). Converted code that calls ``fn``
    itself (``ag__.call``) does notice such an assignment, and converts the new code."""
    if isinstance(fn, types.FunctionType):
        return _convert_function(fn)
    if isinstance(fn, types.MethodType):
        return types.MethodType(convert(fn.__func__), fn.__self__)
    if isinstance(fn, functools.partial):
        return functools.partial(convert(fn.func), *fn.args, **fn.keywords)
    if isinstance(fn, (staticmethod, classmethod)):
        return type(fn)(convert(fn.__func__))
    if isinstance(fn, type) or not callable(fn):
        raise ConversionError(
            f"cannot convert {fn!r}: autograph converts functions, methods, lambdas and callable objects",
            hint="pass the function (or the method) to convert, not a class or another object")
    call = getattr(type(fn), "__call__", None)
    if isinstance(call, types.FunctionType):
        return types.MethodType(convert(call), fn)
    wrapped = getattr(fn, "__wrapped__", None)
    if isinstance(wrapped, types.FunctionType):  # a C wrapper of a Python function: functools.lru_cache / cache
        name = getattr(fn, "__qualname__", repr(fn))
        raise ConversionError(
            f"cannot convert {name!r}: it is a {type(fn).__module__}.{type(fn).__qualname__}, C code that wraps the "
            f"Python function {name}.__wrapped__ (functools.lru_cache keeps results by the values of the arguments, "
            "which a traced value does not have)",
            Location(wrapped.__code__.co_filename, wrapped.__code__.co_firstlineno, wrapped.__qualname__),
            hint=f"convert {name}.__wrapped__, the function itself (its calls are then not cached), or call the "
                 "cached function outside the traced one and pass its result in")
    raise ConversionError(
        f"cannot convert {getattr(fn, '__qualname__', fn)!r}: it is a builtin or C function and has no "
        "Python source", hint="call it as it is; only functions written in Python can be converted")


to_graph = convert


class ConvertedCode(str):
    """The converted source: a ``str`` (it prints, compares and concatenates as the plain text) that
    a notebook shows highlighted (``_repr_html_``, with Pygments when it is installed)."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        try:
            from pygments import highlight
            from pygments.formatters import HtmlFormatter
            from pygments.lexers import PythonLexer
        except ImportError:  # Pygments is optional: plain, escaped text
            import html
            return f"<pre>{html.escape(str(self))}</pre>"
        return highlight(str(self), PythonLexer(), HtmlFormatter(noclasses=True))

    def _repr_markdown_(self) -> str:
        return f"```python\n{self}```\n"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))  # IPython's text view: the code, not its repr with \n escapes


def to_code(fn: Callable, compiled: bool = False) -> ConvertedCode:
    """The converted form of ``fn``, as Python text (a ``str`` that notebooks show highlighted).

    It shows each ``if`` and loop as closures and a runtime call (``ag__.if_stmt``, ``ag__.for_stmt``,
    ``ag__.while_stmt``): what runs when a staged value may reach a call (inside a trace), printed from
    the very tree that was compiled. On other calls the function runs as written, in the same code:
    ``compiled=True`` shows all of it, the per-call choice (``if ag__.tracing():``), the converted form
    and the function as written (docs/generated_code.md)."""
    target = fn
    if isinstance(target, (types.MethodType, staticmethod, classmethod)):
        target = target.__func__
    if isinstance(target, functools.partial):
        target = target.func
    if not isinstance(target, types.FunctionType):
        call = getattr(type(target), "__call__", None)
        if isinstance(call, types.FunctionType) and not isinstance(target, type):
            target = call
        else:
            convert(target)  # raises the explanatory ConversionError
    if loading.is_generated_code(target.__code__):
        target = getattr(target, "__wrapped__", target)
    conversion = _conversion(target)
    return ConvertedCode(conversion.compiled_source_for(target) if compiled else conversion.source)


def do_not_convert(fn: Callable) -> Callable:
    """Mark a function to run as plain Python when converted code calls it."""
    _do_not_convert.add(getattr(fn, "__func__", fn))
    return fn


def converted_lines(fn: Callable) -> tuple[int, int]:
    """(non-blank lines of to_code, non-blank lines of the original): the readability ratio."""
    target = getattr(fn, "__func__", fn)
    conversion = _conversion(target)
    return sum(1 for line in conversion.source.splitlines() if line.strip()), conversion.original_lines


def _convert_for_call(fn: types.FunctionType) -> Callable:
    """How converted code calls a user function: converted if it can be, else as it is."""
    if fn in _do_not_convert or loading.is_generated_code(fn.__code__):
        return fn
    if is_unconverted_module(getattr(fn, "__module__", None)):
        return fn
    if fn.__code__.co_flags & 0x2A0:  # generator, coroutine, async generator: they run as Python
        return fn
    try:
        # Its own function, not the one `convert` shares: the runtime's table owns it (runtime/calls.py).
        return _fresh_function(fn)
    except ConversionError:
        return fn
    except Exception as error:  # noqa: BLE001  (a converter bug must not break the user's call)
        # Run the function as it is, and say so once: a silent fallback would hide the bug.
        if fn not in _failed:
            _failed.add(fn)
            _log.warning("autograph could not convert %s (%s: %s); it runs unconverted. Please report this "
                         "as a bug.", fn.__qualname__, type(error).__name__, error)
        return fn


runtime.set_converter(_convert_for_call)

__all__ = ["ConvertedCode", "Location", "convert", "converted_lines", "do_not_convert", "to_code", "to_graph"]
