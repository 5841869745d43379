"""What Python's attribute lookup on a class finds for a name: the raw object in the ``__dict__`` of the first
class of the MRO that defines it, before any descriptor is bound. The runtime asks it where Python's own lookup
skips the instance (special methods: ``with``'s ``__enter__``, a call's ``__call__``) or where a descriptor of
the class must be seen as it is (a ``__dict__`` property, a data descriptor standing where an attribute is set).

    class Base:
        def __call__(self, x): ...
    class Child(Base):
        pass

    class_attribute(Child, "__call__")      # Base.__dict__["__call__"]: the function, unbound
    class_attribute(Child, "missing")       # None
"""

from __future__ import annotations

from typing import Any


def class_attribute(cls: type, name: str, default: Any = None) -> Any:
    """The object ``name`` is bound to in the first class of ``cls.__mro__`` that defines it; ``default`` where
    none does."""
    for klass in cls.__mro__:
        namespace = vars(klass)
        if name in namespace:
            return namespace[name]
    return default
