"""Graph figures: staging time, the interpreter's cost per node, and the workloads as graphs vs NumPy eager."""

from __future__ import annotations

import types

import numpy as np

import autograph
from benchmarks import workloads
from benchmarks.timing import Row, clear_converter_caches, cold, compare, fmt_time, row
from runtime.graph import interpreter, unroll_limit

CHAIN_NODES = 1000
STAGING_REPEAT = 20


def chain(x):
    for _ in range(CHAIN_NODES):
        x = x + 1.0
    return x


def fresh(fn: types.FunctionType) -> types.FunctionType:
    """A new function object with ``fn``'s code, defaults and keyword-only defaults: JAX caches traces per
    function object. A callable with no code of its own (a twin the library jits itself, with its static
    arguments) is jitted afresh from a fresh copy of the function it wraps, with its static arguments: staging
    it otherwise reads the inner jit's cached trace (lightweight_mmm's ``_adstock``: 633 µs, a cache hit, at stop
    45). (``_jit_info`` is JAX's; a callable without it is itself.)"""
    if not isinstance(fn, types.FunctionType):
        wrapped, info = getattr(fn, "__wrapped__", None), getattr(fn, "_jit_info", None)
        if isinstance(wrapped, types.FunctionType) and info is not None:
            import jax

            return jax.jit(fresh(wrapped), static_argnums=info.static_argnums, static_argnames=info.static_argnames)
        return fn
    made = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)
    made.__kwdefaults__ = fn.__kwdefaults__
    return made


def staging_time() -> float:
    """Convert + trace ``if_and_while`` into a graph: a fresh Function, converter caches cleared."""
    spec = autograph.TensorSpec((1000,), np.float64)
    return cold(lambda: autograph.function(workloads.if_and_while).get_concrete_function(spec),
                clear_converter_caches, repeat=STAGING_REPEAT)


def lax_staging_time(lax_fn: types.FunctionType, args: tuple, static: tuple = ()) -> float:
    """``jax.make_jaxpr`` of the hand-written lax version (a fresh function object each time)."""
    import jax

    with jax.enable_x64(True):
        return cold(lambda: jax.make_jaxpr(fresh(lax_fn), static_argnums=static)(*args), lambda: None,
                    repeat=STAGING_REPEAT)


def per_node() -> tuple[float, float]:
    """(interpreter seconds per node, the add kernel's own seconds per call) on a chain of scalar adds."""
    with unroll_limit(None):  # (the chain of adds, unrolled: a 1000-step loop past the limit is one loop node now)
        concrete = autograph.function(chain).get_concrete_function(autograph.TensorSpec((), np.float64))
    assert [n.op for n in interpreter.prune(concrete.graph)].count("add") == CHAIN_NODES
    graph = (interpreter.run, (concrete.graph, [np.array(1.0)]))
    # The kernel alone: the same adds as straight-line code, no interpreter around them.
    source = "def kernels(x):\n" + "    x = add(x, one)\n" * CHAIN_NODES + "    return x\n"
    namespace = {"add": interpreter.NUMPY_KERNELS["add"], "one": np.float64(1.0)}
    exec(compile(source, "<benchmark kernels>", "exec"), namespace)
    graph_time, kernel_time = compare(graph, (namespace["kernels"], (np.float64(1.0),)))
    return graph_time / CHAIN_NODES, kernel_time / CHAIN_NODES


class TracedModel(workloads.SequentialModel):
    """The tutorial's form of the layers workload: the class's ``call`` wrapped with ``autograph.function``."""

    call = autograph.function(workloads.SequentialModel.call)


def _graph_of(load: workloads.Workload) -> autograph.Function:
    """The Function timed for ``load``: the layers as a method of a traced class, the rest wrapped as they are."""
    if load.numpy_fn is workloads.layers:
        return TracedModel().call
    return autograph.function(load.numpy_fn)


def run() -> tuple[list[Row], list[str]]:
    rows, notes = [], []
    staging = staging_time()
    if workloads.jax is None:
        rows.append(row("staging if + while (convert + trace)", staging, target="≤ 3 ms (TF 45 ms)", limit=3e-3,
                        on="ours"))
        notes.append("jax is not installed: no make_jaxpr peer")
    else:
        spec = workloads.jax.ShapeDtypeStruct((1000,), np.float64)
        peer = lax_staging_time(workloads.if_and_while_lax, (spec,))
        rows.append(row("staging if + while: ours ÷ make_jaxpr(lax)", staging, peer, target="≤ 3 ms (TF 45 ms)",
                        limit=3e-3, on="ours"))
    node, kernel = per_node()
    rows.append(Row(f"interpreter per node ({CHAIN_NODES} scalar adds)", fmt_time(node), fmt_time(kernel),
                    f"{fmt_time(node - kernel)} over", "≤ 1 µs over", node - kernel <= 1e-6))
    for load in workloads.WORKLOADS:
        args = load.make_args()
        graph = _graph_of(load)
        np.testing.assert_allclose(graph(*args), load.numpy_fn(*args), rtol=1e-9)
        tensors = [a for a in args if isinstance(a, (np.ndarray, np.generic))]
        eager, ours, only = compare((load.numpy_fn, args), (graph, args),
                                    (interpreter.run, (graph.concrete_functions[0].graph, tensors)),
                                    min_time=0.01, rounds=5)
        rows.append(row(f"{load.name}: graph ÷ NumPy eager", ours, eager, target="≤ 1.2x", limit=1.2))
        extra = "within noise" if ours - only < 0.02 * ours else fmt_time(ours - only)
        notes.append(f"{load.name}: interpreter.run alone {fmt_time(only)}; the Function call adds {extra}")
    notes.insert(0, f"staging: min of {STAGING_REPEAT}; both on float64[1000] (JAX with x64 on); "
                    "per node: baseline = the add kernel called from straight-line code")
    return rows, notes
