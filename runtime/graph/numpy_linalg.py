"""NumPy's linear-algebra functions on graph tensors: dot, inner, outer, norm, trace, diag, tril, triu.

Registered in ``tensor.NUMPY_FUNCTIONS``; each follows NumPy's definition in terms of graph ops.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from runtime.graph.numpy_api import arg, implements, reject
from runtime.graph.tensor import NUMPY_FUNCTIONS, Tensor, apply, cast, getitem, reduce, reshape, transpose

# --- linear algebra ------------------------------------------------------------------------------

@implements(np.dot)
def _dot(a: Any, b: Any, out: Any = None) -> Tensor:
    reject("dot", out=out)
    x, y = arg(a), arg(b)
    if x.ndim == 0 or y.ndim == 0:
        return x * y
    if x.ndim > 2 or y.ndim > 2:
        raise TypeError("np.dot of arrays with more than 2 dimensions is not supported in graphs; use np.matmul")
    return apply("matmul", x, y)


@implements(np.inner)
def _inner(a: Any, b: Any) -> Tensor:
    x, y = arg(a), arg(b)
    if x.ndim > 2 or y.ndim > 2:
        raise TypeError("np.inner of arrays with more than 2 dimensions is not supported in graphs")
    return x * y if x.ndim == 0 or y.ndim == 0 else apply("matmul", x, transpose(y))


NUMPY_FUNCTIONS[np.outer] = lambda a, b, out=None: reshape(arg(a), (-1, 1)) * reshape(arg(b), (1, -1))


@implements(np.linalg.norm)
def _norm(x: Any, ord: Any = None, axis: Any = None, keepdims: bool = False) -> Tensor:
    if ord not in (None, 2, "fro") or (ord == 2 and arg(x).ndim != 1 and axis is None):
        raise TypeError(f"np.linalg.norm with ord={ord!r} is not supported in graphs")
    t = arg(x)
    if t.dtype.kind not in "fc":
        t = cast(t, float)
    return np.sqrt(reduce("sum", (t * np.conj(t)).real if t.dtype.kind == "c" else t * t, axis, keepdims))


def _static_matrix(name: str, x: Tensor) -> tuple[int, int]:
    if x.ndim < 2 or None in x.shape[-2:]:
        raise TypeError(f"np.{name} needs a tensor whose last two dimensions are known while tracing")
    return x.shape[-2], x.shape[-1]


@implements(np.trace)
def _trace(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None, out: Any = None) -> Tensor:
    x = arg(a)
    if x.ndim != 2 or (axis1, axis2) != (0, 1):
        raise TypeError("np.trace is supported in graphs for 2-D tensors only")
    return reduce("sum", _diagonal(x, offset), None, False, dtype)


def _diagonal(x: Tensor, k: int) -> Tensor:
    n, m = _static_matrix("diag", x)
    rows = np.arange(max(0, -k), max(0, min(n, m - k)))
    return getitem(x, (rows, rows + k))


@implements(np.diag)
def _diag(v: Any, k: int = 0) -> Tensor:
    if arg(v).ndim != 2:
        raise TypeError("np.diag of a 1-D tensor (building a matrix) is not supported in graphs")
    return _diagonal(arg(v), k)


def _triangle(name: str, lower: bool) -> Callable:
    def impl(m: Any, k: int = 0) -> Tensor:
        x = arg(m)
        n, cols = _static_matrix(name, x)
        mask = np.tri(n, cols, k if lower else k - 1, dtype=bool)
        return apply("where", mask if lower else ~mask, x, np.zeros(1, x.dtype))
    return impl


NUMPY_FUNCTIONS[np.tril] = _triangle("tril", True)
NUMPY_FUNCTIONS[np.triu] = _triangle("triu", False)
