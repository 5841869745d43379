"""Item reads indexed by a loop's counter go through ``ag__.item``, which a staged counter can index.

Before::

    for t in range(n):
        state = best_next[t][state]
    while i < n:
        total = total + weights[i]
        i += 1

After::

    for t in range(n):
        state = ag__.item(best_next, t)[state]
    while i < n:
        total = total + ag__.item(weights, i)
        i += 1

When the loop is staged (``jax.jit``: a ``lax.scan`` or ``lax.while_loop``), its counter is a traced
integer, which a Python list or tuple refuses as an index (its ``__index__`` has no value yet).
``ag__.item(base, index)`` is ``base[index]`` (the same ``type(base).__getitem__``, the same
exception, no frame of its own in the traceback); only where that read refuses a staged index does it
ask the index's backend, which reads a list of arrays of one shape and dtype as one stacked array
(runtime/jax/items.py). A loop's counters are its ``for`` target and, for a ``while``, the names its
test reads that its body assigns. Subscripts whose index reads none of them stay plain (a routed read
costs a call on plain values), as do slices of a counter (``xs[:i]``: a list of unknown length) and
writes (``item_writes`` rebinds those).
"""

from __future__ import annotations

import ast

from autograph import templates
from autograph.analysis.scopes import names_of
from autograph.analysis.walk import walk
from autograph.transformer import Transformer


def _counters(loop: ast.For | ast.While) -> frozenset[str]:
    if isinstance(loop, ast.For):
        return frozenset(names_of(loop.target).writes)
    return frozenset(names_of(loop.test).reads & names_of(loop.body).writes)


class _CounterSubscripts(Transformer):
    def __init__(self) -> None:
        self.counters: frozenset[str] = frozenset()  # the counters of the loops around the node visited

    def _inside(self, loop: ast.For | ast.While, fields: tuple[str, ...]) -> None:
        saved, self.counters = self.counters, self.counters | _counters(loop)
        try:
            for field in fields:
                setattr(loop, field, [self.visit(statement) for statement in getattr(loop, field)])
        finally:
            self.counters = saved

    def visit_For(self, node: ast.For) -> ast.For:
        node.iter = self.visit(node.iter)  # evaluated once, before the loop: no counter yet
        self._inside(node, ("body",))
        node.orelse = [self.visit(statement) for statement in node.orelse]
        return node

    def visit_While(self, node: ast.While) -> ast.While:
        saved, self.counters = self.counters, self.counters | _counters(node)
        try:
            node.test = self.visit(node.test)
        finally:
            self.counters = saved
        self._inside(node, ("body",))
        node.orelse = [self.visit(statement) for statement in node.orelse]
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        self.generic_visit(node)
        if not self.counters or not isinstance(node.ctx, ast.Load):
            return node
        index = node.slice
        subs = walk(index)
        if any(isinstance(sub, ast.Slice) for sub in subs) or not any(
                isinstance(sub, ast.Name) and sub.id in self.counters for sub in subs):
            return node
        call = ast.Call(func=templates.replace_expression("ag__.item"), args=[node.value, index], keywords=[])
        templates.copy_location(call, node)
        return call

    def visit_FunctionDef(self, node: ast.AST) -> ast.AST:
        return node  # nested functions are converted on their own (their counters are their own)

    visit_AsyncFunctionDef = visit_ClassDef = visit_FunctionDef


def transform(node: ast.FunctionDef) -> None:
    subscripts = _CounterSubscripts()
    node.body = [subscripts.visit(statement) for statement in node.body]
