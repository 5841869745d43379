"""The statement operators that converted code calls, with exact Python semantics.

Before::

    while x > 1:
        x = x / 2

After (what the converter writes)::

    def loop_test():
        return x > 1

    def loop_body():
        nonlocal x
        x = x / 2
    for step in ag__.while_stmt(loop_test, None, loop_body, ('x',)):
        step()

Each operator looks at the value that decides the control flow (the condition,
the test's result, the iterable, a break flag). For a plain Python value it says
which blocks to run (``if_stmt`` returns the block, ``for_stmt`` / ``while_stmt``
give one item per iteration) and the converted code runs them in its own frame,
so no runtime frame sits between the user's function and its blocks; a value
owned by a backend hands the statement to that backend, and nothing is left to
run. The Python path is the hot path, so it is written for speed: a type check,
then the plain statement.
"""

from __future__ import annotations

import builtins
import functools
import itertools
import operator
import sys
import types
from builtins import len  # bound at import: a program may rebind builtins.len to converted code (runtime/choice.py)
from typing import Any, Callable, Iterable, Iterator, Optional

from runtime.backend import (
    NO_STATIC_STAGING,
    OWNER_BY_TYPE,
    PLAIN_TYPES,
    State,
    backend_for,
    may_stage_from_start,
    may_stage_static_ranges,
    staged_inside,
    static_range_unroller,
)
from runtime.chosen_functions import STAGED_IF_START
from runtime.chosen_functions import serials as chosen_serials
from runtime.class_lookup import instance_dict
from runtime.composite_state import offered, staged
from runtime.iterables import RANGE_ITERATOR as _RANGE_ITERATOR
from runtime.iterables import remaining_range
from runtime.iterator_notes import ADVANCED as _NOTES
from runtime.iterator_notes import note as note_iterator
from runtime.iterator_notes import noted as noted_iterator
from runtime.references import held_only_by
from runtime.staging import StagingError, staging_error
from runtime.tracebacks import hide_frames_of, strip
from runtime.undefined import as_unbound_local
from runtime.user_iterators import converted_iteration

Thunk = Callable[[], Any]
_range = builtins.range
_builtins = builtins
_modules = sys.modules
_NO_ARG = object()  # a parameter not given (None is a value range() must reject)


def _staged(value: Any):
    """The backend owning ``value``, or None. Written out in the hottest operators below for
    speed: one dictionary subscript for a type seen before, no call. A type not seen yet (KeyError)
    or a class that cannot be hashed (TypeError: its metaclass defines __eq__ without __hash__; or any error
    of a metaclass's own __hash__ or __eq__) goes to ``backend_for``, which records the first and calls the
    second plain Python (``if K():`` hashes no class in Python)."""
    try:
        return OWNER_BY_TYPE[type(value)]
    except Exception:  # noqa: BLE001  (see the docstring)
        return backend_for(value)


def if_stmt(cond: Any, body: Thunk, orelse: Optional[Thunk] = None, state: Optional[tuple] = None,
            dead: Optional[tuple] = None) -> Thunk:
    """Which block of ``if cond: body() else: orelse()`` to run: the converted code calls what this
    returns, ``ag__.if_stmt(cond, if_body, else_body, state)()``, so the block runs in the user's
    own frame (no runtime frame sits between the function and its branch: ``sys._getframe``,
    ``warnings.warn(stacklevel=...)`` and the recursion depth see the function). A plain ``cond``
    gives ``body``, ``orelse`` or ``skip``; a staged one is staged here by its backend, and ``skip``
    comes back. ``state``: the variables the statement changes that are read after it; ``dead``: those
    it changes that a branch reads first but nothing reads after it (put back between the branches,
    never joined: ``State.outputs``)."""
    cls = type(cond)
    if cls is not bool and cls is not int:
        try:
            backend = OWNER_BY_TYPE[cls]
        except Exception:  # noqa: BLE001  (a type not seen yet, or a class that cannot be hashed: see _staged)
            backend = backend_for(cond)
        if backend is not None:
            # (the functions a staged `if` chooses between from here on are its branches': runtime/chosen_functions.py)
            started = STAGED_IF_START.set(next(chosen_serials))
            try:
                run(_stage, backend.if_stmt, cond, body, orelse, State(state, body, orelse, dead=dead))  # traces blocks
            finally:
                STAGED_IF_START.reset(started)
            return skip
    if cond:
        return body
    return skip if orelse is None else orelse


def skip() -> None:
    """The block to run when there is none: an ``if`` without ``else`` whose test is false, or a
    statement a backend staged already."""


def run(block: Callable, *args: Any) -> Any:
    """``block(*args)``, with an unbound read in it raised as Python's ``UnboundLocalError``. The
    converter writes ``ag__.run(ag__.if_stmt(...))`` instead of ``ag__.if_stmt(...)()`` where a
    block may read a variable of the function that is not bound (a ``del`` of it, or a binding an
    exception skipped): the block reads it as a free variable, whose error is a ``NameError``."""
    try:
        return block(*args)
    except NameError as error:
        translated = as_unbound_local(error)
        if translated is None:
            raise
    # Raised after the clause, not in it: its context is the exception the user's code was handling where it read
    # the variable (None outside a handler), as Python's; raised in the clause, it would be this NameError.
    raise translated


def while_stmt(test: Optional[Thunk], stop: Optional[Thunk], body: Thunk,
               state: Optional[tuple] = None, first: Any = None) -> Iterable[Thunk]:
    """The iterations of ``while not stop() and test(): body()``, where ``stop`` reads the flag a
    ``break`` or ``return`` sets (``lambda: break_``; None for a loop with neither): ``body`` once per
    time the converted code should run it, ``for step in ag__.while_stmt(loop_test, lambda: break_,
    loop_body, state): step()``, so the body runs in the user's frame. A later test that raises
    StopIteration (``while next(it):``) gives instead a function that raises it there: the tests after
    the first run in a generator, where PEP 479 would turn it into a RuntimeError. Once the test or the
    flag gives a staged value, the rest of the loop is staged (and no more iterations come). The first test
    runs here, as the loop starts: a loop that runs no iteration, or that a backend staged whole, gets an
    empty tuple instead of a generator. A ``test`` of None is a constant true one (``while True:``): nothing
    to call per iteration. ``first``: a staged value the test gave already, which stands for the first test
    here (it is not asked again); None (the default) when the test has not run."""
    always = test is None
    if always:
        test = _always_true
    try:
        # The flag stays False until a jump sets it: one call and one comparison per test on the plain path.
        if stop is not None and (flag := stop()) is not False and (
                flag is True or _stops(stop, test, body, state)):
            return ()
        if first is not None and type(first) is not bool:
            outcome = first  # the test was asked already and gave a staged value: not asked again
        else:
            outcome = True if always else test()
        if type(outcome) is not bool and _staged(outcome) is not None:
            combined = test if stop is None else _both(_not_flag(stop), test)
            _stage(_staged(outcome).while_stmt, combined, body, State(state, test, body))
            return ()
        if not outcome:
            return ()
        # A plain first test and a body that closes over staged values (JAX tracers): its backend may
        # stage the whole loop now rather than after a first Python iteration.
        if state and len(_modules) != NO_STATIC_STAGING[0] and may_stage_from_start():
            offer = getattr(_staged_closure(body) or _staged_composite(state, test, body), "while_from_start", None)
            if offer is not None and offered(backend_for, offer, test if stop is None else _both(
                    _not_flag(stop), test), body, State(state, test, body)):
                return ()
        return _more_iterations(test, stop, body, state, always)
    except NameError as error:  # an unbound read in the test or a staged body: Python's UnboundLocalError
        translated = as_unbound_local(error)
        if translated is None:
            raise
    raise translated  # (after the clause: see run)


def _longer_than_one(numbers: range) -> bool:
    """``len(numbers) > 1``, also for a range longer than ``sys.maxsize`` (ecdsa's ``range(2, p)`` over a 224-bit
    prime), whose ``len()`` raises OverflowError where Python's own loop over it runs."""
    try:
        return len(numbers) > 1
    except OverflowError:
        return True


def _always_true() -> bool:
    """The test of ``while True:`` (``while_stmt``'s None), for a backend that stages the loop."""
    return True


def _more_iterations(test: Thunk, stopped: Any, body: Thunk, state: Optional[tuple],
                     always: bool) -> Iterator[Thunk]:
    """``while_stmt``'s iterations once its first test held: the tests after it, as there."""
    try:
        while True:
            yield body
            if stopped is not None and (flag := stopped()) is not False and (
                    flag is True or _stops(stopped, test, body, state)):
                return
            if always:
                continue
            try:
                outcome = test()
            except StopIteration as error:  # raised in the user's frame, as Python's `while next(it):` raises it
                yield _raiser(error)
                return
            if type(outcome) is not bool and _staged(outcome) is not None:
                combined = test if stopped is None else _both(_not_flag(stopped), test)
                _stage(_staged(outcome).while_stmt, combined, body, State(state, test, body))
                return
            if not outcome:
                return
    except NameError as error:
        translated = as_unbound_local(error)
        if translated is None:
            raise
    raise translated  # (after the clause: see run)


def _raiser(error: BaseException) -> Thunk:
    """A function that raises ``error`` where the converted code calls it (in the user's frame)."""
    return functools.partial(_raise, error)


def _raise(error: BaseException) -> None:
    raise error


def _stops(stopped: Thunk, test: Thunk, body: Thunk, state: Optional[tuple]) -> bool:
    """Whether the loop ends before its next test because of its flag (``stopped()``, not False): a
    plain flag that is set, or a staged one, whose backend then stages the rest."""
    value = stopped()
    if value is True:
        return True
    backend = _staged(value)
    if backend is not None:
        _stage(backend.while_stmt, _both(_not_flag(stopped), test), body, State(state, test, body))
        return True
    return bool(value)


def _not_flag(stopped: Thunk) -> Thunk:
    """What a backend stages as the loop's extra test: ``not flag``."""
    return lambda: not_(stopped())


def _both(extra_test: Thunk, test: Thunk) -> Thunk:
    """The one test a backend stages: the flag, then (lazily) the loop's own test."""
    return lambda: and_(extra_test(), test)


def for_stmt(
    iterable: Any,
    stop: Optional[Thunk],
    body: Callable[[Any], None],
    state: Optional[tuple] = None,
) -> Iterable:
    """The items to run ``body`` on, for ``for x in ag__.for_stmt(xs, lambda: break_, loop_body,
    state): loop_body(x)``: the body runs in the user's frame. Without ``stop`` (None: the loop has no
    break or return) that is ``iterable`` itself; with one (it reads the flag a break or return sets),
    the items up to the iteration that sets it. A
    staged ``iterable`` is staged here, and so are the remaining iterations once the flag becomes a
    staged value; then no (more) items come."""
    cls = type(iterable)
    if cls is not _range and cls is not list:
        try:  # `_staged(iterable)` written out: a tuple, a dict, a string cost one look-up
            backend = OWNER_BY_TYPE[cls]
        except Exception:  # noqa: BLE001  (see _staged)
            backend = backend_for(iterable)
        if backend is not None:
            # (A staged zip / enumerate the backend may run as Python's loop: `_offer`, as for a range.)
            run(_offer if getattr(cls, "may_run_as_python", False) else _stage, backend.for_stmt, iterable,
                None if stop is None else _not_flag(stop), body, State(state, body))
            return ()
    elif state and cls is _range and _longer_than_one(iterable) and may_stage_static_ranges():
        # A static range whose body may read staged values. The graph's trace (alone): Python's loop here, each
        # iteration traced as it runs, its rest offered once unrolling it would grow the graph past a size (nothing
        # to look for first: a body that reads no tensor adds no node). Another backend's (JAX's): it may stage the
        # whole loop (one lax.scan) if the body closes over its values; Python's loop where not.
        unroller = static_range_unroller()
        if unroller is not None:
            if _near(body):
                return _range_then_staged(iter(iterable), stop, body, state, unroller)
        else:
            backend = _staged_closure(body) or _staged_composite(state, body)
            if backend is not None and getattr(backend, "stages_static_ranges", False):
                run(_offer, backend.for_stmt, iterable, None if stop is None else _not_flag(stop), body,
                    State(state, body))
                return ()
    if cls is _RANGE_ITERATOR and stop is None and state and may_stage_static_ranges():
        # `for t in reversed(range(n))` (RL's returns and advantages, a Viterbi backtrace): as a range, on the range
        # its iterator has left; the iterator ends consumed, as Python's loop leaves it.
        unroller = static_range_unroller()
        remaining = None if unroller is not None else remaining_range(iterable)
        if unroller is not None and _near(body):
            return _range_then_staged(iterable, None, body, state, unroller, own=True)
        backend = None if remaining is None or len(remaining) < 2 else (
            _staged_closure(body) or _staged_composite(state, body))
        if backend is not None and getattr(backend, "stages_static_ranges", False):
            run(_offer, backend.for_stmt, remaining, None, body, State(state, body))
            for _ in iterable:
                pass
            return ()
    if stop is None:
        if cls is list or cls is tuple or cls is _range or cls is dict:
            return iterable
        if _NOTES.get() is not None and hasattr(cls, "__next__"):  # an iterator a graph trace may see outlive the call
            note_iterator(iterable)
        # A class of the user's with a Python __iter__: its converted __iter__ and __next__ (runtime/user_iterators.py).
        converted = converted_iteration(iterable)
        return iterable if converted is None else converted
    if (cls is list or cls is tuple) and not iterable and stop() is False:
        return iterable  # nothing to run and no staged flag to hand over: no generator (`d.get(k, [])`)
    if _NOTES.get() is not None and hasattr(cls, "__next__"):  # (as above)
        note_iterator(iterable)
    iterator = iter(iterable)
    return _until_flag(iterator, stop, body, state, own=iterator is iterable)


# Iterators that wrap others: where their ``__reduce__`` gives those, and a fresh one of each kind, whose inner
# iterators nothing else holds, to count against.
_WRAPPERS = {enumerate: (lambda args: args[:1], lambda: enumerate(iter(()))),
             zip: (lambda args: args, lambda: zip(iter(()), iter(()))),
             map: (lambda args: args[1:], lambda: map(len, iter(()))),
             filter: (lambda args: args[1:], lambda: filter(None, iter(())))}


def _only_the_loops(iterator: Any, holders: int) -> bool:
    """Whether nothing but the loop (``holders`` references the caller knows of, this frame's included) can reach
    ``iterator``, nor the iterators it takes items from (``enumerate(zip(a, b))`` of a ``zip`` the program holds):
    counted as runtime/references.py counts, and False where references cannot be counted (the side a miscount
    must fall on)."""
    if not held_only_by(iterator, holders):
        return False
    return _inner_held_only_by(iterator)


def _inner_held_only_by(wrapper: Any) -> bool:
    """Whether the iterators ``wrapper`` takes items from are held by it alone (and so on, down): each counted
    at the same place as those of a fresh wrapper of its kind, which nothing else holds."""
    kind = _WRAPPERS.get(type(wrapper))
    if kind is None:
        return True
    unwrap, fresh = kind
    expected = max(_inner_counts(fresh(), unwrap), default=0)
    return all(count <= expected for count in _inner_counts(wrapper, unwrap)) and all(
        _inner_held_only_by(inner) for inner in unwrap(wrapper.__reduce__()[1]) if iter(inner) is inner)


def _inner_counts(wrapper: Any, unwrap: Callable) -> list:
    counts = []
    for inner in unwrap(wrapper.__reduce__()[1]):
        if iter(inner) is inner:
            counts.append(sys.getrefcount(inner))
    return counts


def iterator_taken_whole(iterator: Any) -> StagingError:
    """The refusal of a loop over an iterator the program can still reach, whose break became a staged value."""
    name = type(iterator).__name__
    article = "an" if name[0] in "aeiou" else "a"
    return staging_error(
        f"this for loop takes its items from {article} {name} that the program can still reach (or from an iterator "
        "it wraps), and its break (or return) depends on a traced value: a run would take items up to the break, "
        "but tracing takes every item left, so what the iterator holds afterwards would not be what it holds "
        "eagerly. Loop over a list of its items (for v in list(it)), or over the container it iterates")


def _until_flag(iterator: Iterator, stopped: Thunk, body: Callable[[Any], None], state: Optional[tuple],
                own: bool = False) -> Iterator:
    """The items of ``iterator`` while the flag ``stopped()`` reads is false (checked before each
    item, after the body ran on the one before); a staged flag hands what is left to its backend.
    ``own``: ``iterator`` is the loop's iterable itself (an iterator, a generator), not one made for the loop:
    the backend takes every item left of it while tracing, where a run takes them up to the break, so it is
    refused where the program can still reach it (``_only_the_loops``)."""
    value = stopped()
    while True:
        if value is not False:
            if value is True:
                return
            backend = backend_for(value)
            if backend is None:
                if value:
                    return
            else:  # the flag is staged now: hand the iterations that are left to its backend
                if own and not _only_the_loops(iterator, 2 + noted_iterator(iterator)):
                    raise iterator_taken_whole(iterator)
                run(_stage, backend.for_stmt, iterator, _not_flag(stopped), body, State(state, body))
                return
        for item in iterator:
            yield item
            value = stopped()
            if value is not False:
                break
        else:
            return


_END = object()
_NEAR_ITEMS = 8  # how many items of a container, or attributes of an object, ``_near`` looks at


def _near(body: Callable) -> bool:
    """Whether a staged value is near ``body``'s closure: in a cell, among the first items of a list, tuple or dict
    in one, among the attributes of an object in one (its ``__dict__``, read without running its code), or in the
    cells of a function in one (``def term(i): return x[i]``). A quick look, where ``_staged_closure`` walks a few
    levels down, for a loop the graph runs as Python's either way: one it misses stays unrolled, as before."""
    for cell in body.__closure__ or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if _staged(value) is not None:
            return True
        cls = type(value)
        if cls is list or cls is tuple:
            items = value[:_NEAR_ITEMS]
        elif cls is dict:
            items = itertools.islice(value.values(), _NEAR_ITEMS)
        elif cls is types.FunctionType:
            items = _cell_values(value.__closure__)
        elif cls in PLAIN_TYPES:
            continue
        else:
            own = instance_dict(value)  # (no getter of the program's: a class may define __dict__ as a property)
            items = itertools.islice(own.values(), _NEAR_ITEMS) if type(own) is dict else ()
        for item in items:
            if _staged(item) is not None:
                return True
    return False


def _range_then_staged(items: Iterator, stopped: Optional[Thunk], body: Callable[[Any], None],
                       state: Optional[tuple], backend: Any, own: bool = False) -> Iterator:
    """The items of ``items`` (an iterator over a plain range) for Python's loop in the user's frame, each
    iteration traced as it runs, as the loop over a range always ran; after each, the backend (the graph's) is
    asked whether unrolling the rest would grow its graph past a size (``worth_staging``: the rest, or None), and if
    so it is offered the rest as one staged loop (``stage_rest``: True if it took it; False, with what the attempt
    wrote put back, if it could not). The break or return flag ``stopped`` is read as ``_until_flag`` reads it;
    once staged, the backend takes what is left under it. ``own``: ``items`` is the program's iterator
    (``reversed(range(n))``), left consumed."""
    mark_now, worth = backend.unroll_mark, backend.worth_staging
    first = True
    while True:
        if stopped is not None:
            value = stopped()
            if value is not False:
                if value is True:
                    return
                owner = backend_for(value)
                if owner is None:
                    if value:
                        return
                else:  # the flag is staged now: its backend takes the iterations left (a range iterator's rest)
                    run(_stage, owner.for_stmt, items, _not_flag(stopped), body, State(state, body))
                    return
        mark = mark_now() if worth is not None else None
        item = next(items, _END)
        if item is _END:
            return
        yield item
        if mark is None or (stopped is not None and stopped() is not False):
            continue
        rest = worth(mark, items)
        if rest is False and first:  # the first iteration added no node: a body on plain values, left as Python's
            if stopped is None:
                yield from items
                return
            worth = None
        first = False
        if not rest:
            continue
        if run(offered, backend_for, backend.stage_rest, rest, None if stopped is None else _not_flag(stopped),
               body, State(state, body)):
            if own:
                for _ in items:  # (the program's iterator ends consumed, as Python's loop leaves it)
                    pass
            return
        worth = None  # refused once: Python's loop for the rest, not an attempt per iteration


def _stage(method: Callable, *args: Any) -> Any:
    """A backend's ``if_stmt`` / ``while_stmt`` / ``for_stmt`` on ``args`` (the last one the ``State``),
    refusing a change to Python state that the statement does not carry (runtime/composite_state.py)."""
    return staged(backend_for, method, *args)


def _offer(method: Callable, *args: Any) -> Any:
    """``_stage`` for a statement the backend may run as Python instead (a plain range it unrolls)."""
    return staged(backend_for, method, *args, python_ok=True)


def _staged_closure(body: Callable) -> Any:
    """The backend owning a value in a closure cell of ``body`` (looking into tuples, lists and
    dicts, a few levels deep, and into what a backend sees inside an object: a NamedTuple, a dataclass
    or module JAX flattens), or None: what decides whether a static range loop is offered to a
    backend. Costs one type look-up per cell for plain values."""
    for cell in body.__closure__ or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell: a variable not bound yet
            continue
        backend = _staged_in(value, 3)
        if backend is not None:
            return backend
    return None


def _staged_composite(state: tuple, *functions: Callable) -> Any:
    """The backend owning a value the loop carries in an attribute or item it writes (``m.w = m.w * 0.5``: a
    composite in ``state``, runtime/composite_state.py) of an object the closure holds but ``_staged_closure``
    does not look into (a plain class's instance), or None. Such a loop ran as Python's, unrolled, with no word.
    Read only where reading runs no user code (``_plain_step``): a loop that stays Python's must not have run a
    property's getter once more than Python would."""
    entries = [entry for entry in state if type(entry) is tuple]
    if not entries:
        return None
    cells: dict = {}
    for function in functions:
        closure = getattr(function, "__closure__", None)
        if closure:
            cells.update(zip(function.__code__.co_freevars, closure))
    for entry in entries:
        cell = cells.get(entry[0])
        if cell is None:  # (a base only an inner block reads, or a global: not looked at)
            continue
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        for step in entry[1:]:
            value = _plain_step(value, step)
            if value is _NOT_PLAIN:
                break
        else:
            backend = _staged_in(value, 3)
            if backend is not None:
                return backend
    return None


_NOT_PLAIN = object()


def _plain_step(obj: Any, step: Any) -> Any:
    """``obj``'s attribute ``step`` from its own ``__dict__``, or its item ``step[0]`` if it is a dict or a list;
    ``_NOT_PLAIN`` where reading it would run user code (a property, ``__getattr__``, ``__getitem__``) or it is
    not there."""
    if type(step) is tuple:
        key = step[0]
        if type(obj) is dict and type(key) in (str, int):
            return obj.get(key, _NOT_PLAIN)
        if type(obj) is list and type(key) is int and -len(obj) <= key < len(obj):
            return obj[key]
        return _NOT_PLAIN
    own = instance_dict(obj)  # (None for slots or a builtin; past a __dict__ property, whose getter is user code)
    return own.get(step, _NOT_PLAIN) if type(own) is dict else _NOT_PLAIN


def _staged_in(value: Any, depth: int) -> Any:
    cls = type(value)
    if cls is tuple or cls is list:
        items = value
    elif cls is dict:
        items = value.values()
    elif cls is types.FunctionType:
        # A function the body calls that closes over staged values (`def g(i): return x[i]`, then `val = val +
        # g(i)`): the loop computes with them as surely as if it read them itself. It ran as Python's, unrolled,
        # with no word (FermiNet's kinetic energy). Its cells are read, which runs no user code.
        items = _cell_values(value.__closure__)
    else:
        backend = _staged(value)
        if backend is None and cls not in PLAIN_TYPES:
            # An object holding staged values (a NamedTuple or dataclass of tracers carried by a loop): a loop
            # that looked only into plain containers ran as Python's, unrolled, with no word (matfree's Golub-Kahan
            # state, a NamedTuple).
            backend = staged_inside(value)
        return backend
    if depth:
        for item in items:
            backend = _staged_in(item, depth - 1)
            if backend is not None:
                return backend
    return None


def _cell_values(closure: Optional[tuple]) -> list:
    values = []
    for cell in closure or ():
        try:
            values.append(cell.cell_contents)
        except ValueError:  # an empty cell
            pass
    return values


def _as_users(error: BaseException) -> Optional[BaseException]:
    """In the ``except`` clause of a helper that ran an operand's thunk: the ``UnboundLocalError``
    Python would raise for an unbound read in it (to raise instead), or None after tidying ``error``'s
    traceback to the user's frames, without this frame and the thunk's (to re-raise it bare)."""
    if isinstance(error, NameError):
        translated = as_unbound_local(error)
        if translated is not None:
            return translated
    strip(error)
    return None


def if_exp(cond: Any, if_true: Thunk, if_false: Thunk) -> Any:
    """``if_true() if cond else if_false()``."""
    try:
        if type(cond) is not bool and _staged(cond) is not None:
            return _staged(cond).if_exp(cond, if_true, if_false)
        return if_true() if cond else if_false()
    except BaseException as error:
        translated = _as_users(error)
        if translated is None:
            raise
    raise translated  # (after the clause: see run)


def is_(left: Any, right: Any) -> Any:
    """``left is right`` where one side is ``True`` or ``False`` (the converter writes it for those only): a
    backend's value may stand for a Python bool (a flag a staged ``if`` set), whose identity with ``True`` is
    its truth; its backend answers (``Backend.is_``). Any other value: Python's identity."""
    for value in (left, right):
        cls = type(value)
        if cls is not bool and cls is not int:
            backend = _staged(value)
            if backend is not None:
                result = backend.is_(left, right)
                if result is not NotImplemented:
                    return result
    return left is right


def is_not(left: Any, right: Any) -> Any:
    """``left is not right`` where one side is ``True`` or ``False``: ``not is_(left, right)``."""
    same = is_(left, right)
    if type(same) is bool:
        return not same
    return _staged(same).not_(same)


def not_(value: Any) -> Any:
    """``not value``."""
    try:
        cls = type(value)
        if cls is not bool:  # `_staged(value)` written out: `not x` is common in loops
            try:
                backend = OWNER_BY_TYPE[cls]
            except Exception:  # noqa: BLE001  (see _staged)
                backend = backend_for(value)
            if backend is not None:
                return backend.not_(value)
        return not value
    except BaseException as error:  # a __bool__ that raises: the user's traceback, without this frame
        strip(error)
        raise


def and_(value: Any, *rest: Thunk) -> Any:
    """``value and rest[0]() and ...``: lazy, returns the operand Python would."""
    try:
        if len(rest) == 1 and (type(value) is bool or _staged(value) is None):
            return rest[0]() if value else value  # the common `a and b` on a plain value
        for index, operand in enumerate(rest):
            if type(value) is not bool and _staged(value) is not None:
                return _staged(value).and_(value, rest[index:])
            if not value:
                return value
            value = operand()
        return value
    except BaseException as error:
        translated = _as_users(error)
        if translated is None:
            raise
    raise translated  # (after the clause: see run)


def or_(value: Any, *rest: Thunk) -> Any:
    """``value or rest[0]() or ...``: lazy, returns the operand Python would."""
    try:
        if len(rest) == 1 and (type(value) is bool or _staged(value) is None):
            return value if value else rest[0]()  # the common `a or b` on a plain value
        for index, operand in enumerate(rest):
            if type(value) is not bool and _staged(value) is not None:
                return _staged(value).or_(value, rest[index:])
            if value:
                return value
            value = operand()
        return value
    except BaseException as error:
        translated = _as_users(error)
        if translated is None:
            raise
    raise translated  # (after the clause: see run)


def computed(value: Any) -> Any:
    """``value``, computed whole before the ``and`` / ``or`` around it asks its truth.

    CPython 3.11 threads the jumps of an ``and`` / ``or`` operand through the one around it (in
    ``(a and b) and c`` a false ``a`` is asked once), but not out of a conditional expression's if
    branch: in ``((a and (w := b)) if t else y) and c`` a false ``a`` is asked again after the branch.
    Nor out of the operand of ``not``, or out of a chained comparison, given as a value. Where the
    converter moves such an operand next to the rest or into a test (``((a and (w := b)) and c) if t
    else ...``) and the operands stay as written (a walrus cannot move into a thunk), this call keeps
    CPython from threading what it did not thread before."""
    return value


def and_test(value: Any, *rest: Thunk) -> Any:
    """``value and rest[0]() and ...`` as the test of an ``if`` / ``while`` / ``assert``: Python asks
    each operand's truth once (it jumps), so this gives ``True`` / ``False`` for plain values and
    whoever tests the result asks no ``__bool__`` again. A staged operand hands the rest to its
    backend, as ``and_`` does."""
    try:
        if len(rest) == 1 and (type(value) is bool or _staged(value) is None):
            # The common `if a and b:` on a plain `a`: the loop below, written out for one operand.
            if not value:
                return False
            value = rest[0]()
            if type(value) is bool or _staged(value) is None:
                return True if value else False
            return value
        for index, operand in enumerate(rest):
            if type(value) is not bool and _staged(value) is not None:
                return _staged(value).and_test(value, rest[index:])
            if not value:
                return False
            value = operand()
        if type(value) is not bool and _staged(value) is not None:
            return value
        return True if value else False
    except BaseException as error:
        translated = _as_users(error)
        if translated is None:
            raise
    raise translated  # (after the clause: see run)


def or_test(value: Any, *rest: Thunk) -> Any:
    """``value or rest[0]() or ...`` as a test: each operand's truth asked once (see ``and_test``)."""
    try:
        if len(rest) == 1 and (type(value) is bool or _staged(value) is None):
            # The common `if a or b:` on a plain `a`: the loop below, written out for one operand.
            if value:
                return True
            value = rest[0]()
            if type(value) is bool or _staged(value) is None:
                return True if value else False
            return value
        for index, operand in enumerate(rest):
            if type(value) is not bool and _staged(value) is not None:
                return _staged(value).or_test(value, rest[index:])
            if value:
                return True
            value = operand()
        if type(value) is not bool and _staged(value) is not None:
            return value
        return True if value else False
    except BaseException as error:
        translated = _as_users(error)
        if translated is None:
            raise
    raise translated  # (after the clause: see run)


_COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq, "!=": operator.ne,
    "is": is_, "is not": is_not, "in": lambda a, b: a in b, "not in": lambda a, b: a not in b,
}


def compare_test(left: Any, *links: Any) -> Any:
    """``left OP1 b OP2 c ...`` as a test, ``links`` being ``OP1, lambda: b, OP2, lambda: c, ...``: each
    operand evaluated once and only when Python would, each link's truth asked once (Python jumps on a
    chain's links in a test, and asks no truth of the chain's value). ``True`` / ``False`` for plain
    links; a staged link hands it and the links after it to its backend's ``and_``."""
    try:
        for index in range(0, len(links), 2):
            right = links[index + 1]()
            value = _COMPARISONS[links[index]](left, right)
            last = index + 2 == len(links)
            if type(value) is not bool and _staged(value) is not None:
                if last:
                    return value
                remaining = links[index + 2:]
                return _staged(value).and_(value, (lambda right=right, remaining=remaining: compare_test(
                    right, *remaining),))
            if not value:
                return False
            left = right
        return True
    except BaseException as error:
        translated = _as_users(error)
        if translated is None:
            raise
    raise translated  # (after the clause: see run)


def compare(left: Any, *links: Any) -> Any:
    """``left OP1 b OP2 c ...`` as a value (``inside = lo < x < hi``), ``links`` as for ``compare_test``:
    each operand evaluated once and only when Python would; a link before the last is asked its truth
    once and, if false, is the chain's value; the last link is the value otherwise (its truth is not
    asked), as Python gives them. A staged link hands it and the links after it to its backend's ``and_``."""
    try:
        for index in range(0, len(links), 2):
            right = links[index + 1]()
            value = _COMPARISONS[links[index]](left, right)
            if index + 2 == len(links):
                return value
            if type(value) is not bool and _staged(value) is not None:
                size = getattr(value, "size", 1)
                if isinstance(size, int) and size != 1:  # Python would ask its truth: ValueError, as there
                    from runtime.staging import user_location
                    raise ValueError(
                        f"{user_location()}: the truth value of an array with more than one element is ambiguous: "
                        f"a chained comparison asks the truth of each link but the last, and this link ({links[index]}"
                        f") has {size} elements; compare elementwise with (a < b) & (b < c), or reduce it with "
                        "jnp.all(...) / jnp.any(...)")
                remaining = links[index + 2:]
                return _staged(value).and_(value, (lambda right=right, remaining=remaining: compare(
                    right, *remaining),))
            if not value:
                return value
            left = right
        return left  # (no links: not written by the converter)
    except BaseException as error:
        translated = _as_users(error)
        if translated is None:
            raise
    raise translated  # (after the clause: see run)


def range_(start: Any = _NO_ARG, stop: Any = _NO_ARG, step: Any = _NO_ARG, /, *more: Any) -> Iterable:
    """``range(...)`` in a for loop's iterable; a staged bound gives its backend's range. Plain bounds go
    to ``builtins.range`` as it is now (a program may have patched it), as the original's call would.
    (Three optional positional parameters rather than ``*args``: ``range(n)`` and ``range(a, b)`` on
    ints, the usual loops, cost one call and a type check or two.)"""
    if type(start) is int and not more:
        if stop is _NO_ARG:
            return _builtins.range(start)
        if type(stop) is int and step is _NO_ARG:
            return _builtins.range(start, stop)
    args = tuple(arg for arg in (start, stop, step) if arg is not _NO_ARG) + more
    for arg in args:
        if type(arg) is not int:
            backend = backend_for(arg)
            if backend is not None:
                return backend.range(*args)
    return _builtins.range(*args)


def assert_holds(test: Any, message: Optional[Thunk] = None) -> Any:
    """The test of an ``assert`` statement: returned as it is for Python to check, unless a backend
    owns it; then the backend checks it when its program runs (``message()`` is the message) and the
    statement passes now."""
    if type(test) is bool:
        return test
    backend = _staged(test)
    if backend is None or backend.assert_(test, message) is NotImplemented:
        return test
    return True


# Tracebacks leave these out (runtime/tracebacks.py): the helpers that call user code (its thunks,
# __bool__, __index__, iterators) and the loops' generators.
hide_frames_of(_stage, _offer)
hide_frames_of(run, if_stmt, while_stmt, _more_iterations, _raise, for_stmt, _until_flag, if_exp, not_, and_, or_,
               and_test, or_test, compare_test, compare, range_)
