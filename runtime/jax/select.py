"""Which staged ``if`` statements become ``lax.select`` instead of ``lax.cond``: the rule.

Before (converted code inside a loop, under ``jax.jit``; the branches only pick values)::

    ag__.if_stmt(jnp.log(u) < lp - logp, if_body, None, ('logp', 'x'))()   # if_body: x = prop; logp = lp

After (what ``runtime/jax/cond.py`` builds when this module says the branches are cheap)::

    x = lax.select(pred, prop, x)
    logp = lax.select(pred, lp, logp)

``lax.select`` evaluates both branches and keeps one result; ``lax.cond`` evaluates one, but
costs a call and a branch (on CPU, several times a ``jnp.where`` inside a loop). The two give
the same value whenever neither branch can fail, has an effect, or is expensive. The rule,
checked on the two branches' jaxprs (nested ``jit`` calls are looked into):

1. **Pure and total:** every equation is one of ``SAFE`` below (elementwise arithmetic that
   never traps under XLA, comparisons, logic, casts, broadcasts and reshapes, ``select_n``);
   no effects (``print``, callbacks, random bits are not in ``SAFE``), no loops, no ``cond``.
2. **Gradients stay right:** a branch that is not taken receives a zero cotangent from
   ``select``, and its equations multiply that zero by their partial derivatives. ``cond``
   gives the untaken branch no gradient at all. The two agree only if every partial derivative
   is finite for every input, including ``inf`` and ``NaN`` inputs (``0 * inf`` is ``NaN``).
   So ``SAFE`` holds only operations whose derivatives are constants or selections (``add``,
   ``sub``, ``neg``, ``max``, ``abs``...), ``mul`` only by a finite constant and ``div`` only by a
   literal whose reciprocal is finite (``h / 2``); ``x * y``, ``exp``, ``log``, ``sqrt``, other
   divisions and powers keep the ``cond``.
3. **Cheap:** at most ``MAX_EQUATIONS`` equations in the two branches together, and no
   equation's result larger than ``MAX_ELEMENTS`` elements (beyond that, evaluating both sides
   costs more than the branch).
4. The predicate is a scalar (it always is in a staged ``if``).

Forward values are identical by construction: ``select`` returns exactly what the taken branch
computed, and a ``NaN`` or ``inf`` that the untaken branch computes is dropped, as with ``cond``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from runtime.jax.jax_internals import Literal

# Derivatives of these are constants (0, +-1) or selections: a zero cotangent stays exactly zero.
SAFE = frozenset({
    "add", "sub", "neg", "max", "min", "abs", "sign", "floor", "ceil", "round", "clamp",
    "select_n", "eq", "ne", "lt", "le", "gt", "ge", "and", "or", "not", "xor",
    "convert_element_type", "copy", "copy_p", "broadcast_in_dim", "reshape", "squeeze",
    "expand_dims", "stop_gradient",
})
# Nested calls whose inner jaxpr is checked instead (jnp.where, jnp.clip... are small jits).
CALLS = frozenset({"jit", "pjit", "closed_call", "core_call"})
MAX_EQUATIONS = 8
MAX_ELEMENTS = 4096


def cheap(closed_jaxprs: list) -> bool:
    """Whether branches with these (closed) jaxprs may be evaluated both, then selected."""
    budget = [MAX_EQUATIONS]
    return all(_cheap(closed.jaxpr, _finite_consts(closed), budget) for closed in closed_jaxprs)


def _finite_consts(closed: Any) -> set:
    """The constvars bound to concrete (not traced) arrays that are finite everywhere."""
    finite = set()
    for var, value in zip(closed.jaxpr.constvars, closed.consts):
        if isinstance(value, (np.ndarray, np.generic, int, float)) or type(value).__name__ == "ArrayImpl":
            try:
                if np.all(np.isfinite(np.asarray(value))):
                    finite.add(var)
            except TypeError:  # a non-numeric constant (a PRNG key): not a finite number
                pass
    return finite


def _cheap(jaxpr: Any, finite: set, budget: list) -> bool:
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        if name in CALLS:
            inner = eqn.params.get("jaxpr") or eqn.params.get("call_jaxpr")
            inner = getattr(inner, "jaxpr", inner)
            if inner is None or not _cheap(inner, set(), budget):
                return False
            continue
        if eqn.effects:
            return False
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if any(math.prod(getattr(v.aval, "shape", ())) > MAX_ELEMENTS for v in eqn.outvars):
            return False
        if name == "mul":
            if not any(_finite_constant(v, finite) for v in eqn.invars):
                return False
            continue
        if name == "div":
            # x / c is x * (1 / c): safe when 1 / c is finite (h / 2 in a step-size rule).
            if not _finite_reciprocal(eqn.invars[1], finite):
                return False
            continue
        if name not in SAFE:
            return False
    return True


def _constant(var: Any, finite: set) -> Any:
    """The value of a literal, or None (a finite constvar's value is not kept: see ``_finite_consts``)."""
    return np.asarray(var.val) if isinstance(var, Literal) else None


def _finite_reciprocal(var: Any, finite: set) -> bool:
    """Whether ``var`` is a literal divisor whose reciprocal is finite (nonzero, not subnormal) in its dtype."""
    value = _constant(var, finite)
    if value is None or value.dtype.kind not in "fiu":
        return False
    with np.errstate(divide="ignore", over="ignore"):
        inverse = np.reciprocal(value.astype(np.float64)).astype(value.dtype if value.dtype.kind == "f" else np.float64)
    return bool(np.all(value != 0) and np.all(np.isfinite(value)) and np.all(np.isfinite(inverse)))


def _finite_constant(var: Any, finite: set) -> bool:
    if isinstance(var, Literal):
        return bool(np.all(np.isfinite(np.asarray(var.val))))
    return var in finite
