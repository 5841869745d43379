"""Every node the converters make has a position, so the loader compiles each converted function
once: a node without one makes ``compile`` fail, and the loader then walks the whole function with
``ast.fix_missing_locations`` and compiles it again (a cold conversion at twice the compile cost)."""

from __future__ import annotations

import ast

import corpus
import pytest

import autograph
from autograph import api


def dead_binding(n):
    while n:
        return 1
        y = 2  # noqa: F841  (dead code that binds y: it stays a local)
    return y


class _Base:
    def f(self):
        return 1


class _Child(_Base):
    def f(self):
        if self:
            return super().f() + 1  # zero-argument super(): the converter spells its arguments out
        return 0


def _second_compile(*args, **kwargs):
    raise AssertionError("a converted node had no position: the loader compiled twice")


@pytest.fixture
def one_compile(monkeypatch):
    monkeypatch.setattr(ast, "fix_missing_locations", _second_compile)
    with api._lock:
        api._conversions.clear()
        api._functions.clear()


def test_zero_argument_super_and_dead_bindings_compile_once(one_compile):
    assert autograph.convert(_Child.f)(_Child()) == 2
    assert autograph.convert(dead_binding)(1) == 1
    with pytest.raises(UnboundLocalError):
        autograph.convert(dead_binding)(0)


def test_every_corpus_function_compiles_once(one_compile):
    for case in corpus.CASES:
        autograph.convert(case.fn)
