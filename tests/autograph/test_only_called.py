"""autograph/analysis/only_called.py: the variables a function reads only as callees, which a staged `if` may
leave holding the function its condition chooses (runtime/chosen_functions.py)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from autograph.analysis.only_called import only_called


def names(source: str) -> set[str]:
    return only_called(ast.parse(textwrap.dedent(source)).body[0])


def test_functions_defined_in_both_branches_and_only_called():
    assert names("""
        def f(e, x):
            if e > 1:
                def g(v): return v
                h = lambda v: v + 1
            else:
                def g(v): return -v
                h = lambda v: v - 1
            return g(x) + h(x)
    """) == {"g", "h"}


@pytest.mark.parametrize("read", [
    "return g",                   # returned
    "return apply(g, x)",         # passed on
    "return g(x) if g is not None else x",  # compared
    "return g.__name__",          # an attribute
    "return [g][0](x)",           # put in a container
    "del g; return x",            # deleted
    "g += 1; return x",           # an augmented assignment reads it
    "return (lambda: g)()(x)",    # read as a value by a nested function
])
def test_any_other_read_disqualifies_the_name(read):
    assert "g" not in names(f"""
        def f(e, x):
            if e > 1:
                def g(v): return v
            else:
                def g(v): return -v
            {read}
    """)


def test_calls_in_nested_functions_count_as_calls():
    assert names("""
        def f(e, x):
            def g(v): return v
            def k(): return g(x)
            return k()
    """) == {"g", "k"}


@pytest.mark.parametrize("frame_read", ["print(locals())", "print(sys._getframe().f_locals)", "eval('x')"])
def test_a_frame_read_disqualifies_every_name(frame_read):
    assert names(f"""
        def f(e, x):
            def g(v): return v
            {frame_read}
            return g(x)
    """) == set()


def test_parameters_globals_and_nonlocals_are_not_the_functions_own():
    assert names("""
        def f(g, x):
            global h
            def k(v):
                nonlocal x
                return v
            return g(x) + h(x) + k(x)
    """) == {"k"}
