"""Reads that may find a variable bound to ``ag__.Undefined`` raise Python's own error.

Before (after ``control_flow``: ``y`` is bound in one branch only, so it starts as an Undefined)::

    y = ag__.Undefined('y')
    ag__.if_stmt(x > 0, if_body, None, ('y',))()
    return y

After::

    y = ag__.Undefined('y')
    ag__.if_stmt(x > 0, if_body, None, ('y',))()
    return ag__.ld(y)

``ag__.ld(y)`` raises ``UnboundLocalError`` where the original would have (the definitions
analysis marks the reads that may); a read from a nested function, lambda, class body or
comprehension scope becomes ``ag__.ld_free(y)``, whose error is the ``NameError`` Python gives
for a free variable. ``x += v`` and ``del x`` on such a variable are checked first the same way.
"""

from __future__ import annotations

import ast
import sys

from autograph import anno, templates
from autograph.analysis.function_scopes import function_scope
from autograph.analysis.scopes import names_of
from autograph.analysis.walk import children, walk
from autograph.converters.logical_expressions import is_thunk
from autograph.transformer import Transformer


def transform(node: ast.FunctionDef, names: set[str], captured: set[str],
              generated_functions: dict[int, ast.FunctionDef], thunk_spans: frozenset) -> None:
    """Wrap the reads of ``names`` (the variables the conversion bound to an Undefined) that may
    find one unbound, in ``node``'s body (the converted function)."""
    reads = _UnboundReads(names, captured, generated_functions, thunk_spans)
    body = []
    for statement in node.body:
        new = reads.visit(statement)
        body.extend(new if isinstance(new, list) else [new])
    node.body = body


class _UnboundReads(Transformer):
    """Wrap the reads that may find a variable still bound to Undefined in ``ag__.ld``: the
    reads the analysis marked, and any read of a captured variable from a nested function or
    lambda (those run at any time)."""

    def __init__(self, names: set[str], captured: set[str], generated_functions: dict[int, ast.FunctionDef],
                 thunk_spans: frozenset) -> None:
        self.names = names
        self.captured = captured & names
        self.generated_functions = generated_functions  # ids of the body closures the conversion made
        self.thunk_spans = thunk_spans  # where the operands made into thunks (lambdas) stand
        self.free: set[str] = set()  # inside a nested user function: its free captured names

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if not isinstance(node.ctx, ast.Load):
            return node
        if node.id in self.free:
            wrapped = templates.replace_expression("ag__.ld_free(NAME)", NAME=node)
        elif node.id in self.names and anno.get(node, anno.Key.MAYBE_UNDEFINED, False):
            wrapped = templates.replace_expression("ag__.ld(NAME)", NAME=node)
        else:
            return node
        templates.copy_location(wrapped, node)
        return wrapped

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST | list[ast.stmt]:
        self.generic_visit(node)
        check = self._check(node.target)
        if check is None:
            return node
        # Python reads the target before the value: check it first, as Python would.
        templates.copy_location(check, node)
        return check + [node]

    def visit_Delete(self, node: ast.Delete) -> ast.AST | list[ast.stmt]:
        self.generic_visit(node)
        checks = [self._check(target) for target in node.targets]
        if not any(checks):
            return node
        # `del x` of a variable bound to Undefined must fail as Python's would: check each target
        # just before it goes (Python deletes the targets left to right).
        out: list[ast.stmt] = []
        for target, check in zip(node.targets, checks):
            out += check or []
            out.append(ast.Delete(targets=[target]))
        templates.copy_location(out, node)
        return out

    def _check(self, target: ast.expr) -> list[ast.stmt] | None:
        """The statement that raises Python's error where a binding target (of ``x += v``, ``del x``)
        holds Undefined: ``ag__.ld_free(x)`` in a nested function (whose ``nonlocal x`` Python
        finds unbound with a NameError), ``ag__.ld(x)`` in the function itself; or None."""
        if isinstance(target, ast.Name) and target.id in self.free:
            return templates.replace("ag__.ld_free(NAME)", NAME=target.id)
        if self._maybe_undefined(target):
            return templates.replace("ag__.ld(NAME)", NAME=target.id)
        return None

    def _maybe_undefined(self, target: ast.expr) -> bool:
        return (isinstance(target, ast.Name) and target.id in self.names
                and anno.get(target, anno.Key.MAYBE_UNDEFINED, False))

    def _nested(self, node: ast.AST, local_names: set[str]) -> ast.AST:
        # Decorators and default values run where the def / lambda stands, in this scope: an unbound
        # read there is this scope's error (UnboundLocalError), not the nested function's NameError.
        if not isinstance(node, ast.Lambda):
            node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args.defaults = [self.visit(d) for d in node.args.defaults]
        node.args.kw_defaults = [d if d is None else self.visit(d) for d in node.args.kw_defaults]
        saved = self.free
        self.free = (saved | self.captured) - local_names
        for field, value in ast.iter_fields(node):
            if field in ("decorator_list",):
                continue
            if field == "args":
                defaults, kw_defaults = value.defaults, value.kw_defaults
                value.defaults, value.kw_defaults = [], []
                self.visit(value)  # annotations: as before
                value.defaults, value.kw_defaults = defaults, kw_defaults
            elif isinstance(value, list):
                new_list = []
                for item in value:
                    new = self.visit(item) if isinstance(item, ast.AST) else item
                    new_list.extend(new if isinstance(new, list) else [new])
                setattr(node, field, new_list)
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
        self.free = saved
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        """The class body reads the function's variables as free variables: a read that may find
        one unbound raises NameError as Python's would (``ld_free``); the header reads locally."""
        for field in ("decorator_list", "bases", "keywords"):
            setattr(node, field, [self.visit(item) for item in getattr(node, field)])
        saved, self.free = self.free, self.free | {
            sub.id for statement in node.body for sub in walk(statement)
            if isinstance(sub, ast.Name) and anno.get(sub, anno.Key.MAYBE_UNDEFINED, False)}
        body = []
        for statement in node.body:
            new = self.visit(statement)
            body.extend(new if isinstance(new, list) else [new])
        node.body = body
        self.free = saved
        return node

    def visit_comprehension_node(self, node: ast.AST) -> ast.AST:
        """A comprehension's first iterable reads in the function's scope; the rest reads in the
        comprehension's own scope (before Python 3.12, and always for a generator expression), where
        a variable of the function is free: unbound, it raises NameError (``ld_free``), as Python's."""
        first = node.generators[0]
        first.iter = self.visit(first.iter)
        own_scope = sys.version_info < (3, 12) or isinstance(node, ast.GeneratorExp)
        saved = self.free
        if own_scope:
            targets = names_of([g.target for g in node.generators]).writes
            maybe = {sub.id for sub in walk(node) if isinstance(sub, ast.Name)
                     and anno.get(sub, anno.Key.MAYBE_UNDEFINED, False)}
            self.free = (saved | (maybe & self.names)) - targets
        for index, generator in enumerate(node.generators):
            if index:
                generator.iter = self.visit(generator.iter)
            generator.ifs = [self.visit(test) for test in generator.ifs]
        for attr in ("elt", "key", "value"):
            if hasattr(node, attr):
                setattr(node, attr, self.visit(getattr(node, attr)))
        self.free = saved
        return node

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_comprehension_node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        if id(node) in self.generated_functions:
            return self.generic_visit(node)
        return self._nested(node, function_scope(node).locals)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        if is_thunk(node, self.thunk_spans):
            return self.generic_visit(node)  # an operand made into a thunk reads as the function does
        return self._nested(node, function_scope(node).locals)


def maybe_undefined_names(body: list[ast.stmt]) -> set[str]:
    """Names with a read (in this function's own scope) that may find them unbound."""
    names = set()
    stack = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            stack.extend(node.decorator_list + node.args.defaults + [d for d in node.args.kw_defaults if d])
            continue
        if isinstance(node, ast.ClassDef):  # its header and its body run now, in this scope's time
            stack.extend(node.decorator_list + node.bases + [k.value for k in node.keywords] + node.body)
            continue
        if isinstance(node, ast.Name) and anno.get(node, anno.Key.MAYBE_UNDEFINED, False):
            names.add(node.id)
        stack.extend(children(node))
    return names
