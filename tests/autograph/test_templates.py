"""autograph.templates: the builders made from templates build what a copy-and-fill walk of the
template builds (the walk, written plainly, is the oracle), and the placeholders stay strict."""

from __future__ import annotations

import ast

import corpus
import pytest

import autograph
from autograph import api, template_code, templates


class _Filler:
    """Copies a template tree and fills its placeholders in the same walk (a copy, then an
    ``ast.NodeTransformer`` over it, walked every template twice, at a few times the cost).
    A value put in is not walked or copied: the caller's node goes into the result as it is."""

    def __init__(self, values: dict[str, templates.Value]) -> None:
        self.values = values
        self.used: set[str] = set()

    def _take(self, name: str) -> templates.Value:
        if name not in self.values:
            raise KeyError(f"template placeholder {name} was not filled")
        self.used.add(name)
        return self.values[name]

    def _identifier(self, name: str) -> str:
        if not template_code.is_placeholder(name):
            return name
        value = self._take(name)
        if not isinstance(value, str):
            raise TypeError(f"placeholder {name} stands for a name; got {type(value).__name__}")
        return value

    def fill(self, node: ast.AST) -> ast.AST | list:
        special = _SPECIAL.get(node.__class__)
        if special is not None:
            return special(self, node)
        return self._copy(node)

    def _copy(self, node: ast.AST) -> ast.AST:
        cls = node.__class__
        new = cls.__new__(cls)
        fields = node.__dict__
        for name in cls._fields:
            if name not in fields:
                continue
            value = fields[name]
            if value.__class__ is list:
                items = []
                for item in value:
                    if isinstance(item, ast.AST):
                        item = self.fill(item)
                        if item.__class__ is list:  # a statement placeholder filled with statements
                            items.extend(item)
                            continue
                    items.append(item)
                value = items
            elif isinstance(value, ast.AST):
                value = self.fill(value)
            setattr(new, name, value)
        return new

    def _name(self, node: ast.Name) -> ast.AST:
        if not template_code.is_placeholder(node.id):
            return ast.Name(id=node.id, ctx=node.ctx)
        value = self._take(node.id)
        if isinstance(value, str):
            return ast.Name(id=value, ctx=node.ctx)
        if isinstance(value, ast.expr):
            return value
        raise TypeError(f"placeholder {node.id} stands for an expression; got {type(value).__name__}")

    def _expr(self, node: ast.Expr) -> ast.AST | list:
        inner = node.value
        if inner.__class__ is ast.Name and template_code.is_placeholder(inner.id):
            value = self._take(inner.id)
            if isinstance(value, list):
                return value
            if isinstance(value, ast.stmt):
                return [value]
            return ast.Expr(value=value if isinstance(value, ast.expr) else ast.Name(id=value, ctx=ast.Load()))
        return self._copy(node)

    def _function_def(self, node: ast.FunctionDef) -> ast.AST:
        name = self._identifier(node.name)
        new = self._copy(node)
        new.name = name
        return new

    def _arg(self, node: ast.arg) -> ast.AST:
        new = _clone(node)  # an annotation, if any, is copied as it is
        new.arg = self._identifier(node.arg)
        return new

    def _declaration(self, node: ast.Nonlocal | ast.Global) -> ast.AST:
        names = []
        for name in node.names:
            value = self._take(name) if template_code.is_placeholder(name) else name
            names.extend([value] if isinstance(value, str) else value)
        return node.__class__(names=names)

    def _context(self, node: ast.expr_context) -> ast.AST:
        return node  # Load / Store / Del carry nothing: shared, as in a tree ast.parse made


_SPECIAL = {
    ast.Name: _Filler._name,
    ast.Expr: _Filler._expr,
    ast.FunctionDef: _Filler._function_def,
    ast.arg: _Filler._arg,
    ast.Nonlocal: _Filler._declaration,
    ast.Global: _Filler._declaration,
    ast.Load: _Filler._context,
    ast.Store: _Filler._context,
    ast.Del: _Filler._context,
}


_clone = template_code._clone  # the copy the old filling made (the builder needs one too)


def _oracle(template: str, values: dict) -> list[ast.stmt]:
    filler = _Filler(values)
    result = []
    for statement in templates._parse(template):
        new = filler.fill(statement)
        result.extend(new if isinstance(new, list) else [new])
    assert filler.used == set(values)
    return result


def _shape(node, values: dict) -> object:
    """A node tree as nested tuples of classes and field values and positions, a value put in by its identity,
    a context (Load...) by its identity: what ``replace`` must reproduce exactly."""
    if any(node is value for value in values.values()):
        return ("value", id(node))
    if isinstance(node, list):
        return [_shape(item, values) for item in node]
    if isinstance(node, ast.expr_context):
        return ("context", id(node))
    if isinstance(node, ast.AST):
        return (node.__class__, sorted(node.__dict__), [_shape(v, values) for _, v in sorted(node.__dict__.items())])
    return node


def test_every_template_the_converters_fill_on_the_corpus_builds_what_the_plain_copy_builds(monkeypatch):
    seen = set()
    placed = []
    real = templates.replace

    def checked(template, at=None, **values):
        built = real(template, at=at, **values)
        expected = _oracle(template, values)
        placed.append(at is not None and hasattr(at, "lineno"))
        if at is not None:  # placed as the plain walk places them (positions are in the shapes)
            templates.copy_location(expected, at)
        assert _shape(built, values) == _shape(expected, values), template
        seen.add(template)
        return built

    monkeypatch.setattr(templates, "replace", checked)
    for case in corpus.CASES:
        with api._lock:
            api._conversions.clear()
            api._functions.clear()
        autograph.convert(case.fn)
    assert len(seen) >= 15 and any(placed), seen


def test_placeholders_stay_strict():
    with pytest.raises(KeyError, match="placeholder NAME was not filled"):
        templates.replace("NAME = None")
    with pytest.raises(KeyError, match="not used: \\['OTHER'\\]"):
        templates.replace("NAME = None", NAME="x", OTHER="y")
    with pytest.raises(TypeError, match="stands for a name"):
        templates.replace("def NAME():\n    pass", NAME=ast.Constant(1))
    with pytest.raises(TypeError, match="stands for an expression"):
        templates.replace("x = VALUE", VALUE=[ast.Pass()])


def test_values_go_in_as_they_are_and_template_nodes_are_fresh_per_use():
    value = ast.Constant(1)
    body = [ast.Pass(), ast.Pass()]
    (first,) = templates.replace("def NAME(ARG):\n    nonlocal NAMES\n    BODY\n    return VALUE",
                                 NAME="f", ARG="a", NAMES=["x", "y"], BODY=body, VALUE=value)
    (second,) = templates.replace("def NAME(ARG):\n    nonlocal NAMES\n    BODY\n    return VALUE",
                                  NAME="g", ARG="b", NAMES=["z"], BODY=[], VALUE=ast.Constant(2))
    assert not hasattr(first, "lineno")
    for node in (first, second):
        ast.fix_missing_locations(node)
    assert ast.unparse(first) == "def f(a):\n    nonlocal x, y\n    pass\n    pass\n    return 1"
    assert ast.unparse(second) == "def g(b):\n    nonlocal z\n    return 2"
    assert first.body[1] is body[0] and first.body[3].value is value
    assert first.args is not second.args and first.body[0] is not second.body[0]
    assert template_code.is_placeholder("NAME") and not template_code.is_placeholder("_X")
