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
