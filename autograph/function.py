"""``autograph.function``: trace a Python function into a graph, once per input signature.

    @autograph.function
    def my_relu(x):
        return np.maximum(x, 0)

    my_relu(np.ones(3))          # traces for TensorSpec((3,), float64), then runs the graph
    my_relu(np.ones(3))          # runs the same graph
    my_relu(np.ones((2, 2)))     # a new signature: a second trace

Arrays and tensors are keyed by ``TensorSpec(shape, dtype)``; Python values (numbers, strings,
and the structure of tuples, lists and dicts) by value, so a new Python number means a new trace
(a float by its bits: ``-0.0`` is not ``0.0``, ``nan`` is ``nan``); what a trace cannot stand for is
refused at the call: an ndarray subclass (a masked array), and arguments that share memory with one
the graph writes into (autograph/call_boundary.py);
a ``Function`` that traces on most of its calls says so with a ``RetracingWarning``
(autograph/retracing.py). Each trace is a ``ConcreteFunction``: the graph, the signature it was
traced for, and the spec of what it returns. The function is converted with autograph first
(unless ``autograph=False``), so ``if`` / ``while`` / ``for`` on tensors become ``cond`` /
``while_loop`` nodes. A call seen before is bound, keyed, looked up and run by one function
compiled with the same parameters (Python's own binding and errors, raised in the caller's frame;
autograph/call_keys.py ``make_fast_call``), which ``__call__`` hands the call to with no frame of
its own, a few microseconds over the graph's own run; other calls take the general path
(``_call_general``). Under ``executor="jax"``, a call of plain arrays whose trace has one output and no
state goes instead to one ``jax.jit`` of the Function's own, whose C++ cache picks the trace from the
arrays' shapes and dtypes (autograph/dispatch.py); under ``executor="auto"`` the same, for the traces whose
trial chose JAX, once no trace of plain arrays is on trial or chose the interpreter. docs/functions.md is
the user's page.

Three ways to run it, one tracing API:

    autograph.function(f)                    # our graph, run by the NumPy interpreter
    autograph.function(f, executor="jax")    # our graph, lowered to JAX and jitted (runtime/jax/lowering.py)
    autograph.function(f, executor="numba")  # our graph, compiled with numba.njit (runtime/numba/lowering.py),
                                             # the interpreter where an op has no exact numba rule
    autograph.function(f, executor="auto")   # our graph, on whichever of those its first calls found
                                             # fastest, per trace (autograph/executors.py)
    autograph.function(f, backend="jax")     # no graph of ours: the converted f under jax.jit, on
                                             # JAX tracers (lax.cond / while_loop / scan); f uses jnp

Our graph's modes return NumPy arrays; ``executor="jax"`` runs with 64-bit types enabled (JAX's
thread-local ``jax.enable_x64(True)``), so a float64 argument is computed in float64, as its
``TensorSpec`` key says. ``backend="jax"`` is JAX's own world: it returns JAX arrays (on the
inputs' devices, with the shardings ``jax.jit`` gives them) and follows JAX's ``jax_enable_x64``
setting, so a float64 NumPy argument is float32 unless the caller enabled 64 bits.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import operator
import re
import threading
import types
import weakref
from contextvars import ContextVar, copy_context
from typing import Any, Callable, Optional, Sequence

import numpy as np

from autograph import api, file_reads
from autograph.argument_writes import ArgumentWrites
from autograph.call_boundary import aliasing_pairs, check_aliasing, check_layouts, check_writeable, returned_views
from autograph.call_keys import MAX_FAST_CALLS, key_of, make_binder, make_fast_call, make_lookup
from autograph.concrete_function import ConcreteFunction, StaleTraceError, is_jax, is_tensor_like, show, show_leaf
from autograph.dispatch import Dispatcher, make_dispatch_call, single_trace
from autograph.executors import executor_for, single_output
from autograph.no_source import has_source, needs_conversion_hint, warn_traced_as_written
from autograph.retracing import CHANGED_OUTSIDE, RetracingMonitor, RetracingWarning
from autograph.trace_guards import OwnWrite, TraceGuard, any_changed, first_change
from runtime.graph import (
    Tensor,
    TensorSpec,
    TreeDef,
    Variable,
    current_builder,
    formatted,
    iterator_watch,
    trace,
    unflattener,
)
from runtime.graph import flatten as flatten_outputs
from runtime.graph.as_written import watching
from runtime.graph.builder import current_builder_fast
from runtime.graph.control_flow import flatten, paths
from runtime.graph.tensor import PYTHON_NUMBERS, PyNumber, certain_number, path_record, stands_for_scalar
from runtime.limits import DataDependentIndex, Limitation
from runtime.numpy_function import staged_host_functions
from runtime.random_calls import GeneratorWatch
from runtime.staging import (
    NotStageable,
    StagingError,
    count_hidden_frames,
    format_site,
    hide_library_frames,
    is_machinery,
    qualified_name,
    user_location,
)

__all__ = ["ConcreteFunction", "Function", "RetracingWarning", "function", "functions_run_eagerly",
           "run_functions_eagerly"]

_run_eagerly = False
# Every Function, so that run_functions_eagerly(True) can empty their fast calls: a compiled call then finds no
# run and hands every call to the general path, which calls the Python function (no flag read per call).
_functions: weakref.WeakSet = weakref.WeakSet()


def run_functions_eagerly(run_eagerly: bool) -> None:
    """Make every ``Function`` call its Python function instead of a graph (for debugging)."""
    global _run_eagerly
    _run_eagerly = bool(run_eagerly)
    if _run_eagerly:
        for function in list(_functions):
            function._fast_calls.clear()  # refilled by the general path's calls once this is off again
            function._call = function._keyed_call  # executor="jax": its dispatcher's call comes back the same way


def functions_run_eagerly() -> bool:
    """Whether ``run_functions_eagerly(True)`` is in force."""
    return _run_eagerly


# --- Variables may be created on a Function's first trace only ---------------------------------------

_on_variable_created: ContextVar[Optional[Callable[[Variable], None]]] = ContextVar(
    "autograph_on_variable_created", default=None)


def _watch_variable_creation() -> None:
    """Let a trace know when user code creates a Variable (wraps Variable.__init__ once)."""
    original = Variable.__init__
    if getattr(original, "_watched", False):
        return

    @functools.wraps(original)
    def __init__(self: Variable, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        callback = _on_variable_created.get()
        if callback is not None:
            callback(self)

    __init__._watched = True
    Variable.__init__ = __init__


_watch_variable_creation()


def _leaf_names(names: tuple, tree: TreeDef) -> list[str]:
    """``x``, ``pair[0]``... for every leaf of the arguments."""
    return [name + path for name, child in zip(names, tree.children) for path in paths(child)]


_EXECUTORS = (None, "numpy", "jax", "numba", "auto")


_PLAIN = (int, float, bool, str, bytes, complex, type(None))


def _binds_alike(old: Any, new: Any) -> bool:
    """Whether two ``__defaults__`` (or ``__kwdefaults__``) fill in the same values: item by item the same object,
    or equal numbers, strings or None (a module reloaded makes new objects of unchanged defaults)."""
    if old is new:
        return True
    if old is None or new is None or len(old) != len(new):
        return False
    if isinstance(old, dict):
        if old.keys() != new.keys():
            return False
        old, new = list(old.values()), [new[k] for k in old]
    return all(a is b or (type(a) is type(b) and type(a) in _PLAIN and a == b) for a, b in zip(old, new))


def _weak_general(function: "Function") -> Callable[..., Any]:
    """``general(*args, **kwargs)``: ``function._call_general(args, kwargs)``, holding ``function`` weakly (its
    compiled call keeps this, and the Function keeps its compiled call)."""
    ref = weakref.ref(function)

    def general(*args: Any, **kwargs: Any) -> Any:
        live = ref()
        if live is None:
            raise ReferenceError("this autograph.Function no longer exists")
        try:
            return live._call_general(args, kwargs)
        except Exception as error:
            if isinstance(error, RecursionError):
                recursion = staged_recursion_error(error)
                if recursion is not None:  # (its traceback: this frame's entry, which the compiled call drops)
                    count_hidden_frames(recursion, getattr(error, "_autograph_frames_hidden", 0))
                    raise recursion from None
            _hide_own_frames(error)
            raise  # (a bare raise adds no entry for this frame: the traceback stays as relinked)
    return general


def staged_recursion_error(error: RecursionError) -> Optional[StagingError]:
    """A ``StagingError`` for a RecursionError that a function calling itself under a staged ``if`` (one on a
    tensor) ran into while tracing: a trace runs both branches, so the recursion never reaches its base case.
    Python's own error is a thousand frames of the same two lines; this one names the call and says to write a
    loop. None for any other RecursionError (one eager Python would raise too): the staged ``if``s it left
    counted themselves (``runtime.staging.count_staged_recursion``)."""
    staged = getattr(error, "_autograph_staged_ifs", 0)
    site = getattr(error, "_autograph_staged_if_site", None)
    if staged < 20 or site is None:
        return None
    # The function that holds the `if` (the entries of its frames, folded by ag__.tidying, name the `if`'s line).
    tb = error.__traceback__
    while tb is not None and not (tb.tb_frame.f_code.co_filename == site[0] and tb.tb_lineno == site[1]):
        tb = tb.tb_next
    name = "a function" if tb is None else qualified_name(tb.tb_frame.f_code)
    return StagingError(
        f"{format_site(*site)}: {name} calls itself under this `if`, whose condition is a tensor: a graph stages "
        "the `if`, and tracing runs both of its branches, so the recursion never reaches its base case (Python's "
        f"recursion limit stopped it after {staged} levels). Write it as a loop instead: a `while` on the same "
        "condition that updates the arguments, e.g. `while n > 0: x = x * 2; n = n - 1` in place of "
        "`if n > 0: return f(x * 2, n - 1)`; autograph stages it as one while_loop. Or make the condition a "
        "Python value (a Python argument of the function is a constant of its trace).")


_NAMES_A_LINE = re.compile(r"(Cell In\[\d+\], line \d+|\S+:\d+): ")


def _hide_own_frames(error: BaseException) -> None:
    """An error leaving a ``Function`` call (a staging error, the user's own raised while tracing) shows the
    user's frames: the library's below this frame are relinked past (``hide_library_frames``), and this
    frame's own entry goes too, where some were hidden (an error with no frame of the user's is left whole:
    a bug of ours). What remains of the library (the entry of the compiled call that called this, and the
    run's below it) the compiled call drops as the error leaves it (``runtime.staging.leave_library``)."""
    before = getattr(error, "_autograph_frames_hidden", 0)
    # Our own errors start with the user's file:line (``Cell In[n], line k`` in a notebook): those need no frame
    # of the library even where the traceback holds none of the user's (raised ``from None`` while tracing).
    hide_library_frames(error, named_elsewhere=bool(_NAMES_A_LINE.match(str(error))))
    head = error.__traceback__
    if head is not None and getattr(error, "_autograph_frames_hidden", 0) > before:
        error.__traceback__ = head.tb_next
        count_hidden_frames(error, 1)


def _weak_decided(function: "Function", concrete: ConcreteFunction, tree: TreeDef,
                  leaves: list) -> Callable[[str, Callable], Callable]:
    """``decided(choice, own)`` for ``concrete``'s ``AutoExecutor``: ``function._auto_decided``, holding both weakly
    (the executor is the trace's, the trace the Function's)."""
    ref, trace_ref = weakref.ref(function), weakref.ref(concrete)

    def candidate() -> Any:
        from runtime.jax import lowering

        traced = trace_ref()
        return None if traced is None else single_trace(tree, leaves, lowering.lower(traced.graph), single_output=True)

    def decided(choice: str, own: Callable) -> Callable:
        live, traced = ref(), trace_ref()
        return own if live is None or traced is None else live._auto_decided(traced, choice, own, candidate)
    return decided


def _check_modes(backend: str, executor: Optional[str], input_signature: Optional[Sequence[Any]]) -> str:
    """The executor to use; a ValueError for a combination that means nothing."""
    if backend not in ("graph", "jax"):
        raise ValueError(f"backend must be 'graph' (trace our IR) or 'jax' (jax.jit on JAX tracers), got {backend!r}")
    if executor not in _EXECUTORS:
        raise ValueError(f"executor must be 'numpy' (our interpreter), 'jax' (lowered to JAX), 'numba' (compiled with "
                         f"numba) or 'auto' (the fastest of them for each trace), got {executor!r}")
    if executor == "numba":
        from runtime import numba as numba_runtime

        numba_runtime.require()  # (an ImportError that says how to install it, at the decorator)
    if backend == "jax":
        if executor is not None:
            raise ValueError(f"executor={executor!r} chooses what runs our graph, but backend='jax' builds no graph "
                             "(jax.jit traces and runs the function); drop executor=, or use backend='graph', "
                             "executor='jax' to lower our graph to JAX")
        specs = flatten(tuple(input_signature or ()))[0]
        if any(None in spec.shape for spec in specs if isinstance(spec, TensorSpec)):
            raise ValueError("backend='jax' compiles for fixed shapes, so its input_signature needs known dims "
                             "(no None); leave input_signature out to trace once per shape")
        return "xla"
    return executor or "numpy"


class _FunctionClass(type):
    """The class of ``Function``, for ``help()`` alone. ``Function.__call__`` is a property, so that a call runs
    no Python frame of the class (below), and pydoc would list it as a "readonly property", which says nothing
    about calling. So ``dir(Function)``, what pydoc lists, leaves it out, and the class docstring says how a
    call works. A call never reads ``dir()``: ``f(...)``, ``Function.__call__`` and ``callable(f)`` are as they
    were; only listings of the class's names (pydoc, ``inspect.getmembers``) no longer show it."""

    def __dir__(cls) -> list[str]:
        names = super().__dir__()
        hidden = isinstance(getattr(cls, "__call__", None), property)
        return [name for name in names if name != "__call__"] if hidden else names


class Function(metaclass=_FunctionClass):
    """A Python function that runs as a graph, traced once per input signature: ``autograph.function(f)``.

        >>> import numpy as np
        >>> import autograph
        >>> @autograph.function
        ... def double(x):
        ...     return x * 2
        >>> double(np.ones(3))                          # traces for TensorSpec((3,), float64), runs the graph
        array([2., 2., 2.])
        >>> double(np.zeros(3)), double.tracing_count   # the same signature: the same graph
        (array([0., 0., 0.]), 1)

    Calling it, ``f(*args, **kwargs)``, binds the arguments as the Python function does (with its
    ``TypeError`` for a wrong call), keys each array by shape and dtype and each Python value by value,
    traces if the key is new, and runs that key's graph. (``__call__`` is a property that hands the call to
    a function compiled for this Function's parameters, which adds no Python frame, so ``help()`` leaves it
    out.) Instance attributes:

    * ``python_function``: the function as written (also ``__wrapped__``);
    * ``tracing_count``: how many traces it has made (calls with a new key, ``get_concrete_function``);
    * ``backend``: ``"graph"`` (our graph) or ``"jax"`` (``jax.jit`` of the converted function);
    * ``executor``: what runs our graph, ``"numpy"``, ``"jax"``, ``"numba"`` or ``"auto"``; ``"xla"`` under
      ``backend="jax"``.

    ``concrete_functions`` and ``input_signature`` are properties, ``get_concrete_function`` and
    ``pretty_printed_concrete_signatures`` methods (below). docs/functions.md is the user's page.
    """

    def __init__(self, python_function: Callable, autograph: bool = True,
                 input_signature: Optional[Sequence[Any]] = None, executor: Optional[str] = None,
                 backend: str = "graph") -> None:
        self.python_function = python_function
        self._autograph = autograph
        self._has_source: Optional[bool] = None  # asked at the first trace (autograph/no_source.py)
        self.backend = backend
        self.executor = _check_modes(backend, executor, input_signature)  # numpy, jax, auto, or xla (backend jax)
        self.__name__ = getattr(python_function, "__name__", "function")
        self._input_signature = None if input_signature is None else tuple(input_signature)
        self._is_method = False  # set when it is a class attribute: then input_signature leaves out self
        self._concrete: dict[Any, ConcreteFunction] = {}
        self._fast_calls: dict[tuple, Callable] = {}  # the key make_lookup makes -> its trace's run
        self._counter = itertools.count()  # one tick per call: the retracing monitor's count (_calls)
        # One per trace: what it read besides its arguments (autograph/trace_guards.py). Every call asks them
        # before it runs a trace; a change drops the traces (_drop_traces). Cleared in place: the compiled
        # calls hold this list.
        self._guards: list[TraceGuard] = []
        self._changed: Optional[str] = None  # what the last dropping of the traces found changed
        self._make_calls()
        # executor="jax" (and "auto", for the traces whose trial chose JAX): the call through one jax.jit of its own
        # (autograph/dispatch.py), made with the first trace it can run; None until then, False where it never
        # answers (*args, or a trace of plain arrays it cannot run: several outputs, state, or auto's interpreter).
        self._dispatcher: Optional[Dispatcher] = None
        self._dispatch_call: Any = None if self.executor in ("jax", "auto") else False
        # executor="auto": the traces a call of plain arrays reached while their trial runs (ids); the dispatcher's
        # call stays off until each has chosen (autograph/executors.py AutoExecutor.decided).
        self._trials: set[int] = set()
        _functions.add(self)
        self._retracing = RetracingMonitor()
        self.tracing_count = 0
        # Held while tracing (and while the dispatcher's state changes), never while a graph runs: a caller that
        # finds a trace of its key under way waits, then runs that trace (one trace per key; a Variable made on
        # the first call is made once). One lock per Function, not per key: a Function may create Variables on
        # its first trace only, which only one trace at a time can tell. Re-entrant: a trace may ask this
        # Function for another trace (get_concrete_function) in the same thread.
        self._trace_lock = threading.RLock()
        functools.update_wrapper(self, python_function)

    @property
    def concrete_functions(self) -> list[ConcreteFunction]:
        """Every trace so far, in the order they were made."""
        return list(self._concrete.values())

    @property
    def input_signature(self) -> Optional[tuple]:
        """The ``TensorSpec``s the Function was made with, or None (then it traces per call key)."""
        return self._input_signature

    def __set_name__(self, owner: type, name: str) -> None:
        self._is_method = True  # defined in a class body: its first parameter is the instance

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:
            return self
        self._is_method = True
        return types.MethodType(self, instance)

    # A call runs the instance's compiled ``_call`` (call_keys.make_fast_call): the property hands it over in
    # C, so a call of a trace seen before runs no Python of this class, and a wrong call raises Python's own
    # TypeError in the caller's frame, as the function itself would. What it does not answer: _call_general.
    __call__ = property(operator.attrgetter("_call"), doc="Call the function: run its trace for these arguments.")

    @property
    def _calls(self) -> int:
        """How many times the Function was called (the retracing monitor's count)."""
        # The next tick's number, without taking it: "count(7)". (Not copy.copy: Python 3.14 cannot copy
        # an itertools.count.)
        return int(repr(self._counter)[len("count("):-1])

    def _make_calls(self) -> None:
        """Compile the calls of the function's signature (its defaults in them): the binder (Python binds every call,
        in C, with its own TypeError for a wrong one: autograph/call_keys.py) and the call, one compiled function that
        counts, binds, keys, looks up and runs (call_keys.make_fast_call; the class's __call__ hands it the call with
        no frame of its own; it holds the general path weakly: no cycle). Again when the function's code or defaults
        were assigned (``_follow_the_function``)."""
        fn = self.python_function
        self._made_for = (getattr(fn, "__code__", None), getattr(fn, "__defaults__", None),
                          getattr(fn, "__kwdefaults__", None))
        self._signature = inspect.signature(fn)
        self._names = tuple(self._signature.parameters)
        qualname = getattr(fn, "__qualname__", self.__name__)
        self._bind = make_binder(self._signature, qualname)
        self._call = self._keyed_call = make_fast_call(self._signature, qualname, self._fast_calls,
                                                       current_builder_fast, _weak_general(self),
                                                       self._counter.__next__, self._guards)
        self._lookup = make_lookup(self._signature, qualname, self._fast_calls)

    def _follow_the_function(self) -> None:
        """The function's code or defaults were assigned since the calls were compiled (IPython's autoreload assigns
        an edited function's): compile them again (the traces go too: each trace's guard holds the code and defaults
        it ran). A call that the old calls bound (the old defaults filled in, or the old parameters) is refused
        (``StaleTraceError``): it cannot tell which arguments were passed; the next call binds as eager code does."""
        fn = self.python_function
        made = self._made_for
        if (getattr(fn, "__code__", None) is not made[0] or getattr(fn, "__defaults__", None) is not made[1]
                or getattr(fn, "__kwdefaults__", None) is not made[2]):
            names = self._names
            with self._trace_lock:
                self._drop_traces(f"the code or defaults of {self.__name__}")
                self._make_calls()
            if names != self._names or not (_binds_alike(made[1], self._made_for[1])
                                            and _binds_alike(made[2], self._made_for[2])):
                raise StaleTraceError(
                    f"{user_location()}: the defaults or parameters of {self.__name__} were assigned after "
                    f"autograph.function compiled its calls (IPython's autoreload assigns an edited function's), so "
                    "this call was bound with the old ones: call it again (its calls are compiled afresh now)")

    def _call_general(self, args: tuple, kwargs: dict) -> Any:
        """A call the fast path did not answer: eager, inside a trace, new, or keyed only by ``key_of``."""
        if _run_eagerly:
            return self.python_function(*args, **kwargs)
        if current_builder() is not None:
            return self._traceable()(*args, **kwargs)  # called while tracing another function: inline
        self._follow_the_function()
        try:
            values = self._bind(*args, **kwargs)
        except TypeError as error:  # a wrong call of a signature make_fast_call cannot compile: say where
            if hasattr(error, "add_note"):  # (Python 3.11+; on 3.10 Python's own message stands alone)
                error.add_note(f"(the call of autograph.function {self.__name__} at {user_location()})")
            raise
        if self.backend == "jax" and any(is_jax(leaf, "Tracer") for leaf in flatten(values)[0]):
            return self._traceable()(*args, **kwargs)  # inside the user's jax.jit: inline
        try:
            concrete, leaves = self._concrete_for(values)
        except Exception as error:  # a staging error, or the user's own while tracing: show the user's frames
            hide_library_frames(error)
            raise
        positions = concrete._tensor_positions
        if self._dispatch_call is False:
            run = concrete._run
        else:
            with self._trace_lock:  # the dispatcher's state, which another thread's call may be changing
                run = self._dispatched(concrete, values)
        _, key, tensors = self._lookup(*args, **kwargs)  # key_of has now seen every class: key it again
        if key is not None and len(tensors) == len(positions):  # the same calls will take the fast path
            with self._trace_lock:  # (not for a trace another thread's call dropped meanwhile: its guard is gone)
                if concrete._guard is None or any(g is concrete._guard for g in self._guards):
                    if len(self._fast_calls) >= MAX_FAST_CALLS:  # bounded (call_keys.MAX_FAST_CALLS): the trace stays
                        self._fast_calls.clear()
                    self._fast_calls[key] = run
        return run([leaves[i] for i in positions])

    def _dispatched(self, concrete: ConcreteFunction, values: tuple) -> Callable[[list], Any]:
        """executor="jax" or "auto": the run of ``concrete`` through the Function's dispatcher where it can run it
        (made now if new), and the dispatcher's call made the Function's call (autograph/dispatch.py); else the
        trace's own run, and a call of plain arrays that the dispatcher cannot run turns its call off: for good,
        or, under "auto", until the trace's trial has chosen (``_auto_decided``)."""
        if concrete._jax_single is None:
            if all(v.__class__ is np.ndarray and v.dtype.isnative for v in values):  # a call its call takes
                self._call = self._keyed_call
                if getattr(concrete._executor, "choice", "") is None and concrete._executor.decided is not None:
                    self._trials.add(id(concrete))  # auto, still on trial: the keyed call runs its trial
                else:
                    self._dispatch_call = False
            return concrete._run
        self._dispatch_on()
        if self.executor == "auto":  # its run is the executor's single, which now runs through the dispatcher
            return concrete._run
        return self._dispatcher.runner(concrete._run)

    def _dispatch_on(self) -> None:
        """Make the dispatcher and its call (once), and make that call the Function's, unless a trace keeps it off."""
        if self._dispatcher is None:
            self._dispatcher = Dispatcher(self)
            if self._dispatch_call is not False:  # (auto: a trace may have turned it off before the first JAX choice)
                qualname = getattr(self.python_function, "__qualname__", self.__name__)
                self._dispatch_call = make_dispatch_call(
                    self._signature, qualname, self._dispatcher, self._keyed_call, _weak_general(self),
                    current_builder_fast, self._counter.__next__, self._guards) or False
        if self._dispatch_call is not False and not self._trials and not _run_eagerly:
            self._call = self._dispatch_call
        self._dispatcher.forget_misses()  # the trace it could not run before, it can now: no slow path left for it

    def _auto_decided(self, concrete: ConcreteFunction, choice: str, own: Callable, candidate: Callable) -> Callable:
        """executor="auto": ``concrete``'s trial chose ``choice``. For "jax", a trace the dispatcher can run
        (``candidate()``: ``single_trace``'s function, or None) becomes the dispatcher's, and its runs go through
        it (``own``, the JAX executor's own run, answers what the dispatcher refuses); for the interpreter, a
        trace that calls of plain arrays reach keeps the dispatcher's call off for good. Returns the run."""
        with self._trace_lock:  # (called by the trial's thread, while other threads' calls may change the same state)
            waiting = id(concrete) in self._trials
            self._trials.discard(id(concrete))
            single = candidate() if choice == "jax" else None
            if single is None:
                if waiting:
                    self._dispatch_call = False
                return own
            concrete._jax_single = single
            self._dispatch_on()
            return self._dispatcher.runner(own)

    def get_concrete_function(self, *args: Any, **kwargs: Any) -> ConcreteFunction:
        """The trace for these arguments (values or ``TensorSpec``s), traced now if it is new; not run.
        With an input_signature and no arguments, the trace for the signature (a method: pass the instance)."""
        if self._input_signature is not None and not kwargs and len(args) == (1 if self._is_method else 0):
            args = (*args, *self._input_signature)
        elif self._is_method and self._input_signature is not None and not args and not kwargs:
            raise TypeError(f"{self.__name__} is a method: pass the instance, as in "
                            f"Class.{self.__name__}.get_concrete_function(instance)")
        self._follow_the_function()
        try:
            values = self._bind(*args, **kwargs)
            return self._concrete_for(values, called=False)[0]
        except Exception as error:
            hide_library_frames(error)
            raise

    def pretty_printed_concrete_signatures(self) -> str:
        """One block per concrete function: its arguments' specs and its output spec."""
        return "\n\n".join(c.pretty_printed_signature() for c in self._concrete.values())

    def _traceable(self) -> Callable:
        if not self._autograph:
            return self.python_function
        if self._has_source is None:  # (asked once per Function: its first trace)
            self._has_source = has_source(self.python_function)
            if not self._has_source:
                warn_traced_as_written(self.__name__)
        # Typed at the prompt or in python -c: traced as written (autograph/no_source.py).
        return api.convert(self.python_function) if self._has_source else self.python_function

    def _concrete_for(self, values: tuple, called: bool = True) -> tuple[ConcreteFunction, list]:
        """The trace for these parameter values (traced now if new) and their leaves. ``called``: a call,
        not ``get_concrete_function``, so a new trace counts towards the retracing warning."""
        key, tree, leaves, specs = self._key_for(values)
        if self._guards and any_changed(self._guards):
            with self._trace_lock:
                changed = first_change(self._guards)
                if changed is not None:
                    self._drop_traces(changed)
        concrete = self._concrete.get(key)
        if concrete is None or (concrete._guard is not None and concrete._guard.written is not None):
            # Another thread may be tracing this key: wait for it (the lock), then look again and use its trace,
            # unless it wrote Python state (its guard never stands: this call traces again, and writes).
            with self._trace_lock:
                changed = first_change(self._guards) if self._guards else None
                if changed is not None:
                    self._drop_traces(changed)
                concrete = self._concrete.get(key)
                if concrete is None:
                    traced_leaves = [s if isinstance(s, TensorSpec) else leaf for s, leaf in zip(specs, leaves)]
                    trace = self._trace_jax if self.backend == "jax" else self._trace
                    # What the trace reads besides its arrays: taken as it starts and again as it ends.
                    named = zip(_leaf_names(self._names, tree), leaves, traced_leaves)
                    # (The function itself too: a callable object's attributes, a partial's arguments.)
                    guard = TraceGuard([self.python_function], [(self.__name__, self.python_function)] + [
                        (name, leaf) for name, leaf, traced in named if not isinstance(traced, TensorSpec)])
                    host_functions: list = []
                    opened: list = []  # (the trace's reads: runtime/file_calls.py)

                    def recorded(trace: Callable = trace) -> ConcreteFunction:
                        # In a copy of the caller's context, which no interrupt can leave either of these set in
                        # (a `finally` that put them back could be interrupted before its sets ran).
                        staged_host_functions.set(host_functions)
                        file_reads.opened_files.set(opened)
                        return trace(self._names, tree, traced_leaves, guard.note_context, writes)

                    writes = ArgumentWrites(self._names, values, leaves)
                    try:
                        concrete = copy_context().run(recorded)
                        guard.finish(host_functions, self.__name__, opened)
                        # (the lists and dicts it was given are copies: what it wrote there is made in the caller's)
                        wrote = writes.settle(self.__name__)
                        if wrote is not None and guard.written is None:
                            guard.written = OwnWrite(wrote)
                    except BaseException:  # (a failed or interrupted trace leaves no staged value in the user's
                        try:               # objects, nor does an interrupt while finish() gives them back)
                            guard.abandon()
                        except Exception:  # noqa: BLE001  (an object that cannot be pictured again:
                            pass           # the trace's own error goes on)
                        raise
                    concrete._guard = guard
                    self._guards.append(guard)
                    self._concrete[key] = concrete
                    if called:
                        self._note_trace(self._names, tree, specs)
        return concrete, leaves

    def _drop_traces(self, changed: str) -> None:
        """``changed`` (a global, a closure variable, an attribute, an array's contents) is not what the traces
        read: drop them all, and the calls that lead to them (the next call traces again). Under the trace lock."""
        self._changed = changed
        self._concrete.clear()
        self._fast_calls.clear()
        self._guards.clear()
        self._trials.clear()
        if self._dispatcher is not None:  # (its jax.jit holds lowerings of the traces dropped)
            self._dispatcher = None
            self._dispatch_call = None if self.executor in ("jax", "auto") else False
            self._call = self._keyed_call
        # (backend="jax": JAX keeps the float32 copy it made of a float64 NumPy constant, 64 bits off, by the
        # array's identity while that copy is alive; the dropped traces held it, and nothing here may hold them
        # now, or the next trace would get the copy of the array's old contents: the calls check the guards
        # before they look up a trace.)

    def _traced_for(self, specs: tuple) -> Optional[ConcreteFunction]:
        """The trace a call with these parameter values (``TensorSpec``s) runs, if it has been made; None if not
        (the dispatcher's look-up at JAX's trace time: autograph/dispatch.py)."""
        try:
            return self._concrete.get(self._key_for(specs)[0])
        except TypeError:  # not a call the Function takes (its input_signature): the general path says why
            return None

    def _key_for(self, values: tuple) -> tuple[tuple, TreeDef, list, list]:
        """``(key, tree, leaves, specs)`` of these parameter values: the trace key (the input_signature's specs
        where it has them), the structure and leaves of the values, and each leaf's key."""
        names = self._names
        leaves, tree = flatten(values)
        leaf_names = _leaf_names(names, tree)
        try:
            if self._input_signature is not None:
                specs = self._check_signature(tree, leaves, leaf_names)
            else:
                specs = [key_of(leaf, f"argument '{name}' of {self.__name__}", self.backend)
                         for name, leaf in zip(leaf_names, leaves)]
        except TypeError as error:  # (a refusal keeps its class: user code may not catch it as a TypeError)
            where, text = user_location(), str(error)  # (a NotStageable names the line itself)
            raise (type(error) if isinstance(error, Limitation) else TypeError)(
                text if text.startswith(f"{where}: ") else f"{where}: {text}") from None
        return (tree, tuple(specs)), tree, leaves, specs

    def _note_trace(self, names: tuple, tree: TreeDef, specs: list) -> None:
        """Tell the retracing monitor what each parameter was keyed by (autograph/retracing.py), and what
        changed outside the arguments if that made this trace."""
        it = iter(specs)
        keys: dict[str, Any] = {}
        for name, child in zip(names, tree.children):
            part = [next(it) for _ in range(child.num_leaves)]
            keys[name] = part[0] if child.kind == "leaf" else (child, tuple(part))
        keys[CHANGED_OUTSIDE] = (self._changed, self._calls)
        self._changed = None
        self._retracing.traced(self.__name__, self._calls, keys)

    def _check_signature(self, tree: TreeDef, leaves: list, leaf_names: list[str]) -> list:
        """The trace key of a call under ``input_signature``: the signature's specs for the parameters it
        covers (a method's ``self`` and parameters after the signature's are keyed like any call)."""
        sig_leaves, sig_tree = flatten(self._input_signature)
        skip = 1 if self._is_method and tree.children else 0
        covered = tree.children[skip:skip + len(sig_tree.children)]
        params = self._names[skip:]
        if len(covered) < len(sig_tree.children):
            raise TypeError(f"{self.__name__} has an input_signature of {len(sig_tree.children)} argument(s), "
                            f"{show(sig_tree, sig_leaves)}, but takes {len(params)} parameter(s) "
                            f"({', '.join(params)}){' after self' if skip else ''}: give one spec per parameter")
        first = sum(c.num_leaves for c in tree.children[:skip])
        last = first + sum(c.num_leaves for c in covered)
        at, spec_at = first, 0
        for param, child, spec_child in zip(params, covered, sig_tree.children):
            if child != spec_child:
                got = show(child, [TensorSpec.from_value(x) if is_tensor_like(x) else x
                                   for x in leaves[at:at + child.num_leaves]])
                expected = show(spec_child, sig_leaves[spec_at:spec_at + spec_child.num_leaves])
                raise TypeError(f"argument '{param}' of {self.__name__} is {got}, but its input_signature gives "
                                f"{expected}: pass arguments of the signature's structure")
            at, spec_at = at + child.num_leaves, spec_at + spec_child.num_leaves
        for name, leaf, spec in zip(leaf_names[first:last], leaves[first:last], sig_leaves):
            if not isinstance(spec, TensorSpec):
                raise TypeError(f"{self.__name__}'s input_signature holds {spec!r} for argument '{name}'; an "
                                "input_signature holds autograph.TensorSpec(shape, dtype) objects")
            if not is_tensor_like(leaf):
                raise TypeError(f"argument '{name}' of {self.__name__} is a Python {type(leaf).__name__} "
                                f"({leaf!r}), but its input_signature gives {spec}: pass an array, e.g. "
                                f"np.asarray({name}, np.{spec.dtype.name})")
            if not spec.is_compatible_with(leaf):
                got = show_leaf(TensorSpec.from_value(leaf))
                raise TypeError(f"argument '{name}' of {self.__name__} must fit its input_signature's {spec}, got "
                                f"a {got}: pass an array of that shape and dtype (np.asarray({name}, "
                                f"np.{spec.dtype.name})), or change the input_signature")
            key_of(leaf, f"argument '{name}' of {self.__name__}", self.backend)  # (so later calls take the fast path)
        rest = [key_of(leaf, f"argument '{name}' of {self.__name__}", self.backend)
                for name, leaf in zip(leaf_names[:first] + leaf_names[last:], leaves[:first] + leaves[last:])]
        return rest[:first] + list(sig_leaves) + rest[first:]

    def _bound_function(self, names: tuple, tree: TreeDef, leaves: list, writes: ArgumentWrites) -> Callable:
        """``fn(*tensor_arguments)``: the (converted) function with this trace's Python arguments filled in (their
        lists and dicts copies, which ``writes`` pairs with the caller's)."""
        def body(*placeholders: Any) -> Any:
            fn = self._traceable()
            it = iter(placeholders)
            rebuilt = [next(it) if isinstance(x, TensorSpec) else x for x in leaves]
            values = tree.unflatten(rebuilt)
            writes.given(values, rebuilt)
            bound = inspect.BoundArguments(self._signature, dict(zip(names, values)))
            with watching(fn, current_builder_fast):  # (getters that test type(): runtime/graph/as_written.py)
                return fn(*bound.args, **bound.kwargs)
        return body

    def _trace(self, names: tuple, tree: TreeDef, leaves: list, at_end: Callable[[], None],
               writes: ArgumentWrites) -> ConcreteFunction:
        """Trace the converted function into our graph (in a copy of the caller's context: runtime/graph/tracing.py);
        ``at_end()`` runs in that context when the function has returned (what the guard reads there)."""
        body = self._bound_function(names, tree, leaves, writes)
        first = self.tracing_count == 0
        outputs = _Outputs(self, graph=True)

        def on_variable(variable: Variable) -> None:
            if not first:
                raise ValueError(
                    f"{user_location()}: {self.__name__} created a Variable while it was traced again (trace "
                    f"{self.tracing_count + 1}, for a new input signature); a Function may create Variables only "
                    "on its first trace. Create the Variable outside the function and use it inside.")

        written: list = []
        write_sites: list = []
        returned_arguments: list = []
        views: list = []
        scalars: list = []
        numbers: list = []
        typed: list = []  # (output position, each path's kind) of the path-typed outputs, whose tags end the outputs
        layouts: list = []  # (input position, view kind, shape, site): a reshape or ravel of it relied on as a view
        as_laid_out: list = []  # outputs that are np.ascontiguousarray(x) (and alike) of an argument

        def body_and_writes(*placeholders: Any) -> Any:
            # An argument the function writes into in place (x[i] = v) is written back after each run, as
            # NumPy would have changed the caller's array: its final value is an extra output. Listed in the
            # order the trace first wrote them, with the line of that write (for check_writeable).
            originals = [p.ref()[0] for p in placeholders]
            result = outputs.split(body(*placeholders))
            at_end()
            first_writes = list(current_builder().first_writes)
            written[:] = sorted((k for k, (p, v) in enumerate(zip(placeholders, originals)) if p.ref()[0] is not v),
                                key=lambda k: first_writes.index(id(placeholders[k]))
                                if id(placeholders[k]) in first_writes else len(first_writes))
            write_sites[:] = [current_builder().first_writes.get(id(placeholders[k])) for k in written]
            # A reshape or ravel of an argument is NumPy's view of it only where the caller's array is laid out so:
            # where the graph relied on one (runtime/graph/tensor.py, _rely_on_layout), each call checks the layout.
            layouts[:] = [(k, *need) for k, p in enumerate(placeholders)
                          for need in current_builder().layout_requirements.get(id(p), ())]
            # An output that is an argument's own tensor (`x[0] = 1; return x`, `return x`) is the caller's
            # array itself, as eager returns the object it was given: output position -> input position.
            returned_arguments[:] = [(i, k) for i, leaf in enumerate(result) for k, p in enumerate(placeholders)
                                     if leaf is p]
            # Which other outputs are views of an argument eagerly (x[1:], x.T, x[:]): those may share its memory.
            views[:] = [i for i, leaf in enumerate(result) if _view_of_any(leaf, placeholders)]
            # (np.ascontiguousarray(x) and the other calls that copy only for another layout: the array itself
            # where it is laid out so, as the interpreter's kernel gives it)
            as_laid_out[:] = [i for i, leaf in enumerate(result) if isinstance(leaf, Tensor)
                              and leaf._view is not None and leaf._view_kind == "layout"]
            # Which outputs stand for a NumPy scalar (np.sum(x), x[0]): returned as one, as eager returns it (a 0-d
            # array is not hashable, nor a float, and json cannot write it).
            returned_at = {j for j, _ in returned_arguments}
            # Which stand for a Python number the graph computes (float(np.sum(x)), int(np.argmax(x)), np.allclose):
            # returned as that Python type, as eager returns it (`is True`, isinstance(n, int) and json as eager).
            # Only one of one Python type on every run, whichever path it took (runtime/graph/python_kinds.py: not
            # max(1.5, n), nor `s = 0` that a loop may leave an int or make a float): those stay 0-d arrays.
            numbers[:] = [i for i, leaf in enumerate(result) if type(leaf) is PyNumber and i not in returned_at
                          and certain_number(leaf)]
            scalars[:] = [i for i, leaf in enumerate(result) if isinstance(leaf, Tensor) and leaf.ndim == 0
                          and type(leaf) is not PyNumber and stands_for_scalar(leaf) is True and i not in returned_at]
            # Which stand for a value whose Python type depends on the path the run takes (`r = 0` in one branch, a
            # NumPy float64 in the other): returned as the kind the path's tag names, an extra output each
            # (runtime/graph/path_types.py). One whose tag the graph does not have (a path-typed value inside a loop
            # body, carried out of it) is returned as before: docs/functions.md.
            typed[:], tags = [], []
            for i, leaf in enumerate(result):
                found = path_record(leaf) if i not in returned_at else None
                if found is not None and found.tag is not None and None not in found.kinds:
                    typed.append((i, found.kinds))
                    tags.append(found.tag)
            numbers[:] = [i for i in numbers if all(i != j for j, _ in typed)]
            scalars[:] = [i for i in scalars if all(i != j for j, _ in typed)]
            return result, [placeholders[k] for k in written], tags

        # A Generator argument that drew while the function was traced, in code autograph does not stage (a
        # library, autograph=False; there np.random's own too), froze its numbers into the graph: refused
        # (runtime/random_calls.py).
        watch = GeneratorWatch(leaves, global_generator=not self._autograph)
        # The callback is set in a copy of the context, which the trace runs in: the caller's context never holds it,
        # so no interrupt can leave it set (a `finally` that put the one before back could be interrupted before its
        # set ran: every later Variable of the thread was then refused as made by a retrace).
        def traced_with_the_callback() -> Any:
            _on_variable_created.set(on_variable)
            return trace(body_and_writes, [x for x in leaves if isinstance(x, TensorSpec)])

        try:
            traced = copy_context().run(traced_with_the_callback)
        except TypeError as error:
            # (a refusal keeps its class, so ``except autograph.AutographError`` still catches it)
            kind = type(error) if isinstance(error, Limitation) else TypeError
            if self._autograph and not self._has_source and "needs the value of a graph tensor" in str(error):
                raise kind(f"{error}\n{needs_conversion_hint(self.__name__)}") from None
            if self._autograph or "needs the value of a graph tensor" not in str(error):
                raise
            raise kind(f"{error}\n{self.__name__} was made with autograph=False, so its Python control flow "
                            "is not converted: use autograph.function(..., autograph=True) (the default).") from None
        watch.check()
        self.tracing_count += 1
        graph, out_tree = traced
        join = outputs.fast_join()  # (a generated expression: no walk of the tree per call)
        execute = executor_for(graph, self.executor)  # inputs -> a tuple of outputs (autograph/executors.py)
        # An output the interpreter may return as the caller's array or a view of it (`return np.copy(x)`,
        # `x.flatten()`, `x[:]`, after the passes): a copy where eager's result is a new array, a new view object
        # where eager's is a view (`x[:] is x` is False), the argument itself where the function returned it.
        returned_at = {i for i, _ in returned_arguments}
        aliases = [(i, k, i in views) for i, k in returned_views(graph).items()
                   if i not in returned_at and i not in as_laid_out]
        if written or returned_arguments or aliases or scalars or numbers or typed or layouts:
            # The graph reads each argument as passed and writes back after the run: an argument sharing memory
            # with one it writes into would not see the write, as it would in NumPy, and one that cannot be
            # written would fail only after the whole graph ran. Such calls are refused before the run
            # (autograph/call_boundary.py); only traces that write into an argument pay for the checks. An
            # argument the function returns is returned itself, after the write-back (eager's `result is x`).
            input_names = [n for n, x in zip(_leaf_names(names, tree), leaves) if isinstance(x, TensorSpec)]
            pairs = aliasing_pairs(len(input_names), written)
            sites = list(write_sites)
            returned = list(returned_arguments)
            split = unflattener(out_tree)

            def run(inputs: list) -> Any:
                if written:
                    check_writeable(inputs, written, input_names, self.__name__, sites)
                    check_aliasing(inputs, pairs, input_names, self.__name__, user_location)
                if layouts:
                    check_layouts(inputs, layouts, input_names, self.__name__)
                flat = [np.asarray(x) for x in execute(inputs)]
                for i, k, view in aliases:
                    out = flat[i]
                    if out is inputs[k]:  # (view: a new object over the same memory, as x[:] is)
                        flat[i] = out.view() if view and isinstance(out, np.ndarray) else out.copy(order="K")
                    elif not view and np.may_share_memory(out, inputs[k]):
                        flat[i] = out.copy(order="K")  # (the layout NumPy's own copy would have)
                for i in scalars:
                    flat[i] = flat[i][()]
                for i in numbers:
                    flat[i] = flat[i].item()
                if typed:  # (each step only where the trace needs it: a call pays no slice or zip it needs not)
                    for (i, kinds), tag in zip(typed, flat[len(flat) - len(typed):]):
                        flat[i] = kinds[int(tag)].convert(flat[i])
                result, new_values, _ = split(flat)
                if written:
                    for k, value in zip(written, new_values):
                        write_back(self.__name__, inputs[k], value)
                result = list(result)
                for i, k in returned:
                    result[i] = inputs[k]
                return join(result)
        elif outputs.single():  # the common case, one array out: no structure to rebuild
            run = single_output(execute)  # inputs -> a NumPy array
        else:
            def run(inputs: list) -> Any:
                return join([np.asarray(x) for x in execute(inputs)])

        kinds_at = dict(typed)
        tag_at = {i: len(graph.outputs) - len(typed) + n for n, (i, _) in enumerate(typed)}
        output_spec = join(out_tree.unflatten([TensorSpec(v.shape, v.dtype, True if i in scalars else None,
                                                          python=i in numbers, path_kinds=kinds_at.get(i, ()),
                                                          tag=tag_at.get(i))
                                               for i, v in enumerate(graph.outputs)])[0])
        concrete = ConcreteFunction(self.__name__, self._signature, names, tree, leaves, output_spec, run, graph=graph,
                                    executor=execute if self.executor in ("auto", "numba") else self.executor)
        single = (not written and not returned_arguments and not aliases and not scalars and not numbers
                  and not typed and outputs.single())
        if self.executor == "jax":  # what its dispatcher runs for it, if it can (autograph/dispatch.py)
            from runtime.jax import lowering
            concrete._jax_single = single_trace(tree, leaves, lowering.lower(graph), single_output=single)
        elif self.executor == "auto" and single and execute.choice is None:  # the same, once its trial chose JAX
            execute.decided = _weak_decided(self, concrete, tree, leaves)
        return concrete

    def _trace_jax(self, names: tuple, tree: TreeDef, leaves: list, at_end: Callable[[], None],
                   writes: ArgumentWrites) -> ConcreteFunction:
        """backend="jax": trace the converted function with ``jax.jit`` (now, to know its output), run it jitted."""
        from runtime import jax as jax_runtime

        jax_runtime.require()  # only this backend needs JAX
        import jax

        body = self._bound_function(names, tree, leaves, writes)
        outputs = _Outputs(self, graph=False)

        def traced_body(*placeholders: Any) -> Any:
            computed = outputs.split(body(*placeholders))
            at_end()
            return computed[0] if outputs.single() else computed  # one array: no list for jax.jit to build

        jitted = jax.jit(traced_body)
        # JAX's own x64 setting decides (a float64 spec is float32 unless the caller enabled x64); a typed
        # PRNG key keeps its key dtype.
        specs = [jax.ShapeDtypeStruct(x.shape, x.dtype if not isinstance(x.dtype, np.dtype)
                                      else jax.dtypes.canonicalize_dtype(x.dtype))
                 for x in leaves if isinstance(x, TensorSpec)]
        # A random generator that drew while JAX traced (code autograph does not convert, autograph=False) froze its
        # numbers into the compiled function: refused, as our graphs refuse it (runtime/random_calls.py).
        watch = GeneratorWatch(leaves, global_generator=not self._autograph)
        # An iterator the function advanced that outlives the call (a global `batches`, itertools.count, a file) gave
        # items the compiled function holds: refused, as our graphs refuse it (runtime/graph/iterator_watch.py; until
        # stop 87 only the iterators the guard can picture, a list's, traced again, and the others were silently stale).
        check_iterators = iterator_watch.watch_trace("JAX traces", "the compiled function")
        try:
            traced = jitted.trace(*specs)
        except jax.errors.NonConcreteBooleanIndexError as error:
            raise _jax_mask_refusal(error) from error
        watch.check()
        check_iterators()
        self.tracing_count += 1
        out_info = [traced.out_info] if outputs.single() else traced.out_info
        output_spec = outputs.join(jax.tree.map(lambda out: TensorSpec(out.shape, out.dtype), out_info))

        from runtime.jax.checks import JaxRuntimeError, users_failure

        if outputs.single():
            def run(inputs: list) -> Any:  # one array out: no structure to rebuild
                try:
                    return jitted(*inputs)
                except JaxRuntimeError as error:  # a staged raise or assert failed: the user's own exception
                    failed = users_failure(error)
                    if failed is None:
                        raise
                    raise failed from error
        else:
            def run(inputs: list) -> Any:
                try:
                    return outputs.join(jitted(*inputs))  # JAX arrays, on the inputs' devices and shardings
                except JaxRuntimeError as error:
                    failed = users_failure(error)
                    if failed is None:
                        raise
                    raise failed from error

        return ConcreteFunction(self.__name__, self._signature, names, tree, leaves, output_spec, run,
                                jaxpr=traced.jaxpr, executor="xla")

    def __repr__(self) -> str:
        return f"<autograph.Function {self.__name__}>"

    def _repr_html_(self) -> str:
        """Notebooks show each trace's signature and graph (autograph/concrete_function.py)."""
        from autograph.concrete_function import function_html
        return function_html(self)


# The text a traced value gives str(), repr() and format() while tracing: a graph tensor's (``<Tensor f64[]>``, with
# a number in str(): runtime/graph/formatted.py,
# runtime/graph/tensor.py) and a JAX tracer's (``JitTracer(~float32[])``, ``Traced<ShapedArray(...)>``). A string
# the function returns is a constant of the trace: one holding such text would give every call the trace's text.
_TRACED_TEXT = re.compile(r"<(?:Tensor|PyNumber) [^<>]*>|\b\w*Tracer\(|\bTraced<")


class _Outputs:
    """What a traced function returns, split into what the graph (or jax.jit) computes and Python strings and
    numbers known at the trace, which every run returns as they were at the trace; any other Python object is
    an error naming the function's line."""

    _TENSORS = (Tensor, Variable, np.ndarray, np.generic, bool, int, float, complex)

    def __init__(self, function: Function, graph: bool) -> None:
        self.function, self.graph = function, graph
        self.tree: Optional[TreeDef] = None
        self.constants: dict[int, Any] = {}

    def split(self, result: Any) -> list:
        leaves, self.tree = flatten_outputs(result)
        # (A Python number known at the trace, `len(x)`, `x.shape[0] * 2`, is a constant of it too: returned as the
        # Python number it is, as eager returns it, not as an array the graph would make of it; and a NumPy scalar
        # known at the trace, `np.float64(2.5)`, immutable, as the NumPy scalar.)
        self.constants = {i: leaf for i, leaf in enumerate(leaves)
                          if isinstance(leaf, (str, bytes, np.generic)) or type(leaf) in PYTHON_NUMBERS}
        for i, leaf in self.constants.items():
            if not isinstance(leaf, (str, bytes)):
                continue
            text = _TRACED_TEXT.search(leaf if isinstance(leaf, str) else leaf.decode("latin-1"))
            if text is not None:
                raise NotStageable(self._error(leaf, i, formatted.plain(text.group())))
        if self.graph:
            for i, leaf in enumerate(leaves):
                if i not in self.constants and not isinstance(leaf, self._TENSORS):
                    raise NotStageable(self._error(leaf, i))
        return [leaf for i, leaf in enumerate(leaves) if i not in self.constants]

    def single(self) -> bool:
        """Whether the function returns one array (or number), nothing else: the common case."""
        return self.tree.kind == "leaf" and not self.constants

    def fast_join(self) -> Callable[[list], Any]:
        """``join`` for a list of computed leaves, as one generated expression (runtime.graph.tracing.unflattener)."""
        return unflattener(self.tree, self.constants)

    def join(self, computed: Any) -> Any:
        if not self.constants:
            return self.tree.unflatten(computed)
        it = iter(computed)
        return self.tree.unflatten([self.constants[i] if i in self.constants else next(it)
                                    for i in range(self.tree.num_leaves)])

    def _error(self, leaf: Any, i: int, text: Optional[str] = None) -> str:
        fn = self.function
        code = getattr(inspect.unwrap(fn.python_function), "__code__", None)
        where = format_site(code.co_filename, code.co_firstlineno) if code is not None else user_location()
        path = [p for p in paths(self.tree)][i] if self.tree.kind != "leaf" else ""
        if text is not None:
            return (f"{where}: {fn.__name__} returns a string made from the text of a traced value (its return "
                    f"value{path} holds {text!r} where eager code has the value's digits): a graph computes arrays, "
                    "not their text. Return the array and format it outside the function, or call the function "
                    "without autograph.function")
        return (f"{where}: {fn.__name__} returns a {type(leaf).__name__} (its return value{path}), which a graph "
                "cannot compute: a Function returns arrays, numbers and strings, in tuples, lists, dicts or None. "
                "Return the object's arrays instead (and rebuild the object outside), or call the function "
                "without autograph.function")


def _view_of_any(leaf: Any, placeholders: Sequence[Any]) -> bool:
    """Whether ``leaf`` is a view (``x[1:]``, ``x.T``, ``x[:]``: a Tensor made with a base) of one of
    ``placeholders``, through any number of views."""
    t = leaf
    while isinstance(t, Tensor) and t._view is not None:
        t = t._view[0]
    return t is not leaf and any(t is p for p in placeholders)


def write_back(name: str, argument: Any, value: np.ndarray) -> None:
    """Put what the graph computed for an argument it writes into back into the caller's array."""
    if not isinstance(argument, np.ndarray):
        raise TypeError(f"{name} writes into one of its arguments in place (x[...] = v), but the caller passed "
                        f"a {type(argument).__name__}, not a NumPy array, so there is nothing to write into; "
                        "pass an array, or copy the argument inside the function before writing")
    if not argument.flags.writeable:
        raise ValueError(f"{name} writes into one of its arguments in place, but the array passed is read-only "
                         "(assignment destination is read-only)")
    np.copyto(argument, value, casting="unsafe")


def _jax_mask_refusal(error: BaseException) -> DataDependentIndex:
    """JAX's refusal of ``x[mask]`` with a traced mask under backend="jax", said at the user's line (the innermost
    frame of the user's program in its traceback), with what to do."""
    site, tb = "<unknown>", error.__traceback__
    while tb is not None:
        if not is_machinery(tb.tb_frame.f_code.co_filename):
            site = format_site(tb.tb_frame.f_code.co_filename, tb.tb_lineno)
        tb = tb.tb_next
    return DataDependentIndex(
        f"{site}: x[mask] with a boolean mask of traced values has a data-dependent shape: its size (the number of "
        "True values) is known only at run time, and backend='jax' (jax.jit) fixes every shape. Use the default "
        "backend='graph' with executor='numpy' (or 'auto'), which runs it, or np.where(mask, x, fill), which keeps "
        "x's shape")


def function(fn: Optional[Callable] = None, *, autograph: bool = True,
             input_signature: Optional[Sequence[Any]] = None, executor: Optional[str] = None,
             backend: str = "graph") -> Any:
    """Make ``fn`` a ``Function``: traced into a graph once per input signature, then run as that graph.

    As a decorator (with or without arguments) or a call:

        >>> import numpy as np
        >>> import autograph
        >>> @autograph.function
        ... def relu_sum(x):
        ...     if np.sum(x) > 0:                     # on a tensor: both branches become one cond node
        ...         return np.maximum(x, 0)
        ...     return -x
        >>> relu_sum(np.array([1.0, -2.0, 3.0]))       # traces for TensorSpec((3,), float64), runs the graph
        array([1., 0., 3.])
        >>> relu_sum(np.array([-1.0, -2.0, 1.0]))      # the same signature: the same graph, the other branch
        array([ 1.,  2., -1.])
        >>> relu_sum.tracing_count, len(relu_sum.concrete_functions)
        (1, 1)
        >>> relu_sum.python_function(np.array([-1.0]))  # the function as written, run as plain Python
        array([1.])

    The ``Function`` keeps ``tracing_count`` (the traces made so far), ``concrete_functions`` (one
    ``ConcreteFunction`` per trace: its ``graph``, the signature it was traced for, its output spec) and
    ``python_function`` (``fn`` as written), and has ``get_concrete_function(*args)`` (trace without
    running) and ``pretty_printed_concrete_signatures()``; ``help(autograph.Function)`` has the rest.

    ``autograph=False`` traces ``fn`` as written, without converting its control flow.
    ``input_signature`` (one ``TensorSpec`` per parameter; a ``None`` dim takes any size) fixes the trace
    key: one trace for every call that fits (on a method it leaves out ``self``).
    ``backend="graph"`` (the default) traces our IR, run by ``executor="numpy"`` (the default),
    ``executor="jax"`` (lowered to JAX, jitted), ``executor="numba"`` (compiled with numba where every op has
    an exact rule, else the interpreter) or ``executor="auto"`` (the fastest of those for each trace, measured
    on its first calls; the interpreter where neither JAX nor numba is installed);
    ``backend="jax"`` runs the converted function under ``jax.jit`` instead, building no graph of
    ours, and returns JAX arrays. See docs/functions.md.
    """
    def make(f: Callable) -> Function:
        return Function(f, autograph=autograph, input_signature=input_signature, executor=executor, backend=backend)
    if fn is None:
        _check_modes(backend, executor, input_signature)  # fail at the decorator, not at the first call
        return make
    return make(fn)
