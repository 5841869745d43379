"""Differential tests: every corpus function, converted, behaves exactly like the original.

Plain Python is the oracle. For each case and input, the original and the
converted function run on fresh copies of the arguments; the result (or the
exception type and message) and the side effects (the corpus ``LOG`` and the
arguments after the call) must be the same.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import math
import re
import sys
import types

import corpus
import pytest

import autograph

_converted: dict[str, object] = {}


def converted(case: corpus.Case):
    """The converted function of a case, converted once per test session."""
    if case.name not in _converted:
        _converted[case.name] = autograph.convert(case.fn)
    return _converted[case.name]


CALLS = [pytest.param(c, call, id=f"{c.name}-{i}") for c in corpus.CASES for i, call in enumerate(c.inputs)]
ALL = [pytest.param(c, id=c.name) for c in corpus.CASES]
PLAIN_FUNCTIONS = [pytest.param(c, id=c.name) for c in corpus.CASES if type(c.fn) is types.FunctionType]
OTHER_CALLABLES = [pytest.param(c, id=c.name) for c in corpus.CASES if type(c.fn) is not types.FunctionType]


@pytest.mark.parametrize("case, call", CALLS)
def test_converted_matches_python(case: corpus.Case, call: corpus.In) -> None:
    expected = corpus.outcome(case.fn, call.args, call.kwargs)
    actual = corpus.outcome(converted(case), call.args, call.kwargs)
    assert corpus.same_outcome(expected, actual), (
        f"{case.name}{call}: converted code differs from Python\n"
        f"  python:    {expected!r}\n  converted: {actual!r}"
    )


@pytest.mark.parametrize("case", ALL)
def test_converting_twice_gives_the_same_behaviour(case: corpus.Case) -> None:
    """A second conversion (cached or not) runs the same as the first."""
    again = autograph.to_graph(case.fn)
    call = case.inputs[0]
    assert corpus.same_outcome(
        corpus.outcome(again, call.args, call.kwargs), corpus.outcome(case.fn, call.args, call.kwargs)
    )


@pytest.mark.parametrize("case", PLAIN_FUNCTIONS)
def test_converted_function_keeps_metadata(case: corpus.Case) -> None:
    fn, conv = case.fn, converted(case)
    for attr in ("__name__", "__qualname__", "__module__", "__doc__", "__defaults__", "__kwdefaults__"):
        assert getattr(conv, attr) == getattr(fn, attr), attr
    assert conv.__annotations__ == fn.__annotations__
    assert inspect.signature(conv) == inspect.signature(fn)
    assert conv.__wrapped__ is fn


@pytest.mark.parametrize("case", OTHER_CALLABLES)
def test_converted_callable_keeps_signature(case: corpus.Case) -> None:
    """Bound methods, static and class methods, callable objects and partials."""
    conv = converted(case)
    assert callable(conv)
    assert inspect.signature(conv) == inspect.signature(case.fn)


@pytest.mark.parametrize("case", PLAIN_FUNCTIONS)
def test_conversion_leaves_function_and_module_alone(case: corpus.Case) -> None:
    fn = case.fn
    module_before = dict(fn.__globals__)
    code, defaults, kwdefaults, attrs = fn.__code__, fn.__defaults__, fn.__kwdefaults__, dict(vars(fn))
    cells = [c.cell_contents for c in fn.__closure__ or ()]
    autograph.convert(fn)
    autograph.to_code(fn)
    module_after = dict(fn.__globals__)
    assert module_after.keys() == module_before.keys(), "conversion added or removed module globals"
    changed = [k for k in module_before if module_after[k] is not module_before[k]]
    assert not changed, f"conversion rebound module globals {changed}"
    assert fn.__code__ is code and fn.__defaults__ is defaults and fn.__kwdefaults__ is kwdefaults
    assert dict(vars(fn)) == attrs
    assert [c.cell_contents for c in fn.__closure__ or ()] == cells


def test_converted_function_sees_live_globals() -> None:
    conv = autograph.convert(corpus.reads_global_scale)
    try:
        corpus.SCALE = 3
        assert conv(2) == corpus.reads_global_scale(2) == 6
        assert conv(-1) == -3
    finally:
        corpus.reset()


def test_converted_function_shares_closure_cells() -> None:
    conv = autograph.convert(corpus.ADJUSTED)
    try:
        corpus.SET_OFFSET(5)
        assert conv(1) == corpus.ADJUSTED(1) == 6
        assert conv(-1) == -6
    finally:
        corpus.SET_OFFSET(0)
    assert conv(1) == 1


def test_converted_function_writes_globals_of_its_module() -> None:
    conv = autograph.convert(corpus.bump_global)
    corpus.reset()
    assert conv(5) == 4
    assert corpus.COUNTER == 4
    corpus.reset()


# --------------------------------------------------------------------------- do_not_convert


def whoami(x):
    if x:
        return sys._getframe().f_code
    return None


def make_caller(helper):
    def caller(x):
        if x > 0:
            return helper(x)
        return None

    return caller


def test_do_not_convert_keeps_behaviour() -> None:
    marked = autograph.do_not_convert(corpus.collatz_steps)
    assert marked(27) == corpus.collatz_steps(27)
    assert autograph.convert(marked)(6) == corpus.collatz_steps(6)


def test_do_not_convert_helper_runs_unconverted() -> None:
    """A helper marked ``do_not_convert`` runs its own code object when converted code calls it."""
    caller = autograph.convert(make_caller(autograph.do_not_convert(whoami)))
    assert caller(1) is whoami.__code__
    assert caller(0) is None


# --------------------------------------------------------------------------- what cannot be converted


async def async_fn(x):
    if x:
        await asyncio.sleep(0)
    return x


def _line_span(fn) -> range:
    lines, first = inspect.getsourcelines(fn)
    return range(first, first + len(lines))


@pytest.mark.parametrize("fn", [corpus.count_up, async_fn], ids=["generator", "async"])
def test_unsupported_functions_are_rejected_with_location(fn) -> None:
    with pytest.raises(autograph.UnsupportedSyntaxError) as info:
        autograph.convert(fn)
    message = str(info.value)
    assert fn.__code__.co_filename.rsplit("/", 1)[-1] in message, message
    lines = [int(n) for n in re.findall(r"line (\d+)", message)]
    assert any(n in _line_span(fn) for n in lines), f"no line of {fn.__name__} in: {message}"
    assert isinstance(info.value, autograph.ConversionError)


@pytest.mark.parametrize("fn", [len, math.sqrt, print], ids=["len", "math.sqrt", "print"])
def test_builtins_are_rejected(fn) -> None:
    with pytest.raises(autograph.ConversionError):
        autograph.convert(fn)


def test_code_without_source_is_rejected() -> None:
    namespace: dict = {}
    exec("def from_exec(x):\n    if x:\n        return 1\n    return 2\n", namespace)
    with pytest.raises(autograph.ConversionError) as info:
        autograph.convert(namespace["from_exec"])
    assert "from_exec" in str(info.value) or "source" in str(info.value), str(info.value)


def test_partial_of_converted_function_matches() -> None:
    part = functools.partial(corpus.power_sum, [1, 2, 3], offset=1)
    assert autograph.convert(part)(2) == part(2) == 15
