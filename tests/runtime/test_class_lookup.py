"""runtime/class_lookup.py: a name looked up on a class as Python's attribute lookup finds it, unbound."""

from __future__ import annotations

import types

from runtime.class_lookup import class_attribute, defines_dict, instance_dict


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


class Presented:
    @property
    def __dict__(self):
        return {"kind": "presented"}


class Original:
    pass


Rebuilt = type("Rebuilt", (), {"__dict__": Original.__dict__["__dict__"]})  # (a class rebuilt from another's namespace)


class SlotsAndDict:
    __slots__ = ("held", "__dict__")


class PresentedWithSlots(SlotsAndDict):
    @property
    def __dict__(self):
        return {}


class PresentedTuple(tuple):
    __dict__ = property(lambda self: {})


def test_instance_dict_is_the_dict_the_attributes_are_in() -> None:
    plain = Original()
    plain.a = 1
    assert instance_dict(plain) is plain.__dict__ and not defines_dict(Original)
    assert instance_dict(types) is types.__dict__
    presented, rebuilt = Presented(), Rebuilt()
    assert instance_dict(presented) == {} and defines_dict(Presented) and defines_dict(Rebuilt)
    presented.scale = rebuilt.scale = 2.0
    assert instance_dict(presented) == {"scale": 2.0} and presented.__dict__ == {"kind": "presented"}
    assert instance_dict(rebuilt) == {"scale": 2.0}
    seen = instance_dict(presented)
    presented.more = 1
    assert instance_dict(presented) is seen and seen == {"scale": 2.0, "more": 1}  # (the instance's own dict)
    both = PresentedWithSlots()
    both.held, both.extra = {"in": "a slot"}, 3
    assert instance_dict(both) == {"extra": 3}
    items = PresentedTuple(({"an": "item"}, 2))  # (3.10 tells the instance dict from the dicts the tuple holds)
    items.note = "kept"
    assert instance_dict(items) == {"note": "kept"}


def test_an_object_without_an_instance_dict_has_none() -> None:
    class Slotted:
        __slots__ = ("x",)

    assert instance_dict(Slotted()) is None and instance_dict(3) is None and instance_dict(object()) is None
