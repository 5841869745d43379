"""Python's ``min`` and ``max`` where the values compared are JAX tracers.

Before (what the user wrote, called under ``jax.jit``; ``a`` and ``b`` are tracers)::

    hi = max(a, b)
    lo = min(xs)                       # xs a traced array of shape (n,)

After (what the converter routes through ``ag__.builtin`` and this module stages)::

    hi = jnp.where(b > a, b, a)        # Python keeps `a` unless `b > a`: ties and NaN as Python
    lo = xs[argmin(where(isnan(xs), inf, xs))], or xs[0] when xs[0] is NaN

Python keeps the first item and replaces it by a later one only when that one compares greater
(``max``) or smaller (``min``); so a NaN never replaces anything, a NaN first item stays, and of
equal items the first is kept. ``jnp.maximum`` propagates NaN instead: it is not Python's answer.
A comparison that stays a Python bool chooses while tracing, as Python would.
"""

from __future__ import annotations

import builtins
import operator
from typing import Any, Callable, Optional

import jax
import jax.numpy as jnp
import numpy as np

from runtime import carry
from runtime.jax.common import RULES
from runtime.jax.leaves import is_iterator
from runtime.limits import NotStageable
from runtime.staging import user_location

_NONE = object()
_AMBIGUOUS = "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"


def call(f: Callable, args: tuple, kwargs: dict) -> Any:
    """``f(*args, **kwargs)`` for ``min`` / ``max``, and for a NumPy function given a list or tuple holding
    tracers (``_numpy_on_lists``); NotImplemented for any other callable."""
    if f is builtins.max:
        return _minmax("max", operator.gt, args, **kwargs)
    if f is builtins.min:
        return _minmax("min", operator.lt, args, **kwargs)
    if f is builtins.id and len(args) == 1 and isinstance(args[0], jax.core.Tracer):
        from runtime.staging import NotStageable, user_location

        raise NotStageable(f"{user_location()}: id() of a value JAX is tracing: the array a run holds is made only "
                           "when the compiled function runs, so its id is not known while tracing. Compare by value, "
                           "or call id() outside the traced function")
    return _numpy_on_lists(f, args, kwargs)


def _numpy_on_lists(f: Callable, args: tuple, kwargs: dict) -> Any:
    """``np.mean(losses)`` with ``losses`` a list of tracers (a loop's appends: runtime/jax/loops.py): NumPy
    turns the list into an array first, which a tracer cannot become; JAX's function of the same name on
    ``jnp.asarray`` of the list (the tracers stacked) answers, as ``jnp.mean(jnp.asarray(losses))`` would.
    NotImplemented for anything else: a NumPy function JAX has no twin of keeps NumPy's own error, and so does
    a NumPy function given a tracer itself (``np.sin(t)``: refused with advice, runtime/jax/common.py, as where
    the converter leaves the call plain)."""
    name = getattr(f, "__name__", None)
    twin = getattr(jnp, name, None) if isinstance(name, str) and getattr(np, name, None) is f else None
    if twin is None:
        return NotImplemented
    lists = 0

    def stacked(value: Any) -> Any:
        nonlocal lists
        if type(value) in (list, tuple) and any(isinstance(leaf, jax.core.Tracer)
                                                for leaf in jax.tree.leaves(value, is_leaf=is_iterator)):
            lists += 1
            return jnp.asarray(value)
        return value

    args, kwargs = [stacked(value) for value in args], {key: stacked(value) for key, value in kwargs.items()}
    return twin(*args, **kwargs) if lists else NotImplemented


def _minmax(name: str, better: Callable, args: tuple, key: Optional[Callable] = None, default: Any = _NONE) -> Any:
    if len(args) != 1:
        if not args or default is not _NONE:
            return getattr(builtins, name)(*args, key=key, **({} if default is _NONE else {"default": default}))
        return _fold(list(args), key, better, name)
    items = args[0]
    if isinstance(items, jax.core.Tracer) and key is None and jnp.ndim(items) >= 1 and items.shape[0] > 1 \
            and any(jnp.issubdtype(items.dtype, kind) for kind in (jnp.floating, jnp.integer, jnp.bool_)):
        return _select(items, name)
    if isinstance(items, jax.core.Tracer) and jnp.ndim(items) == 0:
        raise TypeError("iteration over a 0-d array")
    items = list(items)
    if not items:
        if default is _NONE:
            return getattr(builtins, name)([])  # Python's ValueError, in Python's words
        return default
    return _fold(items, key, better, name)


def _fold(items: list, key: Optional[Callable], better: Callable, name: str) -> Any:
    """Keep the first item; a later one replaces it when ``better(key(item), key(kept))``."""
    call_key = (lambda v: v) if key is None else key
    kept, kept_key = items[0], call_key(items[0])
    for item in items[1:]:
        item_key = call_key(item)
        replaces = better(item_key, kept_key)
        if not isinstance(replaces, jax.core.Tracer):
            if replaces:
                kept, kept_key = item, item_key
            continue
        if jnp.size(replaces) != 1:
            raise ValueError(_AMBIGUOUS if jnp.size(replaces) else "The truth value of an empty array is ambiguous.")
        replaces = jnp.reshape(replaces, ())
        kept = _where(replaces, item, kept, name)
        kept_key = kept if key is None else _where(replaces, item_key, kept_key, name)
    return kept


_ARRAYS = (jax.Array, np.ndarray, np.generic, bool, int, float, complex)


def _where(condition: Any, a: Any, b: Any, name: str) -> Any:
    """Python returns one of the two objects itself, so they must share one type, as the two values of a staged
    conditional expression must (``carry.join_types``): ``max(i64, f32)`` promoted silently (to float32 under JAX's
    default, 2**62 + 1 rounded)."""
    if isinstance(a, _ARRAYS) and isinstance(b, _ARRAYS):
        carry.join_types(RULES, f"the value of {name}()", [("where a later argument is chosen", a),
                                                          ("where the first one is kept", b)])
        return jnp.where(condition, a, b)
    raise NotStageable(
            f"{user_location()}: {name}() chose between values that are not numbers or arrays ({type(a).__name__}, "
            f"{type(b).__name__}) by a traced comparison; under JAX it can choose only between arrays: compare "
            f"the numbers yourself and pick with jnp.where(...), or use jnp.{name}imum")


def _select(t: Any, name: str) -> Any:
    """``max(t)`` / ``min(t)`` over the first axis of a traced array whose items have one element: the
    item Python's loop keeps, with one argmax (NaN items after the first never win; a NaN first item
    stays; of equal items the first is kept)."""
    if t.size // t.shape[0] != 1:
        raise ValueError(_AMBIGUOUS if t.size else "The truth value of an empty array is ambiguous.")
    flat = jnp.reshape(t, (t.shape[0],))
    arg = jnp.argmax if name == "max" else jnp.argmin
    if not jnp.issubdtype(t.dtype, jnp.floating):
        return t[arg(flat)]
    worst = -jnp.inf if name == "max" else jnp.inf
    chosen = t[arg(jnp.where(jnp.isnan(flat), worst, flat))]
    return jnp.where(jnp.isnan(flat[0]), t[0], chosen)
