"""The compiled function: the converted form and the function as written, chosen per call.

Before (the user's function, and what ``to_code`` shows of its converted form)::

    def f(x):                              def f(x):
        global n                               global n
        if x > 0:                              def if_body(): ...
            n += 1                             def else_body(): ...
        return x                               ag__.if_stmt(x > 0, if_body, else_body, ('n',))()
                                               return x

After (what is compiled: ``to_code(f, compiled=True)``)::

    def f(x):
        global n
        if ag__.tracing():                 # a staged value may reach this call (runtime/choice.py)
            with ag__.tidying:             # the traceback keeps one entry per frame of the original
                def if_body(): ...
                def else_body(): ...
                ag__.if_stmt(x > 0, if_body, else_body, ('n',))()
                return x
        if x > 0:                          # the function as written, untouched
            n += 1
        return x

Each user statement is compiled twice at most, whatever the nesting: once as written, once in the
converted form (whose nested functions are converted forms only, with no choice of their own: only
converted code reaches them while it runs its converted form). Both forms share one frame, so
neither adds a frame, and the choice is the first line of the body, at the line of the user's first
statement: a line tracer sees the original's first line event, no extra one. ``global`` and
``nonlocal`` declarations move to the top (a scope-wide declaration must precede every use, and
both forms use the names). A lambda becomes ``lambda x: CONVERTED if ag__.tracing() else AS_WRITTEN``.

The runtime is not a variable of the compiled code: every ``ag__`` becomes a constant (``RUNTIME``,
a string no program writes, which the loader swaps for the runtime module in each code object's
constants), so ``ag__`` is in no frame's locals, closure or globals.
"""

from __future__ import annotations

import ast

from autograph.analysis.walk import walk
from autograph.converters.control_flow import is_docstring

# Stands for the runtime module in the compiled code (loading.py puts the module in its place).
RUNTIME = "\x00autograph.runtime\x00"
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def combine(converted: ast.FunctionDef | ast.Lambda, as_written: ast.FunctionDef | ast.Lambda,
            runtime_name: str) -> ast.FunctionDef | ast.Lambda:
    """The function to compile: ``converted``'s signature, choosing per call between ``converted``'s
    body and ``as_written``'s (the user's own tree, parsed afresh: the converters never saw it)."""
    if isinstance(converted, ast.Lambda):
        original = as_written.body
        at = _position(original)
        combined = _copy(converted)
        combined.body = ast.IfExp(test=_staging(runtime_name, at), body=converted.body, orelse=original, **at)
        return combined
    body = list(as_written.body)
    head = [body.pop(0)] if is_docstring(body) else []
    converted_body = converted.body[1:] if is_docstring(converted.body) else list(converted.body)
    if same_statements(converted_body, body):
        # Nothing to choose (no control flow, no call the converted form would route: `return self.w * self.h`):
        # the function as written is the converted form, and runs on every call with no check.
        combined = _copy(converted)
        combined.body = list(as_written.body)
        combined.chooses = False  # (loading.py: every code object in it is the converted form's)
        return combined
    declared = _take_declarations(body) | _take_declarations(converted_body)
    first = body[0] if body else (head[0] if head else as_written)
    at = _position(first, one_line=True)
    for kind in (ast.Global, ast.Nonlocal):
        names = sorted(name for name, of_kind in declared if of_kind is kind)
        if names:
            head.append(kind(names=names, **at))
    last = converted_body[-1] if converted_body else first
    if not isinstance(last, (ast.Return, ast.Raise)):  # (else it would run on into the function as written)
        converted_body.append(ast.Return(value=None, **_position(last, one_line=True)))
    # An exception leaving the converted form leaves its blocks' traceback entries behind (ag__.tidying). The
    # `with`'s re-raise puts the frame back at the raising instruction (runtime/tracebacks.py), so the frame's line
    # as the exception leaves is the original's. It stands at the first statement's line: an exception raised by
    # its own `__exit__` (a RecursionError at the limit) needs a line for its traceback entry (at no line, the
    # entry's tb_lineno is None, which pytest and inspect cannot print), at the price of a line event there as the
    # exception leaves (as a `with` statement of the user's own gives one).
    tidying = ast.withitem(context_expr=ast.Attribute(value=ast.Name(id=runtime_name, ctx=ast.Load(), **at),
                                                      attr="tidying", ctx=ast.Load(), **at), optional_vars=None)
    guarded = ast.With(items=[tidying], body=converted_body, **at)
    choice = ast.If(test=_staging(runtime_name, at), body=[guarded], orelse=[], **at)
    combined = _copy(converted)
    combined.body = [*head, choice, *(body or [ast.Pass(**at)])]
    return combined


def same_statements(converted: list[ast.stmt], as_written: list[ast.stmt]) -> bool:
    """Whether the converted form's statements are the function's own, as written (positions aside). Asked of
    every conversion: a walk that stops at the first difference (most functions differ early: their first `if`
    or loop), not a text of each tree."""
    return _same(converted, as_written)


def _same(a: object, b: object) -> bool:
    if a.__class__ is not b.__class__:
        return False
    if isinstance(a, ast.AST):
        return all(_same(getattr(a, name, None), getattr(b, name, None)) for name in a._fields)
    if a.__class__ is list:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if a.__class__ is float or a.__class__ is complex:
        return repr(a) == repr(b)  # (-0.0 == 0.0, and NaN is not NaN: the written constants, as ast.dump compares)
    return a == b


def use_runtime_constant(combined: ast.FunctionDef | ast.Lambda, parts: list[ast.AST], runtime_name: str) -> None:
    """Every read of ``runtime_name`` in ``combined`` (in its choice and in ``parts``: the converted form,
    and the as-written form where a frame read was rewritten) becomes the constant ``RUNTIME``, in place."""
    if isinstance(combined, ast.Lambda):
        runtime_reads = [combined.body.test.func.value]
    else:
        choice = next((statement for statement in combined.body if _is_choice(statement, runtime_name)), None)
        runtime_reads = [] if choice is None else [choice.test.func.value, choice.body[0].items[0].context_expr.value]
    for sub in [*runtime_reads, *(node for part in parts for node in walk(part))]:
        if sub.__class__ is ast.Name and sub.id == runtime_name:
            sub.__class__ = ast.Constant  # (same layout: the node keeps its position)
            sub.value, sub.kind = RUNTIME, None
            del sub.id, sub.ctx


def _is_choice(statement: ast.stmt, runtime_name: str) -> bool:
    """Whether ``statement`` is the per-call choice ``combine`` wrote (``if ag__.tracing():``)."""
    test = getattr(statement, "test", None)
    return (statement.__class__ is ast.If and test.__class__ is ast.Call and test.func.__class__ is ast.Attribute
            and test.func.attr == "tracing" and test.func.value.__class__ is ast.Name
            and test.func.value.id == runtime_name and len(statement.body) == 1
            and statement.body[0].__class__ is ast.With)


def _staging(runtime_name: str, at: dict[str, int]) -> ast.Call:
    function = ast.Attribute(value=ast.Name(id=runtime_name, ctx=ast.Load(), **at), attr="tracing", ctx=ast.Load(),
                             **at)
    return ast.Call(func=function, args=[], keywords=[], **at)


def _take_declarations(block: list[ast.stmt]) -> set[tuple[str, type]]:
    """Remove the ``global`` / ``nonlocal`` statements of the function's own scope from ``block`` (and
    the blocks in it); return what they declared. A block left empty gets a ``pass``."""
    declared: set[tuple[str, type]] = set()
    kept = []
    for statement in block:
        cls = statement.__class__
        if cls is ast.Global or cls is ast.Nonlocal:
            declared.update((name, cls) for name in statement.names)
            continue
        kept.append(statement)
        if cls not in _SCOPES:
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(statement, field, None)
                if inner.__class__ is list and inner and isinstance(inner[0], ast.stmt):
                    declared |= _take_declarations(inner)
                    if not inner:
                        inner.append(ast.Pass(**_position(statement, one_line=True)))
            for item in getattr(statement, "handlers", None) or getattr(statement, "cases", None) or ():
                declared |= _take_declarations(item.body)
                if not item.body:
                    item.body.append(ast.Pass(**_position(item, one_line=True)))
    if len(kept) != len(block):
        block[:] = kept
    return declared


def _position(node: ast.AST, one_line: bool = False) -> dict[str, int]:
    line, column = node.lineno, node.col_offset
    if one_line:
        return {"lineno": line, "col_offset": column, "end_lineno": line, "end_col_offset": column}
    return {"lineno": line, "col_offset": column, "end_lineno": node.end_lineno, "end_col_offset": node.end_col_offset}


def _copy(node: ast.AST) -> ast.AST:
    new = node.__class__.__new__(node.__class__)
    new.__dict__.update(node.__dict__)
    return new
