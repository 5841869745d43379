"""A block's read of a variable whose cell a ``del`` may have emptied raises where it stands.

Before (the converter's block, reading ``x`` after ``del x``)::

    def if_body():
        with ctx():
            log.append(x)

After::

    def if_body():
        with ctx():
            log.append(ag__.ld_cell(lambda: x, 'x'))

A block reads the function's variables as free variables: an empty cell raises NameError there,
where Python raises UnboundLocalError. ``ag__.run`` translates the error at the block's edge, but a
``with`` statement inside the block sees it first, so such reads (and such ``del`` targets) are
checked where they stand. Only functions with a ``del`` or a skipped binding have them.
"""

from __future__ import annotations

import ast
import sys

from autograph import anno, templates
from autograph.converters.logical_expressions import is_thunk
from autograph.transformer import Transformer


class _EmptyCellReads(Transformer):
    def __init__(self, names: set[str], undefined: set[str], generated: dict[int, ast.FunctionDef],
                 thunk_spans: frozenset) -> None:
        self.names = names
        self.undefined = undefined  # of those, the ones that may also hold ``ag__.Undefined``
        self.generated = generated
        self.thunk_spans = thunk_spans
        self.in_block = False

    def _may_be_empty(self, node: ast.expr) -> bool:
        return (self.in_block and isinstance(node, ast.Name) and node.id in self.names
                and anno.get(node, anno.Key.MAYBE_UNDEFINED, False))

    def _checked(self, name: ast.Name) -> ast.expr:
        read = ast.Name(id=name.id, ctx=ast.Load())
        templates.copy_location(read, name)
        template = "ag__.ld_cell(lambda: ag__.ld(NAME), LABEL)" if name.id in self.undefined else \
            "ag__.ld_cell(lambda: NAME, LABEL)"
        wrapped = templates.replace_expression(template, NAME=read, LABEL=ast.Constant(name.id))
        templates.copy_location(wrapped, name)
        return wrapped

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and self._may_be_empty(node):
            return self._checked(node)
        return node

    def visit_Delete(self, node: ast.Delete) -> ast.AST | list[ast.stmt]:
        self.generic_visit(node)  # reads inside targets (``del a[x]``)
        targets = list(_flat(node.targets))
        if not any(self._may_be_empty(target) for target in targets):
            return node
        # ``del a, b`` deletes ``a``, then ``b``: one ``del`` per target, each checked just before
        # it, so that a failing ``del a`` raises before ``b`` is checked (as in Python).
        statements: list[ast.stmt] = []
        for target in targets:
            if self._may_be_empty(target):
                statements.append(ast.Expr(value=self._checked(target)))
            statements.append(ast.Delete(targets=[target]))
        for statement in statements:
            templates.copy_location(statement, node)
        return statements

    def _header(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        """Decorators and default values run where the def or lambda stands, in the block."""
        if not isinstance(node, ast.Lambda):
            node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args.defaults = [self.visit(d) for d in node.args.defaults]
        node.args.kw_defaults = [d if d is None else self.visit(d) for d in node.args.kw_defaults]

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        if id(node) not in self.generated:
            self._header(node)
            return node  # the user's own function reads an empty cell as the original does
        saved, self.in_block = self.in_block, True
        self.generic_visit(node)
        self.in_block = saved
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        if is_thunk(node, self.thunk_spans):
            return self.generic_visit(node)  # an operand made into a thunk reads as its block does
        self._header(node)
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        for field in ("decorator_list", "bases", "keywords"):  # the header reads in the block
            setattr(node, field, [self.visit(item) for item in getattr(node, field)])
        return node  # the class body reads free variables, as the original's does

    def visit_comprehension_node(self, node: ast.AST) -> ast.AST:
        if sys.version_info >= (3, 12) and not isinstance(node, ast.GeneratorExp):
            return self.generic_visit(node)  # inlined comprehensions (PEP 709) read in the block
        node.generators[0].iter = self.visit(node.generators[0].iter)  # the rest: a scope of its own
        return node

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_comprehension_node


def transform(node: ast.FunctionDef, names: set[str], undefined: set[str], generated: dict[int, ast.FunctionDef],
              thunk_spans: frozenset) -> None:
    """Check, in the blocks of ``node`` (the generated functions ``generated``), each read and ``del``
    of ``names`` that the analysis says may find its variable unbound (``undefined``: those that may
    hold ``ag__.Undefined`` as well as an empty cell)."""
    if not names:
        return
    reads = _EmptyCellReads(names, undefined, generated, thunk_spans)
    body = []
    for statement in node.body:
        new = reads.visit(statement)
        body.extend(new if isinstance(new, list) else [new])
    node.body = body


def _flat(targets: list[ast.expr]):
    """The targets of a ``del`` in the order Python deletes them: ``del (a, [b, c])`` is ``del a, b, c``."""
    for target in targets:
        if isinstance(target, (ast.Tuple, ast.List)):
            yield from _flat(target.elts)
        else:
            yield target
