"""Objects the random programs of test_random_programs.py use, and a way to rerun one by hand.

Every object writes what Python asks of it into the program's log (a list the
program gets as its last argument), so the comparison sees how many times and
in which order a condition was tested, an iterable was stepped or a context
manager was entered and left:

    Flag(log, "o", 3)                  # truthy; bool() logs ("bool", "o")
    Flag(log, "o", 1, truth=0)         # bool() makes Python raise TypeError (__bool__ returned int)
    Flag(log, "o", 1, truth=ValueError)  # bool() raises ValueError
    Countdown(log, "o", 2)             # truthy twice, then falsy
    Flag(...) == 3                     # logs ("==", "o", 3) and gives a Flag: its truth is logged too
    Flag(...) == Flag(...)             # a plain bool, nothing logged (the test compares results that way)
    Seq(log, "s", [1, 2], boom=True)   # iterating logs ("iter", "s"), ("next", "s", 1), ...; then raises
    Ctx(log, "t", 5, suppress=True)    # `with ... as v`: v is 5; enter and exit (with the exception) logged
    note(log, 4, x)                    # logs ("note", 4, x) and gives x: evaluation order made visible
    Box(log, "b")                      # b.a = 1 logs ("set", "b", "a", 1); reads, deletions, missing ones too

The names are put in each program's module namespace; a reproducer printed by a
failing test imports them with ``from fuzz_objects import *``. ``show(f, 0, 1, 2)``
runs a program's ``f`` as Python and converted, on fresh logs, and prints both.
"""

from __future__ import annotations

import math
import sys
from typing import Any

__all__ = ["Base", "Box", "Countdown", "Ctx", "Flag", "Seq", "math", "note", "show", "sys"]


class Flag:
    """An object whose truth value Python has to ask for (and which says so in the log).

    ``truth`` None means ``bool(value)``; an exception class makes asking raise it; any other
    value is returned as it is (an int makes Python raise its own TypeError)."""

    __hash__ = None  # defining __eq__ would drop it anyway; said here for the reader

    def __init__(self, log: list, tag: Any, value: Any, truth: Any = None) -> None:
        self.log = log
        self.tag = tag
        self.value = value
        self.truth = truth

    def _truth(self) -> Any:
        if self.truth is None:
            return bool(self.value)
        if isinstance(self.truth, type) and issubclass(self.truth, BaseException):
            raise self.truth(f"truth of {self.tag} asked")
        return self.truth

    def __bool__(self) -> bool:
        self.log.append(("bool", self.tag))
        return self._truth()

    def _compare(self, op: str, other: Any, result: bool) -> Flag:
        self.log.append((op, self.tag, other if isinstance(other, (int, str)) else type(other).__name__))
        return Flag(self.log, f"{self.tag}{op}", result)

    def _state(self) -> tuple:
        return type(self), self.tag, self.value, self.truth

    def __eq__(self, other: Any) -> Any:
        if isinstance(other, Flag):  # how the test compares two runs' results and logs: quietly
            return self._state() == other._state()
        return self._compare("==", other, self.value == other)

    def __ne__(self, other: Any) -> Any:
        if isinstance(other, Flag):
            return self._state() != other._state()
        return self._compare("!=", other, self.value != other)

    def __lt__(self, other: Any) -> Flag:
        return self._compare("<", other, self.value < getattr(other, "value", other))

    def __repr__(self) -> str:
        return f"Flag({self.tag!r}, {self.value!r})"


class Countdown(Flag):
    """Truthy ``count`` times, then falsy: a condition a ``while`` loop can end on."""

    def __init__(self, log: list, tag: Any, count: int) -> None:
        super().__init__(log, tag, count)

    def _truth(self) -> bool:
        self.value -= 1
        return self.value >= 0


class Seq:
    """A finite iterable that logs ``iter`` and every item it hands out; ``boom`` raises
    RuntimeError after the last item instead of stopping."""

    def __init__(self, log: list, tag: Any, items: Any, boom: bool = False) -> None:
        self.log = log
        self.tag = tag
        self.items = list(items)
        self.boom = boom

    def __iter__(self):
        self.log.append(("iter", self.tag))
        return self._items()

    def _items(self):
        for item in self.items:
            self.log.append(("next", self.tag, item))
            yield item
        if self.boom:
            raise RuntimeError(f"{self.tag} ran out")

    def __repr__(self) -> str:
        return f"Seq({self.tag!r}, {self.items!r})"


class Ctx:
    """A context manager: ``as`` gets ``value``; enter and exit (with the exception type seen)
    go to the log; ``suppress`` swallows the exception."""

    def __init__(self, log: list, tag: Any, value: Any = 0, suppress: bool = False) -> None:
        self.log = log
        self.tag = tag
        self.value = value
        self.suppress = suppress

    def __enter__(self) -> Any:
        self.log.append(("enter", self.tag))
        return self.value

    def __exit__(self, kind, error, traceback) -> bool:
        self.log.append(("exit", self.tag, kind.__name__ if kind else None))
        return self.suppress


class Box:
    """An object that logs every read, write and deletion of its public attributes: how many times, and in
    which order, Python touches each (``("get", tag, name)``, ``("set", tag, name, value)``, ``("del", tag,
    name)``); a missing one logs ``("missing", tag, name)`` before its AttributeError."""

    def __init__(self, log: list, tag: Any) -> None:
        object.__setattr__(self, "_log", log)
        object.__setattr__(self, "_tag", tag)

    def __getattribute__(self, name: str) -> Any:
        if not name.startswith("_"):
            object.__getattribute__(self, "_log").append(("get", object.__getattribute__(self, "_tag"), name))
        return object.__getattribute__(self, name)

    def __getattr__(self, name: str) -> Any:  # (only for a missing one)
        if name.startswith("_"):
            raise AttributeError(name)
        self._log.append(("missing", self._tag, name))
        raise AttributeError(f"Box {self._tag} has no {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        self._log.append(("set", self._tag, name, value))
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        self._log.append(("del", self._tag, name))
        object.__delattr__(self, name)

    def __repr__(self) -> str:
        return f"Box({self._tag!r})"


class Base:
    """A base class for the programs' own classes: ``super().__init__(v)``, ``super().m(k)``."""

    def __init__(self, v: Any) -> None:
        self.v = v

    def m(self, k: Any) -> Any:
        return k + self.v


def note(log: list, tag: Any, value: Any) -> Any:
    """Log ``value`` under ``tag`` and give it back."""
    log.append(("note", tag, value))
    return value


def _run(fn, args: tuple, initial: dict) -> tuple:
    """(result or exception, log, the module globals the call changed), from the module's
    globals as they were before the first run."""
    namespace = fn.__globals__
    namespace.clear()
    namespace.update(initial)
    log: list = []
    try:
        result: Any = fn(*args, log)
    except Exception as error:  # noqa: BLE001  (what it raised is the result)
        result = error
    changed = {name: namespace.get(name, "<unbound>") for name in sorted(set(namespace) | set(initial))
               if namespace.get(name, "<unbound>") is not initial.get(name, "<unbound>")}
    return result, log, changed


def show(fn, *args: Any) -> None:
    """Print what ``fn(*args, log)`` does as Python and converted (fresh log, same globals)."""
    import autograph

    converted = autograph.convert(fn)
    initial = dict(fn.__globals__)
    print("python:   ", _run(fn, args, initial))
    print("converted:", _run(converted, args, initial))
    fn.__globals__.update(initial)
