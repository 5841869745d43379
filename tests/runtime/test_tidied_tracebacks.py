"""runtime/tracebacks.py remembers the tracebacks it tidied by id, so that an exception re-tidied on its way
out of many functions is walked only up to the part tidied before. An id outlives its traceback: the next
traceback of the same call, raising again at the same line, often gets the freed one's memory, and its
frame the freed frame's. Taken for tidied, it kept the runtime helpers' frames (``ag__.managed.__exit__``
in 2 of 300 runs of a ``with`` whose ``__enter__`` raised after its ``__exit__`` had). Here the head is
the same object and only what follows it changed, which is what the allocator's reuse looks like."""

from __future__ import annotations

import sys
import types

import pytest

from autograph.testing import converted_form
from runtime.tracebacks import hide_frames_of, user_frames
from tests.autograph.test_tracebacks import PROGRAMS, convert_all, load


def _raise_inside(name: str) -> None:
    raise KeyError(name)


def _helper(name: str) -> None:  # a runtime helper's stand-in: its frame is left out of tracebacks
    _raise_inside(name)


hide_frames_of(_helper)


def _user(name: str) -> None:
    _helper(name)


def _caught(name: str) -> types.TracebackType:
    try:
        _user(name)
    except KeyError as error:
        return error.__traceback__
    raise AssertionError("no KeyError")


def _entries(error: BaseException) -> tuple:
    """What the program's ``report`` says, without ``inspect``: each entry's function and line, and the error."""
    entries, tb = [], error.__traceback__
    while tb is not None:
        entries.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    return entries, type(error).__name__, str(error)


def _names(tb: types.TracebackType | None) -> list[str]:
    names = []
    while tb is not None:
        names.append(tb.tb_frame.f_code.co_name)
        tb = tb.tb_next
    return names


def test_a_remembered_head_whose_rest_changed_is_tidied_again() -> None:
    tidied = user_frames(_caught("first"))
    assert _names(tidied) == ["_caught", "_user", "_raise_inside"]
    # The remembered head, now followed by an untidied chain: same traceback id, frame and line.
    raw = _caught("second")
    tidied.tb_next = raw.tb_next
    assert _names(tidied) == ["_caught", "_user", "_helper", "_raise_inside"]
    assert _names(user_frames(tidied)) == ["_caught", "_user", "_raise_inside"]


def test_a_remembered_head_as_it_was_is_taken_as_it_is() -> None:
    tidied = user_frames(_caught("first"))
    assert user_frames(tidied) is tidied


@pytest.mark.xfail(sys.version_info < (3, 11), strict=True,
                   reason="3.10's bare raise restores the caught traceback (docs/limitations.md, Python 3.10)")
def test_the_same_with_raising_again_keeps_no_helper_frame() -> None:
    """The program that showed it (tests/autograph/test_tracebacks.py's ``with_exit_raises``), many times over:
    each time, the converted form's tracebacks are the original's. Its entries are read off the traceback itself
    (the program's own ``report`` asks ``inspect``, whose look for each frame's module walks ``sys.modules``: 45 s
    of ``make test``)."""
    original, converted = load(PROGRAMS["with_exit_raises"]), load(PROGRAMS["with_exit_raises"])
    original["report"] = converted["report"] = _entries
    expected = original["main"]()
    convert_all(converted)
    reports = []
    with converted_form():
        for i in range(300):
            shifted = [object() for _ in range(i % 50)]  # other allocations in between, as a program has
            reports.append(converted["main"]())
            del shifted
    assert all(report == expected for report in reports)


def reraise(tp, value, tb=None):  # six.reraise, as six 1.17.0 writes it for Python 3
    try:
        if value is None:
            value = tp()
        if value.__traceback__ is not tb:
            raise value.with_traceback(tb)
        raise value
    finally:
        value = None
        tb = None


def _reraised_entries(rr, tp, value, tb):
    try:
        rr(tp, value, tb)
    except Exception:
        return sys.exc_info()[2]
    raise AssertionError("no exception")


@pytest.mark.xfail(sys.version_info < (3, 11), strict=True,
                   reason="3.10's bare raise restores the caught traceback (docs/limitations.md, Python 3.10)")
def test_a_traceback_the_program_hands_to_a_raise_stays_the_object_it_was() -> None:
    # (Tidying the block's entry out rebuilt every entry after it, the program's own `tb` too: six's test_reraise
    # asks `tb is tb2.tb_next.tb_next`; broken in the converted form until stop 98.)
    import autograph

    try:
        raise Exception("blah")
    except Exception:
        tp, val, tb = sys.exc_info()
    converted = autograph.convert(reraise)
    for value in (val, None):
        assert _reraised_entries(reraise, tp, value, tb).tb_next.tb_next is tb
        assert _reraised_entries(converted, tp, value, tb).tb_next.tb_next is tb
        with converted_form(trace=False):
            assert _reraised_entries(converted, tp, value, tb).tb_next.tb_next is tb
