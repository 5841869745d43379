"""Staged ``if`` and ``a if c else b``: both branches traced once, joined into one ``lax.cond``.

Before (converted code, under ``jax.jit``; ``x.sum() > 0`` is a tracer)::

    ag__.if_stmt(x.sum() > 0, if_body, else_body, ('y',))()

After (what this module builds)::

    (y,) = lax.cond(x.sum() > 0, replay_if_body, replay_else_body)

Each branch runs once under ``trace_once``; what the branches left in each carried variable is
reconciled leaf by leaf (equal Python values pass through, weak Python scalars promote, anything
else must agree in shape and dtype). A branch that ends in the user's ``raise`` becomes a check
that fires at run time (``runtime/jax/checks.py``). ``runtime/jax/backend.py`` hands ``if`` statements here.
When both branches are cheap, pure and total (the rule is in ``runtime/jax/select.py``) the
``cond`` is a ``lax.select`` of the two branches' values instead.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import jax
import jax.numpy as jnp
import jax.tree_util as jtu
from jax import lax

from runtime.backend import State, Thunk
from runtime.jax import checks, options, select
from runtime.jax.common import (
    Abstract,
    as_output,
    is_array,
    label,
    predicate,
    python_zero,
    representative,
    same,
    summary,
    trace_once,
    typeof,
)
from runtime.staging import (
    count_staged_recursion,
    describe,
    has_no_value,
    is_return_flag,
    is_return_value,
    raised_by_user_statement,
    staging_error,
)


def if_stmt(cond: Any, body: Thunk, orelse: Optional[Thunk], state: State) -> None:
    """Stage ``if cond: body() else: orelse()`` over the variables in ``state``."""
    pred = predicate(cond, "the condition of this if statement")
    entry = state.get()
    leaves, treedef = jtu.tree_flatten(entry)

    def branch(fn):
        def run():
            # Fresh containers, so that a branch appending to a list cannot touch the other's.
            state.set(jtu.tree_unflatten(treedef, leaves))
            if fn is not None:
                fn()
            values = state.get()
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


def _cond(pred: Any, branches: list, names: tuple, labels: tuple, keep: frozenset = frozenset()) -> Optional[tuple]:
    traced, raising = [], {}
    for b, fn in enumerate(branches):
        try:
            traced.append(trace_once(fn, keep=keep))
        except Exception as error:  # the user's `raise` in a branch: a check at run time
            if isinstance(error, RecursionError):
                count_staged_recursion(error)
            if not raised_by_user_statement(error):
                raise
            raising[b] = error
    if raising:
        return checks.stage_raise(pred, branches, raising)
    merge, picks = _join_branches(names, [t[0] for t in traced], labels)

    def staged(replay, picks):
        def run():
            values = replay()
            leaves = {}
            out = []
            for pick in picks:
                if isinstance(pick, jax.ShapeDtypeStruct):  # the don't-care side of a guarded return
                    out.append(jnp.asarray(python_zero(pick.dtype)) if pick.weak_type
                               else jnp.zeros(pick.shape, pick.dtype))
                    continue
                i, j, dtype = pick
                if i not in leaves:
                    leaves[i] = jtu.tree_leaves(values[i])
                out.append(as_output(leaves[i][j], dtype))
            return out
        return run

    on_true, on_false = staged(traced[0][1], picks[0]), staged(traced[1][1], picks[1])
    if options.CHEAP_SELECTS.get() and select.cheap([t[1].jaxpr for t in traced]):
        # Both branches are pure, total and cheap (the rule: runtime/jax/select.py): evaluate both
        # and keep one, which is what lax.cond does under vmap, without the cost of a branch.
        return merge([lax.select(pred, a, b) for a, b in zip(on_true(), on_false())])
    return merge(lax.cond(pred, on_true, on_false))


def _unused_return(name: str, names: tuple, values: tuple) -> bool:
    """A return value may be missing on a path whose return flag is not plainly True: the
    converter reads it only once the flag is set, and sets both together. (The flag is a tracer
    there only on a loop's first trace, before the loop gives the value a placeholder.)"""
    return is_return_value(name) and any(
        is_return_flag(n) and v is not True for n, v in zip(names, values))


_missing = has_no_value


def _join_branches(names: tuple, outs: list, labels: tuple) -> tuple[Callable, list]:
    """Reconcile what each branch left in each variable.

    Returns ``merge(cond_outputs) -> values`` and, per branch, the picks that say which leaf
    feeds each cond output and the dtype it is cast to (None: already agrees).
    """
    templates = []
    picks: list[list] = [[] for _ in outs]
    for i, name in enumerate(names):
        values = [out[i] for out in outs]
        defined = [b for b, v in enumerate(values) if not _missing(name, v)]
        if not defined:
            templates.append(jtu.tree_flatten(values[0]))
            continue
        if len(defined) < len(values):
            missing = next(b for b in range(len(values)) if b not in defined)
            if not _unused_return(name, names, outs[missing]):
                raise staging_error(_one_branch_only(name, labels[defined[0]], labels[missing]))
        flats = {b: jtu.tree_flatten_with_path(values[b]) for b in defined}
        first = defined[0]
        ref_leaves, ref_def = flats[first]
        for b in defined[1:]:
            if flats[b][1] != ref_def:
                raise staging_error(
                    f"{describe(name)} is {summary(values[first])} in the {labels[first]} branch but "
                    f"{summary(values[b])} in the {labels[b]} branch; both branches of a staged `if` "
                    "must give it the same structure")
        leaves = []
        for j, (path, leaf) in enumerate(ref_leaves):
            candidates = {b: flats[b][0][j][1] for b in defined}
            if not isinstance(leaf, Abstract) and all(same(c, leaf) for c in candidates.values()):
                leaves.append(leaf)
                continue
            where = label(name, path)
            for b, c in candidates.items():
                if not is_array(c):
                    other = next(x for x in candidates.values() if x is not c)
                    raise staging_error(
                        f"{where} is {summary(c)} in the {labels[b]} branch but {summary(other)} in "
                        "the other; a staged `if` can only choose between arrays")
            joined = _join_avals(where, {labels[b]: typeof(c) for b, c in candidates.items()})
            dtype = None if joined.weak_type else joined.dtype
            for b, branch_picks in enumerate(picks):
                branch_picks.append((i, j, dtype) if b in candidates else joined)
            leaves.append(_Output(len(picks[0]) - 1))
        templates.append((leaves, ref_def))

    def merge(outputs):
        return tuple(jtu.tree_unflatten(treedef, [outputs[x.index] if isinstance(x, _Output) else x for x in leaves])
                     for leaves, treedef in templates)

    return merge, picks


class _Output:
    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


def _one_branch_only(name: str, defined: str, missing: str) -> str:
    if is_return_value(name):
        return (f"the function returns a value in the {defined} branch but not in the {missing} branch "
                "(a `return` in one branch only); under JAX every path must return a value of the "
                "same type and shape")
    return (f"{describe(name)} is assigned in the {defined} branch but not in the {missing} branch; "
            f"under JAX both branches of an `if` must give it a value (assign {name} before the `if`, "
            "or in both branches)")


def _join_avals(label: str, avals: dict) -> jax.ShapeDtypeStruct:
    """The one shape and dtype both branches can return; weak Python scalars promote."""
    (first, a), *rest = avals.items()
    for where, b in rest:
        if a.shape != b.shape:
            raise staging_error(
                f"{label} has shape {a.shape} in the {first} branch but {b.shape} in the {where} "
                "branch; lax.cond needs the same shape from both branches")
    strong = {where: x for where, x in avals.items() if not x.weak_type}
    if len({x.dtype for x in strong.values()}) > 1:
        (w1, x1), (w2, x2) = list(strong.items())[:2]
        raise staging_error(
            f"{label} is {x1.dtype} in the {w1} branch but {x2.dtype} in the {w2} branch; lax.cond "
            "needs one dtype: cast one of them, e.g. with .astype(...)")
    if len({x.dtype for x in avals.values()}) == 1:
        return jax.ShapeDtypeStruct(a.shape, a.dtype, weak_type=not strong)
    dtype = jnp.result_type(*(representative(x) for x in avals.values()))
    return jax.ShapeDtypeStruct(a.shape, dtype)
