"""Callees the converter resolves while converting (module globals) are called directly only where ``runtime.call``
would hand them back as they are; everything else goes through ``ag__.call``, which converts what is user code. Two
kinds of callable were once taken for library code and called as they are, so a staged ``if`` in the user's code
behind them failed under ``autograph.function`` and ``jax.jit``:

- a function ``exec`` made in a namespace without ``__name__`` (a template engine's, a code generator's): it has no
  module (``__module__`` is None), and the module of its type is ``builtins``;
- a ``functools.partial`` of a user function (``jax.tree_util.Partial`` too): its class is the standard library's.
"""

from __future__ import annotations

import functools
import linecache

import numpy as np
import pytest

import autograph
from tests import helpers

_SOURCE = "def sign(x):\n    if x > 0:\n        return 1.0\n    return -1.0\n"
_FILENAME = "<generated sign>"
linecache.cache[_FILENAME] = (len(_SOURCE), None, _SOURCE.splitlines(True), _FILENAME)
_namespace: dict = {}
exec(compile(_SOURCE, _FILENAME, "exec"), _namespace)
sign = _namespace["sign"]


def _scaled(x, k):
    if x > 0:
        return k
    return -k


half = functools.partial(_scaled, k=0.5)
total = functools.partial(np.sum, axis=0)  # (a partial of NumPy's: still called as it is)


def scaled_sign(x):
    return 2.0 * sign(x)


def halved_sign(x):
    return half(x) + total(np.ones(2))


CASES = [pytest.param(scaled_sign, "ag__.call(sign)(x)", id="no_module"),
         pytest.param(halved_sign, "ag__.call(half)(x) + total(", id="partial")]


def test_the_generated_function_has_no_module():
    assert sign.__module__ is None


@pytest.mark.parametrize(("fn", "text"), CASES)
def test_converted_code_calls_it_through_call(fn, text):
    assert text in str(autograph.to_code(fn))


@pytest.mark.parametrize("executor", helpers.executors())
@pytest.mark.parametrize(("fn", "text"), CASES)
def test_a_graph_stages_its_if(fn, text, executor):
    graph = autograph.function(fn, executor=executor)
    for x in (3.0, -3.0):
        assert graph(np.float64(x)) == fn(np.float64(x))
    assert graph.tracing_count == 1


@pytest.mark.parametrize(("fn", "text"), CASES)
def test_jax_traces_its_if(fn, text):
    jax = pytest.importorskip("jax")
    converted = autograph.convert(fn)
    assert [float(jax.jit(converted)(x)) for x in (3.0, -3.0)] == [fn(3.0), fn(-3.0)]
    assert converted(3.0) == fn(3.0)  # (as written: plain values)
