"""Which reads of local variables may find them unbound, as Python runs the function.

``resolve`` walks the function's own AST (before jumps are lowered) forward with the set of locals that are
bound on every path, and annotates each ``Name`` load of a local that may be
unbound with MAYBE_UNDEFINED. The converter uses it to keep Python's
``UnboundLocalError`` where it moved the variable into generated closures.

    for i in items:
        pass
    print(i)       # MAYBE_UNDEFINED: `items` may be empty
"""

from __future__ import annotations

import ast
from typing import Optional

from autograph import anno
from autograph.analysis.scopes import bindings_of, has_catch_all, names_of
from autograph.analysis.walk import children, statement_children, walk

# None stands for "unreachable": every name counts as bound there.
Bound = Optional[frozenset]


def _meet(*sets: Bound) -> Bound:
    reachable = [s for s in sets if s is not None]
    if not reachable:
        return None
    result = reachable[0]
    for other in reachable[1:]:
        result = result & other
    return result


class _Definitions:
    def __init__(self, local_names: set[str], unbound_elsewhere: frozenset = frozenset()) -> None:
        self.locals = local_names
        # Names a nested function may unbind (nonlocal and del) whenever it is called: no read is sure of them.
        self.unbound_elsewhere = unbound_elsewhere
        self.breaks: list[list[Bound]] = []  # per enclosing loop: what is bound at each break
        self.maybe_undefined: set[int] = set()
        self.nodes: list[ast.Name] = []
        self.saw_walrus = False  # whether an expression ``reads`` looked at held a walrus

    def reads(self, node: ast.AST | None, bound: Bound) -> Bound:
        """Check the loads in an expression (not inside lambdas); return bound plus its walrus targets."""
        if node is None or bound is None:
            return bound
        # One pass over the plain walk; a lambda or comprehension in it (rare) needs the careful walk.
        marked, walrus = self._unbound_loads(walk(node), bound, stop_at_scopes=True)
        if marked is None:
            marked, walrus = self._unbound_loads(_walk_expression(node), bound, stop_at_scopes=False)
        for sub in marked:
            self._mark(sub)
        # The walk above sees every walrus the certain ones are among: most expressions have none.
        if not walrus:
            return bound
        self.saw_walrus = True
        return bound | _certain_walrus_targets(node)

    def _unbound_loads(self, nodes: list[ast.AST], bound: frozenset,
                       stop_at_scopes: bool) -> tuple[list[ast.Name] | None, bool]:
        """The loads of locals not certainly bound, and whether there is a walrus; None for the
        loads if ``stop_at_scopes`` and a node with a scope of its own is among ``nodes``."""
        marked, walrus = [], False
        for sub in nodes:
            cls = sub.__class__
            if cls is ast.Name:
                if sub.ctx.__class__ is ast.Load and sub.id in self.locals and (
                        sub.id not in bound or sub.id in self.unbound_elsewhere):
                    marked.append(sub)
            elif cls is ast.NamedExpr:
                walrus = True
            elif stop_at_scopes and cls in _OWN_SCOPES:
                return None, walrus
        return marked, walrus

    def _class_body_reads(self, node: ast.ClassDef, bound: Bound) -> None:
        """A class body runs now, reading the function's variables as free variables: mark those
        reads (not of names the class body binds itself, nor inside its methods)."""
        own = names_of(node.body).writes
        stack = list(node.body)
        while stack:
            sub = stack.pop()
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                continue  # their headers are read by the class body, but rarely matter here
            if (isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load) and sub.id in self.locals
                    and sub.id not in bound and sub.id not in own):
                self._mark(sub)
            stack.extend(children(sub))

    def _mark(self, node: ast.Name) -> None:
        if id(node) not in self.maybe_undefined:
            self.maybe_undefined.add(id(node))
            self.nodes.append(node)

    def block(self, statements: list[ast.stmt], bound: Bound) -> Bound:
        for statement in statements:
            bound = self.statement(statement, bound)
        return bound

    def statement(self, node: ast.stmt, bound: Bound) -> Bound:
        if bound is None:
            return None
        cls = node.__class__
        try:
            method = _STATEMENT_METHODS[cls]
        except KeyError:
            method = _STATEMENT_METHODS[cls] = getattr(_Definitions, f"_{cls.__name__}", None)
        if method is not None:
            return method(self, node, bound)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            headers = [*node.decorator_list]
            if isinstance(node, ast.ClassDef):
                headers += node.bases + [keyword.value for keyword in node.keywords]
                self._class_body_reads(node, bound)
            else:
                headers += node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
            for header in headers:
                self.reads(header, bound)
            return bound | {node.name}
        if isinstance(node, ast.AnnAssign) and node.value is None:
            return self.reads(node.target, bound) if not isinstance(node.target, ast.Name) else bound  # binds nothing
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            if node.target.id in self.locals and node.target.id not in bound:
                self._mark(node.target)
        if isinstance(node, ast.Delete):
            for target in node.targets:
                self.reads(target, bound) if not isinstance(target, ast.Name) else None
                if isinstance(target, ast.Name) and target.id in self.locals and target.id not in bound:
                    self._mark(target)
            return bound - names_of(node).writes
        self.saw_walrus = False
        for child in children(node):
            if isinstance(child, ast.expr):
                bound = self.reads(child, bound)
        if isinstance(node, ast.Break) and self.breaks:
            self.breaks[-1].append(bound)
            return None
        if isinstance(node, (ast.Return, ast.Raise, ast.Continue)):
            return None
        if self.saw_walrus:
            # Only the statement's own targets: ``reads`` added the walruses that certainly run, and one in an
            # operand Python may skip (``x += c and (y := 1)``) leaves its name maybe unbound.
            return bound | bindings_of(_targets(node))
        return bound | bindings_of([node])  # (names_of(node).writes, without collecting the reads)

    def _If(self, node: ast.If, bound: frozenset) -> Bound:
        bound = self.reads(node.test, bound)
        return _meet(self.block(node.body, bound), self.block(node.orelse, bound))

    def _While(self, node: ast.While, bound: frozenset) -> Bound:
        after_test = self.reads(node.test, bound)
        self.breaks.append([])
        self.block(node.body, after_test)
        deleted = _deletes(node.body)
        if deleted:  # a later iteration may start with these unbound: check the body again
            after_test = self.reads(node.test, bound - deleted)  # (and the test fails after such an iteration)
            self.block(node.body, after_test)
        broken = self.breaks.pop()
        if isinstance(node.test, ast.Constant) and node.test.value:
            return _meet(*broken)  # `while True:` ends only at a break (or a return, a raise): no else runs
        # The else clause runs when the test fails; a break skips it.
        return _meet(self.block(node.orelse, after_test), *broken)

    def _For(self, node: ast.For, bound: frozenset) -> Bound:
        bound = self.reads(node.iter, bound)
        self.reads(anno.get(node, anno.Key.EXTRA_TEST, None), bound)
        self.breaks.append([])
        self.block(node.body, bound | names_of(node.target).writes)
        deleted = _deletes(node.body)
        if deleted:  # a later iteration may start with these unbound: check the body again
            self.block(node.body, (bound - deleted) | names_of(node.target).writes)
        broken = self.breaks.pop()
        # The iterator may end after an iteration that deleted them: the else clause and what follows see that.
        return _meet(self.block(node.orelse, bound - deleted), *broken)

    def _Try(self, node: ast.Try, bound: frozenset) -> Bound:
        after_body = self.block(node.orelse, self.block(node.body, bound))
        outcomes = [after_body]
        for handler in node.handlers:
            self.reads(handler.type, bound)
            name = {handler.name} if handler.name else set()
            handled = self.block(handler.body, bound | name)
            outcomes.append(None if handled is None else handled - name)
        # The finally clause also runs when the body raised part-way: check it from `bound`.
        self.block(node.finalbody, bound)
        after = _meet(*outcomes)
        return None if after is None else self.block(node.finalbody, after)

    _TryStar = _Try

    def _With(self, node: ast.With, bound: frozenset) -> Bound:
        for item in node.items:
            bound = self.reads(item.context_expr, bound)
            bound = bound | names_of(item.optional_vars).writes
        # The context manager may suppress an exception raised anywhere in the body: what follows
        # may run with only what was bound on entry.
        return _meet(self.block(node.body, bound), bound)

    def _Match(self, node: ast.Match, bound: frozenset) -> Bound:
        bound = self.reads(node.subject, bound)
        outcomes: list[Bound] = []
        for case in node.cases:
            captured = bound | names_of(case.pattern).writes
            captured = self.reads(case.guard, captured)
            outcomes.append(self.block(case.body, captured))
        if not has_catch_all(node):
            outcomes.append(bound)
        return _meet(*outcomes)


# Expressions with a scope of their own, which _walk_expression walks with care.
_OWN_SCOPES = frozenset({ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp})
_STATEMENT_METHODS: dict[type, object] = {}  # statement class -> the _Definitions method for it, or None


def _deletes(body: list[ast.stmt]) -> frozenset:
    """The names a ``del`` in ``body`` (outside nested scopes) unbinds."""
    names = set()
    for sub in _own_statements(body):  # (a del is a statement: no expression holds one)
        if isinstance(sub, ast.Delete):
            names |= {target.id for target in sub.targets if isinstance(target, ast.Name)}
        elif isinstance(sub, ast.ExceptHandler) and sub.name:
            names.add(sub.name)  # Python deletes a handler's `as` name as the handler ends
    return frozenset(names)


def unbound_by_nested_functions(body: list[ast.stmt]) -> frozenset:
    """The names a nested function (at any depth) declares ``nonlocal`` and deletes (``del x``, or an
    ``except ... as x:``): a call of it, at any time, may leave this function's variable unbound."""
    names = set()
    for sub in (node for statement in body for node in ast.walk(statement)):
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
            declared = {name for inner in _own_statements(sub.body) if isinstance(inner, ast.Nonlocal)
                        for name in inner.names}
            if declared:
                names |= declared & _deletes(sub.body)
    return frozenset(names)


def _own_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of a function's body, at any depth, outside functions and classes nested in it."""
    found, stack = [], list(body)
    while stack:
        sub = stack.pop()
        found.append(sub)
        if not isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            stack += statement_children(sub)
    return found


def _targets(node: ast.stmt) -> list[ast.AST]:
    """What a simple statement assigns: ``x`` and ``y[i]`` of ``x = y[i] = v``, the target of ``+=`` and ``x: T = v``
    (their subscripts and attributes bind nothing)."""
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    return []


def _certain_walrus_targets(node: ast.AST) -> set[str]:
    """The names an expression's walruses certainly bind: not those in an operand that may be
    skipped (the right of `and`/`or`, the branches of `x if c else y`) or in a comprehension
    (which may not iterate) or a lambda (which runs later)."""
    found: set[str] = set()
    stack = [node]
    while stack:
        sub = stack.pop()
        if isinstance(sub, ast.NamedExpr):
            found.add(sub.target.id)
            stack.append(sub.value)
        elif isinstance(sub, ast.BoolOp):
            stack.append(sub.values[0])
        elif isinstance(sub, ast.IfExp):
            stack.append(sub.test)
        elif isinstance(sub, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            stack.append(sub.generators[0].iter)
        elif not isinstance(sub, ast.Lambda):
            stack.extend(children(sub))
    return found


def _walk_expression(node: ast.AST):
    """The nodes of an expression, skipping lambda bodies (they run later) and the names a
    comprehension binds for itself (its body runs now, so its other reads count). A comprehension's
    first iterable is evaluated in the enclosing scope, so there its own targets are not yet bound."""
    stack: list = [(node, frozenset())]
    while stack:
        sub, own_targets = stack.pop()
        if isinstance(sub, ast.Name) and sub.id in own_targets:
            continue
        yield sub
        if isinstance(sub, ast.Lambda):
            stack.extend((d, own_targets) for d in sub.args.defaults + [d for d in sub.args.kw_defaults
                                                                         if d is not None])
            continue
        if isinstance(sub, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            inner = own_targets | names_of([g.target for g in sub.generators]).writes
            first_iter = sub.generators[0].iter
            stack.extend((child, own_targets if child is first_iter else inner)
                         for child in reversed(list(_comprehension_children(sub))))
            continue
        stack.extend((child, own_targets) for child in reversed(list(children(sub))))


def _comprehension_children(node: ast.AST):
    """A comprehension's parts, with its generators opened up (so the first iterable stands alone)."""
    for generator in node.generators:
        yield generator.target
        yield generator.iter
        yield from generator.ifs
    for attr in ("elt", "key", "value"):
        if hasattr(node, attr):
            yield getattr(node, attr)


def resolve(body: list[ast.stmt], local_names: set[str], params: set[str],
            unbound_elsewhere: frozenset = frozenset()) -> int:
    """Annotate the loads of locals that may be unbound with MAYBE_UNDEFINED; return how many.
    ``unbound_elsewhere``: names a nested function may unbind (``unbound_by_nested_functions``)."""
    analysis = _Definitions(local_names, unbound_elsewhere)
    analysis.block(body, frozenset(params))
    for node in analysis.nodes:
        anno.set(node, anno.Key.MAYBE_UNDEFINED, True)
    return len(analysis.nodes)
