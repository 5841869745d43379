"""NumPy's shortcut for ``array ** s``, as the installed NumPy takes it: which unary op ``**`` runs instead of
``np.power``, and so which dtype and values it gives.

NumPy before 2.3 (number.c's ``fast_scalar_power``) computes ``a ** s``, for an ``np.ndarray`` ``a`` (any ndim,
0-d too, never a NumPy scalar) and a scalar-like ``s`` (a Python int, bool or float, a NumPy integer or floating
scalar, a 0-d integer or floating array, an object with ``__index__``), by a unary op chosen from ``s``'s value,
whatever promotion says (numpy/numpy#27082):

- a float or complex ``a``: ``s`` = 1, -1, 0, 0.5, 2 runs ``np.positive`` / ``np.reciprocal`` / ``np.ones_like`` /
  ``np.sqrt`` / ``np.square`` of ``a``, in ``a``'s dtype: ``float32 array ** np.float64(2)`` is float32 where
  ``np.power`` gives float64, and ``np.array([-0.0]) ** 0.5`` is ``-0.0`` where ``np.power`` gives ``0.0``;
- any other ``a`` (integers, bools): ``s`` = 2 runs ``np.square``; of ``a`` cast to float64 first when ``s`` is a
  float and ``a`` an integer array and the power is not in place (``int8 array ** np.float32(2)`` is float64,
  ``np.power`` gives float32; ``int8 array ** np.int16(2)`` is int8, ``np.power`` gives int16).

NumPy 2.3 and later take the shortcut only for the Python int 2 or -1 and the Python float 0.5 (exactly those
types) and a float or complex array, where it keeps the promoted dtype (``Tensor.__pow__`` stages that).

Before::

    y = x ** s          # x: float32 array; s: np.float64, 2.0 on this call

After (NumPy 2.2, the graph)::

    y = np.square(x)    # float32, as eager NumPy 2.2 gives; with s staged, a refusal (the dtype is s's value's)
"""

from __future__ import annotations

from typing import Optional

import numpy as np

# Whether this NumPy takes the old shortcut, asked of NumPy itself (not its version number).
OLD_SHORTCUT: bool = (np.ones(1, np.float32) ** np.float64(2.0)).dtype == np.float32

# The old shortcut's ops for a float or complex array, by the exponent's value.
INEXACT_SHORTCUTS: dict[float, str] = {1.0: "pos", -1.0: "reciprocal", 0.0: "ones_like", 0.5: "sqrt", 2.0: "square"}


def old_shortcut(base: np.dtype, exponent_is_float: bool, value: float, in_place: bool) -> Optional[tuple[str, bool]]:
    """The old shortcut NumPy takes for ``a ** s`` (``a **= s`` when ``in_place``), with ``a`` an ``np.ndarray`` of
    dtype ``base`` and ``s`` a scalar-like exponent of value ``value`` (a float kind of one when
    ``exponent_is_float``): ``(op, to_float64)``, the unary op it runs and whether on ``a`` cast to float64 first;
    None where it calls ``np.power``."""
    if base.kind in "fc":
        op = INEXACT_SHORTCUTS.get(value)
        return None if op is None else (op, False)
    if base.kind not in "biu" or value != 2.0:
        return None
    return "square", exponent_is_float and not in_place and base.kind in "iu"


def shortcut_dtype(base: np.dtype, shortcut: tuple[str, bool]) -> np.dtype:
    """The dtype the shortcut ``(op, to_float64)`` gives for an array of dtype ``base``."""
    op, to_float64 = shortcut
    if to_float64:
        return np.dtype(np.float64)
    if op == "ones_like":
        return base
    return np.dtype(getattr(np, {"pos": "positive"}.get(op, op))(np.ones(1, base)).dtype)


def candidates(base: np.dtype, exponent_is_float: bool, in_place: bool) -> list[tuple[float, tuple[str, bool]]]:
    """Every exponent value the old shortcut takes for an array of dtype ``base``, with its shortcut."""
    values = INEXACT_SHORTCUTS if base.kind in "fc" else (2.0,)
    found = [(v, old_shortcut(base, exponent_is_float, v, in_place)) for v in values]
    return [(v, s) for v, s in found if s is not None]
