"""autograph.analysis.scopes.names_of: its fast traversal collects what NodeVisitor's plain one does."""

from __future__ import annotations

import ast
import pathlib

from autograph.analysis import scopes

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "corpus.py"


class _PlainTraversal(scopes._Collector):
    """The same visit_* methods over ast.NodeVisitor's own visit and generic_visit (the oracle)."""

    visit = ast.NodeVisitor.visit
    generic_visit = ast.NodeVisitor.generic_visit


def _plain_names_of(node: ast.AST) -> scopes.NameSets:
    collector = _PlainTraversal()
    collector.visit(node)
    return collector.names


def test_names_of_every_node_of_the_corpus_matches_the_plain_traversal():
    tree = ast.parse(CORPUS.read_text())
    checked = 0
    for node in ast.walk(tree):
        if isinstance(node, (ast.stmt, ast.expr, ast.comprehension, ast.excepthandler, ast.arguments)):
            assert scopes.names_of(node) == _plain_names_of(node), ast.unparse(node)
            checked += 1
    assert checked > 5000


def test_writes_of_matches_names_of_for_every_statement_whatever_order_they_are_asked_in():
    # writes_of reuses the bindings of the statements below the one asked (the cache `known`):
    # asked top-down (as the control-flow pass asks), bottom-up, or one statement at a time.
    tree = ast.parse(CORPUS.read_text())
    statements = [node for node in ast.walk(tree)
                  if isinstance(node, (ast.stmt, ast.excepthandler, ast.match_case))]
    for order in (statements, statements[::-1]):
        known: dict = {}
        for node in order:
            assert scopes.writes_of(node, known) == frozenset(scopes.names_of(node).writes), ast.unparse(node)
    for node in statements[::7]:
        assert scopes.writes_of(node, {}) == frozenset(scopes.names_of(node).writes), ast.unparse(node)
    assert len(statements) > 1000
