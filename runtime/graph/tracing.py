"""Tracing: running Python on placeholder tensors to record a graph.

The graph being built is a ``builder.GraphBuilder`` in a ``ContextVar``; every
tensor operation appends a node to it through ``tensor.bind``. ``trace`` records
a whole function as a closed ``Graph``. ``trace_subgraph`` records a branch or
loop body inside the graph being built: when the body touches a tensor of an
enclosing graph, that tensor is captured (it becomes an extra input of the
subgraph, and the caller passes the outer tensor to the node), through as many
levels as needed.

Python side effects in the traced function happen once, while tracing.
"""

from __future__ import annotations

import contextvars
import copy
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple, Optional, Sequence

import numpy as np

from runtime import limits, try_blocks
from runtime.class_lookup import class_attribute, defines_dict, instance_dict
from runtime.graph import identity, iterator_watch, numpy_random, passes, tensor, variables
from runtime.graph.builder import GraphBuilder, building, current_builder
from runtime.graph.ir import Graph, Value
from runtime.staging import NotStageable, innermost_user_site

# The dtypes of the values that stand for Python numbers (runtime/graph/tensor.py, ``PyNumber``): bool, int, float,
# complex, each as NumPy holds it.
PYTHON_NUMBER_DTYPES = (np.dtype(bool), np.dtype(np.int64), np.dtype(np.float64), np.dtype(np.complex128))


@dataclass(frozen=True)
class TensorSpec:
    """The static type of a tensor: a shape (ints, or None for unknown) and a dtype. ``scalar``, for a 0-d spec:
    True when it stands for a NumPy scalar (``np.float64(1.5)``), False for a 0-d ``np.ndarray``, None (the
    default) for either; a ``Function`` keys a 0-d argument with it, so ``type(x)``, ``isinstance(x, np.ndarray)``
    and ``x += 1`` (in place on an array, a new value for a scalar) answer as NumPy does. ``python``, for a
    result only: True when it stands for a Python number that the graph computes (``float(np.sum(x))``,
    ``int(np.argmax(x))``, ``np.allclose(x, y)``), returned as that Python type (``bool``, ``int``, ``float``,
    ``complex``, by the dtype: ``bool``, ``int64``, ``float64``, ``complex128``). ``path_kinds`` and ``tag``, for a
    0-d result whose Python type depends on the path a run takes (``r = 0`` or ``r = np.sum(x)`` in a staged
    ``if``): each path's kind (``runtime.graph.path_types.Kind``) and which graph output holds the tag naming the
    run's; the result is returned as that kind (docs/functions.md)."""

    shape: tuple
    dtype: np.dtype
    scalar: Optional[bool] = None
    python: bool = False
    # For a result whose Python type depends on the path a run takes (runtime/graph/path_types.py): each path's
    # kind (path_types.Kind), and which of the graph's outputs holds the tag naming the run's.
    path_kinds: tuple = ()
    tag: Optional[int] = None

    def __init__(self, shape: Sequence[Optional[int]], dtype: Any = np.float64, scalar: Optional[bool] = None,
                 python: bool = False, path_kinds: tuple = (), tag: Optional[int] = None) -> None:
        object.__setattr__(self, "shape", tuple(None if d is None else int(d) for d in shape))
        object.__setattr__(self, "dtype", dtype if _is_jax_extended(dtype) else np.dtype(dtype))
        if scalar is not None and self.shape:
            raise ValueError(f"TensorSpec(shape={self.shape}): only a 0-d spec stands for a NumPy scalar or a 0-d "
                             "array (scalar=True / False); leave scalar=None")
        if python and (self.shape or scalar is not None or self.dtype not in PYTHON_NUMBER_DTYPES):
            raise ValueError(f"TensorSpec(shape={self.shape}, dtype={self.dtype}, scalar={scalar}): only a 0-d spec of "
                             "dtype bool, int64, float64 or complex128, with scalar=None, stands for a Python number "
                             "(python=True)")
        if (path_kinds or tag is not None) and (self.shape or scalar is not None or python or not path_kinds
                                                 or tag is None):
            raise ValueError(f"TensorSpec(shape={self.shape}, dtype={self.dtype}): only a 0-d spec with scalar=None "
                             "and python=False stands for a value of path-dependent type, with both path_kinds and "
                             "tag")
        object.__setattr__(self, "scalar", scalar)
        object.__setattr__(self, "python", bool(python))
        object.__setattr__(self, "path_kinds", tuple(path_kinds))
        object.__setattr__(self, "tag", tag)

    @classmethod
    def from_value(cls, x: Any) -> TensorSpec:
        """The spec of an array, a tensor, a Value or a number (numbers get NumPy's default dtype)."""
        if isinstance(x, TensorSpec):
            return cls(x.shape, x.dtype, x.scalar, x.python)
        if isinstance(x, (tensor.Tensor, Value)) or _is_jax_extended(getattr(x, "dtype", None)):
            return cls(x.shape, x.dtype)
        x = np.asarray(x)
        return cls(x.shape, x.dtype)

    def is_compatible_with(self, x: Any) -> bool:
        """Whether ``x`` (a spec, array or tensor) fits this spec."""
        other = TensorSpec.from_value(x)
        return other.dtype == self.dtype and len(other.shape) == len(self.shape) and all(
            d is None or d == o for d, o in zip(self.shape, other.shape))

    def __repr__(self) -> str:
        scalar = "" if self.scalar is None else f", scalar={self.scalar}"
        python = ", python=True" if self.python else ""
        kinds = f", path_kinds=({', '.join(k.describe() for k in self.path_kinds)})" if self.path_kinds else ""
        return f"TensorSpec(shape={self.shape}, dtype={self.dtype.name}{scalar}{python}{kinds})"


def _is_jax_extended(dtype: Any) -> bool:
    """A JAX dtype NumPy has no counterpart for (typed PRNG keys: ``key<fry>``). A ``TensorSpec`` keeps it
    as it is, for ``autograph.function(backend="jax")`` to key and pass such arrays (our graphs refuse them)."""
    jax = sys.modules.get("jax")
    if jax is None or dtype is None or isinstance(dtype, (np.dtype, type, str)):
        return False
    return bool(jax.dtypes.issubdtype(dtype, jax.dtypes.extended))


# --- output structures ---------------------------------------------------------------------------

@dataclass(frozen=True)
class TreeDef:
    """The shape of a nest of tuples / lists / dicts / None around tensor leaves."""

    kind: str                     # "leaf", "none", "tuple", "list", "dict"
    children: tuple = ()
    keys: tuple = ()              # dict keys, in order
    cls: Any = None               # a namedtuple class, or a subclass of list, tuple or dict: rebuilt on unflatten
    # For a subclass of list, tuple or dict: an empty copy of the object (copy.copy, items removed) that
    # unflatten copies and fills (``rebuilt``), so that the nest comes back as the class it was (an OrderedDict,
    # a defaultdict with its factory, a dict with attribute access), not as a plain dict or list.
    shell: Any = field(default=None, compare=False, repr=False)

    @property
    def num_leaves(self) -> int:
        return 1 if self.kind == "leaf" else sum(c.num_leaves for c in self.children)

    def unflatten(self, leaves: Sequence[Any]) -> Any:
        it = iter(leaves)
        out = self._build(it)
        if next(it, _END) is not _END:
            raise ValueError(f"too many leaves for {self}")
        return out

    def _build(self, it: Any) -> Any:
        if self.kind == "leaf":
            return next(it)
        if self.kind == "none":
            return None
        items = [c._build(it) for c in self.children]
        if self.shell is not None:
            return rebuilt(self, items)
        if self.kind == "dict":
            return dict(zip(self.keys, items))
        if self.kind == "list":
            return items
        return self.cls(*items) if self.cls is not None else tuple(items)

    def __repr__(self) -> str:
        if self.kind in ("leaf", "none"):
            return "*" if self.kind == "leaf" else "None"
        inner = ", ".join(f"{k!r}: {c!r}" if self.kind == "dict" else repr(c)
                          for k, c in zip(self.keys or range(len(self.children)), self.children))
        return {"tuple": f"({inner}{',' if len(self.children) == 1 else ''})", "list": f"[{inner}]",
                "dict": f"{{{inner}}}"}[self.kind]


_END = object()
_LEAF = TreeDef("leaf")


def flatten(tree: Any) -> tuple[list[Any], TreeDef]:
    """Leaves (everything that is not a tuple, list, dict or None) and the structure around them."""
    leaves: list[Any] = []

    def walk(x: Any) -> TreeDef:
        if x is None:
            return TreeDef("none")
        if isinstance(x, (tuple, list, dict)):
            return nest_tree(x, walk)
        leaves.append(x)
        return _LEAF

    return leaves, walk(tree)


def nest_tree(x: Any, walk: Callable[[Any], TreeDef]) -> TreeDef:
    """The ``TreeDef`` of a tuple, list or dict ``x`` (a subclass too), its items' trees made by ``walk``."""
    cls = type(x)
    if cls is dict or isinstance(x, dict):
        keys = tuple(x)
        children = tuple(walk(x[k]) for k in keys)
        return TreeDef("dict", children, keys) if cls is dict else TreeDef("dict", children, keys, cls, _shell(x))
    kind = "list" if isinstance(x, list) else "tuple"
    children = tuple(walk(c) for c in x)
    if cls is list or cls is tuple:
        return TreeDef(kind, children)
    if kind == "tuple" and hasattr(x, "_fields"):
        return TreeDef(kind, children, cls=cls)  # a namedtuple: cls(*items)
    return TreeDef(kind, children, cls=cls, shell=_shell(x))


# Beyond these, ``unflattener`` hands back ``tree.unflatten`` itself: a deeper nest would make an expression
# the compiler recurses into once per level, and a larger one costs more to compile than a call saves.
_UNFLATTENER_DEPTH, _UNFLATTENER_LEAVES = 40, 500


def unflattener(tree: TreeDef, constants: Optional[dict[int, Any]] = None) -> Callable[[Sequence[Any]], Any]:
    """``tree.unflatten`` for a run's hot path: one generated expression that builds the nest from a list of
    computed leaves, no walk of the tree per call. ``constants``: leaves (by their index among all of
    ``tree``'s) that every call returns as these objects; the list then holds the others, in order.

        unflattener(tree of ((x, y), {"a": z}))   # lambda leaves: ((leaves[0], leaves[1]), {k0: leaves[2]})

    A list of another length than the tree wants is passed to ``tree.unflatten``, whose error it raises."""
    constants = constants or {}
    size = tree.num_leaves
    names: dict[str, Any] = {"rebuilt": rebuilt}
    computed = iter(range(size))
    position = iter(range(10**9))

    def named(value: Any) -> str:
        name = f"c{len(names)}"
        names[name] = value
        return name

    def expression(node: TreeDef, depth: int) -> Optional[str]:
        """The expression building ``node``, or None for a nest deeper than ``_UNFLATTENER_DEPTH``."""
        if depth > _UNFLATTENER_DEPTH:
            return None
        if node.kind == "leaf":
            at = next(position)
            return named(constants[at]) if at in constants else f"leaves[{next(computed)}]"
        if node.kind == "none":
            return "None"
        items = [expression(child, depth + 1) for child in node.children]
        if None in items:
            return None
        if node.shell is not None:  # a subclass of list, tuple or dict: its own protocol fills a copy
            return f"rebuilt({named(node)}, [{', '.join(items)}])"
        if node.kind == "dict":
            return "{" + ", ".join(f"{named(key)}: {item}" for key, item in zip(node.keys, items)) + "}"
        if node.kind == "list":
            return f"[{', '.join(items)}]"
        if node.cls is not None:  # a namedtuple
            return f"{named(node.cls)}({', '.join(items)})"
        return f"({', '.join(items)}{',' if len(items) == 1 else ''})"

    if size > _UNFLATTENER_LEAVES:
        return _slow_unflattener(tree, constants)
    body = expression(tree, 0)
    if body is None:
        return _slow_unflattener(tree, constants)
    wanted = size - len(constants)
    names["slow"], names["wanted"] = _slow_unflattener(tree, constants), wanted
    source = (f"def unflatten(leaves):\n"
              f"    if len(leaves) != wanted:\n"
              f"        return slow(leaves)\n"
              f"    return {body}\n")
    exec(compile(source, "<runtime.graph.tracing.unflattener>", "exec"), names)
    return names["unflatten"]


def _slow_unflattener(tree: TreeDef, constants: dict[int, Any]) -> Callable[[Sequence[Any]], Any]:
    if not constants:
        return tree.unflatten
    size = tree.num_leaves

    def unflatten(leaves: Sequence[Any]) -> Any:
        it = iter(leaves)
        return tree.unflatten([constants[i] if i in constants else next(it) for i in range(size)])
    return unflatten


def _shell(x: Any) -> Any:
    """An empty copy of ``x`` (a subclass of list, tuple or dict) for ``rebuilt``: copy.copy, the class's own
    protocol for a new object like this one, emptied (a tuple's is its instance dict)."""
    if isinstance(x, tuple):
        return _tuple_state(x)
    try:
        shell = copy.copy(x)
        shell.clear()
    except Exception as error:  # noqa: BLE001  (the class's own copy or clear: any error is the refusal's reason)
        base = "dict" if isinstance(x, dict) else "list"
        raise TypeError(f"a {type(x).__name__} (a subclass of {base}) cannot be rebuilt around traced values: "
                        f"copy.copy() and .clear() of it raised {error!r}; pass a plain {base} instead") from None
    return shell


def _tuple_state(x: tuple) -> dict:
    """A copy of the instance dict of ``x``, an object of a subclass of tuple (empty where it has none). A class
    may define ``__dict__`` itself (BioSPPy's ``ReturnTuple``: ``__dict__ = property(as_dict)``, its named values):
    then ``x.__dict__`` is not the instance's state, and ``instance_dict`` reads the dict its attributes are in."""
    return dict(instance_dict(x) or {})


def _set_tuple_state(made: tuple, state: dict) -> None:
    """Give ``made`` (new, from ``tuple.__new__``) the instance dict ``state``, as ``_tuple_state`` read it."""
    cls = type(made)
    if not state:
        return
    if not defines_dict(cls):
        instance_dict(made).update(state)
        return
    # The class's own __dict__ is no dict to update: each attribute is set as Python sets an instance's (where a
    # data descriptor of the class has that name, that would call it instead: refused).
    for key in state:
        if hasattr(type(class_attribute(cls, key)), "__set__"):
            raise TypeError(_unrebuildable(cls, f"its class defines __dict__ itself, and a descriptor {key!r} "
                                                "stands where the object's attribute of that name is set"))
    for key, value in state.items():
        object.__setattr__(made, key, value)


def _unrebuildable(cls: type, why: str) -> str:
    return (f"a {cls.__name__} (a subclass of tuple) cannot be rebuilt around traced values: {why}; return a plain "
            "tuple (tuple(result)) or the values it holds instead")


def rebuilt(tree: TreeDef, items: list) -> Any:
    """A subclass of list, tuple or dict, as ``tree`` says, holding ``items``: a copy of its shell, filled through
    the class's own ``__setitem__`` / ``extend`` (a tuple: made by ``tuple.__new__``, its instance dict copied)."""
    if tree.kind == "tuple":
        made = tuple.__new__(tree.cls, items)
        if tree.shell:
            _set_tuple_state(made, tree.shell)
        return made
    made = copy.copy(tree.shell)
    if tree.kind == "dict":
        for key, item in zip(tree.keys, items):
            made[key] = item
    else:
        made.extend(items)
    return made


def _leaf_value(builder: GraphBuilder, leaf: Any) -> Value:
    if not isinstance(leaf, (tensor.Tensor, variables.Variable, np.ndarray, np.generic, bool, int, float, complex)):
        raise NotStageable(f"a traced function returned a {type(leaf).__name__}; graph outputs must be tensors, "
                        "arrays or numbers, in tuples, lists or dicts")
    t = tensor.as_tensor(leaf)
    return builder.value_of(*t.ref(), use="returned by the traced function" if builder.parent is None else
                            "an output of a staged `if` or loop body")


# --- tracing ---------------------------------------------------------------------------------------

class Traced(NamedTuple):
    graph: Graph
    out_tree: TreeDef   # out_tree.unflatten(run(graph, ...)) rebuilds what the function returned


class Subgraph(NamedTuple):
    graph: Graph
    captures: tuple     # tensors of the enclosing graph; pass them after the explicit inputs
    out_tree: TreeDef


def _as_spec(x: Any) -> TensorSpec:
    if isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], (tuple, list)):
        return TensorSpec(*x)
    return TensorSpec.from_value(x)


def _record(builder: GraphBuilder, fn: Callable, specs: Sequence[Any]) -> tuple[list[Value], TreeDef]:
    specs = list(map(_as_spec, specs))
    args = [tensor.Tensor(builder.add_input(spec.shape, spec.dtype), builder) for spec in specs]
    identity.note_arguments(builder, args)
    for arg, spec in zip(args, specs):
        if spec.scalar is not None:  # a NumPy scalar or a 0-d array, as the call passed it (TensorSpec.scalar)
            arg._array = tensor.SCALAR_ARGUMENT if spec.scalar else True
    with building(builder):
        leaves, tree = flatten(fn(*args))
        return [_leaf_value(builder, leaf) for leaf in leaves], tree


def _record_outermost(builder: GraphBuilder, fn: Callable, specs: Sequence[Any]) -> tuple[list[Value], TreeDef]:
    """``_record`` for an outermost trace: a limitation the program caught (and went on from) ends it, and so
    does a random generator that drew while tracing outside what the graph stages (numpy_random.watch_trace).
    No ``try`` of the caller's runs inside it (runtime/try_blocks.py): the graph runs where the trace was asked
    for, inside those, which catch what it raises; and one an interrupt left behind never reaches a trace."""
    try_blocks.start_trace()  # (in the trace's own copy of the caller's context)
    limits.start_trace()
    check_generators = numpy_random.watch_trace()
    check_iterators = iterator_watch.watch_trace()
    try:
        recorded = _record(builder, fn, specs)
    except Exception as error:
        # A library's own error in place of a refusal it met (NumPy's "setting an array element with a
        # sequence" for a tensor written into one of its arrays): what the graph cannot do is the answer.
        refused = limits.pending_refusal()
        if refused is None or refused is error or isinstance(error, limits.Limitation):
            raise
        chained = refused in (error.__cause__, error.__context__)
        raise refused.with_traceback(refused.__traceback__) from (None if chained else error)
    refused = limits.pending_refusal()
    if refused is not None:
        raise refused.with_traceback(refused.__traceback__)
    check_generators()
    check_iterators()
    return recorded


def trace(fn: Callable, arg_specs: Sequence[Any], *, optimize: Optional[bool] = None) -> Traced:
    """Record ``fn(*placeholders)`` as a closed graph, one input per spec.

    A spec is a ``TensorSpec``, a ``(shape, dtype)`` pair, or an example array.
    Returns the graph and the structure of the outputs (a nest of tuples, lists
    and dicts; numbers and arrays in it become constants). The graph is optimized
    (runtime/graph/passes, docs/optimizations.md; ``graph.unoptimized`` is the
    graph as recorded) unless ``optimize=False``, or ``optimize=None`` and the
    environment variable ``AUTOGRAPH_OPTIMIZE`` is ``0``."""
    builder = GraphBuilder(parent=None)
    # In a copy of the caller's context: however the trace ends (an interrupt even as its `with` block
    # exits), the caller's context never holds this builder afterwards (Context.run leaves it in C).
    outputs, tree = contextvars.copy_context().run(_record_outermost, builder, fn, arg_specs)
    graph = builder.graph(outputs)
    if optimize if optimize is not None else passes.enabled():
        graph = passes.optimize(graph)
    return Traced(graph, tree)


def trace_subgraph(fn: Callable, inputs: Sequence[Any], *, captures: Sequence[tensor.Tensor] = (),
                   builders: Optional[list] = None) -> Subgraph:
    """Record ``fn(*placeholders)`` as a subgraph of the graph being traced.

    ``inputs`` are specs, Values or tensors (only their types are used). Tensors
    of enclosing graphs that ``fn`` uses are captured: the subgraph's inputs are
    ``inputs`` then the captures, and ``Subgraph.captures`` lists the tensors the
    caller must pass for them. ``captures`` seeds that list, so two branches can
    share one order: trace the second with the first one's captures, then
    ``pad_inputs`` the first with the rest. ``builders``: where to keep the subgraph's builder, which a caller
    reads when ``fn`` raises (the nodes a branch made before its ``raise``: control_flow._stage_raise)."""
    builder = GraphBuilder(parent=current_builder())
    if builders is not None:
        builders.append(builder)
    for t in captures:
        builder.value_of(*t.ref())
    try:
        outputs, tree = _record(builder, fn, inputs)
    except SystemExit as error:
        # A block staged here (a branch of a staged `if`, a staged loop's body) is traced whether or not it runs
        # when the graph runs: its `sys.exit()` would end the process now, where eager code exits only if it runs.
        code = ", ".join(map(repr, error.args))
        raise NotStageable(
            f"{innermost_user_site(error)}: sys.exit() (SystemExit({code})) in a block a graph traces whether or not "
            "it runs (a branch of a staged `if`, the body of a staged loop): it would end the process now, while "
            "tracing. Raise an exception there instead (a graph raises it when the block runs), or decide "
            "to exit outside the traced function") from None
    return Subgraph(builder.graph(outputs), tuple(tensor.Tensor(v, b) for v, b in builder.captured), tree)


def pad_inputs(graph: Graph, extra: Sequence[Any]) -> Graph:
    """``graph`` with unused inputs appended, typed like ``extra`` (tensors, Values or specs)."""
    added = tuple(Value(spec.shape, spec.dtype) for spec in map(_as_spec, extra))
    return Graph(graph.inputs + added, graph.nodes, graph.outputs)
