"""What a ``Function`` call keys apart or refuses, so that a graph never silently differs from eager NumPy.

    exact_key(0.0) != exact_key(-0.0)        # Python floats are keyed by their bits: -0.0 has its own trace,
    exact_key(nan) == exact_key(nan)         # and nan finds the trace nan made (nan != nan, its bits are equal)
    refuse_array_class(np.ma.masked_array([1.0]), "argument 'x' of f")   # SubclassedArray: the mask would be lost
    check_aliasing(inputs, aliasing_pairs(2, [0]), ["a", "b"], "f", user_location)   # AliasedArguments: f
                                                # writes into its argument a, and b is a view of the same array
    check_writeable(inputs, [0], ["x"], "f", [("model.py", 3)])   # ReadOnlyArgument: model.py:3: assignment
                                                # destination is read-only (before the graph runs)

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
- **An argument the graph writes into can be written.** Eager NumPy fails at the write into a read-only array
  (``x.flags.writeable = False``, ``np.broadcast_to``'s views) or a NumPy scalar; a graph would run whole
  first (Variables updated, other arguments written) and fail at the write-back. The call is refused before
  anything runs, with NumPy's class and message at the line of the write (``check_writeable``).
- **A reshape or ravel of an argument is NumPy's view of it** where the graph relies on that (a write through
  ``x.ravel()`` or ``x.reshape(...)`` that must reach ``x``, a read of one after ``x`` was written). NumPy makes a
  view only where the caller's array is laid out for one (``ravel``: C-contiguous; ``reshape``: where no copy is
  needed), and a copy otherwise, which the write does not reach. A call whose argument is laid out otherwise is
  refused before the graph runs (``LayoutDependentView``, ``check_layouts``), with the line that relied on it.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

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
    returned_views,
    same_python_value,
)
from runtime.limits import Limitation
from runtime.staging import format_site

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


# --- arguments that cannot be written ----------------------------------------------------------------

class ReadOnlyArgument(ValueError, Limitation):
    """The graph writes into an argument whose array is read-only (``x.flags.writeable`` is False, as for
    ``np.broadcast_to``'s views): NumPy's ``ValueError: assignment destination is read-only``, raised before the
    graph runs, at the line of the write."""


class LayoutDependentView(ValueError, Limitation):
    """The graph relies on a reshape or ravel of an argument sharing its memory (a write through it, a read of it
    after the argument was written), or of an array it computes from an argument, which NumPy lays out as the
    argument lies, and the array this call passed is laid out so that NumPy's reshape or ravel is a copy: raised
    before the graph runs, naming the line."""


def check_layouts(inputs: Sequence[Any], layouts: Sequence[tuple], names: Sequence[str], function: str) -> None:
    """Raise ``LayoutDependentView`` where NumPy's reshape or ravel of an input would copy it, for each
    ``(input, view kind, shape, site)`` of ``layouts`` (runtime/graph/tensor.py, ``_rely_on_layout``): a ravel is a
    view of a C-contiguous array; a reshape where NumPy needs no copy (asked of NumPy: the reshaped array shares
    the input's memory); an array computed from the input (``c_order``) is C-ordered where the input is. Costs a flag
    test per ravel, a reshape per reshape."""
    for k, kind, shape, site in layouts:
        x, name = inputs[k], names[k]
        if not isinstance(x, np.ndarray) or x.size == 0:
            continue
        if kind in ("c_order", "raveled"):
            if x.flags.c_contiguous:
                continue
        else:
            unknown = sum(1 for d in shape if d is None)
            if x.flags.c_contiguous or unknown <= 1 and np.may_share_memory(
                    x.reshape(tuple(-1 if d is None else d for d in shape)), x):
                continue
        where = format_site(*site) if site is not None else function
        laid_out = f"(strides {x.strides} for shape {x.shape})"
        if kind == "c_order":  # an array the function computes from the argument, reshaped or raveled (tensor.py)
            raise LayoutDependentView(
                f"{where}: {function} relies on NumPy laying out an array it computes from its argument '{name}' in C "
                f"order, as NumPy does for a C-contiguous '{name}' (its reshape or ravel there shares memory: a write "
                f"through it, or a read of it after the array was written), and the array passed for '{name}' is not "
                f"C-contiguous {laid_out}: NumPy computes from it in its own layout, whose reshape is a copy, which "
                f"the write would not reach. Pass a C-contiguous array (np.ascontiguousarray({name})), or take .copy() "
                "of the reshaped array")
        what = f"{name}.ravel()" if kind == "raveled" else f"{name}.reshape{tuple(shape)!r}".replace("None", "-1")
        raise LayoutDependentView(
            f"{where}: {function} relies on {what} sharing memory with its argument '{name}' (a write through it "
            f"that must reach '{name}', or a read of it after '{name}' was written), and the array passed "
            f"for it is not laid out for that {laid_out}: NumPy's {what} of it is a "
            f"copy, which the write would not reach. Pass a C-contiguous array (np.ascontiguousarray({name})), "
            f"or write into '{name}' itself, or into a .copy() of the reshaped array")


class UnwritableArgument(TypeError, Limitation):
    """The graph writes into an argument that is not an array (a NumPy scalar, a JAX array): the item assignment
    Python refuses eagerly (a ``TypeError``), raised before the graph runs, at the line of the write."""


def check_writeable(inputs: Sequence[Any], written: Sequence[int], names: Sequence[str], function: str,
                    sites: Sequence[Optional[tuple[str, int]]]) -> None:
    """Raise ``ReadOnlyArgument`` (or ``UnwritableArgument``) if an input the graph writes into cannot be written,
    before the graph runs: eager NumPy fails at that write, a graph run would have done everything else first.
    ``written``: the inputs the graph writes into, in the order the trace first wrote them; ``sites[i]`` the
    ``(file, line)`` of the first write into ``written[i]``. Costs one flag test per written input."""
    ndarray = np.ndarray
    for k, site in zip(written, sites):
        target = inputs[k]
        if isinstance(target, ndarray):
            if target.flags.writeable:
                continue
            error: type[Exception] = ReadOnlyArgument
            head, why = "assignment destination is read-only", (
                f"the array passed for it is read-only ({names[k]}.flags.writeable is False: an array made "
                "read-only, a view np.broadcast_to made, a read-only memmap)")
            fix = f"pass a writeable array (np.copy({names[k]}))"
        else:
            error = UnwritableArgument
            head = f"'{type(target).__module__}.{type(target).__name__}' object does not support item assignment"
            why = f"a {type(target).__name__} was passed for it, not a NumPy array"
            fix = f"pass a NumPy array (np.array({names[k]}))"
        where = format_site(*site) if site is not None else function
        raise error(
            f"{where}: {head}: {function} writes into its argument '{names[k]}' here, and {why}. The graph checks "
            "this before it runs, so nothing the function does before this write has happened (eager Python "
            f"would have run up to it). {fix[0].upper()}{fix[1:]}, or copy it inside the function before writing "
            f"({names[k]} = {names[k]}.copy())")
