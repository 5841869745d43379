"""The graph backend: control flow on graph tensors becomes ``cond`` / ``while_loop`` nodes.

Before (what the user wrote, traced by ``autograph.function``)::

    def f(x):
        if np.sum(x) > 0:
            x = x * 2
        while np.max(x) < 10:
            x = x + 1
        return x

After (the graph)::

    { lambda a:f64[3] ; let
        ...
        e:f64[3] = cond[true_graph=... false_graph=...] d a
        f:f64[3] = while_loop[cond_graph=... body_graph=...] e
      in (f) }

The statements themselves live in ``control_flow`` (``if``, conditional
expressions) and ``loops`` (``while``, ``for``); this module is the
backend object that ``runtime.operators`` hands them to, and the lazy ``and`` /
``or`` / ``not``. Conditions and loops over Python values never get here: they
run as Python while tracing (a loop over ``range(100)`` unrolls).
"""

from __future__ import annotations

import array
import dataclasses
from typing import Any, Callable, Optional

import numpy as np

from runtime import operators
from runtime.backend import Backend, State, Thunk, register
from runtime.choice import Probe
from runtime.graph import builtins as graph_builtins
from runtime.graph import (
    clock_reads,
    control_flow,
    formatted,
    fresh_arrays,
    identity,
    loops,
    numpy_random,
    path_aliases,
    tensor,
    variables,
)
from runtime.graph import vectorized as graph_vectorized
from runtime.graph.builder import current_builder, current_builder_fast
from runtime.graph.control_flow import predicate, stage_cond
from runtime.graph.loops import GraphRange
from runtime.graph.tensor import Tensor
from runtime.limits import Limitation, forget_since, refusal_mark
from runtime.loop_tests import binds_names, rebinding
from runtime.numpy_function import Slot
from runtime.references import held_only_by
from runtime.staging import NotStageable, StagingError, user_location

__all__ = ["GRAPH_BACKEND", "GraphBackend", "GraphRange", "StagingError"]


class GraphBackend(Backend):
    """Owns graph ``Tensor``s (and ranges with a tensor bound) and stages into the graph being traced."""

    name = "graph"
    # A `for` over a plain range whose body reads tensors runs as Python's loop in the user's frame, each iteration
    # traced as it runs, until the graph it would add by unrolling passes a size: then the rest is offered to it as
    # one staged loop (runtime/operators.py, ``_range_then_staged``; runtime/graph/loops.py).
    stages_static_ranges = True
    unroll_mark = staticmethod(loops.unroll_mark)
    worth_staging = staticmethod(loops.worth_staging)

    @staticmethod
    def stage_rest(rest: range, extra_test: Optional[Thunk], body: Callable[[Any], None], state: State) -> bool:
        return loops.stage_rest(rest, extra_test, body, state)

    def staging_now(self) -> bool:
        """Its tensors exist only while a graph is traced: whether one is, on this thread (or context)."""
        return current_builder_fast() is not None

    def tracing_probe(self) -> Any:
        return Probe("{current_builder}() is not None", {"current_builder": current_builder_fast})

    def owns(self, cls: type) -> bool:
        return issubclass(cls, (Tensor, GraphRange))

    def if_stmt(self, cond: Any, body: Thunk, orelse: Optional[Thunk], state: State) -> None:
        _adopting(state, lambda: control_flow.if_stmt(cond, body, orelse, state))

    def while_stmt(self, test: Thunk, body: Thunk, state: State) -> None:
        if not binds_names(test):
            _adopting(state, lambda: loops.stage_while(test, body, state))
            return
        # a walrus in the test (runtime/loop_tests.py)
        _adopting(state, lambda: loops.stage_while(test, rebinding(test, body), state))
        test()

    def for_stmt(self, iterable: Any, extra_test: Optional[Thunk], body: Callable[[Any], None],
                 state: State) -> None:
        _adopting(state, lambda: loops.for_stmt(iterable, extra_test, body, state))

    def if_exp(self, cond: Any, if_true: Thunk, if_false: Thunk) -> Any:
        return control_flow.if_exp(cond, if_true, if_false)

    def not_(self, value: Any) -> Any:
        """Python's ``not``: a Python bool (a ``PyNumber``) of one value's truth; an array of more than one
        element is refused, where Python raises (it was ``np.logical_not``, elementwise, and a NumPy bool)."""
        return tensor.PyNumber.of(np.logical_not(predicate(value, "the operand of `not`")))

    def is_(self, left: Any, right: Any) -> Any:
        """``left is right`` with a tensor on one side: Python's identity as the run has it, or refused where the
        trace cannot know it (runtime/graph/identity.py)."""
        return identity.is_(left, right)

    # Lazy like Python: the rest is evaluated (traced) only in a cond branch where it runs, so
    # `i < n and x[i] > 0` never indexes out of bounds. The operands must be scalars.
    def and_(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        return self._short_circuit(value, rest, operators.and_, "and")

    def or_(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        return self._short_circuit(value, rest, operators.or_, "or")

    # As a test only the truth counts: each operand is staged as its truth (a bool[]), so operands of two dtypes
    # (`if d == 0 and on_segment:` with a float `on_segment`) need not join as values; still lazy.
    # The branch where the left operand decides gives the truth that branch knows it has (False where `and` stops,
    # True where `or` does), not the operand: so a rest whose truth is a Python bool makes the whole test a Python
    # bool where both agree (`if a.size and ending:` with `ending` False is plainly false, and the `if` is not staged:
    # detecta's detect_cusum calls itself there, which a staged `if` would trace without end).
    def and_test(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        return self._short_circuit(predicate(value, "the left operand of `and`"), _truths(rest, "and"),
                                   operators.and_test, "and", decided=False)

    def or_test(self, value: Any, rest: tuple[Thunk, ...]) -> Any:
        return self._short_circuit(predicate(value, "the left operand of `or`"), _truths(rest, "or"),
                                   operators.or_test, "or", decided=True)

    @staticmethod
    def _short_circuit(value: Any, rest: tuple[Thunk, ...], again: Callable, word: str,
                       decided: Optional[bool] = None) -> Any:
        pred = predicate(value, f"the left operand of `{word}`")
        evaluate_rest = lambda: again(rest[0](), *rest[1:])  # noqa: E731
        stop = (lambda: value) if decided is None else (lambda: decided)
        branches = [evaluate_rest, stop] if word == "and" else [stop, evaluate_rest]
        (result,) = stage_cond(pred, [lambda fn=fn: (fn(),) for fn in branches],
                               (f"<the value of `{word}`>",), ("true", "false"))
        return result

    def range(self, *args: Any) -> GraphRange:
        return GraphRange(*args)

    def call_builtin(self, f: Callable, args: tuple, kwargs: dict) -> Any:
        """``float(t)``, ``max(a, b)``, ``math.sqrt(t)``, ``np.array([t, 1.0])``, ... on tensors
        (runtime/graph/builtins.py; NotImplemented for a callable it does not know)."""
        return graph_builtins.call(f, args, kwargs)

    def random_call(self, f: Callable) -> Any:
        """``np.random.normal``, ``rng.integers``, ``np.random.seed``, ``np.random.default_rng`` ... called
        while a graph is traced: a random op that draws each time the graph runs, from the generator eager
        code would draw from (runtime/graph/numpy_random.py), or a refusal naming the line."""
        return numpy_random.random_call(f)

    def varying_call(self, f: Callable) -> Any:
        """``time.perf_counter()``, ``time.time()`` ... called while a graph is traced: a clock node that reads the
        clock each time the graph runs; ``datetime.now()``, ``os.urandom(n)``, ``uuid.uuid4()``: a refusal naming
        the line (runtime/graph/clock_reads.py)."""
        return clock_reads.varying_call(f)

    def new_array(self, f: Callable) -> Any:
        """``np.zeros``, ``np.empty``, ``np.identity``, ``np.zeros_like`` ... called from converted code while a
        graph is traced: the array is a graph tensor from the start, so that writes of traced values into it
        (``out=``, ``+=``, ``np.add.at``, through views and other names) are graph writes
        (runtime/graph/fresh_arrays.py)."""
        return fresh_arrays.new_array(f)

    def refuse_traced_text(self, text: str) -> None:
        """Text holding a mark of a tensor of the trace under way (``<Tensor i64[] #3>``: runtime/graph/formatted.py),
        used as data: refused at the user's line."""
        mark = formatted.first_mark(text)
        if mark is not None:
            raise NotStageable(
                f"{user_location()}: text made from a traced value is used as data here (returned, kept, its length, "
                f"a comparison, a parse): while tracing, the value's text is the placeholder {mark!r}, whose "
                "characters are not the value's, which exist only when the graph runs. Text of a traced value may go "
                "into an exception's or an assert's message (written in when the graph runs), print(), warnings or "
                "logging; to compute with the value use NumPy on it (x // 10, np.log10(x), np.binary_repr outside), "
                "or make the text outside the traced function")

    def vectorize(self, vectorized: Any, pyfunc: Callable, args: tuple, kwargs: dict) -> Any:
        """An ``np.vectorize`` object called on tensors: ``pyfunc`` (converted) on each element while tracing, NumPy's
        rules for dtypes, broadcasting and excluded arguments (runtime/graph/vectorized.py)."""
        return graph_vectorized.vectorize(vectorized, pyfunc, args, kwargs)

    def numpy_function(self, call: Any) -> tuple:
        """``autograph.numpy_function(fn, *args, ...)`` while a graph is traced: one ``numpy_function`` op
        (runtime/graph/ops_callback.py) whose inputs are the tensor arguments (Variables are read); the
        other arguments are passed to ``fn`` as they are, at every run."""
        inputs: list = []
        args = []
        for position, arg in enumerate(call.args):
            if isinstance(arg, Tensor) or tensor.stands_for_a_tensor(type(arg)):
                args.append(Slot(len(inputs)))
                inputs.append(tensor.as_tensor(arg))
            elif _holds_a_tensor(arg):
                raise NotStageable(
                    f"{call.where()}: argument {position} of numpy_function({call.name}, ...) is a "
                    f"{type(arg).__name__} holding traced arrays: pass each array as an argument of its own "
                    f"(numpy_function({call.name}, *items, ...)), and rebuild the {type(arg).__name__} inside "
                    f"{call.name}")
            else:
                args.append(arg)
        return tensor.bind("numpy_function", inputs, call=dataclasses.replace(call, args=tuple(args)))

    def assert_(self, test: Any, message: Optional[Thunk]) -> None:
        """A graph assertion: ``test`` (one element, as Python's truth of an array needs) must be true
        when the graph runs."""
        if test.size != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             "Use a.any() or a.all()")
        variables.assert_(test, "" if message is None else message())

    def read_from(self, base: Any, index: Any) -> Any:
        """``np.eye(k)[labels]``: a NumPy array indexed by tensors is a gather from a constant;
        ``np.r_[...]`` / ``np.c_[...]`` with tensors join them as NumPy does; ``xs[t]``, a Python list or tuple
        of tensors indexed by a staged integer (a staged loop's counter), one read of the stacked items."""
        if current_builder() is None:
            return None
        if isinstance(base, np.ndarray) and base.dtype.kind in "biufc":
            return tensor.getitem(tensor.constant(base), index)
        if base is np.r_ or base is np.c_:
            return _join_index_expression(base is np.c_, index)
        if type(base) is list or type(base) is tuple:
            return _stacked_read(base, index)
        return None

    def adopt(self, array: Any) -> Any:
        """A graph array holding the values of ``array``, a NumPy array that only the written name refers to
        (``q = np.array([1., 0., 0., 0.]); q[0] = t``, ``s = np.tile(1.0, n); s[m] = t``), when it owns its
        memory (``_adoptable``): nothing can tell the two apart, as nothing else can reach the old one."""
        if current_builder() is None or not _adoptable(array):
            return None
        return tensor.as_tensor(np.array(array))  # (a copy: the graph's constant is its own)

    def write_into(self, target: Any, index: Any, value: Any, chained: bool = False) -> Any:
        """``y[k] = t`` with ``y`` a NumPy array and ``t`` a tensor (or a tensor in ``k``) that ``adopt`` did not
        take (something else refers to the array): refused at the user's line. A NumPy array cannot hold a
        tensor, and making ``y`` a tensor would leave every other name bound to the array (an alias, a view,
        the caller's argument, a module's constant) with the old values: a silent difference. Arrays that NumPy's
        constructors make in the traced function are graph arrays from the start (runtime/new_arrays.py)."""
        if current_builder() is None:
            return None
        if type(target) in _TYPED_BUFFERS:  # (dtaidistance keeps its rows in an array.array: "a NumPy array", it said)
            name = _TYPED_BUFFERS[type(target)]
            raise NotStageable(
                f"{user_location()}: this item assignment writes a graph tensor into a `{name}`, not a NumPy array: "
                f"the `{name}` asks the tensor for its value, which exists only when the graph runs, and cannot hold "
                "a tensor. Make it a NumPy array where a traced value is in reach (np.array(values), np.full(n, v), "
                "np.zeros and the other constructors make graph arrays there, which take traced writes), or build "
                "the result from tensors (np.where(mask, t, y), np.stack).")
        if not isinstance(target, np.ndarray):
            return None
        refusal = NotStageable(
            f"{user_location()}: this item assignment writes a graph tensor into a NumPy array (a "
            f"{target.dtype}{list(target.shape)} ndarray, not a graph value): the array cannot hold it, and other "
            "names bound to the array would not see the write (here something else refers to it: another name, "
            "a view, a container, the caller; or it is not an array of numbers with memory of its own). Make the "
            "array in the traced function with "
            "np.zeros / np.empty / np.full (a graph array while traced) or np.zeros_like(t), or build the "
            "result from tensors (np.where(mask, t, y), np.stack). (An array made where no traced value is in "
            "reach stays a NumPy array, as in a helper computing shapes, `def zeros(shape): return "
            "np.zeros(shape)`, or in a function that holds only Python values and NumPy generators when it makes "
            "it: make it where a traced value is in reach, or like one, np.zeros_like(t); or collect the values "
            "(draws too) in a list and np.stack it.)")
        refusal.written_array = target  # (a staged statement may adopt it before staging again: _adopting)
        raise refusal


# The standard library's typed buffers, which ask a value written into them for its number, as a NumPy array does.
_TYPED_BUFFERS = {array.array: "array.array", bytearray: "bytearray", memoryview: "memoryview"}


def _adopting(state: State, stage: Callable[[], None]) -> None:
    """``stage()``, a staged ``if`` or loop; when it refuses a write into a NumPy array that one carried variable
    alone referred to before the statement (``State.lone``: ``d = np.array([0., 0.])``, then ``d[i] = t``
    or ``d[0] = 1.0`` under a condition on a tensor), that variable holds a graph array with the array's values
    from then on (``GraphBackend.adopt``), and the statement is staged again: its writes are graph writes, made
    under the condition. The refusals of the first staging are forgotten (runtime/limits.py)."""
    lone = dict(state.lone)  # (counted before the staging: runtime/composite_state.py, ``staged``)
    if not lone:
        stage()
        return
    mark = refusal_mark()
    while True:
        try:
            stage()
            return
        except Limitation as error:
            array = getattr(error, "written_array", None)
            position = lone.pop(id(array), None) if array is not None else None
            adopted = None if position is None or state.get()[position] is not array else GRAPH_BACKEND.adopt(array)
            if adopted is None:
                raise
        forget_since(mark)
        values = list(state.get())
        values[position] = adopted
        state.set(values)
        del values, array, adopted


def _adoptable(array: np.ndarray) -> bool:
    """Whether a graph array may take the place of ``array``, which one name alone refers to: an array of
    numbers NumPy may write, whose memory no other array shares (its bases, if any, are arrays that only
    the view chain refers to: ``np.tile``'s reshaped result)."""
    if type(array) is not np.ndarray or array.dtype.kind not in "biufc" or not array.flags.writeable:
        return False
    base = array.base
    while base is not None:
        if type(base) is not np.ndarray or not held_only_by(base, 2):  # (the view's .base and this variable)
            return False
        base = base.base
    return True


def _stacked_read(items: list | tuple, index: Any) -> Any:
    """``items[index]`` for a list or tuple and a 0-d integer tensor ``index`` (which Python refused: its value
    is known only when the graph runs): the items, graph tensors of one known shape and one dtype, stacked and
    read at ``index`` (the same values, the item Python would give). Python wraps a negative index and raises
    ``IndexError`` past either end: the stacked read wraps as NumPy does, and a staged check raises Python's
    error when the graph runs. Items that are all Python numbers of one type are read as that Python number
    (``_number_read``). Anything else (a NumPy array among tensors, items of two shapes or dtypes, numbers of two
    types) is refused, naming the reason and the fix; None for an index that is no tensor or no 0-d integer
    (Python's own refusal stands)."""
    if not (isinstance(index, Tensor) or tensor.stands_for_a_tensor(type(index))):
        return None
    index = tensor.as_tensor(index)
    kind = type(items).__name__
    what = f"{user_location()}: a Python {kind} indexed by a staged value (a graph tensor, {index.value.type_str})"
    fix = (f"make the {kind} one array before the loop (np.stack(xs); pad items of different shapes to one shape), "
           "then index that array")
    if index.shape != () or index.dtype.kind not in "iu":
        return None  # (Python's refusal: only integers index a list)
    if not items:
        raise NotStageable(f"{what}: the {kind} is empty (Python raises IndexError for any index)")
    n = len(items)
    classes = {type(item) for item in items}
    if classes <= set(_PYTHON_NUMBER_DTYPES):
        return _number_read(items, index, classes, what)
    if not all(isinstance(item, Tensor) or tensor.stands_for_a_tensor(type(item)) for item in items):
        raise NotStageable(f"{what}: its items must be graph tensors of one shape and dtype, to be read as one "
                           f"stacked array; some are not ({', '.join(sorted({type(i).__name__ for i in items}))}); "
                           f"{fix}")
    stacked_items = [tensor.as_tensor(item) for item in items]
    kinds = {(item.shape, item.dtype) for item in stacked_items}
    if len(kinds) > 1 or None in stacked_items[0].shape:
        shown = ", ".join(sorted({item.value.type_str for item in stacked_items}))
        raise NotStageable(f"{what}: its items must be graph tensors of one known shape and one dtype, to be read "
                           f"as one stacked array; they are {shown}; {fix}")
    _check_in_range(index, n, kind)
    out = tensor.getitem(np.stack(stacked_items), (index,))
    # The read is the very item `index` names, as Python's: a write into it reaches that item, and `xs[i] is xs[0]`
    # holds where i is 0 (path_aliases mirrors the write, identity answers the test).
    values = [item if isinstance(item, Tensor) else None for item in items]
    conditions = [lambda k=k: (index == k) | (index == k - n) for k in range(n)]
    path_aliases.note_join(out, values, conditions)
    identity.note_join(out, values)
    return out


_PYTHON_NUMBER_DTYPES = {bool: np.bool_, int: np.int64, float: np.float64, complex: np.complex128}


def _number_read(items: list | tuple, index: Tensor, classes: set, what: str) -> Any:
    """``weights[i]`` of a list or tuple of Python numbers of one type: the Python number a run reads (a ``PyNumber``,
    which promotes as that number would), from the items as a constant; Python's ``IndexError`` past either end when
    the graph runs. Numbers of two types (``[0, 0.5]``) are refused: the item's type would depend on the index."""
    kind = type(items).__name__
    if len(classes) > 1:
        shown = ", ".join(sorted(cls.__name__ for cls in classes))
        raise NotStageable(f"{what}: its items are Python numbers of different types ({shown}), so the type of the "
                           f"item read would depend on the index; make them one type (floats: [float(v) for v in "
                           f"xs]), or one array (np.array(xs))")
    cls = next(iter(classes))
    try:
        values = np.array(items, dtype=_PYTHON_NUMBER_DTYPES[cls])
    except OverflowError:
        raise NotStageable(f"{what}: an int among its items is beyond int64, the graph's Python int") from None
    _check_in_range(index, len(items), kind)
    return tensor.PyNumber.of(tensor.getitem(tensor.constant(values), (index,)))


def _check_in_range(index: Tensor, n: int, kind: str) -> None:
    """Python's ``IndexError`` ("list index out of range") when the graph runs, for an index past either end."""
    variables.check((index >= -n) & (index < n), f"{kind} index out of range", IndexError)


def _holds_a_tensor(value: Any) -> bool:
    if isinstance(value, Tensor) or tensor.stands_for_a_tensor(type(value)):
        return True
    if isinstance(value, (tuple, list)):
        return any(_holds_a_tensor(item) for item in value)
    if isinstance(value, dict):
        return any(_holds_a_tensor(item) for item in value.values())
    return False


def _join_index_expression(columns: bool, index: Any) -> Any:
    """``np.r_[a, b, 0:3]`` (join along the first axis, slices as ranges) and ``np.c_[a, b]`` (1-d pieces
    as columns, joined along the last axis), for plain entries: tensors, arrays, numbers and slices with
    Python bounds. A string directive (``np.r_['0,2', ...]``) is not supported."""
    entries = []
    for entry in (index if isinstance(index, tuple) else (index,)):
        if isinstance(entry, str):
            raise NotStageable(f"np.{'c_' if columns else 'r_'} with a string directive is not supported in graphs; "
                               "use np.concatenate or np.stack")
        if isinstance(entry, slice):
            if isinstance(entry.step, complex):
                raise NotStageable("np.r_ with a complex step (a linspace) is not supported in graphs; use np.linspace")
            entry = np.arange(entry.start or 0, entry.stop, entry.step or 1)
        entries.append(entry)
    # As NumPy's AxisConcatenator: every piece cast to the result type of them all (a scalar entry weak, as a Python
    # number is), before each becomes 1-d. (A scalar that is an int on one path of a staged `if` and a float64 on the
    # other, transforms3d's `np.r_[w, xyz]`, then needs no path: helper-117.)
    final = np.result_type(*entries) if entries else None
    pieces = []
    for entry in entries:
        piece = tensor.as_tensor(entry)
        if piece.ndim == 0 and (piece.dtype != final or tensor.path_record(piece) is not None):
            piece = tensor.bind1("cast", [piece], dtype=final)  # (a new value: the path's kind is told by now)
        if columns:
            piece = np.atleast_2d(piece).T if piece.ndim < 2 else piece
        else:
            piece = np.atleast_1d(piece)
        pieces.append(piece)
    return np.concatenate(pieces, axis=-1 if columns else 0)


def _truths(rest: tuple[Thunk, ...], word: str) -> tuple[Thunk, ...]:
    """The operands of a staged ``and`` / ``or`` test as their truths: a tensor as its ``bool[]`` (Python's truth of
    a number), a plain value as it is (the test asks its truth once)."""
    def truth(thunk: Thunk) -> Thunk:
        def operand() -> Any:
            value = thunk()
            return predicate(value, f"an operand of `{word}`") if isinstance(value, Tensor) else value
        return operand
    return tuple(truth(thunk) for thunk in rest)


GRAPH_BACKEND = GraphBackend()
register(GRAPH_BACKEND)
