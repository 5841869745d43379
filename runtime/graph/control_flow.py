"""Staged ``if``: both branches traced into one ``cond`` node, their results reconciled.

Before (converted code, traced with ``x`` a graph tensor)::

    retval_ = None
    ag__.if_stmt(np.sum(x) > 0, if_body, else_body, ('retval_',))()

After (what this module adds to the graph)::

    b:f64[] = sum a
    c:bool[] = gt b 0.0
    d:f64[3] = cond[true_graph={ ... in (a) } false_graph={ ... neg a ... }] c a

Each branch starts from the same state, runs once inside ``trace_subgraph``, and
leaves a value in every carried variable. ``runtime/carry.py`` joins those values
leaf by leaf (a variable may be a nest of tuples, lists and dicts; ``GraphRules``
says how our tensors answer its questions): equal Python values pass through
untouched, everything else becomes a ``cond`` output, with Python numbers turned
into constants of the other branch's dtype. The loop module (``loops``) reuses
the leaf helpers here.
"""

from __future__ import annotations

import functools
import gc
from typing import Any, Callable, Optional, Sequence

import numpy as np

from runtime import carry
from runtime.graph import formatted, identity, path_aliases, tensor, tracing, variables
from runtime.graph.builder import current_builder
from runtime.graph.ir import Graph
from runtime.graph.leaf_types import WEAK as _WEAK
from runtime.graph.leaf_types import GraphTypes
from runtime.graph.ops import graph_is_stateful, refused_dtypes
from runtime.graph.subgraphs import closure_snapshot, with_outputs
from runtime.graph.tensor import PyNumber, Tensor
from runtime.graph.tracing import TreeDef, nest_tree
from runtime.references import COUNTS_REFERENCES, held_only_by  # (of 3.11-3.13: runtime/references.py)
from runtime.staging import (
    NotStageable,
    ambiguous_truth,
    count_staged_recursion,
    describe,
    raise_site,
    raised_in_branch_code,
    raised_message,
    staging_error,
    untraceable_block,
    user_location,
)

# --- leaves --------------------------------------------------------------------------------------

LEAF = TreeDef("leaf")


def flatten(value: Any) -> tuple[list, TreeDef]:
    """The leaves of a nest of tuples, lists and dicts (None and everything else is a leaf)."""
    leaves: list = []

    def walk(x: Any) -> TreeDef:
        if isinstance(x, (tuple, list, dict)):
            return nest_tree(x, walk)  # (a subclass comes back as its class: an OrderedDict stays one)
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


def leaf_type(x: Any) -> tuple[tuple, Optional[np.dtype]]:
    """(shape, dtype) of a tensor or number; the dtype of a Python number is None (it is weak)."""
    if isinstance(x, _WEAK):
        return (), None
    return tuple(x.shape), np.dtype(x.dtype)


class GraphRules(GraphTypes):
    """Our graph's values for the carry (runtime/carry.py): tensors, nests of tuples, lists and dicts
    (None a leaf), dims that differ become unknown, NumPy's weak-scalar rule for Python numbers (``GraphTypes``)."""

    fill_hint = "x[i] = v"

    def flatten(self, value: Any) -> tuple[list, TreeDef]:
        return flatten(value)

    def unflatten(self, tree: TreeDef, leaves: Sequence[Any]) -> Any:
        return tree.unflatten(leaves)

    def leaf_label(self, name: str, value: Any, j: int) -> str:
        return describe(name, paths(flatten(value)[1])[j])

    def structure(self, value: Any, tree: TreeDef) -> str:
        """``(f64[3], [float])``: each leaf's type where the tree has it (``*`` said nothing of what it is)."""
        leaves = flatten(value)[0]
        return repr(tree.unflatten([carry.Shown(f"{leaf.value.type_str}" if isinstance(leaf, Tensor) else
                                           "None" if leaf is None else type(leaf).__name__) for leaf in leaves]))

    def same(self, a: Any, b: Any) -> bool:
        return same(a, b)


RULES = GraphRules()
is_number = carry.is_number


def show(x: Any) -> str:
    """A short picture of a leaf for error messages."""
    return carry.show(RULES, x)


def zeros(shape: tuple, dtype: np.dtype) -> np.ndarray:
    """A don't-care value of a type (unknown dims get size 0)."""
    return np.zeros(tuple(0 if d is None else d for d in shape), dtype)


def predicate(value: Any, what: str) -> Tensor:
    """A tensor condition as the bool[] a cond or while_loop needs (Python's truth of a number, and NumPy's of an
    array of one element)."""
    if not isinstance(value, Tensor):
        return tensor.constant(bool(value))
    if value.value.shape and None not in value.value.shape and int(np.prod(value.value.shape)) == 1:
        value = tensor.reshape(value, ())  # (NumPy's truth of a one-element array is its element's: bool[1])
    if value.shape != () and None not in value.shape:  # (NumPy's error whatever the values: a program may catch it)
        raise ambiguous_truth(what, int(np.prod(value.shape)), f"a {value.value.type_str} tensor")
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
    since the converter rebinds it, ``d = ag__.setitem(v, d, 0)``.)"""
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
                error = staging_error(
                    f"{describe(name)} is a NumPy array written inside this staged {what}, and no graph array can take "
                    "its place (something else refers to it: another name, a view, a container, the caller; or it "
                    "is not an array of numbers with memory of its own): the write would run while tracing, "
                    f"not under the {what}'s condition when the graph runs. Make it a graph value before the "
                    f"{what} (start it from the traced input, e.g. {name} = np.zeros_like(x)), or choose its new "
                    "value after it with np.where(...)")
                error.written_array = array  # (the statement may adopt it and stage again: backend._adopting)
                raise error
    return check


def _nothing() -> None:
    pass


def written_roots() -> list:
    """The tensors of enclosing graphs that the graph being traced has written into (views write
    into their bases, so only bases are listed)."""
    return [t for t, _, _ in current_builder().shadows.values() if t._view is None]


def _trace_branch(fn: Callable[[], tuple], captures: tuple, roots: list, builders: Optional[list] = None) -> _Traced:
    box = []

    def record() -> list:
        flat = [flatten(v) for v in fn()]
        box.append((flat, written_roots()))
        return [leaf for leaves, _ in flat for leaf in leaves if isinstance(leaf, Tensor)] + roots

    sub = tracing.trace_subgraph(record, [], captures=captures, builders=builders)
    return _Traced(sub, *box[0])


def _union(roots: list, more: list) -> list:
    return roots + [t for t in more if not any(t is r for r in roots)]


def stage_cond(pred: Tensor, branches: Sequence[Callable[[], tuple]], names: Sequence[str],
               labels: Sequence[str], rebound: Optional[list] = None) -> Optional[tuple]:
    """Trace each branch (a thunk returning one value per name) into one cond; return the values.

    A branch that writes into a tensor of an enclosing graph (``x[i] = 0`` on a variable from before
    the ``if``) makes it an extra output of every branch; after the cond node the tensor is written
    with that output, so every name and view bound to it sees the write, as in NumPy. A branch that
    ends in the user's ``raise`` becomes a graph assertion (``_stage_raise``); when both do, None.
    ``rebound``: given by a staged ``if``, which collects there the written tensors that one branch leaves in
    their variable and the other rebinds, when no other variable holds them (``_refuse_rebinding``): it then
    checks that nothing else refers to them either (``_unshared``)."""
    roots: list = []
    while True:
        traced: list[_Traced] = []
        captures: tuple = ()
        raising: dict = {}
        builders: dict = {}
        for b, fn in enumerate(branches):
            try:
                traced.append(_trace_branch(fn, captures, roots, builders.setdefault(b, [])))
            except Exception as error:
                if isinstance(error, RecursionError):
                    count_staged_recursion(error)
                if not raised_in_branch_code(error):
                    unbound = carry.unbound_in_branch(error, labels[b]) if labels[b] in ("if", "else") else None
                    if unbound is not None:
                        raise unbound from error
                    if refused_dtypes(error):
                        what = (f"the {labels[b]} branch of a staged `if`" if labels[0] == "if" else
                                "an operand of a staged conditional expression, `and` or `or`")
                        raise untraceable_block(error, what) from error
                    raise
                raising[b] = (error, builders[b][0] if builders[b] else None)
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
    leaves = [leaf for t in traced for ls, _ in t.flat for leaf in ls if isinstance(leaf, Tensor)]
    join = carry.join_branches(RULES, names, [_branch_values(t) for t in traced], labels,
                               check=functools.partial(_refuse_rebinding, roots=roots, labels=labels,
                                                       leaves=leaves, rebound=rebound))
    plans = [_plan(join, b, t) for b, t in enumerate(traced)]
    first_root = len(plans[0])
    for k, root in enumerate(roots):
        for t, plan in zip(traced, plans):
            plan.append(("out", t.tensors + k, root.dtype))
    # A branch's value whose Python type depends on the branch's own paths (an `elif`'s inner `if`) has its tag
    # among that branch's values: an extra output of the cond, 0 from the other branches (runtime/graph/path_types.py).
    inner_tags = _inner_tags(join, traced)
    for _, b, tag in inner_tags:
        for c, plan in enumerate(plans):
            plan.append(("value", tag.ref()[0]) if c == b else ("const", np.int64(0)))
    graphs = [tracing.pad_inputs(with_outputs(t.sub.graph, plan), captures[len(t.sub.captures):])
              for t, plan in zip(traced, plans)]
    outs: tuple = ()
    if plans[0] or any(graph_is_stateful(g) for g in graphs):
        outs = tensor.bind("cond", [pred, *captures], true_graph=graphs[0], false_graph=graphs[1])
    for k, root in enumerate(roots):
        tensor.write(root, outs[first_root + k], carried_out=True)
    sources = [next(picks[k] for picks in join.picks if picks[k] is not None) for k in range(len(join.outputs))]
    numbers = [_python_number(outs[k], traced, i, j) for k, (i, j) in enumerate(sources)]
    for k in range(len(join.outputs)):
        left = [t.flat[picks[k][0]][0][picks[k][1]] if picks[k] is not None else None
                for t, picks in zip(traced, join.picks)]
        tensor.stand_as_all(outs[k], left)
        identity.note_join(outs[k], [v if isinstance(v, Tensor) else None for v in left])
        if isinstance(outs[k], Tensor):
            path_aliases.note_join(outs[k], [v if isinstance(v, Tensor) else None for v in left],
                                   (lambda: pred, lambda: tensor.apply("logical_not", pred)))
            i, j = sources[k]
            inner = {b: outs[first_root + len(roots) + e] for e, (kk, b, _) in enumerate(inner_tags) if kk == k}
            tensor.note_join_types(numbers[k], left, (lambda: pred, None),
                                   describe(names[i], paths(traced[0].flat[i][1])[j]), inner)
    return join.values(numbers, pred)


def _inner_tags(join: carry.Join, traced: list) -> list:
    """(joined output, branch, tag) for each branch's value of a joined output whose tag is that branch's own."""
    found = []
    builder = current_builder()
    for k in range(len(join.outputs)):
        for b, (t, picks) in enumerate(zip(traced, join.picks)):
            leaf = t.flat[picks[k][0]][0][picks[k][1]] if picks[k] is not None else None
            record = tensor.path_record(leaf)
            if record is not None and record.tag is not None and record.tag.builder.parent is builder:
                found.append((k, b, record.tag))
    return found


def _plan(join: carry.Join, b: int, t: _Traced) -> list:
    """Branch ``b``'s outputs for the joined variables: its tensor, or a constant of the joined type (its
    number, or a don't-care zero where it left a guarded return value unset)."""
    plan = []
    for pick, joined in zip(join.picks[b], join.outputs):
        dtype = np.dtype(joined.dtype)
        if pick is None:
            plan.append(("const", zeros(joined.shape, dtype)))
            continue
        leaf = t.flat[pick[0]][0][pick[1]]
        plan.append(("out", t.positions[pick], dtype) if isinstance(leaf, Tensor)
                    else ("const", np.asarray(leaf, dtype)))
    return plan


def _refuse_rebinding(name: str, label: str, found: dict, roots: list, labels: Sequence[str], leaves: list,
                      rebound: Optional[list]) -> None:
    """A tensor written in place (a root) in one branch and rebound in another: which array later writes
    through that name reach is known only at run time. Unless that name is the only way to the array: a
    branch leaves the array itself in it (not a view), and no other variable holds it or a view of it in
    any branch (``leaves``: every tensor the branches left in the variables). Then that is kept in
    ``rebound`` (name, label, array, branch), for the staged ``if`` to check that nothing else refers to the
    array (``_unshared``); the array is written all the same, and the name joins as a new value."""
    for b, c in found.items():
        if not (isinstance(c, Tensor) and any(_related(c, r) for r in roots)):
            continue
        if (rebound is not None and c._view is None and any(c is r for r in roots) and
                sum(_related(leaf, c) for leaf in leaves) == sum(x is c for x in found.values())):
            rebound.append((name, label, c, labels[b]))
            continue
        raise staging_error(_rebinding_message(name, label, labels[b]))


def _rebinding_message(name: str, label: str, where: str) -> str:
    return (f"{label} is written in place in the {where} branch of a staged `if` but rebound to another array in "
            "the other, and something else still refers to that array (another name, a view, a container, or the "
            "caller: an argument); the graph cannot tell which array later writes through that name should "
            f"reach. Rebind it in both branches (e.g. {name} = {name}.copy() before writing), or write in place "
            "in both")


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
    number = PyNumber.of(out)
    tensor.record_join(number, [t.flat[i][0][j] for t in traced])  # (one Python type on every path?)
    return number


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
    for b, (error, made) in raising.items():
        taken = pred if b == 0 else np.logical_not(pred)
        message = raised_message(error)
        variables.bind_assert(np.logical_not(taken), message, type(error), raise_site(error),
                              readable=_made_before_the_raise(message, made, taken))
    if len(raising) == len(branches):
        return None  # one of the assertions fails on every run: nothing after the statement runs
    (other,) = [b for b in range(len(branches)) if b not in raising]
    return branches[other]()


def _made_before_the_raise(message: str, made: Any, taken: Tensor) -> dict:
    """The values of the tensors the raising branch made itself that ``message`` holds (``f"mean {s / n:.3e}"``,
    ``"... %g" % x[0]``), by their mark's number: the branch's graph up to its ``raise`` (``made``, its builder),
    run under a ``cond`` on ``taken``, as eager code runs it before raising (its prints and checks too), with
    those tensors as outputs; zeros where the branch is not taken, when no assertion reads them. A tensor of
    a shape known only at run time keeps its mark's text."""
    if made is None:
        return {}
    marked = [(number, value) for number, value in formatted.marks_made_by(message, made)
              if None not in value.shape]
    if not marked:
        return {}
    values = [value for _, value in marked]
    true_graph = made.graph(values)
    zeros = [("const", np.zeros(value.shape, value.dtype)) for value in values]
    false_graph = with_outputs(Graph(true_graph.inputs, (), ()), zeros)
    captures = [Tensor(value, owner) for value, owner in made.captured]
    outs = tensor.bind("cond", [taken, *captures], true_graph=true_graph, false_graph=false_graph)
    return {number: out for (number, _), out in zip(marked, outs)}


def _branch_values(t: _Traced) -> list:
    return [tree.unflatten(leaves) for leaves, tree in t.flat]


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
                return state.outputs(state.get(), entry)
            finally:
                restore()
                state.set(entry)  # no tensor of the branch may outlive it in a variable
                check()
        return run

    rebound: list = []
    values = stage_cond(pred, [branch(body), branch(orelse)], state.names, ("if", "else"), rebound)
    if rebound:
        restore = _nothing  # (its snapshot of the cells refers to their values: let it go before counting)
        _check_rebound(rebound, entry, flat)
    if values is not None:  # None: both branches raise
        state.set(values)


def _check_rebound(rebound: list, entry: tuple, flat: list) -> None:
    """Refuse each array that a branch wrote in place and the other rebound the name of (``stage_cond``'s
    ``rebound``), unless that name is its only holder (``_unshared``)."""
    while rebound:
        name, label, array, where = rebound.pop()
        if not _unshared(array, entry, flat):
            raise staging_error(_rebinding_message(name, label, where))




def _unshared(array: Tensor, entry: tuple, flat: list) -> bool:
    """Whether ``array``, which one carried variable held before a staged ``if`` (``entry``: the carried
    values, which the variables hold again; ``flat``: them flattened), is referred to by that variable alone:
    by no other variable, container, view, object, caller (an argument) or weak reference.

    Then one branch may write into it while the other rebinds the name: after the ``if`` the name holds the
    joined value, and no program can reach the array again, so no later write through the name needs to
    reach it, and no read elsewhere can miss one. Exact, by CPython's reference count: every reference but
    the ones counted here (the variable's cell, the runtime's copies of the state, this check's own) is
    someone else's; cycles the tracing left are collected first when the count does not match."""
    if not COUNTS_REFERENCES or _identical(entry, array) != 1:
        return False
    known = 1 + 1 + sum(_identical(leaves, array) for leaves, _ in flat)  # its cell, entry, flat
    known += 2  # this function's argument, the caller's variable
    known += path_aliases.references(array)  # (the runtime's record of the arrays a staged statement joined)
    if held_only_by(array, known):
        return True
    gc.collect()  # the traced branches leave reference cycles (closures, subgraphs) that may still hold it
    return held_only_by(array, known)


def _identical(items: Any, x: Any) -> int:
    """How many of ``items`` are ``x`` itself (never ``==``: a tensor's would stage a comparison)."""
    return sum(1 for item in items if item is x)


def if_exp(cond: Tensor, if_true: Callable[[], Any], if_false: Callable[[], Any]) -> Any:
    pred = predicate(cond, "the condition of this conditional expression")
    values = stage_cond(pred, [lambda: (if_true(),), lambda: (if_false(),)],
                        ("<the value of the conditional expression>",), ("true", "false"))
    if values is None:
        # (A staged `if` whose blocks both raise goes on with the variables as they were: the graph raises
        # before anything after it runs. An expression has no value to go on with.)
        raise NotStageable(
            f"{user_location()}: both values of this conditional expression raise, whichever way its condition "
            "goes, so the function raises on every input of these shapes (eager code raises the error of the value the "
            "condition picks): a graph needs a value to go on tracing with. Call the function eagerly, or "
            "fix the value that raises")
    return values[0]
