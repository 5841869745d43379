"""Running a graph on NumPy: ``run(graph, inputs)``.

The interpreter runs one NumPy kernel per op (``NUMPY_KERNELS``). Each graph is
compiled once (cached on the graph) into a *program*: one generated Python
function whose local variables are the graph's values, one line per node, each
value deleted after its last use (runtime/graph/program.py). After a failure, and
in tests, nodes run one at a time as small closures ``step(env)`` over a list of
slots (``kernels.step``). Independent heavy branches may run on a thread pool
(runtime/graph/parallel.py).

Execution is non-strict: a program holds only the nodes the outputs need plus
every stateful node (variable reads and writes, ``print``, ``assert``), in the
order they were traced. So an unused out-of-bounds ``np.take`` never runs. Nodes
that a program calls for their error run too (``ops.must_run``): linear algebra
that raises on values alone, and a node made inside a running ``try``.
"""

from __future__ import annotations

import os
import warnings
from typing import Any, Callable, Optional, Sequence

import numpy as np

from runtime.graph import kernels, program
from runtime.graph.ir import Graph, Value
from runtime.graph.kernels import NUMPY_KERNELS, assertion_error, loop_invariant, prune
from runtime.staging import NotStageable, hide_library_frames

__all__ = ["NUMPY_KERNELS", "assertion_error", "check_input", "compile_graph", "parallel_enabled", "prune", "run",
           "runner"]
_loop_invariant = loop_invariant  # the name the tests know


def _cond(pred: Any, *operands: Any, true_graph: Graph, false_graph: Graph) -> tuple:
    return compile_graph(true_graph if pred else false_graph)(operands)


def _while_loop(*args: Any, cond_graph: Graph, body_graph: Graph) -> tuple:
    return program.compile_loop(cond_graph, body_graph, parallel_enabled())(args)


# Control flow runs compiled subgraphs (the compiled programs call them directly, not through here).
NUMPY_KERNELS["cond"] = _cond
NUMPY_KERNELS["while_loop"] = _while_loop

ENV_SWITCH = "AUTOGRAPH_PARALLEL"


def parallel_enabled() -> bool:
    """Whether graphs compiled from now on may run independent heavy branches on a thread pool: yes,
    unless the environment variable ``AUTOGRAPH_PARALLEL`` is ``0``/``false``/``off``/``no``."""
    return os.environ.get(ENV_SWITCH, "1").strip().lower() not in ("0", "false", "off", "no")


def compile_graph(graph: Graph, parallel: Optional[bool] = None) -> Callable[[Sequence[Any]], tuple]:
    """``program(inputs) -> outputs`` for ``graph``, built once and cached on the graph
    (runtime/graph/program.py). ``parallel`` lets independent heavy branches run on a thread pool
    (runtime/graph/parallel.py); ``None`` asks ``AUTOGRAPH_PARALLEL`` (see ``parallel_enabled``)."""
    compiled = graph._cache.get(("numpy", parallel))
    if compiled is None:
        compiled = program.compile_program(graph, parallel_enabled() if parallel is None else parallel)
        graph._cache[("numpy", parallel)] = compiled
    return compiled


def run(graph: Graph, inputs: Sequence[Any], *, parallel: Optional[bool] = None) -> tuple:
    """Run ``graph`` on NumPy arrays (or numbers), returning its outputs as a tuple. ``parallel=False``
    runs every node on the calling thread; ``None`` (the default) asks ``AUTOGRAPH_PARALLEL`` when
    the graph is first run (docs/optimizations.md, "Independent branches on a thread pool")."""
    if len(inputs) != len(graph.inputs):
        raise NotStageable(f"the graph takes {len(graph.inputs)} inputs, got {len(inputs)}")
    args = [x if type(x) is np.ndarray and x.dtype == v.dtype and x.shape == v.shape else check_input(i, x, v)
            for i, (x, v) in enumerate(zip(inputs, graph.inputs))]
    filters = warnings.filters
    if not filters or filters[0] is not kernels.FILTER[0]:
        kernels.own_warnings()
    try:
        return compile_graph(graph, parallel)(args)
    except Exception as error:
        if getattr(error, kernels.LOCATED, False):  # its note names the user's line: the interpreter's frames go
            hide_library_frames(error, named_elsewhere=True)
        raise


def runner(graph: Graph) -> Callable[[Sequence[Any]], tuple]:
    """``run(graph, ·)`` for a caller that has already keyed its inputs by shape and dtype (an
    ``autograph.function`` call): NumPy arrays go in unchecked, anything else (a NumPy scalar, a JAX
    array) is converted and checked as ``run`` does. Saves ``run``'s check of every input, a
    microsecond of a call that runs a small graph in a few. The caller must not pass an array of
    another shape or dtype than the graph's input: nothing here would notice."""
    compiled: list = []  # the program, compiled (and cached on the graph) at the first call

    def run(inputs: Sequence[Any]) -> tuple:  # named as run is (a Function call drops its entry: staging.leave_library)
        for x in inputs:
            if x.__class__ is not np.ndarray:
                inputs = [x if type(x) is np.ndarray else check_input(i, x, v)
                          for i, (x, v) in enumerate(zip(inputs, graph.inputs))]
                break
        filters = warnings.filters
        if not filters or filters[0] is not kernels.FILTER[0]:
            kernels.own_warnings()
        try:
            return (compiled[0] if compiled else _first(compiled, graph))(inputs)
        except Exception as error:
            if getattr(error, kernels.LOCATED, False):  # as in run
                hide_library_frames(error, named_elsewhere=True)
            raise
    return run


def _first(compiled: list, graph: Graph) -> Callable[[Sequence[Any]], tuple]:
    compiled.append(compile_graph(graph))
    return compiled[0]


def check_input(i: int, x: Any, param: Value) -> Any:
    if isinstance(x, np.generic) and x.dtype == param.dtype and not param.shape:
        # A NumPy scalar stays one, as eager code holds it: NumPy's `**` of scalars is its scalar math (libm's pow),
        # of a 0-d array its ufunc loop, which rounds otherwise on CPUs with AVX-512 (a float32 power one ulp off)
        return x
    array = np.asarray(x, dtype=param.dtype if isinstance(x, (bool, int, float, complex)) else None)
    if array.dtype != param.dtype:
        raise TypeError(f"input {i} must be {param.type_str}, got a {array.dtype.name} array")
    if array.ndim != len(param.shape) or any(d is not None and d != a for a, d in zip(array.shape, param.shape)):
        raise ValueError(f"input {i} must be {param.type_str}, got shape {array.shape}")
    return array
