"""The clock op: a read of one of Python's clocks, made each time the graph runs.

Before (Python, in a traced function)::

    start = time.perf_counter()
    elapsed = time.perf_counter() - start

After (the graph)::

    a:f64[] = clock[clock='time.perf_counter']
    b:f64[] = clock[clock='time.perf_counter']
    c:f64[] = sub b a

* ``clock(; clock, args)``: ``clock`` names one of the ``time`` module's clocks that return a number
  (runtime/clock_calls.py, ``CLOCKS``: ``time.time``, ``time.perf_counter``, ``time.monotonic_ns``, ...), or
  ``np.datetime64`` with ``args`` ("now" or "today", and a unit if the user gave one); the kernel calls it with
  ``args``. A clock's output is a 0-d float64 (int64 for the ``_ns`` clocks) that stands for the Python number
  (a ``PyNumber``: it promotes weakly, as the float or int would); ``np.datetime64``'s, the NumPy scalar, of the
  unit NumPy gives (``datetime64[s]`` for "now", ``[D]`` for "today").

A stateful op (``opdefs.OpDef.stateful``): no pass folds, merges, hoists or drops it, and the reads run in the
order they were traced, on the calling thread (runtime/graph/passes/effects.py). Its JAX lowering refuses
(runtime/jax/lowering.py): XLA reads no clock. A saved graph names the clock; the loader takes only these names.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from runtime.clock_calls import CLOCKS, DATETIME64, is_now_word
from runtime.graph.opdefs import define

# name -> the clock function: the only functions a clock node (a loaded one too) may call.
CLOCK_FUNCTIONS = {**{name: function for name, function in CLOCKS.values()}, "np.datetime64": DATETIME64}
F64, INT64 = np.dtype(np.float64), np.dtype(np.int64)


def clock_dtype(name: str, args: tuple = ()) -> np.dtype:
    """The dtype of ``name``'s reading with ``args``: int64 for the nanosecond clocks, float64 for the others, the
    datetime64 unit NumPy gives for ``np.datetime64`` (a ValueError for anything else: a loaded file's too)."""
    if name not in CLOCK_FUNCTIONS:
        raise ValueError(f"{name!r} is not one of the clocks a graph reads ({', '.join(sorted(CLOCK_FUNCTIONS))})")
    if name == "np.datetime64":
        if type(args) is not tuple or not 1 <= len(args) <= 2 or not is_now_word(args[0]) or (
                len(args) == 2 and type(args[1]) is not str):
            raise ValueError(f"np.datetime64 reads the clock with ('now' or 'today'[, unit]), not {args!r}")
        return DATETIME64(*args).dtype  # (the unit's: the same at every reading)
    if args != ():
        raise ValueError(f"{name} takes no arguments")
    return INT64 if name.endswith("_ns") else F64


def _clock_rule(ins, attrs):
    if ins:
        raise ValueError("a clock node takes no inputs")
    return [((), clock_dtype(attrs["clock"], attrs.get("args", ())))]


def _clock_kernel(*, clock: str, args: tuple = ()) -> Any:
    reading = CLOCK_FUNCTIONS[clock](*args)
    if type(reading) is int:
        return np.int64(reading)
    return np.float64(reading) if type(reading) is float else reading


define("clock", _clock_rule, stateful=True, kernel=_clock_kernel, jax="runtime.jax.lowering")
