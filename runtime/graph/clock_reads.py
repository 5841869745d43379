"""The clock in a traced function: a ``clock`` node that reads it each time the graph runs.

Before (traced)::

    def f(x, budget):
        start = time.perf_counter()
        while np.max(np.abs(x)) > 1e-9 and time.perf_counter() - start < budget:
            x = x / 2
        return x, time.time()

After (the graph)::

    a:f64[] = clock[clock='time.perf_counter']
    ... while_loop: its test reads clock[clock='time.perf_counter'] at every iteration ...
    c:f64[] = clock[clock='time.time']

The converter sends every callee that reads the clock or the system's randomness through ``ag__.call``, which hands
it here while a graph is traced (runtime/clock_calls.py, ``GraphBackend.varying_call``). A clock that returns a
number becomes a ``clock`` node (runtime/graph/ops_clock.py), whose value is a ``PyNumber``: a Python float (int
for the ``_ns`` clocks) known when the graph runs, which promotes weakly as the number would (``x32 + time.time()``
is float32). ``np.datetime64("now")`` (``"today"``, with a unit or not) is
a ``clock`` node too, whose value is the datetime64 NumPy reads when the graph runs. What a graph value cannot hold
is refused with a ``NotStageable`` naming the user's line:
``datetime.now()``, ``date.today()``, ``os.urandom(n)``, ``uuid.uuid4()``, and ``time.localtime()``,
``time.strftime(fmt)`` and the other formatting functions when they read the time now (given a time, they are
functions of it and run while tracing, as any Python call).
"""

from __future__ import annotations

from typing import Any, Callable

from runtime.clock_calls import ADVANCE, CLOCKS, DATETIME64, refusing
from runtime.graph import iterator_watch, tensor
from runtime.graph.tensor import PyNumber


def varying_call(f: Callable) -> Callable:
    """The graph backend's answer for ``ag__.call(f)`` of a read of the clock or of the system's randomness
    (runtime/clock_calls.py): a callable that stages the read, or one that refuses it."""
    if f is ADVANCE:  # next(it): noted for the trace's end (runtime/graph/iterator_watch.py)
        return iterator_watch.advance
    if f is DATETIME64:  # np.datetime64("now"[, unit]) (calls.py hands only those here)
        def read_datetime(*args: Any, **kwargs: Any) -> Any:
            DATETIME64(*args, **kwargs)  # NumPy's own error for a wrong unit or a keyword, while tracing
            reading = tensor.bind1("clock", (), clock="np.datetime64", args=tuple(args))
            reading._array = False  # (a NumPy scalar, as NumPy's)
            return reading
        return read_datetime
    entry = CLOCKS.get(id(f))
    if entry is not None:
        name = entry[0]

        def read(*args: Any, **kwargs: Any) -> PyNumber:
            if args or kwargs:
                f(*args, **kwargs)  # Python's own TypeError: the clocks take no arguments
            return PyNumber.of(tensor.bind1("clock", (), clock=name))
        return read

    return refusing(f, "inside a traced function is not supported in graphs: it would be read once, while tracing, "
                       "and the graph would return that value at every call, where eager code reads a new one. Read it "
                       "outside the function and pass it in as an argument (a graph holds numbers: time.time() and "
                       "time.perf_counter() are read each time the graph runs).")
