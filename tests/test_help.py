"""``help()`` reads well for the first thing a user calls.

``help(autograph.function)`` shows an example and names what the ``Function`` it makes keeps;
``help(autograph.Function)`` says how a call works and lists no ``__call__`` "readonly property" (it is a
property, so that a call runs no Python frame of the class: autograph/function.py, ``_FunctionClass``);
the examples help() shows run; and docs/api.md names every public attribute of a ``Function``.
"""

from __future__ import annotations

import doctest
import pathlib
import pydoc
import re

import numpy as np

import autograph

ROOT = pathlib.Path(__file__).resolve().parent.parent
KEPT = ("tracing_count", "python_function", "concrete_functions")


def _help(obj: object) -> str:
    return pydoc.render_doc(obj, renderer=pydoc.plaintext)


def test_help_of_autograph_function_has_an_example_and_names_what_it_keeps():
    text = _help(autograph.function)
    assert ">>> @autograph.function" in text and ">>> relu_sum.tracing_count" in text
    for name in KEPT:
        assert f"``{name}``" in text, name


def test_help_of_the_function_class_says_how_a_call_works_and_lists_no_call_property():
    text = _help(autograph.Function)
    assert not re.search(r"^ \|  __call__\b", text, re.MULTILINE), "help() lists __call__ as an entry"
    assert "Readonly properties defined here" in text  # (the section exists: concrete_functions is one)
    assert "Calling it, ``f(*args, **kwargs)``" in text and ">>> @autograph.function" in text
    for name in (*KEPT, "backend", "executor", "input_signature", "get_concrete_function",
                 "pretty_printed_concrete_signatures"):
        assert name in text, name


def test_the_call_is_still_the_property_help_leaves_out():
    """Only what pydoc lists changed: a call still goes through the class's ``__call__`` property."""
    assert isinstance(vars(autograph.Function)["__call__"], property)
    assert "__call__" not in dir(autograph.Function) and "get_concrete_function" in dir(autograph.Function)
    f = autograph.function(lambda x: x + 1)
    assert callable(f) and f(np.zeros(2)).tolist() == [1.0, 1.0] and f.tracing_count == 1


def test_the_examples_help_shows_run():
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for obj in (autograph.function, autograph.Function):
        for test in doctest.DocTestFinder(recurse=False).find(obj, obj.__name__, globs={}):
            runner.run(test)
    assert runner.failures == 0 and runner.tries >= 10


def test_the_api_reference_names_every_public_attribute_of_a_function():
    f = autograph.function(lambda x: x * 2)
    f(np.ones(2))
    public = sorted(name for name in dir(f) if not name.startswith("_"))
    assert {*KEPT, "backend", "executor"} <= set(public)
    text = (ROOT / "docs" / "api.md").read_text()
    section = text[text.index("### `autograph.Function("):]
    section = section[:section.index("\n### ")]
    assert [name for name in public if f"`Function.{name}" not in section] == []


class _Point:
    """A point. ``x``: across."""

    def __init__(self, x: float, label: str = "") -> None:
        self.x = x
        self.label = label
        self.y: float = 0.0
        self._cache = None

    def move(self) -> None:
        self.y += 1  # assigned again: listed once
        self.moved = True


def test_apidoc_lists_instance_attributes_and_wants_each_described():
    import importlib.util

    spec = importlib.util.spec_from_file_location("apidoc", ROOT / "tools" / "apidoc.py")
    apidoc = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(apidoc)
    assert apidoc.attributes(_Point) == ["x", "label", "y", "moved"]
    # ``x`` is named by the docstring, ``label`` is the parameter's argument; ``y`` and ``moved`` are neither.
    assert [a for a in apidoc.attributes(_Point) if not apidoc._describes(_Point, a)] == ["y", "moved"]
    assert "tracing_count" in apidoc.attributes(autograph.Function)
