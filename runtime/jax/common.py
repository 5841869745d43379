"""What the JAX ``if`` and loops share: tracing a body once, leaf checks, how JAX's values answer the
carry (``JaxRules``, for runtime/carry.py), and JAX's own errors.

Imported by ``cond`` and ``loops`` only, so JAX is imported with them, never by ``import runtime``.
"""

from __future__ import annotations

import os
import traceback
from typing import Any, Callable

import jax
import jax.numpy as jnp
import jax.tree_util as jtu
import numpy as np
from jax import lax

from runtime import carry
from runtime.jax import jax_internals
from runtime.jax.jax_internals import jaxpr_as_fun
from runtime.jax.leaves import is_iterator
from runtime.staging import StagingError, ambiguous_truth, describe, format_site, machinery_dirs
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


def summary(value: Any) -> str:
    """A short picture of a value for error messages: ``(float32[3], [int32[]])``."""
    def show(leaf):
        if isinstance(leaf, Undefined):
            return carry.Shown("<undefined>")
        if not is_array(leaf):
            return carry.Shown(type(leaf).__name__)
        aval = typeof(leaf)
        return carry.Shown(f"{aval.dtype}{list(aval.shape)}")
    return repr(jtu.tree_map(show, value, is_leaf=is_iterator))


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


class JaxRules(carry.Rules):
    """JAX's values for the carry (runtime/carry.py): arrays and tracers (``Abstract`` once their trace is
    over) in pytrees, fixed shapes, and JAX's promotion of weakly typed values."""

    noun = "array"
    unknown_dims = False
    fill_hint = ".at[i].set(...)"

    def common_dtype(self, a: Any, b: Any) -> Any:
        return jnp.promote_types(a, b)  # (float32 for int32 and float32 without x64)

    def flatten(self, value: Any) -> tuple[list, Any]:
        return jtu.tree_flatten(value, is_leaf=is_iterator)

    def unflatten(self, tree: Any, leaves: Any) -> Any:
        return jtu.tree_unflatten(tree, leaves)

    def leaf_label(self, name: str, value: Any, j: int) -> str:
        return label(name, jtu.tree_flatten_with_path(value, is_leaf=is_iterator)[0][j][0])

    def structure(self, value: Any, tree: Any) -> str:
        return summary(value)

    def is_staged(self, leaf: Any) -> bool:
        return isinstance(leaf, (jax.Array, Abstract))

    def is_fresh(self, leaf: Any) -> bool:
        return isinstance(leaf, Abstract)  # (a tracer from before the statement is kept as itself)

    def same(self, a: Any, b: Any) -> bool:
        return same(a, b)

    def typeof(self, leaf: Any) -> carry.LeafType:
        aval = typeof(leaf)
        return carry.LeafType(tuple(aval.shape), aval.dtype, bool(aval.weak_type))

    def type_str(self, t: carry.LeafType) -> str:
        return f"{carry.dtype_name(t.dtype)}[{','.join(map(str, t.shape))}]"

    def promote(self, types: Any, leaves: Any) -> carry.LeafType:
        if len({t.dtype for t in types}) == 1:
            return carry.LeafType((), types[0].dtype, all(t.weak for t in types))
        return carry.LeafType((), jnp.result_type(*(python_zero(t.dtype) if t.weak else t.dtype for t in types)))

    def fits(self, dtype: Any, leaf: Any) -> bool:
        return jnp.result_type(dtype, python_zero(typeof(leaf).dtype)) == dtype


RULES = JaxRules()


def trace_once(fn: Callable, *args: Any, keep: frozenset = frozenset()) -> tuple[Any, Callable]:
    """Run ``fn(*args)`` once under a fresh trace.

    Returns its result for inspection, with each traced value replaced by an ``Abstract`` (one
    per tracer, so identity still tells whether two leaves are the same value) except the
    tracers whose ids are in ``keep``; and ``replay(*args)``, which rebuilds the result in the
    caller's trace from the jaxpr; ``replay.jaxpr`` is that (closed) jaxpr.
    """
    box = []

    def flat(*a):
        leaves, treedef = jtu.tree_flatten(fn(*a), is_leaf=is_iterator)
        traced, shown, memo = [], [], {}
        for leaf in leaves:
            if isinstance(leaf, jax.core.Tracer):
                traced.append(leaf)
                if id(leaf) not in keep:
                    leaf = memo.setdefault(id(leaf), Abstract(jax.typeof(leaf)))
            shown.append(leaf)
        box.append(jtu.tree_unflatten(treedef, shown))
        return traced

    try:
        closed = trace_jaxpr(flat, *args)
    except JAX_TRACING_ERRORS as error:
        raise located(error) from error
    run = jaxpr_as_fun(closed)
    result = box[0]

    def replay(*a):
        fresh = iter(run(*a))
        leaves, treedef = jtu.tree_flatten(result, is_leaf=is_iterator)
        return jtu.tree_unflatten(treedef, [next(fresh) if isinstance(v, (jax.core.Tracer, Abstract)) else v
                                           for v in leaves])

    replay.jaxpr = closed
    return result, replay


def trace_jaxpr(fn: Callable, *args: Any) -> Any:
    """``jax.make_jaxpr(fn)(*args)``: the closed jaxpr of ``fn`` traced on the types of ``args`` (arrays, tracers
    of the trace under way, Python numbers: weakly typed), what it reads of an enclosing trace among its consts.

    Traced as ``lax.cond`` and ``lax.while_loop`` trace their bodies (``pe.trace_to_jaxpr`` on the arguments'
    types), not through ``make_jaxpr``'s ``jit``: the same jaxpr without a ``jit`` made, its arguments parsed and
    its shardings resolved per body, about a tenth of the cost (an ``if`` and a ``while`` staged 0.3 ms sooner).
    """
    return jax_internals.trace_jaxpr(fn, args)


def predicate(value: Any, what: str) -> Any:
    shape = jnp.shape(value)
    if shape and int(np.prod(shape)) == 1:
        value, shape = jnp.reshape(value, ()), ()  # (NumPy's and JAX's truth of a one-element array)
    if shape != ():  # (NumPy's and JAX's own error, whatever the values: a program may catch it)
        raise ambiguous_truth(what, int(np.prod(shape)), f"an array of shape {shape}", "jnp")
    value = jnp.asarray(value)
    return value if value.dtype == bool else value != 0


def as_output(value: Any, dtype: Any) -> Any:
    return lax.convert_element_type(value, dtype) if dtype is not None else jnp.asarray(value)


# --- JAX's own errors, raised while a staged body is traced ----------------------------------------

class JaxStagingError(StagingError, TypeError):
    """An error JAX raised inside a staged body, re-raised with the user's file:line and advice.
    A ``TypeError`` like JAX's own (and a ``StagingError``); the JAX error is its ``__cause__``."""


# What JAX raises when Python needs a concrete value it only has as a tracer (TypeError / IndexError).
JAX_TRACING_ERRORS = (jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError,
                      jax.errors.TracerIntegerConversionError, jax.errors.UnexpectedTracerError,
                      jax.errors.NonConcreteBooleanIndexError)

_ADVICE = [
    (jax.errors.TracerBoolConversionError,
     "a traced value was used as a Python bool (an `if`, `while`, `and`/`or`, `assert` or bool()) in code "
     "autograph did not convert (a library function, one marked do_not_convert, a lambda, or a method it "
     "cannot reach): convert that function too (autograph.to_graph), or write the choice with "
     "jnp.where(...) or lax.cond(...)"),
    (jax.errors.TracerIntegerConversionError,
     "a traced value was used as a Python int (an index into a Python list or tuple, a range() bound in "
     "code autograph did not convert, a shape): index arrays instead (jnp.stack the list; x[i] and "
     "x.at[i].set(...) take traced indices), or keep the value a Python int"),
    (jax.errors.TracerArrayConversionError,
     "a traced value was converted to a NumPy array (np.* on it, or np.asarray): use jax.numpy (jnp.*)"),
    (jax.errors.NonConcreteBooleanIndexError,
     "a boolean mask selects a number of elements only known at run time: use jnp.where(mask, x, 0) "
     "or the size= argument of jnp.nonzero"),
    (jax.errors.ConcretizationTypeError,
     "JAX needs a concrete (Python) value here, but it depends on a traced value (a shape, a Python "
     "bool or int, a static argument): make it a Python value, or pass it as a static argument"),
    (jax.errors.UnexpectedTracerError,
     "a traced value escaped the staged statement it was made in (stored in a Python list, a global "
     "or an attribute that the converter cannot see): return it, or assign it to a variable instead"),
]


def located(error: BaseException) -> JaxStagingError:
    """``error`` (from JAX) as a ``JaxStagingError`` that starts with the file:line, in the user's
    program, where it was raised, with the advice for its kind and JAX's own first line."""
    advice = next(text for kind, text in _ADVICE if isinstance(error, kind))
    first = str(error).strip().split("\n", 1)[0]
    return JaxStagingError(f"{_raised_at(error)}: {advice} (JAX: {type(error).__name__}: {first})")


def _raised_at(error: BaseException) -> str:
    """The innermost frame of the error's traceback that is the user's (not ours, JAX's, NumPy's)."""
    skipped = machinery_dirs()  # (JAX's among them: this module imports it)
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if not os.path.abspath(frame.filename).startswith(skipped):
            return format_site(frame.filename, frame.lineno)
    return "<unknown>"
