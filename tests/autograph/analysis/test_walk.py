"""autograph.analysis.walk: the fast walks find what ``ast.walk`` and ``ast.iter_child_nodes`` find."""

from __future__ import annotations

import ast
import collections
import pathlib
import sys

from autograph.analysis.walk import children, statement_children, walk, walk_statements

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "corpus.py"


def test_children_are_iter_child_nodes_in_order():
    tree = ast.parse(CORPUS.read_text())
    for node in ast.walk(tree):
        assert children(node) == list(ast.iter_child_nodes(node))


def test_walk_finds_what_ast_walk_finds():
    tree = ast.parse(CORPUS.read_text())
    # As often, too: the parser shares one ast.Load() (Store, Del) among all the nodes that have it.
    assert collections.Counter(map(id, walk(tree))) == collections.Counter(map(id, ast.walk(tree)))


def test_walk_gives_ast_walks_order_with_nones_in_lists():
    # Dict keys (a ** entry) and keyword-only defaults hold None among the nodes; both are skipped.
    tree = ast.parse(CORPUS.read_text() + "\ndef k(*, a, b=1):\n    return {**a, 'b': b}\n")
    assert list(map(id, walk(tree))) == list(map(id, ast.walk(tree)))


def test_node_classes_without_fields_need_no_check_per_value():
    # Load, Add, Not, ...: their docstrings are no ASDL signatures, but they have no fields at all.
    from autograph.analysis import walk as walk_module

    walk(ast.parse("x = not a + b"))
    assert {ast.Load, ast.Store, ast.Add, ast.Not} <= walk_module._NODE_FIELDS.keys()
    assert not walk_module._UNTYPED_FIELDS.keys() & {ast.Load, ast.Store, ast.Add, ast.Not}


def test_walk_of_a_leaf_is_the_leaf():
    leaf = ast.Constant(1)
    assert walk(leaf) == [leaf] and children(leaf) == []


def test_a_node_class_without_an_asdl_docstring_keeps_all_its_fields():
    class Odd(ast.expr):
        """Not an ASDL signature."""

        _fields = ("label", "operand")

    inner = ast.Constant(1)
    odd = Odd()
    odd.label, odd.operand = inner, [ast.Name("x", ast.Load())]
    assert children(odd) == [inner, odd.operand[0]]
    assert collections.Counter(map(id, walk(odd))) == collections.Counter(map(id, ast.walk(odd)))
    odd.label = "a string, not a node"  # a field without an ASDL type may hold anything
    assert walk(ast.Expr(odd))[2:] == [odd.operand[0], odd.operand[0].ctx]


def test_statement_children_are_the_statements_among_children_in_order():
    star = "\ntry:\n    pass\nexcept* E:\n    pass\n" if sys.version_info >= (3, 11) else ""  # 3.11+ syntax
    tree = ast.parse(CORPUS.read_text() + star)
    blocks = (ast.stmt, ast.excepthandler, ast.match_case)
    kinds = set()
    for node in ast.walk(tree):
        expected = [child for child in children(node) if isinstance(child, blocks)]
        assert statement_children(node) == expected
        kinds |= {type(child) for child in expected}
    assert {ast.ExceptHandler, ast.match_case, ast.If, ast.For, ast.While, ast.With, ast.Try, ast.FunctionDef} <= kinds


def test_walk_statements_finds_every_statement_below_the_node():
    tree = ast.parse(CORPUS.read_text())
    blocks = (ast.stmt, ast.excepthandler, ast.match_case)
    for node in [tree, *(n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef)))]:
        expected = [sub for sub in ast.walk(node) if isinstance(sub, blocks) and sub is not node]
        assert collections.Counter(map(id, walk_statements(node))) == collections.Counter(map(id, expected))
