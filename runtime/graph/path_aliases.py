"""Arrays that are one array on some paths of a staged statement only.

``y = x if c else x * 2`` holds, eagerly, the very array ``x`` when ``c`` holds: a later write into ``y``
changes ``x`` (the caller's array, if ``x`` is an argument), and a write into ``x`` shows through ``y``. A
graph's ``y`` is the staged statement's own output, another tensor, so each write is mirrored into the other
under the path's condition::

    y = x if c else x * 2          y = cond(c, x, x * 2)
    y[0] = 100.0            ->     y = setitem(y, 0, 100.0)
                                   x = where(c, y, x)         # x is y on the paths where c holds

and the same for a write into ``x`` (``y = where(c, x, y)``). Where the two cannot be mirrored element for
element (``y`` is a view of ``x`` made inside a branch, so the region is not known outside it; another shape
or dtype), or the path's condition is not a value the graph has where the write is (a loop's output that is
its argument when the loop runs no iteration), the write raises ``NotStageable`` when the graph runs on a
path where the two are one array (an assertion), and only there: never the unmirrored value.

Records live on the outermost builder, in both directions, for the trace (``GraphBuilder.path_aliases``):
id(tensor) -> (tensor, [(partner, condition or ALWAYS, exact)]), and ("base", id(base array)) -> the recorded
tensors that are that array or views of it. A record is used only where both tensors and
the condition are values of the graph being traced or of one enclosing it (a branch's own tensors are gone
once the branch ends).
"""

from __future__ import annotations

from typing import Any, Sequence

from runtime.graph.builder import current_builder
from runtime.staging import format_site, user_site

ALWAYS = "always"  # the condition of a path whose test the graph does not have: every run that writes


def _base(t: Any) -> Any:
    while t._view is not None:
        t = t._view[0]
    return t


def note_join(out: Any, values: Sequence[Any], conditions: Sequence[Any]) -> None:
    """``out`` is ``values[b]`` on the paths where ``conditions[b]`` holds (a tensor of the graph being traced,
    ``ALWAYS``, or a thunk making one, called only when needed): record each value that is an array from before
    the statement, or a view of one, or one of those through an earlier record. ``out`` and ``values`` are
    tensors (None for a value that is not one)."""
    builder = current_builder()
    if builder is None:
        return
    root = builder.root()
    made: dict[int, Any] = {}
    for b, value in enumerate(values):
        if value is None or value is out:
            continue
        for partner, exact, inner, viewed in _sharers(value, builder, root):
            condition = conditions[b]
            if inner:  # the inner statement's own condition is a branch's value: this path's is the best bound
                exact = False
            if condition is not ALWAYS and callable(condition):
                if b not in made:
                    made[b] = condition()
                condition = made[b]
            _record(root, out, partner, condition, exact)
            if viewed:
                root.viewed_aliases.add((id(out), id(partner)))


def _sharers(value: Any, builder: Any, root: Any) -> list:
    """The arrays readable here that ``value`` is (exact: element for element, the array itself) or is part of
    (a view made inside the branch, or an earlier statement's output that was one), with whether the relation is
    only known inside the branch (``inner``) and whether it went through a view (``viewed``: then ``value`` is
    never that very array, whatever the path: runtime/graph/identity.py)."""
    if builder.sees(value.builder):  # (a view from before the statement too: a write goes through it)
        return [(value, True, False, False)]
    found = []
    seen: set = set()
    stack = [(value, False)]
    while stack:
        t, viewed = stack.pop()
        if id(t) in seen:
            continue
        seen.add(id(t))
        if builder.sees(t.builder):
            found.append((t, False, True, viewed))
            continue
        if t._view is not None:
            stack.append((t._view[0], True))
        entry = root.path_aliases.get(id(t))
        if entry is not None and entry[0] is t:
            stack.extend((partner, viewed) for partner, _, _ in entry[1])
    return found


def _record(root: Any, a: Any, b: Any, condition: Any, exact: bool) -> None:
    for one, other in ((a, b), (b, a)):
        entry = root.path_aliases.get(id(one))
        if entry is None or entry[0] is not one:
            entry = root.path_aliases[id(one)] = (one, [])
            # (indexed by the base array too: a write looks up the records of its base's views at once)
            root.path_aliases.setdefault(("base", id(_base(one))), []).append(one)
        entry[1].append((other, condition, exact))


def to_mirror(target: Any, mirrored: tuple) -> list:
    """``target`` (a base array) was just written: what to do about it, as (written, partner, condition, exact)
    for each partner of it or of its views readable here (``w = x[::-1]`` before ``y = x if c else w``: a write into
    ``x`` changes ``w``, and so ``y`` where ``c`` does not hold). Exact ones (``condition`` a tensor, the same shape
    and dtype) are written ``where(condition, written, partner)``; for the others a graph assertion refuses the runs
    where the two are one (runtime/graph/tensor.py, ``write``). ``mirrored``: the tensors this write came through
    already (a write mirrored back would loop)."""
    builder = current_builder()
    root = builder.root()
    if not root.path_aliases:
        return []
    mirrored = (*mirrored, target)
    plan = []
    for one in list(root.path_aliases.get(("base", id(target)), ())):
        entry = root.path_aliases.get(id(one))
        if entry is None or entry[0] is not one or _base(one) is not target or not builder.sees(one.builder):
            continue
        for partner, condition, exact in entry[1]:
            if any(partner is m for m in mirrored) or not builder.sees(partner.builder):
                continue
            if condition is not ALWAYS and not builder.sees(condition.builder):
                continue
            exact = exact and condition is not ALWAYS and partner.shape == one.shape and partner.dtype == one.dtype \
                and None not in one.shape
            plan.append((one, partner, condition, exact))
    return plan


def references(t: Any) -> int:
    """How many references the records hold to ``t`` (a count of the program's own references subtracts
    them: runtime/graph/control_flow.py's ``_unshared``)."""
    builder = current_builder()
    if builder is None:
        return 0
    count = 0
    for key, entry in builder.root().path_aliases.items():
        if type(key) is tuple:  # (the index by base: its lists hold the same tensors as the records)
            count += sum(one is t for one in entry)
        else:
            count += (entry[0] is t) + sum(partner is t for partner, _, _ in entry[1])
    return count


def message() -> str:
    """The refusal of a write that cannot be mirrored, where the run took a path on which it would have to be."""
    site = user_site()
    where = "" if site is None else f" ({format_site(*site)})"
    return (f"this write{where} reaches an array that is, on the path this run took, also another variable's array "
            "(y = x if c else x * 2, or x from before a loop that ran no iteration), and the graph cannot write both "
            "there: eagerly both would change. Copy before writing (y = y.copy()), or write into the array itself "
            "under the condition (x[i] = np.where(c, v, x[i]))")
