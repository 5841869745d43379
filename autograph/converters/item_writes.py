"""Assignments into items of a local variable rebind it through ``ag__.setitem``.

Before::

    y[k] = x[k] * 2
    y[1:, j] += 1
    lower[i][j] = 1

After::

    y = ag__.setitem(y, k, x[k] * 2)
    y = ag__.setitem(y, ag__.index[1:, j], ag__.iadd(y[1:, j], 1))
    lower = ag__.setitem_in(lower, [i, j], 1)

On plain values nothing changes (``setitem`` stores the item and returns ``y`` itself). While a graph
is traced, ``y = np.zeros(n); y[k] = tensor`` needs ``y`` to become a tensor, which only a binding
can do; and a staged loop or branch then carries ``y`` like any variable it assigns.

Python evaluates the value before ``y`` and the index; the call evaluates it after them. So the
rewrite applies only where that order is not observed in practice: ``y`` is a local variable that no
nested scope captures, the index is built from names, constants, operators, attribute and item reads
(no calls), and neither the index nor the value binds a name (walrus). (A value whose evaluation
changes what the index reads, ``y[idx[0]] = idx.pop()``, would see the order; no such code is known
to us.) Anything else (``self.a[i] = v``, ``d[key(k)] = v``, ``a[i] = b[j] = v``) stays as written.
"""

from __future__ import annotations

import ast
import copy

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

    def _rebind(self, target: ast.Subscript, value: ast.expr, origin: ast.stmt) -> ast.stmt:
        base, indices = _chain(target)
        name = base.id
        if len(indices) == 1:
            call = ast.Call(func=_runtime("setitem"),
                            args=[ast.Name(id=name, ctx=ast.Load()), _index_argument(indices[0]), value], keywords=[])
        else:  # y[i][j] = v: ag__.setitem_in(y, [i, j], v)
            path = ast.List(elts=[_index_argument(index) for index in indices], ctx=ast.Load())
            call = ast.Call(func=_runtime("setitem_in"), args=[ast.Name(id=name, ctx=ast.Load()), path, value],
                            keywords=[])
        new = ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=call)
        templates.copy_location(new, origin)
        anno.set(new, anno.Key.ITEM_WRITE, target)  # (a composite the statements around it may carry: y[0])
        return new

    def visit_Assign(self, node: ast.Assign) -> ast.stmt:
        if len(node.targets) != 1 or not self._target(node.targets[0]) or _binds(node.value):
            return node
        return self._rebind(node.targets[0], node.value, node)

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.stmt:
        if not self._target(node.target) or _binds(node.value):
            return node
        target = node.target
        read = copy.deepcopy(target)
        for sub in walk(read):
            if isinstance(sub, (ast.Subscript, ast.Name)):
                sub.ctx = ast.Load()
        updated = ast.Call(func=_runtime(IN_PLACE[type(node.op).__name__]), args=[read, node.value], keywords=[])
        return self._rebind(target, updated, node)

    def visit_FunctionDef(self, node: ast.AST) -> ast.AST:
        return node  # nested scopes are converted on their own

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef


def transform(node: ast.FunctionDef) -> None:
    scope = function_scope(node)
    writes = _ItemWrites(set(scope.locals) - set(scope.captured), set(scope.captured))
    node.body = [writes.visit(statement) for statement in node.body]
