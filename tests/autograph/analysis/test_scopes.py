"""autograph.analysis.scopes.names_of: its fast traversal collects what NodeVisitor's plain one does."""

from __future__ import annotations

import ast
import pathlib

from autograph.analysis import function_scopes, scopes

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


def test_writes_of_and_bindings_of_match_names_of_for_every_statement_whatever_order_they_are_asked_in():
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
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.Lambda)):
            body = node.body if isinstance(node.body, list) else [node.body]
            assert scopes.bindings_of(body) == scopes.names_of(body).writes, node.lineno
    assert len(statements) > 1000


def _plain_function_scope(node: ast.FunctionDef | ast.Lambda) -> function_scopes.FunctionScope:
    """function_scope as two plain walks (the oracle): every node of the scope for declarations
    and nested scopes, and names_of for the bindings."""
    args = node.args
    params = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]
              if a is not None}
    body = node.body if isinstance(node.body, list) else [node.body]
    declared_global, declared_nonlocal, captured = set(), set(), set()
    stack = list(body)
    while stack:
        sub = stack.pop()
        if isinstance(sub, ast.Global):
            declared_global.update(sub.names)
        elif isinstance(sub, ast.Nonlocal):
            declared_nonlocal.update(sub.names)
        if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            captured |= scopes.free_names(sub)
            continue
        if isinstance(sub, ast.GeneratorExp):  # runs later: what it reads but in its first iterable is captured
            first_iterable = {n.id for n in ast.walk(sub.generators[0].iter) if isinstance(n, ast.Name)}
            rest = [sub.elt, *sub.generators[0].ifs, *sub.generators[1:]]
            read_later = {n.id for part in rest for n in ast.walk(part) if isinstance(n, ast.Name)}
            captured |= scopes.free_names(sub) - (first_iterable - read_later)
        stack.extend(ast.iter_child_nodes(sub))
    local = (params | scopes.names_of(body).writes) - declared_global - declared_nonlocal
    return function_scopes.FunctionScope(params, local, declared_global, declared_nonlocal, captured & local)


def test_function_scope_of_every_function_and_lambda_matches_the_plain_walks():
    sources = [CORPUS, *CORPUS.parent.glob("autograph/*.py"), *pathlib.Path(ast.__file__).parent.glob("[a-f]*.py")]
    checked = 0
    for path in sources:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                assert function_scopes.function_scope(node) == _plain_function_scope(node), (path, node.lineno)
                checked += 1
    assert checked > 2000


def test_a_nonlocal_deeper_down_names_the_nested_functions_own_variable_where_it_binds_it():
    """A converted nested function declares `x: object` and its closures `nonlocal x`: that `x` is its own,
    not one it reads from the enclosing function (nolds' barabasi1991_fractal: the outer `x1[:] = d`-style item
    write was left as written because `x1` looked captured)."""
    (outer,) = ast.parse(
        "def f():\n"
        "    def g(w):\n"
        "        def body():\n"
        "            nonlocal x, y\n"
        "            x = w + 1\n"
        "            y = 2\n"
        "        x: object\n"
        "        body()\n"
        "        return x\n"
        "    x = 1\n"
        "    y = 2\n"
        "    return g(x) + y\n").body
    g = outer.body[0]
    free = scopes.free_names(g)
    assert "x" not in free and "y" in free  # (g binds x itself; its closure's nonlocal y reaches f's y)
    assert function_scopes.function_scope(outer).captured == {"y"}
