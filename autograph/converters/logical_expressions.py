"""``and``, ``or``, ``not`` and conditional expressions become lazy runtime calls.

Before::

    y = a if x > 0 and ok else b

After::

    y = ag__.if_exp(ag__.and_(x > 0, lambda: ok), lambda: a, lambda: b)

Operands after the first are wrapped in lambdas so they are evaluated only when
Python would evaluate them. Where the expression is a test (of ``if``, ``while``, ``assert``, a
conditional expression, a comprehension's ``if`` or a ``case`` guard, and the operands of ``and``/``or``/``not``
there), Python asks each operand's truth once and jumps; ``ag__.and_test`` / ``ag__.or_test`` do
the same and give ``True``/``False``, so ``if_stmt`` does not ask the user's ``__bool__`` again::

    if o and b > 1:        ->    ag__.if_stmt(ag__.and_test(o, lambda: b > 1), ...)

A chained comparison becomes ``ag__.compare_test`` as a test and ``ag__.compare`` as a value::

    inside = lo < x < hi   ->    inside = ag__.compare(lo, '<', lambda: x, '<', lambda: hi)

As a value, an ``and`` / ``or`` whose operand (before the last) is another one is rewritten first
so that no operand's truth is asked twice (``_truth_once``): ``(a and b) or r`` becomes
``(b or r) if a else r``, as CPython's threaded jumps behave.
 An operand that binds a name (walrus) or calls
zero-argument ``super()`` cannot move into a lambda, so that expression stays
as written. So does ``not`` / ``and`` / ``or`` over tests that are always a Python
bool (``x is None``, ``k in seen``: see ``always_bool``), which no backend stages.
"""

from __future__ import annotations

import ast
import copy
import sys

from autograph import anno, templates
from autograph.analysis.scopes import first_line
from autograph.analysis.walk import walk
from autograph.context import Context
from autograph.template_code import make_node
from autograph.transformer import Transformer


def movable(node: ast.expr) -> bool:
    """Whether an operand can move into a thunk (``lambda: operand``) and mean the same there."""
    for sub in walk(node):
        if isinstance(sub, (ast.NamedExpr, ast.Yield, ast.YieldFrom, ast.Await)):
            return False
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "super" and not sub.args:
            return False
    return True




def always_bool(node: ast.expr) -> bool:
    """Whether the expression gives a Python bool whatever its operands hold, so that no backend
    could stage what it decides: an identity or membership test (Python makes their result a bool,
    calling ``__bool__`` on what ``__contains__`` returns), ``True`` / ``False``, a call to a builtin
    predicate such as ``isinstance`` (as analysis/bool_calls.py marks it), and ``not`` / ``and`` /
    ``or`` of those. Such an ``if`` stays a Python ``if`` (converters/control_flow.py)."""
    if isinstance(node, ast.Compare):
        return _always_bool_comparison(node)
    if isinstance(node, ast.Call):  # isinstance(x, T), hasattr(o, "a") (analysis/bool_calls.py)
        return anno.get(node, anno.Key.ALWAYS_BOOL, False)
    if isinstance(node, ast.Constant):
        return node.value is True or node.value is False
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.op, ast.Not) and always_bool(node.operand)
    if isinstance(node, ast.BoolOp):
        return all(always_bool(value) for value in node.values)
    return False


def routed_identity(node: ast.Compare) -> bool:
    """``a is b`` / ``a is not b`` (one link) that ``ag__.is_`` / ``ag__.is_not`` answer: an identity test of two
    values, neither a literal other than ``True`` / ``False``. A graph value may stand for either operand: a staged
    flag for a Python bool (``flag is True`` is its truth), a staged statement's output for whichever array the
    path gave (``best = a if c else b``: ``best is a`` is ``c``). ``x is None`` (no staged value is None) and the
    like stay Python's."""
    return len(node.ops) == 1 and _routed_link(node.left, node.ops[0], node.comparators[0])


def _routed_link(left: ast.expr, op: ast.cmpop, right: ast.expr) -> bool:
    return isinstance(op, (ast.Is, ast.IsNot)) and not any(
        isinstance(side, ast.Constant) and type(side.value) is not bool for side in (left, right))


def _always_bool_comparison(node: ast.Compare) -> bool:
    """Each link a membership test, or an identity test that no backend answers (``x is None``)."""
    lefts = [node.left, *node.comparators[:-1]]
    return all(isinstance(op, (ast.In, ast.NotIn)) or (isinstance(op, (ast.Is, ast.IsNot))
                                                       and not _routed_link(left, op, right))
               for left, op, right in zip(lefts, node.ops, node.comparators))


_FOLDED_BY_NOT = (ast.In, ast.NotIn, ast.Is, ast.IsNot)  # `not` of one of these compiles to the opposite test


class _Logical(Transformer):
    def __init__(self, thunk_spans: set, owner_line: int) -> None:
        self.thunk_spans = thunk_spans  # where each thunk's operand stands (loading marks their code)
        # The first line of the user's scope at hand (function, lambda, class body): a thunk starts
        # there, as loading.compile_function explains for the generated closures.
        self.owner_line = owner_line
        # The expressions Python evaluates as a test (a jump), not for their value: there `a and b`
        # asks each operand's truth once, so they become ag__.and_test / or_test. By id, each held:
        # the rewrites below drop nodes, and a node made later could take a dropped one's id.
        self.tests: dict[int, ast.expr] = {}

    def _test(self, node: ast.expr) -> None:
        if not _is_opaque(node):
            self.tests[id(node)] = node

    def visit_If(self, node: ast.stmt) -> ast.AST:
        self._test(node.test)
        return self.generic_visit(node)

    visit_While = visit_If

    def visit_Assert(self, node: ast.Assert) -> ast.AST:
        self._test(node.test)
        test = node.test  # converters/asserts.py wraps it: `assert ag__.assert_holds(test, ...)`
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) and test.func.attr == "assert_holds" \
                and isinstance(test.func.value, ast.Name) and test.func.value.id == "ag__":
            self._test(test.args[0])
        return self.generic_visit(node)

    def visit_match_case(self, node: ast.match_case) -> ast.AST:
        if node.guard is not None:  # `case p if a and b:` jumps on a and b, as an if does
            self._test(node.guard)
        return self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> ast.AST:
        for test in node.ifs:
            self._test(test)
        return self.generic_visit(node)

    def _thunk(self, node: ast.expr) -> ast.Lambda:
        self.thunk_spans.add((node.lineno, node.end_lineno, node.col_offset, node.end_col_offset))
        if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and isinstance(node.operand, ast.Compare)
                and len(node.operand.ops) == 1 and isinstance(node.operand.ops[0], _FOLDED_BY_NOT)):
            # CPython compiles `not a in b` as `a not in b` (and `not a is b` as `a is not b`): no instruction
            # spans the `not`, the comparison's span is the widest the thunk's code has.
            inner = node.operand
            self.thunk_spans.add((inner.lineno, inner.end_lineno, inner.col_offset, inner.end_col_offset))
        line = self.owner_line  # (a zero-width span: it must not widen the positions loading reads)
        arguments = make_node(ast.arguments, {"posonlyargs": [], "args": [], "vararg": None, "kwonlyargs": [],
                                              "kw_defaults": [], "kwarg": None, "defaults": []})
        return make_node(ast.Lambda, {"args": arguments, "body": node, "lineno": line, "end_lineno": line,
                                      "col_offset": 0, "end_col_offset": 0})

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        test = id(node) in self.tests
        if not test and _THREADS_VALUE_JUMPS:
            decided = _truth_once(node)
            if decided is not node:
                if _is_opaque(node):  # the rewrite still stands where the moved branch stood
                    _opaque(decided)
                return self.visit(decided)
        if test:  # Python compiles `if (a or b) and c:` to jumps: each operand is a test in turn
            for value in node.values:
                self._test(value)
        self.generic_visit(node)
        if always_bool(node):
            return node
        if not all(movable(v) for v in node.values[1:]):
            # An operand binds a name (walrus) and cannot move into a thunk; as a test, Python still
            # asks each operand's truth once: `True if a else (True if (v := b) else False)`.
            if test:
                return _at(_jumps(node), node)
            node.values[:-1] = [_unthreaded(value) for value in node.values[:-1]]
            return node
        function = ("and_" if isinstance(node.op, ast.And) else "or_") + ("test" if test else "")
        call = ast.Call(func=_runtime(function), args=[node.values[0]] + [self._thunk(v) for v in node.values[1:]],
                        keywords=[])
        return _at(call, node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        if isinstance(node.op, ast.Not) and id(node) in self.tests:
            self._test(node.operand)  # `if not (a and b):` is one jump too
        self.generic_visit(node)
        if not isinstance(node.op, ast.Not) or always_bool(node.operand):
            return node
        return _at(ast.Call(func=_runtime("not_"), args=[node.operand], keywords=[]), node)

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        """A chained comparison as a test (``if a < b < c:``): Python jumps on each link, asking its truth
        once; the chain's value (the last link's, or the first false one) would be asked again by
        ``if_stmt``. ``ag__.compare_test(a, '<', lambda: b, '<', lambda: c)`` asks each once. As a value
        (``inside = a < b < c``), ``ag__.compare(...)`` gives the link Python gives, so that a staged link
        can be combined with the rest (Python would ask a tracer's truth)."""
        self.generic_visit(node)
        if routed_identity(node):  # `flag is False` -> ag__.is_not(flag, False): `flag is not False`'s value
            function = "is_" if isinstance(node.ops[0], ast.Is) else "is_not"
            return _at(ast.Call(func=_runtime(function), args=[node.left, node.comparators[0]], keywords=[]), node)
        if len(node.ops) < 2 or always_bool(node):
            return node
        if not all(movable(c) for c in node.comparators):
            # An operand binds a name (walrus) and cannot move into a thunk; as a test, Python still asks
            # each link's truth once: `True if a < (w := b) < c else False` jumps as the test did.
            if id(node) not in self.tests:
                return node
            return _at(ast.IfExp(test=node, body=ast.Constant(True), orelse=ast.Constant(False)), node)
        links: list[ast.expr] = []
        for op, comparator in zip(node.ops, node.comparators):
            links += [ast.Constant(_OPERATORS[type(op)]), self._thunk(comparator)]
        function = "compare_test" if id(node) in self.tests else "compare"
        return _at(ast.Call(func=_runtime(function), args=[node.left, *links], keywords=[]), node)

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self._test(node.test)
        if id(node) in self.tests:  # `if (a and b) if t else c:` jumps on a, b and c too
            self._test(node.body)
            self._test(node.orelse)
        self.generic_visit(node)
        if not (movable(node.body) and movable(node.orelse)):
            node.test = _unthreaded(node.test)  # Python jumps on the test
            if id(node) in self.tests:  # and on each branch, where the expression is a test too
                node.body, node.orelse = _unthreaded(node.body), _unthreaded(node.orelse)
            return node
        call = ast.Call(func=_runtime("if_exp"), args=[node.test, self._thunk(node.body), self._thunk(node.orelse)],
                        keywords=[])
        return _at(call, node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        # Nested functions are converted on their own; their headers (defaults, decorators) are ours.
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.args = self.visit(node.args)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        return self._own_scope(node, node.lineno)

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        return self._own_scope(node, first_line(node))

    def _own_scope(self, node: ast.AST, line: int) -> ast.AST:
        saved, self.owner_line = self.owner_line, line
        try:
            return self.generic_visit(node)
        finally:
            self.owner_line = saved


def _jumps(node: ast.BoolOp) -> ast.expr:
    """``a or b`` / ``a and b`` as conditional expressions that ask each operand's truth once and
    give True / False, in place (no thunks), as Python's jumps do for a test."""
    def truth(value: ast.expr, if_true: ast.expr, if_false: ast.expr) -> ast.expr:
        return ast.IfExp(test=_unthreaded(value), body=if_true, orelse=if_false)

    result: ast.expr = truth(node.values[-1], ast.Constant(True), ast.Constant(False))
    for value in reversed(node.values[:-1]):
        if isinstance(node.op, ast.Or):
            result = truth(value, ast.Constant(True), result)
        else:
            result = truth(value, result, ast.Constant(False))
    return result


# Before 3.12 CPython threads the jumps of an `and` / `or` in a value context too (below); from 3.12 on
# it evaluates one there as written: `(a or b) and c` asks a true `a` twice (tests still jump once).
_THREADS_VALUE_JUMPS = sys.version_info < (3, 12)


def _truth_once(node: ast.BoolOp) -> ast.expr:
    """A value-context ``and`` / ``or`` whose operand before the last is itself an ``and`` / ``or``,
    rewritten so that each operand's truth is asked once, as CPython does, or ``node`` unchanged.

    CPython threads the inner expression's jumps through the outer one's: in ``(a or b) and c`` a
    true ``a`` jumps straight to ``c``, without asking ``bool(a)`` again. Lowered as written,
    ``ag__.and_(ag__.or_(a, lambda: b), lambda: c)`` would ask it twice. So an operand of the same
    operator is spliced in (``(a and b) and c`` is ``a and b and c``), and one of the other operator
    is distributed over the rest ``r``: ``(a or b) and r`` is ``r if a else (b and r)``, and
    ``(a and b) or r`` is ``(b or r) if a else r``. ``r`` is written twice, evaluated at most once;
    ``a`` becomes a test, whose own ``and`` / ``or`` lower to jumps that ask each truth once."""
    values = _spliced(node)
    for index, value in enumerate(values[:-1]):
        if isinstance(value, ast.IfExp) and _threads(value):
            # `(b if t else (x and y)) and r`: each branch's jumps are threaded the same way, so the
            # rest moves into both branches: `(b and r) if t else ((x and y) and r)`.
            rest = values[index + 1:]
            tail = rest[0] if len(rest) == 1 else _at(ast.BoolOp(op=node.op, values=rest), rest[0])
            _opaque(value.body)
            decided = ast.IfExp(test=value.test,
                                body=_at(ast.BoolOp(op=node.op, values=[value.body, tail]), value.body),
                                orelse=_at(ast.BoolOp(op=node.op, values=[value.orelse, copy.deepcopy(tail)]),
                                           value.orelse))
            _at(decided, value)
            if index == 0:
                return decided
            return _at(ast.BoolOp(op=node.op, values=values[:index] + [decided]), node)
        if isinstance(value, ast.BoolOp) and not _is_opaque(value):  # of the other operator, after splicing
            rest = values[index + 1:]
            tail = rest[0] if len(rest) == 1 else _at(ast.BoolOp(op=node.op, values=rest), rest[0])
            first, more = value.values[0], value.values[1:]
            _opaque_if_branches(first)  # `first` becomes a test; its if branches stay values
            inner = more[0] if len(more) == 1 else _at(ast.BoolOp(op=value.op, values=more), more[0])
            continued = _at(ast.BoolOp(op=node.op, values=[inner, tail]), inner)
            if isinstance(node.op, ast.And):  # (first or inner) and tail
                decided = ast.IfExp(test=first, body=copy.deepcopy(tail), orelse=continued)
            else:  # (first and inner) or tail
                decided = ast.IfExp(test=first, body=continued, orelse=copy.deepcopy(tail))
            _at(decided, value)
            if index == 0:
                return decided
            return _at(ast.BoolOp(op=node.op, values=values[:index] + [decided]), node)
    if len(values) == len(node.values):
        return node
    return _at(ast.BoolOp(op=node.op, values=values), node)


def _threads(node: ast.expr) -> bool:
    """Whether a value ends in an ``and`` / ``or`` whose jumps CPython threads through the
    expression the value is an operand of: the operator itself, or a conditional expression with
    one in its else branch."""
    if _is_opaque(node):  # a moved if branch: its jumps end where it stood
        return False
    if isinstance(node, ast.BoolOp):
        return True
    # Only the else branch: the if branch ends in a jump past it, which CPython does not thread.
    return isinstance(node, ast.IfExp) and _threads(node.orelse)


def _unthreaded(value: ast.expr) -> ast.expr:
    """An operand that stays as written where Python jumps on it (of an ``and`` / ``or``, a conditional's
    test, a test's branch), wrapped in ``ag__.computed(...)`` where it keeps value semantics (``_opaque``:
    a moved if branch, a value's ``not`` operand or chained comparison) and CPython would jump from inside
    it: its value first, then its truth, as where it stood (``ag__.computed`` says why)."""
    if not (_is_opaque(value) and _ends_in_jumps(value)):
        return value
    return _at(ast.Call(func=_runtime("computed"), args=[value], keywords=[]), value)


def _ends_in_jumps(node: ast.expr) -> bool:
    """Whether CPython, compiling ``node`` as written where it jumps on it, jumps from inside it (an
    ``and`` / ``or``, a chained comparison, or a conditional expression whose else branch is one)."""
    if isinstance(node, ast.Compare):  # a chain jumps on each link
        return len(node.ops) > 1
    return isinstance(node, ast.BoolOp) or (isinstance(node, ast.IfExp) and _ends_in_jumps(node.orelse))


_OPAQUE = "_autograph_value_then_truth"


def _opaque(node: ast.expr) -> None:
    """Mark the if branch of a conditional expression that ``_truth_once`` moved: CPython computes
    its value (its own ``and`` / ``or`` jumps end there, unthreaded), and the truth of that value is
    asked again after. It is never spliced, distributed or made a test."""
    setattr(node, _OPAQUE, True)


def _is_opaque(node: ast.expr) -> bool:
    return getattr(node, _OPAQUE, False)


def _opaque_if_branches(node: ast.expr) -> None:
    """In an operand that becomes a test, the if branches of its conditional expressions, the operands
    of its ``not``s and its chained comparisons (through ``and`` / ``or`` and else branches) keep their
    value semantics (see ``_opaque``)."""
    if isinstance(node, ast.BoolOp) and not _is_opaque(node):
        for value in node.values:
            _opaque_if_branches(value)
    elif isinstance(node, ast.IfExp):
        _opaque(node.body)
        _opaque_if_branches(node.orelse)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        _opaque(node.operand)  # `not (a and b)` as a value: the value of `a and b`, then its truth
    elif isinstance(node, ast.Compare) and len(node.ops) > 1:
        _opaque(node)  # a chain as a value: the link it stops at, then that link's truth again


def _spliced(node: ast.BoolOp) -> list[ast.expr]:
    """The operands of ``node``, with each operand before the last that is a parenthesized ``and`` /
    ``or`` of the same operator spliced in, all the way down: Python asks the same truths of both."""
    def flat(value: ast.expr) -> list[ast.expr]:
        if isinstance(value, ast.BoolOp) and type(value.op) is type(node.op) and not _is_opaque(value):
            return [leaf for inner in value.values for leaf in flat(inner)]
        return [value]

    return [leaf for value in node.values[:-1] for leaf in flat(value)] + [node.values[-1]]


_OPERATORS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.Is: "is",
              ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}


def _runtime(name: str) -> ast.expr:
    return ast.Attribute(value=ast.Name(id="ag__", ctx=ast.Load()), attr=name, ctx=ast.Load())


def _at(new: ast.expr, origin: ast.expr) -> ast.expr:
    templates.copy_location(new, origin)
    return new


def is_thunk(node: ast.Lambda, thunk_spans: frozenset | set) -> bool:
    """Whether a lambda is an operand this converter made into a thunk (``lambda: b`` of
    ``ag__.and_(a, lambda: b)``): it reads as the code around it does, not as a nested scope."""
    body = node.body
    return (not node.args.args
            and (body.lineno, body.end_lineno, body.col_offset, body.end_col_offset) in thunk_spans)


def transform(node: ast.FunctionDef | ast.Lambda, ctx: Context) -> None:
    logical = _Logical(ctx.thunk_spans, first_line(node))
    if isinstance(node, ast.Lambda):
        node.body = logical.visit(node.body)
        return
    node.body = [logical.visit(statement) for statement in node.body]
