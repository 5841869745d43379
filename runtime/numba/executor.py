"""The numba executor: a graph's generated function (runtime/numba/lowering.py) compiled with ``numba.njit``,
called with the graph's inputs; the interpreter where it does not lower, compile, or take the inputs.

    run = executor(graph)        # NumbaExecutor: what executor="numba" runs per concrete function
    run(inputs)                  # a tuple of NumPy arrays, the interpreter's bits and dtypes
    run.choice, run.fallback     # "numba" and None, or "numpy" and why

``lower(graph)`` is the ``Compiled`` function (cached on the graph: one compile per graph), or raises
``Unsupported``. Its call takes C-contiguous arrays (the lowering wrote the code for C inputs' strides:
layouts decide NumPy's BLAS calls and summation order), passes rank-0 inputs as scalars and constant
arrays as arguments, and checks each output's dtype and shape against the graph's (a mismatch is never
returned: the executor then runs that graph on the interpreter for good).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from runtime.graph import error_state, interpreter
from runtime.graph.ir import Graph
from runtime.numba import lowering
from runtime.numba.lowering import Unsupported

_HELPERS: list = []  # the generated code's globals (lowering.helpers()), made once: they import numba


class Compiled:
    """A graph as one generated function, ``numba.njit``-compiled at its first call (or ``compile``).
    ``source`` is the generated code; ``call(inputs)`` runs it on inputs that fit the graph's (unchecked),
    returning NumPy arrays of the graph's output dtypes."""

    def __init__(self, graph: Graph) -> None:
        import numba

        self.graph = graph
        self.source, self.constants, self._read_only = lowering.write(graph)
        if not _HELPERS:
            _HELPERS.append(lowering.helpers())
        namespace = dict(_HELPERS[0])
        exec(compile(self.source, "<numba graph>", "exec"), namespace)  # noqa: S102  (our own generated code)
        self.jitted = numba.njit(error_model="numpy")(namespace["graph"])
        self._scalar_inputs = [i for i, v in enumerate(graph.inputs) if not v.shape]
        self._outputs = [(v.dtype, v.shape) for v in graph.outputs]

    def arguments(self, inputs: Sequence[Any]) -> Optional[list]:
        """The jitted function's arguments: scalars for rank-0 inputs, writable arrays, then the constants; None
        for an input that is not C-contiguous (the code was written for C inputs' strides: see ``C``)."""
        args = [x if x.__class__ is np.ndarray and x.flags.writeable else np.array(x) for x in inputs]
        if not all(x.flags.c_contiguous for x in args):
            return None
        for i in self._scalar_inputs:
            args[i] = args[i][()]
        return args + self.constants

    def call(self, inputs: Sequence[Any]) -> Optional[tuple]:
        """The outputs, or None for inputs the compiled code does not take (not C-contiguous)."""
        args = self.arguments(inputs)
        if args is None:
            return None
        results = self.jitted(*args)
        outputs = []
        for x, (dtype, shape) in zip(results, self._outputs):
            if x.__class__ is not np.ndarray:
                x = np.asarray(x, dtype)
            if x.dtype != dtype or x.shape != shape:  # never a result of another type than the interpreter's
                raise Unsupported(f"numba gave {x.dtype.name}{list(x.shape)} where the graph says "
                                  f"{dtype.name}{list(shape)}")
            outputs.append(x)
        for i in self._read_only:  # a constant (or a view of one) on this run: read-only, as the interpreter's
            x = outputs[i]
            if any(np.may_share_memory(x, c) for c in self.constants):
                outputs[i] = x = x.view()  # (numba may return the constant argument itself: never its flag changed)
                x.flags.writeable = False
        return tuple(outputs)

    def compile(self, inputs: Sequence[Any]) -> None:
        """Compile for these inputs' types now, without running."""
        import numba

        args = self.arguments([np.asarray(x, order="C") for x in inputs])
        self.jitted.compile(tuple(numba.typeof(x) for x in args))


def lower(graph: Graph) -> Compiled:
    """The graph as a ``Compiled`` function (not compiled yet), built once and cached on the graph; raises
    ``Unsupported`` (cached too) for a graph it cannot lower."""
    cached = graph._cache.get("numba")
    if cached is None:
        try:
            cached = Compiled(graph)
        except Unsupported as error:
            cached = error
        except Exception as error:  # noqa: BLE001  (a rule's own bug: this graph runs on the interpreter, said why)
            cached = Unsupported(f"the numba lowering failed on this graph ({type(error).__name__}: {error})")
        graph._cache["numba"] = cached
    if isinstance(cached, Unsupported):
        raise cached
    return cached


class NumbaExecutor:
    """``executor="numba"`` for one graph: the compiled graph where it lowers and compiles, the interpreter where
    not. ``fallback`` is None while the compiled graph runs every call, else why the interpreter runs it (the
    op without a rule, numba's compile error); a call that raises in compiled code runs again on the
    interpreter (which raises NumPy's own error) and leaves ``fallback`` as it was."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.fallback: Optional[str] = None
        self._numpy = interpreter.runner(graph)
        self.compiled: Optional[Compiled] = None
        try:
            self.compiled = lower(graph)
        except Unsupported as error:
            self.fallback = str(error)

    @property
    def choice(self) -> str:
        """What runs the calls now: "numba", or "numpy" (the interpreter; ``fallback`` says why)."""
        return "numpy" if self.compiled is None else "numba"

    def compile(self, inputs: Sequence[Any]) -> bool:
        """Compile now for these inputs (without running); False, with ``fallback`` set, if numba cannot."""
        if self.compiled is None:
            return False
        try:
            self.compiled.compile(inputs)
        except Exception as error:  # noqa: BLE001  (numba's typing or lowering errors: the interpreter runs it)
            self._give_up(error)
            return False
        return True

    def _give_up(self, error: BaseException) -> None:
        self.compiled = None
        first = str(error).strip().splitlines()
        self.fallback = f"numba could not compile the graph ({type(error).__name__}: {first[0] if first else ''})"

    def __call__(self, inputs: Sequence[Any]) -> tuple:
        compiled = self.compiled
        if compiled is None or not error_state.quiet_now(self.graph):
            # (compiled code signals no floating-point error: a call whose error state asks to raise, call or log
            # one runs on the interpreter, which does as NumPy does; runtime/graph/error_state.py)
            return self._numpy(inputs)
        try:
            outputs = compiled.call(inputs)
            if outputs is not None:
                return outputs
        except Unsupported as error:  # a result of another type: never returned; this graph runs on NumPy now
            self.compiled, self.fallback = None, str(error)
        except Exception as error:  # noqa: BLE001
            import numba

            if isinstance(error, numba.core.errors.NumbaError):  # (a compile error at a call of new types)
                self._give_up(error)
        return self._numpy(inputs)  # NumPy's own result, or its own error at the user's line


def executor(graph: Graph) -> NumbaExecutor:
    """The ``executor="numba"`` run of ``graph`` (autograph/executors.py)."""
    return NumbaExecutor(graph)


def run(graph: Graph, inputs: Sequence[Any]) -> tuple:
    """Like ``interpreter.run``, compiled with numba (raises ``Unsupported`` for a graph it cannot lower)."""
    args = [np.asarray(interpreter.check_input(i, x, v), order="C")
            for i, (x, v) in enumerate(zip(inputs, graph.inputs))]
    return lower(graph).call(args)
