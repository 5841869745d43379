"""The clock op: a read of one of Python's clocks, made each time the graph runs.

Before (Python, in a traced function)::

    start = time.perf_counter()
    elapsed = time.perf_counter() - start

After (the graph)::

    a:f64[] = clock[clock='time.perf_counter']
    b:f64[] = clock[clock='time.perf_counter']
    c:f64[] = sub b a

* ``clock(; clock)``: ``clock`` names one of the ``time`` module's clocks that return a number
  (runtime/clock_calls.py, ``CLOCKS``: ``time.time``, ``time.perf_counter``, ``time.monotonic_ns``, ...);
  the kernel calls it. Its output is a 0-d float64 (int64 for the ``_ns`` clocks) that stands for the
  Python number (a ``PyNumber``: it promotes weakly, as the float or int would).

A stateful op (``opdefs.OpDef.stateful``): no pass folds, merges, hoists or drops it, and the reads run in the
order they were traced, on the calling thread (runtime/graph/passes/effects.py). Its JAX lowering refuses
(runtime/jax/lowering.py): XLA reads no clock. A saved graph names the clock; the loader takes only these names.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from runtime.clock_calls import CLOCKS
from runtime.graph.opdefs import define

# name -> the clock function: the only functions a clock node (a loaded one too) may call.
CLOCK_FUNCTIONS = {name: function for name, function in CLOCKS.values()}
F64, INT64 = np.dtype(np.float64), np.dtype(np.int64)


def clock_dtype(name: str) -> np.dtype:
    """The dtype of ``name``'s reading: int64 for the nanosecond clocks, float64 for the others."""
    if name not in CLOCK_FUNCTIONS:
        raise ValueError(f"{name!r} is not one of the clocks a graph reads ({', '.join(sorted(CLOCK_FUNCTIONS))})")
    return INT64 if name.endswith("_ns") else F64


def _clock_rule(ins, attrs):
    if ins:
        raise ValueError("a clock node takes no inputs")
    return [((), clock_dtype(attrs["clock"]))]


def _clock_kernel(*, clock: str) -> Any:
    reading = CLOCK_FUNCTIONS[clock]()
    return np.int64(reading) if type(reading) is int else np.float64(reading)


define("clock", _clock_rule, stateful=True, kernel=_clock_kernel, jax="runtime.jax.lowering")
