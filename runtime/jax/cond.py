"""Staged ``if`` and ``a if c else b``: both branches traced once, joined into one ``lax.cond``.

Before (converted code, under ``jax.jit``; ``x.sum() > 0`` is a tracer)::

    ag__.if_stmt(x.sum() > 0, if_body, else_body, ('y',))()

After (what this module builds)::

    (y,) = lax.cond(x.sum() > 0, replay_if_body, replay_else_body)

Each branch runs once under ``trace_once``; what the branches left in each carried variable is
reconciled leaf by leaf by ``runtime/carry.py`` (equal Python values pass through, weak Python
scalars promote, anything else must agree in shape and dtype; ``common.JaxRules`` says how JAX's
values answer its questions). A branch that ends in the user's ``raise`` becomes a check
that fires at run time (``runtime/jax/checks.py``). ``runtime/jax/backend.py`` hands ``if`` statements here.
When both branches are cheap, pure and total (the rule is in ``runtime/jax/select.py``) the
``cond`` is a ``lax.select`` of the two branches' values instead.
"""

from __future__ import annotations

from typing import Any, Optional

import jax
import jax.numpy as jnp
import jax.tree_util as jtu
from jax import lax

from runtime import carry
from runtime.backend import State, Thunk
from runtime.jax import checks, options, select
from runtime.jax.common import RULES, as_output, predicate, python_zero, trace_once
from runtime.jax.leaves import is_iterator
from runtime.staging import count_staged_recursion, raised_in_branch_code


def if_stmt(cond: Any, body: Thunk, orelse: Optional[Thunk], state: State) -> None:
    """Stage ``if cond: body() else: orelse()`` over the variables in ``state``."""
    pred = predicate(cond, "the condition of this if statement")
    entry = state.get()
    leaves, treedef = jtu.tree_flatten(entry, is_leaf=is_iterator)

    def branch(fn):
        def run():
            # Fresh containers, so that a branch appending to a list cannot touch the other's.
            state.set(jtu.tree_unflatten(treedef, leaves))
            if fn is not None:
                fn()
            values = state.outputs(state.get(), entry)
            state.set(entry)  # no tracer of this trace may outlive it in a variable
            return values
        return run

    try:
        # Variables a branch leaves alone stay the very same tracer: no cond output for them.
        unchanged = frozenset(id(x) for x in leaves if isinstance(x, jax.core.Tracer))
        values = _cond(pred, [branch(body), branch(orelse)], state.names, ("if", "else"), unchanged)
    except BaseException:
        state.set(entry)
        raise
    state.set(entry if values is None else values)  # None: both branches raise (runtime/jax/checks.py)


def if_exp(cond: Any, if_true: Thunk, if_false: Thunk) -> Any:
    """Stage ``if_true() if cond else if_false()``; each side is traced once."""
    pred = predicate(cond, "the condition of this conditional expression")
    branches = [lambda: (if_true(),), lambda: (if_false(),)]
    values = _cond(pred, branches, ("<the conditional expression's value>",), ("true", "false"))
    if values is None:  # both sides raise, each under a check that fails on the runs that take it
        return jnp.zeros(())
    return values[0]


def short_circuit(value: Any, rest: tuple, again: Any, word: str) -> Any:
    """``value and rest...`` / ``value or rest...`` with a traced ``value``: the operand Python would give (``x and
    y`` is ``y`` where ``x`` is true, else ``x``), staged as a cond on ``value``'s truth; the rest is traced in
    the branch where it runs (``again``: runtime.operators' ``and_`` / ``or_``, for the operands after it)."""
    pred = predicate(value, f"the left operand of `{word}`")
    evaluate_rest = lambda: again(rest[0](), *rest[1:])  # noqa: E731
    branches = [evaluate_rest, lambda: value] if word == "and" else [lambda: value, evaluate_rest]
    values = _cond(pred, [lambda fn=fn: (fn(),) for fn in branches], (f"<the value of `{word}`>",), ("true", "false"))
    if values is None:  # both sides raise, each under a check that fails on the runs that take it
        return jnp.zeros(())
    return values[0]


def not_(value: Any) -> Any:
    """``not value``: the truth of one value (an array of more than one element is refused, where Python raises)."""
    return jnp.logical_not(predicate(value, "the operand of `not`"))


def _cond(pred: Any, branches: list, names: tuple, labels: tuple, keep: frozenset = frozenset()) -> Optional[tuple]:
    traced, raising = [], {}
    for b, fn in enumerate(branches):
        try:
            traced.append(trace_once(fn, keep=keep))
        except Exception as error:  # the user's `raise`, or Python's own error, in a branch: a check at run time
            if isinstance(error, RecursionError):
                count_staged_recursion(error)
            if not raised_in_branch_code(error):
                unbound = carry.unbound_in_branch(error, labels[b]) if labels[b] in ("if", "else") else None
                if unbound is not None:
                    raise unbound from error
                raise
            raising[b] = error
    if raising:
        return checks.stage_raise(pred, branches, raising)
    join = carry.join_branches(RULES, names, [t[0] for t in traced], labels)

    def staged(replay, picks):
        def run():
            values = replay()
            leaves = {}
            out = []
            for pick, joined in zip(picks, join.outputs):
                if pick is None:  # the don't-care side of a guarded return
                    out.append(jnp.asarray(python_zero(joined.dtype)) if joined.weak
                               else jnp.zeros(joined.shape, joined.dtype))
                    continue
                i, j = pick
                if i not in leaves:
                    leaves[i] = jtu.tree_leaves(values[i], is_leaf=is_iterator)
                out.append(as_output(leaves[i][j], None if joined.weak else joined.dtype))
            return out
        return run

    on_true, on_false = staged(traced[0][1], join.picks[0]), staged(traced[1][1], join.picks[1])
    if options.CHEAP_SELECTS.get() and select.cheap([t[1].jaxpr for t in traced]):
        # Both branches are pure, total and cheap (the rule: runtime/jax/select.py): evaluate both
        # and keep one, which is what lax.cond does under vmap, without the cost of a branch.
        return join.values([lax.select(pred, a, b) for a, b in zip(on_true(), on_false())], pred)
    return join.values(lax.cond(pred, on_true, on_false), pred)
