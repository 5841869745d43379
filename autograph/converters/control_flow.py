"""``if``, ``while`` and ``for`` statements become calls to the runtime with closures.

Before::

    def f(x, n):
        total = 0
        for i in range(n):
            if x[i] > 0:
                total += x[i]
        return total

After::

    def f(x, n):
        total = 0

        def loop_body(itr):
            nonlocal i, total
            i = itr

            def if_body():
                nonlocal total
                total += x[i]
            ag__.if_stmt(x[i] > 0, if_body, None, ('total',))()
        i = None
        for itr in ag__.for_stmt(ag__.range(n), None, loop_body, ('total',)):
            loop_body(itr)
        return total

(``hoisting`` then moves ``if_body`` before the loop; ``i`` is the function's variable so that it
can: a loop target no block reads stays the loop body's parameter.) The operators say which block to run and
the function runs it in its own frame: ``if_stmt`` returns the block, ``for_stmt`` / ``while_stmt``
give one item per iteration.

A body closure declares ``nonlocal`` the variables it binds that matter outside
it (live after the statement, read before being bound in it, or captured by a
nested function). The last argument names the state a backend must carry: the
modified variables that are live after the statement (for a loop, also at its
head). A variable the original program might not have bound yet is first bound
to ``ag__.Undefined(name)``, and its reads that may see that value become
``ag__.ld(name)``, which raises Python's own ``UnboundLocalError``.
"""

from __future__ import annotations

import ast
import builtins
import collections
import sys

from autograph import anno, templates
from autograph.analysis.function_scopes import FunctionScope, function_scope
from autograph.analysis.scopes import TRY_STATEMENTS, names_of, writes_of
from autograph.analysis.walk import children, statement_children, walk, walk_statements
from autograph.context import Context
from autograph.converters import empty_cells
from autograph.converters.logical_expressions import always_bool
from autograph.transformer import Transformer


class _Scope:
    """One Python scope of the generated code: the function, or a body closure."""

    def __init__(self, bound: set[str], top: list[ast.stmt]) -> None:
        self.bound = bound      # names certainly bound here (maybe to an Undefined)
        self.touched: set[str] = set(bound)  # names bound anywhere earlier in this scope
        self.deleted: set[str] = set()  # names a `del` may have unbound: their value must not be reset
        self.top = top          # where inits go when they cannot go right before the statement


class _ControlFlow:
    def __init__(self, ctx: Context, scope: FunctionScope, maybe_undefined: set[str]) -> None:
        self.ctx = ctx
        self.function = scope
        self.maybe_undefined = maybe_undefined
        self.inited: set[str] = set()
        self.generated_functions: set[int] = set()
        self.in_python_block = 0  # > 0 while converting a block of a try / with / match
        self.deleted: set[str] = set()  # names some `del` in the function (or a nested one) unbinds
        self.annotated = True  # whether the function may hold an annotated assignment (`x: int = 0`)
        # By id, with the node itself: it keeps the node alive, so no other node can reuse the id
        # (statements the conversion replaces, such as annotated assignments, are dropped).
        self._writes_cache: dict[int, tuple[ast.stmt, frozenset]] = {}
        self._loop_parameters_cache: dict[int, tuple[ast.For, frozenset]] = {}
        self._parameter_targets_cache: dict[int, tuple[ast.AST, frozenset]] = {}
        self._grown_cache: dict[int, tuple[ast.AST, frozenset]] = {}

    def _writes(self, node: ast.stmt) -> frozenset:
        """The names a user statement binds, computed once (with those of the statements in it):
        nested statements are asked again by every enclosing level. A statement is first asked
        before its blocks are converted, so the answers are the user's code's."""
        return writes_of(node, self._writes_cache)

    # Blocks ---------------------------------------------------------------

    def block(self, statements: list[ast.stmt], scope: _Scope) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for node in statements:
            if isinstance(node, ast.If):
                out += self._if(node, scope)
            elif isinstance(node, ast.While):
                out += self._while(node, scope)
            elif isinstance(node, ast.For):
                out += self._for(node, scope)
            else:
                out.append(self._python_statement(node, scope))
        return out

    def _python_statement(self, node: ast.stmt, scope: _Scope) -> ast.stmt:
        """A statement that stays Python; the blocks inside try/with/match still get converted."""
        writes = self._writes(node)
        if node.__class__ not in _WITH_BLOCKS_OR_UNBINDING:  # most statements: it binds what it writes
            scope.bound |= writes
            scope.touched |= writes
            return node
        self.in_python_block += 1
        try:
            return self._python_blocks(node, scope, writes)
        finally:
            self.in_python_block -= 1

    def _python_blocks(self, node: ast.stmt, scope: _Scope, writes: set[str]) -> ast.stmt:
        # A name the statement's own header binds (`with ... as v`, `except E as e`, a case's
        # captures) is bound in the block it guards: no init there may reset it.
        # A block that an exception may leave part-way (a try's body, a with's body: its context
        # manager may swallow the exception) binds nothing certain for what follows it; only the
        # inits put at the top of the scope meanwhile are (they run before everything).
        tops = len(scope.top)
        before = set(scope.bound)
        if isinstance(node, TRY_STATEMENTS):
            node.body = self.block(node.body, scope)
            after_body = scope.bound
            for handler in node.handlers:
                scope.bound = before | _assigned_names(scope.top[tops:]) | ({handler.name} if handler.name else set())
                handler.body = self.block(handler.body, scope)
            scope.bound = after_body | _assigned_names(scope.top[tops:])
            node.orelse = self.block(node.orelse, scope)
            scope.bound = before | _assigned_names(scope.top[tops:])
            node.finalbody = self.block(node.finalbody, scope)
            certain = set().union(*map(self._writes, node.finalbody))
        elif isinstance(node, ast.With):
            scope.bound |= names_of([item.optional_vars for item in node.items if item.optional_vars]).writes
            before = set(scope.bound)
            node.body = self.block(node.body, scope)
            scope.bound = before | _assigned_names(scope.top[tops:])
            certain = set()
        elif isinstance(node, ast.Match):
            for case in node.cases:
                scope.bound = before | _assigned_names(scope.top[tops:]) | names_of(case.pattern).writes
                case.body = self.block(case.body, scope)
            scope.bound = before | _assigned_names(scope.top[tops:])
            certain = set()
        elif isinstance(node, ast.AnnAssign) and node.value is None:
            certain = set()  # `x: int` binds nothing
        elif isinstance(node, ast.If):
            # Its two blocks are alternatives: what one binds (or deletes) is not bound (deleted) in
            # the other; after the if, bound is what both leave bound, and whatever either block's
            # statements had initialised at the top of the scope (that runs before any of them).
            tops = len(scope.top)
            before = set(scope.bound)
            node.body = self.block(node.body, scope)
            after_body = scope.bound
            scope.bound = before | _assigned_names(scope.top[tops:])
            node.orelse = self.block(node.orelse, scope)
            inited = _assigned_names(scope.top[tops:])
            certain = (after_body | inited) & (scope.bound | inited)
            scope.bound = certain
        elif isinstance(node, ast.Delete):
            scope.bound -= writes
            scope.deleted |= writes
            return node
        else:
            certain = writes
        scope.bound |= certain
        scope.touched |= writes
        return node

    # Shared pieces ---------------------------------------------------------

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
        state = (local & (live_out | live_in)) | outer if loop else visible | outer
        if loop:
            # A list the loop appends to changes without being rebound: a backend must see it
            # (JAX stacks it into an array, the graph backend explains it cannot grow).
            state |= _grown_lists(node, self._grown_cache) & self.function.locals & (live_out | live_in)
        # Every local a body binds lives in the function, not in the closure: it lives as long as in
        # the original (until the function returns or the name is rebound), which __del__ can see.
        # Loop targets not needed after their loop stay the loop body's parameters (docs/limitations.md).
        lifetime = local - self._parameter_targets(node)
        return sorted(lifetime | visible | outer), sorted(self.function.globals & modified), sorted(state)

    def _needs_binding(self, node: ast.stmt, nonlocals: list[str]) -> set[str]:
        """Names the closures need bound in the enclosing scope: their nonlocals, and free
        reads of locals that may be unbound (so they raise UnboundLocalError, not NameError)."""
        needed = set(nonlocals) - self.function.nonlocals
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

    def _inits(self, names: set[str], scope: _Scope, origin: ast.stmt) -> list[ast.stmt]:
        """Bind names the closures need: right before the statement if nothing bound them earlier
        in this scope, else at the top of the scope (before any assignment could run). A name
        that some read may find unbound gets ``ag__.Undefined``; the others only need a binding
        for ``nonlocal`` and are certainly assigned before any read, so ``None`` does."""
        here = []
        for name in sorted(names - scope.bound - scope.deleted):
            undefined = name in self.maybe_undefined
            if undefined:
                (init,) = templates.replace("NAME = ag__.Undefined(LABEL)", at=origin, NAME=name,
                                            LABEL=ast.Constant(name))
                self.inited.add(name)
            else:
                (init,) = templates.replace("NAME = None", at=origin, NAME=name)
            # Inside a handler, case or with block that may not run, an Undefined goes to the top,
            # so that reads elsewhere find it (and raise as Python does), not an empty variable.
            at_top = name in scope.touched or (undefined and self.in_python_block)
            if not at_top and not undefined and here and _is_none_init(here[-1]):
                here[-1].targets.append(init.targets[0])  # i = j = None
            else:
                (scope.top if at_top else here).append(init)
            scope.bound.add(name)
            scope.touched.add(name)
        return here

    def _closure(self, name: str, params: list[str], body: list[ast.stmt], nonlocals: list[str],
                 global_names: list[str], scope: _Scope, closure_locals: set[str],
                 origin: ast.stmt, prologue: list[ast.stmt] = ()) -> ast.FunctionDef:
        inner_scope = _Scope((scope.bound - closure_locals) | set(params), top=[])
        inner_scope.deleted = set(scope.deleted)  # a del before the statement may have unbound them
        body = list(prologue) + [s for s in body if not isinstance(s, ast.Pass)] if prologue else body
        # Only names this closure binds need declaring; reads find the variable anyway.
        written = set().union(*map(self._writes, body))
        nonlocals = [name for name in nonlocals if name in written]
        global_names = [name for name in global_names if name in written]
        converted = self.block(body, inner_scope)
        if self.annotated:  # (a function without an annotated assignment has nothing to change)
            converted = _plain_assignments(converted, set(nonlocals) | set(global_names))
        declarations = []
        if nonlocals:
            declarations.append(ast.Nonlocal(names=list(nonlocals)))
        if global_names:
            declarations.append(ast.Global(names=list(global_names)))
        (function,) = templates.replace("def NAME():\n    BODY", at=origin, NAME=name,
                                        BODY=declarations + inner_scope.top + converted)
        if params:
            position = templates.positions(origin) if hasattr(origin, "lineno") else {}
            function.args.args = [ast.arg(arg=p, **position) for p in params]
        self.generated_functions.add(id(function))
        return function

    def _get_state(self, state: list[str]) -> ast.expr:
        """The carried variables' names, a constant: ``('i', 'total')``. A backend that stages
        the statement finds the variables in the closures of its body functions."""
        if not state:
            return ast.Constant(None)
        return ast.Tuple(elts=[ast.Constant(name) for name in state], ctx=ast.Load())

    def _call(self, template: str, origin: ast.stmt, **values) -> list[ast.stmt]:
        return templates.replace(template, at=origin, **values)

    def _prepare(self, node: ast.stmt, scope: _Scope, loop: bool):
        nonlocals, global_names, state = self._carried(node, loop)
        inits = self._inits(self._needs_binding(node, nonlocals), scope, node)
        closure_locals = self._writes(node) - set(nonlocals) - set(global_names)
        return nonlocals, global_names, state, inits, closure_locals

    def _finish(self, scope: _Scope, nonlocals: list[str]) -> None:
        scope.bound |= set(nonlocals)
        scope.touched |= set(nonlocals)

    # Statements -------------------------------------------------------------

    def _if(self, node: ast.If, scope: _Scope) -> list[ast.stmt]:
        if always_bool(node.test):  # no backend can stage it: the if stays Python, its blocks converted
            return [self._python_statement(node, scope)]
        nonlocals, global_names, state, inits, closure_locals = self._prepare(node, scope, loop=False)
        body = self._closure(self.ctx.namer.reuse("if_body"), [], node.body, nonlocals, global_names, scope,
                             closure_locals, node)
        functions = [body]
        orelse: ast.expr = ast.Constant(None)
        if node.orelse:
            else_body = self._closure(self.ctx.namer.reuse("else_body"), [], node.orelse, nonlocals,
                                      global_names, scope, closure_locals, node.orelse[0])
            functions.append(else_body)
            orelse = ast.Name(id=else_body.name, ctx=ast.Load())
        # The operator says which block to run; the block runs here, in the function's own frame.
        template = ("ag__.run(ag__.if_stmt(TEST, BODY, ORELSE, STATE))" if self._may_read_unbound(functions)
                    else "ag__.if_stmt(TEST, BODY, ORELSE, STATE)()")
        call = self._call(template, node, TEST=node.test, BODY=body.name, ORELSE=orelse,
                          STATE=self._get_state(state))
        self._finish(scope, nonlocals)
        return functions + inits + _trim(call)

    def _may_read_unbound(self, functions: list[ast.FunctionDef]) -> bool:
        """Whether a block may read (or ``del``) a variable of the function whose cell is empty:
        one the analysis says may be unbound there but that got no ``Undefined`` (it looked bound
        here), or one that some ``del`` unbinds. A block reads the function's variables as free
        variables, whose error is a NameError; ``ag__.run`` turns it into Python's UnboundLocalError."""
        if not self.marked:  # no read in the function may find its variable unbound
            return False
        stack: list[ast.AST] = list(functions)
        while stack:
            sub = stack.pop()
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)) and (
                    id(sub) not in self.generated_functions):
                continue  # a function of the user's reads an unbound free variable as the original does
            if (isinstance(sub, ast.Name) and sub.id in self.function.locals
                    and anno.get(sub, anno.Key.MAYBE_UNDEFINED, False)
                    and (sub.id not in self.inited or sub.id in self.deleted)):
                return True
            stack.extend(children(sub))
        return False

    def _while(self, node: ast.While, scope: _Scope) -> list[ast.stmt]:
        nonlocals, global_names, state, inits, closure_locals = self._prepare(node, scope, loop=True)
        walrus = sorted({n.target.id for n in walk(node.test) if isinstance(n, ast.NamedExpr)})
        test_statements = templates.replace("return TEST", TEST=node.test)
        test = self._closure(self.ctx.namer.reuse("loop_test"), [], test_statements,
                             [n for n in nonlocals if n in walrus], [n for n in global_names if n in walrus], scope,
                             closure_locals, node)
        body = self._closure(self.ctx.namer.reuse("loop_body"), [], node.body, nonlocals, global_names, scope,
                             closure_locals, node)
        # The operator gives one item per iteration; the body runs here, in the function's frame.
        run = "ag__.run(BODY)" if self._may_read_unbound([body]) else "BODY()"
        call = self._call(f"for DONE in ag__.while_stmt(TEST, EXTRA, BODY, STATE):\n    {run}", node,
                          DONE=self.ctx.namer.reuse("_"), TEST=test.name, EXTRA=self._extra_test(node),
                          BODY=body.name, STATE=self._get_state(state))
        self._finish(scope, nonlocals)
        return [test, body] + inits + _trim(call)

    def _for(self, node: ast.For, scope: _Scope) -> list[ast.stmt]:
        nonlocals, global_names, state, inits, closure_locals = self._prepare(node, scope, loop=True)
        prologue: list[ast.stmt] = []
        if isinstance(node.target, ast.Name) and node.target.id not in nonlocals + global_names:
            params = [node.target.id]
        else:
            item = self.ctx.namer.reuse("itr")
            params = [item]
            prologue = templates.replace("TARGET = ITEM", at=node, TARGET=node.target, ITEM=item)
        body = self._closure(self.ctx.namer.reuse("loop_body"), params, node.body, nonlocals, global_names,
                             scope, closure_locals, node, prologue)
        run = "ag__.run(BODY, ITEM)" if self._may_read_unbound([body]) else "BODY(ITEM)"
        call = self._call(f"for ITEM in ag__.for_stmt(ITER, EXTRA, BODY, STATE):\n    {run}", node, ITEM=params[0],
                          ITER=self._iterable(node.iter), EXTRA=self._extra_test(node), BODY=body.name,
                          STATE=self._get_state(state))
        self._finish(scope, nonlocals)
        return [body] + inits + _trim(call)

    def _extra_test(self, node: ast.For | ast.While) -> ast.expr:
        """``'break_'``: the name of the flag a break or return sets to leave the loop, else None.
        (The lowering keeps looping while ``not flag``; the runtime reads the flag itself.)"""
        extra = anno.get(node, anno.Key.EXTRA_TEST, None)
        if extra is None:
            return ast.Constant(None)
        if not (isinstance(extra, ast.UnaryOp) and isinstance(extra.op, ast.Not)
                and isinstance(extra.operand, ast.Name)):
            raise AssertionError(f"a loop's extra test is `not flag`, got {ast.unparse(extra)}")
        return ast.Constant(extra.operand.id)

    def _iterable(self, node: ast.expr) -> ast.expr:
        """``range(...)`` becomes ``ag__.range(...)`` so a staged bound can make a staged loop."""
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range"
                and "range" not in self.function.locals
                and self.ctx.resolve_global("range") is builtins.range):
            node.func = templates.replace_expression("ag__.range")
            templates.copy_location(node.func, node)
        return node


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


def _grown_lists(node: ast.stmt, known: dict[int, tuple[ast.AST, frozenset]]) -> frozenset:
    """Names whose ``append`` / ``extend`` / ``insert`` a statement calls (outside nested scopes).
    Each statement's answer is kept in ``known`` (by id, with the node): the loops around a loop
    ask about it again, and a loop is asked before its blocks are converted."""
    entry = known.get(id(node))
    if entry is not None:
        return entry[1]
    grown: set[str] = set()
    if node.__class__ not in _SCOPE_STATEMENTS:
        stack = []
        for child in children(node):
            if isinstance(child, _STATEMENT_LIKE):
                grown |= _grown_lists(child, known)
            else:
                stack.append(child)
        while stack:  # an expression: no statement below it
            sub = stack.pop()
            if (sub.__class__ is ast.Call and isinstance(sub.func, ast.Attribute)
                    and sub.func.attr in ("append", "extend", "insert") and isinstance(sub.func.value, ast.Name)):
                grown.add(sub.func.value.id)
            stack.extend(children(sub))
    result = frozenset(grown)
    known[id(node)] = (node, result)
    return result


_SCOPE_STATEMENTS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})
# The statements _python_blocks treats apart (blocks to convert, or bindings that are not certain).
_WITH_BLOCKS_OR_UNBINDING = frozenset({*TRY_STATEMENTS, ast.With, ast.Match, ast.AnnAssign, ast.If, ast.Delete})
_STATEMENT_LIKE = (ast.stmt, ast.excepthandler, ast.match_case)  # what the blocks of a statement hold


def _assigned_names(inits: list[ast.stmt]) -> set[str]:
    """The names a list of ``_inits`` statements (``NAME = ...``) binds."""
    return {target.id for init in inits for target in init.targets}


def _is_none_init(statement: ast.stmt) -> bool:
    return isinstance(statement.value, ast.Constant) and statement.value.value is None


def _plain_assignments(statements: list[ast.stmt], declared: set[str]) -> list[ast.stmt]:
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
                    setattr(node, field, _plain_assignments(block, declared) or [ast.copy_location(ast.Pass(), node)])
            for child in getattr(node, "handlers", []) + getattr(node, "cases", []):
                child.body = _plain_assignments(child.body, declared) or [ast.copy_location(ast.Pass(), node)]
        out.append(node)
    return out


def _trim(statements: list[ast.stmt]) -> list[ast.stmt]:
    """Drop trailing ``None`` arguments from runtime calls: ``if_stmt(c, body, None, None)()``
    reads better as ``if_stmt(c, body)()``."""
    for statement in statements:
        if isinstance(statement, ast.For):  # for x in ag__.for_stmt(...):
            call = statement.iter
        else:
            call = statement.value
            if isinstance(call.func, ast.Call):  # ag__.if_stmt(...)()
                call = call.func
            elif call.args and isinstance(call.args[0], ast.Call):  # ag__.run(ag__.if_stmt(...))
                call = call.args[0]
        while call.args and isinstance(call.args[-1], ast.Constant) and call.args[-1].value is None:
            call.args.pop()
    return statements


class _UndefinedReads(Transformer):
    """Wrap the reads that may find a variable still bound to Undefined in ``ag__.ld``: the
    reads the analysis marked, and any read of a captured variable from a nested function or
    lambda (those run at any time)."""

    def __init__(self, names: set[str], captured: set[str], control_flow: _ControlFlow) -> None:
        self.names = names
        self.captured = captured & names
        self.control_flow = control_flow
        self.free: set[str] = set()  # inside a nested user function: its free captured names

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if not isinstance(node.ctx, ast.Load):
            return node
        if node.id in self.free:
            wrapped = templates.replace_expression("ag__.ld_free(NAME)", NAME=node)
        elif node.id in self.names and anno.get(node, anno.Key.MAYBE_UNDEFINED, False):
            wrapped = templates.replace_expression("ag__.ld(NAME)", NAME=node)
        else:
            return node
        templates.copy_location(wrapped, node)
        return wrapped

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST | list[ast.stmt]:
        self.generic_visit(node)
        check = self._check(node.target)
        if check is None:
            return node
        # Python reads the target before the value: check it first, as Python would.
        templates.copy_location(check, node)
        return check + [node]

    def visit_Delete(self, node: ast.Delete) -> ast.AST | list[ast.stmt]:
        self.generic_visit(node)
        checks = [self._check(target) for target in node.targets]
        if not any(checks):
            return node
        # `del x` of a variable bound to Undefined must fail as Python's would: check each target
        # just before it goes (Python deletes the targets left to right).
        out: list[ast.stmt] = []
        for target, check in zip(node.targets, checks):
            out += check or []
            out.append(ast.Delete(targets=[target]))
        templates.copy_location(out, node)
        return out

    def _check(self, target: ast.expr) -> list[ast.stmt] | None:
        """The statement that raises Python's error where a binding target (of ``x += v``, ``del x``)
        holds Undefined: ``ag__.ld_free(x)`` in a nested function (whose ``nonlocal x`` Python
        finds unbound with a NameError), ``ag__.ld(x)`` in the function itself; or None."""
        if isinstance(target, ast.Name) and target.id in self.free:
            return templates.replace("ag__.ld_free(NAME)", NAME=target.id)
        if self._maybe_undefined(target):
            return templates.replace("ag__.ld(NAME)", NAME=target.id)
        return None

    def _maybe_undefined(self, target: ast.expr) -> bool:
        return (isinstance(target, ast.Name) and target.id in self.names
                and anno.get(target, anno.Key.MAYBE_UNDEFINED, False))

    def _nested(self, node: ast.AST, local_names: set[str]) -> ast.AST:
        # Decorators and default values run where the def / lambda stands, in this scope: an unbound
        # read there is this scope's error (UnboundLocalError), not the nested function's NameError.
        if not isinstance(node, ast.Lambda):
            node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args.defaults = [self.visit(d) for d in node.args.defaults]
        node.args.kw_defaults = [d if d is None else self.visit(d) for d in node.args.kw_defaults]
        saved = self.free
        self.free = (saved | self.captured) - local_names
        for field, value in ast.iter_fields(node):
            if field in ("decorator_list",):
                continue
            if field == "args":
                defaults, kw_defaults = value.defaults, value.kw_defaults
                value.defaults, value.kw_defaults = [], []
                self.visit(value)  # annotations: as before
                value.defaults, value.kw_defaults = defaults, kw_defaults
            elif isinstance(value, list):
                new_list = []
                for item in value:
                    new = self.visit(item) if isinstance(item, ast.AST) else item
                    new_list.extend(new if isinstance(new, list) else [new])
                setattr(node, field, new_list)
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
        self.free = saved
        return node

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        """The class body reads the function's variables as free variables: a read that may find
        one unbound raises NameError as Python's would (``ld_free``); the header reads locally."""
        for field in ("decorator_list", "bases", "keywords"):
            setattr(node, field, [self.visit(item) for item in getattr(node, field)])
        saved, self.free = self.free, self.free | {
            sub.id for statement in node.body for sub in walk(statement)
            if isinstance(sub, ast.Name) and anno.get(sub, anno.Key.MAYBE_UNDEFINED, False)}
        body = []
        for statement in node.body:
            new = self.visit(statement)
            body.extend(new if isinstance(new, list) else [new])
        node.body = body
        self.free = saved
        return node

    def visit_comprehension_node(self, node: ast.AST) -> ast.AST:
        """A comprehension's first iterable reads in the function's scope; the rest reads in the
        comprehension's own scope (before Python 3.12, and always for a generator expression), where
        a variable of the function is free: unbound, it raises NameError (``ld_free``), as Python's."""
        first = node.generators[0]
        first.iter = self.visit(first.iter)
        own_scope = sys.version_info < (3, 12) or isinstance(node, ast.GeneratorExp)
        saved = self.free
        if own_scope:
            targets = names_of([g.target for g in node.generators]).writes
            maybe = {sub.id for sub in walk(node) if isinstance(sub, ast.Name)
                     and anno.get(sub, anno.Key.MAYBE_UNDEFINED, False)}
            self.free = (saved | (maybe & self.names)) - targets
        for index, generator in enumerate(node.generators):
            if index:
                generator.iter = self.visit(generator.iter)
            generator.ifs = [self.visit(test) for test in generator.ifs]
        for attr in ("elt", "key", "value"):
            if hasattr(node, attr):
                setattr(node, attr, self.visit(getattr(node, attr)))
        self.free = saved
        return node

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = visit_comprehension_node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        if id(node) in self.control_flow.generated_functions:
            return self.generic_visit(node)
        return self._nested(node, function_scope(node).locals)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        body = node.body
        if (not node.args.args and (body.lineno, body.end_lineno, body.col_offset, body.end_col_offset)
                in self.control_flow.ctx.thunk_spans):
            return self.generic_visit(node)  # an operand made into a thunk reads as the function does
        return self._nested(node, function_scope(node).locals)


def transform(node: ast.FunctionDef, ctx: Context, scope: FunctionScope) -> None:
    # A captured variable may be read by a nested function at any time: treat it as maybe unbound.
    marked = _maybe_undefined_names(node.body) if ctx.maybe_unbound_reads else set()
    control_flow = _ControlFlow(ctx, scope, marked | scope.captured)
    control_flow.marked = marked
    statements = walk_statements(node)
    # Only a for loop's target asks how often a name occurs (on the code before any rewrite).
    control_flow.name_counts = _name_counts(node.body) if any(s.__class__ is ast.For for s in statements) else None
    control_flow.deleted = {target.id for sub in statements if isinstance(sub, ast.Delete)
                            for target in sub.targets if isinstance(target, ast.Name)}
    control_flow.annotated = any(sub.__class__ is ast.AnnAssign for sub in statements)
    top: list[ast.stmt] = []
    function_scope = _Scope(set(scope.params) | scope.nonlocals | scope.globals, top)
    body = control_flow.block(node.body, function_scope)
    docstring = body[:1] if _is_docstring(body[:1]) else []
    node.body = docstring + top + body[len(docstring):]
    if marked:  # blocks that may read an empty cell (a del, or a binding an exception skipped)
        empty_cells.transform(node, {name for name in marked & scope.locals
                                     if name not in control_flow.inited or name in control_flow.deleted},
                              control_flow.inited, control_flow.generated_functions, ctx.thunk_spans)
    if control_flow.inited:
        reads = _UndefinedReads(control_flow.inited, scope.captured, control_flow)
        body = []
        for statement in node.body:
            new = reads.visit(statement)
            body.extend(new if isinstance(new, list) else [new])
        node.body = body


def _name_counts(statements: list[ast.stmt]) -> collections.Counter:
    """How often each name occurs in the statements (a nested function's own code included)."""
    return collections.Counter([sub.id for statement in statements for sub in walk(statement)
                                if sub.__class__ is ast.Name])


def _maybe_undefined_names(body: list[ast.stmt]) -> set[str]:
    """Names with a read (in this function's own scope) that may find them unbound."""
    names = set()
    stack = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            stack.extend(node.decorator_list + node.args.defaults + [d for d in node.args.kw_defaults if d])
            continue
        if isinstance(node, ast.ClassDef):  # its header and its body run now, in this scope's time
            stack.extend(node.decorator_list + node.bases + [k.value for k in node.keywords] + node.body)
            continue
        if isinstance(node, ast.Name) and anno.get(node, anno.Key.MAYBE_UNDEFINED, False):
            names.add(node.id)
        stack.extend(children(node))
    return names


def _is_docstring(statements: list[ast.stmt]) -> bool:
    return bool(statements) and isinstance(statements[0], ast.Expr) and isinstance(statements[0].value,
                                                                                   ast.Constant) \
        and isinstance(statements[0].value.value, str)
