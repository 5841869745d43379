"""``continue`` becomes a skip of the rest of the loop body.

Before::

    for x in xs:
        if x < 0:
            continue
        total += x

After::

    for x in xs:
        if not x < 0:
            total += x

Where the rest cannot simply move into the other branch, a ``continue_``
flag is reset at the start of each iteration and guards the rest.
"""

from __future__ import annotations

import ast

from autograph import templates
from autograph.analysis.scopes import TRY_STATEMENTS
from autograph.context import Context
from autograph.converters.jumps import (
    LOOPS,
    NESTED_SCOPES,
    assign,
    contains_own,
    discard_on_finally_error,
    lowering_for,
    rewrite_loops,
)


def transform(node: ast.FunctionDef, ctx: Context) -> None:
    node.body = rewrite_loops(node.body, lambda loop: _lower(loop, ctx))


def _lower(loop: ast.For | ast.While, ctx: Context) -> list[ast.stmt]:
    if not contains_own(loop.body, ast.Continue):
        return [loop]
    flag = ctx.namer.new("continue_")
    lowering = lowering_for(ast.Continue, flag, ctx.dead_code)
    body, _ = lowering.block(loop.body)
    if lowering.guards:
        discard_on_finally_error(body, flag)
        loop.body = [assign(flag, False, loop)] + body
    else:
        # Every continue was lifted into an else branch: the flag is never read.
        loop.body = _drop_flag(body, flag) or [ast.copy_location(ast.Pass(), loop)]
    return [loop]


def _drop_flag(statements: list[ast.stmt], flag: str) -> list[ast.stmt]:
    out = []
    for node in statements:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == flag):
            continue
        if isinstance(node, (*NESTED_SCOPES, *LOOPS)):
            out.append(node)
            continue
        for field in ("body", "orelse", "finalbody"):
            if isinstance(getattr(node, field, None), list) and getattr(node, field):
                setattr(node, field, _drop_flag(getattr(node, field), flag))
        for child in getattr(node, "handlers", []) + getattr(node, "cases", []):
            origin = child if hasattr(child, "lineno") else child.pattern  # a match case has no position
            child.body = _drop_flag(child.body, flag) or [ast.copy_location(ast.Pass(), origin)]
        if isinstance(node, ast.If) and not node.body:
            if not node.orelse:
                node.body = [ast.copy_location(ast.Pass(), node)]
            else:
                # `if c: <nothing> else: rest` reads better as `if not c: rest`.
                node.test = templates.replace_expression("not TEST", TEST=node.test)
                templates.copy_location(node.test, node)
                node.body, node.orelse = node.orelse, []
        elif isinstance(node, (ast.With, *TRY_STATEMENTS)) and not node.body:
            node.body = [ast.copy_location(ast.Pass(), node)]
        out.append(node)
    return out
