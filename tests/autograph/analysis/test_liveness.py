"""autograph.analysis.liveness: a ``raise`` ends its path (what follows it is read only where an
enclosing handler, finally block or with statement may take the exception on)."""

from __future__ import annotations

import ast
import textwrap

from autograph import anno
from autograph.analysis import liveness


def _first_if_live_in(source: str) -> set[str]:
    """LIVE_IN of the first ``if`` in the function of ``source``."""
    function = ast.parse(textwrap.dedent(source)).body[0]
    liveness.resolve(function.body)
    node = next(n for n in ast.walk(function) if isinstance(n, ast.If))
    return set(anno.get(node, anno.Key.LIVE_IN))


def test_a_raise_ends_its_path_so_a_variable_bound_on_every_other_path_is_not_live_before_it():
    live = _first_if_live_in("""
        def f(mode, x):
            if mode == 'a':
                t = x
            else:
                raise ValueError(mode)
            return t
    """)
    assert live == {"x", "ValueError", "mode"}  # (an if's LIVE_IN: what its branches read before binding)


def test_what_the_raise_itself_reads_is_live():
    live = _first_if_live_in("""
        def f(mode, x, message):
            if mode:
                t = x
            else:
                raise ValueError(message)
            return t
    """)
    assert live == {"x", "ValueError", "message"}


def test_a_handler_of_an_enclosing_try_still_sees_its_reads():
    live = _first_if_live_in("""
        def f(mode, x, t):
            try:
                if mode:
                    t = x
                else:
                    raise ValueError
            except ValueError:
                return t
            return t
    """)
    assert "t" in live


def test_a_finally_block_after_a_raise_in_a_handler_still_sees_its_reads():
    live = _first_if_live_in("""
        def f(mode, x, t):
            try:
                x = x + 1
            except ValueError:
                if mode:
                    t = x
                else:
                    raise
            finally:
                print(t)
    """)
    assert "t" in live


def test_a_with_statement_may_swallow_the_raise_so_what_follows_it_stays_live():
    live = _first_if_live_in("""
        def f(mode, x, t):
            with suppress(ValueError):
                if mode:
                    t = x
                else:
                    raise ValueError
            return t
    """)
    assert "t" in live
