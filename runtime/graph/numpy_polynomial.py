"""NumPy's polynomial functions on graph tensors: ``np.vander``, ``np.polyval``, ``np.polyfit``.

Each is NumPy's own source (numpy/lib/_polynomial_impl.py, _twodim_base_impl.py) in graph ops, so
values and dtypes are NumPy's:

* ``vander(x, N, increasing)``: a running product of ``x`` along the columns (NumPy's
  ``multiply.accumulate``, here ``cumprod``) next to a column of ones, in
  ``promote_types(x.dtype, int)`` (float32 gives float64, as NumPy). ``N`` must be a Python int.
* ``polyval(p, x)``: Horner's loop over ``p``'s first axis, ``y = y * x + pv`` from ``zeros_like(x)``,
  unrolled (``p``'s length must be known while tracing).
* ``polyfit(x, y, deg, rcond, full, w, cov)``: least squares on the Vandermonde matrix with its
  columns scaled to unit norm, through ``np.linalg.lstsq`` (the ``lstsq`` op: LAPACK's gelsd on the
  interpreter, as NumPy). ``deg`` must be a Python int and ``x``'s length known (NumPy's default
  ``rcond`` is ``len(x) * eps``).

**RankWarning.** NumPy warns (``np.exceptions.RankWarning``) when the scaled Vandermonde matrix is
rank-deficient, which is known only when the graph runs. A graph has no run-time warnings, so
``polyfit`` in a graph never issues it: the coefficients are still NumPy's. To check, ask for
``full=True`` and compare the returned rank with ``deg + 1``.

Before (Python, ``x`` and ``y`` float64 graph tensors of length 8)::

    c = np.polyfit(x, y, 1)

After (the graph, abridged)::

    ... = cumprod[axis=1] ...                (the Vandermonde matrix)
    e:f64[2] f:i32[] g:f64[2] = lstsq[rcond=1.7763568394002505e-15] c d
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from runtime.graph.numpy_api import arg, implements
from runtime.graph.numpy_array import known_dim, static
from runtime.graph.tensor import Tensor, bind1, cast, constant, is_or_holds_tensor, scan
from runtime.staging import NotStageable, user_location


def _array(value: Any) -> Any:
    """NumPy's ``asarray``: a tensor (a list of tensors stacked), or a NumPy array for constants."""
    if isinstance(value, (list, tuple)) and is_or_holds_tensor(value):
        return np.stack([_array(v) for v in value])
    return arg(value) if is_or_holds_tensor(value) else np.asarray(value)


def _int(name: str, argname: str, value: Any) -> int:
    static(name, argname, value)
    try:
        return operator.index(value)
    except TypeError:
        raise NotStageable(f"{user_location()}: np.{name}: {argname} must be a Python int in graphs, not "
                           f"{type(value).__name__}") from None


@implements(np.vander)
def _vander(x: Any, N: Any = None, increasing: bool = False) -> Tensor:
    t = arg(x)
    if t.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    columns = known_dim("vander", t, 0) if N is None else _int("vander", "N", N)
    dtype = np.promote_types(t.dtype, int)
    rows = t.shape[0]
    ones = bind1("full_like", [np.expand_dims(t, 1)], fill_value=np.array(1, dtype), dtype=dtype)
    if columns == 0:
        v = ones[:, :0]
    elif columns == 1:
        v = ones
    else:
        repeated = bind1("broadcast_to", [np.expand_dims(cast(t, dtype), 1)], shape=(rows, columns - 1)) \
            if rows is not None else np.repeat(np.expand_dims(cast(t, dtype), 1), columns - 1, axis=1)
        v = np.concatenate([ones, scan("cumprod", repeated, 1, None)], axis=1)
    return v if increasing else v[:, ::-1]


@implements(np.polyval)
def _polyval(p: Any, x: Any) -> Any:
    if isinstance(p, np.poly1d) or isinstance(x, np.poly1d):
        raise NotStageable(f"{user_location()}: np.polyval with a np.poly1d is not supported in graphs: pass the "
                           "coefficients (p.coeffs) as an array")
    coefficients = _array(p)
    values = _array(x)
    count = known_dim("polyval", coefficients, 0) if isinstance(coefficients, Tensor) else len(coefficients)
    y = np.zeros_like(values)
    for i in range(count):
        y = y * values + coefficients[i]
    return y


@implements(np.polyfit)
def _polyfit(x: Any, y: Any, deg: Any, rcond: Any = None, full: bool = False, w: Any = None,
             cov: Any = False) -> Any:
    order = _int("polyfit", "deg", deg) + 1
    static("polyfit", "rcond", rcond)
    x = _array(x) + 0.0
    y = _array(y) + 0.0

    # NumPy's checks, on the shapes (known while tracing).
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    length = known_dim("polyfit", arg(x), 0)
    if length == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if y.shape[0] is not None and x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")

    if rcond is None:
        rcond = length * np.finfo(x.dtype).eps

    lhs = _vander(x, order)
    rhs = y
    if w is not None:
        w = _array(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] is not None and y.shape[0] is not None and w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w[:, np.newaxis]
        rhs = rhs * (w[:, np.newaxis] if rhs.ndim == 2 else w)
        # (NumPy scales its arrays in place, which keeps their dtypes: lhs is float64 already; rhs keeps y's.)
        rhs = cast(rhs, y.dtype) if isinstance(rhs, Tensor) else rhs.astype(y.dtype)

    scale = np.sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c, resids, rank, s = np.linalg.lstsq(lhs if isinstance(lhs, Tensor) else constant(lhs), rhs, float(rcond))
    c = (c.T / scale).T

    if full:
        return c, resids, rank, s, rcond
    if cov:
        base = np.linalg.inv(np.dot(lhs.T, lhs)) / np.outer(scale, scale)
        if cov == "unscaled":
            fac = 1
        else:
            if length <= order:
                raise ValueError("the number of data points must exceed order to scale the covariance matrix")
            fac = resids / (length - order)
        return (c, base * fac) if y.ndim == 1 else (c, base[:, :, np.newaxis] * fac)
    return c
