"""autograph.naming: the namer knows every identifier of a function, so new names never collide."""

from __future__ import annotations

import ast
import textwrap

from autograph.naming import Namer

SOURCE = textwrap.dedent('''
    def outer(param, *rest, key=1, **options):
        global counter
        import os.path as where, sys
        from json import loads as parse, dumps
        class Inner:
            pass
        async def coroutine():
            nonlocal param
        try:
            value = 1
        except ValueError as problem:
            pass
        match value:
            case [first, *others]:
                pass
            case {"k": bound, **remainder}:
                pass
            case taken_as:
                pass
        return lambda lam_arg: lam_arg + attribute_owner.attr
''')

EXPECTED = {"outer", "param", "rest", "key", "options", "counter", "where", "sys", "parse", "dumps", "Inner",
            "coroutine", "value", "ValueError", "problem", "first", "others", "bound", "remainder", "taken_as",
            "lam_arg", "attribute_owner"}


def test_the_namer_takes_every_identifier_the_tree_binds_or_reads():
    namer = Namer.for_tree(ast.parse(SOURCE))
    assert {name for name in EXPECTED if namer.taken(name)} == EXPECTED
    assert not namer.taken("attr") and not namer.taken("json") and not namer.taken("os")


def test_new_names_avoid_taken_ones():
    namer = Namer.for_tree(ast.parse("def f(break_, break_1):\n    return break_\n"))
    assert namer.new("break_") == "break_2"
    assert namer.new("break_") == "break_3"
    assert namer.reuse("if_body") == namer.reuse("if_body") == "if_body"
