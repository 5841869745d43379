"""The JAX internals the JAX backend uses, each taken from where the installed JAX keeps it.

JAX moves and reshapes its private modules (``jax._src``) between minor releases. Everything of them this package
uses comes from here, with a note per item on which releases keep it where and why we need it, so that a new JAX
release is one file to read (``runtime/jax/__init__.py``'s ``MIN_JAX`` and ``BEYOND_JAX`` bound the releases tested:
0.10.2 on Python 3.11; 0.11.2 and 0.12.0.1 on Python 3.13). Where a note says "0.12" alone, 0.11 has the item as
0.12 does. Public APIs are used where they give the same thing (``jax.extend.core``, ``jax.core``, ``jax.typeof``).

Imported with JAX (by ``common``, ``loops``, ``inner_ranges``, ...), never by ``import runtime``.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import jax

# api_util.debug_info(traced_for, fun, args, kwargs): the DebugInfo a traced body carries (what JAX's errors name
# the function by). Same home and signature in 0.10 and 0.12.
# core.typeof: a value's abstract type, what pe's tracing takes (jax.typeof is the same function).
from jax._src import api_util, core

# partial_eval (pe), same home in 0.10 and 0.12:
# - dce_jaxpr(jaxpr, used_outputs) -> (jaxpr, used_inputs): which inputs a traced body reads (loops, inner_ranges).
#   used_inputs is over jaxpr.invars, the inputs that are not constants, in both (0.12 keeps a jaxpr's constants
#   on the jaxpr itself, as its leading inputs, and dce_jaxpr still answers for the others).
# - convert_constvars_jaxpr(jaxpr): the jaxpr with its constants as leading plain inputs (inner_ranges).
from jax._src.interpreters import partial_eval as pe

# convert_element_type(x, dtype=None, weak_type=False): jax._src.lax.lax._convert_element_type, the one way to make a
# weakly typed value (a loop counter, an item read from a list, a carried value given back its weak type);
# lax.convert_element_type, the public one, always makes a strong type. Same home and signature in 0.10 and 0.12.
from jax._src.lax.lax import _convert_element_type as convert_element_type

# jax.extend.core (public): Literal (a constant inlined in a jaxpr's equation), no_effects (the empty effect set),
# jaxpr_as_fun (curried: jaxpr_as_fun(closed)(*args) evaluates a closed jaxpr). From 0.11 ClosedJaxpr is Jaxpr itself
# (a jaxpr carries its constants: closed.jaxpr is closed, closed.consts its constants), and jax.extend.core
# exports it under both names; closed.jaxpr.constvars, closed.consts, closed.jaxpr.invars pair up as in 0.10.
from jax.extend.core import Literal, jaxpr_as_fun, no_effects

# For grad_errors (the transpose rule of while_p, wrapped to name the loop jax.grad cannot go through):
# ad.primitive_transposes (the transpose rules by primitive) and source_info_util.current_name_stack() (the
# named scopes of the equation being transposed), same homes in 0.10 and 0.12. Optional: without them loops still
# work, and JAX's own error is what users see.
try:
    from jax._src import source_info_util
    from jax._src.interpreters import ad
except ImportError:  # pragma: no cover - depends on the JAX version
    source_info_util = ad = None

# FlatTree: the flattened (args, kwargs) whose leaves pe's tracing takes as the arguments' types.
# 0.10: jax._src.tree_util.FlatTree, built by FlatTree.flatten. 0.11, 0.12: module jax._src.flattree, built by its
# function flatten (FlatTree there is an abstract base class).
try:
    from jax._src.flattree import flatten as _flat_tree  # JAX 0.11, 0.12
except ImportError:  # JAX 0.10
    from jax._src.tree_util import FlatTree as _FlatTree

    _flat_tree = _FlatTree.flatten

# The tracing lax.cond and lax.while_loop do for their bodies: pe.trace_to_jaxpr(fn, avals, debug_info) ->
# (closed jaxpr, output types). 0.10: ClosedJaxpr(jaxpr, consts), uncached. 0.11, 0.12: a Jaxpr carrying its consts, and
# pe.trace_to_jaxpr is that function behind a cache keyed on the function; we take the uncached
# trace_to_jaxpr_nocache, since ours is a fresh closure each time (nothing to hit, only entries to keep) and has
# side effects a cache hit would skip.
_trace_to_jaxpr = getattr(pe, "trace_to_jaxpr_nocache", None) or pe.trace_to_jaxpr

# The types of arguments that are refs carry their "quasi-dynamic data": 0.10 pairs such a type with it
# (core.AvalQDD(aval, core.cur_qdd(x)) when aval.has_qdd), as lax.cond does; 0.11 and 0.12 have no QDD, and
# lax.cond takes the types as they are.
_AVAL_QDD = getattr(core, "AvalQDD", None)


def trace_jaxpr(fn: Callable, args: tuple) -> Any:
    """The closed jaxpr of ``fn(*args)`` traced on the types of ``args`` (as ``lax.cond`` traces a branch)."""
    flat_args = _flat_tree((args, {}))
    avals = flat_args.map(core.typeof)
    if _AVAL_QDD is not None:  # JAX 0.10: FlatTree.map2(f, values)
        avals = avals.map2(lambda aval, x: _AVAL_QDD(aval, core.cur_qdd(x)) if aval.has_qdd else aval,
                           list(flat_args))
    closed, _ = _trace_to_jaxpr(fn, avals, api_util.debug_info("autograph", fn, args, {}))
    return closed


def eval_jaxpr(jaxpr: Any, *args: Any) -> list:
    """Evaluate an open jaxpr (no constants of its own: ``convert_constvars_jaxpr``'s, ``dce_jaxpr``'s of it) on
    ``args``. ``jax.core.eval_jaxpr(jaxpr, consts, *args)``, public in 0.10 and 0.12."""
    return jax.core.eval_jaxpr(jaxpr, [], *args)


def trace_state() -> Optional[tuple[Any, Any]]:
    """JAX's private trace state, for a cheap "is a trace under way": (the thread's current-trace box, the
    evaluating trace), where ``box.value is not evaluating`` while tracing; None if this JAX has not that shape.
    core.trace_state_strong_ref, core.eval_trace and core.trace_ctx.trace are in 0.10 and 0.12 alike; the
    identity check is what makes an unknown JAX take the safe answer (runtime/jax/backend.py)."""
    try:
        state, evaluating = core.trace_state_strong_ref, core.eval_trace
        if state.value is not core.trace_ctx.trace:  # not what this JAX's trace context reads
            return None
    except AttributeError:
        return None
    return state, evaluating


__all__ = ["Literal", "ad", "convert_element_type", "eval_jaxpr", "jaxpr_as_fun", "no_effects", "pe",
           "source_info_util", "trace_jaxpr", "trace_state"]
