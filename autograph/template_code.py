"""A parsed template made into a Python function that builds the filled nodes directly.

    build = builder(statements)        # once per template
    nodes = build(values, positions)   # per use: ``templates.replace``

Copying a template tree node by node, field by field (looking each node's class up for a
placeholder rule, each field up in the node's ``__dict__``) cost about a tenth of a conversion:
the converters fill a few templates per ``if`` and loop. The builder is the copy written out once,
as one nested expression of node constructors per statement, over the fields the template's
nodes have, with a call into this module only where a placeholder stands. What it builds is what
the copy built: the same classes and fields, the expression contexts (``Load`` ...) and the values
put in shared, not copied; every node it makes gets ``positions`` (a dict of ``lineno`` & co., or
empty), as ``templates.copy_location`` would give them, without a walk.
"""

from __future__ import annotations

import ast
from typing import Any, Callable

Builder = Callable[[dict, dict], list]


def is_placeholder(name: str) -> bool:
    return name.isupper() and not name.startswith("_")


def builder(statements: tuple[ast.stmt, ...]) -> tuple[Builder, frozenset]:
    """The function that builds ``statements`` filled with a dict of values, and the placeholders
    it takes (all of them, on every call: a template has no branches)."""
    writer = _Writer()
    items = ", ".join(writer.item(statement) for statement in statements)
    source = f"def build(values, positions):\n    return [{items}]\n"
    namespace = dict(writer.constants, _name=_name, _statements=_statements, _identifier=_identifier,
                     _arg=_arg, _declaration=_declaration, _node=make_node)
    exec(compile(source, "<template>", "exec"), namespace)
    return namespace["build"], frozenset(writer.placeholders)


class _Writer:
    """Writes the expression that builds one template node; the objects it refers to (node
    classes, contexts, constants, template nodes) go into ``constants`` under generated names."""

    def __init__(self) -> None:
        self.constants: dict[str, Any] = {}
        self.placeholders: set[str] = set()

    def constant(self, value: Any) -> str:
        name = f"_k{len(self.constants)}"
        self.constants[name] = value
        return name

    def take(self, name: str) -> str:
        self.placeholders.add(name)
        return repr(name)

    def item(self, node: Any) -> str:
        """The expression for an item of a list field: starred if it may stand for several."""
        if node.__class__ is ast.Expr and node.value.__class__ is ast.Name and is_placeholder(node.value.id):
            return f"*_statements(values, {self.take(node.value.id)}, positions)"
        return self.value(node)

    def value(self, node: Any) -> str:
        if node.__class__ is list:
            return "[" + ", ".join(self.item(item) for item in node) + "]"
        if not isinstance(node, ast.AST):
            return self.constant(node)
        cls = node.__class__
        if isinstance(node, ast.expr_context):
            return self.constant(node)  # carries nothing: shared, as in a tree ast.parse made
        if cls is ast.Name:
            if is_placeholder(node.id):
                return f"_name(values, {self.take(node.id)}, {self.constant(node.ctx)}, positions)"
            return f"{self.constant(ast.Name)}(id={node.id!r}, ctx={self.constant(node.ctx)}, **positions)"
        if cls is ast.arg:
            if is_placeholder(node.arg):
                self.take(node.arg)
            return f"_arg(values, {self.constant(node)}, positions)"
        if cls is ast.Nonlocal or cls is ast.Global:
            self.placeholders.update(name for name in node.names if is_placeholder(name))
            return f"_declaration(values, {self.constant(node)}, positions)"
        fields = []
        for field in cls._fields:
            if field not in node.__dict__:
                continue
            if cls is ast.FunctionDef and field == "name" and is_placeholder(node.name):
                fields.append(f"{field!r}: _identifier(values, {self.take(node.name)})")
            else:
                fields.append(f"{field!r}: {self.value(node.__dict__[field])}")
        if "lineno" in cls._attributes:
            fields.append("**positions")
        # The node made with its attributes' dict, as the class's constructor would fill it: the
        # constructor takes keyword arguments one by one, at twice the cost.
        return f"_node({self.constant(cls)}, {{{', '.join(fields)}}})"


def make_node(cls: type, attributes: dict) -> ast.AST:
    """``cls(**attributes)`` for a node class: what its constructor makes, without the constructor's
    work per keyword argument (an AST node keeps its fields and positions in its ``__dict__``), at a
    third of its cost. ``attributes`` becomes the node's own dict: pass a new one, with every field."""
    node = _new(cls)
    node.__dict__ = attributes
    return node


_new = ast.AST.__new__


# --- what a placeholder becomes (the rules of templates.replace) -----------------------------------

def _identifier(values: dict, name: str) -> str:
    value = values[name]
    if not isinstance(value, str):
        raise TypeError(f"placeholder {name} stands for a name; got {type(value).__name__}")
    return value


def _name(values: dict, name: str, ctx: ast.expr_context, positions: dict) -> ast.expr:
    value = values[name]
    if isinstance(value, str):
        return make_node(ast.Name, {"id": value, "ctx": ctx, **positions})
    if isinstance(value, ast.expr):
        return value
    raise TypeError(f"placeholder {name} stands for an expression; got {type(value).__name__}")


def _statements(values: dict, name: str, positions: dict) -> list:
    value = values[name]
    if isinstance(value, list):
        return value
    if isinstance(value, ast.stmt):
        return [value]
    if not isinstance(value, ast.expr):
        value = ast.Name(id=value, ctx=ast.Load(), **positions)
    return [ast.Expr(value=value, **positions)]


def _arg(values: dict, node: ast.arg, positions: dict) -> ast.arg:
    new = _clone(node)  # an annotation, if any, is copied as it is (and gets no position)
    if is_placeholder(node.arg):
        new.arg = _identifier(values, node.arg)
    if positions:
        for sub in ast.walk(new):
            if "lineno" in sub._attributes:
                sub.__dict__.update(positions)
    return new


def _declaration(values: dict, node: ast.Nonlocal | ast.Global, positions: dict) -> ast.stmt:
    names = []
    for name in node.names:
        value = values[name] if is_placeholder(name) else name
        names.extend([value] if isinstance(value, str) else value)
    return node.__class__(names=names, **positions)


def _clone(node: Any) -> Any:
    """A copy of a template tree (no positions, no annotations): much faster than deepcopy."""
    if isinstance(node, ast.AST):
        new = node.__class__.__new__(node.__class__)
        for name in node._fields:
            if name in node.__dict__:
                setattr(new, name, _clone(node.__dict__[name]))
        return new
    if isinstance(node, list):
        return [_clone(item) for item in node]
    return node
