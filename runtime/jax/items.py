"""A Python list or tuple of arrays indexed by a traced integer (a staged loop's counter): one stacked read.

Before (what the user wrote; ``t`` is traced once the loop is one ``lax.scan``)::

    for t in range(n - 1):
        state = best_next_states[t][state]

After (what ``ag__.item(best_next_states, t)`` stages, runtime/items.py)::

    jnp.stack(best_next_states)[t]          # the items: one shape, one dtype

Python's list answers ``best_next_states[t]`` with the item at ``t`` (``t`` from ``-len`` to
``len - 1``) and raises ``IndexError`` past either end. The stacked read gives the same item for every
``t`` in that range (``jnp`` wraps a negative index as Python does); past the end ``jnp`` would clamp,
so the read stages a check that raises Python's ``IndexError`` when the program runs (runtime/jax/checks.py),
except where the index is a loop counter whose range is known to lie inside the list (``counter``).
A list whose items are not JAX arrays of one shape, dtype and weak type (a Python float, a NumPy
array, a pytree, arrays of two shapes) is refused with ``StagedListIndex``, which names the reason and
the fix; a staged ``for`` loop then runs unrolled instead, with the warning (runtime/jax/loops.py).
"""

from __future__ import annotations

import contextlib
from contextvars import ContextVar
from typing import Any, Iterator

import jax
import jax.numpy as jnp

from runtime.jax import checks
from runtime.jax.jax_internals import convert_element_type  # the one way to make a weakly typed value
from runtime.limits import NotStageable
from runtime.staging import user_location

# The loop counters whose values are known while a staged loop body is traced: (tracer, lowest, highest).
_COUNTERS: ContextVar[tuple] = ContextVar("runtime_jax_counters", default=())


class StagedListIndex(NotStageable):
    """A Python list or tuple indexed by a traced value that cannot be read as one stacked array."""

    fix = ("make the list one array before the loop (jnp.stack(xs), or jnp.array for numbers; pad items "
           "of different shapes to one shape), then index that array")


@contextlib.contextmanager
def counter(index: Any, lowest: int, highest: int) -> Iterator[None]:
    """While a staged loop body is traced: ``index`` (its counter, a tracer) takes values from ``lowest``
    to ``highest`` only, so a list that long needs no staged bounds check."""
    token = _COUNTERS.set((*_COUNTERS.get(), (index, lowest, highest)))
    try:
        yield
    finally:
        _COUNTERS.reset(token)


def read(base: Any, index: Any) -> Any:
    """``base[index]`` for a list or tuple ``base`` and a traced ``index`` (which Python refused); None for
    any other ``base`` or index (the refusal stands)."""
    if type(base) is not list and type(base) is not tuple:
        return None  # (a subclass may read its items its own way: its __getitem__ refused)
    if not isinstance(index, jax.core.Tracer):
        return None
    if jnp.shape(index) != () or not jnp.issubdtype(index.dtype, jnp.integer):
        return None  # (JAX's refusal, as for a concrete array: only integer scalars convert to an index)
    what = f"a Python {type(base).__name__} indexed by a staged value (a traced {jax.typeof(index).str_short()})"
    if not base:
        raise StagedListIndex(f"{user_location()}: {what}: the {type(base).__name__} is empty (Python raises "
                              "IndexError for any index)")
    kinds = {_kind(item) for item in base}
    if None in kinds or len(kinds) > 1:
        shown = ", ".join(sorted({"not a JAX array" if kind is None else kind[3] for kind in kinds}))
        raise StagedListIndex(f"{user_location()}: {what}: its items must be JAX arrays of one shape and "
                              f"dtype, to be read as one stacked array; they are: {shown}")
    (kind,) = kinds
    n = len(base)
    if not _within(index, n):
        bad = jnp.logical_or(index < -n, index >= n)
        checks.fail_when(bad, IndexError, (f"{type(base).__name__} index out of range",), user_location())
    item = jnp.stack(base)[index]
    if jax.typeof(item).weak_type != kind[2]:  # (the item as the list holds it: weakly typed or not)
        item = convert_element_type(item, kind[1], weak_type=kind[2])
    return item


def _kind(item: Any) -> Any:
    if not isinstance(item, jax.Array):
        return None
    aval = jax.typeof(item)
    return aval.shape, aval.dtype, aval.weak_type, aval.str_short()


def _within(index: Any, n: int) -> bool:
    """Whether ``index`` is a counter known to stay within ``-n`` to ``n - 1``."""
    return any(counter is index and -n <= lowest and highest < n for counter, lowest, highest in _COUNTERS.get())
