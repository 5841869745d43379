"""THE ordered list of passes that turns a function's AST into its converted form.

    convert_tree(function_node, ctx)         # rewrites in place; nested functions first
    AUTOGRAPH_DUMP_AFTER=control_flow python prog.py   # the tree after a pass (or `all`), to stderr

``PASSES`` declares them: each a name, a function ``(unit, ctx)`` that runs one converter's
``transform`` or one analysis, and the statement kinds that give it work. The comment on each line
says why it stands where it does. A pass that crashes raises ``ConverterBug``, naming the pass and
the function's file and line (numba's pass manager is the model).
"""

from __future__ import annotations

import ast
import os
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

from autograph.analysis import bool_calls, definitions, liveness
from autograph.analysis.function_scopes import function_scope
from autograph.analysis.scopes import names_of
from autograph.analysis.walk import statement_children, walk
from autograph.context import Context
from autograph.converters import (
    asserts,
    break_statements,
    call_trees,
    caller_frames,
    carried_state,
    continue_statements,
    control_flow,
    counter_subscripts,
    fence,
    frame_reads,
    handlers,
    hoisting,
    item_writes,
    logical_expressions,
    percent_formats,
    return_statements,
    traced_text,
)
from autograph.errors import ConversionError, ConverterBug
from runtime.staging import format_site


@dataclass
class Unit:
    """One function being converted (the root, or a nested function, converted first): what the passes
    learn about it on the way. Every pass takes ``(unit, ctx)``."""

    node: ast.FunctionDef
    present: set[str] = field(default_factory=set)  # the statement kinds in it (_statement_kinds)
    original_scope: Any = None  # its scope as written (function_scope), before any lowering
    scope: Any = None  # its scope after the jumps are lowered
    names_before: int = 0  # names handed out before the jumps were lowered


@dataclass(frozen=True)
class Pass:
    """A named step of the pipeline; ``when``: the statement kinds that give it work (empty: always)."""

    name: str
    run: Callable[[Unit, Context], None]
    when: frozenset[str] = frozenset()


def _refuse(unit: Unit, ctx: Context) -> None:
    fence.transform(unit.node, ctx)


def _item_writes(unit: Unit, ctx: Context) -> None:
    item_writes.transform(unit.node)


def _handlers(unit: Unit, ctx: Context) -> None:
    handlers.transform(unit.node)


def _asserts(unit: Unit, ctx: Context) -> None:
    asserts.transform(unit.node)


def _frame_reads(unit: Unit, ctx: Context) -> None:
    unit.original_scope = scope = function_scope(unit.node)
    ctx.frame_reads = "frame_read" in unit.present and frame_reads.transform(unit.node, ctx,
                                                                              scope.locals | scope.params)


def _caller_frames(unit: Unit, ctx: Context) -> None:
    scope = unit.original_scope
    caller_frames.transform(unit.node, ctx, scope.locals | scope.params)


def _definitions(unit: Unit, ctx: Context) -> None:
    scope = unit.original_scope
    # (a walk for nested functions' `nonlocal x; del x` only where some function here declares a nonlocal)
    unbound_elsewhere = (definitions.unbound_by_nested_functions(unit.node.body) if "nonlocal" in unit.present
                         else frozenset())
    ctx.maybe_unbound_reads = definitions.resolve(unit.node.body, scope.locals, scope.params, unbound_elsewhere) > 0
    unit.names_before = len(ctx.namer.handed_out)


def _bool_calls(unit: Unit, ctx: Context) -> None:
    bool_calls.resolve(unit.node, ctx, unit.original_scope.locals)


def _returns(unit: Unit, ctx: Context) -> None:
    return_statements.transform(unit.node, ctx)


def _breaks(unit: Unit, ctx: Context) -> None:
    break_statements.transform(unit.node, ctx)


def _continues(unit: Unit, ctx: Context) -> None:
    continue_statements.transform(unit.node, ctx)


def _liveness(unit: Unit, ctx: Context) -> None:
    lowered = len(ctx.namer.handed_out) != unit.names_before or ctx.dead_code
    _keep_dead_names_local(unit.node, ctx)
    # A lowering makes a flag (a new name) or drops dead code; without either, the function binds and
    # reads the names it did (a loop's `else` may have moved out of it), so its scope stands.
    unit.scope = function_scope(unit.node) if lowered else unit.original_scope
    # A function that reads its frame (locals(), eval(s)) reads every variable, anywhere.
    liveness.resolve(unit.node.body, frozenset(unit.scope.locals) if ctx.frame_reads else frozenset())


def _grown_lists(unit: Unit, ctx: Context) -> None:
    carried_state.mark_grown_lists(unit.node)


def _calls(unit: Unit, ctx: Context) -> None:
    call_trees.transform(unit.node, ctx, unit.scope.locals)


def _traced_text(unit: Unit, ctx: Context) -> None:
    traced_text.transform(unit.node)


def _percent_formats(unit: Unit, ctx: Context) -> None:
    percent_formats.transform(unit.node)


def _logical(unit: Unit, ctx: Context) -> None:
    logical_expressions.transform(unit.node, ctx)


def _counter_subscripts(unit: Unit, ctx: Context) -> None:
    counter_subscripts.transform(unit.node)


def _control_flow(unit: Unit, ctx: Context) -> None:
    control_flow.transform(unit.node, ctx, unit.scope)


def _hoisting(unit: Unit, ctx: Context) -> None:
    hoisting.transform(unit.node, ctx)


# THE pipeline of a def, in order; the comment on each line says why it stands where it does.
PASSES: tuple[Pass, ...] = (
    Pass("fence", _refuse),  # refuse what cannot be converted before changing anything
    # Text made from values and used as data (not a message): on the code as written, its raise and assert intact.
    Pass("traced_text", _traced_text, frozenset({"text"})),
    Pass("item_writes", _item_writes, frozenset({"item_write"})),  # `y[k] = v` rebinds y: the analyses see it
    Pass("handlers", _handlers, frozenset({"handler", "with"})),  # except clauses re-raise the graph's limitations
    Pass("asserts", _asserts, frozenset({"assert"})),  # an assert's test may be staged
    Pass("frame_reads", _frame_reads),  # locals(), eval(s) read the function's variables (scope as written)
    Pass("caller_frames", _caller_frames, frozenset({"caller_frames"})),  # sys._getframe(1) counts the original's
    # Which reads may find a variable unbound, on the original code: the jumps still say which paths exist.
    Pass("definitions", _definitions),
    Pass("bool_calls", _bool_calls, frozenset({"if"})),  # an if on isinstance(...) stays a Python if
    Pass("return_statements", _returns),  # a return in a loop becomes an assignment plus a break...
    Pass("break_statements", _breaks, frozenset({"loop"})),  # ...which this lowers, with loop else, into flags
    Pass("continue_statements", _continues, frozenset({"loop"})),  # last among jumps: reuses the branches above
    Pass("liveness", _liveness),  # sees the jump-free function, flags as ordinary variables
    Pass("grown_lists", _grown_lists, frozenset({"loop"})),  # the lists a loop appends to, on the user's calls...
    Pass("call_trees", _calls),  # ...before this wraps them; rewrites keep the annotated nodes, only wrap them
    Pass("percent_formats", _percent_formats, frozenset({"percent_format"})),  # after: its call is the runtime's
    Pass("logical_expressions", _logical),
    # Reads indexed by a loop's counter (the thunks of `and`/`or` included), while the loops are still loops.
    Pass("counter_subscripts", _counter_subscripts, frozenset({"loop"})),
    Pass("control_flow", _control_flow),  # statements into closures: reads every annotation above
    Pass("hoisting", _hoisting, frozenset({"loop"})),  # closures in loop bodies move before their loop
)
PASS_NAMES = frozenset(p.name for p in PASSES) | {"lambda"}
DUMP_VARIABLE = "AUTOGRAPH_DUMP_AFTER"


def convert_tree(node: ast.FunctionDef | ast.Lambda, ctx: Context) -> None:
    """Run ``PASSES`` over ``node`` (nested functions first). ``AUTOGRAPH_DUMP_AFTER=<pass>`` prints the
    tree after that pass to stderr; a pass that crashes raises ``ConverterBug`` naming it and the
    function's file and line."""
    nested_functions = _nested_functions(node)
    for nested in nested_functions:
        # Generators and bytecode compilers' kernels (@numba.njit) run as plain Python
        if not fence.is_generator_or_async(nested) and not fence.compiled_from_bytecode(nested, node, ctx):
            convert_tree(nested, ctx)
    dump = os.environ.get(DUMP_VARIABLE)
    if isinstance(node, ast.Lambda):
        _run(Pass("lambda", _lambda), Unit(node), ctx, dump)
        return
    unit = Unit(node)
    # One walk says which passes have anything to do (most functions have no loop, handler, ...).
    # (Nothing has changed the root function yet if it has no nested one: its walk is at hand.)
    unchanged = node is ctx.root and ctx.root_nodes and not nested_functions
    unit.present = _statement_kinds(ctx.root_nodes if unchanged else walk(node))
    for step in PASSES:
        if not step.when or step.when & unit.present:
            _run(step, unit, ctx, dump)


def _run(step: Pass, unit: Unit, ctx: Context, dump: str | None) -> None:
    try:
        step.run(unit, ctx)
    except ConversionError:
        raise
    except Exception as error:  # a converter bug: say where, and which pass
        name = getattr(unit.node, "name", "<lambda>")
        where = format_site(ctx.filename, unit.node.lineno)
        raise ConverterBug(f"autograph's {step.name!r} pass failed on {name} ({where}): "
                           f"{type(error).__name__}: {error}. This is a bug in autograph: please report it, with "
                           "the function; meanwhile mark the function autograph.do_not_convert") from error
    if dump is not None and dump in (step.name, "all"):
        print(f"# autograph: {getattr(unit.node, 'name', '<lambda>')} ({ctx.filename}:{unit.node.lineno}) "
              f"after {step.name}\n{ast.unparse(unit.node)}", file=sys.stderr)


def _lambda(unit: Unit, ctx: Context) -> None:
    """A lambda's passes: its frame reads, its calls, its ``and`` / ``or`` / ``not``."""
    node = unit.node
    kinds = _statement_kinds(walk(node))
    if kinds & {"frame_read", "caller_frames"}:
        scope = function_scope(node)
        if "frame_read" in kinds:
            frame_reads.transform(node, ctx, scope.locals | scope.params)
        if "caller_frames" in kinds:
            caller_frames.transform(node, ctx, scope.locals | scope.params)
    if "text" in kinds:
        traced_text.transform(node)
    call_trees.transform(node, ctx, function_scope(node).locals)
    if "percent_format" in kinds:
        percent_formats.transform(node)
    logical_expressions.transform(node, ctx)


_FRAME_READERS = frame_reads.READERS
_FRAME_COUNTERS = caller_frames.CALLEES


def _statement_kinds(nodes: list[ast.AST]) -> set[str]:
    kinds = set()
    for sub in nodes:
        cls = type(sub)
        if cls is ast.ExceptHandler:
            kinds.add("handler")
        elif cls is ast.With:
            kinds.add("with")
        elif cls is ast.Assert:
            kinds.add("assert")
        elif cls is ast.For or cls is ast.While:
            kinds.add("loop")
        elif cls is ast.If:
            kinds.add("if")
        elif cls is ast.Nonlocal:
            kinds.add("nonlocal")
        elif cls is ast.Call:
            func = sub.func
            if traced_text.uses_text(sub):
                kinds.add("text")
            if func.__class__ is ast.Name:
                if func.id in _FRAME_READERS:
                    kinds.add("frame_read")
                elif func.id in _FRAME_COUNTERS:
                    kinds.add("caller_frames")
            elif func.__class__ is ast.Attribute and func.attr in _FRAME_COUNTERS:
                kinds.add("caller_frames")
            for keyword in sub.keywords:
                if keyword.arg == "stacklevel":
                    kinds.add("caller_frames")
        elif cls is ast.BinOp and percent_formats.rewritten(sub):
            kinds.add("percent_format")
            kinds.add("text")
        elif (cls is ast.JoinedStr or cls is ast.BinOp) and traced_text.is_text(sub):
            kinds.add("text")
        elif (cls is ast.Assign and isinstance(sub.targets[0], ast.Subscript)) or (
                cls is ast.AugAssign and isinstance(sub.target, ast.Subscript)):
            kinds.add("item_write")
    return kinds


def _keep_dead_names_local(node: ast.FunctionDef, ctx: Context) -> None:
    """Unreachable code the lowering dropped may have been the only binding of a name, which
    made it local (so reading it raised UnboundLocalError, not NameError). Keep such names
    local with bindings that never run, after the function's last return."""
    dead, ctx.dead_code = ctx.dead_code, []
    if not dead:
        return
    lost = names_of(dead).writes - names_of(node.body).writes - function_scope(node).params
    if not lost:
        return
    if not isinstance(node.body[-1], ast.Return):
        node.body.append(ast.copy_location(ast.Return(value=None), node.body[-1]))
    for name in sorted(lost):
        origin = node.body[-1]
        target, value = ast.copy_location(ast.Name(id=name, ctx=ast.Store()), origin), ast.copy_location(
            ast.Constant(None), origin)  # positioned: compile needs every node's
        node.body.append(ast.copy_location(ast.Assign(targets=[target], value=value), origin))


def _nested_functions(node: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    # A def is a statement: the walk goes through blocks only, in the order a full walk would.
    found = []
    stack = statement_children(node)
    while stack:
        child = stack.pop()
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.append(child)
            continue
        stack.extend(statement_children(child))
    return found
