"""Assignments into items of a local variable rebind it through ``ag__.setitem``.

Before::

    y[k] = x[k] * 2
    y[1:, j] += 1
    lower[i][j] = 1

After::

    y = ag__.setitem(x[k] * 2, y, k)
    y = ag__.update(ag__.at(y, ag__.index[1:, j]), ag__.iadd, 1)
    lower = ag__.setitem(1, ag__.at(lower, i), j)

On plain values nothing changes (``setitem`` stores the item and returns ``y`` itself). While a graph
is traced, ``y = np.zeros(n); y[k] = tensor`` needs ``y`` to become a tensor, which only a binding
can do; and a staged loop or branch then carries ``y`` like any variable it assigns.

The operands come in Python's order: ``y[i] = v`` evaluates ``v``, then ``y``, then ``i``, and so do
the call's arguments; ``ag__.at(y, i)`` reads ``y[i]`` where Python reads it (before ``j`` in
``y[i][j] = v``, before ``v`` in ``y[i] += v``), once. The rewrite applies where ``y`` is a local
variable that no nested scope captures, the index is built from names, constants, operators,
attribute and item reads (no calls), and neither the index nor the value binds a name (walrus).
Anything else (``self.a[i] = v``, ``d[key(k)] = v``, ``a[i] = b[j] = v``) stays as written.
"""

from __future__ import annotations

import ast

from autograph import anno, templates
from autograph.analysis.function_scopes import function_scope
from autograph.analysis.walk import walk
from autograph.transformer import Transformer
from runtime.items import IN_PLACE

_PURE = (ast.Name, ast.Constant, ast.Slice, ast.Tuple, ast.UnaryOp, ast.BinOp, ast.Compare, ast.BoolOp,
         ast.Subscript, ast.Attribute, ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)


def _pure(node: ast.expr) -> bool:
    return all(isinstance(sub, _PURE) for sub in walk(node))


def _binds(node: ast.expr) -> bool:
    return any(isinstance(sub, (ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await)) for sub in walk(node))


def _runtime(name: str) -> ast.expr:
    return ast.Attribute(value=ast.Name(id="ag__", ctx=ast.Load()), attr=name, ctx=ast.Load())


def _index_argument(index: ast.expr) -> ast.expr:
    """The subscript as an expression: ``ag__.index[...]`` when it holds a slice (``1:``)."""
    if any(isinstance(sub, ast.Slice) for sub in walk(index)):
        return ast.Subscript(value=_runtime("index"), slice=index, ctx=ast.Load())
    return index


def _spot(base: ast.Name, indices: list[ast.expr]) -> ast.expr:
    """``y`` itself, or ``ag__.at(ag__.at(y, i), j)`` for the items ``y[i][j]`` read on the way."""
    spot: ast.expr = ast.Name(id=base.id, ctx=ast.Load())
    for index in indices:
        spot = ast.Call(func=_runtime("at"), args=[spot, _index_argument(index)], keywords=[])
    return spot


def _chain(target: ast.Subscript) -> tuple[ast.expr, list[ast.expr]]:
    """``y[i][j]`` as ``(y, [i, j])``."""
    indices = []
    node: ast.expr = target
    while isinstance(node, ast.Subscript):
        indices.append(node.slice)
        node = node.value
    return node, indices[::-1]


class _ItemWrites(Transformer):
    def __init__(self, names: set[str], captured: set[str]) -> None:
        self.names, self.captured = names, captured

    def _target(self, target: ast.expr) -> bool:
        """``y[i]`` or ``y[i][j]...`` with ``y`` one of our names and pure indices (not a dict's str key)."""
        if not isinstance(target, ast.Subscript):
            return False
        base, indices = _chain(target)
        return (isinstance(base, ast.Name) and base.id in self.names
                and all(_pure(index) for index in indices)
                and not (isinstance(indices[-1], ast.Constant) and isinstance(indices[-1].value, str))
                and not any(isinstance(sub, ast.Name) and sub.id in self.captured
                            for index in indices for sub in walk(index)))

    def _rebind(self, target: ast.Subscript, call: ast.expr, origin: ast.stmt) -> ast.stmt:
        new = ast.Assign(targets=[ast.Name(id=_chain(target)[0].id, ctx=ast.Store())], value=call)
        templates.copy_location(new, origin)
        anno.set(new, anno.Key.ITEM_WRITE, target)  # (a composite the statements around it may carry: y[0])
        return new

    def visit_Assign(self, node: ast.Assign) -> ast.stmt:
        if len(node.targets) != 1 or not self._target(node.targets[0]) or _binds(node.value):
            return node
        base, indices = _chain(node.targets[0])
        # y[i][j] = v: ag__.setitem(v, ag__.at(y, i), j): v, then y, i, y[i] and j, as Python evaluates them.
        call = ast.Call(func=_runtime("setitem"),
                        args=[node.value, _spot(base, indices[:-1]), _index_argument(indices[-1])], keywords=[])
        return self._rebind(node.targets[0], call, node)

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.stmt:
        if not self._target(node.target) or _binds(node.value):
            return node
        base, indices = _chain(node.target)
        # y[i] += v: ag__.update(ag__.at(y, i), ag__.iadd, v): y, i, y[i], then v, as Python evaluates them.
        call = ast.Call(func=_runtime("update"),
                        args=[_spot(base, indices), _runtime(IN_PLACE[type(node.op).__name__]), node.value],
                        keywords=[])
        return self._rebind(node.target, call, node)

    def visit_FunctionDef(self, node: ast.AST) -> ast.AST:
        return node  # nested scopes are converted on their own

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef


def transform(node: ast.FunctionDef) -> None:
    scope = function_scope(node)
    writes = _ItemWrites(set(scope.locals) - set(scope.captured), set(scope.captured))
    node.body = [writes.visit(statement) for statement in node.body]
