"""printf-style formatting whose template asks a value for its digits goes through ``ag__.percent``.

Before::

    raise ValueError("the determinant should be 1 but is %g" % R_det)

After::

    raise ValueError(ag__.percent("the determinant should be 1 but is %g", R_det))

On plain values ``percent`` is ``template % values`` (runtime/percent_format.py). A staged value cannot
answer the ``float()`` that ``%g`` asks of it while a graph is traced; ``percent`` writes it with the format
spec that gives the same text, which the graph's assertion (or ``print``) fills in when it runs. Only a
template that is a string constant with a numeric conversion (``%d``, ``%5.2f``, ``%g``, ...) is rewritten:
``"%s" % x`` writes ``str(x)``, which a staged value answers itself.
"""

from __future__ import annotations

import ast

from autograph import templates
from autograph.transformer import Transformer
from runtime.percent_format import has_numeric_conversion


def rewritten(node: ast.AST) -> bool:
    """Whether ``node`` is an expression this converter rewrites: ``"...%g..." % values``."""
    return (type(node) is ast.BinOp and type(node.op) is ast.Mod and type(node.left) is ast.Constant
            and type(node.left.value) is str and has_numeric_conversion(node.left.value))


class _PercentFormats(Transformer):
    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        node = self.generic_visit(node)
        if not rewritten(node):
            return node
        call = ast.Call(func=templates.replace_expression("ag__.percent"), args=[node.left, node.right],
                        keywords=[])
        templates.copy_location(call, node)
        return call

    def visit_FunctionDef(self, node: ast.AST) -> ast.AST:
        return node  # nested scopes are converted on their own

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef


def transform(node: ast.FunctionDef | ast.Lambda) -> None:
    formats = _PercentFormats()
    if isinstance(node, ast.Lambda):
        node.body = formats.visit(node.body)
    else:
        node.body = [formats.visit(statement) for statement in node.body]
