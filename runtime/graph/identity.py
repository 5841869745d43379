"""``a is b`` where a graph value stands for one of the objects (``ag__.is_``): Python's identity as the run has it.

A graph value stands for the object a run would hold, and that object is not always a new one. The output of a
staged statement is whichever object the path gives::

    best = a if x.sum() > 0 else b      best = cond(x.sum() > 0, a, b)
    if best is a:                 ->    if x.sum() > 0:      # best is a on the paths where the test held
        ...                                 ...

and two Python bools that staged ``if``s set are one object exactly when they are equal (``fa is fb``). A test of
the tensors' own identity said False for both (silently: ``pick`` doubled where NumPy tripled). What each kind of
value is, and so what its identity with another is:

* a *fresh* value, made by an op while tracing: a new object on every run, the same only as itself;
* a *Python bool* the graph holds (a ``PyNumber`` of dtype bool): ``True`` or ``False`` themselves, so two are one
  object exactly when they are equal, and never a NumPy bool or an array;
* a *join*, a staged statement's output: ``path_aliases`` records which array from before the statement it is on
  which paths (a staged bool each); where a path's value is not a tensor (a captured NumPy array, a Python
  number) the record is incomplete;
* an *argument* of the function, or a loop variable inside its loop's body: the caller's object, or the one an
  earlier iteration left, which the trace does not know.

What a trace cannot answer it refuses (``NotStageable``): two arguments (the call may pass one array twice), a
loop variable and an array from outside its loop, two joins, an incomplete join, a Python number (CPython caches
small ints: their identity is not the language's). Everything else is answered, as a Python bool or a staged one.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from runtime.graph import tensor
from runtime.graph.builder import current_builder
from runtime.graph.tensor import PyNumber, Tensor
from runtime.staging import NotStageable, user_location

# Objects no graph value can be at run time: what a value stands for is an ndarray, a NumPy scalar or a Python number.
_ARRAY_LIKE = (np.ndarray, np.generic, int, float, complex, Tensor)


def note_arguments(builder: Any, arguments: list) -> None:
    """``arguments`` are the placeholders of the graph ``builder`` records (runtime/graph/tracing.py): the
    function's arguments for an outermost trace, a loop's variables inside its body."""
    builder.arguments = tuple(arguments)


def note_join(out: Any, values: list) -> None:
    """``out`` is a staged statement's output, ``values[b]`` on its path ``b`` (None for a value that is not a tensor:
    its identity with ``out`` is not recorded, so ``out``'s identity with anything array-like is refused)."""
    builder = current_builder()
    if builder is not None and isinstance(out, Tensor):
        builder.root().joins[id(out)] = (out, all(v is not None for v in values))


def is_(left: Any, right: Any) -> Any:
    """``left is right``, one of them a tensor of the graph being traced: a bool, a staged bool (a ``PyNumber``),
    or ``NotStageable`` where the trace cannot know."""
    if left is right:
        return True
    for value, other in ((left, right), (right, left)):
        if type(other) is bool and isinstance(value, Tensor):
            return _is_bool(value, other)
    if not isinstance(left, Tensor):
        left, right = right, left
    if not isinstance(right, Tensor):
        return _is_object(left, right)
    kinds = (_python_kind(left), _python_kind(right))
    if kinds == (bool, bool):  # two Python bools: one object exactly when equal
        return PyNumber.of(tensor.apply("eq", left, right))
    if "refuse" in kinds or (kinds.count(bool) == 1 and None not in kinds):
        raise _refusal("a Python number the graph holds")
    if bool in kinds:  # a Python bool and an array or a NumPy value
        return False
    return _is_tensor(left, right)


def _is_bool(value: Tensor, other: bool) -> Any:
    """``value is True`` / ``value is False``: a Python bool the graph holds is ``True`` exactly when its value
    is; a NumPy bool or any other tensor is never Python's ``True``. The identity test of such a flag was always
    False: ``while done is False:`` ended after one iteration (neurodsp's dual-threshold split, helper-117)."""
    record = tensor.path_record(value)
    if record is not None:  # a Python bool on some paths, a NumPy value on others (`x[0] > t and True`)
        return _is_on_each_path(value, other, record)
    if type(value) is PyNumber and value.dtype == np.bool_:
        return value if other else PyNumber.of(np.logical_not(value))
    return False


def _is_on_each_path(value: Tensor, other: bool, record: Any) -> Any:
    """``value is other`` of a path-typed value: its truth equal to ``other`` on the paths where it is a Python
    bool (the join's tag says which path the run took), False on the others."""
    pythonic = [kind is not None and kind.python is bool for kind in record.kinds]
    if not any(pythonic):
        return False
    if record.tag is None or None in record.kinds:
        raise NotStageable(record.refusal(f"`is {other}` of it holds only on the paths where it is a Python bool"))
    same = value == other
    if not all(pythonic):
        same = np.logical_and(tensor.as_tensor(np.array(pythonic))[record.tag], same)
    return PyNumber.of(same)


def _python_kind(t: Tensor) -> Any:
    """``bool`` for a Python bool the graph holds, "refuse" for another Python number or a value whose Python type
    depends on the path, None for an array or a NumPy value."""
    if tensor.path_record(t) is not None:
        return "refuse"
    if type(t) is PyNumber:
        return bool if t.dtype == np.bool_ else "refuse"
    return None


def _is_object(value: Tensor, other: Any) -> Any:
    """``value is other`` of a tensor and an object that is no graph value (a global array, a string, None)."""
    if not isinstance(other, _ARRAY_LIKE):
        return False  # (a run's value is an array or a number: never a list, a string, a function)
    if type(value) is PyNumber or tensor.path_record(value) is not None:
        raise _refusal("a Python number the graph holds")
    if _join(value) is not None:
        raise _refusal("a staged statement's value (on some path it may be this very object)")
    if _argument_of(value) is not None:
        raise _refusal("an argument or loop variable (the call may pass this very object)")
    return False  # an op's result: a new array on every run


def _is_tensor(left: Tensor, right: Tensor) -> Any:
    """``left is right`` of two distinct tensors that stand for arrays or NumPy values."""
    joins = (_join(left), _join(right))
    if None not in joins:
        raise _refusal("two values of staged statements (on some paths they may be one object)")
    if joins[0] is None:
        left, right, joins = right, left, (joins[1], joins[0])
    if joins[0] is not None:
        return _join_is(left, joins[0], right)
    owners = (_argument_of(left), _argument_of(right))
    if owners == (None, None):
        return False  # two ops' results
    if None not in owners:
        raise _refusal("two arguments or loop variables (the call may pass one array for both)")
    if owners[0] is None:
        left, right, owners = right, left, (owners[1], owners[0])
    # An argument or loop variable, and an op's result: a new object, unless the op ran before the loop whose
    # variable this is (`y = x * 2` before it, `y is x` in it: an earlier iteration may have left y there).
    if owners[0].parent is None or right.builder.sees(owners[0]):
        return False
    raise _refusal("a loop variable and an array from before the loop (an earlier iteration may have left it there)")


def _join_is(join: Tensor, complete: bool, other: Tensor) -> Any:
    """``join is other``: the paths on which ``join`` is ``other`` (path_aliases' records, followed through the
    joins they name: ``max(a, b, c)`` is ``b`` where the first choice kept ``b`` and the second kept that), where
    those are known."""
    owner = _argument_of(other)
    if not complete or (owner is not None and owner.parent is not None):
        raise _refusal("a staged statement's value (on some path it may be this very object)")
    conditions = _paths_to(join, other, owner is not None, current_builder(), [])
    if not conditions:
        return False
    same = conditions[0]
    for condition in conditions[1:]:
        same = np.logical_or(same, condition)
    return PyNumber.of(tensor.as_tensor(same))


def _paths_to(join: Tensor, other: Tensor, other_is_argument: bool, builder: Any, stack: list) -> list:
    """The conditions (staged bools) of the paths on which ``join`` is ``other``; refused where a record on the way
    is not exact (a path's condition the graph does not have here)."""
    root = builder.root()
    entry = root.path_aliases.get(id(join))
    records = [] if entry is None or entry[0] is not join else entry[1]
    stack.append(join)
    conditions = []
    for partner, condition, exact in records:
        if any(partner is s for s in stack) or (not exact and (id(join), id(partner)) in root.viewed_aliases):
            continue  # (a way back; or on that path it is a view of partner: another object)
        if partner is other:
            found = [ALWAYS_TRUE]
        elif other_is_argument and _argument_of(partner) is not None:
            raise _refusal("a staged statement's value that is an argument on some paths (the call may pass one "
                           "array for two arguments)")
        else:
            complete = _join(partner)
            if complete is None:
                continue  # an array that is not other
            if not complete:
                raise _refusal("a staged statement's value (on some path it may be this very object)")
            found = _paths_to(partner, other, other_is_argument, builder, stack)
        if not found:
            continue
        if not exact or condition == "always" or not builder.sees(condition.builder):
            raise _refusal("a staged statement's value that is this array on some paths, which the graph "
                           "cannot tell here")
        for inner in found:
            conditions.append(condition if inner is ALWAYS_TRUE else np.logical_and(condition, inner))
    stack.pop()
    return conditions


ALWAYS_TRUE = object()  # (the path on which a record's partner is the other value itself)


def _join(t: Tensor) -> Optional[bool]:
    """Whether ``t`` is a staged statement's output whose every path's value was a tensor, or None if it is none."""
    builder = current_builder()
    entry = None if builder is None else builder.root().joins.get(id(t))
    return None if entry is None or entry[0] is not t else entry[1]


def _argument_of(t: Tensor) -> Any:
    """The builder ``t`` is a placeholder of (the function's, or a loop body's), or None."""
    builder = t.builder
    return builder if any(a is t for a in builder.arguments) else None


def _refusal(what: str) -> NotStageable:
    return NotStageable(
        f"{user_location()}: `is` / `is not` of {what}: which object the run holds is known only when the graph "
        "runs, and the trace cannot tell whether the two are one. Compare values (==, np.array_equal), or keep a "
        "flag of which one you chose")
