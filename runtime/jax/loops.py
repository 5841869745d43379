"""Staged loops: ``lax.while_loop`` and ``lax.scan`` over the variables a loop carries.

Before (converted code, run under ``jax.jit`` with a traced ``n``)::

    i = 0
    for step in ag__.while_stmt(lambda: i < n, None, loop_body, ('i', 'x')):
        step()

After (what this module builds)::

    i, x = lax.while_loop(lambda c: test(*c), lambda c: replay_body(*c), (0, x))

The body is traced once with ``jax.make_jaxpr`` (see ``trace_once``); comparing what it left in
each variable with what it started from tells us what to carry, what stays a Python value, and
which weak Python scalars (``i = 0``) must be promoted (then, and only then, it is traced again).
A ``for`` with a known trip count (over an array, over ``zip`` / ``enumerate`` of arrays, over a
static ``range`` whose carried variables hold tracers, or the rest of a Python ``range`` whose break
flag became traced) is a ``scan``, so
``jax.grad`` goes through it; a break or return flag makes each iteration a ``cond`` that skips
the body once the flag is set. A ``for`` over a range with traced bounds is a ``while_loop`` over
a hidden index.

A static range (``for_static_range``), before::

    def f(x):                               # called as jax.jit(f)(x)
        for i in range(200):
            x = x * 0.5 + i

After (one scan instead of 200 copies of the body in the jaxpr; the index is carried and
counted, as ``lax.fori_loop`` does, and left out when the body does not read it)::

    def step(carry, _):
        i, x = carry                        # i: int32, read as a weakly typed int, like a Python int
        return (i + 1, x * 0.5 + i), None
    (_, x), _ = lax.scan(step, (0, x), None, length=200)
"""

from __future__ import annotations

import contextlib
import functools
import re
import warnings
from typing import Any, Callable, Iterator, NamedTuple, Optional

import jax
import jax.numpy as jnp
import jax.tree_util as jtu
import numpy as np
from jax import lax

from runtime.backend import State, Thunk
from runtime.carry import Peel, carry_leaf, first_value, number_became_array, restructured, static_changed
from runtime.iterables import RANGE_ITERATOR as _RANGE_ITERATOR
from runtime.iterables import remaining_range
from runtime.jax import checks, grad_errors, inner_ranges, items, options, sequences
from runtime.jax import cond as branches
from runtime.jax.common import (
    JAX_TRACING_ERRORS,
    RULES,
    Abstract,
    as_output,
    is_array,
    label,
    located,
    predicate,
    python_zero,
    same,
    summary,
    trace_jaxpr,
    trace_once,
    typeof,
)
from runtime.jax.jax_internals import Literal, convert_element_type, pe  # (pe.dce_jaxpr: which inputs a body reads)
from runtime.jax.leaves import is_iterator
from runtime.jax.options import UnrolledLoopWarning
from runtime.jax.ranges import JaxEnumerate, JaxRange, JaxZip
from runtime.jax.sequences import Sequence
from runtime.staging import (
    describe,
    has_no_value,
    is_return_value,
    raise_site,
    raised_in_branch_code,
    staging_error,
    user_location,
)
from runtime.undefined import Undefined

# How an enclosing scan looks for its inner ranges' bounds (runtime/jax/inner_ranges.py): never a
# failure of the statement they pass through.
_SEARCHES = (inner_ranges.BoundNeeded, inner_ranges.Reached)


class _AppendOnly(list):
    """Stands for a list that a scanned body appends to: the items become the scan's outputs,
    so the body cannot read them (they do not exist yet while the body is traced). It takes
    ``append``, ``extend``, ``+=`` and ``lst + [item]`` (the items added); anything else raises, so
    that a read, or a write that is not at the end (``insert(0, v)``, ``[v] + lst``), can never be
    taken for an append."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def _read(self, *args: Any) -> Any:
        raise staging_error(f"{describe(self.name)} is read inside a staged for loop that appends to it; "
                            "its items are stacked only after the loop, so the body may only append")

    def _write(self, *args: Any) -> Any:
        raise staging_error(f"{describe(self.name)} is changed other than by appending to it (insert, [v] + list, "
                            "item assignment, ...) inside a staged for loop that appends to it; its items are "
                            "stacked as the loop's outputs, so the body may only append")

    def __add__(self, other: Any) -> Any:
        if type(other) is not list:
            return self._read()
        result = _AppendOnly(self.name)
        list.extend(result, other)
        return result

    __getitem__ = __iter__ = __len__ = __contains__ = __reversed__ = index = count = copy = _read
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __mul__ = __rmul__ = _read
    insert = remove = sort = reverse = clear = pop = __setitem__ = __delitem__ = __radd__ = __imul__ = _write
    __hash__ = None  # (as list's: defining __eq__ would otherwise leave it unset anyway)


def _unflatten_appended(name: str, items: Any) -> _AppendOnly:
    result = _AppendOnly(name)
    list.extend(result, items)
    return result


# A pytree node, so that the items appended while tracing are outputs of the trace.
jax.tree_util.register_pytree_node(
    _AppendOnly, lambda x: (list(list.__iter__(x)), x.name), _unflatten_appended)


class _Carry:
    """A loop's variables split into the lax carry (array leaves) and static Python values."""

    def __init__(self, names: tuple, values: tuple, growing: frozenset) -> None:
        self.names, self.values, self.growing = names, values, growing
        self.flat = [jtu.tree_flatten(None if i in growing else v, is_leaf=is_iterator) for i, v in enumerate(values)]
        self.slots = [(i, j) for i, (leaves, _) in enumerate(self.flat)
                      for j, leaf in enumerate(leaves) if is_array(leaf)]

    def init(self) -> list:
        return [self.flat[i][0][j] for i, j in self.slots]

    def rebuild(self, carried: Any) -> tuple:
        leaves = [list(flat[0]) for flat in self.flat]
        for (i, j), value in zip(self.slots, carried):
            leaves[i][j] = value
        return tuple(_AppendOnly(self.names[i]) if i in self.growing else jtu.tree_unflatten(treedef, leaves[i])
                     for i, (_, treedef) in enumerate(self.flat))


def _stage_body(body: Callable, state: Any, what: str, extra: tuple = (), appends: Optional[str] = None,
                peelable: bool = False, raise_when_run: bool = False):
    """Trace ``body(*extra)`` once against the loop carry; check it and promote weak types
    (re-tracing only when the carry's types had to change). Returns the carry, a replay of the
    body, and ``emit(values) -> (carry leaves, appended items)``. ``appends``: None (no list may
    grow) or ``"rows"`` (lists may grow by one item per iteration: see ``_scan``);
    ``peelable``: see ``_check_loop``. ``raise_when_run``: a body that raises while traced (the user's
    ``raise``, Python's error on plain values: ``raised_in_branch_code``) raises when an iteration runs,
    a check (only for a loop that must be staged: where the caller would run the loop as Python on an
    error, as for a static range, that error must reach it)."""
    entry = state.get()
    values, growing = entry, frozenset()
    raises = False  # whether the body raised while traced (whatever the values: then it raises when it runs)
    for _ in range(5):
        carry = _Carry(state.names, values, growing)

        def step(*args, carry=carry, raises=raises):
            values = carry.rebuild(args[:len(carry.slots)])
            # Shallow copies of the lists: the body may append to them in place.
            before = tuple(list(v) if type(v) is list else v for v in values)
            state.set(values)
            try:
                body(*args[len(carry.slots):])
                after = state.get()
            except Exception as error:
                if not raises or not raised_in_branch_code(error):
                    raise
                # Raised again, as the first trace raised it: the iteration raises it when it runs, and a
                # run whose loop runs none goes on, as eager code does (runtime/graph/loops.py does the same).
                checks.fail_when(jnp.bool_(True), type(error), error.args, raise_site(error))
                after = before
            state.set(entry)  # no tracer of this trace may outlive it in a variable
            return after, before

        try:
            (out, before), replay = trace_once(step, *carry.init(), *extra)
        except Exception as error:
            if not raise_when_run or raises or not raised_in_branch_code(error):
                raise
            raises = True
            continue
        finally:
            state.set(entry)
        casts, new_values, new_growing = _check_loop(carry, before, out, what, appends, peelable)
        if new_values is None and not new_growing:
            staged = functools.partial(_first, replay)
            staged.jaxpr = replay.jaxpr
            return carry, staged, functools.partial(_emit, carry, casts)
        values, growing = new_values or values, growing | new_growing
    raise staging_error(f"the types of the variables carried by this {what} do not settle; give them "
                        "explicit dtypes before the loop")


def _first(replay: Callable, *args: Any) -> Any:
    return replay(*args)[0]


def _emit(carry: _Carry, casts: list, values: tuple) -> tuple[list, list]:
    leaves = {}
    carried = []
    for (i, j), dtype in zip(carry.slots, casts):
        if i not in leaves:
            leaves[i] = jtu.tree_leaves(values[i], is_leaf=is_iterator)
        carried.append(as_output(leaves[i][j], dtype))
    appended = [list.__getitem__(values[i], -1) for i in sorted(carry.growing)]
    return carried, appended


def _check_loop(carry: _Carry, traced_in: tuple, out: tuple, what: str, appends: Optional[str],
                peelable: bool = False):
    """Compare each variable after one traced iteration with what the iteration started from (the rules
    and their wording: runtime/carry.py). ``peelable``: a loop of known trip count, which may run its first
    iteration before the staged loop (``Peel``) for a variable that has its first value only after it."""
    casts, new_values, growing = [], list(carry.values), set()
    changed = False
    for i, name in enumerate(carry.names):
        entry, before, after = carry.values[i], traced_in[i], out[i]
        if i in carry.growing:
            if not (isinstance(after, list) and list.__len__(after) == 1):
                raise staging_error(f"{describe(name)} must grow by exactly one item in every iteration "
                                    f"of this {what} (it is stacked into an array)")
            item = list.__getitem__(after, 0)
            if not all(is_array(leaf) for leaf in jtu.tree_leaves(item, is_leaf=is_iterator)):
                raise staging_error(f"the items appended to {describe(name)} must be arrays, got {summary(item)}")
            if appends == "rows" and not all(isinstance(leaf, (Abstract, jax.Array))
                                             for leaf in jtu.tree_leaves(item, is_leaf=is_iterator)):
                # A Python number (or NumPy array) appended stays one in Python's list; a row of the
                # scan's output would be a JAX array, computed in another precision.
                raise staging_error(f"the items appended to {describe(name)} are Python values ({summary(item)}), "
                                    "not JAX arrays: only Python's loop keeps them Python values")
            continue
        # Unassigned, or None (the converter starts a return value at None: "not set yet").
        if has_no_value(name, entry) or entry is None:
            if first_value(RULES, name, entry, after, what, peelable):
                new_values[i], changed = jtu.tree_map(_placeholder, after, is_leaf=is_iterator), True
            continue
        entry_leaves, entry_def = carry.flat[i]
        after_leaves, after_def = jtu.tree_flatten_with_path(after, is_leaf=is_iterator)
        if after_def != entry_def:
            if (appends and type(after) is list and type(before) is list and len(after) == len(before) + 1
                    and _same_items(after[:len(before)], before)):
                growing.add(i)
                continue
            hint = ""
            if type(after) is list and type(before) is list and len(after) > len(before):
                hint = (" (a list can grow only in a for loop over an array without break or return; "
                        "otherwise preallocate an array and fill it with .at[i].set(...))")
            raise restructured(RULES, name, entry, after, what, hint)
        promoted = list(entry_leaves)
        for j, (path, leaf) in enumerate(after_leaves):
            first = entry_leaves[j]
            if not is_array(first):
                if not (same(leaf, first) or leaf is jtu.tree_leaves(before, is_leaf=is_iterator)[j]):
                    raise static_changed(RULES, label(name, path), first, leaf, what)
                continue
            # `acc = 0; for row in xs: acc = acc + row`: Python's first iteration makes a number an array, whose
            # shape the rest of the loop may keep (a loop of known trip count then runs that iteration first).
            if peelable and type(first) in _PYTHON_NUMBERS and is_array(leaf) and RULES.typeof(leaf).shape:
                raise number_became_array(label(name, path), RULES.typeof(leaf).shape, what)
            joined, cast, retyped = carry_leaf(RULES, label(name, path), RULES.typeof(first), leaf, what)
            casts.append(cast)
            if retyped:  # a weakly typed start the body turned into another dtype: the loop starts promoted
                promoted[j] = lax.convert_element_type(first, joined.dtype)
                new_values[i], changed = jtu.tree_unflatten(entry_def, promoted), True
    return casts, (tuple(new_values) if changed else None), frozenset(growing)


def _same_items(a: list, b: list) -> bool:
    return jtu.tree_structure(a, is_leaf=is_iterator) == jtu.tree_structure(b, is_leaf=is_iterator) and all(
        x is y for x, y in zip(jtu.tree_leaves(a, is_leaf=is_iterator), jtu.tree_leaves(b, is_leaf=is_iterator)))


def _placeholder(leaf: Any) -> Any:
    """Initial value for a return value first set inside a loop: never read until its flag is set."""
    if not isinstance(leaf, (jax.core.Tracer, Abstract)):
        return leaf
    aval = typeof(leaf)
    return python_zero(aval.dtype) if aval.weak_type else jnp.zeros(aval.shape, aval.dtype)


def while_from_start(test: Thunk, body: Thunk, state: State) -> bool:
    """A while loop whose first test was a plain ``True`` (``t = 0.0; while t < 1.0:``) and whose body
    closes over tracers: if Python would run one iteration and then find the test traced (so stage
    the rest), stage the whole loop now, with the Python numbers it carries as weakly typed initial
    values. XLA compiles a loop whose initial values are constants about 3x faster than one whose
    initial values the first iteration computed (which is also what the hand-written lax loop does).
    A variable first assigned in the body, on every path of the first iteration (which runs: its test
    holds), starts from a placeholder it never shows (``_first_assigned``).

    Returns False, leaving the loop to Python as before, when: ``static_loops(False)``; a carried
    variable has no value yet that the first iteration does not give one; one iteration run as Python
    (traced once, thrown away) leaves the test a Python value (the loop stays Python: a counted loop over
    Python ints unrolls, and jax.grad goes through it); the test on the promoted initial values is not
    a concrete true (a Python float comparison that float32 would decide otherwise); staging the whole
    loop fails."""
    if not options.STATIC_LOOPS.get():
        return False
    entry = state.get()
    unset = [k for k, (name, value) in enumerate(zip(state.names, entry))
             if has_no_value(name, value) and not is_return_value(name)]
    python = _python_iterations(test, body, state, entry)
    if python is None or (python.count > 1 and unset):
        return False
    if unset:  # first assigned in the body (`while True: action = ...; if ...: break`): placeholders
        placeholders = _first_assigned(body, body, state, entry, unset)
        if placeholders is None:
            return False
        state.set(tuple(placeholders.get(k, value) for k, value in enumerate(entry)))
    try:
        if while_stmt(test, body, state, first_test_holds=True, python=python):
            return True
        state.set(entry)
        return False
    except _SEARCHES:
        raise
    except Exception:  # noqa: BLE001 - Python's first iteration, then the rest as before (raising as before)
        state.set(entry)
        return False


# How many iterations Python may run before the test becomes traced, for the loop to be staged from the start
# (blackjax's step-size search reads `direction` through `or` only after its second iteration).
_PYTHON_ITERATIONS = 2


def _python_iterations(test: Thunk, body: Thunk, state: State, entry: tuple) -> Optional[_Iterations]:
    """Python's iterations until the loop's test is a tracer (at most ``_PYTHON_ITERATIONS``), run in a
    throwaway trace; None if the test stays a Python value (or an iteration fails: Python fails the same
    way). The first test, decided on Python numbers, is checked on the staged loop's own initial values
    (``_holds_initially``); where Python runs more than one iteration first, the staged loop's first ones
    are compared with them (``_replays_exactly``)."""
    leaves, treedef = jtu.tree_flatten(entry, is_leaf=_opaque)
    # (fresh containers for each run: the body may append in place)
    return _traced_iterations(lambda: jtu.tree_unflatten(treedef, leaves), test, body, state, entry, None)


def _one_python_iteration(run: Callable[[], Any], body: Callable, state: State, entry: tuple) -> Any:
    """``run()`` (one iteration of a loop, as Python runs it, and a look at what it left) in a throwaway
    trace, with the carried Python values as Python values; then everything as it was. Its Python side
    effects, such as ``print``, run once more. None if it fails (Python will fail the same way)."""
    leaves, treedef = jtu.tree_flatten(entry, is_leaf=_opaque)
    untouched = _Untouched(body, state.names)
    seen = []

    def traced() -> int:
        state.set(jtu.tree_unflatten(treedef, leaves))  # fresh containers: the body may append in place
        try:
            seen.append(run())
        finally:
            state.set(entry)
        return 0

    if _in_throwaway_trace(traced, untouched) is None:
        return None
    return seen[0] if seen else None


def _in_throwaway_trace(traced: Callable[[], Any], untouched: _Untouched) -> Any:
    """``trace_jaxpr(traced)`` (``jax.make_jaxpr(traced)()``), with what the body changed checked and undone
    (``untouched``); None where it fails: whatever fails here fails (or not) the same way when Python runs it."""
    try:
        closed = trace_jaxpr(traced)
        untouched.check()
    except _SEARCHES:
        untouched.restore()
        raise
    except Exception:  # noqa: BLE001 - (see above)
        untouched.restore()
        return None
    return closed


def _numbers_traced_after_one_iteration(first: int, extra_test: Optional[Thunk], body: Callable[[Any], None],
                                        state: State, entry: tuple) -> bool:
    """Whether Python's first iteration of a static range loop (``body(first)``) turns a carried Python
    number (or break flag) into a tracer, or appends a traced item to a carried list, keeping every
    other carried variable's structure, and the numbers' scalar shape: then Python's loop would carry
    that tracer on (``y = 0.0`` then ``y = y + x[i]``; ``out = []`` then ``out.append(x * i)``), and
    the loop can be one scan from the start."""
    def one_iteration() -> bool:
        if extra_test is not None and extra_test() is not True:
            return False
        body(first)
        turned = False
        for a, b in zip(entry, state.get()):
            if type(a) is list and type(b) is list and len(b) == len(a) + 1 and _same_items(b[:len(a)], a):
                new = jtu.tree_leaves(b[-1], is_leaf=is_iterator)
                if not new or not all(isinstance(leaf, jax.core.Tracer) for leaf in new):
                    return False
                turned = True
                continue
            a_leaves, a_def = jtu.tree_flatten(a, is_leaf=_opaque)
            b_leaves, b_def = jtu.tree_flatten(b, is_leaf=_opaque)
            if a_def != b_def:
                return False
            for x, y in zip(a_leaves, b_leaves):
                if type(x) in (bool, int, float, complex):
                    if jnp.shape(y) != ():
                        return False
                    turned = turned or isinstance(y, jax.core.Tracer)
        return turned
    return _one_python_iteration(one_iteration, body, state, entry) is True


def while_stmt(test: Thunk, body: Thunk, state: Any, what: str = "while loop", first_test_holds: bool = False,
               python: Optional[_Iterations] = None, raise_when_run: bool = False) -> bool:
    """``lax.while_loop`` over the carried variables. ``first_test_holds``: Python found the test true on the
    entry values; return False, staging nothing, unless it also holds on the loop's initial values, and
    (``python``: the iterations Python would run before its test is traced, if more than one) unless the
    staged loop's first iterations compute what Python's would. ``raise_when_run``: see ``_stage_body``."""
    carry, replay, emit = _stage_body(body, state, what, raise_when_run=raise_when_run)
    entry = state.get()
    if first_test_holds and not _holds_initially(test, carry, state, entry):
        return False
    if python is not None and python.count > 1 and not _replays_exactly(test, body, carry, state, entry, python):
        return False

    def cond_fun(carried):
        state.set(carry.rebuild(carried))
        try:
            return predicate(test(), f"the condition of this {what}")
        finally:
            state.set(entry)

    # Named after the user's loop, so that jax.grad's error names it (runtime/jax/grad_errors.py).
    with grad_errors.named(user_location(), what):
        final = lax.while_loop(cond_fun, lambda carried: emit(replay(*carried))[0], carry.init())
    state.set(carry.rebuild(final))
    return True


def _initial_values(carry: _Carry, entry: tuple) -> tuple:
    """The staged loop's initial values, its Python numbers as the concrete arrays it starts from (weakly
    typed: ``0.1`` in float32); call under ``jax.ensure_compile_time_eval``."""
    entry_leaves = [jtu.tree_flatten(value, is_leaf=is_iterator) for value in entry]

    def concrete(slot: tuple, value: Any) -> Any:
        leaves, treedef = entry_leaves[slot[0]]
        if treedef != carry.flat[slot[0]][1]:  # a return value's placeholder (None before the loop)
            return value
        first = leaves[slot[1]]  # a Python number before any promotion (which may be staged)
        if isinstance(first, jax.core.Tracer):
            return value
        aval = typeof(value)
        return convert_element_type(first, aval.dtype, weak_type=aval.weak_type)
    return carry.rebuild([concrete(slot, value) for slot, value in zip(carry.slots, carry.init())])


def _holds_initially(test: Thunk, carry: _Carry, state: State, entry: tuple) -> bool:
    """Whether ``test()`` is a concrete true on the loop's initial values, as the staged loop computes it
    (Python numbers as weakly typed arrays: ``0.1 < x`` in float32, not in Python's float64)."""
    with jax.ensure_compile_time_eval():
        state.set(_initial_values(carry, entry))
        try:
            outcome = test()
        except Exception:  # noqa: BLE001 - the test needs a traced value after all: leave the loop to Python
            return False
        finally:
            state.set(entry)
    return not isinstance(outcome, jax.core.Tracer) and jnp.shape(outcome) == () and bool(outcome)


def _replays_exactly(test: Thunk, body: Thunk, carry: _Carry, state: State, entry: tuple,
                     python: _Iterations) -> bool:
    """Whether the staged loop's first ``python.count`` iterations compute what Python's did (``python``):
    Python ran them on Python numbers (float64, unbounded ints), the staged loop runs them on its initial
    values' arrays (``0.1`` in float32). They are run again from the staged loop's concrete initial values,
    in a throwaway trace that computes now what depends on those alone (as the program will). Both must
    stage the same operations on the same values (constants compared after the casts the arrays add), take
    the same tests (the staged loop's concrete and true where Python's were true) and leave the same values,
    of the loop's types, in every carried variable."""
    if carry.growing:
        return False
    with jax.ensure_compile_time_eval():
        initial = _initial_values(carry, entry)
    staged = _traced_iterations(lambda: initial, test, body, state, entry, python.count)
    try:
        if staged is None or _canonical(staged.jaxpr) != _canonical(python.jaxpr):
            return False
    except Exception:  # noqa: BLE001 - a constant NumPy cannot hold (a typed key): no replay, Python's iterations
        return False
    if python.treedefs != [treedef for _, treedef in carry.flat]:
        return False
    for (i, j), value in zip(carry.slots, carry.init()):
        leaf = python.leaves[i][j]
        if not is_array(leaf) or typeof(leaf) != typeof(value):
            return False  # Python's loop would carry it as another type
    return True


class _Iterations(NamedTuple):
    """What a loop's first iterations did in a throwaway trace (``_traced_iterations``)."""

    count: int  # how many ran: the test is traced after the last one
    jaxpr: Any  # the operations they staged, giving the carried values after them (a closed jaxpr)
    leaves: list  # each carried variable's leaves after them
    treedefs: list  # and its structure


def _traced_iterations(start: Callable[[], tuple], test: Thunk, body: Thunk, state: State, entry: tuple,
                       count: Optional[int]) -> Optional[_Iterations]:
    """Iterations from ``start()``, each followed by its test, in a throwaway trace, until the test is a tracer:
    Python's (``count`` None: at most ``_PYTHON_ITERATIONS``, each test before that a Python true), or the
    staged loop's first ``count`` (under ``jax.ensure_compile_time_eval``: computing on concrete arrays what
    depends on them alone; each test before the last a concrete true). None where an iteration fails, or the
    tests do not go so."""
    untouched = _Untouched(body, state.names)
    seen = []

    def traced() -> list:
        state.set(start())
        try:
            with contextlib.nullcontext() if count is None else jax.ensure_compile_time_eval():
                ran = 0
                while True:
                    body()
                    ran += 1
                    outcome = test()
                    if isinstance(outcome, jax.core.Tracer):
                        if count is not None and ran != count:
                            raise _NotReplayed
                        break
                    if ran == (count or _PYTHON_ITERATIONS):
                        raise _NotReplayed  # (Python's test stays a Python value: the loop stays Python)
                    holds = outcome is True if count is None else jnp.shape(outcome) == () and bool(outcome)
                    if not holds:
                        raise _NotReplayed
            values = state.get()
        finally:
            state.set(entry)
        flat = [jtu.tree_flatten(value, is_leaf=is_iterator) for value in values]
        seen.append((ran, [leaves for leaves, _ in flat], [treedef for _, treedef in flat]))
        return [leaf for leaves, _ in flat for leaf in leaves if is_array(leaf)]

    closed = _in_throwaway_trace(traced, untouched)
    if closed is None:
        return None
    ran, leaves, treedefs = seen[0]
    return _Iterations(ran, closed, leaves, treedefs)


class _NotReplayed(Exception):
    """A test of the replayed iterations is not a concrete true."""


def _canonical(closed: Any) -> tuple:
    """A jaxpr's operations and outputs with its variables numbered and its constants as values (a literal, a
    concrete constant and a cast constant alike: Python's ``x * 2.0`` and the staged loop's ``x * c``, ``c`` a
    weakly typed array of 2.0, stage the same multiplication); the enclosing trace's values by identity."""
    jaxpr = closed.jaxpr
    atoms: dict = {}
    for var, const in zip(jaxpr.constvars, closed.consts):
        atoms[var] = ("outer", id(const)) if isinstance(const, jax.core.Tracer) else _constant(const)

    def atom(var: Any) -> Any:
        return _constant(var.val, var.aval.dtype) if isinstance(var, Literal) else atoms[var]

    operations = []
    for eqn in jaxpr.eqns:
        inputs = tuple(atom(var) for var in eqn.invars)
        if eqn.primitive.name == "convert_element_type" and inputs[0][0] == "constant":
            _, dtype, shape, data = inputs[0]
            atoms[eqn.outvars[0]] = _constant(np.frombuffer(data, dtype).reshape(shape).astype(eqn.params["new_dtype"]))
            continue
        operations.append((eqn.primitive.name, str(eqn.params), inputs,
                           tuple((v.aval.shape, v.aval.dtype, v.aval.weak_type) for v in eqn.outvars)))
        for k, var in enumerate(eqn.outvars):
            atoms[var] = ("operation", len(operations), k)
    return tuple(operations), tuple(atom(var) for var in jaxpr.outvars)


def _constant(value: Any, dtype: Any = None) -> tuple:
    array = np.asarray(value, dtype)
    return "constant", array.dtype.str, array.shape, array.tobytes()


class _Counted:
    """A State plus the hidden index of a for loop staged as a while loop."""

    def __init__(self, state: State) -> None:
        self.state, self.index = state, 0
        self.names = (*state.names, "<the loop index>")

    def get(self) -> tuple:
        return (*self.state.get(), self.index)

    def set(self, values: Any) -> None:
        *rest, self.index = values
        self.state.set(rest)


def _indexed_loop(length: Any, item_at: Callable, extra_test: Optional[Thunk], body: Callable,
                  state: State) -> None:
    """``for k in range(length): body(item_at(k))`` as a while loop, stopping once extra_test() fails."""
    counted = _Counted(state)

    def test():
        more = counted.index < length
        return more if extra_test is None else jnp.logical_and(more, extra_test())

    def step():
        index = counted.index
        body(item_at(index))
        counted.index = index + 1

    while_stmt(test, step, counted, what="for loop", raise_when_run=True)


def for_stmt(iterable: Any, extra_test: Optional[Thunk], body: Callable[[Any], None], state: State,
             peel: bool = True) -> None:
    """Stage ``for item in iterable: body(item)``. ``peel``: a loop over an array may run its first iteration
    before the staged loop (``_peeled``)."""
    if type(iterable) is range:
        return for_static_range(iterable, extra_test, body, state)
    if isinstance(iterable, JaxRange):
        return _for_range(iterable, extra_test, body, state)
    if type(iterable) is JaxZip or type(iterable) is JaxEnumerate:
        return _for_sequence(iterable, extra_test, body, state)
    if isinstance(iterable, jax.core.Tracer):
        if jnp.ndim(iterable) == 0:
            raise staging_error("cannot iterate over a 0-d array (a scalar)")
        return _for_array(iterable, extra_test, body, state, peel)
    # A Python loop whose break or return flag just became a tracer: stage what is left of it.
    rest = remaining_range(iterable) if type(iterable) is _RANGE_ITERATOR else None
    if rest is not None:
        if len(rest):
            for_static_range(rest, extra_test, body, state, flag_traced=True)
        return None
    for item in iterable:  # (any other iterator, item by item: each body staged under the flag)
        flag = extra_test()
        if isinstance(flag, jax.core.Tracer):
            branches.if_stmt(flag, functools.partial(body, item), None, state)
        elif flag:
            body(item)
        else:
            return None
    return None


def _for_array(iterable: Any, extra_test: Optional[Thunk], body: Callable[[Any], None], state: State,
               peel: bool) -> None:
    """``for row in xs`` over a traced array: one ``lax.scan`` over its first axis (a guarded one with a break
    or return flag). Where the body cannot be one scan (a carried shape that changes, ``a = jnp.convolve(a,
    [1, -z])``; a Python container it changes without assigning; any other failure), Python's loop over the
    rows runs instead, unrolled while tracing (the length is static), with an ``UnrolledLoopWarning`` that
    says why, as a loop over ``range(len(xs))`` or ``zip(xs, ys)`` does, and as the unconverted function's own
    loop does under ``jax.jit``. (Until 2026-12-05 such a loop was refused.)"""
    entry = state.get()
    where = user_location()
    untouched = _Untouched(body, state.names)
    try:
        _scan(iterable, body if extra_test is None else _guarded(body, extra_test, state), state,
              before_emit=untouched.check, peelable=peel)
        return None
    except _SEARCHES:
        raise  # never this loop's own: an enclosing scan's, for that scan
    except Peel as needed:
        return _peeled(iterable, extra_test, body, state, needed)
    except Exception as error:  # noqa: BLE001 - any failure of the staged form falls back to Python's loop
        failure = error
    _start_again(state, entry, untouched)
    length = iterable.shape[0]
    _warn_unrolled(where, f"an array of shape {tuple(iterable.shape)}", failure, length, switch=False)
    _unrolled(lambda: _python_loop((iterable[k] for k in range(length)), extra_test, body, state))
    return None


def _peeled(iterable: Any, extra_test: Optional[Thunk], body: Callable[[Any], None], state: State,
            needed: Peel) -> None:
    """``for item in iterable`` (an array) where a variable gets its first value in the first iteration
    (``best = None`` or unassigned before the loop): Python's first iteration, traced as it runs, then the
    scan over the rest, which starts from a value. Exactly Python's loop, since the length is static: a loop
    that runs no iteration changes nothing. Peeled once: a variable that loses its value again in a later
    iteration is refused (``needed.error()``)."""
    if iterable.shape[0] == 0:
        return None
    flag = True if extra_test is None else extra_test()
    if isinstance(flag, jax.core.Tracer):
        raise needed.error()  # whether the first iteration runs is known only when the program runs
    if not flag:
        return None
    body(iterable[0])
    if state.watch is not None:  # (what Python's first iteration changed, appends too, is the program's own)
        state.watch.ran_as_python()
    if iterable.shape[0] == 1:
        return None
    return for_stmt(iterable[1:], extra_test, body, state, peel=False)


def _for_sequence(iterable: Any, extra_test: Optional[Thunk], body: Callable, state: State) -> None:
    """``for t, (x, y) in enumerate(zip(xs, ys))`` over JAX arrays: one ``lax.scan`` over their first axis
    (cut to the shortest, as ``zip`` stops there), counting ``t``; a guarded scan with a break or return
    flag; lists the body appends to come out as Python's lists of the scan's rows. Where the body cannot
    be one scan (a list read inside the loop, a carried shape that changes, ...), Python's loop runs
    instead, unrolled while tracing, with an ``UnrolledLoopWarning`` that says why, as for a static range;
    also, without the warning, where only Python's loop gives Python's answer (``sequences.sequence``)."""
    seq = sequences.sequence(iterable)
    if seq is None or not options.STATIC_LOOPS.get():
        return _python_loop(iterable, extra_test, body, state)
    if seq.length == 0:
        return None  # Python runs no iteration
    return _scan_sequence(iterable, seq, extra_test, body, state, peel=True)


def _scan_sequence(iterable: Any, seq: Sequence, extra_test: Optional[Thunk], body: Callable, state: State,
                   peel: bool) -> None:
    """``_for_sequence``'s scan of ``seq`` (``iterable``'s items, or the rest of them after a peeled first one).
    ``peel``: where a variable gets its first value in the first iteration (``p = None``, then ``p = x if p is
    None else p + x``), Python's first iteration runs, traced, and the rest is one scan from there (as for a
    loop over an array: ``_peeled``)."""
    entry = state.get()
    where = user_location()
    untouched = _Untouched(body, state.names)
    try:
        _scan(seq, body if extra_test is None else _guarded(body, extra_test, state), state, appends="rows",
              before_emit=untouched.check, peelable=peel)
        return None
    except _SEARCHES:
        raise
    except Peel as needed:
        state.set(entry)
        untouched.restore()
        flag = True if extra_test is None else extra_test()
        if isinstance(flag, jax.core.Tracer):
            raise needed.error() from None  # whether the first iteration runs is known only when the program runs
        if not flag:
            return None
        body(seq.build([source[0] for source in seq.sources]))
        if state.watch is not None:
            state.watch.ran_as_python()
        if seq.length == 1:
            return None
        rest = Sequence(seq.length - 1, [source[1:] for source in seq.sources], seq.build)
        return _scan_sequence(_Rest(rest), rest, extra_test, body, state, peel=False)
    except Exception as error:  # noqa: BLE001 - any failure of the staged form falls back to Python's loop
        failure = error
    _start_again(state, entry, untouched)
    _warn_unrolled(where, iterable, failure, seq.length)
    _unrolled(lambda: _python_loop(iterable, extra_test, body, state))
    return None


class _Rest:
    """The items of a ``Sequence`` after its peeled first one, for Python's loop where they cannot be one scan."""

    def __init__(self, seq: Sequence) -> None:
        self.seq = seq

    def __iter__(self) -> Iterator[Any]:
        return (self.seq.build([source[k] for source in self.seq.sources]) for k in range(self.seq.length))

    def __repr__(self) -> str:
        return f"the rest of a zip / enumerate ({self.seq.length} items)"


def _python_loop(items: Any, extra_test: Optional[Thunk], body: Callable, state: State) -> None:
    """Python's loop over ``items``, stopping once the break or return flag is set; once the flag is a
    tracer, each remaining item's body runs in a ``cond`` on it."""
    for item in items:
        if extra_test is not None:
            keep_going = extra_test()
            if isinstance(keep_going, jax.core.Tracer):
                branches.if_stmt(keep_going, functools.partial(body, item), None, state)
                continue
            if not keep_going:
                return None
        body(item)
        if state.watch is not None:  # (what Python's loop changed, appends too, is the program's own)
            state.watch.ran_as_python()
    return None


def _guarded(body: Callable, extra_test: Thunk, state: State) -> Callable:
    """The body of a loop with a known trip count and a break or return flag, for ``lax.scan``:
    every iteration runs, as a ``cond`` that skips the body once the flag says stop. A scan,
    unlike a while loop, can be differentiated in reverse mode."""
    def guarded(item: Any) -> None:
        keep_going = extra_test()
        if isinstance(keep_going, jax.core.Tracer):
            branches.if_stmt(keep_going, functools.partial(body, item), None, state)
        elif keep_going:
            body(item)
    return guarded


def _for_range(r: JaxRange, extra_test: Optional[Thunk], body: Callable, state: State) -> None:
    for bound in (r.start, r.stop, r.step):
        if not jnp.issubdtype(jnp.result_type(bound), jnp.integer):
            raise staging_error(f"range() needs integer bounds, got {summary(bound)}")
    start, stop, step = r.start, r.stop, r.step
    # Python's trip count: ceil((stop - start) / step), never negative (clamped below).
    if _python_int(step, 1):  # the usual range(a, b): no division to stage
        count = stop - start
    elif isinstance(step, int):
        count = (stop - start + step - 1) // step if step > 0 else (stop - start + step + 1) // step
    else:
        count = jnp.where(step > 0, (stop - start + step - 1) // step, (stop - start + step + 1) // step)
    attempt = inner_ranges.CURRENT.get()
    if attempt is not None:
        # In the body of a static-range scan, a bound traced with its index (range(n - i - 1)): a
        # while_loop would not be differentiable, so bound it by its largest trip count over the
        # outer index (found at trace time, or the outer scan is refused) and guard the body.
        length = inner_ranges.trip_count_bound(attempt, user_location(), start, stop, step)
        return _bounded_range(length, start, step, count, extra_test, body, state)
    _indexed_loop(jnp.maximum(count, 0), lambda k: start + k * step, extra_test, body, state)


def _python_int(value: Any, number: int) -> bool:
    return type(value) is int and value == number


def _bounded_range(length: int, start: Any, step: Any, count: Any, extra_test: Optional[Thunk],
                   body: Callable, state: State) -> None:
    """``for j in range(start, stop, step)`` as ``for k in range(length): if k < count: body(start + k * step)``,
    ``length`` a static bound of the traced trip ``count``: one guarded scan (``jax.grad`` goes through it)."""
    if length == 0:
        return None

    def item_at(k: Any) -> Any:
        item = k if _python_int(step, 1) else k * step  # no multiplication or addition staged when not needed
        return item if _python_int(start, 0) else start + item

    def guarded(k: Any) -> None:
        k = convert_element_type(k, weak_type=True)
        keep_going = k < count
        if extra_test is not None:
            keep_going = jnp.logical_and(keep_going, extra_test())
        branches.if_stmt(keep_going, functools.partial(body, item_at(k)), None, state)

    # Its own inner ranges may follow k in turn (for i: for j in range(i): for k in range(j)).
    _scan_bounding_inner_ranges(range(length), guarded,
                                lambda k: body(item_at(convert_element_type(k, weak_type=True))), state)
    return None


def _scan_bounding_inner_ranges(r: range, staged: Callable[[Any], None], body: Callable[[Any], None],
                                state: State, before_emit: Optional[Callable[[], None]] = None,
                                restore: Callable[[], None] = lambda: None) -> None:
    """``_scan(r, staged)`` where the inner loops over a range() traced with the index get a static bound:
    each time the trace reaches one not bounded yet, ``body`` (unguarded, with a weakly typed int index)
    is probed for it and the scan traced again (``runtime/jax/inner_ranges.py``). ``restore`` puts back
    what a trace may have changed outside the carried variables."""
    entry = state.get()
    attempt = inner_ranges.Attempt(r)

    def counted(item: Any) -> None:
        attempt.position = 0  # each trace of the body meets its inner loops in the same order
        staged(item)

    token = inner_ranges.CURRENT.set(attempt)
    try:
        while True:
            try:
                _scan(r, counted, state, appends="rows", before_emit=before_emit)
                return
            except inner_ranges.BoundNeeded as need:
                if need.attempt is not attempt:
                    raise
                inner = need.where
            state.set(entry)
            restore()
            attempt.bounds.append((inner, _probe_inner_range(attempt, inner, body, state, entry)))
            state.set(entry)
            restore()
    finally:
        inner_ranges.CURRENT.reset(token)


def _scan(xs: Any, body: Callable, state: State, appends: Optional[str] = "rows",
          before_emit: Optional[Callable[[], None]] = None, peelable: bool = False) -> None:
    """A for loop over an array's first axis, a static range or a ``Sequence`` (zip / enumerate)
    without break: lax.scan, so jax.grad works through it. Lists the body appends to (one item per
    iteration, ``appends="rows"``) come out as Python's list, grown in place by the rows of the scan's
    stacked output, as Python's loop grows it; None: no list may grow. (Until 2026-11-30 a loop over an
    array left one stacked array in the list's place: a tuple appended per iteration came out as a tuple
    of arrays, so `len(out)` counted its parts and `jnp.array(out)` was transposed.)"""
    seq = xs if isinstance(xs, Sequence) else Sequence(len(xs) if type(xs) is range else xs.shape[0], [xs])
    avals = seq.avals()
    carry, replay, emit = _stage_body(lambda *leaves: body(seq.build(list(leaves))), state, "for loop",
                                      extra=tuple(avals), appends=appends, peelable=peelable)
    if before_emit is not None:
        before_emit()  # may refuse the staged body before anything is added to the caller's trace
    entry = state.get()
    used = _read_items(replay.jaxpr, len(carry.slots))
    counters = [k for k, source in enumerate(seq.sources) if used[k] and type(source) is range]
    arrays = [k for k, source in enumerate(seq.sources) if used[k] and type(source) is not range]

    def step(c, rows):
        indices, rest = c[:len(counters)], c[len(counters):]
        # `for _ in range(50)`: an item the body does not read is a constant (dead code to XLA).
        leaves = [jnp.zeros(aval.shape, aval.dtype) for aval in avals]
        for k, index in zip(counters, indices):
            leaves[k] = index
        for k, row in zip(arrays, rows or ()):
            leaves[k] = row
        out, appended = emit(replay(*rest, *leaves))
        return [*(index + seq.sources[k].step for k, index in zip(counters, indices)), *out], appended

    try:
        starts = [jnp.asarray(seq.sources[k].start, avals[k].dtype) for k in counters]
        scanned = [seq.sources[k] for k in arrays] or None
        final, stacked = lax.scan(step, [*starts, *carry.init()], scanned, length=seq.length)
        final = final[len(counters):]
        values = list(carry.rebuild(final))
        grown = []
        for i, items in zip(sorted(carry.growing), stacked):
            prefix = entry[i]
            grown.append((prefix, _rows(items, seq.length)))
            values[i] = prefix
    except BaseException:
        state.set(entry)
        raise
    watch = getattr(state, "watch", None)  # (runtime/composite_state.py: what the statement may change)
    for prefix, rows in grown:  # Python's list object, grown in place (another name for it sees the items)
        list.extend(prefix, rows)
        if watch is not None:
            watch.grown(prefix)
    state.set(values)


def _rows(stacked: Any, length: int) -> list:
    """The items a scan stacked (a pytree of arrays with a leading axis of ``length``), one by one: one
    ``unstack`` per leaf."""
    leaves, treedef = jtu.tree_flatten(stacked, is_leaf=is_iterator)
    columns = [lax.unstack(leaf) for leaf in leaves]
    return [jtu.tree_unflatten(treedef, [column[k] for column in columns]) for k in range(length)]


def _read_items(closed: Any, n_carried: int) -> list[bool]:
    """Which item leaves the traced body (``closed``: carried leaves, then the item's) needs, after dead
    code is removed (a guarded body hands the item to its ``cond`` even when the branch ignores it)."""
    jaxpr = closed.jaxpr
    _, used = pe.dce_jaxpr(jaxpr, [True] * len(jaxpr.outvars))
    return used[n_carried:]


# --- for i in range(<Python ints>) carrying tracers --------------------------------------------------

def holds_tracer(values: Any) -> bool:
    """Whether any leaf of ``values`` is a JAX tracer (what makes a static range loop worth staging)."""
    return any(isinstance(leaf, jax.core.Tracer) for leaf in jtu.tree_leaves(values, is_leaf=_opaque))


def _opaque(value: Any) -> bool:
    # Undefined and the append-only stand-in are leaves, never containers to look into; so is an iterator (JAX's
    # warning: leaves.is_iterator).
    return isinstance(value, (Undefined, _AppendOnly)) or is_iterator(value)


def _index_dtype_holds(r: range) -> bool:
    info = jnp.iinfo(jnp.result_type(int))  # int32, or int64 under jax_enable_x64
    return all(info.min <= v <= info.max for v in (r.start, r.stop, r[-1]))


_warned: set[str] = set()


def for_static_range(r: range, extra_test: Optional[Thunk], body: Callable[[Any], None], state: State,
                     flag_traced: bool = False, peel: bool = True) -> None:
    """``for i in r: body(i)`` over a Python ``range`` whose carried variables hold tracers:
    one ``lax.scan`` of ``len(r)`` steps counting ``i`` (a static trip count, so reverse-mode ``jax.grad`` goes
    through it; with a break or return flag, a guarded scan whose iterations skip the body once
    the flag is set). ``i`` is a weakly typed int tracer, so it promotes like the Python int it
    stands for (``int8_array + i`` stays int8).

    Lists the body appends to (one item per iteration) grow, after the loop, by the rows of the scan's
    stacked output. Where the body cannot be staged with a traced ``i`` (an appended list is read in
    the loop, a carried shape or
    dtype changes, ``i`` indexes a Python list, ``if i == 0`` picks branches of different types,
    any other error), the loop is unrolled while tracing instead, as Python runs it, and a
    ``UserWarning`` names the loop's file:line and the reason, once per loop. The unrolled
    loop's result is Python's: the staged attempt leaves no trace in the variables (its Python
    side effects, such as ``print``, did run once). ``runtime.jax.static_loops(False)`` unrolls
    every such loop without trying.

    ``flag_traced``: ``r`` is what is left of a Python range loop whose break or return flag just
    became a tracer (so it must be staged, as a guarded scan or, unrolled, one ``cond`` per item).
    ``peel``: where the scan fails and a carried variable has no value before the loop (or holds a Python
    number), Python's first iteration may run before the scan (``_peeled_range``).
    """
    if flag_traced and (not options.STATIC_LOOPS.get() or not _index_dtype_holds(r)):
        return _unroll(r, extra_test, body, state, fallback=True)
    if not flag_traced and (len(r) < 2 or not options.STATIC_LOOPS.get() or not _index_dtype_holds(r)):
        return _unroll(r, extra_test, body, state)
    entry = state.get()
    # No carried tracer yet: scan only if Python's first iteration would make one (y = 0.0; y = y + x[i]),
    # and then, as Python would have unrolled it, silently unroll if the scan fails.
    from_start = not flag_traced and not holds_tracer(entry)
    scalars_first = from_start and _numbers_traced_after_one_iteration(r[0], extra_test, body, state, entry)

    lowest, highest = (min(r[0], r[-1]), max(r[0], r[-1])) if len(r) else (0, -1)

    def weak_body(item: Any) -> None:
        index = convert_element_type(item, weak_type=True)
        with items.counter(index, lowest, highest):  # (`xs[i]` of a list as long as r: no bounds check)
            body(index)

    staged = weak_body if extra_test is None else _guarded(weak_body, extra_test, state)
    where = user_location()
    untouched = _Untouched(body, state.names)

    def attempt() -> None:
        # Inner loops over a range() traced with i are bounded over r (runtime/jax/inner_ranges.py).
        _scan_bounding_inner_ranges(r, staged, weak_body, state, untouched.check, untouched.restore)

    if from_start and not scalars_first:
        # A Python number the first iteration makes an array (`total = 0.0`, then `total = total + sin(x * i)` of a
        # vector x): Python's first iteration, then the scan over the rest (`_peeled_range`). It unrolled with no
        # word (FermiNet's kinetic energy). Otherwise Python's loop, which this is without tracers to carry.
        if peel and _peeled_range(r, extra_test, body, state, attempt, untouched):
            return None
        return _unroll(r, extra_test, body, state)
    try:
        attempt()
        return None
    except _SEARCHES:
        raise  # never this loop's own (its helper handles those): an enclosing scan's, for that scan
    except Exception as error:  # noqa: BLE001 - any failure of the staged form falls back to Python's loop
        failure = error
    _start_again(state, entry, untouched)
    if from_start:
        return _unroll(r, extra_test, body, state)  # as before: Python's loop (its first iteration made the tracers)
    if peel and not flag_traced and _peeled_range(r, extra_test, body, state, attempt, untouched):
        return None
    _warn_unrolled(where, r, failure)
    _unrolled(lambda: _unroll(r, extra_test, body, state, fallback=True))
    return None


_PYTHON_NUMBERS = frozenset({int, float, bool, complex})


def _peeled_range(r: range, extra_test: Optional[Thunk], body: Callable[[Any], None], state: State,
                  attempt: Callable[[], None], untouched: _Untouched) -> bool:
    """``for i in r`` whose scan failed while a carried variable has no value before the loop (first
    assigned in the body and read after the loop: ``for it in range(n): ... break`` then ``it``; a
    variable a nested ``while True`` assigns), or holds a Python number that the first iteration makes an array
    of another shape, seen in a throwaway trace of it (then Python's first iteration, and the scan over the rest). The
    first iteration surely runs (the range is not empty,
    no break flag is set): where it gives every such variable a value on every path
    (``_first_assigned``), the whole scan (``attempt``) starts them from placeholders it never shows;
    otherwise, or if that fails, Python's first iteration runs, traced, then the scan over the rest.
    Exactly Python's loop either way. False, running nothing, where no variable lacks a value or the
    first iteration is not known to run; the rest is not peeled again (if it cannot be one scan, it
    unrolls with the warning)."""
    entry = state.get()
    # (None too: `best = None` before a loop that assigns it, issue 31 class 6.)
    unset = [k for k, (name, value) in enumerate(zip(state.names, entry))
             if (has_no_value(name, value) or value is None) and not is_return_value(name)]
    # A Python number the first iteration makes an array of another shape (`steps = 0`, then `steps = steps + valid`
    # with a vector `valid`: EvoJAX's rollout) fails any scan from the start; from the second iteration on it may
    # hold its shape.
    numbers = [k for k, value in enumerate(entry) if type(value) in _PYTHON_NUMBERS]
    flag = True if extra_test is None else extra_test()
    if not (unset or numbers) or not len(r) or isinstance(flag, jax.core.Tracer) or not flag:
        return False
    if not unset and not _a_number_becomes_an_array(lambda: body(r[0]), body, state, entry, numbers):
        return False
    # Placeholders only for variables with no value: one that holds None may be read before it is assigned (`if best
    # is None or score > best_score:`), and a placeholder would answer that read otherwise than None does (the scan
    # kept the placeholder's zeros where every score was negative: a wrong result). Python's first iteration instead.
    unbound = [k for k in unset if entry[k] is not None]
    placeholders = (_first_assigned(lambda: body(r[0]), body, state, entry, unset)
                    if unset and len(unbound) == len(unset) else None)
    if placeholders is not None:
        state.set(tuple(placeholders.get(k, value) for k, value in enumerate(entry)))
        try:
            attempt()
            return True
        except _SEARCHES:
            raise
        except Exception:  # noqa: BLE001 - the first iteration as Python, then the rest
            state.set(entry)
            untouched.restore()
    body(r[0])
    rest = r[1:]
    flag = True if extra_test is None else extra_test()
    if len(rest) and (isinstance(flag, jax.core.Tracer) or flag):
        for_static_range(rest, extra_test, body, state, flag_traced=isinstance(flag, jax.core.Tracer), peel=False)
    return True


def _a_number_becomes_an_array(first: Callable[[], None], body: Callable, state: State, entry: tuple,
                               numbers: list[int]) -> bool:
    """Whether one iteration (``first()``, run as Python in a throwaway trace) leaves an array of one or more
    dimensions in a carried variable at ``numbers``, each a Python number before it."""
    def one_iteration() -> list:
        first()
        values = state.get()
        return [values[k] for k in numbers]
    seen = _one_python_iteration(one_iteration, body, state, entry)
    return seen is not None and any(is_array(value) and getattr(value, "ndim", 0) > 0 for value in seen)


def _first_assigned(first: Callable[[], None], body: Callable, state: State, entry: tuple,
                    unset: list[int]) -> Optional[dict[int, Any]]:
    """Placeholders (zeros of the type each gets) for the carried variables at ``unset``, which have no
    value (or None) before a loop whose first iteration surely runs, when that iteration (``first()``,
    run as Python in a throwaway trace) gives each one a value: a staged branch that left one without
    would have failed there, so every path assigns it and the staged loop never shows the placeholder.
    None where the iteration fails or leaves one without a value, or where a carried value is a Python
    float: the iteration ran on it as Python (float64), the staged loop runs on it in float32, and a
    branch the two decide differently could leave the placeholder in place (Python's first iteration
    runs instead)."""
    if any(type(leaf) is float or type(leaf) is complex for leaf in jtu.tree_leaves(entry, is_leaf=_opaque)):
        return None

    def one_iteration() -> list:
        first()
        values = state.get()
        return [values[k] for k in unset]
    seen = _one_python_iteration(one_iteration, body, state, entry)
    if seen is None:
        return None
    placeholders = {}
    for k, value in zip(unset, seen):
        if value is None or has_no_value(state.names[k], value):
            return None
        leaves, treedef = jtu.tree_flatten(value, is_leaf=_opaque)
        try:
            placeholders[k] = jtu.tree_unflatten(treedef, [_placeholder(leaf) for leaf in leaves])
        except Exception:  # noqa: BLE001 - a type with no zeros (a typed key): Python's first iteration
            return None
    return placeholders


def _probe_inner_range(attempt: inner_ranges.Attempt, where: str, body: Callable[[Any], None], state: State,
                       entry: tuple) -> int:
    """The largest trip count of the next inner loop of ``attempt`` (see ``inner_ranges.probe``): the
    body is traced once more (unguarded) with the index and the numbers it carries as inputs."""
    carry = _Carry(state.names, entry, frozenset())

    def run_body(index: Any, leaves: tuple) -> None:
        state.set(carry.rebuild(leaves))
        try:
            body(index)
        finally:
            state.set(entry)

    index = jax.ShapeDtypeStruct((), jnp.result_type(int))
    return inner_ranges.probe(attempt, where, index, run_body, carry.init())


def _start_again(state: State, entry: tuple, untouched: _Untouched) -> None:
    """After a loop's staged attempt failed: its variables, the containers it changed without assigning
    (``_Untouched``) and the objects it wrote (the watch's pictures) as they were before the loop, for
    Python's loop to run from the start."""
    state.set(entry)
    untouched.restore()
    if getattr(state, "watch", None) is not None:
        state.watch.put_back()


def _unrolled(loop: Callable[[], None]) -> None:
    """Run Python's loop where the staged one failed (after ``_warn_unrolled``): a JAX error it meets names
    the user's line."""
    try:
        loop()
    except JAX_TRACING_ERRORS as again:
        raise located(again) from again


def _warn_unrolled(where: str, r: Any, error: Exception, length: Optional[int] = None, switch: bool = True) -> None:
    """Say once per loop (file:line) that it was unrolled, and why; filed under the user's file and
    line, so that ``warnings`` filters by module and ``-W error`` work as for any warning. ``r``: the
    range, the ``zip`` / ``enumerate`` of arrays or the description of an array (whose ``length`` is given)."""
    if where in _warned:
        return
    _warned.add(where)
    reason, fix = _unrolled_reason(error)
    reason = (reason[len(where) + 2:] if reason.startswith(where + ": ") else reason).rstrip(". ")
    loop = f"range({r.start}, {r.stop}, {r.step})" if type(r) is range else r if type(r) is str else repr(r)
    message = (f"{where}: this for loop over {loop} was unrolled while tracing "
               f"({len(r) if length is None else length} copies of its body), because its body cannot be one "
               "lax.scan with a traced loop "
               f"index: {reason}. To stage it, {fix}; to unroll without this warning, "
               + ("use runtime.jax.static_loops(False)" if switch else
                  "filter runtime.jax.UnrolledLoopWarning (warnings.simplefilter('ignore', ...))"))
    filename, _, line = where.rpartition(":")
    warnings.warn_explicit(message, UnrolledLoopWarning, filename or where, int(line) if line.isdigit() else 0)


# A store into a subscript, `ys[t] = value` (not `==`, not an augmented `+=`, which reads first).
_STORE = re.compile(r"^[\w.]+\[[^=]*\]\s*=(?!=)")


def _unrolled_reason(error: Exception) -> tuple[str, str]:
    """Why a scan with a traced index failed, naming the construct (with its line), and what to write."""
    text = str(error).split("\n", 1)[0]
    if isinstance(error, TypeError) and text.startswith("unhashable type") and "Tracer" in text:
        site = _converted_site(error)
        return (f"{site[0]}: `{site[1]}` uses a traced value (the loop index, or a value computed from it) as a "
                "dict or set key, which must be a Python value" if site else
                f"a traced value (the loop index) is used as a dict or set key: {text}",
                "keep the values in an array indexed by i instead of a dict keyed by i (jnp.stack the values "
                "before the loop and read a[i]; preallocate and write a = a.at[i].set(v))")
    if isinstance(error, items.StagedListIndex):
        return text, error.fix
    if "used as a Python int" in text:
        site = _converted_site(error)
        if site and _STORE.match(site[1]):  # `ys[t] = h` into a list made before the loop
            return (text, f"write into an array instead of a Python list (`{site[1]}`: preallocate it before the "
                          "loop, ys = jnp.zeros((n,) + shape), and write ys = ys.at[t].set(value) in the loop)")
        return (text, "index an array instead of a Python list (jnp.stack the list before the loop, then "
                      "a[i]; min(), max() and arithmetic on i are fine)")
    if isinstance(error, TypeError) and text.startswith("Shapes must be 1D sequences of concrete values"):
        # (orthax's chebder: `n = n - 1` carried, then `jnp.empty((n,) + c.shape[1:])`: n becomes the loop's tracer)
        site = _converted_site(error)
        return (f"{site[0]}: `{site[1]}` makes an array whose shape is a traced value (the loop index, or a value "
                "carried or computed from it), and an array's shape must be known while tracing" if site else
                f"an array's shape is a traced value (the loop index, or a value computed from it): {text}",
                "give the array a shape that stays the same in every iteration (the largest it takes, with a mask or "
                "jnp.where for the part in use)")
    return (f"{type(error).__name__}: {text}",
            "keep each carried variable's type fixed (preallocate arrays, fill them with .at[i].set(...))")


def _converted_site(error: BaseException) -> Optional[tuple[str, str]]:
    """(file:line, source text) of the innermost frame of converted user code in ``error``'s traceback."""
    import linecache

    from runtime.staging import format_site
    from runtime.undefined import is_converted_code

    found = None
    while error is not None and found is None:  # (a JAX error re-raised located: the site is in its cause)
        tb = error.__traceback__
        while tb is not None:
            if is_converted_code(tb.tb_frame.f_code):
                found = tb
            tb = tb.tb_next
        error = error.__cause__
    if found is None:
        return None
    filename, line = found.tb_frame.f_code.co_filename, found.tb_lineno
    return format_site(filename, line), linecache.getline(filename, line).strip()


class _Untouched:
    """The Python containers a loop body can reach through its closure without carrying them (the
    converter carries what it sees assigned or mutated; a call such as ``helper(out)`` is unseen).
    A staged trace that changes one would leave tracers of a finished trace in it: ``check`` says
    so (so the loop is unrolled instead) and ``restore`` puts the contents back."""

    def __init__(self, body: Callable, carried: tuple) -> None:
        names = body.__code__.co_freevars
        self.saved = []
        for name, cell in zip(names, body.__closure__ or ()):
            try:
                value = cell.cell_contents
            except ValueError:
                continue
            if name not in carried and type(value) in (list, dict, set):
                self.saved.append((name, value, value.copy()))

    def check(self) -> None:
        for name, value, saved in self.saved:
            if len(value) != len(saved) or any(a is not b for a, b in zip(_items(value), _items(saved))):
                raise staging_error(f"the loop body changes the Python {type(value).__name__} {describe(name)} "
                                    "without assigning it (a Python side effect)")

    def restore(self) -> None:
        for _, value, saved in self.saved:
            value.clear()
            value.update(saved) if not isinstance(value, list) else value.extend(saved)


def _items(container: Any) -> Any:
    """Keys and values, one object at a time (so ``is`` compares them, not fresh pairs)."""
    if isinstance(container, dict):
        return (x for pair in container.items() for x in pair)
    return iter(container)


def _unroll(r: range, extra_test: Optional[Thunk], body: Callable[[Any], None], state: State,
            fallback: bool = False) -> None:
    """Python's own loop, stopping once the break or return flag is set. If the flag becomes a
    tracer part-way, the rest is staged: as a guarded scan (what the dispatch core does for a
    plain Python range), or, when the scan of this very body just failed (``fallback``), as one
    ``cond`` per remaining iteration."""
    iterator = iter(r)
    for item in iterator:
        if extra_test is not None:
            keep_going = extra_test()
            if isinstance(keep_going, jax.core.Tracer):
                if not fallback:
                    return for_stmt(_rest(item, r), extra_test, body, state)
                branches.if_stmt(keep_going, functools.partial(body, item), None, state)
                for later in iterator:
                    branches.if_stmt(extra_test(), functools.partial(body, later), None, state)
                return None
            if not keep_going:
                return None
        body(item)
    return None


def _rest(item: int, r: range) -> Any:
    """An iterator over ``r`` from ``item`` (the one not yet run) on, for ``for_stmt``'s guarded scan. (Built
    from the range itself: a range iterator's ``__reduce__`` differs between Python versions.)"""
    return iter(range(item, r.stop, r.step))
