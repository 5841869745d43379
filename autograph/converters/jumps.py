"""Shared machinery for lowering jumps (return, break, continue) into flags.

A block is lowered statement by statement. After a statement that may jump,
the rest of the block must not run when it did: if the statement is an ``if``
whose one branch always jumps and the other never does, the rest moves into the
other branch (no flag needed); otherwise the rest is guarded by ``if not flag:``.

    if c:                   if c:
        break        ->         break_ = True
    y = 1                   else:
                                y = 1
"""

from __future__ import annotations

import ast
import copy
import enum
from typing import Callable

from autograph import templates
from autograph.analysis.scopes import TRY_STATEMENTS, has_catch_all
from autograph.analysis.walk import children


class NeedsFlag(Exception):
    """Raised by a lowering that was asked to do without a flag but cannot."""


class Jumps(enum.IntEnum):
    NEVER = 0
    MAYBE = 1
    ALWAYS = 2


def combine(*statuses: Jumps) -> Jumps:
    if all(s is Jumps.ALWAYS for s in statuses):
        return Jumps.ALWAYS
    if all(s is Jumps.NEVER for s in statuses):
        return Jumps.NEVER
    return Jumps.MAYBE


StatementLowering = Callable[[ast.stmt], "tuple[list[ast.stmt], Jumps] | None"]


class BlockLowering:
    """Lowers one kind of jump in a block; ``lower_jump`` rewrites the jump statement itself,
    ``lower_other`` may take over other statements (return None to use the default)."""

    def __init__(self, is_jump: Callable[[ast.stmt], bool], lower_jump: Callable[[ast.stmt], list[ast.stmt]],
                 flag: str | None, dead: list[ast.stmt]) -> None:
        self.dead = dead  # statements dropped as unreachable (their names must stay local)
        self.is_jump = is_jump
        self.lower_jump = lower_jump
        self.flag = flag
        self.guards = 0  # how many `if not flag:` guards were written
        self.lower_other: StatementLowering = lambda node: None

    def block(self, statements: list[ast.stmt]) -> tuple[list[ast.stmt], Jumps]:
        out: list[ast.stmt] = []
        for index, statement in enumerate(statements):
            new, status = self.statement(statement)
            if status is Jumps.ALWAYS:
                self.dead.extend(statements[index + 1:])  # what follows is dead code
                return out + new, Jumps.ALWAYS
            if status is Jumps.MAYBE:
                if index + 1 == len(statements):
                    return out + new, Jumps.MAYBE
                rest, rest_status = self.block(statements[index + 1:])
                joined, status = self._join(new, rest, rest_status)
                return out + joined, status
            out += new
        return out, Jumps.NEVER

    def _join(self, new: list[ast.stmt], rest: list[ast.stmt], rest_status: Jumps):
        if _lift(new[-1], rest, rest_status):
            return new, Jumps.ALWAYS if rest_status is Jumps.ALWAYS else Jumps.MAYBE
        if self.flag is None:
            raise NeedsFlag
        return new + self._guarded(rest), Jumps.MAYBE

    def _guarded(self, rest: list[ast.stmt]) -> list[ast.stmt]:
        """``if not flag: rest`` (a flag is needed)."""
        if self.flag is None:
            raise NeedsFlag
        self.guards += 1
        guard = templates.replace("if not FLAG:\n    REST", FLAG=self.flag, REST=rest)
        templates.copy_location(guard, rest[0])
        return guard

    def statement(self, node: ast.stmt) -> tuple[list[ast.stmt], Jumps]:
        if self.is_jump(node):
            return self.lower_jump(node), Jumps.ALWAYS
        taken = self.lower_other(node)
        if taken is not None:
            return taken
        if isinstance(node, ast.If):
            node = copy.copy(node)
            node.body, body_status = self.block(node.body)
            node.orelse, else_status = self.block(node.orelse)
            # A plain attribute, not an annotation: this node is a shallow copy, which shares the
            # original's annotation dict, and a lowering retried with a flag sets it again.
            node._jump_branches = (body_status, else_status)
            return [node], combine(body_status, else_status)
        if isinstance(node, ast.With):
            node = copy.copy(node)
            node.body, status = self.block(node.body)
            # A context manager may suppress an exception of its body: even a body that always jumps
            # can fall through to the code after the with statement.
            return [node], Jumps.MAYBE if status is Jumps.ALWAYS else status
        if isinstance(node, TRY_STATEMENTS):
            node = copy.copy(node)
            node.body, body_status = self.block(node.body)
            node.orelse, else_status = self._try_else(node.orelse, body_status)
            statuses = [combine(body_status, else_status) if body_status is not Jumps.ALWAYS else body_status]
            node.handlers, handler_statuses = self._bodies(node.handlers)
            statuses += handler_statuses
            node.finalbody, final_status = self.block(node.finalbody)
            if final_status is not Jumps.NEVER:
                return [node], Jumps.MAYBE
            return [node], combine(*statuses)
        if isinstance(node, ast.Match):
            node = copy.copy(node)
            node.cases, statuses = self._bodies(node.cases)
            if not has_catch_all(node):
                statuses.append(Jumps.NEVER)
            return [node], combine(*statuses)
        return [node], Jumps.NEVER

    def _try_else(self, orelse: list[ast.stmt], body_status: Jumps) -> tuple[list[ast.stmt], Jumps]:
        """A ``try``'s ``else`` runs only when the body finished without jumping: after a body that
        always jumps it is dead, after one that may jump it is guarded by the flag."""
        if not orelse:
            return [], Jumps.NEVER
        if body_status is Jumps.ALWAYS:
            self.dead.extend(orelse)
            return [], Jumps.NEVER
        lowered, status = self.block(orelse)
        return (self._guarded(lowered) if body_status is Jumps.MAYBE else lowered), status

    def _bodies(self, items: list) -> tuple[list, list[Jumps]]:
        """Copies of except handlers or match cases with their bodies lowered, and each status."""
        copies, statuses = [], []
        for item in items:
            item = copy.copy(item)
            item.body, status = self.block(item.body)
            copies.append(item)
            statuses.append(status)
        return copies, statuses


def _lift(node: ast.stmt, rest: list[ast.stmt], rest_status: Jumps) -> bool:
    """Move ``rest`` into the branch of ``node`` that does not jump, if there is exactly one
    such place (looking through ``elif`` chains); say whether it did. The branch's status becomes
    what it is with ``rest`` in it, since a later lift through this ``if`` reads it: an outer
    ``if`` whose branch ends in this one lifts the code after the outer ``if`` into the place that
    still falls through, not into the branch that now holds ``rest``::

        if a:                     if a:
            if b: return 1            if b: retval_ = 1
            if c: return 2    ->      else:
        else:                             if c: retval_ = 2
            return 3                      else: retval_ = x
        return x                  else:
                                      retval_ = 3
    """
    branches = getattr(node, "_jump_branches", None)
    if not isinstance(node, ast.If) or branches is None:
        return False
    for jumping, field in ((0, "orelse"), (1, "body")):
        if branches[jumping] is not Jumps.ALWAYS:
            continue
        falling = 1 - jumping
        other, block = branches[falling], getattr(node, field)
        if other is Jumps.NEVER:
            setattr(node, field, _without_pass(block) + rest)
        elif not (other is Jumps.MAYBE and block and _lift(block[-1], rest, rest_status)):
            continue
        updated = list(branches)
        updated[falling] = rest_status if other is Jumps.NEVER else (
            Jumps.ALWAYS if rest_status is Jumps.ALWAYS else Jumps.MAYBE)
        node._jump_branches = tuple(updated)
        return True
    return False


def _without_pass(statements: list[ast.stmt]) -> list[ast.stmt]:
    return [s for s in statements if not isinstance(s, ast.Pass)]


def assign(name: str, value: ast.expr | bool | None, origin: ast.AST) -> ast.stmt:
    """``name = value`` positioned at ``origin``."""
    if not isinstance(value, ast.expr):
        value = ast.Constant(value=value)
    (statement,) = templates.replace("NAME = VALUE", at=origin, NAME=name, VALUE=value)
    return statement


LOOPS = (ast.For, ast.While)
NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def rewrite_loops(statements: list[ast.stmt], rewrite: Callable[[ast.For | ast.While], list[ast.stmt]]):
    """Apply ``rewrite`` to every loop of a function body, inner loops first."""
    out: list[ast.stmt] = []
    for node in statements:
        if isinstance(node, NESTED_SCOPES):
            out.append(node)
            continue
        if isinstance(node, (ast.If, ast.With, *TRY_STATEMENTS, *LOOPS)):
            node.body = rewrite_loops(node.body, rewrite)
        if isinstance(node, (ast.If, *TRY_STATEMENTS, *LOOPS)):
            node.orelse = rewrite_loops(node.orelse, rewrite)
        if isinstance(node, TRY_STATEMENTS):
            node.finalbody = rewrite_loops(node.finalbody, rewrite)
            for handler in node.handlers:
                handler.body = rewrite_loops(handler.body, rewrite)
        if isinstance(node, ast.Match):
            for case in node.cases:
                case.body = rewrite_loops(case.body, rewrite)
        out.extend(rewrite(node) if isinstance(node, LOOPS) else [node])
    return out


def own_jumps(statements: list[ast.stmt], kind: type) -> list[ast.stmt]:
    """The ``kind`` statements (break/continue) of one loop body, not those of inner loops."""
    found = []
    stack = list(statements)
    while stack:
        node = stack.pop()
        if isinstance(node, kind):
            found.append(node)
        if isinstance(node, (*NESTED_SCOPES, *LOOPS)):
            if isinstance(node, LOOPS):
                stack.extend(node.orelse)  # a loop's else clause belongs to the enclosing loop
            continue
        stack.extend(n for n in children(node) if isinstance(n, (ast.stmt, ast.excepthandler,
                                                                               ast.match_case)))
    return found


def contains_own(statements: list[ast.stmt], kind: type) -> bool:
    return bool(own_jumps(statements, kind))


def tidy(statements: list[ast.stmt]) -> list[ast.stmt]:
    """Mend the blocks that lowering emptied: ``if c: <nothing> else: b`` becomes
    ``if not c: b``; an ``if flag:`` with nothing left goes."""
    out = []
    for node in statements:
        if isinstance(node, ast.If):
            node.body, node.orelse = tidy(node.body), tidy(node.orelse)
            if not node.body and not node.orelse:
                if not isinstance(node.test, ast.Name):
                    out.append(ast.copy_location(ast.Expr(value=node.test), node))
                continue
            if not node.body:
                node.test = templates.replace_expression("not TEST", TEST=node.test)
                templates.copy_location(node.test, node)
                node.body, node.orelse = node.orelse, []
        elif isinstance(node, (ast.With, *TRY_STATEMENTS)):
            node.body = tidy(node.body) or [ast.copy_location(ast.Pass(), node)]
            if isinstance(node, TRY_STATEMENTS):
                node.orelse, node.finalbody = tidy(node.orelse), tidy(node.finalbody)
                for handler in node.handlers:
                    handler.body = tidy(handler.body) or [ast.copy_location(ast.Pass(), handler)]
        elif isinstance(node, ast.Match):
            for case in node.cases:  # a match case has no position of its own
                case.body = tidy(case.body) or [ast.copy_location(ast.Pass(), case.pattern)]
        out.append(node)
    return out


def lowering_for(kind: type, flag: str, dead: list[ast.stmt], set_flag: bool = True) -> BlockLowering:
    """Lower ``kind`` jumps of one loop body into ``flag = True`` (or into nothing, when the
    flag is set already), leaving inner loops alone."""
    lowering = BlockLowering(lambda n: isinstance(n, kind),
                             lambda n: [assign(flag, True, n)] if set_flag else [], flag, dead)
    lowering.lower_other = lambda n: ([n], Jumps.NEVER) if isinstance(n, LOOPS) else None
    return lowering


def discard_on_finally_error(statements: list[ast.stmt], flag: str,
                             resets: tuple[tuple[str, object], ...] = ()) -> None:
    """An exception raised by a ``finally`` clause discards the jump that was leaving the ``try``
    (Python forgets a pending ``return`` / ``break`` / ``continue``): where a lowered jump may set
    ``flag`` inside a ``try`` with ``finally``, the clause resets it when it raises::

        try:                              try:
            return i                          retval_ = i; do_return = True
        finally:                 ->       finally:
            log.append(1 // a)                try:
                                                  log.append(1 // a)
                                              except BaseException:
                                                  do_return = False; retval_ = None
                                                  raise

    The flag is False whenever a ``try`` starts (code after a jump is guarded), so False is its value
    from before the jump; ``resets`` are other names to put back the same way (the return value).
    """
    for node in statements:
        if isinstance(node, NESTED_SCOPES):
            continue
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                discard_on_finally_error(block, flag, resets)
        for child in getattr(node, "handlers", []) + getattr(node, "cases", []):
            discard_on_finally_error(child.body, flag, resets)
        if isinstance(node, TRY_STATEMENTS) and node.finalbody:
            guarded = node.body + node.orelse + [s for h in node.handlers for s in h.body]
            if _sets(guarded, flag):
                reset = [assign(flag, False, node.finalbody[0])]
                reset += [assign(name, value, node.finalbody[0]) for name, value in resets]
                wrapped = ast.Try(body=node.finalbody,
                                  handlers=[ast.ExceptHandler(type=ast.Name(id="BaseException", ctx=ast.Load()),
                                                              name=None, body=reset + [ast.Raise()])],
                                  orelse=[], finalbody=[])
                templates.copy_location(wrapped, node.finalbody[0])
                node.finalbody = [wrapped]


def _sets(statements: list[ast.stmt], flag: str) -> bool:
    """Whether ``flag = True`` stands in the statements (nested scopes aside)."""
    stack = list(statements)
    while stack:
        node = stack.pop()
        if isinstance(node, NESTED_SCOPES):
            continue
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == flag and isinstance(node.value, ast.Constant) and node.value.value is True):
            return True
        stack.extend(children(node))
    return False
