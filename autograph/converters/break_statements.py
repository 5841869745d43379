"""``break`` and loop ``else`` clauses become a flag that the loop tests.

Before::

    for x in xs:
        if x < 0:
            break
        total += x
    else:
        total = -1

After::

    break_ = False
    for x in xs:            # the loop also stops once `not break_` is false
        if x < 0:
            break_ = True
        else:
            total += x
    if not break_:
        total = -1

The loop gets the extra test as an annotation, which the control-flow
converter passes to ``ag__.while_stmt`` / ``ag__.for_stmt``. An ``else`` clause of a loop without ``break`` simply
follows the loop.
"""

from __future__ import annotations

import ast

from autograph import anno, templates
from autograph.context import Context
from autograph.converters.jumps import assign, discard_on_finally_error, lowering_for, own_jumps, rewrite_loops, tidy
from runtime.state_roles import BREAK_FLAG


def transform(node: ast.FunctionDef, ctx: Context) -> None:
    node.body = rewrite_loops(node.body, lambda loop: _lower(loop, ctx))


def _lower(loop: ast.For | ast.While, ctx: Context) -> list[ast.stmt]:
    orelse, loop.orelse = loop.orelse, []
    breaks = own_jumps(loop.body, ast.Break)
    if not breaks:
        return [loop] + orelse
    return_flags = {anno.get(b, anno.Key.RETURN_FLAG, None) for b in breaks}
    # A loop left only by returns tests the return flag itself: no second flag.
    reuse = len(return_flags) == 1 and None not in return_flags
    flag = return_flags.pop() if reuse else ctx.namer.new("break_")
    if not reuse:
        ctx.state_roles[flag] = BREAK_FLAG
    loop.body, _ = lowering_for(ast.Break, flag, ctx.dead_code, set_flag=not reuse).block(loop.body)
    if not reuse:
        discard_on_finally_error(loop.body, flag)
    loop.body = tidy(loop.body) or [ast.copy_location(ast.Pass(), loop)]
    not_broken = templates.replace_expression("not FLAG", FLAG=flag)
    templates.copy_location(not_broken, loop)
    anno.set(loop, anno.Key.EXTRA_TEST, not_broken)
    anno.set(loop, anno.Key.LOOP_FLAG, flag)
    result = [loop] if reuse else [assign(flag, False, loop), loop]
    if orelse:
        result += templates.replace("if not FLAG:\n    ELSE", FLAG=flag, ELSE=orelse)
        templates.copy_location(result[-1], orelse[0])
    return result
