"""Staged ``if``: both branches traced into one ``cond`` node, their results reconciled.

Before (converted code, traced with ``x`` a graph tensor)::

    retval_ = None
    ag__.if_stmt(np.sum(x) > 0, if_body, else_body, ('retval_',))()

After (what this module adds to the graph)::

    b:f64[] = sum a
    c:bool[] = gt b 0.0
    d:f64[3] = cond[true_graph={ ... in (a) } false_graph={ ... neg a ... }] c a

Each branch starts from the same state, runs once inside ``trace_subgraph``, and
leaves a value in every carried variable. ``join`` compares those values leaf by
leaf (a variable may be a nest of tuples, lists and dicts): equal Python values
pass through untouched, everything else becomes a ``cond`` output, with Python
numbers turned into constants of the other branch's dtype. The loop module
(``loops``) reuses the leaf helpers here.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import numpy as np

from runtime.graph import tensor, tracing
from runtime.graph.builder import current_builder
from runtime.graph.ops import graph_is_stateful
from runtime.graph.shapes import type_str
from runtime.graph.subgraphs import closure_snapshot, with_outputs
from runtime.graph.tensor import PyNumber, Tensor
from runtime.graph.tracing import TreeDef
from runtime.staging import (
    Limitation,
    count_staged_recursion,
    describe,
    has_no_value,
    is_return_flag,
    is_return_value,
    raised_by_user_statement,
    staging_error,
)
from runtime.undefined import Undefined

# --- leaves --------------------------------------------------------------------------------------

LEAF = TreeDef("leaf")
_WEAK = (bool, int, float, complex)


def flatten(value: Any) -> tuple[list, TreeDef]:
    """The leaves of a nest of tuples, lists and dicts (None and everything else is a leaf)."""
    leaves: list = []

    def walk(x: Any) -> TreeDef:
        if isinstance(x, (tuple, list)):
            kind = "list" if isinstance(x, list) else "tuple"
            cls = type(x) if kind == "tuple" and hasattr(x, "_fields") else None
            return TreeDef(kind, tuple(walk(c) for c in x), cls=cls)
        if isinstance(x, dict):
            return TreeDef("dict", tuple(walk(x[k]) for k in x), tuple(x))
        leaves.append(x)
        return LEAF

    return leaves, walk(value)


def paths(tree: TreeDef, prefix: str = "") -> list[str]:
    """``[0]``, ``['key']``... for every leaf of ``tree``, in order."""
    if tree.kind == "leaf":
        return [prefix]
    if tree.kind == "none":
        return []
    keys = tree.keys if tree.kind == "dict" else range(len(tree.children))
    return [p for k, child in zip(keys, tree.children) for p in paths(child, f"{prefix}[{k!r}]")]


def is_number(x: Any) -> bool:
    """A value that can become a constant: Python and NumPy numbers, numeric arrays."""
    if isinstance(x, _WEAK):
        return True
    return isinstance(x, (np.ndarray, np.generic)) and x.dtype.kind in "biufc"


def same(a: Any, b: Any) -> bool:
    """Whether two non-tensor leaves are one Python value (so nothing needs staging)."""
    if a is b:
        return True
    if type(a) is not type(b) or isinstance(a, Tensor):
        return False
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and a.shape == b.shape and bool(np.array_equal(a, b))
    try:
        equal = a == b
    except Exception:
        return False
    return isinstance(equal, (bool, np.bool_)) and bool(equal)


def show(x: Any) -> str:
    """A short picture of a leaf for error messages."""
    if isinstance(x, Tensor):
        return f"a {x.value.type_str} tensor"
    if isinstance(x, Undefined):
        return "not assigned"
    if isinstance(x, _WEAK):
        return f"the Python {type(x).__name__} {x!r}"
    if is_number(x):
        return f"a {type_str(x.shape, x.dtype)} NumPy value"
    text = repr(x)
    return f"the {type(x).__name__} {text if len(text) < 40 else text[:37] + '...'}"


def leaf_type(x: Any) -> tuple[tuple, Optional[np.dtype]]:
    """(shape, dtype) of a tensor or number; the dtype of a Python number is None (it is weak)."""
    if isinstance(x, _WEAK):
        return (), None
    return tuple(x.shape), np.dtype(x.dtype)


def join_types(label: str, items: Sequence[tuple[str, Any]], verb: str = "is") -> tuple[tuple, np.dtype]:
    """The one (shape, dtype) that tensors and numbers found at several places can share.

    ``items`` are (where, leaf). Strong dtypes (tensors, arrays) must agree; a Python number
    takes theirs when NumPy's weak-scalar rule keeps it; dims that differ become None."""
    typed = [(where, x, *leaf_type(x)) for where, x in items]
    strong = [(where, x, dtype) for where, x, _, dtype in typed if dtype is not None]
    for where, x, dtype in strong[1:]:
        if dtype != strong[0][2]:
            raise staging_error(
                f"{label} {verb} {show(strong[0][1])} {strong[0][0]} but {show(x)} {where}; a graph gives each "
                f"value one dtype: cast one of them (e.g. with .astype(np.{strong[0][2].name}))")
    weak = [x for _, x, _, dtype in typed if dtype is None]
    if strong:
        dtype = strong[0][2]
        if weak and np.result_type(dtype, *weak) != dtype:
            bad = next(w for w in weak if np.result_type(dtype, w) != dtype)
            where_bad = next(where for where, x in items if x is bad)
            raise staging_error(
                f"{label} {verb} {show(strong[0][1])} {strong[0][0]} but {show(bad)} {where_bad}, which does not "
                f"fit {dtype.name}; a graph gives each value one dtype: make both the same type")
    else:
        dtype = np.result_type(*weak)
    shape = typed[0][2]
    for where, x, other, _ in typed[1:]:
        if len(other) != len(shape):
            raise staging_error(
                f"{label} {verb} {show(typed[0][1])} {typed[0][0]} but {show(x)} {where}; a graph value keeps its "
                "number of dimensions")
        shape = tuple(a if a == b else None for a, b in zip(shape, other))
    return shape, np.dtype(dtype)


def zeros(shape: tuple, dtype: np.dtype) -> np.ndarray:
    """A don't-care value of a type (unknown dims get size 0)."""
    return np.zeros(tuple(0 if d is None else d for d in shape), dtype)


def predicate(value: Any, what: str) -> Tensor:
    """A tensor condition as the bool[] a cond or while_loop needs (Python's truth of a number)."""
    if not isinstance(value, Tensor):
        return tensor.constant(bool(value))
    if value.shape != ():
        raise staging_error(
            f"{what} is a {value.value.type_str} tensor, not a single truth value; reduce it with np.any(...) "
            "or np.all(...), or choose elementwise with np.where(...)")
    return value if value.dtype == np.bool_ else value != 0


# --- cond ------------------------------------------------------------------------------------------

class _Traced:
    """One branch: its subgraph, and the flattened values it left in each variable. The subgraph's
    outputs are the tensors among those values, then the written outer tensors (``roots``)."""

    def __init__(self, sub: tracing.Subgraph, flat: list, written: list) -> None:
        self.sub, self.flat, self.written = sub, flat, written
        positions = {}
        k = 0
        for i, (leaves, _) in enumerate(flat):
            for j, leaf in enumerate(leaves):
                if isinstance(leaf, Tensor):
                    positions[i, j] = k
                    k += 1
        self.positions = positions
        self.tensors = k


def guard_arrays(names: Sequence[str], values: Sequence[Any], what: str) -> Callable[[], None]:
    """``check()``, to call after a staged block ran once while tracing: it raises a limitation if the
    block wrote into a NumPy array that one of the carried variables held before it (``d[0] = v`` into
    ``d = np.zeros(3)``). Such a write happens while tracing, in every branch or just once for every
    iteration, not under the condition at run time: the last branch traced would win, silently. The
    array gets its old contents back first. (Only the carried variables: a written local is carried,
    since the converter rebinds it, ``d = ag__.setitem(d, 0, v)``.)"""
    kept = []
    for name, value in zip(names, values):
        leaves, _ = flatten(value)
        kept += [(name, leaf, leaf.copy()) for leaf in leaves if type(leaf) is np.ndarray]
    if not kept:
        return _nothing

    def check() -> None:
        for name, array, before in kept:
            if array.tobytes() != before.tobytes():
                array[...] = before
                raise staging_error(
                    f"{describe(name)} is a NumPy array written inside this staged {what}: the write would run "
                    f"while tracing, not under the {what}'s condition when the graph runs. Make it a graph "
                    f"value before the {what} (start it from the traced input, e.g. {name} = np.zeros_like(x)), "
                    f"or choose its new value after it with np.where(...)")
    return check


def _nothing() -> None:
    pass


def written_roots() -> list:
    """The tensors of enclosing graphs that the graph being traced has written into (views write
    into their bases, so only bases are listed)."""
    return [t for t, _, _ in current_builder().shadows.values() if t._view is None]


def _trace_branch(fn: Callable[[], tuple], captures: tuple, roots: list) -> _Traced:
    box = []

    def record() -> list:
        flat = [flatten(v) for v in fn()]
        box.append((flat, written_roots()))
        return [leaf for leaves, _ in flat for leaf in leaves if isinstance(leaf, Tensor)] + roots

    sub = tracing.trace_subgraph(record, [], captures=captures)
    return _Traced(sub, *box[0])


def _union(roots: list, more: list) -> list:
    return roots + [t for t in more if not any(t is r for r in roots)]


def stage_cond(pred: Tensor, branches: Sequence[Callable[[], tuple]], names: Sequence[str],
               labels: Sequence[str]) -> Optional[tuple]:
    """Trace each branch (a thunk returning one value per name) into one cond; return the values.

    A branch that writes into a tensor of an enclosing graph (``x[i] = 0`` on a variable from before
    the ``if``) makes it an extra output of every branch; after the cond node the tensor is written
    with that output, so every name and view bound to it sees the write, as in NumPy. A branch that
    ends in the user's ``raise`` becomes a graph assertion (``_stage_raise``); when both do, None."""
    roots: list = []
    while True:
        traced: list[_Traced] = []
        captures: tuple = ()
        raising: dict = {}
        for b, fn in enumerate(branches):
            try:
                traced.append(_trace_branch(fn, captures, roots))
            except Exception as error:
                if isinstance(error, RecursionError):
                    count_staged_recursion(error)
                if isinstance(error, Limitation) or not raised_by_user_statement(error):
                    raise
                raising[b] = error
                continue
            captures = traced[-1].sub.captures
        if raising:
            return _stage_raise(pred, branches, raising)
        grown = roots
        for t in traced:
            grown = _union(grown, t.written)
        if len(grown) == len(roots):
            break
        roots = grown  # trace again, every branch returning every written tensor
    plans: list[list] = [[] for _ in traced]
    results: list = []  # per name: (leaves, treedef), a leaf being a value or an _Out
    for i, name in enumerate(names):
        results.append(_join_variable(i, name, names, traced, labels, plans, roots))
    first_root = len(plans[0])
    for k, root in enumerate(roots):
        for t, plan in zip(traced, plans):
            plan.append(("out", t.tensors + k, root.dtype))
    graphs = [tracing.pad_inputs(with_outputs(t.sub.graph, plan), captures[len(t.sub.captures):])
              for t, plan in zip(traced, plans)]
    outs: tuple = ()
    if plans[0] or any(graph_is_stateful(g) for g in graphs):
        outs = tensor.bind("cond", [pred, *captures], true_graph=graphs[0], false_graph=graphs[1])
    for k, root in enumerate(roots):
        tensor.write(root, outs[first_root + k])
    return tuple(tree.unflatten([_python_number(outs[x.k], traced, i, j) if isinstance(x, _Out) else x
                                 for j, x in enumerate(leaves)])
                 for i, (leaves, tree) in enumerate(results))


def _python_number(out: Tensor, traced: list, i: int, j: int) -> Tensor:
    """A cond's output for leaf ``j`` of variable ``i``: a ``PyNumber`` where every branch left a Python number
    there (a constant, or one known at run time such as a dimension: ``n = x.size or 1``), so that it promotes as
    the number eager code holds would."""
    if out.ndim != 0:
        return out
    for t in traced:
        leaves = t.flat[i][0]
        if j >= len(leaves) or not (type(leaves[j]) is PyNumber or type(leaves[j]) in (bool, int, float)):
            return out
    return PyNumber.of(out)


def _stage_raise(pred: Tensor, branches: Sequence[Callable[[], tuple]], raising: dict) -> tuple:
    """A branch that raises becomes a graph assertion that its condition does not hold (raising the
    user's exception class with the user's message when it does); the other branch runs unstaged.

    Before::

        if np.any(x < 0):
            raise ValueError("x must be non-negative")

    After (the graph)::

        b:bool[] = any ...
        c:bool[] = logical_not b
        assert[message='x must be non-negative' error=ValueError] c
    """
    for b, error in raising.items():
        taken = pred if b == 0 else np.logical_not(pred)
        message = str(error.args[0]) if len(error.args) == 1 else str(error)
        tb = error.__traceback__
        while tb.tb_next is not None:
            tb = tb.tb_next
        where = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}"
        tensor.bind("assert", [np.logical_not(taken)], message=message, error=type(error), where=where)
    if len(raising) == len(branches):
        return None  # one of the assertions fails on every run: nothing after the statement runs
    (other,) = [b for b in range(len(branches)) if b not in raising]
    return branches[other]()


class _Out:
    __slots__ = ("k",)

    def __init__(self, k: int) -> None:
        self.k = k


def _guarded(name: str, names: Sequence[str], values: Sequence[Any]) -> bool:
    """A return value may be missing in a branch whose return flag is not plainly True: the
    converted code reads it only once the flag is set, and sets both together."""
    return is_return_value(name) and any(is_return_flag(n) and v is not True for n, v in zip(names, values))


def _branch_values(t: _Traced) -> list:
    return [tree.unflatten(leaves) for leaves, tree in t.flat]


def _join_variable(i: int, name: str, names: Sequence[str], traced: list[_Traced], labels: Sequence[str],
                   plans: list[list], roots: list) -> tuple[list, TreeDef]:
    values = [t.flat[i] for t in traced]
    # A return value that one branch did not set (None or Undefined) is a don't-care under its flag.
    missing = [b for b, (leaves, tree) in enumerate(values)
               if tree == LEAF and has_no_value(name, leaves[0])]
    present = [b for b in range(len(values)) if b not in missing]
    if not present:
        return values[0]
    if missing:
        b = missing[0]
        if not _guarded(name, names, _branch_values(traced[b])):
            if is_return_value(name):
                raise staging_error(
                    f"the function returns a value in the {labels[present[0]]} branch but not in the {labels[b]} "
                    "branch (a `return` in one branch only); a staged `if` needs the return value from both "
                    "branches: return a value of the same type on every path")
            raise staging_error(
                f"{describe(name)} is assigned in the {labels[present[0]]} branch but not in the {labels[b]} "
                f"branch of a staged `if`; a graph needs it from both: assign {name} before the `if`, or in "
                "both branches")
    first_leaves, tree = values[present[0]]
    for b in present[1:]:
        if values[b][1] != tree:
            raise staging_error(
                f"{describe(name)} is {tree} in the {labels[present[0]]} branch but {values[b][1]} in the "
                f"{labels[b]} branch; both branches of a staged `if` must give it the same structure")
    leaves = []
    for j, path in enumerate(paths(tree)):
        label = describe(name, path)
        found = {b: values[b][0][j] for b in present}
        candidates = list(found.values())
        if not any(isinstance(c, Tensor) for c in candidates) and all(same(c, candidates[0]) for c in candidates):
            leaves.append(candidates[0])
            continue
        if all(c is candidates[0] for c in candidates) and len(present) == len(values):
            leaves.append(candidates[0])  # the same outer tensor: left alone, or written in place (a root)
            continue
        for b, c in found.items():
            if isinstance(c, Tensor) and any(_related(c, r) for r in roots):
                raise staging_error(
                    f"{label} is written in place in the {labels[b]} branch of a staged `if` but rebound to "
                    "another array in the other; the graph cannot tell which array later writes through that "
                    f"name should reach. Rebind it in both branches (e.g. {name} = {name}.copy() before writing), "
                    "or write in place in both")
        for b, c in found.items():
            if not (isinstance(c, Tensor) or is_number(c)):
                other = next((x for x in candidates if x is not c), None)
                raise staging_error(
                    f"{label} is {show(c)} in the {labels[b]} branch but {show(other)} in the other; a staged "
                    "`if` can choose only between tensors and numbers (other Python values must be equal)")
        shape, dtype = join_types(label, [(f"in the {labels[b]} branch", c) for b, c in found.items()])
        for b, plan in enumerate(plans):
            if b not in found:  # a guarded missing return value
                plan.append(("const", zeros(shape, dtype)))
            elif isinstance(found[b], Tensor):
                plan.append(("out", traced[b].positions[i, j], dtype))
            else:
                plan.append(("const", np.asarray(found[b], dtype)))
        leaves.append(_Out(len(plans[0]) - 1))
    return leaves, tree


def _related(t: Tensor, root: Tensor) -> bool:
    """Whether ``t`` is ``root`` or a view of it."""
    while t is not None:
        if t is root:
            return True
        t = None if t._view is None else t._view[0]
    return False


def if_stmt(cond: Tensor, body: Callable[[], None], orelse: Optional[Callable[[], None]], state: Any) -> None:
    pred = predicate(cond, "the condition of this `if`")
    entry = state.get()
    flat = [flatten(v) for v in entry]
    restore = closure_snapshot(body, orelse)

    def branch(fn: Optional[Callable[[], None]]) -> Callable[[], tuple]:
        def run() -> tuple:
            # Fresh containers, so that a branch appending to a list cannot touch the other's.
            state.set(tree.unflatten(leaves) for leaves, tree in flat)
            check = guard_arrays(state.names, entry, "`if`")
            try:
                if fn is not None:
                    fn()
                return state.get()
            finally:
                restore()
                state.set(entry)  # no tensor of the branch may outlive it in a variable
                check()
        return run

    values = stage_cond(pred, [branch(body), branch(orelse)], state.names, ("if", "else"))
    if values is not None:  # None: both branches raise
        state.set(values)


def if_exp(cond: Tensor, if_true: Callable[[], Any], if_false: Callable[[], Any]) -> Any:
    pred = predicate(cond, "the condition of this conditional expression")
    (value,) = stage_cond(pred, [lambda: (if_true(),), lambda: (if_false(),)],
                          ("<the value of the conditional expression>",), ("true", "false"))
    return value
