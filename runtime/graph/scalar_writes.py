"""How NumPy writes a float or integer *scalar* into an integer array at a basic index: ``checks``,
``integer_checks`` and ``static_value``.

Before (the user's code; ``out`` an int64 tensor, ``x[i]`` a float64 NumPy scalar)::

    out[i] = x[i] * 2

After (the graph, built by runtime/graph/tensor.py's ``setitem`` from ``checks``: NumPy's own errors,
checked at each run, then the write)::

    assert[error=ValueError] (not isnan(v));  assert[error=OverflowError] (not isinf(v)); ...
    c:i64[n] = setitem[index=($0,)] out v i

NumPy does not cast a float scalar into a *signed* integer as it casts an array (``astype``: on x86-64,
INT_MIN for nan): it makes an integer of it first, so nan is Python's ``ValueError``, an infinity or a
value beyond a C long its ``OverflowError``, and one too big for a narrower integer NumPy's own
``OverflowError``. A NumPy float scalar written into an unsigned integer is cast as an array is (no
error). Only a scalar at a basic index (ints and slices) goes this way: a 0-d array, or any value at an
integer-array index, is cast as an array (runtime/jax/casts.py on XLA). Each error and message is asked
of the NumPy installed (``asked.error_of``). A Python float (``float(x[i])`` in eager code) written into an
unsigned integer would raise where the graph, which holds it as a float64 scalar, casts: the one case
left (docs/limitations.md).
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple, Optional

import numpy as np

from runtime.graph.asked import error_of


class Check(NamedTuple):
    """One condition NumPy checks: the value (as float64) must not be nan (``kind`` "nan"), not infinite
    ("inf"), below ``bound`` in magnitude ("long"), or strictly between ``low`` and ``high`` ("range")."""

    kind: str
    error: type
    message: str
    low: float = 0.0
    high: float = 0.0


def _error_of(write: Any, dtype: np.dtype) -> tuple[type, str]:
    """What NumPy raises writing the scalar ``write`` into an array of ``dtype`` (NoneType if nothing)."""
    return error_of(lambda: np.zeros(1, dtype).__setitem__(0, write))


@functools.cache
def long_bound() -> float:
    """2**63, or 2**31 where a C long is 32 bits (Windows): beyond it NumPy cannot make a C long of the value."""
    return 2.0 ** 31 if _error_of(np.float64(2.0 ** 31), np.dtype(np.uint8))[0] is OverflowError else 2.0 ** 63


@functools.cache
def checks(dtype: np.dtype) -> tuple[Check, ...]:
    """The conditions NumPy raises on for a float scalar written into an array of integer ``dtype``, in its order."""
    found: list[Check] = []
    if dtype.kind == "u":  # a NumPy float scalar is cast into an unsigned integer as an array is: no error
        return ()
    for kind, probe in (("nan", np.nan), ("inf", np.inf), ("long", long_bound() * 2)):
        error, message = _error_of(np.float64(probe), dtype)
        if error is not type(None):
            found.append(Check(kind, error, message, high=long_bound()))
    info = np.iinfo(dtype)
    if dtype.kind == "i" and float(info.max) + 1 < long_bound():
        error, message = _error_of(np.float64(float(info.max) + 1), dtype)
        if error is not type(None):
            message = message.replace(f" {info.max + 1} ", " ")  # (the value is the run's; NumPy's words otherwise)
            found.append(Check("range", error, message, float(info.min) - 1, float(info.max) + 1))
    return tuple(found)


@functools.cache
def integer_checks(source: np.dtype, dtype: np.dtype) -> tuple[Check, ...]:
    """The conditions NumPy raises on for an integer scalar of ``source`` written into an array of integer ``dtype``:
    as a float, NumPy makes a C long of it first (a uint64 beyond one is Python's ``OverflowError``) and then
    checks that a *signed* ``dtype`` holds it (``np.int64(300)`` into int8 is NumPy's ``OverflowError``, where
    ``np.asarray(300)`` is cast to 44). Into an unsigned ``dtype`` it is cast, with no error. The bounds (``low``,
    ``high``: the values allowed, inclusive) are Python ints."""
    source, dtype = np.dtype(source), np.dtype(dtype)
    if dtype.kind != "i" or source.kind not in "iu":
        return ()
    found: list[Check] = []
    long_max = int(long_bound()) - 1
    held, info = np.iinfo(source), np.iinfo(dtype)
    if held.max > long_max:
        error, message = _error_of(source.type(long_max + 1), dtype)
        if error is not type(None):
            found.append(Check("long", error, message, high=long_max))
    for outside in (info.min - 1, info.max + 1):
        if held.min <= outside <= min(held.max, long_max):
            error, message = _error_of(source.type(outside), dtype)
            if error is not type(None):
                message = message.replace(f" {outside} ", " ")  # (the value is the run's; NumPy's words otherwise)
                found.append(Check("range", error, message, max(info.min, held.min), min(info.max, held.max)))
                break
    return tuple(found)


def is_basic(inputs: list) -> bool:
    """Whether an index (``index_template``'s inputs) is basic: no tensor in it but 0-d integers."""
    return all(t.ndim == 0 and t.dtype.kind in "iu" for t in inputs)


def static_value(target_dtype: np.dtype, value: Any, flat_item: bool = False) -> Optional[Any]:
    """A Python or NumPy float scalar, or a NumPy integer scalar, written into an integer array at a basic index
    (``flat_item``: at one position of ``x.flat``): what NumPy writes (its error, raised now, if it raises: the
    value is known now); None for any other value."""
    if not (isinstance(value, (float, np.floating, np.integer)) and np.dtype(target_dtype).kind in "iu"):
        return None
    target = np.zeros(1, target_dtype)
    if flat_item:
        target.flat[0] = value
    else:
        target[0] = value
    return target[0]


@functools.cache
def flat_item_error(dtype: np.dtype) -> tuple[type, str]:
    """What NumPy raises for a scalar that ``x.flat[k] = v`` cannot write into an array of ``dtype`` (the error
    of a basic index's write, worded as one ``ValueError``)."""
    return error_of(lambda: np.zeros(1, dtype).flat.__setitem__(0, np.float64(np.nan)))
