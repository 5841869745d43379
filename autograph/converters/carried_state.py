"""Which variables an ``if`` or loop's closures carry: what they declare ``nonlocal``, and the state
a backend that stages the statement reads and writes. An analysis the ``control_flow`` converter
builds on (its base class); it rewrites nothing.

For the example in ``control_flow``'s docstring, the loop's body declares ``nonlocal i, total``
(``i``: a block inside the loop reads it, so the body closure, hoisted before the loop, cannot take it
as its parameter) and carries ``('total',)``, the one variable it changes that is live after the
loop or at its head; the ``if`` inside carries ``('total',)`` too.

An attribute or a constant-key item a statement assigns is carried as well, as a tuple after the
names (``composites``). Before::

    if loss < self.best:
        self.best = loss
        best["loss"] = loss

After (the state of the ``if``)::

    (('best', ('loss',)), ('self', 'best'))
"""

from __future__ import annotations

import ast
import collections

from autograph import anno
from autograph.analysis.function_scopes import FunctionScope
from autograph.analysis.scopes import names_of, writes_of
from autograph.analysis.walk import children, statement_children, walk
from autograph.converters.logical_expressions import always_bool


class CarriedState:
    """Per function: the names each statement binds, carries and needs bound, each computed once
    (every enclosing level asks about the statements inside it again)."""

    marked: set[str]  # names with a read the definitions analysis marked as maybe unbound
    name_counts: collections.Counter | None  # how often each name occurs (asked by for loops only)

    def __init__(self, scope: FunctionScope) -> None:
        self.function = scope
        # By id, with the node itself: it keeps the node alive, so no other node can reuse the id
        # (statements the conversion replaces, such as annotated assignments, are dropped).
        self._writes_cache: dict[int, tuple[ast.stmt, frozenset]] = {}
        self._loop_parameters_cache: dict[int, tuple[ast.For, frozenset]] = {}
        self._parameter_targets_cache: dict[int, tuple[ast.AST, frozenset]] = {}
        self._grown_cache: dict[int, tuple[ast.AST, frozenset]] = {}
        # Whether the function assigns an attribute or an item anywhere (else no statement has composites to carry:
        # the walk per statement is skipped).
        self.composite_writes = True
        # Lists a loop appends to (carried, never rebound): the loop body declares them nonlocal all the same.
        self.declared_unwritten: set[str] = set()
        # The variables the converter made up (return values and flags, runtime/state_roles.py): always
        # joined, never ``dead_after``, so that a staged ``if`` sees which branch set a return flag.
        self.made_up: frozenset = frozenset()

    def _writes(self, node: ast.stmt) -> frozenset:
        """The names a user statement binds, computed once (with those of the statements in it):
        nested statements are asked again by every enclosing level. A statement is first asked
        before its blocks are converted, so the answers are the user's code's."""
        return writes_of(node, self._writes_cache)

    def _visible(self, node: ast.stmt) -> set[str]:
        """The locals a statement binds that matter outside it: live before or after it, or
        captured by a nested function (or, for a while loop, bound by a walrus in its test)."""
        local = self._writes(node) & self.function.locals
        live = anno.get(node, anno.Key.LIVE_IN) | anno.get(node, anno.Key.LIVE_OUT)
        visible = local & (live | self.function.captured)
        if isinstance(node, ast.While):
            visible |= {n.target.id for n in walk(node.test) if isinstance(n, ast.NamedExpr)} & local
        return visible

    def _carried(self, node: ast.stmt, loop: bool) -> tuple[list[str], list[str], list[str]]:
        """(nonlocal names, global names, state names) for a statement's closures."""
        modified = self._writes(node)
        live_in = anno.get(node, anno.Key.LIVE_IN)
        live_out = anno.get(node, anno.Key.LIVE_OUT)
        outer = self.function.nonlocals & modified
        local = (modified & self.function.locals)
        visible = self._visible(node)
        # A loop carries what is live at its head or after it. Branches carry everything they
        # bind that is visible outside: staging runs both, so a value one branch binds and the
        # other reads must go through the state, not through the variable.
        state = (local & (live_out | live_in)) | outer if loop else (visible - self.dead_after(node)) | outer
        if isinstance(node, ast.While):
            # What the test binds (`while (x_next := step(x)) > tol:`) is loop state: a staged loop
            # computes it anew each iteration, as Python's test does (runtime/loop_tests.py).
            state |= {n.target.id for n in walk(node.test) if isinstance(n, ast.NamedExpr)} & self.function.locals
        grown: set[str] = set()
        if loop:
            # A list the loop appends to changes without being rebound: a backend must see it
            # (JAX stacks it into an array, the graph backend explains it cannot grow). The body declares
            # it nonlocal although it never rebinds it, so that the body's closure holds its cell even
            # where the closure that appends to it was hoisted out of the body (converters/hoisting.py).
            # (A name the enclosing branch declares nonlocal too: `out = []` in the else branch of an `if` whose other
            # branch binds `out` as well, so the branch's closure shares it.)
            appended = anno.get(node, anno.Key.GROWN_LISTS, None)
            if appended is None:  # a loop no user wrote (the passes' own): its calls are the passes'
                appended = _grown_lists(node, self._grown_cache)
            grown = appended & (self.function.locals | self.function.nonlocals) & (live_out | live_in)
            state |= grown
            self.declared_unwritten |= grown
        # Every local a body binds lives in the function, not in the closure: it lives as long as in
        # the original (until the function returns or the name is rebound), which __del__ can see.
        # Loop targets not needed after their loop stay the loop body's parameters (docs/limitations.md).
        lifetime = local - self._parameter_targets(node)
        return (sorted(lifetime | visible | outer | grown), sorted(self.function.globals & modified),
                sorted(state) + (composites(node) if self.composite_writes else []))

    def dead_after(self, node: ast.If) -> set[str]:
        """The locals an ``if`` binds that a branch (or the test) reads before binding them but that
        nothing reads after it: a staged ``if`` must trace each branch from their value before it,
        but joins them in no output (``if_stmt``'s ``dead``), so that a variable bound on one path
        only (`if n == 0: return 0.0` / `else: tol = tol or 0.5; ...`) is no error there."""
        local = self._writes(node) & self.function.locals
        live_out = anno.get(node, anno.Key.LIVE_OUT)
        return (local & anno.get(node, anno.Key.LIVE_IN)) - live_out - self.function.captured - self.made_up

    def _needs_binding(self, node: ast.stmt, nonlocals: list[str]) -> set[str]:
        """Names the closures need bound in the enclosing scope: their nonlocals, and free
        reads of locals that may be unbound (so they raise UnboundLocalError, not NameError)."""
        # A list a loop only grows (declared_unwritten) is bound where the user bound it, outside the statement:
        # binding it here (`symbols: object`) would make it a new, empty variable of the branch this statement
        # stands in (pyparsing's one_of: UnboundLocalError).
        written = self._writes(node)
        needed = {name for name in nonlocals if name in written or name not in self.declared_unwritten}
        needed -= self.function.nonlocals
        stack = [node] if self.marked else []  # no read in the function may find its variable unbound
        while stack:
            sub = stack.pop()
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                # Its body's reads were annotated by its own analysis; its header runs here.
                stack.extend(sub.decorator_list)
                if not isinstance(sub, ast.ClassDef):
                    stack.extend(sub.args.defaults + [d for d in sub.args.kw_defaults if d is not None])
                continue
            if isinstance(sub, ast.Name) and anno.get(sub, anno.Key.MAYBE_UNDEFINED, False):
                needed.add(sub.id)
            stack.extend(children(sub))
        return needed & self.function.locals

    def _parameter_targets(self, node: ast.stmt) -> set[str]:
        """Names bound only as the target of a for loop in ``node`` (or ``node`` itself) that is
        not needed after its loop, nor named anywhere else in the function: the loop body takes
        them as its parameter."""
        entry = self._parameter_targets_cache.get(id(node))
        if entry is not None:
            return entry[1]
        names = self._loop_parameters(node) if isinstance(node, ast.For) else frozenset()
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for child in statement_children(node):  # each asked once: every enclosing level asks
                names |= self._parameter_targets(child)
        self._parameter_targets_cache[id(node)] = (node, names)  # the node keeps its id
        return names

    def _loop_parameters(self, loop: ast.For) -> frozenset:
        """The target names one loop's body takes as its parameter, computed once per loop: every
        statement around it asks again."""
        entry = self._loop_parameters_cache.get(id(loop))
        if entry is None:
            names = frozenset()
            candidates = names_of(loop.target).writes - self._visible(loop)
            if candidates:
                inside = collections.Counter([sub.id for sub in walk(loop)
                                              if sub.__class__ is ast.Name and sub.id in candidates])
                # A target that a block inside the loop reads stays the function's variable: that
                # block is then defined once, before the loop (hoisting), not every iteration.
                in_blocks = _names_in_blocks(loop.body)
                names = frozenset(name for name in candidates
                                  if inside[name] == self.name_counts[name] and name not in in_blocks)
            entry = self._loop_parameters_cache[id(loop)] = (loop, names)  # the node keeps its id
        return entry[1]


def _names_in_blocks(statements: list[ast.stmt]) -> set[str]:
    """The names in the blocks of the if / while / for statements among ``statements`` (outside
    nested scopes): what the closures those blocks become would read."""
    names: set[str] = set()
    stack = list(statements)
    while stack:
        sub = stack.pop()
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(sub, (ast.If, ast.For)) and not (isinstance(sub, ast.If) and always_bool(sub.test)):
            blocks = sub.body + sub.orelse + ([sub.target] if isinstance(sub, ast.For) else [])
            names |= {n.id for block in blocks for n in walk(block) if isinstance(n, ast.Name)}
            stack.append(sub.test if isinstance(sub, ast.If) else sub.iter)
            continue
        if isinstance(sub, ast.While):
            names |= {n.id for n in walk(sub) if isinstance(n, ast.Name)}
            continue
        stack.extend(children(sub))
    return names


def mark_grown_lists(function: ast.FunctionDef) -> None:
    """Annotate each loop of ``function`` (outside nested scopes) with the lists it grows (``GROWN_LISTS``), on the
    user's calls: the pipeline asks this before call_trees wraps ``out.append`` into ``ag__.call``."""
    known: dict[int, tuple[ast.AST, frozenset]] = {}
    for statement in function.body:
        _grown_lists(statement, known)
    for node, grown in known.values():
        if node.__class__ in (ast.For, ast.While) and anno.get(node, anno.Key.GROWN_LISTS, None) is None:
            anno.set(node, anno.Key.GROWN_LISTS, grown)


def _grown_lists(node: ast.stmt, known: dict[int, tuple[ast.AST, frozenset]]) -> frozenset:
    """Names whose ``append`` / ``extend`` / ``insert`` a statement calls (outside nested scopes).
    Each statement's answer is kept in ``known`` (by id, with the node): the loops around a loop
    ask about it again, and a loop is asked before its blocks are converted."""
    entry = known.get(id(node))
    if entry is not None:
        return entry[1]
    grown: set[str] = set()
    if node.__class__ not in _SCOPE_STATEMENTS:
        for child in children(node):
            if isinstance(child, _STATEMENT_LIKE):
                grown |= _grown_lists(child, known)
                continue
            for sub in walk(child):  # an expression: no statement below it
                if (sub.__class__ is ast.Call and isinstance(sub.func, ast.Attribute)
                        and sub.func.attr in ("append", "extend", "insert") and isinstance(sub.func.value, ast.Name)):
                    grown.add(sub.func.value.id)
    result = frozenset(grown)
    known[id(node)] = (node, result)
    return result


def composites(node: ast.stmt) -> list[tuple]:
    """The attributes and constant-key items a statement assigns (outside nested scopes) on an object
    that exists before it, as the state entries a backend carries: ``self.best = v`` gives
    ``('self', 'best')``, ``best['loss'] = v`` gives ``('best', ('loss',))``, ``a.b.c = v`` gives
    ``('a', 'b', 'c')`` (runtime/composite_state.py). Left out: a base variable the statement rebinds
    (``d = {}`` in a branch: a new object, not one from before; ``d = ag__.setitem(v, d, 0)``, which
    stands for ``d[0] = v``, does not count: the runtime carries ``d[0]`` when ``d`` is a dict or a list,
    and ``d`` whole when it is an array), and targets with a key that is not a constant."""
    found: dict[tuple, None] = {}
    rebound: set[str] = set()
    stack: list[ast.AST] = [node]
    while stack:
        sub = stack.pop()
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)) and sub is not node:
            if not isinstance(sub, ast.Lambda):
                rebound.add(sub.name)
            continue
        targets: list[ast.expr] = []
        if isinstance(sub, ast.Assign):
            item_write = anno.get(sub, anno.Key.ITEM_WRITE, None)
            if item_write is not None:  # `y = ag__.setitem(v, y, 0)` stands for `y[0] = v`
                entry = _composite(item_write)
                if entry is not None:
                    found[entry] = None
                stack.append(sub.value)
                continue
            targets = sub.targets
        elif isinstance(sub, (ast.AugAssign, ast.AnnAssign)) and sub.value is not None:
            targets = [sub.target]
        for target in targets:
            for part in _unpacked(target):
                entry = _composite(part)
                if entry is not None:
                    found[entry] = None
        if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
            rebound.add(sub.id)
        elif isinstance(sub, (ast.Import, ast.ImportFrom)):
            rebound |= {(alias.asname or alias.name).partition(".")[0] for alias in sub.names}
        elif isinstance(sub, ast.ExceptHandler) and sub.name:
            rebound.add(sub.name)
        elif isinstance(sub, (ast.MatchAs, ast.MatchStar)) and sub.name:
            rebound.add(sub.name)
        stack.extend(children(sub))
    return sorted((entry for entry in found if entry[0] not in rebound), key=_shown)


def _unpacked(target: ast.expr) -> list[ast.expr]:
    """The targets of ``a.x, b['k'] = ...`` (and ``[a.x, *rest] = ...``)."""
    if isinstance(target, (ast.Tuple, ast.List)):
        return [part for element in target.elts for part in _unpacked(element)]
    if isinstance(target, ast.Starred):
        return _unpacked(target.value)
    return [target]


def _composite(target: ast.expr) -> tuple | None:
    """``self.best`` as ``('self', 'best')``, ``d['k'][0]`` as ``('d', ('k',), (0,))``; None for a plain
    name or a target with a key that is not a constant."""
    steps: list = []
    node = target
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute):
            steps.append(node.attr)
        else:
            key = _constant_key(node.slice)
            if key is None:
                return None
            steps.append(key)
        node = node.value
    if not steps or not isinstance(node, ast.Name):
        return None
    return (node.id, *reversed(steps))


def _constant_key(index: ast.expr) -> tuple | None:
    """``(k,)`` for a constant key (``'loss'``, ``0``, ``-1``), else None."""
    if isinstance(index, ast.Constant) and type(index.value) in (str, int, bytes, bool):
        return (index.value,)
    if (isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub) and isinstance(index.operand, ast.Constant)
            and type(index.operand.value) is int):
        return (-index.operand.value,)
    return None


def _shown(entry: tuple) -> str:
    return entry[0] + "".join(f"[{step[0]!r}]" if type(step) is tuple else f".{step}" for step in entry[1:])


_SCOPE_STATEMENTS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})
_STATEMENT_LIKE = (ast.stmt, ast.excepthandler, ast.match_case)  # what the blocks of a statement hold


def name_counts(statements: list[ast.stmt]) -> collections.Counter:
    """How often each name occurs in the statements (a nested function's own code included)."""
    return collections.Counter([sub.id for statement in statements for sub in walk(statement)
                                if sub.__class__ is ast.Name])
