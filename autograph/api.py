"""The converter's entry points: ``convert`` (alias ``to_graph``), ``to_code``, ``do_not_convert``.

    converted = autograph.convert(f)     # same behaviour on Python values; stages on tensors
    print(autograph.to_code(f))          # the converted source, for reading

A conversion is cached per code object (and globals), and the function built
from it per function object, behind one lock, so converting again costs a
dictionary look-up. The cache keeps no converted tree: ``to_code`` converts
again for the text (see ``Conversion``).
"""

from __future__ import annotations

import ast
import copy
import functools
import logging
import threading
import types
import weakref
from dataclasses import dataclass
from typing import Any, Callable

import runtime
from autograph import loading, parsing, pipeline, tiers
from autograph.analysis.walk import walk
from autograph.code_identity import same_code
from autograph.context import UNKNOWN, Context
from autograph.converters.call_trees import is_unconverted_module
from autograph.errors import ConversionError, Location
from autograph.naming import Namer


@dataclass
class Conversion:
    """One converted code object: its compiled code in each tier, and what ``to_code`` shows of it.

    Two tiers (autograph/tiers.py): ``plain_code``, converted while no staged value could exist (the
    function as written, compiled in the loader's factory), and ``code``, the general
    conversion, made when a function of this code may first meet a staged value (or at once, when
    one may exist already). The general one reads the same source lines as the plain one did.

    The converted tree is not kept: a cached conversion lives as long as the process, and a tree
    as AST nodes is hundreds of objects that every full garbage collection walks (a converted
    pyparsing held 90,000 of them: each full collection took 4x as long), while keeping it
    pickled cost some 8% of every cold conversion. ``to_code`` converts the function again for its
    text, once, and checks that this gives the code that runs (``source_for``)."""

    code: types.CodeType | None  # the general conversion; None until it is asked for
    original_lines: int
    runtime_name: str  # what the converted code calls the runtime: `ag__`, unless the user has that name
    plain_code: types.CodeType | None = None  # the plain tier; None when converted with staged values about
    _lines: list[str] | None = None  # the source lines the plain tier was converted from (until `code` is made)
    _source: str | None = None

    def general(self, fn: types.FunctionType) -> types.CodeType:
        """The general conversion's code (made now, from the plain tier's source lines, if there is none);
        ``fn``: a function of this conversion's code (and globals)."""
        if self.code is None:
            with _lock:
                if self.code is None:
                    self.code = _converted(fn, lines=self._lines)[1]
                    self._lines = None
        return self.code

    def source_for(self, fn: types.FunctionType, compiled: bool = False) -> str:
        """The converted source; ``fn``: a function of this conversion's code (and globals).
        ``compiled``: the whole compiled code, with the in-place paths for plain values (not kept)."""
        if self._source is None or compiled:
            runs = self.general(fn)
            with _lock:  # (conversions run one at a time, as in _conversion)
                tree, code, _, _ = _converted(fn)
                if not compiled:
                    tree = _converted(fn, display=True)[0]
            if not same_code(code, runs):
                raise ConversionError(
                    f"cannot show the converted code of {fn.__qualname__}: converting it again gives other "
                    "code than the one that runs (its source, or a global it calls, changed since it was "
                    "converted)", parsing.location_of(fn),
                    hint="define the function again (a new definition is converted afresh), then ask again")
            if compiled:
                return ast.unparse(tree) + "\n"
            self._source = ast.unparse(tree) + "\n"
        return self._source


_lock = threading.RLock()
# Keyed by the code, its file and its globals' id: code objects compare equal across files (equality
# leaves out co_filename), so the same function in two files (or a module executed again under another
# name, its first globals gone and their id reused) would otherwise get the first file's conversion.
_conversions: dict[tuple[types.CodeType, str, int], Conversion] = {}
# id(function) -> a weak reference to its converted form. Weak both ways: the converted form points at
# the function (``__wrapped__``), so a table that held it would keep the function, and everything its
# closure holds, alive for ever. An entry is the function's own while its converted form says so.
_functions: dict[int, weakref.ref] = {}
_do_not_convert: weakref.WeakSet = weakref.WeakSet()
_failed: weakref.WeakSet = weakref.WeakSet()  # callees whose conversion crashed (said once)
_log = logging.getLogger("autograph")


def _conversion(fn: types.FunctionType, with_source: bool = False) -> Conversion:
    """The cached conversion of ``fn``'s code, made now if there is none (``with_source``: keep its
    text too, while the tree is at hand: ``to_code`` asks)."""
    key = (fn.__code__, fn.__code__.co_filename, id(fn.__globals__))
    conversion = _conversions.get(key)
    if conversion is not None:
        return conversion
    with _lock:
        conversion = _conversions.get(key)
        if conversion is None:
            lines = None
            if runtime.PLAIN and not with_source:
                lines = parsing.source_lines(fn)
                try:
                    _, code, original_lines, runtime_name = _converted(fn, lines=lines, plain=True)
                except pipeline.NoPlainTier:
                    pass  # (the general conversion at once, from the same lines)
                else:
                    conversion = _conversions[key] = Conversion(None, original_lines, runtime_name, code, lines)
                    return conversion
            tree, code, original_lines, runtime_name = _converted(fn, lines=lines)
            conversion = _conversions[key] = Conversion(code, original_lines, runtime_name)
            if with_source:
                conversion._source = ast.unparse(_converted(fn, display=True)[0]) + "\n"
    return conversion


def _converted(fn: types.FunctionType, display: bool = False, lines: list[str] | None = None, plain: bool = False
               ) -> tuple[ast.FunctionDef | ast.Lambda, types.CodeType | None, int, str]:
    """Convert ``fn``'s code: (the converted tree, its compiled code, the original's non-blank
    lines, the runtime's name in it). ``display``: the tree ``to_code`` shows, the functional form
    without the blocks' in-place paths for plain values (converters/in_place.py), and no code.
    ``lines``: the source lines of ``fn``'s file to read (else linecache's now); ``plain``: the plain
    tier (pipeline.convert_plain_tree)."""
    parsed = parsing.parse_function(fn, lines)
    # A lambda comes out of a cached module tree: work on a copy. A def was parsed just now.
    tree = copy.deepcopy(parsed.node) if isinstance(parsed.node, ast.Lambda) else parsed.node
    if isinstance(tree, ast.FunctionDef):
        tree.decorator_list = []
    nodes = walk(tree)  # once, for the namer and the pipeline's look at which passes have work
    namer = Namer.for_tree(tree, nodes)
    # The converters write `ag__` for the runtime. A function that has a name `ag__` of its own (a
    # local, a global, a closure variable) keeps it: its `ag__` is out of the way while the
    # converters run, and the runtime gets a fresh name afterwards.
    users_ag = namer.new("ag__") if namer.taken("ag__") else None
    runtime_name = "ag__"
    if users_ag:
        runtime_name = namer.new("ag__")  # (named before the passes: both tiers' code must agree on it)
        _rename_identifiers(tree, {"ag__": users_ag})
    ctx = Context(namer=namer, filename=parsed.filename, globals=fn.__globals__,
                  closure=dict.fromkeys(fn.__code__.co_freevars, UNKNOWN), root=tree, root_nodes=nodes,
                  code=fn.__code__, fast_paths=not display)
    if plain:
        pipeline.convert_plain_tree(tree, ctx)
    else:
        pipeline.convert_tree(tree, ctx)
    if users_ag:
        _rename_identifiers(tree, {"ag__": runtime_name, users_ag: "ag__"})
    if display:
        return tree, None, parsed.source_lines, runtime_name
    code = loading.compile_function(tree, fn, runtime_name, frozenset(namer.handed_out), frozenset(ctx.thunk_spans),
                                    plain_tier=plain)
    return tree, code, parsed.source_lines, runtime_name


def _rename_identifiers(tree: ast.AST, names: dict[str, str]) -> None:
    """Rename every binding and use of the identifiers in ``names`` (attributes are not identifiers)."""
    seen: set[int] = set()  # a node may stand in two places (converters/in_place.py): renamed once
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
        _functions[key] = weakref.ref(converted, functools.partial(_forget_function, key, _functions))
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
    """A new converted function for ``fn`` (the conversion of its code is cached): of the plain tier
    while no staged value can exist (it gets the general code when one first may: tiers.py)."""
    conversion = _conversion(fn)
    if conversion.plain_code is not None and runtime.PLAIN:
        function = loading.make_function(conversion.plain_code, fn, conversion.runtime_name)
        tiers.remember(function, fn, conversion.general)
        return function
    return loading.make_function(conversion.general(fn), fn, conversion.runtime_name)


def _forget_function(key: int, functions: dict, reference: weakref.ref) -> None:
    """A converted function went: drop its entry (only its own; the table is bound in, since module
    globals may be gone when this runs at exit)."""
    if functions.get(key) is reference:
        del functions[key]


def convert(fn: Callable) -> Callable:
    """The converted form of a function, method, lambda, callable object or functools.partial."""
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
    """The converted source of ``fn``, as Python text (a ``str`` that notebooks show highlighted).

    It shows the functional form: each ``if`` and loop as closures and a runtime call
    (``ag__.if_stmt``, ``ag__.for_stmt``, ``ag__.while_stmt``), what a backend stages. The code that
    is compiled also runs each block in place while the values that steer it are plain, and keeps
    the closures for the branch where one is staged (docs/generated_code.md, "in place");
    ``compiled=True`` shows all of it. (While no staged value can exist, a converted function runs
    its plain tier, the function as written, until it takes this code: autograph/tiers.py.)

    A conversion keeps its code, not its text: for a function converted earlier, ``to_code``
    converts it again (once) and raises a ``ConversionError`` if that gives other code than the
    one that runs (the source, or a global it calls, changed since it was converted)."""
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
    if compiled:
        return ConvertedCode(_conversion(target).source_for(target, compiled=True))
    return ConvertedCode(_conversion(target, with_source=True).source_for(target))


def do_not_convert(fn: Callable) -> Callable:
    """Mark a function to run as plain Python when converted code calls it."""
    _do_not_convert.add(getattr(fn, "__func__", fn))
    return fn


def converted_lines(fn: Callable) -> tuple[int, int]:
    """(non-blank lines of to_code, non-blank lines of the original): the readability ratio."""
    target = getattr(fn, "__func__", fn)
    conversion = _conversion(target, with_source=True)
    return sum(1 for line in conversion.source_for(target).splitlines() if line.strip()), conversion.original_lines


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
