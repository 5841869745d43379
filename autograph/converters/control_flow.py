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
head), then the attributes and constant-key items it assigns (``('self', 'best')``
for ``self.best = v``: carried_state.composites). An ``if`` may get one more: the
variables a block reads and then rebinds that nothing reads after it (``dead``:
carried_state.dead_after). A variable the original
program might not have bound yet is first bound to ``ag__.Undefined(name)``, and
its reads that may see that value become ``ag__.ld(name)``, which raises Python's
own ``UnboundLocalError``.
"""

from __future__ import annotations

import ast
import builtins

from autograph import anno, templates
from autograph.analysis.function_scopes import FunctionScope
from autograph.analysis.scopes import TRY_STATEMENTS, names_of
from autograph.analysis.walk import children, walk, walk_statements
from autograph.context import Context
from autograph.converters import annotated_assignments, empty_cells, unbound_reads
from autograph.converters.carried_state import CarriedState, name_counts
from autograph.converters.logical_expressions import always_bool


class _Scope:
    """One Python scope of the generated code: the function, or a body closure."""

    def __init__(self, bound: set[str], top: list[ast.stmt]) -> None:
        self.bound = bound      # names certainly bound here (maybe to an Undefined)
        self.touched: set[str] = set(bound)  # names bound anywhere earlier in this scope
        self.deleted: set[str] = set()  # names a `del` may have unbound: their value must not be reset
        self.top = top          # where inits go when they cannot go right before the statement
        self.outer: set[str] = set()  # a closure's: the names it may declare nonlocal or global (bound outside it)


class _ControlFlow(CarriedState):
    def __init__(self, ctx: Context, scope: FunctionScope, maybe_undefined: set[str],
                 captured: frozenset[str] = frozenset()) -> None:
        super().__init__(scope)
        self.ctx = ctx
        self.made_up = frozenset(ctx.state_roles)
        self.maybe_undefined = maybe_undefined
        # Variables a nested function of the user's reads (at any time) but no read of this scope may find
        # unbound: they stay unbound until bound, as in Python, so the nested function's read of an unbound
        # one raises Python's own NameError and the cell is empty to whatever looks at it (``__closure__``,
        # a debugger's ``f_locals``); they are not declared bound where read.
        self.captured = captured
        self.inited: set[str] = set()
        # Names that got `x: object` (no read may find them unbound), declared to the runtime as bound
        # where read (runtime/state_roles.py): a staged statement may hold a placeholder where a path leaves
        # one unset (`found` in a search loop: bound before each `break` and in the loop's `else`).
        self.bound_where_read: set[str] = set()
        # The body closures this pass made, by id (held: an id is unique only while its node lives).
        self.generated_functions: dict[int, ast.FunctionDef] = {}
        self.in_python_block = 0  # > 0 while converting a block of a try / with / match
        # > 0 while converting what a try's handlers or a with's __exit__ guard (a try's body, a with's body): an
        # exception raised there may be caught in the function's frame, untidied (_bare_reraises)
        self.guarded = 0
        self.deleted: set[str] = set()  # names some `del` in the function (or a nested one) unbinds
        self.annotated = True  # whether the function may hold an annotated assignment (`x: int = 0`)

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
            node.body = self._guarded_block(node.body, scope)
            after_body = scope.bound
            for handler in node.handlers:
                scope.bound = before | _assigned_names(scope.top[tops:]) | ({handler.name} if handler.name else set())
                handler.body = self.block(handler.body, scope)
            # Python deletes a handler's `as` name when the handler ends, as a `del` would.
            scope.deleted |= {handler.name for handler in node.handlers if handler.name}
            scope.bound = after_body | _assigned_names(scope.top[tops:])
            node.orelse = self.block(node.orelse, scope)
            scope.bound = before | _assigned_names(scope.top[tops:])
            node.finalbody = self.block(node.finalbody, scope)
            certain = set().union(*map(self._writes, node.finalbody))
        elif isinstance(node, ast.With):
            scope.bound |= names_of([item.optional_vars for item in node.items if item.optional_vars]).writes
            before = set(scope.bound)
            node.body = self._guarded_block(node.body, scope)
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

    def _guarded_block(self, statements: list[ast.stmt], scope: _Scope) -> list[ast.stmt]:
        self.guarded += 1
        try:
            return self.block(statements, scope)
        finally:
            self.guarded -= 1

    # Shared pieces ---------------------------------------------------------

    def _inits(self, names: set[str], scope: _Scope, origin: ast.stmt) -> list[ast.stmt]:
        """Bind names the closures need: right before the statement if nothing bound them earlier
        in this scope, else at the top of the scope (before any assignment could run). A name
        that some read may find unbound gets ``ag__.Undefined``; the others only need a binding
        for ``nonlocal`` and are certainly assigned before any read, so ``None`` does."""
        here = []
        for name in sorted((names - scope.bound) & scope.deleted - scope.outer):
            # A name a `del`, or a nested function's `nonlocal`, may unbind keeps whatever value it has: no init.
            # It must still be a variable of this scope for the closures' `nonlocal` (a loop target only the
            # loop body binds): `x: object` at the top, which binds nothing.
            (declaration,) = templates.replace("NAME: object", at=origin, NAME=name)
            anno.set(declaration, anno.Key.INIT, True)
            scope.top.append(declaration)
            scope.bound.add(name)
        for name in sorted(names - scope.bound - scope.deleted):
            undefined = name in self.maybe_undefined
            if undefined:
                (init,) = templates.replace("NAME = ag__.Undefined(LABEL)", at=origin, NAME=name,
                                            LABEL=ast.Constant(name))
                self.inited.add(name)
            else:
                # `x: object` makes `x` a variable of this scope (for the closures' `nonlocal x`) and
                # compiles to nothing: `x` stays unbound until the program binds it, as in Python.
                (init,) = templates.replace("NAME: object", at=origin, NAME=name)
                if name not in self.captured:
                    self.bound_where_read.add(name)
            anno.set(init, anno.Key.INIT, True)
            # Inside a handler, case or with block that may not run, an Undefined goes to the top,
            # so that reads elsewhere find it (and raise as Python does), not an empty variable.
            at_top = name in scope.touched or (undefined and self.in_python_block)
            (scope.top if at_top else here).append(init)
            scope.bound.add(name)
            scope.touched.add(name)
        return here

    def _closure(self, name: str, params: list[str], body: list[ast.stmt], nonlocals: list[str],
                 global_names: list[str], scope: _Scope, closure_locals: set[str],
                 origin: ast.stmt, prologue: list[ast.stmt] = ()) -> ast.FunctionDef:
        inner_scope = _Scope((scope.bound - closure_locals) | set(params), top=[])
        inner_scope.deleted = set(scope.deleted)  # a del before the statement may have unbound them
        inner_scope.outer = set(nonlocals) | set(global_names)
        body = list(prologue) + [s for s in body if not isinstance(s, ast.Pass)] if prologue else body
        # Only names this closure binds need declaring; reads find the variable anyway.
        written = set().union(*map(self._writes, body))
        global_names = [name for name in global_names if name in written]
        converted = self.block(body, inner_scope)
        if not self.guarded:  # (where a handler of the function may catch it untidied, a bare raise stays bare)
            converted = _bare_reraises(converted)
        # A list the loop appends to is carried but never rebound: declared only where no statement of the
        # body itself reads it (its reads are all in blocks that hoisting may move out of the body), so that
        # the body's closure holds its cell all the same.
        unwritten = [name for name in nonlocals if name not in written and name in self.declared_unwritten]
        if unwritten:
            direct = _direct_names(converted)
            unwritten = [name for name in unwritten if name not in direct]
        nonlocals = [name for name in nonlocals if name in written or name in unwritten]
        if self.annotated:  # (a function without an annotated assignment has nothing to change)
            converted = annotated_assignments.transform(converted, set(nonlocals) | set(global_names))
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
        self.generated_functions[id(function)] = function
        return function

    def _get_state(self, state: list) -> ast.expr:
        """The carried variables' names, a constant: ``('i', 'total')``. A backend that stages
        the statement finds the variables in the closures of its body functions. An attribute or
        constant-key item the statement assigns is a tuple, ``('self', 'best')`` for ``self.best``,
        ``('best', ('loss',))`` for ``best['loss']`` (carried_state.composites)."""
        if not state:
            return ast.Constant(None)
        return ast.Tuple(elts=[ast.Constant(name) for name in state], ctx=ast.Load())

    def _call(self, template: str, origin: ast.stmt, **values) -> list[ast.stmt]:
        statements = templates.replace(template, at=origin, **values)
        for statement in statements:  # later passes (hoisting) find the calls by these marks, not by their shape
            anno.set(statement, anno.Key.BLOCK_CALL, True)
            if isinstance(statement, ast.For):
                anno.set(statement, anno.Key.LOOP_CALL, statement.iter)
        return statements

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
        template = ("ag__.run(ag__.if_stmt(TEST, BODY, ORELSE, STATE, DEAD))" if self._may_read_unbound(functions)
                    else "ag__.if_stmt(TEST, BODY, ORELSE, STATE, DEAD)()")
        call = self._call(template, node, TEST=node.test, BODY=body.name, ORELSE=orelse,
                          STATE=self._get_state(state), DEAD=self._get_state(sorted(self.dead_after(node))))
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
        # `while True:` (a constant true test) has no test to run: the operator gets None.
        test = None if _always_true(node.test) else self._loop_test(node, nonlocals, global_names, scope,
                                                                    closure_locals)
        body = self._closure(self.ctx.namer.reuse("loop_body"), [], node.body, nonlocals, global_names, scope,
                             closure_locals, node)
        # The operator gives the body once per iteration (or a function raising a later test's StopIteration, which
        # its generator cannot raise); it runs here, in the function's frame.
        run = "ag__.run(STEP)" if self._may_read_unbound([body]) else "STEP()"
        call = self._call(f"for STEP in ag__.while_stmt(TEST, EXTRA, BODY, STATE):\n    {run}", node,
                          STEP=self.ctx.namer.reuse("step"), TEST=ast.Constant(None) if test is None else test.name,
                          EXTRA=self._extra_test(node), BODY=body.name, STATE=self._get_state(state))
        self._finish(scope, nonlocals)
        return ([] if test is None else [test]) + [body] + inits + _trim(call)

    def _loop_test(self, node: ast.While, nonlocals: list[str], global_names: list[str], scope: _Scope,
                   closure_locals: set[str]) -> ast.FunctionDef:
        walrus = sorted({n.target.id for n in walk(node.test) if isinstance(n, ast.NamedExpr)})
        test_statements = templates.replace("return TEST", TEST=node.test)
        return self._closure(self.ctx.namer.reuse("loop_test"), [], test_statements,
                             [n for n in nonlocals if n in walrus], [n for n in global_names if n in walrus], scope,
                             closure_locals, node)

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
        """``lambda: break_``: what reads the flag a break or return sets to leave the loop, else None.
        The loop runs while the flag is not set; the runtime calls this after each iteration (the
        flag's value, staged or not, decides the rest of the loop)."""
        flag = anno.get(node, anno.Key.LOOP_FLAG, None)
        if flag is None:
            return ast.Constant(None)
        stop = templates.replace_expression("lambda: FLAG", FLAG=flag)
        templates.copy_location(stop, node)
        return stop

    def _iterable(self, node: ast.expr) -> ast.expr:
        """``range(...)`` becomes ``ag__.range(...)`` so a staged bound can make a staged loop;
        ``enumerate(...)`` and ``zip(...)`` become ``ag__.enumerate(...)`` / ``ag__.zip(...)`` (and so do
        those among their arguments), so that a loop over staged arrays can be one staged loop."""
        if self._builtin_call(node, "range") and not node.keywords:  # (range takes none: Python's own error)
            node.func = templates.replace_expression("ag__.range")
            templates.copy_location(node.func, node)
        elif self._builtin_call(node, "enumerate") or self._builtin_call(node, "zip"):
            for argument in node.args:
                self._iterable_argument(argument)
            if node.func.id == "zip":
                node.func = templates.replace_expression("ag__.zip")
            else:
                node.func = templates.replace_expression("ag__.enumerate")
            templates.copy_location(node.func, node)
        return node

    def _iterable_argument(self, node: ast.expr) -> None:
        """An argument of ``enumerate`` / ``zip`` in a loop's iterable: nested ones go through the runtime too."""
        if self._builtin_call(node, "enumerate") or self._builtin_call(node, "zip"):
            self._iterable(node)

    def _builtin_call(self, node: ast.expr, name: str) -> bool:
        """Whether ``node`` calls the builtin ``name`` (not a local or global of that name)."""
        return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name
                and name not in self.function.locals
                and self.ctx.resolve_global(name) is getattr(builtins, name))


# The statements _python_blocks treats apart (blocks to convert, or bindings that are not certain).
_WITH_BLOCKS_OR_UNBINDING = frozenset({*TRY_STATEMENTS, ast.With, ast.Match, ast.AnnAssign, ast.If, ast.Delete})


def _writes_a_composite(statement: ast.stmt) -> bool:
    """Whether ``statement`` assigns an attribute or an item (``a.b = v``, ``d['k'] += v``, or item_writes'
    ``y = ag__.setitem(v, y, k)``): only then may a statement around it carry composites."""
    cls = statement.__class__
    if cls is ast.Assign:
        if anno.get(statement, anno.Key.ITEM_WRITE, None) is not None:
            return True
        targets = statement.targets
    elif cls is ast.AugAssign or cls is ast.AnnAssign:
        targets = [statement.target]
    else:
        return False
    return any(isinstance(sub, (ast.Attribute, ast.Subscript)) for target in targets for sub in ast.walk(target))


def _direct_names(statements: list[ast.stmt]) -> set[str]:
    """The names ``statements`` use outside the functions, lambdas and classes they define."""
    names, stack = set(), list(statements)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return names


def _always_true(test: ast.expr) -> bool:
    """Whether a loop test is a constant whose truth is True (``while True:``, ``while 1:``)."""
    return isinstance(test, ast.Constant) and bool(test.value)


def _assigned_names(inits: list[ast.stmt]) -> set[str]:
    """The names a list of ``_inits`` statements (``NAME = ...``, ``NAME: object``) binds or declares."""
    return {target.id for init in inits for target in (init.targets if type(init) is ast.Assign else [init.target])}


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


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


def transform(node: ast.FunctionDef, ctx: Context, scope: FunctionScope) -> None:
    marked = unbound_reads.maybe_undefined_names(node.body) if ctx.maybe_unbound_reads else set()
    # Any variable may be read unbound in a function that reads its frame (locals() leaves unbound ones out).
    # A captured one may be read by a nested function at any time, which finds it unbound as Python's would.
    control_flow = _ControlFlow(ctx, scope, marked | (scope.locals if ctx.frame_reads else set()),
                                frozenset(scope.captured))
    control_flow.marked = marked
    statements = walk_statements(node)
    # Only a for loop's target asks how often a name occurs (on the code before any rewrite).
    control_flow.name_counts = name_counts(node.body) if any(s.__class__ is ast.For for s in statements) else None
    control_flow.deleted = {target.id for sub in statements if isinstance(sub, ast.Delete)
                            for target in sub.targets if isinstance(target, ast.Name)}
    # (and a handler's `as` name, which Python deletes when the handler ends)
    control_flow.deleted |= {handler.name for sub in statements if isinstance(sub, TRY_STATEMENTS)
                             for handler in sub.handlers if handler.name}
    # (and a name a nested function of the user's declares `nonlocal`: a call of it may bind or unbind the variable
    # at any time, so its value must not be reset to an Undefined before a statement, which overwrote what the
    # nested function had set: `def setx(): nonlocal x; x = 8` ... `setx()` ... `if c: return x`)
    # (`statements` holds the nested functions' statements too; a lambda holds none. Most functions have no
    # `nonlocal` at all, and skip the walks of their nested functions.)
    set_elsewhere = {name for sub in statements if sub.__class__ in _DEFS for inner in walk_statements(sub)
                     if inner.__class__ is ast.Nonlocal for name in inner.names
                     } if any(sub.__class__ is ast.Nonlocal for sub in statements) else set()
    control_flow.deleted |= set_elsewhere
    control_flow.annotated = any(sub.__class__ is ast.AnnAssign for sub in statements)
    control_flow.composite_writes = any(_writes_a_composite(sub) for sub in statements)
    top: list[ast.stmt] = []
    function_scope = _Scope(set(scope.params) | scope.nonlocals | scope.globals, top)
    function_scope.deleted |= set_elsewhere
    body = control_flow.block(node.body, function_scope)
    docstring = body[:1] if is_docstring(body[:1]) else []
    node.body = docstring + top + body[len(docstring):]
    if marked:  # blocks that may read an empty cell (a del, or a binding an exception skipped)
        empty_cells.transform(node, {name for name in marked & scope.locals
                                     if name not in control_flow.inited or name in control_flow.deleted},
                              control_flow.inited, control_flow.generated_functions, ctx.thunk_spans)
    if control_flow.inited:
        unbound_reads.transform(node, control_flow.inited, scope.captured, control_flow.generated_functions,
                                ctx.thunk_spans)
    # The roles go with the whole conversion (every code object of it): a name declared bound where read
    # must be so in every function of it that has such a local (api.py merges them).
    proven = control_flow.bound_where_read - control_flow.deleted - control_flow.made_up
    ctx.bound_where_read |= proven
    ctx.maybe_read_unbound |= set(scope.locals) - proven


def is_docstring(statements: list[ast.stmt]) -> bool:
    """Whether ``statements`` start with a docstring."""
    return bool(statements) and isinstance(statements[0], ast.Expr) and isinstance(statements[0].value,
                                                                                   ast.Constant) \
        and isinstance(statements[0].value.value, str)


def is_init(statement: ast.stmt) -> bool:
    """Whether ``statement`` is a binding ``_inits`` put before a statement's call (``x: object`` /
    ``x = ag__.Undefined('x')``): marked where it is made."""
    return anno.get(statement, anno.Key.INIT, False)


# Statements whose blocks run in the frame they stand in and let an exception through untouched.
_SAME_FRAME_PASSING = (ast.If, ast.For, ast.While, ast.Match)


def _bare_reraises(statements: list[ast.stmt]) -> list[ast.stmt]:
    """A bare ``raise`` of a body closure whose exception leaves the closure (no ``try`` or ``with`` of the
    closure around it: the exception being handled is the function's, or an outer closure's) and the function (no
    ``try`` body or ``with`` of the function around the closure either) becomes ``ag__.reraise()``. Python's bare
    ``raise`` adds no traceback entry, but leaving the closure adds one to each frame between it and the handler's;
    the runtime's re-raise marks the traceback so that the function's tidying drops them (runtime/tracebacks.py).
    Where a handler or ``__exit__`` may meet the exception before the function's tidying, it stays bare: they see the
    traceback as it is (converted ``except`` clauses do not tidy), one entry more than Python's, rather than the
    re-raise's mark."""
    out = []
    for node in statements:
        if isinstance(node, ast.Raise) and node.exc is None:
            (node,) = templates.replace("ag__.reraise()", at=node)
        elif isinstance(node, _SAME_FRAME_PASSING):
            for field in ("body", "orelse"):
                if hasattr(node, field):
                    setattr(node, field, _bare_reraises(getattr(node, field)))
            if isinstance(node, ast.Match):
                for case in node.cases:
                    case.body = _bare_reraises(case.body)
        out.append(node)
    return out
