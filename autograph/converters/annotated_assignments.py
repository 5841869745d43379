"""Annotated assignments to variables a body closure declares ``nonlocal`` or ``global`` become plain ones.

Python refuses ``nonlocal x`` with ``x: int = 5`` in the same function. Before (a branch's body,
as ``control_flow`` made it)::

    def if_body():
        nonlocal x, y
        x: int = 5
        y: float

After::

    def if_body():
        nonlocal x, y
        x = 5

Exact: Python never evaluates the annotation of a function's local variable, and a bare
``x: int`` binds nothing.
"""

from __future__ import annotations

import ast


def transform(statements: list[ast.stmt], declared: set[str]) -> list[ast.stmt]:
    """``x: int = 5`` on a variable a closure declares ``nonlocal`` (Python refuses an annotation
    there) becomes ``x = 5``, and a bare ``x: int`` goes. Exact: Python never evaluates the
    annotation of a function's local variable."""
    if not declared:
        return statements
    out = []
    for node in statements:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id in declared:
            if node.value is not None:
                out.append(ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node))
            continue
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody"):
                block = getattr(node, field, None)
                if isinstance(block, list) and block:
                    setattr(node, field, transform(block, declared) or [ast.copy_location(ast.Pass(), node)])
            for child in getattr(node, "handlers", []) + getattr(node, "cases", []):
                child.body = transform(child.body, declared) or [ast.copy_location(ast.Pass(), node)]
        out.append(node)
    return out
