"""A function that ``exec`` made in a namespace without ``__name__`` (a template engine's, a code generator's) has no
module (``__module__`` is None): it is user code all the same. Converted code calls it through ``ag__.call``, so
a staged value that reaches it is staged there, on every path; it was once taken for a builtin (the type of a
function is defined in ``builtins``) and called as it is, where a staged ``if`` failed."""

from __future__ import annotations

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


def scaled_sign(x):
    return 2.0 * sign(x)


def test_the_generated_function_has_no_module():
    assert sign.__module__ is None


def test_converted_code_calls_it_through_call():
    assert "ag__.call(sign)(x)" in str(autograph.to_code(scaled_sign))


@pytest.mark.parametrize("executor", helpers.executors())
def test_a_graph_stages_its_if(executor):
    fn = autograph.function(scaled_sign, executor=executor)
    for x in (3.0, -3.0):
        assert fn(np.float64(x)) == scaled_sign(np.float64(x))
    assert fn.tracing_count == 1


def test_jax_traces_its_if():
    jax = pytest.importorskip("jax")
    converted = autograph.convert(scaled_sign)
    assert [float(jax.jit(converted)(x)) for x in (3.0, -3.0)] == [2.0, -2.0]
    assert converted(3.0) == 2.0  # (as written: plain values)
