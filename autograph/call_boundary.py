"""What a ``Function`` call keys apart or refuses, so that a graph never silently differs from eager NumPy.

    exact_key(0.0) != exact_key(-0.0)        # Python floats are keyed by their bits: -0.0 has its own trace,
    exact_key(nan) == exact_key(nan)         # and nan finds the trace nan made (nan != nan, its bits are equal)
    refuse_array_class(np.ma.masked_array([1.0]), "argument 'x' of f")   # SubclassedArray: the mask would be lost
    check_aliasing(inputs, aliasing_pairs(2, [0]), ["a", "b"], "f", user_location)   # AliasedArguments: f
                                                # writes into its argument a, and b is a view of the same array

A trace assumes three things about its arguments that a key by value or by (shape, dtype) did not say:

- **A Python float is the number it prints as.** ``0.0 == -0.0`` and ``nan != nan``, so a key by value
  ran the ``0.0`` trace for ``-0.0`` (``x / k`` gave ``inf`` for ``-inf``) and traced ``nan`` again at
  every call. A float (and a complex) is keyed by its bit pattern instead: exactly the values that
  compute alike share a trace. A ``Decimal`` likewise, by its sign, digits and exponent (``Decimal("-0")
  == Decimal("0")`` and ``Decimal("1.0") == Decimal("1.00")``, which print differently). ``True``, ``1``
  and ``1.0`` were already apart: the key holds the class.
- **An array is a plain ``np.ndarray``.** A graph computes on the data alone: a masked array's mask, a
  ``np.matrix``'s matrix product and 2-D results, any subclass's overrides would be lost. An argument of
  another class is refused (``SubclassedArray``), except ``np.memmap``, an ndarray over a file whose
  operations return plain arrays (a write into one is written back through NumPy, as eager code does).
- **No two arguments share memory, where the graph writes into one.** The graph reads each argument as it
  was passed and writes an argument back after the run (autograph/function.py ``write_back``): a write
  through ``a`` is not seen through ``b`` when both are one array (``f(z, z)``) or overlapping views
  (``f(z[1:], z[:-1])``). Such a call is refused (``AliasedArguments``); a trace that writes into no
  argument computes the same whatever its arguments share, and pays nothing.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np

# Python numbers keyed by their bits, ndarray subclasses refused: runtime/exact_values.py (a loaded function
# checks its arguments with them too, and runtime never imports autograph). This module's API as well.
from runtime.exact_values import (  # noqa: F401
    EXACT_NUMBERS,
    SAFE_ARRAY_CLASSES,
    ExactNumber,
    SubclassedArray,
    exact_key,
    pack_float,
    refuse_array_class,
    same_python_value,
)
from runtime.limits import Limitation

# --- aliased arguments ------------------------------------------------------------------------------

class AliasedArguments(ValueError, Limitation):
    """Two arguments share memory and the graph writes into one of them, so eager NumPy would see the write
    through the other where the graph does not; raised at the call, naming the caller's line."""


# np.shares_memory solves an integer program; for the rare pair whose bounds overlap, this much work at most,
# after which the call is refused as if they shared (TooHardError): a refusal, never a wrong answer.
_SHARES_MEMORY_WORK = 10_000
# The bounds test without NumPy's __array_function__ dispatch around it (~0.3 µs instead of ~0.45 µs a pair;
# our arguments are plain ndarrays or memmaps, which that dispatch would hand to it anyway).
_may_share_memory = getattr(np.may_share_memory, "_implementation", np.may_share_memory)


def aliasing_pairs(count: int, written: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The pairs of input positions ``check_aliasing`` tests: each input the graph writes into, with every
    other input (each unordered pair once). Computed once per trace."""
    pairs: list[tuple[int, int]] = []
    for k in written:
        pairs += [(k, j) for j in range(count) if j != k and (j, k) not in pairs]
    return tuple(pairs)


def check_aliasing(inputs: Sequence[Any], pairs: Sequence[tuple[int, int]], names: Sequence[str], function: str,
                   where: Callable[[], str]) -> None:
    """Raise ``AliasedArguments`` if an input the graph writes into shares memory with another input (``pairs``:
    ``aliasing_pairs``, the written input first). ``names`` name the inputs; ``where()`` is the caller's
    ``file:line``, asked only for the error (finding it walks the stack). Bounds first (``np.may_share_memory``,
    cheap: it answers almost every call), then for bounds that overlap the exact ``np.shares_memory``
    (``z[::2]`` and ``z[1::2]`` overlap in bounds only)."""
    ndarray = np.ndarray
    for k, j in pairs:
        target, other = inputs[k], inputs[j]
        if not (isinstance(target, ndarray) and isinstance(other, ndarray) and _may_share_memory(target, other)):
            continue  # (a scalar holds no memory of the caller's; a written non-array: write_back says so)
        try:
            shared = np.shares_memory(target, other, max_work=_SHARES_MEMORY_WORK)
        except np.exceptions.TooHardError:
            shared = True
        if shared:
            same = "is the same array as" if other is target else "shares memory with"
            raise AliasedArguments(
                f"{where()}: {function} writes into its argument '{names[k]}' in place, and argument "
                f"'{names[j]}' {same} it. Eager NumPy would show the write through '{names[j]}'; the graph "
                "reads each argument as it was passed and writes back after the run, so the results would "
                f"differ. Pass arrays that do not overlap (a copy: np.copy({names[j]})), or run the function "
                f"as written with {function}.python_function(...)")
