"""autograph.code_identity.same_code: the same code, nested code objects, names and positions included."""

from __future__ import annotations

import sys

from autograph.code_identity import same_code

_SOURCE = "def f(x):\n    def g(y):\n        return y + {k}\n    return g(x)\n"


def _code(source: str, filename: str = "<same>") -> object:
    module = compile(source, filename, "exec")
    return next(c for c in module.co_consts if hasattr(c, "co_code"))


def test_two_compilations_of_one_source_are_the_same_code():
    first, second = _code(_SOURCE.format(k=1)), _code(_SOURCE.format(k=1))
    assert first is not second and same_code(first, second)


def test_a_difference_inside_a_nested_code_object_counts():
    assert not same_code(_code(_SOURCE.format(k=1)), _code(_SOURCE.format(k=2)))


def test_positions_names_and_files_count():
    assert not same_code(_code(_SOURCE.format(k=1)), _code("\n" + _SOURCE.format(k=1)))  # a line lower
    assert not same_code(_code(_SOURCE.format(k=1)), _code(_SOURCE.format(k=1).replace("g", "h")))
    assert not same_code(_code(_SOURCE.format(k=1)), _code(_SOURCE.format(k=1), "<other>"))
    if sys.version_info >= (3, 11):  # a column further right (3.10's code objects keep no columns)
        assert not same_code(_code(_SOURCE.format(k=1)), _code(_SOURCE.format(k=1).replace("y + 1", "y  + 1")))
