"""Which names a piece of code reads and binds, and which are local to a function.

    reads, writes = names_of(stmt)       # nested functions count by their free names
    writes_of(stmt, known)               # the bindings alone, each statement walked once
    bindings_of(statements)              # the bindings alone

Nested functions, lambdas, classes and comprehensions are their own scopes:
what they bind stays inside (but for walrus targets in comprehensions, which
Python binds in the enclosing function), and what they read from outside counts
as a read where they are defined.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from autograph.analysis.walk import node_fields, statement_children, walk

_NESTED_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_SCOPE_STATEMENTS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


@dataclass
class NameSets:
    reads: set[str] = field(default_factory=set)
    writes: set[str] = field(default_factory=set)


class _Collector(ast.NodeVisitor):
    def __init__(self) -> None:
        self.names = NameSets()

    # ``names_of`` runs some fifteen times per converted function: ``visit`` and ``generic_visit`` are
    # NodeVisitor's, written for speed (a method cached per node class; fields read directly; no
    # detour through NodeVisitor's visit_Constant, which looks for the deprecated visit_Num & co.).
    def visit(self, node: ast.AST) -> None:
        cls = node.__class__
        try:
            method = _METHODS[cls]
        except KeyError:
            method = _METHODS[cls] = getattr(_Collector, "visit_" + cls.__name__, _Collector.generic_visit)
        method(self, node)

    def generic_visit(self, node: ast.AST) -> None:
        # A name read, the commonest child by far, is taken here (no method call); so are the
        # leaves (constants, Load / Store / Del), which hold nothing.
        # The children's methods are looked up here (``self.visit``'s work, one call less per node):
        # a subclass with a ``visit`` of its own has its own ``generic_visit`` too.
        reads = self.names.reads
        methods = _METHODS
        for name in node_fields(node.__class__):
            value = getattr(node, name, None)
            if value.__class__ is list:
                for item in value:
                    cls = item.__class__
                    if cls is ast.Name and item.ctx.__class__ is ast.Load:
                        reads.add(item.id)
                    elif cls not in _LEAVES and isinstance(item, ast.AST):
                        method = methods.get(cls)
                        if method is None:
                            self.visit(item)  # (the first of its class: the look-up is made there)
                        else:
                            method(self, item)
            elif value.__class__ is ast.Name and value.ctx.__class__ is ast.Load:
                reads.add(value.id)
            elif value.__class__ not in _LEAVES and isinstance(value, ast.AST):
                method = methods.get(value.__class__)
                if method is None:
                    self.visit(value)
                else:
                    method(self, value)

    def _leaf(self, node: ast.AST) -> None:
        pass

    visit_Constant = visit_Load = visit_Store = visit_Del = _leaf

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self.names.reads.add(node.id)
        else:
            self.names.writes.add(node.id)
            if isinstance(node.ctx, ast.Del):  # deleting needs the binding, like a read
                self.names.reads.add(node.id)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if isinstance(node.target, ast.Name):
            self.names.reads.add(node.target.id)
        self.generic_visit(node)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.visit(node.value)
        self.names.writes.add(node.target.id)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.name:
            self.names.writes.add(node.name)
        self.generic_visit(node)

    def visit_alias(self, node: ast.alias) -> None:
        if node.name != "*":
            self.names.writes.add((node.asname or node.name).split(".")[0])

    def visit_MatchAs(self, node: ast.MatchAs) -> None:
        if node.name:
            self.names.writes.add(node.name)
        self.generic_visit(node)

    def visit_MatchStar(self, node: ast.MatchStar) -> None:
        if node.name:
            self.names.writes.add(node.name)

    def visit_MatchMapping(self, node: ast.MatchMapping) -> None:
        if node.rest:
            self.names.writes.add(node.rest)
        self.generic_visit(node)

    def _nested_header(self, node: ast.AST) -> None:
        """What a nested scope evaluates where it is defined, and the names it reads from this one."""
        self._header_expressions(node)
        self.names.reads |= free_names(node)

    def _header_expressions(self, node: ast.AST) -> None:
        """A nested scope's defaults and decorators: they run where it is defined."""
        args = getattr(node, "args", None)
        if args is not None:
            for default in args.defaults + [d for d in args.kw_defaults if d is not None]:
                self.visit(default)
        for decorator in getattr(node, "decorator_list", []):
            self.visit(decorator)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._nested_header(node)
        self.names.writes.add(node.name)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._nested_header(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for expr in node.bases + [k.value for k in node.keywords] + node.decorator_list:
            self.visit(expr)
        self.names.reads |= free_names(node)
        self.names.writes.add(node.name)

    def _comprehension(self, node: ast.AST) -> None:
        self.visit(node.generators[0].iter)
        self.names.reads |= free_names(node)
        self.names.writes |= walrus_targets(node)

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension


_METHODS: dict[type, object] = {}  # node class -> the _Collector method that visits it
_LEAVES = frozenset({ast.Constant, ast.Load, ast.Store, ast.Del})  # nodes that name nothing


def names_of(*nodes: ast.AST | None) -> NameSets:
    """Names read and bound by these nodes, in the scope they stand in."""
    collector = _Collector()
    for node in nodes:
        if node is None:
            continue
        if isinstance(node, list):
            for item in node:
                if item is not None:
                    collector.visit(item)
        else:
            collector.visit(node)
    return collector.names


class _WritesCollector(_Collector):
    """A collector of bindings only: it takes a statement's bindings from ``known`` (by id) instead
    of walking it again (what a subtree binds does not depend on where it stands), and skips what
    only reads (the free names of nested functions, classes and comprehensions, a walk each)."""

    def __init__(self, known: dict[int, tuple[ast.AST, frozenset]]) -> None:
        super().__init__()
        self.known = known

    def visit(self, node: ast.AST) -> None:
        entry = self.known.get(id(node))
        if entry is not None:
            self.names.writes |= entry[1]
            return
        self.walk(node)

    def walk(self, node: ast.AST) -> None:
        cls = node.__class__
        method = _WRITES_METHODS.get(cls)
        if method is None:
            method = _WRITES_METHODS[cls] = getattr(_WritesCollector, "visit_" + cls.__name__,
                                                    _WritesCollector.generic_visit)
        method(self, node)

    def generic_visit(self, node: ast.AST) -> None:
        # ``_Collector.generic_visit`` without the reads: a name read, the commonest child by far,
        # is skipped here; a name bound or deleted is taken (no method call).
        writes = self.names.writes
        for name in node_fields(node.__class__):
            value = getattr(node, name, None)
            if value.__class__ is list:
                for item in value:
                    cls = item.__class__
                    if cls is ast.Name:
                        if item.ctx.__class__ is not ast.Load:
                            writes.add(item.id)
                    elif cls not in _LEAVES and isinstance(item, ast.AST):
                        self.visit(item)
            elif value.__class__ is ast.Name:
                if value.ctx.__class__ is not ast.Load:
                    writes.add(value.id)
            elif value.__class__ not in _LEAVES and isinstance(value, ast.AST):
                self.visit(value)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.generic_visit(node)  # (its target's read is not collected here)

    def _nested_header(self, node: ast.AST) -> None:
        self._header_expressions(node)  # (the free names are reads: not collected here)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._nested_header(node)
        self.names.writes.add(node.name)

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_Lambda = _nested_header

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for expr in node.bases + [k.value for k in node.keywords] + node.decorator_list:
            self.visit(expr)
        self.names.writes.add(node.name)

    def _comprehension(self, node: ast.AST) -> None:
        self.visit(node.generators[0].iter)
        self.names.writes |= walrus_targets(node)

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension


_WRITES_METHODS: dict[type, object] = {}  # node class -> the _WritesCollector method that visits it


def writes_of(node: ast.AST, known: dict[int, tuple[ast.AST, frozenset]]) -> frozenset:
    """``names_of(node).writes``, computed once per statement: the statements below ``node`` are
    looked up in (or added to) ``known``, keyed by id with the node itself (so no other node can
    reuse the id). Callers ask for a statement and then for each statement nested in it (every
    enclosing level of a block asks again); this walks each node once, not once per level. The
    statements must not change while ``known`` is in use."""
    entry = known.get(id(node))
    if entry is not None:
        return entry[1]
    if node.__class__ not in _SCOPE_STATEMENTS:  # a def's or class's body binds in its own scope
        for child in statement_children(node):
            writes_of(child, known)
    collector = _WritesCollector(known)
    collector.walk(node)  # the node itself is not known yet: walk it
    writes = frozenset(collector.names.writes)
    known[id(node)] = (node, writes)
    return writes


def bindings_of(nodes: list[ast.AST]) -> set[str]:
    """``names_of(nodes).writes`` without the reads (nor the walks that find only reads)."""
    collector = _WritesCollector({})
    for node in nodes:
        collector.walk(node)
    return collector.names.writes


def walrus_targets(node: ast.AST) -> set[str]:
    """The names the walrus expressions anywhere in ``node`` bind."""
    return {n.target.id for n in walk(node) if isinstance(n, ast.NamedExpr)}


def free_names(scope: ast.AST) -> set[str]:
    """Names a nested scope reads from outside (an over-approximation for deep nesting)."""
    bound: set[str] = set()
    declared_outer: set[str] = set()
    loads: set[str] = set()
    if isinstance(scope, _NESTED_FUNCTIONS):
        args = scope.args
        for arg in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
            if arg is not None:
                bound.add(arg.arg)
        body = scope.body if isinstance(scope.body, list) else [scope.body]
    elif isinstance(scope, ast.ClassDef):
        body = scope.body
    else:  # a comprehension
        for generator in scope.generators:
            bound |= names_of(generator.target).writes
        body = [g for g in scope.generators] + [getattr(scope, attr) for attr in ("elt", "key", "value")
                                                 if hasattr(scope, attr)]
    for node in body:
        for sub in walk(node):
            if isinstance(sub, ast.Name):
                (loads if isinstance(sub.ctx, ast.Load) else bound).add(sub.id)
            elif isinstance(sub, (ast.Global, ast.Nonlocal)):
                declared_outer.update(sub.names)
    if isinstance(scope, COMPREHENSIONS):
        bound -= walrus_targets(scope)
        return (loads - bound) | declared_outer
    # A `nonlocal x` in a function nested deeper names this scope's own `x` where this scope binds it itself
    # (a converted function's closures declare `nonlocal x` for its `x: object`): not a name from outside.
    own_bound, own_declared = _bound_directly(body)
    return (loads - bound) | own_declared | (declared_outer - (own_bound - own_declared))


def _bound_directly(body: list[ast.AST]) -> tuple[set[str], set[str]]:
    """The names a scope's own statements bind (not those of the scopes nested in it, whose names it binds
    too), and those it declares global or nonlocal itself."""
    bound: set[str] = set()
    declared: set[str] = set()
    stack = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            if not isinstance(node.ctx, ast.Load):
                bound.add(node.id)
            continue
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
            continue
        if isinstance(node, (ast.Lambda, *COMPREHENSIONS)):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return bound, declared


def first_line(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda) -> int:
    """The first line of a scope's source: its first decorator's, or its own."""
    decorators = getattr(node, "decorator_list", None)
    return decorators[0].lineno if decorators else node.lineno


# `try` and (3.11+) `try ... except*`: the same fields, so every pass treats them alike.
TRY_STATEMENTS: tuple[type, ...] = (ast.Try, ast.TryStar) if hasattr(ast, "TryStar") else (ast.Try,)


def has_catch_all(node: ast.Match) -> bool:
    """Whether some case of a match statement always matches (``case _:`` or ``case name:``)."""
    return any(c.guard is None and isinstance(c.pattern, ast.MatchAs) and c.pattern.pattern is None
               for c in node.cases)
