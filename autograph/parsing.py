"""From a function object to its AST, with the user's real file, lines and columns.

    parsed = parse_function(f)
    parsed.node        # ast.FunctionDef (or ast.Lambda), positions as in the user's file
    parsed.filename    # where f was defined

The snippet is parsed as it stands in the file (an indented method is parsed
under an ``if 1:`` wrapper instead of being dedented), so columns stay exact and
tracebacks from converted code can point at the user's own lines.
"""

from __future__ import annotations

import ast
import copy
import inspect
import linecache
import types
from dataclasses import dataclass
from typing import Union

from autograph import compiled_text
from autograph.analysis.walk import walk
from autograph.errors import Location, SourceMismatchError, SourceNotFoundError, UnsupportedSyntaxError
from runtime.staging import format_site

FunctionNode = Union[ast.FunctionDef, ast.Lambda]


@dataclass(frozen=True)
class ParsedFunction:
    node: FunctionNode
    filename: str
    source_lines: int  # non-blank lines of the user's source for this function


def location_of(fn: types.FunctionType) -> Location:
    code = fn.__code__
    return Location(code.co_filename, code.co_firstlineno, fn.__qualname__)


def source_lines(fn: types.FunctionType) -> list[str]:
    """The lines of ``fn``'s file as linecache has them now (a notebook cell's included), after the look
    ``inspect.getsource`` takes first: a file changed on disk since linecache read it is read again (a module
    reloaded after an edit, as IPython's autoreload does, has the new text's code)."""
    filename = fn.__code__.co_filename
    linecache.checkcache(filename)
    lines = linecache.getlines(filename, fn.__globals__)
    if not lines and filename.startswith("<frozen "):
        # A standard-library module frozen into the interpreter (3.11+: os, posixpath, ntpath, genericpath, ...):
        # its code names "<frozen posixpath>" and its loader keeps no source, but the module's __file__ is the
        # .py file it was frozen from. parse_function's check refuses that text if it is not the code's own.
        path = fn.__globals__.get("__file__")
        if isinstance(path, str) and path.endswith(".py"):
            lines = linecache.getlines(path)
    return lines


def parse_function(fn: types.FunctionType, lines: list[str] | None = None, check: bool = True) -> ParsedFunction:
    """``fn``'s def or lambda, parsed from ``lines`` (its file's lines; by default linecache's now);
    ``check``: refuse a text that is not ``fn``'s own (``SourceMismatchError``)."""
    code = fn.__code__
    where = location_of(fn)
    if code.co_flags & (inspect.CO_GENERATOR | inspect.CO_ASYNC_GENERATOR):
        raise UnsupportedSyntaxError(
            f"{fn.__qualname__} is a generator, which cannot be converted", where,
            hint="call it from converted code (it then runs as plain Python), or convert the function "
                 "that consumes it")
    if code.co_flags & inspect.CO_COROUTINE:
        raise UnsupportedSyntaxError(
            f"{fn.__qualname__} is an async function, which cannot be converted", where,
            hint="call it from converted code (it then runs as plain Python)")
    if lines is None:
        lines = source_lines(fn)
    if not lines or code.co_firstlineno > len(lines):
        raise SourceNotFoundError(
            f"the source code of {fn.__qualname__} is not available", where,
            hint="define the function in a file or a notebook cell (code built with exec() or typed "
                 "into a bare interpreter has no source to convert), or mark it "
                 "autograph.do_not_convert")
    if code.co_name == "<lambda>":
        node = _find_lambda(fn, lines)
        relocated = False
    else:
        try:
            node, relocated = _find_def(fn, lines), False
            if check:
                _check_source(fn, node, lines[node.lineno - 1:node.end_lineno or node.lineno])
        except SourceNotFoundError:
            found = _relocated_def(fn, lines)
            if found is None:
                raise
            node, relocated = found, True
    first, last = node.lineno, node.end_lineno or node.lineno
    if check and not relocated and code.co_name == "<lambda>":
        _check_source(fn, node, lines[first - 1:last])
    nonblank = sum(1 for line in lines[first - 1:last] if line.strip())
    return ParsedFunction(node, code.co_filename, nonblank)


def _check_source(fn: types.FunctionType, node: FunctionNode, text_lines: list[str]) -> None:
    """Refuse a def or lambda whose text is not ``fn``'s own: converting it would silently give another
    function. Cheap facts the compiler recorded must hold of the text: the parameters' names, and every
    name the code uses (its globals and attributes, ``co_names``; its locals, ``co_varnames``) written
    in it; the lines its instructions come from lie within it; and, where the text has no constant
    expression the compiler could fold (``2 * 3``, ``-1``, ``(1, 2)``), each number the code holds
    written in it."""
    code = fn.__code__
    args = node.args
    names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    count = code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & inspect.CO_VARARGS) + bool(
        code.co_flags & inspect.CO_VARKEYWORDS)
    problem = None
    params = code.co_varnames[:count]
    # (A private parameter of a method, `def invoke(__self, ...)` in class Context, is `_Context__self` in the code.)
    if sorted(names) != sorted(params) and sorted(map(_unmangled, names)) != sorted(map(_unmangled, params)):
        problem = f"its parameters are ({', '.join(params)}), the text's ({', '.join(names)})"
    else:
        text = "".join(text_lines)
        # (pytest's assertion rewriting makes names nobody wrote, `@py_assert1`, and numbers of its own. Any other
        # name that is no identifier is a dotted import, `import os.path`, each of whose parts the text holds; a
        # tool that recompiled the function with one (typeguard's instrumented copy) was let through before.)
        rewritten = any(name.startswith("@") for name in (*code.co_names, *code.co_varnames))
        for name in () if rewritten else (*code.co_names, *code.co_varnames[count:]):
            if name.startswith("."):  # (a name the compiler made, `.0`)
                continue
            if not all(part in text for part in _unmangled(name).split(".")):
                problem = f"it uses the name {_unmangled(name)!r}, which the text does not"
                break
        else:
            last = node.end_lineno or node.lineno
            first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", ())])
            lines = [line for _, _, line in code.co_lines() if line is not None] if hasattr(code, "co_lines") else []
            outside = [line for line in lines if not first <= line <= last]
            if not lines and hasattr(code, "co_lines"):
                # (Every compiled def or lambda has lines; code whose line table was replaced has none.)
                problem = "its code records no line numbers (its line table was replaced after compiling)"
            elif outside:
                problem = f"its code comes from line {outside[0]}, outside the text (lines {first}-{last})"
            elif not rewritten:
                missing = _numbers_not_written(code, node)
                if missing:
                    problem = f"it holds the number {missing[0]!r}, which the text does not"
                else:  # the cheap facts hold: the text compiled again must give the code itself
                    problem = compiled_text.differs(fn, node)
    if problem is not None:
        raise SourceMismatchError(
            f"the source text of {fn.__qualname__} at {format_site(code.co_filename, node.lineno)} is not the "
            f"function's own: {problem}", location_of(fn),
            hint="the file was edited after the function was defined (reload the module, or run the cell "
                 "again), or exec() compiled the function under this file's name (give exec a name of its "
                 "own, and put the source in linecache under it), or a tool rewrote its code as it was "
                 "imported (mark it autograph.do_not_convert)")


def _numbers_not_written(code: types.CodeType, node: FunctionNode) -> list:
    """The numbers among ``code``'s constants that no literal of ``node``'s text gives (none when the
    text holds an expression of constants, which the compiler may have folded into a new one)."""
    numbers = [c for c in code.co_consts if type(c) in (int, float, complex)]
    if not numbers:
        return []
    written = set()
    for sub in walk(node):
        cls = type(sub)
        if cls is ast.Constant:
            written.add(sub.value)
        elif cls is ast.Import or cls is ast.ImportFrom:
            written.add(getattr(sub, "level", 0) or 0)  # (the import's level is a constant of the code)
        elif cls is ast.Match:
            return []  # (a sequence pattern's length is a constant of the code)
        elif cls is ast.UnaryOp and type(sub.operand) is ast.Constant:
            return []  # possibly folded (-1)
        elif cls is ast.BinOp and type(sub.left) is ast.Constant and type(sub.right) is ast.Constant:
            return []  # (2 * 3)
        elif (cls is ast.Tuple or cls is ast.Set) and sub.elts and all(type(e) is ast.Constant for e in sub.elts):
            return []  # ((1, 2), or a tuple the compiler made of a set: `x in {1, 2}`)
        elif cls is ast.Subscript and type(sub.value) is ast.Constant:
            return []  # (b'\x32'[0] is 50, "ab"[1] is 'b': dpkt's tests)
    return [n for n in numbers if n not in written]


def _unmangled(name: str) -> str:
    """``__x`` for the mangled ``_C__x`` (a private name in a class C), else ``name``."""
    if name.startswith("_") and not name.startswith("__"):
        head, separator, rest = name[1:].partition("__")
        if separator and head and not rest.endswith("__"):
            return "__" + rest
    return name


def _parse_snippet(snippet: list[str], first_lineno: int) -> ast.Module:
    """Parse lines that start at ``first_lineno`` of the file, keeping columns."""
    # Lines in front give every node its line in the file, with no walk to renumber them.
    text = "".join(snippet)
    if snippet[0][:1] in (" ", "\t"):
        tree = ast.parse(_padding(first_lineno - 2) + "if 1:\n" + text)
        if first_lineno < 2:  # an indented first line of a file: the wrapper pushed it down one
            ast.increment_lineno(tree, first_lineno - 2)
        # The wrapper is the statement after the padding: a snippet may run on past the def, into
        # statements indented less (a def whose body is on its header line, `def f(self): return 1`,
        # has no header line ending in ':' to stop the scan), which the wrapper does not hold.
        return ast.Module(body=tree.body[1 if first_lineno > 2 else 0].body, type_ignores=[])
    tree = ast.parse(_padding(first_lineno - 1) + text)
    return ast.Module(body=tree.body[1:] if first_lineno > 1 else tree.body, type_ignores=[])


def _padding(lines: int) -> str:
    """Source that fills ``lines`` lines: one string literal over all of them, which the tokenizer
    reads at about two thirds of the cost of as many blank lines (a function on line 3,000 of its
    file paid some 110 µs of blank lines, more than parsing the function itself)."""
    return '"""' + "\n" * (lines - 1) + '"""\n' if lines > 0 else ""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _block_by_indentation(lines: list[str], start: int) -> list[str]:
    """The lines of the def starting at ``start``: up to the next line indented no deeper."""
    indent = _indent(lines[start])
    index = start + 1
    # Decorators and a multi-line signature come before the body: skip to the header's end.
    while index < len(lines) and not lines[index - 1].rstrip().endswith(":"):
        index += 1
    end = index
    for position in range(index, len(lines)):
        line = lines[position]
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if _indent(line) <= indent:
            break
        end = position + 1
    return lines[start:end]


def _find_def(fn: types.FunctionType, lines: list[str]) -> ast.FunctionDef:
    code = fn.__code__
    start = code.co_firstlineno - 1
    # inspect.getblock (the pure-Python tokenizer: about half a millisecond for a small function)
    # only when the indentation rule fails, so it runs after the first attempt, not before it.
    snippets = (_block_by_indentation(lines, start), lambda: inspect.getblock(lines[start:]))
    for snippet in snippets:
        if callable(snippet):
            snippet = snippet()
        try:
            tree = _parse_snippet(snippet, code.co_firstlineno)
        except SyntaxError:
            continue
        node = tree.body[0] if tree.body else None
        if isinstance(node, ast.FunctionDef) and node.name == code.co_name:
            return node
    raise SourceNotFoundError(
        f"could not find the definition of {fn.__qualname__} in its source", location_of(fn),
        hint="make sure the file was not edited after the function was defined, or reload it")


def _relocated_def(fn: types.FunctionType, lines: list[str]) -> ast.FunctionDef | None:
    """The def of ``fn`` in ``lines`` found by its name, where its code's first line is not its def: code compiled
    from another text of the same def under this file's name (IPython 9's autoreload recompiles an edited function
    alone, from ``ast.unparse`` of the file's def, so its code starts at line 1). Only the one def of that name that
    compiles to the same code but for its line numbers (bytecode, names, constants, flags, nested code alike)."""
    code = fn.__code__
    if hasattr(code, "co_lines") and all(line is None for _, _, line in code.co_lines()):
        # Code whose line table was replaced by one of no lines (CPython's test_exceptions does so): its frames have
        # no line, where the def's text would give the file's. The check's refusal stands.
        return None
    try:
        tree = ast.parse("".join(lines))
    except (SyntaxError, ValueError):
        return None
    matches = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == code.co_name:
            alone = copy.copy(node)
            alone.decorator_list = []
            try:
                compiled = compile(ast.Module(body=[alone], type_ignores=[]), code.co_filename, "exec",
                                   dont_inherit=True)
            except (SyntaxError, ValueError):
                continue
            inner = next((c for c in compiled.co_consts if isinstance(c, types.CodeType)), None)
            if inner is not None and _same_but_lines(inner, code):
                matches.append(node)
    return matches[0] if len(matches) == 1 else None


def _same_but_lines(one: types.CodeType, two: types.CodeType) -> bool:
    if (one.co_code != two.co_code or one.co_names != two.co_names or one.co_varnames != two.co_varnames
            or one.co_freevars != two.co_freevars or one.co_argcount != two.co_argcount
            or one.co_kwonlyargcount != two.co_kwonlyargcount
            or one.co_flags & ~inspect.CO_NESTED != two.co_flags & ~inspect.CO_NESTED
            or _plain_constants(one) != _plain_constants(two)):
        return False
    inner = [c for c in one.co_consts if isinstance(c, types.CodeType)]
    other = [c for c in two.co_consts if isinstance(c, types.CodeType)]
    return len(inner) == len(other) and all(_same_but_lines(a, b) for a, b in zip(inner, other))


# Per source file (and linecache entry): its lambdas, by the line they start on.
_MODULE_TREES: dict[tuple[str, int], dict[int, list[ast.Lambda]]] = {}


def _find_lambda(fn: types.FunctionType, lines: list[str]) -> ast.Lambda:
    code = fn.__code__
    found = _lambda_in_statement(code, lines)
    if found is not None:
        return found
    return _lambda_in_module(fn, lines)


# How many lines above a lambda's first line its statement may start, for the quick look.
_STATEMENT_LOOKBACK = 8


def _lambda_in_statement(code: types.CodeType, lines: list[str]) -> ast.Lambda | None:
    """The lambda, found by parsing only the statement around its line; None when that does not
    single it out (then the whole file is parsed). Parsing a whole file costs as much as
    converting dozens of functions, and a cold conversion would pay it once per file.

    A snippet is a guess (its first line may be a continuation of a bracket opened above), so a
    lambda found in it is accepted only if its span holds every instruction of the code object
    (``_same_code``), and only one lambda does: the text at those positions is the lambda's own,
    so it parses to the node the whole file would give. Python 3.10 records no instruction spans
    to check against: there the whole file is always parsed."""
    if not hasattr(code, "co_positions"):
        return None
    first = code.co_firstlineno - 1
    params = list(code.co_varnames[: code.co_argcount + code.co_kwonlyargcount])
    for start in range(first, max(first - _STATEMENT_LOOKBACK, -1), -1):
        if not lines[start].strip() or lines[start].lstrip().startswith("#"):
            continue
        try:
            tree = _parse_snippet(_statement_lines(lines, start, first), start + 1)
        except SyntaxError:  # the statement starts further up, or ends further down
            continue
        candidates = [node for node in ast.walk(tree) if isinstance(node, ast.Lambda)
                      and node.lineno == code.co_firstlineno
                      and [a.arg for a in node.args.args + node.args.kwonlyargs] == params
                      and _same_code(node, code)]
        if len(candidates) == 1:
            return candidates[0]
        if candidates:
            return None  # ambiguous here: the whole file's parse decides, or says why it cannot
    return None


def _statement_lines(lines: list[str], start: int, through: int) -> list[str]:
    """Lines from ``start`` through ``through``, and on while they are indented deeper than the
    first (a body, a continuation) or close a bracket: the statement that starts at ``start``."""
    indent = _indent(lines[start])
    end = through + 1
    while end < len(lines):
        stripped = lines[end].strip()
        if stripped and stripped[0] not in "#)]}" and _indent(lines[end]) <= indent:
            break
        end += 1
    return lines[start:end]


def _lambda_in_module(fn: types.FunctionType, lines: list[str]) -> ast.Lambda:
    code = fn.__code__
    key = (code.co_filename, id(lines))
    lambdas = _MODULE_TREES.get(key)
    if lambdas is None:
        try:
            tree = ast.parse("".join(lines))
        except SyntaxError as error:
            raise SourceNotFoundError(
                f"could not parse the file that defines {fn.__qualname__}", location_of(fn),
                hint="lambdas are found by parsing their whole file; define the function with def "
                     "instead") from error
        lambdas = _MODULE_TREES[key] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Lambda):
                lambdas.setdefault(node.lineno, []).append(node)
    candidates = lambdas.get(code.co_firstlineno, [])
    params = list(code.co_varnames[: code.co_argcount + code.co_kwonlyargcount])
    candidates = [n for n in candidates if [a.arg for a in n.args.args + n.args.kwonlyargs] == params]
    if len(candidates) > 1:
        candidates = [n for n in candidates if _same_code(n, code)] or candidates
    if len(candidates) != 1:
        raise UnsupportedSyntaxError(
            f"could not tell which lambda on line {code.co_firstlineno} is {fn.__qualname__}",
            location_of(fn), hint="put the lambda on a line of its own, or use def")
    return candidates[0]


def _same_code(node: ast.Lambda, code: types.CodeType) -> bool:
    """Whether ``node`` is the lambda ``code`` was compiled from. On 3.11+ the code records the
    source span of every instruction, which must lie inside the lambda's: that tells apart even
    identical lambdas on one line. Before 3.11, compare bytecode, names and constants."""
    if hasattr(code, "co_positions"):
        start, end = (node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset)
        spans = [(line, column, end_line, end_column) for line, end_line, column, end_column in code.co_positions()
                 if column is not None and (end_line, end_column) > (line, column)]  # not prologue markers
        return bool(spans) and all(start <= (line, column) and (end_line, end_column) <= end
                                   for line, column, end_line, end_column in spans)
    compiled = compile(ast.Expression(node), code.co_filename, "eval")
    inner = next(c for c in compiled.co_consts if isinstance(c, types.CodeType))
    return (inner.co_code == code.co_code and inner.co_names == code.co_names
            and _plain_constants(inner) == _plain_constants(code))


def _plain_constants(code: types.CodeType) -> list:
    return [(type(c), repr(c)) for c in code.co_consts if not isinstance(c, types.CodeType)]
