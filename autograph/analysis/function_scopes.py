"""Which names are local to a function, global, nonlocal, or read by the scopes nested in it.

    scope = function_scope(fn_node)
    scope.locals      # params and bound names, less global/nonlocal
    scope.captured    # locals that nested functions, lambdas or classes read

One walk of the function's own scope (``names_of`` gives the same bindings, at a walk of its own).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from autograph.analysis.scopes import COMPREHENSIONS, free_names, names_of, walrus_targets
from autograph.analysis.walk import TYPED_FIELDS, children


@dataclass
class FunctionScope:
    params: set[str]
    locals: set[str]
    globals: set[str]
    nonlocals: set[str]
    captured: set[str]  # locals that nested functions or lambdas read


def function_scope(node: ast.FunctionDef | ast.Lambda) -> FunctionScope:
    args = node.args
    params = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]
              if a is not None}
    body = node.body if isinstance(node.body, list) else [node.body]
    names = _ScopeNames()
    names.walk(body)
    local = (params | names.writes) - names.globals - names.nonlocals
    return FunctionScope(params, local, names.globals, names.nonlocals, names.captured & local)


class _ScopeNames:
    """One walk of a function's own scope for what ``function_scope`` needs: the names it binds
    (``names_of(body).writes``), declares global or nonlocal, and that nested scopes read (the
    free names of every def, lambda and class in it, those inside comprehensions included)."""

    def __init__(self) -> None:
        self.writes: set[str] = set()
        self.globals: set[str] = set()
        self.nonlocals: set[str] = set()
        self.captured: set[str] = set()

    def walk(self, body: list[ast.AST]) -> None:
        writes = self.writes
        stack = list(body)
        pop, push, extend = stack.pop, stack.append, stack.extend
        fields_of = TYPED_FIELDS
        while stack:
            sub = pop()
            cls = sub.__class__
            if cls is ast.Name:  # the commonest node, and only a context below it
                if sub.ctx.__class__ is not ast.Load:
                    writes.add(sub.id)
                continue
            special = _SCOPE_RULES.get(cls)
            if special is None or special(self, sub):
                fields = fields_of.get(cls)
                if fields is None:
                    extend(children(sub))
                    continue
                for field in fields:  # children(sub), written out
                    value = getattr(sub, field, None)
                    if value is None:
                        continue
                    if value.__class__ is list:
                        extend([item for item in value if item is not None] if None in value else value)
                    else:
                        push(value)

    # Each rule returns whether the walk goes on below the node.

    def _declaration(self, node: ast.Global | ast.Nonlocal) -> bool:
        (self.globals if node.__class__ is ast.Global else self.nonlocals).update(node.names)
        return False

    def _nested_scope(self, node: ast.AST) -> bool:
        # Its header runs here: what a walrus there binds is bound here (names_of's rule).
        self.captured |= free_names(node)
        headers = list(getattr(node, "decorator_list", ()))
        if node.__class__ is ast.ClassDef:
            headers += node.bases + [keyword.value for keyword in node.keywords]
        else:
            headers += node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
        if headers:
            self.writes |= names_of(headers).writes
        if node.__class__ is not ast.Lambda:
            self.writes.add(node.name)
        return False

    def _comprehension(self, node: ast.AST) -> bool:
        # It binds only its walrus targets here; the lambdas in it are nested scopes all the same, and so is a
        # generator expression, in it or itself.
        self.writes |= walrus_targets(node)
        if node.__class__ is ast.GeneratorExp:
            self.captured |= _read_later(node)
        for sub in _walk_scope(children(node)):
            if sub.__class__ in _SCOPE_CLASSES:
                self.captured |= free_names(sub)
            elif sub.__class__ is ast.GeneratorExp:
                self.captured |= _read_later(sub)
        return False

    def _named(self, node: ast.AST) -> bool:
        if node.name:
            self.writes.add(node.name)
        return True

    def _named_expression(self, node: ast.NamedExpr) -> bool:
        self.writes.add(node.target.id)
        return True

    def _alias(self, node: ast.alias) -> bool:
        if node.name != "*":
            self.writes.add((node.asname or node.name).split(".")[0])
        return False

    def _match_mapping(self, node: ast.MatchMapping) -> bool:
        if node.rest:
            self.writes.add(node.rest)
        return True


def _read_later(generator: ast.GeneratorExp) -> set[str]:
    """The names a generator expression reads when it is iterated, which may be long after the line that makes it
    (``gens.append(x * i for x in xs)`` in a loop reads each ``i`` when the generator runs): its free names but for
    those of its first iterable, which is evaluated where it is written. Like a lambda's, they are captured."""
    first, *rest = generator.generators
    later = ast.GeneratorExp(generator.elt, [ast.comprehension(first.target, ast.Constant(None), first.ifs,
                                                               first.is_async), *rest])
    return free_names(later)


_SCOPE_RULES = {
    ast.Global: _ScopeNames._declaration,
    ast.Nonlocal: _ScopeNames._declaration,
    ast.FunctionDef: _ScopeNames._nested_scope,
    ast.AsyncFunctionDef: _ScopeNames._nested_scope,
    ast.Lambda: _ScopeNames._nested_scope,
    ast.ClassDef: _ScopeNames._nested_scope,
    **dict.fromkeys(COMPREHENSIONS, _ScopeNames._comprehension),
    ast.ExceptHandler: _ScopeNames._named,
    ast.MatchAs: _ScopeNames._named,
    ast.MatchStar: _ScopeNames._named,
    ast.NamedExpr: _ScopeNames._named_expression,
    ast.alias: _ScopeNames._alias,
    ast.MatchMapping: _ScopeNames._match_mapping,
}


def _walk_scope(body: list[ast.AST]) -> list[ast.AST]:
    """Every node of this scope, plus the nested scope nodes themselves (not their insides)."""
    out = []
    stack = list(body)
    pop, add, extend = stack.pop, out.append, stack.extend
    while stack:
        node = pop()
        add(node)
        if node.__class__ not in _SCOPE_CLASSES:
            extend(children(node))
    return out


_SCOPE_CLASSES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef})
