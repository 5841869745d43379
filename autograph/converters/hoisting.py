"""The blocks of statements inside a loop body are defined once, before the loop, not every iteration.

Before (what ``control_flow`` writes)::

    def loop_body(itr):
        nonlocal i, total
        i = itr

        def if_body():
            nonlocal total
            total += i
        ag__.if_stmt(i % 2, if_body)()
    i = None
    for itr in ag__.for_stmt(ag__.range(n), None, loop_body, ('total',)):
        loop_body(itr)

After::

    def if_body1():
        nonlocal total
        total += i

    def loop_body(itr):
        nonlocal i, total
        i = itr
        ag__.if_stmt(i % 2, if_body1)()
    i = None
    for itr in ag__.for_stmt(ag__.range(n), None, loop_body, ('total',)):
        loop_body(itr)

A generated closure whose free variables are all variables of a scope outside the loop (every
variable a block binds is the function's own, except a loop target the loop body takes as its
parameter) is the same function wherever it is defined: its cells are the function's, made when
the function is called. So it is defined once per call of the enclosing scope, not once per
iteration; moved closures get fresh names, since several now share one block.
"""

from __future__ import annotations

import ast

from autograph import anno
from autograph.analysis.scopes import bindings_of
from autograph.analysis.walk import statement_children, walk
from autograph.context import Context
from autograph.converters.control_flow import is_init


def transform(node: ast.FunctionDef, ctx: Context) -> None:
    _Hoister(ctx).block(node.body)


class _Hoister:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.generated = ctx.namer.handed_out  # a user's def never has one of these names
        self.fresh: set[str] = set()  # the names given to moved closures: each used once
        self._locals_cache: dict[int, tuple[ast.FunctionDef, set[str]]] = {}

    def _is_generated(self, node: ast.stmt) -> bool:
        return isinstance(node, ast.FunctionDef) and node.name in self.generated

    def block(self, statements: list[ast.stmt]) -> None:
        """Hoist out of every loop body in ``statements`` (inner loops first), in place."""
        for statement in statements:
            for inner in _blocks(statement, self._is_generated(statement)):
                self.block(inner)
        index = 0
        while index < len(statements):
            statement = statements[index]
            loop = _loop_call(statement)
            if loop is None:
                index += 1
                continue
            # The loop's own closures (loop_test, loop_body) stand right before its call and inits.
            bodies = {arg.id for arg in loop.args if isinstance(arg, ast.Name)}
            first = index
            while first > 0 and (self._is_generated(statements[first - 1]) or is_init(statements[first - 1])):
                first -= 1
            moved: list[ast.FunctionDef] = []
            for function in statements[first:index]:
                if self._is_generated(function) and function.name in bodies:
                    moved += self._hoist(function.body, self._locals(function))
            statements[first:first] = moved
            index += len(moved) + 1

    def _hoist(self, statements: list[ast.stmt], blocked: set[str]) -> list[ast.FunctionDef]:
        """Take out of ``statements`` (a block of a scope inside the loop body, whose variables and
        those of the scopes between it and the loop body are ``blocked``) the generated closures
        that read none of those, their own insides first."""
        moved: list[ast.FunctionDef] = []
        for statement in statements:
            if self._is_generated(statement):
                moved += self._hoist(statement.body, blocked | self._locals(statement))
            else:
                for inner in _blocks(statement, False):
                    moved += self._hoist(inner, blocked)
        # A closure that reads a sibling which stays (a loop body reading its hoisted if_body does
        # not: that one moves too) stays as well.
        functions = [(s, _free_names(s)) for s in statements if self._is_generated(s)]
        staying: set[str] = set()
        changed = True
        while changed:
            changed = False
            for function, free in functions:
                if function.name not in staying and free & (blocked | staying):
                    staying.add(function.name)
                    changed = True
        index = 0
        while index < len(statements):
            statement = statements[index]
            if self._is_generated(statement) and statement.name not in staying:
                del statements[index]
                if statement.name not in self.fresh:  # one of the shared names (if_body): make it unique
                    old, statement.name = statement.name, self.ctx.namer.new(_base(statement.name))
                    self.fresh.add(statement.name)
                    _rename_uses(statements, index, old, statement.name)
                moved.append(statement)
                continue
            index += 1
        return moved

    def _locals(self, function: ast.FunctionDef) -> set[str]:
        """A closure's own variables, but the generated closures it defines (which may move). Asked
        again at every loop around it: computed once (moving closures out only removes names that
        this leaves out anyway)."""
        entry = self._locals_cache.get(id(function))
        if entry is None:  # the node is kept with its entry, so that no other node reuses its id
            names = _own_locals(function) - self._defined_closures(function.body)
            entry = self._locals_cache[id(function)] = (function, names)
        return entry[1]

    def _defined_closures(self, statements: list[ast.stmt]) -> set[str]:
        names = set()
        for statement in statements:
            if self._is_generated(statement):
                names.add(statement.name)
            else:
                for inner in _blocks(statement, False):
                    names |= self._defined_closures(inner)
        return names


def _blocks(statement: ast.stmt, generated: bool) -> list[list[ast.stmt]]:
    """The statement lists inside ``statement`` that converted code runs: a generated closure's
    body, and the blocks of try / with / match / a Python if (never a user's def or class)."""
    if generated:
        return [statement.body]
    cls = statement.__class__
    fields = _BLOCK_FIELDS.get(cls)
    if fields is None:
        fields = _BLOCK_FIELDS[cls] = () if cls in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) else tuple(
            field for field in ("body", "orelse", "finalbody", "handlers", "cases") if field in cls._fields)
    blocks = []
    for field in fields:
        value = getattr(statement, field, None)  # a node the converters built may lack a field
        if field == "handlers" or field == "cases":
            blocks += [item.body for item in value or ()]
        elif value.__class__ is list:
            blocks.append(value)
    return blocks


_BLOCK_FIELDS: dict[type, tuple[str, ...]] = {}  # statement class -> its fields that hold blocks


def _loop_call(statement: ast.stmt) -> ast.Call | None:
    """The ``ag__.for_stmt(...)`` / ``ag__.while_stmt(...)`` call of a converted loop
    (``for x in ag__.for_stmt(...): loop_body(x)``), as control_flow marked it, or None."""
    return anno.get(statement, anno.Key.LOOP_CALL, None)


def _own_locals(function: ast.FunctionDef) -> set[str]:
    """The variables of ``function``'s own scope: ``function_scope(...).locals`` without the names its
    nested functions capture (not needed here, and costly to find for closures nested deeply)."""
    args = function.args
    params = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]
              if a is not None}
    declared = set()
    stack = list(function.body)
    while stack:
        sub = stack.pop()
        if isinstance(sub, (ast.Nonlocal, ast.Global)):
            declared.update(sub.names)
        elif not isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack += statement_children(sub)  # declarations are statements: no expression holds one
    return (params | bindings_of(function.body)) - declared


def _free_names(function: ast.FunctionDef) -> set[str]:
    """Every name ``function`` (or anything in it) reads, binds or declares, but its own locals:
    more than its free variables, never fewer."""
    names: set[str] = set()
    for sub in walk(function):
        if isinstance(sub, ast.Name):
            names.add(sub.id)
        elif isinstance(sub, (ast.Nonlocal, ast.Global)):
            names.update(sub.names)
    return names - _own_locals(function)


def _rename_uses(statements: list[ast.stmt], start: int, old: str, new: str) -> None:
    """Point the statement that used a moved closure at its new name: the operator call after it
    (and the closures between, which never read it), up to that call."""
    for statement in statements[start:]:
        if isinstance(statement, ast.FunctionDef):
            if statement.name == old:
                return
            continue
        for sub in walk(statement):
            if isinstance(sub, ast.Name) and sub.id == old:
                sub.id = new
        if _calls_operator(statement):
            return


def _calls_operator(statement: ast.stmt) -> bool:
    """Whether ``statement`` is one control_flow wrote to call an operator on its closures (as it marked it)."""
    return anno.get(statement, anno.Key.BLOCK_CALL, False)


def _base(name: str) -> str:
    """``if_body`` for ``if_body`` or ``if_body1``: the stem a fresh name is made from."""
    return name.rstrip("0123456789") or name
