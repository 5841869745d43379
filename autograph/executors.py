"""What runs a traced graph: ``executor="numpy"``, ``"jax"``, or ``"auto"`` (the faster of the two).

    run = executor_for(graph, "auto")
    outputs = run(graph, inputs)      # like interpreter.run: a tuple of NumPy arrays
    run.choice                        # None while trying, then "numpy" or "jax"

The ``auto`` rule, per concrete function (one graph): where JAX is not installed, or the graph
does not compile with JAX, it is the interpreter, silently. Otherwise the first call runs on the
interpreter and compiles the JAX version ahead (``jax.jit(...).lower(...).compile()``); the second
call runs JAX once untimed (its first run pays for transfers and caches); the next
``2 * TRIALS`` calls alternate between the two, timed; from then on every call runs on the one whose
fastest trial was faster. Every call returns the real result, trials included, in the same dtypes
on both executors (``executor="jax"`` runs with 64-bit types on; a trial whose JAX outputs differ in
dtype or shape from the graph's makes the choice the interpreter). Values may differ in the last bits
where XLA rounds floating point differently (docs/functions.md says so).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Optional, Sequence

from runtime.graph import interpreter
from runtime.graph.ir import Graph

TRIALS = 5  # timed calls of each executor before ``auto`` decides

Executor = Callable[[Graph, Sequence[Any]], tuple]


def jax_run() -> Executor:
    """``runtime.jax.lowering.run``, importing JAX (or saying how to install it) only when asked for."""
    from runtime import jax as jax_runtime

    jax_runtime.require()
    from runtime.jax import lowering

    return lowering.run


def executor_for(graph: Graph, executor: str) -> Executor:
    """The function that runs ``graph``'s calls for ``executor`` ("numpy", "jax" or "auto")."""
    if executor == "jax":
        return jax_run()
    if executor == "auto":
        return AutoExecutor(graph)
    return interpreter.run


def _jax_available() -> bool:
    try:
        import jax  # noqa: F401
    except ImportError:
        return False
    return True


class AutoExecutor:
    """Runs one graph on the interpreter or on JAX, whichever its first calls measured faster (module doc)."""

    def __init__(self, graph: Graph) -> None:
        self.choice: Optional[str] = None if _jax_available() else "numpy"
        self.calls = 0
        self.times: dict[str, float] = {"numpy": float("inf"), "jax": float("inf")}
        self._jax: Optional[Executor] = None
        self._graph = graph

    def __call__(self, graph: Graph, inputs: Sequence[Any]) -> tuple:
        if self.choice == "numpy":
            return interpreter.run(graph, inputs)
        if self.choice == "jax":
            return self._jax(graph, inputs)
        return self._trial(graph, inputs)

    def _trial(self, graph: Graph, inputs: Sequence[Any]) -> tuple:
        self.calls += 1
        if self.calls == 1:
            outputs = interpreter.run(graph, inputs)
            if not self._compile(graph, inputs):
                self.choice = "numpy"
            return outputs
        if self.calls == 2:
            outputs = self._jax(graph, inputs)
            if any(o.dtype != v.dtype or len(o.shape) != len(v.shape) for o, v in zip(outputs, graph.outputs)):
                self.choice = "numpy"  # never a result another executor would not give
            return outputs
        name = "jax" if self.calls % 2 else "numpy"
        run = self._jax if name == "jax" else interpreter.run
        start = time.perf_counter()
        outputs = run(graph, inputs)
        self.times[name] = min(self.times[name], time.perf_counter() - start)
        if self.calls >= 2 + 2 * TRIALS:
            self.choice = min(self.times, key=self.times.get)
        return outputs

    def _compile(self, graph: Graph, inputs: Sequence[Any]) -> bool:
        """Lower and compile the graph with JAX now, without running it; False if it does not compile."""
        import jax
        import numpy as np

        from runtime.jax import lowering

        try:
            lowered = lowering.lower(graph)
            args = tuple(interpreter.check_input(i, x, v) if not isinstance(x, np.ndarray) else x
                         for i, (x, v) in enumerate(zip(inputs, graph.inputs)))
            with jax.enable_x64(True):
                lowered.jitted.lower(args, tuple(v._value for v in lowered.variables)).compile()
        except Exception:  # an op JAX cannot lower, or a JAX limit: the interpreter runs every call
            return False
        self._jax = lowering.run
        return True
