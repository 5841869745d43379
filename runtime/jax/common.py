"""What the JAX ``if`` and loops share: tracing a body once, leaf checks, and error wording.

Imported by ``cond`` and ``loops`` only, so JAX is imported with them, never by ``import runtime``.
"""

from __future__ import annotations

from typing import Any, Callable

import jax
import jax.numpy as jnp
import jax.tree_util as jtu
import numpy as np
from jax import lax
from jax.extend.core import jaxpr_as_fun

from runtime.staging import describe, staging_error
from runtime.undefined import Undefined

_PLAIN = (bool, int, float, complex, str, bytes)
_NUMBERS = (np.ndarray, np.generic, bool, int, float, complex)


class Abstract:
    """What ``trace_once`` leaves where its trace computed a value: the type, not the tracer
    (a tracer kept past its trace is a leak)."""

    __slots__ = ("aval",)

    def __init__(self, aval: Any) -> None:
        self.aval = aval


def typeof(value: Any) -> Any:
    return value.aval if isinstance(value, Abstract) else jax.typeof(value)


def is_array(value: Any) -> bool:
    return isinstance(value, _NUMBERS) or isinstance(value, (jax.Array, Abstract))


def same(a: Any, b: Any) -> bool:
    """Whether two leaves are one static value (so nothing needs staging)."""
    return a is b or (type(a) is type(b) and isinstance(a, _PLAIN) and a == b)


class _Shown(str):
    __repr__ = str.__str__  # so that a pytree of these prints without quotes


def summary(value: Any) -> str:
    """A short picture of a value for error messages: ``(float32[3], [int32[]])``."""
    def show(leaf):
        if isinstance(leaf, Undefined):
            return _Shown("<undefined>")
        if not is_array(leaf):
            return _Shown(type(leaf).__name__)
        aval = typeof(leaf)
        return _Shown(f"{aval.dtype}{list(aval.shape)}")
    return repr(jtu.tree_map(show, value))


def label(name: str, path: tuple) -> str:
    base = describe(name)
    if not path:
        return base
    return f"{base[:-1]}{jtu.keystr(path)}'" if base.startswith("'") else f"{base} {jtu.keystr(path)}"


def python_zero(dtype: Any) -> Any:
    """A weak-typed zero: a Python scalar of the dtype's kind."""
    return {"b": False, "i": 0, "u": 0, "f": 0.0, "c": 0j}[np.dtype(dtype).kind]


def representative(aval: Any) -> Any:
    """What to hand to result_type so that weak types promote the way JAX promotes them."""
    return python_zero(aval.dtype) if aval.weak_type else aval.dtype


def trace_once(fn: Callable, *args: Any, keep: frozenset = frozenset()) -> tuple[Any, Callable]:
    """Run ``fn(*args)`` once under a fresh trace.

    Returns its result for inspection, with each traced value replaced by an ``Abstract`` (one
    per tracer, so identity still tells whether two leaves are the same value) except the
    tracers whose ids are in ``keep``; and ``replay(*args)``, which rebuilds the result in the
    caller's trace from the jaxpr.
    """
    box = []

    def flat(*a):
        leaves, treedef = jtu.tree_flatten(fn(*a))
        traced, shown, memo = [], [], {}
        for leaf in leaves:
            if isinstance(leaf, jax.core.Tracer):
                traced.append(leaf)
                if id(leaf) not in keep:
                    leaf = memo.setdefault(id(leaf), Abstract(jax.typeof(leaf)))
            shown.append(leaf)
        box.append(jtu.tree_unflatten(treedef, shown))
        return traced

    run = jaxpr_as_fun(jax.make_jaxpr(flat)(*args))
    result = box[0]

    def replay(*a):
        fresh = iter(run(*a))
        leaves, treedef = jtu.tree_flatten(result)
        return jtu.tree_unflatten(treedef, [next(fresh) if isinstance(v, (jax.core.Tracer, Abstract)) else v
                                           for v in leaves])

    return result, replay


def predicate(value: Any, what: str) -> Any:
    shape = jnp.shape(value)
    if shape != ():
        raise staging_error(
            f"{what} is an array of shape {shape}, not a single truth value; reduce it with "
            "jnp.any(...) or jnp.all(...), or choose elementwise with jnp.where(...)")
    value = jnp.asarray(value)
    return value if value.dtype == bool else value != 0


def as_output(value: Any, dtype: Any) -> Any:
    return lax.convert_element_type(value, dtype) if dtype is not None else jnp.asarray(value)
