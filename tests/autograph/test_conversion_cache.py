"""The conversion cache (autograph/api.py): what it keeps alive for as long as the process runs."""

from __future__ import annotations

import ast
import gc
import linecache
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
    return sum(1 for o in gc.get_objects() if issubclass(type(o), ast.AST))  # (type: a dead weakref.proxy raises)


def test_a_cached_conversion_keeps_no_ast_nodes_alive_and_still_shows_its_code():
    autograph.convert(_fresh_function("warm_up"))  # the converter's own caches (its templates) fill up once
    function = _fresh_function("cached_without_nodes")
    before = _ast_nodes()
    converted = autograph.convert(function)
    after = _ast_nodes()
    assert after - before < 5, after - before  # the tree (a hundred nodes and more) is not kept
    conversion = api._conversion(function)
    assert not any(isinstance(o, ast.AST) for o in gc.get_referents(conversion))
    assert converted([1, 3, 5, 20], 10) == function([1, 3, 5, 20], 10)
    code = autograph.to_code(function)  # converted again for the text
    assert "ag__.for_stmt" in code and "ag__.while_stmt" in code
    assert _ast_nodes() - after < 5  # the text is kept, not the tree it came from
    twin = _fresh_function("cached_without_nodes")  # the same source, not converted before
    assert autograph.to_code(twin) == code  # converted once, its text taken from that conversion


def test_to_code_shows_the_tree_that_was_compiled_and_never_converts_again():
    function = _fresh_function("converted_once")
    calls = []
    real = api._converted

    def counted(fn):
        calls.append(fn)
        return real(fn)

    with mock.patch.object(api, "_converted", counted):
        autograph.convert(function)
        first = autograph.to_code(function)
        assert autograph.to_code(function) == first and autograph.to_code(function, compiled=True)
        assert calls == [function]
        assert autograph.converted_lines(function)[0] == len([line for line in first.splitlines() if line.strip()])
        shown_first = _fresh_function("shown_before_converted")
        autograph.to_code(shown_first)
        autograph.convert(shown_first)
        assert calls == [function, shown_first]


def test_to_code_shows_what_runs_after_a_global_it_calls_changed():
    """The text is the compiled tree's: a later change of a global the conversion looked at changes
    neither the code that runs nor what to_code shows of it."""
    namespace: dict = {}
    source = "def calls_helper(x):\n    return helper(x)\n"
    exec(compile(source, "<calls_helper>", "exec"), namespace)
    linecache.cache["<calls_helper>"] = (len(source), None, source.splitlines(True), "<calls_helper>")
    namespace["helper"] = lambda x: x + 1  # a user function: called through ag__.call
    function = namespace["calls_helper"]
    converted = autograph.convert(function)
    shown = autograph.to_code(function)
    namespace["helper"] = abs  # a builtin: a conversion now would call it as it is
    assert autograph.to_code(function) == shown and "ag__.call(helper)" in shown
    assert converted(-3) == 3


def test_the_same_code_in_another_file_gets_its_own_conversion(tmp_path):
    # Code objects compare equal across files, and both functions share one globals dict here: only the
    # file tells them apart (as when a module's globals are freed and another module's take their id).
    source = "def twice(x):\n    if x > 0:\n        x = x * 2\n    return x\n"
    namespace: dict = {}
    converted = {}
    for name in ("first.py", "second.py"):
        path = tmp_path / name
        path.write_text(source)
        exec(compile(source, str(path), "exec"), namespace)
        converted[name] = autograph.convert(namespace["twice"])
        assert converted[name].__code__.co_filename == str(path)
        assert "def twice(x):" in autograph.to_code(namespace["twice"])
    assert converted["first.py"](3) == converted["second.py"](3) == 6
