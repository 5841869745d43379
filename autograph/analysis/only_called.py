"""The user's variables that the function only ever calls: every read of the name is ``name(...)``.

A staged ``if`` may leave such a variable holding a function chosen by its condition, where each branch
defines (or assigns) one of its own (runtime/chosen_functions.py)::

    if e > 1:                                  # e: a staged value
        def kepler(E): return M + E - e * np.sinh(E)
    else:
        def kepler(E): return M - E + e * np.sin(E)
    f = kepler(E0)                             # the only kind of read `kepler` has

The value it then holds is no function of the user's, so no read may look at it as one: not ``kepler is
g``, ``kepler.__name__``, ``isinstance(kepler, ...)``, ``return kepler`` or ``solve(kepler, x0)``. Python
could answer those only for the branch that ran. So a name qualifies only when no read of it, anywhere in
the function (its nested functions, lambdas, comprehensions and classes too), is anything but the callee
of a call, when nothing deletes it, and when the function reads no frame (``locals()``, ``eval``,
``sys._getframe().f_locals``: they read every variable). Before (the function's tree)::

    def f(e, E0):
        if e > 1:
            def kepler(E): ...
        else:
            def kepler(E): ...
        return kepler(E0), solve(kepler, E0)

After: ``only_called(tree) == set()`` (``solve(kepler, E0)`` passes it on); without the second call,
``{'kepler'}``.
"""

from __future__ import annotations

import ast
from typing import Optional

from autograph.analysis.walk import walk

# Calls that read the frame, and attributes that reach it: with one in the function, any variable may be read as
# a value.
_FRAME_READERS = frozenset({"locals", "vars", "dir", "eval", "exec", "globals"})
_FRAME_ATTRIBUTES = frozenset({"_getframe", "currentframe", "f_locals", "f_back", "stack"})


def only_called(tree: ast.AST, nodes: Optional[list[ast.AST]] = None) -> set[str]:
    """The names bound in ``tree`` (a function's node, as written) whose every read calls them. ``nodes``: every
    node of ``tree`` (``walk(tree)``), where the caller has them already."""
    if nodes is None:
        nodes = walk(tree)
    callees: set[int] = set()
    bound: set[str] = set()
    read_otherwise: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            callees.add(id(node.func))
            if node.func.id in _FRAME_READERS:
                return set()
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.Attribute) and node.attr in _FRAME_ATTRIBUTES:
            return set()
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            read_otherwise.update(node.names)  # a variable another scope may read as it likes
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            read_otherwise.add(node.target.id)  # `f += g` reads f as a value
    for node in nodes:
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Store):
                bound.add(node.id)
            elif isinstance(node.ctx, ast.Del) or id(node) not in callees:
                read_otherwise.add(node.id)
        elif isinstance(node, ast.arg):
            read_otherwise.add(node.arg)  # a parameter is the caller's value: not the branches' to choose
    if isinstance(tree, (ast.FunctionDef, ast.AsyncFunctionDef)):
        bound.discard(tree.name)  # (the function's own name is no variable of its own)
    return bound - read_otherwise
