"""Staged loops: one ``while_loop`` node over the variables a loop carries.

Before (converted code, traced with ``x`` a graph tensor)::

    def loop_test():
        return np.sum(x) > 1

    def loop_body():
        nonlocal x
        x = x / 2

    for step in ag__.while_stmt(loop_test, None, loop_body, ('x',)):
        step()

After (what this module adds to the graph)::

    b:f64[1000] = while_loop[cond_graph={ ... gt ... } body_graph={ ... truediv ... }] a

The body is traced on placeholders for the carried tensors and compared with what it
started from. A Python number the body changes (``i = 0; i += 1``) becomes a loop
variable, a dim that changes becomes unknown, and the body is traced again until
nothing changes; a dtype that changes is an error. A ``for`` over a tensor's first
axis or over ``range`` with a tensor bound is a while loop over a hidden index. When
a Python ``for`` loop's break or return flag becomes a tensor, the items left of a
``range`` are staged the same way, and other items are unrolled, each under a
``cond`` on the flag.
"""

from __future__ import annotations

import contextlib
import functools
from contextvars import ContextVar
from typing import Any, Callable, Iterator, Optional, Union

import numpy as np

from runtime import carry, limits
from runtime.graph import identity, path_aliases, tensor, tracing, variables
from runtime.graph.builder import KNOWN_SHAPES_ONLY, current_builder
from runtime.graph.control_flow import (
    RULES,
    describe,
    flatten,
    guard_arrays,
    if_stmt,
    is_number,
    leaf_type,
    paths,
    predicate,
    same,
    show,
    staging_error,
    written_roots,
    zeros,
)
from runtime.graph.ir import Graph
from runtime.graph.loop_types import LoopTypes
from runtime.graph.numpy_random import draws_random
from runtime.graph.ops import graph_is_stateful, refused_dtypes
from runtime.graph.subgraphs import closure_snapshot, with_outputs
from runtime.graph.tensor import PyNumber, Tensor
from runtime.graph.tracing import TensorSpec
from runtime.iterables import RANGE_ITERATOR as _RANGE_ITERATOR
from runtime.iterables import remaining_range
from runtime.staging import (
    NotStageable,
    has_no_value,
    raise_site,
    raised_in_branch_code,
    raised_message,
    untraceable_block,
    user_location,
)

_MAX_TRACES = 12


class GraphRange:
    """``range(...)`` with a tensor bound; only a converted ``for`` loop can iterate it."""

    __slots__ = ("start", "stop", "step")

    def __init__(self, *args: Any) -> None:
        if not 1 <= len(args) <= 3:
            raise TypeError(f"range expected 1 to 3 arguments, got {len(args)}")
        start, stop, step = (0, args[0], 1) if len(args) == 1 else (*args, 1)[:3]
        for bound in (start, stop, step):
            dtype = leaf_type(bound)[1] if isinstance(bound, Tensor) or is_number(bound) else None
            if dtype is not None and dtype.kind not in "iu" or isinstance(bound, Tensor) and bound.shape != ():
                raise staging_error(f"range() needs integer scalars, got {show(bound)}")
        if isinstance(step, int) and step == 0:
            raise ValueError("range() arg 3 must not be zero")
        self.start, self.stop, self.step = (_python_int(bound) for bound in (start, stop, step))


def _python_int(bound: Any) -> Any:
    """A bound as ``range()`` takes it: the Python int of it (``operator.index``), so the index and the arithmetic on
    it are Python ints', never an int8 bound's, which would wrap (``i * 100``). A tensor bound is a Python int known
    when the graph runs: an int64 ``PyNumber`` (a uint64 beyond int64 raises then: graphs hold Python ints as int64)."""
    if not isinstance(bound, Tensor) or type(bound) is PyNumber:
        return bound
    if bound.dtype == np.uint64:
        tensor.bind("assert", [tensor.apply("lt", bound, tensor.constant(np.uint64(2 ** 63)))], error=OverflowError,
                    message="range() bound beyond 2**63 - 1: a graph holds Python ints as int64",
                    where=user_location())
    return PyNumber.of(tensor.cast(bound, np.int64))

    def __iter__(self) -> Any:
        raise NotStageable("a range with a tensor bound can only be iterated by a converted for loop "
                        "(use autograph.function, or autograph.convert)")

    def __repr__(self) -> str:
        return f"GraphRange({self.start!r}, {self.stop!r}, {self.step!r})"


class _Loop:
    """What a loop carries: for each state leaf, either a loop variable (shape, dtype) or its
    Python value, which the body must leave alone."""

    def __init__(self, names: tuple, entry: tuple) -> None:
        self.names = names
        self.flat = [flatten(v) for v in entry]
        self.carried: dict[tuple[int, int], tuple[tuple, np.dtype]] = {}
        self.init: dict[tuple[int, int], Any] = {}
        # The slots carrying a Python number (a constant, or a PyNumber such as a dimension): a PyNumber inside
        # the body and after the loop, which promotes as the Python number would, while the body keeps it one.
        self.weak: set[tuple[int, int]] = set()
        # The slots whose tensor from before the loop the body rebinds (``y = y + x``): inside the body they hold
        # a tensor of their own, not that one, which other names may still be bound to (``y = x`` before the
        # loop: ``x`` is the array from before the loop in every iteration, not the loop variable).
        self.fresh: set[tuple[int, int]] = set()
        for i, (leaves, _) in enumerate(self.flat):
            for j, leaf in enumerate(leaves):
                if isinstance(leaf, Tensor):
                    self.carry((i, j), leaf.shape, leaf.dtype, leaf)

    def carry(self, slot: tuple[int, int], shape: tuple, dtype: np.dtype, init: Any, weak: bool = False) -> None:
        """Carry ``slot`` as a loop variable starting at ``init``; ``weak``: a Python number (or a PyNumber)."""
        self.carried[slot], self.init[slot] = (tuple(shape), np.dtype(dtype)), init
        if (weak or type(init) is PyNumber) and slot not in self.demoted:
            self.weak.add(slot)

    demoted: frozenset = frozenset()

    def settle_weak(self, flat: list) -> bool:
        """Whether a slot carried as a Python number left one iteration as an array's value (``n = n + x[0]``):
        it is carried as that value from then on, and the body must be traced again."""
        strong = {(i, j) for i, j in self.weak
                  if type(flat[i][0][j]) is not PyNumber and type(flat[i][0][j]) not in (bool, int, float)}
        self.weak -= strong
        self.demoted = self.demoted | strong
        return bool(strong)

    @property
    def slots(self) -> list:
        return sorted(self.carried)

    def specs(self) -> list[TensorSpec]:
        return [TensorSpec(*self.carried[s]) for s in self.slots]

    def rebuild(self, carried: Any, in_place: Optional[set] = None, written: frozenset = frozenset()) -> tuple:
        """The variables with the loop variables replaced by ``carried`` (fresh containers). A tensor
        from before the loop stays itself (``_install`` makes it hold its loop variable inside the
        body); after the loop, those in ``in_place`` stay too, written with their output if the body
        wrote into them (``written``; else the output is what they held)."""
        leaves = [list(ls) for ls, _ in self.flat]
        for slot, value in zip(self.slots, carried):
            i, j = slot
            init = self.init[slot]
            if in_place is None and isinstance(init, Tensor) and slot not in self.fresh:
                continue
            if in_place is not None and slot in in_place:
                if slot in written:
                    tensor.write(init, value, carried_out=True)
                continue
            leaves[i][j] = PyNumber.of(value) if slot in self.weak else value
        return tuple(tree.unflatten(ls) for ls, (_, tree) in zip(leaves, self.flat))

    def holds(self, t: Tensor) -> bool:
        """Whether ``t`` is the tensor from before the loop of a carried slot."""
        return any(self.init[s] is t for s in self.slots)

    def initial_values(self) -> list:
        return [tensor.as_tensor(self.init[s], self.carried[s][1]) for s in self.slots]


def stage_while(test: Callable[[], Any], body: Callable[[], None], state: Any, what: str = "while loop",
                peelable: bool = False, entered: Optional[Callable[[], Any]] = None) -> None:
    """``while test(): body()`` as one while_loop node; the state ends with its outputs.

    Inside the body and test, each carried tensor is the same Tensor object as before the loop,
    holding the loop variable (``GraphBuilder.shadows``), so other names and views bound to it see
    the loop's writes. A carried tensor the body wrote into in place (``x[i] = v``; not rebound) is
    written with the loop's output afterwards. A tensor from before the loop that is not carried but
    written in the body (through an attribute, a container, another view) becomes an extra loop
    variable (a *root*): the body is traced again with it carried. A variable the body rebinds that held
    an array from before the loop is that array after it when no iteration runs: noted, with ``entered``
    (a thunk giving whether an iteration runs; None where that is not at hand), for path_aliases."""
    entry = state.get()
    loop = _Loop(state.names, entry)
    restore = closure_snapshot(body, test)
    roots: list = []
    raises = False  # whether the body raised while traced (whatever the values: then it raises when it runs)
    types = LoopTypes()  # the variables whose Python type depends on the path, with their tags (loop_types.py)
    for _ in range(_MAX_TRACES):
        box: list = []

        def run_body(*args: Any, loop: _Loop = loop, box: list = box, roots: tuple = tuple(roots),
                     raises: bool = raises) -> list:
            carried = args[:len(loop.slots)]
            _install(loop, carried, roots, args[len(loop.slots):])
            types.note_placeholders(loop.slots, carried, [loop.flat[i][0][j] for i, j in loop.slots])
            start = loop.rebuild(carried)
            types.share(loop.slots, carried, start)  # (the objects the body sees for its loop variables)
            state.set(start)
            check = guard_arrays(state.names, entry, what)
            try:
                try:
                    body()
                    out = state.get()
                except Exception as error:
                    if not raises or not _raised_by_the_body(error):
                        raise
                    # Raised again, as the first trace raised it: the iteration raises it when it runs (its
                    # message may show the values of tensors it made before the raise: they are in this graph).
                    _assert_raised(error)
                    out = start  # (never seen: no iteration gets past the raise)
            finally:
                restore()
                state.set(entry)  # no tensor of the body may outlive it in a variable
                check()
            flat = [flatten(v) for v in out]
            grew = types.write_tags(loop.slots, [flat[i][0][j] for i, j in loop.slots])
            box.append((flat, written_roots(), _written_in_place(loop, carried), carried, grew))
            return [leaf for leaves, _ in flat for leaf in leaves if isinstance(leaf, Tensor)] + list(roots)

        try:
            sub = tracing.trace_subgraph(run_body, loop.specs() + [TensorSpec(r.shape, r.dtype) for r in roots])
        except Exception as error:
            if isinstance(error, TypeError) and refused_dtypes(error):
                raise untraceable_block(error, f"the body of a staged {what}") from error
            if raises or not _raised_by_the_body(error):
                raise
            # The body raises whatever the values (`x = a[5]` of a 3-element `a`, the user's `raise`): eager code
            # raises it only if the loop runs an iteration. Staged, the first iteration raises it; a run whose
            # test is false at once goes on, as eager code does, with the variables as they were.
            raises = True
            continue
        flat, written, in_place, placeholders, grew = box[0]
        before, made = [loop.flat[i][0][j] for i, j in loop.slots], [flat[i][0][j] for i, j in loop.slots]
        learned = types.learn(loop.slots, before, made)
        started = types.start(loop.slots, before, made, placeholders)
        roots += started  # (carried with its tag from now on, loop_types.py)
        _check_in_place(loop, flat, in_place, what)
        rebound = {(i, j) for (i, j) in loop.slots if isinstance(loop.init[i, j], Tensor)
                   and (i, j) not in loop.fresh and flat[i][0][j] is not loop.init[i, j]}
        if rebound:  # trace again, those slots holding tensors of their own (see _Loop.fresh)
            loop.fresh |= rebound
            continue
        plan = _check(loop, flat, what, peelable)
        if loop.settle_weak(flat):
            continue
        more = [t for t in written if not loop.holds(t) and not any(t is r for r in roots)]
        if more:
            roots += more
            continue
        if grew or learned or started:  # (a variable's kinds grew, or one is carried with its tag now)
            continue
        if plan is not None:
            break
    else:
        raise staging_error(f"the types of the variables carried by this {what} do not settle")
    tensors = sum(isinstance(leaf, Tensor) for leaves, _ in flat for leaf in leaves)
    plan += [("out", tensors + k, r.dtype) for k, r in enumerate(roots)]

    def run_test(*args: Any) -> list:
        carried = args[:len(loop.slots)]
        _install(loop, carried, roots, args[len(loop.slots):])
        state.set(loop.rebuild(carried))
        try:
            return [predicate(test(), f"the condition of this {what}")]
        finally:
            restore()
            state.set(entry)

    specs = loop.specs() + [TensorSpec(r.shape, r.dtype) for r in roots]
    cond = tracing.trace_subgraph(run_test, specs, captures=sub.captures)
    if draws_random(cond.graph):
        # The loop's first test ran before it was staged (runtime/operators.py asks it to choose who runs the
        # loop), and its draws are in the graph already: the staged test would draw once more than eager code.
        raise staging_error(
            f"the condition of this {what} draws random numbers (NumPy's random functions), and a graph would "
            "draw them once more than eager code: the first test is asked before the loop is staged. Draw before "
            "the loop and again at the end of its body, and test the number drawn (u = np.random.rand(); "
            "while u < p: ...; u = np.random.rand()).")
    consts = cond.captures
    body_graph = tracing.pad_inputs(with_outputs(sub.graph, plan), consts[len(sub.captures):])
    inputs = [*loop.initial_values(), *roots, *consts]
    outs = tensor.bind("while_loop", inputs, cond_graph=cond.graph, body_graph=body_graph)
    if entered is None and not graph_is_stateful(cond.graph):
        # Whether an iteration runs: the loop's test on the values it starts from (a cond whose two branches are
        # the test's graph), asked only where a rebound variable held an array from before the loop.
        def entered(inputs: list = inputs) -> Any:
            return tensor.bind("cond", [tensor.constant(True), *inputs], true_graph=cond.graph,
                               false_graph=cond.graph)[0]
    if entered is not None:  # (asked once, by whichever record needs it first)
        entered = functools.lru_cache(maxsize=None)(entered)
    n = len(loop.slots)
    for (i, j), out in zip(loop.slots, outs[:n]):
        tensor.stand_as_all(out, [loop.init[i, j], flat[i][0][j]])
        identity.note_join(out, [v if isinstance(v, Tensor) else None for v in (loop.init[i, j], flat[i][0][j])])
        if (i, j) in loop.fresh and isinstance(out, Tensor):  # (a kept slot's array is the one from before)
            ends = [v if isinstance(v, Tensor) else None for v in (loop.init[i, j], flat[i][0][j])]
            path_aliases.note_join(out, ends, (
                path_aliases.ALWAYS if entered is None else lambda: tensor.apply("logical_not", entered()),
                path_aliases.ALWAYS))
        if (i, j) in loop.weak:  # a Python number: the one from before the loop, or the body's (one type on both?)
            tensor.record_join(out, [loop.flat[i][0][j], flat[i][0][j]])
        if (i, j) not in types.tags or (i, j) in types.failed:
            tensor.note_loop_types(out, loop.flat[i][0][j], flat[i][0][j], placeholders[loop.slots.index((i, j))],
                                   entered, describe(loop.names[i], paths(loop.flat[i][1])[j]))
    for root, out in zip(roots, outs[n:]):
        tensor.write(root, out, carried_out=True)
    for (i, j), out in zip(loop.slots, outs[:n]):  # (after the roots, its tag among them, hold the loop's outputs)
        types.record((i, j), out, describe(loop.names[i], paths(loop.flat[i][1])[j]))
    after = loop.rebuild(outs[:n], in_place=_kept(loop, flat), written=in_place)
    types.share(loop.slots, outs[:n], after)  # (a Python number's slot holds its own object of the output)
    state.set(after)


def _raised_by_the_body(error: BaseException) -> bool:
    """Whether ``error``, raised by a loop body while traced, is the body's to raise when it runs (the user's
    ``raise``, Python's or NumPy's error on the values' shapes: ``raised_in_branch_code``), not a refusal."""
    return not (isinstance(error, TypeError) and refused_dtypes(error)) and raised_in_branch_code(error)


def _assert_raised(error: BaseException) -> None:
    """An assertion that fails whenever the graph reaches it, raising ``error``'s class with its message (the values
    of tensors it shows written in), naming the line that raised it."""
    variables.bind_assert(tensor.constant(False), raised_message(error), type(error), raise_site(error))


def _install(loop: _Loop, carried: tuple, roots: tuple, root_args: tuple) -> None:
    """Make each carried tensor and root (Tensor objects from before the loop) hold its loop variable
    inside the graph being traced; views made of them before the loop recompute from it."""
    builder = current_builder()
    pairs = [(loop.init[slot], arg) for slot, arg in zip(loop.slots, carried)
             if isinstance(loop.init[slot], Tensor) and slot not in loop.fresh]
    for t, arg in pairs + list(zip(roots, root_args)):
        t._version += 1
        builder.shadows[id(t)] = (t, arg._value, None if t._view is None else t._view[0].stamp())


def _written_in_place(loop: _Loop, carried: tuple) -> set:
    """The slots whose tensor from before the loop was written in place by the body just traced.

    Several slots may hold one tensor (``b = a`` before the loop): ``_install`` leaves it holding the last
    one's loop variable, so that is what it still holds unless a write changed it (comparing each slot's
    own loop variable would take the alias for a write)."""
    shadows = current_builder().shadows
    installed = {id(loop.init[slot]): arg._value for slot, arg in zip(loop.slots, carried)
                 if isinstance(loop.init[slot], Tensor) and slot not in loop.fresh}
    return {slot for slot in loop.slots if isinstance(loop.init[slot], Tensor) and slot not in loop.fresh
            and shadows[id(loop.init[slot])][1] is not installed[id(loop.init[slot])]}


def _kept(loop: _Loop, flat: list) -> set:
    """The carried slots that still hold their tensor from before the loop after one iteration."""
    return {(i, j) for (i, j) in loop.slots if isinstance(loop.init[i, j], Tensor) and flat[i][0][j] is loop.init[i, j]}


def _check_in_place(loop: _Loop, flat: list, in_place: set, what: str) -> None:
    for i, j in sorted(in_place - _kept(loop, flat)):
        raise staging_error(
            f"{describe(loop.names[i], paths(loop.flat[i][1])[j])} is written in place inside this {what} and "
            "then rebound to another array; the graph cannot tell which array later writes through that name "
            f"should reach. Rebind it before writing (e.g. {loop.names[i]} = {loop.names[i]}.copy()), or only "
            "write in place")


def _check(loop: _Loop, out: list, what: str, peelable: bool = False) -> Optional[list]:
    """Compare one traced iteration with the loop's entry (the rules and their wording: runtime/carry.py).
    Returns the plan for the body's outputs, or None after widening the loop's types (then the body must
    be traced again). ``peelable``: a for loop of known trip count, which may run its first iteration
    before the staged loop (``carry.Peel``) for a variable that has its first value only after it."""
    plan: list = []
    changed = False
    positions = {}
    for i, (leaves, _) in enumerate(out):
        for j, leaf in enumerate(leaves):
            if isinstance(leaf, Tensor):
                positions[i, j] = len(positions)
    for i, name in enumerate(loop.names):
        (entry_leaves, entry_tree), (out_leaves, out_tree) = loop.flat[i], out[i]
        entry_value = entry_tree.unflatten(entry_leaves)
        if has_no_value(name, entry_value) or entry_value is None:
            if not carry.first_value(RULES, name, entry_value, out_tree.unflatten(out_leaves), what, peelable):
                continue
            # A return value first set in the loop: a don't-care placeholder until its flag is set.
            types = [RULES.typeof(x) if carry.is_value(RULES, x) else None for x in out_leaves]
            loop.flat[i] = ([x if t is None else zeros(t.shape, t.dtype) for x, t in zip(out_leaves, types)], out_tree)
            for j, t in enumerate(types):
                if t is not None:
                    loop.carry((i, j), t.shape, t.dtype, zeros(t.shape, t.dtype))
            changed = True
            continue
        if out_tree != entry_tree:
            grows = entry_tree.kind == out_tree.kind == "list" and len(out_tree.children) > len(entry_tree.children)
            hint = (": a list cannot grow in it (`out.append(v)`). Preallocate an array before the loop "
                    "(`out = np.zeros(n)`) and write `out[i] = v` in it" if grows else "")
            raise carry.restructured(RULES, name, entry_value, out_tree.unflatten(out_leaves), what, hint)
        for j, path in enumerate(paths(entry_tree)):
            label = describe(name, path)
            e, o = entry_leaves[j], out_leaves[j]
            slot = (i, j)
            if slot in loop.carried:
                shape, dtype = loop.carried[slot]
                joined, _, widened = carry.carry_leaf(RULES, label, carry.LeafType(shape, dtype), o, what)
                if widened:
                    loop.carried[slot] = (joined.shape, dtype)
                    changed = True
                plan.append(("out", positions[slot], dtype) if isinstance(o, Tensor)
                            else ("const", np.asarray(o, dtype)))
                continue
            if same(e, o):
                continue
            if peelable and type(e) in (bool, int, float, complex) and isinstance(o, Tensor) and o.ndim:
                # `acc = 0; for row in xs: acc = acc + row`: Python's first iteration makes it an array, whose
                # shape the rest of the loop may keep.
                raise carry.number_became_array(label, o.value.shape, what)
            if is_number(e) and (isinstance(o, Tensor) or is_number(o)):
                # (A number's shape is (): join_types refuses any other.)
                joined = carry.join_types(RULES, label, [(f"before the {what}", e), ("after one iteration", o)])
                loop.carry(slot, joined.shape, joined.dtype, np.asarray(e, joined.dtype),
                           weak=type(e) in (bool, int, float))
                changed = True
                continue
            raise carry.static_changed(RULES, label, e, o, what)
    return None if changed else plan


# --- for loops -------------------------------------------------------------------------------------

class _Counted:
    """A state plus the hidden index of a for loop staged as a while loop."""

    def __init__(self, state: Any, start: Any) -> None:
        self.state, self.index = state, start
        self.names = (*state.names, "<the loop index>")

    def get(self) -> tuple:
        return (*self.state.get(), self.index)

    def set(self, values: Any) -> None:
        *rest, self.index = values
        self.state.set(rest)


def _indexed_loop(count: Any, item_at: Callable[[Any], Any], extra_test: Optional[Callable[[], Any]],
                  body: Callable[[Any], None], state: Any, index_dtype: Any = np.int64, peelable: bool = False) -> None:
    """``for k in range(count): body(item_at(k))``, stopping once ``extra_test()`` is false (``index_dtype``
    None: the index is a Python int, a ``PyNumber``; ``peelable``: see ``_check``)."""
    # Over a range of Python ints (or dimensions known at run time) the index is a Python int, as eager's.
    start = tensor.constant(0, index_dtype)
    counted = _Counted(state, PyNumber.of(start) if index_dtype is None else start)

    def test() -> Any:
        more = counted.index < count
        if extra_test is None:
            return more
        return np.logical_and(more, predicate(extra_test(), "the break or return flag of this for loop"))

    def step() -> None:
        index = counted.index
        body(item_at(index))
        counted.index = index + 1

    entered = None if extra_test is not None else lambda: tensor.as_tensor(0 < count)
    stage_while(test, step, counted, what="for loop", peelable=peelable, entered=entered)


def _trip_count(start: Any, stop: Any, step: Any) -> Any:
    """Python's ``len(range(start, stop, step))`` on tensors: ceil((stop - start) / step), at least 0."""
    if isinstance(step, int):
        if step == 1:
            count = stop if isinstance(start, int) and start == 0 else stop - start
        else:
            count = (stop - start + step - (1 if step > 0 else -1)) // step
    else:
        count = np.where(step > 0, (stop - start + step - 1) // step, (stop - start + step + 1) // step)
    return np.maximum(count, 0)


def _python_loop(items: Any, extra_test: Optional[Callable[[], Any]], body: Callable[[Any], None],
                 state: Any) -> None:
    """Python's loop over ``items``, each body traced in turn, stopping once the break or return flag is false;
    once the flag is a tensor, each remaining item's body runs in an ``if`` on it."""
    for item in items:
        flag = True if extra_test is None else extra_test()
        if isinstance(flag, Tensor):
            if_stmt(flag, functools.partial(body, item), None, state)
        elif flag:
            body(item)
            if state.watch is not None:  # (what Python's loop changed, appends too, is the program's own)
                state.watch.ran_as_python()
        else:
            return None
    return None


def _peeled(iterable: Tensor, length: int, extra_test: Optional[Callable[[], Any]], body: Callable[[Any], None],
            state: Any, needed: carry.Peel) -> None:
    """``for item in iterable`` (a tensor with a known first dim) where a variable gets its first value in the
    first iteration (``best = None`` or unassigned before the loop): Python's first iteration, traced as it
    runs, then the staged loop over the rest, which starts from a value. Exactly Python's loop, since it
    runs at least once; a loop that runs no iteration changes nothing. Peeled once: a variable that loses
    its value again in a later iteration is refused (``needed.error()``)."""
    if length == 0:
        return None
    flag = True if extra_test is None else extra_test()
    if isinstance(flag, Tensor):
        raise needed.error()  # whether the first iteration runs is known only when the graph runs
    if not flag:
        return None
    body(iterable[0])
    if length == 1:
        return None  # (no loop over no rows: its body would index past the end when lowered)
    return for_stmt(iterable[1:], extra_test, body, state, peel=False)


def for_stmt(iterable: Any, extra_test: Optional[Callable[[], Any]], body: Callable[[Any], None], state: Any,
             peel: bool = True) -> None:
    """Stage ``for item in iterable: body(item)``. ``peel``: a loop over a tensor of known length may run its
    first iteration before the staged loop (``_peeled``)."""
    if isinstance(iterable, GraphRange):
        # (Its bounds are Python ints, known now or when the graph runs: GraphRange made them so.) The counter is an
        # int64 of the loop; the body gets Python ints, as eager's range gives (a PyNumber view of the counter).
        start, stop, step = iterable.start, iterable.stop, iterable.step
        if isinstance(start, int) and start == 0 and isinstance(step, int) and step == 1:
            item_at = PyNumber.of
        else:
            item_at = lambda k: start + PyNumber.of(k) * step  # noqa: E731
        return _indexed_loop(_trip_count(start, stop, step), item_at, extra_test, body, state, np.int64)
    if isinstance(iterable, Tensor):
        if iterable.ndim == 0:
            raise staging_error("cannot iterate over a 0-d tensor (a scalar)")
        length = iterable.shape[0]
        count = length if length is not None else tensor.bind1("dim", [iterable], axis=0)
        mark = limits.refusal_mark()
        try:
            # (Peeled only where the length is known: one known only at run time may be 0.)
            return _indexed_loop(count, lambda k: iterable[k], extra_test, body, state,
                                 peelable=peel and length is not None)
        except carry.Peel as needed:
            return _peeled(iterable, length, extra_test, body, state, needed)
        except limits.Limitation:
            if length is None:
                raise
        # The body cannot be one staged loop (a carried shape that changes where an op needs it known:
        # `a = np.convolve(a, [1, -z])`), but the length is known: Python's loop over the rows, traced as
        # it runs, as a loop over range(len(xs)) is (until stop 80 this was refused). Its refusals are not
        # the program's; the unrolled loop's are.
        limits.forget_since(mark)
        if state.watch is not None:  # (the objects the refused trace wrote, as they were before the loop)
            state.watch.put_back()
        return _python_loop((iterable[k] for k in range(length)), extra_test, body, state)  # (the rows)
    # A Python loop whose break or return flag just became a tensor: stage what is left of it.
    rest = remaining_range(iterable) if type(iterable) is _RANGE_ITERATOR else None
    if rest is not None:
        return _indexed_loop(len(rest), lambda k: rest.start + k * rest.step, extra_test, body, state, None)
    return _python_loop(iterable, extra_test, body, state)  # (any other iterator: each body staged under the flag)



# --- for loops over a static range ---------------------------------------------------------------------

# How many graph nodes a `for` over a plain `range` may add by running as Python's loop, each iteration traced as it
# runs; past that, the rest of it is one staged loop where it can be (runtime/operators.py, ``_range_then_staged``).
# Per thread and context.
UNROLL_LIMIT: ContextVar[Optional[int]] = ContextVar("autograph_graph_unroll_limit", default=1000)


@contextlib.contextmanager
def unroll_limit(nodes: Optional[int]) -> Iterator[None]:
    """Within the block, a ``for`` over a plain ``range`` whose body reads graph tensors runs as Python's loop
    while the graph it adds stays within about ``nodes`` nodes (an iteration's nodes times the iterations left),
    and stages the rest as one loop past that (``0``: from the second iteration on; ``None``: never, every
    iteration traced as it runs). Read while a function is traced (``autograph.function`` keeps its trace: set it
    before the first call). Per thread and context, as a trace is."""
    if nodes is not None and (type(nodes) is not int or nodes < 0):
        raise ValueError(f"unroll_limit takes a number of nodes (an int, 0 or more) or None, not {nodes!r}")
    token = UNROLL_LIMIT.set(nodes)
    try:
        yield
    finally:
        UNROLL_LIMIT.reset(token)


def unroll_mark() -> Optional[tuple]:
    """Where the graph stands as an iteration of a Python loop over a range starts (None: never stage the rest)."""
    if UNROLL_LIMIT.get() is None:
        return None
    builder = current_builder()
    return None if builder is None else (builder, len(builder.nodes))


def worth_staging(mark: Optional[tuple], items: Iterator) -> Union[range, bool, None]:
    """The range ``items`` (a range iterator) has left, where the nodes the iteration since ``mark`` added times its
    length pass ``UNROLL_LIMIT``: then the rest is better one staged loop than one copy of the body per item. False
    where the iteration added no node (a body on plain values, found with one length read); None otherwise."""
    if mark is None:
        return None
    builder, start = mark
    if len(builder.nodes) == start:
        return False
    rest = remaining_range(items)
    limit = UNROLL_LIMIT.get()
    if rest is None or limit is None or _length(rest) < 2:
        return None
    added = _weight(builder.nodes[start:])
    return rest if added * _length(rest) > limit else None


def stage_rest(rest: range, extra_test: Optional[Callable[[], Any]], body: Callable[[Any], None],
               state: Any) -> bool:
    """``for i in rest: body(i)``, the rest of a Python loop over a plain range (runtime/operators.py), as one
    staged ``while_loop`` whose index is a Python int known when the graph runs (a ``PyNumber``, as a range with a
    tensor bound gives): True. False, with nothing of the attempt left (its refusals, the variables it set; the
    operators put back the objects it wrote), where it cannot be one: any refusal or error of its trace (a list
    appended to, the index used as a list index or a shape), or an array whose size would be known only at run
    time where Python's loop knows each (``x[i:i + 3]``: XLA compiles no such array). Python's loop goes on then."""
    entry = state.get()
    mark = limits.refusal_mark()
    start, step = rest.start, rest.step
    item_at = PyNumber.of if start == 0 and step == 1 else (lambda k: start + PyNumber.of(k) * step)
    known_shapes = KNOWN_SHAPES_ONLY.set(True)
    try:
        _indexed_loop(len(rest), item_at, extra_test, body, state, np.int64)
        return True
    except Exception:  # noqa: BLE001 - any failure of the staged rest: Python's loop goes on
        pass
    finally:
        KNOWN_SHAPES_ONLY.reset(known_shapes)
    limits.forget_since(mark)
    state.set(entry)
    return False


def _weight(nodes: list) -> int:
    """How many nodes ``nodes`` are, counting those of the graphs they hold (a cond's branches, a loop's body)."""
    count = 0
    pending = list(nodes)
    while pending:
        node = pending.pop()
        count += 1
        for value in node.attrs.values():
            if isinstance(value, Graph):
                pending.extend(value.nodes)
            elif isinstance(value, (tuple, list)):
                pending.extend(n for g in value if isinstance(g, Graph) for n in g.nodes)
    return count


def _length(numbers: range) -> int:
    """``len(numbers)``, or a number larger than any limit for a range longer than ``sys.maxsize``."""
    try:
        return len(numbers)
    except OverflowError:
        return 1 << 62
