"""The JAX backend: control flow whose condition or iterable is a JAX tracer becomes ``lax``.

Before (what the user wrote, called under ``jax.jit``)::

    def f(x):
        if x.sum() > 0:
            y = x * 2
        else:
            y = -x
        return y

After (what the converter writes; ``x.sum() > 0`` is a tracer, so this backend runs it)::

    def f(x):
        def if_body():
            nonlocal y
            y = x * 2
        def else_body():
            nonlocal y
            y = -x
        y = ag__.Undefined('y')
        ag__.if_stmt(x.sum() > 0, if_body, else_body, lambda: (y,))   # -> lax.cond
        return y

``if`` and ``a if c else b`` become ``lax.cond`` (``runtime/jax_cond.py``); loops become ``lax.while_loop`` or
``lax.scan`` (``runtime/jax_loops.py``). Importing this module does not import JAX.
"""

from __future__ import annotations

import functools
import sys
from typing import Any, Callable, Optional

import numpy as np

from runtime.backend import Backend, State, Thunk, register
from runtime.staging import StagingError, describe, is_return_flag, is_return_value, staging_error  # noqa: F401
from runtime.undefined import Undefined


class JaxRange:
    """``range(...)`` with a traced bound; only a staged ``for`` loop can iterate it."""

    __slots__ = ("start", "stop", "step")

    def __init__(self, *args: Any) -> None:
        if not 1 <= len(args) <= 3:
            raise TypeError(f"range expected 1 to 3 arguments, got {len(args)}")
        start, stop, step = (0, args[0], 1) if len(args) == 1 else (*args, 1)[:3]
        if isinstance(step, int) and step == 0:
            raise ValueError("range() arg 3 must not be zero")
        self.start, self.stop, self.step = start, stop, step

    def __iter__(self):
        raise TypeError("a range with a traced bound can only be iterated by a converted for loop")

    def __repr__(self) -> str:
        return f"JaxRange({self.start!r}, {self.stop!r}, {self.step!r})"


# JAX itself is bound here by _load_jax() once the first tracer reaches us: `import runtime`
# must not import JAX (it takes a second), and no tracer can exist before JAX is imported.
jax: Any = None
jnp: Any = None
lax: Any = None
jtu: Any = None
jaxpr_as_fun: Any = None


def _load_jax() -> None:
    global jax, jnp, lax, jtu, jaxpr_as_fun
    if jax is None:
        import jax
        import jax.numpy as jnp
        import jax.tree_util as jtu
        from jax import lax
        from jax.extend.core import jaxpr_as_fun


def _loops():
    from runtime import jax_loops  # imports JAX

    return jax_loops


def _branches():
    from runtime import jax_cond  # imports JAX

    return jax_cond


_PLAIN = (bool, int, float, complex, str, bytes)
_NUMBERS = (np.ndarray, np.generic, bool, int, float, complex)


# --- shared by branches and loops ------------------------------------------------------------


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


class JaxBackend(Backend):
    """Owns JAX tracers (values inside ``jit``, ``grad``, ``vmap``) and stages with ``lax``."""

    name = "jax"

    def owns(self, cls: type) -> bool:
        if cls is JaxRange:
            return True
        # No JAX imported means no tracer can exist yet: answer without importing it.
        jax = sys.modules.get("jax")
        return jax is not None and issubclass(cls, jax.core.Tracer)

    def if_stmt(self, cond: Any, body: Thunk, orelse: Optional[Thunk], state: State) -> None:
        _branches().if_stmt(cond, body, orelse, state)

    def while_stmt(self, test: Thunk, body: Thunk, state: State) -> None:
        _loops().while_stmt(test, body, state)

    def for_stmt(self, iterable: Any, extra_test: Optional[Thunk], body: Callable[[Any], None],
                 state: State) -> None:
        _loops().for_stmt(iterable, extra_test, body, state)

    def if_exp(self, cond: Any, if_true: Thunk, if_false: Thunk) -> Any:
        return _branches().if_exp(cond, if_true, if_false)

    # Elementwise, and (unlike Python) not lazy once a tracer appears: every operand is evaluated.
    def not_(self, value: Any) -> Any:
        _load_jax()
        return jnp.logical_not(value)

    def and_(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        _load_jax()
        return functools.reduce(lambda acc, thunk: jnp.logical_and(acc, thunk()), rest, value)

    def or_(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        _load_jax()
        return functools.reduce(lambda acc, thunk: jnp.logical_or(acc, thunk()), rest, value)

    def range(self, *args: Any) -> JaxRange:
        return JaxRange(*args)


JAX_BACKEND = JaxBackend()
_registered = False


def register_jax_backend() -> JaxBackend:
    """Register the JAX backend once (idempotent); it stays dormant until JAX is imported."""
    global _registered
    if not _registered:
        register(JAX_BACKEND)
        _registered = True
    return JAX_BACKEND

