"""``zip`` and ``enumerate`` of JAX arrays as a for loop's iterable: what one ``lax.scan`` iterates.

Before (converted code under ``jax.jit``; ``currents`` and ``thresholds`` are traced arrays)::

    for itr in ag__.for_stmt(ag__.enumerate(ag__.zip(currents, thresholds)), None, loop_body, state):
        loop_body(itr)

After (what ``runtime/jax/loops.py`` builds from the ``Sequence`` made here: the arrays are scanned
over their first axis, cut to the shortest as ``zip`` stops there, and the count is carried)::

    def step(carry, rows):
        t, *state = carry                       # t: int32, weakly typed like the Python int it stands for
        i_t, th = rows
        return [t + 1, *loop_body((t, (i_t, th)))], appended
    lax.scan(step, [0, *state], [currents[:n], thresholds[:n]], length=n)

A part may be a JAX array (traced or not) of at least one dimension, a Python ``range`` (a counted
index, as ``enumerate`` counts), or another ``zip`` / ``enumerate`` of those. Anything else (a Python
list, a NumPy array, a generator) leaves the call to Python, which iterates it as before.
"""

from __future__ import annotations

import builtins
from typing import Any, Callable, Iterator, Optional

import jax
import jax.numpy as jnp

from runtime.jax.common import typeof
from runtime.jax.jax_internals import convert_element_type  # the one way to make a weakly typed value
from runtime.jax.ranges import JaxEnumerate, JaxZip

_NO_ITERABLE = object()


class Sequence:
    """What a scan iterates: ``length`` items, each ``build(leaves)`` from one leaf per source, a
    Python ``range`` (an index the scan carries and counts, as ``lax.fori_loop`` does: a scan over an
    array of indices compiles about 3x slower under XLA, which slices the array at every step) or
    an array with ``length`` rows (scanned over its first axis). A source the body does not read is
    neither carried nor scanned."""

    def __init__(self, length: int, sources: list, build: Callable[[list], Any] = lambda leaves: leaves[0]) -> None:
        self.length, self.sources, self.build = length, sources, build

    def avals(self) -> list:
        """The type of each source's leaf in one iteration."""
        def aval(source: Any) -> Any:
            if type(source) is range:
                return jax.ShapeDtypeStruct((), jnp.result_type(int))
            whole = typeof(source)
            return jax.ShapeDtypeStruct(whole.shape[1:], whole.dtype, weak_type=whole.weak_type)
        return [aval(source) for source in self.sources]


def make(f: Callable, args: tuple, kwargs: dict) -> Any:
    """``zip(*args, **kwargs)`` / ``enumerate(*args, **kwargs)`` as a ``JaxZip`` / ``JaxEnumerate``, or
    NotImplemented (Python's call) when an argument is not a part a scan can iterate, or the call is
    not one Python accepts (Python then raises its own error)."""
    if f is builtins.zip:
        strict = kwargs.get("strict", False)
        if set(kwargs) - {"strict"} or type(strict) is not bool or not args or not all(map(_scannable, args)):
            return NotImplemented
        return JaxZip(args, strict)
    if f is builtins.enumerate:
        if len(args) > 2 or set(kwargs) - {"iterable", "start"} or len(args) + len(kwargs) > 2:
            return NotImplemented
        part = args[0] if args else kwargs.get("iterable", _NO_ITERABLE)
        start = args[1] if len(args) > 1 else kwargs.get("start", 0)
        if type(start) is not int or not _scannable(part):
            return NotImplemented
        return JaxEnumerate(part, start)
    return NotImplemented


def _scannable(part: Any) -> bool:
    if type(part) in (JaxZip, JaxEnumerate, range):
        return True
    # A JAX array (a tracer is one): its rows are what Python's iteration gives. (A NumPy array's rows
    # are NumPy values, float64 where JAX computes float32: Python iterates it.)
    return isinstance(part, jax.Array) and jnp.ndim(part) >= 1


def sequence(iterable: Any) -> Optional[Sequence]:
    """The ``Sequence`` a scan iterates for a ``JaxZip`` / ``JaxEnumerate``, or None where only Python's
    loop gives Python's answer: a ``zip(..., strict=True)`` of parts of different lengths (Python raises
    once the shortest is exhausted, after running the body on the items before), or a count beyond the
    index dtype (int32, or int64 under ``jax_enable_x64``)."""
    try:
        length, sources, build = _node(iterable)
    except _PythonOnly:
        return None
    sources = [source[:length] if (type(source) is range or source.shape[0] != length) else source
               for source in sources]
    info = jnp.iinfo(jnp.result_type(int))
    if any(type(s) is range and len(s) and not info.min <= min(s[0], s[-1]) <= max(s[0], s[-1]) <= info.max
           for s in sources):
        return None
    return Sequence(length, sources, lambda leaves: build(iter(leaves)))


class _PythonOnly(Exception):
    """This iterable's loop is Python's to run (see ``sequence``)."""


def _node(part: Any) -> tuple[int, list, Callable[[Iterator], Any]]:
    """(length, sources, build): ``build`` takes the sources' leaves, in order, from an iterator."""
    if type(part) is JaxEnumerate:
        length, sources, build = _node(part.part)
        return length, [range(part.start, part.start + length), *sources], lambda it: (_weak(next(it)), build(it))
    if type(part) is JaxZip:
        nodes = [_node(p) for p in part.parts]
        length = min(node[0] for node in nodes)
        if part.strict and any(node[0] != length for node in nodes):
            raise _PythonOnly()
        return (length, [source for node in nodes for source in node[1]],
                lambda it: tuple(node[2](it) for node in nodes))
    if type(part) is range:
        return len(part), [part], lambda it: _weak(next(it))
    return part.shape[0], [part], lambda it: next(it)


def _weak(index: Any) -> Any:
    """A counted index as the Python int it stands for: weakly typed (``int8_array + i`` stays int8)."""
    return convert_element_type(index, weak_type=True)
