"""runtime/tracebacks.py under threads: the record of tidied tracebacks is shared by every thread, and a
tidying that meets another thread's change to it leaves the user's exception as it is (it once raised a
KeyError in its place)."""

from __future__ import annotations

import sys
import threading

import pytest

import autograph
import runtime.tracebacks
from autograph.testing import converted_form


class Unconvertible:
    def __float__(self):
        raise ZeroDivisionError("no float")


def as_float(value, positive):
    if positive:
        return float(value)  # ag__.builtin(float, value): the helper tidies the traceback on the way out
    return value


def test_many_threads_tidying_at_once_keep_the_users_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runtime.tracebacks, "_TIDIED_LIMIT", 2)  # every tidying evicts: the race is at its widest
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    converted = autograph.convert(as_float)
    caught: list[str] = []

    def work() -> None:
        with converted_form():
            for _ in range(2000):
                try:
                    converted(Unconvertible(), True)
                except ZeroDivisionError as error:
                    caught.append(str(error))
                except BaseException as error:  # noqa: BLE001  (what the test looks for)
                    caught.append(repr(error))

    threads = [threading.Thread(target=work) for _ in range(8)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switch)
    assert set(caught) == {"no float"} and len(caught) == 8 * 2000
