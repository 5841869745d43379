"""Calls that may reach user code go through ``ag__.call``, which picks the converted callee.

Before::

    y = square(x) + np.sum(x)
    items.append(y)

After::

    y = ag__.call(square)(x) + np.sum(x)
    items.append(y)

A call stays plain when the converter can tell, at conversion time, that the
callee needs no conversion: it resolves to a builtin, a class, or a function of
NumPy, JAX, the standard library or the runtime; it is a function defined in
this same function (converted with it already); or it is a method of a builtin
container or array (``append``, ``items``, ``reshape``, ...). Zero-argument
``super()`` and the frame-reading builtins (``locals()``, ...) stay plain too.
"""

from __future__ import annotations

import ast
import sys
import types
from typing import Any

from autograph import templates
from autograph.context import UNKNOWN, Context

_UNCONVERTED_PACKAGES = frozenset({
    "numpy", "jax", "jaxlib", "scipy", "runtime", "autograph", "ml_dtypes", "opt_einsum", "builtins",
    "_pytest", "pytest", "hypothesis",
}) | frozenset(sys.stdlib_module_names)

# Methods of lists, dicts, sets, strings and arrays: calling them through ag__.call would only cost time.
_CONTAINER_METHODS = frozenset("""
    append extend insert pop remove clear copy index count sort reverse
    items keys values get setdefault update popitem add discard union intersection difference
    join split strip lstrip rstrip format startswith endswith replace lower upper encode decode
    reshape astype sum mean max min prod any all argmax argmin dot tolist item ravel flatten transpose
    squeeze cumsum clip round std var fill nonzero
""".split())


def is_unconverted_module(module_name: str | None) -> bool:
    if not module_name:
        return False
    return module_name.split(".")[0] in _UNCONVERTED_PACKAGES


def needs_no_conversion(value: Any) -> bool:
    """Whether a callee can be called as it is (decided once, at conversion or call time)."""
    if isinstance(value, (types.BuiltinFunctionType, types.BuiltinMethodType, type, types.ModuleType)):
        return True
    module = getattr(value, "__module__", None)
    if not isinstance(module, str):
        module = type(value).__module__
    return is_unconverted_module(module)


class _Calls(ast.NodeTransformer):
    def __init__(self, ctx: Context, local_names: set[str], local_functions: set[str],
                 first_param: str | None) -> None:
        self.first_param = first_param
        self.ctx = ctx
        self.local_names = local_names
        self.local_functions = local_functions

    def _resolve(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Name):
            if node.id in self.local_names:
                return UNKNOWN
            return self.ctx.resolve_global(node.id)
        if isinstance(node, ast.Attribute):
            base = self._resolve(node.value)
            if isinstance(base, (types.ModuleType, type)):
                return getattr(base, node.attr, UNKNOWN)
        return UNKNOWN

    def _plain(self, func: ast.expr) -> bool:
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "ag__":
            return True
        if isinstance(func, ast.Name) and (func.id in self.local_functions or func.id == "super"):
            return True
        if isinstance(func, ast.Attribute) and func.attr in _CONTAINER_METHODS:
            return True
        target = self._resolve(func)
        return target is not UNKNOWN and needs_no_conversion(target)

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        if (isinstance(node.func, ast.Name) and node.func.id == "super" and not node.args and not node.keywords
                and self.first_param):
            # Zero-argument super() finds its class and instance in the calling frame, which is a
            # generated closure once the call moves into a branch: spell them out.
            node.args = [ast.Name(id="__class__", ctx=ast.Load()), ast.Name(id=self.first_param, ctx=ast.Load())]
            templates.copy_location(node, node.func)
            return node
        if self._plain(node.func):
            return node
        # `ag__.call(f)(x)`: the runtime picks what to call, the call itself stays in this frame.
        node.func = ast.Call(func=templates.replace_expression("ag__.call"), args=[node.func], keywords=[])
        templates.copy_location(node.func, node)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args = self.visit(node.args)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def _own_scope(self, node: ast.AST) -> ast.AST:
        """A scope where zero-argument super() looks at its own frame: leave it as Python has it."""
        saved, self.first_param = self.first_param, None
        try:
            return self.generic_visit(node)
        finally:
            self.first_param = saved

    visit_Lambda = _own_scope
    if sys.version_info < (3, 12):  # comprehensions are functions of their own before PEP 709
        visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _own_scope
    else:
        visit_GeneratorExp = _own_scope


def _local_functions(body: list[ast.stmt], local_names: set[str]) -> set[str]:
    """Names bound only by nested ``def`` statements (they are converted with their parent)."""
    defined = {n.name for s in body for n in ast.walk(s) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    rebound = set()
    for statement in body:
        for sub in ast.walk(statement):
            if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load) and sub.id in defined:
                rebound.add(sub.id)
    return (defined - rebound) & local_names


def _is_method(node: ast.AST, root: ast.AST) -> bool:
    """Whether ``node`` is defined in the body of a class inside ``root``: there Python gives
    zero-argument super() a ``__class__`` cell (and the frame's first argument, whatever the
    method's kind), which the rewrite above spells out."""
    if not isinstance(node, ast.FunctionDef):
        return False
    return any(isinstance(sub, ast.ClassDef) and any(item is node for item in sub.body) for sub in ast.walk(root))


def transform(node: ast.FunctionDef | ast.Lambda, ctx: Context, local_names: set[str]) -> None:
    body = node.body if isinstance(node.body, list) else [node.body]
    positional = node.args.posonlyargs + node.args.args
    uses_class_cell = ("__class__" in ctx.closure) if node is ctx.root else _is_method(node, ctx.root)
    first_param = positional[0].arg if positional and uses_class_cell else None
    calls = _Calls(ctx, local_names, _local_functions(body, local_names), first_param)
    if isinstance(node, ast.Lambda):
        node.body = calls.visit(node.body)
    else:
        node.body = [calls.visit(statement) for statement in node.body]
