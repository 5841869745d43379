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

``instance_dict(obj)`` is the dict an object's attributes are in, also where its class defines ``__dict__`` itself
(what the pictures of state read: runtime/composite_state.py, autograph/trace_guards.py).
"""

from __future__ import annotations

import gc
import sys
import types
import weakref
from typing import Any, Optional


def class_attribute(cls: type, name: str, default: Any = None) -> Any:
    """The object ``name`` is bound to in the first class of ``cls.__mro__`` that defines it; ``default`` where
    none does."""
    for klass in cls.__mro__:
        namespace = vars(klass)
        if name in namespace:
            return namespace[name]
    return default


# The descriptors Python gives a class whose instances have a dict (a module's is a member).
_USUAL_DICT = (types.GetSetDescriptorType, types.MemberDescriptorType)


# The classes whose `__dict__` is the one Python made, found once (the MRO walk costs several times the read): by
# id, each entry with the descriptor and a weak reference whose callback drops the entry as the class goes, before its
# id can be reused. (A class's `__dict__` cannot be assigned once it is made.)
_usual_classes: dict[int, tuple] = {}


def defines_dict(cls: type) -> bool:
    """Whether ``cls`` (or a base) defines ``__dict__`` itself, so that ``obj.__dict__`` of its instances is not
    the dict their attributes are in (``instance_dict``)."""
    return _usual_descriptor(cls) is None and class_attribute(cls, "__dict__") is not None


def _usual_descriptor(cls: type) -> Any:
    """The descriptor Python made for ``cls``'s ``__dict__`` where ``cls`` binds ``__dict__`` to it, else None."""
    entry = _usual_classes.get(id(cls))
    if entry is not None:
        return entry[0]
    descriptor = class_attribute(cls, "__dict__")
    if type(descriptor) not in _USUAL_DICT or not issubclass(cls, descriptor.__objclass__):
        return None
    key = id(cls)
    try:
        _usual_classes[key] = (descriptor, weakref.ref(cls, lambda _, key=key: _usual_classes.pop(key, None)))
    except TypeError:  # (a class that takes no weak reference: looked up at each call)
        pass
    return descriptor


def instance_dict(obj: Any) -> Optional[dict]:
    """The dict that holds ``obj``'s attributes, where they are set and read; None where it has none (``__slots__``
    only, or a built-in type without one). That is ``obj.__dict__`` unless its class defines ``__dict__`` itself: a
    property that presents another mapping (a proxy's, a record's view), or a descriptor copied from another class
    (a class rebuilt by a decorator), which raises TypeError. An empty dict Python has not made yet is a new ``{}``:
    ask again after a write.

        class Record:
            @property
            def __dict__(self): return {"kind": "record"}
        r = Record(); r.scale = 2.0
        r.__dict__            # {'kind': 'record'}
        instance_dict(r)      # {'scale': 2.0}
    """
    cls = type(obj)
    entry = _usual_classes.get(id(cls))
    if entry is not None:
        return entry[0].__get__(obj, cls)
    descriptor = _usual_descriptor(cls)
    if descriptor is not None:
        return descriptor.__get__(obj, cls)
    if class_attribute(cls, "__dict__") is None or not cls.__dictoffset__:
        return None
    if sys.version_info >= (3, 11):
        # (object's own __getstate__, not the class's, which runs no code of the program: the instance's dict itself,
        # made if Python had not yet, or None where it is empty; beside slots, (that dict, the slots' values). It
        # caches the class's slot names in its __slotnames__, as pickling it does.)
        state = object.__getstate__(obj)
        state = state[0] if type(state) is tuple else state
        return {} if state is None else state
    # (3.10 has no object.__getstate__: the dict is the one the instance refers to that no slot holds, nor its items
    # where it is a tuple, list or dict of a subclass)
    held = {id(_slot_value(member, obj)) for klass in cls.__mro__ for member in vars(klass).values()
            if type(member) is types.MemberDescriptorType}
    if isinstance(obj, (tuple, list)):
        held.update(map(id, tuple.__iter__(obj) if isinstance(obj, tuple) else list.__iter__(obj)))
    elif isinstance(obj, dict):
        held.update(map(id, dict.keys(obj)), map(id, dict.values(obj)))
    dicts = [referent for referent in gc.get_referents(obj) if type(referent) is dict and id(referent) not in held]
    return dicts[0] if dicts else {}


def _slot_value(member: types.MemberDescriptorType, obj: Any) -> Any:
    try:
        return member.__get__(obj, type(obj))
    except AttributeError:  # (a slot not set)
        return None
