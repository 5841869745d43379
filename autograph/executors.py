"""What runs a traced graph: ``executor="numpy"``, ``"jax"``, ``"numba"``, or ``"auto"`` (the fastest of them).

    run = executor_for(graph, "auto")
    outputs = run(inputs)             # like interpreter.run(graph, inputs): a tuple of NumPy arrays
    run.choice                        # None while trying, then "numpy", "jax" or "numba"

An executor is bound to its graph and takes the graph's inputs only: what a ``Function`` passes after
keying them (arrays of the traced dtypes and shapes), so neither checks them again
(``interpreter.runner``, ``Lowered.call``): a call costs little more than the graph's own run, or
``jax.jit``'s own dispatch.

The ``auto`` rule, per concrete function (one graph): where JAX is not installed, or the graph
does not compile with JAX, it is the interpreter, silently. Otherwise the first call runs on the
interpreter and compiles the JAX version ahead (``jax.jit(...).lower(...).compile()``); the second
call runs JAX once untimed (its first run pays for transfers and caches); the next
``TRIAL_CALLS`` calls run in rounds of ``JAX_RUN`` calls in a row on JAX, then two on the interpreter,
the last call of each run timed (``TRIALS`` timed calls each); from then on every call runs on the one
whose median trial was faster. The median, not the fastest: a JAX call's time spreads wide (for
``halve`` on float64[1000] on the 2-core machine of stop 26, p10 10.6 µs and p50 17 µs, against the
interpreter's steady 16 µs), so the fastest of five JAX trials chose JAX in 2 of 4 fresh Functions
where a loop of its calls ran 1.3x slower than the interpreter's. Runs, because each executor is
timed as it will run once chosen, call after call: a JAX call right after interpreter calls is
slower than one after other JAX calls (XLA's worker threads have gone to sleep, and on this virtual
machine waking one costs ~80 µs). For
``while np.sum(x) > 1: x = x / 2`` on float64[1000] on the 2-core machine with its second core free,
JAX runs 49-50 µs a call in a loop and the interpreter 60-62 µs, yet JAX measured 70-150 µs as the
second of two calls in a row: trials of runs of 2 chose JAX in 1 of 6 fresh Functions, runs of 4 in 3,
runs of 6 in 6 (docs/benchmarks.md). Where the second core is busy, JAX stays at ~140 µs however it
is called, and every run length chooses the interpreter.
Where numba is installed and the graph lowers to it (runtime/numba/lowering.py: every op has a rule that gives
NumPy's bits), the first call compiles it too, ahead, and each round adds ``NUMBA_RUN`` numba calls after the
interpreter's, the last one timed: the trial then takes ``NUMBA_TRIAL_CALLS`` calls more, and the choice is the
fastest median of three (``AutoExecutor.trial_calls`` counts them). A graph numba does not lower leaves numba out
of the trial, silently; ``AutoExecutor.numba_fallback`` says why. (Compiling with numba takes seconds, once per
trace: a Function whose traces are many and short-lived may prefer executor="numpy" or "jax".)
Every call returns the real result, trials included, in the same dtypes
on both executors (``executor="jax"`` runs with 64-bit types on; a trial whose JAX outputs differ in
dtype or shape from the graph's makes the choice the interpreter). Values may differ in the last bits
where XLA rounds floating point differently (docs/functions.md says so).
"""

from __future__ import annotations

import statistics
import threading
import time
from typing import Any, Callable, Optional, Sequence

import numpy as np

from runtime.graph import error_state, interpreter
from runtime.graph.ir import Graph
from runtime.limits import OrderDependentOverflow

TRIALS = 5  # timed calls of each executor before ``auto`` decides
JAX_RUN = 6  # JAX calls in a row in each round, the last one timed (the module docstring says why)
NUMPY_RUN = 2  # interpreter calls in a row in each round, the last one timed
TRIAL_CALLS = (JAX_RUN + NUMPY_RUN) * TRIALS  # the calls those take, after the first two
NUMBA_RUN = 2  # numba calls in a row in each round, the last one timed (compiled code: no threads to wake)
NUMBA_TRIAL_CALLS = NUMBA_RUN * TRIALS  # the calls numba adds to a trial where it compiled

Executor = Callable[[Sequence[Any]], tuple]  # the graph's inputs -> its outputs, NumPy arrays


def jax_executor(graph: Graph) -> Executor:
    """``runtime.jax.lowering.lower(graph).call``, importing JAX (or saying how to install it) only when
    asked for. Lowering is lazy: JAX traces and compiles the graph at the first call."""
    from runtime import jax as jax_runtime

    jax_runtime.require()
    from runtime.jax import lowering

    lowered = lowering.lower(graph)
    run = error_state.quiet_only(lowered.call, graph, "jax")  # XLA signals no floating-point error
    if lowered.call_single is not None:
        run.single = error_state.quiet_only(lowered.call_single, graph, "jax")
    return run


def numba_executor(graph: Graph) -> Executor:
    """``runtime.numba.executor.executor(graph)``: the graph compiled with numba where every op has a rule, else the
    interpreter (its ``fallback`` says why). Imports numba (or says how to install it) only when asked for."""
    from runtime import numba as numba_runtime

    numba_runtime.require()
    from runtime.numba.executor import executor

    return executor(graph)


def executor_for(graph: Graph, executor: str) -> Executor:
    """The function that runs ``graph``'s calls for ``executor`` ("numpy", "jax", "numba" or "auto")."""
    if executor == "jax":
        return jax_executor(graph)
    if executor == "numba":
        return numba_executor(graph)
    if executor == "auto":
        return AutoExecutor(graph)
    return interpreter.runner(graph)


def single_output(execute: Executor) -> Callable[[Sequence[Any]], np.ndarray]:
    """For a graph of one output, ``execute`` as a function that returns that output as a NumPy array (a
    ``Function``'s whole run). An executor that has such a function already names it ``execute.single``
    (``Lowered.call`` of a graph without state: ``Lowered.call_single``, the shortest path to ``jax.jit``'s
    dispatch, one frame and one tuple less per call); others get a wrapper."""
    single = getattr(execute, "single", None)
    if single is not None:
        return single
    asarray, ndarray = np.asarray, np.ndarray

    def run(inputs: Sequence[Any]) -> np.ndarray:
        out = execute(inputs)[0]
        return out if out.__class__ is ndarray else asarray(out)
    return run


def _jax_available() -> bool:
    from runtime import jax as jax_runtime

    try:
        jax_runtime.import_jax()  # (NumPy's global generator left as it was)
    except ImportError:
        return False
    return True


def _numba_available() -> bool:
    from runtime import numba as numba_runtime

    return numba_runtime.available()


class AutoExecutor:
    """Runs one graph on the interpreter, on JAX or compiled with numba, whichever its first calls measured
    fastest (module doc)."""

    def __init__(self, graph: Graph) -> None:
        self.choice: Optional[str] = None if _jax_available() or _numba_available() else "numpy"
        self.calls = 0
        self.samples: dict[str, list[float]] = {"numpy": [], "jax": []}  # each executor's timed trial calls
        self.trial_calls = TRIAL_CALLS  # the trial's calls after the first two (more where numba compiled)
        self.numba_fallback: Optional[str] = None  # why numba is not in the trial (None: it is, or not installed)
        self._jax: Optional[Executor] = None
        self._numba: Optional[Executor] = None
        self._rounds: list[tuple[str, int]] = [("jax", JAX_RUN), ("numpy", NUMPY_RUN)]
        self._graph = graph
        self._numpy = interpreter.runner(graph)
        # The trial's calls run one at a time, under this lock: its steps depend on each other (call 2 needs call
        # 1's compiled JAX, the choice every timed call), and a timed run must not share the machine with another
        # trial run. Calls that arrive meanwhile wait for it, then run the next trial step or the choice; once
        # chosen, no call takes it. Re-entrant, in case a graph's run calls back into its own executor.
        self._lock = threading.RLock()
        self._settled = False  # whether ``single`` has been given the choice's own run (once)
        # ``single`` (what single_output takes for a graph of one output): the trials, then the chosen
        # executor's own single-output function, with no frame of this class in between (each step of
        # Python between two XLA dispatches costs several times its own time: docs/benchmarks.md).
        chosen = [self._single_trial if self.choice is None else single_output(self._numpy)]
        # ``decided(choice, own)``, set by a Function whose dispatcher could run this graph (autograph/function.py):
        # called once, when a single-output call's trial has chosen, with the choice and the chosen executor's
        # own single-output run; what it returns runs every such call from then on (for "jax": the run through
        # the Function's dispatcher, one compiled program per shape for every path).
        self.decided: Optional[Callable[[str, Callable], Callable[[Sequence[Any]], np.ndarray]]] = None

        def single(inputs: Sequence[Any]) -> np.ndarray:
            return chosen[0](inputs)
        self.single = single
        self._single_chosen = chosen

    def __call__(self, inputs: Sequence[Any]) -> tuple:
        choice = self.choice  # (set only after ``_jax`` is: "jax" always finds its executor)
        if choice == "numpy" or (choice is not None and not error_state.quiet_now(self._graph)):
            return self._numpy(inputs)  # (compiled code signals no floating-point error: error_state.py)
        if choice == "jax":
            return self._jax(inputs)
        if choice == "numba":
            return self._numba(inputs)
        with self._lock:
            if self.choice is None:  # still on trial once this thread's turn came
                return self._trial(inputs)
        return self(inputs)  # another thread's trial call chose meanwhile

    def _single_trial(self, inputs: Sequence[Any]) -> np.ndarray:
        out = self(inputs)[0]
        if self.choice is not None and not self._settled:  # decided: from now on ``single`` runs the choice's own
            with self._lock:  # one thread gives ``single`` its run, and calls ``decided`` (once)
                settle, self._settled = not self._settled, True
            if settle:  # (outside the lock: ``decided`` takes its Function's; calls meanwhile run the choice too)
                own = single_output({"jax": self._jax, "numba": self._numba}.get(self.choice, self._numpy))
                chosen = own if self.decided is None else self.decided(self.choice, own)
                if self.choice != "numpy":  # (compiled code signals no floating-point error: error_state.py)
                    chosen = error_state.quiet_or(chosen, single_output(self._numpy), self._graph)
                self._single_chosen[0] = chosen
        return out if out.__class__ is np.ndarray else np.asarray(out)

    def _trial(self, inputs: Sequence[Any]) -> tuple:
        graph = self._graph
        if self.calls and not error_state.quiet_now(graph):  # no trial call: compiled code would not signal it
            return self._numpy(inputs)
        self.calls += 1
        if self.calls == 1:
            try:
                outputs = self._numpy(inputs)
            except BaseException:  # (the run's own error, a staged assert: the next call is the first again, not
                self.calls = 0     # a JAX call before anything was compiled)
                raise
            jax_ok = _jax_available() and self._compile(graph, inputs)
            numba_ok = self._compile_numba(graph, inputs)
            self._rounds = [("jax", JAX_RUN)] * jax_ok + [("numpy", NUMPY_RUN)] + [("numba", NUMBA_RUN)] * numba_ok
            self.trial_calls = sum(run for _, run in self._rounds) * TRIALS
            if numba_ok:
                self.samples["numba"] = []
            if not jax_ok:
                self.samples.pop("jax")
            if not (jax_ok or numba_ok):
                self.choice = "numpy"
            return outputs
        if self.calls == 2:  # the first JAX call, untimed (it pays for transfers and caches); else numba's
            if self._jax is None:
                return self._numba(inputs)
            outputs = self._jax(inputs)
            if any(o.dtype != v.dtype or len(o.shape) != len(v.shape) for o, v in zip(outputs, graph.outputs)):
                self._rounds = [r for r in self._rounds if r[0] != "jax"]  # never a result another would not give
                self.samples.pop("jax")
                self.trial_calls -= JAX_RUN * TRIALS
                if len(self._rounds) == 1:
                    self.choice = "numpy"
            return outputs
        name, step, run = self._position((self.calls - 3) % sum(run for _, run in self._rounds))
        execute = {"jax": self._jax, "numpy": self._numpy, "numba": self._numba}[name]
        start = time.perf_counter()
        outputs = execute(inputs)
        if step == run - 1:  # the last call of its run
            self.samples[name].append(time.perf_counter() - start)
        if self.calls >= 2 + self.trial_calls:
            times = self.times
            self.choice = min(times, key=times.get)
        return outputs

    def _position(self, step: int) -> tuple[str, int, int]:
        """Which executor's run the ``step``-th call of a round falls in: (its name, the call's place in the run,
        the run's length)."""
        for name, run in self._rounds:
            if step < run:
                return name, step, run
            step -= run
        raise AssertionError(step)

    @property
    def times(self) -> dict[str, float]:
        """Each executor's median timed trial (infinite before its first)."""
        return {key: statistics.median(samples) if samples else float("inf") for key, samples in self.samples.items()}

    def _compile_numba(self, graph: Graph, inputs: Sequence[Any]) -> bool:
        """Lower and compile the graph with numba now, without running it; False (``numba_fallback`` says why) if
        numba is not installed or the graph does not lower (an op without an exact rule) or compile."""
        if not _numba_available():
            return False
        from runtime.numba.executor import executor

        numba_run = executor(graph)
        if not numba_run.compile(inputs):
            self.numba_fallback = numba_run.fallback
            return False
        self._numba = numba_run
        return True

    def _compile(self, graph: Graph, inputs: Sequence[Any]) -> bool:
        """Lower and compile the graph with JAX now, without running it; False if it does not compile."""
        from runtime.jax import lowering

        try:
            lowered = lowering.lower(graph)
            lowered.compile(inputs)
        except Exception:  # an op JAX cannot lower, or a JAX limit: the interpreter runs every call
            return False
        self._jax = (_numpy_where_order_decides(lowered, self._numpy) if lowered.order_checked
                     and not lowered.has_effects else lowered.call)
        return True


def _numpy_where_order_decides(lowered: Any, numpy_run: Executor) -> Executor:
    """``lowered.call``, but a call whose sum or product XLA would add in an order that decides the answer (near
    overflow: ``OrderDependentOverflow``, runtime/jax/summation_order.py) runs on the interpreter, which gives
    NumPy's. Only for a graph without effects: its run on XLA has done nothing the interpreter's would do again.
    With ``single`` the same around ``lowered.call_single`` (``single_output``), where the graph has one."""
    jax_run = lowered.call

    def run(inputs: Sequence[Any]) -> tuple:
        try:
            return jax_run(inputs)
        except OrderDependentOverflow:
            return numpy_run(inputs)

    jax_single = lowered.call_single
    if jax_single is not None:
        numpy_single = single_output(numpy_run)

        def run_single(inputs: Sequence[Any]) -> np.ndarray:
            try:
                return jax_single(inputs)
            except OrderDependentOverflow:
                return numpy_single(inputs)
        run.single = run_single  # type: ignore[attr-defined]
    return run
