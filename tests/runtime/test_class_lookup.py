"""runtime/class_lookup.py: a name looked up on a class as Python's attribute lookup finds it, unbound."""

from __future__ import annotations

from runtime.class_lookup import class_attribute


class Base:
    def __call__(self, x):
        return x

    @property
    def __dict__(self):  # a class's own __dict__ (BioSPPy's ReturnTuple has one)
        return {"named": 1}


class Child(Base):
    @staticmethod
    def helper():
        return 2


def test_the_first_class_of_the_mro_that_defines_the_name_answers_with_its_raw_object() -> None:
    assert class_attribute(Child, "__call__") is Base.__dict__["__call__"]
    assert isinstance(class_attribute(Child, "helper"), staticmethod)  # not bound: the descriptor itself
    assert isinstance(class_attribute(Child, "__dict__"), property)


def test_a_name_no_class_defines_gives_the_default() -> None:
    assert class_attribute(Child, "missing") is None
    marker = object()
    assert class_attribute(Child, "missing", marker) is marker
    assert class_attribute(int, "__dict__") is None  # (object's own classes have no instance dict)
