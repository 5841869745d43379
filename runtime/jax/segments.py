"""A graph whose top level holds data-dependent-shape ops, on XLA: compiled stages with NumPy steps between.

XLA fixes every shape, so ``x[mask]``, ``np.unique``, ``np.nonzero`` and the other ops whose output size
depends on the values (runtime/graph/ops_data_dependent.py) cannot sit inside one XLA program. Where such an
op sits at the top level of the graph (not inside a ``cond`` or ``while_loop``), ``Segmented`` cuts the graph
there: each run of other nodes is lowered (runtime/jax/lowering.py) and jit-compiled as any graph is, the
data-dependent op runs the interpreter's NumPy kernel, and values pass between them. So that op's result is
NumPy's by construction, and the compiled stage after it sees a concrete shape: it is compiled per shape, at
most ``SHAPES`` shapes kept per stage (least recently used dropped), so a mask whose count changes every call
recompiles rather than growing without bound.

Before (the graph; ``executor="jax"`` once refused it at the ``getitem``)::

    { lambda a:f64[5] ; let
        b:bool[5] = gt a 0.0
        c:f64[?] = getitem[index=($0)] a b
        d:f64[?] = mul c 2.0
        e:f64[] = sum[axis=None keepdims=False] d
      in (e) }

After (``Segmented(graph).stages``, run in order)::

    xla   [b = gt a 0.0]                 jitted once: a's shape is the graph's
    numpy [c = getitem a b]              the interpreter: NumPy's result, f64[k] for this call's k
    xla   [d = mul c 2.0; e = sum d]     jitted per k (at most SHAPES of them kept)

Each node gets a *level*: the number of NumPy steps its inputs wait for. Stage 2L runs the NumPy nodes of
level L, stage 2L+1 the XLA nodes of level L, so independent nodes share a stage however they were traced.
Effects keep their traced order: a stateful node (a variable write, ``print``, ``assert``) never runs before
a stateful node or NumPy step traced ahead of it, nor a NumPy step (which may raise NumPy's error) before a
stateful node traced ahead of it. Constants, ``arange`` and
``dim`` are recomputed in each stage that uses them, so they stay static values there (a slice bound, a
loop count), as in one program. A data-dependent op inside a ``cond`` or ``while_loop`` body stays refused
at its line (``xla_refusal``): a compiled loop cannot stop to run NumPy.
"""

from __future__ import annotations

import collections
import threading
from typing import Any, Callable, Iterable, Optional, Sequence

import jax
import numpy as np

from runtime.graph import interpreter, ops, shapes
from runtime.graph.ir import Graph, Node, Value
from runtime.graph.ops_data_dependent import DATA_DEPENDENT_OPS
from runtime.limits import Limitation

SHAPES = 8  # compiled shapes kept per XLA stage whose inputs have run-time dims (least recently used dropped)
PROBE = 2  # the length a run-time dim takes when every stage is traced once up front (``check``)
Lower = Callable[[Graph], Any]  # lowering.Lowered: a graph as one jitted JAX function (given, not imported:
# lowering.lower builds a Segmented, so this module sits below it)
_RECOMPUTED = ("constant", "arange", "dim")  # static while lowering: recomputed in each stage that uses them


def numpy_nodes(graph: Graph) -> list[Node]:
    """The top-level nodes of ``graph`` (those it runs) that one XLA program cannot hold: data-dependent ops
    with an input that is not a constant there, and ``getitem`` / ``setitem`` with a boolean mask computed in
    the graph (``x[mask] = scalar`` aside: the lowering writes it with ``jnp.where``). Empty: the graph lowers
    as one program."""
    static: set[Value] = set()  # values the lowering keeps as NumPy constants (runtime/jax/lowering.py)
    found = []
    for node in interpreter.prune(graph):
        if node.op in _RECOMPUTED or (
                node.op in DATA_DEPENDENT_OPS and all(v in static for v in node.inputs)):
            static.update(node.outputs)
        elif node.op in DATA_DEPENDENT_OPS or _traced_mask(node, static):
            found.append(node)
    return found


def _traced_mask(node: Node, static: set) -> bool:
    """Whether ``node`` indexes with a boolean mask that is not a constant, as the lowering's ``getitem`` /
    ``setitem`` rules refuse it (``lowering._traced_masks``)."""
    if node.op not in ("getitem", "setitem"):
        return False
    first = 1 if node.op == "getitem" else 2
    if not any(v.dtype == np.bool_ and v not in static for v in node.inputs[first:]):
        return False
    # x[mask] = scalar: jnp.where, exact, in the program (the lowering's ``_setitem``)
    return not (node.op == "setitem" and node.attrs["index"] == (shapes.Ref(0),) and not node.inputs[1].shape)


class _Stage:
    """Some top-level nodes of the graph, as a closed graph of their own, and how to run it."""

    def __init__(self, on_xla: bool, nodes: list[Node], inputs: list[Value], outputs: list[Value],
                 lower: Lower) -> None:
        self.on_xla, self.lower = on_xla, lower
        self.graph = Graph(tuple(inputs), tuple(nodes), tuple(outputs))
        self.inputs, self.outputs = tuple(inputs), tuple(outputs)
        # Whether an input's shape is known only when the graph runs (after a NumPy step): then one compiled
        # program per shape, at most SHAPES kept.
        self.per_shape = on_xla and any(None in v.shape for v in inputs)
        self._compiled: collections.OrderedDict = collections.OrderedDict()  # shapes -> lowering.Lowered
        self._lock = threading.Lock()  # (calls from several threads share the cache)
        self._run: Optional[Callable[[Sequence[Any]], tuple]] = None

    def __repr__(self) -> str:
        return f"{'xla' if self.on_xla else 'numpy'} [{', '.join(n.op for n in self.graph.nodes)}]"

    def lowered(self, args: Sequence[Any]) -> Any:
        """The stage's ``Lowered`` for these inputs' shapes (one, unless ``per_shape``)."""
        key = tuple(np.shape(x) for x in args) if self.per_shape else ()
        with self._lock:
            found = self._compiled.get(key)
            if found is None:
                found = self._compiled[key] = self.lower(self.graph)  # (its jax.jit compiles at its first call)
                if len(self._compiled) > SHAPES:
                    self._compiled.popitem(last=False)  # the least recently used shape, its program with it
            else:
                self._compiled.move_to_end(key)
        return found

    def __call__(self, args: Sequence[Any]) -> tuple:
        if self.on_xla:
            return self.lowered(args).call(args)
        if self._run is None:
            self._run = interpreter.runner(self.graph)
        return self._run(args)


class Segmented:
    """``graph`` on XLA as stages (the module docstring), with ``Lowered``'s interface: ``call(inputs)`` for
    inputs a ``Function`` keyed, ``segmented(inputs)`` checked, ``compile(inputs)`` ahead. ``single`` is False:
    no one jitted function runs the whole graph (``fn`` raises the refusal of the first NumPy step)."""

    single = False
    call_single = None
    order_checked: set = set()  # (its stages' own: ``Lowered.order_checked``)

    def __init__(self, graph: Graph, numpy_steps: Sequence[Node], lower: Lower) -> None:
        self.graph, self.lower = graph, lower
        self.numpy_steps = tuple(numpy_steps)
        self.stages = _stages(graph, set(numpy_steps), lower)
        self._checked = False
        # Whether a run may have effects before a later stage raises (``Lowered.has_effects``): any state.
        self.has_effects = ops.graph_is_stateful(graph)

    def call(self, inputs: Sequence[Any]) -> tuple:
        """Run the stages in order on ``inputs`` (what a ``Function`` passes after keying them); NumPy outputs."""
        if not self._checked:
            self.check(inputs)
        env = dict(zip(self.graph.inputs, inputs))
        for stage in self.stages:
            env.update(zip(stage.outputs, stage([env[v] for v in stage.inputs])))
        return tuple(np.asarray(env[v]) for v in self.graph.outputs)

    def __call__(self, inputs: Sequence[Any]) -> tuple:
        graph = self.graph
        if len(inputs) != len(graph.inputs):
            raise TypeError(f"the graph takes {len(graph.inputs)} inputs, got {len(inputs)}")
        return self.call([interpreter.check_input(i, x, v) for i, (x, v) in enumerate(zip(inputs, graph.inputs))])

    def check(self, inputs: Sequence[Any]) -> None:
        """Trace every XLA stage once, abstractly (each run-time dim ``PROBE`` long), before anything runs: what
        the lowering refuses (a data-dependent op inside a loop, a random draw) is raised now, at its line, not
        after earlier stages have printed or written variables. Errors that only the probe's made-up lengths
        cause (JAX's own, about shapes) are left for the real run to raise or not."""
        known = {v: np.shape(x) for v, x in zip(self.graph.inputs, inputs)}
        with jax.enable_x64(True):  # (as every call of a Lowered runs)
            for stage in self.stages:
                if not stage.on_xla:
                    continue
                lowered = self.lower(stage.graph)  # (not kept: one trace, no compile)
                specs = [jax.ShapeDtypeStruct(known.get(v) or _probe(v.shape), v.dtype) for v in stage.inputs]
                specs += [jax.ShapeDtypeStruct(np.shape(v._value), np.asarray(v._value).dtype)
                          for v in lowered.variables]
                try:
                    jax.eval_shape(lowered.fn, *specs)
                except Exception as error:  # noqa: BLE001  (only our refusals count here: see the docstring)
                    if isinstance(error, Limitation) and getattr(error, "jax_error", None) is None:
                        raise
        self._checked = True

    def compile(self, inputs: Sequence[Any]) -> None:
        """Check every stage (``check``) and compile, without running, those whose input shapes the graph
        fixes; the stages after a NumPy step compile at their first shape."""
        inputs = [interpreter.check_input(i, x, v) for i, (x, v) in enumerate(zip(inputs, self.graph.inputs))]
        self.check(inputs)
        known = dict(zip(self.graph.inputs, inputs))
        for stage in self.stages:
            if stage.on_xla and not stage.per_shape:
                args = [known.get(v, np.zeros(v.shape, v.dtype)) for v in stage.inputs]
                stage.lowered(args).compile(args)

    def fn(self, *args: Any) -> tuple:
        """One JAX function for the whole graph, as ``Lowered.fn`` (export_stablehlo asks for it): there is none,
        so tracing it raises what the whole graph's lowering raises, the refusal of its first NumPy step at its
        line."""
        return self.lower(self.graph).fn(*args)


def _probe(shape: tuple) -> tuple:
    return tuple(PROBE if d is None else d for d in shape)


def _stages(graph: Graph, numpy_steps: set, lower: Lower) -> list[_Stage]:
    """The graph's live top-level nodes as stages (the module docstring says how they are placed)."""
    live = interpreter.prune(graph)
    producer = {v: node for node in live for v in node.outputs}
    order = {node: i for i, node in enumerate(live)}
    level: dict[Value, int] = {v: 0 for v in graph.inputs}  # a value's level: the stage pair it is made in
    on_numpy: set[Value] = set(graph.inputs)  # values a NumPy step of their level may read (made before it)
    placed: dict[Node, int] = {}
    xla_floor = numpy_floor = 0  # effects in traced order (a stateful node, a NumPy step that may raise)

    def ready(v: Value, for_numpy: bool) -> int:
        """The lowest level at which a node of that kind can read ``v``."""
        node = producer.get(v)
        if node is not None and node.op in _RECOMPUTED:
            return max((ready(x, for_numpy) for x in node.inputs), default=0)
        return level[v] + (1 if for_numpy and v not in on_numpy else 0)

    for node in live:
        if node.op in _RECOMPUTED:
            continue
        numpy = node in numpy_steps
        at = max((ready(v, numpy) for v in node.inputs), default=0)
        if numpy:
            at = max(at, numpy_floor)
            xla_floor = max(xla_floor, at)
            on_numpy.update(node.outputs)
        elif ops.is_stateful(node):
            at = max(at, xla_floor)
            xla_floor, numpy_floor = at, max(numpy_floor, at + 1)
        placed[node] = at
        level.update(dict.fromkeys(node.outputs, at))

    depth = max(placed.values(), default=0) + 1
    groups: list[list[Node]] = [[] for _ in range(2 * depth)]  # stage 2L: NumPy steps of level L; 2L+1: XLA
    for node in live:
        if node in placed:
            groups[2 * placed[node] + (node not in numpy_steps)].append(node)
    # The last stage also makes the graph's outputs that only recomputed nodes give (a constant returned).
    groups[-1] += [producer[v] for v in graph.outputs if v in producer and producer[v].op in _RECOMPUTED]

    made_in = {v: k for k, nodes in enumerate(groups) for node in nodes for v in node.outputs}
    needed: list[list[Value]] = [[] for _ in groups]  # each stage's inputs
    stage_nodes = []
    for k, nodes in enumerate(groups):
        nodes = _with_recomputed(nodes, producer, order)
        stage_nodes.append(nodes)
        defined = {v for node in nodes for v in node.outputs}
        needed[k] = list(dict.fromkeys(v for node in nodes for v in node.inputs if v not in defined))
    later: list[set] = [set() for _ in groups]  # values a stage after k (or the graph's outputs) reads
    wanted = set(graph.outputs)
    for k in range(len(groups) - 1, -1, -1):
        later[k] = set(wanted)
        wanted.update(needed[k])
    stages = []
    for k, nodes in enumerate(stage_nodes):
        if not nodes:
            continue
        outputs = [v for node in nodes for v in node.outputs if v in later[k] and made_in.get(v) == k]
        stages.append(_Stage(k % 2 == 1, nodes, needed[k], outputs, lower))
    return stages


def _with_recomputed(nodes: list[Node], producer: dict, order: dict) -> list[Node]:
    """``nodes`` with the recomputed nodes (constants, ``arange``, ``dim``) their inputs come from, each once,
    all in traced order (``order``: a node's place in it), so each comes after what it reads."""
    own = set(nodes)
    extra: dict[Node, None] = {}

    def add(values: Iterable[Value]) -> None:
        for v in values:
            node = producer.get(v)
            if node is not None and node.op in _RECOMPUTED and node not in own and node not in extra:
                add(node.inputs)
                extra[node] = None

    for node in nodes:
        add(node.inputs)
    return sorted([*extra, *nodes], key=order.__getitem__)
