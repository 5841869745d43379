"""Live variables, computed on the structured AST (no jumps are left when it runs).

A name is live at a point if some path from there reads it before binding it.
``resolve`` annotates every ``if``, ``while`` and ``for`` with LIVE_IN (for a
loop: live at its head, every iteration) and LIVE_OUT. The control-flow
converter carries a modified variable only when it is live.

    x = 1
    if c:          # LIVE_IN {c, x, y}; LIVE_OUT {x}
        x = y
    return x
"""

from __future__ import annotations

import ast

from autograph import anno
from autograph.analysis.scopes import NameSets, names_of

_NESTED_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class _Liveness:
    def __init__(self) -> None:
        self.exception_live: set[str] = set()  # live at the handlers of enclosing try statements
        self.resume_live: set[str] = set()  # live after the enclosing with statements (an __exit__ may swallow a raise)
        self.results: dict[ast.stmt, tuple[set[str], set[str]]] = {}
        # A loop's body is analysed until its head's set stops changing (and an inner loop's, for
        # each of those rounds): the names of its plain statements are collected once, by node id
        # (the tree keeps the nodes alive while the analysis runs).
        self._names: dict[int, NameSets] = {}

    def block(self, statements: list[ast.stmt], live_out: set[str]) -> set[str]:
        live = set(live_out)
        for statement in reversed(statements):
            live = self.statement(statement, live | self.exception_live)
        return live

    def statement(self, node: ast.stmt, live_out: set[str]) -> set[str]:
        cls = node.__class__
        try:
            method = _METHODS[cls]
        except KeyError:
            method = _METHODS[cls] = None if cls in _NESTED_SCOPES else getattr(_Liveness, f"_{cls.__name__}", None)
        if method is None:
            names = self._names_of(node)
            return (live_out - names.writes) | names.reads
        return method(self, node, live_out)

    def _names_of(self, node: ast.AST | None) -> NameSets:
        """``names_of(node)``, once per node: a loop's rounds ask again for every statement, test,
        target and iterable inside it."""
        if node is None:
            return _NO_NAMES
        names = self._names.get(id(node))
        if names is None:
            names = self._names[id(node)] = names_of(node)
        return names

    def _If(self, node: ast.If, live_out: set[str]) -> set[str]:
        test = self._names_of(node.test)
        branches = self.block(node.body, live_out) | self.block(node.orelse, live_out)
        self.results[node] = (branches, live_out)
        return test.reads | (branches - test.writes)

    def _While(self, node: ast.While, live_out: set[str]) -> set[str]:
        test = names_of(node.test, anno.get(node, anno.Key.EXTRA_TEST, None))
        after = live_out | self.block(node.orelse, live_out)
        head = test.reads | (after - test.writes)
        while True:
            body_in = self.block(node.body, head)
            new_head = test.reads | ((body_in | after) - test.writes)
            if new_head == head:
                break
            head = new_head
        self.results[node] = (head, live_out)
        return head

    def _For(self, node: ast.For, live_out: set[str]) -> set[str]:
        target = self._names_of(node.target)
        extra = self._names_of(anno.get(node, anno.Key.EXTRA_TEST, None)).reads
        after = live_out | self.block(node.orelse, live_out) | extra
        head = after
        while True:
            body_in = self.block(node.body, head)
            new_head = after | (body_in - target.writes) | target.reads
            if new_head == head:
                break
            head = new_head
        self.results[node] = (head, live_out)
        return self._names_of(node.iter).reads | head

    def _Try(self, node: ast.Try, live_out: set[str]) -> set[str]:
        final_in = self.block(node.finalbody, live_out)
        saved = self.exception_live
        if node.finalbody:  # a raise in a handler or the else block runs the finally block first
            self.exception_live = saved | final_in
        handlers_in: set[str] = set()
        for handler in node.handlers:
            handled = self.block(handler.body, final_in) - ({handler.name} if handler.name else set())
            handlers_in |= handled | names_of(handler.type).reads
        orelse_in = self.block(node.orelse, final_in)
        self.exception_live = saved | handlers_in | (final_in if node.finalbody else set())
        body_in = self.block(node.body, orelse_in)
        self.exception_live = saved
        return body_in | handlers_in

    _TryStar = _Try

    def _Raise(self, node: ast.Raise, live_out: set[str]) -> set[str]:
        # A raise ends its path: what follows it is not read on it, only what the enclosing
        # handlers and finally blocks read (and what follows an enclosing with statement, whose
        # context manager may swallow the exception). Counting the statements after it would make a
        # variable bound on every path that goes on look live where it is unbound (a staged
        # `if` would then have to carry it from a branch that never binds it).
        return self._names_of(node).reads | self.exception_live | self.resume_live

    def _With(self, node: ast.With, live_out: set[str]) -> set[str]:
        items = names_of([item.context_expr for item in node.items])
        bound = names_of([item.optional_vars for item in node.items])
        saved = self.resume_live
        self.resume_live = saved | live_out
        body_in = self.block(node.body, live_out)
        self.resume_live = saved
        return items.reads | bound.reads | (body_in - bound.writes)

    def _Match(self, node: ast.Match, live_out: set[str]) -> set[str]:
        live = set(live_out)
        for case in node.cases:
            pattern = names_of(case.pattern)
            guard = names_of(case.guard)
            live |= pattern.reads | ((guard.reads | self.block(case.body, live_out)) - pattern.writes)
        return names_of(node.subject).reads | live


_NO_NAMES = NameSets(frozenset(), frozenset())  # of no node (never changed: the sets are frozen)
_METHODS: dict[type, object] = {}  # statement class -> the _Liveness method for it, or None (plain)


def resolve(body: list[ast.stmt], always_live: frozenset[str] = frozenset()) -> None:
    """Annotate the control-flow statements of a function body with LIVE_IN / LIVE_OUT.
    ``always_live``: names read everywhere (by ``locals()``, which reads every variable)."""
    analysis = _Liveness()
    analysis.block(body, set())
    for node, (live_in, live_out) in analysis.results.items():
        anno.set(node, anno.Key.LIVE_IN, frozenset(live_in) | always_live)
        anno.set(node, anno.Key.LIVE_OUT, frozenset(live_out) | always_live)
