"""THE ordered list of passes that turns a function's AST into its converted AST.

    convert_tree(function_node, ctx)         # rewrites in place; nested functions first

Each pass is one converter's ``transform``; the comment on each line says why it
stands where it does.
"""

from __future__ import annotations

import ast

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
    continue_statements,
    control_flow,
    fence,
    frame_reads,
    handlers,
    hoisting,
    item_writes,
    logical_expressions,
    return_statements,
)


def convert_tree(node: ast.FunctionDef | ast.Lambda, ctx: Context) -> None:
    nested_functions = _nested_functions(node)
    for nested in nested_functions:
        if not fence.is_generator_or_async(nested):  # those run as plain Python
            convert_tree(nested, ctx)
    if isinstance(node, ast.Lambda):
        kinds = _statement_kinds(walk(node))
        if kinds & {"frame_read", "caller_frames"}:
            scope = function_scope(node)
            if "frame_read" in kinds:
                frame_reads.transform(node, ctx, scope.locals | scope.params)
            if "caller_frames" in kinds:
                caller_frames.transform(node, ctx, scope.locals | scope.params)
        call_trees.transform(node, ctx, function_scope(node).locals)
        logical_expressions.transform(node, ctx)
        return
    # 1. Refuse what cannot be converted before changing anything.
    fence.transform(node, ctx)
    # One walk says which of the rewrites below have anything to do (most functions have none).
    # (Nothing has changed the root function yet if it has no nested one: its walk is at hand.)
    unchanged = node is ctx.root and ctx.root_nodes and not nested_functions
    present = _statement_kinds(ctx.root_nodes if unchanged else walk(node))
    # 1b. `y[k] = v` into a local rebinds it, so that the analyses below see `y` assigned.
    if present & {"item_write"}:
        item_writes.transform(node)
    # 1c. Except clauses re-raise the graph's limitation errors before the user's handler runs.
    if "handler" in present:
        handlers.transform(node)
    # 1d. An assert's test may be staged: the backend checks it at run time.
    if "assert" in present:
        asserts.transform(node)
    # 1e. `locals()`, `eval(s)`: they read the function's variables, not a generated block's.
    original_scope = function_scope(node)
    ctx.frame_reads = "frame_read" in present and frame_reads.transform(
        node, ctx, original_scope.locals | original_scope.params)
    # 1f. `sys._getframe(1)`, `warnings.warn(..., stacklevel=2)`: they count the original's frames.
    if "caller_frames" in present:
        caller_frames.transform(node, ctx, original_scope.locals | original_scope.params)
    # 2. Which reads may find a variable unbound, on the original code: there the jumps still
    #    say which paths exist (lowered, they become flags the analysis cannot see through).
    ctx.maybe_unbound_reads = definitions.resolve(node.body, original_scope.locals, original_scope.params) > 0
    names_before = len(ctx.namer.handed_out)
    # 2b. Which calls in if tests always give a bool (isinstance): such an if, and a return in it, stay Python.
    if "if" in present:
        bool_calls.resolve(node, ctx, original_scope.locals)
    # 3. Returns first: a return inside a loop becomes an assignment plus a `break`...
    return_statements.transform(node, ctx)
    if "loop" in present:  # (the two passes below only rewrite loops; the one above adds none)
        # 4. ...which this pass lowers, with loop `else` clauses, into flags the loops test.
        break_statements.transform(node, ctx)
        # 5. Continues last among jumps: it may reuse the branches the passes above wrote.
        continue_statements.transform(node, ctx)
    lowered = len(ctx.namer.handed_out) != names_before or ctx.dead_code
    _keep_dead_names_local(node, ctx)
    # 6. Liveness sees the jump-free function, with the flags as ordinary variables. A lowering
    #    makes a flag (a new name) or drops dead code; without either, the function binds and
    #    reads the names it did (a loop's `else` may have moved out of it), so its scope stands.
    scope = function_scope(node) if lowered else original_scope
    #    A function that reads its frame (locals(), eval(s)) reads every variable, anywhere.
    liveness.resolve(node.body, frozenset(scope.locals) if ctx.frame_reads else frozenset())
    # 7. Expression rewrites keep the annotated Name and statement nodes, only wrap them.
    call_trees.transform(node, ctx, scope.locals)
    logical_expressions.transform(node, ctx)
    # 8. Statements into closures last: it reads every annotation above.
    control_flow.transform(node, ctx, scope)
    # 9. Closures inside loop bodies move before their loop: it needs them all written.
    if present & {"loop"}:
        hoisting.transform(node, ctx)


_FRAME_READERS = frame_reads.READERS
_FRAME_COUNTERS = caller_frames.CALLEES


def _statement_kinds(nodes: list[ast.AST]) -> set[str]:
    kinds = set()
    for sub in nodes:
        cls = type(sub)
        if cls is ast.ExceptHandler:
            kinds.add("handler")
        elif cls is ast.Assert:
            kinds.add("assert")
        elif cls is ast.For or cls is ast.While:
            kinds.add("loop")
        elif cls is ast.If:
            kinds.add("if")
        elif cls is ast.Call:
            func = sub.func
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
