"""Text made from values (an f-string, ``str(x)``, ``repr(x)``, ``format(x, spec)``, ``"..." % x``, ``"...".format(x)``,
``sep.join(parts)``) that the function uses as data, not as a message, goes through ``ag__.text``; a text-making
callable passed to ``map`` or as a ``key=`` (``map(str, bits)``) goes through ``ag__.text_of``.

Before::

    bits = str(int(word[0]))
    key = "".join(map(str, flags))
    if len(f"{n}") > 3:
        raise ValueError(f"too long: {n}")

After::

    bits = ag__.text(str(int(word[0])))
    key = ag__.text(''.join(map(ag__.text_of(str), flags)))
    if len(ag__.text(f'{n}')) > 3:
        raise ValueError(f'too long: {n}')

While a graph is traced, the text of a traced value is a mark (``<Tensor i64[] #3>``, runtime/graph/formatted.py)
that a graph assertion or print writes the value in at when the graph runs: right for a message, silently wrong for
text the function computes with (its length, a comparison, ``int(bits, 2)``: scikit-dsp-comm's Hamming decoder).
``ag__.text(s)`` is ``s`` itself, unless it holds a mark of the trace under way: then it refuses, naming the line
(runtime/text.py). A message is text in a ``raise`` or an exception's construction, an ``assert``'s message, the
arguments of ``print``, ``warnings.warn`` and logging calls, and a local name used only there (``msg = f"..."``
then ``raise ValueError(msg)``): those stay as written.
"""

from __future__ import annotations

import ast

from autograph import templates
from autograph.transformer import Transformer

# Calls whose arguments are messages (print, warnings.warn, a logger's methods, a stream's write, pytest's fail).
MESSAGE_CALLS = frozenset({"print", "warn", "warning", "info", "debug", "error", "exception", "critical", "log",
                           "write", "writelines", "fail", "skip", "xfail"})
# An exception's class by its name: its arguments are its message, wherever it is made.
_EXCEPTION_SUFFIXES = ("Error", "Exception", "Warning", "Exit", "Interrupt")
_TEXT_CALLS = frozenset({"str", "repr", "ascii", "format"})
# Calls given a callable they apply to values, where a text-making one (``str``) makes text: ``map``'s first
# argument, a ``key=``.
_TEXT_CALLABLE_TAKERS = frozenset({"map"})


def _callee_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _is_message_call(call: ast.Call) -> bool:
    name = _callee_name(call)
    return name in MESSAGE_CALLS or name.endswith(_EXCEPTION_SUFFIXES)


def is_text(node: ast.AST) -> bool:
    """An expression that makes text from values: an f-string with a field, ``str(...)`` / ``repr(...)`` /
    ``format(...)``, ``"..." % ...``, ``"...".format(...)``, ``sep.join(parts)`` (whatever made the parts: ``map(str,
    bits)``, a helper's return; another object's ``join(x)`` returns what is not text, which ``ag__.text`` passes)."""
    cls = type(node)
    if cls is ast.JoinedStr:  # (a field holding a constant, f"layer_{3}", makes no text of a value)
        return any(type(value) is ast.FormattedValue and type(value.value) is not ast.Constant for value in node.values)
    if cls is ast.BinOp:
        return type(node.op) is ast.Mod and type(node.left) is ast.Constant and type(node.left.value) is str
    if cls is ast.Call and (node.args or node.keywords):
        func = node.func
        if type(func) is ast.Name:
            return func.id in _TEXT_CALLS
        if type(func) is ast.Attribute and func.attr == "join":
            return len(node.args) == 1 and not node.keywords
        return _is_format_method(func)
    return False


def uses_text(call: ast.Call) -> bool:
    """A call that makes text from values (``is_text``) or hands a text-making callable to a call that applies it to
    values (``map(str, bits)``, ``sorted(xs, key=repr)``)."""
    return is_text(call) or (_callee_name(call) in _TEXT_CALLABLE_TAKERS and bool(call.args)
                             and _makes_text(call.args[0])) or any(
        keyword.arg == "key" and _makes_text(keyword.value) for keyword in call.keywords)


def _is_format_method(node: ast.AST) -> bool:
    return (type(node) is ast.Attribute and node.attr == "format" and type(node.value) is ast.Constant
            and type(node.value.value) is str)


def _makes_text(node: ast.AST) -> bool:
    """A callable that makes text of the value it is given: ``str``, ``repr``, ``ascii``, ``format``,
    ``"{:.2f}".format``."""
    return (type(node) is ast.Name and node.id in _TEXT_CALLS) or _is_format_method(node)


def _message_names(body: list[ast.stmt]) -> frozenset[str]:
    """Local names bound only by plain assignments and read only inside messages (``msg = f"..."`` ... ``raise
    ValueError(msg)``): their text is a message too. Reads in a nested scope count as other reads."""
    stores: set[str] = set()
    plain: set[str] = set()
    reads_elsewhere: set[str] = set()

    def visit(node: ast.AST, in_message: bool) -> None:
        cls = type(node)
        if cls in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef):
            for sub in ast.walk(node):
                if type(sub) is ast.Name:
                    reads_elsewhere.add(sub.id)
            return
        if cls is ast.Name:
            if type(node.ctx) is ast.Load:
                if not in_message:
                    reads_elsewhere.add(node.id)
            else:
                stores.add(node.id)
            return
        if cls in (ast.Assign, ast.AugAssign, ast.AnnAssign):
            targets = node.targets if cls is ast.Assign else [node.target]
            for target in targets:
                if type(target) is ast.Name:
                    plain.add(target.id)
                    if cls is ast.AugAssign:
                        stores.add(target.id)
                else:
                    visit(target, False)
            if node.value is not None:
                visit(node.value, in_message)
            return
        if cls is ast.Raise:
            for sub in (node.exc, node.cause):
                if sub is not None:
                    visit(sub, True)
            return
        if cls is ast.Assert:
            visit(node.test, in_message)
            if node.msg is not None:
                visit(node.msg, True)
            return
        if cls is ast.Call and _is_message_call(node):
            visit(node.func, in_message)
            for sub in (*node.args, *(k.value for k in node.keywords)):
                visit(sub, True)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, in_message)

    for statement in body:
        visit(statement, False)
    return frozenset(name for name in stores | plain if name not in reads_elsewhere and name in plain)


class _TracedText(Transformer):
    def __init__(self, message_names: frozenset[str]) -> None:
        self.message_names = message_names
        self.in_message = False

    def _as_message(self, node: ast.AST) -> ast.AST:
        saved, self.in_message = self.in_message, True
        try:
            return self.visit(node)
        finally:
            self.in_message = saved

    def visit_Raise(self, node: ast.Raise) -> ast.Raise:
        node.exc = node.exc and self._as_message(node.exc)
        node.cause = node.cause and self._as_message(node.cause)
        return node

    def visit_Assert(self, node: ast.Assert) -> ast.Assert:
        node.test = self.visit(node.test)
        node.msg = node.msg and self._as_message(node.msg)
        return node

    def _assigned(self, node: ast.Assign | ast.AugAssign | ast.AnnAssign) -> ast.AST:
        targets = node.targets if type(node) is ast.Assign else [node.target]
        if node.value is not None and all(type(t) is ast.Name and t.id in self.message_names for t in targets):
            node.value = self._as_message(node.value)
            return node
        return self.generic_visit(node)

    visit_Assign = visit_AugAssign = visit_AnnAssign = _assigned

    def visit_Expr(self, node: ast.Expr) -> ast.Expr:
        # Text made and dropped (`str(x)` as a statement) is used for nothing: its parts are still visited.
        node.value = self.generic_visit(node.value) if is_text(node.value) else self.visit(node.value)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        if _is_message_call(node) and not self.in_message:
            node.func = self.visit(node.func)
            node.args = [self._as_message(a) for a in node.args]
            for keyword in node.keywords:
                keyword.value = self._as_message(keyword.value)
            return node
        return self._text(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return self._text(node)

    def visit_FormattedValue(self, node: ast.FormattedValue) -> ast.FormattedValue:
        # A field's format spec (`{x:{width}}`) is an f-string's own part, a JoinedStr the grammar needs as one: its
        # fields are visited, the spec itself is no text of its own (the f-string around it is).
        node.value = self.visit(node.value)
        if node.format_spec is not None:
            node.format_spec = self.generic_visit(node.format_spec)
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        return self._text(node)

    def _text(self, node: ast.expr) -> ast.AST:
        node = self.generic_visit(node)
        if self.in_message:
            return node
        if type(node) is ast.Call:
            self._text_callables(node)
        if not is_text(node):
            return node
        call = ast.Call(func=templates.replace_expression("ag__.text"), args=[node], keywords=[])
        templates.copy_location(call, node)
        return call

    @staticmethod
    def _text_callables(node: ast.Call) -> None:
        """``map(str, bits)``, ``sorted(xs, key=repr)``: the text the callable makes is data (``ag__.text_of``)."""
        def wrapped(callable_: ast.expr) -> ast.expr:
            call = ast.Call(func=templates.replace_expression("ag__.text_of"), args=[callable_], keywords=[])
            templates.copy_location(call, callable_)
            return call
        if _callee_name(node) in _TEXT_CALLABLE_TAKERS and node.args and _makes_text(node.args[0]):
            node.args[0] = wrapped(node.args[0])
        for keyword in node.keywords:
            if keyword.arg == "key" and _makes_text(keyword.value):
                keyword.value = wrapped(keyword.value)

    def visit_FunctionDef(self, node: ast.AST) -> ast.AST:
        return node  # nested scopes are converted on their own

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef


def transform(node: ast.FunctionDef | ast.Lambda) -> None:
    if isinstance(node, ast.Lambda):
        node.body = _TracedText(frozenset()).visit(node.body)
        return
    texts = _TracedText(_message_names(node.body))
    node.body = [texts.visit(statement) for statement in node.body]
