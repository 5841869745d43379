"""Returns inside ``if`` and loops become assignments to one return variable.

Before::

    def f(x):
        if x > 0:
            return x
        return 0

After::

    def f(x):
        if x > 0:
            retval_ = x
        else:
            retval_ = 0
        return retval_

A return inside a loop also sets a ``do_return`` flag and breaks (the break
converter then lowers the break); statements after a loop that may have
returned are guarded by ``if not do_return:``. Returns that are not inside an
``if`` or a loop stay as they are.
"""

from __future__ import annotations

import ast
import copy

from autograph import anno, templates
from autograph.analysis.scopes import TRY_STATEMENTS
from autograph.analysis.walk import children
from autograph.context import Context
from autograph.converters.jumps import BlockLowering, Jumps, NeedsFlag, assign, discard_on_finally_error, own_jumps
from autograph.converters.logical_expressions import always_bool
from runtime.state_roles import RETURN_FLAG, RETURN_VALUE

_LOOPS = (ast.For, ast.While)
_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def returns_nested_in_control_flow(statements: list[ast.stmt], nested: bool = False) -> bool:
    """Whether a return in ``statements`` sits inside an ``if`` or a loop (then returns are lowered)."""
    for node in statements:
        if isinstance(node, ast.Return) and nested:
            return True
        if isinstance(node, _NESTED_SCOPES):
            continue
        inner = nested or _lowered_block(node)
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            children = getattr(node, field, None)
            if not children:
                continue
            blocks = [c.body for c in children] if field in ("handlers", "cases") else [children]
            if any(returns_nested_in_control_flow(b, inner) for b in blocks):
                return True
    return False


def _lowered_block(node: ast.stmt) -> bool:
    """Whether ``node`` runs its statements in a generated closure: a loop, or an ``if`` whose test a
    backend could stage (one testing ``isinstance(x, T)`` or ``k in d`` stays a Python ``if``)."""
    return isinstance(node, _LOOPS) or (isinstance(node, ast.If) and not always_bool(node.test))


def _guard_returns(statements: list[ast.stmt]) -> dict[int, ast.Return]:
    """The returns that stay returns: those in the statements before the first one that holds a
    lowered return (guard clauses such as ``if not isinstance(o, T): return NotImplemented``, or a
    return in a ``try``). They run in the function's own frame, and so does everything after them
    up to that statement, as in the original (a closure would add a frame to the stack that
    ``traceback.extract_stack`` and ``warnings.warn(stacklevel=...)`` look at)."""
    kept: dict[int, ast.Return] = {}  # by id, each held (an id is unique only while its node lives)
    for statement in statements:
        if returns_nested_in_control_flow([statement]):
            break
        kept.update((id(sub), sub) for sub in _own_returns(statement))
    return kept


class _ReturnLowering:
    def __init__(self, retval: str, do_return: str | None, dead: list[ast.stmt], kept: dict[int, ast.Return]) -> None:
        self.dead = dead
        self.retval = retval
        self.do_return = do_return
        self.kept = kept

    def lower(self, statements: list[ast.stmt], in_loop: bool) -> tuple[list[ast.stmt], Jumps]:
        lowering = BlockLowering(lambda n: isinstance(n, ast.Return) and id(n) not in self.kept,
                                 lambda n: self._lower_return(n, in_loop), self.do_return, self.dead)
        lowering.lower_other = lambda n: self._lower_loop(n, in_loop) if isinstance(n, _LOOPS) else None
        result = lowering.block(statements)
        if lowering.guards and self.do_return is None:
            raise NeedsFlag
        return result

    def _lower_return(self, node: ast.Return, in_loop: bool) -> list[ast.stmt]:
        value = node.value if node.value is not None else ast.Constant(value=None)
        statements = [assign(self.retval, value, node)]
        if self.do_return is not None:
            statements.append(assign(self.do_return, True, node))
        if in_loop:
            if self.do_return is None:
                raise NeedsFlag
            statements.append(self._break(node))
        return statements

    def _break(self, origin: ast.AST) -> ast.Break:
        jump = ast.copy_location(ast.Break(), origin)
        anno.set(jump, anno.Key.RETURN_FLAG, self.do_return)
        return jump

    def _lower_loop(self, node: ast.For | ast.While, in_loop: bool):
        returns_inside = _contains_return(node.body)
        breaks = bool(own_jumps(node.body, ast.Break))
        node = copy.copy(node)
        node.body, _ = self.lower(node.body, in_loop=True)
        node.orelse, else_status = self.lower(node.orelse, in_loop)
        if else_status is Jumps.ALWAYS and not breaks:
            # Every way out returns: through a return inside, or through the else clause.
            return [node], Jumps.ALWAYS
        if not returns_inside:
            # Only the else clause may return, and it does not run when the loop breaks.
            return [node], Jumps.NEVER if else_status is Jumps.NEVER else Jumps.MAYBE
        if not in_loop:
            return [node], Jumps.MAYBE
        # A return in this inner loop only broke out of it: stop the enclosing loop too.
        stop = ast.If(test=ast.Name(id=self.do_return, ctx=ast.Load()), body=[self._break(node)], orelse=[])
        templates.copy_location(stop, node)
        stop._jump_branches = (Jumps.ALWAYS, Jumps.NEVER)
        return [node, stop], Jumps.MAYBE


def _contains_return(statements: list[ast.stmt]) -> bool:
    return any(True for _ in _own_returns(*statements))


def _own_returns(*statements: ast.stmt):
    """The returns in ``statements`` (not in nested functions or classes)."""
    stack = list(statements)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Return):
            yield node
        elif not isinstance(node, _NESTED_SCOPES):
            stack.extend(n for n in children(node) if isinstance(n, (ast.stmt, ast.excepthandler,
                                                                                   ast.match_case)))


def transform(node: ast.FunctionDef, ctx: Context) -> None:
    if not returns_nested_in_control_flow(node.body):
        return
    retval = ctx.namer.new("retval_")
    ctx.state_roles[retval] = RETURN_VALUE
    statements = node.body
    if _returns_none(statements[-1]):
        # A last `return` / `return None` is what falling off the end does: the return value starts as
        # None and stays None unless a return ran, so the guard `if not do_return: retval_ = None` it
        # would become (a closure and an if_stmt in the converted form) is left out.
        statements = statements[:-1]
    body, status = _lower_with_flag(statements, retval, None, ctx, _guard_returns(statements))
    if status is not Jumps.ALWAYS:
        body.insert(0, assign(retval, None, node.body[0]))
    last = ast.Return(value=ast.Name(id=retval, ctx=ast.Load()))
    templates.copy_location(last, node.body[-1])
    node.body = body + [last]


def _returns_none(statement: ast.stmt) -> bool:
    """Whether ``statement`` is ``return`` or ``return None``."""
    return isinstance(statement, ast.Return) and (
        statement.value is None or isinstance(statement.value, ast.Constant) and statement.value.value is None)


def _drop_dead_stores(statements: list[ast.stmt], flag: str) -> list[ast.stmt]:
    """Drop ``flag = True`` where nothing can read the flag any more: outside loops, code runs
    once and in order, so a store after the last read of the flag is dead."""
    nodes = _preorder(statements)
    order = {id(node): index for index, node in enumerate(nodes)}
    last_read = max((order[id(n)] for n in nodes
                     if isinstance(n, ast.Name) and n.id == flag and isinstance(n.ctx, ast.Load)), default=-1)

    def visit(block: list[ast.stmt]) -> list[ast.stmt]:
        out = []
        for node in block:
            if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id == flag and order[id(node)] > last_read):
                continue
            if isinstance(node, (ast.If, ast.With, *TRY_STATEMENTS)):
                node.body = visit(node.body) or [ast.copy_location(ast.Pass(), node)]
            if isinstance(node, (ast.If, *TRY_STATEMENTS, *_LOOPS)):
                node.orelse = visit(node.orelse)  # a loop's else clause runs once, after the loop
            out.append(node)
        return out

    return visit(statements)


def _preorder(statements: list[ast.AST]) -> list[ast.AST]:
    """Nodes in the order their code appears (a test before its body): a depth-first walk that
    visits children in field order (no generator per node)."""
    out = []
    stack = statements[::-1]
    while stack:
        node = stack.pop()
        out.append(node)
        stack += children(node)[::-1]
    return out


def _lower_with_flag(statements, retval, do_return, ctx, kept):
    dead: list[ast.stmt] = []
    try:
        body, status = _ReturnLowering(retval, do_return, dead, kept).lower(statements, in_loop=False)
    except NeedsFlag:
        flag = ctx.namer.new("do_return")
        ctx.state_roles[flag] = RETURN_FLAG
        dead.clear()
        body, status = _ReturnLowering(retval, flag, dead, kept).lower(statements, in_loop=False)
        discard_on_finally_error(body, flag, ((retval, None),))
        body = _drop_dead_stores(body, flag)
        body.insert(0, assign(flag, False, statements[0]))
    ctx.dead_code.extend(dead)
    return body, status
