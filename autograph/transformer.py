"""``ast.NodeTransformer`` at about half the cost, for the converters' rewriting walks.

    class _Calls(Transformer):          # instead of ast.NodeTransformer: same methods, same results
        def visit_Call(self, node): ...

``NodeTransformer.visit`` looks its method up by name at every node, and ``generic_visit`` goes
through ``ast.iter_fields`` (a generator per node) over every field, the names and constants
included. Here the method is looked up once per (transformer class, node class), and only the
fields that may hold nodes are read (``analysis.walk``'s table). What a visit returns is used as
``NodeTransformer`` uses it: a node replaces, None removes, a list is spliced into a list field.
``generic_visit`` calls the children's ``visit_*`` methods itself (one call less per node), so a
subclass writes ``visit_*`` methods; it does not override ``visit``.
"""

from __future__ import annotations

import ast

from autograph.analysis.walk import node_fields

_AST = ast.AST
# transformer class -> node class -> the function that visits such a node
_METHODS: dict[type, dict[type, object]] = {}


class Transformer(ast.NodeTransformer):
    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "visit" in cls.__dict__:  # generic_visit would go past it (see the module docstring)
            raise TypeError(f"{cls.__name__} overrides Transformer.visit: write visit_* methods instead")

    def visit(self, node: ast.AST) -> ast.AST | list | None:
        table = _METHODS.get(self.__class__)
        if table is None:
            table = _METHODS[self.__class__] = {}
        cls = node.__class__
        method = table.get(cls)
        if method is None:
            method = table[cls] = _method(self.__class__, cls)
        return method(self, node)

    def generic_visit(self, node: ast.AST) -> ast.AST:
        cls = self.__class__
        inert = _INERT.get(cls)
        if inert is None:
            inert = _INERT[cls] = _inert_classes(cls)
        table = _METHODS.get(cls)
        if table is None:
            table = _METHODS[cls] = {}
        for field in node_fields(node.__class__):
            old_value = getattr(node, field, None)
            kind = old_value.__class__
            if kind in inert or old_value is None:  # a visit would leave it as it is
                continue
            if kind is list:
                # The list is written back only if a visit replaced, removed or spliced an item
                # (most lists keep theirs): ``new_values`` starts at the first change.
                new_values = None
                for index, value in enumerate(old_value):
                    kind = value.__class__
                    if kind in inert or not isinstance(value, _AST):
                        new = value  # kept as it is
                    else:  # (``self.visit(value)``, its method looked up here: one call less)
                        method = table.get(kind)
                        if method is None:
                            method = table[kind] = _method(cls, kind)
                        new = method(self, value)
                    if new is value:
                        if new_values is not None:
                            new_values.append(value)
                        continue
                    if new_values is None:
                        new_values = old_value[:index]
                    if new is None:
                        continue
                    if isinstance(new, _AST):
                        new_values.append(new)
                    else:
                        new_values.extend(new)
                if new_values is not None:
                    old_value[:] = new_values
            elif isinstance(old_value, _AST):
                method = table.get(kind)
                if method is None:
                    method = table[kind] = _method(cls, kind)
                new_node = method(self, old_value)
                if new_node is None:
                    delattr(node, field)
                elif new_node is not old_value:
                    setattr(node, field, new_node)
        return node


# transformer class -> the node classes its visit returns unchanged, without looking inside
_INERT: dict[type, frozenset] = {}
_LEAVES = (ast.Constant, ast.Load, ast.Store, ast.Del)  # nodes with no node below them


def _inert_classes(transformer: type) -> frozenset:
    """Leaves the transformer has no method for, and names too when it has none for a name or its
    context: visiting them would only call ``generic_visit``, which would find nothing to do."""
    inert = {cls for cls in _LEAVES if _method(transformer, cls) is transformer.generic_visit}
    if _method(transformer, ast.Name) is transformer.generic_visit and {ast.Load, ast.Store, ast.Del} <= inert:
        inert.add(ast.Name)
    return frozenset(inert)


def _method(transformer: type, node_class: type):
    method = getattr(transformer, "visit_" + node_class.__name__, None)
    if method is None or method is getattr(ast.NodeVisitor, "visit_" + node_class.__name__, None):
        # Not the transformer's own: NodeVisitor's visit_Constant only looks for the deprecated
        # visit_Num & co. (none here) before it visits generically.
        return transformer.generic_visit
    return method
