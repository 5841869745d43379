"""sys._getframe(n) and stacklevel arguments in converted code count the original's frames.

The original function is the oracle: a warning's file, line and module, a logging record's
function and line, and the frame ``sys._getframe(n)`` gives are the same converted or not.
"""

from __future__ import annotations

import logging
import sys
import warnings

import numpy as np
import pytest

import autograph
import autograph.testing


def deprecated(flag):
    if flag:
        warnings.warn("deprecated", DeprecationWarning, stacklevel=2)
        return 1
    return 0


def deprecated_positional(flag):
    for _ in range(flag):
        warnings.warn("deprecated", DeprecationWarning, 2)
    return flag


def warns_from_an_operand(flag):
    return flag and warnings.warn("deprecated", UserWarning, stacklevel=2)


def warns_deep(flag, level):
    while flag:
        flag -= 1
        if flag % 2 == 0:
            warnings.warn("deep", UserWarning, stacklevel=level)
    return flag


def user_helper_passes_it_on(flag):
    if flag:
        _deprecate("via a helper", stacklevel=2)
    return flag


def _deprecate(message, stacklevel=1):
    warnings.warn(message, DeprecationWarning, stacklevel=stacklevel + 1)


def caller_names(flag):
    names = []
    for i in range(2):
        if flag:
            names.append((sys._getframe(1).f_code.co_name, sys._getframe(2).f_code.co_name))
        names.append(flag and sys._getframe(1).f_code.co_name)
    return names


def logs(flag, logger):
    if flag:
        logger.warning("from a branch", stacklevel=2)
    return flag


def first_caller(fn, *args):
    return fn(*args)


def second_caller(fn, *args):
    return first_caller(fn, *args)


def warning_seen(fn, *args):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        result = second_caller(fn, *args)
    return result, [(w.filename, w.lineno, str(w.message), w.category) for w in seen]


@pytest.mark.parametrize(("fn", "args"), [
    (deprecated, (1,)), (deprecated_positional, (2,)), (warns_from_an_operand, (1,)),
    (warns_deep, (4, 2)), (warns_deep, (4, 3)), (warns_deep, (2, 1)), (user_helper_passes_it_on, (1,)),
    # A level that is no int but has __index__, as warnings.warn takes it.
    (warns_deep, (4, np.int64(2))), (warns_deep, (4, np.uint8(3))), (warns_deep, (2, True)),
], ids=lambda value: getattr(value, "__name__", repr(value)))
def test_warnings_name_the_lines_the_original_names(fn, args):
    assert warning_seen(autograph.convert(fn), *args) == warning_seen(fn, *args)


def test_a_stacklevel_beyond_the_stack_warns_as_the_original_in_the_converted_form_too():
    """``warnings.warn(..., stacklevel=k)`` with ``k`` deeper than the stack warns as ``sys:1`` (``<sys>:0`` from
    Python 3.12 on); the converted form's ``ag__.stacklevel(k)`` raised getframe's ``ValueError: call stack is not
    deep enough`` instead (nameparser's warning helper, called from module level), with or without blocks in the
    function."""
    expected = warning_seen(warns_deep, 3, 500)
    assert expected[1][0][:2] in {("sys", 1), ("<sys>", 0)}  # (Python 3.12 and later name it <sys>:0)
    converted = autograph.convert(warns_deep)
    assert warning_seen(converted, 3, 500) == expected
    with autograph.testing.converted_form():
        assert warning_seen(converted, 3, 500) == expected
        assert warning_seen(autograph.convert(_deprecate), "far", 500) == warning_seen(_deprecate, "far", 500)


def frame_at(depth):
    for _ in range(1):
        if depth is not None:
            try:
                return sys._getframe(depth).f_code.co_name
            except (TypeError, ValueError, OverflowError) as error:
                return type(error).__name__, str(error)
    return None


@pytest.mark.parametrize("depth", [0, 1, 2, -1, -5, True, np.int64(2), np.int8(-3), 1.5, "1", 2**31, -2**40, 10**6],
                         ids=repr)
def test_getframe_reads_its_depth_as_python_does(depth):
    """sys._getframe reads its depth through __index__, as a C int; a negative one is the caller itself."""
    assert second_caller(autograph.convert(frame_at), depth) == second_caller(frame_at, depth)


def test_getframe_gives_the_original_callers():
    expected = second_caller(caller_names, 1)
    assert expected[0] == ("first_caller", "second_caller")
    assert second_caller(autograph.convert(caller_names), 1) == expected
    assert second_caller(autograph.convert(caller_names), 0) == second_caller(caller_names, 0)


def test_logging_stacklevel_names_the_callers_line(caplog):
    logger = logging.getLogger("autograph.tests.caller_frames")
    with caplog.at_level(logging.WARNING, logger=logger.name):
        first_caller(logs, 1, logger)
        first_caller(autograph.convert(logs), 1, logger)
    original, converted = caplog.records
    assert (converted.funcName, converted.lineno, converted.pathname) == (
        original.funcName, original.lineno, original.pathname) == ("first_caller", original.lineno, __file__)


def test_converted_callee_in_a_converted_branch():
    def outer(flag):
        if flag:
            return deprecated(flag)  # converted through ag__.call: its warning names this line
        return None

    expected = warning_seen(outer, 1)
    assert warning_seen(autograph.convert(outer), 1) == expected
    assert expected[1][0][1] == outer.__code__.co_firstlineno + 2


def test_to_code_shows_the_counted_calls():
    code = autograph.to_code(caller_names)
    assert "ag__.getframe(1).f_code.co_name, ag__.getframe(2).f_code.co_name" in code
    assert "stacklevel=ag__.stacklevel(2)" in autograph.to_code(deprecated)
    assert "ag__.stacklevel(2))" in autograph.to_code(deprecated_positional)


def test_left_alone():
    def reads(flag, sys=sys):  # a parameter named sys: not resolved, left as written
        if flag:
            warnings.warn("here", UserWarning, stacklevel=1)
            return sys._getframe(0).f_code.co_name, sys._getframe(1).f_code.co_name
        return None

    code = autograph.to_code(reads)
    assert "getframe" not in code.replace("sys._getframe", "") and "stacklevel=1" in code


def test_too_deep_raises_as_python_does():
    def deep(flag):
        if flag:
            return sys._getframe(10_000)
        return None

    with pytest.raises(ValueError, match="call stack is not deep enough"):
        deep(1)
    with pytest.raises(ValueError, match="call stack is not deep enough"):
        autograph.convert(deep)(1)


def _who_called():
    frame = sys._getframe(1)
    return frame.f_code.co_name, frame.f_lineno


def calls_from_operands(a):
    i = 0
    out = []
    while i < 2 and (_who_called() or a):
        out.append(a and _who_called())
        i += 1
    return out


@pytest.mark.skipif(sys.version_info < (3, 11), reason="3.10 code objects have no columns: thunks keep '<lambda>'")
def test_a_function_called_from_an_operand_sees_the_users_function():
    """An operand of and/or runs in a thunk, whose frame stands for the function (its name, the
    operand's line): a function called from it finds them there (found by make fuzz, stop 20)."""
    expected = calls_from_operands(1)
    assert expected[0][0] == "calls_from_operands"
    assert autograph.convert(calls_from_operands)(1) == expected
