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

import struct
from decimal import Decimal
from typing import Any, Callable, Sequence

import numpy as np

from runtime.limits import Limitation

# --- Python numbers, keyed by their bits -----------------------------------------------------------

pack_float = struct.Struct("d").pack  # a float's 8 bytes: one C call on the fast path (autograph/call_keys.py)
_pack_complex = struct.Struct("dd").pack


EXACT_NUMBERS = (float, complex, Decimal)  # the classes whose == says too little (with their subclasses)


def exact_key(number: Any) -> Any:
    """The bit pattern of a Python ``float`` or ``complex`` (or of a subclass's instance), a ``Decimal``'s sign,
    digits and exponent: equal exactly when the numbers compute alike, unlike ``==`` (``0.0 == -0.0``,
    ``nan != nan``). Each NaN payload and sign is its own pattern; Python's ``float('nan')``, ``math.nan`` and
    ``np.nan`` are one."""
    if isinstance(number, complex):
        return _pack_complex(number.real, number.imag)
    if isinstance(number, Decimal):
        return number.as_tuple()
    return pack_float(number)


class ExactNumber:
    """A float, complex or Decimal in a trace key (``key_of``'s ``(float, ExactNumber(k))``): equal and hashed by
    ``exact_key``, shown as the number (the retracing warning shows keys)."""

    __slots__ = ("number", "bits")

    def __init__(self, number: Any) -> None:
        self.number, self.bits = number, exact_key(number)

    def __eq__(self, other: object) -> bool:
        return other.__class__ is ExactNumber and self.bits == other.bits

    def __hash__(self) -> int:
        return hash(self.bits)

    def __repr__(self) -> str:
        return repr(self.number)


def same_python_value(a: Any, b: Any) -> bool:
    """Whether a Python argument ``a`` is the value ``b`` a trace was made for (``ConcreteFunction``'s check):
    same class, and equal (floats, complex numbers and Decimals by ``exact_key``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, EXACT_NUMBERS):
        return exact_key(a) == exact_key(b)
    try:
        return bool(a == b)
    except Exception:
        return a is b


# --- arrays of NumPy subclasses ----------------------------------------------------------------------

# The ndarray classes a graph computes on as NumPy would. np.memmap is an ndarray over a file's bytes: its
# values are its data, NumPy returns plain arrays from its arithmetic and reductions (memmap.__array_wrap__),
# and write_back writes into it with np.copyto, as eager code writes through it. Any other subclass may
# override operators, indexing or __array_function__, or carry data beside the array (a mask, units), which
# a graph of plain arrays would drop: it is refused rather than guessed about.
SAFE_ARRAY_CLASSES = frozenset({np.ndarray, np.memmap})


class SubclassedArray(TypeError, Limitation):
    """An argument of an ``np.ndarray`` subclass (a masked array, a ``np.matrix``...) whose behaviour a graph
    of plain arrays would lose; raised at the call, naming the caller's line."""


def _class_name(cls: type) -> str:
    """``numpy.ma.MaskedArray``, ``numpy.matrix``, ``astropy.units.quantity.Quantity``: as a user would spell it."""
    module = cls.__module__
    if module.startswith("numpy."):
        module = "numpy.ma" if module.startswith("numpy.ma") else "numpy"  # (numpy.matrixlib.defmatrix: numpy)
    return f"{module}.{cls.__qualname__}"


def refuse_array_class(leaf: Any, where: str) -> None:
    """Raise ``SubclassedArray`` if ``leaf`` is an ndarray of a class a graph cannot stand for (see
    ``SAFE_ARRAY_CLASSES``). ``where`` names it: ``argument 'x' of f``."""
    cls = leaf.__class__
    if cls in SAFE_ARRAY_CLASSES or not isinstance(leaf, np.ndarray):
        return
    # ``where`` reads "argument 'x' of f" (autograph/function.py): the advice names x and f.
    quoted = where.split("'")
    x = quoted[1] if len(quoted) >= 3 else "x"
    function = where.rpartition(" of ")[2] or "f"
    run_it = f"or run the function as written with {function}.python_function(...)"
    if isinstance(leaf, np.ma.MaskedArray):
        why = (": a graph computes on its data alone, so its mask would be ignored (np.sum would add the masked "
               f"values in). Pass its data with the masked entries filled in, e.g. {x}.filled(0) for a sum, or "
               f"{x}.compressed() for the unmasked values, {run_it}")
    elif isinstance(leaf, np.matrix):
        why = (", whose * is a matrix product and whose results stay 2-D matrices; a graph computes on plain "
               f"arrays and returns them. Pass np.asarray({x}) and write matrix products with @, {run_it}")
    else:
        why = (", a subclass of numpy.ndarray: a graph computes on plain arrays, so what the subclass adds (its "
               f"operators, methods or data beside the array) would be lost. Pass np.asarray({x}) (its data as a "
               f"plain array), {run_it}")
    raise SubclassedArray(f"{where} is a {_class_name(cls)}{why}")


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
