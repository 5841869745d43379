"""Blocks run in place while the values that steer them are plain; only a staged value makes closures.

Before (what ``control_flow`` writes, and what ``to_code`` shows)::

    def if_body():
        nonlocal y
        y = x

    def else_body():
        nonlocal y
        y = -x
    ag__.if_stmt(x > 0, if_body, else_body, ('y',))()

After (what is compiled; ``to_code(f, compiled=True)`` shows it)::

    if (cond := x > 0) is True or cond is not False and (cond := (cond != 0 if cond.__class__ is int
                                                                  else ag__.truth(cond))) is True:
        y = x
    elif cond is False:
        y = -x
    else:
        def if_body():
            nonlocal y
            y = x

        def else_body():
            nonlocal y
            y = -x
        ag__.if_stmt(cond, if_body, else_body, ('y',))()

and a loop (``for x in ag__.for_stmt(xs, 'break_', loop_body, STATE): loop_body(x)`` before)::

    for x in (loop_items := ag__.iterate(xs, break_)):
        ...                          # loop_body's statements
        if break_ is not False:
            break
    if loop_items.__class__ is ag__.StagedLoop or break_ is not False and break_ is not True:
        def loop_body(x): ...
        for x in ag__.for_stmt(ag__.rest(loop_items), 'break_', loop_body, STATE):
            loop_body(x)
    loop_items = None

(a list is iterated as it is, ``loop_items if (loop_items := xs).__class__ is ag__.LIST else ...``, or
through ``ag__.ITER(loop_items)`` where a flag may hand the rest over: no backend stages a list, and
the call is most of a short loop's cost. A ``while`` loop: ``loop_test_value = ag__.loop_start()``,
then ``while loop_test_value is True and break_ is False and (TEST's truth, as above):``, and
``ag__.while_stmt(..., loop_test_value)`` after it for a staged test or flag.)

On plain values (the converted function called on Python values, and most of a trace: Python
conditions, static loops) nothing is made per statement: no closure, no generator, no operator call,
no block call, and the blocks' statements are the function's own, as in the original (a temporary
lives until the function returns or rebinds it, ``locals()`` sees it, frames and recursion depth are
the original's). A test's truth is asked once, as Python asks it (an ``int``'s inline;
``ag__.truth`` gives a staged test back unchanged). A staged test, iterable or flag reaches the
branch that defines the closures a backend traces, exactly as ``to_code`` shows them, and hands the
statement (or what is left of a loop) to its operator. Both paths read and write the same variables:
the closures' ``nonlocal`` names are the enclosing scope's, and the compiler makes them cells there.

The block written in place is a copy of the closure's statements without their ``nonlocal`` /
``global`` declarations (a declaration the user wrote inside the block applies to the whole
function in Python: it goes to the top of the scope); the copy shares the user's expressions.
Its own statements get the same treatment; the closures in the staged branch keep the functional
form, so each statement is written once in place and once per staged branch around it. A block with
a ``return`` (or a ``break``/``continue`` of no loop inside it) means something else in place and
stays a closure.
"""

from __future__ import annotations

import ast

from autograph import templates
from autograph.analysis.walk import statement_children
from autograph.context import Context
from autograph.converters.control_flow import is_docstring, is_init
from autograph.template_code import make_node as _node

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_STAGED = "_autograph_staged_block"  # on the inner ast.If this pass wrote: the field of its staged block


def transform(node: ast.FunctionDef, ctx: Context, own_nonlocals: set[str]) -> None:
    """``own_nonlocals``: the names the user's function declares ``nonlocal`` (anywhere in it)."""
    _InPlace(ctx, own_nonlocals).scope(node, top_level=True)


def staged_block(node: ast.stmt) -> str | None:
    """The field (``"body"`` or ``"orelse"``) of ``node`` that holds a staged branch this pass wrote,
    or None. Later passes leave the closures there where they are: they are made only when a
    backend stages the test, never on the plain path."""
    return node.__dict__.get(_STAGED)


class _InPlace:
    def __init__(self, ctx: Context, own_nonlocals: set[str]) -> None:
        self.ctx = ctx
        self.generated = ctx.namer.handed_out
        self.own_nonlocals = own_nonlocals
        self.cond: str | None = None  # the name that holds an if's test in the scope at hand
        self.declarations: dict[type, set[str]] = {}  # what its in-place blocks declared
        self.plain: str | None = None  # the function's `plain = ag__.PLAIN` (made on first use)

    def scope(self, function: ast.FunctionDef, top_level: bool = False) -> None:
        """Rewrite the ifs of ``function``'s own scope (a generated closure's or the user's)."""
        declarations: dict[type, set[str]] = {ast.Global: set(), ast.Nonlocal: set()}
        saved = self.cond, self.declarations
        self.cond, self.declarations = None, declarations
        function.body = self.block(function.body)
        self.cond, self.declarations = saved
        if top_level and self.plain is not None:  # read once per call (runtime/plain.py says why)
            at = 1 if is_docstring(function.body) else 0
            (snapshot,) = templates.replace("PLAIN = ag__.PLAIN", at=function.body[at] if at < len(function.body)
                                            else function, PLAIN=self.plain)
            function.body.insert(at, snapshot)
        # A nonlocal the user declared inside a block refers to an enclosing function's variable; in a
        # generated closure the enclosing scope's own variables need no declaration.
        needed_globals = declarations[ast.Global]
        needed_nonlocals = (declarations[ast.Nonlocal] & self.own_nonlocals) if top_level else set()
        if needed_globals or needed_nonlocals:  # (rare: the walk below only then)
            declared = _declared(function.body)
            needed_globals, needed_nonlocals = needed_globals - declared, needed_nonlocals - declared
        if needed_globals or needed_nonlocals:
            at = 1 if is_docstring(function.body) else 0
            added: list[ast.stmt] = []
            if needed_globals:
                added.append(ast.Global(names=sorted(needed_globals)))
            if needed_nonlocals:
                added.append(ast.Nonlocal(names=sorted(needed_nonlocals)))
            templates.copy_location(added, function.body[at] if at < len(function.body) else function)
            function.body[at:at] = added

    def block(self, statements: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for statement in statements:
            cls = statement.__class__
            if cls is ast.Expr:
                rewritten = self._if(statement, out)
                if rewritten is not None:
                    out.append(rewritten)
                    continue
            elif cls is ast.For and statement.iter.__class__ is ast.Call:
                loop = self._loop(statement, out)
                if loop is not None:
                    out += loop
                    continue
            elif cls is ast.Assign:
                write = item_write(statement)
                if write is not None:
                    out.append(write)
                    continue
            if cls is ast.FunctionDef and statement.name in self.generated:
                pass  # a closure an if below may move into its staged branch: seen after the loop
            elif cls not in _SCOPES:  # try / with / match / a Python if or loop: their blocks too
                for field in ("body", "orelse", "finalbody"):
                    inner = getattr(statement, field, None)
                    if inner.__class__ is list and inner and isinstance(inner[0], ast.stmt):
                        setattr(statement, field, self.block(inner))
                for part in getattr(statement, "handlers", ()) or getattr(statement, "cases", ()):
                    part.body = self.block(part.body)
            out.append(statement)
        for statement in out:  # the closures that stay (a loop's body, a block with a jump): their ifs
            if statement.__class__ is ast.FunctionDef and statement.name in self.generated:
                self.scope(statement)
        return out

    def _if(self, statement: ast.Expr, before: list[ast.stmt]) -> ast.If | None:
        """``ag__.if_stmt(TEST, BODY, ORELSE, STATE)()`` (or ``ag__.run(ag__.if_stmt(...))``) in place,
        its closures taken from ``before`` (where ``control_flow`` put them, right before the call and
        the inits) into the staged branch; None if it cannot run in place."""
        value = statement.value
        if value.__class__ is not ast.Call:
            return None
        if _is_runtime_call(value, "run") and len(value.args) == 1 and not value.keywords:
            call = value.args[0]
        elif value.func.__class__ is ast.Call and not value.args and not value.keywords:
            call = value.func
        else:
            return None
        if not _is_runtime_call(call, "if_stmt") or call.keywords or not 2 <= len(call.args) <= 4:
            return None
        names = [arg.id for arg in call.args[1:3] if arg.__class__ is ast.Name]
        if len(names) != sum(1 for arg in call.args[1:3] if not _is_none(arg)):
            return None
        closures = self._closures(names, before)
        if closures is None or any(_has_jump(f.body) for f in closures):
            return None
        for function in closures:
            before.remove(function)
        in_place = [self._in_place(function) for function in closures]
        if self.cond is None:
            self.cond = self.ctx.namer.new("cond")
        cond = self.cond
        test, call.args[0] = call.args[0], ast.copy_location(ast.Name(id=cond, ctx=ast.Load()), call.args[0])
        staged: list[ast.stmt] = closures + [statement]
        # (Built by hand, not from a template: this runs for every if, and a template costs 30 µs.)
        at = templates.positions(statement)
        # if (NATIVE if plain else TRUTH): BODY / elif plain or cond is False: ORELSE / else: STAGED
        # (without an else block: ... / elif not plain and cond is not False: STAGED)
        if len(closures) == 2:
            inner = _node(ast.If, {"test": _or([self._plain(at), _is(_load(cond, at), False, at)], at),
                                   "body": in_place[1] or [_pass(at)], "orelse": staged, **at})
            inner.__dict__[_STAGED] = "orelse"
        else:
            not_plain = _node(ast.UnaryOp, {"op": _NOT, "operand": self._plain(at), **at})
            inner = _node(ast.If, {"test": _and([not_plain, _is(_load(cond, at), False, at, negated=True)], at),
                                   "body": staged, "orelse": [], **at})
            inner.__dict__[_STAGED] = "body"
        decided = _node(ast.IfExp, {"test": self._plain(at), "body": _native(test),
                                    "orelse": truth_test(cond, test, at), **at})
        return _node(ast.If, {"test": decided, "body": in_place[0] or [_pass(at)], "orelse": [inner], **at})

    def _loop(self, statement: ast.For, before: list[ast.stmt]) -> list[ast.stmt] | None:
        """``for x in ag__.for_stmt(...): loop_body(x)`` / ``for _ in ag__.while_stmt(...): loop_body()``
        in place, its closures taken from ``before`` into the staged branch after it; None if it
        cannot run in place."""
        call = statement.iter
        is_for = _is_runtime_call(call, "for_stmt")
        if not (is_for or _is_runtime_call(call, "while_stmt")) or call.keywords or not 3 <= len(call.args) <= 4:
            return None
        test, extra, body = call.args[:3]
        if (body.__class__ is not ast.Name or len(statement.body) != 1 or statement.orelse
                or not (_is_none(extra) or (extra.__class__ is ast.Constant and isinstance(extra.value, str)))):
            return None
        names = [body.id]
        if not is_for:
            if test.__class__ is ast.Name:
                names.insert(0, test.id)
            elif not _is_none(test):
                return None
        closures = self._closures(names, before)
        if closures is None or _has_jump(closures[-1].body):  # (the loop test's return is its value)
            return None
        loop_body = closures[-1]
        params = loop_body.args.args
        if is_for != (len(params) == 1) or statement.target.__class__ is not ast.Name or (
                is_for and statement.target.id != params[0].arg):
            return None
        loop_test = None
        if not is_for and len(closures) == 2:
            loop_test = closures[0]
            returned = loop_test.body[-1]
            if len(loop_test.body) != 2 - (loop_test.body[0].__class__ is not ast.Nonlocal) or (
                    returned.__class__ is not ast.Return or returned.value is None):
                return None
        for function in closures:
            before.remove(function)
        flag = None if _is_none(extra) else ast.Name(id=extra.value, ctx=ast.Load())
        in_place = self._in_place(loop_body) or [ast.Pass()]
        if is_for:
            return self._for(statement, call, closures, in_place, flag)
        return self._while(statement, call, closures, in_place, flag, loop_test)

    def _for(self, statement: ast.For, call: ast.Call, closures: list[ast.FunctionDef], in_place: list[ast.stmt],
             flag: ast.Name | None) -> list[ast.stmt]:
        items = self.ctx.namer.new("loop_items")
        source, call.args[0] = call.args[0], templates.replace_expression("ag__.rest(ITEMS)", ITEMS=items)
        templates.copy_location(call.args[0], source)
        values = {"TARGET": statement.target.id, "ITEMS": items, "ITER": source, "BODY": in_place,
                  "STAGED": closures + [statement], "PLAIN": self._plain(templates.positions(statement))}
        if flag is None:  # (never staged mid-loop, but its iterator is held as the original's loop holds it)
            # A list is never staged: the for statement asks it for its iterator itself (no call).
            template = ("for TARGET in (ITER if PLAIN else ITEMS if (ITEMS := ITER).__class__ is ag__.LIST else "
                        "(ITEMS := ag__.iterate(ITEMS))):\n"
                        "    BODY\n"
                        "if not PLAIN and ITEMS.__class__ is ag__.StagedLoop:\n"
                        "    STAGED\n"
                        "ITEMS = None\n")
        else:
            values["FLAG"] = flag.id
            # (A list's iterator from iter() itself, a C call: what is left of it is what for_stmt gets.)
            template = ("for TARGET in (ITER if PLAIN else (ITEMS := (ag__.ITER(ITEMS) if (ITEMS := ITER).__class__ "
                        "is ag__.LIST and FLAG is False else ag__.iterate(ITEMS, FLAG)))):\n"
                        "    BODY\n"
                        "    if FLAG is not False:\n"
                        "        break\n"
                        "if not PLAIN and (ITEMS.__class__ is ag__.StagedLoop\n"
                        "                  or FLAG is not False and FLAG is not True):\n"
                        "    STAGED\n"
                        "ITEMS = None\n")
        # (After the loop its iterable, or iterator, goes, as the original's iterator does.)
        loop, after, release = templates.replace(template, at=statement, **values)
        first = loop.body[0]
        if (statement.target.id in self.generated and first.__class__ is ast.Assign and len(first.targets) == 1
                and first.value.__class__ is ast.Name and first.value.id == statement.target.id):
            # `for itr in ...: a, b = itr`: in place the loop binds the user's target itself, as the
            # original does (no variable keeps the last item).
            loop.target = first.targets[0]
            loop.body = loop.body[1:] or [ast.copy_location(ast.Pass(), first)]
        after.__dict__[_STAGED] = "body"
        return [loop, after, release]

    def _while(self, statement: ast.For, call: ast.Call, closures: list[ast.FunctionDef], in_place: list[ast.stmt],
               flag: ast.Name | None, loop_test: ast.FunctionDef | None) -> list[ast.stmt]:
        outcome = self.ctx.namer.new("loop_test_value")
        while len(call.args) < 4:
            call.args.append(ast.Constant(None))
        call.args.append(ast.Name(id=outcome, ctx=ast.Load()))  # the test's value it stopped at: staged
        templates.copy_location(call.args, statement)
        at = templates.positions(statement)
        values = {"OUTCOME": outcome, "BODY": in_place, "STAGED": closures + [statement], "PLAIN": self._plain(at)}
        keep_going, plain_keep_going = ["OUTCOME is True"], []
        if flag is not None:
            values["FLAG"] = flag.id
            keep_going.append("FLAG is False")
            plain_keep_going.append("FLAG is False")
        if loop_test is not None:
            test = loop_test.body[-1].value  # (shared: the expression is never changed in place)
            _without_declarations(loop_test.body, self.declarations)  # (a walrus's nonlocal: the same variable)
            keep_going.append("TRUTH")
            plain_keep_going.append("NATIVE")
            values["TRUTH"] = truth_test(outcome, test, at)
            values["NATIVE"] = _native(test)
            handover = "OUTCOME is not False and OUTCOME is not True"
        else:
            handover = "OUTCOME is not True"
        if flag is not None:
            handover += " or FLAG is not False and FLAG is not True"
        # While `plain`, the test as written (no staged value can come), and nothing to hand over.
        template = (f"OUTCOME = True if PLAIN else ag__.loop_start()\n"
                    f"while ({' and '.join(plain_keep_going) or 'True'}) if PLAIN else ({' and '.join(keep_going)}):\n"
                    f"    BODY\n"
                    f"if not PLAIN and ({handover}):\n"
                    f"    STAGED\n")
        start, loop, after = templates.replace(template, at=statement, **values)
        after.__dict__[_STAGED] = "body"
        return [start, loop, after]

    def _plain(self, at: dict[str, int]) -> ast.Name:
        """The name of the function's ``ag__.PLAIN`` snapshot: while it is True, no value can be staged
        and tests run as the user wrote them (``_native``)."""
        if self.plain is None:
            self.plain = self.ctx.namer.new("plain")
        return _load(self.plain, at)

    def _closures(self, names: list[str], before: list[ast.stmt]) -> list[ast.FunctionDef] | None:
        """The generated closures called ``names``, the latest definitions in ``before`` (they stand
        right before the call, with only inits after them); None if one is missing."""
        found: dict[str, ast.FunctionDef] = {}
        for statement in reversed(before):
            if statement.__class__ is ast.FunctionDef and statement.name in names and statement.name not in found:
                found[statement.name] = statement
                if len(found) == len(names):
                    break
            elif not is_init(statement) and not (
                    statement.__class__ is ast.FunctionDef and statement.name in self.generated):
                return None
        if len(found) != len(names):
            return None
        return [found[name] for name in names]

    def _in_place(self, function: ast.FunctionDef) -> list[ast.stmt]:
        """A copy of the closure's statements for the enclosing scope: its declarations go (noted for
        the scope's top), its own ifs run in place in turn."""
        body = _copy_block(function.body, self.generated)
        body = _without_declarations(body, self.declarations)
        return self.block(body)


def item_write(statement: ast.Assign) -> ast.If | None:
    """``y = ag__.setitem(y, K, V)`` (``item_writes``' form of ``y[k] = v``) as
    ``if y.__class__ is ag__.LIST or y.__class__ is ag__.DICT: y[K] = V / else: y = ag__.setitem(y, K, V)``;
    None for any other statement. On a list or a dict (exactly those classes) ``setitem`` only does
    ``y[k] = v``: no backend writes into them (``Backend.write_into`` takes arrays), and its error is
    the write's own. ``K`` and ``V`` are the call's (converted) nodes, shared: the runtime's spelling of a
    slice, ``ag__.index[1:, j]``, becomes the subscript it stands for."""
    call = statement.value
    if not (call.__class__ is ast.Call and _is_runtime_call(call, "setitem") and len(call.args) == 3
            and not call.keywords and len(statement.targets) == 1):
        return None
    target, (base, index, value) = statement.targets[0], call.args
    if not (target.__class__ is ast.Name and base.__class__ is ast.Name and base.id == target.id):
        return None
    if index.__class__ is ast.Starred or value.__class__ is ast.Starred:
        return None
    if index.__class__ is ast.Subscript and _is_runtime_name(index.value, "index"):
        index = index.slice
    at = templates.positions(statement)
    store = _node(ast.Subscript, {"value": _node(ast.Name, {"id": target.id, "ctx": _LOAD, **at}), "slice": index,
                                  "ctx": _STORE, **at})
    in_place = _node(ast.Assign, {"targets": [store], "value": value, "type_comment": None, **at})
    test = _node(ast.BoolOp, {"op": _OR, "values": [_class_is(_load(target.id, at), "LIST", at),
                                                    _class_is(_load(target.id, at), "DICT", at)], **at})
    return _node(ast.If, {"test": test, "body": [in_place], "orelse": [statement], **at})


def _is_runtime_name(node: ast.expr, name: str) -> bool:
    return (node.__class__ is ast.Attribute and node.attr == name and node.value.__class__ is ast.Name
            and node.value.id == "ag__")


def truth_test(name: str, test: ast.expr, at: dict[str, int]) -> ast.expr:
    """``test``'s truth, asked once as Python's ``if`` asks it, and ``name`` bound to what decides:
    ``(name := test) is True or name is not False and (name := ASKED) is True``, with ASKED
    ``(name != 0 if name.__class__ is ag__.INT else ag__.truth(name))`` (``_asked``). A bool is its
    own answer, an int's is inline (a call costs more than the rest of the test; ``ag__.INT``, not
    ``int``, which the user may rebind), anything else goes through ``ag__.truth``, which gives a
    staged value back (then the expression is false, and ``name`` holds the staged value). An
    ``and``/``or`` test is decided operand by operand (``_chain``; ``_decided`` where an operand is one
    itself). Either way ``name`` ends ``True`` where the test holds, and ``False`` or a staged value
    where it does not. ``at``: the new nodes' position."""
    if _is_test_chain(test):  # `a and b` as the test: each operand decided in place
        operands = [test.args[0]] + [thunk.body for thunk in test.args[1:]]
        if not any(_is_test_chain(_negated(operand) or operand) for operand in operands):
            return _chain(test.func.attr == "and_test", operands, test.args[1:], name, at)
        return _is(_bind(name, _decided(test, name, at), at), True, at)
    test = _negation(test, name, at)
    return _node(ast.BoolOp, {"op": _OR, "values": [
        _is(_bind(name, test, at), True, at),
        _node(ast.BoolOp, {"op": _AND, "values": [_is(_load(name, at), False, at, negated=True),
                                                   _is(_bind(name, _asked(name, at), at), True, at)], **at})],
        **at})


def _chain(is_and: bool, operands: list[ast.expr], thunks: list[ast.Lambda], name: str,
           at: dict[str, int]) -> ast.expr:
    """``a and not b`` (``ag__.and_test(a, lambda: ag__.not_(b))``) as a test, each operand's truth
    asked once, in place, as Python's jumps ask it, with one comparison per ``bool`` operand::

        ((c := a) is True or (c is not False and (c := ASK(c, lambda: ag__.not_(b))) is True))
        and (((c := b) is False and (c := True)) or (c is True and (c := False))
             or (c is not False and (c := ag__.not_(c)) is True))

    ASK: an ``int``'s truth inline, else ``ag__.and_rest(c, *thunks of the operands after it)``, which
    gives a plain value's truth (the test goes on in place) or, for a staged value, the staged truth
    of it and the rest (``and_test``): then the test is false with ``c`` holding it, for the staged
    branch. An ``or`` test stops at an operand that is true or staged and ends with ``and c is True``
    (``or_rest``). ``c`` ends ``True`` where the test holds, ``False`` or staged where it does not
    (the staged branch tells them apart, as for any test)."""
    last = len(operands) - 1
    values = []
    for index, operand in enumerate(operands):
        rest = thunks[index:]
        negated = _negated(operand)
        asked = _load(name, at)
        if negated is not None:
            operand, asked = negated, _runtime_call("not_", [asked], at)
        if index != last:
            asked = _runtime_call("and_rest" if is_and else "or_rest", [asked, *rest], at)
        if negated is None:  # an int's truth inline, as for a test of its own
            asked = _asked(name, at, asked if index != last else None)
        # and: go on while true; or: go on while false (a staged operand stops both).
        settled = _is(_bind(name, asked, at), True, at) if is_and else _is(_bind(name, asked, at), False, at,
                                                                              negated=True)
        if negated is None:  # (c := x) is True or (c is not False and SETTLED)
            parts = [_is(_bind(name, operand, at), True, at),
                     _and([_is(_load(name, at), False, at, negated=True), settled], at)]
        else:  # ((c := x) is False and (c := True)) or ... : `name` True where `not x` holds
            parts = [_and([_is(_bind(name, operand, at), False, at), _bind(name, _constant(True, at), at)], at)]
            if is_and:  # (c is True and (c := False)) or (c is not False and SETTLED)
                parts += [_and([_is(_load(name, at), True, at), _bind(name, _constant(False, at), at)], at),
                          _and([_is(_load(name, at), False, at, negated=True), settled], at)]
            else:  # (c is not True and SETTLED) or (c := False)
                parts += [_and([_is(_load(name, at), True, at, negated=True), settled], at),
                          _bind(name, _constant(False, at), at)]
        values.append(_node(ast.BoolOp, {"op": _OR, "values": parts, **at}))
    if is_and:
        return _and(values, at)
    return _and([_node(ast.BoolOp, {"op": _OR, "values": values, **at}), _is(_load(name, at), True, at)], at)


def _native(test: ast.expr) -> ast.expr:
    """The test as the user wrote it: ``ag__.and_test(a, lambda: b)`` as ``a and b`` (``or_test``
    alike), ``ag__.not_(x)`` as ``not x``, all the way down its operands; anything else as it is (a
    value's ``ag__.and_(...)`` inside an operand is right on plain values too). Python then asks each
    operand's truth once, with its own jumps."""
    if _is_test_chain(test):
        op = _AND if test.func.attr == "and_test" else _OR
        operands = [test.args[0]] + [thunk.body for thunk in test.args[1:]]
        return _node(ast.BoolOp, {"op": op, "values": [_native(operand) for operand in operands],
                                  **_positions(test)})
    negated = _negated(test)
    if negated is not None:
        return _node(ast.UnaryOp, {"op": _NOT, "operand": _native(negated), **_positions(test)})
    return test


def _negated(node: ast.expr) -> ast.expr | None:
    """``y`` for ``ag__.not_(y)`` (``not y``), else None."""
    if (node.__class__ is ast.Call and len(node.args) == 1 and not node.keywords and _is_runtime_call(node, "not_")
            and node.args[0].__class__ is not ast.Starred):
        return node.args[0]
    return None


def _and(values: list[ast.expr], at: dict[str, int]) -> ast.BoolOp:
    return _node(ast.BoolOp, {"op": _AND, "values": values, **at})


def _or(values: list[ast.expr], at: dict[str, int]) -> ast.BoolOp:
    return _node(ast.BoolOp, {"op": _OR, "values": values, **at})


def _runtime_call(attr: str, args: list[ast.expr], at: dict[str, int]) -> ast.Call:
    return _node(ast.Call, {"func": templates.runtime_attribute(attr, at), "args": args, "keywords": [], **at})


def _is_test_chain(node: ast.expr) -> bool:
    """Whether ``node`` is ``ag__.and_test(a, lambda: b, ...)`` or ``ag__.or_test(...)`` (what
    ``logical_expressions`` writes for ``a and b`` as a test), with operand thunks of no parameters."""
    if node.__class__ is not ast.Call or node.keywords or len(node.args) < 2:
        return False
    func = node.func
    if not (func.__class__ is ast.Attribute and func.attr in ("and_test", "or_test")
            and func.value.__class__ is ast.Name and func.value.id == "ag__"):
        return False
    for thunk in node.args[1:]:
        if thunk.__class__ is not ast.Lambda:
            return False
        args = thunk.args
        if args.args or args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg:
            return False
    return node.args[0].__class__ is not ast.Starred


def _decided(node: ast.expr, name: str, at: dict[str, int]) -> ast.expr:
    """An expression that gives ``True`` or ``False`` for ``node``'s truth as a test, or a staged
    value, asking each operand's truth once as Python's jumps do; ``name`` is its scratch variable
    (each binding is read before any other is made). A leaf ``x``::

        (name if (name := x) is True or name is False
         else (name != 0 if name.__class__ is ag__.INT else ag__.truth(name)))

    ``ag__.and_test(a, lambda: b)`` (``or_test`` alike, with True and False swapped)::

        (DECIDED(b) if (name := DECIDED(a)) is True
         else (False if name is False else ag__.and_test(name, lambda: b)))

    so on plain operands no thunk is made or called, and an operand that is staged hands the
    rest, as thunks, to the runtime call as before."""
    if _is_test_chain(node):
        is_and = node.func.attr == "and_test"
        rest = node.args[1:]
        after_node = rest[0].body if len(rest) == 1 else ast.Call(
            func=node.func, args=[rest[0].body, *rest[1:]], keywords=[], **at)
        # and: a true operand goes on, a false one decides; or: the other way round.
        goes_on, decides = (True, False) if is_and else (False, True)
        fallback = _node(ast.Call, {"func": node.func, "args": [_load(name, at), *rest], "keywords": [], **at})
        return _node(ast.IfExp, {
            "test": _is(_bind(name, _decided(node.args[0], name, at), at), goes_on, at),
            "body": _decided(after_node, name, at),
            "orelse": _node(ast.IfExp, {"test": _is(_load(name, at), decides, at), "body": _constant(decides, at),
                                        "orelse": fallback, **at}),
            **at})
    node = _negation(node, name, at)
    is_bool = _node(ast.BoolOp, {"op": _OR, "values": [_is(_bind(name, node, at), True, at),
                                                       _is(_load(name, at), False, at)], **at})
    return _node(ast.IfExp, {"test": is_bool, "body": _load(name, at), "orelse": _asked(name, at), **at})


def _negation(node: ast.expr, name: str, at: dict[str, int]) -> ast.expr:
    """For ``ag__.not_(y)`` (``not y``), ``(name is False if (name := y).__class__ is ag__.BOOL else
    ag__.not_(name))``: a bool's negation inline, no call (``not done``, ``not found(x)`` are the common
    tests), anything else's from ``not_`` (a staged value's staged); any other ``node`` as it is."""
    negated = _negated(node)
    if negated is None:
        return node
    not_ = _node(ast.Call, {"func": node.func, "args": [_load(name, at)], "keywords": [], **at})
    return _node(ast.IfExp, {"test": _class_is(_bind(name, negated, at), "BOOL", at),
                             "body": _is(_load(name, at), False, at), "orelse": not_, **at})


def _class_is(value: ast.expr, runtime_class: str, at: dict[str, int]) -> ast.Compare:
    """``value.__class__ is ag__.CLASS`` (the runtime's name for a builtin class the user may rebind)."""
    return _node(ast.Compare, {"left": _node(ast.Attribute, {"value": value, "attr": "__class__", "ctx": _LOAD, **at}),
                               "ops": [_IS], "comparators": [templates.runtime_attribute(runtime_class, at)], **at})


def _asked(name: str, at: dict[str, int], otherwise: ast.expr | None = None) -> ast.expr:
    """``(name != 0 if name.__class__ is ag__.INT else ag__.truth(name))``: the truth of a value that
    is not a bool, as True or False, or a staged value itself (``otherwise`` in place of the
    ``ag__.truth`` call: an ``and`` test's ``ag__.and_rest(name, ...)``)."""
    nonzero = _node(ast.Compare, {"left": _load(name, at), "ops": [_NOT_EQ], "comparators": [_constant(0, at)], **at})
    if otherwise is None:
        otherwise = _runtime_call("truth", [_load(name, at)], at)
    return _node(ast.IfExp, {"test": _class_is(_load(name, at), "INT", at), "body": nonzero, "orelse": otherwise,
                             **at})


def _load(name: str, at: dict[str, int]) -> ast.Name:
    return _node(ast.Name, {"id": name, "ctx": _LOAD, **at})


def _bind(name: str, value: ast.expr, at: dict[str, int]) -> ast.NamedExpr:
    """``(name := value)``."""
    return _node(ast.NamedExpr, {"target": _node(ast.Name, {"id": name, "ctx": _STORE, **at}), "value": value, **at})


def _is(left: ast.expr, value: bool, at: dict[str, int], negated: bool = False) -> ast.Compare:
    """``left is value`` (``is not`` when ``negated``)."""
    return _node(ast.Compare, {"left": left, "ops": [_IS_NOT if negated else _IS],
                               "comparators": [_constant(value, at)], **at})


def _pass(at: dict[str, int]) -> ast.Pass:
    return _node(ast.Pass, dict(at))


def _constant(value: object, at: dict[str, int]) -> ast.Constant:
    return _node(ast.Constant, {"value": value, "kind": None, **at})


# Nodes are made with their attributes' dict (template_code._node: a constructor takes its keyword
# arguments one by one, at three times the cost; the tests' truth is built for every if and loop).
# Contexts and operators carry nothing: one of each is shared, as in a tree ast.parse made.
_LOAD, _STORE = ast.Load(), ast.Store()
_OR, _AND, _IS, _IS_NOT, _NOT_EQ, _NOT = ast.Or(), ast.And(), ast.Is(), ast.IsNot(), ast.NotEq(), ast.Not()


def _copy_block(statements: list[ast.stmt], generated: set[str]) -> list[ast.stmt]:
    """A copy of ``statements`` for a second place in the tree: every statement (and except handler,
    match case) is new, and so is every call the passes after this one change in place (a runtime
    operator's call, a generated closure's call, the names of closures in them); the user's
    expressions are shared. No pass after this changes an expression node of the user's in place
    (``compile`` and ``ast.unparse`` take a tree whose nodes stand in two places, as a parsed tree
    shares its ``ast.Load()``), and copying them was most of this pass's cost."""
    return [_copy_statement(statement, generated) for statement in statements]


def _copy_statement(node: ast.AST, generated: set[str]) -> ast.AST:
    cls = node.__class__
    new = cls.__new__(cls)
    fields, old = new.__dict__, node.__dict__
    for name in cls._fields:
        if name not in old:
            continue
        value = old[name]
        if value.__class__ is list:
            value = [_copy_statement(item, generated) if isinstance(item, _BLOCK_ITEMS)
                     else _copy_expression(item, generated) for item in value]
        elif isinstance(value, ast.expr):
            value = _copy_expression(value, generated)
        fields[name] = value
    for name in cls._attributes:
        if name in old:
            fields[name] = old[name]
    return new


_BLOCK_ITEMS = (ast.stmt, ast.excepthandler, ast.match_case)


def _copy_expression(node: ast.AST, generated: set[str]) -> ast.AST:
    """``node`` itself, or a copy if a later pass may change it: a call of a runtime operator or of
    a generated closure (hoisting renames moved closures in such calls; this pass rewrites them)."""
    if node.__class__ is ast.Name:
        return ast.Name(id=node.id, ctx=node.ctx, **_positions(node)) if node.id in generated else node
    if node.__class__ is not ast.Call:
        return node
    func = node.func
    if func.__class__ is ast.Call:
        func = _copy_expression(func, generated)
        if func is node.func:
            return node
    elif not (_is_operator(func) or (func.__class__ is ast.Name and func.id in generated)):
        return node
    else:
        func = _copy_expression(func, generated)
    return ast.Call(func=func, args=[_copy_expression(arg, generated) for arg in node.args],
                    keywords=node.keywords, **_positions(node))


def _positions(node: ast.AST) -> dict[str, int]:
    old = node.__dict__
    return {name: old[name] for name in _POSITIONS if name in old}


_POSITIONS = ("lineno", "col_offset", "end_lineno", "end_col_offset")


def _is_operator(func: ast.expr) -> bool:
    return (func.__class__ is ast.Attribute and func.value.__class__ is ast.Name and func.value.id == "ag__"
            and func.attr in _OPERATORS)


_OPERATORS = frozenset({"if_stmt", "for_stmt", "while_stmt", "run"})


def _is_runtime_call(node: ast.expr, name: str) -> bool:
    return node.__class__ is ast.Call and _is_runtime_name(node.func, name)


def _is_none(node: ast.expr) -> bool:
    return node.__class__ is ast.Constant and node.value is None


def _has_jump(statements: list[ast.stmt]) -> bool:
    """Whether a return, or a break/continue of no loop inside, stands among ``statements`` (outside
    nested scopes): in place it would leave the function or its loop, not the closure."""
    stack = [(s, False) for s in statements]
    while stack:
        node, in_loop = stack.pop()
        cls = node.__class__
        if cls is ast.Return or (not in_loop and (cls is ast.Break or cls is ast.Continue)):
            return True
        if cls in _SCOPES:
            continue
        if cls is ast.For or cls is ast.While or cls is ast.AsyncFor:
            stack += [(s, True) for s in node.body] + [(s, in_loop) for s in node.orelse]
        else:
            stack += [(s, in_loop) for s in statement_children(node)]
    return False


def _without_declarations(statements: list[ast.stmt], declared: dict[type, set[str]]) -> list[ast.stmt]:
    """``statements`` without the global and nonlocal declarations in them (outside nested scopes);
    the names they declared are added to ``declared`` (by declaration class)."""
    kept = []
    for node in statements:
        cls = node.__class__
        if cls is ast.Global or cls is ast.Nonlocal:
            declared[cls].update(node.names)
            continue
        if cls not in _SCOPES:
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(node, field, None)
                if inner.__class__ is list and inner and isinstance(inner[0], ast.stmt):
                    kept_inner = _without_declarations(inner, declared)
                    setattr(node, field, kept_inner or [ast.copy_location(ast.Pass(), node)])
            for part in getattr(node, "handlers", ()) or getattr(node, "cases", ()):
                part.body = _without_declarations(part.body, declared) or [ast.copy_location(ast.Pass(), node)]
        kept.append(node)
    return kept


def _declared(statements: list[ast.stmt]) -> set[str]:
    """The names a scope's own statements declare global or nonlocal."""
    names: set[str] = set()
    stack = list(statements)
    while stack:
        node = stack.pop()
        if node.__class__ is ast.Global or node.__class__ is ast.Nonlocal:
            names.update(node.names)
        elif node.__class__ not in _SCOPES:
            stack += statement_children(node)
    return names
