"""Reads indexed by a loop's counter (``xs[t]``, converters/counter_subscripts.py) go through ``ag__.item``:
on plain values that is Python's own subscript, on every call path (conftest.py's DIFFERENTIAL): the
values, the exceptions with their messages, which ``__getitem__`` answers (the type's, never an
instance attribute's) and the traceback's entries. Tracers (a list of arrays indexed by a staged
counter) are tests/jax_programs/test_list_indexing.py's."""

from __future__ import annotations

import sys
import traceback

import pytest

import autograph
import runtime


def outcome(fn, *args):
    try:
        return ("value", fn(*args))
    except Exception as error:  # noqa: BLE001  (the exception is the result being compared)
        entries = [(frame.name, frame.lineno) for frame in traceback.extract_tb(error.__traceback__)][1:]
        # (Python 3.10 cannot tidy the converted form's tracebacks, which runs inside a trace: its entries are
        # test_traceback_has_the_originals_entries's, an expected failure there.)
        return ("raises", type(error), str(error), entries if sys.version_info >= (3, 11) or not runtime.tracing()
                else None)


def agree(fn, *args):
    """The converted function's outcome is the original's; and the read went through ``ag__.item`` (a
    test of the routing cannot pass by leaving the subscript as written)."""
    assert "ag__.item(" in autograph.to_code(fn)
    expected = outcome(fn, *args)
    assert outcome(autograph.convert(fn), *args) == expected
    return expected


def read_each(xs, order):
    out = []
    for t in order:
        out.append(xs[t])
    return out


def read_pairs(xs):
    out = []
    for t in range(len(xs) - 1):
        out.append((xs[t], xs[t + 1], xs[-t - 1], xs[t, ] if isinstance(xs, dict) else None))
    return out


def read_in_while(xs, n):
    i, total = 0, 0
    while i < n:
        total = total + xs[i]
        i += 1
    return total


def read_in_while_test(xs):
    i = 0
    while i < len(xs) and xs[i] >= 0:  # (in the thunk of `and`)
        i += 1
    return i


def read_nested(table, n):
    out = []
    for i in range(n):
        for j in range(n):
            out.append(table[i][j] * table[j][i])
    return out


def read_with_tuple_index(grid, n):
    out = []
    for i in range(n):
        out.append(grid[i, n - 1 - i])
    return out


@pytest.mark.parametrize("xs, order", [
    ([10, 20, 30], [0, 2, -1, -3]),            # negative indices from the end
    ((10, 20, 30), [1, True, False]),          # bools index as 0 and 1
    ([10, 20, 30], [0, 3]),                    # IndexError: list index out of range
    ((10, 20, 30), [-4]),                      # IndexError: tuple index out of range
    ({"a": 1, "b": 2}, ["a", "b", "c"]),       # KeyError: 'c'
    ({(1, 2): "p"}, [(1, 2)]),                 # a tuple key
    ("text", [0, -1, 5]),                      # str: IndexError: string index out of range
    ([1, 2], ["0"]),                           # TypeError: list indices must be integers or slices, not str
    (range(5), [4, -5, 5]),                    # range's own IndexError
    ([[1, 2], [3]], [1, 0]),
])
def test_reads_are_pythons(xs, order):
    agree(read_each, xs, order)


def test_slices_as_items():
    # A slice value (not written as a slice in the subscript) is read as Python reads it.
    agree(read_each, [1, 2, 3, 4], [slice(1, 3), slice(None, None, -1)])


@pytest.mark.parametrize("xs", [[1, 2, 3, 4], (5, 6), [], {0: "a", 1: "b", 2: "c"}, {0: "a"}])
def test_reads_at_computed_indices(xs):
    agree(read_pairs, xs)


def test_while_counters():
    agree(read_in_while, [1, 2, 3], 3)
    agree(read_in_while, [1, 2, 3], 4)  # IndexError on the fourth read
    agree(read_in_while_test, [3, 2, -1, 5])
    agree(read_in_while_test, [3, 2])


def test_nested_loops_and_tuple_indices():
    import numpy as np

    agree(read_nested, [[1, 2], [3, 4]], 2)
    agree(read_nested, [[1, 2], [3]], 2)  # IndexError in the inner list
    agree(read_with_tuple_index, np.arange(9).reshape(3, 3), 3)
    agree(read_with_tuple_index, {(0, 1): "x", (1, 0): "y"}, 2)
    agree(read_with_tuple_index, [1, 2], 2)  # TypeError: list indices must be integers or slices, not tuple


class Sequence:
    """A ``__getitem__`` of the class: Python's subscript calls ``type(obj).__getitem__``."""

    def __init__(self, items):
        self.items = items

    def __getitem__(self, k):
        if k >= len(self.items):
            raise LookupError(f"no item {k}")
        return self.items[k] * 2


class Shadowed(Sequence):
    """An instance attribute named ``__getitem__`` is not what a subscript calls."""

    def __init__(self, items):
        super().__init__(items)
        self.__getitem__ = lambda k: "instance attribute"


class Missing(dict):
    def __missing__(self, key):
        return f"missing {key}"


class Generic:
    def __class_getitem__(cls, item):
        return f"{cls.__name__}[{item}]"


@pytest.mark.parametrize("xs, order", [
    (Sequence([1, 2]), [0, 1, 2]),     # its own exception, raised in its own frame
    (Shadowed([1, 2]), [1, 0]),
    (Missing(a=1), ["a", "b"]),        # dict.__getitem__ calls __missing__
    (Generic, [int, 3]),               # a class: __class_getitem__
    (5, [0]),                          # TypeError: 'int' object is not subscriptable
])
def test_getitem_is_looked_up_on_the_type(xs, order):
    agree(read_each, xs, order)


def raises_in_user_getitem(xs):
    total = 0
    for t in range(3):
        total += xs[t]
    return total


@pytest.mark.untidied_before_311(paths=("graph_trace", "jax_trace"))
def test_traceback_has_the_originals_entries():
    """The traceback of an error raised in ``__getitem__`` (Python's or the user's) has the original's
    entries: the function's, at the subscript's line, then the user's ``__getitem__``; no helper's."""
    expected = agree(raises_in_user_getitem, Sequence([1]))
    assert expected[0] == "raises" and [name for name, _ in expected[3]] == ["raises_in_user_getitem",
                                                                                    "__getitem__"]
    converted = autograph.convert(raises_in_user_getitem)
    try:
        converted([1])
    except IndexError as error:
        entries = traceback.extract_tb(error.__traceback__)
    assert [entry.name for entry in entries[1:]] == ["raises_in_user_getitem"]
    assert entries[-1].line == "total += xs[t]"


def target_read_outside_the_body(xs):
    for t in range(2):
        pass
    return xs[t]  # after the loop: not routed (the counter is a plain Python int there)


def iterable_read(xs, k):
    out = []
    for t in xs[k]:  # the iterable: evaluated once, before any counter exists
        out.append(t)
    return out


def slice_read(xs):
    out = []
    for t in range(len(xs)):
        out.append(xs[:t])  # a slice of a counter: a list of unknown length, left as written
    return out


@pytest.mark.parametrize("fn, args", [(target_read_outside_the_body, ([1, 2],)), (iterable_read, ([[1], [2]], 1)),
                                      (slice_read, ([1, 2, 3],))])
def test_other_subscripts_stay_as_written(fn, args):
    assert "ag__.item(" not in autograph.to_code(fn)
    assert outcome(autograph.convert(fn), *args) == outcome(fn, *args)
