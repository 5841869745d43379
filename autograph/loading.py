"""From a converted AST to a live function that shares the user's globals and closure cells.

    new = load(tree, original)

The converted function is compiled straight from the AST with the user's file
name and the user's line numbers (generated statements carry the line of the
statement they stand for), so a traceback through converted code points at the
user's own file and line. It is built with ``types.FunctionType`` over the
user's live ``__globals__`` and the user's own closure cells (plus one cell for
``ag__``), so nothing is written into the user's module.
"""

from __future__ import annotations

import ast
import copy
import functools
import types
import weakref

import runtime

_FACTORY = "__autograph_factory__"
# The converted def is compiled under this name, so that the factory does not bind the user's
# function name (a recursive call must still find the global, as in the original).
_CONVERTED = "__autograph_converted__"

# Code objects the converter produced: functions made from them are converted already.
generated_codes: weakref.WeakSet = weakref.WeakSet()


def compile_function(node: ast.FunctionDef | ast.Lambda, original: types.FunctionType) -> types.CodeType:
    """Compile the converted node inside a factory whose locals are the original's free variables."""
    free = list(original.__code__.co_freevars)
    params = ["ag__"] + [name for name in free if name != "ag__"]
    if isinstance(node, ast.Lambda):
        inner: list[ast.stmt] = [ast.Return(value=node)]
        name = "<lambda>"
    else:
        node = copy.copy(node)
        node.name = name = _CONVERTED
        inner = [node, ast.Return(value=ast.Name(id=name, ctx=ast.Load()))]
    factory = ast.FunctionDef(
        name=_FACTORY,
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], kwonlyargs=[], kw_defaults=[],
                           defaults=[]),
        body=inner, decorator_list=[], returns=None, type_comment=None)
    if hasattr(ast.FunctionDef, "type_params") and "type_params" in ast.FunctionDef._fields:
        factory.type_params = []
    module = ast.Module(body=[factory], type_ignores=[])
    line = node.lineno
    for sub in (factory, *factory.args.args, factory.args, *inner[-1:], *ast.walk(inner[-1])):
        if "lineno" in sub._attributes and not hasattr(sub, "lineno"):
            sub.lineno = sub.end_lineno = line
            sub.col_offset = sub.end_col_offset = 0
    try:
        code = compile(module, original.__code__.co_filename, "exec", dont_inherit=True)
    except TypeError:  # a generated node without a position: give it its parent's (a full walk)
        ast.fix_missing_locations(module)
        code = compile(module, original.__code__.co_filename, "exec", dont_inherit=True)
    factory_code = _child_code(code, _FACTORY)
    function_code = _child_code(factory_code, name)
    renamed = {"co_name": original.__code__.co_name}
    if hasattr(original.__code__, "co_qualname"):
        renamed["co_qualname"] = original.__code__.co_qualname
    function_code = function_code.replace(**renamed)
    _remember(function_code)
    return function_code


def _child_code(code: types.CodeType, name: str) -> types.CodeType:
    return next(c for c in code.co_consts if isinstance(c, types.CodeType) and c.co_name == name)


def _remember(code: types.CodeType) -> None:
    generated_codes.add(code)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            _remember(constant)


def make_function(code: types.CodeType, original: types.FunctionType) -> types.FunctionType:
    """A function running ``code`` with the original's globals, cells, defaults and metadata."""
    cells = dict(zip(original.__code__.co_freevars, original.__closure__ or ()))
    closure = tuple(types.CellType(runtime) if name == "ag__" else cells[name] for name in code.co_freevars)
    function = types.FunctionType(code, original.__globals__, original.__name__, original.__defaults__,
                                  closure or None)
    function.__kwdefaults__ = original.__kwdefaults__
    functools.update_wrapper(function, original)
    return function
