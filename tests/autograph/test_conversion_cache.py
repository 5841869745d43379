"""The conversion cache (autograph/api.py): what it keeps alive for as long as the process runs."""

from __future__ import annotations

import ast
import gc
import linecache
import pickle
import textwrap
from unittest import mock

import autograph
from autograph import api


def _fresh_function(name: str):
    namespace: dict = {}
    source = textwrap.dedent(f"""
        def {name}(xs, limit):
            total = 0
            for x in xs:
                if x > limit:
                    break
                total = total + x if x % 2 else total - x
            while total > 100:
                total //= 2
            return total
        """)
    code = compile(source, f"<{name}>", "exec")
    exec(code, namespace)
    function = namespace[name]
    # inspect finds the source through linecache, as for a file
    linecache.cache[f"<{name}>"] = (len(source), None, source.splitlines(True), f"<{name}>")
    return function


def _ast_nodes() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, ast.AST))


def test_a_cached_conversion_keeps_no_ast_nodes_alive_and_still_shows_its_code():
    autograph.convert(_fresh_function("warm_up"))  # the converter's own caches (its templates) fill up once
    function = _fresh_function("cached_without_nodes")
    before = _ast_nodes()
    converted = autograph.convert(function)
    after = _ast_nodes()
    assert after - before < 5, after - before  # the tree (a hundred nodes and more) is kept pickled
    conversion = api._conversion(function)
    assert not any(isinstance(o, ast.AST) for o in gc.get_referents(conversion))
    assert converted([1, 3, 5, 20], 10) == function([1, 3, 5, 20], 10)
    code = autograph.to_code(function)
    assert "ag__.for_stmt" in code and "ag__.while_stmt" in code
    assert code == ast.unparse(conversion.tree) + "\n"


def test_a_tree_that_cannot_be_pickled_is_kept_as_it_is():
    function = _fresh_function("kept_as_tree")
    with mock.patch.object(api.pickle, "dumps", side_effect=pickle.PicklingError("no")):
        converted = autograph.convert(function)
    conversion = api._conversion(function)
    assert isinstance(conversion.packed, ast.FunctionDef)
    assert converted([2, 4], 10) == function([2, 4], 10)
    assert "ag__.for_stmt" in autograph.to_code(function)
