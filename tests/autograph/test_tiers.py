"""The two tiers of converted code (autograph/tiers.py): while no staged value can exist a function is
converted to its plain tier (the function as written, compiled in autograph's factory); the moment one
may exist, each live function of that tier gets the general code, and staged values then work as if
it had been converted that way. Plain Python is the oracle on plain values, NumPy on staged ones."""

from __future__ import annotations

import dis
import logging
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import numpy as np
import pytest

import autograph
import runtime.plain
from autograph import api

ROOT = Path(autograph.__file__).parents[1]


def _tier(converted, original) -> str:
    conversion = api._conversion(original)
    if converted.__code__ is conversion.plain_code:
        return "plain"
    assert converted.__code__ is conversion.code
    return "general"


def _as_written(converted, original) -> bool:
    """Whether ``converted`` runs ``original``'s instructions (but the padding's COPY_FREE_VARS)."""
    ops = [i.opname for i in dis.get_instructions(converted) if i.opname != "COPY_FREE_VARS"]
    return ops == [i.opname for i in dis.get_instructions(original)]


def _runtime_calls(fn) -> set[str]:
    """The attributes the function's own code reads (``ag__.X`` among them, where it calls the runtime)."""
    return {i.argval for i in dis.get_instructions(fn) if i.opname in ("LOAD_ATTR", "LOAD_METHOD")}


def _double(v):
    return v * 2


def clipped_total(xs, limit):
    total = 0
    for x in xs:
        if x > limit:
            break
        total += _double(x)
    else:
        total = -total
    return total


def test_a_function_converted_while_nothing_is_staged_keeps_its_statements():
    with runtime.plain.assume(True):
        converted = autograph.convert(clipped_total)
        assert _tier(converted, clipped_total) == "plain"
        # The function as written: nothing goes through the runtime (no if_stmt, for_stmt, flags, calls).
        assert _runtime_calls(converted) == set()
        assert _as_written(converted, clipped_total)
        for xs, limit in (([1, 2, 3], 5), ([1, 9, 3], 5), ([], 0)):
            assert converted(xs, limit) == clipped_total(xs, limit)


def staged_sign(x):
    if np.sum(x) > 0:
        y = x * 2.0
    else:
        y = -x
    while np.sum(y) > 10.0:
        y = y / 2.0
    return y


def test_a_trace_gives_the_plain_tier_the_general_code_and_staged_values_then_work():
    with runtime.plain.assume(True):
        converted = autograph.convert(staged_sign)
        assert _tier(converted, staged_sign) == "plain"
        assert np.allclose(converted(np.ones(3)), staged_sign(np.ones(3)))
    # (Leaving the block turned the flag False, as a trace or `import jax` does.)
    assert _tier(converted, staged_sign) == "general"
    traced = autograph.function(lambda x: converted(x))
    for x in (np.ones(3), -np.ones(3), np.full(3, 9.0)):
        assert np.allclose(traced(x), staged_sign(x))


def calls_a_traced_function_midway(x, n):
    total = 0.0
    for i in range(n):
        if i % 2 == 0:
            total = total + autograph.function(staged_sign)(x)[0]
    return total


def test_a_call_running_when_the_flag_turns_keeps_its_frame_and_its_plain_values():
    x = np.array([1.0, 2.0])
    with runtime.plain.assume(True):
        converted = autograph.convert(calls_a_traced_function_midway)
        assert _tier(converted, calls_a_traced_function_midway) == "plain"
        assert np.isclose(converted(x, 3), calls_a_traced_function_midway(x, 3))
    assert _tier(converted, calls_a_traced_function_midway) == "general"  # the trace inside turned the flag


def make_scaler(factor):
    offset = 1.0

    def scale(x):
        if np.sum(x) > 0:
            return x * factor + offset
        return x

    return scale


class Base:
    def value(self, x):
        return x + 1.0


class Child(Base):
    def __init__(self):
        self.__hidden = 3.0  # (mangled: _Child__hidden)

    def value(self, x):
        if np.sum(x) > 0:
            return super().value(x) * self.__hidden
        return super().value(x)


def test_closures_methods_super_and_mangled_names_change_tier_with_their_cells():
    scale = make_scaler(3.0)
    child = Child()
    with runtime.plain.assume(True):
        converted_scale = autograph.convert(scale)
        converted_value = autograph.convert(child.value)
        assert _tier(converted_scale, scale) == "plain"
        assert _tier(converted_value.__func__, Child.value) == "plain"
        assert converted_scale.__code__.co_freevars == tuple(sorted({"ag__", "factor", "offset"}))
        assert np.allclose(converted_value(np.ones(2)), child.value(np.ones(2)))
    assert _tier(converted_scale, scale) == "general"
    assert _tier(converted_value.__func__, Child.value) == "general"
    for x in (np.ones(2), -np.ones(2)):
        assert np.allclose(autograph.function(converted_scale)(x), scale(x))
        assert np.allclose(autograph.function(converted_value)(x), child.value(x))


def keeps_helpers(xs):
    def positive(v):  # made at run time by the plain tier: a plain function, as the original makes
        return v > 0 and v < 100

    check = lambda v: v > 0 and v < 100  # noqa: E731  (a lambda made at run time: the same)
    return positive, check, [v for v in xs if positive(v)]


def test_functions_made_by_the_plain_tier_are_the_originals_and_converted_when_called_staged():
    from runtime.undefined import is_converted_code
    with runtime.plain.assume(True):
        converted = autograph.convert(keeps_helpers)
        assert _tier(converted, keeps_helpers) == "plain"
        positive, check, kept = converted([5, -1, 200])
        assert kept == [5]
    for helper in (positive, check):
        assert not is_converted_code(helper.__code__)
        # Converted code calling it (through ag__.call) converts it, as any function of the user's.
        staged = autograph.function(lambda x, helper=helper: helper(np.sum(x)))
        for x in (np.array([1.0, 2.0]), np.array([-5.0]), np.array([300.0])):
            assert bool(staged(x)) == bool(0 < np.sum(x) < 100)


def reads_its_frame(n):
    total = n
    if n > 0:
        total = total + 1
    return sorted(locals())


def test_a_function_that_reads_its_frame_gets_the_general_conversion_at_once():
    # Its locals() must not show the runtime's name, which the plain tier's frame would hold.
    with runtime.plain.assume(True):
        converted = autograph.convert(reads_its_frame)
        assert _tier(converted, reads_its_frame) == "general"
        assert converted(2) == reads_its_frame(2) == ["n", "total"]


def frames_and_recursion(n):
    if n == 0:
        return [sys._getframe(0).f_code.co_name, sys._getframe(1).f_code.co_name]
    return frames_and_recursion(n - 1)


def test_the_plain_tier_opens_no_frame_of_its_own():
    with runtime.plain.assume(True):
        converted = autograph.convert(frames_and_recursion)
        assert _tier(converted, frames_and_recursion) == "plain"
        assert converted(3) == frames_and_recursion(3) == ["frames_and_recursion", "frames_and_recursion"]
        depth = sys.getrecursionlimit() - 100
        assert converted(depth) == frames_and_recursion(depth)  # one frame a level, as the original


def staged_only_later(x):
    if x > 0:
        return x
    return -x


def test_a_function_that_cannot_get_the_general_code_says_so_and_stays_loud(monkeypatch, caplog):
    def broken(fn, **kwargs):
        raise RuntimeError("a converter bug")

    with caplog.at_level(logging.WARNING, logger="autograph"):
        with runtime.plain.assume(True):
            converted = autograph.convert(staged_only_later)
            assert _tier(converted, staged_only_later) == "plain"
            conversion = api._conversion(staged_only_later)
            monkeypatch.setattr(api, "_converted", broken)
        # (Leaving the block turned the flag False: the general conversion was asked for, and failed.)
    assert conversion.code is None and converted.__code__ is conversion.plain_code
    assert ("autograph could not convert staged_only_later for staged values (RuntimeError: a converter bug); "
            "it runs as Python. Please report this as a bug.") in caplog.text
    monkeypatch.undo()
    # A staged value reaching its `if` is the graph's own error, never a silent answer.
    with pytest.raises(TypeError, match="bool"):
        autograph.function(lambda x: converted(x))(np.float64(2.0))


def test_importing_jax_gives_the_plain_tier_the_general_code(tmp_path):
    pytest.importorskip("jax")
    program = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        import numpy as np, runtime, autograph
        from autograph import api

        def sign(x):
            if x > 0:
                y = x * 2.0
            else:
                y = -x
            return y

        converted = autograph.convert(sign)
        print(converted.__code__ is api._conversion(sign).plain_code, converted(3.0))
        import jax
        print(converted.__code__ is api._conversion(sign).code)
        jitted = jax.jit(converted)
        print(float(jitted(3.0)), float(jitted(-4.0)))
    """)
    script = tmp_path / "tiers_and_jax.py"  # (a file: autograph converts from source)
    script.write_text(program)
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "6.0", "True", "6.0", "4.0"]


def test_a_plain_tier_conversion_then_a_general_one_read_the_same_source(tmp_path, monkeypatch):
    """The general conversion comes later, from the lines the plain tier read: an edit of the file in
    between does not make the two tiers of one function disagree."""
    module = tmp_path / "edited_between_tiers.py"
    module.write_text("def f(x):\n    if x > 0:\n        return x + 1\n    return x - 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib
    edited = importlib.import_module("edited_between_tiers")
    try:
        with runtime.plain.assume(True):
            converted = autograph.convert(edited.f)
        module.write_text("def f(x):\n    if x > 0:\n        return x + 100\n    return x - 100\n")
        import linecache
        linecache.checkcache(str(module))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert _tier(converted, edited.f) == "general"
        for x in (2, -2):
            assert converted(x) == edited.f(x)
            assert autograph.function(converted)(np.float64(x)) == edited.f(x)
    finally:
        sys.modules.pop("edited_between_tiers", None)


in_range = lambda v, low=0.0: v > low and v < 100.0  # noqa: E731


def test_a_lambda_has_the_plain_tier_too():
    with runtime.plain.assume(True):
        converted = autograph.convert(in_range)
        assert _tier(converted, in_range) == "plain"
        assert _runtime_calls(converted) == set()
        assert _as_written(converted, in_range)
        assert [converted(v) for v in (5.0, -1.0, 200.0)] == [True, False, False]
    assert _tier(converted, in_range) == "general"
    staged = autograph.function(lambda x: converted(np.sum(x)))
    for x in (np.array([1.0, 2.0]), np.array([-5.0]), np.array([300.0])):
        assert bool(staged(x)) == bool(0 < np.sum(x) < 100)


def _make_threshold(k):
    def above(v):
        if v > k:
            return v
        return k
    return above


def sums_thresholds(n):
    total = 0
    for i in range(n):
        total += _make_threshold(i)(i + 1)
    return total


def test_callees_converted_on_the_plain_path_are_not_kept_alive():
    # General code running plain values converts each new closure it calls (plain tier): neither the
    # tier's table nor ag__.call's may keep them, or their originals, once the caller drops them.
    import gc

    from autograph import tiers
    with runtime.plain.assume(False):
        converted = autograph.convert(sums_thresholds)
    with runtime.plain.assume(True):
        before = len(tiers._plain_functions)
        for _ in range(30):
            assert converted(20) == sums_thresholds(20)
        gc.collect()
        assert len(tiers._plain_functions) - before <= 2
