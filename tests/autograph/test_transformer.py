"""autograph.transformer.Transformer rewrites exactly as ast.NodeTransformer does (the oracle)."""

from __future__ import annotations

import ast
import copy
import pathlib

import pytest

from autograph.transformer import Transformer

CORPUS = pathlib.Path(__file__).resolve().parents[1] / "corpus.py"


class _Rewrites:
    """Replaces, removes, splices and recurses, as the converters do."""

    def visit_Name(self, node):
        return ast.Name(id=node.id.upper(), ctx=node.ctx) if node.id.startswith("x") else node

    def visit_Pass(self, node):
        return None  # removed from its list

    def visit_Expr(self, node):
        self.generic_visit(node)
        return [node, ast.Expr(value=ast.Constant("spliced"))]

    def visit_Constant(self, node):
        return ast.Constant(-node.value) if type(node.value) is int else node

    def visit_Lambda(self, node):
        node.args = self.visit(node.args)
        return node  # its body is not visited


class _Fast(_Rewrites, Transformer):
    pass


class _Oracle(_Rewrites, ast.NodeTransformer):
    pass


class _Plain(Transformer):
    pass


def _assert_rewrites_alike(fast: type, oracle: type) -> None:
    tree = ast.parse(CORPUS.read_text())
    expected = oracle().visit(copy.deepcopy(tree))
    got = fast().visit(copy.deepcopy(tree))
    assert ast.dump(got, include_attributes=True) == ast.dump(expected, include_attributes=True)


def test_the_fast_transformer_rewrites_as_node_transformer_does():
    _assert_rewrites_alike(_Fast, _Oracle)


def test_a_transformer_without_methods_changes_nothing():
    tree = ast.parse(CORPUS.read_text())
    before = ast.dump(tree, include_attributes=True)
    assert _Plain().visit(tree) is tree
    assert ast.dump(tree, include_attributes=True) == before


class _CallsOnly:
    """No method for names or constants (so the fast transformer skips them): only calls change."""

    def visit_Call(self, node):
        self.generic_visit(node)
        return ast.Call(func=ast.Name(id="wrap", ctx=ast.Load()), args=[node], keywords=[])


class _FastCalls(_CallsOnly, Transformer):
    pass


class _OracleCalls(_CallsOnly, ast.NodeTransformer):
    pass


def test_names_and_constants_it_has_no_method_for_stay_in_place():
    _assert_rewrites_alike(_FastCalls, _OracleCalls)


def test_a_transformer_that_overrides_visit_is_refused():
    # generic_visit calls the children's visit_* methods itself: an own visit would be skipped.
    with pytest.raises(TypeError, match="overrides Transformer.visit"):
        class _OwnVisit(Transformer):
            def visit(self, node):
                return node
