"""``jax.custom_jvp`` / ``jax.custom_vjp`` objects that converted code calls: their functions converted.

Before (a library's function with its own derivative rule, called from converted code)::

    @jax.custom_jvp
    def halve(x):
        while x > 1.0:
            x = x / 2
        return x
    halve.defjvp(lambda primals, tangents: (halve(*primals), tangents[0]))

    y = ag__.call(halve)(x)

After: ``ag__.call(halve)`` is a copy of ``halve`` whose ``fun`` and ``jvp`` (``fun``, ``fwd`` and ``bwd`` for a
``custom_vjp``) are ``ag__.call`` of the originals, their converted forms: JAX traces those, and stages the
``while`` on its tracers as a ``lax.while_loop`` (the original's ``while`` would ask a tracer for its truth).
Every other attribute is the original's (``nondiff_argnums``, ``symbolic_zeros``, its name and docstring).
The copy is made once per object and made again when a rule is defined anew (``defjvp`` after a first call);
an object whose functions need no conversion (library code) is called as it is. (runtime/jax/__init__.py registers
``converted_custom_derivative`` with ``runtime.calls.register_object_calls``.)

JAX's functions that take the user's functions as arguments (``lax.scan(body, ...)``, ``jax.vmap(f)``) are
the converter's part: it writes ``lax.scan(ag__.call(body), ...)`` (autograph/converters/call_trees.py).
"""

from __future__ import annotations

import functools
import weakref
from typing import Any

from runtime.calls import call

# The functions each kind of object holds, by its class's name (jax._src.custom_derivatives).
_PARTS = {"custom_jvp": ("fun", "jvp"), "custom_vjp": ("fun", "fwd", "bwd")}
# id(original) -> (its weak reference, the functions the copy was made from, the copy). The reference drops
# the entry when the original goes, before its id can be reused.
_copies: dict[int, tuple] = {}


def converted_custom_derivative(f: Any) -> Any:
    """``f``, a ``custom_jvp`` or ``custom_vjp``, with its functions converted (the same copy while they stay)."""
    names = _PARTS.get(type(f).__name__)
    if names is None:
        return f
    own = vars(f)
    parts = tuple(own.get(name, getattr(type(f), name, None)) for name in names)  # (not f.jvp: __getattr__ forwards)
    entry = _copies.get(id(f))
    if entry is not None and entry[0]() is f and all(a is b for a, b in zip(entry[1], parts)):
        return entry[2]
    converted = tuple(None if part is None else call(part) for part in parts)
    if all(new is old for new, old in zip(converted, parts)):
        return f
    copy = object.__new__(type(f))
    vars(copy).update(own)
    for name, new in zip(names, converted):
        if new is not None:
            vars(copy)[name] = new
    try:
        reference = weakref.ref(f, functools.partial(_copies.pop, id(f)))  # (a C callback: runtime/calls.py's _watch)
    except TypeError:  # (no weak references: made afresh at each call)
        return copy
    _copies[id(f)] = (reference, parts, copy)
    return copy
