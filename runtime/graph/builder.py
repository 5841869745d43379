"""The graph under construction, and which one that is right now.

Tracing appends nodes to the builder in a ``ContextVar``; ``tensor.bind`` does
that for every tensor operation. A builder deals only in ``Value``s: the tensor
type above it wraps them. A branch or loop body gets a child builder; when the
body touches a value of an enclosing graph, ``value_of`` captures it (it becomes
an extra input of the subgraph), through as many levels as needed::

    with building(GraphBuilder()) as b:
        x = b.add_input(spec)          # a Value
        (y,) = b.add_node("exp", [x], {})
    b.graph([y])                       # { lambda a:f64[3] ; let b:f64[3] = exp a in (b) }
"""

from __future__ import annotations

import warnings as _warnings
from contextvars import ContextVar
from typing import Any, Mapping, Optional, Sequence

from runtime.graph import as_written, error_state, ops, run_time_errors
from runtime.graph.ir import FrozenDict, Graph, Node, Value
from runtime.staging import StagingError, format_site, hide_library_frames, user_frame, user_location
from runtime.try_blocks import RUNNING as RUNNING_TRY_BLOCKS

_error_state_now = error_state.current_fast


class GraphBuilder:
    """The graph under construction: inputs, nodes, and what it captured from its parent."""

    def __init__(self, parent: Optional[GraphBuilder] = None) -> None:
        self.parent = parent
        self.inputs: list[Value] = []
        self.nodes: list[Node] = []
        self.captured: list[tuple[Value, GraphBuilder]] = []  # parent values, in capture order, with their builder
        self._capture_inputs: list[Value] = []                  # the inputs they became here
        self._captures: dict[Value, Value] = {}                 # parent value -> input value here
        # Writes made here into tensors of enclosing graphs: id(tensor) -> (tensor, value here, seen);
        # see tensor.Tensor.ref. And the tensors of enclosing graphs read here: id(tensor) -> tensor.
        self.shadows: dict[int, tuple] = {}
        self.outer_reads: dict[int, Any] = {}
        # On the outermost builder: id(tensor) -> (file, line) of the first write into it (tensor.write), in the
        # order the trace made them, so a call can name the write a read-only argument would fail at.
        self.first_writes: dict[int, Optional[tuple[str, int]]] = {}
        # On the outermost builder: id(argument) -> [(view kind, view shape, (file, line))] for each reshape or ravel of
        # an argument that the graph relies on sharing its memory (tensor._rely_on_layout): checked at each call.
        self.layout_requirements: dict[int, list] = {}
        # On the outermost builder: id(tensor) -> (tensor, [argument values]) for each array the function made whose C
        # order NumPy derives from those arguments' layout (tensor._laid_out_otherwise), for layout_requirements.
        self.c_order_relied: dict[int, tuple] = {}
        # On the outermost builder: the tensors str() or format() gave a mark in a message
        # (runtime/graph/formatted.py), by (id(Value), format spec) and by number: (number, Value, its builder, spec).
        self.marks: dict[tuple, tuple] = {}
        self.marked: dict[int, tuple] = {}
        # On the outermost builder: id(Value) -> (Value, certain) for the Python numbers conds and loops made: whether
        # every path left one of one Python type (runtime/graph/python_kinds.py).
        self.python_certain: dict[int, tuple] = {}
        # On the outermost builder: the arrays that are one array on some paths of a staged statement only
        # (y = x if c else x * 2): id(tensor) -> (tensor, [(partner, condition, exact)]) (runtime/graph/path_aliases.py)
        self.path_aliases: dict[int, tuple] = {}
        # (id(out), id(partner)) of those records whose out is only ever a view of the partner (never that array)
        self.viewed_aliases: set[tuple[int, int]] = set()
        # On the outermost builder: the staged statements' outputs, id(tensor) -> (tensor, whether every path's value
        # was a tensor); and on each builder its placeholders (runtime/graph/identity.py, for `is`).
        self.joins: dict[int, tuple] = {}
        self.arguments: tuple = ()
        # On the outermost builder: the 0-d values whose Python type depends on the path a run takes (`r = 0` or a
        # NumPy float64), with the graph value naming the path's: id(Value) -> Record (runtime/graph/path_types.py)
        self.path_types: dict[int, Any] = {}
        # NumPy's error state as the trace started, and those met since (runtime/graph/error_state.py): shared by
        # the trace's builders.
        self.error_states = error_state.Tracking() if parent is None else parent.error_states

    def add_input(self, shape: tuple, dtype: Any) -> Value:
        value = Value(shape, dtype)
        if None in value.shape and KNOWN_SHAPES_ONLY.get():
            raise _unknown_dimension(value)
        self.inputs.append(value)
        return value

    def root(self) -> GraphBuilder:
        """The outermost builder of this trace: the one that keeps what the whole trace records."""
        builder = self
        while builder.parent is not None:
            builder = builder.parent
        return builder

    def sees(self, owner: GraphBuilder) -> bool:
        """Whether ``owner``'s values can be read here: it is this builder or one enclosing it."""
        builder: Optional[GraphBuilder] = self
        while builder is not None:
            if builder is owner:
                return True
            builder = builder.parent
        return False

    def value_of(self, value: Value, owner: GraphBuilder, use: str = "") -> Value:
        """The value standing here for ``value`` of ``owner``'s graph, capturing it if ``owner`` encloses this one.
        A value of a graph that does not enclose this one leaked out of its trace: a ``StagingError`` that says
        where it was made and where it is used (``use``: how, if not at the user's line)."""
        if owner is self:
            return value
        if self.parent is None:
            raise leaked_tensor_error(value, owner, use)
        outer = self.parent.value_of(value, owner, use)
        inner = self._captures.get(outer)
        if inner is None:
            inner = self._captures[outer] = Value(outer.shape, outer.dtype)
            self.captured.append((outer, self.parent))
            self._capture_inputs.append(inner)
        return inner

    def add_node(self, op: str, inputs: Sequence[Value], attrs: Mapping[str, Any]) -> tuple[Value, ...]:
        """Append ``op(inputs; attrs)``, typed by the op's rule; return its outputs."""
        frozen = FrozenDict(attrs)
        outputs = tuple(Value(shape, dtype) for shape, dtype in ops.infer(op, inputs, frozen))
        for value in outputs:
            if None in value.shape and KNOWN_SHAPES_ONLY.get():
                raise _unknown_dimension(value)
        # Where the user's program made the node: run-time errors name it (interpreter.py). Code of the user's that
        # runs as written and tests type() is refused there (as_written.py).
        frame = user_frame()
        if frame is not None:
            as_written.check(frame)
        location = None if frame is None else (frame.f_code.co_filename, frame.f_lineno)
        if location is not None and RUNNING_TRY_BLOCKS.get():  # one failing when the graph runs, in a `try`
            location = run_time_errors.located(op, inputs, frozen, self.nodes, location)
        if location is not None:
            tracked = self.error_states
            if (state := _error_state_now()) is not tracked.start:
                changed = tracked.of(state, location)  # made inside the program's np.errstate block
                if changed is not None:
                    location = error_state.with_state(location, changed)
            if _warnings.filters is not tracked.filters[0]:  # inside the program's warnings.catch_warnings()
                filters = error_state.filters_of(tracked.filters)
                if filters is not None:
                    location = error_state.with_state(location, warning_filters=filters)
        self.nodes.append(Node(op, tuple(inputs), frozen, outputs, location))
        return outputs

    def graph(self, outputs: Sequence[Value]) -> Graph:
        return Graph(tuple(self.inputs + self._capture_inputs), tuple(self.nodes), tuple(outputs))


# True while the rest of a loop over a plain range is tried as one staged loop (runtime/graph/loops.py,
# ``stage_rest``): Python's loop makes every array of a known size there, so a dimension known only at run time
# (a slice `x[i:i + 3]` at the traced index, a carried array that grows) ends the try, and Python's loop goes on:
# XLA compiles no array of unknown size (executor="jax").
KNOWN_SHAPES_ONLY: ContextVar[bool] = ContextVar("autograph_graph_known_shapes_only", default=False)


def _unknown_dimension(value: Value) -> StagingError:
    return StagingError(f"{user_location()}: {value.type_str}: a dimension known only when the graph runs, where "
                        "Python's loop over a range makes arrays of known sizes (the loop runs as Python's)")


def leaked_tensor_error(value: Optional[Value], owner: Optional[GraphBuilder], use: str = "") -> StagingError:
    """A tensor of ``owner``'s graph, whose trace has ended (or that is a sibling branch's), is used by another
    one, or outside any trace: say where it was made, where it is used (the user's line; for ``use``, a tensor
    returned, where it was made) and what to write instead, as JAX's ``UnexpectedTracerError`` does. (No
    ``value``: a tensor used outside any trace, not known here.)"""
    if value is None or owner is None:
        return StagingError(
            f"{user_location()}: a graph tensor is used here, outside any trace: it was kept after its trace ended "
            "(in a global, a list or dict, an object's attribute), and a graph's tensors exist only while it is "
            "traced. Return it from the function that made it (as an output of the Function), or pass it in as "
            "an argument, instead of keeping it in Python state.")
    site = next((node.location for node in owner.nodes if value in node.outputs), None)
    made_at = "" if site is None else format_site(*site)
    here = made_at if use and made_at else user_location()
    made = "made here" if made_at == here else f"made at {made_at}" if made_at else "made"
    use = use or ("used here, outside any trace" if current_builder() is None else "used here")
    if owner.parent is not None:  # a branch or loop body's own tensor
        return StagingError(
            f"{here}: a tensor ({value.type_str}) {made} inside a staged `if` or loop body is {use}, "
            "outside that body: it leaked out through Python state (a list or dict it was stored in, an object's "
            "attribute, a global), which a graph does not carry out of a branch or loop. A staged body passes "
            "values out only through the variables it assigns: assign a variable (`total = total + v`, "
            "`t = v`) instead of storing the tensor (`out.append(v)`, `self.t = v`); to keep one value per "
            "iteration, preallocate an array before the loop (`out = np.zeros(n)`) and write `out[i] = v`.")
    return StagingError(
        f"{here}: a tensor ({value.type_str}) {made} while tracing a function (another one, or an earlier trace "
        f"of this one) is {use}: it leaked out of that trace through Python state (a global, a list or dict, an "
        "object's attribute), and a graph's tensors exist only while it is traced. Return it from the function "
        "that made it (as an output of the Function), or pass it in as an argument, instead of keeping it in "
        "Python state.")


_CURRENT: ContextVar[Optional[GraphBuilder]] = ContextVar("runtime_graph_builder", default=None)
# While set (per thread and context), a staged ``if`` whose branches leave Python numbers of different types, or a
# Python number whose own dtype is not the other branch's tensor's, is refused with this message rather than joined by
# NumPy's weak-scalar rule: for a call whose result's dtype NumPy takes from that one value (np.vectorize without
# otypes, np.apply_along_axis's first slice), where the join would silently give another dtype.
STRICT_PYTHON_TYPES: ContextVar[Optional[str]] = ContextVar("runtime_graph_strict_python_types", default=None)


def current_builder() -> Optional[GraphBuilder]:
    """The graph being traced, or None when running eagerly."""
    return _CURRENT.get()


# ``current_builder`` without the Python call around it, for a hot path (a ``Function`` call asks it each time).
current_builder_fast = _CURRENT.get


class building:  # noqa: N801  (used as a function: ``with building(builder):``)
    """Make ``builder`` the graph being traced inside the ``with`` block.

    An error that leaves the outermost trace (a staging error, or the user's own) loses the library's
    frames between the trace and the line that raised it (``runtime.staging.hide_library_frames``):
    what is left is the user's own code, converted closures included, each at the user's line."""

    __slots__ = ("builder", "token")

    def __init__(self, builder: GraphBuilder) -> None:
        self.builder = builder

    def __enter__(self) -> GraphBuilder:
        previous = _CURRENT.get()
        try:
            self.token = _CURRENT.set(self.builder)
        except BaseException:  # an interrupt (Ctrl-C) that landed right after the set: undone
            _CURRENT.set(previous)
            raise
        return self.builder

    def __exit__(self, kind: Any, error: Optional[BaseException], tb: Any) -> None:
        _CURRENT.reset(self.token)
        if self.builder.parent is None:
            if isinstance(error, Exception):
                hide_library_frames(error)
