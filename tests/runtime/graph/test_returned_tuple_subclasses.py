"""A traced function that returns an object of a subclass of tuple gets it back as that class, holding the run's
values and the object's attributes, on every executor.

BioSPPy returns nearly all its results as a ``ReturnTuple``, whose class defines ``__dict__ = property(as_dict)`` (its
named values, not the instance's attributes). The graph copied ``x.__dict__`` and wrote it back through the same
property: every such function crashed (``AttributeError: 'ReturnTuple' object has no attribute '_names'``; 40 cases
of the stop-95 BioSPPy corpus). The attributes are now read and set as Python reads and sets an instance's
(runtime/class_lookup.py's ``instance_dict``: ``object.__getstate__`` on 3.11+; on 3.10, where such a class was refused
by name until stop 97, the dict the object refers to that none of its items is).
"""

from __future__ import annotations

import numpy as np
import pytest

import autograph
from runtime.class_lookup import instance_dict
from tests.helpers import jax_usable

EXECUTORS = ["numpy", pytest.param("jax", marks=pytest.mark.skipif(not jax_usable(), reason="needs JAX"))]


class ReturnTuple(tuple):
    """BioSPPy's (biosppy/utils.py, BSD-3-Clause), reduced to what the test needs: its ``__new__``, the default
    names of its ``__init__`` (without the checks of them) and ``__dict__ = property(as_dict)``."""

    def __new__(cls, values, names=None):
        return tuple.__new__(cls, tuple(values))

    def __init__(self, values, names=None):
        nargs = len(values)
        if names is None:
            names = ["_%d" % i for i in range(nargs)]  # noqa: UP031  (as BioSPPy writes it)
        self._names = names

    def as_dict(self):
        return dict(zip(self._names, self))

    __dict__ = property(as_dict)

    def keys(self):
        return list(self._names)


class Tagged(tuple):
    """A plain subclass: its ``__dict__`` is the instance's."""


class _Original(tuple):
    pass


# A tuple subclass rebuilt from another's namespace (as a class decorator that makes a new class does): it carries the
# original's `__dict__` descriptor, whose read raises TypeError on its objects.
Rebuilt = type("Rebuilt", (tuple,), {"__dict__": _Original.__dict__["__dict__"]})


def rebuilt(x):
    made = Rebuilt((x + 1.0, np.sum(x)))
    made.note = "kept"
    return made


class Guarded(tuple):
    """``__dict__`` of its own, and a data descriptor ``unit``."""

    __dict__ = property(lambda self: {})
    unit = property(lambda self: "m", lambda self, value: None)


def stats(x):
    mean = np.mean(x)
    if mean > 0:
        spread = np.std(x)
    else:
        spread = -np.std(x)
    return ReturnTuple((mean, spread, x * 2.0), ("mean", "spread", "doubled"))


def tagged(x):
    made = Tagged((x + 1.0, np.sum(x)))
    made.note = "kept"
    return made


def _same(eager, got):
    assert type(got) is type(eager)
    assert len(got) == len(eager)
    for a, b in zip(got, eager):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("executor", EXECUTORS)
@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_a_tuple_subclass_that_defines_its_own_dict_comes_back_whole(executor, sign):
    x = np.array([1.0, 2.0, 4.0]) * sign
    eager = stats(x)
    function = autograph.function(stats, executor=executor)
    for _ in range(2):  # the trace, and a run of it
        got = function(x)
        _same(eager, got)
        assert got.keys() == ["mean", "spread", "doubled"]
        assert list(got.as_dict()) == list(eager.as_dict())


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_plain_tuple_subclass_keeps_its_attributes(executor):
    x = np.array([1.0, 2.0])
    function = autograph.function(tagged, executor=executor)
    for _ in range(2):
        got = function(x)
        _same(tagged(x), got)
        assert got.note == "kept"


@pytest.mark.parametrize("executor", EXECUTORS)
def test_a_tuple_subclass_with_another_classs_dict_descriptor_keeps_its_attributes(executor):
    x = np.array([1.0, 2.0])
    function = autograph.function(rebuilt, executor=executor)
    for _ in range(2):
        got = function(x)
        _same(rebuilt(x), got)
        assert instance_dict(got) == {"note": "kept"}


def test_an_attribute_a_data_descriptor_would_take_is_refused_by_name():
    def with_unit(x):
        made = Guarded((x * 2.0,))
        object.__setattr__(made, "other", 1)  # (the instance dict exists now)
        instance_dict(made)["unit"] = "cm"  # written into it behind the class's descriptor
        return made

    assert instance_dict(with_unit(np.ones(2))) == {"other": 1, "unit": "cm"}
    with pytest.raises(TypeError, match=r"a Guarded \(a subclass of tuple\) cannot be rebuilt around traced values: "
                                        r"its class defines __dict__ itself, and a descriptor 'unit' stands where "
                                        r"the object's attribute of that name is set"):
        autograph.function(with_unit)(np.ones(2))
