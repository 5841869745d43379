"""Memory layout ops: the values stay, the order of their items in memory follows NumPy's.

A graph value has no layout of its own, but the interpreter runs NumPy on it, and NumPy sums an
array (``np.sum``, ``np.mean``, ``x.sum(axis=1)``) in the order its items lie in memory: a 2-D sum of
a Fortran-ordered copy rounds otherwise than the same sum of a C-ordered one, in 8 calls of 10 on random
floats. So where NumPy makes an array in a layout it chose (``order="F"``, ``np.asfortranarray``,
``x.copy()`` of a transpose, which is C-ordered, ``np.zeros_like`` of one, which is F-ordered), the graph
says so with one of these ops, and the interpreter makes the same layout.

Before (Python, ``x`` a graph tensor of shape (3, 4))::

    y = np.asfortranarray(x)
    z = np.zeros_like(x.T)

After (the graph)::

    b:f64[3,4] = contiguous[order='F'] a
    c:f64[4,3] = full[dtype=float64 fill_value=0.0 shape=(4, 3)]
    d:f64[4,3] = transpose[axes=(1, 0)] a
    e:f64[4,3] = layout_like[order='K'] c d

* ``contiguous(x; order)``: ``np.asarray(x, order=order)`` with ``order`` "C" or "F": ``x`` itself where it is
  laid out so already, else a copy that is.
* ``layout_like(x, prototype; order)``: ``x``'s items in the layout ``np.empty_like(prototype, order=order)``
  gives (``order`` "K": the prototype's own, "A": Fortran where the prototype is Fortran-contiguous, else C).

The tracer adds them only where the layouts differ: two dimensions or more, at least two of them longer than 1
(``tensor.laid_out``). The JAX lowering keeps no layout (XLA sums in an order of its own: docs/jax.md); numba's
follows its layout tags (runtime/numba/lowering.py).
"""

from __future__ import annotations

import numpy as np

from runtime.graph.opdefs import Effects, define

NUMBA = "runtime.numba.lowering"
JAX = "runtime.jax.rules_array"
ORDERS = ("C", "F")
LIKE_ORDERS = ("K", "A")


def _same_value(ins, attrs):
    return [(ins[0].shape, ins[0].dtype)]


def _contiguous(x: np.ndarray, order: str) -> np.ndarray:
    return np.asarray(x, order=order)


def _layout_like(x: np.ndarray, prototype: np.ndarray, order: str) -> np.ndarray:
    out = np.empty_like(prototype, dtype=x.dtype, order=order, shape=x.shape)
    out[...] = x  # (the same dtype: each item's bits, -0.0 and NaN payloads too)
    return out


# Never fails; not folded (a folded constant is an array whose layout every later copy of the graph would have to
# keep), so the passes leave it where it is, but may merge two alike or hoist one out of a loop.
_LAYOUT = Effects(cannot_fail=True)
define("contiguous", _same_value, kernel=_contiguous, effects=_LAYOUT, jax=JAX, numba=NUMBA)
define("layout_like", _same_value, kernel=_layout_like, effects=_LAYOUT, jax=JAX, numba=NUMBA)
